//! Proofs, for any game: what a line of a proof says about a position ([`Entry`],
//! [`Reference`]), the solver's rules naming the rule a proof cites ([`Verdict`]), and the
//! traits through which a game writes the lines in a format of its own ([`Provable`],
//! [`ProvableGame`]). The solver walks its solved table and says what each line holds; the
//! game writes it, and the game's own checker ([`ProofChecker`]) reads it back, sharing no
//! code with the solver: this vocabulary, with what the checker reports ([`CheckedProof`]),
//! is all they have in common.

use super::{Color, Game, GameMove, MoveList, Position};
use std::fmt::{Debug, Display};
use std::io::{self, BufRead, Write};

/// What the solver's rules say of a position, as [`super::Exact`] does, but naming the rule
/// that says it, for a proof to cite.
#[derive(Clone, Copy, Debug)]
pub enum Verdict<Forced, Rule> {
    /// The side to move wins by this rule.
    Won(Rule),
    /// The side to move loses by this rule.
    Lost(Rule),
    /// Only these moves do not lose at once: every other move leaves a position the enemy
    /// wins by the rule.
    Forced(Forced, Rule),
    /// Nothing certain.
    Open,
}

/// What follows a move in a proof line: why the position it leaves is won for the winner.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Reference<Rule> {
    /// The position has a line further up.
    Line,
    /// Its mirror image has a line further up.
    Mirror,
    /// A rule wins the position for the winner.
    Rule(Rule),
    /// The game is over, won by the winner.
    End,
}

/// One item of a proof line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Entry<Move, Rule> {
    /// A move and what follows it.
    Move(Move, Reference<Rule>),
    /// Every legal move not listed leaves a position the rule wins for the winner.
    Others(Rule),
    /// The position itself is won by the rule.
    Itself(Rule),
}

/// A position whose proofs the solver can write: the rules by name, and its line.
pub trait Provable: Position {
    /// What a proof may cite to settle a position without a line of its own
    /// (Breakthrough's race patterns). Where a loser's moves share rules, the rule shared
    /// by the most moves sums them up, and the first in this order among equals.
    /// A rule is written in proofs (and in the cluster's job files) as it displays.
    type Rule: Copy + Ord + Debug + Display;

    /// [`Position::solver_exact`] with the rule behind it: the two must agree.
    fn verdict(&self, tables: &Self::Tables) -> Verdict<Self::Forced, Self::Rule>;

    /// The moves a proof must answer from here, where this side loses: only the forced ones
    /// when the verdict forces them, with the rule that refutes every other move; else all
    /// of them, and no rule.
    fn moves_to_refute(&self, tables: &Self::Tables) -> (MoveList<Self::Move>, Option<Self::Rule>) {
        let mut moves = MoveList::new();
        let others = match self.verdict(tables) {
            Verdict::Forced(defences, rule) => {
                defences.as_ref().iter().for_each(|&mv| moves.push(mv));
                Some(rule)
            }
            _ => {
                self.generate(&mut moves);
                None
            }
        };
        (moves, others)
    }

    /// How the proof's lines write this position (the cluster's job files name positions
    /// so too).
    fn proof_text(&self) -> String;

    /// Writes the line of this position: what shows that it is won for the winner.
    fn write_proof_line(
        &self,
        entries: &[Entry<Self::Move, Self::Rule>],
        out: &mut dyn Write,
    ) -> io::Result<()>;
}

/// Code that runs on a concrete [`Provable`] position: what [`ProvableGame::visit_provable`]
/// calls.
pub trait ProofVisitor<M: GameMove> {
    type Output;
    fn visit<P: Provable<Move = M>>(self, position: &P) -> Self::Output;
}

/// A game whose positions are [`Provable`]: the file around the lines, and the way to them.
/// Equality tells a solve's checkpoint whether it was saved from the same root.
pub trait ProvableGame: Game + PartialEq {
    /// Writes what comes before the lines: what the proof proves (the root, the winner).
    fn write_proof_header(&self, winner: Color, out: &mut dyn Write) -> io::Result<()>;
    /// Writes what closes the proof after its last line.
    fn write_proof_end(&self, out: &mut dyn Write) -> io::Result<()>;
    /// Runs `visitor` on the concrete position, as [`Game::visit`] does.
    fn visit_provable<V: ProofVisitor<Self::Move>>(&self, visitor: V) -> V::Output;
}

/// What a game's proof checker found in a proof that holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckedProof {
    /// The position proved, as [`Game::to_text`] writes it.
    pub root: String,
    /// Who wins it.
    pub winner: Color,
    /// Positions proved.
    pub positions: u64,
    /// The longest line of the proof, in plies (of a certificate, of its top only).
    pub depth: u32,
    /// The verdict in the game's words, as `troyka verify-proof` prints it: what the proof
    /// proves and what it rests on (`proof checked: black wins … within 34 plies; …`). A
    /// certificate's holds only once its leaves are proved again.
    pub verdict: String,
    /// What the checker saw that does not make the proof wrong but is worth telling (lines
    /// no other line uses), one sentence each.
    pub notes: Vec<String>,
    /// A certificate's leaves: positions the file says are won for the winner without
    /// proving it, for the solver to prove again (`crate::solve`'s certificate module).
    /// Empty for an ordinary proof, which holds as checked.
    pub leaves_to_prove: Vec<LeafToProve>,
}

/// A leaf of a certificate: a position won for the proof's winner, to be proved again by
/// the solver within `nodes` nodes on one thread with a table of `hash_megabytes` MiB.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeafToProve {
    /// The position, as [`Game::to_text`] writes it.
    pub position: String,
    pub nodes: u64,
    pub hash_megabytes: usize,
    /// The line of the file that names it, for messages.
    pub line: usize,
}

/// A game's proof checker: reads a whole proof, as the solver wrote it, and checks it. With
/// `deep` (the second argument) it also confirms every rule the proof cites by brute force,
/// so that the check trusts nothing but the rules of play.
pub type ProofChecker = fn(&mut dyn BufRead, bool) -> Result<CheckedProof, String>;

/// Code that runs on a game the solver can prove: what [`Game::visit_solvable`] calls, with
/// the game's proof checker.
pub trait SolvableVisitor<M: GameMove> {
    type Output;
    fn visit<G: ProvableGame<Move = M>>(self, game: &G, check: ProofChecker) -> Self::Output
    where
        M: Ord;
}
