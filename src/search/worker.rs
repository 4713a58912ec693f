//! One search thread: its state, the limits it watches, and the moves it makes and
//! evaluates along its line. Lazy SMP: [`search_threads`] runs a [`Worker`] on every thread
//! of the pool; they share only the table. The root (`root.rs`) and the tree below it
//! (`tree.rs`) are the worker's two halves.

use super::ordering::History;
use super::root::RootMove;
use super::threads::ThreadPool;
use super::tt::TranspositionTable;
use super::{Limits, NetworkRef, Report, SearchResult, Signals, TimeManager, MATE, MAX_PLY};
use crate::eval::nnue::{AccumulatorStack, Network};
use crate::eval::Evaluator;
use crate::games::breakthrough::race::Defences;
use crate::games::breakthrough::{
    Bitboard, Color, Move, MoveList, Pattern, Position, Race, Step, Verdict,
};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

pub(super) const INFINITY: i32 = MATE + 1;
/// Nodes between looks at the clock and the stop flag.
const CHECK_EVERY: u64 = 1024;

/// What all threads of one search share. Owned, so that helpers may still be finishing after
/// the main thread has returned the result.
pub(super) struct Shared {
    pub(super) tt: Arc<TranspositionTable>,
    /// The network to evaluate with; the linear evaluation when there is none.
    pub(super) network: Option<NetworkRef>,
    pub(super) limits: Limits,
    /// Set when the search is over (the main thread is done, `stop`, the time is up), to end
    /// every thread.
    pub(super) done: AtomicBool,
    /// The caller's flags (`stop`, and `pondering` until `ponderhit`), which every thread
    /// watches.
    pub(super) stop: Arc<AtomicBool>,
    pub(super) pondering: Arc<AtomicBool>,
    /// Nodes of each thread, published every few thousand nodes.
    pub(super) nodes: Vec<AtomicU64>,
}

impl Shared {
    pub(super) fn total_nodes(&self) -> u64 {
        self.nodes.iter().map(|n| n.load(Ordering::Relaxed)).sum()
    }
}

/// Runs the search on the pool's threads (Lazy SMP: all search the same root and share the
/// table) and returns the main thread's result, without waiting for the helpers to end.
#[allow(clippy::too_many_arguments)]
pub(super) fn search_threads<B: Bitboard>(
    root: &Position<B>,
    limits: &Limits,
    signals: &Signals,
    tt: &Arc<TranspositionTable>,
    network: Option<NetworkRef>,
    pool: &ThreadPool,
    start: Instant,
    report: &mut dyn FnMut(&Report),
) -> SearchResult {
    let shared = Arc::new(Shared {
        tt: tt.clone(),
        network,
        limits: limits.clone(),
        done: AtomicBool::new(false),
        stop: signals.stop.clone(),
        pondering: signals.pondering.clone(),
        nodes: (0..pool.threads()).map(|_| AtomicU64::new(0)).collect(),
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

pub(super) struct Worker<'a, B> {
    pub(super) id: usize,
    pub(super) shared: &'a Shared,
    pub(super) network: Option<&'a Network>,
    pub(super) root: Position<B>,
    pub(super) eval: Evaluator<B>,
    /// The network's accumulators along the current line, when there is a network.
    pub(super) accumulators: Option<AccumulatorStack>,
    pub(super) time: TimeManager,
    pub(super) pondering: bool,
    pub(super) nodes: u64,
    pub(super) seldepth: usize,
    pub(super) stopped: bool,
    /// The race rules for this board.
    pub(super) race: Race<B>,
    /// By colour: the three ranks before the goal, where moves are never reduced.
    pub(super) attack_zone: [B; 2],
    pub(super) killers: [[Move; 2]; MAX_PLY + 2],
    /// By ply: whether the move that led there was a null move.
    pub(super) passed: [bool; MAX_PLY + 2],
    pub(super) history: History,
    pub(super) pv: Vec<[Move; MAX_PLY + 1]>,
    pub(super) pv_len: [usize; MAX_PLY + 1],
    pub(super) root_moves: Vec<RootMove>,
}

impl<'a, B: Bitboard> Worker<'a, B> {
    pub(super) fn new(id: usize, root: &Position<B>, shared: &'a Shared, start: Instant) -> Self {
        let layout = root.layout();
        let rows = layout.size.rows();
        let mut moves = MoveList::new();
        if root.winner().is_none() {
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
                pv: vec![mv],
            })
            .collect();
        let network = shared.network.as_deref();
        Worker {
            id,
            shared,
            network,
            root: *root,
            eval: Evaluator::new(root),
            accumulators: network.map(|net| AccumulatorStack::new(net, root, MAX_PLY + 2)),
            time: TimeManager::new(&shared.limits, start),
            pondering: shared.pondering.load(Ordering::Relaxed),
            nodes: 0,
            seldepth: 0,
            stopped: false,
            race: Race::new(layout),
            attack_zone: [
                layout.rank(rows - 2) | layout.rank(rows - 3) | layout.rank(rows - 4),
                layout.rank(1) | layout.rank(2) | layout.rank(3),
            ],
            killers: [[Move::NULL; 2]; MAX_PLY + 2],
            passed: [false; MAX_PLY + 2],
            history: History::new(),
            pv: vec![[Move::NULL; MAX_PLY + 1]; MAX_PLY + 1],
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

    pub(super) fn color_index(color: Color) -> usize {
        color as usize
    }

    /// The static evaluation of `position`, which is at `ply` of the current line: the
    /// network's, plus the linear evaluation's when the network is a residual one.
    #[inline]
    pub(super) fn evaluate(&mut self, position: &Position<B>, ply: usize) -> i32 {
        match (&mut self.accumulators, self.network) {
            (Some(stack), Some(net)) => {
                let correction = stack.evaluate(net, ply, position.side_to_move());
                if net.residual {
                    correction + self.eval.evaluate(position)
                } else {
                    correction
                }
            }
            _ => self.eval.evaluate(position),
        }
    }

    /// The position after `mv`, which will be at `ply`: the network's accumulators learn
    /// how it was reached.
    #[inline]
    pub(super) fn make_move(
        &mut self,
        position: &Position<B>,
        mv: Move,
        ply: usize,
    ) -> Position<B> {
        if let Some(stack) = &mut self.accumulators {
            stack.push_move(ply, position.side_to_move(), mv, position.is_capture(mv));
        }
        position.play(mv)
    }

    /// The position after a pass, which will be at `ply`.
    #[inline]
    pub(super) fn make_pass(&mut self, position: &Position<B>, ply: usize) -> Position<B> {
        if let Some(stack) = &mut self.accumulators {
            stack.push_pass(ply);
        }
        position.pass()
    }

    /// The exact result the race rules give, if any (see [`crate::games::breakthrough::race`]): a runner
    /// of ours wins in one ply; enemy runners we cannot all capture lose in two; a safe step
    /// of ours wins in three; an enemy safe step we can neither capture nor block loses in
    /// four. `Ok(Some(defences))` lists the only moves that do not lose at once.
    #[inline]
    pub(super) fn race(&self, position: &Position<B>, ply: usize) -> Result<Option<Defences>, i32> {
        let ply = ply as i32;
        match self.race.verdict(position, Pattern::Loss4) {
            Verdict::Won(pattern) => Err(MATE - ply - pattern.plies() as i32),
            Verdict::Lost(pattern) => Err(-(MATE - ply - pattern.plies() as i32)),
            Verdict::Forced(defences, _) => Ok(Some(defences)),
            Verdict::Open => Ok(None),
        }
    }

    /// Moves that capture a piece of `target`.
    pub(super) fn captures_of(&self, position: &Position<B>, target: B, list: &mut MoveList) {
        let us = position.side_to_move();
        for step in [Step::TowardFirstFile, Step::TowardLastFile] {
            for to in (position.step_targets(us, step) & target).squares() {
                list.push(Move::new(position.origin(us, step, to), to));
            }
        }
    }

    pub(super) fn update_pv(&mut self, ply: usize, mv: Move) {
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        self.pv[ply][ply] = mv;
        for i in ply + 1..child_len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len;
    }
}
