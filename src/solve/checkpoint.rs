//! Checkpoints: the solver's table saved to a file, so that a long solve can stop and go on
//! in a later session. The table is all df-pn needs to resume: its proof numbers steer the
//! search back to where it was, and solved positions stay solved.
//!
//! The file is a short text header (`troyka-checkpoint 3`, the root as the game writes it
//! ([`Game::to_text`]), the nodes and seconds spent so far), then the table's entries, 16 bytes each, then a closing record whose data
//! word is zero and whose key is the number of entries. It is written to a temporary file
//! and renamed, so an interrupted save leaves the previous checkpoint intact. Version 3's keys
//! carry the positions' locality ([`super::symmetry`]); a table saved by version 2 is refused
//! rather than misread.

use super::table::Table;
use crate::game::Game;
use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Read, Write};
use std::path::Path;
use std::time::Duration;

/// Version 3: keys that carry the positions' locality; 2: keys shared by mirror images (see
/// [`super::symmetry`]).
const MAGIC: &str = "troyka-checkpoint 3";

/// The work spent on a solve over all its sessions.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Totals {
    pub nodes: u64,
    pub elapsed: Duration,
}

/// Saves `table` as the state of the solve of `root`, which has cost `totals` so far.
pub fn save<G: Game>(table: &Table, root: &G, totals: Totals, path: &Path) -> Result<(), String> {
    let fail = |e: std::io::Error| format!("cannot save the checkpoint {}: {e}", path.display());
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".tmp");
    let temporary = Path::new(&temporary);
    let mut out = BufWriter::new(File::create(temporary).map_err(fail)?);
    write!(
        out,
        "{MAGIC}\nroot {}\nnodes {}\nseconds {:.3}\n",
        root.to_text(),
        totals.nodes,
        totals.elapsed.as_secs_f64()
    )
    .map_err(fail)?;
    let count = table.save(&mut out).map_err(fail)?;
    out.write_all(&count.to_le_bytes()).map_err(fail)?;
    out.write_all(&0u64.to_le_bytes()).map_err(fail)?;
    out.into_inner()
        .map_err(|e| fail(e.into_error()))?
        .sync_all()
        .map_err(fail)?;
    std::fs::rename(temporary, path).map_err(fail)
}

/// Loads a checkpoint of the solve of `root` into `table`; returns what was spent so far.
pub fn load<G: Game + PartialEq>(table: &Table, root: &G, path: &Path) -> Result<Totals, String> {
    let bad = |what: &str| format!("{} is not a usable checkpoint: {what}", path.display());
    let file = File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut input = BufReader::new(file);
    let mut header = |key: &str| -> Result<String, String> {
        let mut line = String::new();
        input
            .read_line(&mut line)
            .map_err(|e| bad(&e.to_string()))?;
        let line = line.trim_end();
        if key == MAGIC {
            return (line == MAGIC).then(String::new).ok_or(bad("wrong header"));
        }
        line.strip_prefix(key)
            .and_then(|rest| rest.strip_prefix(' '))
            .map(str::to_string)
            .ok_or(bad(&format!("no '{key}' line")))
    };
    header(MAGIC)?;
    let saved_root = G::from_text(&header("root")?).map_err(|e| bad(&e))?;
    if saved_root != *root {
        return Err(bad(&format!(
            "it is for another position ({})",
            saved_root.to_text()
        )));
    }
    let nodes = header("nodes")?
        .parse()
        .map_err(|_| bad("bad node count"))?;
    let seconds: f64 = header("seconds")?
        .parse()
        .ok()
        .filter(|s: &f64| s.is_finite() && *s >= 0.0)
        .ok_or(bad("bad seconds"))?;
    let mut loaded = 0u64;
    let mut record = [0u8; 16];
    loop {
        input
            .read_exact(&mut record)
            .map_err(|_| bad("it is cut off"))?;
        let key = u64::from_le_bytes(record[..8].try_into().expect("8 bytes"));
        let data = u64::from_le_bytes(record[8..].try_into().expect("8 bytes"));
        if data == 0 {
            if key != loaded {
                return Err(bad("the entry count does not match"));
            }
            break;
        }
        table.restore(key, data);
        loaded += 1;
    }
    if input.read(&mut [0u8; 1]).map_err(|e| bad(&e.to_string()))? != 0 {
        return Err(bad("bytes after the end"));
    }
    Ok(Totals {
        nodes,
        elapsed: Duration::from_secs_f64(seconds.min(1e12)),
    })
}
