//! `go` and everything around it: info lines, bestmove, stop, ponder, timing.

use crate::harness::{best_move, field, playable, pv, start, Troyka, PATIENCE};
use std::thread::sleep;
use std::time::{Duration, Instant};

/// Far above the measured latencies (a few milliseconds); the guarantee is 50 ms.
const PROMPTLY: Duration = Duration::from_millis(1000);

fn count_bestmoves(lines: &[String]) -> usize {
    lines
        .iter()
        .filter(|line| line.starts_with("bestmove"))
        .count()
}

#[test]
fn info_lines_carry_their_fields_and_legal_pvs() {
    let mut troyka = Troyka::start();
    troyka.send("position startpos moves e2e3");
    troyka.send("go depth 5");
    let lines = troyka.until_bestmove();
    let game = start().play(start().parse_move("e2e3").unwrap());
    let infos: Vec<&String> = lines.iter().filter(|l| l.starts_with("info ")).collect();
    assert!(infos.len() >= 5, "{lines:#?}");
    for line in &infos {
        for key in [
            "depth", "seldepth", "multipv", "nodes", "nps", "hashfull", "time",
        ] {
            assert!(field(line, key).is_some(), "{key} in {line}");
        }
        assert!(
            field(line, "cp").is_some() || field(line, "mate").is_some(),
            "score in {line}"
        );
        assert!(playable(&game, &pv(line)), "legal pv in {line}");
    }
    let depths: Vec<i64> = infos.iter().filter_map(|l| field(l, "depth")).collect();
    assert_eq!(*depths.iter().max().unwrap(), 5);
    let bestmove = lines.last().unwrap();
    assert!(playable(&game, &[best_move(bestmove)]), "{bestmove}");
    assert_eq!(count_bestmoves(&lines), 1);
}

/// A search stopped mid-iteration still ends with an `info` that has the final numbers.
#[test]
fn the_last_info_before_bestmove_has_score_nodes_nps_and_time() {
    let mut troyka = Troyka::start();
    for go in [
        "go movetime 150",
        "go depth 3",
        "go nodes 3000",
        "go infinite",
    ] {
        troyka.send(go);
        if go == "go infinite" {
            sleep(Duration::from_millis(150));
            troyka.send("stop");
        }
        let lines = troyka.until_bestmove();
        let last_info = lines
            .iter()
            .rev()
            .find(|line| line.starts_with("info "))
            .unwrap_or_else(|| panic!("{go}: no info in {lines:#?}"));
        assert!(!last_info.starts_with("info string"), "{go}: {last_info}");
        for key in ["nodes", "nps", "time"] {
            assert!(
                field(last_info, key).is_some(),
                "{go}: {key} in {last_info}"
            );
        }
        assert!(
            field(last_info, "cp").is_some() || field(last_info, "mate").is_some(),
            "{go}: score in {last_info}"
        );
    }
}

#[test]
fn multipv_reports_several_distinct_lines() {
    let mut troyka = Troyka::start();
    troyka.ask("setoption name MultiPV value 3");
    troyka.send("go depth 4");
    let lines = troyka.until_bestmove();
    let last_depth: Vec<&String> = lines
        .iter()
        .filter(|line| field(line, "depth") == Some(4))
        .collect();
    let mut firsts = Vec::new();
    for k in 1..=3 {
        let line = last_depth
            .iter()
            .rev()
            .find(|line| field(line, "multipv") == Some(k))
            .unwrap_or_else(|| panic!("multipv {k} at depth 4 in {lines:#?}"));
        firsts.push(pv(line)[0].to_string());
    }
    firsts.dedup();
    assert_eq!(firsts.len(), 3, "{firsts:?}");
}

#[test]
fn searchmoves_restricts_the_root() {
    let mut troyka = Troyka::start();
    troyka.send("go depth 3 searchmoves a2a3 h2-h3");
    let lines = troyka.until_bestmove();
    let best = best_move(lines.last().unwrap());
    assert!(["a2a3", "h2h3"].contains(&best), "{best}");

    let answer = troyka.ask("go depth 3 searchmoves a2a3 a2a4");
    assert_eq!(
        answer,
        [
            "info string error: go ignored: searchmoves (word 6): 'a2a4' is not a legal move \
          in this position"
        ]
    );
    assert!(troyka.collect_for(Duration::from_millis(300)).is_empty());
}

#[test]
fn go_nodes_with_one_thread_is_deterministic() {
    let mut troyka = Troyka::start();
    let run = |troyka: &mut Troyka| {
        troyka.ask("ucinewgame");
        troyka.ask("position startpos moves d2d3 e7e6");
        troyka.send("go nodes 20000");
        // Everything but the clock readings.
        troyka
            .until_bestmove()
            .into_iter()
            .map(|line| {
                let words: Vec<&str> = line.split_whitespace().collect();
                let mut kept = Vec::new();
                let mut i = 0;
                while i < words.len() {
                    if words[i] == "nps" || words[i] == "time" {
                        i += 2;
                    } else {
                        kept.push(words[i]);
                        i += 1;
                    }
                }
                kept.join(" ")
            })
            .collect::<Vec<_>>()
    };
    let first = run(&mut troyka);
    let second = run(&mut troyka);
    assert_eq!(first, second);
    let nodes = first
        .iter()
        .rev()
        .find_map(|line| field(line, "nodes"))
        .unwrap();
    assert!((20000..22000).contains(&nodes), "{nodes}");
}

#[test]
fn mate_counts_moves_in_uci_and_plies_in_ugi() {
    // White wins in 3 plies (a6-a7, any, a7-a8); black to move loses in 4.
    let cases = [
        ("uci", "7p/8/P7/8/8/8/8/8 w", "mate 2"),
        ("ugi", "7p/8/P7/8/8/8/8/8 w", "mate 3"),
        ("uci", "7p/8/P7/8/8/8/8/8 b", "mate -2"),
        ("ugi", "7p/8/P7/8/8/8/8/8 b", "mate -4"),
    ];
    for (dialect, fen, score) in cases {
        let mut troyka = Troyka::start();
        troyka.send(dialect);
        troyka.until(PATIENCE, |line| line.ends_with("ok"));
        troyka.send(&format!("position fen {fen}"));
        troyka.send("go depth 6");
        let lines = troyka.until_bestmove();
        let last_info = lines.iter().rev().find(|l| l.starts_with("info")).unwrap();
        assert!(
            last_info.contains(&format!("score {score} ")),
            "{dialect} {fen}: {last_info}"
        );
    }
}

#[test]
fn go_on_a_finished_game_answers_0000_at_once() {
    let mut troyka = Troyka::start();
    for (position, winner) in [
        ("position fen P7/8/8/8/8/8/8/8 b", "white"),
        ("position fen 7p/P7/8/8/8/8/8/8 w moves a7a8", "white"),
        ("position fen 8/8/8/8/8/8/8/p7 w", "black"),
    ] {
        troyka.send(position);
        for go in [
            "go depth 5",
            "go infinite",
            "go ponder wtime 1000 btime 1000",
        ] {
            troyka.send(go);
            let lines = troyka.until_bestmove();
            assert_eq!(
                lines,
                [
                    format!(
                        "info string the game is over ({winner} won): there is no move to search"
                    ),
                    "bestmove 0000".into()
                ],
                "{position}: {go}"
            );
        }
    }
}

#[test]
fn isready_is_answered_during_a_search() {
    let mut troyka = Troyka::start();
    troyka.send("go infinite");
    troyka.until_prefix("info depth");
    sleep(Duration::from_millis(100));
    let asked = Instant::now();
    troyka.send("isready");
    let lines = troyka.until(PATIENCE, |line| line == "readyok");
    assert!(asked.elapsed() < PROMPTLY, "{:?}", asked.elapsed());
    assert_eq!(count_bestmoves(&lines), 0, "{lines:#?}");
    troyka.send("stop");
    troyka.until_bestmove();
}

#[test]
fn go_infinite_holds_bestmove_until_stop_which_answers_promptly() {
    let mut troyka = Troyka::start();
    // With a depth limit the search ends quickly, but bestmove still waits.
    troyka.send("go infinite depth 2");
    let waiting = troyka.collect_for(Duration::from_millis(500));
    assert!(
        !waiting.is_empty() && count_bestmoves(&waiting) == 0,
        "{waiting:#?}"
    );
    troyka.send("stop");
    let lines = troyka.until(PROMPTLY, |line| line.starts_with("bestmove"));
    assert!(playable(&start(), &[best_move(lines.last().unwrap())]));

    troyka.send("go infinite");
    sleep(Duration::from_millis(300));
    let stopped = Instant::now();
    troyka.send("stop");
    troyka.until(PROMPTLY, |line| line.starts_with("bestmove"));
    assert!(stopped.elapsed() < PROMPTLY);
    assert!(troyka.collect_for(Duration::from_millis(200)).is_empty());
}

#[test]
fn go_ponder_holds_bestmove_until_ponderhit_or_stop() {
    let mut troyka = Troyka::start();
    troyka.send("go ponder wtime 2000 btime 2000");
    let waiting = troyka.collect_for(Duration::from_millis(500));
    assert_eq!(count_bestmoves(&waiting), 0, "{waiting:#?}");
    // After ponderhit the clock runs: 2 s left, so a move well within that.
    troyka.send("ponderhit");
    let hit = Instant::now();
    troyka.until(Duration::from_secs(2), |line| line.starts_with("bestmove"));
    assert!(hit.elapsed() < Duration::from_secs(2));

    troyka.send("go ponder wtime 60000 btime 60000");
    sleep(Duration::from_millis(200));
    troyka.send("stop");
    troyka.until(PROMPTLY, |line| line.starts_with("bestmove"));
    assert!(troyka.collect_for(Duration::from_millis(200)).is_empty());
}

#[test]
fn many_rapid_go_stop_cycles_give_one_bestmove_per_go() {
    let mut troyka = Troyka::start();
    let gos = [
        "go infinite",
        "go depth 1",
        "go nodes 500",
        "go movetime 5",
        "go wtime 100 btime 100",
        "go ponder wtime 100 btime 100",
    ];
    let cycles = 120;
    for i in 0..cycles {
        troyka.send(gos[i % gos.len()]);
        if i % 3 != 0 {
            troyka.send("stop");
        } else if gos[i % gos.len()].contains("infinite") || gos[i % gos.len()].contains("ponder") {
            troyka.send("ponderhit");
            troyka.send("stop");
        }
    }
    let mut lines = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(30);
    while count_bestmoves(&lines) < cycles && Instant::now() < deadline {
        lines.extend(troyka.until_bestmove());
    }
    lines.extend(troyka.collect_for(Duration::from_millis(300)));
    assert_eq!(count_bestmoves(&lines), cycles);
    for line in lines.iter().filter(|line| line.starts_with("bestmove")) {
        assert!(playable(&start(), &[best_move(line)]), "{line}");
    }
    assert!(
        lines.iter().all(|line| !line.contains("error")),
        "{:#?}",
        lines
            .iter()
            .filter(|l| l.contains("error"))
            .collect::<Vec<_>>()
    );
}

#[test]
fn movetime_and_clocks_are_honoured() {
    let mut troyka = Troyka::start();
    for (go, limit) in [
        ("go movetime 200", 200),
        ("go wtime 1000 btime 1000 winc 10 binc 10", 1000),
        ("go btime 1000 wtime 1000", 1000),
        ("go p1time 1000 p2time 5000", 1000),
        ("go wtime 50 btime 50000", 50),
    ] {
        let asked = Instant::now();
        troyka.send(go);
        troyka.until(PATIENCE, |line| line.starts_with("bestmove"));
        let took = asked.elapsed();
        // The guarantee is `limit` (movetime: limit + 20 ms); the slack covers the load.
        assert!(
            took < Duration::from_millis(limit + 400),
            "{go}: answered after {took:?}"
        );
    }
}

#[test]
fn state_changes_during_an_endless_search_are_refused() {
    let mut troyka = Troyka::start();
    troyka.send("go infinite");
    troyka.until_prefix("info depth");
    troyka.refused_while_searching(&[
        ("position startpos moves a2a3", "position"),
        ("setoption name BoardSize value 5x5", "setoption"),
        ("ucinewgame", "ucinewgame"),
        ("go depth 1", "go"),
        ("perft 1", "perft"),
    ]);
    // Reading commands are answered while it runs.
    troyka.send("query p1turn");
    troyka.until(PATIENCE, |line| line == "response true");
    troyka.send("stop");
    troyka.until_bestmove();
    assert_eq!(
        troyka.fen(),
        "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w 0 1"
    );
}

#[test]
fn state_changes_during_a_limited_search_wait_for_its_bestmove() {
    let mut troyka = Troyka::start();
    troyka.send("go movetime 300");
    troyka.send("position startpos moves a2a3");
    troyka.send("d");
    let lines = troyka.until_prefix("Fen: ");
    let bestmove = lines
        .iter()
        .position(|l| l.starts_with("bestmove"))
        .unwrap();
    assert!(
        playable(&start(), &[best_move(&lines[bestmove])]),
        "the search was of the old position"
    );
    assert!(lines.last().unwrap().contains(" b 0 1"), "{lines:#?}");
}

/// A whole game against itself at 1 s + 10 ms a side, timed from outside as a GUI would:
/// no clock may run out.
#[test]
fn never_loses_on_time_in_a_one_second_game() {
    let mut troyka = Troyka::start();
    let mut clocks = [1000_i64, 1000];
    let mut game = start();
    let mut moves: Vec<String> = Vec::new();
    while game.winner().is_none() && moves.len() < 300 {
        let side = game.side_to_move() as usize;
        troyka.send(&format!("position startpos moves {}", moves.join(" ")));
        let asked = Instant::now();
        troyka.send(&format!(
            "go wtime {} btime {} winc 10 binc 10",
            clocks[0], clocks[1]
        ));
        let lines = troyka.until_bestmove();
        clocks[side] -= asked.elapsed().as_millis() as i64;
        assert!(
            clocks[side] > 0,
            "side {side} lost on time at move {}: {clocks:?}",
            moves.len() + 1
        );
        clocks[side] += 10;
        let mv = best_move(lines.last().unwrap()).to_string();
        game = game.play(game.parse_move(&mv).expect("a legal bestmove"));
        moves.push(mv);
    }
    assert!(game.winner().is_some(), "the game ends: {moves:?}");
}

/// Starts the engine in `dialect` (`uci` or `ugi`), its handshake read.
fn start_in(dialect: &str) -> Troyka {
    let mut troyka = Troyka::start();
    troyka.send(dialect);
    troyka.until(PATIENCE, |line| line == format!("{dialect}ok"));
    troyka
}

/// The `pv` of the last `info depth` line before the `bestmove` that ends `lines`.
fn last_pv(lines: &[String]) -> Vec<&str> {
    let last = lines.iter().rev().find(|l| l.starts_with("info depth"));
    pv(last.unwrap_or_else(|| panic!("no info depth line: {lines:#?}")))
}

#[test]
fn bestmove_names_the_reply_to_ponder_on_in_uci_and_is_the_move_alone_in_ugi() {
    // UCI, as Stockfish: the principal variation's first two moves.
    let mut troyka = start_in("uci");
    troyka.send("position startpos moves e2e3");
    troyka.send("go depth 4");
    let lines = troyka.until_bestmove();
    let line = last_pv(&lines);
    assert!(line.len() >= 2, "{lines:#?}");
    assert_eq!(
        lines.last().unwrap(),
        &format!("bestmove {} ponder {}", line[0], line[1])
    );
    // UGI: `bestmove <move>`, two words, as ugi.md writes it and cutegames reads it.
    let mut troyka = start_in("ugi");
    troyka.send("position startpos moves e2e3");
    troyka.send("go depth 4");
    let lines = troyka.until_bestmove();
    let line = last_pv(&lines);
    assert!(line.len() >= 2, "a reply it could have named: {lines:#?}");
    assert_eq!(lines.last().unwrap(), &format!("bestmove {}", line[0]));
}

#[test]
fn ugi_bestmove_is_the_move_alone_after_every_kind_of_go() {
    let mut troyka = start_in("ugi");
    let two_words = |troyka: &mut Troyka, what: &str| {
        let lines = troyka.until_bestmove();
        let bestmove = lines.last().unwrap();
        let words: Vec<&str> = bestmove.split(' ').collect();
        assert!(
            matches!(words[..], ["bestmove", mv] if playable(&start(), &[mv])),
            "{what}: {bestmove}"
        );
    };
    for go in [
        "go p1time 3000 p2time 3000 p1inc 10 p2inc 10",
        "go movetime 50",
        "go nodes 2000",
    ] {
        troyka.send(go);
        two_words(&mut troyka, go);
    }
    troyka.send("go infinite");
    sleep(Duration::from_millis(100));
    troyka.send("stop");
    two_words(&mut troyka, "go infinite, stop");
    // Pondering works as in UCI: the GUI chose the move to ponder on itself.
    troyka.send("go ponder p1time 2000 p2time 2000");
    let waiting = troyka.collect_for(Duration::from_millis(300));
    assert_eq!(count_bestmoves(&waiting), 0, "{waiting:#?}");
    troyka.send("ponderhit");
    two_words(&mut troyka, "go ponder, ponderhit");
    troyka.send("go ponder p1time 60000 p2time 60000");
    sleep(Duration::from_millis(100));
    troyka.send("stop");
    two_words(&mut troyka, "go ponder, stop");
    // The solver names the winning reply in UCI (see solve.rs), not here.
    troyka.send("position fen 4p3/8/8/8/8/8/1p1p4/2P5 w");
    troyka.send("go solve");
    let lines = troyka.until_bestmove();
    let bestmove = lines.last().unwrap();
    assert_eq!(bestmove.split(' ').count(), 2, "go solve: {bestmove}");
    assert!(troyka.collect_for(Duration::from_millis(200)).is_empty());
}

#[test]
fn bestmove_is_written_in_the_dialect_of_its_go() {
    // A handshake during a search chooses the dialect of the next `go`, not of this one.
    let mut troyka = start_in("uci");
    troyka.send("go infinite");
    troyka.until(PATIENCE, |line| field(line, "depth") >= Some(4));
    troyka.send("ugi");
    troyka.until(PATIENCE, |line| line == "ugiok");
    troyka.send("stop");
    let lines = troyka.until_bestmove();
    let line = last_pv(&lines);
    assert_eq!(
        lines.last().unwrap(),
        &format!("bestmove {} ponder {}", line[0], line[1])
    );
    troyka.send("go depth 4");
    let lines = troyka.until_bestmove();
    assert_eq!(
        lines.last().unwrap(),
        &format!("bestmove {}", last_pv(&lines)[0])
    );
}
