//! Correctness smoke test of the benchmark harness: `somd-bench --quick --check-only`
//! builds every generated sample and baseline and checks that every variant (generated
//! `seq` and `cpu` with 1 and 2 threads, the sequential and the rayon baseline, and when an
//! OpenCL platform is installed the generated program under `SOMD_DEVICE=opencl` and the
//! hand-tuned OpenCL baseline) prints the sequential baseline's output, and that the
//! baseline prints what the Java twin printed (`samples/expected`). It times nothing and
//! asserts nothing about speed.
//!
//! Without an OpenCL platform the OpenCL variants are skipped with `SKIPPED: opencl (no
//! platform)` on standard error, or the test fails under `SOMD_REQUIRE_OPENCL=1`, as in
//! `tests/tests/run.rs`. The samples are emitted by the workspace's `somdc` as this test
//! was built (`SOMD_BENCH_SOMDC=PATH`: that `somdc` instead).

use std::path::{Path, PathBuf};
use std::process::Command;

/// Whether an OpenCL ICD is installed (the rule of `tests/tests/run.rs`).
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

/// The workspace's `somdc` in the profile this test was built with, as `cargo test
/// --workspace` builds it for the compiler's own tests. `cargo build --workspace --tests`
/// makes sure of it: a no-op after `cargo test --workspace`, because it resolves features
/// as the tests' build did. (`cargo build -p somdc` resolves them for `somdc` alone, and
/// built the compiler a second time, about 80 s on a 2-core machine; the release `somdc`
/// the harness builds by default costs as much.) The emitted programs do not depend on how
/// the compiler was optimised. Limits: `cargo test -p somd-bench` alone now builds every
/// test target of the workspace; flags of the outer `cargo test` (features, `--locked`) are
/// not passed on, and `--profile test` or `bench` maps to `dev` or `--release`, so such a
/// build is no no-op; the binary is there because `somdc`'s own integration tests need it.
fn test_profile_somdc() -> PathBuf {
    let harness = PathBuf::from(env!("CARGO_BIN_EXE_somd-bench"));
    let profile_dir = harness.parent().expect("the harness is in a profile directory");
    let target = profile_dir.parent().expect("the profile directory is in a target directory");
    let profile: &[&str] = match profile_dir.file_name().and_then(|n| n.to_str()) {
        Some("debug") => &[],
        Some("release") => &["--release"],
        Some(other) => &["--profile", other],
        None => panic!("unexpected harness location {}", harness.display()),
    };
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let status = Command::new(cargo)
        .current_dir(&root)
        .env("CARGO_TARGET_DIR", target)
        .args(["build", "-q", "--workspace", "--tests"])
        .args(profile)
        .status()
        .expect("cargo starts");
    assert!(status.success(), "cargo build --workspace --tests failed: {status}");
    profile_dir.join(format!("somdc{}", std::env::consts::EXE_SUFFIX))
}

#[test]
fn quick_check_only_passes() {
    let opencl = opencl_platform_present();
    if !opencl {
        assert!(
            std::env::var("SOMD_REQUIRE_OPENCL").map_or(true, |v| v != "1"),
            "SOMD_REQUIRE_OPENCL=1 but no OpenCL platform is installed \
             (no .icd file in OCL_ICD_VENDORS or /etc/OpenCL/vendors)"
        );
        eprintln!("SKIPPED: opencl (no platform)");
    }
    let mut command = Command::new(env!("CARGO_BIN_EXE_somd-bench"));
    command.args(["--quick", "--check-only", "--threads", "1,2", "--device"]);
    command.arg(if opencl { "seq,cpu,opencl" } else { "seq,cpu" });
    let somdc = std::env::var_os("SOMD_BENCH_SOMDC").map_or_else(test_profile_somdc, PathBuf::from);
    command.arg("--somdc").arg(somdc);
    let output = command.output().expect("somd-bench starts");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "somd-bench failed:\n{stdout}\n{stderr}");
    assert!(stdout.contains(", 0 wrong"), "unexpected summary:\n{stdout}\n{stderr}");
    if opencl {
        for variant in ["gen opencl", "hand opencl"] {
            assert!(
                stderr.contains(&format!("{variant}: output OK")),
                "no {variant} run was checked:\n{stderr}"
            );
        }
    }
}
