//! `troyka-match openings`: makes a balanced opening suite. Random openings of a few
//! moves (turns) are searched by Troyka to a shallow depth, and only those it scores near
//! even are kept, so neither colour starts from a won position; each opening is played with
//! both colours anyway, which cancels the rest.

use super::args::groups;
use super::openings::random_opening;
use crate::game::{Game, GameMove, Position, PositionVisitor};
use crate::games::{GameVisitor, Variant};
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
    fn centipawns<G: Game>(&mut self, position: &G, depth: u32) -> Option<i32> {
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
    /// The game and its board.
    pub variant: Variant,
    pub count: usize,
    /// Random moves (turns) from the start.
    pub plies: usize,
    pub depth: u32,
    /// Keep positions scored within this many centipawns of even.
    pub margin: i32,
    pub seed: u64,
}

impl SuiteSpec {
    pub fn parse(args: &[String]) -> Result<SuiteSpec, String> {
        let mut spec = SuiteSpec {
            variant: Variant::default(),
            count: 100,
            plies: 6,
            depth: 6,
            margin: 50,
            seed: 1,
        };
        let (mut variant_name, mut size) = (None, None);
        for (option, values) in groups(args)? {
            let [value] = values else {
                return Err(format!("{option} takes one value"));
            };
            let bad = || format!("{option}: bad value '{value}'");
            match option {
                "--variant" => variant_name = Some(value.as_str()),
                "--size" => size = Some(value.as_str()),
                "--count" => spec.count = value.parse().map_err(|_| bad())?,
                "--plies" => spec.plies = value.parse().map_err(|_| bad())?,
                "--depth" => spec.depth = value.parse().map_err(|_| bad())?,
                "--margin" => spec.margin = value.parse().map_err(|_| bad())?,
                "--seed" => spec.seed = value.parse().map_err(|_| bad())?,
                _ => return Err(format!("openings: unknown option '{option}'")),
            }
        }
        spec.variant = Variant::read(variant_name, size, None)?;
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
        self.variant.visit(self)
    }
}

impl GameVisitor for &SuiteSpec {
    type Output = Result<String, String>;

    fn visit<G: Game>(self, start: G) -> Result<String, String> {
        let mut rng = Mt64::new(self.seed);
        let mut judge = Judge::new();
        let mut seen = HashSet::new();
        let mut kept = Vec::new();
        // Most random openings of a few moves are close; this bounds the search for the
        // rare settings (a tiny margin, many moves) where they are not.
        let attempts = self.count * 100;
        for _ in 0..attempts {
            if kept.len() == self.count {
                break;
            }
            let position = random_opening(&start, self.plies, &mut rng).position();
            let text = position.to_text();
            if !seen.insert(text.clone()) {
                continue;
            }
            if judge
                .centipawns(&position, self.depth)
                .is_some_and(|cp| cp.abs() <= self.margin)
            {
                kept.push(text);
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
            "# {} openings: {} random {} from the start, kept when a depth-{} Troyka search \
             scores them within {} cp (seed {}).\n",
            game_and_board(&start),
            self.plies,
            if start.visit(OnePlyTurns) {
                "plies"
            } else {
                "turns"
            },
            self.depth,
            self.margin,
            self.seed
        );
        for position in kept {
            text += &position;
            text.push('\n');
        }
        Ok(text)
    }
}

/// `Breakthrough 6x6`, `Relay`: the game's name, capitalised, and its board if it has sizes.
fn game_and_board<G: Game>(start: &G) -> String {
    let mut name: String = G::NAME[..1].to_uppercase() + &G::NAME[1..];
    if let Some(board) = start.board_size() {
        name = format!("{name} {board}");
    }
    name
}

/// Whether every turn of the game is one ply ([`Position::ALTERNATES`]), so that the
/// suite's header counts its moves in plies.
struct OnePlyTurns;

impl<M: GameMove> PositionVisitor<M> for OnePlyTurns {
    type Output = bool;

    fn visit<P: Position<Move = M>>(self, _: &P) -> bool {
        P::ALTERNATES
    }
}

#[cfg(test)]
mod tests {
    use super::super::openings::from_lines;
    use super::*;
    use crate::games::breakthrough::{BoardSize, Breakthrough};
    use crate::games::relay::Relay;

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
        let size = BoardSize::new(6, 6).unwrap();
        assert_eq!(spec.variant, Variant::Breakthrough(size));
        let openings = from_lines(&text, &Breakthrough::start(size)).unwrap();
        assert_eq!(openings.len(), 4);
        let mut judge = Judge::new();
        for opening in openings {
            let position = opening.position();
            assert_eq!(position.size(), size);
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
    fn relay_suites_are_random_turns() {
        let spec = SuiteSpec::parse(&words(
            "--variant relay --count 5 --plies 3 --depth 2 --margin 0",
        ))
        .unwrap();
        let text = spec.generate().unwrap();
        assert!(
            text.starts_with("# Relay openings: 3 random turns from the start"),
            "{text}"
        );
        let openings = from_lines(&text, &Relay::start()).unwrap();
        assert_eq!(openings.len(), 5);
        for opening in &openings {
            // Three whole turns: black to move at the start of its second turn.
            assert_eq!(opening.root.to_text().split(' ').nth(1), Some("black"));
            assert_eq!(opening.root.turns, 3);
        }
        assert_eq!(text, spec.generate().unwrap());
    }

    #[test]
    fn bad_options() {
        for (line, message) in [
            ("--count x", "--count: bad value 'x'"),
            ("--depth 0", "must be positive"),
            ("--size 1x1", "columns"),
            ("--variant go", "unknown variant 'go'"),
            ("--plies", "takes one value"),
            ("--colour white", "unknown option"),
        ] {
            let error = SuiteSpec::parse(&words(line)).unwrap_err();
            assert!(error.contains(message), "{line}: {error}");
        }
    }
}
