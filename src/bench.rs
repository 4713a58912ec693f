//! `bench`: a game's fixed set of positions ([`Game::bench_positions`]) searched to a fixed
//! depth with one thread and a fresh table. The total node count is the search's signature
//! on that game: any change to it is a change of search behaviour.

use crate::game::Game;
use crate::search::{Engine, Limits, Signals};
use std::time::{Duration, Instant};

/// Why a bench gave no signature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoSignature {
    /// The game has no bench positions (Relay); it names the game.
    NoPositions(&'static str),
    /// `stop` ended it at `position` (from 1) of `positions`.
    Stopped { position: usize, positions: usize },
}

impl std::fmt::Display for NoSignature {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            NoSignature::NoPositions(game) => write!(f, "{game} has no bench positions"),
            NoSignature::Stopped {
                position,
                positions,
            } => write!(
                f,
                "bench stopped at position {position} of {positions}; no signature"
            ),
        }
    }
}

/// Runs the bench, printing one line per position and the summary
/// `<nodes> nodes <nps> nps` last, and returns the total node count; or, for a game without
/// bench positions or once `signals.stop` is set, says why there is no signature (the node
/// count of a part is none).
pub fn run<G: Game>(print: &mut dyn FnMut(&str), signals: &Signals) -> Result<u64, NoSignature> {
    let positions = G::bench_positions();
    if positions.is_empty() {
        return Err(NoSignature::NoPositions(G::NAME));
    }
    let mut total_nodes = 0;
    let mut total_time = Duration::ZERO;
    for (index, (fen, depth)) in positions.iter().enumerate() {
        let game = G::from_text(fen).expect("bench positions are valid");
        let mut engine = Engine::new(16, 1);
        let limits = Limits {
            depth: Some(*depth),
            ..Limits::default()
        };
        let started = Instant::now();
        let result = engine.search(&game, &limits, signals, &mut |_| {});
        if signals.stopped() {
            return Err(NoSignature::Stopped {
                position: index + 1,
                positions: positions.len(),
            });
        }
        total_time += started.elapsed();
        total_nodes += result.nodes;
        print(&format!(
            "position {:>2} depth {:>2} nodes {:>9} bestmove {} ({})",
            index + 1,
            depth,
            result.nodes,
            game.move_name(result.best),
            fen
        ));
    }
    let nps = total_nodes as u128 * 1_000_000 / total_time.as_micros().max(1);
    print(&format!("{total_nodes} nodes {nps} nps"));
    Ok(total_nodes)
}
