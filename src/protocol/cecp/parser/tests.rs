use super::*;

fn ok(line: &str) -> Command {
    match parse(line) {
        Ok(Some(command)) => command,
        other => panic!("{line:?} gave {other:?}"),
    }
}

fn error(line: &str) -> String {
    match parse(line) {
        Err(rejected) => rejected.text(),
        other => panic!("{line:?} should be rejected, gave {other:?}"),
    }
}

#[test]
fn other_spaces_are_part_of_words() {
    // Found by the protocol fuzzer: a line beginning with U+3000 once made the parser
    // panic.
    let rejected = parse("\u{3000}go").unwrap_err();
    assert!(
        rejected.text().starts_with("Error (unknown command)"),
        "{}",
        rejected.text()
    );
    assert!(parse("\u{3000}").is_err());
}

#[test]
fn simple_commands_in_any_case() {
    let cases = [
        ("xboard", Command::XBoard),
        ("new", Command::New),
        ("QUIT", Command::Quit),
        ("force", Command::Force),
        ("go", Command::Go),
        ("playother", Command::PlayOther),
        ("?", Command::MoveNow),
        ("draw", Command::Draw),
        ("hint", Command::Hint),
        ("undo", Command::Undo),
        ("remove", Command::Remove),
        ("hard", Command::Ponder(true)),
        ("easy", Command::Ponder(false)),
        ("post", Command::Post(true)),
        ("nopost", Command::Post(false)),
        ("analyze", Command::Analyze),
        ("exit", Command::Exit),
        (".", Command::Status),
        ("random", Command::Random),
        ("computer", Command::Computer),
        ("name Fairy-Stockfish 14", Command::Notice),
        ("rating 2600 1500", Command::Notice),
        ("  protover  2 ", Command::Protover(2)),
        ("ping 17", Command::Ping(17)),
        ("sd 12", Command::Sd(12)),
        ("memory 128", Command::Memory(128)),
        ("cores 2", Command::Cores(2)),
    ];
    for (line, command) in cases {
        assert_eq!(ok(line), command, "{line:?}");
    }
    assert_eq!(parse(" \t"), Ok(None));
}

#[test]
fn moves_with_and_without_usermove() {
    assert_eq!(ok("usermove e2e3"), Command::UserMove("e2e3".into()));
    assert_eq!(ok("b7a8"), Command::UserMove("b7a8".into()));
    // XBoard's ranks past 9 on a board of 11 or more ranks.
    assert_eq!(ok("a:b;"), Command::UserMove("a:b;".into()));
    assert_eq!(error("usermove"), "Error (usermove needs a move): usermove");
    assert_eq!(
        error("usermove a2a3 b2b3"),
        "Error (too many parameters): usermove a2a3 b2b3"
    );
}

#[test]
fn features_variants_positions_and_results_keep_their_text() {
    assert_eq!(
        ok("accepted setboard"),
        Command::Feature {
            accepted: true,
            name: "setboard".into()
        }
    );
    assert_eq!(
        ok("variant 7x7+0_breakthrough"),
        Command::Variant("7x7+0_breakthrough".into())
    );
    assert_eq!(
        ok("setboard ppp/3/3/PPP w - - 0 1"),
        Command::SetBoard("ppp/3/3/PPP w - - 0 1".into())
    );
    assert_eq!(
        ok("result 1-0 {White reaches the goal}"),
        Command::Result("1-0 {White reaches the goal}".into())
    );
    assert_eq!(
        error("setboard"),
        "Error (setboard needs a position string): setboard"
    );
}

#[test]
fn options_have_names_with_spaces_and_maybe_values() {
    assert_eq!(
        ok("option Move Overhead=50"),
        Command::Option {
            name: "Move Overhead".into(),
            value: Some("50".into())
        }
    );
    assert_eq!(
        ok("option Clear Hash"),
        Command::Option {
            name: "Clear Hash".into(),
            value: None
        }
    );
    assert_eq!(
        ok("option Debug Log File="),
        Command::Option {
            name: "Debug Log File".into(),
            value: Some(String::new())
        }
    );
    assert_eq!(
        error("option =3"),
        "Error (option needs NAME=VALUE): option =3"
    );
}

#[test]
fn time_controls() {
    let level = |moves, base, inc| {
        Command::Level(Level {
            moves,
            base: Duration::from_secs(base),
            increment: Duration::from_millis(inc),
        })
    };
    assert_eq!(ok("level 40 5 0"), level(40, 300, 0));
    assert_eq!(ok("level 0 2 12"), level(0, 120, 12_000));
    assert_eq!(ok("level 40 0:30 0"), level(40, 30, 0));
    assert_eq!(ok("level 0 1:05 0.5"), level(0, 65, 500));
    // Characters after the base time are ignored, as CECP asks.
    assert_eq!(ok("level 40 25+5 0"), level(40, 1500, 0));
    assert_eq!(ok("st 30"), Command::St(Duration::from_secs(30)));
    assert_eq!(ok("st 0.25"), Command::St(Duration::from_millis(250)));
    assert_eq!(
        ok("time 1234"),
        Command::Clock {
            own: true,
            left: Duration::from_millis(12_340),
            problem: None
        }
    );
    assert_eq!(
        ok("otim 5"),
        Command::Clock {
            own: false,
            left: Duration::from_millis(50),
            problem: None
        }
    );
}

#[test]
fn negative_clocks_count_as_zero_and_say_so() {
    assert_eq!(
        ok("time -250"),
        Command::Clock {
            own: true,
            left: Duration::ZERO,
            problem: Some(Rejected::new(
                "time needs a time in centiseconds, not '-250': it is negative, so 0 is used",
                "time -250"
            ))
        }
    );
}

#[test]
fn bad_numbers_are_named() {
    let cases = [
        ("sd", "Error (sd needs a number of plies): sd"),
        ("sd x", "Error (sd needs a number of plies, not 'x'): sd x"),
        (
            "sd -3",
            "Error (sd needs a number of plies, not '-3': it is negative): sd -3",
        ),
        (
            "sd 99999999999",
            "Error (sd needs a number of plies, not '99999999999': it is too large): \
             sd 99999999999",
        ),
        ("sd 3 4", "Error (too many parameters): sd 3 4"),
        (
            "st -1",
            "Error (st needs a number of seconds, not '-1': it is negative): st -1",
        ),
        (
            "st 1e400",
            "Error (st needs a number of seconds, not '1e400'): st 1e400",
        ),
        (
            "level 40 -5 0",
            "Error (level needs a base time in minutes or minutes:seconds, not '-5': it is \
             negative): level 40 -5 0",
        ),
        (
            "level -1 5 0",
            "Error (level needs a number of moves, not '-1': it is negative): level -1 5 0",
        ),
        (
            "level 40 5 -2",
            "Error (level needs an increment in seconds, not '-2': it is negative): \
             level 40 5 -2",
        ),
        (
            "level 40 5",
            "Error (level needs moves per period, base time and increment): level 40 5",
        ),
        (
            "memory -64",
            "Error (memory needs a number of megabytes, not '-64': it is negative): \
             memory -64",
        ),
        (
            "ping 1.5",
            "Error (ping needs a number, not '1.5'): ping 1.5",
        ),
        (
            "time many",
            "Error (time needs a time in centiseconds, not 'many'): time many",
        ),
    ];
    for (line, message) in cases {
        assert_eq!(error(line), message, "{line:?}");
    }
}

#[test]
fn unknown_commands_and_extra_words() {
    assert_eq!(error("hello"), "Error (unknown command): hello");
    assert_eq!(error("edit"), "Error (unknown command): edit");
    assert_eq!(error("new game"), "Error (too many parameters): new game");
    assert_eq!(
        error("x\u{1b}[31m"),
        "Error (unknown command): x\\u{1b}[31m"
    );
}
