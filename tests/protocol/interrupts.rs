//! Long commands give way: `stop` ends `perft`, `go perft` and `bench` with a line saying so,
//! `isready` is answered right after, and `quit` ends the process whatever runs.

use crate::harness::{Troyka, PATIENCE};
use std::thread::sleep;
use std::time::Duration;

/// The guarantee is 100 ms; the slack covers the load of a shared machine.
const EXIT_PROMPTLY: Duration = Duration::from_secs(2);

fn stopped_line(lines: &[String], prefix: &str) -> bool {
    lines.iter().any(|line| line.starts_with(prefix))
}

#[test]
fn stop_ends_perft_and_go_perft_with_the_count_so_far() {
    let mut troyka = Troyka::start();
    for command in ["perft 40", "go perft 99999999", "perft 9"] {
        troyka.send(command);
        sleep(Duration::from_millis(100));
        let lines = troyka.ask("stop");
        assert!(
            stopped_line(&lines, "info string perft stopped: "),
            "{command}: {lines:#?}"
        );
        assert!(!stopped_line(&lines, "Nodes searched"), "{lines:#?}");
        // The engine carries on: a short perft still counts to its end.
        assert_eq!(troyka.ask("perft 2").last().unwrap(), "Nodes searched: 484");
    }
}

/// `stop` read while the command it is meant for still waits in the queue is not lost.
#[test]
fn a_stop_sent_with_the_command_still_stops_it() {
    let mut troyka = Troyka::start();
    troyka.send_bytes(b"perft 40\nstop\nisready\n");
    let lines = troyka.until(PATIENCE, |line| line == "readyok");
    assert!(
        stopped_line(&lines, "info string perft stopped: "),
        "{lines:#?}"
    );
    // A stop with nothing to stop leaves the next command alone.
    assert_eq!(troyka.ask("stop"), Vec::<String>::new());
    assert_eq!(
        troyka.ask("perft 3").last().unwrap(),
        "Nodes searched: 11132"
    );
}

#[test]
fn stop_ends_bench_without_a_signature() {
    let mut troyka = Troyka::start();
    troyka.send("bench");
    sleep(Duration::from_millis(200));
    let lines = troyka.ask("stop");
    let last = lines.last().unwrap();
    assert!(
        last.starts_with("info string bench stopped at position "),
        "{lines:#?}"
    );
    assert!(
        !lines.iter().any(|line| line.ends_with(" nps")),
        "{lines:#?}"
    );
}

#[test]
fn quit_ends_the_process_whatever_runs() {
    let cases: &[&[&str]] = &[
        &["perft 40"],
        &["go perft 99999999"],
        &["bench"],
        &["go infinite"],
        &["setoption name Threads value 64", "go infinite"],
        &["setoption name Hash value 8000"],
        // Everything queued before `quit` is cut short too.
        &["perft 40", "perft 40", "bench", "go depth 60"],
    ];
    for commands in cases {
        let mut troyka = Troyka::start();
        for command in *commands {
            troyka.send(command);
        }
        sleep(Duration::from_millis(200));
        troyka.send("quit");
        let status = troyka.wait_exit(EXIT_PROMPTLY);
        assert!(
            status.is_some_and(|s| s.success()),
            "{commands:?}: {status:?}"
        );
    }
}

/// A table of thousands of megabytes is ready at once, and so is a cleared one.
#[test]
fn large_tables_are_ready_and_cleared() {
    let mut troyka = Troyka::start();
    for command in [
        "setoption name Hash value 8000",
        "setoption name Clear Hash",
        "ucinewgame",
    ] {
        assert_eq!(troyka.ask(command), Vec::<String>::new(), "{command}");
    }
    troyka.send("go depth 3");
    troyka.until_bestmove();
    assert_eq!(
        troyka.ask("setoption name Hash value 16"),
        Vec::<String>::new()
    );
}

/// Threads come from a pool made when `Threads` is set; searches with many of them, one
/// after another, each end in one legal `bestmove`.
#[test]
fn many_threads_search_and_stop() {
    let mut troyka = Troyka::start();
    troyka.ask("setoption name Threads value 64");
    for limit in ["movetime 100", "depth 4", "nodes 20000"] {
        troyka.send(&format!("go {limit}"));
        let lines = troyka.until_bestmove();
        let best = crate::harness::best_move(lines.last().unwrap());
        assert!(crate::harness::start().parse_move(best).is_ok(), "{best}");
    }
    troyka.send("go infinite");
    troyka.until_prefix("info depth");
    troyka.send("stop");
    troyka.until_bestmove();
    troyka.ask("setoption name Threads value 1");
    troyka.send("go depth 2");
    troyka.until(PATIENCE, |line| line.starts_with("bestmove"));
}
