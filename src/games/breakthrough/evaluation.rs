//! Breakthrough's evaluation as the search uses it: the network's, plus the linear
//! evaluation's when the network is a residual one; the linear evaluation alone where there
//! is no network (or `Use NNUE` is off).

use super::{Bitboard, Position};
use crate::eval::nnue::AccumulatorStack;
use crate::eval::{EvalChoice, Evaluator, NetworkRef};
use crate::game;
use crate::search::MAX_PLY;

/// The evaluation of one search thread.
pub struct Evaluation<B> {
    linear: Evaluator<B>,
    /// The network and its accumulators along the current line, when there is a network.
    network: Option<(NetworkRef, AccumulatorStack)>,
}

impl<B: Bitboard> game::Evaluation<Position<B>> for Evaluation<B> {
    fn new(root: &Position<B>, choice: &EvalChoice) -> Self {
        let network = choice.network(root.size()).map(|net| {
            let stack = AccumulatorStack::new(&net, root, MAX_PLY + 2);
            (net, stack)
        });
        Evaluation {
            linear: Evaluator::new(root),
            network,
        }
    }

    #[inline]
    fn evaluate(&mut self, position: &Position<B>, ply: usize) -> i32 {
        match &mut self.network {
            Some((net, stack)) => {
                let correction = stack.evaluate(net, ply, position.side_to_move());
                if net.residual {
                    correction + self.linear.evaluate(position)
                } else {
                    correction
                }
            }
            None => self.linear.evaluate(position),
        }
    }

    #[inline]
    fn push_move(&mut self, position: &Position<B>, mv: super::Move, ply: usize) {
        if let Some((_, stack)) = &mut self.network {
            stack.push_move(ply, position.side_to_move(), mv, position.is_capture(mv));
        }
    }

    #[inline]
    fn push_pass(&mut self, ply: usize) {
        if let Some((_, stack)) = &mut self.network {
            stack.push_pass(ply);
        }
    }
}
