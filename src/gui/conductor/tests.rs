use super::*;
use crate::gui::board::{self, NewGame};
use crate::gui::info::{self, EngineLine};

fn info(line: &str) -> Info {
    match info::parse(line) {
        EngineLine::Info(info) => info,
        other => panic!("{line}: {other:?}"),
    }
}

/// The lines' scores, in percent for white, as the page would show them.
fn percents(update: &Update) -> Vec<f64> {
    let info = update.info.as_ref().expect("lines for the page");
    info.lines.iter().map(|line| line.score.percent).collect()
}

#[test]
fn a_stopped_analysis_keeps_the_lines_of_its_last_whole_iteration() {
    let mut board = board::open(&NewGame::default()).unwrap();
    let (engine, mut sent) = PageEngine::fake();
    let mut conductor = Conductor::default();
    conductor.attach(engine);
    conductor.settings.players = [Player::Human; 2];
    conductor.settings.multipv = 2;
    conductor.settings.analyse = true;
    conductor.drive(board.as_ref());
    let mut commands = Vec::new();
    while let Ok(line) = sent.try_recv() {
        commands.push(line);
    }
    assert_eq!(commands.last().map(String::as_str), Some("go infinite"));

    // Whole iterations: line 1 better than line 2 for white, the side to move.
    for line in [
        "info depth 9 seldepth 12 multipv 1 score cp 80 nodes 1000 pv b2b3",
        "info depth 9 seldepth 12 multipv 2 score cp 40 nodes 1000 pv g2g3",
        "info depth 10 seldepth 13 multipv 1 score cp 70 nodes 2000 pv b2b3",
    ] {
        conductor.on_info(board.as_mut(), info(line));
    }

    // Analysis off: `stop`. The rest of the iteration, written before the engine read
    // it, is shown.
    conductor.settings.analyse = false;
    conductor.drive(board.as_ref());
    assert_eq!(sent.try_recv().ok().as_deref(), Some("stop"));
    let update = conductor.on_info(
        board.as_mut(),
        info("info depth 10 seldepth 13 multipv 2 score cp 30 nodes 2000 pv g2g3"),
    );
    let whole = percents(&update);
    assert!(whole[0] > whole[1], "{whole:?}");
    let depths: Vec<_> = update
        .info
        .as_ref()
        .unwrap()
        .lines
        .iter()
        .map(|l| l.depth)
        .collect();
    assert_eq!(depths, [Some(10), Some(10)]);
    let chart = board.view().evals[0].as_ref().map(|score| score.percent);

    // The engine's closing report: line 1 at depth 10 with the score of the iteration
    // it was stopped in, where it was searched deeper than line 2 (or not to the end),
    // and scores below it.
    let update = conductor.on_info(
        board.as_mut(),
        info("info depth 10 seldepth 14 multipv 1 score cp -20 nodes 2500 pv b2b3"),
    );
    // Not shown: the page keeps the whole iteration's lines, in their order, and the
    // chart its score.
    assert!(update.info.is_none(), "{:?}", percents(&update));
    assert!(!update.state);
    assert_eq!(
        board.view().evals[0].as_ref().map(|score| score.percent),
        chart
    );

    // A bound of the next iteration, written before the engine read `stop` too: line 1
    // fails low, below line 2, and is shown as such while the search may go on.
    let update = conductor.on_info(
        board.as_mut(),
        info("info depth 11 seldepth 15 multipv 1 score cp 10 upperbound nodes 3000 pv b2b3"),
    );
    let bound = percents(&update);
    assert!(bound[0] < bound[1], "{bound:?}");
    // The search has ended in the middle of that iteration: the page gets back the last
    // whole one, in its order.
    let settled = conductor
        .on_bestmove(board.as_mut(), "b2b3")
        .expect("the last whole iteration's lines");
    let lines: Vec<_> = settled
        .lines
        .iter()
        .map(|line| (line.depth, line.score.text.as_str(), line.bound))
        .collect();
    assert_eq!(
        lines,
        [(Some(10), "+0.70", None), (Some(10), "+0.30", None)]
    );
    assert_eq!(conductor.status(), "idle");
}
