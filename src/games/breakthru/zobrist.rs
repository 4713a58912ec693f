//! Zobrist keys: one per square for each kind of piece, one per square for the ship that made
//! the first slide of a turn still being played, one for silver to move, and in the setup
//! phase one for each number of pieces the side to move has still to place.
//!
//! Drawn at compile time from a splitmix64 sequence with a fixed seed, so that hashes are the
//! same on every run and machine (tables, books and logs can be compared) and reading a key
//! costs no initialisation check.

use super::bitboard::SQUARES;
use super::position::MAX_SILVER;

const SEED: u64 = 0x6272_6561_6b74_6872; // "breakthr"

/// What stands on a square, as the keys tell pieces apart.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Piece {
    Flagship = 0,
    Escort = 1,
    Silver = 2,
}

pub struct ZobristKeys {
    pieces: [[u64; SQUARES]; 3],
    first_moved: [u64; SQUARES],
    silver_to_move: u64,
    /// By the number of pieces still to place (index 0 unused: the game proper has no key).
    to_place: [u64; MAX_SILVER as usize + 1],
}

/// Step `index` of splitmix64 from `SEED`.
const fn splitmix(index: u64) -> u64 {
    let mut z = SEED.wrapping_add((index + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The keys in draw order: the three kinds of piece square by square, then the first-moved
/// ship square by square, then the side, then the setup's counts (drawn last, so that the
/// keys before them, and every hash of the game proper, are as they were before the setup).
const fn draw() -> ZobristKeys {
    let mut keys = ZobristKeys {
        pieces: [[0; SQUARES]; 3],
        first_moved: [0; SQUARES],
        silver_to_move: 0,
        to_place: [0; MAX_SILVER as usize + 1],
    };
    let mut index = 0;
    while index < SQUARES {
        keys.pieces[0][index] = splitmix(index as u64);
        keys.pieces[1][index] = splitmix((SQUARES + index) as u64);
        keys.pieces[2][index] = splitmix((2 * SQUARES + index) as u64);
        keys.first_moved[index] = splitmix((3 * SQUARES + index) as u64);
        index += 1;
    }
    keys.silver_to_move = splitmix(4 * SQUARES as u64);
    let mut count = 1;
    while count <= MAX_SILVER as usize {
        keys.to_place[count] = splitmix((4 * SQUARES + count) as u64);
        count += 1;
    }
    keys
}

static KEYS: ZobristKeys = draw();

/// The key of `piece` on `square`.
#[inline]
pub fn piece(piece: Piece, square: usize) -> u64 {
    KEYS.pieces[piece as usize][square]
}

/// The key present while a turn is half played and its first slide ended on `square`.
#[inline]
pub fn first_moved(square: usize) -> u64 {
    KEYS.first_moved[square]
}

/// The key present while silver is to move.
#[inline]
pub fn silver_to_move() -> u64 {
    KEYS.silver_to_move
}

/// The key present in the setup phase while the side to move has `count` (1 to 20) pieces
/// still to place.
#[inline]
pub fn to_place(count: usize) -> u64 {
    KEYS.to_place[count]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pinned values: changing the seed or the draw order silently changes every hash, which
    /// must be a deliberate act.
    #[test]
    fn keys_are_pinned() {
        // Computed apart from this code (splitmix64 written again in Python).
        assert_eq!(piece(Piece::Flagship, 0), 0x1f59_fdb8_ded7_a939);
        assert_eq!(piece(Piece::Silver, 120), 0x164d_4372_be92_9741);
        assert_eq!(first_moved(60), 0x31c5_8ff8_41a4_1b0e);
        assert_eq!(silver_to_move(), 0x778a_822a_857a_88bd);
    }

    #[test]
    fn keys_are_distinct() {
        let mut all: Vec<u64> = KEYS.pieces.iter().flatten().copied().collect();
        all.extend(KEYS.first_moved);
        all.push(KEYS.silver_to_move);
        all.extend(&KEYS.to_place[1..]);
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 4 * SQUARES + 1 + MAX_SILVER as usize);
    }
}
