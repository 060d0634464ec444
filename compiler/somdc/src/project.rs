//! `somdc build`: compile a program to a Cargo project on disk. Also the pieces `run`
//! shares: finding the runtime crate and writing a project's files.

use crate::{load, report, Color};
use somd_codegen::rust::{EmitOptions, Project};
use somd_diag::SourceMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The version recorded in generated files and in cache keys.
pub(crate) const SOMDC_VERSION: &str = env!("CARGO_PKG_VERSION");

/// The runtime crate the generated project depends on: `$SOMD_RUNTIME` (an empty value
/// counts as unset, as for the other variables), or the `runtime/` directory of the source
/// tree somdc was built from. Returns a message when it is missing.
pub(crate) fn runtime_path() -> Result<PathBuf, String> {
    let (path, origin) = match std::env::var_os("SOMD_RUNTIME").filter(|p| !p.is_empty()) {
        Some(path) => (PathBuf::from(path), "SOMD_RUNTIME"),
        None => (
            Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join("..").join("runtime"),
            "the somdc source tree",
        ),
    };
    match path.canonicalize() {
        Ok(path) if path.join("Cargo.toml").is_file() => Ok(path),
        _ => Err(format!(
            "error: the runtime crate `somd-runtime` was not found at {} (from {origin}); \
             set SOMD_RUNTIME to the directory of its Cargo.toml",
            path.display()
        )),
    }
}

/// The package name of a program: its first file's stem, made a Cargo identifier.
pub(crate) fn program_package_name(files: &[PathBuf]) -> String {
    let stem = files
        .first()
        .and_then(|file| file.file_stem())
        .map(|stem| stem.to_string_lossy().into_owned())
        .unwrap_or_default();
    somdc::package_name(&stem)
}

/// Checks, lowers and emits; prints diagnostics. `None` when the program has errors or
/// cannot be emitted (already reported).
pub(crate) fn compile(sources: &SourceMap, options: &EmitOptions, color: Color) -> Option<Project> {
    match somdc::compile(sources, options) {
        Ok((mut project, warnings)) => {
            for (path, text) in &mut project.files {
                if path.extension().is_some_and(|e| e == "rs") {
                    if let Some(formatted) = rustfmt(text) {
                        *text = formatted;
                    }
                }
            }
            report(sources, &warnings, (0, 0), color, "compile");
            if let Some(err) = &project.writer_error {
                eprintln!(
                    "somdc: note: no kernels were generated, every construct runs on the CPU: \
                     {err} (a compiler bug; `somdc explain` lists what would have run on a device)"
                );
            }
            Some(project)
        }
        Err(somdc::CompileError::Rejected(checked)) => {
            report(sources, &checked.diagnostics, checked.omitted(), color, "compile");
            None
        }
        Err(somdc::CompileError::Emit(err)) => {
            eprintln!("error: cannot generate code for this program: {err}");
            None
        }
    }
}

/// Writes every file of `project` under `dir`, creating directories and overwriting
/// files. Files are written to a temporary name and renamed, so a reader never sees a
/// half-written file.
pub(crate) fn write_project(project: &Project, dir: &Path) -> Result<(), String> {
    for (relative, text) in &project.files {
        let path = dir.join(relative);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|err| format!("error: cannot create {}: {err}", parent.display()))?;
        }
        // Rewriting an unchanged file would only make cargo rebuild the program.
        if std::fs::read(&path).is_ok_and(|old| old == text.as_bytes()) {
            continue;
        }
        let mut temporary = path.clone().into_os_string();
        temporary.push(format!(".tmp{}", std::process::id()));
        let temporary = PathBuf::from(temporary);
        std::fs::write(&temporary, text)
            .and_then(|()| std::fs::rename(&temporary, &path))
            .map_err(|err| format!("error: cannot write {}: {err}", path.display()))?;
    }
    Ok(())
}

/// Writes each kernel's standalone `.cl` text under `DIR/kernels/` (stale `.cl` files of
/// an earlier build are removed, so the directory lists exactly this program's kernels).
pub(crate) fn write_kernels(project: &Project, dir: &Path) -> Result<(), String> {
    let kernels = dir.join("kernels");
    std::fs::create_dir_all(&kernels)
        .map_err(|err| format!("error: cannot create {}: {err}", kernels.display()))?;
    let keep: Vec<&str> = project.kernels.iter().map(|(name, _)| name.as_str()).collect();
    if let Ok(entries) = std::fs::read_dir(&kernels) {
        for entry in entries.flatten() {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if name.ends_with(".cl") && !keep.contains(&name.as_ref()) {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
    let files: Vec<(PathBuf, String)> = project
        .kernels
        .iter()
        .map(|(name, text)| (PathBuf::from("kernels").join(name), text.clone()))
        .collect();
    let listing =
        Project { files, binary_name: String::new(), kernels: Vec::new(), writer_error: None };
    write_project(&listing, dir)
}

/// `somdc build FILE... -o DIR [--emit-kernels]`.
pub(crate) fn build(
    files: &[PathBuf],
    out_dir: &Path,
    color: Color,
    emit_kernels: bool,
    kernels: somd_codegen::opencl::ClOptions,
) -> ExitCode {
    let runtime_path = match runtime_path() {
        Ok(path) => path,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::FAILURE;
        }
    };
    let Some(sources) = load(files, false) else {
        return ExitCode::FAILURE;
    };
    let options = EmitOptions {
        runtime_path,
        package_name: program_package_name(files),
        somdc_version: SOMDC_VERSION.to_string(),
        kernels,
    };
    let Some(project) = compile(&sources, &options, color) else {
        return ExitCode::FAILURE;
    };
    if let Err(message) = write_project(&project, out_dir) {
        eprintln!("{message}");
        return ExitCode::FAILURE;
    }
    if emit_kernels {
        if let Err(message) = write_kernels(&project, out_dir) {
            eprintln!("{message}");
            return ExitCode::FAILURE;
        }
    }
    println!("{}", out_dir.join("target").join("release").join(&project.binary_name).display());
    ExitCode::SUCCESS
}

/// Formats emitted Rust with the toolchain's `rustfmt` (edition 2021, the project's
/// settings), so the projects `build` and `run` write are rustfmt-clean: the writer's own
/// layout only approximates rustfmt's. `None` when rustfmt is not installed, rejects the
/// text or does not finish within [`RUSTFMT_LIMIT`] (rustfmt's time grows steeply with
/// the nesting of very long expressions: a generated program of assignments inside
/// expressions kept it busy for minutes); the unformatted code is still valid Rust, so
/// emission goes on.
pub(crate) fn rustfmt(text: &str) -> Option<String> {
    let program = std::env::var_os("RUSTFMT").unwrap_or_else(|| "rustfmt".into());
    let formatted = format_with(&program, text, RUSTFMT_LIMIT);
    if let Err(Unfinished) = formatted {
        eprintln!(
            "somdc: note: rustfmt did not finish in {} s; the generated Rust is left as somdc \
             laid it out",
            RUSTFMT_LIMIT.as_secs()
        );
    }
    formatted.ok().flatten()
}

/// How long `rustfmt` may take over one generated file.
const RUSTFMT_LIMIT: std::time::Duration = std::time::Duration::from_secs(20);

/// A formatter that did not finish in time (it was killed).
struct Unfinished;

/// `text` formatted by `program` (rustfmt's arguments); `Ok(None)` when it cannot run or
/// fails.
fn format_with(
    program: &std::ffi::OsStr,
    text: &str,
    limit: std::time::Duration,
) -> Result<Option<String>, Unfinished> {
    use std::io::{Read, Write};
    use std::process::{Command, Stdio};
    use std::time::Instant;
    let Ok(mut child) = Command::new(program)
        .args(["--edition", "2021", "--emit", "stdout", "--quiet"])
        .args(["--config", "max_width=100,use_small_heuristics=Max"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
    else {
        return Ok(None);
    };
    let (Some(mut stdin), Some(mut stdout)) = (child.stdin.take(), child.stdout.take()) else {
        return Ok(None);
    };
    let input = text.to_owned();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let reader = std::thread::spawn(move || {
        let mut out = Vec::new();
        stdout.read_to_end(&mut out).map(|_| out)
    });
    let start = Instant::now();
    let status = loop {
        let waited = child.try_wait();
        match waited {
            Ok(Some(status)) => break status,
            Ok(None) if start.elapsed() < limit => {
                std::thread::sleep(std::time::Duration::from_millis(5));
                continue;
            }
            _ => {}
        }
        // Out of time, or no way to wait: killing it closes its pipes, which ends both
        // threads (rustfmt starts no processes of its own that could keep them open).
        let _ = child.kill();
        let _ = child.wait();
        return match waited {
            Ok(_) => Err(Unfinished),
            Err(_) => Ok(None),
        };
    };
    let (Ok(Ok(output)), Ok(Ok(()))) = (reader.join(), writer.join()) else { return Ok(None) };
    Ok((status.success() && !output.is_empty()).then(|| String::from_utf8(output).ok()).flatten())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    /// A formatter that never finishes is killed at the limit, and the text is left as it
    /// was; one that is missing leaves it too.
    #[test]
    fn a_formatter_that_hangs_is_given_up() {
        let dir = std::env::temp_dir().join(format!("somdc-fmt-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temporary directory");
        let script = dir.join("slowfmt");
        std::fs::write(&script, "#!/bin/sh\nexec sleep 30\n").expect("script written");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755))
                .expect("script made executable");
        }
        let start = Instant::now();
        let out = format_with(script.as_os_str(), "fn main() {}\n", Duration::from_millis(300));
        assert!(matches!(out, Err(Unfinished)));
        assert!(start.elapsed() < Duration::from_secs(10), "{:?}", start.elapsed());
        let missing = format_with(dir.join("none").as_os_str(), "", Duration::from_secs(1));
        assert!(matches!(missing, Ok(None)));
        std::fs::remove_dir_all(&dir).expect("temporary directory removed");
    }
}
