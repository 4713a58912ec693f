//! `go solve`: proofs asked for over the protocol, reported as `info` lines and one
//! `bestmove`.

use crate::harness::{best_move, field, pv, Troyka, PATIENCE};
use std::thread::sleep;
use std::time::{Duration, Instant};
use troyka::games::breakthrough::Breakthrough;

fn solve(position: &str, go: &str) -> Vec<String> {
    let mut troyka = Troyka::start();
    troyka.send(&format!("position fen {position}"));
    troyka.send(go);
    troyka.until_bestmove()
}

#[test]
fn a_won_position_is_proved_with_its_winning_move() {
    // Black's c3 threatens a safe step: only b2c3 wins.
    let lines = solve("pp6/8/8/8/8/2p5/1P6/7P w", "go solve");
    let result = lines
        .iter()
        .find(|l| l.starts_with("info depth"))
        .expect("a result line");
    assert!(field(result, "mate").unwrap() > 0, "{result}");
    assert_eq!(pv(result)[0], "b2c3");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string solved: white wins; proof of")),
        "{lines:#?}"
    );
    assert_eq!(best_move(lines.last().unwrap()), "b2c3");
}

#[test]
fn a_lost_position_is_proved_lost_and_a_legal_move_is_played() {
    let fen = "4p3/8/8/8/8/8/1p1p4/2P5 w";
    let lines = solve(fen, "go solve");
    let result = lines.iter().find(|l| l.starts_with("info depth")).unwrap();
    assert_eq!(field(result, "mate"), Some(-1), "{result}");
    let game = Breakthrough::from_fen(fen).unwrap();
    assert!(game.parse_move(best_move(lines.last().unwrap())).is_ok());
    let bestmove = lines.last().unwrap();
    assert!(
        bestmove.contains(" ponder "),
        "the winning reply: {bestmove}"
    );
}

#[test]
fn ugi_counts_the_proof_in_plies() {
    let mut troyka = Troyka::start();
    troyka.ask("ugi");
    troyka.send("position fen 6pp/8/2P5/8/8/8/8/8 w");
    troyka.send("go solve");
    let lines = troyka.until_bestmove();
    let result = lines.iter().find(|l| l.starts_with("info depth")).unwrap();
    assert_eq!(field(result, "mate"), Some(3), "{result}");
    assert_eq!(field(result, "depth"), Some(3), "{result}");
}

#[test]
fn a_solve_that_runs_out_of_time_says_so_and_moves() {
    let mut troyka = Troyka::start();
    let started = Instant::now();
    troyka.send("go solve movetime 1500");
    let lines = troyka.until(PATIENCE, |l| l.starts_with("bestmove"));
    assert!(started.elapsed() < Duration::from_secs(8), "{lines:#?}");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info nodes") && l.contains("string solving: proof number")),
        "progress lines: {lines:#?}"
    );
    let last_info = &lines[lines.len() - 2];
    assert!(
        last_info.contains("string solve stopped: not proved"),
        "{last_info}"
    );
    assert!(
        troyka::games::breakthrough::Breakthrough::start("8x8".parse().unwrap())
            .parse_move(best_move(lines.last().unwrap()))
            .is_ok()
    );
}

#[test]
fn go_solve_infinite_waits_for_stop_and_answers_isready_meanwhile() {
    let mut troyka = Troyka::start();
    troyka.send("go solve infinite");
    sleep(Duration::from_millis(300));
    let lines = troyka.ask("position startpos moves a2a3");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("error: 'position' ignored")),
        "{lines:#?}"
    );
    troyka.send("stop");
    let lines = troyka.until_bestmove();
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("bestmove")).count(),
        1
    );
    // A solved position still holds its bestmove until stop.
    troyka.send("position fen 6pp/8/2P5/8/8/8/8/8 w");
    troyka.send("go solve infinite");
    let early = troyka.collect_for(Duration::from_millis(500));
    assert!(
        early.iter().all(|l| !l.starts_with("bestmove")),
        "{early:#?}"
    );
    troyka.send("stop");
    let lines = troyka.until_bestmove();
    assert!(
        best_move(lines.last().unwrap()).starts_with("c6"),
        "{lines:#?}"
    );
}

#[test]
fn go_solve_with_search_limits_is_refused() {
    let mut troyka = Troyka::start();
    let lines = troyka.ask("go solve depth 4");
    assert_eq!(
        lines,
        ["info string error: 'solve' combines only with 'movetime', 'nodes' and 'infinite' (word 2)"]
    );
}
