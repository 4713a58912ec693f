//! Match statistics over colour-swapped game pairs (the pentanomial model), with the
//! formulas fastchess uses: the Elo difference from the mean pair score, a 95 % error bar
//! from the variance of pair scores, and the likelihood of superiority.
//!
//! Scoring pairs rather than games removes the variance the opening adds: a lopsided
//! opening gives each side one win and counts as an even pair. A pair's two games give
//! the first engine 0, ½, 1, 1½ or 2 points (a draw is half a point), so a pair with one
//! draw fills a half-point bucket, and two draws count as one point, like a win and a
//! loss. Breakthrough has no draws, so unless games are adjudicated only the 0-, 1- and
//! 2-point buckets fill. The mean and variance are taken over the five bucket scores, so
//! draws need no formula of their own: they move the mean by half a point and shrink the
//! variance, which narrows the error bar.

/// The z-score of a two-sided 95 % interval.
const Z95: f64 = 1.959_963_984_540_054;

/// Pair counts by the first engine's points in the pair: 0, 0.5, 1, 1.5, 2.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Pentanomial(pub [u64; 5]);

/// The score of each bucket as a fraction of the pair's two points.
pub const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

impl Pentanomial {
    /// Counts a finished pair in which the first engine scored `half_points` (0 to 4;
    /// see [`GameResult::half_points`](super::game_record::GameResult::half_points)).
    pub fn add_pair(&mut self, half_points: u8) {
        self.0[usize::from(half_points)] += 1;
    }

    pub fn pairs(&self) -> u64 {
        self.0.iter().sum()
    }

    /// Mean pair score (0 to 1) and the variance of one pair's score.
    fn mean_and_variance(&self) -> Option<(f64, f64)> {
        let pairs = self.pairs() as f64;
        if pairs == 0.0 {
            return None;
        }
        let frequency = |i: usize| self.0[i] as f64 / pairs;
        let mean: f64 = (0..5).map(|i| frequency(i) * PAIR_SCORES[i]).sum();
        let variance = (0..5)
            .map(|i| frequency(i) * (PAIR_SCORES[i] - mean).powi(2))
            .sum();
        Some((mean, variance))
    }
}

/// What a pentanomial count says about the first engine against the second.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct EloEstimate {
    /// Mean score, 0 to 1.
    pub score: f64,
    /// Logistic Elo difference (infinite after a clean sweep).
    pub elo: f64,
    /// Half the width of the 95 % interval in Elo (infinite when the interval reaches a
    /// score of 0 or 1).
    pub error: f64,
    /// Likelihood of superiority, 0 to 1.
    pub los: f64,
}

impl EloEstimate {
    pub fn new(pentanomial: &Pentanomial) -> Option<EloEstimate> {
        let (score, variance) = pentanomial.mean_and_variance()?;
        let per_pair = variance / pentanomial.pairs() as f64;
        let margin = Z95 * per_pair.sqrt();
        let error = (score_to_elo(score + margin) - score_to_elo(score - margin)) / 2.0;
        let los = if per_pair == 0.0 {
            // Every pair the same: no doubt left about the sign.
            match score.partial_cmp(&0.5) {
                Some(std::cmp::Ordering::Greater) => 1.0,
                Some(std::cmp::Ordering::Less) => 0.0,
                _ => 0.5,
            }
        } else {
            (1.0 - erf(-(score - 0.5) / (2.0 * per_pair).sqrt())) / 2.0
        };
        Some(EloEstimate {
            score,
            elo: score_to_elo(score),
            error: if error.is_nan() { f64::INFINITY } else { error },
            los,
        })
    }
}

/// The logistic Elo difference that gives an expected score `score`.
pub fn score_to_elo(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        // `+ 0.0` turns the -0.0 of an even score into 0.0 for printing.
        -400.0 * (1.0 / score - 1.0).log10() + 0.0
    }
}

/// The expected score at a logistic Elo difference.
pub fn elo_to_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The error function, W. J. Cody's rational approximations as given in Numerical
/// Recipes (`erfc` via Chebyshev fit), accurate to about 1.2e-7: far finer than the two
/// decimals of a printed percentage.
pub fn erf(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let erfc = t * poly.exp();
    if x >= 0.0 {
        1.0 - erfc
    } else {
        erfc - 1.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(actual: f64, expected: f64, tolerance: f64) {
        assert!(
            (actual - expected).abs() <= tolerance,
            "{actual} is not within {tolerance} of {expected}"
        );
    }

    #[test]
    fn erf_values() {
        close(erf(0.0), 0.0, 1e-7);
        close(erf(0.5), 0.520_499_877_8, 2e-7);
        close(erf(1.0), 0.842_700_792_9, 2e-7);
        close(erf(-2.0), -0.995_322_265_0, 2e-7);
    }

    #[test]
    fn by_hand() {
        // 10 pairs: 2 lost both games, 4 split, 4 won both.
        let mut counts = Pentanomial::default();
        for half_points in [0, 0, 2, 2, 2, 2, 4, 4, 4, 4] {
            counts.add_pair(half_points);
        }
        assert_eq!(counts, Pentanomial([2, 0, 4, 0, 4]));
        let e = EloEstimate::new(&counts).unwrap();
        // Mean (0*2 + 0.5*4 + 1*4) / 10 = 0.6; pair variance
        // (2*0.36 + 4*0.01 + 4*0.16) / 10 = 0.14, so 0.014 for the mean.
        close(e.score, 0.6, 1e-12);
        close(e.elo, -400.0 * (1.0f64 / 0.6 - 1.0).log10(), 1e-9);
        close(e.elo, 70.437, 1e-3);
        // The 95 % score interval 0.6 -/+ 1.96 * sqrt(0.014) = [0.36809, 0.83191] spans
        // Elo -93.88 to 277.81: half of that is the error bar.
        close(e.error, 185.843, 1e-3);
        // LOS = Phi(0.1 / sqrt(0.014)) = Phi(0.845154) = 0.800988
        close(e.los, 0.800_988, 1e-6);
    }

    /// Ptnml lines and the Elo, error and LOS fastchess printed for them.
    #[test]
    fn matches_fastchess_output() {
        for (counts, elo, error, los) in [
            ([352, 579, 1264, 743, 464], 19.83, 6.77, 100.00),
            ([19, 82, 272, 308, 361], 162.63, 13.49, 100.00),
            ([790, 1759, 3256, 1780, 807], 1.14, 4.04, 70.95),
            ([34, 49, 128, 62, 27], -0.58, 21.41, 47.88),
        ] {
            let e = EloEstimate::new(&Pentanomial(counts)).unwrap();
            close(e.elo, elo, 0.005);
            close(e.error, error, 0.005);
            close(e.los * 100.0, los, 0.005);
        }
        // A near sweep: the interval runs past a score of 1.
        let sweep = EloEstimate::new(&Pentanomial([0, 0, 2, 0, 37])).unwrap();
        close(sweep.elo, 631.91, 0.005);
        assert!(sweep.error.is_infinite());
    }

    /// Draw-heavy pair counts and the Elo, error bar and LOS of fishtest's
    /// `stat_util.get_elo` for them, which works per game (twice the pairs, half the
    /// variance each) and comes to the same formulas. The first two are from fishtest's
    /// own tests; no bucket is empty, where fishtest would regularise.
    #[test]
    fn draw_heavy_pairs_match_fishtest() {
        for (counts, elo, error, los) in [
            ([39, 2226, 31451, 2412, 40], 0.9030, 0.6625, 99.6222),
            ([1187, 7410, 13475, 7378, 1164], -0.4426, 1.7299, 30.8014),
            ([3, 120, 1500, 160, 7], 4.6586, 3.3965, 99.6413),
        ] {
            let e = EloEstimate::new(&Pentanomial(counts)).unwrap();
            close(e.elo, elo, 5e-5);
            close(e.error, error, 5e-5);
            close(e.los * 100.0, los, 5e-5);
        }
    }

    #[test]
    fn degenerate_counts() {
        assert_eq!(EloEstimate::new(&Pentanomial::default()), None);
        let even = EloEstimate::new(&Pentanomial([0, 0, 5, 0, 0])).unwrap();
        assert_eq!((even.elo, even.error, even.los), (0.0, 0.0, 0.5));
        let sweep = EloEstimate::new(&Pentanomial([0, 0, 0, 0, 3])).unwrap();
        assert_eq!((sweep.elo, sweep.los), (f64::INFINITY, 1.0));
        let lost = EloEstimate::new(&Pentanomial([3, 0, 0, 0, 0])).unwrap();
        assert_eq!((lost.elo, lost.los), (f64::NEG_INFINITY, 0.0));
        close(elo_to_score(score_to_elo(0.3)), 0.3, 1e-12);
    }
}
