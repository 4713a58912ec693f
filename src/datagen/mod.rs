//! Training data: self-play games whose positions are labelled with a search score and the
//! game's result (a win for either side, or a draw), for the network trainer
//! (`troyka train`) and the linear tuner (`scripts/tune.py` through `troyka features`).
//! Any game plays them ([`Game`]); a game whose positions can be written to a data file
//! ([`TrainingData`]) has them written.
//!
//! Each game opens with a few uniformly random plies, then a few plies where a move is
//! picked at random among those the search scores within a margin of the best, and is then
//! played out by the search at a fixed node budget. Every position the search scores
//! (not a proven result: the game's exact rules and short wins are the search's job, not
//! the evaluation's) is kept with that score, once: positions met before in the run are
//! dropped. A proven result ends the game early. Games are spread over threads; each game's
//! randomness comes from the seed and its index, so runs with different seeds are shards of
//! one data set, and output files can be appended to.

mod linear_features;
pub mod record;

pub use linear_features::{print_features, print_labelled_features};

use crate::eval::EvalChoice;
use crate::game::{Color, Game, GameMove, GameResult, Position, PositionVisitor, TrainingData};
use crate::search::{Engine, Limits, Score, Signals};
use rand_mt::Mt64;
use record::Sample;
use std::collections::HashSet;
use std::io::{BufWriter, Write};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub struct DatagenSettings<G> {
    pub games: u64,
    /// The search's node budget per move.
    pub nodes: u64,
    /// Where every game starts (and so the board of the data).
    pub start: G,
    pub threads: usize,
    pub seed: u64,
    /// Uniformly random plies played before the engine takes over.
    pub random_plies: usize,
    /// Plies after those where a move within [`margin`](Self::margin) of the best is
    /// picked at random.
    pub varied_plies: usize,
    /// Centipawns below the best score a move may be and still be picked in the varied plies.
    pub margin: i32,
    /// Seconds between progress lines on stderr (0: none).
    pub progress_every: u64,
    /// The evaluation the games are played with: the built-in networks by default; the
    /// linear evaluation, or a network from a file, to repeat an earlier generation of data.
    pub eval: EvalChoice,
}

impl<G> DatagenSettings<G> {
    pub fn new(start: G) -> DatagenSettings<G> {
        DatagenSettings {
            games: 100,
            nodes: 5000,
            start,
            threads: 1,
            seed: 1,
            random_plies: 4,
            varied_plies: 10,
            margin: 30,
            progress_every: 10,
            eval: EvalChoice::default(),
        }
    }
}

/// What a run did, for the progress line and the caller.
#[derive(Default)]
struct Tally {
    games: AtomicU64,
    white_wins: AtomicU64,
    draws: AtomicU64,
    positions: AtomicU64,
    duplicates: AtomicU64,
}

/// `troyka datagen`: plays the games and appends their positions to the data file at
/// `path` (created with its header if missing; one of another game or board is refused).
pub fn generate_into<G: TrainingData>(
    settings: &DatagenSettings<G>,
    path: &Path,
) -> Result<(), String> {
    let board = settings.start.board();
    let mut file = BufWriter::new(record::open_for_append::<G>(path, board)?);
    generate(settings, &mut file).map_err(|e| format!("{}: {e}", path.display()))
}

/// Plays the games and appends their labelled positions to `out` (records of
/// [`record`]'s format; the caller writes the header).
pub fn generate<G: TrainingData>(
    settings: &DatagenSettings<G>,
    out: &mut (dyn Write + Send),
) -> std::io::Result<()> {
    let next_game = AtomicU64::new(0);
    let out = Mutex::new(out);
    let seen = Mutex::new(HashSet::new());
    let tally = Tally::default();
    let started = Instant::now();
    let last_progress = Mutex::new(started);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..settings.threads.max(1))
            .map(|_| {
                std::thread::Builder::new()
                    // The search recurses deeply; the default 2 MiB stack is not enough.
                    .stack_size(32 << 20)
                    .spawn_scoped(scope, || -> std::io::Result<()> {
                        let mut engine = Engine::new(16, 1);
                        engine.eval = settings.eval.clone();
                        let mut bytes = Vec::new();
                        loop {
                            let index = next_game.fetch_add(1, Ordering::Relaxed);
                            if index >= settings.games {
                                return Ok(());
                            }
                            let mut rng = Mt64::new(game_seed(settings.seed, index));
                            let (samples, result) = play_game(settings, &mut engine, &mut rng);
                            bytes.clear();
                            let mut kept = 0;
                            {
                                let mut seen = seen.lock().unwrap_or_else(|e| e.into_inner());
                                for sample in &samples {
                                    if seen.insert(sample.game.hash()) {
                                        record::encode(sample, &mut bytes);
                                        kept += 1;
                                    }
                                }
                            }
                            out.lock()
                                .unwrap_or_else(|e| e.into_inner())
                                .write_all(&bytes)?;
                            tally.games.fetch_add(1, Ordering::Relaxed);
                            let counter = match result {
                                GameResult::Win(Color::White) => Some(&tally.white_wins),
                                GameResult::Win(Color::Black) => None,
                                GameResult::Draw => Some(&tally.draws),
                            };
                            if let Some(counter) = counter {
                                counter.fetch_add(1, Ordering::Relaxed);
                            }
                            tally.positions.fetch_add(kept, Ordering::Relaxed);
                            tally
                                .duplicates
                                .fetch_add(samples.len() as u64 - kept, Ordering::Relaxed);
                            report_progress(settings, &tally, started, &last_progress);
                        }
                    })
            })
            .collect::<std::io::Result<_>>()?;
        workers
            .into_iter()
            .try_for_each(|w| w.join().unwrap_or(Ok(())))
    })?;
    if settings.progress_every > 0 {
        eprintln!("{}", progress_line(settings, &tally, started));
    }
    let out = out.into_inner().unwrap_or_else(|e| e.into_inner());
    out.flush()
}

/// The seed of game `index` of a run: distinct for every (seed, index) pair in practice.
fn game_seed(seed: u64, index: u64) -> u64 {
    seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ index.wrapping_mul(0xc2b2_ae3d_27d4_eb4f)
}

fn report_progress<G: TrainingData>(
    settings: &DatagenSettings<G>,
    tally: &Tally,
    started: Instant,
    last: &Mutex<Instant>,
) {
    if settings.progress_every == 0 {
        return;
    }
    let mut last = last.lock().unwrap_or_else(|e| e.into_inner());
    if last.elapsed() >= Duration::from_secs(settings.progress_every) {
        *last = Instant::now();
        eprintln!("{}", progress_line(settings, tally, started));
    }
}

fn progress_line<G: TrainingData>(
    settings: &DatagenSettings<G>,
    tally: &Tally,
    started: Instant,
) -> String {
    let games = tally.games.load(Ordering::Relaxed);
    let positions = tally.positions.load(Ordering::Relaxed);
    let seconds = started.elapsed().as_secs_f64().max(1e-3);
    let left = settings.games.saturating_sub(games) as f64 * seconds / games.max(1) as f64;
    let percent =
        |count: &AtomicU64| 100.0 * count.load(Ordering::Relaxed) as f64 / games.max(1) as f64;
    // Only a game that has drawn says so: most never can.
    let drawn = match tally.draws.load(Ordering::Relaxed) {
        0 => String::new(),
        _ => format!(", drawn {:.1}%", percent(&tally.draws)),
    };
    format!(
        "datagen {}: {games}/{} games, {positions} positions ({} duplicates dropped), \
         {:.0} positions/s, {} won {:.1}%{drawn}, {:.0} s elapsed, ~{:.0} s left",
        settings.start.board(),
        settings.games,
        tally.duplicates.load(Ordering::Relaxed),
        positions as f64 / seconds,
        G::side_name(Color::White),
        percent(&tally.white_wins),
        seconds,
        left,
    )
}

/// One game: its scored positions and its result.
fn play_game<G: Game>(
    settings: &DatagenSettings<G>,
    engine: &mut Engine,
    rng: &mut Mt64,
) -> (Vec<Sample<G>>, GameResult) {
    engine.clear();
    let mut game = settings.start.clone();
    let mut scored: Vec<(G, i16, bool)> = Vec::new();
    let mut ply = 0;
    let result = loop {
        if let Some(result) = game.result() {
            break result;
        }
        let moves = game.legal_moves();
        if ply < settings.random_plies {
            game = game.play(moves[(rng.next_u64() % moves.len() as u64) as usize]);
            ply += 1;
            continue;
        }
        let varied = ply < settings.random_plies + settings.varied_plies;
        let (best, score, near_best) = search(engine, &game, settings, varied);
        match score {
            Score::Centipawns(cp) => scored.push((
                game.clone(),
                cp.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
                game.visit(IsCapture(best)),
            )),
            // A proven result: the game is decided.
            Score::WinIn(_) => break GameResult::Win(game.side_to_move()),
            Score::LossIn(_) => break GameResult::Win(game.side_to_move().opponent()),
        }
        let mv = if near_best.is_empty() {
            best
        } else {
            near_best[(rng.next_u64() % near_best.len() as u64) as usize]
        };
        game = game.play(mv);
        ply += 1;
    };
    let samples = scored
        .into_iter()
        .map(|(game, score, best_captures)| Sample {
            game,
            score,
            result,
            best_captures,
        })
        .collect();
    (samples, result)
}

/// Whether a move captures, asked of the concrete position (the search's own test).
struct IsCapture<M>(M);

impl<M: GameMove> PositionVisitor<M> for IsCapture<M> {
    type Output = bool;

    fn visit<P: Position<Move = M>>(self, position: &P) -> bool {
        position.is_capture(self.0)
    }
}

/// Searches `game` at the node budget: the best move, its score, and, when `varied`, the
/// moves scored within the margin of the best (several principal variations).
fn search<G: Game>(
    engine: &mut Engine,
    game: &G,
    settings: &DatagenSettings<G>,
    varied: bool,
) -> (G::Move, Score, Vec<G::Move>) {
    let limits = Limits {
        nodes: Some(settings.nodes),
        multipv: if varied { 4 } else { 1 },
        ..Limits::default()
    };
    let mut lines: Vec<(G::Move, Score)> = Vec::new();
    let result = engine.search(game, &limits, &Signals::default(), &mut |report| {
        if let (Some(&mv), true) = (report.pv.first(), varied) {
            let index = report.multipv - 1;
            lines.truncate(index);
            lines.push((mv, report.score));
        }
    });
    let cp = |score: Score| match score {
        Score::Centipawns(cp) => Some(cp),
        _ => None,
    };
    let near_best = match cp(result.score) {
        Some(best) => lines
            .iter()
            .filter(|(_, score)| cp(*score).is_some_and(|cp| cp >= best - settings.margin))
            .map(|&(mv, _)| mv)
            .collect(),
        None => Vec::new(),
    };
    (result.best, result.score, near_best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::breakthrough::Breakthrough;
    use crate::games::relay::Relay;

    fn run<G: TrainingData>(settings: &DatagenSettings<G>) -> record::DataFile<G> {
        let mut out = Vec::new();
        generate(settings, &mut out).unwrap();
        let mut bytes = record::header::<G>(settings.start.board()).to_vec();
        bytes.extend(out);
        record::DataFile::from_bytes(bytes).unwrap()
    }

    fn settings() -> DatagenSettings<Breakthrough> {
        DatagenSettings {
            games: 6,
            nodes: 400,
            threads: 2,
            seed: 5,
            progress_every: 0,
            ..DatagenSettings::new(Breakthrough::start("6x6".parse().unwrap()))
        }
    }

    #[test]
    fn positions_are_distinct_scored_and_labelled_with_the_result() {
        let data = run(&settings());
        assert!(data.len() > 20, "{} positions", data.len());
        let samples: Vec<Sample<Breakthrough>> = data.samples().collect();
        let keys: HashSet<u64> = samples.iter().map(|s| s.game.hash()).collect();
        assert_eq!(keys.len(), samples.len(), "duplicates kept");
        for sample in &samples {
            assert!(sample.game.winner().is_none());
            // Proven results are not kept: a score beyond any evaluation would be one.
            assert!(sample.score.abs() < 20_000, "{}", sample.score);
        }
    }

    #[test]
    fn a_game_is_a_line_of_play_labelled_with_its_winner() {
        let settings = settings();
        let mut engine = Engine::new(1, 1);
        let mut winners = HashSet::new();
        // Enough games that both sides win some: 6x6 favours white (about 64 % in
        // self-play), so a handful of games may all go one way.
        for seed in 0..24 {
            let (samples, result) = play_game(&settings, &mut engine, &mut Mt64::new(seed));
            winners.insert(result);
            assert!(samples.iter().all(|s| s.result == result));
            // The first scored position follows the random plies; each next one follows
            // from the one before by a legal move.
            let pieces = |game: &Breakthrough| {
                game.piece_count(Color::White) + game.piece_count(Color::Black)
            };
            assert!(samples.first().is_none_or(|s| pieces(&s.game) >= 24 - 2));
            for pair in samples.windows(2) {
                let (before, after) = (&pair[0].game, &pair[1].game);
                assert!(
                    before
                        .legal_moves()
                        .iter()
                        .any(|&mv| before.play(mv) == *after),
                    "{} -> {}",
                    before.to_fen(),
                    after.to_fen()
                );
            }
        }
        assert_eq!(winners.len(), 2, "both sides win some games");
    }

    #[test]
    fn a_seed_gives_the_same_data_and_another_seed_other_data() {
        let one_thread = |seed| {
            let settings = DatagenSettings {
                threads: 1,
                seed,
                ..settings()
            };
            run(&settings).samples().collect::<Vec<_>>()
        };
        assert_eq!(one_thread(5), one_thread(5));
        assert_ne!(one_thread(5), one_thread(6));
    }

    /// Relay, a game with draws and turns of two plies, generates data through the same
    /// code: its drawn games are labelled as draws, its won games with the winner.
    #[test]
    fn a_game_that_draws_is_labelled_with_its_draws() {
        let relay = |stones, turn_limit, games| DatagenSettings {
            games,
            nodes: 300,
            seed: 3,
            random_plies: 2,
            varied_plies: 2,
            progress_every: 0,
            ..DatagenSettings::new(Relay::new(stones, turn_limit))
        };
        // Two turns take at most four stones: twelve are never all taken in three turns.
        let drawn = run(&relay(12, 3, 4));
        assert!(!drawn.is_empty());
        for sample in drawn.samples() {
            assert_eq!(sample.result, GameResult::Draw);
            assert_eq!(sample.mover_half_points(), 1);
            assert_eq!(sample.game.turn_limit, 3);
        }
        // With turns to spare, someone takes the last stone.
        let settings = relay(30, 40, 6);
        let mut engine = Engine::new(1, 1);
        for seed in 0..6 {
            let (samples, result) = play_game(&settings, &mut engine, &mut Mt64::new(seed));
            assert!(matches!(result, GameResult::Win(_)), "{result:?}");
            assert!(samples.iter().all(|s| s.result == result));
        }
        let won = run(&settings);
        let positions: Vec<_> = won.samples().map(|s| s.game).collect();
        assert!(!positions.is_empty());
        assert!(positions
            .iter()
            .all(|p| p.stones < 30 && p.winner.is_none()));
        // Positions in the middle of a turn are kept too, with their ply.
        assert!(positions.iter().any(|p| p.second_ply));
    }
}
