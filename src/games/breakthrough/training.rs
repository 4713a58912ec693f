//! Breakthrough's training data and what its evaluation learns from it: the record of a
//! position, the network's inputs read from a record through the engine's own definition
//! ([`super::inputs`]), the linear evaluation's features, and which positions are quiet.
//!
//! In a data file ([`crate::datagen::record`]), the board is the columns (u8) and the rows
//! (u8), and the game's tag six zero bytes. A position is `n = ceil(C*R / 8)` bytes of white
//! pieces, then `n` bytes of black pieces: bit `i % 8` of byte `i / 8` is square `i` in
//! Troyka's dense order (`rank * C + file`, a1 = 0). With the labels, a record takes 19
//! bytes on 8x8.

use super::inputs::{input, input_count, net_kind};
use super::{linear, Bitboard, BoardSize, Breakthrough, Color};
use crate::game::{LinearEval, TrainableEval, TrainingData};
use crate::nnue::Network;
use crate::with_position;

/// The bytes of one side's bitset of squares on a board of `size`.
fn bitset_bytes(size: BoardSize) -> usize {
    size.squares().div_ceil(8)
}

/// The squares set in a bitset of `bytes`, lowest first.
fn bitset_squares(bytes: &[u8]) -> impl Iterator<Item = usize> + '_ {
    bytes.iter().enumerate().flat_map(|(index, &byte)| {
        (0..8)
            .filter(move |bit| byte & (1 << bit) != 0)
            .map(move |bit| index * 8 + bit)
    })
}

impl TrainingData for Breakthrough {
    type Board = BoardSize;

    /// Zero: Breakthrough's files came before any other game's, and their header's last six
    /// bytes were always zero.
    const DATA_TAG: [u8; 6] = [0; 6];

    fn board(&self) -> BoardSize {
        self.size()
    }

    fn board_header(size: BoardSize) -> [u8; 2] {
        [size.cols() as u8, size.rows() as u8]
    }

    fn read_board_header([cols, rows]: [u8; 2]) -> Result<BoardSize, String> {
        BoardSize::new(cols as usize, rows as usize)
    }

    fn position_bytes(size: BoardSize) -> usize {
        2 * bitset_bytes(size)
    }

    fn encode_position(&self, out: &mut [u8]) {
        let bytes = bitset_bytes(self.size());
        for (offset, color) in [(0, Color::White), (bytes, Color::Black)] {
            for square in self.squares_of(color) {
                out[offset + square / 8] |= 1 << (square % 8);
            }
        }
    }

    fn decode_position(size: BoardSize, position: &[u8], side: Color) -> Breakthrough {
        let (white, black) = position.split_at(bitset_bytes(size));
        let white: Vec<usize> = bitset_squares(white).collect();
        let black: Vec<usize> = bitset_squares(black).collect();
        Breakthrough::from_squares(size, &white, &black, side)
    }
}

impl TrainableEval for Breakthrough {
    fn blank_network(size: BoardSize) -> Network {
        Network::blank(net_kind(size), input_count(size))
    }

    /// White's pieces, then black's, each lowest square first. The mirror image is the
    /// board seen left to right, which changes nothing in Breakthrough.
    fn network_inputs(
        size: BoardSize,
        position: &[u8],
        perspective: Color,
        mirror: bool,
        mut add: impl FnMut(usize),
    ) {
        let bytes = bitset_bytes(size);
        let cols = size.cols();
        let place = |square: usize| {
            if mirror {
                square - square % cols + (cols - 1 - square % cols)
            } else {
                square
            }
        };
        for (piece, offset) in [(Color::White, 0), (Color::Black, bytes)] {
            for square in bitset_squares(&position[offset..offset + bytes]) {
                add(input(size, perspective, piece, place(square)));
            }
        }
    }
}

impl LinearEval for Breakthrough {
    fn linear_evaluation(&self) -> i32 {
        linear::evaluate(self)
    }

    fn linear_features(&self) -> Vec<i32> {
        linear::features(self).to_vec()
    }

    /// No piece of either side hangs (attacked and undefended; attacks are mutual in
    /// Breakthrough, so exchanges that are defended on both sides remain) and no piece is
    /// one step from its goal, where the search never evaluates. Pieces two steps from their
    /// goal stay in: the evaluation meets them at every leaf, and its path features must
    /// learn what they are worth.
    fn is_quiet(&self) -> bool {
        with_position!(self, p => {
            let layout = p.layout();
            let rows = layout.size.rows();
            let white_near = p.pieces(Color::White) & layout.rank(rows - 2);
            let black_near = p.pieces(Color::Black) & layout.rank(1);
            let hanging = |color: Color| {
                p.pieces(color) & p.attacks(color.opponent()) & !p.attacks(color)
            };
            white_near.is_empty()
                && black_near.is_empty()
                && hanging(Color::White).is_empty()
                && hanging(Color::Black).is_empty()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::breakthrough::inputs::active_inputs;

    fn game(fen: &str) -> Breakthrough {
        Breakthrough::from_fen(fen).unwrap()
    }

    fn encoded(game: &Breakthrough) -> Vec<u8> {
        let mut bytes = vec![0; Breakthrough::position_bytes(game.size())];
        game.encode_position(&mut bytes);
        bytes
    }

    fn inputs(game: &Breakthrough, perspective: Color) -> Vec<usize> {
        let mut inputs = Vec::new();
        let bytes = encoded(game);
        Breakthrough::network_inputs(game.size(), &bytes, perspective, false, |input| {
            inputs.push(input)
        });
        inputs
    }

    #[test]
    fn positions_round_trip_through_their_bytes() {
        for fen in [
            "p1p2/5/2P2/5/P3P b",
            "1p2pp1p/2p2ppp/2P5/8/8/3P2P1/1p1P2PP/1PP1PP1P w",
            "pppppppppppppppp/16/16/16/16/16/16/16/16/16/16/16/16/16/16/P14P b",
        ] {
            let position = game(fen);
            let bytes = encoded(&position);
            assert_eq!(bytes.len(), 2 * position.size().squares().div_ceil(8));
            let side = position.side_to_move();
            let back = Breakthrough::decode_position(position.size(), &bytes, side);
            assert_eq!(back, position, "{fen}");
        }
        let size = "7x6".parse().unwrap();
        let header = Breakthrough::board_header(size);
        assert_eq!(header, [7, 6]);
        assert_eq!(Breakthrough::read_board_header(header), Ok(size));
        assert!(Breakthrough::read_board_header([1, 6]).is_err());
    }

    #[test]
    fn the_inputs_are_the_engines_in_a_fixed_order() {
        let position = game("p1p2/5/2P2/5/P3P b");
        for perspective in [Color::White, Color::Black] {
            let expected: Vec<usize> = active_inputs(
                position.size(),
                perspective,
                position.squares_of(Color::White),
                position.squares_of(Color::Black),
            )
            .collect();
            assert_eq!(inputs(&position, perspective), expected);
        }
    }

    #[test]
    fn a_blank_network_has_the_engines_shape() {
        for size in ["5x5", "8x8", "16x16"] {
            let size: BoardSize = size.parse().unwrap();
            let blank = Breakthrough::blank_network(size);
            let read = crate::games::networks::from_bytes(&blank.to_bytes()).unwrap();
            assert_eq!(read, blank);
            assert_eq!(read.weights.len(), input_count(size));
        }
    }

    #[test]
    fn quiet_positions_have_no_hanging_piece_and_no_runner_one_step_from_goal() {
        let quiet = |fen: &str| game(fen).is_quiet();
        assert!(quiet("p7/8/3P4/8/8/8/8/7P w"));
        assert!(!quiet("p7/3P4/8/8/8/8/8/7P w"));
        assert!(!quiet("p7/8/8/8/8/8/3p4/7P w"));
        // d4 and e5 attack each other, both undefended; with c3 and f6 defending, it is a
        // standing exchange.
        assert!(!quiet("p7/8/8/4p3/3P4/8/8/7P w"));
        assert!(quiet("p7/8/5p2/4p3/3P4/2P5/8/7P w"));
    }
}
