//! Shared helpers of the MIR tests: parse, check, lower and verify source text.

#![allow(dead_code)] // Reason: each test binary uses a part of the helpers.

use somd_diag::SourceMap;
use somd_syntax::ast::IdGen;

/// The result of running the front end and lowering on some files.
pub enum Outcome {
    /// The program did not check; the rendered error messages.
    Rejected(Vec<String>),
    /// Lowered; `Err` holds verifier messages.
    Lowered(Box<somd_mir::Module>, Result<(), Vec<String>>),
}

/// Parses, checks, lowers and verifies the given `(name, text)` files.
pub fn run(files: &[(&str, &str)]) -> Outcome {
    let mut sources = SourceMap::new();
    let ids = IdGen::new();
    let mut units = Vec::new();
    let mut errors = Vec::new();
    for (name, text) in files {
        let file = sources.add(*name, *text);
        let (unit, diagnostics) = somd_syntax::parse(file, text, &ids);
        errors.extend(diagnostics.iter().filter(|d| d.is_error()).map(|d| format!("{d:?}")));
        units.push(unit);
    }
    if !errors.is_empty() {
        return Outcome::Rejected(errors);
    }
    let (program, diagnostics) = somd_sema::check(units);
    let errors: Vec<String> =
        diagnostics.iter().filter(|d| d.is_error()).map(|d| format!("{d:?}")).collect();
    if !errors.is_empty() {
        return Outcome::Rejected(errors);
    }
    let module = somd_mir::lower(&program, &sources);
    let verified = somd_mir::verify(&module).map_err(|errs| {
        errs.iter().map(|e| format!("{e} at {}", sources.position(e.span))).collect()
    });
    Outcome::Lowered(Box::new(module), verified)
}

/// Lowers one file that must check and verify, and returns the snapshot text: the source,
/// then the printed MIR.
pub fn mir(source: &str) -> String {
    match run(&[("test.somd", source)]) {
        Outcome::Rejected(errors) => panic!("program rejected:\n{}", errors.join("\n")),
        Outcome::Lowered(module, Ok(())) => {
            format!("----- SOURCE CODE\n{}\n----- MIR\n{}", source.trim(), somd_mir::print(&module))
        }
        Outcome::Lowered(module, Err(errors)) => {
            panic!("MIR does not verify:\n{}\n\n{}", errors.join("\n"), somd_mir::print(&module))
        }
    }
}

/// The verified module of one file `test.somd` holding `source`; panics with the errors
/// when it does not check or verify.
pub fn lowered(source: &str) -> somd_mir::Module {
    match run(&[("test.somd", source)]) {
        Outcome::Lowered(module, Ok(())) => *module,
        Outcome::Lowered(_, Err(errors)) => panic!("MIR does not verify: {errors:?}"),
        Outcome::Rejected(errors) => panic!("program rejected: {errors:?}"),
    }
}

/// The verified module of one file `test.somd` holding `source`, checked with the library
/// (stdlib/: `Math.min` on `int`s is then a call of its function, as in `somdc`).
pub fn lowered_with_stdlib(source: &str) -> somd_mir::Module {
    let mut sources = SourceMap::new();
    let ids = IdGen::new();
    let file = sources.add("test.somd", source);
    let (unit, diagnostics) = somd_syntax::parse(file, source, &ids);
    assert!(!diagnostics.iter().any(|d| d.is_error()), "{diagnostics:?}");
    let (program, diagnostics) = somd_sema::check_with_stdlib(vec![unit], &ids);
    assert!(!diagnostics.iter().any(|d| d.is_error()), "{diagnostics:?}");
    let module = somd_mir::lower(&program, &sources);
    assert!(somd_mir::verify(&module).is_ok());
    module
}

/// The function named `name` (`Class.method`) of `module`.
pub fn find(module: &somd_mir::Module, name: &str) -> somd_mir::FuncId {
    let idx = module
        .functions
        .iter()
        .position(|f| f.name == name)
        .unwrap_or_else(|| panic!("{name} not found"));
    somd_mir::FuncId(idx as u32)
}
