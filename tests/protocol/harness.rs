//! Runs the real `troyka` binary on pipes and reads its output line by line, with timeouts.

use std::io::Write;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::{Duration, Instant};
use troyka::games::breakthrough::{BoardSize, Breakthrough};

/// How long to wait for an answer that should come at once. Generous: the tests share two
/// loaded cores.
pub const PATIENCE: Duration = Duration::from_secs(10);

pub struct Troyka {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// The last CECP `ping` number sent.
    pings: u64,
}

impl Troyka {
    pub fn start() -> Troyka {
        Troyka::start_with_stderr(Stdio::null())
    }

    /// Starts the engine with its stderr sent to `stderr` (a file, to look for panics).
    pub fn start_with_stderr(stderr: Stdio) -> Troyka {
        let mut child = Command::new(env!("CARGO_BIN_EXE_troyka"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(stderr)
            .env_remove("RUST_LOG")
            .spawn()
            .expect("the troyka binary starts");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            use std::io::BufRead;
            for line in std::io::BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Troyka {
            child,
            stdin,
            lines,
            pings: 0,
        }
    }

    /// Starts the engine in the XBoard dialect (`xboard`, `protover 2`) and reads the
    /// feature lines.
    pub fn start_xboard() -> Troyka {
        let mut troyka = Troyka::start();
        troyka.send("xboard");
        troyka.send("protover 2");
        troyka.until(PATIENCE, |line| line == "feature done=1");
        troyka
    }

    /// CECP: sends `command`, then `ping`, and returns what came before the `pong`: the
    /// whole answer to a command, as the engine answers `ping` only once it is done.
    pub fn exchange(&mut self, command: &str) -> Vec<String> {
        self.send(command);
        self.pings += 1;
        let pong = format!("pong {}", self.pings);
        self.send(&format!("ping {}", self.pings));
        let mut lines = self.until(PATIENCE, |line| line == pong);
        lines.pop();
        lines
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("input is still open");
        stdin.write_all(bytes).expect("the engine reads its input");
        stdin.flush().expect("the engine reads its input");
    }

    /// The next line, or `None` if none comes within `timeout`.
    pub fn next_line(&mut self, timeout: Duration) -> Option<String> {
        self.lines.recv_timeout(timeout).ok()
    }

    /// Lines up to and including the first that satisfies `done`; panics, showing what came,
    /// when none does within `timeout`.
    pub fn until(&mut self, timeout: Duration, done: impl Fn(&str) -> bool) -> Vec<String> {
        self.try_until(timeout, done)
            .unwrap_or_else(|seen| panic!("no expected line within {timeout:?}; got {seen:#?}"))
    }

    /// Lines up to and including the first that satisfies `done`, or, as the error, what came
    /// when none does within `timeout`.
    pub fn try_until(
        &mut self,
        timeout: Duration,
        done: impl Fn(&str) -> bool,
    ) -> Result<Vec<String>, Vec<String>> {
        let deadline = Instant::now() + timeout;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.next_line(left) {
                Some(line) => {
                    let finished = done(&line);
                    seen.push(line);
                    if finished {
                        return Ok(seen);
                    }
                }
                None => return Err(seen),
            }
        }
    }

    /// Lines up to and including the first starting with `prefix`.
    pub fn until_prefix(&mut self, prefix: &str) -> Vec<String> {
        self.until(PATIENCE, |line| line.starts_with(prefix))
    }

    /// Lines up to and including the next `bestmove`.
    pub fn until_bestmove(&mut self) -> Vec<String> {
        self.until_prefix("bestmove")
    }

    /// Sends `command` then `isready` and returns what came before `readyok`: the whole
    /// answer to a command that does not start a search.
    pub fn ask(&mut self, command: &str) -> Vec<String> {
        self.send(command);
        self.send("isready");
        let mut lines = self.until(PATIENCE, |line| line == "readyok");
        lines.pop();
        lines
    }

    /// Everything that arrives within `period`.
    pub fn collect_for(&mut self, period: Duration) -> Vec<String> {
        let deadline = Instant::now() + period;
        let mut seen = Vec::new();
        while let Some(line) = self.next_line(deadline.saturating_duration_since(Instant::now())) {
            seen.push(line);
        }
        seen
    }

    /// The position string the engine is set to.
    /// Sends each command during a search until `stop` and checks it is refused with the
    /// error naming it (`(command, name)` pairs).
    pub fn refused_while_searching(&mut self, commands: &[(&str, &str)]) {
        for (command, name) in commands {
            self.send(command);
            let lines = self.until_prefix("info string");
            assert_eq!(
                lines.last().unwrap(),
                &format!(
                    "info string error: '{name}' ignored: a search is running until 'stop'; \
                     send that first"
                )
            );
        }
    }

    pub fn fen(&mut self) -> String {
        let lines = self.ask("d");
        let fen = lines.iter().find_map(|line| line.strip_prefix("Fen: "));
        fen.unwrap_or_else(|| panic!("no Fen line in {lines:#?}"))
            .to_string()
    }

    /// Closes the engine's input (end of file).
    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    /// The exit status, if the process ends within `timeout`.
    pub fn wait_exit(&mut self, timeout: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(status) = self.child.try_wait().expect("the process can be polled") {
                return Some(status);
            }
            if Instant::now() >= deadline {
                return None;
            }
            thread::sleep(Duration::from_millis(2));
        }
    }
}

impl Drop for Troyka {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The move of a `bestmove` line (`bestmove a2a3 ponder h7h6` gives `a2a3`).
pub fn best_move(line: &str) -> &str {
    line.strip_prefix("bestmove ")
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("not a bestmove line: {line:?}"))
}

/// The value after `key` in an `info` line, as an integer.
pub fn field(line: &str, key: &str) -> Option<i64> {
    let mut words = line.split_whitespace();
    words.find(|&word| word == key)?;
    words.next()?.parse().ok()
}

/// The `pv` moves of an `info` line.
pub fn pv(line: &str) -> Vec<&str> {
    line.split_whitespace()
        .skip_while(|&word| word != "pv")
        .skip(1)
        .collect()
}

/// The principal variation of a CECP thinking line (after `ply score time nodes`).
pub fn thinking_pv(line: &str) -> Vec<&str> {
    line.trim_end_matches(['?', '!'])
        .split(' ')
        .skip(4)
        .collect()
}

/// Whether a line is CECP thinking output: `ply score time nodes`, then the principal
/// variation.
pub fn is_thinking(line: &str) -> bool {
    let words: Vec<&str> = line.split(' ').collect();
    words.len() > 4 && words[..4].iter().all(|n| n.parse::<i64>().is_ok())
}

/// The 8x8 start position.
pub fn start() -> Breakthrough {
    Breakthrough::start(BoardSize::STANDARD)
}

/// Whether `moves` can be played one after another from `game`.
pub fn playable(game: &Breakthrough, moves: &[&str]) -> bool {
    let mut game = *game;
    for text in moves {
        match game.parse_move(text) {
            Ok(mv) => game = game.play(mv),
            Err(_) => return false,
        }
    }
    true
}
