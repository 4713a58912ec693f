//! The match command line, in the style of cutechess-cli and fastchess: options start with
//! `--`, and the words after an option up to the next one are its values. The game is
//! chosen here, once: `--variant` and `--size` become a [`Variant`] as every front end makes
//! one ([`Variant::read`]).

use super::openings::OpeningSpec;
use super::spec::EngineSpec;
use super::sprt::Sprt;
use crate::games::Variant;
use std::path::PathBuf;

/// The usage text; `{variants}` stands for the names of [`Variant::NAMES`] (see [`usage`]).
const USAGE: &str = "\
usage: troyka-match --engine KEY=VALUE... --engine KEY=VALUE... [OPTIONS]
       troyka-match openings [--variant NAME] [--size CxR] [--count N] [--plies N] [--depth D]
                             [--margin CP] [--seed S]
       troyka-match check-pgn FILE

Engine settings (per --engine, or for all with --each; an engine's own win):
  name=NAME  cmd=PATH  arg=WORD (repeatable)  dir=DIR  proto=uci|ugi  option.NAME=VALUE
  tc=BASE+INC (seconds)  st=SECONDS  nodes=N  depth=N
  timemargin=MS (time past the clock before a move is lost; 0 with a clock, else the
             whole time a move may take, default 60000)

Options:
  --variant NAME          the game (default breakthrough), sent to engines as UCI_Variant
                          (always for a game other than Breakthrough); one of
                          {variants}
  --size CxR              Breakthrough's board for the whole event (default 8x8)
  --games N               games per pairing, even: each opening is played twice (default 2)
  --concurrency N         games at once (default 1)
  --openings file=PATH [format=lines|pgn] [order=sequential|random] [plies=N] [seed=S]
  --openings random plies=N [seed=S]   (N moves: whole turns in games of several plies)
  --sprt elo0=E0 elo1=E1 [alpha=0.05] [beta=0.05] [model=normalized|logistic]
  --gauntlet              the first engine plays each of the others (default: round robin)
  --maxmoves N            a game still going after N moves (turns) by each side is drawn
                          by adjudication (default: games are played to the end)
  --pgnout FILE           append every game to FILE
  --log FILE              record all protocol traffic
  --stderr FILE           where the engines' stderr goes (default troyka-match-stderr.log)
  --ratinginterval N      print the standings every N games (default 10; 0: only at the end)
  --event NAME            the PGN Event tag (default troyka-match)";

/// How to run `troyka-match`, with the variants of today's list.
pub fn usage() -> String {
    USAGE.replace("{variants}", &Variant::NAMES.join(", "))
}

/// Everything an event needs, as given on the command line.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    pub engines: Vec<EngineSpec>,
    /// The game and its board.
    pub variant: Variant,
    /// Games per pairing (even).
    pub games: usize,
    pub concurrency: usize,
    pub openings: OpeningSpec,
    pub sprt: Option<Sprt>,
    pub gauntlet: bool,
    /// `--maxmoves`: moves (turns) by each side, book moves included, after which a game is
    /// adjudicated a draw.
    pub max_moves: Option<usize>,
    pub pgnout: Option<PathBuf>,
    pub log: Option<PathBuf>,
    pub stderr_log: PathBuf,
    pub rating_interval: usize,
    pub event: String,
}

/// Reads the command line; errors are for the user, who gets exit code 2.
pub fn parse(args: &[String]) -> Result<Config, String> {
    let mut config = Config {
        engines: Vec::new(),
        variant: Variant::default(),
        games: 2,
        concurrency: 1,
        openings: OpeningSpec::default(),
        sprt: None,
        gauntlet: false,
        max_moves: None,
        pgnout: None,
        log: None,
        stderr_log: "troyka-match-stderr.log".into(),
        rating_interval: 10,
        event: "troyka-match".into(),
    };
    let mut each = Vec::new();
    let mut own = Vec::new();
    let (mut variant_name, mut size) = (None, None);
    for (option, values) in groups(args)? {
        let one = || match values {
            [value] => Ok(value.as_str()),
            _ => Err(format!("{option} takes one value")),
        };
        let count = |what: &str| -> Result<usize, String> {
            let text = one()?;
            text.parse()
                .map_err(|_| format!("{option}: bad {what} '{text}'"))
        };
        match option {
            "--engine" => own.push(values),
            "--each" => each.extend_from_slice(values),
            "--variant" => variant_name = Some(one()?),
            "--size" => size = Some(one()?),
            "--games" => config.games = count("number of games")?,
            "--concurrency" => config.concurrency = count("number")?,
            "--openings" => config.openings = OpeningSpec::parse(values)?,
            "--sprt" => config.sprt = Some(Sprt::parse(values)?),
            "--gauntlet" if values.is_empty() => config.gauntlet = true,
            "--gauntlet" => return Err("--gauntlet takes no value".into()),
            "--maxmoves" => config.max_moves = Some(count("number of moves")?),
            "--pgnout" => config.pgnout = Some(one()?.into()),
            "--log" => config.log = Some(one()?.into()),
            "--stderr" => config.stderr_log = one()?.into(),
            "--ratinginterval" => config.rating_interval = count("interval")?,
            "--event" => config.event = one()?.into(),
            _ => return Err(format!("unknown option '{option}'")),
        }
    }
    // Breakthrough on 8x8 when neither is given; `--size` is Breakthrough's board.
    config.variant = Variant::read(variant_name, size, None)?;
    for words in own {
        config.engines.push(engine(&each, words)?);
    }
    check(&config)?;
    Ok(config)
}

/// Splits the arguments at each `--option`.
pub(super) fn groups(args: &[String]) -> Result<Vec<(&str, &[String])>, String> {
    let mut groups = Vec::new();
    let mut index = 0;
    while index < args.len() {
        let option = args[index].as_str();
        if !option.starts_with("--") {
            return Err(format!("unexpected '{option}' (options start with --)"));
        }
        let end = args[index + 1..]
            .iter()
            .position(|word| word.starts_with("--"))
            .map_or(args.len(), |at| index + 1 + at);
        groups.push((option, &args[index + 1..end]));
        index = end;
    }
    Ok(groups)
}

/// One engine: the `--each` words, then its own, so its own win.
fn engine(each: &[String], own: &[String]) -> Result<EngineSpec, String> {
    let mut spec = EngineSpec::default();
    for word in each.iter().chain(own) {
        spec.set(word)?;
    }
    if spec.name.is_empty() {
        spec.name = std::path::Path::new(&spec.cmd)
            .file_stem()
            .map_or(spec.cmd.clone(), |stem| stem.to_string_lossy().into_owned());
    }
    spec.validate()?;
    Ok(spec)
}

fn check(config: &Config) -> Result<(), String> {
    if config.engines.len() < 2 {
        return Err(format!(
            "an event needs at least two --engine\n\n{}",
            usage()
        ));
    }
    for (index, engine) in config.engines.iter().enumerate() {
        if config.engines[..index]
            .iter()
            .any(|e| e.name == engine.name)
        {
            return Err(format!(
                "two engines are named '{}': give each a different name=",
                engine.name
            ));
        }
    }
    if config.games == 0 || config.games % 2 == 1 {
        return Err(format!(
            "--games {} must be even and positive: each opening is played twice, colours swapped",
            config.games
        ));
    }
    if config.concurrency == 0 {
        return Err("--concurrency must be at least 1".into());
    }
    if config.max_moves == Some(0) {
        return Err("--maxmoves must be at least 1".into());
    }
    if config.sprt.is_some() && config.engines.len() != 2 {
        return Err("--sprt needs exactly two engines".into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::breakthrough::BoardSize;

    fn parse_line(line: &str) -> Result<Config, String> {
        let args: Vec<String> = line.split_whitespace().map(String::from).collect();
        parse(&args)
    }

    #[test]
    fn a_full_command_line() {
        let config = parse_line(
            "--engine name=new cmd=./target/release/troyka option.Hash=64 \
             --engine cmd=/usr/games/fairy-stockfish option.UCI_Variant=breakthrough tc=4+0.04 \
             --each tc=2+0.02 option.Hash=16 --size 7x7 --games 200 --concurrency 2 \
             --openings file=book.txt order=random --sprt elo0=0 elo1=10 \
             --pgnout games.pgn --log traffic.log --ratinginterval 20 --maxmoves 60",
        )
        .unwrap();
        let [new, fsf] = &config.engines[..] else {
            panic!("two engines expected")
        };
        assert_eq!(new.name, "new");
        assert_eq!(new.options, vec![("Hash".to_string(), "64".to_string())]);
        assert_eq!(new.limits.label(), "2+0.02");
        assert_eq!(fsf.name, "fairy-stockfish");
        assert_eq!(fsf.limits.label(), "4+0.04");
        assert_eq!(fsf.options.len(), 2);
        assert_eq!(
            config.variant,
            Variant::Breakthrough(BoardSize::new(7, 7).unwrap())
        );
        assert_eq!((config.games, config.concurrency), (200, 2));
        assert_eq!(config.sprt.unwrap().elo1, 10.0);
        assert_eq!(config.pgnout, Some("games.pgn".into()));
        assert_eq!(config.rating_interval, 20);
        assert_eq!(config.max_moves, Some(60));
        assert!(!config.gauntlet);
    }

    #[test]
    fn mistakes_are_reported() {
        let two = "--engine cmd=a nodes=1 --engine cmd=b nodes=1";
        for (line, message) in [
            ("", "at least two --engine"),
            ("--engine cmd=a nodes=1", "at least two --engine"),
            (
                "--engine cmd=x/a nodes=1 --engine cmd=y/a nodes=1",
                "two engines are named 'a'",
            ),
            (&format!("{two} --games 3"), "must be even"),
            (&format!("{two} --games x"), "bad number of games 'x'"),
            (&format!("{two} --concurrency 0"), "at least 1"),
            (
                &format!("{two} --maxmoves 0"),
                "--maxmoves must be at least 1",
            ),
            (&format!("{two} --maxmoves"), "--maxmoves takes one value"),
            (&format!("{two} --size 9"), "not a board size"),
            (&format!("{two} --variant chess"), "unknown variant 'chess'"),
            (
                &format!("{two} --variant breakthrough6 --size 7x7"),
                "breakthrough6 is played on 6x6, not on 7x7",
            ),
            (
                &format!("{two} --variant relay --size 7x7"),
                "a board size is Breakthrough's; relay has none",
            ),
            (&format!("{two} --pgnout"), "--pgnout takes one value"),
            (&format!("{two} --gauntlet yes"), "takes no value"),
            (&format!("{two} --rounds 2"), "unknown option '--rounds'"),
            (&format!("stray {two}"), "unexpected 'stray'"),
            (
                &format!("{two} --engine cmd=c nodes=1 --sprt elo0=0 elo1=5"),
                "exactly two",
            ),
            (
                "--engine cmd=a --engine cmd=b nodes=1",
                "a has no time control",
            ),
        ] {
            let error = parse_line(line).unwrap_err();
            assert!(error.contains(message), "{line}: {error}");
        }
    }

    #[test]
    fn variants_and_board_sizes() {
        let two = "--engine cmd=a nodes=1 --engine cmd=b nodes=1";
        let chosen = |words: &str| parse_line(&format!("{two} {words}")).map(|c| c.variant);
        let board = |cols, rows| Variant::Breakthrough(BoardSize::new(cols, rows).unwrap());
        assert_eq!(chosen(""), Ok(board(8, 8)));
        assert_eq!(chosen("--size 6x5"), Ok(board(6, 5)));
        assert_eq!(
            chosen("--variant Breakthrough --size 10x10"),
            Ok(board(10, 10))
        );
        assert_eq!(chosen("--variant breakthrough7"), Ok(board(7, 7)));
        assert_eq!(
            chosen("--variant breakthrough7 --size 7x7"),
            Ok(board(7, 7))
        );
        assert_eq!(chosen("--variant relay"), Ok(Variant::Relay));
    }
}
