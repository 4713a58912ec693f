//! The engine's options: one table that both announces them (on `uci`/`ugi`, and as CECP
//! `feature option=` lines) and reads `setoption` and CECP `option` values into typed
//! [`Setting`]s. Names match case-insensitively; values are checked for range and form
//! here, so the sessions only apply settings that are valid.

use super::numbers::{whole, Whole};
use super::variants;
use crate::games::networks;
use crate::games::Variant;
use crate::nnue::Network;
use crate::search::Planning;
use std::sync::Arc;
use std::time::Duration;

/// A valid `setoption`, ready to apply.
#[derive(Clone, Debug, PartialEq)]
pub enum Setting {
    /// Transposition table size in MiB.
    Hash(usize),
    Threads(usize),
    MoveOverhead(Duration),
    MultiPv(usize),
    /// Whether the GUI may send `go ponder`; Troyka needs nothing to prepare for it.
    Ponder(bool),
    /// From `UCI_Variant`, or `BoardSize` (Breakthrough on that board): the last set decides.
    Variant(Variant),
    ClearHash,
    /// Where to copy the traffic; empty turns the copy off.
    DebugLogFile(String),
    /// A network read from a file; `None` goes back to the built-in ones.
    EvalFile(Option<Arc<Network>>),
    /// Whether to evaluate with networks where there is one (else the linear evaluation).
    UseNnue(bool),
    /// How a turn the game plans whole (Breakthru's setup) is chosen.
    Setup(Planning),
    /// A search parameter of the `tune` build: its index in
    /// [`crate::search::params::TUNABLES`] and its value.
    #[cfg(feature = "tune")]
    Tune(usize, i32),
}

enum Kind {
    Spin {
        default: i64,
        min: i64,
        max: i64,
        make: SpinSetting,
    },
    Check {
        default: bool,
        make: fn(bool) -> Setting,
    },
    Combo {
        default: &'static str,
        choices: &'static [&'static str],
        make: fn(&str) -> Setting,
    },
    Button {
        make: fn() -> Setting,
    },
    Text {
        default: &'static str,
        make: fn(&str) -> Result<Setting, String>,
    },
}

/// What a spin option's number becomes.
enum SpinSetting {
    Made(fn(i64) -> Setting),
    /// The search parameter at this index of [`crate::search::params::TUNABLES`].
    #[cfg(feature = "tune")]
    Tune(usize),
}

impl SpinSetting {
    fn make(&self, number: i64) -> Setting {
        match self {
            SpinSetting::Made(make) => make(number),
            // In range: the option's bounds are the parameter's.
            #[cfg(feature = "tune")]
            SpinSetting::Tune(index) => Setting::Tune(*index, number as i32),
        }
    }
}

struct Spec {
    name: &'static str,
    kind: Kind,
}

/// Every option: [`OPTIONS`], and in the `tune` build the search's parameters after them.
fn specs() -> impl Iterator<Item = &'static Spec> {
    #[cfg(feature = "tune")]
    let tunables = {
        use crate::search::params::TUNABLES;
        static SPECS: std::sync::LazyLock<Vec<Spec>> = std::sync::LazyLock::new(|| {
            TUNABLES
                .iter()
                .enumerate()
                .map(|(index, t)| Spec {
                    name: t.name,
                    kind: Kind::Spin {
                        default: t.default.into(),
                        min: t.min.into(),
                        max: t.max.into(),
                        make: SpinSetting::Tune(index),
                    },
                })
                .collect()
        });
        SPECS.iter()
    };
    #[cfg(not(feature = "tune"))]
    let tunables = [].iter();
    OPTIONS.iter().chain(tunables)
}

/// `UCI_Variant`'s choices are [`Variant::NAMES`], so this always finds one.
fn variant_setting(name: &str) -> Setting {
    Setting::Variant(Variant::from_name(name).unwrap_or_default())
}

const OPTIONS: &[Spec] = &[
    Spec {
        name: "Hash",
        kind: Kind::Spin {
            default: 64,
            min: 1,
            max: 65536,
            make: SpinSetting::Made(|mb| Setting::Hash(mb as usize)),
        },
    },
    Spec {
        name: "Threads",
        kind: Kind::Spin {
            default: 1,
            min: 1,
            max: 256,
            make: SpinSetting::Made(|n| Setting::Threads(n as usize)),
        },
    },
    Spec {
        name: "Move Overhead",
        kind: Kind::Spin {
            default: 30,
            min: 0,
            max: 5000,
            make: SpinSetting::Made(|ms| Setting::MoveOverhead(Duration::from_millis(ms as u64))),
        },
    },
    Spec {
        name: "MultiPV",
        kind: Kind::Spin {
            default: 1,
            min: 1,
            max: 256,
            make: SpinSetting::Made(|n| Setting::MultiPv(n as usize)),
        },
    },
    Spec {
        name: "Ponder",
        kind: Kind::Check {
            default: false,
            make: Setting::Ponder,
        },
    },
    Spec {
        name: "BoardSize",
        kind: Kind::Text {
            default: "8x8",
            make: |text| variants::board_size(text).map(Setting::Variant),
        },
    },
    Spec {
        name: "UCI_Variant",
        kind: Kind::Combo {
            default: Variant::NAMES[0],
            choices: &Variant::NAMES,
            make: variant_setting,
        },
    },
    Spec {
        name: "Clear Hash",
        kind: Kind::Button {
            make: || Setting::ClearHash,
        },
    },
    Spec {
        name: "Debug Log File",
        kind: Kind::Text {
            default: "",
            make: |path| match regular_file_or_none(path) {
                Ok(_) => Ok(Setting::DebugLogFile(path.to_string())),
                Err(error) => Err(format!("cannot open debug log file '{path}': {error}")),
            },
        },
    },
    Spec {
        name: "EvalFile",
        kind: Kind::Text {
            default: "",
            make: |path| match path {
                "" => Ok(Setting::EvalFile(None)),
                path => read_net(path)
                    .map(|net| Setting::EvalFile(Some(Arc::new(net))))
                    .map_err(|error| format!("{path}: {error}; the evaluation is unchanged")),
            },
        },
    },
    Spec {
        name: "Use NNUE",
        kind: Kind::Check {
            default: true,
            make: Setting::UseNnue,
        },
    },
    Spec {
        name: "Setup",
        kind: Kind::Combo {
            default: "search",
            choices: &Planning::NAMES,
            make: |name| Setting::Setup(Planning::from_name(name).unwrap_or_default()),
        },
    },
];

/// The largest net file read: far above any network Troyka makes (a 16x16 net is about
/// 260 KB), so that `/dev/zero` or a huge file cannot exhaust memory.
const MAX_NET_BYTES: u64 = 64 << 20;

/// Reads a net file, which must be a regular file of at most [`MAX_NET_BYTES`].
fn read_net(path: &str) -> Result<Network, String> {
    use std::io::Read;
    let size = regular_file_or_none(path)?.ok_or("No such file or directory")?;
    if size > MAX_NET_BYTES {
        return Err(format!("{size} bytes is too large for a network"));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|file| file.take(MAX_NET_BYTES).read_to_end(&mut bytes))
        .map_err(|error| error.to_string())?;
    networks::from_bytes(&bytes)
}

/// The size of the file at `path` if it is a regular file, `None` if there is nothing there;
/// an error for anything else. Opening a FIFO would block until another process opened it,
/// and a device (`/dev/zero`, `/dev/stdin`) never ends or steals the protocol's input.
fn regular_file_or_none(path: &str) -> Result<Option<u64>, String> {
    match std::fs::metadata(path) {
        Ok(metadata) if metadata.is_file() => Ok(Some(metadata.len())),
        Ok(metadata) if metadata.is_dir() => Err("it is a directory".into()),
        Ok(_) => Err("it is not a regular file".into()),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(error) => Err(error.to_string()),
    }
}

/// The `option ...` lines of the handshake, in a fixed order.
pub fn announcements() -> impl Iterator<Item = String> {
    specs().map(|spec| {
        let name = spec.name;
        match &spec.kind {
            Kind::Spin {
                default, min, max, ..
            } => format!("option name {name} type spin default {default} min {min} max {max}"),
            Kind::Check { default, .. } => {
                format!("option name {name} type check default {default}")
            }
            Kind::Combo {
                default, choices, ..
            } => {
                let vars: String = choices.iter().map(|c| format!(" var {c}")).collect();
                format!("option name {name} type combo default {default}{vars}")
            }
            Kind::Button { .. } => format!("option name {name} type button"),
            // An empty default is written `<empty>`, as Stockfish does, so the line still
            // ends in a value.
            Kind::Text { default, .. } => format!(
                "option name {name} type string default {}",
                if default.is_empty() {
                    "<empty>"
                } else {
                    default
                }
            ),
        }
    })
}

/// The options as CECP `feature option="…"` values (`NAME -TYPE DEFAULT …`), in the same
/// order. `Hash`, `Threads`, `Ponder` and `UCI_Variant` are left out: CECP has its own
/// commands for them (`memory`, `cores`, `hard`/`easy`, `variant`), which XBoard sends
/// itself, so a second control for each would only be overridden. `Setup` is left out too:
/// it is Breakthru's, which XBoard cannot play.
pub fn cecp_announcements() -> impl Iterator<Item = String> {
    specs()
        .filter(|spec| !CECP_OWN.contains(&spec.name))
        .map(|spec| {
            let name = spec.name;
            match &spec.kind {
                Kind::Spin {
                    default, min, max, ..
                } => format!("{name} -spin {default} {min} {max}"),
                Kind::Check { default, .. } => format!("{name} -check {}", u8::from(*default)),
                Kind::Combo {
                    default, choices, ..
                } => {
                    let choices: Vec<String> = choices
                        .iter()
                        .map(|c| {
                            let mark = if c == default { "*" } else { "" };
                            format!("{mark}{c}")
                        })
                        .collect();
                    format!("{name} -combo {}", choices.join(" /// "))
                }
                Kind::Button { .. } => format!("{name} -button"),
                // Paths get XBoard's file chooser.
                Kind::Text { default, .. } if name.contains("File") => {
                    format!("{name} -file {default}")
                }
                Kind::Text { default, .. } => format!("{name} -string {default}"),
            }
        })
}

/// The options CECP sets with commands of its own, or that it has no use for.
const CECP_OWN: [&str; 5] = ["Hash", "Threads", "Ponder", "UCI_Variant", "Setup"];

/// Reads CECP's `option NAME=VALUE` (`option NAME` for a button). CECP writes checks as 1
/// and 0.
pub fn read_cecp(name: &str, value: Option<&str>) -> Result<Setting, String> {
    let spec = specs()
        .find(|spec| spec.name.eq_ignore_ascii_case(name))
        .ok_or_else(|| format!("unknown option '{name}'"))?;
    let is_check = matches!(spec.kind, Kind::Check { .. });
    let value = match value {
        Some("1") if is_check => Some("true"),
        Some("0") if is_check => Some("false"),
        other => other,
    };
    read(name, value)
}

/// Every option's default as a setting (buttons have none): what a fresh engine applies.
pub fn defaults() -> impl Iterator<Item = Setting> {
    specs().filter_map(|spec| match &spec.kind {
        Kind::Spin { default, make, .. } => Some(make.make(*default)),
        Kind::Check { default, make } => Some(make(*default)),
        Kind::Combo { default, make, .. } => Some(make(default)),
        Kind::Button { .. } => None,
        Kind::Text { default, make } => make(default).ok(),
    })
}

/// Reads `setoption name <name> [value <value>]`.
pub fn read(name: &str, value: Option<&str>) -> Result<Setting, String> {
    let spec = specs()
        .find(|spec| spec.name.eq_ignore_ascii_case(name))
        .ok_or_else(|| format!("unknown option '{name}' ('uci' lists the options)"))?;
    let name = spec.name;
    let needed = |what: &str| match value {
        Some(value) if !value.is_empty() => Ok(value),
        _ => Err(format!("option {name} needs a value: {what}")),
    };
    match &spec.kind {
        Kind::Spin { min, max, make, .. } => {
            let text = needed(&format!("a whole number from {min} to {max}"))?;
            let out_of_range = || format!("option {name} must be from {min} to {max}, not {text}");
            match whole::<i64>(text) {
                Whole::Value(number) if (*min..=*max).contains(&number) => Ok(make.make(number)),
                Whole::NotANumber => {
                    Err(format!("option {name} needs a whole number, not '{text}'"))
                }
                _ => Err(out_of_range()),
            }
        }
        Kind::Check { make, .. } => {
            let text = needed("true or false")?;
            match text.to_ascii_lowercase().as_str() {
                "true" => Ok(make(true)),
                "false" => Ok(make(false)),
                _ => Err(format!("option {name} needs true or false, not '{text}'")),
            }
        }
        Kind::Combo { choices, make, .. } => {
            let text = needed(&choices.join(", "))?;
            let choice = choices
                .iter()
                .find(|choice| choice.eq_ignore_ascii_case(text))
                .ok_or_else(|| {
                    format!(
                        "option {name} must be one of {}, not '{text}'",
                        choices.join(", ")
                    )
                })?;
            Ok(make(choice))
        }
        Kind::Button { make } => Ok(make()),
        Kind::Text { make, .. } => {
            // GUIs send an empty string as nothing at all, or as Stockfish's `<empty>`.
            let text = match value {
                None | Some("<empty>") => "",
                Some(text) => text,
            };
            make(text).map_err(|error| format!("option {name}: {error}"))
        }
    }
}

#[cfg(test)]
mod tests;
