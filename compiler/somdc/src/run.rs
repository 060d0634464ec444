//! `somdc run`: build a program into a cache and run it.
//!
//! Layout of the cache (`$SOMD_CACHE_DIR`, else `$XDG_CACHE_HOME/somdc`, else
//! `~/.cache/somdc`):
//!
//! ```text
//! projects/KEY/        the generated Cargo project of one program version
//! projects/KEY/.somdc-built   written (atomically) after a successful build: the binary's path
//! projects/KEY.lock    held while the project is written and built
//! target/              one cargo target directory shared by every project, so the runtime
//!                      crate is compiled once and a changed program recompiles only itself
//! ```
//!
//! `KEY` hashes every source file's name and text, the somdc version with its executable's
//! size and modification time, and every file of the runtime crate, so editing the program,
//! rebuilding the compiler or editing the runtime makes a new entry. An unchanged program is served
//! without starting cargo: the front end runs (to print warnings), the marker is read, and
//! the binary is executed. Two `somdc run` of the same program serialise on the lock file;
//! cargo serialises builds that share the target directory itself.

use crate::project::{program_package_name, runtime_path, write_project, SOMDC_VERSION};
use crate::{load, report, Color};
use somd_codegen::rust::EmitOptions;
use std::ffi::OsString;
use std::fs::File;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// Name of the marker file that records a finished build.
const BUILT_MARKER: &str = ".somdc-built";

/// How long a build may run before somdc says that it is building.
const QUIET_BUILD: Duration = Duration::from_millis(1500);

/// `somdc run FILE... [-- ARGS...]`.
pub(crate) fn run(
    files: &[PathBuf],
    args: &[OsString],
    color: Color,
    kernels: somd_codegen::opencl::ClOptions,
) -> ExitCode {
    match build_cached(files, color, kernels) {
        Ok(binary) => exec(&binary, args),
        Err(Some(message)) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
        Err(None) => ExitCode::FAILURE,
    }
}

/// Whether `SOMD_CACHE_VERBOSE` asks for a note on every cache decision.
fn verbose() -> bool {
    std::env::var_os("SOMD_CACHE_VERBOSE").is_some_and(|v| !v.is_empty() && v != "0")
}

/// The cache directory.
fn cache_dir() -> Result<PathBuf, String> {
    if let Some(dir) = std::env::var_os("SOMD_CACHE_DIR").filter(|d| !d.is_empty()) {
        return Ok(PathBuf::from(dir));
    }
    if let Some(dir) = std::env::var_os("XDG_CACHE_HOME").filter(|d| !d.is_empty()) {
        return Ok(PathBuf::from(dir).join("somdc"));
    }
    match std::env::var_os("HOME").filter(|d| !d.is_empty()) {
        Some(home) => Ok(PathBuf::from(home).join(".cache").join("somdc")),
        None => Err(String::from(
            "error: no cache directory: set SOMD_CACHE_DIR, XDG_CACHE_HOME or HOME",
        )),
    }
}

/// The compiler's version and its executable's size and modification time: a rebuilt
/// compiler (a development build keeps its version) makes new cache entries, so a program
/// is never served as the previous compiler built it.
fn compiler_stamp() -> String {
    let exe = std::env::current_exe().and_then(std::fs::metadata);
    let (len, modified) = match exe {
        Ok(meta) => {
            let since =
                meta.modified().ok().and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok());
            (meta.len(), since.map_or(0, |d| d.as_nanos()))
        }
        Err(_) => (0, 0),
    };
    format!("{SOMDC_VERSION}+{len}.{modified}")
}

/// A digest of the runtime crate's sources: every file except tests, benches, build
/// output and hidden files, by relative path and content.
fn runtime_digest(runtime: &Path) -> String {
    let mut files = Vec::new();
    collect_runtime_files(runtime, runtime, &mut files);
    files.sort();
    let mut hash = somdc::ContentHash::default();
    for (relative, path) in files {
        hash.add(relative.as_bytes());
        hash.add(&std::fs::read(path).unwrap_or_default());
    }
    hash.hex()
}

fn collect_runtime_files(root: &Path, dir: &Path, out: &mut Vec<(String, PathBuf)>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            continue;
        }
        if path.is_dir() {
            let skipped =
                dir == root && (name == "tests" || name == "benches" || name.starts_with("target"));
            if !skipped {
                collect_runtime_files(root, &path, out);
            }
        } else {
            let relative = path.strip_prefix(root).unwrap_or(&path).display().to_string();
            out.push((relative, path));
        }
    }
}

/// Makes sure the program's binary exists in the cache and returns its path. `Err(None)`
/// means the problem was already reported (compiler diagnostics).
fn build_cached(
    files: &[PathBuf],
    color: Color,
    kernels: somd_codegen::opencl::ClOptions,
) -> Result<PathBuf, Option<String>> {
    let runtime = runtime_path().map_err(Some)?;
    let sources = load(files, true).ok_or(None)?;
    let checked = somdc::check(&sources);
    report(&sources, &checked.diagnostics, checked.omitted(), color, "compile");
    if checked.has_errors() {
        return Err(None);
    }

    let cache = cache_dir().map_err(Some)?;
    // Kernels written with other options make another program.
    let stamp = format!(
        "{} unchecked={} fast_math={}",
        compiler_stamp(),
        kernels.unchecked,
        kernels.fast_math
    );
    let key = somdc::program_key(&sources, &stamp, &runtime_digest(&runtime));
    let projects = cache.join("projects");
    std::fs::create_dir_all(&projects)
        .map_err(|err| format!("error: cannot create {}: {err}", projects.display()))?;
    let project_dir = projects.join(&key);
    let target_dir = cache.join("target");

    // Held until this function returns: a concurrent run of the same program waits here,
    // then finds the marker and skips the build.
    let lock_path = projects.join(format!("{key}.lock"));
    let lock = File::create(&lock_path)
        .map_err(|err| format!("error: cannot create {}: {err}", lock_path.display()))?;
    lock.lock().map_err(|err| format!("error: cannot lock {}: {err}", lock_path.display()))?;

    // The marker names the binary and records its size and modification time: a binary
    // changed since (emptied, truncated, written over) is built again rather than run.
    let marker = project_dir.join(BUILT_MARKER);
    if let Ok(recorded) = std::fs::read_to_string(&marker) {
        let mut lines = recorded.lines();
        let binary = target_dir.join(lines.next().unwrap_or_default());
        let intact =
            lines.next().is_some_and(|seal| Some(seal.to_string()) == binary_seal(&binary));
        if intact {
            if verbose() {
                eprintln!("somdc: cache hit: {}", binary.display());
            }
            return Ok(binary);
        }
        // Cargo takes an existing output for fresh: remove the binary and its copy under
        // `deps/` (one file, hard-linked; it may be there alone) so that the build links
        // it again.
        if verbose() {
            eprintln!("somdc: cached binary changed since its build: {}", binary.display());
        }
        remove_outputs(&binary);
    }

    // The key goes into the package name so that every cached program has its own binary
    // name in the shared target directory.
    let package_name = format!("{}_{}", program_package_name(files), &key[..16]);
    let options = EmitOptions {
        runtime_path: runtime.clone(),
        package_name,
        somdc_version: SOMDC_VERSION.to_string(),
        kernels,
    };
    let project = somdc::emit(&checked, &sources, &options)
        .map_err(|err| format!("error: cannot generate code for this program: {err}"))?;
    write_project(&project, &project_dir).map_err(Some)?;
    seed_lock_file(&runtime, &project_dir);
    if verbose() {
        eprintln!("somdc: building {}", project_dir.display());
    }
    cargo_build(&project_dir, &target_dir, &project.binary_name).map_err(Some)?;

    let relative = Path::new("release").join(&project.binary_name);
    let binary = target_dir.join(&relative);
    if !binary.is_file() {
        return Err(Some(format!(
            "error: cargo succeeded but {} does not exist",
            binary.display()
        )));
    }
    let seal = binary_seal(&binary).unwrap_or_default();
    let temporary = project_dir.join(format!("{BUILT_MARKER}.tmp{}", std::process::id()));
    std::fs::write(&temporary, format!("{}\n{seal}\n", relative.display()))
        .and_then(|()| std::fs::rename(&temporary, &marker))
        .map_err(|err| format!("error: cannot write {}: {err}", marker.display()))?;
    Ok(binary)
}

/// The size and modification time of `binary` (`None` when it is no file), recorded in the
/// marker after a build and compared at every later run.
fn binary_seal(binary: &Path) -> Option<String> {
    let meta = std::fs::metadata(binary).ok().filter(|m| m.is_file())?;
    let modified = meta.modified().ok()?.duration_since(std::time::UNIX_EPOCH).ok()?;
    Some(format!("{} {}.{:09}", meta.len(), modified.as_secs(), modified.subsec_nanos()))
}

/// Removes `binary` (`target/release/NAME`) and cargo's copies of it under `deps/`
/// (`NAME-HASH`), so that the next build links it again.
fn remove_outputs(binary: &Path) {
    let _ = std::fs::remove_file(binary);
    let (Some(dir), Some(name)) = (binary.parent(), binary.file_name().and_then(|n| n.to_str()))
    else {
        return;
    };
    let prefix = format!("{name}-");
    let Ok(entries) = std::fs::read_dir(dir.join("deps")) else { return };
    for entry in entries.flatten() {
        let file = entry.file_name();
        let file = file.to_string_lossy();
        // The executable itself, not its `.d` dependency file.
        if file.starts_with(&prefix) && !file.contains('.') {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Gives a generated project the lock file of the workspace the runtime belongs to, when
/// it has none, so that it uses the dependency versions the runtime was tested with and
/// every cached project resolves to the same, already compiled, versions.
fn seed_lock_file(runtime: &Path, project_dir: &Path) {
    let project_lock = project_dir.join("Cargo.lock");
    if project_lock.exists() {
        return;
    }
    if let Some(workspace_lock) = runtime.parent().map(|dir| dir.join("Cargo.lock")) {
        if workspace_lock.is_file() {
            let _ = std::fs::copy(workspace_lock, project_lock);
        }
    }
}

/// Runs `cargo build --release` for the project with its output captured; shows the
/// output only when the build fails, and a progress line when it takes a while.
fn cargo_build(project_dir: &Path, target_dir: &Path, name: &str) -> Result<(), String> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| OsString::from("cargo"));
    let mut child = Command::new(&cargo)
        .arg("build")
        .arg("--release")
        .arg("--manifest-path")
        .arg(project_dir.join("Cargo.toml"))
        .arg("--target-dir")
        .arg(target_dir)
        // As the project's `.cargo/config.toml` says, which cargo reads from its working
        // directory only.
        .env("RUST_MIN_STACK", somd_codegen::rust::RUSTC_STACK)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|err| format!("error: cannot start {}: {err}", Path::new(&cargo).display()))?;

    // Both pipes are drained on threads so that cargo never blocks on a full pipe.
    let stdout = child.stdout.take().map(drain);
    let stderr = child.stderr.take().map(drain);
    let (done, finished) = mpsc::channel::<()>();
    let name = name.to_string();
    let progress = std::thread::spawn(move || {
        if finished.recv_timeout(QUIET_BUILD) == Err(mpsc::RecvTimeoutError::Timeout) {
            eprintln!("somdc: compiling {name} (cargo build --release)...");
            let _ = finished.recv();
        }
    });
    let status = child.wait();
    let _ = done.send(());
    let _ = progress.join();
    let mut output = Vec::new();
    for handle in [stdout, stderr].into_iter().flatten() {
        output.extend(handle.join().unwrap_or_default());
    }
    match status {
        Ok(status) if status.success() => Ok(()),
        Ok(status) => {
            let _ = std::io::stderr().write_all(&output);
            Err(format!("error: cargo build of the generated program failed ({status})"))
        }
        Err(err) => Err(format!("error: waiting for cargo: {err}")),
    }
}

fn drain(mut pipe: impl Read + Send + 'static) -> std::thread::JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = pipe.read_to_end(&mut bytes);
        bytes
    })
}

/// Replaces this process with the program (Unix), so its output and exit status are the
/// program's own.
#[cfg(unix)]
fn exec(binary: &Path, args: &[OsString]) -> ExitCode {
    use std::os::unix::process::CommandExt;
    let err = Command::new(binary).args(args).exec();
    eprintln!("error: cannot run {}: {err}", binary.display());
    ExitCode::FAILURE
}

/// Runs the program and exits with its status (where `exec` does not exist).
#[cfg(not(unix))]
fn exec(binary: &Path, args: &[OsString]) -> ExitCode {
    match Command::new(binary).args(args).status() {
        Ok(status) => {
            let code = status.code().unwrap_or(1);
            ExitCode::from(u8::try_from(code).unwrap_or(1))
        }
        Err(err) => {
            eprintln!("error: cannot run {}: {err}", binary.display());
            ExitCode::FAILURE
        }
    }
}
