//! Several threads on one solve. Each runs df-pn from the root over the shared table and
//! publishes the line it is searching; a thread choosing a child counts the disproof number
//! of a child that another thread is searching double, so the threads spread over the most
//! promising subtrees instead of repeating each other's work (after Kaneko's parallel df-pn
//! with virtual proof numbers, 2010). What one thread proves, the others read in the table.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// The longest line a thread publishes; deeper positions are searched without telling.
const MAX_PLIES: usize = 512;

/// What the threads of one solve share besides the table.
pub struct Shared {
    threads: usize,
    /// By thread and ply: the key of the position being searched there (0 for none).
    lines: Vec<AtomicU64>,
    /// Each thread's node count, published every few thousand nodes.
    nodes: Vec<AtomicU64>,
    /// Set when the root is solved or the solve is over: every thread stops.
    pub done: AtomicBool,
}

impl Shared {
    pub fn new(threads: usize) -> Shared {
        Shared {
            threads,
            lines: (0..threads * MAX_PLIES)
                .map(|_| AtomicU64::new(0))
                .collect(),
            nodes: (0..threads).map(|_| AtomicU64::new(0)).collect(),
            done: AtomicBool::new(false),
        }
    }

    /// Thread `thread` is now searching `key` at `ply`.
    pub fn enter(&self, thread: usize, ply: usize, key: u64) {
        if ply < MAX_PLIES {
            self.lines[thread * MAX_PLIES + ply].store(key, Ordering::Relaxed);
        }
    }

    /// Thread `thread` has left ply `ply`.
    pub fn leave(&self, thread: usize, ply: usize) {
        self.enter(thread, ply, 0);
    }

    /// Whether a thread other than `thread` is searching `key` at `ply`.
    pub fn busy_elsewhere(&self, thread: usize, ply: usize, key: u64) -> bool {
        ply < MAX_PLIES
            && (0..self.threads).any(|other| {
                other != thread
                    && self.lines[other * MAX_PLIES + ply].load(Ordering::Relaxed) == key
            })
    }

    pub fn publish_nodes(&self, thread: usize, nodes: u64) {
        self.nodes[thread].store(nodes, Ordering::Relaxed);
    }

    pub fn total_nodes(&self) -> u64 {
        self.nodes.iter().map(|n| n.load(Ordering::Relaxed)).sum()
    }
}
