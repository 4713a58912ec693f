//! The linear evaluation, for every board size: linear in a small set of features, so that
//! `scripts/tune.py` can fit the weights to game results (Texel tuning); [`features`] exposes
//! the features the evaluation uses. Most features are population counts on precomputed
//! masks; a search keeps the terms of a piece's square up move by move instead, one value a
//! square, which a move changes on two or three squares ([`SquareValues`]);
//! the goal distances are short bitboard floods (at most [`PATH_HORIZON`] steps). Every term
//! works on every board size: ranks are seen through [`progress_bucket`].

use crate::eval::LinearWeights;
use crate::games::breakthrough::{Bitboard, Breakthrough, Color, Move, Position, Step};
use crate::with_position;

/// Rank buckets: 0 and 1 are the home rows, 6 is one step from the goal, 7 the goal itself
/// (never evaluated: the game is over).
pub const BUCKETS: usize = 8;

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

/// Indices of the features. Each counts the side to move's pieces minus the opponent's,
/// except the hanging and goal-distance features, which are split by side: the side to
/// move acts first.
pub mod feature {
    use super::BUCKETS;
    /// A piece, by progress bucket.
    pub const PIECE: usize = 0;
    /// A piece on its home row away from the edge files: the last line of defence.
    pub const HOME_GUARD: usize = PIECE + BUCKETS;
    /// A piece defended by a friendly piece.
    pub const DEFENDED: usize = HOME_GUARD + 1;
    /// A piece of the side to move, attacked and undefended.
    pub const HANGING_US: usize = DEFENDED + 1;
    /// An opponent's piece, attacked and undefended.
    pub const HANGING_THEM: usize = HANGING_US + 1;
    /// Two friendly pieces side by side.
    pub const CONNECTED: usize = HANGING_THEM + 1;
    /// A friendly piece directly behind another.
    pub const COLUMN: usize = CONNECTED + 1;
    /// Always 1: the value of having the move.
    pub const TEMPO: usize = COLUMN + 1;
    /// The side to move's goal distance (`Evaluator::goal_distance`), one feature per
    /// distance from 1 to [`PATH_HORIZON`](super::PATH_HORIZON); set when it is that distance.
    pub const PATH_US: usize = TEMPO + 1;
    /// The same for the opponent.
    pub const PATH_THEM: usize = PATH_US + super::PATH_HORIZON;
    /// The side to move's goal distance over squares the enemy neither attacks nor holds:
    /// a runner no defender stands in the way of.
    pub const CLEAR_US: usize = PATH_THEM + super::PATH_HORIZON;
    /// The same for the opponent.
    pub const CLEAR_THEM: usize = CLEAR_US + super::PATH_HORIZON;
    /// A piece on an edge file, by progress bucket (on top of [`PIECE`]): it can be
    /// attacked from one side only, and attacks only one square.
    pub const EDGE: usize = CLEAR_THEM + super::PATH_HORIZON;
    /// A move to a square the enemy does not attack.
    pub const SAFE_MOVE: usize = EDGE + BUCKETS;
    pub const COUNT: usize = SAFE_MOVE + 1;
}

/// The longest goal distance the evaluation looks for.
pub const PATH_HORIZON: usize = 6;

/// The weights, in centipawns, fitted to game results (`scripts/tune.py`): the search's.
#[rustfmt::skip]
pub const WEIGHTS: [i32; feature::COUNT] = [
    // PIECE by bucket: 0 (home row) .. 6 (one step from goal), 7 (goal)
    101, 117, 138, 150, 179, 201, 220, 220,
    // HOME_GUARD, DEFENDED, HANGING_US, HANGING_THEM, CONNECTED, COLUMN, TEMPO
    34, -2, -30, 30, 3, 2, 11,
    // PATH_US by distance 1..6, then PATH_THEM
    0, 1315, 69, 36, 20, 13,
    -300, -961, -55, -38, -19, -11,
    // CLEAR_US by distance 1..6, then CLEAR_THEM
    0, 1315, 785, 76, -11, -53,
    0, -761, -223, -71, 22, 56,
    // EDGE by bucket, SAFE_MOVE
    -10, -8, -19, -6, 2, 5, 0, 0,
    1,
];

/// The weights the solver orders its moves with where it has no network, fitted to who wins
/// the positions of proofs (`scripts/tune.py --proofs`, three passes, in
/// docs/training.md): those of the 5x5, 4x6 and 6x5 starts, then the 7x5 and 5x6 starts'
/// too. Weights of features those proofs never show (the ranks only taller boards have, the
/// goal, the side to move one step from its goal, which a race pattern settles, a free
/// runner six steps from it) keep their play values.
#[rustfmt::skip]
pub const PROOF_WEIGHTS: [i32; feature::COUNT] = [
    // PIECE by bucket: 0 (home row) .. 6 (one step from goal), 7 (goal)
    78, 117, 138, 151, 258, 293, 274, 220,
    // HOME_GUARD, DEFENDED, HANGING_US, HANGING_THEM, CONNECTED, COLUMN, TEMPO
    117, -27, -98, 225, 75, 42, 116,
    // PATH_US by distance 1..6, then PATH_THEM
    0, 341, 155, 161, 92, 41,
    -354, -330, -106, -78, -54, -35,
    // CLEAR_US by distance 1..6, then CLEAR_THEM
    0, 341, 108, -34, -85, -53,
    -54, -130, 6, 16, 32, 56,
    // EDGE by bucket, SAFE_MOVE
    -2, -8, -19, 4, 20, 29, 96, 0,
    12,
];

/// The squares each side attacks, once and twice: several terms need them, so they are
/// computed once per evaluation.
struct Attacks<B> {
    once: [B; 2],
    twice: [B; 2],
}

impl<B: Bitboard> Attacks<B> {
    #[inline(always)]
    fn of(position: &Position<B>) -> Attacks<B> {
        let [white, black] = [Color::White, Color::Black];
        Attacks {
            once: [position.attacks(white), position.attacks(black)],
            twice: [
                position.double_attacks(white),
                position.double_attacks(black),
            ],
        }
    }
}

/// Per-board masks, built once per search.
#[derive(Clone, Debug)]
pub struct Evaluator<B> {
    /// For each colour and bucket: the squares of that bucket.
    buckets: [[B; BUCKETS]; 2],
    /// The first and last files.
    edges: B,
    /// For each colour: its home row without the edge files.
    home_guard: [B; 2],
    /// For each colour: the row it must reach.
    goal: [B; 2],
}

/// A weight set's square terms (a piece by progress bucket, on an edge file, guarding its
/// home row) folded into one value per colour and square, so that a move changes them in
/// O(1) ([`SquareValues::change`]) instead of their being counted bucket by bucket (16
/// masked population counts a side, a fifth of the evaluation): what a search keeps up
/// along its line. Built by [`Evaluator::square_values`].
#[derive(Clone, Debug, Default)]
pub struct SquareValues {
    /// `by_color[color][square]`, in centipawns for `color`.
    by_color: [Vec<i32>; 2],
}

impl SquareValues {
    #[inline(always)]
    fn of(&self, color: Color, square: usize) -> i32 {
        self.by_color[color as usize][square]
    }

    /// How the legal `mv` changes the square terms for the side making it in `position`.
    #[inline(always)]
    pub fn change<B: Bitboard>(&self, position: &Position<B>, mv: Move) -> i32 {
        let us = position.side_to_move();
        let (from, to) = (mv.from(), mv.to());
        let captured = if position.is_capture(mv) {
            self.of(us.opponent(), to)
        } else {
            0
        };
        self.of(us, to) - self.of(us, from) + captured
    }
}

/// The weights `weights` names.
fn weight_set(weights: LinearWeights) -> &'static [i32; feature::COUNT] {
    match weights {
        LinearWeights::Play => &WEIGHTS,
        LinearWeights::Proof => &PROOF_WEIGHTS,
    }
}

impl<B: Bitboard> Evaluator<B> {
    pub fn new(position: &Position<B>) -> Evaluator<B> {
        let size = position.size();
        let layout = position.layout();
        let rows = size.rows();
        let mut buckets = [[B::EMPTY; BUCKETS]; 2];
        for rank in 0..rows {
            buckets[Color::White as usize][progress_bucket(rank, rows)] |= layout.rank(rank);
            buckets[Color::Black as usize][progress_bucket(rows - 1 - rank, rows)] |=
                layout.rank(rank);
        }
        let inner = layout.not_first_file & layout.not_last_file;
        let home_guard = [layout.first_rank & inner, layout.last_rank & inner];
        Evaluator {
            buckets,
            edges: layout.all & !inner,
            home_guard,
            goal: [layout.last_rank, layout.first_rank],
        }
    }

    /// The square terms of `weights` for a lone piece of each colour on each square of
    /// `position`'s board: built once for a search, which keeps them up move by move.
    pub fn square_values(&self, position: &Position<B>, weights: LinearWeights) -> SquareValues {
        let weights = weight_set(weights);
        let lone_piece = |color: Color, square: usize| {
            let mut value = 0;
            self.square_features(color, B::square(square), 1, &mut |f, n| {
                value += weights[f] * n
            });
            value
        };
        let squares = position.layout().all.squares().max().map_or(0, |s| s + 1);
        SquareValues {
            by_color: [Color::White, Color::Black]
                .map(|color| (0..squares).map(|s| lone_piece(color, s)).collect()),
        }
    }

    /// How many moves the nearest piece of `color` needs to reach its goal if it walks
    /// around the enemy: a step onto a square the enemy attacks or occupies costs one move
    /// more, onto one it attacks twice (or occupies and defends) two more, as if the piece
    /// waited for support. [`PATH_HORIZON`] + 1 when no piece gets there that soon. The same
    /// idea as Fairy-Stockfish's capture-the-flag term: it sees a break-through coming
    /// before the pieces are near the goal.
    /// With `WAIT` false, only unattacked, empty squares are walked on: the distance of a
    /// free runner.
    #[inline(always)]
    fn goal_distance<const WAIT: bool>(
        &self,
        position: &Position<B>,
        attacks: &Attacks<B>,
        color: Color,
    ) -> usize {
        let enemy = color.opponent();
        let theirs = position.pieces(enemy);
        let attacked = attacks.once[enemy as usize];
        let costly = attacked | theirs;
        let very_costly = attacks.twice[enemy as usize] | (theirs & attacked);
        let goal = self.goal[color as usize];
        let mut seen = position.pieces(color);
        let mut frontier = seen;
        let mut wait_one = B::EMPTY;
        let mut wait_two = B::EMPTY;
        for distance in 1..=PATH_HORIZON {
            let ahead = position.squares_ahead(color, frontier) & !seen;
            if !(ahead & goal).is_empty() {
                return distance;
            }
            let free = ahead & !costly;
            if !WAIT {
                if free.is_empty() {
                    break;
                }
                frontier = free;
                seen |= free;
                continue;
            }
            frontier = free | (wait_one & !seen);
            seen |= frontier;
            wait_one = (ahead & costly & !very_costly) | (wait_two & !seen);
            wait_two = ahead & very_costly;
        }
        PATH_HORIZON + 1
    }

    /// Calls `add(feature, count)` for the square terms of `ours`, pieces of `color` (counts
    /// of pieces on fixed squares), with `sign` +1 for the side to move and -1 for the
    /// opponent.
    #[inline(always)]
    fn square_features(&self, color: Color, ours: B, sign: i32, add: &mut impl FnMut(usize, i32)) {
        let c = color as usize;
        let on_edges = ours & self.edges;
        for (bucket, &mask) in self.buckets[c].iter().enumerate() {
            add(feature::PIECE + bucket, sign * (ours & mask).count() as i32);
            add(
                feature::EDGE + bucket,
                sign * (on_edges & mask).count() as i32,
            );
        }
        add(
            feature::HOME_GUARD,
            sign * (ours & self.home_guard[c]).count() as i32,
        );
    }

    /// Calls `add(feature, count)` for one side's share of the symmetric features but the
    /// square terms, with `sign` +1 for the side to move and -1 for the opponent.
    #[inline(always)]
    fn shape_features(
        &self,
        position: &Position<B>,
        attacks: &Attacks<B>,
        color: Color,
        sign: i32,
        add: &mut impl FnMut(usize, i32),
    ) {
        let c = color as usize;
        let enemy_attacks = attacks.once[color.opponent() as usize];
        let ours = position.pieces(color);
        let layout = position.layout();
        let safe_moves: u32 = Step::ALL
            .iter()
            .map(|&step| (position.step_targets(color, step) & !enemy_attacks).count())
            .sum();
        add(feature::SAFE_MOVE, sign * safe_moves as i32);
        let defended = ours & attacks.once[c];
        add(feature::DEFENDED, sign * defended.count() as i32);
        let hanging = (ours & enemy_attacks & !defended).count() as i32;
        let hanging_feature = if sign > 0 {
            feature::HANGING_US
        } else {
            feature::HANGING_THEM
        };
        add(hanging_feature, hanging);
        let pairs = (ours & layout.not_last_file & (ours >> 1)).count() as i32;
        add(feature::CONNECTED, sign * pairs);
        let behind = (ours & (ours >> layout.up)).count() as i32;
        add(feature::COLUMN, sign * behind);
    }

    /// Calls `add(feature, count)` for every feature of the position, from the side to
    /// move's point of view.
    #[inline(always)]
    pub fn for_each_feature(&self, position: &Position<B>, mut add: impl FnMut(usize, i32)) {
        self.for_each_square_feature(position, &mut add);
        self.for_each_shape_feature(position, add);
    }

    /// Calls `add(feature, count)` for both sides' square terms, from the side to move's
    /// point of view.
    #[inline(always)]
    fn for_each_square_feature(&self, position: &Position<B>, add: &mut impl FnMut(usize, i32)) {
        let us = position.side_to_move();
        let them = us.opponent();
        self.square_features(us, position.pieces(us), 1, add);
        self.square_features(them, position.pieces(them), -1, add);
    }

    /// Calls `add(feature, count)` for every feature but the square terms, from the side
    /// to move's point of view.
    #[inline(always)]
    fn for_each_shape_feature(&self, position: &Position<B>, mut add: impl FnMut(usize, i32)) {
        let us = position.side_to_move();
        let them = us.opponent();
        let attacks = Attacks::of(position);
        self.shape_features(position, &attacks, us, 1, &mut add);
        self.shape_features(position, &attacks, them, -1, &mut add);
        add(feature::TEMPO, 1);
        let mut add_distance = |feature: usize, distance: usize| {
            if distance <= PATH_HORIZON {
                add(feature + distance - 1, 1);
            }
        };
        add_distance(
            feature::PATH_US,
            self.goal_distance::<true>(position, &attacks, us),
        );
        add_distance(
            feature::PATH_THEM,
            self.goal_distance::<true>(position, &attacks, them),
        );
        add_distance(
            feature::CLEAR_US,
            self.goal_distance::<false>(position, &attacks, us),
        );
        add_distance(
            feature::CLEAR_THEM,
            self.goal_distance::<false>(position, &attacks, them),
        );
    }

    /// The evaluation for the side to move, with the play weights.
    #[inline]
    pub fn evaluate(&self, position: &Position<B>) -> i32 {
        self.evaluate_with(position, LinearWeights::Play)
    }

    /// The evaluation for the side to move, with the `weights` asked for.
    #[inline]
    pub fn evaluate_with(&self, position: &Position<B>, weights: LinearWeights) -> i32 {
        self.square_score(position, weights) + self.shape_score(position, weights)
    }

    /// The square terms of `position` for its side to move, counted: the part of the
    /// evaluation a search can keep up move by move instead ([`SquareValues`]).
    #[inline]
    pub fn square_score(&self, position: &Position<B>, weights: LinearWeights) -> i32 {
        let weights = weight_set(weights);
        let mut score = 0;
        self.for_each_square_feature(position, &mut |index, count| {
            score += weights[index] * count
        });
        score
    }

    /// The evaluation but its square terms ([`Evaluator::square_score`]), for the side to
    /// move.
    #[inline]
    pub fn shape_score(&self, position: &Position<B>, weights: LinearWeights) -> i32 {
        let weights = weight_set(weights);
        let mut score = 0;
        self.for_each_shape_feature(position, |index, count| score += weights[index] * count);
        score
    }
}

/// The linear evaluation of `game` for the side to move (the search builds its
/// [`Evaluator`] once instead).
pub fn evaluate(game: &Breakthrough) -> i32 {
    with_position!(game, p => Evaluator::new(p).evaluate(p))
}

/// The feature vector of a position (side to move's view), as the tuner sees it.
pub fn features(game: &Breakthrough) -> [i32; feature::COUNT] {
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

pub fn breakdown(game: &Breakthrough) -> Breakdown {
    use feature::*;
    let values = features(game);
    let sum =
        |range: std::ops::Range<usize>| -> i32 { range.map(|i| WEIGHTS[i] * values[i]).sum() };
    let terms = vec![
        ("pieces by rank", sum(PIECE..HOME_GUARD)),
        ("home guard", sum(HOME_GUARD..DEFENDED)),
        ("defended pieces", sum(DEFENDED..HANGING_US)),
        ("own hanging pieces", sum(HANGING_US..HANGING_THEM)),
        ("enemy hanging pieces", sum(HANGING_THEM..CONNECTED)),
        ("side-by-side pairs", sum(CONNECTED..COLUMN)),
        ("pieces in column", sum(COLUMN..TEMPO)),
        ("tempo", sum(TEMPO..PATH_US)),
        ("own path to goal", sum(PATH_US..PATH_THEM)),
        ("enemy path to goal", sum(PATH_THEM..CLEAR_US)),
        ("own free runner", sum(CLEAR_US..CLEAR_THEM)),
        ("enemy free runner", sum(CLEAR_THEM..EDGE)),
        ("pieces on edge files", sum(EDGE..SAFE_MOVE)),
        ("safe moves", sum(SAFE_MOVE..COUNT)),
    ];
    let total = with_position!(game, p => Evaluator::new(p).evaluate(p));
    Breakdown { terms, total }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::breakthrough::BoardSize;

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
    }

    #[test]
    fn start_position_is_balanced_but_for_the_move() {
        use feature::*;
        for size in ["8x8", "7x7", "5x6", "16x16", "2x4"] {
            let values = features(&Breakthrough::start(size.parse::<BoardSize>().unwrap()));
            // What is counted for both sides cancels; both are as far from their goals.
            assert!(values[..HANGING_US].iter().all(|&v| v == 0), "{size}");
            assert_eq!(values[HANGING_US], values[HANGING_THEM], "{size}");
            assert!(values[CONNECTED..TEMPO].iter().all(|&v| v == 0), "{size}");
            let (us, them) = values[PATH_US..].split_at(PATH_HORIZON);
            assert_eq!(us, &them[..PATH_HORIZON], "{size}");
            let (us, them) = values[CLEAR_US..EDGE].split_at(PATH_HORIZON);
            assert_eq!(us, them, "{size}");
            assert!(values[EDGE..].iter().all(|&v| v == 0), "{size}");
        }
    }

    fn goal_distance(fen: &str, color: Color) -> usize {
        let game = Breakthrough::from_fen(fen).unwrap();
        with_position!(&game, p => Evaluator::new(p).goal_distance::<true>(p, &Attacks::of(p), color))
    }

    fn runner_distance(fen: &str, color: Color) -> usize {
        let game = Breakthrough::from_fen(fen).unwrap();
        with_position!(&game, p => Evaluator::new(p).goal_distance::<false>(p, &Attacks::of(p), color))
    }

    #[test]
    fn a_free_runner_avoids_every_enemy_square() {
        assert_eq!(runner_distance("7p/8/8/3P4/8/8/8/8 w", Color::White), 3);
        assert_eq!(
            runner_distance("3/1pp/3/1P1/3/3 w", Color::White),
            PATH_HORIZON + 1
        );
        // Black's b5 slips past b3 through b4 (b3 attacks a4 and c4 only).
        assert_eq!(runner_distance("3/1p1/3/1P1/3/3 w", Color::Black), 4);
    }

    #[test]
    fn goal_distance_walks_around_attacks() {
        // d5 runs to d8 in three moves; black's h8 is seven moves from rank 1.
        let open = "7p/8/8/3P4/8/8/8/8 w";
        assert_eq!(goal_distance(open, Color::White), 3);
        assert_eq!(goal_distance(open, Color::Black), PATH_HORIZON + 1);
        // On three files: b4, c4 and a4 are all attacked, so b3 waits a move before it
        // steps up; unopposed it would need three.
        assert_eq!(goal_distance("3/3/3/1P1/3/3 w", Color::White), 3);
        assert_eq!(goal_distance("3/1pp/3/1P1/3/3 w", Color::White), 4);
        assert_eq!(goal_distance("3/1pp/3/1P1/3/3 w", Color::Black), 4);
        // A full wall of defenders puts the goal beyond the horizon.
        assert_eq!(goal_distance("8/8/8/8/3P4/8/8/8 w", Color::White), 4);
        assert_eq!(
            goal_distance("8/8/pppppppp/8/3P4/8/8/8 w", Color::White),
            PATH_HORIZON + 1
        );
    }

    #[test]
    fn mirrored_positions_score_alike_for_either_side() {
        let white = Breakthrough::from_fen("8/8/8/8/3P4/2P5/8/2P5 w").unwrap();
        let black = Breakthrough::from_fen("5p2/8/5p2/4p3/8/8/8/8 b").unwrap();
        assert_eq!(breakdown(&white).total, breakdown(&black).total);
        assert_eq!(features(&white), features(&black));
    }

    /// The trainer relies on this: a position seen mirrored left to right (a free second
    /// example) has the same linear evaluation.
    #[test]
    fn positions_mirrored_left_to_right_score_alike() {
        let mut rng = rand_mt::Mt64::new(3);
        for size in ["8x8", "7x7", "6x6", "5x9"] {
            let size: BoardSize = size.parse().unwrap();
            let mut game = Breakthrough::start(size);
            for _ in 0..300 {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    game = Breakthrough::start(size);
                    continue;
                }
                game = game.play(moves[(rng.next_u64() % moves.len() as u64) as usize]);
                let cols = size.cols();
                let mirror = |color| -> Vec<usize> {
                    let squares = game.squares_of(color);
                    squares
                        .into_iter()
                        .map(|s| s - s % cols + cols - 1 - s % cols)
                        .collect()
                };
                let (white, black) = (mirror(Color::White), mirror(Color::Black));
                let mirrored =
                    Breakthrough::from_squares(size, &white, &black, game.side_to_move());
                assert_eq!(evaluate(&game), evaluate(&mirrored), "{}", game.to_fen());
            }
        }
    }

    #[test]
    fn advanced_and_guarding_pieces_are_worth_more() {
        let near = Breakthrough::from_fen("7p/8/3P4/8/8/8/8/8 w").unwrap();
        let far = Breakthrough::from_fen("7p/8/8/8/8/8/3P4/8 w").unwrap();
        assert!(breakdown(&near).total > breakdown(&far).total);
        let guard = Breakthrough::from_fen("7p/8/8/8/8/8/8/3P4 w").unwrap();
        let edge = Breakthrough::from_fen("7p/8/8/8/8/8/8/P7 w").unwrap();
        assert!(breakdown(&guard).total > breakdown(&edge).total);
    }

    #[test]
    fn evaluation_is_the_weighted_feature_sum() {
        let game =
            Breakthrough::from_fen("pp4pp/3pp3/6p1/pp1p1pp1/3P4/p1p2PP1/P7/P1PPPPP1 w").unwrap();
        let values = features(&game);
        let dot: i32 = values.iter().zip(WEIGHTS).map(|(v, w)| v * w).sum();
        assert_eq!(breakdown(&game).total, dot);
        assert_eq!(breakdown(&game).terms.iter().map(|t| t.1).sum::<i32>(), dot);
    }
}
