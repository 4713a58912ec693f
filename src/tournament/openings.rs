//! Openings: where games start. From a file (one position string or one move sequence per
//! line, or the games of a PGN file), generated at random (`random plies=N seed=S`), or
//! the start position. Every opening is checked against the rules and the event's board
//! when it is loaded, so a bad line is reported before any game is played. Moves are whole
//! turns: `plies=N` counts turns, which in Breakthrough are plies.

use super::game_record::Turn;
use super::pgn;
use crate::game::{turn_over, Game};
use rand_mt::Mt64;
use std::path::PathBuf;

/// A root position and the moves (turns) played from it before the engines take over.
#[derive(Clone, Debug, PartialEq)]
pub struct Opening<G: Game> {
    pub root: G,
    pub moves: Vec<Turn<G>>,
}

impl<G: Game> Opening<G> {
    /// The position the engines start from.
    pub fn position(&self) -> G {
        self.root.play_all(&self.moves.concat())
    }
}

#[derive(Clone, Debug, PartialEq)]
enum Source {
    Start,
    File { path: PathBuf, pgn: bool },
    Random,
}

/// `--openings file=PATH [format=lines|pgn] [order=sequential|random] [plies=N] [seed=S]`
/// or `--openings random plies=N [seed=S]`.
#[derive(Clone, Debug, PartialEq)]
pub struct OpeningSpec {
    source: Source,
    random_order: bool,
    /// File openings: keep at most this many moves (turns). Random openings: play this
    /// many.
    plies: Option<usize>,
    seed: u64,
}

/// The seed when none is given, so runs are reproducible by default.
const DEFAULT_SEED: u64 = 0x7290_1a5e;

impl Default for OpeningSpec {
    fn default() -> OpeningSpec {
        OpeningSpec {
            source: Source::Start,
            random_order: false,
            plies: None,
            seed: DEFAULT_SEED,
        }
    }
}

impl OpeningSpec {
    pub fn parse(words: &[String]) -> Result<OpeningSpec, String> {
        let mut spec = OpeningSpec::default();
        let mut format = None;
        for word in words {
            if word == "random" {
                spec.source = Source::Random;
                continue;
            }
            let (key, value) = word.split_once('=').ok_or_else(|| {
                format!("--openings: expected key=value or 'random', got '{word}'")
            })?;
            let number = || {
                value
                    .parse::<u64>()
                    .map_err(|_| format!("--openings: bad {key} '{value}'"))
            };
            match key {
                "file" => {
                    spec.source = Source::File {
                        path: value.into(),
                        pgn: false,
                    }
                }
                "format" => format = Some(value.to_string()),
                "order" => {
                    spec.random_order = match value {
                        "random" => true,
                        "sequential" => false,
                        _ => {
                            return Err(format!(
                                "--openings: unknown order '{value}' (sequential or random)"
                            ))
                        }
                    }
                }
                "plies" => spec.plies = Some(number()? as usize),
                "seed" => spec.seed = number()?,
                _ => return Err(format!("--openings: unknown setting '{key}'")),
            }
        }
        match &mut spec.source {
            Source::File { path, pgn } => {
                *pgn = match format.as_deref() {
                    Some("pgn") => true,
                    Some("lines" | "epd") => false,
                    Some(other) => {
                        return Err(format!(
                            "--openings: unknown format '{other}' (lines or pgn)"
                        ))
                    }
                    None => path
                        .extension()
                        .is_some_and(|e| e.eq_ignore_ascii_case("pgn")),
                };
            }
            Source::Random if spec.plies.is_none() => {
                return Err("--openings random needs plies=N".into())
            }
            Source::Start => return Err("--openings needs file=PATH or random".into()),
            Source::Random => {}
        }
        Ok(spec)
    }

    /// The openings in playing order for an event from `start`: at least `needed` of them
    /// when generated; a file's are all returned (the schedule cycles through them).
    pub fn load<G: Game>(&self, start: &G, needed: usize) -> Result<Vec<Opening<G>>, String> {
        let mut rng = Mt64::new(self.seed);
        let mut openings = match &self.source {
            Source::Start => vec![Opening {
                root: start.clone(),
                moves: Vec::new(),
            }],
            Source::Random => {
                let turns = self.plies.unwrap_or(0);
                (0..needed.max(1))
                    .map(|_| random_opening(start, turns, &mut rng))
                    .collect()
            }
            Source::File { path, pgn } => {
                let text = std::fs::read_to_string(path)
                    .map_err(|e| format!("cannot read openings {}: {e}", path.display()))?;
                let name = path.display().to_string();
                let mut openings = if *pgn {
                    from_pgn(&text, start).map_err(|e| format!("{name}: {e}"))?
                } else {
                    from_lines(&text, start).map_err(|e| format!("{name}:{e}"))?
                };
                if let Some(turns) = self.plies {
                    for opening in &mut openings {
                        opening.moves.truncate(turns);
                    }
                }
                check(&openings, start).map_err(|e| format!("{name}: {e}"))?;
                openings
            }
        };
        if self.random_order {
            shuffle(&mut openings, &mut rng);
        }
        Ok(openings)
    }
}

/// One opening per line: a position string, optionally followed by `moves ...`, or a
/// sequence of moves (turns) from `start` (move numbers allowed). A line is a position
/// string when the game reads it as one; otherwise it is a sequence of moves, and its error
/// is the moves' (a line with `moves` gives the position string's). Blank lines and lines
/// starting with `#` are skipped. Errors start with the line number.
pub fn from_lines<G: Game>(text: &str, start: &G) -> Result<Vec<Opening<G>>, String> {
    let mut openings = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fail = |message: String| format!("{}: {message}", index + 1);
        let (root, moves) = match line.split_once(" moves ") {
            Some((position, moves)) => (G::from_text(position).map_err(fail)?, moves),
            None => match G::from_text(line) {
                Ok(root) => (root, ""),
                Err(_) => (start.clone(), line),
            },
        };
        let mut opening = Opening {
            root: root.clone(),
            moves: Vec::new(),
        };
        let mut position = root;
        for word in moves.split_whitespace() {
            let text = pgn::strip_move_number(word);
            if text.is_empty() {
                continue;
            }
            let turn = position.parse_turn(text).map_err(fail)?;
            for &mv in &turn {
                position = position.play(mv);
            }
            opening.moves.push(turn);
        }
        openings.push(opening);
    }
    Ok(openings)
}

fn from_pgn<G: Game>(text: &str, start: &G) -> Result<Vec<Opening<G>>, String> {
    Ok(pgn::read(text, start)?
        .into_iter()
        .map(|game| Opening {
            root: game.root,
            moves: game.moves,
        })
        .collect())
}

/// Every opening must be on the event's board and leave a game to play.
fn check<G: Game>(openings: &[Opening<G>], start: &G) -> Result<(), String> {
    if openings.is_empty() {
        return Err("no openings in the file".into());
    }
    for (index, opening) in openings.iter().enumerate() {
        let position = opening.position();
        if let (Some(board), Some(event)) = (position.board_size(), start.board_size()) {
            if board != event {
                return Err(format!(
                    "opening {} is on a {board} board, the event is on {event}",
                    index + 1,
                ));
            }
        }
        if position.result().is_some() {
            return Err(format!("opening {} is already decided", index + 1));
        }
    }
    Ok(())
}

/// `turns` random legal turns from `start`, each played a random legal ply at a time until
/// the turn is over; openings where the game ends are avoided by starting over.
pub fn random_opening<G: Game>(start: &G, turns: usize, rng: &mut Mt64) -> Opening<G> {
    loop {
        let mut position = start.clone();
        let mut moves = Vec::new();
        while moves.len() < turns && position.result().is_none() {
            let turn_start = position.clone();
            let mut turn = Vec::new();
            while turn.is_empty() || !turn_over(&turn_start, &position) {
                let legal = position.legal_moves();
                let mv = legal[(rng.next_u64() % legal.len() as u64) as usize];
                turn.push(mv);
                position = position.play(mv);
            }
            moves.push(turn);
        }
        if position.result().is_none() {
            return Opening {
                root: start.clone(),
                moves,
            };
        }
    }
}

fn shuffle<T>(items: &mut [T], rng: &mut Mt64) {
    for i in (1..items.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        items.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{line_name, Color};
    use crate::games::breakthrough::{BoardSize, Breakthrough};
    use crate::games::relay::{Ply, Relay};

    /// Breakthrough's start position on a board of `cols` by `rows`.
    fn board(cols: usize, rows: usize) -> Breakthrough {
        Breakthrough::start(BoardSize::new(cols, rows).unwrap())
    }

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn lines_of_positions_and_moves() {
        let text = "# comment\n\
                    pppppp/pppppp/6/6/PPPPPP/PPPPPP b 0 1\n\
                    \n\
                    1. a2a3 f5f4 2. b2-b3\n\
                    pppppp/pppppp/6/6/PPPPPP/PPPPPP w 0 1 moves c2c3\n";
        let size = board(6, 6);
        let openings = from_lines(text, &size).unwrap();
        assert_eq!(openings.len(), 3);
        assert_eq!(openings[0].moves.len(), 0);
        assert_eq!(
            openings[0].position().to_fen(),
            "pppppp/pppppp/6/6/PPPPPP/PPPPPP b 0 1"
        );
        assert_eq!(openings[1].moves.len(), 3);
        assert_eq!(
            openings[2].position().to_fen(),
            "pppppp/pppppp/6/2P3/PP1PPP/PPPPPP b 0 1"
        );
        let error = from_lines("a2a3\na2a4\n", &size).unwrap_err();
        assert_eq!(error, "2: 'a2a4' is not a legal move in this position");
        assert!(from_lines("pp/x", &size).unwrap_err().starts_with("1: "));
    }

    #[test]
    fn checks_size_and_decided_openings() {
        let eight = board(8, 8);
        let six = from_lines("a2a3", &board(6, 6)).unwrap();
        assert_eq!(
            check(&six, &eight).unwrap_err(),
            "opening 1 is on a 6x6 board, the event is on 8x8"
        );
        let over = from_lines("P7/8/8/8/8/8/8/p7 b", &eight).unwrap();
        assert_eq!(
            check(&over, &eight).unwrap_err(),
            "opening 1 is already decided"
        );
        assert_eq!(check(&[], &eight).unwrap_err(), "no openings in the file");
    }

    #[test]
    fn random_openings_are_reproducible() {
        let spec = OpeningSpec::parse(&words("random plies=6 seed=7")).unwrap();
        let size = board(7, 7);
        let first = spec.load(&size, 5).unwrap();
        assert_eq!(first.len(), 5);
        assert!(first
            .iter()
            .all(|o| o.moves.len() == 6 && o.position().winner().is_none()));
        assert_eq!(first, spec.load(&size, 5).unwrap());
        let other = OpeningSpec::parse(&words("random plies=6 seed=8")).unwrap();
        assert_ne!(first, other.load(&size, 5).unwrap());
    }

    #[test]
    fn breakthrough_random_openings_are_as_before_turns() {
        // What troyka-match played from this seed before openings were counted in turns.
        let spec = OpeningSpec::parse(&words("random plies=4 seed=11")).unwrap();
        let start = board(6, 6);
        let names: Vec<String> = spec
            .load(&start, 4)
            .unwrap()
            .iter()
            .map(|opening| line_name(&start, &opening.moves.concat()))
            .collect();
        assert_eq!(
            names,
            [
                "e2d3 a5b4 d3c4 b5a4",
                "d2e3 b5a4 c2b3 a4b3",
                "c2b3 f5f4 c1c2 c5c4",
                "c2b3 c5c4 f2e3 c4c3"
            ]
        );
    }

    #[test]
    fn relay_openings_are_whole_turns() {
        let start = Relay::start();
        let spec = OpeningSpec::parse(&words("random plies=3 seed=7")).unwrap();
        let openings = spec.load(&start, 6).unwrap();
        assert_eq!(openings.len(), 6);
        for opening in &openings {
            assert_eq!(opening.moves.len(), 3, "{opening:?}");
            // Three whole turns from white's: black is to move at its first ply.
            let position = opening.position();
            assert_eq!((position.side, position.second_ply), (Color::Black, false));
            assert_eq!(position.turns, 3);
        }
        let plies: usize = openings.iter().flat_map(|o| &o.moves).map(Vec::len).sum();
        assert!(plies > 18, "some turns have two plies: {openings:?}");
        assert_eq!(openings, spec.load(&start, 6).unwrap());

        let text = "2,1 1. 1,end\n20 white 1 18 20 - moves 1,1\n# a position\n7 black 1 3 20 -\n";
        let lines = from_lines(text, &start).unwrap();
        assert_eq!(
            lines[0].moves,
            [
                vec![Ply::take(2), Ply::take(1)],
                vec![Ply::take(1), Ply::END_TURN]
            ]
        );
        assert_eq!(lines[0].position().to_text(), "21 white 1 2 20 -");
        assert_eq!(lines[1].position().to_text(), "18 black 1 19 20 -");
        assert_eq!((lines[2].root.stones, lines[2].moves.len()), (7, 0));
        assert_eq!(
            from_lines("2,1\n2", &start).unwrap_err(),
            "2: '2' is not a whole turn: white still has to move"
        );
        assert!(from_lines("5 white 1 1 x - moves 1,1", &start)
            .unwrap_err()
            .starts_with("1: '5 white 1 1 x -' is not a Relay position"));
        let over = from_lines("0 white 1 3 20 black\n5 white 1 20 20 -", &start).unwrap();
        assert_eq!(
            check(&over, &start).unwrap_err(),
            "opening 1 is already decided"
        );
        assert_eq!(
            check(&over[1..], &start).unwrap_err(),
            "opening 1 is already decided"
        );
    }

    #[test]
    fn files_with_order_and_plies() {
        let dir = std::env::temp_dir().join(format!("troyka-openings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("book.txt");
        std::fs::write(&path, "a2a3 a7a6 b2b3\nb2b3\nc2c3\nd2d3\ne2e3\n").unwrap();
        let spec = |extra: &str| {
            OpeningSpec::parse(&words(&format!("file={} {extra}", path.display()))).unwrap()
        };
        let in_order = spec("plies=2").load(&board(8, 8), 1).unwrap();
        assert_eq!(in_order.len(), 5);
        assert_eq!(in_order[0].moves.len(), 2);
        let shuffled = spec("order=random seed=3").load(&board(8, 8), 1).unwrap();
        assert_ne!(shuffled, spec("").load(&board(8, 8), 1).unwrap());
        let pgn = dir.join("games.pgn");
        std::fs::write(&pgn, "1. a2a3 h7h6 *\n").unwrap();
        let from_pgn = OpeningSpec::parse(&words(&format!("file={}", pgn.display())))
            .unwrap()
            .load(&board(8, 8), 1)
            .unwrap();
        assert_eq!(from_pgn[0].moves.len(), 2);
        let missing = OpeningSpec::parse(&words("file=/nonexistent/x.txt")).unwrap();
        assert!(missing
            .load(&board(8, 8), 1)
            .unwrap_err()
            .starts_with("cannot read openings /nonexistent/x.txt"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn bad_specs() {
        for (text, message) in [
            ("random", "needs plies=N"),
            ("order=random", "needs file=PATH or random"),
            ("file=x order=shuffled", "unknown order"),
            ("file=x format=epd2", "unknown format"),
            ("file=x plies=-1", "bad plies"),
            ("file=x depth=3", "unknown setting"),
            ("book.txt", "expected key=value"),
        ] {
            let error = OpeningSpec::parse(&words(text)).unwrap_err();
            assert!(error.contains(message), "{text}: {error}");
        }
    }
}
