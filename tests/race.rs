//! The race patterns against a brute-force search with the rules alone: on many random
//! positions, every pattern that holds is confirmed by searching every line to its depth,
//! and every move a forced verdict leaves out is shown to lose.

use rand_mt::Mt64;
use troyka::games::breakthrough::{BoardSize, Breakthrough, Color, Pattern, Race, Verdict};
use troyka::with_position;

/// Whether the side to move can force a win within `plies` plies.
fn wins_within(game: &Breakthrough, plies: u32) -> bool {
    if plies == 0 || game.winner().is_some() {
        return false;
    }
    let us = game.side_to_move();
    game.legal_moves().iter().any(|&mv| {
        let child = game.play(mv);
        child.winner() == Some(us) || (plies >= 2 && loses_within(&child, plies - 1))
    })
}

/// Whether the side to move loses within `plies` plies whatever it does.
fn loses_within(game: &Breakthrough, plies: u32) -> bool {
    if let Some(winner) = game.winner() {
        return winner != game.side_to_move();
    }
    plies >= 2
        && game
            .legal_moves()
            .iter()
            .all(|&mv| wins_within(&game.play(mv), plies - 1))
}

fn claim_is_true(game: &Breakthrough, pattern: Pattern) -> bool {
    if pattern.side_to_move_wins() {
        wins_within(game, pattern.plies())
    } else {
        loses_within(game, pattern.plies())
    }
}

/// A random position on `size` whose game is not over, with pieces spread over the ranks a
/// piece can stand on before its goal. Few pieces, so that races come up often.
fn random_position(rng: &mut Mt64, size: BoardSize) -> Breakthrough {
    loop {
        let (cols, rows) = (size.cols() as u64, size.rows() as u64);
        let mut white = Vec::new();
        let mut black = Vec::new();
        let pieces = |rng: &mut Mt64| 1 + rng.next_u64() % (cols + 2);
        for _ in 0..pieces(rng) {
            let rank = rng.next_u64() % (rows - 1);
            white.push(size.square((rng.next_u64() % cols) as usize, rank as usize));
        }
        for _ in 0..pieces(rng) {
            let rank = 1 + rng.next_u64() % (rows - 1);
            black.push(size.square((rng.next_u64() % cols) as usize, rank as usize));
        }
        black.retain(|square| !white.contains(square));
        let side = if rng.next_u64().is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        };
        let game = Breakthrough::from_squares(size, &white, &black, side);
        if game.winner().is_none() {
            return game;
        }
    }
}

fn holds(game: &Breakthrough, pattern: Pattern) -> bool {
    with_position!(game, p => Race::new(p.layout()).holds(pattern, p))
}

fn verdict(game: &Breakthrough) -> Verdict {
    with_position!(game, p => Race::new(p.layout()).verdict(p, Pattern::Win5))
}

#[test]
fn patterns_are_confirmed_by_brute_force() {
    let mut rng = Mt64::new(20_240_610);
    let mut fired = [0usize; Pattern::ALL.len()];
    let mut forced = 0;
    for size in ["4x4", "4x5", "5x5", "6x5", "5x6", "6x6", "3x7"] {
        let size: BoardSize = size.parse().unwrap();
        for _ in 0..6_000 {
            let game = random_position(&mut rng, size);
            for (index, pattern) in Pattern::ALL.into_iter().enumerate() {
                if holds(&game, pattern) {
                    fired[index] += 1;
                    assert!(
                        claim_is_true(&game, pattern),
                        "{} holds but is false in {}",
                        pattern.name(),
                        game.to_fen()
                    );
                }
            }
            match verdict(&game) {
                Verdict::Won(pattern) | Verdict::Lost(pattern) => {
                    assert!(holds(&game, pattern), "{}", game.to_fen());
                }
                Verdict::Forced(defences, pattern) => {
                    forced += 1;
                    assert!(!defences.moves().is_empty());
                    for &mv in game.legal_moves().iter() {
                        let child = game.play(mv);
                        if defences.moves().contains(&mv) {
                            assert!(game.legal_moves().contains(&mv));
                            continue;
                        }
                        assert!(
                            holds(&child, pattern) && claim_is_true(&child, pattern),
                            "{} leaves out {} but it does not lose by {}",
                            game.to_fen(),
                            game.move_name(mv),
                            pattern.name()
                        );
                    }
                }
                Verdict::Open => {}
            }
        }
    }
    // The test means something only if every pattern came up often.
    for (index, pattern) in Pattern::ALL.into_iter().enumerate() {
        assert!(fired[index] >= 100, "{}: {fired:?}", pattern.name());
    }
    assert!(forced >= 100, "{forced}");
}

#[test]
fn a_safe_step_that_can_be_blocked_is_not_a_loss_in_four() {
    // Black's c3 can step to c2, which no white piece attacks; but white's c1 steps into
    // c2 first, and then b2 and d2 are guarded by a1 and e1.
    let game = Breakthrough::from_fen("p4/5/2p2/5/P1P1P w").unwrap();
    assert!(!holds(&game, Pattern::Loss4));
    assert!(!loses_within(&game, 4));
    let Verdict::Forced(defences, Pattern::Win3) = verdict(&game) else {
        panic!("c1c2 is the one defence")
    };
    let names: Vec<String> = defences
        .moves()
        .iter()
        .map(|&m| game.move_name(m))
        .collect();
    assert_eq!(names, ["c1c2"]);
    // Without e1, d2 is free once c1 has moved up: the threat cannot be met.
    let game = Breakthrough::from_fen("p4/5/2p2/5/P1P2 w").unwrap();
    assert!(holds(&game, Pattern::Loss4));
}

#[test]
fn a_win_in_five_by_an_unstoppable_approach() {
    // White's c2 steps to c3 (two steps from the goal on 5 rows), where no black piece
    // attacks it; black's a5 is too far to race, and c3 keeps a safe step whatever black
    // does.
    let game = Breakthrough::from_fen("p4/5/5/2P2/5 w").unwrap();
    assert!(holds(&game, Pattern::Win5));
    assert!(wins_within(&game, 5));
    assert!(!wins_within(&game, 3));
}
