//! [`BreakthruGame`]: a Breakthru game as the protocol and the match runner hold it — the
//! position and what the position alone cannot know, the turns since the last capture, for
//! the threefold repetition draw.

use super::evaluation;
use super::notation::Leg;
use super::position::{side_name, Breakthru, EndReason};
use super::setup::LISTED_SETUPS;
use crate::eval::EvalChoice;
use crate::game::{Color, Game, GameResult, MoveList, Outcome, PositionVisitor};
use std::sync::atomic::{AtomicBool, Ordering};

/// A game of Breakthru: a position and the positions at the start of the earlier turns
/// since the last capture.
#[derive(Clone, Debug)]
pub struct BreakthruGame {
    position: Breakthru,
    /// The hashes at the start of each earlier turn since the last capture, oldest first.
    earlier_turns: Vec<u64>,
    /// The hash at the start of the turn being played.
    turn_start: u64,
}

impl BreakthruGame {
    /// A game from `position` (at the start of a turn), with no earlier turns.
    pub fn new(position: Breakthru) -> BreakthruGame {
        BreakthruGame {
            position,
            earlier_turns: Vec::new(),
            turn_start: position.hash(),
        }
    }

    pub fn start() -> BreakthruGame {
        BreakthruGame::new(Breakthru::start())
    }

    pub fn position(&self) -> &Breakthru {
        &self.position
    }

    /// Whether the position at the start of this turn stood here twice before.
    fn third_repetition(&self) -> bool {
        !self.position.is_first_leg_played()
            && self
                .earlier_turns
                .iter()
                .filter(|&&hash| hash == self.position.hash())
                .count()
                >= 2
    }
}

/// Perft below `position`, by turns and as the reference counts (repetitions are not
/// looked at), until `stop` is set: then what is left is not counted. A count from the setup
/// phase past 2^64, or too costly to make, is [`u64::MAX`]: such counts are had whole with
/// [`Game::perft_unlisted`].
fn perft_until(position: &Breakthru, depth: u32, stop: &AtomicBool) -> u64 {
    if stop.load(Ordering::Relaxed) {
        return 0;
    }
    if position.is_setup() {
        return match position
            .setup_perft(depth, stop, &|next, depth| perft_until(next, depth, stop))
        {
            Ok(Some(count)) => u64::try_from(count).unwrap_or(u64::MAX),
            Ok(None) => 0,
            Err(_) => u64::MAX,
        };
    }
    // The last level is counted without making the turns, a few microseconds at most.
    if depth <= 1 {
        return super::perft(position, depth);
    }
    position
        .legal_turns()
        .into_iter()
        .take_while(|_| !stop.load(Ordering::Relaxed))
        .map(|turn| perft_until(&position.play_turn(turn), depth - 1, stop))
        .sum()
}

impl Game for BreakthruGame {
    type Move = Leg;
    const NAME: &'static str = "breakthru";
    const PGN_VARIANT: &'static str = "Breakthru";

    fn side_to_move(&self) -> Color {
        self.position.side_to_move()
    }

    fn side_name(side: Color) -> &'static str {
        side_name(side)
    }

    fn hash(&self) -> u64 {
        self.position.hash()
    }

    fn outcome(&self) -> Option<Outcome> {
        let Some((result, reason)) = self.position.outcome() else {
            return self.third_repetition().then(|| Outcome {
                result: GameResult::Draw,
                reason: "the same position for the third time".into(),
            });
        };
        let reason = match reason {
            EndReason::FlagshipEscaped => "gold's flagship reaches the edge".into(),
            EndReason::FlagshipCaptured => "silver captures the flagship".into(),
            EndReason::NoLegalTurn => {
                format!("{} has no legal turn", side_name(self.side_to_move()))
            }
            EndReason::NoCaptureLimit => reason.to_string(),
        };
        Some(Outcome { result, reason })
    }

    fn history(&self) -> Vec<u64> {
        let mut history = self.earlier_turns.clone();
        if self.position.is_first_leg_played() {
            history.push(self.turn_start);
        }
        history
    }

    fn legal_moves(&self) -> MoveList<Leg> {
        if self.third_repetition() {
            return MoveList::new();
        }
        self.position.legal_legs()
    }

    fn play(&self, leg: Leg) -> BreakthruGame {
        let next = self.position.play_leg(leg);
        let mut game = BreakthruGame {
            position: next,
            earlier_turns: self.earlier_turns.clone(),
            turn_start: self.turn_start,
        };
        if next.side_to_move() != self.position.side_to_move() {
            if self.position.is_capture(leg) {
                game.earlier_turns.clear();
            } else {
                game.earlier_turns.push(self.turn_start);
            }
            game.turn_start = next.hash();
        }
        game
    }

    fn move_name(&self, leg: Leg) -> String {
        leg.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<Leg, String> {
        if self.third_repetition() {
            return Err(format!(
                "'{text}' cannot be played: the game is drawn by repetition"
            ));
        }
        let leg = Leg::parse(text)?;
        self.position
            .explain_leg(leg)
            .map(|()| leg)
            .map_err(|why| format!("{leg} is not legal: {why}"))
    }

    /// Two slides legal in either order are written in the canonical one, and a setup's
    /// placements in square order.
    fn turn_name(&self, turn: &[Leg]) -> String {
        if self.position.is_setup() {
            let mut legs = turn.to_vec();
            legs.sort_by_key(|leg| leg.placed_on());
            let names: Vec<String> = legs.iter().map(Leg::to_string).collect();
            return names.join(",");
        }
        match *turn {
            [first, second] if self.position.reversed_is_canonical(first, second) => {
                format!("{second},{first}")
            }
            _ => turn
                .iter()
                .map(Leg::to_string)
                .collect::<Vec<_>>()
                .join(","),
        }
    }

    fn parse_turn(&self, text: &str) -> Result<Vec<Leg>, String> {
        if self.third_repetition() {
            return Err(format!(
                "'{text}' cannot be played: the game is drawn by repetition"
            ));
        }
        if self.position.is_setup() {
            return self.position.parse_setup_turn(text);
        }
        self.position
            .parse_turn(text)
            .map(|turn| turn.legs().to_vec())
    }

    /// In the setup phase, the setups left when they are few enough to list (perft's
    /// limit); none otherwise: perft counts those with [`Game::perft_unlisted`].
    fn turns(&self) -> Vec<Vec<Leg>> {
        if self.position.is_setup() {
            return if self.position.count_setups() <= LISTED_SETUPS {
                self.position.setup_turns()
            } else {
                Vec::new()
            };
        }
        if self.third_repetition() {
            return Vec::new();
        }
        let turns = self.position.legal_turns();
        turns.iter().map(|turn| turn.legs().to_vec()).collect()
    }

    fn perft(&self, depth: u32, stop: &AtomicBool) -> u64 {
        perft_until(&self.position, depth, stop)
    }

    fn plans_turn(&self) -> bool {
        self.position.is_setup()
    }

    fn planned_turn_start(&self) -> Vec<Leg> {
        self.position.standard_setup()
    }

    fn changed_turn(&self, turn: &[Leg], random: u64) -> Vec<Leg> {
        self.position.changed_setup(turn, random)
    }

    fn perft_unlisted(
        &self,
        depth: u32,
        stop: &AtomicBool,
    ) -> Option<Result<Option<u128>, String>> {
        self.position.is_setup().then(|| {
            self.position
                .setup_perft(depth, stop, &|next, depth| perft_until(next, depth, stop))
        })
    }

    fn bench_positions() -> &'static [(&'static str, u32)] {
        super::bench::POSITIONS
    }

    fn to_text(&self) -> String {
        self.position.to_fen()
    }

    fn from_text(text: &str) -> Result<BreakthruGame, String> {
        Breakthru::from_fen(text).map(BreakthruGame::new)
    }

    fn diagram(&self) -> String {
        self.position.diagram()
    }

    fn explain(&self, choice: &EvalChoice) -> String {
        evaluation::explain_with(&self.position, choice)
    }

    fn visit<V: PositionVisitor<Leg>>(&self, visitor: V) -> V::Output {
        visitor.visit(&self.position)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play_turns(game: &BreakthruGame, turns: &[&str]) -> BreakthruGame {
        turns.iter().fold(game.clone(), |game, text| {
            let legs = game.parse_turn(text).unwrap();
            game.play_all(&legs)
        })
    }

    #[test]
    fn the_third_repetition_draws() {
        let start = BreakthruGame::start();
        let there = ["d5c5,d6c6", "d2c2,h2i2"];
        let back = ["c5d5,c6d6", "c2d2,i2h2"];
        let once = play_turns(&start, &[there, back].concat());
        assert_eq!(once.hash(), start.hash());
        assert_eq!(once.result(), None);
        let twice = play_turns(&once, &[there, back].concat());
        let outcome = twice.outcome().expect("drawn");
        assert_eq!(outcome.result, GameResult::Draw);
        assert!(twice.legal_moves().is_empty());
        assert!(twice.parse_turn("d5c5,d6c6").is_err());
        // Read in any case, as the protocols read move names.
        assert_eq!(start.parse_turn("D6C6,d5C5"), start.parse_turn("d5c5,d6c6"));
        // The search is told of every earlier turn since the last capture.
        assert_eq!(twice.history().len(), 8);
    }

    #[test]
    fn turns_are_named_in_canonical_order() {
        let start = BreakthruGame::start();
        let legs = start.parse_turn("d6c6,d5c5").unwrap();
        assert_eq!(start.turn_name(&legs), "d5c5,d6c6");
        // Played the other way round, the same turn is written the same way.
        assert_eq!(start.turn_name(&[legs[1], legs[0]]), "d5c5,d6c6");
        assert_eq!(start.turns().len(), 1544);
        assert_eq!(
            start.perft(2, &AtomicBool::new(false)),
            4_391_960,
            "perft 2 from the start"
        );
        // A count told to stop ends at once, whatever its depth.
        assert_eq!(start.perft(12, &AtomicBool::new(true)), 0);
    }
}
