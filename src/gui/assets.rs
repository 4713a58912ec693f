//! The page's files, written by hand and built into the binary: nothing is fetched when the
//! page runs, and no build step but Cargo's.

use super::api::App;
use axum::http::header;
use axum::routing::get;
use axum::Router;
use std::sync::Arc;

/// Each file: its path, its content type, and its text.
const FILES: [(&str, &str, &str); 6] = [
    (
        "/",
        "text/html; charset=utf-8",
        include_str!("page/index.html"),
    ),
    (
        "/style.css",
        "text/css; charset=utf-8",
        include_str!("page/style.css"),
    ),
    (
        "/board.js",
        "text/javascript; charset=utf-8",
        include_str!("page/board.js"),
    ),
    (
        "/chart.js",
        "text/javascript; charset=utf-8",
        include_str!("page/chart.js"),
    ),
    (
        "/app.js",
        "text/javascript; charset=utf-8",
        include_str!("page/app.js"),
    ),
    (
        "/favicon.svg",
        "image/svg+xml",
        include_str!("page/favicon.svg"),
    ),
];

/// A route for each file.
pub fn routes() -> Router<Arc<App>> {
    FILES
        .iter()
        .fold(Router::new(), |router, &(path, content_type, text)| {
            router.route(
                path,
                get(move || async move {
                    (
                        [
                            (header::CONTENT_TYPE, content_type),
                            // The files change only with the binary; a stale copy after an
                            // upgrade would talk to an API it does not know.
                            (header::CACHE_CONTROL, "no-cache"),
                        ],
                        text,
                    )
                }),
            )
        })
}
