//! The loop both dialects' sessions run on the calling thread: each request acted on in
//! order, and each search's result as it arrives, so that a session never blocks on a
//! search. What a session does with them is its dialect's business ([`Session`]).

use super::dialect::{Dialect, Request};
use super::host::Host;
use super::search_thread::Finished;
use crossbeam_channel::{select, Receiver};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A dialect's session, as [`run`] drives it.
pub trait Session {
    type Dialect: Dialect;
    /// How the session ended: what [`run`] returns.
    type Ending;

    /// The host whose channel brings the results of the session's searches.
    fn host(&self) -> &Host;

    /// Acts on one request; `Break` ends the session.
    fn handle(&mut self, request: Request<Self::Dialect>) -> ControlFlow<Self::Ending>;

    /// A search the session started has ended.
    fn search_ended(&mut self, finished: Finished);

    /// The requests' channel has closed. The reader forwards `quit` before it ends, so this
    /// means the same: the session ends as on `quit`.
    fn input_closed(&mut self) -> Self::Ending;
}

/// Acts on requests until the session ends. `pending` counts the requests forwarded but not
/// yet handled: the reader answers `isready` itself only when it is zero.
pub fn run<S: Session>(
    session: &mut S,
    requests: &Receiver<Request<S::Dialect>>,
    pending: &AtomicUsize,
) -> S::Ending {
    let done = session.host().done.clone();
    loop {
        select! {
            recv(requests) -> request => {
                let Ok(request) = request else {
                    return session.input_closed();
                };
                let next = session.handle(request);
                pending.fetch_sub(1, Ordering::SeqCst);
                if let ControlFlow::Break(ending) = next {
                    return ending;
                }
            }
            recv(done) -> finished => {
                if let Ok(finished) = finished {
                    session.search_ended(finished);
                }
            }
        }
    }
}
