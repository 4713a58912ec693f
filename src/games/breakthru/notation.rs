//! Square names and [`Leg`], one move of one piece: `d10d9`, `e5f6`.
//!
//! Files `a` to `k`, ranks `1` to `11`; a leg is its from-square then its to-square, with
//! nothing to mark a capture (a diagonal step onto an enemy is one). Whether a leg is legal
//! is the position's business ([`super::Breakthru::explain_leg`]); here only the text.

use super::bitboard::{SIDE, SQUARES};
use crate::game::GameMove;
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
/// captures. 16 bits, `from | to << 7`; `Leg::NULL` is `a1a1`, never legal.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Leg(u16);

impl Leg {
    pub const NULL: Leg = Leg(0);

    #[inline]
    pub fn new(from: usize, to: usize) -> Leg {
        debug_assert!(from < SQUARES && to < SQUARES);
        Leg(from as u16 | (to as u16) << 7)
    }

    #[inline]
    pub fn from(self) -> usize {
        (self.0 & 0x7f) as usize
    }

    #[inline]
    pub fn to(self) -> usize {
        (self.0 >> 7) as usize
    }

    /// Reads `d10d9`: two square names, nothing between them.
    pub fn parse(text: &str) -> Result<Leg, String> {
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
        write!(f, "{}{}", square_name(self.from()), square_name(self.to()))
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
