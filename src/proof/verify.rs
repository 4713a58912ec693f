//! `troyka verify-proof`, also run by `troyka solve` on the proof it has just written:
//! checks a proof file and prints the checker's verdict on stdout.

use std::path::Path;
use std::time::Instant;

/// Checks the proof at `path` (`deep`: every pattern confirmed by brute force too) and
/// prints what it proves; an invalid proof is an error.
pub fn verify_file(path: &Path, deep: bool) -> Result<(), String> {
    let started = Instant::now();
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let report = super::check::check(std::io::BufReader::new(file), deep)
        .map_err(|e| format!("{}: the proof is not valid: {e}", path.display()))?;
    let leaves: Vec<String> = std::iter::once(format!("end {}", report.ends))
        .chain(
            report
                .leaves
                .iter()
                .map(|(pattern, count)| format!("{} {count}", pattern.name())),
        )
        .collect();
    println!(
        "proof checked{}: {} wins {} within {} plies; {} positions, leaves: {}; {:.1} s",
        if deep {
            " (patterns confirmed by brute force)"
        } else {
            ""
        },
        report.winner.name(),
        report.root.to_fen(),
        report.depth,
        report.positions,
        leaves.join(", "),
        started.elapsed().as_secs_f64()
    );
    if report.unused_lines > 0 {
        println!("note: {} lines are never used", report.unused_lines);
    }
    if report.repeated_lines > 0 {
        println!(
            "note: {} lines prove a position proved further up again",
            report.repeated_lines
        );
    }
    Ok(())
}
