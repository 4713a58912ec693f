//! Breakthrough's network inputs ([`FeatureSet`]), one definition shared by the engine and
//! the trainer so that the two can never disagree.
//!
//! A position is seen from each side's perspective: for a board of `S` squares there are
//! `2 * S` inputs, one per (piece, square), where the piece is "ours" (inputs `0..S`) or
//! "theirs" (`S..2S`), and black's view is mirrored top to bottom so that its pieces, too,
//! move up the board. A move changes at most three inputs of each perspective: the mover
//! leaves one square and enters another, and a capture removes the enemy piece there.
//!
//! Breakthrough's nets carry zeros as their game's mark ([`NET_GAME`]): its nets came
//! before any other game's, whose header bytes there were always zero.

use super::{Bitboard, BoardSize, Color, Move, Position};
use crate::nnue::{Accumulator, Delta, FeatureSet, NetKind, Network};

/// Breakthrough's mark in a net file's header.
pub const NET_GAME: [u8; 3] = [0; 3];

/// The kind of Breakthrough's nets for `size`.
pub fn net_kind(size: BoardSize) -> NetKind {
    NetKind {
        game: NET_GAME,
        cols: size.cols() as u8,
        rows: size.rows() as u8,
    }
}

/// The board a Breakthrough net's kind names, if it is one.
pub fn net_size(kind: NetKind) -> Option<BoardSize> {
    let size = BoardSize::new(kind.cols as usize, kind.rows as usize).ok();
    size.filter(|_| kind.game == NET_GAME)
}

/// The inputs of Breakthrough's nets on one board.
#[derive(Clone, Copy, Debug)]
pub struct Inputs {
    pub size: BoardSize,
}

/// What a move changes: the mover's colour, its squares, and whether it captured.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Change {
    pub mover: Color,
    pub mv: Move,
    pub capture: bool,
}

impl FeatureSet for Inputs {
    type Change = Change;

    #[inline(always)]
    fn delta(self, change: Change, perspective: Color) -> Delta {
        let (size, mover) = (self.size, change.mover);
        let to = input(size, perspective, mover, change.mv.to());
        let from = input(size, perspective, mover, change.mv.from());
        if change.capture {
            let taken = input(size, perspective, mover.opponent(), change.mv.to());
            Delta::took(from, to, taken)
        } else {
            Delta::moved(from, to)
        }
    }
}

/// The first layer's output for `position`, computed from scratch.
pub fn accumulator<B: Bitboard>(net: &Network, position: &Position<B>) -> Accumulator {
    let size = position.size();
    Accumulator::new(net, |perspective, add| {
        for piece in [Color::White, Color::Black] {
            for square in position.pieces(piece).squares() {
                add(input(size, perspective, piece, square));
            }
        }
    })
}

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
    use crate::games::breakthrough::Breakthrough;
    use crate::games::networks;
    use crate::nnue::accumulator::tests::check_random_line;
    use crate::nnue::network::tests::random_network;
    use crate::with_position;
    use rand_mt::Mt64;

    /// Along random games, with passes and jumps back up the stack as the search makes
    /// them, the incremental accumulator equals the one computed from scratch: with the
    /// built-in networks, and with random ones on other boards.
    #[test]
    fn incremental_equals_from_scratch_along_random_games() {
        for (seed, size) in ["8x8", "7x7", "6x6", "5x9", "12x11"].iter().enumerate() {
            let size: BoardSize = size.parse().unwrap();
            let net = networks::built_in(net_kind(size))
                .cloned()
                .unwrap_or_else(|| random_network(net_kind(size), input_count(size), seed as u64));
            let mut rng = Mt64::new(seed as u64);
            for _ in 0..20 {
                let root = Breakthrough::start(size);
                with_position!(&root, p => check_random_line(
                    &net,
                    Inputs { size },
                    *p,
                    200,
                    &mut rng,
                    |position, mv| Change {
                        mover: position.side_to_move(),
                        mv,
                        capture: position.is_capture(mv),
                    },
                    |position| accumulator(&net, position),
                ));
            }
        }
    }

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
