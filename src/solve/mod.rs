//! The solver: proves who wins a position of any game that cannot be drawn, with a
//! depth-first proof-number search over a table of proof and disproof numbers ([`dfpn`],
//! [`table`]) that ends lines early with the game's exact rules
//! ([`Position::solver_exact`]: Breakthrough's race patterns), shares entries between
//! mirror images ([`symmetry`]), can run on several threads ([`parallel`]) and stop and
//! resume ([`checkpoint`]), and writes the proof for the game's own checker ([`extract`],
//! through [`Provable`], in a format of the game's own). It knows a game only through the
//! traits of [`crate::game`], and shares with the alpha-beta search only the rules and the
//! game's hooks.
//! [`solve_and_prove`] is `troyka solve` and [`verify_file`] `troyka verify-proof` ([`run`]),
//! which proves a certificate's leaves again ([`certificate`]);
//! with `--json` a solve also writes what a job of the cluster's job-level search needs back
//! ([`job`]).

mod certificate;
mod checkpoint;
mod dfpn;
mod extract;
mod job;
mod parallel;
mod run;
mod symmetry;
mod table;

pub use checkpoint::Totals;
pub use dfpn::Progress;
pub use extract::WriteProgress;
pub use run::{solve_and_prove, verify_file};
pub use table::{Numbers, INFINITY};

use crate::eval::EvalChoice;
use crate::game::proof::{ProofVisitor, Provable, ProvableGame};
use crate::game::{Color, Game, GameMove, GameResult, MoveList, Position, PositionVisitor};
use dfpn::{same_side, Control, Dfpn};
use parallel::Shared;
use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use table::Table;

/// The largest table the solver takes, in MiB (`troyka solve --hash`, a certificate's
/// leaves).
pub const MAX_HASH_MEGABYTES: usize = 1 << 20;

/// How to solve.
#[derive(Clone, Debug)]
pub struct Settings {
    pub hash_megabytes: usize,
    /// Threads proving the root together (the moves are then named by one).
    pub threads: usize,
    /// Stop after this long.
    pub time: Option<Duration>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Find every winning move at the winner's first turn, not just one.
    pub all: bool,
    /// How often to report progress.
    pub report_every: Duration,
    /// The evaluation that starts each new position's numbers: by default the linear one
    /// (on 6x6 a network takes fewer nodes but more time: docs/results.md), with its
    /// weights for proofs ([`EvalChoice::for_proofs`]).
    pub eval: EvalChoice,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            hash_megabytes: 256,
            threads: 1,
            time: None,
            nodes: None,
            all: false,
            report_every: Duration::from_secs(5),
            eval: EvalChoice::linear().for_proofs(),
        }
    }
}

/// What the solver found out about the root, whose moves are `M`.
#[derive(Clone, Debug, PartialEq)]
pub enum Finding<M> {
    /// The side to move wins with these moves (all of them with `all`, else one).
    Won { moves: Vec<M> },
    /// The side to move loses: each of its moves, with the enemy's winning replies (all of
    /// them with `all`, else one; none where the same side moves again, in a game whose
    /// turns have several plies).
    Lost { replies: Vec<(M, Vec<M>)> },
    /// Not solved (stopped first).
    Unknown,
}

/// The result of a solve.
#[derive(Clone, Debug)]
pub struct Solution<M> {
    pub outcome: Finding<M>,
    /// The root's numbers when the search ended.
    pub root: Numbers,
    pub nodes: u64,
    pub elapsed: Duration,
    /// Whether the search was stopped (by time, nodes or the stop flag) before it finished
    /// what it set out to do.
    pub stopped: bool,
}

impl<M> Solution<M> {
    /// The winner, once solved.
    pub fn winner(&self, side_to_move: Color) -> Option<Color> {
        match self.outcome {
            Finding::Won { .. } => Some(side_to_move),
            Finding::Lost { .. } => Some(side_to_move.opponent()),
            Finding::Unknown => None,
        }
    }

    /// The winner's moves at the root for its proof ([`Solver::write_proof`]): the winning
    /// moves found where the side to move wins, none where it loses.
    pub fn root_moves(&self) -> &[M] {
        match &self.outcome {
            Finding::Won { moves } => moves,
            _ => &[],
        }
    }
}

/// The solver recurses as deep as the game is long: every thread that runs it (helpers, the
/// command line's, the protocol's) has a stack this large.
pub const STACK_BYTES: usize = 256 << 20;

/// The solver: its table persists between calls (a proof is written from it after a solve).
pub struct Solver {
    table: Table,
    settings: Settings,
}

impl Solver {
    pub fn new(settings: Settings) -> Solver {
        Solver {
            table: Table::new(settings.hash_megabytes),
            settings,
        }
    }

    /// Saves the table to `path`, as the state of the solve of `game` after `totals`.
    pub fn save_checkpoint<G: Game>(
        &self,
        game: &G,
        totals: Totals,
        path: &Path,
    ) -> Result<(), String> {
        checkpoint::save(&self.table, game, totals, path)
    }

    /// Loads a checkpoint of the solve of `game` saved by [`Solver::save_checkpoint`];
    /// returns what the solve had cost.
    pub fn load_checkpoint<G: Game + PartialEq>(
        &self,
        game: &G,
        path: &Path,
    ) -> Result<Totals, String> {
        checkpoint::load(&self.table, game, path)
    }

    /// The move the table likes best at the root of `game` (which must have a move): the
    /// smallest disproof number of the position it leads to, the most work among equals (so
    /// a lost position resists longest).
    pub fn most_promising<G: Game>(&self, game: &G) -> G::Move {
        let moves = game.legal_moves();
        let mover = game.side_to_move();
        let rank = |&mv: &G::Move| {
            let child = game.play(mv);
            match child.result() {
                Some(GameResult::Win(winner)) if winner == mover => return (0, u8::MAX),
                Some(_) => return (INFINITY, u8::MAX),
                None => {}
            }
            let same_side = child.side_to_move() == mover;
            match self.table.probe_searched(child.visit(Key)) {
                Some((numbers, work)) => (numbers.for_parent(same_side).delta, u8::MAX - work),
                None => (INFINITY - 1, u8::MAX),
            }
        };
        moves
            .iter()
            .min_by_key(|mv| rank(mv))
            .copied()
            .unwrap_or(G::Move::NULL)
    }

    /// The numbers of `game` (whose game must not be over) for its side to move as the
    /// solve left them: settled by the game's rules, else the table's, else the first
    /// numbers a new position gets. The cluster's job-level search (see [`job`]) builds
    /// on a job's children with them.
    pub fn numbers<G: Game>(&self, game: &G) -> Numbers {
        game.visit(Current { solver: self })
    }

    /// The table's key of `game`, which mirror images share.
    pub fn key<G: Game>(game: &G) -> u64 {
        game.visit(Key)
    }

    /// About how many nodes the search spent on `game`, as the table remembers it (0 when
    /// the table does not hold it).
    pub fn work<G: Game>(&self, game: &G) -> u64 {
        self.table
            .probe(Solver::key(game))
            .map_or(0, |(_, work)| table::decode_work(work))
    }

    /// Permille of the table in use.
    pub fn permille_full(&self) -> u32 {
        self.table.permille_full()
    }

    /// Solves `game` (whose game must not be over) until it is solved or `stop` is set, or a
    /// limit is reached, calling `report` every few seconds. With one thread the result,
    /// the node count and the table are the same every time. Winning moves are listed in
    /// the moves' order.
    pub fn solve<G: Game>(
        &self,
        game: &G,
        stop: &AtomicBool,
        report: &mut dyn FnMut(&Progress),
    ) -> Solution<G::Move>
    where
        G::Move: Ord,
    {
        let start = Instant::now();
        let control = Control {
            stop,
            deadline: self.settings.time.map(|t| start + t),
            node_limit: self.settings.nodes,
            report_every: self.settings.report_every,
            start,
        };
        let (outcome, numbers, nodes) = game.visit(Solve {
            solver: self,
            control: &control,
            report,
        });
        Solution {
            stopped: outcome == Finding::Unknown,
            outcome,
            root: numbers,
            nodes,
            elapsed: start.elapsed(),
        }
    }

    /// A df-pn search from `root` over this solver's table, starting new positions' numbers
    /// from its evaluation.
    fn dfpn<'a, P: Position>(
        &'a self,
        root: &P,
        control: &'a Control<'a>,
        report: &'a mut dyn FnMut(&Progress),
    ) -> Dfpn<'a, P> {
        Dfpn::new(root, &self.table, &self.settings.eval, control, report)
    }

    /// Proves or disproves the root with all threads; returns its numbers and the nodes.
    fn prove_root<P: Position>(
        &self,
        root: &P,
        control: &Control,
        report: &mut dyn FnMut(&Progress),
    ) -> (Numbers, u64) {
        let threads = self.settings.threads.max(1);
        let mut main = self.dfpn(root, control, report);
        let main_key = main.key(root);
        if let Some(numbers) = main.known(root).filter(|n| n.is_solved()) {
            return (numbers, 0);
        }
        if threads == 1 {
            let numbers = main.solve(root);
            return (numbers, main.nodes());
        }
        let shared = Shared::new(threads);
        let numbers = std::thread::scope(|scope| {
            for thread in 1..threads {
                let shared = &shared;
                let spawned = std::thread::Builder::new()
                    .stack_size(STACK_BYTES)
                    .spawn_scoped(scope, move || {
                        let mut quiet = |_: &Progress| {};
                        let mut helper = self
                            .dfpn(root, control, &mut quiet)
                            .in_parallel(thread, shared);
                        if helper.solve(root).is_solved() {
                            shared.done.store(true, Ordering::Relaxed);
                        }
                        shared.publish_nodes(thread, helper.nodes());
                    });
                if let Err(error) = spawned {
                    log::warn!("could not start solver thread {thread}: {error}");
                }
            }
            let mut main = main.in_parallel(0, &shared);
            let numbers = main.solve(root);
            shared.publish_nodes(0, main.nodes());
            shared.done.store(true, Ordering::Relaxed);
            numbers
        });
        // Another thread may have proved the root first.
        let numbers = match self.table.probe(main_key) {
            Some((stored, _)) if stored.is_solved() => stored,
            _ => numbers,
        };
        (numbers, shared.total_nodes())
    }

    /// Writes the proof that `winner` wins `game` (solved by [`Solver::solve`]), with
    /// `root_moves` as the winner's moves at the root when it is the winner's turn, in the
    /// game's own format. Subtrees the table has forgotten are solved again. The writer
    /// remembers what it wrote in half as much memory again as the table has, and reports
    /// its progress as often as the search does. Returns the number of lines written.
    pub fn write_proof<G: ProvableGame>(
        &self,
        game: &G,
        winner: Color,
        root_moves: &[G::Move],
        stop: &AtomicBool,
        out: &mut dyn Write,
        report: &mut dyn FnMut(&WriteProgress),
    ) -> Result<u64, String> {
        let start = Instant::now();
        let control = Control {
            stop,
            deadline: None,
            node_limit: None,
            report_every: Duration::MAX,
            start,
        };
        game.write_proof_header(winner, out)
            .map_err(extract::io_error)?;
        let lines = game.visit_provable(WriteProof {
            solver: self,
            control: &control,
            winner,
            root_moves,
            out: &mut *out,
            report,
        })?;
        game.write_proof_end(out).map_err(extract::io_error)?;
        out.flush().map_err(extract::io_error)?;
        Ok(lines)
    }
}

/// [`Solver::solve`] on the concrete position: the outcome, the root's numbers, the nodes.
struct Solve<'a, 'b> {
    solver: &'a Solver,
    control: &'a Control<'a>,
    report: &'b mut dyn FnMut(&Progress),
}

impl<M: GameMove + Ord> PositionVisitor<M> for Solve<'_, '_> {
    type Output = (Finding<M>, Numbers, u64);

    fn visit<P: Position<Move = M>>(self, root: &P) -> Self::Output {
        let (numbers, proving_nodes) = self.solver.prove_root(root, self.control, self.report);
        // Naming the moves is one thread's work.
        let mut dfpn = self.solver.dfpn(root, self.control, self.report);
        let outcome = if numbers.is_solved() {
            name_moves(&mut dfpn, root, numbers, self.solver.settings.all)
        } else {
            Finding::Unknown
        };
        (outcome, numbers, proving_nodes + dfpn.nodes())
    }
}

/// [`Solver::numbers`] on the concrete position.
struct Current<'a> {
    solver: &'a Solver,
}

impl<M: GameMove> PositionVisitor<M> for Current<'_> {
    type Output = Numbers;

    fn visit<P: Position<Move = M>>(self, position: &P) -> Numbers {
        let stop = AtomicBool::new(false);
        let control = Control {
            stop: &stop,
            deadline: None,
            node_limit: None,
            report_every: Duration::MAX,
            start: Instant::now(),
        };
        let mut quiet = |_: &Progress| {};
        self.solver
            .dfpn(position, &control, &mut quiet)
            .current(position)
    }
}

/// The table key of the concrete position.
struct Key;

impl<M: GameMove> PositionVisitor<M> for Key {
    type Output = u64;

    fn visit<P: Position<Move = M>>(self, position: &P) -> u64 {
        symmetry::key(position, &position.tables())
    }
}

/// [`Solver::write_proof`] on the concrete position: its lines.
struct WriteProof<'a, 'b, M> {
    solver: &'a Solver,
    control: &'a Control<'a>,
    winner: Color,
    root_moves: &'a [M],
    out: &'b mut dyn Write,
    report: &'b mut dyn FnMut(&WriteProgress),
}

impl<M: GameMove> ProofVisitor<M> for WriteProof<'_, '_, M> {
    type Output = Result<u64, String>;

    fn visit<P: Provable<Move = M>>(self, root: &P) -> Self::Output {
        let mut quiet = |_: &Progress| {};
        let mut dfpn = self.solver.dfpn(root, self.control, &mut quiet);
        let memory = (self.solver.settings.hash_megabytes / 2).max(1);
        let reporter = extract::Reporter {
            every: self.solver.settings.report_every,
            report: self.report,
        };
        let (winner, moves) = (self.winner, self.root_moves);
        extract::write_lines(&mut dfpn, root, winner, moves, memory, self.out, reporter)
    }
}

/// Names the winning moves of a solved root (or, when it is lost, the winning replies to
/// each move); `Unknown` if stopped first.
fn name_moves<P: Position>(
    dfpn: &mut Dfpn<'_, P>,
    root: &P,
    numbers: Numbers,
    all: bool,
) -> Finding<P::Move>
where
    P::Move: Ord,
{
    if numbers == Numbers::WON {
        match winning_moves(dfpn, root, all) {
            Some(moves) => Finding::Won { moves },
            None => Finding::Unknown,
        }
    } else if numbers == Numbers::LOST {
        let mut replies = Vec::new();
        let mut moves = MoveList::new();
        root.generate(&mut moves);
        for &mv in moves.iter() {
            let child = root.play(mv);
            if child.decided().is_some() {
                continue;
            }
            if same_side(root, &child) {
                // The loser moves again: no reply to name.
                replies.push((mv, Vec::new()));
                continue;
            }
            match winning_moves(dfpn, &child, all) {
                Some(answers) => replies.push((mv, answers)),
                None => return Finding::Unknown,
            }
        }
        Finding::Lost { replies }
    } else {
        Finding::Unknown
    }
}

/// The winning moves of a position won for its side to move: the first found, or with
/// `all` every one. Children the table does not know are solved. `None` if stopped first.
fn winning_moves<P: Position>(
    dfpn: &mut Dfpn<'_, P>,
    position: &P,
    all: bool,
) -> Option<Vec<P::Move>>
where
    P::Move: Ord,
{
    let mut moves = MoveList::new();
    dfpn.candidate_moves(position, &mut moves);
    let mut winning = Vec::new();
    let mut unknown = Vec::new();
    for &mv in moves.iter() {
        let child = position.play(mv);
        let same_side = same_side(position, &child);
        match dfpn.known(&child).map(|n| n.for_parent(same_side)) {
            Some(numbers) if numbers == Numbers::LOST => winning.push(mv),
            Some(numbers) if numbers == Numbers::WON => {}
            _ => unknown.push(mv),
        }
    }
    if !all && !winning.is_empty() {
        winning.truncate(1);
        return Some(winning);
    }
    for mv in unknown {
        let child = position.play(mv);
        let numbers = dfpn.solve(&child).for_parent(same_side(position, &child));
        if dfpn.stopped() {
            return None;
        }
        if numbers == Numbers::LOST {
            winning.push(mv);
            if !all {
                break;
            }
        }
    }
    winning.sort();
    (!winning.is_empty()).then_some(winning)
}
