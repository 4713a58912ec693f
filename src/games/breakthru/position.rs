//! [`Breakthru`]: a position — the fleets, the side to move, where the turn stands, the
//! counters and the Zobrist hash — and how a game ends.
//!
//! A turn may have two legs, and the position can stand between them ("mid-turn"): then the
//! ship that made the first slide is remembered, since it may not move again, and the side to
//! move has not changed. Legs and turns are in `legs.rs` and `turns.rs`; the setup phase,
//! where a side's turn is the placing of its whole fleet, in `setup.rs`.

use super::bitboard::{Board121, SQUARES};
use super::notation::{parse_square, square_name};
use super::zobrist::{self, Piece};
use crate::game::{Color, GameResult};
use std::fmt;

/// Turns in a row without a capture after which the game is drawn (50 by each side).
pub const NO_CAPTURE_LIMIT: u32 = 100;
/// Most escorts gold can have (the set-up's twelve).
pub const MAX_ESCORTS: u32 = 12;
/// Most ships silver can have (the set-up's twenty).
pub const MAX_SILVER: u32 = 20;

/// A position. Copy-make: playing a leg or a turn returns the next position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Breakthru {
    /// The flagship's square, or no square once it has been captured.
    pub(super) flagship: Board121,
    pub(super) escorts: Board121,
    pub(super) silver: Board121,
    /// [`Color::White`] is gold, [`Color::Black`] silver.
    pub(super) side: Color,
    /// Mid-turn: the square the first slide ended on (its ship may not move again).
    pub(super) first_moved: Option<u8>,
    /// In the setup phase, the pieces the side to move has still to place in its setup
    /// turn; 0 once the fleets are placed (the game proper).
    pub(super) to_place: u8,
    /// Turns played in a row without a capture.
    pub(super) quiet_turns: u32,
    /// The number of the turn being played: 1 is gold's first, 2 silver's first, ...
    pub(super) turn: u32,
    pub(super) hash: u64,
}

/// Why a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EndReason {
    /// Gold's flagship stands on an edge square.
    FlagshipEscaped,
    /// Silver has captured the flagship.
    FlagshipCaptured,
    /// The side to move has no legal turn, and loses.
    NoLegalTurn,
    /// [`NO_CAPTURE_LIMIT`] turns in a row without a capture.
    NoCaptureLimit,
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(match self {
            EndReason::FlagshipEscaped => "the flagship reaches the edge",
            EndReason::FlagshipCaptured => "the flagship is captured",
            EndReason::NoLegalTurn => "the side to move has no legal turn",
            EndReason::NoCaptureLimit => "100 turns without a capture",
        })
    }
}

/// The name of a side in this game: gold (white) or silver (black).
pub fn side_name(side: Color) -> &'static str {
    match side {
        Color::White => "gold",
        Color::Black => "silver",
    }
}

impl Breakthru {
    /// The start position of the reference: flagship f6, escorts in a square around it,
    /// silver's twenty ships on the four sides, gold to move.
    pub fn start() -> Breakthru {
        let squares = |names: &[&str]| {
            names.iter().fold(Board121::EMPTY, |set, name| {
                let square = parse_square(name).expect("a square name");
                set | Board121::square(square)
            })
        };
        let escorts = squares(&[
            "e4", "f4", "g4", "e8", "f8", "g8", "d5", "d6", "d7", "h5", "h6", "h7",
        ]);
        let silver = squares(&[
            "d2", "e2", "f2", "g2", "h2", "d10", "e10", "f10", "g10", "h10", "b4", "b5", "b6",
            "b7", "b8", "j4", "j5", "j6", "j7", "j8",
        ]);
        let flagship = squares(&["f6"]).first();
        Breakthru::new(flagship, escorts, silver, Color::White, 0, 1)
            .expect("the start position is valid")
    }

    /// The position at the start of turn number `turn`, after `quiet_turns` turns without a
    /// capture. Refuses pieces on one square, more than [`MAX_ESCORTS`] escorts or
    /// [`MAX_SILVER`] silver ships, a no-capture count above [`NO_CAPTURE_LIMIT`] and turn 0.
    /// A position without the flagship is accepted (silver has taken it: the game is over),
    /// as are a flagship on the edge and a side without a legal turn: games reach them, so
    /// their position strings must read back.
    pub fn new(
        flagship: Option<usize>,
        escorts: Board121,
        silver: Board121,
        side: Color,
        quiet_turns: u32,
        turn: u32,
    ) -> Result<Breakthru, String> {
        let flagship = match flagship {
            Some(square) if square >= SQUARES => return Err(format!("no square {square}")),
            Some(square) => Board121::square(square),
            None => Board121::EMPTY,
        };
        let shared = (flagship & (escorts | silver)) | (escorts & silver);
        if let Some(square) = shared.first() {
            return Err(format!("two pieces on {}", square_name(square)));
        }
        if (escorts | silver).0 & !Board121::ALL.0 != 0 {
            return Err("a piece off the board".into());
        }
        if escorts.count() > MAX_ESCORTS {
            return Err(format!(
                "{} escorts: gold has at most {MAX_ESCORTS}",
                escorts.count()
            ));
        }
        if silver.count() > MAX_SILVER {
            let ships = silver.count();
            return Err(format!(
                "{ships} silver ships: silver has at most {MAX_SILVER}"
            ));
        }
        if quiet_turns > NO_CAPTURE_LIMIT {
            return Err(format!(
                "{quiet_turns} turns without a capture: the game is drawn at {NO_CAPTURE_LIMIT}"
            ));
        }
        if turn == 0 {
            return Err("turn number 0: turns count from 1".into());
        }
        let mut position = Breakthru {
            flagship,
            escorts,
            silver,
            side,
            first_moved: None,
            to_place: 0,
            quiet_turns,
            turn,
            hash: 0,
        };
        position.hash = position.hash_from_scratch();
        Ok(position)
    }

    /// The flagship's square, unless it has been captured.
    pub fn flagship(&self) -> Option<usize> {
        self.flagship.first()
    }

    pub fn escorts(&self) -> Board121 {
        self.escorts
    }

    pub fn silver(&self) -> Board121 {
        self.silver
    }

    /// Gold's pieces: the flagship and the escorts.
    pub fn gold(&self) -> Board121 {
        self.flagship | self.escorts
    }

    pub fn pieces(&self, side: Color) -> Board121 {
        match side {
            Color::White => self.gold(),
            Color::Black => self.silver,
        }
    }

    pub fn empty(&self) -> Board121 {
        !(self.gold() | self.silver)
    }

    /// [`Color::White`] for gold, [`Color::Black`] for silver.
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Turns played in a row without a capture (the position string's third field).
    pub fn quiet_turns(&self) -> u32 {
        self.quiet_turns
    }

    /// The number of the turn being played (the fourth field): every turn of either side
    /// adds one, so gold plays the odd turns of a game from the start.
    pub fn turn_number(&self) -> u32 {
        self.turn
    }

    /// Whether the turn being played has had its first slide, and waits for the second.
    pub fn is_first_leg_played(&self) -> bool {
        self.first_moved.is_some()
    }

    /// Mid-turn, the square of the ship that made the first slide.
    pub fn first_moved(&self) -> Option<usize> {
        self.first_moved.map(usize::from)
    }

    /// This position (at the start of a turn) with the turn's first slide made by the ship
    /// now on `square`, as a data file's record says it: the ship must be the side to
    /// move's, and not the flagship.
    pub fn with_first_slide_made(mut self, square: usize) -> Result<Breakthru, String> {
        let ships = match self.side {
            Color::White => self.escorts,
            Color::Black => self.silver,
        };
        if self.first_moved.is_some() || !ships.contains(square) {
            return Err(format!(
                "no first slide of {} can end on {}",
                side_name(self.side),
                square_name(square)
            ));
        }
        self.first_moved = Some(square as u8);
        self.hash = self.hash_from_scratch();
        Ok(self)
    }

    /// Whether a line from the flagship to the edge is open: at the start of gold's turn,
    /// gold wins by sliding along it.
    pub fn flagship_has_open_line(&self) -> bool {
        !(self.flagship.slides(self.empty()) & Board121::EDGES).is_empty()
    }

    /// Whether a silver ship stands diagonally beside the flagship: at the start of
    /// silver's turn, silver wins by taking it.
    pub fn flagship_touched(&self) -> bool {
        !(self.flagship.diagonal_neighbours() & self.silver).is_empty()
    }

    /// The pieces of `side` that the other side could take without being taken back:
    /// diagonally beside an enemy (captures are diagonal steps, both ways) and with no
    /// piece of their own diagonally beside them to retake on their square.
    pub fn hanging(&self, side: Color) -> Board121 {
        let pieces = self.pieces(side);
        let enemies = self.pieces(side.opponent());
        pieces & enemies.diagonal_neighbours() & !pieces.diagonal_neighbours()
    }

    /// The Zobrist hash of the pieces, the side to move and the state within the turn; not
    /// of the counters. Positions that repeat have equal hashes: the threefold repetition
    /// draw is for the caller to find, who keeps the history of hashes at the start of each
    /// turn (a position alone cannot know it).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from the position alone: [`Breakthru::hash`] always equals it.
    pub fn hash_from_scratch(&self) -> u64 {
        let mut hash = match self.side {
            Color::White => 0,
            Color::Black => zobrist::silver_to_move(),
        };
        for (set, piece) in [
            (self.flagship, Piece::Flagship),
            (self.escorts, Piece::Escort),
            (self.silver, Piece::Silver),
        ] {
            for square in set.squares() {
                hash ^= zobrist::piece(piece, square);
            }
        }
        if let Some(square) = self.first_moved() {
            hash ^= zobrist::first_moved(square);
        }
        if self.to_place > 0 {
            hash ^= zobrist::to_place(self.to_place.into());
        }
        hash
    }

    /// The piece on `square`, if any.
    pub fn piece_at(&self, square: usize) -> Option<Piece> {
        [
            (self.flagship, Piece::Flagship),
            (self.escorts, Piece::Escort),
            (self.silver, Piece::Silver),
        ]
        .into_iter()
        .find(|(set, _)| set.contains(square))
        .map(|(_, piece)| piece)
    }

    /// The result when the pieces and the counter alone decide it (cheap: no move is
    /// generated); never in the setup phase. The flagship's escape counts before the no-capture draw (its capture
    /// resets the counter, so never meets the draw); the draw counts before a side left
    /// without a legal turn, so that it is known without generating moves.
    pub fn decided(&self) -> Option<(GameResult, EndReason)> {
        if self.is_setup() {
            None
        } else if self.flagship.is_empty() {
            Some((GameResult::Win(Color::Black), EndReason::FlagshipCaptured))
        } else if !(self.flagship & Board121::EDGES).is_empty() {
            Some((GameResult::Win(Color::White), EndReason::FlagshipEscaped))
        } else if self.quiet_turns >= NO_CAPTURE_LIMIT {
            Some((GameResult::Draw, EndReason::NoCaptureLimit))
        } else {
            None
        }
    }

    /// How the game has ended, if it has: [`Breakthru::decided`], or else the side to move
    /// has no legal turn and loses. A threefold repetition is the caller's to find (see
    /// [`Breakthru::hash`]).
    pub fn outcome(&self) -> Option<(GameResult, EndReason)> {
        self.decided().or_else(|| {
            self.legal_legs().is_empty().then_some((
                GameResult::Win(self.side.opponent()),
                EndReason::NoLegalTurn,
            ))
        })
    }
}
