//! The linear tuner's input: `troyka features` turns data files into the feature vectors of
//! their quiet positions, one line each: the result for the side to move (1 won, 0 lost),
//! then [`crate::games::breakthrough::linear::features`].

use super::record::{DataFile, Sample};
use crate::games::breakthrough::linear;
use crate::games::breakthrough::{Bitboard, Color};
use crate::with_position;
use std::io::{BufWriter, Write};
use std::path::PathBuf;

/// `troyka features`: the feature lines of every file in turn, on stdout.
pub fn print_features(paths: &[PathBuf]) -> Result<(), String> {
    let mut out = BufWriter::new(std::io::stdout().lock());
    for path in paths {
        let data = DataFile::read(path)?;
        write_features(&data, &mut out).map_err(|e| e.to_string())?;
    }
    out.flush().map_err(|e| e.to_string())
}

/// Writes `result f0 f1 …` for every quiet position of `data`.
fn write_features(data: &DataFile, out: &mut impl Write) -> std::io::Result<()> {
    for sample in data.samples().filter(is_quiet) {
        let values: Vec<String> = linear::features(&sample.game)
            .iter()
            .map(i32::to_string)
            .collect();
        writeln!(out, "{} {}", sample.mover_won() as u8, values.join(" "))?;
    }
    Ok(())
}

/// A position whose static evaluation is a fair estimate of its value: no piece of either
/// side hangs (attacked and undefended; attacks are mutual in Breakthrough, so exchanges
/// that are defended on both sides remain) and no piece is one step from its goal, where the
/// search never evaluates. Pieces two steps from their goal stay in: the evaluation meets
/// them at every leaf, and its path features must learn what they are worth.
fn is_quiet(sample: &Sample) -> bool {
    with_position!(&sample.game, p => {
        let layout = p.layout();
        let rows = layout.size.rows();
        let white_near = p.pieces(Color::White) & layout.rank(rows - 2);
        let black_near = p.pieces(Color::Black) & layout.rank(1);
        let hanging = |color: Color| {
            p.pieces(color) & p.attacks(color.opponent()) & !p.attacks(color)
        };
        white_near.is_empty()
            && black_near.is_empty()
            && hanging(Color::White).is_empty()
            && hanging(Color::Black).is_empty()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::datagen::record;
    use crate::games::breakthrough::Breakthrough;

    fn data(samples: &[(&str, bool)]) -> DataFile {
        let game = |fen: &str| Breakthrough::from_fen(fen).unwrap();
        let mut bytes = record::header(game(samples[0].0).size()).to_vec();
        for &(fen, white_won) in samples {
            let sample = Sample {
                game: game(fen),
                score: 0,
                white_won,
                best_captures: false,
            };
            record::encode(&sample, &mut bytes);
        }
        DataFile::from_bytes(bytes).unwrap()
    }

    #[test]
    fn features_are_labelled_from_the_side_to_move() {
        let data = data(&[
            ("pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w", true),
            ("pppppppp/pppppppp/8/8/8/P7/1PPPPPPP/PPPPPPPP b", true),
            // Not quiet: d7 is one step from its goal.
            ("p7/3P4/8/8/8/8/8/7P w", true),
        ]);
        let mut out = Vec::new();
        write_features(&data, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<Vec<&str>> = text.lines().map(|l| l.split(' ').collect()).collect();
        assert_eq!(lines.len(), 2);
        assert_eq!((lines[0][0], lines[1][0]), ("1", "0"));
        assert!(lines.iter().all(|l| l.len() == linear::feature::COUNT + 1));
        // The tempo feature is always 1.
        assert!(lines.iter().all(|l| l[linear::feature::TEMPO + 1] == "1"));
    }

    #[test]
    fn quiet_positions_have_no_hanging_piece_and_no_runner_one_step_from_goal() {
        let quiet = |fen: &str| {
            is_quiet(&Sample {
                game: Breakthrough::from_fen(fen).unwrap(),
                score: 0,
                white_won: true,
                best_captures: false,
            })
        };
        assert!(quiet("p7/8/3P4/8/8/8/8/7P w"));
        assert!(!quiet("p7/3P4/8/8/8/8/8/7P w"));
        assert!(!quiet("p7/8/8/8/8/8/3p4/7P w"));
        // d4 and e5 attack each other, both undefended; with c3 and f6 defending, it is a
        // standing exchange.
        assert!(!quiet("p7/8/8/4p3/3P4/8/8/7P w"));
        assert!(quiet("p7/8/5p2/4p3/3P4/2P5/8/7P w"));
    }
}
