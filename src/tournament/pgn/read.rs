//! Reading PGN: tags, movetext and results, every move replayed with the rules.

use crate::games::breakthrough::{BoardSize, Breakthrough, Move};

/// A game read back from PGN.
#[derive(Clone, Debug, PartialEq)]
pub struct PgnGame {
    pub tags: Vec<(String, String)>,
    pub root: Breakthrough,
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
    pub fn final_position(&self) -> Breakthrough {
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
        Some((_, fen)) => Breakthrough::from_fen(fen).map_err(|e| fail(format!("bad FEN: {e}")))?,
        None => Breakthrough::start(BoardSize::STANDARD),
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
    root: Breakthrough,
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
    use super::*;
    use crate::games::breakthrough::Color;

    #[test]
    fn reads_ordinary_pgn() {
        let text = "[Event \"x\"]\n\n1.a2a3 $1 {a comment} (1. b2b3 (1. c2c3)) h7h6 ; rest\n\
                    2. a3-a4 h6xg5 *\n\n1. e2e3 1/2-1/2";
        let games = read(text).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].moves.len(), 4);
        assert_eq!(games[0].result, "*");
        assert_eq!(games[1].root, Breakthrough::start(BoardSize::STANDARD));
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
}
