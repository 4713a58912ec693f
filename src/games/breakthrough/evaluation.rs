//! Breakthrough's evaluation as the search uses it: the network's, plus the linear
//! evaluation's (with the play weights it was trained over) when the network is a residual
//! one; the linear evaluation alone, with the weights the choice names, where there is no
//! network (or `Use NNUE` is off).

use super::inputs::{self, Change, Inputs};
use super::linear::Evaluator;
use super::{Bitboard, Breakthrough, Position};
use crate::eval::{EvalChoice, LinearWeights, NetworkLines, NetworkRef};
use crate::game::{self, Evaluation as _};
use crate::nnue::AccumulatorStack;
use crate::search::MAX_PLY;
use crate::with_position;

/// The evaluation of one search thread.
pub struct Evaluation<B> {
    linear: Evaluator<B>,
    /// The linear evaluation's weights where it is used alone.
    weights: LinearWeights,
    /// The network and its accumulators along the current line, when there is a network.
    network: Option<(NetworkRef, AccumulatorStack<Inputs>)>,
}

impl<B: Bitboard> game::Evaluation<Position<B>> for Evaluation<B> {
    fn new(root: &Position<B>, choice: &EvalChoice) -> Self {
        let size = root.size();
        let network = choice.network(inputs::net_kind(size)).map(|net| {
            let root = inputs::accumulator(&net, root);
            let stack = AccumulatorStack::new(Inputs { size }, root, MAX_PLY + 2);
            (net, stack)
        });
        Evaluation {
            linear: Evaluator::new(root),
            weights: choice.linear_weights,
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
            None => self.linear.evaluate_with(position, self.weights),
        }
    }

    #[inline]
    fn push_move(&mut self, position: &Position<B>, mv: super::Move, ply: usize) {
        if let Some((_, stack)) = &mut self.network {
            let mover = position.side_to_move();
            let capture = position.is_capture(mv);
            stack.push_change(ply, Change { mover, mv, capture });
        }
    }

    #[inline]
    fn push_pass(&mut self, ply: usize) {
        if let Some((_, stack)) = &mut self.network {
            stack.push_pass(ply);
        }
    }
}

/// The evaluation of `game` explained for people (`eval`): each linear term, and the
/// evaluation the search uses, as it adds the two up.
pub fn explain(game: &Breakthrough, choice: &EvalChoice) -> String {
    let breakdown = super::linear::breakdown(game);
    let side = game.side_to_move().name();
    let mut text = format!(
        "{:<22} {:>6}  (cp for {side}, the side to move)\n",
        "term", "value"
    );
    for (name, value) in &breakdown.terms {
        text += &format!("{name:<22} {value:>6}\n");
    }
    text += &format!("Linear evaluation: {} cp for {side}\n", breakdown.total);
    let size = game.size();
    let total = with_position!(game, p => Evaluation::new(p, choice).evaluate(p, 0));
    text += &choice.network_lines(NetworkLines {
        kind: inputs::net_kind(size),
        net_name: &size.to_string(),
        missing: &format!("no network for {size}"),
        base: ("linear", breakdown.total),
        total,
        side,
    });
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::breakthrough::linear::{features, PROOF_WEIGHTS, WEIGHTS};

    /// The solver's choice changes the linear evaluation used alone, and nothing where a
    /// network evaluates.
    #[test]
    fn the_proof_weights_serve_the_linear_evaluation_alone() {
        let game = Breakthrough::from_fen("pp2pp/p1pp1p/2p3/1P1P2/P3PP/PP1P1P w").unwrap();
        let values = features(&game);
        let dot = |weights: &[i32]| -> i32 { values.iter().zip(weights).map(|(v, w)| v * w).sum() };
        let score = |choice: &EvalChoice| with_position!(&game, p => Evaluation::new(p, choice).evaluate(p, 0));
        let linear = EvalChoice::linear();
        assert_eq!(score(&linear), dot(&WEIGHTS));
        assert_eq!(score(&linear.clone().for_proofs()), dot(&PROOF_WEIGHTS));
        assert_ne!(dot(&WEIGHTS), dot(&PROOF_WEIGHTS));
        let network = EvalChoice::default();
        assert_eq!(score(&network.clone().for_proofs()), score(&network));
    }
}
