//! [`Board121`]: a set of squares of the 11x11 board on a `u128`.
//!
//! Square `rank * 11 + file` (a1 = 0, b1 = 1, ..., k1 = 10, a2 = 11, ..., k11 = 120). Bits 121
//! to 127 are never set: every operation that could set them (`!`, a shift toward rank 11)
//! masks them off, so that counting a set counts squares.
//!
//! Slides are computed for a whole set of pieces at once, one direction at a time, with an
//! occluded (Kogge-Stone) fill. In one direction every empty square is reached by at most one
//! piece (the nearest one behind it on its line), so the popcount of the four fills is the
//! exact number of slides of the set: perft counts the last turn that way without listing it.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// Files (and ranks) of the board.
pub const SIDE: usize = 11;
/// Squares of the board.
pub const SQUARES: usize = SIDE * SIDE;

/// A set of squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct Board121(pub u128);

/// The four directions a ship slides in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Direction {
    /// Toward rank 11.
    North,
    /// Toward rank 1.
    South,
    /// Toward file k.
    East,
    /// Toward file a.
    West,
}

impl Direction {
    pub const ALL: [Direction; 4] = [
        Direction::North,
        Direction::South,
        Direction::East,
        Direction::West,
    ];
}

impl Board121 {
    pub const EMPTY: Board121 = Board121(0);
    pub const ALL: Board121 = Board121((1 << SQUARES) - 1);
    pub const FILE_A: Board121 = Board121::file(0);
    pub const FILE_K: Board121 = Board121::file(SIDE - 1);
    pub const RANK_1: Board121 = Board121::rank(0);
    pub const RANK_11: Board121 = Board121::rank(SIDE - 1);
    /// The squares a flagship escapes on: ranks 1 and 11, files a and k.
    pub const EDGES: Board121 = Board121(
        Board121::FILE_A.0 | Board121::FILE_K.0 | Board121::RANK_1.0 | Board121::RANK_11.0,
    );

    /// The squares of file `file` (0 = a).
    pub const fn file(file: usize) -> Board121 {
        let mut bits = 0;
        let mut rank = 0;
        while rank < SIDE {
            bits |= 1 << (rank * SIDE + file);
            rank += 1;
        }
        Board121(bits)
    }

    /// The squares of rank `rank` (0 = rank 1).
    pub const fn rank(rank: usize) -> Board121 {
        Board121(((1 << SIDE) - 1) << (rank * SIDE))
    }

    /// The set holding `square` alone (`square` < 121).
    #[inline]
    pub const fn square(square: usize) -> Board121 {
        debug_assert!(square < SQUARES);
        Board121(1 << square)
    }

    /// The squares strictly between two squares of one rank or one file (empty for
    /// neighbours; meaningless for squares on no common line).
    pub fn between(a: usize, b: usize) -> Board121 {
        let (low, high) = (a.min(b), a.max(b));
        // Indices strictly between the two: on a rank exactly the squares between them.
        let range = Board121(((1u128 << high) - 1) & !((2u128 << low) - 1));
        if low / SIDE == high / SIDE {
            range
        } else {
            range & Board121::file(low % SIDE)
        }
    }

    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub fn contains(self, square: usize) -> bool {
        self.0 >> square & 1 != 0
    }

    /// The number of squares in the set.
    #[inline]
    pub fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The lowest square, if any.
    #[inline]
    pub fn first(self) -> Option<usize> {
        (!self.is_empty()).then(|| self.0.trailing_zeros() as usize)
    }

    /// The squares, lowest first.
    #[inline]
    pub fn squares(self) -> Squares {
        Squares(self.0)
    }

    /// Every square one step in `direction`, dropping those that would leave the board.
    #[inline]
    pub fn step(self, direction: Direction) -> Board121 {
        match direction {
            Direction::North => Board121((self.0 << SIDE) & Board121::ALL.0),
            Direction::South => Board121(self.0 >> SIDE),
            Direction::East => Board121((self.0 << 1) & !Board121::FILE_A.0 & Board121::ALL.0),
            Direction::West => Board121((self.0 >> 1) & !Board121::FILE_K.0),
        }
    }

    /// Every square one step along a rank or file.
    #[inline]
    pub fn orthogonal_neighbours(self) -> Board121 {
        Direction::ALL
            .into_iter()
            .fold(Board121::EMPTY, |set, direction| set | self.step(direction))
    }

    /// Every square one diagonal step away.
    #[inline]
    pub fn diagonal_neighbours(self) -> Board121 {
        let up_down = self.step(Direction::North) | self.step(Direction::South);
        up_down.step(Direction::East) | up_down.step(Direction::West)
    }

    /// The squares the pieces of the set reach sliding in `direction` over `empty` squares.
    #[inline]
    pub fn slide(self, direction: Direction, empty: Board121) -> Board121 {
        // Occluded fill: after rounds of 1, 2, 4 and 8 steps a run reaches 15 squares, more
        // than the 10 a slide can go. `open` is where a step may land (never across the
        // edge the direction wraps over), shrunk each round to the squares that begin a
        // run of open squares of the doubled length.
        let (shift, land): (i32, u128) = match direction {
            Direction::North => (SIDE as i32, Board121::ALL.0),
            Direction::South => (-(SIDE as i32), Board121::ALL.0),
            Direction::East => (1, Board121::ALL.0 & !Board121::FILE_A.0),
            Direction::West => (-1, Board121::ALL.0 & !Board121::FILE_K.0),
        };
        let by = |bits: u128, steps: i32| -> u128 {
            let amount = shift * steps;
            if amount > 0 {
                bits << amount
            } else {
                bits >> -amount
            }
        };
        let first_open = empty.0 & land;
        let mut open = first_open;
        let mut reached = self.0;
        for steps in [1, 2, 4, 8] {
            reached |= open & by(reached, steps);
            open &= by(open, steps);
        }
        Board121(by(reached, 1) & first_open)
    }

    /// Every slide target of the pieces of the set, in all four directions.
    #[inline]
    pub fn slides(self, empty: Board121) -> Board121 {
        Direction::ALL
            .into_iter()
            .fold(Board121::EMPTY, |set, direction| {
                set | self.slide(direction, empty)
            })
    }

    /// The number of slides the pieces of the set have, counting a square once per piece
    /// that reaches it, and only the targets within `targets`.
    #[inline]
    pub fn count_slides(self, empty: Board121, targets: Board121) -> u32 {
        Direction::ALL
            .into_iter()
            .map(|direction| (self.slide(direction, empty) & targets).count())
            .sum()
    }
}

/// Iterator over the squares of a set, lowest first.
pub struct Squares(u128);

impl Iterator for Squares {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let square = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(square)
    }
}

impl BitAnd for Board121 {
    type Output = Board121;
    #[inline]
    fn bitand(self, other: Board121) -> Board121 {
        Board121(self.0 & other.0)
    }
}

impl BitOr for Board121 {
    type Output = Board121;
    #[inline]
    fn bitor(self, other: Board121) -> Board121 {
        Board121(self.0 | other.0)
    }
}

impl BitXor for Board121 {
    type Output = Board121;
    #[inline]
    fn bitxor(self, other: Board121) -> Board121 {
        Board121(self.0 ^ other.0)
    }
}

/// The complement within the board: bits 121 to 127 stay clear.
impl Not for Board121 {
    type Output = Board121;
    #[inline]
    fn not(self) -> Board121 {
        Board121(!self.0 & Board121::ALL.0)
    }
}

impl BitAndAssign for Board121 {
    #[inline]
    fn bitand_assign(&mut self, other: Board121) {
        self.0 &= other.0;
    }
}

impl BitOrAssign for Board121 {
    #[inline]
    fn bitor_assign(&mut self, other: Board121) {
        self.0 |= other.0;
    }
}

impl BitXorAssign for Board121 {
    #[inline]
    fn bitxor_assign(&mut self, other: Board121) {
        self.0 ^= other.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The slides of one piece walked square by square, the obvious way.
    fn walk(from: usize, dx: i32, dy: i32, empty: Board121) -> Board121 {
        let mut set = Board121::EMPTY;
        let (mut file, mut rank) = ((from % SIDE) as i32, (from / SIDE) as i32);
        loop {
            file += dx;
            rank += dy;
            if !(0..SIDE as i32).contains(&file) || !(0..SIDE as i32).contains(&rank) {
                return set;
            }
            let square = (rank * SIDE as i32 + file) as usize;
            if !empty.contains(square) {
                return set;
            }
            set |= Board121::square(square);
        }
    }

    #[test]
    fn masks() {
        assert_eq!(Board121::ALL.count(), 121);
        assert_eq!(Board121::EDGES.count(), 40);
        assert_eq!(
            Board121::file(3).squares().collect::<Vec<_>>()[..2],
            [3, 14]
        );
        assert_eq!(Board121::rank(10).first(), Some(110));
        assert_eq!((!Board121::EMPTY), Board121::ALL);
        assert_eq!(
            Board121::between(0, 3).squares().collect::<Vec<_>>(),
            [1, 2]
        );
        assert_eq!(
            Board121::between(36, 3).squares().collect::<Vec<_>>(),
            [14, 25]
        );
        assert!(Board121::between(4, 5).is_empty());
    }

    #[test]
    fn steps_do_not_wrap() {
        let k1 = Board121::square(10);
        assert!(k1.step(Direction::East).is_empty());
        assert_eq!(k1.step(Direction::North), Board121::square(21));
        let a2 = Board121::square(11);
        assert!(a2.step(Direction::West).is_empty());
        assert!(Board121::square(120).step(Direction::North).is_empty());
        assert_eq!(
            Board121::square(0).diagonal_neighbours(),
            Board121::square(12)
        );
    }

    #[test]
    fn fills_match_walks() {
        let mut seed = 0x1234_5678_9abc_def0u64;
        for _ in 0..2000 {
            // A small xorshift: any spread of occupancies will do here.
            let mut next = || {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                seed
            };
            let occupied = Board121((next() as u128) << 64 | next() as u128) & Board121::ALL;
            let occupied = occupied & Board121((next() as u128) << 64 | next() as u128);
            let empty = !occupied;
            let pieces = occupied & Board121((next() as u128) << 64 | next() as u128);
            let mut total = 0;
            for (direction, dx, dy) in [
                (Direction::North, 0, 1),
                (Direction::South, 0, -1),
                (Direction::East, 1, 0),
                (Direction::West, -1, 0),
            ] {
                let walks: Vec<Board121> = pieces
                    .squares()
                    .map(|from| walk(from, dx, dy, empty))
                    .collect();
                let union = walks.iter().fold(Board121::EMPTY, |a, &b| a | b);
                let count: u32 = walks.iter().map(|walked| walked.count()).sum();
                assert_eq!(pieces.slide(direction, empty), union);
                // One piece at most reaches a square in one direction.
                assert_eq!(union.count(), count);
                total += count;
            }
            assert_eq!(pieces.count_slides(empty, Board121::ALL), total);
        }
    }
}
