//! The search thread: runs one `go` on the engine, streams its `info` lines as they come,
//! and hands the closing lines (a last `info` when needed, then `bestmove`) back to the
//! session, which decides when to send them: `go infinite` and `go ponder` hold `bestmove`
//! until `stop` or `ponderhit`.

use super::format::{bestmove_line, info_line, Dialect};
use super::output::Output;
use crate::rules::{Game, Move};
use crate::search::{Engine, Limits, Report, ScoreBound, Signals};
use crossbeam_channel::Sender;
use std::sync::{Arc, Mutex, PoisonError};

/// The search needs deep recursion; the default 2 MiB thread stack is not enough.
const STACK_BYTES: usize = 32 << 20;

/// One `go`: what to search, how long, and how to write scores.
pub struct Job {
    /// A position whose game is not over.
    pub game: Game,
    pub limits: Limits,
    pub dialect: Dialect,
}

/// A search that has ended: its last lines, `bestmove` last, not yet sent.
pub struct Finished {
    pub lines: String,
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
    let mut main_line: Option<Report> = None;
    let result = engine.search(game, &job.limits, signals, &mut |report| {
        out.send(&info_line(report, game, job.dialect));
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

    let mut lines = String::new();
    // When the search went on after its last report (it was stopped mid-iteration) or never
    // reported, a closing line gives the final score, nodes and time: the last `info`
    // before `bestmove` always has them.
    if last_nodes != Some(result.nodes) {
        // The last full line if it still agrees with the result, else what the result knows.
        let pv = match &main_line {
            Some(report)
                if report.pv.first() == Some(&best) && report.pv.get(1).copied() == ponder =>
            {
                report.pv.clone()
            }
            _ => std::iter::once(best).chain(ponder).collect(),
        };
        let summary = Report {
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
        };
        lines += &info_line(&summary, game, job.dialect);
        lines.push('\n');
    }
    lines += &bestmove_line(game, best, ponder);
    Finished { lines }
}
