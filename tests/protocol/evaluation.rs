//! `EvalFile`, `Use NNUE` and `eval`: which evaluation the engine uses, and bad net files.

use super::harness::Troyka;

fn net(size: &str) -> String {
    format!("{}/nets/{size}.nnue", env!("CARGO_MANIFEST_DIR"))
}

/// The `eval` line that says which evaluation the search uses.
fn used(troyka: &mut Troyka) -> String {
    troyka.ask("eval").last().cloned().unwrap_or_default()
}

fn nnue_line(troyka: &mut Troyka) -> String {
    let lines = troyka.ask("eval");
    let line = lines.iter().find(|l| l.starts_with("NNUE evaluation"));
    line.unwrap_or_else(|| panic!("no NNUE line in {lines:#?}"))
        .clone()
}

#[test]
fn built_in_networks_serve_their_boards_and_the_linear_evaluation_the_rest() {
    let mut troyka = Troyka::start();
    for (variant, size) in [
        ("breakthrough", "8x8"),
        ("breakthrough7", "7x7"),
        ("breakthrough6", "6x6"),
    ] {
        troyka.ask(&format!("setoption name UCI_Variant value {variant}"));
        assert_eq!(used(&mut troyka), "The search uses the NNUE evaluation.");
        assert!(nnue_line(&mut troyka)
            .starts_with(&format!("NNUE evaluation (built-in {size} network): ")));
    }
    troyka.ask("setoption name BoardSize value 9x6");
    assert_eq!(
        nnue_line(&mut troyka),
        "NNUE evaluation: no network for 9x6"
    );
    assert_eq!(used(&mut troyka), "The search uses the linear evaluation.");

    troyka.ask("setoption name BoardSize value 8x8");
    troyka.ask("setoption name Use NNUE value false");
    assert_eq!(used(&mut troyka), "The search uses the linear evaluation.");
    troyka.ask("setoption name Use NNUE value true");
    assert_eq!(used(&mut troyka), "The search uses the NNUE evaluation.");
}

#[test]
fn a_net_file_is_loaded_and_bad_ones_change_nothing() {
    let mut troyka = Troyka::start();
    let before = nnue_line(&mut troyka);

    let missing = troyka.ask("setoption name EvalFile value /no/such/net.nnue");
    assert_eq!(missing.len(), 1, "{missing:#?}");
    assert!(missing[0].starts_with("info string error: option EvalFile: /no/such/net.nnue: "));
    assert!(
        missing[0].ends_with("; the evaluation is unchanged"),
        "{}",
        missing[0]
    );

    let dir = std::env::temp_dir().join(format!("troyka-evalfile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut bytes = std::fs::read(net("8x8")).unwrap();
    let corrupt = dir.join("corrupt.nnue");
    bytes[1000] ^= 0x40;
    std::fs::write(&corrupt, &bytes).unwrap();
    let answer = troyka.ask(&format!(
        "setoption name EvalFile value {}",
        corrupt.display()
    ));
    assert!(
        answer[0].contains("the network file is corrupt (its checksum does not match)"),
        "{answer:#?}"
    );
    let cut = dir.join("cut.nnue");
    std::fs::write(&cut, &bytes[..5000]).unwrap();
    let answer = troyka.ask(&format!("setoption name EvalFile value {}", cut.display()));
    assert!(
        answer[0].contains("the network file has 5000 bytes"),
        "{answer:#?}"
    );

    // A 7x7 network while the board is 8x8: kept for 7x7, the 8x8 evaluation unchanged
    // (GUIs set options before they choose the variant).
    let answer = troyka.ask(&format!("setoption name EvalFile value {}", net("7x7")));
    assert_eq!(
        answer,
        [
            "info string EvalFile: a network for Breakthrough 7x7, used whenever Breakthrough \
          7x7 is played; other games and boards keep their own evaluation"
        ]
    );
    assert_eq!(nnue_line(&mut troyka), before);
    troyka.ask("setoption name UCI_Variant value breakthrough7");
    assert!(nnue_line(&mut troyka).starts_with("NNUE evaluation (EvalFile 7x7 network): "));
    troyka.ask("setoption name UCI_Variant value breakthrough");

    // A good file: the same numbers as the built-in net it is a copy of, and `go` works.
    let copy = dir.join("copy.nnue");
    std::fs::copy(net("8x8"), &copy).unwrap();
    let answer = troyka.ask(&format!("setoption name EvalFile value {}", copy.display()));
    assert_eq!(
        answer,
        [
            "info string EvalFile: a network for Breakthrough 8x8, used whenever Breakthrough \
          8x8 is played; other games and boards keep their own evaluation"
        ]
    );
    let loaded = nnue_line(&mut troyka);
    assert!(
        loaded.starts_with("NNUE evaluation (EvalFile 8x8 network): "),
        "{loaded}"
    );
    assert_eq!(loaded.split(": ").nth(1), before.split(": ").nth(1));
    troyka.send("go depth 4");
    troyka.until_bestmove();
    // An empty value goes back to the built-in network.
    troyka.ask("setoption name EvalFile value <empty>");
    assert_eq!(nnue_line(&mut troyka), before);
    std::fs::remove_dir_all(&dir).unwrap();
}
