//! The game as the GUI plays it: its positions from the first (the variant's start, or
//! `setboard`) to now, so that `undo` and `remove` can take moves back.

use crate::games::breakthrough::{Breakthrough, Color};

/// The positions of the game from its first (the variant's start, or `setboard`) to now.
pub struct History {
    first: Breakthrough,
    later: Vec<Breakthrough>,
}

impl History {
    pub fn new(first: Breakthrough) -> History {
        History {
            first,
            later: Vec::new(),
        }
    }

    pub fn current(&self) -> Breakthrough {
        self.later.last().copied().unwrap_or(self.first)
    }

    pub fn push(&mut self, game: Breakthrough) {
        self.later.push(game);
    }

    /// Takes back `plies` moves; false (and nothing changes) when there are not that many.
    pub fn take_back(&mut self, plies: usize) -> bool {
        let Some(keep) = self.later.len().checked_sub(plies) else {
            return false;
        };
        self.later.truncate(keep);
        true
    }

    /// How many moves `side` has made since the first position.
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
    use crate::games::breakthrough::BoardSize;

    #[test]
    fn moves_are_taken_back_and_counted() {
        let start = Breakthrough::start(BoardSize::STANDARD);
        let mut history = History::new(start);
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
