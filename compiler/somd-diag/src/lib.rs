//! Source files, spans and diagnostics shared by every stage of `somdc`.
//!
//! Errors are data: each stage builds [`Diagnostic`] values that carry a stable code
//! (`E0001`, `W0001`, ...), a primary [`Label`] on the exact span, optional secondary
//! labels, notes and a `help:` line. This crate renders them in one place, either in
//! `codespan-reporting`'s human format or as JSON lines for tools and tests.
//!
//! Codes are registered per stage (`somd_syntax::codes`, `somd_sema::codes`); the tidy
//! test in `tests/` checks that every registered code has a page in `docs/errors/`.

mod render;
mod source;

pub use render::{render_json, render_text, JsonDiagnostic, JsonLabel};
pub use source::{FileId, SourceFile, SourceMap, Span};

/// How serious a diagnostic is. Only errors make `somdc check` fail.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    Error,
    Warning,
}

/// A message attached to a span of source text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    pub span: Span,
    pub message: String,
}

impl Label {
    pub fn new(span: Span, message: impl Into<String>) -> Label {
        Label { span, message: message.into() }
    }
}

/// A registered diagnostic code with a one-line title, used by the documentation tidy test.
#[derive(Clone, Copy, Debug)]
pub struct CodeInfo {
    pub code: &'static str,
    pub title: &'static str,
}

/// One error or warning about the user's program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    /// Stable code such as `E0101`; documented in `docs/errors/<code>.md`.
    pub code: &'static str,
    pub message: String,
    /// The label on the exact construct that is wrong.
    pub primary: Label,
    /// Related places: the declaration being violated, the call chain, ...
    pub secondary: Vec<Label>,
    pub notes: Vec<String>,
    pub help: Option<String>,
}

impl Diagnostic {
    pub fn error(code: &'static str, message: impl Into<String>, span: Span) -> Diagnostic {
        Diagnostic::new(Severity::Error, code, message, span)
    }

    pub fn warning(code: &'static str, message: impl Into<String>, span: Span) -> Diagnostic {
        Diagnostic::new(Severity::Warning, code, message, span)
    }

    fn new(
        severity: Severity,
        code: &'static str,
        message: impl Into<String>,
        span: Span,
    ) -> Diagnostic {
        Diagnostic {
            severity,
            code,
            message: message.into(),
            primary: Label::new(span, ""),
            secondary: Vec::new(),
            notes: Vec::new(),
            help: None,
        }
    }

    /// Sets the text shown under the primary span.
    pub fn with_label(mut self, message: impl Into<String>) -> Diagnostic {
        self.primary.message = message.into();
        self
    }

    pub fn with_secondary(mut self, span: Span, message: impl Into<String>) -> Diagnostic {
        self.secondary.push(Label::new(span, message));
        self
    }

    pub fn with_note(mut self, note: impl Into<String>) -> Diagnostic {
        self.notes.push(note.into());
        self
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// Sorts diagnostics by file and position, so output is deterministic whatever order the
/// passes found them in.
pub fn sort(diagnostics: &mut [Diagnostic]) {
    diagnostics.sort_by(|a, b| {
        (a.primary.span.file, a.primary.span.start, a.primary.span.end, a.code).cmp(&(
            b.primary.span.file,
            b.primary.span.start,
            b.primary.span.end,
            b.code,
        ))
    });
}
