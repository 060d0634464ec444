//! Tests of intermediate reduction calls in SOMD bodies on the device (`analysis::sync`,
//! `SyncStep::Intermediate`): which calls become a reduction kernel of the host program,
//! and the construct `explain` names for those that keep the method on the CPU.

mod common;

use common::lowered as module;
use somd_mir::analysis::{analyze, SomdShape};

/// The callees every case may call.
const CALLEES: &str = "
    static reduce(+) long sum(long[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) s += a[i];
        return s;
    }
    static reduce(+) long above(long[] a, long t) {
        long s = 0;
        for (int i = 0; i < a.length; i++) s += a[i] > t ? 1 : 0;
        return s;
    }
    static reduce(+) long offset(long[] a) {
        long s = 5;
        for (int i = 0; i < a.length; i++) s += a[i];
        return s;
    }
    static reduce(+) long twoLoops(long[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) s += a[i];
        for (int i = 0; i < a.length; i++) s += a[i];
        return s;
    }
    static reduce(+) long fromParam(long[] a, long start) {
        long s = start;
        for (int i = 0; i < a.length; i++) s += a[i];
        return s;
    }
    static reduce(+) long writes(long[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) { s += a[i]; a[i] = 0; }
        return s;
    }
    static reduce(max) long sequential(long[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) s = s * 3 + a[i];
        return s;
    }
";

/// `T.f`'s placement: `Ok(steps)` (the host program's steps: `intermediate j`, `launch k`,
/// `host`, `repeat { .. }`) or `Err(construct)`.
fn placement(body: &str) -> Result<String, String> {
    let source = format!(
        "class T {{\n{CALLEES}\n{body}\n    public static void main(String[] args) {{ }}\n}}\n"
    );
    let m = module(&source);
    let info = analyze(&m);
    let fid = m.functions.iter().position(|f| f.name == "T.f").expect("T.f exists");
    let placement =
        info.placements.iter().find(|p| p.label == "SOMD method T.f").expect("a placement of T.f");
    if let Err(b) = &placement.device {
        return Err(b.construct.clone());
    }
    let Some(Ok(SomdShape::Sync(sync))) = &info.functions[fid].somd_body else {
        panic!("not a sync body")
    };
    Ok(somd_mir::analysis::outline(&m.functions[fid], &sync.steps))
}

fn with_call(decl: &str) -> String {
    format!(
        "static long[] f(dist long[] a, long k) {{
            {decl}
            long[] out = new long[a.length];
            for (int i = 0; i < a.length; i++) out[i] = a[i] + t;
            return out;
        }}"
    )
}

#[test]
fn calls_of_one_reduction_loop_over_whole_arrays_are_kernels() {
    let ok = |decl: &str| placement(&with_call(decl)).unwrap_or_else(|e| panic!("{decl}: {e}"));
    assert_eq!(ok("long t = sum(a);"), "intermediate 0; host; launch 0");
    assert_eq!(ok("long t = sum(a) * 2;"), "intermediate 0; host; launch 0");
    // Two calls in one expression, in evaluation order; a scalar the host computes.
    assert_eq!(
        ok("long t = sum(a) - above(a, k + 1);"),
        "intermediate 0; intermediate 1; host; launch 0"
    );
    // A `/` after the calls may throw after them, as in Java.
    assert_eq!(ok("long t = sum(a) / k;"), "intermediate 0; host; launch 0");
    // In a counted host loop, without `sync`: the host runs the loop.
    let looped = "static reduce(max) long f(dist long[] a, int n) {
            long s = 0;
            for (int r = 0; r < n; r++) {
                long t = sum(a);
                s += t + r;
            }
            return s;
        }";
    assert_eq!(
        placement(looped).expect("on the device"),
        "host; repeat { intermediate 0; host; host }"
    );
}

#[test]
fn other_calls_keep_the_method_on_the_cpu_and_say_why() {
    let refused = |decl: &str| match placement(&with_call(decl)) {
        Ok(steps) => panic!("{decl}: on the device as {steps}"),
        Err(construct) => construct,
    };
    let cases = [
        ("long t = twoLoops(a);", "intermediate reduction `T.twoLoops`: its body: a second loop"),
        (
            "long t = offset(a);",
            "intermediate reduction `T.offset`: its body: loop is not parallel: the accumulator `s` does not start at the identity of `+`",
        ),
        (
            "long t = fromParam(a, k);",
            "intermediate reduction `T.fromParam`: its body: loop is not parallel: the accumulator `s` does not start at the identity of `+`",
        ),
        ("long t = writes(a);", "intermediate reduction `T.writes`: it writes an array"),
        ("long t = sequential(a);", "intermediate reduction `T.sequential`: its body: loop is not parallel"),
        (
            "long t = sum(new long[4]);",
            "intermediate reduction `T.sum`: argument for `a` is not an array parameter of `T.f`",
        ),
        ("long t = k > 0 ? sum(a) : 0;", "an intermediate reduction evaluated under a condition"),
        ("long t = 10 / k + sum(a);", "an intermediate reduction after an operation of the same statement that may throw"),
    ];
    for (decl, want) in cases {
        let got = refused(decl);
        assert!(got.starts_with(want), "{decl}: {got}");
    }
    // A loop making the call is run by the host, which assigns only host scalars.
    let in_loop = "static long[] f(dist long[] a, int n) {
            long[] out = new long[n];
            for (int i = 0; i < n; i++) out[i] = i + sum(a);
            return out;
        }";
    let got = placement(in_loop).expect_err("on the CPU");
    assert!(got.starts_with("statement other than an assignment of a local scalar"), "{got}");
}
