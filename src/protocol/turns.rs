//! Turns as the protocols send them. `bestmove`, `ponder` and CECP's `move` are whole turns
//! (one ply in Breakthrough; one or more in a game whose turn has several plies), taken from
//! the principal variation, which is a line of plies and may stop inside a turn: the first
//! turn is then completed, and the second left out.

use crate::game::{turn_over, turns_of, Game, GameMove};

/// The longest start of `line` that can be played from `game`. The search's lines are
/// legal; they are checked anyway, because a GUI forfeits a game on an illegal move.
pub fn legal_prefix<G: Game>(game: &G, line: &[G::Move]) -> Vec<G::Move> {
    let mut position = game.clone();
    let mut legal = Vec::with_capacity(line.len());
    for &mv in line {
        if !position.legal_moves().contains(&mv) {
            log::error!("an illegal ply in the line the search returned; cut there");
            break;
        }
        position = position.play(mv);
        legal.push(mv);
    }
    legal
}

/// What `bestmove` and `ponder` say for `line`, a legal line from `game` (a game not over):
/// the line's first turn, completed when the line stops inside it (or is empty) by the plies
/// `choose` picks in the positions reached; and the second turn when the line has it whole.
pub fn best_and_ponder<G: Game>(
    game: &G,
    line: &[G::Move],
    mut choose: impl FnMut(&G) -> G::Move,
) -> (Vec<G::Move>, Option<Vec<G::Move>>) {
    let mut best = turns_of(game, line).into_iter().next().unwrap_or_default();
    let mut position = game.play_all(&best);
    while !turn_over(game, &position) {
        let legal = position.legal_moves();
        let chosen = choose(&position);
        let Some(mv) = legal
            .contains(&chosen)
            .then_some(chosen)
            .or(legal.first().copied())
        else {
            log::error!("a turn cannot be completed: no legal ply where the game goes on");
            break;
        };
        best.push(mv);
        position = position.play(mv);
    }
    // The rest of the line, unless the first turn needed completing (then there is none).
    let ponder = line
        .get(best.len()..)
        .and_then(|rest| first_whole_turn(&position, rest));
    (best, ponder)
}

/// The first turn of `line` from `game`, if the line has it whole.
pub fn first_whole_turn<G: Game>(game: &G, line: &[G::Move]) -> Option<Vec<G::Move>> {
    let first = turns_of(game, line).into_iter().next()?;
    turn_over(game, &game.play_all(&first)).then_some(first)
}

/// A whole turn from `game` (not over) that needs no search: the first legal ply, as often
/// as the turn has plies. For a `go` whose search could not start, which still owes a move.
pub fn first_turn<G: Game>(game: &G) -> Vec<G::Move> {
    // No move is never legal, so the first legal ply is taken instead.
    best_and_ponder(game, &[], |_| G::Move::NULL).0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::relay::{Ply, Relay};

    fn plies(line: &[u16]) -> Vec<Ply> {
        line.iter()
            .map(|&n| if n == 3 { Ply::END_TURN } else { Ply::take(n) })
            .collect()
    }

    #[test]
    fn the_first_turn_is_completed_and_the_second_kept_only_whole() {
        let start = Relay::new(10, 5);
        let end = |_: &Relay| Ply::END_TURN;
        // A whole first turn, and a whole second one.
        assert_eq!(
            best_and_ponder(&start, &plies(&[2, 1, 1, 3, 2]), end),
            (plies(&[2, 1]), Some(plies(&[1, 3])))
        );
        // The second turn cut short is left out.
        assert_eq!(
            best_and_ponder(&start, &plies(&[2, 1, 1]), end),
            (plies(&[2, 1]), None)
        );
        // The first turn cut short is completed by the chosen ply.
        assert_eq!(
            best_and_ponder(&start, &plies(&[2]), end),
            (plies(&[2, 3]), None)
        );
        // An empty line, and a choice that is not legal: the first legal ply instead.
        assert_eq!(
            best_and_ponder(&start, &[], |_| Ply::take(1)),
            (plies(&[1, 1]), None)
        );
        assert_eq!(first_turn(&start), plies(&[1, 1]));
        // A turn that ends the game after one ply is whole.
        assert_eq!(first_turn(&Relay::new(1, 5)), plies(&[1]));
        assert_eq!(first_whole_turn(&start, &plies(&[2])), None);
        assert_eq!(
            first_whole_turn(&start, &plies(&[2, 1, 1])),
            Some(plies(&[2, 1]))
        );
    }

    #[test]
    fn lines_are_cut_at_the_first_illegal_ply() {
        let start = Relay::new(3, 5);
        assert_eq!(legal_prefix(&start, &plies(&[2, 1, 2])), plies(&[2, 1]));
        assert_eq!(legal_prefix(&start, &plies(&[3])), plies(&[]));
    }
}
