//! A worker's place for one engine: the engine is started on first use, kept between
//! games, and thrown away after a crash or stall so the next game gets a fresh process.

use super::logs::Logs;
use super::spec::EngineSpec;
use super::uci::{EngineClient, EngineFailure, GameSetup};
use crossbeam_channel::Receiver;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// What every engine start needs, shared by all workers.
pub struct Context {
    pub logs: Arc<Logs>,
    /// What engines are told of the game.
    pub setup: GameSetup,
    pub stop: Receiver<()>,
    /// Numbers engine processes for the logs (`new#3`).
    instances: AtomicUsize,
}

impl Context {
    pub fn new(logs: Arc<Logs>, setup: GameSetup, stop: Receiver<()>) -> Context {
        Context {
            logs,
            setup,
            stop,
            instances: AtomicUsize::new(0),
        }
    }

    /// Starts an engine with a fresh instance label.
    pub fn start(&self, spec: &EngineSpec) -> Result<EngineClient, EngineFailure> {
        let instance = self.instances.fetch_add(1, Ordering::Relaxed) + 1;
        let label = format!("{}#{instance}", spec.name);
        EngineClient::start(spec, label, self.logs.clone(), &self.setup, &self.stop)
    }
}

pub struct Seat {
    pub spec: EngineSpec,
    engine: Option<EngineClient>,
}

impl Seat {
    pub fn new(spec: EngineSpec) -> Seat {
        Seat { spec, engine: None }
    }

    /// Announces a new game to the engine kept from the last one, or to a freshly started
    /// one when there is none or the kept one has died since (it is replaced, not blamed).
    pub fn prepare(&mut self, context: &Context) -> Result<&mut EngineClient, EngineFailure> {
        if let Some(mut kept) = self.engine.take() {
            match kept.new_game(&context.stop) {
                Ok(()) => return Ok(self.engine.insert(kept)),
                Err(EngineFailure::Stopped) => return Err(EngineFailure::Stopped),
                // Dropping `kept` kills whatever is left of it.
                Err(_) => {}
            }
        }
        let mut engine = context.start(&self.spec)?;
        // On failure `engine` is dropped here, which kills the process.
        engine.new_game(&context.stop)?;
        Ok(self.engine.insert(engine))
    }

    /// The running engine; `None` until [`Seat::prepare`] succeeded.
    pub fn engine(&mut self) -> Option<&mut EngineClient> {
        self.engine.as_mut()
    }

    /// Kills the process (crashed or stalled); the next game starts a new one.
    pub fn discard(&mut self) {
        self.engine = None;
    }

    /// Asks the engine to quit (end of the event).
    pub fn quit(&mut self) {
        if let Some(engine) = self.engine.take() {
            engine.quit();
        }
    }
}
