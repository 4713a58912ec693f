//! Breakthru's rules: perft from the start as the reference gives it; the engine's turns, and
//! its legs played one at a time, cross-checked against the plain generator of
//! `breakthru_support/plain.rs` on many seeded random positions (playouts from the start and
//! random placements); hand-made positions for each rule; position strings, notation and
//! their errors; Zobrist hashes kept incrementally against hashes from scratch.

mod breakthru_support;

use breakthru_support::crosscheck::{check, plain_of, read, sorted, Coverage};
use breakthru_support::plain::{below, turn_text, Plain};
use rand_mt::Mt64;
use troyka::game::{Color, GameResult};
use troyka::games::breakthru::{
    divide, perft, Board121, Breakthru, BreakthruTurn, EndReason, Leg, NO_CAPTURE_LIMIT,
};

const START: &str =
    "11/3sssss3/11/1s2EEE2s1/1s1E3E1s1/1s1E1F1E1s1/1s1E3E1s1/1s2EEE2s1/11/3sssss3/11 g 0 1";

#[test]
fn perft_from_the_start() {
    let start = Breakthru::start();
    assert_eq!(start.to_fen(), START);
    assert_eq!(perft(&start, 0), 1);
    assert_eq!(perft(&start, 1), 1_544);
    assert_eq!(start.legal_turns().len(), 1_544);
    assert_eq!(perft(&start, 2), 4_391_960);
    let divided = divide(&start, 2);
    assert_eq!(divided.len(), 1_544);
    assert_eq!(
        divided.iter().map(|(_, count)| count).sum::<u64>(),
        4_391_960
    );
    let first: Vec<&str> = divided[..5].iter().map(|(text, _)| text.as_str()).collect();
    assert_eq!(
        first,
        [
            "d5c5,d6c6",
            "d5c5,d6d3",
            "d5c5,d6d4",
            "d5c5,d6d5",
            "d5c5,d6e6"
        ]
    );
    assert!(divide(&start, 0).is_empty());
}

#[test]
fn random_playouts_agree_with_the_plain_rules() {
    let mut rng = Mt64::new(0x6272_6561_6b74_6872);
    let mut coverage = Coverage::default();
    for _ in 0..16 {
        let mut plain = plain_of(&Breakthru::start());
        let mut position = Breakthru::start();
        for _ in 0..250 {
            let checked = check(&plain, &mut rng, &mut coverage);
            // The line's position, played turn by turn, equals the one read afresh.
            assert_eq!(position, checked);
            let turns = position.legal_turns();
            if turns.is_empty() {
                break;
            }
            // Captures half the time when there are any, so that the fleets thin out.
            let captures: Vec<BreakthruTurn> = turns
                .iter()
                .copied()
                .filter(|turn| position.is_capture(turn.legs()[0]))
                .collect();
            let pool = if !captures.is_empty() && below(&mut rng, 2) == 0 {
                &captures
            } else {
                &turns
            };
            let turn = pool[below(&mut rng, pool.len())];
            let legs: Vec<(usize, usize)> =
                turn.legs().iter().map(|l| (l.from(), l.to())).collect();
            position = position.play_turn(turn);
            plain = plain.play(&legs);
        }
    }
    assert!(coverage.positions > 300, "{coverage:?}");
}

#[test]
fn random_positions_agree_with_the_plain_rules() {
    let mut rng = Mt64::new(0x7375_7070_6f72_7421);
    let mut coverage = Coverage::default();
    for _ in 0..1500 {
        let plain = Plain::random(&mut rng);
        let position = check(&plain, &mut rng, &mut coverage);
        // And a turn or two further, where the counters and the flagship move on.
        let (mut plain, mut position) = (plain, position);
        for _ in 0..2 {
            let turns = plain.turns();
            if turns.is_empty() {
                break;
            }
            let legs = &turns[below(&mut rng, turns.len())];
            plain = plain.play(legs);
            position = position.play_turn(position.parse_turn(&turn_text(legs)).unwrap());
            assert_eq!(position, check(&plain, &mut rng, &mut coverage));
        }
    }
    // The cases the reference singles out all came up, many times.
    let Coverage {
        forced_single_slides,
        flagship_captures,
        escapes_in_one,
        no_legal_turn,
        draws_by_counter,
        almost_empty,
        mid_turn_positions,
        ..
    } = coverage;
    for (case, count) in [
        ("forced single slides", forced_single_slides),
        ("flagship captures", flagship_captures),
        ("escapes in one slide", escapes_in_one),
        ("no legal turn", no_legal_turn),
        ("draws by the counter", draws_by_counter),
        ("almost empty boards", almost_empty),
        ("mid-turn positions", mid_turn_positions),
    ] {
        assert!(count >= 20, "only {count} {case}: {coverage:?}");
    }
}

fn leg(text: &str) -> Leg {
    Leg::parse(text).unwrap()
}

fn texts(turns: &[BreakthruTurn]) -> Vec<String> {
    sorted(turns.iter().map(BreakthruTurn::to_string).collect())
}

/// The error for `turn` here, which must mention `says`.
fn refused(position: &Breakthru, turn: &str, says: &str) {
    let error = position.parse_turn(turn).unwrap_err();
    assert!(
        error.contains(says),
        "{turn}: '{error}' does not say '{says}'"
    );
}

#[test]
fn a_single_slide_is_a_turn_only_when_no_second_can_follow() {
    // Silver's one ship: each of its 20 slides is a whole turn.
    let lone = read("11/11/11/11/11/5F5/11/11/11/11/s10 s 0 1");
    assert_eq!(lone.legal_turns().len(), 20);
    assert!(lone
        .legal_turns()
        .iter()
        .all(|t| matches!(t, BreakthruTurn::Single(_))));
    let after = lone.play_leg(leg("a1a5"));
    assert!(!after.is_first_leg_played());
    assert_eq!(
        (
            after.side_to_move(),
            after.quiet_turns(),
            after.turn_number()
        ),
        (Color::White, 1, 2)
    );
    // A second ship boxed in by gold on a2 and b1: the other ship's slides stand alone.
    let boxed = read("s10/11/11/11/11/5F5/11/11/11/E10/sE9 s 0 1");
    assert_eq!(boxed.legal_turns().len(), 18);
    assert!(boxed
        .legal_turns()
        .iter()
        .all(|t| matches!(t, BreakthruTurn::Single(_))));
    refused(&boxed, "a11a3,a1b2", "no other ship can slide");
    // The first slide may open the way for the second: b1 moves, then a1 can.
    let opening = read("11/11/11/11/11/5F5/11/11/11/E10/ss9 s 0 1");
    let listed = texts(&opening.legal_turns());
    assert!(listed.contains(&"b1c1,a1b1".to_string()));
    assert!(listed.contains(&"b1a2".to_string()), "the capture of a2");
    assert!(!listed.iter().any(|turn| turn.starts_with("a1")));
    assert_eq!(
        opening.parse_turn("b1k1,a1j1").unwrap().to_string(),
        "b1k1,a1j1"
    );
    refused(&opening, "a1b1,b1c1", "b1 is taken");
    refused(&opening, "b1c1", "needs a second slide");
}

#[test]
fn silver_wins_by_taking_the_flagship() {
    let before = read("11/11/11/11/11/5F5/4s6/11/11/11/11 s 7 9");
    let turn = before.parse_turn("e5f6").unwrap();
    let after = before.play_turn(turn);
    assert_eq!(after.flagship(), None);
    assert_eq!(
        after.outcome(),
        Some((GameResult::Win(Color::Black), EndReason::FlagshipCaptured))
    );
    assert_eq!(
        (
            after.quiet_turns(),
            after.legal_turns().len(),
            perft(&after, 1)
        ),
        (0, 0, 0)
    );
    assert!(after.legal_legs().is_empty());
    assert_eq!(after.to_fen(), "11/11/11/11/11/5s5/11/11/11/11/11 g 0 10");
    refused(
        &before,
        "e5f6,e6e7",
        "e5f6 is a capture, which is a whole turn",
    );
    refused(
        &after,
        "f6f7",
        "the game is over (the flagship is captured)",
    );
    // The flagship captures too, and that is its whole turn.
    let gold = read("11/11/11/11/6s4/5F5/11/11/11/11/E10 g 7 9");
    let taken = gold.play_turn(gold.parse_turn("f6g7").unwrap());
    assert_eq!((taken.silver(), taken.quiet_turns()), (Board121::EMPTY, 0));
    assert_eq!(
        taken.outcome(),
        Some((GameResult::Win(Color::White), EndReason::NoLegalTurn))
    );
    refused(&gold, "f6g7,a1a2", "whole turn");
}

#[test]
fn gold_wins_on_the_edge() {
    let near = read("11/5F5/11/11/11/11/11/11/11/11/4s6 g 0 1");
    assert_eq!(near.legal_turns().len(), 20);
    let escapes: Vec<String> = near
        .legal_turns()
        .into_iter()
        .filter(|&turn| near.play_turn(turn).outcome().is_some())
        .map(|turn| turn.to_string())
        .collect();
    assert_eq!(sorted(escapes), ["f10a10", "f10f1", "f10f11", "f10k10"]);
    let out = near.play_turn(BreakthruTurn::Single(leg("f10f11")));
    assert_eq!(
        out.outcome(),
        Some((GameResult::Win(Color::White), EndReason::FlagshipEscaped))
    );
    assert!(out.legal_turns().is_empty());
    refused(
        &near,
        "f10f11,e1e2",
        "moves the flagship, which is a whole turn",
    );
}

#[test]
fn a_side_without_a_legal_turn_loses() {
    let boxed = read("11/11/11/11/5s5/4sFs4/5s5/11/11/11/11 g 0 1");
    assert_eq!(
        boxed.outcome(),
        Some((GameResult::Win(Color::Black), EndReason::NoLegalTurn))
    );
    assert!(boxed.legal_turns().is_empty() && boxed.decided().is_none());
    let no_ships = read("11/11/11/11/11/5F5/11/11/11/11/11 s 0 2");
    assert_eq!(
        no_ships.outcome(),
        Some((GameResult::Win(Color::White), EndReason::NoLegalTurn))
    );
    // Gold's flagship alone: 20 slides, after each silver (with no ship) has lost.
    let alone = read("11/11/11/11/11/5F5/11/11/11/11/11 g 0 1");
    assert_eq!((perft(&alone, 1), perft(&alone, 2)), (20, 0));
}

#[test]
fn a_hundred_turns_without_a_capture_draw() {
    let late = read("11/11/11/11/6s4/5F5/11/11/11/11/s10 g 99 40");
    let quiet = late.play_turn(late.parse_turn("f6f7").unwrap());
    assert_eq!(quiet.quiet_turns(), NO_CAPTURE_LIMIT);
    assert_eq!(
        quiet.outcome(),
        Some((GameResult::Draw, EndReason::NoCaptureLimit))
    );
    assert!(quiet.legal_turns().is_empty());
    // Reaching the edge on the hundredth turn still wins; a capture starts the count again.
    let out = late.play_turn(late.parse_turn("f6f1").unwrap());
    assert_eq!(
        out.outcome().map(|(result, _)| result),
        Some(GameResult::Win(Color::White))
    );
    let capture = late.play_turn(late.parse_turn("f6g7").unwrap());
    assert_eq!((capture.quiet_turns(), capture.outcome()), (0, None));
}

#[test]
fn legs_one_at_a_time_and_the_rest_of_a_turn() {
    let start = Breakthru::start();
    let mid = start.play_leg(leg("d5c5"));
    assert!(mid.is_first_leg_played());
    assert_eq!(
        (mid.first_moved(), mid.side_to_move()),
        (Some(4 * 11 + 2), Color::White)
    );
    assert_ne!(
        mid.hash(),
        read(&mid.to_fen()).hash(),
        "the state of the turn is hashed"
    );
    assert!(mid
        .diagram()
        .contains("second slide (the ship on c5 has slid)"));
    // Mid-turn, the turns are what is left: each second slide alone.
    let rest = mid.legal_turns();
    assert_eq!(rest.len() as u64, mid.count_turns());
    assert!(rest
        .iter()
        .all(|turn| matches!(turn, BreakthruTurn::Single(_))));
    assert_eq!(
        mid.parse_turn("d6c6"),
        Ok(BreakthruTurn::Single(leg("d6c6")))
    );
    refused(&mid, "c5c4", "the ship on c5 has already slid this turn");
    refused(&mid, "f6f5", "the flagship cannot make the second slide");
    refused(
        &mid,
        "d6c6,d7c7",
        "the second slide of a turn already begun",
    );
    let capture = read("11/11/11/11/11/5F5/11/7E3/11/3s7/4E6 g 0 1");
    refused(
        &capture,
        "h4h5,e1d2",
        "the second leg of a turn cannot be a capture",
    );
    refused(
        &capture,
        "e1d2,h4h5",
        "e1d2 is a capture, which is a whole turn",
    );
    assert_eq!(
        capture.parse_turn("e1d2"),
        Ok(BreakthruTurn::Single(leg("e1d2")))
    );
}

#[test]
fn turns_are_read_in_either_order_and_written_canonically() {
    let start = Breakthru::start();
    let canonical = start.parse_turn("d5c5,d6c6").unwrap();
    assert_eq!(start.parse_turn("d6c6,d5c5"), Ok(canonical));
    assert_eq!(canonical.to_string(), "d5c5,d6c6");
    let silver = start.play_turn(canonical);
    let turn = silver.parse_turn("h10h9,d10d9").unwrap();
    assert_eq!(turn.to_string(), "d10d9,h10h9");
    assert_eq!(
        silver.play_turn(turn),
        silver.play_turn(silver.parse_turn("h10h9,d10d9").unwrap())
    );
    for (text, says) in [
        ("d5c5,c5c4", "the ship on c5 has already slid this turn"),
        ("d5c5,d5c4", "there is no piece on d5"),
        ("d5c5,f6f5", "the flagship cannot make the second slide"),
        (
            "f6f5,d5c5",
            "f6f5 moves the flagship, which is a whole turn",
        ),
        (
            "d10d9",
            "d10 holds a piece of the other side, and gold is to move",
        ),
        ("a1a2", "there is no piece on a1"),
        ("d6d2", "d2 is taken"),
        ("d6d3", "blocked on d5"),
        ("d7d11,e8e9", "blocked on d10"),
        ("d5e6", "a diagonal step must capture"),
        (
            "d5f7",
            "neither a slide along a rank or file nor a diagonal step",
        ),
        ("d5d5", "a leg must move its piece"),
        ("d5c5", "needs a second slide"),
        ("l5a5", "bad file 'l'"),
        ("a12a1", "rank 12"),
        ("a0a1", "rank 0"),
        ("d5c5,d6c6,d7c7", "has 3 legs"),
        ("d5c5,", "not a leg"),
    ] {
        refused(&start, text, says);
    }
}

#[test]
fn position_strings_round_trip_and_bad_ones_are_refused() {
    let start = read(START);
    assert_eq!(start, Breakthru::start());
    assert_eq!(read(START.trim_end_matches(" 0 1")), start);
    let late = read("11/11/11/11/11/5F5/11/11/11/11/s10 s 5");
    assert_eq!((late.quiet_turns(), late.turn_number()), (5, 1));
    let taken = "11/11/11/11/11/11/11/11/11/11/s10 g 0 7";
    assert_eq!(read(taken).to_fen(), taken);
    assert_eq!(
        read(taken).outcome().unwrap().1,
        EndReason::FlagshipCaptured
    );
    let board = |rank_11: &str| START.replacen("11/", &format!("{rank_11}/"), 1);
    for (text, says) in [
        ("", "empty position string"),
        ("11/11/11/11/11/5F5/11/11/11/11 g 0 1", "10 ranks"),
        (&board("11/11"), "12 ranks"),
        (&board("12"), "bad run of empty squares '12'"),
        (&board("3sssss4"), "rank 11 ('3sssss4') has 12 squares"),
        (&board("3sssss2"), "has 10 squares"),
        (&board("0sssss3s2"), "bad run of empty squares '0'"),
        (&board("3ssxss3"), "unknown character 'x' in rank 11"),
        (&board("F10"), "two flagships"),
        (&board("EEEEEEEEEE1"), "22 escorts: gold has at most 12"),
        (&board("s10"), "21 silver ships: silver has at most 20"),
        (&START.replace(" g ", " w "), "bad side to move 'w'"),
        (START.split(' ').next().unwrap(), "missing side to move"),
        (
            &START.replace(" g 0 1", " g x 1"),
            "bad count of turns without a capture 'x'",
        ),
        (
            &START.replace(" g 0 1", " g 101 1"),
            "101 turns without a capture",
        ),
        (&START.replace(" g 0 1", " g 0 0"), "turn number 0"),
        (&START.replace(" g 0 1", " g 0 -3"), "bad turn number '-3'"),
        (&format!("{START} moves"), "unexpected 'moves'"),
    ] {
        let error = Breakthru::from_fen(text).unwrap_err();
        assert!(
            error.contains(says),
            "{text}: '{error}' does not say '{says}'"
        );
    }
}

#[test]
fn hashes_leave_out_the_counters_and_agree_on_transpositions() {
    let start = Breakthru::start();
    assert_eq!(
        start.hash(),
        read(&START.replace(" g 0 1", " g 17 40")).hash()
    );
    assert_ne!(start.hash(), read(&START.replace(" g ", " s ")).hash());
    let one = start.play_leg(leg("d5c5")).play_leg(leg("h5i5"));
    let other = start.play_leg(leg("h5i5")).play_leg(leg("d5c5"));
    assert_eq!(one, other);
    assert_eq!(one.hash(), one.hash_from_scratch());
}

#[test]
fn the_diagram_shows_the_board_and_the_state() {
    let diagram = Breakthru::start().diagram();
    let lines: Vec<&str> = diagram.lines().collect();
    assert_eq!(lines[0], "11 . . . . . . . . . . .");
    assert_eq!(lines[1], "10 . . . s s s s s . . .");
    assert_eq!(lines[5], " 6 . s . E . F . E . s .");
    assert_eq!(lines[11], "   a b c d e f g h i j k");
    assert_eq!(lines[12], "gold to move");
    assert_eq!(lines.len(), 13);
}
