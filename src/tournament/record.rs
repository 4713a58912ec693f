//! What a played game leaves behind: the moves, what the engines said about them, and how
//! the game ended. The referee fills a [`GameRecord`]; the PGN writer, the standings and
//! `check-pgn` read it. This module is the leaf of `tournament/`: it knows the rules and
//! nothing else of the match runner, so every other module can use it.

use crate::rules::{Color, Game, Move};
use std::time::Duration;

/// How a game ended, in the PGN `Termination` vocabulary.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Termination {
    /// By the rules: a piece reached the last rank, or a side has no piece or no move.
    Normal,
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
    pub fn pgn_name(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::IllegalMove => "rules infraction",
            Termination::TimeForfeit => "time forfeit",
            Termination::Stalled => "stalled connection",
            Termination::Crashed => "abandoned",
        }
    }

    pub fn from_pgn_name(name: &str) -> Option<Termination> {
        [
            Termination::Normal,
            Termination::IllegalMove,
            Termination::TimeForfeit,
            Termination::Stalled,
            Termination::Crashed,
        ]
        .into_iter()
        .find(|t| t.pgn_name() == name)
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
pub struct GameRecord {
    /// The opening's root position; `moves` starts there, book moves first.
    pub root: Game,
    pub moves: Vec<Move>,
    /// One per move: `None` for book moves.
    pub notes: Vec<Option<MoveNote>>,
    pub winner: Color,
    pub termination: Termination,
    /// For people, e.g. `Black makes an illegal move: 'a7a4' is not a legal move ...`.
    pub reason: String,
}

impl GameRecord {
    /// The side that played the move at `ply`.
    pub fn mover(&self, ply: usize) -> Color {
        if ply.is_multiple_of(2) {
            self.root.side_to_move()
        } else {
            self.root.side_to_move().opponent()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn termination_names_round_trip() {
        for t in [
            Termination::Normal,
            Termination::IllegalMove,
            Termination::TimeForfeit,
            Termination::Stalled,
            Termination::Crashed,
        ] {
            assert_eq!(Termination::from_pgn_name(t.pgn_name()), Some(t));
        }
        assert_eq!(Termination::from_pgn_name("adjudication"), None);
    }
}
