//! The XBoard dialect (CECP) end to end, as `protocol.md` describes it: the handshake, the
//! board, play, results and errors ([`game`]); thinking output, time controls, pondering,
//! analysis and the engine's options ([`thinking`]).

mod game;
mod thinking;

use crate::harness::{Troyka, PATIENCE};

/// The `move` line's move.
fn moved(line: &str) -> &str {
    line.strip_prefix("move ")
        .unwrap_or_else(|| panic!("not a move line: {line:?}"))
}

/// Lines up to and including the engine's `move`.
fn until_move(troyka: &mut Troyka) -> Vec<String> {
    troyka.until(PATIENCE, |line| line.starts_with("move "))
}
