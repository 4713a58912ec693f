//! Relay's training data: a position is its pile, its turn count and whether the side to
//! move has played the first ply of its turn; the turn limit, the same for every position
//! of a game, is the data file's board. Relay has no evaluation to train, so it gives
//! datagen its records and nothing more.

use super::Relay;
use crate::game::{Color, TrainingData};
use std::fmt;

/// The board of Relay's data: the turn limit its games are played with.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TurnLimit(pub u16);

impl fmt::Display for TurnLimit {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}-turn relay", self.0)
    }
}

impl<const DRAWS: bool> TrainingData for Relay<DRAWS> {
    type Board = TurnLimit;

    const DATA_TAG: [u8; 6] = *b"relay\0";

    fn board(&self) -> TurnLimit {
        TurnLimit(self.turn_limit)
    }

    fn board_header(limit: TurnLimit) -> [u8; 2] {
        limit.0.to_le_bytes()
    }

    fn read_board_header(bytes: [u8; 2]) -> Result<TurnLimit, String> {
        Ok(TurnLimit(u16::from_le_bytes(bytes)))
    }

    /// The stones and the turns begun (little-endian u16 each), then 1 in the middle of a
    /// turn, else 0.
    fn position_bytes(_: TurnLimit) -> usize {
        5
    }

    fn encode_position(&self, out: &mut [u8]) {
        out[..2].copy_from_slice(&self.stones.to_le_bytes());
        out[2..4].copy_from_slice(&self.turns.to_le_bytes());
        out[4] = self.second_ply as u8;
    }

    /// Records hold unfinished positions only, so there is no winner to read.
    fn decode_position(limit: TurnLimit, bytes: &[u8], side: Color) -> Relay<DRAWS> {
        Relay {
            stones: u16::from_le_bytes([bytes[0], bytes[1]]),
            side,
            second_ply: bytes[4] != 0,
            turns: u16::from_le_bytes([bytes[2], bytes[3]]),
            turn_limit: limit.0,
            winner: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::relay::Ply;

    #[test]
    fn positions_round_trip_through_their_bytes() {
        let start = Relay::new(300, 40);
        let mut positions = vec![start];
        for ply in [2, 1, 2, 0, 1] {
            let last = *positions.last().unwrap();
            let ply = if ply == 0 {
                Ply::END_TURN
            } else {
                Ply::take(ply)
            };
            positions.push(last.play(ply));
        }
        for position in positions {
            let mut bytes = [0; 5];
            position.encode_position(&mut bytes);
            let board = position.board();
            let back = <Relay>::decode_position(board, &bytes, position.side);
            assert_eq!(back, position);
            assert_eq!(
                <Relay>::read_board_header(<Relay>::board_header(board)),
                Ok(board)
            );
        }
        assert_eq!(start.board().to_string(), "40-turn relay");
    }
}
