//! Bad input of every kind, and ending the engine: `quit` and end of input.

use crate::harness::{Troyka, PATIENCE};
use std::thread::sleep;
use std::time::{Duration, Instant};

/// The guarantee is 100 ms; the slack covers the load.
const EXIT_PROMPTLY: Duration = Duration::from_millis(2000);

/// Sends raw bytes, then checks that exactly `expected` came back and the engine still works.
fn answers(troyka: &mut Troyka, input: &[u8], expected: &[&str]) {
    troyka.send_bytes(input);
    troyka.send("isready");
    let mut lines = troyka.until(PATIENCE, |line| line == "readyok");
    lines.pop();
    assert_eq!(
        lines.len(),
        expected.len(),
        "{:?}: {lines:#?}",
        String::from_utf8_lossy(&input[..input.len().min(60)])
    );
    for (line, start) in lines.iter().zip(expected) {
        assert!(line.starts_with(start), "{line:?} should start {start:?}");
    }
}

#[test]
fn garbage_gets_an_error_and_changes_nothing() {
    let mut troyka = Troyka::start();
    troyka.ask("position startpos moves a2a3");
    let error = "info string error: ";
    let cases: &[(&[u8], &str)] = &[
        (
            b"hello\n",
            "info string error: unknown command 'hello' (try 'help') (word 1)",
        ),
        (
            b"go depth\n",
            "info string error: 'depth' needs a number of plies",
        ),
        (
            b"go depth five\n",
            "info string error: 'depth' needs a number of plies, not 'five'",
        ),
        (
            b"go fast\n",
            "info string error: 'fast' is not a go parameter (word 2)",
        ),
        (
            b"isready please\n",
            "info string error: unexpected 'please' after 'isready'",
        ),
        (
            b"\x00\x01\x02\n",
            "info string error: unknown command '\\0\\u{1}\\u{2}'",
        ),
        (
            b"\x1b[2J\n",
            "info string error: unknown command '\\u{1b}[2J'",
        ),
        (
            b"\xff\xfe\xfd\n",
            "info string error: line ignored: it is not valid UTF-8 (byte 1)",
        ),
        (
            b"go depth 3 \xc3\n",
            "info string error: line ignored: it is not valid UTF-8 (byte 12)",
        ),
        (b"query\n", "info string error: 'query' needs"),
        (b"position startpos moves\xe2\x80\x83a2a3\n", error),
    ];
    for (input, expected) in cases {
        answers(&mut troyka, input, &[expected]);
    }
    // Nothing moved, and no search started.
    assert_eq!(
        troyka.fen(),
        "pppppppp/pppppppp/8/8/8/P7/1PPPPPPP/PPPPPPPP b 0 1"
    );
    assert!(troyka.collect_for(Duration::from_millis(300)).is_empty());
}

#[test]
fn blank_lines_get_nothing() {
    let mut troyka = Troyka::start();
    answers(&mut troyka, b"\n\n   \n\t\r\n\r\n", &[]);
}

#[test]
fn huge_lines_are_refused_whole() {
    let mut troyka = Troyka::start();
    // A megabyte without a newline until the end: refused without being parsed.
    let mut huge = b"position startpos moves ".to_vec();
    huge.extend(b"a2a3 ".repeat(1 << 18));
    huge.push(b'\n');
    let length = huge.len() - 1;
    answers(
        &mut troyka,
        &huge,
        &[&format!(
            "info string error: line ignored: it has {length} bytes; the limit is 65536"
        )],
    );
    // A long line within the limit is parsed, and the message stays short.
    let mut long = vec![b'x'; 60_000];
    long.push(b'\n');
    troyka.send_bytes(&long);
    let line = troyka.until_prefix("info string error").pop().unwrap();
    assert!(line.len() < 200, "{line}");
    assert_eq!(
        troyka.fen(),
        "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w 0 1"
    );
}

#[test]
fn stop_and_ponderhit_when_idle_do_nothing() {
    let mut troyka = Troyka::start();
    answers(&mut troyka, b"stop\nponderhit\nstop\n", &[]);
    troyka.send("go depth 1");
    troyka.until_prefix("bestmove");
}

#[test]
fn quit_ends_the_process_promptly_even_mid_search() {
    let mut troyka = Troyka::start();
    troyka.send("go infinite");
    troyka.until_prefix("info depth");
    sleep(Duration::from_millis(200));
    let asked = Instant::now();
    troyka.send("quit");
    let status = troyka.wait_exit(EXIT_PROMPTLY);
    assert!(status.is_some_and(|s| s.success()), "{status:?}");
    assert!(asked.elapsed() < EXIT_PROMPTLY);
}

#[test]
fn end_of_input_acts_as_quit() {
    let mut troyka = Troyka::start();
    troyka.send("go infinite");
    troyka.until_prefix("info depth");
    troyka.close_input();
    let status = troyka.wait_exit(EXIT_PROMPTLY);
    assert!(status.is_some_and(|s| s.success()), "{status:?}");

    let mut idle = Troyka::start();
    idle.ask("uci");
    idle.close_input();
    assert!(idle.wait_exit(EXIT_PROMPTLY).is_some());
}

/// End of input cuts only searches short (`quit` stops everything): commands queued before
/// it still get their answers, so a list of commands can be piped in.
#[test]
fn end_of_input_lets_queued_commands_finish() {
    let mut troyka = Troyka::start();
    troyka.send("setoption name Hash value 256");
    troyka.send("isready");
    troyka.send("perft 5");
    troyka.close_input();
    let lines = troyka.until_prefix("Nodes searched");
    assert_eq!(lines[0], "readyok");
    assert_eq!(lines.last().unwrap(), "Nodes searched: 6182818");
    let status = troyka.wait_exit(PATIENCE);
    assert!(status.is_some_and(|s| s.success()), "{status:?}");
}

#[test]
fn negative_and_too_large_numbers_are_named_and_go_still_answers() {
    let mut troyka = Troyka::start();
    troyka.send("go movetime -100");
    let lines = troyka.until_bestmove();
    assert_eq!(
        lines[0],
        "info string error: 'movetime' needs a time in milliseconds, not '-100' (word 3): it \
         is negative, so 0 is used"
    );
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("bestmove")).count(),
        1
    );
    troyka.send("go depth 2 nodes 99999999999999999999999 wtime -5");
    let lines = troyka.until_bestmove();
    assert_eq!(
        lines[..2],
        [
            "info string error: 'nodes' needs a number of nodes, not '99999999999999999999999' \
             (word 5): it is too large, so 18446744073709551615 is used",
            "info string error: 'wtime' needs a time in milliseconds, not '-5' (word 7): it is \
             negative, so 0 is used",
        ]
    );
    // perft is no search: a bad depth is refused.
    assert_eq!(
        troyka.ask("perft -1"),
        ["info string error: 'perft' needs a depth, not '-1': it is negative (word 2)"]
    );
    assert_eq!(
        troyka.ask("setoption name Hash value 99999999999999999999"),
        ["info string error: option Hash must be from 1 to 65536, not 99999999999999999999"]
    );
}

/// Files that would block or never end are refused before they are opened: a FIFO (opening
/// it waits for a writer), `/dev/zero` (endless), `/dev/stdin` (the protocol's own input).
#[test]
fn option_files_that_would_hang_are_refused() {
    let mut troyka = Troyka::start();
    let dir = std::env::temp_dir().join(format!("troyka-fifo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    let fifo = fifo.to_str().unwrap();
    let mut paths = vec!["/dev/zero", "/dev/stdin", "/"];
    if made.is_ok_and(|status| status.success()) {
        paths.push(fifo);
    }
    for path in paths {
        for option in ["EvalFile", "Debug Log File"] {
            let answer = troyka.ask(&format!("setoption name {option} value {path}"));
            assert_eq!(answer.len(), 1, "{option} {path}: {answer:#?}");
            assert!(answer[0].starts_with("info string error: "), "{answer:#?}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    troyka.send("go depth 2");
    troyka.until_bestmove();
}
