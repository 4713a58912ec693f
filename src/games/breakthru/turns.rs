//! Whole turns: [`BreakthruTurn`] (one leg, or two slides), listing the legal ones, playing
//! one, and reading `d10d9,h10h9` with an error that says what is wrong.
//!
//! Two slides that are legal in both orders are one turn (both orders reach the same
//! position); it is written, and listed once, in the canonical order: the leg whose
//! from-square comes first in a1, b1, ..., k1, a2, ... first. Two slides legal in one order
//! only are written in that order.

use super::bitboard::{Board121, SIDE};
use super::notation::{square_name, Leg};
use super::position::{side_name, Breakthru};
use super::zobrist::Piece;
use std::fmt;

/// A turn: a capture, a flagship slide or a forced single slide (one leg), or two slides.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum BreakthruTurn {
    Single(Leg),
    Double([Leg; 2]),
}

impl BreakthruTurn {
    /// The legs, in the order they are played.
    pub fn legs(&self) -> &[Leg] {
        match self {
            BreakthruTurn::Single(leg) => std::slice::from_ref(leg),
            BreakthruTurn::Double(legs) => legs,
        }
    }
}

/// `e5f6` or `d10d9,h10h9`.
impl fmt::Display for BreakthruTurn {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            BreakthruTurn::Single(leg) => write!(f, "{leg}"),
            BreakthruTurn::Double([first, second]) => write!(f, "{first},{second}"),
        }
    }
}

impl Breakthru {
    /// Every legal turn, each once, two slides in canonical order (none once the game is
    /// over). Mid-turn, what is left of the turn: each legal second slide as a one-leg turn.
    pub fn legal_turns(&self) -> Vec<BreakthruTurn> {
        let mut turns = Vec::new();
        for first in self.legal_legs().iter().copied() {
            let after = self.play_leg(first);
            if !after.is_first_leg_played() || self.is_first_leg_played() {
                turns.push(BreakthruTurn::Single(first));
                continue;
            }
            for second in after.legal_legs().iter().copied() {
                // Listed under `second` first instead, when that order is the canonical one.
                if !self.reversed_is_canonical(first, second) {
                    turns.push(BreakthruTurn::Double([first, second]));
                }
            }
        }
        turns
    }

    /// Whether two slides, legal in the order `first`, `second`, are written the other way
    /// round: both orders are legal and `second`'s from-square comes first.
    pub(super) fn reversed_is_canonical(&self, first: Leg, second: Leg) -> bool {
        second.from() < first.from()
            && self.is_legal_leg(second)
            && self.play_leg(second).is_legal_leg(first)
    }

    /// The position after a legal turn.
    pub fn play_turn(&self, turn: BreakthruTurn) -> Breakthru {
        turn.legs()
            .iter()
            .fold(*self, |position, &leg| position.play_leg(leg))
    }

    /// Reads a turn (`e5f6`, `d10d9,h10h9`: either order of two slides, when legal) and
    /// returns it in canonical form, or says what is wrong with it.
    pub fn parse_turn(&self, text: &str) -> Result<BreakthruTurn, String> {
        let texts: Vec<&str> = text.trim().split(',').collect();
        if texts.len() > 2 {
            return Err(format!(
                "'{text}' has {} legs: a turn has one or two",
                texts.len()
            ));
        }
        let first = Leg::parse(texts[0])?;
        self.explain_leg(first)
            .map_err(|why| format!("{first} is not legal: {why}"))?;
        let after = self.play_leg(first);
        let Some(second_text) = texts.get(1) else {
            if after.is_first_leg_played() {
                return Err(format!(
                    "{first} needs a second slide: a single slide is a whole turn only when no \
                     other ship can slide after it"
                ));
            }
            return Ok(BreakthruTurn::Single(first));
        };
        let second = Leg::parse(second_text)?;
        if !after.is_first_leg_played() {
            let why = if self.is_first_leg_played() {
                format!("{first} is the second slide of a turn already begun")
            } else if self.is_capture(first) {
                format!("{first} is a capture, which is a whole turn")
            } else if self.flagship() == Some(first.from()) {
                format!("{first} moves the flagship, which is a whole turn")
            } else {
                format!("after {first} no other ship can slide, so {first} is the whole turn")
            };
            return Err(format!("no second leg may follow: {why}"));
        }
        after
            .explain_leg(second)
            .map_err(|why| format!("{second} is not legal after {first}: {why}"))?;
        Ok(if self.reversed_is_canonical(first, second) {
            BreakthruTurn::Double([second, first])
        } else {
            BreakthruTurn::Double([first, second])
        })
    }

    /// `Ok` if `leg` may be played next, or else why not, in words.
    pub fn explain_leg(&self, leg: Leg) -> Result<(), String> {
        if self.is_legal_leg(leg) {
            return Ok(());
        }
        if self.is_setup() || leg.placer().is_some() {
            return self.explain_placement(leg);
        }
        if let Some((_, reason)) = self.outcome() {
            return Err(format!("the game is over ({reason})"));
        }
        let (from, to) = (leg.from(), leg.to());
        let (from_name, to_name) = (square_name(from), square_name(to));
        let diagonal_step = Board121::square(from).diagonal_neighbours().contains(to);
        if !self.pieces(self.side).contains(from) {
            return Err(match self.piece_at(from) {
                None => format!("there is no piece on {from_name}"),
                Some(_) => format!(
                    "{from_name} holds a piece of the other side, and {} is to move",
                    side_name(self.side)
                ),
            });
        }
        if let Some(moved) = self.first_moved() {
            if moved == from {
                return Err(format!(
                    "the ship on {from_name} has already slid this turn"
                ));
            }
            if self.piece_at(from) == Some(Piece::Flagship) {
                return Err("the flagship cannot make the second slide of a turn".into());
            }
            if diagonal_step && self.is_capture(leg) {
                return Err("the second leg of a turn cannot be a capture".into());
            }
        }
        if from == to {
            return Err("a leg must move its piece".into());
        }
        if diagonal_step {
            return Err(format!(
                "a diagonal step must capture an enemy, and {to_name} holds none"
            ));
        }
        if from % SIDE != to % SIDE && from / SIDE != to / SIDE {
            return Err(format!(
                "{from_name} to {to_name} is neither a slide along a rank or file nor a \
                 diagonal step"
            ));
        }
        if !self.empty().contains(to) {
            return Err(format!("{to_name} is taken: slides end on empty squares"));
        }
        let blockers = Board121::between(from, to) & !self.empty();
        match blockers
            .squares()
            .min_by_key(|square| square.abs_diff(from))
        {
            Some(square) => Err(format!("the slide is blocked on {}", square_name(square))),
            None => Err(format!("{leg} is not a legal leg here")),
        }
    }
}
