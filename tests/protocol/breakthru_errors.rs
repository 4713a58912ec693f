//! Bad Breakthru input: every illegal or malformed turn, position string, `go` and option
//! gets exactly one `info string error:` line that says what is wrong, and changes nothing
//! `d` shows (the board, the position string, the key, whether the game is over).

use crate::breakthru_support::{assert_refused, breakthru, endings, shown, SHUFFLE, START};
use std::time::Duration;

#[test]
fn illegal_turns_are_refused_whole() {
    let mut troyka = breakthru();
    // Not the start: a refused line must keep this position, not fall back to another.
    let set = "position startpos moves d5c5,d6c6";
    assert!(troyka.ask(set).is_empty());
    for (turns, says) in [
        // Squares off the board, and text that is no leg.
        ("l5l6", "leg 'l5l6': bad file 'l' in square 'l5' (files are a to k)"),
        (
            "a12a11",
            "leg 'a12a11': rank 12 of square 'a12' is off the board (ranks are 1 to 11)",
        ),
        ("a0a1", "leg 'a0a1': rank 0 of square 'a0' is off the board"),
        ("d2", "'d2' is not a leg (a leg is two squares, as d10d9)"),
        ("d2c2,", "'' is not a leg"),
        ("d2c2,d10d9,e10e9", "'d2c2,d10d9,e10e9' has 3 legs: a turn has one or two"),
        // Legs the rules do not allow.
        ("e5e6,d10d9", "e5e6 is not legal: there is no piece on e5"),
        ("e4e3,d10d9", "e4e3 is not legal: e4 holds a piece of the other side, and silver is to move"),
        ("d2d8,d10d9", "d2d8 is not legal: the slide is blocked on d7"),
        ("d2e2,d10d9", "d2e2 is not legal: e2 is taken: slides end on empty squares"),
        ("d2e3,d10d9", "d2e3 is not legal: a diagonal step must capture an enemy, and e3 holds none"),
        ("d2e4,d10d9", "d2e4 is not legal: d2 to e4 is neither a slide along a rank or file nor a diagonal step"),
        // A turn not whole, or more than one.
        ("d2c2", "d2c2 needs a second slide"),
        ("d2c2,c2c1", "c2c1 is not legal after d2c2: the ship on c2 has already slid"),
        // b4 takes the escort on c5: a capture is a whole turn, and no second leg may be one.
        ("b4c5,e2e3", "no second leg may follow: b4c5 is a capture, which is a whole turn"),
        ("d2c2,b4c5", "b4c5 is not legal after d2c2: the second leg of a turn cannot be a capture"),
    ] {
        assert_refused(
            &mut troyka,
            &format!("{set} {turns}"),
            &format!("position unchanged: move 2 (word 5): {}", says),
        );
    }
    // Gold's own: the flagship's slide is a whole turn, and never a second slide.
    troyka.ask("position startpos");
    for (turns, says) in [
        (
            "f6f5,d5c5",
            "no second leg may follow: f6f5 moves the flagship, which is a whole turn",
        ),
        (
            "d5c5,f6f5",
            "f6f5 is not legal after d5c5: the flagship cannot make the second slide",
        ),
        (
            "d5c5,d5c4",
            "d5c4 is not legal after d5c5: there is no piece on d5",
        ),
        ("d5c5,c5c4", "the ship on c5 has already slid this turn"),
    ] {
        assert_refused(
            &mut troyka,
            &format!("position startpos moves {turns}"),
            says,
        );
    }
}

#[test]
fn no_turn_follows_the_end_of_a_game() {
    let mut troyka = breakthru();
    for ending in endings() {
        troyka.ask(&ending.position);
        assert_refused(
            &mut troyka,
            &format!("{} d10d9,h10h9", ending.position),
            "position unchanged: move ",
        );
    }
    let drawn = [SHUFFLE.join(" "), SHUFFLE.join(" ")].join(" ");
    troyka.ask(&format!("position startpos moves {drawn}"));
    assert_refused(
        &mut troyka,
        &format!("position startpos moves {drawn} d5c5,d6c6"),
        "'d5c5,d6c6' cannot be played: the game is drawn by repetition",
    );
}

#[test]
fn bad_position_strings_are_refused() {
    let mut troyka = breakthru();
    troyka.ask("position startpos moves d5c5,d6c6");
    let start = |tail: &str| format!("position fen {}", START.replace(" g 0 1", tail));
    for (command, says) in [
        (
            "position fen 11/11/11/11/11/4FF5/11/11/11/11/s10 g 0 1".to_string(),
            "two flagships: gold has one",
        ),
        (
            "position fen 11/11/EEEEEEEEEEE/EE9/11/5F5/11/11/11/11/s10 g 0 1".into(),
            "13 escorts: gold has at most 12",
        ),
        (
            "position fen sssssssssss/sssssssssss/11/11/11/5F5/11/11/11/11/11 s 0 1".into(),
            "22 silver ships: silver has at most 20",
        ),
        (
            start(" g 101 7"),
            "101 turns without a capture: the game is drawn at 100",
        ),
        (start(" g 0 0"), "turn number 0: turns count from 1"),
        (
            start(" g -1 1"),
            "bad count of turns without a capture '-1'",
        ),
        (start(" g 0 1 x"), "unexpected 'x' after the turn number"),
        (
            start(" w 0 1"),
            "bad side to move 'w' (expected 'g' for gold or 's' for silver)",
        ),
        (
            start(""),
            "missing side to move ('g' or 's' after the board)",
        ),
        (
            "position fen 11/11/11/11/11/5F5/11/11/11/s10 g".into(),
            "10 ranks in '11/11/11/11/11/5F5/11/11/11/s10': a position has 11",
        ),
        (
            "position fen 11/11/11/11/11/5F6/11/11/11/11/s10 g".into(),
            "rank 6 ('5F6') has 12 squares: a rank has 11",
        ),
        (
            "position fen 11/11/11/11/11/5F05/11/11/11/11/s10 g".into(),
            "bad run of empty squares '05' in rank 6",
        ),
        (
            "position fen 11/11/11/11/11/5K5/11/11/11/11/s10 g".into(),
            "unknown character 'K' in rank 6: expected F, E, s or a number",
        ),
        // Breakthrough's start is no Breakthru position.
        (
            "position fen pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w 0 1".into(),
            "8 ranks in",
        ),
    ] {
        let error = assert_refused(&mut troyka, &command, says);
        let quoted = format!(
            "position unchanged: bad position string '{}",
            &command[13..22]
        );
        assert!(error.contains(&quoted), "{error}");
    }
}

#[test]
fn bad_go_lines_are_refused_without_a_bestmove() {
    let mut troyka = breakthru();
    troyka.ask("position startpos moves d5c5,d6c6");
    for (go, says) in [
        (
            "go depth 3 searchmoves d2c2",
            "go ignored: searchmoves (word 5): d2c2 needs a second slide",
        ),
        (
            "go depth 3 searchmoves d2c2,d2c1",
            "d2c1 is not legal after d2c2: there is no piece on d2",
        ),
        (
            "go depth 3 searchmoves e4e3",
            "e4 holds a piece of the other side",
        ),
        (
            "go depth ten",
            "'depth' needs a number of plies, not 'ten' (word 3)",
        ),
        ("go solve", "go ignored: breakthru cannot be solved"),
    ] {
        assert_refused(&mut troyka, go, says);
    }
    // No bestmove came later either.
    assert!(troyka.collect_for(Duration::from_millis(300)).is_empty());
}

#[test]
fn bad_options_keep_the_game() {
    let mut troyka = breakthru();
    troyka.ask("position startpos moves f6f5");
    for (command, says) in [
        (
            "setoption name UCI_Variant value breakthrux",
            "option UCI_Variant must be one of breakthrough, breakthrough5, breakthrough6, \
             breakthrough7, breakthru, relay, not 'breakthrux'",
        ),
        (
            "setoption name MultiPV value 0",
            "option MultiPV must be from 1 to 256, not 0",
        ),
        (
            "setoption name Threads value many",
            "option Threads needs a whole number",
        ),
    ] {
        assert_refused(&mut troyka, command, says);
    }
    // Choosing Breakthru again starts a new game.
    assert!(troyka
        .ask("setoption name UCI_Variant value BREAKTHRU")
        .is_empty());
    assert_eq!(troyka.fen(), START);
}

#[test]
fn a_search_until_stop_refuses_what_would_change_the_game() {
    let mut troyka = breakthru();
    troyka.ask("position startpos moves d5c5,d6c6");
    let before = shown(&mut troyka);
    troyka.send("go infinite");
    troyka.until_prefix("info depth");
    troyka.refused_while_searching(&[
        ("position startpos moves f6f5", "position"),
        ("setoption name UCI_Variant value breakthrough", "setoption"),
        ("ucinewgame", "ucinewgame"),
        ("go depth 1", "go"),
    ]);
    troyka.send("stop");
    let lines = troyka.until_bestmove();
    let game = crate::breakthru_support::game(&mut troyka);
    crate::breakthru_support::check_bestmove(&game, lines.last().unwrap());
    assert_eq!(shown(&mut troyka), before);
}
