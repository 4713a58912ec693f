//! The linear tuner's input: `troyka features` turns data files into the feature vectors of
//! their quiet positions ([`TrainableEval::is_quiet`]), one line each: the result for the
//! side to move (1 won, 0.5 drawn, 0 lost), then [`TrainableEval::linear_features`].

use super::record::DataFile;
use crate::game::TrainableEval;
use std::io::{BufWriter, Write};
use std::path::PathBuf;

/// `troyka features`: the feature lines of every file in turn, on stdout.
pub fn print_features<G: TrainableEval>(paths: &[PathBuf]) -> Result<(), String> {
    let mut out = BufWriter::new(std::io::stdout().lock());
    for path in paths {
        let data = DataFile::<G>::read(path)?;
        write_features(&data, &mut out).map_err(|e| e.to_string())?;
    }
    out.flush().map_err(|e| e.to_string())
}

/// Writes `result f0 f1 …` for every quiet position of `data`.
fn write_features<G: TrainableEval>(
    data: &DataFile<G>,
    out: &mut impl Write,
) -> std::io::Result<()> {
    for sample in data.samples().filter(|sample| sample.game.is_quiet()) {
        let values: Vec<String> = sample
            .game
            .linear_features()
            .iter()
            .map(i32::to_string)
            .collect();
        let result = match sample.mover_half_points() {
            2 => "1",
            1 => "0.5",
            _ => "0",
        };
        writeln!(out, "{result} {}", values.join(" "))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::datagen::record::{self, Sample};
    use crate::game::{Color, GameResult};
    use crate::games::breakthrough::{linear, Breakthrough};

    fn data(samples: &[(&str, GameResult)]) -> DataFile<Breakthrough> {
        let game = |fen: &str| Breakthrough::from_fen(fen).unwrap();
        let mut bytes = record::header::<Breakthrough>(game(samples[0].0).size()).to_vec();
        for &(fen, result) in samples {
            let sample = Sample {
                game: game(fen),
                score: 0,
                result,
                best_captures: false,
            };
            record::encode(&sample, &mut bytes);
        }
        DataFile::from_bytes(bytes).unwrap()
    }

    fn lines(data: &DataFile<Breakthrough>) -> Vec<Vec<String>> {
        let mut out = Vec::new();
        write_features(data, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        text.lines()
            .map(|l| l.split(' ').map(str::to_string).collect())
            .collect()
    }

    #[test]
    fn features_are_labelled_from_the_side_to_move() {
        let white_won = GameResult::Win(Color::White);
        let data = data(&[
            ("pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w", white_won),
            ("pppppppp/pppppppp/8/8/8/P7/1PPPPPPP/PPPPPPPP b", white_won),
            // Not quiet: d7 is one step from its goal.
            ("p7/3P4/8/8/8/8/8/7P w", white_won),
        ]);
        let lines = lines(&data);
        assert_eq!(lines.len(), 2);
        assert_eq!((&*lines[0][0], &*lines[1][0]), ("1", "0"));
        assert!(lines.iter().all(|l| l.len() == linear::feature::COUNT + 1));
        // The tempo feature is always 1.
        assert!(lines.iter().all(|l| l[linear::feature::TEMPO + 1] == "1"));
    }

    #[test]
    fn a_drawn_game_scores_half_a_point() {
        let data = data(&[(
            "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP b",
            GameResult::Draw,
        )]);
        assert_eq!(lines(&data)[0][0], "0.5");
    }
}
