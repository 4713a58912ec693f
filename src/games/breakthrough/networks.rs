//! The default networks, built into the binary: one per board size that has one. Other
//! sizes use the linear evaluation.

use crate::games::breakthrough::BoardSize;
use crate::nnue::Network;
use std::sync::OnceLock;

/// The net files in `nets/`, by board size (docs/results.md, "Net generations", says how each
/// was made).
const FILES: &[(&str, &[u8])] = &[
    ("8x8", include_bytes!("../../../nets/8x8.nnue")),
    ("7x7", include_bytes!("../../../nets/7x7.nnue")),
    ("6x6", include_bytes!("../../../nets/6x6.nnue")),
];

/// The default network for `size`, if there is one. Each is read once, on first use.
pub fn default_network(size: BoardSize) -> Option<&'static Network> {
    static NETS: OnceLock<Vec<Network>> = OnceLock::new();
    let nets = NETS.get_or_init(|| {
        FILES
            .iter()
            .filter_map(|(name, bytes)| match Network::from_bytes(bytes) {
                Ok(net) => Some(net),
                // Cannot happen for the files shipped (a test reads them all); if it did,
                // the linear evaluation would take over for that size.
                Err(error) => {
                    log::error!("the built-in {name} network is unusable: {error}");
                    None
                }
            })
            .collect()
    });
    nets.iter().find(|net| net.size == size)
}

/// The board sizes that have a default network.
pub fn sizes() -> Vec<BoardSize> {
    FILES
        .iter()
        .filter_map(|(name, _)| name.parse().ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_built_in_network_reads_and_fits_its_board() {
        for (name, bytes) in FILES {
            let net = Network::from_bytes(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(net.size.to_string(), *name);
            assert_eq!(default_network(net.size), Some(&net));
        }
        assert_eq!(sizes().len(), FILES.len());
    }
}
