//! `troyka-match` end to end: short node-limited events whose games must be legal, whose
//! PGN must read back (also as openings), and whose summaries must add up.

mod match_support;

use match_support::*;

/// A round robin of three fake engines from an opening file, two games at once.
#[test]
fn round_robin_adds_up_and_its_pgn_reads_back() {
    let scratch = Scratch::new("round-robin");
    let book = scratch.path("book.txt");
    std::fs::write(
        &book,
        "# two openings\nc2c3 f6f5\nppppppp/ppppppp/7/7/7/PPPPPPP/PPPPPPP b 0 1\n",
    )
    .unwrap();
    let pgn = scratch.path("games.pgn");
    let mut args = Vec::new();
    for name in ["ann", "bob", "cid"] {
        args.push("--engine".to_string());
        args.extend(fake(name, &["--name", name]));
    }
    args.extend(
        [
            "--each",
            "nodes=500",
            "--size",
            "7x7",
            "--games",
            "4",
            "--concurrency",
            "2",
            "--ratinginterval",
            "5",
            "--openings",
        ]
        .map(String::from),
    );
    args.push(format!("file={}", book.display()));
    args.push("--pgnout".into());
    args.push(pgn.display().to_string());
    let event = run(&scratch, &args);
    assert_eq!(event.code, 0, "{}\n{}", event.stdout, event.stderr);
    for (first, second) in [("ann", "bob"), ("ann", "cid"), ("bob", "cid")] {
        check_summary(&event.stdout, first, second, 4);
    }
    assert!(
        event.stdout.contains("Finished event: 12 games"),
        "{}",
        event.stdout
    );
    // Standings every five games, and at the end.
    assert_eq!(event.stdout.matches("Score of ann vs bob").count(), 3);

    let games = check_pgn(&pgn, &event.stdout);
    assert!(games
        .iter()
        .all(|g| g.tag("FEN").unwrap().starts_with("ppppppp/ppppppp/7/7/7/")));
    // Games 2k-1 and 2k play the same opening with colours swapped; the book line
    // `c2c3 f6f5` starts from the start position, the other opening is a position.
    let mut by_round = games.clone();
    by_round.sort_by_key(|g| g.tag("Round").unwrap().parse::<usize>().unwrap());
    let mut from_moves = 0;
    for pair in by_round.chunks(2) {
        let [a, b] = pair else {
            panic!("odd number of games")
        };
        assert_eq!(a.root, b.root);
        assert_eq!(
            (a.tag("White"), a.tag("Black")),
            (b.tag("Black"), b.tag("White"))
        );
        if a.root.side_to_move().name() == "white" {
            assert_eq!(a.moves[..2], b.moves[..2]);
            from_moves += 1;
        }
    }
    assert_eq!(from_moves, 3, "one pair per pairing from each opening");

    // check-pgn agrees, and the games serve as openings for another event.
    let check = command(&scratch, &["check-pgn".into(), pgn.display().to_string()]);
    assert_eq!(check.code, 0, "{}{}", check.stdout, check.stderr);
    assert!(check
        .stdout
        .contains("12 games, all consistent with the rules"));
    let mut again = Vec::new();
    for name in ["ann", "bob"] {
        again.push("--engine".to_string());
        again.extend(fake(name, &[]));
    }
    again.extend(["--each", "nodes=10", "--size", "7x7", "--openings"].map(String::from));
    again.push(format!("file={}", pgn.display()));
    again.push("plies=3".into());
    let rerun = run(&scratch, &again);
    assert_eq!(rerun.code, 0, "{}", rerun.stderr);
    check_summary(&rerun.stdout, "ann", "bob", 2);
}

/// Two Troyka instances at a node limit on 7x7, from the shipped suite: every game must
/// end by the rules (Troyka plays no illegal move and never forfeits), replay from the
/// PGN, and add up in the summary; the engines' info lines give depth and speed.
#[test]
fn troyka_against_troyka() {
    let scratch = Scratch::new("troyka-troyka");
    let pgn = scratch.path("games.pgn");
    let suite = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/openings/7x7.txt");
    let args = two_troykas(&[
        "--each",
        "nodes=3000",
        "option.Hash=8",
        "--size",
        "7x7",
        "--games",
        "4",
        "--concurrency",
        "2",
        "--openings",
        &format!("file={suite}"),
        "--pgnout",
        &pgn.display().to_string(),
    ]);
    let event = run(&scratch, &args);
    assert_eq!(event.code, 0, "{}\n{}", event.stdout, event.stderr);
    check_summary(&event.stdout, "one", "two", 4);
    let games = check_pgn(&pgn, &event.stdout);
    for game in &games {
        assert_eq!(game.tag("Termination"), Some("normal"));
        assert_eq!(game.root.size().to_string(), "7x7");
    }
    for name in ["one", "two"] {
        let row = event.engine_row(name);
        let words: Vec<&str> = row.split_whitespace().collect();
        // Engine, games, wins, draws, losses, score, average depth, average nps, forfeits.
        assert!(words[6].parse::<f64>().unwrap() >= 1.0, "{row}");
        assert!(words[7].parse::<u64>().unwrap() > 0, "{row}");
        assert_eq!(words[8], "0/0/0/0", "{row}");
    }
}

/// An option the engine refuses stops the event before the first game, with the engine's
/// words; settings that would cause time forfeits are warned of at the start.
#[test]
fn refused_options_stop_the_event_and_risky_settings_are_warned_of() {
    let scratch = Scratch::new("refused-option");
    let troyka = env!("CARGO_BIN_EXE_troyka");
    let args: Vec<String> = [
        "--engine",
        "name=one",
        &format!("cmd={troyka}"),
        "option.Hash=0",
        "--engine",
        "name=two",
        &format!("cmd={troyka}"),
        "--each",
        "st=0.05",
        "option.Threads=64",
        "--games",
        "2",
    ]
    .map(String::from)
    .to_vec();
    let event = run(&scratch, &args);
    assert_eq!(event.code, 2, "{}\n{}", event.stdout, event.stderr);
    assert!(
        event.stderr.contains(
            "engine 'one' refused option Hash=0: the engine answered 'info string error: \
             option Hash must be from 1 to 65536, not 0'"
        ),
        "{}",
        event.stderr
    );
    assert!(!event.stdout.contains("Finished game"), "{}", event.stdout);
    for warning in [
        "warning: 1 games at once with up to 64 threads",
        "warning: engine 'one' has 50 ms a move and no timemargin",
    ] {
        assert!(
            event.stderr.contains(warning),
            "{warning}: {}",
            event.stderr
        );
    }
}

/// `--maxmoves` draws by adjudication: a draw counts half a point in the score, the
/// colour lines, the pairs and the per-engine table, is written to the PGN as `1/2-1/2`
/// with `[Termination "adjudication"]`, and check-pgn accepts it. The fake engines play
/// alike, so every game reaches the limit except the one where bob's third move is
/// illegal: that pair scores 1½ for ann.
#[test]
fn adjudicated_draws_count_half_a_point() {
    let scratch = Scratch::new("draws");
    let pgn = scratch.path("games.pgn");
    let mut args = vec!["--engine".to_string()];
    args.extend(fake("ann", &[]));
    args.push("--engine".into());
    args.extend(fake("bob", &["--illegal-at", "3"]));
    args.extend(
        [
            "--each",
            "nodes=10",
            "--size",
            "5x5",
            "--games",
            "8",
            "--maxmoves",
            "4",
            "--openings",
            "random",
            "plies=2",
            "--pgnout",
        ]
        .map(String::from),
    );
    args.push(pgn.display().to_string());
    let event = run(&scratch, &args);
    assert_eq!(event.code, 0, "{}\n{}", event.stdout, event.stderr);
    check_summary(&event.stdout, "ann", "bob", 8);
    let score = final_score(&event.stdout, "ann", "bob");
    assert_eq!((score.wins, score.draws, score.losses), (1, 7, 0));
    assert_eq!(score.ptnml, [0, 0, 3, 1, 0]);
    for line in [
        "Score of ann vs bob: 1 - 0 - 7 [0.562] 8",
        "...      ann playing White: 1 - 0 - 3 [0.625] 4",
        "...      ann playing Black: 0 - 0 - 4 [0.500] 4",
        "...      White vs Black: 1 - 0 - 7 [0.562] 8",
    ] {
        assert!(event.stdout.contains(line), "{line}\n{}", event.stdout);
    }
    let row = |name: &str| -> Vec<String> {
        let words = event.engine_row(name).split_whitespace();
        words.map(String::from).collect()
    };
    assert_eq!(row("ann")[1..6], ["8", "1", "7", "0", "56.2%"]);
    assert_eq!(row("bob")[1..6], ["8", "0", "7", "1", "43.8%"]);
    assert_eq!(row("bob")[8], "0/0/1/0");

    let games = check_pgn(&pgn, &event.stdout);
    let draws: Vec<_> = games.iter().filter(|g| g.result == "1/2-1/2").collect();
    assert_eq!(draws.len(), 7);
    for game in draws {
        assert_eq!(game.tag("Termination"), Some("adjudication"));
        assert_eq!(game.moves.len(), 8, "{game:?}");
        assert_eq!(
            game.final_comment.as_deref(),
            Some("Draw by adjudication: 4 moves each")
        );
    }
    let check = command(&scratch, &["check-pgn".into(), pgn.display().to_string()]);
    assert_eq!(check.code, 0, "{}{}", check.stdout, check.stderr);
    for line in [
        "8 games, all consistent with the rules",
        "  ann: 4.5 of 8\n  bob: 3.5 of 8\n",
        "  terminations: adjudication 7, rules infraction 1",
    ] {
        assert!(check.stdout.contains(line), "{line}\n{}", check.stdout);
    }
}
