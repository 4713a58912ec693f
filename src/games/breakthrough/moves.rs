//! Moves and move lists.

use std::mem::MaybeUninit;

/// A move from one square to another, packed in 16 bits (square indices of the dense layout,
/// so printing it needs the board size: see [`crate::games::breakthrough::BoardSize`] and
/// [`crate::games::breakthrough::Breakthrough::move_name`]). `Move::NULL` (`0000`) is no move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, PartialOrd, Ord)]
pub struct Move(u16);

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

    /// The raw 16 bits, for compact storage (transposition table).
    pub fn bits(self) -> u16 {
        self.0
    }

    pub fn from_bits(bits: u16) -> Move {
        Move(bits)
    }
}

/// The most moves a position can have: three per piece, 256 squares.
pub const MAX_MOVES: usize = 768;

/// A fixed-capacity list of moves that lives on the stack. Its storage starts
/// uninitialised: search and perft create one per node, and clearing 1.5 KB each time
/// would cost more than generating the moves.
#[derive(Clone)]
pub struct MoveList {
    moves: [MaybeUninit<Move>; MAX_MOVES],
    len: usize,
}

impl MoveList {
    pub fn new() -> MoveList {
        MoveList {
            moves: [const { MaybeUninit::uninit() }; MAX_MOVES],
            len: 0,
        }
    }

    #[inline]
    pub fn push(&mut self, mv: Move) {
        self.moves[self.len].write(mv);
        self.len += 1;
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];

    #[inline]
    fn deref(&self) -> &[Move] {
        // SAFETY: `push` initialises the first `len` entries and nothing else changes `len`.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr().cast::<Move>(), self.len) }
    }
}

impl std::ops::DerefMut for MoveList {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Move] {
        // SAFETY: as in `deref`; the slice covers only initialised entries.
        unsafe { std::slice::from_raw_parts_mut(self.moves.as_mut_ptr().cast::<Move>(), self.len) }
    }
}
