//! The training set: data files read into memory, duplicates dropped, and a fixed part set
//! aside for validation, chosen by each position's hash so that the split does not depend
//! on the order of the files and a position can never be on both sides of it.

use super::example::{decode, Example};
use crate::datagen::record::{self, record_bytes, DataFile, CAPTURE_FLAG};
use crate::games::breakthrough::BoardSize;
use std::collections::HashSet;
use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
use std::path::Path;

/// Records of one board size, stored raw (19 bytes each on 8x8), with each one's linear
/// evaluation when the network to train is residual.
pub struct Records {
    pub size: BoardSize,
    bytes: Vec<u8>,
    /// Centipawns for the side to move, by record; empty when not needed.
    linear: Vec<i16>,
}

impl Records {
    fn new(size: BoardSize) -> Records {
        Records {
            size,
            bytes: Vec::new(),
            linear: Vec::new(),
        }
    }

    fn push(&mut self, record: &[u8], linear: Option<i16>) {
        self.bytes.extend_from_slice(record);
        self.linear.extend(linear);
    }

    pub fn len(&self) -> usize {
        self.bytes.len() / record_bytes(self.size)
    }

    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    #[cfg(test)]
    fn raw(&self, index: usize) -> &[u8] {
        let length = record_bytes(self.size);
        &self.bytes[index * length..(index + 1) * length]
    }

    /// Example `index`, mirrored left to right if asked (the linear evaluation is the same
    /// either way: its features are symmetric).
    pub fn example(&self, index: usize, mirror: bool) -> Example {
        let length = record_bytes(self.size);
        let mut example = decode(
            self.size,
            &self.bytes[index * length..(index + 1) * length],
            mirror,
        );
        if let Some(&linear) = self.linear.get(index) {
            example.base = linear as f32;
        }
        example
    }
}

/// What loading found.
pub struct Dataset {
    pub training: Records,
    pub validation: Records,
    pub duplicates: usize,
    /// Positions left out because the search's best move there was a capture.
    pub captures: usize,
}

/// Reads `paths` (all of one board size); `validation_permille` of the distinct positions go
/// to the validation set. Unless `keep_captures`, positions whose best move was a capture
/// are left out: the evaluation is asked about positions the quiescence search stands
/// pat in, and a pending exchange's outcome is the search's to find. With `residual`, each
/// position's linear evaluation is kept beside it.
pub fn load(
    paths: &[impl AsRef<Path>],
    validation_permille: u64,
    keep_captures: bool,
    residual: bool,
) -> Result<Dataset, String> {
    let mut dataset: Option<Dataset> = None;
    let mut seen = HashSet::new();
    let hasher = BuildHasherDefault::<DefaultHasher>::default();
    for path in paths {
        let file = DataFile::read(path.as_ref())?;
        let set = dataset.get_or_insert_with(|| Dataset {
            training: Records::new(file.size),
            validation: Records::new(file.size),
            duplicates: 0,
            captures: 0,
        });
        if file.size != set.training.size {
            return Err(format!(
                "{} holds {} positions, the files before it {}",
                path.as_ref().display(),
                file.size,
                set.training.size
            ));
        }
        let board_bytes = 2 * file.size.squares().div_ceil(8);
        for index in 0..file.len() {
            let record = file.raw(index);
            if !keep_captures && record[board_bytes] & CAPTURE_FLAG != 0 {
                set.captures += 1;
                continue;
            }
            // The position: the pieces and the side to move, not the labels.
            let key = hasher.hash_one((&record[..board_bytes], record[board_bytes] & 1));
            if !seen.insert(key) {
                set.duplicates += 1;
                continue;
            }
            let part = if key % 1000 < validation_permille {
                &mut set.validation
            } else {
                &mut set.training
            };
            let linear = residual.then(|| {
                let game = record::decode(file.size, record).game;
                crate::games::breakthrough::linear::evaluate(&game)
                    .clamp(i16::MIN as i32, i16::MAX as i32) as i16
            });
            part.push(record, linear);
        }
    }
    dataset.ok_or_else(|| "no data files given".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::datagen::record::{encode, header, Sample};
    use crate::games::breakthrough::Breakthrough;

    #[test]
    fn duplicates_and_capture_positions_are_left_out() {
        let dir = std::env::temp_dir().join(format!("troyka-dataset-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("data.bin");
        let sample = |fen: &str, best_captures| Sample {
            game: Breakthrough::from_fen(fen).unwrap(),
            score: 10,
            white_won: true,
            best_captures,
        };
        let mut bytes = header("5x5".parse().unwrap()).to_vec();
        for sample in [
            sample("ppppp/ppppp/5/PPPPP/PPPPP w", false),
            sample("ppppp/ppppp/5/PPPPP/PPPPP w", false),
            sample("ppppp/1pppp/p4/P4/1PPPP w", true),
            sample("ppppp/ppppp/5/PPPPP/PPPPP b", false),
        ] {
            encode(&sample, &mut bytes);
        }
        std::fs::write(&path, bytes).unwrap();
        let skipped = load(&[&path], 0, false, false).unwrap();
        assert_eq!(
            (skipped.training.len(), skipped.duplicates, skipped.captures),
            (2, 1, 1)
        );
        let kept = load(&[&path], 0, true, false).unwrap();
        assert_eq!(
            (kept.training.len(), kept.duplicates, kept.captures),
            (3, 1, 0)
        );
        let all_validation = load(&[&path], 1000, true, false).unwrap();
        assert_eq!(
            (
                all_validation.training.len(),
                all_validation.validation.len()
            ),
            (0, 3)
        );
        // A residual network's examples carry the linear evaluation, mirrored or not.
        let residual = load(&[&path], 0, true, true).unwrap();
        for index in 0..residual.training.len() {
            let raw = residual.training.raw(index);
            let game = record::decode(residual.training.size, raw).game;
            for mirror in [false, true] {
                let example = residual.training.example(index, mirror);
                assert_eq!(
                    example.base,
                    crate::games::breakthrough::linear::evaluate(&game) as f32
                );
            }
            assert_eq!(kept.training.example(index, false).base, 0.0);
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
