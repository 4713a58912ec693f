//! The referee: plays one game between two seats from an opening, keeping both clocks
//! with a monotonic clock and judging every turn with the game's rules. Whatever an engine
//! does wrong (an illegal, unfinished or unparsable turn, a crash, a stall, running out of
//! time) loses the game; the rules end it with their result, a win or a draw (see
//! [`Ending::by_the_rules`]); a game that reaches `--maxmoves` is adjudicated a draw. The
//! record says which and why.

use super::game_record::{Ending, GameRecord, GameResult, MoveNote, Termination, Turn};
use super::openings::Opening;
use super::seat::{Context, Seat};
use super::uci::EngineClient;
use super::uci::{go_command, ClockState, EngineFailure, LatestInfo};
use crate::game::{Color, Game};
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
/// `max_moves` moves (turns) by each side, book moves included, is drawn by adjudication.
pub fn play<G: Game>(
    opening: &Opening<G>,
    seats: [&mut Seat; 2],
    context: &Context,
    max_moves: Option<usize>,
) -> Result<GameRecord<G>, Aborted> {
    let mut referee = Referee {
        seats,
        context,
        root: opening.root.clone(),
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
fn failure_loss<G: Game>(loser: Color, failure: &EngineFailure, what: &str) -> Ending {
    let termination = match failure {
        EngineFailure::Unresponsive(_) => Termination::Stalled,
        _ => Termination::Crashed,
    };
    let side = G::side_name(loser);
    loss(loser, termination, &format!("{side}'s engine {what}"))
}

/// The turn that `text`, the engine's `bestmove`, names at `position`; an answer that is not
/// one whole legal turn loses for the side to move.
fn judge_turn<G: Game>(position: &G, text: &str) -> Result<Turn<G>, Ending> {
    position.parse_turn(text).map_err(|error| {
        let color = position.side_to_move();
        let side = G::side_name(color);
        let reason = if text.is_empty() {
            format!("{side} sends bestmove without a move")
        } else {
            format!("{side} makes an illegal move: {error}")
        };
        loss(color, Termination::IllegalMove, &reason)
    })
}

struct Referee<'a, G: Game> {
    seats: [&'a mut Seat; 2],
    context: &'a Context,
    root: G,
    /// Every turn since `root`, book moves first.
    moves: Vec<Turn<G>>,
    /// One per move: `None` for book moves.
    notes: Vec<Option<MoveNote>>,
    clocks: [Option<ClockState>; 2],
    max_moves: Option<usize>,
}

impl<G: Game> Referee<'_, G> {
    /// Plays from `position` to the end; returns how the game ended.
    fn play(&mut self, mut position: G) -> Result<Ending, Aborted> {
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
            match self.one_turn(&position)? {
                Ok(after) => position = after,
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
                return Ok(Err(failure_loss::<G>(color, &failure, &what)));
            }
        }
        Ok(Ok(()))
    }

    /// Asks the side to move for its turn and judges it: the position after the turn, or
    /// the loss.
    fn one_turn(&mut self, position: &G) -> Result<Result<G, Ending>, Aborted> {
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
        let command = self.context.setup.position_command(&self.root, &self.moves);
        let Some(engine) = seat.engine() else {
            unreachable!("prepare started both engines before the first move")
        };
        let mut info = LatestInfo::default();
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
                return Ok(Err(failure_loss::<G>(color, &failure, &what)));
            }
        };
        if used > budget {
            let reason = format!(
                "{} loses on time ({:.3} s used, {:.3} s allowed)",
                G::side_name(color),
                used.as_secs_f64(),
                budget.as_secs_f64()
            );
            return Ok(Err(loss(color, Termination::TimeForfeit, &reason)));
        }
        let turn = match judge_turn(position, &text) {
            Ok(turn) => turn,
            Err(loss) => return Ok(Err(loss)),
        };
        if let Some(clock) = &mut self.clocks[color as usize] {
            clock.remaining = clock.remaining.saturating_sub(used) + clock.increment;
        }
        let after = position.play_all(&turn);
        self.moves.push(turn);
        self.notes.push(Some(MoveNote {
            score: info.score,
            depth: info.depth,
            nps: info.nps,
            time: used,
        }));
        Ok(Ok(after))
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
    info: &mut LatestInfo,
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
    use crate::games::breakthrough::{BoardSize, Breakthrough};
    use crate::games::relay::Relay;
    use crate::tournament::uci::GameSetup;

    fn record<G: Game>(root: &G, moves: &[&str]) -> GameRecord<G> {
        let moves = root.replay_record(moves).unwrap();
        GameRecord {
            root: root.clone(),
            notes: vec![None; moves.len()],
            moves,
            ending: loss(Color::Black, Termination::Crashed, "black's engine crashed"),
        }
    }

    #[test]
    fn position_commands_always_give_the_root() {
        let start = Breakthrough::start(BoardSize::new(6, 6).unwrap());
        let setup = GameSetup::new(&start);
        let root = Breakthrough::from_fen(&start.to_fen()).unwrap();
        assert_eq!(
            setup.position_command(&root, &[]),
            "position fen pppppp/pppppp/6/6/PPPPPP/PPPPPP w 0 1"
        );
        let game = record(&root, &["a2a3", "f5f4"]);
        assert_eq!(
            setup.position_command(&game.root, &game.moves),
            "position fen pppppp/pppppp/6/6/PPPPPP/PPPPPP w 0 1 moves a2a3 f5f4"
        );
        assert_eq!(game.mover(0), Color::White);
        assert_eq!(game.mover(1), Color::Black);
        let black_first = record(
            &Breakthrough::from_fen("pppp/4/4/PPPP b 0 1").unwrap(),
            &["a4a3"],
        );
        assert_eq!(black_first.mover(0), Color::Black);
    }

    #[test]
    fn relay_turns_go_to_engines_whole_from_startpos_or_the_root() {
        let setup = GameSetup::new(&Relay::start());
        let game = record(&Relay::start(), &["2,1", "1,end", "2,2"]);
        assert_eq!(
            setup.position_command(&game.root, &game.moves),
            "position startpos moves 2,1 1,end 2,2"
        );
        assert_eq!(
            [game.mover(0), game.mover(1), game.mover(2)],
            [Color::White, Color::Black, Color::White]
        );
        let late = record(&Relay::new(20, 20), &["1,end"]);
        assert_eq!(
            setup.position_command(&late.root, &late.moves),
            "position fen 20 white 1 0 20 - moves 1,end"
        );
    }

    #[test]
    fn only_whole_legal_turns_are_played() {
        let start = Relay::start();
        assert_eq!(judge_turn(&start, "2,1").unwrap().len(), 2);
        for (text, reason) in [
            (
                "2",
                "White makes an illegal move: '2' is not a whole turn: white still has to move",
            ),
            (
                "2,1,1",
                "White makes an illegal move: '2,1,1': the turn is over before '1' (one turn \
                 at a time)",
            ),
            (
                "end",
                "White makes an illegal move: 'end' is not legal here",
            ),
            ("", "White sends bestmove without a move"),
        ] {
            let ending = judge_turn(&start, text).unwrap_err();
            assert_eq!(ending.result, GameResult::Win(Color::Black), "{text}");
            assert_eq!(ending.termination, Termination::IllegalMove, "{text}");
            assert_eq!(ending.reason, reason);
        }
        let ending = judge_turn(&Breakthrough::start(BoardSize::STANDARD), "a2a4").unwrap_err();
        assert_eq!(
            ending.reason,
            "White makes an illegal move: 'a2a4' is not a legal move in this position"
        );
    }

    #[test]
    fn turns_judged_one_by_one_reach_the_rules_draw() {
        // Three turns before the limit of 20, and never more than four stones a turn.
        let mut position = <Relay>::from_text("12 black 1 17 20 -").unwrap();
        for text in ["2,2", "1,end", "2,1"] {
            assert_eq!(Ending::by_the_rules(&position), None);
            for mv in judge_turn(&position, text).unwrap() {
                position = position.play(mv);
            }
        }
        let ending = Ending::by_the_rules(&position).unwrap();
        assert_eq!(ending.result, GameResult::Draw);
        assert_eq!(ending.reason, "20 turns have passed");
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
        let ending = failure_loss::<Breakthrough>(Color::White, &stalled, "stalled");
        assert_eq!(ending.result, GameResult::Win(Color::Black));
        assert_eq!(ending.termination, Termination::Stalled);
        assert_eq!(ending.reason, "White's engine stalled");
    }
}
