//! What the Breakthru protocol tests share: a session switched to Breakthru, games ended each
//! way the rules end them, the state `d` shows (to see that a refused line changed nothing),
//! and checks that a `bestmove` or a principal variation holds whole legal turns.

use crate::harness::{Troyka, PATIENCE};
use troyka::game::Game;
use troyka::games::breakthru::BreakthruGame;

/// The reference's start position.
pub const START: &str =
    "11/3sssss3/11/1s2EEE2s1/1s1E3E1s1/1s1E1F1E1s1/1s1E3E1s1/1s2EEE2s1/11/3sssss3/11 g 0 1";

/// Turns there and back by both sides: from the start, they bring the start position back
/// after every four, so twice over they make its third repetition (a draw).
pub const SHUFFLE: [&str; 4] = ["d5c5,d6c6", "d2c2,h2i2", "c5d5,c6d6", "c2d2,i2h2"];

/// A finished game, reached by its last turn, as the protocol reports it.
pub struct Ending {
    pub how: &'static str,
    /// The `position` command that reaches it.
    pub position: String,
    /// The end of `d`'s `Game:` line, and in `go`'s notice.
    pub result: &'static str,
    /// `query result`'s answer.
    pub response: &'static str,
    /// `query p1turn`'s answer: whether gold is to move.
    pub gold_to_move: bool,
}

/// Every way a game ends, each reached by the turn that ends it.
pub fn endings() -> Vec<Ending> {
    let ending = |how, position: &str, result, response, gold_to_move| Ending {
        how,
        position: position.to_string(),
        result,
        response,
        gold_to_move,
    };
    vec![
        ending(
            "the flagship escapes",
            "position fen 11/11/11/11/11/5F5/11/11/11/11/s10 g 0 1 moves f6f1",
            "gold won",
            "p1win",
            false,
        ),
        ending(
            "the flagship is captured",
            "position fen 11/11/11/11/4s6/5F5/11/11/11/11/11 s 0 1 moves e7f6",
            "silver won",
            "p2win",
            true,
        ),
        ending(
            "silver, its last ship taken, has no legal turn",
            "position fen 11/11/11/11/11/5F5/11/11/11/3s7/2E8 g 0 1 moves c1d2",
            "gold won",
            "p1win",
            false,
        ),
        ending(
            "gold, its flagship boxed in, has no legal turn",
            "position fen 11/11/11/11/5s5/4sFs4/11/5s5/11/11/s10 s 0 1 moves f4f5,a1a2",
            "silver won",
            "p2win",
            true,
        ),
        ending(
            "100 turns without a capture",
            &format!(
                "position fen {} moves d5c5,d6c6",
                START.replace(" 0 1", " 99 1")
            ),
            "drawn",
            "draw",
            false,
        ),
        ending(
            "the third repetition",
            &format!(
                "position startpos moves {} {}",
                SHUFFLE.join(" "),
                SHUFFLE.join(" ")
            ),
            "drawn",
            "draw",
            true,
        ),
    ]
}

/// A session switched to Breakthru, after the handshake `dialect` (`uci` or `ugi`) unless it
/// is empty.
pub fn breakthru_in(dialect: &str) -> Troyka {
    let mut troyka = Troyka::start();
    if !dialect.is_empty() {
        troyka.send(dialect);
        troyka.until(PATIENCE, |line| line == format!("{dialect}ok"));
    }
    let answer = troyka.ask("setoption name UCI_Variant value breakthru");
    assert!(answer.is_empty(), "{answer:?}");
    troyka
}

pub fn breakthru() -> Troyka {
    breakthru_in("")
}

/// The answers to `query p1turn`, `query gameover` and `query result`, in that order.
pub fn queries(troyka: &mut Troyka) -> Vec<String> {
    ["p1turn", "gameover", "result"]
        .iter()
        .flat_map(|query| troyka.ask(&format!("query {query}")))
        .collect()
}

/// Everything `d` shows: the diagram, the position string, the key, the side to move and
/// whether the game is over (which the position string alone cannot say after a
/// repetition).
pub fn shown(troyka: &mut Troyka) -> Vec<String> {
    troyka.ask("d")
}

/// The game at the position the engine is set to (without the turns before it: a draw by
/// repetition does not show).
pub fn game(troyka: &mut Troyka) -> BreakthruGame {
    let fen = troyka.fen();
    BreakthruGame::from_text(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// `game` after `turns`, as the protocol writes them.
pub fn after(game: &BreakthruGame, turns: &[&str]) -> BreakthruGame {
    turns.iter().fold(game.clone(), |game, text| {
        let turn = game
            .parse_turn(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        game.play_all(&turn)
    })
}

/// Sends `command` and checks that it gets exactly one error line, which says `says`, and
/// that it changed nothing `d` shows; returns the line.
pub fn assert_refused(troyka: &mut Troyka, command: &str, says: &str) -> String {
    let before = shown(troyka);
    let answer = troyka.ask(command);
    assert_eq!(answer.len(), 1, "{command}: {answer:#?}");
    assert!(
        answer[0].starts_with("info string error: ") && answer[0].contains(says),
        "{command}: {answer:?} does not say {says:?}"
    );
    assert_eq!(shown(troyka), before, "{command} changed the position");
    answer[0].clone()
}

/// What is wrong with a `bestmove` line for `game`: its move must be a whole legal turn
/// written in the canonical order, its `ponder` (if any) one after it; `bestmove 0000` only
/// when the game is over. `None` when it is right.
pub fn bestmove_error(game: &BreakthruGame, over: bool, line: &str) -> Option<String> {
    let words: Vec<&str> = line.split(' ').collect();
    let (best, ponder) = match words[..] {
        ["bestmove", best] => (best, None),
        ["bestmove", best, "ponder", ponder] => (best, Some(ponder)),
        _ => return Some(format!("not a bestmove line: {line:?}")),
    };
    if best == "0000" {
        return (!over || ponder.is_some()).then(|| format!("{line}: the game is not over"));
    }
    if over {
        return Some(format!("{line}: the game is over"));
    }
    let turn = match game.parse_turn(best) {
        Ok(turn) => turn,
        Err(error) => return Some(format!("{line}: {error}")),
    };
    if game.turn_name(&turn) != best {
        return Some(format!("{line}: not in canonical order"));
    }
    let reply = game.play_all(&turn);
    let ponder_error = ponder.and_then(|ponder| reply.parse_turn(ponder).err());
    ponder_error.map(|error| format!("{line}: ponder: {error}"))
}

/// Checks a `bestmove` line for `game`, a game not over.
pub fn check_bestmove(game: &BreakthruGame, line: &str) {
    if let Some(error) = bestmove_error(game, false, line) {
        panic!("{error}");
    }
}

/// Checks that the principal variation of an `info` line is made of legal turns from
/// `game`, the last of which may stop before its end.
pub fn check_pv(game: &BreakthruGame, line: &str) {
    let turns = crate::harness::pv(line);
    assert!(!turns.is_empty(), "no pv in {line}");
    let mut position = game.clone();
    for (number, text) in turns.iter().enumerate() {
        let last = number + 1 == turns.len();
        match position.parse_turn(text) {
            Ok(turn) => position = position.play_all(&turn),
            Err(_) if last => {
                // Stopped inside the turn: its legs are legal, one after the other.
                for leg in text.split(',') {
                    let leg = position
                        .parse_move(leg)
                        .unwrap_or_else(|e| panic!("{leg} in {line}: {e}"));
                    position = position.play(leg);
                }
            }
            Err(error) => panic!("{text} in {line}: {error}"),
        }
    }
}
