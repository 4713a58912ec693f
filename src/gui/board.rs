//! [`Board`]: a page's game as the session holds it, whatever the game — one object-safe
//! face over [`GameLine`] of each game, chosen once when a game is opened ([`open`]: a
//! variant and size, a position string, or a PGN record), so that the session, the API and
//! the engine's conductor are written once for both games.

use super::line::{Eval, GameLine};
use super::pgn_export::{self, Players};
use super::view::BoardView;
use crate::game::{Color, Game};
use crate::games::{GameVisitor, Variant};
use crate::tournament::game_record::MoveNote;
use crate::tournament::pgn;

/// A page's game. See [`GameLine`] for what each method does.
pub trait Board: Send {
    /// The game's name ([`Game::NAME`]), which is also its `UCI_Variant`.
    fn game(&self) -> &'static str;
    fn view(&self) -> BoardView;
    fn play_leg(&mut self, leg: &str) -> Result<(), String>;
    fn play_turn(&mut self, turn: &str, note: Option<MoveNote>) -> Result<(), String>;
    fn cancel_legs(&mut self) -> bool;
    fn take_back(&mut self, count: usize) -> Result<(), String>;
    fn goto(&mut self, index: usize) -> Result<(), String>;
    fn set_eval(&mut self, index: usize, eval: Eval);
    fn cursor(&self) -> usize;
    fn at_end(&self) -> bool;
    fn has_legs(&self) -> bool;
    /// The side to move at the cursor.
    fn side_to_move(&self) -> Color;
    /// Whether the game is over at the cursor.
    fn is_over(&self) -> bool;
    fn solvable(&self) -> bool;
    fn position_command(&self) -> String;
    /// The whole game (not only up to the cursor) as PGN.
    fn pgn(&self, players: &Players) -> String;
}

impl<G: Game> Board for GameLine<G> {
    fn game(&self) -> &'static str {
        G::NAME
    }

    fn view(&self) -> BoardView {
        GameLine::view(self)
    }

    fn play_leg(&mut self, leg: &str) -> Result<(), String> {
        GameLine::play_leg(self, leg)
    }

    fn play_turn(&mut self, turn: &str, note: Option<MoveNote>) -> Result<(), String> {
        GameLine::play_turn(self, turn, note)
    }

    fn cancel_legs(&mut self) -> bool {
        GameLine::cancel_legs(self)
    }

    fn take_back(&mut self, count: usize) -> Result<(), String> {
        GameLine::take_back(self, count)
    }

    fn goto(&mut self, index: usize) -> Result<(), String> {
        GameLine::goto(self, index)
    }

    fn set_eval(&mut self, index: usize, eval: Eval) {
        GameLine::set_eval(self, index, eval);
    }

    fn cursor(&self) -> usize {
        GameLine::cursor(self)
    }

    fn at_end(&self) -> bool {
        GameLine::at_end(self)
    }

    fn has_legs(&self) -> bool {
        !self.legs().is_empty()
    }

    fn side_to_move(&self) -> Color {
        self.position().side_to_move()
    }

    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    fn solvable(&self) -> bool {
        GameLine::solvable(self)
    }

    fn position_command(&self) -> String {
        GameLine::position_command(self)
    }

    fn pgn(&self, players: &Players) -> String {
        pgn_export::write(self, players)
    }
}

/// What a new game is made from: a variant (`breakthrough`, `breakthru`, or one of
/// `UCI_Variant`'s names such as `breakthrough7`), a Breakthrough board size (`6x5`), or a
/// position string of either game.
#[derive(Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    pub variant: Option<String>,
    pub size: Option<String>,
    pub fen: Option<String>,
}

/// A new game as `spec` asks, the game chosen as every front end chooses it
/// ([`Variant::choose`]: without a variant, a position string is read as Breakthru's when
/// its side to move is `g` or `s`, else as Breakthrough's, of the size it has).
pub fn open(spec: &NewGame) -> Result<Box<dyn Board>, String> {
    let (variant, size, fen) = (&spec.variant, &spec.size, spec.fen.as_deref());
    let variant = playable(Variant::read(variant.as_deref(), size.as_deref(), fen)?)?;
    variant.visit(Open {
        fen: spec.fen.as_deref(),
    })
}

/// `variant` if the board can show it: a game played on a board of squares.
fn playable(variant: Variant) -> Result<Variant, String> {
    if variant.has_board() {
        return Ok(variant);
    }
    let mut shown: Vec<&str> = (Variant::NAMES.iter())
        .filter_map(|name| Variant::from_name(name).filter(|shown| shown.has_board()))
        .map(Variant::game_name)
        .collect();
    shown.dedup();
    Err(format!(
        "the board plays {}, not {}",
        shown.join(" and "),
        variant.game_name()
    ))
}

/// Opens a game at the start position, or at a position string read with its rules.
struct Open<'a> {
    fen: Option<&'a str>,
}

impl GameVisitor for Open<'_> {
    type Output = Result<Box<dyn Board>, String>;

    fn visit<G: Game>(self, start: G) -> Self::Output {
        let root = match self.fen {
            Some(fen) => G::from_text(fen.trim())
                .map_err(|e| format!("bad {} position string: {e}", G::NAME))?,
            None => start,
        };
        Ok(Box::new(GameLine::new(root)))
    }
}

/// The first game of a PGN text, replayed with the rules of the game its `Variant` tag
/// names, the cursor at its end.
pub fn load_pgn(text: &str) -> Result<Box<dyn Board>, String> {
    let game = pgn::texts(text)?
        .into_iter()
        .next()
        .ok_or("no game in the PGN text")?;
    playable(game.variant()?)?.visit(Replay { game })
}

/// Replays a PGN game with the rules of the game it is visited with.
struct Replay {
    game: pgn::PgnText,
}

impl GameVisitor for Replay {
    type Output = Result<Box<dyn Board>, String>;

    fn visit<G: Game>(self, start: G) -> Self::Output {
        let game = self.game.replay(&start)?;
        Ok(Box::new(GameLine::replayed(game.root, game.moves)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(variant: Option<&str>, size: Option<&str>, fen: Option<&str>) -> NewGame {
        NewGame {
            variant: variant.map(Into::into),
            size: size.map(Into::into),
            fen: fen.map(Into::into),
        }
    }

    #[test]
    fn games_open_from_names_sizes_and_strings() {
        let title = |s: NewGame| open(&s).map(|board| board.view().title);
        assert_eq!(title(spec(None, None, None)).unwrap(), "Breakthrough 8x8");
        assert_eq!(
            title(spec(Some("breakthrough7"), None, None)).unwrap(),
            "Breakthrough 7x7"
        );
        assert_eq!(
            title(spec(Some("Breakthrough"), Some("6x5"), None)).unwrap(),
            "Breakthrough 6x5"
        );
        assert_eq!(
            title(spec(None, Some("9x9"), None)).unwrap(),
            "Breakthrough 9x9"
        );
        assert_eq!(
            title(spec(Some("breakthru"), None, None)).unwrap(),
            "Breakthru"
        );
        let breakthru = "11/11/11/11/11/5F5/11/11/11/3s7/11 s 0 1";
        assert_eq!(
            title(spec(None, None, Some(breakthru))).unwrap(),
            "Breakthru"
        );
        assert_eq!(
            title(spec(None, None, Some("pp/2/2/PP b"))).unwrap(),
            "Breakthrough 2x4"
        );
        for (bad, says) in [
            (spec(Some("relay"), None, None), "not relay"),
            (spec(Some("chess"), None, None), "unknown variant"),
            (spec(None, Some("20x20"), None), "16"),
            (spec(Some("breakthru"), Some("8x8"), None), "has none"),
            (
                spec(None, None, Some("pp/2/PP w")),
                "bad breakthrough position string",
            ),
            (
                spec(None, None, Some("11/11 g")),
                "bad breakthru position string",
            ),
        ] {
            let error = title(bad).unwrap_err();
            assert!(error.contains(says), "{error}");
        }
    }
}
