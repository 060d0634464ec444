//! The end-to-end suite: compiles every program of `tests/run/` and `samples/`, runs it on
//! every CPU placement and compares its behaviour with what its Java twin did
//! (`tests/run/README.md`).
//!
//! Per program `NAME` (a `NAME.somd` file or a `NAME.prog/` directory), the suite's
//! `expected/` directory holds `NAME.out` (standard output), `NAME.err` (standard error,
//! when not empty), `NAME.status` (exit status, when not 0) and `NAME.source` (the `cksum`
//! of the program's text, so a program edited without regenerating is reported as such),
//! all written by `tests/run/regen.sh` from the Java twin — never by hand. No JDK is needed
//! here.
//!
//! Compilation: every program is compiled once, through the `somdc` library, into a Cargo
//! project under `CARGO_TARGET_TMPDIR/e2e/programs/`; the projects are members of one
//! generated workspace built by a single `cargo build --release --keep-going`, so the
//! runtime compiles once, programs compile in parallel and an unchanged program is not
//! rebuilt. Each program then runs with `SOMD_DEVICE=seq`, with `SOMD_DEVICE=cpu` at
//! `SOMD_THREADS` = 1, 2, 3 and 8, and, when an OpenCL platform is installed, with
//! `SOMD_DEVICE=opencl SOMD_STRICT=1` (any fallback to the CPU of an eligible construct is
//! then an error) and with `SOMD_DEVICE=auto SOMD_STRICT=1` (the adaptive `auto`: repeated
//! sites alternate the device and the CPU, then keep the faster; every run sets
//! `SOMD_AUTO_ANY=1`, so `auto` takes the suite's OpenCL device even when it is not a GPU,
//! as PoCL is not; without a platform the OpenCL runs print `SKIPPED: opencl (no platform)`,
//! or fail under `SOMD_REQUIRE_OPENCL=1`, which CI sets). A run must match exactly: standard output and exit
//! status; for a program that throws, the first line of standard error (the exception and
//! its detail) and the position line `\tat FILE:LINE:COL` given by the program's
//! `// throws-at: LINE:COL` annotation (Java's stack trace has no columns); for any other
//! program, the whole of standard error.
//!
//! `SOMD_E2E_FILTER=a,b` restricts both suites to programs whose names contain one of the
//! words; `SOMD_RUNTIME=DIR` builds against another copy of the runtime crate.
//!
//! `SOMD_E2E_STAGE=DIR` makes the test `stage_for_another_machine` (a no-op otherwise) copy
//! every built program with what it must match into `DIR`, for a machine without Rust
//! (`bench/gpu/run.sh` runs them there on the GPU): `DIR/bin/PACKAGE` (the executable),
//! `DIR/expected/PACKAGE.{out,err}` and one line per program in `DIR/programs.tsv`:
//! `PACKAGE<TAB>STATUS<TAB>THROWS_AT<TAB>ARGS` (THROWS_AT `-` when none; ARGS separated by
//! spaces). Run it alone: `SOMD_E2E_STAGE=DIR cargo test -p somd-tests --test run stage_`.

use serde_json::Value;
use somd_codegen::rust::EmitOptions;
use somd_tests::{load, programs, repo_root, Program};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

#[path = "run/adapt.rs"]
mod adapt;

/// The CPU placements every program runs on: `(SOMD_DEVICE, SOMD_THREADS)`.
const PLACEMENTS: &[(&str, Option<&str>)] = &[
    ("seq", None),
    ("cpu", Some("1")),
    ("cpu", Some("2")),
    ("cpu", Some("3")),
    ("cpu", Some("8")),
];

/// One run of a program: `SOMD_DEVICE`, `SOMD_THREADS`, and whether `SOMD_STRICT=1`.
#[derive(Clone, Copy)]
struct Placement {
    device: &'static str,
    threads: Option<&'static str>,
    strict: bool,
}

impl Placement {
    fn describe(&self) -> String {
        let mut text = format!("SOMD_DEVICE={}", self.device);
        if let Some(n) = self.threads {
            let _ = write!(text, " SOMD_THREADS={n}");
        }
        if self.strict {
            text.push_str(" SOMD_STRICT=1");
        }
        if self.device == "auto" {
            text.push_str(" SOMD_AUTO_ANY=1");
        }
        text
    }
}

/// Whether an OpenCL platform is installed: the ICD loader finds platforms through the
/// `.icd` files of `OCL_ICD_VENDORS` (a directory or one file) or `/etc/OpenCL/vendors`.
fn opencl_platform_present() -> bool {
    let has_icd = |dir: &Path| {
        std::fs::read_dir(dir).is_ok_and(|entries| {
            entries.flatten().any(|e| e.path().extension().is_some_and(|x| x == "icd"))
        })
    };
    match std::env::var_os("OCL_ICD_VENDORS").map(PathBuf::from) {
        Some(path) if path.is_file() => true,
        Some(path) => has_icd(&path),
        None => has_icd(Path::new("/etc/OpenCL/vendors")),
    }
}

/// Every placement of this run: the CPU ones, and `SOMD_DEVICE=opencl SOMD_STRICT=1` when a
/// platform is present. Without one, the OpenCL runs are skipped loudly, or fail the suite
/// under `SOMD_REQUIRE_OPENCL=1` (CI).
fn placements() -> Result<Vec<Placement>, String> {
    let mut list: Vec<Placement> = PLACEMENTS
        .iter()
        .map(|(device, threads)| Placement { device, threads: *threads, strict: false })
        .collect();
    if opencl_platform_present() {
        list.push(Placement { device: "opencl", threads: None, strict: true });
        list.push(Placement { device: "auto", threads: None, strict: true });
    } else if std::env::var("SOMD_REQUIRE_OPENCL").is_ok_and(|v| v == "1") {
        return Err("SOMD_REQUIRE_OPENCL=1 but no OpenCL platform is installed \
                    (no .icd file in OCL_ICD_VENDORS or /etc/OpenCL/vendors)"
            .to_string());
    } else {
        // Written to the process's stderr, not the test's captured output, so it shows.
        static SKIP: OnceLock<()> = OnceLock::new();
        SKIP.get_or_init(|| {
            use std::io::Write as _;
            let _ = writeln!(std::io::stderr(), "SKIPPED: opencl (no platform)");
        });
    }
    Ok(list)
}

/// The binary cache of OpenCL programs for the suite's runs (kept between runs).
fn cl_cache_dir() -> PathBuf {
    e2e_dir().join("cl-cache")
}

/// A program that runs longer than this is reported as hanging and killed. Generous: on a
/// clean 2-core machine PoCL compiles each kernel again for every work-group size at its
/// first launch (its own cache is empty), which took `device_nested_slices` in the slices
/// form 61 s on an idle 2-core AMD EPYC host (2.8 s once PoCL's cache holds the kernels).
const RUN_TIMEOUT: Duration = Duration::from_secs(240);

/// One program of a suite, as compiled.
struct Entry {
    suite: &'static str,
    program: Program,
    /// The executable, or why there is none.
    binary: Result<PathBuf, String>,
}

/// Everything compiled once for both suites.
struct Built {
    entries: Vec<Entry>,
}

fn e2e_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("e2e")
}

fn filter_words() -> Vec<String> {
    std::env::var("SOMD_E2E_FILTER")
        .unwrap_or_default()
        .split(',')
        .map(str::trim)
        .filter(|w| !w.is_empty())
        .map(String::from)
        .collect()
}

fn selected(suite_dir: &Path) -> Vec<Program> {
    let words = filter_words();
    programs(suite_dir)
        .into_iter()
        .filter(|p| !p.name.contains('/'))
        .filter(|p| words.is_empty() || words.iter().any(|w| p.name.contains(w.as_str())))
        .collect()
}

/// The program's name without `.somd` / `.prog`.
fn stem(program: &Program) -> String {
    program.name.trim_end_matches(".somd").trim_end_matches(".prog").to_string()
}

/// Writes `text` to `path` unless it already holds exactly that (an unchanged file keeps its
/// modification time, so cargo does not rebuild the program).
fn write_if_changed(path: &Path, text: &str) {
    if std::fs::read(path).is_ok_and(|old| old == text.as_bytes()) {
        return;
    }
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).expect("create project directory");
    }
    std::fs::write(path, text).expect("write project file");
}

/// Splits a generated `Cargo.toml` into the member's own part and its `[profile.*]`
/// tables: a workspace member may not declare `[workspace]` and its profiles would be
/// ignored, so the profiles move to the generated workspace root.
fn split_manifest(manifest: &str) -> (String, String) {
    let mut member = String::new();
    let mut profiles = String::new();
    let mut in_profile = false;
    for line in manifest.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with('[') {
            in_profile = trimmed.starts_with("[profile.");
            if trimmed == "[workspace]" {
                continue;
            }
        }
        let out = if in_profile { &mut profiles } else { &mut member };
        out.push_str(line);
        out.push('\n');
    }
    (member, profiles)
}

fn build_all() -> Built {
    let started = Instant::now();
    let root = repo_root();
    let dir = e2e_dir();
    // `SOMD_RUNTIME` overrides the runtime crate, as it does for `somdc build`.
    let runtime = std::env::var_os("SOMD_RUNTIME")
        .map_or_else(|| root.join("runtime"), PathBuf::from)
        .canonicalize()
        .expect("the runtime crate exists");
    let mut entries = Vec::new();
    let mut members = Vec::new();
    let mut profiles = String::new();
    // Package directory name -> index in `entries`.
    let mut by_package: BTreeMap<String, usize> = BTreeMap::new();

    for (suite, prefix) in [("tests/run", "e2e"), ("samples", "sample")] {
        for program in selected(&root.join(suite)) {
            let package = format!("{prefix}_{}", stem(&program));
            let sources = load(&program);
            let options = EmitOptions {
                runtime_path: runtime.clone(),
                package_name: package.clone(),
                somdc_version: String::from("e2e"),
                kernels: Default::default(),
            };
            let binary = match somdc::compile(&sources, &options) {
                Err(somdc::CompileError::Rejected(checked)) => Err(format!(
                    "somdc rejected the program:\n{}",
                    somd_diag::render_text(&sources, &checked.diagnostics, false)
                )),
                Err(somdc::CompileError::Emit(err)) => Err(format!("somdc could not emit: {err}")),
                Ok((project, _warnings)) => {
                    let project_dir = dir.join("programs").join(&package);
                    for (relative, text) in &project.files {
                        let text = if relative == Path::new("Cargo.toml") {
                            let (member, member_profiles) = split_manifest(text);
                            if profiles.is_empty() {
                                profiles = member_profiles;
                            }
                            member
                        } else {
                            text.clone()
                        };
                        write_if_changed(&project_dir.join(relative), &text);
                    }
                    members.push(format!("programs/{package}"));
                    by_package.insert(package.clone(), entries.len());
                    Ok(dir.join("target").join("release").join(&project.binary_name))
                }
            };
            entries.push(Entry { suite, program, binary });
        }
    }

    if !members.is_empty() {
        let mut manifest = String::from(
            "# Generated by the end-to-end suite (tests/tests/run.rs): every test program is a\n\
             # member, so one cargo build compiles the runtime once and the programs in parallel.\n\
             [workspace]\nresolver = \"2\"\nmembers = [\n",
        );
        for member in &members {
            let _ = writeln!(manifest, "    \"{member}\",");
        }
        manifest.push_str("]\n\n");
        manifest.push_str(&profiles);
        let optimise = std::env::var_os("SOMD_E2E_STAGE").is_some()
            || std::env::var("SOMD_E2E_OPTIMISE").is_ok_and(|v| v == "1");
        if !optimise {
            manifest.push_str(QUICK_BUILD);
            for member in &members {
                if let Some(package) = member.strip_prefix("programs/e2e_") {
                    let _ = writeln!(manifest, "\n[profile.release.package.e2e_{package}]");
                    manifest.push_str("opt-level = 0\ncodegen-units = 16\n");
                }
            }
        }
        write_if_changed(&dir.join("Cargo.toml"), &manifest);
        let lock = dir.join("Cargo.lock");
        if !lock.exists() {
            // The dependency versions the runtime is tested with.
            let _ = std::fs::copy(root.join("Cargo.lock"), &lock);
        }
        let report = cargo_build(&dir);
        for index in by_package.values() {
            let entry = &mut entries[*index];
            let Ok(binary) = &entry.binary else { continue };
            if !report.executables.contains(binary) {
                let target = binary.file_name().map(|n| n.to_string_lossy().into_owned());
                let errors =
                    target.and_then(|t| report.errors.get(&t).cloned()).unwrap_or_else(|| {
                        format!("no executable was built; cargo said:\n{}", report.tail)
                    });
                entry.binary = Err(format!("the generated Rust did not compile:\n{errors}"));
            }
        }
    }
    eprintln!(
        "e2e: compiled {} programs (somdc + one cargo build) in {:.1} s",
        entries.len(),
        started.elapsed().as_secs_f64()
    );
    Built { entries }
}

/// Heads the profile overrides of the generated workspace: the suite's own programs build
/// unoptimised, unless `SOMD_E2E_OPTIMISE=1` or `SOMD_E2E_STAGE` (binaries staged for
/// timing on another machine) is set. At the emitted profile (`opt-level = 3`, one codegen
/// unit) their 480-odd builds took most of the 44 minutes the suite took on a 2-core CI
/// machine. Unoptimised builds run the same program: rustc's optimisations keep the meaning
/// of code without undefined behaviour, and release profiles keep `overflow-checks` off at
/// every `opt-level`. They do not exercise what only optimised code would expose, such as an
/// unchecked access (`get_unchecked`, which somdc's bounds analysis justifies) that an
/// optimiser hoists: the samples, the runtime's non-generic code, the CLI tests, the
/// benchmark harness's test and `SOMD_E2E_OPTIMISE=1` runs keep the emitted profile
/// (tests/run/README.md).
const QUICK_BUILD: &str =
    "\n# The suite's own programs build unoptimised (tests/tests/run.rs, QUICK_BUILD).\n";

/// What one `cargo build` of the generated workspace produced.
struct CargoReport {
    /// Executables cargo reported as built or fresh in this build.
    executables: BTreeSet<PathBuf>,
    /// Rendered compiler errors by target (binary) name.
    errors: BTreeMap<String, String>,
    /// The last lines of cargo's own messages, for failures that name no package.
    tail: String,
}

fn cargo_build(dir: &Path) -> CargoReport {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = Command::new(cargo)
        .current_dir(dir)
        .args(["build", "--release", "--workspace", "--keep-going", "--message-format=json"])
        .arg("--target-dir")
        .arg(dir.join("target"))
        .env_remove("CARGO_TARGET_DIR")
        // As the emitted projects' `.cargo/config.toml` (the members' configs do not apply
        // to the workspace's build).
        .env("RUST_MIN_STACK", somd_codegen::rust::RUSTC_STACK)
        .stdin(Stdio::null())
        .output()
        .expect("run cargo");
    let mut report =
        CargoReport { executables: BTreeSet::new(), errors: BTreeMap::new(), tail: String::new() };
    for line in String::from_utf8_lossy(&output.stdout).lines() {
        let Ok(message) = serde_json::from_str::<Value>(line) else { continue };
        let package = message["target"]["name"].as_str().unwrap_or_default().to_string();
        match message["reason"].as_str() {
            Some("compiler-artifact") => {
                if let Some(executable) = message["executable"].as_str() {
                    report.executables.insert(PathBuf::from(executable));
                }
            }
            Some("compiler-message") if message["message"]["level"] == "error" => {
                let rendered = message["message"]["rendered"].as_str().unwrap_or_default();
                let text = report.errors.entry(package).or_default();
                if text.len() < 6000 {
                    text.push_str(rendered);
                }
            }
            _ => {}
        }
    }
    let stderr = String::from_utf8_lossy(&output.stderr);
    let lines: Vec<&str> = stderr.lines().collect();
    report.tail = lines[lines.len().saturating_sub(30)..].join("\n");
    report
}

fn built() -> &'static Built {
    static BUILT: OnceLock<Built> = OnceLock::new();
    BUILT.get_or_init(build_all)
}

/// The expected behaviour of a program, from its suite's `expected/` directory.
struct Expected {
    stdout: String,
    stderr: String,
    status: i32,
    /// `FILE:LINE:COL` from the program's `// throws-at:` annotation.
    throws_at: Option<String>,
    args: Vec<String>,
}

fn expected(suite_dir: &Path, program: &Program) -> Result<Expected, String> {
    let name = stem(program);
    let dir = suite_dir.join("expected");
    let stdout = std::fs::read_to_string(dir.join(format!("{name}.out")))
        .map_err(|_| format!("no expected/{name}.out: run tests/run/regen.sh"))?;
    let stderr = std::fs::read_to_string(dir.join(format!("{name}.err"))).unwrap_or_default();
    let status = match std::fs::read_to_string(dir.join(format!("{name}.status"))) {
        Ok(text) => text.trim().parse().map_err(|_| format!("bad expected/{name}.status"))?,
        Err(_) => 0,
    };
    let mut throws_at = None;
    let mut args = Vec::new();
    for (index, file) in program.files.iter().enumerate() {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
        let file_name =
            file.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        for line in text.lines() {
            if let Some(position) = line.trim().strip_prefix("// throws-at:") {
                throws_at = Some(format!("{file_name}:{}", position.trim()));
            }
            if index == 0 && args.is_empty() {
                if let Some(list) = line.trim().strip_prefix("// args:") {
                    args = list.split_whitespace().map(String::from).collect();
                }
            }
        }
    }
    let mut text = Vec::new();
    for file in &program.files {
        text.extend(std::fs::read(file).map_err(|e| format!("{}: {e}", file.display()))?);
    }
    let recorded = std::fs::read_to_string(dir.join(format!("{name}.source"))).unwrap_or_default();
    let current = format!("{} {}", cksum(&text), text.len());
    if recorded.trim() != current {
        return Err(format!(
            "the program changed since expected/{name}.out was made (checksum `{}`, now \
             `{current}`): update java/{name}.java and run tests/run/regen.sh",
            recorded.trim()
        ));
    }
    if status != 0 && throws_at.is_none() {
        return Err(format!("{name} throws but has no `// throws-at: LINE:COL` annotation"));
    }
    Ok(Expected { stdout, stderr, status, throws_at, args })
}

/// The POSIX `cksum` CRC of `bytes` (what `regen.sh` records in `expected/NAME.source`).
fn cksum(bytes: &[u8]) -> u32 {
    const POLY: u32 = 0x04C1_1DB7;
    let table: Vec<u32> = (0..256u32)
        .map(|i| {
            (0..8).fold(i << 24, |c, _| if c & 0x8000_0000 != 0 { (c << 1) ^ POLY } else { c << 1 })
        })
        .collect();
    let step =
        |crc: u32, byte: u8| (crc << 8) ^ table[(((crc >> 24) ^ u32::from(byte)) & 0xff) as usize];
    let mut crc = bytes.iter().fold(0u32, |crc, &b| step(crc, b));
    let mut length = bytes.len();
    while length > 0 {
        crc = step(crc, (length & 0xff) as u8);
        length >>= 8;
    }
    !crc
}

/// The output of one run.
struct Outcome {
    stdout: String,
    stderr: String,
    status: Option<i32>,
    timed_out: bool,
}

fn run_binary(binary: &Path, args: &[String], placement: Placement) -> Outcome {
    run_with_env(binary, args, placement, &[])
}

fn run_with_env(
    binary: &Path,
    args: &[String],
    placement: Placement,
    env: &[(&str, &str)],
) -> Outcome {
    let mut command = Command::new(binary);
    command
        .args(args)
        .env("SOMD_DEVICE", placement.device)
        .env("SOMD_CACHE_DIR", cl_cache_dir())
        .env_remove("SOMD_THREADS")
        .env_remove("SOMD_TRACE")
        .env_remove("SOMD_CONFIG")
        .env_remove("SOMD_STRICT")
        .env_remove("SOMD_ADAPT")
        // Only `auto` reads it: the suite's OpenCL device is `auto`'s device.
        .env("SOMD_AUTO_ANY", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(threads) = placement.threads {
        command.env("SOMD_THREADS", threads);
    }
    if placement.strict {
        command.env("SOMD_STRICT", "1");
    }
    for (key, value) in env {
        command.env(key, value);
    }
    let mut child = command.spawn().expect("start test program");
    let drain = |pipe: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut pipe) = pipe {
                let _ = pipe.read_to_end(&mut bytes);
            }
            String::from_utf8_lossy(&bytes).into_owned()
        })
    };
    let stdout = drain(child.stdout.take().map(|p| Box::new(p) as Box<dyn Read + Send>));
    let stderr = drain(child.stderr.take().map(|p| Box::new(p) as Box<dyn Read + Send>));
    let started = Instant::now();
    let mut timed_out = false;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status.code(),
            Ok(None) if started.elapsed() > RUN_TIMEOUT => {
                let _ = child.kill();
                timed_out = true;
                break child.wait().ok().and_then(|s| s.code());
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(_) => break None,
        }
    };
    Outcome {
        stdout: stdout.join().unwrap_or_default(),
        stderr: stderr.join().unwrap_or_default(),
        status,
        timed_out,
    }
}

/// A short unified-style diff: the first differing lines with some context.
fn diff(expected: &str, actual: &str) -> String {
    let e: Vec<&str> = expected.lines().collect();
    let a: Vec<&str> = actual.lines().collect();
    let mut out = String::new();
    let mut shown = 0;
    for i in 0..e.len().max(a.len()) {
        let (x, y) = (e.get(i), a.get(i));
        if x != y {
            if let Some(x) = x {
                let _ = writeln!(out, "    line {}: - {x}", i + 1);
            }
            if let Some(y) = y {
                let _ = writeln!(out, "    line {}: + {y}", i + 1);
            }
            shown += 1;
            if shown == 8 {
                let _ = writeln!(out, "    ...");
                break;
            }
        }
    }
    if expected.ends_with('\n') != actual.ends_with('\n') && shown == 0 {
        out.push_str("    (final newline differs)\n");
    }
    out
}

/// Compares one run with the expectation; `None` when it matches.
fn compare(expected: &Expected, outcome: &Outcome) -> Option<String> {
    let mut problems = String::new();
    if outcome.timed_out {
        let _ = writeln!(problems, "  timed out after {} s", RUN_TIMEOUT.as_secs());
    }
    if outcome.status != Some(expected.status) {
        let _ = writeln!(
            problems,
            "  exit status: expected {}, got {:?}",
            expected.status, outcome.status
        );
    }
    if outcome.stdout != expected.stdout {
        let _ = write!(problems, "  stdout differs:\n{}", diff(&expected.stdout, &outcome.stdout));
    }
    if expected.status != 0 {
        let want_first = expected.stderr.lines().next().unwrap_or_default();
        let mut lines = outcome.stderr.lines();
        let got_first = lines.next().unwrap_or_default();
        if want_first != got_first {
            let _ = writeln!(
                problems,
                "  exception: expected `{want_first}`\n             got      `{got_first}`"
            );
        }
        let want_at = format!("\tat {}", expected.throws_at.as_deref().unwrap_or_default());
        let got_at = lines.next().unwrap_or_default();
        if want_at != got_at {
            let _ = writeln!(problems, "  position: expected `{want_at}`, got `{got_at}`");
        }
    } else if outcome.stderr != expected.stderr {
        let _ = write!(problems, "  stderr differs:\n{}", diff(&expected.stderr, &outcome.stderr));
    }
    (!problems.is_empty()).then_some(problems)
}

/// Runs every program of `suite` on every placement; panics with every failure.
fn run_suite(suite: &str) {
    let placements = match placements() {
        Ok(list) => list,
        Err(why) => panic!("{why}"),
    };
    let built = built();
    let suite_dir = repo_root().join(suite);
    let entries: Vec<&Entry> = built.entries.iter().filter(|e| e.suite == suite).collect();
    let failures = Mutex::new(Vec::<String>::new());
    let next = Mutex::new(0usize);
    let started = Instant::now();
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get()).clamp(2, 8);
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| loop {
                let index = {
                    let mut next = next.lock().unwrap_or_else(|e| e.into_inner());
                    *next += 1;
                    *next - 1
                };
                let Some(entry) = entries.get(index) else { break };
                let fail = |text: String| {
                    failures.lock().unwrap_or_else(|e| e.into_inner()).push(text);
                };
                let name = &entry.program.name;
                let binary = match &entry.binary {
                    Ok(binary) => binary,
                    Err(why) => {
                        fail(format!("{suite}/{name}: not compiled: {why}"));
                        continue;
                    }
                };
                let expected = match expected(&suite_dir, &entry.program) {
                    Ok(expected) => expected,
                    Err(why) => {
                        fail(format!("{suite}/{name}: {why}"));
                        continue;
                    }
                };
                for placement in &placements {
                    let outcome = run_binary(binary, &expected.args, *placement);
                    if let Some(problems) = compare(&expected, &outcome) {
                        let placement = placement.describe();
                        fail(format!("{suite}/{name} [{placement}]:\n{problems}"));
                    }
                }
            });
        }
    });
    let mut failures = failures.into_inner().unwrap_or_else(|e| e.into_inner());
    failures.sort();
    eprintln!(
        "e2e: ran {} programs of {suite} on {} placements in {:.1} s: {} failing runs",
        entries.len(),
        placements.len(),
        started.elapsed().as_secs_f64(),
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} failing runs in {suite}:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn run_programs_match_their_java_twins() {
    run_suite("tests/run");
}

#[test]
fn samples_match_their_java_twins() {
    run_suite("samples");
}

#[test]
fn cksum_matches_posix() {
    // `printf 'hello\n' | cksum` and `printf '' | cksum`.
    assert_eq!(cksum(b"hello\n"), 3_015_617_425);
    assert_eq!(cksum(b""), 4_294_967_295);
}

#[test]
fn every_program_has_a_twin_and_expected_output() {
    let root = repo_root();
    let mut missing = Vec::new();
    for suite in ["tests/run", "samples"] {
        let dir = root.join(suite);
        for program in programs(&dir).into_iter().filter(|p| !p.name.contains('/')) {
            let name = stem(&program);
            for needed in [format!("java/{name}.java"), format!("expected/{name}.out")] {
                if !dir.join(&needed).is_file() {
                    missing.push(format!("{suite}/{needed}"));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "missing (write the twin, run tests/run/regen.sh):\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_suite_is_big_enough() {
    let count = programs(&repo_root().join("tests/run")).len();
    assert!(count >= 40, "tests/run has {count} programs; the suite promises at least 40");
}

/// Copies every built program and its expectation into `SOMD_E2E_STAGE` (module docs).
#[test]
fn stage_for_another_machine() {
    let Some(stage) = std::env::var_os("SOMD_E2E_STAGE").map(PathBuf::from) else { return };
    let built = built();
    for sub in ["bin", "expected"] {
        std::fs::create_dir_all(stage.join(sub)).expect("create the stage directory");
    }
    let mut table = String::new();
    let mut problems = Vec::new();
    for entry in &built.entries {
        let suite_dir = repo_root().join(entry.suite);
        let staged =
            entry.binary.clone().and_then(|b| Ok((b, expected(&suite_dir, &entry.program)?)));
        let (binary, expected) = match staged {
            Ok(pair) => pair,
            Err(why) => {
                problems.push(format!("{}/{}: {why}", entry.suite, entry.program.name));
                continue;
            }
        };
        let Some(package) = binary.file_name().map(|n| n.to_string_lossy().into_owned()) else {
            continue;
        };
        std::fs::copy(&binary, stage.join("bin").join(&package)).expect("copy the executable");
        let expected_dir = stage.join("expected");
        std::fs::write(expected_dir.join(format!("{package}.out")), &expected.stdout)
            .expect("write the expected output");
        std::fs::write(expected_dir.join(format!("{package}.err")), &expected.stderr)
            .expect("write the expected error output");
        let _ = writeln!(
            table,
            "{package}\t{}\t{}\t{}",
            expected.status,
            expected.throws_at.as_deref().unwrap_or("-"),
            expected.args.join(" ")
        );
    }
    std::fs::write(stage.join("programs.tsv"), table).expect("write programs.tsv");
    assert!(problems.is_empty(), "not staged:\n{}", problems.join("\n"));
}

/// The transfers and launches of each device call in a `SOMD_TRACE=json` run: one group per
/// `call` event, holding the events since the previous `call`.
struct CallTrace {
    name: String,
    work_items: u64,
    launches: u64,
    h2d: Vec<(String, u64)>,
    d2h: Vec<(String, u64)>,
    /// Value arrays found already on the device (`resident` events), not uploaded.
    resident: Vec<(String, u64)>,
    /// Returned parameters downloaded into the argument's own storage (`in_place` events).
    in_place: Vec<(String, u64)>,
    /// The call's own totals (robust where calls of several threads interleave).
    bytes_h2d: u64,
    bytes_d2h: u64,
}

/// The launches of each device call of the construct `name`, in call order.
fn launches_of(calls: &[CallTrace], name: &str) -> Vec<u64> {
    calls.iter().filter(|c| c.name == name).map(|c| c.launches).collect()
}

/// Runs `tests/run` program `name` under `SOMD_DEVICE=opencl` with its output checked
/// against the twin's (`traced_calls`), and asserts that each construct of `methods` made
/// one device call of one launch; returns the run and its calls for further checks, or
/// `None` where the suite skips it (no OpenCL placement, or a filter left it out).
fn one_launch_each(name: &str, methods: &[&str]) -> Option<(Outcome, Vec<CallTrace>)> {
    let counts: Vec<(&str, u64)> = methods.iter().map(|m| (*m, 1)).collect();
    launches_each(name, &counts)
}

/// [`one_launch_each`] where each construct of `methods` made one device call of the
/// given number of launches.
fn launches_each(name: &str, methods: &[(&str, u64)]) -> Option<(Outcome, Vec<CallTrace>)> {
    let opencl = opencl_placement()?; // skipped loudly by `placements`
    let (binary, expected) = built_with_expected("tests/run", name)?;
    let (outcome, calls) = traced_calls(name, binary, &expected, opencl);
    for (method, n) in methods {
        assert_eq!(launches_of(&calls, method), [*n], "{name}: {method}\n{}", outcome.stderr);
    }
    Some((outcome, calls))
}

/// The buffer name of the transfers of `@` results the host reads after their call
/// (runtime `device/lazy.rs`).
const LATE: &str = "somd_out_late";

/// The results the calls bring down right after them (`somd_out`), by method and bytes.
fn result_downloads(calls: &[CallTrace]) -> Vec<(&str, u64)> {
    calls
        .iter()
        .flat_map(|c| {
            c.d2h.iter().filter(|(b, _)| b == "somd_out").map(|(_, n)| (c.name.as_str(), *n))
        })
        .collect()
}

/// The late reads' `of`: the construct whose result each read ("" where none is named).
fn late_reads_of(stderr: &str) -> Vec<String> {
    stderr
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter(|event| event["event"] == "transfer" && event["buffer"] == LATE)
        .map(|event| event["of"].as_str().unwrap_or_default().to_string())
        .collect()
}

/// The bytes of each late read of `@` results (transfers of [`LATE`]), in order.
fn late_reads(stderr: &str) -> Vec<u64> {
    stderr
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter(|event| event["event"] == "transfer" && event["buffer"] == LATE)
        .map(|event| event["bytes"].as_u64().unwrap_or_default())
        .collect()
}

fn device_calls(stderr: &str) -> Vec<CallTrace> {
    let mut calls = Vec::new();
    let (mut h2d, mut d2h, mut resident) = (Vec::new(), Vec::new(), Vec::new());
    let mut in_place = Vec::new();
    for line in stderr.lines() {
        let Ok(event) = serde_json::from_str::<Value>(line) else { continue };
        let text = |key: &str| event[key].as_str().unwrap_or_default().to_string();
        let number = |key: &str| event[key].as_u64().unwrap_or_default();
        match event["event"].as_str() {
            Some("transfer") if event["dir"] == "h2d" => {
                h2d.push((text("buffer"), number("bytes")))
            }
            // A `@` result the host reads after its call (`rt::device::Lazy`) belongs to
            // no call.
            Some("transfer") if event["buffer"] == LATE => {}
            Some("transfer") => d2h.push((text("buffer"), number("bytes"))),
            Some("resident") => resident.push((text("buffer"), number("bytes"))),
            Some("in_place") => in_place.push((text("buffer"), number("bytes"))),
            Some("call") => calls.push(CallTrace {
                name: text("name"),
                work_items: number("work_items"),
                launches: number("launches"),
                h2d: std::mem::take(&mut h2d),
                d2h: std::mem::take(&mut d2h),
                resident: std::mem::take(&mut resident),
                in_place: std::mem::take(&mut in_place),
                bytes_h2d: number("bytes_h2d"),
                bytes_d2h: number("bytes_d2h"),
            }),
            _ => {}
        }
    }
    calls
}

/// The suite's OpenCL placement; `None` on a machine without OpenCL (`placements` says so
/// loudly, and fails under `SOMD_REQUIRE_OPENCL=1`).
fn opencl_placement() -> Option<Placement> {
    match placements() {
        Ok(list) => list.into_iter().find(|p| p.device == "opencl"),
        Err(why) => panic!("{why}"),
    }
}

/// The built binary of program `name` of `suite` (`tests/run` or `samples`), with the
/// program's expected behaviour; `None` when a `SOMD_E2E_FILTER` left it out (a program
/// missing from the suite otherwise fails).
fn built_with_expected(suite: &str, name: &str) -> Option<(&'static Path, Expected)> {
    let found = built().entries.iter().find(|e| e.suite == suite && stem(&e.program) == name);
    let Some(entry) = found else {
        assert!(!filter_words().is_empty(), "{name} is not in {suite}");
        return None;
    };
    let binary = match &entry.binary {
        Ok(binary) => binary,
        Err(why) => panic!("{name}: {why}"),
    };
    match expected(&repo_root().join(suite), &entry.program) {
        Ok(expected) => Some((binary, expected)),
        Err(why) => panic!("{why}"),
    }
}

/// Runs program `name` on `placement` under `SOMD_TRACE=json` with its arguments, checks its
/// output and exit status against its Java twin's, and returns the run and its device calls.
fn traced_calls(
    name: &str,
    binary: &Path,
    expected: &Expected,
    placement: Placement,
) -> (Outcome, Vec<CallTrace>) {
    let outcome = run_with_env(binary, &expected.args, placement, &[("SOMD_TRACE", "json")]);
    if let Some(why) = compare(expected, &untraced(&outcome)) {
        panic!("{name} under SOMD_TRACE=json: {why}\n{}", outcome.stderr);
    }
    if let Some(why) = clock_fault(&outcome.stderr) {
        panic!("{name} under SOMD_TRACE=json: {why}\n{}", outcome.stderr);
    }
    let calls = device_calls(&outcome.stderr);
    (outcome, calls)
}

/// Why the `at_ns` of a JSON trace are wrong, if they are: every event ends with one, and
/// they never decrease down the trace (the runtime reads the clock under the line's lock).
fn clock_fault(stderr: &str) -> Option<String> {
    let mut last = 0;
    for line in stderr.lines() {
        if !serde_json::from_str::<Value>(line).is_ok_and(|e| e.get("event").is_some()) {
            continue;
        }
        let tail = line.trim_end().rsplit_once(",\"at_ns\":").map(|(_, tail)| tail);
        let at = tail.and_then(|tail| tail.strip_suffix('}')?.parse::<u64>().ok());
        let Some(at) = at else {
            return Some(format!("the event ends without an `at_ns`: {line}"));
        };
        if at < last {
            return Some(format!("`at_ns` went back from {last} to {at}: {line}"));
        }
        last = at;
    }
    None
}

/// `outcome` without the `SOMD_TRACE=json` events of its standard error (the lines the
/// program itself writes stay, so [`compare`] can check them).
fn untraced(outcome: &Outcome) -> Outcome {
    let stderr =
        outcome.stderr.lines().filter(|l| !l.starts_with('{')).map(|l| format!("{l}\n")).collect();
    Outcome {
        stdout: outcome.stdout.clone(),
        stderr,
        status: outcome.status,
        timed_out: outcome.timed_out,
    }
}

/// Elements per work-item of a widened elementwise kernel without `SOMD_WIDEN` (the
/// runtime's `exec::DEFAULT_WIDTH`): such a call traces `ceil(n / WIDTH)` work-items.
const WIDTH: u64 = 4;

/// [`built_with_expected`] without the expectation.
fn built_binary(suite: &str, name: &str) -> Option<&'static Path> {
    built_with_expected(suite, name).map(|(binary, _)| binary)
}

/// `device_pinned` under `SOMD_PINNED=1` (staging on any device, PoCL included): every
/// transfer of 64 KiB to 8 MiB, up and down, goes through the pinned staging pool, which
/// the trace reports (`"pinned":true`), smaller ones go direct, and the output is the Java
/// twin's; under `SOMD_PINNED=0` nothing is staged and the output is the same.
#[test]
fn transfers_in_the_window_go_through_pinned_staging() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let Some((binary, expected)) = built_with_expected("tests/run", "device_pinned") else {
        return; // a filter left device_pinned out
    };
    // The default window, set here so that a suite run under other `SOMD_PINNED_*`
    // values still tests it.
    let window = 64u64 << 10..=8u64 << 20;
    let (min, max) = (window.start().to_string(), window.end().to_string());
    for pinned in ["1", "0"] {
        let env = [
            ("SOMD_TRACE", "json"),
            ("SOMD_PINNED", pinned),
            ("SOMD_PINNED_MIN", min.as_str()),
            ("SOMD_PINNED_MAX", max.as_str()),
        ];
        let outcome = run_with_env(binary, &expected.args, *opencl, &env);
        if let Some(why) = compare(&expected, &untraced(&outcome)) {
            panic!("device_pinned under SOMD_PINNED={pinned}: {why}\n{}", outcome.stderr);
        }
        let transfers: Vec<(String, u64, bool)> = outcome
            .stderr
            .lines()
            .filter_map(|line| serde_json::from_str::<Value>(line).ok())
            .filter(|event| event["event"] == "transfer")
            .map(|t| {
                let dir = t["dir"].as_str().unwrap_or_default().to_string();
                (dir, t["bytes"].as_u64().unwrap_or_default(), t["pinned"] == true)
            })
            .collect();
        for (dir, bytes, staged) in &transfers {
            let want = pinned == "1" && window.contains(bytes);
            assert_eq!(*staged, want, "SOMD_PINNED={pinned}: {dir} of {bytes} bytes");
        }
        // The method's 1.2 MB input and output, the map's 6 MB result, the 4 KB array both
        // ways, and the new matrices of long rows, short rows and planes coming down.
        let crossed =
            |dir: &str, bytes: u64| transfers.iter().any(|(d, b, _)| d == dir && *b == bytes);
        let expected = [
            ("h2d", 1_200_000),
            ("d2h", 1_200_000),
            ("d2h", 6_000_000),
            ("d2h", 1_280_000),
            ("d2h", 1_320_000),
            ("d2h", 1_248_000),
        ];
        for (dir, bytes) in expected {
            assert!(crossed(dir, bytes), "no {dir} of {bytes} bytes:\n{}", outcome.stderr);
        }
        assert!(crossed("h2d", 4_000) && crossed("d2h", 4_000), "{}", outcome.stderr);
    }
}

/// Under `SOMD_DEVICE=opencl`, `device_chain` runs its SOMD methods and maps on the device
/// and each array crosses once: inputs up once, outputs down once (a SOMD result the host
/// reads, after its call), an input never comes back, the intermediate array of the two
/// chained maps never leaves the device, and an output the method does not return is never
/// downloaded.
#[test]
fn device_transfers_cross_once() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let Some((binary, expected)) = built_with_expected("tests/run", "device_chain") else {
        return; // a filter left device_chain out
    };
    let (outcome, calls) = traced_calls("device_chain", binary, &expected, *opencl);
    let names: Vec<&str> = calls.iter().map(|c| c.name.as_str()).collect();
    // total(new int[0]) runs no MI: the CPU path, no device call.
    assert_eq!(
        names,
        [
            "Main.affine",
            "Main.total",
            "Main.outer",
            "Main.square",
            "Main.scaled",
            "Main.square",
            "Main.lowBytes"
        ],
        "device calls in the trace:\n{}",
        outcome.stderr
    );
    for call in &calls {
        for list in [&call.h2d, &call.d2h] {
            let mut buffers: Vec<&str> = list.iter().map(|(b, _)| b.as_str()).collect();
            buffers.sort_unstable();
            buffers.dedup();
            assert_eq!(buffers.len(), list.len(), "{}: a buffer crossed twice", call.name);
        }
        for (buffer, _) in &call.d2h {
            assert!(
                !call.h2d.iter().any(|(b, _)| b == buffer),
                "{}: {buffer} went up and came back",
                call.name
            );
        }
        assert_eq!(call.launches, 1, "{}: one kernel per call", call.name);
    }
    let bytes = |list: &[(String, u64)]| list.iter().map(|(_, n)| n).sum::<u64>();
    // affine: `a` up (5000 ints); its result `b` stays on the device ("SOMD results left
    // on the device") and comes down once, outside any call, at the host's first read
    // (whole: under 256 KiB).
    assert_eq!(bytes(&calls[0].h2d), 20_000);
    assert!(calls[0].d2h.is_empty(), "{}", outcome.stderr);
    assert_eq!(late_reads(&outcome.stderr).first(), Some(&20_000), "{}", outcome.stderr);
    // total: `b` found where `affine` left it, only the per-group partials down.
    assert_eq!((bytes(&calls[1].h2d), calls[1].resident.len()), (0, 1));
    assert!(bytes(&calls[1].d2h) < 20_000);
    // outer: `small` up, `a` found where `affine` left it (the statements from `affine(a)`
    // to `square(a)` never write it: note device-execution, "Straight-line statements"),
    // the 3 x 5000 output left on the device and down once, outside the call, at the
    // host's first element read (whole: under 256 KiB).
    assert_eq!(bytes(&calls[2].h2d), 12);
    assert!(calls[2].d2h.is_empty(), "{}", outcome.stderr);
    assert!(late_reads(&outcome.stderr).contains(&60_000), "{}", outcome.stderr);
    // The chain square -> scaled: `a` found again, the long results down once, nothing
    // between (the elementwise `square` runs widened: `WIDTH` elements per work-item).
    let items = 5000u64.div_ceil(WIDTH);
    assert_eq!((calls[3].work_items, bytes(&calls[3].h2d), calls[3].d2h.len()), (items, 0, 0));
    assert_eq!((calls[4].h2d.len(), bytes(&calls[4].d2h)), (0, 40_000));
    // lowBytes: `b`, `affine`'s result, found where `affine` left it; neither of its two
    // outputs comes down in the call: the returned one stays on the device for `low`,
    // whose reads download it after the call.
    assert_eq!((bytes(&calls[6].h2d), calls[6].resident.len()), (0, 1));
    assert!(calls[6].d2h.is_empty(), "{}", outcome.stderr);
}

/// Under `SOMD_DEVICE=opencl`, 2-D reductions (`dist_view_2d`, `dist_block_2d`), `@` over
/// value classes (`nbody`, `kmeans`, `blackscholes`), histogram bodies (K-Means' cluster
/// sums, `device_histogram`), assignments inside expressions and
/// column writes (`device_effects`, `series`) and loops with a constant step
/// (`device_step`, `crypt`) and `@` targets over rows of 2-D value arrays holding a `!` of a
/// `@` (`mosaic`, `device_nested`) or holding `T[[N]]` rows as OpenCL vectors
/// (`device_vector`) launch their kernels: each named construct appears in the
/// trace as a device call with one launch. A stepped loop runs one work-item per step.
#[test]
fn device_runs_2d_reductions_and_value_class_maps() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let cases: &[(&str, &str, &[&str])] = &[
        ("tests/run", "dist_view_2d", &["Main.cross", "Main.box"]),
        ("tests/run", "device_effects", &["Main.keyed", "Main.wraps", "Main.columns"]),
        ("samples", "series", &["Series.coefficients"]),
        ("samples", "crypt", &["Crypt.cipher"]),
        (
            "tests/run",
            "device_step",
            &["Main.swap", "Main.pairs", "Main.blockSums", "Main.weighted", "Main.upperHalves"],
        ),
        ("tests/run", "dist_block_2d", &["Main.weighted"]),
        ("samples", "nbody", &["NBody.computeParticleForces", "NBody.integrate"]),
        ("samples", "kmeans", &["KMeans.nearest", "KMeans.clusterSums"]),
        (
            "tests/run",
            "device_histogram",
            &["Main.counts", "Main.moments", "Main.ors", "Main.xors", "Main.ands"],
        ),
        // `price` and the `!`s of `callOf` and `putOf` are one fused kernel.
        ("samples", "blackscholes", &["BlackScholes.price"]),
        ("samples", "mosaic", &["Mosaic.bestMatch"]),
        // Value-class scalars: broadcast to `@`, and SOMD method parameters.
        (
            "tests/run",
            "device_vcscalar",
            &["Main.dist2", "Main.shift", "Main.weigh", "Main.scaled", "Main.total"],
        ),
        // `op ! a` over byte, short and char arrays, widened to int on upload.
        (
            "tests/run",
            "device_narrow_reduce",
            &[
                "+ ! in Main.bytes",
                "min ! in Main.bytes",
                "^ ! in Main.bytes",
                "* ! in Main.shorts",
                "max ! in Main.shorts",
                "& ! in Main.shorts",
                "+ ! in Main.chars",
                "| ! in Main.chars",
                "min ! in Main.chars",
            ],
        ),
        (
            "tests/run",
            "device_nested",
            &["Main.best", "Main.closest", "Main.rowTotal", "Main.bestDot", "Main.rowInfo"],
        ),
        // `C.m ! a` over value-class arrays: fold kernels over the structs.
        ("tests/run", "device_vfold", &["Main.merge", "Main.span"]),
        // `@` targets returning `float[[3]]`, `int[[5]]`, `double[[3]]`: structs of lanes.
        ("tests/run", "device_packed_rows", &["Main.force", "Main.digits", "Main.stats"]),
        // Instance SOMD methods: the receiver's read fields are kernel arguments.
        ("tests/run", "device_instance", &["Main.apply", "Main.total"]),
        ("tests/run", "device_instance_write", &["Main.scale", "Main.accumulate", "Main.mark"]),
        ("tests/run", "device_instance_sync", &["Main.histogram"]),
        // Instance helpers called on `this`: static copies taking the fields they read.
        (
            "tests/run",
            "device_instance_helpers",
            &["Main.apply", "Main.energy", "Main.cells", "Main.tally"],
        ),
        // Instance helpers writing elements of the receiver's arrays (`marks` stays on the
        // CPU: its helper writes a row at an index it computes).
        ("tests/run", "device_instance_helper_writes", &["Main.fill", "Main.tally", "Main.triple"]),
        // Value objects and value arrays held by the receiver's fields.
        (
            "tests/run",
            "device_instance_values",
            &["Main.shifted", "Main.lookup", "Main.farthest", "Main.buckets"],
        ),
        // Loop versioning: constant-bounded indices checked once per work-item.
        ("tests/run", "device_guarded", &["Main.mix"]),
        // Locals of array type: rows of 2-D parameters and 1-D parameters under another name.
        (
            "tests/run",
            "device_alias",
            &["Main.update", "Main.neighbours", "Main.rows", "Main.column"],
        ),
        // Instance methods of value classes: static copies taking the receiver first.
        ("tests/run", "device_value_methods", &["Main.weights", "Main.escape", "Main.clipped"]),
        // The same for value arrays, in SOMD loops and in a `@` target.
        ("tests/run", "device_value_locals", &["Main.rowSums", "Main.mixed", "Main.spread"]),
        // Rows of a static value matrix passed whole to helpers; static arrays and rows
        // named by locals.
        (
            "tests/run",
            "device_static_rows",
            &["Main.score", "Main.named", "Main.table", "Main.curve", "Main.mixed"],
        ),
        // 3-D arrays of primitives as SOMD method parameters (read, written and returned).
        ("tests/run", "device_cube", &["Main.stencil", "Main.planes", "Main.rows", "Main.total"]),
        ("tests/run", "device_cube_pass", &["Main.probe", "Main.scale", "Main.peaks"]),
        ("tests/run", "device_cube_map", &["Main.f", "Main.g"]),
        ("tests/run", "device_cube_out", &["Main.grow", "Main.transposed", "Main.sized"]),
        (
            "tests/run",
            "device_vector",
            &[
                "Main.axpy",
                "Main.norm1",
                "Main.pull",
                "Main.hits",
                "Main.swapped",
                "Main.weigh",
                "Main.reversed",
                "Main.total",
                "Main.widen",
            ],
        ),
    ];
    for &(suite, name, wanted) in cases {
        let Some(binary) = built_binary(suite, name) else { continue };
        let outcome = run_with_env(binary, &[], *opencl, &[("SOMD_TRACE", "json")]);
        assert_eq!(outcome.status, Some(0), "{name} stderr:\n{}", outcome.stderr);
        let calls = device_calls(&outcome.stderr);
        for want in wanted {
            let launched = calls.iter().any(|c| c.name == *want && c.launches == 1);
            assert!(launched, "{name}: no device call of {want} in\n{}", outcome.stderr);
        }
        if name == "device_step" {
            // The last round (4099 elements): ceil((hi - lo) / step) work-items per call
            // (the reduction `weighted` launches whole power-of-two groups, not checked).
            let items = |want: &str| {
                calls.iter().rev().find(|c| c.name == want).map(|c| (c.launches, c.work_items))
            };
            assert_eq!(items("Main.swap"), Some((1, 1025)), "i += 4");
            assert_eq!(items("Main.pairs"), Some((1, 2050)), "i = i + 2");
            assert_eq!(items("Main.blockSums"), Some((1, 257)), "i += 16");
            assert_eq!(items("Main.upperHalves"), Some((1, 1025)), "i = 2; i += 4");
            // The first device round (one element; the empty round runs on the CPU): a step
            // past the end is one work-item, the loop from 2 has none (no launch).
            let one = |want: &str| {
                calls.iter().find(|c| c.name == want).map(|c| (c.launches, c.work_items))
            };
            assert_eq!(one("Main.blockSums"), Some((1, 1)), "16 > 1 element");
            assert_eq!(one("Main.upperHalves"), Some((0, 0)), "hi <= lo");
        }
        if name == "device_vector" {
            // `moved`, the rows `axpy` returned as vectors, stays on the device: `norm1`
            // uploads nothing, and `pull` reads `moved` and `pos` from the device.
            let norm1 = calls.iter().find(|c| c.name == "Main.norm1").expect("norm1");
            assert_eq!((norm1.bytes_h2d, norm1.resident.len()), (0, 1), "{}", outcome.stderr);
            let pull = calls.iter().find(|c| c.name == "Main.pull").expect("pull");
            assert_eq!((pull.bytes_h2d, pull.resident.len()), (0, 2), "{}", outcome.stderr);
        }
        if name == "device_nested" {
            // The 2-D value arrays of `best` (6 x 16 and 40 x 16 ints) go up once and stay:
            // `closest` reads both from the device; `rowInfo` runs the rectangular array
            // with the kernel, the ragged one with its ragged variant (packed, with offsets).
            let best = calls.iter().find(|c| c.name == "Main.best").expect("best");
            assert_eq!(best.bytes_h2d, (6 + 40) * 16 * 4, "{}", outcome.stderr);
            let closest = calls.iter().find(|c| c.name == "Main.closest").expect("closest");
            assert_eq!((closest.bytes_h2d, closest.resident.len()), (0, 2), "{}", outcome.stderr);
            let offsets = |c: &&CallTrace| c.h2d.iter().any(|(b, _)| b == "arg0_off");
            let row_info: Vec<bool> =
                calls.iter().filter(|c| c.name == "Main.rowInfo").map(|c| offsets(&c)).collect();
            assert_eq!(row_info, [false, true], "{}", outcome.stderr);
        }
    }
}

/// Under `SOMD_DEVICE=opencl`, the methods of `device_fold` run every loop as a kernel:
/// reductions that the body reads after their loop (the host folds the partials into the
/// accumulator and computes the returned expression, or passes the value to a later loop)
/// and conditional maxima and minima (`if (v > m) m = v;`, `m = v < m ? v : m`), several
/// accumulators of one loop in one launch; an array a host loop keeps stays on the device
/// across such calls. Each call
/// of the last round is a device call with one launch per loop.
#[test]
fn device_folds_reductions_read_after_their_loop() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let Some(binary) = built_binary("tests/run", "device_fold") else { return };
    let outcome = run_with_env(binary, &[], *opencl, &[("SOMD_TRACE", "json")]);
    assert_eq!(outcome.status, Some(0), "device_fold stderr:\n{}", outcome.stderr);
    let calls = device_calls(&outcome.stderr);
    let wanted = [
        ("Main.misplaced", 1),
        ("Main.weighted", 2),
        ("Main.peak", 1),
        ("Main.low", 1),
        ("Main.top", 1),
        ("Main.bottom", 1),
        ("Main.clamped", 2),
        // Several accumulators of one loop: one launch.
        ("Main.moments", 1),
        ("Main.magnitude", 1),
        ("Main.cells", 1),
    ];
    // The last four calls of `moments` and `magnitude` are the loop that keeps `big` on the
    // device: the array crosses with the first of them only.
    for name in ["Main.moments", "Main.magnitude"] {
        let kept: Vec<u64> = calls.iter().filter(|c| c.name == name).map(|c| c.bytes_h2d).collect();
        assert!(
            kept.len() >= 4 && kept[kept.len() - 3..].iter().all(|b| *b == 0),
            "device_fold: {name} uploads {kept:?}\n{}",
            outcome.stderr
        );
    }
    for (name, launches) in wanted {
        let last = calls.iter().rfind(|c| c.name == name);
        assert_eq!(
            last.map(|c| c.launches),
            Some(launches),
            "device_fold: {name} in\n{}",
            outcome.stderr
        );
    }
}

/// Under `SOMD_DEVICE=opencl`, a SOMD method returning the argument its caller replaces
/// (`m = bump(m, k)`, or a local at its last use) brings its result down into the argument's
/// own storage when nothing else reaches the array: an `in_place` event of the whole array's
/// bytes. A row another variable holds is first replaced by a new one, so that call is in
/// place too; the whole array held by another variable gets a new array (`device_in_place`,
/// whose output, equal to the twin's, shows the held row and array unchanged). An instance
/// method writing a field array (`note`) brings the field back into the receiver's array and
/// its returned argument down in place (`finish_updating`). Since the sixty-eighth session
/// the matrices `w`, `b` and `last`, which only ever hold fresh arrays and SOMD results,
/// hold them as `LazyMat`s: `mix`, `flip`, the last `bump` and `divide` leave their results
/// on the device (nothing comes down at the call; the host's reads download them later).
/// Per method, the bytes each call brought down in place, in call order (0: none); the
/// second `divide` fails: its call ends with the exception, before any download.
#[test]
fn replaced_arguments_come_down_in_place() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_in_place";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else {
        return; // a filter left the program out
    };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let matrix = 40 * 9 * 4;
    let wanted: [(&str, &[u64]); 6] = [
        ("Main.bump", &[matrix, matrix, matrix, matrix, matrix, 0, 0]),
        ("Main.mix", &[0, 0]),
        ("Main.flip", &[0, 0]),
        ("Main.scale", &[25 * 8, 0]),
        ("Main.note", &[25 * 8, 25 * 8]),
        ("Main.divide", &[0, 0]),
    ];
    for (method, bytes) in wanted {
        let got: Vec<u64> = calls
            .iter()
            .filter(|c| c.name == method)
            .map(|c| c.in_place.iter().map(|(_, b)| b).sum())
            .collect();
        assert_eq!(got, bytes, "{name}: in-place bytes of {method} in\n{}", outcome.stderr);
    }
}

/// Runs `tests/run/NAME` under `SOMD_TRACE=json` on `opencl` (its output checked against the
/// twin's by `traced_calls`) and asserts, for each `(method, calls, launches)`, how many
/// device calls the method made and how many kernels they launched in all. The run's
/// stderr and calls, for further checks (`None` where a filter left the program out).
fn calls_and_launches(
    name: &str,
    opencl: Placement,
    wanted: &[(&str, usize, u64)],
) -> Option<(String, Vec<CallTrace>)> {
    let (binary, expected) = built_with_expected("tests/run", name)?;
    let (outcome, calls) = traced_calls(name, binary, &expected, opencl);
    for &(method, count, launched) in wanted {
        let launches = launches_of(&calls, method);
        assert_eq!(
            (launches.len(), launches.iter().sum::<u64>()),
            (count, launched),
            "{name}: calls and launches of {method} in\n{}",
            outcome.stderr
        );
    }
    Some((outcome.stderr, calls))
}

/// `==` and `!=` of value objects run in kernel code (`somd_eq_C`, field by field): every `@`
/// of `device_value_eq` is one device call of one launch (they ran on the CPU before, "reference
/// or value comparison"), and prints the Java twin's counts of NaN, `-0.0` and nested fields.
#[test]
fn device_compares_value_objects_field_by_field() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let wanted = [("Main.same", 1, 1), ("Main.matches", 2, 2), ("Main.segs", 1, 1)];
    calls_and_launches("device_value_eq", *opencl, &wanted);
}

/// `Somd.offset` and `Somd.globalLength` of a 3-D `dist` parameter's third dimension are
/// kernel arguments like the first two's: both methods of `device_geometry_3d` are one device
/// call of one launch (they ran on the CPU before, "a dimension that is no constant").
#[test]
fn device_takes_the_third_dimension_of_dist_geometry() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let wanted = [("Main.weigh", 1, 1), ("Main.deepest", 1, 1)];
    calls_and_launches("device_geometry_3d", *opencl, &wanted);
}

/// `Double.doubleToLongBits`, `Float.floatToIntBits`, `bitCount` and `isNaN` in what the
/// host of a device call computes (a `return`, a host statement between `sync` blocks): each
/// method of `device_host_bits` is one device call of one launch (the built-ins sent them
/// to the CPU before).
#[test]
fn host_statements_of_device_calls_take_scalar_builtins() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let wanted = [("Main.lowBits", 1, 1), ("Main.mixed", 1, 1), ("Main.floatBits", 1, 1)];
    calls_and_launches("device_host_bits", *opencl, &wanted);
}

/// A call whose wrapper runs it as one MI over a ragged or `null`-row `dist` matrix, before
/// any placement is chosen, shows in the trace as any CPU call does: its placement with the
/// reason, then its `cpu_call` (none for the last, which throws). Before, such calls left
/// no trace at all.
#[test]
fn whole_runs_of_ragged_dist_calls_are_traced() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let Some((binary, expected)) = built_with_expected("tests/run", "dist_ragged") else {
        return; // a filter left the program out
    };
    let (outcome, _) = traced_calls("dist_ragged", binary, &expected, *opencl);
    let events: Vec<Value> =
        outcome.stderr.lines().filter_map(|l| serde_json::from_str(l).ok()).collect();
    let named = |kind: &str, key: &str, reason: Option<&str>| -> Vec<String> {
        events
            .iter()
            .filter(|e| e["event"] == kind)
            .filter(|e| reason.is_none_or(|r| e["reason"] == r))
            .map(|e| e[key].as_str().unwrap_or_default().to_string())
            .collect()
    };
    let whole = ["Main.cells", "Main.columns", "Main.halo", "Main.values", "Main.bumped"];
    let reason = Some("null or ragged array argument");
    assert_eq!(
        named("placement", "name", reason),
        [&whole[..], &["Main.columns"]].concat(),
        "{}",
        outcome.stderr
    );
    let cpu = named("cpu_call", "method", None);
    assert_eq!(cpu, [&whole[..], &["Main.rowsOnly"]].concat(), "{}", outcome.stderr);
}

/// A histogram table updated with `-=` (integers: the device adds `-v`, wrapping alike) runs
/// on the device: every call of `device_hist_sub` is one launch, beside `+=` and `--` too
/// (they kept the method on the CPU before).
#[test]
fn histograms_subtract_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let wanted = [("Main.debit", 2, 2), ("Main.mixed", 1, 1), ("Main.wide", 1, 1)];
    calls_and_launches("device_hist_sub", *opencl, &wanted);
}

/// A histogram whose updates read the table's length (in the index, in the value, in a
/// `Math.max` update) runs on the device: each call of `device_hist_length` is one launch
/// (`t.length` counted as reading the table before).
#[test]
fn histograms_read_their_table_length_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let wanted = [("Main.mirror", 2, 2), ("Main.peaks", 1, 1)];
    calls_and_launches("device_hist_length", *opencl, &wanted);
}

/// A task of matrix items runs its worker on the host, one item at a time: the worker's `@`
/// and `!` are device calls of their own, one per item (forty items per graph in
/// `device_matrix_workers`). They were folds meant for the worker's kernel, which a task the
/// writer does not batch never has, so they ran on the worker's thread.
#[test]
fn workers_of_host_tasks_call_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let wanted = [
        ("Main.rowSum", 40, 40),
        ("max ! in Main.score", 40, 40),
        ("max ! in Main.middle", 40, 40),
    ];
    calls_and_launches("device_matrix_workers", *opencl, &wanted);
}

/// A helper whose `!` kernels fold in the work-item makes it a device call where host code
/// calls it (`device_helper_folds`): `total`'s four calls in a loop and its call on an empty
/// array (no launch), and `spread`'s two `!`s, are device calls of their own; the `@`s
/// calling them are one launch each. Before, the host calls folded on the host's thread and
/// traced nothing (probe 96).
#[test]
fn helpers_folding_in_kernels_call_the_device_from_the_host() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let wanted = [
        ("+ ! in Main.total", 5, 4),
        ("max ! in Main.spread", 1, 1),
        ("min ! in Main.spread", 1, 1),
        ("Main.rowScore", 1, 1),
        ("Main.rowSpread", 1, 1),
    ];
    calls_and_launches("device_helper_folds", *opencl, &wanted);
}

/// A `@` result read by several `!`s is folded once per `!` in the work-item
/// (`device_nested_readers`): the `@` targets `score` and `named` (locals named like the
/// folds' variables) are one device call of one launch each, and
/// the filter `worker` covers its 3,000 items on the device. Before, both ran on the CPU,
/// the filter with a device call per `@` and `!` of each item (probe 95).
#[test]
fn maps_read_by_several_folds_run_in_kernels() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let wanted = [("Main.score", 1, 1), ("Main.named", 1, 1)];
    let Some((stderr, calls)) = calls_and_launches("device_nested_readers", *opencl, &wanted)
    else {
        return; // a filter left the program out
    };
    let worker: u64 = calls.iter().filter(|c| c.name == "Main.worker").map(|c| c.work_items).sum();
    assert_eq!(worker, 3000, "items of Main.worker on the device in\n{stderr}");
}

/// `!` of a `@` whose target returns `byte`, `short` or `char` reduces in `int` on the
/// device: in `device_narrow_mapreduce` each size's fused statements (eleven `!`s over one
/// array, one kernel) and the statement alone are one device call each, launching nothing
/// for the empty array (the statement alone ran on the CPU before, and the fused kernel
/// accumulated in the narrow type, reading its partials as `int`s).
#[test]
fn device_reduces_narrow_map_results_as_ints() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    calls_and_launches("device_narrow_mapreduce", *opencl, &[("Main.sh", 12, 10)]);
}

/// Under `SOMD_DEVICE=opencl`, every SOMD method of `device_fold_start` is a device call:
/// accumulators started from an element of a parameter (`int m = a[0];`, read by the host
/// from the caller's array), from a scalar parameter, a mask or a static value object's
/// fields, floating conditional maxima returned as they are (the `if` form and the
/// conditional expression), a returned position and a loop with an unread second
/// accumulator reduce in one launch per call, the host folding the partials into the start. Each method is called
/// once or twice per length of the program's ten; a loop of no iterations (length 1 for
/// `best`, `lowest` and `anyAbove`, which skip an element) launches nothing.
#[test]
fn device_folds_accumulators_started_off_the_identity() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    calls_and_launches(
        "device_fold_start",
        *opencl,
        &[
            ("Main.best", 10, 9),
            ("Main.lowest", 10, 9),
            ("Main.floored", 20, 20),
            ("Main.masked", 10, 10),
            ("Main.anyAbove", 20, 18),
            ("Main.peak", 10, 10),
            ("Main.firstMax", 20, 20),
            ("Main.firstMaxD", 10, 10),
            ("Main.leftmost", 10, 10),
            ("Main.argmax", 10, 10),
            ("Main.sumOnly", 10, 10),
            ("Main.fromOrigin", 10, 10),
        ],
    );
}

/// Under `SOMD_DEVICE=opencl`, every SOMD method of `device_static_sizes` runs on the device
/// although a size it uses is a `static final int` the static initialiser computes: a
/// histogram's table length, the inner bound of 2-D nests (a map, a reduction, `W - 1`) and
/// an instance method's, whose receiver's field crosses before the static. One launch per
/// call; the outputs are the twin's (checked by `traced_calls`).
#[test]
fn device_sizes_read_static_final_fields() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    calls_and_launches(
        "device_static_sizes",
        *opencl,
        &[
            ("Main.histogram", 1, 1),
            ("Main.scale", 1, 1),
            ("Main.prefix", 1, 1),
            ("Main.steps", 1, 1),
            ("Scaler.apply", 1, 1),
        ],
    );
}

/// Under `SOMD_DEVICE=opencl`, every SOMD method of `device_static_lengths` runs on the
/// device although a size it uses is the length of a `static final` array: the inner bound
/// of a 2-D map and a 2-D reduction, a histogram table of `EDGES.length + 1` buckets, a
/// result as wide as a static matrix's rows plus a mutable static array's length, and one as
/// wide as a row (`MIX[0].length`). One launch per call; the outputs are the twin's (checked
/// by `traced_calls`).
#[test]
fn device_sizes_read_static_array_lengths() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    calls_and_launches(
        "device_static_lengths",
        *opencl,
        &[
            ("Main.weigh", 1, 1),
            ("Main.inner", 1, 1),
            ("Main.buckets", 1, 1),
            ("Main.spread", 1, 1),
            ("Main.cols", 1, 1),
        ],
    );
}

/// Under `SOMD_DEVICE=opencl`, every SOMD method of `device_vector_locals` runs on the
/// device: `float[[4]]` and `double[[2]]` parameters and locals are OpenCL vectors in a
/// reduction, a map, a histogram, a `sync` body of six launches, a 2-D nest and a method
/// whose intermediate reduction takes the rows and a vector (two launches), and `int[[3]]`
/// locals are pointers into their sources. The outputs are the twin's (checked
/// by `traced_calls`).
#[test]
fn device_bodies_hold_bounded_value_arrays() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    calls_and_launches(
        "device_vector_locals",
        *opencl,
        &[
            ("Main.pull", 1, 1),
            ("Main.norms", 1, 1),
            ("Main.triples", 1, 1),
            ("Main.buckets", 1, 1),
            ("Main.relax", 1, 6),
            ("Main.scaled", 1, 1),
            ("Main.centred", 1, 2),
        ],
    );
}

/// Under `SOMD_DEVICE=opencl`, every SOMD method of `device_narrow_acc` reduces its
/// `byte`, `short` or `char` accumulator on the device: sums, products, bitwise folds,
/// `Math` and conditional extrema from the narrow type's own extremes, a start the host
/// folds (`a[0]`, a parameter) and a counter read after its loop. One launch per call;
/// `firstStart`'s loop from 1 has no iteration at length 1. The outputs are the twin's
/// (checked by `traced_calls`).
#[test]
fn device_reduces_narrow_accumulators() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    calls_and_launches(
        "device_narrow_acc",
        *opencl,
        &[
            ("Main.sumS", 10, 10),
            ("Main.productB", 10, 10),
            ("Main.hashC", 10, 10),
            ("Main.highest", 10, 10),
            ("Main.lowestC", 10, 10),
            ("Main.firstStart", 10, 9),
            ("Main.andS", 10, 10),
            ("Main.lowestB", 10, 10),
            ("Main.doubledCount", 20, 20),
        ],
    );
}

/// Under `SOMD_DEVICE=opencl`, every SOMD method of `device_descending` runs its loop
/// stepping down on the device (a histogram too), one launch per call (`lowest`'s loop from `a.length - 2`
/// has no iteration at length 1). The outputs are the twin's (checked by `traced_calls`).
#[test]
fn device_runs_loops_stepping_down() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    calls_and_launches(
        "device_descending",
        *opencl,
        &[
            ("Main.scaleDown", 10, 10),
            ("Main.shifted", 10, 10),
            ("Main.total", 10, 10),
            ("Main.lastPeak", 10, 10),
            ("Main.lowest", 10, 9),
            ("Main.lookup", 10, 10),
            ("Main.buckets", 10, 10),
        ],
    );
}

/// Under `SOMD_DEVICE=opencl`, every SOMD method of `device_host_flow` runs its host control
/// flow on the host and its loops on the device, every call a device call: `relax` launches its
/// reduction once per sweep of its `while` loop (9679 sweeps until the largest change is
/// at most `eps`, as the twin counts them; its copy-back is an exchange of buffers),
/// `spread` once per round of its `do`/`while` (70 rounds: the peak of 70 spreads over 69
/// cells, then a round that moves nothing; its copy-back is an exchange too),
/// `grow` once per even round it reaches (1, 3 and 5 for its three limits: `continue`
/// skips odd rounds, `break` and the test end the loop), `pick` and `signedSum` once (the
/// branch taken), `halve` once per step of 1000 (7 steps), of 0 (none), plus its last loop.
/// `shrink` launches its intermediate reduction before each of its 6 tests and its kernel
/// in each of its 5 rounds; `rounds` 80 kernels over its 8 calls (the twin counts the
/// rounds its labelled `continue` and `break` leave); `folded` one kernel per step and one
/// per even step (7 steps, then none). The outputs are the twin's (checked by
/// `traced_calls`).
#[test]
fn device_runs_host_control_flow() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    calls_and_launches(
        "device_host_flow",
        *opencl,
        &[
            ("Main.relax", 1, 9679),
            ("Main.spread", 1, 70),
            ("Main.grow", 3, 1 + 3 + 5),
            ("Main.pick", 5, 5),
            ("Main.signedSum", 2, 2),
            ("Main.halve", 2, 7 + 1 + 1),
            ("Main.shrink", 1, 6 + 5),
            ("Main.rounds", 8, 80),
            ("Main.folded", 2, 7 + 4),
        ],
    );
}

/// Under `SOMD_DEVICE=opencl`, every SOMD method of `device_param_assign`, each assigning
/// one of its scalar parameters, is a device call with the launches its host loops make:
/// `relax` one a sweep (12, then none for `steps == 0`; the copy-back is an exchange),
/// `rounds` 4 + 1 (a `do`/`while` runs once), `strided` 4 + 4 + 0, `refine` its 248
/// sweeps over three tolerances (the twin, instrumented, counts 248), `shuttle` 5 + 4.
/// The outputs are the twin's (checked by `traced_calls`).
#[test]
fn device_runs_methods_assigning_their_parameters() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    calls_and_launches(
        "device_param_assign",
        *opencl,
        &[
            ("Main.relax", 2, 12),
            ("Main.clamp", 2, 2),
            ("Main.rounds", 2, 4 + 1),
            ("Main.strided", 3, 4 + 4),
            ("Main.refine", 1, 248),
            ("Main.shuttle", 2, 5 + 4),
            ("Main.user", 2, 2),
            ("Main.offsets", 2, 4),
        ],
    );
}

/// Under `SOMD_DEVICE=opencl`, the `while` loops of `device_while_continue` whose
/// `continue`s follow the loop's update are device calls of one launch each; the two
/// whose `continue` follows another update or none run on the CPU.
#[test]
fn device_runs_while_loops_continuing_after_their_update() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    calls_and_launches(
        "device_while_continue",
        *opencl,
        &[
            ("Main.countOther", 1, 1),
            ("Main.evenSum", 1, 1),
            ("Main.clampRows", 1, 1),
            ("Main.mixedSteps", 0, 0),
            ("Main.updateFirst", 0, 0),
        ],
    );
}

/// Under `SOMD_DEVICE=opencl`, every `@` of `device_map_rows` over a mutable matrix whose
/// target only reads its rows is a device call (ragged ones through the ragged variant):
/// `rowSum` five times outside the host loops and ten times in them, `norm`, `pick` and
/// `mixed` once; `bump`, which writes its row, runs on the CPU. The outputs are the twin's.
#[test]
fn device_maps_rows_of_mutable_matrices() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    calls_and_launches(
        "device_map_rows",
        *opencl,
        &[
            ("Main.rowSum", 14, 13),
            ("Main.norm", 1, 1),
            ("Main.pick", 1, 1),
            ("Main.mixed", 1, 1),
            ("Main.bump", 0, 0),
        ],
    );
}

/// Under `SOMD_DEVICE=opencl`, `exc_device_strategy_bounds`' `sum`, split by a user strategy
/// the device ignores, is a device call of one launch twice; its strategy's `bounds`, called
/// before each launch for the one partition, prints as on the CPU (the outputs are the
/// twin's) and raises the third call's `ArithmeticException` before it is placed. So do
/// `device_strategy_args`' calls, whose strategies take arrays.
#[test]
fn device_runs_calls_checking_their_strategy() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    calls_and_launches("exc_device_strategy_bounds", *opencl, &[("Main.sum", 2, 2)]);
    // Strategies taking arrays; `dot` of arguments that differ in length too.
    calls_and_launches(
        "device_strategy_args",
        *opencl,
        &[
            ("Main.byArray", 1, 1),
            ("Main.byValues", 1, 1),
            ("Main.byNew", 1, 1),
            ("Main.dot", 2, 2),
        ],
    );
}

/// Under `SOMD_DEVICE=opencl`, every SOMD method of `device_temporaries`, whose parallel
/// loops use scalars declared before them as each iteration's temporaries, is one device
/// call: one launch each, and one a round for `steps` (6 rounds; its copy-back is an
/// exchange). The outputs are the twin's (checked by `traced_calls`).
#[test]
fn device_runs_loops_with_temporaries_declared_before_them() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    calls_and_launches(
        "device_temporaries",
        *opencl,
        &[
            ("Main.distances", 1, 1),
            ("Main.reuse", 1, 1),
            ("Main.folded", 1, 1),
            ("Main.rowSums", 1, 1),
            ("Main.squares", 1, 1),
            ("Main.energy", 1, 1),
            ("Main.steps", 1, 6),
        ],
    );
}

/// Under `SOMD_DEVICE=opencl`, the SOMD methods of `device_sizes`, whose parallel loops'
/// bounds the host computes with `*`, `/`, `Math.min` and `Math.max`, are device calls:
/// `halves` once (its empty matrix runs on the CPU, as every empty first `dist` argument
/// does), `clip` three times with no launch for a negative bound, `pairs` twice, and
/// `stretch` twice, launching once: with `k == 0` its width is 0, and its setup, the
/// guarded width times `k`, cannot fail, so the call launches nothing (before
/// `setup_may_fail` knew the guard, the CPU path ran it). The outputs are the twin's
/// (checked by `traced_calls`).
#[test]
fn device_runs_loops_with_computed_bounds() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    calls_and_launches(
        "device_sizes",
        *opencl,
        &[("Main.halves", 1, 1), ("Main.clip", 3, 2), ("Main.pairs", 2, 2), ("Main.stretch", 2, 1)],
    );
}

/// Under `SOMD_DEVICE=opencl`, the SOMD methods of `device_host_bounds`, whose parallel
/// loops' bounds read host scalars, are device calls sized at each launch: `fold` makes
/// two launches in each of its 6 rounds and one more in each of its 4 odd ones, `prefix`
/// two in each of its 6 rounds (no exchange: the copied columns move), `fade` one in each
/// of its 8 rounds with columns left (the 9th has none: no launch), `wrap` three in each
/// call with a positive product and none with a negative one, `span` two in each call but
/// the one whose product of parameters wraps to 0. `shifts` and `mods` (sizes
/// with `>>` and `%` of parameters) make one launch a call with columns to visit. `scan`,
/// whose setup holds the guarded width, makes two launches in each of its 5 rounds (its
/// call on a matrix of no rows has no MI). `lanes` (a size with `<<` and `>>>` of a
/// parameter) launches in the 5 of its 7 calls whose width is positive, `doubling` (a host
/// loop's index shifted) in each of its 6 rounds with columns to visit (6, 5, 5 and none).
/// The outputs are the twin's (checked by `traced_calls`).
#[test]
fn device_runs_loops_with_bounds_reading_host_scalars() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    calls_and_launches(
        "device_host_bounds",
        *opencl,
        &[
            ("Main.fold", 1, 16),
            ("Main.prefix", 1, 12),
            ("Main.fade", 1, 8),
            ("Main.wrap", 4, 6),
            ("Main.span", 3, 4),
            ("Main.shifts", 5, 5),
            ("Main.mods", 4, 2),
            ("Main.scan", 1, 10),
            ("Main.lanes", 7, 5),
            ("Main.doubling", 4, 16),
        ],
    );
    // Their scratch matrix `t`, written before each read, is not uploaded.
    let cases: [(&str, &str, &[HostProgramCall]); 1] = [(
        "tests/run",
        "device_host_bounds",
        &[
            ("Main.fold", 16, &["m"], &["m"]),
            ("Main.prefix", 12, &["m"], &["m"]),
            ("Main.scan", 10, &["m"], &["m"]),
        ],
    )];
    check_host_program_calls(*opencl, &cases);
}

/// A scratch parameter written whole (`b[i]` for every `i < b.length`) before a read over
/// the other array's range is not uploaded (`sync_scratch_whole`): `a` goes up once, for the
/// first call, and each call's result comes down, `relax` in 12 launches, `spread` (written
/// in either branch of an `if`, then read by a `sync reduce`, an intermediate reduction and
/// a block) in 20, `offsets` (written with values reading its partition's place) in 6.
#[test]
fn scratch_written_whole_is_not_uploaded() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    // The `sync reduce` and the intermediate reduction bring down their partials each step.
    const P: &str = "somd_partials";
    const SPREAD_DOWN: [&str; 11] = [P, P, P, P, P, P, P, P, P, P, "a"];
    let cases: [(&str, &str, &[HostProgramCall]); 1] = [(
        "tests/run",
        "sync_scratch_whole",
        &[
            // The calls keep `a` on the device (each writes a copy made there): the
            // first uploads it, the others find it.
            ("Main.relax", 12, &["a"], &["a"]),
            ("Main.relax", 12, &["~a"], &["a"]),
            ("Main.spread", 20, &["~a"], &SPREAD_DOWN),
            ("Main.offsets", 6, &["~a"], &["a"]),
        ],
    )];
    check_host_program_calls(*opencl, &cases);
}

/// Under `SOMD_DEVICE=opencl`, a returned parameter the method writes whole before any
/// read is allocated on the device, not uploaded: `fill`, `ramp` and `twice` of
/// `device_returned_written_whole` upload only their other arrays (before, the caller's
/// zeros went up too). `tail` (a conditional write), `guarded` (a return before the write)
/// and `maybe` (a write in one branch) upload the caller's array, which their results show;
/// the statements after the first keep it on the device. The outputs are the twin's.
#[test]
fn returned_parameters_written_whole_are_not_uploaded() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let cases: [(&str, &str, &[HostProgramCall]); 1] = [(
        "tests/run",
        "device_returned_written_whole",
        &[
            // The results stay on the device for the host's element reads (a loop reading
            // the first one whole, single elements of the rounds' ones).
            ("Main.fill", 1, &["in"], &[]),
            // The rounds' scratch matrix is written whole too; `in` stays on the device.
            ("Main.fill", 1, &["~in"], &[]),
            ("Main.ramp", 1, &[], &["out"]),
            ("Main.twice", 2, &["a"], &[]),
            ("Main.tail", 1, &["out"], &["out"]),
            ("Main.tail", 1, &["~out"], &["out"]),
            ("Main.guarded", 0, &["~out"], &["out"]),
            ("Main.guarded", 1, &["~out"], &["out"]),
            ("Main.maybe", 0, &["~out"], &["out"]),
            ("Main.maybe", 1, &["~out"], &["out"]),
        ],
    )];
    check_host_program_calls(*opencl, &cases);
}

/// Under `SOMD_DEVICE=opencl`, a parameter written whole before any read of its cells is
/// allocated on the device also where the method takes its shape first
/// (`device_outputs_shape_reads`): `rowDots` (`Somd.offset(out)` in its setup), `rowSums`
/// (`a[i + Somd.offset(out)]` in an inner loop) and `multiply` (both offsets of a 2-D
/// partition) upload only their other arrays (before, the caller's zeros went up too).
/// `accumulate`, `fromOld` and `pick` read the caller's cells of `out`, so the first uploads
/// it and the others find it on the device; the outputs are the twin's.
#[test]
fn outputs_whose_shape_is_read_first_are_not_uploaded() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let cases: [(&str, &str, &[HostProgramCall]); 1] = [(
        "tests/run",
        "device_outputs_shape_reads",
        &[
            ("Main.rowDots", 1, &["a", "v"], &[]),
            ("Main.rowSums", 1, &["a"], &[]),
            // `c` stays on the device until the host's loop reads it whole.
            ("Main.multiply", 1, &["~a", "bt"], &[]),
            ("Main.accumulate", 1, &["out", "~a"], &[]),
            // The caller's `seeded` stays on the device for the calls after the first.
            ("Main.fromOld", 1, &["~out", "~a"], &[]),
            ("Main.pick", 1, &["~out", "~a"], &["out"]),
        ],
    )];
    check_host_program_calls(*opencl, &cases);
}

/// Under `SOMD_DEVICE=opencl`, every SOMD method of `device_returns`, whose bodies return
/// under host control flow, is a device call ending where Java returns: `relax` after 79,
/// 167 and 400 launches (its copy-back stays a launch, as `next` is returned), `shifted`
/// and `scaled` with no launch when their guard returns and one otherwise, `firstRound`
/// after 4, 1 and 8 rounds, `grow` after 19 and 50 rounds of two launches, `touch` with
/// none and one. The outputs are the twin's (checked by `traced_calls`).
#[test]
fn device_returns_under_host_control_flow() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    calls_and_launches(
        "device_returns",
        *opencl,
        &[
            ("Main.relax", 3, 79 + 167 + 400),
            ("Main.shifted", 2, 1),
            ("Main.scaled", 2, 1),
            ("Main.firstRound", 3, 4 + 1 + 8),
            ("Main.grow", 2, 38 + 100),
            ("Main.touch", 2, 1),
        ],
    );
}

/// Under `SOMD_DEVICE=opencl`, every SOMD method of `device_fresh`, which allocates arrays
/// under host control flow, is a device call whose launches follow the host loops: `sweeps`
/// two in each of its 6 rounds, `pick` two or one by its branch, `firstOver` two in each
/// round until it returns (8, then all 20), `blur` two in each of its 5 rounds. The outputs
/// are the twin's (checked by `traced_calls`): a buffer not zero-filled again at each
/// allocation changes three of them.
#[test]
fn device_allocates_arrays_under_host_control_flow() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    calls_and_launches(
        "device_fresh",
        *opencl,
        &[
            ("Main.sweeps", 1, 12),
            ("Main.pick", 2, 3),
            ("Main.firstOver", 2, 16 + 40),
            ("Main.blur", 1, 10),
        ],
    );
}

/// Under `SOMD_DEVICE=opencl`, the searches of `device_search` that leave their loop at the
/// first match run as argument minima, one launch a call: `firstNegative` twice (its empty
/// array runs on the CPU), `indexOf` four times, `firstAbove` three, `firstDescent` twice;
/// `quotient` (an assignment that may fail) and `fragile` (a test that may fail) make no
/// device call. The outputs are the twin's (checked by `traced_calls`).
#[test]
fn device_runs_searches_as_first_matches() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    calls_and_launches(
        "device_search",
        *opencl,
        &[
            ("Main.firstNegative", 2, 2),
            ("Main.indexOf", 4, 4),
            ("Main.firstAbove", 3, 3),
            ("Main.firstDescent", 2, 2),
            ("Main.quotient", 0, 0),
            ("Main.fragile", 0, 0),
        ],
    );
}

/// Under `SOMD_DEVICE=opencl`, the searches of `device_search_down` stepping down run as
/// argument maxima, one launch a call: `lastNegative` twice, `lastIndexOf` four times,
/// `lastAbove` three, `lastZeroPair` (stepping by 2) twice; `quotient` (an assignment that
/// may fail) makes no device call, nor does `exc_search_down`'s `lookup`.
#[test]
fn device_runs_searches_stepping_down_as_first_matches() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    calls_and_launches(
        "device_search_down",
        *opencl,
        &[
            ("Main.lastNegative", 2, 2),
            ("Main.lastIndexOf", 4, 4),
            ("Main.lastAbove", 3, 3),
            ("Main.lastZeroPair", 2, 2),
            ("Main.quotient", 0, 0),
        ],
    );
    calls_and_launches("exc_search_down", *opencl, &[("Main.lookup", 0, 0)]);
}

/// Under `SOMD_DEVICE=opencl`, assignments inside expressions that another part of the
/// same expression reads (`m[i][j] = j++ * 2`, `k * 10 + (k = k + 1) + k`, `mix(k++, k++,
/// k)`, `t[k++] += v`, `g[r++][r]`, `Double.doubleToLongBits((double) k++)`, an
/// assignment beginning a conditional's branch, stores used as values, assignments in loop
/// headers) run on the device, one launch a call, their parts in Java's order
/// (`device_effect_order`); so do the calls of `exc_effect_order`, `exc_compound_order` and
/// `exc_row_reassigned`, whose failures are raised in Java's order.
#[test]
fn device_runs_assignments_inside_expressions_in_javas_order() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    calls_and_launches(
        "device_effect_order",
        *opencl,
        &[
            ("Main.stepStore", 1, 1),
            ("Main.reread", 1, 1),
            ("Main.arguments", 1, 1),
            ("Main.compound", 1, 1),
            ("Main.diagonal", 1, 1),
            ("Main.bits", 1, 1),
            ("Main.blocks", 1, 1),
            ("Main.stores", 1, 1),
            ("Main.headers", 1, 1),
        ],
    );
    calls_and_launches("exc_effect_order", *opencl, &[("Main.operands", 2, 2)]);
    calls_and_launches("exc_compound_order", *opencl, &[("Main.compound", 2, 2)]);
    calls_and_launches("exc_row_reassigned", *opencl, &[("Main.rows", 2, 2)]);
}

/// Planes and rows of 3-D arrays, value objects and vectors passed before an argument that
/// assigns what they read go into temporaries like other arguments: the methods run on the
/// device (`device_view_order`), and a row's checked indices come before a later failing
/// argument (`exc_view_order`).
#[test]
fn device_orders_views_objects_and_vectors_passed_to_calls() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    calls_and_launches(
        "device_view_order",
        *opencl,
        &[("Main.views", 1, 1), ("Main.objects", 1, 1), ("Main.vectors", 1, 1)],
    );
    calls_and_launches("exc_view_order", *opencl, &[("Main.rows", 2, 2)]);
}

/// Planes of 3-D arrays named by 2-D locals run on the device: read with helpers, named
/// before the loop (their lengths sizing an output and a 2-D NDRange), moved to another
/// plane, written by the work-item that owns the plane, in a 2-D nest over rows, and their
/// rows named by 1-D locals (`device_plane_locals`); their indices are checked there
/// (`exc_plane_local_bounds`).
#[test]
fn device_runs_plane_locals() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    calls_and_launches(
        "device_plane_locals",
        *opencl,
        &[
            ("Main.stencil", 1, 1),
            ("Main.fixed", 1, 1),
            ("Main.moved", 1, 1),
            ("Main.planes", 1, 1),
            ("Main.rows", 1, 1),
            ("Main.rowsOf", 1, 1),
            ("Main.blend", 1, 1),
            ("Main.prefix", 1, 1),
        ],
    );
    calls_and_launches("exc_plane_local_bounds", *opencl, &[("Main.read", 2, 2)]);
}

/// An array parameter reassigned by a helper, or inside an expression of a SOMD method's
/// setup, keeps the methods reaching it on the CPU, and only those; a bounded `T[[N]]`
/// reassigned by a helper runs on the device (`device_helper_reassigns`): there a
/// parameter's lengths are constants, and its old value could not be held for an argument.
#[test]
fn helpers_reassigning_array_parameters_stay_on_the_cpu() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    calls_and_launches(
        "device_helper_reassigns",
        *opencl,
        &[
            ("Main.statement", 0, 0),
            ("Main.argument", 0, 0),
            ("Main.setup", 0, 0),
            ("Main.triples", 1, 1),
            ("Main.other", 1, 1),
        ],
    );
}

/// `Math.rint` of large constants runs on the device and rounds as Java does
/// (`device_rint`): the kernel's `somd_rint` keeps PoCL from folding the library's `rint`.
#[test]
fn device_rounds_large_constants_as_java_does() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    calls_and_launches(
        "device_rint",
        *opencl,
        &[("Main.constants", 1, 1), ("Main.narrowed", 1, 1), ("Main.computed", 1, 1)],
    );
}

/// Under `SOMD_DEVICE=opencl`, counted loops written in other Java forms (`device_loop_forms`:
/// mirrored tests, indices declared before their loops, `while` loops, a `for` without an
/// initialiser, searches as a `while` loop and stepping by 2) launch once per call like
/// `for (int i = lo; i < hi; i++)`; the rounds of a host `for` loop around a parallel loop
/// launch once each (4 rounds, then none; 5 rounds updating a host scalar); a `while` loop
/// whose `continue` follows its update launches once too (fifty-ninth session); an index
/// read after its loop makes no device call.
#[test]
fn device_runs_loops_in_other_forms() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    calls_and_launches(
        "device_loop_forms",
        *opencl,
        &[
            ("Main.mirrored", 1, 1),
            ("Main.scaled", 1, 1),
            ("Main.skew", 1, 1),
            ("Main.center", 1, 1),
            ("Main.counted", 1, 1),
            ("Main.odd", 1, 1),
            ("Main.down", 1, 1),
            ("Main.total", 7, 7),
            ("Main.whereIs", 2, 2),
            ("Main.firstEvenBits", 2, 2),
            ("Main.rounds", 2, 4),
            ("Main.ramps", 1, 5),
            ("Main.hops", 1, 1),
            ("Main.pairSum", 1, 1),
            ("Main.length", 0, 0),
            ("Main.positives", 1, 1),
        ],
    );
}

/// Under `SOMD_DEVICE=opencl`, loops writing their arrays at a constant offset of the loop
/// index (`device_offset_index`: 1-based, stepping down from the length, rows, an output,
/// pairs below a stepped index; `device_column_offsets`: a row's columns at an offset) run
/// as one launch per call.
#[test]
fn device_runs_loops_writing_at_an_offset() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    calls_and_launches(
        "device_offset_index",
        *opencl,
        &[
            ("Main.oneBased", 1, 1),
            ("Main.down", 1, 1),
            ("Main.halves", 1, 1),
            ("Main.rows", 1, 1),
            ("Main.swapPairs", 1, 1),
            ("Main.ahead", 1, 1),
        ],
    );
    calls_and_launches(
        "device_column_offsets",
        *opencl,
        &[("Main.oneBased", 1, 1), ("Main.ahead", 1, 1)],
    );
}

/// Under `SOMD_DEVICE=opencl`, loops testing the index plus a constant from a start that is
/// no constant or stepping down (`device_offset_starts`) are device calls: `diffsFrom`'s
/// calls from columns 0 and 5 launch once each, those from 300 and 301 (no iteration)
/// launch nothing. `exc_offset_start`'s second call starts where `j + 1` wraps: the host
/// finds no size and runs it on the CPU, so it is no device call.
#[test]
fn device_runs_offset_tests_from_any_start_and_stepping_down() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    calls_and_launches(
        "device_offset_starts",
        *opencl,
        &[
            ("Main.diffsFrom", 4, 2),
            ("Main.down", 1, 1),
            ("Main.pairsDown", 1, 1),
            ("Main.sumDown", 1, 1),
        ],
    );
    calls_and_launches("exc_offset_start", *opencl, &[("Main.diffsFrom", 1, 1)]);
}

/// Under `SOMD_DEVICE=opencl`, 2-D nests writing at an offset or a multiple of their indices
/// (`device_nest_offsets`: a 1-based nest, (re, im) pairs along rows, a nest from -1 through
/// a row local, pairs of rows) are one call of one 2-D launch each; the first three ran as
/// loops over their rows before. `exc_nest_offset` fails in its 2-D kernel, at Java's first
/// failure.
#[test]
fn device_runs_nests_writing_at_an_offset_as_2d_ranges() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let methods = ["oneBased", "rotateRows", "ahead", "rowPairs"];
    let wanted: Vec<(String, usize, u64)> =
        methods.iter().map(|m| (format!("Main.{m}"), 1, 1)).collect();
    let wanted: Vec<(&str, usize, u64)> =
        wanted.iter().map(|(m, c, l)| (m.as_str(), *c, *l)).collect();
    calls_and_launches("device_nest_offsets", *opencl, &wanted);
    calls_and_launches("exc_nest_offset", *opencl, &[("Main.lookup", 1, 1)]);
    let Some((binary, expected)) = built_with_expected("tests/run", "device_nest_offsets") else {
        return; // a filter left the program out
    };
    let (outcome, _) = traced_calls("device_nest_offsets", binary, &expected, *opencl);
    for m in methods {
        let dims = launch_dims(&outcome.stderr, m);
        assert_eq!(dims, [2], "{m}: launches of its kernel\n{}", outcome.stderr);
    }
}

/// Under `SOMD_DEVICE=opencl`, intermediate reductions sized by the callee's `int`
/// parameters, which the host knows only as it launches them (`device_intermediate_sizes`):
/// a bound that wraps in Java and a setup calling a helper that cannot throw run on the
/// device (three calls of `add`, launching 3, 2 and 1 kernels: the bound's wrapped and
/// empty ranges launch no reduction); a setup that may fail keeps `scaled` on the CPU. A
/// bound dividing by a parameter keeps its caller on the CPU, which raises Java's exception
/// (`exc_intermediate_size`). Before, the first crashed with "no size for the launch" and
/// the second ran on the CPU.
#[test]
fn device_sizes_intermediate_reductions_as_they_launch() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    calls_and_launches(
        "device_intermediate_sizes",
        *opencl,
        &[("Main.add", 3, 6), ("Main.scaled", 0, 0)],
    );
    calls_and_launches("exc_intermediate_size", *opencl, &[("Main.add", 0, 0)]);
}

/// The NDRange dimensions of each launch of `Main.method`'s kernels (`Class.method`'s,
/// given so) in a JSON trace: `Main_method` (one kernel), `Main_method_loopN` (a host
/// program's launches) or `Main_method_reduceN` (its intermediate reductions).
fn launch_dims(trace: &str, method: &str) -> Vec<u64> {
    let kernel = match method.contains('.') {
        true => method.replace('.', "_"),
        false => format!("Main_{method}"),
    };
    let numbered = |k: &str, kind: &str| {
        k.strip_prefix(&format!("{kernel}_{kind}")).is_some_and(|n| n.parse::<u32>().is_ok())
    };
    let ours = |e: &Value| {
        e["name"]
            .as_str()
            .is_some_and(|k| k == kernel || numbered(k, "loop") || numbered(k, "reduce"))
    };
    trace
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter(|e| e["event"] == "launch" && ours(e))
        .map(|e| e["dims"].as_u64().unwrap_or(0))
        .collect()
}

/// The work-group width (`local_x`) of each launch of `method`'s kernels in `trace`.
fn launch_widths(trace: &str, method: &str) -> Vec<u64> {
    let kernel = format!("Main_{method}");
    trace
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter(|e| e["event"] == "launch" && e["name"] == kernel.as_str())
        .map(|e| e["local_x"].as_u64().unwrap_or(0))
        .collect()
}

/// Under `opencl`, each method `Main.m` of the `tests/run` program `name` makes `count`
/// device calls launching `launched` kernels in all, whose NDRange dimensions are `dims`.
fn calls_launches_and_dims(name: &str, opencl: Placement, wanted: &[(&str, usize, u64, &[u64])]) {
    let Some((binary, expected)) = built_with_expected("tests/run", name) else {
        return; // a filter left the program out
    };
    let (outcome, calls) = traced_calls(name, binary, &expected, opencl);
    for &(m, count, launched, dims) in wanted {
        let launches = launches_of(&calls, &format!("Main.{m}"));
        assert_eq!(
            (launches.len(), launches.iter().sum::<u64>(), launch_dims(&outcome.stderr, m)),
            (count, launched, dims.to_vec()),
            "{name}: {m}: calls, launches and their dimensions in\n{}",
            outcome.stderr
        );
    }
}

/// Under `SOMD_DEVICE=opencl`, 2-D nests whose outer body declares locals before the inner
/// loop (`device_nest_prelude`: planes through a plane local, an outer product through a row
/// local, a 2-D reduction, a `sync` body's two launches, launches sized by a host scalar, a
/// row that may not exist) run as 2-D NDRanges, each work-item computing the prelude; they
/// were 1-D loops over their rows before. A prelude whose local the inner loop assigns,
/// which reads what a cell writes, or which may fail in a launch sized as the host makes it
/// (by a host scalar, in an intermediate reduction) keeps its nest a 1-D loop. `exc_nest_prelude` and `exc_nest_prelude_row` fail in their 2-D
/// kernels at Java's first failure (a cell's, a prelude's); `exc_nest_prelude_empty`'s
/// prelude fails in a call of no cells, which runs on the CPU.
#[test]
fn device_runs_nests_with_preludes_as_2d_ranges() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    // A 2-D reduction runs as a flattened 1-D NDRange (rows x cols work-items); a call with
    // no rows runs on the CPU (an empty first `dist` argument), one with empty rows launches
    // nothing.
    let wanted: [(&str, usize, u64, &[u64]); 10] = [
        ("scale", 1, 1, &[2]),
        ("outer", 1, 1, &[2]),
        ("weighted", 2, 1, &[1]),
        ("rounds", 1, 8, &[2; 8]),
        // Sized by a host scalar as each launch is made: a prelude that cannot fail keeps
        // the 2-D NDRange, one that may fail a 1-D loop over the rows.
        ("narrowing", 1, 3, &[2; 3]),
        ("narrowingFrom", 1, 2, &[1; 2]),
        // `part` as an intermediate reduction (`Main_shifts_reduce1`, sized as the host
        // launches it: its prelude may fail, so a loop over the rows), then the loop.
        ("shifts", 1, 2, &[1; 2]),
        ("next", 1, 1, &[2]),
        ("running", 1, 1, &[1]),
        ("table", 1, 1, &[1]),
    ];
    calls_launches_and_dims("device_nest_prelude", *opencl, &wanted);
    calls_and_launches("exc_nest_prelude", *opencl, &[("Main.shift", 2, 2)]);
    // The first and third calls launch, the third failing in its kernel; the second's rows
    // have no cells, so it runs on the CPU (its prelude may fail).
    calls_and_launches("exc_nest_prelude_row", *opencl, &[("Main.next", 2, 2)]);
    // The call whose rows have no cells runs on the CPU: no device call.
    calls_and_launches("exc_nest_prelude_empty", *opencl, &[("Main.next", 1, 1)]);
}

/// Under `SOMD_DEVICE=opencl`, array locals naming the method's own output
/// (`device_output_rows`: rows of a fresh matrix named before a 2-D nest's inner loop or
/// written after a row loop, planes of a fresh volume and their rows, an output sized by an
/// `int` parameter, a row passed to a helper writing one element, an output narrower than
/// the input) run on the device; they kept their methods on the CPU before. A call whose
/// rows have no cells launches nothing. `exc_output_row` fails in its 2-D kernel at Java's
/// first failure.
#[test]
fn device_runs_array_locals_naming_outputs() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    // Sizes 6 x 9, 1 x 1, 3 x 0 and 33 x 70 (`narrow` keeps half the columns: none of 1 x 1);
    // `shifted` once. `triple` writes through an output named before its loop: the CPU.
    let wanted: [(&str, usize, u64, &[u64]); 7] = [
        ("twice", 4, 3, &[2; 3]),
        ("marked", 4, 4, &[1; 4]),
        ("viaHelper", 4, 4, &[1; 4]),
        ("narrow", 4, 2, &[2; 2]),
        ("table", 4, 3, &[2; 3]),
        ("shifted", 1, 1, &[2]),
        ("triple", 0, 0, &[]),
    ];
    calls_launches_and_dims("device_output_rows", *opencl, &wanted);
    calls_and_launches("exc_output_row", *opencl, &[("Main.shift", 1, 1)]);
    // The All-Pairs sample names a row of its output beside a row of `xs`: one call, one
    // 2-D launch.
    let Some((binary, expected)) = built_with_expected("samples", "allpairs") else { return };
    let (outcome, calls) = traced_calls("allpairs", binary, &expected, *opencl);
    let launches = launches_of(&calls, "AllPairs.distances");
    assert_eq!(
        (launches, launch_dims(&outcome.stderr, "AllPairs.distances")),
        (vec![1], vec![2]),
        "allpairs: calls, launches and their dimensions in\n{}",
        outcome.stderr
    );
}

/// Under `SOMD_DEVICE=opencl`, the 2-D nests of `device_blocks` (cells walking a row of each
/// of two matrices, staged in blocks, and two kept as written) are device calls of one 2-D
/// launch each: five calls per method (the size whose first matrix has no rows runs on the
/// CPU), one of which has no cells (no launch) but `gram`'s, whose second matrix is a copy
/// of the first. `exc_blocks_short` (rows too short for the blocks: the cells as written)
/// `exc_blocks_post` (a failure after the staged loop) and `exc_blocks_bound` (a loop bound
/// reading a row that may not exist: no blocks) fail in their kernels at Java's first
/// failure.
#[test]
fn device_stages_all_pairs_cells_in_blocks() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let wanted: [(&str, usize, u64, &[u64]); 7] = [
        ("dists", 5, 4, &[2; 4]),
        ("dots", 5, 4, &[2; 4]),
        ("manhattan", 5, 4, &[2; 4]),
        ("gram", 5, 5, &[2; 5]),
        ("trig", 5, 4, &[2; 4]),
        ("fromOne", 5, 4, &[2; 4]),
        ("written", 5, 4, &[2; 4]),
    ];
    calls_launches_and_dims("device_blocks", *opencl, &wanted);
    // Block-tiled kernels launch in groups 16 wide, the others as wide as the device's 2-D
    // groups.
    if let Some((binary, expected)) = built_with_expected("tests/run", "device_blocks") {
        let (outcome, _) = traced_calls("device_blocks", binary, &expected, *opencl);
        let tiled = ["dists", "dots", "manhattan", "gram", "trig"];
        // The other 2-D kernels' width: 32 on devices whose groups hold 64 work-items or
        // more (PoCL's, NVIDIA's), where the tiled ones are 16 wide; the same on others.
        let plain = launch_widths(&outcome.stderr, "fromOne").first().copied().unwrap_or(0);
        for (m, _, launched, _) in wanted {
            let width = if tiled.contains(&m) { plain.min(16) } else { plain };
            assert_eq!(
                launch_widths(&outcome.stderr, m),
                vec![width; launched as usize],
                "device_blocks: {m}: the launches' group widths in\n{}",
                outcome.stderr
            );
        }
    }
    // Groups with work-items past the end of the range (PoCL ran the tiles' last store for
    // them too, before a barrier closed the tiles' branch and `somd_active` was read
    // volatile before it).
    let edges: [(&str, usize, u64, &[u64]); 3] =
        [("dots", 1, 1, &[2]), ("diffs", 1, 1, &[2]), ("guarded", 3, 3, &[2; 3])];
    calls_launches_and_dims("device_blocks_edges", *opencl, &edges);
    calls_and_launches("exc_blocks_short", *opencl, &[("Main.dists", 2, 2)]);
    calls_and_launches("exc_blocks_post", *opencl, &[("Main.ratios", 1, 1)]);
    calls_and_launches("exc_blocks_bound", *opencl, &[("Main.f", 1, 1)]);
}

/// Under `SOMD_DEVICE=opencl`, loops writing at a multiple of their index plus a constant
/// (`device_strided`: complex pairs, points as triples through a local index, an
/// interleaved output, pairs of rows) are one call of one launch each; they ran on the CPU
/// before. `exc_strided`'s second call fails in its kernel, at Java's position.
#[test]
fn device_runs_loops_writing_at_a_multiple_of_the_index() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    calls_and_launches(
        "device_strided",
        *opencl,
        &[
            ("Main.rotate", 1, 1),
            ("Main.move", 1, 1),
            ("Main.interleave", 1, 1),
            ("Main.rowPairs", 1, 1),
        ],
    );
    calls_and_launches("exc_strided", *opencl, &[("Main.pairs", 2, 2)]);
}

/// Under `SOMD_DEVICE=opencl`, loops over rows whose inner loops are bounded by a row's
/// length while they write the matrix (`device_row_widths`: `j < m[0].length`, `j <=
/// m[0].length`, `c[0][0].length`) are one call of one launch each; they ran on the CPU
/// before, the row read for its length counting as a read of a row other iterations write.
#[test]
fn device_runs_row_loops_bounded_by_a_row_length() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    calls_and_launches(
        "device_row_widths",
        *opencl,
        &[("Main.prefix", 1, 1), ("Main.oneBased", 1, 1), ("Main.reversed", 1, 1)],
    );
}

/// Under `SOMD_DEVICE=opencl`, loops testing their index plus a constant
/// (`device_offset_tests`: `i + 1 < a.length`, `a.length > 1 + i`, `j + 3 <= w`, a
/// `while` loop) are one call of one launch each; `wrapped`'s second call, whose `n + 1`
/// wraps, runs on the CPU. A bound whose Java value wraps
/// (`exc_size_wrap`'s `n - 1` of `Integer.MIN_VALUE`) has no size: that call runs on the
/// CPU, which raises Java's exception, and only the first call launches. A row loop testing
/// `j + 1 < w` past the width (`exc_offset_test`) launches both calls, the second failing in
/// the kernel at Java's position.
#[test]
fn device_runs_loops_testing_the_index_plus_a_constant() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    calls_and_launches(
        "device_offset_tests",
        *opencl,
        &[
            ("Main.inversions", 1, 1),
            ("Main.pairMax", 1, 1),
            ("Main.pairSwap", 1, 1),
            ("Main.rowDiffs", 1, 1),
            ("Main.triples", 1, 1),
            ("Main.scaled", 1, 1),
            ("Main.wrapped", 1, 1),
        ],
    );
    calls_and_launches("exc_size_wrap", *opencl, &[("Main.bump", 1, 1)]);
    calls_and_launches("exc_offset_test", *opencl, &[("Main.shiftLeft", 2, 2)]);
}

/// Under `SOMD_DEVICE=opencl`, loops bounded by a row's length run on the device where the
/// row exists: each method of `device_row_lengths` is one call of one launch (`rounds`, three
/// under a host loop whose index is its inner bound's start). A call whose
/// row does not exist runs on the CPU, which raises Java's exception at the row's read
/// (the second call of `exc_row_index`); a kernel reading a missing row in its body raises
/// it from the device (both calls of `exc_row_read` launch).
#[test]
fn device_checks_the_rows_its_bounds_read() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    calls_and_launches(
        "device_row_lengths",
        *opencl,
        &[
            ("Main.scaleRow", 1, 1),
            ("Main.twice", 1, 1),
            ("Main.pad", 1, 1),
            ("Main.setupWidth", 1, 1),
            ("Main.inner", 1, 1),
            ("Main.bump", 1, 1),
            ("Main.rounds", 1, 3),
        ],
    );
    calls_and_launches("exc_row_index", *opencl, &[("Main.shift", 1, 1)]);
    calls_and_launches("exc_row_read", *opencl, &[("Main.inner", 2, 2)]);
}

/// Under `SOMD_DEVICE=opencl`, SOMD methods returning a small table (`device_tables`) run
/// on the device: each loop reducing into the table's elements is one launch (`span`,
/// `bits`, `moments` and `peak` one, `above` two), and `lastSeen`, whose loop writes an
/// element with a plain value, makes no device call. The `@` of `mix`, whose target keeps
/// a scratch vector, is one device call too. The outputs are the twin's (checked by
/// `traced_calls`).
#[test]
fn device_reduces_into_result_tables() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let Some((binary, expected)) = built_with_expected("tests/run", "device_tables") else {
        return; // a filter left device_tables out
    };
    let (outcome, calls) = traced_calls("device_tables", binary, &expected, *opencl);
    for (name, launches) in [
        ("Main.span", 1),
        ("Main.bits", 1),
        ("Main.moments", 1),
        ("Main.peak", 1),
        ("Main.above", 2),
    ] {
        let made = launches_of(&calls, name);
        assert!(
            made.len() == 7 && made.iter().all(|l| *l == launches),
            "device_tables: {name} made launches {made:?}\n{}",
            outcome.stderr
        );
    }
    let mix = launches_of(&calls, "Main.mix");
    assert_eq!(mix, [1], "device_tables: the `@` of mix\n{}", outcome.stderr);
    assert!(
        calls.iter().all(|c| c.name != "Main.lastSeen"),
        "device_tables: lastSeen reached the device\n{}",
        outcome.stderr
    );
}

/// Under `SOMD_DEVICE=opencl`, argument extrema (`device_argext`: `if (a[i] > m) { m =
/// a[i]; k = ..; }` with `m` and `k` read after the loop) run on the device, one launch per
/// call, in 1-D and 2-D loops, beside a count, and for `double`/`float` extrema whose
/// `-0.0`/`0.0` ties the iteration breaks; `risky`, whose payload may fail, makes no
/// device call. The outputs are the twin's (checked by `traced_calls`), ties included.
#[test]
fn device_reduces_argument_extrema() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let Some((binary, expected)) = built_with_expected("tests/run", "device_argext") else {
        return; // a filter left device_argext out
    };
    let (outcome, calls) = traced_calls("device_argext", binary, &expected, *opencl);
    // Seven lengths; `firstMax` and `lastMin` also run on the constant array.
    for (name, count) in [
        ("Main.firstMax", 14),
        ("Main.lastMin", 14),
        ("Main.above", 7),
        ("Main.countMin", 7),
        ("Main.cellMax", 7),
        ("Main.absPeak", 7),
        ("Main.looked", 7),
        // `double`/`float` extrema, each array also with its zeros' signs swapped.
        ("Main.firstPeak", 14),
        ("Main.lastPeak", 14),
    ] {
        let made = launches_of(&calls, name);
        assert!(
            made.len() == count && made.iter().all(|l| *l == 1),
            "device_argext: {name} made launches {made:?}\n{}",
            outcome.stderr
        );
    }
    assert!(
        calls.iter().all(|c| c.name != "Main.risky"),
        "device_argext: risky reached the device\n{}",
        outcome.stderr
    );
}

/// Under `SOMD_DEVICE=opencl`, functions keeping small fresh arrays (`device_private`:
/// scratch vectors, literal tables, digit counts, a sorted window) run on the device with
/// the arrays in each work-item's private memory: every SOMD method and `@` of the program
/// launches one kernel per call (`passes` through a helper's private variant), except
/// `large` (1600 bytes), which makes no device call. The outputs are the twin's (checked by
/// `traced_calls`).
#[test]
fn device_keeps_fresh_arrays_in_private_memory() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let Some((binary, expected)) = built_with_expected("tests/run", "device_private") else {
        return; // a filter left device_private out
    };
    let (outcome, calls) = traced_calls("device_private", binary, &expected, *opencl);
    for name in [
        "Main.norm3",
        "Main.weigh",
        "Main.kinds",
        "Main.digits",
        "Main.median5",
        "Main.commonest",
        "Main.table",
        "Main.cells",
        "Main.passes",
    ] {
        let made = launches_of(&calls, name);
        assert!(
            made.len() == 4 && made.iter().all(|l| *l == 1),
            "device_private: {name} made launches {made:?}\n{}",
            outcome.stderr
        );
    }
    assert!(
        calls.iter().all(|c| c.name != "Main.large"),
        "device_private: Main.large reached the device\n{}",
        outcome.stderr
    );
}

/// Under `SOMD_DEVICE=opencl`, the `static final` fields kernels read (`device_statics`)
/// cross once for the run: one upload of the statics buffer by the `@` the static
/// initialiser runs (it sees `LATE` still at 0, so nothing is kept then) and one by the
/// first device call after them, kept for every later call; every construct of the
/// program launches (`Main.rescale`, whose host statements read static fields, too), but
/// for `Main.rag`, whose kernel reads the ragged `RAGGED`.
#[test]
fn device_statics_cross_once_per_run() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let Some((binary, expected)) = built_with_expected("tests/run", "device_statics") else {
        return; // a filter left device_statics out
    };
    let (outcome, calls) = traced_calls("device_statics", binary, &expected, *opencl);
    let uploads: Vec<&str> = calls
        .iter()
        .filter(|c| c.h2d.iter().any(|(b, _)| b == "statics"))
        .map(|c| c.name.as_str())
        .collect();
    assert_eq!(uploads, ["Main.early", "Main.curve"], "statics uploads\n{}", outcome.stderr);
    let launching = [
        "Main.early",
        "Main.curve",
        "Main.mix",
        "Main.score",
        "Main.buckets",
        "Main.relax",
        "Main.rescale",
    ];
    for name in launching {
        assert!(
            launches_of(&calls, name).iter().any(|l| *l > 0),
            "device_statics: {name} made no launch\n{}",
            outcome.stderr
        );
    }
    // `RAGGED` has no device form: the one kernel reading it leaves its call to the CPU.
    assert_eq!(launches_of(&calls, "Main.rag"), [0], "Main.rag\n{}", outcome.stderr);
    for name in ["Main.heavier", "Main.strongest"] {
        assert!(
            calls.iter().any(|c| c.name == name),
            "device_statics: {name} made no device call\n{}",
            outcome.stderr
        );
    }
}

/// Value-array literals are private arrays (`device_private_value`): the `@` targets and the
/// SOMD method declaring `int[[]] t = new int[[]]{..}` each make one
/// device call of one launch, and the task filter calling one runs its batches on the
/// device, where they ran on the CPU before ("local `t` of array type holding a value other
/// than an array parameter"); the output is the Java twin's, its exception included.
#[test]
fn device_keeps_value_array_literals_in_the_work_item() {
    let Some((outcome, calls)) = one_launch_each(
        "device_private_value",
        &["Main.weigh", "Main.mix", "Main.flags", "Main.table", "Main.pick"],
    ) else {
        return;
    };
    // The filter's batches follow the source's pace: one launch each, however many.
    let batches = launches_of(&calls, "Main.weighItem");
    assert!(
        !batches.is_empty() && batches.iter().all(|&l| l == 1),
        "device_private_value: Main.weighItem made {batches:?}\n{}",
        outcome.stderr
    );
}

/// Under `SOMD_DEVICE=opencl`, array creations indexed where they are written
/// (`device_indexed_tables`: tables in `@` targets, in a helper and in a SOMD loop body,
/// with elements read from parameters, locals and constants) are private arrays: each
/// call is one launch. Before, each kept its function on the CPU ("array allocation inside
/// a kernel"). The outputs are the twin's (checked by `traced_calls`).
#[test]
fn device_keeps_indexed_array_creations_in_the_work_item() {
    one_launch_each(
        "device_indexed_tables",
        &["Main.pick", "Main.mixed", "Main.viaHelper", "Main.weigh", "Main.past"],
    );
}

/// Under `SOMD_DEVICE=opencl`, `sync reduce` blocks whose loop folds into a local of the
/// block (`device_sync_local_acc`) run on the device: one launch for `norm2`'s block, two
/// per round of `stats`' three. The outputs are the twin's (checked by `traced_calls`).
#[test]
fn device_runs_sync_reduce_blocks_with_local_accumulators() {
    launches_each("device_sync_local_acc", &[("Main.norm2", 1), ("Main.stats", 6)]);
}

/// Under `SOMD_DEVICE=opencl`, SOMD methods calling intermediate reductions with `short`,
/// `byte` and `char` accumulators (`device_intermediate_narrow`) run on the device: one
/// device call of a launch per reduction and one for the loop. The outputs are the twin's
/// (checked by `traced_calls`).
#[test]
fn device_runs_narrow_intermediate_reductions() {
    launches_each("device_intermediate_narrow", &[("Main.shift", 2), ("Main.mix", 4)]);
}

/// Under `SOMD_DEVICE=opencl`, constant lanes of the vectors calls return
/// (`device_vector_call_lanes`: `pair(n)[0]` in a `@` target, a helper and a SOMD loop) run
/// on the device, one launch per call. The outputs are the twin's (checked by
/// `traced_calls`).
#[test]
fn device_reads_lanes_of_returned_vectors() {
    one_launch_each("device_vector_call_lanes", &["Main.direct", "Main.weigh", "Main.ones"]);
}

/// Under `SOMD_DEVICE=opencl`, flattened matrices written a row per iteration
/// (`device_flat_rows`: `out[i * w + x]` in a 2-D nest, in a 1-D loop's inner loop and in
/// a stencil) run on the device, one launch per call. The outputs are the twin's (checked by
/// `traced_calls`).
#[test]
fn device_writes_flattened_rows() {
    one_launch_each("device_flat_rows", &["Main.flat", "Main.rows", "Main.stencil"]);
}

/// Under `SOMD_DEVICE=opencl`, arrays a SOMD method returns are fresh, so they stay on the
/// device ("SOMD results left on the device"; before the sixty-sixth session straight-line
/// statements kept them once uploaded) in `device_keep_results`: after the first call
/// uploads `x`, every call finds its argument resident, `norm(y)` after the host writes
/// `y[0]` too: the store wrote the element into the device copy (8 bytes, the transfer
/// before that call; before the seventieth session the call uploaded `y` again). The
/// outputs are the twin's (checked by `traced_calls`).
#[test]
fn device_keeps_returned_arrays_across_statements() {
    let Some((outcome, calls)) = launches_each("device_keep_results", &[]) else {
        return;
    };
    let uploads: Vec<usize> = calls.iter().map(|c| c.h2d.len()).collect();
    let found: Vec<usize> = calls.iter().map(|c| c.resident.len()).collect();
    assert_eq!(uploads, [1, 0, 0, 0, 1, 0], "{}", outcome.stderr);
    assert_eq!(found, [0, 1, 1, 1, 1, 1], "{}", outcome.stderr);
    assert_eq!(calls[4].h2d, [("somd_store".to_string(), 8)], "{}", outcome.stderr);
}

/// Under `SOMD_DEVICE=opencl`, the loop idioms of `device_loop_idioms` (two declarations in
/// a `for` header, a decrement in the test of a `for` and of a `while` loop, a nest whose
/// inner bound a local of the row holds) run on the
/// device, one launch per call; `after`, which reads its index after the loop, makes no
/// device call. The outputs are the twin's (checked by `traced_calls`).
#[test]
fn device_runs_java_loop_idioms() {
    let Some((outcome, calls)) = one_launch_each(
        "device_loop_idioms",
        &["Main.header", "Main.total", "Main.doubled", "Main.mirrored", "Main.postDown"],
    ) else {
        return;
    };
    assert!(
        calls.iter().all(|c| c.name != "Main.after"),
        "device_loop_idioms: Main.after reached the device\n{}",
        outcome.stderr
    );
}

/// Under `SOMD_DEVICE=opencl`, `@` targets reading vector fields in place (`q.v[k]`,
/// `q.v.length`, `h.in.c[k]` in `device_vector_fields`, and of an object of vectors and
/// primitives only) run on the device, one launch per call; before, each ran on the CPU.
/// The outputs are the twin's (checked by `traced_calls`).
#[test]
fn device_reads_vector_fields_in_place() {
    one_launch_each(
        "device_vector_fields",
        &["Main.direct", "Main.nested", "Main.onlyVectors", "Main.compared", "Main.past"],
    );
}

/// Under `SOMD_DEVICE=opencl`, the `@` targets of `device_nested_branches` (folds under a
/// `?:`, a `&&` and an early `return`, four folds in one target, and two unconditional
/// folds that keep the lanes form) run on the device, one launch per call. Before, the
/// first three aborted the process in PoCL's compiler and the fourth took minutes to
/// build. The outputs are the twin's (checked by `traced_calls`).
#[test]
fn device_folds_under_branches() {
    one_launch_each(
        "device_nested_branches",
        &["Main.squares", "Main.prime", "Main.primeEarly", "Main.two", "Main.four"],
    );
}

/// Under `SOMD_DEVICE=opencl`, private arrays passed to helpers (`device_private_pass`: a
/// table filled two helpers deep, two arrays and one array twice passed to one helper, a
/// window gathered from a buffer and sorted by helpers, digit counts by a helper, and
/// `total` called with a buffer in one kernel and a private array in another) run on the
/// device, one launch per call; `compares`, whose helper compares its array, makes no
/// device call. The outputs are the twin's (checked by `traced_calls`).
#[test]
fn device_passes_private_arrays_to_helpers() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let Some((binary, expected)) = built_with_expected("tests/run", "device_private_pass") else {
        return; // a filter left device_private_pass out
    };
    let (outcome, calls) = traced_calls("device_private_pass", binary, &expected, *opencl);
    for name in ["Main.squares", "Main.median7", "Main.weighted", "Main.commonest"] {
        let made = launches_of(&calls, name);
        assert!(
            made.len() == 4 && made.iter().all(|l| *l == 1),
            "device_private_pass: {name} made launches {made:?}\n{}",
            outcome.stderr
        );
    }
    assert!(
        calls.iter().all(|c| c.name != "Main.compares"),
        "device_private_pass: Main.compares reached the device\n{}",
        outcome.stderr
    );
}

/// Under `SOMD_DEVICE=opencl`, labelled statements (`device_labels`: a search leaving two
/// loops, `continue` of an outer loop and of the parallel loop itself, a labelled block
/// and `do`/`while` in a `@` target) and `-=`/`--` contributions to a `+` reduction run on
/// the device, one launch per call; `upToOdd`, whose `break` leaves the parallel loop,
/// makes no device call. The outputs are the twin's (checked by `traced_calls`).
#[test]
fn device_runs_labelled_jumps() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let Some((binary, expected)) = built_with_expected("tests/run", "device_labels") else {
        return; // a filter left device_labels out
    };
    let (outcome, calls) = traced_calls("device_labels", binary, &expected, *opencl);
    for name in ["Main.pairs", "Main.rows", "Main.steps", "Main.firstEven", "Main.drift"] {
        let made = launches_of(&calls, name);
        assert!(
            made.len() == 4 && made.iter().all(|l| *l == 1),
            "device_labels: {name} made launches {made:?}\n{}",
            outcome.stderr
        );
    }
    assert!(
        calls.iter().all(|c| c.name != "Main.upToOdd"),
        "device_labels: upToOdd reached the device\n{}",
        outcome.stderr
    );
}

/// Under `SOMD_DEVICE=opencl`, objects of value classes holding arrays (`device_holders`)
/// cross as their fields: the `@`s broadcasting a `Model` or a `Table` and the SOMD methods
/// taking one each launch one kernel; the model's arrays go up with the first call and stay
/// on the device (value arrays are resident), so `apply` uploads only its mutable array; the
/// `@`s given an object with a `null` array field or a `null` object run on the CPU (traced
/// as placed, no device call); mapped arrays of such objects launch too.
#[test]
fn device_value_classes_holding_arrays_cross_as_their_fields() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let Some((binary, expected)) = built_with_expected("tests/run", "device_holders") else {
        return; // a filter left device_holders out
    };
    let (outcome, calls) = traced_calls("device_holders", binary, &expected, *opencl);
    let names: Vec<&str> = calls.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Main.score",
            "Main.apply",
            "Main.score",
            "Main.apply",
            "Main.weigh",
            "Main.total",
            "Main.weigh",
            "Main.total"
        ],
        "device calls in the trace:\n{}",
        outcome.stderr
    );
    assert!(calls.iter().all(|c| c.launches == 1), "{}", outcome.stderr);
    // score: `x` (2000 floats) and the model's 13 floats and 3 ints.
    assert_eq!(calls[0].bytes_h2d, 8000 + 13 * 4 + 3 * 4, "{}", outcome.stderr);
    // apply: nothing up. `xs` is found where the `@` over its frozen copy `x` left it (the
    // statements from the copy to the last `apply` keep `xs`: note device-execution,
    // "Straight-line statements"), and so are the model's two arrays.
    assert_eq!((calls[1].bytes_h2d, calls[1].resident.len()), (0, 3), "{}", outcome.stderr);
    let placed: Vec<(String, String, String)> = placements_traced(&outcome.stderr);
    for name in ["Main.plain", "Main.ignore"] {
        assert!(placed.iter().any(|(n, _, _)| n == name), "{name}: {}", outcome.stderr);
    }
    // Mapped arrays of such objects (`device_holders_mapped`): from a value array and a
    // mutable one, fused into `+ !`, next to a broadcast one; the array with a `null`
    // element (`tag`) runs on the CPU.
    let Some((binary, expected)) = built_with_expected("tests/run", "device_holders_mapped") else {
        return;
    };
    let (outcome, calls) = traced_calls("device_holders_mapped", binary, &expected, *opencl);
    let names: Vec<&str> = calls.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(
        names,
        ["Main.eval", "Main.eval", "Main.degree", "Main.degree", "Main.fit"],
        "device calls in the trace:\n{}",
        outcome.stderr
    );
    assert!(calls.iter().all(|c| c.launches == 1), "{}", outcome.stderr);
    let placed = placements_traced(&outcome.stderr);
    assert!(placed.iter().any(|(n, _, _)| n == "Main.tag"), "{}", outcome.stderr);
}

/// Constructs with no device path show in the trace (`trace_cpu_only`): under
/// `SOMD_DEVICE=cpu`, and under `SOMD_DEVICE=opencl` when a platform is installed, each of
/// the three calls of a SOMD method reading a non-final static, the two `@`s and the `C.m !`
/// of value objects holding arrays traces its placement on the CPU (reason `SOMD_DEVICE`,
/// or `not eligible`) naming its source position, then a `cpu_call` at that position with
/// its time and kind of construct; nothing else is placed. The output is the Java twin's.
#[test]
fn cpu_constructs_show_in_the_trace() {
    let name = "trace_cpu_only";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else {
        return;
    };
    let at = source_position(name);
    let cases = [
        ("Main.shifted", at("shifted(a)"), 3, "somd"),
        ("Main.span", at("Main @ span(v)"), 1, "map"),
        ("Main.boxed", at("Main @ boxed"), 1, "map"),
        ("Main.wider", at("Main.wider !"), 1, "reduce"),
    ];
    let cpu = Placement { device: "cpu", threads: Some("2"), strict: false };
    let mut runs = vec![(cpu, "SOMD_DEVICE")];
    if let Some(opencl) = opencl_placement() {
        runs.push((opencl, "not eligible"));
    }
    for (placement, reason) in runs {
        let outcome = run_with_env(binary, &expected.args, placement, &[("SOMD_TRACE", "json")]);
        let seen = format!("{} {}", placement.describe(), outcome.stderr);
        if let Some(why) = compare(&expected, &untraced(&outcome)) {
            panic!("{name}: {why}\n{seen}");
        }
        let events: Vec<Value> =
            outcome.stderr.lines().filter_map(|l| serde_json::from_str(l).ok()).collect();
        let placed = events.iter().filter(|e| e["event"] == "placement");
        for event in placed.clone() {
            let label = event["name"].as_str().unwrap_or_default();
            assert!(cases.iter().any(|(l, ..)| *l == label), "{label} placed\n{seen}");
        }
        for (label, place, calls, construct) in &cases {
            let here = |e: &&Value| {
                let site = e["site"].as_str().unwrap_or_default();
                site == place || site.ends_with(&format!("/{place}"))
            };
            // Its events in order: a placement, then the run's time, for each call.
            let order: Vec<(&str, &str)> = events
                .iter()
                .filter(|e| e["name"] == *label || e["method"] == *label)
                .map(|e| {
                    assert!(here(&e), "{label}'s event at {place}: {e}\n{seen}");
                    match e["event"].as_str() {
                        Some("placement") => {
                            assert_eq!(e["placement"], "cpu", "{e}\n{seen}");
                            ("placement", e["reason"].as_str().unwrap_or_default())
                        }
                        Some("cpu_call") => {
                            let (time, reduce) = (e["time_ms"].as_f64(), e["reduce_ms"].as_f64());
                            let timed = matches!((time, reduce), (Some(t), Some(r)) if r <= t);
                            assert!(timed, "{e}\n{seen}");
                            assert_eq!(e["construct"], *construct, "{e}\n{seen}");
                            ("cpu_call", "")
                        }
                        other => panic!("{label}: event {other:?}\n{seen}"),
                    }
                })
                .collect();
            let want: Vec<(&str, &str)> =
                (0..*calls).flat_map(|_| [("placement", reason), ("cpu_call", "")]).collect();
            assert_eq!(order, want, "{label} at {place}\n{seen}");
        }
    }
}

/// A CPU run's trace gives its reduction time beside its wall time (LANGUAGE.md §4.2): the
/// part after its MIs end. SparseMatMult's `multiply` on 2 threads combines its MIs' partial
/// vectors of 50,000 `double`s by `VecSum.combine`, which takes time, and its loop adding
/// each product into `y` (`outline_loops`) runs in place, its range split between the two
/// threads' MIs, whose results are all `y` itself: its one placement event and its call
/// count those MIs. The text form gives both times in µs, as the device's events do.
#[test]
fn cpu_calls_trace_their_reduction_time() {
    let Some(binary) = built_binary("samples", "sparsematmult") else {
        return;
    };
    let args = ["50000".to_string(), "4".to_string()];
    let cpu = Placement { device: "cpu", threads: Some("2"), strict: false };
    let outcome = run_with_env(binary, &args, cpu, &[("SOMD_TRACE", "json")]);
    assert_eq!(outcome.status, Some(0), "{}", outcome.stderr);
    let events: Vec<Value> =
        outcome.stderr.lines().filter_map(|l| serde_json::from_str(l).ok()).collect();
    let times = |method: &str| -> Vec<(f64, f64)> {
        let calls = events.iter().filter(|e| e["event"] == "cpu_call" && e["method"] == method);
        calls.map(|e| (e["time_ms"].as_f64().unwrap(), e["reduce_ms"].as_f64().unwrap())).collect()
    };
    let multiply = times("SparseMatMult.multiply");
    assert_eq!(multiply.len(), 4, "{}", outcome.stderr);
    for (time, reduce) in multiply {
        assert!(
            reduce > 0.0 && reduce < time,
            "multiply: {reduce} of {time} ms\n{}",
            outcome.stderr
        );
    }
    let added = times("SparseMatMult.main$loop1");
    assert_eq!(added.len(), 4, "{}", outcome.stderr);
    assert!(added.iter().all(|&(time, reduce)| reduce <= time), "{}", outcome.stderr);
    let loop_events = |event: &str, key: &str| -> Vec<u64> {
        let named =
            events.iter().filter(|e| e["event"] == event && e[key] == "SparseMatMult.main$loop1");
        named.map(|e| e["mis"].as_u64().unwrap_or_default()).collect()
    };
    assert_eq!(loop_events("placement", "name"), [2; 4], "{}", outcome.stderr);
    assert_eq!(loop_events("cpu_call", "method"), [2; 4], "{}", outcome.stderr);

    let outcome = run_with_env(binary, &args, cpu, &[("SOMD_TRACE", "1")]);
    let lines: Vec<&str> = outcome
        .stderr
        .lines()
        .filter(|l| l.starts_with("somd: trace: cpu_call method=SparseMatMult.multiply "))
        .collect();
    assert_eq!(lines.len(), 4, "{}", outcome.stderr);
    for line in lines {
        let field = |key: &str| {
            let value = line.split(' ').find_map(|f| f.strip_prefix(key)).unwrap_or_default();
            value.strip_suffix("us").and_then(|v| v.parse::<f64>().ok())
        };
        let (time, reduce) = (field("time="), field("reduce="));
        assert!(matches!((time, reduce), (Some(t), Some(r)) if r > 0.0 && r < t), "{line}");
        assert!(line.contains(" placement=cpu mis=2 ") && line.ends_with(":79:32"), "{line}");
    }
}

/// The CPU path of a host loop made a SOMD method splits its range among the pool's MIs by
/// the length of its `dist` array (`device_outlined_chunks`, eighty-sixth session): on 3
/// threads each round's loops over the 100,000-element result run 3 MIs, one `cpu_call`
/// (and one placement event) each, and so do the loops reading a 100-element result at `i
/// % 100` beside a long one at `i`, which split the long one: `p`, and since the
/// eighty-eighth session `a`, given the results by `a = p;` (before, `a` held no SOMD
/// result by that analysis, and the loop beside it split the short one into one MI).
#[test]
fn cpu_outlined_loops_split_their_range() {
    let Some(binary) = built_binary("tests/run", "device_outlined_chunks") else {
        return;
    };
    let args = ["100000".to_string(), "3".to_string()];
    let cpu = Placement { device: "cpu", threads: Some("3"), strict: false };
    let outcome = run_with_env(binary, &args, cpu, &[("SOMD_TRACE", "json")]);
    assert_eq!(outcome.status, Some(0), "{}", outcome.stderr);
    let events: Vec<Value> =
        outcome.stderr.lines().filter_map(|l| serde_json::from_str(l).ok()).collect();
    let mis = |event: &str, key: &str, name: &str| -> Vec<u64> {
        let named = events.iter().filter(|e| e["event"] == event && e[key] == name);
        named.map(|e| e["mis"].as_u64().unwrap_or_default()).collect()
    };
    for k in 1..=8 {
        let name = format!("Main.main$loop{k}");
        // The placement event gives the pool's MIs (`policy::trace_placement`).
        assert_eq!(mis("placement", "name", &name), [3; 3], "{name}\n{}", outcome.stderr);
        assert_eq!(mis("cpu_call", "method", &name), [3; 3], "{name}\n{}", outcome.stderr);
    }
}

/// For program `name` of `tests/run`: the position `NAME.somd:LINE:COL` of the first
/// occurrence of a text in its source, as traces name sites (after the file's path).
fn source_position(name: &str) -> impl Fn(&str) -> String + '_ {
    move |text: &str| position_in(name, text, text)
}

/// The position `FILE:LINE:COL` of `text` in the first line of `program`'s source (under
/// `tests/run`) holding `line` (the line's own text when it is the same).
fn position_in(program: &str, line: &str, text: &str) -> String {
    let path = repo_root().join(format!("tests/run/{program}.somd"));
    let source = std::fs::read_to_string(&path).expect("the program's source");
    let (l, found) = source.lines().enumerate().find(|(_, l)| l.contains(line)).expect(line);
    let col = found.find(text).expect(text) + 1;
    format!("{program}.somd:{}:{col}", l + 1)
}

/// The placement and reason of each `placement` event of construct `label` in a
/// `SOMD_TRACE=json` run, grouped by the event's `site` (an adaptive site's source position,
/// empty for any other), sites in the order of their first event.
fn placements_by_site(stderr: &str, label: &str) -> Vec<(String, Vec<(String, String)>)> {
    let mut sites: Vec<(String, Vec<(String, String)>)> = Vec::new();
    for event in stderr.lines().filter_map(|l| serde_json::from_str::<Value>(l).ok()) {
        if event["event"] != "placement" || event["name"] != label {
            continue;
        }
        let text = |key: &str| event[key].as_str().unwrap_or_default().to_string();
        let site = text("site");
        let at = match sites.iter().position(|(s, _)| *s == site) {
            Some(at) => at,
            None => {
                sites.push((site, Vec::new()));
                sites.len() - 1
            }
        };
        sites[at].1.push((text("placement"), text("reason")));
    }
    sites
}

/// How many `cpu_call` events of a `SOMD_TRACE=json` run report a CPU run of `label` at the
/// source position `site`, each with its time.
fn cpu_calls_at(stderr: &str, label: &str, site: &str) -> usize {
    stderr
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter(|e| e["event"] == "cpu_call" && e["method"] == label && e["site"] == site)
        .filter(|e| e["time_ms"].as_f64().is_some())
        .count()
}

/// The `placement` events of a `SOMD_TRACE=json` run: (method, placement, reason).
fn placements_traced(stderr: &str) -> Vec<(String, String, String)> {
    stderr
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter(|event| event["event"] == "placement")
        .map(|event| {
            let text = |key: &str| event[key].as_str().unwrap_or_default().to_string();
            (text("name"), text("placement"), text("reason"))
        })
        .collect()
}

/// Under `SOMD_DEVICE=opencl`, segmented sums (`float`/`double` tables updated at `row[i]`)
/// run on the device when `row` is sorted: `device_segmented`'s sorted calls of `multiply`
/// and `weights` each launch one kernel, the unsorted call is traced as running on the CPU
/// (no launch), and the calls that fault (a row past the table; `x[col[i]]` past `x` in
/// `device_segmented_col`) launch, then rerun on the CPU, which raises Java's exception at
/// its position (the outputs and exceptions are checked against the Java twins).
/// SparseMatMult's `multiply` runs on the device at every call.
#[test]
fn device_segmented_sums_run_when_the_rows_are_sorted() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    if let Some((binary, expected)) = built_with_expected("tests/run", "device_segmented") {
        let (outcome, calls) = traced_calls("device_segmented", binary, &expected, *opencl);
        let launched: Vec<(&str, u64)> =
            calls.iter().map(|c| (c.name.as_str(), c.launches)).collect();
        // sorted, weights, one element, the fault; the unsorted call has no device call.
        assert_eq!(
            launched,
            [("Main.multiply", 1), ("Main.weights", 1), ("Main.multiply", 1), ("Main.multiply", 1)],
            "device calls in the trace:\n{}",
            outcome.stderr
        );
        let cpu: Vec<String> = placements_traced(&outcome.stderr)
            .into_iter()
            .filter(|(name, placement, _)| name == "Main.multiply" && placement == "cpu")
            .map(|(_, _, reason)| reason)
            .collect();
        assert_eq!(
            cpu,
            ["segment key not sorted", "device fault: the CPU raises Java's exception"],
            "{}",
            outcome.stderr
        );
    }
    if let Some((binary, expected)) = built_with_expected("tests/run", "device_segmented_col") {
        let (outcome, calls) = traced_calls("device_segmented_col", binary, &expected, *opencl);
        assert_eq!(calls.len(), 2, "{}", outcome.stderr);
    }
    if let Some(binary) = built_binary("samples", "sparsematmult") {
        let outcome = run_with_env(binary, &[], *opencl, &[("SOMD_TRACE", "json")]);
        assert_eq!(outcome.status, Some(0), "sparsematmult stderr:\n{}", outcome.stderr);
        // Each iteration's product, and the loop adding it into `y`, which runs as a SOMD
        // method of its own (`outline_loops`).
        let calls = device_calls(&outcome.stderr);
        let names: Vec<&str> = calls.iter().map(|c| c.name.as_str()).collect();
        let iteration = ["SparseMatMult.multiply", "SparseMatMult.main$loop1"];
        assert_eq!(
            names,
            iteration.repeat(10),
            "two device calls per iteration\n{}",
            outcome.stderr
        );
        assert!(calls.iter().all(|c| c.launches == 1));
    }
}

/// Under `SOMD_DEVICE=opencl`, `device_widen`'s elementwise SOMD methods and `@`s run
/// widened: `SOMD_WIDEN=W` launches `ceil(n / W)` work-items for `n` elements (the default
/// width 4; `SOMD_WIDEN=1` one per element), and every width prints what the Java twin
/// prints, so the same as one element per work-item.
#[test]
fn device_widened_kernels_match_one_element_per_work_item() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let Some((binary, expected)) = built_with_expected("tests/run", "device_widen") else {
        return;
    };
    // The program's lengths with elements (an empty array stays on the CPU).
    let lengths = [1u64, 3, 5, 103, 4003];
    let mut outputs = Vec::new();
    for (switch, width) in [(None, WIDTH), (Some("1"), 1), (Some("3"), 3), (Some("16"), 16)] {
        let mut env = vec![("SOMD_TRACE", "json")];
        if let Some(w) = switch {
            env.push(("SOMD_WIDEN", w));
        }
        let what = format!("SOMD_WIDEN={}", switch.unwrap_or("unset"));
        let outcome = run_with_env(binary, &expected.args, *opencl, &env);
        if let Some(why) = compare(&expected, &untraced(&outcome)) {
            panic!("device_widen under {what}: {why}\n{}", outcome.stderr);
        }
        let calls = device_calls(&outcome.stderr);
        let want: Vec<u64> = lengths.iter().map(|n| n.div_ceil(width)).collect();
        // `axpyF` runs twice per length (the second time to compare with the `@`).
        let twice: Vec<u64> = want.iter().flat_map(|n| [*n, *n]).collect();
        for name in ["Main.axpyF", "Main.axpyD", "Main.mixI", "Main.mixL", "Main.fF", "Main.fL"] {
            let want = if name == "Main.axpyF" { &twice } else { &want };
            let items: Vec<u64> = calls
                .iter()
                .filter(|c| c.name == name && c.launches > 0)
                .map(|c| c.work_items)
                .collect();
            assert_eq!(&items, want, "{what}: work-items of the calls of {name}");
        }
        outputs.push(outcome.stdout);
    }
    assert!(outputs.windows(2).all(|w| w[0] == w[1]));
}

/// Under `SOMD_ROW_TILES=1` (the tiles variant on any device, PoCL included), with wide
/// tiles and under `SOMD_WIDE_TILES=0`, the SOMD
/// methods of `device_row_tiles` that walk their rows in order launch their tiles variant
/// (`rowtiles.rs`) at every call and print what the Java twin prints, as under
/// `SOMD_ROW_TILES=0`, where none does; `exc_row_tiles_post` and `exc_row_tiles_inner`
/// raise their first failing row's exception from the tiles, and `exc_row_tiles_bound`,
/// whose inner bound runs past the rows, and `exc_row_tiles_second`, whose second matrix
/// is shorter than the range, their exceptions from the variant's plain path, as
/// `device_row_tiles_guarded` runs its rows there where a guarded second matrix is short.
#[test]
fn kernels_walking_rows_run_in_row_tiles() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let names = [
        "device_row_tiles",
        "device_row_tiles_guarded",
        "exc_row_tiles_post",
        "exc_row_tiles_inner",
        "exc_row_tiles_bound",
        "exc_row_tiles_second",
    ];
    for name in names {
        let Some((binary, expected)) = built_with_expected("tests/run", name) else {
            continue; // a filter left it out
        };
        // Tiles of the columns the device's local memory holds (on PoCL, 64 `double`s),
        // of those every device holds (`SOMD_WIDE_TILES=0`: 32), and none.
        for (tiles, wide) in [("1", "1"), ("1", "0"), ("0", "1")] {
            let env =
                [("SOMD_TRACE", "json"), ("SOMD_ROW_TILES", tiles), ("SOMD_WIDE_TILES", wide)];
            let outcome = run_with_env(binary, &expected.args, *opencl, &env);
            if let Some(why) = compare(&expected, &untraced(&outcome)) {
                panic!(
                    "{name} under SOMD_ROW_TILES={tiles} SOMD_WIDE_TILES={wide}: {why}\n{}",
                    outcome.stderr
                );
            }
            let launched: Vec<String> = outcome
                .stderr
                .lines()
                .filter_map(|line| serde_json::from_str::<Value>(line).ok())
                .filter(|event| event["event"] == "launch")
                .filter_map(|event| event["name"].as_str().map(String::from))
                .collect();
            let tiled = launched.iter().filter(|n| n.ends_with("_tiles")).count();
            let want = match (name, tiles) {
                (_, "0") => 0,
                // 35 shapes, three methods each.
                ("device_row_tiles", _) => 105,
                // Twelve shapes, two methods each (with a short `h` the variant runs its
                // rows as written).
                ("device_row_tiles_guarded", _) => 24,
                ("exc_row_tiles_post" | "exc_row_tiles_inner" | "exc_row_tiles_second", _) => 1,
                // Two calls: the second runs the variant's plain path (its test fails).
                _ => 2,
            };
            assert_eq!(tiled, want, "{name} under SOMD_ROW_TILES={tiles}: {launched:?}");
        }
    }
}

/// Under `SOMD_DEVICE=opencl`, histogram SOMD methods over more iterations than one launch
/// has work-items loop grid-stride: `device_vector_structs` (300,000 points, a `long` and an
/// `int` table, the points from `@` maps over 8- and 16-byte value classes) and
/// `exc_bounds_histogram_strided` (a bad table index at one point late in the input, raised
/// at its source position from the device's error buffer, not by a CPU rerun) and
/// `exc_bounds_histogram_grouped` (the same, in the second of three updates whose indices
/// the kernel checks together) launch each
/// histogram once with fewer work-items than iterations, a whole number of work-groups, and
/// match their Java twins.
#[test]
fn device_histograms_loop_over_more_iterations_than_work_items() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    for (name, kernels) in [
        ("device_vector_structs", &["Main_clusterSums", "Main_mix"][..]),
        ("exc_bounds_histogram_strided", &["Main_clusterSums", "Main_clusterSums"][..]),
        ("exc_bounds_histogram_grouped", &["Main_clusterSums", "Main_clusterSums"][..]),
    ] {
        let Some((binary, expected)) = built_with_expected("tests/run", name) else { continue };
        let (outcome, _) = traced_calls(name, binary, &expected, *opencl);
        let n: u64 = expected.args[0].parse().expect("the point count");
        let events: Vec<Value> =
            outcome.stderr.lines().filter_map(|l| serde_json::from_str(l).ok()).collect();
        let launches: Vec<(String, u64, u64)> = events
            .iter()
            .filter(|e| e["event"] == "launch")
            .filter(|e| e["name"].as_str().is_some_and(|k| kernels.contains(&k)))
            .map(|e| {
                let number = |key: &str| e[key].as_u64().unwrap_or(0);
                (
                    e["name"].as_str().unwrap_or("").to_string(),
                    number("work_items"),
                    number("local"),
                )
            })
            .collect();
        let names: Vec<&str> = launches.iter().map(|(k, _, _)| k.as_str()).collect();
        assert_eq!(names, kernels, "{name}: histogram launches\n{}", outcome.stderr);
        for (kernel, work_items, local) in &launches {
            assert!(*local > 0 && work_items % local == 0, "{name}: {kernel} in whole groups");
            assert!(*work_items < n, "{name}: {kernel} ran {work_items} work-items for {n} points");
        }
        let cpu = placements_traced(&outcome.stderr)
            .into_iter()
            .filter(|(_, placement, _)| placement == "cpu")
            .count();
        assert_eq!(cpu, 0, "{name}: every call on the device\n{}", outcome.stderr);
    }
}

/// Under `SOMD_DEVICE=opencl`, a segmented sum launches one work-item per run of equal rows
/// (the run heads the host lists with its order check), and with `SOMD_SEGMENT_RUNS=0` one
/// per iteration, on the same binary: `device_segmented_runs` (empty rows, a 6000-nonzero
/// row, rows longer than a work-group, three calls of a keeping loop, a failing `x[col[i]]`
/// in the middle of a run) matches its Java twin both ways. The later calls of the loop find
/// the run count (`fact` events with `runs`; none without runs), and each launch covers the
/// runs (or the iterations) rounded up to its work-group. The faulting call launches, then
/// reruns on the CPU, which raises Java's first exception.
#[test]
fn device_segmented_sums_run_one_work_item_per_run() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let Some((binary, expected)) = built_with_expected("tests/run", "device_segmented_runs") else {
        return;
    };
    for by_runs in [true, false] {
        let switch = if by_runs { "1" } else { "0" };
        let env = [("SOMD_TRACE", "json"), ("SOMD_SEGMENT_RUNS", switch)];
        let outcome = run_with_env(binary, &expected.args, *opencl, &env);
        let what = format!("SOMD_SEGMENT_RUNS={switch}");
        if let Some(why) = compare(&expected, &untraced(&outcome)) {
            panic!("device_segmented_runs under {what}: {why}\n{}", outcome.stderr);
        }
        let events: Vec<Value> =
            outcome.stderr.lines().filter_map(|l| serde_json::from_str(l).ok()).collect();
        let facts: Vec<&Value> =
            events.iter().filter(|e| e["event"] == "fact" && e["fact"] == "sorted").collect();
        assert_eq!(facts.len(), 2, "{what}: the order known at calls 2 and 3\n{}", outcome.stderr);
        let n = facts[0]["n"].as_u64().expect("n");
        let runs = facts[0]["runs"].as_u64();
        if by_runs {
            let runs = runs.expect("the run count is known with the order");
            assert!(runs > 0 && runs * 4 < n, "{what}: {runs} runs of {n} iterations");
        } else {
            assert_eq!(runs, None, "{what}: no run list");
        }
        let launches: Vec<(u64, u64)> = events
            .iter()
            .filter(|e| e["event"] == "launch" && e["name"] == "Main_multiply")
            .map(|e| (e["work_items"].as_u64().unwrap_or(0), e["local"].as_u64().unwrap_or(0)))
            .collect();
        // Three calls of the loop, then the faulting call (the loop adding each result into
        // `y` launches a kernel of its own: `outline_loops`).
        assert_eq!(launches.len(), 4, "{what}\n{}", outcome.stderr);
        let items = if by_runs { runs.unwrap_or(0) } else { n };
        for (work_items, local) in &launches[..3] {
            assert!(*local > 0, "{what}");
            assert_eq!(*work_items, items.div_ceil(*local) * local, "{what}: one per run");
        }
        let cpu: Vec<String> = placements_traced(&outcome.stderr)
            .into_iter()
            .filter(|(_, placement, _)| placement == "cpu")
            .map(|(_, _, reason)| reason)
            .collect();
        assert_eq!(cpu, ["device fault: the CPU raises Java's exception"], "{what}");
    }
}

/// The device switches that keep an earlier kernel form for measuring produce the same
/// results on the same binaries: `long` histogram tables as adjacent word pairs
/// (`SOMD_HIST_LAYOUT=pairs`) and per-group tables folded by the host
/// (`SOMD_HIST_MERGE=0`) for the histogram programs, and
/// the tiled `@` loops' barrier after the last tile (`SOMD_TILE_LAST_BARRIER=1`) for the
/// samples whose maps are tiled, and a broadcast array of one tile copied into local memory
/// too (`SOMD_TILE_SMALL=1`: by default each work-item reads it from global memory) for
/// K-Means and `map_tiled` (arrays below, at and above one tile), and plain 1-D launches in
/// groups of 32 work-items (`SOMD_GROUP`; what `spread_local` picks on a GPU for launches of
/// few work-items) or 16 (a stress size), the trace showing such a launch, for tiled maps, fused, coarsened and intermediate reductions,
/// widened kernels and `sync` bodies. Every run is strict: a fallback to the CPU fails it.
#[test]
fn device_switches_keep_the_results() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let cases = [
        ("tests/run", "device_histogram_long", ("SOMD_HIST_LAYOUT", "pairs")),
        ("tests/run", "device_histogram", ("SOMD_HIST_LAYOUT", "pairs")),
        // Per-group slices folded by the host instead of the merge on the device.
        ("tests/run", "device_histogram_long", ("SOMD_HIST_MERGE", "0")),
        ("tests/run", "device_histogram", ("SOMD_HIST_MERGE", "0")),
        ("tests/run", "device_hist_extrema", ("SOMD_HIST_MERGE", "0")),
        ("samples", "kmeans", ("SOMD_TILE_LAST_BARRIER", "1")),
        ("samples", "nbody", ("SOMD_TILE_LAST_BARRIER", "1")),
        ("samples", "kmeans", ("SOMD_TILE_SMALL", "1")),
        ("tests/run", "map_tiled", ("SOMD_TILE_SMALL", "1")),
        // Plain 1-D launches in small groups (32: what `spread_local` gives few work-items on
        // a GPU; 16: below any warp, a stress size): tiles, fused and coarsened reductions,
        // sync bodies, widened kernels.
        ("samples", "mriq", ("SOMD_GROUP", "32")),
        ("samples", "nbody", ("SOMD_GROUP", "32")),
        ("tests/run", "map_tiled", ("SOMD_GROUP", "16")),
        ("tests/run", "device_fused_reductions", ("SOMD_GROUP", "32")),
        ("tests/run", "device_coarsen", ("SOMD_GROUP", "16")),
        ("tests/run", "device_intermediate", ("SOMD_GROUP", "32")),
        ("tests/run", "device_widen", ("SOMD_GROUP", "32")),
        ("tests/run", "device_step", ("SOMD_GROUP", "16")),
    ];
    for (suite, name, switch) in cases {
        let Some((binary, expected)) = built_with_expected(suite, name) else { continue };
        let group = (switch.0 == "SOMD_GROUP").then_some(switch.1);
        // Under `SOMD_GROUP` the trace shows the forced size in some launch.
        let env: Vec<(&str, &str)> =
            std::iter::once(switch).chain(group.map(|_| ("SOMD_TRACE", "json"))).collect();
        let outcome = run_with_env(binary, &expected.args, *opencl, &env);
        if let Some(why) = compare(&expected, &untraced(&outcome)) {
            panic!("{name} under {env:?}: {why}\n{}", outcome.stderr);
        }
        if let Some(n) = group {
            let launched_in = |line: &str| {
                serde_json::from_str::<Value>(line).is_ok_and(|e| {
                    e["event"] == "launch"
                        && e["local"].as_u64().map(|l| l.to_string()) == Some(n.into())
                })
            };
            assert!(
                outcome.stderr.lines().any(launched_in),
                "{name}: no launch in groups of {n}:\n{}",
                outcome.stderr
            );
        }
    }
}

/// Under `SOMD_DEVICE=opencl`, `device_vstore`'s SOMD methods, whose contiguous stores the
/// OpenCL writer makes vector stores, each run as one device launch, the last call too: its
/// array ends 5 bytes into a block, so the block's stores fall back to one by one and fail
/// at the first lane past the end (`out[i + 5]`, line 35), as Java does.
#[test]
fn device_vector_stores_fail_at_the_first_lane_past_the_end() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let Some((binary, expected)) = built_with_expected("tests/run", "device_vstore") else {
        return; // a filter left device_vstore out
    };
    let (outcome, calls) = traced_calls("device_vstore", binary, &expected, *opencl);
    let launched: Vec<(&str, u64)> = calls.iter().map(|c| (c.name.as_str(), c.launches)).collect();
    assert_eq!(
        launched,
        [("Main.spread", 1), ("Main.quads", 1), ("Main.halves", 1), ("Main.spread", 1)],
        "device calls in the trace:\n{}",
        outcome.stderr
    );
}

/// Under `SOMD_DEVICE=opencl`, multi-kernel `sync` bodies run as one device call each:
/// every input crosses to the device once and every result back once for the whole call
/// (no transfer per launch or per iteration), and the call launches one kernel per parallel
/// loop each time the host loops reach it: iterations x kernels per iteration (+ the final
/// reduction or setup kernel). A copy-back loop (`g[i][j] = next[i][j]`) is an exchange of
/// buffers when the arrays have one shape: no launch, and `next` is never uploaded.
#[test]
fn device_sync_loops_keep_buffers_resident() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    // Per device call: name, launches, inputs up (buffer, bytes), results down (buffer;
    // `somd_partials` are a few per-group partials, smaller than any input).
    type Call<'a> = (&'a str, u64, &'a [(&'a str, u64)], &'a [&'a str]);
    let cases: [(&str, &str, &[Call]); 4] = [
        (
            "tests/run",
            "sync_value_class",
            // blend(a, b, w, 5): 2 kernels x 5 steps; the value class `w` is a kernel
            // argument, not a buffer; `b`, written before each read, is not uploaded.
            &[("Main.blend", 2 * 5, &[("a", 32_008)], &["a"])],
        ),
        (
            "tests/run",
            "sync_device",
            &[
                // smooth(a, b, 6): the `sync` before the loop, then 3 kernels x 6 steps.
                ("Main.smooth", 1 + 3 * 6, &[("a", 200), ("b", 200)], &["hist"]),
                // relax(g, h, 3, 4): 2 kernels x 3 x 4 steps, then the reduction.
                ("Main.relax", 2 * 3 * 4 + 1, &[("g", 8400), ("h", 8400)], &["somd_partials"]),
                // The second call finds both kept by the statements (each call writes
                // copies made on the device: parameters are by value).
                ("Main.relax", 2 + 1, &[], &["somd_partials"]),
                // y = decay(x, 0.75, 9) returns `x`'s updated copy, which stays on the device
                // for `y` (a SOMD result read at single elements: `LazyArr`); the second
                // call's result, indexed where it is made, comes back once; `x` is kept.
                ("Main.decay", 9, &[("x", 320)], &[]),
                ("Main.decay", 0, &[], &["x"]),
                // carried(c, .., 7): 2 kernels x 7 steps, then the reduction; `b`, written
                // before each read, is not uploaded.
                ("Main.carried", 2 * 7 + 1, &[("a", 800)], &["somd_partials"]),
            ],
        ),
        (
            "samples",
            "sor",
            // 100 iterations of one kernel, the copy-back being an exchange of `g`'s and
            // `next`'s buffers, then the reduction; 100 x 100 doubles, `next` never
            // uploaded (its buffer starts as a device copy of `g`).
            &[("SOR.sor", 100 + 1, &[("g", 80_000)], &["somd_partials"])],
        ),
        (
            "tests/run",
            "device_swap",
            &[
                // jacobi(g, next, 7 | 8 | 0 | 1): one kernel per iteration + the reduction;
                // 40 x 37 longs, `next` not uploaded. The statements keep `g` on the device
                // (each call writes a copy made there: parameters are by value), so it goes
                // up once for the five calls.
                ("Main.jacobi", 7 + 1, &[("g", 11_840)], &["somd_partials"]),
                ("Main.jacobi", 8 + 1, &[], &["somd_partials"]),
                ("Main.jacobi", 1, &[], &["somd_partials"]),
                ("Main.jacobi", 1 + 1, &[], &["somd_partials"]),
                // A 42 x 37 `next`: the copy-back kernel runs, `next` goes up.
                ("Main.jacobi", 2 * 5 + 1, &[("next", 12_432)], &["somd_partials"]),
                // smooth returns `g`, wherever the exchanges left it: `odd`, read in a loop
                // too, takes it down at the call; `even` holds it as a SOMD result left on
                // the device (read at four elements, so the 512-byte array comes down whole
                // at its first read, after the call). `g` goes up once for both.
                ("Main.smooth", 5, &[("g", 512)], &["g"]),
                ("Main.smooth", 6, &[], &[]),
                // observed reads `next` after the copy: 3 kernels x 4 steps + the reduction.
                ("Main.observed", 3 * 4 + 1, &[("g", 400), ("next", 400)], &["somd_partials"]),
            ],
        ),
    ];
    for (suite, name, wanted) in cases {
        let Some((binary, expected)) = built_with_expected(suite, name) else { continue };
        let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
        let names: Vec<&str> = calls.iter().map(|c| c.name.as_str()).collect();
        let wanted_names: Vec<&str> = wanted.iter().map(|w| w.0).collect();
        assert_eq!(names, wanted_names, "{name}: device calls in\n{}", outcome.stderr);
        for (call, (label, launches, up, down)) in calls.iter().zip(wanted.iter()) {
            assert_eq!(call.launches, *launches, "{name}: launches of {label}");
            let h2d: Vec<(&str, u64)> = call.h2d.iter().map(|(b, n)| (b.as_str(), *n)).collect();
            assert_eq!(h2d, up.to_vec(), "{name}: {label} uploads");
            let d2h: Vec<&str> = call.d2h.iter().map(|(b, _)| b.as_str()).collect();
            assert_eq!(d2h, down.to_vec(), "{name}: {label} downloads");
            // The first input, uploaded or found on the device.
            let input = call.h2d.first().or(call.resident.first()).map_or(0, |(_, n)| *n);
            for (buffer, bytes) in &call.d2h {
                if buffer == "somd_partials" {
                    assert!(*bytes < input, "{name}: {label} partials of {bytes} bytes");
                }
            }
        }
    }
}

/// Under `SOMD_DEVICE=opencl`, bodies with `sync reduce`, statements the host runs and
/// kernels reading their results run as one device call each: every input crosses to the
/// device once, each `sync reduce` launch brings down only its few per-group partials (the
/// host folds them into its scalar and passes it to later kernels as an argument), and the
/// result comes back once.
#[test]
fn device_sync_reduce_folds_partials_on_the_host() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    // Per method: launches per call, inputs up (in order), downloads (in order).
    type Call<'a> = HostProgramCall<'a>;
    const P: &str = "somd_partials";
    let cases: [(&str, &str, &[Call]); 3] = [
        // `unit = normalize(a)` stays on the device for `sumOfSquares(unit)` and the two
        // element reads (a SOMD result left there).
        ("samples", "normalize", &[("Normalize.normalize", 2, &["a"], &[P])]),
        (
            "tests/run",
            "shared_sync",
            // `spread(a)` finds `a` where `center(a)` left it (the statements between them
            // never write it: note device-execution, "Straight-line statements").
            &[("Main.center", 2, &["a"], &[P, "out"]), ("Main.spread", 2, &[], &[P, P])],
        ),
        (
            "tests/run",
            "sync_reduce_device",
            &[
                // Six `sync reduce` blocks.
                ("Main.stats", 6, &["a", "w"], &[P, P, P, P, P, P]),
                // Two reductions (the third is the host's `count = a.length`), two loops.
                ("Main.centred", 4, &["a"], &[P, P, "out"]),
                // 6 rounds of a `sync reduce` and two `sync` loops; `a` is the result, found
                // where `centred(l)` left it (the call writes a copy made on the device);
                // `b`, written before each read, is not uploaded.
                ("Main.rounds", 18, &["~a"], &[P, P, P, P, P, P, "a"]),
            ],
        ),
    ];
    check_host_program_calls(*opencl, &cases);
}

/// Intermediate reduction calls inside SOMD bodies (`Math.sqrt(sumSq(a))`) run as reduction
/// kernels of the body's host program: each input array goes up once per call however many
/// kernels read it, each call's partials come down at once (a few bytes), and only what the
/// method returns comes down at the end. Launch counts: one per intermediate reduction the
/// host makes plus one per parallel loop.
#[test]
fn device_intermediate_reductions_are_kernels_of_the_call() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    // Per method: launches per call, inputs up (in order), downloads (in order).
    type Call<'a> = HostProgramCall<'a>;
    const P: &str = "somd_partials";
    let cases: [(&str, &str, &[Call]); 3] = [
        // `sumProd(a)`, then the loop dividing by the norm; `a` is the result.
        ("samples", "norm", &[("Norm.normalize", 2, &["a"], &[P, "a"])]),
        (
            "tests/run",
            "intermediate_reduce",
            &[
                ("Main.normalize", 3, &["a"], &[P, P, "out"]),
                // Three rounds of one call; no loop of its own. It finds `a` where
                // `normalize(a)` left it (the statements keep it).
                ("Main.twoRounds", 3, &[], &[P, P, P]),
            ],
        ),
        (
            "tests/run",
            "device_intermediate",
            &[
                ("Main.unit", 2, &["a"], &[P, "out"]),
                // `largest(a) - smallest(a)`, `smallest(a)`, the loop.
                ("Main.spread", 4, &["a"], &[P, P, P, "out"]),
                // `product(a)`, then the loop whose accumulator is returned.
                ("Main.mix", 2, &["a"], &[P, P]),
                // `above(k, 10)` finds `k` where `spread(k)` left it (the statements keep it).
                ("Main.above", 2, &[], &[P, "out"]),
                // Four rounds of a call and a `sync` loop; `a` is the result. It finds `d`
                // where `unit(d)` left it and writes a copy made on the device (the
                // parameter is by value).
                ("Main.renorm", 8, &["~a"], &[P, P, P, P, "a"]),
            ],
        ),
    ];
    check_host_program_calls(*opencl, &cases);
}

/// A device call of a host program expected in a `SOMD_TRACE=json` run: method, launches per
/// call, buffers up (in order; `~a` for `a` found on the device, a `resident` event, instead
/// of uploaded), buffers down (in order). Several entries for one method apply to its calls
/// in order, the last one to every call after them.
type HostProgramCall<'a> = (&'a str, u64, &'a [&'a str], &'a [&'a str]);

/// Runs each `(suite, program, calls)` under `opencl` and checks every call of each named
/// method against its expected launches and transfers; partials (`somd_partials`) that come
/// down must be no larger than the call's inputs (a few bytes per work-group).
fn check_host_program_calls(opencl: Placement, cases: &[(&str, &str, &[HostProgramCall])]) {
    const P: &str = "somd_partials";
    for (suite, name, wanted) in cases.iter().copied() {
        let Some((binary, expected)) = built_with_expected(suite, name) else { continue };
        let (outcome, calls) = traced_calls(name, binary, &expected, opencl);
        let mut labels: Vec<&str> = Vec::new();
        for (label, ..) in wanted {
            if !labels.contains(label) {
                labels.push(label);
            }
        }
        for label in labels {
            let entries: Vec<&HostProgramCall> = wanted.iter().filter(|w| w.0 == label).collect();
            let mine: Vec<&CallTrace> = calls.iter().filter(|c| c.name == label).collect();
            assert!(
                mine.len() >= entries.len(),
                "{name}: {} device calls of {label}, {} expected at least in\n{}",
                mine.len(),
                entries.len(),
                outcome.stderr
            );
            for (index, call) in mine.into_iter().enumerate() {
                let (_, launches, up, down) = entries[index.min(entries.len() - 1)];
                let call_label = format!("{label} (call {})", index + 1);
                assert_eq!(call.launches, *launches, "{name}: launches of {call_label}");
                let uploads: Vec<&str> =
                    up.iter().filter(|b| !b.starts_with('~')).copied().collect();
                let found: Vec<&str> = up.iter().filter_map(|b| b.strip_prefix('~')).collect();
                let h2d: Vec<&str> = call.h2d.iter().map(|(b, _)| b.as_str()).collect();
                assert_eq!(h2d, uploads, "{name}: {call_label} uploads");
                let resident: Vec<&str> = call.resident.iter().map(|(b, _)| b.as_str()).collect();
                for buffer in found {
                    assert!(resident.contains(&buffer), "{name}: {call_label} finds {buffer}");
                }
                let d2h: Vec<&str> = call.d2h.iter().map(|(b, _)| b.as_str()).collect();
                assert_eq!(d2h, down.to_vec(), "{name}: {call_label} downloads");
                // Inputs uploaded or found on the device.
                let input: u64 = call.h2d.iter().chain(&call.resident).map(|(_, n)| n).sum();
                for (buffer, bytes) in &call.d2h {
                    if buffer == P {
                        assert!(
                            *bytes <= input.max(8),
                            "{name}: {call_label} partials of {bytes} bytes"
                        );
                    }
                }
            }
        }
    }
}

/// A value array never changes, so its device copy serves every later device call that
/// passes it: under `SOMD_TRACE=json`, a value array made by `@` stays on the device for
/// the calls after it (the host reads it after them, `analysis::lazy`) and never goes up,
/// and a host-made one goes up once however many calls read it.
#[test]
fn device_value_arrays_stay_resident_across_calls() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    // Per device call: name, inputs up, inputs found on the device, results down.
    type Call<'a> = (&'a str, &'a [&'a str], &'a [&'a str], &'a [&'a str]);
    // Buffers are named after the kernel's parameters (`arg0` is the first mapped
    // argument) and `somd_out`, the `@` result.
    let map = |name| (name, &[][..], &["arg0"][..], &[][..]);
    let sum = |name| (name, &[][..], &["arg0"][..], &["somd_partials"][..]);
    let cases: [(&str, &str, Vec<Call>); 3] = [
        (
            "tests/run",
            "device_resident",
            vec![
                // `xs` goes up once; `ys` stays on the device (the host reads it after the
                // calls that use it, `analysis::lazy`).
                ("Main.twice", &["arg0"], &[], &[]),
                sum("Main.weigh"),
                sum("Main.weigh"),
                sum("Main.weigh"),
                // `pairs` (value-class elements) stays on the device; the `!` of `low` right
                // after it is fused into its kernel (one partial array), `high` takes
                // another argument and reads `pairs` from the device.
                ("Main.split", &[], &["arg0"], &["somd_partials0"]),
                sum("Main.high"),
                // `xs` is still on the device from the first call.
                map("Main.shifted"),
                map("Main.shifted"),
                map("Main.shifted"),
                map("Main.shifted"),
            ],
        ),
        (
            "samples",
            "blackscholes",
            vec![
                // The three statements `prices = @ price`, `calls = + ! (@ callOf(prices))`
                // and `puts = + ! (@ putOf(prices))` are one kernel (note device-execution,
                // "Fused statements"): the stocks go up once, one partial array per `!`
                // comes down, and the prices stay on the device (the host reads one).
                ("BlackScholes.price", &["arg0"], &[], &["somd_partials0", "somd_partials1"]),
                // The `@` mapped a frozen copy of `stocks` made in the statements that keep
                // it (`analysis::keep`, "Straight-line statements"): the SOMD call finds
                // that copy's buffer.
                ("BlackScholes.totalCalls", &[], &["stocks"], &["somd_partials"]),
            ],
        ),
        (
            "samples",
            "saxpy",
            vec![
                ("Saxpy.saxpy", &["x", "y"], &[], &["result"]),
                // Frozen at their last use, `x` and `y` become the value arrays (their
                // storage, no copy), whose uploads the SOMD call made.
                ("Saxpy.axpy", &[], &["arg1", "arg2"], &["somd_out"]),
            ],
        ),
    ];
    for (suite, name, wanted) in cases {
        let Some((binary, expected)) = built_with_expected(suite, name) else { continue };
        let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
        let names: Vec<&str> = calls.iter().map(|c| c.name.as_str()).collect();
        let wanted_names: Vec<&str> = wanted.iter().map(|w| w.0).collect();
        assert_eq!(names, wanted_names, "{name}: device calls in\n{}", outcome.stderr);
        let list = |v: &[(String, u64)]| v.iter().map(|(b, _)| b.clone()).collect::<Vec<_>>();
        let seen: Vec<String> = calls
            .iter()
            .map(|c| {
                let (up, kept, down) = (list(&c.h2d), list(&c.resident), list(&c.d2h));
                format!("{}: up {up:?}, resident {kept:?}, down {down:?}", c.name)
            })
            .collect();
        let seen = seen.join("\n");
        for (k, (call, (label, up, resident, down))) in calls.iter().zip(wanted.iter()).enumerate()
        {
            let what = format!("{name}: call {k} ({label}); the calls were\n{seen}");
            assert_eq!(list(&call.h2d), up.to_vec(), "uploads of {what}");
            assert_eq!(list(&call.resident), resident.to_vec(), "resident inputs of {what}");
            assert_eq!(list(&call.d2h), down.to_vec(), "downloads of {what}");
            assert_eq!(call.launches, 1, "launches of {what}");
        }
    }
}

/// Per traced call, in order: `"NAME: N launch, up [BUFFER BYTES, ...]"`.
fn launches_and_uploads(calls: &[CallTrace]) -> Vec<String> {
    calls
        .iter()
        .map(|c| {
            let up: Vec<String> = c.h2d.iter().map(|(b, n)| format!("{b} {n}")).collect();
            format!("{}: {} launch, up [{}]", c.name, c.launches, up.join(", "))
        })
        .collect()
}

/// `Somd.range(n)` as a mapped `@` argument crosses as no buffer: the kernel reads the
/// work-item's index (`tests/run/device_range_index.somd`, note device-execution,
/// "Ranges read as the index"), alone, beside a mapped array and a broadcast table, fused
/// with the `!` that consumes its `@`, in fused `!` statements and computed inline by the
/// `@` that consumes it; and as the array of a `!`, by an operator (the runtime's reduction)
/// or a method (its fold kernel). Under `SOMD_TRACE=json`, per call in order: its name,
/// launches, work-items and the bytes of every input it uploaded.
#[test]
fn device_ranges_cross_as_the_index() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_range_index";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (_, calls) = traced_calls(name, binary, &expected, *opencl);
    let seen = launches_and_uploads(&calls);
    let n = 30_000;
    let wanted = [
        "Main.square: 1 launch, up []".to_string(),
        // The table (37 `int`s below 256, stored as `uchar`s) goes up; the range does not,
        // nor `m`, which the `!` finds on the device.
        "Main.masked: 1 launch, up [arg1 37]".to_string(),
        "+ ! in Main.main: 1 launch, up []".to_string(),
        format!("Main.weight: 1 launch, up [arg1 {}]", n * 4),
        // `wave` and the two `!`s of `half` are one kernel.
        "Main.wave: 1 launch, up []".to_string(),
        // `square` computed inline by `plus`, whose `xs` the fused `weight` left there.
        "Main.plus: 1 launch, up []".to_string(),
        // Empty ranges: no launch.
        "Main.square: 0 launch, up []".to_string(),
        "Main.square: 0 launch, up []".to_string(),
        // `!` of ranges: the runtime's reduction and the method folds read the indices.
        "+ ! in Main.main: 1 launch, up []".to_string(),
        "max ! in Main.main: 1 launch, up []".to_string(),
        "min ! in Main.main: 1 launch, up []".to_string(),
        "^ ! in Main.main: 1 launch, up []".to_string(),
        "+ ! in Main.main: 0 launch, up []".to_string(),
        "Main.last: 1 launch, up []".to_string(),
        "Main.plus: 1 launch, up []".to_string(),
    ];
    assert_eq!(seen, wanted);
}

/// A second name of an array that nothing reassigns is the first name (`alias_names`,
/// `tests/run/device_alias_names.somd`): a SOMD result read through `y = v` and `z = y`
/// stays on the device (its three `total`s upload nothing and `scale` downloads nothing),
/// as does a `@` result reduced through a second name.
#[test]
fn second_names_of_device_results_stay_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_alias_names";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (_, calls) = traced_calls(name, binary, &expected, *opencl);
    let moved = |c: &CallTrace| format!("{}: up {}, down {}", c.name, c.bytes_h2d, c.bytes_d2h);
    let first: Vec<String> = calls.iter().take(4).map(moved).collect();
    // `a` (30,000 `int`s) goes up; the partials of `total` (a `long` per work-group) come
    // down.
    let partials = calls.get(1).map_or(0, |c| c.bytes_d2h);
    assert!(partials < 4096, "{first:?}");
    let wanted = [
        "Main.scale: up 120000, down 0".to_string(),
        format!("Main.total: up 0, down {partials}"),
        format!("Main.total: up 0, down {partials}"),
        format!("Main.total: up 0, down {partials}"),
    ];
    assert_eq!(first, wanted);
    let folds: Vec<&CallTrace> =
        calls.iter().filter(|c| c.name.ends_with("! in Main.main")).collect();
    assert_eq!(folds.len(), 2);
    assert!(
        folds.iter().all(|c| c.bytes_h2d == 0),
        "{:?}",
        folds.iter().map(|c| moved(c)).collect::<Vec<_>>()
    );
}

/// Element stores into SOMD results left on the device write the device copy
/// (`LazyArr::set`, `tests/run/device_result_stores.somd`): the heat rod whose boundary
/// cells the host sets between steps moves its two arrays up once and nothing after, a
/// result stored to after its host copy came down is still found on the device, and a loop
/// of stores writes the device copy only for its first 16.
#[test]
fn stores_into_device_results_stay_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_result_stores";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let moved = |c: &CallTrace| format!("{}: up {}, down {}", c.name, c.bytes_h2d, c.bytes_d2h);
    let heat: Vec<String> = calls.iter().filter(|c| c.name == "Main.heat").map(moved).collect();
    let n = 40_000;
    let mut wanted = vec![format!("Main.heat: up {}, down 0", 2 * 8 * n)];
    wanted.extend((1..30).map(|_| "Main.heat: up 0, down 0".to_string()));
    assert_eq!(heat, wanted);
    // `r`'s first read brings it down whole (160,000 bytes), its stores write both copies.
    let total = calls.iter().find(|c| c.name == "Main.total").map(moved);
    assert!(total.as_ref().is_some_and(|t| t.starts_with("Main.total: up 0,")), "{total:?}");
    // The element writes: the rod's 2 a step for 30 steps, `r`'s, `b`'s and `o`'s 2 each,
    // `s`'s first (its second comes after the freeze shares the device copy), and the first
    // 16 of `z`'s 5,715 (`runtime::device::lazy::DEVICE_STORES`).
    let writes = outcome.stderr.lines().filter(|l| l.contains("\"buffer\":\"somd_store\"")).count();
    assert_eq!(writes, 30 * 2 + 3 * 2 + 1 + 16);
}

/// `@`s, `!`s and folds evaluated in method instances running on the CPU run on their
/// threads (`tests/run/device_nested_in_mis.somd`): before, each evaluation was a device call
/// of its own (4,000 launches of a few elements for 2,000 elements on PoCL, 2.1 s against a
/// few ms), and so was the `!` in each application a CPU `@` made on the calling thread.
/// Under `SOMD_DEVICE=opencl` the program's device calls are `main`'s own `@ fsum` (its
/// range folds run in the kernel) and `+ !`, and the `+ ! (Main @ tri(..))` in an argument
/// of the CPU `@ fsumw`, which is evaluated before the applications (it ran on the CPU when
/// the CPU run's guard covered it too).
#[test]
fn constructs_inside_cpu_instances_stay_on_their_threads() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_nested_in_mis";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (_, calls) = traced_calls(name, binary, &expected, *opencl);
    let names: Vec<&str> = calls.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["Main.fsum", "+ ! in Main.main", "Main.tri"]);
}

/// A graph whose tasks observe each other's effects runs in Java's order, its device filter
/// through its CPU worker (`tests/run/task_effects_order.somd`: the first graph's sink reads
/// the static the source writes, and two of its tasks print); the trace says why, at the
/// filter's `task` expression, where it showed a CPU run without a placement. The second
/// graph keeps its pipeline and places its filter on the device, traced at its own `task`
/// expression.
#[test]
fn filters_of_graphs_in_java_order_say_why_they_run_on_the_cpu() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "task_effects_order";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, _) = traced_calls(name, binary, &expected, *opencl);
    let placements: Vec<String> = outcome
        .stderr
        .lines()
        .filter(|l| l.contains("\"event\":\"placement\"") && l.contains("\"name\":\"Main.square\""))
        .map(|l| {
            let field = |key: &str| {
                let v: serde_json::Value = serde_json::from_str(l).expect("a JSON trace line");
                v[key].as_str().unwrap_or("-").to_string()
            };
            format!("{} {} {}", field("placement"), field("reason"), field("site"))
        })
        .collect();
    // Each names its `task Main.square` expression: the first graph's, then the second's.
    let source = std::fs::read_to_string(repo_root().join("tests/run/task_effects_order.somd"))
        .expect("read task_effects_order.somd");
    let sites: Vec<String> = source
        .lines()
        .enumerate()
        .filter_map(|(n, line)| {
            let col = line.find("task Main.square")? + 1;
            Some(format!("task_effects_order.somd:{}:{col}", n + 1))
        })
        .collect();
    assert_eq!(sites.len(), 2, "two graphs filter through Main.square");
    let (first, rest) = placements.split_first().expect("placements of Main.square");
    assert_eq!(first, &format!("cpu graph in Java's order (shared effects) {}", sites[0]));
    let device = format!("opencl SOMD_DEVICE {}", sites[1]);
    assert!(!rest.is_empty() && rest.iter().all(|p| *p == device), "{rest:?}");
}

/// A method fold `C.m ! a` on the device combines the chunks of each work-group in its
/// kernel, in order, and brings down one partial per work-group
/// (`tests/run/device_vfold.somd`: 20,011 value objects of 32 and 8 bytes in 4,003 chunks of
/// five): before, each of the 4,003 chunks' partials came down (128 KB for `Acc`), and an
/// array of 4,096 elements or fewer was not reduced at all on the device (one element a
/// work-item). The one-element fold brings down that element.
#[test]
fn method_folds_bring_down_a_partial_per_work_group() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_vfold";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (_, calls) = traced_calls(name, binary, &expected, *opencl);
    let folds: Vec<(&str, u64)> = calls
        .iter()
        .filter(|c| c.name == "Main.merge" || c.name == "Main.span")
        .map(|c| (c.name.as_str(), c.bytes_d2h))
        .collect();
    let names: Vec<&str> = folds.iter().map(|f| f.0).collect();
    assert_eq!(names, ["Main.merge", "Main.span", "Main.merge", "Main.merge", "Main.span"]);
    for (k, &(name, down)) in folds.iter().enumerate() {
        let size = if name == "Main.merge" { 32 } else { 8 };
        // The one-element array; else work-groups of at least 16 work-items (PoCL's and
        // NVIDIA's hold 64 or more).
        let most = if k == 4 { size } else { 4003u64.div_ceil(16) * size };
        assert!(down >= size && down <= most, "{folds:?}");
    }
}

/// Consecutive device filters of a graph whose second worker takes a wider type keep the
/// batch on the device, which widens it there (`tests/run/task_widen_edges.somd`: char to
/// int, byte to long, .., long to double): no producer brings its results down and no
/// consumer sends its items up. Before, each such edge came down and went up again
/// (probe 86: 600 bytes down and 1,200 up per run of 300 `char`s into an `int` worker).
#[test]
fn widening_edges_between_device_filters_stay_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "task_widen_edges";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (_, calls) = traced_calls(name, binary, &expected, *opencl);
    let producers = ["Main.toChar", "Main.toByte", "Main.toShort", "Main.big", "Main.bigL"];
    let producers = [&producers[..], &["Main.half", "Main.cube"]].concat();
    let consumers = ["Main.fromChar", "Main.fromByte", "Main.fromShort", "Main.asFloat"];
    let consumers = [&consumers[..], &["Main.lToF", "Main.lToD", "Main.fToD"]].concat();
    let moved = |names: &[&str], down: bool| -> u64 {
        calls
            .iter()
            .filter(|c| names.contains(&c.name.as_str()))
            .map(|c| if down { c.bytes_d2h } else { c.bytes_h2d })
            .sum()
    };
    assert!(calls.iter().any(|c| c.name == "Main.cube"), "no device call of Main.cube");
    assert_eq!((moved(&producers, true), moved(&consumers, false)), (0, 0));
}

/// Compound stores and steps into an array holding a SOMD result left on the device read the
/// element alone and write it into the device copy (`tests/run/device_compound_stores.somd`:
/// a rod of 50,000 `double`s, 30 steps, three compound stores a step): the rod goes up
/// once and never comes down whole in the loop. Before, each step's `x[0] += 3.0` brought
/// the 400,000 bytes down and the next call sent them up again.
#[test]
fn compound_stores_into_device_results_stay_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_compound_stores";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (_, calls) = traced_calls(name, binary, &expected, *opencl);
    let heat: Vec<&CallTrace> = calls.iter().filter(|c| c.name == "Main.heat").collect();
    assert_eq!(heat.len(), 30);
    let up: u64 = heat.iter().map(|c| c.bytes_h2d).sum();
    let down: u64 = heat.iter().map(|c| c.bytes_d2h).sum();
    // The first upload; the element reads and writes between the calls are no call's.
    assert_eq!((up, down), (400_000, 0));
}

/// `!`s of `Somd.range(n)` inside `@` targets run in the kernel (`tests/run/device_nested_range.somd`):
/// each `@` is one device call uploading nothing, its target's range folds computed by the
/// work-item; before, the targets ran on the CPU.
#[test]
fn range_folds_inside_targets_run_in_their_kernels() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_nested_range";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (_, calls) = traced_calls(name, binary, &expected, *opencl);
    let seen: Vec<String> =
        calls.iter().map(|c| format!("{}: {} up", c.name, c.bytes_h2d)).collect();
    let maps = ["Main.fsum", "Main.lsum", "Main.ordered", "Main.empty"];
    let mapped: Vec<&String> =
        seen.iter().filter(|c| maps.iter().any(|m| c.starts_with(m))).collect();
    let wanted: Vec<String> = maps.iter().map(|m| format!("{m}: 0 up")).collect();
    assert_eq!(mapped, wanted.iter().collect::<Vec<_>>(), "{seen:?}");
}

/// A SOMD result the host reads in a loop between calls keeps its device copy
/// (`tests/run/device_read_loops.somd`: 8 steps of 20,000 `double`s and of a 120 x 90
/// `long` matrix, a checksum loop after each): each array goes up once, for the first
/// call, and comes down once a step. Before, the checksum loop's pointer or hoisted rows
/// dropped the device copy and every step uploaded the array again (probe 88).
#[test]
fn results_read_by_host_loops_stay_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_read_loops";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (_, calls) = traced_calls(name, binary, &expected, *opencl);
    let up = |name: &str| -> Vec<u64> {
        calls.iter().filter(|c| c.name == name).map(|c| c.bytes_h2d).collect()
    };
    let first_only =
        |bytes: u64| -> Vec<u64> { (0..8).map(|t| if t == 0 { bytes } else { 0 }).collect() };
    assert_eq!(up("Main.step"), first_only(20_000 * 8));
    assert_eq!(up("Main.step2"), first_only(120 * 90 * 8));
}

/// A `dist` array a SOMD method uses only for its lengths and offsets crosses as no buffer
/// (`tests/run/device_shape_only.somd`): of its calls only `mixed`, which reads its other
/// argument (50,000 `int`s), uploads anything.
#[test]
fn arrays_used_only_for_their_shape_stay_on_the_host() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_shape_only";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (_, calls) = traced_calls(name, binary, &expected, *opencl);
    let up: Vec<String> = calls.iter().map(|c| format!("{}: up {}", c.name, c.bytes_h2d)).collect();
    let wanted = [
        "Main.ramp: up 0",
        "Main.mixed: up 200000",
        "Main.weights: up 0",
        "Main.rows: up 0",
        "Main.inverse: up 0",
    ];
    assert_eq!(up, wanted);
}

/// Mapped primitive arguments of a narrower type than the parameter cross as they are and
/// widen in the kernel, and broadcast ones are widened by the host
/// (`tests/run/device_widened_args.somd`, note device-execution, "Arguments Java widens"):
/// every call runs on the device, each array goes up once in its own element type (a
/// `byte` array's bytes, not `int`s), and a range goes up not at all. Under
/// `SOMD_TRACE=json`, per call in order: its name, launches and the bytes of every input
/// it uploaded.
#[test]
fn device_widened_args_cross_as_they_are() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_widened_args";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (_, calls) = traced_calls(name, binary, &expected, *opencl);
    let seen = launches_and_uploads(&calls);
    let n = 4099;
    let wanted = [
        // `xs` goes up as `int`s; the range does not.
        format!("Main.stride: 1 launch, up [arg1 {}]", n * 4),
        "Main.halve: 1 launch, up []".to_string(),
        "Main.third: 1 launch, up []".to_string(),
        // `bs` as bytes, `cs` and `ss` as 2-byte elements; `plus` finds `bs` there.
        format!("Main.twice: 1 launch, up [arg0 {n}]"),
        format!("Main.wide: 1 launch, up [arg0 {}]", n * 2),
        format!("Main.plus: 1 launch, up [arg0 {}]", n * 2),
        // Converted from `xs`, `ls`, `fs` and `cs`: each goes up once, as it is.
        "Main.toFloat: 1 launch, up []".to_string(),
        "Main.toDouble: 1 launch, up []".to_string(),
        format!("Main.toFloat: 1 launch, up [arg0 {}]", n * 8),
        "Main.toDouble: 1 launch, up []".to_string(),
        format!("Main.toDouble: 1 launch, up [arg0 {}]", n * 4),
        "Main.toFloat: 1 launch, up []".to_string(),
        // Broadcast `char` and `int` widened by the host: scalars, no buffer.
        "Main.mixed: 1 launch, up []".to_string(),
        // Fused with their `!`s.
        "Main.stride: 1 launch, up []".to_string(),
        "Main.wide: 1 launch, up []".to_string(),
        // `plus` and the two `!`s of `halve` are one kernel.
        "Main.plus: 1 launch, up []".to_string(),
        // `twice` computed inline by `sum`.
        "Main.sum: 1 launch, up []".to_string(),
        // The zero table, stored as `uchar`s.
        format!("Main.pick: 1 launch, up [arg1 {}]", n - 1),
    ];
    assert_eq!(seen, wanted);
}

/// `!`s over arrays inside functions that run in kernels are folded by each work-item
/// (`tests/run/device_array_folds.somd`, note device-execution, "Nested `!` of an array"):
/// every `@` and the SOMD method calling such a function is one launch, and no `!` of the
/// program makes a device call of its own (before, each `!` kept its function on the CPU, and
/// a filter's `!` launched a reduction per item), nor does a `!` of a `@` whose arguments
/// Java widens. Filter tasks whose items are value arrays
/// ("Filters of value arrays") run a batch as one launch, one work-item per item (equal-length
/// items as rows, items of different lengths packed), and the filter after one finds its
/// results on the device. Batches depend on timing, so the filters' calls are checked in
/// sum.
#[test]
fn device_array_folds_run_in_the_work_item() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_array_folds";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (_, calls) = traced_calls(name, binary, &expected, *opencl);
    let maps: Vec<String> =
        calls.iter().take(12).map(|c| format!("{}: {} launch", c.name, c.launches)).collect();
    let wanted: Vec<String> = [
        "rowSum",
        "rowBest",
        "longMix",
        "dsum",
        "fprod",
        "narrow",
        "flags",
        "weighted",
        "vec",
        "widenedFold",
        "rowSum",
        "rowTotals",
    ]
    .iter()
    .map(|f| format!("Main.{f}: 1 launch"))
    .collect();
    assert_eq!(maps, wanted);
    // The second `rowSum`'s rows fit a `uchar`: 37 x 300 elements go up as bytes.
    assert_eq!(calls[10].h2d, [("arg0".to_string(), 37 * 300)]);
    let reductions: Vec<&str> =
        calls.iter().map(|c| c.name.as_str()).filter(|n| n.contains(" ! in ")).collect();
    assert!(reductions.is_empty(), "`!`s with device calls of their own: {reductions:?}");
    let of = |f: &'static str| calls.iter().filter(move |c| c.name == f);
    assert!(of("Main.chunkSum").all(|c| c.launches == 1));
    // Two graphs of 40 items for each of the two widths and the ragged chunks: batches of
    // items of different lengths run the kernel's ragged variant, their items packed.
    let items: u64 = of("Main.chunkSum").map(|c| c.work_items).sum();
    assert_eq!(items, 240, "items of `chunkSum` on the device");
    assert!(
        of("Main.chunkSum").any(|c| c.h2d.iter().any(|(b, _)| b == "arg0_off")),
        "no batch of `chunkSum` ran its ragged variant"
    );
    assert!(
        of("Main.spread").any(|c| c.launches == 1 && c.h2d.is_empty()),
        "no `spread` batch found `chunkSum`'s results on the device"
    );
    assert_eq!(of("Main.mean").map(|c| c.work_items).sum::<u64>(), 6);
}

/// `!`s over a work-item's private arrays, over rows `c[x][y]` of 3-D arrays and over rows
/// of a static value matrix are folded by each work-item too
/// (`tests/run/device_private_folds.somd`): every `@` and the SOMD method whose loop body
/// passes a private array to a folding helper is one launch, and no `!` makes a device call
/// of its own (before, each of these functions ran on the CPU).
#[test]
fn device_private_folds_run_in_the_work_item() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_private_folds";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (_, calls) = traced_calls(name, binary, &expected, *opencl);
    let seen: Vec<String> =
        calls.iter().map(|c| format!("{}: {} launch", c.name, c.launches)).collect();
    let wanted: Vec<String> = [
        "bits",
        "spread",
        "digits",
        "bytes",
        "both",
        "privateRows",
        "planeRows",
        "valueRows",
        "planeLocal",
        "mappedPlane",
        "tableRows",
        "outside",
    ]
    .iter()
    .map(|f| format!("Main.{f}: 1 launch"))
    .collect();
    assert_eq!(seen, wanted);
}

/// Filter tasks whose items are value arrays of different lengths run the filter kernel's
/// ragged variant (`tests/run/device_ragged_filters.somd`, note device-execution, "Filters
/// of value arrays"): every item of the `int` and `double` chunks runs on the device, the
/// batches upload the packed items and their offsets (`arg0_off`), and the device filter
/// after one finds its results on the device. Before, a batch of such items ran on the
/// CPU (in practice every batch but those of one item).
#[test]
fn device_ragged_filters_run_packed() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_ragged_filters";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (_, calls) = traced_calls(name, binary, &expected, *opencl);
    let of = |f: &'static str| calls.iter().filter(move |c| c.name == f);
    let items = |f: &'static str| of(f).map(|c| c.work_items).sum::<u64>();
    assert_eq!(items("Main.chunkValue"), 6000);
    assert_eq!(items("Main.summary"), 200);
    assert!(
        of("Main.chunkValue").any(|c| c.h2d.iter().any(|(b, _)| b == "arg0_off")),
        "no batch of `chunkValue` ran its ragged variant"
    );
    assert!(
        of("Main.spread").any(|c| c.launches == 1 && c.h2d.is_empty()),
        "no `spread` batch found `chunkValue`'s results on the device"
    );
    assert!(of("Main.fourth").count() >= 1, "the failing filter made no device call");
}

/// `@` over ragged 2-D value arrays (`tests/run/device_ragged_maps.somd`, note
/// device-execution, "Ragged matrices mapped by `@`"): every call runs the kernel's ragged
/// variant on the device, its matrices packed with their rows' offsets (`arg0_off`,
/// `arg1_off`), and the later calls over the same matrix find both on the device. Before,
/// each of these calls ran on the CPU.
#[test]
fn device_ragged_maps_run_packed() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_ragged_maps";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (_, calls) = traced_calls(name, binary, &expected, *opencl);
    let names = |v: &[(String, u64)]| v.iter().map(|(b, _)| b.clone()).collect::<Vec<_>>();
    let seen: Vec<String> = calls
        .iter()
        .map(|c| {
            let (up, found) = (names(&c.h2d).join(" "), names(&c.resident).join(" "));
            format!("{}: up [{up}] resident [{found}]", c.name)
        })
        .collect();
    let wanted = [
        // Three `@`s over `v`: it and its offsets go up once.
        "Main.weigh: up [arg0 arg0_off] resident []",
        "Main.weigh: up [] resident [arg0 arg0_off]",
        "Main.weigh: up [] resident [arg0 arg0_off]",
        // `+ !` of the `@`: a coarsened reduction over the packed rows.
        "Main.weigh: up [] resident [arg0 arg0_off]",
        "Main.mean: up [arg0 arg0_off] resident []",
        // Two ragged matrices, then a ragged and a rectangular one, both packed.
        "Main.dot: up [arg1 arg1_off] resident [arg0 arg0_off]",
        "Main.shape: up [arg1 arg1_off] resident [arg0 arg0_off]",
        // One work-group per row, reading `v` as `int`s (not its narrow copy).
        "Main.energy: up [arg0] resident [arg0_off]",
        // The chain's first `@`, then the second over its result on the device.
        "Main.weigh: up [] resident [arg0 arg0_off]",
        "Main.pick: up [] resident [arg0 arg0_off]",
    ];
    let packed: Vec<&String> = seen.iter().filter(|s| !s.starts_with("Main.twice")).collect();
    assert_eq!(packed, wanted.iter().collect::<Vec<_>>(), "calls: {seen:#?}");
    let twice: Vec<&CallTrace> = calls.iter().filter(|c| c.name == "Main.twice").collect();
    assert!(
        matches!(&twice[..], [c] if c.h2d.is_empty() && c.launches == 1),
        "the chain's second `@` did not find its input on the device: {seen:#?}"
    );
    // One work-item per row, but for the reduction (coarsened) and `energy` (a group per row).
    let rows = |f: &str| calls.iter().filter(|c| c.name == f).all(|c| c.work_items == 5000);
    assert!(rows("Main.mean") && rows("Main.dot") && rows("Main.pick"), "calls: {seen:#?}");
}

/// A call as `name: up [buffers] resident [buffers]`: the inputs it uploaded and those it
/// found on the device, each with its bytes when `bytes`.
fn up_and_resident(call: &CallTrace, bytes: bool) -> String {
    let list = |v: &[(String, u64)]| -> String {
        let each = v.iter().map(|(b, n)| if bytes { format!("{b} {n}") } else { b.clone() });
        each.collect::<Vec<_>>().join(if bytes { ", " } else { " " })
    };
    format!("{}: up [{}] resident [{}]", call.name, list(&call.h2d), list(&call.resident))
}

/// Inputs a host helper fills in place before a loop stay on the device for the loop
/// (`device_keep_filled`; probe 104: uploaded by every call): `fill(f)`, `fillVia(h)`
/// (through another helper), `mfill(m)` and `fillRows(k)` (its rows passed to a helper;
/// review 101) go up at the loop's first call only, while
/// `refill(g, r)` in the loop sends `g` up at every call. Per call in order: the inputs it
/// uploaded and those it found on the device.
#[test]
fn inputs_filled_by_helpers_before_a_loop_stay_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_keep_filled";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (_, calls) = traced_calls(name, binary, &expected, *opencl);
    let seen: Vec<String> = calls.iter().map(|c| up_and_resident(c, false)).collect();
    let rounds = 4;
    let mut wanted = Vec::new();
    for _ in ["f", "h"] {
        wanted.push("Main.dot: up [a] resident [b]".to_string());
        wanted.extend((1..rounds).map(|_| "Main.dot: up [] resident [a b]".to_string()));
    }
    for _ in ["m", "k"] {
        wanted.push("Main.msum: up [m] resident []".to_string());
        wanted.extend((1..rounds).map(|_| "Main.msum: up [] resident [m]".to_string()));
    }
    wanted.extend((0..rounds).map(|_| "Main.dot: up [a] resident [b]".to_string()));
    assert_eq!(seen, wanted);
}

/// An array passed as several arguments of one call crosses once (`device_same_array_args`):
/// a second argument finds it on the device (a copy made there by a one-kernel call, the
/// same buffer for a `sync` call's arguments that are only read), and an argument the body
/// writes gets a copy made on the device (no transfer). Per call in order: the inputs it
/// uploaded with their bytes, and those it found on the device.
#[test]
fn arrays_passed_twice_cross_once() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_same_array_args";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (_, calls) = traced_calls(name, binary, &expected, *opencl);
    let seen: Vec<String> = calls.iter().map(|c| up_and_resident(c, true)).collect();
    let matrix = 90 * 90 * 8;
    let (v, rod) = (20_000 * 4, 3_000 * 8);
    let wanted = [
        // `square(m)`: a parameter of the host method, passed three times.
        format!("Main.mm: up [c {matrix}] resident [x {matrix}, y {matrix}]"),
        // `mm(m, m, m)` then `msum(m)`: kept across the statements from `square(m)` on (its
        // parameter reaches `mm`); `msum(p)` reads the product where it was left.
        format!("Main.mm: up [] resident [c {matrix}, x {matrix}, y {matrix}]"),
        format!("Main.msum: up [] resident [m {matrix}]"),
        format!("Main.msum: up [] resident [m {matrix}]"),
        // `dot(v, w)` and `dot(w, w)`: two names of one array.
        format!("Main.dot: up [a {v}] resident [b {v}]"),
        format!("Main.dot: up [a {v}] resident [b {v}]"),
        // The body writes `a`: `b`'s copy is made on the device.
        format!("Main.addShifted: up [a {v}] resident []"),
        format!("Main.heat: up [a {rod}] resident []"),
    ];
    assert_eq!(seen, wanted);
}

/// Mutable arrays passed to several device calls by statements that never write them go
/// up once for those statements (`tests/run/device_keep_regions.somd`, note
/// device-execution, "Straight-line statements"), and frozen copies made there find the
/// array's device copy (or it theirs); an array written between calls, or each round of a
/// loop, goes up again. Under `SOMD_TRACE=json`, per call in order: its name, the inputs it
/// uploaded and those it found on the device.
#[test]
fn device_keep_regions_upload_once_per_region() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_keep_regions";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let seen: Vec<String> = calls.iter().map(|c| up_and_resident(c, false)).collect();
    let round = ["Main.total: up [a] resident []", "Main.twice: up [] resident [arg0]"];
    let mut wanted = vec![
        // `total(a)`, then `@` and `!` over frozen copies of `a`.
        "Main.total: up [a] resident []",
        "Main.twice: up [] resident [arg0]",
        "+ ! in Main.main: up [] resident [reduce.input]",
        // A frozen copy of `x` mapped, then `weighted(x)`.
        "Main.shifted: up [arg0] resident []",
        "Main.weighted: up [] resident [x]",
        // The copy of `a` stored narrow goes up (`Somd.range(n)` is the work-item's index);
        // `a` is still there.
        "Main.masked: up [arg1] resident []",
        "Main.total: up [] resident [a]",
        "+ ! in Main.main: up [] resident [reduce.input]",
    ];
    // Four rounds writing `a` after their calls.
    for _ in 0..4 {
        wanted.extend(round);
    }
    wanted.extend([
        // `a` written between `before` and `after`.
        "Main.total: up [a] resident []",
        "Main.total: up [a] resident []",
        "Main.twice: up [] resident [arg0]",
        // `early(40)` and `early(60)` (which returns from inside its statements).
        "Main.total: up [a] resident []",
        "Main.total: up [] resident [a]",
        "Main.total: up [a] resident []",
        "Main.total: up [] resident [a]",
        // A `char` array goes up as it is for one `!` and a `boolean` one converted; the
        // other copy of each finds it. `ls` goes up for `lsum`, and its storage, frozen at
        // its last use, is found by the `!` after its statements.
        "+ ! in Main.main: up [reduce.input] resident []",
        "max ! in Main.main: up [] resident [reduce.input]",
        "Main.lsum: up [a] resident []",
        "|| ! in Main.main: up [reduce.input] resident []",
        "&& ! in Main.main: up [] resident [reduce.input]",
        "+ ! in Main.main: up [] resident [reduce.input]",
        // A value array a `!` uploaded, found by the `@` after it; a `short` array uploaded
        // once for two `!`s and a `@` widening its elements.
        "+ ! in Main.main: up [reduce.input] resident []",
        "Main.twice: up [] resident [arg0]",
        "+ ! in Main.main: up [reduce.input] resident []",
        "min ! in Main.main: up [] resident [reduce.input]",
        "Main.twice: up [] resident [arg0]",
        // `x` is still kept; its last copy is its storage.
        "Main.weighted: up [] resident [x]",
        "Main.shifted: up [] resident [arg0]",
    ]);
    assert_eq!(seen, wanted, "{}", outcome.stderr);
    // Each round's copy of `a`, released when its region closes, is the buffer the next
    // round's upload takes (`device/recycle.rs`): no buffer is made anew.
    let reused = outcome.stderr.lines().filter(|l| l.contains(r#""event":"reuse""#)).count();
    assert!(reused >= 4, "{reused} buffers reused:\n{}", outcome.stderr);
}

/// `@` results the host reads late come down only where it reads them
/// (`tests/run/device_lazy.somd`, note device-execution, "Results the host reads late"):
/// under `SOMD_TRACE=json` no call downloads a result, the host's reads fetch one element
/// each (a repeated index once) until 16 elements were fetched, then the whole array; an
/// array of at most 256 KiB comes down whole at its first read; results handed to the next
/// `@` and to `!`s are found on the device; a use other than an element or the length
/// downloads the whole array once per value. The Java twin's output is checked too.
#[test]
fn device_results_come_down_only_where_the_host_reads_them() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_lazy";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let stderr = &outcome.stderr;
    for call in &calls {
        let results: Vec<&(String, u64)> =
            call.d2h.iter().filter(|(b, _)| b == "somd_out").collect();
        assert!(results.is_empty(), "{} downloads its result:\n{stderr}", call.name);
    }
    let n = 100_000u64;
    let reads = late_reads(stderr);
    // `ys[0]`, `ys[n / 2]`, `ys[0]` again, `ys[n - 1]` (`int`); 16 of the 17 `long`s of
    // `firsts`, then the whole `ws`; `cells[3]` (twice) and `cells[n - 1]` (one struct
    // each); the whole of `odds` (100,000 bytes); `halves[n - 2]`; `cur[7]`; the whole of
    // `later` for `alias`; the whole of `picked` (5 `int`s); the whole of `bytes` for
    // `bytes[7]` (100,000 bytes: under 256 KiB, whole at its first read; its `+ !` reduced
    // it on the device, widening each `byte` as it read it); `back[9]`.
    let cell = reads.get(20).copied().unwrap_or_default();
    let mut wanted = vec![4, 4, 4];
    wanted.extend([8; 16]);
    wanted.extend([8 * n, cell, cell, n, 8, 4, 4 * n, 20, n, 4]);
    assert_eq!(reads, wanted, "late reads of `@` results in\n{stderr}");
    assert!((12..=32).contains(&cell), "a `Cell` takes {cell} bytes");
    // The rounds of `cur = Main @ step(cur, k)` read the previous round's result where it
    // is, and the `!`s of `cur` and `later` reduce theirs on the device.
    let steps: Vec<&CallTrace> = calls.iter().filter(|c| c.name == "Main.step").collect();
    assert_eq!(steps.len(), 5, "{stderr}");
    for step in steps {
        assert!(step.h2d.is_empty() && step.resident.len() == 1, "{stderr}");
    }
    // The third `+ !` reduces `bytes` where it is, in its own width.
    let sums: Vec<&CallTrace> = calls.iter().filter(|c| c.name == "+ ! in Main.main").collect();
    assert_eq!(sums.len(), 3, "{stderr}");
    // `ys`, broadcast to a `@` whose kernel may read an `int` array narrow, is read on the
    // device at its width: nothing of it comes down or goes up again; nor does the mapped
    // `Somd.range(5)`, the work-item's index.
    let picks: Vec<&CallTrace> = calls.iter().filter(|c| c.name == "Main.pickAt").collect();
    assert_eq!(picks.len(), 1, "{stderr}");
    assert_eq!(picks[0].resident, [("arg1".to_string(), 4 * n)], "{stderr}");
    assert!(picks[0].h2d.is_empty(), "{stderr}");
    for (sum, bytes) in sums.iter().zip([4 * n, 4 * n, n]) {
        assert!(sum.h2d.is_empty(), "a `!` uploads a result:\n{stderr}");
        assert_eq!(sum.resident, [("reduce.input".to_string(), bytes)], "{stderr}");
    }
}

/// SOMD results frozen as they come, for a value-array local read by a folded `@` or as
/// the folded `@`'s argument (`device_frozen_inline`; probe 104: each round's result came
/// down and went up again): `x` goes up once, nothing else goes up, and nothing comes down
/// but the partials and the element read after the first loop.
#[test]
fn somd_results_frozen_as_they_come_stay_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_frozen_inline";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let stderr = &outcome.stderr;
    let uploads: Vec<(String, u64)> = calls.iter().flat_map(|c| c.h2d.clone()).collect();
    assert_eq!(uploads, [("x".to_string(), 8 * 40_000)], "{stderr}");
    let downloads: Vec<&str> =
        calls.iter().flat_map(|c| c.d2h.iter().map(|(b, _)| b.as_str())).collect();
    assert!(downloads.iter().all(|b| b.ends_with("partials")), "{downloads:?} in\n{stderr}");
    assert_eq!(late_reads(stderr), [8], "late reads in\n{stderr}");
}

/// A local of SOMD results left on the device, mapped by a `@` (`device_lazy_mapped`;
/// probe 103: `x` came down after each `step` and went up again as the `@`'s argument):
/// the `@`s find their argument on the device, only the first `step` of each loop uploads
/// (the host-made array), nothing comes down but the partials, the two elements read after
/// the loops and the one element `watched` reads each round, and the host's store `y[0] =
/// ..` reaches the device copy (8 bytes).
#[test]
fn mapped_somd_results_stay_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_lazy_mapped";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let stderr = &outcome.stderr;
    let n = 40_000u64;
    let halves: Vec<&CallTrace> = calls.iter().filter(|c| c.name == "Main.half").collect();
    assert_eq!(halves.len(), 10, "{stderr}");
    for half in halves {
        assert_eq!(half.resident, [("arg0".to_string(), 8 * n)], "{stderr}");
        assert!(half.h2d.iter().all(|(b, _)| b == "somd_store"), "{stderr}");
    }
    let uploads: Vec<(String, u64)> = calls.iter().flat_map(|c| c.h2d.clone()).collect();
    // The three host-made first arrays of `step`; `written`'s `@` takes `x` from the host
    // after its second argument's store (`arg0`), so the third `step`'s `a` is not the last.
    let mut wanted = vec![("a".to_string(), 8 * n); 4];
    wanted.push(("arg0".to_string(), 8 * n));
    wanted.extend(vec![("somd_store".to_string(), 8); 5]);
    let mut seen = uploads.clone();
    seen.sort();
    wanted.sort();
    assert_eq!(seen, wanted, "{stderr}");
    assert!(calls.iter().all(|c| c.d2h.iter().all(|(b, _)| b != "somd_out")), "{stderr}");
    // `x[7]` and `y[n - 1]` after their loops, then `x[7 + r]` in each of `watched`'s five
    // rounds (its loop gives `x` a new value every round).
    assert_eq!(late_reads(stderr)[..7], [8; 7], "late reads in\n{stderr}");
}

/// A method fold of a `@` reads the `@`'s result where the `@` left it
/// (`device_fold_of_map`; probe 103: the result came down after the `@` for nothing): no
/// call downloads a result, and each of the eight folds finds its input on the device.
#[test]
fn method_folds_of_maps_read_the_result_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_fold_of_map";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let stderr = &outcome.stderr;
    assert!(calls.iter().all(|c| c.d2h.iter().all(|(b, _)| b != "somd_out")), "{stderr}");
    let folds: Vec<&CallTrace> =
        calls.iter().filter(|c| c.name == "Main.add" || c.name == "Main.larger").collect();
    let inputs: Vec<bool> =
        folds.iter().map(|c| c.resident.iter().any(|(b, _)| b == "somd_in")).collect();
    assert_eq!(inputs, [true; 8], "{stderr}");
}

/// `@` results moved into a loop-carried local (`x = nx;`) stay on the device
/// (`device_lazy_moves`; probe 104: every round's result came down whole): no call
/// downloads a result but the six of `readEachRound`, whose host reads each round's values
/// in a loop, nothing goes up, and after the loops the host reads `x[n / 2]`, `x[7]` and
/// `v[n - 1]` alone.
#[test]
fn map_results_moved_on_stay_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_lazy_moves";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let stderr = &outcome.stderr;
    let n = 40_000u64;
    let downloads = result_downloads(&calls);
    assert_eq!(downloads, vec![("Main.adv", 8 * n); 6], "{stderr}");
    assert!(calls.iter().all(|c| c.h2d.is_empty()), "an upload in\n{stderr}");
    assert_eq!(late_reads(stderr), [8, 8, 8], "late reads in\n{stderr}");
}

/// `@` results given to a second value-array local while the first keeps them (`int[[]] b
/// = a;`, `keep = cur;`) share one handle and stay on the device (`device_lazy_shares`;
/// probe 110: every round of such a rotation came down whole). A local given a parameter
/// (`param`'s `b`) holds the caller's array as the host's value until its first `@`, and its
/// rounds stay on the device too. The only result that comes down after its call is the `@`
/// `main` passes to `param` (an argument, not a local); the only upload is the host-made
/// array of `param`'s second call, at its first round; the host reads single elements of
/// the shared results after the loops, and `hostCopy`'s loop over its shared local takes
/// the whole host copy once.
#[test]
fn map_results_shared_by_two_locals_stay_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_lazy_shares";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let stderr = &outcome.stderr;
    let n = 70_000u64;
    let downloads = result_downloads(&calls);
    assert_eq!(downloads, [("Main.inc", 4 * n)], "{stderr}");
    let uploads: Vec<(&str, u64)> = calls
        .iter()
        .filter(|c| !c.h2d.is_empty())
        .map(|c| (c.name.as_str(), c.bytes_h2d))
        .collect();
    assert_eq!(uploads, [("Main.inc", 4 * n)], "{stderr}");
    // `rotated` and `kept`: two `int`s each; `objects`: three `P`s; `hostCopy`: `c` whole,
    // then `d[9]`; `param`: `b[0]` at each call.
    assert_eq!(late_reads(stderr), [4, 4, 4, 4, 8, 8, 8, 4 * n, 4, 4, 4], "{stderr}");
    // Each names the `@` whose result it reads.
    let (inc, mk, step) = ("Main.inc", "Main.mk", "Main.step");
    let of = [inc, inc, inc, inc, mk, step, step, inc, inc, inc, inc];
    assert_eq!(late_reads_of(stderr), of, "{stderr}");
}

/// SOMD results a local holds stay on the device between calls (`analysis::lazy`, "SOMD
/// results"; runtime `LazyArr`): in `device_somd_results.somd` no call downloads its
/// result, reads of a few elements fetch those, the Jacobi rounds upload `x` and `b` once,
/// CG's four vectors go up once each (the host-made ones at their first call, kept as their device copies), a result handed
/// straight to another call stays there, and the `step` rounds upload again only after
/// the host stored to the array.
#[test]
fn somd_results_stay_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_somd_results";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let stderr = &outcome.stderr;
    for call in &calls {
        let results: Vec<&(String, u64)> =
            call.d2h.iter().filter(|(b, _)| b == "somd_out").collect();
        assert!(results.is_empty(), "{} downloads its result:\n{stderr}", call.name);
    }
    let uploads = |method: &str| -> Vec<u64> {
        calls.iter().filter(|c| c.name == method).map(|c| c.bytes_h2d).collect()
    };
    let n = 100_000u64;
    let relax = uploads("Main.relax");
    assert_eq!(relax.len(), 20, "{stderr}");
    assert_eq!(relax[0], 16 * n, "`x` and `b` go up at the first round:\n{stderr}");
    assert!(relax[1..12].iter().all(|b| *b == 0), "a later round uploads:\n{stderr}");
    // The rotation `cur = next;` moves each round's result on: only its first round
    // uploads (the host-made `cur`).
    assert!(relax[12] > 0 && relax[13..18].iter().all(|b| *b == 0), "{stderr}");
    assert!(uploads("Main.residual").iter().all(|b| *b == 0), "{stderr}");
    // `r` (twice an argument of the first `dot`), `p` (the first `lap`), `sol` (the first
    // `axpy`), and `acc` (the first `axpy(acc, lap(p), 0.5)`, whose `lap` result goes to
    // it on the device): once each, 8 bytes an element.
    let cg: u64 = ["Main.dot", "Main.lap", "Main.axpy"].iter().flat_map(|m| uploads(m)).sum();
    assert_eq!(cg, 4 * 8 * n, "{stderr}");
    // Round 0 (a host-made array; the stores of round 2, one of them `+=`, write the
    // device copy), then the two calls of `c` (50 `int`s: a host-made array, then nothing:
    // its store wrote the device copy) and of `e` (2000: a host-made array, then nothing:
    // its stores, whose statements also call `sum(e)`, `=` and `+=`, wrote the device copy).
    let steps = [4000, 0, 0, 0, 0, 0, 200, 0, 8000, 0];
    assert_eq!(uploads("Main.step"), steps, "{stderr}");
    // The reads after the Jacobi loop (`x[1]`, `x[n / 2]`, `x[n - 2]`), after the
    // rotation's (`cur[2]`, `cur[n - 3]`), after CG's (`sol[7]`, `sol[n / 3]`) and after
    // the inline results' (`acc[5]`, `acc[n / 2]`) fetch their elements alone (`p1`, whose
    // array has two names, is no lazy local); the first read of `a` in its loop downloads
    // it whole (1000 `int`s).
    let reads = late_reads(stderr);
    assert_eq!(reads.get(..10), Some(&[8, 8, 8, 8, 8, 8, 8, 8, 8, 4000][..]), "{stderr}");
    // `+ ! w` of each round's result reduces it where it is.
    let folds: Vec<&CallTrace> = calls.iter().filter(|c| c.name == "+ ! in Main.main").collect();
    assert_eq!(folds.len(), 4, "{stderr}");
    for fold in folds {
        assert!(fold.h2d.is_empty(), "a `!` uploads a result:\n{stderr}");
        assert_eq!(fold.resident, [("reduce.input".to_string(), 8 * n)], "{stderr}");
    }
}

/// A local holding SOMD results whose first value is another name's array (`double[] y =
/// x;`, `x` used later; `device_results_borrowed`) holds it as a lent host copy
/// (`LazyArr::from_lent`): the rounds `y = smooth(y)` and `b = twice(b)` upload the first
/// array once and then stay on the device, where each used to come down and go up again
/// (probe 110's conv1d). In `writtenBetween` every call reading `y` before its SOMD result
/// uploads the array again, because the other name writes it in between; `bumped`'s rounds
/// of a method writing its by-value parameter upload once too. In `movedOn` the borrowed
/// array moves on into `z`, which holds no device copy of it (review 138: `z` adopted its
/// first upload, and the second `sum` missed `x`'s write): every call uploads, and `z`'s
/// SOMD result comes down. In `handedOn` the plain `y`'s result comes down, and `z`,
/// starting from it while `y` names it, uploads it once. In `roundTrip` the borrowed array
/// moves out of `y` and back (review 139: `y` adopted its upload again), so `y` is a plain
/// array and both `sum`s upload.
#[test]
fn somd_results_starting_from_another_name_stay_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_results_borrowed";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let stderr = &outcome.stderr;
    let up = 8 * 60_000u64;
    // Each call's method, bytes up, and whether its result came down after it (anything
    // but `sum`'s work-group partials).
    let traced: Vec<(&str, u64, bool)> = calls
        .iter()
        .map(|c| {
            let down = c.d2h.iter().any(|(b, _)| b != "somd_partials");
            (c.name.as_str(), c.bytes_h2d, down)
        })
        .collect();
    let (smooth, twice, sum, bump) = ("Main.smooth", "Main.twice", "Main.sum", "Main.bump");
    let want = [
        // `rounds`: 4 rounds.
        (smooth, up, false),
        (smooth, 0, false),
        (smooth, 0, false),
        (smooth, 0, false),
        // `fromParam`: 4 rounds.
        (twice, up, false),
        (twice, 0, false),
        (twice, 0, false),
        (twice, 0, false),
        // `writtenBetween`: three sums and a round, each reading the array `x` writes.
        (sum, up, false),
        (sum, up, false),
        (sum, up, false),
        (smooth, up, false),
        // `main`: 4 rounds, then the sum of the last result, where it is.
        (smooth, up, false),
        (smooth, 0, false),
        (smooth, 0, false),
        (smooth, 0, false),
        (sum, 0, false),
        // `bumped`: 2 rounds of a method writing its by-value parameter (a copy of the
        // array on the device: `x` keeps its elements).
        (bump, up, false),
        (bump, 0, false),
        // `movedOn`: `z` holds `x`'s array as the host's.
        (sum, up, false),
        (sum, up, false),
        (smooth, up, true),
        // `handedOn`.
        (sum, up, false),
        (smooth, up, true),
        (smooth, up, false),
        // `roundTrip`: `y` takes no move, so it is a plain array.
        (smooth, up, true),
        (sum, up, false),
        (sum, up, false),
    ];
    assert_eq!(traced, want, "{stderr}");
}

/// A matrix local holding SOMD results whose first value is another name's matrix
/// (`device_matrix_borrowed`: `double[][] g = u;`, `u` used later) keeps its rounds on the
/// device as a 1-D one does: each call reading the borrowed matrix uploads it (so writes
/// through `u`, through one of its rows or through `g` reach the device), the rounds after
/// the first upload nothing, and no call downloads its result (the host reads it late).
/// Before, every round's result came down and went up again. The host's reads of the
/// `double` results (400 x 90, over 256 KiB) fetch their elements alone (`LazyMat::get2`;
/// before, the whole matrix came down), the smaller `rowSums` and `int` results whole.
#[test]
fn somd_result_matrices_starting_from_another_name_stay_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_matrix_borrowed";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let stderr = &outcome.stderr;
    let (up, ints) = (8 * 400 * 90u64, 4 * 400 * 90u64);
    let traced: Vec<(&str, u64, bool)> =
        calls.iter().map(|c| (c.name.as_str(), c.bytes_h2d, !c.d2h.is_empty())).collect();
    let (smooth, sums, bump) = ("Main.smooth", "Main.rowSums", "Main.bump");
    let want = [
        // `rounds`: 3 rounds.
        (smooth, up, false),
        (smooth, 0, false),
        (smooth, 0, false),
        // `rowAlias`: the store through `u`'s row goes up with `g`.
        (smooth, up, false),
        // `writtenBetween`: three calls reading the matrix `u` and `g` write, then a round.
        (sums, up, false),
        (sums, up, false),
        (sums, up, false),
        (smooth, up, false),
        // `main`: 3 rounds.
        (smooth, up, false),
        (smooth, 0, false),
        (smooth, 0, false),
        // `bumped`: a method writing its by-value parameter writes a copy on the device.
        (bump, ints, false),
        (bump, 0, false),
        (bump, 0, false),
    ];
    assert_eq!(traced, want, "{stderr}");
    // `rounds`' two elements, `rowAlias`' one, `writtenBetween`'s three sums (3,200 B each)
    // and its result's element, `main`'s element, then `bumped`'s whole `int` result.
    let late = [8, 8, 8, 3200, 3200, 3200, 8, 8, ints];
    assert_eq!(late_reads(stderr), late, "{stderr}");
}

/// SOMD methods with a user strategy (one partition on a device) leave their results on
/// the device as the built-in strategies do (`device_user_strategy_results`): before, the
/// check of the strategy's boundaries asked the argument's length through its host copy,
/// and every round's result came down and went up again (9.6 MB up and 7.2 MB down where
/// 1.2 MB go up once). `img[0].length` reads nothing; a row past the matrix still raises
/// Java's exception (`device_row_length_bounds`, after downloading the matrix).
#[test]
fn user_strategy_results_stay_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_user_strategy_results";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let stderr = &outcome.stderr;
    let traced: Vec<(&str, u64, u64)> =
        calls.iter().map(|c| (c.name.as_str(), c.bytes_h2d, c.bytes_d2h)).collect();
    let (brighten, total, scale, sum) = ("Main.brighten", "Main.total", "Main.scale", "Main.sum");
    let (img, x) = (4 * 600 * 500u64, 8 * 1800u64);
    let mut want = vec![(brighten, img, 0)];
    want.extend([(brighten, 0, 0); 4]);
    want.extend([(total, 0, 64), (brighten, 0, 0), (total, 0, 64), (scale, x, 0)]);
    want.extend([(scale, 0, 0); 3]);
    want.push((sum, 0, 64));
    assert_eq!(traced, want, "{stderr}");
    // The two cells of `img` one by one, then `x` (under 256 KiB) whole for `x[7]`, each
    // transfer naming the call that left the result.
    assert_eq!(late_reads(stderr), [4, 4, x], "{stderr}");
    assert_eq!(late_reads_of(stderr), [brighten, brighten, scale], "{stderr}");

    let name = "device_row_length_bounds";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, _) = traced_calls(name, binary, &expected, *opencl);
    // `g[0].length` and `g[n - 1].length` read nothing, `g[2][3]` its element; the row past
    // the matrix brings it down for the host path's exception.
    assert_eq!(late_reads(&outcome.stderr), [8, 8 * 300 * 200], "{}", outcome.stderr);
}

/// Each call's method and how its argument buffer `buffer` of `bytes` reached it: "up"
/// (uploaded), "resident" (found on the device) or "?" (neither, or both).
fn arrivals<'c>(calls: &'c [CallTrace], buffer: &str, bytes: u64) -> Vec<(&'c str, &'static str)> {
    let named = |list: &[(String, u64)]| list.iter().any(|(b, n)| b == buffer && *n == bytes);
    calls
        .iter()
        .map(|c| {
            let how = match (named(&c.h2d), named(&c.resident)) {
                (true, false) => "up",
                (false, true) => "resident",
                _ => "?",
            };
            (c.name.as_str(), how)
        })
        .collect()
}

/// A broadcast matrix a SOMD method reads through a row local only (`device_row_locals_read`:
/// `double[] row = a[r0 + i];`, then `row[t]` and `row.length`) is a read-only parameter, so
/// the two straight-line `rowDots` calls share one upload of `a` (probe 110's `multiply`
/// uploaded it at every call); the store `a[2][3] = 100;` ends the statements that keep it,
/// so the third call uploads it again, and `rowPoke`, which writes through its row local,
/// gets its own copy. A SOMD result matrix `t` read the same way stays on the device for the
/// two calls reading it (probe 110's `bt`), not downloaded after its call.
#[test]
fn matrices_read_through_row_locals_stay_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_row_locals_read";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let stderr = &outcome.stderr;
    let bytes = 8 * 2000 * 300u64;
    // Each call's method and how `a` (its second argument) reached it.
    let matrix = arrivals(&calls, "a", bytes);
    let want = [
        ("Main.rowDots", "up"),
        ("Main.rowDots", "resident"),
        ("Main.rowDots", "up"),
        // `t = transpose(new double[m][n], a)` (its matrix parameter is `m`), then two
        // `rowDots` calls reading `t` (300 x 2000: as many bytes as `a`) where it is.
        ("Main.transpose", "?"),
        ("Main.rowDots", "resident"),
        ("Main.rowDots", "resident"),
        ("Main.rowPoke", "up"),
    ];
    assert_eq!(matrix, want, "{stderr}");
    let transpose = calls.iter().find(|c| c.name == "Main.transpose").expect("transpose call");
    assert!(transpose.d2h.is_empty(), "`t` came down after its call:\n{stderr}");
}

/// A broadcast matrix a SOMD method lends row by row to a helper that only reads it
/// (`device_row_helpers_read`: `dot(row, v)` through a row local, `dot(a[..], v)` directly)
/// is a read-only parameter, so the four straight-line calls share one upload of `a`
/// (before, each uploaded it). In `writers`, `bumping` and `rowBump` pass rows to a helper
/// writing them: each writes its own copy, which `rowBump` takes from `bumping`'s upload
/// on the device (`device_row_writers_kept`), and the call after the host's store uploads
/// the matrix again.
#[test]
fn matrices_lent_row_by_row_to_reading_helpers_stay_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_row_helpers_read";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let stderr = &outcome.stderr;
    let bytes = 8 * 2000 * 300u64;
    // Each call's method and how its matrix (`a`, the second argument) reached it.
    let matrix = arrivals(&calls, "a", bytes);
    let want = [
        ("Main.viaLocal", "up"),
        ("Main.viaLocal", "resident"),
        ("Main.direct", "resident"),
        ("Main.direct", "resident"),
        ("Main.bumping", "up"),
        ("Main.rowBump", "resident"),
        ("Main.direct", "up"),
    ];
    assert_eq!(matrix, want, "{stderr}");
}

/// A SOMD method lending the rows of its matrix parameter to a helper that writes them in
/// place writes its own copy (by value), so statements and loops mixing such calls with
/// readers keep the matrix on the device, each writing call getting a copy made there
/// (`device_row_writers_kept`): before, the writers made the matrix look shared and every
/// call uploaded it (4,800,000 B each). A helper keeping a row (`keeping`, on the CPU) still
/// leaves `b` uploaded at each call.
#[test]
fn matrices_lent_row_by_row_to_writing_helpers_stay_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_row_writers_kept";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let stderr = &outcome.stderr;
    let bytes = 8 * 2000 * 300u64;
    let (direct, bumping, row_bump) = ("Main.direct", "Main.bumping", "Main.rowBump");
    let mut want = vec![
        // `main`'s four statements, then the store to `a` ends them.
        (direct, "up"),
        (bumping, "resident"),
        (direct, "resident"),
        (row_bump, "resident"),
        // The loop's three rounds share one upload.
        (row_bump, "up"),
        (direct, "resident"),
    ];
    for _ in 0..2 {
        want.extend([(row_bump, "resident"), (direct, "resident")]);
    }
    // `stashed`: `b` has another name through `stash`.
    want.extend([(direct, "up"), (direct, "up")]);
    // Each call's method and how its matrix (the parameter `a`) reached it.
    assert_eq!(arrivals(&calls, "a", bytes), want, "{stderr}");
}

/// Static arrays of the main class that only `main` and the class's initializer build stay
/// on the device across a loop of `main` that never stores to them
/// (`device_static_arrays`): the CSR matrix in static fields goes up once per loop (before,
/// at each of the eight calls), `counts` once for three rounds of a reader and a method
/// writing its by-value copy, and at every call of the loop storing to it.
#[test]
fn static_arrays_main_builds_stay_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_static_arrays";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let stderr = &outcome.stderr;
    let (n, deg) = (20_000u64, 6u64);
    let spmv: Vec<&str> = arrivals(&calls, "rowPtr", 4 * (n + 1))
        .into_iter()
        .filter(|(name, _)| *name == "Main.spmv")
        .map(|(_, how)| how)
        .collect();
    assert_eq!(
        spmv,
        ["up", "resident", "resident", "resident", "resident", "up", "resident", "resident"],
        "{stderr}"
    );
    // `bumped` (the `w` parameter of the second loop) goes up at each call: `bump` writes it.
    let weights: Vec<&str> = arrivals(&calls, "w", 8 * n * deg)
        .into_iter()
        .filter(|(name, _)| *name == "Main.spmv")
        .map(|(_, how)| how)
        .collect();
    assert_eq!(
        weights,
        ["up", "resident", "resident", "resident", "resident", "up", "up", "up"],
        "{stderr}"
    );
    let counts: Vec<(&str, &str)> = arrivals(&calls, "c", 8 * n)
        .into_iter()
        .filter(|(name, _)| name.starts_with("Main.total") || name.starts_with("Main.bumpAll"))
        .collect();
    let (total, bump_all) = ("Main.total", "Main.bumpAll");
    let want = [
        (total, "up"),
        (bump_all, "resident"),
        (total, "resident"),
        (bump_all, "resident"),
        (total, "resident"),
        (bump_all, "resident"),
        (total, "up"),
        (total, "up"),
        (total, "up"),
    ];
    assert_eq!(counts, want, "{stderr}");
}

/// Late reads and stores of a result left on the device name the call that left it
/// (`"of"`, `trace::LateRead`), and a store into the upload of the host copy that replaced
/// it names none (`device_store_after_upload`; review 142 found it naming `scale`, whose
/// result had come down and been dropped).
#[test]
fn late_transfers_name_the_call_that_left_the_result() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_store_after_upload";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, _) = traced_calls(name, binary, &expected, *opencl);
    let late: Vec<(String, String)> = outcome
        .stderr
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter(|e| {
            e["event"] == "transfer"
                && [LATE, "somd_store"].contains(&e["buffer"].as_str().unwrap_or_default())
        })
        .map(|e| {
            (
                e["buffer"].as_str().unwrap_or_default().to_string(),
                e["of"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect();
    let named = |b: &str, of: &str| (b.to_string(), of.to_string());
    let want =
        [named("somd_store", "Main.scale"), named(LATE, "Main.scale"), named("somd_store", "")];
    assert_eq!(late, want, "{}", outcome.stderr);
}

/// Array fields that only their class's constructors fill stay on the device across a host
/// loop passing them to the device (`device_object_arrays`): the sparse matrix a `Graph`
/// holds goes up once for `main`'s four rounds and once for `iterate`'s three (before, at
/// each call), `Counts.c`, which a method writes, at each call, and a loop giving its local
/// another object keeps nothing of them.
#[test]
fn array_fields_only_constructors_fill_stay_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_object_arrays";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let stderr = &outcome.stderr;
    let n = 20_000u64;
    // Each `spmv`'s `col`: `main`'s rounds, `iterate`'s, then the last loop's first round
    // (`g`'s, not kept there; its second round has a graph of another degree's).
    let col: Vec<&str> = arrivals(&calls, "col", 4 * n * 6)
        .into_iter()
        .filter(|(name, _)| *name == "Main.spmv")
        .map(|(_, how)| how)
        .collect();
    let want = ["up", "resident", "resident", "resident", "up", "resident", "resident", "up", "?"];
    assert_eq!(col, want, "{stderr}");
    let counts: Vec<&str> = arrivals(&calls, "c", 8 * n)
        .into_iter()
        .filter(|(name, _)| *name == "Main.total")
        .map(|(_, how)| how)
        .collect();
    assert_eq!(counts, ["up", "up", "up"], "{stderr}");
}

/// Matrices in fields stay on the device across a loop as 1-D arrays do
/// (`device_field_matrices`): an image's pixels its constructor fills go up once for six
/// calls (a reader and a method writing its by-value copy), a static grid `main` builds
/// once for three, then again after `main` stores to it; a field whose row a method
/// replaces goes up at each call.
#[test]
fn matrices_in_fields_stay_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_field_matrices";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let stderr = &outcome.stderr;
    let pixels: Vec<&str> =
        arrivals(&calls, "p", 4 * 300 * 200).into_iter().map(|(_, how)| how).collect();
    let mut want = vec!["up"];
    want.extend(["resident"; 5]);
    want.extend(["?"; 4]);
    want.extend(["up"; 3]);
    assert_eq!(pixels, want, "{stderr}");
    let grid: Vec<&str> = arrivals(&calls, "g", 8 * 300 * 200)
        .into_iter()
        .filter(|(name, _)| *name == "Main.gsum")
        .map(|(_, how)| how)
        .collect();
    assert_eq!(grid, ["up", "resident", "resident", "up"], "{stderr}");
}

/// The array fields an instance SOMD method reads stay on the device across a host loop
/// as fields passed directly do (`device_receiver_fields`): `f.smooth(a)` and
/// `f.record(a)` share one upload of `f.weights` for six rounds, the matrix `f.taps` of
/// `f.tapSum` goes up once, `f.last`, which `record` writes, at each call; a loop whose
/// receiver changes uploads at each call, and `run`'s loop on `this` once.
#[test]
fn receiver_fields_stay_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_receiver_fields";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let stderr = &outcome.stderr;
    // The program's arguments: 30,000 elements, 6 rounds per loop.
    let (n, rounds) = (30_000u64, 6);
    let of = |buffer: &str, bytes: u64, methods: &[&str]| -> Vec<&str> {
        arrivals(&calls, buffer, bytes)
            .into_iter()
            .filter(|(name, _)| methods.contains(name))
            .map(|(_, how)| how)
            .collect()
    };
    let mut want = vec!["up"];
    want.extend(vec!["resident"; 2 * rounds - 1]);
    want.extend(vec!["up"; rounds]);
    want.push("up");
    want.extend(vec!["resident"; rounds - 1]);
    assert_eq!(of("this_weights", 8 * n, &["Filter.smooth", "Filter.record"]), want, "{stderr}");
    assert_eq!(of("this_last", 8 * n, &["Filter.record"]), vec!["up"; rounds], "{stderr}");
    let mut want = vec!["up"];
    want.extend(vec!["resident"; rounds - 1]);
    assert_eq!(of("this_taps", 4 * 4 * n, &["Filter.tapSum"]), want, "{stderr}");
}

/// SOMD results a helper's parameter holds stay on the device across the helper's rounds
/// (`device_param_results`): each helper's loop uploads the caller's array once and finds
/// every later round's argument on the device; the host reads one element per round where
/// `nudge` asks for it and the whole array where a helper returns it, never a result per
/// call (before, every round downloaded its result and uploaded it again).
#[test]
fn parameters_holding_somd_results_stay_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_param_results";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let stderr = &outcome.stderr;
    // The program's arguments: 50,000 elements, 5 rounds (`fresh`'s loop makes 10).
    let (n, k) = (50_000u64, 5usize);
    let rounds = |first: &'static str, count: usize| {
        let mut want = vec![first];
        want.extend(vec!["resident"; count - 1]);
        want
    };
    let relax: Vec<&str> = arrivals(&calls, "x", 8 * n)
        .into_iter()
        .filter(|(name, _)| *name == "Main.relax")
        .map(|(_, how)| how)
        .collect();
    // `iterate`, `nudge`, `fresh` (its own zeros go up once), `Stepper.run`.
    let want = [rounds("up", k), rounds("up", k), rounds("up", 2 * k), rounds("up", k)].concat();
    assert_eq!(relax, want, "{stderr}");
    let grow: Vec<&str> = arrivals(&calls, "g", 8 * 300 * 200)
        .into_iter()
        .filter(|(name, _)| *name == "Main.grow")
        .map(|(_, how)| how)
        .collect();
    assert_eq!(grow, rounds("up", k), "{stderr}");
    // Late reads only: `iterate`'s result, `nudge`'s element per round and result,
    // `fresh`'s, `grown`'s, `run`'s and the first `walk`'s (the second one fails).
    let mut want = vec![8 * n];
    want.extend(vec![8; k]);
    want.extend([8 * n, 8 * n, 8 * 300 * 200, 8 * n, 4 * n]);
    assert_eq!(late_reads(stderr), want, "{stderr}");
    let down: Vec<&(String, u64)> = calls.iter().flat_map(|c| &c.d2h).collect();
    assert!(down.iter().all(|(b, _)| b == LATE || b == "somd_partials"), "{down:?}");
}

/// Helpers around SOMD calls written into their callers keep the rounds on the device
/// (`device_helpers_inlined`): `x = once(x, b);` for six rounds uploads `x` at the first
/// round only, as do the rounds of `twice` and `both` after them (three calls a round),
/// and nothing comes down but single elements (before, each round's result came down
/// inside the helper and went up again); the rounds of a `@` through a helper move
/// nothing.
#[test]
fn somd_calls_of_small_helpers_stay_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_helpers_inlined";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let stderr = &outcome.stderr;
    // The program's arguments: 40,000 elements, 6 rounds per loop.
    let (n, rounds) = (40_000u64, 6usize);
    let stepped: Vec<&CallTrace> =
        calls.iter().filter(|c| c.name == "Main.relax" || c.name == "Main.mix").collect();
    let first = &stepped[..rounds + 3 * rounds];
    let how: Vec<&str> = first
        .iter()
        .map(|c| {
            match (c.h2d.iter().any(|(b, _)| b == "x"), c.resident.iter().any(|(b, _)| b == "x")) {
                (true, false) => "up",
                (false, true) => "resident",
                _ => "?",
            }
        })
        .collect();
    let mut want = vec!["up"];
    want.extend(vec!["resident"; 4 * rounds - 1]);
    assert_eq!(how, want, "{stderr}");
    let bytes: Vec<u64> =
        first.iter().flat_map(|c| &c.h2d).filter(|(b, _)| b == "x").map(|(_, n)| *n).collect();
    assert_eq!(bytes, [8 * n], "{stderr}");
    let down: Vec<&(String, u64)> = first.iter().flat_map(|c| &c.d2h).collect();
    assert!(down.iter().all(|(b, n)| (b == LATE && *n == 8) || b == "somd_partials"), "{down:?}");
    // `h = halve(h, r)`, a `@` through a helper, from a frozen copy of a result left on the
    // device: nothing crosses at its calls.
    let maps: Vec<(u64, u64)> = calls
        .iter()
        .filter(|c| c.name == "Main.shrink")
        .map(|c| (c.bytes_h2d, c.bytes_d2h))
        .collect();
    assert_eq!(maps, vec![(0, 0); rounds], "{stderr}");
}

/// Host loops over the results of SOMD calls run as SOMD methods of their own
/// (`device_outlined_loops`, `somd_mir::outline_loops`). SparseMatMult's `y[i] +=
/// partial[i]` brought each round's partial vector down (the segmented sum's table,
/// `somd_partials`) and added it on the host. Now no call of `multiply`, of the `scale` and
/// `count` whose results the loops read, or of the loops themselves brings anything down;
/// each round's result reaches its loop's kernel on the device; the arrays the loops write
/// go up once (zeros made by the host; `w` is a result itself) and come down once, late;
/// `v`, which the host updated between the rounds of `sum(v)`, goes up once, not each
/// round, and so do `xs`, which each round wrote from `b` before `sum(xs)`, and `b`.
#[test]
fn host_loops_over_somd_results_run_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_outlined_loops";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let stderr = &outcome.stderr;
    // The program's arguments: 30,000 elements, 6 rounds per loop.
    let (n, rounds) = (30_000u64, 6usize);
    let of = |name: &str| -> Vec<&CallTrace> { calls.iter().filter(|c| c.name == name).collect() };
    let scale = of("Main.scale");
    // `scale`'s calls for the second, third and sixth loops (the rest feed host loops).
    let producers = of("Main.multiply").into_iter().chain(scale[..3 * rounds + 1].iter().copied());
    for c in producers.chain(of("Main.count")) {
        assert_eq!(c.bytes_d2h, 0, "{}\n{stderr}", up_and_resident(c, true));
    }
    let named = |list: &[(String, u64)], buffer: &str, bytes: u64| {
        list.iter().any(|(b, k)| b == buffer && *k == bytes)
    };
    // Per loop: the array it writes (up at the first call unless it holds a result), and
    // the result it reads.
    let loops = [
        ("Main.main$loop1", ("y", 8 * n, true), ("partial", 8 * n)),
        ("Main.main$loop2", ("e", 8 * n, true), ("s", 8 * n)),
        ("Main.main$loop3", ("w", 8 * n, false), ("w", 8 * n)),
        ("Main.main$loop4", ("h", 4 * n, true), ("c", 4 * n)),
        ("Main.main$loop6", ("v", 8 * n, false), ("v", 8 * n)),
        ("Main.main$loop7", ("m", 8 * n, true), ("s", 8 * n)),
    ];
    for (looped, (written, bytes, made), (read, read_bytes)) in loops {
        let each = of(looped);
        assert_eq!(each.len(), rounds, "{looped}\n{stderr}");
        for (k, c) in each.iter().enumerate() {
            let call = up_and_resident(c, true);
            let up = named(&c.h2d, written, bytes);
            assert_eq!(up, made && k == 0, "{looped} call {k}: {call}");
            assert!(up || named(&c.resident, written, bytes), "{looped} call {k}: {call}");
            assert!(named(&c.resident, read, read_bytes), "{looped} call {k}: {call}");
            assert_eq!(c.bytes_d2h, 0, "{looped} call {k}: {call}");
        }
    }
    // `xs`, which each round writes from `b` before `sum(xs)`: `xs` (zeros) and `b` go up
    // at the loop's first call, and nothing at the others.
    let swept: Vec<String> =
        of("Main.main$loop8").iter().map(|c| up_and_resident(c, true)).collect();
    let mut want = vec![format!("Main.main$loop8: up [xs {}, b {}] resident []", 8 * n, 8 * n)];
    want.extend(vec![
        format!("Main.main$loop8: up [] resident [xs {}, b {}]", 8 * n, 8 * n);
        rounds - 1
    ]);
    assert_eq!(swept, want, "{stderr}");
    // The sum over `h` after its rounds (since the eighty-ninth session: `h` holds the
    // results of loop 4) finds it resident and brings down partials only.
    reductions_find_their_input_resident(&calls, 5..=5, 1, ("h", 4 * n), stderr);
    // `v`, which the host filled, goes up once, for the first `sum` (its parameter `a`):
    // the host's updates between the sums run on the device.
    let v_up: Vec<&str> = calls
        .iter()
        .filter(|c| named(&c.h2d, "a", 8 * n) || named(&c.h2d, "v", 8 * n))
        .map(|c| c.name.as_str())
        .collect();
    assert_eq!(v_up, ["Main.sum"], "{stderr}");
    assert_eq!(of("Main.sum").len(), 2 * rounds, "{stderr}");
    let mut late = late_reads_of(stderr);
    late.retain(|of| of.contains("$loop"));
    let loops = ["Main.main$loop1", "Main.main$loop2", "Main.main$loop3", "Main.main$loop4"];
    let more = ["Main.main$loop6", "Main.main$loop7", "Main.main$loop8"];
    // The store at `i + 1` (loop 9, since the ninetieth session) leaves `g` on the device,
    // which the next loop, staying on the host, reads every round: `g` comes down each
    // round, and goes up again for the next (docs/notes/device-execution.md, "Known
    // gaps").
    let stored_away = ["Main.main$loop9"; 6];
    assert_eq!(late, [&loops[..], &more[..], &stored_away[..]].concat(), "{stderr}");
    let g_up: Vec<u64> = of("Main.main$loop9").iter().map(|c| c.bytes_h2d).collect();
    assert_eq!(g_up, vec![8 * (n + 1); rounds], "{stderr}");
}

/// Host loops reducing SOMD results run as SOMD methods of their own where the reduction
/// is exact in any order (`device_outlined_reductions`, eighty-fifth session): the rounds'
/// results of `step` stay on the device for the four reductions of each round and come
/// down once, after the rounds, for the loops that stay on the host; `roots`'s comes down
/// once, for the `double` sum after its four extrema. Each reduction's call uploads
/// nothing (the result it reads is resident), brings down only its partials, and the
/// input `a` goes up once. On every placement the output is the Java twin's (`run_programs`).
#[test]
fn host_loops_reducing_somd_results_run_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_outlined_reductions";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let stderr = &outcome.stderr;
    // The program's arguments: 20,000 elements, 5 rounds.
    let (n, rounds) = (20_000u64, 5usize);
    let of = |name: &str| -> Vec<&CallTrace> { calls.iter().filter(|c| c.name == name).collect() };
    assert_eq!(of("Main.step").len(), rounds, "{stderr}");
    for c in of("Main.step").into_iter().chain(of("Main.roots")) {
        assert_eq!(c.bytes_d2h, 0, "{}\n{stderr}", up_and_resident(c, true));
    }
    // Rounds: `total`, `xor`, `count`, `lo` and the empty range; then `product` up to `n /
    // 2`, and `hi`, `least`, `noNaN` and `zeros` over `roots`'s result.
    let per_round = ["Main.main$loop1", "Main.main$loop2", "Main.main$loop3", "Main.main$loop4"];
    let after = ["Main.main$loop7", "Main.main$loop8", "Main.main$loop9", "Main.main$loop10"];
    for (looped, times, read, bytes) in per_round
        .iter()
        .map(|l| (*l, rounds, "a", 4 * n))
        .chain([("Main.main$loop6", 1, "a", 4 * n)])
        .chain(after.iter().map(|l| (*l, 1, "s", 8 * n)))
    {
        let each = of(looped);
        assert_eq!(each.len(), times, "{looped}\n{stderr}");
        for c in each {
            let call = up_and_resident(c, true);
            assert_eq!(c.bytes_h2d, 0, "{looped}: {call}");
            assert!(c.resident.iter().any(|(b, k)| b == read && *k == bytes), "{looped}: {call}");
            assert!(c.launches == 1 && c.bytes_d2h <= 1024, "{looped}: {call}\n{stderr}");
        }
    }
    // The empty range runs nothing.
    assert!(of("Main.main$loop5").iter().all(|c| c.launches == 0), "{stderr}");
    let up: u64 = calls.iter().map(|c| c.bytes_h2d).sum();
    assert_eq!(up, 4 * n, "only `a`, once\n{stderr}");
    assert_eq!(late_reads_of(stderr), ["Main.step", "Main.roots"], "{stderr}");
    assert_eq!(late_reads(stderr), [4 * n, 8 * n], "{stderr}");
}

/// `boolean` flags folded with `&=`, `|=` and `^=` over SOMD results run as SOMD methods
/// too (`device_outlined_flags`): none of the three loops' calls moves more than its
/// partials, and `step`'s result comes down once, for the host's element reads at the end.
#[test]
fn host_loops_folding_flags_run_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_outlined_flags";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let stderr = &outcome.stderr;
    for looped in ["Main.main$loop1", "Main.main$loop2", "Main.main$loop3"] {
        let each: Vec<&CallTrace> = calls.iter().filter(|c| c.name == looped).collect();
        assert_eq!(each.len(), 4, "{looped}\n{stderr}");
        for c in each {
            assert!(c.bytes_h2d == 0 && c.bytes_d2h <= 1024, "{}", up_and_resident(c, true));
        }
    }
    assert_eq!(late_reads_of(stderr), ["Main.step"], "{stderr}");
}

/// Host loops over SOMD results calling static helpers that change nothing outside them
/// run as SOMD methods too (`device_outlined_helpers`, eighty-sixth session): the three
/// reductions read `step`'s resident result once a round, uploading nothing and bringing
/// down only partials, and the loop adding `norm(h[i], ..)` into `w` reads `half`'s
/// resident result and keeps `w` there, so nothing goes up after the input. The loops
/// calling a printing helper, a counting one and one of a class initialized at its first
/// use make no call.
#[test]
fn host_loops_calling_pure_helpers_run_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_outlined_helpers";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let stderr = &outcome.stderr;
    // The program's arguments: 40,000 elements, 3 rounds.
    let (n, rounds) = (40_000u64, 3usize);
    let of = |name: &str| -> Vec<&CallTrace> { calls.iter().filter(|c| c.name == name).collect() };
    for (looped, read, bytes) in [
        ("Main.main$loop1", "a", 4 * n),
        ("Main.main$loop2", "a", 4 * n),
        ("Main.main$loop3", "a", 4 * n),
        ("Main.main$loop4", "h", 8 * n),
    ] {
        let each = of(looped);
        assert_eq!(each.len(), rounds, "{looped}\n{stderr}");
        for c in each {
            let call = up_and_resident(c, true);
            assert!(c.resident.iter().any(|(b, k)| b == read && *k == bytes), "{looped}: {call}");
            assert!(c.launches == 1 && c.bytes_d2h <= 1024, "{looped}: {call}\n{stderr}");
        }
    }
    assert!(of("Main.main$loop5").is_empty(), "{stderr}");
    let up: u64 = calls.iter().map(|c| c.bytes_h2d).sum();
    assert_eq!(up, 4 * n + 8 * n, "`a` and `w`, once each\n{stderr}");
}

/// Subtracting accumulators and conditional extrema of integers over SOMD results run as
/// SOMD methods too (`device_outlined_updates`, eighty-sixth session): `d -= a[i]`, `dl =
/// dl - ..`, `c--`, `+=` mixed with `-=`, `if (v > top) top = v;` and `if (low >= v) low =
/// v;` each run once a round on the device, reading `step`'s resident result, uploading
/// nothing and bringing down only partials, and so does the `double` conditional maximum
/// over `halve`'s result (an argument extremum since the ninety-first session); the loops
/// the analysis leaves on the host (`back = a[i] - back`, a branch assigning another value)
/// make no call.
#[test]
fn host_loops_subtracting_and_taking_extrema_run_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_outlined_updates";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let stderr = &outcome.stderr;
    // The program's arguments: 30,000 elements, 4 rounds.
    let (n, rounds) = (30_000u64, 4usize);
    reductions_find_their_input_resident(&calls, 1..=6, rounds, ("a", 4 * n), stderr);
    reductions_find_their_input_resident(&calls, 7..=7, rounds, ("h", 8 * n), stderr);
    assert!(!calls.iter().any(|c| c.name == "Main.main$loop8"), "{stderr}");
}

/// Checks the calls of the outlined reductions `Main.main$loopK` for `K` in `loops`: each is
/// called `rounds` times, finds `array` (of `bytes`) resident, uploads nothing, launches once
/// and brings down partials only.
fn reductions_find_their_input_resident(
    calls: &[CallTrace],
    loops: std::ops::RangeInclusive<usize>,
    rounds: usize,
    (array, bytes): (&str, u64),
    stderr: &str,
) {
    for k in loops {
        let looped = format!("Main.main$loop{k}");
        let each: Vec<&CallTrace> = calls.iter().filter(|c| c.name == looped).collect();
        assert_eq!(each.len(), rounds, "{looped}\n{stderr}");
        for c in each {
            let call = up_and_resident(c, true);
            assert_eq!(c.bytes_h2d, 0, "{looped}: {call}");
            assert!(c.resident.iter().any(|(b, k)| b == array && *k == bytes), "{looped}: {call}");
            assert!(c.launches == 1 && c.bytes_d2h <= 1024, "{looped}: {call}\n{stderr}");
        }
    }
}

/// The outlined store loops `Main.main$loop{k}` of `loops`, each `(k, bytes, work_items)`:
/// called once a round, uploading their array (`bytes`) at the first call only,
/// downloading nothing, in one launch of `work_items`; each finding `resident` on the
/// device where one is named.
fn stores_upload_once(
    calls: &[CallTrace],
    loops: &[(usize, u64, u64)],
    rounds: usize,
    resident: Option<&str>,
    stderr: &str,
) {
    for &(k, bytes, work_items) in loops {
        let looped = format!("Main.main$loop{k}");
        let each: Vec<&CallTrace> = calls.iter().filter(|c| c.name == looped).collect();
        assert_eq!(each.len(), rounds, "{looped}\n{stderr}");
        for (r, c) in each.iter().enumerate() {
            let call = up_and_resident(c, true);
            let up = if r == 0 { bytes } else { 0 };
            if let Some(array) = resident {
                assert!(c.resident.iter().any(|(b, _)| b == array), "{looped} call {r}: {call}");
            }
            assert_eq!((c.bytes_h2d, c.bytes_d2h), (up, 0), "{looped} call {r}: {call}");
            assert_eq!((c.launches, c.work_items), (1, work_items), "{looped} call {r}: {call}");
        }
    }
}

/// Host loops setting a flag under a condition run on the device (`device_outlined_set_flags`):
/// the five `||` and `&&` reductions find `p` resident, upload nothing and bring down
/// partials only; the loop setting and clearing its flag and the one reading its flag make
/// no call.
#[test]
fn host_loops_setting_flags_run_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_outlined_set_flags";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let stderr = &outcome.stderr;
    // The program's arguments: 30,000 elements, 4 rounds.
    let (n, rounds) = (30_000u64, 4usize);
    reductions_find_their_input_resident(&calls, 1..=5, rounds, ("p", 4 * n), stderr);
    assert!(!calls.iter().any(|c| c.name == "Main.main$loop6"), "{stderr}");
}

/// Host loops leaving iterations with `continue` run on the device
/// (`device_outlined_continue`): the four reductions over `p` (loops 1, 3 over `y`, 5 and
/// 6) find their input resident, upload nothing and bring down partials only; the stores
/// to `y` and `z` (loops 2 and 4) upload their array at the first call only and download
/// nothing. The loop storing and counting and the floating-point sum make no call (the
/// last method, loop 7, is the sum after the rounds).
#[test]
fn host_loops_with_continue_run_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_outlined_continue";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let stderr = &outcome.stderr;
    // The program's arguments: 30,000 elements, 4 rounds.
    let (n, rounds) = (30_000u64, 4usize);
    for k in [1, 5, 6] {
        reductions_find_their_input_resident(&calls, k..=k, rounds, ("p", 4 * n), stderr);
    }
    reductions_find_their_input_resident(&calls, 3..=3, rounds, ("y", 4 * n), stderr);
    stores_upload_once(&calls, &[(2, 4 * n, n), (4, 4 * n, n / 2)], rounds, None, stderr);
    let last: Vec<&CallTrace> = calls.iter().filter(|c| c.name == "Main.main$loop7").collect();
    assert_eq!(last.len(), 1, "{stderr}");
    assert!(!calls.iter().any(|c| c.name == "Main.main$loop8"), "{stderr}");
}

/// Host loops whose index is declared before them run on the device
/// (`device_outlined_declared_index`): the sum over `p` (loop 1) and the maximum over `y`
/// (loop 4) find their input resident and bring down partials only; the stores to `y` and
/// `z` (loops 2 and 3) upload their array at the first call only and download nothing.
/// The loops whose index is read after them make no call (loop 5 is the sum after the
/// rounds).
#[test]
fn host_loops_with_an_index_declared_before_run_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_outlined_declared_index";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let stderr = &outcome.stderr;
    // The program's arguments: 30,000 elements, 4 rounds.
    let (n, rounds) = (30_000u64, 4usize);
    reductions_find_their_input_resident(&calls, 1..=1, rounds, ("p", 4 * n), stderr);
    reductions_find_their_input_resident(&calls, 4..=4, rounds, ("y", 4 * n), stderr);
    stores_upload_once(&calls, &[(2, 4 * n, n), (3, 4 * n, n)], rounds, None, stderr);
    assert_eq!(calls.iter().filter(|c| c.name == "Main.main$loop5").count(), 1, "{stderr}");
    assert!(!calls.iter().any(|c| c.name == "Main.main$loop6"), "{stderr}");
}

/// Host loops storing away from their index run on the device (`device_outlined_place`):
/// the stores to `e[i - 1]`, `d[i + 2]` and `f[i - 1]` (loops 1 to 3) upload their array
/// at the first call only and download nothing, each iteration a work-item; the running
/// sum and the stores to two places make no call (loop 4 is the sum after the rounds).
#[test]
fn host_loops_storing_away_from_the_index_run_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_outlined_place";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let stderr = &outcome.stderr;
    // The program's arguments: 30,000 elements, 4 rounds.
    let (n, rounds) = (30_000u64, 4usize);
    let stores = [(1, 4 * n, n - 1), (2, 4 * (n + 2), n), (3, 4 * n, n - 1)];
    stores_upload_once(&calls, &stores, rounds, Some("p"), stderr);
    assert_eq!(calls.iter().filter(|c| c.name == "Main.main$loop4").count(), 1, "{stderr}");
    assert!(!calls.iter().any(|c| c.name == "Main.main$loop5"), "{stderr}");
}

/// Host loops keeping argument extrema of SOMD results run on the device
/// (`device_outlined_argext`): each round's six find `p` or `q` resident, upload nothing,
/// launch once and bring down their tables and partials only; the loop over a short result
/// runs once, and the one whose payload reads an element not proven in range makes no call.
#[test]
fn host_loops_keeping_argument_extrema_run_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_outlined_argext";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let stderr = &outcome.stderr;
    // The program's arguments: 100,000 elements, 3 rounds.
    let (n, rounds) = (100_000u64, 3usize);
    reductions_find_their_input_resident(&calls, 1..=2, rounds, ("p", 8 * n), stderr);
    reductions_find_their_input_resident(&calls, 3..=4, rounds, ("q", 4 * n), stderr);
    reductions_find_their_input_resident(&calls, 5..=6, rounds, ("p", 8 * n), stderr);
    assert_eq!(calls.iter().filter(|c| c.name == "Main.main$loop7").count(), 1, "{stderr}");
    assert!(!calls.iter().any(|c| c.name == "Main.main$loop8"), "{stderr}");
}

/// Host searches over SOMD results run on the device (`device_outlined_search`): each
/// round's six searches, the argument extremum with a `boolean` payload and the search to
/// `r.length - 1` inclusive find `r` resident, upload nothing, launch once and bring down
/// their tables and partials only; the loops that stay on the host make no call.
#[test]
fn host_searches_run_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_outlined_search";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let stderr = &outcome.stderr;
    // The program's arguments: 60,000 elements, 4 rounds.
    let (n, rounds) = (60_000u64, 4usize);
    reductions_find_their_input_resident(&calls, 1..=8, rounds, ("r", 8 * n), stderr);
    assert!(!calls.iter().any(|c| c.name == "Main.main$loop9"), "{stderr}");
}

/// Host searches leaving the match in an index read after them run on the device
/// (`device_outlined_found`): each round's six find `r` resident, upload nothing, launch
/// once and bring down their tables and partials only; the one whose test may read past
/// `r` makes no call.
#[test]
fn host_searches_for_an_index_run_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_outlined_found";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let stderr = &outcome.stderr;
    // The program's arguments: 30,000 elements, 4 rounds.
    let (n, rounds) = (30_000u64, 4usize);
    reductions_find_their_input_resident(&calls, 1..=6, rounds, ("r", 4 * n), stderr);
    assert!(!calls.iter().any(|c| c.name == "Main.main$loop7"), "{stderr}");
}

/// Host nests over SOMD results run on the device (`device_outlined_nests`): the sum, the
/// maximum and the argument maximum of the matrix `m` find it resident, upload nothing and
/// bring down partials only; the row sums, first negative columns, blocks of `a`, prefix
/// sums, the nest three deep, the loop assigning its own local and the run lengths under a
/// second bound each upload their array at their first call only, in one launch of a
/// work-item per outer iteration; the inner loop of the nest summing `a` for each `t` runs
/// twice a round over `a` resident.
#[test]
fn host_nests_run_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_outlined_nests";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let stderr = &outcome.stderr;
    // The program's arguments: 700 rows of 703 `long`s, 3 rounds; `a` holds 8 `int`s a row.
    let (n, rounds) = (700u64, 3usize);
    let matrix = ("m", 8 * n * (n + 3));
    reductions_find_their_input_resident(&calls, 1..=2, rounds, matrix, stderr);
    reductions_find_their_input_resident(&calls, 8..=8, rounds, matrix, stderr);
    let stores = [(3, 8 * n, n), (4, 4 * n, n), (5, 4 * n, n), (6, 8 * n, n), (7, 4 * n, n)];
    stores_upload_once(&calls, &stores, rounds, None, stderr);
    stores_upload_once(&calls, &[(9, 32 * n, 8 * n)], rounds, Some("a"), stderr);
    stores_upload_once(&calls, &[(11, 4 * n, n)], rounds, Some("m"), stderr);
    let summed: Vec<&CallTrace> = calls.iter().filter(|c| c.name == "Main.main$loop10").collect();
    assert_eq!(summed.len(), 2 * rounds, "{stderr}");
    for c in summed {
        let call = up_and_resident(c, true);
        assert!(c.resident.iter().any(|(b, k)| b == "a" && *k == 32 * n), "{call}");
        assert_eq!((c.launches, c.bytes_h2d), (1, 0), "{call}");
    }
    assert!(!calls.iter().any(|c| c.name == "Main.main$loop12"), "{stderr}");
}

/// Host loops storing into the rows of matrices from SOMD results run on the device
/// (`device_outlined_rows`): the rows scaled by their sums, the counts added into `c` and
/// the maxima into `v` upload their matrix at their first call only and download nothing,
/// in one launch of a work-item per row; the loop setting a cell of each row of `c` finds
/// it on the device; the loops into a matrix with a lent row or a shared row make no call.
#[test]
fn host_loops_storing_rows_run_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_outlined_rows";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let stderr = &outcome.stderr;
    // The program's arguments: 400 rows of 401 `double`s or `long`s, 3 rounds.
    let (n, rounds) = (400u64, 3usize);
    let matrix = 8 * n * (n + 1);
    let stores = [(1, matrix, n), (2, matrix, n), (3, 0, n), (4, matrix, n)];
    stores_upload_once(&calls, &stores, rounds, None, stderr);
    assert!(!calls.iter().any(|c| c.name == "Main.main$loop5"), "{stderr}");
}

/// Host loops over SOMD results written as `while` loops, `for` loops without an
/// initialiser, with a mirrored test or a decrement in the test run on the device
/// (`device_outlined_while`): the store uploads `y` at its first call only and downloads
/// nothing, the five reductions find `p` resident, and the loop whose index is read after
/// it makes no call.
#[test]
fn host_loops_in_other_forms_run_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_outlined_while";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let stderr = &outcome.stderr;
    // The program's arguments: 50,000 elements, 3 rounds.
    let (n, rounds) = (50_000u64, 3usize);
    stores_upload_once(&calls, &[(1, 8 * n, n)], rounds, Some("p"), stderr);
    reductions_find_their_input_resident(&calls, 2..=6, rounds, ("p", 8 * n), stderr);
    assert!(!calls.iter().any(|c| c.name == "Main.main$loop7"), "{stderr}");
}

/// Host loops stepping down over SOMD results run on the device (`device_outlined_down`):
/// the five reductions (from `n - 1`, `n + 1` and `n - 3` down, to 0, past `n / 2` and -2)
/// find `p` resident, upload nothing and bring down partials only; the loop writing `w` at
/// the index uploads it at its first call only.
#[test]
fn host_loops_stepping_down_run_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_outlined_down";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let stderr = &outcome.stderr;
    // The program's arguments: 100,000 elements, 3 rounds.
    let (n, rounds) = (100_000u64, 3usize);
    reductions_find_their_input_resident(&calls, 1..=5, rounds, ("p", 4 * n), stderr);
    let written: Vec<&CallTrace> = calls.iter().filter(|c| c.name == "Main.main$loop6").collect();
    assert_eq!(written.len(), rounds, "{stderr}");
    for (k, c) in written.iter().enumerate() {
        let call = up_and_resident(c, true);
        let up = if k == 0 { 8 * n } else { 0 };
        assert_eq!(c.bytes_h2d, up, "call {k}: {call}");
        assert_eq!((c.launches, c.bytes_d2h), (1, 0), "call {k}: {call}\n{stderr}");
    }
}

/// Host loops to `i <= hi` and stepping by constants other than 1 run on the device
/// (`device_outlined_steps`): the three reductions (by 3, to `n - 2` inclusive, by 7 down)
/// find `p` resident, upload nothing and bring down partials only; the four loops writing
/// `y` (to `last` inclusive, by 2, by 4 down, by 5 to `n - 1` inclusive) upload it at the
/// first call only, each with a work-item per iteration; the loop of eight iterations to
/// `few` (`int few = 8;`) makes no call.
#[test]
fn host_loops_stepping_by_constants_run_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_outlined_steps";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let stderr = &outcome.stderr;
    // The program's arguments: 30,001 elements, 4 rounds.
    let (n, rounds) = (30_001u64, 4usize);
    reductions_find_their_input_resident(&calls, 4..=6, rounds, ("p", 8 * n), stderr);
    // `i <= n - 1` from 0, `i += 2` from 1, `i -= 4` from `n - 1` to 2, `i += 5` from 0 to
    // `i <= n - 1`.
    let iterations = [(1, n), (2, (n - 1) / 2), (3, (n - 1 - 2) / 4 + 1), (7, (n - 1) / 5 + 1)];
    let mut first = true;
    for r in 0..rounds {
        for (k, work_items) in &iterations {
            let looped = format!("Main.main$loop{k}");
            let c = calls.iter().filter(|c| c.name == looped).nth(r);
            let Some(c) = c else { panic!("{looped}: no call {r}\n{stderr}") };
            let call = up_and_resident(c, true);
            let up = if first { 8 * n } else { 0 };
            first = false;
            assert_eq!(c.bytes_h2d, up, "{looped} call {r}: {call}");
            assert_eq!((c.launches, c.work_items), (1, *work_items), "{looped} call {r}: {call}");
            assert_eq!(c.bytes_d2h, 0, "{looped} call {r}: {call}\n{stderr}");
        }
    }
    assert!(!calls.iter().any(|c| c.name == "Main.main$loop8"), "{stderr}");
}

/// Host loops both storing and reducing, storing two arrays or reducing into two
/// accumulators run as a method for each (`device_split_loops`): the stores' arrays go up
/// once (`y`, `w`, `z`, `s1`, `s2`; `v`, which a host loop writes, every round), the
/// reductions find what the stores left, or the array before the stores, resident and bring
/// down partials only, and the copy after the maximum of the change moves nothing. A
/// floating-point sum after stores stays on the host, which downloads the stored `res`
/// once a round, and the next `relax` finds `res` on the device; the four loops that must
/// stay on the host make no call.
#[test]
fn split_host_loops_run_as_a_method_for_each_part() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_split_loops";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let stderr = &outcome.stderr;
    // The program's arguments: 30,001 elements, 4 rounds.
    let (n, rounds) = (30_001u64, 4usize);
    for (k, array) in [(2, "y"), (3, "u"), (6, "w"), (9, "v"), (11, "q"), (14, "s2")] {
        reductions_find_their_input_resident(&calls, k..=k, rounds, (array, 8 * n), stderr);
    }
    // The minimum of `q[i] - w[i]` (loop 10) reads `w`, which host loops write: up every
    // round, partials down.
    let least: Vec<(u64, bool)> = calls
        .iter()
        .filter(|c| c.name == "Main.main$loop10")
        .map(|c| (c.bytes_h2d, c.bytes_d2h <= 1024))
        .collect();
    assert_eq!(least, vec![(8 * n, true); rounds], "{stderr}");
    // The stores: `y` (loop 1), `u` (4), `w` (5), `z` (7, `int`s), `v` by 3 down (8), `s1`
    // and `s2` (12 and 13).
    for (k, up_first, up_later, work_items) in [
        (1, 8 * n, 0, n),
        (4, 0, 0, n),
        (5, 8 * n, 0, n),
        (7, 4 * n, 0, n),
        (8, 8 * n, 8 * n, (n - 1) / 3 + 1),
        (12, 8 * n, 0, n),
        (13, 8 * n, 0, n),
        (15, 8 * n, 0, n),
    ] {
        let looped = format!("Main.main$loop{k}");
        let each: Vec<&CallTrace> = calls.iter().filter(|c| c.name == looped).collect();
        assert_eq!(each.len(), rounds, "{looped}\n{stderr}");
        for (r, c) in each.iter().enumerate() {
            let call = up_and_resident(c, true);
            let up = if r == 0 { up_first } else { up_later };
            assert_eq!((c.bytes_h2d, c.bytes_d2h), (up, 0), "{looped} call {r}: {call}");
            assert_eq!((c.launches, c.work_items), (1, work_items), "{looped} call {r}: {call}");
        }
    }
    // The floating-point sum after loop 15's stores stays on the host: `res` comes down
    // once a round, and the next `relax` finds it on the device. `relax` uploads `x` and
    // `u` at their first calls and `hold`, which a host loop writes, every round; `res`
    // too if the host wrote it.
    let res_down = late_reads_of(stderr).iter().filter(|of| *of == "Main.main$loop15").count();
    assert_eq!(res_down, rounds, "{stderr}");
    let relax_up: u64 = calls.iter().filter(|c| c.name == "Main.relax").map(|c| c.bytes_h2d).sum();
    assert_eq!(relax_up, (2 + rounds as u64) * 8 * n, "{stderr}");
    assert!(!calls.iter().any(|c| c.name == "Main.main$loop16"), "{stderr}");
}

/// SOMD results moved at their last mention after further values (`device_moves_after_updates`):
/// `x` goes up once, for the first `smooth`; the outlined loop updating `p` before `x = p;`,
/// both `scale` calls and the outlined loop filling a fresh `nx` to `n` upload nothing and
/// download nothing (before, `p` came down and `x` went up every round, and `nx`'s zeros
/// went up); the loops filling `t` short of its length and `u` to `n - 1` send their zeros
/// up at every call.
#[test]
fn results_moved_after_updates_stay_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_moves_after_updates";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let stderr = &outcome.stderr;
    // The program's arguments: 50,000 `double`s, 5 rounds.
    let (bytes, rounds) = (8 * 50_000u64, 5usize);
    let smooth: Vec<u64> =
        calls.iter().filter(|c| c.name == "Main.smooth").map(|c| c.bytes_h2d).collect();
    let mut want = vec![0; 5 * rounds];
    want[0] = bytes;
    assert_eq!(smooth, want, "{stderr}");
    // Each construct's calls, with what each uploads and (where the host reads the result
    // in the round, the last `scale`s) downloads.
    for (looped, count, up, down) in [
        ("Main.main$loop1", rounds, 0, 0),
        ("Main.main$loop2", rounds, 0, 0),
        ("Main.main$loop3", rounds, bytes, 0),
        ("Main.main$loop4", rounds, bytes, 0),
        ("Main.main$loop5", rounds, 0, 0),
        ("Main.scale", 3 * rounds, 0, bytes),
    ] {
        let each: Vec<&CallTrace> = calls.iter().filter(|c| c.name == looped).collect();
        assert_eq!(each.len(), count, "{looped}\n{stderr}");
        for (k, c) in each.iter().enumerate() {
            let call = up_and_resident(c, true);
            // The second block's `scale`s (two a round) keep their results there; `old`
            // goes up for the copy's first call.
            let down = if looped == "Main.scale" && k < 2 * rounds { 0 } else { down };
            let up = if looped == "Main.main$loop5" && k == 0 { bytes } else { up };
            assert_eq!((c.bytes_h2d, c.bytes_d2h), (up, down), "{looped} {k}: {call}\n{stderr}");
        }
    }
}

/// Array fields of objects stay on the device across straight-line statements
/// (`device_field_regions`): `m.a` goes up once for `main`'s first four calls reading it
/// (before, at each), again after `m` is given another object (once for two calls), and
/// once for `both`'s two calls on `this`; the `d` two `m.scaled` calls take from their
/// receiver goes up once.
#[test]
fn array_fields_stay_on_the_device_across_statements() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_field_regions";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let stderr = &outcome.stderr;
    // The program's arguments: 400 x 400 `double`s.
    let n = 400u64;
    let how = |buffer: &str, bytes: u64| -> Vec<&str> {
        arrivals(&calls, buffer, bytes)
            .into_iter()
            .filter(|(name, _)| *name != "Mat.scaled")
            .map(|(_, how)| how)
            .collect()
    };
    let want = ["up", "resident", "resident", "resident", "up", "resident", "up", "resident"];
    assert_eq!(how("a", 8 * n * n), want, "{stderr}");
    let scaled: Vec<&str> = arrivals(&calls, "this_d", 8 * n)
        .into_iter()
        .filter(|(name, _)| *name == "Mat.scaled")
        .map(|(_, how)| how)
        .collect();
    assert_eq!(scaled, ["up", "resident"], "{stderr}");
}

/// SOMD results frozen for a `@` share their device copy (`device_frozen_results`):
/// `C @ f(new T[[]](y))` of a result the device left there uploads nothing, mapped or
/// broadcast, folded by a `!` or in a chain, reduced by a `!` itself, moved into another
/// local by its declaration (`double[] cur = c;`), frozen into a named value-array local,
/// and no SOMD call downloads its result. The host's store to `y` writes the element into
/// the device copy (`LazyArr::set`, seventieth session), so the freeze after it uploads
/// nothing either (before: the host's copy, once).
#[test]
fn frozen_somd_results_stay_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_frozen_results";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let stderr = &outcome.stderr;
    let n = 100_000u64;
    let somd = ["Main.scale", "Main.bump", "Main.ramp"];
    for call in calls.iter().filter(|c| somd.contains(&c.name.as_str())) {
        assert_eq!(call.bytes_d2h, 0, "{} downloads its result:\n{stderr}", call.name);
    }
    // `x` and `ix`, the host's arrays, go up at their first calls, and `own` after the
    // host's store to it.
    let somd_up: u64 =
        calls.iter().filter(|c| somd.contains(&c.name.as_str())).map(|c| c.bytes_h2d).sum();
    assert_eq!(somd_up, 8 * n + 4 * n + 8 * n, "{stderr}");
    let maps = ["Main.sq", "Main.around", "Main.diff", "Main.mix", "Main.inv"];
    let mapped: Vec<&CallTrace> =
        calls.iter().filter(|c| maps.contains(&c.name.as_str())).collect();
    // Three rounds of a `@` and a `@` folded by its `!`, the chain's two maps, `near`,
    // `before`, `after`, `gap`, `mixed`, the three rounds of `cur`, the named copy's map and
    // three rounds of two maps of it, `squares`, `ok`, `bad`.
    assert_eq!(mapped.len(), 26, "{stderr}");
    let ups: Vec<u64> = mapped.iter().map(|c| c.bytes_h2d).collect();
    assert_eq!(ups, vec![0; 26], "no freeze uploads:\n{stderr}");
    // The `!`s and the method fold of frozen results (a local's, or a call's result frozen
    // as it comes) reduce them where they are.
    let folds: Vec<u64> = calls
        .iter()
        .filter(|c| c.name.contains(" ! in ") || c.name == "Main.pick")
        .map(|c| c.bytes_h2d)
        .collect();
    assert!(folds.len() > 10 && folds.iter().all(|b| *b == 0), "{folds:?}\n{stderr}");
    // `scale(Somd.thaw(squares), 2.0)` and `scale(own, 3.0)` after `own =
    // Somd.thaw(squares)` take the `@` result's device copy: `scale`'s uploads are `x`'s
    // first and `own`'s after the host's store to it, none between.
    let scales: Vec<u64> =
        calls.iter().filter(|c| c.name == "Main.scale").map(|c| c.bytes_h2d).collect();
    let last = scales.len() - 1;
    assert!(scales[1..last].iter().all(|b| *b == 0), "{scales:?}\n{stderr}");
    assert_eq!(scales[last], 8 * n, "{stderr}");
    // A SOMD method's value-array parameter takes a frozen result as it is.
    let totals: Vec<u64> =
        calls.iter().filter(|c| c.name == "Main.total").map(|c| c.bytes_h2d).collect();
    assert_eq!(totals, [0, 0, 0], "{stderr}");
}

/// Ping-pong stencils keep both arrays on the device (`device_pingpong`): `b = step(a, b)`
/// writes the array it is handed over in place on the device and leaves it there, and the
/// swap `t = a; a = b; b = t;` exchanges the two handles, so after the first round nothing
/// crosses (the hand-written program's two buffers and a pointer swap). Before, every round
/// uploaded both arrays and downloaded the written one.
#[test]
fn swapped_somd_results_stay_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_pingpong";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let stderr = &outcome.stderr;
    let of =
        |method: &str| -> Vec<&CallTrace> { calls.iter().filter(|c| c.name == method).collect() };
    let n = 200_000u64;
    // `declared` (30 rounds of `int`s), `assigned` (40 of `double`s, a temporary declared
    // before the loop), `rotated` (12 rounds of three `double` buffers rotated through a
    // temporary) and `failing` (4 rounds, the fourth failing): the first round uploads both
    // inputs, later ones nothing; no round downloads its result.
    let cases =
        [("Main.step", 30, 4), ("Main.heat", 40, 8), ("Main.wave", 12, 8), ("Main.bump", 4, 4)];
    for (method, rounds, elem) in cases {
        let all = of(method);
        assert!(all.len() >= rounds, "{method}: {} calls\n{stderr}", all.len());
        let ups: Vec<u64> = all[..rounds].iter().map(|c| c.bytes_h2d).collect();
        assert_eq!(ups[0], 2 * elem * n, "{method} round 0:\n{stderr}");
        assert!(ups[1..].iter().all(|b| *b == 0), "{method} uploads {ups:?}:\n{stderr}");
        for call in &all[..rounds] {
            assert!(call.d2h.is_empty(), "{method} downloads {:?}:\n{stderr}", call.d2h);
        }
        // Both arguments are found on the device from the second round on.
        let mut resident: Vec<&str> = all[1].resident.iter().map(|(b, _)| b.as_str()).collect();
        resident.sort_unstable();
        assert_eq!(resident.len(), 2, "{method} round 1 finds {resident:?}:\n{stderr}");
    }
    // `chained` (two swaps in a row moving three arrays round, 10 rounds of `heat` after
    // `assigned`'s 40): from its third round on nothing crosses (its second uploads the
    // host-made `a`, which the swaps bring in), and no round downloads.
    let heat = of("Main.heat");
    assert_eq!(heat.len(), 50, "{stderr}");
    assert!(heat[42..].iter().all(|c| c.bytes_h2d == 0), "{stderr}");
    assert!(heat[40..].iter().all(|c| c.d2h.is_empty()), "{stderr}");
    // `kept` (`c = step(a, b)`, `b` read again after the call: the call writes its own
    // copy), `lent` and `stored` print Java's values: `traced_calls` compares the output.
}

/// SOMD results moved on by `prev = cur;` and `cur = next;` with statements between that
/// mention neither grid stay on the device (`keep::moved_local`): in `device_moved_apart`
/// the input crosses once for the two `start` calls, and no `wave` round uploads or
/// downloads anything (before, every round uploaded both grids and downloaded `cur`).
#[test]
fn results_moved_apart_stay_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_moved_apart";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let stderr = &outcome.stderr;
    // Sizes from the program's arguments: 200000 `double`s, 30 rounds.
    let (n, rounds) = (200_000u64, 30usize);
    let names: Vec<&str> = calls.iter().map(|c| c.name.as_str()).collect();
    let mut want = vec!["Main.start"; 2];
    want.extend(std::iter::repeat_n("Main.wave", rounds));
    assert_eq!(names, want, "{stderr}");
    let ups: Vec<u64> = calls.iter().map(|c| c.bytes_h2d).collect();
    assert_eq!(ups[0], 8 * n, "the input, once:\n{stderr}");
    assert!(ups[1..].iter().all(|b| *b == 0), "uploads {ups:?}:\n{stderr}");
    for call in &calls {
        assert!(call.d2h.is_empty(), "{} downloads {:?}:\n{stderr}", call.name, call.d2h);
    }
    for call in &calls[3..] {
        assert_eq!(call.resident.len(), 2, "both grids found:\n{stderr}");
    }
}

/// A wavefront's diagonals stay on the device (`somd_mir::analysis::lazy`): in
/// `device_wavefront` (600 x 500 cells, 1,099 diagonals) only the first `@` uploads
/// anything (the two strings and the literal first diagonals), and no call downloads a
/// diagonal: the two `min !`s bring down their partials alone. Before, every diagonal came
/// down after its `@` and went up again into the next one's.
#[test]
fn wavefront_diagonals_stay_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_wavefront";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let stderr = &outcome.stderr;
    let cells: Vec<&CallTrace> = calls.iter().filter(|c| c.name == "EditDist.cell").collect();
    // Diagonals 2 ..= n + m.
    assert_eq!(cells.len(), 600 + 500 - 1, "{stderr}");
    assert!(cells[0].bytes_h2d >= 600 + 500, "the strings go up first:\n{stderr}");
    assert!(cells[1..].iter().all(|c| c.bytes_h2d == 0), "later diagonals upload:\n{stderr}");
    let folds = calls.iter().filter(|c| c.name == "min ! in EditDist.main").count();
    assert_eq!(folds + cells.len(), calls.len(), "{stderr}");
    assert_eq!(folds, 2, "{stderr}");
    for call in &calls {
        let down: Vec<&str> = call.d2h.iter().map(|(b, _)| b.as_str()).collect();
        assert!(
            down.iter().all(|b| *b == "somd_reduce.partials"),
            "{} downloads {down:?}:\n{stderr}",
            call.name
        );
    }
    // The host reads one element of the last diagonal after the loop: one download of it.
    let late = stderr.lines().filter(|l| l.contains(r#""buffer":"somd_out_late""#)).count();
    assert_eq!(late, 1, "{stderr}");
}

/// Matrices that SOMD calls give new values each round stay on the device between the
/// calls (`rt::device::LazyMat`): `device_pingpong_2d`'s heat grids swapped through a
/// temporary and its Game of Life grid replaced by each generation go up once and never
/// come down until the host reads them after the loop.
#[test]
fn swapped_matrices_stay_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_pingpong_2d";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let stderr = &outcome.stderr;
    let of =
        |method: &str| -> Vec<&CallTrace> { calls.iter().filter(|c| c.name == method).collect() };
    // `heatRounds(48, 48, 40)` then `heatRounds(3, 1000, 40)` (two `double` grids each),
    // `lifeRounds(48, 53, 40)` (one `int` grid): the first round of each uploads its
    // grids, later ones nothing, and no round downloads.
    // `waveRounds(24, 40)` (`long` grids moved on by `prev = cur; cur = next;`) too.
    let heat = of("Main.heat");
    let life = of("Main.gen");
    let wave = of("Main.wave");
    assert!(heat.len() >= 80 && life.len() >= 40 && wave.len() >= 40, "{stderr}");
    let cases = [
        (&heat[..40], 2 * 8 * 48 * 48),
        (&heat[40..80], 2 * 8 * 3 * 1000),
        (&life[..40], 4 * 48 * 53),
        (&wave[..40], 2 * 8 * 24 * 25),
    ];
    for (rounds, first) in cases {
        let ups: Vec<u64> = rounds.iter().map(|c| c.bytes_h2d).collect();
        assert_eq!(ups[0], first, "{} round 0:\n{stderr}", rounds[0].name);
        assert!(ups[1..].iter().all(|b| *b == 0), "{} uploads {ups:?}:\n{stderr}", rounds[0].name);
        for call in rounds {
            assert!(call.d2h.is_empty(), "{} downloads {:?}:\n{stderr}", call.name, call.d2h);
        }
        assert!(!rounds[1].resident.is_empty(), "{} round 1:\n{stderr}", rounds[0].name);
    }
    // The Jacobi rounds read both grids on the host, `touched` stores to its grid, writes it
    // through a row and replaces a row between rounds, and `divide` fails in its third
    // round: `traced_calls` compares their output and exception with Java's.
}

/// Value arrays passed to SOMD methods are read where they already are on the device: in
/// the K-Means sample (Listing 7's step 2 taking the points and the memberships as value
/// arrays) every `clusterSums` call finds `points` (uploaded by the first `@`) and
/// `membership` (the latest `@`'s result) resident and uploads neither, and every
/// `nearest` after the first uploads only its new centres.
#[test]
fn value_array_parameters_stay_resident() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "kmeans";
    let Some((binary, expected)) = built_with_expected("samples", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let list = |v: &[(String, u64)]| v.iter().map(|(b, _)| b.clone()).collect::<Vec<_>>();
    let seen: Vec<String> = calls
        .iter()
        .map(|c| format!("{}: up {:?}, resident {:?}", c.name, list(&c.h2d), list(&c.resident)))
        .collect();
    let seen = seen.join("\n");
    let sums: Vec<&CallTrace> = calls.iter().filter(|c| c.name == "KMeans.clusterSums").collect();
    let maps: Vec<&CallTrace> = calls.iter().filter(|c| c.name == "KMeans.nearest").collect();
    assert!(!sums.is_empty(), "no device call of clusterSums in\n{}", outcome.stderr);
    assert!(maps.len() >= sums.len(), "an `@` before each clusterSums:\n{seen}");
    for call in sums {
        let mut kept = list(&call.resident);
        kept.sort_unstable();
        assert_eq!(kept, ["membership", "points"], "clusterSums inputs; the calls were\n{seen}");
        assert_eq!(call.bytes_h2d, 0, "clusterSums uploads; the calls were\n{seen}");
    }
    for call in &maps[1..] {
        assert_eq!(list(&call.resident), ["arg0"], "the points stay on the device:\n{seen}");
        assert_eq!(list(&call.h2d), ["arg1"], "only the new centres go up:\n{seen}");
    }
}

/// 3-D arrays on the device (`device_cube_planes`): the `@`s mapping a mutable volume give
/// each work-item a plane and upload the volume whole (500 planes of 6 x 7 doubles); the
/// value volume `int[[]][[]][[]]` (300 planes of 5 x 8 ints) goes up with the first call
/// that passes it and is found on the device by every later one, mapped (planes), broadcast
/// or a SOMD method parameter; the ragged volumes run on the CPU (no device call).
#[test]
fn device_cube_value_volumes_cross_once() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let Some((binary, expected)) = built_with_expected("tests/run", "device_cube_planes") else {
        return; // a filter left device_cube_planes out
    };
    let (outcome, calls) = traced_calls("device_cube_planes", binary, &expected, *opencl);
    let names: Vec<&str> = calls.iter().map(|c| c.name.as_str()).collect();
    let mut wanted = vec!["Main.plane", "Main.plane", "Main.mixed"];
    for _ in 0..4 {
        wanted.extend(["Main.vplane", "Main.vpick", "Main.pick"]);
    }
    assert_eq!(names, wanted, "device calls in the trace:\n{}", outcome.stderr);
    assert!(calls.iter().all(|c| c.launches == 1), "{}", outcome.stderr);
    let volume = 500 * 6 * 7 * 8;
    for call in &calls[..3] {
        assert!(call.h2d.contains(&("arg0".to_string(), volume)), "{}", outcome.stderr);
    }
    let values = 300 * 5 * 8 * 4;
    let up = |c: &CallTrace| c.h2d.iter().filter(|(_, b)| *b == values).count();
    let kept = |c: &CallTrace| c.resident.iter().filter(|(_, b)| *b == values).count();
    assert_eq!((up(&calls[3]), kept(&calls[3])), (1, 0), "{}", outcome.stderr);
    for call in &calls[4..] {
        assert_eq!((up(call), kept(call)), (0, 1), "{}: {}", call.name, outcome.stderr);
    }
}

/// A host loop that never writes the mutable arrays it passes to device calls keeps them on
/// the device (`somd_mir::analysis::keep`, note device-execution): in `device_keep` the
/// matrix and `x` of each SparseMatMult loop cross once and are `resident` in every later
/// call of that loop, and the segmented sum's sortedness of `row` and its run heads
/// (`somd_heads`, which cross once with the matrix) are known rather than computed again
/// (`fact` events). A loop after host writes uploads again (its own scope); an array the
/// loop stores an element of between calls is kept, each later call sending that element
/// ("Arrays the loop writes"); an array the SOMD method itself writes (by value) is kept too,
/// each call writing a copy made on the device; arrays written between calls through an
/// alias or by a called method are uploaded by every call. SparseMatMult's sample
/// uploads its matrix once for its ten iterations.
#[test]
fn device_keep_uploads_unchanged_arrays_once_per_loop() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    // The run heads of `row` are computed with its order and kept with it.
    let matrix = ["val", "row", "col", "x", "somd_heads"];
    let list = |v: &[(String, u64)]| v.iter().map(|(b, _)| b.clone()).collect::<Vec<_>>();
    if let Some((binary, expected)) = built_with_expected("tests/run", "device_keep") {
        let (outcome, calls) = traced_calls("device_keep", binary, &expected, *opencl);
        let seen: Vec<String> = calls
            .iter()
            .map(|c| format!("{}: up {:?}, resident {:?}", c.name, list(&c.h2d), list(&c.resident)))
            .collect();
        let seen = seen.join("\n");
        // Calls per loop, in order: the first of each uploads, the others find the arrays.
        // The statements from the first loop to the second never write `row` and `col`
        // (note device-execution, "Straight-line statements"): the second loop's first call
        // finds them, and the run heads computed from `row`, still on the device.
        let lent: &[&str] = &["row", "col", "somd_heads"];
        // Method, calls, arrays, kept by the loop, found at the loop's first call.
        type Loop<'a> = (&'a str, usize, &'a [&'a str], bool, &'a [&'a str]);
        let loops: [Loop; 8] = [
            ("Main.multiply", 4, &matrix, true, &[]),  // sparse
            ("Main.multiply", 3, &matrix, true, lent), // after writes (`break`)
            ("Main.multiply", 3, &matrix, true, &[]),  // firstAbove (`return` at the third)
            ("Main.multiply", 9, &matrix, true, &[]),  // firstAbove (never reached)
            ("Main.weigh", 3, &["a"], true, &[]),      // an element stored (sent again)
            // written through `alias`, a second name nothing reassigns: the array's own
            // stores since `alias_names`, so kept as the loop above
            ("Main.weigh", 3, &["a"], true, &[]),
            ("Main.weigh", 3, &["a"], false, &[]), // written by `poke`
            // written by the SOMD method, by value: each call writes a copy made on the device
            ("Main.bumpAll", 3, &["d"], true, &[]),
        ];
        // The loop storing `a[k]` after each call: its later calls send that `int` alone.
        let stored = |name: &str, arrays: &[&str]| name == "Main.weigh" && arrays == ["a"];
        let total: usize = loops.iter().map(|l| l.1).sum();
        assert_eq!(calls.len(), total, "device calls:\n{seen}");
        let mut k = 0;
        for (name, count, arrays, kept, lent) in loops {
            for n in 0..count {
                let call = &calls[k];
                let what = format!("call {k} ({name}, {n} of its loop); the calls were\n{seen}");
                assert_eq!(call.name, name, "{what}");
                let names = |list: &[&str]| list.iter().map(|a| a.to_string()).collect::<Vec<_>>();
                let stored = stored(name, arrays);
                let arrays = names(arrays);
                let (up, resident) = if kept && n > 0 && stored {
                    assert_eq!(call.h2d, [("a".to_string(), 4)], "the element stored, {what}");
                    (arrays.clone(), arrays)
                } else if kept && n > 0 {
                    (vec![], arrays)
                } else {
                    let (found, up): (Vec<String>, Vec<String>) =
                        arrays.into_iter().partition(|a| lent.contains(&a.as_str()));
                    (up, found)
                };
                assert_eq!(list(&call.h2d), up, "uploads of {what}");
                assert_eq!(list(&call.resident), resident, "resident inputs of {what}");
                k += 1;
            }
        }
        let known = outcome
            .stderr
            .lines()
            .filter(|l| l.contains(r#""event":"fact""#) && l.contains(r#""fact":"sorted""#))
            .count();
        // Every call of a keeping loop after its first finds `row`'s order known, and so
        // does the first call of a loop that finds `row` kept from before it.
        let later: usize = loops
            .iter()
            .filter(|l| l.3 && l.2.contains(&"row"))
            .map(|l| l.1 - 1 + usize::from(l.4.contains(&"row")))
            .sum();
        assert_eq!(known, later, "`row` checked once per loop:\n{}", outcome.stderr);
    }
    if let Some(binary) = built_binary("samples", "sparsematmult") {
        let outcome = run_with_env(binary, &[], *opencl, &[("SOMD_TRACE", "json")]);
        assert_eq!(outcome.status, Some(0), "sparsematmult stderr:\n{}", outcome.stderr);
        // The products (the loop adding each into `y` is a device call of its own,
        // `outline_loops`, whose inputs `host_loops_over_somd_results_run_on_the_device`
        // checks).
        let mut calls = device_calls(&outcome.stderr);
        calls.retain(|c| c.name == "SparseMatMult.multiply");
        assert_eq!(calls.len(), 10, "one product per iteration\n{}", outcome.stderr);
        for (k, call) in calls.iter().enumerate() {
            let (up, resident) =
                if k == 0 { (&matrix[..], &[][..]) } else { (&[][..], &matrix[..]) };
            assert_eq!(list(&call.h2d), up, "uploads of call {k}\n{}", outcome.stderr);
            assert_eq!(list(&call.resident), resident, "resident in call {k}\n{}", outcome.stderr);
        }
    }
}

/// Arrays passed to parameters that SOMD methods write (by value, LANGUAGE.md §2.1) stay on
/// the device across a host loop's calls and a region's: in `device_keep_by_value` each
/// array crosses once (an element the loop stores crosses again alone), and every later
/// call finds it `resident` and writes a copy made on the device, so the host's array, and
/// the kept buffer, keep their elements (the program prints them after the calls).
#[test]
fn device_keep_lends_copies_to_written_parameters() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let Some((binary, expected)) = built_with_expected("tests/run", "device_keep_by_value") else {
        return;
    };
    let (_, calls) = traced_calls("device_keep_by_value", binary, &expected, *opencl);
    let list = |v: &[(String, u64)]| v.iter().map(|(b, _)| b.clone()).collect::<Vec<_>>();
    let seen: Vec<String> = calls
        .iter()
        .map(|c| format!("{}: up {:?}, resident {:?}", c.name, c.h2d, list(&c.resident)))
        .collect();
    let seen = seen.join("\n");
    // Sizes from the program's arguments: 30000 elements, 4 rounds, a 64-row matrix.
    let (n, rounds) = (30000u64, 4usize);
    let cols = n / 64;
    // Method, uploads (array, bytes), arrays found on the device, per call in order.
    type Call<'a> = (&'a str, Vec<(&'a str, u64)>, &'a [&'a str]);
    let mut want: Vec<Call> = Vec::new();
    want.push(("Main.relax", vec![("a", 8 * n), ("b", 8 * n)], &[]));
    for _ in 1..rounds {
        // `a` is the last call's result, left on the device.
        want.push(("Main.relax", vec![], &["a", "b"]));
    }
    want.push(("Main.shift", vec![("x", 4 * n), ("w", 4 * n)], &[]));
    for _ in 1..rounds {
        // The element the loop stored after the last call.
        want.push(("Main.shift", vec![("w", 4)], &["x", "w"]));
    }
    // Straight-line calls: `x` is kept from the first loop on, `w` from here.
    want.push(("Main.shift", vec![("w", 4 * n)], &["x"]));
    want.push(("Main.shift", vec![], &["x", "w"]));
    want.push(("Main.twice", vec![], &["x", "y"]));
    want.push(("Main.grow", vec![("m", 8 * 64 * cols)], &[]));
    for _ in 1..rounds {
        want.push(("Main.grow", vec![], &["m"]));
    }
    for _ in 0..rounds {
        want.push(("Main.bump", vec![], &["d"]));
    }
    assert_eq!(calls.len(), want.len(), "device calls:\n{seen}");
    for (k, (call, (name, up, resident))) in calls.iter().zip(&want).enumerate() {
        let what = format!("call {k} ({name}); the calls were\n{seen}");
        assert_eq!(call.name, *name, "{what}");
        let up: Vec<(String, u64)> = up.iter().map(|(a, b)| (a.to_string(), *b)).collect();
        assert_eq!(call.h2d, up, "uploads of {what}");
        assert_eq!(list(&call.resident), *resident, "resident inputs of {what}");
    }
}

/// A host loop that never writes a matrix it passes to device calls keeps it on the device
/// too (`somd_mir::analysis::keep`, matrices): in `device_keep_matrix` the first loop's `m`
/// and the `dist` matrix `g` cross once and are `resident` in every later call of their
/// loops, as does one a SOMD method writes (by value: a copy made on the device), a loop
/// storing an element of `m` sends just that row again, while a matrix written through a
/// called method and one whose row has another name cross at every call.
#[test]
fn device_keep_holds_unchanged_matrices_once_per_loop() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let Some((binary, expected)) = built_with_expected("tests/run", "device_keep_matrix") else {
        return; // a filter left device_keep_matrix out
    };
    let (_, calls) = traced_calls("device_keep_matrix", binary, &expected, *opencl);
    // Calls per loop, in order: the matrix's buffer name and whether the loop keeps it.
    let loops: [(&str, usize, &str, Keeps); 6] = [
        ("Main.weigh", 4, "m", Keeps::Yes),
        ("Main.weigh", 3, "m", Keeps::Sending(43 * 4)), // an element stored: its row of 43
        ("Main.weigh", 3, "m", Keeps::No),              // written by `poke`
        ("Main.total", 3, "g", Keeps::Yes),             // a `dist` matrix
        ("Main.bumpAll", 3, "g", Keeps::Yes),           // written by the SOMD method (a copy)
        ("Main.weigh", 3, "m", Keeps::No),              // a row with another name
    ];
    let loops = loops.map(|(name, count, matrix, keeps)| (name, count, vec![matrix], keeps));
    assert_kept_per_loop(&calls, &loops);
}

/// How a loop of [`assert_kept_per_loop`] treats its buffers.
#[derive(Clone, Copy, PartialEq)]
enum Keeps {
    /// Every call uploads them.
    No,
    /// The first call uploads them, the later ones find them `resident`.
    Yes,
    /// As `Yes`, each later call also sending this many bytes of each: the part the loop
    /// stored to since the previous call ("Arrays the loop writes").
    Sending(u64),
}

/// Asserts that `calls` are, in order, the calls of `loops` (the construct's name, its
/// calls, the buffers a keep scope may hold, whether and how the loop keeps them).
fn assert_kept_per_loop(calls: &[CallTrace], loops: &[(&str, usize, Vec<&str>, Keeps)]) {
    let has = |v: &[(String, u64)], b: &str| v.iter().any(|(name, _)| name == b);
    let sent = |v: &[(String, u64)], b: &str| -> u64 {
        v.iter().filter(|(name, _)| name == b).map(|(_, n)| n).sum()
    };
    let seen: Vec<String> = calls
        .iter()
        .map(|c| format!("{}: up {:?}, resident {:?}", c.name, c.h2d, c.resident))
        .collect();
    let seen = seen.join("\n");
    assert_eq!(calls.len(), loops.iter().map(|l| l.1).sum::<usize>(), "calls:\n{seen}");
    let mut k = 0;
    for (name, count, buffers, keeps) in loops {
        for n in 0..*count {
            let call = &calls[k];
            let what = format!("call {k} ({name}, {n} of its loop); the calls were\n{seen}");
            assert_eq!(call.name, *name, "{what}");
            let resident = *keeps != Keeps::No && n > 0;
            for buffer in buffers {
                match keeps {
                    Keeps::Sending(bytes) if resident => {
                        assert_eq!(sent(&call.h2d, buffer), *bytes, "{buffer} sent in {what}");
                    }
                    _ => assert_eq!(
                        has(&call.h2d, buffer),
                        !resident,
                        "upload of {buffer} in {what}"
                    ),
                }
                assert_eq!(has(&call.resident, buffer), resident, "{buffer} resident in {what}");
            }
            k += 1;
        }
    }
}

/// Ragged matrices are kept on the same terms (`somd_mir::analysis::keep`, matrices): in
/// `device_keep_ragged` a matrix given its rows one by one and a literal of fresh rows
/// cross once (packed rows `arg0` and their offsets `arg0_off`) and are `resident` in every
/// later `@` (alone or fused into a `!`) of their loops; a loop replacing a row, and
/// matrices whose row has another name, upload at every call, and a loop keeping the
/// matrix after rows were replaced uploads its new rows once.
#[test]
fn device_keep_holds_unchanged_ragged_matrices_once_per_loop() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let Some((binary, expected)) = built_with_expected("tests/run", "device_keep_ragged") else {
        return; // a filter left device_keep_ragged out
    };
    let (_, calls) = traced_calls("device_keep_ragged", binary, &expected, *opencl);
    // Calls per loop, in order, and whether the loop keeps its matrix.
    let loops: [(&str, usize, bool); 6] = [
        ("Main.weigh", 4, true),
        ("Main.squares", 3, true), // a literal, fused into `+ !`
        ("Main.weigh", 3, false),  // a row replaced in the loop
        ("Main.weigh", 3, true),   // kept again
        ("Main.weigh", 3, false),  // a row with another name
        ("Main.weigh", 3, false),  // a row made as the value of an assignment
    ];
    let loops = loops.map(|(name, count, kept)| {
        let keeps = if kept { Keeps::Yes } else { Keeps::No };
        (name, count, vec!["arg0", "arg0_off"], keeps)
    });
    assert_kept_per_loop(&calls, &loops);
}

/// A host loop storing to elements of an array it passes to device calls keeps it on the
/// device all the same (`somd_mir::analysis::keep`, "Arrays the loop writes"): each store
/// statement marks its element (a matrix's row), and the next call writes only those spans
/// of the copy again. In `device_keep_written` every loop's first call uploads its array
/// whole and each later one finds it `resident` and sends only what the loop stored since;
/// the loop whose store cannot be marked (`x[at[k]]`) uploads at every call.
#[test]
fn device_keep_sends_only_what_the_loop_stored() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let Some((binary, expected)) = built_with_expected("tests/run", "device_keep_written") else {
        return; // a filter left device_keep_written out
    };
    let (_, calls) = traced_calls("device_keep_written", binary, &expected, *opencl);
    let sent = |c: &CallTrace, b: &str| -> u64 {
        c.h2d.iter().filter(|(name, _)| name == b).map(|(_, n)| n).sum()
    };
    let seen: Vec<String> = calls
        .iter()
        .map(|c| format!("{}: up {:?}, resident {:?}", c.name, c.h2d, c.resident))
        .collect();
    let seen = seen.join("\n");
    // Per loop: the construct, its buffer, the array's bytes, and the bytes the call after
    // round `k` sends (`None`: the whole array, every call).
    type Later = fn(u64) -> Option<u64>;
    let loops: [(&str, &str, u64, usize, Later); 6] = [
        // 5000 `int`s; x[k] and x[2k + 1] (one span at k = 0), x[4999 - k], x[100 .. 110).
        ("Main.total", "a", 20_000, 6, |_| Some(13 * 4)),
        // the call after the loop: its scope closed, the array goes up whole.
        ("Main.total", "a", 20_000, 1, |_| None),
        // 4000 `long`s; y[len - 2] after each call, y[3k] before the next.
        ("+ ! in Main.main", "reduce.input", 32_000, 5, |_| Some(2 * 8)),
        // 300 rows of 16 `int`s; an element of rows k and k + 5.
        ("Main.weigh", "arg0", 19_200, 5, |_| Some(2 * 16 * 4)),
        // packed rows of 1 to 9 `int`s; the last element of row k + 1, the first of row 150
        // (of 7).
        ("Main.weigh", "arg0", 3_972, 5, |k| Some(((k + 1) % 9 + 1) * 4 + 7 * 4)),
        // `x[at[k]] = -k`: not marked, so not kept.
        ("Main.total", "a", 20_000, 4, |_| None),
    ];
    assert_eq!(calls.len(), loops.iter().map(|l| l.3).sum::<usize>(), "calls:\n{seen}");
    let mut calls = calls.iter().enumerate();
    for (name, buffer, whole, count, later) in loops {
        for round in 0..count {
            let (k, call) = calls.next().expect("counted above");
            let what = format!("call {k} ({name}, {round} of its loop); the calls were\n{seen}");
            assert_eq!(call.name, name, "{what}");
            let part = if round == 0 { None } else { later(round as u64 - 1) };
            assert_eq!(
                sent(call, buffer),
                part.unwrap_or(whole),
                "bytes of {buffer} sent by {what}"
            );
            let resident = call.resident.iter().any(|(b, n)| b == buffer && *n == whole);
            assert_eq!(resident, part.is_some(), "{buffer} resident in {what}");
        }
    }
}

/// A host loop that touches a matrix between its device calls only through rows it fetches
/// before the call leaves the matrix on the device (`somd_mir::analysis::rows`, note
/// device-execution "Matrices left on the device"): in `device_rows`, `factor`'s first
/// `eliminate` uploads the matrix and every later one finds it `resident`, moving up only
/// the fetched pivot column (`row`; the argument `colK`, that same row, is copied on the
/// device) and down only the next pivot row (read ahead behind the launch, so its fetch
/// moves nothing); no call downloads the matrix. The inner loop of `repeat`
/// uploads its matrix once per scope. The sample LUFact moves no matrix after its first call.
/// The column updates run in the lanes form; its lane count does not change the output.
#[test]
fn device_rows_move_only_the_fetched_rows() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let list = |v: &[(String, u64)]| v.iter().map(|(b, _)| b.clone()).collect::<Vec<_>>();
    let bytes = |v: &[(String, u64)]| v.iter().map(|(_, n)| n).sum::<u64>();
    if let Some((binary, expected)) = built_with_expected("tests/run", "device_rows") {
        let (_, calls) = traced_calls("device_rows", binary, &expected, *opencl);
        let seen: Vec<String> = calls
            .iter()
            .map(|c| {
                format!(
                    "{}: up {:?}, resident {:?}, down {:?}",
                    c.name,
                    c.h2d,
                    list(&c.resident),
                    c.d2h
                )
            })
            .collect();
        let seen = seen.join("\n");
        let eliminate: Vec<&CallTrace> =
            calls.iter().filter(|c| c.name == "Main.eliminate").collect();
        // `factor`: one call per pivot of the 37 x 37 matrix; then `mixed`: 7 of its loop's
        // analysed calls, each followed by a call on another matrix that the scope does not
        // serve (it uploads that matrix and downloads its result).
        assert_eq!(eliminate.len(), 36 + 14, "{seen}");
        for (k, call) in eliminate[36..].iter().enumerate().filter(|(k, _)| k % 2 == 1) {
            let what = format!("mixed's other call {k}; the calls were\n{seen}");
            assert_eq!(list(&call.h2d), ["a", "colK"], "uploads of {what}");
            assert_eq!(call.bytes_d2h, 8 * 8 * 8, "the result comes down in {what}");
        }
        let row = 37 * 8;
        for (k, call) in eliminate[..36].iter().enumerate() {
            let what = format!("eliminate call {k}; the calls were\n{seen}");
            if k == 0 {
                assert_eq!(list(&call.h2d), ["a", "colK"], "uploads of {what}");
                assert!(call.resident.is_empty(), "resident inputs of {what}");
                assert_eq!(call.bytes_d2h, 0, "the matrix stays on the device in {what}");
            } else {
                assert_eq!(list(&call.h2d), ["row"], "uploads of {what}");
                assert_eq!(bytes(&call.h2d), row, "bytes up in {what}");
                assert_eq!(list(&call.resident), ["rows", "colK"], "resident inputs of {what}");
                // The first fetch from the device reads its row before the call; each call
                // then reads the next pivot row ahead, behind its launch, and that fetch
                // moves nothing.
                let fetched = if k == 1 { ["row", "row"].as_slice() } else { &["row"] };
                assert_eq!(list(&call.d2h), fetched, "downloads before and in {what}");
                assert_eq!(bytes(&call.d2h), row * fetched.len() as u64, "bytes down, {what}");
                assert_eq!(call.bytes_d2h, row, "only the next row comes down in {what}");
            }
        }
        // `repeat`: two calls per scope, four scopes; each first call uploads `m`.
        let shift: Vec<&CallTrace> = calls.iter().filter(|c| c.name == "Main.shift").collect();
        assert_eq!(shift.len(), 8, "{seen}");
        for (k, call) in shift.iter().enumerate() {
            let what = format!("shift call {k}; the calls were\n{seen}");
            if k % 2 == 0 {
                assert_eq!(list(&call.h2d), ["m"], "uploads of {what}");
            } else {
                assert!(call.h2d.is_empty(), "uploads of {what}");
                assert_eq!(list(&call.resident), ["rows"], "resident inputs of {what}");
            }
        }
        // The lanes form of the column updates (`strips.rs`) with one and with 16
        // work-items per column (each launch's work-group) gives the same output as the
        // suite's run with the lanes the device chose.
        for lanes in [1u64, 16] {
            let env = [("SOMD_LANES", &*lanes.to_string()), ("SOMD_TRACE", "json")];
            let outcome = run_with_env(binary, &expected.args, *opencl, &env);
            if let Some(why) = compare(&expected, &untraced(&outcome)) {
                panic!("device_rows with SOMD_LANES={lanes}: {why}");
            }
            let locals: Vec<u64> = outcome
                .stderr
                .lines()
                .filter_map(|l| serde_json::from_str::<Value>(l).ok())
                .filter(|e| e["event"] == "launch" && e["name"] == "Main_eliminate_loop1")
                .map(|e| e["local"].as_u64().unwrap_or(0))
                .collect();
            assert_eq!(locals.len(), 36 + 14, "SOMD_LANES={lanes}\n{}", outcome.stderr);
            assert!(locals.iter().all(|l| *l == lanes), "SOMD_LANES={lanes}: {locals:?}");
        }
    }
    if let Some(binary) = built_binary("samples", "lufact") {
        let outcome = run_with_env(binary, &[], *opencl, &[("SOMD_TRACE", "json")]);
        assert_eq!(outcome.status, Some(0), "lufact stderr:\n{}", outcome.stderr);
        let calls = device_calls(&outcome.stderr);
        assert_eq!(calls.len(), 199, "one device call per pivot\n{}", outcome.stderr);
        for (k, call) in calls.iter().enumerate().skip(1) {
            let resident = list(&call.resident);
            assert_eq!(resident, ["rows", "colK"], "resident in call {k}\n{}", outcome.stderr);
            assert_eq!(bytes(&call.h2d), 200 * 8, "bytes up in call {k}\n{}", outcome.stderr);
        }
    }
}

/// The `launch` events of a JSON trace, in order.
fn launch_events(trace: &str) -> Vec<Value> {
    trace
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|e| e["event"] == "launch")
        .collect()
}

/// `device_lane_reductions`: the inner loops reducing into a local of the row (sums,
/// extrema, counts, bitwise and product folds, Java's `Math.max` of `double`s, a
/// conditional maximum of `double`s) run in the lanes form, each row a work-group whose
/// lanes combine their values in local memory (`strips.rs`). With 1, 16 and 64 lanes per
/// row (loops of 3 to 300 columns: some have fewer columns than lanes) the output is the
/// Java twin's; each of those kernels launches `rows x lanes` work-items in groups of
/// `lanes`, and the floating-point sum (`means`) one work-item per row. Without
/// `SOMD_LANES` the rows fill the device: each kernel's rows variant runs, one work-item
/// per row.
#[test]
fn device_lane_reductions_combine_in_local_memory() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let Some((binary, expected)) = built_with_expected("tests/run", "device_lane_reductions")
    else {
        return;
    };
    let rows: u64 = 300;
    let rounds: usize = 3;
    let lanes_form = [
        ("Main_rowSums", rounds),
        ("Main_spread", rounds),
        ("Main_hashes", rounds),
        ("Main_bump_loop1", rounds),
        ("Main_peaks", 1),
        ("Main_firsts", 1),
    ];
    // Without `SOMD_LANES`, 300 rows fill PoCL's cores at one work-item each: every kernel
    // runs its rows variant (`strip_rows`).
    for lanes in [0u64, 1, 16, 64] {
        let setting = lanes.to_string();
        let env = match lanes {
            0 => vec![("SOMD_TRACE", "json")],
            _ => vec![("SOMD_LANES", &*setting), ("SOMD_TRACE", "json")],
        };
        let outcome = run_with_env(binary, &expected.args, *opencl, &env);
        if let Some(why) = compare(&expected, &untraced(&outcome)) {
            panic!("device_lane_reductions with SOMD_LANES={lanes}: {why}");
        }
        let launches = launch_events(&outcome.stderr);
        let of =
            |name: &str| -> Vec<&Value> { launches.iter().filter(|e| e["name"] == name).collect() };
        for (name, count) in lanes_form {
            if lanes == 0 {
                let seen = of(&format!("{name}_rows"));
                assert_eq!(seen.len(), count, "{name}_rows\n{}", outcome.stderr);
                assert!(seen.iter().all(|e| e["work_items"] == rows), "{name}_rows: {seen:?}");
                continue;
            }
            let seen = of(name);
            assert_eq!(seen.len(), count, "{name}, SOMD_LANES={lanes}\n{}", outcome.stderr);
            for e in seen {
                assert_eq!(e["local"], lanes, "{name}, SOMD_LANES={lanes}: {e}");
                assert_eq!(e["work_items"], rows * lanes, "{name}, SOMD_LANES={lanes}: {e}");
            }
        }
        let seen = of("Main_means");
        assert_eq!(seen.len(), 1, "Main_means, SOMD_LANES={lanes}\n{}", outcome.stderr);
        assert_eq!(seen[0]["work_items"], rows, "one work-item per row: {}", seen[0]);
    }
}

/// `device_lane_argext`: argument extrema over each row (the first largest `double` and its
/// column, the last smallest `int` with two payloads, the last largest of many ties in a
/// loop from -3) and conditional extrema of `float`s run in the lanes form, the lanes
/// combining their entries by value and then by iteration (`strips.rs`): with 1, 16 and 64
/// lanes per row (rows of 1 to 600 columns) the output is the Java twin's, first of `-0.0`
/// and `0.0`, NaN rows and winners before column 0 included, and each kernel launches
/// `rows x lanes` work-items in groups of `lanes`; the extremum whose payload may fail
/// (`guarded`) and the one whose payload the loop also counts (`counted`) keep one
/// work-item per row.
#[test]
fn device_lane_argext_combines_by_iteration() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let Some((binary, expected)) = built_with_expected("tests/run", "device_lane_argext") else {
        return;
    };
    let rows: u64 = 300;
    let rounds: usize = 2;
    for lanes in [1u64, 16, 64] {
        let setting = lanes.to_string();
        let env = [("SOMD_LANES", &*setting), ("SOMD_TRACE", "json")];
        let outcome = run_with_env(binary, &expected.args, *opencl, &env);
        if let Some(why) = compare(&expected, &untraced(&outcome)) {
            panic!("device_lane_argext with SOMD_LANES={lanes}: {why}");
        }
        let launches = launch_events(&outcome.stderr);
        let of =
            |name: &str| -> Vec<&Value> { launches.iter().filter(|e| e["name"] == name).collect() };
        let lanes_form = [
            ("Main_argmax", rounds),
            ("Main_lastMin", rounds),
            ("Main_lastMax", rounds),
            ("Main_floatPeaks", 1),
        ];
        for (name, count) in lanes_form {
            let seen = of(name);
            assert_eq!(seen.len(), count, "{name}, SOMD_LANES={lanes}\n{}", outcome.stderr);
            for e in seen {
                assert_eq!(e["local"], lanes, "{name}, SOMD_LANES={lanes}: {e}");
                assert_eq!(e["work_items"], rows * lanes, "{name}, SOMD_LANES={lanes}: {e}");
            }
        }
        for name in ["Main_guarded", "Main_counted"] {
            let seen = of(name);
            assert_eq!(seen.len(), rounds, "{name}, SOMD_LANES={lanes}\n{}", outcome.stderr);
            assert!(seen.iter().all(|e| e["work_items"] == rows), "{name}: {seen:?}");
        }
    }
}

/// `device_rows_cpu_call` runs its loop twice: first with the analysed call's second matrix
/// ragged, so that call runs on the CPU and disarms its row scope, and the other call of
/// `update` (another matrix, on the device) is an ordinary call that uploads its matrix and
/// downloads the whole result; then with the ragged matrix in the other call, so the
/// analysed call runs on the device in its row scope: its first call uploads the matrix and
/// leaves it there, every later one finds it `resident` (`rows`) and moves only the fetched
/// row. The program thus keeps exercising a row scope that engages, next to one disarmed.
/// `main` keeps the square `w` on the device across both runs (it lends it to `run`).
#[test]
fn device_rows_scope_engages_beside_a_cpu_call() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let Some((binary, expected)) = built_with_expected("tests/run", "device_rows_cpu_call") else {
        return;
    };
    let list = |v: &[(String, u64)]| v.iter().map(|(b, _)| b.clone()).collect::<Vec<_>>();
    let (outcome, calls) = traced_calls("device_rows_cpu_call", binary, &expected, *opencl);
    let names: Vec<&str> = calls.iter().map(|c| c.name.as_str()).collect();
    // n = 8: seven iterations per loop, one device call of `update` in each.
    assert_eq!(names, ["Main.update"; 14], "{}", outcome.stderr);
    let matrix = 8 * 8 * 8;
    for (k, call) in calls.iter().enumerate() {
        let what = format!("device call {k}\n{}", outcome.stderr);
        let (up, resident) = (list(&call.h2d), list(&call.resident));
        if k < 7 {
            // The ordinary call beside the disarmed scope: the whole matrix up and down.
            // `w` (`main`'s `square`, lent to `run` for both its runs) stays on the device
            // from the first call: "Helpers that make the device calls".
            assert!(up.contains(&"a".to_string()), "uploads of {what}");
            let w_kept: &[&str] = if k == 0 { &[] } else { &["w"] };
            assert_eq!(resident, w_kept, "resident inputs of {what}");
            assert_eq!(call.bytes_d2h, matrix, "the result comes down in {what}");
        } else if k == 7 {
            // The scope's first call: the matrix goes up and stays on the device.
            assert!(up.contains(&"a".to_string()), "uploads of {what}");
            assert_eq!(call.bytes_d2h, 0, "the matrix stays on the device in {what}");
        } else {
            assert_eq!(resident, ["rows", "w"], "resident inputs of {what}");
            assert!(!up.contains(&"a".to_string()), "uploads of {what}");
            assert!(call.bytes_d2h < matrix, "only rows come down in {what}");
        }
    }
}

/// Under `auto`, a repeated SOMD method measures its calls on the device and on the CPU and
/// keeps the faster (`rt::opencl::adapt`, note device-execution "Adaptive `auto`"), with the
/// same output: `SOMD_AUTO_ANY=1` makes the suite's OpenCL device (PoCL on a machine without
/// a GPU) `auto`'s device. LUFact's `eliminate` (199 calls at one place) and device_keep's
/// `multiply` (19 calls at three places, in loops that keep their matrix on the device, so
/// CPU calls in a keep scope read the host's arrays) start on the device; each call site
/// (the placement's `site`) runs on both while measuring, then where the trace's reason
/// says was faster, and a site with more calls than its measuring settles; the device
/// calls are real (`call` events). Under `SOMD_ADAPT=off` every call runs on the device, as
/// `auto` did before.
#[test]
fn adaptive_auto_measures_both_placements_and_keeps_the_faster() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let auto = Placement { device: "auto", ..*opencl };
    let cases = [
        ("samples", "lufact", "LUFact.eliminate", 1),
        ("tests/run", "device_keep", "Main.multiply", 3),
    ];
    for (suite, name, label, places) in cases {
        let Some((binary, expected)) = built_with_expected(suite, name) else { continue };
        let env = [("SOMD_TRACE", "json")];
        let outcome = run_with_env(binary, &expected.args, auto, &env);
        if let Some(why) = compare(&expected, &untraced(&outcome)) {
            panic!("{name} under adaptive auto: {why}\n{}", outcome.stderr);
        }
        let sites = placements_by_site(&outcome.stderr, label);
        assert_eq!(sites.len(), places, "{name}: call sites of {label}\n{sites:#?}");
        assert!(sites.iter().all(|(s, _)| !s.is_empty()), "{name}: a placement without its site");
        let mut settled = 0;
        for (site, events) in &sites {
            let seen = format!("{name}: placements of {label} at {site}:\n{events:#?}");
            // Measuring: device, device, CPU, CPU, device, CPU, or a prefix of at least
            // three when one placement wins clearly (or the site has no more calls).
            let measuring =
                events.iter().take_while(|(_, r)| r.starts_with("auto: measuring ")).count();
            assert!(measuring <= 6 && (measuring >= 3 || measuring == events.len()), "{seen}");
            let order: Vec<&str> = events[..measuring].iter().map(|(p, _)| p.as_str()).collect();
            assert_eq!(
                order,
                ["opencl", "opencl", "cpu", "cpu", "opencl", "cpu"][..measuring],
                "{seen}"
            );
            assert_eq!(events[0].1, "auto: measuring opencl (warm-up)", "{seen}");
            if measuring >= 3 {
                assert_eq!(events[2].1, "auto: measuring cpu (warm-up)", "{seen}");
            }
            if events.len() == measuring {
                continue;
            }
            settled += 1;
            // Later calls run on the winner, but for re-checks of the loser; a re-check
            // that wins swaps the sides (on a loaded machine it may).
            let mut winner = events[measuring].0.clone();
            let mut rechecked = false;
            for (placement, reason) in &events[measuring..] {
                if reason.starts_with("auto: re-checking ") {
                    assert_ne!(placement, &winner, "a re-check tries the loser\n{seen}");
                    rechecked = true;
                    continue;
                }
                if rechecked && placement != &winner {
                    winner = placement.clone();
                }
                rechecked = false;
                assert_eq!(placement, &winner, "{seen}");
                let kept = reason.starts_with(&format!("auto: {winner} kept ("));
                let faster = reason.starts_with(&format!("auto: {winner} faster ("));
                assert!(faster || kept, "{seen}");
                assert!(reason.ends_with(" ms)") && reason.contains(" ms vs "), "{seen}");
            }
        }
        assert!(settled > 0, "{name}: no site of {label} settled\n{sites:#?}");
        let on_device = sites.iter().flat_map(|(_, e)| e).filter(|(p, _)| p == "opencl").count();
        let calls = device_calls(&outcome.stderr).iter().filter(|c| c.name == label).count();
        assert_eq!(calls, on_device, "every device placement ran on the device\n{sites:#?}");
        // Every CPU placement ran the CPU back end, which traces the call as an event of
        // its own, with its time (`cpu_call`).
        let on_cpu = sites.iter().flat_map(|(_, e)| e).filter(|(p, _)| p == "cpu").count();
        let cpu_calls = outcome
            .stderr
            .lines()
            .filter_map(|l| serde_json::from_str::<Value>(l).ok())
            .filter(|e| e["event"] == "cpu_call" && e["method"] == label)
            .filter(|e| e["placement"] == "cpu" && e["time_ms"].as_f64().is_some())
            .count();
        assert_eq!(cpu_calls, on_cpu, "every CPU placement ran on the CPU\n{sites:#?}");

        let env = [("SOMD_TRACE", "json"), ("SOMD_ADAPT", "off")];
        let outcome = run_with_env(binary, &expected.args, auto, &env);
        if let Some(why) = compare(&expected, &untraced(&outcome)) {
            panic!("{name} under SOMD_ADAPT=off: {why}\n{}", outcome.stderr);
        }
        let events = placements_traced(&outcome.stderr);
        let mine: Vec<_> = events.iter().filter(|(n, _, _)| n == label).collect();
        assert!(!mine.is_empty(), "{}", outcome.stderr);
        assert!(mine.iter().all(|(_, p, r)| p == "opencl" && r == "auto"), "{mine:#?}");
    }
}

/// Isolated filter tasks run on the device in batches of the items arriving while the last
/// batch ran: under `SOMD_TRACE=json` the worker's device calls together cover every item once.
/// Between consecutive device filters the items stay on the device: the first never
/// downloads, the second never uploads. A failure recorded by the kernel runs the batch
/// again on the CPU, so `exc_task` (a division by zero in the fifth item) and
/// `exc_task_chain` (in the second of two chained filters) print and fail exactly as on
/// the CPU (the suite compares their output on every placement) after a device call.
#[test]
fn device_filter_tasks_run_in_batches() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    // Suite, program, worker, items it receives (0 = the kernel fails: the CPU reruns),
    // whether its inputs / its results stay on the device (chained device filters).
    let cases = [
        ("samples", "pipeline", "Pipeline.square", 20, false, false),
        ("tests/run", "exc_task", "Main.invert", 0, false, false),
        ("tests/run", "exc_task_chain", "Main.shift", 0, false, true),
        ("tests/run", "device_tasks", "Main.spread", 300, false, true),
        ("tests/run", "device_tasks", "Main.width", 300, true, true),
        ("tests/run", "device_tasks", "Main.mix", 300, true, false),
        // `int` results into a `long` worker stay, widened on the device (`device::widen`).
        ("tests/run", "device_tasks", "Main.twice", 300, false, true),
        ("tests/run", "device_tasks", "Main.plusOne", 300, true, false),
    ];
    for (suite, name, worker, items, input_kept, output_kept) in cases {
        let Some((binary, expected)) = built_with_expected(suite, name) else { continue };
        let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
        let batches: Vec<&CallTrace> = calls.iter().filter(|c| c.name == worker).collect();
        assert!(!batches.is_empty(), "{name}: no device call of {worker} in\n{}", outcome.stderr);
        if items > 0 {
            let covered: u64 = batches.iter().map(|c| c.work_items).sum();
            assert_eq!(covered, items, "{name}: items of {worker} on the device");
        }
        // The call events' own totals: tasks run on their own threads, so the transfer
        // events of different calls interleave.
        for batch in &batches {
            let (up, down) = (batch.bytes_h2d, batch.bytes_d2h);
            assert_eq!(up == 0, input_kept, "{name}: {worker} uploads {up} bytes");
            if items > 0 {
                assert_eq!(down == 0, output_kept, "{name}: {worker} downloads {down} bytes");
            }
        }
    }
}

/// A device filter slower than the one feeding it (`task_joined_batches`) joins the
/// batches left on the device that waited on its edge and runs them in one call: it makes
/// fewer calls than the first filter, each uploading nothing, and both cover every item
/// once. Run one by one, each of the first filter's batches was a call of the second.
#[test]
fn device_filters_join_batches_left_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "task_joined_batches";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (outcome, calls) = traced_calls(name, binary, &expected, *opencl);
    let of =
        |worker: &str| -> Vec<&CallTrace> { calls.iter().filter(|c| c.name == worker).collect() };
    let (cheap, heavy) = (of("Main.cheap"), of("Main.heavy"));
    for batches in [&cheap, &heavy] {
        let covered: u64 = batches.iter().map(|c| c.work_items).sum();
        assert_eq!(covered, 20_000, "{}", outcome.stderr);
    }
    assert!(heavy.iter().all(|c| c.bytes_h2d == 0), "{}", outcome.stderr);
    assert!(
        heavy.len() < cheap.len(),
        "{} calls of Main.heavy for {} batches of Main.cheap\n{}",
        heavy.len(),
        cheap.len(),
        outcome.stderr
    );
}

/// The kernel names of the `launch` events of a `SOMD_TRACE=json` run, in order.
fn launched_kernels(stderr: &str) -> Vec<String> {
    stderr
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter(|event| event["event"] == "launch")
        .map(|event| event["name"].as_str().unwrap_or_default().to_string())
        .collect()
}

/// Under `SOMD_DEVICE=opencl`, `device_constant`'s `mix`, whose key every work-item reads at
/// the same indices, launches the `__constant` variant of its kernel (`Main_mix_c`), also
/// for the short key whose uniform read fails at line 15 as Java does; `spread`'s table
/// (1.2 MB) the plain kernel; and with `SOMD_CONSTANT_LIMIT` below the key's 32 bytes,
/// `mix` the plain kernel too. The output is the Java twin's every time. The first run
/// sets the limit to 1 MiB: devices report different amounts of constant memory (PoCL 1 or
/// 2 MiB depending on the host, an NVIDIA GPU 64 KiB), which would decide `spread`'s form.
#[test]
fn device_constant_arrays_use_the_constant_variant_when_they_fit() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let Some((binary, expected)) = built_with_expected("tests/run", "device_constant") else {
        return; // a filter left device_constant out
    };
    let env = [("SOMD_TRACE", "json"), ("SOMD_CONSTANT_LIMIT", "1048576")];
    let outcome = run_with_env(binary, &expected.args, *opencl, &env);
    if let Some(why) = compare(&expected, &untraced(&outcome)) {
        panic!("device_constant with SOMD_CONSTANT_LIMIT=1048576: {why}\n{}", outcome.stderr);
    }
    let calls = device_calls(&outcome.stderr);
    let launched: Vec<(&str, u64)> = calls.iter().map(|c| (c.name.as_str(), c.launches)).collect();
    assert_eq!(
        launched,
        [("Main.mix", 1), ("Main.spread", 1), ("Main.mix", 1)],
        "{}",
        outcome.stderr
    );
    assert_eq!(
        launched_kernels(&outcome.stderr),
        ["Main_mix_c", "Main_spread", "Main_mix_c"],
        "{}",
        outcome.stderr
    );
    let env = [("SOMD_TRACE", "json"), ("SOMD_CONSTANT_LIMIT", "16")];
    let lowered = run_with_env(binary, &expected.args, *opencl, &env);
    if let Some(why) = compare(&expected, &untraced(&lowered)) {
        panic!("device_constant with SOMD_CONSTANT_LIMIT=16: {why}");
    }
    assert_eq!(
        launched_kernels(&lowered.stderr),
        ["Main_mix", "Main_spread", "Main_mix"],
        "{}",
        lowered.stderr
    );
}

/// Under `SOMD_DEVICE=opencl` with `SOMD_NESTED_FORM=slices` (the form a GPU chooses for
/// enough elements; a CPU device runs the lanes form, which the suite covers), the nested
/// folds over rows of a broadcast 2-D array run split into slices and combined by
/// `<kernel>_combine`, with the Java twin's output, failures included; with the mapped rows
/// the function only reads staged in `__local` memory and without (`SOMD_STAGE_ROWS=0`).
#[test]
fn nested_folds_match_in_the_slices_form() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let names = [
        "device_nested_slices",
        "exc_nested_slices_bounds",
        "exc_nested_slices_empty",
        "device_nested_staged",
        "exc_nested_staged_bounds",
        "device_private_staged",
        "device_sad",
        "exc_sad_bounds",
        "device_sad_staged",
        "exc_sad_bounds_minuend",
    ];
    // Rows staged in `__local` memory (the default where they fit) and read from global
    // memory (`SOMD_STAGE_ROWS=0`): note `device-execution`, "Staged rows".
    for (name, staging) in names.iter().flat_map(|n| [(*n, true), (*n, false)]) {
        let Some((binary, expected)) = built_with_expected("tests/run", name) else {
            continue; // a filter left it out
        };
        let stage = if staging { "1" } else { "0" };
        let env =
            [("SOMD_TRACE", "json"), ("SOMD_NESTED_FORM", "slices"), ("SOMD_STAGE_ROWS", stage)];
        let outcome = run_with_env(binary, &expected.args, *opencl, &env);
        let plain = untraced(&outcome);
        if let Some(why) = compare(&expected, &plain) {
            panic!("{name} in the slices form (staged rows: {staging}): {why}");
        }
        let combined =
            launched_kernels(&outcome.stderr).iter().filter(|k| k.ends_with("_combine")).count();
        let staged = outcome.stderr.lines().filter(|l| l.contains("\"event\":\"stage\"")).count();
        if name.starts_with("device_") {
            assert!(combined > 0, "{name}: no slices were combined:\n{}", outcome.stderr);
            // Every launch of the slices form stages the mapped rows its function only
            // reads (`key`; `tile` and `weights`), unless turned off.
            assert_eq!(staged > 0, staging, "{name}: stage events\n{}", outcome.stderr);
        }
        if !staging {
            assert_eq!(staged, 0, "{name}: staged with SOMD_STAGE_ROWS=0");
        }
    }
}

/// The SAD idiom (note device-execution, "The SAD idiom"): `device_sad`,
/// `device_sad_staged`, `exc_sad_bounds` and `exc_sad_bounds_minuend` run their loops on
/// `uchar` rows (every argument's `narrow` event says `uchar` for the byte tables and the
/// exceptions' two calls, never for the `int` ones, and one side only for the mixed one) in
/// the default form (lanes, on a CPU device), and give the same output, exception and
/// position with `SOMD_NARROW=off` (`int` storage, no byte path). The slices form, staged
/// as bytes or not, is run by `nested_folds_match_in_the_slices_form`.
#[test]
fn device_sad_loops_match_on_bytes_and_on_int() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    for (name, bytes_calls) in [
        ("device_sad", 5),
        ("exc_sad_bounds", 2),
        ("exc_sad_bounds_minuend", 2),
        ("device_sad_staged", 4),
    ] {
        let Some((binary, expected)) = built_with_expected("tests/run", name) else {
            continue; // a filter left it out
        };
        for narrow in ["on", "off"] {
            let env = [("SOMD_TRACE", "json"), ("SOMD_NARROW", narrow)];
            let outcome = run_with_env(binary, &expected.args, *opencl, &env);
            if let Some(why) = compare(&expected, &untraced(&outcome)) {
                panic!("{name} with SOMD_NARROW={narrow}: {why}");
            }
            let types: Vec<(String, String)> = outcome
                .stderr
                .lines()
                .filter_map(|l| serde_json::from_str::<Value>(l).ok())
                .filter(|e| e["event"] == "narrow")
                .map(|e| {
                    let text = |key: &str| e[key].as_str().unwrap_or_default().to_string();
                    (text("buffer"), text("type"))
                })
                .collect();
            let uchar =
                |buffer: &str| types.iter().filter(|(b, t)| b == buffer && t == "uchar").count();
            if narrow == "off" {
                assert!(types.is_empty(), "{name}: {types:?}");
            } else if name == "device_sad" {
                // Five byte tables, then `int` against `int`, then bytes against `int`.
                let (tiles, library) = (bytes_calls + 1, bytes_calls);
                assert_eq!((uchar("arg0"), uchar("arg1")), (tiles, library), "{types:?}");
                assert_eq!(types.len(), tiles + library, "{types:?}");
            } else if name == "device_sad_staged" {
                // Tiles, keys and library bytes in four calls; the `int` call has none.
                let all = (uchar("arg0"), uchar("arg1"), uchar("arg2"));
                assert_eq!(all, (bytes_calls, bytes_calls, bytes_calls), "{types:?}");
                assert_eq!(types.len(), 3 * bytes_calls, "{types:?}");
            } else {
                assert_eq!((uchar("arg0"), uchar("arg1")), (bytes_calls, bytes_calls), "{types:?}");
            }
        }
    }
    // In the slices form the tiles are staged one byte per element when stored as `uchar`
    // (the `stage` event's bytes per work-item: the row length), four as `int`; in
    // `device_sad_staged` the tile and its key row (45 long in the second call) both.
    let staged_rows: [(&str, &[u64]); 2] = [
        ("device_sad", &[64, 37, 16, 5, 100, 4 * 37, 37]),
        ("device_sad_staged", &[64 + 64, 37 + 45, 16 + 16, 5 + 5, 4 * 37 + 4 * 37]),
    ];
    for (name, expected_per_item) in staged_rows {
        let Some((binary, expected)) = built_with_expected("tests/run", name) else {
            continue;
        };
        let env = [("SOMD_TRACE", "json"), ("SOMD_NESTED_FORM", "slices")];
        let outcome = run_with_env(binary, &expected.args, *opencl, &env);
        assert!(compare(&expected, &untraced(&outcome)).is_none(), "{}", outcome.stderr);
        let per_item: Vec<u64> = outcome
            .stderr
            .lines()
            .filter_map(|l| serde_json::from_str::<Value>(l).ok())
            .filter(|e| e["event"] == "stage")
            .map(|e| e["bytes"].as_u64().unwrap_or(0) / e["local"].as_u64().unwrap_or(1).max(1))
            .collect();
        assert_eq!(per_item, expected_per_item, "{name}: {}", outcome.stderr);
    }
}

/// Rows held in registers across a fold (note `device-execution`, "Rows held in
/// registers"): the SAD programs give their Java twins' output and exception in both nested
/// forms, staged and not, with rows held (the default) and with `SOMD_HOLD_ROWS=0` (the
/// same binary built with `-DSOMD_HOLD_OFF`: the rows read from memory). In
/// `device_sad_held` the tiles, keys and library rows go up as `uchar` in all seven calls,
/// so the held path (lengths below 80) and the memory path (80 and 96) both ran.
#[test]
fn device_sad_rows_held_in_registers_match() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    for name in [
        "device_sad_held",
        "exc_sad_held_bounds",
        "device_sad",
        "device_sad_staged",
        "exc_sad_bounds",
        "exc_sad_bounds_minuend",
    ] {
        let Some((binary, expected)) = built_with_expected("tests/run", name) else {
            continue; // a filter left it out
        };
        for (hold, form, stage) in [
            ("1", "lanes", "1"),
            ("0", "lanes", "1"),
            ("1", "slices", "1"),
            ("0", "slices", "1"),
            ("1", "slices", "0"),
            ("0", "slices", "0"),
        ] {
            let env = [
                ("SOMD_TRACE", "json"),
                ("SOMD_HOLD_ROWS", hold),
                ("SOMD_NESTED_FORM", form),
                ("SOMD_STAGE_ROWS", stage),
            ];
            let outcome = run_with_env(binary, &expected.args, *opencl, &env);
            if let Some(why) = compare(&expected, &untraced(&outcome)) {
                panic!("{name} with SOMD_HOLD_ROWS={hold} {form} SOMD_STAGE_ROWS={stage}: {why}");
            }
            if name == "device_sad_held" {
                let uchar = outcome
                    .stderr
                    .lines()
                    .filter_map(|l| serde_json::from_str::<Value>(l).ok())
                    .filter(|e| e["event"] == "narrow" && e["type"] == "uchar")
                    .count();
                assert_eq!(uchar, 3 * 7, "{name}: {}", outcome.stderr);
            }
        }
    }
}

/// `int` value arrays stored narrow (note device-execution, "Narrow storage"): in
/// `device_narrow` one kernel runs on tables whose elements fit `uchar`, `char`, `ushort`,
/// `short` and only `int`; each argument that fits is uploaded in its narrow type (a
/// `narrow` event, and an upload of that many bytes: a quarter or a half of the `int`
/// bytes), the others as `int`; with `SOMD_NARROW=off` every upload is the `int` one. The
/// outputs match the Java twin in both runs (checked by `traced_calls` and below).
#[test]
fn device_narrow_arrays_upload_narrow() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let Some((binary, expected)) = built_with_expected("tests/run", "device_narrow") else {
        return;
    };
    let (outcome, calls) = traced_calls("device_narrow", binary, &expected, *opencl);
    let mut narrow = Vec::new();
    for line in outcome.stderr.lines() {
        let Ok(event) = serde_json::from_str::<Value>(line) else { continue };
        if event["event"] == "narrow" {
            let text = |key: &str| event[key].as_str().unwrap_or_default().to_string();
            narrow.push((text("buffer"), text("type"), event["bytes"].as_u64().unwrap_or(0)));
        }
    }
    // (tiles, library, weights) per call: elements, and the narrow type or "int".
    let wanted: [[(u64, &str); 3]; 6] = [
        [(300 * 64, "uchar"), (500 * 64, "uchar"), (3, "uchar")],
        [(300 * 64, "char"), (500 * 64, "char"), (3, "uchar")],
        [(300 * 16, "ushort"), (500 * 16, "ushort"), (3, "uchar")],
        [(300 * 16, "short"), (500 * 16, "short"), (3, "uchar")],
        [(300 * 16, "int"), (500 * 16, "uchar"), (3, "int")],
        [(64, "uchar"), (1000 * 64, "short"), (3, "uchar")],
    ];
    let size = |t: &str| match t {
        "uchar" | "char" => 1,
        "ushort" | "short" => 2,
        _ => 4,
    };
    let best: Vec<&CallTrace> = calls.iter().filter(|c| c.name == "Main.best").collect();
    assert_eq!(best.len(), wanted.len(), "{}", outcome.stderr);
    let mut events = narrow.iter();
    for (call, want) in best.iter().zip(wanted.iter()) {
        for (k, (count, ty)) in want.iter().enumerate() {
            let buffer = format!("arg{k}");
            let bytes = count * size(ty);
            if *ty != "int" {
                assert_eq!(events.next(), Some(&(buffer.clone(), ty.to_string(), bytes)));
            }
            assert!(
                call.h2d.contains(&(buffer.clone(), bytes)),
                "{buffer} of {count} elements as {ty}: uploads {:?}",
                call.h2d
            );
        }
    }
    assert_eq!(events.next(), None, "{narrow:?}");
    // The same binary with `int` storage: every upload four bytes per element.
    let off = run_with_env(
        binary,
        &expected.args,
        *opencl,
        &[("SOMD_TRACE", "json"), ("SOMD_NARROW", "off")],
    );
    assert!(compare(&expected, &untraced(&off)).is_none(), "{}", off.stderr);
    assert!(!off.stderr.contains("\"narrow\""), "{}", off.stderr);
    let off_calls = device_calls(&off.stderr);
    let off_best: Vec<&CallTrace> = off_calls.iter().filter(|c| c.name == "Main.best").collect();
    assert_eq!(off_best.len(), wanted.len(), "{}", off.stderr);
    for (call, want) in off_best.iter().zip(wanted.iter()) {
        for (k, (count, _)) in want.iter().enumerate() {
            assert!(call.h2d.contains(&(format!("arg{k}"), count * 4)), "{:?}", call.h2d);
        }
    }
}

/// Under `SOMD_DEVICE=opencl`, a `@` whose result only the next statement's `@` maps runs
/// inside that `@`'s kernel (note device-execution, "A map fused into the map that consumes
/// it"): one launch per pair, the producer's arguments go up and only the consumer's result
/// comes down (the intermediate never crosses); `SOMD_MAPFUSE=0` runs the two kernels of
/// before, with the same output. MRI-Q's four `@` kernels before `computeQ`'s fused
/// statements become two launches.
#[test]
fn device_fused_maps_are_one_launch() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    if let Some((binary, expected)) = built_with_expected("tests/run", "device_mapfuse") {
        let (outcome, calls) = traced_calls("device_mapfuse", binary, &expected, *opencl);
        let kernels = launched_kernels(&outcome.stderr);
        assert_eq!(
            kernels[..2],
            ["mapfused_Main_cell_Main_spread", "mapfused_Main_square_Main_blend"],
            "{}",
            outcome.stderr
        );
        // `again` is used twice: its pair runs as two kernels.
        assert!(kernels[2].starts_with("map_Main_square"), "{kernels:?}");
        assert!(kernels[3].starts_with("map_Main_plus"), "{kernels:?}");
        let spread = &calls[0];
        assert_eq!((spread.name.as_str(), spread.launches), ("Main.spread", 1));
        let up: Vec<&str> = spread.h2d.iter().map(|(b, _)| b.as_str()).collect();
        // `cell`'s `xs` and `ys`, after `spread`'s two arguments: no `arg0` (the cells).
        assert_eq!(up, ["arg2", "arg3"], "{}", outcome.stderr);
        let down: Vec<&str> = spread.d2h.iter().map(|(b, _)| b.as_str()).collect();
        assert_eq!(down, ["somd_out"]);
        assert_eq!(spread.bytes_d2h, 5000 * 8, "only the `long` results come down");
        // `blend`'s pair: `ys` and `xs` are already on the device; the weights go up.
        let blend = &calls[1];
        assert_eq!((blend.name.as_str(), blend.launches), ("Main.blend", 1));
        assert_eq!(blend.bytes_d2h, 5000 * 4);
        let switched = run_with_env(
            binary,
            &expected.args,
            *opencl,
            &[("SOMD_TRACE", "json"), ("SOMD_MAPFUSE", "0")],
        );
        if let Some(why) = compare(&expected, &untraced(&switched)) {
            panic!("device_mapfuse under SOMD_MAPFUSE=0: {why}\n{}", switched.stderr);
        }
        let kernels = launched_kernels(&switched.stderr);
        assert_eq!(kernels[..2], ["map_Main_cell", "map_Main_spread"], "{kernels:?}");
        assert_eq!(kernels.len(), 6, "{kernels:?}");
    }
    if let Some((binary, expected)) = built_with_expected("samples", "mriq") {
        let (outcome, calls) = traced_calls("mriq", binary, &expected, *opencl);
        let kernels = launched_kernels(&outcome.stderr);
        assert_eq!(
            kernels,
            ["mapfused_MRIQ_phiMag_MRIQ_sample", "fused_MRIQ_computeQ_inline"],
            "{}",
            outcome.stderr
        );
        let names: Vec<&str> = calls.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["MRIQ.sample", "MRIQ.computeQ"]);
        // The samples stay on the device for `computeQ`, the voxels never exist apart from
        // its kernel, and `q` stays there too (the host reads two of its elements after
        // the call, `analysis::lazy`): the two partial arrays are all that comes down.
        let down: Vec<&str> = calls[0].d2h.iter().map(|(b, _)| b.as_str()).collect();
        assert!(down.is_empty(), "{}", outcome.stderr);
        let down: Vec<&str> = calls[1].d2h.iter().map(|(b, _)| b.as_str()).collect();
        assert_eq!(down, ["somd_partials0", "somd_partials1"]);
        // 512 voxels of 8 bytes: the first read of `q` brings all of it.
        assert_eq!(late_reads(&outcome.stderr), [512 * 8], "{}", outcome.stderr);
        let switched = run_with_env(binary, &expected.args, *opencl, &[("SOMD_MAPFUSE", "0")]);
        if let Some(why) = compare(&expected, &switched) {
            panic!("mriq under SOMD_MAPFUSE=0: {why}\n{}", switched.stderr);
        }
    }
}

/// Under `SOMD_DEVICE=opencl`, instance SOMD methods calling intermediate reductions that
/// are instance methods too (`device_instance_intermediate`, the SOMD paper's Listing 10 as
/// written) run on the device: each call is the callee's reduction kernel and the caller's
/// loop (`center`'s callee reads a receiver's field), four rounds of both for `flatten`.
#[test]
fn device_instance_intermediate_reductions_run_as_kernels() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let Some((binary, expected)) = built_with_expected("tests/run", "device_instance_intermediate")
    else {
        return;
    };
    let (outcome, calls) = traced_calls("device_instance_intermediate", binary, &expected, *opencl);
    let got: Vec<(&str, u64)> = calls.iter().map(|c| (c.name.as_str(), c.launches)).collect();
    assert_eq!(
        got,
        [("Main.norm", 2), ("Main.center", 2), ("Main.flatten", 8)],
        "{}",
        outcome.stderr
    );
}

/// Under `SOMD_DEVICE=opencl`, instance SOMD methods that write their receiver's field arrays
/// (`device_instance_write`) run on the device and bring back exactly the written fields: a
/// `void` method downloads only its field array, one with an output that output and the
/// field; `m.scale(m.w)`, whose argument is the field array itself, runs on the CPU. A call
/// that fails (`exc_instance_write_bounds`) brings nothing back. `sync` and histogram bodies
/// of instance methods (`device_instance_sync`) run on the device too, also with host loops
/// bounded by fields; a `sync` call passed the field array it writes is traced as `cpu` with
/// the reason. Field arrays passed to helpers (`device_instance_pass`) come back when a
/// helper writes them, `boolean[]` too.
#[test]
fn device_instance_field_writes_come_back() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    if let Some((binary, expected)) = built_with_expected("tests/run", "device_instance_write") {
        let (outcome, calls) = traced_calls("device_instance_write", binary, &expected, *opencl);
        let names: Vec<&str> = calls.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "Main.scale",
                "Main.scale",
                "Main.accumulate",
                "Main.accumulate",
                "Main.mark",
                "Main.scale"
            ],
            "{}",
            outcome.stderr
        );
        let n = 4099u64;
        let down = |c: &CallTrace| c.d2h.iter().map(|(b, n)| (b.clone(), *n)).collect::<Vec<_>>();
        assert_eq!(down(&calls[0]), [("this_w".to_string(), n * 8)], "{}", outcome.stderr);
        let mut acc = down(&calls[2]);
        acc.sort();
        assert_eq!(acc, [("out".to_string(), n * 4), ("this_g".to_string(), n * 3 * 8)]);
        assert!(down(&calls[4]).contains(&("this_h".to_string(), n * 4)), "{}", outcome.stderr);
        // The last call: the receiver's new 2-element array.
        assert_eq!(down(&calls[5]), [("this_w".to_string(), 16)], "{}", outcome.stderr);
    }
    if let Some((binary, expected)) = built_with_expected("tests/run", "exc_instance_write_bounds")
    {
        let (outcome, calls) =
            traced_calls("exc_instance_write_bounds", binary, &expected, *opencl);
        assert_eq!(calls.len(), 2, "{}", outcome.stderr);
        assert_eq!(calls[0].bytes_d2h, 5000 * 4, "{}", outcome.stderr);
        assert_eq!(calls[1].bytes_d2h, 0, "the failed call brings nothing back");
    }
    // `sync` and histogram bodies reading their receiver's fields: one device call each, with
    // every launch of the body's host program (2 for `center`, 2 per step of `smooth`, one
    // plus one per step for `relax`).
    if let Some((binary, expected)) = built_with_expected("tests/run", "device_instance_sync") {
        let (outcome, calls) = traced_calls("device_instance_sync", binary, &expected, *opencl);
        let got: Vec<(&str, u64)> = calls.iter().map(|c| (c.name.as_str(), c.launches)).collect();
        let want = [
            ("Main.center", 2),
            ("Main.smooth", 12),
            ("Main.histogram", 1),
            ("Main.center", 2),
            ("Main.histogram", 1),
            ("Main.relax", 5),
            ("Main.relax", 1),
            ("Main.sweep", 5),
            ("Main.sweep", 2),
        ];
        assert_eq!(got, want, "{}", outcome.stderr);
        // `relax` and `sweep` write the field `acc`: its buffer comes back at the end of each
        // call.
        for call in &calls[5..] {
            assert_eq!(call.d2h.iter().filter(|(b, _)| b == "this_acc").count(), 1);
        }
        // `m.relax(m.acc, 1)`: the argument is the field array the call writes.
        let relax: Vec<(String, String)> = placements_traced(&outcome.stderr)
            .into_iter()
            .filter(|(name, _, _)| name == "Main.relax")
            .map(|(_, placement, reason)| (placement, reason))
            .collect();
        assert_eq!(relax.len(), 3, "{}", outcome.stderr);
        assert_eq!(
            relax[2],
            (
                "cpu".to_string(),
                "an updated field array shares storage with another array argument".to_string()
            ),
            "{}",
            outcome.stderr
        );
    }
    // Field arrays passed to helpers: `mix` and `weighed` only read them (nothing of the
    // receiver comes back); the helpers of `scaleRows`, `accumulate` and `mark` write `m`,
    // `v` and the `boolean[]` `z`, which come back whole; `g.bump(g.v)` runs on the CPU.
    if let Some((binary, expected)) = built_with_expected("tests/run", "device_instance_pass") {
        let (outcome, calls) = traced_calls("device_instance_pass", binary, &expected, *opencl);
        let names: Vec<&str> = calls.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "Main.mix",
                "Main.weighed",
                "Main.scaleRows",
                "Main.scaleRows",
                "Main.accumulate",
                "Main.accumulate",
                "Main.mark"
            ],
            "{}",
            outcome.stderr
        );
        let rows = 3001u64;
        let down = |c: &CallTrace| c.d2h.iter().map(|(b, n)| (b.clone(), *n)).collect::<Vec<_>>();
        assert_eq!(down(&calls[0]), [("out".to_string(), rows * 8)], "{}", outcome.stderr);
        assert_eq!(down(&calls[2]), [("this_m".to_string(), rows * 5 * 8)], "{}", outcome.stderr);
        assert!(down(&calls[4]).contains(&("this_v".to_string(), rows * 8)), "{}", outcome.stderr);
        assert_eq!(down(&calls[6]), [("this_z".to_string(), rows)], "{}", outcome.stderr);
        let bump: Vec<(String, String, String)> = placements_traced(&outcome.stderr)
            .into_iter()
            .filter(|(name, _, _)| name == "Main.bump")
            .collect();
        assert_eq!(
            bump,
            [(
                "Main.bump".to_string(),
                "cpu".to_string(),
                "an updated field array shares storage with another array argument".to_string()
            )],
            "{}",
            outcome.stderr
        );
    }
}

/// An array a host loop lends to a helper that makes the device calls is kept by the loop
/// as if it made them itself (`device_keep_helpers`, note device-execution, "Helpers that
/// make the device calls"): through one helper and through two, and with an element the
/// loop stores between calls written again; an array whose helper writes it goes up at
/// every call; one call of a helper whose loop makes the calls uploads its array once; a
/// helper freezing its parameter does not stop the loops keeping the array. Per call in
/// order: the inputs it uploaded with their bytes, and those it found on the device.
#[test]
fn helpers_making_device_calls_keep_the_loops_arrays() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_keep_helpers";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (_, calls) = traced_calls(name, binary, &expected, *opencl);
    let seen: Vec<String> = calls.iter().map(|c| up_and_resident(c, true)).collect();
    let n = 20_000 * 4;
    let mut wanted = Vec::new();
    // `work(a, r)` three times, then `outer(a, r)` three times: `a` up once.
    for _ in 0..6 {
        wanted.push(format!("Main.sum: up [] resident [a {n}]"));
        wanted.push(format!("Main.top: up [] resident [a {n}]"));
    }
    wanted[0] = format!("Main.sum: up [a {n}] resident []");
    // `b[r * 5] = -r;` then `work(b, r)`: the first call uploads `b`, the next ones the
    // element stored.
    wanted.push(format!("Main.sum: up [a {n}] resident []"));
    wanted.push(format!("Main.top: up [] resident [a {n}]"));
    for _ in 1..3 {
        wanted.push(format!("Main.sum: up [a 4] resident [a {n}]"));
        wanted.push(format!("Main.top: up [] resident [a {n}]"));
    }
    // `bump(c, r)` writes `c`: up at each call.
    for _ in 0..3 {
        wanted.push(format!("Main.sum: up [a {n}] resident []"));
    }
    // `solve(d, 4)`: one call, whose loop makes four device calls with `d`.
    wanted.push(format!("Main.sum: up [a {n}] resident []"));
    for _ in 1..4 {
        wanted.push(format!("Main.sum: up [] resident [a {n}]"));
    }
    // `frz(a)` folds a frozen copy of `a` (its own upload); it only reads `a`, so the loops
    // above still keep `a`.
    wanted.push(format!("+ ! in Main.frz: up [reduce.input {n}] resident []"));
    assert_eq!(seen, wanted);
}

/// A histogram table sized by an array parameter's length runs on the device
/// (`device_hist_param_len`; probe 105: `new long[3 * cx.length]` kept a k-means step on the
/// CPU, where `new long[3 * k]` ran on the device): each step is one launch, the points go
/// up at the first step only, and only the changed centroids go up after; a matrix read
/// only for its row count does not cross. The `null`
/// centroid array of the last call runs on the CPU, which raises Java's exception at the
/// allocation (the suite checks its line and column).
#[test]
fn histogram_tables_sized_by_array_lengths_run_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_hist_param_len";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (_, calls) = traced_calls(name, binary, &expected, *opencl);
    let seen: Vec<String> = calls.iter().map(|c| up_and_resident(c, true)).collect();
    let (points, centroids) = (6000 * 4, 5 * 4);
    let mut wanted = vec![format!(
        "Main.step: up [xs {points}, ys {points}, cx {centroids}, cy {centroids}] resident []"
    )];
    wanted.extend((1..6).map(|_| {
        format!(
            "Main.step: up [cx {centroids}, cy {centroids}] resident [xs {points}, ys {points}, \
             cx {centroids}, cy {centroids}]"
        )
    }));
    // The matrix's row count is an argument; its rows do not cross.
    wanted.push(format!("Main.rows: up [] resident [keys {points}]"));
    assert_eq!(seen, wanted);
    assert_eq!(launches_of(&calls, "Main.step"), vec![1; 6]);
    assert_eq!(launches_of(&calls, "Main.rows"), vec![1]);
}

/// SOMD results of instance methods stay on the device (`device_lazy_instance`; probe 107:
/// `u = src.add(u, r)` went up at every call and every result came down): `u` goes up
/// once, and each later call finds it resident.
#[test]
fn instance_somd_results_stay_on_the_device() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_lazy_instance";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else { return };
    let (_, calls) = traced_calls(name, binary, &expected, *opencl);
    let seen: Vec<String> = calls.iter().map(|c| up_and_resident(c, true)).collect();
    let u = 20_000 * 8;
    let mut wanted = Vec::new();
    for r in 0..8 {
        let up = if r == 0 { format!("u {u}") } else { String::new() };
        let was = if r == 0 { String::new() } else { format!("u {u}") };
        wanted.push(format!("Mixer.add: up [{up}] resident [{was}]"));
        // The receiver's array field, which only the constructor fills, goes up once for
        // the loop (eighty-third session: before, at every call).
        let (up, was) = if r == 0 {
            (format!("this_table {u}"), format!("u {u}"))
        } else {
            (String::new(), format!("u {u}, this_table {u}"))
        };
        wanted.push(format!("Mixer.mix: up [{up}] resident [{was}]"));
        wanted.push(format!("Stats.sum: up [] resident [u {u}]"));
    }
    assert_eq!(seen, wanted);
    // Down: the sums' partials and the elements read at the end, no result.
    let down: u64 = calls.iter().flat_map(|c| c.d2h.iter().map(|(_, n)| *n)).sum();
    assert!(down < 1024, "{down} bytes down");
}
