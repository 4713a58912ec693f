//! Perft in turns, as the reference counts them: two slides legal in both orders count once,
//! and a finished game is a leaf, not expanded. From the start: 1,544 turns, 4,391,960 at
//! depth 2.
//!
//! The last level is counted without making a turn: for each first slide, the second slides
//! of the other ships are counted with whole-set fills (see [`Board121::count_slides`]),
//! less the pairs also legal the other way round that the canonical order lists under the
//! earlier ship.

use super::bitboard::{Board121, Direction};
use super::position::Breakthru;
use crate::game::Color;

impl Breakthru {
    /// The number of legal turns, `legal_turns().len()`, counted without listing them.
    pub fn count_turns(&self) -> u64 {
        if self.decided().is_some() {
            return 0;
        }
        let empty = self.empty();
        let ships = self.own_ships();
        if let Some(moved) = self.first_moved() {
            let others = ships & !Board121::square(moved);
            return u64::from(others.count_slides(empty, Board121::ALL));
        }
        let enemies = self.pieces(self.side.opponent());
        let mut turns = 0;
        // One capture per piece and diagonal at most, so each diagonal's set counts them.
        for vertical in [Direction::North, Direction::South] {
            for horizontal in [Direction::East, Direction::West] {
                let steps = self.pieces(self.side).step(vertical).step(horizontal);
                turns += u64::from((steps & enemies).count());
            }
        }
        if self.side == Color::White {
            turns += u64::from(self.flagship.count_slides(empty, Board121::ALL));
        }
        for a in ships.squares() {
            let from = Board121::square(a);
            let others = ships ^ from;
            let earlier = others & Board121((1 << a) - 1);
            for b in from.slides(empty).squares() {
                let to = Board121::square(b);
                let seconds = others.count_slides(empty ^ from ^ to, Board121::ALL);
                if seconds == 0 {
                    turns += 1; // the forced single slide
                    continue;
                }
                // A second slide from c to d by an earlier ship is also legal first, and this
                // slide after it, exactly when its path avoids a (and b) and d is not between
                // a and b: such a pair is listed under c.
                let reversed = earlier.count_slides(empty ^ to, !Board121::between(a, b));
                turns += u64::from(seconds - reversed);
            }
        }
        turns
    }
}

/// The number of turn sequences of `depth` turns from `position` (1 at depth 0).
pub fn perft(position: &Breakthru, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_turns(),
        _ => position
            .legal_turns()
            .into_iter()
            .map(|turn| perft(&position.play_turn(turn), depth - 1))
            .sum(),
    }
}

/// Perft split by first turn: each turn's text with the count of `depth - 1` turns below it,
/// sorted by text. Empty at depth 0.
pub fn divide(position: &Breakthru, depth: u32) -> Vec<(String, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut counts: Vec<(String, u64)> = position
        .legal_turns()
        .into_iter()
        .map(|turn| {
            (
                turn.to_string(),
                perft(&position.play_turn(turn), depth - 1),
            )
        })
        .collect();
    counts.sort();
    counts
}
