//! What the fuzz tests share: a seeded budget, random games and positions, and ways to spoil
//! text. Seeded loops over `rand_mt` (no shrinking, but every run is reproducible from its
//! seed, which a failure prints, and the budget is a time, so CI stays within seconds while
//! `scripts/fuzz` runs the same tests for as long as it is asked).
//!
//! `TROYKA_FUZZ_SECONDS` sets each test's time (default 2), `TROYKA_FUZZ_SEED` the seed
//! (default 1).

#![allow(dead_code)] // Each test crate uses a part.

use rand_mt::Mt64;
use std::time::{Duration, Instant};
use troyka::games::breakthrough::{BoardSize, Breakthrough};

pub struct Budget {
    pub seed: u64,
    until: Instant,
    pub seconds: f64,
}

impl Budget {
    pub fn from_env() -> Budget {
        let number = |name: &str, default: f64| {
            std::env::var(name)
                .ok()
                .and_then(|v| v.parse::<f64>().ok())
                .unwrap_or(default)
        };
        let seconds = number("TROYKA_FUZZ_SECONDS", 2.0);
        Budget {
            seed: number("TROYKA_FUZZ_SEED", 1.0) as u64,
            until: Instant::now() + Duration::from_secs_f64(seconds),
            seconds,
        }
    }

    pub fn left(&self) -> bool {
        Instant::now() < self.until
    }

    pub fn rng(&self, stream: u64) -> Mt64 {
        Mt64::new(self.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ stream)
    }
}

/// Prints what a fuzz test did, for `scripts/fuzz` to collect.
pub fn report(name: &str, budget: &Budget, cases: u64, started: Instant) {
    let seconds = started.elapsed().as_secs_f64();
    eprintln!(
        "fuzz {name}: {cases} cases in {seconds:.1} s ({:.0} per second), seed {}",
        cases as f64 / seconds.max(1e-9),
        budget.seed
    );
}

pub fn below(rng: &mut Mt64, n: usize) -> usize {
    (rng.next_u64() % n.max(1) as u64) as usize
}

pub fn pick<'a, T>(rng: &mut Mt64, items: &'a [T]) -> &'a T {
    &items[below(rng, items.len())]
}

pub fn chance(rng: &mut Mt64, percent: usize) -> bool {
    below(rng, 100) < percent
}

/// A board from 2x4 to 16x16, small ones more often.
pub fn random_size(rng: &mut Mt64) -> BoardSize {
    let cols = if chance(rng, 60) {
        5 + below(rng, 4)
    } else {
        2 + below(rng, 15)
    };
    let rows = if chance(rng, 60) {
        5 + below(rng, 4)
    } else {
        4 + below(rng, 13)
    };
    BoardSize::new(cols, rows).expect("in range")
}

/// A position reached by random moves (possibly a finished game), with its moves.
pub fn random_game(rng: &mut Mt64) -> (Breakthrough, Vec<String>) {
    let mut game = Breakthrough::start(random_size(rng));
    let mut moves = Vec::new();
    let plies = below(rng, 40);
    while moves.len() < plies && game.winner().is_none() {
        let legal = game.legal_moves();
        let mv = legal[below(rng, legal.len())];
        moves.push(game.move_name(mv));
        game = game.play(mv);
    }
    (game, moves)
}

/// Odd numbers for any numeric argument.
pub const NUMBERS: &[&str] = &[
    "0",
    "1",
    "2",
    "5",
    "-1",
    "-0",
    "+5",
    "100",
    "65536",
    "65537",
    "2147483648",
    "4294967296",
    "9223372036854775807",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999",
    "-99999999999999999999999",
    "1e3",
    "0x10",
    "3.5",
    "ten",
    "",
    "١٢",
];

pub fn number(rng: &mut Mt64) -> String {
    if chance(rng, 30) {
        (below(rng, 2000) as i64 - 100).to_string()
    } else {
        pick(rng, NUMBERS).to_string()
    }
}

/// `text` with a few characters replaced, deleted, doubled or inserted.
pub fn spoil(rng: &mut Mt64, text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..1 + below(rng, 3) {
        let at = below(rng, chars.len() + 1);
        let odd = *pick(
            rng,
            &[
                'x', '/', ' ', '9', '0', 'P', 'p', '\t', '\u{7f}', 'é', '\0', '1', '-', 'w', 'b',
            ],
        );
        match below(rng, 4) {
            0 if at < chars.len() => chars[at] = odd,
            1 if at < chars.len() => {
                chars.remove(at);
            }
            2 if at < chars.len() => chars.insert(at, chars[at]),
            _ => chars.insert(at, odd),
        }
    }
    chars.into_iter().collect()
}

/// Bytes that are no command: control characters, invalid UTF-8, Unicode, very long lines.
pub fn garbage(rng: &mut Mt64) -> Vec<u8> {
    match below(rng, 6) {
        0 => (0..below(rng, 40)).map(|_| rng.next_u64() as u8).collect(),
        1 => (0..below(rng, 30))
            .map(|_| *pick(rng, &[0u8, 1, 7, 8, 11, 12, 13, 27, 127, b'\r']))
            .collect(),
        2 => "𝔟𝔯𝔢𝔞𝔨 ☃ ünïcödé \u{202e}go\u{200b} 　".as_bytes().to_vec(),
        3 => {
            // 60 to 140 KB, either side of the 64 KB limit.
            let words: [&[u8]; 3] = [b"a2a3 ", b"x", b"go depth 1 "];
            let word = words[below(rng, words.len())];
            word.repeat((60_000 + below(rng, 80_000)) / word.len())
        }
        4 => {
            let mut bytes = b"go depth 1".to_vec();
            bytes.insert(below(rng, bytes.len()), 0xC3);
            bytes
        }
        _ => b"\r\r\r".to_vec(),
    }
}
