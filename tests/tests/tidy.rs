//! Keeps the documentation honest: every diagnostic code has a page in `docs/errors/`, every
//! page belongs to a registered code, codes are unique, and every `.rs` file of the
//! compiler starts with a `//!` module doc.

use somd_tests::repo_root;
use std::collections::BTreeSet;
use std::path::Path;

#[test]
fn every_code_has_a_page_and_every_page_a_code() {
    let codes = somdc::all_codes();
    let mut seen = BTreeSet::new();
    for info in &codes {
        assert!(seen.insert(info.code), "code {} is registered twice", info.code);
        let valid = info.code.len() == 5
            && (info.code.starts_with('E') || info.code.starts_with('W'))
            && info.code[1..].chars().all(|c| c.is_ascii_digit());
        assert!(valid, "malformed code {}", info.code);
    }
    let dir = repo_root().join("docs").join("errors");
    let mut pages = BTreeSet::new();
    for entry in std::fs::read_dir(&dir).expect("docs/errors exists").flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if let Some(code) = name.strip_suffix(".md") {
            if code != "README" {
                pages.insert(code.to_string());
            }
        }
    }
    let missing: Vec<&str> = codes.iter().map(|c| c.code).filter(|c| !pages.contains(*c)).collect();
    assert!(missing.is_empty(), "codes without a page in docs/errors/: {missing:?}");
    let orphans: Vec<&String> = pages.iter().filter(|p| !seen.contains(p.as_str())).collect();
    assert!(orphans.is_empty(), "pages in docs/errors/ without a registered code: {orphans:?}");
}

#[test]
fn every_fail_code_is_exercised_by_a_fixture() {
    let mut annotated = BTreeSet::new();
    for program in somd_tests::programs(&repo_root().join("tests").join("fail")) {
        for e in somd_tests::expectations(&somd_tests::load(&program)) {
            annotated.insert(e.code);
        }
    }
    // The driver's warnings come from the MIR, after a program checks (`somdc build`): the
    // cli tests `build_warns_that_the_device_ignores_user_strategies` and
    // `build_warns_about_state_the_method_instances_share` exercise them.
    let driver = [somd_sema::DIST_IGNORED_ON_DEVICE, somd_sema::SHARED_STATE_WRITE];
    let untested: Vec<&str> = somdc::all_codes()
        .iter()
        .map(|c| c.code)
        .filter(|c| !annotated.contains(*c) && !driver.contains(c))
        .collect();
    assert!(untested.is_empty(), "codes no fixture in tests/fail exercises: {untested:?}");
}

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_rust_file_starts_with_a_module_doc() {
    let mut files = Vec::new();
    for dir in ["compiler", "tests"] {
        rust_files(&repo_root().join(dir), &mut files);
    }
    let undocumented: Vec<String> = files
        .iter()
        .filter(|f| {
            let text = std::fs::read_to_string(f).unwrap_or_default();
            !text.trim_start().starts_with("//!")
        })
        .map(|f| f.display().to_string())
        .collect();
    assert!(undocumented.is_empty(), "files without a leading //! doc: {undocumented:?}");
}

/// Every code string that appears in the compiler's sources (`"E0123"`) is registered, so a
/// diagnostic can never be emitted with a code that has no documentation page.
#[test]
fn every_code_in_the_sources_is_registered() {
    let registered: BTreeSet<&str> = somdc::all_codes().iter().map(|c| c.code).collect();
    let mut files = Vec::new();
    rust_files(&repo_root().join("compiler"), &mut files);
    let mut unregistered = BTreeSet::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        let bytes = text.as_bytes();
        for (i, window) in bytes.windows(7).enumerate() {
            let is_code = window[0] == b'"'
                && (window[1] == b'E' || window[1] == b'W')
                && window[2..6].iter().all(u8::is_ascii_digit)
                && window[6] == b'"';
            if is_code {
                let code = &text[i + 1..i + 6];
                if !registered.contains(code) {
                    unregistered.insert(format!("{code} in {}", file.display()));
                }
            }
        }
    }
    assert!(unregistered.is_empty(), "codes used but not registered: {unregistered:?}");
}
