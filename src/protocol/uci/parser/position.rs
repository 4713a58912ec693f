//! `position startpos|fen <string> [moves <m1> <m2> ...]`: the position string and the
//! moves are kept as words with their numbers, to be checked against the rules when the
//! command is acted on.

use super::words::{failure, first_word, keyword, needs, token, word_number, words, Res, Word};
use super::Command;
use crate::protocol::output::quote;
use nom::branch::alt;
use nom::combinator::{map, opt, recognize, value, verify};
use nom::multi::{many0, many1};
use nom::sequence::preceded;
use nom::Parser;

#[derive(Clone, Debug, PartialEq)]
pub enum PositionBase {
    StartPos,
    /// The position string (its words as written); `index` is its first word.
    Fen(Word),
}

/// `position startpos|fen <string> [moves m1 m2 ...]`.
pub(super) fn position<'a>(line: &'a str, input: &'a str) -> Res<'a, Command> {
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

#[cfg(test)]
mod tests {
    use super::super::tests::{error, ok, word};
    use super::*;

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
