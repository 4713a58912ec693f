//! The Python scripts that have no engine of their own: `scripts/blunders` on two games of a
//! 4x4 position that the solver settles at once (in the first, White throws away a win that
//! one move would take; in the second it takes it), also classifying one player's losses;
//! `scripts/fsf-ladder`, with the test engine for Fairy-Stockfish; `scripts/spsa`'s
//! self-test of its step schedule and update (its games need the `tune` build, which `cargo
//! test` does not make);
//! `scripts/jm-breakthru`'s self-test; and `scripts/cutegames-games` without cutegames
//! (which the tests cannot build): its message when cutegames is missing, and its verdict
//! on a stand-in that reports forfeits.

use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

const GAMES: &str = r#"[Event "t"]
[White "alice"]
[Black "bob"]
[Result "0-1"]
[SetUp "1"]
[FEN "4/1P2/2p1/3P w 0 1"]

1. d1d2 {+0.10/3 0.010s} c2b1 {+M1/1 0.001s} {Black reaches the goal} 0-1

[Event "t"]
[White "bob"]
[Black "alice"]
[Result "1-0"]
[SetUp "1"]
[FEN "4/1P2/2p1/3P w 0 1"]

1. b3b4 {White reaches the goal} 1-0
"#;

/// A game whose losing move was a book move: nobody's mistake, the opening is decided.
const BOOK_GAME: &str = r#"[Event "t"]
[White "alice"]
[Black "bob"]
[Result "0-1"]
[SetUp "1"]
[FEN "4/1P2/2p1/3P w 0 1"]

1. d1d2 {book} c2b1 {+M1/1 0.001s} {Black reaches the goal} 0-1
"#;

/// A game alice lost on time before her first move, from a position she wins: her loss,
/// not the opening's (the last position of a forfeit is not the winner's).
const FORFEIT_GAME: &str = r#"[Event "t"]
[White "bob"]
[Black "alice"]
[Result "1-0"]
[SetUp "1"]
[FEN "4/1P2/2p1/3P w 0 1"]
[Termination "time forfeit"]

1. d1d2 {+0.10/3 0.010s} {Black loses on time} 1-0
"#;

/// Runs scripts/blunders on [`GAMES`] with `extra` arguments; its stdout.
fn blunders(extra: &[&str]) -> String {
    blunders_in(GAMES, extra)
}

/// Runs scripts/blunders on `games` with `extra` arguments; its stdout.
fn blunders_in(games: &str, extra: &[&str]) -> String {
    // Tests run in parallel: each run gets a file of its own.
    static RUNS: AtomicUsize = AtomicUsize::new(0);
    let pgn = std::env::temp_dir().join(format!(
        "troyka-blunders-{}-{}.pgn",
        std::process::id(),
        RUNS.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::write(&pgn, games).unwrap();
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/blunders");
    let run = Command::new("python3")
        .arg(script)
        .arg(&pgn)
        .args([
            "--troyka",
            env!("CARGO_BIN_EXE_troyka"),
            "--movetime",
            "5000",
        ])
        .args(extra)
        .output()
        .expect("python3 is needed to test scripts/blunders");
    let _ = std::fs::remove_file(&pgn);
    let stdout = String::from_utf8_lossy(&run.stdout).into_owned();
    assert!(
        run.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&run.stderr)
    );
    stdout
}

#[test]
fn a_win_thrown_away_is_found_and_a_win_taken_is_not() {
    let stdout = blunders(&[]);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert!(
        lines[0]
            .starts_with("game 1 ply 1: alice (white) played d1d2 {+0.10/3 0.010s} and loses; ")
            && lines[0].ends_with("wins within 1 moves; position fen 4/1P2/2p1/3P w 0 1"),
        "{stdout}"
    );
    // Game 1: both positions; game 2: its only one.
    assert_eq!(lines[1], "positions proved: 3; blunders: 1 (alice 1)");
}

/// `--loser`: alice lost game 1 by a blunder from a won opening, and game 2 as Black from
/// an opening White wins at once (so that alice never moved: the game's end is her first
/// position); bob lost none.
#[test]
fn losses_are_classified_as_decided_openings_or_mistakes() {
    let stdout = blunders(&["--loser", "alice"]);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 5, "{stdout}");
    assert!(lines[0].starts_with("game 1 ply 1: alice"), "{stdout}");
    assert_eq!(
        lines[1],
        "game 1: alice (white) lost: mistake: ply 1 (d1d2) threw the win away"
    );
    assert_eq!(
        lines[2],
        "game 2: alice (black) lost: decided: the game was lost for it before its first move"
    );
    assert_eq!(
        lines[4],
        "alice lost 2 games: 1 decided before its first move, 1 mistakes, 0 undetermined"
    );
    // A losing book move is the opening's, not alice's.
    let stdout = blunders_in(BOOK_GAME, &["--loser", "alice"]);
    assert!(
        stdout.starts_with("game 1: alice (white) lost: decided: "),
        "{stdout}"
    );
    let stdout = blunders_in(FORFEIT_GAME, &["--loser", "alice"]);
    assert!(
        stdout.starts_with(
            "game 1: alice (black) lost: mistake: the position it first moved in (after 1 plies) is won for it"
        ),
        "{stdout}"
    );
    let stdout = blunders(&["--loser", "bob"]);
    assert!(
        stdout.ends_with(
            "bob lost 0 games: 0 decided before its first move, 0 mistakes, 0 undetermined\n"
        ),
        "{stdout}"
    );
}

/// Runs `scripts/NAME --self-test`, which must pass, say `says` on stderr and write nothing
/// on stdout (for the adapter, stdout is the protocol's).
fn passes_its_self_test(name: &str, says: &str) {
    let script = format!("{}/scripts/{name}", env!("CARGO_MANIFEST_DIR"));
    let run = Command::new("python3")
        .args([&script, "--self-test"])
        .output()
        .unwrap_or_else(|e| panic!("python3 (3.9 or later) is needed to test {script}: {e}"));
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "{stderr}");
    assert!(stderr.contains(says), "{stderr}");
    assert!(run.stdout.is_empty(), "{name} --self-test wrote on stdout");
}

#[test]
fn the_spsa_tuner_passes_its_self_test() {
    passes_its_self_test("spsa", "spsa self-test passed");
}

/// scripts/jm-breakthru, the adapter through which troyka-match plays the Python program
/// jm-glowienke/Breakthru: its own copy of the rules, its square translations and its `go`
/// time limits, checked without the program's checkout (which the tests cannot fetch).
#[test]
fn the_jm_breakthru_adapter_passes_its_self_test() {
    passes_its_self_test("jm-breakthru", "self-test passed");
}

const CUTEGAMES_SCRIPT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/cutegames-games");

/// Runs scripts/cutegames-games with `args`, Troyka being the test build.
fn cutegames_games(args: &[&std::ffi::OsStr]) -> std::process::Output {
    Command::new("python3")
        .arg(CUTEGAMES_SCRIPT)
        .args(args)
        .env("TROYKA", env!("CARGO_BIN_EXE_troyka"))
        .output()
        .expect("python3 is needed to test scripts/cutegames-games")
}

/// scripts/cutegames-games without cutegames (which the tests cannot build): it says what
/// is missing and plays nothing.
#[test]
fn the_cutegames_script_says_when_cutegames_is_missing() {
    let run = cutegames_games(&[]);
    assert_eq!(run.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        stderr.starts_with("usage: scripts/cutegames-games CUTEGAMES"),
        "{stderr}"
    );
    let missing = std::env::temp_dir().join(format!("no-cutegames-{}", std::process::id()));
    let run = cutegames_games(&[missing.as_os_str()]);
    assert_eq!(run.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        stderr.contains("cutegames is missing") && stderr.contains(missing.to_str().unwrap()),
        "{stderr}"
    );
    assert!(
        run.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&run.stdout)
    );
}

/// A stand-in for cutegames that "plays" every match as cutegames reports a forfeit: each
/// game lost on time before a move, in its PGN and in its totals.
const FORFEITING_CUTEGAMES: &str = r#"#!/usr/bin/env python3
import json, sys
settings = json.load(open(sys.argv[sys.argv.index("--settings") + 1]))
opening = open(settings["openings"]["path"]).readline().strip()
with open(settings["pgn"]["path"], "w") as pgn:
    for _ in range(settings["games"]):
        pgn.write('[Event "e"]\n[Site "CuteGames"]\n[White "troyka-1"]\n'
                  '[Black "troyka-2"]\n[Result "0-1"]\n[FEN "%s"]\n'
                  '[Adjudicated "Out of time"]\n[PlyCount "0"]\n\n0-1\n\n\n' % opening)
print("Games finished: %d" % settings["games"])
print("Player 1 Score: +0-%d=0" % settings["games"])
"#;

/// scripts/cutegames-games fails every match whose games were forfeited, and says why.
#[test]
fn the_cutegames_script_fails_forfeited_games() {
    let directory = std::env::temp_dir().join(format!("cutegames-fake-{}", std::process::id()));
    std::fs::create_dir_all(&directory).unwrap();
    let fake = directory.join("cutegames");
    std::fs::write(&fake, FORFEITING_CUTEGAMES).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).unwrap();
    let out = directory.join("out");
    let run = cutegames_games(&[
        fake.as_os_str(),
        "--games".as_ref(),
        "2".as_ref(),
        "--out".as_ref(),
        out.as_os_str(),
    ]);
    let stdout = String::from_utf8_lossy(&run.stdout).to_string();
    let _ = std::fs::remove_dir_all(&directory);
    assert_eq!(run.status.code(), Some(1), "{stdout}");
    assert_eq!(
        stdout
            .matches("FAIL: game 2: adjudicated: Out of time")
            .count(),
        5,
        "{stdout}"
    );
    assert!(!stdout.contains("PASS"), "{stdout}");
    assert!(stdout.contains("0 of 5 matches passed"), "{stdout}");
}

#[test]
fn the_fsf_ladder_passes_its_self_test() {
    passes_its_self_test("fsf-ladder", "fsf-ladder self-test passed");
}

/// scripts/fsf-ladder end to end, with the test engine standing in for Fairy-Stockfish: two
/// rungs, a match at each and a step down to each, the table written, a ladder cut off
/// after its matches resumes from their logs without playing them again, `--combine`
/// adds up the matches of several runs, `--odds-only` plays no step down, `--compare`
/// pairs two runs' games by opening, and both find the rungs the runs played.
#[test]
fn the_fsf_ladder_plays_each_rung_and_resumes_from_its_logs() {
    let out = std::env::temp_dir().join(format!("troyka-ladder-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let root = env!("CARGO_MANIFEST_DIR");
    let run = || {
        Command::new("python3")
            .arg(format!("{root}/scripts/fsf-ladder"))
            .args(["--fsf", &format!("{root}/tests/fake_engine.py")])
            .args(["--troyka", env!("CARGO_BIN_EXE_troyka")])
            .args(["--match", env!("CARGO_BIN_EXE_troyka-match")])
            .args(["--size", "6x6", "--tc", "0.5+0.01", "--games", "2"])
            .args(["--rungs", "nodes=400,depth=1", "--out"])
            .arg(&out)
            .output()
            .expect("python3 is needed to test scripts/fsf-ladder")
    };
    let first = run();
    let stdout = String::from_utf8_lossy(&first.stdout);
    assert!(
        first.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&first.stderr)
    );
    let rows: Vec<&str> = stdout.lines().filter(|l| l.starts_with("| ")).collect();
    assert_eq!(rows.len(), 3, "{stdout}");
    // The test engine plays nearly at random: Troyka wins every game, even at depth 1, so
    // no rung's Elo has a finite bar.
    assert!(
        rows[1].starts_with("| nodes=400 | 2–0–0 (100.0 %), bar open | 2–0–0"),
        "{stdout}"
    );
    assert!(rows[1].contains("(from tc)"), "{stdout}");
    assert!(rows[2].starts_with("| depth=1 | 2–0–0"), "{stdout}");
    assert!(rows[2].contains("(from nodes400)"), "{stdout}");
    assert!(stdout.contains("in all matches: 0"), "{stdout}");
    assert_eq!(
        std::fs::read_to_string(out.join("ladder.md")).unwrap(),
        stdout
    );
    // A second run reads the four matches' logs and plays nothing: stderr, where each
    // match played is announced, stays empty.
    let second = run();
    assert!(second.status.success());
    assert_eq!(String::from_utf8_lossy(&second.stdout), stdout);
    assert!(
        second.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&second.stderr)
    );
    // Runs combined: the run counted twice doubles every match's games, and a rung no run
    // has played is listed as such.
    let combined = Command::new("python3")
        .arg(format!("{root}/scripts/fsf-ladder"))
        .args(["--rungs", "nodes=400,depth=1,nodes=9", "--combine"])
        .args([&out, &out])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&combined.stdout);
    assert!(combined.status.success(), "{text}");
    let rows: Vec<&str> = text.lines().filter(|l| l.starts_with("| ")).collect();
    assert_eq!(rows.len(), 4, "{text}");
    assert!(
        rows[1].starts_with("| nodes=400 | 4–0–0 (100.0 %), bar open | 4–0–0"),
        "{text}"
    );
    assert!(
        rows[3].starts_with("| nodes=9 | not played | not played (from depth1) | — |"),
        "{text}"
    );
    // Without --rungs, the rungs the run played, in the order of its steps down.
    let found = Command::new("python3")
        .arg(format!("{root}/scripts/fsf-ladder"))
        .arg("--combine")
        .arg(&out)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&found.stdout);
    assert!(found.status.success(), "{text}");
    let rungs: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("| ")?.split(" |").next())
        .collect();
    assert_eq!(rungs, ["rung", "nodes=400", "depth=1"], "{text}");
    // Another run, of the matches against Fairy-Stockfish alone, with four games: the same
    // seed, so its first pair starts from the first run's opening.
    let odds_only = out.join("odds-only");
    let output = Command::new("python3")
        .arg(format!("{root}/scripts/fsf-ladder"))
        .args(["--fsf", &format!("{root}/tests/fake_engine.py")])
        .args(["--troyka", env!("CARGO_BIN_EXE_troyka")])
        .args(["--match", env!("CARGO_BIN_EXE_troyka-match")])
        .args(["--size", "6x6", "--tc", "0.5+0.01", "--games", "4"])
        .args(["--rungs", "nodes=400", "--odds-only", "--out"])
        .arg(&odds_only)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{text}");
    assert!(
        text.contains("| nodes=400 | 4–0–0 (100.0 %), bar open | not played (from tc) | — |"),
        "{text}"
    );
    assert!(!odds_only.join("step-tc-nodes400.log").exists());
    let compare = |new: &std::path::Path, old: &std::path::Path| {
        let output = Command::new("python3")
            .arg(format!("{root}/scripts/fsf-ladder"))
            .arg("--compare")
            .args([new, old])
            .output()
            .unwrap();
        assert!(output.status.success(), "{output:?}");
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    // The run against itself: both pairs, no difference; Troyka won every game, where Elo
    // has no figure.
    let text = compare(&odds_only, &odds_only);
    assert!(
        text.contains("| nodes=400 | 2 | 100.0 % | 100.0 % | +0.000 ± 0.000 | undefined"),
        "{text}"
    );
    // Against the first run: the one pair both played, too few for a spread, and the rung
    // only the first run played, with no pair.
    let text = compare(&odds_only, &out);
    assert!(text.contains("| nodes=400 | 1 | — |"), "{text}");
    assert!(text.contains("| depth=1 | 0 | — |"), "{text}");
    let _ = std::fs::remove_dir_all(&out);
}
