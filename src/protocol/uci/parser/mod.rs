//! Reading one UCI or UGI line into a typed [`Command`], with `nom`.
//!
//! The parser checks form only: that `depth` is followed by a number, that `position`
//! names `startpos` or `fen`. Whether a move is legal or a position string valid depends on
//! the current position, so it is checked when the command is acted on; the tokens that
//! still need checking keep their word number ([`Word`]) so that errors can point at them.
//! Keywords are case-insensitive; words are separated by any ASCII whitespace.
//!
//! [words] holds what every command's parser uses: tokens, keywords, numbers, and the
//! problems that name the word they are about. [setoption](mod@setoption),
//! [position](mod@position) and [go](mod@go) read those commands' arguments; the commands with
//! few or no arguments are read here.

mod go;
mod position;
mod setoption;
mod words;

pub use go::Go;
pub use position::PositionBase;
pub use words::Word;

use crate::protocol::output::quote;
use go::go;
use nom::branch::alt;
use nom::combinator::{map, value};
use nom::Parser;
use position::position;
use setoption::setoption;
use words::{end_of, failure, first_word, keyword, needs, number, token, Res};

/// One command, as sent by a GUI, a tournament manager or a person.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    Uci,
    Ugi,
    /// Switches to the XBoard dialect (CECP); later lines are read by
    /// [`crate::protocol::cecp`].
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

    pub(super) fn ok(line: &str) -> Command {
        match parse(line) {
            Ok(Some(command)) => command,
            other => panic!("{line:?} gave {other:?}"),
        }
    }

    pub(super) fn error(line: &str) -> String {
        match parse(line) {
            Err(message) => message,
            other => panic!("{line:?} should be rejected, gave {other:?}"),
        }
    }

    pub(super) fn word(text: &str, index: usize) -> Word {
        Word {
            text: text.into(),
            index,
        }
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
}
