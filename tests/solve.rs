//! The solver: forced wins and losses proved, answers that agree with a brute-force search,
//! proofs that the checker accepts (and tampered ones it rejects), and determinism.

use rand_mt::Mt64;
use std::sync::atomic::AtomicBool;
use troyka::eval::{EvalChoice, EvalSpec};
use troyka::game::Game;
use troyka::games::breakthrough::proof::check::{check, CheckReport};
use troyka::games::breakthrough::proof::position_text;
use troyka::games::breakthrough::{BoardSize, Breakthrough, Color, Move};
use troyka::solve::{Finding, Settings, Solution, Solver};
use troyka::with_position;

fn solver() -> Solver {
    Solver::new(Settings {
        hash_megabytes: 16,
        ..Settings::default()
    })
}

/// A solver that stops after about `nodes` nodes.
fn solver_stopping_at(nodes: u64) -> Solver {
    Solver::new(Settings {
        hash_megabytes: 16,
        nodes: Some(nodes),
        ..Settings::default()
    })
}

fn solve_with(solver: &Solver, game: &Breakthrough) -> Solution<Move> {
    solver.solve(game, &AtomicBool::new(false), &mut |_| {})
}

fn solve(fen: &str) -> (Breakthrough, Solution<Move>) {
    let game = Breakthrough::from_fen(fen).unwrap();
    let solution = solve_with(&solver(), &game);
    (game, solution)
}

fn names(game: &Breakthrough, moves: &[Move]) -> Vec<String> {
    moves.iter().map(|&m| game.move_name(m)).collect()
}

/// The proof of a solved position, as text.
fn proof_of(solver: &Solver, game: &Breakthrough, solution: &Solution<Move>) -> String {
    let winner = solution.winner(game.side_to_move()).expect("solved");
    let mut bytes = Vec::new();
    solver
        .write_proof(
            game,
            winner,
            solution.root_moves(),
            &AtomicBool::new(false),
            &mut bytes,
            &mut |_| {},
        )
        .expect("the proof is written");
    String::from_utf8(bytes).unwrap()
}

fn check_text(text: &str, deep: bool) -> Result<CheckReport, String> {
    check(text.as_bytes(), deep)
}

/// How a proof line writes the position of `fen`.
fn line_position(fen: &str) -> String {
    let game = Breakthrough::from_fen(fen).unwrap();
    with_position!(&game, position => position_text(position))
}

/// The positions of `tests/search.rs`, and whether the side to move wins.
const SEARCH_TEST_POSITIONS: [(&str, bool); 8] = [
    ("8/1P6/8/8/8/8/p7/8 w", true),
    ("6pp/8/2P5/8/8/8/8/8 w", true),
    // Not a forced result in the search tests, but a1b2 leads to a long won race.
    ("pppp4/8/8/8/8/8/1p6/P1P3PP w", true),
    ("pp6/8/8/8/8/2p5/8/7P w", false),
    ("4p3/8/8/8/8/8/1p1p4/2P5 w", false),
    ("8/8/8/8/p7/8/8/7P w", false),
    ("7p/8/8/P7/8/8/8/8 w", true),
    ("pp6/8/8/8/8/2p5/1P6/7P w", true),
];

#[test]
fn the_search_tests_forced_results_are_proved() {
    for (fen, side_to_move_wins) in SEARCH_TEST_POSITIONS {
        let (game, solution) = solve(fen);
        let expected = if side_to_move_wins {
            game.side_to_move()
        } else {
            game.side_to_move().opponent()
        };
        assert_eq!(
            solution.winner(game.side_to_move()),
            Some(expected),
            "{fen}"
        );
        let report = check_text(&proof_of(&solver(), &game, &solution), true).unwrap();
        assert_eq!(report.winner, expected, "{fen}");
    }
}

#[test]
fn winning_moves_and_refutations_are_named() {
    // White's b7 runner: every one of its three moves wins; with --all all are listed.
    let game = Breakthrough::from_fen("8/1P6/8/8/8/8/p7/8 w").unwrap();
    let all = Solver::new(Settings {
        hash_megabytes: 16,
        all: true,
        ..Settings::default()
    });
    let Finding::Won { moves } = solve_with(&all, &game).outcome else {
        panic!("won")
    };
    assert_eq!(names(&game, &moves), ["b7a8", "b7b8", "b7c8"]);
    // Black's c3 threatens a safe step: b2c3 is the only move that does not lose, and wins.
    let (game, solution) = solve("pp6/8/8/8/8/2p5/1P6/7P w");
    let Finding::Won { moves } = solution.outcome else {
        panic!("won")
    };
    assert_eq!(names(&game, &moves), ["b2c3"]);
    // Two runners: every white move is answered by a step to the goal.
    let (game, solution) = solve("4p3/8/8/8/8/8/1p1p4/2P5 w");
    let Finding::Lost { replies } = solution.outcome else {
        panic!("lost")
    };
    assert_eq!(replies.len(), game.legal_moves().len());
    for (mv, answers) in replies {
        let after = game.play(mv);
        assert_eq!(answers.len(), 1);
        assert_eq!(after.play(answers[0]).winner(), Some(Color::Black));
    }
}

#[test]
fn a_reply_whose_every_defence_loses_by_the_rules_is_proved_on_sight() {
    // c3b4 makes a runner that only a5 can take, and after a5xb4 White's a3 takes back on
    // b4, which no black piece attacks (`win3`): the root is proved while it is expanded,
    // in one node, where the search without the check took two. The proof spells the
    // child out, as any other.
    let (game, solution) = solve("pp2p/5/P1P2/5/5 w");
    let Finding::Won { moves } = &solution.outcome else {
        panic!("won")
    };
    assert_eq!(names(&game, moves), ["c3b4"]);
    assert_eq!(solution.nodes, 1);
    let proof = proof_of(&solver(), &game, &solution);
    assert!(proof.contains("a5b4:win3 *:win1"), "{proof}");
    let report = check_text(&proof, true).unwrap();
    assert_eq!((report.winner, report.positions), (Color::White, 2));
}

/// The result by exhaustive search (small positions only).
fn side_to_move_wins(game: &Breakthrough) -> bool {
    game.legal_moves().iter().any(|&mv| {
        let child = game.play(mv);
        match child.winner() {
            Some(winner) => winner == game.side_to_move(),
            None => !side_to_move_wins(&child),
        }
    })
}

#[test]
fn answers_agree_with_exhaustive_search_on_small_positions() {
    let mut rng = Mt64::new(77);
    let size: BoardSize = "4x5".parse().unwrap();
    let mut checked = [0, 0];
    while checked[0] + checked[1] < 150 {
        let mut square = |rank_low: u64, ranks: u64| {
            size.square(
                (rng.next_u64() % 4) as usize,
                (rank_low + rng.next_u64() % ranks) as usize,
            )
        };
        let white: Vec<usize> = (0..3).map(|_| square(0, 2)).collect();
        let black: Vec<usize> = (0..3).map(|_| square(3, 2)).collect();
        let game = Breakthrough::from_squares(size, &white, &black, Color::White);
        if game.winner().is_some() {
            continue;
        }
        let expected = side_to_move_wins(&game);
        let solver = solver();
        let solution = solve_with(&solver, &game);
        let winner = solution.winner(Color::White).unwrap();
        assert_eq!(winner == Color::White, expected, "{}", game.to_fen());
        check_text(&proof_of(&solver, &game, &solution), false).unwrap();
        checked[expected as usize] += 1;
    }
    assert!(checked[0] >= 20 && checked[1] >= 20, "{checked:?}");
}

#[test]
fn the_5x5_start_is_a_second_player_win_and_its_proof_checks() {
    let game = Breakthrough::start("5x5".parse().unwrap());
    let solver = Solver::new(Settings {
        hash_megabytes: 128,
        ..Settings::default()
    });
    let solution = solve_with(&solver, &game);
    let Finding::Lost { replies } = &solution.outcome else {
        panic!("white to move loses")
    };
    assert_eq!(replies.len(), 13, "every white move is refuted");
    let report = check_text(&proof_of(&solver, &game, &solution), false).unwrap();
    assert_eq!(report.winner, Color::Black);
    assert!(report.depth >= 26, "no win is shorter than 26 plies");
}

/// A table far too small for the solve forgets which move won most positions; the writer
/// proves such a position again from scratch, which stores the winning move, rather than
/// solving each move in turn (which also disproved the losing ones before it and wrote their
/// subtrees too: 2.8 times the lines on this board).
#[test]
fn a_table_that_forgot_most_of_the_solve_still_writes_a_proof_of_about_its_size() {
    let game = Breakthrough::start("5x5".parse().unwrap());
    let lines = |hash_megabytes| {
        let solver = Solver::new(Settings {
            hash_megabytes,
            ..Settings::default()
        });
        let solution = solve_with(&solver, &game);
        let proof = proof_of(&solver, &game, &solution);
        let report = check_text(&proof, false).unwrap();
        assert_eq!(report.winner, Color::Black);
        proof.lines().count()
    };
    let (forgetful, roomy) = (lines(1), lines(128));
    assert!(
        forgetful * 2 < roomy * 3,
        "{forgetful} lines from a 1 MiB table against {roomy} from 128 MiB"
    );
}

#[test]
fn solving_is_deterministic() {
    let game = Breakthrough::start("5x4".parse().unwrap());
    let run = || {
        let solver = solver();
        let solution = solve_with(&solver, &game);
        let proof = proof_of(&solver, &game, &solution);
        (solution.nodes, solution.outcome, proof)
    };
    assert_eq!(run(), run());
}

#[test]
fn a_node_limit_stops_with_the_position_unknown() {
    let game = Breakthrough::start("6x5".parse().unwrap());
    let solver = solver_stopping_at(20_000);
    let solution = solve_with(&solver, &game);
    assert_eq!(solution.outcome, Finding::Unknown);
    assert!(solution.stopped);
    assert!(solution.nodes <= 20_000, "{}", solution.nodes);
}

/// The table also keeps the numbers of positions met as children but never searched, so
/// that the search does not compute them again; what the solver says of a position (for
/// the cluster's jobs, for the best move so far) is the same as if it had not kept them.
#[test]
fn positions_met_but_not_searched_look_new_to_the_solver_s_users() {
    let game = Breakthrough::start("6x5".parse().unwrap());
    let stopped = solver_stopping_at(20_000);
    assert!(solve_with(&stopped, &game).stopped);
    let fresh = solver();
    let (mut searched, mut met_only) = (0, 0);
    for &first in game.legal_moves().iter() {
        let child = game.play(first);
        for &second in child.legal_moves().iter() {
            let grandchild = child.play(second);
            if grandchild.result().is_some() {
                continue;
            }
            if stopped.work(&grandchild) > 0 {
                searched += 1;
            } else {
                met_only += 1;
                assert_eq!(
                    stopped.numbers(&grandchild),
                    fresh.numbers(&grandchild),
                    "{}",
                    grandchild.to_fen()
                );
            }
        }
    }
    assert!(searched > 0 && met_only > 0, "{searched} {met_only}");
}

#[test]
fn a_network_orders_the_moves_where_the_board_has_one() {
    // 6x6 positions from games against Fairy-Stockfish, 13 to 18 plies in: the built-in
    // 6x6 network starts the numbers, or the linear evaluation does, with its play weights
    // or with the weights for proofs (by default).
    for fen in [
        "3pp1/ppppp1/2p2p/3PP1/1PPPP1/1PPPP1 w",
        "1p1p2/pp1p1p/p2p2/P5/2P1PP/PPPPP1 w",
        "1ppp1p/2pp1p/pppp2/3PP1/PP1PPP/PP1PP1 b",
    ] {
        let game = Breakthrough::from_fen(fen).unwrap();
        let run = |eval: EvalChoice| {
            let solver = Solver::new(Settings {
                hash_megabytes: 64,
                eval,
                ..Settings::default()
            });
            let solution = solve_with(&solver, &game);
            let report = check_text(&proof_of(&solver, &game, &solution), false).unwrap();
            (solution.nodes, report.winner)
        };
        let (network_nodes, network_winner) = run(EvalSpec::Builtin.load().unwrap());
        let (linear_nodes, linear_winner) = run(EvalChoice::linear());
        let (proof_nodes, proof_winner) = run(EvalChoice::linear().for_proofs());
        assert_eq!(network_winner, linear_winner, "{fen}");
        assert_eq!(proof_winner, linear_winner, "{fen}");
        assert_ne!(
            network_nodes, linear_nodes,
            "{fen}: the network changes the order"
        );
        assert_ne!(
            proof_nodes, linear_nodes,
            "{fen}: the weights for proofs change the order"
        );
        assert_eq!(run(Settings::default().eval).0, proof_nodes, "{fen}");
    }
}

/// A proof to tamper with: 5x4, white to move.
fn small_proof() -> String {
    let game = Breakthrough::start("5x4".parse().unwrap());
    let solver = solver();
    let solution = solve_with(&solver, &game);
    proof_of(&solver, &game, &solution)
}

#[test]
fn tampered_proofs_are_rejected() {
    let proof = small_proof();
    let report = check_text(&proof, true).expect("the untouched proof checks");
    assert!(report.positions > 10, "a proof worth tampering with");
    assert_eq!((report.repeated_lines, report.unused_lines), (0, 0));
    let lines: Vec<&str> = proof.lines().collect();
    // The header is four lines, and `end` closes the file.
    let body: Vec<usize> = (4..lines.len() - 1).collect();
    let with_line = |index: usize, line: &str| {
        let mut changed = lines.clone();
        changed[index] = line;
        changed.join("\n")
    };
    let mut tampered: Vec<(String, String)> = Vec::new();
    // The winner swapped.
    let other = if lines[3] == "winner white" {
        "winner black"
    } else {
        "winner white"
    };
    tampered.push(("winner swapped".into(), with_line(3, other)));
    // Cut off before `end`.
    tampered.push(("cut off".into(), lines[..lines.len() - 1].join("\n")));
    // The root's line first, above the lines it builds on.
    let mut root_first = lines.clone();
    let root = root_first.remove(lines.len() - 2);
    root_first.insert(4, root);
    tampered.push(("root first".into(), root_first.join("\n")));
    // Each body line: dropped, its last entry dropped, its first move changed, a piece
    // added to its position, or its first reference to a line turned into a pattern.
    for &index in &body {
        let line = lines[index];
        let words: Vec<&str> = line.split(' ').collect();
        let without: Vec<&str> = lines
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != index)
            .map(|(_, l)| *l)
            .collect();
        tampered.push((format!("line {index} dropped"), without.join("\n")));
        if words.len() > 2 {
            let shorter = words[..words.len() - 1].join(" ");
            tampered.push((
                format!("line {index} shortened"),
                with_line(index, &shorter),
            ));
        }
        // Another square for the first move's destination.
        if let Some((mv, rest)) = words[1].split_once(':') {
            for file in ['a', 'b', 'c', 'd', 'e'] {
                let mut changed = mv.to_string();
                changed.replace_range(2..3, &file.to_string());
                if changed != mv {
                    let mut new_words = words.clone();
                    let entry = format!("{changed}:{rest}");
                    new_words[1] = &entry;
                    let line = new_words.join(" ");
                    tampered.push((
                        format!("line {index} move {changed}"),
                        with_line(index, &line),
                    ));
                }
            }
        }
        // A white piece on a1 too, where there was none.
        let (side, pieces) = words[0].split_at(1);
        let (white, black) = pieces.split_once('.').unwrap();
        let last = u32::from_str_radix(&white[white.len() - 1..], 16).unwrap();
        let black_last = u32::from_str_radix(&black[black.len() - 1..], 16).unwrap();
        if (last | black_last) & 1 == 0 {
            let position = format!("{side}{}{:x}.{black}", &white[..white.len() - 1], last | 1);
            let line = std::iter::once(position.as_str())
                .chain(words[1..].iter().copied())
                .collect::<Vec<_>>()
                .join(" ");
            tampered.push((format!("line {index} piece added"), with_line(index, &line)));
        }
        for reference in [":+", ":~"] {
            if line.contains(reference) {
                let line = line.replacen(reference, ":win5", 1);
                tampered.push((format!("line {index} claims win5"), with_line(index, &line)));
            }
        }
    }
    // Every change breaks the proof (none happens to be another valid proof).
    for (what, text) in &tampered {
        assert!(check_text(text, false).is_err(), "{what} is accepted");
    }
    assert!(tampered.len() > 100, "{}", tampered.len());
}

#[test]
fn a_pattern_that_does_not_hold_is_rejected() {
    // White's c6 steps to c7 unstoppably (win3); claiming win1 for it is caught.
    let root = "6pp/8/2P5/8/8/8/8/8 w 0 1";
    let header = format!("troyka-proof 2\nboard 8x8\nroot {root}\nwinner white\n");
    let at_root = line_position(root);
    assert!(check_text(&format!("{header}{at_root} =win3\nend\n"), true).is_ok());
    let error = check_text(&format!("{header}{at_root} =win1\nend\n"), false).unwrap_err();
    assert!(error.contains("win1 does not hold"), "{error}");
    // c6c7 leaves black lost in two: loss2 holds there, loss4 does not.
    assert!(check_text(&format!("{header}{at_root} c6c7:loss2\nend\n"), false).is_ok());
    let error = check_text(&format!("{header}{at_root} c6c7:loss4\nend\n"), false).unwrap_err();
    assert!(error.contains("loss4 does not hold"), "{error}");
    // A loser's move left unanswered.
    let root = "4p3/8/8/8/8/8/1p1p4/2P5 w 0 1";
    let header = format!("troyka-proof 2\nboard 8x8\nroot {root}\nwinner black\n");
    let after = line_position("4p3/8/8/8/8/8/1P1p4/8 b 0 1");
    let at_root = line_position(root);
    let proof = format!("{header}{after} d2d1:end\n{at_root} c1b2:+\nend\n");
    let error = check_text(&proof, false).unwrap_err();
    assert!(error.contains("is not answered"), "{error}");
    assert!(check_text(&format!("{header}{at_root} =loss2\nend\n"), false).is_ok());
}

#[test]
fn lines_build_on_lines_above_them_or_on_their_mirror_images() {
    // On 5x4, white's a1 cannot stop black's d2: after a1a2, d2d1 wins, and its mirror
    // image (black b2, white e2) is won by b2b1. After a1b2, d2d1 wins at once (win1).
    let root = "5/5/3p1/P4 w 0 1";
    let header = format!("troyka-proof 2\nboard 5x4\nroot {root}\nwinner black\n");
    let at_root = line_position(root);
    let after = line_position("5/5/P2p1/5 b 0 1");
    let mirror = line_position("5/5/1p2P/5 b 0 1");
    let proof = |lines: String| check_text(&format!("{header}{lines}end\n"), false);
    let report = proof(format!("{after} d2d1:end\n{at_root} a1a2:+ *:win1\n")).unwrap();
    assert_eq!(
        (report.positions, report.unused_lines, report.depth),
        (2, 0, 2)
    );
    let report = proof(format!("{mirror} b2b1:end\n{at_root} a1a2:~ *:win1\n")).unwrap();
    assert_eq!((report.positions, report.unused_lines), (2, 0));
    // The mirror image is not the position itself, and a line may only build on lines
    // above it.
    let error = proof(format!("{mirror} b2b1:end\n{at_root} a1a2:+ *:win1\n")).unwrap_err();
    assert!(error.contains("has no line above"), "{error}");
    let error = proof(format!("{after} d2d1:end\n{at_root} a1a2:~ *:win1\n")).unwrap_err();
    assert!(error.contains("mirror image"), "{error}");
    let error = proof(format!("{at_root} a1a2:+ *:win1\n{after} d2d1:end\n")).unwrap_err();
    assert!(error.contains("has no line above"), "{error}");
    // A position proved twice is counted once.
    let twice = format!("{after} d2d1:end\n{after} d2d1:end\n{at_root} a1a2:+ *:win1\n");
    let report = proof(twice).unwrap();
    assert_eq!((report.positions, report.repeated_lines), (2, 1));
}

#[test]
fn a_solve_stopped_and_resumed_from_a_checkpoint_finishes() {
    let game = Breakthrough::start("6x4".parse().unwrap());
    let straight = solve_with(&solver(), &game);
    assert_ne!(straight.outcome, Finding::Unknown);

    let path = std::env::temp_dir().join(format!("troyka-checkpoint-{}", std::process::id()));
    let first = solver_stopping_at(straight.nodes / 2);
    let stopped = solve_with(&first, &game);
    assert_eq!(stopped.outcome, Finding::Unknown);
    let totals = troyka::solve::Totals {
        nodes: stopped.nodes,
        elapsed: stopped.elapsed,
    };
    first.save_checkpoint(&game, totals, &path).unwrap();

    let second = solver();
    let loaded = second.load_checkpoint(&game, &path).unwrap();
    assert_eq!(loaded.nodes, totals.nodes);
    let resumed = solve_with(&second, &game);
    assert_eq!(resumed.outcome, straight.outcome);
    assert!(
        resumed.nodes < straight.nodes,
        "the checkpoint saved work: {} then {} of {}",
        stopped.nodes,
        resumed.nodes,
        straight.nodes
    );
    check_text(&proof_of(&second, &game, &resumed), false).unwrap();

    // A checkpoint of another position, or a damaged one, is refused.
    let other = Breakthrough::start("5x4".parse().unwrap());
    let error = solver().load_checkpoint(&other, &path).unwrap_err();
    assert!(error.contains("another position"), "{error}");
    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&path, &bytes[..bytes.len() - 20]).unwrap();
    let error = solver().load_checkpoint(&game, &path).unwrap_err();
    assert!(error.contains("cut off"), "{error}");
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn two_threads_prove_the_same_results() {
    let two = Solver::new(Settings {
        hash_megabytes: 16,
        threads: 2,
        ..Settings::default()
    });
    for (fen, side_to_move_wins) in SEARCH_TEST_POSITIONS {
        let game = Breakthrough::from_fen(fen).unwrap();
        let solution = solve_with(&two, &game);
        let winner = solution.winner(game.side_to_move());
        assert_eq!(
            winner == Some(game.side_to_move()),
            side_to_move_wins,
            "{fen}"
        );
        check_text(&proof_of(&two, &game, &solution), false).unwrap();
    }
    let game = Breakthrough::start("5x4".parse().unwrap());
    let single = solve_with(&solver(), &game);
    let solution = solve_with(&two, &game);
    assert_eq!(solution.winner(Color::White), single.winner(Color::White));
}

#[test]
fn malformed_proof_files_are_errors_not_panics() {
    let root = "6pp/8/2P5/8/8/8/8/8 w 0 1";
    let header = format!("troyka-proof 2\nboard 8x8\nroot {root}\nwinner white\n");
    let at_root = line_position(root);
    let other = line_position("6pp/2P5/8/8/8/8/8/8 w 0 1");
    let cases = [
        String::new(),
        "troyka-proof 2\n".into(),
        "troyka-proof 1\nboard 8x8\n".into(),
        "troyka-proof 2\nboard 99x2\nroot x\nwinner white\nend\n".into(),
        format!("troyka-proof 2\nboard 6x6\nroot {root}\nwinner white\nend\n"),
        "troyka-proof 2\nboard 8x8\nroot P7/8/8/8/8/8/8/8 w 0 1\nwinner white\nend\n".into(),
        format!("{header}winner black\n{at_root} =win3\nend\n"),
        format!("{header}end\n"),
        format!("{header}x =win3\nend\n"),
        format!("{header}w10000000000000000.0 =win3\nend\n"),
        format!("{header}w1.1 =win3\nend\n"),
        format!("{header}{at_root} =win9\nend\n"),
        format!("{header}{at_root} c6c7\nend\n"),
        format!("{header}{at_root} z9z10:end\nend\n"),
        format!("{header}{at_root} c6c7:+\nend\n"),
        format!("{header}{at_root} c6c7:~\nend\n"),
        format!("{header}{at_root} *:win1 =win1\nend\n"),
        format!("{header}{at_root} c6c7:loss2 c6c7:loss2\nend\n"),
        format!("{header}{at_root} c6c7:loss2\nend\nend\n"),
        format!("{header}{other} =win1\n{at_root} c6c7:loss2\nend\n"),
        format!("{header}{at_root} *:win3\nend\n"),
        format!("{header}{at_root} c6c7:end\nend\n"),
        format!("{header}{at_root} c6c7:loss2\x00\nend\n"),
        format!("{header}{at_root}\nend\n"),
    ];
    for (index, text) in cases.iter().enumerate() {
        match check_text(text, true) {
            Err(message) => assert!(!message.is_empty(), "case {index}"),
            // One is a valid proof after all, with a line nothing uses.
            Ok(report) => assert!(
                index == 19 && report.unused_lines == 1,
                "case {index} accepted: {report:?}"
            ),
        }
    }
    // Not text at all.
    let bytes = [header.as_bytes(), &[0xff, 0xfe, b'\n']].concat();
    assert!(check(bytes.as_slice(), false).is_err());
}
