//! `go` on Breakthru as on Breakthrough: every limit (depth, nodes, movetime, the clocks,
//! infinite, ponder, mate, searchmoves), `stop` and `ponderhit`, MultiPV and Threads, each
//! ending in exactly one `bestmove` that is a whole legal turn, with principal variations of
//! legal turns; and mate scores, which count legs.

use crate::breakthru_support::{breakthru, breakthru_in, check_bestmove, check_pv, game};
use crate::harness::{best_move, field, pv, Troyka, PATIENCE};
use std::thread::sleep;
use std::time::Duration;
use troyka::game::Game;
use troyka::games::breakthru::BreakthruGame;

fn bestmoves(lines: &[String]) -> Vec<&String> {
    lines.iter().filter(|l| l.starts_with("bestmove")).collect()
}

/// The `info` lines with a score (not `info string`).
fn infos(lines: &[String]) -> Vec<&String> {
    lines
        .iter()
        .filter(|l| l.starts_with("info ") && !l.starts_with("info string"))
        .collect()
}

/// Sends `go`, waits for its `bestmove`, and checks it and every principal variation
/// against the position the engine is set to; returns the lines.
fn search(troyka: &mut Troyka, go: &str) -> Vec<String> {
    let game = game(troyka);
    troyka.send(go);
    let lines = troyka.until_bestmove();
    assert_eq!(bestmoves(&lines).len(), 1, "{go}: {lines:#?}");
    check_bestmove(&game, lines.last().unwrap());
    for line in infos(&lines) {
        check_pv(&game, line);
    }
    lines
}

#[test]
fn depth_and_nodes_limit_the_search() {
    let mut troyka = breakthru();
    troyka.ask("position startpos moves d5c5,d6c6");
    let lines = search(&mut troyka, "go depth 4");
    let depths: Vec<i64> = infos(&lines)
        .iter()
        .filter_map(|l| field(l, "depth"))
        .collect();
    assert_eq!(depths, [1, 2, 3, 4], "{lines:#?}");
    // `nodes`, with one thread, is exact and the same every time.
    let run = |troyka: &mut Troyka| {
        troyka.ask("ucinewgame");
        troyka.ask("position startpos moves d5c5,d6c6");
        let lines = search(troyka, "go nodes 8000");
        let last = infos(&lines).last().copied().cloned().unwrap();
        (
            field(&last, "nodes"),
            pv(&last).join(" "),
            lines.last().cloned(),
        )
    };
    let first = run(&mut troyka);
    assert_eq!(first.0, Some(8000), "{first:?}");
    assert_eq!(run(&mut troyka), first);
}

/// Each of these searches ends by its own limit, with no `stop`: the clock that counts is
/// the side to move's (a search on the other side's clock alone would last minutes).
#[test]
fn movetime_and_clocks_end_the_search_for_either_side() {
    let mut troyka = breakthru();
    for (position, go) in [
        ("startpos", "go movetime 200"),
        ("startpos", "go wtime 1000 btime 600000 winc 10 binc 10"),
        ("startpos", "go wtime 1500 btime 600000 movestogo 1"),
        (
            "startpos moves f6f5",
            "go wtime 600000 btime 1000 winc 10 binc 10",
        ),
        ("startpos moves f6f5", "go p1time 600000 p2time 500 p2inc 5"),
        ("startpos moves f6f5", "go btime 50 wtime 600000"),
    ] {
        troyka.ask(&format!("position {position}"));
        search(&mut troyka, go);
    }
}

#[test]
fn go_infinite_holds_bestmove_until_stop() {
    let mut troyka = breakthru();
    troyka.ask("position startpos moves d5c5,d6c6");
    let game = game(&mut troyka);
    // With a depth limit the search ends at once, but bestmove still waits.
    troyka.send("go infinite depth 2");
    let waiting = troyka.collect_for(Duration::from_millis(500));
    assert!(
        !waiting.is_empty() && bestmoves(&waiting).is_empty(),
        "{waiting:#?}"
    );
    troyka.send("stop");
    let lines = troyka.until_bestmove();
    check_bestmove(&game, lines.last().unwrap());
    // Stopped in the middle of a deep search: one bestmove, a whole turn.
    troyka.send("go infinite");
    sleep(Duration::from_millis(300));
    troyka.send("stop");
    let lines = troyka.until_bestmove();
    check_bestmove(&game, lines.last().unwrap());
    assert!(troyka.collect_for(Duration::from_millis(200)).is_empty());
}

#[test]
fn go_ponder_holds_bestmove_until_ponderhit_or_stop() {
    let mut troyka = breakthru();
    // The engine ponders on silver's reply to gold's turn.
    troyka.ask("position startpos moves f6f5");
    let game = game(&mut troyka);
    troyka.send("go ponder wtime 2000 btime 2000");
    let waiting = troyka.collect_for(Duration::from_millis(500));
    assert!(bestmoves(&waiting).is_empty(), "{waiting:#?}");
    // After `ponderhit` the search is timed, and ends by itself.
    troyka.send("ponderhit");
    let lines = troyka.until_bestmove();
    check_bestmove(&game, lines.last().unwrap());
    // The ponder move it names is a whole turn gold may play then.
    troyka.send("go ponder wtime 60000 btime 60000");
    sleep(Duration::from_millis(200));
    troyka.send("stop");
    let lines = troyka.until_bestmove();
    check_bestmove(&game, lines.last().unwrap());
    assert!(troyka.collect_for(Duration::from_millis(200)).is_empty());
}

#[test]
fn rapid_go_and_stop_give_one_legal_turn_per_go() {
    let mut troyka = breakthru();
    troyka.ask("position startpos moves d5c5,d6c6 b4c5");
    let game = game(&mut troyka);
    let gos = [
        "go infinite",
        "go depth 2",
        "go nodes 300",
        "go movetime 5",
        "go wtime 100 btime 100",
        "go ponder wtime 100 btime 100",
    ];
    let cycles = 36;
    for i in 0..cycles {
        let go = gos[i % gos.len()];
        troyka.send(go);
        if go.contains("ponder") {
            troyka.send("ponderhit");
        }
        if i % 3 != 0 || go.contains("infinite") {
            troyka.send("stop");
        }
    }
    let mut lines = Vec::new();
    while bestmoves(&lines).len() < cycles {
        lines.extend(troyka.until_bestmove());
    }
    lines.extend(troyka.collect_for(Duration::from_millis(300)));
    assert_eq!(bestmoves(&lines).len(), cycles);
    for line in bestmoves(&lines) {
        check_bestmove(&game, line);
    }
    assert!(!lines.iter().any(|l| l.contains("error")), "{lines:#?}");
}

/// Gold's flagship on f6 walled in by its four escorts, and one silver ship: gold opens two
/// lines with its two slides, silver can close one with its one, and the flagship escapes.
const WALLED_IN: &str = "11/11/11/11/5E5/4EFE4/5E5/11/11/11/s10";

#[test]
fn mate_scores_count_legs_in_both_dialects() {
    for dialect in ["uci", "ugi"] {
        let mut troyka = breakthru_in(dialect);
        for (position, mate) in [
            // The flagship escapes with its next leg.
            ("11/11/11/11/11/5F5/11/11/11/11/s10 g 0 1", 1),
            // Silver takes the flagship with its next leg.
            ("11/11/11/11/4s6/5F5/11/11/11/11/11 s 0 1", 1),
            // Silver's one ship slides (a whole turn), then the flagship escapes.
            ("11/11/11/11/11/5F5/11/11/11/11/s10 s 0 1", -2),
            // Silver's two slides, then the escape.
            ("11/11/11/11/11/5F5/11/11/11/11/ss9 s 0 1", -3),
            // Gold's two slides, silver's one, the escape.
            (&format!("{WALLED_IN} g 0 1"), 4),
        ] {
            troyka.ask(&format!("position fen {position}"));
            let lines = search(&mut troyka, "go depth 6");
            let last = infos(&lines).last().copied().cloned().unwrap();
            assert_eq!(
                field(&last, "mate"),
                Some(mate),
                "{dialect} {position}: {lines:#?}"
            );
        }
    }
}

#[test]
fn go_mate_stops_at_a_win_within_twice_as_many_legs() {
    let mut troyka = breakthru();
    troyka.ask(&format!("position fen {WALLED_IN} g 0 1"));
    // A win in 4 legs is within `mate 2` (4 plies): the search stops once it is found.
    let lines = search(&mut troyka, "go mate 2");
    let last = infos(&lines).last().copied().cloned().unwrap();
    assert_eq!(field(&last, "mate"), Some(4), "{lines:#?}");
    assert!(field(&last, "depth") < Some(8), "{lines:#?}");
    // It is not within `mate 1`: the search goes on (here, to its deepest).
    let lines = search(&mut troyka, "go mate 1");
    let last = infos(&lines).last().copied().cloned().unwrap();
    assert!(field(&last, "depth") > Some(20), "{last}");
}

#[test]
fn multipv_lines_begin_with_different_turns() {
    let mut troyka = breakthru();
    troyka.ask("setoption name MultiPV value 40");
    let game = BreakthruGame::start();
    let lines = search(&mut troyka, "go depth 3");
    let deepest: Vec<&String> = infos(&lines)
        .into_iter()
        .filter(|l| field(l, "depth") == Some(3) && !l.contains("bound "))
        .collect();
    let numbers: Vec<i64> = deepest.iter().filter_map(|l| field(l, "multipv")).collect();
    // Numbered 1, 2, 3, ... with no gap.
    assert!(numbers.len() > 10, "{lines:#?}");
    assert_eq!(numbers, (1..=numbers.len() as i64).collect::<Vec<_>>());
    let mut firsts: Vec<&str> = deepest.iter().map(|l| pv(l)[0]).collect();
    // Two slides that can go in either order are one turn, shown once.
    let count = firsts.len();
    firsts.sort_unstable();
    firsts.dedup();
    assert_eq!(firsts.len(), count, "{deepest:#?}");
    // The best line's first turn is the bestmove.
    let best = best_move(lines.last().unwrap());
    assert_eq!(pv(deepest[0])[0], best);
    check_bestmove(&game, lines.last().unwrap());
}

#[test]
fn threads_search_whole_legal_turns() {
    let mut troyka = breakthru();
    troyka.ask("setoption name Threads value 3");
    troyka.ask("position startpos moves d5c5,d6c6");
    for go in ["go movetime 150", "go depth 4", "go nodes 20000"] {
        search(&mut troyka, go);
    }
    troyka.send("go infinite");
    troyka.until_prefix("info depth");
    troyka.send("stop");
    let lines = troyka.until(PATIENCE, |l| l.starts_with("bestmove"));
    check_bestmove(&game(&mut troyka), lines.last().unwrap());
}

#[test]
fn searchmoves_restricts_the_first_leg() {
    let mut troyka = breakthru();
    // The flagship's two slides: the turn is one of them.
    let lines = search(&mut troyka, "go depth 3 searchmoves f6f5 f6f7");
    let best = best_move(lines.last().unwrap());
    assert!(["f6f5", "f6f7"].contains(&best), "{best}");
    // A turn of two slides restricts the leg it begins with (in canonical order): the
    // turn played begins with that leg, whatever the second.
    let lines = search(&mut troyka, "go depth 3 searchmoves d6c6,d5c5");
    let best = best_move(lines.last().unwrap());
    let turn = BreakthruGame::start().parse_turn(best).unwrap();
    let d5c5 = BreakthruGame::start().parse_move("d5c5").unwrap();
    assert!(turn.len() == 2 && turn.contains(&d5c5), "{best}");
    // Silver's turn of two slides, as `bestmove d10d9,h10h9` writes one.
    troyka.ask("position startpos moves f6f5");
    let lines = search(&mut troyka, "go depth 3 searchmoves d10d9,h10h9");
    let best = best_move(lines.last().unwrap());
    let legs: Vec<&str> = best.split(',').collect();
    assert!(legs.len() == 2 && legs.contains(&"d10d9"), "{best}");
}

#[test]
fn bestmove_is_a_turn_and_its_reply_in_uci_and_the_turn_alone_in_ugi() {
    for dialect in ["uci", "ugi"] {
        let mut troyka = breakthru_in(dialect);
        troyka.ask("position startpos moves d5c5,d6c6");
        let lines = search(&mut troyka, "go depth 6");
        let last = infos(&lines).last().copied().cloned().unwrap();
        let line = pv(&last);
        assert!(line.len() >= 2, "{dialect}: a whole reply: {lines:#?}");
        let expected = match dialect {
            "uci" => format!("bestmove {} ponder {}", line[0], line[1]),
            _ => format!("bestmove {}", line[0]),
        };
        assert_eq!(lines.last().unwrap(), &expected, "{dialect}: {lines:#?}");
    }
}
