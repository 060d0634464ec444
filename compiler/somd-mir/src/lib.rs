//! The middle end of `somdc`: the MIR ([`ir`]), lowering from the checked program
//! ([`lower`], which ends with the rewrites [`inline_helpers`], [`alias_names`],
//! [`hoist_tables`], [`scalarize`], [`param_copies`], [`loop_forms`], [`found_index`],
//! [`outline_loops`], [`first_match`] and [`privatize`]), the verifier ([`verify`]) and the
//! text printer ([`print`]).
//!
//! Stage contract: `lower(&Program, &SourceMap) -> Module`; `verify(&Module) -> Result<(),
//! Vec<VerifyError>>` runs after lowering and after every pass in debug builds;
//! `print(&Module) -> String` is what `somdc dev --dump-after=<pass>` shows.
//! `lower_checked(&Program, &[Diagnostic], &SourceMap) -> Option<Module>` is the driver's
//! entry point: `None` when the diagnostics hold an error.
//! Lowering never fails on a program the checker accepted: an internal inconsistency is a
//! compiler bug, reported by the verifier, never a user diagnostic.

pub mod alias_names;
pub mod analysis;
pub mod first_match;
pub mod found_index;
pub mod hoist_tables;
pub mod init_order;
pub mod inline_helpers;
pub mod ir;
pub mod loop_forms;
pub mod lower;
pub mod outline_loops;
pub mod param_copies;
pub mod print;
pub mod privatize;
pub mod scalarize;
pub mod verify;

pub use ir::*;
pub use lower::{lower, lower_checked};
pub use print::print;
pub use verify::{verify, VerifyError};
