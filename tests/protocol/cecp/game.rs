//! XBoard's handshake, the board description, play, results, take-backs and errors.

use super::{moved, until_move};
use crate::harness::{playable, start, Troyka, PATIENCE};
use std::time::Duration;
use troyka::games::breakthrough::{BoardSize, Breakthrough, Color};

#[test]
fn protover_answers_features_between_done_0_and_done_1() {
    let mut troyka = Troyka::start();
    troyka.send("xboard");
    troyka.send("protover 2");
    let lines = troyka.until(PATIENCE, |line| line == "feature done=1");
    assert_eq!(lines[0], "feature done=0");
    let features = &lines[1];
    for feature in [
        "setboard=1",
        "usermove=1",
        "ping=1",
        "sigint=0",
        "sigterm=0",
        "reuse=1",
        "analyze=1",
        "colors=0",
        "name=1",
        "memory=1",
        "smp=1",
        "playother=1",
        "myname=\"Troyka ",
        "variants=\"breakthrough,breakthrough5,breakthrough6,breakthrough7\"",
    ] {
        assert!(features.contains(feature), "{feature} in {features}");
    }
    let options: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("feature option="))
        .collect();
    assert_eq!(
        options,
        [
            "feature option=\"Move Overhead -spin 30 0 5000\"",
            "feature option=\"MultiPV -spin 1 1 256\"",
            "feature option=\"BoardSize -string 8x8\"",
            "feature option=\"Clear Hash -button\"",
            "feature option=\"Debug Log File -file \"",
            "feature option=\"EvalFile -file \"",
            "feature option=\"Use NNUE -check 1\"",
        ]
    );
    // The GUI's answers to the features need no reply.
    assert!(troyka.exchange("accepted setboard").is_empty());
    assert!(troyka.exchange("rejected smp").is_empty());
}

#[test]
fn variant_and_new_describe_the_board_and_the_piece() {
    let mut troyka = Troyka::start_xboard();
    let piece = "piece P& fmWfF";
    // `variant` gives the board holdings on XBoard's bughouse rules (so that XBoard accepts
    // win claims untested); `new`, which XBoard follows with `variant`, gives none, on
    // `fairy`'s rules, so that XBoard still takes the setup that answers `variant`.
    let setup = |size: &str, fen: &str, board: &str| {
        vec![
            format!("setup (..........P...........p.) {size}{board} {fen} w 0 1"),
            piece.to_string(),
        ]
    };
    let eight = "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP";
    assert_eq!(troyka.exchange("new"), setup("8x8", eight, "+0_fairy"));
    assert_eq!(
        troyka.exchange("variant breakthrough"),
        setup("8x8", eight, "+1_bughouse")
    );
    let seven = "ppppppp/ppppppp/7/7/7/PPPPPPP/PPPPPPP";
    assert_eq!(
        troyka.exchange("variant 7x7+0_breakthrough"),
        setup("7x7", seven, "+1_bughouse")
    );
    assert_eq!(
        troyka.exchange("variant breakthrough7"),
        setup("7x7", seven, "+1_bughouse")
    );
    // `new` keeps the variant's board.
    assert_eq!(troyka.exchange("new"), setup("7x7", seven, "+0_fairy"));
    // Plain `breakthrough` is the board of the BoardSize option, which GUIs can set.
    assert!(troyka.exchange("option BoardSize=6x5").is_empty());
    assert_eq!(
        troyka.exchange("variant breakthrough"),
        setup("6x5", "pppppp/pppppp/6/PPPPPP/PPPPPP", "+1_bughouse")
    );
    assert_eq!(
        troyka.exchange("variant 16x16+0_breakthrough")[0],
        format!(
            "setup (..........P...........p.) 16x16+1_bughouse {}/{}/{}{}/{} w 0 1",
            "p".repeat(16),
            "p".repeat(16),
            "16/".repeat(12),
            "P".repeat(16),
            "P".repeat(16)
        )
    );
    assert_eq!(
        troyka.exchange("variant chess"),
        [
            "Error (unknown variant; Troyka plays breakthrough, breakthrough5, breakthrough6, \
          breakthrough7, and CxR+0_breakthrough on any board from 2x4 to 16x16): variant chess"
        ]
    );
    assert_eq!(
        troyka.exchange("variant 17x8+0_breakthrough")[0],
        "Error (unknown variant; Troyka plays breakthrough, breakthrough5, breakthrough6, \
         breakthrough7, and CxR+0_breakthrough on any board from 2x4 to 16x16): \
         variant 17x8+0_breakthrough"
    );
}

#[test]
fn the_engine_plays_the_side_it_is_given() {
    let mut troyka = Troyka::start_xboard();
    troyka.exchange("new");
    troyka.exchange("sd 2");
    // After `new` the engine plays black: a white move gets a black reply.
    troyka.send("usermove e2e3");
    let lines = until_move(&mut troyka);
    let after_e3 = start().play(start().parse_move("e2e3").unwrap());
    let reply = moved(lines.last().unwrap()).to_string();
    assert!(playable(&after_e3, &[&reply]), "{reply}");
    // A move alone on its line is a move too (CECP without usermove).
    troyka.send("d2d3");
    let answer = moved(until_move(&mut troyka).last().unwrap()).to_string();
    assert!(playable(&after_e3, &[&reply, "d2d3", &answer]));
    // `force`: moves are only played; `go`: the engine takes the side to move (black).
    troyka.exchange("force");
    assert!(troyka.exchange("usermove a2a3").is_empty());
    let game = [reply.as_str(), "d2d3", &answer, "a2a3"]
        .iter()
        .fold(after_e3, |g, m| g.play(g.parse_move(m).unwrap()));
    troyka.send("go");
    let black = moved(until_move(&mut troyka).last().unwrap()).to_string();
    let game = game.play(game.parse_move(&black).expect("a legal black move"));
    // It goes on playing black.
    let white = game.move_name(game.legal_moves()[0]);
    troyka.send(&format!("usermove {white}"));
    let black = moved(until_move(&mut troyka).last().unwrap()).to_string();
    assert!(playable(&game, &[&white, &black]));
}

#[test]
fn playother_makes_the_engine_play_the_side_not_to_move() {
    let mut troyka = Troyka::start_xboard();
    troyka.exchange("new");
    troyka.exchange("sd 1");
    troyka.exchange("force");
    // White is to move; the engine takes black and waits.
    assert!(troyka.exchange("playother").is_empty());
    troyka.send("usermove b2b3");
    let reply = moved(until_move(&mut troyka).last().unwrap()).to_string();
    assert!(playable(&start(), &["b2b3", &reply]), "{reply}");
}

#[test]
fn illegal_and_unreadable_moves_are_refused_and_change_nothing() {
    let mut troyka = Troyka::start_xboard();
    troyka.exchange("new");
    troyka.exchange("force");
    assert_eq!(
        troyka.exchange("usermove a2a4"),
        ["Illegal move ('a2a4' is not a legal move in this position): a2a4"]
    );
    assert_eq!(
        troyka.exchange("usermove h7h6"),
        ["Illegal move ('h7h6' is not a legal move in this position): h7h6"]
    );
    assert_eq!(
        troyka.exchange("usermove z9"),
        ["Illegal move ('z9' is not a move (expected from- and to-square, e.g. a2a3)): z9"]
    );
    assert_eq!(
        troyka.exchange("usermove i2i3"),
        ["Illegal move (square 'i2' is off the 8x8 board): i2i3"]
    );
    // Nothing was played: white is still to move.
    assert!(troyka.exchange("usermove a2a3").is_empty());
}

#[test]
fn the_engine_claims_the_result_after_its_own_winning_move() {
    let mut troyka = Troyka::start_xboard();
    troyka.exchange("new");
    troyka.exchange("force");
    troyka.exchange("setboard p6p/1P6/8/8/8/8/8/8 w - - 0 1");
    troyka.send("go");
    let lines = troyka.until(PATIENCE, |line| line.contains('{'));
    let game = Breakthrough::from_fen("p6p/1P6/8/8/8/8/8/8 w").unwrap();
    let index = lines.iter().position(|l| l.starts_with("move ")).unwrap();
    assert!(playable(&game, &[moved(&lines[index])]));
    assert_eq!(lines[index + 1..], ["1-0 {White reaches the goal}"]);
}

#[test]
fn the_engine_claims_the_result_when_the_opponents_move_ends_the_game() {
    let mut troyka = Troyka::start_xboard();
    // After `new` the engine plays black; the user's white move wins.
    troyka.exchange("new");
    troyka.exchange("setboard 7p/1P6/8/8/8/8/8/8 w - - 0 1");
    assert_eq!(
        troyka.exchange("usermove b7b8"),
        ["1-0 {White reaches the goal}"]
    );
    // Capturing the last piece wins too.
    troyka.exchange("new");
    troyka.exchange("setboard 8/8/8/8/8/1p6/P7/8 w - - 0 1");
    assert_eq!(
        troyka.exchange("usermove a2b3"),
        ["1-0 {White captures all black pieces}"]
    );
    // The engine playing white, black's last step reaches rank 1.
    troyka.exchange("force");
    troyka.exchange("setboard 8/8/8/8/8/7P/p7/8 b - - 0 1");
    troyka.exchange("playother");
    assert_eq!(
        troyka.exchange("usermove a2a1"),
        ["0-1 {Black reaches the goal}"]
    );
    // `go` on a finished game claims at once, without a move.
    troyka.exchange("setboard P7/8/8/8/8/8/7p/8 b - - 0 1");
    assert_eq!(troyka.exchange("go"), ["1-0 {White reaches the goal}"]);
    // After the game is over no move can be played.
    assert_eq!(
        troyka.exchange("usermove h2h1"),
        ["Illegal move ('h2h1' cannot be played: the game is over (white won)): h2h1"]
    );
    // In force mode (a GUI replaying a game) the engine keeps quiet.
    troyka.exchange("force");
    troyka.exchange("setboard 7p/1P6/8/8/8/8/8/8 w - - 0 1");
    assert!(troyka.exchange("usermove b7b8").is_empty());
}

/// Against another engine (`computer`) the engine claims its own win only on a board with
/// holdings, where XBoard 4.9.1 accepts win claims untested: on its own board (XBoard takes
/// the first engine's `setup`, which has holdings) or on a `setboard` board with holdings.
/// On another board (the first engine's, given to the second with `setboard`) XBoard with
/// Debian's `-testClaims true` would call a true win claim false, so the loser claims.

#[test]
fn against_an_engine_the_winner_claims_on_a_board_with_holdings() {
    let mut troyka = Troyka::start_xboard();
    // The engine's own board: it plays both sides of a 2x4 game until one wins, and the
    // winning move is followed by the claim.
    troyka.exchange("variant 2x4+0_breakthrough");
    troyka.exchange("computer");
    troyka.exchange("force");
    let mut game = Breakthrough::from_fen("pp/pp/PP/PP w").unwrap();
    let mut claim = None;
    for _ in 0..8 {
        troyka.send("go");
        let lines = troyka.until(PATIENCE, |line| {
            line.starts_with("move ") || line.contains('{')
        });
        let last = lines.last().unwrap();
        if last.contains('{') {
            claim = Some(last.clone());
            break;
        }
        let mv = moved(last);
        assert!(playable(&game, &[mv]), "{mv} in {}", game.to_fen());
        game = game.play(game.parse_move(mv).unwrap());
        if game.winner().is_some() {
            // The claim comes right after the move.
            claim = troyka.until(PATIENCE, |line| line.contains('{')).pop();
            break;
        }
    }
    let winner = game.winner().expect("the 2x4 game ended");
    let expected = format!("{} {{", if winner == Color::White { "1-0" } else { "0-1" });
    assert!(
        claim.as_deref().is_some_and(|c| c.starts_with(&expected)),
        "{claim:?}"
    );

    // A board XBoard wrote with (empty) holdings, `[-]`: the winner claims too.
    troyka.exchange("new");
    troyka.exchange("computer");
    troyka.exchange("force");
    assert!(troyka
        .exchange("setboard p6p/1P6/8/8/8/8/8/8[-] w - - 0 1")
        .is_empty());
    troyka.send("go");
    let lines = troyka.until(PATIENCE, |line| line.contains('{'));
    let winning = moved(&lines[lines.len() - 2]);
    assert!(winning.ends_with('8'), "{lines:?}");
    assert_eq!(lines.last().unwrap(), "1-0 {White reaches the goal}");

    // A board without holdings: no claim follows the winning move (`ping` shows nothing
    // else was sent).
    troyka.exchange("new");
    troyka.exchange("computer");
    troyka.exchange("force");
    troyka.exchange("setboard p6p/1P6/8/8/8/8/8/8 w - - 0 1");
    troyka.send("go");
    let lines = troyka.until(PATIENCE, |line| line.starts_with("move "));
    let game = Breakthrough::from_fen("p6p/1P6/8/8/8/8/8/8 w").unwrap();
    let winning = moved(lines.last().unwrap());
    assert!(
        playable(&game, &[winning]) && winning.ends_with('8'),
        "{lines:?}"
    );
    assert_eq!(troyka.exchange("ping 1"), ["pong 1"]);
    // The opponent's winning move: the engine (black after `new`) claims its own loss, on
    // any board.
    troyka.exchange("new");
    troyka.exchange("computer");
    troyka.exchange("setboard 7p/1P6/8/8/8/8/8/8 w - - 0 1");
    assert_eq!(
        troyka.exchange("usermove b7b8"),
        ["1-0 {White reaches the goal}"]
    );
    // `new` forgets the opponent: a person's game gets the engine's win claim again.
    troyka.exchange("new");
    troyka.exchange("force");
    troyka.exchange("setboard p6p/1P6/8/8/8/8/8/8 w - - 0 1");
    troyka.send("go");
    let lines = troyka.until(PATIENCE, |line| line.contains('{'));
    assert_eq!(lines.last().unwrap(), "1-0 {White reaches the goal}");
}

#[test]
fn result_ends_the_game_for_the_engine() {
    let mut troyka = Troyka::start_xboard();
    troyka.exchange("new");
    troyka.exchange("sd 1");
    troyka.exchange("result 0-1 {White resigns}");
    // The engine plays no side now: a move gets no reply.
    assert!(troyka.exchange("usermove a2a3").is_empty());
    assert!(troyka.collect_for(Duration::from_millis(300)).is_empty());
}

#[test]
fn undo_and_remove_take_moves_back() {
    let mut troyka = Troyka::start_xboard();
    troyka.exchange("new");
    troyka.exchange("force");
    assert_eq!(
        troyka.exchange("undo"),
        ["Error (command not legal now: no move to take back): undo"]
    );
    troyka.exchange("usermove a2a3");
    troyka.exchange("usermove h7h6");
    // One move back: black is to move again.
    assert!(troyka.exchange("undo").is_empty());
    assert!(troyka.exchange("usermove h7g6").is_empty());
    // Two moves back: white is to move at the start.
    assert!(troyka.exchange("remove").is_empty());
    assert!(troyka.exchange("usermove b2b3").is_empty());
    assert_eq!(
        troyka.exchange("remove"),
        ["Error (command not legal now: no move to take back): remove"]
    );
}

#[test]
fn notices_draw_offers_and_random_need_no_answer() {
    let mut troyka = Troyka::start_xboard();
    troyka.exchange("new");
    for command in [
        "computer",
        "name Fairy-Stockfish",
        "rating 2100 1800",
        "random",
        "draw",
        "easy",
        "nopost",
        "ics -",
        "xboard",
    ] {
        assert!(troyka.exchange(command).is_empty(), "{command}");
    }
}

#[test]
fn unknown_commands_and_bad_numbers_get_errors_and_change_nothing() {
    let mut troyka = Troyka::start_xboard();
    troyka.exchange("new");
    let cases = [
        ("hello", "Error (unknown command): hello"),
        ("uci", "Error (unknown command): uci"),
        (
            "sd many",
            "Error (sd needs a number of plies, not 'many'): sd many",
        ),
        (
            "sd -2",
            "Error (sd needs a number of plies, not '-2': it is negative): sd -2",
        ),
        (
            "st -5",
            "Error (st needs a number of seconds, not '-5': it is negative): st -5",
        ),
        (
            "level 40 -1 0",
            "Error (level needs a base time in minutes or minutes:seconds, not '-1': it is \
             negative): level 40 -1 0",
        ),
        ("new now", "Error (too many parameters): new now"),
        (
            "setboard pppp/ppp/4/4 w",
            "Error (bad position string: ragged ranks: rank 3 has 3 squares but rank 4 has 4): \
             setboard pppp/ppp/4/4 w",
        ),
    ];
    for (command, error) in cases {
        assert_eq!(troyka.exchange(command), [error], "{command}");
    }
    troyka.send_bytes(b"usermove \xff\xfe\n");
    assert_eq!(
        troyka.exchange("force"),
        ["Error (line ignored: it is not valid UTF-8 (byte 10)): usermove \u{fffd}\u{fffd}"]
    );
    // The engine carries on: still the start position, and it plays.
    troyka.exchange("sd 1");
    troyka.send("go");
    let best = moved(until_move(&mut troyka).last().unwrap()).to_string();
    assert!(playable(&start(), &[&best]));
}

#[test]
fn boards_of_ten_and_more_ranks_use_xboards_rank_characters() {
    let mut troyka = Troyka::start_xboard();
    troyka.exchange("variant 10x10+0_breakthrough");
    troyka.exchange("sd 1");
    // Ten ranks are counted from 0: white's first move goes from rank "1" (the second).
    troyka.send("go");
    let white = moved(until_move(&mut troyka).last().unwrap()).to_string();
    let bytes = white.as_bytes();
    assert_eq!(
        (bytes.len(), bytes[1], bytes[3]),
        (4, b'1', b'2'),
        "{white}"
    );
    // Twelve ranks: rank 11 is ';', rank 10 is ':'; black steps from 11 to 10.
    troyka.exchange("force");
    troyka.exchange("variant 12x12+0_breakthrough");
    troyka.exchange("usermove a2a3");
    assert!(troyka.exchange("usermove a;a:").is_empty());
    troyka.send("go");
    let white = moved(until_move(&mut troyka).last().unwrap()).to_string();
    let game = Breakthrough::start(BoardSize::new(12, 12).unwrap());
    assert!(playable(&game, &["a2a3", "a11a10", &white]), "{white}");
}

#[test]
fn xboard_after_uci_commands_switches_dialects() {
    let mut troyka = Troyka::start();
    troyka.ask("setoption name BoardSize value 6x6");
    troyka.send("go infinite");
    troyka.until(PATIENCE, |line| line.starts_with("info "));
    // The running search ends with its bestmove; then CECP, with the settings kept.
    troyka.send("xboard");
    troyka.until(PATIENCE, |line| line.starts_with("bestmove "));
    troyka.send("protover 2");
    troyka.until(PATIENCE, |line| line == "feature done=1");
    assert_eq!(
        troyka.exchange("variant breakthrough")[0],
        "setup (..........P...........p.) 6x6+1_bughouse pppppp/pppppp/6/6/PPPPPP/PPPPPP w 0 1"
    );
}
