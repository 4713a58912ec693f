//! The one writer of stdout. Every protocol line goes through [`Output`], which writes it
//! whole under a lock and flushes it at once, so lines from the search thread, the session
//! and the reader never interleave and a GUI never waits on a buffer. Each line is also
//! logged at debug level (`RUST_LOG=debug`) and copied to the `Debug Log File` when one is
//! set, input prefixed `>> ` and output `<< ` as Stockfish does.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::sync::{Mutex, MutexGuard};

pub struct Output {
    sink: Mutex<Sink>,
}

struct Sink {
    stdout: io::Stdout,
    log_file: Option<File>,
}

impl Sink {
    fn copy_to_log(&mut self, prefix: &str, text: &str) {
        if let Some(file) = &mut self.log_file {
            for line in text.lines() {
                // A failing log file must not disturb the protocol; say so on stderr only.
                if let Err(error) = writeln!(file, "{prefix}{line}") {
                    log::warn!("cannot write the debug log file: {error}");
                }
            }
        }
    }
}

/// The longest `info string` sent; longer messages are cut, so echoing bad input can never
/// flood a GUI.
const MAX_INFO_STRING: usize = 400;

impl Output {
    pub fn stdout() -> Output {
        Output {
            sink: Mutex::new(Sink {
                stdout: io::stdout(),
                log_file: None,
            }),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Sink> {
        // A panic elsewhere while holding the lock leaves the writer usable.
        self.sink
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Sends `text` (one line, or several separated by `\n`) and flushes it.
    pub fn send(&self, text: &str) {
        let mut sink = self.lock();
        for line in text.lines() {
            log::debug!("<< {line}");
        }
        let mut stdout = sink.stdout.lock();
        let written = writeln!(stdout, "{text}").and_then(|()| stdout.flush());
        drop(stdout);
        if let Err(error) = written {
            // The reader of our output is gone; end of input will follow and end the engine.
            log::debug!("cannot write to stdout: {error}");
        }
        sink.copy_to_log("<< ", text);
    }

    /// `info string <text>`, on one line, control characters escaped.
    pub fn info_string(&self, text: &str) {
        self.send(&format!("info string {}", printable(text, MAX_INFO_STRING)));
    }

    /// `info string error: <text>`: how every rejected input is answered.
    pub fn error(&self, text: &str) {
        self.info_string(&format!("error: {text}"));
    }

    /// Copies an input line to the debug log file.
    pub fn record_input(&self, line: &str) {
        self.lock().copy_to_log(">> ", line);
    }

    /// Starts copying the traffic to `path` (appending), or stops when `path` is empty.
    pub fn set_log_file(&self, path: &str) -> Result<(), String> {
        let file = if path.is_empty() {
            None
        } else {
            let file = OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|error| format!("cannot open debug log file '{path}': {error}"))?;
            Some(file)
        };
        self.lock().log_file = file;
        Ok(())
    }
}

/// `text` made safe to echo on one protocol line: control characters (newlines included)
/// escaped, and cut after `max_chars` characters.
pub fn printable(text: &str, max_chars: usize) -> String {
    let mut line = String::new();
    for (count, c) in text.chars().enumerate() {
        if count == max_chars {
            line.push('…');
            break;
        }
        if c.is_control() {
            line.extend(c.escape_debug());
        } else {
            line.push(c);
        }
    }
    line
}

/// A token as quoted in messages: control characters escaped and long tokens cut short, so
/// one bad word cannot flood the output.
pub fn quote(text: &str) -> String {
    format!("'{}'", printable(text, 24))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn echoed_text_stays_on_one_short_line() {
        assert_eq!(printable("bad\nline\r\0", 100), "bad\\nline\\r\\0");
        let cut = printable(&"x".repeat(10_000), MAX_INFO_STRING);
        assert_eq!(cut.chars().count(), MAX_INFO_STRING + 1);
        assert!(cut.ends_with('…'));
        assert_eq!(printable("déjà vu", 7), "déjà vu");
        assert_eq!(printable("déjà vu", 4), "déjà…");
    }
}
