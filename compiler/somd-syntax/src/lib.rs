//! Lexing and parsing of `.somd` files into the spanned AST of [`ast`].
//!
//! `parse(file, text, ids) -> (CompilationUnit, diagnostics)`: the parser recovers from
//! syntax errors so that several independent errors are reported in one run, each naming
//! what was expected. Parser-generator errors are mapped to [`somd_diag::Diagnostic`]s at
//! this boundary and never leak out.

pub mod ast;
pub mod codes;
mod lexer;
mod parse;

pub use codes::CODES;
pub use parse::parse;

/// E0015 at `span`: the first bytes of a file that are no UTF-8 (the source map read them
/// as spaces, `somd_diag::SourceMap::add_bytes`, so the rest of the file is still checked).
pub fn invalid_utf8(span: somd_diag::Span) -> somd_diag::Diagnostic {
    somd_diag::Diagnostic::error(codes::INVALID_UTF8, "source file is not valid UTF-8", span)
        .with_label("these bytes are no UTF-8 character")
        .with_help("save the file as UTF-8 (Java sources may use any Unicode character)")
}
