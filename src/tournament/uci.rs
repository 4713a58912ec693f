//! The dialogue with one engine in UCI or UGI: handshake and options, new games, `go`
//! commands, and reading `info` and `bestmove` lines. Timing and judging moves belong to
//! the referee; this module only knows the words.

use super::game_record::{ReportedScore, Turn};
use super::logs::Logs;
use super::process::{EngineProcess, Next};
use super::spec::{EngineSpec, Protocol};
use crate::game::{Color, Game};
use crate::games::Variant;
use crossbeam_channel::Receiver;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long starting an engine or answering `isready` may take. Generous: a loaded
/// machine, or an engine allocating a large hash table, can be slow here without being
/// broken.
const READY_TIMEOUT: Duration = Duration::from_secs(30);

/// Why talking to an engine failed.
#[derive(Debug, PartialEq)]
pub enum EngineFailure {
    /// The process ended or closed its pipes; the text says how.
    Crashed(String),
    /// It did not answer in time; the text says what it did not answer.
    Unresponsive(String),
    /// It answered an option with an error: the option and the engine's words.
    Refused(String),
    /// The event is stopping.
    Stopped,
}

/// The last values an engine reported while thinking about one move.
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub struct LatestInfo {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub nps: Option<u64>,
    pub score: Option<ReportedScore>,
}

impl LatestInfo {
    /// Folds one `info` line into the values so far.
    pub fn update(&mut self, line: &str) {
        let mut words = line.split_whitespace();
        if words.next() != Some("info") {
            return;
        }
        let mut time_ms = None;
        let mut nps_reported = false;
        while let Some(word) = words.next() {
            match word {
                // Free text and the PV run to the end of the line.
                "string" | "pv" => break,
                "depth" => self.depth = number(words.next()).or(self.depth),
                "nodes" => self.nodes = number(words.next()).or(self.nodes),
                "time" => time_ms = number::<u64>(words.next()),
                "nps" => {
                    if let Some(nps) = number(words.next()) {
                        self.nps = Some(nps);
                        nps_reported = true;
                    }
                }
                "score" => {
                    self.score = match (words.next(), number(words.next())) {
                        (Some("cp"), Some(cp)) => Some(ReportedScore::Centipawns(cp)),
                        (Some("mate"), Some(n)) => Some(ReportedScore::Mate(n)),
                        _ => self.score,
                    }
                }
                _ => {}
            }
        }
        // Some engines report nodes and time but no nps.
        if let (false, Some(nodes), Some(ms)) = (nps_reported, self.nodes, time_ms) {
            self.nps = nodes.saturating_mul(1000).checked_div(ms).or(self.nps);
        }
    }
}

fn number<T: std::str::FromStr>(word: Option<&str>) -> Option<T> {
    word?.parse().ok()
}

/// The remaining time and increment of one side's clock, for `go`.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct ClockState {
    pub remaining: Duration,
    pub increment: Duration,
}

/// What engines are told of the game an event plays, worked out once from its start
/// position.
#[derive(Clone, Debug, PartialEq)]
pub struct GameSetup {
    /// The value of `UCI_Variant`: the game's name ([`Game::NAME`]).
    variant: &'static str,
    /// Whether `UCI_Variant` is sent to an engine that does not offer it. Not for the
    /// default game, which an engine without the option is taken to play (so what
    /// Fairy-Stockfish and Troyka are sent for Breakthrough stays as it always was); any
    /// other game must be asked for, and an engine that refuses it cannot play.
    variant_required: bool,
    /// The value of `BoardSize`, for a game played on boards of several sizes.
    board_size: Option<String>,
    /// The variant that names the game on this board alone (`breakthrough6`), if any.
    board_variant: Option<&'static str>,
    /// The start position's string, for a game with one board: its engines are sent
    /// `position startpos` from it. A game of several boards always gets its root as a
    /// position string, so that engines need no `startpos` for the event's board.
    startpos: Option<String>,
}

impl GameSetup {
    pub fn new<G: Game>(start: &G) -> GameSetup {
        let board_size = start.board_size();
        GameSetup {
            variant: G::NAME,
            variant_required: G::NAME != Variant::default().game_name(),
            startpos: board_size.is_none().then(|| start.to_text()),
            board_variant: board_size
                .as_deref()
                .and_then(|size| Variant::named_for_board(G::NAME, size)),
            board_size,
        }
    }

    /// `position startpos|fen <root> [moves <turn> ...]`: the root and every turn since.
    pub fn position_command<G: Game>(&self, root: &G, moves: &[Turn<G>]) -> String {
        let text = root.to_text();
        let mut command = match &self.startpos {
            Some(start) if *start == text => "position startpos".to_string(),
            _ => format!("position fen {text}"),
        };
        if !moves.is_empty() {
            command += " moves";
            let mut position = root.clone();
            for turn in moves {
                command += " ";
                command += &position.turn_name(turn);
                for &mv in turn {
                    position = position.play(mv);
                }
            }
        }
        command
    }

    /// The options that choose the game, for an engine that offers the options `offered`
    /// (any case), unless the user set them.
    fn options(&self, offered: &[String], user_set: &[(String, String)]) -> Vec<(String, String)> {
        let offers = |name: &str| offered.iter().any(|n| n.eq_ignore_ascii_case(name));
        let set = |name: &str| user_set.iter().any(|(n, _)| n.eq_ignore_ascii_case(name));
        let mut options = Vec::new();
        // An engine that cannot be told the board can only play it as the variant named
        // for it: Fairy-Stockfish plays 6x6 as `breakthrough6`, never as `breakthrough`.
        let variant = match self.board_variant {
            Some(name) if !offers("BoardSize") => name,
            _ => self.variant,
        };
        if (self.variant_required || offers("UCI_Variant")) && !set("UCI_Variant") {
            options.push(("UCI_Variant".to_string(), variant.to_string()));
        }
        if let Some(size) = self.board_size.as_ref().filter(|_| offers("BoardSize")) {
            if !set("BoardSize") {
                options.push(("BoardSize".to_string(), size.clone()));
            }
        }
        options
    }
}

/// The runner's end of the dialogue with one running engine that has answered the
/// handshake.
pub struct EngineClient {
    process: EngineProcess,
    proto: Protocol,
}

impl EngineClient {
    /// Starts the engine, sets its options and waits until it is ready. The options that
    /// choose the game (see [`GameSetup`]) follow the user's, unless the user set them, so
    /// Fairy-Stockfish needs no extra options.
    pub fn start(
        spec: &EngineSpec,
        label: String,
        logs: Arc<Logs>,
        setup: &GameSetup,
        stop: &Receiver<()>,
    ) -> Result<EngineClient, EngineFailure> {
        let process = EngineProcess::spawn(spec, label, logs).map_err(EngineFailure::Crashed)?;
        let mut engine = EngineClient {
            process,
            proto: spec.proto,
        };
        let (hello, ok) = match spec.proto {
            Protocol::Uci => ("uci", "uciok"),
            Protocol::Ugi => ("ugi", "ugiok"),
        };
        engine.send(hello)?;
        let mut offered = Vec::new();
        engine.wait_for(ok, stop, |line| {
            if let Some(name) = option_name(line) {
                offered.push(name.to_string());
            }
        })?;
        let mut options = spec.options.clone();
        options.extend(setup.options(&offered, &spec.options));
        // One option at a time, each followed by `isready`, so that an error answer names
        // the option it is about.
        for (name, value) in &options {
            engine.send(&format!("setoption name {name} value {value}"))?;
            engine.send("isready")?;
            let mut refusal = None;
            engine.wait_for("readyok", stop, |line| {
                if refusal.is_none() && is_error_answer(line) {
                    refusal = Some(line.trim().to_string());
                }
            })?;
            if let Some(answer) = refusal {
                return Err(EngineFailure::Refused(format!(
                    "option {name}={value}: the engine answered '{answer}'"
                )));
            }
        }
        engine.sync(stop)?;
        Ok(engine)
    }

    /// `ucinewgame` (or `uginewgame`), then waits until the engine is ready.
    pub fn new_game(&mut self, stop: &Receiver<()>) -> Result<(), EngineFailure> {
        self.send(match self.proto {
            Protocol::Uci => "ucinewgame",
            Protocol::Ugi => "uginewgame",
        })?;
        self.sync(stop)
    }

    /// Sends the position and the `go` command; returns when the `go` was written, which
    /// is when the engine's clock starts.
    pub fn go(&mut self, position: &str, go: &str) -> Result<Instant, EngineFailure> {
        self.send(position)?;
        self.send(go)?;
        Ok(Instant::now())
    }

    /// Waits for `bestmove`, folding `info` lines into `info`. Returns the move text and
    /// when the line arrived.
    pub fn await_bestmove(
        &mut self,
        deadline: Instant,
        stop: &Receiver<()>,
        info: &mut LatestInfo,
    ) -> Result<(String, Instant), EngineFailure> {
        loop {
            match self.process.next_line(deadline, stop) {
                Next::Line(at, line) => {
                    let mut words = line.split_whitespace();
                    match words.next() {
                        Some("info") => info.update(&line),
                        Some("bestmove") => {
                            return Ok((words.next().unwrap_or("").to_string(), at));
                        }
                        _ => {}
                    }
                }
                Next::Timeout => return Err(EngineFailure::Unresponsive("no bestmove".into())),
                Next::Closed => return Err(self.crashed()),
                Next::Stopped => return Err(EngineFailure::Stopped),
            }
        }
    }

    pub fn quit(self) {
        self.process.quit();
    }

    fn send(&mut self, line: &str) -> Result<(), EngineFailure> {
        self.process.send(line).map_err(|_| self.crashed())
    }

    fn crashed(&mut self) -> EngineFailure {
        EngineFailure::Crashed(self.process.exit_status())
    }

    fn sync(&mut self, stop: &Receiver<()>) -> Result<(), EngineFailure> {
        self.send("isready")?;
        self.wait_for("readyok", stop, |_| {})
    }

    /// Reads lines until one is exactly `expected`, passing the others to `seen`.
    fn wait_for(
        &mut self,
        expected: &str,
        stop: &Receiver<()>,
        mut seen: impl FnMut(&str),
    ) -> Result<(), EngineFailure> {
        let deadline = Instant::now() + READY_TIMEOUT;
        loop {
            match self.process.next_line(deadline, stop) {
                Next::Line(_, line) if line.trim() == expected => return Ok(()),
                Next::Line(_, line) => seen(&line),
                Next::Timeout => {
                    return Err(EngineFailure::Unresponsive(format!(
                        "no {expected} within {} s",
                        READY_TIMEOUT.as_secs()
                    )))
                }
                Next::Closed => return Err(self.crashed()),
                Next::Stopped => return Err(EngineFailure::Stopped),
            }
        }
    }
}

/// Whether a line answering `setoption` says it was refused: Troyka's `info string error:
/// ...`, Stockfish's `No such option: ...`, or any other answer speaking of an error.
fn is_error_answer(line: &str) -> bool {
    let line = line.to_ascii_lowercase();
    [
        "error",
        "no such option",
        "unknown option",
        "invalid",
        "illegal",
    ]
    .iter()
    .any(|word| line.contains(word))
}

/// The name in `option name <name> type ...` (names may contain spaces).
fn option_name(line: &str) -> Option<&str> {
    let rest = line.trim().strip_prefix("option name ")?;
    Some(rest.split(" type ").next().unwrap_or(rest).trim())
}

/// The `go` command for the side to move. Each side's clock is `None` when that engine
/// plays without one.
pub fn go_command(
    proto: Protocol,
    clocks: [Option<ClockState>; 2],
    movetime: Option<Duration>,
    nodes: Option<u64>,
    depth: Option<u32>,
) -> String {
    let mut go = String::from("go");
    let names = match proto {
        Protocol::Uci => [("wtime", "winc"), ("btime", "binc")],
        Protocol::Ugi => [("p1time", "p1inc"), ("p2time", "p2inc")],
    };
    for color in [Color::White, Color::Black] {
        if let Some(clock) = clocks[color as usize] {
            let (time, inc) = names[color as usize];
            go += &format!(" {time} {}", clock.remaining.as_millis());
            go += &format!(" {inc} {}", clock.increment.as_millis());
        }
    }
    if let Some(movetime) = movetime {
        go += &format!(" movetime {}", movetime.as_millis());
    }
    if let Some(nodes) = nodes {
        go += &format!(" nodes {nodes}");
    }
    if let Some(depth) = depth {
        go += &format!(" depth {depth}");
    }
    go
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::breakthrough::{BoardSize, Breakthrough};
    use crate::games::relay::Relay;

    #[test]
    fn options_choose_the_game_and_only_breakthrough_goes_without() {
        let names = |names: &[&str]| names.iter().map(|n| n.to_string()).collect::<Vec<_>>();
        let pairs = |pairs: &[(&str, &str)]| -> Vec<(String, String)> {
            pairs
                .iter()
                .map(|(n, v)| (n.to_string(), v.to_string()))
                .collect()
        };
        let seven = GameSetup::new(&Breakthrough::start(BoardSize::new(7, 7).unwrap()));
        assert_eq!(
            seven.options(&names(&["Hash", "UCI_Variant", "BoardSize"]), &[]),
            pairs(&[("UCI_Variant", "breakthrough"), ("BoardSize", "7x7")])
        );
        assert_eq!(seven.options(&names(&["Hash"]), &[]), []);
        // Without BoardSize, the variant that is 7x7 (Fairy-Stockfish's).
        assert_eq!(
            seven.options(&names(&["UCI_Variant"]), &[]),
            pairs(&[("UCI_Variant", "breakthrough7")])
        );
        let nine = GameSetup::new(&Breakthrough::start(BoardSize::new(9, 9).unwrap()));
        assert_eq!(
            nine.options(&names(&["UCI_Variant"]), &[]),
            pairs(&[("UCI_Variant", "breakthrough")])
        );
        let user = pairs(&[("uci_variant", "breakthrough7")]);
        assert_eq!(
            seven.options(&names(&["UCI_Variant", "boardsize"]), &user),
            pairs(&[("BoardSize", "7x7")])
        );
        let relay = GameSetup::new(&Relay::start());
        assert_eq!(
            relay.options(&names(&["BoardSize"]), &[]),
            pairs(&[("UCI_Variant", "relay")])
        );
        let user = pairs(&[("UCI_Variant", "relay")]);
        assert_eq!(relay.options(&[], &user), []);
    }

    #[test]
    fn info_lines_keep_the_latest_values() {
        let mut info = LatestInfo::default();
        info.update("info depth 5 seldepth 7 multipv 1 score cp -13 nodes 1447 nps 206714 tbhits 0 time 7 pv d7c6 h2g3");
        info.update("info string depth 99 nodes 1");
        info.update("info depth 6 score mate -3 upperbound nodes 2000 time 10 pv a7a6 depth 40");
        assert_eq!(
            info,
            LatestInfo {
                depth: Some(6),
                nodes: Some(2000),
                nps: Some(200_000),
                score: Some(ReportedScore::Mate(-3)),
            }
        );
        info.update("bestmove a7a6");
        info.update("info depth x nodes");
        assert_eq!(info.depth, Some(6));
        assert_eq!(ReportedScore::Centipawns(31).text(), "+0.31");
        assert_eq!(ReportedScore::Centipawns(-120).text(), "-1.20");
        assert_eq!(ReportedScore::Mate(-3).text(), "-M3");
        assert_eq!(ReportedScore::Mate(5).text(), "+M5");
    }

    #[test]
    fn go_commands() {
        let clock = |ms| {
            Some(ClockState {
                remaining: Duration::from_millis(ms),
                increment: Duration::from_millis(20),
            })
        };
        assert_eq!(
            go_command(Protocol::Uci, [clock(1500), clock(900)], None, None, None),
            "go wtime 1500 winc 20 btime 900 binc 20"
        );
        assert_eq!(
            go_command(Protocol::Ugi, [clock(1500), None], None, Some(100), None),
            "go p1time 1500 p1inc 20 nodes 100"
        );
        assert_eq!(
            go_command(
                Protocol::Uci,
                [None, None],
                Some(Duration::from_millis(250)),
                None,
                Some(9)
            ),
            "go movetime 250 depth 9"
        );
    }

    #[test]
    fn error_answers_to_options() {
        assert!(is_error_answer(
            "info string error: option Hash must be from 1 to 65536, not 0"
        ));
        assert!(is_error_answer("No such option: Contempt"));
        assert!(!is_error_answer(
            "info string EvalFile: a network for Breakthrough 7x7, used whenever Breakthrough 7x7 is played"
        ));
    }

    #[test]
    fn option_names() {
        assert_eq!(
            option_name("option name UCI_Variant type combo default chess var breakthrough"),
            Some("UCI_Variant")
        );
        assert_eq!(
            option_name("option name Move Overhead type spin default 30"),
            Some("Move Overhead")
        );
        assert_eq!(option_name("id name x"), None);
    }
}
