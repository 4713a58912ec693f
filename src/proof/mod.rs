//! Proof files: the solver writes them, [`check`] verifies them with the rules and the race
//! patterns alone. Nothing here knows the solver; the format is all they share.
//!
//! A proof is a text file:
//!
//! ```text
//! troyka-proof 1
//! board 5x5
//! root ppppp/ppppp/5/PPPPP/PPPPP w 0 1
//! winner black
//! 2 b4a3:3
//! ...
//! 1 a2a3:2 b2b3:7 *:win3
//! end
//! ```
//!
//! After the header, one line per position of the proof, in any order: its number, then
//! what shows it is won for the winner. Position 1 is the root; every other position is
//! reached from the one whose line names it, by the move written before it.
//! - When the winner is to move, one winning move or more, each `move:what-follows`.
//! - When the loser is to move, every legal move, each `move:what-follows`; or the moves
//!   that need saying, then `*:pattern` for all the others: each of them leaves a position
//!   the winner wins by that pattern.
//! - Or `=pattern` alone: the position itself is won by the pattern.
//!
//! What follows a move is a position number (with a line of its own), `end` (the game is
//! over, won by the winner), or the name of a [race pattern](crate::rules::race) that wins
//! the position for the winner (`win1`, `win3`, `win5` with the winner to move; `loss2`,
//! `loss4` with the loser to move). The file ends with a line `end`, so that a cut-off file
//! is not mistaken for a proof. Lines starting with `#` are comments.

pub mod check;

use crate::rules::{move_name, parse_move_text, BoardSize, Color, Game, Move, Pattern};
use std::fmt;
use std::io::{self, Write};

pub const MAGIC: &str = "troyka-proof 1";

/// What follows a move in a proof line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Reference {
    /// A position with a line of its own.
    Node(u64),
    /// A position a race pattern wins for the winner.
    Pattern(Pattern),
    /// The game is over, won by the winner.
    End,
}

impl fmt::Display for Reference {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Reference::Node(id) => write!(f, "{id}"),
            Reference::Pattern(pattern) => f.write_str(pattern.name()),
            Reference::End => f.write_str("end"),
        }
    }
}

impl Reference {
    fn parse(text: &str) -> Result<Reference, String> {
        if text == "end" {
            return Ok(Reference::End);
        }
        if let Some(pattern) = Pattern::from_name(text) {
            return Ok(Reference::Pattern(pattern));
        }
        match text.parse::<u64>() {
            Ok(id) if id > 0 => Ok(Reference::Node(id)),
            _ => Err(format!(
                "'{text}' is neither a position number, 'end' nor a pattern"
            )),
        }
    }
}

/// One item of a proof line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Entry {
    /// A move and what follows it.
    Move(Move, Reference),
    /// `*:pattern`: every legal move not listed leads to a position won by the pattern.
    Others(Pattern),
    /// `=pattern`: the position itself is won by the pattern.
    Itself(Pattern),
}

impl Entry {
    /// Reads one item of a line on a board of `size` (moves are only read here; whether
    /// they are legal is for the checker).
    pub fn parse(size: BoardSize, text: &str) -> Result<Entry, String> {
        let pattern = |name: &str| {
            Pattern::from_name(name).ok_or_else(|| format!("'{name}' is not a pattern"))
        };
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
            Reference::parse(what)?,
        ))
    }
}

/// Writes a proof file line by line.
pub struct ProofWriter<'a> {
    out: &'a mut dyn Write,
    size: BoardSize,
    positions: u64,
}

impl<'a> ProofWriter<'a> {
    /// Writes the header.
    pub fn new(out: &'a mut dyn Write, root: &Game, winner: Color) -> io::Result<Self> {
        writeln!(out, "{MAGIC}")?;
        writeln!(out, "board {}", root.size())?;
        writeln!(out, "root {}", root.to_fen())?;
        writeln!(out, "winner {}", winner.name())?;
        Ok(ProofWriter {
            out,
            size: root.size(),
            positions: 0,
        })
    }

    /// Writes the line of position `id`.
    pub fn line(&mut self, id: u64, entries: &[Entry]) -> io::Result<()> {
        let mut text = id.to_string();
        for entry in entries {
            text.push(' ');
            match entry {
                Entry::Move(mv, what) => {
                    text += &format!("{}:{what}", move_name(self.size, *mv));
                }
                Entry::Others(pattern) => text += &format!("*:{}", pattern.name()),
                Entry::Itself(pattern) => text += &format!("={}", pattern.name()),
            }
        }
        text.push('\n');
        self.positions += 1;
        self.out.write_all(text.as_bytes())
    }

    /// Writes the closing line; returns the number of position lines.
    pub fn finish(self) -> io::Result<u64> {
        writeln!(self.out, "end")?;
        self.out.flush()?;
        Ok(self.positions)
    }
}
