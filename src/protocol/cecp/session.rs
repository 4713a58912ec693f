//! The CECP session: the game as the GUI plays it (with its history, for `undo`), who the
//! engine plays, the time control, and the one search that may run — the engine thinking
//! about its move, pondering on the opponent's time, or analysing.
//!
//! Like the UCI session it never blocks on a search, so `?`, `force`, `new`, `ping` and the
//! rest are acted on while one runs. A search the GUI no longer wants (after `force`, `new`,
//! `undo`, a move during pondering or analysis, …) is aborted: the session waits the few
//! milliseconds it needs to stop and drops its result, so only one search ever uses the
//! engine. Pondering searches the reply the engine expects; when the opponent's move
//! arrives, the engine searches again under its clock, with the table the ponder search
//! filled.

use super::clock::TimeControl;
use super::format;
use super::history::History;
use super::parser::Command;
use super::Cecp;
use crate::games::breakthrough::{Breakthrough, Color, Move};
use crate::protocol::dialect::Request;
use crate::protocol::host::Host;
use crate::protocol::options::{self, Setting};
use crate::protocol::output::Output;
use crate::protocol::search_thread::{Finished, Job, Progress};
use crate::protocol::session::{self, Session as _};
use crate::search::{Limits, Report};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

/// The latest analysis line and the position it is for.
type Analysis = (Breakthrough, Report<Move>);

pub struct Session {
    host: Host,
    out: Arc<Output>,
    history: History,
    /// The variant of the game, as the GUI named it: `new` starts on its board.
    variant: String,
    mode: Mode,
    time: TimeControl,
    /// `sd`: the deepest the engine searches for a move.
    depth: Option<u32>,
    /// `post`: thinking output while thinking or pondering. Shared with the search thread,
    /// so `post` and `nopost` take effect at once.
    post: Arc<AtomicBool>,
    /// `hard`: ponder after moving.
    ponder: bool,
    search: Option<Search>,
    /// `ping`s received while the engine thinks: answered after its move.
    pongs: Vec<u64>,
    /// The reply the engine expects, in the position it is expected in: for `hint` and
    /// pondering.
    expected: Option<(Breakthrough, Move)>,
    /// The analysis' latest report and the position it is about, for `.` and `hint`.
    analysis: Arc<Mutex<Option<Analysis>>>,
}

/// Who the engine plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// Neither side: moves are only checked and played (`force`).
    Force,
    /// This side: it moves whenever this side is to move.
    Play(Color),
    /// Neither side, thinking about every position (`analyze`).
    Analyze,
}

struct Search {
    kind: Kind,
    started: Instant,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// The engine's move: it is played when the search ends.
    Think,
    /// On the opponent's time, after the expected reply; never ends in a move.
    Ponder,
    Analysis,
}

impl Session {
    pub fn new(host: Host) -> Session {
        let variant = "breakthrough".to_string();
        let board = host.board_size;
        Session {
            out: host.out.clone(),
            host,
            history: History::new(Breakthrough::start(board)),
            variant,
            mode: Mode::Play(Color::Black),
            time: TimeControl::default(),
            depth: None,
            post: Arc::new(AtomicBool::new(false)),
            ponder: false,
            search: None,
            pongs: Vec::new(),
            expected: None,
            analysis: Arc::new(Mutex::new(None)),
        }
    }
}

impl session::Session for Session {
    type Dialect = Cecp;
    type Ending = ();

    fn host(&self) -> &Host {
        &self.host
    }

    fn handle(&mut self, request: Request<Cecp>) -> ControlFlow<()> {
        let command = match request {
            Ok(command) => command,
            Err(rejected) => {
                self.out.send(&rejected.text());
                return ControlFlow::Continue(());
            }
        };
        match command {
            Command::Quit => {
                self.abort();
                return ControlFlow::Break(());
            }
            // What the GUI tells that changes nothing here: `random` (Troyka's play needs no
            // randomness to vary), a draw offer (Breakthrough has no draws: declined by
            // saying nothing, as CECP asks), names and ratings.
            Command::XBoard | Command::Random | Command::Draw | Command::Notice => {}
            Command::Feature { accepted, name } => {
                if !accepted {
                    log::warn!("the GUI rejected feature {name}");
                }
            }
            Command::Protover(_) => self.out.send(&format::features()),
            Command::New => self.new_game(),
            Command::Variant(name) => self.variant(&name),
            Command::Force | Command::Result(_) => {
                self.abort();
                self.mode = Mode::Force;
            }
            Command::Go => self.go(),
            Command::PlayOther => self.play_other(),
            Command::Level(level) => self.time.set_level(level),
            Command::St(time) => self.time.set_per_move(time),
            Command::Sd(depth) => self.depth = Some(depth),
            Command::Clock { own, left, problem } => {
                if let Some(problem) = problem {
                    self.out.send(&problem.text());
                }
                // The opponent's clock does not change how the engine spends its own.
                if own {
                    self.time.set_own_clock(left);
                }
            }
            Command::UserMove(text) => self.user_move(&text),
            Command::MoveNow => {
                if self.searching(Kind::Think) {
                    self.host.signals.stop.store(true, Ordering::SeqCst);
                }
            }
            Command::Ping(number) if self.searching(Kind::Think) => self.pongs.push(number),
            Command::Ping(number) => self.out.send(&format!("pong {number}")),
            Command::SetBoard(fen) => self.set_board(&fen),
            Command::Hint => self.hint(),
            Command::Undo => self.take_back(1, "undo"),
            Command::Remove => self.take_back(2, "remove"),
            Command::Ponder(on) => {
                self.ponder = on;
                if !on && self.searching(Kind::Ponder) {
                    self.abort();
                }
            }
            Command::Post(on) => self.post.store(on, Ordering::SeqCst),
            Command::Analyze => {
                self.abort();
                self.mode = Mode::Analyze;
                self.analyze();
            }
            Command::Exit => {
                if self.mode == Mode::Analyze {
                    self.abort();
                    self.mode = Mode::Force;
                }
            }
            Command::Status => self.status(),
            // CECP gives the total memory and cores the engine may use: the table gets the
            // memory, the search the cores, each within what its option allows.
            Command::Memory(megabytes) => {
                self.set(Setting::Hash(megabytes.clamp(1, 65536)), "memory")
            }
            Command::Cores(cores) => self.set(Setting::Threads(cores.clamp(1, 256)), "cores"),
            Command::Option { name, value } => {
                let echo = match &value {
                    Some(value) => format!("option {name}={value}"),
                    None => format!("option {name}"),
                };
                match options::read_cecp(&name, value.as_deref()) {
                    Ok(setting) => self.set(setting, &echo),
                    Err(message) => self.error(&message, &echo),
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn search_ended(&mut self, finished: Finished) {
        match self.search.take() {
            Some(Search {
                kind: Kind::Think, ..
            }) => self.play(finished),
            // Pondering and analysis end by themselves only when there is nothing more to
            // search; they never make a move.
            Some(_) => {}
            None => log::error!("a search ended that the session did not start"),
        }
    }

    fn input_closed(&mut self) {
        self.abort();
    }
}

impl Session {
    /// `Error (reason): command`.
    fn error(&self, reason: &str, command: &str) {
        self.out.send(&format!("Error ({reason}): {command}"));
    }

    fn searching(&self, kind: Kind) -> bool {
        self.search
            .as_ref()
            .is_some_and(|search| search.kind == kind)
    }

    /// The board a new game of the current variant is played on.
    fn board(&self) -> Breakthrough {
        let size = format::variant_board(&self.variant, self.host.board_size)
            .unwrap_or(self.host.board_size);
        Breakthrough::start(size)
    }

    fn new_game(&mut self) {
        self.abort();
        self.host.engine().clear();
        self.history = History::new(self.board());
        self.depth = None;
        self.time.new_game();
        self.expected = None;
        self.out.send(&format::board_description(&self.board()));
        if self.mode == Mode::Analyze {
            self.analyze();
        } else {
            self.mode = Mode::Play(Color::Black);
        }
    }

    fn variant(&mut self, name: &str) {
        if format::variant_board(name, self.host.board_size).is_none() {
            return self.error(
                &format!(
                    "unknown variant; Troyka plays {}, and CxR+0_breakthrough on any board \
                     from 2x4 to 16x16",
                    options::VARIANT_NAMES.join(", ")
                ),
                &format!("variant {name}"),
            );
        }
        self.abort();
        self.variant = name.to_string();
        self.history = History::new(self.board());
        self.expected = None;
        self.out.send(&format::board_description(&self.board()));
        if self.mode == Mode::Analyze {
            self.analyze();
        }
    }

    fn set_board(&mut self, fen: &str) {
        match Breakthrough::from_fen(fen) {
            Ok(game) => {
                self.abort();
                self.history = History::new(game);
                self.expected = None;
                if self.mode == Mode::Analyze {
                    self.analyze();
                }
            }
            Err(message) => self.error(
                &format!("bad position string: {message}"),
                &format!("setboard {fen}"),
            ),
        }
    }

    fn go(&mut self) {
        self.abort();
        self.mode = Mode::Play(self.history.current().side_to_move());
        self.think();
    }

    fn play_other(&mut self) {
        self.abort();
        let game = self.history.current();
        self.mode = Mode::Play(game.side_to_move().opponent());
        if !self.claim_if_over(&game) && self.ponder {
            self.start_pondering();
        }
    }

    fn user_move(&mut self, text: &str) {
        if self.searching(Kind::Think) {
            return self.out.send(&format!(
                "Illegal move (the engine is thinking about its own move): {text}"
            ));
        }
        let game = self.history.current();
        let mv = match format::read_move(&game, text) {
            Ok(mv) => mv,
            Err(reason) => return self.out.send(&format!("Illegal move ({reason}): {text}")),
        };
        // Pondering or analysis was about another position.
        self.abort();
        let after = game.play(mv);
        self.history.push(after);
        match self.mode {
            Mode::Analyze => self.analyze(),
            Mode::Play(engine) if after.side_to_move() == engine => self.think(),
            Mode::Play(_) => {
                self.claim_if_over(&after);
            }
            Mode::Force => {}
        }
    }

    fn take_back(&mut self, plies: usize, command: &str) {
        self.abort();
        if !self.history.take_back(plies) {
            return self.error("command not legal now: no move to take back", command);
        }
        if self.mode == Mode::Analyze {
            self.analyze();
        }
    }

    /// `Hint: MOVE`: the analysis' best move, or the reply the engine expects; nothing when
    /// it has no idea (as CECP allows).
    fn hint(&self) {
        let game = self.history.current();
        let from_analysis = self.latest_analysis().and_then(|(analysed, report)| {
            (analysed == game)
                .then(|| report.pv.first().copied())
                .flatten()
        });
        let expected = self
            .expected
            .and_then(|(position, reply)| (position == game).then_some(reply));
        if let Some(mv) = from_analysis.or(expected) {
            self.out
                .send(&format!("Hint: {}", format::move_name(&game, mv)));
        }
    }

    /// `.` during analysis: `stat01: time nodes depth movesleft movestotal bestmove` for the
    /// last finished depth (so no moves are left at it).
    fn status(&self) {
        let Some(search) = self.search.as_ref().filter(|s| s.kind == Kind::Analysis) else {
            return;
        };
        let Some((game, report)) = self.latest_analysis() else {
            return;
        };
        let best = report
            .pv
            .first()
            .map(|&mv| format::move_name(&game, mv))
            .unwrap_or_default();
        self.out.send(&format!(
            "stat01: {} {} {} 0 {} {best}",
            search.started.elapsed().as_millis() / 10,
            report.nodes,
            report.depth,
            game.legal_moves().len(),
        ));
    }

    fn latest_analysis(&self) -> Option<Analysis> {
        self.analysis
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Applies a setting, which needs the engine to itself: a move being thought about is
    /// finished first, pondering is dropped, analysis starts again afterwards.
    fn set(&mut self, setting: Setting, command: &str) {
        while self.searching(Kind::Think) {
            match self.host.done.recv() {
                Ok(finished) => self.search_ended(finished),
                // Cannot happen: the host holds a sender itself.
                Err(_) => break,
            }
        }
        let analysing = self.searching(Kind::Analysis);
        self.abort();
        match self.host.apply(setting) {
            Ok(Some(notice)) => self.out.send(&format!("telluser {notice}")),
            Ok(None) => {}
            Err(message) => self.error(&message, command),
        }
        if analysing {
            self.analyze();
        }
    }

    /// Sends the result if the game is over; says whether it was.
    fn claim_if_over(&self, game: &Breakthrough) -> bool {
        let outcome = game.outcome();
        if let Some(outcome) = outcome {
            self.out.send(&format::result(outcome));
        }
        outcome.is_some()
    }

    /// Starts the engine's search for its move, or claims the result if the game is over.
    fn think(&mut self) {
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

    /// Ponders on the reply the engine expects, if it expects one here.
    fn start_pondering(&mut self) {
        let game = self.history.current();
        let Some(reply) = self
            .expected
            .and_then(|(position, reply)| (position == game).then_some(reply))
        else {
            return;
        };
        let after = game.play(reply);
        if after.winner().is_some() {
            return;
        }
        // The thinking output leaves out the expected reply, which CECP allows once it has
        // been given as the hint.
        if self.post.load(Ordering::SeqCst) {
            self.out
                .send(&format!("Hint: {}", format::move_name(&game, reply)));
        }
        self.start(Kind::Ponder, after, Limits::default());
    }

    fn analyze(&mut self) {
        let game = self.history.current();
        if game.winner().is_some() {
            return;
        }
        let limits = Limits {
            multipv: self.host.multipv,
            ..Limits::default()
        };
        self.start(Kind::Analysis, game, limits);
    }

    fn start(&mut self, kind: Kind, game: Breakthrough, limits: Limits<Move>) {
        let signals = &self.host.signals;
        self.host.interrupts.arm_search(signals);
        signals.pondering.store(false, Ordering::SeqCst);
        let progress: Progress = match kind {
            // Analysis is there to be shown, whatever `post` says.
            Kind::Analysis => {
                let analysis = self.analysis.clone();
                *analysis.lock().unwrap_or_else(PoisonError::into_inner) = None;
                Box::new(move |report, game| {
                    *analysis.lock().unwrap_or_else(PoisonError::into_inner) =
                        Some((*game, report.clone()));
                    Some(format::thinking(report, game))
                })
            }
            Kind::Think | Kind::Ponder => {
                let post = self.post.clone();
                Box::new(move |report, game| {
                    post.load(Ordering::Relaxed)
                        .then(|| format::thinking(report, game))
                })
            }
        };
        match self.host.spawn_search(Job {
            game,
            limits,
            progress,
        }) {
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
                    let best = game.legal_moves().first().copied().unwrap_or(Move::NULL);
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
    fn play(&mut self, finished: Finished) {
        let game = finished.game;
        if let Some(closing) = &finished.closing {
            if self.post.load(Ordering::SeqCst) {
                self.out.send(&format::thinking(closing, &game));
            }
        }
        self.out
            .send(&format!("move {}", format::move_name(&game, finished.best)));
        let after = game.play(finished.best);
        self.history.push(after);
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
    fn abort(&mut self) {
        if self.search.take().is_some() {
            self.host.signals.stop.store(true, Ordering::SeqCst);
            // Cannot fail: the host holds a sender itself.
            let _ = self.host.done.recv();
        }
        self.answer_pings();
    }
}
