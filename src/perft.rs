//! Perft: counting the leaves of the move tree, to check move generation and measure its
//! speed. Convention of `shared/reference/perft.md` (and Fairy-Stockfish): a finished game
//! counts as a leaf at the target depth and is not expanded before it.

use crate::games::breakthrough::{Bitboard, Breakthrough, Move, Position};
use crate::with_position;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

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

/// Perft of any game.
pub fn perft_game(game: &Breakthrough, depth: u32) -> u64 {
    with_position!(game, p => perft(p, depth))
}

/// Perft split by root move, as far as it got.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divided {
    /// The root moves counted whole, in generation order, with their leaves.
    pub moves: Vec<(Move, u64)>,
    /// Leaves counted in all, including those of a root move left half counted.
    pub leaves: u64,
    /// Whether `stop` ended the count before every root move was counted.
    pub stopped: bool,
}

/// Perft split by root move, in generation order, until `stop` is set (it is looked at
/// between subtrees of three plies, a millisecond apart at most). Depth 0 counts the
/// position itself.
pub fn divide(game: &Breakthrough, depth: u32, stop: &AtomicBool) -> Divided {
    let mut divided = Divided {
        moves: Vec::new(),
        leaves: u64::from(depth == 0),
        stopped: false,
    };
    if depth == 0 {
        return divided;
    }
    for &mv in game.legal_moves().iter() {
        let leaves = with_position!(&game.play(mv), p => perft_until(p, depth - 1, stop));
        divided.leaves += leaves;
        if stop.load(Ordering::Relaxed) {
            divided.stopped = true;
            break;
        }
        divided.moves.push((mv, leaves));
    }
    divided
}

/// [`perft`], giving up early (with the leaves counted so far) once `stop` is set.
fn perft_until<B: Bitboard>(position: &Position<B>, depth: u32, stop: &AtomicBool) -> u64 {
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

/// `troyka perft`: prints the count on stdout (below each root move's with `divide`), and
/// the time and speed on stderr, so that stdout can be compared with reference tables.
pub fn print_count(game: &Breakthrough, depth: u32, divide_moves: bool) {
    let started = Instant::now();
    let nodes = if divide_moves {
        let divided = divide(game, depth, &AtomicBool::new(false));
        for (mv, count) in &divided.moves {
            println!("{}: {count}", game.move_name(*mv));
        }
        divided.leaves
    } else {
        perft_game(game, depth)
    };
    let seconds = started.elapsed().as_secs_f64();
    println!("Nodes searched: {nodes}");
    eprintln!(
        "time {:.3} s, {:.0} leaves/s",
        seconds,
        nodes as f64 / seconds.max(1e-9)
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::breakthrough::BoardSize;

    #[test]
    fn divide_stops_when_told() {
        let game = Breakthrough::start(BoardSize::STANDARD);
        assert_eq!(divide(&game, 0, &AtomicBool::new(false)).leaves, 1);
        let stopped = divide(&game, 40, &AtomicBool::new(true));
        assert!(stopped.stopped);
        assert!(stopped.moves.is_empty());
    }
}
