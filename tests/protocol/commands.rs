//! Handshakes, positions, queries, options, perft and the commands for people.

use crate::harness::Troyka;

const START_FEN: &str = "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w 0 1";

#[test]
fn uci_handshake_names_the_engine_and_every_option() {
    let mut troyka = Troyka::start();
    troyka.send("uci");
    let lines = troyka.until_prefix("uciok");
    assert!(lines[0].starts_with("id name Troyka "), "{lines:?}");
    assert!(lines[1].starts_with("id author "), "{lines:?}");
    for option in [
        "option name Hash type spin default 64 min 1 max 65536",
        "option name Threads type spin default 1 min 1 max 256",
        "option name Move Overhead type spin default 30",
        "option name MultiPV type spin default 1 min 1 max 256",
        "option name Ponder type check default false",
        "option name BoardSize type string default 8x8",
        "option name UCI_Variant type combo default breakthrough var breakthrough var \
         breakthrough5 var breakthrough6 var breakthrough7",
        "option name Clear Hash type button",
        "option name Debug Log File type string",
        "option name EvalFile type string default <empty>",
        "option name Use NNUE type check default true",
        "option name Setup type combo default search var search var random var standard",
    ] {
        assert!(
            lines.iter().any(|line| line.starts_with(option)),
            "missing {option:?} in {lines:#?}"
        );
    }
    assert_eq!(lines.last().unwrap(), "uciok");
    assert_eq!(lines.len(), 15);
}

#[test]
fn ugi_handshake_ends_with_ugiok() {
    let mut troyka = Troyka::start();
    troyka.send("ugi");
    let lines = troyka.until(crate::harness::PATIENCE, |line| line.ends_with("ok"));
    assert!(lines[0].starts_with("id name Troyka "));
    assert_eq!(lines.last().unwrap(), "ugiok");
    assert_eq!(troyka.ask("uginewgame"), Vec::<String>::new());
}

#[test]
fn positions_are_set_from_startpos_or_fen_with_moves() {
    let mut troyka = Troyka::start();
    assert_eq!(troyka.fen(), START_FEN);
    assert!(troyka
        .ask("position startpos moves a2a3 h7-h6 A3B4")
        .is_empty());
    assert_eq!(
        troyka.fen(),
        "pppppppp/ppppppp1/7p/8/1P6/8/1PPPPPPP/PPPPPPPP b 0 1"
    );
    assert!(troyka
        .ask("position fen ppp/3/3/PPP b 0 1 moves a4b3")
        .is_empty());
    assert_eq!(troyka.fen(), "1pp/1p1/3/PPP w 0 1");
}

#[test]
fn a_bad_position_names_the_bad_word_and_changes_nothing() {
    let mut troyka = Troyka::start();
    troyka.ask("position startpos moves a2a3");
    let before = troyka.fen();
    let cases = [
        (
            "position startpos moves b2b3 h7h6 b3b5",
            "info string error: position unchanged: move 3 (word 6): 'b3b5' is not a legal move",
        ),
        (
            "position startpos moves b2b3 nonsense",
            "info string error: position unchanged: move 2 (word 5): 'nonsense' is not a move",
        ),
        (
            "position fen pppppppp/ppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w moves a2a3",
            "info string error: position unchanged: bad position string \
             'pppppppp/ppppppp/8/8/8/8…' (word 3): ragged ranks",
        ),
        (
            "position fen 3/3/3 w",
            "info string error: position unchanged: bad position string '3/3/3 w' (word 3): \
             board has 3 rows",
        ),
        (
            "position fen P7/8/8/8/8/8/8/8 b moves h8h7",
            "info string error: position unchanged: move 1 (word 6): 'h8h7' cannot be played: \
             the game is over",
        ),
        (
            "position middle",
            "info string error: 'position' needs 'startpos' or 'fen', not 'middle' (word 2)",
        ),
    ];
    for (command, error) in cases {
        let answer = troyka.ask(command);
        assert_eq!(answer.len(), 1, "{command}: {answer:?}");
        assert!(answer[0].starts_with(error), "{command}: {answer:?}");
        assert_eq!(troyka.fen(), before, "{command}");
    }
}

#[test]
fn queries_answer_for_player_one_as_white() {
    let mut troyka = Troyka::start();
    let answers = |troyka: &mut Troyka| {
        ["p1turn", "gameover", "result"].map(|query| troyka.ask(&format!("query {query}")))
    };
    let expect = |a: [&str; 3]| a.map(|answer| vec![format!("response {answer}")]);
    assert_eq!(answers(&mut troyka), expect(["true", "false", "none"]));
    troyka.ask("position startpos moves a2a3");
    assert_eq!(answers(&mut troyka), expect(["false", "false", "none"]));
    troyka.ask("position fen 7p/P7/8/8/8/8/8/8 w moves a7a8");
    assert_eq!(answers(&mut troyka), expect(["false", "true", "p1win"]));
    troyka.ask("position fen 8/8/8/8/8/8/8/p7 w");
    assert_eq!(answers(&mut troyka), expect(["true", "true", "p2win"]));
}

#[test]
fn board_size_and_variant_options_set_the_start_position() {
    let mut troyka = Troyka::start();
    assert!(troyka.ask("setoption name BoardSize value 6x5").is_empty());
    assert_eq!(troyka.fen(), "pppppp/pppppp/6/PPPPPP/PPPPPP w 0 1");
    troyka.ask("position startpos moves a2a3");
    assert_eq!(troyka.fen(), "pppppp/pppppp/P5/1PPPPP/PPPPPP b 0 1");
    for (variant, fen) in [
        ("breakthrough5", "ppppp/ppppp/5/PPPPP/PPPPP w 0 1"),
        ("breakthrough6", "pppppp/pppppp/6/6/PPPPPP/PPPPPP w 0 1"),
        (
            "breakthrough7",
            "ppppppp/ppppppp/7/7/7/PPPPPPP/PPPPPPP w 0 1",
        ),
        ("breakthrough", START_FEN),
    ] {
        let name = "UCI_Variant";
        assert!(troyka
            .ask(&format!("setoption name {name} value {variant}"))
            .is_empty());
        troyka.ask("position startpos");
        assert_eq!(troyka.fen(), fen, "{variant}");
    }
}

#[test]
fn bad_option_values_are_refused_and_change_nothing() {
    let mut troyka = Troyka::start();
    let cases = [
        (
            "setoption name Hash value 0",
            "option Hash must be from 1 to 65536, not 0",
        ),
        (
            "setoption name Hash value 65537",
            "option Hash must be from 1",
        ),
        (
            "setoption name Hash value lots",
            "option Hash needs a whole number, not 'lots'",
        ),
        ("setoption name Hash", "option Hash needs a value"),
        (
            "setoption name Threads value 257",
            "option Threads must be from 1 to 256",
        ),
        (
            "setoption name Move Overhead value -1",
            "option Move Overhead must be from 0",
        ),
        (
            "setoption name MultiPV value 0",
            "option MultiPV must be from 1 to 256",
        ),
        (
            "setoption name Ponder value maybe",
            "option Ponder needs true or false",
        ),
        (
            "setoption name BoardSize value 1x1",
            "option BoardSize: board has 1 columns",
        ),
        (
            "setoption name BoardSize value 17x8",
            "option BoardSize: board has 17 columns",
        ),
        (
            "setoption name UCI_Variant value chess",
            "option UCI_Variant must be one of",
        ),
        (
            "setoption name Contempt value 10",
            "unknown option 'Contempt'",
        ),
        ("setoption value 3", "'setoption' needs 'name', not 'value'"),
    ];
    for (command, error) in cases {
        let answer = troyka.ask(command);
        assert_eq!(answer.len(), 1, "{command}: {answer:?}");
        assert!(
            answer[0].starts_with(&format!("info string error: {error}")),
            "{command}: {answer:?}"
        );
    }
    assert_eq!(troyka.fen(), START_FEN);
    // MultiPV is still 1: one line per depth.
    troyka.send("go depth 3");
    let lines = troyka.until_bestmove();
    assert!(lines.iter().all(|line| !line.contains("multipv 2")));
    // Valid values are accepted silently, names in any case.
    for command in [
        "setoption name hash value 2",
        "setoption name THREADS value 2",
        "setoption name move overhead value 100",
        "setoption name Ponder value true",
        "setoption name Clear Hash",
    ] {
        assert!(troyka.ask(command).is_empty(), "{command}");
    }
}

#[test]
fn new_game_returns_to_the_start_of_the_current_board() {
    let mut troyka = Troyka::start();
    troyka.ask("setoption name BoardSize value 5x5");
    troyka.ask("position startpos moves a2a3");
    assert!(troyka.ask("ucinewgame").is_empty());
    assert_eq!(troyka.fen(), "ppppp/ppppp/5/PPPPP/PPPPP w 0 1");
}

/// `go perft N` on several boards: per-move lines that add up, then the reference total.
#[test]
fn go_perft_divides_and_totals_on_several_boards() {
    let mut troyka = Troyka::start();
    for (size, depth, moves, total) in [
        ("8x8", 3, 22, 11132),
        ("5x5", 4, 13, 23084),
        ("6x6", 3, 16, 4308),
        ("10x10", 2, 28, 784),
        ("3x4", 5, 4, 2422),
    ] {
        troyka.ask(&format!("setoption name BoardSize value {size}"));
        let lines = troyka.ask(&format!("go perft {depth}"));
        assert_eq!(lines.len(), moves + 1, "{size}: {lines:#?}");
        let sum: u64 = lines[..moves]
            .iter()
            .map(|line| {
                let (mv, count) = line.split_once(": ").expect("move: count");
                assert!(mv.len() >= 4, "{line}");
                count.parse::<u64>().expect("a count")
            })
            .sum();
        assert_eq!(sum, total, "{size}");
        assert_eq!(lines[moves], format!("Nodes searched: {total}"), "{size}");
    }
    // The short form, and depth 0 (the position itself).
    troyka.ask("setoption name BoardSize value 8x8");
    assert_eq!(troyka.ask("perft 2").last().unwrap(), "Nodes searched: 484");
    assert_eq!(troyka.ask("perft 0"), ["Nodes searched: 1"]);
}

#[test]
fn display_eval_and_help_are_for_people() {
    let mut troyka = Troyka::start();
    let board = troyka.ask("d");
    assert_eq!(board[0], " 8 p p p p p p p p");
    assert_eq!(board[8], "   a b c d e f g h");
    for line in [
        format!("Fen: {START_FEN}"),
        "Board: 8x8".into(),
        "Side to move: white".into(),
        "Game: in progress".into(),
    ] {
        assert!(board.contains(&line), "{line} in {board:#?}");
    }
    assert!(board.iter().any(|line| line.starts_with("Key: ")));

    let eval = troyka.ask("eval");
    assert!(eval[0].starts_with("term"));
    assert!(eval.iter().any(|line| line.starts_with("pieces by rank")));
    let cp_line = |prefix: &str| {
        let line = eval.iter().find(|line| line.starts_with(prefix));
        let line = line.unwrap_or_else(|| panic!("no '{prefix}' line in {eval:#?}"));
        let rest = line[prefix.len()..].split_once(" cp for white");
        let (cp, parts) = rest.unwrap_or_else(|| panic!("{line}"));
        (cp.parse::<i32>().unwrap(), parts.to_string())
    };
    let (linear, _) = cp_line("Linear evaluation: ");
    // The built-in 8x8 network corrects the linear evaluation.
    let (total, parts) = cp_line("NNUE evaluation (built-in 8x8 network): ");
    assert_eq!(
        parts,
        format!(" (linear {linear} + network {})", total - linear)
    );
    assert_eq!(eval.last().unwrap(), "The search uses the NNUE evaluation.");

    let help = troyka.ask("help");
    for command in ["uci", "position", "go", "stop", "query", "perft", "bench"] {
        assert!(
            help.iter().any(|line| line.contains(command)),
            "help mentions {command}"
        );
    }
}

#[test]
fn debug_log_file_copies_the_traffic() {
    let path = std::env::temp_dir().join(format!("troyka-log-{}.txt", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let mut troyka = Troyka::start();
    let set = format!("setoption name Debug Log File value {}", path.display());
    assert!(troyka.ask(&set).is_empty());
    troyka.ask("query p1turn");
    troyka.ask("setoption name Debug Log File value <empty>");
    troyka.ask("query gameover");
    let log = std::fs::read_to_string(&path).expect("the log file was written");
    let _ = std::fs::remove_file(&path);
    for line in [
        ">> query p1turn",
        "<< response true",
        ">> isready",
        "<< readyok",
    ] {
        assert!(log.lines().any(|l| l == line), "{line:?} in {log:?}");
    }
    assert!(!log.contains("gameover"), "logging stopped: {log:?}");

    let answer = troyka.ask("setoption name Debug Log File value /nonexistent/dir/log.txt");
    assert!(
        answer[0].starts_with("info string error: cannot open debug log file"),
        "{answer:?}"
    );
}
