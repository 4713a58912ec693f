//! The network's inputs, one definition shared by the engine and the trainer so that the
//! two can never disagree.
//!
//! A position is seen from each side's perspective: for a board of `S` squares there are
//! `2 * S` inputs, one per (piece, square), where the piece is "ours" (inputs `0..S`) or
//! "theirs" (`S..2S`), and black's view is mirrored top to bottom so that its pieces, too,
//! move up the board. A move changes at most three inputs of each perspective: the mover
//! leaves one square and enters another, and a capture removes the enemy piece there.

use crate::games::breakthrough::{BoardSize, Color};

/// The number of inputs of one perspective on a board of `size`.
pub fn input_count(size: BoardSize) -> usize {
    2 * size.squares()
}

/// The input of a `piece` on `square` seen by `perspective`.
#[inline(always)]
pub fn input(size: BoardSize, perspective: Color, piece: Color, square: usize) -> usize {
    let seen = match perspective {
        Color::White => square,
        Color::Black => {
            let cols = size.cols();
            (size.rows() - 1 - square / cols) * cols + square % cols
        }
    };
    if piece == perspective {
        seen
    } else {
        size.squares() + seen
    }
}

/// The active inputs of `perspective` for pieces on `white` and `black` squares.
pub fn active_inputs<'a>(
    size: BoardSize,
    perspective: Color,
    white: impl IntoIterator<Item = usize> + 'a,
    black: impl IntoIterator<Item = usize> + 'a,
) -> impl Iterator<Item = usize> + 'a {
    let white = white
        .into_iter()
        .map(move |square| input(size, perspective, Color::White, square));
    let black = black
        .into_iter()
        .map(move |square| input(size, perspective, Color::Black, square));
    white.chain(black)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_side_sees_its_own_pieces_moving_up() {
        let size: BoardSize = "7x6".parse().unwrap();
        // White's a2 and black's a5 are each one rank above their own home row.
        let a2 = size.square(0, 1);
        let a5 = size.square(0, 4);
        assert_eq!(input(size, Color::White, Color::White, a2), 7);
        assert_eq!(input(size, Color::Black, Color::Black, a5), 7);
        assert_eq!(input(size, Color::Black, Color::White, a2), 42 + 28);
        // Every (perspective, piece, square) has its own input within range.
        for perspective in [Color::White, Color::Black] {
            let mut seen = std::collections::HashSet::new();
            for piece in [Color::White, Color::Black] {
                for square in 0..size.squares() {
                    let index = input(size, perspective, piece, square);
                    assert!(index < input_count(size));
                    assert!(seen.insert(index));
                }
            }
        }
    }
}
