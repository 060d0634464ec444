//! The placement file `somd.toml` (LANGUAGE.md §4.1): rules `"Class.method" = "cpu" | "gpu"`.
//!
//! The file is found through `SOMD_CONFIG` (a path) or as `somd.toml` next to the running
//! executable, and read once per process. The accepted format is the TOML subset the rules
//! need, parsed by hand rather than with the `toml` crate (which would add a parser, a
//! datetime and a serde stack to every compiled program for two kinds of line):
//! - blank lines and `#` comments (also after a value);
//! - table headers: rules may stand at the top level or under `[placement]`; another table
//!   (`[other]`, `[[placement]]`) or a malformed header is reported once and its lines are
//!   ignored;
//! - `"Class.method" = "cpu"` or `"gpu"` (basic or literal strings for the key and value); a
//!   bare dotted key `Class.method = "gpu"` is accepted as the same rule. A second rule for
//!   the same method is reported and ignored (TOML allows a key once).
//!
//! Any other line produces one warning (`somd: warning: somd.toml:LINE: ...`) and is skipped;
//! the rest of the file still applies. A rule naming no method of the program (the generated
//! `main` lists them, `policy::known_methods`) is reported once when the file is read.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Where a rule sends a method.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    Cpu,
    Gpu,
}

/// The parsed rules of a placement file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PlacementFile {
    pub rules: HashMap<String, Rule>,
    /// One line per problem, already formatted as `somd: warning: ...`.
    pub warnings: Vec<String>,
}

impl PlacementFile {
    /// The rule for `"Class.method"`, if any.
    pub fn rule(&self, method: &str) -> Option<Rule> {
        self.rules.get(method).copied()
    }

    /// Parses the text of a placement file; `origin` names it in warnings.
    pub fn parse(text: &str, origin: &str) -> PlacementFile {
        let mut file = PlacementFile::default();
        let mut in_rules_table = true;
        // The line of each rule's method, for a second rule of the same method.
        let mut first_line: HashMap<String, usize> = HashMap::new();
        for (line_idx, raw_line) in text.lines().enumerate() {
            let line_no = line_idx + 1;
            let line = strip_comment(raw_line).trim();
            if line.is_empty() {
                continue;
            }
            let mut warn = |why: String| {
                file.warnings.push(format!("somd: warning: {origin}:{line_no}: {why}"));
            };
            if line.starts_with('[') {
                let name = line.strip_prefix('[').and_then(|h| h.strip_suffix(']')).map(str::trim);
                in_rules_table = name == Some("placement");
                match name {
                    Some("placement") => {}
                    Some(name) => warn(format!(
                        "rules stand at the top level or under [placement]; the lines of [{name}] are \
                         ignored"
                    )),
                    None => warn(format!(
                        "malformed table header {line}; the lines under it are ignored"
                    )),
                }
                continue;
            }
            if !in_rules_table {
                continue;
            }
            match parse_rule(line) {
                Ok((key, _)) if first_line.contains_key(&key) => warn(format!(
                    "a second rule for \"{key}\" (the first is on line {}); line ignored",
                    first_line[&key]
                )),
                Ok((key, rule)) => {
                    first_line.insert(key.clone(), line_no);
                    file.rules.insert(key, rule);
                }
                Err(why) => warn(format!("{why}; line ignored")),
            }
        }
        file
    }

    /// Reads and parses `path`; `None` if the file does not exist.
    pub fn load(path: &Path) -> Option<PlacementFile> {
        match std::fs::read_to_string(path) {
            Ok(text) => Some(PlacementFile::parse(&text, &path.display().to_string())),
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => None,
            Err(err) => Some(PlacementFile {
                rules: HashMap::new(),
                warnings: vec![format!(
                    "somd: warning: cannot read placement file {}: {err}",
                    path.display()
                )],
            }),
        }
    }
}

/// The placement file of this process: `SOMD_CONFIG` when set (a warning when it is
/// missing), else `somd.toml` next to the executable when present.
pub fn locate(config: Option<&str>) -> (Option<PathBuf>, Option<String>) {
    if let Some(path) = config {
        let path = PathBuf::from(path);
        if path.is_file() {
            return (Some(path), None);
        }
        let warning =
            format!("somd: warning: SOMD_CONFIG={} does not name a readable file", path.display());
        return (None, Some(warning));
    }
    let beside_exe = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(|dir| dir.join("somd.toml")))
        .filter(|path| path.is_file());
    (beside_exe, None)
}

fn strip_comment(line: &str) -> &str {
    // A `#` inside a quoted string is not a comment.
    let mut quote: Option<char> = None;
    for (idx, ch) in line.char_indices() {
        match (quote, ch) {
            (None, '#') => return &line[..idx],
            (None, '"' | '\'') => quote = Some(ch),
            (Some(open), _) if ch == open => quote = None,
            _ => {}
        }
    }
    line
}

fn parse_rule(line: &str) -> Result<(String, Rule), String> {
    let (key, value) =
        line.split_once('=').ok_or("expected `\"Class.method\" = \"cpu\"|\"gpu\"`")?;
    let key = unquote(key.trim()).ok_or("the key must be a quoted \"Class.method\"")?;
    if key.is_empty() || !key.contains('.') {
        return Err(format!("the key {key:?} is not of the form \"Class.method\""));
    }
    let value = value.trim();
    let value = unquote(value)
        .filter(|_| value.starts_with(['"', '\'']))
        .ok_or(format!("the value {value} is not a quoted string"))?;
    let rule = match value.to_ascii_lowercase().as_str() {
        "cpu" => Rule::Cpu,
        "gpu" => Rule::Gpu,
        other => return Err(format!("unknown placement {other:?} (expected \"cpu\" or \"gpu\")")),
    };
    Ok((key.to_string(), rule))
}

fn unquote(text: &str) -> Option<&str> {
    for quote in ['"', '\''] {
        if let Some(inner) = text.strip_prefix(quote) {
            return inner.strip_suffix(quote).filter(|inner| !inner.contains(quote));
        }
    }
    // A bare (possibly dotted) key.
    let bare = text.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '.');
    (bare && !text.is_empty()).then_some(text)
}
