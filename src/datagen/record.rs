//! The training-data format: what `troyka datagen` writes and `troyka train` reads.
//!
//! A data file is a 16-byte header followed by fixed-size records, all of one board size:
//!
//! - header: the magic `TRKDATA1` (8 bytes), the columns (u8), the rows (u8), six zero bytes;
//! - record, with `n = ceil(C*R / 8)`:
//!   - `n` bytes of white pieces, then `n` bytes of black pieces: bit `i % 8` of byte `i / 8`
//!     is square `i` in Troyka's dense order (`rank * C + file`, a1 = 0);
//!   - one flag byte: bit 0 set when black is to move, bit 1 set when white won the game,
//!     bit 2 set when the search's best move was a capture (the position is not quiet);
//!   - the search score as a little-endian i16, in centipawns for the side to move.
//!
//! On 8x8 a record takes 19 bytes. Records are appended whole, a game at a time, so a file
//! cut short by a killed generator loses at most its last, partial record, which readers
//! drop (and the next append cuts off).

use crate::games::breakthrough::{BoardSize, Breakthrough, Color};
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::Path;

const MAGIC: &[u8; 8] = b"TRKDATA1";
pub const HEADER_BYTES: usize = 16;
/// The flag byte's bits.
pub const BLACK_TO_MOVE_FLAG: u8 = 1;
pub const WHITE_WON_FLAG: u8 = 2;
pub const CAPTURE_FLAG: u8 = 4;

/// The bytes one record takes on a board of `size`.
pub fn record_bytes(size: BoardSize) -> usize {
    2 * size.squares().div_ceil(8) + 3
}

/// One labelled position.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    pub game: Breakthrough,
    /// The search score in centipawns, from the side to move's point of view.
    pub score: i16,
    pub white_won: bool,
    /// Whether the search's best move was a capture: the score then rests on an exchange
    /// the position itself does not show, and the trainer can leave it out.
    pub best_captures: bool,
}

impl Sample {
    /// Whether the side to move went on to win.
    pub fn mover_won(&self) -> bool {
        self.white_won == (self.game.side_to_move() == Color::White)
    }
}

/// The header of a file of `size` positions.
pub fn header(size: BoardSize) -> [u8; HEADER_BYTES] {
    let mut header = [0; HEADER_BYTES];
    header[..8].copy_from_slice(MAGIC);
    header[8] = size.cols() as u8;
    header[9] = size.rows() as u8;
    header
}

fn read_header(bytes: &[u8]) -> Result<BoardSize, String> {
    if bytes.len() < HEADER_BYTES || &bytes[..8] != MAGIC {
        return Err("not a Troyka data file (it does not start with TRKDATA1)".into());
    }
    BoardSize::new(bytes[8] as usize, bytes[9] as usize)
}

/// Appends the record of `sample` to `out`.
pub fn encode(sample: &Sample, out: &mut Vec<u8>) {
    let size = sample.game.size();
    let bytes = size.squares().div_ceil(8);
    let start = out.len();
    out.resize(start + record_bytes(size), 0);
    let record = &mut out[start..];
    for (offset, color) in [(0, Color::White), (bytes, Color::Black)] {
        for square in sample.game.squares_of(color) {
            record[offset + square / 8] |= 1 << (square % 8);
        }
    }
    let black_to_move = sample.game.side_to_move() == Color::Black;
    let flag = |set: bool, bit: u8| if set { bit } else { 0 };
    record[2 * bytes] = flag(black_to_move, BLACK_TO_MOVE_FLAG)
        | flag(sample.white_won, WHITE_WON_FLAG)
        | flag(sample.best_captures, CAPTURE_FLAG);
    record[2 * bytes + 1..].copy_from_slice(&sample.score.to_le_bytes());
}

/// The records of one data file, read whole into memory.
pub struct DataFile {
    pub size: BoardSize,
    records: Vec<u8>,
}

impl DataFile {
    /// Reads a data file. A trailing partial record (a generator killed mid-write) is dropped.
    pub fn read(path: &Path) -> Result<DataFile, String> {
        let mut bytes = Vec::new();
        File::open(path)
            .and_then(|mut file| file.read_to_end(&mut bytes))
            .map_err(|e| format!("{}: {e}", path.display()))?;
        DataFile::from_bytes(bytes).map_err(|e| format!("{}: {e}", path.display()))
    }

    pub fn from_bytes(mut bytes: Vec<u8>) -> Result<DataFile, String> {
        let size = read_header(&bytes)?;
        let whole = (bytes.len() - HEADER_BYTES) / record_bytes(size) * record_bytes(size);
        bytes.truncate(HEADER_BYTES + whole);
        bytes.drain(..HEADER_BYTES);
        Ok(DataFile {
            size,
            records: bytes,
        })
    }

    pub fn len(&self) -> usize {
        self.records.len() / record_bytes(self.size)
    }

    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    /// The raw bytes of record `index`.
    pub fn raw(&self, index: usize) -> &[u8] {
        let length = record_bytes(self.size);
        &self.records[index * length..(index + 1) * length]
    }

    /// Record `index`, decoded.
    pub fn sample(&self, index: usize) -> Sample {
        decode(self.size, self.raw(index))
    }

    pub fn samples(&self) -> impl Iterator<Item = Sample> + '_ {
        (0..self.len()).map(|index| self.sample(index))
    }
}

/// The squares set in a bitset of `bytes`, lowest first.
pub fn bitset_squares(bytes: &[u8]) -> impl Iterator<Item = usize> + '_ {
    bytes.iter().enumerate().flat_map(|(index, &byte)| {
        (0..8)
            .filter(move |bit| byte & (1 << bit) != 0)
            .map(move |bit| index * 8 + bit)
    })
}

/// Decodes one record of a board of `size`.
pub fn decode(size: BoardSize, record: &[u8]) -> Sample {
    let bytes = size.squares().div_ceil(8);
    let white: Vec<usize> = bitset_squares(&record[..bytes]).collect();
    let black: Vec<usize> = bitset_squares(&record[bytes..2 * bytes]).collect();
    let flags = record[2 * bytes];
    let side = if flags & BLACK_TO_MOVE_FLAG != 0 {
        Color::Black
    } else {
        Color::White
    };
    Sample {
        game: Breakthrough::from_squares(size, &white, &black, side),
        score: i16::from_le_bytes([record[2 * bytes + 1], record[2 * bytes + 2]]),
        white_won: flags & WHITE_WON_FLAG != 0,
        best_captures: flags & CAPTURE_FLAG != 0,
    }
}

/// Opens `path` to append records of `size`: a new file gets its header; an existing one
/// must hold the same board size, and a partial record at its end is cut off.
pub fn open_for_append(path: &Path, size: BoardSize) -> Result<File, String> {
    let name = path.display();
    let mut file = OpenOptions::new()
        .read(true)
        .append(false)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .map_err(|e| format!("{name}: {e}"))?;
    let length = file.metadata().map_err(|e| format!("{name}: {e}"))?.len() as usize;
    if length == 0 {
        file.write_all(&header(size))
            .map_err(|e| format!("{name}: {e}"))?;
        return Ok(file);
    }
    let mut existing = [0; HEADER_BYTES];
    file.read_exact(&mut existing)
        .map_err(|_| format!("{name}: not a Troyka data file (too short)"))?;
    let found = read_header(&existing).map_err(|e| format!("{name}: {e}"))?;
    if found != size {
        return Err(format!(
            "{name} holds {found} positions; cannot append {size} ones"
        ));
    }
    let whole = (length - HEADER_BYTES) / record_bytes(size) * record_bytes(size);
    file.set_len((HEADER_BYTES + whole) as u64)
        .and_then(|_| file.seek(SeekFrom::End(0)))
        .map_err(|e| format!("{name}: {e}"))?;
    Ok(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(fen: &str, score: i16, white_won: bool) -> Sample {
        Sample {
            game: Breakthrough::from_fen(fen).unwrap(),
            score,
            white_won,
            best_captures: score < 0,
        }
    }

    #[test]
    fn records_round_trip_on_every_width() {
        let samples = [
            sample("pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w", 12, true),
            sample(
                "1p2pp1p/2p2ppp/2P5/8/8/3P2P1/1p1P2PP/1PP1PP1P b",
                -345,
                false,
            ),
            sample("p1/2/2/1P w", i16::MIN, true),
            sample(
                "pppppppppppppppp/16/16/16/16/16/16/16/16/16/16/16/16/16/16/P14P b",
                7,
                false,
            ),
        ];
        for sample in &samples {
            let mut bytes = header(sample.game.size()).to_vec();
            encode(sample, &mut bytes);
            assert_eq!(bytes.len(), HEADER_BYTES + record_bytes(sample.game.size()));
            let file = DataFile::from_bytes(bytes).unwrap();
            assert_eq!(file.len(), 1);
            assert_eq!(&file.sample(0), sample);
        }
        assert_eq!(record_bytes(BoardSize::STANDARD), 19);
    }

    #[test]
    fn partial_records_and_foreign_files() {
        let one = sample("pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w", 1, true);
        let mut bytes = header(BoardSize::STANDARD).to_vec();
        encode(&one, &mut bytes);
        encode(&one, &mut bytes);
        bytes.truncate(bytes.len() - 5);
        assert_eq!(DataFile::from_bytes(bytes).unwrap().len(), 1);
        assert!(DataFile::from_bytes(b"FEN | 1\n".to_vec()).is_err());
    }

    #[test]
    fn appending_checks_the_size_and_mends_a_cut_file() {
        let dir = std::env::temp_dir().join(format!("troyka-record-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("data.bin");
        let _ = std::fs::remove_file(&path);
        let one = sample("pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w", 1, true);
        let mut record = Vec::new();
        encode(&one, &mut record);
        open_for_append(&path, BoardSize::STANDARD)
            .unwrap()
            .write_all(&record[..10])
            .unwrap();
        open_for_append(&path, BoardSize::STANDARD)
            .unwrap()
            .write_all(&record)
            .unwrap();
        let file = DataFile::read(&path).unwrap();
        assert_eq!(file.len(), 1);
        assert_eq!(file.sample(0), one);
        let error = open_for_append(&path, "7x7".parse().unwrap()).unwrap_err();
        assert!(
            error.ends_with("holds 8x8 positions; cannot append 7x7 ones"),
            "{error}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
