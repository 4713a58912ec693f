//! Standings while the event runs and at its end: a line per finished game, the familiar
//! `Score of`/`Elo`/`Ptnml`/`LLR` block per pairing, and a table per engine with its
//! forfeits and the average depth and speed it reported.

use super::record::{GameRecord, Termination};
use super::schedule::{Pairing, ScheduledGame};
use super::sprt::Sprt;
use super::stats::{EloEstimate, Pentanomial};
use crate::rules::Color;
use std::collections::HashMap;

/// One pairing's results, from its first engine's side.
#[derive(Clone, Debug, Default)]
pub struct PairingTally {
    pub wins: u64,
    pub losses: u64,
    pub pentanomial: Pentanomial,
    /// Pairs with one game finished: the first engine's wins so far.
    half_pairs: HashMap<usize, usize>,
}

/// One engine's results over the whole event.
#[derive(Clone, Debug, Default)]
struct EngineTally {
    games: u64,
    wins: u64,
    /// Losses that were not by the rules, by termination.
    forfeits: HashMap<&'static str, u64>,
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
        self.tallies.iter().map(|t| t.wins + t.losses).sum()
    }

    /// Counts a finished game; returns whether it completed a colour-swapped pair.
    pub fn add(&mut self, job: &ScheduledGame, record: &GameRecord) -> bool {
        let seats = [job.white, job.black];
        let winner = seats[record.winner as usize];
        let loser = seats[record.winner.opponent() as usize];
        let tally = &mut self.tallies[job.pairing];
        let first_won = winner == self.pairings[job.pairing].first;
        if first_won {
            tally.wins += 1;
        } else {
            tally.losses += 1;
        }
        let pair_done = match tally.half_pairs.remove(&job.pair) {
            Some(earlier_wins) => {
                tally
                    .pentanomial
                    .add_pair(earlier_wins + usize::from(first_won));
                true
            }
            None => {
                tally.half_pairs.insert(job.pair, usize::from(first_won));
                false
            }
        };
        for engine in seats {
            self.engines[engine].games += 1;
        }
        self.engines[winner].wins += 1;
        if record.termination != Termination::Normal {
            *self.engines[loser]
                .forfeits
                .entry(record.termination.pgn_name())
                .or_default() += 1;
        }
        for (ply, note) in record.notes.iter().enumerate() {
            let Some(note) = note else { continue };
            let engine = &mut self.engines[seats[record.mover(ply) as usize]];
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
    pub fn game_line(&self, job: &ScheduledGame, record: &GameRecord) -> String {
        format!(
            "Finished game {} ({} vs {}): {} {{{}}}",
            job.number,
            self.names[job.white],
            self.names[job.black],
            match record.winner {
                Color::White => "1-0",
                Color::Black => "0-1",
            },
            record.reason
        )
    }

    /// The block users know from cutechess and fastchess, for one pairing.
    pub fn pairing_report(&self, pairing: usize, sprt: Option<&Sprt>) -> String {
        let Pairing { first, second } = self.pairings[pairing];
        let tally = &self.tallies[pairing];
        let games = tally.wins + tally.losses;
        let mut lines = vec![format!(
            "Score of {} vs {}: {} - {} [{:.3}] {games}",
            self.names[first],
            self.names[second],
            tally.wins,
            tally.losses,
            if games == 0 {
                0.5
            } else {
                tally.wins as f64 / games as f64
            }
        )];
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
            "{:<width$} {:>6} {:>6} {:>7} {:>9} {:>10}  forfeits (time/stall/illegal/crash)",
            "Engine", "Games", "Wins", "Score", "Avg depth", "Avg nps"
        )];
        let mut order: Vec<usize> = (0..self.names.len()).collect();
        let score = |e: &EngineTally| e.wins as f64 / e.games.max(1) as f64;
        order.sort_by(|&a, &b| score(&self.engines[b]).total_cmp(&score(&self.engines[a])));
        for index in order {
            let e = &self.engines[index];
            let average = |sum: u64, count: u64, digits: usize| {
                if count == 0 {
                    "-".to_string()
                } else {
                    format!("{:.digits$}", sum as f64 / count as f64)
                }
            };
            let forfeits = [
                Termination::TimeForfeit,
                Termination::Stalled,
                Termination::IllegalMove,
                Termination::Crashed,
            ]
            .map(|t| {
                e.forfeits
                    .get(t.pgn_name())
                    .copied()
                    .unwrap_or(0)
                    .to_string()
            })
            .join("/");
            lines.push(format!(
                "{:<width$} {:>6} {:>6} {:>6.1}% {:>9} {:>10}  {forfeits}",
                self.names[index],
                e.games,
                e.wins,
                score(e) * 100.0,
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
    use super::super::record::MoveNote;
    use super::super::schedule::{jobs, pairings};
    use super::*;
    use crate::rules::{BoardSize, Game};
    use std::time::Duration;

    fn record(winner: Color, termination: Termination, depth: u32) -> GameRecord {
        let root = Game::start(BoardSize::STANDARD);
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
            moves: vec![a2a3, h7h6],
            notes: vec![note(1000), note(3000)],
            winner,
            termination,
            reason: "because".into(),
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
        assert_eq!((tally.wins, tally.losses), (3, 2));
        assert_eq!(tally.pentanomial, Pentanomial([0, 0, 1, 0, 1]));
        assert_eq!(standings.games(), 5);
        assert_eq!(
            standings.game_line(&schedule[1], &record(Color::Black, Termination::Normal, 1)),
            "Finished game 2 (old vs new): 0-1 {because}"
        );
        let report = standings.pairing_report(0, None);
        assert!(
            report.starts_with("Score of new vs old: 3 - 2 [0.600] 5\nElo: "),
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
            ["new", "5", "3", "60.0%", "4.4", "1800", "1/0/0/0"]
        );
        assert_eq!(
            words(rows[2]),
            ["old", "5", "2", "40.0%", "4.4", "2200", "0/0/1/0"]
        );
    }

    #[test]
    fn reports_before_any_pair_and_with_sprt() {
        let names = vec!["a".to_string(), "b".to_string()];
        let standings = Standings::new(names, pairings(2, false));
        let sprt = Sprt::parse(&["elo0=0".into(), "elo1=10".into()]).unwrap();
        assert_eq!(
            standings.pairing_report(0, Some(&sprt)),
            "Score of a vs b: 0 - 0 [0.500] 0\n\
             Elo: - (no colour-swapped pair finished yet)\n\
             Ptnml(0-2): [0, 0, 0, 0, 0]\n\
             LLR: 0.00 (-2.94, 2.94) [0.00, 10.00]"
        );
        assert_eq!(number(f64::NEG_INFINITY), "-inf");
    }
}
