//! Breakthrough's proof files: the generic solver writes them through Breakthrough's
//! [`Provable`](crate::game::proof::Provable) hooks (in `hooks.rs`, which call the writing
//! functions here), and [`check`] verifies them with the rules and the race patterns alone;
//! [`verify()`] is that checker as the solver's users call it, its verdict in words;
//! [`ProvedPositions`] reads a proof's positions for the linear tuner. Nothing
//! here knows the solver; the format, in the generic vocabulary of [`crate::game::proof`],
//! is all they share.
//!
//! A proof is a text file:
//!
//! ```text
//! troyka-proof 2
//! board 5x5
//! root ppppp/ppppp/5/PPPPP/PPPPP w 0 1
//! winner black
//! b00102ba.1f80400 c5b4:loss4
//! w00012ba.1f80400 c3b4:+ c3d4:+ c3c4:+ *:win3
//! ...
//! b000137f.1ff8000 c4b3:+
//! w00003ff.1ff8000 b2a3:+ c2b3:+ d2c3:+ e2d3:+ a2b3:~ b2c3:~ c2d3:~ d2e3:~ a2a3:+ ...
//! end
//! ```
//!
//! After the header, one line per position of the proof: the position, then what shows it
//! is won for the winner. The position is written as the side to move (`w` or `b`), then
//! white's and black's pieces as two hexadecimal numbers joined by a dot, in which bit `i`
//! stands for square `i` (`a1` is square 0, then along the first rank, then the next: square
//! = rank × files + file). What follows is
//! - when the winner is to move, one winning move or more, each `move:what-follows`;
//! - when the loser is to move, every legal move, each `move:what-follows`; or the moves
//!   that need saying, then `*:pattern` for all the others: each of them leaves a position
//!   the winner wins by that pattern;
//! - or `=pattern` alone: the position itself is won by the pattern;
//! - or `?N/H` alone: the position is won for the winner, and the checker's caller proves
//!   it again with the solver within N nodes, on one thread, with a table of H MiB. A file
//!   with such lines is a *certificate*: the top of a proof too big to keep, whose leaves
//!   are proved again when it is checked ([`check`] lists them; `crate::solve` proves
//!   them). Later lines cite such a position with `+` or `~` as any other.
//!
//! What follows a move is `+` (the position it leaves has a line further up the file), `~`
//! (its mirror image, files `a`… read from the other side, has a line further up: the rules
//! do not tell the two apart), `end` (the game is over, won by the winner), or the name of a
//! [race pattern](super::race) that wins the position for the winner (`win1`, `win3`,
//! `win5` with the winner to move; `loss2`, `loss4` with the loser to move). Lines only build
//! on lines above them, so a proof is checked in one pass from the top, with memory for the
//! positions proved so far and nothing else, and no line can lean on itself. The root must
//! have a line. The file ends with a line `end`, so that a cut-off file is not mistaken for
//! a proof. Lines starting with `#` are comments.

pub mod check;
mod proven;
mod read;
mod verify;

pub use read::{scored_positions, ProvedPositions};
pub use verify::verify;

use super::{
    move_name, parse_move_text, Bitboard, BoardSize, Breakthrough, Color, Move, Pattern, Position,
};
use crate::game::proof;
use std::io::{self, Write};

pub const MAGIC: &str = "troyka-proof 2";

/// What follows a move in a proof line: `+`, `~`, `end` or a pattern.
pub type Reference = proof::Reference<Pattern>;

/// One item of a proof line: `move:what-follows`, `*:pattern` or `=pattern`.
pub type Entry = proof::Entry<Move, Pattern>;

fn reference_text(reference: Reference) -> &'static str {
    match reference {
        Reference::Line => "+",
        Reference::Mirror => "~",
        Reference::Rule(pattern) => pattern.name(),
        Reference::End => "end",
    }
}

fn parse_reference(text: &str) -> Result<Reference, String> {
    match text {
        "+" => Ok(Reference::Line),
        "~" => Ok(Reference::Mirror),
        "end" => Ok(Reference::End),
        _ => Pattern::from_name(text)
            .map(Reference::Rule)
            .ok_or(format!("'{text}' is neither '+', '~', 'end' nor a pattern")),
    }
}

/// Reads one item of a line on a board of `size` (moves are only read here; whether they
/// are legal is for the checker).
pub fn parse_entry(size: BoardSize, text: &str) -> Result<Entry, String> {
    let pattern =
        |name: &str| Pattern::from_name(name).ok_or_else(|| format!("'{name}' is not a pattern"));
    if text.starts_with('?') {
        return Err(format!("'{text}': '?N/H' must stand alone"));
    }
    if let Some(name) = text.strip_prefix('=') {
        return Ok(Entry::Itself(pattern(name)?));
    }
    let (mv, what) = text
        .split_once(':')
        .ok_or_else(|| format!("'{text}' is not 'move:what-follows'"))?;
    if mv == "*" {
        return Ok(Entry::Others(pattern(what)?));
    }
    Ok(Entry::Move(
        parse_move_text(size, mv)?,
        parse_reference(what)?,
    ))
}

/// Reads what follows the position of a certificate's leaf, `?N/H`: the node limit N and
/// the table's MiB H, both whole numbers above 0.
pub fn parse_leaf(text: &str) -> Result<(u64, usize), String> {
    let bad = || format!("'{text}' is not '?N/H' (a node limit and a table's MiB, both above 0)");
    let (nodes, megabytes) = text
        .strip_prefix('?')
        .and_then(|limits| limits.split_once('/'))
        .ok_or_else(bad)?;
    let positive = |digits: &str| {
        digits
            .bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| digits.parse::<u64>().ok())
            .flatten()
            .filter(|&n| n > 0)
    };
    let nodes = positive(nodes).ok_or_else(bad)?;
    let megabytes = positive(megabytes)
        .and_then(|n| usize::try_from(n).ok())
        .ok_or_else(bad)?;
    Ok((nodes, megabytes))
}

/// How a proof line writes a position: `w` or `b`, then white's and black's pieces in hex.
pub fn position_text<B: Bitboard>(position: &Position<B>) -> String {
    let squares = position.size().squares();
    let side = match position.side_to_move() {
        Color::White => 'w',
        Color::Black => 'b',
    };
    format!(
        "{side}{}.{}",
        hex(position.pieces(Color::White), squares),
        hex(position.pieces(Color::Black), squares)
    )
}

/// Reads a position written by [`position_text`] on a board of `size`.
pub fn parse_position<B: Bitboard>(size: BoardSize, text: &str) -> Result<Position<B>, String> {
    let bad = || format!("'{text}' is not a position (side, then white.black in hex)");
    let side = match text.as_bytes().first() {
        Some(b'w') => Color::White,
        Some(b'b') => Color::Black,
        _ => return Err(bad()),
    };
    let (white, black) = text[1..].split_once('.').ok_or_else(bad)?;
    let (white, black) = (
        unhex::<B>(white, size).ok_or_else(bad)?,
        unhex::<B>(black, size).ok_or_else(bad)?,
    );
    if !(white & black).is_empty() {
        return Err(format!("'{text}' puts two pieces on one square"));
    }
    Ok(Position::from_pieces(size, white, black, side))
}

/// The squares of `set` as a hex number of fixed width.
fn hex<B: Bitboard>(set: B, squares: usize) -> String {
    let digits = squares.div_ceil(4);
    let mut nibbles = vec![0u8; digits];
    for square in set.squares() {
        nibbles[digits - 1 - square / 4] |= 1 << (square % 4);
    }
    nibbles
        .iter()
        .map(|&n| char::from_digit(n as u32, 16).expect("a nibble"))
        .collect()
}

/// The squares of a hex number, `None` if it is not one or names a square off the board.
fn unhex<B: Bitboard>(text: &str, size: BoardSize) -> Option<B> {
    if text.is_empty() || text.len() > size.squares().div_ceil(4) {
        return None;
    }
    let mut set = B::EMPTY;
    for (place, digit) in text.bytes().rev().enumerate() {
        let nibble = (digit as char).to_digit(16)? as usize;
        for bit in (0..4).filter(|bit| nibble >> bit & 1 == 1) {
            let square = 4 * place + bit;
            if square >= size.squares() {
                return None;
            }
            set |= B::square(square);
        }
    }
    Some(set)
}

/// Writes the header: the format, the board, the root and the winner.
pub fn write_header(out: &mut dyn Write, root: &Breakthrough, winner: Color) -> io::Result<()> {
    writeln!(out, "{MAGIC}")?;
    writeln!(out, "board {}", root.size())?;
    writeln!(out, "root {}", root.to_fen())?;
    writeln!(out, "winner {}", winner.name())
}

/// Writes the line of `position`.
pub fn write_line<B: Bitboard>(
    out: &mut dyn Write,
    position: &Position<B>,
    entries: &[Entry],
) -> io::Result<()> {
    let size = position.size();
    let mut text = position_text(position);
    for entry in entries {
        text.push(' ');
        match *entry {
            Entry::Move(mv, what) => {
                text += &format!("{}:{}", move_name(size, mv), reference_text(what));
            }
            Entry::Others(pattern) => text += &format!("*:{}", pattern.name()),
            Entry::Itself(pattern) => text += &format!("={}", pattern.name()),
        }
    }
    text.push('\n');
    out.write_all(text.as_bytes())
}

/// Writes the closing line, so that a file cut off is not mistaken for a proof.
pub fn write_end(out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "end")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_back<B: Bitboard>(position: &Position<B>, text: &str) -> Position<B> {
        parse_position(position.size(), text).unwrap()
    }

    #[test]
    fn positions_round_trip_through_their_text() {
        for (fen, text) in [
            ("ppppp/ppppp/5/PPPPP/PPPPP w 0 1", "w00003ff.1ff8000"),
            (
                "8/8/8/8/8/8/8/7P b 0 1",
                "b0000000000000080.0000000000000000",
            ),
        ] {
            let game = Breakthrough::from_fen(fen).unwrap();
            crate::with_position!(&game, position => {
                assert_eq!(position_text(position), text);
                assert_eq!(read_back(position, text).hash(), position.hash());
            });
        }
    }

    #[test]
    fn positions_off_the_board_or_overlapping_are_refused() {
        let size: BoardSize = "5x5".parse().unwrap();
        for text in [
            "x1.2",
            "w12",
            "w.1",
            "w2000000.0",
            "w1.1",
            "wg.0",
            "w000000001.0",
        ] {
            assert!(parse_position::<u64>(size, text).is_err(), "{text}");
        }
    }
}
