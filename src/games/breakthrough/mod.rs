//! The rules of Breakthrough on any board from 2x4 to 16x16: bitboards, geometry, moves,
//! position strings, Zobrist hashing, the race patterns that decide runners statically, and
//! [`Breakthrough`], which picks the bitboard width for the board size once. Nothing here knows
//! about threads, I/O or search.

mod bench;
pub mod bitboard;
mod board;
mod evaluation;
mod fen;
pub mod geometry;
mod hooks;
pub mod inputs;
pub mod linear;
mod mirror;
mod moves;
pub mod perft;
pub mod position;
pub mod proof;
pub mod race;
mod training;
pub mod zobrist;

pub use crate::game::Color;
pub use crate::game::MAX_MOVES;
pub use bitboard::{Bitboard, U256};
pub use board::{move_name, parse_move_text, Breakthrough, EndReason, Victory};
pub use evaluation::explain;
pub use geometry::{BoardSize, Layout};
pub use moves::{Move, MoveList};
pub use position::{Position, Step};
pub use race::{Pattern, Race, Verdict};
