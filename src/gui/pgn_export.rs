//! A page's game as PGN, written by `troyka-match`'s writer ([`pgn::write_game`]), so that
//! `troyka-match check-pgn` and the board read each other's records: the players' names,
//! Troyka's time per move, Troyka's score, depth and time after each of its moves (a
//! person's moves have no comment), and the result and its reason once the game is over
//! (`*` before). Reading is [`super::board::load_pgn`].

use super::line::GameLine;
use crate::game::Game;
use crate::tournament::game_record::{Ending, Turn};
use crate::tournament::pgn::{self, Header};

/// Who played each side, as the record names them.
pub struct Players {
    /// White's and black's names.
    pub names: [String; 2],
    /// White's and black's time controls (`st=1`, or `-` for a person).
    pub time_controls: [String; 2],
}

/// The whole game as PGN text.
pub fn write<G: Game>(line: &GameLine<G>, players: &Players) -> String {
    let moves: Vec<Turn<G>> = line.turns().iter().map(|turn| turn.legs.clone()).collect();
    let notes: Vec<_> = line.turns().iter().map(|turn| turn.note).collect();
    let header = Header {
        event: "Troyka board",
        round: 1,
        white: &players.names[0],
        black: &players.names[1],
        time_controls: players.time_controls.clone(),
        unnoted: None,
    };
    let ending = Ending::by_the_rules(line.last_position());
    pgn::write_game(line.root(), &moves, &notes, ending.as_ref(), &header)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::breakthrough::{BoardSize, Breakthrough};
    use crate::gui::board::load_pgn;
    use crate::tournament::check_pgn::check_game;
    use crate::tournament::game_record::{MoveNote, ReportedScore};
    use std::time::Duration;

    fn players() -> Players {
        Players {
            names: ["Human".into(), "Troyka".into()],
            time_controls: ["-".into(), "st=0.5".into()],
        }
    }

    #[test]
    fn games_go_out_and_come_back() {
        let mut line = GameLine::new(Breakthrough::start(BoardSize::new(5, 5).unwrap()));
        line.play_leg("b2b3").unwrap();
        let note = MoveNote {
            score: Some(ReportedScore::Centipawns(12)),
            depth: Some(9),
            nps: Some(1000),
            time: Duration::from_millis(500),
        };
        line.play_turn("e4e3", Some(note)).unwrap();
        let text = write(&line, &players());
        for expected in [
            "[Result \"*\"]",
            "[Variant \"breakthrough\"]",
            "[FEN \"ppppp/ppppp/5/PPPPP/PPPPP w 0 1\"]",
            "[WhiteTimeControl \"-\"]",
            "[Termination \"unterminated\"]",
            "1. b2b3 e4e3 {+0.12/9 0.500s} *",
        ] {
            assert!(text.contains(expected), "{expected} not in\n{text}");
        }
        // troyka-match check-pgn reads it as a game that goes on.
        let start = Breakthrough::start(BoardSize::STANDARD);
        let read = pgn::read(&text, &start).unwrap().remove(0);
        assert_eq!(check_game(&read), Ok(()));
        let back = load_pgn(&text).unwrap();
        let view = back.view();
        assert_eq!((view.cursor, view.moves.len()), (2, 2));
        assert_eq!(view.fen, line.position().to_text());
    }
}
