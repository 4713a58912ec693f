//! Proving a certificate's leaves again. A certificate is the top of a proof too big to
//! keep, whose leaves the game's checker has taken as won for the winner and listed
//! ([`CheckedProof::leaves_to_prove`]), each with a node limit and a table size: the nodes
//! and the table of the job that first proved it. Here each leaf is solved again on one
//! thread with that table, within that many nodes; the solver writes the leaf's proof to a
//! file of its own in the system's temporary directory, and the same checker that read the
//! top checks it, as a proof of its own, with its own memory of positions proved. Only
//! when that proof holds, and proves that the certificate's winner wins that very leaf, is
//! the leaf proved. The file is removed afterwards, whether the leaf was proved or not.
//!
//! What this trusts is what the check of a proof trusts: the rules, the rules the proofs
//! cite (Breakthrough's race patterns; with `deep` confirmed by brute force, so that only
//! the rules are left), and the checker's code. The solver is not trusted: a leaf it
//! cannot prove within the limit, proves for the other side, or proves with a proof that
//! does not check fails the certificate. The limit only bounds the work (counted as
//! `troyka solve --nodes` counts it): one thread makes the solve deterministic, so the
//! job's own node count suffices with the build that ran the job.
//!
//! Leaves are independent, so several are proved at once, each by its own one-thread
//! solver with its own table; the first failure stops the others.

use super::{Settings, Solver, MAX_HASH_MEGABYTES, STACK_BYTES};
use crate::game::proof::{CheckedProof, LeafToProve, ProofChecker, ProvableGame, SolvableVisitor};
use crate::game::{Color, Game, GameMove};
use std::fs::{File, OpenOptions};
use std::io::{BufReader, BufWriter, ErrorKind};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What proving a certificate's leaves again took.
#[derive(Clone, Copy, Debug, Default)]
pub struct ProvedLeaves {
    /// The solver's nodes on the leaves (not those it searched again writing their
    /// proofs).
    pub nodes: u64,
    /// The positions of the leaves' proofs, all together.
    pub positions: u64,
}

/// Proves again every leaf of `certificate`, checked by `check` (a checker of proofs of
/// `G`'s positions; `deep` as the top was checked), `threads` leaves at a time. Progress
/// lines go to stderr; the first leaf that fails is the error.
pub fn prove_leaves<G: Game>(
    certificate: &CheckedProof,
    check: ProofChecker,
    deep: bool,
    threads: usize,
) -> Result<ProvedLeaves, String> {
    let leaves = &certificate.leaves_to_prove;
    if let Some(leaf) = leaves
        .iter()
        .find(|leaf| leaf.hash_megabytes > MAX_HASH_MEGABYTES)
    {
        return Err(format!(
            "line {}: a table of {} MiB, more than the solver takes ({MAX_HASH_MEGABYTES})",
            leaf.line, leaf.hash_megabytes
        ));
    }
    let workers = threads.clamp(1, leaves.len().max(1));
    let largest = leaves.iter().map(|l| l.hash_megabytes).max().unwrap_or(0);
    eprintln!(
        "certificate: the top checks; leaves to prove again: {}, within {} nodes in all, \
         {workers} at a time (tables of up to {largest} MiB each)",
        leaves.len(),
        leaves.iter().map(|l| l.nodes).sum::<u64>()
    );
    let run = Run {
        winner: certificate.winner,
        check,
        deep,
        leaves,
        next: AtomicUsize::new(0),
        stop: AtomicBool::new(false),
        outcome: Mutex::new(Outcome::default()),
        started: Instant::now(),
    };
    std::thread::scope(|scope| {
        for number in 0..workers {
            let run = &run;
            let spawned = std::thread::Builder::new()
                .name(format!("leaf {number}"))
                .stack_size(STACK_BYTES)
                .spawn_scoped(scope, move || run.work::<G>());
            if let Err(error) = spawned {
                run.fail(format!("cannot start a thread to prove leaves: {error}"));
            }
        }
    });
    let outcome = run.outcome.into_inner().unwrap_or_else(|e| e.into_inner());
    match outcome.failure {
        Some(failure) => Err(failure),
        None => Ok(outcome.proved),
    }
}

/// The leaves proved so far, and the first failure.
#[derive(Default)]
struct Outcome {
    proved: ProvedLeaves,
    done: usize,
    failure: Option<String>,
}

/// The proving of one certificate's leaves, shared by its threads.
struct Run<'a> {
    winner: Color,
    check: ProofChecker,
    deep: bool,
    leaves: &'a [LeafToProve],
    /// The next leaf to take.
    next: AtomicUsize,
    /// Set at the first failure: the solves still running stop.
    stop: AtomicBool,
    outcome: Mutex<Outcome>,
    started: Instant,
}

impl Run<'_> {
    /// One thread's part: leaves in turn until none is left or one has failed.
    fn work<G: Game>(&self) {
        while !self.stop.load(Ordering::Relaxed) {
            let Some(leaf) = self.leaves.get(self.next.fetch_add(1, Ordering::Relaxed)) else {
                return;
            };
            let proved = self
                .prove::<G>(leaf)
                .map_err(|why| format!("line {}: the leaf {}: {why}", leaf.line, leaf.position));
            match proved {
                Ok(proved) => self.count(leaf, proved),
                Err(failure) => self.fail(failure),
            }
        }
    }

    fn prove<G: Game>(&self, leaf: &LeafToProve) -> Result<ProvedLeaves, String> {
        let game = G::from_text(&leaf.position)?;
        let prove = ProveLeaf { run: self, leaf };
        game.visit_solvable(prove)
            .unwrap_or_else(|| Err(format!("the solver cannot prove {} positions", G::NAME)))
    }

    fn count(&self, leaf: &LeafToProve, proved: ProvedLeaves) {
        let mut outcome = self.outcome.lock().unwrap_or_else(|e| e.into_inner());
        outcome.proved.nodes += proved.nodes;
        outcome.proved.positions += proved.positions;
        outcome.done += 1;
        eprintln!(
            "{:8.1} s  leaf {}/{} proved again (line {}, {}): {} nodes, a proof of {} positions",
            self.started.elapsed().as_secs_f64(),
            outcome.done,
            self.leaves.len(),
            leaf.line,
            leaf.position,
            proved.nodes,
            proved.positions
        );
    }

    /// Keeps the first failure and stops the rest: a leaf stopped because another failed
    /// is not a failure of its own.
    fn fail(&self, failure: String) {
        let mut outcome = self.outcome.lock().unwrap_or_else(|e| e.into_inner());
        if outcome.failure.is_none() {
            outcome.failure = Some(failure);
            self.stop.store(true, Ordering::Relaxed);
        }
    }
}

/// One leaf, on the game as the solver sees it.
struct ProveLeaf<'a, 'b> {
    run: &'a Run<'b>,
    leaf: &'a LeafToProve,
}

impl<M: GameMove> SolvableVisitor<M> for ProveLeaf<'_, '_> {
    type Output = Result<ProvedLeaves, String>;

    fn visit<G: ProvableGame<Move = M>>(self, game: &G, _: ProofChecker) -> Self::Output
    where
        M: Ord,
    {
        let (run, leaf) = (self.run, self.leaf);
        let winner = run.winner;
        if game.result().is_some() {
            return Err("the game is over there".into());
        }
        let solver = Solver::new(Settings {
            hash_megabytes: leaf.hash_megabytes,
            threads: 1,
            nodes: Some(leaf.nodes),
            report_every: Duration::MAX,
            ..Settings::default()
        });
        let solution = solver.solve(game, &run.stop, &mut |_| {});
        match solution.winner(game.side_to_move()) {
            Some(found) if found == winner => {}
            Some(found) => {
                return Err(format!(
                    "the solver proves that {} wins it, not {}",
                    G::side_name(found),
                    G::side_name(winner)
                ))
            }
            None => return Err(format!("not proved within {} nodes", leaf.nodes)),
        }
        let (file, proof_file) = TemporaryProof::create()?;
        // Written whole (and flushed) before the checker reads it back from the top.
        let mut out = BufWriter::new(file);
        let root_moves = solution.root_moves();
        solver.write_proof(game, winner, root_moves, &run.stop, &mut out, &mut |_| {})?;
        drop(out);
        let path = &proof_file.0;
        let reopened = File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let checked = (run.check)(&mut BufReader::new(reopened), run.deep)
            .map_err(|e| format!("the solver's proof of it does not check: {e}"))?;
        if checked.root != game.to_text() || checked.winner != winner {
            return Err(format!(
                "the solver's proof of it proves that {} wins {}",
                G::side_name(checked.winner),
                checked.root
            ));
        }
        if !checked.leaves_to_prove.is_empty() {
            return Err("the solver's proof of it leaves positions to prove again".into());
        }
        Ok(ProvedLeaves {
            nodes: solution.nodes,
            positions: checked.positions,
        })
    }
}

/// A leaf's proof file in the system's temporary directory, under a name no other file
/// has; removed when dropped, whatever became of the leaf.
struct TemporaryProof(PathBuf);

impl TemporaryProof {
    fn create() -> Result<(File, TemporaryProof), String> {
        static COUNT: AtomicU64 = AtomicU64::new(0);
        loop {
            let number = COUNT.fetch_add(1, Ordering::Relaxed);
            let path = std::env::temp_dir()
                .join(format!("troyka-leaf-{}-{number}.proof", std::process::id()));
            // `create_new` fails rather than take over a file that is there already.
            match OpenOptions::new().write(true).create_new(true).open(&path) {
                Ok(file) => return Ok((file, TemporaryProof(path))),
                Err(error) if error.kind() == ErrorKind::AlreadyExists => continue,
                Err(error) => return Err(format!("{}: {error}", path.display())),
            }
        }
    }
}

impl Drop for TemporaryProof {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}
