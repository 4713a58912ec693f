//! The search thread: runs one search on the engine, streams its progress lines as they
//! come (in the dialect's form), and hands the result back to the session, which decides
//! when and how to announce it: UCI's `go infinite` and `go ponder` hold `bestmove` until
//! `stop` or `ponderhit`; CECP plays the move, or drops it when the search was aborted.

use super::output::Output;
use crate::games::breakthrough::{Breakthrough, Move};
use crate::search::{Engine, Limits, Report, ScoreBound, Signals};
use crossbeam_channel::Sender;
use std::sync::{Arc, Mutex, PoisonError};

/// The search needs deep recursion; the default 2 MiB thread stack is not enough.
const STACK_BYTES: usize = 32 << 20;

/// Turns a report on `game` into a progress line, or nothing when none is wanted.
pub type Progress = Box<dyn Fn(&Report<Move>, &Breakthrough) -> Option<String> + Send>;

/// One search: what to search, how long, and how to show progress.
pub struct Job {
    /// A position whose game is not over.
    pub game: Breakthrough,
    pub limits: Limits<Move>,
    pub progress: Progress,
}

/// A search that has ended, not yet announced.
pub struct Finished {
    /// The searched position.
    pub game: Breakthrough,
    /// A legal move of `game`.
    pub best: Move,
    /// The expected reply, legal after `best`.
    pub ponder: Option<Move>,
    /// The final score, nodes and time when the last progress report does not show them
    /// (the search stopped in the middle of an iteration, or never reported).
    pub closing: Option<Report<Move>>,
}

/// Starts searching on a new thread; `done` receives the result. The engine is locked for
/// the whole search: the session only touches it between searches.
pub fn spawn(
    engine: Arc<Mutex<Engine>>,
    signals: Arc<Signals>,
    out: Arc<Output>,
    job: Job,
    done: Sender<Finished>,
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

fn search(engine: &mut Engine, signals: &Signals, out: &Output, job: &Job) -> Finished {
    let game = &job.game;
    let mut last_nodes = None;
    let mut main_line: Option<Report<Move>> = None;
    let result = engine.search(game, &job.limits, signals, &mut |report| {
        if let Some(line) = (job.progress)(report, game) {
            out.send(&line);
        }
        last_nodes = Some(report.nodes);
        if report.multipv == 1 {
            main_line = Some(report.clone());
        }
    });

    // The search guarantees a legal move; checked anyway because a GUI forfeits the game
    // on an illegal one.
    let legal = game.legal_moves();
    let best = if legal.contains(&result.best) {
        result.best
    } else {
        log::error!("the search returned an illegal move; playing the first legal one");
        legal.first().copied().unwrap_or(Move::NULL)
    };
    let ponder = result
        .ponder
        .filter(|&reply| best == result.best && game.play(best).legal_moves().contains(&reply));

    // When the search went on after its last report (it was stopped mid-iteration) or never
    // reported, a closing report gives the final score, nodes and time: the last progress
    // line before the move always has them.
    let closing = (last_nodes != Some(result.nodes)).then(|| {
        // The last full line if it still agrees with the result, else what the result knows.
        let pv = match &main_line {
            Some(report)
                if report.pv.first() == Some(&best) && report.pv.get(1).copied() == ponder =>
            {
                report.pv.clone()
            }
            _ => std::iter::once(best).chain(ponder).collect(),
        };
        Report {
            depth: result.depth,
            seldepth: main_line
                .as_ref()
                .map_or(result.depth, |report| report.seldepth.max(result.depth)),
            multipv: 1,
            score: result.score,
            bound: ScoreBound::Exact,
            nodes: result.nodes,
            elapsed: result.elapsed,
            hashfull: main_line.as_ref().map_or(0, |report| report.hashfull),
            pv,
        }
    });
    Finished {
        game: *game,
        best,
        ponder,
        closing,
    }
}
