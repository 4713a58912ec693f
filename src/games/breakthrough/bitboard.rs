//! Bitboard integer types.
//!
//! A board of C columns and R rows is stored densely, square `rank * C + file`, so an 8x8
//! board fits a `u64`, boards up to 128 squares a `u128`, and the largest (16x16) our own
//! [`U256`]. All game code is generic over [`Bitboard`] and monomorphised once per width, so
//! the 8x8 path compiles to plain `u64` arithmetic.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

/// An unsigned integer used as a set of squares.
pub trait Bitboard:
    Copy
    + Eq
    + Hash
    + Default
    + Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// How many squares the type can hold.
    const CAPACITY: usize;
    /// The empty set.
    const EMPTY: Self;

    /// The set holding only `square` (which must be below `CAPACITY`).
    fn square(square: usize) -> Self;
    /// Number of squares in the set.
    fn count(self) -> u32;
    /// Index of the lowest square; the set must not be empty.
    fn lowest(self) -> usize;
    /// The set without its lowest square.
    fn without_lowest(self) -> Self;

    fn is_empty(self) -> bool {
        self == Self::EMPTY
    }

    fn contains(self, square: usize) -> bool {
        !(self & Self::square(square)).is_empty()
    }

    /// Iterates over the squares of the set, lowest first.
    fn squares(self) -> Squares<Self> {
        Squares(self)
    }
}

/// Iterator over the squares of a bitboard.
pub struct Squares<B>(B);

impl<B: Bitboard> Iterator for Squares<B> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0.is_empty() {
            return None;
        }
        let square = self.0.lowest();
        self.0 = self.0.without_lowest();
        Some(square)
    }
}

macro_rules! native_bitboard {
    ($t:ty) => {
        impl Bitboard for $t {
            const CAPACITY: usize = <$t>::BITS as usize;
            const EMPTY: Self = 0;

            #[inline]
            fn square(square: usize) -> Self {
                1 << square
            }
            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn lowest(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
        }
    };
}

native_bitboard!(u64);
native_bitboard!(u128);

/// A 256-bit set for boards of more than 128 squares (up to 16x16).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct U256 {
    lo: u128,
    hi: u128,
}

impl Bitboard for U256 {
    const CAPACITY: usize = 256;
    const EMPTY: Self = U256 { lo: 0, hi: 0 };

    #[inline]
    fn square(square: usize) -> Self {
        if square < 128 {
            U256 {
                lo: 1 << square,
                hi: 0,
            }
        } else {
            U256 {
                lo: 0,
                hi: 1 << (square - 128),
            }
        }
    }
    #[inline]
    fn count(self) -> u32 {
        self.lo.count_ones() + self.hi.count_ones()
    }
    #[inline]
    fn lowest(self) -> usize {
        if self.lo != 0 {
            self.lo.trailing_zeros() as usize
        } else {
            128 + self.hi.trailing_zeros() as usize
        }
    }
    #[inline]
    fn without_lowest(self) -> Self {
        if self.lo != 0 {
            U256 {
                lo: self.lo & (self.lo - 1),
                hi: self.hi,
            }
        } else {
            U256 {
                lo: 0,
                hi: self.hi & self.hi.wrapping_sub(1),
            }
        }
    }
}

macro_rules! u256_bitwise {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl $trait for U256 {
            type Output = U256;
            #[inline]
            fn $method(self, other: U256) -> U256 {
                U256 { lo: self.lo $op other.lo, hi: self.hi $op other.hi }
            }
        }
        impl $assign_trait for U256 {
            #[inline]
            fn $assign_method(&mut self, other: U256) {
                *self = *self $op other;
            }
        }
    };
}

u256_bitwise!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
u256_bitwise!(BitOr, bitor, BitOrAssign, bitor_assign, |);
u256_bitwise!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for U256 {
    type Output = U256;
    #[inline]
    fn not(self) -> U256 {
        U256 {
            lo: !self.lo,
            hi: !self.hi,
        }
    }
}

impl Shl<u32> for U256 {
    type Output = U256;
    #[inline]
    fn shl(self, n: u32) -> U256 {
        match n {
            0 => self,
            1..=127 => U256 {
                lo: self.lo << n,
                hi: (self.hi << n) | (self.lo >> (128 - n)),
            },
            128..=255 => U256 {
                lo: 0,
                hi: self.lo << (n - 128),
            },
            _ => U256::EMPTY,
        }
    }
}

impl Shr<u32> for U256 {
    type Output = U256;
    #[inline]
    fn shr(self, n: u32) -> U256 {
        match n {
            0 => self,
            1..=127 => U256 {
                lo: (self.lo >> n) | (self.hi << (128 - n)),
                hi: self.hi >> n,
            },
            128..=255 => U256 {
                lo: self.hi >> (n - 128),
                hi: 0,
            },
            _ => U256::EMPTY,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn u256_shifts_carry_across_halves() {
        let a = U256::square(127);
        assert_eq!(a << 1, U256::square(128));
        assert_eq!((a << 1) >> 1, a);
        assert_eq!(U256::square(3) << 200, U256::square(203));
        assert_eq!(U256::square(203) >> 200, U256::square(3));
        assert_eq!(U256::square(255) << 1, U256::EMPTY);
    }

    #[test]
    fn squares_iterate_in_order() {
        let set = U256::square(5) | U256::square(130) | U256::square(255);
        assert_eq!(set.squares().collect::<Vec<_>>(), vec![5, 130, 255]);
        assert_eq!(set.count(), 3);
        let small: u64 = 0b1010_0001;
        assert_eq!(small.squares().collect::<Vec<_>>(), vec![0, 5, 7]);
    }
}
