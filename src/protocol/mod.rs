//! The text protocols on stdin/stdout (`protocol.md` is the contract): [UCI](uci)-style and
//! UGI-compatible from the start, and the XBoard protocol ([CECP](cecp)) once the first
//! command is `xboard`.
//!
//! Three kinds of thread share the work:
//! - the [reader] owns stdin: it answers `isready` at once, stops what runs on
//!   `stop`/`quit` ([interrupts]), and forwards everything else, parsed by the dialect in
//!   use ([`Dialect`](dialect::Dialect)), over that dialect's channel;
//! - the [UCI session](uci::Session), on the calling thread, owns the engine's state and
//!   acts on the commands in order; on `xboard` it hands its [host] (the engine and
//!   the settings) to the [CECP session](cecp::Session). Both run the same
//!   [loop](session::run). A session plays one game, chosen at the top from the
//!   [variant](variants) the settings name: when they name another, the session ends and
//!   the next starts on the new variant's start position ([`session::serve`]);
//! - a [search thread](search_thread) per search streams progress lines and hands the result
//!   back to the session; a [solve thread](solve_thread) does the same for `go solve`.
//!
//! All of them write through one [`Output`], a line at a time.

mod cecp;
mod dialect;
mod host;
mod interrupts;
mod numbers;
mod options;
mod output;
mod reader;
mod search_thread;
mod session;
mod solve_thread;
mod turns;
mod uci;
mod variants;

use crate::search::Signals;
use cecp::Cecp;
use host::Host;
use interrupts::Interrupts;
use output::Output;
use reader::{Ended, Reader};
use std::io::StdinLock;
use std::sync::atomic::AtomicUsize;
use std::sync::Arc;
use uci::{SessionEnd, Uci};

/// Speaks the protocol until `quit` or the end of input; returns the exit code.
pub fn run() -> i32 {
    // Diagnostics go to stderr; `RUST_LOG=debug` shows every line in and out.
    let _ = env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .format_timestamp_millis()
        .try_init();
    let out = Arc::new(Output::stdout());
    let signals = Arc::new(Signals::default());
    let interrupts = Arc::new(Interrupts::default());
    let pending = Arc::new(AtomicUsize::new(0));
    // Each dialect's session has its own channel, so it only ever gets its own commands.
    let (uci_requests, uci_inbox) = crossbeam_channel::unbounded();
    let (cecp_requests, cecp_inbox) = crossbeam_channel::unbounded();
    let host = Host::new(out.clone(), signals.clone(), interrupts.clone());
    let reader = Reader {
        out,
        signals,
        interrupts,
        pending: pending.clone(),
    };
    // UCI from the start; `xboard` switches the rest of the input to CECP.
    let read = move |reader: &Reader, input: &mut StdinLock<'static>| {
        if reader.read::<Uci>(input, &uci_requests) == Ended::Switch {
            reader.read::<Cecp>(input, &cecp_requests);
        }
    };
    if let Err(error) = reader.spawn(read) {
        eprintln!("error: cannot start the input thread: {error}");
        return 1;
    }
    let (ending, state) = session::serve::<Uci>(uci::State::new(host), &uci_inbox, &pending);
    if ending == SessionEnd::XBoard {
        session::serve::<Cecp>(cecp::State::new(state.host), &cecp_inbox, &pending);
    }
    0
}
