//! Writing the proof of a solved position: a walk from the root over the solved table. Where
//! the winner is to move it names one winning move (a move the patterns settle if there is
//! one, else the one whose proof took the least work); where the loser is to move, every
//! move. Positions reached twice are written once. Subtrees the table has forgotten are
//! solved again on the way.

use super::dfpn::{Dfpn, DEEPEST_PATTERN};
use super::table::Numbers;
use crate::proof::{Entry, ProofWriter, Reference};
use crate::rules::{Bitboard, Color, Game, Move, MoveList, Pattern, Position, Verdict};
use std::collections::HashMap;
use std::io::Write;

/// Writes the proof that `winner` wins `root` (the position of `game`), naming
/// `root_moves` as the winner's moves if it is to move at the root. Returns the number of
/// positions written.
pub fn write_proof<B: Bitboard>(
    dfpn: &mut Dfpn<'_, B>,
    game: &Game,
    root: &Position<B>,
    winner: Color,
    root_moves: &[Move],
    out: &mut dyn Write,
) -> Result<u64, String> {
    let writer = ProofWriter::new(out, game, winner).map_err(io_error)?;
    let mut extractor = Extractor {
        dfpn,
        winner,
        ids: HashMap::new(),
        writer,
    };
    match extractor.settled(root)? {
        Some(Reference::Pattern(pattern)) => {
            extractor
                .writer
                .line(1, &[Entry::Itself(pattern)])
                .map_err(io_error)?;
        }
        _ => {
            let moves = (root.side_to_move() == winner).then_some(root_moves);
            extractor.position(root, moves)?;
        }
    }
    extractor.writer.finish().map_err(io_error)
}

fn io_error(error: std::io::Error) -> String {
    format!("cannot write the proof: {error}")
}

struct Extractor<'a, 'b, B> {
    dfpn: &'b mut Dfpn<'a, B>,
    winner: Color,
    /// The number given to each position written, by hash.
    ids: HashMap<u64, u64>,
    /// Lines are written as soon as their children's are, so the root's comes last.
    writer: ProofWriter<'b>,
}

impl<B: Bitboard> Extractor<'_, '_, B> {
    /// How `position`, which must be won for the winner, appears in its parent's line.
    fn reference(&mut self, position: &Position<B>) -> Result<Reference, String> {
        if let Some(settled) = self.settled(position)? {
            return Ok(settled);
        }
        if let Some(&id) = self.ids.get(&position.hash()) {
            return Ok(Reference::Node(id));
        }
        self.position(position, None)
    }

    /// The end of the game or the pattern that settles `position` for the winner, if any;
    /// an error if they settle it for the loser.
    fn settled(&self, position: &Position<B>) -> Result<Option<Reference>, String> {
        let winner_to_move = position.side_to_move() == self.winner;
        let (pattern, side_to_move_wins) = if let Some(winner) = position.decided() {
            if winner == self.winner {
                return Ok(Some(Reference::End));
            }
            return Err(self.not_won(position));
        } else {
            match self.dfpn.race().verdict(position, DEEPEST_PATTERN) {
                Verdict::Won(pattern) => (pattern, true),
                Verdict::Lost(pattern) => (pattern, false),
                _ => return Ok(None),
            }
        };
        if side_to_move_wins == winner_to_move {
            Ok(Some(Reference::Pattern(pattern)))
        } else {
            Err(self.not_won(position))
        }
    }

    fn not_won(&self, position: &Position<B>) -> String {
        format!(
            "the table says {} wins, but a pattern or the game says otherwise in a position \
             with {} to move (a hash collision?)",
            self.winner.name(),
            position.side_to_move().name()
        )
    }

    /// Gives `position` a number and writes its line (after its children's). `moves` are
    /// the winner's moves to name, if chosen already.
    fn position(
        &mut self,
        position: &Position<B>,
        moves: Option<&[Move]>,
    ) -> Result<Reference, String> {
        let id = self.ids.len() as u64 + 1;
        self.ids.insert(position.hash(), id);
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
        self.writer.line(id, &entries).map_err(io_error)?;
        Ok(Reference::Node(id))
    }

    /// Every move of the loser with what follows it; the moves a pattern settles are
    /// summed up as `*:pattern` when they share one.
    fn loser_entries(&mut self, position: &Position<B>) -> Result<Vec<Entry>, String> {
        let mut moves = MoveList::new();
        let mut others = match self.dfpn.race().verdict(position, DEEPEST_PATTERN) {
            Verdict::Forced(defences, pattern) => {
                defences.moves().iter().for_each(|&mv| moves.push(mv));
                Some(pattern)
            }
            _ => {
                position.generate(&mut moves);
                None
            }
        };
        let mut entries = Vec::with_capacity(moves.len());
        for &mv in moves.iter() {
            let child = position.play(mv);
            if self.settled(&child)?.is_none() && !self.ids.contains_key(&child.hash()) {
                self.prove(&child)?;
            }
            entries.push(Entry::Move(mv, self.reference(&child)?));
        }
        if others.is_none() {
            others = most_common_pattern(&entries);
        }
        if let Some(pattern) = others {
            entries
                .retain(|e| !matches!(e, Entry::Move(_, Reference::Pattern(p)) if *p == pattern));
            entries.push(Entry::Others(pattern));
        }
        Ok(entries)
    }

    /// Makes sure the table knows `position` (the winner to move) is won, solving it again
    /// if it forgot.
    fn prove(&mut self, position: &Position<B>) -> Result<(), String> {
        if self.dfpn.known(position) == Some(Numbers::WON) {
            return Ok(());
        }
        match self.dfpn.solve(position) {
            numbers if numbers == Numbers::WON => Ok(()),
            _ if self.dfpn.stopped() => Err("stopped while writing the proof".into()),
            _ => Err(self.not_won(position)),
        }
    }

    /// A winning move of the winner: one whose position a pattern settles if there is one,
    /// else the one whose proof took the least work.
    fn winning_move(&mut self, position: &Position<B>) -> Result<Move, String> {
        self.prove(position)?;
        let mut moves = MoveList::new();
        self.dfpn.candidate_moves(position, &mut moves);
        let mut best: Option<(u64, Move)> = None;
        for &mv in moves.iter() {
            let child = position.play(mv);
            if matches!(self.settled(&child), Ok(Some(_))) {
                return Ok(mv);
            }
            if let Some((numbers, work)) = self.dfpn.lookup(&child) {
                if numbers == Numbers::LOST && best.is_none_or(|(least, _)| work < least) {
                    best = Some((work, mv));
                }
            }
        }
        if let Some((_, mv)) = best {
            return Ok(mv);
        }
        // The table kept the position but forgot which child refutes: try each in turn.
        for &mv in moves.iter() {
            let child = position.play(mv);
            if self.dfpn.solve(&child) == Numbers::LOST {
                return Ok(mv);
            }
            if self.dfpn.stopped() {
                return Err("stopped while writing the proof".into());
            }
        }
        Err(self.not_won(position))
    }
}

/// The pattern that settles the most of a line's moves, if two or more share one.
fn most_common_pattern(entries: &[Entry]) -> Option<Pattern> {
    let count = |pattern: Pattern| {
        entries
            .iter()
            .filter(|e| matches!(e, Entry::Move(_, Reference::Pattern(p)) if *p == pattern))
            .count()
    };
    Pattern::ALL
        .into_iter()
        .map(|pattern| (count(pattern), pattern))
        .filter(|&(n, _)| n >= 2)
        .max_by_key(|&(n, pattern)| (n, std::cmp::Reverse(pattern)))
        .map(|(_, pattern)| pattern)
}
