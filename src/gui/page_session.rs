//! [`PageSession`]: one page's game and engine. Every request is a command on the game or the
//! settings, done under the session's lock: it either succeeds, and the engine is brought in
//! line with it ([`Conductor::drive`]), or is refused with a reason and changes nothing.
//! The engine's lines come in on its reading task and are handled under the same lock.
//! Each change is sent to the page's WebSockets as a whole new state; search lines as they
//! come.

use super::board::{self, Board, NewGame};
use super::conductor::{Conductor, InfoView, PageSettings, Player};
use super::info::{self, EngineLine};
use super::page_engine::PageEngine;
use super::pgn_export::Players;
use super::view::{side_index, BoardView};
use crate::game::Color;
use crate::tournament::spec::MoveLimits;
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, Weak};
use std::time::{Duration, Instant};
use tokio::sync::broadcast;

/// Most lines a page may ask to see while analysing.
const MAX_LINES: usize = 16;
/// Troyka's time per move, and the solver's, in milliseconds: from 10 ms to 10 minutes.
const TIME_RANGE: std::ops::RangeInclusive<u64> = 10..=600_000;
/// Events kept for a page that reads slowly; one that falls further behind skips to the
/// newest (each state is whole, so nothing is lost but intermediate search lines).
const EVENT_BACKLOG: usize = 256;

/// A page's session.
pub struct PageSession {
    pub id: String,
    inner: Mutex<Inner>,
    events: broadcast::Sender<Arc<str>>,
}

struct Inner {
    board: Box<dyn Board>,
    conductor: Conductor,
    /// Counts the states sent, so that the page can drop one that comes late.
    version: u64,
    /// When the page last asked anything (for sessions with no WebSocket open).
    last_seen: Instant,
    /// WebSockets open on this session.
    sockets: usize,
    closed: bool,
}

/// Everything the page shows of its session.
#[derive(Serialize, Debug)]
pub struct StateView {
    pub id: String,
    pub version: u64,
    /// Counts the positions shown: search lines of another generation are stale.
    pub generation: u64,
    #[serde(flatten)]
    pub board: BoardView,
    #[serde(flatten)]
    pub settings: PageSettings,
    /// `idle`, `thinking`, `analysing`, `solving` or `stopped`.
    pub engine: &'static str,
    /// The solver's last word on this position.
    pub verdict: Option<String>,
    /// Something the person should know (an engine error, a refused move of Troyka's).
    pub message: Option<String>,
}

/// A refused request: why, and the state, unchanged.
#[derive(Debug)]
pub struct Refusal {
    pub reason: String,
    pub state: Box<StateView>,
}

/// The settings a page may change; what it leaves out stays.
#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct SettingsChange {
    pub players: Option<[Player; 2]>,
    pub movetime_ms: Option<u64>,
    pub multipv: Option<usize>,
    pub analyse: Option<bool>,
}

impl PageSession {
    /// A session on a new game of `spec`, with its engine started from `exe`.
    pub fn start(id: String, exe: &Path, spec: &NewGame) -> Result<Arc<PageSession>, String> {
        let board = board::open(spec)?;
        let (events, _) = broadcast::channel(EVENT_BACKLOG);
        let session = Arc::new(PageSession {
            id,
            inner: Mutex::new(Inner {
                board,
                conductor: Conductor::default(),
                version: 0,
                last_seen: Instant::now(),
                sockets: 0,
                closed: false,
            }),
            events,
        });
        // The engine's reading task holds the session weakly: the session ends when the
        // server drops it, and the engine with it.
        let me: Weak<PageSession> = Arc::downgrade(&session);
        let on_line = move |line: Option<String>| {
            if let Some(session) = me.upgrade() {
                session.engine_line(line);
            }
        };
        let engine = PageEngine::spawn(exe, on_line)
            .map_err(|error| format!("cannot start the engine: {error}"))?;
        session.lock().conductor.attach(engine);
        Ok(session)
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The state now.
    pub fn state(&self) -> StateView {
        let mut inner = self.lock();
        inner.last_seen = Instant::now();
        self.view(&inner)
    }

    fn view(&self, inner: &Inner) -> StateView {
        let conductor = &inner.conductor;
        StateView {
            id: self.id.clone(),
            version: inner.version,
            generation: conductor.generation(),
            board: inner.board.view(),
            settings: conductor.settings.clone(),
            engine: conductor.status(),
            verdict: conductor.verdict().map(str::to_string),
            message: conductor.message.clone(),
        }
    }

    /// Does `change` under the lock; on success the engine follows and the page is told.
    fn apply(
        &self,
        change: impl FnOnce(&mut Inner) -> Result<(), String>,
    ) -> Result<StateView, Refusal> {
        let mut inner = self.lock();
        inner.last_seen = Instant::now();
        if inner.closed {
            return Err(Refusal {
                reason: "this session has ended".into(),
                state: Box::new(self.view(&inner)),
            });
        }
        if let Err(reason) = change(&mut inner) {
            return Err(Refusal {
                reason,
                state: Box::new(self.view(&inner)),
            });
        }
        inner.conductor.message = None;
        let Inner {
            board, conductor, ..
        } = &mut *inner;
        conductor.drive(board.as_ref());
        Ok(self.publish(&mut inner))
    }

    /// A new state for the page: counted, sent to its sockets, and returned.
    fn publish(&self, inner: &mut Inner) -> StateView {
        inner.version += 1;
        let state = self.view(inner);
        self.send(&Event::State(&state));
        state
    }

    fn send(&self, event: &Event) {
        if let Ok(text) = serde_json::to_string(event) {
            // Nobody listening is fine: the page polls or has not connected yet.
            let _ = self.events.send(text.into());
        }
    }

    /// A new game, as `spec` asks; the settings stay.
    pub fn new_game(&self, spec: &NewGame) -> Result<StateView, Refusal> {
        self.apply(|inner| {
            inner.board = board::open(spec)?;
            inner.conductor.game_changed();
            Ok(())
        })
    }

    /// The first game of a PGN text, to look at: Troyka plays neither side.
    pub fn load_pgn(&self, text: &str) -> Result<StateView, Refusal> {
        self.apply(|inner| {
            inner.board = board::load_pgn(text)?;
            inner.conductor.game_changed();
            inner.conductor.settings.players = [Player::Human; 2];
            Ok(())
        })
    }

    /// One leg (a move, or one of Breakthru's slides) by the person.
    pub fn play_leg(&self, leg: &str) -> Result<StateView, Refusal> {
        self.apply(|inner| {
            inner.person_may_move()?;
            inner.board.play_leg(leg)?;
            inner.conductor.position_changed();
            Ok(())
        })
    }

    /// A whole turn (`d5c5,d6c6`) by the person.
    pub fn play_turn(&self, turn: &str) -> Result<StateView, Refusal> {
        self.apply(|inner| {
            inner.person_may_move()?;
            inner.board.play_turn(turn, None)?;
            inner.conductor.position_changed();
            Ok(())
        })
    }

    /// Drops the legs of the turn being entered.
    pub fn cancel_legs(&self) -> Result<StateView, Refusal> {
        self.apply(|inner| {
            if inner.board.cancel_legs() {
                inner.conductor.position_changed();
            }
            Ok(())
        })
    }

    /// Takes back the person's last move (and Troyka's answer to it). Troyka against itself
    /// stops: it would only play the move again.
    pub fn take_back(&self) -> Result<StateView, Refusal> {
        self.apply(|inner| {
            let players = inner.conductor.settings.players;
            let troyka = |side: Color| players[side_index(side)] == Player::Troyka;
            let side = inner.board.side_to_move();
            let mut count = 1;
            if players == [Player::Troyka; 2] {
                inner.conductor.settings.players = [Player::Human; 2];
            } else if !troyka(side) && troyka(side.opponent()) {
                // Troyka's reply goes with the move it answered.
                count = 2;
            }
            inner.board.take_back(count)?;
            inner.conductor.position_changed();
            Ok(())
        })
    }

    /// Shows the position after `index` turns.
    pub fn goto(&self, index: usize) -> Result<StateView, Refusal> {
        self.apply(|inner| {
            inner.board.goto(index)?;
            inner.conductor.position_changed();
            Ok(())
        })
    }

    /// Changes the page's settings; each value is checked before any is changed.
    pub fn change_settings(&self, change: &SettingsChange) -> Result<StateView, Refusal> {
        self.apply(|inner| {
            if let Some(ms) = change.movetime_ms {
                check_time("movetime_ms", ms)?;
            }
            if let Some(lines) = change.multipv {
                if !(1..=MAX_LINES).contains(&lines) {
                    return Err(format!(
                        "multipv must be from 1 to {MAX_LINES}, not {lines}"
                    ));
                }
            }
            let settings = &mut inner.conductor.settings;
            if let Some(players) = change.players {
                settings.players = players;
                // A turn half entered by the person is theirs no more if Troyka takes over.
                let side = side_index(inner.board.side_to_move());
                if players[side] == Player::Troyka && inner.board.cancel_legs() {
                    inner.conductor.position_changed();
                }
            }
            let settings = &mut inner.conductor.settings;
            settings.movetime_ms = change.movetime_ms.unwrap_or(settings.movetime_ms);
            settings.multipv = change.multipv.unwrap_or(settings.multipv);
            settings.analyse = change.analyse.unwrap_or(settings.analyse);
            Ok(())
        })
    }

    /// "Who wins?": the solver on the shown position, for at most `time_ms`.
    pub fn solve(&self, time_ms: u64) -> Result<StateView, Refusal> {
        self.apply(|inner| {
            check_time("time_ms", time_ms)?;
            let Inner {
                board, conductor, ..
            } = inner;
            conductor.request_solve(board.as_ref(), Duration::from_millis(time_ms))
        })
    }

    /// "Suggest": Troyka plays the person's turn.
    pub fn suggest(&self) -> Result<StateView, Refusal> {
        self.apply(|inner| {
            let Inner {
                board, conductor, ..
            } = inner;
            conductor.request_suggestion(board.as_ref())
        })
    }

    /// "Move now" / "stop": Troyka moves with what it has found, a proof stops, analysis
    /// ends.
    pub fn stop(&self) -> Result<StateView, Refusal> {
        self.apply(|inner| {
            inner.conductor.stop();
            Ok(())
        })
    }

    /// The whole game as PGN.
    pub fn pgn(&self) -> String {
        let mut inner = self.lock();
        inner.last_seen = Instant::now();
        let settings = &inner.conductor.settings;
        let player = |side: usize| match settings.players[side] {
            Player::Human => ("Human".to_string(), "-".to_string()),
            Player::Troyka => {
                let limits = MoveLimits {
                    movetime: Some(Duration::from_millis(settings.movetime_ms)),
                    ..MoveLimits::default()
                };
                (
                    format!("Troyka {}", env!("CARGO_PKG_VERSION")),
                    limits.label(),
                )
            }
        };
        let ((white, white_tc), (black, black_tc)) = (player(0), player(1));
        inner.board.pgn(&Players {
            names: [white, black],
            time_controls: [white_tc, black_tc],
        })
    }

    /// A line from the engine, or `None` when its output has ended.
    fn engine_line(&self, line: Option<String>) {
        let mut inner = self.lock();
        let Inner {
            board, conductor, ..
        } = &mut *inner;
        let Some(line) = line else {
            conductor.engine_ended();
            self.publish(&mut inner);
            return;
        };
        let (state, info) = match info::parse(&line) {
            EngineLine::Info(info) => {
                let update = conductor.on_info(board.as_mut(), info);
                (update.state, update.info)
            }
            EngineLine::BestMove(best) => (true, conductor.on_bestmove(board.as_mut(), &best)),
            EngineLine::Other => (false, None),
        };
        if let Some(info) = info {
            self.send(&Event::Info(&info));
        }
        if state {
            self.publish(&mut inner);
        }
    }

    /// A WebSocket opens: the events from now on, and the state to start from.
    pub fn subscribe(&self) -> (broadcast::Receiver<Arc<str>>, String) {
        let mut inner = self.lock();
        inner.sockets += 1;
        let receiver = self.events.subscribe();
        let state = self.view(&inner);
        let first = serde_json::to_string(&Event::State(&state)).unwrap_or_default();
        (receiver, first)
    }

    /// A WebSocket has closed; whether it was the last (the page is gone).
    pub fn unsubscribe(&self) -> bool {
        let mut inner = self.lock();
        inner.sockets = inner.sockets.saturating_sub(1);
        inner.last_seen = Instant::now();
        inner.sockets == 0
    }

    /// How long the session has had neither a WebSocket nor a request; `None` while a
    /// WebSocket is open.
    pub fn idle(&self) -> Option<Duration> {
        let inner = self.lock();
        (inner.sockets == 0).then(|| inner.last_seen.elapsed())
    }

    /// Whether the session has ended.
    pub fn is_closed(&self) -> bool {
        self.lock().closed
    }

    /// Ends the session: the engine quits (and is killed if it does not), its sockets close.
    pub fn close(&self) {
        let mut inner = self.lock();
        inner.closed = true;
        inner.conductor.shut_down();
        self.send(&Event::Closed);
    }
}

impl Inner {
    /// Refuses a person's move when Troyka plays the side to move.
    fn person_may_move(&self) -> Result<(), String> {
        let side = self.board.side_to_move();
        if self.board.at_end()
            && self.conductor.settings.players[side_index(side)] == Player::Troyka
        {
            return Err("it is Troyka's turn: wait for its move, or press Move now".into());
        }
        Ok(())
    }
}

fn check_time(name: &str, ms: u64) -> Result<(), String> {
    if TIME_RANGE.contains(&ms) {
        Ok(())
    } else {
        Err(format!(
            "{name} must be from {} to {} milliseconds, not {ms}",
            TIME_RANGE.start(),
            TIME_RANGE.end()
        ))
    }
}

/// What a page's WebSocket carries, as JSON with a `type`.
#[derive(Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
enum Event<'a> {
    State(&'a StateView),
    Info(&'a InfoView),
    /// The session has ended.
    Closed,
}
