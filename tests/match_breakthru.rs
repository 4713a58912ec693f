//! `troyka-match --variant breakthru` end to end: Troyka plays Troyka from the Breakthru
//! opening suite; turns of one leg (a capture, a flagship move) or two slides travel whole
//! over UCI, and the PGN names the game `Breakthru` and replays under the rules.

mod match_support;

use match_support::*;
use troyka::games::breakthru::BreakthruGame;

#[test]
fn troyka_plays_breakthru_against_troyka_from_the_opening_suite() {
    let scratch = Scratch::new("troyka-breakthru");
    let (pgn, traffic) = (scratch.path("games.pgn"), scratch.path("traffic.log"));
    let openings = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scripts/openings/breakthru.txt"
    );
    let args = two_troykas(&[
        "--each",
        "nodes=3000",
        "option.Hash=8",
        "--variant",
        "breakthru",
        "--games",
        "2",
        "--maxmoves",
        "60",
        "--openings",
        &format!("file={openings}"),
        "--pgnout",
        &pgn.display().to_string(),
        "--log",
        &traffic.display().to_string(),
    ]);
    let event = run(&scratch, &args);
    assert_eq!(event.code, 0, "{}\n{}", event.stdout, event.stderr);
    check_summary(&event.stdout, "one", "two", 2);
    for name in ["one", "two"] {
        assert!(event.engine_row(name).ends_with(" 0/0/0/0"));
    }

    let games = check_pgn_of(&pgn, &event.stdout, &BreakthruGame::start());
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(
        text.matches("[Variant \"Breakthru\"]\n").count(),
        2,
        "{text}"
    );
    // The suite's first opening, four book turns, then the engines' turns.
    let first = std::fs::read_to_string(openings).unwrap();
    let first = first.lines().find(|l| !l.starts_with('#')).unwrap();
    for game in &games {
        assert_eq!(game.tag("FEN"), Some(first));
        assert!(game.moves.iter().all(|turn| (1..=2).contains(&turn.len())));
    }
    assert!(
        games.iter().flat_map(|g| &g.moves).any(|t| t.len() == 2),
        "some turns are two slides"
    );
    let log = std::fs::read_to_string(&traffic).unwrap();
    assert!(
        log.contains("< setoption name UCI_Variant value breakthru"),
        "{log}"
    );
    assert!(
        log.lines()
            .any(|l| l.contains("> bestmove ") && l.contains(',')),
        "two-slide turns go whole: {log}"
    );
    let check = command(&scratch, &["check-pgn".into(), pgn.display().to_string()]);
    assert_eq!(check.code, 0, "{}{}", check.stdout, check.stderr);
    assert!(
        check
            .stdout
            .contains("2 games, all consistent with the rules"),
        "{}",
        check.stdout
    );
}
