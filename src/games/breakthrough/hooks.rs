//! How Breakthrough plugs into the generic layers: [`game::Position`] and [`Provable`] for
//! the position of each bitboard width, [`Game`] and [`ProvableGame`] for [`Breakthrough`],
//! the position of any size.

use super::mirror::Mirror;
use super::race::Defences;
use super::{
    Bitboard, Breakthrough, Color, Move, MoveList, Pattern, Position, Race, Step, Verdict,
};
use crate::eval::EvalChoice;
use crate::game::proof::{Entry, ProofVisitor, Provable, ProvableGame, SolvableVisitor};
use crate::game::{self, Exact, Game, GameResult, MoveKind, Outcome, PositionVisitor, XBoardSetup};
use crate::with_position;
use std::io::{self, Write};
use std::sync::atomic::AtomicBool;

/// The search's and the solver's tables for one board: the race rules, the ranks where
/// moves are urgent and the mirror image of each square.
pub struct Tables<B> {
    race: Race<B>,
    /// By colour: the three ranks before the goal, where moves are never reduced or pruned.
    attack_zone: [B; 2],
    mirror: Mirror,
}

/// The deepest race pattern the search uses: `win5` costs more per node than it saves there.
const SEARCH_DEEPEST: Pattern = Pattern::Loss4;
/// The deepest race pattern the solver uses, and so its proofs cite.
const SOLVER_DEEPEST: Pattern = Pattern::Win5;

/// A race verdict as the generic layers take it: the plies a pattern gives.
#[inline]
fn as_exact(verdict: Verdict) -> Exact<Defences> {
    match verdict {
        Verdict::Won(pattern) => Exact::Won(pattern.plies()),
        Verdict::Lost(pattern) => Exact::Lost(pattern.plies()),
        Verdict::Forced(defences, _) => Exact::Forced(defences),
        Verdict::Open => Exact::Open,
    }
}

/// What move ordering needs of a position: both sides' attacks and the enemy's pieces.
pub struct OrderHints<B> {
    our_attacks: B,
    their_attacks: B,
    theirs: B,
}

impl AsRef<[Move]> for Defences {
    fn as_ref(&self) -> &[Move] {
        self.moves()
    }
}

impl<B: Bitboard> game::Position for Position<B> {
    type Move = Move;
    type Forced = Defences;
    type Tables = Tables<B>;
    type OrderHints = OrderHints<B>;
    type Evaluation = super::evaluation::Evaluation<B>;

    const ALTERNATES: bool = true;
    /// The game ends when a side reaches its goal or has no piece (or move) left, and every
    /// move brings a piece nearer its goal: no draws.
    const CAN_DRAW: bool = false;
    /// By colour, target square and direction (three directions, so no division to find the
    /// origin).
    const HISTORY_SLOTS: usize = 2 * 256 * 3;

    #[inline]
    fn side_to_move(&self) -> Color {
        Position::side_to_move(self)
    }

    #[inline]
    fn hash(&self) -> u64 {
        Position::hash(self)
    }

    #[inline]
    fn decided(&self) -> Option<GameResult> {
        self.winner_by_pieces().map(GameResult::Win)
    }

    #[inline]
    fn generate(&self, list: &mut MoveList) {
        Position::generate(self, list)
    }

    /// Captures: each diagonal in turn.
    #[inline]
    fn generate_noisy(&self, list: &mut MoveList) {
        let us = Position::side_to_move(self);
        let theirs = self.pieces(us.opponent());
        for step in [Step::TowardFirstFile, Step::TowardLastFile] {
            for to in (self.step_targets(us, step) & theirs).squares() {
                list.push(Move::new(self.origin(us, step, to), to));
            }
        }
    }

    #[inline]
    fn is_capture(&self, mv: Move) -> bool {
        Position::is_capture(self, mv)
    }

    #[inline]
    fn play(&self, mv: Move) -> Self {
        Position::play(self, mv)
    }

    /// Zugzwang is rare while the side to move has pieces to spare.
    #[inline]
    fn may_pass(&self) -> bool {
        self.pieces(Position::side_to_move(self)).count() >= 4
    }

    #[inline]
    fn pass(&self) -> Self {
        Position::pass(self)
    }

    fn tables(&self) -> Tables<B> {
        let layout = self.layout();
        let rows = layout.size.rows();
        Tables {
            race: Race::new(layout),
            attack_zone: [
                layout.rank(rows - 2) | layout.rank(rows - 3) | layout.rank(rows - 4),
                layout.rank(1) | layout.rank(2) | layout.rank(3),
            ],
            mirror: Mirror::new(layout.size),
        }
    }

    /// The race rules (see [`super::race`]): a runner of ours wins in one ply; enemy runners
    /// we cannot all capture lose in two; a safe step of ours wins in three; an enemy safe
    /// step we can neither capture nor block loses in four.
    #[inline]
    fn exact(&self, tables: &Tables<B>) -> Exact<Defences> {
        as_exact(tables.race.verdict(self, SEARCH_DEEPEST))
    }

    #[inline]
    fn is_urgent(&self, tables: &Tables<B>, mv: Move) -> bool {
        tables.attack_zone[Position::side_to_move(self) as usize].contains(mv.to())
    }

    #[inline]
    fn order_hints(&self) -> OrderHints<B> {
        let us = Position::side_to_move(self);
        let them = us.opponent();
        OrderHints {
            our_attacks: self.attacks(us),
            their_attacks: self.attacks(them),
            theirs: self.pieces(them),
        }
    }

    /// A capture is the more urgent the further its victim has come toward our home, and
    /// more so when it is safe.
    #[inline]
    fn move_kind(&self, hints: &OrderHints<B>, mv: Move) -> MoveKind {
        let to = mv.to();
        let defended = hints.our_attacks.contains(to);
        if hints.theirs.contains(to) {
            let size = self.size();
            let rank = size.rank_of(to);
            let progress = match Position::side_to_move(self).opponent() {
                Color::White => rank,
                Color::Black => size.rows() - 1 - rank,
            };
            let safe = !hints.their_attacks.contains(to) || defended;
            MoveKind::Capture(progress as i32 * 64 + if safe { 1024 } else { 0 })
        } else if hints.their_attacks.contains(to) && !defended {
            MoveKind::Hanging
        } else {
            MoveKind::Quiet
        }
    }

    #[inline]
    fn history_slot(&self, mv: Move) -> usize {
        let up = self.size().cols();
        let direction = mv.from().abs_diff(mv.to()) + 1 - up; // 0, 1 or 2
        (Position::side_to_move(self) as usize * 256 + mv.to()) * 3 + direction
    }

    #[inline]
    fn count_moves(&self) -> usize {
        Position::count_moves(self) as usize
    }

    /// The race rules down to `win5`: a move to two steps from the goal that keeps a safe
    /// step whatever the enemy does wins in five.
    #[inline]
    fn solver_exact(&self, tables: &Tables<B>) -> Exact<Defences> {
        as_exact(tables.race.verdict(self, SOLVER_DEEPEST))
    }

    fn mirror_hash(&self, tables: &Tables<B>) -> u64 {
        tables.mirror.hash(self)
    }

    #[inline]
    fn mirror_hash_after(&self, tables: &Tables<B>, mirrored: u64, mv: Move) -> u64 {
        tables.mirror.after(self, mirrored, mv)
    }

    fn locality(&self, tables: &Tables<B>) -> Option<u64> {
        Some(tables.mirror.locality(self, self.side_to_move()))
    }

    fn children_locality(&self, tables: &Tables<B>) -> Option<u64> {
        Some(tables.mirror.children_locality(self))
    }

    #[inline]
    fn locality_after(&self, tables: &Tables<B>, children: Option<u64>, mv: Move) -> Option<u64> {
        children.map(|children| tables.mirror.locality_after(self, children, mv))
    }
}

/// Proofs cite the race patterns by name (`win1` … `win5`), in the format of
/// [`super::proof`].
impl<B: Bitboard> Provable for Position<B> {
    type Rule = Pattern;

    #[inline]
    fn verdict(&self, tables: &Tables<B>) -> Verdict {
        tables.race.verdict(self, SOLVER_DEEPEST)
    }

    fn proof_text(&self) -> String {
        super::proof::position_text(self)
    }

    fn write_proof_line(
        &self,
        entries: &[Entry<Move, Pattern>],
        out: &mut dyn Write,
    ) -> io::Result<()> {
        super::proof::write_line(out, self, entries)
    }
}

impl Game for Breakthrough {
    type Move = Move;
    const NAME: &'static str = "breakthrough";

    fn side_to_move(&self) -> Color {
        Breakthrough::side_to_move(self)
    }

    fn hash(&self) -> u64 {
        Breakthrough::hash(self)
    }

    fn outcome(&self) -> Option<Outcome> {
        let victory = Breakthrough::outcome(self)?;
        Some(Outcome {
            result: GameResult::Win(victory.winner),
            reason: victory.to_string(),
        })
    }

    fn result(&self) -> Option<GameResult> {
        self.winner().map(GameResult::Win)
    }

    fn legal_moves(&self) -> MoveList {
        Breakthrough::legal_moves(self)
    }

    fn play(&self, mv: Move) -> Self {
        Breakthrough::play(self, mv)
    }

    fn move_name(&self, mv: Move) -> String {
        Breakthrough::move_name(self, mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, String> {
        Breakthrough::parse_move(self, text)
    }

    fn perft(&self, depth: u32, stop: &AtomicBool) -> u64 {
        with_position!(self, position => super::perft::perft_until(position, depth, stop))
    }

    fn bench_positions() -> &'static [(&'static str, u32)] {
        super::bench::POSITIONS
    }

    fn to_text(&self) -> String {
        self.to_fen()
    }

    fn from_text(text: &str) -> Result<Breakthrough, String> {
        Breakthrough::from_fen(text)
    }

    fn diagram(&self) -> String {
        Breakthrough::diagram(self)
    }

    fn explain(&self, choice: &EvalChoice) -> String {
        super::explain(self, choice)
    }

    fn visit<V: PositionVisitor<Move>>(&self, visitor: V) -> V::Output {
        with_position!(self, position => visitor.visit(position))
    }

    fn board_size(&self) -> Option<String> {
        Some(self.size().to_string())
    }

    /// Troyka's notation, or the algebraic moves XBoard saves (`Paxb3`); on boards of ten
    /// ranks XBoard counts ranks from 0, also in its PGN, so a record that does not replay
    /// the usual way is tried once more with its ranks counted from 1.
    fn replay_record(&self, words: &[&str]) -> Result<Vec<Vec<Move>>, String> {
        let read = |position: &Breakthrough, text: &str| -> Result<Vec<Move>, String> {
            let mv = position
                .parse_move(text)
                .or_else(|error| position.parse_san(text).map_err(|_| error))?;
            Ok(vec![mv])
        };
        let turns = game::replay_turns(self, words, read);
        if turns.is_err() && self.size().rows() == 10 {
            let from_one: Vec<String> = words.iter().map(|word| ranks_from_one(word)).collect();
            let from_one: Vec<&str> = from_one.iter().map(String::as_str).collect();
            if let Ok(from_zero) = game::replay_turns(self, &from_one, read) {
                return Ok(from_zero);
            }
        }
        turns
    }

    /// The board (see `XBOARD_BOARD`), and the piece in Betza notation (see `XBOARD_PIECES`
    /// and `XBOARD_PIECE_MOVES`).
    fn xboard_setup(&self) -> Option<XBoardSetup> {
        let size = self.size();
        let lines = |board: &str| {
            format!(
                "setup ({XBOARD_PIECES}) {}x{}{board} {}\npiece {XBOARD_PIECE_MOVES}",
                size.cols(),
                size.rows(),
                self.to_fen()
            )
        };
        Some(XBoardSetup {
            lines: lines(XBOARD_BOARD),
            ranks: size.rows(),
            holdings: true,
            lines_without_holdings: lines("+0_fairy"),
        })
    }

    fn visit_solvable<V: SolvableVisitor<Move>>(&self, visitor: V) -> Option<V::Output> {
        Some(visitor.visit(self, super::proof::verify))
    }
}

/// The board's holdings and parent variant in XBoard's `setup` (after `CxR`): one square
/// of holdings on the rules of XBoard's `bughouse`. XBoard 4.9.1 can never confirm a
/// Breakthrough win, so with `-testClaims true` (Debian's default) it scores a true win
/// claim between two engines as false, except in a game with holdings, whose win claims it
/// does not test (`GameEnds` in its backend.c); the CECP session claims its wins against
/// another engine only on such a board. Under `bughouse` captured pieces do not go into the
/// holdings and they stay empty: the game is Breakthrough, drawn with two empty holdings
/// squares.
const XBOARD_BOARD: &str = "+1_bughouse";

/// XBoard's piece table: `P` names an XBoard piece type that is not a pawn (the eleventh,
/// XBoard's Man) because XBoard treats a pawn reaching the last rank as a promotion, which
/// Breakthrough has not, and applies pawn-only rules. Position strings thus keep `P` and
/// `p`.
const XBOARD_PIECES: &str = "..........P...........p.";

/// The piece in Betza notation: forward one square straight (`fmW`: move only) or
/// diagonally (`fF`: move or capture); `&` gives black the same, mirrored.
const XBOARD_PIECE_MOVES: &str = "P& fmWfF";

/// A move with ranks counted from 0 rewritten with ranks counted from 1 (`a0b1` is `a1b2`).
fn ranks_from_one(text: &str) -> String {
    let mut out = String::new();
    let mut digits = String::new();
    for c in text.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        if !digits.is_empty() {
            let rank: usize = digits.parse().unwrap_or(0);
            out += &(rank + 1).to_string();
            digits.clear();
        }
        if c != ' ' {
            out.push(c);
        }
    }
    out
}

impl ProvableGame for Breakthrough {
    fn write_proof_header(&self, winner: Color, out: &mut dyn Write) -> io::Result<()> {
        super::proof::write_header(out, self, winner)
    }

    fn write_proof_end(&self, out: &mut dyn Write) -> io::Result<()> {
        super::proof::write_end(out)
    }

    fn visit_provable<V: ProofVisitor<Move>>(&self, visitor: V) -> V::Output {
        with_position!(self, position => visitor.visit(position))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xboards_ranks_from_zero_are_counted_from_one() {
        assert_eq!(ranks_from_one("Pb10xa0"), "Pb11xa1");
        assert_eq!(ranks_from_one("a2a3"), "a3a4");
    }
}
