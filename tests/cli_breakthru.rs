//! The training tools on Breakthru, run as the real binary: `datagen --variant breakthru`
//! writes data that `features --variant breakthru` reads, and the combinations that make no
//! sense (a board size, a network, Relay) are refused with a message saying why.

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

    // The file is Breakthru's: Breakthrough's tools refuse it, and no network is trained
    // for Breakthru.
    refused(&["features", path], "not a breakthrough data file");
    let net = dir.join("never.nnue");
    let net = net.to_str().unwrap();
    refused(
        &["train", "--variant", "breakthru", "--out", net, path],
        "the engine has no network for breakthru",
    );
    assert!(!Path::new(net).exists());
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
        &datagen(&["--variant", "breakthru", "--eval", "linear"]),
        "--eval chooses among Breakthrough's evaluations",
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
