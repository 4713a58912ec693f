//! Troyka, a Breakthrough engine: the rules, perft, search, and the text protocol.

pub mod cli;
pub mod perft;
pub mod rules;
