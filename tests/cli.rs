//! The command-line tools, run as the real binary.

use std::process::{Command, Output};

fn troyka(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_troyka"))
        .args(args)
        .output()
        .expect("troyka runs")
}

/// The subcommands, each of which has its own `--help`.
const SUBCOMMANDS: [&str; 7] = [
    "perft",
    "bench",
    "datagen",
    "features",
    "train",
    "solve",
    "verify-proof",
];

#[test]
fn help_anywhere_prints_the_usage_and_succeeds() {
    // The usage names every subcommand; a subcommand's help names its own flags.
    for (args, expected) in [
        (&["--help"][..], &SUBCOMMANDS[..]),
        (&["help"], &SUBCOMMANDS),
        (&["datagen", "--help"], &["--random-plies", "--eval"]),
        (&["perft", "-h"], &["<DEPTH>", "--divide"]),
    ] {
        let output = troyka(args);
        assert!(output.status.success(), "{args:?}");
        assert!(output.stderr.is_empty(), "{args:?}");
        let text = String::from_utf8(output.stdout).unwrap();
        assert!(text.contains("Usage: troyka"), "{args:?}: {text}");
        for word in expected {
            assert!(text.contains(word), "{args:?}: no {word} in {text}");
        }
    }
}

#[test]
fn every_subcommand_has_its_own_help() {
    for subcommand in SUBCOMMANDS {
        for args in [[subcommand, "--help"], ["help", subcommand]] {
            let output = troyka(&args);
            assert_eq!(output.status.code(), Some(0), "{args:?}");
            assert!(output.stderr.is_empty(), "{args:?}");
            let text = String::from_utf8(output.stdout).unwrap();
            let usage = format!("Usage: troyka {subcommand}");
            assert!(text.contains(&usage), "{args:?}: {text}");
        }
    }
}

#[test]
fn bad_arguments_are_named_on_stderr_with_exit_code_2() {
    let cases: [(&[&str], &str); 5] = [
        (&["perft", "x"], "error: invalid value 'x' for '<DEPTH>'"),
        (
            &["perft", "2", "--size", "1x1"],
            "error: invalid value '1x1' for '--size",
        ),
        (
            &["datagen", "--games"],
            "error: a value is required for '--games",
        ),
        (
            &["datagen", "--games", "3"],
            "error: the following required arguments were not provided:\n  --out",
        ),
        (
            &["frobnicate"],
            "error: unrecognized subcommand 'frobnicate'",
        ),
    ];
    for (args, expected) in cases {
        let output = troyka(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.starts_with(expected), "{args:?}: {stderr}");
    }
}

#[test]
fn values_out_of_range_are_refused_before_anything_runs() {
    let dir = std::env::temp_dir().join(format!("troyka-cli-range-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("never-written");
    let out = out.to_str().unwrap();
    let cases: [(&[&str], &str); 12] = [
        (&["perft", "0"], "'<DEPTH>'"),
        (&["perft", "-1"], "'<DEPTH>'"),
        (&["solve", "--threads", "0"], "'--threads <N>'"),
        (&["solve", "--hash", "0"], "'--hash <MB>'"),
        (&["solve", "--time", "-1"], "'--time <S>'"),
        (&["solve", "--time", "nan"], "'--time <S>'"),
        (
            &["datagen", "--out", out, "--threads", "0"],
            "'--threads <N>'",
        ),
        (
            &["datagen", "--out", out, "--margin", "10001"],
            "'--margin <CP>'",
        ),
        (
            &["train", "--out", out, "--validation", "1001", out],
            "'--validation",
        ),
        (
            &["train", "--out", out, "--lambda", "1.5", out],
            "'--lambda <F>'",
        ),
        (
            &["train", "--out", out, "--captures", "maybe", out],
            "'--captures",
        ),
        (
            &["train", "--out", out, "--residual", "true", out],
            "'--residual",
        ),
    ];
    for (args, flag) in cases {
        let output = troyka(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(
            stderr.starts_with("error: invalid value"),
            "{args:?}: {stderr}"
        );
        assert!(stderr.contains(flag), "{args:?}: {stderr}");
    }
    // The word choices say what they take.
    let output = troyka(&["train", "--out", out, "--residual", "true", out]);
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("[possible values: yes, no]"), "{stderr}");
    assert!(!std::path::Path::new(out).exists(), "nothing ran");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_position_and_a_board_size_together_are_refused() {
    for command in [&["perft", "2"][..], &["solve"]] {
        let args = [command, &["--fen", "p4/5/2p2/5/P1P1P w", "--size", "5x5"]].concat();
        let output = troyka(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(
            stderr.starts_with(
                "error: the argument '--fen <FEN>' cannot be used with '--size <CxR>'"
            ),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn perft_counts_from_the_command_line() {
    let output = troyka(&["perft", "3", "--size", "7x7"]);
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    // 7x7 perft 3, from the reference tables.
    assert_eq!(text.trim(), "Nodes searched: 7220");
}

#[test]
fn datagen_appends_to_a_file_that_features_reads() {
    let dir = std::env::temp_dir().join(format!("troyka-cli-datagen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("data.bin");
    let data_arg = data.to_str().unwrap();
    let size_of = |path: &std::path::Path| std::fs::metadata(path).unwrap().len();
    let generate = |seed: &str| {
        let output = troyka(&[
            "datagen",
            "--out",
            data_arg,
            "--games",
            "2",
            "--nodes",
            "300",
            "--size",
            "5x5",
            "--seed",
            seed,
            "--threads",
            "1",
        ]);
        assert!(output.status.success(), "{output:?}");
        // A progress summary on stderr, nothing on stdout.
        assert!(output.stdout.is_empty());
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.contains("2/2 games"), "{stderr}");
    };
    generate("1");
    let first = size_of(&data);
    generate("2");
    assert!(size_of(&data) > first, "the second shard was appended");
    // 5x5: 4 bytes per colour, a flag byte and a two-byte score per record.
    assert_eq!((size_of(&data) - 16) % 11, 0);

    let output = troyka(&["features", data_arg]);
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.lines().count() > 0);
    assert!(text
        .lines()
        .all(|l| l.starts_with("0 ") || l.starts_with("1 ")));

    let wrong_size = troyka(&[
        "datagen", "--out", data_arg, "--size", "6x6", "--games", "1",
    ]);
    assert_eq!(wrong_size.status.code(), Some(2));
    let stderr = String::from_utf8(wrong_size.stderr).unwrap();
    assert!(
        stderr.contains("holds 5x5 positions; cannot append 6x6 ones"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn datagen_plays_with_the_evaluation_asked_for() {
    let dir = std::env::temp_dir().join(format!("troyka-cli-eval-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let generate = |name: &str, eval: &[&str]| {
        let out = dir.join(name);
        let mut args = vec![
            "datagen",
            "--out",
            out.to_str().unwrap(),
            "--games",
            "3",
            "--nodes",
            "300",
            "--size",
            "6x6",
            "--threads",
            "1",
        ];
        args.extend_from_slice(eval);
        let output = troyka(&args);
        assert!(output.status.success(), "{output:?}");
        std::fs::read(out).unwrap()
    };
    let default = generate("default.bin", &[]);
    let builtin = generate("builtin.bin", &["--eval", "builtin"]);
    let linear = generate("linear.bin", &["--eval", "linear"]);
    let file = generate(
        "file.bin",
        &[
            "--eval",
            concat!(env!("CARGO_MANIFEST_DIR"), "/nets/6x6.nnue"),
        ],
    );
    assert_eq!(default, builtin, "the built-in 6x6 network is the default");
    assert_eq!(builtin, file, "the same network loaded from its file");
    assert_ne!(builtin, linear, "the linear evaluation plays other games");

    let wrong = dir.join("wrong.bin");
    assert_other_boards_net_refused(&["datagen", "--out", wrong.to_str().unwrap()], "games");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The command `args` on 6x6 with the 8x8 network as `--eval`: refused, naming both boards
/// and `what` is played or solved there.
fn assert_other_boards_net_refused(args: &[&str], what: &str) {
    let net = concat!(env!("CARGO_MANIFEST_DIR"), "/nets/8x8.nnue");
    let mut args = args.to_vec();
    args.extend_from_slice(&["--size", "6x6", "--eval", net]);
    let output = troyka(&args);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    let expected = format!("the network is for Breakthrough 8x8, the {what} are Breakthrough 6x6");
    assert!(stderr.contains(&expected), "{stderr}");
}

#[test]
fn solve_orders_its_moves_with_the_evaluation_eval_names() {
    let fen = "1p1p2/pp1p1p/p2p2/P5/2P1PP/PPPPP1 w";
    let nodes_line = |eval: &[&str]| {
        let mut args = vec!["solve", "--fen", fen, "--hash", "16"];
        args.extend_from_slice(eval);
        let output = troyka(&args);
        assert!(output.status.success(), "{output:?}");
        let text = String::from_utf8(output.stdout).unwrap();
        assert!(
            text.contains("result: white (the side to move) wins"),
            "{text}"
        );
        let line = text.lines().find(|l| l.starts_with("nodes ")).unwrap();
        line.split_whitespace().nth(1).unwrap().to_string()
    };
    let net = concat!(env!("CARGO_MANIFEST_DIR"), "/nets/6x6.nnue");
    let (builtin, linear) = (
        nodes_line(&["--eval", "builtin"]),
        nodes_line(&["--eval", "linear"]),
    );
    assert_eq!(nodes_line(&[]), linear, "linear by default");
    assert_eq!(
        builtin,
        nodes_line(&["--eval", net]),
        "the built-in 6x6 net from its file"
    );
    assert_ne!(builtin, linear);

    assert_other_boards_net_refused(&["solve"], "positions");
}

#[test]
fn solve_writes_a_proof_that_verify_proof_accepts() {
    let dir = std::env::temp_dir().join(format!("troyka-cli-solve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let proof = dir.join("proof.txt");
    let output = troyka(&[
        "solve",
        "--fen",
        "pp6/8/8/8/8/2p5/1P6/7P w",
        "--hash",
        "8",
        "--proof",
        proof.to_str().unwrap(),
    ]);
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains("result: white (the side to move) wins"),
        "{text}"
    );
    assert!(text.contains("winning moves: b2c3"), "{text}");
    assert!(text.contains("proof checked: white wins"), "{text}");

    let output = troyka(&["verify-proof", proof.to_str().unwrap(), "--deep"]);
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.starts_with("proof checked (patterns confirmed by brute force): white wins"));

    // The tuner's data: every position with a line, labelled won (1) where white, the
    // winner, is to move, lost (0) where black is.
    let text = std::fs::read_to_string(&proof).unwrap();
    let lines: Vec<&str> = text.lines().skip(4).take_while(|l| *l != "end").collect();
    let output = troyka(&["features", "--proofs", "--all", proof.to_str().unwrap()]);
    assert!(output.status.success(), "{output:?}");
    let features = String::from_utf8(output.stdout).unwrap();
    let labels: Vec<&str> = features.lines().map(|l| &l[..1]).collect();
    let expected: Vec<&str> = lines
        .iter()
        .map(|l| if l.starts_with('w') { "1" } else { "0" })
        .collect();
    assert!(lines.len() > 1, "{text}");
    assert_eq!(labels, expected);
    // A proof cut off before its end line is refused, not read as a smaller one.
    let cut = dir.join("cut.txt");
    std::fs::write(&cut, text.replace("\nend\n", "\n")).unwrap();
    let output = troyka(&["features", "--proofs", cut.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("cut.txt: the file has no 'end' line"),
        "{stderr}"
    );

    // One move changed: the checker says where, and fails.
    let tampered = std::fs::read_to_string(&proof)
        .unwrap()
        .replace(" b2c3:", " h1h2:");
    std::fs::write(&proof, tampered).unwrap();
    let output = troyka(&["verify-proof", proof.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("the proof is not valid"), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn solve_stops_at_its_time_limit_and_resumes_from_its_checkpoint() {
    let dir = std::env::temp_dir().join(format!("troyka-cli-resume-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let checkpoint = dir.join("6x4.ckpt");
    let path = checkpoint.to_str().unwrap();
    let args = [
        "solve",
        "--size",
        "6x4",
        "--hash",
        "8",
        "--checkpoint",
        path,
    ];
    let output = troyka(&[&args[..], &["--nodes", "300"]].concat());
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("result: unknown (stopped)"), "{text}");
    assert!(checkpoint.exists());
    let output = troyka(&args);
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("resumed from"), "{text}");
    assert!(text.contains("over all sessions"), "{text}");
    assert!(text.contains("result: white (the side to move)"), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn ctrl_c_stops_a_solve_with_what_it_knows() {
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_troyka"))
        .args(["solve", "--size", "8x8", "--hash", "16"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("troyka runs");
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("result: unknown (stopped)"), "{text}");
    assert!(text.contains("nodes "), "{text}");
}

/// `troyka solve --json` on `fen` with a node budget: the file the cluster's jobs read.
fn solve_json(fen: &str, nodes: &str) -> String {
    let path = std::env::temp_dir().join(format!("troyka-job-{}-{nodes}.json", std::process::id()));
    let output = troyka(&[
        "solve",
        "--fen",
        fen,
        "--hash",
        "4",
        "--nodes",
        nodes,
        "--json",
        path.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{output:?}");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    text
}

#[test]
fn an_unsolved_job_lists_the_children_with_their_numbers() {
    let text = solve_json("ppppp/ppppp/5/PPPPP/PPPPP w 0 1", "2000");
    assert!(text.starts_with(
        "{\"board\": \"5x5\", \"fen\": \"ppppp/ppppp/5/PPPPP/PPPPP w 0 1\", \
         \"position\": \"w00003ff.1ff8000\", \"side\": \"white\", \"result\": \"unknown\""
    ));
    assert!(text
        .contains("\"proof_lines\": null, \"others\": null, \"children\": [{\"move\": \"b2a3\""));
    let report: serde_json::Value = serde_json::from_str(&text).unwrap();
    let children = report["children"].as_array().unwrap();
    // White's 13 first moves (mirror images are different moves), none settled.
    assert_eq!(children.len(), 13);
    assert!(children.iter().all(|child| child["settled"].is_null()));
    assert!(text.ends_with("]}\n"));
}

/// Every position a report lists with children of its own: (plies below the job's
/// position, the position's text).
fn expanded(node: &serde_json::Value, depth: usize, found: &mut Vec<(usize, String)>) {
    for child in node["children"].as_array().unwrap() {
        if child.get("children").is_some() {
            found.push((depth + 1, child["position"].as_str().unwrap().to_string()));
            expanded(child, depth + 1, found);
        }
    }
}

#[test]
fn an_unsolved_job_reports_the_tree_it_worked_on_most() {
    let text = solve_json("ppppp/ppppp/5/PPPPP/PPPPP w 0 1", "20000");
    let report: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut found = Vec::new();
    expanded(&report, 0, &mut found);
    // Several plies of the job's tree, each position once.
    assert!(found.iter().any(|&(depth, _)| depth >= 3), "{found:?}");
    let mut positions: Vec<_> = found.iter().map(|(_, p)| p.clone()).collect();
    positions.sort();
    positions.dedup();
    assert_eq!(positions.len(), found.len(), "a position listed twice");
    // A listed position's children are its moves (here black's replies to white's first
    // move), with numbers.
    let first = report["children"]
        .as_array()
        .unwrap()
        .iter()
        .find(|child| child.get("children").is_some())
        .unwrap();
    let grandchildren = first["children"].as_array().unwrap();
    assert!(!grandchildren.is_empty());
    assert!(first["others"].is_null());
    for child in grandchildren {
        assert!(child["fen"].as_str().unwrap().contains(" w "), "{child}");
        assert!(child["pn"].is_u64() || child["dn"].is_u64(), "{child}");
    }
}

#[test]
fn a_jobs_settled_children_and_defences_are_named() {
    // Black threatens c2-c1: only the captures of its runner defend, every other move
    // leaves a position black wins with a step to the goal, and either capture takes
    // black's last piece.
    let text = solve_json("5/5/5/2p2/1P1P1 w 0 1", "1000");
    assert!(
        text.contains("\"result\": \"won\", \"pn\": 0, \"dn\": null"),
        "{text}"
    );
    assert!(text.contains("\"others\": \"win1\""), "{text}");
    assert_eq!(text.matches("\"move\"").count(), 2, "{text}");
    assert_eq!(
        text.matches("\"pn\": null, \"dn\": 0, \"settled\": \"end\"")
            .count(),
        2
    );
}

#[test]
fn train_is_reproducible_from_its_seed_and_writes_a_net_the_engine_reads() {
    let dir = std::env::temp_dir().join(format!("troyka-cli-train-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("data.bin");
    let output = troyka(&[
        "datagen",
        "--out",
        data.to_str().unwrap(),
        "--games",
        "6",
        "--nodes",
        "300",
        "--size",
        "5x5",
        "--threads",
        "1",
    ]);
    assert!(output.status.success(), "{output:?}");
    let train = |name: &str, seed: &str| {
        let net = dir.join(name);
        let output = troyka(&[
            "train",
            "--out",
            net.to_str().unwrap(),
            "--epochs",
            "2",
            "--batch",
            "64",
            "--residual",
            "yes",
            "--seed",
            seed,
            "--threads",
            "2",
            "--validation",
            "200",
            data.to_str().unwrap(),
        ]);
        assert!(output.status.success(), "{output:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        // A validation loss for every epoch.
        for epoch in ["epoch 1/2: ", "epoch 2/2: "] {
            let line = stderr.lines().find(|l| l.starts_with(epoch));
            assert!(
                line.is_some_and(|l| l.contains("validation loss 0.")),
                "{stderr}"
            );
        }
        std::fs::read(net).unwrap()
    };
    let (first, again, other) = (
        train("a.nnue", "3"),
        train("b.nnue", "3"),
        train("c.nnue", "4"),
    );
    assert_eq!(first, again, "the same seed trains the same net");
    assert_ne!(first, other);
    let net = troyka::games::networks::from_bytes(&first).unwrap();
    assert_eq!(
        (troyka::games::networks::describe(net.kind), net.residual),
        ("Breakthrough 5x5".to_string(), true)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
