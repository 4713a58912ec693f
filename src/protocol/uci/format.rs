//! How search progress and results are written: `info` lines, scores (as UCI or UGI counts
//! them), and `bestmove`.

use crate::game::{line_name, Game, GameMove, GameResult, Position, PositionVisitor};
use crate::search::{Report, Score, ScoreBound};

/// Which protocol the GUI asked for. They differ only where UGI defines things its own way:
/// the handshake's last line, how forced results are counted, and `bestmove`, which has no
/// `ponder` in UGI.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UciFlavour {
    Uci,
    Ugi,
}

/// What `mate N` counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MateUnit {
    /// The moves of the side to move, as Stockfish counts them: UCI's (and CECP's) way, in a
    /// game whose plies alternate.
    Moves,
    /// Plies of the search: UGI's way, and every dialect's in a game whose plies do not
    /// alternate (where a side's moves are not every other ply).
    Plies,
}

impl MateUnit {
    /// How `dialect` counts mates in `game`'s game: in plies where its plies do not
    /// alternate ([`Position::ALTERNATES`]).
    pub fn of<G: Game>(dialect: UciFlavour, game: &G) -> MateUnit {
        struct Alternates;
        impl<M: GameMove> PositionVisitor<M> for Alternates {
            type Output = bool;
            fn visit<P: Position<Move = M>>(self, _: &P) -> bool {
                P::ALTERNATES
            }
        }
        match dialect {
            UciFlavour::Uci if game.visit(Alternates) => MateUnit::Moves,
            _ => MateUnit::Plies,
        }
    }

    /// N of `mate N` when the side to move wins in `plies`. In moves, a win in 1 or 2 plies
    /// is mate 1.
    pub fn win(self, plies: u32) -> i64 {
        let plies = i64::from(plies);
        match self {
            MateUnit::Moves => (plies + 1) / 2,
            MateUnit::Plies => plies,
        }
    }

    /// N of `mate N` (negative) when the side to move loses in `plies`. In moves, a loss in 2
    /// plies is mate -1.
    pub fn loss(self, plies: u32) -> i64 {
        let plies = i64::from(plies);
        match self {
            MateUnit::Moves => -(plies / 2),
            MateUnit::Plies => -plies,
        }
    }
}

/// How a finished game ended, in a few words: `white won`, `drawn`.
pub fn result_words<G: Game>(result: GameResult) -> String {
    match result {
        GameResult::Win(winner) => format!("{} won", G::side_name(winner)),
        GameResult::Draw => "drawn".into(),
    }
}

/// `cp X` or `mate N`.
pub fn score(score: Score, unit: MateUnit) -> String {
    match score {
        Score::Centipawns(cp) => format!("cp {cp}"),
        Score::WinIn(plies) => format!("mate {}", unit.win(plies)),
        Score::LossIn(plies) => format!("mate {}", unit.loss(plies)),
    }
}

/// `info depth … pv …` for one report. `game` is the searched position (for move names).
pub fn info_line<G: Game>(report: &Report<G::Move>, game: &G, unit: MateUnit) -> String {
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
        score(report.score, unit),
        report.nodes,
        report.nps(),
        report.hashfull,
        report.elapsed.as_millis(),
    );
    if !report.pv.is_empty() {
        line += " pv ";
        line += &line_name(game, &report.pv);
    }
    line
}

/// `bestmove <turn> [ponder <turn>]`; no turn (a finished game) is `0000`.
pub fn bestmove_line<G: Game>(game: &G, best: &[G::Move], ponder: Option<&[G::Move]>) -> String {
    if best.is_empty() {
        return "bestmove 0000".into();
    }
    let mut line = format!("bestmove {}", game.turn_name(best));
    if let Some(ponder) = ponder {
        line += " ponder ";
        line += &game.play_all(best).turn_name(ponder);
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::breakthrough::{BoardSize, Breakthrough};
    use crate::games::relay::Relay;
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
            assert_eq!(score(value, MateUnit::Moves), uci, "{value:?}");
            assert_eq!(score(value, MateUnit::Plies), ugi, "{value:?}");
        }
    }

    #[test]
    fn plies_that_do_not_alternate_are_counted_in_every_dialect() {
        let breakthrough = Breakthrough::start(BoardSize::STANDARD);
        assert_eq!(
            MateUnit::of(UciFlavour::Uci, &breakthrough),
            MateUnit::Moves
        );
        assert_eq!(
            MateUnit::of(UciFlavour::Ugi, &breakthrough),
            MateUnit::Plies
        );
        assert_eq!(
            MateUnit::of(UciFlavour::Uci, &Relay::start()),
            MateUnit::Plies
        );
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
            info_line(&report, &game, MateUnit::Moves),
            "info depth 5 seldepth 9 multipv 1 score cp 12 nodes 5000 nps 20000 hashfull 3 \
             time 250 pv a2a3 h7h6"
        );
        report.bound = ScoreBound::Lower;
        report.score = Score::WinIn(3);
        report.pv.clear();
        assert_eq!(
            info_line(&report, &game, MateUnit::Plies),
            "info depth 5 seldepth 9 multipv 1 score mate 3 lowerbound nodes 5000 nps 20000 \
             hashfull 3 time 250"
        );
    }

    #[test]
    fn principal_variations_and_bestmoves_are_written_in_turns() {
        let relay = Relay::start();
        let line = relay.parse_turn("2,1").unwrap();
        let reply = relay.play_all(&line).parse_turn("1,end").unwrap();
        let report = Report {
            depth: 2,
            seldepth: 3,
            multipv: 1,
            score: Score::Centipawns(0),
            bound: ScoreBound::Exact,
            nodes: 10,
            elapsed: Duration::from_millis(1),
            hashfull: 0,
            pv: [line.clone(), reply.clone()].concat(),
        };
        assert!(info_line(&report, &relay, MateUnit::Plies).ends_with(" pv 2,1 1,end"));
        assert_eq!(
            bestmove_line(&relay, &line, Some(&reply)),
            "bestmove 2,1 ponder 1,end"
        );
    }

    #[test]
    fn bestmove_with_and_without_ponder() {
        let game = Breakthrough::start(BoardSize::STANDARD);
        let a2a3 = game.parse_move("a2a3").unwrap();
        let h7h6 = game.play(a2a3).parse_move("h7h6").unwrap();
        assert_eq!(
            bestmove_line(&game, &[a2a3], Some(&[h7h6])),
            "bestmove a2a3 ponder h7h6"
        );
        assert_eq!(bestmove_line(&game, &[], None), "bestmove 0000");
    }
}
