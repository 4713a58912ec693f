//! An engine's operating-system process: stdin for commands, a thread turning stdout into
//! timestamped lines on a channel (so the referee can wait with a deadline), and a thread
//! copying stderr to the log.

use super::logs::{LineDirection, Logs};
use super::spec::EngineSpec;
use crossbeam_channel::{after, select, unbounded, Receiver};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What waiting for a line can end with.
#[derive(Debug, PartialEq)]
pub enum Next {
    /// A line, and when the reader thread received it (the referee's clock stops there).
    Line(Instant, String),
    Timeout,
    /// stdout closed: the engine exited or crashed.
    Closed,
    /// The event is being stopped.
    Stopped,
}

pub struct EngineProcess {
    /// The engine's name and instance number, e.g. `new#3`, for logs and messages.
    label: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<(Instant, String)>,
    logs: Arc<Logs>,
}

impl EngineProcess {
    pub fn spawn(spec: &EngineSpec, label: String, logs: Arc<Logs>) -> Result<Self, String> {
        let mut command = Command::new(resolve(&spec.cmd));
        command
            .args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(dir) = &spec.dir {
            command.current_dir(dir);
        }
        // Ctrl-C in a terminal reaches the whole foreground process group; engines in their
        // own group keep running until the runner has printed its summary and stops them.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command
            .spawn()
            .map_err(|e| format!("cannot run '{}': {e}", spec.cmd))?;
        let streams = (child.stdin.take(), child.stdout.take(), child.stderr.take());
        let (Some(stdin), Some(stdout), Some(stderr)) = streams else {
            return Err(format!("cannot open pipes to '{}'", spec.cmd));
        };
        let (sender, lines) = unbounded();
        let (out_logs, out_label) = (logs.clone(), label.clone());
        std::thread::spawn(move || {
            for_each_line(stdout, |line| {
                out_logs.traffic(&out_label, LineDirection::FromEngine, &line);
                // The receiver is gone once the engine is dropped; nothing left to do then.
                let _ = sender.send((Instant::now(), line));
            })
        });
        let (err_logs, err_label) = (logs.clone(), label.clone());
        std::thread::spawn(move || {
            for_each_line(stderr, |line| err_logs.stderr(&err_label, &line))
        });
        Ok(EngineProcess {
            label,
            child,
            stdin,
            lines,
            logs,
        })
    }

    /// Sends one line; an error means the engine has gone.
    pub fn send(&mut self, line: &str) -> Result<(), String> {
        self.logs
            .traffic(&self.label, LineDirection::ToEngine, line);
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("cannot write to the engine: {e}"))
    }

    /// The next line, waiting until `deadline` at most.
    pub fn next_line(&self, deadline: Instant, stop: &Receiver<()>) -> Next {
        let timeout = after(deadline.saturating_duration_since(Instant::now()));
        select! {
            recv(self.lines) -> line => match line {
                Ok((at, text)) => Next::Line(at, text),
                Err(_) => Next::Closed,
            },
            recv(stop) -> _ => Next::Stopped,
            recv(timeout) -> _ => Next::Timeout,
        }
    }

    /// How the process ended, once its output has closed: e.g. `exit status: 3`.
    pub fn exit_status(&mut self) -> String {
        // stdout can close a moment before the process is reaped.
        let deadline = Instant::now() + Duration::from_secs(1);
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return status.to_string(),
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(10))
                }
                Ok(None) => return "output closed, process still running".into(),
                Err(error) => return format!("status unknown: {error}"),
            }
        }
    }

    /// Asks the engine to quit, and kills it if it has not within a moment.
    pub fn quit(mut self) {
        if self.send("quit").is_ok() {
            let deadline = Instant::now() + Duration::from_millis(500);
            while Instant::now() < deadline {
                if let Ok(Some(_)) = self.child.try_wait() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
        }
        // Drop kills it.
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// A command with a slash is a path relative to the runner's directory even when `dir=`
/// changes the engine's working directory (which is where `Command` would look).
fn resolve(cmd: &str) -> std::path::PathBuf {
    let path = Path::new(cmd);
    if cmd.contains('/') && path.is_relative() {
        if let Ok(cwd) = std::env::current_dir() {
            return cwd.join(path);
        }
    }
    path.to_path_buf()
}

/// Calls `f` with each line (without its line ending; invalid UTF-8 replaced) until the
/// stream ends.
fn for_each_line(stream: impl Read, mut f: impl FnMut(String)) {
    let mut reader = BufReader::new(stream);
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        match reader.read_until(b'\n', &mut buffer) {
            Ok(0) | Err(_) => return,
            Ok(_) => {
                let text = String::from_utf8_lossy(&buffer);
                f(text.trim_end_matches(['\n', '\r']).to_string());
            }
        }
    }
}
