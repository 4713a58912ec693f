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
    /// By square: a key that the square and its mirror image share, for [`Mirror::locality`].
    folded: Vec<u64>,
}

impl Mirror {
    pub fn new(size: BoardSize) -> Mirror {
        let square = (0..size.squares())
            .map(|s| size.square(size.cols() - 1 - size.file_of(s), size.rank_of(s)))
            .collect::<Vec<_>>();
        let keys = ZobristKeys::get();
        // Black's keys, which the position's hash also uses, but only the lower of the two
        // squares': the table takes its locality from the key's high bits and the hash
        // from its low ones.
        let folded = (0..size.squares())
            .map(|s| keys.piece(Color::Black, s.min(square[s])))
            .collect();
        Mirror {
            square,
            keys,
            folded,
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

    /// The solver's locality of `position` with `side` to move (see
    /// [`crate::game::Position::locality`]): a hash of `side`'s pieces that their mirror
    /// image shares. A move of the other side leaves them alone but for a capture, so that
    /// the children of a position share it: [`Mirror::children_locality`].
    pub fn locality<B: Bitboard>(&self, position: &Position<B>, side: Color) -> u64 {
        let mut hash = if side == Color::Black {
            self.keys.black_to_move()
        } else {
            0
        };
        for square in position.pieces(side).squares() {
            hash ^= self.folded[square];
        }
        hash
    }

    /// The locality of every child of `position` but for its captures: its enemy's pieces.
    pub fn children_locality<B: Bitboard>(&self, position: &Position<B>) -> u64 {
        self.locality(position, position.side_to_move().opponent())
    }

    /// The locality of the position after `mv` in `position`, from `children`, what
    /// [`Mirror::children_locality`] gave for `position`: a capture takes a piece off.
    #[inline]
    pub fn locality_after<B: Bitboard>(
        &self,
        position: &Position<B>,
        children: u64,
        mv: Move,
    ) -> u64 {
        if position.is_capture(mv) {
            children ^ self.folded[mv.to()]
        } else {
            children
        }
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

    #[test]
    fn mirror_images_share_their_locality_and_it_updates_incrementally() {
        let game = Breakthrough::from_fen("pp1ppp/1p1pp1/2P3/1P2pP/P1PPP1 w").unwrap();
        let mirrored = Breakthrough::from_fen("ppp1pp/1pp1p1/3P2/Pp2P1/1PPP1P w").unwrap();
        let locality = |game: &Breakthrough| with_position!(game, p => game::Position::locality(p, &p.tables()));
        assert_eq!(locality(&game), locality(&mirrored));
        with_position!(&game, p => {
            let tables = p.tables();
            let children = game::Position::children_locality(p, &tables);
            let mut seen = std::collections::HashSet::new();
            for &mv in game.legal_moves().iter() {
                let child = p.play(mv);
                let after = game::Position::locality_after(p, &tables, children, mv);
                assert_eq!(after, game::Position::locality(&child, &tables));
                seen.insert(after);
            }
            // Black's pieces as they are, and without each of the three that white can take
            // (on b4, d4 and e2).
            assert_eq!(seen.len(), 4, "{seen:?}");
        });
    }
}
