//! What the runner warns about before the first game: settings that would make engines lose
//! on time for reasons that have nothing to do with their play.

use super::args::Config;

/// The warnings for `config` on a machine with `cores` processors, once each.
pub fn before_the_event(config: &Config, cores: usize) -> Vec<String> {
    let mut warnings = Vec::new();
    // Only the side to move thinks, so a game keeps one engine's threads busy at a time.
    let threads = config.engines.iter().map(threads_of).max().unwrap_or(1);
    if config.concurrency * threads > cores {
        warnings.push(format!(
            "{} games at once with up to {threads} threads each need {} processors, and this \
             machine has {cores}: engines will wait for a processor and may lose on time",
            config.concurrency,
            config.concurrency * threads
        ));
    }
    for engine in &config.engines {
        let limits = &engine.limits;
        // Engines that spend a fixed time whole, as Troyka and Stockfish do, answer a
        // millisecond or two after it on a busy machine: at 100 ms and at 500 ms a move
        // without a margin, every game of Troyka against itself, and of Fairy-Stockfish
        // against itself, was lost on time.
        if let Some(movetime) = limits.movetime {
            if limits.margin.is_none() {
                warnings.push(format!(
                    "engine '{}' has {} ms a move and no timemargin: a move a few milliseconds \
                     late is a time forfeit; consider timemargin=50",
                    engine.name,
                    movetime.as_millis()
                ));
            }
        }
    }
    warnings
}

/// The engine's `Threads` option, 1 when it is not set (or not a number).
fn threads_of(engine: &super::spec::EngineSpec) -> usize {
    engine
        .options
        .iter()
        .rev()
        .find(|(name, _)| name.eq_ignore_ascii_case("Threads"))
        .and_then(|(_, value)| value.trim().parse().ok())
        .unwrap_or(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::args::parse;

    fn config(words: &str) -> Config {
        let args: Vec<String> = words.split_whitespace().map(String::from).collect();
        parse(&args).unwrap()
    }

    /// The one warning the event of `words` gets on two cores.
    fn only_warning(words: &str) -> String {
        let warnings = before_the_event(&config(words), 2);
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        warnings[0].clone()
    }

    #[test]
    fn too_many_threads_and_movetimes_without_a_margin_are_warned_of() {
        let quiet =
            config("--engine cmd=a st=1 timemargin=50 --engine cmd=b tc=1+0.01 --concurrency 2");
        assert!(before_the_event(&quiet, 2).is_empty());
        let busy =
            "--engine cmd=a option.Threads=2 --engine cmd=b --each tc=1+0.01 --concurrency 2";
        assert!(only_warning(busy).starts_with("2 games at once with up to 2 threads"));
        let short = "--engine cmd=a name=x st=0.05 --engine cmd=b st=0.05 timemargin=20";
        assert!(only_warning(short).starts_with("engine 'x' has 50 ms a move"));
        let long = "--engine cmd=a name=y st=1 --engine cmd=b tc=1+0.01";
        assert!(only_warning(long).starts_with("engine 'y' has 1000 ms a move"));
    }
}
