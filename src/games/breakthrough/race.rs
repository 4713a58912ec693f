//! Races: results that runners near the goal decide statically, a few plies before the game
//! ends. The search cuts its tree with them, the solver ends proofs with them, and the proof
//! checker re-checks every leaf that cites one, so each [`Pattern`] must be exactly true
//! whenever it [holds](Race::holds); `tests/race.rs` compares them with a brute-force search.
//!
//! Distances count the steps a piece still needs to its goal rank: a piece one step from its
//! goal is a *runner*. Two facts carry every pattern. A square one step from a colour's goal
//! can be attacked only from the enemy's home row, which no piece can ever enter, so a
//! square no enemy attacks there stays unattacked for the rest of the game. And a runner
//! always has a move to the goal (a diagonal step to an empty square or a capture).

use super::bitboard::Bitboard;
use super::geometry::Layout;
use super::moves::Move;
use super::position::{Position, Step};
use super::Color;
use std::fmt;

/// A static result, named as proofs cite it: `win1` means the side to move wins within one
/// ply, `loss4` that it loses within four.
#[derive(Clone, Copy, PartialEq, Eq, Debug, PartialOrd, Ord, Hash)]
pub enum Pattern {
    /// The side to move has a runner: it steps to the goal.
    Win1,
    /// The enemy has two runners, or one the side to move cannot capture (and the side to
    /// move has none).
    Loss2,
    /// The side to move has a piece two steps from its goal that can step to a square no
    /// enemy attacks, and the enemy has no runner: nothing can stop the new runner.
    Win3,
    /// The enemy has such a safe step and no move of the side to move (which has nothing
    /// within two steps of its goal) takes it away: no capture of the stepping piece, no
    /// blocking step into the square straight in front of it.
    Loss4,
    /// The side to move can bring a piece to two steps from its goal on a square no enemy
    /// attacks, from where it keeps a safe step whatever the enemy does (the enemy's only
    /// way to take that step away, stepping straight into it from its home row, is tried),
    /// while every enemy piece is at least three steps from its goal.
    Win5,
}

impl Pattern {
    pub const ALL: [Pattern; 5] = [
        Pattern::Win1,
        Pattern::Loss2,
        Pattern::Win3,
        Pattern::Loss4,
        Pattern::Win5,
    ];

    /// The most plies until the game ends.
    pub fn plies(self) -> u32 {
        match self {
            Pattern::Win1 => 1,
            Pattern::Loss2 => 2,
            Pattern::Win3 => 3,
            Pattern::Loss4 => 4,
            Pattern::Win5 => 5,
        }
    }

    /// Whether the side to move is the one that wins.
    pub fn side_to_move_wins(self) -> bool {
        self.plies() % 2 == 1
    }

    pub fn name(self) -> &'static str {
        match self {
            Pattern::Win1 => "win1",
            Pattern::Loss2 => "loss2",
            Pattern::Win3 => "win3",
            Pattern::Loss4 => "loss4",
            Pattern::Win5 => "win5",
        }
    }

    pub fn from_name(name: &str) -> Option<Pattern> {
        Pattern::ALL.into_iter().find(|p| p.name() == name)
    }
}

/// A pattern displays as its name, as proofs cite it.
impl fmt::Display for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The most moves a defence against a runner can have (captures and blocking steps).
const MAX_DEFENCES: usize = 8;

/// The moves that answer an enemy threat; every other move loses to it.
#[derive(Clone, Copy, Debug)]
pub struct Defences {
    moves: [Move; MAX_DEFENCES],
    len: usize,
}

impl Defences {
    fn new() -> Defences {
        Defences {
            moves: [Move::NULL; MAX_DEFENCES],
            len: 0,
        }
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

/// What the race patterns say about a position (whose game is not over): `Forced` carries
/// the defences, and the pattern (`Win1` or `Win3`, with the enemy to move) by which every
/// other move loses.
pub type Verdict = crate::game::proof::Verdict<Defences, Pattern>;

/// The race patterns for one board size: the ranks at each distance from each colour's goal.
#[derive(Clone, Copy, Debug)]
pub struct Race<B> {
    /// `distance[color][d]`: the rank `d` steps before `color`'s goal rank.
    distance: [[B; 4]; 2],
}

impl<B: Bitboard> Race<B> {
    pub fn new(layout: &Layout<B>) -> Race<B> {
        let top = layout.size.rows() - 1;
        Race {
            distance: [
                std::array::from_fn(|d| layout.rank(top - d)),
                std::array::from_fn(|d| layout.rank(d)),
            ],
        }
    }

    /// Pieces of `color` exactly `d` steps (0 to 3) from their goal.
    #[inline]
    pub fn at_distance(&self, position: &Position<B>, color: Color, d: usize) -> B {
        position.pieces(color) & self.distance[color as usize][d]
    }

    /// Pieces of `color` one step from their goal.
    #[inline]
    pub fn runners(&self, position: &Position<B>, color: Color) -> B {
        self.at_distance(position, color, 1)
    }

    /// Pieces of `color` two steps from their goal that can step to a square no enemy
    /// attacks.
    #[inline]
    pub fn safe_steppers(&self, position: &Position<B>, color: Color) -> B {
        let candidates = self.at_distance(position, color, 2);
        if candidates.is_empty() {
            return B::EMPTY;
        }
        let unsafe_squares = position.attacks(color.opponent());
        let mut steppers = B::EMPTY;
        for step in Step::ALL {
            let targets = position.step_targets_from(color, candidates, step) & !unsafe_squares;
            for to in targets.squares() {
                steppers |= B::square(position.origin(color, step, to));
            }
        }
        steppers
    }

    /// The patterns up to `deepest` (in [`Pattern::ALL`] order), checked in order of how
    /// soon they end the game. The search stops at `Loss4`; the solver also uses `Win5`.
    #[inline]
    pub fn verdict(&self, position: &Position<B>, deepest: Pattern) -> Verdict {
        let us = position.side_to_move();
        let them = us.opponent();
        if !self.runners(position, us).is_empty() {
            return Verdict::Won(Pattern::Win1);
        }
        let runners = self.runners(position, them);
        if !runners.is_empty() {
            return match self.runner_captures(position, runners) {
                None => Verdict::Lost(Pattern::Loss2),
                Some(captures) => Verdict::Forced(captures, Pattern::Win1),
            };
        }
        if !self.safe_steppers(position, us).is_empty() {
            return Verdict::Won(Pattern::Win3);
        }
        if deepest >= Pattern::Loss4 {
            if let Some(defences) = self.defences_against_safe_steps(position) {
                return match defences.len {
                    0 => Verdict::Lost(Pattern::Loss4),
                    _ => Verdict::Forced(defences, Pattern::Win3),
                };
            }
        }
        if deepest >= Pattern::Win5 && self.win5(position) {
            return Verdict::Won(Pattern::Win5);
        }
        Verdict::Open
    }

    /// Whether `pattern` holds in `position` on its own terms: the check a proof leaf gets.
    pub fn holds(&self, pattern: Pattern, position: &Position<B>) -> bool {
        if position.winner_by_pieces().is_some() {
            return false;
        }
        let us = position.side_to_move();
        let them = us.opponent();
        match pattern {
            Pattern::Win1 => !self.runners(position, us).is_empty(),
            Pattern::Loss2 => {
                let runners = self.runners(position, them);
                self.runners(position, us).is_empty()
                    && !runners.is_empty()
                    && self.runner_captures(position, runners).is_none()
            }
            Pattern::Win3 => {
                self.runners(position, them).is_empty()
                    && !self.safe_steppers(position, us).is_empty()
            }
            Pattern::Loss4 => {
                self.runners(position, them).is_empty()
                    && self
                        .defences_against_safe_steps(position)
                        .is_some_and(|d| d.len == 0)
            }
            Pattern::Win5 => self.win5(position),
        }
    }

    /// The captures of the enemy's single runner, or `None` when there is more than one
    /// runner or none of ours attacks it (`runners` is not empty).
    fn runner_captures(&self, position: &Position<B>, runners: B) -> Option<Defences> {
        if runners.count() > 1 {
            return None;
        }
        let mut defences = Defences::new();
        let us = position.side_to_move();
        for step in [Step::TowardFirstFile, Step::TowardLastFile] {
            for to in (position.step_targets(us, step) & runners).squares() {
                defences.moves[defences.len] = Move::new(position.origin(us, step, to), to);
                defences.len += 1;
            }
        }
        (defences.len > 0).then_some(defences)
    }

    /// When the enemy (with no runner) has a safe step and we have nothing within two steps
    /// of our goal (no runner of our own in time, no step to delay it with): the moves after
    /// which the enemy has no safe step left, possibly none. `None` when the rule does not
    /// apply.
    ///
    /// Only two kinds of move can take a safe step away: capturing the stepping piece, and
    /// stepping straight into the square straight in front of it (a piece entering a target
    /// square diagonally would have attacked it, so it was not safe; one entering a diagonal
    /// target straight is simply captured there). Each candidate is played and the enemy's
    /// safe steps counted again, because moving a piece off our home row also uncovers squares.
    fn defences_against_safe_steps(&self, position: &Position<B>) -> Option<Defences> {
        let us = position.side_to_move();
        let them = us.opponent();
        let threats = self.safe_steppers(position, them);
        let our_near = self.at_distance(position, us, 1) | self.at_distance(position, us, 2);
        if threats.is_empty() || !our_near.is_empty() {
            return None;
        }
        let mut candidates = [Move::NULL; 2 * MAX_DEFENCES];
        let mut count = 0;
        let mut add = |mv: Move| {
            if count < candidates.len() {
                candidates[count] = mv;
            }
            count += 1;
        };
        for step in [Step::TowardFirstFile, Step::TowardLastFile] {
            for to in (position.step_targets(us, step) & threats).squares() {
                add(Move::new(position.origin(us, step, to), to));
            }
        }
        // Straight targets of the threats, and our pieces straight behind them.
        let straight_targets =
            position.step_targets_from(them, threats, Step::Straight) & !position.attacks(us);
        for to in (position.step_targets(us, Step::Straight) & straight_targets).squares() {
            add(Move::new(position.origin(us, Step::Straight, to), to));
        }
        if count > candidates.len() {
            // More candidates than expected: say nothing rather than guess.
            return None;
        }
        let mut defences = Defences::new();
        for &mv in &candidates[..count] {
            if self.safe_steppers(&position.play(mv), them).is_empty() {
                if defences.len == MAX_DEFENCES {
                    return None;
                }
                defences.moves[defences.len] = mv;
                defences.len += 1;
            }
        }
        Some(defences)
    }

    /// `Win5`: a step of ours to two steps from the goal, onto a square the enemy does not
    /// attack, after which every enemy piece is at least three steps from its goal and the
    /// new piece keeps a safe step whatever the enemy does.
    fn win5(&self, position: &Position<B>) -> bool {
        let us = position.side_to_move();
        let them = us.opponent();
        if !self.runners(position, them).is_empty() {
            return false;
        }
        let movers = self.at_distance(position, us, 3);
        if movers.is_empty() {
            return false;
        }
        let enemy_near = |p: &Position<B>| {
            !(self.at_distance(p, them, 1) | self.at_distance(p, them, 2)).is_empty()
        };
        // Our step can capture at most one enemy piece that is near its goal.
        let near = self.at_distance(position, them, 2);
        if near.count() > 1 || (near.count() == 1 && (position.attacks(us) & near).is_empty()) {
            return false;
        }
        // A square the enemy attacks stays attacked after our step (which captures on its
        // own rank only): skip steps onto one, or to where every step on is attacked or ours.
        let attacked = position.attacks(them);
        let onward = !attacked & !position.pieces(us);
        for step in Step::ALL {
            let targets = position.step_targets_from(us, movers, step) & !attacked;
            for to in targets.squares() {
                if (position.squares_ahead(us, B::square(to)) & onward).is_empty() {
                    continue;
                }
                let mv = Move::new(position.origin(us, step, to), to);
                let next = position.play(mv);
                if next.winner_by_pieces().is_some() {
                    return true;
                }
                // `to` stays unattacked: our step only takes enemy attacks away.
                if enemy_near(&next) {
                    continue;
                }
                if self.keeps_safe_step(&next, to) {
                    return true;
                }
            }
        }
        false
    }

    /// With the enemy to move in `position`, whether our piece on `square` (two steps from
    /// its goal, not attacked) has a safe step now and after any enemy move. The enemy can
    /// only step straight into the square straight in front of the piece, from its home row.
    fn keeps_safe_step(&self, position: &Position<B>, square: usize) -> bool {
        let them = position.side_to_move();
        let us = them.opponent();
        let piece = B::square(square);
        let safe_step = |p: &Position<B>| !(self.safe_steppers(p, us) & piece).is_empty();
        if !safe_step(position) {
            return false;
        }
        let ahead = position.step_targets_from(us, piece, Step::Straight);
        for to in (position.step_targets(them, Step::Straight) & ahead).squares() {
            let block = Move::new(position.origin(them, Step::Straight, to), to);
            if !safe_step(&position.play(block)) {
                return false;
            }
        }
        true
    }
}
