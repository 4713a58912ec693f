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
//! ([`session`]), and each session starts the `troyka` binary itself
//! (`std::env::current_exe()`) as a child process speaking UCI on its pipes ([`engine`]):
//! `position fen … moves …`, `go movetime`, `go infinite` for analysis, `go solve` for "who
//! wins?", `stop`, `quit`. A page sees what any GUI would, and pages cannot disturb each other:
//! each engine has its own table, options and threads, and a process that dies or is killed
//! takes nothing else with it (the release build aborts on panic, so an engine run inside
//! the server would take every page down with it). The protocol's reader owns stdin, which
//! an in-process session could not share.
//!
//! **The rules are the library's.** The server holds each page's game ([`line`]) and judges
//! every leg with [`crate::game::Game`]: the page gets the legal legs of the shown position
//! and draws what it is sent; it has no rules of its own. Breakthru's two-slide turn is
//! entered a leg at a time, and the first leg is shown until the turn is complete. PGN goes
//! out and in through `troyka-match`'s writer and reader ([`record`], [`board::load_pgn`]).
//!
//! **One search at a time per engine** ([`conductor`]): the session decides what its engine
//! should be doing (Troyka's move, analysis, a proof, nothing) after every change, stops the
//! running search when that changes, and starts the next after its `bestmove`.
//!
//! # The API
//!
//! JSON in and out; every failure is an HTTP error status with `{"error": "why"}`, and a
//! request a session refuses (an illegal leg, a bad position string) also carries the
//! session's `state`, unchanged. Bodies over 256 KiB get 413. Requests whose `Host` is not
//! `127.0.0.1:PORT` or `localhost:PORT`, or that come from another site's page (`Origin`),
//! get 403.
//!
//! | request | body | does |
//! |---|---|---|
//! | `POST /api/sessions` | a game: `{}`, `{"variant": "breakthru"}`, `{"variant": "breakthrough", "size": "6x6"}`, `{"fen": "…"}` | a new session: 201 and its state |
//! | `GET /api/sessions/ID` | | the state |
//! | `DELETE /api/sessions/ID` | | ends the session and its engine: 204 |
//! | `GET /api/sessions/ID/events` | | the session's WebSocket (below) |
//! | `POST …/new` | a game, as for a new session | a new game; the settings stay |
//! | `POST …/leg` | `{"leg": "a2a3"}` | a person's leg: a Breakthrough move, or one Breakthru slide or capture |
//! | `POST …/turn` | `{"turn": "d5c5,d6c6"}` | a person's whole turn |
//! | `POST …/cancel` | | drops the legs of a turn half entered |
//! | `POST …/takeback` | | takes back the last move, and Troyka's answer to it |
//! | `POST …/goto` | `{"index": 5}` | shows the position after that many moves; a move played there cuts the game |
//! | `POST …/settings` | any of `{"players": ["human", "troyka"], "movetime_ms": 1000, "multipv": 3, "analyse": true}` | who plays white and black, Troyka's time per move (10 ms to 10 min), analysis and its lines (1 to 16) |
//! | `POST …/solve` | `{"time_ms": 10000}` | "who wins?": the solver on the shown position (Breakthrough boards of at most 36 squares) |
//! | `POST …/stop` | | Troyka moves now; a proof stops; analysis is turned off |
//! | `GET …/pgn` | | the whole game as PGN (as `troyka-match` writes it; `*` while it goes on) |
//! | `POST …/pgn` | `{"pgn": "…"}` | loads a PGN record's first game, to look at (Troyka plays neither side) |
//!
//! The state (see [`session::StateView`] and [`view::BoardView`]): `board` (rows from the
//! top, a letter per square: `P`/`p` Breakthrough's white and black, `F`/`E`/`s` Breakthru's
//! flagship, escorts and silver ships, `.` empty), `files`, `ranks`, `sides`, `to_move`,
//! `fen` (the position string at the cursor), `moves` (each with Troyka's note on it),
//! `cursor`, `legs` (a turn half entered), `legal` (every legal leg of the shown position),
//! `last`, `outcome` (`result`, `winner`, `reason`), `evals` (Troyka's score of each
//! position from white's side, as `text`, `percent` and `depth`), `players`, `movetime_ms`,
//! `multipv`, `analyse`, `engine` (`idle`, `thinking`, `analysing`, `solving`, `stopped`),
//! `verdict` (the solver's), `message`, and `version` and `generation`, which count the
//! states sent and the positions shown.
//!
//! The WebSocket sends JSON events: `{"type": "state", …}` with the whole state after each
//! change (its first message is the state now), `{"type": "info", "generation", "task",
//! "index", "lines": [{"multipv", "depth", "seldepth", "score": {"text", "percent"},
//! "bound", "nodes", "nps", "time", "pv"}]}` as the engine searches, and `{"type":
//! "closed"}`. The session ends when its page's last WebSocket closes; a session that never
//! had one ends after 30 s without a request. At most 32 sessions are open at once.

mod api;
mod assets;
mod board;
mod conductor;
mod engine;
mod info;
mod line;
mod record;
mod server;
mod session;
mod sessions;
mod socket;
mod view;

pub use server::{run, DEFAULT_PORT};
