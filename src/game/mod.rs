//! What the engine knows of a game: the traits that the generic layers (search, solver,
//! protocol, match runner) are written against, so that none of them names a game's own
//! types. Each game lives in its own folder under [`crate::games`].
//!
//! Two levels, because speed matters in one and convenience in the other:
//! - [`Game`]: a position as the protocol and the match runner hold it: any board size, with
//!   notation, position strings and a diagram. Breakthrough's is an enum over bitboard
//!   widths.
//! - [`Position`]: the position the search and perft run on, one concrete type per
//!   bitboard width, monomorphised. [`Game::visit`] hands it to a [`PositionVisitor`] once,
//!   at the top, so the hot path has no dynamic dispatch.
//!
//! A ply is one [`Position::Move`]. Plies need not alternate: a game whose turn has several
//! plies (Breakthru's two slides) keeps the side to move between them, and the search only
//! negates a score when the side to move changes.

mod move_list;
pub mod proof;
mod training;

pub use move_list::{MoveList, MAX_MOVES};
pub use training::{LinearEval, TrainableEval, TrainingData, MAX_ACTIVE_INPUTS};

use crate::eval::EvalChoice;
use proof::SolvableVisitor;
use std::fmt::Debug;
use std::sync::atomic::{AtomicBool, Ordering};

/// A side. White moves first (Breakthrough's white; Breakthru's gold).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    #[inline]
    pub fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

/// One ply of some game: small and copyable, with a null value, and storable in 16 bits (the
/// transposition table keeps moves that way).
pub trait GameMove: Copy + Eq + Debug + Send + Sync + 'static {
    /// No move. Its bits must be 0: the table reads 0 as "no move found".
    const NULL: Self;
    fn bits(self) -> u16;
    fn from_bits(bits: u16) -> Self;
}

/// How a finished game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum GameResult {
    Win(Color),
    Draw,
}

impl GameResult {
    /// The PGN result: `1-0`, `0-1` or `1/2-1/2`.
    pub fn pgn(self) -> &'static str {
        match self {
            GameResult::Win(Color::White) => "1-0",
            GameResult::Win(Color::Black) => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    /// The result a PGN result word names; `None` for `*` (the game goes on) or any other
    /// word.
    pub fn from_pgn(word: &str) -> Option<GameResult> {
        [
            GameResult::Win(Color::White),
            GameResult::Win(Color::Black),
            GameResult::Draw,
        ]
        .into_iter()
        .find(|result| result.pgn() == word)
    }

    /// `side`'s points in half points (2 for a win, 1 for a draw, 0 for a loss), whole
    /// numbers so that pairs and totals add up exactly.
    pub fn half_points(self, side: Color) -> u8 {
        match self {
            GameResult::Win(winner) if winner == side => 2,
            GameResult::Win(_) => 0,
            GameResult::Draw => 1,
        }
    }
}

/// What a game knows for certain about a position before it is searched (Breakthrough's race
/// rules, for one). Plies are counted from the position.
#[derive(Clone, Copy, Debug)]
pub enum Exact<Forced> {
    /// The side to move wins within this many plies.
    Won(u32),
    /// The side to move loses within this many plies.
    Lost(u32),
    /// Only these moves do not lose at once; the search looks at them alone and without
    /// spending depth.
    Forced(Forced),
    /// Nothing certain.
    Open,
}

/// What kind of move a move is, for ordering.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MoveKind {
    /// A capture; a higher urgency is tried first.
    Capture(i32),
    /// A quiet move that puts the piece where it can be taken for nothing: tried last.
    Hanging,
    /// Any other move.
    Quiet,
}

/// A position of a game as the search and perft see it: one concrete type, copy-make.
pub trait Position: Copy + Send + Sync + 'static {
    type Move: GameMove;
    /// What [`Position::exact`] returns for a forced position: the only moves to look at.
    type Forced: Copy + AsRef<[Self::Move]>;
    /// Tables the search and the solver build once per thread for the root's board (race
    /// ranks, zones, the mirror image of each square).
    type Tables: Send;
    /// What move ordering learns of a position once, before scoring its moves.
    type OrderHints;
    /// The static evaluation the search uses on this game.
    type Evaluation: Evaluation<Self>;

    /// Whether the side to move changes with every ply. A game that says `false` may keep
    /// the move between plies, and the search then checks the side at every ply.
    const ALTERNATES: bool;
    /// The number of slots of the search's history table; see [`Position::history_slot`].
    const HISTORY_SLOTS: usize;
    /// Whether the game can end in a draw. The solver proves wins and losses only, and
    /// refuses (at compile time) a game that says it can; a game that never draws says
    /// `false` to be solved.
    const CAN_DRAW: bool = true;
    /// Whether a position can come back (Breakthru's slides can undo each other). The
    /// search then keeps the hashes along its line and scores a repeated position as a
    /// draw; a game that says `false` pays nothing for it.
    const REPEATS: bool = false;

    fn side_to_move(&self) -> Color;
    /// A hash of everything that decides the future of the game: pieces, side to move, and
    /// the state within a turn.
    fn hash(&self) -> u64;
    /// The result, if the position alone says the game is over (cheap: called at every
    /// node). A side with no legal move is found by the search itself.
    fn decided(&self) -> Option<GameResult>;
    /// Appends every legal move.
    fn generate(&self, list: &mut MoveList<Self::Move>);
    /// Appends the moves quiescence search looks at (captures).
    fn generate_noisy(&self, list: &mut MoveList<Self::Move>);
    fn is_capture(&self, mv: Self::Move) -> bool;
    /// The position after a legal move.
    fn play(&self, mv: Self::Move) -> Self;
    /// Whether a null move may be tried here (not where zugzwang is likely).
    fn may_pass(&self) -> bool;
    /// The position with the turn handed to the other side and nothing else changed.
    fn pass(&self) -> Self;

    /// The tables for searching below this position.
    fn tables(&self) -> Self::Tables;
    /// What is certain here before searching.
    fn exact(&self, tables: &Self::Tables) -> Exact<Self::Forced>;
    /// Whether `mv` is never reduced or pruned (a move toward the goal, for instance).
    fn is_urgent(&self, tables: &Self::Tables, mv: Self::Move) -> bool;
    fn order_hints(&self) -> Self::OrderHints;
    fn move_kind(&self, hints: &Self::OrderHints, mv: Self::Move) -> MoveKind;
    /// Where the history table keeps `mv` played here: below [`Position::HISTORY_SLOTS`].
    fn history_slot(&self, mv: Self::Move) -> usize;

    // What the solver needs beyond the search's hooks. A game that is never solved may keep
    // the defaults.

    /// The number of legal moves (the solver's first disproof numbers count them); a game
    /// that can count them without listing them says so here.
    fn count_moves(&self) -> usize {
        let mut list = MoveList::new();
        self.generate(&mut list);
        list.len()
    }

    /// What the solver takes as certain here. By default the search's [`Position::exact`];
    /// a game may know more where a rule costs more per node than the search can afford
    /// but saves a proof whole subtrees (Breakthrough's `win5`).
    fn solver_exact(&self, tables: &Self::Tables) -> Exact<Self::Forced> {
        self.exact(tables)
    }

    /// The hash of this position's mirror image, for a game whose rules cannot tell the two
    /// apart (Breakthrough's left-right mirror): the solver keeps both under one key, so
    /// what it proves for one serves the other. By default the position's own hash: no
    /// symmetry.
    fn mirror_hash(&self, tables: &Self::Tables) -> u64 {
        let _ = tables;
        self.hash()
    }

    /// The mirror image's hash after `mv`, from `mirrored`, the hash of this position's
    /// mirror image: what [`Position::mirror_hash`] of the child gives, which a game may
    /// update incrementally instead.
    fn mirror_hash_after(&self, tables: &Self::Tables, mirrored: u64, mv: Self::Move) -> u64 {
        let _ = mirrored;
        self.play(mv).mirror_hash(tables)
    }

    /// Where the solver's table keeps this position: a hash of the part of it that the moves
    /// of its parent mostly leave alone (Breakthrough's: the pieces of the side to move, which
    /// the move before could only capture one of), so that the children of a position, whose
    /// entries the solver reads together, lie near each other in memory rather than all over
    /// a table of gigabytes (the solver's `symmetry` module puts it in the key's top bits). It
    /// must be the same for a position and its mirror image. `None` by default: the table
    /// spreads positions by their hashes alone. A game that gives it gives
    /// [`Position::children_locality`] and [`Position::locality_after`] too.
    fn locality(&self, tables: &Self::Tables) -> Option<u64> {
        let _ = tables;
        None
    }

    /// What the localities of this position's children are worked out from, once for them
    /// all: see [`Position::locality_after`].
    fn children_locality(&self, tables: &Self::Tables) -> Option<u64> {
        let _ = tables;
        None
    }

    /// [`Position::locality`] of the position after `mv`, from `children`, what
    /// [`Position::children_locality`] gave for this position.
    fn locality_after(
        &self,
        tables: &Self::Tables,
        children: Option<u64>,
        mv: Self::Move,
    ) -> Option<u64> {
        let _ = (tables, mv);
        children
    }
}

/// The evaluation of one search thread: the game's own way of scoring positions, told of
/// every ply along the current line so that it can update incrementally.
pub trait Evaluation<P: Position>: Send {
    /// The evaluation for a search from `root`, as `choice` asks.
    fn new(root: &P, choice: &EvalChoice) -> Self;
    /// The score of `position`, at `ply` of the current line, for its side to move.
    fn evaluate(&mut self, position: &P, ply: usize) -> i32;
    /// `position` is left by `mv`, reaching `ply`.
    fn push_move(&mut self, position: &P, mv: P::Move, ply: usize);
    /// `ply` is reached by a pass.
    fn push_pass(&mut self, ply: usize);
}

/// Code that runs on a concrete [`Position`] type: what [`Game::visit`] calls.
pub trait PositionVisitor<M: GameMove> {
    type Output;
    fn visit<P: Position<Move = M>>(self, position: &P) -> Self::Output;
}

/// How a finished game ended: the result and why, as a GUI or a game record says it
/// (`White reaches the goal`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Outcome {
    pub result: GameResult,
    pub reason: String,
}

/// A game position of any size, as the protocol and the tools hold it.
///
/// A *turn* is what a player does between the opponent's turns: one ply in Breakthrough,
/// one or two in Breakthru. The search and the table deal in plies; the protocol and game
/// records in turns, written by [`Game::turn_name`] and read by [`Game::parse_turn`].
pub trait Game: Clone + Debug + Send + Sync + 'static {
    type Move: GameMove;

    /// The name of the game as protocols and records say it (`breakthrough`), the same for
    /// every board size.
    const NAME: &'static str;
    /// The game's name in a PGN record's `Variant` tag (read back in any case): [`Game::NAME`]
    /// unless people write it otherwise (`Breakthru`, as the box says).
    const PGN_VARIANT: &'static str = Self::NAME;

    fn side_to_move(&self) -> Color;
    /// What a side is called in this game (white and black by default).
    fn side_name(side: Color) -> &'static str {
        side.name()
    }
    fn hash(&self) -> u64;
    /// The result and its reason once the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// The result once the game is over.
    fn result(&self) -> Option<GameResult> {
        self.outcome().map(|outcome| outcome.result)
    }
    /// The hashes ([`Position::hash`]) of the positions played before this one that a
    /// repetition of would draw, for the search: those since the last move that cannot be
    /// undone. Empty by default (a game whose positions never repeat).
    fn history(&self) -> Vec<u64> {
        Vec::new()
    }
    /// The legal plies (none once the game is over).
    fn legal_moves(&self) -> MoveList<Self::Move>;
    /// The position after a legal ply.
    fn play(&self, mv: Self::Move) -> Self;
    /// The position after legal plies played one after another (a turn, a line).
    fn play_all(&self, plies: &[Self::Move]) -> Self {
        plies
            .iter()
            .fold(self.clone(), |position, &mv| position.play(mv))
    }
    /// A ply as text (`a2a3`).
    fn move_name(&self, mv: Self::Move) -> String;
    /// Reads one ply and checks that it is legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, String>;

    /// A whole turn as text: its plies' names joined by commas, in the order given. A game
    /// whose turns can be played in several orders writes one canonical order here.
    fn turn_name(&self, turn: &[Self::Move]) -> String {
        let mut position = self.clone();
        let mut names = Vec::with_capacity(turn.len());
        for &mv in turn {
            names.push(position.move_name(mv));
            position = position.play(mv);
        }
        names.join(",")
    }

    /// Reads a whole turn (plies joined by commas) and checks that it is legal here and
    /// complete: after it the other side is to move, or the game is over.
    fn parse_turn(&self, text: &str) -> Result<Vec<Self::Move>, String> {
        let mut position = self.clone();
        let mut turn = Vec::new();
        for part in text.split(',') {
            if !turn.is_empty() && turn_over(self, &position) {
                return Err(format!(
                    "'{text}': the turn is over before '{part}' (one turn at a time)"
                ));
            }
            let mv = position.parse_move(part)?;
            position = position.play(mv);
            turn.push(mv);
        }
        if !turn_over(self, &position) {
            return Err(format!(
                "'{text}' is not a whole turn: {} still has to move",
                Self::side_name(self.side_to_move())
            ));
        }
        Ok(turn)
    }

    /// Every legal turn, each as its plies. By default every sequence of legal plies that
    /// completes a turn; a game whose turns can be played in several orders lists each once
    /// here, in its canonical order (what perft counts).
    fn turns(&self) -> Vec<Vec<Self::Move>> {
        let mut turns = Vec::new();
        let mut stack = vec![(self.clone(), Vec::new())];
        while let Some((position, plies)) = stack.pop() {
            if !plies.is_empty() && turn_over(self, &position) {
                turns.push(plies);
                continue;
            }
            for &mv in position.legal_moves().iter().rev() {
                let mut longer = plies.clone();
                longer.push(mv);
                stack.push((position.play(mv), longer));
            }
        }
        turns
    }

    /// The leaves of the tree of `depth` turns below this position (perft: a finished game
    /// is a leaf and is not expanded), or what was counted when `stop` was set. A game may
    /// count faster than this default.
    fn perft(&self, depth: u32, stop: &AtomicBool) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut leaves = 0;
        for turn in self.turns() {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            leaves += self.play_all(&turn).perft(depth - 1, stop);
        }
        leaves
    }

    // A turn too large for the search to take ply by ply. A game without one keeps the
    // defaults.

    /// Whether the turn to play here is planned whole instead of searched ply by ply
    /// (Breakthru's setup: a whole fleet placed in one turn, millions of ways): the engine
    /// starts from [`Game::planned_turn_start`] and keeps each change
    /// ([`Game::changed_turn`]) that a short search of where it leads scores better.
    fn plans_turn(&self) -> bool {
        false
    }

    /// The whole turn planning starts from (the game's suggestion), as its plies.
    fn planned_turn_start(&self) -> Vec<Self::Move> {
        Vec::new()
    }

    /// A whole legal turn a little different from `turn`, the difference chosen by `random`.
    fn changed_turn(&self, turn: &[Self::Move], random: u64) -> Vec<Self::Move> {
        let _ = random;
        turn.to_vec()
    }

    /// Perft where the turns are too many to list (Breakthru's setup: silver alone has 5.4e20
    /// ways to place its fleet): the count, counted the game's own way; `Ok(None)` when
    /// `stop` ended it; an error when it cannot be had. `None`, the default: the turns are
    /// listed by [`Game::turns`] and counted below each by [`Game::perft`].
    fn perft_unlisted(
        &self,
        depth: u32,
        stop: &AtomicBool,
    ) -> Option<Result<Option<u128>, String>> {
        let _ = (depth, stop);
        None
    }

    /// The positions `troyka bench` searches, as position strings with a depth each: the
    /// game's search signature. None by default.
    fn bench_positions() -> &'static [(&'static str, u32)] {
        &[]
    }

    /// The position as text, as files name it (the solver's checkpoints): what
    /// [`Game::from_text`] reads back. Breakthrough's is its FEN.
    fn to_text(&self) -> String;
    /// Reads a position written by [`Game::to_text`].
    fn from_text(text: &str) -> Result<Self, String>;
    /// The board drawn in text, for people (the protocol's `d`).
    fn diagram(&self) -> String;
    /// The static evaluation term by term (the protocol's `eval`), with `choice`'s
    /// evaluation.
    fn explain(&self, choice: &EvalChoice) -> String;
    /// Runs `visitor` on the concrete position.
    fn visit<V: PositionVisitor<Self::Move>>(&self, visitor: V) -> V::Output;

    // What the protocol, game records and match runners ask of a game beyond the rules. A
    // game may keep the defaults.

    /// The size of the board, as the `BoardSize` option, the protocol's `d` and messages
    /// write it (`8x8`), for a game played on boards of several sizes: positions on different
    /// boards never meet in one match. `None`, the default, for a game with one board.
    fn board_size(&self) -> Option<String> {
        None
    }

    /// The turns of a game record's moves (its words, move numbers and result taken out)
    /// played from this position. By default each word is one turn in the game's own
    /// notation ([`Game::parse_turn`]); a game whose records other programs write in their
    /// own notation reads that here too.
    fn replay_record(&self, words: &[&str]) -> Result<Vec<Vec<Self::Move>>, String> {
        replay_turns(self, words, Game::parse_turn)
    }

    /// How XBoard is to draw a game that starts here (the CECP protocol's `setup` and
    /// `piece` commands). `None` by default: XBoard cannot show this game.
    fn xboard_setup(&self) -> Option<XBoardSetup> {
        None
    }

    /// Runs `visitor` on this game if the proof-number solver can prove its positions: the
    /// game cannot be drawn ([`Position::CAN_DRAW`] is false), writes proofs
    /// ([`proof::ProvableGame`]) and has a checker for them. `None` by default: this game
    /// cannot be solved.
    fn visit_solvable<V: SolvableVisitor<Self::Move>>(&self, visitor: V) -> Option<V::Output> {
        let _ = visitor;
        None
    }
}

/// What XBoard needs to show a game: see [`Game::xboard_setup`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XBoardSetup {
    /// The lines that describe the board, the pieces and the start position to XBoard.
    pub lines: String,
    /// The board's ranks. XBoard writes a rank as one character (`'1'` and up, so ranks
    /// past 9 as `:` `;` …; from `'0'` on a board of exactly ten), which the protocol
    /// translates.
    pub ranks: usize,
    /// Whether `lines` give the board holdings: XBoard 4.9.1 tests no win claims in such a
    /// game, so the CECP session may claim its wins against another engine there.
    pub holdings: bool,
    /// `lines` without holdings, on the rules of XBoard's `fairy` variant, for `new`: XBoard
    /// takes a later `setup` (the one that answers the `variant` it sends after `new`) only
    /// while the board's rules are `fairy`'s.
    pub lines_without_holdings: String,
}

/// Whether the turn begun at `start` is over at `now`: the other side is to move, or the
/// game has ended.
pub fn turn_over<G: Game>(start: &G, now: &G) -> bool {
    now.side_to_move() != start.side_to_move() || now.result().is_some()
}

/// The plies of `line` from `start` grouped into turns (the last one maybe unfinished).
pub fn turns_of<G: Game>(start: &G, line: &[G::Move]) -> Vec<Vec<G::Move>> {
    let mut turns: Vec<Vec<G::Move>> = Vec::new();
    let mut turn_start = start.clone();
    let mut position = start.clone();
    for &mv in line {
        if turns.is_empty() || turn_over(&turn_start, &position) {
            turns.push(Vec::new());
            turn_start = position.clone();
        }
        turns.last_mut().expect("pushed").push(mv);
        position = position.play(mv);
    }
    turns
}

/// The turns `words` name, played from `start`: each word read by `read_turn` in the position
/// where it is played. An error names the move (counted from 1) and its word.
pub fn replay_turns<G: Game>(
    start: &G,
    words: &[&str],
    read_turn: impl Fn(&G, &str) -> Result<Vec<G::Move>, String>,
) -> Result<Vec<Vec<G::Move>>, String> {
    let mut position = start.clone();
    let mut turns = Vec::with_capacity(words.len());
    for &word in words {
        let turn = read_turn(&position, word)
            .map_err(|e| format!("move {} ({word}): {e}", turns.len() + 1))?;
        position = position.play_all(&turn);
        turns.push(turn);
    }
    Ok(turns)
}

/// A line of plies from `start` as text: turns separated by spaces (a principal variation).
pub fn line_name<G: Game>(start: &G, line: &[G::Move]) -> String {
    let mut position = start.clone();
    let mut names = Vec::new();
    for turn in turns_of(start, line) {
        names.push(position.turn_name(&turn));
        position = position.play_all(&turn);
    }
    names.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::relay::{Ply, Relay};

    #[test]
    fn turns_are_read_whole_and_one_at_a_time() {
        let start = Relay::new(10, 5);
        assert_eq!(
            start.parse_turn("2,1"),
            Ok(vec![Ply::take(2), Ply::take(1)])
        );
        assert_eq!(
            start.parse_turn("1,end"),
            Ok(vec![Ply::take(1), Ply::END_TURN])
        );
        let unfinished = start.parse_turn("2").unwrap_err();
        assert!(unfinished.contains("not a whole turn"), "{unfinished}");
        let two_turns = start.parse_turn("2,1,1").unwrap_err();
        assert!(two_turns.contains("the turn is over"), "{two_turns}");
        assert!(start.parse_turn("end").is_err());
        assert!(start.parse_turn("3,1").is_err());
        // The last stone ends the game, and with it the turn, after one ply.
        assert_eq!(Relay::new(2, 5).parse_turn("2"), Ok(vec![Ply::take(2)]));
    }

    #[test]
    fn a_line_is_written_turn_by_turn() {
        let start = Relay::new(10, 5);
        let line = [2, 1, 1, 3, 2].map(|n| if n == 3 { Ply::END_TURN } else { Ply::take(n) });
        assert_eq!(
            turns_of(&start, &line),
            vec![line[..2].to_vec(), line[2..4].to_vec(), line[4..].to_vec()]
        );
        assert_eq!(line_name(&start, &line), "2,1 1,end 2");
        assert_eq!(line_name(&start, &[]), "");
    }
}
