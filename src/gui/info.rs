//! The engine's output lines as the page needs them (`protocol.md`, "Output"): an `info`
//! line's numbers, score and principal variation, or its free text; and `bestmove`. Lines
//! the page has no use for (`id`, `option`, `uciok`, `readyok`) are [`EngineLine::Other`].

use crate::tournament::game_record::ReportedScore;
use serde::Serialize;

/// One line from the engine.
#[derive(Debug, PartialEq)]
pub enum EngineLine {
    Info(Info),
    /// `bestmove MOVE [ponder MOVE]`: the move (`0000` when there is none).
    BestMove(String),
    Other,
}

/// What an `info` line says. Numbers it does not give are `None`.
#[derive(Debug, Default, Clone, PartialEq, Serialize)]
pub struct Info {
    /// Which principal variation (1, the best, when the line does not say).
    pub multipv: usize,
    pub depth: Option<u32>,
    pub seldepth: Option<u32>,
    /// For the side to move in the searched position.
    #[serde(skip)]
    pub score: Option<ReportedScore>,
    /// `lower` or `upper` when the score is only a bound.
    pub bound: Option<&'static str>,
    pub nodes: Option<u64>,
    pub nps: Option<u64>,
    pub time: Option<u64>,
    /// The principal variation, turn by turn.
    pub pv: Vec<String>,
    /// The free text after `string` (`error: …`, `solved: …`).
    pub string: Option<String>,
}

/// Reads one line of the engine's output.
pub fn parse(line: &str) -> EngineLine {
    let mut words = line.split_whitespace();
    match words.next() {
        Some("bestmove") => EngineLine::BestMove(words.next().unwrap_or("0000").to_string()),
        Some("info") => EngineLine::Info(parse_info(line, words)),
        _ => EngineLine::Other,
    }
}

fn parse_info<'a>(line: &'a str, mut words: impl Iterator<Item = &'a str>) -> Info {
    let mut info = Info {
        multipv: 1,
        ..Info::default()
    };
    while let Some(word) = words.next() {
        match word {
            "multipv" => info.multipv = number(words.next()).unwrap_or(1).max(1),
            "depth" => info.depth = number(words.next()),
            "seldepth" => info.seldepth = number(words.next()),
            "nodes" => info.nodes = number(words.next()),
            "nps" => info.nps = number(words.next()),
            "time" => info.time = number(words.next()),
            "score" => {
                info.score = match (words.next(), number(words.next())) {
                    (Some("cp"), Some(cp)) => Some(ReportedScore::Centipawns(cp)),
                    (Some("mate"), Some(moves)) => Some(ReportedScore::Mate(moves)),
                    _ => None,
                }
            }
            "lowerbound" => info.bound = Some("lower"),
            "upperbound" => info.bound = Some("upper"),
            "pv" => info.pv = words.by_ref().map(str::to_string).collect(),
            "string" => {
                // The text runs to the end of the line, spaces and all.
                let text = line.split_once(" string ").map_or("", |(_, text)| text);
                info.string = Some(text.trim().to_string());
                break;
            }
            _ => {}
        }
    }
    info
}

fn number<T: std::str::FromStr>(word: Option<&str>) -> Option<T> {
    word?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_read() {
        let EngineLine::Info(info) = parse(
            "info depth 12 seldepth 20 multipv 2 score cp -3 upperbound nodes 5112301 \
             nps 3623170 hashfull 48 time 1411 pv a2b3 h7g6",
        ) else {
            panic!("an info line")
        };
        assert_eq!(info.multipv, 2);
        assert_eq!((info.depth, info.seldepth), (Some(12), Some(20)));
        assert_eq!(info.score, Some(ReportedScore::Centipawns(-3)));
        assert_eq!(info.bound, Some("upper"));
        assert_eq!(
            (info.nodes, info.nps, info.time),
            (Some(5112301), Some(3623170), Some(1411))
        );
        assert_eq!(info.pv, ["a2b3", "h7g6"]);
        let EngineLine::Info(info) =
            parse("info nodes 10 nps 5 hashfull 1 time 2 string solving: proof number 3")
        else {
            panic!("an info line")
        };
        assert_eq!(info.string.as_deref(), Some("solving: proof number 3"));
        assert_eq!((info.multipv, info.nodes), (1, Some(10)));
        assert_eq!(
            parse("bestmove d5c5,d6c6 ponder d2c2,h2i2"),
            EngineLine::BestMove("d5c5,d6c6".into())
        );
        assert_eq!(parse("uciok"), EngineLine::Other);
    }
}
