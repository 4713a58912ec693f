//! The transposition table: shared by all search threads without locks.
//!
//! Each entry is two `AtomicU64`s: the data word and the key XOR the data word. A reader
//! accepts an entry only if XORing them gives back its key, so a torn write by another thread
//! reads as a miss instead of a wrong move (the "lockless hashing" of Hyatt and Mann).
//! Buckets of four entries fill one 64-byte cache line; replacement prefers the entry with the
//! least depth, counting entries from earlier searches as shallower.

use crate::rules::Move;
use std::sync::atomic::{AtomicU64, Ordering};

/// Whether a stored score is exact or a bound.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    Exact = 1,
    Lower = 2,
    Upper = 3,
}

/// What a probe finds.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    pub mv: Move,
    pub score: i32,
    pub eval: i32,
    pub depth: i32,
    pub bound: Bound,
}

#[derive(Default)]
struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

const _: () = assert!(std::mem::size_of::<Entry>() == 16);

const BUCKET: usize = 4;

#[repr(align(64))]
#[derive(Default)]
struct Bucket([Entry; BUCKET]);

const _: () = assert!(std::mem::size_of::<Bucket>() == 64);

/// Data word: move 16 bits | score 16 | eval 16 | depth 8 | bound 2 | age 6.
fn pack(mv: Move, score: i32, eval: i32, depth: i32, bound: Bound, age: u8) -> u64 {
    mv.bits() as u64
        | ((score as i16 as u16 as u64) << 16)
        | ((eval as i16 as u16 as u64) << 32)
        | ((depth.clamp(0, 255) as u64) << 48)
        | ((bound as u64) << 56)
        | (((age & 63) as u64) << 58)
}

fn unpack(data: u64) -> Option<(Hit, u8)> {
    let bound = match (data >> 56) & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        3 => Bound::Upper,
        _ => return None,
    };
    let hit = Hit {
        mv: Move::from_bits(data as u16),
        score: (data >> 16) as u16 as i16 as i32,
        eval: (data >> 32) as u16 as i16 as i32,
        depth: ((data >> 48) & 255) as i32,
        bound,
    };
    Some((hit, (data >> 58) as u8))
}

pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    age: u8,
}

impl TranspositionTable {
    /// A table of about `megabytes` MiB (at least one bucket).
    pub fn new(megabytes: usize) -> TranspositionTable {
        let count = (megabytes.max(1) << 20) / std::mem::size_of::<Bucket>();
        let mut buckets = Vec::new();
        buckets.resize_with(count.max(1), Bucket::default);
        TranspositionTable { buckets, age: 0 }
    }

    pub fn clear(&mut self) {
        for bucket in &mut self.buckets {
            *bucket = Bucket::default();
        }
        self.age = 0;
    }

    /// Marks the start of a new search, so older entries are replaced first.
    pub fn new_search(&mut self) {
        self.age = (self.age + 1) & 63;
    }

    fn bucket(&self, key: u64) -> &Bucket {
        // Multiply-shift maps the key onto the table without a modulo.
        let index = ((key as u128 * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[index]
    }

    pub fn probe(&self, key: u64) -> Option<Hit> {
        self.bucket(key).0.iter().find_map(|entry| {
            let data = entry.data.load(Ordering::Relaxed);
            let check = entry.check.load(Ordering::Relaxed);
            (check ^ data == key)
                .then(|| unpack(data).map(|(hit, _)| hit))
                .flatten()
        })
    }

    pub fn store(&self, key: u64, mv: Move, score: i32, eval: i32, depth: i32, bound: Bound) {
        let bucket = self.bucket(key);
        let mut victim = &bucket.0[0];
        let mut victim_worth = i32::MAX;
        for entry in &bucket.0 {
            let data = entry.data.load(Ordering::Relaxed);
            let check = entry.check.load(Ordering::Relaxed);
            let Some((old, age)) = unpack(data) else {
                victim = entry;
                break;
            };
            if check ^ data == key {
                // Same position: keep the old move if the new result has none, and do not
                // overwrite a deeper exact result with a shallow bound.
                if depth + 3 < old.depth && bound != Bound::Exact && age == self.age {
                    return;
                }
                let mv = if mv.is_null() { old.mv } else { mv };
                let new = pack(mv, score, eval, depth, bound, self.age);
                entry.check.store(key ^ new, Ordering::Relaxed);
                entry.data.store(new, Ordering::Relaxed);
                return;
            }
            let stale = ((self.age as i32 - age as i32) & 63) * 8;
            let worth = old.depth - stale;
            if worth < victim_worth {
                victim_worth = worth;
                victim = entry;
            }
        }
        let new = pack(mv, score, eval, depth, bound, self.age);
        victim.check.store(key ^ new, Ordering::Relaxed);
        victim.data.store(new, Ordering::Relaxed);
    }

    /// Permille of the first thousand entries used by the current search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let sample = self
            .buckets
            .iter()
            .take(1000 / BUCKET)
            .flat_map(|b| b.0.iter());
        let mut total = 0;
        let mut used = 0;
        for entry in sample {
            total += 1;
            if let Some((_, age)) = unpack(entry.data.load(Ordering::Relaxed)) {
                used += (age == self.age) as u32;
            }
        }
        used * 1000 / total.max(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_probes() {
        let table = TranspositionTable::new(1);
        let mv = Move::new(9, 17);
        table.store(0xdead_beef, mv, -29_990, 42, 7, Bound::Lower);
        let hit = table.probe(0xdead_beef).unwrap();
        assert_eq!(
            (hit.mv, hit.score, hit.eval, hit.depth),
            (mv, -29_990, 42, 7)
        );
        assert_eq!(hit.bound, Bound::Lower);
        assert!(table.probe(0xdead_bef0).is_none());
    }

    #[test]
    fn clear_empties_the_table() {
        let mut table = TranspositionTable::new(1);
        table.store(5, Move::new(1, 2), 0, 0, 1, Bound::Exact);
        assert!(table.hashfull() <= 1000);
        table.clear();
        assert!(table.probe(5).is_none());
        assert_eq!(table.hashfull(), 0);
    }
}
