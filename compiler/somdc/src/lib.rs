//! The compiler driver: runs the stages over a set of source files. This crate is the
//! only one that touches files, processes and the environment (in `main.rs`); the
//! functions here take sources already in memory so tests can drive them directly.

use somd_diag::{CodeInfo, Diagnostic, SourceMap, Span};
use somd_sema::Program;
use somd_syntax::ast::IdGen;

/// At most this many errors, and separately this many warnings, are reported (as `javac`'s
/// `-Xmaxerrs` default); the rest are counted. A broken file of a few hundred kilobytes can
/// otherwise produce tens of thousands of diagnostics, each rendering its source line.
pub const MAX_REPORTED: usize = 100;

/// The result of checking a program: the checked program and the diagnostics to report,
/// sorted by position.
pub struct Checked {
    pub program: Program,
    pub diagnostics: Vec<Diagnostic>,
    /// Errors found but not kept in `diagnostics` because of [`MAX_REPORTED`].
    pub omitted_errors: usize,
    /// Warnings found but not kept in `diagnostics` because of [`MAX_REPORTED`].
    pub omitted_warnings: usize,
}

impl Checked {
    /// Errors and warnings found but not kept (see [`MAX_REPORTED`]).
    pub fn omitted(&self) -> (usize, usize) {
        (self.omitted_errors, self.omitted_warnings)
    }

    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// Stack size of the thread that runs the front end. The parser bounds nesting depth, so
/// the recursive passes need far less; the margin keeps debug builds safe too.
const FRONT_END_STACK: usize = 256 * 1024 * 1024;

/// Runs `work` on a thread with a [`FRONT_END_STACK`]-sized stack: every pass recurses over
/// the trees, whose depth the parser bounds generously (2048 levels).
/// When no thread can be created, the work runs on the calling thread.
fn on_big_stack<T: Send>(name: &str, work: impl Fn() -> T + Sync) -> T {
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name(name.to_string())
            .stack_size(FRONT_END_STACK)
            .spawn_scoped(scope, &work)
            .map(|handle| handle.join())
    })
    .unwrap_or_else(|_| Ok(work()))
    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
}

/// Parses and checks every file of `sources` as one program.
pub fn check(sources: &SourceMap) -> Checked {
    on_big_stack("somdc-front-end", || check_on_this_thread(sources))
}

fn check_on_this_thread(sources: &SourceMap) -> Checked {
    let ids = IdGen::new();
    let mut diagnostics = Vec::new();
    let mut units = Vec::new();
    for (file, source) in sources.files() {
        if let Some((start, end)) = source.invalid_utf8 {
            diagnostics.push(somd_syntax::invalid_utf8(Span::new(file, start, end)));
        }
        let (unit, syntax_errors) = somd_syntax::parse(file, &source.text, &ids);
        diagnostics.extend(syntax_errors);
        units.push(unit);
    }
    let syntax_failed = diagnostics.iter().any(Diagnostic::is_error);
    let (program, mut semantic) = somd_sema::check_with_stdlib(units, &ids);
    if syntax_failed {
        // Recovery from a syntax error may skip a whole member, `main` among them: a
        // missing entry point is then a consequence of that error, not one of its own.
        semantic.retain(|d| d.code != somd_sema::MISSING_MAIN);
        // Nor is an error on a line the parser had to recover in: `int s = % ! a;` reads
        // on as `! a` after its error at `%`, and then "expected boolean" (probe 66).
        let line = |span: Span| {
            sources.get(span.file).map(|f| (span.file, f.line_col(span.start as usize).0))
        };
        let recovered: std::collections::HashSet<_> = diagnostics
            .iter()
            .filter(|d| d.is_error())
            .filter_map(|d| line(d.primary.span))
            .collect();
        semantic.retain(|d| line(d.primary.span).is_none_or(|at| !recovered.contains(&at)));
    }
    diagnostics.extend(semantic);
    somd_diag::sort(&mut diagnostics);
    let (mut errors, mut warnings) = (0, 0);
    diagnostics.retain(|d| {
        let seen = if d.is_error() { &mut errors } else { &mut warnings };
        *seen += 1;
        *seen <= MAX_REPORTED
    });
    Checked {
        program,
        diagnostics,
        omitted_errors: errors.saturating_sub(MAX_REPORTED),
        omitted_warnings: warnings.saturating_sub(MAX_REPORTED),
    }
}

/// Every diagnostic code of every stage.
pub fn all_codes() -> Vec<CodeInfo> {
    let mut codes: Vec<CodeInfo> = somd_syntax::CODES.to_vec();
    codes.extend(somd_sema::codes());
    codes
}

/// [`check`], with the warnings of the whole-program analyses that `build` prints too
/// (W0303, W0304) when the program has no error: what `somdc check` reports.
pub fn check_with_warnings(sources: &SourceMap) -> Checked {
    let mut checked = check(sources);
    if !checked.has_errors() {
        let warnings = device_warnings(&checked.program, sources);
        checked.diagnostics.extend(warnings);
        somd_diag::sort(&mut checked.diagnostics);
    }
    checked
}

/// Why a program could not be turned into a Cargo project.
pub enum CompileError {
    /// The front end found errors; the diagnostics (warnings included) are in `checked`
    /// (boxed: a checked program is large, and the error path is rare).
    Rejected(Box<Checked>),
    /// The back end could not emit the checked program (a compiler limitation or bug).
    Emit(somd_codegen::rust::EmitError),
}

/// Checks, lowers and emits a program: the whole pure pipeline from sources to the files
/// of a Cargo project. On success, the diagnostics (warnings only) come back with the
/// project so the caller can print them.
pub fn compile(
    sources: &SourceMap,
    options: &somd_codegen::rust::EmitOptions,
) -> Result<(somd_codegen::rust::Project, Vec<Diagnostic>), CompileError> {
    let checked = check(sources);
    if checked.has_errors() {
        return Err(CompileError::Rejected(Box::new(checked)));
    }
    match emit(&checked, sources, options) {
        Ok(project) => {
            let mut diagnostics = checked.diagnostics;
            diagnostics.extend(device_warnings(&checked.program, sources));
            Ok((project, diagnostics))
        }
        Err(err) => Err(CompileError::Emit(err)),
    }
}

/// Marks the placements the analysis found eligible but the host code has no device call
/// for (`Glue::refused`) as running on the CPU, with the host writer's reason: what
/// `explain` says and the warnings then agree with what the program does.
fn refuse_unglued(
    info: &mut somd_mir::analysis::ProgramInfo,
    glue: &somd_codegen::rust::device::Glue,
) {
    for p in &mut info.placements {
        let Some((_, why)) = glue.refused.iter().find(|(span, _)| *span == p.span) else {
            continue;
        };
        if p.device.is_ok() {
            p.device = Err(somd_mir::analysis::Blocker {
                reason: somd_mir::analysis::BlockReason::Shape,
                construct: format!("{why} (the host code has no device call for it yet)"),
                span: p.span,
                chain: Vec::new(),
            });
        }
    }
}

/// The warnings the device plans carry (LANGUAGE.md §2.2: a user partitioning strategy that
/// the one device partition ignores must be said as a compiler warning): `W0303` at each
/// such `dist` parameter of a SOMD method that may run on the device, as `explain` lists
/// them.
fn device_warnings(program: &Program, sources: &SourceMap) -> Vec<Diagnostic> {
    on_big_stack("somdc-device-warnings", || {
        let module = somd_mir::lower(program, sources);
        let mut out = shared_warnings(&module);
        let (_, mut info) = somd_mir::analysis::analyze_for_device(&module);
        // Only a method the host code calls on the device ignores its strategy there.
        if info.placements.iter().any(|p| p.device.as_ref().is_ok_and(|d| !d.warnings.is_empty())) {
            refuse_unglued(&mut info, &somd_codegen::rust::device::glue(&module, sources));
        }
        for p in &info.placements {
            let Ok(plan) = &p.device else { continue };
            for w in &plan.warnings {
                out.push(
                    Diagnostic::warning(
                        somd_sema::DIST_IGNORED_ON_DEVICE,
                        format!(
                            "the partitioning strategy of `{}` is ignored on an OpenCL device",
                            w.param
                        ),
                        w.span,
                    )
                    .with_label(format!("{} may run on the device as one partition", p.label))
                    .with_help(
                        "on the CPU the strategy splits the arguments; the method's result must \
                         not depend on it (LANGUAGE.md §2.2)",
                    ),
                );
            }
        }
        out
    })
}

/// `W0304` at the first effect on state its method instances share of each SOMD method
/// (`somd_mir::analysis::shared`): such a method runs as one method instance on the CPU.
fn shared_warnings(module: &somd_mir::Module) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (i, func) in module.functions.iter().enumerate() {
        if func.somd.is_none() {
            continue;
        }
        let fid = somd_mir::FuncId(i as u32);
        let Some(effect) = somd_mir::analysis::shared::shared_effect(module, fid) else {
            continue;
        };
        out.push(
            Diagnostic::warning(
                somd_sema::SHARED_STATE_WRITE,
                format!(
                    "SOMD method `{}` {}: it runs as one method instance on the CPU",
                    func.name, effect.what
                ),
                effect.span,
            )
            .with_label("every method instance would do this to the same state")
            .with_help(
                "return what the method instances compute and combine it with `reduce`, or \
                 write only arrays the method allocates (LANGUAGE.md §2.1)",
            ),
        );
    }
    out
}

/// Lowers and emits a program that checked without errors. The MIR is verified before
/// emission: a failure is a compiler bug, reported as an internal error rather than
/// turned into wrong code.
pub fn emit(
    checked: &Checked,
    sources: &SourceMap,
    options: &somd_codegen::rust::EmitOptions,
) -> Result<somd_codegen::rust::Project, somd_codegen::rust::EmitError> {
    on_big_stack("somdc-back-end", || emit_on_this_thread(checked, sources, options))
}

fn emit_on_this_thread(
    checked: &Checked,
    sources: &SourceMap,
    options: &somd_codegen::rust::EmitOptions,
) -> Result<somd_codegen::rust::Project, somd_codegen::rust::EmitError> {
    let module = somd_mir::lower(&checked.program, sources);
    if let Err(errors) = somd_mir::verify(&module) {
        let list: Vec<String> = errors.iter().map(ToString::to_string).collect();
        return Err(somd_codegen::rust::EmitError::Internal(format!(
            "the MIR verifier rejected the lowered program: {}",
            list.join("; ")
        )));
    }
    somd_codegen::rust::emit_project(&module, sources, options)
}

/// The text of `somdc explain` for a program that checked without errors: the analysis's
/// report, then the eligible constructs that the host code still runs on the CPU.
pub fn explain(checked: &Checked, sources: &SourceMap) -> String {
    on_big_stack("somdc-explain", || {
        let module = somd_mir::lower(&checked.program, sources);
        let (lifted, mut info) = somd_mir::analysis::analyze_for_device(&module);
        let device_module = lifted.as_ref().map_or(&module, |(m, _)| m);
        // A construct inside an instance helper or a value class's method is reported once,
        // where the program has it (the method's device copy runs it inside its caller's
        // kernel).
        if let Some((_, l)) = &lifted {
            info.placements.retain(|p| !l.helper_copies.contains(&p.subject.func()));
        }
        let glue = somd_codegen::rust::device::glue(&module, sources);
        refuse_unglued(&mut info, &glue);
        let mut text = somd_mir::analysis::explain(device_module, &info, sources);
        if let Some(err) = &glue.writer_error {
            text.push_str(&format!("note: everything runs on the CPU: {err}\n"));
        }
        for (name, why) in &glue.kernels.skipped {
            text.push_str(&format!("note: kernel {name} was not generated: {why}\n"));
        }
        for (fid, fields) in glue.lifted.fields.iter().filter(|(_, f)| !f.is_empty()) {
            let names: Vec<String> = fields
                .iter()
                .filter_map(|(c, i)| module.classes.get(c.0 as usize)?.fields.get(*i as usize))
                .map(|f| format!("`{}`", f.name))
                .collect();
            let written: Vec<String> = glue
                .lifted
                .written
                .get(fid)
                .into_iter()
                .flatten()
                .filter_map(|(c, i)| module.classes.get(c.0 as usize)?.fields.get(*i as usize))
                .map(|f| format!("`{}`", f.name))
                .collect();
            let access = match written.is_empty() {
                true => "(read-only)".to_string(),
                false => format!(
                    "(writing elements of {}, which a device call downloads back into the \
                     receiver's arrays)",
                    written.join(", ")
                ),
            };
            let helpers: Vec<String> = glue
                .lifted
                .helpers
                .get(fid)
                .into_iter()
                .flatten()
                .filter_map(|h| module.functions.get(h.0 as usize))
                .map(|h| format!("`{}`", h.name))
                .collect();
            let calls = match helpers.is_empty() {
                true => String::new(),
                false => format!(
                    " and calls the instance helpers {} (their device copies take the \
                     fields they read)",
                    helpers.join(", ")
                ),
            };
            text.push_str(&format!(
                "note: {} reads its receiver's fields {} {access}{calls}: on a device they \
                 are kernel arguments after the method's own\n",
                module.function(*fid).name,
                names.join(", ")
            ));
        }
        for (fid, statics) in &glue.lifted.statics {
            let names: Vec<String> =
                statics.iter().map(|size| format!("`{}`", size.text(&module))).collect();
            text.push_str(&format!(
                "note: {} reads the sizes {} (final, set by the static initialisers): on a \
                 device their values are `int` kernel arguments after the method's own\n",
                module.function(*fid).name,
                names.join(", ")
            ));
        }
        // The placements among the notes say so themselves (`refuse_unglued`).
        let placed: Vec<&String> = info.placements.iter().map(|p| &p.label).collect();
        for (label, why) in glue.host_notes.iter().filter(|(l, _)| !placed.contains(&l)) {
            text.push_str(&format!("note: {label} runs on the CPU for now: {why}\n"));
        }
        text
    })
}

/// Lowers a checked program to MIR on the big-stack front-end thread (lowering recurses
/// over the program like the checker does).
pub fn lower(program: &Program, sources: &SourceMap) -> somd_mir::Module {
    on_big_stack("somdc-lower", || somd_mir::lower(program, sources))
}

/// A stable content hash (64-bit FNV-1a, twice with different offsets for 128 bits) used
/// to name cache entries. `std`'s `DefaultHasher` is not guaranteed stable between Rust
/// releases, and a cache key must not change when somdc is rebuilt with another
/// toolchain.
#[derive(Clone)]
pub struct ContentHash {
    low: u64,
    high: u64,
}

impl Default for ContentHash {
    fn default() -> Self {
        ContentHash { low: 0xcbf2_9ce4_8422_2325, high: 0x6c62_272e_07bb_0142 }
    }
}

impl ContentHash {
    const PRIME: u64 = 0x0000_0100_0000_01b3;

    /// Adds `bytes`, preceded by their length so that ("ab", "c") and ("a", "bc") differ.
    pub fn add(&mut self, bytes: &[u8]) {
        for byte in (bytes.len() as u64).to_le_bytes().iter().chain(bytes) {
            self.low = (self.low ^ u64::from(*byte)).wrapping_mul(Self::PRIME);
            self.high = (self.high ^ u64::from(*byte)).wrapping_mul(Self::PRIME).rotate_left(5);
        }
    }

    /// The hash as 32 lowercase hexadecimal digits.
    pub fn hex(&self) -> String {
        format!("{:016x}{:016x}", self.high, self.low)
    }
}

/// The cache key of a program for `somdc run`: every source file's name and text, the
/// compiler's version and a digest of the runtime crate's sources.
pub fn program_key(sources: &SourceMap, somdc_version: &str, runtime_digest: &str) -> String {
    let mut hash = ContentHash::default();
    hash.add(somdc_version.as_bytes());
    hash.add(runtime_digest.as_bytes());
    for (_, file) in sources.files() {
        hash.add(file.name.as_bytes());
        hash.add(file.text.as_bytes());
    }
    hash.hex()
}

/// A Cargo package name derived from a source file name: lowercase ASCII letters, digits
/// and `_`, starting with a letter (`My-Prog.somd` gives `my_prog`).
pub fn package_name(file_stem: &str) -> String {
    let mut name: String = file_stem
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '_' })
        .collect();
    // Cargo refuses a binary named after a directory of its own under `target/release`.
    let cargo_dir = ["build", "deps", "examples", "incremental"].contains(&name.as_str());
    if cargo_dir || !name.starts_with(|c: char| c.is_ascii_lowercase()) {
        name.insert_str(0, "somd_");
    }
    name
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn package_names_are_cargo_identifiers() {
        assert_eq!(package_name("My-Prog"), "my_prog");
        assert_eq!(package_name("2d"), "somd_2d");
        assert_eq!(package_name(""), "somd_");
        assert_eq!(package_name("Build"), "somd_build");
        assert_eq!(package_name("deps"), "somd_deps");
        assert_eq!(package_name("builds"), "builds");
    }

    #[test]
    fn content_hash_separates_boundaries() {
        let mut a = ContentHash::default();
        a.add(b"ab");
        a.add(b"c");
        let mut b = ContentHash::default();
        b.add(b"a");
        b.add(b"bc");
        assert_ne!(a.hex(), b.hex());
        assert_eq!(a.hex().len(), 32);
    }
}
