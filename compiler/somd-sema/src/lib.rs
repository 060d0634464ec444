//! Semantic checking for SOMD programs: name resolution, Java's typing rules on the
//! subset, and every static rule of LANGUAGE.md §2–§3.
//!
//! `check(units) -> (Program, diagnostics)`. The checker never mutates the syntax trees;
//! everything it learns goes into the side tables of [`model::Program`]. It runs in two
//! stages:
//! 1. `typeck`: builds the class/member tables, resolves names and overloads, types every
//!    expression (Lime's `@`, `!`, `=>`, `task` and value arrays included) and applies
//!    Java's statement rules (definite assignment, missing return, unreachable code).
//! 2. `rules`: the SOMD and isolation rules that need the whole typed program (`dist`
//!    forms, reductions, `sync`/`shared`, divergent control flow, `local` call chains).
//!
//! Both stages tolerate errors: an expression whose type is [`model::Ty::Error`] produces
//! no further diagnostics.

pub mod model;
mod rules;
mod typeck;

use somd_diag::{CodeInfo, Diagnostic};
use somd_syntax::ast::{CompilationUnit, IdGen};

pub use model::Program;
/// A warning code the driver reports (`somdc`, from the device plans).
pub use rules::codes::{DIST_IGNORED_ON_DEVICE, SHARED_STATE_WRITE};
pub use rules::isolation::{
    infer_isolation, BodyRef, ChainLink, Construct, Impurity, Isolation, IsolationInfo,
};
/// The error for a program without an entry point, which the driver leaves out when a
/// syntax error may have dropped the method declaring `main`.
pub use typeck::MISSING_MAIN;
/// Java's widening primitive conversions (JLS §5.1.2), for later passes.
pub use typeck::{is_integral, widens};

/// Checks a whole program (all files compiled together).
pub fn check(units: Vec<CompilationUnit>) -> (Program, Vec<Diagnostic>) {
    let (program, mut diagnostics) = typeck::check(units);
    rules::check(&program, &mut diagnostics);
    somd_diag::sort(&mut diagnostics);
    (program, diagnostics)
}

/// Checks a whole program together with the language's library (`stdlib/*.somd`, see
/// note `stdlib`), which is parsed here with the compilation's id generator `ids`. This is
/// what the driver runs; [`check`] alone checks exactly the given files, and calls of
/// built-ins that the library implements then stay [`model::CallTarget::Builtin`].
pub fn check_with_stdlib(
    mut units: Vec<CompilationUnit>,
    ids: &IdGen,
) -> (Program, Vec<Diagnostic>) {
    let (library, mut diagnostics) = somd_stdlib::parse(ids);
    units.extend(library);
    let (program, semantic) = check(units);
    diagnostics.extend(semantic);
    somd_diag::sort(&mut diagnostics);
    (program, diagnostics)
}

/// Every diagnostic code this crate can emit, for the documentation tidy test.
pub fn codes() -> Vec<CodeInfo> {
    typeck::CODES.iter().chain(rules::CODES.iter()).copied().collect()
}
