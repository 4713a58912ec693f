//! A page's engine: the `troyka` binary itself, started as a child process that speaks the
//! UCI protocol on its pipes, exactly as a GUI or `troyka-match` would drive it.
//!
//! Lines go to it through a channel, so that the session can send them while it holds its
//! lock, without waiting; a task writes them. Another task reads its lines and hands each
//! to a callback. When the session drops its [`PageEngine`], the writing task sends `quit`,
//! gives the process a second to end (`protocol.md`: `quit` ends it within 100 ms, even in
//! the middle of a search), kills it if it has not, and waits for it, so that no process is
//! left behind, whatever the page did.

use std::io;
use std::path::Path;
use std::process::Stdio;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::process::{ChildStdin, Command};
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver, UnboundedSender};

/// How long the engine has to end after `quit` before it is killed.
const QUIT_GRACE: Duration = Duration::from_secs(1);

/// The sending end of a running engine: dropping it ends the process.
pub struct PageEngine {
    lines: UnboundedSender<String>,
}

impl PageEngine {
    /// Starts `exe` (Troyka) speaking UCI. `on_line` gets each line it writes, then `None`
    /// when its output ends (it quit or died). Must be called inside the runtime.
    pub fn spawn(
        exe: &Path,
        mut on_line: impl FnMut(Option<String>) + Send + 'static,
    ) -> io::Result<PageEngine> {
        let mut child = Command::new(exe)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()?;
        let (stdin, stdout) = match (child.stdin.take(), child.stdout.take()) {
            (Some(stdin), Some(stdout)) => (stdin, stdout),
            _ => return Err(io::Error::other("the engine's pipes are missing")),
        };
        let (lines, outbox) = unbounded_channel();
        tokio::spawn(async move {
            write_lines(stdin, outbox).await;
            // The session has ended (or the engine's input broke): make sure it ends too.
            if tokio::time::timeout(QUIT_GRACE, child.wait())
                .await
                .is_err()
            {
                let _ = child.kill().await;
            }
        });
        tokio::spawn(async move {
            let mut reader = BufReader::new(stdout).lines();
            while let Ok(Some(line)) = reader.next_line().await {
                on_line(Some(line));
            }
            on_line(None);
        });
        let engine = PageEngine { lines };
        engine.send("uci");
        Ok(engine)
    }

    /// An engine that is no process, for the conductor's tests: what is sent to it comes
    /// out of the receiver.
    #[cfg(test)]
    pub fn fake() -> (PageEngine, UnboundedReceiver<String>) {
        let (lines, outbox) = unbounded_channel();
        (PageEngine { lines }, outbox)
    }

    /// Sends one command line (without its newline).
    pub fn send(&self, line: &str) {
        // The writer is gone only when the engine's input broke; its output then ends too,
        // and the session hears of it through `on_line(None)`.
        let _ = self.lines.send(line.to_string());
    }
}

/// Writes the lines until the session drops its [`PageEngine`] (then `quit`) or the pipe breaks.
async fn write_lines(mut stdin: ChildStdin, mut outbox: UnboundedReceiver<String>) {
    while let Some(mut line) = outbox.recv().await {
        line.push('\n');
        if stdin.write_all(line.as_bytes()).await.is_err() {
            return;
        }
    }
    let _ = stdin.write_all(b"quit\n").await;
}
