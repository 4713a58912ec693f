//! Fuzzing the readers of text (`tests/fuzz_support` says how budgets and seeds work):
//! position strings, moves, opening files, PGN and proof files never panic on any input,
//! and what the engine writes reads back as it was.

mod fuzz_support;

use fuzz_support::{below, chance, pick, random_game, report, spoil, Budget};
use rand_mt::Mt64;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use troyka::games::breakthrough::proof::check::check;
use troyka::games::breakthrough::{BoardSize, Breakthrough, Color};
use troyka::solve::{Finding, Settings, Solver};
use troyka::tournament::game_record::{Ending, GameRecord, GameResult, MoveNote, Termination};
use troyka::tournament::openings::from_lines;
use troyka::tournament::pgn::{self, Header};

/// Random text: spoiled real input, or characters from a small alphabet that the readers
/// care about.
fn text(rng: &mut Mt64, real: &str) -> String {
    if chance(rng, 70) {
        return spoil(rng, real);
    }
    let alphabet: Vec<char> = "Pp0123456789/ wbx-*[]{}\";.\n\tabcdefghijklmnop:=é\u{0}"
        .chars()
        .collect();
    (0..below(rng, 80)).map(|_| *pick(rng, &alphabet)).collect()
}

#[test]
fn position_strings_and_moves_never_panic_and_round_trip() {
    let budget = Budget::from_env();
    let mut rng = budget.rng(1);
    let started = Instant::now();
    let mut cases = 0;
    while budget.left() {
        cases += 1;
        let (game, moves) = random_game(&mut rng);
        let fen = game.to_fen();
        assert_eq!(Breakthrough::from_fen(&fen).as_ref(), Ok(&game), "{fen}");
        // Anything else is read or refused, never a panic.
        let spoiled = text(&mut rng, &fen);
        if let Ok(read) = Breakthrough::from_fen(&spoiled) {
            assert_eq!(
                Breakthrough::from_fen(&read.to_fen()),
                Ok(read),
                "{spoiled:?}"
            );
        }
        for mv in game.legal_moves().iter() {
            assert_eq!(game.parse_move(&game.move_name(*mv)), Ok(*mv));
        }
        let word = moves.last().map_or("a2a3", String::as_str);
        let _ = game.parse_move(&text(&mut rng, word));
    }
    report("positions and moves", &budget, cases, started);
}

#[test]
fn opening_files_never_panic() {
    let budget = Budget::from_env();
    let mut rng = budget.rng(2);
    let started = Instant::now();
    let mut cases = 0;
    while budget.left() {
        cases += 1;
        let mut file = String::new();
        for _ in 0..1 + below(&mut rng, 4) {
            let (game, moves) = random_game(&mut rng);
            let line = match below(&mut rng, 3) {
                0 => game.to_fen(),
                1 => format!(
                    "{} moves {}",
                    Breakthrough::start(game.size()).to_fen(),
                    moves.join(" ")
                ),
                _ => format!("{} # comment", moves.join(" ")),
            };
            file += &text(&mut rng, &line);
            file.push('\n');
        }
        let size = BoardSize::new(2 + below(&mut rng, 15), 4 + below(&mut rng, 13)).unwrap();
        if let Ok(openings) = from_lines(&file, &Breakthrough::start(size)) {
            for opening in openings {
                let _ = opening.position();
            }
        }
    }
    report("opening files", &budget, cases, started);
}

#[test]
fn pgn_never_panics_and_round_trips() {
    let budget = Budget::from_env();
    let mut rng = budget.rng(3);
    let started = Instant::now();
    let mut cases = 0;
    while budget.left() {
        cases += 1;
        let (game, _) = random_game(&mut rng);
        let root = Breakthrough::start(game.size());
        let mut moves = Vec::new();
        let mut position = root;
        while position != game && position.winner().is_none() {
            // Replay the same game: random_game's moves in order.
            let legal = position.legal_moves();
            let mv = *legal
                .iter()
                .find(|&&mv| position.play(mv) == game)
                .unwrap_or(&legal[below(&mut rng, legal.len())]);
            moves.push(mv);
            position = position.play(mv);
            if moves.len() > 60 {
                break;
            }
        }
        // Each move is a turn of one ply.
        let moves: Vec<Vec<_>> = moves.into_iter().map(|mv| vec![mv]).collect();
        let record = GameRecord {
            root,
            notes: moves
                .iter()
                .map(|_| {
                    chance(&mut rng, 50).then_some(MoveNote {
                        score: None,
                        depth: Some(below(&mut rng, 30) as u32),
                        nps: None,
                        time: Duration::from_millis(below(&mut rng, 5000) as u64),
                    })
                })
                .collect(),
            moves: moves.clone(),
            ending: Ending {
                result: *pick(
                    &mut rng,
                    &[
                        GameResult::Win(Color::White),
                        GameResult::Win(Color::Black),
                        GameResult::Draw,
                    ],
                ),
                termination: Termination::Normal,
                reason: "White reaches the goal".into(),
            },
        };
        let header = Header {
            event: "fuzz",
            round: cases as usize,
            white: "a",
            black: "b",
            time_controls: ["1+0.01".into(), "1+0.01".into()],
            unnoted: Some("book"),
        };
        let written = pgn::write(&record, &header);
        let read = pgn::read(&written, &root).unwrap_or_else(|e| panic!("{e}\n{written}"));
        assert_eq!(read.len(), 1, "{written}");
        assert_eq!((read[0].root, &read[0].moves), (root, &moves), "{written}");
        let _ = pgn::read(&text(&mut rng, &written), &root);
    }
    report("pgn", &budget, cases, started);
}

#[test]
fn proof_files_never_panic() {
    let game = Breakthrough::start("5x4".parse().unwrap());
    let solver = Solver::new(Settings {
        hash_megabytes: 16,
        ..Settings::default()
    });
    let solution = solver.solve(&game, &AtomicBool::new(false), &mut |_| {});
    let Finding::Lost { .. } = solution.outcome else {
        panic!("the 5x4 start is lost for white")
    };
    let mut proof = Vec::new();
    solver
        .write_proof(
            &game,
            Color::Black,
            &[],
            &AtomicBool::new(false),
            &mut proof,
            &mut |_| {},
        )
        .unwrap();
    let proof = String::from_utf8(proof).unwrap();
    assert!(check(proof.as_bytes(), true).is_ok());
    let budget = Budget::from_env();
    let mut rng = budget.rng(4);
    let started = Instant::now();
    let mut cases = 0;
    while budget.left() {
        cases += 1;
        let spoiled = if chance(&mut rng, 80) {
            spoil(&mut rng, &proof)
        } else {
            // The header, then a few random lines.
            let header: String = proof.lines().take(4).map(|l| format!("{l}\n")).collect();
            let alphabet: Vec<char> = "wb0123456789abcdef.+~:*= \nwin1loss2end".chars().collect();
            let body: String = (0..below(&mut rng, 200))
                .map(|_| *pick(&mut rng, &alphabet))
                .collect();
            format!("{header}{body}\nend\n")
        };
        // Read or refused, never a panic; nothing proves that white wins the start.
        if let Ok(report) = check(spoiled.as_bytes(), false) {
            if report.root == game {
                assert_eq!(report.winner, Color::Black, "{spoiled}");
            }
        }
    }
    report("proof files", &budget, cases, started);
}
