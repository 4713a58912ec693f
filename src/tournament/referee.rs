//! The referee: plays one game between two seats from an opening, keeping both clocks
//! with a monotonic clock and judging every move with Troyka's rules. Whatever an engine
//! does wrong (an illegal or unparsable move, a crash, a stall, running out of time) loses
//! the game, and the record says why.

use super::openings::Opening;
use super::record::{GameRecord, MoveNote, Termination};
use super::seat::{Context, Seat};
use super::uci::EngineClient;
use super::uci::{go_command, ClockState, EngineFailure, Info};
use crate::rules::{Color, Game, Move};
use crossbeam_channel::Receiver;
use std::time::Duration;

/// How long past its deadline a silent engine gets before it counts as stalled rather
/// than late. A move that comes within this grace still loses on time, but proves the
/// engine alive, so it is kept for the next game.
const STALL_GRACE: Duration = Duration::from_secs(1);

/// The game was cut short because the event is stopping; it counts for nobody.
#[derive(Debug, PartialEq)]
pub struct Aborted;

/// Plays one game: `seats[0]` has white, `seats[1]` black.
pub fn play(
    opening: &Opening,
    seats: [&mut Seat; 2],
    context: &Context,
) -> Result<GameRecord, Aborted> {
    let mut referee = Referee {
        seats,
        context,
        record: GameRecord {
            root: opening.root,
            moves: opening.moves.clone(),
            notes: vec![None; opening.moves.len()],
            winner: Color::White,
            termination: Termination::Normal,
            reason: String::new(),
        },
        clocks: [None; 2],
    };
    let loss = referee.play(opening.position())?;
    let mut record = referee.record;
    record.winner = loss.loser.opponent();
    record.termination = loss.termination;
    record.reason = loss.reason;
    Ok(record)
}

/// Who lost a game, how, and the text for people.
struct Loss {
    loser: Color,
    termination: Termination,
    reason: String,
}

impl Loss {
    fn new(loser: Color, termination: Termination, reason: String) -> Loss {
        Loss {
            loser,
            termination,
            reason: capitalise(&reason),
        }
    }

    /// An engine that failed outside the rules: crashed or stalled.
    fn failure(loser: Color, failure: &EngineFailure, what: &str) -> Loss {
        let termination = match failure {
            EngineFailure::Unresponsive(_) => Termination::Stalled,
            _ => Termination::Crashed,
        };
        Loss::new(
            loser,
            termination,
            format!("{}'s engine {what}", loser.name()),
        )
    }
}

struct Referee<'a> {
    seats: [&'a mut Seat; 2],
    context: &'a Context,
    record: GameRecord,
    clocks: [Option<ClockState>; 2],
}

impl Referee<'_> {
    /// Plays from `position` to the end; returns the loser.
    fn play(&mut self, mut position: Game) -> Result<Loss, Aborted> {
        if let Err(loss) = self.prepare()? {
            return Ok(loss);
        }
        loop {
            if let Some(outcome) = position.outcome() {
                let reason = outcome.to_string();
                return Ok(Loss::new(
                    outcome.winner.opponent(),
                    Termination::Normal,
                    reason,
                ));
            }
            match self.one_move(&position)? {
                Ok(mv) => position = position.play(mv),
                Err(loss) => return Ok(loss),
            }
        }
    }

    /// Sets the clocks, starts both engines if needed and announces the new game.
    fn prepare(&mut self) -> Result<Result<(), Loss>, Aborted> {
        for color in [Color::White, Color::Black] {
            let seat = &mut self.seats[color as usize];
            self.clocks[color as usize] = seat.spec.limits.clock.map(|tc| ClockState {
                remaining: tc.base,
                increment: tc.increment,
            });
            if let Err(failure) = seat.prepare(self.context) {
                let what = format!("could not start a game ({})", failure_text(&failure)?);
                return Ok(Err(Loss::failure(color, &failure, &what)));
            }
        }
        Ok(Ok(()))
    }

    /// Asks the side to move for a move and judges it: the move to play on, or the loss.
    fn one_move(&mut self, position: &Game) -> Result<Result<Move, Loss>, Aborted> {
        let color = position.side_to_move();
        let seat = &mut self.seats[color as usize];
        let limits = &seat.spec.limits;
        let go = go_command(
            seat.spec.proto,
            self.clocks,
            limits.movetime,
            limits.nodes,
            limits.depth,
        );
        let allowed = self.clocks[color as usize]
            .map(|clock| clock.remaining)
            .or(limits.movetime);
        let budget = allowed.unwrap_or(Duration::ZERO) + limits.margin();
        let command = position_command(&self.record);
        let Some(engine) = seat.engine() else {
            unreachable!("prepare started both engines before the first move")
        };
        let mut info = Info::default();
        let (text, used) = match ask(engine, &command, &go, budget, &self.context.stop, &mut info) {
            Ok(reply) => reply,
            Err(failure) => {
                let what = match &failure {
                    EngineFailure::Unresponsive(_) => format!(
                        "stalled (no move within {:.3} s)",
                        (budget + STALL_GRACE).as_secs_f64()
                    ),
                    other => failure_text(other)?,
                };
                seat.discard();
                return Ok(Err(Loss::failure(color, &failure, &what)));
            }
        };
        let side = color.name();
        if used > budget {
            let reason = format!(
                "{side} loses on time ({:.3} s used, {:.3} s allowed)",
                used.as_secs_f64(),
                budget.as_secs_f64()
            );
            return Ok(Err(Loss::new(color, Termination::TimeForfeit, reason)));
        }
        let mv = match position.parse_move(&text) {
            Ok(mv) => mv,
            Err(error) => {
                let reason = if text.is_empty() {
                    format!("{side} sends bestmove without a move")
                } else {
                    format!("{side} makes an illegal move: {error}")
                };
                return Ok(Err(Loss::new(color, Termination::IllegalMove, reason)));
            }
        };
        if let Some(clock) = &mut self.clocks[color as usize] {
            clock.remaining = clock.remaining.saturating_sub(used) + clock.increment;
        }
        self.record.moves.push(mv);
        self.record.notes.push(Some(MoveNote {
            score: info.score,
            depth: info.depth,
            nps: info.nps,
            time: used,
        }));
        Ok(Ok(mv))
    }
}

/// Sends the position and `go`, then waits for `bestmove`: until `budget` is used up, and
/// then for the grace period. Returns the move text and the time used.
fn ask(
    engine: &mut EngineClient,
    position: &str,
    go: &str,
    budget: Duration,
    stop: &Receiver<()>,
    info: &mut Info,
) -> Result<(String, Duration), EngineFailure> {
    let sent = engine.go(position, go)?;
    let (text, arrived) = match engine.await_bestmove(sent + budget, stop, info) {
        Err(EngineFailure::Unresponsive(_)) => {
            engine.await_bestmove(sent + budget + STALL_GRACE, stop, info)
        }
        other => other,
    }?;
    Ok((text, arrived.saturating_duration_since(sent)))
}

/// `position fen <root> moves ...`: always the root and every move, so engines need no
/// `startpos` for the event's board size.
pub fn position_command(record: &GameRecord) -> String {
    let mut command = format!("position fen {}", record.root.to_fen());
    if !record.moves.is_empty() {
        command += " moves";
        let mut position = record.root;
        for &mv in &record.moves {
            command += " ";
            command += &position.move_name(mv);
            position = position.play(mv);
        }
    }
    command
}

/// Why a side won by the rules.
/// The text for a failure, or `Aborted` when the event is stopping.
fn failure_text(failure: &EngineFailure) -> Result<String, Aborted> {
    match failure {
        EngineFailure::Crashed(how) => Ok(format!("crashed: {how}")),
        EngineFailure::Unresponsive(what) => Ok(format!("stalled: {what}")),
        EngineFailure::Refused(what) => Ok(format!("refused {what}")),
        EngineFailure::Stopped => Err(Aborted),
    }
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::BoardSize;

    fn record(root: &str, moves: &[&str]) -> GameRecord {
        let root = Game::from_fen(root).unwrap();
        let mut position = root;
        let mut parsed = Vec::new();
        for text in moves {
            let mv = position.parse_move(text).unwrap();
            position = position.play(mv);
            parsed.push(mv);
        }
        GameRecord {
            root,
            notes: vec![None; parsed.len()],
            moves: parsed,
            winner: Color::White,
            termination: Termination::Normal,
            reason: String::new(),
        }
    }

    #[test]
    fn position_commands_always_give_the_root() {
        let start = Game::start(BoardSize::new(6, 6).unwrap()).to_fen();
        assert_eq!(
            position_command(&record(&start, &[])),
            "position fen pppppp/pppppp/6/6/PPPPPP/PPPPPP w 0 1"
        );
        let game = record(&start, &["a2a3", "f5f4"]);
        assert_eq!(
            position_command(&game),
            "position fen pppppp/pppppp/6/6/PPPPPP/PPPPPP w 0 1 moves a2a3 f5f4"
        );
        assert_eq!(game.mover(0), Color::White);
        assert_eq!(game.mover(1), Color::Black);
        let black_first = record("pppp/4/4/PPPP b 0 1", &["a4a3"]);
        assert_eq!(black_first.mover(0), Color::Black);
    }
}
