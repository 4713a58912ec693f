//! Static evaluation: how good a position is for the side to move, in centipawns (a piece in
//! the middle of the board is worth about 100).
//!
//! Two evaluations: [`linear`], a tuned linear function of hand-made features that works on
//! every board size, and [`nnue`], a network learned from self-play, used on the board sizes
//! that have one.

pub mod linear;
pub mod nnue;

use crate::games::breakthrough::BoardSize;
use nnue::{default_network, Network};
use std::sync::Arc;

pub use linear::{
    breakdown, evaluate as linear, feature, features, Breakdown, Evaluator, PATH_HORIZON, WEIGHTS,
};

/// Which evaluation the search uses.
#[derive(Clone, Debug, Default)]
pub struct EvalChoice {
    /// A network loaded by the user (`EvalFile`); it serves its own board size.
    pub loaded: Option<Arc<Network>>,
    /// Whether networks are used at all (`Use NNUE`); when not, or when a board size has
    /// none, the linear evaluation is.
    pub linear_only: bool,
}

impl EvalChoice {
    /// The network for positions of `size`, if one is to be used.
    pub fn network(&self, size: BoardSize) -> Option<NetworkRef> {
        if self.linear_only {
            return None;
        }
        match &self.loaded {
            Some(net) if net.size == size => Some(NetworkRef::Loaded(net.clone())),
            _ => default_network(size).map(NetworkRef::BuiltIn),
        }
    }
}

/// A network that search threads can hold for as long as they need it.
#[derive(Clone, Debug)]
pub enum NetworkRef {
    BuiltIn(&'static Network),
    Loaded(Arc<Network>),
}

impl std::ops::Deref for NetworkRef {
    type Target = Network;

    fn deref(&self) -> &Network {
        match self {
            NetworkRef::BuiltIn(net) => net,
            NetworkRef::Loaded(net) => net,
        }
    }
}
