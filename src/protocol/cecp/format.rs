//! What the engine writes in CECP: the `feature` handshake, the board and piece
//! description for the GUI, moves in XBoard's coordinates, thinking output and results.

use super::super::options::{self, VARIANT_NAMES};
use crate::games::breakthrough::{BoardSize, Breakthrough, Move, Victory};
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
        VARIANT_NAMES.join(",")
    ));
    for option in options::cecp_announcements() {
        lines.push(format!("feature option=\"{option}\""));
    }
    lines.push("feature done=1".into());
    lines.join("\n")
}

/// How the GUI is to draw and judge the pieces. `P` names an XBoard piece type that is not a
/// pawn (the eleventh, XBoard's Man) because XBoard treats a pawn reaching the last rank as
/// a promotion, which Breakthrough has not, and applies pawn-only rules. Position strings
/// thus keep `P` and `p`.
const PIECE_TABLE: &str = "..........P...........p.";

/// The piece in Betza notation: forward one square straight (`fmW`: move only) or
/// diagonally (`fF`: move or capture); `&` gives black the same, mirrored.
const PIECE_MOVES: &str = "P& fmWfF";

/// `setup` (the board, its size and start position, over XBoard's `fairy` rules) and
/// `piece` (how the piece moves) for a game on `start`'s board.
pub fn board_description(start: &Breakthrough) -> String {
    let size = start.size();
    format!(
        "setup ({PIECE_TABLE}) {}x{}+0_fairy {}\npiece {PIECE_MOVES}",
        size.cols(),
        size.rows(),
        start.to_fen()
    )
}

/// The board a variant name means: `breakthrough` is the board of the `BoardSize` option;
/// Fairy-Stockfish's `breakthrough5` to `breakthrough7` have theirs; a size prefix as XBoard
/// writes it (`7x7+0_breakthrough`) overrides either. `None` for anything else.
pub fn variant_board(name: &str, default: BoardSize) -> Option<BoardSize> {
    let (prefix, name) = match name.split_once('_') {
        Some((prefix, name)) => (Some(prefix), name),
        None => (None, name),
    };
    let named = if name.eq_ignore_ascii_case("breakthrough") {
        default
    } else {
        options::variant_board(name)?
    };
    match prefix {
        None => Some(named),
        Some(prefix) => {
            let (size, holdings) = prefix.split_once('+')?;
            if holdings != "0" {
                return None;
            }
            size.parse().ok()
        }
    }
}

/// A move as XBoard writes it: the rank is a single character, `'1'` plus its index, so
/// ranks past 9 come out as `:`, `;`, …; on a board of exactly ten ranks XBoard counts from
/// `'0'`. Multi-digit ranks (`a10`) are read as people write them.
pub fn read_move(game: &Breakthrough, text: &str) -> Result<Move, String> {
    game.parse_move(&standard_squares(
        without_promotion(text),
        game.size().rows(),
    ))
}

/// `text` without a promotion piece (`b7a8q`, `b7a8=.`), which XBoard adds when another
/// engine in the game described the piece as a pawn. Breakthrough has no promotion.
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

/// A move for XBoard: Troyka's notation, except on boards of ten ranks, counted from 0.
pub fn move_name(game: &Breakthrough, mv: Move) -> String {
    let size = game.size();
    if size.rows() != 10 {
        return game.move_name(mv);
    }
    [mv.from(), mv.to()]
        .map(|square| {
            let file = (b'a' + size.file_of(square) as u8) as char;
            format!("{file}{}", size.rank_of(square))
        })
        .concat()
}

/// `1-0 {White reaches the goal}`: the result and why, as the engine claims it.
pub fn result(outcome: Victory) -> String {
    let score = match outcome.winner {
        crate::games::breakthrough::Color::White => "1-0",
        crate::games::breakthrough::Color::Black => "0-1",
    };
    format!("{score} {{{outcome}}}")
}

/// XBoard's mate convention: a win in N moves is 100000 + N, a loss -100000 - N, N counting
/// the moves of the side to move as UCI does.
fn score(score: Score) -> i64 {
    match score {
        Score::Centipawns(cp) => i64::from(cp),
        Score::WinIn(plies) => 100_000 + (i64::from(plies) + 1) / 2,
        Score::LossIn(plies) => -100_000 - i64::from(plies) / 2,
    }
}

/// Thinking output: `ply score time nodes pv`, time in centiseconds; `?` ends the
/// principal variation for an upper bound (fail low), `!` for a lower bound. CECP's
/// optional fields (selective depth, speed) are left out: XBoard 4.9 shows them as part of
/// the principal variation in its message line.
pub fn thinking(report: &Report<Move>, game: &Breakthrough) -> String {
    let mut pv = Vec::with_capacity(report.pv.len());
    let mut position = *game;
    for &mv in &report.pv {
        pv.push(move_name(&position, mv));
        position = position.play(mv);
    }
    let mark = match report.bound {
        ScoreBound::Exact => "",
        ScoreBound::Lower => "!",
        ScoreBound::Upper => "?",
    };
    format!(
        "{} {} {} {} {}{mark}",
        report.depth,
        score(report.score),
        report.elapsed.as_millis() / 10,
        report.nodes,
        pv.join(" ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::breakthrough::Color;
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
    fn the_board_is_described_with_a_piece_that_never_promotes() {
        let start = Breakthrough::start(BoardSize::new(7, 7).unwrap());
        assert_eq!(
            board_description(&start),
            "setup (..........P...........p.) 7x7+0_fairy \
             ppppppp/ppppppp/7/7/7/PPPPPPP/PPPPPPP w 0 1\npiece P& fmWfF"
        );
    }

    #[test]
    fn variants_name_boards() {
        let eight = BoardSize::STANDARD;
        let board = |name| variant_board(name, BoardSize::new(10, 12).unwrap());
        assert_eq!(board("breakthrough"), BoardSize::new(10, 12).ok());
        assert_eq!(board("breakthrough7"), BoardSize::new(7, 7).ok());
        assert_eq!(board("7x7+0_breakthrough"), BoardSize::new(7, 7).ok());
        assert_eq!(board("16x4+0_breakthrough"), BoardSize::new(16, 4).ok());
        assert_eq!(variant_board("8x8+0_breakthrough6", eight), Some(eight));
        assert_eq!(board("normal"), None);
        assert_eq!(board("8x8+5_breakthrough"), None);
        assert_eq!(board("17x8+0_breakthrough"), None);
    }

    #[test]
    fn moves_use_xboards_ranks() {
        let eight = Breakthrough::start(BoardSize::STANDARD);
        let mv = read_move(&eight, "b2c3").unwrap();
        assert_eq!(move_name(&eight, mv), "b2c3");
        // Eleven ranks: XBoard writes rank 10 as ':' and rank 11 as ';'.
        let tall = Breakthrough::from_fen("p1/2/2/2/2/2/2/2/P1/2/2 w 0 1").unwrap();
        let up = read_move(&tall, "a3a4").unwrap();
        assert_eq!(move_name(&tall, up), "a3a4");
        assert!(read_move(&tall, "a:a;").is_err());
        let high = Breakthrough::from_fen("2/P1/2/2/2/2/2/2/2/p1/2 w 0 1").unwrap();
        let to_goal = read_move(&high, "a:a;").unwrap();
        assert_eq!(move_name(&high, to_goal), "a10a11");
        assert_eq!(read_move(&high, "a10a11"), Ok(to_goal));
        // A promotion piece, as XBoard adds it behind a pawn-based description, is ignored.
        for text in ["b2c3q", "b2c3=.", "b2c3="] {
            assert_eq!(read_move(&eight, text), Ok(mv), "{text}");
        }
        assert!(read_move(&eight, "b2c3xx").is_err());
        // Ten ranks: counted from 0 both ways.
        let ten = Breakthrough::start(BoardSize::new(4, 10).unwrap());
        let first = read_move(&ten, "a1a2").unwrap();
        assert_eq!(ten.move_name(first), "a2a3");
        assert_eq!(move_name(&ten, first), "a1a2");
    }

    #[test]
    fn results_name_the_winner_and_the_reason() {
        let over = Breakthrough::from_fen("pppP/4/4/4 b 0 1").unwrap();
        assert_eq!(
            result(over.outcome().unwrap()),
            "1-0 {White reaches the goal}"
        );
        let wiped = Breakthrough::from_fen("4/4/4/p3 w 0 1").unwrap();
        assert_eq!(
            result(wiped.outcome().unwrap()),
            "0-1 {Black captures all white pieces}"
        );
        assert_eq!(wiped.outcome().unwrap().winner, Color::Black);
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
        assert_eq!(thinking(&report, &game), "9 -12 108 48000 a2a3 h7h6");
        report.score = Score::WinIn(3);
        report.bound = ScoreBound::Lower;
        assert!(thinking(&report, &game).starts_with("9 100002 "));
        assert!(thinking(&report, &game).ends_with("a2a3 h7h6!"));
        report.score = Score::LossIn(4);
        report.bound = ScoreBound::Upper;
        assert!(thinking(&report, &game).starts_with("9 -100002 "));
        assert!(thinking(&report, &game).ends_with('?'));
    }
}
