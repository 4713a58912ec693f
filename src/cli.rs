//! The command line: with no arguments Troyka speaks the protocol on stdin/stdout; the
//! subcommands are tools for people and scripts.

use crate::datagen::record::{self, DataFile};
use crate::datagen::DatagenSettings;
use crate::eval::EvalChoice;
use crate::games::breakthrough::{BoardSize, Breakthrough};
use crate::nnue::Network;
use crate::perft;
use crate::solve::{self, Outcome, Progress, Solver, Totals};
use crate::train::TrainSettings;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use std::time::Instant;

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
                game = Some(Breakthrough::from_fen(fen).map_err(|e| format!("bad --fen: {e}"))?);
            }
            "--size" => {
                let size: BoardSize = args.next().ok_or("--size needs CxR")?.parse()?;
                game = Some(Breakthrough::start(size));
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
    let game = game.unwrap_or_else(|| Breakthrough::start(BoardSize::STANDARD));

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
    if let Some(net) = &settings.eval.loaded {
        if net.size != settings.size {
            return Err(format!(
                "--eval: the network is for {}, the games are on {}",
                net.size, settings.size
            ));
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
    let mut game = Breakthrough::start(BoardSize::STANDARD);
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
            "--fen" => {
                game = Breakthrough::from_fen(value).map_err(|e| format!("bad --fen: {e}"))?
            }
            "--size" => game = Breakthrough::start(value.parse()?),
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
    if let Some(winner) = game.winner() {
        return Err(format!(
            "the game is over ({} won): nothing to solve",
            winner.name()
        ));
    }
    let stop = Arc::new(AtomicBool::new(false));
    let handler_stop = stop.clone();
    // Ctrl-C stops the solve; what it knows so far is still printed and saved.
    let _ = ctrlc::set_handler(move || handler_stop.store(true, Ordering::SeqCst));
    // Deep games need deep recursion: solve on a thread with a large stack.
    std::thread::Builder::new()
        .name("solve".into())
        .stack_size(SOLVE_STACK_BYTES)
        .spawn(move || solve_and_prove(settings, &game, &stop, proof, checkpoint))
        .map_err(|e| format!("cannot start the solver thread: {e}"))?
        .join()
        .map_err(|_| "the solver thread failed".to_string())?
}

const SOLVE_STACK_BYTES: usize = 256 << 20;
/// How often a solve with `--checkpoint` saves its table.
const CHECKPOINT_EVERY: Duration = Duration::from_secs(600);

fn solve_and_prove(
    settings: solve::Settings,
    game: &Breakthrough,
    stop: &AtomicBool,
    proof: Option<PathBuf>,
    checkpoint: Option<PathBuf>,
) -> Result<(), String> {
    let solver = Solver::new(settings);
    println!("position {} ({})", game.to_fen(), game.size());
    let mut earlier = Totals::default();
    if let Some(path) = checkpoint.as_deref().filter(|p| p.exists()) {
        earlier = solver.load_checkpoint(game, path)?;
        println!(
            "resumed from {}: {} nodes in {:.1} s before, table {:.1}% full",
            path.display(),
            earlier.nodes,
            earlier.elapsed.as_secs_f64(),
            solver.permille_full() as f64 / 10.0
        );
    }
    let mut last_save = Instant::now();
    let solution = solver.solve(game, stop, &mut |progress: &Progress| {
        eprintln!("{}", progress_line(progress, earlier));
        if let Some(path) = &checkpoint {
            if last_save.elapsed() >= CHECKPOINT_EVERY {
                let totals = Totals {
                    nodes: earlier.nodes + progress.nodes,
                    elapsed: earlier.elapsed + progress.elapsed,
                };
                match solver.save_checkpoint(game, totals, path) {
                    Ok(()) => eprintln!("checkpoint saved to {}", path.display()),
                    Err(message) => eprintln!("error: {message}"),
                }
                last_save = Instant::now();
            }
        }
    });
    let side = game.side_to_move();
    match &solution.outcome {
        Outcome::Won { moves } => {
            println!("result: {} (the side to move) wins", side.name());
            println!("winning moves: {}", names(game, moves));
        }
        Outcome::Lost { replies } => {
            println!(
                "result: {} (the side to move) loses; {} wins",
                side.name(),
                side.opponent().name()
            );
            for (mv, answers) in replies {
                println!(
                    "  {} is answered by {}",
                    game.move_name(*mv),
                    names(&game.play(*mv), answers)
                );
            }
        }
        Outcome::Unknown => println!(
            "result: unknown (stopped); root proof number {}, disproof number {}",
            number_text(solution.root.phi),
            number_text(solution.root.delta)
        ),
    }
    let seconds = solution.elapsed.as_secs_f64();
    println!(
        "nodes {} time {:.1} s nps {:.0} table {:.1}%",
        solution.nodes,
        seconds,
        solution.nodes as f64 / seconds.max(1e-9),
        solver.permille_full() as f64 / 10.0
    );
    let totals = Totals {
        nodes: earlier.nodes + solution.nodes,
        elapsed: earlier.elapsed + solution.elapsed,
    };
    if earlier.nodes > 0 {
        println!(
            "over all sessions: nodes {} time {:.1} s",
            totals.nodes,
            totals.elapsed.as_secs_f64()
        );
    }
    // A checkpoint resumed solved has nothing new to save.
    if let Some(path) = checkpoint.as_ref().filter(|_| solution.nodes > 0) {
        solver.save_checkpoint(game, totals, path)?;
        println!("checkpoint saved to {}", path.display());
    }
    let Some(winner) = solution.winner(side) else {
        return match proof {
            Some(_) => Err("no proof written: the position is not solved".into()),
            None => Ok(()),
        };
    };
    let root_moves = match &solution.outcome {
        Outcome::Won { moves } => moves.clone(),
        _ => Vec::new(),
    };
    // The proof is always built, for its size; it is kept and checked with --proof.
    let started = Instant::now();
    let mut out: Box<dyn Write> = match &proof {
        Some(path) => Box::new(BufWriter::new(
            std::fs::File::create(path).map_err(|e| format!("{}: {e}", path.display()))?,
        )),
        None => Box::new(std::io::sink()),
    };
    let lines = solver.write_proof(game, winner, &root_moves, stop, &mut out, &mut |p| {
        eprintln!(
            "{:7.1} s  writing the proof: {} lines, {} nodes searched again",
            p.elapsed.as_secs_f64(),
            p.lines,
            p.nodes
        )
    })?;
    drop(out);
    let place = proof.as_ref().map_or(String::new(), |path| {
        format!(" written to {}", path.display())
    });
    println!(
        "proof: {lines} lines{place} in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    match &proof {
        Some(path) => verify_proof(path, false),
        None => Ok(()),
    }
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
    verify_proof(&path, deep)
}

/// Checks a proof file and prints the verdict; an invalid proof is an error.
fn verify_proof(path: &Path, deep: bool) -> Result<(), String> {
    let started = Instant::now();
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let report = crate::proof::check::check(std::io::BufReader::new(file), deep)
        .map_err(|e| format!("{}: the proof is not valid: {e}", path.display()))?;
    let leaves: Vec<String> = std::iter::once(format!("end {}", report.ends))
        .chain(
            report
                .leaves
                .iter()
                .map(|(pattern, count)| format!("{} {count}", pattern.name())),
        )
        .collect();
    println!(
        "proof checked{}: {} wins {} within {} plies; {} positions, leaves: {}; {:.1} s",
        if deep {
            " (patterns confirmed by brute force)"
        } else {
            ""
        },
        report.winner.name(),
        report.root.to_fen(),
        report.depth,
        report.positions,
        leaves.join(", "),
        started.elapsed().as_secs_f64()
    );
    if report.unused_lines > 0 {
        println!("note: {} lines are never used", report.unused_lines);
    }
    if report.repeated_lines > 0 {
        println!(
            "note: {} lines prove a position proved further up again",
            report.repeated_lines
        );
    }
    Ok(())
}

fn names(game: &Breakthrough, moves: &[crate::games::breakthrough::Move]) -> String {
    let names: Vec<String> = moves.iter().map(|&m| game.move_name(m)).collect();
    names.join(" ")
}

fn number_text(n: u32) -> String {
    if n == solve::INFINITY {
        "inf".into()
    } else {
        n.to_string()
    }
}

/// A progress line for stderr: totals over all sessions, the speed of this one.
fn progress_line(progress: &Progress, earlier: Totals) -> String {
    let seconds = progress.elapsed.as_secs_f64();
    format!(
        "{:>8.1} s  nodes {:>12}  {:>8.0} nodes/s  root pn {} dn {}  table {:.1}%",
        seconds + earlier.elapsed.as_secs_f64(),
        progress.nodes + earlier.nodes,
        progress.nodes as f64 / seconds.max(1e-9),
        number_text(progress.root.phi),
        number_text(progress.root.delta),
        progress.permille_full as f64 / 10.0
    )
}
