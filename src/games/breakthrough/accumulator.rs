//! The first layer, kept up to date move by move: one accumulator per perspective, and a
//! stack of them by ply so that the search's copy-make needs no undo.
//!
//! The search tells the stack which move led to each ply ([`AccumulatorStack::push_move`]);
//! the accumulator of a ply is only computed when a position there is evaluated, from the
//! nearest computed ply below it, one move at a time. Many nodes are decided without an
//! evaluation (the race rules, the table), and they cost nothing here.

use super::features::input;
use crate::games::breakthrough::{Bitboard, Color, Move, Position};
use crate::nnue::network::{Network, Row, HIDDEN};
use crate::nnue::simd;

/// The first layer's output for both perspectives (indexed by [`Color`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Accumulator {
    pub halves: [Row; 2],
}

impl Accumulator {
    /// Computed from scratch.
    pub fn new<B: Bitboard>(net: &Network, position: &Position<B>) -> Accumulator {
        let size = position.size();
        let mut accumulator = Accumulator {
            halves: [net.biases; 2],
        };
        for perspective in [Color::White, Color::Black] {
            let half = &mut accumulator.halves[perspective as usize];
            for piece in [Color::White, Color::Black] {
                for square in position.pieces(piece).squares() {
                    add(half, &net.weights[input(size, perspective, piece, square)]);
                }
            }
        }
        accumulator
    }

    /// The network's output for the side to move.
    #[inline]
    pub fn evaluate(&self, net: &Network, side_to_move: Color) -> i32 {
        net.output(
            &self.halves[side_to_move as usize],
            &self.halves[side_to_move.opponent() as usize],
        )
    }
}

/// What a move changes: the mover's colour, its squares, and whether it captured.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Change {
    pub mover: Color,
    pub mv: Move,
    pub capture: bool,
}

/// `parent` updated by `change`, written into `child`: each half in one pass over the rows.
#[inline(always)]
fn update(net: &Network, parent: &Accumulator, change: Change, child: &mut Accumulator) {
    let size = net.size;
    let (from, to) = (change.mv.from(), change.mv.to());
    for perspective in [Color::White, Color::Black] {
        let p = perspective as usize;
        let added = &net.weights[input(size, perspective, change.mover, to)];
        let moved = &net.weights[input(size, perspective, change.mover, from)];
        let (source, target) = (&parent.halves[p].0, &mut child.halves[p].0);
        if change.capture {
            let taken = &net.weights[input(size, perspective, change.mover.opponent(), to)];
            for i in 0..HIDDEN {
                target[i] = source[i]
                    .wrapping_add(added.0[i])
                    .wrapping_sub(moved.0[i])
                    .wrapping_sub(taken.0[i]);
            }
        } else {
            for i in 0..HIDDEN {
                target[i] = source[i].wrapping_add(added.0[i]).wrapping_sub(moved.0[i]);
            }
        }
    }
}

#[inline]
fn add(half: &mut Row, row: &Row) {
    for (value, &weight) in half.0.iter_mut().zip(&row.0) {
        *value = value.wrapping_add(weight);
    }
}

#[derive(Clone, Copy)]
struct Entry {
    accumulator: Accumulator,
    /// How this ply was reached from the one below; `None` for a pass (nothing changes).
    change: Option<Change>,
    computed: bool,
}

/// The accumulators of the current line of the search, by ply.
pub struct AccumulatorStack {
    entries: Vec<Entry>,
}

impl AccumulatorStack {
    /// A stack for `plies` plies, with `root` at ply 0.
    pub fn new<B: Bitboard>(net: &Network, root: &Position<B>, plies: usize) -> AccumulatorStack {
        let entry = Entry {
            accumulator: Accumulator::new(net, root),
            change: None,
            computed: true,
        };
        AccumulatorStack {
            entries: vec![entry; plies.max(1)],
        }
    }

    /// Ply `ply` is reached from ply `ply - 1` by `mv`, played by `mover`.
    #[inline]
    pub fn push_move(&mut self, ply: usize, mover: Color, mv: Move, capture: bool) {
        let entry = &mut self.entries[ply];
        entry.change = Some(Change { mover, mv, capture });
        entry.computed = false;
    }

    /// Ply `ply` is reached from ply `ply - 1` by a pass.
    #[inline]
    pub fn push_pass(&mut self, ply: usize) {
        let entry = &mut self.entries[ply];
        entry.change = None;
        entry.computed = false;
    }

    /// The network's output for the position at `ply` (whose side to move is given).
    #[inline]
    pub fn evaluate(&mut self, net: &Network, ply: usize, side_to_move: Color) -> i32 {
        let mut base = ply;
        while !self.entries[base].computed {
            base -= 1;
        }
        for next in base + 1..=ply {
            let (below, above) = self.entries.split_at_mut(next);
            let (parent, entry) = (&below[next - 1].accumulator, &mut above[0]);
            match entry.change {
                Some(change) => {
                    let child = &mut entry.accumulator;
                    simd::dispatch!(update(net, parent, change, child))
                }
                None => entry.accumulator = *parent,
            }
            entry.computed = true;
        }
        self.entries[ply].accumulator.evaluate(net, side_to_move)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::breakthrough::{BoardSize, Breakthrough, MoveList};
    use crate::nnue::network::tests::random_network;
    use crate::with_position;
    use rand_mt::Mt64;

    /// Along random games, with passes and jumps back up the stack as the search makes
    /// them, the incremental accumulator equals the one computed from scratch: with the
    /// built-in networks, and with random ones on other boards.
    #[test]
    fn incremental_equals_from_scratch_along_random_games() {
        for (seed, size) in ["8x8", "7x7", "6x6", "5x9", "12x11"].iter().enumerate() {
            let size: BoardSize = size.parse().unwrap();
            let net = super::super::networks::default_network(size)
                .cloned()
                .unwrap_or_else(|| random_network(size, seed as u64));
            let mut rng = Mt64::new(seed as u64);
            for _ in 0..20 {
                let root = Breakthrough::start(size);
                with_position!(&root, p => {
                    let mut stack = AccumulatorStack::new(&net, p, 200);
                    let mut line = vec![*p];
                    while let Some(position) = line.last().copied() {
                        if position.winner().is_some() || line.len() >= 200 {
                            break;
                        }
                        let ply = line.len();
                        let roll = rng.next_u64() % 10;
                        let child = if roll == 0 && ply > 2 {
                            // Back up a few plies, as the search does between siblings.
                            line.truncate(ply - 2);
                            continue;
                        } else if roll == 1 {
                            stack.push_pass(ply);
                            position.pass()
                        } else {
                            let mut moves = MoveList::new();
                            position.generate(&mut moves);
                            let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
                            stack.push_move(ply, position.side_to_move(), mv, position.is_capture(mv));
                            position.play(mv)
                        };
                        line.push(child);
                        if rng.next_u64().is_multiple_of(3) {
                            let side = child.side_to_move();
                            let expected = Accumulator::new(&net, &child).evaluate(&net, side);
                            assert_eq!(stack.evaluate(&net, ply, side), expected);
                            assert_eq!(stack.entries[ply].accumulator, Accumulator::new(&net, &child));
                        }
                    }
                });
            }
        }
    }
}
