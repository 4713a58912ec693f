//! The command-line tools, run as the real binary.

use std::process::{Command, Output};

fn troyka(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_troyka"))
        .args(args)
        .output()
        .expect("troyka runs")
}

#[test]
fn help_anywhere_prints_the_usage_and_succeeds() {
    for args in [
        &["--help"][..],
        &["help"],
        &["datagen", "--help"],
        &["perft", "-h"],
    ] {
        let output = troyka(args);
        assert!(output.status.success(), "{args:?}");
        let text = String::from_utf8(output.stdout).unwrap();
        assert!(text.starts_with("usage: troyka"), "{args:?}: {text}");
        assert!(text.contains("--random-plies"), "{args:?}");
    }
}

#[test]
fn bad_arguments_are_named_on_stderr_with_exit_code_2() {
    let cases: [(&[&str], &str); 4] = [
        (&["perft", "x"], "error: bad perft depth 'x'"),
        (&["perft", "2", "--size", "1x1"], "error: "),
        (&["datagen", "--games"], "error: --games needs a value"),
        (&["frobnicate"], "error: unknown command 'frobnicate'"),
    ];
    for (args, expected) in cases {
        let output = troyka(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.starts_with(expected), "{args:?}: {stderr}");
    }
}

#[test]
fn perft_counts_from_the_command_line() {
    let output = troyka(&["perft", "3", "--size", "7x7"]);
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    // 7x7 perft 3, from the reference tables.
    assert_eq!(text.trim(), "Nodes searched: 7220");
}
