//! What the [reader](super::reader) needs to know of a dialect, and what it forwards to the
//! dialect's session. [UCI](super::uci::Uci) and [CECP](super::cecp::Cecp) each implement
//! [`Dialect`] with their own parser, so the reader reads lines without knowing either.

/// A dialect as the reader reads it: how a line becomes a command, and which commands
/// cannot wait their turn in the session's queue.
pub trait Dialect {
    type Command: Send + 'static;
    /// Why a line is not a command, as the dialect's session reports it.
    type Rejected: Send + 'static;

    /// Reads a line: `Ok(None)` for a blank one.
    fn parse(line: &str) -> Result<Option<Self::Command>, Self::Rejected>;

    /// Rejects a line the reader could not read (not UTF-8, or too long) for `problem`.
    fn unreadable(problem: String, line: &str) -> Self::Rejected;

    /// What the reader itself does about `command`.
    fn urgency(command: &Self::Command) -> Urgency;

    /// The command that ends the session, forwarded for `quit` and at the end of input.
    fn quit() -> Self::Command;
}

/// What the reader does about a command itself, because it cannot wait for the session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Urgency {
    /// Nothing: the command is forwarded and waits its turn.
    Waits,
    /// `isready`: answered here with this line when the session has nothing queued (as
    /// during a search); otherwise forwarded, so the answer still follows the answers to
    /// earlier commands (a `perft` still counting, say).
    Ready(&'static str),
    /// `stop`: stops what runs, then is forwarded so the session acts on it in order.
    Stop,
    /// `quit`: stops what runs; [`Dialect::quit`] is forwarded and reading ends.
    Quit,
    /// `xboard`: forwarded, then the rest of the input is in another dialect.
    Switch,
}

/// What the reader forwards to the session of dialect `D`: a command, or why a line was not
/// one.
pub type Request<D> = Result<<D as Dialect>::Command, <D as Dialect>::Rejected>;
