//! How one engine is run: its command, options, protocol and search limits, read from the
//! `key=value` words that follow `--engine` or `--each`.

use std::path::PathBuf;
use std::time::Duration;

/// The dialect spoken: UCI (`uci`/`uciok`, `ucinewgame`, `wtime`/`btime`) or UGI (`ugi`/
/// `ugiok`, `uginewgame`, `p1time`/`p2time`, where player 1 is white).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Protocol {
    #[default]
    Uci,
    Ugi,
}

/// `tc=base+inc`, in seconds: how an engine's clock is set at the start of each game.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct ClockSpec {
    pub base: Duration,
    pub increment: Duration,
}

/// What an engine is given per move. At least one of them is set (checked by
/// [`EngineSpec::validate`]).
#[derive(Clone, PartialEq, Debug, Default)]
pub struct MoveLimits {
    pub clock: Option<ClockSpec>,
    pub movetime: Option<Duration>,
    pub nodes: Option<u64>,
    pub depth: Option<u32>,
    /// `timemargin`: time a move may take beyond the clock (or `st`).
    pub margin: Option<Duration>,
}

/// Without a clock or `st` a move still may not take forever: this long, unless
/// `timemargin` says otherwise.
const UNTIMED_MOVE_LIMIT: Duration = Duration::from_secs(60);

impl MoveLimits {
    /// How far past its own time a move may run before it is lost.
    pub fn margin(&self) -> Duration {
        match self.margin {
            Some(margin) => margin,
            None if self.clock.is_some() || self.movetime.is_some() => Duration::ZERO,
            None => UNTIMED_MOVE_LIMIT,
        }
    }

    /// A short description for output and PGN, e.g. `2+0.02` or `nodes=5000`.
    pub fn label(&self) -> String {
        let mut parts = Vec::new();
        if let Some(tc) = self.clock {
            parts.push(format!("{}+{}", seconds(tc.base), seconds(tc.increment)));
        }
        if let Some(st) = self.movetime {
            parts.push(format!("st={}", seconds(st)));
        }
        if let Some(nodes) = self.nodes {
            parts.push(format!("nodes={nodes}"));
        }
        if let Some(depth) = self.depth {
            parts.push(format!("depth={depth}"));
        }
        parts.join(",")
    }
}

/// Seconds without trailing zeros: `2`, `0.02`.
fn seconds(duration: Duration) -> String {
    let text = format!("{:.3}", duration.as_secs_f64());
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

#[derive(Clone, PartialEq, Debug, Default)]
pub struct EngineSpec {
    pub name: String,
    pub cmd: String,
    pub args: Vec<String>,
    pub dir: Option<PathBuf>,
    /// `option.X=V` pairs, in the order given.
    pub options: Vec<(String, String)>,
    pub proto: Protocol,
    pub limits: MoveLimits,
}

impl EngineSpec {
    /// Applies one `key=value` word.
    pub fn set(&mut self, word: &str) -> Result<(), String> {
        let (key, value) = word
            .split_once('=')
            .ok_or_else(|| format!("expected key=value, got '{word}'"))?;
        if value.is_empty() && key != "arg" {
            return Err(format!("'{key}=' needs a value"));
        }
        match key {
            "name" => self.name = value.into(),
            "cmd" => self.cmd = value.into(),
            "arg" => self.args.push(value.into()),
            "dir" => self.dir = Some(value.into()),
            "proto" => {
                self.proto = match value {
                    "uci" => Protocol::Uci,
                    "ugi" => Protocol::Ugi,
                    _ => return Err(format!("unknown protocol '{value}' (expected uci or ugi)")),
                }
            }
            "tc" => self.limits.clock = Some(parse_time_control(value)?),
            "st" => self.limits.movetime = Some(parse_seconds(key, value)?),
            "nodes" => self.limits.nodes = Some(parse_positive(key, value)?),
            "depth" => self.limits.depth = Some(parse_positive(key, value)? as u32),
            "timemargin" => {
                let ms = value
                    .parse::<u64>()
                    .map_err(|_| format!("bad timemargin '{value}' (milliseconds expected)"))?;
                self.limits.margin = Some(Duration::from_millis(ms));
            }
            _ => match key.strip_prefix("option.") {
                Some(option) if !option.is_empty() => {
                    self.options.retain(|(name, _)| name != option);
                    self.options.push((option.into(), value.into()));
                }
                _ => return Err(format!("unknown engine setting '{key}'")),
            },
        }
        Ok(())
    }

    /// Checks the engine can be run once all words are applied.
    pub fn validate(&self) -> Result<(), String> {
        let who = if self.name.is_empty() {
            "an engine"
        } else {
            &self.name
        };
        if self.cmd.is_empty() {
            return Err(format!("{who} has no cmd="));
        }
        let limits = &self.limits;
        if limits.clock.is_some() && limits.movetime.is_some() {
            return Err(format!("{who}: give tc= or st=, not both"));
        }
        if limits.clock.is_none()
            && limits.movetime.is_none()
            && limits.nodes.is_none()
            && limits.depth.is_none()
        {
            return Err(format!(
                "{who} has no time control: give tc=, st=, nodes= or depth="
            ));
        }
        Ok(())
    }
}

fn parse_seconds(key: &str, text: &str) -> Result<Duration, String> {
    text.parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s >= 0.0 && *s < 1e9)
        .map(Duration::from_secs_f64)
        .ok_or_else(|| format!("bad {key} '{text}' (seconds expected, e.g. 0.5)"))
}

fn parse_positive(key: &str, text: &str) -> Result<u64, String> {
    text.parse::<u64>()
        .ok()
        .filter(|&n| n > 0 && n <= u32::MAX as u64)
        .ok_or_else(|| format!("bad {key} '{text}' (a positive number expected)"))
}

/// `base[+inc]` in seconds, e.g. `10+0.1`; cutechess's `moves/` periods are not supported.
fn parse_time_control(text: &str) -> Result<ClockSpec, String> {
    if text.contains('/') {
        return Err(format!(
            "tc '{text}': moves/time periods are not supported (use base+inc seconds)"
        ));
    }
    let (base, increment) = text.split_once('+').unwrap_or((text, "0"));
    let control = ClockSpec {
        base: parse_seconds("tc", base)?,
        increment: parse_seconds("tc increment", increment)?,
    };
    if control.base.is_zero() && control.increment.is_zero() {
        return Err(format!("tc '{text}' gives no time"));
    }
    Ok(control)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(words: &[&str]) -> Result<EngineSpec, String> {
        let mut spec = EngineSpec::default();
        for word in words {
            spec.set(word)?;
        }
        spec.validate()?;
        Ok(spec)
    }

    #[test]
    fn reads_settings() {
        let s = spec(&[
            "name=new",
            "cmd=./troyka",
            "option.Hash=64",
            "option.UCI_Variant=breakthrough",
            "option.Hash=32",
            "tc=2+0.02",
            "timemargin=50",
            "proto=ugi",
            "arg=--quiet",
        ])
        .unwrap();
        assert_eq!(
            s.options,
            vec![
                ("UCI_Variant".to_string(), "breakthrough".to_string()),
                ("Hash".to_string(), "32".to_string())
            ]
        );
        assert_eq!(s.proto, Protocol::Ugi);
        assert_eq!(s.args, vec!["--quiet".to_string()]);
        assert_eq!(s.limits.label(), "2+0.02");
        assert_eq!(s.limits.margin(), Duration::from_millis(50));
        let nodes = spec(&["cmd=x", "nodes=5000", "depth=7"]).unwrap();
        assert_eq!(nodes.limits.label(), "nodes=5000,depth=7");
        assert_eq!(nodes.limits.margin(), UNTIMED_MOVE_LIMIT);
        let st = spec(&["cmd=x", "st=0.25"]).unwrap();
        assert_eq!(st.limits.label(), "st=0.25");
        assert_eq!(st.limits.margin(), Duration::ZERO);
        assert_eq!(spec(&["cmd=x", "tc=60"]).unwrap().limits.label(), "60+0");
    }

    #[test]
    fn rejects_bad_settings() {
        for (words, message) in [
            (&["cmd=x"][..], "has no time control"),
            (&["nodes=1"], "has no cmd="),
            (&["cmd=x", "tc=1", "st=1"], "not both"),
            (&["cmd=x", "tc=40/60"], "not supported"),
            (&["cmd=x", "tc=abc"], "bad tc 'abc'"),
            (&["cmd=x", "tc=0+0"], "gives no time"),
            (&["cmd=x", "nodes=-5"], "bad nodes"),
            (&["cmd=x", "depth=0"], "bad depth"),
            (&["cmd=x", "proto=xboard"], "unknown protocol"),
            (&["cmd=x", "colour=red"], "unknown engine setting 'colour'"),
            (&["cmd"], "expected key=value"),
            (&["cmd="], "needs a value"),
            (&["cmd=x", "timemargin=1.5"], "bad timemargin"),
        ] {
            let error = spec(words).unwrap_err();
            assert!(error.contains(message), "{words:?}: {error}");
        }
    }
}
