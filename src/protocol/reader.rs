//! The reader thread: it owns stdin, so input is read even while the session is busy.
//!
//! It reads raw bytes, a line at a time, with a bound on the line length, and turns each
//! line into a [`Request`] of the dialect in use with that dialect's parser ([`Dialect`]);
//! which dialects follow which is [`run`](super::run)'s business. Three commands cannot wait
//! in the session's queue ([`Urgency`]):
//! - `isready` is answered here at once when the session has nothing queued (as during a
//!   search); otherwise it is queued, so `readyok` still follows the answers to earlier
//!   commands (a `perft` still counting, say);
//! - `stop` and `quit` stop what runs here ([`Interrupts`]): a search, `perft` or `bench`
//!   ends without waiting for the session, and so does whatever is queued before them when
//!   it starts; they are then forwarded like the rest, so the session acts on them in order.
//!
//! End of input acts as a `quit` that stops searches but lets queued commands that are not
//! searches (`perft`, `bench`) finish, so piping a list of commands in gets every answer.

use super::dialect::{Dialect, Request, Urgency};
use super::interrupts::Interrupts;
use super::output::Output;
use crate::search::Signals;
use crossbeam_channel::Sender;
use std::io::{self, BufRead, StdinLock};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// The longest line accepted: far above any real command (a `position` line of a whole game
/// on 16x16 is a few kilobytes), low enough that garbage cannot exhaust memory.
pub const MAX_LINE: usize = 64 * 1024;

/// What the reader shares with the sessions.
pub struct Reader {
    pub out: Arc<Output>,
    pub signals: Arc<Signals>,
    pub interrupts: Arc<Interrupts>,
    /// Requests forwarded but not yet handled by a session.
    pub pending: Arc<AtomicUsize>,
}

/// Why reading in one dialect ended.
#[derive(Debug, PartialEq, Eq)]
pub enum Ended {
    /// `quit` or the end of input: the dialect's `quit` has been forwarded.
    Quit,
    /// A command switched the rest of the input to another dialect.
    Switch,
}

impl Reader {
    /// Starts the reader thread, which hands stdin to `read`.
    pub fn spawn(
        self,
        read: impl FnOnce(&Reader, &mut StdinLock<'static>) + Send + 'static,
    ) -> io::Result<()> {
        std::thread::Builder::new()
            .name("reader".into())
            .spawn(move || read(&self, &mut io::stdin().lock()))
            .map(drop)
    }

    /// Reads lines of dialect `D` and forwards them to `requests`, until `quit`, the end of
    /// input, or a command that switches to another dialect.
    pub fn read<D: Dialect>(
        &self,
        input: &mut impl BufRead,
        requests: &Sender<Request<D>>,
    ) -> Ended {
        let mut buffer = Vec::new();
        loop {
            let line = match read_line(input, &mut buffer, MAX_LINE) {
                Ok(Some(line)) => line,
                Ok(None) => {
                    self.interrupts.input_ended(&self.signals);
                    break;
                }
                Err(error) => {
                    log::warn!("cannot read stdin ({error}); acting as if it ended");
                    self.interrupts.input_ended(&self.signals);
                    break;
                }
            };
            let text = String::from_utf8_lossy(&buffer);
            log::debug!(">> {text}");
            self.out.record_input(&text);
            let problem = match line {
                Line::Complete => std::str::from_utf8(&buffer).err().map(|error| {
                    format!(
                        "line ignored: it is not valid UTF-8 (byte {})",
                        error.valid_up_to() + 1
                    )
                }),
                Line::TooLong { length } => Some(format!(
                    "line ignored: it has {length} bytes; the limit is {MAX_LINE}"
                )),
            };
            let request = match problem {
                Some(problem) => Err(D::unreadable(problem, &text)),
                None => match D::parse(&text).transpose() {
                    Some(request) => request,
                    None => continue, // a blank line
                },
            };
            match request.as_ref().map(D::urgency) {
                Ok(Urgency::Quit) => {
                    self.interrupts.stop_read(&self.signals);
                    break;
                }
                Ok(Urgency::Ready(answer)) if self.pending.load(Ordering::SeqCst) == 0 => {
                    self.out.send(answer)
                }
                Ok(Urgency::Stop) => {
                    self.interrupts.stop_read(&self.signals);
                    self.forward(requests, request);
                }
                Ok(Urgency::Switch) => {
                    self.forward(requests, request);
                    return Ended::Switch;
                }
                Ok(Urgency::Waits | Urgency::Ready(_)) | Err(_) => self.forward(requests, request),
            }
        }
        self.forward(requests, Ok(D::quit()));
        Ended::Quit
    }

    fn forward<T>(&self, requests: &Sender<T>, request: T) {
        self.pending.fetch_add(1, Ordering::SeqCst);
        if requests.send(request).is_err() {
            // The session has ended; the process is ending with it.
            self.pending.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

/// How a line was read.
#[derive(Debug, PartialEq, Eq)]
enum Line {
    /// The whole line is in the buffer.
    Complete,
    /// The line had `length` bytes, more than the limit; the buffer holds its start.
    TooLong { length: usize },
}

/// Reads one line into `buffer` without its line ending (`\n` or `\r\n`), keeping at most
/// `limit` bytes: the rest of a longer line is read and dropped, so no line can exhaust
/// memory. `None` at the end of input.
fn read_line(
    input: &mut impl BufRead,
    buffer: &mut Vec<u8>,
    limit: usize,
) -> io::Result<Option<Line>> {
    buffer.clear();
    let mut length = 0;
    loop {
        let available = match input.fill_buf() {
            Ok(available) => available,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if available.is_empty() {
            // End of input: a last line without a newline still counts.
            if length == 0 {
                return Ok(None);
            }
            break;
        }
        let newline = available.iter().position(|&byte| byte == b'\n');
        let chunk = &available[..newline.unwrap_or(available.len())];
        let room = limit.saturating_sub(buffer.len());
        buffer.extend_from_slice(&chunk[..chunk.len().min(room)]);
        length += chunk.len();
        let used = chunk.len() + usize::from(newline.is_some());
        input.consume(used);
        if newline.is_some() {
            break;
        }
    }
    if length > limit {
        return Ok(Some(Line::TooLong { length }));
    }
    if buffer.last() == Some(&b'\r') {
        buffer.pop();
    }
    Ok(Some(Line::Complete))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufReader, Cursor};

    fn lines(bytes: &[u8], limit: usize) -> Vec<(Line, Vec<u8>)> {
        // A tiny buffer, so lines span many reads.
        let mut input = BufReader::with_capacity(3, Cursor::new(bytes.to_vec()));
        let mut buffer = Vec::new();
        let mut lines = Vec::new();
        while let Some(line) = read_line(&mut input, &mut buffer, limit).unwrap() {
            lines.push((line, buffer.clone()));
        }
        lines
    }

    #[test]
    fn splits_lines_and_strips_line_endings() {
        assert_eq!(
            lines(b"uci\r\n\nisready\ngo", 100),
            [
                (Line::Complete, b"uci".to_vec()),
                (Line::Complete, b"".to_vec()),
                (Line::Complete, b"isready".to_vec()),
                (Line::Complete, b"go".to_vec()),
            ]
        );
        assert!(lines(b"", 100).is_empty());
    }

    #[test]
    fn long_lines_are_cut_and_skipped_whole() {
        let mut input = vec![b'x'; 50];
        input.extend_from_slice(b"\nstop\n");
        let read = lines(&input, 10);
        assert_eq!(read[0], (Line::TooLong { length: 50 }, vec![b'x'; 10]));
        assert_eq!(read[1], (Line::Complete, b"stop".to_vec()));
        assert_eq!(read.len(), 2);
        // Exactly at the limit is fine.
        assert_eq!(lines(b"0123456789\n", 10)[0].0, Line::Complete);
    }

    #[test]
    fn invalid_utf8_is_passed_on_as_bytes() {
        assert_eq!(
            lines(b"go \xff\xfe\n", 100),
            [(Line::Complete, b"go \xff\xfe".to_vec())]
        );
    }
}
