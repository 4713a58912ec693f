//! `go solve`: proves the current position with the [solver](crate::solve) on its own
//! thread, streaming progress as `info` lines, and hands its move back to the session like
//! a search does. Only a game the solver can prove gets here ([`can_solve`]): one that
//! cannot be drawn and has a proof checker ([`Game::visit_solvable`]). A result is only
//! claimed once its proof has been written and passed the checker; the proof's longest line
//! gives the `mate` score.

use super::output::Output;
use super::search_thread::Finished;
use super::turns::{best_and_ponder, first_turn};
use super::uci::format::{score, MateUnit};
use crate::game::proof::{ProofChecker, ProvableGame, SolvableVisitor};
use crate::game::{line_name, Game};
use crate::search::{Score, Signals};
use crate::solve::{Finding, Numbers, Progress, Settings, Solution, Solver, INFINITY, STACK_BYTES};
use crossbeam_channel::Sender;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// One `go solve`.
pub struct SolveJob<G: Game> {
    /// A position whose game is not over, and can be solved ([`can_solve`]).
    pub game: G,
    pub hash_megabytes: usize,
    pub threads: usize,
    pub movetime: Option<Duration>,
    pub nodes: Option<u64>,
    pub mate: MateUnit,
}

/// Whether `go solve` can prove positions of `game`'s game ([`Game::visit_solvable`]).
pub fn can_solve<G: Game>(game: &G) -> bool {
    struct Probe;
    impl<M: crate::game::GameMove> SolvableVisitor<M> for Probe {
        type Output = ();
        fn visit<G: ProvableGame<Move = M>>(self, _: &G, _: ProofChecker) {}
    }
    game.visit_solvable(Probe).is_some()
}

/// Starts proving on a new thread; `done` receives the closing lines.
pub fn spawn<G: Game>(
    signals: Arc<Signals>,
    out: Arc<Output>,
    job: SolveJob<G>,
    done: Sender<Finished<G>>,
) -> std::io::Result<()> {
    std::thread::Builder::new()
        .name("solve".into())
        .stack_size(STACK_BYTES)
        .spawn(move || {
            let game = &job.game;
            let prove = Prove {
                job: &job,
                signals: &signals,
                out: &out,
            };
            let (best, ponder) = game.visit_solvable(prove).unwrap_or_else(|| {
                log::error!("go solve on a game that cannot be solved; playing a first turn");
                (first_turn(game), None)
            });
            let finished = Finished {
                game: game.clone(),
                best,
                ponder,
                closing: None,
            };
            // The session only stops listening when the process ends.
            let _ = done.send(finished);
        })
        .map(drop)
}

/// The solve itself, on the game as the solver sees it: sends the closing lines and returns
/// the move and the expected reply, as whole turns.
struct Prove<'a, G: Game> {
    job: &'a SolveJob<G>,
    signals: &'a Signals,
    out: &'a Output,
}

impl<G: Game> SolvableVisitor<G::Move> for Prove<'_, G> {
    type Output = (Vec<G::Move>, Option<Vec<G::Move>>);

    fn visit<P: ProvableGame<Move = G::Move>>(self, game: &P, check: ProofChecker) -> Self::Output
    where
        G::Move: Ord,
    {
        let job = self.job;
        let solver = Solver::new(Settings {
            hash_megabytes: job.hash_megabytes,
            threads: job.threads,
            time: job.movetime,
            nodes: job.nodes,
            all: false,
            report_every: Duration::from_secs(1),
            ..Settings::default()
        });
        let stop = &self.signals.stop;
        let solution = solver.solve(game, stop, &mut |progress: &Progress| {
            self.out
                .send(&progress_line(progress, &solution_numbers(progress.root)));
        });
        // The winning move, or the one the table finds hardest to refute with the winning
        // reply; a turn the line stops inside is completed with the table's moves.
        let line = match &solution.outcome {
            Finding::Won { moves } => vec![moves[0]],
            Finding::Lost { replies } => {
                let best = solver.most_promising(game);
                let reply = replies
                    .iter()
                    .find(|(mv, _)| *mv == best)
                    .and_then(|(_, answers)| answers.first().copied());
                std::iter::once(best).chain(reply).collect()
            }
            Finding::Unknown => vec![solver.most_promising(game)],
        };
        let (best, ponder) =
            best_and_ponder(game, &line, |position| solver.most_promising(position));
        let lines = match proof_depth(&solver, game, &solution, check, stop) {
            Ok(Some((depth, positions))) => {
                let result = match solution.outcome {
                    Finding::Won { .. } => Score::WinIn(depth),
                    _ => Score::LossIn(depth),
                };
                let winner = solution.winner(game.side_to_move()).expect("solved");
                let pv = [best.clone(), ponder.clone().unwrap_or_default()].concat();
                format!(
                    "{}\ninfo string solved: {} wins; proof of {positions} positions checked, \
                     every line of it won within {depth} plies",
                    final_line(&solution, &pv, game, score(result, job.mate), depth),
                    P::side_name(winner)
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
        self.out.send(&lines);
        (best, ponder)
    }
}

/// The checked proof's depth in plies and its size, `None` if the position is not solved.
fn proof_depth<P: ProvableGame>(
    solver: &Solver,
    game: &P,
    solution: &Solution<P::Move>,
    check: ProofChecker,
    stop: &AtomicBool,
) -> Result<Option<(u32, u64)>, String> {
    let Some(winner) = solution.winner(game.side_to_move()) else {
        return Ok(None);
    };
    let mut proof = Vec::new();
    let root_moves = solution.root_moves();
    solver.write_proof(game, winner, root_moves, stop, &mut proof, &mut |_| {})?;
    let checked = check(&mut proof.as_slice(), false)
        .map_err(|e| format!("the proof does not check: {e}"))?;
    // The solver writes whole proofs: a leaf left to prove again would be unchecked.
    if !checked.leaves_to_prove.is_empty() {
        return Err("the proof leaves positions to prove again".into());
    }
    Ok(Some((checked.depth, checked.positions)))
}

fn final_line<P: Game>(
    solution: &Solution<P::Move>,
    pv: &[P::Move],
    game: &P,
    score: String,
    depth: u32,
) -> String {
    format!(
        "info depth {depth} score {score} nodes {} nps {} time {} pv {}",
        solution.nodes,
        nps(solution.nodes, solution.elapsed),
        solution.elapsed.as_millis(),
        line_name(game, pv)
    )
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
