//! The training-data format: what `troyka datagen` writes and `troyka train` reads.
//!
//! A data file is a 16-byte header followed by fixed-size records, all of one game and one
//! board ([`TrainingData::Board`]):
//!
//! - header: the magic `TRKDATA1` (8 bytes), the board (2 bytes, the game's), the game's tag
//!   ([`TrainingData::DATA_TAG`], 6 bytes);
//! - record: the position ([`TrainingData::position_bytes`], the game's), then the labels:
//!   - one flag byte: bit 0 set when black is to move, bit 1 set when white won the game,
//!     bit 2 set when the search's best move was a capture (the position is not quiet),
//!     bit 3 set when the game was drawn;
//!   - the search score as a little-endian i16, in centipawns for the side to move.
//!
//! Each game's folder says how it writes its board and positions (Breakthrough's in
//! `games/breakthrough/training.rs`).
//!
//! Records are appended whole, a game at a time, so a file cut short by a killed generator
//! loses at most its last, partial record, which readers drop (and the next append cuts off).

use crate::game::{Color, GameResult, TrainingData};
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::Path;

const MAGIC: &[u8; 8] = b"TRKDATA1";
pub const HEADER_BYTES: usize = 16;
/// The bytes of a record's labels: the flag byte and the score.
pub const LABEL_BYTES: usize = 3;
/// The flag byte's bits.
pub const BLACK_TO_MOVE_FLAG: u8 = 1;
pub const WHITE_WON_FLAG: u8 = 2;
pub const CAPTURE_FLAG: u8 = 4;
/// Set for a drawn game only, so that the records of a game that cannot be drawn are what
/// they were before draws were known.
pub const DRAW_FLAG: u8 = 8;

/// The bytes one record takes on `board`.
pub fn record_bytes<G: TrainingData>(board: G::Board) -> usize {
    G::position_bytes(board) + LABEL_BYTES
}

/// One labelled position.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample<G> {
    pub game: G,
    /// The search score in centipawns, from the side to move's point of view.
    pub score: i16,
    /// How the game went on to end.
    pub result: GameResult,
    /// Whether the search's best move was a capture: the score then rests on an exchange
    /// the position itself does not show, and the trainer can leave it out.
    pub best_captures: bool,
}

impl<G: TrainingData> Sample<G> {
    /// What the side to move went on to score, in half points (2 won, 1 drawn, 0 lost).
    pub fn mover_half_points(&self) -> u8 {
        self.result.half_points(self.game.side_to_move())
    }
}

/// What a record says beside the position: its last [`LABEL_BYTES`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Labels {
    pub side: Color,
    pub result: GameResult,
    pub best_captures: bool,
    pub score: i16,
}

impl Labels {
    /// The labels of `record`, a whole record.
    pub fn read(record: &[u8]) -> Labels {
        let [flags, low, high] = record[record.len() - LABEL_BYTES..] else {
            unreachable!("a record ends with its labels")
        };
        let side = if flags & BLACK_TO_MOVE_FLAG != 0 {
            Color::Black
        } else {
            Color::White
        };
        let result = if flags & DRAW_FLAG != 0 {
            GameResult::Draw
        } else if flags & WHITE_WON_FLAG != 0 {
            GameResult::Win(Color::White)
        } else {
            GameResult::Win(Color::Black)
        };
        Labels {
            side,
            result,
            best_captures: flags & CAPTURE_FLAG != 0,
            score: i16::from_le_bytes([low, high]),
        }
    }

    /// The side to move's share of the result: 1 won, 0.5 drawn, 0 lost.
    pub fn mover_points(&self) -> f32 {
        self.result.half_points(self.side) as f32 / 2.0
    }

    /// The label bytes.
    fn bytes(&self) -> [u8; LABEL_BYTES] {
        let flag = |set: bool, bit: u8| if set { bit } else { 0 };
        let flags = flag(self.side == Color::Black, BLACK_TO_MOVE_FLAG)
            | flag(self.result == GameResult::Win(Color::White), WHITE_WON_FLAG)
            | flag(self.best_captures, CAPTURE_FLAG)
            | flag(self.result == GameResult::Draw, DRAW_FLAG);
        let [low, high] = self.score.to_le_bytes();
        [flags, low, high]
    }
}

/// The header of a file of `board` positions.
pub fn header<G: TrainingData>(board: G::Board) -> [u8; HEADER_BYTES] {
    let mut header = [0; HEADER_BYTES];
    header[..8].copy_from_slice(MAGIC);
    header[8..10].copy_from_slice(&G::board_header(board));
    header[10..].copy_from_slice(&G::DATA_TAG);
    header
}

fn read_header<G: TrainingData>(bytes: &[u8]) -> Result<G::Board, String> {
    if bytes.len() < HEADER_BYTES || &bytes[..8] != MAGIC {
        return Err("not a Troyka data file (it does not start with TRKDATA1)".into());
    }
    if bytes[10..HEADER_BYTES] != G::DATA_TAG {
        return Err(format!(
            "not a {} data file (its header names another game)",
            G::NAME
        ));
    }
    G::read_board_header([bytes[8], bytes[9]])
}

/// Appends the record of `sample` to `out`.
pub fn encode<G: TrainingData>(sample: &Sample<G>, out: &mut Vec<u8>) {
    let position_bytes = G::position_bytes(sample.game.board());
    let start = out.len();
    out.resize(start + position_bytes, 0);
    sample.game.encode_position(&mut out[start..]);
    let labels = Labels {
        side: sample.game.side_to_move(),
        result: sample.result,
        best_captures: sample.best_captures,
        score: sample.score,
    };
    out.extend_from_slice(&labels.bytes());
}

/// Decodes one record of `board`.
pub fn decode<G: TrainingData>(board: G::Board, record: &[u8]) -> Sample<G> {
    let labels = Labels::read(record);
    let position = &record[..record.len() - LABEL_BYTES];
    Sample {
        game: G::decode_position(board, position, labels.side),
        score: labels.score,
        result: labels.result,
        best_captures: labels.best_captures,
    }
}

/// The records of one data file, read whole into memory.
pub struct DataFile<G: TrainingData> {
    pub board: G::Board,
    records: Vec<u8>,
}

impl<G: TrainingData> DataFile<G> {
    /// Reads a data file. A trailing partial record (a generator killed mid-write) is dropped.
    pub fn read(path: &Path) -> Result<DataFile<G>, String> {
        let mut bytes = Vec::new();
        File::open(path)
            .and_then(|mut file| file.read_to_end(&mut bytes))
            .map_err(|e| format!("{}: {e}", path.display()))?;
        DataFile::from_bytes(bytes).map_err(|e| format!("{}: {e}", path.display()))
    }

    pub fn from_bytes(mut bytes: Vec<u8>) -> Result<DataFile<G>, String> {
        let board = read_header::<G>(&bytes)?;
        let length = record_bytes::<G>(board);
        let whole = (bytes.len() - HEADER_BYTES) / length * length;
        bytes.truncate(HEADER_BYTES + whole);
        bytes.drain(..HEADER_BYTES);
        Ok(DataFile {
            board,
            records: bytes,
        })
    }

    pub fn len(&self) -> usize {
        self.records.len() / record_bytes::<G>(self.board)
    }

    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    /// The raw bytes of record `index`.
    pub fn raw(&self, index: usize) -> &[u8] {
        let length = record_bytes::<G>(self.board);
        &self.records[index * length..(index + 1) * length]
    }

    /// Record `index`, decoded.
    pub fn sample(&self, index: usize) -> Sample<G> {
        decode(self.board, self.raw(index))
    }

    pub fn samples(&self) -> impl Iterator<Item = Sample<G>> + '_ {
        (0..self.len()).map(|index| self.sample(index))
    }
}

/// Opens `path` to append records of `board`: a new file gets its header; an existing one
/// must hold the same game and board, and a partial record at its end is cut off.
pub fn open_for_append<G: TrainingData>(path: &Path, board: G::Board) -> Result<File, String> {
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
        file.write_all(&header::<G>(board))
            .map_err(|e| format!("{name}: {e}"))?;
        return Ok(file);
    }
    let mut existing = [0; HEADER_BYTES];
    file.read_exact(&mut existing)
        .map_err(|_| format!("{name}: not a Troyka data file (too short)"))?;
    let found = read_header::<G>(&existing).map_err(|e| format!("{name}: {e}"))?;
    if found != board {
        return Err(format!(
            "{name} holds {found} positions; cannot append {board} ones"
        ));
    }
    let record = record_bytes::<G>(board);
    let whole = (length - HEADER_BYTES) / record * record;
    file.set_len((HEADER_BYTES + whole) as u64)
        .and_then(|_| file.seek(SeekFrom::End(0)))
        .map_err(|e| format!("{name}: {e}"))?;
    Ok(file)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::breakthrough::{BoardSize, Breakthrough};
    use crate::games::relay::Relay;

    fn sample(fen: &str, score: i16, white_won: bool) -> Sample<Breakthrough> {
        Sample {
            game: Breakthrough::from_fen(fen).unwrap(),
            score,
            result: GameResult::Win(if white_won {
                Color::White
            } else {
                Color::Black
            }),
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
            let size = sample.game.size();
            let mut bytes = header::<Breakthrough>(size).to_vec();
            encode(sample, &mut bytes);
            assert_eq!(
                bytes.len(),
                HEADER_BYTES + record_bytes::<Breakthrough>(size)
            );
            let file = DataFile::<Breakthrough>::from_bytes(bytes).unwrap();
            assert_eq!(file.len(), 1);
            assert_eq!(&file.sample(0), sample);
        }
        assert_eq!(record_bytes::<Breakthrough>(BoardSize::STANDARD), 19);
    }

    #[test]
    fn the_labels_say_the_side_the_result_the_capture_and_the_score() {
        let game = Breakthrough::from_fen("p4/5/5/5/PP3 b").unwrap();
        let mut bytes = Vec::new();
        for (result, best_captures) in [
            (GameResult::Win(Color::White), false),
            (GameResult::Win(Color::Black), true),
            (GameResult::Draw, false),
        ] {
            let sample = Sample {
                game,
                score: -300,
                result,
                best_captures,
            };
            bytes.clear();
            encode(&sample, &mut bytes);
            let labels = Labels::read(&bytes);
            assert_eq!(
                labels,
                Labels {
                    side: Color::Black,
                    result,
                    best_captures,
                    score: -300
                }
            );
            assert_eq!(decode::<Breakthrough>(game.size(), &bytes), sample);
        }
        // A win sets no draw bit: the records of a game that cannot be drawn are as they
        // were before draws were known.
        let won = |winner| Labels {
            side: Color::White,
            result: GameResult::Win(winner),
            best_captures: true,
            score: 5,
        };
        assert_eq!(won(Color::White).bytes(), [6, 5, 0]);
        assert_eq!(won(Color::Black).bytes(), [4, 5, 0]);
        assert_eq!(won(Color::Black).mover_points(), 0.0);
        assert_eq!(
            Labels {
                result: GameResult::Draw,
                ..won(Color::White)
            }
            .mover_points(),
            0.5
        );
    }

    #[test]
    fn partial_records_and_foreign_files() {
        let one = sample("pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w", 1, true);
        let mut bytes = header::<Breakthrough>(BoardSize::STANDARD).to_vec();
        encode(&one, &mut bytes);
        encode(&one, &mut bytes);
        bytes.truncate(bytes.len() - 5);
        assert_eq!(
            DataFile::<Breakthrough>::from_bytes(bytes.clone())
                .unwrap()
                .len(),
            1
        );
        assert!(DataFile::<Breakthrough>::from_bytes(b"FEN | 1\n".to_vec()).is_err());
        // Another game's file is refused by its tag.
        let error = DataFile::<Relay>::from_bytes(bytes).err().unwrap();
        assert_eq!(
            error,
            "not a relay data file (its header names another game)"
        );
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
        let append = |size: BoardSize| open_for_append::<Breakthrough>(&path, size);
        append(BoardSize::STANDARD)
            .unwrap()
            .write_all(&record[..10])
            .unwrap();
        append(BoardSize::STANDARD)
            .unwrap()
            .write_all(&record)
            .unwrap();
        let file = DataFile::<Breakthrough>::read(&path).unwrap();
        assert_eq!(file.len(), 1);
        assert_eq!(file.sample(0), one);
        let error = append("7x7".parse().unwrap()).unwrap_err();
        assert!(
            error.ends_with("holds 8x8 positions; cannot append 7x7 ones"),
            "{error}"
        );
        let error = open_for_append::<Relay>(&path, Relay::start().board()).unwrap_err();
        assert!(error.ends_with("its header names another game)"), "{error}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
