//! The bench node count is the search's signature: a deterministic function of the search
//! and evaluation. This test pins it, so that a change of search behaviour cannot land
//! unnoticed; a commit that changes it updates `SIGNATURE` and says `Bench: <nodes>` in its
//! message.

/// Breakthrough's signature (`troyka bench`).
const SIGNATURE: u64 = 9100467;

#[test]
fn bench_signature_is_recorded() {
    let mut last = String::new();
    let signals = troyka::search::Signals::default();
    let nodes = troyka::bench::run::<troyka::games::breakthrough::Breakthrough>(
        &mut |line| last = line.to_string(),
        &signals,
    )
    .expect("nothing stops the bench");
    assert!(last.starts_with(&format!("{nodes} nodes ")), "{last}");
    assert_eq!(
        nodes, SIGNATURE,
        "the bench signature changed: set SIGNATURE to {nodes} and end the commit message \
         with 'Bench: {nodes}'"
    );
}

/// Breakthru's signature: its bench positions searched the same way.
const BREAKTHRU_SIGNATURE: u64 = 1966572;

#[test]
fn breakthru_bench_signature_is_recorded() {
    let signals = troyka::search::Signals::default();
    let nodes =
        troyka::bench::run::<troyka::games::breakthru::BreakthruGame>(&mut |_| {}, &signals)
            .expect("nothing stops the bench");
    assert_eq!(
        nodes, BREAKTHRU_SIGNATURE,
        "Breakthru's bench signature changed: set BREAKTHRU_SIGNATURE to {nodes} and end the \
         commit message with 'Bench (breakthru): {nodes}'"
    );
}
