//! Whole numbers in protocol lines, told apart from words that are negative or too large
//! for what they count, so that each dialect can name the problem (and `go` can go on with
//! the nearest value in range).

use std::str::FromStr;

/// How a word reads as a whole number of type `T`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Whole<T> {
    Value(T),
    /// Digits after a minus sign (and not zero).
    Negative,
    /// Digits only, more than `T` holds.
    TooLarge,
    NotANumber,
}

/// Reads `word` as a whole number: optional sign, then decimal digits only.
pub fn whole<T: FromStr>(word: &str) -> Whole<T> {
    let (negative, digits) = match word.strip_prefix('-') {
        Some(digits) => (true, digits),
        None => (false, word.strip_prefix('+').unwrap_or(word)),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Whole::NotANumber;
    }
    let zero = digits.bytes().all(|b| b == b'0');
    if negative && !zero {
        return Whole::Negative;
    }
    let digits = if zero {
        "0"
    } else {
        digits.trim_start_matches('0')
    };
    match digits.parse() {
        Ok(value) => Whole::Value(value),
        Err(_) => Whole::TooLarge,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_numbers() {
        assert_eq!(whole::<u32>("42"), Whole::Value(42));
        assert_eq!(whole::<u32>("+007"), Whole::Value(7));
        assert_eq!(whole::<u32>("-0"), Whole::Value(0));
        assert_eq!(whole::<u32>("-1"), Whole::Negative);
        assert_eq!(whole::<i64>("-1"), Whole::Negative);
        assert_eq!(whole::<u8>("256"), Whole::TooLarge);
        for text in ["", "-", "+", "1.5", "1e3", "x", "--1", "1-", "５"] {
            assert_eq!(whole::<u32>(text), Whole::NotANumber, "{text:?}");
        }
    }
}
