//! Zobrist keys: one per square and colour, one for the side to move.
//!
//! Drawn from a 64-bit Mersenne Twister with a fixed seed so that hashes are identical across
//! runs and machines (transposition tables, opening books and logs can be compared).

use super::Color;
use rand_mt::Mt64;
use std::sync::LazyLock;

const SEED: u64 = 0x7472_6f79_6b61; // "troyka"
const SQUARES: usize = 256;

pub struct ZobristKeys {
    pieces: [[u64; SQUARES]; 2],
    black_to_move: u64,
}

static KEYS: LazyLock<ZobristKeys> = LazyLock::new(|| {
    let mut rng = Mt64::new(SEED);
    let mut pieces = [[0; SQUARES]; 2];
    for colour in &mut pieces {
        for key in colour.iter_mut() {
            *key = rng.next_u64();
        }
    }
    ZobristKeys {
        pieces,
        black_to_move: rng.next_u64(),
    }
});

/// There is one table, so equality is identity (positions derive `PartialEq`).
impl PartialEq for ZobristKeys {
    fn eq(&self, other: &ZobristKeys) -> bool {
        std::ptr::eq(self, other)
    }
}

impl Eq for ZobristKeys {}

impl std::fmt::Debug for ZobristKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("ZobristKeys")
    }
}

impl ZobristKeys {
    /// The keys. Positions keep this reference so that the hot path reads the table
    /// directly rather than through the lazy initialiser's check on every move.
    pub fn get() -> &'static ZobristKeys {
        &KEYS
    }

    /// The key of a piece of `color` on `square`.
    #[inline]
    pub fn piece(&self, color: Color, square: usize) -> u64 {
        self.pieces[color as usize][square]
    }

    /// The key toggled whenever the side to move changes.
    #[inline]
    pub fn black_to_move(&self) -> u64 {
        self.black_to_move
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pinned values: changing the seed or the draw order silently changes every hash, which
    /// would break reproducibility of logs and tables, so it must be a deliberate act.
    #[test]
    fn keys_are_pinned() {
        let mut rng = Mt64::new(SEED);
        let first = rng.next_u64();
        let keys = ZobristKeys::get();
        assert_eq!(keys.piece(Color::White, 0), first);
        assert_eq!(keys.piece(Color::White, 0), 0x98ca_4d8e_384a_dae3);
        assert_eq!(keys.piece(Color::Black, 255), 0xeff0_67f9_23f5_1666);
        assert_eq!(keys.black_to_move(), 0x94cb_539c_5c59_27ec);
    }

    #[test]
    fn keys_are_distinct() {
        let mut all: Vec<u64> = KEYS.pieces.iter().flatten().copied().collect();
        all.push(KEYS.black_to_move);
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 2 * SQUARES + 1);
    }
}
