//! `troyka solve --json FILE`: a solve's result as JSON, for the job-level proof-number
//! search of `cluster/`, whose master keeps the top of the tree and sends positions to
//! workers as jobs with a node budget. A job that proves or disproves its position gives
//! the result (and, with `--proof`, the proof); one that runs out of budget gives the
//! numbers of the root's children, which the master adds to its tree in the root's place.
//! Each child also says how the proof would cite it if the game's end or one of the rules a
//! proof cites (Breakthrough's race patterns) settles it, and the root says which rule
//! covers the moves it does not list (only the defences are children when the enemy
//! threatens to win), so that the master can write the top of the proof in the proof format
//! without knowing the rules.
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
//! infinity); `settled` is `end` or a rule's name when that decides the child. `board` is
//! the game's board size (`null` for a game with one board), `fen` its position string, and
//! positions are written as the game's proofs write them ([`Provable::proof_text`]).
//!
//! A job out of budget throws its tree away but for what it reports, so it also reports the
//! part of the tree it worked on most: an unsolved child on which the search spent at least
//! a [`EXPANDED_SHARE`]th of the job's nodes has `others` and `children` of its own, as the
//! root has, and so on down (each position once, at most [`EXPANDED_DEPTH`] plies below the
//! root). The master then sends its next jobs a few plies deeper at once, to positions small
//! enough to prove, rather than one ply a job.

use super::{Finding, Numbers, Solution, Solver, INFINITY};
use crate::game::proof::{ProofVisitor, Provable, ProvableGame, Verdict};
use crate::game::GameMove;
use std::collections::HashSet;
use std::fmt::Write as _;
use std::path::Path;

/// Writes the JSON report of `solution`, the solve of `game` by `solver`, to `path`;
/// `proof_lines` is the size of the proof written, if any.
pub fn write<G: ProvableGame>(
    path: &Path,
    game: &G,
    solver: &Solver,
    solution: &Solution<G::Move>,
    proof_lines: Option<u64>,
) -> Result<(), String> {
    let result = match solution.outcome {
        Finding::Won { .. } => "won",
        Finding::Lost { .. } => "lost",
        Finding::Unknown => "unknown",
    };
    let root = game.visit_provable(Children);
    let mut text = String::new();
    let _ = write!(
        text,
        "{{\"board\": {}, \"fen\": \"{}\", \"position\": \"{}\", \"side\": \"{}\", \
         \"result\": \"{result}\", {}, \"nodes\": {}, \"seconds\": {:.3}, \
         \"proof_lines\": {}, ",
        quoted(game.board_size().as_deref()),
        game.to_text(),
        root.position,
        game.side_to_move().name(),
        numbers_json(solution.root),
        solution.nodes,
        solution.elapsed.as_secs_f64(),
        proof_lines.map_or("null".into(), |n| n.to_string()),
    );
    let mut expansion = Expansion {
        solver,
        least_work: (solution.nodes / EXPANDED_SHARE).max(1),
        seen: HashSet::from([Solver::key(game)]),
    };
    expansion.write_children(&mut text, game, root, 0);
    text.push_str("}\n");
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

/// A child is reported with its own children when the search spent at least this share of
/// the job's nodes on it: 1/64 lists 26 positions down to 3 plies below a 6x6 position
/// three plies in after 10⁷ nodes (450 children in all), where the bare children are 16.
const EXPANDED_SHARE: u64 = 64;

/// How far below the job's position the report goes.
const EXPANDED_DEPTH: usize = 12;

/// What the report lists of the job's tree: positions with enough work, each once.
struct Expansion<'a> {
    solver: &'a Solver,
    least_work: u64,
    seen: HashSet<u64>,
}

impl Expansion<'_> {
    /// Writes the `"others"` and `"children"` of `game`, `depth` plies below the job's
    /// position, from `root` (what the concrete position knows of itself).
    fn write_children<G: ProvableGame>(
        &mut self,
        text: &mut String,
        game: &G,
        root: Root<G::Move>,
        depth: usize,
    ) {
        let _ = write!(
            text,
            "\"others\": {}, \"children\": [",
            quoted(root.others.as_deref())
        );
        for (index, child) in root.children.into_iter().enumerate() {
            let played = game.play(child.mv);
            let settled = match played.result() {
                Some(_) => Some("end"),
                None => child.rule.as_deref(),
            };
            let numbers = self.solver.numbers(&played);
            let _ = write!(
                text,
                "{}{{\"move\": \"{}\", \"fen\": \"{}\", \"position\": \"{}\", {}, \"settled\": {}",
                if index == 0 { "" } else { ", " },
                game.move_name(child.mv),
                played.to_text(),
                child.position,
                numbers_json(numbers),
                quoted(settled),
            );
            let worth_expanding = settled.is_none()
                && !numbers.is_solved()
                && depth + 1 < EXPANDED_DEPTH
                && self.solver.work(&played) >= self.least_work
                && self.seen.insert(Solver::key(&played));
            if worth_expanding {
                let grandchildren = played.visit_provable(Children);
                text.push_str(", ");
                self.write_children(text, &played, grandchildren, depth + 1);
            }
            text.push('}');
        }
        text.push(']');
    }
}

/// What only the concrete position knows of the root: how proofs write it, its children as
/// the solver sees them (only the defences when the enemy threatens to win), and the rule
/// that settles the moves left out.
struct Root<M> {
    position: String,
    children: Vec<Child<M>>,
    others: Option<String>,
}

/// A child of the root: its move, how proofs write it, and the rule that settles it, if any
/// (the end of the game is found on the game itself).
struct Child<M> {
    mv: M,
    position: String,
    rule: Option<String>,
}

/// [`Root`] of the concrete position.
struct Children;

impl<M: GameMove> ProofVisitor<M> for Children {
    type Output = Root<M>;

    fn visit<P: Provable<Move = M>>(self, position: &P) -> Root<M> {
        let tables = position.tables();
        let (moves, others) = position.moves_to_refute(&tables);
        let child = |mv: M| {
            let child = position.play(mv);
            let verdict = match child.decided() {
                Some(_) => Verdict::Open,
                None => child.verdict(&tables),
            };
            let rule = match verdict {
                Verdict::Won(rule) | Verdict::Lost(rule) => Some(rule.to_string()),
                _ => None,
            };
            Child {
                mv,
                position: child.proof_text(),
                rule,
            }
        };
        Root {
            position: position.proof_text(),
            children: moves.iter().map(|&mv| child(mv)).collect(),
            others: others.map(|rule| rule.to_string()),
        }
    }
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
