//! Openings: where games start. From a file (one position string or one move sequence per
//! line, or the games of a PGN file), generated at random (`random plies=N seed=S`), or
//! the start position. Every opening is checked against the rules and the event's board
//! when it is loaded, so a bad line is reported before any game is played.

use super::pgn;
use crate::games::breakthrough::{BoardSize, Breakthrough, Move};
use rand_mt::Mt64;
use std::path::PathBuf;

/// A root position and the moves played from it before the engines take over.
#[derive(Clone, Debug, PartialEq)]
pub struct Opening {
    pub root: Breakthrough,
    pub moves: Vec<Move>,
}

impl Opening {
    /// The position the engines start from.
    pub fn position(&self) -> Breakthrough {
        self.moves.iter().fold(self.root, |game, &mv| game.play(mv))
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
    /// File openings: keep at most this many moves. Random openings: play this many.
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

    /// The openings in playing order: at least `needed` of them when generated; a file's
    /// are all returned (the schedule cycles through them).
    pub fn load(&self, size: BoardSize, needed: usize) -> Result<Vec<Opening>, String> {
        let mut rng = Mt64::new(self.seed);
        let mut openings = match &self.source {
            Source::Start => vec![Opening {
                root: Breakthrough::start(size),
                moves: Vec::new(),
            }],
            Source::Random => {
                let plies = self.plies.unwrap_or(0);
                (0..needed.max(1))
                    .map(|_| random_opening(size, plies, &mut rng))
                    .collect()
            }
            Source::File { path, pgn } => {
                let text = std::fs::read_to_string(path)
                    .map_err(|e| format!("cannot read openings {}: {e}", path.display()))?;
                let name = path.display().to_string();
                let mut openings = if *pgn {
                    from_pgn(&text).map_err(|e| format!("{name}: {e}"))?
                } else {
                    from_lines(&text, size).map_err(|e| format!("{name}:{e}"))?
                };
                if let Some(plies) = self.plies {
                    for opening in &mut openings {
                        opening.moves.truncate(plies);
                    }
                }
                check(&openings, size).map_err(|e| format!("{name}: {e}"))?;
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
/// sequence of moves from the start position (move numbers allowed). Blank lines and
/// lines starting with `#` are skipped. Errors start with the line number.
pub fn from_lines(text: &str, size: BoardSize) -> Result<Vec<Opening>, String> {
    let mut openings = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fail = |message: String| format!("{}: {message}", index + 1);
        let (root, moves) = if line.contains('/') {
            let (fen, moves) = line.split_once(" moves ").unwrap_or((line, ""));
            (Breakthrough::from_fen(fen).map_err(fail)?, moves)
        } else {
            (Breakthrough::start(size), line)
        };
        let mut opening = Opening {
            root,
            moves: Vec::new(),
        };
        let mut position = root;
        for word in moves.split_whitespace() {
            let text = pgn::strip_move_number(word);
            if text.is_empty() {
                continue;
            }
            let mv = position.parse_move(text).map_err(fail)?;
            opening.moves.push(mv);
            position = position.play(mv);
        }
        openings.push(opening);
    }
    Ok(openings)
}

fn from_pgn(text: &str) -> Result<Vec<Opening>, String> {
    Ok(pgn::read(text)?
        .into_iter()
        .map(|game| Opening {
            root: game.root,
            moves: game.moves,
        })
        .collect())
}

/// Every opening must fit the event's board and leave a game to play.
fn check(openings: &[Opening], size: BoardSize) -> Result<(), String> {
    if openings.is_empty() {
        return Err("no openings in the file".into());
    }
    for (index, opening) in openings.iter().enumerate() {
        let position = opening.position();
        if position.size() != size {
            return Err(format!(
                "opening {} is on a {} board, the event is on {size}",
                index + 1,
                position.size()
            ));
        }
        if position.winner().is_some() {
            return Err(format!("opening {} is already decided", index + 1));
        }
    }
    Ok(())
}

/// `plies` random legal moves from the start; positions where the game ends are
/// avoided by starting over.
pub fn random_opening(size: BoardSize, plies: usize, rng: &mut Mt64) -> Opening {
    loop {
        let root = Breakthrough::start(size);
        let mut position = root;
        let mut moves = Vec::new();
        while moves.len() < plies && position.winner().is_none() {
            let legal = position.legal_moves();
            let mv = legal[(rng.next_u64() % legal.len() as u64) as usize];
            moves.push(mv);
            position = position.play(mv);
        }
        if position.winner().is_none() {
            return Opening { root, moves };
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
        let size = BoardSize::new(6, 6).unwrap();
        let openings = from_lines(text, size).unwrap();
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
        let error = from_lines("a2a3\na2a4\n", size).unwrap_err();
        assert_eq!(error, "2: 'a2a4' is not a legal move in this position");
        assert!(from_lines("pp/x", size).unwrap_err().starts_with("1: "));
    }

    #[test]
    fn checks_size_and_decided_openings() {
        let eight = BoardSize::STANDARD;
        let six = from_lines("a2a3", BoardSize::new(6, 6).unwrap()).unwrap();
        assert_eq!(
            check(&six, eight).unwrap_err(),
            "opening 1 is on a 6x6 board, the event is on 8x8"
        );
        let over = from_lines("P7/8/8/8/8/8/8/p7 b", eight).unwrap();
        assert_eq!(
            check(&over, eight).unwrap_err(),
            "opening 1 is already decided"
        );
        assert_eq!(check(&[], eight).unwrap_err(), "no openings in the file");
    }

    #[test]
    fn random_openings_are_reproducible() {
        let spec = OpeningSpec::parse(&words("random plies=6 seed=7")).unwrap();
        let size = BoardSize::new(7, 7).unwrap();
        let first = spec.load(size, 5).unwrap();
        assert_eq!(first.len(), 5);
        assert!(first
            .iter()
            .all(|o| o.moves.len() == 6 && o.position().winner().is_none()));
        assert_eq!(first, spec.load(size, 5).unwrap());
        let other = OpeningSpec::parse(&words("random plies=6 seed=8")).unwrap();
        assert_ne!(first, other.load(size, 5).unwrap());
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
        let in_order = spec("plies=2").load(BoardSize::STANDARD, 1).unwrap();
        assert_eq!(in_order.len(), 5);
        assert_eq!(in_order[0].moves.len(), 2);
        let shuffled = spec("order=random seed=3")
            .load(BoardSize::STANDARD, 1)
            .unwrap();
        assert_ne!(shuffled, spec("").load(BoardSize::STANDARD, 1).unwrap());
        let pgn = dir.join("games.pgn");
        std::fs::write(&pgn, "1. a2a3 h7h6 *\n").unwrap();
        let from_pgn = OpeningSpec::parse(&words(&format!("file={}", pgn.display())))
            .unwrap()
            .load(BoardSize::STANDARD, 1)
            .unwrap();
        assert_eq!(from_pgn[0].moves.len(), 2);
        let missing = OpeningSpec::parse(&words("file=/nonexistent/x.txt")).unwrap();
        assert!(missing
            .load(BoardSize::STANDARD, 1)
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
