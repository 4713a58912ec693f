//! The board as text, for the protocol's `d` command: ranks 11 down to 1, files below, then
//! the side to move, the state of the turn, and how the game ended, if it has (the protocol
//! adds the position string, which has the counters).

use super::bitboard::SIDE;
use super::notation::square_name;
use super::position::{side_name, Breakthru};
use super::zobrist::Piece;

impl Breakthru {
    /// `F` the flagship, `E` an escort, `s` a silver ship, `.` an empty square.
    pub fn diagram(&self) -> String {
        let mut text = String::new();
        for rank in (0..SIDE).rev() {
            text += &format!("{:>2} ", rank + 1);
            for file in 0..SIDE {
                text.push(match self.piece_at(rank * SIDE + file) {
                    Some(Piece::Flagship) => 'F',
                    Some(Piece::Escort) => 'E',
                    Some(Piece::Silver) => 's',
                    None => '.',
                });
                text.push(if file + 1 < SIDE { ' ' } else { '\n' });
            }
        }
        text += "   a b c d e f g h i j k\n";
        let side = side_name(self.side);
        text += &match self.first_moved() {
            None => format!("{side} to move\n"),
            Some(square) => format!(
                "{side} to move, second slide (the ship on {} has slid)\n",
                square_name(square)
            ),
        };
        if let Some((result, reason)) = self.outcome() {
            text += &format!("game over: {} ({reason})\n", result.pgn());
        }
        text.pop();
        text
    }
}
