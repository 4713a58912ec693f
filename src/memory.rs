//! Hints to the processor and the system about the big tables (the search's transposition
//! table, the solver's proof-number table): nearly every probe of either lands on a line
//! that is not in the cache, on a page whose translation is not in the TLB.

/// Starts loading the cache line at `address`, so that a probe soon after waits for memory
/// less or not at all.
#[inline(always)]
pub fn prefetch<T>(address: *const T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: SSE is part of every x86-64 processor, and a prefetch only hints the
        // cache: it reads nothing and cannot fault.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(address.cast()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = address;
}

/// Asks Linux to back the `bytes` from `start` with 2 MiB pages (transparent huge pages)
/// before they are first written. Only advice: without huge pages (another system, or
/// none free) the memory is the same, on ordinary pages.
#[cfg(target_os = "linux")]
pub fn advise_huge_pages(start: *const u8, bytes: usize) {
    extern "C" {
        fn madvise(address: *mut std::ffi::c_void, length: usize, advice: i32) -> i32;
    }
    const MADV_HUGEPAGE: i32 = 14;
    const PAGE: usize = 4096;
    // The whole pages inside the range: madvise takes page-aligned ranges only.
    let (begin, end) = (start as usize, start as usize + bytes);
    let (first, last) = (begin.next_multiple_of(PAGE), end / PAGE * PAGE);
    if last <= first {
        return;
    }
    // SAFETY: MADV_HUGEPAGE only changes how the kernel backs the range, never its
    // contents, and the caller owns it; a failure leaves ordinary pages.
    let _ = unsafe { madvise(first as *mut std::ffi::c_void, last - first, MADV_HUGEPAGE) };
}

#[cfg(not(target_os = "linux"))]
pub fn advise_huge_pages(_start: *const u8, _bytes: usize) {}
