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

mod gui_support;

use gui_support::browser::{Browser, WAIT};
use gui_support::{assert_pgn_checks, Server};
use serde_json::Value;
use std::path::PathBuf;
use std::time::{Duration, Instant};

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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and chromedriver: run by .ci/browser"]
async fn a_person_plays_both_games_in_a_browser() {
    let server = Server::start(TROYKA);
    let browser = Browser::start().await;
    let shots = screenshots();

    let started = Instant::now();
    browser.open(&server.url).await;
    browser
        .wait_for("the first board", |s| s["title"] == "Breakthrough 8x8")
        .await;
    let waited = started.elapsed();
    let timing = browser
        .script(
            "const nav = performance.getEntriesByType('navigation')[0];
             const ready = performance.getEntriesByName('troyka-ready')[0];
             return [nav.domContentLoadedEventEnd, nav.loadEventEnd, ready ? ready.startTime : -1];",
        )
        .await;
    eprintln!(
        "page load: DOMContentLoaded {:.0} ms, load {:.0} ms, first board drawn {:.0} ms \
         (WebDriver's wait: {} ms)",
        timing[0].as_f64().unwrap_or(-1.0),
        timing[1].as_f64().unwrap_or(-1.0),
        timing[2].as_f64().unwrap_or(-1.0),
        waited.as_millis()
    );

    breakthrough(&browser, &shots).await;
    breakthru(&browser, &shots).await;
    browser.close().await;
    // The page's session ended with the page: its engine is gone.
    assert!(
        server.wait_for_children(0, gui_support::browser::WAIT),
        "an engine outlived its page"
    );
}

/// Breakthrough on 5x5, the person white against Troyka at 0.1 s a move, to the end.
async fn breakthrough(browser: &Browser, shots: &std::path::Path) {
    browser.click("#games button[data-size=\"7x7\"]").await;
    browser
        .wait_for("7x7", |s| s["title"] == "Breakthrough 7x7")
        .await;
    browser.type_into("#size", "5x5").await;
    browser.click("#size-go").await;
    browser
        .wait_for("5x5", |s| s["title"] == "Breakthrough 5x5")
        .await;
    browser.choose("#players", "human,troyka").await;
    browser.choose("#movetime", "100").await;
    browser
        .wait_for("the settings", |s| {
            s["movetime_ms"] == 100 && s["players"][1] == "troyka"
        })
        .await;

    // Flipping turns the board round: a1 goes from the bottom to the top.
    let a1 = "#board rect[data-square=\"a1\"]";
    let y = |rect: (f64, f64, f64, f64)| rect.1;
    let bottom = y(browser.find(a1).await.rectangle().await.unwrap());
    browser.click("#flip").await;
    assert!(y(browser.find(a1).await.rectangle().await.unwrap()) < bottom);
    browser.click("#flip").await;
    browser
        .screenshot(&shots.join("breakthrough-start.png"))
        .await;

    // Two squares straight ahead: refused with the reason, nothing changes.
    browser.click_square("b2").await;
    browser.click_square("b4").await;
    let message = browser.wait_for_text("#message", |t| !t.is_empty()).await;
    assert!(message.contains("not a legal move"), "{message}");
    assert_eq!(moves(&browser.state().await), 0);

    let mut took_back = false;
    let mut analysed = false;
    loop {
        let state = browser
            .wait_for("the person's turn or the end", |s| {
                persons_turn(s) || !s["outcome"].is_null()
            })
            .await;
        if !state["outcome"].is_null() {
            break;
        }
        let played = moves(&state);
        if played == 4 && !took_back {
            // Take back: the person's move and Troyka's answer go.
            browser.click("#takeback").await;
            browser.wait_for("the take-back", |s| moves(s) == 2).await;
            assert!(!browser.shown("#message").await);
            took_back = true;
            continue;
        }
        if played == 4 && !analysed {
            browser
                .screenshot(&shots.join("breakthrough-middle.png"))
                .await;
            analyse(browser, shots, "breakthrough-analysis.png").await;
            analysed = true;
        }
        // The person pushes their most advanced move (the goal if they can).
        let leg = legal(&state)
            .into_iter()
            .max_by_key(|leg| to_rank(leg))
            .expect("a move");
        let (from, to) = squares(&leg);
        browser.click_square(from).await;
        browser.click_square(to).await;
        browser.wait_for("the move", |s| moves(s) > played).await;
    }
    assert!(took_back && analysed, "the game ended too soon");
    let state = browser.state().await;
    let reason = state["outcome"]["reason"].as_str().unwrap().to_string();
    let result = state["outcome"]["result"].as_str().unwrap().to_string();
    let shown = browser.wait_for_text("#result", |t| !t.is_empty()).await;
    assert!(
        shown.contains(&reason) && shown.contains(&result),
        "{shown}"
    );
    assert!(shown.contains("wins"), "{shown}");
    browser
        .screenshot(&shots.join("breakthrough-end.png"))
        .await;

    chart(browser).await;
    pgn(browser, &result, "breakthrough").await;
}

/// Analysis with two lines: the lines and the search's numbers under the board.
async fn analyse(browser: &Browser, shots: &std::path::Path, name: &str) {
    browser.type_into("#multipv", "2").await;
    browser.click("#analyse").await;
    browser
        .wait_for("analysis", |s| s["analyse"] == true && s["multipv"] == 2)
        .await;
    let start = Instant::now();
    while browser.count("#lines li").await < 2 || start.elapsed().as_millis() < 1500 {
        assert!(
            start.elapsed() < gui_support::browser::WAIT,
            "no analysis lines"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    // The lines are redrawn at every report of the search, so a single read can land on an
    // element that was just replaced (and read as empty): wait for the text instead.
    browser
        .wait_for_text("#engine-state", |t| {
            t.contains("depth") && t.contains("nodes/s")
        })
        .await;
    browser
        .wait_for_text("#lines li", |t| t.contains('%'))
        .await;
    browser.screenshot(&shots.join(name)).await;
    browser.click("#analyse").await;
    browser
        .wait_for("analysis off", |s| {
            s["analyse"] == false && s["engine"] == "idle"
        })
        .await;
}

/// The evaluation chart has points; clicking one goes to its position.
async fn chart(browser: &Browser) {
    let points = browser.count("#chart circle.point").await;
    assert!(points >= 1, "no points on the chart");
    let state = browser.state().await;
    let point = browser.find("#chart circle.point").await;
    let index: u64 = point
        .attr("data-index")
        .await
        .unwrap()
        .unwrap()
        .parse()
        .unwrap();
    assert_ne!(Some(index), state["cursor"].as_u64());
    point.click().await.expect("the chart's point is clicked");
    browser
        .wait_for("the chart's position", |s| {
            s["cursor"].as_u64() == Some(index)
        })
        .await;
    let status = browser.text("#status").await;
    assert!(
        status.contains(&format!("after move {index} of")),
        "{status}"
    );
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

/// Breakthru from a position near the end: the person, gold, enters a two-slide turn as two
/// drags (the first shown until the second; a second slide by the same ship refused), Troyka
/// answers, and the flagship sails to the edge.
async fn breakthru(browser: &Browser, shots: &std::path::Path) {
    start_breakthru(browser).await;
    browser.choose("#players", "human,troyka").await;
    browser
        .wait_for("the players", |s| s["players"][1] == "troyka")
        .await;
    browser.screenshot(&shots.join("breakthru-start.png")).await;
    // Analysis of the start: each line a series of whole turns.
    analyse(browser, shots, "breakthru-analysis.png").await;

    // Gold's flagship on c3 with two ways to the edge (a3, c1) that silver's three ships, far
    // away, cannot both close in one turn; two escorts to slide.
    let fen = "11/9s1/7ss2/11/11/11/5EE4/11/2F8/11/11 g 0 1";
    browser.type_into("#fen", fen).await;
    browser.click("#fen-set").await;
    browser.wait_for("the position", |s| s["fen"] == fen).await;

    browser.drag("f5", "f7").await;
    browser
        .wait_for("the first slide", |s| s["legs"][0] == "f5f7")
        .await;
    let status = browser.text("#status").await;
    assert!(status.contains("first slide f5f7"), "{status}");
    assert!(browser.shown("#cancel").await);
    // The ship that slid may not slide again.
    browser.drag("f7", "f9").await;
    let message = browser.wait_for_text("#message", |t| !t.is_empty()).await;
    assert!(message.contains("not legal"), "{message}");
    let state = browser.state().await;
    assert_eq!(
        (moves(&state), state["legs"][0].as_str()),
        (0, Some("f5f7"))
    );
    browser
        .screenshot(&shots.join("breakthru-middle.png"))
        .await;

    browser.drag("g5", "g7").await;
    let state = browser
        .wait_for("Troyka's answer", |s| moves(s) == 2 && persons_turn(s))
        .await;
    assert_eq!(state["moves"][0]["name"], "f5f7,g5g7");

    let state = browser.state().await;
    let escape = ["c3a3", "c3c1"]
        .into_iter()
        .find(|leg| legal(&state).iter().any(|l| l == leg))
        .expect("a way to the edge is open");
    let (from, to) = squares(escape);
    browser.click_square(from).await;
    browser.click_square(to).await;
    let state = browser
        .wait_for("the end", |s| !s["outcome"].is_null())
        .await;
    assert_eq!(state["outcome"]["result"], "1-0");
    let shown = browser.wait_for_text("#result", |t| !t.is_empty()).await;
    assert!(shown.contains("Gold wins"), "{shown}");
    assert!(
        shown.contains(state["outcome"]["reason"].as_str().unwrap()),
        "{shown}"
    );
    browser.screenshot(&shots.join("breakthru-end.png")).await;

    chart(browser).await;
    pgn(browser, "1-0", "Breakthru").await;
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

/// A refused move's reason goes from under the board once a legal move is played, even
/// when Troyka's answer (on the WebSocket) overtakes the answer to the move (HTTP), as it
/// does on a slow network.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and chromedriver: run by .ci/browser"]
async fn a_refusal_goes_once_a_legal_move_is_played_on_a_slow_network() {
    let (_server, browser) = open_page("?size=5x5", "Breakthrough 5x5").await;
    fast_moves(&browser).await;
    // Troyka's move takes 0.1 s: its state comes on the WebSocket well before the answer
    // to the person's move, a second late.
    browser.slow_network(Duration::from_millis(1000)).await;

    browser.click_square("b2").await;
    browser.click_square("b4").await;
    let message = browser.wait_for_text("#message", |t| !t.is_empty()).await;
    assert!(message.contains("not a legal move"), "{message}");
    browser.click_square("b2").await;
    browser.click_square("b3").await;
    browser
        .wait_for("Troyka's answer", |s| moves(s) == 2 && persons_turn(s))
        .await;
    // The answer to the move comes after Troyka's: then the refusal must go.
    browser.wait_for_text("#message", str::is_empty).await;
    assert!(!browser.shown("#message").await);
}

/// Analysis turned off: the panel says the analysis has stopped, and keeps its last lines.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and chromedriver: run by .ci/browser"]
async fn analysis_turned_off_says_it_has_stopped() {
    let (_server, browser) = open_page("?size=5x5", "Breakthrough 5x5").await;
    browser.choose("#players", "human,human").await;
    browser.type_into("#multipv", "2").await;
    browser.click("#analyse").await;
    browser
        .wait_for("analysis", |s| {
            s["analyse"] == true && s["multipv"] == 2 && s["engine"] == "analysing"
        })
        .await;
    browser
        .wait_for_text("#engine-state", |t| {
            t.starts_with("Troyka analysing: depth")
        })
        .await;
    let start = Instant::now();
    while browser.count("#lines li").await < 2 {
        assert!(start.elapsed() < WAIT, "no analysis lines");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    browser.click("#analyse").await;
    browser
        .wait_for("analysis off", |s| {
            s["analyse"] == false && s["engine"] == "idle"
        })
        .await;
    // The page has drawn the state with the engine idle: what it says now stays.
    let said = browser.text("#engine-state").await;
    assert!(
        said.starts_with("Troyka stopped analysing: depth") && !said.contains("Troyka analysing"),
        "{said}"
    );
    assert_eq!(browser.count("#lines li").await, 2);
    browser
        .screenshot(&check_screenshots().join("analysis-stopped.png"))
        .await;
}

/// The board and its buttons stay where they are when a refusal or the result is shown;
/// the chart's cursor at the start keeps clear of its caption; "Time per move" stays on one
/// line; and the Breakthrough size box is out of use while Breakthru is played. Every
/// screenshot is taken and every problem listed before the test fails.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and chromedriver: run by .ci/browser"]
async fn the_page_keeps_its_layout() {
    let (_server, browser) = open_page("?size=5x5", "Breakthrough 5x5").await;
    let shots = check_screenshots();
    let mut problems = Vec::new();
    browser.choose("#players", "human,troyka").await;
    browser
        .wait_for("the players", |s| s["players"][1] == "troyka")
        .await;
    browser.screenshot(&shots.join("layout-start.png")).await;

    // An inline label drawn on two lines has a box for each.
    let label_lines = browser
        .script(
            "return document.querySelector('#movetime').closest('label').getClientRects().length;",
        )
        .await;
    if label_lines != 1 {
        problems.push(format!("\"Time per move\" is drawn on {label_lines} lines"));
    }

    // At the start the cursor is the chart's first column, under the caption's left end.
    let crossing = browser
        .script(
            "const chart = document.getElementById('chart');
             const caption = [...chart.querySelectorAll('text')]
                 .find((t) => t.textContent.includes('expected result')).getBBox();
             const cursor = chart.querySelector('.cursor').getBBox();
             return cursor.x <= caption.x + caption.width && cursor.x + cursor.width >= caption.x
                 && cursor.y <= caption.y + caption.height && cursor.y + cursor.height >= caption.y;",
        )
        .await;
    if crossing != false {
        problems.push("the chart's cursor crosses its caption".to_string());
    }

    let before = places(&browser).await;
    // White's b4 goes to b5 and wins.
    let fen = "p4/1P3/5/5/4P w 0 1";
    browser.type_into("#fen", fen).await;
    browser.click("#fen-set").await;
    browser.wait_for("the position", |s| s["fen"] == fen).await;
    let mut moved = |when: &str, now: Value| {
        if now != before {
            problems.push(format!(
                "{when} moved the board and buttons: {before} to {now}"
            ));
        }
    };
    moved("a new position", places(&browser).await);

    browser.click_square("b4").await;
    browser.click_square("b2").await;
    browser.wait_for_text("#message", |t| !t.is_empty()).await;
    browser.screenshot(&shots.join("layout-refused.png")).await;
    moved("the refusal", places(&browser).await);

    browser.click_square("b4").await;
    browser.click_square("b5").await;
    browser
        .wait_for("the end", |s| !s["outcome"].is_null())
        .await;
    browser.wait_for_text("#result", |t| !t.is_empty()).await;
    browser.screenshot(&shots.join("layout-end.png")).await;
    moved("the result", places(&browser).await);

    start_breakthru(&browser).await;
    browser
        .screenshot(&shots.join("layout-breakthru.png"))
        .await;
    for css in ["#size", "#size-go"] {
        if browser.find(css).await.is_enabled().await.unwrap() {
            problems.push(format!("{css} is in use during Breakthru"));
        }
    }
    browser.click("#games button[data-size=\"7x7\"]").await;
    browser
        .wait_for("7x7", |s| s["title"] == "Breakthrough 7x7")
        .await;
    for css in ["#size", "#size-go"] {
        if !browser.find(css).await.is_enabled().await.unwrap() {
            problems.push(format!("{css} is out of use during Breakthrough"));
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
}

/// Where the board and the buttons under it begin, from the top of the page.
async fn places(browser: &Browser) -> Value {
    browser
        .script(
            "return ['#board', '#controls'].map(
                 (css) => document.querySelector(css).getBoundingClientRect().top);",
        )
        .await
}

/// Breakthru's setup phase: the person, gold, places its twelve escorts by clicking squares
/// of the centre (one undone on the way), Troyka places silver's fleet, and the game goes on
/// with a whole turn; then in a new game "Suggest a setup" places gold's fleet for them. The
/// record of the unfinished game passes `check-pgn`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and chromedriver: run by .ci/browser"]
async fn a_person_places_a_fleet_by_clicks_and_plays_on() {
    let (_server, browser) = open_page("?variant=breakthru", "Breakthru").await;
    fast_moves(&browser).await;
    let setup = "#games button[data-setup]";
    browser.click(setup).await;
    let state = browser
        .wait_for("the empty board", |s| {
            s["fen"].as_str().is_some_and(|fen| fen.contains("[EEEE"))
        })
        .await;
    let status = browser.text("#status").await;
    assert!(status.contains("12 to place"), "{status}");
    // Every legal leg is a placement of an escort in d4–h8 but f6 (the flagship's).
    let placements = legal(&state);
    assert_eq!(placements.len(), 24, "{placements:?}");
    assert!(placements.iter().all(|leg| leg.starts_with("E@")));
    assert_eq!(browser.count("#board circle.place").await, 24);
    // A square outside the centre takes nothing.
    browser.click_square("c3").await;
    let targets: Vec<String> = placements.iter().map(|leg| leg[2..].to_string()).collect();
    browser.click_square(&targets[0]).await;
    browser
        .wait_for("a placement", |s| s["legs"][0] == placements[0])
        .await;
    assert_eq!(browser.text("#cancel").await, "Undo placements");
    browser.click("#cancel").await;
    browser
        .wait_for("no placement", |s| {
            s["legs"].as_array().is_some_and(Vec::is_empty)
        })
        .await;
    for (placed, square) in targets.iter().skip(12).enumerate() {
        browser.click_square(square).await;
        if placed < 11 {
            browser
                .wait_for("the placement", |s| {
                    s["legs"]
                        .as_array()
                        .is_some_and(|legs| legs.len() == placed + 1)
                })
                .await;
        }
    }
    // Gold's setup is one move; Troyka's silver places its twenty ships as the next.
    let state = browser
        .wait_for("silver's setup", |s| moves(s) == 2 && persons_turn(s))
        .await;
    let gold: Vec<&str> = state["moves"][0]["name"]
        .as_str()
        .unwrap()
        .split(',')
        .collect();
    assert_eq!(gold.len(), 12);
    assert!(targets[12..]
        .iter()
        .all(|square| gold.contains(&format!("E@{square}").as_str())));
    let silver = state["moves"][1]["name"].as_str().unwrap();
    assert_eq!(silver.split(',').count(), 20, "{silver}");
    browser
        .screenshot(&screenshots().join("breakthru-setup.png"))
        .await;
    // The game proper: a flagship slide or capture, or two slides, by drags.
    let first = legal(&state)
        .into_iter()
        .find(|leg| !leg.contains('@'))
        .expect("a move");
    let (from, to) = squares(&first);
    browser.drag(from, to).await;
    let state = browser
        .wait_for("the first leg", |s| {
            moves(s) > 2 || !s["legs"].as_array().is_none_or(Vec::is_empty)
        })
        .await;
    if moves(&state) == 2 {
        let second = legal(&state)[0].clone();
        let (from, to) = squares(&second);
        browser.drag(from, to).await;
    }
    // The person's turn may lose at once (the flagship slid next to a ship): then the game
    // is over after Troyka's answer, else it goes on.
    let state = browser
        .wait_for("Troyka's answer", |s| {
            moves(s) == 4 && (persons_turn(s) || !s["outcome"].is_null())
        })
        .await;
    let result = state["outcome"]["result"]
        .as_str()
        .unwrap_or("*")
        .to_string();
    pgn(&browser, &result, "Breakthru").await;

    // "Suggest a setup": Troyka places the person's fleet, then its own (Load PGN, above,
    // left both sides to the person).
    browser.click(setup).await;
    browser.choose("#players", "human,troyka").await;
    browser
        .wait_for("the empty board", |s| {
            moves(s) == 0 && s["fen"].as_str().is_some_and(|f| f.contains("[EEEE"))
        })
        .await;
    assert!(browser.shown("#suggest").await);
    browser.click("#suggest").await;
    let state = browser
        .wait_for("both setups", |s| moves(s) == 2 && persons_turn(s))
        .await;
    assert_eq!(
        state["moves"][0]["name"]
            .as_str()
            .unwrap()
            .split(',')
            .count(),
        12
    );
    assert!(!browser.shown("#suggest").await);
}
