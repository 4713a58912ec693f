//! Reading one protocol line into a typed [`Command`], with `nom`.
//!
//! The parser checks form only: that `depth` is followed by a number, that `position`
//! names `startpos` or `fen`. Whether a move is legal or a position string valid depends on
//! the current position, so it is checked when the command is acted on; the tokens that
//! still need checking keep their word number ([`Word`]) so that errors can point at them.
//! Keywords are case-insensitive; words are separated by any ASCII whitespace.

use crate::protocol::numbers::{whole, Whole};
use crate::protocol::output::quote;
use crate::rules::Color;
use nom::branch::alt;
use nom::bytes::complete::{take_till1, take_while};
use nom::combinator::{map, opt, recognize, rest, value, verify};
use nom::error::{ErrorKind, ParseError};
use nom::multi::{many0, many1};
use nom::sequence::preceded;
use nom::{IResult, Offset, Parser};
use std::str::FromStr;
use std::time::Duration;

/// One command, as sent by a GUI, a tournament manager or a person.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    Uci,
    Ugi,
    /// Switches to the XBoard dialect (CECP); later lines are read by [`crate::protocol::cecp`].
    XBoard,
    IsReady,
    /// `ucinewgame` or `uginewgame`.
    NewGame,
    SetOption {
        /// The name with its words separated by single spaces (matched case-insensitively).
        name: String,
        /// Everything after `value`, trimmed; `None` without `value`.
        value: Option<String>,
    },
    Position {
        base: PositionBase,
        moves: Vec<Word>,
    },
    Go(Go),
    Stop,
    PonderHit,
    Quit,
    Query(Query),
    /// `go perft N` or `perft N`.
    Perft(u32),
    /// `d`: the board for people.
    Display,
    Eval,
    Bench,
    Help,
}

impl Command {
    /// The command word, for messages.
    pub fn name(&self) -> &'static str {
        match self {
            Command::Uci => "uci",
            Command::Ugi => "ugi",
            Command::XBoard => "xboard",
            Command::IsReady => "isready",
            Command::NewGame => "ucinewgame",
            Command::SetOption { .. } => "setoption",
            Command::Position { .. } => "position",
            Command::Go(_) => "go",
            Command::Stop => "stop",
            Command::PonderHit => "ponderhit",
            Command::Quit => "quit",
            Command::Query(_) => "query",
            Command::Perft(_) => "perft",
            Command::Display => "d",
            Command::Eval => "eval",
            Command::Bench => "bench",
            Command::Help => "help",
        }
    }
}

/// A token of the line and its word number (the command is word 1).
#[derive(Clone, Debug, PartialEq)]
pub struct Word {
    pub text: String,
    pub index: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub enum PositionBase {
    StartPos,
    /// The position string (its words as written); `index` is its first word.
    Fen(Word),
}

/// The parameters of `go`. A parameter given twice keeps its last value.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Go {
    /// Time left, indexed by [`Color`]: `wtime`/`p1time` and `btime`/`p2time`.
    pub time: [Option<Duration>; 2],
    /// Increments, indexed like `time`.
    pub inc: [Option<Duration>; 2],
    pub movestogo: Option<u32>,
    pub movetime: Option<Duration>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub mate: Option<u32>,
    pub infinite: bool,
    pub ponder: bool,
    pub searchmoves: Vec<Word>,
    /// What was wrong with numbers that were negative or too large for their parameter, each
    /// naming its word; such a number is replaced by the nearest one in range (0 or the
    /// largest), so the search still runs.
    pub corrections: Vec<String>,
    /// Prove the position with the solver instead of searching it.
    pub solve: bool,
}

/// UGI's `query` questions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Query {
    P1Turn,
    GameOver,
    Result,
}

/// Reads a line: `Ok(None)` for a blank one, `Err` with a message for people when the line
/// is not a well-formed command.
pub fn parse(line: &str) -> Result<Option<Command>, String> {
    match command(line) {
        Ok((_, command)) => Ok(command),
        Err(nom::Err::Error(problem) | nom::Err::Failure(problem)) => Err(problem.describe(line)),
        // Only streaming parsers ask for more input; these are all complete.
        Err(nom::Err::Incomplete(_)) => Err("incomplete command".into()),
    }
}

/// Why a line could not be read, and where: the number of bytes of the line still unread
/// when the problem was found, from which the word is named.
#[derive(Debug, PartialEq)]
struct Problem {
    message: String,
    left: usize,
}

impl Problem {
    fn at(input: &str, message: String) -> Problem {
        Problem {
            message,
            left: input.len(),
        }
    }

    /// The message, with the number of the word it is about when there is one.
    fn describe(self, line: &str) -> String {
        let start = line.len().saturating_sub(self.left);
        match line.get(start..).and_then(first_word) {
            Some(found) => format!("{} (word {})", self.message, word_number(line, found)),
            None => self.message,
        }
    }
}

impl ParseError<&str> for Problem {
    fn from_error_kind(input: &str, _: ErrorKind) -> Problem {
        let message = match first_word(input) {
            Some(found) => format!("unexpected {}", quote(found)),
            None => "unexpected end of line".into(),
        };
        Problem::at(input, message)
    }

    fn append(_: &str, _: ErrorKind, other: Problem) -> Problem {
        other
    }
}

type Res<'a, T> = IResult<&'a str, T, Problem>;

fn failure<T>(input: &str, message: String) -> Res<'_, T> {
    Err(nom::Err::Failure(Problem::at(input, message)))
}

fn first_word(input: &str) -> Option<&str> {
    input.split_ascii_whitespace().next()
}

/// The number (from 1) of the word that starts at `token`, a slice of `line`.
fn word_number(line: &str, token: &str) -> usize {
    line[..line.offset(token)].split_ascii_whitespace().count() + 1
}

/// Consecutive tokens of `line` as [`Word`]s. Only the first is located by scanning the line,
/// so that long move lists stay linear.
fn words(line: &str, tokens: &[&str]) -> Vec<Word> {
    let first = tokens.first().map_or(0, |token| word_number(line, token));
    tokens
        .iter()
        .enumerate()
        .map(|(i, text)| Word {
            text: text.to_string(),
            index: first + i,
        })
        .collect()
}

fn blank(input: &str) -> Res<'_, &str> {
    take_while(|c: char| c.is_ascii_whitespace()).parse(input)
}

/// The next word, skipping the whitespace before it.
fn token(input: &str) -> Res<'_, &str> {
    preceded(blank, take_till1(|c: char| c.is_ascii_whitespace())).parse(input)
}

fn keyword<'a>(word: &'static str) -> impl Parser<&'a str, Output = &'a str, Error = Problem> {
    verify(token, move |t: &str| t.eq_ignore_ascii_case(word))
}

/// Runs `parser`; when it does not match, fails for good with "'`key`' needs `what`",
/// naming what was found instead.
fn needs<'a, O>(
    key: &'static str,
    what: &'static str,
    mut parser: impl Parser<&'a str, Output = O, Error = Problem>,
) -> impl FnMut(&'a str) -> Res<'a, O> {
    move |input| match parser.parse(input) {
        Err(nom::Err::Error(_)) => failure(
            input,
            match first_word(input) {
                Some(found) => format!("'{key}' needs {what}, not {}", quote(found)),
                None => format!("'{key}' needs {what}"),
            },
        ),
        other => other,
    }
}

/// The number after `key`, which must be in range for `T`.
fn number<'a, T: FromStr>(
    key: &'static str,
    what: &'static str,
) -> impl FnMut(&'a str) -> Res<'a, T> {
    move |input| {
        let (rest, word) = needs(key, what, token)(input)?;
        let problem = match whole(word) {
            Whole::Value(value) => return Ok((rest, value)),
            Whole::Negative => "it is negative",
            Whole::TooLarge => "it is too large",
            Whole::NotANumber => "",
        };
        let mut message = format!("'{key}' needs {what}, not {}", quote(word));
        if !problem.is_empty() {
            message = format!("{message}: {problem}");
        }
        // The word is named from where the problem starts.
        failure(&input[input.len() - word.len() - rest.len()..], message)
    }
}

/// A number in range for `T` after `key`, or, for a negative or too-large number, the
/// nearest value in range (0 or `largest`) and the reason, so that `go` still searches.
fn clamped<'a, T: FromStr + Default + Copy + std::fmt::Display>(
    key: &'static str,
    what: &'static str,
    largest: T,
) -> impl FnMut(&'a str) -> Res<'a, Clamped<'a, T>> {
    move |input| {
        let (rest, word) = needs(key, what, token)(input)?;
        let (value, problem) = match whole(word) {
            Whole::Value(value) => (value, None),
            Whole::Negative => (
                T::default(),
                Some(format!("it is negative, so {} is used", T::default())),
            ),
            Whole::TooLarge => (
                largest,
                Some(format!("it is too large, so {largest} is used")),
            ),
            Whole::NotANumber => {
                return failure(
                    &input[input.len() - word.len() - rest.len()..],
                    format!("'{key}' needs {what}, not {}", quote(word)),
                )
            }
        };
        let correction = problem.map(|problem| Correction {
            word,
            message: format!("'{key}' needs {what}, not {}", quote(word)),
            problem,
        });
        Ok((rest, Clamped { value, correction }))
    }
}

/// A value read by [`clamped`].
struct Clamped<'a, T> {
    value: T,
    correction: Option<Correction<'a>>,
}

/// Why a number was replaced: the message names the word once its number is known.
struct Correction<'a> {
    word: &'a str,
    message: String,
    problem: String,
}

/// A time in milliseconds after `key`.
fn millis<'a>(key: &'static str) -> impl FnMut(&'a str) -> Res<'a, Clamped<'a, Duration>> {
    let mut time = clamped::<u64>(key, "a time in milliseconds", u64::MAX);
    move |input| {
        let (rest, ms) = time(input)?;
        Ok((
            rest,
            Clamped {
                value: Duration::from_millis(ms.value),
                correction: ms.correction,
            },
        ))
    }
}

/// Fails for good at a word that is left over after a complete command.
fn end_of<'a>(command: &str, input: &'a str) -> Res<'a, ()> {
    match first_word(input) {
        Some(found) => failure(
            input,
            format!("unexpected {} after '{command}'", quote(found)),
        ),
        None => Ok(("", ())),
    }
}

fn command(line: &str) -> Res<'_, Option<Command>> {
    let Some(name) = first_word(line) else {
        return Ok(("", None));
    };
    let (input, _) = token(line)?;
    let (input, command) = match name.to_ascii_lowercase().as_str() {
        "uci" => (input, Command::Uci),
        "ugi" => (input, Command::Ugi),
        "xboard" => (input, Command::XBoard),
        "isready" => (input, Command::IsReady),
        "ucinewgame" | "uginewgame" => (input, Command::NewGame),
        "stop" => (input, Command::Stop),
        "ponderhit" => (input, Command::PonderHit),
        "quit" => (input, Command::Quit),
        "d" => (input, Command::Display),
        "eval" => (input, Command::Eval),
        "bench" => (input, Command::Bench),
        "help" => (input, Command::Help),
        "setoption" => setoption(input)?,
        "position" => position(line, input)?,
        "go" => go(line, input)?,
        "perft" => map(number("perft", "a depth"), Command::Perft).parse(input)?,
        "query" => query(input)?,
        _ => {
            return failure(
                line,
                format!("unknown command {} (try 'help')", quote(name)),
            )
        }
    };
    let (input, ()) = end_of(name, input)?;
    Ok((input, Some(command)))
}

/// `setoption name <words> [value <text>]`.
fn setoption(input: &str) -> Res<'_, Command> {
    let name_words = recognize(many1(verify(token, |t: &str| {
        !t.eq_ignore_ascii_case("value")
    })));
    let (input, name) = preceded(
        needs("setoption", "'name'", keyword("name")),
        needs("name", "an option name", name_words),
    )
    .parse(input)?;
    let (input, value) = opt(preceded(keyword("value"), rest)).parse(input)?;
    let name = name.split_ascii_whitespace().collect::<Vec<_>>().join(" ");
    let value = value.map(|v| v.trim().to_string());
    Ok((input, Command::SetOption { name, value }))
}

/// `position startpos|fen <string> [moves m1 m2 ...]`.
fn position<'a>(line: &'a str, input: &'a str) -> Res<'a, Command> {
    let fen_words = recognize(many1(verify(token, |t: &str| {
        !t.eq_ignore_ascii_case("moves")
    })));
    let fen = preceded(keyword("fen"), needs("fen", "a position string", fen_words));
    let (input, base) = needs(
        "position",
        "'startpos' or 'fen'",
        alt((
            value(PositionBase::StartPos, keyword("startpos")),
            map(fen, |text: &str| {
                let text = text.trim_start();
                PositionBase::Fen(Word {
                    text: text.to_string(),
                    index: word_number(line, text),
                })
            }),
        )),
    )(input)?;
    let (input, moves) = opt(preceded(keyword("moves"), many0(token))).parse(input)?;
    if let Some(found) = first_word(input) {
        return failure(
            input,
            format!("expected 'moves' after the position, not {}", quote(found)),
        );
    }
    let moves = words(line, &moves.unwrap_or_default());
    Ok((input, Command::Position { base, moves }))
}

/// One parameter of `go`.
enum GoParam<'a> {
    Time(Color, Clamped<'a, Duration>),
    Inc(Color, Clamped<'a, Duration>),
    MovesToGo(Clamped<'a, u32>),
    MoveTime(Clamped<'a, Duration>),
    Depth(Clamped<'a, u32>),
    Nodes(Clamped<'a, u64>),
    Mate(Clamped<'a, u32>),
    Infinite,
    Ponder,
    Solve,
    SearchMoves(Vec<&'a str>),
    Perft(u32),
}

const GO_KEYWORDS: [&str; 18] = [
    "wtime",
    "btime",
    "winc",
    "binc",
    "p1time",
    "p2time",
    "p1inc",
    "p2inc",
    "movestogo",
    "movetime",
    "depth",
    "nodes",
    "mate",
    "infinite",
    "ponder",
    "searchmoves",
    "perft",
    "solve",
];

/// `key` followed by its value, made into a [`GoParam`].
fn param<'a, T>(
    key: &'static str,
    value: impl Parser<&'a str, Output = T, Error = Problem>,
    make: impl Fn(T) -> GoParam<'a>,
) -> impl Parser<&'a str, Output = GoParam<'a>, Error = Problem> {
    preceded(keyword(key), map(value, make))
}

fn flag<'a>(
    key: &'static str,
    make: fn() -> GoParam<'a>,
) -> impl Parser<&'a str, Output = GoParam<'a>, Error = Problem> {
    map(keyword(key), move |_| make())
}

fn go_param(input: &str) -> Res<'_, GoParam<'_>> {
    use Color::{Black, White};
    let search_move = verify(token, |t: &str| {
        !GO_KEYWORDS.iter().any(|k| t.eq_ignore_ascii_case(k))
    });
    let unknown = |input| match first_word(input) {
        Some(found) => failure(input, format!("{} is not a go parameter", quote(found))),
        // The end of the line: no more parameters.
        None => Err(nom::Err::Error(Problem::at(input, String::new()))),
    };
    alt((
        param("wtime", millis("wtime"), |t| GoParam::Time(White, t)),
        param("btime", millis("btime"), |t| GoParam::Time(Black, t)),
        param("winc", millis("winc"), |t| GoParam::Inc(White, t)),
        param("binc", millis("binc"), |t| GoParam::Inc(Black, t)),
        // UGI: player 1 moves first, as white does.
        param("p1time", millis("p1time"), |t| GoParam::Time(White, t)),
        param("p2time", millis("p2time"), |t| GoParam::Time(Black, t)),
        param("p1inc", millis("p1inc"), |t| GoParam::Inc(White, t)),
        param("p2inc", millis("p2inc"), |t| GoParam::Inc(Black, t)),
        param(
            "movestogo",
            clamped("movestogo", "a number of moves", u32::MAX),
            GoParam::MovesToGo,
        ),
        param("movetime", millis("movetime"), GoParam::MoveTime),
        param(
            "depth",
            clamped("depth", "a number of plies", u32::MAX),
            GoParam::Depth,
        ),
        param(
            "nodes",
            clamped("nodes", "a number of nodes", u64::MAX),
            GoParam::Nodes,
        ),
        param(
            "mate",
            clamped("mate", "a number of moves", u32::MAX),
            GoParam::Mate,
        ),
        flag("infinite", || GoParam::Infinite),
        flag("ponder", || GoParam::Ponder),
        flag("solve", || GoParam::Solve),
        param(
            "searchmoves",
            needs("searchmoves", "at least one move", many1(search_move)),
            GoParam::SearchMoves,
        ),
        param("perft", number("perft", "a depth"), GoParam::Perft),
        unknown,
    ))
    .parse(input)
}

/// `go [parameters]`, or `go perft N`.
fn go<'a>(line: &'a str, input: &'a str) -> Res<'a, Command> {
    let (rest, params) = many0(go_param).parse(input)?;
    if let [GoParam::Perft(depth)] = params[..] {
        return Ok((rest, Command::Perft(depth)));
    }
    let mut go = Go::default();
    let mut fixes = Vec::new();
    for param in params {
        match param {
            GoParam::Time(color, t) => go.time[color as usize] = Some(note(&mut fixes, line, t)),
            GoParam::Inc(color, t) => go.inc[color as usize] = Some(note(&mut fixes, line, t)),
            GoParam::MovesToGo(n) => go.movestogo = Some(note(&mut fixes, line, n)),
            GoParam::MoveTime(t) => go.movetime = Some(note(&mut fixes, line, t)),
            GoParam::Depth(d) => go.depth = Some(note(&mut fixes, line, d)),
            GoParam::Nodes(n) => go.nodes = Some(note(&mut fixes, line, n)),
            GoParam::Mate(m) => go.mate = Some(note(&mut fixes, line, m)),
            GoParam::Infinite => go.infinite = true,
            GoParam::Ponder => go.ponder = true,
            GoParam::Solve => go.solve = true,
            GoParam::SearchMoves(moves) => go.searchmoves = words(line, &moves),
            GoParam::Perft(_) => {
                return failure(
                    input,
                    "'perft' cannot be combined with other go parameters".into(),
                )
            }
        }
    }
    go.corrections = fixes;
    let searches_only = go.time != [None; 2]
        || go.inc != [None; 2]
        || go.movestogo.is_some()
        || go.depth.is_some()
        || go.mate.is_some()
        || go.ponder
        || !go.searchmoves.is_empty();
    if go.solve && searches_only {
        return failure(
            input,
            "'solve' combines only with 'movetime', 'nodes' and 'infinite'".into(),
        );
    }
    Ok((rest, Command::Go(go)))
}

/// The value of a clamped number, noting in `corrections` why it was replaced, if it was.
fn note<T>(corrections: &mut Vec<String>, line: &str, value: Clamped<'_, T>) -> T {
    if let Some(fix) = value.correction {
        corrections.push(format!(
            "{} (word {}): {}",
            fix.message,
            word_number(line, fix.word),
            fix.problem
        ));
    }
    value.value
}

/// `query p1turn|gameover|result`.
fn query(input: &str) -> Res<'_, Command> {
    map(
        needs(
            "query",
            "'p1turn', 'gameover' or 'result'",
            alt((
                value(Query::P1Turn, keyword("p1turn")),
                value(Query::GameOver, keyword("gameover")),
                value(Query::Result, keyword("result")),
            )),
        ),
        Command::Query,
    )
    .parse(input)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(line: &str) -> Command {
        match parse(line) {
            Ok(Some(command)) => command,
            other => panic!("{line:?} gave {other:?}"),
        }
    }

    fn error(line: &str) -> String {
        match parse(line) {
            Err(message) => message,
            other => panic!("{line:?} should be rejected, gave {other:?}"),
        }
    }

    fn word(text: &str, index: usize) -> Word {
        Word {
            text: text.into(),
            index,
        }
    }

    fn ms(ms: u64) -> Option<Duration> {
        Some(Duration::from_millis(ms))
    }

    #[test]
    fn blank_lines_are_nothing() {
        for line in ["", "   ", "\t \r"] {
            assert_eq!(parse(line), Ok(None), "{line:?}");
        }
    }

    #[test]
    fn commands_without_arguments() {
        let cases = [
            ("uci", Command::Uci),
            ("ugi", Command::Ugi),
            ("xboard", Command::XBoard),
            ("isready", Command::IsReady),
            ("ucinewgame", Command::NewGame),
            ("uginewgame", Command::NewGame),
            ("stop", Command::Stop),
            ("ponderhit", Command::PonderHit),
            ("quit", Command::Quit),
            ("d", Command::Display),
            ("eval", Command::Eval),
            ("bench", Command::Bench),
            ("help", Command::Help),
            // Case and surrounding whitespace do not matter.
            ("  IsReady \r", Command::IsReady),
            ("\tUCI", Command::Uci),
        ];
        for (line, command) in cases {
            assert_eq!(ok(line), command, "{line:?}");
        }
    }

    #[test]
    fn extra_words_and_unknown_commands_are_rejected() {
        assert_eq!(
            error("isready now"),
            "unexpected 'now' after 'isready' (word 2)"
        );
        assert_eq!(error("quit 1 2"), "unexpected '1' after 'quit' (word 2)");
        assert_eq!(
            error("jump a2a3"),
            "unknown command 'jump' (try 'help') (word 1)"
        );
        assert_eq!(
            error("  \u{1b}[31m"),
            "unknown command '\\u{1b}[31m' (try 'help') (word 1)"
        );
        let long = "x".repeat(1000);
        assert_eq!(
            error(&long),
            format!(
                "unknown command '{}…' (try 'help') (word 1)",
                "x".repeat(24)
            )
        );
    }

    #[test]
    fn setoption_names_may_have_spaces_and_values_any_text() {
        assert_eq!(
            ok("setoption name Hash value 128"),
            Command::SetOption {
                name: "Hash".into(),
                value: Some("128".into())
            }
        );
        assert_eq!(
            ok("setoption  NAME  Move   Overhead VALUE 100 "),
            Command::SetOption {
                name: "Move Overhead".into(),
                value: Some("100".into())
            }
        );
        assert_eq!(
            ok("setoption name Clear Hash"),
            Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            }
        );
        assert_eq!(
            ok("setoption name Debug Log File value /tmp/my log.txt"),
            Command::SetOption {
                name: "Debug Log File".into(),
                value: Some("/tmp/my log.txt".into())
            }
        );
        assert_eq!(
            ok("setoption name Debug Log File value"),
            Command::SetOption {
                name: "Debug Log File".into(),
                value: Some(String::new())
            }
        );
    }

    #[test]
    fn malformed_setoption() {
        assert_eq!(error("setoption"), "'setoption' needs 'name'");
        assert_eq!(
            error("setoption Hash 1"),
            "'setoption' needs 'name', not 'Hash' (word 2)"
        );
        assert_eq!(error("setoption name"), "'name' needs an option name");
        assert_eq!(
            error("setoption name value 3"),
            "'name' needs an option name, not 'value' (word 3)"
        );
    }

    #[test]
    fn positions_keep_word_numbers_for_later_checks() {
        assert_eq!(
            ok("position startpos"),
            Command::Position {
                base: PositionBase::StartPos,
                moves: vec![]
            }
        );
        assert_eq!(
            ok("position startpos moves"),
            Command::Position {
                base: PositionBase::StartPos,
                moves: vec![]
            }
        );
        assert_eq!(
            ok("position startpos moves a2a3  h7-h6"),
            Command::Position {
                base: PositionBase::StartPos,
                moves: vec![word("a2a3", 4), word("h7-h6", 5)]
            }
        );
        assert_eq!(
            ok("position fen ppp/3/3/PPP w 0 1 moves a1a2"),
            Command::Position {
                base: PositionBase::Fen(word("ppp/3/3/PPP w 0 1", 3)),
                moves: vec![word("a1a2", 8)]
            }
        );
        // The position string is checked later, by the rules.
        assert_eq!(
            ok("Position FEN nonsense"),
            Command::Position {
                base: PositionBase::Fen(word("nonsense", 3)),
                moves: vec![]
            }
        );
    }

    #[test]
    fn malformed_positions() {
        assert_eq!(error("position"), "'position' needs 'startpos' or 'fen'");
        assert_eq!(
            error("position start"),
            "'position' needs 'startpos' or 'fen', not 'start' (word 2)"
        );
        assert_eq!(error("position fen"), "'fen' needs a position string");
        assert_eq!(
            error("position fen moves a2a3"),
            "'fen' needs a position string, not 'moves' (word 3)"
        );
        assert_eq!(
            error("position startpos a2a3"),
            "expected 'moves' after the position, not 'a2a3' (word 3)"
        );
    }

    #[test]
    fn go_reads_every_parameter() {
        let go = ok(
            "go wtime 1000 btime 2000 winc 10 binc 20 movestogo 5 movetime 300 \
                     depth 7 nodes 12345 mate 3 infinite ponder searchmoves a2a3 b2b3",
        );
        assert_eq!(
            go,
            Command::Go(Go {
                time: [ms(1000), ms(2000)],
                inc: [ms(10), ms(20)],
                movestogo: Some(5),
                movetime: ms(300),
                depth: Some(7),
                nodes: Some(12345),
                mate: Some(3),
                infinite: true,
                ponder: true,
                searchmoves: vec![word("a2a3", 23), word("b2b3", 24)],
                corrections: vec![],
                solve: false,
            })
        );
        assert_eq!(ok("go"), Command::Go(Go::default()));
    }

    #[test]
    fn go_reads_ugi_clocks_as_white_and_black() {
        assert_eq!(
            ok("go p1time 500 p2time 600 p1inc 5 p2inc 6"),
            Command::Go(Go {
                time: [ms(500), ms(600)],
                inc: [ms(5), ms(6)],
                ..Go::default()
            })
        );
    }

    #[test]
    fn go_takes_either_clock_alone_and_repeats() {
        assert_eq!(
            ok("go btime 50 binc 0"),
            Command::Go(Go {
                time: [None, ms(50)],
                inc: [None, ms(0)],
                ..Go::default()
            })
        );
        assert_eq!(
            ok("go depth 3 DEPTH 5"),
            Command::Go(Go {
                depth: Some(5),
                ..Go::default()
            })
        );
        // searchmoves ends at the next parameter.
        assert_eq!(
            ok("go searchmoves a2a3 depth 2"),
            Command::Go(Go {
                depth: Some(2),
                searchmoves: vec![word("a2a3", 3)],
                ..Go::default()
            })
        );
    }

    #[test]
    fn go_replaces_negative_and_too_large_numbers_and_says_so() {
        assert_eq!(
            ok("go movetime -100"),
            Command::Go(Go {
                movetime: ms(0),
                corrections: vec![
                    "'movetime' needs a time in milliseconds, not '-100' (word 3): \
                                   it is negative, so 0 is used"
                        .into()
                ],
                ..Go::default()
            })
        );
        let Command::Go(go) = ok("go wtime -50 nodes 99999999999999999999999 depth 4294967296")
        else {
            panic!("not a go");
        };
        assert_eq!(go.time, [ms(0), None]);
        assert_eq!(go.nodes, Some(u64::MAX));
        assert_eq!(go.depth, Some(u32::MAX));
        assert_eq!(
            go.corrections,
            [
                "'wtime' needs a time in milliseconds, not '-50' (word 3): it is negative, \
                 so 0 is used",
                "'nodes' needs a number of nodes, not '99999999999999999999999' (word 5): it \
                 is too large, so 18446744073709551615 is used",
                "'depth' needs a number of plies, not '4294967296' (word 7): it is too large, \
                 so 4294967295 is used",
            ]
        );
        // Zero and a plus sign are fine.
        assert_eq!(
            ok("go depth -0 movestogo +3"),
            Command::Go(Go {
                depth: Some(0),
                movestogo: Some(3),
                ..Go::default()
            })
        );
    }

    #[test]
    fn malformed_go() {
        assert_eq!(error("go depth"), "'depth' needs a number of plies");
        assert_eq!(
            error("go depth x"),
            "'depth' needs a number of plies, not 'x' (word 3)"
        );
        assert_eq!(
            error("go wtime 1.5"),
            "'wtime' needs a time in milliseconds, not '1.5' (word 3)"
        );
        assert_eq!(
            error("go depth 5 nodes many"),
            "'nodes' needs a number of nodes, not 'many' (word 5)"
        );
        assert_eq!(
            error("go movetime 100 fast"),
            "'fast' is not a go parameter (word 4)"
        );
        assert_eq!(
            error("go searchmoves"),
            "'searchmoves' needs at least one move"
        );
        assert_eq!(
            error("go searchmoves depth 3"),
            "'searchmoves' needs at least one move, not 'depth' (word 3)"
        );
        assert_eq!(
            error("go perft 3 depth 2"),
            "'perft' cannot be combined with other go parameters (word 2)"
        );
    }

    #[test]
    fn go_solve_takes_only_its_own_limits() {
        assert_eq!(
            ok("go solve movetime 5000 nodes 100 infinite"),
            Command::Go(Go {
                movetime: ms(5000),
                nodes: Some(100),
                infinite: true,
                solve: true,
                ..Go::default()
            })
        );
        assert_eq!(
            error("go solve depth 5"),
            "'solve' combines only with 'movetime', 'nodes' and 'infinite' (word 2)"
        );
        assert_eq!(
            error("go wtime 100 solve"),
            "'solve' combines only with 'movetime', 'nodes' and 'infinite' (word 2)"
        );
    }

    #[test]
    fn perft_both_ways() {
        assert_eq!(ok("go perft 4"), Command::Perft(4));
        assert_eq!(ok("perft 0"), Command::Perft(0));
        assert_eq!(error("perft"), "'perft' needs a depth");
        assert_eq!(
            error("perft deep"),
            "'perft' needs a depth, not 'deep' (word 2)"
        );
        assert_eq!(error("go perft"), "'perft' needs a depth");
        assert_eq!(error("perft 3 4"), "unexpected '4' after 'perft' (word 3)");
        assert_eq!(
            error("perft -2"),
            "'perft' needs a depth, not '-2': it is negative (word 2)"
        );
        assert_eq!(
            error("go perft 99999999999"),
            "'perft' needs a depth, not '99999999999': it is too large (word 3)"
        );
    }

    #[test]
    fn queries() {
        assert_eq!(ok("query p1turn"), Command::Query(Query::P1Turn));
        assert_eq!(ok("query GameOver"), Command::Query(Query::GameOver));
        assert_eq!(ok("query result"), Command::Query(Query::Result));
        assert_eq!(
            error("query"),
            "'query' needs 'p1turn', 'gameover' or 'result'"
        );
        assert_eq!(
            error("query score"),
            "'query' needs 'p1turn', 'gameover' or 'result', not 'score' (word 2)"
        );
    }

    #[test]
    fn non_ascii_input_is_rejected_not_panicked_on() {
        assert_eq!(error("gö"), "unknown command 'gö' (try 'help') (word 1)");
        assert_eq!(
            error("go depth ５"),
            "'depth' needs a number of plies, not '５' (word 3)"
        );
        // A non-breaking space is not a separator.
        assert_eq!(
            error("go\u{a0}depth 3"),
            "unknown command 'go\u{a0}depth' (try 'help') (word 1)"
        );
    }

    #[test]
    fn long_move_lists_are_read_in_linear_time() {
        let line = format!("position startpos moves {}", "a2a3 ".repeat(100_000));
        match ok(&line) {
            Command::Position { moves, .. } => {
                assert_eq!(moves.len(), 100_000);
                assert_eq!(moves[99_999].index, 100_003);
            }
            other => panic!("{other:?}"),
        }
    }
}
