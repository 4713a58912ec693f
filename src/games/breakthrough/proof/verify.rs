//! Breakthrough's proof checker as the generic layers call it (a
//! [`ProofChecker`](crate::game::ProofChecker)): [`check()`](super::check::check)'s report in
//! words, for `troyka verify-proof`, `troyka solve` on the proof it has just written, and
//! the protocol's `go solve`.

use super::check::check;
use crate::game::CheckedProof;
use std::io::BufRead;

/// Checks a proof read from `input` (`deep`: every pattern confirmed by brute force too).
pub fn verify(input: &mut dyn BufRead, deep: bool) -> Result<CheckedProof, String> {
    let report = check(input, deep)?;
    let leaves: Vec<String> = std::iter::once(format!("end {}", report.ends))
        .chain(
            report
                .leaves
                .iter()
                .map(|(pattern, count)| format!("{pattern} {count}")),
        )
        .collect();
    let verdict = format!(
        "proof checked{}: {} wins {} within {} plies; {} positions, leaves: {}",
        if deep {
            " (patterns confirmed by brute force)"
        } else {
            ""
        },
        report.winner.name(),
        report.root.to_fen(),
        report.depth,
        report.positions,
        leaves.join(", ")
    );
    let mut notes = Vec::new();
    if report.unused_lines > 0 {
        notes.push(format!("{} lines are never used", report.unused_lines));
    }
    if report.repeated_lines > 0 {
        notes.push(format!(
            "{} lines prove a position proved further up again",
            report.repeated_lines
        ));
    }
    Ok(CheckedProof {
        positions: report.positions,
        depth: report.depth,
        verdict,
        notes,
    })
}
