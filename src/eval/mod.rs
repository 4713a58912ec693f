//! Static evaluation: how good a position is for the side to move, in centipawns (a piece in
//! the middle of the board is worth about 100).
//!
//! Two evaluations: [`linear`], a tuned linear function of hand-made features that works on
//! every board size, and [`nnue`], a network learned from self-play, used on the board sizes
//! that have one.

pub mod linear;
pub mod nnue;

pub use linear::{
    breakdown, evaluate as linear, feature, features, Breakdown, Evaluator, PATH_HORIZON, WEIGHTS,
};
