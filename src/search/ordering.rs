//! Move ordering: the transposition-table move first, then captures (the game says which are
//! urgent), killer moves, and quiet moves by history; moves that hang a piece go last.

use crate::game::{GameMove, MoveKind, MoveList, Position, MAX_MOVES};
use std::mem::MaybeUninit;

const TT_MOVE: i32 = 1 << 24;
const CAPTURE: i32 = 1 << 20;
const KILLER: [i32; 2] = [(1 << 19) + 1, 1 << 19];
const HANGING: i32 = -(1 << 18);

/// Butterfly-style history of quiet moves that caused cutoffs, in the slots the game gives
/// each move ([`Position::history_slot`]).
pub struct History {
    table: Vec<i32>,
}

const HISTORY_MAX: i32 = 16_384;

impl History {
    pub fn new(slots: usize) -> History {
        History {
            table: vec![0; slots],
        }
    }

    pub fn get<P: Position>(&self, position: &P, mv: P::Move) -> i32 {
        self.table[position.history_slot(mv)]
    }

    /// Moves the entry toward ±HISTORY_MAX by `bonus` (negative for a penalty), with the
    /// usual gravity so that old results fade.
    pub fn update<P: Position>(&mut self, position: &P, mv: P::Move, bonus: i32) {
        let entry = &mut self.table[position.history_slot(mv)];
        let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        *entry += bonus - *entry * bonus.abs() / HISTORY_MAX;
    }
}

/// Room for the ordering scores of one node's moves, left uninitialised: the caller keeps
/// it in its frame beside the move list, and [`MovePicker::new`] writes only the scores of
/// the moves there are. (A picker that owned the array was copied into the caller's frame
/// at every node, 3 KB each time.)
pub type ScoreBuffer = [MaybeUninit<i32>; MAX_MOVES];

/// An empty [`ScoreBuffer`].
#[inline(always)]
pub fn score_buffer() -> ScoreBuffer {
    [const { MaybeUninit::uninit() }; MAX_MOVES]
}

/// Moves with their ordering scores, handed out best first. It borrows the caller's list
/// and score buffer: a node has a few dozen moves, and copying or clearing arrays of
/// [`MAX_MOVES`] at every node cost more than generating them.
pub struct MovePicker<'a, M> {
    moves: &'a mut [M],
    scores: &'a mut [MaybeUninit<i32>],
    next: usize,
}

impl<'a, M: GameMove> MovePicker<'a, M> {
    /// Scores `moves` for the side to move of `position`, into `scores`.
    pub fn new<P: Position<Move = M>>(
        position: &P,
        moves: &'a mut MoveList<M>,
        scores: &'a mut ScoreBuffer,
        tt_move: M,
        killers: [M; 2],
        history: &History,
    ) -> MovePicker<'a, M> {
        let hints = position.order_hints();
        for (score, &mv) in scores.iter_mut().zip(moves.iter()) {
            score.write(if mv == tt_move {
                TT_MOVE
            } else {
                match position.move_kind(&hints, mv) {
                    MoveKind::Capture(urgency) => CAPTURE + urgency,
                    _ if mv == killers[0] => KILLER[0],
                    _ if mv == killers[1] => KILLER[1],
                    MoveKind::Hanging => HANGING + history.get(position, mv),
                    MoveKind::Quiet => history.get(position, mv),
                }
            });
        }
        let count = moves.len();
        MovePicker {
            moves,
            scores: &mut scores[..count],
            next: 0,
        }
    }

    /// The ordering score of the move at `index`.
    #[inline]
    fn score(&self, index: usize) -> i32 {
        // SAFETY: `new` wrote a score for every move of the list, and `scores` covers
        // exactly those.
        unsafe { self.scores[index].assume_init() }
    }

    /// The best remaining move (selection sort: most nodes cut off after a few moves).
    pub fn next(&mut self) -> Option<M> {
        let remaining = self.moves.len();
        if self.next >= remaining {
            return None;
        }
        let mut best = self.next;
        let mut best_score = self.score(best);
        for i in self.next + 1..remaining {
            let score = self.score(i);
            if score > best_score {
                best = i;
                best_score = score;
            }
        }
        self.moves.swap(self.next, best);
        self.scores.swap(self.next, best);
        self.next += 1;
        Some(self.moves[self.next - 1])
    }
}
