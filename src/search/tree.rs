//! The tree search proper: iterative deepening with aspiration windows over a negamax
//! principal-variation search, quiescence search, and the Breakthrough race rules that turn
//! runners into exact results. One [`Worker`] per thread; they share only the table.

use super::ordering::{History, MovePicker};
use super::threads::ThreadPool;
use super::tt::{Bound, TranspositionTable};
use super::{
    Limits, NetworkRef, Report, Score, ScoreBound, SearchResult, Signals, TimeManager, MATE,
    MATE_BOUND, MAX_PLY,
};
use crate::eval::nnue::{AccumulatorStack, Network};
use crate::eval::Evaluator;
use crate::rules::race::Defences;
use crate::rules::{Bitboard, Color, Move, MoveList, Pattern, Position, Race, Step, Verdict};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

const INFINITY: i32 = MATE + 1;
/// Nodes between looks at the clock and the stop flag.
const CHECK_EVERY: u64 = 1024;

/// What all threads of one search share. Owned, so that helpers may still be finishing after
/// the main thread has returned the result.
struct Shared {
    tt: Arc<TranspositionTable>,
    /// The network to evaluate with; the linear evaluation when there is none.
    network: Option<NetworkRef>,
    limits: Limits,
    /// Set when the search is over (the main thread is done, `stop`, the time is up), to end
    /// every thread.
    done: AtomicBool,
    /// The caller's flags (`stop`, and `pondering` until `ponderhit`), which every thread
    /// watches.
    stop: Arc<AtomicBool>,
    pondering: Arc<AtomicBool>,
    /// Nodes of each thread, published every few thousand nodes.
    nodes: Vec<AtomicU64>,
}

impl Shared {
    fn total_nodes(&self) -> u64 {
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

#[derive(Clone)]
struct RootMove {
    mv: Move,
    score: i32,
    previous_score: i32,
    pv: Vec<Move>,
}

struct Worker<'a, B> {
    id: usize,
    shared: &'a Shared,
    network: Option<&'a Network>,
    root: Position<B>,
    eval: Evaluator<B>,
    /// The network's accumulators along the current line, when there is a network.
    accumulators: Option<AccumulatorStack>,
    time: TimeManager,
    pondering: bool,
    nodes: u64,
    seldepth: usize,
    stopped: bool,
    /// The race rules for this board.
    race: Race<B>,
    /// By colour: the three ranks before the goal, where moves are never reduced.
    attack_zone: [B; 2],
    killers: [[Move; 2]; MAX_PLY + 2],
    /// By ply: whether the move that led there was a null move.
    passed: [bool; MAX_PLY + 2],
    history: History,
    pv: Vec<[Move; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    root_moves: Vec<RootMove>,
}

impl<'a, B: Bitboard> Worker<'a, B> {
    fn new(id: usize, root: &Position<B>, shared: &'a Shared, start: Instant) -> Self {
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

    fn is_main(&self) -> bool {
        self.id == 0
    }

    /// Looks at the clock and the stop flag; when the search must end, tells every thread.
    /// Every thread looks, not only the main one: with more threads than processors the main
    /// thread may wait long for its turn, and its `bestmove` would come late.
    fn check_limits(&mut self) {
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

    fn node_limit_reached(&self) -> bool {
        match self.shared.limits.nodes {
            Some(limit) if self.shared.nodes.len() == 1 => self.nodes >= limit,
            Some(limit) => self.shared.total_nodes() >= limit,
            None => false,
        }
    }

    /// Counts a node and, every so often, checks whether to stop.
    #[inline]
    fn visit(&mut self, ply: usize) -> bool {
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

    /// Iterative deepening. The main thread reports and decides when to stop.
    fn iterate(&mut self, report: &mut dyn FnMut(&Report)) -> SearchResult {
        let limits = &self.shared.limits;
        let max_depth = limits
            .depth
            .map_or(MAX_PLY as u32 - 1, |d| d.clamp(1, MAX_PLY as u32 - 1));
        let multipv = limits.multipv.clamp(1, self.root_moves.len().max(1));
        let mut completed_depth = 0;
        let mut best_move_changes = 0.0;
        let mut previous_best = Move::NULL;
        if self.root_moves.is_empty() {
            return self.result(0);
        }
        for depth in 1..=max_depth {
            if skips_depth(self.id, depth) {
                continue;
            }
            for root_move in &mut self.root_moves {
                root_move.previous_score = root_move.score;
            }
            self.seldepth = 0;
            for pv_index in 0..multipv {
                self.search_root_with_aspiration(depth as i32, pv_index, report);
                if self.stopped {
                    break;
                }
            }
            if self.stopped {
                break;
            }
            if self.is_main() {
                for pv_index in 0..multipv {
                    report(&self.report(depth, pv_index, ScoreBound::Exact));
                }
            }
            completed_depth = depth;
            if !self.is_main() {
                continue;
            }
            let best = &self.root_moves[0];
            if best.mv != previous_best {
                best_move_changes += 1.0;
            }
            best_move_changes *= 0.6;
            previous_best = best.mv;
            if self.should_stop_after_iteration(depth, best_move_changes) {
                break;
            }
        }
        if self.is_main() && completed_depth == 0 && !self.stopped {
            completed_depth = 1;
        }
        self.result(completed_depth)
    }

    /// Whether the main thread should not start another iteration.
    fn should_stop_after_iteration(&self, depth: u32, best_move_changes: f64) -> bool {
        let best = &self.root_moves[0];
        if let Some(moves) = self.shared.limits.mate {
            if best.score >= MATE_BOUND && (MATE - best.score + 1) / 2 <= moves as i32 {
                return true;
            }
        }
        if self.node_limit_reached() {
            return true;
        }
        if self.pondering || !self.time.is_timed() {
            return false;
        }
        // A proven result will not change with more depth.
        if best.score.abs() >= MATE_BOUND && depth as i32 > 2 * (MATE - best.score.abs()) + 4 {
            return true;
        }
        let score_drop = (best.previous_score - best.score).clamp(0, 200) as f64;
        let instability = (0.6 + best_move_changes) * (1.0 + score_drop / 200.0);
        self.time.past_soft_limit(instability.clamp(0.4, 2.5))
    }

    fn result(&self, depth: u32) -> SearchResult {
        let best = self.root_moves.first();
        SearchResult {
            best: best.map_or(Move::NULL, |b| b.mv),
            ponder: best.and_then(|b| b.pv.get(1).copied()),
            score: Score::from_internal(best.map_or(0, shown_score)),
            depth,
            nodes: self.shared.total_nodes().max(self.nodes),
            elapsed: self.time.elapsed(),
        }
    }

    fn report(&self, depth: u32, pv_index: usize, bound: ScoreBound) -> Report {
        let root_move = &self.root_moves[pv_index];
        let score = shown_score(root_move);
        self.shared.nodes[self.id].store(self.nodes, Ordering::Relaxed);
        Report {
            depth,
            seldepth: self.seldepth.max(depth as usize) as u32,
            multipv: pv_index + 1,
            score: Score::from_internal(score),
            bound,
            nodes: self.shared.total_nodes(),
            elapsed: self.time.elapsed(),
            hashfull: self.shared.tt.hashfull(),
            pv: root_move.pv.clone(),
        }
    }

    fn search_root_with_aspiration(
        &mut self,
        depth: i32,
        pv_index: usize,
        report: &mut dyn FnMut(&Report),
    ) {
        let previous = self.root_moves[pv_index].previous_score;
        let mut delta = 25;
        let (mut alpha, mut beta) = if depth >= 4 && previous.abs() < MATE_BOUND {
            (
                (previous - delta).max(-INFINITY),
                (previous + delta).min(INFINITY),
            )
        } else {
            (-INFINITY, INFINITY)
        };
        loop {
            let score = self.search_root(depth, alpha, beta, pv_index);
            if self.stopped {
                return;
            }
            let bound = if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITY);
                ScoreBound::Upper
            } else if score >= beta {
                beta = (score + delta).min(INFINITY);
                ScoreBound::Lower
            } else {
                return;
            };
            if self.is_main() && self.time.elapsed().as_millis() > 1000 {
                report(&self.report(depth as u32, pv_index, bound));
            }
            delta += delta / 2;
            if delta > 600 {
                alpha = -INFINITY;
                beta = INFINITY;
            }
        }
    }

    /// Searches the root moves from `pv_index` on, keeping them sorted best first.
    fn search_root(&mut self, depth: i32, mut alpha: i32, beta: i32, pv_index: usize) -> i32 {
        let root = self.root;
        let mut best = -INFINITY;
        for index in pv_index..self.root_moves.len() {
            let mv = self.root_moves[index].mv;
            let child = self.make_move(&root, mv, 1);
            let score = if index == pv_index {
                -self.negamax::<true>(&child, depth - 1, -beta, -alpha, 1)
            } else {
                let zero = -self.negamax::<false>(&child, depth - 1, -alpha - 1, -alpha, 1);
                if zero > alpha && zero < beta {
                    -self.negamax::<true>(&child, depth - 1, -beta, -alpha, 1)
                } else {
                    zero
                }
            };
            if self.stopped {
                break;
            }
            let root_move = &mut self.root_moves[index];
            if index == pv_index || score > alpha {
                root_move.score = score;
                root_move.pv.truncate(1);
                root_move
                    .pv
                    .extend_from_slice(&self.pv[1][1..self.pv_len[1]]);
            } else {
                root_move.score = -INFINITY;
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
                if score >= beta {
                    break;
                }
            }
        }
        // Stable: moves not improved keep their previous order.
        self.root_moves[pv_index..].sort_by_key(|m| std::cmp::Reverse(m.score));
        best
    }

    fn color_index(color: Color) -> usize {
        color as usize
    }

    /// The static evaluation of `position`, which is at `ply` of the current line: the
    /// network's, plus the linear evaluation's when the network is a residual one.
    #[inline]
    fn evaluate(&mut self, position: &Position<B>, ply: usize) -> i32 {
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
    fn make_move(&mut self, position: &Position<B>, mv: Move, ply: usize) -> Position<B> {
        if let Some(stack) = &mut self.accumulators {
            stack.push_move(ply, position.side_to_move(), mv, position.is_capture(mv));
        }
        position.play(mv)
    }

    /// The position after a pass, which will be at `ply`.
    #[inline]
    fn make_pass(&mut self, position: &Position<B>, ply: usize) -> Position<B> {
        if let Some(stack) = &mut self.accumulators {
            stack.push_pass(ply);
        }
        position.pass()
    }

    /// The exact result the race rules give, if any (see [`crate::rules::race`]): a runner
    /// of ours wins in one ply; enemy runners we cannot all capture lose in two; a safe step
    /// of ours wins in three; an enemy safe step we can neither capture nor block loses in
    /// four. `Ok(Some(defences))` lists the only moves that do not lose at once.
    #[inline]
    fn race(&self, position: &Position<B>, ply: usize) -> Result<Option<Defences>, i32> {
        let ply = ply as i32;
        match self.race.verdict(position, Pattern::Loss4) {
            Verdict::Won(pattern) => Err(MATE - ply - pattern.plies() as i32),
            Verdict::Lost(pattern) => Err(-(MATE - ply - pattern.plies() as i32)),
            Verdict::Forced(defences, _) => Ok(Some(defences)),
            Verdict::Open => Ok(None),
        }
    }

    /// Moves that capture a piece of `target`.
    fn captures_of(&self, position: &Position<B>, target: B, list: &mut MoveList) {
        let us = position.side_to_move();
        for step in [Step::TowardFirstFile, Step::TowardLastFile] {
            for to in (position.step_targets(us, step) & target).squares() {
                list.push(Move::new(position.origin(us, step, to), to));
            }
        }
    }

    fn update_pv(&mut self, ply: usize, mv: Move) {
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        self.pv[ply][ply] = mv;
        for i in ply + 1..child_len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len;
    }

    fn negamax<const PV: bool>(
        &mut self,
        position: &Position<B>,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
    ) -> i32 {
        self.pv_len[ply] = ply;
        if self.visit(ply) {
            return 0;
        }
        if let Some(winner) = position.decided() {
            return terminal_score(winner, position.side_to_move(), ply);
        }
        // Mate-distance pruning: no result here can beat a shorter one already found.
        alpha = alpha.max(-(MATE - ply as i32));
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let forced = match self.race(position, ply) {
            Err(score) => return score,
            Ok(forced) => forced,
        };
        if ply >= MAX_PLY - 1 {
            return self.evaluate(position, ply);
        }
        if depth <= 0 && forced.is_none() {
            return self.quiesce(position, alpha, beta, ply);
        }
        let depth = depth.max(1);

        let key = position.hash();
        let hit = self.shared.tt.probe(key);
        let tt_move = hit.map_or(Move::NULL, |h| h.mv);
        if let Some(hit) = hit {
            let score = score_from_tt(hit.score, ply);
            if !PV && hit.depth >= depth && bound_allows_cutoff(hit.bound, score, beta) {
                return score;
            }
        }
        let static_eval = match hit {
            Some(hit) if hit.eval.abs() < MATE_BOUND => hit.eval,
            _ => self.evaluate(position, ply),
        };

        if !PV && forced.is_none() && beta.abs() < MATE_BOUND {
            // Reverse futility: far above beta with little depth left.
            if depth <= 6 && static_eval - 90 * depth >= beta {
                return static_eval;
            }
            // Null move: if passing still holds beta, a real move will too. Zugzwang is rare
            // while both sides have pieces to spare; never two passes in a row (that would
            // only search the same position shallower), and deep cutoffs are verified by a
            // reduced search without passing.
            if depth >= 3
                && !self.passed[ply]
                && static_eval >= beta
                && position.pieces(position.side_to_move()).count() >= 4
            {
                let reduction = 3 + depth / 4;
                self.passed[ply + 1] = true;
                let child = self.make_pass(position, ply + 1);
                let score = -self.negamax::<false>(
                    &child,
                    depth - 1 - reduction,
                    -beta,
                    -beta + 1,
                    ply + 1,
                );
                self.passed[ply + 1] = false;
                if self.stopped {
                    return 0;
                }
                if score >= beta {
                    let score = if score >= MATE_BOUND { beta } else { score };
                    if depth < 10 {
                        return score;
                    }
                    // Searched as if reached by a pass, so that it may not pass itself.
                    self.passed[ply] = true;
                    let verified =
                        self.negamax::<false>(position, depth - 1 - reduction, beta - 1, beta, ply);
                    self.passed[ply] = false;
                    if verified >= beta {
                        return score;
                    }
                }
            }
        }

        let mut moves = MoveList::new();
        match forced {
            Some(defences) => defences.moves().iter().for_each(|&mv| moves.push(mv)),
            None => position.generate(&mut moves),
        }
        let mut picker =
            MovePicker::new(position, moves, tt_move, self.killers[ply], &self.history);
        // Forced replies cost no depth: they are few and must be seen to the end.
        let child_depth = if forced.is_some() { depth } else { depth - 1 };
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = Move::NULL;
        let mut quiets_tried: [Move; 64] = [Move::NULL; 64];
        let mut quiet_count = 0;
        let mut move_number = 0;
        let us = position.side_to_move();
        // Late-move pruning: near the leaves, quiet moves this far down the ordering
        // almost never refute anything.
        let late_move_limit = if !PV && forced.is_none() && depth <= 4 && alpha.abs() < MATE_BOUND {
            3 + 2 * depth * depth
        } else {
            i32::MAX
        };
        while let Some(mv) = picker.next() {
            move_number += 1;
            let capture = position.is_capture(mv);
            if move_number > late_move_limit
                && !capture
                && !self.attack_zone[Self::color_index(us)].contains(mv.to())
                && best_score > -MATE_BOUND
            {
                continue;
            }
            let child = self.make_move(position, mv, ply + 1);
            let score = if move_number == 1 {
                -self.negamax::<PV>(&child, child_depth, -beta, -alpha, ply + 1)
            } else {
                // Late quiet moves are searched shallower first.
                let attacking =
                    self.attack_zone[Self::color_index(position.side_to_move())].contains(mv.to());
                let reduction = if depth >= 3
                    && move_number > 3
                    && !capture
                    && !attacking
                    && forced.is_none()
                {
                    let r = (0.5 + (depth as f64).ln() * (move_number as f64).ln() / 2.2) as i32;
                    r.clamp(0, child_depth - 1)
                } else {
                    0
                };
                let mut score = -self.negamax::<false>(
                    &child,
                    child_depth - reduction,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                );
                if score > alpha && reduction > 0 {
                    score =
                        -self.negamax::<false>(&child, child_depth, -alpha - 1, -alpha, ply + 1);
                }
                if PV && score > alpha && score < beta {
                    score = -self.negamax::<true>(&child, child_depth, -beta, -alpha, ply + 1);
                }
                score
            };
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = mv;
                if score > alpha {
                    alpha = score;
                    if PV {
                        self.update_pv(ply, mv);
                    }
                    if score >= beta {
                        if !capture {
                            self.reward_quiet(
                                position,
                                mv,
                                &quiets_tried[..quiet_count],
                                depth,
                                ply,
                            );
                        }
                        break;
                    }
                }
            }
            if !capture && quiet_count < quiets_tried.len() {
                quiets_tried[quiet_count] = mv;
                quiet_count += 1;
            }
        }
        if best_move.is_null() {
            // No move at all (cannot happen with two or more columns): the side to move loses.
            return -(MATE - ply as i32);
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.shared.tt.store(
            key,
            best_move,
            score_to_tt(best_score, ply),
            static_eval,
            depth,
            bound,
        );
        best_score
    }

    fn reward_quiet(
        &mut self,
        position: &Position<B>,
        mv: Move,
        tried: &[Move],
        depth: i32,
        ply: usize,
    ) {
        if self.killers[ply][0] != mv {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = mv;
        }
        let bonus = depth * depth * 16;
        self.history.update(position, mv, bonus);
        for &other in tried {
            self.history.update(position, other, -bonus);
        }
    }

    /// Quiescence search: captures only, after the race rules; the side to move may stand
    /// pat unless it must capture a runner.
    fn quiesce(&mut self, position: &Position<B>, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.pv_len[ply] = ply;
        if self.visit(ply) {
            return 0;
        }
        if let Some(winner) = position.decided() {
            return terminal_score(winner, position.side_to_move(), ply);
        }
        let forced = match self.race(position, ply) {
            Err(score) => return score,
            Ok(forced) => forced,
        };
        if ply >= MAX_PLY - 1 {
            return self.evaluate(position, ply);
        }
        let mut moves = MoveList::new();
        let mut best = -INFINITY;
        match forced {
            Some(defences) => defences.moves().iter().for_each(|&mv| moves.push(mv)),
            None => {
                best = self.evaluate(position, ply);
                if best >= beta {
                    return best;
                }
                alpha = alpha.max(best);
                let us = position.side_to_move();
                let theirs = position.pieces(us.opponent());
                self.captures_of(position, theirs, &mut moves);
            }
        }
        let mut picker =
            MovePicker::new(position, moves, Move::NULL, [Move::NULL; 2], &self.history);
        while let Some(mv) = picker.next() {
            let child = self.make_move(position, mv, ply + 1);
            let score = -self.quiesce(&child, -beta, -alpha, ply + 1);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

/// Whether helper thread `id` leaves out iteration `depth`, so that the threads spread over
/// different depths instead of repeating the main thread's work (Stockfish's pattern: helper
/// `i` skips runs of `SKIP_SIZE[i]` depths in turn, starting at `SKIP_PHASE[i]`).
fn skips_depth(id: usize, depth: u32) -> bool {
    const SKIP_SIZE: [u32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
    const SKIP_PHASE: [u32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];
    if id == 0 {
        return false;
    }
    let i = (id - 1) % SKIP_SIZE.len();
    ((depth + SKIP_PHASE[i]) / SKIP_SIZE[i]) % 2 == 1
}

/// The score to show for a root move: this iteration's if it has one, else the last one's.
fn shown_score(root_move: &RootMove) -> i32 {
    [root_move.score, root_move.previous_score]
        .into_iter()
        .find(|&s| s > -INFINITY)
        .unwrap_or(0)
}

fn terminal_score(winner: Color, side_to_move: Color, ply: usize) -> i32 {
    if winner == side_to_move {
        MATE - ply as i32
    } else {
        -(MATE - ply as i32)
    }
}

fn bound_allows_cutoff(bound: Bound, score: i32, beta: i32) -> bool {
    match bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score < beta,
    }
}

/// Mate scores are stored relative to the node, not the root.
fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}
