//! Breakthru's protocol fuzzer: seeded random UCI sessions on `UCI_Variant breakthru`, for
//! the budget of `tests/fuzz_support` (`TROYKA_FUZZ_SECONDS`, `TROYKA_FUZZ_SEED`; the
//! session driver is `fuzz.rs`'s). The lines mix valid and mangled commands: `go` with random
//! limits and `searchmoves`, `stop`, `ponderhit`, positions from random games, random
//! placements (some with too many pieces or counters out of range) and spoiled strings,
//! turns legal, reordered, in capitals or broken the ways a turn can be (a leg off the board,
//! the same ship twice, a capture or the flagship second, a second leg after a capture, three
//! legs), the setup phase (partial setups, whole fleets in any order, placements outside
//! their area, on a taken square, too many or too few, of the wrong side), repetitions,
//! options, queries and garbage. Checked after every line:
//! - the engine stays alive and never panics;
//! - every `go` not refused gets exactly one `bestmove`: a whole legal turn of the position,
//!   in canonical order, with a legal `ponder`; `bestmove 0000` only when the game is over;
//! - a `position` line is taken or refused exactly as the rules (`troyka::games::breakthru`)
//!   say, and when taken, `d` shows the position string and the state of the game the
//!   rules reach (a draw by repetition included); a refused line changes nothing;
//! - `query` answers agree with what `d` shows.

use crate::breakthru_support::{bestmove_error, SHUFFLE, START};
use crate::fuzz::{fuzz_uci_session, go_line, perft_line, shown_fen, vary, Kind, PLAIN_COMMANDS};
use crate::fuzz_support::{below, chance, garbage, number, pick, spoil};
use rand_mt::Mt64;
use troyka::game::{Color, Game, GameResult};
use troyka::games::breakthru::{square_name, Breakthru, BreakthruGame, Leg};

#[test]
fn breakthru_sessions_keep_their_promises() {
    fuzz_uci_session(
        "breakthru",
        12,
        &["setoption name UCI_Variant value breakthru"],
        line,
        |line, shown| {
            let game = BreakthruGame::from_text(shown_fen(shown)).expect("a Breakthru position");
            let over = !shown.iter().any(|line| line == "Game: in progress");
            bestmove_error(&game, over, line).map_or(Ok(()), Err)
        },
    );
}

/// A random line for the session that `d` showed as `shown`.
fn line(rng: &mut Mt64, shown: &[String]) -> (Vec<u8>, Kind) {
    let game = BreakthruGame::from_text(shown_fen(shown)).expect("a Breakthru position");
    let (line, kind) = match below(rng, 20) {
        0..=4 => (go_line(rng, |rng| searchmoves(rng, &game)), Kind::Go),
        5..=9 => return position(rng, &game),
        10 | 11 => (option(rng), Kind::Other),
        12 => (perft_line(rng), Kind::Other),
        13 if chance(rng, 10) => ("bench".into(), Kind::Other),
        14 => return query(rng, shown),
        15 | 16 => (pick(rng, PLAIN_COMMANDS).to_string(), Kind::Other),
        _ => return (garbage(rng), Kind::Other),
    };
    vary(rng, line, kind)
}

/// One to three turns for `go searchmoves`, legal or not.
fn searchmoves(rng: &mut Mt64, game: &BreakthruGame) -> String {
    let turns: Vec<String> = (0..1 + below(rng, 3))
        .map(|_| turn_text(rng, game).0)
        .collect();
    turns.join(" ")
}

/// A turn for `game`: a legal one, written in either order and any case, or one broken in
/// one of the ways a turn can be; and whether it is legal (for `game` as it is).
fn turn_text(rng: &mut Mt64, game: &BreakthruGame) -> (String, bool) {
    if game.position().is_setup() {
        let text = setup_text(rng, game);
        let legal = game.parse_turn(&text).is_ok();
        return (text, legal);
    }
    let turns = game.turns();
    let text = if turns.is_empty() || chance(rng, 25) {
        broken_turn(rng, game)
    } else {
        let turn = &turns[below(rng, turns.len())];
        let mut legs: Vec<String> = turn.iter().map(|leg| leg.to_string()).collect();
        if chance(rng, 30) {
            legs.reverse();
        }
        let text = legs.join(",");
        if chance(rng, 10) {
            text.to_uppercase()
        } else {
            text
        }
    };
    let legal = game.parse_turn(&text).is_ok();
    (text, legal)
}

/// A turn that is most likely not legal.
fn broken_turn(rng: &mut Mt64, game: &BreakthruGame) -> String {
    let legs: Vec<(usize, usize)> = game
        .legal_moves()
        .iter()
        .map(|leg| (leg.from(), leg.to()))
        .collect();
    let leg = |rng: &mut Mt64| {
        if legs.is_empty() || chance(rng, 30) {
            (below(rng, 121), below(rng, 121))
        } else {
            *pick(rng, &legs)
        }
    };
    let name = |(from, to): (usize, usize)| format!("{}{}", square_name(from), square_name(to));
    let first = leg(rng);
    match below(rng, 8) {
        // Off the board, or no leg at all.
        0 => pick(rng, &["l5l6", "a12a11", "a0a1", "k11l11", "a1", "", "a1a1"]).to_string(),
        // The first leg alone.
        1 => name(first),
        // The same ship again: the second leg starts where the first ended.
        2 => format!("{},{}", name(first), name((first.1, below(rng, 121)))),
        // A second leg after any first (a capture, the flagship's slide, or a slide).
        3 | 4 => format!("{},{}", name(first), name(leg(rng))),
        // Three legs.
        5 => format!("{},{},{}", name(first), name(leg(rng)), name(leg(rng))),
        _ => spoil(rng, &name(first)),
    }
}

/// A setup turn for `game` (in its setup phase): the side's remaining placements in any
/// order and case, or with one of them broken (outside its area, on a taken square, of the
/// other side, one too many or too few).
fn setup_text(rng: &mut Mt64, game: &BreakthruGame) -> String {
    let position = game.position();
    let letter = if game.side_to_move() == Color::White {
        "E"
    } else {
        "S"
    };
    let mut free: Vec<usize> = position.placement_squares().squares().collect();
    let mut placements = Vec::new();
    for _ in 0..position.to_place() {
        let square = free.swap_remove(below(rng, free.len()));
        placements.push(format!("{letter}@{}", square_name(square)));
    }
    match below(rng, 8) {
        0 => placements.push(format!("{letter}@{}", square_name(below(rng, 121)))),
        1 => {
            placements.pop();
        }
        2 => {
            let other = if letter == "E" { "S" } else { "E" };
            placements[0] = format!("{other}@{}", square_name(below(rng, 121)));
        }
        3 => placements[0] = format!("{letter}@{}", square_name(below(rng, 121))),
        4 => placements[0] = spoil(rng, &placements[0]),
        _ => {}
    }
    let text = placements.join(",");
    if chance(rng, 10) {
        text.to_lowercase()
    } else {
        text
    }
}

/// A setup position string: the empty board, or a partial setup (gold placing, or silver
/// after gold's whole fleet), now and then with a piece where the setup cannot put it.
fn setup_placement(rng: &mut Mt64) -> String {
    let mut position = Breakthru::setup_start();
    let placed = below(rng, 32);
    for _ in 0..placed {
        let free: Vec<usize> = position.placement_squares().squares().collect();
        let square = *pick(rng, &free);
        position = position.play_leg(Leg::place(position.side_to_move(), square));
    }
    let fen = position.to_fen();
    if chance(rng, 20) {
        spoil(rng, &fen)
    } else {
        fen
    }
}

/// A random Breakthru position string: pieces anywhere, sometimes more than the rules allow,
/// counters sometimes out of range.
fn placement(rng: &mut Mt64) -> String {
    let mut squares = ['.'; 121];
    let flagships = if chance(rng, 5) {
        2
    } else {
        usize::from(chance(rng, 90))
    };
    let most_escorts = if chance(rng, 5) { 16 } else { 13 };
    let escorts = below(rng, most_escorts);
    let most_silver = if chance(rng, 5) { 24 } else { 20 };
    let silver = 1 + below(rng, most_silver);
    for (piece, count) in [('F', flagships), ('E', escorts), ('s', silver)] {
        for _ in 0..count {
            squares[below(rng, 121)] = piece;
        }
    }
    let ranks: Vec<String> = squares
        .chunks(11)
        .rev()
        .map(|rank| {
            let mut text = String::new();
            let mut empty = 0;
            for &square in rank {
                if square == '.' {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    text += &empty.to_string();
                    empty = 0;
                }
                text.push(square);
            }
            if empty > 0 {
                text += &empty.to_string();
            }
            text
        })
        .collect();
    let quiet = if chance(rng, 5) { 101 } else { below(rng, 101) };
    let turn = match below(rng, 20) {
        0 => "0".to_string(),
        1 => u32::MAX.to_string(),
        _ => (1 + below(rng, 300)).to_string(),
    };
    let side = pick(rng, &["g", "s"]);
    format!("{} {side} {quiet} {turn}", ranks.join("/"))
}

/// A `position` line, and what it must do: the rules decide whether it is taken and what it
/// sets, unless the line is mangled beyond their reading.
fn position(rng: &mut Mt64, game: &BreakthruGame) -> (Vec<u8>, Kind) {
    let (base, start) = match below(rng, 8) {
        6 | 7 => {
            let fen = setup_placement(rng);
            (format!("fen {fen}"), BreakthruGame::from_text(&fen))
        }
        0 | 1 => ("startpos".to_string(), Ok(BreakthruGame::start())),
        2 => {
            let fen = game.to_text();
            (format!("fen {fen}"), BreakthruGame::from_text(&fen))
        }
        3 => {
            let fen = placement(rng);
            (format!("fen {fen}"), BreakthruGame::from_text(&fen))
        }
        4 => {
            let fen = spoil(rng, START);
            (format!("fen {fen}"), BreakthruGame::from_text(&fen))
        }
        _ => {
            // Back and forth: the third repetition may come, and a turn after it.
            let mut turns = SHUFFLE.repeat(3);
            turns.truncate(1 + below(rng, 12));
            let line = format!("position startpos moves {}", turns.join(" "));
            let kind = expect(&line, Ok(BreakthruGame::start()), &turns);
            return (line.into_bytes(), kind);
        }
    };
    let mut words = Vec::new();
    if let Ok(start) = &start {
        let mut position = start.clone();
        for _ in 0..below(rng, 6) {
            let (text, legal) = turn_text(rng, &position);
            if legal {
                let turn = position.parse_turn(&text).expect("legal");
                position = position.play_all(&turn);
            }
            words.push(text);
        }
    }
    let line = match (words.is_empty(), chance(rng, 50)) {
        (true, true) => format!("position {base}"),
        (true, false) => format!("position {base} moves"),
        (false, _) => format!("position {base} moves {}", words.join(" ")),
    };
    if chance(rng, 10) {
        return (spoil(rng, &line).into_bytes(), Kind::Other);
    }
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let kind = expect(&line, start, &words);
    (line.into_bytes(), kind)
}

/// What a `position` line from `start` (or a string the rules refuse) with `turns` must do.
fn expect(line: &str, start: Result<BreakthruGame, String>, turns: &[&str]) -> Kind {
    // Words cut differently from the ones generated, or characters the reader refuses: no
    // prediction.
    let words_kept = turns
        .iter()
        .all(|turn| !turn.is_empty() && !turn.chars().any(|c| c.is_whitespace() || c.is_control()));
    let readable = line.chars().all(|c| c == '\t' || !c.is_control());
    if !words_kept || !readable {
        return Kind::Other;
    }
    let Ok(mut game) = start else {
        return Kind::Invalid;
    };
    for text in turns {
        match game.parse_turn(text) {
            Ok(turn) => game = game.play_all(&turn),
            Err(_) => return Kind::Invalid,
        }
    }
    let state = match game.result() {
        None => "in progress".to_string(),
        Some(GameResult::Win(side)) => format!("over, {} won", BreakthruGame::side_name(side)),
        Some(GameResult::Draw) => "over, drawn".into(),
    };
    Kind::Sets(vec![
        format!("Fen: {}", game.to_text()),
        format!("Game: {state}"),
    ])
}

/// An option: Breakthru's own settings, and values out of range; never another variant.
fn option(rng: &mut Mt64) -> String {
    let (name, value) = match below(rng, 7) {
        0 => ("MultiPV", (1 + below(rng, 5)).to_string()),
        1 => ("Threads", (1 + below(rng, 3)).to_string()),
        2 => ("Hash", (1 + below(rng, 64)).to_string()),
        3 => ("Move Overhead", number(rng)),
        4 => ("Ponder", pick(rng, &["true", "false", "maybe"]).to_string()),
        5 => (
            "UCI_Variant",
            pick(rng, &["breakthru", "Breakthru", "breakthrux", "chess"]).to_string(),
        ),
        _ => (*pick(rng, &["MultiPV", "Threads", "Hash"]), number(rng)),
    };
    if chance(rng, 10) {
        return "setoption name Clear Hash".into();
    }
    format!("setoption name {name} value {value}")
}

/// A `query`, and the answer `d`'s lines call for.
fn query(rng: &mut Mt64, shown: &[String]) -> (Vec<u8>, Kind) {
    let has = |line: &str| shown.iter().any(|shown| shown == line);
    let (query, answer) = match below(rng, 3) {
        0 => ("p1turn", has("Side to move: gold").to_string()),
        1 => ("gameover", (!has("Game: in progress")).to_string()),
        _ => {
            let result = if has("Game: over, gold won") {
                "p1win"
            } else if has("Game: over, silver won") {
                "p2win"
            } else if has("Game: over, drawn") {
                "draw"
            } else {
                "none"
            };
            ("result", result.to_string())
        }
    };
    let line = format!("query {query}");
    (
        line.into_bytes(),
        Kind::Answers(vec![format!("response {answer}")]),
    )
}
