//! The session: the thread that owns the engine's state (the position, the settings, the
//! engine itself between searches) and acts on every command the reader forwards, in order.
//!
//! It never blocks on a search: searches run on their own thread and report back over a
//! channel, so `stop`, `ponderhit`, `d`, `eval`, `query`, `uci` and `isready` are answered
//! while one runs. Commands that change state or need the CPU (`position`, `setoption`,
//! `ucinewgame`, `go`, `perft`, `bench`) are different:
//! - if the running search will end by itself (it has a depth, nodes, movetime or clock
//!   limit, or was told to stop), they wait for it, so its `bestmove` comes first;
//! - if it would run until stopped (`go infinite`, `go ponder` before `ponderhit`, a `go`
//!   without limits), they are refused with `info string error: …` and change nothing.

use super::format::{bestmove_line, Dialect};
use super::options::{self, Setting};
use super::output::Output;
use super::parser::{quote, Command, Go, PositionBase, Query, Word};
use super::search_thread::{self, Finished, Job};
use super::solve_thread::{self, SolveJob};
use crate::eval::nnue::Accumulator;
use crate::rules::{BoardSize, Color, Game, Move};
use crate::search::{Clock, Engine, Limits, Signals};
use crate::{bench, eval, perft, with_position};
use crossbeam_channel::{select, Receiver, Sender};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

/// What the reader forwards: a command, or why a line was not one.
pub type Request = Result<Command, String>;

pub struct Session {
    out: Arc<Output>,
    signals: Arc<Signals>,
    /// Locked by the search thread while it searches, by the session only between searches.
    engine: Arc<Mutex<Engine>>,
    game: Game,
    /// The board of `position startpos` (options `BoardSize`, `UCI_Variant`).
    board_size: BoardSize,
    move_overhead: Duration,
    multipv: usize,
    /// The `Hash` size and `Threads`, which `go solve` uses for its own table and threads.
    hash_megabytes: usize,
    threads: usize,
    dialect: Dialect,
    search: Option<Running>,
    done_sender: Sender<Finished>,
    done: Receiver<Finished>,
}

/// The search under way (or ended, with its `bestmove` held).
struct Running {
    /// `bestmove` waits for `stop` (`go infinite`) or `ponderhit`/`stop` (`go ponder`).
    held: bool,
    /// A `go ponder` not yet hit.
    pondering: bool,
    /// The search ends without help: it has a limit, or `stop` was sent.
    ends_by_itself: bool,
    /// The search has ended while its `bestmove` was held.
    finished: Option<Finished>,
}

impl Session {
    pub fn new(out: Arc<Output>, signals: Arc<Signals>) -> Session {
        let (done_sender, done) = crossbeam_channel::unbounded();
        let mut session = Session {
            out,
            signals,
            // A placeholder: the `Hash` and `Threads` defaults are applied just below.
            engine: Arc::new(Mutex::new(Engine::new(1, 1))),
            game: Game::start(BoardSize::STANDARD),
            board_size: BoardSize::STANDARD,
            move_overhead: Duration::ZERO,
            multipv: 1,
            hash_megabytes: 1,
            threads: 1,
            dialect: Dialect::Uci,
            search: None,
            done_sender,
            done,
        };
        // The option table is the one source of the defaults.
        for setting in options::defaults() {
            session.apply(setting);
        }
        session
    }

    /// Acts on requests until `quit`. `pending` counts the requests forwarded but not yet
    /// handled: the reader answers `isready` itself only when it is zero.
    pub fn run(mut self, requests: Receiver<Request>, pending: &AtomicUsize) {
        loop {
            select! {
                recv(requests) -> request => {
                    // The reader forwards `quit` before it ends; a closed channel means the
                    // same.
                    let Ok(request) = request else { return self.quit() };
                    let carry_on = self.handle(request);
                    pending.fetch_sub(1, Ordering::SeqCst);
                    if !carry_on {
                        return;
                    }
                }
                recv(self.done) -> finished => {
                    if let Ok(finished) = finished {
                        self.search_ended(finished);
                    }
                }
            }
        }
    }

    /// Handles one request; false once the engine should end.
    fn handle(&mut self, request: Request) -> bool {
        let command = match request {
            Ok(command) => command,
            Err(message) => {
                self.out.error(&message);
                return true;
            }
        };
        if needs_idle_engine(&command) && !self.wait_until_idle(command.name()) {
            return true;
        }
        match command {
            Command::Quit => {
                self.quit();
                return false;
            }
            Command::Uci => self.handshake(Dialect::Uci),
            Command::Ugi => self.handshake(Dialect::Ugi),
            Command::IsReady => self.out.send("readyok"),
            Command::Stop => self.stop(),
            Command::PonderHit => self.ponderhit(),
            Command::Query(query) => self.query(query),
            Command::Display => self.display(),
            Command::Eval => self.eval(),
            Command::Help => self.out.send(HELP),
            Command::NewGame => self.new_game(),
            Command::SetOption { name, value } => match options::read(&name, value.as_deref()) {
                Ok(setting) => self.apply(setting),
                Err(message) => self.out.error(&message),
            },
            Command::Position { base, moves } => self.set_position(&base, &moves),
            Command::Go(go) => self.go(&go),
            Command::Perft(depth) => self.perft(depth),
            Command::Bench => {
                bench::run(&mut |line| self.out.send(line));
            }
        }
        true
    }

    /// Waits for a search that will end by itself; refuses (false) while one runs until
    /// stopped.
    fn wait_until_idle(&mut self, command: &str) -> bool {
        let Some(running) = &self.search else {
            return true;
        };
        if running.held || !running.ends_by_itself {
            let release = if running.pondering {
                "'ponderhit' or 'stop'"
            } else {
                "'stop'"
            };
            self.out.error(&format!(
                "'{command}' ignored: a search is running until {release}; send that first"
            ));
            return false;
        }
        self.wait_for_search();
        true
    }

    /// Blocks until the running search has ended and, unless it is held, sent `bestmove`.
    fn wait_for_search(&mut self) {
        while self.search.as_ref().is_some_and(|r| r.finished.is_none()) {
            match self.done.recv() {
                Ok(finished) => self.search_ended(finished),
                // Cannot happen: the session holds a sender itself.
                Err(_) => break,
            }
        }
    }

    fn search_ended(&mut self, finished: Finished) {
        match &mut self.search {
            Some(running) if running.held => running.finished = Some(finished),
            _ => {
                self.search = None;
                self.out.send(&finished.lines);
            }
        }
    }

    /// Lets the running search's `bestmove` out: now if the search has ended, else when it
    /// ends.
    fn release(&mut self) {
        if let Some(running) = &mut self.search {
            running.held = false;
            if let Some(finished) = running.finished.take() {
                self.search = None;
                self.out.send(&finished.lines);
            }
        }
    }

    fn stop(&mut self) {
        // The reader has set the flag already; set again because a `go` handled since may
        // have cleared it.
        self.signals.stop.store(true, Ordering::SeqCst);
        match &mut self.search {
            Some(running) => {
                running.ends_by_itself = true;
                self.release();
            }
            None => log::debug!("stop while no search runs: nothing to do"),
        }
    }

    fn ponderhit(&mut self) {
        match &mut self.search {
            Some(running) if running.pondering => {
                running.pondering = false;
                // From now on the search runs under its clock.
                self.signals.pondering.store(false, Ordering::SeqCst);
                self.release();
            }
            _ => log::debug!("ponderhit while not pondering: nothing to do"),
        }
    }

    fn quit(&mut self) {
        self.stop();
        self.wait_for_search();
    }

    fn engine(&self) -> MutexGuard<'_, Engine> {
        self.engine.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn handshake(&mut self, dialect: Dialect) {
        self.dialect = dialect;
        let mut text = format!(
            "id name Troyka {}\nid author the Troyka developers\n",
            env!("CARGO_PKG_VERSION")
        );
        for option in options::announcements() {
            text += &option;
            text.push('\n');
        }
        text += match dialect {
            Dialect::Uci => "uciok",
            Dialect::Ugi => "ugiok",
        };
        self.out.send(&text);
    }

    fn new_game(&mut self) {
        self.engine().clear();
        self.game = Game::start(self.board_size);
    }

    fn apply(&mut self, setting: Setting) {
        match setting {
            Setting::Hash(megabytes) => {
                if can_allocate(megabytes) {
                    self.engine().set_hash(megabytes);
                    self.hash_megabytes = megabytes;
                } else {
                    self.out.error(&format!(
                        "option Hash: {megabytes} MiB cannot be allocated; the table is unchanged"
                    ));
                }
            }
            Setting::Threads(threads) => {
                self.engine().set_threads(threads);
                self.threads = threads;
            }
            Setting::MoveOverhead(overhead) => self.move_overhead = overhead,
            Setting::MultiPv(lines) => self.multipv = lines,
            // Pondering is the GUI's decision (`go ponder`); nothing to prepare.
            Setting::Ponder(_) => {}
            Setting::BoardSize(size) => {
                // A new board means a new game: `go` must not search the old board. The
                // table only holds positions of the old size, so it is cleared when the size
                // changes (not when the default is applied at start-up: that would cost time).
                if size != self.board_size {
                    self.engine().clear();
                }
                self.board_size = size;
                self.game = Game::start(size);
            }
            Setting::ClearHash => self.engine().clear(),
            Setting::DebugLogFile(path) => {
                if let Err(message) = self.out.set_log_file(&path) {
                    self.out.error(&message);
                }
            }
            Setting::EvalFile(net) => {
                if let Some(net) = &net {
                    self.out.info_string(&format!(
                        "EvalFile: a {0} network, used when the board is {0}; \
                         other boards keep their own evaluation",
                        net.size
                    ));
                }
                self.engine().eval.loaded = net;
            }
            Setting::UseNnue(on) => self.engine().eval.linear_only = !on,
        }
    }

    /// `position`: all or nothing.
    fn set_position(&mut self, base: &PositionBase, moves: &[Word]) {
        let mut game = match base {
            PositionBase::StartPos => Game::start(self.board_size),
            PositionBase::Fen(fen) => match Game::from_fen(&fen.text) {
                Ok(game) => game,
                Err(message) => {
                    return self.out.error(&format!(
                        "position unchanged: bad position string {} (word {}): {message}",
                        quote(&fen.text),
                        fen.index
                    ))
                }
            },
        };
        for (number, word) in moves.iter().enumerate() {
            match game.parse_move(&word.text) {
                Ok(mv) => game = game.play(mv),
                Err(message) => {
                    return self.out.error(&format!(
                        "position unchanged: move {} (word {}): {message}",
                        number + 1,
                        word.index
                    ))
                }
            }
        }
        self.game = game;
    }

    fn go(&mut self, go: &Go) {
        let game = self.game;
        if let Some(winner) = game.winner() {
            self.out.info_string(&format!(
                "the game is over ({} won): there is no move to search",
                winner.name()
            ));
            self.out.send(&bestmove_line(&game, Move::NULL, None));
            return;
        }
        let mut searchmoves = Vec::with_capacity(go.searchmoves.len());
        for word in &go.searchmoves {
            match game.parse_move(&word.text) {
                Ok(mv) => searchmoves.push(mv),
                Err(message) => {
                    return self.out.error(&format!(
                        "go ignored: searchmoves (word {}): {message}",
                        word.index
                    ))
                }
            }
        }
        let limits = self.limits(go, searchmoves);
        let ends_by_itself = limits.depth.is_some()
            || limits.nodes.is_some()
            || limits.movetime.is_some()
            || limits.clock.is_some();
        self.signals.stop.store(false, Ordering::SeqCst);
        self.signals.pondering.store(go.ponder, Ordering::SeqCst);
        let spawned = if go.solve {
            if !can_allocate(self.hash_megabytes) {
                return self.out.error(&format!(
                    "go ignored: the solver's table of {} MiB cannot be allocated",
                    self.hash_megabytes
                ));
            }
            let job = SolveJob {
                game,
                hash_megabytes: self.hash_megabytes,
                threads: self.threads,
                movetime: limits.movetime,
                nodes: limits.nodes,
                dialect: self.dialect,
            };
            solve_thread::spawn(
                self.signals.clone(),
                self.out.clone(),
                job,
                self.done_sender.clone(),
            )
        } else {
            let job = Job {
                game,
                limits,
                dialect: self.dialect,
            };
            search_thread::spawn(
                self.engine.clone(),
                self.signals.clone(),
                self.out.clone(),
                job,
                self.done_sender.clone(),
            )
        };
        match spawned {
            Ok(()) => {
                self.search = Some(Running {
                    held: go.infinite || go.ponder,
                    pondering: go.ponder,
                    ends_by_itself,
                    finished: None,
                })
            }
            Err(error) => {
                // Still one legal `bestmove` for this `go`, so a GUI does not wait forever.
                self.out
                    .error(&format!("cannot start the search thread: {error}"));
                let fallback = game.legal_moves().first().copied().unwrap_or(Move::NULL);
                self.out.send(&bestmove_line(&game, fallback, None));
            }
        }
    }

    fn limits(&self, go: &Go, searchmoves: Vec<Move>) -> Limits {
        let side = self.game.side_to_move() as usize;
        let clock = go.time[side].map(|remaining| Clock {
            remaining,
            increment: go.inc[side].unwrap_or_default(),
            moves_to_go: go.movestogo.filter(|&moves| moves > 0),
        });
        Limits {
            depth: go.depth,
            nodes: go.nodes,
            // `infinite` searches until `stop`, whatever the clocks say.
            movetime: go.movetime.filter(|_| !go.infinite),
            mate: go.mate,
            clock: clock.filter(|_| !go.infinite),
            searchmoves,
            multipv: self.multipv,
            move_overhead: self.move_overhead,
        }
    }

    /// `perft N` / `go perft N`: one line per root move, then the total.
    fn perft(&self, depth: u32) {
        let split = perft::divide(&self.game, depth);
        let mut text = String::new();
        for (mv, count) in &split {
            text += &format!("{}: {count}\n", self.game.move_name(*mv));
        }
        // Depth 0 counts the position itself.
        let total: u64 = if depth == 0 {
            1
        } else {
            split.iter().map(|(_, count)| count).sum()
        };
        text += &format!("Nodes searched: {total}");
        self.out.send(&text);
    }

    fn query(&self, query: Query) {
        let winner = self.game.winner();
        let answer = match query {
            Query::P1Turn => bool_word(self.game.side_to_move() == Color::White),
            Query::GameOver => bool_word(winner.is_some()),
            // Breakthrough has no draws.
            Query::Result => match winner {
                Some(Color::White) => "p1win",
                Some(Color::Black) => "p2win",
                None => "none",
            },
        };
        self.out.send(&format!("response {answer}"));
    }

    /// `d`: the board and what is known about it, for people.
    fn display(&self) {
        let game = &self.game;
        let state = match game.winner() {
            Some(winner) => format!("over, {} won", winner.name()),
            None => "in progress".into(),
        };
        self.out.send(&format!(
            "{}\nFen: {}\nKey: {:016X}\nBoard: {}\nSide to move: {}\nGame: {state}",
            game.diagram(),
            game.to_fen(),
            game.hash(),
            game.size(),
            game.side_to_move().name(),
        ));
    }

    /// `eval`: the static evaluation term by term, and the network's verdict, for people.
    fn eval(&self) {
        let breakdown = eval::breakdown(&self.game);
        let side = self.game.side_to_move().name();
        let mut text = format!(
            "{:<22} {:>6}  (cp for {side}, the side to move)\n",
            "term", "value"
        );
        for (name, value) in &breakdown.terms {
            text += &format!("{name:<22} {value:>6}\n");
        }
        text += &format!("Linear evaluation: {} cp for {side}\n", breakdown.total);
        let engine = self.engine();
        let size = self.game.size();
        text += &match engine.eval.network(size) {
            Some(net) => {
                let score = with_position!(&self.game, p => {
                    Accumulator::new(net, p).evaluate(net, p.side_to_move())
                });
                let origin = match &engine.eval.loaded {
                    Some(loaded) if loaded.size == size => "EvalFile",
                    _ => "built-in",
                };
                format!(
                    "NNUE evaluation ({origin} {size} network): {score} cp for {side}\n\
                         The search uses the NNUE evaluation."
                )
            }
            None if engine.eval.linear_only => "NNUE evaluation: off (Use NNUE is false)\n\
                 The search uses the linear evaluation."
                .to_string(),
            None => format!(
                "NNUE evaluation: no network for {size}\n\
                 The search uses the linear evaluation."
            ),
        };
        self.out.send(&text);
    }
}

/// The commands that change the engine's state or need the CPU, and so must not run
/// alongside a search.
fn needs_idle_engine(command: &Command) -> bool {
    matches!(
        command,
        Command::NewGame
            | Command::SetOption { .. }
            | Command::Position { .. }
            | Command::Go(_)
            | Command::Perft(_)
            | Command::Bench
    )
}

fn bool_word(value: bool) -> &'static str {
    if value {
        "true"
    } else {
        "false"
    }
}

/// Whether a table of `megabytes` can be allocated. Asked before resizing, because running
/// out of memory while building the table would abort the process.
fn can_allocate(megabytes: usize) -> bool {
    let mut probe: Vec<u8> = Vec::new();
    probe.try_reserve_exact(megabytes << 20).is_ok()
}

const HELP: &str = "\
Troyka speaks UCI (and UGI) on stdin/stdout; protocol.md describes every command.
  uci | ugi                      handshake: identity, options, uciok | ugiok
  isready                        answered readyok, even while searching
  setoption name <id> [value <x>]  e.g. setoption name BoardSize value 6x6
  ucinewgame | uginewgame        new game: clear the hash, start position
  position startpos | fen <string> [moves <m1> <m2> ...]
  go [wtime|btime|winc|binc|p1time|p2time|p1inc|p2inc <ms>] [movestogo <n>]
     [movetime <ms>] [depth <plies>] [nodes <n>] [mate <moves>] [infinite] [ponder]
     [searchmoves <m1> ...]      search; answers bestmove
  go solve [movetime <ms>] [nodes <n>] [infinite]
                                 prove who wins (info lines, then bestmove)
  go perft <n> | perft <n>       count the leaves of the move tree, per root move
  stop | ponderhit | quit
  query p1turn | gameover | result   UGI questions, answered response ...
  d                              show the board
  eval                           static evaluation, term by term
  bench                          search the bench positions
  help                           this text";
