//! Certificates, run as the real binary: the top of a proof with leaves (`?N/H` lines) that
//! `troyka verify-proof` proves again with the solver. Every certificate here is made from
//! what the binary itself reports of a position (`troyka solve --json`), not written out.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const START_5X5: &str = "ppppp/ppppp/5/PPPPP/PPPPP w 0 1";
/// White to move wins with b2c3 (`tests/cli.rs`); a proof of a few positions.
const WHITE_WINS: &str = "pp6/8/8/8/8/2p5/1P6/7P w 0 1";

/// Runs the binary; also says whether it left a leaf's proof file behind.
fn troyka(args: &[&str]) -> (Output, bool) {
    let child = Command::new(env!("CARGO_BIN_EXE_troyka"))
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("troyka runs");
    let leftover = format!("troyka-leaf-{}-", child.id());
    let output = child.wait_with_output().unwrap();
    let left = std::fs::read_dir(std::env::temp_dir())
        .unwrap()
        .filter_map(Result::ok)
        .any(|entry| entry.file_name().to_string_lossy().starts_with(&leftover));
    (output, left)
}

/// A fresh directory of this test's own.
fn directory(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("troyka-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `troyka solve --json` on `fen`, stopped at once: the position and its children, as the
/// proof format writes them.
fn describe(dir: &Path, fen: &str) -> Value {
    let path = dir.join("describe.json");
    let path = path.to_str().unwrap();
    let args = [
        "solve", "--fen", fen, "--hash", "4", "--nodes", "1000", "--json", path,
    ];
    let (output, _) = troyka(&args);
    assert!(output.status.success(), "{output:?}");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// A certificate that `winner` wins `report`'s position: `leaves` (one line each, above),
/// then the root's line naming `moves`, each `+`.
fn certificate(report: &Value, winner: &str, leaves: &[String], moves: &[&str]) -> String {
    let cited: Vec<String> = moves.iter().map(|mv| format!("{mv}:+")).collect();
    format!(
        "troyka-proof 2\nboard {}\nroot {}\nwinner {winner}\n{}\n{} {}\nend\n",
        report["board"].as_str().unwrap(),
        report["fen"].as_str().unwrap(),
        leaves.join("\n"),
        report["position"].as_str().unwrap(),
        cited.join(" ")
    )
}

fn children(report: &Value) -> &Vec<Value> {
    report["children"].as_array().unwrap()
}

fn text(report: &Value, key: &str) -> String {
    report[key].as_str().unwrap().to_string()
}

/// `troyka verify-proof` on `content`, written to `dir`: the output, each stream as text.
fn verify(dir: &Path, content: &str, more: &[&str]) -> (Option<i32>, String, String) {
    let path = dir.join("certificate.txt");
    std::fs::write(&path, content).unwrap();
    let (output, left) = troyka(&[&["verify-proof", path.to_str().unwrap()], more].concat());
    assert!(!left, "a leaf's proof file was left behind");
    (
        output.status.code(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

/// The number just after `words` in `text`.
fn number_after(text: &str, words: &str) -> u64 {
    let (_, rest) = text.split_once(words).unwrap_or_else(|| panic!("{text}"));
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().unwrap_or_else(|_| panic!("{text}"))
}

#[test]
fn the_5x5_start_with_every_reply_a_leaf_is_proved_again() {
    let dir = directory("certificate-5x5");
    let report = describe(&dir, START_5X5);
    let replies = children(&report);
    let leaves: Vec<String> = replies
        .iter()
        .map(|child| format!("{} ?3000000/64", text(child, "position")))
        .collect();
    let moves: Vec<&str> = replies
        .iter()
        .map(|c| c["move"].as_str().unwrap())
        .collect();
    let content = certificate(&report, "black", &leaves, &moves);
    let (code, stdout, stderr) = verify(&dir, &content, &["--threads", "2"]);
    assert_eq!(code, Some(0), "{stderr}");
    let expected = format!(
        "certificate checked: black wins {START_5X5}; the top: {} positions within 1 plies ({} \
         of them leaves proved again by the solver, whose plies are not counted), other \
         leaves: end 0, ",
        replies.len() + 1,
        replies.len()
    );
    assert!(stdout.starts_with(&expected), "{stdout}");
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    let proved = format!("{} leaves proved again in ", replies.len());
    assert!(number_after(&stdout, &proved) > 0, "{stdout}");
    // Each leaf's proof has the leaf's line and more.
    let positions = number_after(&stdout, "sub-proofs of ");
    assert!(positions > 2 * replies.len() as u64, "{stdout}");
    let done = format!("leaf {0}/{0} proved again", replies.len());
    assert!(stderr.contains(&done), "{stderr}");

    // Far too few nodes for the first leaf: the certificate fails, naming it.
    let mut starved = leaves.clone();
    starved[0] = format!("{} ?20/64", text(&replies[0], "position"));
    let (code, stdout, stderr) =
        verify(&dir, &certificate(&report, "black", &starved, &moves), &[]);
    assert_eq!(code, Some(2));
    assert!(stdout.is_empty(), "{stdout}");
    let named = format!(
        "the certificate is not valid: line 5: the leaf {}: not proved within 20 nodes",
        text(&replies[0], "fen")
    );
    assert!(stderr.contains(&named), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_leaf_won_by_the_other_side_fails_the_certificate() {
    // White claims the 5x5 start with its first move, whose position black wins.
    let dir = directory("certificate-wrong-side");
    let report = describe(&dir, START_5X5);
    let reply = &children(&report)[0];
    let leaf = format!("{} ?3000000/64", text(reply, "position"));
    let content = certificate(
        &report,
        "white",
        &[leaf],
        &[reply["move"].as_str().unwrap()],
    );
    let (code, stdout, stderr) = verify(&dir, &content, &[]);
    assert_eq!(code, Some(2));
    assert!(stdout.is_empty(), "{stdout}");
    let named = format!(
        "line 5: the leaf {}: the solver proves that black wins it, not white",
        text(reply, "fen")
    );
    assert!(stderr.contains(&named), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `text` with every run of digits as `#`: what the verdict says, whatever the numbers.
fn shape(text: &str) -> String {
    let mut shape = String::new();
    for c in text.chars() {
        if !c.is_ascii_digit() {
            shape.push(c);
        } else if !shape.ends_with('#') {
            shape.push('#');
        }
    }
    shape
}

#[test]
fn a_proofs_verdict_is_unchanged_and_a_certificate_of_it_checks_deep() {
    let dir = directory("certificate-proof");
    let proof = dir.join("proof.txt");
    let proof = proof.to_str().unwrap();
    let (output, _) = troyka(&[
        "solve", "--fen", WHITE_WINS, "--hash", "8", "--proof", proof,
    ]);
    assert!(output.status.success(), "{output:?}");
    let (output, _) = troyka(&["verify-proof", proof]);
    assert!(output.status.success());
    assert!(output.stderr.is_empty(), "{output:?}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    let prefix = format!("proof checked: white wins {WHITE_WINS} within ");
    let rest = stdout
        .strip_prefix(&prefix)
        .unwrap_or_else(|| panic!("{stdout}"));
    assert_eq!(
        shape(rest),
        "# plies; # positions, leaves: end #, win# #, loss# #, win# #, loss# #, win# #; #.# s\n"
    );

    // The same position as a certificate: b2c3's position a leaf, confirmed deep.
    let report = describe(&dir, WHITE_WINS);
    let reply = children(&report)
        .iter()
        .find(|child| child["move"] == "b2c3")
        .unwrap();
    let leaf = format!("{} ?1000000/16", text(reply, "position"));
    let content = certificate(&report, "white", &[leaf], &["b2c3"]);
    let (code, stdout, stderr) = verify(&dir, &content, &["--deep"]);
    assert_eq!(code, Some(0), "{stderr}");
    let expected = format!(
        "certificate checked (patterns confirmed by brute force): white wins {WHITE_WINS}; the \
         top: 2 positions within 1 plies (1 of them leaves proved again"
    );
    assert!(stdout.starts_with(&expected), "{stdout}");
    assert!(stdout.contains("; 1 leaves proved again in "), "{stdout}");
    std::fs::remove_dir_all(&dir).unwrap();
}
