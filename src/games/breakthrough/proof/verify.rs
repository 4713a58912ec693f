//! Breakthrough's proof checker as the generic layers call it (a
//! [`ProofChecker`](crate::game::proof::ProofChecker)): [`check()`](super::check::check)'s
//! report in words, for `troyka verify-proof`, `troyka solve` on the proof it has just
//! written, and the protocol's `go solve`. A certificate's leaves go out with it, for
//! `crate::solve` to prove again.

use super::check::check;
use crate::game::proof::CheckedProof;
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
    let how = if deep {
        " (patterns confirmed by brute force)"
    } else {
        ""
    };
    let (winner, root) = (report.winner.name(), report.root.to_fen());
    let to_prove = report.leaves_to_prove.len();
    let verdict = if to_prove == 0 {
        format!(
            "proof checked{how}: {winner} wins {root} within {} plies; {} positions, leaves: {}",
            report.depth,
            report.positions,
            leaves.join(", ")
        )
    } else {
        format!(
            "certificate checked{how}: {winner} wins {root}; the top: {} positions within {} \
             plies ({to_prove} of them leaves proved again by the solver, whose plies are not \
             counted), other leaves: {}",
            report.positions,
            report.depth,
            leaves.join(", ")
        )
    };
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
        root,
        winner: report.winner,
        positions: report.positions,
        depth: report.depth,
        verdict,
        notes,
        leaves_to_prove: report.leaves_to_prove,
    })
}
