//! The proof checker: re-checks a proof file with the rules and the race patterns alone.
//!
//! From the root it replays every move the proof names, so each position is rebuilt by the
//! rules rather than read from the file, and a position number met again must stand for
//! exactly the same position. Where the winner is to move, each named move must be legal and
//! lead to a won position; where the loser is to move, every legal move must. A line ends
//! at the end of the game or at a race pattern, which is checked on the position it names;
//! with `deep` each such pattern is also confirmed by a brute-force search of its length,
//! so that the check trusts nothing but the rules.

use super::{Entry, Reference, MAGIC};
use crate::rules::{Bitboard, BoardSize, Color, Game, Move, MoveList, Pattern, Position, Race};
use crate::with_position;

/// What a successful check found.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    pub root: Game,
    pub winner: Color,
    /// Positions with a line of their own that the proof reaches.
    pub positions: u64,
    /// Lines the proof never reaches (harmless, but a sign of a sloppy writer).
    pub unused_lines: u64,
    /// How many lines end at the end of the game (`end`), and at each pattern.
    pub ends: u64,
    pub leaves: Vec<(Pattern, u64)>,
    /// The longest line of the proof, in plies: the winner wins within this many.
    pub depth: u32,
}

/// Checks a proof file's text; `deep` also confirms every pattern by brute force.
pub fn check(text: &str, deep: bool) -> Result<Report, String> {
    let proof = ProofText::read(text)?;
    let root = proof.root;
    with_position!(&root, position => {
        let mut checker = Checker::new(&proof, *position, deep);
        checker.run(position)
    })
}

/// A proof file read into its header and an index of its lines.
struct ProofText<'a> {
    size: BoardSize,
    root: Game,
    winner: Color,
    /// By position number: the line number (from 1) and the rest of the line.
    lines: Vec<Option<(usize, &'a str)>>,
}

impl<'a> ProofText<'a> {
    fn read(text: &'a str) -> Result<ProofText<'a>, String> {
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(index, line)| (index + 1, line.trim()))
            .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'));
        let mut header = |key: &str| -> Result<&'a str, String> {
            match lines.next() {
                Some((_, line)) if key == MAGIC && line == MAGIC => Ok(line),
                Some((number, line)) => line
                    .strip_prefix(key)
                    .and_then(|rest| rest.strip_prefix(' '))
                    .map(str::trim)
                    .ok_or(format!("line {number}: expected '{key}'")),
                None => Err(format!("the file ends before '{key}'")),
            }
        };
        header(MAGIC).map_err(|_| format!("not a proof file: the first line is not '{MAGIC}'"))?;
        let size: BoardSize = header("board")?.parse()?;
        let root = Game::from_fen(header("root")?).map_err(|e| format!("bad root: {e}"))?;
        if root.size() != size {
            return Err(format!(
                "the root is a {} position on a {size} board",
                root.size()
            ));
        }
        if let Some(winner) = root.winner() {
            return Err(format!("the root's game is over ({} won)", winner.name()));
        }
        let winner = match header("winner")? {
            "white" => Color::White,
            "black" => Color::Black,
            other => return Err(format!("bad winner '{other}'")),
        };
        let mut body = Vec::new();
        let mut ended = false;
        for (number, line) in lines {
            if ended {
                return Err(format!("line {number}: text after 'end'"));
            }
            if line == "end" {
                ended = true;
                continue;
            }
            let (id, rest) = line.split_once(' ').unwrap_or((line, ""));
            let id: usize = id
                .parse()
                .ok()
                .filter(|&id| id > 0)
                .ok_or(format!("line {number}: '{id}' is not a position number"))?;
            body.push((id, number, rest.trim()));
        }
        if !ended {
            return Err("the file has no 'end' line: it is cut off".into());
        }
        // Numbers index a table: they may leave gaps, but not many.
        let limit = 2 * body.len() + 16;
        let mut index = vec![None; body.iter().map(|b| b.0).max().unwrap_or(0).min(limit) + 1];
        for (id, number, rest) in body {
            let slot = index.get_mut(id).ok_or(format!(
                "line {number}: position number {id} is too large for a proof of this size"
            ))?;
            if let Some((earlier, _)) = slot {
                return Err(format!(
                    "line {number}: position {id} already has line {earlier}"
                ));
            }
            *slot = Some((number, rest));
        }
        Ok(ProofText {
            size,
            root,
            winner,
            lines: index,
        })
    }
}

/// Where a position of the proof stands in the walk.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Unseen,
    /// Named by a line checked already, so its position is known.
    Seen,
    /// Its line is checked; its children are being walked.
    Open,
    Done,
}

enum Step {
    Visit(usize),
    Close(usize),
}

struct Checker<'a, 'b, B> {
    proof: &'b ProofText<'a>,
    race: Race<B>,
    deep: bool,
    state: Vec<State>,
    /// The position each number stands for, once known: the pieces and the side to move.
    position: Vec<(B, B, Color)>,
    /// The longest line below each closed position, in plies.
    depth: Vec<u32>,
    /// The longest line below each open position through its leaves.
    leaf_depth: Vec<u32>,
    children: Vec<Vec<usize>>,
    report: Report,
}

impl<'a, 'b, B: Bitboard> Checker<'a, 'b, B> {
    fn new(proof: &'b ProofText<'a>, root: Position<B>, deep: bool) -> Self {
        let count = proof.lines.len();
        Checker {
            proof,
            race: Race::new(root.layout()),
            deep,
            state: vec![State::Unseen; count],
            position: vec![(B::EMPTY, B::EMPTY, Color::White); count],
            depth: vec![0; count],
            leaf_depth: vec![0; count],
            children: vec![Vec::new(); count],
            report: Report {
                root: proof.root,
                winner: proof.winner,
                positions: 0,
                unused_lines: 0,
                ends: 0,
                leaves: Pattern::ALL.iter().map(|&p| (p, 0)).collect(),
                depth: 0,
            },
        }
    }

    fn run(&mut self, root: &Position<B>) -> Result<Report, String> {
        if self.proof.lines.len() < 2 {
            return Err("the proof has no position 1 (the root)".into());
        }
        self.name(1, root)?;
        let mut stack = vec![Step::Visit(1)];
        while let Some(step) = stack.pop() {
            match step {
                Step::Visit(id) => match self.state[id] {
                    State::Seen => {
                        self.state[id] = State::Open;
                        stack.push(Step::Close(id));
                        self.check_line(id)?;
                        for &child in self.children[id].iter().rev() {
                            stack.push(Step::Visit(child));
                        }
                    }
                    State::Open => {
                        return Err(format!("position {id} is reached from itself"));
                    }
                    State::Done | State::Unseen => {}
                },
                Step::Close(id) => {
                    let below = self.children[id]
                        .iter()
                        .map(|&child| 1 + self.depth[child])
                        .max()
                        .unwrap_or(0);
                    self.depth[id] = below.max(self.leaf_depth[id]);
                    self.children[id] = Vec::new();
                    self.state[id] = State::Done;
                }
            }
        }
        self.report.depth = self.depth[1];
        self.report.unused_lines = self.proof.lines[1..]
            .iter()
            .zip(&self.state[1..])
            .filter(|(line, state)| line.is_some() && **state != State::Done)
            .count() as u64;
        Ok(self.report.clone())
    }

    /// Records that position `id` is `position`, or checks that it is the one recorded.
    fn name(&mut self, id: u64, position: &Position<B>) -> Result<(), String> {
        let Some(Some(_)) = self.proof.lines.get(id as usize) else {
            return Err(format!("position {id} has no line"));
        };
        let id = id as usize;
        let pieces = (
            position.pieces(Color::White),
            position.pieces(Color::Black),
            position.side_to_move(),
        );
        if self.state[id] == State::Unseen {
            self.state[id] = State::Seen;
            self.position[id] = pieces;
        } else if self.position[id] != pieces {
            return Err(format!(
                "position {id} is named for two different positions (one is {})",
                fen(self.proof.size, position)
            ));
        }
        Ok(())
    }

    /// Checks the line of position `id` and notes the positions it names.
    fn check_line(&mut self, id: usize) -> Result<(), String> {
        let (number, text) = self.proof.lines[id].expect("named positions have lines");
        let (white, black, side) = self.position[id];
        let position = Position::from_pieces(self.proof.size, white, black, side);
        let size = self.proof.size;
        let fail = |message: String| {
            format!(
                "line {number} (position {id}, {}): {message}",
                fen(size, &position)
            )
        };
        self.report.positions += 1;
        if position.decided().is_some() {
            return Err(fail("the game is already over here".into()));
        }
        let mut legal = MoveList::new();
        position.generate(&mut legal);
        let winner_moves = side == self.proof.winner;
        let mut listed: Vec<Move> = Vec::new();
        let mut others = None;
        let mut leaf_depth = 0;
        let entries: Vec<Entry> = text
            .split_ascii_whitespace()
            .map(|word| Entry::parse(self.proof.size, word))
            .collect::<Result<_, _>>()
            .map_err(fail)?;
        if entries.is_empty() {
            return Err(fail("the line says nothing".into()));
        }
        for entry in entries.iter().copied() {
            match entry {
                Entry::Itself(pattern) => {
                    if entries.len() > 1 {
                        return Err(fail("'=pattern' must stand alone".into()));
                    }
                    self.check_pattern(&position, pattern).map_err(fail)?;
                    leaf_depth = pattern.plies();
                }
                Entry::Others(pattern) => {
                    if winner_moves {
                        return Err(fail("'*:' is for the loser's moves only".into()));
                    }
                    if others.replace(pattern).is_some() {
                        return Err(fail("'*:' given twice".into()));
                    }
                }
                Entry::Move(mv, what) => {
                    let name = crate::rules::move_name(self.proof.size, mv);
                    if !legal.contains(&mv) {
                        return Err(fail(format!("{name} is not a legal move here")));
                    }
                    if listed.contains(&mv) {
                        return Err(fail(format!("{name} is given twice")));
                    }
                    listed.push(mv);
                    let child = position.play(mv);
                    let depth = self
                        .check_reference(&child, what, id)
                        .map_err(|e| fail(format!("after {name}: {e}")))?;
                    leaf_depth = leaf_depth.max(depth.map_or(0, |d| 1 + d));
                }
            }
        }
        let itself = matches!(entries[0], Entry::Itself(_));
        if winner_moves && listed.is_empty() && !itself {
            return Err(fail("the winner is to move but no move is given".into()));
        }
        if !winner_moves && !itself {
            for &mv in legal.iter().filter(|mv| !listed.contains(mv)) {
                let name = crate::rules::move_name(self.proof.size, mv);
                let Some(pattern) = others else {
                    return Err(fail(format!("the loser's move {name} is not answered")));
                };
                self.check_pattern(&position.play(mv), pattern)
                    .map_err(|e| fail(format!("after {name}: {e}")))?;
                self.count_leaf(Reference::Pattern(pattern));
                leaf_depth = leaf_depth.max(1 + pattern.plies());
            }
        }
        self.leaf_depth[id] = leaf_depth;
        Ok(())
    }

    /// Checks that `child` is won for the winner as `what` says. A position with a line is
    /// noted as a child of `parent` and its depth left for later (`None`); a leaf gives its
    /// depth in plies.
    fn check_reference(
        &mut self,
        child: &Position<B>,
        what: Reference,
        parent: usize,
    ) -> Result<Option<u32>, String> {
        self.count_leaf(what);
        match what {
            Reference::End => match child.decided() {
                Some(winner) if winner == self.proof.winner => Ok(Some(0)),
                _ => Err("the game is not over, won by the winner".into()),
            },
            Reference::Pattern(pattern) => {
                self.check_pattern(child, pattern)?;
                Ok(Some(pattern.plies()))
            }
            Reference::Node(id) => {
                self.name(id, child)?;
                self.children[parent].push(id as usize);
                Ok(None)
            }
        }
    }

    fn count_leaf(&mut self, what: Reference) {
        match what {
            Reference::End => self.report.ends += 1,
            Reference::Pattern(pattern) => {
                if let Some(entry) = self.report.leaves.iter_mut().find(|(p, _)| *p == pattern) {
                    entry.1 += 1;
                }
            }
            Reference::Node(_) => {}
        }
    }

    /// Checks that `pattern` holds in `position` and wins it for the winner.
    fn check_pattern(&self, position: &Position<B>, pattern: Pattern) -> Result<(), String> {
        let winner_to_move = position.side_to_move() == self.proof.winner;
        if pattern.side_to_move_wins() != winner_to_move {
            return Err(format!(
                "{} would win this position for the loser",
                pattern.name()
            ));
        }
        if !self.race.holds(pattern, position) {
            return Err(format!("{} does not hold", pattern.name()));
        }
        if self.deep {
            let confirmed = if winner_to_move {
                wins_within(position, pattern.plies())
            } else {
                loses_within(position, pattern.plies())
            };
            if !confirmed {
                return Err(format!(
                    "{} holds, but a brute-force search of {} plies refutes it",
                    pattern.name(),
                    pattern.plies()
                ));
            }
        }
        Ok(())
    }
}

/// Whether the side to move can force a win within `plies` plies, by brute force.
fn wins_within<B: Bitboard>(position: &Position<B>, plies: u32) -> bool {
    if plies == 0 || position.winner().is_some() {
        return false;
    }
    let us = position.side_to_move();
    let mut moves = MoveList::new();
    position.generate(&mut moves);
    moves.iter().any(|&mv| {
        let child = position.play(mv);
        child.winner() == Some(us) || (plies >= 2 && loses_within(&child, plies - 1))
    })
}

/// Whether the side to move loses within `plies` plies whatever it does, by brute force.
fn loses_within<B: Bitboard>(position: &Position<B>, plies: u32) -> bool {
    if let Some(winner) = position.winner() {
        return winner != position.side_to_move();
    }
    let mut moves = MoveList::new();
    position.generate(&mut moves);
    plies >= 2
        && moves
            .iter()
            .all(|&mv| wins_within(&position.play(mv), plies - 1))
}

/// The position string of `position`, for messages.
fn fen<B: Bitboard>(size: BoardSize, position: &Position<B>) -> String {
    let white: Vec<usize> = position.pieces(Color::White).squares().collect();
    let black: Vec<usize> = position.pieces(Color::Black).squares().collect();
    Game::from_squares(size, &white, &black, position.side_to_move()).to_fen()
}
