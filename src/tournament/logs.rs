//! The two log files: the engines' stderr (always kept, created when the first line comes)
//! and, with `--log`, every line sent to or received from an engine. Lines carry the time
//! since the event started and the engine instance, because several games write at once.

use std::fs::{File, OpenOptions};
use std::io::{LineWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Instant;

/// A file opened on first use, so a run whose engines never write to stderr leaves no file.
struct LazyFile {
    path: PathBuf,
    file: Mutex<Option<LineWriter<File>>>,
}

impl LazyFile {
    fn new(path: &Path) -> LazyFile {
        LazyFile {
            path: path.to_path_buf(),
            file: Mutex::new(None),
        }
    }

    fn write_line(&self, line: &str) {
        let mut slot = self.file.lock().unwrap_or_else(|e| e.into_inner());
        if slot.is_none() {
            // A log that cannot be written must not stop the event; say so once.
            match OpenOptions::new()
                .create(true)
                .append(true)
                .open(&self.path)
            {
                Ok(file) => *slot = Some(LineWriter::new(file)),
                Err(error) => {
                    eprintln!("warning: cannot write {}: {error}", self.path.display());
                    return;
                }
            }
        }
        if let Some(file) = slot.as_mut() {
            let _ = writeln!(file, "{line}");
        }
    }
}

pub struct Logs {
    started: Instant,
    stderr: LazyFile,
    traffic: Option<LazyFile>,
}

/// Which way a protocol line went.
#[derive(Clone, Copy)]
pub enum LineDirection {
    ToEngine,
    FromEngine,
}

impl Logs {
    pub fn new(stderr_path: &Path, traffic_path: Option<&Path>) -> Logs {
        Logs {
            started: Instant::now(),
            stderr: LazyFile::new(stderr_path),
            traffic: traffic_path.map(LazyFile::new),
        }
    }

    fn stamp(&self) -> String {
        format!("{:>10.3}", self.started.elapsed().as_secs_f64())
    }

    pub fn stderr(&self, engine: &str, line: &str) {
        self.stderr
            .write_line(&format!("{} {engine}: {line}", self.stamp()));
    }

    pub fn traffic(&self, engine: &str, direction: LineDirection, line: &str) {
        if let Some(file) = &self.traffic {
            let arrow = match direction {
                LineDirection::ToEngine => "<",
                LineDirection::FromEngine => ">",
            };
            file.write_line(&format!("{} {engine} {arrow} {line}", self.stamp()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_appear_only_when_written() {
        let dir = std::env::temp_dir().join(format!("troyka-logs-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (stderr, traffic) = (dir.join("stderr.log"), dir.join("traffic.log"));
        let logs = Logs::new(&stderr, Some(&traffic));
        assert!(!stderr.exists());
        logs.traffic("a#1", LineDirection::ToEngine, "uci");
        logs.traffic("a#1", LineDirection::FromEngine, "uciok");
        logs.stderr("a#1", "warming up");
        let traffic_text = std::fs::read_to_string(&traffic).unwrap();
        assert!(traffic_text.contains("a#1 < uci\n"), "{traffic_text}");
        assert!(traffic_text.contains("a#1 > uciok\n"), "{traffic_text}");
        let stderr_text = std::fs::read_to_string(&stderr).unwrap();
        assert!(stderr_text.ends_with("a#1: warming up\n"), "{stderr_text}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
