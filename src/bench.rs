//! `bench`: a game's fixed set of positions ([`Game::bench_positions`]) searched to a fixed
//! depth with one thread and a fresh table. The total node count is the search's signature
//! on that game: any change to it is a change of search behaviour.

use crate::game::Game;
use crate::search::{Engine, Limits, Signals};
use std::time::{Duration, Instant};

/// Where a stopped bench stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped {
    /// The position being searched, from 1.
    pub position: usize,
    pub positions: usize,
}

/// Runs the bench, printing one line per position and the summary
/// `<nodes> nodes <nps> nps` last, and returns the total node count; or, once
/// `signals.stop` is set, returns where it stopped, without the summary (the node count of
/// a part is no signature).
pub fn run<G: Game>(print: &mut dyn FnMut(&str), signals: &Signals) -> Result<u64, Stopped> {
    let positions = G::bench_positions();
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
            return Err(Stopped {
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
