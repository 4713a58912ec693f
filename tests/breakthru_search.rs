//! The shared search on Breakthru, legs as plies: one-turn wins seen and scored, the side
//! keeping the move between the two slides of a turn, and the principal variation made of
//! whole legal turns.

use troyka::game::{turn_over, turns_of, Game};
use troyka::games::breakthru::{BreakthruGame, Leg};
use troyka::search::{Engine, Limits, Score, SearchResult, Signals};

fn search(fen: &str, depth: u32) -> (BreakthruGame, SearchResult<Leg>, Vec<Leg>) {
    let game = BreakthruGame::from_text(fen).unwrap();
    let mut engine = Engine::new(8, 1);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let mut pv = Vec::new();
    let result = engine.search(&game, &limits, &Signals::default(), &mut |report| {
        pv = report.pv.clone()
    });
    (game, result, pv)
}

#[test]
fn the_flagship_escapes_along_an_open_line() {
    let (game, result, _) = search("11/11/11/11/11/5F5/11/11/11/11/sss8 g 0 1", 3);
    assert_eq!(result.score, Score::WinIn(1));
    let after = game.play(result.best);
    assert_eq!(
        after.result(),
        Some(troyka::game::GameResult::Win(troyka::game::Color::White))
    );
}

#[test]
fn silver_takes_the_flagship_beside_it() {
    let (game, result, _) = search("11/11/11/11/11/5F5/4s6/11/11/11/s10 s 0 1", 3);
    assert_eq!(result.score, Score::WinIn(1));
    assert_eq!(game.move_name(result.best), "e5f6");
}

#[test]
fn gold_answers_a_ship_beside_its_flagship() {
    // Silver's e5 would take the flagship next turn: gold must take e5 or move away.
    let fen = "3sssss3/11/11/11/11/s4F4s/4s6/11/11/11/3sssss3 g 0 1";
    let (game, result, _) = search(fen, 4);
    assert!(
        !matches!(result.score, Score::LossIn(_)),
        "{:?}",
        result.score
    );
    let after = game.play(result.best);
    assert!(after.result().is_none());
}

#[test]
fn the_principal_variation_is_whole_legal_turns() {
    let start = BreakthruGame::start();
    let (_, result, pv) = search(&start.to_text(), 3);
    assert_eq!(pv.first(), Some(&result.best));
    assert!(pv.len() >= 3, "{pv:?}");
    // Every turn of the line reads back as a whole legal turn, but the last one may stop
    // after its first leg (a depth counts legs), which must then be a legal leg.
    let mut game = start.clone();
    for turn in turns_of(&start, &pv) {
        let after = game.play_all(&turn);
        if !turn_over(&game, &after) {
            assert_eq!(turn.len(), 1, "{pv:?}");
            assert!(game.legal_moves().contains(&turn[0]), "{pv:?}");
            break;
        }
        let text = game.turn_name(&turn);
        let legs = game
            .parse_turn(&text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        game = game.play_all(&legs);
    }
}
