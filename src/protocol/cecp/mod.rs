//! The XBoard/WinBoard protocol (CECP, version 2), chosen by sending `xboard` first:
//! `protocol.md` describes what the engine understands and answers.
//!
//! - the [parser] reads each line into a [`Command`](parser::Command);
//! - the [session] plays the game as the GUI directs, on the [host](super::host) the UCI
//!   session handed over (the engine, its options, the search thread);
//! - [format] writes the handshake, the board and piece description, moves, thinking
//!   output and results;
//! - [clock] turns `level`, `st` and `time` into search limits;
//! - [history] keeps the game's positions for `undo` and `remove`.
//!
//! The GUI learns the board and the piece from the engine (`setup` and `piece`), so XBoard
//! draws Breakthrough boards of any size and checks the moves itself.

mod clock;
mod format;
mod history;
pub mod parser;
pub mod session;

pub use session::Session;
