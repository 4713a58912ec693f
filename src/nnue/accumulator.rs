//! The first layer, kept up to date ply by ply: one accumulator per perspective, and a
//! stack of them by ply so that the search's copy-make needs no undo.
//!
//! What the inputs are is the game's ([`FeatureSet`]): the search tells the stack what led
//! to each ply, in the game's own terms ([`FeatureSet::Change`], kept as it is); the
//! accumulator of a ply is only computed when a position there is evaluated, from the
//! nearest computed ply below it, one change at a time, and only then are the changes
//! turned into inputs ([`FeatureSet::delta`]). Many nodes are decided without an evaluation
//! (proven races, the table), and they cost nothing here.

use super::network::{Network, Row, HIDDEN};
use super::simd;
use crate::game::Color;

/// A game's network inputs: how many a net of its board has, which are active in a position,
/// and which one ply changes. A perspective is a side ([`Color`]), each seeing the position
/// its own way; a net's output takes the side to move's accumulator first.
pub trait FeatureSet: Copy {
    /// What one ply changes on the board, as the game knows it (the piece that moved, from
    /// where to where, what it took), kept until its accumulator is needed.
    type Change: Copy;

    /// The inputs `change` removes from and adds to `perspective`'s.
    fn delta(self, change: Self::Change, perspective: Color) -> Delta;
}

/// The inputs one ply changes in one perspective: at most one added, at most two removed
/// (a piece that moves leaves one input for another; one that takes removes its victim's
/// too; one that is placed only adds).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Delta {
    pub added: Option<u32>,
    pub removed: [u32; 2],
    /// How many of `removed` are used.
    pub removes: u8,
}

impl Delta {
    /// A piece moved from input `from` to input `to`.
    #[inline(always)]
    pub fn moved(from: usize, to: usize) -> Delta {
        Delta {
            added: Some(to as u32),
            removed: [from as u32, 0],
            removes: 1,
        }
    }

    /// A piece moved from `from` to `to` and removed the piece of input `taken`.
    #[inline(always)]
    pub fn took(from: usize, to: usize, taken: usize) -> Delta {
        Delta {
            added: Some(to as u32),
            removed: [from as u32, taken as u32],
            removes: 2,
        }
    }

    /// A piece was placed on input `at`.
    #[inline(always)]
    pub fn placed(at: usize) -> Delta {
        Delta {
            added: Some(at as u32),
            removed: [0; 2],
            removes: 0,
        }
    }
}

/// The first layer's output for both perspectives (indexed by [`Color`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Accumulator {
    pub halves: [Row; 2],
}

impl Accumulator {
    /// Computed from scratch: `active` calls its argument with each active input of the
    /// perspective it is given.
    pub fn new(net: &Network, mut active: impl FnMut(Color, &mut dyn FnMut(usize))) -> Accumulator {
        let mut accumulator = Accumulator {
            halves: [net.biases; 2],
        };
        for perspective in [Color::White, Color::Black] {
            let half = &mut accumulator.halves[perspective as usize];
            active(perspective, &mut |input| add(half, &net.weights[input]));
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

/// `parent` updated by `change`, written into `child`: each half in one pass over the rows.
#[inline(always)]
fn update<F: FeatureSet>(
    net: &Network,
    features: F,
    parent: &Accumulator,
    change: F::Change,
    child: &mut Accumulator,
) {
    for perspective in [Color::White, Color::Black] {
        let p = perspective as usize;
        let delta = features.delta(change, perspective);
        let row = |input: u32| &net.weights[input as usize].0;
        let (source, target) = (&parent.halves[p].0, &mut child.halves[p].0);
        match (delta.added, delta.removes) {
            (Some(added), 1) => {
                let (added, moved) = (row(added), row(delta.removed[0]));
                for i in 0..HIDDEN {
                    target[i] = source[i].wrapping_add(added[i]).wrapping_sub(moved[i]);
                }
            }
            (Some(added), 2) => {
                let (added, moved, taken) =
                    (row(added), row(delta.removed[0]), row(delta.removed[1]));
                for i in 0..HIDDEN {
                    target[i] = source[i]
                        .wrapping_add(added[i])
                        .wrapping_sub(moved[i])
                        .wrapping_sub(taken[i]);
                }
            }
            // Placements, and whatever else a game may one day change: one row at a time.
            _ => {
                *target = *source;
                let half = &mut child.halves[p];
                if let Some(added) = delta.added {
                    add(half, &net.weights[added as usize]);
                }
                for &removed in &delta.removed[..delta.removes as usize] {
                    subtract(half, &net.weights[removed as usize]);
                }
            }
        }
    }
}

#[inline(always)]
fn add(half: &mut Row, row: &Row) {
    for (value, &weight) in half.0.iter_mut().zip(&row.0) {
        *value = value.wrapping_add(weight);
    }
}

#[inline(always)]
fn subtract(half: &mut Row, row: &Row) {
    for (value, &weight) in half.0.iter_mut().zip(&row.0) {
        *value = value.wrapping_sub(weight);
    }
}

#[derive(Clone, Copy)]
struct Entry<C> {
    accumulator: Accumulator,
    /// How this ply was reached from the one below; `None` for a pass (nothing changes).
    change: Option<C>,
    computed: bool,
}

/// The accumulators of the current line of the search, by ply.
pub struct AccumulatorStack<F: FeatureSet> {
    features: F,
    entries: Vec<Entry<F::Change>>,
}

impl<F: FeatureSet> AccumulatorStack<F> {
    /// A stack for `plies` plies, with `root` (computed from scratch) at ply 0.
    pub fn new(features: F, root: Accumulator, plies: usize) -> AccumulatorStack<F> {
        let entry = Entry {
            accumulator: root,
            change: None,
            computed: true,
        };
        AccumulatorStack {
            features,
            entries: vec![entry; plies.max(1)],
        }
    }

    /// Ply `ply` is reached from ply `ply - 1` by `change`.
    #[inline]
    pub fn push_change(&mut self, ply: usize, change: F::Change) {
        let entry = self.entry(ply);
        entry.change = Some(change);
        entry.computed = false;
    }

    /// Ply `ply` is reached from ply `ply - 1` by a pass.
    #[inline]
    pub fn push_pass(&mut self, ply: usize) {
        let entry = self.entry(ply);
        entry.change = None;
        entry.computed = false;
    }

    /// The entry of `ply`, the stack grown to hold it: the search never goes past the plies
    /// it was made for, but the solver follows a line to the end of the game.
    #[inline]
    fn entry(&mut self, ply: usize) -> &mut Entry<F::Change> {
        if ply >= self.entries.len() {
            let filler = Entry {
                change: None,
                computed: false,
                ..self.entries[0]
            };
            self.entries.resize(ply + 1, filler);
        }
        &mut self.entries[ply]
    }

    /// The accumulator of the position at `ply`, brought up to date.
    #[inline]
    pub fn accumulator(&mut self, net: &Network, ply: usize) -> &Accumulator {
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
                    let features = self.features;
                    simd::dispatch!(update(net, features, parent, change, child))
                }
                None => entry.accumulator = *parent,
            }
            entry.computed = true;
        }
        &self.entries[ply].accumulator
    }

    /// The network's output for the position at `ply` (whose side to move is given).
    #[inline]
    pub fn evaluate(&mut self, net: &Network, ply: usize, side_to_move: Color) -> i32 {
        self.accumulator(net, ply).evaluate(net, side_to_move)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::game::{MoveList, Position};
    use rand_mt::Mt64;

    /// Plays a random line of at most `plies` from `root` as the search walks its tree
    /// (moves, passes where the game allows them, jumps back a few plies between siblings),
    /// telling the stack each `change`, and checks at random plies that the stack's
    /// accumulator is the one computed `from_scratch`. The stack starts with room for half
    /// the plies, and grows as the solver's does on a long line.
    pub(crate) fn check_random_line<P: Position, F: FeatureSet>(
        net: &Network,
        features: F,
        root: P,
        plies: usize,
        rng: &mut Mt64,
        change: impl Fn(&P, P::Move) -> F::Change,
        from_scratch: impl Fn(&P) -> Accumulator,
    ) {
        let mut stack = AccumulatorStack::new(features, from_scratch(&root), plies / 2);
        let mut line = vec![root];
        while let Some(position) = line.last().copied() {
            if position.decided().is_some() || line.len() >= plies {
                break;
            }
            let ply = line.len();
            let roll = rng.next_u64() % 10;
            let child = if roll == 0 && ply > 2 {
                line.truncate(ply - 2);
                continue;
            } else if roll == 1 && position.may_pass() {
                stack.push_pass(ply);
                position.pass()
            } else {
                let mut moves = MoveList::new();
                position.generate(&mut moves);
                if moves.is_empty() {
                    break;
                }
                let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
                stack.push_change(ply, change(&position, mv));
                position.play(mv)
            };
            line.push(child);
            if rng.next_u64().is_multiple_of(3) {
                let side = child.side_to_move();
                let expected = from_scratch(&child);
                assert_eq!(stack.accumulator(net, ply), &expected);
                assert_eq!(stack.evaluate(net, ply, side), expected.evaluate(net, side));
            }
        }
    }
}
