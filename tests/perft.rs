//! Perft against the verified tables of `shared/reference/perft.md`.

use troyka::games::breakthrough::{BoardSize, Breakthrough};
use troyka::perft::{divide, perft_game};

/// (board, leaf counts for depth 1, 2, ...) copied from the reference table.
const START_POSITIONS: &[(&str, &[u64])] = &[
    (
        "8x8",
        &[
            22,
            484,
            11132,
            256036,
            6182818,
            149264638,
            3751915714,
            94232317976,
        ],
    ),
    ("7x7", &[19, 361, 7220, 144251, 3042166, 63936806]),
    ("6x6", &[16, 256, 4308, 71478, 1248290, 21470998, 381006806]),
    ("5x5", &[13, 156, 1924, 23084, 289828, 3538840, 43719470]),
    ("6x5", &[16, 240, 3666, 54448, 839494]),
    ("5x6", &[13, 169, 2331, 31545, 453608]),
    ("4x4", &[6, 42, 334, 2216, 16118, 99382, 649778]),
    ("3x4", &[4, 20, 112, 500, 2422, 9526, 40172]),
    ("2x4", &[2, 6, 20, 50, 128, 220, 398, 578]),
    ("4x8", &[10, 100, 1100, 12100, 146782]),
    ("10x10", &[28, 784, 22736, 659344]),
    ("12x12", &[34, 1156, 40460]),
    ("16x4", &[30, 930, 30454, 958112]),
    ("16x16", &[46, 2116, 99452]),
];

/// Rows up to this many leaves run in the normal suite (well under a second each);
/// the deeper ones run with `cargo test --release -- --ignored`.
const QUICK_LIMIT: u64 = 400_000_000;

fn check_rows(select: impl Fn(u64) -> bool) -> usize {
    let mut checked = 0;
    for (board, counts) in START_POSITIONS {
        let game = Breakthrough::start(board.parse::<BoardSize>().unwrap());
        for (index, &expected) in counts.iter().enumerate().filter(|(_, &n)| select(n)) {
            let depth = index as u32 + 1;
            assert_eq!(perft_game(&game, depth), expected, "{board} perft {depth}");
            checked += 1;
        }
    }
    checked
}

#[test]
fn start_positions_of_every_size() {
    assert!(check_rows(|leaves| leaves <= QUICK_LIMIT) > 60);
}

#[test]
#[ignore = "deep rows: minutes in a debug build; run with --release -- --ignored"]
fn start_positions_deep_rows() {
    assert!(check_rows(|leaves| leaves > QUICK_LIMIT) > 0);
}

#[test]
fn middle_game_with_finished_leaves() {
    // Black's b2 piece is one step from its goal: finished games must count as leaves at the
    // target depth and must not be expanded before it.
    let game =
        Breakthrough::from_fen("1p2pp1p/2p2ppp/2P5/8/8/3P2P1/1p1P2PP/1PP1PP1P w - - 1 26").unwrap();
    assert_eq!(perft_game(&game, 4), 121264);
}

#[test]
fn divide_sums_to_perft_and_names_moves() {
    let game = Breakthrough::start(BoardSize::STANDARD);
    let split = divide(&game, 4, &std::sync::atomic::AtomicBool::new(false)).turns;
    assert_eq!(split.len(), 22);
    assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 256036);
    let a2a3 = game.parse_move("a2a3").unwrap();
    assert_eq!(
        split
            .iter()
            .find(|(turn, _)| *turn == [a2a3])
            .map(|(_, n)| *n),
        Some(11638)
    );
}

#[test]
fn finished_position_is_a_leaf_only_at_depth_zero() {
    let game = Breakthrough::from_fen("P7/8/8/8/8/8/8/7p b 0 1").unwrap();
    assert_eq!(perft_game(&game, 0), 1);
    assert_eq!(perft_game(&game, 1), 0);
    assert_eq!(perft_game(&game, 3), 0);
}
