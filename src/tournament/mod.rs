//! `troyka-match`: engine-against-engine matches and tournaments for Breakthrough. The
//! runner is the referee: it keeps the clocks, judges every move with [`crate::rules`],
//! scores any failure as a loss, and reports Elo, error bars, LOS and SPRT over
//! colour-swapped game pairs.
//!
//! Layout: [`args`] and [`spec`] read the command line; [`process`] and [`uci`] talk to
//! engines; [`seat`] keeps a worker's engines; [`referee`] plays a game into a [`record`];
//! [`openings`],
//! [`schedule`] and [`runner`] make the event; [`stats`], [`sprt`] and [`report`] say who
//! is better; [`pgn`] writes and reads game records; [`suite`] and [`check`] are the
//! `openings` and `check-pgn` subcommands; [`warnings`] are said before the first game.

pub mod args;
pub mod check;
pub mod logs;
pub mod openings;
pub mod pgn;
pub mod process;
pub mod record;
pub mod referee;
pub mod report;
pub mod runner;
pub mod schedule;
pub mod seat;
pub mod spec;
pub mod sprt;
pub mod stats;
pub mod stop;
pub mod suite;
pub mod uci;
pub mod warnings;

/// Runs the `troyka-match` command line; returns the exit code (2 for bad arguments).
pub fn main(args: &[String]) -> i32 {
    let result = match args.first().map(String::as_str) {
        None => Err(args::USAGE.to_string()),
        Some("help" | "--help" | "-h") => {
            println!("{}", args::USAGE);
            return 0;
        }
        Some("openings") => suite::SuiteSpec::parse(&args[1..])
            .and_then(|spec| spec.generate())
            .map(|text| {
                print!("{text}");
                0
            }),
        Some("check-pgn") => check::run(&args[1..]).map(|consistent| i32::from(!consistent)),
        Some(_) => args::parse(args).map(|config| runner::run(&config)),
    };
    result.unwrap_or_else(|message| {
        eprintln!("error: {message}");
        2
    })
}
