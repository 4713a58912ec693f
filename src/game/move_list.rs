//! A list of moves on the stack, for the moves of any game.

use super::GameMove;
use std::mem::MaybeUninit;

/// The most moves (plies) a position of any game can have: Breakthrough's three per piece on
/// 256 squares; Breakthru's single slides stay below it too.
pub const MAX_MOVES: usize = 768;

/// A fixed-capacity list of moves that lives on the stack. Its storage starts
/// uninitialised: search and perft create one per node, and clearing 1.5 KB each time
/// would cost more than generating the moves.
pub struct MoveList<M> {
    moves: [MaybeUninit<M>; MAX_MOVES],
    len: usize,
}

impl<M: GameMove> MoveList<M> {
    pub fn new() -> MoveList<M> {
        MoveList {
            moves: [const { MaybeUninit::uninit() }; MAX_MOVES],
            len: 0,
        }
    }

    #[inline]
    pub fn push(&mut self, mv: M) {
        self.moves[self.len].write(mv);
        self.len += 1;
    }
}

impl<M: GameMove> Clone for MoveList<M> {
    fn clone(&self) -> Self {
        MoveList {
            moves: self.moves,
            len: self.len,
        }
    }
}

impl<M: GameMove> Default for MoveList<M> {
    fn default() -> Self {
        MoveList::new()
    }
}

impl<M: GameMove> std::ops::Deref for MoveList<M> {
    type Target = [M];

    #[inline]
    fn deref(&self) -> &[M] {
        // SAFETY: `push` initialises the first `len` entries and nothing else changes `len`.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr().cast::<M>(), self.len) }
    }
}

impl<M: GameMove> std::ops::DerefMut for MoveList<M> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [M] {
        // SAFETY: as in `deref`; the slice covers only initialised entries.
        unsafe { std::slice::from_raw_parts_mut(self.moves.as_mut_ptr().cast::<M>(), self.len) }
    }
}
