//! Training examples: data records turned into the network's active inputs, through the
//! game's own reading of them ([`TrainableEval::network_inputs`]), which is the engine's.

use crate::datagen::record::{Labels, LABEL_BYTES};
use crate::game::{TrainableEval, MAX_ACTIVE_INPUTS};

/// One position as the trainer sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct Example {
    /// Active inputs of the side to move's perspective, then of the other side's.
    pub inputs: [Inputs; 2],
    /// The search score, centipawns for the side to move.
    pub score: f32,
    /// The side to move's result: 1 won, 0.5 drawn, 0 lost.
    pub result: f32,
    /// What a residual network's output is added to: the linear evaluation, centipawns for
    /// the side to move (0 for a network that is the whole evaluation).
    pub base: f32,
}

/// A short list of active inputs.
#[derive(Clone, Debug, PartialEq)]
pub struct Inputs {
    indices: [u16; MAX_ACTIVE_INPUTS],
    len: usize,
}

impl Inputs {
    fn new() -> Inputs {
        Inputs {
            indices: [0; MAX_ACTIVE_INPUTS],
            len: 0,
        }
    }

    fn push(&mut self, index: usize) {
        self.indices[self.len] = index as u16;
        self.len += 1;
    }

    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.indices[..self.len].iter().map(|&i| i as usize)
    }
}

/// Decodes a data record (`crate::datagen::record`) of `board`; with `mirror`, the position
/// is seen as its mirror image, a free second example in a game that has one.
pub fn decode<G: TrainableEval>(board: G::Board, record: &[u8], mirror: bool) -> Example {
    let labels = Labels::read(record);
    let position = &record[..record.len() - LABEL_BYTES];
    let mut inputs = [Inputs::new(), Inputs::new()];
    for (half, perspective) in inputs.iter_mut().zip([labels.side, labels.side.opponent()]) {
        G::network_inputs(board, position, perspective, mirror, |input| {
            half.push(input)
        });
    }
    Example {
        inputs,
        score: labels.score as f32,
        result: labels.mover_points(),
        base: 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::datagen::record::{encode, Sample};
    use crate::game::{Color, GameResult};
    use crate::games::breakthrough::inputs::active_inputs;
    use crate::games::breakthrough::Breakthrough;

    fn record(fen: &str, score: i16, result: GameResult) -> (Breakthrough, Vec<u8>) {
        let game = Breakthrough::from_fen(fen).unwrap();
        let mut bytes = Vec::new();
        encode(
            &Sample {
                game,
                score,
                result,
                best_captures: false,
            },
            &mut bytes,
        );
        (game, bytes)
    }

    const WHITE_WON: GameResult = GameResult::Win(Color::White);

    fn sorted(inputs: &Inputs) -> Vec<usize> {
        let mut v: Vec<usize> = inputs.iter().collect();
        v.sort();
        v
    }

    #[test]
    fn examples_use_the_engines_inputs_from_the_side_to_move() {
        let (game, bytes) = record("p1p2/5/2P2/5/P3P b", -40, WHITE_WON);
        let example = decode::<Breakthrough>(game.size(), &bytes, false);
        for (half, perspective) in [Color::Black, Color::White].into_iter().enumerate() {
            let mut expected: Vec<usize> = active_inputs(
                game.size(),
                perspective,
                game.squares_of(Color::White),
                game.squares_of(Color::Black),
            )
            .collect();
            expected.sort();
            assert_eq!(sorted(&example.inputs[half]), expected);
        }
        assert_eq!((example.score, example.result), (-40.0, 0.0));
    }

    #[test]
    fn mirroring_swaps_the_files() {
        let (_, left) = record("p4/5/5/5/PP3 w", 7, WHITE_WON);
        let (game, right) = record("4p/5/5/5/3PP w", 7, WHITE_WON);
        let (mirrored, plain) = (
            decode::<Breakthrough>(game.size(), &left, true),
            decode::<Breakthrough>(game.size(), &right, false),
        );
        for half in 0..2 {
            assert_eq!(sorted(&mirrored.inputs[half]), sorted(&plain.inputs[half]));
        }
        assert_eq!(
            (mirrored.score, mirrored.result),
            (plain.score, plain.result)
        );
    }

    #[test]
    fn a_draw_is_half_a_win_for_either_side() {
        let (game, bytes) = record("p4/5/5/5/PP3 b", 0, GameResult::Draw);
        let example = decode::<Breakthrough>(game.size(), &bytes, false);
        assert_eq!(example.result, 0.5);
    }
}
