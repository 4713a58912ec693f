//! The training set: data files read into memory, duplicates dropped, and a fixed part set
//! aside for validation, chosen by each position's hash so that the split does not depend
//! on the order of the files and a position can never be on both sides of it.

use super::example::{decode, Example};
use crate::datagen::record::{record_bytes, DataFile};
use crate::rules::BoardSize;
use std::collections::HashSet;
use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
use std::path::Path;

/// Records of one board size, stored raw (19 bytes each on 8x8).
pub struct Records {
    pub size: BoardSize,
    bytes: Vec<u8>,
}

impl Records {
    fn new(size: BoardSize) -> Records {
        Records {
            size,
            bytes: Vec::new(),
        }
    }

    pub fn len(&self) -> usize {
        self.bytes.len() / record_bytes(self.size)
    }

    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    pub fn example(&self, index: usize, mirror: bool) -> Example {
        let length = record_bytes(self.size);
        decode(
            self.size,
            &self.bytes[index * length..(index + 1) * length],
            mirror,
        )
    }
}

/// What loading found.
pub struct Dataset {
    pub training: Records,
    pub validation: Records,
    pub duplicates: usize,
}

/// Reads `paths` (all of one board size); `validation_permille` of the distinct positions go
/// to the validation set.
pub fn load(paths: &[impl AsRef<Path>], validation_permille: u64) -> Result<Dataset, String> {
    let mut dataset: Option<Dataset> = None;
    let mut seen = HashSet::new();
    let hasher = BuildHasherDefault::<DefaultHasher>::default();
    for path in paths {
        let file = DataFile::read(path.as_ref())?;
        let set = dataset.get_or_insert_with(|| Dataset {
            training: Records::new(file.size),
            validation: Records::new(file.size),
            duplicates: 0,
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
            part.bytes.extend_from_slice(record);
        }
    }
    dataset.ok_or_else(|| "no data files given".to_string())
}
