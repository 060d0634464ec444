//! Correctness smoke test of the benchmark harness: `somd-bench --quick --check-only`
//! builds every generated sample and baseline and checks that every variant (generated
//! `seq` and `cpu` with 1 and 2 threads, the sequential and the rayon baseline) prints the
//! sequential baseline's output, and that the baseline prints what the Java twin printed
//! (`samples/expected`). It times nothing and asserts nothing about speed.
//!
//! `SOMD_BENCH_SOMDC=PATH` makes the harness use that `somdc` instead of building one.

use std::process::Command;

#[test]
fn quick_check_only_passes() {
    let mut command = Command::new(env!("CARGO_BIN_EXE_somd-bench"));
    command.args(["--quick", "--check-only", "--threads", "1,2"]);
    if let Some(somdc) = std::env::var_os("SOMD_BENCH_SOMDC") {
        command.arg("--somdc").arg(somdc);
    }
    let output = command.output().expect("somd-bench starts");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "somd-bench failed:\n{stdout}\n{stderr}");
    assert!(stdout.contains(", 0 wrong"), "unexpected summary:\n{stdout}\n{stderr}");
}
