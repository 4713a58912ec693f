//! [`Breakthrough`]: a position of any size, on the narrowest bitboard that holds it.
//!
//! The width is chosen once, when the position is set up; code that needs speed (perft,
//! search) matches on it once with [`with_position!`](crate::with_position) and then runs
//! monomorphised for `u64`, `u128` or [`U256`].

use super::bitboard::{Bitboard, U256};
use super::fen::{self, ParsedFen};
use super::geometry::BoardSize;
use super::moves::{Move, MoveList};
use super::position::Position;
use super::Color;
use std::fmt;

/// A position on a board of any supported size.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Breakthrough {
    /// Up to 64 squares (8x8 and smaller).
    Small(Position<u64>),
    /// Up to 128 squares.
    Medium(Position<u128>),
    /// Up to 256 squares.
    Large(Position<U256>),
}

/// How a finished game was won: its winner and why. Displays as the reason a GUI or a game
/// record shows, e.g. `White reaches the goal`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Victory {
    pub winner: Color,
    pub reason: EndReason,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EndReason {
    /// The loser has no pieces left.
    AllCaptured,
    /// A piece of the winner stands on its goal rank.
    ReachedGoal,
    /// The loser is to move and cannot.
    NoMove,
}

impl fmt::Display for Victory {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let [winner, loser] = [self.winner, self.winner.opponent()].map(|side| {
            let name = side.name();
            (name[..1].to_ascii_uppercase() + &name[1..], name)
        });
        match self.reason {
            EndReason::AllCaptured => write!(f, "{} captures all {} pieces", winner.0, loser.1),
            EndReason::ReachedGoal => write!(f, "{} reaches the goal", winner.0),
            EndReason::NoMove => write!(f, "{} has no legal move", loser.0),
        }
    }
}

/// Runs `$body` with `$pos` bound to the concrete position inside a [`Breakthrough`], so the body
/// is compiled once per bitboard width.
#[macro_export]
macro_rules! with_position {
    ($game:expr, $pos:ident => $body:expr) => {
        match $game {
            $crate::games::breakthrough::Breakthrough::Small($pos) => $body,
            $crate::games::breakthrough::Breakthrough::Medium($pos) => $body,
            $crate::games::breakthrough::Breakthrough::Large($pos) => $body,
        }
    };
}

/// Builds the `Breakthrough` variant that fits `size` by calling a width-generic constructor.
macro_rules! build_for_size {
    ($size:expr, $build:ident($($arg:expr),*)) => {
        match $size.squares() {
            0..=64 => Breakthrough::Small($build::<u64>($($arg),*)),
            65..=128 => Breakthrough::Medium($build::<u128>($($arg),*)),
            _ => Breakthrough::Large($build::<U256>($($arg),*)),
        }
    };
}

impl Breakthrough {
    /// The start position on a board of `size`.
    pub fn start(size: BoardSize) -> Breakthrough {
        fn start<B: Bitboard>(size: BoardSize) -> Position<B> {
            Position::start(size)
        }
        build_for_size!(size, start(size))
    }

    /// The position with pieces on the given squares (dense indices, `rank * C + file`).
    /// Squares off the board are ignored, and a square given to both sides is white's.
    pub fn from_squares(
        size: BoardSize,
        white: &[usize],
        black: &[usize],
        side: Color,
    ) -> Breakthrough {
        fn place<B: Bitboard>(
            size: BoardSize,
            white: &[usize],
            black: &[usize],
            side: Color,
        ) -> Position<B> {
            let set = |squares: &[usize]| {
                squares
                    .iter()
                    .filter(|&&square| square < size.squares())
                    .fold(B::EMPTY, |set, &square| set | B::square(square))
            };
            Position::from_pieces(size, set(white), set(black), side)
        }
        build_for_size!(size, place(size, white, black, side))
    }

    /// Reads a position string (see `protocol.md`).
    pub fn from_fen(text: &str) -> Result<Breakthrough, String> {
        let parsed: ParsedFen = fen::parse(text)?;
        Ok(Breakthrough::from_squares(
            parsed.size,
            &parsed.white,
            &parsed.black,
            parsed.side,
        ))
    }

    /// The squares of one colour's pieces, lowest first.
    pub fn squares_of(&self, color: Color) -> Vec<usize> {
        with_position!(self, p => p.pieces(color).squares().collect())
    }

    /// The position string, e.g. `pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w 0 1`.
    pub fn to_fen(&self) -> String {
        fen::format(
            self.size(),
            |square| self.piece_at(square),
            self.side_to_move(),
        )
    }

    pub fn size(&self) -> BoardSize {
        with_position!(self, p => p.size())
    }

    pub fn side_to_move(&self) -> Color {
        with_position!(self, p => p.side_to_move())
    }

    pub fn hash(&self) -> u64 {
        with_position!(self, p => p.hash())
    }

    pub fn piece_at(&self, square: usize) -> Option<Color> {
        with_position!(self, p => p.piece_at(square))
    }

    /// Number of pieces of one colour.
    pub fn piece_count(&self, color: Color) -> u32 {
        with_position!(self, p => p.pieces(color).count())
    }

    /// The winner if the game is over, `None` while it goes on.
    pub fn winner(&self) -> Option<Color> {
        with_position!(self, p => p.winner())
    }

    /// The winner and why, once the game is over.
    pub fn outcome(&self) -> Option<Victory> {
        let winner = self.winner()?;
        let loser = winner.opponent();
        let size = self.size();
        let goal = match winner {
            Color::White => size.rows() - 1,
            Color::Black => 0,
        };
        let reason = if self.piece_count(loser) == 0 {
            EndReason::AllCaptured
        } else if (0..size.cols())
            .any(|file| self.piece_at(size.square(file, goal)) == Some(winner))
        {
            EndReason::ReachedGoal
        } else {
            EndReason::NoMove
        };
        Some(Victory { winner, reason })
    }

    /// The legal moves (none once the game is over).
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        if self.winner().is_none() {
            with_position!(self, p => p.generate(&mut list));
        }
        list
    }

    pub fn is_capture(&self, mv: Move) -> bool {
        with_position!(self, p => p.is_capture(mv))
    }

    /// The position after a legal move.
    pub fn play(&self, mv: Move) -> Breakthrough {
        match self {
            Breakthrough::Small(p) => Breakthrough::Small(p.play(mv)),
            Breakthrough::Medium(p) => Breakthrough::Medium(p.play(mv)),
            Breakthrough::Large(p) => Breakthrough::Large(p.play(mv)),
        }
    }

    /// A move in canonical notation: from-square then to-square, e.g. `a2a3`; `0000` for
    /// the null move.
    pub fn move_name(&self, mv: Move) -> String {
        move_name(self.size(), mv)
    }

    /// Reads a move and checks it is legal here. Accepts `a2a3`, `a2-a3`, `a2xb3` and a
    /// trailing `*`, in any case.
    pub fn parse_move(&self, text: &str) -> Result<Move, String> {
        let mv = parse_move_text(self.size(), text)?;
        if let Some(winner) = self.winner() {
            return Err(format!(
                "'{text}' cannot be played: the game is over ({} won)",
                winner.name()
            ));
        }
        if !self.legal_moves().contains(&mv) {
            return Err(format!("'{text}' is not a legal move in this position"));
        }
        Ok(mv)
    }

    /// Reads a move in algebraic notation as GUIs write it for Breakthrough (XBoard's PGN,
    /// for one): an optional piece letter `P`, as much of the from-square as tells the
    /// move apart from the others to the same square, an optional `x`, the to-square, and
    /// maybe a `+`, `#`, `!` or `?`: `Pef3`, `Pxa3`, `Pb2xa3`, `e3`.
    pub fn parse_san(&self, text: &str) -> Result<Move, String> {
        let size = self.size();
        let bad = || format!("'{text}' is not a move in algebraic notation");
        let body = text.trim_end_matches(['+', '#', '!', '?']);
        let body = body.strip_prefix('P').unwrap_or(body);
        let digits = body.len() - body.trim_end_matches(|c: char| c.is_ascii_digit()).len();
        let to_start = body.len().checked_sub(digits + 1).filter(|_| digits > 0);
        let to_start = to_start.ok_or_else(bad)?;
        // `get`: the character before the digits may be more than one byte long.
        let to = size.parse_square(body.get(to_start..).ok_or_else(bad)?)?;
        let from_part = body[..to_start].trim_end_matches(['x', '-']);
        let (file, rank) = match from_part.chars().next() {
            Some(c @ 'a'..='p') => (Some(c as usize - 'a' as usize), &from_part[1..]),
            _ => (None, from_part),
        };
        let rank = match rank {
            "" => None,
            digits => Some(digits.parse::<usize>().map_err(|_| bad())?),
        };
        let candidates: Vec<Move> = self
            .legal_moves()
            .iter()
            .copied()
            .filter(|mv| {
                mv.to() == to
                    && file.is_none_or(|f| size.file_of(mv.from()) == f)
                    && rank.is_none_or(|r| size.rank_of(mv.from()) + 1 == r)
            })
            .collect();
        match candidates[..] {
            [mv] => Ok(mv),
            [] => Err(format!("'{text}' is not a legal move in this position")),
            _ => Err(format!("'{text}' is ambiguous in this position")),
        }
    }

    /// A diagram of the board, rank R at the top, for people.
    pub fn diagram(&self) -> String {
        let size = self.size();
        let mut text = String::new();
        for rank in (0..size.rows()).rev() {
            text += &format!("{:>2} ", rank + 1);
            for file in 0..size.cols() {
                text.push(match self.piece_at(size.square(file, rank)) {
                    Some(Color::White) => 'P',
                    Some(Color::Black) => 'p',
                    None => '.',
                });
                text.push(' ');
            }
            text.pop();
            text.push('\n');
        }
        text += "   ";
        let files: Vec<String> = (0..size.cols())
            .map(|f| ((b'a' + f as u8) as char).to_string())
            .collect();
        text += &files.join(" ");
        text
    }
}

/// A move in canonical notation on a board of `size`.
pub fn move_name(size: BoardSize, mv: Move) -> String {
    if mv.is_null() {
        return "0000".into();
    }
    size.square_name(mv.from()) + &size.square_name(mv.to())
}

/// Reads the squares of a move (in any notation [`Breakthrough::parse_move`] accepts) without
/// checking legality.
pub fn parse_move_text(size: BoardSize, text: &str) -> Result<Move, String> {
    let bad = || format!("'{text}' is not a move (expected from- and to-square, e.g. a2a3)");
    let body = text.strip_suffix('*').unwrap_or(text);
    let digits_end = |s: &str| {
        let letter = s
            .chars()
            .next()
            .filter(|c| c.is_ascii_alphabetic())?
            .len_utf8();
        let digits = s[letter..]
            .chars()
            .take_while(|c| c.is_ascii_digit())
            .count();
        (digits > 0).then_some(letter + digits)
    };
    let from_len = digits_end(body).ok_or_else(bad)?;
    let (from, rest) = body.split_at(from_len);
    let to = rest
        .strip_prefix('-')
        .or_else(|| {
            rest.strip_prefix(['x', 'X'])
                .filter(|r| digits_end(r).is_some())
        })
        .unwrap_or(rest);
    if digits_end(to) != Some(to.len()) {
        return Err(bad());
    }
    Ok(Move::new(size.parse_square(from)?, size.parse_square(to)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_notation_variants() {
        let game = Breakthrough::start(BoardSize::STANDARD);
        let a2a3 = game.parse_move("a2a3").unwrap();
        assert_eq!(game.move_name(a2a3), "a2a3");
        for text in ["A2A3", "a2-a3", "a2a3*"] {
            assert_eq!(game.parse_move(text), Ok(a2a3), "{text}");
        }
        let b2 = game.parse_move("a2xb3").unwrap();
        assert_eq!(game.move_name(b2), "a2b3");
        assert_eq!(
            game.parse_move("a2a4"),
            Err("'a2a4' is not a legal move in this position".into())
        );
        assert_eq!(
            game.parse_move("e2"),
            Err("'e2' is not a move (expected from- and to-square, e.g. a2a3)".into())
        );
        assert_eq!(
            game.parse_move("i2i3"),
            Err("square 'i2' is off the 8x8 board".into())
        );
        assert_eq!(game.move_name(Move::NULL), "0000");
    }

    #[test]
    fn algebraic_notation_as_xboard_writes_it() {
        let game = Breakthrough::start(BoardSize::STANDARD);
        let san = |game: &Breakthrough, text| game.parse_san(text).map(|mv| game.move_name(mv));
        assert_eq!(san(&game, "Pab3").as_deref(), Ok("a2b3"));
        assert_eq!(san(&game, "Pa2b3").as_deref(), Ok("a2b3"));
        assert_eq!(san(&game, "Paa3").as_deref(), Ok("a2a3"));
        assert_eq!(san(&game, "aa3").as_deref(), Ok("a2a3"));
        assert_eq!(
            san(&game, "Pb3"),
            Err("'Pb3' is ambiguous in this position".into())
        );
        assert_eq!(
            san(&game, "Pa4"),
            Err("'Pa4' is not a legal move in this position".into())
        );
        assert_eq!(
            san(&game, "Pxyz"),
            Err("'Pxyz' is not a move in algebraic notation".into())
        );
        // Found by tests/readers_fuzz.rs: a character of two bytes before the rank.
        assert_eq!(
            san(&game, "c11b1é0"),
            Err("'c11b1é0' is not a move in algebraic notation".into())
        );
        let lone = Breakthrough::from_fen("p7/8/8/8/8/8/8/6P1 w").unwrap();
        assert_eq!(san(&lone, "Ph2").as_deref(), Ok("g1h2"));
        let capture = Breakthrough::from_fen("8/8/8/8/8/1p6/P7/8 w").unwrap();
        assert_eq!(san(&capture, "Pxb3").as_deref(), Ok("a2b3"));
        assert_eq!(san(&capture, "Paxb3+").as_deref(), Ok("a2b3"));
        let wide = Breakthrough::start(BoardSize::new(16, 12).unwrap());
        assert_eq!(san(&wide, "Pop3").as_deref(), Ok("o2p3"));
        let black = wide.play(wide.parse_move("a2a3").unwrap());
        assert_eq!(san(&black, "Pp11p10").as_deref(), Ok("p11p10"));
    }

    #[test]
    fn two_digit_ranks() {
        let game = Breakthrough::start(BoardSize::new(12, 12).unwrap());
        let mv = game.parse_move("a2b3").unwrap();
        let game = game.play(mv);
        let reply = game.parse_move("b11-b10").unwrap();
        assert_eq!(game.move_name(reply), "b11b10");
        assert!(matches!(game, Breakthrough::Large(_)));
    }

    #[test]
    fn fen_round_trips_and_picks_width() {
        for fen in [
            "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w 0 1",
            "1p2pp1p/2p2ppp/2P5/8/8/3P2P1/1p1P2PP/1PP1PP1P w 0 1",
            "pppppppppppppppp/16/16/PPPPPPPPPPPPPPPP b 0 1",
            "p1/2/2/1P w 0 1",
            "ppppppppppp/11/11/11/11/11/11/11/11/11/11/PPPPPPPPPPP w 0 1",
        ] {
            let game = Breakthrough::from_fen(fen).unwrap();
            assert_eq!(game.to_fen(), fen);
        }
        assert!(matches!(
            Breakthrough::start(BoardSize::STANDARD),
            Breakthrough::Small(_)
        ));
        assert!(matches!(
            Breakthrough::start(BoardSize::new(10, 10).unwrap()),
            Breakthrough::Medium(_)
        ));
        assert!(matches!(
            Breakthrough::start(BoardSize::new(16, 8).unwrap()),
            Breakthrough::Medium(_)
        ));
        assert!(matches!(
            Breakthrough::start(BoardSize::new(16, 9).unwrap()),
            Breakthrough::Large(_)
        ));
        assert_eq!(
            Breakthrough::start(BoardSize::STANDARD).to_fen(),
            "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w 0 1"
        );
    }

    #[test]
    fn outcomes_say_who_won_and_why() {
        let outcome = |fen: &str| {
            Breakthrough::from_fen(fen)
                .unwrap()
                .outcome()
                .map(|o| o.to_string())
        };
        assert_eq!(
            outcome("P7/8/8/8/8/8/8/p7 b 0 1").as_deref(),
            Some("White reaches the goal")
        );
        assert_eq!(
            outcome("8/8/8/8/8/8/8/P7 w 0 1").as_deref(),
            Some("White captures all black pieces")
        );
        assert_eq!(
            outcome("8/8/8/8/8/8/p7/8 w 0 1").as_deref(),
            Some("Black captures all white pieces")
        );
        assert_eq!(
            outcome("8/8/8/8/8/8/P7/p7 w 0 1").as_deref(),
            Some("Black reaches the goal")
        );
        assert_eq!(outcome("pppp/4/4/PPPP w 0 1"), None);
    }

    #[test]
    fn finished_positions_are_accepted_and_reported() {
        let white_home = Breakthrough::from_fen("P7/8/8/8/8/8/8/8 b 0 1").unwrap();
        assert_eq!(white_home.winner(), Some(Color::White));
        assert!(white_home.legal_moves().is_empty());
        let black_wiped = Breakthrough::from_fen("8/8/8/8/8/8/8/P7 w").unwrap();
        assert_eq!(black_wiped.winner(), Some(Color::White));
        let black_home = Breakthrough::from_fen("p7/8/8/8/8/8/8/p7 w").unwrap();
        assert_eq!(black_home.winner(), Some(Color::Black));
        assert_eq!(
            black_home.parse_move("a1a2"),
            Err("'a1a2' cannot be played: the game is over (black won)".into())
        );
    }
}
