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
