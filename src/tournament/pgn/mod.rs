//! Game records in PGN: one record per game with the game's name in `[Variant]`
//! (`breakthrough`, `relay`), `[SetUp "1"]` and the root position in `[FEN]`, each move a
//! whole turn in the game's notation (`a2a3`; `2,1` in Relay) with the engines' score, depth
//! and time as comments, and the reason the game ended. The reader accepts what the writer
//! writes and ordinary PGN around it (comments, NAGs, variations, move numbers, and what the
//! game reads of other programs' records: XBoard's algebraic moves for Breakthrough),
//! replaying every move with the rules of the game its `[Variant]` names.
//!
//! [`write()`] and [`read()`] live in files of their own; they share only the record types.

mod read;
mod write;

pub use read::{read, strip_move_number, texts, PgnGame, PgnText};
pub use write::{write, write_game, Header};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::breakthrough::{Breakthrough, Color};
    use crate::games::relay::Relay;
    use crate::tournament::game_record::{
        Ending, GameRecord, GameResult, MoveNote, ReportedScore, Termination,
    };
    use std::time::Duration;

    fn sample() -> GameRecord<Breakthrough> {
        let root = Breakthrough::from_fen("pppp/pppp/4/4/PPPP/PPPP b 0 1").unwrap();
        let moves = root.replay_record(&["a5a4", "b2b3", "a4b3"]).unwrap();
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
            unnoted: Some("book"),
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
            unnoted: Some("book"),
        };
        let record = sample();
        let text = write(&record, &header) + &write(&record, &header);
        let games = read(&text, &record.root).unwrap();
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
            unnoted: Some("book"),
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
        let games = read(&text, &record.root).unwrap();
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

    #[test]
    fn relay_games_with_two_ply_turns_and_a_draw_round_trip() {
        let root = <Relay>::from_text("12 white 1 17 20 -").unwrap();
        let moves = root.replay_record(&["2,2", "1,end", "2,1"]).unwrap();
        let note = MoveNote {
            score: Some(ReportedScore::Centipawns(0)),
            depth: Some(3),
            nps: None,
            time: Duration::from_millis(10),
        };
        let position = moves.iter().flatten().fold(root, |p, &mv| p.play(mv));
        let record = GameRecord {
            root,
            notes: vec![None, Some(note), Some(note)],
            moves,
            ending: Ending::by_the_rules(&position).unwrap(),
        };
        let header = Header {
            event: "relay",
            round: 1,
            white: "a",
            black: "b",
            time_controls: ["depth=3".into(), "depth=3".into()],
            unnoted: Some("book"),
        };
        let text = write(&record, &header);
        for expected in [
            "[Result \"1/2-1/2\"]\n",
            "[Variant \"relay\"]\n[SetUp \"1\"]\n[FEN \"12 white 1 17 20 -\"]\n",
            "[PlyCount \"3\"]\n[Termination \"normal\"]\n\n",
            "1. 2,2 {book} 1,end {+0.00/3 0.010s} 2. 2,1 {+0.00/3 0.010s}\n\
             {20 turns have passed} 1/2-1/2\n\n",
        ] {
            assert!(text.contains(expected), "missing {expected:?} in\n{text}");
        }
        let games = read(&text, &Relay::start()).unwrap();
        let [game] = &games[..] else {
            panic!("one game expected in\n{text}")
        };
        assert_eq!((game.root, &game.moves), (record.root, &record.moves));
        assert_eq!(game.result, "1/2-1/2");
        assert_eq!(game.final_comment.as_deref(), Some("20 turns have passed"));
        assert_eq!(
            Ending::by_the_rules(&game.final_position()),
            Some(record.ending)
        );
        // Breakthrough's rules refuse it.
        let breakthrough = read(&text, &Breakthrough::from_fen("pp/2/2/PP w 0 1").unwrap());
        assert_eq!(
            breakthrough.unwrap_err(),
            "game 1: a relay game, not breakthrough"
        );
    }
}
