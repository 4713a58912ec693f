//! Troyka, an engine for Breakthrough and Breakthru: the games' rules, perft, the search and
//! its evaluations, the text protocols, the match runner, the solver, and a board in the
//! browser.

pub mod bench;
pub mod cli;
pub mod datagen;
pub mod eval;
pub mod game;
pub mod games;
pub mod gui;
pub mod memory;
pub mod nnue;
pub mod perft;
pub mod protocol;
pub mod search;
pub mod solve;
pub mod tournament;
pub mod train;
