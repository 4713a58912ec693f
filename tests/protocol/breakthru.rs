//! Breakthru over the protocol (`UCI_Variant breakthru`): turns of two slides in either
//! order, `bestmove` a whole legal turn, the board and the evaluation for people, draws, and
//! bad turns refused with one error line that changes nothing.

use crate::harness::{best_move, Troyka};
use troyka::game::{Game, GameResult};
use troyka::games::breakthru::BreakthruGame;

fn breakthru() -> Troyka {
    let mut troyka = Troyka::start();
    assert!(troyka
        .ask("setoption name UCI_Variant value breakthru")
        .is_empty());
    troyka
}

/// The position string `d` shows.
fn fen(troyka: &mut Troyka) -> String {
    let lines = troyka.ask("d");
    let line = lines
        .iter()
        .find(|line| line.starts_with("Fen: "))
        .expect("a Fen line");
    line["Fen: ".len()..].to_string()
}

#[test]
fn turns_go_in_either_order_and_bestmove_is_a_whole_legal_turn() {
    let mut troyka = breakthru();
    assert!(troyka
        .ask("position startpos moves d6c6,d5c5 d2c2,h2i2")
        .is_empty());
    let game = BreakthruGame::from_text(&fen(&mut troyka)).unwrap();
    assert_eq!(game.position().turn_number(), 3);
    troyka.send("go depth 4");
    let lines = troyka.until_bestmove();
    let best = best_move(lines.last().unwrap());
    let turn = game
        .parse_turn(best)
        .unwrap_or_else(|e| panic!("{best}: {e}"));
    // Written in the canonical order.
    assert_eq!(game.turn_name(&turn), best);
    let board = troyka.ask("d").join("\n");
    assert!(board.contains(" 6 . s E . . F . E . s ."), "{board}");
    assert!(board.contains("Side to move: gold"), "{board}");
    let eval = troyka.ask("eval").join("\n");
    assert!(eval.contains("open lines"), "{eval}");
}

#[test]
fn bad_turns_get_one_error_line_and_change_nothing() {
    let mut troyka = breakthru();
    assert!(troyka.ask("position startpos moves d5c5,d6c6").is_empty());
    let before = fen(&mut troyka);
    for (turns, why) in [
        ("l5l6", "bad file 'l'"),
        ("a12a11", "rank 12 of square 'a12' is off the board"),
        ("a0a1", "rank 0 of square 'a0' is off the board"),
        ("d2c2", "needs a second slide"),
        ("d2c2,c2c3", "already slid"),
        ("d2c2,d10d9,e10e9", "a turn has one or two"),
        // b4 takes the escort on c5: a capture is a whole turn.
        ("b4c5,e2e3", "b4c5 is a capture, which is a whole turn"),
    ] {
        let answer = troyka.ask(&format!("position startpos moves d5c5,d6c6 {turns}"));
        assert_eq!(answer.len(), 1, "{turns}: {answer:?}");
        assert!(
            answer[0].starts_with("info string error:"),
            "{turns}: {answer:?}"
        );
        assert!(answer[0].contains(why), "{turns}: {answer:?}");
        assert_eq!(fen(&mut troyka), before, "{turns} changed the position");
    }
    let two_flagships = "11/11/11/11/11/4FF5/11/11/11/11/s10 g 0 1";
    let answer = troyka.ask(&format!("position fen {two_flagships}"));
    assert_eq!(answer.len(), 1, "{answer:?}");
    assert!(answer[0].starts_with("info string error:"), "{answer:?}");
    assert_eq!(fen(&mut troyka), before);
}

#[test]
fn a_game_drawn_by_the_no_capture_rule_is_over() {
    let mut troyka = breakthru();
    troyka.send("ugi");
    troyka.until_prefix("ugiok");
    let drawn =
        "11/3sssss3/11/1s2EEE2s1/1s1E3E1s1/1s1E1F1E1s1/1s1E3E1s1/1s2EEE2s1/11/3sssss3/11 g 100 201";
    assert_eq!(
        BreakthruGame::from_text(drawn).unwrap().result(),
        Some(GameResult::Draw)
    );
    assert!(troyka.ask(&format!("position fen {drawn}")).is_empty());
    assert_eq!(troyka.ask("query gameover"), ["response true"]);
    assert_eq!(troyka.ask("query result"), ["response draw"]);
}
