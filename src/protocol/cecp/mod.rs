//! The XBoard/WinBoard protocol (CECP, version 2), chosen by sending `xboard` first:
//! `protocol.md` describes what the engine understands and answers.
//!
//! - the [parser] reads each line into a [`Command`], which the reader
//!   gets through [`Cecp`];
//! - the [session] plays the game as the GUI directs, on the [host](super::host) the UCI
//!   session handed over (the engine, its options), one session per variant; its
//!   [searches](thinking) think, ponder and analyse;
//! - [format](mod@format) writes the handshake, the board and piece description, turns in XBoard's
//!   coordinates, thinking output and results;
//! - [clock] turns `level`, `st` and `time` into search limits;
//! - [history] keeps the game's positions for `undo` and `remove`.
//!
//! The GUI learns the board and the piece from the engine (`setup` and `piece`, which the
//! game gives: [`Game::xboard_setup`]), so XBoard draws
//! Breakthrough boards of any size and checks the moves itself. A game XBoard cannot show
//! (Relay) is refused by `variant`.

mod clock;
mod format;
mod history;
mod parser;
mod session;
mod thinking;

pub use session::{Session, SessionEnd, State};

use super::dialect::{Dialect, Urgency};
use super::session::Sessions;
use crate::game::Game;
use crate::games::Variant;
use parser::{Command, Rejected};

/// CECP as the [reader](super::reader) reads it.
pub struct Cecp;

impl Dialect for Cecp {
    type Command = Command;
    type Rejected = Rejected;

    fn parse(line: &str) -> Result<Option<Command>, Rejected> {
        parser::parse(line)
    }

    fn unreadable(problem: String, line: &str) -> Rejected {
        Rejected::new(problem, line)
    }

    /// Only `quit` cannot wait: CECP has no `isready` or `stop`, and its `ping` is answered
    /// in order, after the commands before it.
    fn urgency(command: &Command) -> Urgency {
        match command {
            Command::Quit => Urgency::Quit,
            _ => Urgency::Waits,
        }
    }

    fn quit() -> Command {
        Command::Quit
    }
}

impl Sessions for Cecp {
    type State = State;
    type End = SessionEnd;
    type Session<G: Game> = Session<G>;

    fn variant(state: &State) -> Variant {
        state.variant()
    }

    fn new_variant(ending: &SessionEnd) -> bool {
        *ending == SessionEnd::NewVariant
    }
}
