//! Which evaluation the engine uses, chosen in one place for the search, `eval`, datagen and
//! the command line's `--eval`: the built-in network of the board, a network loaded from a
//! file, or a game's hand-made evaluation alone. How a game combines them is its own
//! business (each game's `evaluation.rs`).

use crate::games::networks;
use crate::nnue::{NetKind, Network};
use std::path::PathBuf;
use std::sync::Arc;

/// Which evaluation the search uses.
#[derive(Clone, Debug, Default)]
pub struct EvalChoice {
    /// A network loaded by the user (`EvalFile`); it serves its own game and board.
    pub loaded: Option<Arc<Network>>,
    /// Whether networks are used at all (`Use NNUE`); when not, or when a game's board has
    /// none, the hand-made (linear) evaluation is.
    pub linear_only: bool,
    /// The hand-made evaluation's weights where it is used alone (a residual network is
    /// always added to the play weights it was trained over).
    pub linear_weights: LinearWeights,
}

/// The weights of a game's hand-made evaluation: fitted to what the side to move went on to
/// score in games, or to who wins the positions of the solver's proofs. A game without
/// weights of the second kind uses its play weights for both.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LinearWeights {
    /// Fitted to game results: what the search plays with.
    #[default]
    Play,
    /// Fitted to solved positions: what the solver orders its moves with.
    Proof,
}

impl EvalChoice {
    /// The linear (hand-made) evaluation alone.
    pub fn linear() -> EvalChoice {
        EvalChoice {
            loaded: None,
            linear_only: true,
            linear_weights: LinearWeights::Play,
        }
    }

    /// The same choice, with the hand-made evaluation's weights for proofs where it is used
    /// alone: the solver's.
    pub fn for_proofs(self) -> EvalChoice {
        EvalChoice {
            linear_weights: LinearWeights::Proof,
            ..self
        }
    }

    /// The network for positions a net of `kind` is for, if one is to be used.
    pub fn network(&self, kind: NetKind) -> Option<NetworkRef> {
        if self.linear_only {
            return None;
        }
        match &self.loaded {
            Some(net) if net.kind == kind => Some(NetworkRef::Loaded(net.clone())),
            _ => networks::built_in(kind).map(NetworkRef::BuiltIn),
        }
    }

    /// Where the network for `kind` comes from, for people: `EvalFile` or `built-in`.
    fn origin(&self, kind: NetKind) -> &'static str {
        match &self.loaded {
            Some(loaded) if loaded.kind == kind => "EvalFile",
            _ => "built-in",
        }
    }

    /// `eval`'s last two lines, the same for every game: the network's part of the
    /// evaluation (when a residual one is added to the hand-made one, both parts), and
    /// which evaluation the search uses.
    pub fn network_lines(&self, line: NetworkLines) -> String {
        let NetworkLines {
            kind,
            net_name,
            missing,
            base: (base_name, base),
            total,
            side,
        } = line;
        match self.network(kind) {
            Some(net) => {
                let origin = self.origin(kind);
                let parts = if net.residual {
                    format!(" ({base_name} {base} + network {})", total - base)
                } else {
                    String::new()
                };
                format!(
                    "NNUE evaluation ({origin} {net_name} network): {total} cp for {side}{parts}\n\
                     The search uses the NNUE evaluation."
                )
            }
            None if self.linear_only => format!(
                "NNUE evaluation: off (Use NNUE is false)\n\
                 The search uses the {base_name} evaluation."
            ),
            None => format!(
                "NNUE evaluation: {missing}\n\
                 The search uses the {base_name} evaluation."
            ),
        }
    }
}

/// What [`EvalChoice::network_lines`] says of one position.
pub struct NetworkLines<'a> {
    /// The network the game would use.
    pub kind: NetKind,
    /// The network as people name it: `8x8`, `Breakthru`.
    pub net_name: &'a str,
    /// What is said when there is no network: `no network for 9x6`.
    pub missing: &'a str,
    /// The evaluation a residual network is added to, as people name it, and its value.
    pub base: (&'a str, i32),
    /// The evaluation the search uses, and the side to move it is for.
    pub total: i32,
    pub side: &'a str,
}

/// An evaluation as the command line names it (`--eval builtin|linear|NET`), before a net
/// file is read.
#[derive(Clone, Debug, PartialEq)]
pub enum EvalSpec {
    /// The built-in networks where a board has one.
    Builtin,
    /// The linear evaluation alone.
    Linear,
    /// A network read from this file.
    Net(PathBuf),
}

impl EvalSpec {
    pub fn parse(text: &str) -> Result<EvalSpec, String> {
        Ok(match text {
            "builtin" => EvalSpec::Builtin,
            "linear" => EvalSpec::Linear,
            file => EvalSpec::Net(PathBuf::from(file)),
        })
    }

    /// The choice it names, reading the net file if there is one.
    pub fn load(&self) -> Result<EvalChoice, String> {
        Ok(match self {
            EvalSpec::Builtin => EvalChoice::default(),
            EvalSpec::Linear => EvalChoice::linear(),
            EvalSpec::Net(path) => EvalChoice {
                linear_only: false,
                loaded: Some(Arc::new(networks::read(path)?)),
                linear_weights: LinearWeights::Play,
            },
        })
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
