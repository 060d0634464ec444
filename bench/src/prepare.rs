//! Getting the executables: builds `somdc`, the generated program of every sample
//! (`somdc build` then `cargo build --release` with one shared target directory) and the
//! baselines (`somd-baseline`, and `somd-clbaseline` for the hand-tuned OpenCL ones); or takes them from a folder of prebuilt binaries (`--prebuilt`, for a
//! machine without a Rust toolchain), which `--stage` fills.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Name of the baseline executable.
pub const BASELINE: &str = "somd-baseline";

/// Name of the hand-tuned OpenCL baseline executable.
pub const CLBASELINE: &str = "somd-clbaseline";

/// File name of the generated program of `name` inside a staging folder.
pub fn staged_name(name: &str) -> String {
    format!("gen-{name}")
}

/// Executables of one benchmark run.
pub struct Executables {
    /// The baseline binary.
    pub baseline: PathBuf,
    /// The hand-tuned OpenCL baseline binary (it may be missing from an older `--prebuilt`
    /// folder; the harness then skips `hand opencl`).
    pub clbaseline: PathBuf,
    /// The generated program of each selected benchmark, by name.
    pub generated: Vec<(String, PathBuf)>,
    /// The harness itself as [`build`] left it: building `somdc` alongside can relink it,
    /// which leaves the running image deleted, so staging copies this file instead.
    pub harness: Option<PathBuf>,
}

/// The workspace root (this crate's parent folder).
pub fn workspace_root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().map_or_else(|| manifest.to_path_buf(), Path::to_path_buf)
}

/// The cargo target directory this harness was built into (`TARGET/release/somd-bench`).
fn own_target_dir() -> Result<PathBuf, String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot find own executable: {e}"))?;
    exe.parent()
        .and_then(Path::parent)
        .map(Path::to_path_buf)
        .ok_or_else(|| format!("unexpected executable location {}", exe.display()))
}

/// Runs `command`, failing with its output when it fails.
fn run_checked(mut command: Command, what: &str) -> Result<String, String> {
    let output = command.output().map_err(|e| format!("{what}: cannot start: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "{what} failed ({}):\n{}{}",
            output.status,
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}

/// Builds every executable for the benchmarks `names`, with the `somdc` binary `somdc`
/// when given (else one built from this workspace).
pub fn build(names: &[&str], somdc: Option<&Path>) -> Result<Executables, String> {
    let root = workspace_root();
    let target = own_target_dir()?;
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());

    let mut packages = vec!["-p", "somd-bench"];
    if somdc.is_none() {
        packages.extend(["-p", "somdc"]);
    }
    eprintln!("somd-bench: cargo build --release {}", packages.join(" "));
    let mut command = Command::new(&cargo);
    command
        .current_dir(&root)
        .env("CARGO_TARGET_DIR", &target)
        .args(["build", "--release", "-q"])
        .args(&packages);
    run_checked(command, "cargo build --release")?;
    let somdc = somdc.map_or_else(|| target.join("release").join("somdc"), Path::to_path_buf);
    let baseline = target.join("release").join(BASELINE);
    let clbaseline = target.join("release").join(CLBASELINE);

    let projects = target.join("bench").join("projects");
    let shared_target = target.join("bench").join("target");
    let mut generated = Vec::new();
    for name in names {
        eprintln!("somd-bench: somdc build samples/{name}.somd and cargo build --release");
        let sample = root.join("samples").join(format!("{name}.somd"));
        let project = projects.join(name);
        let mut command = Command::new(&somdc);
        command.arg("build").arg(&sample).arg("-o").arg(&project);
        let printed = run_checked(command, &format!("somdc build {}", sample.display()))?;
        // somdc prints where the executable will be under the project's own target
        // directory; the file name is the same under the shared one.
        let file_name = Path::new(printed.trim())
            .file_name()
            .ok_or_else(|| format!("somdc build printed no executable path: {printed:?}"))?
            .to_os_string();
        let mut command = Command::new(&cargo);
        command.current_dir(&project).env("CARGO_TARGET_DIR", &shared_target).args([
            "build",
            "--release",
            "-q",
        ]);
        run_checked(command, &format!("cargo build of {}", project.display()))?;
        generated.push((name.to_string(), shared_target.join("release").join(file_name)));
    }
    let harness = Some(target.join("release").join("somd-bench"));
    Ok(Executables { baseline, clbaseline, generated, harness })
}

/// The executables in a folder filled by [`stage`].
pub fn prebuilt(dir: &Path, names: &[&str]) -> Result<Executables, String> {
    let existing = |path: PathBuf| {
        if path.is_file() {
            Ok(path)
        } else {
            Err(format!("prebuilt executable {} is missing", path.display()))
        }
    };
    let baseline = existing(dir.join(BASELINE))?;
    let generated = names
        .iter()
        .map(|name| Ok((name.to_string(), existing(dir.join(staged_name(name)))?)))
        .collect::<Result<Vec<_>, String>>()?;
    Ok(Executables { baseline, clbaseline: dir.join(CLBASELINE), generated, harness: None })
}

/// Copies the harness, the baseline and the generated programs into `dir`.
pub fn stage(exes: &Executables, dir: &Path) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let copy = |from: &Path, to: PathBuf| {
        std::fs::copy(from, &to)
            .map(|_| ())
            .map_err(|e| format!("cannot copy {} to {}: {e}", from.display(), to.display()))
    };
    let harness = match &exes.harness {
        Some(path) => path.clone(),
        None => std::env::current_exe().map_err(|e| format!("own executable: {e}"))?,
    };
    copy(&harness, dir.join("somd-bench"))?;
    copy(&exes.baseline, dir.join(BASELINE))?;
    copy(&exes.clbaseline, dir.join(CLBASELINE))?;
    for (name, path) in &exes.generated {
        copy(path, dir.join(staged_name(name)))?;
    }
    Ok(())
}
