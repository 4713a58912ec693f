//! Iterative deepening at the root: aspiration windows, the root moves kept sorted (MultiPV
//! searches them in turn), the main thread's reports and its decision to stop, and the move
//! a search cut short plays; helper threads skip depths so that they spread out.

use super::worker::{Worker, INFINITY};
use super::{params, Report, Score, ScoreBound, SearchResult, MATE, MATE_BOUND, MAX_PLY};
use crate::game::{GameMove, Position};
use std::sync::atomic::Ordering;

/// A move at the root: its score in this iteration (`-INFINITY` until searched) and the
/// last, and its line.
#[derive(Clone)]
pub(super) struct RootMove<M> {
    pub(super) mv: M,
    pub(super) score: i32,
    pub(super) previous_score: i32,
    /// Whether a search has shown that this move loses (its score, or the bound it failed
    /// low against, is a mate against us). What a search proves stays true at every depth.
    pub(super) lost: bool,
    /// Whether `score` is exact or only a bound: an iteration cut short may end on a
    /// search whose aspiration window failed.
    pub(super) bound: ScoreBound,
    pub(super) pv: Vec<M>,
}

impl<'a, P: Position> Worker<'a, P> {
    /// Iterative deepening. The main thread reports and decides when to stop.
    pub(super) fn iterate(
        &mut self,
        report: &mut dyn FnMut(&Report<P::Move>),
    ) -> SearchResult<P::Move> {
        let limits = &self.shared.limits;
        let max_depth = limits
            .depth
            .map_or(MAX_PLY as u32 - 1, |d| d.clamp(1, MAX_PLY as u32 - 1));
        let multipv = limits.multipv.clamp(1, self.root_moves.len().max(1));
        let mut completed_depth = 0;
        let mut best_move_changes = 0.0;
        let mut previous_best = P::Move::NULL;
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
            self.root_depth = depth as i32;
            for pv_index in 0..multipv {
                self.search_root_with_aspiration(depth as i32, pv_index, report);
                if self.stopped {
                    break;
                }
            }
            if self.stopped {
                if multipv == 1 {
                    self.avoid_proven_loss();
                }
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

    /// When the search stops in the middle of an iteration whose first move has just been
    /// shown to lose, plays the first move (in the last iteration's order) not yet refuted
    /// instead: the moves after the first were not all searched again, and a move that may
    /// hold is better than one that is known to lose. A position lost whatever is played
    /// keeps its best move, the one that resists longest.
    fn avoid_proven_loss(&mut self) {
        if !self.root_moves[0].lost {
            return;
        }
        if let Some(index) = self.root_moves.iter().position(|m| !m.lost) {
            self.root_moves[..=index].rotate_right(1);
            // Its score from this iteration, if any, is only a bound below alpha.
            self.root_moves[0].score = -INFINITY;
        }
    }

    /// Whether the main thread should not start another iteration.
    pub(super) fn should_stop_after_iteration(&self, depth: u32, best_move_changes: f64) -> bool {
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

    pub(super) fn result(&self, depth: u32) -> SearchResult<P::Move> {
        let best = self.root_moves.first();
        let (score, bound) = best.map_or((0, ScoreBound::Exact), shown);
        SearchResult {
            best: best.map_or(P::Move::NULL, |b| b.mv),
            ponder: best.and_then(|b| b.pv.get(1).copied()),
            score: Score::from_internal(score),
            bound,
            depth,
            nodes: self.shared.total_nodes().max(self.nodes),
            elapsed: self.time.elapsed(),
        }
    }

    pub(super) fn report(&self, depth: u32, pv_index: usize, bound: ScoreBound) -> Report<P::Move> {
        let root_move = &self.root_moves[pv_index];
        let (score, _) = shown(root_move);
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

    pub(super) fn search_root_with_aspiration(
        &mut self,
        depth: i32,
        pv_index: usize,
        report: &mut dyn FnMut(&Report<P::Move>),
    ) {
        let previous = self.root_moves[pv_index].previous_score;
        let mut delta = params::aspiration();
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
    pub(super) fn search_root(
        &mut self,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        pv_index: usize,
    ) -> i32 {
        let root = self.root;
        let us = root.side_to_move();
        let mut best = -INFINITY;
        for index in pv_index..self.root_moves.len() {
            let mv = self.root_moves[index].mv;
            let child = self.make_move(&root, mv, 1);
            let score = if index == pv_index {
                self.child_score::<true>(us, &child, depth - 1, alpha, beta, 1)
            } else {
                let zero = self.child_score::<false>(us, &child, depth - 1, alpha, alpha + 1, 1);
                if zero > alpha && zero < beta {
                    self.child_score::<true>(us, &child, depth - 1, alpha, beta, 1)
                } else {
                    zero
                }
            };
            if self.stopped {
                break;
            }
            let root_move = &mut self.root_moves[index];
            // A mate against us proves the move lost, unless it is only a lower bound.
            if score <= -MATE_BOUND && score < beta {
                root_move.lost = true;
            }
            if index == pv_index || score > alpha {
                root_move.score = score;
                root_move.bound = if score >= beta {
                    ScoreBound::Lower
                } else if score <= alpha {
                    ScoreBound::Upper
                } else {
                    ScoreBound::Exact
                };
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
}

/// Whether helper thread `id` leaves out iteration `depth`, so that the threads spread over
/// different depths instead of repeating the main thread's work (Stockfish's pattern: helper
/// `i` skips runs of `SKIP_SIZE[i]` depths in turn, starting at `SKIP_PHASE[i]`).
pub(super) fn skips_depth(id: usize, depth: u32) -> bool {
    const SKIP_SIZE: [u32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
    const SKIP_PHASE: [u32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];
    if id == 0 {
        return false;
    }
    let i = (id - 1) % SKIP_SIZE.len();
    ((depth + SKIP_PHASE[i]) / SKIP_SIZE[i]) % 2 == 1
}

/// The score to show for a root move, and whether it is exact: this iteration's if it has
/// one, else the last iteration's (exact, as that iteration finished).
fn shown<M>(root_move: &RootMove<M>) -> (i32, ScoreBound) {
    if root_move.score > -INFINITY {
        (root_move.score, root_move.bound)
    } else if root_move.previous_score > -INFINITY {
        (root_move.previous_score, ScoreBound::Exact)
    } else {
        (0, ScoreBound::Exact)
    }
}
