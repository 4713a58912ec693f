//! [`PageSessions`]: the pages' sessions by id. A session ends when its page closes its last
//! WebSocket, when it is deleted, or when it has had neither a WebSocket nor a request for
//! [`IDLE_LIMIT`] (a page that never connected, or a script that went away); a task checks
//! every few seconds. At most [`MAX_SESSIONS`] live at once, each with its engine process.

use super::board::NewGame;
use super::page_session::PageSession;
use std::collections::hash_map::RandomState;
use std::collections::HashMap;
use std::hash::BuildHasher;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

/// How long a session without a WebSocket lives after its last request.
pub const IDLE_LIMIT: Duration = Duration::from_secs(30);
/// How often idle sessions are looked for.
const IDLE_CHECK: Duration = Duration::from_secs(5);
/// Most sessions at once: each has an engine process, with its own table.
pub const MAX_SESSIONS: usize = 32;

/// The live sessions, and the engine they start.
pub struct PageSessions {
    by_id: Mutex<HashMap<String, Arc<PageSession>>>,
    /// The `troyka` binary (this one), which each session starts as its engine.
    exe: PathBuf,
    /// Makes the ids: unguessable, so that one page cannot drive another's session.
    ids: RandomState,
}

/// Why a session could not be had.
#[derive(Debug, PartialEq)]
pub enum Unavailable {
    /// No session has this id (it ended, or never was).
    Unknown(String),
    /// [`MAX_SESSIONS`] are open.
    Full,
    /// The game asked for is wrong, or the engine could not start.
    Failed(String),
}

impl PageSessions {
    pub fn new(exe: PathBuf) -> PageSessions {
        PageSessions {
            by_id: Mutex::new(HashMap::new()),
            exe,
            ids: RandomState::new(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<String, Arc<PageSession>>> {
        self.by_id.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A new session on a new game of `spec`.
    pub fn create(&self, spec: &NewGame) -> Result<Arc<PageSession>, Unavailable> {
        let mut by_id = self.lock();
        if by_id.len() >= MAX_SESSIONS {
            return Err(Unavailable::Full);
        }
        let id = loop {
            let id = format!("{:016x}", self.ids.hash_one(by_id.len() as u64 ^ nanos()));
            if !by_id.contains_key(&id) {
                break id;
            }
        };
        let session =
            PageSession::start(id.clone(), &self.exe, spec).map_err(Unavailable::Failed)?;
        by_id.insert(id, session.clone());
        Ok(session)
    }

    pub fn get(&self, id: &str) -> Result<Arc<PageSession>, Unavailable> {
        self.lock()
            .get(id)
            .cloned()
            .ok_or_else(|| Unavailable::Unknown(id.to_string()))
    }

    /// Ends a session; whether there was one.
    pub fn end(&self, id: &str) -> bool {
        let session = self.lock().remove(id);
        session.map(|session| session.close()).is_some()
    }

    /// Ends every session (the server is stopping).
    pub fn end_all(&self) {
        let sessions: Vec<_> = self.lock().drain().map(|(_, session)| session).collect();
        for session in sessions {
            session.close();
        }
    }

    /// Ends the sessions idle for longer than [`IDLE_LIMIT`], every few seconds, forever.
    pub async fn end_idle(self: Arc<PageSessions>) {
        let mut ticks = tokio::time::interval(IDLE_CHECK);
        loop {
            ticks.tick().await;
            let idle: Vec<String> = self
                .lock()
                .iter()
                .filter(|(_, session)| session.idle().is_some_and(|idle| idle > IDLE_LIMIT))
                .map(|(id, _)| id.clone())
                .collect();
            for id in idle {
                self.end(&id);
            }
        }
    }
}

/// The clock's nanoseconds, mixed into the ids.
fn nanos() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |time| time.as_nanos() as u64)
}
