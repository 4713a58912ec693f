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
    use crate::games::breakthrough::Breakthrough;
    use crate::with_position;

    #[test]
    fn mirror_images_share_a_key() {
        let game = Breakthrough::from_fen("pp1ppp/1p1pp1/2P3/1P2pP/P1PPP1 w").unwrap();
        let mirrored = Breakthrough::from_fen("ppp1pp/1pp1p1/3P2/Pp2P1/1PPP1P w").unwrap();
        let key_of = |game: &Breakthrough| with_position!(game, p => key(p, &p.tables()));
        assert_eq!(key_of(&game), canonical(game.hash(), mirrored.hash()));
        assert_eq!(key_of(&game), key_of(&mirrored));
    }
}
