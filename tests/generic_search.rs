//! The generic search on a game that is not Breakthrough: Relay (`toy_game/`), whose turns
//! have one or two plies by the same side and which can be drawn. Every position of small
//! piles is searched and its result compared with a plain minimax over the whole game tree.

mod toy_game;

use std::collections::HashMap;
use toy_game::{Ply, Relay};
use troyka::game::{Game, GameResult, Position};
use troyka::search::{Engine, Limits, Score, Signals};

/// The result for the side to move with best play, as the search reports it: the shortest
/// win, the longest loss, or a draw (0 centipawns: nothing else is ever scored here).
fn solve(position: &Relay, memo: &mut HashMap<Relay, Score>) -> Score {
    if let Some(score) = memo.get(position) {
        return *score;
    }
    let us = Position::side_to_move(position);
    let score = match position.decided() {
        Some(GameResult::Win(winner)) if winner == us => Score::WinIn(0),
        Some(GameResult::Win(_)) => Score::LossIn(0),
        Some(GameResult::Draw) => Score::Centipawns(0),
        None => position
            .legal_moves()
            .iter()
            .map(|&ply| {
                let child = Position::play(position, ply);
                let seen = solve(&child, memo);
                // The child's score is the mover's own when the mover keeps the turn.
                let ours = if Position::side_to_move(&child) == us {
                    seen
                } else {
                    flip(seen)
                };
                one_ply_later(ours)
            })
            .max_by_key(|score| rank(*score))
            .expect("an unfinished position has a move"),
    };
    memo.insert(*position, score);
    score
}

fn flip(score: Score) -> Score {
    match score {
        Score::WinIn(n) => Score::LossIn(n),
        Score::LossIn(n) => Score::WinIn(n),
        draw => draw,
    }
}

fn one_ply_later(score: Score) -> Score {
    match score {
        Score::WinIn(n) => Score::WinIn(n + 1),
        Score::LossIn(n) => Score::LossIn(n + 1),
        draw => draw,
    }
}

/// Better scores rank higher: quicker wins, then draws, then slower losses.
fn rank(score: Score) -> i64 {
    match score {
        Score::WinIn(n) => 1000 - n as i64,
        Score::Centipawns(cp) => cp as i64,
        Score::LossIn(n) => -1000 + n as i64,
    }
}

/// Every position reachable from piles of up to `stones` with the given turn limit.
fn positions(stones: u16, turn_limit: u16) -> Vec<Relay> {
    let mut seen = Vec::new();
    let mut stack: Vec<Relay> = (1..=stones).map(|n| Relay::new(n, turn_limit)).collect();
    while let Some(position) = stack.pop() {
        if seen.contains(&position) {
            continue;
        }
        seen.push(position);
        for &ply in position.legal_moves().iter() {
            stack.push(Position::play(&position, ply));
        }
    }
    seen.retain(|p| p.decided().is_none());
    seen
}

fn search(position: &Relay) -> (Ply, Score) {
    let mut engine = Engine::new(1, 1);
    let limits = Limits {
        depth: Some(2 * position.turn_limit as u32 + 4),
        ..Limits::default()
    };
    let result = engine.search(position, &limits, &Signals::default(), &mut |_| {});
    (result.best, result.score)
}

#[test]
fn the_generic_search_solves_a_game_with_two_ply_turns_and_draws() {
    let mut memo = HashMap::new();
    let mut results = HashMap::new();
    for turn_limit in [1, 2, 3, 6] {
        for position in positions(11, turn_limit) {
            let expected = solve(&position, &mut memo);
            let (best, score) = search(&position);
            assert_eq!(score, expected, "{position:?}");
            // The move chosen keeps the result.
            let child = Position::play(&position, best);
            let after = solve(&child, &mut memo);
            let after = if Position::side_to_move(&child) == Position::side_to_move(&position) {
                after
            } else {
                flip(after)
            };
            assert_eq!(one_ply_later(after), expected, "{position:?} {best:?}");
            let kind = match expected {
                Score::WinIn(_) => "win",
                Score::LossIn(_) => "loss",
                Score::Centipawns(_) => "draw",
            };
            *results.entry(kind).or_insert(0) += 1;
        }
    }
    // All three results occur, so each path of the search was tried.
    assert_eq!(results.len(), 3, "{results:?}");
}

#[test]
fn piles_of_five_are_lost_when_the_game_is_long_enough() {
    // A turn takes one to four stones, so a multiple of five is lost for the side to move.
    for stones in 1..=15 {
        let (_, score) = search(&Relay::new(stones, 10));
        assert_eq!(
            matches!(score, Score::LossIn(_)),
            stones % 5 == 0,
            "{stones}: {score:?}"
        );
    }
    // With one turn to take five stones, nobody can win: a draw.
    let (_, score) = search(&Relay::new(5, 1));
    assert_eq!(score, Score::Centipawns(0));
}
