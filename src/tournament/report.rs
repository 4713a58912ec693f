//! Standings while the event runs and at its end: a line per finished game, the familiar
//! `Score of`/`Elo`/`Ptnml`/`LLR` block per pairing (with each engine's results by colour,
//! as cutechess prints them), and a table per engine with its wins, draws and losses, its
//! forfeits and the average depth and speed it reported.

use super::game_record::{GameRecord, GameResult, Termination};
use super::schedule::{Pairing, ScheduledGame};
use super::sprt::Sprt;
use super::stats::{EloEstimate, Pentanomial};
use crate::game::{Color, Game};
use std::collections::HashMap;

/// Wins, draws and losses, from one side.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Wdl {
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
}

impl Wdl {
    /// Counts a game in which this side scored `half_points` (see
    /// [`GameResult::half_points`]).
    fn add(&mut self, half_points: u8) {
        match half_points {
            2 => self.wins += 1,
            1 => self.draws += 1,
            _ => self.losses += 1,
        }
    }

    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// The share of the points, 0 to 1 (one half before any game).
    pub fn score(&self) -> f64 {
        match self.games() {
            0 => 0.5,
            games => (self.wins as f64 + self.draws as f64 / 2.0) / games as f64,
        }
    }

    /// Both counts together.
    fn plus(self, other: Wdl) -> Wdl {
        Wdl {
            wins: self.wins + other.wins,
            draws: self.draws + other.draws,
            losses: self.losses + other.losses,
        }
    }

    /// The same games from the other side.
    fn swapped(self) -> Wdl {
        Wdl {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
        }
    }

    /// cutechess's `wins - losses - draws [score] games`.
    fn text(&self) -> String {
        format!(
            "{} - {} - {} [{:.3}] {}",
            self.wins,
            self.losses,
            self.draws,
            self.score(),
            self.games()
        )
    }
}

/// One pairing's results, from its first engine's side.
#[derive(Clone, Debug, Default)]
pub struct PairingTally {
    /// The first engine's results with white and with black.
    pub by_colour: [Wdl; 2],
    pub pentanomial: Pentanomial,
    /// Pairs with one game finished: the first engine's half points in it.
    half_pairs: HashMap<usize, u8>,
}

impl PairingTally {
    /// The first engine's results with either colour.
    pub fn total(&self) -> Wdl {
        self.by_colour[0].plus(self.by_colour[1])
    }
}

/// One engine's results over the whole event.
#[derive(Clone, Debug, Default)]
struct EngineTally {
    results: Wdl,
    /// Losses by failing, by termination.
    forfeits: HashMap<Termination, u64>,
    depth_sum: u64,
    depth_moves: u64,
    nps_sum: u64,
    nps_moves: u64,
}

pub struct Standings {
    names: Vec<String>,
    pairings: Vec<Pairing>,
    tallies: Vec<PairingTally>,
    engines: Vec<EngineTally>,
}

impl Standings {
    pub fn new(names: Vec<String>, pairings: Vec<Pairing>) -> Standings {
        Standings {
            tallies: vec![PairingTally::default(); pairings.len()],
            engines: vec![EngineTally::default(); names.len()],
            names,
            pairings,
        }
    }

    pub fn tally(&self, pairing: usize) -> &PairingTally {
        &self.tallies[pairing]
    }

    pub fn games(&self) -> u64 {
        self.tallies.iter().map(|t| t.total().games()).sum()
    }

    /// Counts a finished game; returns whether it completed a colour-swapped pair.
    pub fn add<G: Game>(&mut self, job: &ScheduledGame, record: &GameRecord<G>) -> bool {
        let seats = [job.white, job.black];
        let result = record.ending.result;
        let first_colour = if job.white == self.pairings[job.pairing].first {
            Color::White
        } else {
            Color::Black
        };
        let first_points = result.half_points(first_colour);
        let tally = &mut self.tallies[job.pairing];
        tally.by_colour[first_colour as usize].add(first_points);
        let pair_done = match tally.half_pairs.remove(&job.pair) {
            Some(earlier_points) => {
                tally.pentanomial.add_pair(earlier_points + first_points);
                true
            }
            None => {
                tally.half_pairs.insert(job.pair, first_points);
                false
            }
        };
        for colour in [Color::White, Color::Black] {
            let engine = &mut self.engines[seats[colour as usize]];
            engine.results.add(result.half_points(colour));
        }
        let termination = record.ending.termination;
        if let (true, GameResult::Win(winner)) = (termination.is_forfeit(), result) {
            let loser = seats[winner.opponent() as usize];
            *self.engines[loser].forfeits.entry(termination).or_default() += 1;
        }
        for (index, note) in record.notes.iter().enumerate() {
            let Some(note) = note else { continue };
            let engine = &mut self.engines[seats[record.mover(index) as usize]];
            if let Some(depth) = note.depth {
                engine.depth_sum += u64::from(depth);
                engine.depth_moves += 1;
            }
            if let Some(nps) = note.nps {
                engine.nps_sum = engine.nps_sum.saturating_add(nps);
                engine.nps_moves += 1;
            }
        }
        pair_done
    }

    /// `Finished game 3 (new vs old): 1-0 {White reaches the goal}`.
    pub fn game_line<G: Game>(&self, job: &ScheduledGame, record: &GameRecord<G>) -> String {
        format!(
            "Finished game {} ({} vs {}): {} {{{}}}",
            job.number,
            self.names[job.white],
            self.names[job.black],
            record.ending.result.pgn(),
            record.ending.reason
        )
    }

    /// The block users know from cutechess and fastchess, for one pairing.
    pub fn pairing_report(&self, pairing: usize, sprt: Option<&Sprt>) -> String {
        let Pairing { first, second } = self.pairings[pairing];
        let tally = &self.tallies[pairing];
        let [as_white, as_black] = tally.by_colour;
        let first_name = &self.names[first];
        let mut lines = vec![
            format!(
                "Score of {first_name} vs {}: {}",
                self.names[second],
                tally.total().text()
            ),
            format!("...      {first_name} playing White: {}", as_white.text()),
            format!("...      {first_name} playing Black: {}", as_black.text()),
            format!(
                "...      White vs Black: {}",
                as_white.plus(as_black.swapped()).text()
            ),
        ];
        lines.push(match EloEstimate::new(&tally.pentanomial) {
            Some(e) => format!(
                "Elo: {} +/- {}, LOS: {:.2} %",
                number(e.elo),
                number(e.error),
                e.los * 100.0
            ),
            None => "Elo: - (no colour-swapped pair finished yet)".into(),
        });
        let counts = tally.pentanomial.0.map(|n| n.to_string()).join(", ");
        lines.push(format!("Ptnml(0-2): [{counts}]"));
        if let Some(sprt) = sprt {
            let (lower, upper) = sprt.bounds();
            lines.push(format!(
                "LLR: {:.2} ({lower:.2}, {upper:.2}) [{:.2}, {:.2}]",
                sprt.llr(&tally.pentanomial),
                sprt.elo0,
                sprt.elo1
            ));
        }
        lines.join("\n")
    }

    /// A row per engine, best score first.
    pub fn engine_report(&self) -> String {
        let width = self.names.iter().map(String::len).max().unwrap_or(6).max(6);
        let mut lines = vec![format!(
            "{:<width$} {:>6} {:>6} {:>6} {:>6} {:>7} {:>9} {:>10}  \
             forfeits (time/stall/illegal/crash)",
            "Engine", "Games", "Wins", "Draws", "Losses", "Score", "Avg depth", "Avg nps"
        )];
        let mut order: Vec<usize> = (0..self.names.len()).collect();
        let score = |index: usize| self.engines[index].results.score();
        order.sort_by(|&a, &b| score(b).total_cmp(&score(a)));
        for index in order {
            let e = &self.engines[index];
            let average = |sum: u64, count: u64, digits: usize| {
                if count == 0 {
                    "-".to_string()
                } else {
                    format!("{:.digits$}", sum as f64 / count as f64)
                }
            };
            let forfeits = Termination::FORFEITS
                .map(|t| e.forfeits.get(&t).copied().unwrap_or(0).to_string())
                .join("/");
            let results = e.results;
            lines.push(format!(
                "{:<width$} {:>6} {:>6} {:>6} {:>6} {:>6.1}% {:>9} {:>10}  {forfeits}",
                self.names[index],
                results.games(),
                results.wins,
                results.draws,
                results.losses,
                results.score() * 100.0,
                average(e.depth_sum, e.depth_moves, 1),
                average(e.nps_sum, e.nps_moves, 0),
            ));
        }
        lines.join("\n")
    }
}

/// Two decimals, or `inf` for the unbounded values of a sweep.
fn number(x: f64) -> String {
    if x.is_infinite() {
        if x > 0.0 { "inf" } else { "-inf" }.to_string()
    } else {
        format!("{x:.2}")
    }
}

#[cfg(test)]
mod tests {
    use super::super::game_record::{Ending, MoveNote};
    use super::super::schedule::{jobs, pairings};
    use super::*;
    use crate::games::breakthrough::{BoardSize, Breakthrough};
    use std::time::Duration;

    fn record(winner: Color, termination: Termination, depth: u32) -> GameRecord<Breakthrough> {
        ended(GameResult::Win(winner), termination, depth)
    }

    fn ended(result: GameResult, termination: Termination, depth: u32) -> GameRecord<Breakthrough> {
        let root = Breakthrough::start(BoardSize::STANDARD);
        let a2a3 = root.parse_move("a2a3").unwrap();
        let h7h6 = root.play(a2a3).parse_move("h7h6").unwrap();
        let note = |nps| {
            Some(MoveNote {
                score: None,
                depth: Some(depth),
                nps: Some(nps),
                time: Duration::from_millis(5),
            })
        };
        GameRecord {
            root,
            moves: vec![vec![a2a3], vec![h7h6]],
            notes: vec![note(1000), note(3000)],
            ending: Ending {
                result,
                termination,
                reason: "because".into(),
            },
        }
    }

    #[test]
    fn counts_pairs_and_engines() {
        let names = vec!["new".to_string(), "old".to_string()];
        let mut standings = Standings::new(names, pairings(2, false));
        let schedule = jobs(&pairings(2, false), 6, 3);
        // Pair 0: new wins with white (job 1, new white) and with black (job 2, new black).
        assert!(!standings.add(&schedule[0], &record(Color::White, Termination::Normal, 4)));
        assert!(standings.add(
            &schedule[1],
            &record(Color::Black, Termination::IllegalMove, 6)
        ));
        // Pair 1: split. Pair 2: only one game (old wins).
        standings.add(&schedule[2], &record(Color::White, Termination::Normal, 4));
        standings.add(&schedule[3], &record(Color::White, Termination::Normal, 4));
        standings.add(
            &schedule[4],
            &record(Color::Black, Termination::TimeForfeit, 4),
        );
        let tally = standings.tally(0);
        let total = tally.total();
        assert_eq!((total.wins, total.draws, total.losses), (3, 0, 2));
        assert_eq!(tally.pentanomial, Pentanomial([0, 0, 1, 0, 1]));
        assert_eq!(standings.games(), 5);
        assert_eq!(
            standings.game_line(&schedule[1], &record(Color::Black, Termination::Normal, 1)),
            "Finished game 2 (old vs new): 0-1 {because}"
        );
        let report = standings.pairing_report(0, None);
        // new won games 1 and 3 with white and lost game 5; won game 2 with black and
        // lost game 4.
        assert!(
            report.starts_with(
                "Score of new vs old: 3 - 2 - 0 [0.600] 5\n\
                 ...      new playing White: 2 - 1 - 0 [0.667] 3\n\
                 ...      new playing Black: 1 - 1 - 0 [0.500] 2\n\
                 ...      White vs Black: 3 - 2 - 0 [0.600] 5\n\
                 Elo: "
            ),
            "{report}"
        );
        assert!(
            report.ends_with("\nPtnml(0-2): [0, 0, 1, 0, 1]"),
            "{report}"
        );
        let table = standings.engine_report();
        let rows: Vec<&str> = table.lines().collect();
        assert_eq!(rows.len(), 3);
        // new: 5 games, 3 wins, depths 4, 6, 4, 4, 4 and nps 1000 as white, 3000 as black;
        // it lost game 5 on time. old lost game 2 on an illegal move.
        let words = |row: &str| row.split_whitespace().map(String::from).collect::<Vec<_>>();
        assert_eq!(
            words(rows[1]),
            ["new", "5", "3", "0", "2", "60.0%", "4.4", "1800", "1/0/0/0"]
        );
        assert_eq!(
            words(rows[2]),
            ["old", "5", "2", "0", "3", "40.0%", "4.4", "2200", "0/0/1/0"]
        );
    }

    #[test]
    fn reports_before_any_pair_and_with_sprt() {
        let names = vec!["a".to_string(), "b".to_string()];
        let standings = Standings::new(names, pairings(2, false));
        let sprt = Sprt::parse(&["elo0=0".into(), "elo1=10".into()]).unwrap();
        assert_eq!(
            standings.pairing_report(0, Some(&sprt)),
            "Score of a vs b: 0 - 0 - 0 [0.500] 0\n\
             ...      a playing White: 0 - 0 - 0 [0.500] 0\n\
             ...      a playing Black: 0 - 0 - 0 [0.500] 0\n\
             ...      White vs Black: 0 - 0 - 0 [0.500] 0\n\
             Elo: - (no colour-swapped pair finished yet)\n\
             Ptnml(0-2): [0, 0, 0, 0, 0]\n\
             LLR: 0.00 (-2.94, 2.94) [0.00, 10.00]"
        );
        assert_eq!(number(f64::NEG_INFINITY), "-inf");
    }

    #[test]
    fn draws_count_half_a_point_in_games_pairs_and_engines() {
        let names = vec!["new".to_string(), "old".to_string()];
        let mut standings = Standings::new(names, pairings(2, false));
        let schedule = jobs(&pairings(2, false), 4, 2);
        let draw = ended(GameResult::Draw, Termination::Adjudication, 5);
        // Pair 0: a draw with new white, then new wins with black: 1.5 points.
        assert!(!standings.add(&schedule[0], &draw));
        assert!(standings.add(&schedule[1], &record(Color::Black, Termination::Normal, 5)));
        // Pair 1: two draws, 1 point, the same bucket as a win and a loss.
        standings.add(&schedule[2], &draw);
        assert!(standings.add(&schedule[3], &draw));
        let tally = standings.tally(0);
        assert_eq!(tally.pentanomial, Pentanomial([0, 0, 1, 1, 0]));
        assert_eq!(standings.games(), 4);
        assert_eq!(
            standings.game_line(&schedule[2], &draw),
            "Finished game 3 (new vs old): 1/2-1/2 {because}"
        );
        // Pair scores 0.75 and 0.5: mean 0.625, variance of a pair 0.015625, so the mean's
        // standard error is 0.0883883; Elo -400 log10(1 / 0.625 - 1) = 88.74, the 95 %
        // interval 0.625 -/+ 0.173241 spans Elo 27.37 to 299.91 (half: 136.27), and LOS is
        // Phi(0.125 / 0.0883883) = Phi(1.41421) = 92.14 %.
        assert_eq!(
            standings.pairing_report(0, None),
            "Score of new vs old: 1 - 0 - 3 [0.625] 4\n\
             ...      new playing White: 0 - 0 - 2 [0.500] 2\n\
             ...      new playing Black: 1 - 0 - 1 [0.750] 2\n\
             ...      White vs Black: 0 - 1 - 3 [0.375] 4\n\
             Elo: 88.74 +/- 136.27, LOS: 92.14 %\n\
             Ptnml(0-2): [0, 0, 1, 1, 0]"
        );
        // Adjudicated draws are nobody's forfeit.
        let table = standings.engine_report();
        let words = |row: &str| row.split_whitespace().map(String::from).collect::<Vec<_>>();
        let rows: Vec<Vec<String>> = table.lines().map(words).collect();
        assert_eq!(
            rows[0][..6],
            ["Engine", "Games", "Wins", "Draws", "Losses", "Score"]
        );
        assert_eq!(rows[1][..6], ["new", "4", "1", "3", "0", "62.5%"]);
        assert_eq!(rows[2][..6], ["old", "4", "0", "3", "1", "37.5%"]);
        assert_eq!(rows[1][8], "0/0/0/0");
        assert_eq!(rows[2][8], "0/0/0/0");
    }
}
