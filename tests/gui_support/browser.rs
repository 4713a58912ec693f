//! A real browser for the tests: Debian's headless Chromium, driven through its
//! chromedriver over WebDriver with fantoccini. [`Browser::start`] fails, saying what to
//! install, when either program is missing: a browser test never passes without a browser.
//!
//! The person's actions are the browser's own: WebDriver clicks on the board's squares and
//! the page's buttons, pointer drags for drag-and-drop, keys typed into inputs. The page's
//! state is read from `window.troyka.state` (the last state the page drew).

use fantoccini::actions::{InputSource, MouseActions, PointerAction, MOUSE_BUTTON_LEFT};
use fantoccini::key::Key;
use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use std::net::{Ipv4Addr, TcpListener, TcpStream};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The browser window: the whole page (board and panels) fits in it, for the screenshots.
const WINDOW: &str = "--window-size=1200,1000";
/// The longest any wait lasts.
pub const WAIT: Duration = Duration::from_secs(30);

/// Chromium under chromedriver, and a WebDriver session in it.
pub struct Browser {
    client: Client,
    driver: Child,
}

/// The first of `names` found in one of `PATH`'s directories.
pub fn find_program(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| names.iter().map(move |name| dir.join(name)))
        .find(|file| file.is_file())
}

/// A port nobody listens on now.
fn free_port() -> u16 {
    let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).expect("a free port");
    listener.local_addr().expect("its address").port()
}

impl Browser {
    /// Starts chromedriver and a headless Chromium session. Panics, naming the packages,
    /// when Chromium or chromedriver is not installed.
    pub async fn start() -> Browser {
        let missing = "install Debian's chromium and chromium-driver \
                       (apt-get install chromium chromium-driver)";
        let chromium = find_program(&["chromium", "chromium-browser", "google-chrome"])
            .unwrap_or_else(|| panic!("no Chromium in PATH: {missing}"));
        let chromedriver = find_program(&["chromedriver"])
            .unwrap_or_else(|| panic!("no chromedriver in PATH: {missing}"));
        let port = free_port();
        // A process group of its own, so that the browsers it starts end with it.
        let driver = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .expect("chromedriver starts");
        let start = Instant::now();
        while TcpStream::connect((Ipv4Addr::LOCALHOST, port)).is_err() {
            assert!(start.elapsed() < WAIT, "chromedriver does not listen");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let options = json!({
            "binary": chromium,
            // --no-sandbox: Chromium refuses to run as root with its sandbox (CI runs as root).
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage", "--hide-scrollbars", WINDOW],
        });
        let mut capabilities = serde_json::Map::new();
        capabilities.insert("goog:chromeOptions".into(), options);
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        let client = ClientBuilder::new(connector)
            .capabilities(capabilities)
            .connect(&format!("http://127.0.0.1:{port}"))
            .await
            .expect("a WebDriver session in Chromium");
        Browser { client, driver }
    }

    /// Ends the session and the browser.
    pub async fn close(self) {
        let _ = self.client.clone().close().await;
    }

    pub async fn open(&self, url: &str) {
        self.client.goto(url).await.expect("the page loads");
    }

    /// Runs JavaScript in the page; `return` gives its value.
    pub async fn script(&self, code: &str) -> Value {
        self.client
            .execute(code, Vec::new())
            .await
            .unwrap_or_else(|e| panic!("{code}: {e}"))
    }

    /// The state the page shows (`null` before the first).
    pub async fn state(&self) -> Value {
        self.script("return window.troyka ? window.troyka.state : null;")
            .await
    }

    /// Polls the page's state until `done` holds; panics after [`WAIT`], saying `what`.
    pub async fn wait_for(&self, what: &str, done: impl Fn(&Value) -> bool) -> Value {
        let start = Instant::now();
        loop {
            let state = self.state().await;
            if !state.is_null() && done(&state) {
                return state;
            }
            assert!(
                start.elapsed() < WAIT,
                "waiting for {what}; the state: {state}"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Polls an element's text until `done` holds; the text.
    pub async fn wait_for_text(&self, css: &str, done: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let text = self.text(css).await;
            if done(&text) {
                return text;
            }
            assert!(
                start.elapsed() < WAIT,
                "waiting for {css}; its text: {text:?}"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    pub async fn find(&self, css: &str) -> fantoccini::elements::Element {
        self.client
            .find(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("no {css}: {e}"))
    }

    /// How many elements `css` finds.
    pub async fn count(&self, css: &str) -> usize {
        self.client
            .find_all(Locator::Css(css))
            .await
            .map_or(0, |all| all.len())
    }

    /// Clicks an element, as a person would.
    pub async fn click(&self, css: &str) {
        self.find(css)
            .await
            .click()
            .await
            .unwrap_or_else(|e| panic!("clicking {css}: {e}"));
    }

    /// Clicks a square of the board (`b2`).
    pub async fn click_square(&self, square: &str) {
        self.click(&format!("#board rect[data-square=\"{square}\"]"))
            .await;
    }

    /// Drags the piece on `from` to `to` and drops it there. The squares are found by their
    /// place in the window, since the board is drawn anew when the piece is picked up.
    pub async fn drag(&self, from: &str, to: &str) {
        let centre = |square: &str| {
            format!(
                "const r = document.querySelector('#board rect[data-square=\"{square}\"]')
                     .getBoundingClientRect();
                 return [r.x + r.width / 2, r.y + r.height / 2];"
            )
        };
        let at = |point: Value, ms| PointerAction::MoveTo {
            duration: Some(Duration::from_millis(ms)),
            x: point[0].as_f64().expect("x"),
            y: point[1].as_f64().expect("y"),
        };
        let drag = MouseActions::new("mouse".into())
            .then(at(self.script(&centre(from)).await, 0))
            .then(PointerAction::Down {
                button: MOUSE_BUTTON_LEFT,
            })
            .then(at(self.script(&centre(to)).await, 250))
            .then(PointerAction::Up {
                button: MOUSE_BUTTON_LEFT,
            });
        self.client.perform_actions(drag).await.expect("the drag");
        self.client.release_actions().await.expect("released");
    }

    /// An element's visible text (empty when it is hidden).
    pub async fn text(&self, css: &str) -> String {
        self.find(css).await.text().await.unwrap_or_default()
    }

    /// Whether an element is shown.
    pub async fn shown(&self, css: &str) -> bool {
        self.find(css).await.is_displayed().await.unwrap_or(false)
    }

    /// Replaces an input's text by typing `text` into it: click, select all, type.
    pub async fn type_into(&self, css: &str, text: &str) {
        let input = self.find(css).await;
        input.click().await.expect("focused");
        let select_all = format!("{}a{}", char::from(Key::Control), char::from(Key::Null));
        input.send_keys(&select_all).await.expect("selected");
        input.send_keys(text).await.expect("typed");
    }

    /// Picks the option with `value` in a `<select>`.
    pub async fn choose(&self, css: &str, value: &str) {
        self.find(css)
            .await
            .select_by_value(value)
            .await
            .unwrap_or_else(|e| panic!("choosing {value} in {css}: {e}"));
    }

    /// Runs the Chrome DevTools Protocol command `method` in the page's tab, through
    /// chromedriver's own `goog/cdp/execute` (WebDriver has no such command); its result.
    pub async fn devtools(&self, method: &str, params: Value) -> Value {
        let command = Devtools {
            method: method.to_string(),
            params,
        };
        self.client
            .issue_cmd(command)
            .await
            .unwrap_or_else(|e| panic!("{method}: {e}"))
    }

    /// Slows the page's network with DevTools' network emulation: each HTTP request's
    /// answer comes `latency` late. The events of the page's WebSocket, open already, are
    /// not held back as long, so they overtake the answers, as on a slow or busy network.
    pub async fn slow_network(&self, latency: Duration) {
        self.devtools("Network.enable", json!({})).await;
        self.devtools(
            "Network.emulateNetworkConditions",
            json!({
                "offline": false,
                "latency": latency.as_millis() as u64,
                "downloadThroughput": -1,
                "uploadThroughput": -1,
            }),
        )
        .await;
    }

    /// The whole window as a PNG file at `path`.
    pub async fn screenshot(&self, path: &Path) {
        let png = self.client.screenshot().await.expect("a screenshot");
        std::fs::write(path, png).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
}

/// A Chrome DevTools Protocol command, as chromedriver takes it.
#[derive(Debug)]
struct Devtools {
    method: String,
    params: Value,
}

impl WebDriverCompatibleCommand for Devtools {
    fn endpoint(
        &self,
        base_url: &url::Url,
        session_id: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        let session = session_id.unwrap_or_default();
        base_url.join(&format!("session/{session}/goog/cdp/execute"))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        let body = json!({"cmd": self.method, "params": self.params});
        (http::Method::POST, Some(body.to_string()))
    }
}

impl Drop for Browser {
    /// chromedriver and the browsers it started, whatever happened (a failed test included).
    fn drop(&mut self) {
        let group = format!("-{}", self.driver.id());
        let _ = Command::new("kill").args(["-KILL", "--", &group]).status();
        let _ = self.driver.wait();
    }
}
