//! The command line: with no arguments Troyka speaks the protocol on stdin/stdout; the
//! subcommands are tools for people and scripts.

use crate::datagen::record::{self, DataFile};
use crate::datagen::DatagenSettings;
use crate::perft;
use crate::rules::{BoardSize, Game};
use crate::train::TrainSettings;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

const USAGE: &str = "usage: troyka                 speak the protocol on stdin/stdout
       troyka perft DEPTH [--fen FEN | --size CxR] [--divide]
       troyka bench                 search the bench positions; last line is the signature
       troyka datagen --out FILE [--games N] [--nodes N] [--size CxR] [--threads N]
                      [--seed S] [--random-plies N] [--varied-plies N] [--margin CP]
                                    self-play training data, appended to FILE
       troyka features FILE...      data files in, the linear tuner's feature vectors out
       troyka train --out NET [--epochs N] [--batch N] [--rate F] [--final-rate F]
                    [--lambda F] [--k CP] [--seed S] [--threads N] [--validation PERMILLE]
                    [--init NET] DATA...         train a network on data files and write it to NET";

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

    let started = Instant::now();
    let nodes = if divide {
        let divided = perft::divide(&game, depth, &AtomicBool::new(false));
        for (mv, count) in &divided.moves {
            println!("{}: {count}", game.move_name(*mv));
        }
        divided.leaves
    } else {
        perft::perft_game(&game, depth)
    };
    let seconds = started.elapsed().as_secs_f64();
    println!("Nodes searched: {nodes}");
    eprintln!(
        "time {:.3} s, {:.0} leaves/s",
        seconds,
        nodes as f64 / seconds.max(1e-9)
    );
    Ok(())
}

/// `troyka datagen --out FILE [--games N] [--nodes N] [--size CxR] [--threads N] [--seed S]
/// [--random-plies N] [--varied-plies N] [--margin CP]`.
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
            other => return Err(format!("unexpected argument '{other}'\n{USAGE}")),
        }
    }
    let path = out.ok_or(format!("datagen needs --out FILE\n{USAGE}"))?;
    let mut file = BufWriter::new(record::open_for_append(&path, settings.size)?);
    crate::datagen::generate(&settings, &mut file).map_err(|e| format!("{}: {e}", path.display()))
}

/// `troyka features FILE...`.
fn features_command(paths: &[String]) -> Result<(), String> {
    if paths.is_empty() {
        return Err(format!("features needs data files\n{USAGE}"));
    }
    let mut out = BufWriter::new(std::io::stdout().lock());
    for path in paths {
        let data = DataFile::read(Path::new(path))?;
        crate::datagen::write_features(&data, &mut out).map_err(|e| e.to_string())?;
    }
    out.flush().map_err(|e| e.to_string())
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
            other => return Err(format!("unexpected argument '{other}'\n{USAGE}")),
        }
    }
    settings.out = out.ok_or(format!("train needs --out NET\n{USAGE}"))?;
    if settings.data.is_empty() {
        return Err(format!("train needs data files\n{USAGE}"));
    }
    crate::train::train(&settings, &mut |line| eprintln!("{line}"))
}
