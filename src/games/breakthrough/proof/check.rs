//! The proof checker: re-checks a proof file with the rules and the race patterns alone.
//!
//! It reads the file once, from the top, and keeps only the positions proved so far
//! ([`ProvenSet`]). Each line's position is checked where it stands: where the winner is to
//! move, each named move must be legal and lead to a won position; where the loser is to
//! move, every legal move must. A position is won if the game is over in the winner's
//! favour, if a race pattern wins it (checked on the position), or if it (or its mirror
//! image, which the rules cannot tell apart) has a line further up, already checked. So no
//! line leans on itself or on anything below it, and the root, once it has a line, is won.
//! With `deep` each pattern is also confirmed by a brute-force search of its length, so
//! that the check trusts nothing but the rules.
//!
//! A certificate's leaf line (`?N/H`) is taken as proved here and listed in the report
//! ([`CheckReport::leaves_to_prove`]): the check of a certificate holds only once its
//! caller has proved every such leaf again.

use super::proven::{Fingerprint, ProvenSet};
use super::read::{read_header, Lines};
use super::{parse_entry, parse_leaf, parse_position, Entry, Reference};
use crate::game::proof::LeafToProve;
use crate::games::breakthrough::{
    Bitboard, BoardSize, Breakthrough, Color, Move, MoveList, Pattern, Position, Race,
};
use crate::with_position;
use std::io::BufRead;

/// What a successful check found.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckReport {
    pub root: Breakthrough,
    pub winner: Color,
    /// Positions proved (each has a line).
    pub positions: u64,
    /// Lines that prove a position a line further up proved already (harmless: a writer
    /// with bounded memory may forget what it wrote).
    pub repeated_lines: u64,
    /// Positions no later line uses, the root aside (harmless, but a sign of a sloppy writer).
    pub unused_lines: u64,
    /// How many lines end at the end of the game (`end`), and at each pattern.
    pub ends: u64,
    pub leaves: Vec<(Pattern, u64)>,
    /// The longest line of the proof, in plies: the winner wins within this many. Of a
    /// certificate, the longest line of its top, down to its leaves.
    pub depth: u32,
    /// A certificate's leaves (`?N/H` lines), each position once, in the file's order:
    /// the check holds only once they are proved again. Empty for a proof.
    pub leaves_to_prove: Vec<LeafToProve>,
}

/// Checks a proof read from `input`; `deep` also confirms every pattern by brute force.
pub fn check(input: impl BufRead, deep: bool) -> Result<CheckReport, String> {
    let mut lines = Lines::new(input);
    let (size, root, winner) = read_header(&mut lines)?;
    with_position!(&root, position => {
        let mut checker = Checker::new(size, root, winner, position, deep);
        checker.run(&mut lines, position)
    })
}

struct Checker<B> {
    size: BoardSize,
    winner: Color,
    root: Breakthrough,
    race: Race<B>,
    /// By square: the square in the same rank on the mirrored file.
    mirror: Vec<usize>,
    deep: bool,
    proven: ProvenSet,
    report: CheckReport,
}

impl<B: Bitboard> Checker<B> {
    fn new(
        size: BoardSize,
        root: Breakthrough,
        winner: Color,
        position: &Position<B>,
        deep: bool,
    ) -> Self {
        Checker {
            size,
            winner,
            root,
            race: Race::new(position.layout()),
            mirror: (0..size.squares())
                .map(|s| size.square(size.cols() - 1 - size.file_of(s), size.rank_of(s)))
                .collect(),
            deep,
            proven: ProvenSet::new(),
            report: CheckReport {
                root,
                winner,
                positions: 0,
                repeated_lines: 0,
                unused_lines: 0,
                ends: 0,
                leaves: Pattern::ALL.iter().map(|&p| (p, 0)).collect(),
                depth: 0,
                leaves_to_prove: Vec::new(),
            },
        }
    }

    fn run<R: BufRead>(
        &mut self,
        lines: &mut Lines<R>,
        root: &Position<B>,
    ) -> Result<CheckReport, String> {
        let mut text = String::new();
        while let Some(number) = lines.next_body_line(&mut text)? {
            self.check_line(&text, number)
                .map_err(|message| format!("line {number}: {message}"))?;
        }
        if let Some(number) = lines.next(&mut text)? {
            return Err(format!("line {number}: text after 'end'"));
        }
        let Some(depth) = self.proven.use_proved(Fingerprint::of(root)) else {
            return Err(format!("the root ({}) has no line", self.root.to_fen()));
        };
        self.report.positions = self.proven.len() as u64;
        // The root was marked used just now.
        self.report.unused_lines = self.proven.unused();
        self.report.depth = depth;
        Ok(self.report.clone())
    }

    /// Checks line `number` and adds its position to those proved.
    fn check_line(&mut self, text: &str, number: usize) -> Result<(), String> {
        let (token, rest) = text.split_once(' ').unwrap_or((text, ""));
        let position: Position<B> = parse_position(self.size, token)?;
        let size = self.size;
        let fail = |message: String| format!("{}: {message}", fen(size, &position));
        if position.winner_by_pieces().is_some() {
            return Err(fail("the game is already over here".into()));
        }
        let rest = rest.trim_start();
        if rest.starts_with('?') {
            self.take_leaf(&position, rest, number).map_err(fail)?;
            return Ok(());
        }
        let entries: Vec<Entry> = rest
            .split_ascii_whitespace()
            .map(|word| parse_entry(self.size, word))
            .collect::<Result<_, _>>()
            .map_err(fail)?;
        let depth = self.check_entries(&position, &entries).map_err(fail)?;
        let print = Fingerprint::of(&position);
        if self.proven.contains(print) {
            self.report.repeated_lines += 1;
        }
        self.proven.insert(print, depth);
        Ok(())
    }

    /// Takes a certificate's leaf line, `?N/H` after `position`, as proved (with no plies
    /// below it) and lists the leaf for its caller to prove again, unless a line further
    /// up proved it already.
    fn take_leaf(
        &mut self,
        position: &Position<B>,
        limits: &str,
        number: usize,
    ) -> Result<(), String> {
        if limits.contains(char::is_whitespace) {
            return Err("'?N/H' must stand alone".into());
        }
        let (nodes, hash_megabytes) = parse_leaf(limits)?;
        let print = Fingerprint::of(position);
        if self.proven.contains(print) {
            self.report.repeated_lines += 1;
        } else {
            self.report.leaves_to_prove.push(LeafToProve {
                position: fen(self.size, position),
                nodes,
                hash_megabytes,
                line: number,
            });
        }
        self.proven.insert(print, 0);
        Ok(())
    }

    /// Checks that `entries` prove `position` won; returns the longest line in plies.
    fn check_entries(&mut self, position: &Position<B>, entries: &[Entry]) -> Result<u32, String> {
        let Some(first) = entries.first() else {
            return Err("the line says nothing".into());
        };
        if let Entry::Itself(pattern) = *first {
            if entries.len() > 1 {
                return Err("'=pattern' must stand alone".into());
            }
            self.check_pattern(position, pattern)?;
            return Ok(pattern.plies());
        }
        let mut legal = MoveList::new();
        position.generate(&mut legal);
        let winner_moves = position.side_to_move() == self.winner;
        let mut listed: Vec<Move> = Vec::new();
        let mut others = None;
        let mut depth = 0;
        for entry in entries.iter().copied() {
            match entry {
                Entry::Itself(_) => return Err("'=pattern' must stand alone".into()),
                Entry::Others(pattern) => {
                    if winner_moves {
                        return Err("'*:' is for the loser's moves only".into());
                    }
                    if others.replace(pattern).is_some() {
                        return Err("'*:' given twice".into());
                    }
                }
                Entry::Move(mv, what) => {
                    let name = crate::games::breakthrough::move_name(self.size, mv);
                    if !legal.contains(&mv) {
                        return Err(format!("{name} is not a legal move here"));
                    }
                    if listed.contains(&mv) {
                        return Err(format!("{name} is given twice"));
                    }
                    listed.push(mv);
                    let below = self
                        .check_reference(&position.play(mv), what)
                        .map_err(|e| format!("after {name}: {e}"))?;
                    depth = depth.max(1 + below);
                }
            }
        }
        if winner_moves && listed.is_empty() {
            return Err("the winner is to move but no move is given".into());
        }
        if !winner_moves {
            for &mv in legal.iter().filter(|mv| !listed.contains(mv)) {
                let name = crate::games::breakthrough::move_name(self.size, mv);
                let Some(pattern) = others else {
                    return Err(format!("the loser's move {name} is not answered"));
                };
                self.check_pattern(&position.play(mv), pattern)
                    .map_err(|e| format!("after {name}: {e}"))?;
                self.count_leaf(Reference::Rule(pattern));
                depth = depth.max(1 + pattern.plies());
            }
        }
        Ok(depth)
    }

    /// Checks that `child` is won for the winner as `what` says; returns its longest line.
    fn check_reference(&mut self, child: &Position<B>, what: Reference) -> Result<u32, String> {
        self.count_leaf(what);
        match what {
            Reference::End => match child.winner_by_pieces() {
                Some(winner) if winner == self.winner => Ok(0),
                _ => Err("the game is not over, won by the winner".into()),
            },
            Reference::Rule(pattern) => {
                self.check_pattern(child, pattern)?;
                Ok(pattern.plies())
            }
            Reference::Line => self
                .proven
                .use_proved(Fingerprint::of(child))
                .ok_or("the position it leaves has no line above".into()),
            Reference::Mirror => self
                .proven
                .use_proved(Fingerprint::of(&self.mirrored(child)))
                .ok_or("the mirror image of the position it leaves has no line above".into()),
        }
    }

    fn mirrored(&self, position: &Position<B>) -> Position<B> {
        let flip = |color| {
            position
                .pieces(color)
                .squares()
                .fold(B::EMPTY, |set, square| set | B::square(self.mirror[square]))
        };
        Position::from_pieces(
            self.size,
            flip(Color::White),
            flip(Color::Black),
            position.side_to_move(),
        )
    }

    fn count_leaf(&mut self, what: Reference) {
        match what {
            Reference::End => self.report.ends += 1,
            Reference::Rule(pattern) => {
                if let Some(entry) = self.report.leaves.iter_mut().find(|(p, _)| *p == pattern) {
                    entry.1 += 1;
                }
            }
            Reference::Line | Reference::Mirror => {}
        }
    }

    /// Checks that `pattern` holds in `position` and wins it for the winner.
    fn check_pattern(&self, position: &Position<B>, pattern: Pattern) -> Result<(), String> {
        let winner_to_move = position.side_to_move() == self.winner;
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
    Breakthrough::from_squares(size, &white, &black, position.side_to_move()).to_fen()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A certificate of the 5x5 start for `winner`: its header, then `body`'s lines.
    fn certificate(winner: &str, body: &[&str]) -> String {
        let header = "troyka-proof 2\nboard 5x5\nroot ppppp/ppppp/5/PPPPP/PPPPP w 0 1\n";
        format!("{header}winner {winner}\n{}\nend\n", body.join("\n"))
    }

    /// The position white's b2a3 leaves on 5x5, as a line and as a FEN; its mirror image is
    /// what d2e3 leaves.
    const AFTER_B2A3: &str = "b00007bf.1ff8000";
    const AFTER_B2A3_FEN: &str = "ppppp/ppppp/P4/P1PPP/PPPPP b 0 1";
    const ROOT: &str = "w00003ff.1ff8000";

    #[test]
    fn a_leaf_line_is_taken_as_proved_and_listed_to_prove_again() {
        let leaf = format!("{AFTER_B2A3} ?3000/16");
        let root = format!("{ROOT} b2a3:+");
        let report = check(certificate("white", &[&leaf, &root]).as_bytes(), false).unwrap();
        assert_eq!(
            report.leaves_to_prove,
            vec![LeafToProve {
                position: AFTER_B2A3_FEN.into(),
                nodes: 3000,
                hash_megabytes: 16,
                line: 5,
            }]
        );
        assert_eq!((report.positions, report.depth), (2, 1));
        assert_eq!(report.unused_lines, 0);
    }

    #[test]
    fn a_leaf_is_cited_by_a_later_line_as_any_position_and_listed_once() {
        // The mirror image (`~`), and the same leaf given twice: one leaf to prove again.
        let leaf = format!("{AFTER_B2A3} ?3000/16");
        let again = format!("{AFTER_B2A3} ?9/9");
        let root = format!("{ROOT} d2e3:~");
        let report = check(
            certificate("white", &[&leaf, &again, &root]).as_bytes(),
            false,
        )
        .unwrap();
        assert_eq!(report.leaves_to_prove.len(), 1);
        assert_eq!(report.leaves_to_prove[0].nodes, 3000);
        assert_eq!(report.repeated_lines, 1);
        // Cited before its line, it is not proved.
        let error = check(certificate("white", &[&root, &leaf]).as_bytes(), false).unwrap_err();
        assert!(error.starts_with("line 5: "), "{error}");
        assert!(error.contains("has no line above"), "{error}");
    }

    #[test]
    fn malformed_leaf_lines_are_refused_with_their_line_number() {
        let root = format!("{ROOT} b2a3:+");
        for (limits, expected) in [
            ("?", "is not '?N/H'"),
            ("?x/1", "is not '?N/H'"),
            ("?5", "is not '?N/H'"),
            ("?0/64", "is not '?N/H'"),
            ("?5/0", "is not '?N/H'"),
            ("?+5/1", "is not '?N/H'"),
            ("?5/1/2", "is not '?N/H'"),
            ("?5/64 ?5/64", "must stand alone"),
        ] {
            let leaf = format!("{AFTER_B2A3} {limits}");
            let error = check(certificate("white", &[&leaf, &root]).as_bytes(), false).unwrap_err();
            assert!(error.starts_with("line 5: "), "{limits}: {error}");
            assert!(error.contains(expected), "{limits}: {error}");
        }
        // After a move, where a line's items go, it is refused too.
        let error = check(
            certificate("white", &[&format!("{ROOT} b2a3:+ ?5/64")]).as_bytes(),
            false,
        )
        .unwrap_err();
        assert!(error.starts_with("line 5: "), "{error}");
        assert!(error.contains("must stand alone"), "{error}");
    }
}
