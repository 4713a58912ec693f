//! `troyka-match`: engine-against-engine matches and tournaments for any game of
//! [`crate::games::Variant`] (Breakthrough by default). The runner is the referee: it keeps
//! the clocks, judges every turn with the game's rules (through [`crate::game::Game`]),
//! scores any failure as a loss, and reports wins, draws and losses, Elo, error bars, LOS
//! and SPRT over colour-swapped game pairs. The game is chosen once, from the command line
//! ([`args`]) or a record's `[Variant]` tag ([`check_pgn`]), and reached through
//! [`crate::games::Variant::visit`]; nothing below names a game's own types.
//!
//! The modules, each using only those on the lines above it (a test below checks that the
//! graph has no cycle):
//!
//! - [`game_record`] (what a game leaves behind: result, termination, moves, notes), [`spec`]
//!   (an engine's command and limits), [`logs`], [`stop`], [`schedule`] (who plays whom),
//!   [`stats`] (Elo from pair counts);
//! - [`sprt`]; [`process`] (an engine's OS process); [`pgn`] (writing and reading
//!   records);
//! - [`uci`] (the dialogue with an engine); [`openings`];
//! - [`seat`] (a worker's engines); [`args`] (the command line); [`check_pgn`] (the
//!   `check-pgn` subcommand); [`report`] (standings);
//! - [`referee`] (plays one game); [`warnings`] (said before the first game); [`suite`]
//!   (the `openings` subcommand, the only module that uses the search);
//! - [`runner`] (the event).

pub mod args;
pub mod check_pgn;
pub mod game_record;
pub mod logs;
pub mod openings;
pub mod pgn;
pub mod process;
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
        None => Err(args::usage()),
        Some("help" | "--help" | "-h") => {
            println!("{}", args::usage());
            return 0;
        }
        Some("openings") => suite::SuiteSpec::parse(&args[1..])
            .and_then(|spec| spec.generate())
            .map(|text| {
                print!("{text}");
                0
            }),
        Some("check-pgn") => check_pgn::run(&args[1..]).map(|consistent| i32::from(!consistent)),
        Some(_) => args::parse(args).map(|config| runner::run(&config)),
    };
    result.unwrap_or_else(|message| {
        eprintln!("error: {message}");
        2
    })
}

#[cfg(test)]
mod tests {
    /// Each module's source (all files of a module directory together).
    const SOURCES: [(&str, &str); 19] = [
        ("args", include_str!("args.rs")),
        ("check_pgn", include_str!("check_pgn.rs")),
        ("game_record", include_str!("game_record.rs")),
        ("logs", include_str!("logs.rs")),
        ("openings", include_str!("openings.rs")),
        (
            "pgn",
            concat!(
                include_str!("pgn/mod.rs"),
                include_str!("pgn/read.rs"),
                include_str!("pgn/write.rs")
            ),
        ),
        ("process", include_str!("process.rs")),
        ("referee", include_str!("referee.rs")),
        ("report", include_str!("report.rs")),
        ("runner", include_str!("runner.rs")),
        ("schedule", include_str!("schedule.rs")),
        ("seat", include_str!("seat.rs")),
        ("spec", include_str!("spec.rs")),
        ("sprt", include_str!("sprt.rs")),
        ("stats", include_str!("stats.rs")),
        ("stop", include_str!("stop.rs")),
        ("suite", include_str!("suite.rs")),
        ("uci", include_str!("uci.rs")),
        ("warnings", include_str!("warnings.rs")),
    ];

    /// The sibling modules `source` names, through `super::` (any number of them) or
    /// `tournament::` paths, its tests and documentation links included.
    fn uses(source: &str) -> Vec<&'static str> {
        let mut used = Vec::new();
        for prefix in ["super::", "tournament::"] {
            for (at, _) in source.match_indices(prefix) {
                let mut rest = &source[at + prefix.len()..];
                while let Some(after) = rest.strip_prefix("super::") {
                    rest = after;
                }
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_lowercase() || *c == '_')
                    .collect();
                if let Some((module, _)) = SOURCES.iter().find(|(m, _)| *m == name) {
                    used.push(*module);
                }
            }
        }
        used.sort_unstable();
        used.dedup();
        used
    }

    #[test]
    fn modules_form_no_cycle() {
        // Depth-first search; a module met again while it is on the path closes a cycle.
        fn visit(module: &'static str, path: &mut Vec<&'static str>, done: &mut Vec<&str>) {
            if let Some(at) = path.iter().position(|m| *m == module) {
                panic!("a cycle: {} -> {module}", path[at..].join(" -> "));
            }
            if done.contains(&module) {
                return;
            }
            path.push(module);
            let (_, source) = SOURCES.iter().find(|(m, _)| *m == module).unwrap();
            for used in uses(source).into_iter().filter(|m| *m != module) {
                visit(used, path, done);
            }
            path.pop();
            done.push(module);
        }
        let mut done = Vec::new();
        for (module, _) in SOURCES {
            visit(module, &mut Vec::new(), &mut done);
        }
        assert_eq!(done.len(), SOURCES.len());
    }

    #[test]
    fn records_are_a_leaf_and_only_the_suite_searches() {
        let used = |module: &str| uses(SOURCES.iter().find(|(m, _)| *m == module).unwrap().1);
        assert_eq!(used("game_record"), Vec::<&str>::new());
        assert_eq!(used("referee"), ["game_record", "openings", "seat", "uci"]);
        for (module, source) in SOURCES {
            let searches = source.contains("crate::search");
            assert_eq!(searches, module == "suite", "{module}");
        }
    }
}
