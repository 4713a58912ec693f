//! `troyka gui`: a board in the browser, to play and analyse Breakthrough (any size) and
//! Breakthru with Troyka. A web server on 127.0.0.1 serves a page (hand-written HTML, CSS
//! and JavaScript built into the binary, nothing fetched) and an HTTP API; `docs/gui.md`
//! says how to use it.
//!
//! Only the `gui` subcommand enters this module: its runtime (tokio) is made in
//! [`server::run`], so the engine's start-up and search never touch the web stack.
//!
//! # The design
//!
//! **The engine is the same engine, over the same protocol.** Each page gets a session
//! ([`page_session`]), and each session starts the `troyka` binary itself
//! (`std::env::current_exe()`) as a child process speaking UCI on its pipes ([`page_engine`]):
//! `position fen … moves …`, `go movetime`, `go infinite` for analysis, `go solve` for "who
//! wins?", `stop`, `quit`. A page sees what any GUI would, and pages cannot disturb each other:
//! each engine has its own table, options and threads, and a process that dies or is killed
//! takes nothing else with it (the release build aborts on panic, so an engine run inside
//! the server would take every page down with it). The protocol's reader owns stdin, which
//! an in-process session could not share.
//!
//! **The rules are the library's.** The server holds each page's game ([`line`](mod@line))
//! and judges every leg with [`crate::game::Game`]: the page gets the legal legs of the shown
//! position and draws what it is sent; it has no rules of its own. Breakthru's two-slide turn is
//! entered a leg at a time, and the first leg is shown until the turn is complete. PGN goes
//! out and in through `troyka-match`'s writer and reader ([`pgn_export`], [`board::load_pgn`]).
//!
//! **One search at a time per engine** ([`conductor`]): the session decides what its engine
//! should be doing (Troyka's move, analysis, a proof, nothing) after every change, stops the
//! running search when that changes, and starts the next after its `bestmove`.
//!
//! # The API
//!
//! JSON over HTTP, and a WebSocket per page for the events (each new state, the engine's
//! lines): `docs/gui.md` lists the requests, the state and the events. [`api`] routes the
//! requests and turns every failure into a status and a reason; [`socket`] serves the
//! WebSocket; [`page_sessions`] keeps the sessions by id and ends those whose page has gone.

mod api;
mod assets;
mod board;
mod conductor;
mod info;
mod line;
mod page_engine;
mod page_session;
mod page_sessions;
mod pgn_export;
mod server;
mod socket;
mod view;

pub use server::{run, DEFAULT_PORT};
