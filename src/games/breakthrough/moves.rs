//! Breakthrough's move: a from-square and a to-square.

use crate::game::GameMove;

/// A move from one square to another, packed in 16 bits (square indices of the dense layout,
/// so printing it needs the board size: see [`crate::games::breakthrough::BoardSize`] and
/// [`crate::games::breakthrough::Breakthrough::move_name`]). `Move::NULL` (`0000`) is no move.
/// Moves are ordered by their from-square, then their to-square: the order the solver lists
/// winning moves in.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Move(u16);

impl Ord for Move {
    fn cmp(&self, other: &Move) -> std::cmp::Ordering {
        (self.from(), self.to()).cmp(&(other.from(), other.to()))
    }
}

impl PartialOrd for Move {
    fn partial_cmp(&self, other: &Move) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Move {
    pub const NULL: Move = Move(0);

    #[inline]
    pub fn new(from: usize, to: usize) -> Move {
        debug_assert!(from < 256 && to < 256);
        Move(from as u16 | (to as u16) << 8)
    }

    #[inline]
    pub fn from(self) -> usize {
        (self.0 & 0xff) as usize
    }

    #[inline]
    pub fn to(self) -> usize {
        (self.0 >> 8) as usize
    }

    pub fn is_null(self) -> bool {
        self == Move::NULL
    }
}

impl GameMove for Move {
    const NULL: Move = Move::NULL;

    fn bits(self) -> u16 {
        self.0
    }

    fn from_bits(bits: u16) -> Move {
        Move(bits)
    }
}

/// Breakthrough's moves in a list.
pub type MoveList = crate::game::MoveList<Move>;
