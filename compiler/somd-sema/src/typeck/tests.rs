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

/// Checks `text` (as file 0) together with the language's library, as the driver does.
fn check_with_stdlib(text: &str) -> (crate::Program, Vec<Diagnostic>) {
    let ids = IdGen::new();
    let (unit, parse_diags) = somd_syntax::parse(FileId(0), text, &ids);
    assert!(parse_diags.is_empty(), "parse errors: {parse_diags:?}");
    crate::check_with_stdlib(vec![unit], &ids)
}

/// What the single built-in call `call` in a user program resolves to: the library
/// method's class, name and parameters, or `None` when it stays a built-in.
fn library_target(call: &str) -> Option<(String, String, Vec<Ty>)> {
    let text =
        format!("class Main {{ public static void main(String[] args) {{ double r = {call}; }} }}");
    let (program, diags) = check_with_stdlib(&text);
    assert!(diags.is_empty(), "{diags:?}");
    let methods: Vec<_> = program
        .calls
        .values()
        .filter_map(|c| match c {
            CallTarget::Method(id) => Some(*id),
            _ => None,
        })
        .collect();
    assert!(methods.len() <= 1, "{methods:?}");
    methods.first().map(|&id| {
        let m = program.method(id);
        let params: Vec<Ty> = m.params.iter().map(|p| p.ty.clone()).collect();
        (program.class(m.class).name.clone(), m.name.clone(), params)
    })
}

#[test]
fn stdlib_checks_cleanly_and_implements_only_builtin_signatures() {
    let (program, diags) =
        check_with_stdlib("class Main { public static void main(String[] args) { } }");
    assert!(diags.is_empty(), "the library must check without diagnostics: {diags:?}");
    assert_eq!(program.class_by_name.len(), 1, "library classes are not user-visible names");
    let builtins = super::builtins::Builtins::new();
    let mut implemented = 0;
    for id in program.method_ids() {
        let method = program.method(id);
        let class = program.class(method.class);
        if !somd_stdlib::is_library_file(class.span.file) {
            continue;
        }
        assert!(
            method.is_static && method.is_local,
            "{}.{} must be static local",
            class.name,
            method.name
        );
        let (_, _, sigs) = builtins
            .lookup(&class.name, &method.name)
            .unwrap_or_else(|| panic!("{}.{} is not a built-in", class.name, method.name));
        let params: Vec<Ty> = method.params.iter().map(|p| p.ty.clone()).collect();
        assert!(
            sigs.iter().any(|s| s.params == params && s.ret == method.ret),
            "{}.{}{params:?} has no built-in signature to implement",
            class.name,
            method.name
        );
        implemented += 1;
    }
    assert_eq!(implemented, 16);
}

#[test]
fn builtin_calls_bind_to_the_library_with_javas_overloads() {
    let lib = |class: &str, name: &str, params: Vec<Ty>| {
        Some((class.to_string(), name.to_string(), params))
    };
    assert_eq!(library_target("Math.abs(-3)"), lib("Math", "abs", vec![Ty::INT]));
    assert_eq!(library_target("Math.abs((short) 3)"), lib("Math", "abs", vec![Ty::INT]));
    assert_eq!(library_target("Math.abs(-3.0)"), None, "abs(double) stays built in");
    assert_eq!(library_target("Math.max(1, 2L)"), lib("Math", "max", vec![Ty::LONG, Ty::LONG]));
    assert_eq!(library_target("Math.min(1, 2.0f)"), lib("Math", "min", vec![Ty::FLOAT, Ty::FLOAT]));
    assert_eq!(library_target("Integer.bitCount(7)"), lib("Integer", "bitCount", vec![Ty::INT]));
    assert_eq!(library_target("Long.bitCount(7)"), lib("Long", "bitCount", vec![Ty::LONG]));
    assert_eq!(library_target("Math.toRadians(1)"), lib("Math", "toRadians", vec![Ty::DOUBLE]));
    assert_eq!(library_target("Math.sqrt(2.0)"), None);
}

#[test]
fn mistakes_with_library_builtins_are_reported_at_the_users_call() {
    let (_, diags) = check_with_stdlib(
        "class Main {
            public static void main(String[] args) {
                int a = Math.abs(\"x\");
                int b = Integer.bitCount(1.5);
            }
        }",
    );
    assert_eq!(diags.len(), 2, "{diags:?}");
    for d in &diags {
        assert_eq!(d.primary.span.file, FileId(0), "{d:?}");
        assert!(d.secondary.iter().all(|l| l.span.file == FileId(0)), "{d:?}");
    }
    assert!(diags[0].notes.iter().any(|n| n.contains("abs(long)")), "{:?}", diags[0]);
}

#[test]
fn library_class_names_stay_reserved_for_the_builtins() {
    let (_, diags) = check_with_stdlib(
        "class Math { }
        class Main { public static void main(String[] args) { } }",
    );
    let codes: Vec<&str> = diags.iter().map(|d| d.code).collect();
    assert_eq!(codes, vec![super::codes::DUPLICATE_CLASS]);
    assert_eq!(diags[0].primary.span.file, FileId(0));
}
