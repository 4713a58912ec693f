//! How Breakthru plugs into the generic search: [`Position`] for [`Breakthru`], with legs as
//! plies. The side keeps the move between the two slides of a turn, positions can repeat
//! (slides undo each other) and games can be drawn.
//!
//! What the game knows for certain before searching is the one-turn win: gold at the start
//! of its turn with a free line from the flagship to the edge, silver at the start of its
//! turn with a ship diagonally beside the flagship.

use super::bitboard::Board121;
use super::evaluation::Evaluation;
use super::notation::Leg;
use super::position::Breakthru;
use super::zobrist::Piece;
use crate::game::{Color, Exact, GameResult, MoveKind, MoveList, Position};

/// What a capture takes, for ordering: the flagship above all.
fn victim_value(piece: Piece) -> i32 {
    match piece {
        Piece::Flagship => 10_000,
        Piece::Escort => 100,
        Piece::Silver => 60,
    }
}

impl Position for Breakthru {
    type Move = Leg;
    type Forced = [Leg; 0];
    type Tables = ();
    type OrderHints = ();
    type Evaluation = Evaluation;

    const ALTERNATES: bool = false;
    /// By side, from-square and to-square.
    const HISTORY_SLOTS: usize = 2 * 121 * 121;
    const CAN_DRAW: bool = true;
    const REPEATS: bool = true;

    fn side_to_move(&self) -> Color {
        Breakthru::side_to_move(self)
    }

    fn hash(&self) -> u64 {
        Breakthru::hash(self)
    }

    fn decided(&self) -> Option<GameResult> {
        Breakthru::decided(self).map(|(result, _)| result)
    }

    fn generate(&self, list: &mut MoveList<Leg>) {
        self.generate_legs(list);
    }

    fn generate_noisy(&self, list: &mut MoveList<Leg>) {
        if self.is_first_leg_played() || self.is_setup() {
            return;
        }
        let enemies = self.pieces(self.side_to_move().opponent());
        for from in self.pieces(self.side_to_move()).squares() {
            for to in (Board121::square(from).diagonal_neighbours() & enemies).squares() {
                list.push(Leg::new(from, to));
            }
        }
    }

    fn is_capture(&self, leg: Leg) -> bool {
        Breakthru::is_capture(self, leg)
    }

    fn play(&self, leg: Leg) -> Breakthru {
        self.play_leg(leg)
    }

    /// Never: a pass would have to end a turn in the middle, and the search's null move
    /// has not been tried on this game yet.
    fn may_pass(&self) -> bool {
        false
    }

    /// Never called, since [`Position::may_pass`] says no: a null move for a game of
    /// two-leg turns is still to be designed and measured.
    fn pass(&self) -> Breakthru {
        *self
    }

    fn tables(&self) {}

    fn exact(&self, _: &()) -> Exact<[Leg; 0]> {
        if self.is_first_leg_played() || self.is_setup() {
            return Exact::Open;
        }
        let wins = match self.side_to_move() {
            Color::White => self.flagship_has_open_line(),
            Color::Black => self.flagship_touched(),
        };
        if wins {
            Exact::Won(1)
        } else {
            Exact::Open
        }
    }

    fn is_urgent(&self, _: &(), leg: Leg) -> bool {
        self.flagship() == Some(leg.from())
    }

    fn order_hints(&self) {}

    fn move_kind(&self, _: &(), leg: Leg) -> MoveKind {
        match self.piece_at(leg.to()) {
            Some(victim) => MoveKind::Capture(victim_value(victim)),
            None => MoveKind::Quiet,
        }
    }

    fn history_slot(&self, leg: Leg) -> usize {
        (self.side_to_move() as usize * 121 + leg.from()) * 121 + leg.to()
    }
}
