//! `troyka-match openings`: makes a balanced opening suite. Random openings of a few
//! plies are searched by Troyka to a shallow depth, and only those it scores near even
//! are kept, so neither colour starts from a won position; each opening is played with
//! both colours anyway, which cancels the rest.

use super::args::groups;
use super::openings::random_opening;
use crate::games::breakthrough::{BoardSize, Breakthrough};
use crate::search;
use rand_mt::Mt64;
use std::collections::HashSet;

/// Troyka's opinion of a position: all the suite needs from the search, which is reached
/// through its public `Engine` and nowhere else.
struct Judge {
    engine: search::Engine,
}

impl Judge {
    fn new() -> Judge {
        // A small table and one thread: the searches are shallow, and reproducible with
        // one thread.
        Judge {
            engine: search::Engine::new(16, 1),
        }
    }

    /// The score of `position` for the side to move after a `depth`-ply search from an
    /// empty table (so the verdict does not depend on the positions judged before), or
    /// `None` when the search finds a forced result.
    fn centipawns(&mut self, position: &Breakthrough, depth: u32) -> Option<i32> {
        self.engine.clear();
        let limits = search::Limits {
            depth: Some(depth),
            ..search::Limits::default()
        };
        let signals = search::Signals::default();
        match self
            .engine
            .search(position, &limits, &signals, &mut |_| {})
            .score
        {
            search::Score::Centipawns(cp) => Some(cp),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct SuiteSpec {
    pub size: BoardSize,
    pub count: usize,
    pub plies: usize,
    pub depth: u32,
    /// Keep positions scored within this many centipawns of even.
    pub margin: i32,
    pub seed: u64,
}

impl SuiteSpec {
    pub fn parse(args: &[String]) -> Result<SuiteSpec, String> {
        let mut spec = SuiteSpec {
            size: BoardSize::STANDARD,
            count: 100,
            plies: 6,
            depth: 6,
            margin: 50,
            seed: 1,
        };
        for (option, values) in groups(args)? {
            let [value] = values else {
                return Err(format!("{option} takes one value"));
            };
            let bad = || format!("{option}: bad value '{value}'");
            match option {
                "--size" => spec.size = value.parse()?,
                "--count" => spec.count = value.parse().map_err(|_| bad())?,
                "--plies" => spec.plies = value.parse().map_err(|_| bad())?,
                "--depth" => spec.depth = value.parse().map_err(|_| bad())?,
                "--margin" => spec.margin = value.parse().map_err(|_| bad())?,
                "--seed" => spec.seed = value.parse().map_err(|_| bad())?,
                _ => return Err(format!("openings: unknown option '{option}'")),
            }
        }
        if spec.count == 0 || spec.depth == 0 || spec.margin < 0 {
            return Err(
                "openings: --count and --depth must be positive, --margin not negative".into(),
            );
        }
        Ok(spec)
    }

    /// The suite as file text: a comment saying how it was made, then one position
    /// string per line.
    pub fn generate(&self) -> Result<String, String> {
        let mut rng = Mt64::new(self.seed);
        let mut judge = Judge::new();
        let mut seen = HashSet::new();
        let mut kept = Vec::new();
        // Most random openings of a few plies are close; this bounds the search for the
        // rare settings (a tiny margin, many plies) where they are not.
        let attempts = self.count * 100;
        for _ in 0..attempts {
            if kept.len() == self.count {
                break;
            }
            let position = random_opening(self.size, self.plies, &mut rng).position();
            let fen = position.to_fen();
            if !seen.insert(fen.clone()) {
                continue;
            }
            if judge
                .centipawns(&position, self.depth)
                .is_some_and(|cp| cp.abs() <= self.margin)
            {
                kept.push(fen);
            }
        }
        if kept.len() < self.count {
            return Err(format!(
                "openings: only {} of {} positions found within {} cp after {attempts} tries",
                kept.len(),
                self.count,
                self.margin
            ));
        }
        let mut text = format!(
            "# Breakthrough {} openings: {} random plies from the start, kept when a depth-{} \
             Troyka search scores them within {} cp (seed {}).\n",
            self.size, self.plies, self.depth, self.margin, self.seed
        );
        for fen in kept {
            text += &fen;
            text.push('\n');
        }
        Ok(text)
    }
}

#[cfg(test)]
mod tests {
    use super::super::openings::from_lines;
    use super::*;

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn makes_a_small_balanced_suite() {
        let spec = SuiteSpec::parse(&words(
            "--size 6x6 --count 4 --plies 4 --depth 3 --margin 80",
        ))
        .unwrap();
        let text = spec.generate().unwrap();
        assert!(text.starts_with("# Breakthrough 6x6 openings: 4 random plies"));
        let openings = from_lines(&text, spec.size).unwrap();
        assert_eq!(openings.len(), 4);
        let mut judge = Judge::new();
        for opening in openings {
            let position = opening.position();
            assert_eq!(position.size(), spec.size);
            let score = judge.centipawns(&position, 3);
            assert!(score.is_some_and(|cp| cp.abs() <= 80), "{score:?}");
        }
        assert_eq!(
            text,
            spec.generate().unwrap(),
            "the same seed gives the same suite"
        );
    }

    #[test]
    fn bad_options() {
        for (line, message) in [
            ("--count x", "--count: bad value 'x'"),
            ("--depth 0", "must be positive"),
            ("--size 1x1", "columns"),
            ("--plies", "takes one value"),
            ("--colour white", "unknown option"),
        ] {
            let error = SuiteSpec::parse(&words(line)).unwrap_err();
            assert!(error.contains(message), "{line}: {error}");
        }
    }
}
