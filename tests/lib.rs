//! Helpers shared by the end-to-end suites: loading programs (a `.somd` file or a
//! directory of them is one program) and reading the expected-diagnostic annotations that
//! fixtures carry inline.
//!
//! An annotation is a comment line anywhere in a fixture:
//!
//! ```text
//! // error[E0101] 3:17: mismatched types: expected `int`, found `boolean`
//! // warning[W0301] 7:5: `reduce(-)` is not associative
//! ```
//!
//! The harness checks that the diagnostics `somdc check` produces for the program are
//! exactly the annotated ones: severity, code, line and column of the primary span's start
//! (1-based, columns counting characters) and the full message.

use somd_diag::{Diagnostic, Severity, SourceMap};
use std::fmt;
use std::path::{Path, PathBuf};

/// The repository root (the parent of this crate).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().map(Path::to_path_buf).unwrap_or_default()
}

/// One expected or actual diagnostic, reduced to what fixtures assert.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Expectation {
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub severity: &'static str,
    pub code: String,
    pub message: String,
}

impl fmt::Display for Expectation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: // {}[{}] {}:{}: {}",
            self.file, self.severity, self.code, self.line, self.column, self.message
        )
    }
}

/// A program under test: its files, in a stable order.
pub struct Program {
    pub name: String,
    pub files: Vec<PathBuf>,
}

/// Every program under `dir`: each `.somd` file directly in a directory tree is its own
/// program, except that a directory whose name ends in `.prog` is one multi-file program.
pub fn programs(dir: &Path) -> Vec<Program> {
    let mut out = Vec::new();
    collect(dir, dir, &mut out);
    out.sort_by(|a, b| a.name.cmp(&b.name));
    out
}

fn collect(root: &Path, dir: &Path, out: &mut Vec<Program>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        let name = path.strip_prefix(root).unwrap_or(&path).display().to_string();
        if path.is_dir() {
            if path.extension().is_some_and(|e| e == "prog") {
                let mut files: Vec<PathBuf> = std::fs::read_dir(&path)
                    .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
                    .unwrap_or_default();
                files.retain(|f| f.extension().is_some_and(|e| e == "somd"));
                files.sort();
                out.push(Program { name, files });
            } else {
                collect(root, &path, out);
            }
        } else if path.extension().is_some_and(|e| e == "somd") {
            out.push(Program { name, files: vec![path] });
        }
    }
}

/// Loads a program's files into a source map named by their file names.
pub fn load(program: &Program) -> SourceMap {
    let mut sources = SourceMap::new();
    for file in &program.files {
        // As the driver reads them: bytes that are no UTF-8 are reported (E0015).
        let bytes = std::fs::read(file).unwrap_or_default();
        let name = file.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        sources.add_bytes(name, bytes);
    }
    sources
}

/// Reads the annotations of every file of a program.
pub fn expectations(sources: &SourceMap) -> Vec<Expectation> {
    let mut out = Vec::new();
    for (_, file) in sources.files() {
        for line in file.text.lines() {
            if let Some(e) = parse_annotation(&file.name, line) {
                out.push(e);
            }
        }
    }
    out.sort();
    out
}

/// Parses `// error[E0101] 3:17: message`.
pub fn parse_annotation(file: &str, line: &str) -> Option<Expectation> {
    let rest = line.trim_start().strip_prefix("//")?.trim_start();
    let (severity, rest) = if let Some(r) = rest.strip_prefix("error[") {
        ("error", r)
    } else if let Some(r) = rest.strip_prefix("warning[") {
        ("warning", r)
    } else {
        return None;
    };
    let (code, rest) = rest.split_once(']')?;
    let (position, message) = rest.trim_start().split_once(": ")?;
    let (line_no, column) = position.split_once(':')?;
    Some(Expectation {
        file: file.to_string(),
        line: line_no.trim().parse().ok()?,
        column: column.trim().parse().ok()?,
        severity,
        code: code.to_string(),
        message: message.trim_end().to_string(),
    })
}

/// Reduces produced diagnostics to expectations.
pub fn actual(sources: &SourceMap, diagnostics: &[Diagnostic]) -> Vec<Expectation> {
    let mut out: Vec<Expectation> = diagnostics
        .iter()
        .map(|d| {
            let (file, (line, column)) = match sources.get(d.primary.span.file) {
                Some(f) => (f.name.clone(), f.line_col(d.primary.span.start as usize)),
                None => (String::from("<unknown>"), (0, 0)),
            };
            Expectation {
                file,
                line,
                column,
                severity: match d.severity {
                    Severity::Error => "error",
                    Severity::Warning => "warning",
                },
                code: d.code.to_string(),
                message: d.message.clone(),
            }
        })
        .collect();
    out.sort();
    out
}

/// Rewrites the annotations of a single-file fixture to `actual` (used with
/// `SOMD_BLESS=1`): existing annotation lines are removed and the new ones appended at the
/// end, so source line numbers do not move. Review every blessed change.
pub fn bless(path: &Path, actual: &[Expectation]) -> std::io::Result<()> {
    let text = std::fs::read_to_string(path)?;
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let mut kept: Vec<&str> =
        text.lines().filter(|l| parse_annotation(&name, l).is_none()).collect();
    while kept.last().is_some_and(|l| l.trim().is_empty()) {
        kept.pop();
    }
    let mut out = kept.join("\n");
    out.push('\n');
    for e in actual.iter().filter(|e| e.file == name) {
        out.push_str(&format!(
            "// {}[{}] {}:{}: {}\n",
            e.severity, e.code, e.line, e.column, e.message
        ));
    }
    std::fs::write(path, out)
}
