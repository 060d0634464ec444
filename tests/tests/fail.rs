//! Compile-fail and compile-pass fixtures: `tests/fail/**` and `tests/pass/**`.
//!
//! Every program's diagnostics must equal its inline annotations exactly (see the crate
//! docs for the format). Fail fixtures must expect at least one error; pass fixtures must
//! expect none (warnings may be annotated). `SOMD_BLESS=1` rewrites the annotations of
//! single-file fixtures to what the checker printed; review the diff before committing.

use somd_tests::{actual, bless, expectations, load, programs, repo_root, Expectation};
use std::path::Path;

fn run_suite(dir: &str, must_fail: bool) {
    let root = repo_root().join("tests").join(dir);
    let programs = programs(&root);
    assert!(!programs.is_empty(), "no fixtures under {}", root.display());
    let blessing = std::env::var_os("SOMD_BLESS").is_some();
    let mut failures = Vec::new();
    for program in &programs {
        let sources = load(program);
        let expected = expectations(&sources);
        let checked = somdc::check(&sources);
        let got = actual(&sources, &checked.diagnostics);
        if blessing && got != expected && program.files.len() == 1 {
            if let Err(err) = bless(&program.files[0], &got) {
                failures.push(format!("{}: cannot bless: {err}", program.name));
            }
            continue;
        }
        let has_error = |set: &[Expectation]| set.iter().any(|e| e.severity == "error");
        if must_fail && !has_error(&expected) {
            failures
                .push(format!("{}: a fail fixture must annotate at least one error", program.name));
        }
        if !must_fail && has_error(&expected) {
            failures.push(format!("{}: a pass fixture must not expect errors", program.name));
        }
        if got != expected {
            let missing: Vec<String> =
                expected.iter().filter(|e| !got.contains(e)).map(|e| format!("  - {e}")).collect();
            let extra: Vec<String> =
                got.iter().filter(|e| !expected.contains(e)).map(|e| format!("  + {e}")).collect();
            failures.push(format!(
                "{}: diagnostics differ (- expected, + produced)\n{}\n{}",
                program.name,
                missing.join("\n"),
                extra.join("\n")
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} programs under {} failed:\n\n{}",
        failures.len(),
        programs.len(),
        Path::new("tests").join(dir).display(),
        failures.join("\n\n")
    );
}

#[test]
fn fail_fixtures_report_exactly_the_annotated_diagnostics() {
    run_suite("fail", true);
}

#[test]
fn pass_fixtures_check_cleanly() {
    run_suite("pass", false);
}
