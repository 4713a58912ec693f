//! Square names and [`Leg`], one move of one piece: `d10d9`, `e5f6`, or in the setup one
//! placement: `E@e5`, `S@b2`.
//!
//! Files `a` to `k`, ranks `1` to `11`; a leg is its from-square then its to-square, with
//! nothing to mark a capture (a diagonal step onto an enemy is one). A placement is written
//! as drops are in UCI's crazyhouse and Fairy-Stockfish's placement variants: the piece's
//! letter (`E` an escort, `S` a silver ship), `@`, the square. Whether a leg is legal is the
//! position's business ([`super::Breakthru::explain_leg`]); here only the text.

use super::bitboard::{SIDE, SQUARES};
use crate::game::{Color, GameMove};
use std::fmt;

/// The name of a square: `a1`, ..., `k11`.
pub fn square_name(square: usize) -> String {
    debug_assert!(square < SQUARES);
    format!(
        "{}{}",
        (b'a' + (square % SIDE) as u8) as char,
        square / SIDE + 1
    )
}

/// Reads a square name (the file in either case, as the protocols read move names), naming
/// what is wrong with it.
pub fn parse_square(text: &str) -> Result<usize, String> {
    let mut chars = text.chars();
    let file = match chars.next() {
        Some(c) if ('a'..='k').contains(&c.to_ascii_lowercase()) => {
            c.to_ascii_lowercase() as usize - 'a' as usize
        }
        Some(c) => {
            return Err(format!(
                "bad file '{c}' in square '{text}' (files are a to k)"
            ))
        }
        None => return Err("empty square name".into()),
    };
    let digits = chars.as_str();
    if digits.is_empty() {
        return Err(format!("square '{text}' has no rank (ranks are 1 to 11)"));
    }
    if !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "bad rank '{digits}' in square '{text}' (ranks are 1 to 11)"
        ));
    }
    let rank = match digits.parse::<usize>() {
        Ok(rank) if !digits.starts_with('0') && (1..=SIDE).contains(&rank) => rank,
        _ => {
            return Err(format!(
                "rank {digits} of square '{text}' is off the board (ranks are 1 to 11)"
            ))
        }
    };
    Ok((rank - 1) * SIDE + file)
}

/// One move of one piece, from a square to another: a slide, or a diagonal step that
/// captures; or, in the setup, one piece put on an empty square. 16 bits: `from | to << 7`
/// (`Leg::NULL` is `a1a1`, never legal); a placement is the same with from and to both its
/// square and [`PLACES_ESCORT`] or [`PLACES_SILVER`] set, so that code that files moves by
/// their squares (history, ordering) files it under its square.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Leg(u16);

/// The bit of a placement of an escort.
const PLACES_ESCORT: u16 = 1 << 14;
/// The bit of a placement of a silver ship.
const PLACES_SILVER: u16 = 1 << 15;

impl Leg {
    pub const NULL: Leg = Leg(0);

    #[inline]
    pub fn new(from: usize, to: usize) -> Leg {
        debug_assert!(from < SQUARES && to < SQUARES);
        Leg(from as u16 | (to as u16) << 7)
    }

    /// A placement in the setup: gold's ([`Color::White`]) places an escort, silver's a ship.
    #[inline]
    pub fn place(side: Color, square: usize) -> Leg {
        debug_assert!(square < SQUARES);
        let piece = match side {
            Color::White => PLACES_ESCORT,
            Color::Black => PLACES_SILVER,
        };
        Leg(piece | Leg::new(square, square).0)
    }

    /// Whether this is a placement, and whose: `Some(side)` for a placement.
    #[inline]
    pub fn placer(self) -> Option<Color> {
        if self.0 & PLACES_ESCORT != 0 {
            Some(Color::White)
        } else if self.0 & PLACES_SILVER != 0 {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The square a placement puts its piece on.
    #[inline]
    pub fn placed_on(self) -> usize {
        self.from()
    }

    #[inline]
    pub fn from(self) -> usize {
        (self.0 & 0x7f) as usize
    }

    #[inline]
    pub fn to(self) -> usize {
        ((self.0 >> 7) & 0x7f) as usize
    }

    /// Reads `d10d9` (two square names, nothing between them) or a placement, `E@e5` or
    /// `S@b2` (the letter in either case).
    pub fn parse(text: &str) -> Result<Leg, String> {
        if let Some((piece, square)) = text.split_once('@') {
            let side = match piece {
                "E" | "e" => Color::White,
                "S" | "s" => Color::Black,
                _ => {
                    return Err(format!(
                        "'{text}' is not a placement (E@e5 places an escort, S@b2 a silver ship)"
                    ))
                }
            };
            let square =
                parse_square(square).map_err(|error| format!("placement '{text}': {error}"))?;
            return Ok(Leg::place(side, square));
        }
        // The second square starts at the second letter; ranks are digits only.
        let second = text
            .char_indices()
            .skip(1)
            .find(|(_, c)| !c.is_ascii_digit())
            .map(|(index, _)| index)
            .ok_or_else(|| format!("'{text}' is not a leg (a leg is two squares, as d10d9)"))?;
        let (from, to) = text.split_at(second);
        let parse = |square| parse_square(square).map_err(|error| format!("leg '{text}': {error}"));
        Ok(Leg::new(parse(from)?, parse(to)?))
    }
}

impl GameMove for Leg {
    const NULL: Leg = Leg::NULL;

    fn bits(self) -> u16 {
        self.0
    }

    fn from_bits(bits: u16) -> Leg {
        Leg(bits)
    }
}

impl fmt::Display for Leg {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self.placer() {
            Some(Color::White) => write!(f, "E@{}", square_name(self.placed_on())),
            Some(Color::Black) => write!(f, "S@{}", square_name(self.placed_on())),
            None => write!(f, "{}{}", square_name(self.from()), square_name(self.to())),
        }
    }
}

/// Legs show as their text in test failures and logs.
impl fmt::Debug for Leg {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{self}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_round_trip() {
        for square in 0..SQUARES {
            assert_eq!(parse_square(&square_name(square)), Ok(square));
        }
        assert_eq!(square_name(0), "a1");
        assert_eq!(square_name(120), "k11");
    }

    #[test]
    fn legs_read_and_write() {
        let leg = Leg::parse("d10d9").unwrap();
        assert_eq!((leg.from(), leg.to()), (9 * 11 + 3, 8 * 11 + 3));
        assert_eq!(leg.to_string(), "d10d9");
        assert_eq!(Leg::from_bits(leg.bits()), leg);
        assert_eq!(Leg::parse("k11a1").unwrap().to_string(), "k11a1");
        assert_eq!(Leg::parse("D10d9"), Ok(leg), "files in either case");
        assert_eq!(Leg::NULL.bits(), 0);
    }

    #[test]
    fn placements_read_and_write() {
        let escort = Leg::parse("E@e5").unwrap();
        assert_eq!(escort, Leg::place(Color::White, 4 * 11 + 4));
        assert_eq!(
            (escort.placer(), escort.placed_on()),
            (Some(Color::White), 48)
        );
        assert_eq!((escort.from(), escort.to()), (48, 48));
        assert_eq!(escort.to_string(), "E@e5");
        assert_eq!(Leg::parse("e@E5"), Ok(escort), "either case");
        let ship = Leg::parse("S@a1").unwrap();
        assert_eq!(ship.to_string(), "S@a1");
        assert_ne!(ship, Leg::NULL, "a1 is a square silver may place on");
        assert_eq!(Leg::from_bits(ship.bits()), ship);
        assert_eq!(Leg::parse("a2a3").unwrap().placer(), None);
        for (text, says) in [
            ("F@f6", "not a placement"),
            ("@e5", "not a placement"),
            ("E@l5", "bad file 'l'"),
            ("S@a12", "rank 12"),
            ("E@", "empty square name"),
        ] {
            let error = Leg::parse(text).unwrap_err();
            assert!(error.contains(says), "{text}: {error}");
        }
    }

    #[test]
    fn bad_legs_say_why() {
        for (text, says) in [
            ("l5a5", "bad file 'l'"),
            ("a5l5", "bad file 'l'"),
            ("a12a11", "rank 12"),
            ("a0a1", "rank 0"),
            ("a01a2", "rank 01"),
            ("a", "not a leg"),
            ("a5", "not a leg"),
            ("a5b", "has no rank"),
            ("a5b6x", "bad rank '6x'"),
            ("L5b6", "bad file 'L'"),
            ("", "not a leg"),
        ] {
            let error = Leg::parse(text).unwrap_err();
            assert!(error.contains(says), "{text}: {error}");
        }
    }
}
