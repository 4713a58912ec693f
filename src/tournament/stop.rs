//! The signal that ends an event early: Ctrl-C or an SPRT decision.
//!
//! Threads block on engine output, on the job queue and on results with crossbeam's
//! `select!`; a receiver whose only sender is dropped becomes ready at once, so dropping the
//! sender wakes every waiting thread without polling.

use crossbeam_channel::{bounded, Receiver, Sender};
use std::sync::Mutex;

/// Why the event stopped before its schedule ran out.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum StopCause {
    Interrupted,
    SprtDecided,
}

pub struct Stop {
    sender: Mutex<Option<Sender<()>>>,
    receiver: Receiver<()>,
    cause: Mutex<Option<StopCause>>,
}

impl Default for Stop {
    fn default() -> Stop {
        let (sender, receiver) = bounded(0);
        Stop {
            sender: Mutex::new(Some(sender)),
            receiver,
            cause: Mutex::new(None),
        }
    }
}

impl Stop {
    /// Stops everything; the first cause given is the one remembered.
    pub fn trigger(&self, cause: StopCause) {
        let mut recorded = self.cause.lock().unwrap_or_else(|e| e.into_inner());
        recorded.get_or_insert(cause);
        self.sender.lock().unwrap_or_else(|e| e.into_inner()).take();
    }

    pub fn cause(&self) -> Option<StopCause> {
        *self.cause.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn is_set(&self) -> bool {
        self.cause().is_some()
    }

    /// Ready (disconnected) once the event is stopped; for `select!`.
    pub fn receiver(&self) -> &Receiver<()> {
        &self.receiver
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn trigger_wakes_waiters_and_keeps_first_cause() {
        let stop = Stop::default();
        assert!(!stop.is_set());
        assert!(stop
            .receiver()
            .recv_timeout(Duration::from_millis(1))
            .unwrap_err()
            .is_timeout());
        stop.trigger(StopCause::SprtDecided);
        stop.trigger(StopCause::Interrupted);
        assert!(stop
            .receiver()
            .recv_timeout(Duration::from_secs(5))
            .unwrap_err()
            .is_disconnected());
        assert_eq!(stop.cause(), Some(StopCause::SprtDecided));
    }
}
