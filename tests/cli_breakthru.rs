//! The training tools on Breakthru, run as the real binary: `datagen --variant breakthru`
//! writes data that `features --variant breakthru` and `train --variant breakthru` read,
//! the net trained plays the next games (`--eval`), from the setup phase too (`--fen`), and
//! the combinations that make no sense (a board size, another game's net, Relay) are refused
//! with a message saying why.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn troyka(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_troyka"))
        .args(args)
        .output()
        .expect("troyka runs")
}

/// A fresh directory of this test's own.
fn directory(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("troyka-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn refused(args: &[&str], expected: &str) {
    let output = troyka(args);
    assert_eq!(output.status.code(), Some(2), "{args:?}");
    assert!(output.stdout.is_empty(), "{args:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains(expected), "{args:?}: {stderr}");
}

fn generate(data: &Path, games: &str) -> Output {
    troyka(&[
        "datagen",
        "--variant",
        "breakthru",
        "--out",
        data.to_str().unwrap(),
        "--games",
        games,
        "--nodes",
        "300",
        "--threads",
        "1",
    ])
}

#[test]
fn breakthru_data_becomes_feature_lines() {
    let dir = directory("cli-breakthru-data");
    let data = dir.join("data.bin");
    let output = generate(&data, "3");
    assert!(output.status.success(), "{output:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("datagen breakthru 11x11: 3/3 games"),
        "{stderr}"
    );
    // The header, then records of 37 position bytes and 3 label bytes.
    let bytes = std::fs::metadata(&data).unwrap().len();
    assert!(
        bytes > 16 && (bytes - 16).is_multiple_of(40),
        "{bytes} bytes"
    );

    let path = data.to_str().unwrap();
    let output = troyka(&["features", "--variant", "breakthru", path]);
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.lines().count() > 0, "no quiet position in three games");
    for line in text.lines() {
        let fields: Vec<&str> = line.split(' ').collect();
        assert!(["0", "0.5", "1"].contains(&fields[0]), "{line}");
        assert_eq!(fields.len(), 19, "{line}");
    }

    // The file is Breakthru's: Breakthrough's tools refuse it.
    refused(&["features", path], "not a breakthrough data file");
    refused(
        &["train", "--out", "never.nnue", path],
        "not a breakthrough data file",
    );
    assert!(!Path::new("never.nnue").exists());

    // A Breakthru net, trained on it, names its game: Breakthru's datagen plays with it,
    // Breakthrough's refuses it.
    let net = dir.join("breakthru.nnue");
    let net = net.to_str().unwrap();
    let args = [
        "train",
        "--variant",
        "breakthru",
        "--epochs",
        "1",
        "--threads",
        "1",
    ];
    let output = troyka(&[&args[..], &["--residual", "yes", "--out", net, path]].concat());
    assert!(output.status.success(), "{output:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("train breakthru 11x11: "), "{stderr}");
    let more = dir.join("more.bin");
    let setup = "11/11/11/11/11/5F5/11/11/11/11/11[EEEEEEEEEEEEssssssssssssssssssss] g 0 1";
    let output = troyka(&[
        "datagen",
        "--variant",
        "breakthru",
        "--eval",
        net,
        "--fen",
        setup,
        "--random-plies",
        "33",
        "--games",
        "2",
        "--nodes",
        "300",
        "--threads",
        "1",
        "--out",
        more.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{output:?}");
    let out = dir.join("never.bin");
    let out = out.to_str().unwrap();
    refused(
        &["datagen", "--size", "6x6", "--eval", net, "--out", out],
        "--eval: the network is for Breakthru, the games are Breakthrough 6x6",
    );
    assert!(!Path::new(out).exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn combinations_without_sense_are_refused() {
    let dir = directory("cli-breakthru-refused");
    let out = dir.join("never.bin");
    let out = out.to_str().unwrap();
    let datagen =
        |extra: &[&'static str]| [&["datagen", "--out", out, "--games", "1"], extra].concat();
    refused(
        &datagen(&["--variant", "breakthru", "--size", "6x6"]),
        "'--variant <NAME>' cannot be used with '--size <CxR>'",
    );
    refused(
        &datagen(&["--variant", "breakthru", "--fen", "8/8/8/8/8/8/8/8 w"]),
        "a position has 11",
    );
    refused(
        &datagen(&["--variant", "relay"]),
        "relay has no evaluation to learn",
    );
    refused(
        &["features", "--variant", "relay", out],
        "relay has no evaluation to learn",
    );
    refused(&datagen(&["--variant", "chess"]), "unknown variant");
    assert!(!Path::new(out).exists(), "nothing ran");
    // A Breakthrough file is not appended to with Breakthru's games.
    let breakthrough = dir.join("breakthrough.bin");
    let args = ["datagen", "--out", breakthrough.to_str().unwrap()];
    let made = troyka(
        &[
            &args[..],
            &["--size", "5x5", "--games", "1", "--nodes", "200"],
        ]
        .concat(),
    );
    assert!(made.status.success(), "{made:?}");
    let output = generate(&breakthrough, "1");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("not a breakthru data file"), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}
