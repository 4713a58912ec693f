//! Position strings in Fairy-Stockfish's Breakthrough form:
//! `pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w 0 1` — ranks from the top, `P` white,
//! `p` black, numbers (one or two digits) for runs of empty squares, then the side to move.
//! Trailing fields are accepted and ignored. The board size is read from the string. An
//! empty holdings field after the board (`PPPPPPPP[-]`), which XBoard writes on the board
//! with holdings that the CECP protocol gives it, is accepted too.

use super::geometry::BoardSize;
use super::Color;

/// A position string read into plain data, before it is put on bitboards.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParsedFen {
    pub size: BoardSize,
    /// Square indices (dense layout) of each colour's pieces.
    pub white: Vec<usize>,
    pub black: Vec<usize>,
    pub side: Color,
}

/// Reads a position string, naming what is wrong and where when it is not valid.
pub fn parse(text: &str) -> Result<ParsedFen, String> {
    let mut fields = text.split_whitespace();
    let placement = without_holdings(fields.next().ok_or("empty position string")?)?;
    let ranks: Vec<&str> = placement.split('/').collect();

    // Each rank becomes a list of cells, top rank first.
    let mut rows: Vec<Vec<Option<Color>>> = Vec::with_capacity(ranks.len());
    for (index, rank) in ranks.iter().enumerate() {
        rows.push(parse_rank(rank, index + 1, ranks.len())?);
    }
    let cols = rows[0].len();
    if let Some((index, row)) = rows.iter().enumerate().find(|(_, row)| row.len() != cols) {
        return Err(format!(
            "ragged ranks: rank {} has {} squares but rank {} has {cols}",
            ranks.len() - index,
            row.len(),
            ranks.len()
        ));
    }
    let size = BoardSize::new(cols, rows.len())?;

    let side = match fields.next() {
        None => return Err("missing side to move (expected 'w' or 'b' after the board)".into()),
        Some("w") | Some("W") => Color::White,
        Some("b") | Some("B") => Color::Black,
        Some(other) => {
            return Err(format!("bad side to move '{other}' (expected 'w' or 'b')"));
        }
    };

    let (mut white, mut black) = (Vec::new(), Vec::new());
    for (index, row) in rows.iter().enumerate() {
        let rank = size.rows() - 1 - index;
        for (file, cell) in row.iter().enumerate() {
            match cell {
                Some(Color::White) => white.push(size.square(file, rank)),
                Some(Color::Black) => black.push(size.square(file, rank)),
                None => {}
            }
        }
    }
    Ok(ParsedFen {
        size,
        white,
        black,
        side,
    })
}

/// The board field without XBoard's holdings: the CECP `setup` gives XBoard a board with
/// holdings (see `protocol.md`), and XBoard then writes them after the last rank, `[-]`
/// when empty, in `setboard` and in its records. Breakthrough has no pieces in hand, so
/// only empty holdings are accepted.
fn without_holdings(placement: &str) -> Result<&str, String> {
    let Some((board, hand)) = placement.split_once('[') else {
        return Ok(placement);
    };
    match hand.strip_suffix(']') {
        Some("" | "-") => Ok(board),
        Some(pieces) => Err(format!(
            "pieces in hand '[{pieces}]': Breakthrough has none (only '[-]' is accepted)"
        )),
        None => Err(format!("unclosed holdings '[{hand}' (expected '[-]')")),
    }
}

/// Reads one rank; `number` counts ranks from the top (1-based), for error messages.
fn parse_rank(rank: &str, number: usize, total: usize) -> Result<Vec<Option<Color>>, String> {
    let name = total + 1 - number;
    let too_wide = || format!("rank {name} is wider than 16 squares");
    if rank.is_empty() {
        return Err(format!("rank {name} is empty"));
    }
    let mut cells = Vec::new();
    let mut chars = rank.char_indices().peekable();
    while let Some((offset, c)) = chars.next() {
        match c {
            'P' => cells.push(Some(Color::White)),
            'p' => cells.push(Some(Color::Black)),
            '1'..='9' => {
                let mut run = c.to_digit(10).unwrap_or(0) as usize;
                if let Some(&(_, next @ '0'..='9')) = chars.peek() {
                    run = run * 10 + next.to_digit(10).unwrap_or(0) as usize;
                    chars.next();
                }
                if run > 16 {
                    return Err(too_wide());
                }
                cells.extend(std::iter::repeat_n(None, run));
            }
            _ => {
                return Err(format!(
                    "unknown character '{c}' in rank {name} (at character {} of the rank); \
                     expected P, p or a number",
                    offset + 1
                ));
            }
        }
        if cells.len() > 16 {
            return Err(too_wide());
        }
    }
    Ok(cells)
}

/// Writes a position string: board, side to move, and Fairy-Stockfish's `0 1` trailer.
pub fn format(size: BoardSize, piece_at: impl Fn(usize) -> Option<Color>, side: Color) -> String {
    let mut text = String::new();
    for rank in (0..size.rows()).rev() {
        let mut empty = 0;
        for file in 0..size.cols() {
            match piece_at(size.square(file, rank)) {
                None => empty += 1,
                Some(color) => {
                    if empty > 0 {
                        text += &empty.to_string();
                        empty = 0;
                    }
                    text.push(if color == Color::White { 'P' } else { 'p' });
                }
            }
        }
        if empty > 0 {
            text += &empty.to_string();
        }
        if rank > 0 {
            text.push('/');
        }
    }
    text.push_str(if side == Color::White {
        " w 0 1"
    } else {
        " b 0 1"
    });
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> String {
        parse(text).unwrap_err()
    }

    #[test]
    fn reads_sizes_from_the_string() {
        let fen = parse("pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w 0 1").unwrap();
        assert_eq!(fen.size, BoardSize::STANDARD);
        assert_eq!(fen.white.len(), 16);
        assert_eq!(fen.black.len(), 16);
        assert_eq!(fen.side, Color::White);
        let wide = parse("16/16/16/P15 b - - 1 26").unwrap();
        assert_eq!(wide.size, BoardSize::new(16, 4).unwrap());
        assert_eq!(wide.white, vec![0]);
        assert_eq!(wide.side, Color::Black);
        let two_digit = parse("p9/10/10/10/9P b").unwrap();
        assert_eq!(two_digit.size, BoardSize::new(10, 5).unwrap());
    }

    #[test]
    fn reads_xboards_empty_holdings_and_refuses_pieces_in_hand() {
        let plain = parse("pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w 0 1").unwrap();
        let with_holdings =
            parse("pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP[-] w - - 0 1").unwrap();
        assert_eq!(with_holdings, plain);
        assert_eq!(parse("pp/pp/PP/PP[] b").unwrap().side, Color::Black);
        assert_eq!(
            error("pp/pp/PP/PP[Pp] w"),
            "pieces in hand '[Pp]': Breakthrough has none (only '[-]' is accepted)"
        );
        assert_eq!(
            error("pp/pp/PP/PP[- w"),
            "unclosed holdings '[-' (expected '[-]')"
        );
        assert_eq!(error("[-] w"), "rank 1 is empty");
    }

    #[test]
    fn rejects_with_precise_messages() {
        assert_eq!(error(""), "empty position string");
        assert_eq!(error("   "), "empty position string");
        assert_eq!(
            error("pppppppp/ppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w"),
            "ragged ranks: rank 7 has 7 squares but rank 8 has 8"
        );
        assert_eq!(
            error("ppp/ppp/PPP w"),
            "board has 3 rows; it must have 4 to 16"
        );
        assert_eq!(
            error("p/p/P/P w"),
            "board has 1 columns; it must have 2 to 16"
        );
        assert_eq!(error("p16/16/16/16 w"), "rank 4 is wider than 16 squares");
        assert_eq!(error("17/16/16/16 w"), "rank 4 is wider than 16 squares");
        assert_eq!(
            error("pp/pp/PX/PP w"),
            "unknown character 'X' in rank 2 (at character 2 of the rank); \
             expected P, p or a number"
        );
        assert_eq!(error("pp/pp//PP w"), "rank 2 is empty");
        assert_eq!(
            error("pp/pp/PP/PP"),
            "missing side to move (expected 'w' or 'b' after the board)"
        );
        assert_eq!(
            error("pp/pp/PP/PP x 0 1"),
            "bad side to move 'x' (expected 'w' or 'b')"
        );
        assert_eq!(
            error("pp/pp/PP/PP white"),
            "bad side to move 'white' (expected 'w' or 'b')"
        );
    }
}
