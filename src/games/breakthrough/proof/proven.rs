//! The checker's memory: the positions proved so far, each with the length of its longest
//! line and whether a later line has used it. Positions are kept as 128-bit fingerprints of
//! the pieces and the side to move, computed here and not by the rules' hashing, so that no
//! solver code stands between a proof and its check; two positions sharing a fingerprint by
//! chance is about as likely as guessing a 128-bit key. Open addressing in flat arrays keeps
//! a proof of hundreds of millions of positions within a few gigabytes.

use crate::games::breakthrough::{Bitboard, Color, Position};

/// A fingerprint; never zero (zero marks an empty slot).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Fingerprint(u64, u64);

impl Fingerprint {
    pub fn of<B: Bitboard>(position: &Position<B>) -> Fingerprint {
        let side = (position.side_to_move() == Color::Black) as u64;
        let mut print = Fingerprint(mix(side), mix(side ^ 0x5bd1_e995));
        for (color, offset) in [(Color::White, 2), (Color::Black, 3)] {
            for square in position.pieces(color).squares() {
                let code = 4 * square as u64 + offset;
                print.0 ^= mix(code);
                print.1 ^= mix(code ^ 0x9e37_79b9_0000_0000);
            }
        }
        if print.0 == 0 {
            print.0 = 1;
        }
        print
    }
}

/// SplitMix64's finaliser: a different, well-spread word for each input.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

const USED: u16 = 1 << 15;
const DEEPEST: u32 = USED as u32 - 1;

pub struct ProvenSet {
    keys: Vec<Fingerprint>,
    /// By slot: the depth (15 bits, saturating) and the `USED` flag.
    marks: Vec<u16>,
    len: usize,
}

impl ProvenSet {
    pub fn new() -> ProvenSet {
        ProvenSet::with_slots(1 << 10)
    }

    fn with_slots(slots: usize) -> ProvenSet {
        ProvenSet {
            keys: vec![Fingerprint(0, 0); slots],
            marks: vec![0; slots],
            len: 0,
        }
    }

    /// Positions in the set.
    pub fn len(&self) -> usize {
        self.len
    }

    /// The slot holding `print`, or the empty slot where it would go.
    fn slot(&self, print: Fingerprint) -> usize {
        let mask = self.keys.len() - 1;
        let mut slot = print.1 as usize & mask;
        while self.keys[slot] != print && self.keys[slot].0 != 0 {
            slot = (slot + 1) & mask;
        }
        slot
    }

    pub fn contains(&self, print: Fingerprint) -> bool {
        self.keys[self.slot(print)].0 != 0
    }

    /// Marks `print` used and gives its longest line in plies, `None` if it is not proved.
    pub fn use_proved(&mut self, print: Fingerprint) -> Option<u32> {
        let slot = self.slot(print);
        if self.keys[slot].0 == 0 {
            return None;
        }
        self.marks[slot] |= USED;
        Some((self.marks[slot] & !USED) as u32)
    }

    /// Adds a proved position with its longest line; a position proved again keeps the
    /// longer of its two lines.
    pub fn insert(&mut self, print: Fingerprint, depth: u32) {
        if 4 * (self.len + 1) > 3 * self.keys.len() {
            self.grow();
        }
        let slot = self.slot(print);
        let depth = depth.min(DEEPEST) as u16;
        if self.keys[slot].0 == 0 {
            self.keys[slot] = print;
            self.marks[slot] = depth;
            self.len += 1;
        } else {
            let used = self.marks[slot] & USED;
            self.marks[slot] = used | depth.max(self.marks[slot] & !USED);
        }
    }

    fn grow(&mut self) {
        let mut bigger = ProvenSet::with_slots(2 * self.keys.len());
        for (&print, &mark) in self.keys.iter().zip(&self.marks) {
            if print.0 != 0 {
                let slot = bigger.slot(print);
                bigger.keys[slot] = print;
                bigger.marks[slot] = mark;
            }
        }
        bigger.len = self.len;
        *self = bigger;
    }

    /// The proved positions no later line used.
    pub fn unused(&self) -> u64 {
        self.keys
            .iter()
            .zip(&self.marks)
            .filter(|(print, mark)| print.0 != 0 && *mark & USED == 0)
            .count() as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn print(n: u64) -> Fingerprint {
        Fingerprint(mix(n) | 1, mix(!n))
    }

    #[test]
    fn the_set_remembers_what_it_was_given_as_it_grows() {
        let mut set = ProvenSet::new();
        for n in 0..5000 {
            set.insert(print(n), n as u32 % 50);
        }
        assert_eq!(set.len(), 5000);
        assert_eq!(set.unused(), 5000);
        for n in (0..5000).step_by(7) {
            assert_eq!(set.use_proved(print(n)), Some(n as u32 % 50));
        }
        assert!(set.use_proved(print(5000)).is_none());
        assert_eq!(set.unused(), 5000 - 715);
        set.insert(print(0), 99);
        set.insert(print(0), 3);
        assert_eq!(set.len(), 5000);
        assert_eq!(set.use_proved(print(0)), Some(99));
    }
}
