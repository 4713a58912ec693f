//! How `stop` and `quit` reach the work they are meant for, even when that work has not
//! started yet.
//!
//! The reader sees `stop` and `quit` at once, but the session acts on commands in order, so a
//! `stop` may be read while the command it is meant for still waits in the queue. A flag the
//! reader sets and the next piece of work clears would lose it. So the reader counts the
//! `stop`s and `quit`s it has read, the session counts those it has handled, and work that
//! starts while some are unhandled (so queued behind it) starts stopped.
//!
//! Searches poll the host's [`Signals`]; the long commands that are not searches (`perft`,
//! `bench`) poll a flag of their own, because end of input stops a search but lets them
//! finish: a list of commands piped in still gets every answer.

use crate::search::Signals;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

#[derive(Debug, Default)]
pub struct Interrupts {
    /// `stop`s and `quit`s read but not yet handled by the session.
    unhandled: AtomicUsize,
    input_ended: AtomicBool,
    /// What `perft` and `bench` poll.
    long: Signals,
}

impl Interrupts {
    /// The reader has read `stop` or `quit`: whatever runs stops now.
    pub fn stop_read(&self, search: &Signals) {
        // Counted before the flags are set: see `arm`.
        self.unhandled.fetch_add(1, Ordering::SeqCst);
        self.long.stop.store(true, Ordering::SeqCst);
        search.stop.store(true, Ordering::SeqCst);
    }

    /// The reader has met the end of input: a search stops, a long command finishes.
    pub fn input_ended(&self, search: &Signals) {
        self.input_ended.store(true, Ordering::SeqCst);
        search.stop.store(true, Ordering::SeqCst);
    }

    /// The session has acted on a `stop` or `quit`.
    pub fn stop_handled(&self) {
        let _ = self
            .unhandled
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1));
    }

    /// Clears the stop flag of a search about to start, unless a `stop` or `quit` meant for
    /// it has been read already, or the input has ended.
    pub fn arm_search(&self, search: &Signals) {
        self.arm(&search.stop, true);
    }

    /// The same for a long command (which the end of input does not stop); returns what it
    /// polls.
    pub fn arm_long(&self) -> &Signals {
        self.arm(&self.long.stop, false);
        &self.long
    }

    fn arm(&self, flag: &AtomicBool, stopped_by_end_of_input: bool) {
        flag.store(false, Ordering::SeqCst);
        // The reader counts before it sets the flag. So a stop counted after this check sets
        // the flag after the line above, and one counted before is seen here: none is lost.
        let ended = stopped_by_end_of_input && self.input_ended.load(Ordering::SeqCst);
        if self.unhandled.load(Ordering::SeqCst) > 0 || ended {
            flag.store(true, Ordering::SeqCst);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stop_read_before_the_work_starts_stops_it() {
        let interrupts = Interrupts::default();
        let search = Signals::default();
        // `perft 9` queued, then `stop`: perft starts after the stop was read.
        interrupts.stop_read(&search);
        assert!(interrupts.arm_long().stopped());
        interrupts.stop_handled();
        // The next command starts afresh.
        assert!(!interrupts.arm_long().stopped());
        interrupts.arm_search(&search);
        assert!(!search.stopped());
    }

    #[test]
    fn end_of_input_stops_searches_only() {
        let interrupts = Interrupts::default();
        let search = Signals::default();
        interrupts.input_ended(&search);
        assert!(search.stopped());
        assert!(!interrupts.arm_long().stopped());
        interrupts.arm_search(&search);
        assert!(search.stopped());
    }
}
