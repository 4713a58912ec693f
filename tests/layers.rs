//! The generic layers never name a game: the search, the solver, the protocol, the match
//! runner, the browser board and the rest are written against the traits of `src/game/`,
//! and only `src/games/` knows the games. This test reads `src/` and fails when the code of
//! a generic file names a game's module (`breakthrough`, `breakthru`, `relay`, as in
//! `crate::games::breakthrough`), one of the games' own types ([`GAME_NAMES`]), or
//! Breakthrough's `with_position!`. It is a test rather than a Cargo workspace because the
//! rule is one sentence, and a workspace would split one crate into several for it.
//!
//! What it allows:
//! - Everything under `src/games/`: the games themselves and `src/games/mod.rs`, the
//!   registry ([`Variant`](troyka::games::Variant)) through which a front end chooses a game
//!   without naming it.
//! - The wiring: `src/lib.rs`, `src/main.rs`, `src/bin/` and `src/cli.rs`, where the command
//!   line's arguments are read (a Breakthrough board size, a training command that only
//!   Breakthrough has).
//! - Comments and string literals: they speak to people, who may well be told that a bound
//!   is Breakthrough's or see a game's name in a message. But a string that is nothing but a
//!   game's module name, in any case (`"breakthrough"`), is that name used as data (a
//!   `Game::NAME` or a variant's name in disguise) and counts as code.
//! - `#[cfg(test)]` items (a module's `mod tests`, in its file or in a file of its own): a
//!   generic layer is tested on a real game, and the tests are not what the layer is. The
//!   tests' game is never the layer's.

use std::fs;
use std::path::{Path, PathBuf};

/// The games' modules, which are also their names (`Game::NAME`).
const GAME_MODULES: &[&str] = &["breakthrough", "breakthru", "relay"];

/// Identifiers that name a game: the games' modules ([`GAME_MODULES`]), their types, and
/// the macro that picks Breakthrough's bitboard width (a game's own dispatch, which a
/// generic layer does through `Game::visit`).
const GAME_NAMES: &[&str] = &[
    "breakthrough",
    "breakthru",
    "relay",
    // The games' types, and the variants of `games::Variant` that name them.
    "Breakthrough",
    "BreakthruGame",
    "Breakthru",
    "Relay",
    "BoardSize",
    "Bitboard",
    "Pattern",
    "Race",
    "with_position",
];

/// What marks an item as the tests': blanked out in a file, or a whole file's module.
const TEST_ATTRIBUTE: &str = "#[cfg(test)]";

/// Paths under `src/` (a folder ends in `/`) that may name games: the games and the wiring.
const ALLOWED: &[&str] = &["games/", "lib.rs", "main.rs", "bin/", "cli.rs"];

#[test]
fn generic_layers_name_no_game() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut found = Vec::new();
    for path in rust_files(&src) {
        let relative = path
            .strip_prefix(&src)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let allowed = ALLOWED.iter().any(|entry| match entry.strip_suffix('/') {
            Some(_) => relative.starts_with(entry),
            None => relative == *entry,
        });
        if allowed || is_test_module(&path) {
            continue;
        }
        let text = fs::read_to_string(&path).unwrap();
        let code = without_test_items(&code_only(&text));
        for (number, line) in code.lines().enumerate() {
            for word in identifiers(line).filter(|word| GAME_NAMES.contains(word)) {
                found.push(format!("src/{relative}:{}: {word}", number + 1));
            }
        }
    }
    assert!(
        found.is_empty(),
        "generic layers name a game (route it through the game traits or games::Variant):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_reader_sees_code_alone() {
    let text = r##"use a::Breakthrough; // Relay
/* Breakthru /* nested */ Race */ let s = "BoardSize \" Pattern"; let r = r#"relay " breakthru"#;
fn f<'a>(c: char) -> bool { c == '"' || c == '\'' || "Breakthru" == s }
#[cfg(test)]
mod tests { use Relay; fn g() -> [u8; 2] { [0; 2] } }
fn h() {}"##;
    let code = without_test_items(&code_only(text));
    let words: Vec<&str> = code.lines().flat_map(identifiers).collect();
    assert!(words.contains(&"Breakthrough"));
    assert!(
        words.contains(&"breakthru"),
        "a game's name as data: {code}"
    );
    for gone in [
        "Relay",
        "Breakthru",
        "Race",
        "BoardSize",
        "Pattern",
        "relay",
    ] {
        assert!(!words.contains(&gone), "{gone} in {code}");
    }
    assert!(
        words.contains(&"h"),
        "the code after the test module is kept: {code}"
    );
    assert_eq!(code.lines().count(), text.lines().count());
}

/// Whether the file at `path` is a module its parent declares as a `#[cfg(test)]` item
/// (`#[cfg(test)] mod tests;` in `x.rs` or `x/mod.rs`, the module in `x/tests.rs`).
fn is_test_module(path: &Path) -> bool {
    let (Some(dir), Some(stem)) = (path.parent(), path.file_stem()) else {
        return false;
    };
    let declaration = format!("{TEST_ATTRIBUTE}\nmod {};", stem.to_string_lossy());
    [dir.with_extension("rs"), dir.join("mod.rs")]
        .iter()
        .filter_map(|parent| fs::read_to_string(parent).ok())
        .any(|text| text.contains(&declaration))
}

/// The `.rs` files under `dir`, in order.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            files.push(path);
        }
    }
    files
}

/// The identifiers of a line of code.
fn identifiers(line: &str) -> impl Iterator<Item = &str> {
    line.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|word| !word.is_empty())
}

/// `text` with its comments, strings and character literals blanked out (newlines kept, so
/// that lines keep their numbers).
fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let blank = |out: &mut String, span: &[char]| {
        out.extend(span.iter().map(|&c| if c == '\n' { '\n' } else { ' ' }));
    };
    let mut i = 0;
    while i < chars.len() {
        let at = |k: usize| chars.get(i + k).copied().unwrap_or('\0');
        let after_word = i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
        let end = if at(0) == '/' && at(1) == '/' {
            (i..chars.len())
                .find(|&j| chars[j] == '\n')
                .unwrap_or(chars.len())
        } else if at(0) == '/' && at(1) == '*' {
            let (mut j, mut depth) = (i + 2, 1);
            while j < chars.len() && depth > 0 {
                if chars[j] == '/' && chars.get(j + 1) == Some(&'*') {
                    depth += 1;
                    j += 1;
                } else if chars[j] == '*' && chars.get(j + 1) == Some(&'/') {
                    depth -= 1;
                    j += 1;
                }
                j += 1;
            }
            j
        } else if at(0) == '"' {
            let mut j = i + 1;
            while j < chars.len() && chars[j] != '"' {
                j += if chars[j] == '\\' { 2 } else { 1 };
            }
            let text = chars[i + 1..j.min(chars.len())].iter().collect::<String>();
            if GAME_MODULES.contains(&text.to_lowercase().as_str()) {
                // A game's name as data: kept, unquoted, as the identifier it stands for.
                out += &format!(" {} ", text.to_lowercase());
                i = j + 1;
                continue;
            }
            j + 1
        } else if !after_word && (at(0) == 'r' || (at(0) == 'b' && at(1) == 'r')) && {
            let start = if at(0) == 'b' { 2 } else { 1 };
            let hashes = (start..).take_while(|&k| at(k) == '#').count();
            at(start + hashes) == '"'
        } {
            // A raw string: it ends at a quote followed by as many `#` as it began with.
            let start = i + if at(0) == 'b' { 2 } else { 1 };
            let hashes = (start..).take_while(|&j| chars[j] == '#').count();
            let close: Vec<char> = std::iter::once('"')
                .chain(std::iter::repeat_n('#', hashes))
                .collect();
            let body = start + hashes + 1;
            (body..chars.len())
                .find(|&j| chars[j..].starts_with(&close))
                .map_or(chars.len(), |j| j + close.len())
        } else if at(0) == '\'' && (at(1) == '\\' || at(2) == '\'') {
            // A character literal (a lifetime has no closing quote after one character).
            let mut j = i + 1;
            while j < chars.len() && chars[j] != '\'' {
                j += if chars[j] == '\\' { 2 } else { 1 };
            }
            j + 1
        } else {
            out.push(chars[i]);
            i += 1;
            continue;
        };
        let end = end.min(chars.len());
        blank(&mut out, &chars[i..end]);
        i = end;
    }
    out
}

/// `code` (from [`code_only`]) with every `#[cfg(test)]` item blanked out: the attribute
/// and the item after it, up to its closing brace or semicolon.
fn without_test_items(code: &str) -> String {
    let mut out = code.to_string();
    while let Some(start) = out.find(TEST_ATTRIBUTE) {
        let bytes = out.as_bytes();
        let (mut j, mut nesting) = (start + TEST_ATTRIBUTE.len(), 0i32);
        // The item's body: the first `{` or `;` outside brackets and parentheses.
        while j < bytes.len() {
            match bytes[j] {
                b'(' | b'[' => nesting += 1,
                b')' | b']' => nesting -= 1,
                b';' | b'{' if nesting == 0 => break,
                _ => {}
            }
            j += 1;
        }
        if j < bytes.len() && bytes[j] == b'{' {
            let mut depth = 0;
            while j < bytes.len() {
                match bytes[j] {
                    b'{' => depth += 1,
                    b'}' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
        }
        let end = (j + 1).min(bytes.len());
        let blanked: String = out[start..end]
            .chars()
            .map(|c| if c == '\n' { '\n' } else { ' ' })
            .collect();
        out.replace_range(start..end, &blanked);
    }
    out
}
