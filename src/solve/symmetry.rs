//! Mirror images share table entries. A game whose rules cannot tell a position from its
//! mirror image (Breakthrough's, with the files read from the other side) gives the mirror
//! image's hash ([`Position::mirror_hash`]); the table keeps both under one key, the smaller
//! of the two hashes, so whatever is proved for one serves the other. A game without
//! symmetry gives the position's own hash, and the key is the hash.
//!
//! A game that gives a position's locality ([`Position::locality`]) puts it in the key's top
//! [`LOCALITY_BITS`] bits, from which the table picks a group of buckets
//! ([`super::table::Table`]): positions that share their locality share a group, and the
//! children of a position, which the solver probes together, then mostly fall in one group
//! rather than all over the table. The hash keeps the other bits.

use crate::game::Position;

/// How many of the key's top bits a position's locality gives, when it has one.
pub const LOCALITY_BITS: u32 = 20;

/// The table key of `position`: the same for it and its mirror image.
pub fn key<P: Position>(position: &P, tables: &P::Tables) -> u64 {
    canonical(
        position.hash(),
        position.mirror_hash(tables),
        position.locality(tables),
    )
}

/// The table key of a position with hash `hash` whose mirror image has hash `mirrored`, and
/// with `locality`.
#[inline]
pub fn canonical(hash: u64, mirrored: u64, locality: Option<u64>) -> u64 {
    let hash = hash.min(mirrored);
    match locality {
        Some(locality) => {
            let high = !0 << (64 - LOCALITY_BITS);
            (locality & high) | (hash & !high)
        }
        None => hash,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // That a game's mirror hash is its mirror image's hash is the game's to test
    // (Breakthrough's `mirror.rs`); here, that the key is the same from either side.
    #[test]
    fn mirror_images_share_a_key() {
        let (hash, mirrored) = (0x1234_5678_9abc_def0, 0x0fed_cba9_8765_4321);
        assert_eq!(
            canonical(hash, mirrored, None),
            canonical(mirrored, hash, None)
        );
        assert_eq!(
            canonical(hash, hash, None),
            hash,
            "no symmetry: the key is the hash"
        );
    }

    #[test]
    fn the_locality_gives_the_top_bits_and_the_hash_the_rest() {
        let (hash, mirrored) = (0x1234_5678_9abc_def0, 0x0fed_cba9_8765_4321);
        let key = canonical(hash, mirrored, Some(0xfedc_ba98_7654_3210));
        assert_eq!(key, 0xfedc_bba9_8765_4321);
        assert_eq!(key, canonical(mirrored, hash, Some(0xfedc_ba98_7654_3210)));
    }
}
