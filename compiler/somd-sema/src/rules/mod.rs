//! The SOMD and isolation rules that need the whole typed program (LANGUAGE.md §2, §3.2).
//!
//! Each submodule checks one concern and only reads the [`Program`] built by the type
//! checker:
//! - [`dist`]: the forms of `dist(..)` qualifiers and user partitioning strategies;
//! - [`halo`]: reductions that count a view's halo cells in two method instances;
//! - [`reduce`]: `reduce(..)` modifiers against result types and strategy classes;
//! - [`divergence`]: intermediate reductions and `sync` blocks under partition-dependent
//!   control flow (a taint analysis per SOMD method);
//! - [`sync`]: `shared` scalars, `sync` headers and schedule-dependent reads in `sync`;
//! - [`isolation`]: `local` methods, and isolation inferred for every other body;
//! - [`placement`]: `reduce`, `local` and `shared` written where they have no meaning.
//!
//! The rules run even when the type checker reported errors. Tables may then be incomplete
//! and types may be [`crate::model::Ty::Error`]; every rule stays silent where it lacks a
//! fact, so one mistake yields one diagnostic. No rule panics on any input, and each is
//! linear in the size of the program (the loop-exit scan of [`divergence`] is linear per
//! loop nesting level).

pub(crate) mod codes;
mod dist;
mod divergence;
mod halo;
pub(crate) mod isolation;
mod placement;
mod reduce;
mod sync;
mod util;

pub(crate) use util::for_each_child;

use crate::model::Program;
use somd_diag::Diagnostic;

pub(crate) use codes::CODES;

/// Runs every rule pass over `program`, appending what it finds to `diagnostics`.
pub(crate) fn check(program: &Program, diagnostics: &mut Vec<Diagnostic>) {
    placement::check(program, diagnostics);
    dist::check(program, diagnostics);
    halo::check(program, diagnostics);
    reduce::check(program, diagnostics);
    divergence::check(program, diagnostics);
    sync::check(program, diagnostics);
    isolation::check(program, diagnostics);
}
