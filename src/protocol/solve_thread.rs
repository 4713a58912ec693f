//! `go solve`: proves the current position with the [solver](crate::solve) on its own
//! thread, streaming progress as `info` lines, and hands its move back to the session like
//! a search does. A result is only claimed once its proof has been written and
//! passed the [checker](crate::proof::check); the proof's longest line gives the `mate`
//! score.

use super::output::Output;
use super::search_thread::Finished;
use super::uci::format::{score, Dialect};
use crate::games::breakthrough::{Breakthrough, Move};
use crate::search::{Score, Signals};
use crate::solve::{Numbers, Outcome, Progress, Settings, Solution, Solver, INFINITY, STACK_BYTES};
use crossbeam_channel::Sender;
use std::sync::Arc;
use std::time::Duration;

/// One `go solve`.
pub struct SolveJob {
    /// A position whose game is not over.
    pub game: Breakthrough,
    pub hash_megabytes: usize,
    pub threads: usize,
    pub movetime: Option<Duration>,
    pub nodes: Option<u64>,
    pub dialect: Dialect,
}

/// Starts proving on a new thread; `done` receives the closing lines.
pub fn spawn(
    signals: Arc<Signals>,
    out: Arc<Output>,
    job: SolveJob,
    done: Sender<Finished>,
) -> std::io::Result<()> {
    std::thread::Builder::new()
        .name("solve".into())
        .stack_size(STACK_BYTES)
        .spawn(move || {
            let finished = solve(&signals, &out, &job);
            // The session only stops listening when the process ends.
            let _ = done.send(finished);
        })
        .map(drop)
}

fn solve(signals: &Signals, out: &Output, job: &SolveJob) -> Finished {
    let game = &job.game;
    let solver = Solver::new(Settings {
        hash_megabytes: job.hash_megabytes,
        threads: job.threads,
        time: job.movetime,
        nodes: job.nodes,
        all: false,
        report_every: Duration::from_secs(1),
    });
    let solution = solver.solve(game, &signals.stop, &mut |progress: &Progress| {
        out.send(&progress_line(progress, &solution_numbers(progress.root)));
    });
    let mut lines = String::new();
    let (best, ponder) = match &solution.outcome {
        Outcome::Won { moves } => (moves[0], None),
        Outcome::Lost { replies } => {
            let best = solver.most_promising(game);
            let reply = replies
                .iter()
                .find(|(mv, _)| *mv == best)
                .and_then(|(_, answers)| answers.first().copied());
            (best, reply)
        }
        Outcome::Unknown => (solver.most_promising(game), None),
    };
    lines += &match proof_depth(&solver, game, &solution, &signals.stop) {
        Ok(Some((depth, positions))) => {
            let winner_moves = matches!(solution.outcome, Outcome::Won { .. });
            let result = if winner_moves {
                Score::WinIn(depth)
            } else {
                Score::LossIn(depth)
            };
            let winner = solution.winner(game.side_to_move()).expect("solved");
            let pv: Vec<Move> = std::iter::once(best).chain(ponder).collect();
            format!(
                "{}\ninfo string solved: {} wins; proof of {positions} positions checked, \
                 every line of it won within {depth} plies",
                final_line(&solution, &pv, game, score(result, job.dialect), depth),
                winner.name()
            )
        }
        Ok(None) => format!(
            "info nodes {} nps {} time {} string solve stopped: not proved (proof number {}, \
             disproof number {})",
            solution.nodes,
            nps(solution.nodes, solution.elapsed),
            solution.elapsed.as_millis(),
            number(solution.root.phi),
            number(solution.root.delta)
        ),
        Err(message) => format!("info string error: solve: {message}"),
    };
    // The closing lines go out now; the session announces the move, like a search's.
    out.send(&lines);
    Finished {
        game: *game,
        best,
        ponder,
        closing: None,
    }
}

/// The checked proof's depth in plies and its size, `None` if the position is not solved.
fn proof_depth(
    solver: &Solver,
    game: &Breakthrough,
    solution: &Solution<Move>,
    stop: &std::sync::atomic::AtomicBool,
) -> Result<Option<(u32, u64)>, String> {
    let Some(winner) = solution.winner(game.side_to_move()) else {
        return Ok(None);
    };
    let root_moves = match &solution.outcome {
        Outcome::Won { moves } => moves.clone(),
        _ => Vec::new(),
    };
    let mut proof = Vec::new();
    solver.write_proof(game, winner, &root_moves, stop, &mut proof, &mut |_| {})?;
    let report = crate::proof::check::check(proof.as_slice(), false)
        .map_err(|e| format!("the proof does not check: {e}"))?;
    Ok(Some((report.depth, report.positions)))
}

fn final_line(
    solution: &Solution<Move>,
    pv: &[Move],
    game: &Breakthrough,
    score: String,
    depth: u32,
) -> String {
    let mut line = format!(
        "info depth {depth} score {score} nodes {} nps {} time {} pv",
        solution.nodes,
        nps(solution.nodes, solution.elapsed),
        solution.elapsed.as_millis()
    );
    let mut position = *game;
    for &mv in pv {
        line.push(' ');
        line += &position.move_name(mv);
        position = position.play(mv);
    }
    line
}

fn progress_line(progress: &Progress, numbers: &str) -> String {
    format!(
        "info nodes {} nps {} hashfull {} time {} string solving: {numbers}",
        progress.nodes,
        nps(progress.nodes, progress.elapsed),
        progress.permille_full,
        progress.elapsed.as_millis()
    )
}

fn solution_numbers(root: Numbers) -> String {
    format!(
        "proof number {}, disproof number {}",
        number(root.phi),
        number(root.delta)
    )
}

fn number(n: u32) -> String {
    if n == INFINITY {
        "infinite".into()
    } else {
        n.to_string()
    }
}

fn nps(nodes: u64, elapsed: Duration) -> u64 {
    nodes.saturating_mul(1_000_000) / (elapsed.as_micros().max(1) as u64)
}
