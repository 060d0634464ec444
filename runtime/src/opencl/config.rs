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
        let mut set_aside = 0;
        let document = loop {
            let err = match toml_edit::Document::parse(text.as_str()) {
                Ok(document) => break document,
                Err(err) => err,
            };
            let at = err.span().map_or(text.len(), |span| span.start);
            let mut message = err.message().trim_end().to_string();
            if let Some(span) = err.span().filter(|_| message == "duplicate key") {
                message = format!("duplicate key `{}`", text_at(&text, span));
            }
            set_aside += 1;
            let lines = Lines::of(&text);
            let (line_no, aside) = match set_aside <= MAX_SET_ASIDE {
                true => lines.set_aside(&mut text, at, set_aside),
                false => (lines.line_of(at), Aside::Rest),
            };
            if aside == Aside::Rest {
                // Each time shorter, so parsing again ends.
                let cut = match lines.start_of(line_no) {
                    cut if cut < text.len() => cut,
                    _ if line_no > 1 => lines.start_of(line_no - 1),
                    _ => 0,
                };
                text.truncate(cut);
            }
            let why = match aside {
                Aside::Line => "; line ignored",
                Aside::Lines => "; the lines up to its end are ignored",
                Aside::Table if message.starts_with("duplicate") => {
                    " (TOML defines a table once); the lines under it are ignored"
                }
                Aside::Table => "; the lines under it are ignored",
                Aside::Rest => "; the rest of the file is ignored",
            };
            file.warnings.push((line_no, format!("{message}{why}")));
        };
        let lines = Lines::of(&text);
        let mut rules = Rules { file: &mut file, lines: &lines, first_line: HashMap::new() };
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
    lines: &'a Lines,
    /// The line of each rule's method, for a second rule of the same method.
    first_line: HashMap<String, usize>,
}

impl Rules<'_> {
    /// The rules of `table`, whose key path from the top is `path`.
    fn table(&mut self, table: &dyn toml_edit::TableLike, path: &mut Vec<String>) {
        use toml_edit::{Item, Value};
        for (name, item) in table.iter() {
            // A table set aside for an error (`Lines::set_aside`), already reported.
            if path.is_empty() && name.starts_with(SET_ASIDE) {
                continue;
            }
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
        let line_no = self.lines.line_of(at);
        if let Some(first) = self.first_line.get(&method) {
            let why =
                format!("a second rule for \"{method}\" (the first is on line {first}); ignored");
            return self.warn(at, why);
        }
        self.first_line.insert(method.clone(), line_no);
        self.file.rules.insert(method, rule);
    }

    fn warn(&mut self, at: usize, why: String) {
        self.file.warnings.push((self.lines.line_of(at), why));
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

/// The text of `span`, or nothing where it is not on character boundaries.
fn text_at(text: &str, span: std::ops::Range<usize>) -> &str {
    text.get(span).unwrap_or_default()
}

/// How many lines TOML rejects are set aside before the rest of the file is ignored: each
/// costs another parse of the file.
const MAX_SET_ASIDE: usize = 100;

/// The name of the tables that stand for headers set aside (`[somd-set-aside-1]`).
const SET_ASIDE: &str = "somd-set-aside-";

/// What became of the lines around an error.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Aside {
    /// The line was blanked.
    Line,
    /// The line opened a multi-line string, blanked with it up to its closing line.
    Lines,
    /// A table header, replaced by one of a table no rule is read from, so that the lines
    /// under it, which TOML gives to that table, are ignored with it.
    Table,
    /// Too many errors: the file is read up to the line.
    Rest,
}

/// The lines of a text: where each starts.
struct Lines {
    starts: Vec<usize>,
    len: usize,
}

impl Lines {
    fn of(text: &str) -> Lines {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        Lines { starts, len: text.len() }
    }

    /// The 1-based line of byte `at`.
    fn line_of(&self, at: usize) -> usize {
        self.starts.partition_point(|&start| start <= at).max(1)
    }

    /// Where the 1-based line `line_no` starts.
    fn start_of(&self, line_no: usize) -> usize {
        self.starts.get(line_no - 1).copied().unwrap_or(self.len)
    }

    /// The bytes of 0-based line `k`, without its line break.
    fn span(&self, k: usize) -> std::ops::Range<usize> {
        self.starts[k]..self.starts.get(k + 1).map_or(self.len, |next| next - 1)
    }

    /// Sets aside the line of `text` holding byte `at`, where TOML found an error, the
    /// `count`th (line breaks stay, so later lines keep their numbers): a table header is
    /// replaced by the header of a table no rule is read from, so its lines go with it; a
    /// line opening a multi-line string is blanked up to the line closing it; any other
    /// line is blanked. An error on a line of TOML whitespace (an unclosed array at the
    /// end) sets aside the nearest line above it that is not, and a header set aside before
    /// is blanked. Returns the line's number and what became of it. Every call changes a
    /// line toward blank (text, a header set aside, blank), or gives up the rest of the
    /// file, so parsing again ends.
    fn set_aside(&self, text: &mut String, at: usize, count: usize) -> (usize, Aside) {
        // TOML's whitespace, and the carriage return of a CRLF.
        let blank = |k: usize, text: &str| {
            text[self.span(k)].chars().all(|c| matches!(c, ' ' | '\t' | '\r'))
        };
        let mut k = self.line_of(at) - 1;
        while blank(k, text) && k > 0 {
            k -= 1;
        }
        if blank(k, text) {
            return (self.line_of(at), Aside::Rest);
        }
        let line = text[self.span(k)].to_string();
        let trimmed = line.trim_start_matches([' ', '\t']);
        let mut last = k;
        let mut aside = Aside::Line;
        let header = trimmed.starts_with('[')
            && !trimmed.starts_with(&format!("[{SET_ASIDE}"))
            && !trimmed.contains([',', '=']);
        if header {
            // Its line break stays: later lines keep their numbers.
            let table = format!("[{SET_ASIDE}{count}]");
            let end = self.span(k).end;
            text.replace_range(self.starts[k]..end, &table);
            return (k + 1, Aside::Table);
        }
        for quotes in ["\"\"\"", "\'\'\'"] {
            if line.matches(quotes).count() % 2 == 1 {
                aside = Aside::Lines;
                last = (k + 1..self.starts.len())
                    .find(|&j| text[self.span(j)].contains(quotes))
                    .unwrap_or(self.starts.len() - 1);
            }
        }
        let range = self.starts[k]..self.span(last).end;
        let blanked: String =
            text[range.clone()].chars().map(|c| if c == '\n' { c } else { ' ' }).collect();
        text.replace_range(range, &blanked);
        (k + 1, aside)
    }
}
