//! The games' networks: which game and board a net file is for ([`NetKind`]), how many
//! inputs each game's nets have there, and the default nets built into the binary, one per
//! game and board that has one. Elsewhere a game without a net uses its hand-made
//! evaluation.

use super::{breakthrough, breakthru};
use crate::nnue::{NetKind, Network};
use std::sync::OnceLock;

/// The net files in `nets/` (docs/results.md, "Net generations", says how each was made).
const FILES: &[(&str, &[u8])] = &[
    ("8x8", include_bytes!("../../nets/8x8.nnue")),
    ("7x7", include_bytes!("../../nets/7x7.nnue")),
    ("6x6", include_bytes!("../../nets/6x6.nnue")),
    ("breakthru", include_bytes!("../../nets/breakthru.nnue")),
];

/// The number of inputs of nets of `kind`, or why the engine has no net of that kind.
pub fn input_count(kind: NetKind) -> Result<usize, String> {
    if let Some(size) = breakthrough::inputs::net_size(kind) {
        Ok(breakthrough::inputs::input_count(size))
    } else if kind == breakthru::inputs::NET_KIND {
        Ok(breakthru::inputs::INPUTS)
    } else if kind.game == breakthrough::inputs::NET_GAME {
        Err(format!("a Breakthrough board of {kind} does not exist"))
    } else if kind.game == breakthru::inputs::NET_KIND.game {
        Err(format!("Breakthru is played on 11x11, not {kind}"))
    } else {
        Err(format!(
            "a network for a game this engine does not play ({kind})"
        ))
    }
}

/// What a net of `kind` is for, for people: `Breakthrough 6x6`, `Breakthru`.
pub fn describe(kind: NetKind) -> String {
    if kind == breakthru::inputs::NET_KIND {
        "Breakthru".into()
    } else {
        format!("Breakthrough {kind}")
    }
}

/// Reads a net file of any game the engine plays.
pub fn from_bytes(bytes: &[u8]) -> Result<Network, String> {
    Network::from_bytes(bytes, input_count)
}

/// Reads the net file at `path`.
pub fn read(path: &std::path::Path) -> Result<Network, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))
}

/// The default networks, each read once, on first use.
fn built_in_nets() -> &'static [Network] {
    static NETS: OnceLock<Vec<Network>> = OnceLock::new();
    NETS.get_or_init(|| {
        FILES
            .iter()
            .filter_map(|(name, bytes)| match from_bytes(bytes) {
                Ok(net) => Some(net),
                // Cannot happen for the files shipped (a test reads them all); if it did,
                // the hand-made evaluation would take over for that board.
                Err(error) => {
                    log::error!("the built-in {name} network is unusable: {error}");
                    None
                }
            })
            .collect()
    })
}

/// The default network for `kind`, if there is one.
pub fn built_in(kind: NetKind) -> Option<&'static Network> {
    built_in_nets().iter().find(|net| net.kind == kind)
}

/// The kinds that have a default network.
pub fn built_in_kinds() -> Vec<NetKind> {
    built_in_nets().iter().map(|net| net.kind).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_built_in_network_reads_and_says_what_it_is_for() {
        for (name, bytes) in FILES {
            let net = from_bytes(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(describe(net.kind).to_lowercase().ends_with(name), "{name}");
            assert_eq!(built_in(net.kind), Some(&net));
        }
        assert_eq!(built_in_kinds().len(), FILES.len());
    }

    #[test]
    fn a_net_is_refused_for_another_game_or_board() {
        let (_, bytes) = FILES[0];
        let mut other_game = bytes.to_vec();
        other_game[13..16].copy_from_slice(&breakthru::inputs::NET_KIND.game);
        assert_eq!(
            from_bytes(&other_game).unwrap_err(),
            "bad network header: Breakthru is played on 11x11, not 8x8"
        );
        let mut unknown = bytes.to_vec();
        unknown[13..16].copy_from_slice(b"xyz");
        assert_eq!(
            from_bytes(&unknown).unwrap_err(),
            "bad network header: a network for a game this engine does not play (8x8)"
        );
        let mut too_tall = bytes.to_vec();
        too_tall[9] = 40;
        assert_eq!(
            from_bytes(&too_tall).unwrap_err(),
            "bad network header: a Breakthrough board of 8x40 does not exist"
        );
        // A Breakthrough net of another board is read, and is for that board only.
        let mut other_board = bytes.to_vec();
        other_board[8] = 7;
        assert!(from_bytes(&other_board).unwrap_err().contains("bytes"));
    }
}
