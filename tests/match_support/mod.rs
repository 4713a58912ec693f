//! Shared by the `troyka-match` integration tests: running the binary in a scratch
//! directory, and checking its output and PGN against each other.

#![allow(dead_code)] // Each test file uses a different part.

use std::path::{Path, PathBuf};
use std::process::Command;
use troyka::tournament::check::check_game;
use troyka::tournament::pgn::{self, PgnGame};

pub const MATCH: &str = env!("CARGO_BIN_EXE_troyka-match");

/// The fake engine with its arguments, as `--engine` words.
pub fn fake(name: &str, fault: &[&str]) -> Vec<String> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fake_engine.py");
    let mut words = vec![format!("name={name}"), format!("cmd={}", script.display())];
    words.extend(fault.iter().map(|arg| format!("arg={arg}")));
    words
}

/// A scratch directory, removed when dropped.
pub struct Scratch(pub PathBuf);

impl Scratch {
    pub fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("troyka-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    pub fn path(&self, file: &str) -> PathBuf {
        self.0.join(file)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// The engine's row of the final per-engine table (the last line that starts with its
    /// name).
    pub fn engine_row(&self, name: &str) -> &str {
        self.stdout
            .lines()
            .rev()
            .find(|line| line.split_whitespace().next() == Some(name))
            .unwrap_or_else(|| panic!("no row for {name} in\n{}", self.stdout))
    }
}

/// Runs a `troyka-match` event with its engines' stderr kept in `scratch`.
pub fn run(scratch: &Scratch, args: &[String]) -> Run {
    let stderr = scratch.path("stderr.log").display().to_string();
    command(scratch, &[args, &["--stderr".into(), stderr]].concat())
}

/// Runs `troyka-match` with exactly these arguments in `scratch`.
pub fn command(scratch: &Scratch, args: &[String]) -> Run {
    let output = Command::new(MATCH)
        .args(args)
        .current_dir(&scratch.0)
        .output()
        .unwrap();
    Run {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// `Finished game N (white vs black): result {reason}`, parsed.
#[derive(Debug)]
pub struct GameLine {
    pub number: usize,
    pub white: String,
    pub black: String,
    pub result: String,
    pub reason: String,
}

impl GameLine {
    pub fn winner(&self) -> &str {
        if self.result == "1-0" {
            &self.white
        } else {
            &self.black
        }
    }

    pub fn loser(&self) -> &str {
        if self.result == "1-0" {
            &self.black
        } else {
            &self.white
        }
    }
}

pub fn game_lines(stdout: &str) -> Vec<GameLine> {
    stdout
        .lines()
        .filter_map(|line| {
            let rest = line.strip_prefix("Finished game ")?;
            let (number, rest) = rest.split_once(" (")?;
            let (players, rest) = rest.split_once("): ")?;
            let (white, black) = players.split_once(" vs ")?;
            let (result, reason) = rest.split_once(" {")?;
            Some(GameLine {
                number: number.parse().ok()?,
                white: white.into(),
                black: black.into(),
                result: result.into(),
                reason: reason.strip_suffix('}')?.into(),
            })
        })
        .collect()
}

/// The last `Score of first vs second` block: wins, losses and the pentanomial counts.
pub fn final_score(stdout: &str, first: &str, second: &str) -> (u64, u64, [u64; 5]) {
    let prefix = format!("Score of {first} vs {second}: ");
    let lines: Vec<&str> = stdout.lines().collect();
    let at = lines
        .iter()
        .rposition(|line| line.starts_with(&prefix))
        .unwrap_or_else(|| panic!("no '{prefix}' line in\n{stdout}"));
    let words: Vec<&str> = lines[at][prefix.len()..].split_whitespace().collect();
    let (wins, losses, games) = (words[0], words[2], words[4]);
    let wins: u64 = wins.parse().unwrap();
    let losses: u64 = losses.parse().unwrap();
    assert_eq!(
        wins + losses,
        games.parse::<u64>().unwrap(),
        "{}",
        lines[at]
    );
    let ptnml = lines[at + 2]
        .strip_prefix("Ptnml(0-2): [")
        .and_then(|rest| rest.strip_suffix(']'))
        .unwrap_or_else(|| panic!("no Ptnml line after {}", lines[at]));
    let counts: Vec<u64> = ptnml.split(", ").map(|n| n.parse().unwrap()).collect();
    (wins, losses, counts.try_into().unwrap())
}

/// Checks that the final summary adds up to the game lines: the score counts every
/// game, and the pentanomial counts every colour-swapped pair of games.
pub fn check_summary(stdout: &str, first: &str, second: &str, games: usize) {
    let lines: Vec<GameLine> = game_lines(stdout)
        .into_iter()
        .filter(|g| {
            [&g.white, &g.black] == [first, second] || [&g.white, &g.black] == [second, first]
        })
        .collect();
    assert_eq!(lines.len(), games, "{stdout}");
    let (wins, losses, ptnml) = final_score(stdout, first, second);
    let first_wins = lines.iter().filter(|g| g.winner() == first).count() as u64;
    assert_eq!(
        (wins, losses),
        (first_wins, games as u64 - first_wins),
        "{stdout}"
    );
    // Games come in pairs, the same opening with colours swapped: first plays white in
    // the first game of each pair.
    assert_eq!(ptnml.iter().sum::<u64>(), games as u64 / 2, "{stdout}");
    assert_eq!(ptnml[1] + ptnml[3], 0, "Breakthrough has no draws");
    assert_eq!(ptnml[2] + 2 * ptnml[4], first_wins, "{stdout}");
}

/// Reads the PGN, replays it with the rules, and checks it against the game lines.
pub fn check_pgn(path: &Path, stdout: &str) -> Vec<PgnGame> {
    let text = std::fs::read_to_string(path).unwrap();
    let games = pgn::read(&text).unwrap();
    let lines = game_lines(stdout);
    assert_eq!(games.len(), lines.len());
    for game in &games {
        let round: usize = game.tag("Round").unwrap().parse().unwrap();
        let line = lines.iter().find(|l| l.number == round).unwrap();
        assert_eq!(game.tag("White"), Some(line.white.as_str()));
        assert_eq!(game.tag("Black"), Some(line.black.as_str()));
        assert_eq!(game.result, line.result);
        assert_eq!(game.tag("Variant"), Some("breakthrough"));
        assert_eq!(game.tag("SetUp"), Some("1"));
        assert_eq!(check_game(game), Ok(()), "round {round}");
    }
    games
}
