//! Game records in PGN: one record per game with `[Variant "breakthrough"]`, `[SetUp "1"]`
//! and the root position in `[FEN]`, moves in Troyka's notation with the engines' score,
//! depth and time as comments, and the reason the game ended. The reader accepts what the
//! writer writes and ordinary PGN around it (comments, NAGs, variations, move numbers,
//! moves in algebraic notation as XBoard saves them), replaying every move with the rules.
//!
//! [`write()`] and [`read()`] live in files of their own; they share only the record types.

mod read;
mod write;

pub use read::{read, strip_move_number, PgnGame};
pub use write::{write, Header};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::breakthrough::{Breakthrough, Color};
    use crate::tournament::record::{
        Ending, GameRecord, GameResult, MoveNote, ReportedScore, Termination,
    };
    use std::time::Duration;

    fn sample() -> GameRecord {
        let root = Breakthrough::from_fen("pppp/pppp/4/4/PPPP/PPPP b 0 1").unwrap();
        let mut position = root;
        let mut moves = Vec::new();
        for text in ["a5a4", "b2b3", "a4b3"] {
            let mv = position.parse_move(text).unwrap();
            moves.push(mv);
            position = position.play(mv);
        }
        let note = MoveNote {
            score: Some(ReportedScore::Centipawns(-25)),
            depth: Some(7),
            nps: Some(1000),
            time: Duration::from_millis(120),
        };
        GameRecord {
            root,
            moves,
            notes: vec![None, Some(note), Some(note)],
            ending: Ending {
                result: GameResult::Win(Color::White),
                termination: Termination::IllegalMove,
                reason: "Black makes an illegal move: 'a6a3' is {not} legal".into(),
            },
        }
    }

    #[test]
    fn writes_the_tags_and_moves() {
        let header = Header {
            event: "test \"quoted\"",
            round: 3,
            white: "new",
            black: "old",
            time_controls: ["nodes=100".into(), "2+0.02".into()],
        };
        let text = write(&sample(), &header);
        for expected in [
            "[Event \"test \\\"quoted\\\"\"]\n",
            "[Round \"3\"]\n[White \"new\"]\n[Black \"old\"]\n[Result \"1-0\"]\n",
            "[Variant \"breakthrough\"]\n[SetUp \"1\"]\n[FEN \"pppp/pppp/4/4/PPPP/PPPP b 0 1\"]\n",
            "[WhiteTimeControl \"nodes=100\"]\n[BlackTimeControl \"2+0.02\"]\n",
            "[PlyCount \"3\"]\n[Termination \"rules infraction\"]\n\n",
            "1... a5a4 {book} 2. b2b3 {-0.25/7 0.120s} a4b3 {-0.25/7 0.120s}",
            "{Black makes an illegal move: 'a6a3' is {not) legal} 1-0\n\n",
        ] {
            assert!(text.contains(expected), "missing {expected:?} in\n{text}");
        }
        assert!(text.lines().all(|line| line.len() <= 80));
    }

    #[test]
    fn reads_back_what_it_writes() {
        let header = Header {
            event: "e",
            round: 1,
            white: "a \\ b",
            black: "c",
            time_controls: ["st=1".into(), "st=1".into()],
        };
        let record = sample();
        let text = write(&record, &header) + &write(&record, &header);
        let games = read(&text).unwrap();
        assert_eq!(games.len(), 2);
        let game = &games[1];
        assert_eq!(game.root, record.root);
        assert_eq!(game.moves, record.moves);
        assert_eq!(game.result, "1-0");
        assert_eq!(game.tag("White"), Some("a \\ b"));
        assert_eq!(game.tag("TimeControl"), Some("st=1"));
        assert_eq!(game.tag("Termination"), Some("rules infraction"));
        // The writer keeps the comment closed: `}` becomes `)`.
        assert_eq!(
            game.final_comment,
            Some(record.ending.reason.replace('}', ")"))
        );
        assert_eq!(
            game.final_position().to_fen(),
            "pppp/1ppp/4/1p2/P1PP/PPPP w 0 1"
        );
    }

    #[test]
    fn draws_round_trip() {
        let header = Header {
            event: "e",
            round: 2,
            white: "a",
            black: "b",
            time_controls: ["nodes=10".into(), "nodes=10".into()],
        };
        let mut record = sample();
        record.ending = Ending {
            result: GameResult::Draw,
            termination: Termination::Adjudication,
            reason: "Draw by adjudication: 1 moves each".into(),
        };
        let text = write(&record, &header);
        for expected in [
            "[Result \"1/2-1/2\"]\n",
            "[Termination \"adjudication\"]\n",
            "{Draw by adjudication: 1 moves each} 1/2-1/2\n\n",
        ] {
            assert!(text.contains(expected), "missing {expected:?} in\n{text}");
        }
        let games = read(&text).unwrap();
        let [game] = &games[..] else {
            panic!("one game expected in\n{text}")
        };
        assert_eq!((game.root, &game.moves), (record.root, &record.moves));
        assert_eq!(GameResult::from_pgn(&game.result), Some(GameResult::Draw));
        assert_eq!(
            game.tag("Termination").and_then(Termination::from_pgn_name),
            Some(Termination::Adjudication)
        );
        assert_eq!(
            game.final_comment.as_deref(),
            Some(record.ending.reason.as_str())
        );
    }
}
