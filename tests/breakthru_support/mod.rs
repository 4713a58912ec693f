//! What the Breakthru rules tests share: the rules written the plain way, and the
//! cross-check of the engine against them.

pub mod crosscheck;
pub mod plain;
