//! The linear tuner's input: `troyka features` turns data files, or positions that come
//! with their result (a proof's, read by the game), into the feature vectors of their quiet
//! positions ([`LinearEval::is_quiet`]), or of all of them, one line each: the result for
//! the side to move (1 won, 0.5 drawn, 0 lost), then [`LinearEval::linear_features`].

use super::record::DataFile;
use crate::game::LinearEval;
use std::io::{BufWriter, Write};
use std::path::PathBuf;

/// `troyka features`: the feature lines of every file in turn, on stdout; of `all` the
/// positions, else of the quiet ones.
pub fn print_features<G: LinearEval>(paths: &[PathBuf], all: bool) -> Result<(), String> {
    let mut out = BufWriter::new(std::io::stdout().lock());
    for path in paths {
        let data = DataFile::<G>::read(path)?;
        write_features(labelled(&data), all, &mut out)?;
    }
    out.flush().map_err(|e| e.to_string())
}

/// `troyka features` of positions that come with their result rather than from data files
/// (a proof's, won for one side): each position with the half points its side to move
/// scores (2 won, 1 drawn, 0 lost), or the error that ends them.
pub fn print_labelled_features<G: LinearEval>(
    positions: impl Iterator<Item = Result<(G, u8), String>>,
    all: bool,
) -> Result<(), String> {
    let mut out = BufWriter::new(std::io::stdout().lock());
    write_features(positions, all, &mut out)?;
    out.flush().map_err(|e| e.to_string())
}

/// The positions of a data file with the half points their side to move went on to score.
fn labelled<G: LinearEval>(
    data: &DataFile<G>,
) -> impl Iterator<Item = Result<(G, u8), String>> + '_ {
    data.samples().map(|sample| {
        let points = sample.mover_half_points();
        Ok((sample.game, points))
    })
}

/// Writes `result f0 f1 …` for every position (`all`) or every quiet one.
fn write_features<G: LinearEval>(
    positions: impl Iterator<Item = Result<(G, u8), String>>,
    all: bool,
    out: &mut impl Write,
) -> Result<(), String> {
    for position in positions {
        let (game, points) = position?;
        if !all && !game.is_quiet() {
            continue;
        }
        let values: Vec<String> = game.linear_features().iter().map(i32::to_string).collect();
        let result = match points {
            2 => "1",
            1 => "0.5",
            _ => "0",
        };
        writeln!(out, "{result} {}", values.join(" ")).map_err(|e| e.to_string())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::datagen::record::{self, Sample};
    use crate::game::{Color, Game, GameResult};
    use crate::games::breakthrough::{linear, Breakthrough};
    use crate::games::breakthru::BreakthruGame;

    fn data_of<G: LinearEval>(samples: &[(G, GameResult)]) -> DataFile<G> {
        let mut bytes = record::header::<G>(samples[0].0.board()).to_vec();
        for (game, result) in samples {
            let sample = Sample {
                game: game.clone(),
                score: 0,
                result: *result,
                best_captures: false,
            };
            record::encode(&sample, &mut bytes);
        }
        DataFile::from_bytes(bytes).unwrap()
    }

    fn data(samples: &[(&str, GameResult)]) -> DataFile<Breakthrough> {
        let game = |fen: &str| Breakthrough::from_fen(fen).unwrap();
        let games: Vec<_> = samples.iter().map(|&(fen, r)| (game(fen), r)).collect();
        data_of(&games)
    }

    fn lines<G: LinearEval>(data: &DataFile<G>) -> Vec<Vec<String>> {
        lines_of(data, false)
    }

    fn lines_of<G: LinearEval>(data: &DataFile<G>, all: bool) -> Vec<Vec<String>> {
        let mut out = Vec::new();
        write_features(labelled(data), all, &mut out).unwrap();
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
        // With `all`, the position that is not quiet too, in its place.
        let every = lines_of(&data, true);
        assert_eq!(every.len(), 3);
        assert_eq!(every[..2], lines[..]);
        assert_eq!(every[2][0], "1");
    }

    #[test]
    fn a_drawn_game_scores_half_a_point() {
        let data = data(&[(
            "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP b",
            GameResult::Draw,
        )]);
        assert_eq!(lines(&data)[0][0], "0.5");
    }

    /// Breakthru's lines too are for the side to move: gold's counts change sign with
    /// silver to move, in the middle of a turn as at its start.
    #[test]
    fn breakthru_features_are_labelled_for_the_side_to_move() {
        use crate::games::breakthru::evaluation::feature;
        let game = |fen: &str| BreakthruGame::from_text(fen).unwrap();
        let siege = "11/5s5/11/7s3/4E6/s2E1F4s/6E4/11/11/5s5/E10";
        let silver_won = GameResult::Win(Color::Black);
        let gold_to_move = game(&format!("{siege} g 0 1"));
        let mid_turn = gold_to_move.play(gold_to_move.parse_move("d6d3").unwrap());
        let data = data_of(&[
            (gold_to_move, silver_won),
            (game(&format!("{siege} s 0 1")), silver_won),
            (mid_turn, GameResult::Draw),
            // Not quiet: the flagship's line to a6 is open.
            (
                game("11/5s5/11/11/11/5F4s/11/11/11/5s5/11 s 0 1"),
                silver_won,
            ),
        ]);
        let lines = lines(&data);
        assert_eq!(lines.len(), 3);
        let column = |line: &Vec<String>, index: usize| line[index + 1].parse::<i32>().unwrap();
        let labels: Vec<&str> = lines.iter().map(|l| &*l[0]).collect();
        assert_eq!(labels, ["0", "1", "0.5"]);
        assert!(lines.iter().all(|l| l.len() == feature::COUNT + 1));
        let balance: Vec<i32> = lines.iter().map(|l| column(l, feature::BALANCE)).collect();
        assert_eq!(balance, [1, -1, 1]);
        let escorts = |line| column(line, feature::ESCORTS);
        assert_eq!((escorts(&lines[0]), escorts(&lines[1])), (4, -4));
        assert_eq!(column(&lines[2], feature::MID_TURN), 1);
    }
}
