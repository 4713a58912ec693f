//! Mirror images share table entries. A game whose rules cannot tell a position from its
//! mirror image (Breakthrough's, with the files read from the other side) gives the mirror
//! image's hash ([`Position::mirror_hash`]); the table keeps both under one key, the smaller
//! of the two hashes, so whatever is proved for one serves the other. A game without
//! symmetry gives the position's own hash, and the key is the hash.

use crate::game::Position;

/// The table key of `position`: the same for it and its mirror image.
pub fn key<P: Position>(position: &P, tables: &P::Tables) -> u64 {
    canonical(position.hash(), position.mirror_hash(tables))
}

/// The table key of a position with hash `hash` whose mirror image has hash `mirrored`.
#[inline]
pub fn canonical(hash: u64, mirrored: u64) -> u64 {
    hash.min(mirrored)
}

#[cfg(test)]
mod tests {
    use super::*;

    // That a game's mirror hash is its mirror image's hash is the game's to test
    // (Breakthrough's `mirror.rs`); here, that the key is the same from either side.
    #[test]
    fn mirror_images_share_a_key() {
        let (hash, mirrored) = (0x1234_5678_9abc_def0, 0x0fed_cba9_8765_4321);
        assert_eq!(canonical(hash, mirrored), canonical(mirrored, hash));
        assert_eq!(
            canonical(hash, hash),
            hash,
            "no symmetry: the key is the hash"
        );
    }
}
