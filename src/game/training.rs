//! What the training tools need from a game, so that they never name one: self-play data
//! (`troyka datagen`, [`crate::datagen`]) needs a game's positions written to records and
//! read back ([`TrainingData`]); the linear tuner's feature lines (`troyka features`) need
//! the game's linear evaluation and its features ([`LinearEval`]); the network trainer
//! (`troyka train`, [`crate::train`]) needs the game's network too ([`TrainableEval`]),
//! which only a game the engine has networks for can give.
//!
//! A data file holds positions of one *board*: what all of its positions share and what its
//! header names (Breakthrough's board size). A record is the position's own bytes, as the
//! game writes them, followed by labels that datagen writes alike for every game (the side
//! to move, the result, whether the best move captured, the score); see
//! [`crate::datagen::record`].

use super::{Color, Game};
use crate::nnue::Network;
use std::fmt::{Debug, Display};

/// The most network inputs one perspective of a position may have active: the trainer keeps
/// them in arrays of this size. Breakthrough's largest board holds 64 pieces.
pub const MAX_ACTIVE_INPUTS: usize = 64;

/// A game whose positions can be written to training-data files and read back.
pub trait TrainingData: Game {
    /// What every position of one data file shares, named in its header (Breakthrough's
    /// board size); shown in progress lines.
    type Board: Copy + Eq + Debug + Display + Send + Sync;

    /// The game's mark in a data file's header, so that one game's files are refused as
    /// another's.
    const DATA_TAG: [u8; 6];

    /// The board this position is on.
    fn board(&self) -> Self::Board;
    /// The board as the header's two bytes say it.
    fn board_header(board: Self::Board) -> [u8; 2];
    /// Reads the header's two bytes back.
    fn read_board_header(bytes: [u8; 2]) -> Result<Self::Board, String>;

    /// The bytes a position of `board` takes in a record: the same for every position of a
    /// board, so that records can be found by their index.
    fn position_bytes(board: Self::Board) -> usize;
    /// Writes this position into `out`, [`TrainingData::position_bytes`] zero bytes: all of
    /// it but the side to move, which the record's labels hold.
    fn encode_position(&self, out: &mut [u8]);
    /// The position [`TrainingData::encode_position`] wrote into `bytes`, with `side` to
    /// move.
    fn decode_position(board: Self::Board, bytes: &[u8], side: Color) -> Self;
}

/// A game with a linear evaluation learnt from training data: the tuner
/// (`scripts/tune.py`) fits its weights to the features `troyka features` writes.
pub trait LinearEval: TrainingData {
    /// The linear evaluation, in centipawns for the side to move: what the tuner fits, and
    /// what a residual network's output is added to.
    fn linear_evaluation(&self) -> i32;
    /// The linear evaluation's features for the side to move, in the tuner's order.
    fn linear_features(&self) -> Vec<i32>;
    /// Whether the position's static evaluation is a fair estimate of its value (nothing
    /// about to be taken or won at once): the tuner learns from these alone.
    fn is_quiet(&self) -> bool;
}

/// A game whose network is learnt from training data by the trainer.
///
/// The network is the engine's ([`Network`]): two perspectives, the side to move's and the
/// other side's, each summing one first-layer row per active input.
pub trait TrainableEval: LinearEval {
    /// The network the engine runs on `board`'s positions with nothing learnt yet (every
    /// weight zero): its board and its first layer's rows, one per input of a perspective.
    /// The trainer writes its weights into this shape.
    fn blank_network(board: Self::Board) -> Network;

    /// Calls `add` with every active input of `perspective` in the position of a record's
    /// `position` bytes (read from the bytes directly: the trainer meets every record once
    /// an epoch), at most [`MAX_ACTIVE_INPUTS`], in an order fixed by the position. With
    /// `mirror`, the inputs of the position's mirror image, for a game whose rules cannot
    /// tell the two apart (a free second example); a game without such a symmetry ignores
    /// it.
    fn network_inputs(
        board: Self::Board,
        position: &[u8],
        perspective: Color,
        mirror: bool,
        add: impl FnMut(usize),
    );
}
