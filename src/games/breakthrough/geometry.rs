//! Board geometry: the size of the board, square names, and the per-size masks that move
//! generation needs.

use super::bitboard::Bitboard;
use std::fmt;
use std::str::FromStr;

pub const MIN_COLS: usize = 2;
pub const MAX_COLS: usize = 16;
pub const MIN_ROWS: usize = 4;
pub const MAX_ROWS: usize = 16;

/// A board of `cols` columns (files `a`…) and `rows` rows (ranks `1`…), always within
/// `2..=16` columns and `4..=16` rows.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct BoardSize {
    cols: u8,
    rows: u8,
}

impl BoardSize {
    /// The standard 8x8 board.
    pub const STANDARD: BoardSize = BoardSize { cols: 8, rows: 8 };

    pub fn new(cols: usize, rows: usize) -> Result<BoardSize, String> {
        if !(MIN_COLS..=MAX_COLS).contains(&cols) {
            return Err(format!(
                "board has {cols} columns; it must have {MIN_COLS} to {MAX_COLS}"
            ));
        }
        if !(MIN_ROWS..=MAX_ROWS).contains(&rows) {
            return Err(format!(
                "board has {rows} rows; it must have {MIN_ROWS} to {MAX_ROWS}"
            ));
        }
        Ok(BoardSize {
            cols: cols as u8,
            rows: rows as u8,
        })
    }

    pub fn cols(self) -> usize {
        self.cols as usize
    }

    pub fn rows(self) -> usize {
        self.rows as usize
    }

    pub fn squares(self) -> usize {
        self.cols() * self.rows()
    }

    pub fn square(self, file: usize, rank: usize) -> usize {
        rank * self.cols() + file
    }

    pub fn file_of(self, square: usize) -> usize {
        square % self.cols()
    }

    pub fn rank_of(self, square: usize) -> usize {
        square / self.cols()
    }

    /// The name of a square, e.g. `a1` or `p16`.
    pub fn square_name(self, square: usize) -> String {
        let file = (b'a' + self.file_of(square) as u8) as char;
        format!("{file}{}", self.rank_of(square) + 1)
    }

    /// Reads a square name (case-insensitive), checking it lies on this board.
    pub fn parse_square(self, text: &str) -> Result<usize, String> {
        let lower = text.to_ascii_lowercase();
        let mut chars = lower.chars();
        let file = match chars.next() {
            Some(c @ 'a'..='z') => c as usize - 'a' as usize,
            _ => return Err(format!("'{text}' is not a square (expected a file letter)")),
        };
        let rank: usize = match chars.as_str().parse() {
            Ok(rank) if chars.as_str().starts_with(|c: char| c.is_ascii_digit()) => rank,
            _ => return Err(format!("'{text}' is not a square (expected a rank number)")),
        };
        if file >= self.cols() || rank == 0 || rank > self.rows() {
            return Err(format!("square '{text}' is off the {self} board"));
        }
        Ok(self.square(file, rank - 1))
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}x{}", self.cols, self.rows)
    }
}

impl FromStr for BoardSize {
    type Err = String;

    /// Reads `CxR`, e.g. `8x8` or `6x5`.
    fn from_str(text: &str) -> Result<BoardSize, String> {
        let bad = || format!("'{text}' is not a board size (expected CxR, e.g. 8x8)");
        let (cols, rows) = text.trim().split_once(['x', 'X']).ok_or_else(bad)?;
        let cols = cols.parse().map_err(|_| bad())?;
        let rows = rows.parse().map_err(|_| bad())?;
        BoardSize::new(cols, rows)
    }
}

/// The masks of one board size in one bitboard width, computed once per position setup and
/// copied along with the position (a few words), so the hot path never recomputes them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Layout<B> {
    pub size: BoardSize,
    /// Distance between vertically adjacent squares (the number of columns).
    pub up: u32,
    /// Every square of the board.
    pub all: B,
    /// Every square but those of the first file: pieces that may step toward file `a`.
    pub not_first_file: B,
    /// Every square but those of the last file: pieces that may step away from file `a`.
    pub not_last_file: B,
    /// Rank 1, white's home row and black's goal.
    pub first_rank: B,
    /// Rank R, black's home row and white's goal.
    pub last_rank: B,
}

impl<B: Bitboard> Layout<B> {
    pub fn new(size: BoardSize) -> Layout<B> {
        assert!(
            size.squares() <= B::CAPACITY,
            "{size} does not fit this bitboard"
        );
        let mut layout = Layout {
            size,
            up: size.cols() as u32,
            all: B::EMPTY,
            not_first_file: B::EMPTY,
            not_last_file: B::EMPTY,
            first_rank: B::EMPTY,
            last_rank: B::EMPTY,
        };
        for square in 0..size.squares() {
            let bit = B::square(square);
            let (file, rank) = (size.file_of(square), size.rank_of(square));
            layout.all |= bit;
            if file != 0 {
                layout.not_first_file |= bit;
            }
            if file != size.cols() - 1 {
                layout.not_last_file |= bit;
            }
            if rank == 0 {
                layout.first_rank |= bit;
            }
            if rank == size.rows() - 1 {
                layout.last_rank |= bit;
            }
        }
        layout
    }

    /// All squares of one rank (0-based).
    pub fn rank(&self, rank: usize) -> B {
        (0..self.size.cols()).fold(B::EMPTY, |set, file| {
            set | B::square(self.size.square(file, rank))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_checked() {
        assert_eq!("8x8".parse::<BoardSize>(), Ok(BoardSize::STANDARD));
        assert_eq!(
            "16X4".parse::<BoardSize>().map(|s| s.to_string()),
            Ok("16x4".into())
        );
        assert_eq!(
            "1x8".parse::<BoardSize>(),
            Err("board has 1 columns; it must have 2 to 16".into())
        );
        assert_eq!(
            "8x17".parse::<BoardSize>(),
            Err("board has 17 rows; it must have 4 to 16".into())
        );
        assert_eq!(
            "8by8".parse::<BoardSize>(),
            Err("'8by8' is not a board size (expected CxR, e.g. 8x8)".into())
        );
    }

    #[test]
    fn square_names_round_trip() {
        let size = BoardSize::new(16, 16).unwrap();
        for square in 0..size.squares() {
            assert_eq!(size.parse_square(&size.square_name(square)), Ok(square));
        }
        assert_eq!(size.square_name(255), "p16");
        assert_eq!(BoardSize::STANDARD.parse_square("H8"), Ok(63));
        assert_eq!(
            BoardSize::STANDARD.parse_square("i1"),
            Err("square 'i1' is off the 8x8 board".into())
        );
        assert_eq!(
            BoardSize::STANDARD.parse_square("a0"),
            Err("square 'a0' is off the 8x8 board".into())
        );
        assert!(BoardSize::STANDARD.parse_square("a+1").is_err());
        assert!(BoardSize::STANDARD.parse_square("1a").is_err());
    }
}
