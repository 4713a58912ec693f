//! The games Troyka plays, one folder each. Everything game-specific lives here; the layers
//! above (search, solver, datagen, protocol, match runner) see a game only through the
//! traits of [`crate::game`].

pub mod breakthrough;
pub mod breakthru;
