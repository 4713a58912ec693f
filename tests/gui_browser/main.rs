//! `troyka gui` in a real browser (headless Chromium through WebDriver): a person plays a
//! whole Breakthrough game and a whole Breakthru game against Troyka by clicking and
//! dragging, tries an illegal move and a take-back, turns analysis on, saves the PGN and
//! checks it with `troyka-match check-pgn`, and uses the evaluation chart; screenshots of
//! each game's start, middle, end and analysis are saved. Smaller tests check what a person
//! would see go wrong: a refusal left on screen after a legal move on a slow network,
//! analysis turned off but shown as running, and a layout that jumps.
//!
//! Ignored by plain `cargo test` (it needs Chromium): `.ci/browser` runs it, and fails when
//! no browser is installed. Screenshots go to `$TROYKA_SCREENSHOTS`, by default
//! `target/screenshots` (`TROYKA_SCREENSHOTS=docs/screenshots .ci/browser` renews the
//! README's).
//!
//! The whole games are in [`whole_games`], the smaller tests in [`page`]; the helpers both
//! use are here.

#[path = "../gui_support/mod.rs"]
mod gui_support;
mod page;
mod whole_games;

use gui_support::browser::Browser;
use gui_support::{assert_pgn_checks, Server};
use serde_json::Value;
use std::path::PathBuf;
use std::time::Instant;

const TROYKA: &str = env!("CARGO_BIN_EXE_troyka");

/// Where the screenshots go.
fn screenshots() -> PathBuf {
    let dir = std::env::var_os("TROYKA_SCREENSHOTS").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/screenshots"),
        PathBuf::from,
    );
    std::fs::create_dir_all(&dir).expect("the screenshots' directory");
    dir
}

/// Where the screenshots of the smaller tests go (never the README's directory): the
/// pages they show are for checking by eye, not for the documentation.
fn check_screenshots() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/screenshots/checks");
    std::fs::create_dir_all(&dir).expect("the screenshots' directory");
    dir
}

fn moves(state: &Value) -> usize {
    state["moves"].as_array().map_or(0, Vec::len)
}

fn legal(state: &Value) -> Vec<String> {
    state["legal"]
        .as_array()
        .map(|legs| {
            legs.iter()
                .filter_map(|leg| leg.as_str())
                .map(String::from)
                .collect()
        })
        .unwrap_or_default()
}

/// The person may move: the game goes on, it is their turn, and Troyka is not thinking.
fn persons_turn(state: &Value) -> bool {
    let side = state["to_move"].as_u64().unwrap_or(0) as usize;
    state["outcome"].is_null() && state["players"][side] == "human" && state["engine"] != "thinking"
}

/// A leg's squares: `b2b3` → (`b2`, `b3`).
fn squares(leg: &str) -> (&str, &str) {
    let split = leg[1..]
        .find(|c: char| c.is_ascii_alphabetic())
        .expect("two squares")
        + 1;
    leg.split_at(split)
}

/// The rank a leg goes to.
fn to_rank(leg: &str) -> u32 {
    squares(leg).1[1..].parse().expect("a rank")
}

/// A page on a new server, showing `query`'s game (`?size=5x5`) once it is drawn.
async fn open_page(query: &str, title: &str) -> (Server, Browser) {
    let server = Server::start(TROYKA);
    let browser = Browser::start().await;
    browser.open(&format!("{}{query}", server.url)).await;
    browser
        .wait_for("the first board", |s| s["title"] == title)
        .await;
    (server, browser)
}

/// A new Breakthru game from the fixed start (the first of the two Breakthru buttons; the
/// other starts with the setup).
async fn start_breakthru(browser: &Browser) {
    browser
        .click("#games button[data-game=\"breakthru\"]:not([data-setup])")
        .await;
    browser
        .wait_for("Breakthru", |s| s["title"] == "Breakthru")
        .await;
}

/// Troyka at 0.1 s a move.
async fn fast_moves(browser: &Browser) {
    browser.choose("#movetime", "100").await;
    browser
        .wait_for("0.1 s a move", |s| s["movetime_ms"] == 100)
        .await;
}

/// Save PGN: the record has the game's tags and result, and `troyka-match check-pgn`
/// replays it to that result; Load PGN reads it back.
async fn pgn(browser: &Browser, result: &str, variant: &str) {
    browser.click("#pgn-save").await;
    let start = Instant::now();
    let text = loop {
        let text = browser
            .script("return document.getElementById('pgn').value;")
            .await;
        let text = text.as_str().unwrap_or("").to_string();
        if text.contains("[Result") {
            break text;
        }
        assert!(start.elapsed() < gui_support::browser::WAIT, "no PGN");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    };
    for tag in [
        format!("[Result \"{result}\"]"),
        format!("[Variant \"{variant}\"]"),
    ] {
        assert!(text.contains(&tag), "{tag} not in\n{text}");
    }
    assert_pgn_checks(env!("CARGO_BIN_EXE_troyka-match"), &text);
    let played = moves(&browser.state().await);
    browser.click("#pgn-load").await;
    browser
        .wait_for("the PGN loaded", |s| {
            moves(s) == played && s["cursor"] == played && s["players"][1] == "human"
        })
        .await;
}
