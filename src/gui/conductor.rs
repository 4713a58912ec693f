//! [`Conductor`]: what a page's engine should be doing, and the engine's answers turned into
//! moves, scores and verdicts. One search at a time: when what is wanted changes (a move
//! played, the position changed, analysis turned off, "move now"), the running search gets
//! `stop`, and the next starts only after its `bestmove` — so every `bestmove` belongs to
//! the search the conductor started last, and one found for a position the page has left is
//! dropped (each search carries the generation of the position it was started on).
//!
//! What is wanted, in order: a proof ("who wins?", until it answers), Troyka's move when the
//! side to move is Troyka's and the page stands at the end of the game, or when the person
//! asked Troyka to play their turn for them ("suggest a setup"), analysis of the shown
//! position when it is turned on; else nothing.

use super::board::Board;
use super::info::Info;
use super::line::Eval;
use super::page_engine::PageEngine;
use super::view::{side_index, ScoreView};
use crate::game::Color;
use crate::tournament::game_record::MoveNote;
use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};

/// Who plays a side.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    Human,
    Troyka,
}

/// The page's choices.
#[derive(Clone, Debug, Serialize)]
pub struct PageSettings {
    /// White's (gold's) and black's (silver's) players.
    pub players: [Player; 2],
    /// Troyka's time per move, in milliseconds.
    pub movetime_ms: u64,
    /// Lines shown while analysing (`MultiPV`).
    pub multipv: usize,
    /// Whether the engine analyses the shown position when it has no move to make.
    pub analyse: bool,
}

impl Default for PageSettings {
    fn default() -> PageSettings {
        PageSettings {
            players: [Player::Human, Player::Troyka],
            movetime_ms: 1000,
            multipv: 1,
            analyse: false,
        }
    }
}

/// What the engine is asked to do.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Task {
    /// Troyka's move, in the time per move.
    Move { movetime_ms: u64 },
    /// Analysis until stopped, with this many lines.
    Analyse { lines: usize },
    /// A proof, in at most this long.
    Solve { time: Duration },
}

impl Task {
    fn name(self) -> &'static str {
        match self {
            Task::Move { .. } => "thinking",
            Task::Analyse { .. } => "analysing",
            Task::Solve { .. } => "solving",
        }
    }
}

/// The search running in the engine.
struct Work {
    task: Task,
    /// The generation of the position it searches.
    generation: u64,
    /// That position: the turns played before it.
    index: usize,
    /// The side to move there, for whom the engine's scores are.
    side: Color,
    started: Instant,
    /// Whether `stop` has been sent.
    stopping: bool,
    /// The last line of each principal variation that had a score.
    lines: Vec<Info>,
    /// The last exact line of each: the last whole iteration's, since a search reports
    /// exact lines only at the end of an iteration (and bounds in the middle of one).
    exact: Vec<Info>,
}

impl Work {
    /// Whether `info` is an analysis's closing report: once stopped, the engine sums up the
    /// search in a report of line 1 at the depth of its last whole iteration, but with
    /// the score of the iteration it was stopped in, whose first line may have been
    /// searched deeper than the others or cut short: out of order with them (line 1 below
    /// line 2), and not of that depth. The page keeps the last whole iteration's lines,
    /// and the chart its score. The reports the engine wrote before it read `stop` (the
    /// rest of an iteration, a new line 1, deeper) are shown as ever. A move's search
    /// is not stopped this way but told to move now, and its closing report is the move's
    /// score.
    fn closing_report(&self, info: &Info) -> bool {
        let shown = self.lines.first().filter(|line| line.multipv == 1);
        self.stopping
            && matches!(self.task, Task::Analyse { .. })
            && info.multipv == 1
            && shown.is_some_and(|line| line.depth >= info.depth)
    }

    /// The current search's lines, scores from white's side.
    fn view(&self) -> InfoView {
        self.view_of(&self.lines)
    }

    /// `lines` of the current search, scores from white's side.
    fn view_of(&self, lines: &[Info]) -> InfoView {
        let lines = lines
            .iter()
            .filter_map(|line| {
                let score = line.score?;
                let white = Eval::from_mover(score, 0, self.side).score;
                let bound = match (self.side, line.bound) {
                    (Color::Black, Some("lower")) => Some("upper"),
                    (Color::Black, Some(_)) => Some("lower"),
                    (_, bound) => bound,
                };
                Some(LineView {
                    multipv: line.multipv,
                    depth: line.depth,
                    seldepth: line.seldepth,
                    score: ScoreView::new(white, line.depth.unwrap_or(0)),
                    bound,
                    nodes: line.nodes,
                    nps: line.nps,
                    time: line.time,
                    pv: line.pv.clone(),
                })
            })
            .collect();
        InfoView {
            generation: self.generation,
            task: self.task.name(),
            index: self.index,
            lines,
        }
    }
}

/// One principal variation as the page shows it, the score from white's side.
#[derive(Serialize, Debug)]
pub struct LineView {
    pub multipv: usize,
    pub depth: Option<u32>,
    pub seldepth: Option<u32>,
    pub score: ScoreView,
    pub bound: Option<&'static str>,
    pub nodes: Option<u64>,
    pub nps: Option<u64>,
    pub time: Option<u64>,
    pub pv: Vec<String>,
}

/// The engine's lines for the position shown.
#[derive(Serialize, Debug)]
pub struct InfoView {
    pub generation: u64,
    /// `thinking`, `analysing` or `solving`.
    pub task: &'static str,
    /// The turns played before the searched position.
    pub index: usize,
    pub lines: Vec<LineView>,
}

/// What a line from the engine changed, for the page.
#[derive(Default)]
pub struct Update {
    /// The game or the session's state changed: the page needs the new state.
    pub state: bool,
    /// New search lines.
    pub info: Option<InfoView>,
}

/// A page's engine and what it is doing. It starts with no engine: see
/// [`Conductor::attach`].
#[derive(Default)]
pub struct Conductor {
    engine: Option<PageEngine>,
    pub settings: PageSettings,
    /// "Who wins?" asked for the current position, with its time limit.
    solve: Option<Duration>,
    /// Troyka asked to play the person's turn in the current position ("suggest").
    suggest: bool,
    work: Option<Work>,
    /// Counts the positions the page has shown; a search found for an older one is dropped.
    generation: u64,
    /// The engine's `UCI_Variant` and `MultiPV` as the conductor set them (none at first,
    /// so that the first search sets both).
    engine_game: &'static str,
    engine_lines: usize,
    /// Whether `ucinewgame` is due before the next search.
    new_game: bool,
    /// The solver's last word on the current position.
    verdict: Option<String>,
    /// A message for the person: the engine's error, or that it has stopped.
    pub message: Option<String>,
}

impl Conductor {
    /// The engine to conduct, just started (Breakthrough, one line).
    pub fn attach(&mut self, engine: PageEngine) {
        self.engine = Some(engine);
    }

    pub fn generation(&self) -> u64 {
        self.generation
    }

    pub fn verdict(&self) -> Option<&str> {
        self.verdict.as_deref()
    }

    /// What the engine is doing: `idle`, `thinking`, `analysing`, `solving`, or `stopped`
    /// once it has ended.
    pub fn status(&self) -> &'static str {
        match (&self.engine, &self.work) {
            (None, _) => "stopped",
            (Some(_), None) => "idle",
            (Some(_), Some(work)) => work.task.name(),
        }
    }

    /// The position shown has changed: what was found for the old one no longer applies.
    pub fn position_changed(&mut self) {
        self.generation += 1;
        self.solve = None;
        self.suggest = false;
        self.verdict = None;
    }

    /// A new game: as [`Conductor::position_changed`], and the engine's table is cleared
    /// before its next search.
    pub fn game_changed(&mut self) {
        self.position_changed();
        self.new_game = true;
    }

    /// Asks for a proof of the position, in at most `time`.
    pub fn request_solve(&mut self, board: &dyn Board, time: Duration) -> Result<(), String> {
        if !board.solvable() {
            return Err("the solver proves only Breakthrough positions of small boards".into());
        }
        if board.is_over() {
            return Err("the game is over".into());
        }
        self.solve = Some(time);
        self.verdict = Some("solving…".into());
        Ok(())
    }

    /// "Suggest": Troyka plays the person's turn for them, in the time per move (a whole
    /// setup in Breakthru's setup phase, where placing twenty ships by hand is long).
    pub fn request_suggestion(&mut self, board: &dyn Board) -> Result<(), String> {
        if board.is_over() {
            return Err("the game is over".into());
        }
        let side = side_index(board.side_to_move());
        if !board.at_end() || board.has_legs() || self.settings.players[side] != Player::Human {
            return Err(
                "Troyka suggests a turn only for your side, at the end of the game, \
                        before you have begun it"
                    .into(),
            );
        }
        self.suggest = true;
        Ok(())
    }

    /// "Move now": Troyka's search or the proof ends now, with what it has; analysis is
    /// turned off.
    pub fn stop(&mut self) {
        self.settings.analyse = false;
        if let (Some(engine), Some(work)) = (&self.engine, &mut self.work) {
            if !work.stopping {
                engine.send("stop");
                work.stopping = true;
            }
        }
    }

    /// Ends the engine (the session is over).
    pub fn shut_down(&mut self) {
        self.engine = None;
        self.work = None;
    }

    /// The engine's output has ended: it quit or died.
    pub fn engine_ended(&mut self) {
        if self.engine.take().is_some() {
            self.message = Some("the engine has stopped; open a new page to play on".into());
        }
        self.work = None;
    }

    /// What the engine should be doing for `board`, if anything.
    fn wanted(&self, board: &dyn Board) -> Option<Task> {
        if let Some(time) = self.solve {
            return Some(Task::Solve { time });
        }
        if board.is_over() {
            return None;
        }
        let side = side_index(board.side_to_move());
        let troykas = self.settings.players[side] == Player::Troyka || self.suggest;
        if board.at_end() && !board.has_legs() && troykas {
            return Some(Task::Move {
                movetime_ms: self.settings.movetime_ms,
            });
        }
        self.settings.analyse.then_some(Task::Analyse {
            lines: self.settings.multipv,
        })
    }

    /// Brings the engine in line with what is wanted: stops a search that is no longer
    /// wanted, or starts the one that is when none runs.
    pub fn drive(&mut self, board: &dyn Board) {
        let wanted = self.wanted(board);
        let Some(engine) = &self.engine else {
            return;
        };
        match &mut self.work {
            Some(work) => {
                // A move search keeps running when only the time per move changes.
                let same_task = match (work.task, wanted) {
                    (Task::Move { .. }, Some(Task::Move { .. })) => true,
                    (task, wanted) => Some(task) == wanted,
                };
                let wanted_still = same_task && work.generation == self.generation;
                if !wanted_still && !work.stopping {
                    engine.send("stop");
                    work.stopping = true;
                }
            }
            None => {
                if let Some(task) = wanted {
                    self.start(board, task);
                }
            }
        }
    }

    fn start(&mut self, board: &dyn Board, task: Task) {
        let Some(engine) = &self.engine else {
            return;
        };
        if self.engine_game != board.game() {
            engine.send(&format!(
                "setoption name UCI_Variant value {}",
                board.game()
            ));
            self.engine_game = board.game();
        }
        if std::mem::take(&mut self.new_game) {
            engine.send("ucinewgame");
        }
        let lines = match task {
            Task::Analyse { lines } => lines,
            _ => 1,
        };
        if lines != self.engine_lines {
            engine.send(&format!("setoption name MultiPV value {lines}"));
            self.engine_lines = lines;
        }
        engine.send(&board.position_command());
        engine.send(&match task {
            Task::Move { movetime_ms } => format!("go movetime {movetime_ms}"),
            Task::Analyse { .. } => "go infinite".into(),
            Task::Solve { time } => format!("go solve movetime {}", time.as_millis()),
        });
        self.work = Some(Work {
            task,
            generation: self.generation,
            index: board.cursor(),
            side: board.side_to_move(),
            started: Instant::now(),
            stopping: false,
            lines: Vec::new(),
            exact: Vec::new(),
        });
    }

    /// An `info` line from the engine.
    pub fn on_info(&mut self, board: &mut dyn Board, info: Info) -> Update {
        let Some(work) = &mut self.work else {
            return Update::default();
        };
        let current = work.generation == self.generation;
        if let Some(text) = &info.string {
            return match text.strip_prefix("error: ") {
                Some(error) => {
                    self.message = Some(format!("the engine says: {error}"));
                    if error.starts_with("go ignored") {
                        // No `bestmove` comes for a refused `go`. Asking again would be
                        // refused again: nothing more is asked until the page acts.
                        self.work = None;
                        self.solve = None;
                        self.settings.players = [Player::Human; 2];
                        self.settings.analyse = false;
                    }
                    Update {
                        state: true,
                        info: None,
                    }
                }
                None if current && matches!(work.task, Task::Solve { .. }) => {
                    self.verdict = Some(text.clone());
                    Update {
                        state: true,
                        info: None,
                    }
                }
                None => Update::default(),
            };
        }
        let Some(score) = info.score else {
            return Update::default();
        };
        if !current || work.closing_report(&info) {
            return Update::default();
        }
        let mut state = false;
        if info.multipv == 1 && info.bound.is_none() {
            board.set_eval(
                work.index,
                Eval::from_mover(score, info.depth.unwrap_or(0), work.side),
            );
            state = true;
        }
        if info.bound.is_none() {
            keep(&mut work.exact, info.clone());
        }
        keep(&mut work.lines, info);
        Update {
            state,
            info: Some(work.view()),
        }
    }

    /// A `bestmove` from the engine: Troyka's move is played if the page still wants it;
    /// then the next search starts. The session's state always changes (the engine's
    /// status at least). An analysis that ended in the middle of an iteration leaves the
    /// lines of its last whole one, when the page was shown others (a bound of the
    /// unfinished iteration): they are returned for the page.
    pub fn on_bestmove(&mut self, board: &mut dyn Board, best: &str) -> Option<InfoView> {
        let work = self.work.take()?;
        let current = work.generation == self.generation;
        match work.task {
            Task::Move { .. }
                if current && matches!(self.wanted(board), Some(Task::Move { .. })) =>
            {
                let best_line = work.lines.first();
                let note = MoveNote {
                    score: best_line.and_then(|line| line.score),
                    depth: best_line.and_then(|line| line.depth),
                    nps: best_line.and_then(|line| line.nps),
                    time: work.started.elapsed(),
                };
                self.suggest = false;
                match board.play_turn(best, Some(note)) {
                    Ok(()) => self.position_changed(),
                    Err(error) => {
                        self.message = Some(format!("Troyka's move {best} was refused: {error}"));
                        // Nothing more is asked of the engine until the page acts.
                        self.settings.players = [Player::Human; 2];
                    }
                }
            }
            Task::Solve { .. } if current => {
                self.solve = None;
                if let Some(verdict) = &mut self.verdict {
                    if verdict.starts_with("solved") {
                        verdict.push_str(&format!("; the move: {best}"));
                    }
                }
            }
            _ => {}
        }
        let settled =
            (current && matches!(work.task, Task::Analyse { .. }) && work.lines != work.exact)
                .then(|| work.view_of(&work.exact));
        self.drive(board);
        settled
    }
}

/// Puts `info` in `lines` in place of the last line of its principal variation, keeping
/// them in order.
fn keep(lines: &mut Vec<Info>, info: Info) {
    match lines.iter_mut().find(|line| line.multipv == info.multipv) {
        Some(line) => *line = info,
        None => lines.push(info),
    }
    lines.sort_by_key(|line| line.multipv);
}

#[cfg(test)]
mod tests;
