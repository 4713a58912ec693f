//! The page's side of `troyka gui`'s API, for the tests: an HTTP client that checks
//! answers and refusals, the WebSocket's events, and a POST written by hand.

use super::Server;
use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// The longest a test waits for an event on the WebSocket.
const EVENT_WAIT: Duration = Duration::from_secs(30);

/// An HTTP client for one server that reads error statuses' bodies too.
pub struct Api {
    pub agent: ureq::Agent,
    pub base: String,
}

impl Api {
    pub fn new(server: &Server) -> Api {
        let agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(Duration::from_secs(30)))
            .build()
            .into();
        Api {
            agent,
            base: server.url.trim_end_matches('/').to_string(),
        }
    }

    pub fn answer(
        response: Result<ureq::http::Response<ureq::Body>, ureq::Error>,
    ) -> (u16, String) {
        let mut response = response.expect("the server answers");
        let status = response.status().as_u16();
        let text = response.body_mut().read_to_string().expect("a text body");
        (status, text)
    }

    pub fn post_text(&self, path: &str, body: &str) -> (u16, Value) {
        let (status, text) = Api::answer(
            self.agent
                .post(format!("{}{path}", self.base))
                .header("Content-Type", "application/json")
                .send(body),
        );
        (
            status,
            serde_json::from_str(&text).unwrap_or(Value::String(text)),
        )
    }

    pub fn post(&self, path: &str, body: Value) -> (u16, Value) {
        self.post_text(path, &body.to_string())
    }

    pub fn get(&self, path: &str) -> (u16, String) {
        Api::answer(self.agent.get(format!("{}{path}", self.base)).call())
    }

    pub fn state(&self, id: &str) -> Value {
        let (status, text) = self.get(&format!("/api/sessions/{id}"));
        assert_eq!(status, 200, "{text}");
        serde_json::from_str(&text).unwrap()
    }

    /// A new session on `spec`'s game, in which Troyka plays neither side.
    pub fn session(&self, spec: Value) -> String {
        let (status, state) = self.post("/api/sessions", spec);
        assert_eq!(status, 201, "{state}");
        let id = state["id"].as_str().unwrap().to_string();
        self.ok(&id, "settings", json!({"players": ["human", "human"]}));
        id
    }

    /// A command that must succeed: the new state.
    pub fn ok(&self, id: &str, command: &str, body: Value) -> Value {
        let (status, state) = self.post(&format!("/api/sessions/{id}/{command}"), body);
        assert_eq!(status, 200, "{command}: {state}");
        state
    }

    /// A command that must be refused: the reason, after checking that the state it comes
    /// with is the state before.
    pub fn refused(&self, id: &str, command: &str, body: Value) -> String {
        let before = self.state(id);
        let (status, answer) = self.post(&format!("/api/sessions/{id}/{command}"), body);
        assert_eq!(status, 400, "{command}: {answer}");
        for field in ["board", "fen", "moves", "legs", "cursor", "players"] {
            assert_eq!(
                answer["state"][field], before[field],
                "{command} changed {field}"
            );
        }
        answer["error"].as_str().unwrap().to_string()
    }

    /// Polls the state until `done` holds; panics after `within`.
    pub fn wait_for(&self, id: &str, within: Duration, done: impl Fn(&Value) -> bool) -> Value {
        let start = Instant::now();
        loop {
            let state = self.state(id);
            if done(&state) {
                return state;
            }
            assert!(start.elapsed() < within, "still waiting: {state}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

/// A POST written by hand: the server may answer (413) before it has read a huge body and
/// close the connection, which an HTTP client reports as a broken pipe, not the answer.
pub fn raw_post(server: &Server, path: &str, body: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(server.authority()).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n",
        server.authority(),
        body.len()
    );
    stream.write_all(head.as_bytes()).unwrap();
    // The server may stop reading at any point: what it has not read does not matter.
    let _ = stream.write_all(body.as_bytes());
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let answer = String::from_utf8_lossy(&answer).into_owned();
    let status = answer
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or_else(|| panic!("no status in {answer:?}"));
    (status, answer)
}

/// The page's WebSocket on a session.
pub struct Socket(tungstenite::WebSocket<TcpStream>);

impl Socket {
    pub fn open(server: &Server, id: &str) -> Socket {
        let stream = TcpStream::connect(server.authority()).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(20)))
            .unwrap();
        let url = format!("ws://{}/api/sessions/{id}/events", server.authority());
        let (socket, _) = tungstenite::client(url, stream).expect("the WebSocket opens");
        Socket(socket)
    }

    /// The next event. The server's pings (every 15 s) are skipped; a test that waits
    /// longer than [`EVENT_WAIT`] for its event fails.
    pub fn next(&mut self) -> Value {
        let start = Instant::now();
        loop {
            match self.0.read().expect("an event") {
                tungstenite::Message::Text(text) => return serde_json::from_str(&text).unwrap(),
                _ => assert!(start.elapsed() < EVENT_WAIT, "no event in {EVENT_WAIT:?}"),
            }
        }
    }

    /// Events until one satisfies `wanted`, for at most [`EVENT_WAIT`].
    pub fn until(&mut self, wanted: impl Fn(&Value) -> bool) -> Value {
        let start = Instant::now();
        loop {
            let event = self.next();
            if wanted(&event) {
                return event;
            }
            assert!(
                start.elapsed() < EVENT_WAIT,
                "still waiting; the last event: {event}"
            );
        }
    }
}
