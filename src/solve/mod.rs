//! The solver: proves who wins a position, with a depth-first proof-number search over a
//! table of proof and disproof numbers ([`dfpn`], [`table`]) that ends lines early with the
//! [race patterns](crate::rules::race), and writes the proof for the independent checker
//! in [`crate::proof`] ([`extract`]). It shares only the rules, the race patterns and the
//! evaluation (for move ordering) with the alpha-beta search.

mod checkpoint;
mod dfpn;
mod extract;
mod table;

pub use checkpoint::Totals;
pub use dfpn::Progress;
pub use table::{Numbers, INFINITY};

use crate::rules::{Bitboard, Color, Game, Move, MoveList, Position};
use crate::with_position;
use dfpn::{Control, Dfpn};
use std::io::Write;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use table::Table;

/// How to solve.
#[derive(Clone, Debug)]
pub struct Settings {
    pub hash_megabytes: usize,
    /// Stop after this long.
    pub time: Option<Duration>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Find every winning move at the winner's first turn, not just one.
    pub all: bool,
    /// How often to report progress.
    pub report_every: Duration,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            hash_megabytes: 256,
            time: None,
            nodes: None,
            all: false,
            report_every: Duration::from_secs(5),
        }
    }
}

/// What the solver found out about the root.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// The side to move wins with these moves (all of them with `all`, else one).
    Won { moves: Vec<Move> },
    /// The side to move loses: each of its moves, with the winning replies (all of them
    /// with `all`, else one).
    Lost { replies: Vec<(Move, Vec<Move>)> },
    /// Not solved (stopped first).
    Unknown,
}

/// The result of a solve.
#[derive(Clone, Debug)]
pub struct Solution {
    pub outcome: Outcome,
    /// The root's numbers when the search ended.
    pub root: Numbers,
    pub nodes: u64,
    pub elapsed: Duration,
    /// Whether the search was stopped (by time, nodes or the stop flag) before it finished
    /// what it set out to do.
    pub stopped: bool,
}

impl Solution {
    /// The winner, once solved.
    pub fn winner(&self, side_to_move: Color) -> Option<Color> {
        match self.outcome {
            Outcome::Won { .. } => Some(side_to_move),
            Outcome::Lost { .. } => Some(side_to_move.opponent()),
            Outcome::Unknown => None,
        }
    }
}

/// The solver: its table persists between calls (a proof is written from it after a solve).
pub struct Solver {
    table: Table,
    settings: Settings,
}

impl Solver {
    pub fn new(settings: Settings) -> Solver {
        Solver {
            table: Table::new(settings.hash_megabytes),
            settings,
        }
    }

    /// Saves the table to `path`, as the state of the solve of `game` after `totals`.
    pub fn save_checkpoint(&self, game: &Game, totals: Totals, path: &Path) -> Result<(), String> {
        checkpoint::save(&self.table, game, totals, path)
    }

    /// Loads a checkpoint of the solve of `game` saved by [`Solver::save_checkpoint`];
    /// returns what the solve had cost.
    pub fn load_checkpoint(&self, game: &Game, path: &Path) -> Result<Totals, String> {
        checkpoint::load(&self.table, game, path)
    }

    /// The move the table likes best at the root of `game` (which must have a move): the
    /// smallest disproof number of the position it leads to, the most work among equals (so
    /// a lost position resists longest).
    pub fn most_promising(&self, game: &Game) -> Move {
        let moves = game.legal_moves();
        let rank = |&mv: &Move| {
            let child = game.play(mv);
            match self.table.probe(child.hash()) {
                _ if child.winner().is_some() => (0, u8::MAX),
                Some((numbers, work)) => (numbers.delta, u8::MAX - work),
                None => (INFINITY - 1, u8::MAX),
            }
        };
        moves
            .iter()
            .min_by_key(|mv| rank(mv))
            .copied()
            .unwrap_or(Move::NULL)
    }

    /// Permille of the table in use.
    pub fn permille_full(&self) -> u32 {
        self.table.permille_full()
    }

    /// Solves `game` (whose game must not be over) until it is solved or `stop` is set, or a
    /// limit is reached, calling `report` every few seconds.
    pub fn solve(
        &self,
        game: &Game,
        stop: &AtomicBool,
        report: &mut dyn FnMut(&Progress),
    ) -> Solution {
        let start = Instant::now();
        let control = Control {
            stop,
            deadline: self.settings.time.map(|t| start + t),
            node_limit: self.settings.nodes,
            report_every: self.settings.report_every,
            start,
        };
        with_position!(game, root => {
            let mut dfpn = Dfpn::new(root, &self.table, &control, report);
            let (outcome, numbers) = solve_root(&mut dfpn, root, self.settings.all);
            Solution {
                outcome,
                root: numbers,
                nodes: dfpn.nodes(),
                elapsed: start.elapsed(),
                stopped: dfpn.stopped(),
            }
        })
    }

    /// Writes the proof that `winner` wins `game` (solved by [`Solver::solve`]), with
    /// `root_moves` as the winner's moves at the root when it is the winner's turn. Subtrees
    /// the table has forgotten are solved again. Returns the number of positions written.
    pub fn write_proof(
        &self,
        game: &Game,
        winner: Color,
        root_moves: &[Move],
        stop: &AtomicBool,
        out: &mut dyn Write,
    ) -> Result<u64, String> {
        let start = Instant::now();
        let control = Control {
            stop,
            deadline: None,
            node_limit: None,
            report_every: Duration::MAX,
            start,
        };
        let mut quiet = |_: &Progress| {};
        with_position!(game, root => {
            let mut dfpn = Dfpn::new(root, &self.table, &control, &mut quiet);
            extract::write_proof(&mut dfpn, game, root, winner, root_moves, out)
        })
    }
}

/// Solves the root, then finds its winning moves (or, when it is lost, the winning replies
/// to each move).
fn solve_root<B: Bitboard>(
    dfpn: &mut Dfpn<'_, B>,
    root: &Position<B>,
    all: bool,
) -> (Outcome, Numbers) {
    let numbers = match dfpn.known(root) {
        Some(numbers) if numbers.is_solved() => numbers,
        _ => dfpn.solve(root),
    };
    let outcome = if numbers == Numbers::WON {
        match winning_moves(dfpn, root, all) {
            Some(moves) => Outcome::Won { moves },
            None => Outcome::Unknown,
        }
    } else if numbers == Numbers::LOST {
        let mut replies = Vec::new();
        let mut moves = MoveList::new();
        root.generate(&mut moves);
        for &mv in moves.iter() {
            let child = root.play(mv);
            if child.decided().is_some() {
                continue;
            }
            match winning_moves(dfpn, &child, all) {
                Some(answers) => replies.push((mv, answers)),
                None => return (Outcome::Unknown, numbers),
            }
        }
        Outcome::Lost { replies }
    } else {
        Outcome::Unknown
    };
    (outcome, numbers)
}

/// The winning moves of a position won for its side to move: the first found, or with
/// `all` every one. Children the table does not know are solved. `None` if stopped first.
fn winning_moves<B: Bitboard>(
    dfpn: &mut Dfpn<'_, B>,
    position: &Position<B>,
    all: bool,
) -> Option<Vec<Move>> {
    let mut moves = MoveList::new();
    dfpn.candidate_moves(position, &mut moves);
    let mut winning = Vec::new();
    let mut unknown = Vec::new();
    for &mv in moves.iter() {
        match dfpn.known(&position.play(mv)) {
            Some(numbers) if numbers == Numbers::LOST => winning.push(mv),
            Some(numbers) if numbers == Numbers::WON => {}
            _ => unknown.push(mv),
        }
    }
    if !all && !winning.is_empty() {
        winning.truncate(1);
        return Some(winning);
    }
    for mv in unknown {
        let child = position.play(mv);
        let numbers = dfpn.solve(&child);
        if dfpn.stopped() {
            return None;
        }
        if numbers == Numbers::LOST {
            winning.push(mv);
            if !all {
                break;
            }
        }
    }
    winning.sort();
    (!winning.is_empty()).then_some(winning)
}
