//! The checker never panics and always finishes, whatever the input (ARCHITECTURE.md:
//! "the compiler never panics on input").
//!
//! Inputs come from every program in `samples/` and `tests/pass/`, cut and damaged in
//! deterministic ways: every prefix at a regular byte step (kept on `char` boundaries),
//! and garbled copies where a seeded generator replaces, deletes, inserts or duplicates
//! byte ranges (made valid UTF-8 again with `String::from_utf8_lossy`). A fixed list of
//! pathological inputs (100,000 `(`, a 50,000-term sum, huge literals, unterminated
//! comments and strings, NUL bytes, deep nesting) and the cargo-fuzz corpus in
//! `fuzz/corpus/check/` and `fuzz/artifacts/check/` (when present) complete the set.
//!
//! Diagnostics are rendered too (text and JSON), all of them for inputs up to 64 KiB and
//! the first 50 for bigger ones: rendering shows each diagnostic's whole source line, so
//! thousands of errors on one 300 KB line would take minutes to print.
//!
//! Each input is handled on a worker thread with the stack of `somdc`'s main thread
//! (8 MiB), where `somdc check` renders diagnostics (`somdc::check` runs the front end on
//! a thread of its own), inside `catch_unwind`. The test thread waits for each input with a
//! deadline, so a hang fails the test and names the input instead of stalling the run.
//! Inputs that panicked are written to `CARGO_TARGET_TMPDIR/robustness/` for replay.
//!
//! `SOMD_ROBUSTNESS_SCALE=N` multiplies the number of prefixes and garbled copies (default
//! 1, which keeps the whole file well under a minute in a debug build on two cores).

use somd_diag::SourceMap;
use somd_tests::{programs, repo_root};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The stack of `somdc`'s main thread on Linux (the default `ulimit -s`), where the CLI
/// renders diagnostics.
const CHECKER_STACK: usize = 8 * 1024 * 1024;

/// How long one input may take in a debug build before it counts as a hang. Real inputs
/// take milliseconds; this only has to separate "slow" from "never finishes".
const PER_INPUT_DEADLINE: Duration = Duration::from_secs(30);

/// Inputs up to this many bytes have every diagnostic rendered (text and JSON).
const RENDER_ALL_UP_TO: usize = 64 * 1024;

/// How many diagnostics are rendered for bigger inputs.
const RENDERED_WHEN_BIG: usize = 50;

/// Prefixes taken of each source file (before scaling).
const PREFIXES_PER_FILE: usize = 48;

/// Garbled copies made of each source file (before scaling).
const GARBLES_PER_FILE: usize = 48;

/// One input for the checker.
struct Case {
    name: String,
    text: String,
}

/// What happened to one input.
enum Event {
    Started(usize),
    Finished { index: usize, panic: Option<String>, elapsed: Duration },
}

fn scale() -> usize {
    std::env::var("SOMD_ROBUSTNESS_SCALE")
        .ok()
        .and_then(|s| s.parse::<usize>().ok())
        .filter(|&n| n > 0)
        .unwrap_or(1)
}

/// Every `.somd` file of the samples and the passing fixtures, as (name, text).
fn seed_sources() -> Vec<(String, String)> {
    let root = repo_root();
    let mut out = Vec::new();
    for dir in ["samples", "tests/pass"] {
        for program in programs(&root.join(dir)) {
            for file in &program.files {
                let text = std::fs::read_to_string(file)
                    .unwrap_or_else(|e| panic!("cannot read {}: {e}", file.display()));
                let name = file.strip_prefix(&root).unwrap_or(file).display().to_string();
                out.push((name, text));
            }
        }
    }
    assert!(!out.is_empty(), "no .somd files found under samples/ or tests/pass/");
    out
}

/// Runs the checker on every case on one worker thread and fails with the list of inputs
/// that panicked, or with the input that did not finish in time.
fn check_all(suite: &str, cases: Vec<Case>) {
    assert!(!cases.is_empty(), "{suite}: no inputs");
    let cases = Arc::new(cases);
    let (sender, receiver) = mpsc::channel();
    let worker_cases = Arc::clone(&cases);
    let worker = std::thread::Builder::new()
        .name(format!("robustness-{suite}"))
        .stack_size(CHECKER_STACK)
        .spawn(move || {
            for (index, case) in worker_cases.iter().enumerate() {
                if sender.send(Event::Started(index)).is_err() {
                    return;
                }
                let start = Instant::now();
                let result = catch_unwind(AssertUnwindSafe(|| {
                    let mut sources = SourceMap::new();
                    sources.add("input.somd", case.text.as_str());
                    let checked = somdc::check(&sources);
                    // Rendering is part of what `somdc check` does with any input. Each
                    // rendered diagnostic shows its whole source line, so thousands of
                    // diagnostics on one huge line cost time quadratic in the input; for
                    // big inputs only the first diagnostics are rendered.
                    let shown = if case.text.len() <= RENDER_ALL_UP_TO {
                        checked.diagnostics.as_slice()
                    } else {
                        &checked.diagnostics[..checked.diagnostics.len().min(RENDERED_WHEN_BIG)]
                    };
                    let _ = somd_diag::render_text(&sources, shown, false);
                    let _ = somd_diag::render_json(&sources, shown);
                }));
                let panic = result.err().map(|payload| panic_message(payload.as_ref()));
                let event = Event::Finished { index, panic, elapsed: start.elapsed() };
                if sender.send(event).is_err() {
                    return;
                }
            }
        })
        .expect("spawning the checker thread");

    let mut failures = Vec::new();
    let mut current: Option<usize> = None;
    let mut finished = 0;
    let mut slowest = (Duration::ZERO, String::new());
    while finished < cases.len() {
        match receiver.recv_timeout(PER_INPUT_DEADLINE) {
            Ok(Event::Started(index)) => current = Some(index),
            Ok(Event::Finished { index, panic, elapsed }) => {
                finished += 1;
                current = None;
                if elapsed > slowest.0 {
                    slowest = (elapsed, cases[index].name.clone());
                }
                if let Some(message) = panic {
                    let saved = save_failure(suite, failures.len(), &cases[index].text);
                    failures.push(format!(
                        "{} panicked: {message}\n    input saved to {}\n    starts with: {}",
                        cases[index].name,
                        saved.display(),
                        preview(&cases[index].text)
                    ));
                }
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                let (name, text) = match current {
                    Some(index) => (cases[index].name.as_str(), cases[index].text.as_str()),
                    None => ("<between inputs>", ""),
                };
                let saved = save_failure(suite, failures.len(), text);
                panic!(
                    "{suite}: the checker did not finish {name} within {PER_INPUT_DEADLINE:?} \
                     (input saved to {}; starts with: {})",
                    saved.display(),
                    preview(text)
                );
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                let name = current.map_or("<none>", |index| cases[index].name.as_str());
                panic!("{suite}: the checker thread died while checking {name}");
            }
        }
    }
    worker.join().expect("the checker thread ends after the last input");
    eprintln!("{suite}: {} inputs, slowest {:?} ({})", cases.len(), slowest.0, slowest.1);
    assert!(
        failures.is_empty(),
        "{suite}: {} of {} inputs made the checker panic:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        String::from("<non-string panic payload>")
    }
}

fn preview(text: &str) -> String {
    let head: String = text.chars().take(120).collect();
    let suffix = if text.chars().count() > 120 { "..." } else { "" };
    format!("{head:?}{suffix} ({} bytes)", text.len())
}

fn save_failure(suite: &str, index: usize, text: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("robustness");
    let path = dir.join(format!("{suite}-{index}.somd"));
    if std::fs::create_dir_all(&dir).and_then(|()| std::fs::write(&path, text)).is_err() {
        return PathBuf::from("<could not save>");
    }
    path
}

/// SplitMix64: a small, fixed generator so garbled inputs are the same on every run.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (`bound > 0`).
    fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound as u64) as usize
    }
}

/// Bytes that tend to matter to a lexer and parser of this language.
const INTERESTING: &[&[u8]] = &[
    b"(",
    b")",
    b"{",
    b"}",
    b"[",
    b"]",
    b"[[",
    b"]]",
    b"<",
    b">",
    b"<<",
    b">>>",
    b";",
    b",",
    b".",
    b"@",
    b"!",
    b"=>",
    b"=",
    b"==",
    b"+",
    b"-",
    b"*",
    b"/",
    b"%",
    b"&",
    b"|",
    b"^",
    b"~",
    b"?",
    b":",
    b"\"",
    b"'",
    b"/*",
    b"*/",
    b"//",
    b"\n",
    b"\0",
    b"0x",
    b"1e",
    b"1.",
    b"9999999999999999999999",
    b"dist",
    b"reduce",
    b"sync",
    b"shared",
    b"task",
    b"value",
    b"local",
    b"view",
    b"polyview",
    b"dim",
    b"self",
    b"class",
    b"static",
    b"return",
    b"new",
    b"int",
    b"double",
    b"float[[]]",
    b"this",
    b"throw new Underflow();",
    b"\xC3\xA9",
    b"\xE2\x88\x80",
    b"\xFF",
];

/// One random edit: replace, delete, insert or duplicate a byte range.
fn garble(bytes: &mut Vec<u8>, rng: &mut SplitMix64) {
    let len = bytes.len();
    let start = if len == 0 { 0 } else { rng.below(len) };
    let span = 1 + rng.below(16.min(len.max(1)));
    let end = (start + span).min(len);
    match rng.below(4) {
        0 => {
            let insert = random_piece(rng);
            bytes.splice(start..end, insert);
        }
        1 => {
            bytes.drain(start..end);
        }
        2 => {
            let insert = random_piece(rng);
            bytes.splice(start..start, insert);
        }
        _ => {
            let piece: Vec<u8> = bytes[start..end].to_vec();
            let at = if len == 0 { 0 } else { rng.below(len + 1) };
            bytes.splice(at..at, piece);
        }
    }
}

fn random_piece(rng: &mut SplitMix64) -> Vec<u8> {
    if rng.below(3) == 0 {
        (0..1 + rng.below(4)).map(|_| rng.next() as u8).collect()
    } else {
        INTERESTING[rng.below(INTERESTING.len())].to_vec()
    }
}

#[test]
fn truncated_prefixes_do_not_panic() {
    let count = PREFIXES_PER_FILE * scale();
    let mut cases = Vec::new();
    for (name, text) in seed_sources() {
        let step = (text.len() / count).max(1);
        let mut end = 0;
        while end < text.len() {
            let mut cut = end;
            while !text.is_char_boundary(cut) {
                cut += 1;
            }
            cases.push(Case { name: format!("{name}[..{cut}]"), text: text[..cut].to_string() });
            end += step;
        }
    }
    check_all("prefixes", cases);
}

#[test]
fn garbled_sources_do_not_panic() {
    let count = GARBLES_PER_FILE * scale();
    let mut cases = Vec::new();
    for (file_index, (name, text)) in seed_sources().into_iter().enumerate() {
        for copy in 0..count {
            let seed = ((file_index as u64) << 32) | copy as u64;
            let mut rng = SplitMix64(seed);
            let mut bytes = text.clone().into_bytes();
            let edits = 1 + rng.below(8);
            for _ in 0..edits {
                garble(&mut bytes, &mut rng);
            }
            cases.push(Case {
                name: format!("{name} garbled with seed {seed:#x} ({edits} edits)"),
                text: String::from_utf8_lossy(&bytes).into_owned(),
            });
        }
    }
    check_all("garbled", cases);
}

/// Wraps a statement list in a class and method.
fn in_method(body: &str) -> String {
    format!("class A {{\n    static int f(int a) {{\n{body}\n    }}\n}}\n")
}

fn pathological_cases() -> Vec<Case> {
    let mut cases = Vec::new();
    let mut add = |name: &str, text: String| cases.push(Case { name: name.to_string(), text });

    add("100,000 '(' alone", "(".repeat(100_000));
    add("100,000 '(' in an expression", in_method(&format!("return {};", "(".repeat(100_000))));
    add(
        "10,000 balanced parentheses",
        in_method(&format!("return {}a{};", "(".repeat(10_000), ")".repeat(10_000))),
    );
    let sum = vec!["a"; 50_000].join("+");
    add("50,000-term a+a+...", in_method(&format!("return {sum};")));
    let mixed: String = (0..50_000).map(|i| if i % 2 == 0 { "a*" } else { "a-" }).collect();
    add("50,000-term mixed operators", in_method(&format!("return {mixed}a;")));
    add("100,000 unary minus", in_method(&format!("return {}a;", "-".repeat(100_000))));
    add("100,000 logical not", in_method(&format!("return {}true ? 1 : 0;", "!".repeat(100_000))));
    add(
        "20,000 nested ternaries",
        in_method(&format!("return {}1{};", "a > 0 ? ".repeat(20_000), " : 0".repeat(20_000))),
    );
    add(
        "20,000 nested index",
        in_method(&format!(
            "int[] x = new int[1]; return {}0{};",
            "x[".repeat(20_000),
            "]".repeat(20_000)
        )),
    );
    add(
        "20,000 chained calls",
        in_method(&format!("return f({}0{});", "f(".repeat(20_000), ")".repeat(20_000))),
    );
    add(
        "20,000 '=>' connects",
        in_method(&format!("Task t = {}task A.f;", "task A.f => ".repeat(20_000))),
    );
    add(
        "20,000 '+ !' reductions",
        in_method(&format!("int[] x = new int[1]; return {}x;", "+ ! ".repeat(20_000))),
    );
    add(
        "10,000 nested blocks",
        in_method(&format!("{}return a;{}", "{".repeat(10_000), "}".repeat(10_000))),
    );
    add("10,000 unclosed blocks", in_method(&"{".repeat(10_000)));
    add("10,000 nested ifs", in_method(&format!("{}return a;", "if (a > 0) ".repeat(10_000))));
    add(
        "10,000 nested loops",
        in_method(&format!("{}a++;\nreturn a;", "while (a > 0) ".repeat(10_000))),
    );
    add(
        "10,000 nested array types",
        in_method(&format!("int{} x = null; return a;", "[]".repeat(10_000))),
    );
    add(
        "10,000 nested value array types",
        in_method(&format!("int{} x; return a;", "[[]]".repeat(10_000))),
    );
    add(
        "10,000 nested array initialisers",
        in_method(&format!("int[] x = {}1{}; return a;", "{".repeat(10_000), "}".repeat(10_000))),
    );
    add(
        "1,000,000-digit integer literal",
        in_method(&format!("return {};", "9".repeat(1_000_000))),
    );
    add("100,000-digit hex literal", in_method(&format!("return 0x{};", "f".repeat(100_000))));
    add("huge exponents", in_method("double d = 1e999999999999; float f = 1e-99999999f; double e = 0x1p99999; return 2147483648;"));
    add("huge long and bad literals", in_method("long x = 9223372036854775808L; int y = 0b; int z = 0x; int w = 1__2; double v = 1e; return 08;"));
    add(
        "1,000,000-character identifier",
        in_method(&format!("int {} = 1; return a;", "x".repeat(1_000_000))),
    );
    add("unterminated block comment", format!("class A {{ /* {}", "never closed ".repeat(10_000)));
    add("unterminated string", in_method("System.out.println(\"never closed);\nreturn a;"));
    add(
        "string with a newline and escapes",
        in_method("System.out.println(\"a\\q\\u12\n\"); return a;"),
    );
    add("unterminated char literal", in_method("char c = '; return a;"));
    add("bad char literals", in_method("char c = ''; char d = 'ab'; char e = '\\'; return a;"));
    add("NUL bytes", in_method("int\0 x = 1\0; return\0 a;"));
    add("only NUL bytes", "\0".repeat(10_000));
    add(
        "control characters and BOM",
        format!("\u{feff}class A {{ \u{1} \u{7f} \u{200b} }}{}", "\r".repeat(100)),
    );
    add("empty input", String::new());
    add("only whitespace", " \t\r\n".repeat(10_000));
    add("10,000 empty classes", "class A {}\n".repeat(10_000));
    add("class keyword repeated", "class ".repeat(50_000));
    add(
        "many duplicate methods",
        format!("class A {{ {} }}", "static int f(int a) { return a; } ".repeat(5_000)),
    );
    add(
        "10,000 parameters",
        format!(
            "class A {{ static int f({}) {{ return 0; }} }}",
            (0..10_000).map(|i| format!("int p{i}")).collect::<Vec<_>>().join(", ")
        ),
    );
    add(
        "deep dist arguments",
        format!(
            "class A {{ static int[] f(dist(view = {}) int[] a) {{ return a; }} }}",
            "<1,1>, ".repeat(10_000)
        ),
    );
    add(
        "nested dist strategies",
        format!(
            "class A {{ static int[] f(dist({}P{}) int[] a) {{ return a; }} }}",
            "P(".repeat(10_000),
            ")".repeat(10_000)
        ),
    );
    add("recursive value class", "value class V { V v; V(V v) { this.v = v; } }\nvalue class W { X x; }\nvalue class X { W w; }".to_string());
    add("self-referential strategies", "class P { static int[] bounds(int length, int parts, int[] x) { return P.bounds(length, parts, x); } }\nclass A { static int[] f(dist(P(a)) int[] a) { return a; } static reduce(A) int g(dist int[] a) { return 0; } }".to_string());
    add("mutually recursive local methods", "class A { static local int f(int x) { return g(x); } static local int g(int x) { return f(x); } static int[[]] h(int[[]] v) { return A @ f(v); } }".to_string());
    cases
}

#[test]
fn pathological_inputs_do_not_panic() {
    check_all("pathological", pathological_cases());
}

/// Replays the cargo-fuzz corpus and crash artifacts, so inputs found with the nightly
/// fuzzer are checked by the stable test suite too. Passes trivially only when neither
/// directory exists (a fresh checkout; `fuzz/corpus` is not committed).
#[test]
fn fuzz_corpus_does_not_panic() {
    let root = repo_root();
    let mut cases = Vec::new();
    for dir in ["fuzz/corpus/check", "fuzz/artifacts/check"] {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else { continue };
        let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
        for path in paths.into_iter().filter(|p| p.is_file()) {
            let bytes = std::fs::read(&path)
                .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
            cases.push(Case {
                name: format!(
                    "{dir}/{}",
                    path.file_name().map(|n| n.to_string_lossy()).unwrap_or_default()
                ),
                text: String::from_utf8_lossy(&bytes).into_owned(),
            });
        }
    }
    if cases.is_empty() {
        eprintln!(
            "no fuzz corpus under fuzz/corpus/check or fuzz/artifacts/check; nothing to replay"
        );
        return;
    }
    check_all("fuzz-corpus", cases);
}

/// The garbler itself must change its input and stay deterministic; otherwise the garbled
/// suite would silently test only the originals.
#[test]
fn garbler_is_deterministic_and_edits() {
    let original = b"class A { static int f(int a) { return a + 1; } }".to_vec();
    let mut changed = 0;
    for seed in 0..100u64 {
        let mut first = original.clone();
        let mut second = original.clone();
        garble(&mut first, &mut SplitMix64(seed));
        garble(&mut second, &mut SplitMix64(seed));
        assert_eq!(first, second, "seed {seed} gave two different edits");
        if first != original {
            changed += 1;
        }
    }
    assert!(changed > 90, "only {changed} of 100 edits changed the input");
}
