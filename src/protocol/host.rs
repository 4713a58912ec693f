//! What every dialect's session shares, and hands on to the next session when the variant
//! changes: the engine between searches, the settings the options control (the variant
//! among them), the stop flags and the output. Sessions differ in how they turn commands
//! into searches and results into lines, and each plays one game; the host knows none.

use super::interrupts::Interrupts;
use super::options::{self, Setting};
use super::output::Output;
use super::search_thread::{self, Finished, Job};
use super::solve_thread::{self, SolveJob};
use crate::game::Game;
use crate::games::{networks, Variant};
use crate::search::{Engine, Signals};
use crossbeam_channel::Sender;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

pub struct Host {
    pub out: Arc<Output>,
    /// What searches poll.
    pub signals: Arc<Signals>,
    /// How `stop` and `quit` reach work that has not started yet, and long commands.
    pub interrupts: Arc<Interrupts>,
    /// Locked by the search thread while it searches, by the session only between searches.
    engine: Arc<Mutex<Engine>>,
    /// What UCI plays, and CECP's `breakthrough` board (options `UCI_Variant`, `BoardSize`).
    pub variant: Variant,
    pub move_overhead: Duration,
    pub multipv: usize,
    /// `Hash` and `Threads`, which `go solve` also uses for its own table and threads.
    pub hash_megabytes: usize,
    pub threads: usize,
}

impl Host {
    pub fn new(out: Arc<Output>, signals: Arc<Signals>, interrupts: Arc<Interrupts>) -> Host {
        let mut host = Host {
            out,
            signals,
            interrupts,
            // A placeholder: the `Hash` and `Threads` defaults are applied just below.
            engine: Arc::new(Mutex::new(Engine::new(1, 1))),
            variant: Variant::default(),
            move_overhead: Duration::ZERO,
            multipv: 1,
            hash_megabytes: 1,
            threads: 1,
        };
        // The option table is the one source of the defaults. No dialect is chosen yet, so a
        // failure (a default table too big for the machine) is said the UCI way.
        for setting in options::defaults() {
            if let Err(message) = host.apply(setting) {
                host.out.error(&message);
            }
        }
        host
    }

    pub fn engine(&self) -> MutexGuard<'_, Engine> {
        self.engine.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Applies a valid setting: `Ok` with a notice for the user when there is one to give,
    /// `Err` when it cannot be done (nothing changed). Each session says these in its own
    /// dialect. Only the variant of the next game changes with `UCI_Variant` or `BoardSize`;
    /// what that means for the current position is the session's business.
    pub fn apply(&mut self, setting: Setting) -> Result<Option<String>, String> {
        match setting {
            Setting::Hash(megabytes) => {
                self.engine().set_hash(megabytes).map_err(|_| {
                    format!(
                        "option Hash: {megabytes} MiB cannot be allocated; the table is unchanged"
                    )
                })?;
                self.hash_megabytes = megabytes;
            }
            Setting::Threads(threads) => {
                let started = self.engine().set_threads(threads);
                self.threads = started;
                if started < threads {
                    return Err(format!(
                        "option Threads: the system started only {started} of {threads} threads; \
                         the search uses {started}"
                    ));
                }
            }
            Setting::MoveOverhead(overhead) => self.move_overhead = overhead,
            Setting::MultiPv(lines) => self.multipv = lines,
            // Pondering is the GUI's decision (`go ponder`, `hard`); nothing to prepare.
            Setting::Ponder(_) => {}
            Setting::Variant(variant) => {
                // The table only holds positions of the old variant, so it is cleared when
                // the variant changes (not when the default is applied at start-up: that
                // would cost time).
                if variant != self.variant {
                    self.engine().clear();
                }
                self.variant = variant;
            }
            Setting::ClearHash => self.engine().clear(),
            Setting::DebugLogFile(path) => self.out.set_log_file(&path)?,
            Setting::EvalFile(net) => {
                let notice = net.as_ref().map(|net| {
                    format!(
                        "EvalFile: a network for {0}, used whenever {0} is played; other \
                         games and boards keep their own evaluation",
                        networks::describe(net.kind)
                    )
                });
                self.engine().eval.loaded = net;
                return Ok(notice);
            }
            Setting::UseNnue(on) => self.engine().eval.linear_only = !on,
            Setting::Setup(planning) => self.engine().planning = planning,
            #[cfg(feature = "tune")]
            Setting::Tune(index, value) => crate::search::params::set(index, value),
        }
        Ok(None)
    }

    /// Starts a search thread; its result arrives on `done`.
    pub fn spawn_search<G: Game>(
        &self,
        job: Job<G>,
        done: &Sender<Finished<G>>,
    ) -> std::io::Result<()> {
        search_thread::spawn(
            self.engine.clone(),
            self.signals.clone(),
            self.out.clone(),
            job,
            done.clone(),
        )
    }

    /// Starts proving with the solver (`go solve`) on a new thread; its result arrives on
    /// `done` like a search's.
    pub fn spawn_solve<G: Game>(
        &self,
        job: SolveJob<G>,
        done: &Sender<Finished<G>>,
    ) -> std::io::Result<()> {
        if !can_allocate(job.hash_megabytes) {
            return Err(std::io::Error::new(
                std::io::ErrorKind::OutOfMemory,
                format!(
                    "the solver's table of {} MiB cannot be allocated",
                    job.hash_megabytes
                ),
            ));
        }
        solve_thread::spawn(self.signals.clone(), self.out.clone(), job, done.clone())
    }
}

/// Whether the solver's table of `megabytes` can be allocated. Asked before it is built,
/// because running out of memory while building it would abort the process.
fn can_allocate(megabytes: usize) -> bool {
    let mut probe: Vec<u8> = Vec::new();
    probe.try_reserve_exact(megabytes << 20).is_ok()
}
