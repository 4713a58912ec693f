//! Reading a proof file: its lines that say something, numbered, and its header, for the
//! checker ([`check`](super::check)); and [`ProvedPositions`], every position a proof has a
//! line for, as a game, for the linear tuner ([`scored_positions`], `troyka features
//! --proofs`), which fits the solver's weights to who wins them.

use super::{parse_position, MAGIC};
use crate::games::breakthrough::{BoardSize, Breakthrough, Color};
use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;

/// The lines of the file that say something (not blank, not comments), numbered from 1.
pub(super) struct Lines<R> {
    input: R,
    number: usize,
}

impl<R: BufRead> Lines<R> {
    pub(super) fn new(input: R) -> Lines<R> {
        Lines { input, number: 0 }
    }

    /// Reads the next line that says something into `text`, trimmed; its number, or `None`
    /// at the end of the file.
    pub(super) fn next(&mut self, text: &mut String) -> Result<Option<usize>, String> {
        loop {
            text.clear();
            self.number += 1;
            match self.input.read_line(text) {
                Ok(0) => return Ok(None),
                Ok(_) => {}
                Err(error) => return Err(format!("line {}: {error}", self.number)),
            }
            // Trimmed in place: a proof may have hundreds of millions of lines.
            text.truncate(text.trim_end().len());
            let indent = text.len() - text.trim_start().len();
            text.drain(..indent);
            if !text.is_empty() && !text.starts_with('#') {
                return Ok(Some(self.number));
            }
        }
    }

    /// Reads the next line of the proof's body (a position's line) into `text`: its number,
    /// or `None` at the `end` line. A file that ends before `end` is cut off: an error.
    pub(super) fn next_body_line(&mut self, text: &mut String) -> Result<Option<usize>, String> {
        match self.next(text)? {
            None => Err("the file has no 'end' line: it is cut off".into()),
            Some(_) if text == "end" => Ok(None),
            number => Ok(number),
        }
    }
}

/// Reads the header: the board, the root (a game not over, on that board) and the winner.
pub(super) fn read_header<R: BufRead>(
    lines: &mut Lines<R>,
) -> Result<(BoardSize, Breakthrough, Color), String> {
    let mut text = String::new();
    let mut header = |key: &str| -> Result<String, String> {
        match lines.next(&mut text)? {
            Some(_) if key == MAGIC && text == MAGIC => Ok(text.clone()),
            Some(number) => text
                .strip_prefix(key)
                .and_then(|rest| rest.strip_prefix(' '))
                .map(|rest| rest.trim().to_string())
                .ok_or(format!("line {number}: expected '{key}'")),
            None => Err(format!("the file ends before '{key}'")),
        }
    };
    header(MAGIC).map_err(|_| format!("not a proof file: the first line is not '{MAGIC}'"))?;
    let size: BoardSize = header("board")?.parse()?;
    let root = Breakthrough::from_fen(&header("root")?).map_err(|e| format!("bad root: {e}"))?;
    if root.size() != size {
        return Err(format!(
            "the root is a {} position on a {size} board",
            root.size()
        ));
    }
    if let Some(winner) = root.winner() {
        return Err(format!("the root's game is over ({} won)", winner.name()));
    }
    let winner = match header("winner")?.as_str() {
        "white" => Color::White,
        "black" => Color::Black,
        other => return Err(format!("bad winner '{other}'")),
    };
    Ok((size, root, winner))
}

/// The positions of a proof's lines, from the top, each as a game: all of them won by
/// [`winner`](Self::winner). Only the positions are read, not what the lines say of them:
/// this trusts the file (`troyka verify-proof` checks it). A file cut off before its `end`
/// line, or a position that cannot be read, is an error, the last item.
pub struct ProvedPositions<R> {
    lines: Lines<R>,
    size: BoardSize,
    root: Breakthrough,
    winner: Color,
    text: String,
    done: bool,
}

impl<R: BufRead> ProvedPositions<R> {
    /// Reads the header of the proof in `input`.
    pub fn new(input: R) -> Result<ProvedPositions<R>, String> {
        let mut lines = Lines::new(input);
        let (size, root, winner) = read_header(&mut lines)?;
        Ok(ProvedPositions {
            lines,
            size,
            root,
            winner,
            text: String::new(),
            done: false,
        })
    }

    /// Who wins every position of the proof.
    pub fn winner(&self) -> Color {
        self.winner
    }

    fn next_position(&mut self) -> Result<Option<Breakthrough>, String> {
        let Some(number) = self.lines.next_body_line(&mut self.text)? else {
            return Ok(None);
        };
        let token = self.text.split(' ').next().unwrap_or_default();
        let at_line = |message: String| format!("line {number}: {message}");
        // The root's bitboard fits the board, so each line's position is read into the same.
        Ok(Some(match self.root {
            Breakthrough::Small(_) => {
                Breakthrough::Small(parse_position(self.size, token).map_err(at_line)?)
            }
            Breakthrough::Medium(_) => {
                Breakthrough::Medium(parse_position(self.size, token).map_err(at_line)?)
            }
            Breakthrough::Large(_) => {
                Breakthrough::Large(parse_position(self.size, token).map_err(at_line)?)
            }
        }))
    }
}

impl<R: BufRead> Iterator for ProvedPositions<R> {
    type Item = Result<Breakthrough, String>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let item = self.next_position().transpose();
        self.done = !matches!(item, Some(Ok(_)));
        item
    }
}

/// The positions of the proof files at `paths`, one file after the other, each with the half
/// points its side to move scores: 2 where the proof's winner is to move, else 0. An error
/// (a file that cannot be read, or is not a whole proof) names the file and ends them.
pub fn scored_positions(
    paths: &[PathBuf],
) -> impl Iterator<Item = Result<(Breakthrough, u8), String>> + '_ {
    paths.iter().flat_map(|path| {
        let name = path.display().to_string();
        let opened = File::open(path)
            .map_err(|error| error.to_string())
            .and_then(|file| ProvedPositions::new(BufReader::new(file)));
        let (positions, failure) = match opened {
            Ok(positions) => (Some(positions), None),
            Err(error) => (None, Some(Err(error))),
        };
        failure
            .into_iter()
            .chain(positions.into_iter().flat_map(|positions| {
                let winner = positions.winner();
                positions.map(move |game| {
                    game.map(|game| (game, if game.side_to_move() == winner { 2 } else { 0 }))
                })
            }))
            .map(move |item| item.map_err(|error| format!("{name}: {error}")))
    })
}
