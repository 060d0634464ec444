//! The placement file `somd.toml` (LANGUAGE.md §4.1): rules `"Class.method" = "cpu" | "gpu"`.
//!
//! The file is found through `SOMD_CONFIG` (a path) or as `somd.toml` next to the running
//! executable, and read once per process. It is TOML, parsed by `toml_edit` (its `parse`
//! feature alone: no serde), so every spelling TOML allows for a key and a string is
//! accepted. A rule is a string value whose key path, less a leading `placement` table,
//! names a method: `"Main.saxpy" = "gpu"` and `Main.saxpy = "gpu"` (a dotted key) at the
//! top level, `[placement]` with `"Main.saxpy" = 'gpu'`, `placement."Main.saxpy" = "gpu"`,
//! `placement = { "Main.saxpy" = "gpu" }`, `[Main]` with `saxpy = "gpu"`; the value is
//! `cpu` or `gpu` in any case.
//!
//! Nothing in the file stops the program. A line TOML rejects (the parser's first error)
//! produces one warning (`somd: warning: somd.toml:LINE: ...`) and is set aside, with the
//! lines under it when it is a table header, and the rest is parsed again, so the other
//! rules still apply; so is a rule naming no `Class.method`, giving another value than
//! `cpu` or `gpu`, or a second rule for a method that another table's rule already gives.
//! A rule naming no method of the program (the generated `main` lists them,
//! `policy::known_methods`) is reported once when the file is read.

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
        let mut file = Parsed::default();
        let mut text = text.to_string();
        let document = loop {
            match toml_edit::Document::parse(text.as_str()) {
                Ok(document) => break document,
                Err(err) => {
                    let at = err.span().map_or(text.len(), |span| span.start);
                    let mut message = err.message().trim_end().to_string();
                    if let Some(span) = err.span().filter(|_| message == "duplicate key") {
                        message = format!("duplicate key `{}`", text_at(&text, span));
                    }
                    let (line_no, header) = set_aside(&mut text, at);
                    let why = match header {
                        true => " (TOML defines a table once); the lines under it are ignored",
                        false => "; line ignored",
                    };
                    let why = if header && !message.starts_with("duplicate") {
                        "; the lines under it are ignored"
                    } else {
                        why
                    };
                    file.warnings.push((line_no, format!("{message}{why}")));
                }
            }
        };
        let mut rules = Rules { file: &mut file, text: &text, first_line: HashMap::new() };
        rules.table(document.as_table(), &mut Vec::new());
        // In the order of the file's lines (parse errors are found before the rules).
        file.warnings.sort_by_key(|(line_no, _)| *line_no);
        PlacementFile {
            rules: file.rules,
            warnings: file
                .warnings
                .into_iter()
                .map(|(line_no, why)| format!("somd: warning: {origin}:{line_no}: {why}"))
                .collect(),
        }
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

/// A placement file as it is read: its rules, and its warnings by line.
#[derive(Default)]
struct Parsed {
    rules: HashMap<String, Rule>,
    warnings: Vec<(usize, String)>,
}

/// The rules of a parsed placement file, gathered table by table.
struct Rules<'a> {
    file: &'a mut Parsed,
    text: &'a str,
    /// The line of each rule's method, for a second rule of the same method.
    first_line: HashMap<String, usize>,
}

impl Rules<'_> {
    /// The rules of `table`, whose key path from the top is `path`.
    fn table(&mut self, table: &dyn toml_edit::TableLike, path: &mut Vec<String>) {
        use toml_edit::{Item, Value};
        for (name, item) in table.iter() {
            let at = table
                .get_key_value(name)
                .and_then(|(key, _)| key.span())
                .or_else(|| item.span())
                .map_or(0, |span| span.start);
            path.push(name.to_string());
            match item {
                Item::Table(inner) => self.table(inner, path),
                Item::Value(Value::InlineTable(inner)) => self.table(inner, path),
                Item::Value(Value::String(value)) => self.rule(path, value.value(), at),
                Item::ArrayOfTables(_) => self.warn(
                    at,
                    format!(
                        "[[{}]] is an array of tables, which holds no rules; ignored",
                        dotted(path)
                    ),
                ),
                Item::Value(value) => {
                    let kind = value.type_name();
                    let article =
                        if kind.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" };
                    let why = format!(
                        "the value of {} is {article} {kind}, not \"cpu\" or \"gpu\"; ignored",
                        dotted(path)
                    );
                    self.warn(at, why)
                }
                Item::None => {}
            }
            path.pop();
        }
    }

    /// The rule `path = value` whose key stands at byte `at`.
    fn rule(&mut self, path: &[String], value: &str, at: usize) {
        let names = match path {
            [table, rest @ ..] if table == "placement" && !rest.is_empty() => rest,
            _ => path,
        };
        let method = names.join(".");
        let parts: Vec<&str> = method.split('.').collect();
        // Labels of operator `!`s hold more dots (`+ ! in Main.main`).
        if parts.len() < 2 || parts.iter().any(|part| part.is_empty()) {
            let why = format!("the key {} does not name a \"Class.method\"; ignored", dotted(path));
            return self.warn(at, why);
        }
        let rule = match value.to_ascii_lowercase().as_str() {
            "cpu" => Rule::Cpu,
            "gpu" => Rule::Gpu,
            _ => {
                let why =
                    format!("unknown placement {value:?} (expected \"cpu\" or \"gpu\"); ignored");
                return self.warn(at, why);
            }
        };
        let line_no = line_of(self.text, at);
        if let Some(first) = self.first_line.get(&method) {
            let why =
                format!("a second rule for \"{method}\" (the first is on line {first}); ignored");
            return self.warn(at, why);
        }
        self.first_line.insert(method.clone(), line_no);
        self.file.rules.insert(method, rule);
    }

    fn warn(&mut self, at: usize, why: String) {
        self.file.warnings.push((line_of(self.text, at), why));
    }
}

/// A key path as TOML writes it (each part quoted where it must be).
fn dotted(path: &[String]) -> String {
    let bare = |part: &String| {
        !part.is_empty() && part.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    };
    let parts: Vec<String> = path
        .iter()
        .map(|part| if bare(part) { part.clone() } else { format!("{part:?}") })
        .collect();
    parts.join(".")
}

/// The 1-based line of byte `at` of `text`.
fn line_of(text: &str, at: usize) -> usize {
    text.as_bytes()[..at.min(text.len())].iter().filter(|&&b| b == b'\n').count() + 1
}

/// The text of `span`, or nothing where it is not on character boundaries.
fn text_at(text: &str, span: std::ops::Range<usize>) -> &str {
    text.get(span).unwrap_or_default()
}

/// Sets aside the line of `text` holding byte `at`, where TOML found an error, by blanking it
/// (its line breaks stay, so later lines keep their numbers): a table header with the lines
/// under it, up to the next header; an error on a blank line (an unclosed string or array
/// at the end) the nearest line above it that is not blank. Returns the line's number and
/// whether it was a header. Every call blanks a line that was not blank, so parsing again
/// ends.
fn set_aside(text: &mut String, at: usize) -> (usize, bool) {
    let mut starts: Vec<usize> = vec![0];
    starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
    let line_span =
        |k: usize, text: &str| starts[k]..starts.get(k + 1).map_or(text.len(), |next| next - 1);
    let blank = |k: usize, text: &str| text[line_span(k, text)].trim().is_empty();
    let mut k = starts.partition_point(|&start| start <= at).saturating_sub(1);
    while blank(k, text) && k > 0 {
        k -= 1;
    }
    let line_no = k + 1;
    let header = text[line_span(k, text)].trim_start().starts_with('[');
    let mut last = k;
    if header {
        while last + 1 < starts.len()
            && !text[line_span(last + 1, text)].trim_start().starts_with('[')
        {
            last += 1;
        }
    }
    let blanked: String = text[starts[k]..line_span(last, text).end]
        .chars()
        .map(|c| if c == '\n' || c == '\r' { c } else { ' ' })
        .collect();
    text.replace_range(starts[k]..line_span(last, text).end, &blanked);
    (line_no, header)
}
