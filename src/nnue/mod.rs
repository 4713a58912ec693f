//! The learned evaluation's network (NNUE), whatever game it was trained for: the quantised
//! layers, their output and file format ([`network`]), the first layer kept up to date ply
//! by ply ([`accumulator`]), and the vector arithmetic both use ([`simd`]). What the inputs
//! are is each game's own ([`accumulator::FeatureSet`], implemented in `games/`), as
//! Stockfish keeps its feature sets apart from the transformer; `troyka train` fits networks
//! to self-play data.

pub mod accumulator;
pub mod network;
pub(crate) mod simd;

pub use accumulator::{Accumulator, AccumulatorStack, Delta, FeatureSet};
pub use network::{NetKind, Network};
