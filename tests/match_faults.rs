//! `troyka-match` against engines that misbehave (the fake engine in `tests/`): each fault
//! loses the game with the right reason, crashed and stalled engines are restarted, and
//! bad command lines are refused with exit code 2.

mod match_support;

use match_support::*;

/// A gauntlet of a good engine against five faulty ones, two games each.
#[test]
fn every_fault_loses_with_its_reason() {
    let scratch = Scratch::new("faults");
    let pgn = scratch.path("games.pgn");
    let traffic = scratch.path("traffic.log");
    let mut args: Vec<String> = Vec::new();
    let engines: [(&str, &[&str]); 6] = [
        ("good", &[]),
        ("illegal", &["--illegal-at", "3"]),
        ("garbage", &["--garbage-at", "2"]),
        ("staller", &["--stall-at", "2"]),
        ("crasher", &["--crash-at", "2"]),
        ("sleeper", &["--slow-at", "2", "400", "tc=0.3+0"]),
    ];
    for (name, fault) in engines {
        args.push("--engine".into());
        let (settings, fault): (Vec<&str>, Vec<&str>) =
            fault.iter().partition(|word| word.contains('='));
        args.extend(fake(name, &fault));
        args.extend(settings.iter().map(|s| s.to_string()));
    }
    for word in [
        "--each",
        "tc=1+0.1",
        "--gauntlet",
        "--games",
        "2",
        "--concurrency",
        "2",
        "--openings",
        "random",
        "plies=2",
        "--pgnout",
    ] {
        args.push(word.into());
    }
    args.push(pgn.display().to_string());
    args.push("--log".into());
    args.push(traffic.display().to_string());
    let event = run(&scratch, &args);
    assert_eq!(event.code, 0, "{}\n{}", event.stdout, event.stderr);

    let lines = game_lines(&event.stdout);
    assert_eq!(lines.len(), 10, "{}", event.stdout);
    for line in &lines {
        assert_eq!(line.winner(), Some("good"), "{line:?}");
        let loser = line.loser().unwrap();
        let side = if loser == line.white {
            "White"
        } else {
            "Black"
        };
        let expected = match loser {
            "illegal" => format!("{side} makes an illegal move: '"),
            "garbage" => format!("{side} makes an illegal move: 'xyzzy' is not a move"),
            "staller" => format!("{side}'s engine stalled (no move within "),
            "crasher" => format!("{side}'s engine crashed: exit status: 3"),
            // It answers after 0.4 s (more on a loaded machine) with at most 0.3 s on its
            // clock: late, and 0.9 s before the stall limit (its clock and 1 s of grace).
            // Sleeping 0.6 s, this test failed once on a machine busy with two other jobs.
            "sleeper" => format!("{side} loses on time ("),
            other => panic!("unexpected loser {other}"),
        };
        assert!(line.reason.starts_with(&expected), "{line:?}");
        if loser == "illegal" {
            assert!(line
                .reason
                .ends_with("is not a legal move in this position"));
        }
    }
    for opponent in ["illegal", "garbage", "staller", "crasher", "sleeper"] {
        check_summary(&event.stdout, "good", opponent, 2);
    }

    // The per-engine table counts each kind of forfeit: time/stall/illegal/crash.
    let forfeits = |name: &str| {
        let row = event.engine_row(name);
        row.split_whitespace().last().unwrap().to_string()
    };
    assert_eq!(forfeits("good"), "0/0/0/0");
    assert_eq!(forfeits("illegal"), "0/0/2/0");
    assert_eq!(forfeits("garbage"), "0/0/2/0");
    assert_eq!(forfeits("staller"), "0/2/0/0");
    assert_eq!(forfeits("crasher"), "0/0/0/2");
    assert_eq!(forfeits("sleeper"), "2/0/0/0");

    // Each crashed or stalled engine played its first move in both games: it was
    // restarted, and so misbehaved at its second move again.
    let games = check_pgn(&pgn, &event.stdout);
    for game in &games {
        let termination = game.tag("Termination").unwrap();
        let expected = match [game.tag("White").unwrap(), game.tag("Black").unwrap()] {
            [_, "crasher"] | ["crasher", _] => "abandoned",
            [_, "staller"] | ["staller", _] => "stalled connection",
            [_, "sleeper"] | ["sleeper", _] => "time forfeit",
            _ => "rules infraction",
        };
        assert_eq!(termination, expected);
        if expected != "rules infraction" {
            // 2 opening plies, then one move each at least (the faulty engine's first).
            assert!(game.moves.len() >= 4, "{game:?}");
        }
    }
    // The protocol log shows the restarts: a new `uci` for each process.
    let log = std::fs::read_to_string(&traffic).unwrap();
    for engine in ["crasher", "staller"] {
        let starts = log
            .lines()
            .filter(|l| l.contains(&format!(" {engine}#")) && l.ends_with(" < uci"))
            .count();
        // The check before the event, then one process per game.
        assert_eq!(starts, 3, "{engine}\n{log}");
    }
}

#[test]
fn bad_command_lines_exit_with_2() {
    let scratch = Scratch::new("bad-args");
    let engine = |name: &str| {
        let mut words = vec!["--engine".to_string()];
        words.extend(fake(name, &[]));
        words.push("nodes=10".into());
        words
    };
    let good = || engine("a");
    let cases: Vec<(Vec<String>, &str)> = vec![
        (
            [
                good(),
                vec![
                    "--engine".into(),
                    "cmd=/nonexistent/engine".into(),
                    "nodes=1".into(),
                ],
            ]
            .concat(),
            "error: engine 'engine' does not start: cannot run '/nonexistent/engine'",
        ),
        ([good(), good()].concat(), "two engines are named 'a'"),
        (
            [
                good(),
                vec!["--engine".into(), "cmd=x".into(), "tc=fast".into()],
            ]
            .concat(),
            "bad tc 'fast'",
        ),
        (
            [
                good(),
                engine("b"),
                vec!["--openings".into(), "file=/nonexistent/book.txt".into()],
            ]
            .concat(),
            "cannot read openings /nonexistent/book.txt",
        ),
        (vec!["--engines".into()], "unknown option '--engines'"),
    ];
    let bare = command(&scratch, &[]);
    assert_eq!(bare.code, 2);
    assert!(
        bare.stderr.contains("usage: troyka-match"),
        "{}",
        bare.stderr
    );
    for (args, message) in cases {
        let event = run(&scratch, &args);
        assert_eq!(event.code, 2, "{args:?}: {}", event.stderr);
        assert!(event.stderr.contains(message), "{args:?}: {}", event.stderr);
    }
}

/// An engine that dies between games is replaced before the next one, without a loss.
#[test]
fn an_engine_dead_between_games_is_replaced() {
    let scratch = Scratch::new("dead-between");
    let pgn = scratch.path("games.pgn");
    let traffic = scratch.path("traffic.log");
    let mut args = vec!["--engine".to_string()];
    args.extend(fake("steady", &[]));
    args.push("--engine".into());
    args.extend(fake("quitter", &["--exit-at-newgame", "2"]));
    args.extend(["--each", "nodes=50", "--games", "2", "--pgnout"].map(String::from));
    args.push(pgn.display().to_string());
    args.push("--log".into());
    args.push(traffic.display().to_string());
    let event = run(&scratch, &args);
    assert_eq!(event.code, 0, "{}\n{}", event.stdout, event.stderr);
    check_summary(&event.stdout, "steady", "quitter", 2);
    for game in check_pgn(&pgn, &event.stdout) {
        assert_eq!(game.tag("Termination"), Some("normal"));
    }
    let log = std::fs::read_to_string(&traffic).unwrap();
    let starts = log
        .lines()
        .filter(|l| l.contains(" quitter#") && l.ends_with(" < uci"))
        .count();
    // The check before the event, the first game's process, its replacement.
    assert_eq!(starts, 3, "{log}");
}
