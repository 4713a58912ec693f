//! CECP's time controls (`level`, `st`, and the engine's clock from `time`) turned into the
//! limits of the engine's next search.

use super::parser::Level;
use crate::search::{Clock, Limits};
use std::time::Duration;

/// XBoard's own default: 40 moves in 5 minutes, used until the GUI says otherwise.
const DEFAULT_LEVEL: Level = Level {
    moves: 40,
    base: Duration::from_secs(300),
    increment: Duration::ZERO,
};

#[derive(Clone, Debug, PartialEq)]
pub struct TimeControl {
    level: Level,
    /// `st`: exactly this long per move (it replaces `level` until the next `level`).
    per_move: Option<Duration>,
    /// The engine's clock as last told by `time`; the level's base time until then.
    own: Option<Duration>,
}

impl Default for TimeControl {
    fn default() -> TimeControl {
        TimeControl {
            level: DEFAULT_LEVEL,
            per_move: None,
            own: None,
        }
    }
}

impl TimeControl {
    pub fn set_level(&mut self, level: Level) {
        self.level = level;
        self.per_move = None;
    }

    pub fn set_per_move(&mut self, time: Duration) {
        self.per_move = Some(time);
    }

    pub fn set_own_clock(&mut self, left: Duration) {
        self.own = Some(left);
    }

    /// A new game: the clock starts from the level's base time again.
    pub fn new_game(&mut self) {
        self.own = None;
    }

    /// The limits of the engine's search when it has made `moves_made` moves (turns) of the
    /// game.
    pub fn limits<M>(
        &self,
        moves_made: usize,
        depth: Option<u32>,
        overhead: Duration,
    ) -> Limits<M> {
        let moves_per_period = self.level.moves as usize;
        let clock = Clock {
            remaining: self.own.unwrap_or(self.level.base),
            increment: self.level.increment,
            moves_to_go: (moves_per_period > 0)
                .then(|| (moves_per_period - moves_made % moves_per_period) as u32),
        };
        Limits {
            depth,
            movetime: self.per_move,
            clock: self.per_move.is_none().then_some(clock),
            move_overhead: overhead,
            ..Limits::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const OVERHEAD: Duration = Duration::from_millis(30);

    #[test]
    fn conventional_controls_count_the_moves_to_the_next_period() {
        let mut tc = TimeControl::default();
        let limits = tc.limits::<()>(0, None, OVERHEAD);
        let clock = limits.clock.unwrap();
        assert_eq!(clock.remaining, Duration::from_secs(300));
        assert_eq!(clock.moves_to_go, Some(40));
        tc.set_own_clock(Duration::from_secs(12));
        let clock = tc.limits::<()>(45, Some(7), OVERHEAD).clock.unwrap();
        assert_eq!(clock.remaining, Duration::from_secs(12));
        assert_eq!(clock.moves_to_go, Some(35));
        assert_eq!(tc.limits::<()>(45, Some(7), OVERHEAD).depth, Some(7));
        tc.new_game();
        assert_eq!(
            tc.limits::<()>(0, None, OVERHEAD).clock.unwrap().remaining,
            Duration::from_secs(300)
        );
    }

    #[test]
    fn incremental_controls_have_no_moves_to_go() {
        let mut tc = TimeControl::default();
        tc.set_level(Level {
            moves: 0,
            base: Duration::from_secs(60),
            increment: Duration::from_millis(500),
        });
        let limits = tc.limits::<()>(10, None, OVERHEAD);
        let clock = limits.clock.unwrap();
        assert_eq!(clock.moves_to_go, None);
        assert_eq!(clock.increment, Duration::from_millis(500));
        assert_eq!(limits.move_overhead, OVERHEAD);
        assert_eq!(limits.movetime, None);
    }

    #[test]
    fn st_is_an_exact_time_per_move_until_the_next_level() {
        let mut tc = TimeControl::default();
        tc.set_per_move(Duration::from_secs(2));
        let limits = tc.limits::<()>(3, None, OVERHEAD);
        assert_eq!(limits.movetime, Some(Duration::from_secs(2)));
        assert_eq!(limits.clock, None);
        tc.set_level(DEFAULT_LEVEL);
        assert_eq!(tc.limits::<()>(3, None, OVERHEAD).movetime, None);
    }
}
