//! Lowers and verifies every sample and every `tests/pass` program that checks.

mod common;

use common::{run, Outcome};
use std::path::{Path, PathBuf};

fn somd_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok()).map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            somd_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "somd") {
            out.push(path);
        }
    }
}

#[test]
fn every_checked_program_lowers_and_verifies() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = Vec::new();
    somd_files(&root.join("samples"), &mut files);
    somd_files(&root.join("tests/pass"), &mut files);
    assert!(!files.is_empty(), "no programs found under {}", root.display());
    let mut failures = Vec::new();
    let mut lowered = 0;
    for path in &files {
        let text = std::fs::read_to_string(path).expect("readable program");
        let name = path.display().to_string();
        match run(&[(name.as_str(), text.as_str())]) {
            Outcome::Rejected(errors) => {
                println!("note: skipping {name}: it does not check ({} errors)", errors.len());
            }
            Outcome::Lowered(_, Ok(())) => lowered += 1,
            Outcome::Lowered(_, Err(errors)) => {
                failures.push(format!("{name}:\n  {}", errors.join("\n  ")));
            }
        }
    }
    println!("lowered and verified {lowered} of {} programs", files.len());
    assert!(failures.is_empty(), "MIR verification failed:\n{}", failures.join("\n"));
}
