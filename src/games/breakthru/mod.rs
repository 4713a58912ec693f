//! The rules of Breakthru (3M, 1965), as `shared/reference/breakthru.md` fixes them: an
//! 11x11 board, gold's flagship and twelve escorts against silver's twenty ships, turns of one
//! capture, one flagship slide, or two slides by two different ships (one alone when no
//! second is possible). Bitboards on a `u128`, legs one at a time and whole turns, the end of
//! the game, Zobrist hashing, position strings, notation, perft and a diagram; the
//! hand-made evaluation, the network's inputs, the training records and features, and the
//! search's hooks; and the
//! 1965 sheet's setup phase, where each side places its fleet.
//! Nothing here knows about threads or I/O.

mod bench;
pub mod bitboard;
mod diagram;
pub mod evaluation;
mod fen;
mod game;
mod hooks;
pub mod inputs;
mod legs;
pub mod notation;
pub mod perft;
mod position;
pub mod setup;
mod training;
mod turns;
pub mod zobrist;

pub use crate::game::Color;
pub use bitboard::{Board121, Direction};
pub use game::BreakthruGame;
pub use notation::{parse_square, square_name, Leg};
pub use perft::{divide, perft};
pub use position::{side_name, Breakthru, EndReason, MAX_ESCORTS, MAX_SILVER, NO_CAPTURE_LIMIT};
pub use training::Board11;
pub use turns::BreakthruTurn;
pub use zobrist::Piece;
