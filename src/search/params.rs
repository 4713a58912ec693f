//! The search's margins and reductions, in one table. An ordinary build reads each as a
//! constant. A build with the `tune` feature (`cargo build --release --features tune`)
//! keeps them in atomics that `setoption` changes, one spin option per parameter under the
//! name given here, so that `scripts/spsa` can tune them with many short games; the
//! values it finds come back here as the new defaults.

/// One tunable parameter, as the `tune` build announces it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tunable {
    pub name: &'static str,
    pub default: i32,
    pub min: i32,
    pub max: i32,
}

macro_rules! search_params {
    ($($(#[doc = $doc:literal])* $name:ident: $default:literal in $min:literal..=$max:literal;)*) => {
        /// Every parameter, in the order of the `tune` build's options.
        pub const TUNABLES: &[Tunable] = &[
            $(Tunable { name: stringify!($name), default: $default, min: $min, max: $max },)*
        ];

        #[cfg(not(feature = "tune"))]
        mod values {
            $(
                $(#[doc = $doc])*
                #[inline(always)]
                pub fn $name() -> i32 {
                    $default
                }
            )*
        }

        #[cfg(feature = "tune")]
        mod values {
            use std::sync::atomic::{AtomicI32, Ordering};

            /// The values, in [`super::TUNABLES`]' order.
            pub static VALUES: [AtomicI32; super::TUNABLES.len()] =
                [$(AtomicI32::new($default),)*];

            search_params!(@getters 0usize; $($(#[doc = $doc])* $name;)*);
        }

        pub use values::*;
    };
    (@getters $index:expr; $(#[doc = $doc:literal])* $name:ident; $($rest:tt)*) => {
        $(#[doc = $doc])*
        #[inline(always)]
        pub fn $name() -> i32 {
            VALUES[$index].load(Ordering::Relaxed)
        }
        search_params!(@getters $index + 1usize; $($rest)*);
    };
    (@getters $index:expr;) => {};
}

search_params! {
    /// Reverse futility: the margin per ply of depth left.
    rfp_margin: 90 in 20..=250;
    /// Reverse futility: the most depth left at which it prunes.
    rfp_depth: 6 in 1..=12;
    /// Null move: the depth reduction's constant part.
    nmp_base: 3 in 1..=6;
    /// Null move: the depth reduction grows by one every this many plies of depth.
    nmp_divisor: 4 in 2..=10;
    /// Late-move pruning: quiet moves tried at depth d, `lmp_base + lmp_scale * d * d`.
    lmp_base: 3 in 0..=12;
    /// Late-move pruning: see `lmp_base`.
    lmp_scale: 2 in 0..=6;
    /// Singular extension: the least depth left at which the table's move is tested.
    se_depth: 8 in 4..=14;
    /// Singular extension: the other moves must fail below the table's score less
    /// `se_margin * depth / 8`.
    se_margin: 16 in 0..=64;
    /// Late-move reduction: `lmr_base / 100 + ln(depth) * ln(move number) * 100 / lmr_divisor`.
    lmr_base: 50 in 0..=150;
    /// Late-move reduction: see `lmr_base`.
    lmr_divisor: 220 in 120..=400;
    /// The aspiration window's first half-width at the root.
    aspiration: 25 in 5..=100;
}

/// Sets the parameter at `index` of [`TUNABLES`] (the caller has checked the range).
#[cfg(feature = "tune")]
pub fn set(index: usize, value: i32) {
    values::VALUES[index].store(value, std::sync::atomic::Ordering::Relaxed);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_in_their_ranges_and_names_are_unique() {
        for (i, t) in TUNABLES.iter().enumerate() {
            assert!(t.min <= t.default && t.default <= t.max, "{t:?}");
            assert!(TUNABLES[..i].iter().all(|u| u.name != t.name), "{t:?}");
        }
    }

    #[test]
    fn the_getters_read_the_table() {
        let getters: [fn() -> i32; 11] = [
            rfp_margin,
            rfp_depth,
            nmp_base,
            nmp_divisor,
            lmp_base,
            lmp_scale,
            se_depth,
            se_margin,
            lmr_base,
            lmr_divisor,
            aspiration,
        ];
        assert_eq!(getters.len(), TUNABLES.len());
        for (index, (get, t)) in getters.iter().zip(TUNABLES).enumerate() {
            assert_eq!(get(), t.default, "{}", t.name);
            // The tune build's options change what the search reads (and are put back).
            #[cfg(feature = "tune")]
            {
                set(index, t.max);
                assert_eq!(get(), t.max, "{}", t.name);
                set(index, t.default);
            }
            let _ = index;
        }
    }
}
