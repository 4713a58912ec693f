//! The rules of Breakthrough on any board from 2x4 to 16x16: bitboards, geometry, moves,
//! position strings, Zobrist hashing, the race patterns that decide runners statically, and
//! [`Breakthrough`], which picks the bitboard width for the board size once. Nothing here knows
//! about threads, I/O or search.

pub mod bitboard;
mod board;
mod fen;
pub mod geometry;
mod moves;
pub mod position;
pub mod race;
pub mod zobrist;

pub use bitboard::{Bitboard, U256};
pub use board::{move_name, parse_move_text, Breakthrough, EndReason, Outcome};
pub use geometry::{BoardSize, Layout};
pub use moves::{Move, MoveList, MAX_MOVES};
pub use position::{Position, Step};
pub use race::{Pattern, Race, Verdict};

/// A side: white moves up the board (toward rank R) and moves first; black moves down.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    #[inline]
    pub fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}
