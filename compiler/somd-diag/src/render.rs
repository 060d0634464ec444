//! Rendering diagnostics: `codespan-reporting` text for people, JSON lines for tools.

use crate::{Diagnostic, Severity, SourceMap, Span};
use codespan_reporting::diagnostic as cs;
use codespan_reporting::files::{Error as FilesError, Files};
use codespan_reporting::term::{self, termcolor};
use serde::Serialize;

impl<'a> Files<'a> for SourceMap {
    type FileId = crate::FileId;
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, id: crate::FileId) -> Result<&'a str, FilesError> {
        self.get(id).map(|f| f.name.as_str()).ok_or(FilesError::FileMissing)
    }

    fn source(&'a self, id: crate::FileId) -> Result<&'a str, FilesError> {
        self.get(id).map(|f| f.text.as_str()).ok_or(FilesError::FileMissing)
    }

    fn line_index(&'a self, id: crate::FileId, byte_index: usize) -> Result<usize, FilesError> {
        let file = self.get(id).ok_or(FilesError::FileMissing)?;
        Ok(match file.line_starts().binary_search(&byte_index) {
            Ok(line) => line,
            Err(next) => next - 1,
        })
    }

    fn line_range(
        &'a self,
        id: crate::FileId,
        line_index: usize,
    ) -> Result<std::ops::Range<usize>, FilesError> {
        let file = self.get(id).ok_or(FilesError::FileMissing)?;
        let starts = file.line_starts();
        let start = *starts
            .get(line_index)
            .ok_or(FilesError::LineTooLarge { given: line_index, max: starts.len() - 1 })?;
        let end = starts.get(line_index + 1).copied().unwrap_or(file.text.len());
        Ok(start..end)
    }
}

fn to_codespan(diagnostic: &Diagnostic, sources: &SourceMap) -> cs::Diagnostic<crate::FileId> {
    let severity = match diagnostic.severity {
        Severity::Error => cs::Severity::Error,
        Severity::Warning => cs::Severity::Warning,
    };
    let clamp = |span: Span| {
        let len = sources.get(span.file).map(|f| f.text.len()).unwrap_or(0);
        let start = (span.start as usize).min(len);
        let end = (span.end as usize).clamp(start, len);
        start..end
    };
    let mut labels =
        vec![cs::Label::primary(diagnostic.primary.span.file, clamp(diagnostic.primary.span))
            .with_message(diagnostic.primary.message.clone())];
    labels.extend(diagnostic.secondary.iter().map(|label| {
        cs::Label::secondary(label.span.file, clamp(label.span)).with_message(label.message.clone())
    }));
    let mut notes = diagnostic.notes.clone();
    if let Some(help) = &diagnostic.help {
        notes.push(format!("help: {help}"));
    }
    cs::Diagnostic::new(severity)
        .with_code(diagnostic.code)
        .with_message(diagnostic.message.clone())
        .with_labels(labels)
        .with_notes(notes)
}

/// Renders diagnostics in `codespan-reporting`'s format (`error[E0101]: ...`, then
/// `┌─ file.somd:LINE:COL` and the labelled source lines).
pub fn render_text(sources: &SourceMap, diagnostics: &[Diagnostic], color: bool) -> String {
    let mut buffer = if color { termcolor::Buffer::ansi() } else { termcolor::Buffer::no_color() };
    let config = term::Config::default();
    for diagnostic in diagnostics {
        // Rendering into memory fails only on a span outside its file, which `to_codespan`
        // clamps away; an error here would lose one diagnostic's text, never the exit code.
        let _ = term::emit_to_write_style(
            &mut buffer,
            &config,
            sources,
            &to_codespan(diagnostic, sources),
        );
    }
    String::from_utf8_lossy(buffer.as_slice()).into_owned()
}

/// A label in the machine-readable form: file name and 1-based line/column of both ends.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct JsonLabel {
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub end_line: usize,
    pub end_column: usize,
    pub message: String,
}

/// One diagnostic in the machine-readable form written by `--format json`.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct JsonDiagnostic {
    pub severity: &'static str,
    pub code: &'static str,
    pub message: String,
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub end_line: usize,
    pub end_column: usize,
    pub label: String,
    pub secondary: Vec<JsonLabel>,
    pub notes: Vec<String>,
    pub help: Option<String>,
}

fn json_label(sources: &SourceMap, span: Span, message: &str) -> JsonLabel {
    let (file, (line, column), (end_line, end_column)) = match sources.get(span.file) {
        Some(f) => (f.name.clone(), f.line_col(span.start as usize), f.line_col(span.end as usize)),
        None => (String::from("<unknown>"), (0, 0), (0, 0)),
    };
    JsonLabel { file, line, column, end_line, end_column, message: message.to_string() }
}

impl JsonDiagnostic {
    pub fn new(sources: &SourceMap, diagnostic: &Diagnostic) -> JsonDiagnostic {
        let primary = json_label(sources, diagnostic.primary.span, &diagnostic.primary.message);
        JsonDiagnostic {
            severity: match diagnostic.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
            },
            code: diagnostic.code,
            message: diagnostic.message.clone(),
            file: primary.file,
            line: primary.line,
            column: primary.column,
            end_line: primary.end_line,
            end_column: primary.end_column,
            label: primary.message,
            secondary: diagnostic
                .secondary
                .iter()
                .map(|l| json_label(sources, l.span, &l.message))
                .collect(),
            notes: diagnostic.notes.clone(),
            help: diagnostic.help.clone(),
        }
    }
}

/// Renders diagnostics as JSON lines, one object per diagnostic.
pub fn render_json(sources: &SourceMap, diagnostics: &[Diagnostic]) -> String {
    let mut out = String::new();
    for diagnostic in diagnostics {
        let json = JsonDiagnostic::new(sources, diagnostic);
        if let Ok(line) = serde_json::to_string(&json) {
            out.push_str(&line);
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Diagnostic;

    #[test]
    fn text_and_json_agree_on_position() {
        let mut sources = SourceMap::new();
        let file = sources.add("t.somd", "class A {\n  int x = true;\n}\n");
        let span = Span::new(file, 20, 24);
        let d = Diagnostic::error("E0100", "mismatched types", span)
            .with_label("expected `int`, found `boolean`")
            .with_help("use an int literal");
        let text = render_text(&sources, std::slice::from_ref(&d), false);
        assert!(text.contains("error[E0100]: mismatched types"), "{text}");
        assert!(text.contains("t.somd:2:11"), "{text}");
        assert!(text.contains("help: use an int literal"), "{text}");
        let json = render_json(&sources, &[d]);
        let value: serde_json::Value = serde_json::from_str(json.trim()).expect("valid json");
        assert_eq!(value["line"], 2);
        assert_eq!(value["column"], 11);
        assert_eq!(value["code"], "E0100");
    }
}
