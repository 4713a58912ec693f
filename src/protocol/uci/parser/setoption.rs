//! `setoption name <words> [value <text>]`: option names may have spaces, values may be
//! any text.

use super::words::{keyword, needs, token, Res};
use super::Command;
use nom::combinator::{opt, recognize, rest, verify};
use nom::multi::many1;
use nom::sequence::preceded;
use nom::Parser;

/// `setoption name <words> [value <text>]`.
pub(super) fn setoption(input: &str) -> Res<'_, Command> {
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

#[cfg(test)]
mod tests {
    use super::super::tests::{error, ok};
    use super::*;

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
}
