//! The games Troyka plays, one folder each. Everything game-specific lives here; the layers
//! above (search, solver, datagen, protocol, match runner) see a game only through the
//! traits of [`crate::game`], and [`Variant`] is the one list of what can be played.

pub mod breakthrough;
pub mod breakthru;
pub mod networks;
pub mod relay;

use crate::game::Game;
use breakthrough::{BoardSize, Breakthrough};
use breakthru::BreakthruGame;
use relay::Relay;

/// A game and its set-up as a protocol or a command line names it (`UCI_Variant`,
/// `--variant`): the choice made once, at the top, before anything generic runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// Breakthrough on a board of this size.
    Breakthrough(BoardSize),
    /// Breakthru from its standard set-up.
    Breakthru,
    /// The toy pile game of the tests (see [`relay`]).
    Relay,
}

/// Code that runs on one game, monomorphised: what [`Variant::visit`] calls with the
/// variant's start position.
pub trait GameVisitor {
    type Output;
    fn visit<G: Game>(self, start: G) -> Self::Output;
}

/// Fairy-Stockfish's Breakthrough variants and the side of their square boards.
const BREAKTHROUGH_SIDES: [(&str, usize); 4] = [
    ("breakthrough", 8),
    ("breakthrough5", 5),
    ("breakthrough6", 6),
    ("breakthrough7", 7),
];

impl Variant {
    /// Every name [`Variant::from_name`] knows, the default first.
    pub const NAMES: [&'static str; 6] = [
        BREAKTHROUGH_SIDES[0].0,
        BREAKTHROUGH_SIDES[1].0,
        BREAKTHROUGH_SIDES[2].0,
        BREAKTHROUGH_SIDES[3].0,
        BreakthruGame::NAME,
        <Relay as Game>::NAME,
    ];

    /// The variant a name names, in any case.
    pub fn from_name(name: &str) -> Option<Variant> {
        if name.eq_ignore_ascii_case(BreakthruGame::NAME) {
            return Some(Variant::Breakthru);
        }
        if name.eq_ignore_ascii_case(<Relay as Game>::NAME) {
            return Some(Variant::Relay);
        }
        BREAKTHROUGH_SIDES
            .iter()
            .find(|(variant, _)| variant.eq_ignore_ascii_case(name))
            .and_then(|&(_, side)| BoardSize::new(side, side).ok())
            .map(Variant::Breakthrough)
    }

    /// The variant that is `game` (a [`Game::NAME`]) on the board `board_size` and no other
    /// (Fairy-Stockfish's `breakthrough6` for Breakthrough on 6x6), if there is one.
    pub fn named_for_board(game: &str, board_size: &str) -> Option<&'static str> {
        BREAKTHROUGH_SIDES
            .iter()
            .find(|&&(_, side)| {
                game == Breakthrough::NAME && board_size == format!("{side}x{side}")
            })
            .map(|&(name, _)| name)
    }

    /// The variant a name names, in any case, or an error that lists the names.
    pub fn named(name: &str) -> Result<Variant, String> {
        Variant::from_name(name).ok_or_else(|| {
            format!(
                "unknown variant '{name}' (expected one of {})",
                Variant::NAMES.join(", ")
            )
        })
    }

    /// The game every front end (the command line, `troyka-match`, the browser board) makes
    /// of what it was given, each part optional: a variant, a Breakthrough board size and a
    /// position string. The size sizes plain `breakthrough` and must agree with a variant of
    /// its own board (`breakthrough6`); other games have no board size. With neither a
    /// variant nor a size, a position string whose side to move is Breakthru's (`g`, `s`)
    /// is Breakthru's, any other Breakthrough's; with nothing, Breakthrough on 8x8. The
    /// position string itself is read by the game chosen.
    pub fn choose(
        variant: Option<Variant>,
        size: Option<BoardSize>,
        position: Option<&str>,
    ) -> Result<Variant, String> {
        let Some(size) = size else {
            return Ok(variant.unwrap_or_else(|| match position {
                Some(text) if matches!(text.split_whitespace().nth(1), Some("g" | "s")) => {
                    Variant::Breakthru
                }
                _ => Variant::default(),
            }));
        };
        match variant {
            // Plain `breakthrough` (8x8, the only variant that names that board) takes the
            // size given.
            None | Some(Variant::Breakthrough(BoardSize::STANDARD)) => {
                Ok(Variant::Breakthrough(size))
            }
            Some(Variant::Breakthrough(own)) if own == size => Ok(Variant::Breakthrough(own)),
            Some(Variant::Breakthrough(own)) => Err(format!(
                "{} is played on {own}, not on {size}",
                Variant::named_for_board(Breakthrough::NAME, &own.to_string())
                    .unwrap_or(Breakthrough::NAME)
            )),
            Some(other) => other.on_board(&size.to_string()),
        }
    }

    /// [`Variant::choose`] on the words a front end was given (the match runner's
    /// `--variant` and `--size`, the browser board's new game): a variant's name, a board
    /// size (`CxR`) and a position string, each optional.
    pub fn read(
        name: Option<&str>,
        size: Option<&str>,
        position: Option<&str>,
    ) -> Result<Variant, String> {
        let variant = name.map(Variant::named).transpose()?;
        let size = size.map(str::parse::<BoardSize>).transpose()?;
        Variant::choose(variant, size, position)
    }

    /// This variant's game on the board `size` (`CxR`), whatever board the variant had:
    /// only Breakthrough is played on boards of several sizes.
    pub fn on_board(self, size: &str) -> Result<Variant, String> {
        match self {
            Variant::Breakthrough(_) => size.parse().map(Variant::Breakthrough),
            other => Err(format!(
                "a board size is Breakthrough's; {} has none",
                other.game_name()
            )),
        }
    }

    /// Whether the game is played on a board of squares, which its position strings write
    /// rank by rank (what the browser board draws): all but the toy Relay, a pile of stones.
    pub fn has_board(self) -> bool {
        !matches!(self, Variant::Relay)
    }

    /// The game's name ([`Game::NAME`]), the same for every set-up of one game.
    pub fn game_name(self) -> &'static str {
        match self {
            Variant::Breakthrough(_) => Breakthrough::NAME,
            Variant::Breakthru => BreakthruGame::NAME,
            Variant::Relay => <Relay as Game>::NAME,
        }
    }

    /// Runs `visitor` on this variant's start position.
    pub fn visit<V: GameVisitor>(self, visitor: V) -> V::Output {
        match self {
            Variant::Breakthrough(size) => visitor.visit(Breakthrough::start(size)),
            Variant::Breakthru => visitor.visit(BreakthruGame::start()),
            Variant::Relay => visitor.visit(Relay::start()),
        }
    }
}

impl Default for Variant {
    fn default() -> Variant {
        Variant::Breakthrough(BoardSize::STANDARD)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_front_end_chooses_the_game_alike() {
        let board = |cols, rows| Variant::Breakthrough(BoardSize::new(cols, rows).unwrap());
        let choose = |name: Option<&str>, size: Option<(usize, usize)>, fen: Option<&str>| {
            let size = size.map(|(cols, rows)| format!("{cols}x{rows}"));
            Variant::read(name, size.as_deref(), fen)
        };
        assert_eq!(choose(None, None, None), Ok(board(8, 8)));
        assert_eq!(
            choose(Some("BREAKTHRU"), None, None),
            Ok(Variant::Breakthru)
        );
        assert_eq!(choose(Some("breakthrough7"), None, None), Ok(board(7, 7)));
        assert_eq!(choose(None, Some((6, 5)), None), Ok(board(6, 5)));
        assert_eq!(
            choose(Some("breakthrough"), Some((6, 5)), None),
            Ok(board(6, 5))
        );
        assert_eq!(
            choose(Some("breakthrough6"), Some((6, 6)), None),
            Ok(board(6, 6))
        );
        let breakthru_start = BreakthruGame::start().to_text();
        assert_eq!(
            choose(None, None, Some(&breakthru_start)),
            Ok(Variant::Breakthru)
        );
        assert_eq!(
            choose(None, None, Some("pppp/pppp/4/4/PPPP/PPPP w 0 1")),
            Ok(board(8, 8)),
            "a Breakthrough string, read by Breakthrough at its own size"
        );
        for (chosen, says) in [
            (choose(Some("chess"), None, None), "unknown variant 'chess'"),
            (
                choose(Some("breakthrough6"), Some((7, 7)), None),
                "breakthrough6 is played on 6x6, not on 7x7",
            ),
            (
                choose(Some("breakthru"), Some((8, 8)), None),
                "breakthru has none",
            ),
        ] {
            let error = chosen.unwrap_err();
            assert!(error.contains(says), "{error}");
        }
    }

    #[test]
    fn only_breakthrough_changes_boards() {
        let board = |cols, rows| Variant::Breakthrough(BoardSize::new(cols, rows).unwrap());
        assert_eq!(board(7, 7).on_board("9x6"), Ok(board(9, 6)));
        assert!(board(8, 8).on_board("1x1").is_err());
        let error = Variant::Breakthru.on_board("8x8").unwrap_err();
        assert!(error.contains("breakthru has none"), "{error}");
        assert!(board(8, 8).has_board() && Variant::Breakthru.has_board());
        assert!(!Variant::Relay.has_board());
    }
}
