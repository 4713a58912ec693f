//! Breakthru's training data and what its evaluations learn from it: the record of a
//! position, the network's inputs read from a record through the engine's own definition
//! ([`super::inputs`]), the hand-made evaluation's features
//! ([`super::evaluation::features`]) and which positions are quiet.
//!
//! In a data file ([`crate::datagen::record`]) the board is `[11, 11]` and the game's tag
//! `bkthru`. A position takes [`POSITION_BYTES`]: the flagship's square (255 once taken),
//! the escorts and the silver ships as 16 bytes each (bit `i % 8` of byte `i / 8` is square
//! `i`, a1 = 0, rank by rank), the square of the ship that made the first slide of the turn
//! being played (255 at the start of a turn), the turns without a capture, and the turn
//! number (little-endian u16): all a position holds, so that a decoded one is the same
//! position, with the same position string and evaluation. With the labels a record takes
//! 40 bytes. The history of earlier turns (threefold repetition) is not kept: the
//! evaluation never looks at it.

use super::bitboard::Board121;
use super::evaluation;
use super::game::BreakthruGame;
use super::inputs::{self, input};
use super::position::Breakthru;
use super::zobrist::Piece;
use crate::game::{Color, LinearEval, TrainableEval, TrainingData};
use crate::nnue::Network;
use std::fmt;

/// The board of Breakthru's data: there is one, 11x11 from the standard set-up.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Board11;

impl fmt::Display for Board11 {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("breakthru 11x11")
    }
}

/// A bitboard's bytes in a record: 121 bits.
const BITBOARD_BYTES: usize = 16;
/// The flagship, the two fleets, the first slide's square, the counters.
pub const POSITION_BYTES: usize = 1 + 2 * BITBOARD_BYTES + 1 + 1 + 2;
/// The byte of a square that is not there (the flagship taken, no first slide yet).
const NO_SQUARE: u8 = 255;

fn square_byte(square: Option<usize>) -> u8 {
    square.map_or(NO_SQUARE, |square| square as u8)
}

fn byte_square(byte: u8) -> Option<usize> {
    (byte != NO_SQUARE).then_some(byte as usize)
}

impl TrainingData for BreakthruGame {
    type Board = Board11;

    const DATA_TAG: [u8; 6] = *b"bkthru";

    fn board(&self) -> Board11 {
        Board11
    }

    fn board_header(_: Board11) -> [u8; 2] {
        [11, 11]
    }

    fn read_board_header(bytes: [u8; 2]) -> Result<Board11, String> {
        match bytes {
            [11, 11] => Ok(Board11),
            [cols, rows] => Err(format!("a {cols}x{rows} board: Breakthru is 11x11")),
        }
    }

    fn position_bytes(_: Board11) -> usize {
        POSITION_BYTES
    }

    fn encode_position(&self, out: &mut [u8]) {
        let position = self.position();
        out[0] = square_byte(position.flagship());
        let (fleets, counters) = out[1..].split_at_mut(2 * BITBOARD_BYTES);
        let (escorts, silver) = fleets.split_at_mut(BITBOARD_BYTES);
        escorts.copy_from_slice(&position.escorts().0.to_le_bytes());
        silver.copy_from_slice(&position.silver().0.to_le_bytes());
        counters[0] = square_byte(position.first_moved());
        counters[1] = position.quiet_turns() as u8;
        counters[2..4].copy_from_slice(&(position.turn_number() as u16).to_le_bytes());
    }

    /// Records are written by [`TrainingData::encode_position`] from valid positions only,
    /// so a record that does not make one is a corrupt file: it panics, saying so.
    fn decode_position(_: Board11, bytes: &[u8], side: Color) -> BreakthruGame {
        let bitboard = |offset: usize| {
            let mut word = [0; BITBOARD_BYTES];
            word.copy_from_slice(&bytes[offset..offset + BITBOARD_BYTES]);
            Board121(u128::from_le_bytes(word))
        };
        let counters = &bytes[1 + 2 * BITBOARD_BYTES..];
        let position = Breakthru::new(
            byte_square(bytes[0]),
            bitboard(1),
            bitboard(1 + BITBOARD_BYTES),
            side,
            counters[1] as u32,
            u16::from_le_bytes([counters[2], counters[3]]) as u32,
        )
        .and_then(|position| match byte_square(counters[0]) {
            Some(square) => position.with_first_slide_made(square),
            None => Ok(position),
        })
        .unwrap_or_else(|why| panic!("a Breakthru record that is no position: {why}"));
        BreakthruGame::new(position)
    }
}

impl TrainableEval for BreakthruGame {
    fn blank_network(_: Board11) -> Network {
        Network::blank(inputs::NET_KIND, inputs::INPUTS)
    }

    /// The flagship, then the escorts and the silver ships, each lowest square first. The
    /// mirror image is the board seen left to right, which the rules cannot tell apart.
    fn network_inputs(
        _: Board11,
        position: &[u8],
        perspective: Color,
        mirror: bool,
        mut add: impl FnMut(usize),
    ) {
        let place = |square| inputs::mirrored(square, mirror);
        if let Some(square) = byte_square(position[0]) {
            add(input(perspective, Piece::Flagship, place(square)));
        }
        for (piece, offset) in [(Piece::Escort, 1), (Piece::Silver, 1 + BITBOARD_BYTES)] {
            let bytes = &position[offset..offset + BITBOARD_BYTES];
            for (index, &byte) in bytes.iter().enumerate() {
                for bit in (0..8).filter(|bit| byte & (1 << bit) != 0) {
                    add(input(perspective, piece, place(index * 8 + bit)));
                }
            }
        }
    }
}

impl LinearEval for BreakthruGame {
    fn linear_evaluation(&self) -> i32 {
        evaluation::evaluate(self.position())
    }

    fn linear_features(&self) -> Vec<i32> {
        evaluation::features(self.position()).to_vec()
    }

    /// No gold piece diagonally beside a silver ship (captures are diagonal steps both
    /// ways, so neither side has one now or, mid-turn, just after the last slide) and no
    /// open line from the flagship to the edge (gold escapes at once, or silver must block
    /// it). Positions with such a tactic are the search's to resolve, and the evaluation's
    /// terms for them (open lines, touching attackers) keep their hand-set weights.
    fn is_quiet(&self) -> bool {
        let position = self.position();
        position.hanging(Color::White).is_empty()
            && position.hanging(Color::Black).is_empty()
            && !position.flagship_touched()
            && !position.flagship_has_open_line()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use rand_mt::Mt64;

    fn encoded(game: &BreakthruGame) -> [u8; POSITION_BYTES] {
        let mut bytes = [0; POSITION_BYTES];
        game.encode_position(&mut bytes);
        bytes
    }

    /// Positions of random games, every leg of them: mid-turn ones, after captures, and
    /// the last one with the flagship taken or on the edge when a game ends so.
    fn random_positions(games: u64) -> Vec<BreakthruGame> {
        let mut positions = Vec::new();
        for seed in 0..games {
            let mut rng = Mt64::new(seed);
            let mut game = BreakthruGame::start();
            for _ in 0..300 {
                positions.push(game.clone());
                let legs = game.legal_moves();
                if legs.is_empty() {
                    break;
                }
                game = game.play(legs[(rng.next_u64() % legs.len() as u64) as usize]);
            }
        }
        positions
    }

    #[test]
    fn positions_round_trip_through_their_bytes() {
        let positions = random_positions(12);
        assert!(positions.iter().any(|g| g.position().is_first_leg_played()));
        assert!(positions.iter().any(|g| g.position().quiet_turns() == 0));
        for game in &positions {
            let side = game.side_to_move();
            let back = BreakthruGame::decode_position(Board11, &encoded(game), side);
            assert_eq!(back.position(), game.position(), "{}", game.to_text());
            assert_eq!(back.to_text(), game.to_text());
            assert_eq!(back.linear_evaluation(), game.linear_evaluation());
            assert_eq!(back.linear_features(), game.linear_features());
            // The trainer's inputs, read from the bytes, are the engine's.
            for (perspective, mirror) in [(side, false), (side.opponent(), true)] {
                let mut read = Vec::new();
                let bytes = encoded(game);
                BreakthruGame::network_inputs(Board11, &bytes, perspective, mirror, |i| {
                    read.push(i)
                });
                let mut engine = Vec::new();
                inputs::active_inputs(game.position(), perspective, mirror, |i| engine.push(i));
                read.sort();
                engine.sort();
                assert_eq!(read, engine);
            }
        }
        let header = BreakthruGame::board_header(Board11);
        assert_eq!(BreakthruGame::read_board_header(header), Ok(Board11));
        assert!(BreakthruGame::read_board_header([8, 8]).is_err());
    }

    #[test]
    fn quiet_positions_have_no_capture_and_no_open_line() {
        let quiet = |fen: &str| BreakthruGame::from_text(fen).unwrap().is_quiet();
        assert!(quiet("11/5s5/11/11/11/s4F4s/11/11/11/5s5/11 g 0 1"));
        // An open line to the edge, for either side to move.
        assert!(!quiet("11/11/11/11/11/s4F5/11/11/11/5s5/11 s 0 1"));
        // A silver ship diagonally beside the flagship, and one beside an escort.
        assert!(!quiet("11/5s5/11/11/4s6/s4F4s/11/11/11/5s5/11 g 0 1"));
        assert!(!quiet("11/5s5/11/11/11/s4F4s/11/1E9/s10/5s5/11 g 0 1"));
    }
}
