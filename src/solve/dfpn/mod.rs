//! Depth-first proof-number search (df-pn, Nagai 2002) in negamax form, with the 1+ε
//! threshold trick of Pawlewicz and Lew (2007).
//!
//! Every position carries [`Numbers`] for its side to move: `phi`, the proof number, is the
//! least of its children's `delta`s (one refuted child proves a win), and `delta` is the sum
//! of the children's `phi`s (every child must be proved). The search descends into the
//! child with the smallest `delta` while the position's numbers stay under its thresholds;
//! the child's `delta` threshold is the second-smallest `delta` times 1+ε, so the search
//! stays in one subtree a little longer than plain df-pn and re-expands far less.
//!
//! The table has no cycle handling: the game must have no repetitions (in Breakthrough
//! every move advances a piece). Wins and losses are all it proves, so a game that can be
//! drawn is refused ([`Position::CAN_DRAW`]). Children that the game's exact rules for the
//! solver ([`Position::solver_exact`]: Breakthrough's race patterns) or the end of the game
//! decide are solved on sight and never searched; when the enemy threatens to win, only the
//! defences are children, and a child left only defences takes its numbers from the positions
//! after them, a child in which every defence loses by the rules being lost on sight
//! ([`Dfpn::forced_numbers`]). A new child starts with numbers from the game's
//! evaluation (the search's [`Evaluation`], told of each ply along the line so that a
//! network updates incrementally; which one, the settings say) and its number of moves
//! (df-pn+; see [`first`]), which is how the evaluation orders the moves: on the
//! Breakthrough tuning set (the 5x5 start and two 6x5 positions after one move each) the
//! linear evaluation saves a third of the nodes over numbers of 1. Those numbers are
//! multiplied by a factor that shrinks with depth (deep df-pn), so that the search goes
//! deeper before it widens. The numbers a child is first given, by the rules or the
//! evaluation, stay in the table where it has room that nothing searched needs
//! ([`Table::store_first`]), so that when the search comes back to a position its
//! children are not classified and evaluated again. Where the same side moves again (a turn
//! of several plies), a child's numbers are turned around ([`Numbers::for_parent`]).

mod first;

use super::parallel::Shared;
use super::symmetry::{self, canonical};
use super::table::{decode_work, encode_work, Numbers, Table, FIRST_NUMBERS, INFINITY};
use crate::eval::EvalChoice;
use crate::game::{Evaluation, Exact, MoveList, Position};
use first::deeper_first;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Nodes between looks at the clock and the stop flag.
const CHECK_EVERY: u64 = 1024;

/// When to stop, and how often to say how it goes.
pub struct Control<'a> {
    pub stop: &'a AtomicBool,
    pub deadline: Option<Instant>,
    /// Stop after this many nodes (of this search).
    pub node_limit: Option<u64>,
    pub report_every: Duration,
    /// When the solve started, for reports.
    pub start: Instant,
}

/// A progress report: how far the search has come.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    pub nodes: u64,
    pub elapsed: Duration,
    pub root: Numbers,
    pub permille_full: u32,
}

/// A child of a position being searched.
#[derive(Clone, Copy)]
struct Child<M> {
    mv: M,
    /// The table key (see [`super::symmetry`]).
    key: u64,
    /// The hash of the child's mirror image.
    mirrored: u64,
    /// As the parent combines them (see [`Numbers::for_parent`]).
    numbers: Numbers,
    /// Solved by the game's rules or its end, not by the table: never looked up.
    settled: bool,
    /// Whether the side to move is the parent's (see [`same_side`]).
    same_side: bool,
}

/// One df-pn search over a shared table.
pub struct Dfpn<'a, P: Position> {
    table: &'a Table,
    /// The game's tables for the root's board: its exact rules and mirror.
    tables: P::Tables,
    /// Which evaluation starts the numbers, and that evaluation along the current line (ply
    /// 0 is the position [`Dfpn::solve`] was given).
    choice: &'a EvalChoice,
    evaluation: P::Evaluation,
    control: &'a Control<'a>,
    nodes: u64,
    stopped: bool,
    /// The children of every position on the current line, each position's after its
    /// parent's.
    children: Vec<Child<P::Move>>,
    /// How deep the current position is below the root of `solve`.
    ply: usize,
    /// For each position on the current line, from the root: where its children are in
    /// `children`, and the one being searched. Progress reports read the root's numbers
    /// from it, for a position's numbers are stored only when its search returns: the
    /// table's may be minutes old.
    line: Vec<Frame>,
    last_report: Instant,
    report: &'a mut dyn FnMut(&Progress),
    /// With several threads: this thread's number and what the threads share.
    shared: Option<(usize, &'a Shared)>,
}

/// A position on the current line: its children, and the one being searched.
#[derive(Clone, Copy)]
struct Frame {
    children: (usize, usize),
    searched: Option<usize>,
}

/// Thresholds: the search of a position returns once `phi` or `delta` reaches its own.
#[derive(Clone, Copy, Debug)]
struct Thresholds {
    phi: u32,
    delta: u32,
}

impl Thresholds {
    /// A child's thresholds, from those its parent set in its own terms (the inverse of
    /// [`Numbers::for_parent`]).
    fn for_child(self, same_side: bool) -> Thresholds {
        if same_side {
            Thresholds {
                phi: self.delta,
                delta: self.phi,
            }
        } else {
            self
        }
    }
}

/// Whether `child`, a position after a move in `parent`, has the same side to move: never
/// in a game whose plies alternate, where this is false at compile time.
#[inline]
pub fn same_side<P: Position>(parent: &P, child: &P) -> bool {
    !P::ALTERNATES && parent.side_to_move() == child.side_to_move()
}

impl<'a, P: Position> Dfpn<'a, P> {
    pub fn new(
        root: &P,
        table: &'a Table,
        choice: &'a EvalChoice,
        control: &'a Control<'a>,
        report: &'a mut dyn FnMut(&Progress),
    ) -> Dfpn<'a, P> {
        const {
            assert!(
                !P::CAN_DRAW,
                "the solver proves wins and losses only: it cannot solve a game with draws"
            )
        };
        Dfpn {
            table,
            tables: root.tables(),
            choice,
            evaluation: P::Evaluation::new(root, choice),
            control,
            nodes: 0,
            stopped: false,
            children: Vec::with_capacity(4096),
            ply: 0,
            line: Vec::with_capacity(256),
            last_report: Instant::now(),
            report,
            shared: None,
        }
    }

    /// Makes this search thread `thread` of a parallel solve.
    pub fn in_parallel(mut self, thread: usize, shared: &'a Shared) -> Self {
        self.shared = Some((thread, shared));
        self
    }

    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// The game's tables for the root's board.
    pub fn tables(&self) -> &P::Tables {
        &self.tables
    }

    /// The table key of `position`.
    pub fn key(&self, position: &P) -> u64 {
        symmetry::key(position, &self.tables)
    }

    /// Searches `position` (whose game is not over and no rule decides) until it is
    /// solved or the search is stopped; returns its numbers.
    pub fn solve(&mut self, position: &P) -> Numbers {
        let infinite = Thresholds {
            phi: INFINITY,
            delta: INFINITY,
        };
        let mirrored = position.mirror_hash(&self.tables);
        self.evaluation = P::Evaluation::new(position, self.choice);
        self.mid(position, self.key(position), mirrored, infinite)
    }

    /// Makes the table forget what it proved of `position`, so that [`Dfpn::solve`]
    /// searches it again rather than answering from the table.
    pub fn forget(&self, position: &P) {
        let fresh = Numbers { phi: 1, delta: 1 };
        self.table.store(self.key(position), fresh, encode_work(1));
    }

    /// What is known about `position` without searching it: the end of the game, the
    /// game's rules, or the table.
    pub fn known(&self, position: &P) -> Option<Numbers> {
        self.settled(position).or_else(|| {
            self.table
                .probe_searched(self.key(position))
                .map(|(n, _)| n)
        })
    }

    /// The numbers the search would start from at `position`: [`Dfpn::known`]'s, else
    /// the first numbers a new position gets ([`Dfpn::fresh_numbers`]).
    pub fn current(&self, position: &P) -> Numbers {
        match self.classify(position) {
            Ok(numbers) => numbers,
            Err(open) => self.lookup(position).map_or_else(
                || self.fresh_numbers(position, open),
                |(numbers, _)| numbers,
            ),
        }
    }

    /// What the table holds for `position` if it was searched: its numbers and the work
    /// they took.
    pub fn lookup(&self, position: &P) -> Option<(Numbers, u64)> {
        self.table
            .probe_searched(self.key(position))
            .map(|(numbers, work)| (numbers, decode_work(work)))
    }

    /// What the table holds for a child of the current position: the numbers it was
    /// searched to, or those the game's end or its rules gave it (then settled: `true`), or
    /// its first numbers weighed at its depth.
    #[inline]
    fn child_entry(&self, key: u64) -> Option<(Numbers, bool)> {
        self.table.probe(key).map(|(numbers, work)| match work {
            FIRST_NUMBERS if numbers.is_solved() => (numbers, true),
            FIRST_NUMBERS => (deeper_first(numbers, self.ply + 1), false),
            _ => (numbers, false),
        })
    }

    /// The numbers of a position the game's end or its rules decide.
    fn settled(&self, position: &P) -> Option<Numbers> {
        self.classify(position).ok()
    }

    /// The moves worth searching: only the defences when the enemy threatens to win.
    pub fn candidate_moves(&self, position: &P, moves: &mut MoveList<P::Move>) {
        match position.solver_exact(&self.tables) {
            Exact::Forced(defences) => defences.as_ref().iter().for_each(|&m| moves.push(m)),
            _ => position.generate(moves),
        }
    }

    fn count_node(&mut self) {
        self.nodes += 1;
        if self
            .control
            .node_limit
            .is_some_and(|limit| self.nodes >= limit)
        {
            self.stopped = true;
        }
        if self.nodes.is_multiple_of(CHECK_EVERY) {
            let control = self.control;
            if control.stop.load(Ordering::Relaxed)
                || control.deadline.is_some_and(|d| Instant::now() >= d)
            {
                self.stopped = true;
            }
            let mut nodes = self.nodes;
            if let Some((thread, shared)) = self.shared {
                shared.publish_nodes(thread, self.nodes);
                nodes = shared.total_nodes();
                if shared.done.load(Ordering::Relaxed) {
                    self.stopped = true;
                }
            }
            if self.last_report.elapsed() >= control.report_every {
                self.last_report = Instant::now();
                let progress = Progress {
                    nodes,
                    elapsed: control.start.elapsed(),
                    root: self.root_numbers(),
                    permille_full: self.table.permille_full(),
                };
                (self.report)(&progress);
            }
        }
    }

    /// The root's numbers as the latest numbers of the children along the current line
    /// give them, from the deepest position up.
    fn root_numbers(&self) -> Numbers {
        let mut below: Option<Numbers> = None;
        for frame in self.line.iter().rev() {
            let (first, last) = frame.children;
            let children = self.children[first..last].iter().enumerate();
            below = Some(from_children(children.map(|(index, child)| match below {
                Some(numbers) if frame.searched == Some(first + index) => {
                    numbers.for_parent(child.same_side)
                }
                _ => child.numbers,
            })));
        }
        below.unwrap_or(Numbers { phi: 1, delta: 1 })
    }

    /// The multiple-iterative-deepening step of df-pn: searches `position` until its
    /// numbers reach the thresholds, and stores them.
    /// `key` is the position's table key, `mirrored` the hash of its mirror image.
    fn mid(&mut self, position: &P, key: u64, mirrored: u64, thresholds: Thresholds) -> Numbers {
        self.count_node();
        let start_nodes = self.nodes;
        let earlier_work = self.table.probe(key).map_or(0, |(_, w)| decode_work(w));
        if let Some((thread, shared)) = self.shared {
            shared.enter(thread, self.ply, key);
        }
        let first = self.children.len();
        self.expand(position, mirrored);
        let last = self.children.len();
        self.line.push(Frame {
            children: (first, last),
            searched: None,
        });
        let mut searched = None;
        let numbers = loop {
            let summary = self.summarize(first..last, searched, thresholds.phi);
            let numbers = summary.numbers;
            if numbers.phi >= thresholds.phi || numbers.delta >= thresholds.delta || self.stopped {
                break numbers;
            }
            let best = self.children[summary.best];
            let child_thresholds = Thresholds {
                phi: if thresholds.delta == INFINITY {
                    INFINITY
                } else {
                    thresholds.delta - numbers.delta + best.numbers.phi
                },
                delta: thresholds.phi.min(widen(summary.second_delta)),
            };
            let child = position.play(best.mv);
            self.line[self.ply].searched = Some(summary.best);
            self.ply += 1;
            self.evaluation.push_move(position, best.mv, self.ply);
            let result = self.mid(
                &child,
                best.key,
                best.mirrored,
                child_thresholds.for_child(best.same_side),
            );
            self.ply -= 1;
            self.children[summary.best].numbers = result.for_parent(best.same_side);
            searched = Some(summary.best);
        };
        self.children.truncate(first);
        self.line.pop();
        if let Some((thread, shared)) = self.shared {
            shared.leave(thread, self.ply);
        }
        let work = earlier_work + (self.nodes - start_nodes) + 1;
        self.table.store(key, numbers, encode_work(work));
        numbers
    }

    /// Generates the children of `position` with their first numbers, in the order the
    /// moves are generated (which breaks ties): the table's numbers for a child searched
    /// before, else the end of the game's, the rules' or the evaluation's. Stops early at a
    /// child that loses for its side to move: the position is won.
    fn expand(&mut self, position: &P, mirrored: u64) {
        let mut moves = MoveList::new();
        self.candidate_moves(position, &mut moves);
        let first = self.children.len();
        let localities = position.children_locality(&self.tables);
        // The keys first, each child's bucket prefetched, so that the probes below wait
        // for memory about once rather than once per child.
        for &mv in moves.iter() {
            let child = position.play(mv);
            let child_mirrored = position.mirror_hash_after(&self.tables, mirrored, mv);
            let locality = position.locality_after(&self.tables, localities, mv);
            let key = canonical(child.hash(), child_mirrored, locality);
            self.table.prefetch(key);
            self.children.push(Child {
                mv,
                key,
                mirrored: child_mirrored,
                numbers: Numbers::LOST,
                settled: false,
                same_side: same_side(position, &child),
            });
        }
        for index in first..self.children.len() {
            let Child { mv, key, .. } = self.children[index];
            // A child the table holds was searched before, or met as a child before and
            // given its numbers then ([`Table::store_first`]): neither the rules nor the
            // evaluation need to look at it again. A position is expanded again each time
            // the search comes back to it, so on the 6x5 start that spares two fifths of
            // the evaluations. Reading the table here rather than in `summarize` also reads
            // it once, not twice.
            let (numbers, settled) = match self.child_entry(key) {
                Some(entry) => entry,
                None => self.first_numbers(position, mv, key),
            };
            let child = &mut self.children[index];
            child.numbers = numbers.for_parent(child.same_side);
            child.settled = settled;
            if child.numbers == Numbers::LOST {
                // A winning move: nothing else matters.
                let winning = *child;
                self.children.truncate(first);
                self.children.push(winning);
                return;
            }
        }
    }

    /// The numbers of the position from its children's, and the child to search next (with
    /// the second-smallest `delta` for its threshold); `phi_threshold` is the position's.
    fn summarize(
        &mut self,
        range: std::ops::Range<usize>,
        searched: Option<usize>,
        phi_threshold: u32,
    ) -> Summary {
        // Alone, never: [`Dfpn::expand`] read the table, and a sibling's numbers change
        // (almost) only when it is searched, and the searched child's come back from its
        // search. With other threads every time, as they prove things.
        let reread = self.shared.is_some();
        if reread {
            for child in &self.children[range.clone()] {
                if !child.settled {
                    self.table.prefetch(child.key);
                }
            }
        }
        let mut phi = INFINITY;
        let mut delta = 0u32;
        let mut best = range.start;
        let mut best_delta = INFINITY;
        let mut second_delta = INFINITY;
        for index in range {
            let child = self.children[index];
            if reread && !child.settled && searched != Some(index) {
                if let Some((numbers, _)) = self.child_entry(child.key) {
                    self.children[index].numbers = numbers.for_parent(child.same_side);
                }
            }
            let numbers = self.children[index].numbers;
            delta = add(delta, numbers.phi);
            phi = phi.min(numbers.delta);
            // Another thread's child looks up to twice as hard to refute (but is no harder),
            // never so hard that the child chosen would be past the threshold.
            let chosen_delta = match self.shared {
                Some((thread, shared))
                    if !child.settled && shared.busy_elsewhere(thread, self.ply + 1, child.key) =>
                {
                    let doubled = add(numbers.delta, numbers.delta.max(1));
                    doubled.min(numbers.delta.max(phi_threshold.saturating_sub(1)))
                }
                _ => numbers.delta,
            };
            if chosen_delta < best_delta {
                second_delta = best_delta;
                best_delta = chosen_delta;
                best = index;
            } else if chosen_delta < second_delta {
                second_delta = chosen_delta;
            }
        }
        if phi == 0 {
            delta = INFINITY;
        }
        Summary {
            numbers: Numbers { phi, delta },
            best,
            second_delta,
        }
    }
}

struct Summary {
    numbers: Numbers,
    /// The child with the smallest `delta` (the first of equals).
    best: usize,
    second_delta: u32,
}

/// The numbers of a position from its children's, each as the position combines them
/// ([`Numbers::for_parent`]): the least of their disproof numbers and the sum of their
/// proof numbers.
fn from_children(children: impl IntoIterator<Item = Numbers>) -> Numbers {
    let mut phi = INFINITY;
    let mut delta = 0u32;
    for numbers in children {
        phi = phi.min(numbers.delta);
        delta = add(delta, numbers.phi);
    }
    if phi == 0 {
        delta = INFINITY;
    }
    Numbers { phi, delta }
}

/// A sum of proof numbers: infinite if either is, else saturating below infinity.
fn add(a: u32, b: u32) -> u32 {
    if a == INFINITY || b == INFINITY {
        INFINITY
    } else {
        a.saturating_add(b).min(INFINITY - 1)
    }
}

/// The 1+ε threshold over the second-best child (ε = 1/2): the best child may grow this far
/// before the search switches (1/4 and 1 took more nodes: docs/results.md).
fn widen(second: u32) -> u32 {
    if second == INFINITY {
        INFINITY
    } else {
        let widened = second as u64 + (second as u64 / 2).max(1);
        widened.min(INFINITY as u64 - 1) as u32
    }
}
