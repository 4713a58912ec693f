//! `troyka gui`'s API over HTTP and its WebSocket, as the page uses it (no browser): games of
//! both variants, legs and turns, refusals that change nothing, take-backs, positions and
//! PGN in and out, Troyka's moves and analysis, "who wins?", several sessions at once, a
//! page closed in the middle of a search, requests too big or from elsewhere, and the server
//! stopped by Ctrl-C or SIGTERM in the middle of searches.

mod gui_support;

use gui_support::api::{raw_post, Api, Socket};
use gui_support::{assert_pgn_checks, is_running, Server};
use serde_json::{json, Value};
use std::time::Duration;

const TROYKA: &str = env!("CARGO_BIN_EXE_troyka");
fn moves(state: &Value) -> Vec<&str> {
    state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["name"].as_str().unwrap())
        .collect()
}

fn legal(state: &Value) -> usize {
    state["legal"].as_array().unwrap().len()
}

#[test]
fn new_games_of_both_variants_with_their_legal_legs() {
    let server = Server::start(TROYKA);
    let api = Api::new(&server);
    let id = api.session(json!({}));
    let state = api.state(&id);
    assert_eq!(state["title"], "Breakthrough 8x8");
    assert_eq!(
        (state["files"].as_u64(), state["ranks"].as_u64()),
        (Some(8), Some(8))
    );
    assert_eq!(legal(&state), 22);
    assert_eq!(state["sides"], json!(["white", "black"]));

    let state = api.ok(
        &id,
        "new",
        json!({"variant": "breakthrough", "size": "7x7"}),
    );
    assert_eq!(state["fen"], "ppppppp/ppppppp/7/7/7/PPPPPPP/PPPPPPP w 0 1");
    let state = api.ok(&id, "new", json!({"size": "10x6"}));
    assert_eq!(state["title"], "Breakthrough 10x6");
    assert_eq!(state["board"][0], "pppppppppp");

    let state = api.ok(&id, "new", json!({"variant": "breakthru"}));
    assert_eq!(state["title"], "Breakthru");
    assert_eq!(state["sides"], json!(["gold", "silver"]));
    assert_eq!(state["board"][5], ".s.E.F.E.s.");
    assert!(state["legal"].as_array().unwrap().contains(&json!("d5c5")));
    assert_eq!(state["solvable"], false);

    for (spec, says) in [
        (json!({"variant": "chess"}), "unknown variant"),
        (json!({"variant": "relay"}), "not relay"),
        (json!({"size": "17x8"}), "columns"),
        (json!({"fen": "ppp/3/PPP w"}), "rows"),
        (
            json!({"variant": "breakthru", "fen": "11/11 g 0 1"}),
            "breakthru",
        ),
    ] {
        let error = api.refused(&id, "new", spec.clone());
        assert!(error.contains(says), "{spec}: {error}");
    }
}

#[test]
fn moves_illegal_moves_and_take_backs() {
    let server = Server::start(TROYKA);
    let api = Api::new(&server);
    let id = api.session(json!({"size": "5x5"}));
    let state = api.ok(&id, "leg", json!({"leg": "b2b3"}));
    assert_eq!(moves(&state), ["b2b3"]);
    assert_eq!(state["last"], json!(["b2b3"]));
    assert_eq!(state["to_move"], 1);

    let error = api.refused(&id, "leg", json!({"leg": "d4d2"}));
    assert!(error.contains("not a legal move"), "{error}");
    let error = api.refused(&id, "leg", json!({"leg": "z9z8"}));
    assert!(!error.is_empty());
    let error = api.refused(&id, "turn", json!({"turn": "d4d3,d3d2"}));
    assert!(!error.is_empty());

    api.ok(&id, "leg", json!({"leg": "d4d3"}));
    api.ok(&id, "leg", json!({"leg": "a2a3"}));
    // Back to the first position, forward again, then another move there cuts the game.
    let state = api.ok(&id, "goto", json!({"index": 1}));
    assert_eq!(
        (state["cursor"].as_u64(), moves(&state).len()),
        (Some(1), 3)
    );
    let state = api.ok(&id, "leg", json!({"leg": "e4e3"}));
    assert_eq!(moves(&state), ["b2b3", "e4e3"]);
    api.refused(&id, "goto", json!({"index": 9}));

    let state = api.ok(&id, "takeback", json!({}));
    assert_eq!(moves(&state), ["b2b3"]);
    let state = api.ok(&id, "takeback", json!({}));
    assert!(moves(&state).is_empty());
    let error = api.refused(&id, "takeback", json!({}));
    assert!(error.contains("no move to take back"), "{error}");

    // While Troyka is to move the person may not move for it.
    api.ok(
        &id,
        "settings",
        json!({"players": ["troyka", "human"], "movetime_ms": 5000}),
    );
    let error = api.refused(&id, "leg", json!({"leg": "a2a3"}));
    assert!(error.contains("Troyka's turn"), "{error}");
    let state = api.ok(&id, "stop", json!({}));
    assert!(["thinking", "idle"].contains(&state["engine"].as_str().unwrap()));
    api.wait_for(&id, Duration::from_secs(10), |s| moves(s).len() == 1);
}

#[test]
fn a_breakthru_turn_is_entered_a_slide_at_a_time() {
    let server = Server::start(TROYKA);
    let api = Api::new(&server);
    let id = api.session(json!({"variant": "breakthru"}));
    let state = api.ok(&id, "leg", json!({"leg": "d5c5"}));
    assert_eq!(state["legs"], json!(["d5c5"]));
    assert!(moves(&state).is_empty());
    assert_eq!(state["board"][6], ".sE....E.s.", "the first slide is shown");
    // The same ship may not slide twice; the flagship may not move after a slide.
    let error = api.refused(&id, "leg", json!({"leg": "c5c4"}));
    assert!(error.contains("not legal"), "{error}");
    let error = api.refused(&id, "leg", json!({"leg": "f6f5"}));
    assert!(error.contains("not legal"), "{error}");
    let state = api.ok(&id, "cancel", json!({}));
    assert_eq!(state["legs"], json!([]));
    api.ok(&id, "leg", json!({"leg": "d6c6"}));
    let state = api.ok(&id, "leg", json!({"leg": "d5c5"}));
    assert_eq!(moves(&state), ["d5c5,d6c6"], "written in canonical order");
    assert_eq!(
        state["sides"][state["to_move"].as_u64().unwrap() as usize],
        "silver"
    );
    let error = api.refused(&id, "turn", json!({"turn": "d2c2"}));
    assert!(error.contains("whole turn"), "{error}");
    let state = api.ok(&id, "turn", json!({"turn": "h2i2,d2c2"}));
    assert_eq!(moves(&state), ["d5c5,d6c6", "d2c2,h2i2"]);
    // A turn half entered is taken back first, then whole turns.
    api.ok(&id, "leg", json!({"leg": "d7c7"}));
    let state = api.ok(&id, "takeback", json!({}));
    assert_eq!(
        (moves(&state).len(), state["legs"].as_array().unwrap().len()),
        (2, 0)
    );

    // Gold's last escort: after its slide no other ship can slide, so one slide is the turn.
    let fen = "11/1s9/11/11/11/5F5/11/11/3E7/11/11 g 0 1";
    api.ok(&id, "new", json!({"fen": fen}));
    let state = api.ok(&id, "leg", json!({"leg": "d3d4"}));
    assert_eq!(moves(&state), ["d3d4"]);
    assert_eq!(state["legs"], json!([]));
    assert_eq!(
        state["sides"][state["to_move"].as_u64().unwrap() as usize],
        "silver"
    );
}

#[test]
fn position_strings_and_pgn_go_out_and_come_back() {
    let server = Server::start(TROYKA);
    let api = Api::new(&server);
    let id = api.session(json!({}));
    let fen = "1p2pp1p/2p2ppp/2P5/8/8/3P2P1/1p1P2PP/1PP1PP1P w 0 1";
    let state = api.ok(&id, "new", json!({"fen": fen}));
    assert_eq!(state["fen"], fen);
    let error = api.refused(&id, "new", json!({"fen": "1p2pp1p/2p2ppp w"}));
    assert!(
        error.contains("bad breakthrough position string"),
        "{error}"
    );

    // A Breakthru game with a first leg pending: the PGN holds the whole turns only.
    let id = api.session(json!({"variant": "breakthru"}));
    api.ok(&id, "turn", json!({"turn": "d5c5,d6c6"}));
    api.ok(&id, "turn", json!({"turn": "d2c2,h2i2"}));
    api.ok(&id, "leg", json!({"leg": "e8e9"}));
    let (status, pgn) = api.get(&format!("/api/sessions/{id}/pgn"));
    assert_eq!(status, 200);
    for expected in [
        "[White \"Human\"]",
        "[Variant \"Breakthru\"]",
        "[Result \"*\"]",
        "1. d5c5,d6c6 d2c2,h2i2 *",
    ] {
        assert!(pgn.contains(expected), "{expected} not in\n{pgn}");
    }
    // The game goes on, and troyka-match reads its record as such.
    assert_pgn_checks(env!("CARGO_BIN_EXE_troyka-match"), &pgn);
    let other = api.session(json!({}));
    let state = api.ok(&other, "pgn", json!({"pgn": pgn}));
    assert_eq!(state["title"], "Breakthru");
    assert_eq!(moves(&state), ["d5c5,d6c6", "d2c2,h2i2"]);
    assert_eq!(state["players"], json!(["human", "human"]));
    let error = api.refused(&other, "pgn", json!({"pgn": "1. e2e5 *"}));
    assert!(error.contains("game 1: move 1 (e2e5)"), "{error}");
    let error = api.refused(
        &other,
        "pgn",
        json!({"pgn": "[Variant \"chess\"]\n1. e4 *"}),
    );
    assert!(!error.is_empty());
    let error = api.refused(&other, "pgn", json!({"pgn": ""}));
    assert!(error.contains("no game"), "{error}");
}

#[test]
fn troyka_plays_a_whole_game_against_itself_and_check_pgn_agrees() {
    let server = Server::start(TROYKA);
    let api = Api::new(&server);
    let id = api.session(json!({"size": "4x5"}));
    api.ok(
        &id,
        "settings",
        json!({"players": ["troyka", "troyka"], "movetime_ms": 50}),
    );
    let state = api.wait_for(&id, Duration::from_secs(60), |s| !s["outcome"].is_null());
    let turns = moves(&state).len();
    assert!(turns >= 3, "{state}");
    assert!(state["moves"][0]["note"].as_str().unwrap().contains('/'));
    assert!(state["evals"][0]["percent"].is_number(), "{state}");
    assert_eq!(state["engine"], "idle");
    let (_, pgn) = api.get(&format!("/api/sessions/{id}/pgn"));
    let result = state["outcome"]["result"].as_str().unwrap();
    assert!(pgn.contains(&format!("[Result \"{result}\"]")), "{pgn}");
    assert_pgn_checks(env!("CARGO_BIN_EXE_troyka-match"), &pgn);
}

#[test]
fn analysis_comes_over_the_websocket_with_several_lines() {
    let server = Server::start(TROYKA);
    let api = Api::new(&server);
    let id = api.session(json!({"size": "6x6"}));
    let mut socket = Socket::open(&server, &id);
    let first = socket.next();
    assert_eq!(
        (first["type"].as_str(), first["id"].as_str()),
        (Some("state"), Some(id.as_str()))
    );
    api.ok(&id, "settings", json!({"analyse": true, "multipv": 3}));
    let info = socket.until(|e| e["type"] == "info" && e["lines"].as_array().unwrap().len() == 3);
    assert_eq!(info["task"], "analysing");
    let line = &info["lines"][0];
    for field in ["depth", "nodes", "nps"] {
        assert!(line[field].is_number(), "{field} in {line}");
    }
    assert!(line["score"]["percent"].is_number());
    assert!(!line["pv"].as_array().unwrap().is_empty());
    let state = api.ok(&id, "stop", json!({}));
    assert_eq!(state["analyse"], false);
    socket.until(|e| e["type"] == "state" && e["engine"] == "idle");
    // Settings out of range are refused and change nothing.
    for (change, says) in [
        (json!({"multipv": 0}), "multipv"),
        (json!({"movetime_ms": 1}), "movetime_ms"),
        (json!({"players": ["human", "robot"]}), "unknown variant"),
    ] {
        let (status, answer) = api.post(&format!("/api/sessions/{id}/settings"), change);
        assert!(status == 400 || status == 422, "{answer}");
        assert!(answer["error"].as_str().unwrap().contains(says), "{answer}");
    }
}

#[test]
fn who_wins_a_small_board_and_not_breakthru() {
    let server = Server::start(TROYKA);
    let api = Api::new(&server);
    let id = api.session(json!({"size": "3x5"}));
    let state = api.ok(&id, "solve", json!({"time_ms": 30000}));
    assert_eq!(state["engine"], "solving");
    let state = api.wait_for(&id, Duration::from_secs(40), |s| s["engine"] == "idle");
    let verdict = state["verdict"].as_str().unwrap();
    assert!(verdict.starts_with("solved: "), "{verdict}");
    assert!(verdict.contains(" wins"), "{verdict}");
    api.ok(&id, "new", json!({"variant": "breakthru"}));
    let error = api.refused(&id, "solve", json!({"time_ms": 1000}));
    assert!(error.contains("solver"), "{error}");
}

#[test]
fn two_sessions_at_once_do_not_interfere() {
    let server = Server::start(TROYKA);
    let api = Api::new(&server);
    let a = api.session(json!({"size": "5x5"}));
    let b = api.session(json!({"variant": "breakthru"}));
    for id in [&a, &b] {
        api.ok(
            id,
            "settings",
            json!({"players": ["troyka", "troyka"], "movetime_ms": 100}),
        );
    }
    assert!(server.wait_for_children(2, Duration::from_secs(5)));
    let done = |s: &Value| moves(s).len() >= 4 || !s["outcome"].is_null();
    let state_a = api.wait_for(&a, Duration::from_secs(30), done);
    let state_b = api.wait_for(&b, Duration::from_secs(30), done);
    assert_eq!(state_a["game"], "breakthrough");
    assert_eq!(state_b["game"], "breakthru");
    // Each game's moves are its own, in its own notation and records.
    let (_, pgn_a) = api.get(&format!("/api/sessions/{a}/pgn"));
    let (_, pgn_b) = api.get(&format!("/api/sessions/{b}/pgn"));
    assert!(pgn_a.contains("[Variant \"breakthrough\"]"), "{pgn_a}");
    assert!(pgn_b.contains("[Variant \"Breakthru\"]"), "{pgn_b}");
    api.ok(&a, "settings", json!({"players": ["human", "human"]}));
    let before = api.state(&b);
    api.ok(&a, "new", json!({"size": "8x8"}));
    let after = api.state(&b);
    assert_eq!(after["game"], "breakthru");
    assert!(moves(&after).len() >= moves(&before).len());
}

#[test]
fn a_page_closed_in_the_middle_of_a_search_ends_its_engine() {
    let server = Server::start(TROYKA);
    let api = Api::new(&server);
    let id = api.session(json!({}));
    let mut socket = Socket::open(&server, &id);
    socket.next();
    api.ok(&id, "settings", json!({"analyse": true}));
    socket.until(|e| e["type"] == "info");
    assert_eq!(server.children(), 1);
    // The page closes: its session ends, and its engine is stopped and waited for.
    drop(socket);
    assert!(
        server.wait_for_children(0, Duration::from_secs(5)),
        "the engine is left"
    );
    let (status, text) = api.get(&format!("/api/sessions/{id}"));
    assert_eq!(status, 404, "{text}");
    assert!(text.contains("ended"), "{text}");

    // Deleted in the middle of Troyka's move: the same; and the server goes on serving.
    let id = api.session(json!({}));
    api.ok(
        &id,
        "settings",
        json!({"players": ["troyka", "human"], "movetime_ms": 60000}),
    );
    let (status, _) = Api::answer(
        api.agent
            .delete(format!("{}/api/sessions/{id}", api.base))
            .call(),
    );
    assert_eq!(status, 204);
    assert!(
        server.wait_for_children(0, Duration::from_secs(5)),
        "the engine is left"
    );
    let id = api.session(json!({"variant": "breakthru"}));
    assert_eq!(api.state(&id)["title"], "Breakthru");
}

#[test]
fn bad_requests_are_refused_with_a_reason() {
    let server = Server::start(TROYKA);
    let api = Api::new(&server);
    let id = api.session(json!({}));
    let before = api.state(&id);
    let huge = json!({"pgn": "x".repeat(1 << 20)}).to_string();
    let (status, answer) = raw_post(&server, &format!("/api/sessions/{id}/pgn"), &huge);
    assert_eq!(status, 413, "{answer}");
    assert!(answer.contains("limit"), "{answer}");
    let (status, answer) = api.post_text(&format!("/api/sessions/{id}/leg"), "{\"leg\": ");
    assert_eq!(status, 400, "{answer}");
    let (status, answer) = api.post(&format!("/api/sessions/{id}/leg"), json!({"move": "a2a3"}));
    assert_eq!(status, 422, "{answer}");
    assert_eq!(api.state(&id)["fen"], before["fen"]);
    let (status, answer) = api.post("/api/sessions/0123/leg", json!({"leg": "a2a3"}));
    assert_eq!(status, 404, "{answer}");
    let (status, _) = api.get("/api/nothing");
    assert_eq!(status, 404);
    // Another host's name (a DNS-rebinding page), another site's page.
    let url = format!("{}/api/sessions/{id}", api.base);
    for (name, value) in [
        ("Host", "attacker.example"),
        ("Origin", "http://attacker.example"),
    ] {
        let (status, text) = Api::answer(api.agent.get(&url).header(name, value).call());
        assert_eq!(status, 403, "{name}: {text}");
    }
    // The page itself.
    let (status, html) = api.get("/");
    assert_eq!(status, 200);
    assert!(html.contains("<svg id=\"board\""));
    for file in [
        "/app.js",
        "/board.js",
        "/chart.js",
        "/style.css",
        "/favicon.svg",
    ] {
        assert_eq!(api.get(file).0, 200, "{file}");
    }
}

#[test]
fn sixteen_pages_analyse_at_once() {
    const PAGES: usize = 16;
    let server = Server::start(TROYKA);
    let api = Api::new(&server);
    let pages: Vec<(String, Socket)> = (0..PAGES)
        .map(|page| {
            let spec = match page % 3 {
                0 => json!({}),
                1 => json!({"size": "6x6"}),
                _ => json!({"variant": "breakthru"}),
            };
            let id = api.session(spec);
            let mut socket = Socket::open(&server, &id);
            socket.next();
            (id, socket)
        })
        .collect();
    for (id, _) in &pages {
        api.ok(id, "settings", json!({"analyse": true}));
    }
    assert!(server.wait_for_children(PAGES, Duration::from_secs(10)));
    // Every engine searches for its page at the same time as the others: each page gets
    // lines of its own game from a search that has run a second and more.
    let mut seen = Vec::new();
    for (id, mut socket) in pages {
        let info =
            socket.until(|e| e["type"] == "info" && e["lines"][0]["time"].as_u64() >= Some(1000));
        assert_eq!(info["task"], "analysing", "{id}");
        let line = &info["lines"][0];
        seen.push(format!("d{} {} nps", line["depth"], line["nps"]));
        assert_eq!(api.state(&id)["engine"], "analysing");
        drop(socket);
    }
    eprintln!("{PAGES} pages analysed at once: {}", seen.join(", "));
    assert!(
        server.wait_for_children(0, Duration::from_secs(10)),
        "engines are left"
    );
}

#[test]
fn ctrl_c_or_sigterm_stops_the_server_and_its_engines() {
    for signal in ["INT", "TERM"] {
        let mut server = Server::start(TROYKA);
        let api = Api::new(&server);
        // Two pages analysing, kept open (a page closed ends its session and its engine).
        let mut pages = Vec::new();
        for _ in 0..2 {
            let id = api.session(json!({}));
            let mut socket = Socket::open(&server, &id);
            socket.next();
            api.ok(&id, "settings", json!({"analyse": true}));
            socket.until(|e| e["type"] == "info");
            pages.push(socket);
        }
        let engines = server.child_pids();
        assert_eq!(engines.len(), 2, "{engines:?}");
        let status = server
            .signal_and_wait(signal, Duration::from_secs(10))
            .unwrap_or_else(|| panic!("SIG{signal}: the server is still running"));
        assert!(
            status.success(),
            "SIG{signal}: the server exited with {status}"
        );
        for engine in engines {
            let start = std::time::Instant::now();
            while is_running(engine) && start.elapsed() < Duration::from_secs(5) {
                std::thread::sleep(Duration::from_millis(50));
            }
            assert!(
                !is_running(engine),
                "SIG{signal}: engine {engine} is left running"
            );
        }
    }
}
