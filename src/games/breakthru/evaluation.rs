//! Breakthru's hand-made evaluation: a sum of terms, in centipawns for gold, turned to the
//! side to move. What it measures is the siege itself: the flagship's open lines to the
//! edge (each one silver must block), how near the edge it stands, how free it is, the
//! silver ships that touch it or can reach a square from which they would take it, and the
//! material and mobility of both fleets.
//!
//! The weights are set by hand for now, as first guesses; fitting them on self-play (Texel
//! tuning) is the next step.

use super::bitboard::{Board121, SIDE};
use super::position::Breakthru;
use crate::eval::EvalChoice;
use crate::game::{Color, Evaluation};

/// One term of the evaluation: its name, its value for gold, and the count it weighs.
pub struct Term {
    pub name: &'static str,
    pub count: i32,
    pub weight: i32,
}

const ESCORT: i32 = 100;
const SILVER_SHIP: i32 = 60;
/// Per edge square the flagship could slide to now.
const OPEN_LINE: i32 = 150;
/// Per step the flagship stands nearer the edge than the centre.
const EDGE_NEARNESS: i32 = 20;
const FLAGSHIP_MOBILITY: i32 = 4;
/// Per silver ship diagonally beside the flagship (with gold to move: silver is not).
const TOUCHING_ATTACKER: i32 = -120;
/// Per empty square beside the flagship diagonally that a silver ship can slide to.
const ATTACK_SQUARE: i32 = -25;
const MOBILITY: i32 = 1;
/// For the side to move: the initiative is worth something in a race of threats.
const TEMPO: i32 = 15;

/// Every term for gold (without the tempo), for `eval` and the sum.
pub fn terms(position: &Breakthru) -> Vec<Term> {
    let empty = position.empty();
    let silver = position.silver();
    let term = |name, count, weight| Term {
        name,
        count,
        weight,
    };
    let mut terms = vec![
        term("escorts", position.escorts().count() as i32, ESCORT),
        term("silver ships", silver.count() as i32, -SILVER_SHIP),
        term(
            "gold mobility",
            position.escorts().count_slides(empty, Board121::ALL) as i32,
            MOBILITY,
        ),
        term(
            "silver mobility",
            silver.count_slides(empty, Board121::ALL) as i32,
            -MOBILITY,
        ),
    ];
    if let Some(square) = position.flagship() {
        let flagship = Board121::square(square);
        let reach = flagship.slides(empty);
        let beside = flagship.diagonal_neighbours();
        let (file, rank) = (square % SIDE, square / SIDE);
        let to_edge = file.min(SIDE - 1 - file).min(rank).min(SIDE - 1 - rank);
        terms.extend([
            term(
                "open lines",
                (reach & Board121::EDGES).count() as i32,
                OPEN_LINE,
            ),
            term("edge nearness", (SIDE / 2 - to_edge) as i32, EDGE_NEARNESS),
            term("flagship mobility", reach.count() as i32, FLAGSHIP_MOBILITY),
            term(
                "touching attackers",
                (beside & silver).count() as i32,
                TOUCHING_ATTACKER,
            ),
            term(
                "attack squares",
                (beside & empty & silver.slides(empty)).count() as i32,
                ATTACK_SQUARE,
            ),
        ]);
    }
    terms
}

/// The evaluation for the side to move.
pub fn evaluate(position: &Breakthru) -> i32 {
    let gold: i32 = terms(position).iter().map(|t| t.count * t.weight).sum();
    match position.side_to_move() {
        Color::White => gold + TEMPO,
        Color::Black => TEMPO - gold,
    }
}

/// The evaluation explained for people (`eval`): each term, its count and its value.
pub fn explain(position: &Breakthru) -> String {
    let mut text = format!(
        "{:<20} {:>5} {:>6}  (cp for gold)\n",
        "term", "count", "value"
    );
    for term in terms(position) {
        text += &format!(
            "{:<20} {:>5} {:>6}\n",
            term.name,
            term.count,
            term.count * term.weight
        );
    }
    let side = super::side_name(position.side_to_move());
    // The tempo is the side to move's, so against gold when silver is to move: the column
    // adds up to the evaluation for gold.
    let tempo = match position.side_to_move() {
        Color::White => TEMPO,
        Color::Black => -TEMPO,
    };
    text += &format!(
        "{:<20} {:>5} {:>6}\nevaluation {} cp for {side}, the side to move",
        "tempo",
        "",
        tempo,
        evaluate(position)
    );
    text
}

/// The search's evaluation of Breakthru: the terms above, from the position alone (nothing
/// to update along the line).
pub struct HandMade;

impl Evaluation<Breakthru> for HandMade {
    fn new(_: &Breakthru, _: &EvalChoice) -> HandMade {
        HandMade
    }

    fn evaluate(&mut self, position: &Breakthru, _: usize) -> i32 {
        evaluate(position)
    }

    fn push_move(&mut self, _: &Breakthru, _: super::Leg, _: usize) {}

    fn push_pass(&mut self, _: usize) {}
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
        assert_eq!(evaluate(&gold) - TEMPO, -(evaluate(&silver) - TEMPO));
    }

    #[test]
    fn the_explained_values_add_up_to_the_evaluation_for_gold() {
        for (fen, gold) in [
            ("11/11/11/11/11/5F5/11/11/11/11/sss8 g 0 1", 1),
            ("11/11/11/11/11/5F5/11/11/11/11/sss8 s 0 1", -1),
        ] {
            let position = position(fen);
            let text = explain(&position);
            let values: i32 = text
                .lines()
                .skip(1)
                .filter_map(|line| line.split_whitespace().last()?.parse::<i32>().ok())
                .sum();
            assert_eq!(values, gold * evaluate(&position), "{text}");
        }
    }

    #[test]
    fn open_lines_and_attackers_count() {
        // The flagship on f6 with all four lines open, against a blocked one.
        let open = position("11/11/11/11/11/5F5/11/11/11/11/s10 s 0 1");
        let blocked = position("11/5s5/11/11/11/s4F4s/11/11/11/5s5/11 s 0 1");
        assert!(evaluate(&open) < evaluate(&blocked) - 3 * OPEN_LINE);
        // A silver ship diagonally beside the flagship, gold to move.
        let touched = position("11/11/11/11/4s6/5F5/11/11/11/11/11 g 0 1");
        let lines = terms(&touched);
        let attackers = lines
            .iter()
            .find(|t| t.name == "touching attackers")
            .unwrap();
        assert_eq!(attackers.count, 1);
    }
}
