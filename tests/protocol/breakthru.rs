//! Breakthru over the protocol (`UCI_Variant breakthru`): turns of two slides in either
//! order and in any case, `bestmove` a whole legal turn, the board and the evaluation for
//! people, the UGI dialect and its queries, every way a game ends (with `go` and `query`
//! on it), and the XBoard protocol's refusal. Bad input is in `breakthru_errors.rs`, `go`
//! and its limits in `breakthru_search.rs`.

use crate::breakthru_support::{
    after, breakthru, breakthru_in, check_bestmove, endings, game, queries, shown, START,
};
use crate::harness::{best_move, Troyka, PATIENCE};
use troyka::game::Game;
use troyka::games::breakthru::BreakthruGame;

#[test]
fn turns_go_in_either_order_and_bestmove_is_a_whole_legal_turn() {
    let mut troyka = breakthru();
    assert!(troyka
        .ask("position startpos moves d6c6,d5c5 d2c2,h2i2")
        .is_empty());
    let game = after(&BreakthruGame::start(), &["d5c5,d6c6", "d2c2,h2i2"]);
    assert_eq!(troyka.fen(), game.to_text());
    assert_eq!(game.position().turn_number(), 3);
    // Move names are read in any case, as in Breakthrough.
    assert!(troyka
        .ask("position startpos moves D6C6,d5C5 d2c2,H2I2")
        .is_empty());
    assert_eq!(troyka.fen(), game.to_text());
    troyka.send("go depth 4");
    let lines = troyka.until_bestmove();
    check_bestmove(&game, lines.last().unwrap());
    // Nothing more: one bestmove for the one go.
    assert!(troyka.ask("isready").is_empty());
}

#[test]
fn d_draws_both_fleets() {
    let mut troyka = breakthru();
    let start = BreakthruGame::start();
    let expected = [
        "11 . . . . . . . . . . .",
        "10 . . . s s s s s . . .",
        " 9 . . . . . . . . . . .",
        " 8 . s . . E E E . . s .",
        " 7 . s . E . . . E . s .",
        " 6 . s . E . F . E . s .",
        " 5 . s . E . . . E . s .",
        " 4 . s . . E E E . . s .",
        " 3 . . . . . . . . . . .",
        " 2 . . . s s s s s . . .",
        " 1 . . . . . . . . . . .",
        "   a b c d e f g h i j k",
        "gold to move",
        &format!("Fen: {START}"),
        &format!("Key: {:016X}", start.hash()),
        "Side to move: gold",
        "Game: in progress",
    ];
    assert_eq!(shown(&mut troyka), expected);
    // After a turn: the ships moved, silver to move, and the counters in the string.
    troyka.ask("position startpos moves f6f5");
    let board = shown(&mut troyka);
    assert_eq!(board[5], " 6 . s . E . . . E . s .", "{board:#?}");
    assert_eq!(board[6], " 5 . s . E . F . E . s .", "{board:#?}");
    let moved = after(&start, &["f6f5"]);
    assert_eq!(board[13], format!("Fen: {}", moved.to_text()));
    assert!(board[13].ends_with(" s 1 2"), "{board:#?}");
    assert_eq!(board[14], format!("Key: {:016X}", moved.hash()));
    assert_eq!(board[15], "Side to move: silver");
    // The turn number stops at its largest, and the string still reads back.
    let last = START.replace(" 0 1", " 0 4294967295");
    troyka.ask(&format!("position fen {last} moves f6f5"));
    let fen = troyka.fen();
    assert!(fen.ends_with(" s 1 4294967295"), "{fen}");
    assert!(troyka.ask(&format!("position fen {fen}")).is_empty());
}

/// A term's name and value, as `eval` lists it.
type Term = (String, i64);

/// The terms' values in centipawns for gold, those in centipawns for the side to move, and
/// the hand-made evaluation's line; the lines after it say what the network adds and which
/// evaluation the search uses.
fn eval_terms(troyka: &mut Troyka) -> (Vec<Term>, Vec<Term>, String) {
    let lines = troyka.ask("eval");
    let total = lines
        .iter()
        .position(|line| line.starts_with("evaluation "))
        .expect("the hand-made evaluation's line");
    let (rows, last, network) = (&lines[..total], &lines[total], &lines[total + 1..]);
    assert!(rows[0].ends_with("(cp for gold)"), "{lines:#?}");
    assert!(network[0].starts_with("NNUE evaluation"), "{lines:#?}");
    assert!(
        network[network.len() - 1].starts_with("The search uses the "),
        "{lines:#?}"
    );
    let term = |row: &String| {
        let (name, value) = row.rsplit_once(' ').expect("a value");
        let name = name.trim_end().trim_end_matches(char::is_numeric).trim();
        (name.to_string(), value.parse().expect("a number"))
    };
    let split = rows
        .iter()
        .position(|row| row.ends_with(", the side to move)"))
        .expect("a heading for the side to move's terms");
    let gold = rows[1..split].iter().map(term).collect();
    let mover = rows[split + 1..].iter().map(term).collect();
    (gold, mover, last.clone())
}

fn names(terms: &[Term]) -> Vec<&str> {
    terms.iter().map(|(name, _)| name.as_str()).collect()
}

fn sum(terms: &[Term]) -> i64 {
    terms.iter().map(|(_, value)| value).sum()
}

#[test]
fn eval_explains_its_terms_and_they_add_up() {
    let mut troyka = breakthru();
    for (turns, side, sign) in [("", "gold", 1), ("moves f6f5", "silver", -1)] {
        troyka.ask(&format!("position startpos {turns}"));
        let (gold, mover, last) = eval_terms(&mut troyka);
        assert_eq!(
            names(&gold),
            [
                "escorts",
                "silver ships",
                "gold mobility",
                "silver mobility",
                "open lines",
                "edge nearness",
                "flagship mobility",
                "touching attackers",
                "attack squares",
                "escape squares",
                "guarding escorts",
                "near escorts",
                "near silver",
                "edge escorts",
                "edge silver",
                "balance",
            ]
        );
        assert_eq!(names(&mover), ["tempo", "mid-turn"]);
        assert_eq!(
            last,
            format!(
                "evaluation {} cp for {side}, the side to move",
                sign * sum(&gold) + sum(&mover)
            ),
            "{gold:?} {mover:?}"
        );
    }
    // The flagship with four open lines, four squares from each edge.
    troyka.ask("position fen 11/11/11/11/11/5F5/11/11/11/11/s10 s 0 1");
    let (gold, _, _) = eval_terms(&mut troyka);
    let open_lines = gold.iter().find(|(name, _)| name == "open lines");
    assert!(
        matches!(open_lines, Some((_, value)) if *value > 0),
        "{gold:?}"
    );
}

#[test]
fn the_ugi_dialect_answers_queries_through_a_game() {
    let mut troyka = Troyka::start();
    troyka.send("ugi");
    let handshake = troyka.until(PATIENCE, |line| line == "ugiok");
    assert!(
        handshake
            .iter()
            .any(|line| line.starts_with("option name UCI_Variant ")
                && line.contains(" var breakthru ")),
        "{handshake:#?}"
    );
    assert!(troyka
        .ask("setoption name UCI_Variant value breakthru")
        .is_empty());
    assert_eq!(
        queries(&mut troyka),
        ["response true", "response false", "response none"]
    );
    troyka.ask("position startpos moves d5c5,d6c6");
    assert_eq!(
        queries(&mut troyka),
        ["response false", "response false", "response none"]
    );
    // UGI's clock names: player 2 is silver, to move. UGI's `bestmove` is the turn alone.
    troyka.send("go p1time 100000 p2time 300 p2inc 0");
    let lines = troyka.until_bestmove();
    let bestmove = lines.last().unwrap();
    check_bestmove(&game(&mut troyka), bestmove);
    assert_eq!(bestmove.split(' ').count(), 2, "{bestmove}");
    troyka.ask("uginewgame");
    assert_eq!(troyka.fen(), START);
    for ending in endings() {
        troyka.ask(&ending.position);
        assert_eq!(
            queries(&mut troyka),
            [
                format!("response {}", ending.gold_to_move),
                "response true".into(),
                format!("response {}", ending.response)
            ],
            "{}",
            ending.how
        );
    }
}

#[test]
fn every_ending_is_over_for_d_go_and_position() {
    let mut troyka = breakthru();
    for ending in endings() {
        let answer = troyka.ask(&ending.position);
        assert!(answer.is_empty(), "{}: {answer:?}", ending.how);
        let board = shown(&mut troyka);
        assert_eq!(
            board.last().unwrap(),
            &format!("Game: over, {}", ending.result),
            "{}",
            ending.how
        );
        for go in [
            "go depth 3",
            "go infinite",
            "go ponder wtime 1000 btime 1000",
            "go mate 2",
        ] {
            troyka.send(go);
            assert_eq!(
                troyka.until_bestmove(),
                [
                    format!(
                        "info string the game is over ({}): there is no move to search",
                        ending.result
                    ),
                    "bestmove 0000".into()
                ],
                "{}: {go}",
                ending.how
            );
        }
        // No turn can follow, and the refusal changes nothing.
        let more = format!("{} d10d9,h10h9", ending.position);
        let answer = troyka.ask(&more);
        assert_eq!(answer.len(), 1, "{}: {answer:?}", ending.how);
        assert!(
            answer[0].starts_with("info string error: position unchanged: "),
            "{answer:?}"
        );
        assert_eq!(shown(&mut troyka), board, "{}", ending.how);
    }
}

#[test]
fn the_last_turn_before_a_draw_by_repetition_is_still_searched() {
    let mut troyka = breakthru_in("uci");
    // Seven turns of the shuffle: silver's next turn could bring the start position back a
    // third time, but the game goes on, and the engine plays a legal turn.
    let shuffle = crate::breakthru_support::SHUFFLE;
    let turns: Vec<&str> = shuffle.iter().chain(&shuffle).take(7).copied().collect();
    troyka.ask(&format!("position startpos moves {}", turns.join(" ")));
    assert_eq!(troyka.ask("query gameover"), ["response false"]);
    troyka.send("go depth 3");
    let lines = troyka.until_bestmove();
    let game = after(&BreakthruGame::start(), &turns);
    check_bestmove(&game, lines.last().unwrap());
    let best = best_move(lines.last().unwrap()).to_string();
    let reached = after(&game, &[&best]);
    assert_eq!(
        troyka.ask(&format!(
            "position startpos moves {} {best}",
            turns.join(" ")
        )),
        Vec::<String>::new()
    );
    assert_eq!(troyka.fen(), reached.to_text());
}

#[test]
fn perft_counts_turns_and_stop_ends_it() {
    let mut troyka = breakthru();
    let lines = troyka.ask("go perft 1");
    assert_eq!(
        lines.len(),
        1545,
        "{:#?}",
        &lines[lines.len().saturating_sub(3)..]
    );
    assert_eq!(lines.last().unwrap(), "Nodes searched: 1544");
    // Two slides legal in either order are one turn, written in canonical order.
    assert!(lines.contains(&"d5c5,d6c6: 1".to_string()));
    assert!(!lines.contains(&"d6c6,d5c5: 1".to_string()));
    for command in ["perft 40", "go perft 12"] {
        troyka.send(command);
        std::thread::sleep(std::time::Duration::from_millis(100));
        let lines = troyka.ask("stop");
        let last = lines.last().expect("a stopped line");
        assert!(
            last.starts_with("info string perft stopped: "),
            "{lines:#?}"
        );
    }
}

#[test]
fn xboard_cannot_show_breakthru() {
    let mut troyka = Troyka::start_xboard();
    troyka.exchange("new");
    let variants = "Troyka plays breakthrough, breakthrough5, breakthrough6, breakthrough7, \
                    and CxR+0_breakthrough on any board from 2x4 to 16x16";
    assert_eq!(
        troyka.exchange("variant breakthru"),
        [format!(
            "Error (XBoard cannot show breakthru; {variants}): variant breakthru"
        )]
    );
    assert_eq!(
        troyka.exchange("variant 11x11+0_breakthru"),
        [format!(
            "Error (unknown variant; {variants}): variant 11x11+0_breakthru"
        )]
    );
    // Nothing changed: the game goes on with Breakthrough's moves.
    troyka.exchange("force");
    assert!(troyka.exchange("usermove e2e3").is_empty());
}

#[test]
fn a_breakthru_game_chosen_before_xboard_is_played_in_turns() {
    let mut troyka = breakthru();
    troyka.send("xboard");
    troyka.send("protover 2");
    let features = troyka.until(PATIENCE, |line| line == "feature done=1");
    // Not offered to XBoard, which cannot show it.
    assert!(
        features
            .iter()
            .any(|line| line.contains(" variants=\"breakthrough,") && !line.contains("breakthru")),
        "{features:#?}"
    );
    // XBoard cannot be told the board: `new` describes nothing.
    assert!(troyka.exchange("new").is_empty());
    troyka.exchange("sd 3");
    let lines = troyka.exchange("usermove d6c6,d5c5");
    let reply = lines
        .last()
        .and_then(|line| line.strip_prefix("move "))
        .unwrap_or_else(|| panic!("no move in {lines:#?}"));
    let game = after(&BreakthruGame::start(), &["d5c5,d6c6"]);
    check_bestmove(&game, &format!("bestmove {reply}"));
    let answer = troyka.exchange("usermove d10d9");
    assert!(answer[0].starts_with("Illegal move ("), "{answer:?}");
}
