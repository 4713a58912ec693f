//! The cross-check itself: everything the engine says of a position (its turns, its legs
//! played one at a time, the outcome, position strings, hashes, notation) against the plain
//! rules of [`super::plain`], with a tally of the cases the reference singles out.

use super::plain::{below, on_edge, turn_text, Cell, Plain, SQUARES};
use rand_mt::Mt64;
use std::collections::HashSet;
use troyka::game::{Color, GameMove, GameResult};
use troyka::games::breakthru::{perft, Breakthru, BreakthruTurn, EndReason, Leg, Piece};

/// The position a string gives, which must be valid.
pub fn read(fen: &str) -> Breakthru {
    Breakthru::from_fen(fen).unwrap_or_else(|error| panic!("{fen}: {error}"))
}

/// The plain copy of an engine position, read through its accessors.
pub fn plain_of(position: &Breakthru) -> Plain {
    let mut plain = Plain::empty_board(position.side_to_move() == Color::White);
    for square in 0..SQUARES {
        plain.cells[square] = match position.piece_at(square) {
            None => Cell::Empty,
            Some(Piece::Flagship) => Cell::Flagship,
            Some(Piece::Escort) => Cell::Escort,
            Some(Piece::Silver) => Cell::Silver,
        };
    }
    plain.quiet_turns = position.quiet_turns();
    plain.turn = position.turn_number();
    plain
}

fn winner_word(result: GameResult) -> &'static str {
    match result {
        GameResult::Win(Color::White) => "gold",
        GameResult::Win(Color::Black) => "silver",
        GameResult::Draw => "draw",
    }
}

/// A leg as the plain rules write it.
type PlainLeg = (usize, usize);
/// A turn as plain data: lists of them compare much faster than their texts.
type Key = (PlainLeg, Option<PlainLeg>);

fn plain_leg(leg: Leg) -> PlainLeg {
    (leg.from(), leg.to())
}

fn key(turn: &BreakthruTurn) -> Key {
    let legs = turn.legs();
    (plain_leg(legs[0]), legs.get(1).copied().map(plain_leg))
}

fn plain_key(legs: &[PlainLeg]) -> Key {
    (legs[0], legs.get(1).copied())
}

/// The items in order, to compare lists whose order does not matter.
pub fn sorted<T: Ord>(mut items: Vec<T>) -> Vec<T> {
    items.sort_unstable();
    items
}

/// How often the random positions met each case the rules single out.
#[derive(Default, Debug)]
pub struct Coverage {
    pub positions: u32,
    pub forced_single_slides: u32,
    pub flagship_captures: u32,
    pub escapes_in_one: u32,
    pub no_legal_turn: u32,
    pub draws_by_counter: u32,
    pub almost_empty: u32,
    pub mid_turn_positions: u32,
}

/// The turns found by playing legs one at a time: each first leg, then each second leg while
/// the turn goes on, two orders of the same two slides kept once as the reference says.
fn turns_from_legs(position: &Breakthru, plain: &Plain, coverage: &mut Coverage) -> Vec<Key> {
    let mut singles = Vec::new();
    let mut pairs = Vec::new();
    for first in position.legal_legs().iter().copied() {
        assert_ne!(first.bits(), Leg::NULL.bits(), "a1a1 is never legal");
        let after = position.play_leg(first);
        assert_eq!(
            after.hash(),
            after.hash_from_scratch(),
            "hash after {first}"
        );
        if !after.is_first_leg_played() {
            assert_eq!(after.side_to_move(), position.side_to_move().opponent());
            singles.push((plain_leg(first), None));
            continue;
        }
        coverage.mid_turn_positions += 1;
        assert_eq!(after.side_to_move(), position.side_to_move());
        assert_eq!(after.first_moved(), Some(first.to()));
        assert!(after.outcome().is_none(), "mid-turn after {first}");
        let seconds: Vec<Leg> = after.legal_legs().to_vec();
        let expected = plain
            .moved((first.from(), first.to()))
            .second_slides(first.to());
        let found = sorted(seconds.iter().copied().map(plain_leg).collect());
        assert_eq!(found, sorted(expected), "after {first}");
        assert_eq!(after.count_turns(), seconds.len() as u64);
        for second in seconds {
            let end = after.play_leg(second);
            assert!(!end.is_first_leg_played());
            assert_eq!(end.side_to_move(), position.side_to_move().opponent());
            assert_eq!(
                end.hash(),
                end.hash_from_scratch(),
                "hash after {first},{second}"
            );
            pairs.push((first, second));
        }
    }
    let listed: HashSet<(Leg, Leg)> = pairs.iter().copied().collect();
    let doubles = pairs
        .iter()
        .filter(|&&(a, b)| !(b.from() < a.from() && listed.contains(&(b, a))))
        .map(|&(a, b)| (plain_leg(a), Some(plain_leg(b))));
    sorted(singles.into_iter().chain(doubles).collect())
}

/// Everything the engine says of `plain`'s position, against the plain rules. Returns the
/// engine's position.
pub fn check(plain: &Plain, rng: &mut Mt64, coverage: &mut Coverage) -> Breakthru {
    let fen = plain.fen();
    let position = read(&fen);
    assert_eq!(position.to_fen(), fen);
    assert_eq!(&plain_of(&position), plain, "{fen}");
    assert_eq!(position.hash(), position.hash_from_scratch());
    coverage.positions += 1;

    let plain_turns = plain.turns();
    let expected = sorted(plain_turns.iter().map(|legs| plain_key(legs)).collect());
    let turns = position.legal_turns();
    let listed = sorted(turns.iter().map(key).collect());
    assert_eq!(listed, expected, "{fen}");
    assert_eq!(position.count_turns(), expected.len() as u64, "{fen}");
    assert_eq!(perft(&position, 1), expected.len() as u64);
    let first_legs = if plain_turns.is_empty() {
        vec![]
    } else {
        plain.first_legs()
    };
    assert_eq!(
        sorted(
            position
                .legal_legs()
                .iter()
                .copied()
                .map(plain_leg)
                .collect()
        ),
        sorted(first_legs)
    );
    assert_eq!(
        turns_from_legs(&position, plain, coverage),
        expected,
        "{fen}"
    );

    let outcome = position.outcome();
    assert_eq!(
        outcome.map(|(result, _)| winner_word(result)),
        plain.outcome(&plain_turns),
        "{fen}"
    );
    if let Some((_, reason)) = outcome {
        assert!(turns.is_empty() && position.legal_legs().is_empty());
        coverage.no_legal_turn += u32::from(reason == EndReason::NoLegalTurn);
        coverage.draws_by_counter += u32::from(reason == EndReason::NoCaptureLimit);
    }
    let pieces = [Cell::Flagship, Cell::Escort, Cell::Silver].map(|cell| plain.count(cell));
    coverage.almost_empty += u32::from(pieces.iter().sum::<usize>() <= 3 && outcome.is_none());

    for legs in &plain_turns {
        let (from, to) = legs[0];
        let single_slide = legs.len() == 1 && plain.cells[to] == Cell::Empty;
        coverage.forced_single_slides +=
            u32::from(single_slide && plain.cells[from] != Cell::Flagship);
        coverage.flagship_captures += u32::from(plain.cells[to] == Cell::Flagship);
        coverage.escapes_in_one += u32::from(plain.cells[from] == Cell::Flagship && on_edge(to));
    }

    // A sample of the turns played whole, and read back from their text.
    for _ in 0..turns.len().min(8) {
        let turn = turns[below(rng, turns.len())];
        let legs: Vec<(usize, usize)> = turn.legs().iter().map(|l| (l.from(), l.to())).collect();
        let next = position.play_turn(turn);
        let plain_next = plain.play(&legs);
        assert_eq!(turn.to_string(), turn_text(&legs));
        assert_eq!(next.to_fen(), plain_next.fen(), "{fen} then {turn}");
        assert_eq!(next.hash(), read(&plain_next.fen()).hash());
        assert_eq!(position.parse_turn(&turn.to_string()), Ok(turn));
        if let [first, second] = legs[..] {
            let reversed = format!("{},{}", turn.legs()[1], turn.legs()[0]);
            let both_orders = plain.first_legs().contains(&second)
                && plain.moved(second).second_slides(second.1).contains(&first);
            match position.parse_turn(&reversed) {
                Ok(read) => assert!(both_orders && read == turn, "{fen}: {reversed}"),
                Err(error) => assert!(!both_orders, "{fen}: {reversed}: {error}"),
            }
        }
    }
    position
}
