//! Left-right symmetry: the rules do not change when the files are read from the other side,
//! so a position and its mirror image (files `a`… reversed) are won or lost alike. The
//! solver keeps both under one key (see [`crate::solve`]): at the start, `a2a3` and its
//! mirror image `f2f3` (on six files) lead to mirror-image subtrees, proved once.

use super::zobrist::ZobristKeys;
use super::{Bitboard, BoardSize, Color, Move, Position};

/// The mirror image of squares on one board size.
pub struct Mirror {
    /// By square: the square in the same rank on the mirrored file.
    square: Vec<usize>,
    keys: &'static ZobristKeys,
}

impl Mirror {
    pub fn new(size: BoardSize) -> Mirror {
        let square = (0..size.squares())
            .map(|s| size.square(size.cols() - 1 - size.file_of(s), size.rank_of(s)))
            .collect();
        Mirror {
            square,
            keys: ZobristKeys::get(),
        }
    }

    /// The hash the mirror image of `position` has.
    pub fn hash<B: Bitboard>(&self, position: &Position<B>) -> u64 {
        let mut hash = if position.side_to_move() == Color::Black {
            self.keys.black_to_move()
        } else {
            0
        };
        for color in [Color::White, Color::Black] {
            for square in position.pieces(color).squares() {
                hash ^= self.keys.piece(color, self.square[square]);
            }
        }
        hash
    }

    /// The mirror image's hash after `mv` is played in `position`, whose mirror image has
    /// hash `mirrored`: the move's squares, mirrored.
    #[inline]
    pub fn after<B: Bitboard>(&self, position: &Position<B>, mirrored: u64, mv: Move) -> u64 {
        let us = position.side_to_move();
        let (from, to) = (self.square[mv.from()], self.square[mv.to()]);
        let mut hash = mirrored
            ^ self.keys.piece(us, from)
            ^ self.keys.piece(us, to)
            ^ self.keys.black_to_move();
        if position.is_capture(mv) {
            hash ^= self.keys.piece(us.opponent(), to);
        }
        hash
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{self, Position as _};
    use crate::games::breakthrough::Breakthrough;
    use crate::with_position;

    #[test]
    fn the_mirror_images_hash_is_exact_and_updates_incrementally() {
        let game = Breakthrough::from_fen("pp1ppp/1p1pp1/2P3/1P2pP/P1PPP1 w").unwrap();
        let mirrored = Breakthrough::from_fen("ppp1pp/1pp1p1/3P2/Pp2P1/1PPP1P w").unwrap();
        with_position!(&game, p => {
            let mirror = Mirror::new(p.size());
            assert_eq!(mirror.hash(p), mirrored.hash());
            // The solver's hook, by which mirror images share its table's entries.
            assert_eq!(game::Position::mirror_hash(p, &p.tables()), mirrored.hash());
            for &mv in game.legal_moves().iter() {
                let child = p.play(mv);
                assert_eq!(mirror.after(p, mirror.hash(p), mv), mirror.hash(&child));
            }
        });
    }
}
