//! The learned evaluation's network (NNUE), whatever game it was trained for: the quantised
//! layers, their output and file format ([`network`]), and the vector arithmetic the first
//! layer's accumulators use ([`simd`]). A game defines its inputs and keeps its
//! accumulators itself (Breakthrough's: `games/breakthrough/features.rs` and
//! `accumulator.rs`); `troyka train` fits networks to self-play data.

pub mod network;
pub(crate) mod simd;

pub use network::Network;
