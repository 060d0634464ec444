//! The Rust host-code back end: writes a Cargo project whose `src/main.rs` is the whole
//! program, linked against the `somd-runtime` crate.
//!
//! # Mismatches between the language and Rust, and how they are bridged
//! - **Java arithmetic.** `int`/`long` `+ - *` and negation use `wrapping_*`; `/` and `%` call
//!   `arith::idiv`/`irem`/`ldiv`/`lrem` (`/ by zero`, `MIN / -1`); shifts call `arith::ishl`
//!   & co. (count masked to 5/6 bits); floating → integral casts call `arith::d2i` & co. (NaN
//!   → 0, saturation; `byte`/`short`/`char` go through `int` as in Java); integral narrowing is
//!   `as`. `float` arithmetic stays `f32`. No `mul_add`: LLVM never contracts to FMA without
//!   an explicit intrinsic, so results are IEEE exact as Java's.
//! - **References.** Java references are shared, mutable and nullable; Rust values are owned.
//!   The runtime's `value` module provides handles: `Array<T>` (mutable arrays, including
//!   windows into another array's buffer, which is how a SOMD partition is passed without a
//!   copy), `Obj<C>` (class instances, fields are `Slot`s), `Val<V>` (value-class instances),
//!   `VArr<T>` (value arrays), `Str`. Null checks and bounds checks are inside the handles'
//!   methods and take a `&'static SourcePos` — one `static POS_n` per failure site.
//! - **Evaluation order.** Rust evaluates operands and arguments left to right, as Java does.
//!   Where a Java operation checks *after* evaluating a later operand (`a[i] = v` checks `a`
//!   and `i` after `v`) the runtime call takes the operands first and checks inside. Where a
//!   later operand could have side effects (calls, assignments), earlier operands are bound
//!   to temporaries (`_e17a`) first, which also keeps the borrow checker satisfied.
//! - **Borrowing.** Parameters of reference type are passed as `&T` (no reference-count
//!   traffic per call); a callee that assigns such a parameter clones it into a local first.
//!   Heap locations (`a[i]`, `o.f`, statics) are borrowed only across pure expressions (no
//!   call, no assignment), so a borrowed handle can never be replaced while in use; otherwise
//!   they are cloned.
//! - **Control flow.** Loops become `'lN: loop { .. }`; `continue` with an update part is a
//!   `break` out of a labelled block `'cN: { body }` followed by the update; labelled
//!   non-loop statements are labelled blocks.
//! - **Exceptions** are runtime panics with a Java payload (runtime `error` module); `main`
//!   runs under `rt::print::run_main`, which flushes buffered output and reports them.
//! - **SOMD calls** (see `somd.rs` and `docs/notes/rust-representation.md`): each SOMD
//!   function `f` becomes the MI body `f(geo, params..)` and a wrapper
//!   `f_somd(params.., moved, pos)` that partitions, runs the MIs on the runtime pool and
//!   reduces (`moved`: the arguments the caller never reads again, `a = f(a)`).
//!
//! - **Loop-invariant rows.** In an innermost loop without calls and without stores of
//!   references, a row `g[e]` whose base and index do not change is read once before the loop
//!   (`g.hoist_row(e)`, which never fails) and used as `_hN.or_else(|| g.at(e, pos))`: the
//!   hoisted row when it was readable, else the original access with its Java exception. This
//!   gives LLVM the row's pointer and length in registers (SOR: 1.5x faster).
//! - **Loop versioning.** An innermost loop that counts `j` up to an invariant bound and
//!   indexes hoisted rows or array locals at `j + c` is written twice: behind
//!   `a.covers(j, hi, min, max)` (every access of every iteration in bounds) a copy that
//!   takes each array's element pointer once (`a.unchecked()`, kept in a register) and
//!   accesses it with `get_unchecked`/`set_unchecked`/`slot_unchecked`, which LLVM
//!   vectorises, else the loop as written, which throws where Java would (`stmt.rs`,
//!   `version_loop`; note `rust-representation`). The elements are of copy types, or value
//!   objects of a value array (`centres[c].x`) that holds no `null` (`holds_no_null`, also
//!   tested before the copy), read in place with `at_present`, whose field reads then test
//!   nothing.
//!
//! - **Device placement** (`device.rs`, note `device-execution`): a SOMD method whose kernel
//!   the OpenCL writer produced starts its wrapper with `rt::device::run_reading(&K_f, ..)`, which
//!   runs the kernel when the runtime places the call on a device and returns `None` (run
//!   the CPU path) otherwise.
//!
//! Layout of this back end: `writer` (items, functions, statements), `stmt` (statements,
//! loops, row hoisting), `expr` (expressions), `somd` (SOMD wrappers and the write
//! analysis), `device` (device glue), `layout` (breaking long lines as rustfmt does), `types`, `namer`,
//! `keywords`, `project`. See note `rust-representation` for the representation.

pub mod device;
mod expr;
mod fused;
mod helper_marks;
mod keywords;
mod layout;
mod namer;
mod project;
pub use project::RUSTC_STACK;
mod somd;
mod stmt;
mod types;
mod writer;

use somd_diag::SourceMap;
use somd_mir::Module;
use std::fmt;
use std::path::PathBuf;

/// What the caller (the `somdc` CLI) decides about the emitted project.
#[derive(Clone, Debug)]
pub struct EmitOptions {
    /// Path of the `runtime/` crate, written into the project's `Cargo.toml`.
    pub runtime_path: PathBuf,
    /// Cargo package name (also the binary name).
    pub package_name: String,
    /// Written into the "Generated by" headers.
    pub somdc_version: String,
    /// `--unchecked`, `--fast-math`: how the OpenCL kernels are written.
    pub kernels: crate::opencl::ClOptions,
}

/// The emitted project: files with paths relative to the project directory.
#[derive(Clone, Debug)]
pub struct Project {
    pub files: Vec<(PathBuf, String)>,
    pub binary_name: String,
    /// Every generated OpenCL kernel as a standalone `.cl` text, by file name (for
    /// `somdc build --emit-kernels`).
    pub kernels: Vec<(String, String)>,
    /// The OpenCL writer's failure (a compiler bug), when it failed: the program's device
    /// constructs all run on the CPU, which `build` and `run` say.
    pub writer_error: Option<String>,
}

/// A MIR construct this back end cannot emit, or an inconsistent module.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EmitError {
    /// A construct without a Rust translation (named in the message).
    Unsupported(String),
    /// The MIR breaks one of its invariants (a compiler bug).
    Internal(String),
}

impl fmt::Display for EmitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EmitError::Unsupported(what) => write!(f, "the Rust back end cannot emit {what}"),
            EmitError::Internal(what) => write!(f, "internal error in the Rust back end: {what}"),
        }
    }
}

impl std::error::Error for EmitError {}

impl From<fmt::Error> for EmitError {
    fn from(_: fmt::Error) -> Self {
        EmitError::Internal("formatting failed".to_string())
    }
}

/// Writes the Cargo project for `module`.
pub fn emit_project(
    module: &Module,
    sources: &SourceMap,
    options: &EmitOptions,
) -> Result<Project, EmitError> {
    let main_rs = write_main_with(module, sources, &options.somdc_version, &options.kernels)?;
    let glue = device::glue_with(module, sources, &options.kernels);
    let kernels = glue
        .kernels
        .kernels
        .iter()
        .map(|k| (format!("{}.cl", k.name), k.standalone.clone()))
        .collect();
    Ok(Project {
        files: vec![
            (PathBuf::from("Cargo.toml"), project::cargo_toml(options)),
            (PathBuf::from("rustfmt.toml"), project::rustfmt_toml()),
            (PathBuf::from(".cargo/config.toml"), project::cargo_config()),
            (PathBuf::from("src/main.rs"), main_rs),
        ],
        binary_name: options.package_name.clone(),
        kernels,
        writer_error: glue.writer_error.clone(),
    })
}

/// Writes only `src/main.rs` (for tests and `--emit` style dumps).
pub fn write_main(
    module: &Module,
    sources: &SourceMap,
    version: &str,
) -> Result<String, EmitError> {
    write_main_with(module, sources, version, &crate::opencl::ClOptions::default())
}

/// [`write_main`] for kernels written with `kernels`' options (their manifests tell the
/// host which checks they make).
pub fn write_main_with(
    module: &Module,
    sources: &SourceMap,
    version: &str,
    kernels: &crate::opencl::ClOptions,
) -> Result<String, EmitError> {
    let mut out = String::new();
    writer::Writer::new(&mut out, module, sources, version).with_kernels(*kernels).write()?;
    Ok(out)
}
