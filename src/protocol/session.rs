//! What both dialects' sessions share: the loop they run on the calling thread (each request
//! acted on in order, and each search's result as it arrives, so that a session never blocks
//! on a search), and how they are started, one per variant, on that variant's game
//! ([`serve`]). What a session does with its requests is its dialect's business
//! ([`Session`]).

use super::dialect::{Dialect, Request};
use super::search_thread::Finished;
use crate::game::Game;
use crate::games::{GameVisitor, Variant};
use crossbeam_channel::{select, Receiver};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A dialect's session on one game, as [`run`] drives it.
pub trait Session: Sized {
    type Dialect: Dialect;
    type Game: Game;
    /// How the session ended: what [`run`] returns.
    type End;
    /// What outlives the session, for the next one when the variant changes: the host and
    /// the dialect's own settings.
    type State;

    /// A session on `start`, the variant's start position.
    fn new(state: Self::State, start: Self::Game) -> Self;

    /// What the next session starts from.
    fn into_state(self) -> Self::State;

    /// The channel that brings the results of the session's searches.
    fn results(&self) -> &Receiver<Finished<Self::Game>>;

    /// Acts on one request; `Break` ends the session.
    fn handle(&mut self, request: Request<Self::Dialect>) -> ControlFlow<Self::End>;

    /// A search the session started has ended.
    fn search_ended(&mut self, finished: Finished<Self::Game>);

    /// The requests' channel has closed. The reader forwards `quit` before it ends, so this
    /// means the same: the session ends as on `quit`.
    fn input_closed(&mut self) -> Self::End;
}

/// A dialect, as [`serve`] starts its sessions: the session type for each game.
pub trait Sessions: Dialect + Sized {
    type State;
    type End;
    type Session<G: Game>: Session<Dialect = Self, Game = G, State = Self::State, End = Self::End>;

    /// The variant the next session plays.
    fn variant(state: &Self::State) -> Variant;

    /// Whether a session ended because the variant changed (and another is started).
    fn new_variant(ending: &Self::End) -> bool;
}

/// Runs sessions of dialect `D`, each on the start position of its variant
/// ([`Variant::visit`]), the next when the variant changes, until one ends for another reason:
/// returns that ending and what the last session handed on.
pub fn serve<D: Sessions>(
    mut state: D::State,
    requests: &Receiver<Request<D>>,
    pending: &AtomicUsize,
) -> (D::End, D::State) {
    loop {
        let variant = D::variant(&state);
        let (ending, next) = variant.visit(Play::<D> {
            state,
            requests,
            pending,
        });
        if !D::new_variant(&ending) {
            return (ending, next);
        }
        state = next;
    }
}

/// Runs one session of dialect `D` on a variant's start position, which [`Variant::visit`]
/// gives it: how the session ended, and what it hands on.
struct Play<'a, D: Sessions> {
    state: D::State,
    requests: &'a Receiver<Request<D>>,
    /// See [`run`].
    pending: &'a AtomicUsize,
}

impl<D: Sessions> GameVisitor for Play<'_, D> {
    type Output = (D::End, D::State);

    fn visit<G: Game>(self, start: G) -> Self::Output {
        let mut session = D::Session::<G>::new(self.state, start);
        let ending = run(&mut session, self.requests, self.pending);
        (ending, session.into_state())
    }
}

/// Acts on requests until the session ends. `pending` counts the requests forwarded but not
/// yet handled: the reader answers `isready` itself only when it is zero.
pub fn run<S: Session>(
    session: &mut S,
    requests: &Receiver<Request<S::Dialect>>,
    pending: &AtomicUsize,
) -> S::End {
    let done = session.results().clone();
    loop {
        select! {
            recv(requests) -> request => {
                let Ok(request) = request else {
                    return session.input_closed();
                };
                let next = session.handle(request);
                pending.fetch_sub(1, Ordering::SeqCst);
                if let ControlFlow::Break(ending) = next {
                    return ending;
                }
            }
            recv(done) -> finished => {
                if let Ok(finished) = finished {
                    session.search_ended(finished);
                }
            }
        }
    }
}
