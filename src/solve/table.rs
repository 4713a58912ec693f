//! The solver's table: proof and disproof numbers by position, in a fixed amount of memory.
//!
//! Numbers are kept from the side to move's point of view (see [`Numbers`]). Each entry is
//! two `AtomicU64`s, the data word and the key XOR the data word, so threads share the table
//! without locks and a torn write reads as a miss (as in the search's table). Buckets of
//! four entries fill a cache line. When a bucket is full the entry that cost the least work
//! to compute makes room: the table never runs out, it forgets what is cheapest to redo.

use super::symmetry::LOCALITY_BITS;
use crate::memory::{advise_huge_pages, prefetch};
use std::io::{self, Write};
use std::sync::atomic::{AtomicU64, Ordering};

/// A number that stands for "cannot be done": a proof number of `INFINITY` means the side to
/// move cannot win.
pub const INFINITY: u32 = u32::MAX;

/// The proof number `phi` (how much work, at least, to prove that the side to move wins)
/// and the disproof number `delta` (to prove that it loses), as in negamax df-pn: a child's
/// `delta` is its parent's proof cost through it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Numbers {
    pub phi: u32,
    pub delta: u32,
}

impl Numbers {
    /// The side to move wins.
    pub const WON: Numbers = Numbers {
        phi: 0,
        delta: INFINITY,
    };
    /// The side to move loses.
    pub const LOST: Numbers = Numbers {
        phi: INFINITY,
        delta: 0,
    };

    pub fn is_solved(self) -> bool {
        self.phi == 0 || self.delta == 0
    }

    /// A child's numbers as its parent combines them. Negamax df-pn takes them for the
    /// parent's enemy, who moves in the child; where the same side moves again (a turn of
    /// several plies) they are turned around. Turning twice gives them back.
    #[inline]
    pub fn for_parent(self, same_side: bool) -> Numbers {
        if same_side {
            Numbers {
                phi: self.delta,
                delta: self.phi,
            }
        } else {
            self
        }
    }
}

/// The largest number the table stores below `INFINITY`; larger ones are stored as this.
const STORED_MAX: u32 = (1 << 28) - 2;
const STORED_INFINITY: u64 = (1 << 28) - 1;

/// Data word: `phi` 28 bits | `delta` 28 bits | work 8 bits (see [`encode_work`]).
fn pack(numbers: Numbers, work: u8) -> u64 {
    let stored = |n: u32| {
        if n == INFINITY {
            STORED_INFINITY
        } else {
            n.min(STORED_MAX) as u64
        }
    };
    stored(numbers.phi) | stored(numbers.delta) << 28 | (work as u64) << 56
}

fn unpack(data: u64) -> (Numbers, u8) {
    let number = |bits: u64| {
        let n = bits & STORED_INFINITY;
        if n == STORED_INFINITY {
            INFINITY
        } else {
            n as u32
        }
    };
    let numbers = Numbers {
        phi: number(data),
        delta: number(data >> 28),
    };
    (numbers, work_code(data))
}

/// The work code of a data word.
fn work_code(data: u64) -> u8 {
    (data >> 56) as u8
}

/// Whether a data word holds a position searched: in use, and not first numbers only.
fn holds_search(data: u64) -> bool {
    data != 0 && work_code(data) != FIRST_NUMBERS
}

/// Work (nodes spent on a position) on a log scale, four steps per doubling, so that it fits
/// 8 bits; 0 is an empty entry.
pub fn encode_work(work: u64) -> u8 {
    let work = work.max(1);
    let exponent = 63 - work.leading_zeros();
    let fraction = if exponent >= 2 {
        (work >> (exponent - 2)) & 3
    } else {
        (work << (2 - exponent)) & 3
    };
    (1 + 4 * exponent as u64 + fraction).min(255) as u8
}

/// The work code of the numbers a position got when the search first met it as a child
/// (from the game's end, its rules or the evaluation), stored before any search of it: no
/// work. [`encode_work`] never gives it (it gives 1 for work 1 and 5 for work 2), so
/// tables saved before it existed read the same.
pub const FIRST_NUMBERS: u8 = 2;

/// About the work an encoded value stands for (the least that encodes to it).
pub fn decode_work(code: u8) -> u64 {
    if code == 0 || code == FIRST_NUMBERS {
        return 0;
    }
    let exponent = (code as u32 - 1) / 4;
    let fraction = (code as u64 - 1) % 4;
    if exponent >= 2 {
        (4 + fraction) << (exponent - 2)
    } else {
        (4 + fraction) >> (2 - exponent)
    }
}

#[derive(Default)]
struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

const BUCKET: usize = 4;

#[repr(align(64))]
#[derive(Default)]
struct Bucket([Entry; BUCKET]);

const _: () = assert!(std::mem::size_of::<Bucket>() == 64);

/// How many buckets a group holds, at most: a megabyte (see [`Table::index`]). Groups of a
/// sixteenth and a quarter of that ran 5x6 about as fast, groups of a huge page (twice it)
/// slower.
const GROUP_BUCKETS: usize = 16384;

pub struct Table {
    buckets: Vec<Bucket>,
    /// How many buckets are in a group, and how many groups there are.
    group_buckets: u64,
    groups: u64,
}

impl Table {
    /// A table of about `megabytes` MiB (at least one bucket).
    pub fn new(megabytes: usize) -> Table {
        let count = ((megabytes.max(1) << 20) / std::mem::size_of::<Bucket>()).max(1);
        let mut buckets: Vec<Bucket> = Vec::with_capacity(count);
        // Before the first write: nearly every probe is a cache miss, and with 4 KiB pages
        // most are a TLB miss too.
        advise_huge_pages(
            buckets.as_ptr().cast(),
            buckets.capacity() * std::mem::size_of::<Bucket>(),
        );
        buckets.resize_with(count, Bucket::default);
        Table::from_buckets(buckets)
    }

    fn from_buckets(buckets: Vec<Bucket>) -> Table {
        let group_buckets = buckets.len().min(GROUP_BUCKETS);
        Table {
            groups: (buckets.len() / group_buckets) as u64,
            group_buckets: group_buckets as u64,
            buckets,
        }
    }

    fn bucket(&self, key: u64) -> &Bucket {
        &self.buckets[self.index(key)]
    }

    /// The key's top bits pick a group of buckets, the rest the bucket in it, so that keys
    /// which share their top bits (positions which share their locality: see
    /// [`super::symmetry`]) stay within a megabyte. Spread over a table of gigabytes, the
    /// children of a position, probed together, each missed the TLB and the caches; kept
    /// together, the same 5x6 solve ran 1.19 times as many nodes a second with a 12 GiB
    /// table (docs/results.md).
    fn index(&self, key: u64) -> usize {
        const LOW: u32 = 64 - LOCALITY_BITS;
        // Multiply-shift maps either part onto any count without a division.
        let group = ((key >> LOW) * self.groups) >> LOCALITY_BITS;
        let offset = ((key & ((1 << LOW) - 1)) * self.group_buckets) >> LOW;
        (group * self.group_buckets + offset) as usize
    }

    /// Starts loading the bucket of `key` into the cache, so that probing many keys in a
    /// row waits for memory once rather than once per key.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        prefetch(self.bucket(key));
    }

    /// The numbers and work stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<(Numbers, u8)> {
        for entry in &self.bucket(key).0 {
            let data = entry.data.load(Ordering::Relaxed);
            if data != 0 && entry.check.load(Ordering::Relaxed) ^ data == key {
                return Some(unpack(data));
            }
        }
        None
    }

    /// What [`Table::probe`] gives if `key`'s position was searched, not only given its
    /// first numbers ([`Table::store_first`]): what the solver's users may rely on.
    #[inline]
    pub fn probe_searched(&self, key: u64) -> Option<(Numbers, u8)> {
        self.probe(key).filter(|&(_, work)| work != FIRST_NUMBERS)
    }

    /// Stores `numbers` for `key`, which took `work` (encoded) to compute. A bucket without
    /// room gives up first numbers ([`Table::store_first`]) before anything searched, then
    /// the entry with the least work, unsolved entries before solved ones.
    pub fn store(&self, key: u64, numbers: Numbers, work: u8) {
        let work = work.max(1);
        let data = pack(numbers, work);
        let bucket = &self.bucket(key).0;
        let mut victim = 0;
        let mut victim_cost = u32::MAX;
        for (index, entry) in bucket.iter().enumerate() {
            let old = entry.data.load(Ordering::Relaxed);
            if old == 0 || entry.check.load(Ordering::Relaxed) ^ old == key {
                victim = index;
                break;
            }
            let (old_numbers, old_work) = unpack(old);
            let cost = if old_work == FIRST_NUMBERS {
                0
            } else {
                2 * old_work as u32 + old_numbers.is_solved() as u32
            };
            if cost < victim_cost {
                victim = index;
                victim_cost = cost;
            }
        }
        bucket[victim].check.store(key ^ data, Ordering::Relaxed);
        bucket[victim].data.store(data, Ordering::Relaxed);
    }

    /// Stores the first numbers of a position not searched yet ([`FIRST_NUMBERS`]), so that
    /// the search meets them again without computing them again, where the bucket has room
    /// without forgetting a position searched.
    #[inline]
    pub fn store_first(&self, key: u64, numbers: Numbers) {
        let data = pack(numbers, FIRST_NUMBERS);
        let mut room = None;
        for entry in &self.bucket(key).0 {
            let old = entry.data.load(Ordering::Relaxed);
            if old == 0 {
                room = Some(entry);
                break;
            }
            if room.is_none() && work_code(old) == FIRST_NUMBERS {
                room = Some(entry);
            }
        }
        if let Some(entry) = room {
            entry.check.store(key ^ data, Ordering::Relaxed);
            entry.data.store(data, Ordering::Relaxed);
        }
    }

    /// Permille of the entries holding a position searched, from a sample of the table:
    /// first numbers only fill the room the search leaves, and give it up.
    pub fn permille_full(&self) -> u32 {
        // Spread over the table, for a group may be fuller than the rest.
        let sample = self.buckets.len().min(1000);
        let step = self.buckets.len() / sample;
        let used: usize = (0..sample)
            .map(|index| &self.buckets[index * step])
            .map(|b| {
                b.0.iter()
                    .filter(|e| holds_search(e.data.load(Ordering::Relaxed)))
                    .count()
            })
            .sum();
        (used * 1000 / (sample * BUCKET)) as u32
    }

    /// Writes every entry of a position searched (key and data word, little-endian); returns
    /// how many. First numbers are cheap to work out again, and would fill the file.
    pub fn save(&self, out: &mut dyn Write) -> io::Result<u64> {
        let mut count = 0;
        for entry in self.buckets.iter().flat_map(|b| b.0.iter()) {
            let data = entry.data.load(Ordering::Relaxed);
            if holds_search(data) {
                let key = entry.check.load(Ordering::Relaxed) ^ data;
                out.write_all(&key.to_le_bytes())?;
                out.write_all(&data.to_le_bytes())?;
                count += 1;
            }
        }
        Ok(count)
    }

    /// Stores an entry as [`Table::save`] wrote it (a smaller table keeps what its
    /// replacement rule keeps).
    pub fn restore(&self, key: u64, data: u64) {
        let (numbers, work) = unpack(data);
        self.store(key, numbers, work);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_round_trip_and_saturate() {
        let table = Table::new(1);
        let cases = [
            Numbers::WON,
            Numbers::LOST,
            Numbers { phi: 3, delta: 17 },
            Numbers {
                phi: STORED_MAX,
                delta: 1,
            },
        ];
        for (key, numbers) in cases.into_iter().enumerate() {
            let key = (key as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) + 1;
            table.store(key, numbers, encode_work(100));
            assert_eq!(table.probe(key), Some((numbers, encode_work(100))));
        }
        table.store(
            99,
            Numbers {
                phi: 1 << 30,
                delta: 5,
            },
            1,
        );
        assert_eq!(
            table.probe(99).map(|(n, _)| n),
            Some(Numbers {
                phi: STORED_MAX,
                delta: 5
            })
        );
        assert_eq!(table.probe(98), None);
    }

    #[test]
    fn keys_that_share_their_top_bits_share_a_group() {
        let table = Table::new(64);
        assert_eq!(table.group_buckets, GROUP_BUCKETS as u64);
        assert_eq!(table.groups, 64);
        let group = |key| table.index(key) / GROUP_BUCKETS;
        let top = 0xabcd_e000_0000_0000u64;
        let mut buckets = std::collections::HashSet::new();
        for low in 0..1000u64 {
            let key = top | low.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> LOCALITY_BITS;
            assert_eq!(group(key), group(top));
            buckets.insert(table.index(key));
        }
        assert!(
            buckets.len() > 900,
            "the rest of the key spreads over the group"
        );
        let groups: std::collections::HashSet<_> = (0..1000u64)
            .map(|n| group(n.wrapping_mul(0x9E37_79B9_7F4A_7C15)))
            .collect();
        assert_eq!(groups.len(), 64, "the top bits spread over every group");
    }

    #[test]
    fn a_full_bucket_gives_up_the_cheapest_entry() {
        let table = Table::from_buckets(vec![Bucket::default()]);
        let numbers = Numbers { phi: 1, delta: 1 };
        for key in 1..=4u64 {
            table.store(key, numbers, encode_work(key * 1000));
        }
        table.store(5, numbers, encode_work(10));
        assert_eq!(table.probe(1), None, "the least work goes");
        assert!((2..=5).all(|key| table.probe(key).is_some()));
    }

    #[test]
    fn first_numbers_fill_room_but_never_displace_a_search() {
        let table = Table::from_buckets(vec![Bucket::default()]);
        let numbers = Numbers { phi: 1, delta: 1 };
        table.store(1, numbers, encode_work(1));
        table.store_first(2, numbers);
        table.store_first(3, numbers);
        assert_eq!(table.probe(2), Some((numbers, FIRST_NUMBERS)));
        assert_eq!(decode_work(FIRST_NUMBERS), 0, "first numbers are no work");
        table.store(4, numbers, encode_work(1000));
        assert_eq!(
            table.permille_full(),
            500,
            "first numbers are not counted in use"
        );
        // Full: first numbers take the place of first numbers only.
        table.store_first(5, numbers);
        assert!(table.probe(5).is_some());
        assert_eq!(table.probe(2), None, "the first first numbers go");
        assert_eq!(table.probe(3), Some((numbers, FIRST_NUMBERS)));
        table.store_first(6, numbers);
        table.store_first(7, numbers);
        assert!([1, 4].iter().all(|&key| table.probe(key).is_some()));
        // A search's numbers take the place of first numbers before the least work.
        table.store(8, numbers, encode_work(2));
        table.store(9, numbers, encode_work(2));
        assert!([1, 4, 8, 9].iter().all(|&key| table.probe(key).is_some()));
        assert!([2, 3, 5, 6, 7]
            .iter()
            .all(|&key| table.probe(key).is_none()));
    }

    #[test]
    fn saved_entries_load_into_another_table() {
        let table = Table::new(1);
        for key in 1..=100u64 {
            let numbers = Numbers {
                phi: key as u32,
                delta: 2,
            };
            table.store(
                key.wrapping_mul(0x9E37_79B9_7F4A_7C15),
                numbers,
                encode_work(key),
            );
        }
        let first_only = 0xF00D_u64.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        table.store_first(first_only, Numbers { phi: 3, delta: 4 });
        assert!(table.probe(first_only).is_some());
        let mut bytes = Vec::new();
        assert_eq!(
            table.save(&mut bytes).unwrap(),
            100,
            "first numbers are not saved"
        );
        let copy = Table::new(2);
        for record in bytes.chunks(16) {
            let word = |i: usize| u64::from_le_bytes(record[i..i + 8].try_into().unwrap());
            copy.restore(word(0), word(8));
        }
        for key in 1..=100u64 {
            let key = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            assert_eq!(copy.probe(key), table.probe(key));
        }
        assert_eq!(copy.probe(first_only), None);
    }

    #[test]
    fn work_codes_grow_with_work() {
        let mut last = 0;
        for work in [
            1u64,
            2,
            3,
            4,
            5,
            7,
            8,
            100,
            1 << 20,
            1 << 40,
            (1 << 62) + 12345,
        ] {
            let code = encode_work(work);
            assert!(code > last, "{work}");
            assert_ne!(code, FIRST_NUMBERS, "{work}");
            assert!(decode_work(code) <= work, "{work}");
            assert!(decode_work(code).saturating_mul(2) > work, "{work}");
            last = code;
        }
    }
}
