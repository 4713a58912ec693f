//! `troyka solve --json FILE`: a solve's result as JSON, for the job-level proof-number
//! search of `cluster/`, whose master keeps the top of the tree and sends positions to
//! workers as jobs with a node budget. A job that proves or disproves its position gives
//! the result (and, with `--proof`, the proof); one that runs out of budget gives the
//! numbers of the root's children, which the master adds to its tree in the root's place.
//! Each child also says how the proof would cite it if the game's end or a race pattern
//! settles it, and the root says which pattern covers the moves it does not list (only the
//! defences are children when the enemy threatens to win), so that the master can write
//! the top of the proof in the proof format without knowing the rules.
//!
//! ```text
//! {"board": "5x5", "fen": "...", "position": "w00003ff.1ff8000", "side": "white",
//!  "result": "unknown", "pn": 12, "dn": 40, "nodes": 100000, "seconds": 0.12,
//!  "proof_lines": null, "others": null,
//!  "children": [{"move": "a2a3", "fen": "...", "position": "b...", "pn": 3, "dn": 7,
//!                "settled": null}, ...]}
//! ```
//!
//! `result` is for the side to move: `won`, `lost` or `unknown`. A child's `pn` and `dn`
//! are its proof and disproof numbers for its own side to move (`null` stands for
//! infinity); `settled` is `end` or a pattern's name when that decides the child.
//! Positions are written as in proofs ([`crate::proof::position_text`]).

use super::{Finding, Numbers, Solution, Solver, INFINITY};
use crate::game::proof::{Provable, Verdict};
use crate::game::Position as _;
use crate::games::breakthrough::{Breakthrough, Move, Pattern};
use crate::proof::position_text;
use std::fmt::Write as _;
use std::path::Path;

/// Writes the JSON report of `solution`, the solve of `game` by `solver`, to `path`;
/// `proof_lines` is the size of the proof written, if any.
pub fn write(
    path: &Path,
    game: &Breakthrough,
    solver: &Solver,
    solution: &Solution<Move>,
    proof_lines: Option<u64>,
) -> Result<(), String> {
    let result = match solution.outcome {
        Finding::Won { .. } => "won",
        Finding::Lost { .. } => "lost",
        Finding::Unknown => "unknown",
    };
    let (moves, others) = children(game);
    let mut text = String::new();
    let _ = write!(
        text,
        "{{\"board\": \"{}\", \"fen\": \"{}\", \"position\": \"{}\", \"side\": \"{}\", \
         \"result\": \"{result}\", {}, \"nodes\": {}, \"seconds\": {:.3}, \
         \"proof_lines\": {}, \"others\": {}, \"children\": [",
        game.size(),
        game.to_fen(),
        text_of(game),
        game.side_to_move().name(),
        numbers_json(solution.root),
        solution.nodes,
        solution.elapsed.as_secs_f64(),
        proof_lines.map_or("null".into(), |n| n.to_string()),
        quoted(others.map(Pattern::name)),
    );
    for (index, (mv, settled)) in moves.into_iter().enumerate() {
        let child = game.play(mv);
        let _ = write!(
            text,
            "{}{{\"move\": \"{}\", \"fen\": \"{}\", \"position\": \"{}\", {}, \"settled\": {}}}",
            if index == 0 { "" } else { ", " },
            game.move_name(mv),
            child.to_fen(),
            text_of(&child),
            numbers_json(solver.numbers(&child)),
            quoted(settled),
        );
    }
    text.push_str("]}\n");
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

/// The root's children as the solver sees them (only the defences when the enemy
/// threatens to win), each with `end` or the pattern that settles it, if any; and the
/// pattern that settles the moves left out.
fn children(game: &Breakthrough) -> (Vec<(Move, Option<&'static str>)>, Option<Pattern>) {
    crate::with_position!(game, position => {
        let tables = position.tables();
        let (moves, others) = position.moves_to_refute(&tables);
        let settled = |mv: Move| {
            let child = position.play(mv);
            if child.winner().is_some() {
                return Some("end");
            }
            match child.verdict(&tables) {
                Verdict::Won(rule) | Verdict::Lost(rule) => Some(rule.name()),
                _ => None,
            }
        };
        (moves.iter().map(|&mv| (mv, settled(mv))).collect(), others)
    })
}

fn text_of(game: &Breakthrough) -> String {
    crate::with_position!(game, position => position_text(position))
}

/// `"pn": N, "dn": N`, with `null` for infinity.
fn numbers_json(numbers: Numbers) -> String {
    let number = |n: u32| match n {
        INFINITY => "null".to_string(),
        n => n.to_string(),
    };
    format!(
        "\"pn\": {}, \"dn\": {}",
        number(numbers.phi),
        number(numbers.delta)
    )
}

/// A name in quotes, or `null`. Names here are plain words, with nothing to escape.
fn quoted(name: Option<&str>) -> String {
    name.map_or("null".into(), |name| format!("\"{name}\""))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Settings;
    use std::sync::atomic::AtomicBool;

    fn report(fen: &str, nodes: u64) -> String {
        let game = Breakthrough::from_fen(fen).unwrap();
        let solver = Solver::new(Settings {
            hash_megabytes: 4,
            nodes: Some(nodes),
            ..Settings::default()
        });
        let solution = solver.solve(&game, &AtomicBool::new(false), &mut |_| {});
        let path = std::env::temp_dir().join(format!("troyka-job-{}.json", std::process::id()));
        write(&path, &game, &solver, &solution, None).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::remove_file(&path).unwrap();
        text
    }

    #[test]
    fn an_unsolved_job_lists_the_children_with_their_numbers() {
        let text = report("ppppp/ppppp/5/PPPPP/PPPPP w 0 1", 2000);
        assert!(text.starts_with(
            "{\"board\": \"5x5\", \"fen\": \"ppppp/ppppp/5/PPPPP/PPPPP w 0 1\", \
             \"position\": \"w00003ff.1ff8000\", \"side\": \"white\", \"result\": \"unknown\""
        ));
        assert!(text.contains(
            "\"proof_lines\": null, \"others\": null, \"children\": [{\"move\": \"b2a3\""
        ));
        // White's 13 first moves (mirror images are different moves), none settled.
        assert_eq!(text.matches("\"move\"").count(), 13);
        assert_eq!(text.matches("\"settled\": null").count(), 13);
        assert!(text.ends_with("]}\n"));
    }

    #[test]
    fn settled_children_and_the_defences_are_named() {
        // Black threatens c2-c1: only the captures of its runner defend, every other move
        // leaves a position black wins with a step to the goal, and either capture takes
        // black's last piece.
        let text = report("5/5/5/2p2/1P1P1 w 0 1", 1000);
        assert!(
            text.contains("\"result\": \"won\", \"pn\": 0, \"dn\": null"),
            "{text}"
        );
        assert!(text.contains("\"others\": \"win1\""), "{text}");
        assert_eq!(text.matches("\"move\"").count(), 2, "{text}");
        assert_eq!(
            text.matches("\"pn\": null, \"dn\": 0, \"settled\": \"end\"")
                .count(),
            2
        );
    }
}
