//! The game as the GUI plays it: its positions from the first (the variant's start, or
//! `setboard`) to now, a turn apart, so that `undo` and `remove` can take turns back.

use crate::game::{Color, Game};

/// The positions of the game from its first (the variant's start, or `setboard`) to now.
pub struct GameHistory<G> {
    first: G,
    later: Vec<G>,
}

impl<G: Game> GameHistory<G> {
    pub fn new(first: G) -> GameHistory<G> {
        GameHistory {
            first,
            later: Vec::new(),
        }
    }

    pub fn current(&self) -> G {
        self.later.last().unwrap_or(&self.first).clone()
    }

    pub fn push(&mut self, game: G) {
        self.later.push(game);
    }

    /// Takes back `turns` turns; false (and nothing changes) when there are not that many.
    pub fn take_back(&mut self, turns: usize) -> bool {
        let Some(keep) = self.later.len().checked_sub(turns) else {
            return false;
        };
        self.later.truncate(keep);
        true
    }

    /// How many turns `side` has played since the first position.
    pub fn moves_made(&self, side: Color) -> usize {
        std::iter::once(&self.first)
            .chain(&self.later)
            .take(self.later.len())
            .filter(|game| game.side_to_move() == side)
            .count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::breakthrough::{BoardSize, Breakthrough};

    #[test]
    fn moves_are_taken_back_and_counted() {
        let start = Breakthrough::start(BoardSize::STANDARD);
        let mut history = GameHistory::new(start);
        assert!(!history.take_back(1));
        for text in ["a2a3", "h7h6", "b2b3"] {
            let game = history.current();
            history.push(game.play(game.parse_move(text).unwrap()));
        }
        assert_eq!(history.moves_made(Color::White), 2);
        assert_eq!(history.moves_made(Color::Black), 1);
        assert!(!history.take_back(4));
        assert!(history.take_back(2));
        assert_eq!(history.moves_made(Color::White), 1);
        assert!(history.take_back(1));
        assert_eq!(history.current(), start);
    }
}
