//! The transposition table: shared by all search threads without locks.
//!
//! Each entry is two `AtomicU64`s: the data word and the key XOR the data word. A reader
//! accepts an entry only if XORing them gives back its key, so a torn write by another thread
//! reads as a miss instead of a wrong move (the "lockless hashing" of Hyatt and Mann).
//! Buckets of four entries fill one 64-byte cache line; replacement prefers the entry with the
//! least depth, counting entries from earlier searches as shallower.
//!
//! The buckets live in [zeroed memory](ZeroedBuckets) taken from the allocator, on huge
//! pages where the system gives them. The search must not be the first to write to a page:
//! the system maps it then, which cost 36 ms over a fresh 64 MiB table with ordinary pages
//! (a third of a 100 ms search), and with huge pages a single write could wait over 100 ms
//! (moves at 10 ms were lost on time). So a table of up to [`MAPPED_AT_ONCE`] has every page
//! written before it is used: when it is made, and when it is cleared (zeros written in
//! place, 5 to 15 ms for 64 MiB). A larger table is ready at once instead, whatever its size:
//! fresh zeroed memory, whose pages a thread of its own writes to beside the search.

use crate::memory::{advise_huge_pages, prefetch};
use std::alloc::{self, Layout};
use std::ptr::NonNull;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};
use std::sync::Arc;

/// The largest table made ready in full before it is used (a second or so of work at most);
/// see the module's documentation.
const MAPPED_AT_ONCE: usize = 1 << 30;

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
    /// The best move found, as [`GameMove::bits`](crate::game::GameMove::bits) (0: none).
    pub mv: u16,
    pub score: i32,
    pub eval: i32,
    pub depth: i32,
    pub bound: Bound,
}

struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

const _: () = assert!(std::mem::size_of::<Entry>() == 16);

const BUCKET: usize = 4;

#[repr(align(64))]
struct Bucket([Entry; BUCKET]);

const _: () = assert!(std::mem::size_of::<Bucket>() == 64);

/// Data word: move 16 bits | score 16 | eval 16 | depth 8 | bound 2 | age 6.
fn pack(mv: u16, score: i32, eval: i32, depth: i32, bound: Bound, age: u8) -> u64 {
    mv as u64
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
        mv: data as u16,
        score: (data >> 16) as u16 as i16 as i32,
        eval: (data >> 32) as u16 as i16 as i32,
        depth: ((data >> 48) & 255) as i32,
        bound,
    };
    Some((hit, (data >> 58) as u8))
}

pub struct TranspositionTable {
    /// Shared with the thread that touches a new table's pages, which lets go when it is
    /// done or when the table is replaced.
    buckets: Arc<ZeroedBuckets>,
    /// Counts the searches, modulo 64; atomic so that a search can begin while helper
    /// threads of the last one still hold the table.
    age: AtomicU8,
}

impl TranspositionTable {
    /// A table of about `megabytes` MiB (at least one bucket), or `None` when the memory
    /// cannot be had.
    pub fn new(megabytes: usize) -> Option<TranspositionTable> {
        let count = megabytes.max(1).checked_mul(1 << 20)? / std::mem::size_of::<Bucket>();
        let buckets = Arc::new(ZeroedBuckets::new(count.max(1))?);
        if buckets.mapped_at_once() {
            write_every_page(&buckets, || false);
        } else {
            write_every_page_in_background(&buckets);
        }
        Some(TranspositionTable {
            buckets,
            age: AtomicU8::new(0),
        })
    }

    /// Empties the table: a small one by writing zeros where it is (its pages stay mapped),
    /// a large one by a fresh zeroed allocation of the same size, far faster than writing
    /// zeros over it (and where that memory cannot be had, zeros where it is too).
    pub fn clear(&mut self) {
        let fresh = if self.buckets.mapped_at_once() {
            None
        } else {
            ZeroedBuckets::new(self.buckets.len())
        };
        match fresh {
            Some(fresh) => {
                self.buckets = Arc::new(fresh);
                write_every_page_in_background(&self.buckets);
            }
            None => {
                for bucket in self.buckets.as_slice() {
                    for entry in &bucket.0 {
                        entry.check.store(0, Ordering::Relaxed);
                        entry.data.store(0, Ordering::Relaxed);
                    }
                }
            }
        }
        self.age = AtomicU8::new(0);
    }

    /// Marks the start of a new search, so older entries are replaced first.
    pub fn new_search(&self) {
        let age = self.age.load(Ordering::Relaxed);
        self.age.store((age + 1) & 63, Ordering::Relaxed);
    }

    fn bucket(&self, key: u64) -> &Bucket {
        // Multiply-shift maps the key onto the table without a modulo.
        let index = ((key as u128 * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets.as_slice()[index]
    }

    /// Asks the processor to bring `key`'s bucket into the cache, so that a probe soon after
    /// (the child's, once the move is made) does not wait for memory.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        prefetch(self.bucket(key));
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

    pub fn store(&self, key: u64, mv: u16, score: i32, eval: i32, depth: i32, bound: Bound) {
        let current_age = self.age.load(Ordering::Relaxed);
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
                if depth + 3 < old.depth && bound != Bound::Exact && age == current_age {
                    return;
                }
                let mv = if mv == 0 { old.mv } else { mv };
                let new = pack(mv, score, eval, depth, bound, current_age);
                entry.check.store(key ^ new, Ordering::Relaxed);
                entry.data.store(new, Ordering::Relaxed);
                return;
            }
            let stale = ((current_age as i32 - age as i32) & 63) * 8;
            let worth = old.depth - stale;
            if worth < victim_worth {
                victim_worth = worth;
                victim = entry;
            }
        }
        let new = pack(mv, score, eval, depth, bound, current_age);
        victim.check.store(key ^ new, Ordering::Relaxed);
        victim.data.store(new, Ordering::Relaxed);
    }

    /// Permille of the first thousand entries used by the current search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let sample = self
            .buckets
            .as_slice()
            .iter()
            .take(1000 / BUCKET)
            .flat_map(|b| b.0.iter());
        let current_age = self.age.load(Ordering::Relaxed);
        let mut total = 0;
        let mut used = 0;
        for entry in sample {
            total += 1;
            if let Some((_, age)) = unpack(entry.data.load(Ordering::Relaxed)) {
                used += (age == current_age) as u32;
            }
        }
        used * 1000 / total.max(1)
    }
}

/// Writes once to every page of `buckets`, so that the system maps them now rather than when
/// the search first stores there. Each write is an atomic exchange of zero for zero, which
/// changes nothing the search may already have stored (an OR with zero would be compiled as
/// a read, and a read maps only the shared zero page). Stops early when `abandoned` says so.
fn write_every_page(buckets: &ZeroedBuckets, abandoned: impl Fn() -> bool) {
    const PAGE: usize = 4096;
    let per_page = PAGE / std::mem::size_of::<Bucket>();
    for bucket in buckets.as_slice().iter().step_by(per_page) {
        if abandoned() {
            return;
        }
        let _ = bucket.0[0]
            .check
            .compare_exchange(0, 0, Ordering::Relaxed, Ordering::Relaxed);
    }
}

/// [`write_every_page`] on a thread of its own, which gives up when the table is dropped or
/// replaced (it then holds the last reference). Best effort: without a thread, the search
/// maps the pages itself.
fn write_every_page_in_background(buckets: &Arc<ZeroedBuckets>) {
    let buckets = Arc::clone(buckets);
    let _ = std::thread::Builder::new()
        .name("table pages".into())
        .spawn(move || write_every_page(&buckets, || Arc::strong_count(&buckets) == 1));
}

/// The buckets of a table, in memory that came zeroed from the allocator, aligned to cache
/// lines (to huge pages when the table is large).
///
/// `std::alloc::alloc_zeroed` with an alignment above the allocator's own (16 bytes) writes
/// the zeros itself, touching every page: 27 s for a 16 GB table. Asked for the allocator's
/// own alignment it calls `calloc`, which takes large blocks as fresh pages from the system,
/// zeroed and not yet touched. So the block is over-allocated by up to one bucket and the
/// buckets start at its first 64-byte boundary.
struct ZeroedBuckets {
    block: NonNull<u8>,
    layout: Layout,
    /// Offset of the first bucket in the block.
    start: usize,
    count: usize,
}

// SAFETY: the buckets hold only atomics, which any thread may read and write; the block is
// owned and freed once, in `drop`.
unsafe impl Send for ZeroedBuckets {}
// SAFETY: as above: shared access only ever goes through the atomics.
unsafe impl Sync for ZeroedBuckets {}

impl ZeroedBuckets {
    /// Tables of at least this many bytes start on a huge-page boundary and ask the system
    /// for huge pages (2 MiB on x86-64 Linux): a probe lands anywhere in the table, and with
    /// 4 KiB pages nearly every one also missed the TLB. Smaller tables start on a cache line.
    const HUGE_PAGE: usize = 2 << 20;

    fn new(count: usize) -> Option<ZeroedBuckets> {
        let table_bytes = count.checked_mul(std::mem::size_of::<Bucket>())?;
        let align = if table_bytes >= Self::HUGE_PAGE {
            Self::HUGE_PAGE
        } else {
            std::mem::align_of::<Bucket>()
        };
        let bytes = table_bytes.checked_add(align)?;
        let layout = Layout::from_size_align(bytes, 16).ok()?;
        // SAFETY: the layout has a non-zero size.
        let block = NonNull::new(unsafe { alloc::alloc_zeroed(layout) })?;
        let start = block.as_ptr().align_offset(align);
        if align == Self::HUGE_PAGE {
            // SAFETY: `start` is inside the block just allocated, which holds the table.
            advise_huge_pages(unsafe { block.as_ptr().add(start) }, table_bytes);
        }
        Some(ZeroedBuckets {
            block,
            layout,
            start,
            count,
        })
    }

    fn len(&self) -> usize {
        self.count
    }

    /// Whether the table is small enough to have every page written before it is used
    /// ([`MAPPED_AT_ONCE`]); a larger one is mapped in the background.
    fn mapped_at_once(&self) -> bool {
        self.count * std::mem::size_of::<Bucket>() <= MAPPED_AT_ONCE
    }

    fn as_slice(&self) -> &[Bucket] {
        // SAFETY: the block holds `count` buckets from `start` on (it is one alignment
        // longer than they need, and `start` is below it), aligned for `Bucket`; all-zero bytes
        // are a valid `Bucket` (atomic integers), and the memory lives as long as `self`.
        unsafe {
            std::slice::from_raw_parts(
                self.block.as_ptr().add(self.start).cast::<Bucket>(),
                self.count,
            )
        }
    }
}

impl Drop for ZeroedBuckets {
    fn drop(&mut self) {
        // SAFETY: the block was allocated with this layout and is freed only here.
        unsafe { alloc::dealloc(self.block.as_ptr(), self.layout) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_probes() {
        let table = TranspositionTable::new(1).unwrap();
        let mv = 9 | 17 << 8;
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
        let mut table = TranspositionTable::new(1).unwrap();
        table.store(5, 1 | 2 << 8, 0, 0, 1, Bound::Exact);
        assert!(table.hashfull() <= 1000);
        table.clear();
        assert!(table.probe(5).is_none());
        assert_eq!(table.hashfull(), 0);
    }

    #[test]
    fn tables_are_aligned_and_sized_and_impossible_ones_refused() {
        let table = TranspositionTable::new(3).unwrap();
        let buckets = table.buckets.as_slice();
        assert_eq!(buckets.as_ptr() as usize % 64, 0);
        assert_eq!(buckets.len(), 3 * (1 << 20) / 64);
        assert!(buckets
            .iter()
            .all(|b| b.0.iter().all(|e| e.data.load(Ordering::Relaxed) == 0)));
        // Kept from the optimiser, which may drop an allocation nobody uses and assume that
        // it succeeded.
        assert!(std::hint::black_box(TranspositionTable::new(1 << 40)).is_none());
        assert!(std::hint::black_box(TranspositionTable::new(usize::MAX)).is_none());
    }
}
