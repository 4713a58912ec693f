//! The UCI session: the thread that owns the engine's state (the position, the settings,
//! the engine itself between searches) and acts on every command the reader forwards, in
//! order.
//!
//! It never blocks on a search: searches run on their own thread and report back over a
//! channel, so `stop`, `ponderhit`, `d`, `eval`, `query`, `uci` and `isready` are answered
//! while one runs. Commands that change state or need the CPU (`position`, `setoption`,
//! `ucinewgame`, `go`, `perft`, `bench`) are different:
//! - if the running search will end by itself (it has a depth, nodes, movetime or clock
//!   limit, or was told to stop), they wait for it, so its `bestmove` comes first;
//! - if it would run until stopped (`go infinite`, `go ponder` before `ponderhit`, a `go`
//!   without limits), they are refused with `info string error: …` and change nothing.
//!
//! A session plays one game, `G`, from its variant's start position. Setting the variant
//! (`UCI_Variant`, `BoardSize`) ends it, and the next session plays the new one. Moves come
//! and go as whole turns ([`Game::parse_turn`], [`Game::turn_name`]).

use super::format::{bestmove_line, info_line, result_words, MateUnit, UciFlavour};
use super::parser::{Command, Go, PositionBase, Query, Word};
use super::{Uci, READY_OK};
use crate::bench::{self, NoSignature};
use crate::game::{Color, Game, GameResult};
use crate::perft;
use crate::protocol::dialect::Request;
use crate::protocol::host::Host;
use crate::protocol::options::{self, Setting};
use crate::protocol::output::{quote, Output};
use crate::protocol::search_thread::{Finished, Job, Results};
use crate::protocol::session::{self, Session as _};
use crate::protocol::solve_thread::{can_solve, SolveJob};
use crate::protocol::turns::first_turn;
use crate::search::{Clock, Engine, Limits};
use crossbeam_channel::Receiver;
use std::ops::ControlFlow;
use std::sync::atomic::Ordering;
use std::sync::{Arc, MutexGuard};

/// How a UCI session ended.
#[derive(Debug, PartialEq, Eq)]
pub enum SessionEnd {
    /// `quit` or the end of input.
    Quit,
    /// `xboard`: the engine goes on in that dialect, with everything the host holds.
    XBoard,
    /// `UCI_Variant` or `BoardSize` was set: the next session plays the host's variant, from
    /// its start position.
    NewVariant,
}

/// What a UCI session hands to the next: the host, and how the GUI counts mate scores.
pub struct State {
    pub host: Host,
    dialect: UciFlavour,
}

impl State {
    /// The first session's: UCI until the GUI says `ugi`.
    pub fn new(host: Host) -> State {
        State {
            host,
            dialect: UciFlavour::Uci,
        }
    }
}

pub struct Session<G: Game> {
    host: Host,
    out: Arc<Output>,
    dialect: UciFlavour,
    /// The variant's start position: `startpos`, and the game after `ucinewgame`.
    start: G,
    game: G,
    results: Results<G>,
    search: Option<Running<G>>,
}

/// The search under way (or ended, with its `bestmove` held).
struct Running<G: Game> {
    /// `bestmove` waits for `stop` (`go infinite`) or `ponderhit`/`stop` (`go ponder`).
    held: bool,
    /// A `go ponder` not yet hit.
    pondering: bool,
    /// The search ends without help: it has a limit, or `stop` was sent.
    ends_by_itself: bool,
    /// The search has ended while its `bestmove` was held.
    finished: Option<Finished<G>>,
    /// The dialect of the `go`: its `bestmove` (and closing `info` line) answer that `go`,
    /// even if a handshake during the search changes the session's.
    dialect: UciFlavour,
}

impl<G: Game> session::Session for Session<G> {
    type Dialect = Uci;
    type Game = G;
    type End = SessionEnd;
    type State = State;

    fn new(state: State, start: G) -> Session<G> {
        Session {
            out: state.host.out.clone(),
            host: state.host,
            dialect: state.dialect,
            game: start.clone(),
            start,
            results: Results::default(),
            search: None,
        }
    }

    fn into_state(self) -> State {
        State {
            host: self.host,
            dialect: self.dialect,
        }
    }

    fn results(&self) -> &Receiver<Finished<G>> {
        &self.results.receiver
    }

    fn handle(&mut self, request: Request<Uci>) -> ControlFlow<SessionEnd> {
        let command = match request {
            Ok(command) => command,
            Err(message) => {
                self.out.error(&message);
                return ControlFlow::Continue(());
            }
        };
        if matches!(command, Command::Stop | Command::Quit) {
            self.host.interrupts.stop_handled();
        }
        if needs_idle_engine(&command) && !self.wait_until_idle(command.name()) {
            return ControlFlow::Continue(());
        }
        match command {
            Command::Quit => {
                self.quit();
                return ControlFlow::Break(SessionEnd::Quit);
            }
            Command::XBoard => {
                // A search still running ends with its `bestmove`, as on `quit`.
                self.quit();
                return ControlFlow::Break(SessionEnd::XBoard);
            }
            Command::Uci => self.handshake(UciFlavour::Uci),
            Command::Ugi => self.handshake(UciFlavour::Ugi),
            Command::IsReady => self.out.send(READY_OK),
            Command::Stop => self.stop(),
            Command::PonderHit => self.ponderhit(),
            Command::Query(query) => self.query(query),
            Command::Display => self.display(),
            Command::Eval => self.eval(),
            Command::Help => self.out.send(HELP),
            Command::NewGame => self.new_game(),
            Command::SetOption { name, value } => match options::read(&name, value.as_deref()) {
                Ok(setting) => return self.apply(setting),
                Err(message) => self.out.error(&message),
            },
            Command::Position { base, moves } => self.set_position(&base, &moves),
            Command::Go(go) => self.go(&go),
            Command::Perft(depth) => self.perft(depth),
            Command::Bench => self.bench(),
        }
        ControlFlow::Continue(())
    }

    fn search_ended(&mut self, finished: Finished<G>) {
        match &mut self.search {
            Some(running) if running.held => running.finished = Some(finished),
            running => {
                let dialect = running.as_ref().map_or(self.dialect, |r| r.dialect);
                self.search = None;
                self.announce(&finished, dialect);
            }
        }
    }

    fn input_closed(&mut self) -> SessionEnd {
        self.quit();
        SessionEnd::Quit
    }
}

impl<G: Game> Session<G> {
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
            match self.results.receiver.recv() {
                Ok(finished) => self.search_ended(finished),
                // Cannot happen: the session holds a sender itself.
                Err(_) => break,
            }
        }
    }

    /// The closing `info` line when needed, then `bestmove`, in `dialect`.
    fn announce(&self, finished: &Finished<G>, dialect: UciFlavour) {
        let mut lines = String::new();
        if let Some(closing) = &finished.closing {
            let unit = MateUnit::of(dialect, &self.start);
            lines += &info_line(closing, &finished.game, unit);
            lines.push('\n');
        }
        // UGI writes `bestmove <move>` and nothing more (ugi.md), and UGI runners such as
        // cutegames wait for a line of exactly those two words: the expected reply goes only
        // to UCI GUIs, which read `ponder` to know what to ponder on.
        let ponder = match dialect {
            UciFlavour::Uci => finished.ponder.as_deref(),
            UciFlavour::Ugi => None,
        };
        lines += &bestmove_line(&finished.game, &finished.best, ponder);
        self.out.send(&lines);
    }

    /// How `mate` counts here: as the GUI's dialect says, in plies for a game whose plies
    /// do not alternate.
    fn mate_unit(&self) -> MateUnit {
        MateUnit::of(self.dialect, &self.start)
    }

    /// Lets the running search's `bestmove` out: now if the search has ended, else when it
    /// ends.
    fn release(&mut self) {
        if let Some(running) = &mut self.search {
            running.held = false;
            if let Some(finished) = running.finished.take() {
                let dialect = running.dialect;
                self.search = None;
                self.announce(&finished, dialect);
            }
        }
    }

    fn stop(&mut self) {
        // The reader has set the flag already; set again because a `go` handled since may
        // have cleared it.
        self.host.signals.stop.store(true, Ordering::SeqCst);
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
                self.host.signals.pondering.store(false, Ordering::SeqCst);
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
        self.host.engine()
    }

    fn handshake(&mut self, dialect: UciFlavour) {
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
            UciFlavour::Uci => "uciok",
            UciFlavour::Ugi => "ugiok",
        };
        self.out.send(&text);
    }

    fn new_game(&mut self) {
        self.engine().clear();
        self.game = self.start.clone();
    }

    /// A new variant (`UCI_Variant`, `BoardSize`) means a new game, on a new session: `go`
    /// must not search the old board.
    fn apply(&mut self, setting: Setting) -> ControlFlow<SessionEnd> {
        let new_variant = matches!(setting, Setting::Variant(_));
        match self.host.apply(setting) {
            Ok(notice) => {
                if let Some(notice) = notice {
                    self.out.info_string(&notice);
                }
                if new_variant {
                    return ControlFlow::Break(SessionEnd::NewVariant);
                }
            }
            Err(message) => self.out.error(&message),
        }
        ControlFlow::Continue(())
    }

    /// `position`: all or nothing.
    fn set_position(&mut self, base: &PositionBase, turns: &[Word]) {
        let mut game = match base {
            PositionBase::StartPos => self.start.clone(),
            PositionBase::Fen(fen) => match G::from_text(&fen.text) {
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
        for (number, word) in turns.iter().enumerate() {
            match game.parse_turn(&word.text) {
                Ok(turn) => game = game.play_all(&turn),
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
        let game = self.game.clone();
        if go.solve && !can_solve(&game) {
            return self.out.error(&format!(
                "go ignored: {} cannot be solved: the solver proves only games that cannot be \
                 drawn and whose proofs can be checked",
                G::NAME
            ));
        }
        // Numbers out of range were replaced by the nearest in range; say so, and search.
        for correction in &go.corrections {
            self.out.error(correction);
        }
        if let Some(result) = game.result() {
            self.out.info_string(&format!(
                "the game is over ({}): there is no move to search",
                result_words::<G>(result)
            ));
            self.out.send(&bestmove_line(&game, &[], None));
            return;
        }
        // The search restricts the moves at its root: a turn by its first ply.
        let mut searchmoves = Vec::with_capacity(go.searchmoves.len());
        for word in &go.searchmoves {
            match game.parse_turn(&word.text) {
                Ok(turn) => searchmoves.extend(turn.first()),
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
        let signals = &self.host.signals;
        self.host.interrupts.arm_search(signals);
        signals.pondering.store(go.ponder, Ordering::SeqCst);
        let unit = self.mate_unit();
        let done = &self.results.sender;
        let spawned = if go.solve {
            let job = SolveJob {
                game: game.clone(),
                hash_megabytes: self.host.hash_megabytes,
                threads: self.host.threads,
                movetime: limits.movetime,
                nodes: limits.nodes,
                mate: unit,
            };
            self.host.spawn_solve(job, done)
        } else {
            let job = Job {
                game: game.clone(),
                limits,
                progress: Box::new(move |report, game| Some(info_line(report, game, unit))),
            };
            self.host.spawn_search(job, done)
        };
        match spawned {
            Ok(()) => {
                self.search = Some(Running {
                    held: go.infinite || go.ponder,
                    pondering: go.ponder,
                    ends_by_itself,
                    finished: None,
                    dialect: self.dialect,
                })
            }
            Err(error) => {
                // Still one legal `bestmove` for this `go`, so a GUI does not wait forever.
                self.out
                    .error(&format!("cannot start the search thread: {error}"));
                self.out
                    .send(&bestmove_line(&game, &first_turn(&game), None));
            }
        }
    }

    fn limits(&self, go: &Go, searchmoves: Vec<G::Move>) -> Limits<G::Move> {
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
            multipv: self.host.multipv,
            move_overhead: self.host.move_overhead,
        }
    }

    /// `perft N` / `go perft N`: one line per root turn, then the total; or, when `stop` or
    /// `quit` ends it, the turns counted whole and a line saying how far it got.
    fn perft(&self, depth: u32) {
        let stop = &self.host.interrupts.arm_long().stop;
        // Where the turns are too many to list (a setup), the total alone.
        match self.game.perft_unlisted(depth, stop) {
            Some(Ok(Some(leaves))) => return self.out.send(&format!("Nodes searched: {leaves}")),
            Some(Ok(None)) => return self.out.info_string("perft stopped; no total"),
            Some(Err(why)) => return self.out.error(&format!("perft {depth}: {why}")),
            None => {}
        }
        let divided = perft::divide(&self.game, depth, stop);
        let mut text = String::new();
        for (turn, count) in &divided.turns {
            text += &format!("{}: {count}\n", self.game.turn_name(turn));
        }
        if !divided.stopped {
            text += &format!("Nodes searched: {}", divided.leaves);
            return self.out.send(&text);
        }
        if !text.is_empty() {
            self.out.send(text.trim_end());
        }
        self.out.info_string(&format!(
            "perft stopped: {} leaves counted, {} of {} moves whole; no total",
            divided.leaves,
            divided.turns.len(),
            self.game.turns().len()
        ));
    }

    /// `bench`: as `troyka bench --variant` of this game (its bench positions, the search's
    /// signature on it), unless `stop` or `quit` ends it.
    fn bench(&self) {
        let signals = self.host.interrupts.arm_long();
        match bench::run::<G>(&mut |line| self.out.send(line), signals) {
            Ok(_) => {}
            Err(why @ NoSignature::NoPositions(_)) => {
                self.out.error(&format!("bench ignored: {why}"))
            }
            Err(why @ NoSignature::Stopped { .. }) => self.out.info_string(&why.to_string()),
        }
    }

    fn query(&self, query: Query) {
        let result = self.game.result();
        let answer = match query {
            Query::P1Turn => bool_word(self.game.side_to_move() == Color::White),
            Query::GameOver => bool_word(result.is_some()),
            Query::Result => match result {
                Some(GameResult::Win(Color::White)) => "p1win",
                Some(GameResult::Win(Color::Black)) => "p2win",
                Some(GameResult::Draw) => "draw",
                None => "none",
            },
        };
        self.out.send(&format!("response {answer}"));
    }

    /// `d`: the board and what is known about it, for people.
    fn display(&self) {
        let game = &self.game;
        let state = match game.result() {
            Some(result) => format!("over, {}", result_words::<G>(result)),
            None => "in progress".into(),
        };
        let board = game
            .board_size()
            .map(|board| format!("Board: {board}\n"))
            .unwrap_or_default();
        self.out.send(&format!(
            "{}\nFen: {}\nKey: {:016X}\n{board}Side to move: {}\nGame: {state}",
            game.diagram(),
            game.to_text(),
            game.hash(),
            G::side_name(game.side_to_move()),
        ));
    }

    /// `eval`: the static evaluation term by term, and the network's verdict, for people.
    fn eval(&self) {
        let text = self.game.explain(&self.engine().eval);
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

const HELP: &str = "\
Troyka speaks UCI (and UGI) on stdin/stdout; protocol.md describes every command.
  uci | ugi                      handshake: identity, options, uciok | ugiok
  xboard                         switch to the XBoard protocol (CECP) instead
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
