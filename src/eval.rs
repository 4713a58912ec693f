//! Static evaluation: how good a position is for the side to move, in centipawns (a piece in
//! the middle of the board is worth about 100).
//!
//! The evaluation is linear in a small set of features, so that `scripts/tune.py` can fit
//! the weights to game results (Texel tuning); [`features`] exposes the same features the
//! evaluation uses. Every term works on every board size: ranks are seen through
//! [`progress_bucket`] and files through [`file_class`], so nothing is wired to 8x8.

use crate::rules::{Bitboard, BoardSize, Color, Game, Position};
use crate::with_position;

/// Rank buckets: 0 and 1 are the home rows, 7 is one step from the goal.
pub const BUCKETS: usize = 8;
/// File classes: distance to the nearer edge, 0 (edge file) to 3 (centre or beyond).
pub const FILE_CLASSES: usize = 4;

/// Which bucket a piece `steps` ranks from its home row falls in, on a board of `rows` rows.
/// The two home rows and the last five ranks before the goal keep their own buckets on every
/// board (they are where the game is decided); the middle of tall boards shares bucket 2.
pub fn progress_bucket(steps: usize, rows: usize) -> usize {
    let to_goal = rows - 1 - steps;
    if to_goal < 5 {
        BUCKETS - 1 - to_goal
    } else {
        steps.min(2)
    }
}

/// The class of a file: its distance to the nearer edge, capped.
pub fn file_class(file: usize, cols: usize) -> usize {
    file.min(cols - 1 - file).min(FILE_CLASSES - 1)
}

/// Indices of the features. Symmetric features count the side to move's pieces minus the
/// opponent's; the hanging features are split by side, since the side to move can act first.
pub mod feature {
    use super::{BUCKETS, FILE_CLASSES};
    /// A piece by progress bucket and file class.
    pub const PIECE: usize = 0;
    /// A piece defended by a friendly piece, by bucket.
    pub const DEFENDED: usize = PIECE + BUCKETS * FILE_CLASSES;
    /// A piece of the side to move attacked and undefended, by bucket.
    pub const HANGING_US: usize = DEFENDED + BUCKETS;
    /// An opponent's piece attacked and undefended, by bucket.
    pub const HANGING_THEM: usize = HANGING_US + BUCKETS;
    /// Two friendly pieces side by side.
    pub const CONNECTED: usize = HANGING_THEM + BUCKETS;
    /// A friendly piece directly behind another.
    pub const COLUMN: usize = CONNECTED + 1;
    /// Always 1: the value of having the move.
    pub const TEMPO: usize = COLUMN + 1;
    pub const COUNT: usize = TEMPO + 1;
}

/// The weights, in centipawns, as fitted by `scripts/tune.py`.
#[rustfmt::skip]
pub const WEIGHTS: [i32; feature::COUNT] = [
    // PIECE: bucket 0 (home row) .. 7 (one step from goal); file classes edge .. centre
    110, 120, 125, 125,
    100, 105, 105, 105,
    100, 100, 102, 102,
    102, 104, 106, 106,
    110, 112, 114, 114,
    125, 128, 130, 130,
    150, 155, 160, 160,
    200, 200, 200, 200,
    // DEFENDED by bucket
    2, 4, 6, 6, 8, 10, 14, 0,
    // HANGING_US by bucket
    -10, -15, -25, -30, -35, -40, -40, 0,
    // HANGING_THEM by bucket
    0, 0, 5, 10, 15, 20, 25, 0,
    // CONNECTED, COLUMN, TEMPO
    4, 2, 8,
];

/// Per-board tables, built once per search.
#[derive(Clone, Debug)]
pub struct Evaluator<B> {
    /// For each colour and square: its progress bucket.
    bucket: [Vec<u8>; 2],
    /// For each colour and square: its piece feature index.
    piece_feature: [Vec<u8>; 2],
    weights: [i32; feature::COUNT],
    _marker: std::marker::PhantomData<B>,
}

impl<B: Bitboard> Evaluator<B> {
    pub fn new(position: &Position<B>) -> Evaluator<B> {
        Self::with_weights(position.size(), WEIGHTS)
    }

    pub fn with_weights(size: BoardSize, weights: [i32; feature::COUNT]) -> Evaluator<B> {
        let tables = |color: Color| {
            let mut bucket = Vec::with_capacity(size.squares());
            let mut piece = Vec::with_capacity(size.squares());
            for square in 0..size.squares() {
                let rank = size.rank_of(square);
                let steps = if color == Color::White {
                    rank
                } else {
                    size.rows() - 1 - rank
                };
                let b = progress_bucket(steps, size.rows());
                let class = file_class(size.file_of(square), size.cols());
                bucket.push(b as u8);
                piece.push((feature::PIECE + b * FILE_CLASSES + class) as u8);
            }
            (bucket, piece)
        };
        let (white_bucket, white_piece) = tables(Color::White);
        let (black_bucket, black_piece) = tables(Color::Black);
        Evaluator {
            bucket: [white_bucket, black_bucket],
            piece_feature: [white_piece, black_piece],
            weights,
            _marker: std::marker::PhantomData,
        }
    }

    /// Calls `add(feature, count)` for one side's share of the features; `sign` is +1 for
    /// the side to move and -1 for the opponent.
    #[inline]
    fn side_features(
        &self,
        position: &Position<B>,
        color: Color,
        sign: i32,
        add: &mut impl FnMut(usize, i32),
    ) {
        let c = color as usize;
        let ours = position.pieces(color);
        let layout = position.layout();
        for square in ours.squares() {
            add(self.piece_feature[c][square] as usize, sign);
        }
        let defended = ours & position.attacks(color);
        for square in defended.squares() {
            add(feature::DEFENDED + self.bucket[c][square] as usize, sign);
        }
        let hanging = ours & position.attacks(color.opponent()) & !defended;
        let hanging_feature = if sign > 0 {
            feature::HANGING_US
        } else {
            feature::HANGING_THEM
        };
        for square in hanging.squares() {
            add(hanging_feature + self.bucket[c][square] as usize, 1);
        }
        let pairs = (ours & layout.not_last_file & (ours >> 1)).count() as i32;
        add(feature::CONNECTED, sign * pairs);
        let behind = (ours & (ours >> layout.up)).count() as i32;
        add(feature::COLUMN, sign * behind);
    }

    /// Calls `add(feature, count)` for every feature of the position, from the side to
    /// move's point of view.
    #[inline]
    pub fn for_each_feature(&self, position: &Position<B>, mut add: impl FnMut(usize, i32)) {
        let us = position.side_to_move();
        self.side_features(position, us, 1, &mut add);
        self.side_features(position, us.opponent(), -1, &mut add);
        add(feature::TEMPO, 1);
    }

    /// The evaluation for the side to move.
    #[inline]
    pub fn evaluate(&self, position: &Position<B>) -> i32 {
        let mut score = 0;
        self.for_each_feature(position, |index, count| {
            score += self.weights[index] * count
        });
        score
    }
}

/// The feature vector of a position (side to move's view), as the tuner sees it.
pub fn features(game: &Game) -> [i32; feature::COUNT] {
    let mut values = [0; feature::COUNT];
    with_position!(game, p => {
        Evaluator::new(p).for_each_feature(p, |index, count| values[index] += count)
    });
    values
}

/// The evaluation split into named terms, for people (`eval` command): each term's
/// contribution for the side to move, and the total.
pub struct Breakdown {
    pub terms: Vec<(&'static str, i32)>,
    pub total: i32,
}

pub fn breakdown(game: &Game) -> Breakdown {
    use feature::*;
    let values = features(game);
    let sum =
        |range: std::ops::Range<usize>| -> i32 { range.map(|i| WEIGHTS[i] * values[i]).sum() };
    let terms = vec![
        ("pieces and placement", sum(PIECE..DEFENDED)),
        ("defended pieces", sum(DEFENDED..HANGING_US)),
        ("own hanging pieces", sum(HANGING_US..HANGING_THEM)),
        ("enemy hanging pieces", sum(HANGING_THEM..CONNECTED)),
        ("side-by-side pairs", sum(CONNECTED..COLUMN)),
        ("pieces in column", sum(COLUMN..TEMPO)),
        ("tempo", sum(TEMPO..COUNT)),
    ];
    let total = with_position!(game, p => Evaluator::new(p).evaluate(p));
    Breakdown { terms, total }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_keep_the_home_rows_and_the_run_in() {
        let eight: Vec<usize> = (0..8).map(|s| progress_bucket(s, 8)).collect();
        assert_eq!(eight, vec![0, 1, 2, 3, 4, 5, 6, 7]);
        let four: Vec<usize> = (0..4).map(|s| progress_bucket(s, 4)).collect();
        assert_eq!(four, vec![4, 5, 6, 7]);
        let sixteen: Vec<usize> = (0..16).map(|s| progress_bucket(s, 16)).collect();
        assert_eq!(
            sixteen,
            vec![0, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 4, 5, 6, 7]
        );
        assert_eq!(
            (0..8).map(|f| file_class(f, 8)).collect::<Vec<_>>(),
            [0, 1, 2, 3, 3, 2, 1, 0]
        );
        assert_eq!((0..2).map(|f| file_class(f, 2)).collect::<Vec<_>>(), [0, 0]);
    }

    #[test]
    fn start_position_is_balanced_but_for_tempo() {
        for size in ["8x8", "7x7", "5x6", "16x16", "2x4"] {
            let game = Game::start(size.parse::<BoardSize>().unwrap());
            assert_eq!(breakdown(&game).total, WEIGHTS[feature::TEMPO], "{size}");
        }
    }

    #[test]
    fn mirrored_positions_score_alike_for_either_side() {
        let white = Game::from_fen("8/8/8/8/3P4/2P5/8/8 w").unwrap();
        let black = Game::from_fen("8/8/5p2/4p3/8/8/8/8 b").unwrap();
        assert_eq!(breakdown(&white).total, breakdown(&black).total);
        assert_eq!(features(&white), features(&black));
    }

    #[test]
    fn evaluation_is_the_weighted_feature_sum() {
        let game = Game::from_fen("pp4pp/3pp3/6p1/pp1p1pp1/3P4/p1p2PP1/P7/P1PPPPP1 w").unwrap();
        let values = features(&game);
        let dot: i32 = values.iter().zip(WEIGHTS).map(|(v, w)| v * w).sum();
        assert_eq!(breakdown(&game).total, dot);
        assert_eq!(breakdown(&game).terms.iter().map(|t| t.1).sum::<i32>(), dot);
    }
}
