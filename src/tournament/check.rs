//! `troyka-match check-pgn FILE`: replays every game of a PGN file with the rules (the
//! reader rejects any illegal move) and checks each result against how the game ended: a
//! game ended by the rules must be won by the side the rules say, for the reason they say
//! when the comment before the result gives one, and a forfeited game must not already
//! have been decided on the board.

use super::pgn::{self, PgnGame};
use super::record::Termination;
use crate::rules::Color;
use std::collections::BTreeMap;

/// Prints a summary of the file; returns whether every game is consistent.
pub fn run(args: &[String]) -> Result<bool, String> {
    let [path] = args else {
        return Err("usage: troyka-match check-pgn FILE".into());
    };
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let games = pgn::read(&text).map_err(|e| format!("{path}: {e}"))?;
    let mut points: BTreeMap<&str, (u64, u64)> = BTreeMap::new();
    let mut terminations: BTreeMap<&str, u64> = BTreeMap::new();
    let mut problems = 0;
    for (index, game) in games.iter().enumerate() {
        if let Err(problem) = check_game(game) {
            println!("game {}: {problem}", index + 1);
            problems += 1;
        }
        let winner = winner(game);
        for (color, tag) in [(Color::White, "White"), (Color::Black, "Black")] {
            let entry = points.entry(game.tag(tag).unwrap_or("?")).or_default();
            entry.0 += u64::from(winner == Some(color));
            entry.1 += 1;
        }
        *terminations
            .entry(game.tag("Termination").unwrap_or("normal"))
            .or_default() += 1;
    }
    println!(
        "{path}: {} games, {}",
        games.len(),
        if problems == 0 {
            "all consistent with the rules".to_string()
        } else {
            format!("{problems} inconsistent")
        }
    );
    for (player, (won, played)) in &points {
        println!("  {player}: {won} of {played}");
    }
    let ends: Vec<String> = terminations
        .iter()
        .map(|(t, n)| format!("{t} {n}"))
        .collect();
    println!("  terminations: {}", ends.join(", "));
    Ok(problems == 0)
}

fn winner(game: &PgnGame) -> Option<Color> {
    match game.result.as_str() {
        "1-0" => Some(Color::White),
        "0-1" => Some(Color::Black),
        _ => None,
    }
}

/// Whether a game's result agrees with its moves and termination.
pub fn check_game(game: &PgnGame) -> Result<(), String> {
    let claimed = winner(game).ok_or_else(|| format!("result '{}' is not a win", game.result))?;
    let name = game.tag("Termination").unwrap_or("normal");
    let termination =
        Termination::from_pgn_name(name).ok_or_else(|| format!("unknown termination '{name}'"))?;
    let outcome = game.final_position().outcome();
    let on_board = outcome.map(|outcome| outcome.winner);
    match (termination, on_board) {
        (Termination::Normal, Some(winner)) if winner == claimed => {
            let reason = outcome
                .map(|outcome| outcome.to_string())
                .unwrap_or_default();
            // troyka-match wrote "reaches the last rank" before the rules named the reasons.
            let earlier_wording = reason.replace("reaches the goal", "reaches the last rank");
            match &game.final_comment {
                Some(comment) if *comment != reason && *comment != earlier_wording => {
                    Err(format!("the record says '{comment}', but {reason}"))
                }
                _ => Ok(()),
            }
        }
        (Termination::Normal, Some(winner)) => Err(format!(
            "the rules make {} the winner, the result says {}",
            winner.name(),
            claimed.name()
        )),
        (Termination::Normal, None) => Err("ended 'normal' but the game is not over".into()),
        (_, None) => Ok(()),
        (_, Some(_)) => Err(format!(
            "forfeited ({name}) after the game was already over"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(termination: &str, moves: &str, result: &str) -> PgnGame {
        let text = format!(
            "[FEN \"pp/2/2/PP w 0 1\"]\n[Termination \"{termination}\"]\n\n{moves} {result}\n"
        );
        pgn::read(&text).unwrap().remove(0)
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
        assert!(check_game(&game("adjudication", "1. a1a2", "1-0"))
            .unwrap_err()
            .contains("unknown termination"));
        assert!(check_game(&game("normal", "1. a1a2", "*"))
            .unwrap_err()
            .contains("not a win"));
    }
}
