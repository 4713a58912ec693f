//! The command line: with no arguments Troyka speaks the protocol on stdin/stdout; the
//! subcommands are tools for people and scripts.
//!
//! This module only reads the arguments and hands them to the module that does the work.
//! `clap` writes the usage and each subcommand's `--help` from the declarations below, and
//! checks every value (numbers and their ranges, board sizes, positions, word choices)
//! before anything runs, so a bad argument never starts a long job.

use crate::eval::{EvalChoice, EvalSpec};
use crate::game::{Game, TrainableEval};
use crate::games::breakthrough::{self, BoardSize, Breakthrough};
use crate::games::breakthru::BreakthruGame;
use crate::games::{networks, GameVisitor, Variant};
use crate::{datagen, perft, solve, train};
use clap::builder::RangedU64ValueParser;
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::ffi::OsString;
use std::ops::RangeBounds;
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

/// Runs the command line (`args` starts with the program's name); returns the exit code.
pub fn run(args: impl IntoIterator<Item = OsString>) -> i32 {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(error) => {
            // `--help` and `help` come here too: clap prints them on stdout with code 0,
            // and real errors on stderr with code 2.
            let _ = error.print();
            return error.exit_code();
        }
    };
    let result = match cli.command {
        None => return crate::protocol::run(),
        Some(Command::Perft(args)) => args.run(),
        Some(Command::Bench(args)) => args.variant.visit(BenchRun),
        Some(Command::Datagen(args)) => args.run(),
        Some(Command::Features(args)) => args.run(),
        Some(Command::Train(args)) => args.run(),
        Some(Command::Solve(args)) => args.run(),
        Some(Command::VerifyProof(args)) => solve::verify_file::<Breakthrough>(
            &args.file,
            breakthrough::proof::verify,
            args.deep,
            args.threads,
        ),
        Some(Command::Gui(args)) => crate::gui::run(args.port, args.open),
    };
    match result {
        Ok(()) => 0,
        Err(message) => {
            eprintln!("error: {message}");
            2
        }
    }
}

/// Troyka: an engine for Breakthrough and Breakthru, speaking UCI, UGI and XBoard protocols,
/// with perft, bench, a match runner, a solver and a browser board. With no command it speaks
/// the protocol on stdin/stdout (see protocol.md).
#[derive(Parser)]
#[command(name = "troyka")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaves of the tree of turns to DEPTH turns
    Perft(PerftArgs),
    /// Search the bench positions; the last line is the signature
    Bench(BenchArgs),
    /// Play self-play games and append their positions to a training-data file
    ///
    /// A file that exists is appended to, so that runs with other seeds add shards to one
    /// data set; a progress line goes to stderr every ten seconds.
    Datagen(DatagenArgs),
    /// Data files (or proofs) in, the linear tuner's feature vectors out (on stdout)
    Features(FeaturesArgs),
    /// Train a network on data files and write it to a net file
    ///
    /// The net is written after every epoch, so an interrupted run leaves one. A run is
    /// reproducible from its seed and thread count.
    Train(TrainArgs),
    /// Prove who wins a position (progress on stderr); a proof written is checked
    ///
    /// Ctrl-C, --time and --nodes stop the solve; what it knows so far is still printed,
    /// and saved with --checkpoint.
    Solve(Box<SolveArgs>),
    /// Check a proof with the rules and the race patterns alone
    ///
    /// A certificate (a proof's top, with leaves written `?N/H`) is checked so, then each
    /// leaf is proved again by the solver within N nodes, one thread, an H MiB table, and
    /// the proof it writes checked as a proof of its own; progress goes to stderr.
    VerifyProof(VerifyProofArgs),
    /// A board in the browser: play and analyse both games with Troyka
    ///
    /// Starts a web server on 127.0.0.1 and prints its address; each page gets its own
    /// engine. Ctrl-C or SIGTERM stops it.
    Gui(GuiArgs),
}

// A flag given twice overrides itself (`args_override_self`), so that a script can change a
// setting by appending to a list of arguments (`DATAGEN_ARGS` in scripts/make-data). With
// `allow_negative_numbers` a negative number reaches its flag's value parser, which says
// what range the flag takes, instead of being taken for an unknown flag.

#[derive(Args)]
#[command(args_override_self = true, allow_negative_numbers = true)]
struct PerftArgs {
    /// Turns to count
    #[arg(value_parser = clap::value_parser!(u32).range(1..))]
    depth: u32,
    /// The game: breakthrough (and breakthrough5/6/7 for its square boards) or relay
    #[arg(long, value_name = "NAME", value_parser = Variant::named)]
    variant: Option<Variant>,
    /// The position to count from, a position string of the game
    #[arg(long, conflicts_with = "size")]
    fen: Option<String>,
    /// The start position of a Breakthrough board of C columns and R rows [default: 8x8]
    #[arg(long, value_name = "CxR", value_parser = BoardSize::from_str,
          conflicts_with = "variant")]
    size: Option<BoardSize>,
    /// Print each root turn's count too
    #[arg(long)]
    divide: bool,
}

impl PerftArgs {
    fn run(self) -> Result<(), String> {
        let variant = Variant::choose(self.variant, self.size, self.fen.as_deref())?;
        variant.visit(PerftRun {
            fen: self.fen,
            depth: self.depth,
            divide: self.divide,
        })
    }
}

/// `troyka perft` on the chosen game.
struct PerftRun {
    fen: Option<String>,
    depth: u32,
    divide: bool,
}

impl GameVisitor for PerftRun {
    type Output = Result<(), String>;

    fn visit<G: Game>(self, start: G) -> Result<(), String> {
        let game = match &self.fen {
            Some(text) => G::from_text(text).map_err(|e| format!("--fen: {e}"))?,
            None => start,
        };
        perft::print_count(&game, self.depth, self.divide).map_err(|e| format!("perft: {e}"))
    }
}

#[derive(Args)]
struct BenchArgs {
    /// The game whose bench positions to search
    #[arg(long, value_name = "NAME", value_parser = Variant::named, default_value = "breakthrough")]
    variant: Variant,
}

/// `troyka bench` on the chosen game.
struct BenchRun;

impl GameVisitor for BenchRun {
    type Output = Result<(), String>;

    fn visit<G: Game>(self, _: G) -> Result<(), String> {
        // Nothing sets the stop flag: the bench runs to its end.
        let signals = crate::search::Signals::default();
        crate::bench::run::<G>(&mut |line| println!("{line}"), &signals)
            .map(drop)
            .map_err(|why| why.to_string())
    }
}

/// The position given by `--fen`, else the start position of `--size` (or of 8x8).
fn start(fen: Option<Breakthrough>, size: Option<BoardSize>) -> Breakthrough {
    fen.unwrap_or_else(|| Breakthrough::start(size.unwrap_or(BoardSize::STANDARD)))
}

#[derive(Args)]
#[command(args_override_self = true, allow_negative_numbers = true)]
struct DatagenArgs {
    /// The data file to append to (created if missing)
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Games to play
    #[arg(long, value_name = "N", default_value_t = datagen_defaults().games)]
    games: u64,
    /// The search's node budget per move
    #[arg(long, value_name = "N", default_value_t = datagen_defaults().nodes)]
    nodes: u64,
    /// The game: breakthrough (and breakthrough5/6/7 for its square boards) or breakthru
    #[arg(long, value_name = "NAME", value_parser = Variant::named)]
    variant: Option<Variant>,
    /// The Breakthrough board: C columns and R rows [default: 8x8]
    #[arg(long, value_name = "CxR", value_parser = BoardSize::from_str,
          conflicts_with = "variant")]
    size: Option<BoardSize>,
    /// Where every game starts, as a position string (the game's start by default); the
    /// empty Breakthru setup with --random-plies 32, say, starts from random setups
    #[arg(long, value_name = "POSITION", conflicts_with = "size")]
    fen: Option<String>,
    /// Games played at once [default: all cores]
    #[arg(long, value_name = "N", value_parser = usize_in(1..=1024))]
    threads: Option<usize>,
    /// Each game's randomness comes from the seed and its index
    #[arg(long, value_name = "S", default_value_t = datagen_defaults().seed)]
    seed: u64,
    /// Uniformly random plies at the start of each game
    #[arg(long, value_name = "N", default_value_t = datagen_defaults().random_plies)]
    random_plies: usize,
    /// Plies after those where a move within --margin of the best is picked at random
    #[arg(long, value_name = "N", default_value_t = datagen_defaults().varied_plies)]
    varied_plies: usize,
    /// Centipawns below the best a move may be and still be picked in the varied plies
    #[arg(long, value_name = "CP", default_value_t = datagen_defaults().margin,
          value_parser = clap::value_parser!(i32).range(0..=10_000))]
    margin: i32,
    /// The evaluation the games are played with: builtin (the built-in networks), linear
    /// (the hand-made evaluation alone), or a net file, to make an earlier generation of
    /// data again [default: builtin]
    #[arg(long, value_name = "builtin|linear|NET", value_parser = EvalSpec::parse)]
    eval: Option<EvalSpec>,
}

fn datagen_defaults() -> datagen::DatagenSettings<Breakthrough> {
    datagen::DatagenSettings::new(Breakthrough::start(BoardSize::STANDARD))
}

impl DatagenArgs {
    /// The settings for games from `start`, but the evaluation.
    fn settings<G>(&self, start: G) -> datagen::DatagenSettings<G> {
        let mut settings = datagen::DatagenSettings::new(start);
        settings.games = self.games;
        settings.nodes = self.nodes;
        settings.threads = self.threads.unwrap_or_else(all_cores);
        settings.seed = self.seed;
        settings.random_plies = self.random_plies;
        settings.varied_plies = self.varied_plies;
        settings.margin = self.margin;
        settings
    }

    fn run(self) -> Result<(), String> {
        let fen = self.fen.as_deref();
        match Variant::choose(self.variant, self.size, fen)? {
            Variant::Breakthrough(size) => match fen {
                Some(text) => self.generate(Breakthrough::from_fen(text)?),
                None => self.generate(Breakthrough::start(size)),
            },
            Variant::Breakthru => match fen {
                Some(text) => self.generate(BreakthruGame::from_text(text)?),
                None => self.generate(BreakthruGame::start()),
            },
            Variant::Relay => Err(no_evaluation("datagen", Variant::Relay)),
        }
    }

    /// Plays the games from `start`.
    fn generate<G: TrainableEval>(&self, start: G) -> Result<(), String> {
        // A net file is only read once the arguments are all known to be good.
        let eval = load_eval(
            self.eval.as_ref().unwrap_or(&EvalSpec::Builtin),
            &start,
            "games",
        )?;
        let mut settings = self.settings(start);
        settings.eval = eval;
        datagen::generate_into(&settings, &self.out)
    }
}

/// The evaluation `spec` names, refused when it is a network for another board than
/// `start`'s (`what` names what is played or solved there).
fn load_eval<G: TrainableEval>(
    spec: &EvalSpec,
    start: &G,
    what: &str,
) -> Result<EvalChoice, String> {
    let choice = spec.load()?;
    let kind = G::blank_network(start.board()).kind;
    match &choice.loaded {
        Some(net) if net.kind != kind => Err(format!(
            "--eval: the network is for {}, the {what} are {}",
            networks::describe(net.kind),
            networks::describe(kind)
        )),
        _ => Ok(choice),
    }
}

/// Why a tool that learns an evaluation has nothing to do for `variant`.
fn no_evaluation(tool: &str, variant: Variant) -> String {
    format!(
        "{tool}: {} has no evaluation to learn (breakthrough and breakthru have)",
        variant.game_name()
    )
}

fn all_cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

#[derive(Args)]
struct FeaturesArgs {
    /// The game of the data: breakthrough (any board: the files say which) or breakthru
    #[arg(long, value_name = "NAME", value_parser = Variant::named, default_value = "breakthrough")]
    variant: Variant,
    /// Data files written by `troyka datagen` (proofs with --proofs)
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Every position, not only the quiet ones (the weights for proofs are fitted to every
    /// position of a proof)
    #[arg(long)]
    all: bool,
    /// The files are Breakthrough proofs (`troyka solve --proof`): every position a proof
    /// has a line for, labelled won for the side to move where it is the proof's winner
    #[arg(long, conflicts_with = "variant")]
    proofs: bool,
}

impl FeaturesArgs {
    fn run(self) -> Result<(), String> {
        let (files, all) = (&self.files, self.all);
        if self.proofs {
            let positions = breakthrough::proof::scored_positions(files);
            return datagen::print_labelled_features(positions, all);
        }
        match self.variant {
            Variant::Breakthrough(_) => datagen::print_features::<Breakthrough>(files, all),
            Variant::Breakthru => datagen::print_features::<BreakthruGame>(files, all),
            Variant::Relay => Err(no_evaluation("features", Variant::Relay)),
        }
    }
}

#[derive(Args)]
#[command(args_override_self = true, allow_negative_numbers = true)]
struct TrainArgs {
    /// The game of the data: breakthrough (any board: the files say which) or breakthru
    #[arg(long, value_name = "NAME", value_parser = Variant::named, default_value = "breakthrough")]
    variant: Variant,
    /// The net file to write
    #[arg(long, value_name = "NET")]
    out: PathBuf,
    /// Passes over the data
    #[arg(long, value_name = "N", default_value_t = train_defaults().epochs)]
    epochs: usize,
    /// Positions per mini-batch
    #[arg(long, value_name = "N", default_value_t = train_defaults().batch,
          value_parser = usize_in(1..))]
    batch: usize,
    /// Adam's learning rate at the start
    #[arg(long, value_name = "F", default_value_t = train_defaults().rate,
          value_parser = real::<f32>(0.0, f64::INFINITY))]
    rate: f32,
    /// The rate at the end of the cosine decay, as a fraction of --rate
    #[arg(long, value_name = "F", default_value_t = train_defaults().final_rate,
          value_parser = real::<f32>(0.0, f64::INFINITY))]
    final_rate: f32,
    /// Weight of the search score against the game's result in the target
    #[arg(long, value_name = "F", default_value_t = train_defaults().lambda,
          value_parser = real::<f32>(0.0, 1.0))]
    lambda: f32,
    /// Centipawns per logit [default: fitted to the data]
    #[arg(long, value_name = "CP", value_parser = real::<f32>(1.0, f64::INFINITY))]
    k: Option<f32>,
    /// Seeds the weights, the shuffling and the held-out positions
    #[arg(long, value_name = "S", default_value_t = train_defaults().seed)]
    seed: u64,
    /// Training threads [default: all cores]
    #[arg(long, value_name = "N", value_parser = usize_in(1..=256))]
    threads: Option<usize>,
    /// Positions held out for the validation loss, per thousand
    #[arg(long, value_name = "PERMILLE", default_value_t = train_defaults().validation_permille,
          value_parser = clap::value_parser!(u64).range(0..=1000))]
    validation: u64,
    /// Whether positions whose best move was a capture are trained on
    #[arg(long, value_enum, default_value_t = Captures::Skip)]
    captures: Captures,
    /// Whether the net's output is added to the linear evaluation, rather than the whole
    /// evaluation
    #[arg(long, value_enum, default_value_t = YesNo::No)]
    residual: YesNo,
    /// A net to start from instead of random weights
    #[arg(long, value_name = "NET")]
    init: Option<PathBuf>,
    /// Data files written by `troyka datagen`
    #[arg(required = true, value_name = "DATA")]
    data: Vec<PathBuf>,
}

fn train_defaults() -> train::TrainSettings {
    train::TrainSettings::new(Vec::new(), PathBuf::new())
}

#[derive(Clone, Copy, ValueEnum)]
enum Captures {
    Skip,
    Keep,
}

#[derive(Clone, Copy, ValueEnum)]
enum YesNo {
    Yes,
    No,
}

impl TrainArgs {
    fn run(self) -> Result<(), String> {
        let mut settings = train::TrainSettings::new(self.data, self.out);
        settings.epochs = self.epochs;
        settings.batch = self.batch;
        settings.rate = self.rate;
        settings.final_rate = self.final_rate;
        settings.lambda = self.lambda;
        settings.k = self.k;
        settings.seed = self.seed;
        settings.threads = self.threads.unwrap_or_else(all_cores);
        settings.validation_permille = self.validation;
        settings.keep_captures = matches!(self.captures, Captures::Keep);
        settings.residual = matches!(self.residual, YesNo::Yes);
        settings.init = self.init;
        let log = &mut |line: &str| eprintln!("{line}");
        match self.variant {
            Variant::Breakthrough(_) => train::train::<Breakthrough>(&settings, log),
            Variant::Breakthru => train::train::<BreakthruGame>(&settings, log),
            Variant::Relay => Err(no_evaluation("train", Variant::Relay)),
        }
    }
}

#[derive(Args)]
#[command(args_override_self = true, allow_negative_numbers = true)]
struct SolveArgs {
    /// The position to solve
    #[arg(long, value_parser = Breakthrough::from_fen, conflicts_with = "size")]
    fen: Option<Breakthrough>,
    /// The start position of a board of C columns and R rows [default: 8x8]
    #[arg(long, value_name = "CxR", value_parser = BoardSize::from_str)]
    size: Option<BoardSize>,
    /// The table of proof and disproof numbers, in MiB
    #[arg(long, value_name = "MB", default_value_t = solve::Settings::default().hash_megabytes,
          value_parser = usize_in(1..=solve::MAX_HASH_MEGABYTES as u64))]
    hash: usize,
    /// Threads proving the root together
    #[arg(long, value_name = "N", default_value_t = solve::Settings::default().threads,
          value_parser = usize_in(1..=256))]
    threads: usize,
    /// Stop after this many seconds
    #[arg(long, value_name = "S", value_parser = real::<f64>(0.0, 1e9))]
    time: Option<f64>,
    /// Stop after about this many nodes
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
    /// Find every winning move at the winner's first turn, not just one
    #[arg(long)]
    all: bool,
    /// Write the proof to FILE, then check it
    #[arg(long, value_name = "FILE")]
    proof: Option<PathBuf>,
    /// Resume from FILE if it exists; save the table there every 10 minutes and at the end
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// Also write the result, numbers and the root's children as JSON to FILE (for
    /// cluster/'s jobs); an unsolved position is then not an error
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// The evaluation that orders the moves: linear (the hand-made one, with its weights
    /// fitted to proofs), builtin (the board's network where it has one, else the same
    /// hand-made one), or a net file for the board [default: linear]
    #[arg(long, value_name = "builtin|linear|NET", value_parser = EvalSpec::parse)]
    eval: Option<EvalSpec>,
}

impl SolveArgs {
    fn run(self) -> Result<(), String> {
        let game = start(self.fen, self.size);
        let settings = solve::Settings {
            hash_megabytes: self.hash,
            threads: self.threads,
            time: self.time.map(Duration::from_secs_f64),
            nodes: self.nodes,
            all: self.all,
            eval: load_eval(
                self.eval.as_ref().unwrap_or(&EvalSpec::Linear),
                &game,
                "positions",
            )?
            .for_proofs(),
            ..solve::Settings::default()
        };
        solve::solve_and_prove(game, settings, self.proof, self.checkpoint, self.json)
    }
}

#[derive(Args)]
#[command(args_override_self = true)]
struct GuiArgs {
    /// The port to listen on; 0 lets the system pick a free one [default: 8080, or a free
    /// one if it is taken]
    #[arg(long, value_name = "N")]
    port: Option<u16>,
    /// Open the page in the browser (with xdg-open)
    #[arg(long)]
    open: bool,
}

#[derive(Args)]
struct VerifyProofArgs {
    /// A proof written by `troyka solve --proof`, or a certificate
    file: PathBuf,
    /// Confirm every race pattern by brute force too, trusting nothing but the rules
    #[arg(long)]
    deep: bool,
    /// A certificate's leaves proved again at once, each by a one-thread solver with its
    /// own table: memory up to N times 1.5 times the largest table its leaves ask for
    /// (writing a leaf's proof takes half its table again)
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = usize_in(1..=256))]
    threads: usize,
}

/// A value parser for a count within `range`, which clap checks like any integer's.
fn usize_in(range: impl RangeBounds<u64>) -> RangedU64ValueParser<usize> {
    RangedU64ValueParser::new().range(range)
}

/// A value parser for a finite number from `min` to `max` (`max` may be infinite: no upper
/// bound). The text is read as `T` itself, not as `f64` narrowed afterwards, so that no
/// second rounding moves the value.
fn real<T>(min: f64, max: f64) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync
where
    T: FromStr + Into<f64> + Copy,
{
    move |text| match text.parse::<T>() {
        Ok(value) if (min..=max).contains(&value.into()) && value.into().is_finite() => Ok(value),
        _ if max.is_finite() => Err(format!("expected a number from {min} to {max}")),
        _ => Err(format!("expected a finite number of at least {min}")),
    }
}
