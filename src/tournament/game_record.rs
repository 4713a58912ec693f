//! What a played game leaves behind: the moves, what the engines said about them, and how
//! the game ended. The referee fills a [`GameRecord`]; the PGN writer, the standings and
//! `check-pgn` read it. This module is the leaf of `tournament/`: it knows the rules (through
//! [`Game`]) and nothing else of the match runner, so every other module can use it.

pub use crate::game::GameResult;
use crate::game::{Color, Game};
use std::time::Duration;

/// One turn: the plies a side plays before the other side's turn (one in Breakthrough, one
/// or two in Relay and Breakthru). What the referee asks for, a PGN move and an opening's
/// move all are turns.
pub type Turn<G> = Vec<<G as Game>::Move>;

/// How a game ended, in the PGN `Termination` vocabulary (with names of our own for the
/// draws by the rules, which the standard files under `normal`, so that a record says
/// which rule it was).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Termination {
    /// Ended by the rules: won (a piece reached the last rank, a side has no piece or no
    /// move) or drawn.
    Normal,
    /// Drawn by the rules: the same position, with the same side to move, for the third
    /// time. Records from other programs may name the rule that drew a game; the rules'
    /// verdict ([`Game::outcome`]) does not, so `troyka-match` files its draws by the rules
    /// under [`Termination::Normal`], with the rule in the reason.
    Repetition,
    /// Drawn by the rules: too many turns without progress (a no-capture counter, a turn
    /// limit); see [`Termination::Repetition`].
    MoveLimitRule,
    /// The runner decided the game, e.g. a draw at `--maxmoves`.
    Adjudication,
    /// An illegal or unparsable move.
    IllegalMove,
    /// The move came after the clock and margin ran out.
    TimeForfeit,
    /// No move at all, even after a grace period.
    Stalled,
    /// The engine's process ended or could not be started.
    Crashed,
}

impl Termination {
    /// Every termination.
    pub const ALL: [Termination; 8] = [
        Termination::Normal,
        Termination::Repetition,
        Termination::MoveLimitRule,
        Termination::Adjudication,
        Termination::IllegalMove,
        Termination::TimeForfeit,
        Termination::Stalled,
        Termination::Crashed,
    ];

    /// The ways an engine loses by failing rather than by its play, in the order the
    /// standings list them.
    pub const FORFEITS: [Termination; 4] = [
        Termination::TimeForfeit,
        Termination::Stalled,
        Termination::IllegalMove,
        Termination::Crashed,
    ];

    pub fn pgn_name(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::Repetition => "repetition",
            Termination::MoveLimitRule => "move limit rule",
            Termination::Adjudication => "adjudication",
            Termination::IllegalMove => "rules infraction",
            Termination::TimeForfeit => "time forfeit",
            Termination::Stalled => "stalled connection",
            Termination::Crashed => "abandoned",
        }
    }

    pub fn from_pgn_name(name: &str) -> Option<Termination> {
        Termination::ALL.into_iter().find(|t| t.pgn_name() == name)
    }

    /// Whether the rules ended the game, rather than the runner or a failing engine.
    pub fn by_the_rules(self) -> bool {
        matches!(
            self,
            Termination::Normal | Termination::Repetition | Termination::MoveLimitRule
        )
    }

    /// Whether the loser lost by failing (see [`Termination::FORFEITS`]).
    pub fn is_forfeit(self) -> bool {
        Termination::FORFEITS.contains(&self)
    }
}

/// How a game ended: the result, the termination, and the words for people.
#[derive(Clone, PartialEq, Debug)]
pub struct Ending {
    pub result: GameResult,
    pub termination: Termination,
    /// E.g. `White reaches the goal` or `Black makes an illegal move: 'a7a4' is not a
    /// legal move in this position`.
    pub reason: String,
}

impl Ending {
    /// How the rules end the game at `position`, or `None` while it goes on. The referee
    /// and `check-pgn` both judge with this, the one place that maps the rules' verdict
    /// ([`Game::outcome`]: a win or a draw, and why) to a record's ending.
    pub fn by_the_rules<G: Game>(position: &G) -> Option<Ending> {
        let outcome = position.outcome()?;
        Some(Ending {
            result: outcome.result,
            termination: Termination::Normal,
            reason: outcome.reason,
        })
    }
}

/// A score as an engine reported it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ReportedScore {
    Centipawns(i32),
    /// Mate in this many moves; negative when the engine is being mated.
    Mate(i32),
}

impl ReportedScore {
    /// cutechess's style: `+0.31`, `-1.20`, `+M5`, `-M3`.
    pub fn text(self) -> String {
        match self {
            ReportedScore::Centipawns(cp) => format!("{:+.2}", cp as f64 / 100.0),
            ReportedScore::Mate(n) if n < 0 => format!("-M{}", -n),
            ReportedScore::Mate(n) => format!("+M{n}"),
        }
    }
}

/// What an engine said about one of its moves.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct MoveNote {
    pub score: Option<ReportedScore>,
    pub depth: Option<u32>,
    pub nps: Option<u64>,
    pub time: Duration,
}

/// A finished game.
#[derive(Clone, PartialEq, Debug)]
pub struct GameRecord<G: Game> {
    /// The opening's root position; `moves` starts there, book moves first.
    pub root: G,
    /// The moves, each a whole turn.
    pub moves: Vec<Turn<G>>,
    /// One per move: `None` for book moves.
    pub notes: Vec<Option<MoveNote>>,
    pub ending: Ending,
}

impl<G: Game> GameRecord<G> {
    /// The side that played move `index` (a turn): the sides take turns from the root's.
    pub fn mover(&self, index: usize) -> Color {
        mover(&self.root, index)
    }
}

/// The side that plays move `index` (a turn) of a game from `root`: the sides take turns
/// from the root's.
pub fn mover<G: Game>(root: &G, index: usize) -> Color {
    if index.is_multiple_of(2) {
        root.side_to_move()
    } else {
        root.side_to_move().opponent()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::breakthrough::Breakthrough;
    use crate::games::relay::Relay;

    #[test]
    fn termination_names_round_trip() {
        for t in Termination::ALL {
            assert_eq!(Termination::from_pgn_name(t.pgn_name()), Some(t));
        }
        assert_eq!(Termination::from_pgn_name("emergency"), None);
        let forfeits: Vec<_> = Termination::ALL
            .into_iter()
            .filter(|t| t.is_forfeit())
            .collect();
        assert_eq!(forfeits.len(), Termination::FORFEITS.len());
        assert!(forfeits.iter().all(|t| !t.by_the_rules()));
        assert!(!Termination::Adjudication.by_the_rules());
    }

    #[test]
    fn results_in_pgn_and_points() {
        for result in [
            GameResult::Win(Color::White),
            GameResult::Win(Color::Black),
            GameResult::Draw,
        ] {
            assert_eq!(GameResult::from_pgn(result.pgn()), Some(result));
            // Two sides share two points.
            let sum = result.half_points(Color::White) + result.half_points(Color::Black);
            assert_eq!(sum, 2);
        }
        assert_eq!(GameResult::Draw.pgn(), "1/2-1/2");
        assert_eq!(GameResult::Win(Color::Black).half_points(Color::Black), 2);
        assert_eq!(GameResult::Win(Color::Black).half_points(Color::White), 0);
        assert_eq!(GameResult::from_pgn("*"), None);
        assert_eq!(GameResult::from_pgn("1/2"), None);
    }

    #[test]
    fn the_rules_end_breakthrough_games_only_with_wins() {
        let ended = |fen: &str| Ending::by_the_rules(&Breakthrough::from_fen(fen).unwrap());
        assert_eq!(ended("pppp/4/4/PPPP w 0 1"), None);
        assert_eq!(
            ended("P7/8/8/8/8/8/8/p7 b 0 1"),
            Some(Ending {
                result: GameResult::Win(Color::White),
                termination: Termination::Normal,
                reason: "White reaches the goal".into(),
            })
        );
    }

    #[test]
    fn the_rules_draw_relay_games_with_their_reason() {
        let ended = |text: &str| Ending::by_the_rules(&<Relay>::from_text(text).unwrap());
        assert_eq!(ended("5 white 1 19 20 -"), None);
        assert_eq!(
            ended("5 white 1 20 20 -"),
            Some(Ending {
                result: GameResult::Draw,
                termination: Termination::Normal,
                reason: "20 turns have passed".into(),
            })
        );
        assert_eq!(
            ended("0 white 1 7 20 black").map(|ending| ending.result),
            Some(GameResult::Win(Color::Black))
        );
    }
}
