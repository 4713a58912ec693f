//! Breakthrough's evaluation as the search uses it: the network's, plus the linear
//! evaluation's (with the play weights it was trained over) when the network is a residual
//! one; the linear evaluation alone, with the weights the choice names, where there is no
//! network (or `Use NNUE` is off).

use super::inputs::{self, Change, Inputs};
use super::linear::{Evaluator, SquareValues};
use super::{Bitboard, Breakthrough, Color, Position};
use crate::eval::{EvalChoice, LinearWeights, NetworkLines, NetworkRef};
use crate::game::{self, Evaluation as _};
use crate::nnue::AccumulatorStack;
use crate::search::MAX_PLY;
use crate::with_position;

/// The evaluation of one search thread.
pub struct Evaluation<B> {
    linear: Evaluator<B>,
    /// The linear evaluation's weights where it counts: alone, the weights the choice
    /// names; under a residual network, the play weights it was trained over; under any
    /// other network, none.
    linear_weights: Option<LinearWeights>,
    /// Their square terms a square (empty without `linear_weights`).
    square_values: SquareValues,
    /// The linear evaluation's square terms for White at each ply of the current line
    /// ([`Evaluator::square_score`]), kept up move by move: a move changes them on two or
    /// three squares.
    squares: Vec<i32>,
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
        let linear_weights = match &network {
            None => Some(choice.linear_weights),
            Some((net, _)) if net.residual => Some(LinearWeights::Play),
            Some(_) => None,
        };
        let linear = Evaluator::new(root);
        let mut square_values = SquareValues::default();
        let mut squares = Vec::with_capacity(MAX_PLY + 2);
        if let Some(weights) = linear_weights {
            square_values = linear.square_values(root, weights);
            let score = linear.square_score(root, weights);
            squares.push(for_side(root.side_to_move(), score));
        }
        Evaluation {
            linear,
            linear_weights,
            square_values,
            squares,
            network,
        }
    }

    #[inline]
    fn evaluate(&mut self, position: &Position<B>, ply: usize) -> i32 {
        let linear = match self.linear_weights {
            Some(weights) => {
                let squares = for_side(position.side_to_move(), self.squares[ply]);
                debug_assert_eq!(squares, self.linear.square_score(position, weights));
                squares + self.linear.shape_score(position, weights)
            }
            None => 0,
        };
        match &mut self.network {
            Some((net, stack)) => stack.evaluate(net, ply, position.side_to_move()) + linear,
            None => linear,
        }
    }

    #[inline(always)]
    fn push_move(&mut self, position: &Position<B>, mv: super::Move, ply: usize) {
        if self.linear_weights.is_some() {
            let change = self.square_values.change(position, mv);
            let squares = self.squares[ply - 1] + for_side(position.side_to_move(), change);
            self.set_squares(ply, squares);
        }
        if let Some((_, stack)) = &mut self.network {
            let mover = position.side_to_move();
            let capture = position.is_capture(mv);
            stack.push_change(ply, Change { mover, mv, capture });
        }
    }

    #[inline]
    fn push_pass(&mut self, ply: usize) {
        if self.linear_weights.is_some() {
            self.set_squares(ply, self.squares[ply - 1]);
        }
        if let Some((_, stack)) = &mut self.network {
            stack.push_pass(ply);
        }
    }
}

impl<B> Evaluation<B> {
    /// Records the square terms at `ply`, growing the line to hold it: the search never
    /// goes past the plies it was made for, but the solver follows a line to the end of the
    /// game.
    #[inline(always)]
    fn set_squares(&mut self, ply: usize, squares: i32) {
        if ply >= self.squares.len() {
            self.squares.resize(ply + 1, 0);
        }
        self.squares[ply] = squares;
    }
}

/// `score` for White turned into one for `side`, or back.
#[inline]
fn for_side(side: Color, score: i32) -> i32 {
    match side {
        Color::White => score,
        Color::Black => -score,
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

    /// The square terms kept up move by move along a line, walked as the search and the
    /// solver walk their trees (jumping back to a sibling now and then), give the
    /// evaluation computed afresh, alone and under a network, on boards of each width.
    #[test]
    fn the_evaluation_kept_up_along_a_line_is_the_one_computed_afresh() {
        use crate::game::{MoveList, Position as _};
        let mut rng = rand_mt::Mt64::new(11);
        let mut random = |n: usize| (rng.next_u64() % n as u64) as usize;
        for size in ["5x6", "8x8", "11x13"] {
            let game = Breakthrough::start(size.parse().unwrap());
            let choices = [
                EvalChoice::linear(),
                EvalChoice::linear().for_proofs(),
                EvalChoice::default(),
            ];
            for choice in choices {
                with_position!(&game, root => {
                    let fresh = |p: &_| Evaluation::new(p, &choice).evaluate(p, 0);
                    let mut evaluation = Evaluation::new(root, &choice);
                    let mut line = vec![*root];
                    for _ in 0..300 {
                        let position = *line.last().unwrap();
                        let mut moves = MoveList::new();
                        if position.decided().is_none() {
                            position.generate(&mut moves);
                        }
                        if moves.is_empty() || (line.len() > 1 && random(4) == 0) {
                            line.truncate(1 + random(line.len()));
                            continue;
                        }
                        let mv = moves[random(moves.len())];
                        let ply = line.len();
                        evaluation.push_move(&position, mv, ply);
                        let child = position.play(mv);
                        assert_eq!(evaluation.evaluate(&child, ply), fresh(&child), "{size}");
                        line.push(child);
                    }
                });
            }
        }
    }
}
