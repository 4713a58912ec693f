//! Writing the proof of a solved position: a walk from the root over the solved table,
//! writing each position's line after the lines of the positions it leads to. Where the
//! winner is to move it names one winning move (a move the game's rules settle if there is
//! one, else one leading to a position written already, else the one whose proof took the
//! least work); where the loser is to move, every move. A position written already, or
//! whose mirror image was, is not written again, as far as a fixed amount of memory
//! remembers ([`Written`]): a proof of any size is written in bounded memory, at the cost of
//! a line written twice where it forgot. Subtrees the table has forgotten are solved again.
//! What each line says is the game's to write ([`Provable`]); this walk decides only what
//! it says.

use super::dfpn::Dfpn;
use super::table::Numbers;
use crate::game::proof::{Entry, Provable, Reference, Verdict};
use crate::game::{Color, GameResult, MoveList};
use std::io::Write;
use std::time::{Duration, Instant};

/// How far the writing of a proof has come.
#[derive(Clone, Copy, Debug)]
pub struct WriteProgress {
    pub lines: u64,
    /// Nodes searched again where the table had forgotten.
    pub nodes: u64,
    pub elapsed: Duration,
}

/// Where the writer reports its progress, and how often.
pub struct Reporter<'a> {
    pub every: Duration,
    pub report: &'a mut dyn FnMut(&WriteProgress),
}

/// A line's entries, as the game's [`Provable::write_proof_line`] takes them.
type Entries<P> = Vec<Entry<<P as crate::game::Position>::Move, <P as Provable>::Rule>>;

/// Writes the lines of the proof that `winner` wins `root`, naming `root_moves` as the
/// winner's moves if it is to move at the root, remembering what it wrote in about
/// `memory_megabytes` MiB. Returns the number of lines written.
pub fn write_lines<P: Provable>(
    dfpn: &mut Dfpn<'_, P>,
    root: &P,
    winner: Color,
    root_moves: &[P::Move],
    memory_megabytes: usize,
    out: &mut dyn Write,
    reporter: Reporter<'_>,
) -> Result<u64, String> {
    let mut extractor = Extractor {
        dfpn,
        winner,
        written: Written::new(memory_megabytes),
        out,
        lines: 0,
        reporter,
        started: Instant::now(),
        last_report: Instant::now(),
    };
    match extractor.settled(root)? {
        Some(Reference::Rule(rule)) => extractor.write(root, &[Entry::Itself(rule)])?,
        _ => {
            let moves = (root.side_to_move() == winner).then_some(root_moves);
            extractor.position(root, moves)?;
        }
    }
    Ok(extractor.lines)
}

pub fn io_error(error: std::io::Error) -> String {
    format!("cannot write the proof: {error}")
}

struct Extractor<'a, 'b, 'c, P: Provable> {
    dfpn: &'b mut Dfpn<'a, P>,
    winner: Color,
    written: Written,
    /// Lines are written as soon as their children's are, so the root's comes last.
    out: &'b mut dyn Write,
    lines: u64,
    reporter: Reporter<'c>,
    started: Instant,
    last_report: Instant,
}

impl<P: Provable> Extractor<'_, '_, '_, P> {
    /// How `position`, which must be won for the winner, appears in its parent's line.
    fn reference(&mut self, position: &P) -> Result<Reference<P::Rule>, String> {
        if let Some(settled) = self.settled(position)? {
            return Ok(settled);
        }
        if let Some(written) = self.written_as(position) {
            return Ok(written);
        }
        self.position(position, None)
    }

    /// How to name `position` if it, or its mirror image, was written already.
    fn written_as(&self, position: &P) -> Option<Reference<P::Rule>> {
        if self.written.contains(position.hash()) {
            Some(Reference::Line)
        } else if self
            .written
            .contains(position.mirror_hash(self.dfpn.tables()))
        {
            Some(Reference::Mirror)
        } else {
            None
        }
    }

    /// The end of the game or the rule that settles `position` for the winner, if any; an
    /// error if they settle it for the loser.
    fn settled(&self, position: &P) -> Result<Option<Reference<P::Rule>>, String> {
        let winner_to_move = position.side_to_move() == self.winner;
        let (rule, side_to_move_wins) = match position.decided() {
            Some(GameResult::Win(winner)) if winner == self.winner => {
                return Ok(Some(Reference::End))
            }
            Some(_) => return Err(self.not_won(position)),
            None => match position.verdict(self.dfpn.tables()) {
                Verdict::Won(rule) => (rule, true),
                Verdict::Lost(rule) => (rule, false),
                _ => return Ok(None),
            },
        };
        if side_to_move_wins == winner_to_move {
            Ok(Some(Reference::Rule(rule)))
        } else {
            Err(self.not_won(position))
        }
    }

    fn not_won(&self, position: &P) -> String {
        format!(
            "the table says {} wins, but the game or its rules say otherwise in a position \
             with {} to move (a hash collision?)",
            self.winner.name(),
            position.side_to_move().name()
        )
    }

    /// Whether the table knows `position` is won for the winner.
    fn known_won(&self, position: &P) -> bool {
        self.dfpn.known(position) == Some(self.won_for_winner(position))
    }

    /// The numbers of a position won for the winner, for its side to move.
    fn won_for_winner(&self, position: &P) -> Numbers {
        if position.side_to_move() == self.winner {
            Numbers::WON
        } else {
            Numbers::LOST
        }
    }

    /// Writes the line of `position` (after its children's). `moves` are the winner's moves
    /// to name, if chosen already.
    fn position(
        &mut self,
        position: &P,
        moves: Option<&[P::Move]>,
    ) -> Result<Reference<P::Rule>, String> {
        let entries = if position.side_to_move() == self.winner {
            let moves = match moves {
                Some(moves) => moves.to_vec(),
                None => vec![self.winning_move(position)?],
            };
            let mut entries = Vec::new();
            for mv in moves {
                entries.push(Entry::Move(mv, self.reference(&position.play(mv))?));
            }
            entries
        } else {
            self.loser_entries(position)?
        };
        self.write(position, &entries)?;
        self.written.insert(position.hash());
        self.maybe_report();
        Ok(Reference::Line)
    }

    fn write(&mut self, position: &P, entries: &[Entry<P::Move, P::Rule>]) -> Result<(), String> {
        position
            .write_proof_line(entries, self.out)
            .map_err(io_error)?;
        self.lines += 1;
        Ok(())
    }

    fn maybe_report(&mut self) {
        let lines = self.lines;
        if lines.is_multiple_of(1024) && self.last_report.elapsed() >= self.reporter.every {
            self.last_report = Instant::now();
            (self.reporter.report)(&WriteProgress {
                lines,
                nodes: self.dfpn.nodes(),
                elapsed: self.started.elapsed(),
            });
        }
    }

    /// Every move of the loser with what follows it; the moves a rule settles are summed up
    /// as `Others(rule)` when they share one.
    fn loser_entries(&mut self, position: &P) -> Result<Entries<P>, String> {
        let (moves, mut others) = position.moves_to_refute(self.dfpn.tables());
        let mut entries = Vec::with_capacity(moves.len());
        for &mv in moves.iter() {
            // A child to be written is proved again first if need be (by `winning_move`).
            entries.push(Entry::Move(mv, self.reference(&position.play(mv))?));
        }
        if others.is_none() {
            others = most_common_rule(&entries);
        }
        if let Some(rule) = others {
            entries.retain(|e| !matches!(e, Entry::Move(_, Reference::Rule(r)) if *r == rule));
            entries.push(Entry::Others(rule));
        }
        Ok(entries)
    }

    /// Makes sure the table knows `position` (the winner to move) is won, solving it again
    /// if it forgot.
    fn prove(&mut self, position: &P) -> Result<(), String> {
        if self.known_won(position) {
            return Ok(());
        }
        match self.dfpn.solve(position) {
            numbers if numbers == Numbers::WON => Ok(()),
            _ if self.dfpn.stopped() => Err("stopped while writing the proof".into()),
            _ => Err(self.not_won(position)),
        }
    }

    /// A winning move of the winner: one whose position the game's rules settle if there is
    /// one, else one whose position is written already (the proof shares it), else the one
    /// whose proof took the least work.
    fn winning_move(&mut self, position: &P) -> Result<P::Move, String> {
        self.prove(position)?;
        let mut moves = MoveList::new();
        self.dfpn.candidate_moves(position, &mut moves);
        if let Some(&mv) = moves.iter().find(|&&mv| {
            let child = position.play(mv);
            matches!(self.settled(&child), Ok(Some(_))) || self.written_as(&child).is_some()
        }) {
            return Ok(mv);
        }
        if let Some(mv) = self.least_work_win(position, &moves) {
            return Ok(mv);
        }
        // The table kept the position but forgot which child wins. Proving the position
        // again from scratch stores the child that wins, best first. Solving each child in
        // turn also disproves every losing move before it: a 6x6 job's proof had searched
        // 892 M nodes again after 3,031 s, against 68 M for its solve, and this way 7,637.
        self.dfpn.forget(position);
        self.prove(position)?;
        if let Some(mv) = self.least_work_win(position, &moves) {
            return Ok(mv);
        }
        // The child's entry gave way to another since: try each child in turn.
        for &mv in moves.iter() {
            let child = position.play(mv);
            if self.dfpn.solve(&child) == self.won_for_winner(&child) {
                return Ok(mv);
            }
            if self.dfpn.stopped() {
                return Err("stopped while writing the proof".into());
            }
        }
        Err(self.not_won(position))
    }

    /// Of `moves`, the one whose position the table knows is won for the winner with the
    /// least work, if any.
    fn least_work_win(&self, position: &P, moves: &MoveList<P::Move>) -> Option<P::Move> {
        let mut best: Option<(u64, P::Move)> = None;
        for &mv in moves.iter() {
            let child = position.play(mv);
            if let Some((numbers, work)) = self.dfpn.lookup(&child) {
                let won = numbers == self.won_for_winner(&child);
                if won && best.is_none_or(|(least, _)| work < least) {
                    best = Some((work, mv));
                }
            }
        }
        best.map(|(_, mv)| mv)
    }
}

/// The rule that settles the most of a line's moves, if two or more share one; the first
/// in the rules' order among equals.
fn most_common_rule<M, R: Copy + Ord>(entries: &[Entry<M, R>]) -> Option<R> {
    let mut rules: Vec<R> = entries
        .iter()
        .filter_map(|entry| match entry {
            Entry::Move(_, Reference::Rule(rule)) => Some(*rule),
            _ => None,
        })
        .collect();
    rules.sort();
    rules
        .chunk_by(|a, b| a == b)
        .map(|run| (run.len(), run[0]))
        .filter(|&(n, _)| n >= 2)
        .max_by_key(|&(n, rule)| (n, std::cmp::Reverse(rule)))
        .map(|(_, rule)| rule)
}

/// Which positions were written, by hash, in a fixed amount of memory: buckets of four
/// hashes, a full bucket giving up one of them (so a position may be written twice, but is
/// never cited unwritten).
struct Written {
    slots: Vec<u64>,
    /// The bucket count less one (a power of two less one).
    mask: usize,
}

const WAYS: usize = 4;

impl Written {
    fn new(megabytes: usize) -> Written {
        let wanted = ((megabytes << 20) / (8 * WAYS)).max(1);
        let buckets = 1 << wanted.ilog2();
        Written {
            slots: vec![0; WAYS * buckets],
            mask: buckets - 1,
        }
    }

    /// Where the bucket of `hash` starts, and what `hash` is stored as (never 0, which
    /// marks a free slot).
    fn place(&self, hash: u64) -> (usize, u64) {
        (WAYS * (hash as usize & self.mask), hash | 1)
    }

    fn contains(&self, hash: u64) -> bool {
        let (start, stored) = self.place(hash);
        self.slots[start..start + WAYS].contains(&stored)
    }

    fn insert(&mut self, hash: u64) {
        if self.contains(hash) {
            return;
        }
        let (start, stored) = self.place(hash);
        let bucket = &mut self.slots[start..start + WAYS];
        // A free slot, else one picked by bits of the hash the bucket index did not use.
        let slot = bucket
            .iter()
            .position(|&s| s == 0)
            .unwrap_or((hash >> 58) as usize % WAYS);
        bucket[slot] = stored;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn written_remembers_within_its_memory_and_forgets_beyond_it() {
        let mut written = Written::new(1);
        let hashes: Vec<u64> = (1..=20_000u64)
            .map(|n| n.wrapping_mul(0x9e37_79b9_7f4a_7c15))
            .collect();
        for &hash in &hashes[..10_000] {
            written.insert(hash);
        }
        assert!(hashes[..10_000].iter().all(|&h| written.contains(h)));
        assert!(!hashes[10_000..].iter().any(|&h| written.contains(h)));
        // 1 MiB holds 131,072 hashes: filling it far beyond that forgets some.
        for n in 0..1_000_000u64 {
            written.insert(n.wrapping_mul(0xbf58_476d_1ce4_e5b9) ^ 0x55);
        }
        assert!(!hashes[..10_000].iter().all(|&h| written.contains(h)));
    }
}
