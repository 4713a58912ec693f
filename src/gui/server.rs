//! Starting and stopping the server: tokio's runtime (made here, so that nothing else in
//! Troyka ever starts one), the listening socket on 127.0.0.1, the address printed, the
//! browser opened, and on Ctrl-C or SIGTERM (a service manager's or `kill`'s stop) every
//! session's engine ended before the process exits.

use super::api::{self, App};
use super::page_sessions::PageSessions;
use std::io::Write;
use std::net::{Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use tokio::net::TcpListener;

/// The port tried first when none is given; if it is taken, the system picks a free one.
pub const DEFAULT_PORT: u16 = 8080;

/// Serves the board until Ctrl-C or SIGTERM. `port`: that port exactly (0: any free one);
/// `None`: [`DEFAULT_PORT`], or any free one if it is taken. `open`: open the page in the
/// browser.
pub fn run(port: Option<u16>, open: bool) -> Result<(), String> {
    let exe = std::env::current_exe()
        .map_err(|e| format!("cannot find Troyka's own binary to run as the engine: {e}"))?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server's threads: {e}"))?;
    runtime.block_on(serve(port, open, exe))
}

async fn serve(port: Option<u16>, open: bool, exe: PathBuf) -> Result<(), String> {
    let listener = listen(port).await?;
    let address = listener
        .local_addr()
        .map_err(|e| format!("cannot read the server's address: {e}"))?;
    let url = format!("http://{address}/");
    say(&format!("Troyka's board: {url}\n(Ctrl-C stops the server)"));
    if open {
        open_browser(&url);
    }
    let sessions = Arc::new(PageSessions::new(exe));
    tokio::spawn(sessions.clone().end_idle());
    let app = Arc::new(App {
        sessions: sessions.clone(),
        port: address.port(),
    });
    let served = tokio::select! {
        served = axum::serve(listener, api::router(app)) => {
            served.map_err(|e| format!("the server failed: {e}"))
        }
        () = stop_signal() => Ok(()),
    };
    // Each engine gets `quit`; give them the moment they need before the runtime goes.
    sessions.end_all();
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    served
}

/// Waits for Ctrl-C (SIGINT) or, on Unix, SIGTERM. A handler that cannot be installed
/// waits forever rather than stopping the server at once.
async fn stop_signal() {
    let interrupt = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut terminate) => drop(terminate.recv().await),
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {}
        () = terminate => {}
    }
}

/// Prints a line for the person on stdout. A closed stdout (the terminal went, or a script
/// read the address and closed the pipe) must not stop the server, so errors are ignored.
fn say(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let _ = writeln!(stdout, "{text}").and_then(|()| stdout.flush());
}

/// The listening socket, on the loopback address only.
async fn listen(port: Option<u16>) -> Result<TcpListener, String> {
    let bind = |port| TcpListener::bind(SocketAddr::from((Ipv4Addr::LOCALHOST, port)));
    match port {
        Some(port) => bind(port)
            .await
            .map_err(|e| format!("cannot listen on 127.0.0.1:{port}: {e}")),
        None => match bind(DEFAULT_PORT).await {
            Ok(listener) => Ok(listener),
            Err(_) => {
                say(&format!("port {DEFAULT_PORT} is taken; using a free one"));
                bind(0)
                    .await
                    .map_err(|e| format!("cannot listen on 127.0.0.1: {e}"))
            }
        },
    }
}

/// Opens `url` with `xdg-open`, or says to open it by hand.
fn open_browser(url: &str) {
    let Some(opener) = find_in_path("xdg-open") else {
        say(&format!(
            "--open: xdg-open is not installed; open {url} in your browser"
        ));
        return;
    };
    let spawned = Command::new(opener)
        .arg(url)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn();
    match spawned {
        // Waited for on a thread of its own, so that it leaves no zombie behind.
        Ok(mut child) => drop(std::thread::spawn(move || child.wait())),
        Err(e) => say(&format!(
            "--open: cannot run xdg-open ({e}); open {url} in your browser"
        )),
    }
}

/// The program `name` in one of `PATH`'s directories.
fn find_in_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|file| is_file(file))
}

fn is_file(path: &Path) -> bool {
    path.metadata().is_ok_and(|meta| meta.is_file())
}
