//! A person plays a whole Breakthrough game and a whole Breakthru game against Troyka, with
//! analysis, the evaluation chart, a take-back and the PGN saved and checked.

use super::gui_support::browser::{Browser, WAIT};
use super::gui_support::Server;
use super::{
    legal, moves, persons_turn, pgn, screenshots, squares, start_breakthru, to_rank, TROYKA,
};
use std::time::Instant;

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
        server.wait_for_children(0, WAIT),
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
        assert!(start.elapsed() < WAIT, "no analysis lines");
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
