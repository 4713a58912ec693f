//! Runs an event: checks that every engine starts, then `--concurrency` worker threads
//! take games from the schedule, each keeping its own engine processes, while this thread
//! prints results, writes the PGN, and stops everything when the SPRT decides or Ctrl-C
//! comes. The event's game is reached here, once, through
//! [`crate::games::Variant::visit`]: everything below is compiled for it.

use super::args::Config;
use super::game_record::GameRecord;
use super::openings::Opening;
use super::pgn;
use super::referee::{self, Aborted};
use super::report::Standings;
use super::schedule::{self, Pairing, ScheduledGame};
use super::seat::{Context, Seat};
use super::sprt::Hypothesis;
use super::stop::{Stop, StopCause};
use super::uci::{EngineFailure, GameSetup};
use crate::game::Game;
use crate::games::GameVisitor;
use crossbeam_channel::{select, unbounded, Receiver, Sender};
use std::fs::File;
use std::io::{BufWriter, Write};
use std::sync::Arc;
use std::time::Instant;

/// Runs the event and returns the exit code: 0 when it ran to the end or the SPRT
/// decided, 2 when it could not start, 1 when the PGN could not be written, 130 after
/// Ctrl-C.
pub fn run(config: &Config) -> i32 {
    let stop = Arc::new(Stop::default());
    let handler_stop = stop.clone();
    if let Err(error) = ctrlc::set_handler(move || handler_stop.trigger(StopCause::Interrupted)) {
        eprintln!("warning: Ctrl-C will not print a summary: {error}");
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    for warning in super::warnings::before_the_event(config, cores) {
        eprintln!("warning: {warning}");
    }
    config.variant.visit(EventOf { config, stop })
}

/// Runs the event on the start position that [`crate::games::Variant::visit`] hands over.
struct EventOf<'a> {
    config: &'a Config,
    stop: Arc<Stop>,
}

impl GameVisitor for EventOf<'_> {
    type Output = i32;

    fn visit<G: Game>(self, start: G) -> i32 {
        match Event::new(self.config, self.stop, &start) {
            Ok(event) => event.run(),
            Err(message) => {
                eprintln!("error: {message}");
                2
            }
        }
    }
}

/// What the main thread keeps while results come in.
struct MatchProgress {
    standings: Standings,
    pgn: Option<BufWriter<File>>,
    decision: Option<Hypothesis>,
    write_error: Option<String>,
}

struct Event<'a, G: Game> {
    config: &'a Config,
    stop: Arc<Stop>,
    context: Context,
    openings: Vec<Opening<G>>,
    pairings: Vec<Pairing>,
    pgn: Option<BufWriter<File>>,
}

impl<'a, G: Game> Event<'a, G> {
    /// Loads the openings, opens the PGN and checks that every engine starts.
    fn new(config: &'a Config, stop: Arc<Stop>, start: &G) -> Result<Event<'a, G>, String> {
        let pairings = schedule::pairings(config.engines.len(), config.gauntlet);
        let openings = config.openings.load(start, config.games / 2)?;
        let pgn = match &config.pgnout {
            Some(path) => Some(BufWriter::new(
                File::options()
                    .create(true)
                    .append(true)
                    .open(path)
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))?,
            )),
            None => None,
        };
        let logs = Arc::new(super::logs::Logs::new(
            &config.stderr_log,
            config.log.as_deref(),
        ));
        let context = Context::new(logs, GameSetup::new(start), stop.receiver().clone());
        for spec in &config.engines {
            match context.start(spec) {
                Ok(engine) => engine.quit(),
                Err(EngineFailure::Stopped) => return Err("interrupted".into()),
                Err(EngineFailure::Crashed(why) | EngineFailure::Unresponsive(why)) => {
                    return Err(format!("engine '{}' does not start: {why}", spec.name))
                }
                Err(EngineFailure::Refused(why)) => {
                    return Err(format!("engine '{}' refused {why}", spec.name))
                }
            }
        }
        Ok(Event {
            config,
            stop,
            context,
            openings,
            pairings,
            pgn,
        })
    }

    fn run(mut self) -> i32 {
        let started = Instant::now();
        let config = self.config;
        let schedule = schedule::jobs(&self.pairings, config.games, self.openings.len());
        let total = schedule.len();
        let (job_sender, jobs) = unbounded();
        for job in schedule {
            let _ = job_sender.send(job);
        }
        drop(job_sender);
        let (result_sender, results) = unbounded();
        // Only this thread writes the PGN; the workers share the rest of `self`.
        let mut progress = MatchProgress {
            standings: Standings::new(
                config.engines.iter().map(|e| e.name.clone()).collect(),
                self.pairings.clone(),
            ),
            pgn: self.pgn.take(),
            decision: None,
            write_error: None,
        };
        std::thread::scope(|scope| {
            for _ in 0..config.concurrency.min(total) {
                let (jobs, results) = (jobs.clone(), result_sender.clone());
                let this = &self;
                scope.spawn(move || this.work(&jobs, &results));
            }
            drop(result_sender);
            // Ends when every worker has finished: the schedule is done or the event stopped.
            for (job, outcome) in results.iter() {
                if let Ok(record) = outcome {
                    self.finished(&mut progress, &job, &record, total);
                }
            }
        });
        self.print_end(&progress, total, started);
        match (progress.write_error, self.stop.cause()) {
            (Some(error), _) => {
                eprintln!("error: {error}");
                1
            }
            (None, Some(StopCause::Interrupted)) => 130,
            (None, _) => 0,
        }
    }

    /// Reports a finished game, records it, and stops the event if the SPRT decides.
    fn finished(
        &self,
        progress: &mut MatchProgress,
        job: &ScheduledGame,
        record: &GameRecord<G>,
        total: usize,
    ) {
        let standings = &mut progress.standings;
        println!("{}", standings.game_line(job, record));
        if let Err(error) = self.write_pgn(&mut progress.pgn, job, record) {
            progress.write_error.get_or_insert(error);
            self.stop.trigger(StopCause::Interrupted);
        }
        let pair_done = standings.add(job, record);
        let games = standings.games() as usize;
        let interval = self.config.rating_interval;
        if interval > 0 && games.is_multiple_of(interval) && games < total {
            self.print_standings(standings);
        }
        if let (true, None, Some(sprt)) = (pair_done, progress.decision, &self.config.sprt) {
            progress.decision = sprt.decision(sprt.llr(&standings.tally(job.pairing).pentanomial));
            if progress.decision.is_some() {
                self.stop.trigger(StopCause::SprtDecided);
            }
        }
    }

    fn print_end(&self, progress: &MatchProgress, total: usize, started: Instant) {
        let games = progress.standings.games();
        println!();
        match (self.stop.cause(), &self.config.sprt, progress.decision) {
            (Some(StopCause::SprtDecided), Some(sprt), Some(decision)) => println!(
                "SPRT ([{:.2}, {:.2}]) completed: {} was accepted after {games} games",
                sprt.elo0,
                sprt.elo1,
                match decision {
                    Hypothesis::H0 => "H0",
                    Hypothesis::H1 => "H1",
                },
            ),
            (Some(_), _, _) => println!(
                "Stopped after {games} of {total} games; games in progress are not counted"
            ),
            (None, _, _) => println!("Finished event: {games} games"),
        }
        self.print_standings(&progress.standings);
        println!("\n{}", progress.standings.engine_report());
        let seconds = started.elapsed().as_secs();
        println!(
            "Total time: {:02}:{:02}:{:02}",
            seconds / 3600,
            seconds / 60 % 60,
            seconds % 60
        );
    }

    /// A worker: plays games from the queue until it is empty or the event stops.
    fn work(
        &self,
        jobs: &Receiver<ScheduledGame>,
        results: &Sender<(ScheduledGame, Result<GameRecord<G>, Aborted>)>,
    ) {
        let mut seats: Vec<Seat> = self
            .config
            .engines
            .iter()
            .map(|spec| Seat::new(spec.clone()))
            .collect();
        loop {
            // Prefer stopping to starting another game when both are ready.
            if self.stop.is_set() {
                break;
            }
            let job = select! {
                recv(jobs) -> job => match job {
                    Ok(job) => job,
                    Err(_) => break,
                },
                recv(self.stop.receiver()) -> _ => break,
            };
            let Ok([white, black]) = seats.get_disjoint_mut([job.white, job.black]) else {
                unreachable!("a pairing has two different engines")
            };
            let opening = &self.openings[job.opening];
            let outcome = referee::play(
                opening,
                [white, black],
                &self.context,
                self.config.max_moves,
            );
            if results.send((job, outcome)).is_err() {
                break;
            }
        }
        for seat in &mut seats {
            seat.quit();
        }
    }

    fn write_pgn(
        &self,
        pgn: &mut Option<BufWriter<File>>,
        job: &ScheduledGame,
        record: &GameRecord<G>,
    ) -> Result<(), String> {
        let Some(file) = pgn else {
            return Ok(());
        };
        let engines = &self.config.engines;
        let (white, black) = (&engines[job.white], &engines[job.black]);
        let header = pgn::Header {
            event: &self.config.event,
            round: job.number,
            white: &white.name,
            black: &black.name,
            time_controls: [white.limits.label(), black.limits.label()],
            unnoted: Some("book"),
        };
        file.write_all(pgn::write(record, &header).as_bytes())
            .and_then(|()| file.flush())
            .map_err(|e| format!("cannot write the PGN: {e}"))
    }

    fn print_standings(&self, standings: &Standings) {
        for index in 0..self.pairings.len() {
            println!(
                "{}",
                standings.pairing_report(index, self.config.sprt.as_ref())
            );
        }
    }
}
