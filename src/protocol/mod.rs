//! The text protocol: UCI-style, UGI-compatible, on stdin/stdout (`protocol.md` is the
//! contract).
//!
//! Three kinds of thread share the work:
//! - the [reader](reader) owns stdin: it answers `isready` at once, sets the stop flag on
//!   `stop`/`quit`, and forwards everything else, parsed ([parser]), over a channel;
//! - the [session](session), on the calling thread, owns the engine's state and acts on the
//!   commands in order;
//! - a [search thread](search_thread) per `go` streams `info` lines and hands `bestmove`
//!   back to the session; a [solve thread](solve_thread) does the same for `go solve`.
//!
//! All of them write through one [`Output`](output::Output), a line at a time.

mod format;
mod options;
mod output;
mod parser;
mod reader;
mod search_thread;
mod session;
mod solve_thread;

use crate::search::Signals;
use output::Output;
use reader::Reader;
use session::Session;
use std::sync::atomic::AtomicUsize;
use std::sync::Arc;

/// Speaks the protocol until `quit` or the end of input; returns the exit code.
pub fn run() -> i32 {
    // Diagnostics go to stderr; `RUST_LOG=debug` shows every line in and out.
    let _ = env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .format_timestamp_millis()
        .try_init();
    let out = Arc::new(Output::stdout());
    let signals = Arc::new(Signals::default());
    let pending = Arc::new(AtomicUsize::new(0));
    let (requests, inbox) = crossbeam_channel::unbounded();
    let session = Session::new(out.clone(), signals.clone());
    let reader = Reader {
        out,
        signals,
        pending: pending.clone(),
        requests,
    };
    if let Err(error) = reader.spawn() {
        eprintln!("error: cannot start the input thread: {error}");
        return 1;
    }
    session.run(inbox, &pending);
    0
}
