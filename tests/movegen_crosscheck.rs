//! Cross-checks the bitboard move generator against a plain, obviously-correct one that
//! lives only here, on thousands of random positions of many board sizes.

use rand_mt::Mt64;
use troyka::games::breakthrough::{Breakthrough, Color};

/// A board as a grid of cells, `grid[rank][file]`, rank 0 = rank 1.
struct Plain {
    grid: Vec<Vec<Option<Color>>>,
    side: Color,
}

impl Plain {
    fn cols(&self) -> usize {
        self.grid[0].len()
    }

    fn rows(&self) -> usize {
        self.grid.len()
    }

    fn random(rng: &mut Mt64, cols: usize, rows: usize) -> Plain {
        let density = rng.next_u64() % 100;
        let grid = (0..rows)
            .map(|_| {
                (0..cols)
                    .map(|_| match rng.next_u64() % 100 {
                        n if n >= density => None,
                        n if n % 2 == 0 => Some(Color::White),
                        _ => Some(Color::Black),
                    })
                    .collect()
            })
            .collect();
        let side = if rng.next_u64().is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        };
        let mut plain = Plain { grid, side };
        // Most random boards have a piece on its goal rank; clear the goal ranks of most of
        // them so that games in progress, where moves are compared, dominate.
        if !rng.next_u64().is_multiple_of(4) {
            let top = plain.rows() - 1;
            for cell in plain.grid[top]
                .iter_mut()
                .filter(|c| **c == Some(Color::White))
            {
                *cell = None;
            }
            for cell in plain.grid[0]
                .iter_mut()
                .filter(|c| **c == Some(Color::Black))
            {
                *cell = None;
            }
        }
        plain
    }

    /// Written independently of the engine's own writer.
    fn fen(&self) -> String {
        let ranks: Vec<String> = self
            .grid
            .iter()
            .rev()
            .map(|row| {
                let mut text = String::new();
                let mut run = 0;
                for cell in row {
                    if let Some(color) = cell {
                        if run > 0 {
                            text += &run.to_string();
                        }
                        run = 0;
                        text.push(if *color == Color::White { 'P' } else { 'p' });
                    } else {
                        run += 1;
                    }
                }
                if run > 0 {
                    text += &run.to_string();
                }
                text
            })
            .collect();
        format!(
            "{} {}",
            ranks.join("/"),
            if self.side == Color::White { 'w' } else { 'b' }
        )
    }

    fn name(file: usize, rank: usize) -> String {
        format!("{}{}", (b'a' + file as u8) as char, rank + 1)
    }

    fn moves(&self) -> Vec<String> {
        let forward: isize = if self.side == Color::White { 1 } else { -1 };
        let mut moves = Vec::new();
        for rank in 0..self.rows() {
            for file in 0..self.cols() {
                if self.grid[rank][file] != Some(self.side) {
                    continue;
                }
                let to_rank = rank as isize + forward;
                if to_rank < 0 || to_rank >= self.rows() as isize {
                    continue;
                }
                let to_rank = to_rank as usize;
                for df in [-1isize, 0, 1] {
                    let to_file = file as isize + df;
                    if to_file < 0 || to_file >= self.cols() as isize {
                        continue;
                    }
                    let target = self.grid[to_rank][to_file as usize];
                    let allowed = match df {
                        0 => target.is_none(),
                        _ => target != Some(self.side),
                    };
                    if allowed {
                        moves.push(Self::name(file, rank) + &Self::name(to_file as usize, to_rank));
                    }
                }
            }
        }
        moves.sort();
        moves
    }

    fn count(&self, color: Color) -> usize {
        self.grid
            .iter()
            .flatten()
            .filter(|c| **c == Some(color))
            .count()
    }

    fn winner(&self) -> Option<Color> {
        let white_home = self.grid[self.rows() - 1].contains(&Some(Color::White));
        let black_home = self.grid[0].contains(&Some(Color::Black));
        let them = self.side.opponent();
        if white_home && black_home {
            Some(them)
        } else if white_home {
            Some(Color::White)
        } else if black_home {
            Some(Color::Black)
        } else if self.count(self.side) == 0 {
            Some(them)
        } else if self.count(them) == 0 {
            Some(self.side)
        } else if self.moves().is_empty() {
            Some(them)
        } else {
            None
        }
    }
}

fn engine_moves(game: &Breakthrough) -> Vec<String> {
    let mut moves: Vec<String> = game
        .legal_moves()
        .iter()
        .map(|&m| game.move_name(m))
        .collect();
    moves.sort();
    moves
}

/// Sizes that stress every edge: two columns, four rows, the largest board, non-square,
/// and the boundaries between bitboard widths (64, 128 squares).
const SIZES: &[(usize, usize)] = &[
    (2, 4),
    (2, 16),
    (3, 4),
    (16, 4),
    (16, 16),
    (8, 8),
    (7, 7),
    (6, 5),
    (5, 6),
    (9, 7),
    (8, 16),
    (16, 8),
    (11, 12),
    (13, 5),
    (4, 16),
    (15, 15),
    (2, 9),
    (12, 11),
    (16, 9),
];

#[test]
fn bitboard_generator_matches_plain_generator() {
    let mut rng = Mt64::new(2026);
    let (mut checked, mut compared) = (0, 0);
    for &(cols, rows) in SIZES {
        for _ in 0..400 {
            let plain = Plain::random(&mut rng, cols, rows);
            let fen = plain.fen();
            let game = Breakthrough::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert_eq!(game.winner(), plain.winner(), "winner of {fen}");
            if plain.winner().is_none() {
                assert_eq!(engine_moves(&game), plain.moves(), "moves of {fen}");
                compared += 1;
            } else {
                assert!(game.legal_moves().is_empty(), "moves of finished {fen}");
            }
            checked += 1;
        }
    }
    assert_eq!(checked, SIZES.len() * 400);
    assert!(
        compared > checked / 2,
        "only {compared} of {checked} positions were in play"
    );
}

/// Random games from the start of each size: every move keeps the incremental hash equal to
/// the hash of the same position read afresh from its string, and the plain generator agrees
/// at every step.
#[test]
fn random_games_keep_hash_and_moves_consistent() {
    let mut rng = Mt64::new(7);
    for &(cols, rows) in SIZES {
        let size = troyka::games::breakthrough::BoardSize::new(cols, rows).unwrap();
        for _ in 0..20 {
            let mut game = Breakthrough::start(size);
            while game.winner().is_none() {
                let fresh = Breakthrough::from_fen(&game.to_fen()).unwrap();
                assert_eq!(game.hash(), fresh.hash(), "{}", game.to_fen());
                let moves = game.legal_moves();
                let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
                game = game.play(mv);
            }
            let plain_text = game.to_fen();
            let again = Breakthrough::from_fen(&plain_text).unwrap();
            assert_eq!(again.winner(), game.winner());
        }
    }
}
