//! `somd-runtime`: the library that every program compiled by `somdc` links against.
//!
//! This crate is the contract between the code generator and the running program. Generated
//! Rust host code calls into it for everything that is not plain arithmetic:
//!
//! | module | what generated code uses it for |
//! | --- | --- |
//! | [`alloc`] | the global allocator: the system's, with large blocks advised to use transparent huge pages |
//! | [`java`] | Java-exact integer division, shifts and casts, `Math`, `Double.toString`, `String.format`, `Integer.parseInt` & co., `java.util.Random` |
//! | [`error`] | raising Java exceptions with a source position, bounds-checked array access, the top-level handler that prints `Exception in thread "main" ...` and exits with status 1 |
//! | [`exec`] | the process-wide CPU executor that runs the method instances (MIs) of a SOMD call, the placement read from `SOMD_DEVICE` / `SOMD_THREADS`, barriers for `sync` |
//! | [`partition`] | index arithmetic of the built-in and user partitioning strategies, views with halos, and the assembly of partial array results |
//! | [`reduce`] | identities and combination of reduction operators, tree reduction, the all-reduce of intermediate reductions and `sync reduce` |
//! | [`task`] | Lime task graphs: one thread per task, bounded in-order channels, `start` / `finish` |
//! | [`value`] | the representation of arrays, objects, value types and strings in generated code |
//! | [`print`] | buffered `System.out`, `System.err`, `printf`, the clock, the generated `main`'s entry point |
//! | [`device`] | running a generated OpenCL kernel for a device-placed SOMD method: buffers, launch, error check, downloads |
//! | [`somd`] | running a SOMD call (partitions as windows, MI context, all-reduce, assembly), `@`, `!`, type-erased task graphs |
//!
//! Design rules that hold across the crate (the code generator may rely on them):
//! - Hot helpers are `#[inline]` and allocation free; failure paths are `#[cold]` and
//!   `#[inline(never)]`, so a checked array access costs one compare and one predicted branch.
//! - Java exceptions travel as Rust panics carrying a [`error::JavaException`] payload; see the
//!   [`error`] module doc for why, and for the one rule this imposes on generated crates
//!   (no `panic = "abort"`).
//! - Nothing here reads the environment except [`exec::Placement::from_env`], which is read
//!   once per process, and [`exec::apply_huge_pages_switch`], which `main` calls first.

pub mod alloc;
pub mod device;
pub mod error;
pub mod exec;
pub mod init;
pub mod java;
pub mod opencl;
pub(crate) mod packed;
pub mod partition;
pub mod print;
pub mod reduce;
pub mod somd;
pub mod stack;
pub mod task;
pub mod value;

pub use error::{JavaException, SourcePos};
