//! Tests of `analysis::combine`: which `combine` methods of a class reduction are proved
//! elementwise (combined by index chunks in parallel) or free of outside effects (combined
//! concurrently), and which are refused.

mod common;

use common::find;
use somd_mir::analysis::combine::{effect_free, elementwise};
use somd_mir::Module;

/// Lowers `class C { <methods> }` with the library (so `Math.max` is the library's method,
/// as in a compiled program).
fn module(methods: &str) -> Module {
    let text = format!(
        "class C {{\n{methods}\n}}\npublic class Main {{ public static void main(String[] args) {{ }} }}\n"
    );
    common::lowered_with_stdlib(&text)
}

/// `C.combine` with element type `ty`, loop `header` and statement `store`.
fn combine(ty: &str, alloc: &str, header: &str, store: &str) -> String {
    format!(
        "static {ty}[] combine({ty}[] a, {ty}[] b) {{
            {ty}[] c = new {ty}[{alloc}];
            for ({header}) {{
                {store}
            }}
            return c;
        }}"
    )
}

fn is_elementwise(methods: &str) -> bool {
    let m = module(methods);
    elementwise(&m, find(&m, "C.combine")).is_some()
}

const HEADER: &str = "int i = 0; i < a.length; i++";

#[test]
fn accepts_elementwise_combines() {
    let cases = [
        combine("double", "a.length", HEADER, "c[i] = a[i] + b[i];"),
        combine("long", "a.length", HEADER, "c[i] = a[i] + b[i];"),
        combine("int", "a.length", HEADER, "c[i] = Math.max(a[i], b[i]);"),
        combine("double", "a.length", HEADER, "c[i] = Math.max(a[i], b[i]);"),
        combine("float", "a.length", HEADER, "c[i] = Math.min(b[i], a[i]) * 0.5f;"),
        combine("double", "a.length", "int i = 0; i < a.length; ++i", "c[i] = a[i] * 0.75 + b[i];"),
        combine(
            "int",
            "a.length",
            HEADER,
            "c[i] = a[i] > b[i] ? a[i] - b[i] : (a[i] ^ b[i]) >> 1;",
        ),
        combine("int", "a.length", HEADER, "c[i] = a[i] / 3 + b[i] % -7;"),
        combine("short", "a.length", HEADER, "c[i] = (short) (a[i] + b[i]);"),
        combine("boolean", "a.length", HEADER, "c[i] = a[i] && !b[i];"),
        combine(
            "int",
            "a.length",
            HEADER,
            "c[i] = Integer.bitCount(a[i]) + (int) Math.sqrt(b[i]);",
        ),
    ];
    for case in &cases {
        assert!(is_elementwise(case), "refused:\n{case}");
    }
    let m = module(&cases[0]);
    let ew = elementwise(&m, find(&m, "C.combine")).expect("elementwise");
    assert_eq!((ew.reads_a.len(), ew.reads_b.len()), (1, 1));
}

#[test]
fn refuses_everything_else() {
    let cases = [
        // Other lengths and bounds.
        combine("double", "b.length", HEADER, "c[i] = a[i] + b[i];"),
        combine("double", "a.length", "int i = 0; i < b.length; i++", "c[i] = a[i] + b[i];"),
        combine("double", "a.length + 1", HEADER, "c[i] = a[i] + b[i];"),
        combine("double", "a.length", "int i = 1; i < a.length; i++", "c[i] = a[i] + b[i];"),
        combine("double", "a.length", "int i = 0; i < a.length; i += 2", "c[i] = a[i] + b[i];"),
        combine("double", "a.length", "int i = 0; i <= a.length - 1; i++", "c[i] = a[i] + b[i];"),
        // Reads at other indices, of other arrays, of the index itself.
        combine("double", "a.length", HEADER, "c[i] = a[i] + b[a.length - 1 - i];"),
        combine("double", "a.length", HEADER, "c[i] = a[0] + b[i];"),
        combine("double", "a.length", HEADER, "c[i] = a[i] + c[i];"),
        combine("int", "a.length", HEADER, "c[i] = a[i] + i;"),
        // Operations that can throw or have effects.
        combine("int", "a.length", HEADER, "c[i] = a[i] / b[i];"),
        combine("long", "a.length", HEADER, "c[i] = a[i] % b[i];"),
        combine("int", "a.length", HEADER, "c[i] = a[i] / 0;"),
        combine("int", "a.length", HEADER, "c[i] = a[i] + b[i]; a[i] = 0;"),
        combine("int", "a.length", HEADER, "c[i] = f(a[i], b[i]);")
            + "static int f(int x, int y) { System.out.println(x); return x + y; }",
        combine("int", "a.length", HEADER, "c[i] = g(a[i], b[i]);")
            + "static int g(int x, int y) { return x / y; }",
        combine("int", "a.length", HEADER, "c[i] = h(a[i], b[i]);")
            + "static int h(int x, int y) { return x < 0 ? h(-x, y) : x + y; }",
        combine("int", "a.length", HEADER, "c[i] = s + a[i] + b[i];") + "static int s = 1;",
        // Extra statements, other results.
        "static double[] combine(double[] a, double[] b) {
            double[] c = new double[a.length];
            for (int i = 0; i < a.length; i++) { c[i] = a[i] + b[i]; }
            c[0] = 1.0;
            return c;
        }"
        .to_string(),
        "static double[] combine(double[] a, double[] b) {
            double[] c = new double[a.length];
            for (int i = 0; i < a.length; i++) { c[i] = a[i] + b[i]; }
            return a;
        }"
        .to_string(),
        "static double[] combine(double[] a, double[] b) {
            for (int i = 0; i < a.length; i++) { a[i] = a[i] + b[i]; }
            return a;
        }"
        .to_string(),
        "static double[][] combine(double[][] a, double[][] b) {
            double[][] c = new double[a.length][];
            for (int i = 0; i < a.length; i++) { c[i] = a[i]; }
            return c;
        }"
        .to_string(),
    ];
    for case in cases {
        assert!(!is_elementwise(&case), "accepted:\n{case}");
    }
}

#[test]
fn effect_free_allows_fresh_allocations_only() {
    let free = [
        "static long[] combine(long[] x, long[] y) {
            long[] r = new long[3];
            r[0] = x[0] + y[0];
            r[1] = Math.min(x[1], y[1]);
            r[2] = Math.max(x[2], y[2]);
            return r;
        }",
        "static int[] combine(int[] x, int[] y) {
            int[] r = new int[x.length + y.length];
            for (int i = 0; i < x.length; i++) r[i] = x[i];
            for (int i = 0; i < y.length; i++) r[x.length + i] = y[i] / x[0];
            return r;
        }",
        "static P combine(P x, P y) { return new P(x.v + y.v); }",
    ];
    let effects = [
        "static long[] combine(long[] x, long[] y) {
            for (int i = 0; i < x.length; i++) x[i] += y[i];
            return x;
        }",
        "static long[] combine(long[] x, long[] y) {
            long[] r = x;
            r[0] = y[0];
            return r;
        }",
        "static long[] combine(long[] x, long[] y) {
            System.out.println(x.length);
            return x;
        }",
        "static long[] combine(long[] x, long[] y) {
            n++;
            return x;
        }",
        "static long[] combine(long[] x, long[] y) {
            clear(y);
            return x;
        }
        static void clear(long[] z) { z[0] = 0; }",
        "static long[][] combine(long[][] x, long[][] y) {
            long[][] r = new long[1][];
            r[0] = x[0];
            r[0][0] = 1;
            return r;
        }",
        "static P combine(P x, P y) { x.v = y.v; return x; }",
    ];
    let class_p = "class P { long v; P(long v) { this.v = v; } }";
    let check = |methods: &str| {
        let text = format!("{methods}\nstatic int n;\n}}\n{class_p}\nclass D {{");
        let m = module(&text);
        effect_free(&m, find(&m, "C.combine"))
    };
    for case in free {
        assert!(check(case), "refused:\n{case}");
    }
    for case in effects {
        assert!(!check(case), "accepted:\n{case}");
    }
}
