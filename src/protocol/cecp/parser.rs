//! Reading one CECP line (the XBoard/WinBoard protocol) into a typed [`Command`].
//!
//! As for UCI, the parser checks form only: that `sd` has a number, that `level` has its
//! three fields. Moves, position strings, variant and option names depend on the engine's
//! state and are checked when the command is acted on. A line that is not a command is
//! [`Rejected`] with the reason CECP's `Error (reason): line` shows. Command words are
//! case-insensitive; words are separated by any ASCII whitespace.

use super::super::numbers::{whole, Whole};
use super::super::output::{printable, quote};
use nom::bytes::complete::tag;
use nom::character::complete::digit1;
use nom::combinator::{opt, rest};
use nom::sequence::preceded;
use nom::{IResult, Parser};
use std::time::Duration;

/// One command from an XBoard-style GUI.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    XBoard,
    Protover(u32),
    /// `accepted NAME` or `rejected NAME`, the GUI's answer to a feature.
    Feature {
        accepted: bool,
        name: String,
    },
    New,
    /// The variant as sent, e.g. `breakthrough` or `7x7+0_breakthrough`.
    Variant(String),
    Quit,
    Random,
    Force,
    Go,
    PlayOther,
    /// `level MPS BASE INC`.
    Level(Level),
    /// `st SECONDS`: exactly this long per move.
    St(Duration),
    /// `sd DEPTH`.
    Sd(u32),
    /// `time CS` (the engine's clock) or `otim CS` (the opponent's).
    Clock {
        own: bool,
        left: Duration,
        /// Why the number was replaced (negative or too large), when it was.
        problem: Option<Rejected>,
    },
    /// `usermove MOVE`, or a move alone on its line.
    UserMove(String),
    /// `?`: move now.
    MoveNow,
    Ping(u64),
    Draw,
    /// `result RESULT {COMMENT}`: the rest of the line.
    Result(String),
    /// `setboard FEN`: the rest of the line.
    SetBoard(String),
    Hint,
    Undo,
    Remove,
    /// `hard` (true) or `easy`: pondering on or off.
    Ponder(bool),
    /// `post` (true) or `nopost`: thinking output on or off.
    Post(bool),
    Analyze,
    /// `exit`: leave analysis.
    Exit,
    /// `.`: a status line during analysis.
    Status,
    /// `name`, `rating`, `ics`: what the GUI says about the game, which the engine does not
    /// need.
    Notice,
    /// `computer`: the opponent is another engine.
    Computer,
    Memory(usize),
    Cores(usize),
    /// `option NAME=VALUE`, or `option NAME` for a button.
    Option {
        name: String,
        value: Option<String>,
    },
}

/// A time control of `level`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// Moves per period; 0 for the whole game.
    pub moves: u32,
    pub base: Duration,
    pub increment: Duration,
}

/// Why a line is not a command, shown as `Error (reason): line`.
#[derive(Clone, Debug, PartialEq)]
pub struct Rejected {
    pub reason: String,
    /// The line as received, made printable and cut short.
    pub line: String,
}

impl Rejected {
    pub fn new(reason: impl Into<String>, line: &str) -> Rejected {
        Rejected {
            reason: reason.into(),
            line: printable(line.trim(), 200),
        }
    }

    pub fn text(&self) -> String {
        format!("Error ({}): {}", self.reason, self.line)
    }
}

/// Reads a line: `Ok(None)` for a blank one.
pub fn parse(line: &str) -> Result<Option<Command>, Rejected> {
    let mut words = line.split_ascii_whitespace();
    let Some(name) = words.next() else {
        return Ok(None);
    };
    let args: Vec<&str> = words.collect();
    // Everything after the command word, for commands whose argument may hold spaces. Only
    // ASCII whitespace separates words: a line may begin with another space (U+3000).
    let ascii_space = |c: char| c.is_ascii_whitespace();
    let tail = line.trim_start_matches(ascii_space)[name.len()..].trim_matches(ascii_space);
    let reject = |reason: String| Rejected::new(reason, line);
    let lower = name.to_ascii_lowercase();
    let command = match lower.as_str() {
        "xboard" => Command::XBoard,
        "protover" => Command::Protover(count(&args, "protover", "a version")?),
        "accepted" | "rejected" => Command::Feature {
            accepted: lower == "accepted",
            name: tail.to_string(),
        },
        "new" => Command::New,
        "variant" => Command::Variant(one(&args, "variant", "a variant name")?.to_string()),
        "quit" => Command::Quit,
        "random" => Command::Random,
        "force" => Command::Force,
        "go" => Command::Go,
        "playother" => Command::PlayOther,
        "level" => Command::Level(level(&args)?),
        "st" => Command::St(seconds(one(&args, "st", "a number of seconds")?, "st")?),
        "sd" => Command::Sd(count(&args, "sd", "a number of plies")?),
        "time" | "otim" => clock(&lower, &args)?,
        "usermove" => Command::UserMove(one(&args, "usermove", "a move")?.to_string()),
        "?" => Command::MoveNow,
        "ping" => Command::Ping(count(&args, "ping", "a number")?),
        "draw" => Command::Draw,
        "result" => Command::Result(tail.to_string()),
        "setboard" if tail.is_empty() => {
            return Err(reject("setboard needs a position string".into()))
        }
        "setboard" => Command::SetBoard(tail.to_string()),
        "hint" => Command::Hint,
        "undo" => Command::Undo,
        "remove" => Command::Remove,
        "hard" | "easy" => Command::Ponder(lower == "hard"),
        "post" | "nopost" => Command::Post(lower == "post"),
        "analyze" => Command::Analyze,
        "exit" => Command::Exit,
        "." => Command::Status,
        "name" | "rating" | "ics" => return Ok(Some(Command::Notice)),
        "computer" => Command::Computer,
        "memory" => Command::Memory(count(&args, "memory", "a number of megabytes")?),
        "cores" => Command::Cores(count(&args, "cores", "a number of cores")?),
        "option" => option(tail).ok_or_else(|| reject("option needs NAME=VALUE".into()))?,
        _ if looks_like_move(name) && args.is_empty() => Command::UserMove(name.to_string()),
        _ => return Err(reject("unknown command".into())),
    };
    if takes_no_arguments(&command) && !args.is_empty() {
        return Err(reject("too many parameters".into()));
    }
    Ok(Some(command))
}

/// Commands that read no arguments (the others check their own count).
fn takes_no_arguments(command: &Command) -> bool {
    matches!(
        command,
        Command::XBoard
            | Command::Computer
            | Command::New
            | Command::Quit
            | Command::Random
            | Command::Force
            | Command::Go
            | Command::PlayOther
            | Command::MoveNow
            | Command::Draw
            | Command::Hint
            | Command::Undo
            | Command::Remove
            | Command::Ponder(_)
            | Command::Post(_)
            | Command::Analyze
            | Command::Exit
            | Command::Status
    )
}

/// A move sent without `usermove`: a file letter, then a rank (XBoard writes ranks past 9
/// as the characters after `9`, and counts from 0 on boards of ten ranks).
fn looks_like_move(word: &str) -> bool {
    let bytes = word.as_bytes();
    bytes.len() >= 4 && bytes[0].is_ascii_alphabetic() && (b'0'..=b'@').contains(&bytes[1])
}

/// The one argument of `key`.
fn one<'a>(args: &[&'a str], key: &str, what: &str) -> Result<&'a str, Rejected> {
    match args {
        [word] => Ok(word),
        [] => Err(Rejected::new(format!("{key} needs {what}"), key)),
        _ => Err(Rejected::new(
            "too many parameters",
            &format!("{key} {}", args.join(" ")),
        )),
    }
}

/// The one argument of `key`, a whole number in range for `T`.
fn count<T: std::str::FromStr>(args: &[&str], key: &str, what: &str) -> Result<T, Rejected> {
    let word = one(args, key, what)?;
    match whole(word) {
        Whole::Value(value) => Ok(value),
        problem => Err(Rejected::new(
            number_problem(key, what, word, problem),
            &format!("{key} {word}"),
        )),
    }
}

/// Why `word` is not a good number for `key`.
fn number_problem<T>(key: &str, what: &str, word: &str, problem: Whole<T>) -> String {
    let why = match problem {
        Whole::Negative => ": it is negative",
        Whole::TooLarge => ": it is too large",
        _ => "",
    };
    format!("{key} needs {what}, not {}{why}", quote(word))
}

/// `time CS` or `otim CS`. CECP clocks may go below zero (a flag can fall and an increment
/// bring the clock back), so a negative time counts as zero, with the reason said.
fn clock(key: &str, args: &[&str]) -> Result<Command, Rejected> {
    const WHAT: &str = "a time in centiseconds";
    let word = one(args, key, WHAT)?;
    let (centis, problem) = match whole::<u64>(word) {
        Whole::Value(centis) => (centis, None),
        Whole::Negative => (0, Some("it is negative, so 0 is used")),
        Whole::TooLarge => (u64::MAX, Some("it is too large, so the largest is used")),
        Whole::NotANumber => {
            return Err(Rejected::new(
                number_problem(key, WHAT, word, Whole::<u64>::NotANumber),
                &format!("{key} {word}"),
            ))
        }
    };
    Ok(Command::Clock {
        own: key == "time",
        left: Duration::from_millis(centis.saturating_mul(10)),
        problem: problem.map(|why| {
            Rejected::new(
                format!("{key} needs {WHAT}, not {}: {why}", quote(word)),
                &format!("{key} {word}"),
            )
        }),
    })
}

type Res<'a, T> = IResult<&'a str, T>;

/// Decimal digits with an optional fraction: `30`, `0.5`, `2.`.
fn is_decimal(word: &str) -> bool {
    let (whole, fraction) = word.split_once('.').unwrap_or((word, ""));
    !whole.is_empty() && (whole.bytes().chain(fraction.bytes())).all(|b| b.is_ascii_digit())
}

/// A number of seconds (`st`, the increment of `level`), possibly with a fraction.
fn seconds(word: &str, key: &str) -> Result<Duration, Rejected> {
    let bad = |why: &str| {
        Rejected::new(
            format!("{key} needs a number of seconds, not {}{why}", quote(word)),
            &format!("{key} {word}"),
        )
    };
    if word.strip_prefix('-').is_some_and(is_decimal) {
        return Err(bad(": it is negative"));
    }
    if !is_decimal(word) {
        return Err(bad(""));
    }
    let value: f64 = word.parse().map_err(|_| bad(""))?;
    Duration::try_from_secs_f64(value).map_err(|_| bad(": it is too large"))
}

/// `MIN` or `MIN:SEC`; characters after it are ignored, as CECP asks (a future protocol may
/// append the next period's time there).
fn minutes_and_seconds(input: &str) -> Res<'_, (&str, Option<&str>)> {
    let (input, minutes) = digit1(input)?;
    let (input, seconds) = opt(preceded(tag(":"), digit1)).parse(input)?;
    let (input, _) = rest(input)?;
    Ok((input, (minutes, seconds)))
}

/// `level MPS BASE INC`.
fn level(args: &[&str]) -> Result<Level, Rejected> {
    let line = format!("level {}", args.join(" "));
    let [moves, base, increment] = args else {
        let reason = if args.len() > 3 {
            "too many parameters"
        } else {
            "level needs moves per period, base time and increment"
        };
        return Err(Rejected::new(reason, &line));
    };
    let moves = match whole(moves) {
        Whole::Value(moves) => moves,
        problem => {
            return Err(Rejected::new(
                number_problem("level", "a number of moves", moves, problem),
                &line,
            ))
        }
    };
    let bad_base = |why: &str| {
        Rejected::new(
            format!(
                "level needs a base time in minutes or minutes:seconds, not {}{why}",
                quote(base)
            ),
            &line,
        )
    };
    if base.starts_with('-') {
        return Err(bad_base(": it is negative"));
    }
    let (_, (minutes, secs)) = minutes_and_seconds(base).map_err(|_| bad_base(""))?;
    let minutes: u64 = minutes.parse().map_err(|_| bad_base(": it is too large"))?;
    let secs: u64 = secs
        .map_or(Ok(0), str::parse)
        .map_err(|_| bad_base(": it is too large"))?;
    let base = minutes
        .checked_mul(60)
        .and_then(|s| s.checked_add(secs))
        .map(Duration::from_secs)
        .ok_or_else(|| bad_base(": it is too large"))?;
    let increment = seconds(increment, "level").map_err(|rejected| Rejected {
        reason: rejected
            .reason
            .replace("needs a number of seconds", "needs an increment in seconds"),
        line: printable(&line, 200),
    })?;
    Ok(Level {
        moves,
        base,
        increment,
    })
}

/// `NAME=VALUE` (the value may be empty) or `NAME` alone; names may hold spaces.
fn option(tail: &str) -> Option<Command> {
    let (name, value) = match tail.split_once('=') {
        Some((name, value)) => (name.trim(), Some(value.trim().to_string())),
        None => (tail.trim(), None),
    };
    (!name.is_empty()).then(|| Command::Option {
        name: name.split_ascii_whitespace().collect::<Vec<_>>().join(" "),
        value,
    })
}

#[cfg(test)]
mod tests;
