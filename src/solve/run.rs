//! `troyka solve`: runs the [`Solver`] on a position of any game it can prove
//! ([`Game::visit_solvable`]) with progress lines on stderr, resumes from and saves a
//! checkpoint, prints who wins on stdout, and writes the proof and has the game's checker
//! verify it ([`verify_file`], which is also `troyka verify-proof`). The command line only
//! gathers the settings; the protocol's `go solve` drives the solver its own way
//! (`protocol/solve_thread.rs`). With a JSON file the result is also written there for a job
//! of the cluster's search ([`super::job`]); an unsolved position is then not an error, the
//! file says so.

use super::{Finding, Progress, Settings, Solver, Totals, INFINITY, STACK_BYTES};
use crate::game::proof::{ProofChecker, ProvableGame, SolvableVisitor};
use crate::game::{Game, GameMove, GameResult};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How often a solve with a checkpoint saves its table.
const CHECKPOINT_EVERY: Duration = Duration::from_secs(600);

/// Solves `game`, resuming from `checkpoint` if that file exists and saving the table there,
/// and writes the proof to `proof` and checks it, and the result as JSON to `json`. Ctrl-C
/// stops the solve; what it knows so far is still printed and saved. Errors are for the
/// user.
pub fn solve_and_prove<G: Game>(
    game: G,
    settings: Settings,
    proof: Option<PathBuf>,
    checkpoint: Option<PathBuf>,
    json: Option<PathBuf>,
) -> Result<(), String> {
    match game.result() {
        Some(GameResult::Win(winner)) => {
            return Err(format!(
                "the game is over ({} won): nothing to solve",
                G::side_name(winner)
            ))
        }
        Some(GameResult::Draw) => return Err("the game is over (drawn): nothing to solve".into()),
        None => {}
    }
    let stop = Arc::new(AtomicBool::new(false));
    let handler_stop = stop.clone();
    let _ = ctrlc::set_handler(move || handler_stop.store(true, Ordering::SeqCst));
    std::thread::Builder::new()
        .name("solve".into())
        .stack_size(STACK_BYTES)
        .spawn(move || {
            let run = SolveRun {
                settings,
                stop: &stop,
                proof,
                checkpoint,
                json,
            };
            game.visit_solvable(run).unwrap_or_else(|| {
                Err(format!(
                    "the solver cannot prove {} positions: it proves games without draws \
                     that have a proof format",
                    G::NAME
                ))
            })
        })
        .map_err(|e| format!("cannot start the solver thread: {e}"))?
        .join()
        .map_err(|_| "the solver thread failed".to_string())?
}

/// Checks the proof at `path`, a proof of a position of `G`, with `check` (`deep`: every
/// rule it cites confirmed by brute force too) and prints the checker's verdict; an
/// invalid proof is an error. A certificate's leaves are then proved again, `threads` at
/// a time ([`super::certificate`]), and the verdict says so.
pub fn verify_file<G: Game>(
    path: &Path,
    check: ProofChecker,
    deep: bool,
    threads: usize,
) -> Result<(), String> {
    let started = Instant::now();
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let checked = check(&mut std::io::BufReader::new(file), deep)
        .map_err(|e| format!("{}: the proof is not valid: {e}", path.display()))?;
    let mut verdict = checked.verdict.clone();
    if !checked.leaves_to_prove.is_empty() {
        let proved = super::certificate::prove_leaves::<G>(&checked, check, deep, threads)
            .map_err(|e| format!("{}: the certificate is not valid: {e}", path.display()))?;
        verdict += &format!(
            "; {} leaves proved again in {} nodes, sub-proofs of {} positions in all",
            checked.leaves_to_prove.len(),
            proved.nodes,
            proved.positions
        );
    }
    println!("{verdict}; {:.1} s", started.elapsed().as_secs_f64());
    for note in &checked.notes {
        println!("note: {note}");
    }
    Ok(())
}

/// `troyka solve` as it was asked for, run on the game as the solver sees it.
struct SolveRun<'a> {
    settings: Settings,
    stop: &'a AtomicBool,
    proof: Option<PathBuf>,
    checkpoint: Option<PathBuf>,
    json: Option<PathBuf>,
}

impl<M: GameMove> SolvableVisitor<M> for SolveRun<'_> {
    type Output = Result<(), String>;

    fn visit<G: ProvableGame<Move = M>>(self, game: &G, check: ProofChecker) -> Self::Output
    where
        M: Ord,
    {
        prove(self, game, check)
    }
}

/// The solve itself, on the solver's thread; `check` is the game's proof checker.
fn prove<G: ProvableGame>(run: SolveRun, game: &G, check: ProofChecker) -> Result<(), String>
where
    G::Move: Ord,
{
    let SolveRun {
        settings,
        stop,
        proof,
        checkpoint,
        json,
    } = run;
    let solver = Solver::new(settings);
    match game.board_size() {
        Some(size) => println!("position {} ({size})", game.to_text()),
        None => println!("position {}", game.to_text()),
    }
    let mut earlier = Totals::default();
    if let Some(path) = checkpoint.as_deref().filter(|p| p.exists()) {
        earlier = solver.load_checkpoint(game, path)?;
        println!(
            "resumed from {}: {} nodes in {:.1} s before, table {:.1}% full",
            path.display(),
            earlier.nodes,
            earlier.elapsed.as_secs_f64(),
            solver.permille_full() as f64 / 10.0
        );
    }
    let mut last_save = Instant::now();
    let solution = solver.solve(game, stop, &mut |progress: &Progress| {
        eprintln!("{}", progress_line(progress, earlier));
        if let Some(path) = &checkpoint {
            if last_save.elapsed() >= CHECKPOINT_EVERY {
                let totals = Totals {
                    nodes: earlier.nodes + progress.nodes,
                    elapsed: earlier.elapsed + progress.elapsed,
                };
                match solver.save_checkpoint(game, totals, path) {
                    Ok(()) => eprintln!("checkpoint saved to {}", path.display()),
                    Err(message) => eprintln!("error: {message}"),
                }
                last_save = Instant::now();
            }
        }
    });
    let side = game.side_to_move();
    match &solution.outcome {
        Finding::Won { moves } => {
            println!("result: {} (the side to move) wins", G::side_name(side));
            println!("winning moves: {}", names(game, moves));
        }
        Finding::Lost { replies } => {
            println!(
                "result: {} (the side to move) loses; {} wins",
                G::side_name(side),
                G::side_name(side.opponent())
            );
            for (mv, answers) in replies {
                println!(
                    "  {} is answered by {}",
                    game.move_name(*mv),
                    names(&game.play(*mv), answers)
                );
            }
        }
        Finding::Unknown => println!(
            "result: unknown (stopped); root proof number {}, disproof number {}",
            number_text(solution.root.phi),
            number_text(solution.root.delta)
        ),
    }
    let seconds = solution.elapsed.as_secs_f64();
    println!(
        "nodes {} time {:.1} s nps {:.0} table {:.1}%",
        solution.nodes,
        seconds,
        solution.nodes as f64 / seconds.max(1e-9),
        solver.permille_full() as f64 / 10.0
    );
    let totals = Totals {
        nodes: earlier.nodes + solution.nodes,
        elapsed: earlier.elapsed + solution.elapsed,
    };
    if earlier.nodes > 0 {
        println!(
            "over all sessions: nodes {} time {:.1} s",
            totals.nodes,
            totals.elapsed.as_secs_f64()
        );
    }
    // A checkpoint resumed solved has nothing new to save.
    if let Some(path) = checkpoint.as_ref().filter(|_| solution.nodes > 0) {
        solver.save_checkpoint(game, totals, path)?;
        println!("checkpoint saved to {}", path.display());
    }
    let Some(winner) = solution.winner(side) else {
        if let Some(path) = &json {
            return super::job::write(path, game, &solver, &solution, None);
        }
        return match proof {
            Some(_) => Err("no proof written: the position is not solved".into()),
            None => Ok(()),
        };
    };
    // The proof is always built, for its size; it is kept and checked with a proof file.
    let started = Instant::now();
    let mut out: Box<dyn Write> = match &proof {
        Some(path) => Box::new(BufWriter::new(
            std::fs::File::create(path).map_err(|e| format!("{}: {e}", path.display()))?,
        )),
        None => Box::new(std::io::sink()),
    };
    let root_moves = solution.root_moves();
    let lines = solver.write_proof(game, winner, root_moves, stop, &mut out, &mut |p| {
        eprintln!(
            "{:7.1} s  writing the proof: {} lines, {} nodes searched again",
            p.elapsed.as_secs_f64(),
            p.lines,
            p.nodes
        )
    })?;
    drop(out);
    let place = proof.as_ref().map_or(String::new(), |path| {
        format!(" written to {}", path.display())
    });
    println!(
        "proof: {lines} lines{place} in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    if let Some(path) = &proof {
        verify_file::<G>(path, check, false, 1)?;
    }
    match &json {
        Some(path) => super::job::write(path, game, &solver, &solution, Some(lines)),
        None => Ok(()),
    }
}

fn names<G: Game>(game: &G, moves: &[G::Move]) -> String {
    let names: Vec<String> = moves.iter().map(|&m| game.move_name(m)).collect();
    names.join(" ")
}

fn number_text(n: u32) -> String {
    if n == INFINITY {
        "inf".into()
    } else {
        n.to_string()
    }
}

/// A progress line for stderr: totals over all sessions, the speed of this one.
fn progress_line(progress: &Progress, earlier: Totals) -> String {
    let seconds = progress.elapsed.as_secs_f64();
    format!(
        "{:>8.1} s  nodes {:>12}  {:>8.0} nodes/s  root pn {} dn {}  table {:.1}%",
        seconds + earlier.elapsed.as_secs_f64(),
        progress.nodes + earlier.nodes,
        progress.nodes as f64 / seconds.max(1e-9),
        number_text(progress.root.phi),
        number_text(progress.root.delta),
        progress.permille_full as f64 / 10.0
    )
}
