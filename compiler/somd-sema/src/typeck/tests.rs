//! Unit tests of the type checker through the parser: a few properties that fixtures do
//! not show well (side tables, robustness, speed).

use crate::model::{CallTarget, MapArg, NameRes, Ty};
use somd_diag::{Diagnostic, FileId};
use somd_syntax::ast::IdGen;

fn check(text: &str) -> (crate::Program, Vec<Diagnostic>) {
    let ids = IdGen::new();
    let (unit, parse_diags) = somd_syntax::parse(FileId(0), text, &ids);
    assert!(parse_diags.is_empty(), "parse errors: {parse_diags:?}");
    super::check(vec![unit])
}

fn codes(text: &str) -> Vec<&'static str> {
    check(text).1.iter().map(|d| d.code).collect()
}

#[test]
fn resolves_overloads_and_records_tables() {
    let (program, diags) = check(
        "class Main {
            static int f(int x) { return x; }
            static long f(long x) { return x; }
            public static void main(String[] args) {
                long y = f(3L) + f('a');
                System.out.println(y);
            }
        }",
    );
    assert!(diags.is_empty(), "{diags:?}");
    assert!(program.main.is_some());
    let methods: Vec<_> =
        program.calls.values().filter(|c| matches!(c, CallTarget::Method(_))).collect();
    assert_eq!(methods.len(), 2);
    assert!(program.names.values().any(|n| matches!(n, NameRes::PrintStream { err: false })));
    assert!(program.expr_ty.values().any(|t| *t == Ty::LONG));
}

#[test]
fn records_map_arguments_and_task_ends() {
    let (program, diags) = check(
        "class K {
            static local float scale(float x, float s) { return x * s; }
            static int src() { return 1; }
            static void sink(int v) { }
        }
        class Main {
            public static void main(String[] args) {
                float[] xs = new float[2];
                float[[]] r = K @ scale(xs, 2f);
                (task K.src => task K.sink).finish();
            }
        }",
    );
    assert!(diags.is_empty(), "{diags:?}");
    let kinds: Vec<_> = program.map_args.values().collect();
    assert_eq!(kinds, vec![&vec![MapArg::Mapped, MapArg::Broadcast]]);
    assert_eq!(program.task_ends.len(), 3);
}

#[test]
fn one_mistake_gives_one_diagnostic() {
    let found = codes(
        "class Main {
            public static void main(String[] args) {
                int x = nope;
                int y = x + 1;
                int z = y * undefinedCall();
            }
        }",
    );
    assert_eq!(found, vec!["E0101", "E0103"]);
}

#[test]
fn folds_constants_for_bounds() {
    let found = codes(
        "class Main {
            static final int N = 2 * (3 + 1);
            static final int M = N >> 1;
            public static void main(String[] args) {
                final int k = M - 4;
                float[[N]] a = new float[[8]](new float[8]);
                float[[k]] b = new float[[0]]{};
                byte small = N * 15;
                char c = (char) -1;
            }
        }",
    );
    assert_eq!(found, Vec::<&str>::new());
}

/// Checking must stay far below 100 ms for 10,000 lines; this test prints the time and
/// fails only on a gross regression (debug builds are much slower than release).
#[test]
fn checks_ten_thousand_lines_quickly() {
    let mut text = String::from("class Main {\n");
    for i in 0..900 {
        let prev = if i == 0 { 0 } else { i - 1 };
        text.push_str(&format!(
            "    static int f{i}(int x, double y) {{
        int s = 0;
        for (int k = 0; k < x; k++) {{
            if (k % 3 == 0 && y > 1.0) {{ s += k * 2; }} else {{ s -= (int) y; }}
        }}
        int[] a = new int[x + 1];
        a[0] = s + Math.max(s, {i});
        long t = a[0] << 3L;
        return f{prev}(s, y) + (int) t;
    }}
"
        ));
    }
    text.push_str(
        "    public static void main(String[] args) { System.out.println(f1(3, 2.0)); }\n}\n",
    );
    let ids = IdGen::new();
    let (unit, _) = somd_syntax::parse(FileId(0), &text, &ids);
    let start = std::time::Instant::now();
    let (_, diags) = super::check(vec![unit]);
    let elapsed = start.elapsed();
    eprintln!("typeck of {} lines: {elapsed:?}", text.lines().count());
    assert!(diags.is_empty(), "{:?}", diags.first());
    assert!(elapsed.as_millis() < 2000, "{elapsed:?}");
}

/// Prints the diagnostics of the files named in `SOMD_TYPECK_DUMP` (separated by `:`) in
/// the fixture annotation format; a debugging aid for when the CLI cannot be built:
/// `SOMD_TYPECK_DUMP=a.somd cargo test -p somd-sema dump_diagnostics -- --ignored --nocapture`.
#[test]
#[ignore]
fn dump_diagnostics() {
    let paths = std::env::var("SOMD_TYPECK_DUMP").unwrap_or_default();
    for path in paths.split(':').filter(|p| !p.is_empty()) {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let ids = IdGen::new();
        let (unit, mut diags) = somd_syntax::parse(FileId(0), &text, &ids);
        diags.extend(crate::check(vec![unit]).1);
        somd_diag::sort(&mut diags);
        let line_starts: Vec<usize> =
            std::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1)).collect();
        println!("== {path}");
        for d in &diags {
            let start = d.primary.span.start as usize;
            let line = line_starts.partition_point(|&s| s <= start);
            let line_start = line_starts.get(line.saturating_sub(1)).copied().unwrap_or(0);
            let column = text.get(line_start..start).map_or(0, |s| s.chars().count()) + 1;
            let severity = if d.is_error() { "error" } else { "warning" };
            println!("// {severity}[{}] {line}:{column}: {}", d.code, d.message);
        }
    }
}
