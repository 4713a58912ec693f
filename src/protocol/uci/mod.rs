//! UCI, and UGI, its variant for games other than chess: the dialect the engine speaks from
//! the start, until the first command is `xboard` ([CECP](super::cecp)). `protocol.md`
//! describes what the engine understands and answers.
//!
//! - the [parser] reads each line into a [`Command`](parser::Command);
//! - the [session] acts on the commands in order, on the [host](super::host) it owns, and
//!   hands that host to the CECP session on `xboard`;
//! - [format] writes `info` lines, scores (as UCI or UGI counts them) and `bestmove`.

pub mod format;
pub mod parser;
pub mod session;

pub use session::{Ending, Session};
