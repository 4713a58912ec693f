//! The search: iterative-deepening principal-variation search over [`Breakthrough`]s, with a shared
//! transposition table and Lazy SMP threads. The protocol drives it through [`Engine`]:
//! it passes [`Limits`] and [`Signals`] and receives [`Report`]s while the search runs.

mod ordering;
mod root;
mod threads;
mod time;
mod tree;
pub mod tt;
mod worker;

pub use time::TimeManager;

use crate::eval::nnue::{default_network, Network};
use crate::games::breakthrough::{BoardSize, Breakthrough, Move};
use crate::with_position;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use threads::ThreadPool;
use tt::TranspositionTable;

/// A score beyond any evaluation: winning in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores at least this far from zero are proven wins or losses.
pub const MATE_BOUND: i32 = MATE - 1000;
/// The deepest the search goes.
pub const MAX_PLY: usize = 128;

/// The time on the clock of the side to move.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Clock {
    pub remaining: Duration,
    pub increment: Duration,
    pub moves_to_go: Option<u32>,
}

/// What a `go` asks for. With nothing set the search runs until stopped.
#[derive(Clone, Debug, PartialEq)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    /// Find a win in at most this many moves (of the side to move).
    pub mate: Option<u32>,
    pub clock: Option<Clock>,
    /// Only these root moves (all when empty).
    pub searchmoves: Vec<Move>,
    /// How many principal variations to report.
    pub multipv: usize,
    /// Time kept back per move for communication lag (`Move Overhead`).
    pub move_overhead: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            depth: None,
            nodes: None,
            movetime: None,
            mate: None,
            clock: None,
            searchmoves: Vec::new(),
            multipv: 1,
            move_overhead: Duration::from_millis(30),
        }
    }
}

/// Flags the protocol thread sets while a search runs. Shared (`Arc`), so that every search
/// thread, helpers included, watches them itself.
#[derive(Debug, Default)]
pub struct Signals {
    /// Stop as soon as possible (`stop`, `quit`).
    pub stop: Arc<AtomicBool>,
    /// The search is a ponder search: no time limit applies until this is cleared
    /// (`ponderhit`), after which the clock starts.
    pub pondering: Arc<AtomicBool>,
}

impl Signals {
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// A score as reported: centipawns, or a forced result counted in plies.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Score {
    Centipawns(i32),
    /// The side to move wins in this many plies.
    WinIn(u32),
    /// The side to move loses in this many plies.
    LossIn(u32),
}

impl Score {
    pub fn from_internal(score: i32) -> Score {
        if score >= MATE_BOUND {
            Score::WinIn((MATE - score) as u32)
        } else if score <= -MATE_BOUND {
            Score::LossIn((MATE + score) as u32)
        } else {
            Score::Centipawns(score)
        }
    }
}

/// Whether a reported score is exact or only a bound (aspiration window failed).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ScoreBound {
    Exact,
    Lower,
    Upper,
}

/// One `info` line's worth of progress.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    pub depth: u32,
    pub seldepth: u32,
    /// 1-based index of the principal variation.
    pub multipv: usize,
    pub score: Score,
    pub bound: ScoreBound,
    pub nodes: u64,
    pub elapsed: Duration,
    /// Permille of the transposition table in use.
    pub hashfull: u32,
    pub pv: Vec<Move>,
}

impl Report {
    pub fn nps(&self) -> u64 {
        let micros = self.elapsed.as_micros().max(1) as u64;
        self.nodes.saturating_mul(1_000_000) / micros
    }
}

/// What a finished search found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    pub best: Move,
    pub ponder: Option<Move>,
    pub score: Score,
    pub depth: u32,
    pub nodes: u64,
    pub elapsed: Duration,
}

/// Which evaluation the search uses.
#[derive(Clone, Debug, Default)]
pub struct EvalChoice {
    /// A network loaded by the user (`EvalFile`); it serves its own board size.
    pub loaded: Option<Arc<Network>>,
    /// Whether networks are used at all (`Use NNUE`); when not, or when a board size has
    /// none, the linear evaluation is.
    pub linear_only: bool,
}

impl EvalChoice {
    /// The network for positions of `size`, if one is to be used.
    pub fn network(&self, size: BoardSize) -> Option<NetworkRef> {
        if self.linear_only {
            return None;
        }
        match &self.loaded {
            Some(net) if net.size == size => Some(NetworkRef::Loaded(net.clone())),
            _ => default_network(size).map(NetworkRef::BuiltIn),
        }
    }
}

/// A network that search threads can hold for as long as they need it.
#[derive(Clone, Debug)]
pub enum NetworkRef {
    BuiltIn(&'static Network),
    Loaded(Arc<Network>),
}

impl std::ops::Deref for NetworkRef {
    type Target = Network;

    fn deref(&self) -> &Network {
        match self {
            NetworkRef::BuiltIn(net) => net,
            NetworkRef::Loaded(net) => net,
        }
    }
}

/// The search engine: the transposition table, the helper threads and the settings that
/// persist between `go`s.
pub struct Engine {
    /// Shared with the helper threads while they search.
    tt: Arc<TranspositionTable>,
    pool: ThreadPool,
    pub eval: EvalChoice,
}

/// A table that cannot be allocated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfMemory;

impl Engine {
    /// An engine with a table of `hash_megabytes` MiB, which must be small enough to
    /// allocate (the `Hash` option goes through [`set_hash`](Engine::set_hash)).
    pub fn new(hash_megabytes: usize, threads: usize) -> Engine {
        let tt = TranspositionTable::new(hash_megabytes)
            .unwrap_or_else(|| panic!("a table of {hash_megabytes} MiB cannot be allocated"));
        Engine {
            tt: Arc::new(tt),
            pool: ThreadPool::new(threads.max(1) - 1),
            eval: EvalChoice::default(),
        }
    }

    /// Replaces the table by an empty one of `megabytes` MiB; when that memory cannot be
    /// had, the table is left as it was.
    pub fn set_hash(&mut self, megabytes: usize) -> Result<(), OutOfMemory> {
        self.tt = Arc::new(TranspositionTable::new(megabytes).ok_or(OutOfMemory)?);
        Ok(())
    }

    /// Starts `threads` search threads (the helpers wait between searches) and returns how
    /// many could be started.
    pub fn set_threads(&mut self, threads: usize) -> usize {
        let threads = threads.max(1);
        if threads != self.pool.threads() {
            // The old helpers end before the new ones start, so they never coexist.
            self.pool = ThreadPool::new(0);
            self.pool = ThreadPool::new(threads - 1);
        }
        self.pool.threads()
    }

    /// Forgets everything learned (new game, `Clear Hash`).
    pub fn clear(&mut self) {
        // Helpers of the last search may still be ending; once they have, the table is ours.
        self.pool.wait();
        match Arc::get_mut(&mut self.tt) {
            Some(tt) => tt.clear(),
            None => log::error!("the table is still in use by a search; not cleared"),
        }
    }

    /// Searches `game` (which must not be over) within `limits`, calling `report` from this
    /// thread after each iteration and principal variation. Returns when a limit is reached
    /// or `signals.stop` is set; the caller decides when to print `bestmove`.
    pub fn search(
        &mut self,
        game: &Breakthrough,
        limits: &Limits,
        signals: &Signals,
        report: &mut dyn FnMut(&Report),
    ) -> SearchResult {
        self.tt.new_search();
        let start = Instant::now();
        let tt = &self.tt;
        let pool = &self.pool;
        let network = self.eval.network(game.size());
        with_position!(game, position => {
            worker::search_threads(position, limits, signals, tt, network, pool, start, report)
        })
    }
}
