//! `troyka gui` run as the real binary for the tests: started on a free port (its printed
//! address read back), its engine processes counted, and stopped when dropped; [`api`], a
//! page's requests without a browser; and [`browser`], a headless Chromium driven over
//! WebDriver.

#![allow(dead_code)] // Each test file uses a different part.

pub mod api;
pub mod browser;

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// A running `troyka gui`.
pub struct Server {
    child: Child,
    /// `http://127.0.0.1:PORT/`
    pub url: String,
}

impl Server {
    /// Starts `troyka` (the binary at `exe`) as `troyka gui --port 0` and reads the address
    /// it prints.
    pub fn start(exe: &str) -> Server {
        let mut child = Command::new(exe)
            .args(["gui", "--port", "0"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("troyka gui starts");
        let mut stdout = BufReader::new(child.stdout.take().expect("piped"));
        let mut first = String::new();
        stdout
            .read_line(&mut first)
            .expect("troyka gui prints its address");
        // The rest is read and dropped, so that the server's output never blocks or breaks.
        std::thread::spawn(move || std::io::copy(&mut stdout, &mut std::io::sink()));
        let url = first
            .split_whitespace()
            .find(|word| word.starts_with("http://127.0.0.1:"))
            .unwrap_or_else(|| panic!("no address in {first:?}"))
            .to_string();
        Server { child, url }
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// `host:port`.
    pub fn authority(&self) -> &str {
        self.url.trim_start_matches("http://").trim_end_matches('/')
    }

    /// The server's child processes (its engines), zombies included: a process not yet
    /// waited for is still listed.
    pub fn children(&self) -> usize {
        children_of(self.pid()).len()
    }

    /// The process ids of the server's children (its engines).
    pub fn child_pids(&self) -> Vec<u32> {
        children_of(self.pid())
    }

    /// Sends the server the signal `name` (`TERM`, `INT`) with `kill`, and waits for it to
    /// exit: its status, or `None` if it is still running after `within`.
    pub fn signal_and_wait(&mut self, name: &str, within: Duration) -> Option<ExitStatus> {
        let sent = Command::new("kill")
            .args([format!("-{name}"), self.pid().to_string()])
            .status()
            .expect("kill runs");
        assert!(sent.success(), "kill -{name} failed");
        let start = Instant::now();
        while start.elapsed() < within {
            if let Some(status) = self.child.try_wait().expect("the server can be waited for") {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        None
    }

    /// Waits until the server has `count` child processes; whether it did in `within`.
    pub fn wait_for_children(&self, count: usize, within: Duration) -> bool {
        let start = Instant::now();
        while start.elapsed() < within {
            if self.children() == count {
                return true;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        false
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The processes that have `parent` as their parent, from `/proc/*/stat`.
fn children_of(parent: u32) -> Vec<u32> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(|entry| std::fs::read_to_string(entry.ok()?.path().join("stat")).ok())
        .filter_map(|stat| {
            // `pid (comm) state ppid …`: the command may hold spaces and parentheses.
            let (pid, after) = stat.split_once(" (")?;
            let after = after.rsplit_once(')').map_or("", |(_, rest)| rest);
            (after.split_whitespace().nth(1) == Some(&parent.to_string()))
                .then(|| pid.parse().ok())
                .flatten()
        })
        .collect()
}

/// Asserts that `troyka-match check-pgn` (the binary at `match_exe`) accepts the PGN `text`.
pub fn assert_pgn_checks(match_exe: &str, text: &str) {
    let file = std::env::temp_dir().join(format!(
        "troyka-gui-{}-{:?}.pgn",
        std::process::id(),
        std::thread::current().id()
    ));
    std::fs::write(&file, text).unwrap();
    let check = Command::new(match_exe)
        .arg("check-pgn")
        .arg(&file)
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&file);
    assert!(
        check.status.success(),
        "{}\n{text}",
        String::from_utf8_lossy(&check.stdout)
    );
}

/// Whether process `pid` exists (a zombie counts as gone: it has exited).
pub fn is_running(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        let state = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
        state.split_whitespace().next() != Some("Z")
    })
}
