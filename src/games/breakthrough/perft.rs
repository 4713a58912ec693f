//! Breakthrough's perft, fast: it counts the last ply's moves without making them, and
//! the replies of the ply before from the move alone. What [`Game::perft`] runs for
//! Breakthrough; `troyka perft` reaches it through [`crate::perft`].
//!
//! [`Game::perft`]: crate::game::Game::perft

use super::{Bitboard, Position};
use std::sync::atomic::{AtomicBool, Ordering};

/// Leaves of the tree of `depth` plies below `position`, counting the moves of the last
/// ply without making them.
pub fn perft<B: Bitboard>(position: &Position<B>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if position.winner_by_pieces().is_some() {
        return 0;
    }
    let mut leaves = 0;
    match depth {
        1 => leaves = position.count_moves(),
        2 => position.for_each_move(|mv| leaves += position.count_replies(mv)),
        _ => position.for_each_move(|mv| leaves += perft(&position.play(mv), depth - 1)),
    }
    leaves
}

/// [`perft`], giving up early (with the leaves counted so far) once `stop` is set.
pub fn perft_until<B: Bitboard>(position: &Position<B>, depth: u32, stop: &AtomicBool) -> u64 {
    if stop.load(Ordering::Relaxed) {
        return 0;
    }
    if depth <= 3 {
        return perft(position, depth);
    }
    if position.winner_by_pieces().is_some() {
        return 0;
    }
    let mut leaves = 0;
    position.for_each_move(|mv| {
        if !stop.load(Ordering::Relaxed) {
            leaves += perft_until(&position.play(mv), depth - 1, stop);
        }
    });
    leaves
}
