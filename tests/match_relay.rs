//! `troyka-match --variant relay` end to end: a game whose turns have one or two plies and
//! whose rules draw. The fake engine plays Relay when asked with `UCI_Variant`; the last
//! test plays Troyka itself, which needs the engine's side of Relay (`UCI_Variant relay`,
//! turns over UCI as `protocol.md` describes them).

mod match_support;

use match_support::*;
use troyka::game::Game;
use troyka::games::relay::{Ply, Relay};

/// `--engine` words for each `(name, fault)`, then `words`.
fn event(engines: &[(&str, &[&str])], words: &[&str]) -> Vec<String> {
    let mut args = Vec::new();
    for (name, fault) in engines {
        args.push("--engine".to_string());
        args.extend(fake(name, fault));
    }
    args.extend(words.iter().map(|word| word.to_string()));
    args
}

/// From a position three turns before the limit (a draw whatever is played) and from two
/// book turns: engines are asked for Relay, given whole turns from `startpos` or the root,
/// and the PGN records whole turns and the draws, which check-pgn accepts.
#[test]
fn relay_games_are_played_and_recorded_in_whole_turns() {
    let scratch = Scratch::new("relay");
    let book = scratch.path("book.txt");
    std::fs::write(
        &book,
        "# drawn: at most 12 stones in 3 turns\n18 white 1 17 20 -\n2,1 1,end\n",
    )
    .unwrap();
    let (pgn, traffic) = (scratch.path("games.pgn"), scratch.path("traffic.log"));
    let mut args = event(
        &[("ann", &[]), ("bob", &[])],
        &["--each", "nodes=10", "--variant", "relay", "--games", "4"],
    );
    args.extend(["--openings".into(), format!("file={}", book.display())]);
    args.extend(["--pgnout".into(), pgn.display().to_string()]);
    args.extend(["--log".into(), traffic.display().to_string()]);
    let event = run(&scratch, &args);
    assert_eq!(event.code, 0, "{}\n{}", event.stdout, event.stderr);
    check_summary(&event.stdout, "ann", "bob", 4);

    let mut games = check_pgn_of(&pgn, &event.stdout, &Relay::start());
    games.sort_by_key(|g| g.tag("Round").unwrap().parse::<usize>().unwrap());
    for game in &games[..2] {
        assert_eq!(game.tag("FEN"), Some("18 white 1 17 20 -"));
        assert_eq!(game.moves.len(), 3, "{game:?}");
        assert_eq!(game.result, "1/2-1/2");
        assert_eq!(game.tag("Termination"), Some("normal"));
        assert_eq!(game.final_comment.as_deref(), Some("20 turns have passed"));
    }
    let book_turns = [
        vec![Ply::take(2), Ply::take(1)],
        vec![Ply::take(1), Ply::END_TURN],
    ];
    for game in &games[2..] {
        assert_eq!(game.tag("FEN"), Some(Relay::start().to_text().as_str()));
        assert_eq!(game.moves[..2], book_turns);
        assert_eq!(
            game.tag("PlyCount"),
            Some(game.moves.len().to_string().as_str())
        );
        assert!(game.final_position().outcome().is_some(), "{game:?}");
    }
    assert!(games
        .iter()
        .flat_map(|game| &game.moves)
        .all(|turn| (1..=2).contains(&turn.len())));
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(text.contains("\n1. 2,1 {book} 1,end {book} 2. "), "{text}");

    // Every engine process was asked for Relay (the fake engine does not offer the option);
    // positions came with every turn since the root.
    let log = std::fs::read_to_string(&traffic).unwrap();
    let sent = |line: &str| log.lines().filter(|l| l.ends_with(line)).count();
    assert_eq!(sent(" < uci"), 4, "{log}");
    assert_eq!(
        sent(" < setoption name UCI_Variant value relay"),
        4,
        "{log}"
    );
    for line in [
        "< position fen 18 white 1 17 20 - moves",
        "< position startpos moves 2,1 1,end",
    ] {
        assert!(log.contains(line), "{line}\n{log}");
    }
    let check = command(&scratch, &["check-pgn".into(), pgn.display().to_string()]);
    assert_eq!(check.code, 0, "{}{}", check.stdout, check.stderr);
    assert!(
        check
            .stdout
            .contains("4 games, all consistent with the rules"),
        "{}",
        check.stdout
    );
}

/// An unfinished or illegal turn loses like an illegal move, and `--maxmoves` counts turns.
/// One worker keeps each engine's process for both its games, so a fault happens in its
/// first game only (at the engine's second move); the second goes to the limit.
#[test]
fn bad_turns_lose_and_maxmoves_counts_turns() {
    let scratch = Scratch::new("relay-faults");
    let pgn = scratch.path("games.pgn");
    let mut args = event(
        &[
            ("good", &[]),
            ("unfinished", &["--unfinished-at", "2"]),
            ("illegal", &["--illegal-at", "2"]),
        ],
        &[
            "--each",
            "nodes=10",
            "--variant",
            "relay",
            "--gauntlet",
            "--games",
            "2",
            "--maxmoves",
            "3",
            "--openings",
            "random",
            "plies=1",
            "--pgnout",
        ],
    );
    args.push(pgn.display().to_string());
    let event = run(&scratch, &args);
    assert_eq!(event.code, 0, "{}\n{}", event.stdout, event.stderr);
    let lines = game_lines(&event.stdout);
    let reasons: Vec<(&str, &str)> = lines
        .iter()
        .map(|line| (line.result.as_str(), line.reason.as_str()))
        .collect();
    // 25 stones cannot run out in six turns of at most four.
    assert_eq!(
        reasons,
        [
            (
                "1-0",
                "Black makes an illegal move: '1' is not a whole turn: black still has to move"
            ),
            ("1/2-1/2", "Draw by adjudication: 3 moves each"),
            (
                "1-0",
                "Black makes an illegal move: 'end' is not legal here"
            ),
            ("1/2-1/2", "Draw by adjudication: 3 moves each"),
        ]
    );
    for opponent in ["unfinished", "illegal"] {
        check_summary(&event.stdout, "good", opponent, 2);
        assert!(event.engine_row(opponent).ends_with(" 0/0/1/0"));
    }
    for game in check_pgn_of(&pgn, &event.stdout, &Relay::start()) {
        if game.result == "1/2-1/2" {
            assert_eq!(game.tag("Termination"), Some("adjudication"));
            assert_eq!(game.moves.len(), 6, "{game:?}");
        } else {
            assert_eq!(game.tag("Termination"), Some("rules infraction"));
        }
    }
}

/// Two Troyka instances play Relay at a fixed depth: every game ends by the rules (a win or
/// the turn limit's draw), replays from the PGN and adds up. This needs the engine's side of
/// Relay: `setoption name UCI_Variant value relay`, `position startpos moves 2,1 1,end` and
/// `bestmove 2,1`; until the engine has it, the engine refuses the option and the event
/// stops before its first game.
#[test]
fn troyka_plays_relay_against_troyka() {
    let scratch = Scratch::new("troyka-relay");
    let pgn = scratch.path("games.pgn");
    let args = two_troykas(&[
        "--each",
        "depth=4",
        "option.Hash=8",
        "--variant",
        "relay",
        "--games",
        "4",
        "--openings",
        "random",
        "plies=2",
        "--pgnout",
        &pgn.display().to_string(),
    ]);
    let event = run(&scratch, &args);
    assert_eq!(event.code, 0, "{}\n{}", event.stdout, event.stderr);
    check_summary(&event.stdout, "one", "two", 4);
    let games = check_pgn_of(&pgn, &event.stdout, &Relay::start());
    for game in &games {
        assert_eq!(game.tag("Termination"), Some("normal"), "{game:?}");
        assert!(game.final_position().outcome().is_some(), "{game:?}");
    }
    assert!(
        games
            .iter()
            .flat_map(|g| &g.moves)
            .any(|turn| turn.len() == 2),
        "some turns have two plies"
    );
    for name in ["one", "two"] {
        assert!(event.engine_row(name).ends_with(" 0/0/0/0"));
    }
    let check = command(&scratch, &["check-pgn".into(), pgn.display().to_string()]);
    assert_eq!(check.code, 0, "{}{}", check.stdout, check.stderr);
}
