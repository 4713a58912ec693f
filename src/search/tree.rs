//! The tree below the root: a negamax principal-variation search with the transposition
//! table, pruning, reductions and singular extensions, quiescence search over captures, and
//! the game's exact rules (Breakthrough's races) that end lines early.
//!
//! Plies need not alternate: where the side to move stays the same after a move (the first
//! slide of a Breakthru turn), the child's score is ours and is not negated.

use super::ordering::{score_buffer, MovePicker};
use super::tt::Bound;
use super::worker::{Worker, INFINITY};
use super::{params, MATE, MATE_BOUND, MAX_PLY};
use crate::game::{Color, GameMove, GameResult, MoveList, Position};

impl<'a, P: Position> Worker<'a, P> {
    /// The score of `child` (reached from a position where `us` was to move) for `us`,
    /// searched with the window `alpha..beta` seen from `us`.
    #[inline]
    pub(super) fn child_score<const PV: bool>(
        &mut self,
        us: Color,
        child: &P,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if P::ALTERNATES || child.side_to_move() != us {
            -self.negamax::<PV>(child, depth, -beta, -alpha, ply)
        } else {
            self.negamax::<PV>(child, depth, alpha, beta, ply)
        }
    }

    pub(super) fn negamax<const PV: bool>(
        &mut self,
        position: &P,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
    ) -> i32 {
        self.pv_len[ply] = ply;
        if self.visit(ply) {
            return 0;
        }
        if let Some(result) = position.decided() {
            return terminal_score(result, position.side_to_move(), ply);
        }
        if P::REPEATS && self.repeats(position, ply) {
            return 0;
        }
        // Mate-distance pruning: no result here can beat a shorter one already found.
        alpha = alpha.max(-(MATE - ply as i32));
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let forced = match self.exact(position, ply) {
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

        // A search for a singular extension leaves out one move (the table's), so the
        // table's results for the whole position are not its own.
        let excluded = self.excluded[ply];
        let key = position.hash();
        let hit = self.shared.tt.probe(key);
        let tt_move = hit.map_or(P::Move::NULL, |h| P::Move::from_bits(h.mv));
        let tt_score = hit.map_or(0, |h| score_from_tt(h.score, ply));
        if let Some(hit) = hit {
            if !PV
                && excluded == P::Move::NULL
                && hit.depth >= depth
                && bound_allows_cutoff(hit.bound, tt_score, beta)
            {
                return tt_score;
            }
        }
        let static_eval = match hit {
            Some(hit) if hit.eval.abs() < MATE_BOUND => hit.eval,
            _ => self.evaluate(position, ply),
        };

        if !PV && forced.is_none() && excluded == P::Move::NULL && beta.abs() < MATE_BOUND {
            // Reverse futility: far above beta with little depth left.
            if depth <= params::rfp_depth() && static_eval - params::rfp_margin() * depth >= beta {
                return static_eval;
            }
            // Null move: if passing still holds beta, a real move will too. The game says
            // where zugzwang is too likely to try; never two passes in a row (that would
            // only search the same position shallower), and deep cutoffs are verified by a
            // reduced search without passing.
            if depth >= 3 && !self.passed[ply] && static_eval >= beta && position.may_pass() {
                let reduction = params::nmp_base() + depth / params::nmp_divisor();
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

        // Singular extension: when the table's move is far better than every other one (a
        // shallower search without it fails low well below its score), it is searched a ply
        // deeper; when even without it the position holds beta, cut off (multi-cut).
        let mut extension = 0;
        if let Some(hit) = hit {
            if ply > 0
                && excluded == P::Move::NULL
                && tt_move != P::Move::NULL
                && forced.is_none()
                && depth >= params::se_depth()
                && hit.bound != Bound::Upper
                && hit.depth >= depth - 3
                && tt_score.abs() < MATE_BOUND
                && (ply as i32) < 2 * self.root_depth
            {
                let singular_beta = tt_score - params::se_margin() * depth / 8;
                self.excluded[ply] = tt_move;
                let score = self.negamax::<false>(
                    position,
                    (depth - 1) / 2,
                    singular_beta - 1,
                    singular_beta,
                    ply,
                );
                self.excluded[ply] = P::Move::NULL;
                if self.stopped {
                    return 0;
                }
                if score < singular_beta {
                    extension = 1;
                } else if singular_beta >= beta {
                    return singular_beta;
                }
            }
        }

        let mut moves = MoveList::new();
        match forced {
            Some(forced) => forced.as_ref().iter().for_each(|&mv| moves.push(mv)),
            None => position.generate(&mut moves),
        }
        let mut scores = score_buffer();
        let mut picker = MovePicker::new(
            position,
            &mut moves,
            &mut scores,
            tt_move,
            self.killers[ply],
            &self.history,
        );
        // Forced replies cost no depth: they are few and must be seen to the end.
        let child_depth = if forced.is_some() { depth } else { depth - 1 };
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = P::Move::NULL;
        let mut quiets_tried = [P::Move::NULL; 64];
        let mut quiet_count = 0;
        let mut move_number = 0;
        let us = position.side_to_move();
        // Late-move pruning: near the leaves, quiet moves this far down the ordering
        // almost never refute anything.
        let late_move_limit = if !PV && forced.is_none() && depth <= 4 && alpha.abs() < MATE_BOUND {
            params::lmp_base() + params::lmp_scale() * depth * depth
        } else {
            i32::MAX
        };
        while let Some(mv) = picker.next() {
            if mv == excluded {
                continue;
            }
            move_number += 1;
            let capture = position.is_capture(mv);
            let urgent = position.is_urgent(&self.tables, mv);
            if move_number > late_move_limit && !capture && !urgent && best_score > -MATE_BOUND {
                continue;
            }
            let child = self.make_move(position, mv, ply + 1);
            self.shared.tt.prefetch(child.hash());
            let score = if move_number == 1 {
                let child_depth = if mv == tt_move {
                    child_depth + extension
                } else {
                    child_depth
                };
                self.child_score::<PV>(us, &child, child_depth, alpha, beta, ply + 1)
            } else {
                // Late quiet moves are searched shallower first.
                let reduction =
                    if depth >= 3 && move_number > 3 && !capture && !urgent && forced.is_none() {
                        let r = (f64::from(params::lmr_base()) / 100.0
                            + (depth as f64).ln() * (move_number as f64).ln()
                                / (f64::from(params::lmr_divisor()) / 100.0))
                            as i32;
                        r.clamp(0, child_depth - 1)
                    } else {
                        0
                    };
                let mut score = self.child_score::<false>(
                    us,
                    &child,
                    child_depth - reduction,
                    alpha,
                    alpha + 1,
                    ply + 1,
                );
                if score > alpha && reduction > 0 {
                    score = self.child_score::<false>(
                        us,
                        &child,
                        child_depth,
                        alpha,
                        alpha + 1,
                        ply + 1,
                    );
                }
                if PV && score > alpha && score < beta {
                    score = self.child_score::<true>(us, &child, child_depth, alpha, beta, ply + 1);
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
        if excluded != P::Move::NULL {
            // A singular-extension search: its result is not the position's, so the table
            // keeps none. If every other move was pruned, the excluded one stands alone.
            return if best_move == P::Move::NULL {
                alpha
            } else {
                best_score
            };
        }
        if best_move == P::Move::NULL {
            // No move at all (in Breakthrough, only on a board of one column): the side to
            // move loses.
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
            best_move.bits(),
            score_to_tt(best_score, ply),
            static_eval,
            depth,
            bound,
        );
        best_score
    }

    pub(super) fn reward_quiet(
        &mut self,
        position: &P,
        mv: P::Move,
        tried: &[P::Move],
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

    /// Quiescence search: captures only, after the game's exact rules; the side to move may
    /// stand pat unless it is forced (a runner it must capture).
    pub(super) fn quiesce(&mut self, position: &P, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.pv_len[ply] = ply;
        if self.visit(ply) {
            return 0;
        }
        if let Some(result) = position.decided() {
            return terminal_score(result, position.side_to_move(), ply);
        }
        let forced = match self.exact(position, ply) {
            Err(score) => return score,
            Ok(forced) => forced,
        };
        if ply >= MAX_PLY - 1 {
            return self.evaluate(position, ply);
        }
        let mut moves = MoveList::new();
        let mut best = -INFINITY;
        match forced {
            Some(forced) => forced.as_ref().iter().for_each(|&mv| moves.push(mv)),
            None => {
                best = self.evaluate(position, ply);
                if best >= beta {
                    return best;
                }
                alpha = alpha.max(best);
                position.generate_noisy(&mut moves);
            }
        }
        let null = P::Move::NULL;
        let mut scores = score_buffer();
        let mut picker = MovePicker::new(
            position,
            &mut moves,
            &mut scores,
            null,
            [null; 2],
            &self.history,
        );
        let us = position.side_to_move();
        while let Some(mv) = picker.next() {
            let child = self.make_move(position, mv, ply + 1);
            let score = if P::ALTERNATES || child.side_to_move() != us {
                -self.quiesce(&child, -beta, -alpha, ply + 1)
            } else {
                self.quiesce(&child, alpha, beta, ply + 1)
            };
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

fn terminal_score(result: GameResult, side_to_move: Color, ply: usize) -> i32 {
    match result {
        GameResult::Win(winner) if winner == side_to_move => MATE - ply as i32,
        GameResult::Win(_) => -(MATE - ply as i32),
        GameResult::Draw => 0,
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
