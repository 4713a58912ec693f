//! Which evaluation the engine uses, chosen in one place for the search, `eval`, datagen and
//! the command line's `--eval`: the built-in network of the board, a network loaded from a
//! file, or a game's hand-made evaluation alone. How a game combines them is its own
//! business (Breakthrough's: `games/breakthrough/evaluation.rs`).

use crate::games::breakthrough::networks::default_network;
use crate::games::breakthrough::BoardSize;
use crate::nnue::Network;
use std::sync::Arc;

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
