//! The search thread: runs one search on the engine, streams its progress lines as they
//! come (in the dialect's form), and hands the result back to the session, which decides
//! when and how to announce it: UCI's `go infinite` and `go ponder` hold `bestmove` until
//! `stop` or `ponderhit`; CECP plays the move, or drops it when the search was aborted. The
//! result is a whole turn ([`super::turns`]), completed here when the principal variation
//! stops inside one.

use super::output::Output;
use super::turns::{best_and_ponder, first_whole_turn, legal_prefix};
use crate::game::Game;
use crate::search::{Engine, Limits, Report, ScoreBound, Signals};
use crossbeam_channel::{Receiver, Sender};
use std::sync::{Arc, Mutex, PoisonError};

/// The search needs deep recursion; the default 2 MiB thread stack is not enough.
const STACK_BYTES: usize = 32 << 20;

/// How deep the search looks to complete a turn its principal variation stops inside, and
/// the most nodes it may spend: the move is already late (its search has ended), so this must
/// take a few milliseconds at most. The table still holds what the search found there.
const TURN_DEPTH: u32 = 2;
const TURN_NODES: u64 = 20_000;

/// Turns a report on `game` into a progress line, or nothing when none is wanted.
pub type ProgressLine<G> = Box<dyn Fn(&Report<<G as Game>::Move>, &G) -> Option<String> + Send>;

/// One search: what to search, how long, and how to show progress.
pub struct Job<G: Game> {
    /// A position whose game is not over.
    pub game: G,
    pub limits: Limits<G::Move>,
    pub progress: ProgressLine<G>,
}

/// A search that has ended, not yet announced.
pub struct Finished<G: Game> {
    /// The searched position.
    pub game: G,
    /// A whole legal turn of `game`.
    pub best: Vec<G::Move>,
    /// The expected reply, a whole legal turn after `best`.
    pub ponder: Option<Vec<G::Move>>,
    /// The final score, nodes and time when the last progress report does not show them
    /// (the search stopped in the middle of an iteration, or never reported).
    pub closing: Option<Report<G::Move>>,
}

/// Where a session's search and solve threads send their results: each session has a
/// channel of its own, since the results are of its game.
pub struct Results<G: Game> {
    pub sender: Sender<Finished<G>>,
    pub receiver: Receiver<Finished<G>>,
}

impl<G: Game> Default for Results<G> {
    fn default() -> Results<G> {
        let (sender, receiver) = crossbeam_channel::unbounded();
        Results { sender, receiver }
    }
}

/// Starts searching on a new thread; `done` receives the result. The engine is locked for
/// the whole search: the session only touches it between searches.
pub fn spawn<G: Game>(
    engine: Arc<Mutex<Engine>>,
    signals: Arc<Signals>,
    out: Arc<Output>,
    job: Job<G>,
    done: Sender<Finished<G>>,
) -> std::io::Result<()> {
    std::thread::Builder::new()
        .name("search".into())
        .stack_size(STACK_BYTES)
        .spawn(move || {
            let mut engine = engine.lock().unwrap_or_else(PoisonError::into_inner);
            let finished = search(&mut engine, &signals, &out, &job);
            drop(engine);
            // The session only stops listening when the process ends.
            let _ = done.send(finished);
        })
        .map(drop)
}

fn search<G: Game>(
    engine: &mut Engine,
    signals: &Signals,
    out: &Output,
    job: &Job<G>,
) -> Finished<G> {
    let game = &job.game;
    let mut last_nodes = None;
    let mut main_line: Option<Report<G::Move>> = None;
    let mut lines = DistinctLines::default();
    let result = engine.search(game, &job.limits, signals, &mut |report| {
        let shown = if job.limits.multipv > 1 {
            lines.show(game, report)
        } else {
            Some(report.clone())
        };
        if let Some(line) = shown.and_then(|shown| (job.progress)(&shown, game)) {
            out.send(&line);
        }
        last_nodes = Some(report.nodes);
        if report.multipv == 1 {
            main_line = Some(report.clone());
        }
    });

    // The line the search ends on: its best ply and the reply it expects, and after them
    // the rest of the last full line if that still agrees.
    let expected: Vec<G::Move> = std::iter::once(result.best).chain(result.ponder).collect();
    let ends_on = legal_prefix(game, &expected);
    let mut pv = match &main_line {
        Some(report) if report.pv.iter().take(2).eq(ends_on.iter()) => {
            legal_prefix(game, &report.pv)
        }
        _ => ends_on,
    };
    // A first turn the line stops inside is completed by a short search of where it stops.
    let (best, ponder) = best_and_ponder(game, &pv, |position| {
        let limits = Limits {
            depth: Some(TURN_DEPTH),
            nodes: Some(TURN_NODES),
            ..Limits::default()
        };
        engine
            .search(position, &limits, &Signals::default(), &mut |_| {})
            .best
    });
    if pv.len() < best.len() {
        pv = best.clone();
    }

    // When the search went on after its last report (it was stopped mid-iteration) or never
    // reported, a closing report gives the final score, nodes and time: the last progress
    // line before the move always has them.
    let closing = (last_nodes != Some(result.nodes)).then(|| Report {
        depth: result.depth,
        seldepth: main_line
            .as_ref()
            .map_or(result.depth, |report| report.seldepth.max(result.depth)),
        multipv: 1,
        score: result.score,
        bound: result.bound,
        nodes: result.nodes,
        elapsed: result.elapsed,
        hashfull: main_line.as_ref().map_or(0, |report| report.hashfull),
        pv,
    });
    Finished {
        game: game.clone(),
        best,
        ponder,
        closing,
    }
}

/// MultiPV lines as the protocols show them, each beginning with a different turn. The search
/// ranks first plies; where a turn's plies can come in either order (Breakthru's two slides),
/// two first plies begin the same turn, which is then shown once, in the better line, and the
/// lines below it move up a number. Where no two first plies make the same turn
/// (Breakthrough), every line is shown as the search numbers it.
#[derive(Default)]
struct DistinctLines {
    /// The first turns of the lines shown in this iteration, by their shown number (`None`
    /// for a line that stops inside its first turn).
    shown: Vec<Option<String>>,
    /// Whether each line of the search, by its `multipv`, was left out in this iteration.
    dropped: Vec<bool>,
}

impl DistinctLines {
    /// `report` numbered as shown, or `None` when its first turn begins a line shown above
    /// it. Reports come a whole iteration at a time, `multipv` 1 first; a bound (a long
    /// search's fail high or low, in the middle of an iteration) is numbered as its line was
    /// in the last iteration.
    fn show<G: Game>(&mut self, game: &G, report: &Report<G::Move>) -> Option<Report<G::Move>> {
        let index = report.multipv.saturating_sub(1);
        let multipv = if report.bound == ScoreBound::Exact {
            if index == 0 {
                self.shown.clear();
                self.dropped.clear();
            }
            let first = first_whole_turn(game, &legal_prefix(game, &report.pv))
                .map(|turn| game.turn_name(&turn));
            let again = first.is_some() && self.shown.contains(&first);
            self.dropped.truncate(index);
            self.dropped.push(again);
            if again {
                return None;
            }
            self.shown.push(first);
            self.shown.len()
        } else {
            if self.dropped.get(index) == Some(&true) {
                return None;
            }
            index + 1
                - self
                    .dropped
                    .iter()
                    .take(index)
                    .filter(|&&dropped| dropped)
                    .count()
        };
        Some(Report {
            multipv,
            ..report.clone()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::breakthru::{BreakthruGame, Leg};
    use crate::search::Score;
    use std::time::Duration;

    fn report(game: &BreakthruGame, multipv: usize, bound: ScoreBound, pv: &str) -> Report<Leg> {
        let mut position = game.clone();
        let pv = pv
            .split(' ')
            .map(|text| {
                let leg = position.parse_move(text).unwrap();
                position = position.play(leg);
                leg
            })
            .collect();
        Report {
            depth: 2,
            seldepth: 2,
            multipv,
            score: Score::Centipawns(0),
            bound,
            nodes: 100,
            elapsed: Duration::from_millis(1),
            hashfull: 0,
            pv,
        }
    }

    #[test]
    fn a_turn_begun_by_either_of_its_slides_is_one_line() {
        let game = BreakthruGame::start();
        let mut lines = DistinctLines::default();
        let mut numbers = |multipv, bound, pv| {
            lines
                .show(&game, &report(&game, multipv, bound, pv))
                .map(|shown| shown.multipv)
        };
        // e4e5 then d5d4, and d5d4 then e4e5: one turn, `e4e5,d5d4`.
        assert_eq!(numbers(1, ScoreBound::Exact, "e4e5 d5d4"), Some(1));
        assert_eq!(numbers(2, ScoreBound::Exact, "d5d4 e4e5"), None);
        assert_eq!(numbers(3, ScoreBound::Exact, "f6f5"), Some(2));
        // A line stopping inside its first turn is not the same turn as any.
        assert_eq!(numbers(4, ScoreBound::Exact, "e4d4"), Some(3));
        // Mid-iteration bounds keep the last iteration's numbers.
        assert_eq!(numbers(2, ScoreBound::Lower, "d5d4 e4e5"), None);
        assert_eq!(numbers(3, ScoreBound::Upper, "f6f5"), Some(2));
        // The next iteration starts afresh.
        assert_eq!(numbers(1, ScoreBound::Exact, "d5d4 e4e5"), Some(1));
        assert_eq!(numbers(2, ScoreBound::Exact, "f6f5"), Some(2));
    }
}
