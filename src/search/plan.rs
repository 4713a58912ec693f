//! Planning a turn too large to search ply by ply ([`Game::plans_turn`]: Breakthru's setup,
//! where gold places twelve escorts in one turn, 2.7 M ways, and silver twenty ships, 5.4e20
//! ways). The turn is chosen by local search over whole turns: start from the game's
//! suggestion ([`Game::planned_turn_start`]), try a small change ([`Game::changed_turn`]),
//! keep it when it scores better, until the time or the `go`'s limits run out.
//!
//! A whole turn is scored by a short search of the position it leads to, from the planner's
//! side. When that position is again one to plan (silver's setup after gold's), the other
//! side's answer is not known yet: the turn is scored against the game's suggestion for it
//! and a few random answers, the worst of the four; the other side, when its turn comes,
//! plans against the turn actually played.
//!
//! Progress is reported as the search's is: one report per round of changes (each round
//! longer than the last), its depth the round, its line the best turn so far.

use super::{Engine, Limits, Report, Score, ScoreBound, SearchResult, Signals, TimeManager, MATE};
use crate::game::{Color, Game, GameMove, GameResult};
use rand_mt::Mt64;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// How a planned turn is chosen: the `Setup` option.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Planning {
    /// By local search, as above: what wins.
    #[default]
    Search,
    /// A legal turn drawn at random (a long random walk of changes from the game's
    /// suggestion), for variety and as the yardstick that planning is measured against.
    Random,
    /// The game's suggestion as it is (Breakthru's reference start).
    Standard,
}

impl Planning {
    /// The option's values, in this order.
    pub const NAMES: [&'static str; 3] = ["search", "random", "standard"];

    pub fn from_name(name: &str) -> Option<Planning> {
        let index = Planning::NAMES
            .iter()
            .position(|known| known.eq_ignore_ascii_case(name))?;
        Some([Planning::Search, Planning::Random, Planning::Standard][index])
    }
}

/// Changes in the random walk of [`Planning::Random`] and of the random answers: enough for
/// every piece of a twenty-piece turn to have moved several times.
const RANDOM_WALK: usize = 200;
/// The random answers a turn is scored against when the other side plans its answer next.
const RANDOM_ANSWERS: u64 = 3;

/// Changes tried in the first round; each round tries as many more, so that a long plan
/// reports some dozens of times, not thousands.
const CHANGES_PER_ROUND: u32 = 8;
/// How deep, in plies, and how many nodes at most, the search that scores a turn looks: a
/// few milliseconds, so that a tenth of a second tries a few dozen turns.
const SCORE_DEPTH: u32 = 3;
const SCORE_NODES: u64 = 4_000;
/// Kept back from the hard limit to send the reply.
const RESERVE: Duration = Duration::from_millis(5);
/// A round in which the soft limit has passed is the last (as an iteration of the search
/// is); the planner's rounds are short, so no margin for stability is needed.
const SETTLED: f64 = 1.0;

/// Plans the turn of `game` (which [`Game::plans_turn`]) within `limits`, reporting each
/// round. `limits.depth` counts rounds, `limits.nodes` the nodes of the scoring searches;
/// `searchmoves`, `mate` and MultiPV do not apply to a planned turn.
pub fn plan<G: Game>(
    engine: &mut Engine,
    game: &G,
    limits: &Limits<G::Move>,
    signals: &Signals,
    report: &mut dyn FnMut(&Report<G::Move>),
) -> SearchResult<G::Move> {
    let start = Instant::now();
    let mut best = game.planned_turn_start();
    match engine.planning {
        Planning::Search => {}
        Planning::Standard => return unplanned(best, start, report),
        Planning::Random => {
            // Seeded from the clock: each game gets another turn.
            let seed = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |since| since.as_nanos() as u64);
            let random = random_turn(game, &best, &mut Mt64::new(seed ^ game.hash()));
            return unplanned(random, start, report);
        }
    }
    let mut time = TimeManager::new(limits, start);
    let mut pondering = signals.pondering.load(Ordering::Relaxed);
    let mut rng = Mt64::new(game.hash());
    let mut nodes = 0;
    let time_left =
        |time: &TimeManager, pondering: bool| (!pondering).then(|| time.time_left()).flatten();
    let mut best_score = score_turn(engine, game, &best, time_left(&time, pondering), &mut nodes);
    let mut round = 0;
    let mut longest = Duration::ZERO;
    let mut reported_nodes = None;
    loop {
        if pondering && !signals.pondering.load(Ordering::Relaxed) {
            time.restart(Instant::now());
            pondering = false;
        }
        let mut out_of_time = !pondering && time.past_soft_limit(SETTLED);
        let done = limits.depth.is_some_and(|depth| round >= depth)
            || limits.nodes.is_some_and(|limit| nodes >= limit);
        if round > 0 && (signals.stopped() || out_of_time || done) {
            break;
        }
        round += 1;
        for _ in 0..CHANGES_PER_ROUND * round {
            // A change is scored only when it has time to finish: the longest scoring so far,
            // twice over, must fit before the hard limit.
            let left = time_left(&time, pondering);
            if signals.stopped() || left.is_some_and(|left| left < longest * 2 + RESERVE) {
                out_of_time = true;
                break;
            }
            if limits.nodes.is_some_and(|limit| nodes >= limit) {
                break;
            }
            let changed = game.changed_turn(&best, rng.next_u64());
            let scoring = Instant::now();
            let score = score_turn(engine, game, &changed, left, &mut nodes);
            longest = longest.max(scoring.elapsed());
            if score > best_score {
                (best, best_score) = (changed, score);
            }
        }
        report(&progress(round, best_score, nodes, start, &best));
        reported_nodes = Some(nodes);
        if signals.stopped() || out_of_time {
            break;
        }
    }
    if reported_nodes != Some(nodes) {
        report(&progress(round, best_score, nodes, start, &best));
    }
    SearchResult {
        best: best.first().copied().unwrap_or(G::Move::NULL),
        ponder: best.get(1).copied(),
        score: Score::from_internal(best_score),
        bound: ScoreBound::Exact,
        depth: round,
        nodes,
        elapsed: start.elapsed(),
    }
}

/// A turn played as it is, without a score: reported once.
fn unplanned<M: GameMove>(
    turn: Vec<M>,
    start: Instant,
    report: &mut dyn FnMut(&Report<M>),
) -> SearchResult<M> {
    report(&progress(0, 0, 0, start, &turn));
    SearchResult {
        best: turn.first().copied().unwrap_or(M::NULL),
        ponder: turn.get(1).copied(),
        score: Score::Centipawns(0),
        bound: ScoreBound::Exact,
        depth: 0,
        nodes: 0,
        elapsed: start.elapsed(),
    }
}

/// The score of `turn` for the side playing it: a short search of where it leads. When the
/// other side has a turn to plan next (silver's setup after gold's), its answer is not
/// known: the score is the worst over answers, the other side's suggestion and
/// [`RANDOM_ANSWERS`] random turns (a mean would reward a turn that crushes weak random
/// answers, and a mean of a mate and centipawns is no score at all). The searches end when
/// `time_left` has passed at the latest (what they found by then is the score).
fn score_turn<G: Game>(
    engine: &mut Engine,
    game: &G,
    turn: &[G::Move],
    time_left: Option<Duration>,
    nodes: &mut u64,
) -> i32 {
    let after = game.play_all(turn);
    if !(after.plans_turn() && after.side_to_move() != game.side_to_move()) {
        return score_position(engine, game.side_to_move(), &after, time_left, nodes);
    }
    let suggestion = after.planned_turn_start();
    let mut worst = score_position(
        engine,
        game.side_to_move(),
        &after.play_all(&suggestion),
        time_left,
        nodes,
    );
    for answer in 0..RANDOM_ANSWERS {
        // The same answers for every turn scored, so that turns are compared alike.
        let random = random_turn(&after, &suggestion, &mut Mt64::new(answer));
        let reached = after.play_all(&random);
        let score = score_position(engine, game.side_to_move(), &reached, time_left, nodes);
        worst = worst.min(score);
    }
    worst
}

/// A turn drawn at random for `game`: a random walk of changes from `turn`.
fn random_turn<G: Game>(game: &G, turn: &[G::Move], rng: &mut Mt64) -> Vec<G::Move> {
    (0..RANDOM_WALK).fold(turn.to_vec(), |turn, _| {
        game.changed_turn(&turn, rng.next_u64())
    })
}

/// The score of `position` for `side`: its result if the game is over, else a short search.
fn score_position<G: Game>(
    engine: &mut Engine,
    side: Color,
    position: &G,
    time_left: Option<Duration>,
    nodes: &mut u64,
) -> i32 {
    let sign = if position.side_to_move() == side {
        1
    } else {
        -1
    };
    if let Some(outcome) = position.result() {
        return match outcome {
            GameResult::Win(winner) if winner == side => MATE,
            GameResult::Win(_) => -MATE,
            GameResult::Draw => 0,
        };
    }
    let limits = Limits {
        depth: Some(SCORE_DEPTH),
        nodes: Some(SCORE_NODES),
        movetime: time_left,
        move_overhead: Duration::ZERO,
        ..Limits::default()
    };
    let result = engine.search(position, &limits, &Signals::default(), &mut |_| {});
    *nodes += result.nodes;
    sign * internal(result.score)
}

/// A reported score back on the search's scale.
fn internal(score: Score) -> i32 {
    match score {
        Score::Centipawns(centipawns) => centipawns,
        Score::WinIn(plies) => MATE - plies as i32,
        Score::LossIn(plies) => plies as i32 - MATE,
    }
}

fn progress<M: Copy>(round: u32, score: i32, nodes: u64, start: Instant, turn: &[M]) -> Report<M> {
    Report {
        depth: round,
        seldepth: round,
        multipv: 1,
        score: Score::from_internal(score),
        bound: ScoreBound::Exact,
        nodes,
        elapsed: start.elapsed(),
        hashfull: 0,
        pv: turn.to_vec(),
    }
}
