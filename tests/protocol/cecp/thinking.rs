//! XBoard's thinking output and mate scores, `ping` and `?`, time controls, pondering,
//! analysis, and the `memory` and `cores` options.

use super::{moved, until_move};
use crate::harness::{is_thinking, playable, start, thinking_pv, Troyka, PATIENCE};
use std::time::Duration;

#[test]
fn post_shows_thinking_in_xboards_format_and_nopost_hides_it() {
    let mut troyka = Troyka::start_xboard();
    troyka.exchange("new");
    troyka.exchange("sd 5");
    troyka.exchange("post");
    troyka.send("go");
    let lines = until_move(&mut troyka);
    let thinking: Vec<&String> = lines.iter().filter(|l| is_thinking(l)).collect();
    assert_eq!(thinking.len(), lines.len() - 1, "{lines:#?}");
    let depths: Vec<i64> = thinking
        .iter()
        .map(|l| l.split(' ').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(depths, [1, 2, 3, 4, 5], "sd 5 stops at depth 5");
    for line in &thinking {
        assert!(playable(&start(), &thinking_pv(line)), "{line}");
    }
    troyka.exchange("force");
    troyka.exchange("new");
    // `new` forgets the depth limit.
    troyka.exchange("sd 5");
    troyka.exchange("nopost");
    troyka.send("go");
    let lines = until_move(&mut troyka);
    assert_eq!(lines.len(), 1, "{lines:#?}");
}

#[test]
fn forced_wins_use_xboards_mate_scores() {
    let mut troyka = Troyka::start_xboard();
    troyka.exchange("new");
    troyka.exchange("force");
    troyka.exchange("post");
    troyka.exchange("sd 3");
    // White wins with its next move: mate in 1 is 100001.
    troyka.exchange("setboard p6p/1P6/8/8/8/8/8/8 w - - 0 1");
    troyka.send("go");
    let lines = until_move(&mut troyka);
    let last = &lines[lines.len() - 2];
    assert_eq!(last.split(' ').nth(1), Some("100001"), "{lines:#?}");
}

#[test]
fn ping_waits_for_the_engines_move_and_question_mark_moves_now() {
    let mut troyka = Troyka::start_xboard();
    troyka.exchange("new");
    troyka.exchange("st 60");
    troyka.send("go");
    troyka.send("ping 77");
    // No pong while the engine thinks about its move.
    assert!(troyka
        .collect_for(Duration::from_millis(300))
        .iter()
        .all(|line| line != "pong 77"));
    troyka.send("?");
    let lines = troyka.until(PATIENCE, |line| line == "pong 77");
    let at = lines.iter().position(|l| l.starts_with("move ")).unwrap();
    assert_eq!(at, lines.len() - 2, "the move comes just before the pong");
    assert!(playable(&start(), &[moved(&lines[at])]));
}

#[test]
fn time_controls_limit_the_engines_thinking() {
    let mut troyka = Troyka::start_xboard();
    troyka.exchange("new");
    // Incremental and conventional levels with minutes:seconds, clocks in centiseconds.
    for level in ["level 0 0:02 0.1", "level 40 0:05 0", "level 0 1 0"] {
        assert!(troyka.exchange(level).is_empty(), "{level}");
        troyka.exchange("force");
        troyka.exchange("new");
        troyka.exchange("time 150");
        troyka.exchange("otim 150");
        troyka.send("go");
        until_move(&mut troyka);
    }
    assert!(troyka.exchange("st 0.2").is_empty());
    troyka.exchange("force");
    troyka.exchange("new");
    troyka.send("go");
    until_move(&mut troyka);
    // A negative clock (a flag fallen) counts as zero; the engine still moves.
    troyka.exchange("force");
    troyka.exchange("new");
    troyka.exchange("level 0 1 0");
    assert_eq!(
        troyka.exchange("time -50"),
        [
            "Error (time needs a time in centiseconds, not '-50': it is negative, so 0 is used): \
          time -50"
        ]
    );
    troyka.send("go");
    until_move(&mut troyka);
}

#[test]
fn hard_ponders_on_the_expected_reply_and_hint_names_it() {
    let mut troyka = Troyka::start_xboard();
    troyka.exchange("new");
    troyka.exchange("sd 6");
    troyka.exchange("post");
    troyka.exchange("hard");
    troyka.send("go");
    until_move(&mut troyka);
    // The ponder search starts with the hint, then thinks on the opponent's time.
    let hint_line = troyka.until(PATIENCE, |line| line.starts_with("Hint: "));
    let expected = hint_line.last().unwrap()["Hint: ".len()..].to_string();
    let hints = troyka.exchange("hint");
    let listed: Vec<&String> = hints.iter().filter(|l| l.starts_with("Hint: ")).collect();
    assert_eq!(listed, [&format!("Hint: {expected}")], "{hints:#?}");
    // The expected reply: the engine searches again under its clock and moves.
    troyka.send(&format!("usermove {expected}"));
    until_move(&mut troyka);
    // `easy` stops pondering: no thinking output after it.
    troyka.exchange("easy");
    assert!(troyka
        .collect_for(Duration::from_millis(300))
        .iter()
        .all(|line| !is_thinking(line)));
}

#[test]
fn analyze_thinks_about_every_position_until_exit() {
    let mut troyka = Troyka::start_xboard();
    troyka.exchange("new");
    troyka.exchange("force");
    troyka.exchange("post");
    troyka.send("analyze");
    let first = troyka.until(PATIENCE, is_thinking);
    assert!(playable(&start(), &thinking_pv(first.last().unwrap())));
    // `.`: the status of the last finished depth.
    troyka.send(".");
    let status = troyka.until(PATIENCE, |line| line.starts_with("stat01: "));
    let fields: Vec<&str> = status.last().unwrap().split(' ').collect();
    assert_eq!(fields.len(), 7, "{fields:?}");
    assert_eq!(fields[4], "0", "no moves left at the finished depth");
    assert_eq!(fields[5], "22", "the start position has 22 moves");
    assert!(playable(&start(), &[fields[6]]));
    // A move: the analysis goes on from the new position.
    troyka.send("usermove e2e3");
    let after = start().play(start().parse_move("e2e3").unwrap());
    let mut newer = Vec::new();
    while newer.len() < 3 {
        let line = troyka.until(PATIENCE, is_thinking).pop().unwrap();
        if playable(&after, &thinking_pv(&line)) && !playable(&start(), &thinking_pv(&line)) {
            newer.push(line);
        }
    }
    // Undo: back to the start.
    troyka.send("undo");
    loop {
        let line = troyka.until(PATIENCE, is_thinking).pop().unwrap();
        if playable(&start(), &thinking_pv(&line)) && !playable(&after, &thinking_pv(&line)) {
            break;
        }
    }
    // `exit` ends the analysis.
    troyka.exchange("exit");
    assert!(troyka
        .collect_for(Duration::from_millis(300))
        .iter()
        .all(|line| !is_thinking(line)));
}

#[test]
fn options_memory_and_cores_are_applied_and_bad_ones_named() {
    let mut troyka = Troyka::start_xboard();
    for command in [
        "memory 16",
        "cores 2",
        "option Move Overhead=50",
        "option MultiPV=3",
        "option Use NNUE=0",
        "option Use NNUE=1",
        "option Clear Hash",
        "option Debug Log File=",
    ] {
        assert!(troyka.exchange(command).is_empty(), "{command}");
    }
    let cases = [
        (
            "option Bogus=1",
            "Error (unknown option 'Bogus'): option Bogus=1",
        ),
        (
            "option MultiPV=0",
            "Error (option MultiPV must be from 1 to 256, not 0): option MultiPV=0",
        ),
        (
            "option Use NNUE=maybe",
            "Error (option Use NNUE needs true or false, not 'maybe'): option Use NNUE=maybe",
        ),
        (
            "memory -1",
            "Error (memory needs a number of megabytes, not '-1': it is negative): memory -1",
        ),
        (
            "cores 99999999999999999999",
            "Error (cores needs a number of cores, not '99999999999999999999': it is too \
             large): cores 99999999999999999999",
        ),
    ];
    for (command, error) in cases {
        assert_eq!(troyka.exchange(command), [error], "{command}");
    }
    // MultiPV 3 shows in analysis: three lines per depth.
    troyka.exchange("new");
    troyka.exchange("force");
    troyka.send("analyze");
    let lines = troyka.until(PATIENCE, |line| line.starts_with("3 "));
    let depth_two: Vec<&String> = lines.iter().filter(|l| l.starts_with("2 ")).collect();
    assert_eq!(depth_two.len(), 3, "{lines:#?}");
    troyka.exchange("exit");
}

#[test]
fn quit_ends_the_engine_even_while_it_analyses() {
    let mut troyka = Troyka::start_xboard();
    troyka.exchange("new");
    troyka.send("analyze");
    troyka.until(PATIENCE, is_thinking);
    troyka.send("quit");
    assert!(troyka.wait_exit(PATIENCE).is_some_and(|s| s.success()));
}
