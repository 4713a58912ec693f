//! Proofs, for any game: what a line of a proof says about a position ([`Entry`],
//! [`Reference`]), and the exact rules naming the rule a proof cites ([`Verdict`]). The
//! solver says what each line holds, and a game's own checker reads it back, sharing no
//! code with the solver: this vocabulary is all they have in common.

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
