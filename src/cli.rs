//! The command line: with no arguments Troyka speaks the protocol on stdin/stdout; the
//! subcommands are tools for people and scripts.

use crate::datagen::DatagenSettings;
use crate::eval::nnue::Network;
use crate::perft;
use crate::rules::{BoardSize, Game};
use crate::search::EvalChoice;
use crate::solve;
use crate::train::TrainSettings;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

const USAGE: &str = "usage: troyka                 speak the protocol on stdin/stdout
       troyka perft DEPTH [--fen FEN | --size CxR] [--divide]
       troyka bench                 search the bench positions; last line is the signature
       troyka datagen --out FILE [--games N] [--nodes N] [--size CxR] [--threads N]
                      [--seed S] [--random-plies N] [--varied-plies N] [--margin CP]
                      [--eval builtin|linear|NET]
                                    self-play training data, appended to FILE
       troyka features FILE...      data files in, the linear tuner's feature vectors out
       troyka train --out NET [--epochs N] [--batch N] [--rate F] [--final-rate F]
                    [--lambda F] [--k CP] [--seed S] [--threads N] [--validation PERMILLE]
                    [--captures skip|keep] [--residual yes|no] [--init NET] DATA...
                                    train a network on data files and write it to NET
       troyka solve [--fen FEN | --size CxR] [--hash MB] [--threads N] [--time S] [--nodes N] [--all]
                    [--proof FILE] [--checkpoint FILE]
                                    prove who wins (progress on stderr); the proof is checked;
                                    the checkpoint is resumed if it exists, saved every 10 min
       troyka verify-proof FILE [--deep]  check a proof with the rules and race patterns alone
                                    (--deep: confirm every pattern by brute force too)";

/// Runs the command line; returns the process exit code.
pub fn run(args: Vec<String>) -> i32 {
    if args.iter().any(|arg| arg == "--help" || arg == "-h") {
        println!("{USAGE}");
        return 0;
    }
    let result = match args.first().map(String::as_str) {
        None => return crate::protocol::run(),
        Some("perft") => perft_command(&args[1..]),
        Some("bench") => {
            // Nothing sets the stop flag: the bench runs to its end.
            let signals = crate::search::Signals::default();
            crate::bench::run(&mut |line| println!("{line}"), &signals)
                .map(drop)
                .map_err(|_| "the bench was stopped".to_string())
        }
        Some("datagen") => datagen_command(&args[1..]),
        Some("features") => features_command(&args[1..]),
        Some("train") => train_command(&args[1..]),
        Some("solve") => solve_command(&args[1..]),
        Some("verify-proof") => verify_proof_command(&args[1..]),
        Some("help") => {
            println!("{USAGE}");
            Ok(())
        }
        Some(other) => Err(format!("unknown command '{other}'\n{USAGE}")),
    };
    match result {
        Ok(()) => 0,
        Err(message) => {
            eprintln!("error: {message}");
            2
        }
    }
}

/// `troyka perft DEPTH [--fen FEN | --size CxR] [--divide]`.
fn perft_command(args: &[String]) -> Result<(), String> {
    let mut depth = None;
    let mut game = None;
    let mut divide = false;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--divide" => divide = true,
            "--fen" => {
                let fen = args.next().ok_or("--fen needs a position string")?;
                game = Some(Game::from_fen(fen).map_err(|e| format!("bad --fen: {e}"))?);
            }
            "--size" => {
                let size: BoardSize = args.next().ok_or("--size needs CxR")?.parse()?;
                game = Some(Game::start(size));
            }
            number if depth.is_none() => {
                depth = Some(
                    number
                        .parse::<u32>()
                        .map_err(|_| format!("bad perft depth '{number}'"))?,
                );
            }
            other => return Err(format!("unexpected argument '{other}'\n{USAGE}")),
        }
    }
    let depth = depth.ok_or(format!("perft needs a depth\n{USAGE}"))?;
    let game = game.unwrap_or_else(|| Game::start(BoardSize::STANDARD));
    perft::print_count(&game, depth, divide);
    Ok(())
}

/// `troyka datagen --out FILE [--games N] [--nodes N] [--size CxR] [--threads N] [--seed S]
/// [--random-plies N] [--varied-plies N] [--margin CP] [--eval builtin|linear|NET]`.
fn datagen_command(args: &[String]) -> Result<(), String> {
    let mut settings = DatagenSettings::new(BoardSize::STANDARD);
    settings.threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut out = None;
    let mut args = args.iter();
    while let Some(flag) = args.next() {
        let value = args.next().ok_or(format!("{flag} needs a value"))?;
        let number = || {
            value
                .parse::<u64>()
                .map_err(|_| format!("bad {flag} '{value}'"))
        };
        match flag.as_str() {
            "--out" => out = Some(PathBuf::from(value)),
            "--games" => settings.games = number()?,
            "--nodes" => settings.nodes = number()?,
            "--threads" => settings.threads = number()?.clamp(1, 1024) as usize,
            "--seed" => settings.seed = number()?,
            "--random-plies" => settings.random_plies = number()? as usize,
            "--varied-plies" => settings.varied_plies = number()? as usize,
            "--margin" => settings.margin = number()?.min(10_000) as i32,
            "--size" => settings.size = value.parse()?,
            // Each `--eval` replaces the whole choice, so the last one given wins.
            "--eval" => {
                settings.eval = match value.as_str() {
                    "builtin" => EvalChoice::default(),
                    "linear" => EvalChoice {
                        linear_only: true,
                        loaded: None,
                    },
                    file => EvalChoice {
                        linear_only: false,
                        loaded: Some(Arc::new(Network::read(Path::new(file))?)),
                    },
                }
            }
            other => return Err(format!("unexpected argument '{other}'\n{USAGE}")),
        }
    }
    let path = out.ok_or(format!("datagen needs --out FILE\n{USAGE}"))?;
    crate::datagen::generate_into(&settings, &path)
}

/// `troyka features FILE...`.
fn features_command(paths: &[String]) -> Result<(), String> {
    if paths.is_empty() {
        return Err(format!("features needs data files\n{USAGE}"));
    }
    let paths: Vec<PathBuf> = paths.iter().map(PathBuf::from).collect();
    crate::datagen::print_features(&paths)
}

/// `troyka train --out NET [options] DATA...`.
fn train_command(args: &[String]) -> Result<(), String> {
    let mut settings = TrainSettings::new(Vec::new(), PathBuf::new());
    settings.threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut out = None;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        if !arg.starts_with("--") {
            settings.data.push(PathBuf::from(arg));
            continue;
        }
        let value = args.next().ok_or(format!("{arg} needs a value"))?;
        let bad = || format!("bad {arg} '{value}'");
        let integer = || value.parse::<u64>().map_err(|_| bad());
        let real = || {
            value
                .parse::<f32>()
                .ok()
                .filter(|v| v.is_finite() && *v >= 0.0)
                .ok_or_else(bad)
        };
        match arg.as_str() {
            "--out" => out = Some(PathBuf::from(value)),
            "--epochs" => settings.epochs = integer()? as usize,
            "--batch" => settings.batch = integer()?.max(1) as usize,
            "--rate" => settings.rate = real()?,
            "--final-rate" => settings.final_rate = real()?,
            "--lambda" => settings.lambda = real()?.min(1.0),
            "--k" => settings.k = Some(real()?.max(1.0)),
            "--seed" => settings.seed = integer()?,
            "--threads" => settings.threads = integer()?.clamp(1, 256) as usize,
            "--validation" => settings.validation_permille = integer()?.min(1000),
            "--init" => settings.init = Some(PathBuf::from(value)),
            "--residual" => {
                settings.residual = match value.as_str() {
                    "yes" => true,
                    "no" => false,
                    _ => return Err(bad()),
                }
            }
            "--captures" => {
                settings.keep_captures = match value.as_str() {
                    "keep" => true,
                    "skip" => false,
                    _ => return Err(bad()),
                }
            }
            other => return Err(format!("unexpected argument '{other}'\n{USAGE}")),
        }
    }
    settings.out = out.ok_or(format!("train needs --out NET\n{USAGE}"))?;
    if settings.data.is_empty() {
        return Err(format!("train needs data files\n{USAGE}"));
    }
    crate::train::train(&settings, &mut |line| eprintln!("{line}"))
}

/// `troyka solve [--fen FEN | --size CxR] [--hash MB] [--threads N] [--time S] [--nodes N]
/// [--all] [--proof FILE] [--checkpoint FILE]`.
fn solve_command(args: &[String]) -> Result<(), String> {
    let mut settings = solve::Settings::default();
    let mut game = Game::start(BoardSize::STANDARD);
    let mut proof = None;
    let mut checkpoint = None;
    let mut args = args.iter();
    while let Some(flag) = args.next() {
        if flag == "--all" {
            settings.all = true;
            continue;
        }
        let value = args.next().ok_or(format!("{flag} needs a value"))?;
        let number = || {
            value
                .parse::<u64>()
                .map_err(|_| format!("bad {flag} '{value}'"))
        };
        match flag.as_str() {
            "--fen" => game = Game::from_fen(value).map_err(|e| format!("bad --fen: {e}"))?,
            "--size" => game = Game::start(value.parse()?),
            "--hash" => settings.hash_megabytes = number()?.clamp(1, 1 << 20) as usize,
            "--time" => {
                let seconds: f64 = value
                    .parse()
                    .ok()
                    .filter(|s: &f64| s.is_finite() && *s >= 0.0)
                    .ok_or(format!("bad --time '{value}'"))?;
                settings.time = Some(Duration::from_secs_f64(seconds.min(1e9)));
            }
            "--nodes" => settings.nodes = Some(number()?),
            "--threads" => settings.threads = number()?.clamp(1, 256) as usize,
            "--proof" => proof = Some(PathBuf::from(value)),
            "--checkpoint" => checkpoint = Some(PathBuf::from(value)),
            other => return Err(format!("unexpected argument '{other}'\n{USAGE}")),
        }
    }
    solve::solve_and_prove(game, settings, proof, checkpoint)
}

/// `troyka verify-proof FILE [--deep]`.
fn verify_proof_command(args: &[String]) -> Result<(), String> {
    let mut path = None;
    let mut deep = false;
    for arg in args {
        match arg.as_str() {
            "--deep" => deep = true,
            file if path.is_none() => path = Some(PathBuf::from(file)),
            other => return Err(format!("unexpected argument '{other}'\n{USAGE}")),
        }
    }
    let path = path.ok_or(format!("verify-proof needs a proof file\n{USAGE}"))?;
    crate::proof::verify_file(&path, deep)
}
