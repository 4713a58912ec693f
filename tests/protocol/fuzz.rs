//! The protocol fuzzer: random and malformed lines sent to the real binary, in both
//! dialects, for a time budget (`tests/fuzz_support` says how to set it and the seed), with
//! the protocol's promises checked after every line:
//! - no panic (stderr is searched), and the engine answers every `isready` and `ping`;
//! - UCI: every accepted `go` gets exactly one `bestmove`, legal in the position it searched;
//!   a refused command leaves the position and board unchanged (`d` shows them). The session
//!   driver, [`fuzz_uci_session`], serves Breakthru's fuzzer too (`breakthru_fuzz.rs`);
//! - CECP: every `go` the engine accepts ends in one `move` (or the result of a finished
//!   game), never two moves for one command.
//!
//! After every line the fuzzer sends `stop` (UCI) or `?` (CECP), so long commands end.

use crate::fuzz_support::{
    below, chance, garbage, number, pick, random_game, report, spoil, Budget,
};
use crate::harness::{Troyka, PATIENCE};
use rand_mt::Mt64;
use std::process::Stdio;
use std::time::Instant;
use troyka::games::breakthrough::Breakthrough;

const OPTION_NAMES: &[&str] = &[
    "Hash",
    "hash",
    "Threads",
    "Move Overhead",
    "MultiPV",
    "Ponder",
    "BoardSize",
    "UCI_Variant",
    "Clear Hash",
    "EvalFile",
    "Use NNUE",
    "use nnue",
    "Contempt",
    "",
];

fn option_value(rng: &mut Mt64, name: &str) -> String {
    match below(rng, 5) {
        0 => number(rng),
        1 => pick(rng, &["true", "false", "TRUE", "maybe", "", "<empty>"]).to_string(),
        2 => pick(
            rng,
            &[
                "6x6",
                "8x8",
                "16x16",
                "2x4",
                "1x4",
                "20x20",
                "0x0",
                "x",
                "breakthrough",
                "breakthrough7",
                "chess",
            ],
        )
        .to_string(),
        3 if name == "EvalFile" => pick(
            rng,
            &[
                "/no/such.nnue",
                "/dev/zero",
                "/",
                "nets/7x7.nnue",
                "Cargo.toml",
            ],
        )
        .to_string(),
        _ => spoil(rng, "8x8"),
    }
}

/// What a generated line is, as far as the checks care.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Kind {
    /// A `go`: one `bestmove` unless refused, and the position stays.
    Go,
    /// A valid line that sets the position: it must be accepted, and `d` must then show
    /// each of these lines.
    Sets(Vec<String>),
    /// A line the engine must refuse, changing nothing.
    Invalid,
    /// A line the engine must answer with exactly these lines, changing nothing.
    Answers(Vec<String>),
    /// Anything else: if refused, it changes nothing.
    Other,
}

fn moves_text(rng: &mut Mt64, game: &Breakthrough) -> String {
    let mut game = *game;
    let mut words = Vec::new();
    for _ in 0..below(rng, 6) {
        let legal = game.legal_moves();
        if legal.is_empty() || game.winner().is_some() || chance(rng, 10) {
            words.push(spoil(rng, "a2a3"));
            break;
        }
        let mv = legal[below(rng, legal.len())];
        words.push(game.move_name(mv));
        game = game.play(mv);
    }
    words.join(" ")
}

/// `go` with up to three random limits, odd numbers among them; `searchmoves` is followed by
/// what `moves` writes.
pub fn go_line(rng: &mut Mt64, mut moves: impl FnMut(&mut Mt64) -> String) -> String {
    let mut words = vec!["go".to_string()];
    for _ in 0..below(rng, 4) {
        let key = *pick(
            rng,
            &[
                "depth",
                "nodes",
                "movetime",
                "wtime",
                "btime",
                "winc",
                "binc",
                "p1time",
                "p2time",
                "p2inc",
                "movestogo",
                "mate",
                "infinite",
                "ponder",
                "searchmoves",
            ],
        );
        words.push(key.to_string());
        match key {
            "infinite" | "ponder" => {}
            "searchmoves" => words.push(moves(rng)),
            "depth" | "mate" if chance(rng, 70) => words.push((1 + below(rng, 5)).to_string()),
            "nodes" if chance(rng, 70) => words.push(below(rng, 30_000).to_string()),
            _ if chance(rng, 60) => words.push(below(rng, 300).to_string()),
            _ => words.push(number(rng)),
        }
    }
    words.join(" ")
}

/// Commands of one word or two that need no position (not `isready`: the fuzzer's own
/// `isready` after each line marks its end).
pub const PLAIN_COMMANDS: &[&str] = &[
    "ucinewgame",
    "uginewgame",
    "uci",
    "ugi",
    "stop",
    "ponderhit",
    "d",
    "eval",
    "help",
    "query x",
    "debug on",
    "register",
];

/// `perft` or `go perft` to any depth (the fuzzer's `stop` ends it).
pub fn perft_line(rng: &mut Mt64) -> String {
    format!("{} {}", pick(rng, &["perft", "go perft"]), number(rng))
}

/// `line` as it is, or in capitals (command words, keywords and move names are
/// case-insensitive), or with its words separated by other whitespace, all of which keep its
/// kind; or spoiled, unless it is a `go` (which may still be one): then no kind.
pub fn vary(rng: &mut Mt64, line: String, kind: Kind) -> (Vec<u8>, Kind) {
    match below(rng, 6) {
        0 => (line.to_uppercase().into_bytes(), kind),
        1 => (line.replace(' ', "\t  ").into_bytes(), kind),
        2 if kind != Kind::Go => (spoil(rng, &line).into_bytes(), Kind::Other),
        _ => (line.into_bytes(), kind),
    }
}

/// A UCI line, from the current position `game`.
fn uci_line(rng: &mut Mt64, game: &Breakthrough) -> (Vec<u8>, Kind) {
    let line = match below(rng, 20) {
        0..=4 => {
            let go = go_line(rng, |rng| moves_text(rng, game));
            return vary(rng, go, Kind::Go);
        }
        5..=7 => {
            let (other, _) = random_game(rng);
            let base = match below(rng, 3) {
                0 => "startpos".to_string(),
                1 => format!("fen {}", other.to_fen()),
                _ => format!("fen {}", spoil(rng, &other.to_fen())),
            };
            let from = if base == "startpos" {
                Breakthrough::start(game.size())
            } else {
                other
            };
            format!("position {base} moves {}", moves_text(rng, &from))
        }
        8..=10 => {
            let name = *pick(rng, OPTION_NAMES);
            format!("setoption name {name} value {}", option_value(rng, name))
        }
        11 => perft_line(rng),
        12 if chance(rng, 10) => "bench".to_string(),
        13 if chance(rng, 30) => {
            pick(rng, &["query p1turn", "query gameover", "query result"]).to_string()
        }
        13 => pick(rng, PLAIN_COMMANDS).to_string(),
        14..=16 => return (garbage(rng), Kind::Other),
        _ => {
            let (game, _) = random_game(rng);
            spoil(rng, &format!("position fen {} moves", game.to_fen()))
        }
    };
    vary(rng, line, Kind::Other)
}

fn is_refusal(line: &str) -> bool {
    // A number out of range is named and replaced, and the search runs: no refusal.
    line.starts_with("info string error: ") && !line.ends_with(" is used")
}

fn check_bestmove(line: &str, shown: &[String]) -> Result<(), String> {
    let best = crate::harness::best_move(line);
    let fen = shown_fen(shown);
    let game = Breakthrough::from_fen(fen).expect("the engine's own position string");
    let legal = if best == "0000" {
        game.winner().is_some()
    } else {
        game.parse_move(best).is_ok()
    };
    legal
        .then_some(())
        .ok_or_else(|| format!("{line} is not legal in {fen}"))
}

/// The position string in what `d` showed.
pub fn shown_fen(shown: &[String]) -> &str {
    shown
        .iter()
        .find_map(|line| line.strip_prefix("Fen: "))
        .unwrap_or_else(|| panic!("no Fen line in {shown:#?}"))
}

fn stderr_file(name: &str) -> (std::path::PathBuf, Stdio) {
    let path = std::env::temp_dir().join(format!("troyka-fuzz-{name}-{}.log", std::process::id()));
    let file = std::fs::File::create(&path).expect("a temporary file");
    (path, Stdio::from(file))
}

fn assert_no_panic(path: &std::path::Path) {
    let stderr = std::fs::read_to_string(path).unwrap_or_default();
    let _ = std::fs::remove_file(path);
    assert!(
        !stderr.contains("panicked"),
        "the engine panicked:\n{stderr}"
    );
}

/// Runs a UCI session on random lines for the budget of `tests/fuzz_support` (its random
/// stream `stream`, its name `name`), after sending `setup`. Each line is followed by `stop`
/// and `isready`, then `d`; `next_line` makes a line from what `d` showed last. Checks that
/// every `go` not refused gets exactly one `bestmove`, which `check_bestmove` judges against
/// what `d` showed before it; that a refused line, and any `go`, changed nothing `d` shows;
/// that a valid position line is taken and sets what it should; and that the engine never
/// panics and quits cleanly at the end.
pub fn fuzz_uci_session(
    name: &str,
    stream: u64,
    setup: &[&str],
    mut next_line: impl FnMut(&mut Mt64, &[String]) -> (Vec<u8>, Kind),
    check_bestmove: impl Fn(&str, &[String]) -> Result<(), String>,
) {
    let budget = Budget::from_env();
    let mut rng = budget.rng(stream);
    let (log, stderr) = stderr_file(name);
    let mut troyka = Troyka::start_with_stderr(stderr);
    for line in setup {
        let answer = troyka.ask(line);
        assert!(answer.iter().all(|l| !is_refusal(l)), "{line}: {answer:#?}");
    }
    let started = Instant::now();
    let mut lines_sent = 0;
    let mut transcript: Vec<String> = Vec::new();
    let mut known = troyka.ask("d");
    let seed = budget.seed;
    while budget.left() {
        let (line, kind) = next_line(&mut rng, &known);
        transcript.push(String::from_utf8_lossy(&line[..line.len().min(200)]).into_owned());
        if transcript.len() > 20 {
            transcript.remove(0);
        }
        let mut bytes = line.clone();
        bytes.extend_from_slice(b"\nstop\nisready\n");
        troyka.send_bytes(&bytes);
        lines_sent += 3;
        let wait = |troyka: &mut Troyka, done: fn(&str) -> bool| {
            troyka.try_until(PATIENCE, done).unwrap_or_else(|seen| {
                panic!("seed {seed}: no answer in {PATIENCE:?}: {seen:#?}\n{transcript:#?}")
            })
        };
        let mut answer = wait(&mut troyka, |line| line == "readyok");
        let refused = answer.iter().any(|line| is_refusal(line));
        let mut bestmoves = answer.iter().filter(|l| l.starts_with("bestmove")).count();
        if kind == Kind::Go && !refused && bestmoves == 0 {
            // `readyok` may come before the stopped search's `bestmove`.
            answer = wait(&mut troyka, |line| line.starts_with("bestmove"));
            bestmoves = 1;
        }
        let context = || format!("seed {seed}: {answer:#?}\nlast lines sent: {transcript:#?}");
        let expected = usize::from(kind == Kind::Go && !refused);
        assert_eq!(bestmoves, expected, "{}", context());
        if let Some(line) = answer.iter().find(|l| l.starts_with("bestmove")) {
            if let Err(error) = check_bestmove(line, &known) {
                panic!("{error}; {}", context());
            }
        }
        let now = troyka.ask("d");
        lines_sent += 2;
        match &kind {
            Kind::Sets(expected) => {
                assert!(!refused, "a valid line was refused; {}", context());
                for line in expected {
                    assert!(now.contains(line), "{line} not in {now:#?}; {}", context());
                }
            }
            Kind::Invalid => assert!(refused, "an invalid line was taken; {}", context()),
            Kind::Answers(expected) => {
                assert_eq!(&answer[..answer.len() - 1], expected, "{}", context())
            }
            Kind::Go | Kind::Other => {}
        }
        if refused || matches!(kind, Kind::Go | Kind::Invalid | Kind::Answers(_)) {
            assert_eq!(now, known, "the position changed; {}", context());
        }
        known = now;
    }
    report(
        &format!("{name} session (lines)"),
        &budget,
        lines_sent,
        started,
    );
    troyka.send("quit");
    let status = troyka.wait_exit(PATIENCE);
    assert!(status.is_some_and(|s| s.success()), "{status:?}");
    assert_no_panic(&log);
}

#[test]
fn uci_sessions_keep_their_promises() {
    fuzz_uci_session(
        "uci",
        10,
        &[],
        |rng, shown| {
            let game =
                Breakthrough::from_fen(shown_fen(shown)).expect("the engine's own position string");
            uci_line(rng, &game)
        },
        check_bestmove,
    );
}

/// A CECP line. Pings the fuzzer sends itself count from 1,000,000,000, above these.
fn cecp_line(rng: &mut Mt64) -> Vec<u8> {
    let (game, moves) = random_game(rng);
    let line = match below(rng, 16) {
        0 => pick(
            rng,
            &[
                "new",
                "go",
                "force",
                "playother",
                "?",
                "undo",
                "remove",
                "hint",
            ],
        )
        .to_string(),
        1 => format!(
            "variant {}",
            pick(
                rng,
                &[
                    "breakthrough",
                    "breakthrough7",
                    "5x7+0_breakthrough",
                    "16x16+0_breakthrough",
                    "chess",
                    "2x3+0_x"
                ]
            )
        ),
        2 => format!("setboard {}", game.to_fen()),
        3 => format!("setboard {}", spoil(rng, &game.to_fen())),
        4 | 5 => {
            let word = moves.first().cloned().unwrap_or_else(|| "a2a3".into());
            let word = if chance(rng, 30) {
                spoil(rng, &word)
            } else {
                word
            };
            if chance(rng, 50) {
                format!("usermove {word}")
            } else {
                word
            }
        }
        6 => format!("level {} {} {}", number(rng), number(rng), number(rng)),
        7 => format!(
            "{} {}",
            pick(rng, &["st", "sd", "time", "otim", "memory", "cores"]),
            number(rng)
        ),
        8 => pick(
            rng,
            &[
                "post",
                "nopost",
                "hard",
                "easy",
                "exit",
                ".",
                "draw",
                "random",
                "computer",
                "name x y",
                "rating 1 2",
                "protover 2",
                "accepted ping",
                "rejected x",
                "result 1-0 {x}",
                "xboard",
            ],
        )
        .to_string(),
        9 if chance(rng, 20) => "analyze".to_string(),
        10 => {
            let name = *pick(rng, OPTION_NAMES);
            format!("option {name}={}", option_value(rng, name))
        }
        11 => format!("ping {}", number(rng)),
        12 | 13 => return garbage(rng),
        _ => spoil(rng, "usermove e2e3"),
    };
    line.into_bytes()
}

#[test]
fn cecp_sessions_keep_their_promises() {
    let budget = Budget::from_env();
    let mut rng = budget.rng(11);
    let (log, stderr) = stderr_file("cecp");
    let mut troyka = Troyka::start_with_stderr(stderr);
    troyka.send("xboard");
    troyka.send("protover 2");
    troyka.until(PATIENCE, |line| line == "feature done=1");
    let started = Instant::now();
    let mut lines_sent = 0;
    let mut transcript: Vec<String> = Vec::new();
    for sync in 1_000_000_000u64.. {
        if !budget.left() {
            break;
        }
        let line = cecp_line(&mut rng);
        let text = String::from_utf8_lossy(&line[..line.len().min(200)]).into_owned();
        transcript.push(text.clone());
        if transcript.len() > 20 {
            transcript.remove(0);
        }
        let mut bytes = line;
        bytes.extend_from_slice(format!("\n?\nping {sync}\n").as_bytes());
        troyka.send_bytes(&bytes);
        lines_sent += 3;
        let pong = format!("pong {sync}");
        let answer = troyka.until(PATIENCE, |line| line == pong);
        let moves = answer.iter().filter(|l| l.starts_with("move ")).count();
        assert!(
            moves <= 1,
            "seed {}: two moves for one line: {answer:#?}\n{transcript:#?}",
            budget.seed
        );
        let accepted = !answer
            .iter()
            .any(|l| l.starts_with("Error") || l.starts_with("Illegal"));
        let over = answer
            .iter()
            .any(|l| l.starts_with("1-0 {") || l.starts_with("0-1 {"));
        if text == "go" && accepted && !over {
            assert_eq!(
                moves, 1,
                "seed {}: {answer:#?}\n{transcript:#?}",
                budget.seed
            );
        }
        if chance(&mut rng, 5) {
            // Analysis would otherwise run on beside everything else.
            troyka.send("exit");
        }
    }
    report("cecp session (lines)", &budget, lines_sent, started);
    troyka.send("quit");
    let status = troyka.wait_exit(PATIENCE);
    assert!(status.is_some_and(|s| s.success()), "{status:?}");
    assert_no_panic(&log);
}
