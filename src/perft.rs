//! Perft: counting the leaves of the move tree, to check move generation and measure its
//! speed. Convention of `shared/reference/perft.md` (and Fairy-Stockfish): a finished game
//! counts as a leaf at the target depth and is not expanded before it.

use crate::rules::{Bitboard, Game, Move, Position};
use crate::with_position;

/// Leaves of the tree of `depth` plies below `position`, counting the moves of the last
/// ply without making them.
pub fn perft<B: Bitboard>(position: &Position<B>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if position.decided().is_some() {
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

/// Perft of any game.
pub fn perft_game(game: &Game, depth: u32) -> u64 {
    with_position!(game, p => perft(p, depth))
}

/// Perft split by root move, in generation order.
pub fn divide(game: &Game, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    game.legal_moves()
        .iter()
        .map(|&mv| (mv, perft_game(&game.play(mv), depth - 1)))
        .collect()
}
