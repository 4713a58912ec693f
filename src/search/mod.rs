//! The search: iterative-deepening principal-variation search over any [`Game`], with a
//! shared transposition table and Lazy SMP threads. The protocol drives it through
//! [`Engine`]: it passes [`Limits`] and [`Signals`] and receives [`Report`]s while the search
//! runs. Nothing here names a game: the position comes in through [`Game::visit`], and the
//! search below it is compiled for each position type.

mod ordering;
pub mod params;
mod plan;
mod root;
mod threads;
mod time;
mod tree;
pub mod tt;
mod worker;

pub use plan::Planning;
pub use time::TimeManager;

use crate::eval::EvalChoice;
use crate::game::{Game, GameMove, Position, PositionVisitor};
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

/// What a `go` asks for, for a game whose moves are `M`. With nothing set the search runs
/// until stopped.
#[derive(Clone, Debug, PartialEq)]
pub struct Limits<M> {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    /// Find a win in at most this many moves (of the side to move).
    pub mate: Option<u32>,
    pub clock: Option<Clock>,
    /// Only these root moves (all when empty).
    pub searchmoves: Vec<M>,
    /// How many principal variations to report.
    pub multipv: usize,
    /// Time kept back per move for communication lag (`Move Overhead`).
    pub move_overhead: Duration,
}

impl<M> Default for Limits<M> {
    fn default() -> Limits<M> {
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
pub struct Report<M> {
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
    pub pv: Vec<M>,
}

impl<M> Report<M> {
    pub fn nps(&self) -> u64 {
        let micros = self.elapsed.as_micros().max(1) as u64;
        self.nodes.saturating_mul(1_000_000) / micros
    }
}

/// What a finished search found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<M> {
    pub best: M,
    pub ponder: Option<M>,
    pub score: Score,
    /// Whether `score` is exact or a bound (a search stopped while its aspiration window
    /// had failed).
    pub bound: ScoreBound,
    pub depth: u32,
    pub nodes: u64,
    pub elapsed: Duration,
}

/// The search engine: the transposition table, the helper threads and the settings that
/// persist between `go`s.
pub struct Engine {
    /// Shared with the helper threads while they search.
    tt: Arc<TranspositionTable>,
    pool: ThreadPool,
    pub eval: EvalChoice,
    /// How a turn the game plans whole is chosen (the `Setup` option).
    pub planning: Planning,
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
            planning: Planning::default(),
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
    /// thread after each iteration and principal variation; a turn the game plans whole
    /// ([`Game::plans_turn`]) is planned instead (`plan.rs`), and reported the same way. Returns when a limit is reached
    /// or `signals.stop` is set; the caller decides when to print `bestmove`.
    pub fn search<G: Game>(
        &mut self,
        game: &G,
        limits: &Limits<G::Move>,
        signals: &Signals,
        report: &mut dyn FnMut(&Report<G::Move>),
    ) -> SearchResult<G::Move> {
        if game.plans_turn() {
            return plan::plan(self, game, limits, signals, report);
        }
        self.tt.new_search();
        game.visit(Search {
            engine: self,
            history: game.history(),
            limits,
            signals,
            start: Instant::now(),
            report,
        })
    }
}

/// A search about to start, waiting for its position's concrete type.
struct Search<'a, M> {
    engine: &'a Engine,
    history: Vec<u64>,
    limits: &'a Limits<M>,
    signals: &'a Signals,
    start: Instant,
    report: &'a mut dyn FnMut(&Report<M>),
}

impl<M: GameMove> PositionVisitor<M> for Search<'_, M> {
    type Output = SearchResult<M>;

    fn visit<P: Position<Move = M>>(self, position: &P) -> SearchResult<M> {
        let engine = self.engine;
        worker::search_threads(
            position,
            self.history,
            self.limits,
            self.signals,
            &engine.tt,
            &engine.eval,
            &engine.pool,
            self.start,
            self.report,
        )
    }
}
