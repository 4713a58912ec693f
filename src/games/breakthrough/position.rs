//! A Breakthrough position on one bitboard width: pieces, side to move, incremental hash;
//! move generation, making moves and the game's outcome.

use super::bitboard::Bitboard;
use super::geometry::{BoardSize, Layout};
use super::moves::{Move, MoveList};
use super::zobrist::ZobristKeys;
use super::Color;

/// A position. Copy-make: [`Position::play`] returns the position after a move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Position<B> {
    pieces: [B; 2],
    side: Color,
    hash: u64,
    layout: Layout<B>,
    keys: &'static ZobristKeys,
}

/// The three directions a piece can step in, as seen by the side moving.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Step {
    /// Straight ahead: only into an empty square.
    Straight,
    /// Diagonally toward file `a`: into an empty square or capturing.
    TowardFirstFile,
    /// Diagonally away from file `a`: into an empty square or capturing.
    TowardLastFile,
}

impl Step {
    /// Diagonals first: captures are found before quiet straight steps.
    pub const ALL: [Step; 3] = [Step::TowardFirstFile, Step::TowardLastFile, Step::Straight];
}

impl<B: Bitboard> Position<B> {
    /// The start position: white on ranks 1-2, black on the top two ranks, white to move.
    pub fn start(size: BoardSize) -> Position<B> {
        let layout = Layout::<B>::new(size);
        let top = size.rows() - 1;
        Position::from_pieces(
            size,
            layout.rank(0) | layout.rank(1),
            layout.rank(top) | layout.rank(top - 1),
            Color::White,
        )
    }

    /// A position from its pieces; squares outside the board are ignored.
    pub fn from_pieces(size: BoardSize, white: B, black: B, side: Color) -> Position<B> {
        let layout = Layout::<B>::new(size);
        let black = black & layout.all & !white;
        let mut position = Position {
            pieces: [white & layout.all, black],
            side,
            hash: 0,
            layout,
            keys: ZobristKeys::get(),
        };
        position.hash = position.hash_from_scratch();
        position
    }

    pub fn size(&self) -> BoardSize {
        self.layout.size
    }

    pub fn layout(&self) -> &Layout<B> {
        &self.layout
    }

    pub fn side_to_move(&self) -> Color {
        self.side
    }

    pub fn pieces(&self, color: Color) -> B {
        self.pieces[color as usize]
    }

    pub fn occupied(&self) -> B {
        self.pieces[0] | self.pieces[1]
    }

    pub fn empty(&self) -> B {
        self.layout.all & !self.occupied()
    }

    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The piece on a square, if any.
    pub fn piece_at(&self, square: usize) -> Option<Color> {
        [Color::White, Color::Black]
            .into_iter()
            .find(|&c| self.pieces(c).contains(square))
    }

    /// The hash computed from the pieces alone; [`Position::hash`] must always equal it.
    pub fn hash_from_scratch(&self) -> u64 {
        let mut hash = if self.side == Color::Black {
            self.keys.black_to_move()
        } else {
            0
        };
        for color in [Color::White, Color::Black] {
            for square in self.pieces(color).squares() {
                hash ^= self.keys.piece(color, square);
            }
        }
        hash
    }

    /// How far (in square indices) a step moves a piece of `color`.
    #[inline(always)]
    fn step_distance(&self, color: Color, step: Step) -> u32 {
        match (step, color) {
            (Step::Straight, _) => self.layout.up,
            (Step::TowardFirstFile, Color::White) | (Step::TowardLastFile, Color::Black) => {
                self.layout.up - 1
            }
            _ => self.layout.up + 1,
        }
    }

    /// Squares reached by stepping every piece of `set` once in `step` as `color`. Pieces
    /// on the edge file are masked out first so that diagonal steps never wrap around;
    /// the result may include squares beyond the top of the board, which callers mask.
    #[inline(always)]
    fn stepped(&self, color: Color, set: B, step: Step) -> B {
        let movers = match step {
            Step::Straight => set,
            Step::TowardFirstFile => set & self.layout.not_first_file,
            Step::TowardLastFile => set & self.layout.not_last_file,
        };
        let distance = self.step_distance(color, step);
        match color {
            Color::White => movers << distance,
            Color::Black => movers >> distance,
        }
    }

    /// Target squares of all moves of `color` in one direction, wherever it is to move.
    #[inline(always)]
    pub fn step_targets(&self, color: Color, step: Step) -> B {
        self.step_targets_from(color, self.pieces(color), step)
    }

    /// Target squares of the moves of the pieces `movers` (of `color`) in one direction.
    #[inline(always)]
    pub fn step_targets_from(&self, color: Color, movers: B, step: Step) -> B {
        let allowed = match step {
            Step::Straight => self.empty(),
            _ => self.layout.all & !self.pieces(color),
        };
        self.stepped(color, movers & self.pieces(color), step) & allowed
    }

    /// The square a move in `step` to `to` comes from, for a piece of `color`.
    #[inline(always)]
    pub fn origin(&self, color: Color, step: Step, to: usize) -> usize {
        let distance = self.step_distance(color, step) as usize;
        match color {
            Color::White => to - distance,
            Color::Black => to + distance,
        }
    }

    /// Squares attacked (diagonally forward) by pieces of `color`.
    #[inline]
    pub fn attacks(&self, color: Color) -> B {
        let ours = self.pieces(color);
        (self.stepped(color, ours, Step::TowardFirstFile)
            | self.stepped(color, ours, Step::TowardLastFile))
            & self.layout.all
    }

    /// Squares attacked by two pieces of `color` at once.
    #[inline]
    pub fn double_attacks(&self, color: Color) -> B {
        let ours = self.pieces(color);
        self.stepped(color, ours, Step::TowardFirstFile)
            & self.stepped(color, ours, Step::TowardLastFile)
            & self.layout.all
    }

    /// Squares one step ahead of the squares `set` for `color`, in any of the three
    /// directions, whatever stands on them.
    #[inline]
    pub fn squares_ahead(&self, color: Color, set: B) -> B {
        (self.stepped(color, set, Step::Straight)
            | self.stepped(color, set, Step::TowardFirstFile)
            | self.stepped(color, set, Step::TowardLastFile))
            & self.layout.all
    }

    /// Pieces of `color` that attack at least one square of `targets`.
    #[inline]
    pub fn attackers_of(&self, color: Color, targets: B) -> B {
        // A piece attacks a target when the target, stepped back diagonally (as the
        // opponent steps forward), lands on it: reuse the opponent's diagonal steps.
        let them = color.opponent();
        (self.stepped(them, targets, Step::TowardFirstFile)
            | self.stepped(them, targets, Step::TowardLastFile))
            & self.pieces(color)
    }

    /// Calls `visit` with every legal move of the side to move (for a position whose game
    /// is not over; on a finished game it still lists what the pieces could do).
    #[inline]
    pub fn for_each_move(&self, visit: impl FnMut(Move)) {
        // One branch on the side here, so that the steps below are straight-line code.
        match self.side {
            Color::White => self.for_each_move_of(Color::White, visit),
            Color::Black => self.for_each_move_of(Color::Black, visit),
        }
    }

    #[inline(always)]
    fn for_each_move_of(&self, color: Color, mut visit: impl FnMut(Move)) {
        for step in Step::ALL {
            for to in self.step_targets(color, step).squares() {
                visit(Move::new(self.origin(color, step, to), to));
            }
        }
    }

    /// Appends every legal move to `list` (see [`Position::for_each_move`]).
    pub fn generate(&self, list: &mut MoveList) {
        self.for_each_move(|mv| list.push(mv));
    }

    /// Number of legal moves, without listing them (perft's bulk count).
    #[inline]
    pub fn count_moves(&self) -> u64 {
        match self.side {
            Color::White => self.count_moves_of(Color::White),
            Color::Black => self.count_moves_of(Color::Black),
        }
    }

    #[inline(always)]
    fn count_moves_of(&self, color: Color) -> u64 {
        (self.step_targets(color, Step::Straight).count()
            + self.step_targets(color, Step::TowardFirstFile).count()
            + self.step_targets(color, Step::TowardLastFile).count()) as u64
    }

    pub fn is_capture(&self, mv: Move) -> bool {
        self.pieces(self.side.opponent()).contains(mv.to())
    }

    /// The position after `mv`, which must be legal.
    #[inline]
    pub fn play(&self, mv: Move) -> Position<B> {
        let (us, them) = (self.side, self.side.opponent());
        let (from, to) = (mv.from(), mv.to());
        let mut next = self.play_unhashed(mv);
        let keys = self.keys;
        next.hash ^= keys.piece(us, from) ^ keys.piece(us, to) ^ keys.black_to_move();
        if self.pieces(them).contains(to) {
            next.hash ^= keys.piece(them, to);
        }
        debug_assert_eq!(next.hash, next.hash_from_scratch());
        next
    }

    /// The pieces and side to move after `mv`, with the hash not yet updated.
    #[inline]
    fn play_unhashed(&self, mv: Move) -> Position<B> {
        let (us, them) = (self.side, self.side.opponent());
        let mut next = *self;
        next.pieces[us as usize] ^= B::square(mv.from()) | B::square(mv.to());
        next.pieces[them as usize] &= !B::square(mv.to());
        next.side = them;
        next
    }

    /// How many moves the opponent has after `mv` (zero if `mv` ends the game): perft's
    /// bulk count, which needs no hash.
    #[inline]
    pub fn count_replies(&self, mv: Move) -> u64 {
        let next = self.play_unhashed(mv);
        if next.winner_by_pieces().is_some() {
            0
        } else {
            next.count_moves()
        }
    }

    /// The position with the other side to move and nothing else changed (null move).
    #[inline]
    pub fn pass(&self) -> Position<B> {
        let mut next = *self;
        next.side = self.side.opponent();
        next.hash ^= self.keys.black_to_move();
        next
    }

    /// The winner if the game is decided by the pieces alone: a piece on its goal rank, or
    /// a side without pieces. Cheap; used on every node.
    #[inline]
    pub fn winner_by_pieces(&self) -> Option<Color> {
        let white_home = !(self.pieces[0] & self.layout.last_rank).is_empty();
        let black_home = !(self.pieces[1] & self.layout.first_rank).is_empty();
        // Both on goal cannot arise in play; a position string may say so, and then the side
        // that moved last got there first.
        match (white_home, black_home) {
            (true, true) => return Some(self.side.opponent()),
            (true, false) => return Some(Color::White),
            (false, true) => return Some(Color::Black),
            (false, false) => {}
        }
        if self.pieces(self.side).is_empty() {
            Some(self.side.opponent())
        } else if self.pieces(self.side.opponent()).is_empty() {
            Some(self.side)
        } else {
            None
        }
    }

    /// The winner if the game is over. Beyond [`Position::winner_by_pieces`], a side to move without
    /// a legal move loses (impossible with two or more columns, but not assumed).
    pub fn winner(&self) -> Option<Color> {
        self.winner_by_pieces()
            .or_else(|| (self.count_moves() == 0).then_some(self.side.opponent()))
    }
}
