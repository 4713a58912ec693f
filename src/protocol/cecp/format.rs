//! What the engine writes in CECP: the `feature` handshake, the board and piece
//! description for the GUI, turns in XBoard's coordinates, thinking output and results.

use super::super::options;
use super::super::uci::format::MateUnit;
use super::super::variants;
use crate::game::{line_name, Game, Outcome};
use crate::games::{GameVisitor, Variant};
use crate::search::{Report, Score, ScoreBound};

/// The lines that answer `protover`: `done=0` first (no time-out while the list is sent),
/// the protocol features, one `feature option=` per option, `done=1` last.
pub fn features() -> String {
    let mut lines = vec!["feature done=0".to_string()];
    lines.push(format!(
        "feature ping=1 setboard=1 playother=1 usermove=1 time=1 draw=1 sigint=0 \
         sigterm=0 reuse=1 analyze=1 colors=0 name=1 nps=0 memory=1 smp=1 \
         myname=\"Troyka {}\" variants=\"{}\"",
        env!("CARGO_PKG_VERSION"),
        shown_variants().join(",")
    ));
    for option in options::cecp_announcements() {
        lines.push(format!("feature option=\"{option}\""));
    }
    lines.push("feature done=1".into());
    lines.join("\n")
}

/// Whether XBoard can show `variant`'s game ([`Game::xboard_setup`]).
pub fn shows(variant: Variant) -> bool {
    struct Shows;
    impl GameVisitor for Shows {
        type Output = bool;
        fn visit<G: Game>(self, start: G) -> bool {
            start.xboard_setup().is_some()
        }
    }
    variant.visit(Shows)
}

/// The variants XBoard can show, by [`Variant::NAMES`].
fn shown_variants() -> Vec<&'static str> {
    Variant::NAMES
        .into_iter()
        .filter(|name| Variant::from_name(name).is_some_and(shows))
        .collect()
}

/// What CECP's `variant` takes, for its errors: `Troyka plays …`.
pub fn variants_played() -> String {
    format!(
        "Troyka plays {}, and {}",
        shown_variants().join(", "),
        variants::CECP_SIZES
    )
}

/// The ranks XBoard writes one character each, for a game it shows.
fn xboard_ranks<G: Game>(game: &G) -> Option<usize> {
    game.xboard_setup().map(|setup| setup.ranks)
}

/// A turn as XBoard writes it, read: the rank is a single character, `'1'` plus its index,
/// so ranks past 9 come as `:`, `;`, …; on a board of exactly ten ranks XBoard counts from
/// `'0'`. Multi-digit ranks (`a10`) are read as people write them; a promotion piece is
/// dropped. A game XBoard does not show is read in Troyka's notation.
pub fn read_turn<G: Game>(game: &G, text: &str) -> Result<Vec<G::Move>, String> {
    let text = match xboard_ranks(game) {
        Some(ranks) => {
            let plies: Vec<&str> = text.split(',').map(without_promotion).collect();
            standard_squares(&plies.join(","), ranks)
        }
        None => text.to_string(),
    };
    game.parse_turn(&text)
}

/// `text` without a promotion piece (`b7a8q`, `b7a8=.`), which XBoard adds when another
/// engine in the game described the piece as a pawn. Troyka's games have no promotion.
fn without_promotion(text: &str) -> &str {
    let Some(last) = text.chars().last() else {
        return text;
    };
    if !(last.is_ascii_lowercase() || last == '.' || last == '=') {
        return text;
    }
    let body = text[..text.len() - 1].trim_end_matches('=');
    // A rank: a digit, or one of XBoard's characters after `9`.
    if body.ends_with(|c: char| ('0'..='@').contains(&c)) {
        body
    } else {
        text
    }
}

/// `text` with XBoard's rank characters replaced by rank numbers.
fn standard_squares(text: &str, rows: usize) -> String {
    let first_rank = first_rank_char(rows);
    let mut out = String::new();
    let chars: Vec<char> = text.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        let after_file = i > 0 && chars[i - 1].is_ascii_alphabetic();
        let alone = !chars.get(i + 1).is_some_and(char::is_ascii_digit);
        if after_file && alone && ('0'..='@').contains(&c) {
            out += &(c as usize + 1 - first_rank as usize).to_string();
        } else {
            out.push(c);
        }
    }
    out
}

/// The character XBoard writes for the first rank.
fn first_rank_char(rows: usize) -> char {
    if rows == 10 {
        '0'
    } else {
        '1'
    }
}

/// A turn for XBoard: Troyka's notation, except on boards of ten ranks, counted from 0.
pub fn turn_name<G: Game>(game: &G, turn: &[G::Move]) -> String {
    xboard_squares(game, game.turn_name(turn))
}

/// `text` (Troyka's notation of plies of `game`) with the ranks as XBoard counts them: from
/// 0 on a board of ten ranks, so every rank number after a file letter is one less.
fn xboard_squares<G: Game>(game: &G, text: String) -> String {
    if xboard_ranks(game) != Some(10) {
        return text;
    }
    let mut out = String::with_capacity(text.len());
    let mut rank = String::new();
    let mut after_file = false;
    for c in text.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_digit() && (after_file || !rank.is_empty()) {
            rank.push(c);
            continue;
        }
        if let Ok(number) = rank.parse::<usize>() {
            out += &number.saturating_sub(1).to_string();
        }
        rank.clear();
        after_file = c.is_ascii_alphabetic();
        out.push(c);
    }
    out.pop();
    out
}

/// `1-0 {White reaches the goal}`: the result and why, as the engine claims it.
pub fn result(outcome: &Outcome) -> String {
    format!("{} {{{}}}", outcome.result.pgn(), outcome.reason)
}

/// XBoard's mate convention: a win in N moves is 100000 + N, a loss -100000 - N, N counting
/// as `unit` says (the moves of the side to move, as UCI does, in a game whose plies
/// alternate).
fn score(score: Score, unit: MateUnit) -> i64 {
    match score {
        Score::Centipawns(cp) => i64::from(cp),
        Score::WinIn(plies) => 100_000 + unit.win(plies),
        Score::LossIn(plies) => -100_000 + unit.loss(plies),
    }
}

/// Thinking output: `ply score time nodes pv`, time in centiseconds; `?` ends the
/// principal variation for an upper bound (fail low), `!` for a lower bound. CECP's
/// optional fields (selective depth, speed) are left out: XBoard 4.9 shows them as part of
/// the principal variation in its message line.
pub fn thinking<G: Game>(report: &Report<G::Move>, game: &G, unit: MateUnit) -> String {
    let mark = match report.bound {
        ScoreBound::Exact => "",
        ScoreBound::Lower => "!",
        ScoreBound::Upper => "?",
    };
    format!(
        "{} {} {} {} {}{mark}",
        report.depth,
        score(report.score, unit),
        report.elapsed.as_millis() / 10,
        report.nodes,
        xboard_squares(game, line_name(game, &report.pv))
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::breakthrough::{BoardSize, Breakthrough};
    use crate::games::relay::Relay;
    use std::time::Duration;

    #[test]
    fn the_handshake_brackets_features_with_done() {
        let text = features();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "feature done=0");
        assert_eq!(*lines.last().unwrap(), "feature done=1");
        assert!(lines[1].contains(" setboard=1 ") && lines[1].contains(" usermove=1 "));
        assert!(lines[1]
            .contains("variants=\"breakthrough,breakthrough5,breakthrough6,breakthrough7\""));
        assert!(lines.contains(&"feature option=\"Move Overhead -spin 30 0 5000\""));
        assert!(lines.contains(&"feature option=\"Use NNUE -check 1\""));
        assert!(lines.contains(&"feature option=\"Clear Hash -button\""));
        assert!(!text.contains("option=\"Hash "));
    }

    #[test]
    fn xboard_shows_breakthrough_but_not_relay() {
        assert!(shows(Variant::default()));
        assert!(!shows(Variant::Relay));
        let start = Breakthrough::start(BoardSize::new(7, 7).unwrap());
        let setup = start.xboard_setup().unwrap();
        assert_eq!(
            setup.lines,
            "setup (..........P...........p.) 7x7+1_bughouse \
             ppppppp/ppppppp/7/7/7/PPPPPPP/PPPPPPP w 0 1\npiece P& fmWfF"
        );
        assert!(setup.holdings);
        assert_eq!(
            setup.lines_without_holdings,
            "setup (..........P...........p.) 7x7+0_fairy \
             ppppppp/ppppppp/7/7/7/PPPPPPP/PPPPPPP w 0 1\npiece P& fmWfF"
        );
    }

    #[test]
    fn moves_use_xboards_ranks() {
        let eight = Breakthrough::start(BoardSize::STANDARD);
        let mv = read_turn(&eight, "b2c3").unwrap();
        assert_eq!(turn_name(&eight, &mv), "b2c3");
        // Eleven ranks: XBoard writes rank 10 as ':' and rank 11 as ';'.
        let tall = Breakthrough::from_fen("p1/2/2/2/2/2/2/2/P1/2/2 w 0 1").unwrap();
        let up = read_turn(&tall, "a3a4").unwrap();
        assert_eq!(turn_name(&tall, &up), "a3a4");
        assert!(read_turn(&tall, "a:a;").is_err());
        let high = Breakthrough::from_fen("2/P1/2/2/2/2/2/2/2/p1/2 w 0 1").unwrap();
        let to_goal = read_turn(&high, "a:a;").unwrap();
        assert_eq!(turn_name(&high, &to_goal), "a10a11");
        assert_eq!(read_turn(&high, "a10a11"), Ok(to_goal));
        // A promotion piece, as XBoard adds it behind a pawn-based description, is ignored.
        for text in ["b2c3q", "b2c3=.", "b2c3="] {
            assert_eq!(read_turn(&eight, text), Ok(mv.clone()), "{text}");
        }
        assert!(read_turn(&eight, "b2c3xx").is_err());
        // Ten ranks: counted from 0 both ways.
        let ten = Breakthrough::start(BoardSize::new(4, 10).unwrap());
        let first = read_turn(&ten, "a1a2").unwrap();
        assert_eq!(ten.turn_name(&first), "a2a3");
        assert_eq!(turn_name(&ten, &first), "a1a2");
        let ten = Breakthrough::from_fen("4/P3/4/4/4/4/4/4/3p/4 w 0 1").unwrap();
        let to_goal = read_turn(&ten, "a8a9").unwrap();
        assert_eq!(ten.turn_name(&to_goal), "a9a10");
        assert_eq!(turn_name(&ten, &to_goal), "a8a9");
        // A game XBoard does not show keeps Troyka's notation.
        let relay = Relay::start();
        let turn = read_turn(&relay, "2,1").unwrap();
        assert_eq!(turn_name(&relay, &turn), "2,1");
    }

    #[test]
    fn results_give_the_reason() {
        let over = Breakthrough::from_fen("pppP/4/4/4 b 0 1").unwrap();
        assert_eq!(
            result(&Game::outcome(&over).unwrap()),
            "1-0 {White reaches the goal}"
        );
        let wiped = Breakthrough::from_fen("4/4/4/p3 w 0 1").unwrap();
        assert_eq!(
            result(&Game::outcome(&wiped).unwrap()),
            "0-1 {Black captures all white pieces}"
        );
        let drawn: Relay = Relay::from_text("5 white 1 20 20 -").unwrap();
        assert_eq!(
            result(&drawn.outcome().unwrap()),
            "1/2-1/2 {20 turns have passed}"
        );
    }

    #[test]
    fn thinking_lines_follow_xboard() {
        let game = Breakthrough::start(BoardSize::STANDARD);
        let a2a3 = game.parse_move("a2a3").unwrap();
        let h7h6 = game.play(a2a3).parse_move("h7h6").unwrap();
        let mut report = Report {
            depth: 9,
            seldepth: 15,
            multipv: 1,
            score: Score::Centipawns(-12),
            bound: ScoreBound::Exact,
            nodes: 48_000,
            elapsed: Duration::from_millis(1084),
            hashfull: 3,
            pv: vec![a2a3, h7h6],
        };
        let moves = MateUnit::Moves;
        assert_eq!(thinking(&report, &game, moves), "9 -12 108 48000 a2a3 h7h6");
        report.score = Score::WinIn(3);
        report.bound = ScoreBound::Lower;
        assert!(thinking(&report, &game, moves).starts_with("9 100002 "));
        assert!(thinking(&report, &game, moves).ends_with("a2a3 h7h6!"));
        assert!(thinking(&report, &game, MateUnit::Plies).starts_with("9 100003 "));
        report.score = Score::LossIn(4);
        report.bound = ScoreBound::Upper;
        assert!(thinking(&report, &game, moves).starts_with("9 -100002 "));
        assert!(thinking(&report, &game, moves).ends_with('?'));
    }
}
