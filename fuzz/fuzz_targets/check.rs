//! Fuzz target `check`: parses and checks arbitrary UTF-8 as one source file and renders
//! the diagnostics, as `somdc check` does. Any panic, hang or sanitizer report is a bug:
//! the compiler must never panic on input. Run with `cargo +nightly fuzz run check`
//! (docs/fuzzing.md); the stable test `tests/tests/robustness.rs` replays the corpus.

#![no_main]

use libfuzzer_sys::fuzz_target;
use somd_diag::SourceMap;

fuzz_target!(|data: &[u8]| {
    // Only valid UTF-8 reaches the checker through `somdc` (it reads files as strings).
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut sources = SourceMap::new();
    sources.add("fuzz.somd", text);
    let checked = somdc::check(&sources);
    let _ = somd_diag::render_text(&sources, &checked.diagnostics, false);
    let _ = somd_diag::render_json(&sources, &checked.diagnostics);
});
