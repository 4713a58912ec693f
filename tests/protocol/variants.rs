//! Another game over the protocol: Relay (`UCI_Variant relay`), whose turns are one or two
//! plies by the same side and which can be drawn. Moves go in and out as whole turns
//! (`2,1`), `bestmove` is always a whole legal turn, and switching variants starts a new
//! game on the new variant.

use crate::harness::{best_move, field, playable, start, Troyka, PATIENCE};
use troyka::game::Game;
use troyka::games::relay::Relay;

/// Relay's start position (25 stones, 20 turns) and its position string.
const RELAY_START: &str = "25 white 1 0 20 -";

fn relay() -> Troyka {
    let mut troyka = Troyka::start();
    assert!(troyka
        .ask("setoption name UCI_Variant value relay")
        .is_empty());
    troyka
}

/// The position after `turns` (as the protocol writes them) from `game`.
fn after(game: &Relay, turns: &[&str]) -> Relay {
    turns.iter().fold(*game, |position, text| {
        let turn = position.parse_turn(text).expect("a whole legal turn");
        turn.iter()
            .fold(position, |position, &ply| position.play(ply))
    })
}

/// Checks that a `bestmove` line holds a whole legal turn of `game`, and its `ponder` (if
/// any) a whole legal turn after it.
fn check_bestmove(game: &Relay, line: &str) {
    let words: Vec<&str> = line.split(' ').collect();
    let best = best_move(line);
    if let Err(error) = game.parse_turn(best) {
        panic!("{line}: {error}");
    }
    let reached = after(game, &[best]);
    match words[..] {
        [_, _] => {}
        [_, _, "ponder", ponder] => {
            reached
                .parse_turn(ponder)
                .unwrap_or_else(|error| panic!("{line}: ponder: {error}"));
        }
        _ => panic!("not a bestmove line: {line:?}"),
    }
}

#[test]
fn relay_is_a_variant_with_its_own_start_position() {
    let mut troyka = Troyka::start();
    troyka.send("uci");
    let lines = troyka.until_prefix("uciok");
    assert!(
        lines.iter().any(|line| line
            == "option name UCI_Variant type combo default breakthrough var breakthrough \
                var breakthrough5 var breakthrough6 var breakthrough7 var breakthru var relay"),
        "{lines:#?}"
    );
    assert!(troyka
        .ask("setoption name UCI_Variant value Relay")
        .is_empty());
    let display = troyka.ask("d");
    assert_eq!(
        display,
        [
            "25 stones: ooooooooooooooooooooooooo",
            "white to move, ply 1 of turn 1 of 20",
            &format!("Fen: {RELAY_START}"),
            &format!("Key: {:016X}", Relay::start().hash()),
            "Side to move: white",
            "Game: in progress",
        ]
    );
    assert_eq!(
        troyka.ask("eval"),
        ["Relay has no evaluation: every unfinished position scores 0"]
    );
}

#[test]
fn turns_go_in_and_a_whole_legal_turn_comes_out() {
    let mut troyka = relay();
    assert!(troyka.ask("position startpos moves 2,1 1,end").is_empty());
    let game = after(&Relay::start(), &["2,1", "1,end"]);
    assert_eq!(troyka.fen(), game.to_text());
    troyka.send("go depth 6");
    let lines = troyka.until_bestmove();
    let bestmoves: Vec<&String> = lines.iter().filter(|l| l.starts_with("bestmove")).collect();
    assert_eq!(bestmoves.len(), 1, "{lines:#?}");
    check_bestmove(&game, bestmoves[0]);
    // The principal variation is written turn by turn.
    let last_info = lines.iter().rev().find(|l| l.starts_with("info depth 6"));
    let pv: Vec<&str> = last_info
        .expect("an info line at depth 6")
        .split(" pv ")
        .nth(1)
        .expect("a pv")
        .split(' ')
        .collect();
    let mut position = game;
    for (number, turn) in pv.iter().enumerate() {
        match position.parse_turn(turn) {
            Ok(_) => position = after(&position, &[turn]),
            // Only the line's last turn may stop before its end.
            Err(error) => assert_eq!(number + 1, pv.len(), "{turn}: {error}"),
        }
    }
    // Nothing more: one bestmove for the one go.
    assert!(troyka.ask("isready").is_empty());
}

#[test]
fn a_principal_variation_that_stops_inside_a_turn_is_completed() {
    let mut troyka = relay();
    for go in [
        "go depth 1",
        "go nodes 1",
        "go depth 2 searchmoves 2,end 1,1",
    ] {
        troyka.send(go);
        let lines = troyka.until_bestmove();
        check_bestmove(&Relay::start(), lines.last().unwrap());
    }
    // Three stones: a turn of two plies takes them all and wins.
    troyka.ask("position fen 3 white 1 0 20 -");
    troyka.send("go depth 1");
    let bestmove = troyka.until_bestmove().pop().unwrap();
    check_bestmove(&Relay::from_text("3 white 1 0 20 -").unwrap(), &bestmove);
    // A search stopped at once still answers a whole turn.
    troyka.ask("position startpos moves 2,1");
    troyka.send("go infinite");
    troyka.send("stop");
    let lines = troyka.until_bestmove();
    check_bestmove(&after(&Relay::start(), &["2,1"]), lines.last().unwrap());
    assert!(troyka.ask("isready").is_empty());
}

#[test]
fn unfinished_extra_and_illegal_turns_are_refused_and_change_nothing() {
    let mut troyka = relay();
    troyka.ask("position startpos moves 2,1");
    let before = troyka.fen();
    for (moves, error) in [
        ("3", "'3' is not a ply (expected 1, 2 or end)"),
        ("2", "'2' is not a whole turn: white still has to move"),
        (
            "2,1,1",
            "'2,1,1': the turn is over before '1' (one turn at a time)",
        ),
        ("end", "'end' is not legal here"),
        ("1,end a2a3", "'a2a3' is not a ply"),
    ] {
        let command = format!("position startpos moves {moves}");
        let answer = troyka.ask(&command);
        assert_eq!(answer.len(), 1, "{command}: {answer:?}");
        assert!(
            answer[0].starts_with("info string error: position unchanged: move ")
                && answer[0].contains(error),
            "{command}: {answer:?}"
        );
        assert_eq!(troyka.fen(), before, "{command}");
    }
    // A refused `go` sends no bestmove.
    let answer = troyka.ask("go depth 3 searchmoves 2");
    assert_eq!(answer.len(), 1, "{answer:?}");
    assert!(answer[0].starts_with("info string error: go ignored: searchmoves (word 5): "));
}

#[test]
fn a_drawn_game_is_answered_as_drawn() {
    let mut troyka = relay();
    // The twentieth turn ends the game with stones left: a draw.
    troyka.ask("position fen 25 white 1 19 20 - moves 1,end");
    let answers: Vec<Vec<String>> = ["p1turn", "gameover", "result"]
        .iter()
        .map(|query| troyka.ask(&format!("query {query}")))
        .collect();
    assert_eq!(
        answers,
        [["response false"], ["response true"], ["response draw"]]
    );
    let display = troyka.ask("d");
    assert_eq!(display.last().unwrap(), "Game: over, drawn", "{display:#?}");
    troyka.send("go depth 3");
    assert_eq!(
        troyka.until_bestmove(),
        [
            "info string the game is over (drawn): there is no move to search",
            "bestmove 0000"
        ]
    );
    // And a finished game can take no more turns.
    let answer = troyka.ask("position fen 24 black 1 20 20 - moves 1,end");
    assert_eq!(answer.len(), 1, "{answer:?}");
}

#[test]
fn mate_counts_plies_where_they_do_not_alternate() {
    for dialect in ["uci", "ugi"] {
        let mut troyka = relay();
        troyka.send(dialect);
        troyka.until(PATIENCE, |line| line.ends_with("ok"));
        // White takes the three stones in one turn of two plies.
        troyka.ask("position fen 3 white 1 0 20 -");
        troyka.send("go depth 4");
        let lines = troyka.until_bestmove();
        let last = lines.iter().rev().find(|l| l.starts_with("info depth"));
        assert_eq!(
            field(last.unwrap(), "mate"),
            Some(2),
            "{dialect}: {lines:#?}"
        );
    }
}

#[test]
fn go_solve_is_refused_and_perft_counts_turns() {
    let mut troyka = relay();
    let answer = troyka.ask("go solve");
    assert_eq!(answer.len(), 1, "{answer:?}");
    assert!(
        answer[0].starts_with("info string error: go ignored: relay cannot be solved"),
        "{answer:?}"
    );
    // Six turns of one or two plies from a full pile, and six replies to each.
    assert_eq!(
        troyka.ask("go perft 2"),
        [
            "1,1: 6",
            "1,2: 6",
            "1,end: 6",
            "2,1: 6",
            "2,2: 6",
            "2,end: 6",
            "Nodes searched: 36"
        ]
    );
    assert_eq!(troyka.ask("perft 0"), ["Nodes searched: 1"]);
    assert_eq!(
        troyka.ask("bench"),
        ["info string error: bench ignored: relay has no bench positions"]
    );
}

#[test]
fn switching_variants_starts_a_new_game_and_keeps_the_dialect() {
    let mut troyka = Troyka::start();
    troyka.ask("ugi");
    troyka.ask("setoption name UCI_Variant value relay");
    troyka.ask("position startpos moves 2,1");
    // Back to Breakthrough: its start position, and its moves.
    troyka.ask("setoption name UCI_Variant value breakthrough");
    assert_eq!(troyka.fen(), start().to_text());
    troyka.ask("position startpos moves e2e3");
    troyka.send("go depth 3");
    let bestmove = troyka.until_bestmove().pop().unwrap();
    let game = start().play(start().parse_move("e2e3").unwrap());
    assert!(playable(&game, &[best_move(&bestmove)]), "{bestmove}");
    // BoardSize chooses Breakthrough too, on its board.
    troyka.ask("setoption name UCI_Variant value relay");
    assert_eq!(troyka.fen(), RELAY_START);
    troyka.ask("setoption name BoardSize value 6x5");
    assert_eq!(troyka.fen(), "pppppp/pppppp/6/PPPPPP/PPPPPP w 0 1");
    // The dialect chosen before the switches still counts mates in plies: white wins in 3.
    troyka.ask("position fen 7p/8/P7/8/8/8/8/8 w");
    troyka.send("go depth 6");
    let lines = troyka.until_bestmove();
    let last = lines.iter().rev().find(|l| l.starts_with("info"));
    assert_eq!(field(last.unwrap(), "mate"), Some(3), "{lines:#?}");
}

#[test]
fn xboard_cannot_show_relay() {
    let mut troyka = Troyka::start_xboard();
    troyka.exchange("new");
    assert_eq!(
        troyka.exchange("variant relay"),
        [
            "Error (XBoard cannot show relay; Troyka plays breakthrough, breakthrough5, \
             breakthrough6, breakthrough7, and CxR+0_breakthrough on any board from 2x4 to \
             16x16): variant relay"
        ]
    );
    // Nothing changed: the game goes on with Breakthrough's moves.
    troyka.exchange("force");
    assert!(troyka.exchange("usermove e2e3").is_empty());
}

#[test]
fn a_relay_game_chosen_before_xboard_is_played_in_turns() {
    let mut troyka = relay();
    troyka.send("xboard");
    troyka.send("protover 2");
    troyka.until(PATIENCE, |line| line == "feature done=1");
    // XBoard cannot be told the board: `new` describes nothing.
    assert!(troyka.exchange("new").is_empty());
    troyka.exchange("sd 3");
    let lines = troyka.exchange("usermove 2,1");
    let reply = lines
        .last()
        .and_then(|line| line.strip_prefix("move "))
        .unwrap_or_else(|| panic!("no move in {lines:#?}"));
    let game = after(&Relay::start(), &["2,1"]);
    check_bestmove(&game, &format!("bestmove {reply}"));
    assert!(troyka.exchange("usermove 2")[0].starts_with("Illegal move ("));
}

#[test]
fn quit_ends_a_relay_search_at_once() {
    let mut troyka = relay();
    troyka.send("go infinite");
    troyka.until_prefix("info depth");
    troyka.send("quit");
    let lines = troyka.until_bestmove();
    check_bestmove(&Relay::start(), lines.last().unwrap());
    assert!(troyka.wait_exit(PATIENCE).is_some_and(|s| s.success()));
}
