//! The games Troyka plays, one folder each. Everything game-specific lives here; the layers
//! above (search, solver, datagen, protocol, match runner) see a game only through the
//! traits of [`crate::game`], and [`Variant`] is the one list of what can be played.

pub mod breakthrough;
pub mod breakthru;
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
