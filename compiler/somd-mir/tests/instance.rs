//! Tests of `analysis::instance`: which instance SOMD methods are lifted to static ones with
//! their receiver's read fields as parameters, and which keep the CPU path.

mod common;

use common::lowered as module;
use somd_mir::analysis::instance::{lift_fields, refusal, StaticSize};
use somd_mir::FuncKind;

/// The class `T` of [`lifted`] with `body`.
fn lifted_source(body: &str) -> String {
    format!(
        "class T {{\n    int k;\n    double d;\n    int[] w;\n    int[][] m;\n    T o;\n    \
         boolean[] z;\n{body}\n    \
         public static void main(String[] args) {{ }}\n}}\n"
    )
}

/// The names of the parameters `T.f` gets when lifted, or `None` when it is not.
fn lifted(body: &str) -> Option<Vec<String>> {
    let m = module(&lifted_source(body));
    let fid = m.functions.iter().position(|f| f.name == "T.f").expect("T.f exists");
    let (copy, fields) = lift_fields(&m)?;
    let func = &copy.functions[fid];
    let list = fields.fields.get(&somd_mir::FuncId(fid as u32))?;
    assert_eq!(func.kind, FuncKind::Static);
    let orig = m.functions[fid].params.len();
    assert_eq!(func.params.len(), orig + list.len());
    Some(func.params[orig..].iter().map(|p| func.local(*p).name.clone()).collect())
}

#[test]
fn read_fields_become_trailing_parameters() {
    let got = lifted(
        "    int[] f(dist int[] a) {\n        int[] out = new int[a.length];\n        \
         for (int i = 0; i < a.length; i++) {\n            \
         out[i] = a[i] * k + w[i % w.length] + m[0][i % m[0].length] + (int) d + k;\n        }\n        \
         return out;\n    }",
    );
    assert_eq!(got, Some(vec!["this_k".into(), "this_w".into(), "this_m".into(), "this_d".into()]));
}

#[test]
fn a_method_without_field_reads_is_lifted_with_no_parameter() {
    let got = lifted(
        "    reduce(+) int f(dist int[] a) {\n        int s = 0;\n        \
         for (int i = 0; i < a.length; i++) {\n            s += a[i];\n        }\n        \
         return s;\n    }",
    );
    assert_eq!(got, Some(vec![]));
}

/// Why `T.f` of `source` keeps the method instance (`instance::refusal`), or `None` when it
/// is lifted.
fn refused(source: &str) -> Option<&'static str> {
    let m = module(source);
    let func = m.functions.iter().find(|f| f.name == "T.f").expect("T.f exists");
    refusal(&m, func).map(|(why, _)| why)
}

/// The class `T` of [`written`] with `body`.
fn written_source(body: &str) -> String {
    format!(
        "class T {{\n    int k;\n    long[] w;\n    float[][] m;\n    int[] r;\n    \
         boolean[] z;\n{HELPERS}{body}\n    \
         public static void main(String[] args) {{ }}\n}}\n"
    )
}

/// Helpers of [`written_source`]: readers, writers (of an element at a parameter, of a
/// whole row, of another element), one that passes its array on to a writer, one that
/// returns the array it is passed.
const HELPERS: &str = "    static long get(long[] x, int at) { return x[at]; }
    static long sum(long[] x) { long s = 0; for (int j = 0; j < x.length; j++) { s += x[j]; } return s; }
    static float first(float[] row) { return row[0]; }
    static void put(long[] x, int at, long d) { x[at] = x[at] + d; }
    static void next(long[] x, int at) { x[at + 1] = 0; }
    static void scale(float[] row) { for (int j = 0; j < row.length; j++) { row[j] *= 2; } }
    static void via(long[] x, int at) { put(x, at, 1); }
    static void shift(long[] x, int at) { put(x, at + 1, 1); }
    static long[] same(long[] x) { return x; }
    static void flag(boolean[] b, int at) { b[at] = true; }
";

/// The names of the fields whose elements `T.f` writes when it is lifted, or `None` when it
/// is not.
fn written(body: &str) -> Option<Vec<String>> {
    let m = module(&written_source(body));
    let fid = m.functions.iter().position(|f| f.name == "T.f").expect("T.f exists");
    let class = &m.classes[m.functions[fid].class.0 as usize];
    let (_, fields) = lift_fields(&m)?;
    let fid = somd_mir::FuncId(fid as u32);
    fields.fields.get(&fid)?;
    let list = fields.written.get(&fid).cloned().unwrap_or_default();
    Some(list.iter().map(|(_, i)| class.fields[*i as usize].name.clone()).collect())
}

/// A method `T.f(dist int[] a)` whose loop over `a` runs `stmt`.
fn loop_body(stmt: &str) -> String {
    format!(
        "    int g(int x) {{ return x; }}\n    void f(dist int[] a) {{\n        \
         for (int i = 0; i < a.length; i++) {{\n            {stmt}\n        }}\n    }}"
    )
}

#[test]
fn element_writes_of_field_arrays_are_lifted_and_listed() {
    let cases: [(&str, &[&str]); 5] = [
        ("w[i] = a[i];", &["w"]),
        ("w[Somd.offset(a) + i] += a[i] * k;", &["w"]),
        ("m[i][0]++; r[i] = m[i].length;", &["m", "r"]),
        ("m[i][i % m[i].length] = w[i];", &["m"]),
        // Read only: nothing comes back.
        ("a[i] = (int) w[i] + r[i];", &[]),
    ];
    for (stmt, want) in cases {
        let got = written(&loop_body(stmt));
        let want: Vec<String> = want.iter().map(|s| s.to_string()).collect();
        assert_eq!(got, Some(want), "{stmt}");
    }
}

/// The start of each reason `instance::refusal` gives.
const FIELD_WRITE: &str = "a write to a field of the receiver";
const ROW_USE: &str = "a row of a 2-D field array replaced";
const OTHER_USE: &str = "a use of `this` other than reading a field";
const FIELD_TYPE: &str = "a field of a type other than a primitive";
const ARRAY_USE: &str = "a field array used other than through";
const HELPER_USE: &str = "a call on `this` of an instance method that writes";

#[test]
fn writes_and_other_uses_of_this_are_not_lifted() {
    let cases = [
        // A write to a field: every method instance would store into the one receiver.
        ("k = a[i];", FIELD_WRITE),
        ("k++;", FIELD_WRITE),
        // The whole field array replaced (its rows' lengths read first).
        ("a[i] = r.length + m[i].length; w = new long[2];", FIELD_WRITE),
        // A row of a 2-D field replaced, or stored into another array.
        ("m[i] = new float[3];", ROW_USE),
        ("m[i] = m[0];", ROW_USE),
        ("float[][] two = new float[2][]; two[0] = m[i];", ROW_USE),
        // A field array stored into another array, or compared.
        ("long[][] two = new long[2][]; two[1] = w;", ARRAY_USE),
        ("a[i] = w == null ? 0 : 1;", ARRAY_USE),
        ("a[i] = m[i] != null ? 0 : 1;", ROW_USE),
    ];
    for (case, why) in cases {
        let body = loop_body(case);
        assert_eq!(written(&body), None, "{case}");
        let got = refused(&written_source(&body));
        assert!(got.is_some_and(|got| got.starts_with(why)), "{case}: {got:?}");
    }
}

#[test]
fn other_uses_of_this_are_not_lifted() {
    let cases = [
        // A write to a field.
        ("out[i] = a[i]; k = 3;", FIELD_WRITE),
        // A field of reference type, and `this` itself.
        ("out[i] = a[i] + (o == null ? 0 : 1);", FIELD_TYPE),
        ("out[i] = nil(this) ? 0 : a[i];", OTHER_USE),
        // Instance helpers that write a field, or call themselves.
        ("out[i] = h(a[i]);", HELPER_USE),
        ("out[i] = deep(a[i]);", HELPER_USE),
        // A row of a 2-D field stored into another array.
        ("int[][] two = new int[1][]; two[0] = m[0]; out[i] = a[i];", ROW_USE),
    ];
    for (case, why) in cases {
        let body = format!(
            "    int g(int x) {{ return x; }}\n    int h(int x) {{ k = x; return g(x); }}\n    \
             int deep(int x) {{ return x > 0 ? deep(x - 1) : k; }}\n    \
             static boolean nil(T t) {{ return t == null; }}\n    int[] f(dist int[] a) {{\n        \
             int[] out = new int[a.length];\n        \
             for (int i = 0; i < a.length; i++) {{\n            {case}\n        }}\n        \
             return out;\n    }}"
        );
        assert_eq!(lifted(&body), None, "{case}");
        let got = refused(&lifted_source(&body));
        assert!(got.is_some_and(|got| got.starts_with(why)), "{case}: {got:?}");
    }
}

/// Whether the lifted `T.f` is planned for the device, or why not.
fn device_verdict(stmt: &str) -> Result<(), String> {
    let source = format!(
        "class T {{\n    int k;\n    long[] w;\n    float[][] m;\n    int[] r;\n{}\n    \
         public static void main(String[] args) {{ }}\n}}\n",
        loop_body(stmt)
    );
    verdict_of(&source)
}

/// Whether `T.f` of `source`, lifted, is planned for the device, or why not.
fn verdict_of(source: &str) -> Result<(), String> {
    let m = module(source);
    let fid = m.functions.iter().position(|f| f.name == "T.f").expect("T.f exists");
    let (copy, _) = lift_fields(&m).expect("T.f is lifted");
    let info = somd_mir::analysis::analyze(&copy);
    let placement = info
        .placements
        .iter()
        .find(|p| {
            p.subject == somd_mir::analysis::Subject::SomdMethod(somd_mir::FuncId(fid as u32))
        })
        .expect("T.f has a placement");
    placement.device.as_ref().map(|_| ()).map_err(|b| format!("{b:?}"))
}

#[test]
fn written_field_arrays_go_through_the_parallel_loop_analysis() {
    // Each iteration writes its own elements: the loop index, or the global index of the
    // partition's element (the loop index on the device's one MI).
    for stmt in
        ["w[i] = a[i];", "w[Somd.offset(a) + i] += a[i];", "m[i + Somd.offset(a)][1] = w[i];"]
    {
        assert_eq!(device_verdict(stmt), Ok(()), "{stmt}");
    }
    // Iterations writing the same element, or reading another iteration's.
    for stmt in ["w[0] += a[i];", "w[a[i]] = 1;", "w[i] = w[i + 1];", "r[Somd.offset(a) + 1] = i;"]
    {
        assert!(device_verdict(stmt).is_err(), "{stmt}");
    }
}

/// A histogram body writes only its table: one that also writes elements of a field array
/// is lifted (the write comes back on a device) but gets no histogram plan, so no histogram
/// launch ever has a field array to bring back.
#[test]
fn histogram_bodies_that_write_field_arrays_are_not_planned() {
    let source = |stmt: &str| {
        format!(
            "class S {{\n    static int[] combine(int[] a, int[] b) {{ return a; }}\n}}\n\
             class T {{\n    int k;\n    long[] w;\n    \
             reduce(S) int[] f(dist int[] a) {{\n        int[] t = new int[k];\n        \
             for (int i = 0; i < a.length; i++) {{\n            t[a[i] & 7]++;\n            \
             {stmt}\n        }}\n        return t;\n    }}\n    \
             public static void main(String[] args) {{ }}\n}}\n"
        )
    };
    assert_eq!(verdict_of(&source("")), Ok(()));
    let writes = source("w[Somd.offset(a) + i] = a[i];");
    let (_, lifted) = lift_fields(&module(&writes)).expect("T.f is lifted");
    assert_eq!(lifted.written.values().flatten().count(), 1, "`w` is written");
    let why = verdict_of(&writes).expect_err("not planned");
    assert!(why.contains("a write to an array other than the table"), "{why}");
}

#[test]
fn field_arrays_passed_on_or_named_by_locals_are_lifted() {
    // Read only: nothing comes back.
    let reads = [
        "a[i] = (int) (get(w, i) + sum(w) + first(m[i]));",
        "float[] row = m[i % m.length]; long[] x = w; a[i] = (int) (row[0] + x[i] + row.length);",
        "float[] row; row = m[0]; a[i] = (int) first(row);",
    ];
    for stmt in reads {
        assert_eq!(written(&loop_body(stmt)), Some(vec![]), "{stmt}");
    }
    // Writes through a local, in a helper passed the array, a row or a local, in a helper
    // of a helper, through the array a helper returns.
    let writes: [(&str, &[&str]); 7] = [
        ("float[] row = m[i]; row[0] = 1;", &["m"]),
        ("put(w, i, a[i]);", &["w"]),
        ("scale(m[i]);", &["m"]),
        ("float[] row = m[i]; scale(row);", &["m"]),
        ("via(w, i); a[i] = (int) get(w, i);", &["w"]),
        ("same(w)[i] = 3;", &["w"]),
        ("flag(z, i); z[i] = !z[i];", &["z"]),
    ];
    for (stmt, want) in writes {
        let want: Vec<String> = want.iter().map(|s| s.to_string()).collect();
        assert_eq!(written(&loop_body(stmt)), Some(want), "{stmt}");
    }
}

#[test]
fn returned_field_arrays_are_not_lifted() {
    let body = "    long[] f(dist int[] a) {\n        return w;\n    }";
    assert_eq!(written(body), None);
    let got = refused(&written_source(body));
    assert!(got.is_some_and(|got| got.starts_with(ARRAY_USE)), "{got:?}");
}

/// Whether the lifted `T.f` of [`written_source`] with the loop running `stmt` is planned
/// for the device, or why not.
fn helper_verdict(stmt: &str) -> Result<(), String> {
    verdict_of(&written_source(&loop_body(stmt)))
}

#[test]
fn helpers_may_write_the_iterations_own_row_or_element() {
    // The iteration's own row of `m` (at the global index too), written by a helper passed
    // the row or a local naming it; one element of `w` at the index a helper is passed,
    // read back by another; a `boolean` element.
    for stmt in [
        "scale(m[i]);",
        "scale(m[Somd.offset(a) + i]);",
        "float[] row = m[i]; row[0] += first(row); scale(row);",
        "put(w, Somd.offset(a) + i, a[i]); r[i] = (int) get(w, i);",
        // A helper passing the array and its index on to one that writes there.
        "via(w, i);",
        "flag(z, i);",
        // Reads of a field the loop does not write, whole.
        "r[i] = (int) sum(w) + (int) first(m[0]);",
    ] {
        assert_eq!(helper_verdict(stmt), Ok(()), "{stmt}");
    }
    // Another iteration's row or element; an element not at the helper's index parameter,
    // also passed on to another helper (`at + 1`); a written array passed whole to a
    // reader, or read by a helper at another iteration's index.
    for (stmt, why) in [
        ("scale(m[0]);", "which writes a row of `this_m` other than the iteration's own"),
        (
            "put(w, 0, a[i]);",
            "write to `this_w` at an index other than a multiple of the loop index",
        ),
        ("next(w, i);", "which writes elements of `this_w` at indices other than one of its"),
        ("shift(w, i);", "which writes elements of `this_w` at indices other than one of its"),
        ("w[i] = sum(w);", "passes `this_w` to `T.sum` while the loop writes it"),
        ("put(w, i, 1); r[i] = (int) get(w, 0);", "passes `this_w` to `T.get` while the loop"),
        ("scale(m[i]); r[i] = (int) first(m[0]);", "passes `this_m` to `T.first` while the loop"),
    ] {
        let got = helper_verdict(stmt).expect_err(stmt);
        assert!(got.contains(why), "{stmt}: {got}");
    }
}

/// The class `S` with `members`: `N` and `M` are `static final int`s the static initialiser
/// computes, `C` a constant, `V` a non-final static.
fn statics_source(members: &str) -> String {
    format!(
        "class S {{\n    static final int N = S.size(12);\n    static final int M = S.size(5);\n    \
         static final int C = 7;\n    static int V = 3;\n    \
         static int size(int n) {{ return n * 2; }}\n{members}\n    \
         public static void main(String[] args) {{ }}\n}}\n"
    )
}

/// The names of the parameters the device copy of `S.<name>` gets after its declared ones
/// (`None`: no copy, or the function is not lifted).
fn statics_lifted(members: &str, name: &str) -> Option<Vec<String>> {
    let m = module(&statics_source(members));
    let fid = m.functions.iter().position(|f| f.name == name).expect("function exists");
    let (copy, lifted) = lift_fields(&m)?;
    let statics = lifted.statics.get(&somd_mir::FuncId(fid as u32))?;
    let func = &copy.functions[fid];
    let orig = m.functions[fid].params.len();
    assert_eq!(func.params.len(), orig + statics.len());
    assert_eq!(lifted.added(somd_mir::FuncId(fid as u32)), statics.len());
    // No read of a lifted field, nor of a lifted length, is left in the copy.
    let lifted = |z: StaticSize| statics.contains(&z);
    assert!(!func.exprs.iter().any(|e| match e.kind {
        somd_mir::ExprKind::Static(s) => lifted(StaticSize::Value(s)),
        somd_mir::ExprKind::Length(a) => match func.expr(a).kind {
            somd_mir::ExprKind::Static(s) => lifted(StaticSize::Length(s)),
            somd_mir::ExprKind::Index { array, .. } => matches!(func.expr(array).kind,
                somd_mir::ExprKind::Static(s) if statics.iter().any(|z|
                    matches!(z, StaticSize::RowLength(t, _) if *t == s))),
            _ => false,
        },
        _ => false,
    }));
    Some(func.params[orig..].iter().map(|p| func.local(*p).name.clone()).collect())
}

#[test]
fn static_final_ints_a_somd_method_reads_become_trailing_parameters() {
    let got = statics_lifted(
        "    static reduce(+) int f(dist int[][] a) {\n        int s = 0;\n        \
         for (int i = 0; i < a.length; i++) {\n            \
         for (int j = 0; j < M; j++) {\n                s += a[i][j] * N + C + V;\n            }\n        }\n        \
         return s;\n    }",
        "S.f",
    );
    // In the order of the first read; neither the constant nor the non-final field.
    assert_eq!(got, Some(vec!["S.M".into(), "S.N".into()]));
}

#[test]
fn lengths_of_static_final_arrays_become_trailing_parameters() {
    let got = statics_lifted(
        "    static final int[[]] T = new int[[]]{1, 2, 3};\n    \
         static final double[][] G = new double[4][2];\n    static int[] U = new int[5];\n    \
         static reduce(+) int f(dist int[][] a) {\n        int s = 0;\n        \
         for (int i = 0; i < a.length; i++) {\n            \
         for (int j = 0; j < T.length && j < G.length + U.length + G[1].length; j++) {\n                \
         s += a[i][j] * N + T[j];\n            }\n        }\n        \
         return s;\n    }",
        "S.f",
    );
    // `T[j]` is still read (kernels read it from the statics buffer); the length of the
    // non-final `U` is none the host may pass.
    assert_eq!(
        got,
        Some(vec!["S.T.length".into(), "S.G.length".into(), "S.G[1].length".into(), "S.N".into()])
    );
}

#[test]
fn a_parallel_loop_bounded_by_a_static_final_int_is_planned_for_the_device() {
    let members = "    static int[][] f(dist(dim = 1) int[][] a) {\n        \
                   int[][] r = new int[a.length][M];\n        \
                   for (int i = 0; i < a.length; i++) {\n            \
                   for (int j = 0; j < M; j++) {\n                r[i][j] = a[i][j] + N;\n            }\n        }\n        \
                   return r;\n    }";
    let m = module(&statics_source(members));
    let fid = m.functions.iter().position(|f| f.name == "S.f").expect("S.f exists");
    let (copy, _) = lift_fields(&m).expect("S.f is lifted");
    for (module, lifted) in [(&m, false), (&copy, true)] {
        let info = somd_mir::analysis::analyze(module);
        let placement = info
            .placements
            .iter()
            .find(|p| {
                p.subject == somd_mir::analysis::Subject::SomdMethod(somd_mir::FuncId(fid as u32))
            })
            .expect("S.f has a placement");
        // The original's bounds read a static field, which no kernel argument carries.
        assert_eq!(placement.device.is_ok(), lifted, "{:?}", placement.device);
    }
}

#[test]
fn only_somd_methods_have_their_static_reads_lifted() {
    // An intermediate reduction's method and a helper are no SOMD methods (kernels read
    // their statics from the statics buffer).
    let members = "    static reduce(+) int part(int[] a) {\n        int s = 0;\n        \
                   for (int i = 0; i < N; i++) {\n            s += a[i];\n        }\n        \
                   return s;\n    }\n    \
                   static int helper(int x) {\n        return x + N;\n    }\n    \
                   static int[] g(dist int[] a) {\n        int t = part(a);\n        \
                   int[] r = new int[a.length];\n        \
                   for (int i = 0; i < a.length; i++) {\n            r[i] = helper(a[i]) + t;\n        }\n        \
                   return r;\n    }";
    assert_eq!(statics_lifted(members, "S.part"), None);
    assert_eq!(statics_lifted(members, "S.helper"), None);
    // `g` reads no static itself (its helper does, from the statics buffer).
    assert_eq!(statics_lifted(members, "S.g"), None);
}

#[test]
fn an_instance_method_gets_its_fields_then_its_statics() {
    let source = "class T {\n    static final int W = T.size(3);\n    int k;\n    \
                  static int size(int n) { return n + 1; }\n    \
                  int[] f(dist int[] a) {\n        int[] out = new int[a.length];\n        \
                  for (int i = 0; i < a.length; i++) {\n            out[i] = a[i] * W + k;\n        }\n        \
                  return out;\n    }\n    \
                  public static void main(String[] args) { }\n}\n";
    let m = module(source);
    let fid = m.functions.iter().position(|f| f.name == "T.f").expect("T.f exists");
    let (copy, lifted) = lift_fields(&m).expect("T.f is lifted");
    let func = &copy.functions[fid];
    let orig = m.functions[fid].params.len();
    let names: Vec<&str> =
        func.params[orig..].iter().map(|p| func.local(*p).name.as_str()).collect();
    assert_eq!(names, ["this_k", "T.W"]);
    assert_eq!(lifted.added(somd_mir::FuncId(fid as u32)), 2);
}

/// The names of the parameters the device copy of `T`'s instance helper `name` gets after
/// its declared ones, and the number of parameters of the call of it in the copy of `T.f`.
fn helper_copy(body: &str, name: &str) -> Option<(Vec<String>, usize)> {
    let m = module(&lifted_source(body));
    let fid = m.functions.iter().position(|f| f.name == "T.f").expect("T.f exists");
    let (copy, _) = lift_fields(&m)?;
    // The helper's copy follows the module's own functions.
    let (at, helper) =
        copy.functions.iter().enumerate().skip(m.functions.len()).find(|(_, f)| f.name == name)?;
    assert_eq!(helper.kind, FuncKind::Static);
    assert!(!helper.exprs.iter().any(|e| matches!(e.kind, somd_mir::ExprKind::This)));
    let orig = m.functions.iter().find(|f| f.name == name).expect("helper").params.len();
    let names = helper.params[orig..].iter().map(|p| helper.local(*p).name.clone()).collect();
    // Every call of it in `T.f`'s copy passes one argument per parameter, and none is left
    // to the instance method.
    let f = &copy.functions[fid];
    let mut arity = None;
    for e in &f.exprs {
        if let somd_mir::ExprKind::Call { func, receiver, args } = &e.kind {
            assert_ne!(m.functions.get(func.0 as usize).map(|g| g.name.as_str()), Some(name));
            if func.0 as usize == at {
                assert_eq!(*receiver, None);
                arity = Some(args.len());
            }
        }
    }
    Some((names, arity.unwrap_or(0)))
}

#[test]
fn instance_helpers_become_static_copies_taking_the_fields_they_read() {
    let body = "    int scaled(int x) { return x * k + w[x & 3]; }\n    \
                int twice(int x) { return scaled(x) + scaled(x + 1) + (int) d; }\n    \
                int[] f(dist int[] a) {\n        int[] out = new int[a.length];\n        \
                for (int i = 0; i < a.length; i++) {\n            \
                out[i] = twice(a[i]) + this.scaled(i) + m[0][0];\n        }\n        \
                return out;\n    }";
    // `T.f` reads `m` itself, then the fields of the helpers it calls, in the order of the
    // calls (`twice` reads `d`, then `scaled`'s).
    assert_eq!(
        lifted(body),
        Some(vec!["this_m".into(), "this_d".into(), "this_k".into(), "this_w".into()])
    );
    // `twice` reads `d` itself and `k`, `w` through `scaled`: its call passes `a[i]` and
    // those three.
    assert_eq!(
        helper_copy(body, "T.twice"),
        Some((vec!["this_d".into(), "this_k".into(), "this_w".into()], 4))
    );
    assert_eq!(helper_copy(body, "T.scaled"), Some((vec!["this_k".into(), "this_w".into()], 3)));
    assert_eq!(device_verdict_of_body(body), Ok(()));
}

/// Whether `T.f` of the class [`lifted_source`] with `body` is planned for the device.
fn device_verdict_of_body(body: &str) -> Result<(), String> {
    verdict_of(&lifted_source(body))
}

#[test]
fn value_fields_are_lifted_and_other_objects_are_not() {
    let source = |body: &str| {
        format!(
            "value class P {{\n    int x;\n    P(int x) {{ this.x = x; }}\n}}\n\
             class Q {{\n    int x;\n}}\n\
             class T {{\n    P p;\n    P[[]] ps;\n    int[[]][[]] t;\n    Q q;\n    P[] mut;\n\
             {body}\n    public static void main(String[] args) {{ }}\n}}\n"
        )
    };
    let lifted_names = |body: &str| {
        let m = module(&source(body));
        let fid = m.functions.iter().position(|f| f.name == "T.f").expect("T.f exists");
        let (copy, fields) = lift_fields(&m)?;
        fields.fields.get(&somd_mir::FuncId(fid as u32))?;
        let func = &copy.functions[fid];
        let orig = m.functions[fid].params.len();
        Some(func.params[orig..].iter().map(|p| func.local(*p).name.clone()).collect::<Vec<_>>())
    };
    let body = |stmt: &str| {
        format!(
            "    int[] f(dist int[] a) {{\n        int[] out = new int[a.length];\n        \
             for (int i = 0; i < a.length; i++) {{\n            {stmt}\n        }}\n        \
             return out;\n    }}"
        )
    };
    // A value object, its fields, a value array of them (an element's field) and a 2-D
    // value array of primitives.
    let read = body("out[i] = a[i] * p.x + ps[i % ps.length].x + t[0][i % t[0].length];");
    assert_eq!(
        lifted_names(&read),
        Some(vec!["this_p".to_string(), "this_ps".into(), "this_t".into()])
    );
    assert_eq!(verdict_of(&source(&read)), Ok(()));
    // An object of an ordinary class, and a mutable array of value objects.
    for stmt in ["out[i] = q.x;", "out[i] = mut[0].x;"] {
        assert_eq!(lifted_names(&body(stmt)), None, "{stmt}");
        let got = refused(&source(&body(stmt)));
        assert!(got.is_some_and(|got| got.starts_with(FIELD_TYPE)), "{stmt}: {got:?}");
    }
}

#[test]
fn value_class_methods_get_static_copies_taking_the_receiver_first() {
    let source = "value class P {\n    int x;\n    P(int x) { this.x = x; }\n    \
                  local int twice() { return x + x; }\n    \
                  local P plus(P o) { return new P(x + o.x + twice()); }\n    \
                  local P me() { return this; }\n}\n\
                  class T {\n    static local int f(P p, P q) { return p.plus(q).me().twice(); }\n    \
                  public static void main(String[] args) { }\n}\n";
    let m = module(source);
    let (copy, lifted) = lift_fields(&m).expect("value methods are copied");
    let id = |name: &str| {
        somd_mir::FuncId(m.functions.iter().position(|f| f.name == name).expect("exists") as u32)
    };
    for name in ["P.twice", "P.plus", "P.me"] {
        let at = *lifted.value_methods.get(&id(name)).expect("copied");
        let method = &copy.functions[at.0 as usize];
        assert_eq!(method.kind, FuncKind::Static, "{name}");
        // The receiver is the first parameter, and nothing reads `this` any more.
        assert_eq!(method.params.len(), m.functions[id(name).0 as usize].params.len() + 1);
        assert_eq!(
            method.local(method.params[0]).ty,
            somd_mir::Type::Object(m.functions[id(name).0 as usize].class)
        );
        assert!(!method.exprs.iter().any(|e| matches!(e.kind, somd_mir::ExprKind::This)));
        assert!(lifted.helper_copies.contains(&at));
    }
    // Every call of a value method, in `T.f` and in the copies, calls a copy with the
    // receiver first.
    let copies: Vec<_> = lifted.value_methods.values().copied().collect();
    for func in [&copy.functions[id("T.f").0 as usize]]
        .into_iter()
        .chain(copies.iter().map(|c| &copy.functions[c.0 as usize]))
    {
        for e in &func.exprs {
            if let somd_mir::ExprKind::Call { func: callee, receiver, .. } = &e.kind {
                assert!(copies.contains(callee), "{}: call of {callee:?}", func.name);
                assert_eq!(*receiver, None);
            }
        }
    }
}
