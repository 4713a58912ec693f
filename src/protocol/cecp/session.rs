//! The CECP session: the game as the GUI plays it (with its history, for `undo`), who the
//! engine plays, the time control, and the one search that may run — the engine thinking
//! about its move, pondering on the opponent's time, or analysing ([`super::thinking`]).
//!
//! Like the UCI session it never blocks on a search, so `?`, `force`, `new`, `ping` and the
//! rest are acted on while one runs. A search the GUI no longer wants (after `force`, `new`,
//! `undo`, a move during pondering or analysis, …) is aborted: the session waits the few
//! milliseconds it needs to stop and drops its result, so only one search ever uses the
//! engine. Pondering searches the reply the engine expects; when the opponent's move
//! arrives, the engine searches again under its clock, with the table the ponder search
//! filled.
//!
//! A session plays one variant, `G` from its start position; moves are whole turns. When
//! `new` or `variant` chooses another variant, the session ends and hands its [`State`] to
//! the next, which carries the command out on its own game.

use super::clock::TimeControl;
use super::format;
use super::history::GameHistory;
use super::parser::Command;
use super::Cecp;
use crate::game::{Color, Game, GameResult};
use crate::games::Variant;
use crate::protocol::dialect::Request;
use crate::protocol::host::Host;
use crate::protocol::options::{self, Setting};
use crate::protocol::output::Output;
use crate::protocol::search_thread::{Finished, Results};
use crate::protocol::session::{self, Session as _};
use crate::protocol::turns::first_whole_turn;
use crate::protocol::uci::format::{MateUnit, UciFlavour};
use crate::protocol::variants;
use crate::search::Report;
use crossbeam_channel::Receiver;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

/// The latest analysis line and the position it is for.
pub(super) type Analysis<G> = (G, Report<<G as Game>::Move>);

/// How a CECP session ended.
#[derive(Debug, PartialEq, Eq)]
pub enum SessionEnd {
    /// `quit` or the end of input.
    Quit,
    /// `new` or `variant` chose another variant: the next session plays it.
    NewVariant,
}

/// What a CECP session hands to the next when the variant changes (and the first gets from
/// the UCI session on `xboard`): the host, and the game's settings as the GUI gave them.
pub struct State {
    host: Host,
    /// The variant to play.
    variant: Variant,
    /// The variant as the GUI named it: `new` starts on its board.
    variant_name: String,
    mode: Mode,
    time: TimeControl,
    depth: Option<u32>,
    post: Arc<AtomicBool>,
    ponder: bool,
    opponent_is_engine: bool,
    claims_trusted: bool,
    /// The command that chose the variant, which the next session carries out.
    then: Option<Command>,
}

impl State {
    /// The first CECP session's: the variant the options chose, the engine playing black.
    pub fn new(host: Host) -> State {
        State {
            variant: host.variant,
            variant_name: host.variant.game_name().to_string(),
            host,
            mode: Mode::Play(Color::Black),
            time: TimeControl::default(),
            depth: None,
            post: Arc::new(AtomicBool::new(false)),
            ponder: false,
            opponent_is_engine: false,
            claims_trusted: false,
            then: None,
        }
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }
}

pub struct Session<G: Game> {
    pub(super) host: Host,
    pub(super) out: Arc<Output>,
    variant: Variant,
    variant_name: String,
    /// The variant's start position.
    start: G,
    pub(super) history: GameHistory<G>,
    pub(super) mode: Mode,
    pub(super) time: TimeControl,
    /// `sd`: the deepest the engine searches for a move.
    pub(super) depth: Option<u32>,
    /// `post`: thinking output while thinking or pondering. Shared with the search thread,
    /// so `post` and `nopost` take effect at once.
    pub(super) post: Arc<AtomicBool>,
    /// `hard`: ponder after moving.
    pub(super) ponder: bool,
    /// `computer` since the last `new`: the opponent is another engine, so a win is left for
    /// the loser to claim unless XBoard trusts win claims ([`Session::claim_if_over`]).
    opponent_is_engine: bool,
    /// Whether XBoard accepts the engine's win claims untested: the board it plays on has
    /// holdings. That is the engine's own board when its `setup` after `variant` was the
    /// last word (XBoard takes the first engine's), and the board of the last `setboard`
    /// otherwise (XBoard gives the second engine the first's start position so, holdings
    /// included).
    claims_trusted: bool,
    /// How mate scores count in this game.
    pub(super) mate: MateUnit,
    pub(super) search: Option<Search>,
    pub(super) results: Results<G>,
    /// `ping`s received while the engine thinks: answered after its move.
    pub(super) pongs: Vec<u64>,
    /// The turn the engine expects the opponent to play, and the position it is expected
    /// in: for `hint` and pondering.
    pub(super) expected: Option<(G, Vec<G::Move>)>,
    /// The analysis' latest report and the position it is about, for `.` and `hint`.
    pub(super) analysis: Arc<Mutex<Option<Analysis<G>>>>,
    /// The command that chose another variant, for the next session to carry out.
    then: Option<Command>,
}

/// Who the engine plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    /// Neither side: moves are only checked and played (`force`).
    Force,
    /// This side: it moves whenever this side is to move.
    Play(Color),
    /// Neither side, thinking about every position (`analyze`).
    Analyze,
}

pub(super) struct Search {
    pub(super) kind: Kind,
    pub(super) started: Instant,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// The engine's move: it is played when the search ends.
    Think,
    /// On the opponent's time, after the expected reply; never ends in a move.
    Ponder,
    Analysis,
}

impl<G: Game> session::Session for Session<G> {
    type Dialect = Cecp;
    type Game = G;
    type End = SessionEnd;
    type State = State;

    fn new(state: State, start: G) -> Session<G> {
        let mut session = Session {
            out: state.host.out.clone(),
            host: state.host,
            variant: state.variant,
            variant_name: state.variant_name,
            history: GameHistory::new(start.clone()),
            // XBoard counts mates as UCI does.
            mate: MateUnit::of(UciFlavour::Uci, &start),
            start,
            mode: state.mode,
            time: state.time,
            depth: state.depth,
            post: state.post,
            ponder: state.ponder,
            opponent_is_engine: state.opponent_is_engine,
            claims_trusted: state.claims_trusted,
            search: None,
            results: Results::default(),
            pongs: Vec::new(),
            expected: None,
            analysis: Arc::new(Mutex::new(None)),
            then: None,
        };
        if let Some(command) = state.then {
            // The variant is this session's now, so the command does not end it again.
            let next = session.handle(Ok(command));
            debug_assert!(next.is_continue());
        }
        session
    }

    fn into_state(self) -> State {
        State {
            host: self.host,
            variant: self.variant,
            variant_name: self.variant_name,
            mode: self.mode,
            time: self.time,
            depth: self.depth,
            post: self.post,
            ponder: self.ponder,
            opponent_is_engine: self.opponent_is_engine,
            claims_trusted: self.claims_trusted,
            then: self.then,
        }
    }

    fn results(&self) -> &Receiver<Finished<G>> {
        &self.results.receiver
    }

    fn handle(&mut self, request: Request<Cecp>) -> ControlFlow<SessionEnd> {
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
                return ControlFlow::Break(SessionEnd::Quit);
            }
            // What the GUI tells that changes nothing here: `random` (Troyka's play needs no
            // randomness to vary), a draw offer (declined by saying nothing, as CECP asks),
            // names and ratings.
            Command::XBoard | Command::Random | Command::Draw | Command::Notice => {}
            Command::Computer => self.opponent_is_engine = true,
            Command::Feature { accepted, name } => {
                if !accepted {
                    log::warn!("the GUI rejected feature {name}");
                }
            }
            Command::Protover(_) => self.out.send(&format::features()),
            Command::New => return self.new_game(),
            Command::Variant(name) => return self.variant(&name),
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

    fn search_ended(&mut self, finished: Finished<G>) {
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

    fn input_closed(&mut self) -> SessionEnd {
        self.abort();
        SessionEnd::Quit
    }
}

impl<G: Game> Session<G> {
    /// `Error (reason): command`.
    pub(super) fn error(&self, reason: &str, command: &str) {
        self.out.send(&format!("Error ({reason}): {command}"));
    }

    pub(super) fn searching(&self, kind: Kind) -> bool {
        self.search
            .as_ref()
            .is_some_and(|search| search.kind == kind)
    }

    /// Ends the session for `variant`, whose session carries out `then` (`new` or
    /// `variant`).
    fn switch(&mut self, variant: Variant, then: Command) -> ControlFlow<SessionEnd> {
        // A table of another game's positions is of no use to the next.
        if variant.game_name() != G::NAME {
            self.host.engine().clear();
        }
        self.variant = variant;
        self.then = Some(then);
        ControlFlow::Break(SessionEnd::NewVariant)
    }

    /// Sends XBoard the board, the pieces and the start position: for `new` without
    /// holdings (see [`XBoardSetup`](crate::game::XBoardSetup)), as XBoard may still change
    /// the board with `variant`, whose answer it then takes.
    fn describe(&mut self, for_new: bool) {
        self.claims_trusted = false;
        if let Some(setup) = self.start.xboard_setup() {
            if for_new {
                self.out.send(&setup.lines_without_holdings);
            } else {
                self.out.send(&setup.lines);
                self.claims_trusted = setup.holdings;
            }
        }
    }

    fn new_game(&mut self) -> ControlFlow<SessionEnd> {
        self.abort();
        // The name was read when it was given; `BoardSize` may have changed its board since.
        let variant = variants::from_cecp(&self.variant_name, self.host.variant);
        if let Some(variant) = variant.filter(|&variant| variant != self.variant) {
            return self.switch(variant, Command::New);
        }
        self.host.engine().clear();
        self.history = GameHistory::new(self.start.clone());
        self.depth = None;
        self.opponent_is_engine = false;
        self.time.new_game();
        self.expected = None;
        self.describe(true);
        if self.mode == Mode::Analyze {
            self.analyze();
        } else {
            self.mode = Mode::Play(Color::Black);
        }
        ControlFlow::Continue(())
    }

    fn variant(&mut self, name: &str) -> ControlFlow<SessionEnd> {
        let command = format!("variant {name}");
        let Some(variant) = variants::from_cecp(name, self.host.variant) else {
            let reason = format!("unknown variant; {}", format::variants_played());
            self.error(&reason, &command);
            return ControlFlow::Continue(());
        };
        if !format::shows(variant) {
            let reason = format!("XBoard cannot show {name}; {}", format::variants_played());
            self.error(&reason, &command);
            return ControlFlow::Continue(());
        }
        self.abort();
        self.variant_name = name.to_string();
        if variant != self.variant {
            return self.switch(variant, Command::Variant(name.to_string()));
        }
        self.history = GameHistory::new(self.start.clone());
        self.expected = None;
        self.describe(false);
        if self.mode == Mode::Analyze {
            self.analyze();
        }
        ControlFlow::Continue(())
    }

    fn set_board(&mut self, fen: &str) {
        match G::from_text(fen) {
            Ok(game) => {
                self.abort();
                // XBoard writes holdings, even empty ones, as a bracketed field after the
                // board (`PPPPPPPP[-]`).
                self.claims_trusted = fen
                    .split_whitespace()
                    .next()
                    .is_some_and(|board| board.contains('['));
                self.history = GameHistory::new(game);
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
        let turn = match format::read_turn(&game, text) {
            Ok(turn) => turn,
            Err(reason) => return self.out.send(&format!("Illegal move ({reason}): {text}")),
        };
        // Pondering or analysis was about another position.
        self.abort();
        let after = game.play_all(&turn);
        self.history.push(after.clone());
        match self.mode {
            Mode::Analyze => self.analyze(),
            Mode::Play(engine) if after.side_to_move() == engine => self.think(),
            Mode::Play(_) => {
                self.claim_if_over(&after);
            }
            Mode::Force => {}
        }
    }

    fn take_back(&mut self, turns: usize, command: &str) {
        self.abort();
        if !self.history.take_back(turns) {
            return self.error("command not legal now: no move to take back", command);
        }
        if self.mode == Mode::Analyze {
            self.analyze();
        }
    }

    /// `Hint: MOVE`: the analysis' best turn, or the turn the engine expects; nothing when
    /// it has no idea (as CECP allows).
    fn hint(&self) {
        let game = self.history.current();
        let from_analysis = self.latest_analysis().and_then(|(analysed, report)| {
            same_position(&analysed, &game)
                .then(|| first_whole_turn(&game, &report.pv))
                .flatten()
        });
        let expected = self.expected_here(&game);
        if let Some(turn) = from_analysis.or(expected) {
            self.out
                .send(&format!("Hint: {}", format::turn_name(&game, &turn)));
        }
    }

    /// The turn the engine expects in `game`, if it expects one there.
    pub(super) fn expected_here(&self, game: &G) -> Option<Vec<G::Move>> {
        let (position, turn) = self.expected.as_ref()?;
        same_position(position, game).then(|| turn.clone())
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
        let best = first_whole_turn(&game, &report.pv)
            .map(|turn| format::turn_name(&game, &turn))
            .unwrap_or_default();
        self.out.send(&format!(
            "stat01: {} {} {} 0 {} {best}",
            search.started.elapsed().as_millis() / 10,
            report.nodes,
            report.depth,
            game.legal_moves().len(),
        ));
    }

    fn latest_analysis(&self) -> Option<Analysis<G>> {
        self.analysis
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Applies a setting, which needs the engine to itself: a move being thought about is
    /// finished first, pondering is dropped, analysis starts again afterwards.
    fn set(&mut self, setting: Setting, command: &str) {
        while self.searching(Kind::Think) {
            match self.results.receiver.recv() {
                Ok(finished) => self.search_ended(finished),
                // Cannot happen: the session holds a sender itself.
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

    /// Sends the result if the game is over; says whether it was. XBoard 4.9.1 tests win
    /// claims between two engines by its own chess-like rules, which know no goal: with
    /// Debian's `-testClaims true` it would score a true win claim as false, unless the
    /// board has holdings (it does not test claims in such games), and it accepts every
    /// loss claim. So against another engine the engine claims its own win only on a board
    /// with holdings, and otherwise leaves it to the loser.
    pub(super) fn claim_if_over(&self, game: &G) -> bool {
        let Some(outcome) = game.outcome() else {
            return false;
        };
        let own_win = matches!(
            (self.mode, outcome.result),
            (Mode::Play(side), GameResult::Win(winner)) if side == winner
        );
        if !(own_win && self.opponent_is_engine && !self.claims_trusted) {
            self.out.send(&format::result(&outcome));
        }
        true
    }
}

/// Whether two positions are the same (by their position strings: a game need not compare
/// its positions itself).
fn same_position<G: Game>(one: &G, other: &G) -> bool {
    one.to_text() == other.to_text()
}
