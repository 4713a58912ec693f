//! The training set: data files read into memory, duplicates dropped, and a fixed part set
//! aside for validation, chosen by each position's hash so that the split does not depend
//! on the order of the files and a position can never be on both sides of it.

use super::example::{decode, Example};
use crate::datagen::record::{self, record_bytes, DataFile, BLACK_TO_MOVE_FLAG, CAPTURE_FLAG};
use crate::game::TrainableEval;
use std::collections::HashSet;
use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
use std::path::Path;

/// Records of one board, stored raw (a few bytes each), with each one's linear evaluation
/// when the network to train is residual.
pub struct Records<G: TrainableEval> {
    pub board: G::Board,
    bytes: Vec<u8>,
    /// Centipawns for the side to move, by record; empty when not needed.
    linear: Vec<i16>,
}

impl<G: TrainableEval> Records<G> {
    fn new(board: G::Board) -> Records<G> {
        Records {
            board,
            bytes: Vec::new(),
            linear: Vec::new(),
        }
    }

    fn push(&mut self, record: &[u8], linear: Option<i16>) {
        self.bytes.extend_from_slice(record);
        self.linear.extend(linear);
    }

    pub fn len(&self) -> usize {
        self.bytes.len() / record_bytes::<G>(self.board)
    }

    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    fn raw(&self, index: usize) -> &[u8] {
        let length = record_bytes::<G>(self.board);
        &self.bytes[index * length..(index + 1) * length]
    }

    /// Example `index`, seen as its mirror image if asked (the linear evaluation is the
    /// same either way: the mirror image is as good a position).
    pub fn example(&self, index: usize, mirror: bool) -> Example {
        let mut example = decode::<G>(self.board, self.raw(index), mirror);
        if let Some(&linear) = self.linear.get(index) {
            example.base = linear as f32;
        }
        example
    }
}

/// What loading found.
pub struct Dataset<G: TrainableEval> {
    pub training: Records<G>,
    pub validation: Records<G>,
    pub duplicates: usize,
    /// Positions left out because the search's best move there was a capture.
    pub captures: usize,
}

/// Reads `paths` (all of one board); `validation_permille` of the distinct positions go to
/// the validation set. Unless `keep_captures`, positions whose best move was a capture are
/// left out: the evaluation is asked about positions the quiescence search stands pat in,
/// and a pending exchange's outcome is the search's to find. With `residual`, each
/// position's linear evaluation is kept beside it.
pub fn load<G: TrainableEval>(
    paths: &[impl AsRef<Path>],
    validation_permille: u64,
    keep_captures: bool,
    residual: bool,
) -> Result<Dataset<G>, String> {
    let mut dataset: Option<Dataset<G>> = None;
    let mut seen = HashSet::new();
    let hasher = BuildHasherDefault::<DefaultHasher>::default();
    for path in paths {
        let file = DataFile::<G>::read(path.as_ref())?;
        let set = dataset.get_or_insert_with(|| Dataset {
            training: Records::new(file.board),
            validation: Records::new(file.board),
            duplicates: 0,
            captures: 0,
        });
        if file.board != set.training.board {
            return Err(format!(
                "{} holds {} positions, the files before it {}",
                path.as_ref().display(),
                file.board,
                set.training.board
            ));
        }
        let position_bytes = G::position_bytes(file.board);
        for index in 0..file.len() {
            let record = file.raw(index);
            let flags = record[position_bytes];
            if !keep_captures && flags & CAPTURE_FLAG != 0 {
                set.captures += 1;
                continue;
            }
            // The position: its bytes and the side to move, not the labels.
            let key = hasher.hash_one((&record[..position_bytes], flags & BLACK_TO_MOVE_FLAG));
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
                let game = record::decode::<G>(file.board, record).game;
                game.linear_evaluation()
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
    use crate::game::{Color, GameResult};
    use crate::games::breakthrough::Breakthrough;

    #[test]
    fn duplicates_and_capture_positions_are_left_out() {
        let dir = std::env::temp_dir().join(format!("troyka-dataset-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("data.bin");
        let sample = |fen: &str, best_captures| Sample {
            game: Breakthrough::from_fen(fen).unwrap(),
            score: 10,
            result: GameResult::Win(Color::White),
            best_captures,
        };
        let mut bytes = header::<Breakthrough>("5x5".parse().unwrap()).to_vec();
        for sample in [
            sample("ppppp/ppppp/5/PPPPP/PPPPP w", false),
            sample("ppppp/ppppp/5/PPPPP/PPPPP w", false),
            sample("ppppp/1pppp/p4/P4/1PPPP w", true),
            sample("ppppp/ppppp/5/PPPPP/PPPPP b", false),
        ] {
            encode(&sample, &mut bytes);
        }
        std::fs::write(&path, bytes).unwrap();
        let skipped = load::<Breakthrough>(&[&path], 0, false, false).unwrap();
        assert_eq!(
            (skipped.training.len(), skipped.duplicates, skipped.captures),
            (2, 1, 1)
        );
        let kept = load::<Breakthrough>(&[&path], 0, true, false).unwrap();
        assert_eq!(
            (kept.training.len(), kept.duplicates, kept.captures),
            (3, 1, 0)
        );
        let all_validation = load::<Breakthrough>(&[&path], 1000, true, false).unwrap();
        assert_eq!(
            (
                all_validation.training.len(),
                all_validation.validation.len()
            ),
            (0, 3)
        );
        // A residual network's examples carry the linear evaluation, mirrored or not.
        let residual = load::<Breakthrough>(&[&path], 0, true, true).unwrap();
        for index in 0..residual.training.len() {
            let raw = residual.training.raw(index);
            let game = record::decode::<Breakthrough>(residual.training.board, raw).game;
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
