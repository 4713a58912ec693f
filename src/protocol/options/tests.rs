use super::*;
use crate::games::breakthrough::BoardSize;

#[test]
fn announces_every_option_with_its_default() {
    let lines: Vec<String> = announcements().take(OPTIONS.len()).collect();
    assert_eq!(
        lines,
        [
            "option name Hash type spin default 64 min 1 max 65536",
            "option name Threads type spin default 1 min 1 max 256",
            "option name Move Overhead type spin default 30 min 0 max 5000",
            "option name MultiPV type spin default 1 min 1 max 256",
            "option name Ponder type check default false",
            "option name BoardSize type string default 8x8",
            "option name UCI_Variant type combo default breakthrough var breakthrough \
             var breakthrough5 var breakthrough6 var breakthrough7 var breakthru var relay",
            "option name Clear Hash type button",
            "option name Debug Log File type string default <empty>",
            "option name EvalFile type string default <empty>",
            "option name Use NNUE type check default true",
            "option name Setup type combo default search var search var random var standard",
        ]
    );
}

#[test]
fn the_search_parameters_are_options_only_in_the_tune_build() {
    let extra: Vec<String> = announcements().skip(OPTIONS.len()).collect();
    if !cfg!(feature = "tune") {
        assert_eq!(extra, Vec::<String>::new());
        assert!(read("rfp_margin", Some("90")).is_err());
        return;
    }
    let tunables = crate::search::params::TUNABLES;
    assert_eq!(extra.len(), tunables.len());
    assert_eq!(
        extra[0],
        "option name rfp_margin type spin default 90 min 20 max 250"
    );
    #[cfg(feature = "tune")]
    {
        assert_eq!(read("RFP_Margin", Some("120")), Ok(Setting::Tune(0, 120)));
        assert!(read("rfp_margin", Some("10")).is_err());
        assert!(defaults().any(|setting| setting == Setting::Tune(0, 90)));
    }
}

#[test]
fn defaults_are_valid_settings() {
    let standard = Setting::Variant(Variant::default());
    // The tune build's search parameters follow (tested with them).
    let buttons = 1;
    assert_eq!(
        defaults().take(OPTIONS.len() - buttons).collect::<Vec<_>>(),
        [
            Setting::Hash(64),
            Setting::Threads(1),
            Setting::MoveOverhead(Duration::from_millis(30)),
            Setting::MultiPv(1),
            Setting::Ponder(false),
            standard.clone(),
            standard,
            Setting::DebugLogFile(String::new()),
            Setting::EvalFile(None),
            Setting::UseNnue(true),
            Setting::Setup(Planning::Search),
        ]
    );
}

#[test]
fn reads_valid_values_case_insensitively() {
    assert_eq!(read("hash", Some("128")), Ok(Setting::Hash(128)));
    assert_eq!(read("THREADS", Some("4")), Ok(Setting::Threads(4)));
    assert_eq!(
        read("move overhead", Some("0")),
        Ok(Setting::MoveOverhead(Duration::ZERO))
    );
    assert_eq!(read("MultiPV", Some("256")), Ok(Setting::MultiPv(256)));
    assert_eq!(read("Ponder", Some("TRUE")), Ok(Setting::Ponder(true)));
    assert_eq!(
        read("BoardSize", Some("6x5")),
        Ok(Setting::Variant(Variant::Breakthrough(
            BoardSize::new(6, 5).unwrap()
        )))
    );
    assert_eq!(read("Clear Hash", None), Ok(Setting::ClearHash));
    assert_eq!(
        read("Debug Log File", Some("/tmp/x.log")),
        Ok(Setting::DebugLogFile("/tmp/x.log".into()))
    );
    assert_eq!(
        read("Debug Log File", Some("<empty>")),
        Ok(Setting::DebugLogFile(String::new()))
    );
    assert_eq!(
        read("Debug Log File", None),
        Ok(Setting::DebugLogFile(String::new()))
    );
}

#[test]
fn variants_have_fairy_stockfish_boards() {
    for (variant, side) in [
        ("breakthrough", 8),
        ("breakthrough5", 5),
        ("Breakthrough6", 6),
        ("breakthrough7", 7),
    ] {
        assert_eq!(
            read("UCI_Variant", Some(variant)),
            Ok(Setting::Variant(Variant::Breakthrough(
                BoardSize::new(side, side).unwrap()
            ))),
            "{variant}"
        );
    }
    assert_eq!(
        read("UCI_Variant", Some("Relay")),
        Ok(Setting::Variant(Variant::Relay))
    );
}

#[test]
fn rejects_bad_values_with_reasons() {
    let cases = [
        (
            "Hash",
            Some("0"),
            "option Hash must be from 1 to 65536, not 0",
        ),
        (
            "Hash",
            Some("65537"),
            "option Hash must be from 1 to 65536, not 65537",
        ),
        (
            "Hash",
            Some("big"),
            "option Hash needs a whole number, not 'big'",
        ),
        (
            "Hash",
            None,
            "option Hash needs a value: a whole number from 1 to 65536",
        ),
        (
            "Threads",
            Some("-1"),
            "option Threads must be from 1 to 256, not -1",
        ),
        (
            "MultiPV",
            Some("1.5"),
            "option MultiPV needs a whole number, not '1.5'",
        ),
        (
            "Ponder",
            Some("yes"),
            "option Ponder needs true or false, not 'yes'",
        ),
        (
            "UCI_Variant",
            Some("chess"),
            "option UCI_Variant must be one of breakthrough, breakthrough5, \
             breakthrough6, breakthrough7, breakthru, relay, not 'chess'",
        ),
        (
            "BoardSize",
            Some("1x1"),
            "option BoardSize: board has 1 columns; it must have 2 to 16",
        ),
        (
            "BoardSize",
            Some("big"),
            "option BoardSize: 'big' is not a board size (expected CxR, e.g. 8x8)",
        ),
        (
            "Style",
            Some("wild"),
            "unknown option 'Style' ('uci' lists the options)",
        ),
    ];
    for (name, value, message) in cases {
        assert_eq!(
            read(name, value),
            Err(message.to_string()),
            "{name} {value:?}"
        );
    }
}
