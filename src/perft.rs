//! Perft: counting the leaves of the tree of turns, to check move generation and measure its
//! speed, for any game. Convention of `shared/reference/perft.md` (and Fairy-Stockfish): a
//! finished game counts as a leaf at the target depth and is not expanded before it. Each
//! game counts with [`Game::perft`] (Breakthrough's fast counter, or the generic one).

use crate::game::Game;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Perft of any position, to the end.
pub fn perft_game<G: Game>(game: &G, depth: u32) -> u64 {
    game.perft(depth, &AtomicBool::new(false))
}

/// Perft split by root turn, as far as it got.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divided<M> {
    /// The root turns (each as its plies) counted whole, in generation order, with their
    /// leaves.
    pub turns: Vec<(Vec<M>, u64)>,
    /// Leaves counted in all, including those of a root turn left half counted.
    pub leaves: u64,
    /// Whether `stop` ended the count before every root turn was counted.
    pub stopped: bool,
}

/// Perft split by root turn, in generation order, until `stop` is set (each game's
/// [`Game::perft`] looks at it often). Depth 0 counts the position itself.
pub fn divide<G: Game>(game: &G, depth: u32, stop: &AtomicBool) -> Divided<G::Move> {
    let mut divided = Divided {
        turns: Vec::new(),
        leaves: u64::from(depth == 0),
        stopped: false,
    };
    if depth == 0 {
        return divided;
    }
    for turn in game.turns() {
        let leaves = game.play_all(&turn).perft(depth - 1, stop);
        divided.leaves += leaves;
        if stop.load(std::sync::atomic::Ordering::Relaxed) {
            divided.stopped = true;
            break;
        }
        divided.turns.push((turn, leaves));
    }
    divided
}

/// `troyka perft`: prints the count on stdout (below each root turn's with `divide`, where
/// the turns can be listed), and the time and speed on stderr, so that stdout can be
/// compared with reference tables. An error when the count cannot be had.
pub fn print_count<G: Game>(game: &G, depth: u32, divide_moves: bool) -> Result<(), String> {
    let started = Instant::now();
    if let Some(count) = game.perft_unlisted(depth, &AtomicBool::new(false)) {
        let nodes = count?.expect("never stopped");
        println!("Nodes searched: {nodes}");
        eprintln!("time {:.3} s", started.elapsed().as_secs_f64());
        return Ok(());
    }
    let nodes = if divide_moves {
        let divided = divide(game, depth, &AtomicBool::new(false));
        for (turn, count) in &divided.turns {
            println!("{}: {count}", game.turn_name(turn));
        }
        divided.leaves
    } else {
        perft_game(game, depth)
    };
    let seconds = started.elapsed().as_secs_f64();
    println!("Nodes searched: {nodes}");
    eprintln!(
        "time {:.3} s, {:.0} leaves/s",
        seconds,
        nodes as f64 / seconds.max(1e-9)
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::breakthrough::{BoardSize, Breakthrough};
    use crate::games::relay::Relay;

    #[test]
    fn divide_stops_when_told() {
        let game = Breakthrough::start(BoardSize::STANDARD);
        assert_eq!(divide(&game, 0, &AtomicBool::new(false)).leaves, 1);
        let stopped = divide(&game, 40, &AtomicBool::new(true));
        assert!(stopped.stopped);
        assert!(stopped.turns.is_empty());
    }

    #[test]
    fn generic_perft_counts_whole_turns() {
        // Relay with 3 stones: a first ply takes 1 or 2; then 1 or 2 (what is left) or
        // end. Turns: 1,1 1,2 1,end 2,1 2,end: five, and 2,1 and 1,2 end the game.
        let game = Relay::new(3, 10);
        let divided = divide(&game, 1, &AtomicBool::new(false));
        let names: Vec<String> = divided
            .turns
            .iter()
            .map(|(t, _)| game.turn_name(t))
            .collect();
        assert_eq!(names, ["1,1", "1,2", "1,end", "2,1", "2,end"]);
        // Depth 2: after 1,1 one stone is left: the reply 1 (it ends the game): 1 turn;
        // after 1,end two stones: 1,1 2 1,end: 3; after 2,end one stone: 1.
        assert_eq!(perft_game(&game, 2), 1 + 3 + 1);
    }
}
