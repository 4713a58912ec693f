//! The words of a UCI line as the parsers of its commands see them: tokens, keywords,
//! numbers (strictly in range, or for `go`, replaced by the nearest in range and the
//! correction noted), and the [`Problem`] that names the word (by its number) where a line
//! goes wrong.

use crate::protocol::numbers::{whole, Whole};
use crate::protocol::output::quote;
use nom::bytes::complete::{take_till1, take_while};
use nom::combinator::verify;
use nom::error::{ErrorKind, ParseError};
use nom::sequence::preceded;
use nom::{IResult, Offset, Parser};
use std::str::FromStr;
use std::time::Duration;

/// A token of the line and its word number (the command is word 1).
#[derive(Clone, Debug, PartialEq)]
pub struct Word {
    pub text: String,
    pub index: usize,
}

/// Why a line could not be read, and where: the number of bytes of the line still unread
/// when the problem was found, from which the word is named.
#[derive(Debug, PartialEq)]
pub(super) struct Problem {
    message: String,
    left: usize,
}

impl Problem {
    pub(super) fn at(input: &str, message: String) -> Problem {
        Problem {
            message,
            left: input.len(),
        }
    }

    /// The message, with the number of the word it is about when there is one.
    pub(super) fn describe(self, line: &str) -> String {
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

pub(super) type Res<'a, T> = IResult<&'a str, T, Problem>;

pub(super) fn failure<T>(input: &str, message: String) -> Res<'_, T> {
    Err(nom::Err::Failure(Problem::at(input, message)))
}

pub(super) fn first_word(input: &str) -> Option<&str> {
    input.split_ascii_whitespace().next()
}

/// The number (from 1) of the word that starts at `token`, a slice of `line`.
pub(super) fn word_number(line: &str, token: &str) -> usize {
    line[..line.offset(token)].split_ascii_whitespace().count() + 1
}

/// Consecutive tokens of `line` as [`Word`]s. Only the first is located by scanning the line,
/// so that long move lists stay linear.
pub(super) fn words(line: &str, tokens: &[&str]) -> Vec<Word> {
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
pub(super) fn token(input: &str) -> Res<'_, &str> {
    preceded(blank, take_till1(|c: char| c.is_ascii_whitespace())).parse(input)
}

pub(super) fn keyword<'a>(
    word: &'static str,
) -> impl Parser<&'a str, Output = &'a str, Error = Problem> {
    verify(token, move |t: &str| t.eq_ignore_ascii_case(word))
}

/// Runs `parser`; when it does not match, fails for good with "'`key`' needs `what`",
/// naming what was found instead.
pub(super) fn needs<'a, O>(
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
pub(super) fn number<'a, T: FromStr>(
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
pub(super) fn clamped<'a, T: FromStr + Default + Copy + std::fmt::Display>(
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
pub(super) struct Clamped<'a, T> {
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
pub(super) fn millis<'a>(
    key: &'static str,
) -> impl FnMut(&'a str) -> Res<'a, Clamped<'a, Duration>> {
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

/// The value of a clamped number, noting in `corrections` why it was replaced, if it was.
pub(super) fn note<T>(corrections: &mut Vec<String>, line: &str, value: Clamped<'_, T>) -> T {
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

/// Fails for good at a word that is left over after a complete command.
pub(super) fn end_of<'a>(command: &str, input: &'a str) -> Res<'a, ()> {
    match first_word(input) {
        Some(found) => failure(
            input,
            format!("unexpected {} after '{command}'", quote(found)),
        ),
        None => Ok(("", ())),
    }
}
