//! Every sample program passes `somdc check` with no errors and no warnings.

use somd_tests::{actual, load, programs, repo_root};

#[test]
fn every_sample_checks_cleanly() {
    let samples = programs(&repo_root().join("samples"));
    assert!(samples.len() >= 6, "expected the papers' samples, found {}", samples.len());
    let mut failures = Vec::new();
    for program in &samples {
        let sources = load(program);
        let checked = somdc::check(&sources);
        if !checked.diagnostics.is_empty() {
            let list: Vec<String> =
                actual(&sources, &checked.diagnostics).iter().map(|e| format!("  {e}")).collect();
            failures.push(format!("{}:\n{}", program.name, list.join("\n")));
        }
    }
    assert!(failures.is_empty(), "samples with diagnostics:\n{}", failures.join("\n"));
}
