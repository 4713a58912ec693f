//! The sequential probability ratio test on pentanomial counts, as fastchess computes it
//! (after Michel Van den Bergh, "Comments on Normalized Elo"): the log-likelihood ratio of
//! the maximum-likelihood pair distributions whose expected score is that of `elo1` and of
//! `elo0`, stopped at Wald's bounds.
//!
//! Two models fix the hypotheses: `normalized` (fastchess's default) reads elo0 and elo1 as
//! normalized Elo, which measures a difference against the spread of results; `logistic`
//! reads them as plain Elo.
//!
//! Draws need no model of their own. The five buckets are the first engine's points in a
//! pair, 0, ½, 1, 1½ and 2, whatever mix of wins, draws and losses made them, and the
//! likelihood is over those five; a draw only moves a pair into a half-point bucket (or two
//! draws into the middle one). fishtest computes the same LLR (`LLRcalc.LLR_logistic` and
//! `LLR_normalized`); the tests compare against it on draw-heavy samples. Games are always
//! played in colour-swapped pairs here, so the trinomial (per game) model, which fishtest
//! keeps for unpaired games, is not needed.

use super::stats::{elo_to_score, Pentanomial, PAIR_SCORES};

/// How `elo0` and `elo1` are read (see the module documentation).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SprtModel {
    Normalized,
    Logistic,
}

#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
    pub model: SprtModel,
}

/// Which hypothesis the test accepted.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Hypothesis {
    /// The difference is at most elo0.
    H0,
    /// The difference is at least elo1.
    H1,
}

/// A zero count would make a log-likelihood infinite; fastchess counts it as this.
const ZERO_COUNT: f64 = 1e-3;

impl Sprt {
    /// Reads `elo0=0 elo1=10 alpha=0.05 beta=0.05 model=normalized` (alpha, beta and model
    /// may be left out).
    pub fn parse(words: &[String]) -> Result<Sprt, String> {
        let mut sprt = Sprt {
            elo0: f64::NAN,
            elo1: f64::NAN,
            alpha: 0.05,
            beta: 0.05,
            model: SprtModel::Normalized,
        };
        for word in words {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| format!("--sprt: expected key=value, got '{word}'"))?;
            let number = || {
                value
                    .parse::<f64>()
                    .ok()
                    .filter(|v| v.is_finite())
                    .ok_or_else(|| format!("--sprt: bad {key} '{value}'"))
            };
            match key {
                "elo0" => sprt.elo0 = number()?,
                "elo1" => sprt.elo1 = number()?,
                "alpha" => sprt.alpha = number()?,
                "beta" => sprt.beta = number()?,
                "model" => {
                    sprt.model = match value {
                        "normalized" => SprtModel::Normalized,
                        "logistic" => SprtModel::Logistic,
                        _ => {
                            return Err(format!(
                                "--sprt: unknown model '{value}' (normalized or logistic)"
                            ))
                        }
                    }
                }
                _ => return Err(format!("--sprt: unknown setting '{key}'")),
            }
        }
        if sprt.elo0.is_nan() || sprt.elo1.is_nan() {
            return Err("--sprt needs elo0= and elo1=".into());
        }
        if sprt.elo0 >= sprt.elo1 {
            return Err("--sprt: elo0 must be less than elo1".into());
        }
        let probability = |p: f64| p > 0.0 && p < 1.0;
        if !probability(sprt.alpha) || !probability(sprt.beta) || sprt.alpha + sprt.beta >= 1.0 {
            return Err(
                "--sprt: alpha and beta must lie between 0 and 1, with a sum below 1".into(),
            );
        }
        Ok(sprt)
    }

    /// Wald's bounds: accept H0 at or below the first, H1 at or above the second.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    pub fn decision(&self, llr: f64) -> Option<Hypothesis> {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(Hypothesis::H1)
        } else if llr <= lower {
            Some(Hypothesis::H0)
        } else {
            None
        }
    }

    /// The log-likelihood ratio of H1 against H0 given the pair counts.
    pub fn llr(&self, counts: &Pentanomial) -> f64 {
        if counts.pairs() == 0 {
            return 0.0;
        }
        let regular = counts.0.map(|n| if n == 0 { ZERO_COUNT } else { n as f64 });
        let total: f64 = regular.iter().sum();
        let observed = regular.map(|n| n / total);
        let (p0, p1) = match self.model {
            SprtModel::Logistic => (
                mle_with_mean(&observed, elo_to_score(self.elo0)),
                mle_with_mean(&observed, elo_to_score(self.elo1)),
            ),
            SprtModel::Normalized => {
                // Normalized Elo of pairs: t = (mean - 1/2) / sigma = nElo * sqrt(2) / (800 / ln 10).
                let scale = std::f64::consts::SQRT_2 * std::f64::consts::LN_10 / 800.0;
                (
                    mle_with_t_value(&observed, self.elo0 * scale),
                    mle_with_t_value(&observed, self.elo1 * scale),
                )
            }
        };
        let mean_log_ratio: f64 = (0..5)
            .map(|i| observed[i] * (p1[i].ln() - p0[i].ln()))
            .sum();
        total * mean_log_ratio
    }
}

/// The root of a decreasing function on the open interval (`low`, `high`), by bisection.
fn decreasing_root(f: impl Fn(f64) -> f64, mut low: f64, mut high: f64) -> f64 {
    for _ in 0..200 {
        let middle = (low + high) / 2.0;
        if middle <= low || middle >= high {
            break;
        }
        if f(middle) > 0.0 {
            low = middle;
        } else {
            high = middle;
        }
    }
    (low + high) / 2.0
}

/// The distribution closest (in likelihood) to `observed` among those whose differences
/// `phi` from a target have mean zero: p_i = observed_i / (1 + theta * phi_i), with theta
/// the root of sum observed_i * phi_i / (1 + theta * phi_i) (Van den Bergh, prop. 1.1).
fn tilt(observed: &[f64; 5], phi: &[f64; 5]) -> [f64; 5] {
    let (min, max) = phi
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &x| {
            (lo.min(x), hi.max(x))
        });
    // theta must keep every 1 + theta * phi_i positive; the sum falls from +inf to -inf
    // across that interval.
    let theta = decreasing_root(
        |theta| {
            (0..5)
                .map(|i| observed[i] * phi[i] / (1.0 + theta * phi[i]))
                .sum()
        },
        -1.0 / max,
        -1.0 / min,
    );
    std::array::from_fn(|i| observed[i] / (1.0 + theta * phi[i]))
}

/// The most likely distribution with mean score `score`.
fn mle_with_mean(observed: &[f64; 5], score: f64) -> [f64; 5] {
    tilt(observed, &PAIR_SCORES.map(|a| a - score))
}

/// The most likely distribution with (mean - 1/2) / standard deviation = `t`, found by
/// iterating the tilt with the moments of the previous estimate (Van den Bergh, 4.1).
fn mle_with_t_value(observed: &[f64; 5], t: f64) -> [f64; 5] {
    let mut p = [0.2; 5];
    for _ in 0..1000 {
        let mean: f64 = (0..5).map(|i| p[i] * PAIR_SCORES[i]).sum();
        let variance: f64 = (0..5).map(|i| p[i] * (PAIR_SCORES[i] - mean).powi(2)).sum();
        let sigma = variance.sqrt();
        let phi = PAIR_SCORES.map(|a| {
            let z = (a - mean) / sigma;
            a - 0.5 - 0.5 * t * sigma * (1.0 + z * z)
        });
        let next = tilt(observed, &phi);
        let change = (0..5).map(|i| (next[i] - p[i]).abs()).fold(0.0, f64::max);
        p = next;
        if change < 1e-9 {
            break;
        }
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sprt(elo0: f64, elo1: f64, alpha: f64, model: SprtModel) -> Sprt {
        Sprt {
            elo0,
            elo1,
            alpha,
            beta: alpha,
            model,
        }
    }

    fn close(actual: f64, expected: f64, tolerance: f64) {
        assert!(
            (actual - expected).abs() <= tolerance,
            "{actual} is not within {tolerance} of {expected}"
        );
    }

    /// LLR lines fastchess printed (default normalized model) next to their Ptnml.
    #[test]
    fn matches_fastchess_output() {
        let test = sprt(0.0, 5.0, 0.05, SprtModel::Normalized);
        close(
            test.llr(&Pentanomial([790, 1759, 3256, 1780, 807])),
            -0.71,
            0.005,
        );
        let (lower, upper) = test.bounds();
        close(lower, -2.94, 0.005);
        close(upper, 2.94, 0.005);
        let test = sprt(9.0, 16.0, 0.01, SprtModel::Normalized);
        close(
            test.llr(&Pentanomial([352, 579, 1264, 743, 464])),
            4.60,
            0.005,
        );
        close(test.bounds().1, 4.60, 0.005);
        let test = sprt(0.0, 20.0, 0.05, SprtModel::Normalized);
        close(test.llr(&Pentanomial([0, 0, 2, 0, 37])), 2.96, 0.005);
        assert_eq!(test.decision(2.96), Some(Hypothesis::H1));
    }

    /// Draw-heavy pair counts (most pairs in the 0.5, 1 and 1.5 buckets) and the LLR of
    /// fishtest's `LLRcalc.LLR_logistic` and `LLR_normalized` for them (computed with
    /// fishtest's code, its root finder replaced by a bisection). The first two samples are
    /// from fishtest's own tests of `SPRT_elo`, the third from its test of `update_SPRT`,
    /// where it gives 2.13 for logistic [-3, 1].
    #[test]
    fn draw_heavy_pairs_match_fishtest() {
        let cases = [
            (
                [39, 2226, 31451, 2412, 40],
                [65.97359, 2.16254, 2.16294, 2.93691, -9.32441],
            ),
            (
                [1187, 7410, 13475, 7378, 1164],
                [2.86153, -0.89196, -3.80669, -1.72875, -28.92919],
            ),
            (
                [10789, 19328, 33806, 19402, 10543],
                [2.13107, -2.18058, -12.70129, -6.07043, -92.53418],
            ),
            (
                [3, 120, 1500, 160, 7],
                [7.46283, 0.95947, 1.07247, 0.86672, 3.15444],
            ),
        ];
        let tests = [
            sprt(-3.0, 1.0, 0.05, SprtModel::Logistic),
            sprt(0.2, 0.9, 0.05, SprtModel::Logistic),
            sprt(0.764, 3.439, 0.05, SprtModel::Normalized),
            sprt(0.0, 2.0, 0.05, SprtModel::Normalized),
            sprt(0.0, 10.0, 0.05, SprtModel::Normalized),
        ];
        for (counts, expected) in cases {
            for (test, llr) in tests.iter().zip(expected) {
                close(
                    test.llr(&Pentanomial(counts)),
                    llr,
                    1e-5 * llr.abs().max(1.0),
                );
            }
        }
    }

    /// Samples with empty buckets, where zero counts are regularised as fishtest does:
    /// only even pairs (two draws, or a win and a loss) are evidence against a gain of 10
    /// Elo, more so the more of them; pairs of a win and a draw (1.5 points) outweighing
    /// those of a loss and a draw are evidence for it. Values from fishtest's code as above.
    #[test]
    fn drawn_and_half_won_pairs_match_fishtest() {
        let logistic = sprt(0.0, 10.0, 0.05, SprtModel::Logistic);
        let normalized = sprt(0.0, 10.0, 0.05, SprtModel::Normalized);
        for (counts, [by_logistic, by_normalized]) in [
            ([0, 0, 100, 0, 0], [-2.91118, -0.16026]),
            ([0, 0, 1000, 0, 0], [-29.18569, -1.64788]),
            ([0, 10, 80, 30, 0], [2.92631, 1.31246]),
        ] {
            let counts = Pentanomial(counts);
            close(
                logistic.llr(&counts),
                by_logistic,
                1e-5 * by_logistic.abs().max(1.0),
            );
            close(normalized.llr(&counts), by_normalized, 1e-5);
        }
    }

    #[test]
    fn logistic_agrees_with_the_normal_approximation() {
        // For many pairs the LLR approaches N (s1 - s0) (2 s - s0 - s1) / (2 var) (the
        // generalised SPRT's normal approximation), with s the mean and var the variance
        // of a pair's score.
        let counts = Pentanomial([300, 0, 1400, 0, 340]);
        let n = counts.pairs() as f64;
        let s = (1400.0 * 0.5 + 340.0) / n;
        let var = (300.0 * s * s + 1400.0 * (0.5 - s).powi(2) + 340.0 * (1.0 - s).powi(2)) / n;
        let (s0, s1) = (elo_to_score(0.0), elo_to_score(10.0));
        let approximate = n * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var);
        let exact = sprt(0.0, 10.0, 0.05, SprtModel::Logistic).llr(&counts);
        close(exact, approximate, 0.02 * approximate.abs());
        assert!(exact > 0.0);
    }

    #[test]
    fn mle_has_the_asked_moments() {
        let observed = [0.1, 0.05, 0.5, 0.05, 0.3];
        let p = mle_with_mean(&observed, 0.52);
        close(p.iter().sum(), 1.0, 1e-9);
        close((0..5).map(|i| p[i] * PAIR_SCORES[i]).sum(), 0.52, 1e-9);
        let p = mle_with_t_value(&observed, 0.1);
        let mean: f64 = (0..5).map(|i| p[i] * PAIR_SCORES[i]).sum();
        let var: f64 = (0..5).map(|i| p[i] * (PAIR_SCORES[i] - mean).powi(2)).sum();
        close(p.iter().sum(), 1.0, 1e-6);
        close((mean - 0.5) / var.sqrt(), 0.1, 1e-6);
    }

    #[test]
    fn decisions_and_empty_counts() {
        let test = sprt(0.0, 10.0, 0.05, SprtModel::Normalized);
        assert_eq!(test.llr(&Pentanomial::default()), 0.0);
        assert_eq!(test.decision(0.0), None);
        assert_eq!(test.decision(-3.0), Some(Hypothesis::H0));
        // Lost pairs are evidence for H0, more of them more so, won pairs for H1. (With
        // hypotheses this close, even a sweep moves the LLR slowly: both are unlikely.)
        let lost_20 = test.llr(&Pentanomial([20, 0, 10, 0, 0]));
        let lost_40 = test.llr(&Pentanomial([40, 0, 0, 0, 0]));
        assert!(lost_40 < lost_20 && lost_20 < 0.0, "{lost_40} {lost_20}");
        assert!(test.llr(&Pentanomial([0, 0, 10, 0, 20])) > 0.0);
    }

    #[test]
    fn parsing() {
        let words = |text: &str| text.split(' ').map(String::from).collect::<Vec<_>>();
        let parsed = Sprt::parse(&words("elo0=0 elo1=10 alpha=0.1 model=logistic")).unwrap();
        assert_eq!(
            parsed,
            sprt(0.0, 10.0, 0.1, SprtModel::Logistic).with_beta(0.05)
        );
        for (text, message) in [
            ("elo0=0", "needs elo0= and elo1="),
            ("elo0=5 elo1=5", "less than elo1"),
            ("elo0=0 elo1=5 alpha=0", "between 0 and 1"),
            ("elo0=0 elo1=5 alpha=0.6 beta=0.6", "sum below 1"),
            ("elo0=x elo1=5", "bad elo0 'x'"),
            ("elo0=0 elo1=5 model=bayesian", "unknown model"),
            ("elo0=0 elo1=5 gamma=1", "unknown setting"),
            ("elo0", "expected key=value"),
        ] {
            let error = Sprt::parse(&words(text)).unwrap_err();
            assert!(error.contains(message), "{text}: {error}");
        }
    }

    impl Sprt {
        fn with_beta(mut self, beta: f64) -> Sprt {
            self.beta = beta;
            self
        }
    }
}
