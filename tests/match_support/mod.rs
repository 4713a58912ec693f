//! Shared by the `troyka-match` integration tests: running the binary in a scratch
//! directory, and checking its output and PGN against each other.

#![allow(dead_code)] // Each test file uses a different part.

use std::path::{Path, PathBuf};
use std::process::Command;
use troyka::game::Game;
use troyka::games::breakthrough::{BoardSize, Breakthrough};
use troyka::tournament::check_pgn::check_game;
use troyka::tournament::pgn::{self, PgnGame};

pub const MATCH: &str = env!("CARGO_BIN_EXE_troyka-match");

/// The fake engine with its arguments, as `--engine` words.
pub fn fake(name: &str, fault: &[&str]) -> Vec<String> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fake_engine.py");
    let mut words = vec![format!("name={name}"), format!("cmd={}", script.display())];
    words.extend(fault.iter().map(|arg| format!("arg={arg}")));
    words
}

/// The arguments of an event of Troyka (`one`) against Troyka (`two`): both engines, then
/// `words` (limits and options after `--each`, the game, games, openings, outputs).
pub fn two_troykas(words: &[&str]) -> Vec<String> {
    let cmd = format!("cmd={}", env!("CARGO_BIN_EXE_troyka"));
    let engines = ["--engine", "name=one", &cmd, "--engine", "name=two", &cmd];
    engines
        .iter()
        .chain(words)
        .map(|word| word.to_string())
        .collect()
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
    /// The winner's name; `None` for a draw.
    pub fn winner(&self) -> Option<&str> {
        match self.result.as_str() {
            "1-0" => Some(&self.white),
            "0-1" => Some(&self.black),
            _ => None,
        }
    }

    /// The loser's name; `None` for a draw.
    pub fn loser(&self) -> Option<&str> {
        match self.result.as_str() {
            "1-0" => Some(&self.black),
            "0-1" => Some(&self.white),
            _ => None,
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

/// The first engine's results in the last `Score of first vs second` block.
pub struct FinalScore {
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    pub ptnml: [u64; 5],
}

/// The last `Score of first vs second: W - L - D [score] N` block: the first engine's
/// wins, draws, losses and the pentanomial counts.
pub fn final_score(stdout: &str, first: &str, second: &str) -> FinalScore {
    let prefix = format!("Score of {first} vs {second}: ");
    let lines: Vec<&str> = stdout.lines().collect();
    let at = lines
        .iter()
        .rposition(|line| line.starts_with(&prefix))
        .unwrap_or_else(|| panic!("no '{prefix}' line in\n{stdout}"));
    let words: Vec<&str> = lines[at][prefix.len()..].split_whitespace().collect();
    let number = |index: usize| -> u64 { words[index].parse().unwrap() };
    let (wins, losses, draws, games) = (number(0), number(2), number(4), number(6));
    assert_eq!(wins + losses + draws, games, "{}", lines[at]);
    let ptnml = lines[at..]
        .iter()
        .find_map(|line| line.strip_prefix("Ptnml(0-2): ["))
        .and_then(|rest| rest.strip_suffix(']'))
        .unwrap_or_else(|| panic!("no Ptnml line after {}", lines[at]));
    let counts: Vec<u64> = ptnml.split(", ").map(|n| n.parse().unwrap()).collect();
    FinalScore {
        wins,
        draws,
        losses,
        ptnml: counts.try_into().unwrap(),
    }
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
    let score = final_score(stdout, first, second);
    let count = |winner: Option<&str>| lines.iter().filter(|g| g.winner() == winner).count();
    let (first_wins, draws) = (count(Some(first)) as u64, count(None) as u64);
    assert_eq!(
        (score.wins, score.draws, score.losses),
        (first_wins, draws, games as u64 - first_wins - draws),
        "{stdout}"
    );
    // Games come in pairs, the same opening with colours swapped: first plays white in
    // the first game of each pair. Bucket i holds the pairs where first scored i half
    // points; only a pair with exactly one draw has an odd number of them.
    let ptnml = score.ptnml;
    assert_eq!(ptnml.iter().sum::<u64>(), games as u64 / 2, "{stdout}");
    let half_points: u64 = (0..5).map(|i| i as u64 * ptnml[i]).sum();
    assert_eq!(half_points, 2 * first_wins + draws, "{stdout}");
    let one_draw_pairs = ptnml[1] + ptnml[3];
    assert!(one_draw_pairs <= draws, "{stdout}");
    assert_eq!((draws - one_draw_pairs) % 2, 0, "{stdout}");
}

/// Reads the PGN of a Breakthrough event, replays it with the rules, and checks it against
/// the game lines.
pub fn check_pgn(path: &Path, stdout: &str) -> Vec<PgnGame<Breakthrough>> {
    check_pgn_of(path, stdout, &Breakthrough::start(BoardSize::STANDARD))
}

/// Reads the PGN of an event of `start`'s game, replays it with the rules, and checks it
/// against the game lines.
pub fn check_pgn_of<G: Game>(path: &Path, stdout: &str, start: &G) -> Vec<PgnGame<G>> {
    let text = std::fs::read_to_string(path).unwrap();
    let games = pgn::read(&text, start).unwrap();
    let lines = game_lines(stdout);
    assert_eq!(games.len(), lines.len());
    for game in &games {
        let round: usize = game.tag("Round").unwrap().parse().unwrap();
        let line = lines.iter().find(|l| l.number == round).unwrap();
        assert_eq!(game.tag("White"), Some(line.white.as_str()));
        assert_eq!(game.tag("Black"), Some(line.black.as_str()));
        assert_eq!(game.result, line.result);
        assert_eq!(game.final_comment.as_deref(), Some(line.reason.as_str()));
        assert_eq!(game.tag("Variant"), Some(G::PGN_VARIANT));
        assert_eq!(game.tag("SetUp"), Some("1"));
        assert_eq!(check_game(game), Ok(()), "round {round}");
    }
    games
}
