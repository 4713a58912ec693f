//! The helper threads of the Lazy SMP search. They are started when the number of threads is
//! set (`Threads`) and wait between searches, so that a search starts at once with any thread
//! count: starting 63 threads for every move cost up to 190 ms on two busy cores, and a GUI
//! forfeits a move that comes that late.
//!
//! A job owns what it needs, so the main thread returns its result as soon as it is done:
//! with more threads than processors a helper may wait tens of milliseconds for its turn to
//! see that the search is over, and the `bestmove` does not wait for it. The next job (or a
//! change to the table) [waits](ThreadPool::wait) for the helpers instead.

use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;

/// Search threads get a generous stack: every ply holds a move list.
const STACK_BYTES: usize = 32 << 20;

/// What each helper runs, given its id (1 to `threads() - 1`).
type Job = Arc<dyn Fn(usize) + Send + Sync>;

/// The threads that help the calling thread search.
pub struct ThreadPool {
    helpers: Vec<JoinHandle<()>>,
    state: Arc<State>,
}

struct State {
    slot: Mutex<Slot>,
    /// Signalled when a job is posted or the pool shuts down.
    posted: Condvar,
    /// Signalled when the last helper has finished the job.
    finished: Condvar,
}

#[derive(Default)]
struct Slot {
    /// Counts the jobs posted, so that each helper runs each job once.
    generation: u64,
    /// The current job, until every helper has finished it.
    job: Option<Job>,
    /// Helpers still running the current job.
    running: usize,
    shutdown: bool,
}

impl ThreadPool {
    /// A pool with `helpers` threads, or as many as the system would start (the failure is
    /// logged; [`threads`](ThreadPool::threads) tells how many there are).
    pub fn new(helpers: usize) -> ThreadPool {
        let state = Arc::new(State {
            slot: Mutex::new(Slot::default()),
            posted: Condvar::new(),
            finished: Condvar::new(),
        });
        let mut handles = Vec::with_capacity(helpers);
        for id in 1..=helpers {
            let state = state.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("helper {id}"))
                .stack_size(STACK_BYTES)
                .spawn(move || help(&state, id));
            match spawned {
                Ok(handle) => handles.push(handle),
                Err(error) => {
                    log::warn!("could not start search thread {id}: {error}");
                    break;
                }
            }
        }
        ThreadPool {
            helpers: handles,
            state,
        }
    }

    /// The search threads: the helpers and the calling thread.
    pub fn threads(&self) -> usize {
        self.helpers.len() + 1
    }

    /// Waits until the helpers have finished the last job, then has each of them start
    /// `job(id)`; returns at once.
    pub fn start(&self, job: impl Fn(usize) + Send + Sync + 'static) {
        if self.helpers.is_empty() {
            return;
        }
        let mut slot = self.wait_locked();
        slot.generation += 1;
        slot.job = Some(Arc::new(job));
        slot.running = self.helpers.len();
        drop(slot);
        self.state.posted.notify_all();
    }

    /// Waits until the helpers have finished the last job and dropped it.
    pub fn wait(&self) {
        drop(self.wait_locked());
    }

    fn wait_locked(&self) -> MutexGuard<'_, Slot> {
        let mut slot = self.state.lock();
        while slot.running > 0 {
            slot = self
                .state
                .finished
                .wait(slot)
                .unwrap_or_else(PoisonError::into_inner);
        }
        slot
    }
}

impl State {
    fn lock(&self) -> MutexGuard<'_, Slot> {
        self.slot.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// A helper thread: runs each job posted, until the pool shuts down.
fn help(state: &State, id: usize) {
    let mut done_generation = 0;
    loop {
        let job = {
            let mut slot = state.lock();
            loop {
                if slot.shutdown {
                    return;
                }
                match &slot.job {
                    Some(job) if slot.generation != done_generation => {
                        done_generation = slot.generation;
                        break job.clone();
                    }
                    _ => {}
                }
                slot = state
                    .posted
                    .wait(slot)
                    .unwrap_or_else(PoisonError::into_inner);
            }
        };
        // A panicking job still counts as finished, so that nobody waits for it forever.
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| job(id)));
        if outcome.is_err() {
            log::error!("search thread {id} panicked");
        }
        // Dropped before the job is counted as finished: once `wait` returns, no helper
        // holds anything of it (the search's table, say).
        drop(job);
        let mut slot = state.lock();
        slot.running -= 1;
        if slot.running == 0 {
            slot.job = None;
            state.finished.notify_all();
        }
    }
}

impl Drop for ThreadPool {
    fn drop(&mut self) {
        self.state.lock().shutdown = true;
        self.state.posted.notify_all();
        for handle in self.helpers.drain(..) {
            let _ = handle.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn every_helper_runs_every_job_once() {
        let pool = ThreadPool::new(5);
        assert_eq!(pool.threads(), 6);
        let ids = Arc::new(Mutex::new(Vec::new()));
        for _ in 0..20 {
            let ids = ids.clone();
            pool.start(move |id| ids.lock().unwrap().push(id));
        }
        pool.wait();
        let mut ids = ids.lock().unwrap().clone();
        ids.sort();
        let expected: Vec<usize> = (1..=5).flat_map(|id| [id; 20]).collect();
        assert_eq!(ids, expected);
    }

    #[test]
    fn wait_returns_once_the_helpers_have_dropped_the_job() {
        let pool = ThreadPool::new(3);
        let held = Arc::new(AtomicUsize::new(0));
        let job_held = held.clone();
        pool.start(move |_| {
            job_held.fetch_add(1, Ordering::SeqCst);
            std::thread::sleep(std::time::Duration::from_millis(20));
        });
        pool.wait();
        assert_eq!(held.load(Ordering::SeqCst), 3);
        assert_eq!(Arc::strong_count(&held), 1);
    }

    #[test]
    fn without_helpers_nothing_runs() {
        let pool = ThreadPool::new(0);
        assert_eq!(pool.threads(), 1);
        pool.start(|_| panic!("no helper"));
        pool.wait();
    }
}
