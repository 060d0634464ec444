//! End-to-end tests of the Rust back end: every program of `tests/run/` is parsed, checked,
//! lowered and emitted; all emitted programs are built together as the binaries of one Cargo
//! project (one `cargo build`, the runtime compiled once in a shared target directory), run
//! under `SOMD_DEVICE=seq` and on the CPU pool, and compared with the expected output that
//! the programs' Java twins produced (`tests/run/expected/`).
//!
//! Standard error is compared on its first line only: Java's stack trace names the Java
//! twin's file (`at Main.main(x.java:14)`) where we print `at x.somd:LINE:COL`.

// A test fails loudly on any broken fixture or tool; `unwrap` is the clearest way to say so.
#![allow(clippy::unwrap_used)]

use somd_codegen::rust::{emit_project, write_main, EmitOptions};
use somd_diag::SourceMap;
use somd_syntax::ast::IdGen;
use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// One program: name, source files (name, text).
struct Program {
    name: String,
    files: Vec<(String, String)>,
    args: Vec<String>,
}

fn programs(suite: &str) -> Vec<Program> {
    let dir = repo().join(suite);
    let mut list = Vec::new();
    let mut entries: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for path in entries {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let files: Vec<(String, String)> = if path.extension().is_some_and(|e| e == "somd") {
            vec![(
                path.file_name().unwrap().to_string_lossy().to_string(),
                std::fs::read_to_string(&path).unwrap(),
            )]
        } else if path.extension().is_some_and(|e| e == "prog") {
            let mut files: Vec<_> = std::fs::read_dir(&path)
                .unwrap()
                .map(|e| e.unwrap().path())
                .filter(|p| p.extension().is_some_and(|e| e == "somd"))
                .collect();
            files.sort();
            files
                .iter()
                .map(|p| {
                    (
                        p.file_name().unwrap().to_string_lossy().to_string(),
                        std::fs::read_to_string(p).unwrap(),
                    )
                })
                .collect()
        } else {
            continue;
        };
        let args = files[0]
            .1
            .lines()
            .find_map(|l| l.trim().strip_prefix("// args:"))
            .map(|a| a.split_whitespace().map(str::to_string).collect())
            .unwrap_or_default();
        list.push(Program { name, files, args });
    }
    list
}

/// Parses, checks, lowers and emits; `Err` with a readable reason.
fn compile(program: &Program) -> Result<String, String> {
    let mut sources = SourceMap::new();
    for (name, text) in &program.files {
        sources.add(name.clone(), text.clone());
    }
    let ids = IdGen::new();
    let mut units = Vec::new();
    for (file, source) in sources.files() {
        let (unit, errors) = somd_syntax::parse(file, &source.text, &ids);
        if errors.iter().any(|d| d.is_error()) {
            return Err(format!("syntax errors: {:?}", errors.first().map(|d| &d.message)));
        }
        units.push(unit);
    }
    let (checked, diagnostics) = somd_sema::check(units);
    if let Some(d) = diagnostics.iter().find(|d| d.is_error()) {
        return Err(format!("check error: {} at {}", d.message, sources.position(d.primary.span)));
    }
    let module = somd_mir::lower(&checked, &sources);
    if let Err(errors) = somd_mir::verify(&module) {
        return Err(format!("MIR verify: {:?}", errors.first()));
    }
    let options = EmitOptions {
        runtime_path: repo().join("runtime"),
        package_name: program.name.clone(),
        somdc_version: "test".to_string(),
    };
    let project = emit_project(&module, &sources, &options).map_err(|e| e.to_string())?;
    assert!(project.files.iter().any(|(p, _)| p == Path::new("Cargo.toml")));
    write_main(&module, &sources, "test").map_err(|e| e.to_string())
}

fn rustfmt_check(path: &Path) -> Result<(), String> {
    let out = Command::new("rustfmt")
        .args(["--edition", "2021", "--check"])
        .arg(path)
        .output()
        .map_err(|e| format!("rustfmt: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        let diff = String::from_utf8_lossy(&out.stdout);
        Err(diff.lines().take(12).collect::<Vec<_>>().join("\n"))
    }
}

#[test]
fn run_suite_programs() {
    let failures = build_and_run("tests/run", false);
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}

/// The samples, built in release mode and timed (`cargo test -- --ignored samples`).
#[test]
#[ignore]
fn samples_release() {
    let failures = build_and_run("samples", true);
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}

/// Emits every program of `suite`, builds them as one project and runs them; returns the
/// failures (rustfmt differences are printed, not counted: see the report in `mod.rs`).
fn build_and_run(suite: &str, release: bool) -> Vec<String> {
    let root = repo().join("target-codegen");
    let project = root.join(format!("e2e-project-{}", suite.replace('/', "-")));
    let target = root.join("e2e");
    let _ = std::fs::remove_dir_all(project.join("src"));
    std::fs::create_dir_all(project.join("src/bin")).unwrap();
    let only = std::env::var("E2E_ONLY").ok();
    let mut failures = Vec::new();
    let mut built = Vec::new();
    for program in programs(suite) {
        if only.as_deref().is_some_and(|o| !program.name.contains(o)) {
            continue;
        }
        match compile(&program) {
            Ok(main_rs) => {
                let bin = program.name.replace('-', "_");
                std::fs::write(project.join(format!("src/bin/{bin}.rs")), main_rs).unwrap();
                built.push((program, bin));
            }
            Err(why) => failures.push(format!("{}: {why}", program.name)),
        }
    }
    let mut cargo = format!(
        "[package]\nname = \"somd-e2e\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n\
         [dependencies]\nsomd-runtime = {{ path = {:?} }}\n\n[workspace]\n\n\
         [profile.dev]\nopt-level = 1\npanic = \"unwind\"\n\n\
         [profile.release]\npanic = \"unwind\"\nopt-level = 3\ncodegen-units = 1\n",
        repo().join("runtime").display().to_string()
    );
    for (_, bin) in &built {
        cargo.push_str(&format!("\n[[bin]]\nname = \"{bin}\"\npath = \"src/bin/{bin}.rs\"\n"));
    }
    std::fs::write(project.join("Cargo.toml"), cargo).unwrap();
    std::fs::write(
        project.join("rustfmt.toml"),
        "max_width = 100\nuse_small_heuristics = \"Max\"\n",
    )
    .unwrap();
    let mut build_args = vec!["build", "--quiet", "--message-format=short"];
    if release {
        build_args.push("--release");
    }
    let build = Command::new("cargo")
        .args(&build_args)
        .current_dir(&project)
        .env("CARGO_TARGET_DIR", &target)
        .env_remove("RUSTFLAGS")
        .output()
        .unwrap();
    let build_log = String::from_utf8_lossy(&build.stderr).to_string();
    if !build.status.success() {
        let errors: Vec<&str> =
            build_log.lines().filter(|l| l.contains("error")).take(40).collect();
        failures.push(format!("cargo build failed:\n{}", errors.join("\n")));
    } else if build_log.contains("warning") {
        failures.push(format!("warnings in generated code:\n{build_log}"));
    }
    let expected_dir = repo().join(suite).join("expected");
    let mut unformatted = Vec::new();
    for (program, bin) in &built {
        if !build.status.success() {
            break;
        }
        if rustfmt_check(&project.join(format!("src/bin/{bin}.rs"))).is_err() {
            unformatted.push(program.name.clone());
        }
        let read = |ext: &str| {
            std::fs::read_to_string(expected_dir.join(format!("{}.{ext}", program.name)))
        };
        let expected_out = read("out").unwrap_or_default();
        let expected_status: i32 =
            read("status").ok().and_then(|s| s.trim().parse().ok()).unwrap_or(0);
        let expected_err = read("err").unwrap_or_default();
        for (device, threads) in [("seq", "1"), ("cpu", "4")] {
            let started = std::time::Instant::now();
            let run =
                Command::new(target.join(if release { "release" } else { "debug" }).join(bin))
                    .args(&program.args)
                    .env("SOMD_DEVICE", device)
                    .env("SOMD_THREADS", threads)
                    .output()
                    .unwrap();
            if release {
                println!("{} [{device}]: {:.3} s", program.name, started.elapsed().as_secs_f64());
            }
            let stdout = String::from_utf8_lossy(&run.stdout);
            let stderr = String::from_utf8_lossy(&run.stderr);
            let status = run.status.code().unwrap_or(-1);
            let first_err = |s: &str| s.lines().next().unwrap_or("").to_string();
            if stdout != expected_out {
                let diff = stdout
                    .lines()
                    .zip(expected_out.lines())
                    .find(|(a, b)| a != b)
                    .map(|(a, b)| format!("got `{a}`, expected `{b}`"))
                    .unwrap_or_else(|| {
                        format!(
                            "{} lines, expected {}",
                            stdout.lines().count(),
                            expected_out.lines().count()
                        )
                    });
                failures.push(format!(
                    "{} [{device}]: stdout differs: {diff}; stderr: {}",
                    program.name,
                    first_err(&stderr)
                ));
            } else if status != expected_status {
                failures.push(format!(
                    "{} [{device}]: status {status}, expected {expected_status}: {}",
                    program.name,
                    first_err(&stderr)
                ));
            } else if first_err(&stderr) != first_err(&expected_err) {
                failures.push(format!(
                    "{} [{device}]: stderr `{}`, expected `{}`",
                    program.name,
                    first_err(&stderr),
                    first_err(&expected_err)
                ));
            }
        }
    }
    if !unformatted.is_empty() {
        println!(
            "not rustfmt-clean ({} of {}): {}",
            unformatted.len(),
            built.len(),
            unformatted.join(" ")
        );
    }
    failures
}
