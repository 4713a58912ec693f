//! How search progress and results are written: `info` lines, scores (as UCI or UGI counts
//! them), and `bestmove`.

use crate::games::breakthrough::{Breakthrough, Move};
use crate::search::{Report, Score, ScoreBound};

/// Which protocol the GUI asked for. They differ only where UGI defines things its own way:
/// the handshake's last line and how forced results are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    Uci,
    Ugi,
}

/// `cp X` or `mate N`. UCI counts the moves of the side to move (negative when it loses),
/// as Stockfish does: a win in 1 or 2 plies is mate 1, a loss in 2 plies is mate -1. UGI
/// counts plies.
pub fn score(score: Score, dialect: Dialect) -> String {
    let (win, plies) = match score {
        Score::Centipawns(cp) => return format!("cp {cp}"),
        Score::WinIn(plies) => (true, i64::from(plies)),
        Score::LossIn(plies) => (false, i64::from(plies)),
    };
    let count = match (dialect, win) {
        (Dialect::Uci, true) => (plies + 1) / 2,
        (Dialect::Uci, false) => -(plies / 2),
        (Dialect::Ugi, true) => plies,
        (Dialect::Ugi, false) => -plies,
    };
    format!("mate {count}")
}

/// `info depth … pv …` for one report. `game` is the searched position (for move names).
pub fn info_line(report: &Report<Move>, game: &Breakthrough, dialect: Dialect) -> String {
    let bound = match report.bound {
        ScoreBound::Exact => "",
        ScoreBound::Lower => " lowerbound",
        ScoreBound::Upper => " upperbound",
    };
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {}{bound} nodes {} nps {} hashfull {} time {}",
        report.depth,
        report.seldepth,
        report.multipv,
        score(report.score, dialect),
        report.nodes,
        report.nps(),
        report.hashfull,
        report.elapsed.as_millis(),
    );
    if !report.pv.is_empty() {
        line += " pv";
        for &mv in &report.pv {
            line.push(' ');
            line += &game.move_name(mv);
        }
    }
    line
}

/// `bestmove <move> [ponder <move>]`.
pub fn bestmove_line(game: &Breakthrough, best: Move, ponder: Option<Move>) -> String {
    let mut line = format!("bestmove {}", game.move_name(best));
    if let Some(ponder) = ponder {
        line += " ponder ";
        line += &game.move_name(ponder);
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::breakthrough::BoardSize;
    use std::time::Duration;

    #[test]
    fn mate_scores_count_moves_in_uci_and_plies_in_ugi() {
        let cases = [
            (Score::Centipawns(-35), "cp -35", "cp -35"),
            (Score::WinIn(1), "mate 1", "mate 1"),
            (Score::WinIn(2), "mate 1", "mate 2"),
            (Score::WinIn(3), "mate 2", "mate 3"),
            (Score::LossIn(2), "mate -1", "mate -2"),
            (Score::LossIn(4), "mate -2", "mate -4"),
            (Score::LossIn(0), "mate 0", "mate 0"),
        ];
        for (value, uci, ugi) in cases {
            assert_eq!(score(value, Dialect::Uci), uci, "{value:?}");
            assert_eq!(score(value, Dialect::Ugi), ugi, "{value:?}");
        }
    }

    #[test]
    fn info_lines_carry_every_field() {
        let game = Breakthrough::start(BoardSize::STANDARD);
        let a2a3 = game.parse_move("a2a3").unwrap();
        let h7h6 = game.play(a2a3).parse_move("h7h6").unwrap();
        let mut report = Report {
            depth: 5,
            seldepth: 9,
            multipv: 1,
            score: Score::Centipawns(12),
            bound: ScoreBound::Exact,
            nodes: 5000,
            elapsed: Duration::from_millis(250),
            hashfull: 3,
            pv: vec![a2a3, h7h6],
        };
        assert_eq!(
            info_line(&report, &game, Dialect::Uci),
            "info depth 5 seldepth 9 multipv 1 score cp 12 nodes 5000 nps 20000 hashfull 3 \
             time 250 pv a2a3 h7h6"
        );
        report.bound = ScoreBound::Lower;
        report.score = Score::WinIn(3);
        report.pv.clear();
        assert_eq!(
            info_line(&report, &game, Dialect::Ugi),
            "info depth 5 seldepth 9 multipv 1 score mate 3 lowerbound nodes 5000 nps 20000 \
             hashfull 3 time 250"
        );
    }

    #[test]
    fn bestmove_with_and_without_ponder() {
        let game = Breakthrough::start(BoardSize::STANDARD);
        let a2a3 = game.parse_move("a2a3").unwrap();
        let h7h6 = game.play(a2a3).parse_move("h7h6").unwrap();
        assert_eq!(
            bestmove_line(&game, a2a3, Some(h7h6)),
            "bestmove a2a3 ponder h7h6"
        );
        assert_eq!(bestmove_line(&game, Move::NULL, None), "bestmove 0000");
    }
}
