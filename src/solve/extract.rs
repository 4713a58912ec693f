//! Writing the proof of a solved position (placeholder).
use super::dfpn::Dfpn;
use crate::rules::{Bitboard, Color, Move, Position};
use std::io::Write;

pub fn write_proof<B: Bitboard>(
    _dfpn: &mut Dfpn<'_, B>,
    _root: &Position<B>,
    _winner: Color,
    _root_moves: &[Move],
    _out: &mut dyn Write,
) -> Result<u64, String> {
    Err("not yet".into())
}
