//! Move ordering: the transposition-table move first, then captures (safe ones and those of
//! advanced enemies first), killer moves, and quiet moves by history; moves that hang a piece
//! go last.

use crate::games::breakthrough::{Bitboard, Color, Move, MoveList, Position, MAX_MOVES};

const TT_MOVE: i32 = 1 << 24;
const CAPTURE: i32 = 1 << 20;
const KILLER: [i32; 2] = [(1 << 19) + 1, 1 << 19];
const HANGING: i32 = -(1 << 18);

/// Butterfly-style history of quiet moves that caused cutoffs, per colour, target square and
/// direction (three directions, so no division to find the origin).
pub struct History {
    table: Vec<i32>,
}

const HISTORY_MAX: i32 = 16_384;

impl History {
    pub fn new() -> History {
        History {
            table: vec![0; 2 * 256 * 3],
        }
    }

    fn index<B: Bitboard>(position: &Position<B>, mv: Move) -> usize {
        let up = position.size().cols();
        let direction = mv.from().abs_diff(mv.to()) + 1 - up; // 0, 1 or 2
        (position.side_to_move() as usize * 256 + mv.to()) * 3 + direction
    }

    pub fn get<B: Bitboard>(&self, position: &Position<B>, mv: Move) -> i32 {
        self.table[Self::index(position, mv)]
    }

    /// Moves the entry toward ±HISTORY_MAX by `bonus` (negative for a penalty), with the
    /// usual gravity so that old results fade.
    pub fn update<B: Bitboard>(&mut self, position: &Position<B>, mv: Move, bonus: i32) {
        let entry = &mut self.table[Self::index(position, mv)];
        let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        *entry += bonus - *entry * bonus.abs() / HISTORY_MAX;
    }
}

/// Moves with their ordering scores, handed out best first.
pub struct MovePicker {
    moves: MoveList,
    scores: [i32; MAX_MOVES],
    next: usize,
}

impl MovePicker {
    /// Scores `moves` for the side to move of `position`.
    pub fn new<B: Bitboard>(
        position: &Position<B>,
        moves: MoveList,
        tt_move: Move,
        killers: [Move; 2],
        history: &History,
    ) -> MovePicker {
        let us = position.side_to_move();
        let them = us.opponent();
        let their_attacks = position.attacks(them);
        let our_attacks = position.attacks(us);
        let theirs = position.pieces(them);
        let rows = position.size().rows();
        let mut scores = [0; MAX_MOVES];
        for (score, &mv) in scores.iter_mut().zip(moves.iter()) {
            let to = mv.to();
            *score = if mv == tt_move {
                TT_MOVE
            } else if theirs.contains(to) {
                // The further the victim has come toward our home, the more urgent.
                let rank = position.size().rank_of(to);
                let progress = if them == Color::White {
                    rank
                } else {
                    rows - 1 - rank
                };
                let safe = !their_attacks.contains(to) || our_attacks.contains(to);
                CAPTURE + progress as i32 * 64 + if safe { 1024 } else { 0 }
            } else if mv == killers[0] {
                KILLER[0]
            } else if mv == killers[1] {
                KILLER[1]
            } else if their_attacks.contains(to) && !our_attacks.contains(to) {
                HANGING + history.get(position, mv)
            } else {
                history.get(position, mv)
            };
        }
        MovePicker {
            moves,
            scores,
            next: 0,
        }
    }

    /// The best remaining move (selection sort: most nodes cut off after a few moves).
    pub fn next(&mut self) -> Option<Move> {
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
