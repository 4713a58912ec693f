//! Writing one game record as PGN text.

use crate::game::{Color, Game};
use crate::tournament::game_record::{mover, Ending, GameRecord, MoveNote, Turn};
use std::time::{SystemTime, UNIX_EPOCH};

/// What a record needs besides the game itself.
pub struct Header<'a> {
    pub event: &'a str,
    pub round: usize,
    pub white: &'a str,
    pub black: &'a str,
    /// The time controls of white and black, as [`MoveLimits::label`](crate::tournament::spec::MoveLimits::label).
    pub time_controls: [String; 2],
    /// The comment after a move without a note: `book` for a match's opening moves; none
    /// for the moves a person played on the board (`troyka gui`).
    pub unnoted: Option<&'a str>,
}

/// One game as PGN text, ending with a blank line.
pub fn write<G: Game>(record: &GameRecord<G>, header: &Header) -> String {
    write_game(
        &record.root,
        &record.moves,
        &record.notes,
        Some(&record.ending),
        header,
    )
}

/// A game that may still be going on (`ending` is `None`: the result `*` and PGN's
/// `[Termination "unterminated"]`) as PGN text, ending with a blank line: the moves from
/// `root`, each a whole turn, and a note for each (see [`GameRecord`]).
pub fn write_game<G: Game>(
    root: &G,
    moves: &[Turn<G>],
    notes: &[Option<MoveNote>],
    ending: Option<&Ending>,
    header: &Header,
) -> String {
    let result = ending.map_or("*", |ending| ending.result.pgn());
    let mut tags = vec![
        ("Event", header.event.to_string()),
        ("Site", "?".to_string()),
        ("Date", today()),
        ("Round", header.round.to_string()),
        ("White", header.white.to_string()),
        ("Black", header.black.to_string()),
        ("Result", result.to_string()),
        ("Variant", G::PGN_VARIANT.to_string()),
        ("SetUp", "1".to_string()),
        ("FEN", root.to_text()),
    ];
    let [white_tc, black_tc] = &header.time_controls;
    if white_tc == black_tc {
        tags.push(("TimeControl", white_tc.clone()));
    } else {
        tags.push(("WhiteTimeControl", white_tc.clone()));
        tags.push(("BlackTimeControl", black_tc.clone()));
    }
    // PGN counts the sides' moves as plies: here, turns.
    tags.push(("PlyCount", moves.len().to_string()));
    let termination = ending.map_or("unterminated", |ending| ending.termination.pgn_name());
    tags.push(("Termination", termination.to_string()));
    let mut text: String = tags
        .iter()
        .map(|(name, value)| format!("[{name} \"{}\"]\n", escape(value)))
        .collect();
    text.push('\n');

    let mut words = Vec::new();
    let mut position = root.clone();
    let mut number = 1;
    for (index, (turn, note)) in moves.iter().zip(notes).enumerate() {
        match (mover(root, index), index) {
            (Color::White, _) => words.push(format!("{number}.")),
            (Color::Black, 0) => words.push(format!("{number}...")),
            (Color::Black, _) => {}
        }
        words.push(position.turn_name(turn));
        match note {
            None => words.extend(header.unnoted.map(|word| format!("{{{word}}}"))),
            Some(note) => {
                let score = note.score.map_or("?".into(), |s| s.text());
                let depth = note.depth.map_or("?".into(), |d| d.to_string());
                words.push(format!(
                    "{{{score}/{depth} {:.3}s}}",
                    note.time.as_secs_f64()
                ));
            }
        }
        if mover(root, index) == Color::Black {
            number += 1;
        }
        for &mv in turn {
            position = position.play(mv);
        }
    }
    if let Some(ending) = ending {
        words.push(format!("{{{}}}", ending.reason.replace('}', ")")));
    }
    words.push(result.to_string());
    text += &wrap(&words, 80);
    text += "\n\n";
    text
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Joins words into lines of at most `width` characters (longer words stand alone).
fn wrap(words: &[String], width: usize) -> String {
    let mut lines: Vec<String> = Vec::new();
    for word in words {
        match lines.last_mut() {
            Some(line) if line.len() + 1 + word.len() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.clone()),
        }
    }
    lines.join("\n")
}

/// Today's date in PGN form, `YYYY.MM.DD` (UTC).
fn today() -> String {
    let days = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    let (year, month, day) = civil_from_days(days);
    format!("{year:04}.{month:02}.{day:02}")
}

/// The proleptic Gregorian date `days` after 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = (day_of_year - (153 * shifted_month + 2) / 5 + 1) as u32;
    let month = if shifted_month < 10 {
        shifted_month + 3
    } else {
        shifted_month - 9
    } as u32;
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_783), (2024, 3, 1));
        assert_eq!(civil_from_days(19_782), (2024, 2, 29));
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
    }
}
