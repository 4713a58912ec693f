//! One search thread: its state, the limits it watches, and the moves it makes and
//! evaluates along its line. Lazy SMP: [`search_threads`] runs a [`Worker`] on every thread
//! of the pool; they share only the table. The root (`root.rs`) and the tree below it
//! (`tree.rs`) are the worker's two halves.

use super::ordering::History;
use super::root::RootMove;
use super::threads::ThreadPool;
use super::tt::TranspositionTable;
use super::{Limits, Report, ScoreBound, SearchResult, Signals, TimeManager, MATE, MAX_PLY};
use crate::eval::EvalChoice;
use crate::game::{Evaluation, Exact, GameMove, MoveList, Position};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

pub(super) const INFINITY: i32 = MATE + 1;
/// Nodes between looks at the clock and the stop flag.
const CHECK_EVERY: u64 = 1024;

/// What all threads of one search share. Owned, so that helpers may still be finishing after
/// the main thread has returned the result.
pub(super) struct Shared<M> {
    pub(super) tt: Arc<TranspositionTable>,
    /// The evaluation to use.
    pub(super) eval: EvalChoice,
    pub(super) limits: Limits<M>,
    /// Set when the search is over (the main thread is done, `stop`, the time is up), to end
    /// every thread.
    pub(super) done: AtomicBool,
    /// The caller's flags (`stop`, and `pondering` until `ponderhit`), which every thread
    /// watches.
    pub(super) stop: Arc<AtomicBool>,
    pub(super) pondering: Arc<AtomicBool>,
    /// Nodes of each thread, published every few thousand nodes.
    pub(super) nodes: Vec<AtomicU64>,
    /// The hashes of the game's positions before the root that a repetition of draws
    /// ([`Game::history`](crate::game::Game::history)); empty for a game that cannot
    /// repeat.
    pub(super) history: Vec<u64>,
}

impl<M> Shared<M> {
    pub(super) fn total_nodes(&self) -> u64 {
        self.nodes.iter().map(|n| n.load(Ordering::Relaxed)).sum()
    }
}

/// Runs the search on the pool's threads (Lazy SMP: all search the same root and share the
/// table) and returns the main thread's result, without waiting for the helpers to end.
#[allow(clippy::too_many_arguments)]
pub(super) fn search_threads<P: Position>(
    root: &P,
    history: Vec<u64>,
    limits: &Limits<P::Move>,
    signals: &Signals,
    tt: &Arc<TranspositionTable>,
    eval: &EvalChoice,
    pool: &ThreadPool,
    start: Instant,
    report: &mut dyn FnMut(&Report<P::Move>),
) -> SearchResult<P::Move> {
    let shared = Arc::new(Shared {
        tt: tt.clone(),
        eval: eval.clone(),
        limits: limits.clone(),
        done: AtomicBool::new(false),
        stop: signals.stop.clone(),
        pondering: signals.pondering.clone(),
        nodes: (0..pool.threads()).map(|_| AtomicU64::new(0)).collect(),
        history,
    });
    let root = *root;
    let helpers = shared.clone();
    pool.start(move |id| {
        Worker::new(id, &root, &helpers, start).iterate(&mut |_| {});
    });
    let result = Worker::new(0, &root, &shared, start).iterate(report);
    shared.done.store(true, Ordering::Relaxed);
    result
}

pub(super) struct Worker<'a, P: Position> {
    pub(super) id: usize,
    pub(super) shared: &'a Shared<P::Move>,
    pub(super) root: P,
    pub(super) eval: P::Evaluation,
    pub(super) time: TimeManager,
    pub(super) pondering: bool,
    pub(super) nodes: u64,
    pub(super) seldepth: usize,
    pub(super) stopped: bool,
    /// The game's tables for this root (its exact rules, its urgent moves).
    pub(super) tables: P::Tables,
    pub(super) killers: [[P::Move; 2]; MAX_PLY + 2],
    /// By ply: whether the move that led there was a null move.
    pub(super) passed: [bool; MAX_PLY + 2],
    /// By ply: the hash of the position there, on the current line (kept for games whose
    /// positions can repeat, [`Position::REPEATS`]).
    pub(super) keys: [u64; MAX_PLY + 2],
    /// By ply: the move a singular-extension search leaves out there (null if none).
    pub(super) excluded: [P::Move; MAX_PLY + 2],
    /// The depth of the iteration under way.
    pub(super) root_depth: i32,
    pub(super) history: History,
    pub(super) pv: Vec<[P::Move; MAX_PLY + 1]>,
    pub(super) pv_len: [usize; MAX_PLY + 1],
    pub(super) root_moves: Vec<RootMove<P::Move>>,
}

impl<'a, P: Position> Worker<'a, P> {
    pub(super) fn new(id: usize, root: &P, shared: &'a Shared<P::Move>, start: Instant) -> Self {
        let mut moves = MoveList::new();
        if root.decided().is_none() {
            root.generate(&mut moves);
        }
        let searchmoves = &shared.limits.searchmoves;
        let root_moves = moves
            .iter()
            .filter(|mv| searchmoves.is_empty() || searchmoves.contains(mv))
            .map(|&mv| RootMove {
                mv,
                score: -INFINITY,
                previous_score: -INFINITY,
                lost: false,
                bound: ScoreBound::Exact,
                pv: vec![mv],
            })
            .collect();
        Worker {
            id,
            shared,
            root: *root,
            eval: P::Evaluation::new(root, &shared.eval),
            time: TimeManager::new(&shared.limits, start),
            pondering: shared.pondering.load(Ordering::Relaxed),
            nodes: 0,
            seldepth: 0,
            stopped: false,
            tables: root.tables(),
            killers: [[P::Move::NULL; 2]; MAX_PLY + 2],
            passed: [false; MAX_PLY + 2],
            keys: [root.hash(); MAX_PLY + 2],
            excluded: [P::Move::NULL; MAX_PLY + 2],
            root_depth: 0,
            history: History::new(P::HISTORY_SLOTS),
            pv: vec![[P::Move::NULL; MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            root_moves,
        }
    }

    pub(super) fn is_main(&self) -> bool {
        self.id == 0
    }

    /// Looks at the clock and the stop flag; when the search must end, tells every thread.
    /// Every thread looks, not only the main one: with more threads than processors the main
    /// thread may wait long for its turn, and its `bestmove` would come late.
    pub(super) fn check_limits(&mut self) {
        let shared = self.shared;
        shared.nodes[self.id].store(self.nodes, Ordering::Relaxed);
        let stopped = shared.stop.load(Ordering::Relaxed);
        if self.pondering && !shared.pondering.load(Ordering::Relaxed) {
            // `ponderhit`: from now on our own clock runs.
            self.pondering = false;
            self.time.restart(Instant::now());
        }
        if stopped || (!self.pondering && self.time.past_hard_limit()) {
            shared.done.store(true, Ordering::Relaxed);
        }
    }

    pub(super) fn node_limit_reached(&self) -> bool {
        match self.shared.limits.nodes {
            Some(limit) if self.shared.nodes.len() == 1 => self.nodes >= limit,
            Some(limit) => self.shared.total_nodes() >= limit,
            None => false,
        }
    }

    /// Counts a node and, every so often, checks whether to stop.
    #[inline]
    pub(super) fn visit(&mut self, ply: usize) -> bool {
        if self.stopped {
            return true;
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.nodes.is_multiple_of(CHECK_EVERY) {
            self.check_limits();
        }
        // At every node: once the search is over, all threads end at once and leave the
        // processors to the main thread.
        if self.shared.done.load(Ordering::Relaxed) {
            self.stopped = true;
        }
        if self.is_main() && self.shared.limits.nodes.is_some() && self.node_limit_reached() {
            self.stopped = true;
        }
        self.stopped
    }

    /// Whether `position`, at `ply` of the current line, repeats a position met earlier on
    /// the line or in the game before the root: then it is a draw. Like most engines, the
    /// search takes the first repetition for a draw (the game would need a third one), since
    /// whatever one side could do about it, it could have done the first time.
    #[inline]
    pub(super) fn repeats(&mut self, position: &P, ply: usize) -> bool {
        let key = position.hash();
        self.keys[ply] = key;
        self.keys[..ply].contains(&key) || self.shared.history.contains(&key)
    }

    /// The static evaluation of `position`, which is at `ply` of the current line.
    #[inline]
    pub(super) fn evaluate(&mut self, position: &P, ply: usize) -> i32 {
        self.eval.evaluate(position, ply)
    }

    /// The position after `mv`, which will be at `ply`: the evaluation learns how it was
    /// reached.
    #[inline]
    pub(super) fn make_move(&mut self, position: &P, mv: P::Move, ply: usize) -> P {
        self.eval.push_move(position, mv, ply);
        position.play(mv)
    }

    /// The position after a pass, which will be at `ply`.
    #[inline]
    pub(super) fn make_pass(&mut self, position: &P, ply: usize) -> P {
        self.eval.push_pass(ply);
        position.pass()
    }

    /// What the game knows for certain here: `Err` with the exact score, or `Ok` with the
    /// only moves that do not lose at once, if that is all it knows.
    #[inline]
    pub(super) fn exact(&self, position: &P, ply: usize) -> Result<Option<P::Forced>, i32> {
        let ply = ply as i32;
        match position.exact(&self.tables) {
            Exact::Won(plies) => Err(MATE - ply - plies as i32),
            Exact::Lost(plies) => Err(-(MATE - ply - plies as i32)),
            Exact::Forced(forced) => Ok(Some(forced)),
            Exact::Open => Ok(None),
        }
    }

    pub(super) fn update_pv(&mut self, ply: usize, mv: P::Move) {
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        self.pv[ply][ply] = mv;
        for i in ply + 1..child_len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len;
    }
}
