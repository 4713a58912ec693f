//! The network's hot loops at the widest vectors the CPU has. The loops are plain Rust that
//! the compiler vectorises; the default build must run on any x86-64 (SSE2), so on x86-64
//! each loop is compiled a second time with AVX2 enabled, and that copy is used when the
//! CPU has AVX2 (checked at run time; the answer is cached by the standard library).

/// Calls `function(arguments)`, compiled for AVX2 when the CPU has it. The function must be
/// `#[inline(always)]`, so that it is compiled into each copy with that copy's features.
macro_rules! dispatch {
    ($function:ident($($argument:expr),*)) => {{
        #[cfg(target_arch = "x86_64")]
        {
            #[target_feature(enable = "avx2")]
            fn with_avx2<A, R>(call: impl FnOnce(A) -> R, arguments: A) -> R {
                call(arguments)
            }
            if std::is_x86_feature_detected!("avx2") {
                // SAFETY: AVX2 instructions run only on a CPU that reports AVX2.
                unsafe { with_avx2(|()| $function($($argument),*), ()) }
            } else {
                $function($($argument),*)
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            $function($($argument),*)
        }
    }};
}

pub(crate) use dispatch;
