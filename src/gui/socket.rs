//! A page's WebSocket: the session's events (the state after each change, the engine's
//! lines as they come) pushed to the page, and the page's presence. When the page's last
//! socket closes — the page was closed or reloaded, or the browser went away and a ping
//! found it gone — the session ends, and its engine with it.

use super::page_session::PageSession;
use super::page_sessions::PageSessions;
use axum::extract::ws::{Message, WebSocket};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::broadcast::error::RecvError;

/// The largest message a page may send (it sends none but pongs and the close).
pub const MAX_MESSAGE: usize = 4096;
/// How often the server pings the page, to notice a browser that vanished without closing.
const PING_EVERY: Duration = Duration::from_secs(15);

/// Serves one WebSocket of `session` until either side closes it.
pub async fn serve(mut socket: WebSocket, session: Arc<PageSession>, sessions: Arc<PageSessions>) {
    let (mut events, first) = session.subscribe();
    let mut pings = tokio::time::interval(PING_EVERY);
    let mut open = socket.send(Message::Text(first.into())).await.is_ok();
    while open {
        tokio::select! {
            event = events.recv() => match event {
                Ok(text) => {
                    open = socket.send(Message::Text(text.as_ref().into())).await.is_ok()
                        && !session.is_closed();
                }
                // A page that reads slowly skips to the newest events: states are whole.
                Err(RecvError::Lagged(_)) => {}
                Err(RecvError::Closed) => open = false,
            },
            message = socket.recv() => {
                open = matches!(message, Some(Ok(message)) if !matches!(message, Message::Close(_)));
            }
            _ = pings.tick() => {
                open = socket.send(Message::Ping(Default::default())).await.is_ok();
            }
        }
    }
    if session.unsubscribe() {
        sessions.end(&session.id);
    }
}
