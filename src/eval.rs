//! Static evaluation: how good a position is for the side to move, in centipawns (one piece
//! is about 100). Every term scales with the board: advancement is measured as a fraction of
//! the way to the goal, so nothing depends on 8x8.

use crate::rules::{Bitboard, Color, Game, Position};
use crate::with_position;

/// Tunable weights (centipawns).
#[derive(Clone, Copy, Debug)]
pub struct Weights {
    pub piece: i32,
    /// Bonus of a piece one rank short of its goal; other ranks get a share growing with the
    /// square of their progress.
    pub advancement: i32,
    /// Penalty of a piece attacked by more enemies than it has defenders.
    pub hanging: i32,
    /// Bonus per piece defended by a friendly piece.
    pub defended: i32,
    /// Bonus per piece still on its home row (the last line of defence).
    pub home_guard: i32,
    /// Bonus per pair of side-by-side friendly pieces.
    pub connected: i32,
    pub tempo: i32,
}

pub const WEIGHTS: Weights = Weights {
    piece: 100,
    advancement: 120,
    hanging: 30,
    defended: 6,
    home_guard: 10,
    connected: 4,
    tempo: 8,
};

/// Per-board tables, built once for a board size.
#[derive(Clone, Debug)]
pub struct Evaluator<B> {
    /// `ranks[r]`: the squares of rank `r` (0 = rank 1).
    ranks: Vec<B>,
    /// Advancement bonus of a piece `steps` ranks from its home row.
    advance: Vec<i32>,
    weights: Weights,
}

/// The evaluation split into its terms, for people (`eval` command).
pub struct Breakdown {
    pub terms: Vec<(&'static str, i32, i32)>,
    pub total: i32,
}

impl<B: Bitboard> Evaluator<B> {
    pub fn new(position: &Position<B>) -> Evaluator<B> {
        let layout = position.layout();
        let rows = layout.size.rows();
        let ranks = (0..rows).map(|r| layout.rank(r)).collect();
        let last = (rows - 2) as i64; // progress of a piece one step from its goal
        let advance = (0..rows)
            .map(|steps| {
                let steps = (steps as i64).min(last);
                (WEIGHTS.advancement as i64 * steps * steps / (last * last).max(1)) as i32
            })
            .collect();
        Evaluator {
            ranks,
            advance,
            weights: WEIGHTS,
        }
    }

    /// Terms for one colour, in the order of [`TERM_NAMES`].
    fn terms(&self, position: &Position<B>, color: Color) -> [i32; 6] {
        let w = &self.weights;
        let ours = position.pieces(color);
        let them = color.opponent();
        let rows = self.ranks.len();
        let mut advancement = 0;
        for (rank, &mask) in self.ranks.iter().enumerate() {
            let steps = if color == Color::White {
                rank
            } else {
                rows - 1 - rank
            };
            advancement += (ours & mask).count() as i32 * self.advance[steps];
        }
        let defended = ours & position.attacks(color);
        let attacked = ours & position.attacks(them);
        let hanging = (attacked & !defended).count() as i32;
        let home = if color == Color::White {
            self.ranks[0]
        } else {
            self.ranks[rows - 1]
        };
        let layout = position.layout();
        let pairs = (ours & layout.not_last_file & (ours >> 1)).count();
        [
            ours.count() as i32 * w.piece,
            advancement,
            -hanging * w.hanging,
            defended.count() as i32 * w.defended,
            (ours & home).count() as i32 * w.home_guard,
            pairs as i32 * w.connected,
        ]
    }

    /// The evaluation for the side to move.
    #[inline]
    pub fn evaluate(&self, position: &Position<B>) -> i32 {
        let us = position.side_to_move();
        let ours: i32 = self.terms(position, us).iter().sum();
        let theirs: i32 = self.terms(position, us.opponent()).iter().sum();
        ours - theirs + self.weights.tempo
    }

    /// Each term for white and black, and the total for the side to move.
    pub fn breakdown(&self, position: &Position<B>) -> Breakdown {
        let white = self.terms(position, Color::White);
        let black = self.terms(position, Color::Black);
        let mut terms: Vec<_> = TERM_NAMES
            .iter()
            .enumerate()
            .map(|(i, &name)| (name, white[i], black[i]))
            .collect();
        let tempo = (self.weights.tempo, 0);
        let tempo = if position.side_to_move() == Color::White {
            tempo
        } else {
            (0, tempo.0)
        };
        terms.push(("tempo", tempo.0, tempo.1));
        Breakdown {
            terms,
            total: self.evaluate(position),
        }
    }
}

const TERM_NAMES: [&str; 6] = [
    "material",
    "advancement",
    "hanging",
    "defended",
    "home guard",
    "connected",
];

/// The evaluation of any game, term by term.
pub fn breakdown(game: &Game) -> Breakdown {
    with_position!(game, p => Evaluator::new(p).breakdown(p))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::BoardSize;

    #[test]
    fn start_position_is_balanced_but_for_tempo() {
        for size in ["8x8", "7x7", "5x6", "16x16", "2x4"] {
            let game = Game::start(size.parse::<BoardSize>().unwrap());
            assert_eq!(breakdown(&game).total, WEIGHTS.tempo, "{size}");
        }
    }

    #[test]
    fn symmetric_positions_score_alike_for_either_side() {
        // The same structure mirrored, each with its side to move.
        let white = Game::from_fen("8/8/8/8/3P4/8/8/8 w").unwrap();
        let black = Game::from_fen("8/8/8/4p3/8/8/8/8 b").unwrap();
        assert_eq!(breakdown(&white).total, breakdown(&black).total);
    }

    #[test]
    fn advanced_pieces_are_worth_more() {
        let near = Game::from_fen("7p/8/3P4/8/8/8/8/8 w").unwrap();
        let far = Game::from_fen("7p/8/8/8/8/8/3P4/8 w").unwrap();
        assert!(breakdown(&near).total > breakdown(&far).total);
    }
}
