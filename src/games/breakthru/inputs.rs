//! Breakthru's network inputs ([`FeatureSet`]), one definition shared by the engine and the
//! trainer.
//!
//! The fleets are not alike, so each side's perspective has inputs of its own: one per
//! (piece, square) for the flagship, the escorts and the silver ships on the 121 squares,
//! gold's perspective first (inputs `0..363`), then silver's (`363..726`); the net's output
//! takes the side to move's first. A leg changes at most three inputs of each perspective: a
//! piece leaves a square for another, and takes what stood there; a placement adds one.

use super::bitboard::SIDE;
use super::notation::Leg;
use super::position::Breakthru;
use super::zobrist::Piece;
use crate::game::Color;
use crate::nnue::{Accumulator, Delta, FeatureSet, NetKind, Network};

/// The squares of the board.
const SQUARES: usize = SIDE * SIDE;
/// The inputs of one perspective: three kinds of piece on every square.
const PERSPECTIVE_INPUTS: usize = 3 * SQUARES;
/// The inputs of a Breakthru net: both perspectives'.
pub const INPUTS: usize = 2 * PERSPECTIVE_INPUTS;

/// The kind of Breakthru's nets.
pub const NET_KIND: NetKind = NetKind {
    game: *b"bru",
    cols: SIDE as u8,
    rows: SIDE as u8,
};

/// The input of a `piece` on `square` seen by `perspective`.
#[inline(always)]
pub fn input(perspective: Color, piece: Piece, square: usize) -> usize {
    perspective as usize * PERSPECTIVE_INPUTS + piece as usize * SQUARES + square
}

/// Breakthru's inputs (one board, so nothing to know).
#[derive(Clone, Copy, Debug)]
pub struct Inputs;

/// What a leg changes: the piece that moved or was placed, its squares (`from` is `None` for
/// a placement), and what it took.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Change {
    piece: Piece,
    from: Option<u8>,
    to: u8,
    taken: Option<Piece>,
}

impl Change {
    /// What `leg` changes when played in `position`.
    #[inline]
    pub fn of(position: &Breakthru, leg: Leg) -> Change {
        match leg.placer() {
            Some(side) => Change {
                piece: if side == Color::White {
                    Piece::Escort
                } else {
                    Piece::Silver
                },
                from: None,
                to: leg.placed_on() as u8,
                taken: None,
            },
            None => Change {
                // A legal leg has a piece on its square; the flagship stands in for none.
                piece: position.piece_at(leg.from()).unwrap_or(Piece::Flagship),
                from: Some(leg.from() as u8),
                to: leg.to() as u8,
                taken: position.piece_at(leg.to()),
            },
        }
    }
}

impl FeatureSet for Inputs {
    type Change = Change;

    #[inline(always)]
    fn delta(self, change: Change, perspective: Color) -> Delta {
        let to = input(perspective, change.piece, change.to as usize);
        match (change.from, change.taken) {
            (None, _) => Delta::placed(to),
            (Some(from), None) => Delta::moved(input(perspective, change.piece, from as usize), to),
            (Some(from), Some(taken)) => Delta::took(
                input(perspective, change.piece, from as usize),
                to,
                input(perspective, taken, change.to as usize),
            ),
        }
    }
}

/// `square`, or with `mirror` its image in the board seen left to right (a position the
/// rules cannot tell from the original).
#[inline]
pub fn mirrored(square: usize, mirror: bool) -> usize {
    if mirror {
        square - square % SIDE + (SIDE - 1 - square % SIDE)
    } else {
        square
    }
}

/// Calls `add` with the input of every piece of `position` seen by `perspective`; with
/// `mirror`, of its mirror image ([`mirrored`]).
pub fn active_inputs(
    position: &Breakthru,
    perspective: Color,
    mirror: bool,
    mut add: impl FnMut(usize),
) {
    let place = |square| mirrored(square, mirror);
    let fleets = [
        (Piece::Escort, position.escorts()),
        (Piece::Silver, position.silver()),
    ];
    if let Some(square) = position.flagship() {
        add(input(perspective, Piece::Flagship, place(square)));
    }
    for (piece, set) in fleets {
        for square in set.squares() {
            add(input(perspective, piece, place(square)));
        }
    }
}

/// The first layer's output for `position`, computed from scratch.
pub fn accumulator(net: &Network, position: &Breakthru) -> Accumulator {
    Accumulator::new(net, |perspective, add| {
        active_inputs(position, perspective, false, add)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue::accumulator::tests::check_random_line;
    use crate::nnue::network::tests::random_network;
    use rand_mt::Mt64;

    /// Along random games from the start and from the setup phase, with passes and jumps
    /// back up the stack as the search makes them, the incremental accumulator equals the
    /// one computed from scratch.
    #[test]
    fn incremental_equals_from_scratch_along_random_games() {
        let net = random_network(NET_KIND, INPUTS, 7);
        let mut rng = Mt64::new(7);
        for game in 0..30 {
            let root = if game % 3 == 0 {
                Breakthru::setup_start()
            } else {
                Breakthru::start()
            };
            check_random_line(&net, Inputs, root, 300, &mut rng, Change::of, |position| {
                accumulator(&net, position)
            });
        }
    }

    #[test]
    fn every_piece_on_every_square_has_its_own_input_in_each_perspective() {
        let mut seen = std::collections::HashSet::new();
        for perspective in [Color::White, Color::Black] {
            for piece in [Piece::Flagship, Piece::Escort, Piece::Silver] {
                for square in 0..SQUARES {
                    let index = input(perspective, piece, square);
                    assert!(index < INPUTS && seen.insert(index));
                }
            }
        }
        let mut mirrored = Vec::new();
        active_inputs(&Breakthru::start(), Color::White, true, |i| {
            mirrored.push(i)
        });
        let mut plain = Vec::new();
        active_inputs(&Breakthru::start(), Color::White, false, |i| plain.push(i));
        // The standard start is its own mirror image.
        mirrored.sort();
        assert_eq!(mirrored, plain);
        assert_eq!(plain.len(), 33);
    }
}
