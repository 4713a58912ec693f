//! The CECP session's searches: the engine thinking about its move (and playing it),
//! pondering on the reply it expects, and analysing; and how a search the GUI no longer
//! wants is aborted.

use super::format;
use super::session::{Kind, Search, Session};
use crate::game::Game;
use crate::protocol::search_thread::{Finished, Job, ProgressLine};
use crate::protocol::turns::first_turn;
use crate::search::Limits;
use std::sync::atomic::Ordering;
use std::sync::PoisonError;
use std::time::Instant;

impl<G: Game> Session<G> {
    /// Starts the engine's search for its move, or claims the result if the game is over.
    pub(super) fn think(&mut self) {
        let game = self.history.current();
        if self.claim_if_over(&game) {
            return;
        }
        let moves_made = self.history.moves_made(game.side_to_move());
        let limits = self
            .time
            .limits(moves_made, self.depth, self.host.move_overhead);
        self.start(Kind::Think, game, limits);
    }

    /// Ponders on the turn the engine expects, if it expects one here.
    pub(super) fn start_pondering(&mut self) {
        let game = self.history.current();
        let Some(reply) = self.expected_here(&game) else {
            return;
        };
        let after = game.play_all(&reply);
        if after.result().is_some() {
            return;
        }
        // The thinking output leaves out the expected reply, which CECP allows once it has
        // been given as the hint.
        if self.post.load(Ordering::SeqCst) {
            self.out
                .send(&format!("Hint: {}", format::turn_name(&game, &reply)));
        }
        self.start(Kind::Ponder, after, Limits::default());
    }

    pub(super) fn analyze(&mut self) {
        let game = self.history.current();
        if game.result().is_some() {
            return;
        }
        let limits = Limits {
            multipv: self.host.multipv,
            ..Limits::default()
        };
        self.start(Kind::Analysis, game, limits);
    }

    fn start(&mut self, kind: Kind, game: G, limits: Limits<G::Move>) {
        let signals = &self.host.signals;
        self.host.interrupts.arm_search(signals);
        signals.pondering.store(false, Ordering::SeqCst);
        let mate = self.mate;
        let progress: ProgressLine<G> = match kind {
            // Analysis is there to be shown, whatever `post` says.
            Kind::Analysis => {
                let analysis = self.analysis.clone();
                *analysis.lock().unwrap_or_else(PoisonError::into_inner) = None;
                Box::new(move |report, game| {
                    *analysis.lock().unwrap_or_else(PoisonError::into_inner) =
                        Some((game.clone(), report.clone()));
                    Some(format::thinking(report, game, mate))
                })
            }
            Kind::Think | Kind::Ponder => {
                let post = self.post.clone();
                Box::new(move |report, game| {
                    post.load(Ordering::Relaxed)
                        .then(|| format::thinking(report, game, mate))
                })
            }
        };
        let job = Job {
            game: game.clone(),
            limits,
            progress,
        };
        match self.host.spawn_search(job, &self.results.sender) {
            Ok(()) => {
                self.search = Some(Search {
                    kind,
                    started: Instant::now(),
                })
            }
            Err(error) => {
                self.out.send(&format!(
                    "tellusererror Troyka cannot start its search thread: {error}"
                ));
                // Still a legal move, so the game goes on.
                if kind == Kind::Think {
                    let best = first_turn(&game);
                    self.play(Finished {
                        game,
                        best,
                        ponder: None,
                        closing: None,
                    });
                }
            }
        }
    }

    /// Plays the engine's move: the last thinking line when needed, `move`, the result if
    /// the move ends the game, then the `pong`s that waited for it; then ponders.
    pub(super) fn play(&mut self, finished: Finished<G>) {
        let game = finished.game;
        if let Some(closing) = &finished.closing {
            if self.post.load(Ordering::SeqCst) {
                self.out.send(&format::thinking(closing, &game, self.mate));
            }
        }
        self.out.send(&format!(
            "move {}",
            format::turn_name(&game, &finished.best)
        ));
        let after = game.play_all(&finished.best);
        self.history.push(after.clone());
        let over = self.claim_if_over(&after);
        self.answer_pings();
        self.expected = finished.ponder.map(|reply| (after, reply));
        if !over && self.ponder {
            self.start_pondering();
        }
    }

    fn answer_pings(&mut self) {
        for number in std::mem::take(&mut self.pongs) {
            self.out.send(&format!("pong {number}"));
        }
    }

    /// Stops the running search and drops its result, waiting for it to end: only one
    /// search may use the engine, and the stop flag must not be cleared for the next one
    /// before this one has seen it.
    pub(super) fn abort(&mut self) {
        if self.search.take().is_some() {
            self.host.signals.stop.store(true, Ordering::SeqCst);
            // Cannot fail: the session holds a sender itself.
            let _ = self.results.receiver.recv();
        }
        self.answer_pings();
    }
}
