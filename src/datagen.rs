//! Training data for the evaluation tuner (`scripts/tune.py`): self-play games from random
//! openings, and the evaluation features of the quiet positions they pass through.
//!
//! `troyka datagen` prints `FEN | result` lines (result 1 when white won, 0 when black won);
//! `troyka features` reads such lines and prints the result from the side to move's point of
//! view followed by the feature vector of [`crate::eval::features`].

use crate::eval;
use crate::rules::{Bitboard, BoardSize, Color, Game};
use crate::search::{Engine, Limits, Signals};
use crate::with_position;
use rand_mt::Mt64;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

pub struct DatagenSettings {
    pub games: u64,
    pub nodes: u64,
    pub size: BoardSize,
    pub threads: usize,
    pub seed: u64,
    /// Uniformly random plies played before the engine takes over.
    pub random_plies: usize,
}

/// Plays the games and writes the quiet positions of each, labelled with its result.
pub fn generate(settings: &DatagenSettings, out: &mut (dyn Write + Send)) -> std::io::Result<()> {
    let next_game = AtomicU64::new(0);
    let out = Mutex::new(out);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..settings.threads.max(1))
            .map(|_| {
                scope.spawn(|| -> std::io::Result<()> {
                    let mut engine = Engine::new(8, 1);
                    loop {
                        let index = next_game.fetch_add(1, Ordering::Relaxed);
                        if index >= settings.games {
                            return Ok(());
                        }
                        let mut rng = Mt64::new(settings.seed ^ index.wrapping_mul(0x9e37_79b9));
                        let lines = play_game(settings, &mut engine, &mut rng);
                        let mut out = out.lock().unwrap_or_else(|e| e.into_inner());
                        out.write_all(lines.as_bytes())?;
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .try_for_each(|w| w.join().unwrap_or(Ok(())))
    })
}

/// One game; returns its labelled quiet positions as text.
fn play_game(settings: &DatagenSettings, engine: &mut Engine, rng: &mut Mt64) -> String {
    engine.clear();
    let limits = Limits {
        nodes: Some(settings.nodes),
        ..Limits::default()
    };
    let mut game = Game::start(settings.size);
    let mut positions = Vec::new();
    let mut ply = 0;
    while game.winner().is_none() {
        let moves = game.legal_moves();
        let mv = if ply < settings.random_plies {
            moves[(rng.next_u64() % moves.len() as u64) as usize]
        } else {
            if is_quiet(&game) {
                positions.push(game.to_fen());
            }
            engine
                .search(&game, &limits, &Signals::default(), &mut |_| {})
                .best
        };
        game = game.play(mv);
        ply += 1;
    }
    let result = if game.winner() == Some(Color::White) {
        1
    } else {
        0
    };
    positions
        .iter()
        .map(|fen| format!("{fen} | {result}\n"))
        .collect()
}

/// A position whose static evaluation is a fair estimate of its value: no piece of either
/// side hangs (attacked and undefended; attacks are mutual in Breakthrough, so exchanges
/// that are defended on both sides remain) and no piece is one step from its goal, where the
/// search never evaluates. Pieces two steps from their goal stay in: the evaluation meets
/// them at every leaf, and its path features must learn what they are worth.
fn is_quiet(game: &Game) -> bool {
    with_position!(game, p => {
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

/// Reads `FEN | result` lines and writes `result f0 f1 …` lines (result from the side to
/// move's point of view).
pub fn write_features(input: impl BufRead, out: &mut impl Write) -> Result<(), String> {
    for (number, line) in input.lines().enumerate() {
        let line = line.map_err(|e| e.to_string())?;
        let bad = || format!("line {}: expected 'FEN | result', got '{line}'", number + 1);
        let (fen, result) = line.split_once('|').ok_or_else(bad)?;
        let game = Game::from_fen(fen).map_err(|e| format!("line {}: {e}", number + 1))?;
        let white_won = match result.trim() {
            "1" => true,
            "0" => false,
            _ => return Err(bad()),
        };
        let stm_won = white_won == (game.side_to_move() == Color::White);
        let values: Vec<String> = eval::features(&game).iter().map(i32::to_string).collect();
        writeln!(out, "{} {}", stm_won as u8, values.join(" ")).map_err(|e| e.to_string())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_are_labelled_from_the_side_to_move() {
        let input = "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w 0 1 | 1\n\
                     pppppppp/pppppppp/8/8/8/P7/1PPPPPPP/PPPPPPPP b 0 1 | 1\n";
        let mut out = Vec::new();
        write_features(input.as_bytes(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<Vec<&str>> = text.lines().map(|l| l.split(' ').collect()).collect();
        assert_eq!(lines.len(), 2);
        assert_eq!((lines[0][0], lines[1][0]), ("1", "0"));
        assert!(lines.iter().all(|l| l.len() == eval::feature::COUNT + 1));
        // The tempo feature is always 1.
        assert!(lines.iter().all(|l| l[eval::feature::TEMPO + 1] == "1"));
    }

    #[test]
    fn bad_lines_are_named() {
        let mut out = Vec::new();
        let error = write_features("8/8/8 w | 1\n".as_bytes(), &mut out).unwrap_err();
        assert_eq!(error, "line 1: board has 3 rows; it must have 4 to 16");
        let error = write_features("pp/pp/PP/PP w | 2\n".as_bytes(), &mut out).unwrap_err();
        assert_eq!(
            error,
            "line 1: expected 'FEN | result', got 'pp/pp/PP/PP w | 2'"
        );
    }

    #[test]
    fn quiet_positions_have_no_hanging_piece_and_no_runner_one_step_from_goal() {
        let quiet = |fen: &str| is_quiet(&Game::from_fen(fen).unwrap());
        assert!(quiet("p7/8/3P4/8/8/8/8/7P w"));
        assert!(!quiet("p7/3P4/8/8/8/8/8/7P w"));
        assert!(!quiet("p7/8/8/8/8/8/3p4/7P w"));
        // d4 and e5 attack each other, both undefended; with c3 and f6 defending, it is a
        // standing exchange.
        assert!(!quiet("p7/8/8/4p3/3P4/8/8/7P w"));
        assert!(quiet("p7/8/5p2/4p3/3P4/2P5/8/7P w"));
    }

    #[test]
    fn generated_positions_are_quiet_and_labelled() {
        let settings = DatagenSettings {
            games: 4,
            nodes: 300,
            size: "6x6".parse().unwrap(),
            threads: 2,
            seed: 5,
            random_plies: 4,
        };
        let mut out = Vec::new();
        generate(&settings, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.lines().count() > 0);
        for line in text.lines() {
            let (fen, result) = line.split_once(" | ").unwrap();
            let game = Game::from_fen(fen).unwrap();
            assert!(is_quiet(&game), "{fen}");
            assert!(result == "0" || result == "1", "{line}");
        }
    }
}
