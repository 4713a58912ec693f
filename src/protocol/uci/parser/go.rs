//! `go`'s parameters: the clocks (by UCI's and UGI's names), the limits, `searchmoves`,
//! `solve`, and `go perft N`. A number out of range for its parameter is replaced by the
//! nearest one in range and the correction kept in [`Go`], so that the search still runs.

use super::words::{
    clamped, failure, first_word, keyword, millis, needs, note, number, token, words, Clamped,
    Problem, Res, Word,
};
use super::Command;
use crate::game::Color;
use crate::protocol::output::quote;
use nom::branch::alt;
use nom::combinator::{map, verify};
use nom::multi::{many0, many1};
use nom::sequence::preceded;
use nom::Parser;
use std::time::Duration;

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
pub(super) fn go<'a>(line: &'a str, input: &'a str) -> Res<'a, Command> {
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

#[cfg(test)]
mod tests {
    use super::super::tests::{error, ok, word};
    use super::*;

    fn ms(ms: u64) -> Option<Duration> {
        Some(Duration::from_millis(ms))
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
}
