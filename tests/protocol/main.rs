//! The protocol end to end: every test runs the real binary over pipes and checks one of
//! the guarantees of `protocol.md`. Timing thresholds are far above the measured latencies,
//! because the tests share two loaded cores.

mod breakthru;
mod breakthru_errors;
mod breakthru_fuzz;
mod breakthru_search;
mod breakthru_setup;
mod breakthru_support;
mod cecp;
mod commands;
mod evaluation;
mod fuzz;
#[path = "../fuzz_support/mod.rs"]
mod fuzz_support;
mod harness;
mod interrupts;
mod robustness;
mod search;
mod solve;
mod variants;
