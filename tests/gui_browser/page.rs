//! What a person would see go wrong on the page: a refusal left on screen, analysis
//! turned off but shown as running, a layout that jumps; and Breakthru's setup by clicks.

use super::gui_support::browser::{Browser, WAIT};
use super::{
    check_screenshots, fast_moves, legal, moves, open_page, persons_turn, pgn, screenshots,
    squares, start_breakthru,
};
use serde_json::Value;
use std::time::{Duration, Instant};

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
