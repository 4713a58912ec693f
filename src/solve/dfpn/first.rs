//! The first numbers of a position the solver meets: settled on sight where the end of the
//! game or the game's exact rules decide it ([`Dfpn::classify`]), taken from the positions
//! after the defences where the rules leave only those ([`Dfpn::forced_numbers`]), and
//! otherwise from the game's evaluation and the number of moves worth searching (df-pn+),
//! so that the evaluation orders the moves, then weighed by the position's depth below the
//! solve's root (deep df-pn), so that the search follows a line deeper before it widens.

use super::{from_children, Dfpn};
use crate::game::{Evaluation, Exact, GameResult, Position};
use crate::solve::table::{encode_work, Numbers, INFINITY};

/// The depth from which deep df-pn's factor is 1 ([`deeper_first`]): from 25 to 35 every
/// board's start measured took fewer nodes than without the factor, and 30 the fewest on
/// the largest, 7x5 (30, 40, 50) and 5x6 (25, 30, 40): docs/results.md.
const DEPTH_HORIZON: u32 = 30;

/// Centipawns per doubling of a new position's first numbers: with the weights fitted to
/// proofs, 120 took the fewest nodes on the 6x6 probe and 7x5 of 100, 120, 150, 200 and 250
/// (docs/results.md); 200 was the best with the play weights.
const EVAL_SCALE: i32 = 120;
/// The evaluation is read in steps of an eighth of `EVAL_SCALE`, up to three doublings either
/// way: `FACTORS[i]` is 2^((i - 24) / 8) in 256ths, with the proof number it gives
/// (2 ÷ the factor, at least 1), worked out once rather than divided for every position.
const FACTOR_STEPS: i32 = 8;
static FACTORS: std::sync::LazyLock<[Factor; 49]> = std::sync::LazyLock::new(|| {
    std::array::from_fn(|i| {
        let scale = (256.0 * ((i as f64 - 24.0) / FACTOR_STEPS as f64).exp2()).round() as u32;
        Factor {
            scale,
            phi: ((512 + scale / 2) / scale).max(1),
        }
    })
});

/// One step of [`FACTORS`].
struct Factor {
    /// The factor, in 256ths.
    scale: u32,
    /// The first proof number at this factor.
    phi: u32,
}

/// The first numbers of an unsolved position `ply` plies below the solve's root, with
/// `replies` moves worth searching and the evaluation `eval` (centipawns, for its side to
/// move): the evaluation scales them (df-pn+), so that a position good for its side to move
/// looks hard to refute and easy to prove, by a factor of two per [`EVAL_SCALE`]
/// centipawns (at most 8), and then its depth ([`deeper_first`]).
#[inline]
fn initial(eval: i32, replies: u32, ply: usize) -> Numbers {
    deeper_first(unweighed(eval, replies), ply)
}

/// [`initial`]'s numbers before the depth weighs them: what the table keeps of a position
/// not searched yet, for the search may meet it again at another depth.
#[inline]
pub fn unweighed(eval: i32, replies: u32) -> Numbers {
    let step = EVAL_SCALE / FACTOR_STEPS;
    let index = (eval.saturating_add(step / 2).div_euclid(step) + 24).clamp(0, 48) as usize;
    let factor = &FACTORS[index];
    Numbers {
        phi: factor.phi,
        delta: ((replies * factor.scale + 128) / 256).max(1),
    }
}

/// Deep df-pn (Zhang, Kishimoto and Müller 2017): a new position `ply` plies below the
/// solve's root starts with its numbers multiplied by max(1, [`DEPTH_HORIZON`] − `ply`), so
/// that shallow positions look costlier than deep ones and the search follows a line deeper
/// before it widens: a proof is often a long narrow line.
#[inline]
pub fn deeper_first(numbers: Numbers, ply: usize) -> Numbers {
    let factor = DEPTH_HORIZON.saturating_sub(ply as u32).max(1);
    let scale = |n: u32| n.saturating_mul(factor).min(INFINITY - 1);
    Numbers {
        phi: scale(numbers.phi),
        delta: scale(numbers.delta),
    }
}

impl<P: Position> Dfpn<'_, P> {
    /// The first numbers of `position`, which the rules leave `open`, from an evaluation of
    /// its own rather than the line's: as a child of the solve's root would start
    /// ([`Dfpn::first_numbers`]), so that a job's children the search met and those it did
    /// not are on one scale.
    pub(super) fn fresh_numbers(&self, position: &P, open: Unsettled<P::Forced>) -> Numbers {
        let score = |position: &P, open: &Unsettled<P::Forced>| {
            let eval = P::Evaluation::new(position, self.choice).evaluate(position, 0);
            initial(eval, open.replies(), 1)
        };
        match open {
            Unsettled::Forced(defences) if P::ALTERNATES => {
                from_children(defences.as_ref().iter().map(|&defence| {
                    let after = position.play(defence);
                    self.classify(&after)
                        .unwrap_or_else(|open| score(&after, &open))
                }))
            }
            open => score(position, &open),
        }
    }

    /// The numbers of the child after `mv` that the table does not hold, for its side to
    /// move, and whether the end of the game or the rules settle it.
    pub(super) fn first_numbers(&mut self, position: &P, mv: P::Move, key: u64) -> (Numbers, bool) {
        let child = position.play(mv);
        match self.classify(&child) {
            Ok(numbers) => {
                self.table.store_first(key, numbers);
                (numbers, true)
            }
            Err(Unsettled::Forced(defences)) if P::ALTERNATES => {
                self.forced_numbers(position, mv, &child, defences, key)
            }
            Err(open) => {
                let ply = self.ply + 1;
                self.evaluation.push_move(position, mv, ply);
                let eval = self.evaluation.evaluate(&child, ply);
                let numbers = unweighed(eval, open.replies());
                self.table.store_first(key, numbers);
                (deeper_first(numbers, ply), false)
            }
        }
    }

    /// The numbers of `child`, the position after `mv`, whose side to move the rules leave
    /// only `defences`: from the positions after them, as if `child` were expanded (the
    /// least of their disproof numbers and the sum of their proof numbers), where the
    /// evaluation scores positions in which the threat has been answered rather than one in
    /// which it has not. If every defence loses by the end of the game or the rules, or one
    /// wins by them, the child is proved here, and the table keeps it for the proof's
    /// writer. Such forced positions are where short wins hide that the first numbers do
    /// not see: on the 6x6 probe this takes 0.77 of the nodes of the child's own
    /// evaluation, which only looked for defences that all fail (docs/results.md).
    fn forced_numbers(
        &mut self,
        position: &P,
        mv: P::Move,
        child: &P,
        defences: P::Forced,
        key: u64,
    ) -> (Numbers, bool) {
        let ply = self.ply + 1;
        self.evaluation.push_move(position, mv, ply);
        let numbers = from_children(defences.as_ref().iter().map(|&defence| {
            let after = child.play(defence);
            self.classify(&after).unwrap_or_else(|open| {
                self.evaluation.push_move(child, defence, ply + 1);
                let eval = self.evaluation.evaluate(&after, ply + 1);
                unweighed(eval, open.replies())
            })
        }));
        if numbers.is_solved() {
            let work = 1 + defences.as_ref().len() as u64;
            self.table.store(key, numbers, encode_work(work));
            return (numbers, false);
        }
        self.table.store_first(key, numbers);
        (deeper_first(numbers, ply), false)
    }

    /// A position's numbers if the game's end or its rules settle it (`Ok`), else (`Err`)
    /// the moves worth searching.
    pub(super) fn classify(&self, position: &P) -> Result<Numbers, Unsettled<P::Forced>> {
        match position.decided() {
            Some(GameResult::Win(winner)) if winner == position.side_to_move() => {
                return Ok(Numbers::WON)
            }
            Some(GameResult::Win(_)) => return Ok(Numbers::LOST),
            Some(GameResult::Draw) => panic!("a game that cannot be drawn was drawn"),
            None => {}
        }
        match position.solver_exact(&self.tables) {
            Exact::Won(_) => Ok(Numbers::WON),
            Exact::Lost(_) => Ok(Numbers::LOST),
            Exact::Forced(defences) => Err(Unsettled::Forced(defences)),
            Exact::Open => Err(Unsettled::Open(position.count_moves() as u32)),
        }
    }
}

/// What a position the game's end and rules leave open has worth searching.
pub(super) enum Unsettled<F> {
    /// Only these defences; every other move loses by the rules.
    Forced(F),
    /// All its moves, this many.
    Open(u32),
}

impl<F> Unsettled<F> {
    /// How many moves are worth searching.
    pub(super) fn replies<M>(&self) -> u32
    where
        F: AsRef<[M]>,
    {
        match self {
            Unsettled::Forced(defences) => defences.as_ref().len() as u32,
            Unsettled::Open(moves) => *moves,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deeper_first_weighs_shallow_positions_more_down_to_the_horizon() {
        let numbers = Numbers { phi: 3, delta: 7 };
        let at = |ply| deeper_first(numbers, ply);
        assert_eq!(
            at(1),
            Numbers {
                phi: 87,
                delta: 203
            }
        );
        assert_eq!(at(29), numbers);
        assert_eq!(at(200), numbers);
        let huge = deeper_first(
            Numbers {
                phi: INFINITY / 2,
                delta: 1,
            },
            0,
        );
        assert_eq!(huge.phi, INFINITY - 1, "saturates below infinity");
        assert_eq!(huge.delta, DEPTH_HORIZON);
    }
}
