//! The generic search and solver on a game that is not Breakthrough: Relay (`src/games/relay/`),
//! whose turns have one or two plies by the same side and which can be drawn. Every
//! position of small piles is searched, or solved where it cannot be drawn, and its result
//! compared with a plain minimax over the whole game tree.

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use troyka::game::{Color, Game, GameResult, Position};
use troyka::games::relay::{Ply, Relay};
use troyka::search::{Engine, Limits, Score, Signals};
use troyka::solve::{Finding, Settings, Solver, Totals};

/// The result for the side to move with best play, as the search reports it: the shortest
/// win, the longest loss, or a draw (0 centipawns: nothing else is ever scored here).
fn solve<const D: bool>(position: &Relay<D>, memo: &mut HashMap<Relay<D>, Score>) -> Score {
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
    reachable((1..=stones).map(|n| Relay::new(n, turn_limit)).collect())
}

/// Every unfinished position reachable from `roots`.
fn reachable<const D: bool>(mut stack: Vec<Relay<D>>) -> Vec<Relay<D>> {
    let mut seen = Vec::new();
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

/// The result of `child`, after a ply of `parent`, for the side to move in `parent`.
fn after<const D: bool>(
    parent: &Relay<D>,
    child: &Relay<D>,
    memo: &mut HashMap<Relay<D>, Score>,
) -> Score {
    let seen = solve(child, memo);
    if Position::side_to_move(child) == Position::side_to_move(parent) {
        seen
    } else {
        flip(seen)
    }
}

/// A solver for these small games. Its node budget is far above what they need, so that a
/// solver that goes wrong (and would search forever) gives up and fails the test instead.
fn solver() -> Solver {
    Solver::new(Settings {
        hash_megabytes: 1,
        nodes: Some(10_000_000),
        ..Settings::default()
    })
}

#[test]
fn the_generic_solver_proves_a_game_with_two_ply_turns() {
    // The solver proves wins and losses only, so it is given Relay without draws.
    let mut memo = HashMap::new();
    let mut results = [0, 0];
    let stop = AtomicBool::new(false);
    for position in reachable((1..=12).map(Relay::endless).collect()) {
        let solution = solver().solve(&position, &stop, &mut |_| {});
        let mover = Position::side_to_move(&position);
        match (solve(&position, &mut memo), solution.outcome) {
            (Score::WinIn(_), Finding::Won { moves }) => {
                // The move named keeps the win.
                let child = Position::play(&position, moves[0]);
                let kept = after(&position, &child, &mut memo);
                assert!(matches!(kept, Score::WinIn(_)), "{position:?} {moves:?}");
                results[0] += 1;
            }
            (Score::LossIn(_), Finding::Lost { replies }) => {
                assert_eq!(replies.len(), position.legal_moves().len(), "{position:?}");
                // Each refutation named wins for the enemy; where the loser moves again
                // there is none to name.
                for (ply, answers) in replies {
                    let child = Position::play(&position, ply);
                    if Position::side_to_move(&child) == mover {
                        assert!(answers.is_empty(), "{position:?} {ply:?}");
                        continue;
                    }
                    let end = Position::play(&child, answers[0]);
                    let score = after(&child, &end, &mut memo);
                    assert!(matches!(score, Score::WinIn(_)), "{position:?} {ply:?}");
                }
                results[1] += 1;
            }
            (expected, outcome) => panic!("{position:?}: {outcome:?}, expected {expected:?}"),
        }
    }
    // Wins and losses, with the first and the second ply to move.
    assert!(results.iter().all(|&n| n >= 20), "{results:?}");
}

#[test]
fn a_toy_solve_resumes_from_a_checkpoint() {
    // A turn takes one to four stones: a pile of 40 is lost for the side to move.
    let root = Relay::endless(40);
    let stop = AtomicBool::new(false);
    let straight = solver().solve(&root, &stop, &mut |_| {});
    assert!(matches!(straight.outcome, Finding::Lost { .. }));
    let stopped = Solver::new(Settings {
        hash_megabytes: 1,
        nodes: Some(straight.nodes / 2),
        ..Settings::default()
    });
    assert_eq!(
        stopped.solve(&root, &stop, &mut |_| {}).outcome,
        Finding::Unknown
    );
    let path = std::env::temp_dir().join(format!("troyka-toy-{}", std::process::id()));
    stopped
        .save_checkpoint(&root, Totals::default(), &path)
        .unwrap();
    let resumed = solver();
    resumed.load_checkpoint(&root, &path).unwrap();
    let solution = resumed.solve(&root, &stop, &mut |_| {});
    assert_eq!(solution.winner(Color::White), Some(Color::Black));
    assert!(solution.nodes < straight.nodes);
    // The checkpoint names its root, and another pile is refused.
    let error = resumed
        .load_checkpoint(&Relay::endless(39), &path)
        .unwrap_err();
    assert!(error.contains("another position"), "{error}");
    std::fs::remove_file(&path).unwrap();
}
