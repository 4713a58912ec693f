//! Game records in PGN: one record per game with `[Variant "breakthrough"]`, `[SetUp "1"]`
//! and the root position in `[FEN]`, moves in Troyka's notation with the engines' score,
//! depth and time as comments, and the reason the game ended. The reader accepts what the
//! writer writes and ordinary PGN around it (comments, NAGs, variations, move numbers,
//! moves in algebraic notation as XBoard saves them), replaying every move with the rules.

use super::record::GameRecord;
use crate::rules::{BoardSize, Color, Game, Move};
use std::time::{SystemTime, UNIX_EPOCH};

/// What a record needs besides the game itself.
pub struct Header<'a> {
    pub event: &'a str,
    pub round: usize,
    pub white: &'a str,
    pub black: &'a str,
    /// The time controls of white and black, as [`MoveLimits::label`](super::spec::MoveLimits::label).
    pub time_controls: [String; 2],
}

/// `1-0` or `0-1`.
pub fn result_text(winner: Color) -> &'static str {
    match winner {
        Color::White => "1-0",
        Color::Black => "0-1",
    }
}

/// One game as PGN text, ending with a blank line.
pub fn write(record: &GameRecord, header: &Header) -> String {
    let result = result_text(record.winner);
    let mut tags = vec![
        ("Event", header.event.to_string()),
        ("Site", "?".to_string()),
        ("Date", today()),
        ("Round", header.round.to_string()),
        ("White", header.white.to_string()),
        ("Black", header.black.to_string()),
        ("Result", result.to_string()),
        ("Variant", "breakthrough".to_string()),
        ("SetUp", "1".to_string()),
        ("FEN", record.root.to_fen()),
    ];
    let [white_tc, black_tc] = &header.time_controls;
    if white_tc == black_tc {
        tags.push(("TimeControl", white_tc.clone()));
    } else {
        tags.push(("WhiteTimeControl", white_tc.clone()));
        tags.push(("BlackTimeControl", black_tc.clone()));
    }
    tags.push(("PlyCount", record.moves.len().to_string()));
    tags.push(("Termination", record.termination.pgn_name().to_string()));
    let mut text: String = tags
        .iter()
        .map(|(name, value)| format!("[{name} \"{}\"]\n", escape(value)))
        .collect();
    text.push('\n');

    let mut words = Vec::new();
    let mut position = record.root;
    let mut number = 1;
    for (ply, (&mv, note)) in record.moves.iter().zip(&record.notes).enumerate() {
        match (record.mover(ply), ply) {
            (Color::White, _) => words.push(format!("{number}.")),
            (Color::Black, 0) => words.push(format!("{number}...")),
            (Color::Black, _) => {}
        }
        words.push(position.move_name(mv));
        words.push(match note {
            None => "{book}".to_string(),
            Some(note) => {
                let score = note.score.map_or("?".into(), |s| s.text());
                let depth = note.depth.map_or("?".into(), |d| d.to_string());
                format!("{{{score}/{depth} {:.3}s}}", note.time.as_secs_f64())
            }
        });
        if record.mover(ply) == Color::Black {
            number += 1;
        }
        position = position.play(mv);
    }
    words.push(format!("{{{}}}", record.reason.replace('}', ")")));
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

/// A game read back from PGN.
#[derive(Clone, Debug, PartialEq)]
pub struct PgnGame {
    pub tags: Vec<(String, String)>,
    pub root: Game,
    pub moves: Vec<Move>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// The comment just before the result, where GUIs and `troyka-match` say why the game
    /// ended.
    pub final_comment: Option<String>,
}

impl PgnGame {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The position after all moves.
    pub fn final_position(&self) -> Game {
        self.moves.iter().fold(self.root, |game, &mv| game.play(mv))
    }
}

/// Reads every game in `text`. Games without a `[FEN]` start from the standard 8x8
/// position. Errors name the game and what is wrong.
pub fn read(text: &str) -> Result<Vec<PgnGame>, String> {
    let mut games = Vec::new();
    let mut tags = Vec::new();
    let mut words: Vec<&str> = Vec::new();
    // The comments since the last word: the last of them, if a result follows.
    let mut comment = None;
    let mut tokens = Tokens { rest: text };
    while let Some(token) = tokens.next()? {
        match token {
            Token::Tag(name, value) => {
                if !words.is_empty() {
                    games.push(finish(games.len() + 1, std::mem::take(&mut tags), &words)?);
                    words.clear();
                }
                tags.push((name, value));
            }
            Token::Comment(text) => comment = Some(text),
            Token::Word(word) => {
                words.push(word);
                // A result ends the movetext, even when no tags follow.
                if is_result(word) {
                    let mut game = finish(games.len() + 1, std::mem::take(&mut tags), &words)?;
                    game.final_comment = comment.map(|c: &str| c.trim().to_string());
                    games.push(game);
                    words.clear();
                }
                comment = None;
            }
        }
    }
    if !tags.is_empty() || !words.is_empty() {
        games.push(finish(games.len() + 1, tags, &words)?);
    }
    Ok(games)
}

fn is_result(word: &str) -> bool {
    matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*")
}

enum Token<'a> {
    Tag(String, String),
    /// The text of a `{…}` comment.
    Comment(&'a str),
    Word(&'a str),
}

/// Splits PGN into tags, comments and movetext words, dropping NAGs, `;` comments and
/// variations.
struct Tokens<'a> {
    rest: &'a str,
}

impl<'a> Tokens<'a> {
    fn next(&mut self) -> Result<Option<Token<'a>>, String> {
        loop {
            self.rest = self.rest.trim_start();
            let Some(first) = self.rest.chars().next() else {
                return Ok(None);
            };
            match first {
                '[' => return self.tag().map(Some),
                '{' => {
                    let inside = &self.rest[1..];
                    if !self.skip_past('}') {
                        return Err("a comment '{' is not closed".into());
                    }
                    let comment = &inside[..inside.len() - self.rest.len() - 1];
                    return Ok(Some(Token::Comment(comment)));
                }
                ';' => {
                    self.skip_past('\n');
                }
                '(' => self.skip_variation()?,
                '$' => {
                    self.word();
                }
                _ => return Ok(Some(Token::Word(self.word()))),
            }
        }
    }

    /// Consumes up to and including `end` (everything if it is missing); says whether it
    /// was found.
    fn skip_past(&mut self, end: char) -> bool {
        match self.rest.find(end) {
            Some(at) => {
                self.rest = &self.rest[at + end.len_utf8()..];
                true
            }
            None => {
                self.rest = "";
                false
            }
        }
    }

    fn skip_variation(&mut self) -> Result<(), String> {
        let mut depth = 0;
        for (at, c) in self.rest.char_indices() {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        self.rest = &self.rest[at + 1..];
                        return Ok(());
                    }
                }
                _ => {}
            }
        }
        Err("a variation '(' is not closed".into())
    }

    fn word(&mut self) -> &'a str {
        let end = self
            .rest
            .find(|c: char| c.is_whitespace() || "{}()[];".contains(c))
            .unwrap_or(self.rest.len())
            .max(1);
        let (word, rest) = self.rest.split_at(end);
        self.rest = rest;
        word
    }

    /// `[Name "value"]`, with `\"` and `\\` escapes in the value.
    fn tag(&mut self) -> Result<Token<'a>, String> {
        let line = self.rest.lines().next().unwrap_or("");
        let bad = || format!("bad tag line '{line}'");
        let inner = self.rest[1..].trim_start();
        let name_end = inner.find(char::is_whitespace).ok_or_else(bad)?;
        let name = inner[..name_end].to_string();
        let after_name = inner[name_end..].trim_start();
        let mut chars = after_name.char_indices();
        if chars.next().map(|(_, c)| c) != Some('"') {
            return Err(bad());
        }
        let mut value = String::new();
        let mut escaped = false;
        for (at, c) in chars {
            match (escaped, c) {
                (false, '\\') => escaped = true,
                (false, '"') => {
                    let rest = after_name[at + 1..].trim_start();
                    self.rest = rest.strip_prefix(']').ok_or_else(bad)?;
                    return Ok(Token::Tag(name, value));
                }
                (_, c) => {
                    value.push(c);
                    escaped = false;
                }
            }
        }
        Err(bad())
    }
}

/// A move word without its move number: `12.`, `12...` and the `12.` of `12.a2a3` go.
pub fn strip_move_number(word: &str) -> &str {
    match word.rfind('.') {
        Some(at) if word[..at].chars().all(|c| c.is_ascii_digit() || c == '.') => &word[at + 1..],
        _ => word,
    }
}

/// Builds game `number` from its tags and movetext words.
fn finish(number: usize, tags: Vec<(String, String)>, words: &[&str]) -> Result<PgnGame, String> {
    let fail = |message: String| format!("game {number}: {message}");
    let fen = tags.iter().find(|(name, _)| name == "FEN");
    let root = match fen {
        Some((_, fen)) => Game::from_fen(fen).map_err(|e| fail(format!("bad FEN: {e}")))?,
        None => Game::start(BoardSize::STANDARD),
    };
    let mut game = PgnGame {
        tags,
        root,
        moves: Vec::new(),
        result: "*".into(),
        final_comment: None,
    };
    let mut moves = replay(root, words, &mut game.result, |text| text.into());
    // XBoard counts ranks from 0 on boards of ten ranks (as in Xiangqi), also in its PGN;
    // such a record does not replay the usual way.
    if moves.is_err() && root.size().rows() == 10 {
        let mut result = game.result.clone();
        if let Ok(from_zero) = replay(root, words, &mut result, ranks_from_one) {
            moves = Ok(from_zero);
            game.result = result;
        }
    }
    game.moves = moves.map_err(fail)?;
    Ok(game)
}

/// The moves of `words` played from `root`, each read after `translate`; the result word
/// goes to `result`.
fn replay(
    root: Game,
    words: &[&str],
    result: &mut String,
    translate: impl Fn(&str) -> String,
) -> Result<Vec<Move>, String> {
    let mut moves = Vec::new();
    let mut position = root;
    for &word in words {
        if is_result(word) {
            *result = word.to_string();
            continue;
        }
        let text = translate(strip_move_number(word));
        if text.is_empty() {
            continue;
        }
        let mv = position
            .parse_move(&text)
            .or_else(|error| position.parse_san(&text).map_err(|_| error))
            .map_err(|e| format!("move {} ({text}): {e}", moves.len() + 1))?;
        moves.push(mv);
        position = position.play(mv);
    }
    Ok(moves)
}

/// A move with ranks counted from 0 rewritten with ranks counted from 1 (`a0b1` is `a1b2`).
fn ranks_from_one(text: &str) -> String {
    let mut out = String::new();
    let mut digits = String::new();
    for c in text.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        if !digits.is_empty() {
            let rank: usize = digits.parse().unwrap_or(0);
            out += &(rank + 1).to_string();
            digits.clear();
        }
        if c != ' ' {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::record::{MoveNote, ReportedScore, Termination};
    use super::*;
    use std::time::Duration;

    fn sample() -> GameRecord {
        let root = Game::from_fen("pppp/pppp/4/4/PPPP/PPPP b 0 1").unwrap();
        let mut position = root;
        let mut moves = Vec::new();
        for text in ["a5a4", "b2b3", "a4b3"] {
            let mv = position.parse_move(text).unwrap();
            moves.push(mv);
            position = position.play(mv);
        }
        let note = MoveNote {
            score: Some(ReportedScore::Centipawns(-25)),
            depth: Some(7),
            nps: Some(1000),
            time: Duration::from_millis(120),
        };
        GameRecord {
            root,
            moves,
            notes: vec![None, Some(note), Some(note)],
            winner: Color::White,
            termination: Termination::IllegalMove,
            reason: "Black makes an illegal move: 'a6a3' is {not} legal".into(),
        }
    }

    #[test]
    fn writes_the_tags_and_moves() {
        let header = Header {
            event: "test \"quoted\"",
            round: 3,
            white: "new",
            black: "old",
            time_controls: ["nodes=100".into(), "2+0.02".into()],
        };
        let text = write(&sample(), &header);
        for expected in [
            "[Event \"test \\\"quoted\\\"\"]\n",
            "[Round \"3\"]\n[White \"new\"]\n[Black \"old\"]\n[Result \"1-0\"]\n",
            "[Variant \"breakthrough\"]\n[SetUp \"1\"]\n[FEN \"pppp/pppp/4/4/PPPP/PPPP b 0 1\"]\n",
            "[WhiteTimeControl \"nodes=100\"]\n[BlackTimeControl \"2+0.02\"]\n",
            "[PlyCount \"3\"]\n[Termination \"rules infraction\"]\n\n",
            "1... a5a4 {book} 2. b2b3 {-0.25/7 0.120s} a4b3 {-0.25/7 0.120s}",
            "{Black makes an illegal move: 'a6a3' is {not) legal} 1-0\n\n",
        ] {
            assert!(text.contains(expected), "missing {expected:?} in\n{text}");
        }
        assert!(text.lines().all(|line| line.len() <= 80));
    }

    #[test]
    fn reads_back_what_it_writes() {
        let header = Header {
            event: "e",
            round: 1,
            white: "a \\ b",
            black: "c",
            time_controls: ["st=1".into(), "st=1".into()],
        };
        let record = sample();
        let text = write(&record, &header) + &write(&record, &header);
        let games = read(&text).unwrap();
        assert_eq!(games.len(), 2);
        let game = &games[1];
        assert_eq!(game.root, record.root);
        assert_eq!(game.moves, record.moves);
        assert_eq!(game.result, "1-0");
        assert_eq!(game.tag("White"), Some("a \\ b"));
        assert_eq!(game.tag("TimeControl"), Some("st=1"));
        assert_eq!(game.tag("Termination"), Some("rules infraction"));
        // The writer keeps the comment closed: `}` becomes `)`.
        assert_eq!(game.final_comment, Some(record.reason.replace('}', ")")));
        assert_eq!(
            game.final_position().to_fen(),
            "pppp/1ppp/4/1p2/P1PP/PPPP w 0 1"
        );
    }

    #[test]
    fn reads_ordinary_pgn() {
        let text = "[Event \"x\"]\n\n1.a2a3 $1 {a comment} (1. b2b3 (1. c2c3)) h7h6 ; rest\n\
                    2. a3-a4 h6xg5 *\n\n1. e2e3 1/2-1/2";
        let games = read(text).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].moves.len(), 4);
        assert_eq!(games[0].result, "*");
        assert_eq!(games[1].root, Game::start(BoardSize::STANDARD));
        assert_eq!(games[1].result, "1/2-1/2");
    }

    #[test]
    fn reads_xboards_pgn_with_its_algebraic_moves_and_result_comment() {
        let text = "[Variant \"breakthrough\"]\n[VariantMen \"P:fmWfF\"]\n\
                    [FEN \"pp/2/2/PP w - - 0 1\"]\n[SetUp \"1\"]\n\n\
                    {--------------\np p\n. .\n. .\nP P\n--------------}\n\
                    1. Paa2 {+0.10/5} Pbb3 {-0.10/5 0.1} 2. Paxb3 Pa3 3. Pb4 {+1000.01/1}\n\
                    {White reaches the goal} 1-0\n";
        let games = read(text).unwrap();
        let game = &games[0];
        assert_eq!(game.moves.len(), 5);
        assert_eq!(game.final_position().winner(), Some(Color::White));
        assert_eq!(
            game.final_comment.as_deref(),
            Some("White reaches the goal")
        );
        // Only a comment just before the result counts.
        let games = read("1. a2a3 {good move} h7h6 1-0").unwrap();
        assert_eq!(games[0].final_comment, None);
    }

    #[test]
    fn reads_xboards_ranks_from_zero_on_boards_of_ten_ranks() {
        let text = "[FEN \"pp/pp/2/2/2/2/2/2/PP/PP w - - 0 1\"]\n\
                    1. Paa2 Pbb7 2. Pa3 Pb6 {White reaches the goal} *\n";
        let games = read(text).unwrap();
        let names: Vec<String> = games[0]
            .moves
            .iter()
            .scan(games[0].root, |game, &mv| {
                let name = game.move_name(mv);
                *game = game.play(mv);
                Some(name)
            })
            .collect();
        assert_eq!(names, ["a2a3", "b9b8", "a3a4", "b8b7"]);
        assert_eq!(ranks_from_one("Pb10xa0"), "Pb11xa1");
    }

    #[test]
    fn reports_bad_pgn() {
        for (text, message) in [
            (
                "1. a2a4",
                "game 1: move 1 (a2a4): 'a2a4' is not a legal move",
            ),
            ("[FEN \"xyz\"]\n1. a2a3", "game 1: bad FEN"),
            ("[Event x]", "bad tag line"),
            ("1. a2a3 {open", "comment '{' is not closed"),
            (
                "[A \"1\"]\n1. a2a3\n[B \"2\"]\n1. a2a3 a7a5",
                "game 2: move 2 (a7a5)",
            ),
        ] {
            let error = read(text).unwrap_err();
            assert!(error.contains(message), "{text:?}: {error}");
        }
    }

    #[test]
    fn malformed_input_does_not_panic() {
        let samples = r#"[ | [A | [A " | [A "\ | [A "b" | { | ( | ) | ] | 1. | ... | é1ü | [é "ü"] ü
            | 1-0 [X "y"] | 1. a2a3 ( | $ | $$ 1-0 | a99a100 | p16p17"#;
        for text in samples.split(" | ") {
            let _ = read(text);
        }
        assert_eq!(read("").unwrap(), vec![]);
        assert!(read("[A \"b\"").is_err());
    }

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_783), (2024, 3, 1));
        assert_eq!(civil_from_days(19_782), (2024, 2, 29));
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
    }
}
