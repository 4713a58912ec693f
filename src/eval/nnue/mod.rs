//! The learned evaluation (NNUE): an efficiently updatable network over piece-square
//! inputs, trained by `troyka train` from self-play data.
//!
//! - [`features`]: the inputs, shared with the trainer;
//! - [`network`]: the quantised network, its output, and its file format;
//! - [`accumulator`]: the first layer, updated move by move along the search's line;
//! - [`embedded`]: the default networks built into the binary.

pub mod accumulator;
mod embedded;
pub mod features;
pub mod network;
mod simd;

pub use accumulator::{Accumulator, AccumulatorStack};
pub use embedded::{default_network, sizes as default_network_sizes};
pub use network::Network;
