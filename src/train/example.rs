//! Training examples: data records turned into the network's active inputs, through the
//! engine's own feature definition ([`crate::games::breakthrough::features`]).

use crate::datagen::record::{bitset_squares, BLACK_TO_MOVE_FLAG, WHITE_WON_FLAG};
use crate::games::breakthrough::features::input;
use crate::games::breakthrough::{BoardSize, Color};

/// The most pieces a board holds: four rows of at most 16 columns.
const MAX_PIECES: usize = 64;

/// One position as the trainer sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct Example {
    /// Active inputs of the side to move's perspective, then of the other side's.
    pub inputs: [Inputs; 2],
    /// The search score, centipawns for the side to move.
    pub score: f32,
    /// 1 if the side to move won, else 0.
    pub result: f32,
    /// What a residual network's output is added to: the linear evaluation, centipawns for
    /// the side to move (0 for a network that is the whole evaluation).
    pub base: f32,
}

/// A short list of active inputs.
#[derive(Clone, Debug, PartialEq)]
pub struct Inputs {
    indices: [u16; MAX_PIECES],
    len: usize,
}

impl Inputs {
    fn new() -> Inputs {
        Inputs {
            indices: [0; MAX_PIECES],
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

/// Decodes a data record (`crate::datagen::record`); with `mirror`, the board is seen
/// mirrored left to right, which changes nothing in Breakthrough (a free second example).
pub fn decode(size: BoardSize, record: &[u8], mirror: bool) -> Example {
    let bytes = size.squares().div_ceil(8);
    let flags = record[2 * bytes];
    let side = if flags & BLACK_TO_MOVE_FLAG != 0 {
        Color::Black
    } else {
        Color::White
    };
    let white_won = flags & WHITE_WON_FLAG != 0;
    let score = i16::from_le_bytes([record[2 * bytes + 1], record[2 * bytes + 2]]);
    let cols = size.cols();
    let place = |square: usize| {
        if mirror {
            square - square % cols + (cols - 1 - square % cols)
        } else {
            square
        }
    };
    let mut inputs = [Inputs::new(), Inputs::new()];
    for (half, perspective) in inputs.iter_mut().zip([side, side.opponent()]) {
        for (piece, offset) in [(Color::White, 0), (Color::Black, bytes)] {
            for square in bitset_squares(&record[offset..offset + bytes]) {
                half.push(input(size, perspective, piece, place(square)));
            }
        }
    }
    Example {
        inputs,
        score: score as f32,
        result: (white_won == (side == Color::White)) as u8 as f32,
        base: 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::datagen::record::{encode, Sample};
    use crate::games::breakthrough::features::active_inputs;
    use crate::games::breakthrough::Breakthrough;

    fn record(fen: &str, score: i16, white_won: bool) -> (Breakthrough, Vec<u8>) {
        let game = Breakthrough::from_fen(fen).unwrap();
        let mut bytes = Vec::new();
        encode(
            &Sample {
                game,
                score,
                white_won,
                best_captures: false,
            },
            &mut bytes,
        );
        (game, bytes)
    }

    fn sorted(inputs: &Inputs) -> Vec<usize> {
        let mut v: Vec<usize> = inputs.iter().collect();
        v.sort();
        v
    }

    #[test]
    fn examples_use_the_engines_inputs_from_the_side_to_move() {
        let (game, bytes) = record("p1p2/5/2P2/5/P3P b", -40, true);
        let example = decode(game.size(), &bytes, false);
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
        let (_, left) = record("p4/5/5/5/PP3 w", 7, true);
        let (game, right) = record("4p/5/5/5/3PP w", 7, true);
        let (mirrored, plain) = (
            decode(game.size(), &left, true),
            decode(game.size(), &right, false),
        );
        for half in 0..2 {
            assert_eq!(sorted(&mirrored.inputs[half]), sorted(&plain.inputs[half]));
        }
        assert_eq!(
            (mirrored.score, mirrored.result),
            (plain.score, plain.result)
        );
    }
}
