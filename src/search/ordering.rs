//! Move ordering: the transposition-table move first, then captures (the game says which are
//! urgent), killer moves, and quiet moves by history; moves that hang a piece go last.

use crate::game::{GameMove, MoveKind, MoveList, Position, MAX_MOVES};

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

/// Moves with their ordering scores, handed out best first.
pub struct MovePicker<M> {
    moves: MoveList<M>,
    scores: [i32; MAX_MOVES],
    next: usize,
}

impl<M: GameMove> MovePicker<M> {
    /// Scores `moves` for the side to move of `position`.
    pub fn new<P: Position<Move = M>>(
        position: &P,
        moves: MoveList<M>,
        tt_move: M,
        killers: [M; 2],
        history: &History,
    ) -> MovePicker<M> {
        let hints = position.order_hints();
        let mut scores = [0; MAX_MOVES];
        for (score, &mv) in scores.iter_mut().zip(moves.iter()) {
            *score = if mv == tt_move {
                TT_MOVE
            } else {
                match position.move_kind(&hints, mv) {
                    MoveKind::Capture(urgency) => CAPTURE + urgency,
                    _ if mv == killers[0] => KILLER[0],
                    _ if mv == killers[1] => KILLER[1],
                    MoveKind::Hanging => HANGING + history.get(position, mv),
                    MoveKind::Quiet => history.get(position, mv),
                }
            };
        }
        MovePicker {
            moves,
            scores,
            next: 0,
        }
    }

    /// The best remaining move (selection sort: most nodes cut off after a few moves).
    pub fn next(&mut self) -> Option<M> {
        let remaining = self.moves.len();
        if self.next >= remaining {
            return None;
        }
        let mut best = self.next;
        for i in self.next + 1..remaining {
            if self.scores[i] > self.scores[best] {
                best = i;
            }
        }
        self.moves.swap(self.next, best);
        self.scores.swap(self.next, best);
        self.next += 1;
        Some(self.moves[self.next - 1])
    }
}
