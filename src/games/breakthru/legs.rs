//! Legs one at a time, as the search plays them: which legs are legal, and playing one.
//!
//! At the start of a turn a leg is a capture (any piece, one diagonal step onto an enemy), a
//! flagship slide, or a slide of another piece; the first two end the turn. After a first
//! slide by a non-flagship piece the turn goes on with a second slide by another non-flagship
//! piece of the same side, never a capture; when there is none, the turn ends at once (the
//! forced single slide), so a position is only ever left mid-turn with a second slide to play.
//! In the setup phase the legs are placements (`setup.rs`).

use super::bitboard::Board121;
use super::notation::Leg;
use super::position::Breakthru;
use super::zobrist::{self, Piece};
use crate::game::{Color, MoveList};

impl Breakthru {
    /// The side to move's pieces other than the flagship.
    pub(super) fn own_ships(&self) -> Board121 {
        match self.side {
            Color::White => self.escorts,
            Color::Black => self.silver,
        }
    }

    /// The pieces that may make the next leg: any of the side's at the start of a turn, its
    /// non-flagship pieces but the one that has moved mid-turn, none once the game is over.
    fn movers(&self) -> Board121 {
        if self.decided().is_some() || self.is_setup() {
            return Board121::EMPTY;
        }
        match self.first_moved() {
            None => self.pieces(self.side),
            Some(moved) => self.own_ships() & !Board121::square(moved),
        }
    }

    /// Where the piece on `from` may go with the next leg (nothing if it may not move).
    pub fn leg_targets(&self, from: usize) -> Board121 {
        if self.movers().contains(from) {
            self.targets_of_mover(from)
        } else {
            Board121::EMPTY
        }
    }

    /// [`Breakthru::leg_targets`] of a piece known to be one of the movers.
    fn targets_of_mover(&self, from: usize) -> Board121 {
        let piece = Board121::square(from);
        let slides = piece.slides(self.empty());
        if self.is_first_leg_played() {
            slides
        } else {
            slides | (piece.diagonal_neighbours() & self.pieces(self.side.opponent()))
        }
    }

    /// Whether `leg` may be played next.
    pub fn is_legal_leg(&self, leg: Leg) -> bool {
        match leg.placer() {
            Some(side) => side == self.side && self.placement_squares().contains(leg.placed_on()),
            None => self.leg_targets(leg.from()).contains(leg.to()),
        }
    }

    /// Appends every legal leg: the pieces in the order of their squares (a1, b1, ..., k1,
    /// a2, ...), and each piece's targets in the same order; in the setup phase, the
    /// placements, by square.
    pub fn generate_legs(&self, list: &mut MoveList<Leg>) {
        for square in self.placement_squares().squares() {
            list.push(Leg::place(self.side, square));
        }
        for from in self.movers().squares() {
            for to in self.targets_of_mover(from).squares() {
                list.push(Leg::new(from, to));
            }
        }
    }

    /// Every legal leg (none once the game is over).
    pub fn legal_legs(&self) -> MoveList<Leg> {
        let mut list = MoveList::new();
        self.generate_legs(&mut list);
        list
    }

    /// Whether `leg` lands on an enemy piece: a legal one that does is a capture.
    pub fn is_capture(&self, leg: Leg) -> bool {
        leg.placer().is_none() && self.pieces(self.side.opponent()).contains(leg.to())
    }

    /// The position after `leg`, which must be legal.
    pub fn play_leg(&self, leg: Leg) -> Breakthru {
        debug_assert!(self.is_legal_leg(leg), "{leg} is not legal in {self:?}");
        if leg.placer().is_some() {
            return self.play_placement(leg);
        }
        let (from, to) = (leg.from(), leg.to());
        let mut next = *self;
        let capture = self.is_capture(leg);
        if capture {
            next.toggle(self.piece_at(to).expect("a capture lands on a piece"), to);
        }
        let piece = self.piece_at(from).expect("a leg moves a piece");
        next.toggle(piece, from);
        next.toggle(piece, to);
        if let Some(moved) = self.first_moved() {
            next.hash ^= zobrist::first_moved(moved);
            next.end_turn(false);
        } else if capture || piece == Piece::Flagship {
            next.end_turn(capture);
        } else if next.has_slide(next.own_ships() & !Board121::square(to)) {
            next.first_moved = Some(to as u8);
            next.hash ^= zobrist::first_moved(to);
        } else {
            // The forced single slide: no other ship can follow, so this slide is the turn.
            next.end_turn(false);
        }
        debug_assert_eq!(next.hash, next.hash_from_scratch());
        next
    }

    /// Puts `piece` on `square` or takes it off.
    pub(super) fn toggle(&mut self, piece: Piece, square: usize) {
        let set = match piece {
            Piece::Flagship => &mut self.flagship,
            Piece::Escort => &mut self.escorts,
            Piece::Silver => &mut self.silver,
        };
        *set ^= Board121::square(square);
        self.hash ^= zobrist::piece(piece, square);
    }

    /// Whether any of `ships` can slide: one of them has an empty square beside it.
    fn has_slide(&self, ships: Board121) -> bool {
        !(ships.orthogonal_neighbours() & self.empty()).is_empty()
    }

    /// Hands the move to the other side at the end of a turn.
    fn end_turn(&mut self, capture: bool) {
        self.first_moved = None;
        self.side = self.side.opponent();
        self.hash ^= zobrist::silver_to_move();
        self.quiet_turns = if capture { 0 } else { self.quiet_turns + 1 };
        // A position string may start at the largest turn number: it stays there.
        self.turn = self.turn.saturating_add(1);
    }
}
