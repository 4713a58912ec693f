//! Time management: turns the `go` limits into a soft limit (do not start another iteration
//! past it) and a hard limit (abort the search), both measured from the moment the search
//! starts or, for a ponder search, from `ponderhit`. A fixed time per move (`movetime`,
//! CECP's `st`) has only the hard limit: the user asked for that time, so the search spends
//! it rather than guess that another iteration would not finish.

use super::Limits;
use std::time::{Duration, Instant};

/// Moves we expect still to play when the GUI does not say (`movestogo`); Breakthrough games
/// between strong players last some 30 to 60 moves a side. Breakthru's self-play games at
/// 50 ms a turn last 5 to 25 turns a side, so the same guess serves: a move here is always a
/// whole turn (one search finds both slides of a Breakthru turn, and the clock and
/// `movestogo` count turns), never a ply.
const EXPECTED_MOVES_TO_GO: u32 = 24;

/// Kept back from a `go movetime` budget to send the reply. The budget is otherwise spent
/// whole (only a proven result ends the search sooner), as Stockfish does: `Move Overhead`
/// is for clock games, where lag accumulates.
const MOVETIME_RESERVE: Duration = Duration::from_millis(3);

#[derive(Clone, Debug)]
pub struct TimeManager {
    start: Instant,
    /// Past this, no new iteration starts (scaled by the stability of the best move).
    soft: Option<Duration>,
    /// Past this, the search stops at once.
    hard: Option<Duration>,
}

impl TimeManager {
    pub fn new<M>(limits: &Limits<M>, start: Instant) -> TimeManager {
        let overhead = limits.move_overhead;
        if let Some(movetime) = limits.movetime {
            let budget = movetime.saturating_sub(MOVETIME_RESERVE).max(movetime / 2);
            return TimeManager {
                start,
                soft: None,
                hard: Some(budget),
            };
        }
        let Some(clock) = limits.clock else {
            return TimeManager {
                start,
                soft: None,
                hard: None,
            };
        };
        let moves_to_go = clock
            .moves_to_go
            .unwrap_or(EXPECTED_MOVES_TO_GO)
            .clamp(1, 50);
        // What may be spent: the clock less one overhead per move still to come, so that
        // short games with lag never run out.
        // Saturating: clocks and increments may be as large as a `Duration` holds.
        let reserve = overhead
            .saturating_mul(moves_to_go.min(10))
            .saturating_add(Duration::from_millis(5));
        let usable = clock.remaining.saturating_sub(reserve);
        let soft = (usable / moves_to_go).saturating_add(clock.increment / 4 * 3);
        let soft = soft.min(usable / 2);
        let hard = soft.saturating_mul(4).min(usable / 5 * 2).max(soft);
        let floor = Duration::from_millis(1);
        TimeManager {
            start,
            soft: Some(soft.max(floor)),
            hard: Some(hard.max(floor)),
        }
    }

    /// Restarts the clock (on `ponderhit`: the opponent's thinking time was not ours).
    pub fn restart(&mut self, now: Instant) {
        self.start = now;
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    pub fn past_hard_limit(&self) -> bool {
        self.hard.is_some_and(|hard| self.elapsed() >= hard)
    }

    /// The time left before the hard limit, if there is one.
    pub fn time_left(&self) -> Option<Duration> {
        self.hard.map(|hard| hard.saturating_sub(self.elapsed()))
    }

    /// Whether to stop before the next iteration. `instability` is 1.0 for a settled best
    /// move and grows when the best move changes or the score drops.
    pub fn past_soft_limit(&self, instability: f64) -> bool {
        self.soft
            .is_some_and(|soft| self.elapsed().as_secs_f64() >= soft.as_secs_f64() * instability)
    }

    /// Whether time limits apply at all (not `infinite`, `depth`-only, …).
    pub fn is_timed(&self) -> bool {
        self.hard.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Clock;

    fn limits_with_clock(ms: u64, inc: u64) -> Limits<u16> {
        Limits {
            clock: Some(Clock {
                remaining: Duration::from_millis(ms),
                increment: Duration::from_millis(inc),
                moves_to_go: None,
            }),
            ..Limits::default()
        }
    }

    #[test]
    fn clocks_leave_a_reserve() {
        let now = Instant::now();
        for (ms, inc) in [(1000, 10), (50, 10), (10, 0), (0, 0), (120_000, 1000)] {
            let tm = TimeManager::new(&limits_with_clock(ms, inc), now);
            let hard = tm.hard.unwrap();
            assert!(
                hard <= Duration::from_millis(ms).max(Duration::from_millis(1)),
                "{ms}+{inc}"
            );
            assert!(tm.soft.unwrap() <= hard);
        }
    }

    #[test]
    fn the_largest_clocks_do_not_overflow() {
        let huge: Limits<u16> = Limits {
            clock: Some(Clock {
                remaining: Duration::MAX,
                increment: Duration::MAX,
                moves_to_go: Some(1),
            }),
            move_overhead: Duration::MAX,
            ..Limits::default()
        };
        let tm = TimeManager::new(&huge, Instant::now());
        assert!(tm.soft.unwrap() <= tm.hard.unwrap());
        let mut no_reserve = huge.clone();
        no_reserve.move_overhead = Duration::ZERO;
        TimeManager::new(&no_reserve, Instant::now());
    }

    #[test]
    fn movetime_is_spent_but_for_the_reply() {
        let limits: Limits<u16> = Limits {
            movetime: Some(Duration::from_millis(1000)),
            ..Limits::default()
        };
        let tm = TimeManager::new(&limits, Instant::now());
        assert_eq!(tm.hard, Some(Duration::from_millis(997)));
        // No iteration is skipped for fear it would not finish.
        assert_eq!(tm.soft, None);
        assert!(!tm.past_soft_limit(0.4));
        let short: Limits<u16> = Limits {
            movetime: Some(Duration::from_millis(4)),
            ..Limits::default()
        };
        let tm = TimeManager::new(&short, Instant::now());
        assert_eq!(tm.hard, Some(Duration::from_millis(2)));
        let untimed = TimeManager::new(&Limits::<u16>::default(), Instant::now());
        assert!(!untimed.is_timed());
    }
}
