//! How the protocols name a variant ([`Variant`]): `UCI_Variant`'s names (the list of
//! [`Variant::NAMES`]), the `BoardSize` option, and CECP's `variant` names. The variant is
//! chosen here, at the top, through the registry of games; everything below it sees only
//! the game's traits.

use crate::games::Variant;

/// `BoardSize`'s value (`CxR`): the default game (Breakthrough, the one played on boards of
/// several sizes) on that board.
pub fn board_size(text: &str) -> Result<Variant, String> {
    Variant::default().on_board(text)
}

/// What CECP's `variant` names and XBoard's errors list: a game's own name (`breakthrough`)
/// is the board the options chose when they chose that game (`BoardSize`), else its
/// standard board; a name of one board has that board (Fairy-Stockfish's `breakthrough5`
/// to `breakthrough7`); a size prefix as XBoard writes it (`7x7+0_breakthrough`) overrides
/// either, for a game played on boards of several sizes. `None` for anything else.
pub fn from_cecp(name: &str, options: Variant) -> Option<Variant> {
    let (prefix, name) = match name.split_once('_') {
        Some((prefix, name)) => (Some(prefix), name),
        None => (None, name),
    };
    let mut named = Variant::from_name(name)?;
    if name.eq_ignore_ascii_case(named.game_name()) && options.game_name() == named.game_name() {
        named = options;
    }
    let Some(prefix) = prefix else {
        return Some(named);
    };
    let (size, holdings) = prefix.split_once('+')?;
    if holdings != "0" {
        return None;
    }
    named.on_board(size).ok()
}

/// The sizes CECP's `variant` takes, for its error message.
pub const CECP_SIZES: &str = "CxR+0_breakthrough on any board from 2x4 to 16x16";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::breakthrough::BoardSize;

    #[test]
    fn the_board_size_option_names_a_breakthrough_board() {
        assert_eq!(
            board_size("6x5"),
            Ok(Variant::Breakthrough(BoardSize::new(6, 5).unwrap()))
        );
        assert!(board_size("1x1").is_err());
    }

    #[test]
    fn cecp_variants_name_boards() {
        let board = |cols, rows| Some(Variant::Breakthrough(BoardSize::new(cols, rows).unwrap()));
        let options = board(10, 12).unwrap();
        let read = |name| from_cecp(name, options);
        assert_eq!(read("breakthrough"), board(10, 12));
        assert_eq!(from_cecp("breakthrough", Variant::Relay), board(8, 8));
        assert_eq!(read("breakthrough7"), board(7, 7));
        assert_eq!(read("7x7+0_breakthrough"), board(7, 7));
        assert_eq!(read("16x4+0_breakthrough"), board(16, 4));
        assert_eq!(read("8x8+0_breakthrough6"), board(8, 8));
        assert_eq!(read("relay"), Some(Variant::Relay));
        assert_eq!(read("normal"), None);
        assert_eq!(read("8x8+5_breakthrough"), None);
        assert_eq!(read("17x8+0_breakthrough"), None);
        assert_eq!(read("8x8+0_relay"), None);
    }
}
