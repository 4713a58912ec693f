//! The first numbers of a position the solver meets: from the game's evaluation and the
//! number of moves worth searching (df-pn+), so that the evaluation orders the moves, then
//! weighed by the position's depth below the solve's root (deep df-pn), so that the search
//! follows a line deeper before it widens.

use super::table::{Numbers, INFINITY};

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
pub fn initial(eval: i32, replies: u32, ply: usize) -> Numbers {
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
