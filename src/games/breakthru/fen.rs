//! Position strings, as the reference writes the start:
//! `11/3sssss3/11/1s2EEE2s1/1s1E3E1s1/1s1E1F1E1s1/1s1E3E1s1/1s2EEE2s1/11/3sssss3/11 g 0 1`.
//!
//! Ranks 11 down to 1 separated by `/`, each left to right: `F` the flagship, `E` an escort,
//! `s` a silver ship, a number (1 to 11) for a run of empty squares. Then the side to move
//! (`g` gold, `s` silver), the turns in a row without a capture, and the turn number (every
//! turn of either side adds one). Both counters may be left out together (`0 1`), or the turn
//! number alone (`1`); nothing may follow them. A position string is always the start of a
//! turn.
//!
//! In the setup phase the board is followed by the pieces still in hand, as crazyhouse and
//! Fairy-Stockfish's placement variants write them: `[EEEs…s]`, one letter a piece (`E` an
//! escort, `s` a silver ship). The empty setup is
//! `11/11/11/11/11/5F5/11/11/11/11/11[EEEEEEEEEEEEssssssssssssssssssss] g 0 1`.

use super::bitboard::{Board121, SIDE};
use super::position::{side_name, Breakthru, MAX_ESCORTS, MAX_SILVER};
use super::setup::FLAGSHIP_SQUARE;
use super::zobrist::Piece;
use crate::game::Color;

impl Breakthru {
    /// Reads a position string, saying what is wrong and where when it is not valid (see
    /// [`Breakthru::new`] for the limits on pieces and counters).
    pub fn from_fen(text: &str) -> Result<Breakthru, String> {
        let mut fields = text.split_whitespace();
        let placement = fields.next().ok_or("empty position string")?;
        let (placement, hand) = match placement.split_once('[') {
            Some((board, rest)) => {
                let hand = rest
                    .strip_suffix(']')
                    .ok_or_else(|| format!("the hand '[{rest}' has no closing ']'"))?;
                (board, Some(parse_hand(hand)?))
            }
            None => (placement, None),
        };
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
        match hand {
            Some((escorts_in_hand, silver_in_hand)) if escorts_in_hand + silver_in_hand > 0 => {
                read_setup(
                    flagship,
                    escorts,
                    silver,
                    (escorts_in_hand, silver_in_hand),
                    side,
                )
                .and_then(|_| {
                    if quiet_turns > 0 {
                        return Err("no turn of the setup phase captures: its count of \
                                        turns without a capture is 0"
                            .into());
                    }
                    Breakthru::new_setup(escorts, silver, turn)
                })
            }
            _ => Breakthru::new(flagship, escorts, silver, side, quiet_turns, turn),
        }
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
        if self.is_setup() {
            text.push('[');
            text.extend(std::iter::repeat_n(
                'E',
                (MAX_ESCORTS - self.escorts.count()) as usize,
            ));
            text.extend(std::iter::repeat_n(
                's',
                (MAX_SILVER - self.silver.count()) as usize,
            ));
            text.push(']');
        }
        let side = match self.side {
            Color::White => 'g',
            Color::Black => 's',
        };
        format!("{text} {side} {} {}", self.quiet_turns, self.turn)
    }
}

/// Reads the pieces in hand, `EEss`: the escorts and the silver ships.
fn parse_hand(text: &str) -> Result<(u32, u32), String> {
    let mut counts = (0, 0);
    for c in text.chars() {
        match c {
            'E' => counts.0 += 1,
            's' => counts.1 += 1,
            _ => {
                return Err(format!(
                    "unknown piece '{c}' in hand: the setup places escorts (E) and silver ships (s)"
                ))
            }
        }
    }
    Ok(counts)
}

/// Checks that the board and the hand of a setup position make whole fleets, with the
/// flagship on f6 and the side to move the one placing.
fn read_setup(
    flagship: Option<usize>,
    escorts: Board121,
    silver: Board121,
    (escorts_in_hand, silver_in_hand): (u32, u32),
    side: Color,
) -> Result<(), String> {
    if flagship != Some(FLAGSHIP_SQUARE) {
        return Err("in the setup phase the flagship stands on f6".into());
    }
    if escorts.count() + escorts_in_hand != MAX_ESCORTS {
        return Err(format!(
            "{} escorts on the board and {escorts_in_hand} in hand: gold's fleet has {MAX_ESCORTS}",
            escorts.count()
        ));
    }
    if silver.count() + silver_in_hand != MAX_SILVER {
        return Err(format!(
            "{} silver ships on the board and {silver_in_hand} in hand: silver's fleet has \
             {MAX_SILVER}",
            silver.count()
        ));
    }
    let placing = if escorts_in_hand > 0 {
        Color::White
    } else {
        Color::Black
    };
    if side != placing {
        return Err(format!(
            "{} is to place, not {} (gold places its escorts first)",
            side_name(placing),
            side_name(side)
        ));
    }
    Ok(())
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
