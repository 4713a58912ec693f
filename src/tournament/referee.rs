//! The referee: plays one game between two seats from an opening, keeping both clocks
//! with a monotonic clock and judging every move with Troyka's rules. Whatever an engine
//! does wrong (an illegal or unparsable move, a crash, a stall, running out of time) loses
//! the game; the rules end it with their result (see [`Ending::by_the_rules`]); a game
//! that reaches `--maxmoves` is adjudicated a draw. The record says which and why.

use super::openings::Opening;
use super::record::{Ending, GameRecord, GameResult, MoveNote, Termination};
use super::seat::{Context, Seat};
use super::uci::EngineClient;
use super::uci::{go_command, ClockState, EngineFailure, Info};
use crate::games::breakthrough::{Breakthrough, Color, Move};
use crossbeam_channel::Receiver;
use std::time::Duration;

/// How long past its deadline a silent engine gets before it counts as stalled rather
/// than late. A move that comes within this grace still loses on time, but proves the
/// engine alive, so it is kept for the next game.
const STALL_GRACE: Duration = Duration::from_secs(1);

/// The game was cut short because the event is stopping; it counts for nobody.
#[derive(Debug, PartialEq)]
pub struct Aborted;

/// Plays one game: `seats[0]` has white, `seats[1]` black. A game still going after
/// `max_moves` moves by each side (book moves included) is drawn by adjudication.
pub fn play(
    opening: &Opening,
    seats: [&mut Seat; 2],
    context: &Context,
    max_moves: Option<usize>,
) -> Result<GameRecord, Aborted> {
    let mut referee = Referee {
        seats,
        context,
        root: opening.root,
        moves: opening.moves.clone(),
        notes: vec![None; opening.moves.len()],
        clocks: [None; 2],
        max_moves,
    };
    let ending = referee.play(opening.position())?;
    Ok(GameRecord {
        root: referee.root,
        moves: referee.moves,
        notes: referee.notes,
        ending,
    })
}

/// `loser` loses, how, and the text for people.
fn loss(loser: Color, termination: Termination, reason: &str) -> Ending {
    Ending {
        result: GameResult::Win(loser.opponent()),
        termination,
        reason: capitalise(reason),
    }
}

/// `loser`'s engine failed outside the rules: it crashed or stalled.
fn failure_loss(loser: Color, failure: &EngineFailure, what: &str) -> Ending {
    let termination = match failure {
        EngineFailure::Unresponsive(_) => Termination::Stalled,
        _ => Termination::Crashed,
    };
    loss(
        loser,
        termination,
        &format!("{}'s engine {what}", loser.name()),
    )
}

struct Referee<'a> {
    seats: [&'a mut Seat; 2],
    context: &'a Context,
    root: Breakthrough,
    /// Every move since `root`, book moves first.
    moves: Vec<Move>,
    /// One per move: `None` for book moves.
    notes: Vec<Option<MoveNote>>,
    clocks: [Option<ClockState>; 2],
    max_moves: Option<usize>,
}

impl Referee<'_> {
    /// Plays from `position` to the end; returns how the game ended.
    fn play(&mut self, mut position: Breakthrough) -> Result<Ending, Aborted> {
        if let Err(loss) = self.prepare()? {
            return Ok(loss);
        }
        loop {
            if let Some(ending) = Ending::by_the_rules(&position) {
                return Ok(ending);
            }
            if let Some(limit) = self.max_moves.filter(|&n| self.moves.len() >= 2 * n) {
                return Ok(Ending {
                    result: GameResult::Draw,
                    termination: Termination::Adjudication,
                    reason: format!("Draw by adjudication: {limit} moves each"),
                });
            }
            match self.one_move(&position)? {
                Ok(mv) => position = position.play(mv),
                Err(loss) => return Ok(loss),
            }
        }
    }

    /// Sets the clocks, starts both engines if needed and announces the new game.
    fn prepare(&mut self) -> Result<Result<(), Ending>, Aborted> {
        for color in [Color::White, Color::Black] {
            let seat = &mut self.seats[color as usize];
            self.clocks[color as usize] = seat.spec.limits.clock.map(|tc| ClockState {
                remaining: tc.base,
                increment: tc.increment,
            });
            if let Err(failure) = seat.prepare(self.context) {
                let what = format!("could not start a game ({})", failure_text(&failure)?);
                return Ok(Err(failure_loss(color, &failure, &what)));
            }
        }
        Ok(Ok(()))
    }

    /// Asks the side to move for a move and judges it: the move to play on, or the loss.
    fn one_move(&mut self, position: &Breakthrough) -> Result<Result<Move, Ending>, Aborted> {
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
        let command = position_command(self.root, &self.moves);
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
                return Ok(Err(failure_loss(color, &failure, &what)));
            }
        };
        let side = color.name();
        if used > budget {
            let reason = format!(
                "{side} loses on time ({:.3} s used, {:.3} s allowed)",
                used.as_secs_f64(),
                budget.as_secs_f64()
            );
            return Ok(Err(loss(color, Termination::TimeForfeit, &reason)));
        }
        let mv = match position.parse_move(&text) {
            Ok(mv) => mv,
            Err(error) => {
                let reason = if text.is_empty() {
                    format!("{side} sends bestmove without a move")
                } else {
                    format!("{side} makes an illegal move: {error}")
                };
                return Ok(Err(loss(color, Termination::IllegalMove, &reason)));
            }
        };
        if let Some(clock) = &mut self.clocks[color as usize] {
            clock.remaining = clock.remaining.saturating_sub(used) + clock.increment;
        }
        self.moves.push(mv);
        self.notes.push(Some(MoveNote {
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
pub fn position_command(root: Breakthrough, moves: &[Move]) -> String {
    let mut command = format!("position fen {}", root.to_fen());
    if !moves.is_empty() {
        command += " moves";
        let mut position = root;
        for &mv in moves {
            command += " ";
            command += &position.move_name(mv);
            position = position.play(mv);
        }
    }
    command
}

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
    use crate::games::breakthrough::BoardSize;

    fn record(root: &str, moves: &[&str]) -> GameRecord {
        let root = Breakthrough::from_fen(root).unwrap();
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
            ending: loss(Color::Black, Termination::Crashed, "black's engine crashed"),
        }
    }

    #[test]
    fn position_commands_always_give_the_root() {
        let start = Breakthrough::start(BoardSize::new(6, 6).unwrap()).to_fen();
        assert_eq!(
            position_command(Breakthrough::from_fen(&start).unwrap(), &[]),
            "position fen pppppp/pppppp/6/6/PPPPPP/PPPPPP w 0 1"
        );
        let game = record(&start, &["a2a3", "f5f4"]);
        assert_eq!(
            position_command(game.root, &game.moves),
            "position fen pppppp/pppppp/6/6/PPPPPP/PPPPPP w 0 1 moves a2a3 f5f4"
        );
        assert_eq!(game.mover(0), Color::White);
        assert_eq!(game.mover(1), Color::Black);
        let black_first = record("pppp/4/4/PPPP b 0 1", &["a4a3"]);
        assert_eq!(black_first.mover(0), Color::Black);
    }

    #[test]
    fn losses_go_to_the_opponent_with_the_reason_capitalised() {
        let ending = loss(
            Color::Black,
            Termination::TimeForfeit,
            "black loses on time",
        );
        assert_eq!(ending.result, GameResult::Win(Color::White));
        assert_eq!(ending.reason, "Black loses on time");
        let stalled = EngineFailure::Unresponsive("no bestmove".into());
        let ending = failure_loss(Color::White, &stalled, "stalled");
        assert_eq!(ending.result, GameResult::Win(Color::Black));
        assert_eq!(ending.termination, Termination::Stalled);
        assert_eq!(ending.reason, "White's engine stalled");
    }
}
