//! `scripts/jm-breakthru`, the adapter through which `troyka-match` plays the Python program
//! jm-glowienke/Breakthru: its own copy of the rules, its square translations and its `go`
//! time limits, checked by its `--self-test` without the program's checkout (which the tests
//! cannot fetch).

use std::process::Command;

#[test]
fn the_jm_breakthru_adapter_passes_its_self_test() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/jm-breakthru");
    let run = Command::new("python3")
        .args([script, "--self-test"])
        .output()
        .expect("python3 (3.9 or later) is needed to test scripts/jm-breakthru");
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "{stderr}");
    assert!(stderr.contains("self-test passed"), "{stderr}");
    assert!(
        run.stdout.is_empty(),
        "only protocol lines may go to stdout"
    );
}
