//! UCI, and UGI, its variant for games other than chess: the dialect the engine speaks from
//! the start, until the first command is `xboard` ([CECP](super::cecp)). `protocol.md`
//! describes what the engine understands and answers.
//!
//! - the [parser] reads each line into a [`Command`], which the reader
//!   gets through [`Uci`];
//! - the [session] acts on the commands in order, on the [host](super::host) it owns, for
//!   one game; it hands the host to the next session when the variant changes, and to the
//!   CECP session on `xboard`;
//! - [format](mod@format) writes `info` lines, scores (as UCI or UGI counts them) and `bestmove`.

pub mod format;
mod parser;
mod session;

pub use session::{Session, SessionEnd, State};

use super::dialect::{Dialect, Urgency};
use super::session::Sessions;
use crate::game::Game;
use crate::games::Variant;
use parser::Command;

/// What UCI answers to `isready`, from the reader or the session.
const READY_OK: &str = "readyok";

/// UCI as the [reader](super::reader) reads it.
pub struct Uci;

impl Dialect for Uci {
    type Command = Command;
    /// A message for people, sent as `info string error: …`.
    type Rejected = String;

    fn parse(line: &str) -> Result<Option<Command>, String> {
        parser::parse(line)
    }

    fn unreadable(problem: String, _line: &str) -> String {
        problem
    }

    fn urgency(command: &Command) -> Urgency {
        match command {
            Command::IsReady => Urgency::Ready(READY_OK),
            Command::Stop => Urgency::Stop,
            Command::Quit => Urgency::Quit,
            Command::XBoard => Urgency::Switch,
            _ => Urgency::Waits,
        }
    }

    fn quit() -> Command {
        Command::Quit
    }
}

impl Sessions for Uci {
    type State = State;
    type End = SessionEnd;
    type Session<G: Game> = Session<G>;

    fn variant(state: &State) -> Variant {
        state.host.variant
    }

    fn new_variant(ending: &SessionEnd) -> bool {
        *ending == SessionEnd::NewVariant
    }
}
