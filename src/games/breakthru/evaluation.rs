//! Breakthru's hand-made evaluation: a sum of terms, in centipawns for gold, turned to the
//! side to move, and a few terms of the side to move's own. What it measures is the siege
//! itself: the flagship's open lines to the edge (each one silver must block) and the
//! escapes it threatens for its next turn, how near the edge it stands, how free it is, the
//! silver ships that touch it or can reach a square from which they would take it, the
//! escorts and ships around it and on the edge, and the material and mobility of both
//! fleets.
//!
//! It is linear in its features ([`feature`], [`features`]), with one weight each
//! ([`WEIGHTS`]), so that `scripts/tune.py --variant breakthru` can fit the weights to the
//! results of self-play games (Texel tuning; `troyka features --variant breakthru` writes
//! what it fits). Counting is cheap: population counts and a few slides on bitboards.

use super::bitboard::{Board121, Direction, SIDE};
use super::inputs::{self, Change, Inputs};
use super::notation::Leg;
use super::position::Breakthru;
use crate::eval::{EvalChoice, NetworkLines, NetworkRef};
use crate::game::{self, Color, Evaluation as _};
use crate::nnue::AccumulatorStack;
use crate::search::MAX_PLY;

/// Indices of the features. The first [`GOLD_FEATURES`] are counts for gold, which the
/// side to move sees with its own sign; the rest belong to the side to move whoever it is.
pub mod feature {
    pub const ESCORTS: usize = 0;
    pub const SILVER_SHIPS: usize = 1;
    /// The escorts' slides.
    pub const GOLD_MOBILITY: usize = 2;
    pub const SILVER_MOBILITY: usize = 3;
    /// Edge squares the flagship could slide to now.
    pub const OPEN_LINES: usize = 4;
    /// Steps the flagship stands nearer the edge than the centre.
    pub const EDGE_NEARNESS: usize = 5;
    /// The flagship's slides.
    pub const FLAGSHIP_MOBILITY: usize = 6;
    /// Silver ships diagonally beside the flagship (with gold to move: silver is not).
    pub const TOUCHING_ATTACKERS: usize = 7;
    /// Empty squares diagonally beside the flagship that a silver ship can slide to.
    pub const ATTACK_SQUARES: usize = 8;
    /// Squares the flagship can slide to (not on the edge) from which a line to the edge
    /// would be open: escapes it threatens for its next turn, each one silver must cover.
    pub const ESCAPE_SQUARES: usize = 9;
    /// Escorts diagonally beside the flagship: each holds a square silver would take it
    /// from.
    pub const GUARDING_ESCORTS: usize = 10;
    /// Escorts within two squares of the flagship (any direction): its defenders.
    pub const NEAR_ESCORTS: usize = 11;
    /// Silver ships within two squares of the flagship: its attackers.
    pub const NEAR_SILVER: usize = 12;
    /// Escorts on the edge, far from the fight or clearing the way.
    pub const EDGE_ESCORTS: usize = 13;
    /// Silver ships on the edge, covering the squares the flagship escapes to.
    pub const EDGE_SILVER: usize = 14;
    /// Always 1, for gold: what the game's balance owes to neither fleet's terms (the
    /// sides are not alike). It moves no choice between positions, only how they compare
    /// with a draw.
    pub const BALANCE: usize = 15;
    /// Always 1, for the side to move: the initiative is worth something in a race of
    /// threats.
    pub const TEMPO: usize = 16;
    /// 1 when the side to move has made the first slide of its turn and has one left.
    pub const MID_TURN: usize = 17;
    pub const COUNT: usize = 18;
}

/// The features counted for gold: those before [`feature::TEMPO`].
pub const GOLD_FEATURES: usize = feature::TEMPO;

/// The features' names, for `eval`'s explanation.
const NAMES: [&str; feature::COUNT] = [
    "escorts",
    "silver ships",
    "gold mobility",
    "silver mobility",
    "open lines",
    "edge nearness",
    "flagship mobility",
    "touching attackers",
    "attack squares",
    "escape squares",
    "guarding escorts",
    "near escorts",
    "near silver",
    "edge escorts",
    "edge silver",
    "balance",
    "tempo",
    "mid-turn",
];

/// The weights, in centipawns (for gold, then for the side to move).
#[rustfmt::skip]
pub const WEIGHTS: [i32; feature::COUNT] = [
    // ESCORTS, SILVER_SHIPS, GOLD_MOBILITY, SILVER_MOBILITY
    56, -45, 0, 0,
    // OPEN_LINES, EDGE_NEARNESS, FLAGSHIP_MOBILITY, TOUCHING_ATTACKERS, ATTACK_SQUARES
    150, 33, 3, -120, -15,
    // ESCAPE_SQUARES, GUARDING_ESCORTS, NEAR_ESCORTS, NEAR_SILVER, EDGE_ESCORTS, EDGE_SILVER
    2, -19, 10, -14, -26, -2,
    // BALANCE
    44,
    // TEMPO, MID_TURN
    1, -3,
];

/// Every feature's count: gold's for the first [`GOLD_FEATURES`], the side to move's
/// after them.
fn counts(position: &Breakthru) -> [i32; feature::COUNT] {
    use feature::*;
    let empty = position.empty();
    let silver = position.silver();
    let mut counts = [0; feature::COUNT];
    counts[ESCORTS] = position.escorts().count() as i32;
    counts[SILVER_SHIPS] = silver.count() as i32;
    counts[GOLD_MOBILITY] = position.escorts().count_slides(empty, Board121::ALL) as i32;
    counts[SILVER_MOBILITY] = silver.count_slides(empty, Board121::ALL) as i32;
    if let Some(square) = position.flagship() {
        let flagship = Board121::square(square);
        let reach = flagship.slides(empty);
        let beside = flagship.diagonal_neighbours();
        let (file, rank) = (square % SIDE, square / SIDE);
        let to_edge = file.min(SIDE - 1 - file).min(rank).min(SIDE - 1 - rank);
        counts[OPEN_LINES] = (reach & Board121::EDGES).count() as i32;
        counts[EDGE_NEARNESS] = (SIDE / 2 - to_edge) as i32;
        counts[FLAGSHIP_MOBILITY] = reach.count() as i32;
        counts[TOUCHING_ATTACKERS] = (beside & silver).count() as i32;
        counts[ATTACK_SQUARES] = (beside & empty & silver.slides(empty)).count() as i32;
        let vacated = empty | flagship;
        counts[ESCAPE_SQUARES] = (reach & sees_the_edge(vacated) & !Board121::EDGES).count() as i32;
        counts[GUARDING_ESCORTS] = (beside & position.escorts()).count() as i32;
        let near = around(around(flagship));
        counts[NEAR_ESCORTS] = (near & position.escorts()).count() as i32;
        counts[NEAR_SILVER] = (near & silver).count() as i32;
    }
    counts[EDGE_ESCORTS] = (position.escorts() & Board121::EDGES).count() as i32;
    counts[EDGE_SILVER] = (silver & Board121::EDGES).count() as i32;
    counts[BALANCE] = 1;
    counts[TEMPO] = 1;
    counts[MID_TURN] = position.is_first_leg_played() as i32;
    counts
}

/// The squares of `set` and every square beside them, orthogonally or diagonally.
fn around(set: Board121) -> Board121 {
    set | set.orthogonal_neighbours() | set.diagonal_neighbours()
}

/// The `empty` squares with a line of `empty` squares to the edge: where the flagship,
/// once there, could escape.
fn sees_the_edge(empty: Board121) -> Board121 {
    [
        (Board121::RANK_11, Direction::South),
        (Board121::RANK_1, Direction::North),
        (Board121::FILE_K, Direction::West),
        (Board121::FILE_A, Direction::East),
    ]
    .into_iter()
    .fold(Board121::EMPTY, |seen, (edge, inward)| {
        seen | (edge & empty).slide(inward, empty)
    })
}

/// +1 with gold to move, -1 with silver: how the side to move sees gold's counts.
fn gold_sign(position: &Breakthru) -> i32 {
    match position.side_to_move() {
        Color::White => 1,
        Color::Black => -1,
    }
}

/// The features for the side to move, in [`feature`]'s order: the linear tuner's input,
/// whose sum weighted by [`WEIGHTS`] is [`evaluate`].
pub fn features(position: &Breakthru) -> [i32; feature::COUNT] {
    let mut features = counts(position);
    let sign = gold_sign(position);
    for count in &mut features[..GOLD_FEATURES] {
        *count *= sign;
    }
    features
}

/// `counts` weighted: the sum of gold's terms, and of the side to move's.
fn sums(counts: &[i32; feature::COUNT]) -> (i32, i32) {
    let weighted = |range: std::ops::Range<usize>| -> i32 {
        range.map(|index| counts[index] * WEIGHTS[index]).sum()
    };
    (
        weighted(0..GOLD_FEATURES),
        weighted(GOLD_FEATURES..feature::COUNT),
    )
}

/// The evaluation for the side to move.
pub fn evaluate(position: &Breakthru) -> i32 {
    let (gold, mover) = sums(&counts(position));
    gold_sign(position) * gold + mover
}

/// The evaluation explained for people (`eval`): each term, its count and its value, for
/// gold, then the side to move's own.
pub fn explain(position: &Breakthru) -> String {
    let counts = counts(position);
    let line = |index: usize| {
        let value = counts[index] * WEIGHTS[index];
        format!("{:<20} {:>5} {:>6}\n", NAMES[index], counts[index], value)
    };
    let mut text = format!(
        "{:<20} {:>5} {:>6}  (cp for gold)\n",
        "term", "count", "value"
    );
    text.extend((0..GOLD_FEATURES).map(line));
    let side = super::side_name(position.side_to_move());
    text += &format!("(cp for {side}, the side to move)\n");
    text.extend((GOLD_FEATURES..feature::COUNT).map(line));
    text += &format!(
        "evaluation {} cp for {side}, the side to move",
        evaluate(position)
    );
    text
}

/// Breakthru's evaluation as the search uses it: the network's, plus the hand-made one's
/// when the network is a residual one; the hand-made one alone where there is no network
/// (or `Use NNUE` is off).
pub struct Evaluation {
    /// The network and its accumulators along the current line, when there is a network.
    network: Option<(NetworkRef, AccumulatorStack<Inputs>)>,
}

impl game::Evaluation<Breakthru> for Evaluation {
    fn new(root: &Breakthru, choice: &EvalChoice) -> Evaluation {
        let network = choice.network(inputs::NET_KIND).map(|net| {
            let root = inputs::accumulator(&net, root);
            (net, AccumulatorStack::new(Inputs, root, MAX_PLY + 2))
        });
        Evaluation { network }
    }

    #[inline]
    fn evaluate(&mut self, position: &Breakthru, ply: usize) -> i32 {
        match &mut self.network {
            Some((net, stack)) => {
                let output = stack.evaluate(net, ply, position.side_to_move());
                if net.residual {
                    output + evaluate(position)
                } else {
                    output
                }
            }
            None => evaluate(position),
        }
    }

    #[inline]
    fn push_move(&mut self, position: &Breakthru, leg: Leg, ply: usize) {
        if let Some((_, stack)) = &mut self.network {
            stack.push_change(ply, Change::of(position, leg));
        }
    }

    #[inline]
    fn push_pass(&mut self, ply: usize) {
        if let Some((_, stack)) = &mut self.network {
            stack.push_pass(ply);
        }
    }
}

/// [`explain`], then the evaluation the search uses when a network takes part.
pub fn explain_with(position: &Breakthru, choice: &EvalChoice) -> String {
    let mut text = explain(position);
    let side = super::side_name(position.side_to_move());
    let total =
        <Evaluation as game::Evaluation<Breakthru>>::new(position, choice).evaluate(position, 0);
    text += "\n";
    text += &choice.network_lines(NetworkLines {
        kind: inputs::NET_KIND,
        net_name: "Breakthru",
        missing: "no Breakthru network",
        base: ("hand-made", evaluate(position)),
        total,
        side,
    });
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(fen: &str) -> Breakthru {
        Breakthru::from_fen(fen).unwrap()
    }

    #[test]
    fn scores_are_for_the_side_to_move() {
        let gold = position("11/11/11/11/11/5F5/11/11/11/11/sss8 g 0 1");
        let silver = position("11/11/11/11/11/5F5/11/11/11/11/sss8 s 0 1");
        let tempo = WEIGHTS[feature::TEMPO];
        assert_eq!(evaluate(&gold) - tempo, -(evaluate(&silver) - tempo));
    }

    #[test]
    fn the_evaluation_is_the_weighted_sum_of_the_features() {
        for fen in [
            "11/3sssss3/11/1s2EEE2s1/1s1E3E1s1/1s1E1F1E1s1/1s1E3E1s1/1s2EEE2s1/11/3sssss3/11 s 0 1",
            "11/2s2s5/11/4E6/3s1F3s1/11/6E2s1/5s5/2s5s2/11/11 g 10 40",
        ] {
            let position = position(fen);
            let features = features(&position);
            let sum: i32 = features.iter().zip(WEIGHTS).map(|(f, w)| f * w).sum();
            assert_eq!(sum, evaluate(&position), "{fen}");
        }
    }

    #[test]
    fn escapes_defenders_attackers_and_the_turn_count() {
        use feature::*;
        // Every line from f6 blocked, but every square the flagship reaches has a free line
        // to the edge across the board: three up, three down, four each way sideways.
        let blocked = position("11/5s5/11/11/11/s4F4s/11/11/11/5s5/11 s 0 1");
        let found = counts(&blocked);
        assert_eq!(found[OPEN_LINES], 0);
        assert_eq!(found[ESCAPE_SQUARES], 14);
        assert_eq!((found[EDGE_SILVER], found[NEAR_SILVER]), (2, 0));
        // Silver to move: gold's counts with silver's sign.
        assert_eq!(features(&blocked)[ESCAPE_SQUARES], -14);
        // Escorts on e7 and g5 guard two of the flagship's diagonals; d6 is near it, a1 on
        // the edge; silver's h8 is near too.
        let guarded = position("11/5s5/11/7s3/4E6/s2E1F4s/6E4/11/11/5s5/E10 g 0 1");
        let found = counts(&guarded);
        assert_eq!(found[GUARDING_ESCORTS], 2);
        assert_eq!(found[NEAR_ESCORTS], 3);
        assert_eq!(found[NEAR_SILVER], 1);
        assert_eq!(found[EDGE_ESCORTS], 1);
        assert_eq!(found[MID_TURN], 0);
        let leg = crate::games::breakthru::Leg::parse("d6d3").unwrap();
        let mid_turn = guarded.play_leg(leg);
        assert!(mid_turn.is_first_leg_played());
        assert_eq!(features(&mid_turn)[MID_TURN], 1);
        assert_eq!(features(&mid_turn)[TEMPO], 1);
    }

    #[test]
    fn the_explained_values_add_up_to_the_evaluation() {
        // Gold's terms count for gold, those after "(cp for <side>, the side to move)" for the
        // side to move: gold's with the side to move's sign plus the rest is the evaluation.
        for (fen, sign) in [
            ("11/11/11/11/11/5F5/11/11/11/11/sss8 g 0 1", 1),
            ("11/11/11/11/11/5F5/11/11/11/11/sss8 s 0 1", -1),
        ] {
            let position = position(fen);
            let text = explain(&position);
            let value = |line: &str| line.split_whitespace().last()?.parse::<i32>().ok();
            let mut lines = text.lines().skip(1);
            let gold: i32 = lines
                .by_ref()
                .take_while(|line| !line.contains("the side to move)"))
                .filter_map(value)
                .sum();
            let mover: i32 = lines.filter_map(value).sum();
            assert_eq!(sign * gold + mover, evaluate(&position), "{text}");
        }
    }

    #[test]
    fn open_lines_and_attackers_count() {
        // The flagship on f6 with all four lines open, against a blocked one.
        let open = position("11/11/11/11/11/5F5/11/11/11/11/s10 s 0 1");
        let blocked = position("11/5s5/11/11/11/s4F4s/11/11/11/5s5/11 s 0 1");
        assert!(evaluate(&open) < evaluate(&blocked) - 3 * WEIGHTS[feature::OPEN_LINES]);
        // A silver ship diagonally beside the flagship, gold to move.
        let touched = position("11/11/11/11/4s6/5F5/11/11/11/11/11 g 0 1");
        assert_eq!(features(&touched)[feature::TOUCHING_ATTACKERS], 1);
        assert!(explain(&touched).contains("touching attackers       1"));
    }
}
