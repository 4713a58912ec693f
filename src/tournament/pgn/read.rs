//! Reading PGN in two steps: [`texts`] splits a file into games as written (tags, the
//! moves' words, the result), and [`PgnText::replay`] plays a game's moves, each a whole
//! turn, with the rules of its game. [`read`] does both for a file of one game.

use crate::game::Game;
use crate::games::Variant;
use crate::tournament::game_record::Turn;

/// A game of a PGN file as written, not yet replayed: what `check-pgn` looks at to choose
/// the rules.
#[derive(Clone, Debug, PartialEq)]
pub struct PgnText {
    /// Where the game is in its file, from 1, for messages.
    number: usize,
    pub tags: Vec<(String, String)>,
    /// The moves' words, move numbers taken out.
    words: Vec<String>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// The comment just before the result, where GUIs and `troyka-match` say why the game
    /// ended.
    pub final_comment: Option<String>,
}

impl PgnText {
    pub fn tag(&self, name: &str) -> Option<&str> {
        find_tag(&self.tags, name)
    }

    /// The variant the `Variant` tag names; without one, the default variant (Breakthrough,
    /// whose board the `FEN` tag gives).
    pub fn variant(&self) -> Result<Variant, String> {
        match self.tag("Variant") {
            None => Ok(Variant::default()),
            Some(name) => Variant::from_name(name).ok_or_else(|| {
                self.error(format!(
                    "unknown variant '{name}' (known: {})",
                    Variant::NAMES.join(", ")
                ))
            }),
        }
    }

    /// The game replayed with `G`'s rules from its `FEN` tag, or from `start` without one.
    /// A `Variant` tag, if there is one, must name `G`'s game.
    pub fn replay<G: Game>(self, start: &G) -> Result<PgnGame<G>, String> {
        if self.tag("Variant").is_some() {
            let game = self.variant()?.game_name();
            if game != G::NAME {
                return Err(self.error(format!("a {game} game, not {}", G::NAME)));
            }
        }
        let root = match self.tag("FEN") {
            Some(fen) => G::from_text(fen).map_err(|e| self.error(format!("bad FEN: {e}")))?,
            None => start.clone(),
        };
        let words: Vec<&str> = self.words.iter().map(String::as_str).collect();
        let moves = root.replay_record(&words).map_err(|e| self.error(e))?;
        Ok(PgnGame {
            tags: self.tags,
            root,
            moves,
            result: self.result,
            final_comment: self.final_comment,
        })
    }

    fn error(&self, message: String) -> String {
        format!("game {}: {message}", self.number)
    }
}

/// A game read back from PGN and replayed with the rules.
#[derive(Clone, Debug, PartialEq)]
pub struct PgnGame<G: Game> {
    pub tags: Vec<(String, String)>,
    pub root: G,
    /// The moves, each a whole turn.
    pub moves: Vec<Turn<G>>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// The comment just before the result (see [`PgnText::final_comment`]).
    pub final_comment: Option<String>,
}

impl<G: Game> PgnGame<G> {
    pub fn tag(&self, name: &str) -> Option<&str> {
        find_tag(&self.tags, name)
    }

    /// The position after all moves.
    pub fn final_position(&self) -> G {
        self.root.play_all(&self.moves.concat())
    }
}

fn find_tag<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

/// Reads and replays every game in `text` with `G`'s rules; games without a `FEN` tag start
/// from `start`. Errors name the game and what is wrong.
pub fn read<G: Game>(text: &str, start: &G) -> Result<Vec<PgnGame<G>>, String> {
    texts(text)?
        .into_iter()
        .map(|game| game.replay(start))
        .collect()
}

/// Splits `text` into its games, as written.
pub fn texts(text: &str) -> Result<Vec<PgnText>, String> {
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
                    let tags = std::mem::take(&mut tags);
                    games.push(finish(games.len() + 1, tags, &words, "*", None));
                    words.clear();
                }
                tags.push((name, value));
            }
            Token::Comment(text) => comment = Some(text),
            Token::Word(word) => {
                // A result ends the movetext, even when no tags follow.
                if is_result(word) {
                    let comment = comment.map(|c: &str| c.trim().to_string());
                    let tags = std::mem::take(&mut tags);
                    games.push(finish(games.len() + 1, tags, &words, word, comment));
                    words.clear();
                } else {
                    words.push(word);
                }
                comment = None;
            }
        }
    }
    if !tags.is_empty() || !words.is_empty() {
        games.push(finish(games.len() + 1, tags, &words, "*", None));
    }
    Ok(games)
}

/// Game `number` as written: its tags, the words of its movetext and its result.
fn finish(
    number: usize,
    tags: Vec<(String, String)>,
    words: &[&str],
    result: &str,
    final_comment: Option<String>,
) -> PgnText {
    PgnText {
        number,
        tags,
        words: words
            .iter()
            .map(|word| strip_move_number(word))
            .filter(|word| !word.is_empty())
            .map(String::from)
            .collect(),
        result: result.to_string(),
        final_comment,
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::breakthrough::{BoardSize, Breakthrough, Color};
    use crate::games::relay::Relay;

    /// Breakthrough's games, from the standard start position without a `FEN` tag.
    fn read(text: &str) -> Result<Vec<PgnGame<Breakthrough>>, String> {
        super::read(text, &Breakthrough::start(BoardSize::STANDARD))
    }

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
            .flatten()
            .scan(games[0].root, |game, &mv| {
                let name = game.move_name(mv);
                *game = game.play(mv);
                Some(name)
            })
            .collect();
        assert_eq!(names, ["a2a3", "b9b8", "a3a4", "b8b7"]);
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
    fn the_variant_tag_chooses_the_rules() {
        let text = "[Variant \"relay\"]\n[FEN \"8 black 1 3 20 -\"]\n\n\
                    1... 2,1 2. 1,end 2,2 {Black takes the last stone} 0-1\n\n\
                    [Event \"b\"]\n\n1. a2a3 *\n";
        let games = texts(text).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].variant(), Ok(Variant::Relay));
        assert_eq!(games[1].variant(), Ok(Variant::default()));
        let relay = games[0].clone().replay(&Relay::start()).unwrap();
        assert_eq!(
            relay.moves.iter().map(Vec::len).collect::<Vec<_>>(),
            [2, 2, 2]
        );
        assert_eq!(relay.final_position().winner, Some(Color::Black));
        assert_eq!(
            games[1].clone().replay(&Relay::start()).unwrap_err(),
            "game 2: move 1 (a2a3): 'a2a3' is not a ply (expected 1, 2 or end)"
        );
        assert_eq!(
            read(text).unwrap_err(),
            "game 1: a relay game, not breakthrough"
        );
        assert_eq!(
            read("[Variant \"chess\"]\n1. e2e4 *").unwrap_err(),
            format!(
                "game 1: unknown variant 'chess' (known: {})",
                Variant::NAMES.join(", ")
            )
        );
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
