//! Position strings, as the reference writes the start:
//! `11/3sssss3/11/1s2EEE2s1/1s1E3E1s1/1s1E1F1E1s1/1s1E3E1s1/1s2EEE2s1/11/3sssss3/11 g 0 1`.
//!
//! Ranks 11 down to 1 separated by `/`, each left to right: `F` the flagship, `E` an escort,
//! `s` a silver ship, a number (1 to 11) for a run of empty squares. Then the side to move
//! (`g` gold, `s` silver), the turns in a row without a capture, and the turn number (every
//! turn of either side adds one). Both counters may be left out together (`0 1`), or the turn
//! number alone (`1`); nothing may follow them. A position string is always the start of a
//! turn.

use super::bitboard::{Board121, SIDE};
use super::position::Breakthru;
use super::zobrist::Piece;
use crate::game::Color;

impl Breakthru {
    /// Reads a position string, saying what is wrong and where when it is not valid (see
    /// [`Breakthru::new`] for the limits on pieces and counters).
    pub fn from_fen(text: &str) -> Result<Breakthru, String> {
        let mut fields = text.split_whitespace();
        let placement = fields.next().ok_or("empty position string")?;
        let ranks: Vec<&str> = placement.split('/').collect();
        if ranks.len() != SIDE {
            return Err(format!(
                "{} ranks in '{placement}': a position has 11, separated by '/'",
                ranks.len()
            ));
        }
        let mut flagship = None;
        let (mut escorts, mut silver) = (Board121::EMPTY, Board121::EMPTY);
        for (row, rank_text) in ranks.iter().enumerate() {
            let rank = SIDE - 1 - row;
            for (file, piece) in parse_rank(rank_text, rank + 1)?.into_iter().enumerate() {
                let square = rank * SIDE + file;
                match piece {
                    Some(Piece::Flagship) if flagship.is_some() => {
                        return Err("two flagships: gold has one".into())
                    }
                    Some(Piece::Flagship) => flagship = Some(square),
                    Some(Piece::Escort) => escorts |= Board121::square(square),
                    Some(Piece::Silver) => silver |= Board121::square(square),
                    None => {}
                }
            }
        }
        let side = match fields.next() {
            Some("g") => Color::White,
            Some("s") => Color::Black,
            Some(other) => {
                return Err(format!(
                    "bad side to move '{other}' (expected 'g' for gold or 's' for silver)"
                ))
            }
            None => return Err("missing side to move ('g' or 's' after the board)".into()),
        };
        let mut counter = |name: &str, default: u32| match fields.next() {
            None => Ok(default),
            Some(word) => word
                .parse::<u32>()
                .map_err(|_| format!("bad {name} '{word}' (expected a whole number)")),
        };
        let quiet_turns = counter("count of turns without a capture", 0)?;
        let turn = counter("turn number", 1)?;
        if let Some(extra) = fields.next() {
            return Err(format!("unexpected '{extra}' after the turn number"));
        }
        Breakthru::new(flagship, escorts, silver, side, quiet_turns, turn)
    }

    /// The position string. Mid-turn it cannot say which ship has slid: it gives the board
    /// as it stands, as if a turn of the side to move began there (the diagram says more).
    pub fn to_fen(&self) -> String {
        let mut text = String::new();
        for rank in (0..SIDE).rev() {
            let mut empty = 0;
            for file in 0..SIDE {
                let letter = match self.piece_at(rank * SIDE + file) {
                    None => {
                        empty += 1;
                        continue;
                    }
                    Some(Piece::Flagship) => 'F',
                    Some(Piece::Escort) => 'E',
                    Some(Piece::Silver) => 's',
                };
                if empty > 0 {
                    text += &empty.to_string();
                    empty = 0;
                }
                text.push(letter);
            }
            if empty > 0 {
                text += &empty.to_string();
            }
            if rank > 0 {
                text.push('/');
            }
        }
        let side = match self.side {
            Color::White => 'g',
            Color::Black => 's',
        };
        format!("{text} {side} {} {}", self.quiet_turns, self.turn)
    }
}

/// Reads one rank (`name` is its number, for messages) into its eleven squares.
fn parse_rank(text: &str, name: usize) -> Result<Vec<Option<Piece>>, String> {
    let mut squares = Vec::with_capacity(SIDE);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            'F' => squares.push(Some(Piece::Flagship)),
            'E' => squares.push(Some(Piece::Escort)),
            's' => squares.push(Some(Piece::Silver)),
            '0'..='9' => {
                let mut digits = c.to_string();
                while let Some(&digit @ '0'..='9') = chars.peek() {
                    digits.push(digit);
                    chars.next();
                }
                match digits.parse::<usize>() {
                    Ok(run @ 1..=SIDE) if !digits.starts_with('0') => {
                        squares.extend(std::iter::repeat_n(None, run));
                    }
                    _ => {
                        return Err(format!(
                            "bad run of empty squares '{digits}' in rank {name} (1 to 11)"
                        ))
                    }
                }
            }
            _ => {
                return Err(format!(
                    "unknown character '{c}' in rank {name}: expected F, E, s or a number"
                ))
            }
        }
    }
    if squares.len() != SIDE {
        return Err(format!(
            "rank {name} ('{text}') has {} squares: a rank has 11",
            squares.len()
        ));
    }
    Ok(squares)
}
