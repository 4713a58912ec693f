//! The HTTP API (`docs/gui.md` lists it): routes, JSON bodies in and out, and every
//! failure as a status and a JSON `{"error": …}` (with the unchanged `state` when a session
//! refused a request). Requests from other sites are refused ([`same_site`]); bodies are
//! limited to [`MAX_BODY`].

use super::assets;
use super::board::NewGame;
use super::page_session::{Refusal, SettingsChange, StateView};
use super::page_sessions::{PageSessions, Unavailable, MAX_SESSIONS};
use super::socket;
use axum::body::Bytes;
use axum::extract::rejection::JsonRejection;
use axum::extract::{DefaultBodyLimit, Path, Request, State, WebSocketUpgrade};
use axum::http::{header, HeaderMap, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::json;
use std::sync::Arc;

/// The largest request body: a long game's PGN is a few kilobytes.
pub const MAX_BODY: usize = 256 * 1024;

/// What every handler shares.
pub struct App {
    pub sessions: Arc<PageSessions>,
    /// The port the server listens on, for checking `Host` and `Origin`.
    pub port: u16,
}

type Shared = State<Arc<App>>;

/// The page's files and the API.
pub fn router(app: Arc<App>) -> Router {
    let api = Router::new()
        .route("/api/sessions", post(create))
        .route("/api/sessions/{id}", get(state).delete(end))
        .route("/api/sessions/{id}/events", get(events))
        .route("/api/sessions/{id}/new", post(new_game))
        .route("/api/sessions/{id}/leg", post(leg))
        .route("/api/sessions/{id}/turn", post(turn))
        .route("/api/sessions/{id}/cancel", post(cancel))
        .route("/api/sessions/{id}/takeback", post(take_back))
        .route("/api/sessions/{id}/goto", post(goto))
        .route("/api/sessions/{id}/settings", post(settings))
        .route("/api/sessions/{id}/solve", post(solve))
        .route("/api/sessions/{id}/stop", post(stop))
        .route("/api/sessions/{id}/suggest", post(suggest))
        .route("/api/sessions/{id}/pgn", get(pgn_out).post(pgn_in))
        .fallback(|| async { ApiError::new(StatusCode::NOT_FOUND, "no such API path".into()) })
        .layer(DefaultBodyLimit::max(MAX_BODY));
    assets::routes()
        .merge(api)
        .layer(middleware::from_fn_with_state(app.clone(), same_site))
        .with_state(app)
}

/// Refuses requests that name another host (a DNS-rebinding page) or come from another
/// site's page (`Origin`): the server is this machine's user's, not the web's.
async fn same_site(State(app): Shared, request: Request, next: Next) -> Response {
    let ours = |value: &str, prefix: &str| {
        ["127.0.0.1", "localhost"]
            .iter()
            .any(|host| value == format!("{prefix}{host}:{}", app.port))
    };
    let headers = request.headers();
    let header = |name| headers.get(name).and_then(|value| value.to_str().ok());
    let host_ok = header(header::HOST).is_some_and(|host| ours(host, ""));
    let origin_ok = header(header::ORIGIN).is_none_or(|origin| ours(origin, "http://"));
    if host_ok && origin_ok {
        next.run(request).await
    } else {
        ApiError::new(
            StatusCode::FORBIDDEN,
            "requests must come from Troyka's own page on 127.0.0.1".into(),
        )
        .into_response()
    }
}

/// A failure as the page gets it.
pub struct ApiError {
    status: StatusCode,
    body: serde_json::Value,
}

impl ApiError {
    fn new(status: StatusCode, error: String) -> ApiError {
        ApiError {
            status,
            body: json!({ "error": error }),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(self.body)).into_response()
    }
}

impl From<Refusal> for ApiError {
    fn from(refusal: Refusal) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            body: json!({ "error": refusal.reason, "state": refusal.state }),
        }
    }
}

impl From<Unavailable> for ApiError {
    fn from(unavailable: Unavailable) -> ApiError {
        match unavailable {
            Unavailable::Unknown(id) => ApiError::new(
                StatusCode::NOT_FOUND,
                format!("no session '{id}': it has ended (reload the page for a new one)"),
            ),
            Unavailable::Full => ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                format!("{MAX_SESSIONS} pages are open already: close one first"),
            ),
            Unavailable::Failed(error) => ApiError::new(StatusCode::BAD_REQUEST, error),
        }
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> ApiError {
        ApiError::new(rejection.status(), rejection.body_text())
    }
}

type Reply = Result<Json<StateView>, ApiError>;
type Body<T> = Result<Json<T>, JsonRejection>;

/// `POST /api/sessions`: a new session, on the game the body asks for.
async fn create(State(app): Shared, body: Body<NewGame>) -> Result<Response, ApiError> {
    let Json(spec) = body?;
    let session = app.sessions.create(&spec)?;
    Ok((StatusCode::CREATED, Json(session.state())).into_response())
}

async fn state(State(app): Shared, Path(id): Path<String>) -> Reply {
    Ok(Json(app.sessions.get(&id)?.state()))
}

async fn end(State(app): Shared, Path(id): Path<String>) -> Result<StatusCode, ApiError> {
    if app.sessions.end(&id) {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(Unavailable::Unknown(id).into())
    }
}

/// `GET /api/sessions/{id}/events`: the session's WebSocket.
async fn events(
    State(app): Shared,
    Path(id): Path<String>,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let session = app.sessions.get(&id)?;
    let sessions = app.sessions.clone();
    Ok(upgrade
        .max_message_size(socket::MAX_MESSAGE)
        .on_upgrade(move |ws| socket::serve(ws, session, sessions)))
}

async fn new_game(State(app): Shared, Path(id): Path<String>, body: Body<NewGame>) -> Reply {
    let Json(spec) = body?;
    Ok(Json(app.sessions.get(&id)?.new_game(&spec)?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LegRequest {
    leg: String,
}

async fn leg(State(app): Shared, Path(id): Path<String>, body: Body<LegRequest>) -> Reply {
    let Json(request) = body?;
    Ok(Json(app.sessions.get(&id)?.play_leg(&request.leg)?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TurnRequest {
    turn: String,
}

async fn turn(State(app): Shared, Path(id): Path<String>, body: Body<TurnRequest>) -> Reply {
    let Json(request) = body?;
    Ok(Json(app.sessions.get(&id)?.play_turn(&request.turn)?))
}

// The commands without arguments still read their request's body (`_body`): hyper closes
// a connection whose request body a handler left unread, unless the body had already
// arrived, and a client that reuses that connection for its next request (as keep-alive
// allows) finds it gone.
async fn cancel(State(app): Shared, Path(id): Path<String>, _body: Bytes) -> Reply {
    Ok(Json(app.sessions.get(&id)?.cancel_legs()?))
}

async fn take_back(State(app): Shared, Path(id): Path<String>, _body: Bytes) -> Reply {
    Ok(Json(app.sessions.get(&id)?.take_back()?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GotoRequest {
    index: usize,
}

async fn goto(State(app): Shared, Path(id): Path<String>, body: Body<GotoRequest>) -> Reply {
    let Json(request) = body?;
    Ok(Json(app.sessions.get(&id)?.goto(request.index)?))
}

async fn settings(State(app): Shared, Path(id): Path<String>, body: Body<SettingsChange>) -> Reply {
    let Json(change) = body?;
    Ok(Json(app.sessions.get(&id)?.change_settings(&change)?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SolveRequest {
    time_ms: u64,
}

async fn solve(State(app): Shared, Path(id): Path<String>, body: Body<SolveRequest>) -> Reply {
    let Json(request) = body?;
    Ok(Json(app.sessions.get(&id)?.solve(request.time_ms)?))
}

async fn stop(State(app): Shared, Path(id): Path<String>, _body: Bytes) -> Reply {
    Ok(Json(app.sessions.get(&id)?.stop()?))
}

async fn suggest(State(app): Shared, Path(id): Path<String>, _body: Bytes) -> Reply {
    Ok(Json(app.sessions.get(&id)?.suggest()?))
}

/// `GET /api/sessions/{id}/pgn`: the game as a PGN file.
async fn pgn_out(State(app): Shared, Path(id): Path<String>) -> Result<Response, ApiError> {
    let text = app.sessions.get(&id)?.pgn();
    let mut headers = HeaderMap::new();
    headers.insert(
        header::CONTENT_TYPE,
        header::HeaderValue::from_static("application/vnd.chess-pgn; charset=utf-8"),
    );
    headers.insert(
        header::CONTENT_DISPOSITION,
        header::HeaderValue::from_static("attachment; filename=\"troyka.pgn\""),
    );
    Ok((headers, text).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PgnRequest {
    pgn: String,
}

async fn pgn_in(State(app): Shared, Path(id): Path<String>, body: Body<PgnRequest>) -> Reply {
    let Json(request) = body?;
    Ok(Json(app.sessions.get(&id)?.load_pgn(&request.pgn)?))
}
