//! `troyka-match check-pgn FILE`: replays every game of a PGN file with the rules of the
//! game its `[Variant]` tag names (the reader rejects any illegal move) and checks each
//! result against how the game ended: a game ended by the rules must have the result the
//! rules give (a win or a draw), for the reason they give when the comment before the result
//! says one, and a game forfeited or adjudicated must not already have been decided on the
//! board. An unfinished game (`*`, as `troyka gui` saves a game that goes on) must be one
//! the rules have not ended; it scores no points.

use super::game_record::{Ending, GameResult, Termination};
use super::pgn::{self, PgnGame, PgnText};
use crate::game::{Color, Game};
use crate::games::GameVisitor;
use std::collections::BTreeMap;

/// Prints a summary of the file; returns whether every game is consistent.
pub fn run(args: &[String]) -> Result<bool, String> {
    let [path] = args else {
        return Err("usage: troyka-match check-pgn FILE".into());
    };
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let (summary, consistent) = check_text(path, &text)?;
    print!("{summary}");
    Ok(consistent)
}

/// The summary of the PGN `text` read from `path`, and whether every game is consistent;
/// an error when a game does not replay.
fn check_text(path: &str, text: &str) -> Result<(String, bool), String> {
    let games: Vec<CheckedGame> = pgn::texts(text)
        .and_then(|games| games.into_iter().map(CheckedGame::new).collect())
        .map_err(|e| format!("{path}: {e}"))?;
    Ok(summarise(path, &games))
}

/// What the summary needs of one game, replayed and checked.
struct CheckedGame {
    players: [String; 2],
    result: Option<GameResult>,
    termination: String,
    /// What is inconsistent in the game, if anything.
    problem: Option<String>,
}

impl CheckedGame {
    /// Replays `game` with the rules of its variant and checks it; an error when it does
    /// not replay.
    fn new(game: PgnText) -> Result<CheckedGame, String> {
        game.variant()?.visit(Replay(game))
    }
}

/// Replays a game on its variant's start position, then checks it.
struct Replay(PgnText);

impl GameVisitor for Replay {
    type Output = Result<CheckedGame, String>;

    fn visit<G: Game>(self, start: G) -> Result<CheckedGame, String> {
        let game = self.0.replay(&start)?;
        let tag = |name: &str| game.tag(name).unwrap_or("?").to_string();
        Ok(CheckedGame {
            players: [tag("White"), tag("Black")],
            result: GameResult::from_pgn(&game.result),
            termination: game.tag("Termination").unwrap_or("normal").to_string(),
            problem: check_game(&game).err(),
        })
    }
}

/// A line per inconsistent game, then the totals: games, each player's points (a draw is
/// half a point) and the terminations. Also says whether every game is consistent.
fn summarise(path: &str, games: &[CheckedGame]) -> (String, bool) {
    let mut text = String::new();
    // Per player: half points and games.
    let mut points: BTreeMap<&str, (u64, u64)> = BTreeMap::new();
    let mut terminations: BTreeMap<&str, u64> = BTreeMap::new();
    let mut problems = 0;
    let mut unfinished = 0;
    for (index, game) in games.iter().enumerate() {
        if let Some(problem) = &game.problem {
            text += &format!("game {}: {problem}\n", index + 1);
            problems += 1;
        }
        for (color, player) in [Color::White, Color::Black].into_iter().zip(&game.players) {
            let entry = points.entry(player).or_default();
            // An unfinished game is no game played, for points or for games.
            if let Some(result) = game.result {
                entry.0 += u64::from(result.half_points(color));
                entry.1 += 1;
            }
        }
        unfinished += usize::from(game.result.is_none());
        *terminations.entry(&game.termination).or_default() += 1;
    }
    text += &format!(
        "{path}: {} games{}, {}\n",
        games.len(),
        if unfinished == 0 {
            String::new()
        } else {
            format!(" ({unfinished} unfinished)")
        },
        if problems == 0 {
            "all consistent with the rules".to_string()
        } else {
            format!("{problems} inconsistent")
        }
    );
    for (player, (half_points, played)) in &points {
        // `6` or `6.5`: whole points print as they did before draws were counted.
        text += &format!("  {player}: {} of {played}\n", *half_points as f64 / 2.0);
    }
    let ends: Vec<String> = terminations
        .iter()
        .map(|(t, n)| format!("{t} {n}"))
        .collect();
    text += &format!("  terminations: {}\n", ends.join(", "));
    (text, problems == 0)
}

/// Whether a game's result agrees with its moves and termination. An unfinished game
/// (`*`, as the board saves a game that goes on) agrees while the rules have not ended it.
pub fn check_game<G: Game>(game: &PgnGame<G>) -> Result<(), String> {
    if game.result == "*" {
        return check_unfinished(game);
    }
    let claimed = GameResult::from_pgn(&game.result)
        .ok_or_else(|| format!("result '{}' is not a win or a draw", game.result))?;
    let name = game.tag("Termination").unwrap_or("normal");
    let termination =
        Termination::from_pgn_name(name).ok_or_else(|| format!("unknown termination '{name}'"))?;
    let by_the_rules = Ending::by_the_rules(&game.final_position());
    if !termination.by_the_rules() {
        // The runner or a failing engine ended the game, which the board must not have
        // ended before; a forfeit always has a winner.
        return match by_the_rules {
            Some(_) => Err(format!(
                "{} ({name}) after the game was already over",
                if termination.is_forfeit() {
                    "forfeited"
                } else {
                    "adjudicated"
                }
            )),
            None if termination.is_forfeit() && claimed == GameResult::Draw => {
                Err(format!("a forfeit ({name}) cannot be a draw"))
            }
            None => Ok(()),
        };
    }
    let Some(ending) = by_the_rules else {
        return Err(match claimed {
            GameResult::Draw => format!(
                "the result is a draw by the rules ('{name}'), but the rules do not draw \
                 this game: it is not over"
            ),
            GameResult::Win(_) => format!("ended '{name}' but the game is not over"),
        });
    };
    if ending.result != claimed {
        return Err(format!(
            "the rules make {}, the result says {}",
            match ending.result {
                GameResult::Win(winner) => format!("{} the winner", G::side_name(winner)),
                GameResult::Draw => "it a draw".into(),
            },
            match claimed {
                GameResult::Win(winner) => G::side_name(winner),
                GameResult::Draw => "a draw",
            }
        ));
    }
    // The rules say why a game was drawn, but not under which termination: a draw may be
    // filed under any of the rules' (the reason is compared below).
    if ending.termination != termination && ending.result != GameResult::Draw {
        return Err(format!(
            "the rules end the game '{}', the record says '{name}'",
            ending.termination.pgn_name()
        ));
    }
    // troyka-match wrote "reaches the last rank" before the rules named the reasons.
    let earlier_wording = ending
        .reason
        .replace("reaches the goal", "reaches the last rank");
    match &game.final_comment {
        Some(comment) if *comment != ending.reason && *comment != earlier_wording => Err(format!(
            "the record says '{comment}', but {}",
            ending.reason
        )),
        _ => Ok(()),
    }
}

/// An unfinished game: the rules must not have ended it, nor its termination say it ended
/// (PGN's `unterminated`, or none).
fn check_unfinished<G: Game>(game: &PgnGame<G>) -> Result<(), String> {
    if let Some(ending) = Ending::by_the_rules(&game.final_position()) {
        return Err(format!(
            "the result is '*' (unfinished), but {}",
            ending.reason
        ));
    }
    match game.tag("Termination") {
        None | Some("unterminated") => Ok(()),
        Some(name) => Err(format!(
            "the result is '*' (unfinished), but the game ended '{name}'"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::breakthrough::{BoardSize, Breakthrough};
    use crate::games::relay::Relay;

    fn game(termination: &str, moves: &str, result: &str) -> PgnGame<Breakthrough> {
        let text = format!(
            "[FEN \"pp/2/2/PP w 0 1\"]\n[Termination \"{termination}\"]\n\n{moves} {result}\n"
        );
        let start = Breakthrough::start(BoardSize::STANDARD);
        pgn::read(&text, &start).unwrap().remove(0)
    }

    /// A Relay game from 12 stones three turns before the limit of 20.
    fn relay(termination: &str, moves: &str, result: &str) -> PgnGame<Relay> {
        let text = format!(
            "[Variant \"relay\"]\n[FEN \"12 white 1 17 20 -\"]\n\
             [Termination \"{termination}\"]\n\n{moves} {result}\n"
        );
        pgn::read(&text, &Relay::start()).unwrap().remove(0)
    }

    #[test]
    fn the_reason_before_the_result_must_be_the_rules_reason() {
        let won = "1. a1a2 b4b3 2. a2xb3 a4a3 3. b3b4";
        let with = |comment: &str| game("normal", &format!("{won} {{{comment}}}"), "1-0");
        assert_eq!(check_game(&with("White reaches the goal")), Ok(()));
        assert_eq!(check_game(&with("White reaches the last rank")), Ok(()));
        assert_eq!(
            check_game(&with("False win claim: 'White reaches the goal'")),
            Err(
                "the record says 'False win claim: 'White reaches the goal'', but White \
                 reaches the goal"
                    .into()
            )
        );
        assert!(check_game(&with("Xboard adjudication: Stalemate")).is_err());
    }

    #[test]
    fn results_must_match_the_board() {
        // 2x4: white a1 b1, black a4 b4; white captures on b3 and walks to b4.
        let won = "1. a1a2 b4b3 2. a2xb3 a4a3 3. b3b4";
        assert_eq!(check_game(&game("normal", won, "1-0")), Ok(()));
        assert!(check_game(&game("normal", won, "0-1"))
            .unwrap_err()
            .contains("make white the winner"));
        assert!(check_game(&game("normal", "1. a1a2", "1-0"))
            .unwrap_err()
            .contains("not over"));
        assert_eq!(check_game(&game("time forfeit", "1. a1a2", "0-1")), Ok(()));
        assert!(check_game(&game("abandoned", won, "0-1"))
            .unwrap_err()
            .contains("already over"));
        // `adjudication` is a termination of ours now (see the draws test); the PGN
        // standard's `emergency` is not.
        assert!(check_game(&game("emergency", "1. a1a2", "1-0"))
            .unwrap_err()
            .contains("unknown termination"));
    }

    #[test]
    fn unfinished_games_are_read_while_they_are_not_over() {
        // The board's record of a game still going on: `*`, `unterminated`.
        assert_eq!(check_game(&game("unterminated", "1. a1a2", "*")), Ok(()));
        assert_eq!(check_game(&game("unterminated", "", "*")), Ok(()));
        // An unfinished record of a game the rules have ended is wrong.
        let won = "1. a1a2 b4b3 2. a2xb3 a4a3 3. b3b4";
        assert_eq!(
            check_game(&game("unterminated", won, "*")),
            Err("the result is '*' (unfinished), but White reaches the goal".into())
        );
        // So is a termination that says the game ended.
        assert_eq!(
            check_game(&game("time forfeit", "1. a1a2", "*")),
            Err("the result is '*' (unfinished), but the game ended 'time forfeit'".into())
        );
        // The summary counts an unfinished game, but no points and no game played for
        // anyone.
        let text = "[White \"a\"]\n[Black \"b\"]\n[FEN \"pp/2/2/PP w 0 1\"]\n\
                    [Termination \"unterminated\"]\n\n1. a1a2 *\n\n\
                    [White \"b\"]\n[Black \"a\"]\n[FEN \"pp/2/2/PP w 0 1\"]\n\n\
                    1. a1a2 b4b3 2. a2xb3 a4a3 3. b3b4 1-0\n";
        assert_eq!(
            check_text("board.pgn", text),
            Ok((
                "board.pgn: 2 games (1 unfinished), all consistent with the rules\n  \
                 a: 0 of 1\n  \
                 b: 1 of 1\n  \
                 terminations: normal 1, unterminated 1\n"
                    .to_string(),
                true
            ))
        );
    }

    #[test]
    fn draws_are_read_and_judged() {
        let won = "1. a1a2 b4b3 2. a2xb3 a4a3 3. b3b4";
        // The runner's own draws: adjudicated before the board decided.
        assert_eq!(
            check_game(&game("adjudication", "1. a1a2", "1/2-1/2")),
            Ok(())
        );
        assert_eq!(check_game(&game("adjudication", "1. a1a2", "0-1")), Ok(()));
        assert_eq!(
            check_game(&game("adjudication", won, "1/2-1/2")),
            Err("adjudicated (adjudication) after the game was already over".into())
        );
        // A draw by the rules: the moves replay, but Breakthrough's rules never draw.
        for termination in ["normal", "repetition", "move limit rule"] {
            assert_eq!(
                check_game(&game(termination, "1. a1a2 b4b3", "1/2-1/2")),
                Err(format!(
                    "the result is a draw by the rules ('{termination}'), but the rules do \
                     not draw this game: it is not over"
                ))
            );
        }
        assert_eq!(
            check_game(&game("normal", won, "1/2-1/2")),
            Err("the rules make white the winner, the result says a draw".into())
        );
        assert_eq!(
            check_game(&game("repetition", won, "1-0")),
            Err("the rules end the game 'normal', the record says 'repetition'".into())
        );
        assert_eq!(
            check_game(&game("time forfeit", "1. a1a2", "1/2-1/2")),
            Err("a forfeit (time forfeit) cannot be a draw".into())
        );
    }

    #[test]
    fn summaries_count_half_points() {
        let game = |white: &str, black: &str, termination: &str, result: &str| {
            format!(
                "[White \"{white}\"]\n[Black \"{black}\"]\n[FEN \"pp/2/2/PP w 0 1\"]\n\
                 [Termination \"{termination}\"]\n\n1. a1a2 {result}\n\n"
            )
        };
        let text = game("a", "b", "adjudication", "1/2-1/2")
            + &game("b", "a", "adjudication", "0-1")
            + &game("a", "b", "normal", "1/2-1/2");
        assert_eq!(
            check_text("x.pgn", &text),
            Ok((
                "game 3: the result is a draw by the rules ('normal'), but the rules do not \
                 draw this game: it is not over\n\
                 x.pgn: 3 games, 1 inconsistent\n  \
                 a: 2 of 3\n  \
                 b: 1 of 3\n  \
                 terminations: adjudication 2, normal 1\n"
                    .to_string(),
                false
            ))
        );
    }

    #[test]
    fn relay_draws_by_the_rules_are_judged_with_their_reason() {
        let drawn = "1. 2,2 1,end 2. 2,1 {20 turns have passed}";
        assert_eq!(check_game(&relay("normal", drawn, "1/2-1/2")), Ok(()));
        // Which of the rules' terminations a draw is filed under is the record's to say.
        assert_eq!(
            check_game(&relay("move limit rule", drawn, "1/2-1/2")),
            Ok(())
        );
        assert_eq!(
            check_game(&relay("normal", drawn, "1-0")),
            Err("the rules make it a draw, the result says white".into())
        );
        assert_eq!(
            check_game(&relay(
                "normal",
                "1. 2,2 1,end 2. 2,1 {White wins}",
                "1/2-1/2"
            )),
            Err("the record says 'White wins', but 20 turns have passed".into())
        );
        assert_eq!(
            check_game(&relay("adjudication", "1. 2,2 1,end", "1/2-1/2")),
            Ok(())
        );
        assert!(check_game(&relay("normal", "1. 2,2 1,end", "1/2-1/2"))
            .unwrap_err()
            .contains("not over"));
        let won = "1. 2,2 2,2 2. 2,2 {white takes the last stone}";
        assert_eq!(check_game(&relay("normal", won, "1-0")), Ok(()));
    }

    #[test]
    fn each_game_is_replayed_with_its_variants_rules() {
        let text = "[White \"a\"]\n[Black \"b\"]\n[Variant \"relay\"]\n\n\
                    1. 2,1 {book} 1,end 2. 2,2 {+0.10/4 0.1s} 1-0\n\n\
                    [White \"b\"]\n[Black \"a\"]\n[FEN \"pp/2/2/PP w 0 1\"]\n\n\
                    1. a1a2 b4b3 2. a2xb3 a4a3 3. b3b4 1-0\n";
        assert_eq!(
            check_text("mixed.pgn", text),
            Ok((
                "game 1: ended 'normal' but the game is not over\n\
                 mixed.pgn: 2 games, 1 inconsistent\n  \
                 a: 1 of 2\n  \
                 b: 1 of 2\n  \
                 terminations: normal 2\n"
                    .to_string(),
                false
            ))
        );
        let illegal = "[Variant \"relay\"]\n\n1. 2,1 1,1,1 *\n";
        assert_eq!(
            check_text("bad.pgn", illegal),
            Err(
                "bad.pgn: game 1: move 2 (1,1,1): '1,1,1': the turn is over before '1' \
                 (one turn at a time)"
                    .into()
            )
        );
    }
}
