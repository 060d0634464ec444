//! Benchmark of the front end: `somdc::check` on a generated, realistic 10,000-line
//! program. Run with `cargo bench -p somdc --bench check` (docs/performance.md).
//!
//! A plain `harness = false` binary instead of criterion: one measurement of one
//! function needs no statistics library, and the workspace stays free of criterion's
//! dependency tree. It reports the median, minimum and maximum of `SOMD_BENCH_RUNS` runs
//! (default 21) after 3 warm-up runs, and fails if the program has errors (a benchmark of
//! the error path would measure the wrong thing).
//!
//! The program is generated from a fixed template, so every run measures the same input:
//! classes mixing loops, arithmetic, arrays, SOMD methods with `dist` and `reduce`,
//! views and `sync`, value classes, `@` maps, `!` reductions and a task graph.

use somd_diag::SourceMap;
use std::fmt::Write;
use std::time::{Duration, Instant};

/// Lines the generated program should have (it stops at the first class past this).
const TARGET_LINES: usize = 10_000;

fn main() {
    let text = generate(TARGET_LINES);
    let lines = text.lines().count();
    let mut sources = SourceMap::new();
    sources.add("bench.somd", text.as_str());

    let first = somdc::check(&sources);
    let errors: Vec<String> = first
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .take(5)
        .map(|d| format!("{} {}: {}", d.code, sources.position(d.primary.span), d.message))
        .collect();
    if !errors.is_empty() {
        eprintln!("the generated program does not check cleanly; first errors:");
        for error in &errors {
            eprintln!("  {error}");
        }
        std::process::exit(1);
    }

    let runs = std::env::var("SOMD_BENCH_RUNS")
        .ok()
        .and_then(|s| s.parse::<usize>().ok())
        .filter(|&n| n > 0)
        .unwrap_or(21);
    for _ in 0..3 {
        std::hint::black_box(somdc::check(std::hint::black_box(&sources)));
    }
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            std::hint::black_box(somdc::check(std::hint::black_box(&sources)));
            start.elapsed()
        })
        .collect();
    times.sort();
    let median = times[times.len() / 2];
    let (min, max) = (times[0], times[times.len() - 1]);
    println!(
        "somdc::check on {lines} lines ({} bytes, {} warnings): median {:.2} ms, min {:.2} ms, max {:.2} ms over {runs} runs",
        text.len(),
        first.diagnostics.len(),
        ms(median),
        ms(min),
        ms(max)
    );
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// A program of about `target_lines` lines: a value class and a worker class per unit,
/// and one main class that calls into every unit.
fn generate(target_lines: usize) -> String {
    let mut out = String::new();
    let mut units = 0;
    while out.lines().count() < target_lines {
        unit(&mut out, units);
        units += 1;
    }
    main_class(&mut out, units);
    out
}

/// One unit (about 150 lines): a value class, a partitioner, a reduction class and a
/// class with sequential code, SOMD methods, `@`/`!` and tasks. Everything is suffixed
/// with the unit number `k` so names are unique.
fn unit(out: &mut String, k: usize) {
    // `write!` to a `String` cannot fail; the results are ignored for brevity.
    let _ = write!(
        out,
        r#"
value class Vec{k} {{
    float x;
    float y;
    float z;

    Vec{k}(float x, float y, float z) {{
        this.x = x;
        this.y = y;
        this.z = z;
    }}
}}

class Part{k} {{
    static int[] bounds(int length, int parts, int align) {{
        int[] b = new int[parts + 1];
        for (int r = 0; r < parts; r++) {{
            b[r] = (int) ((long) (length / align) * r / parts) * align;
        }}
        b[parts] = length;
        return b;
    }}
}}

class Sums{k} {{
    static double[] combine(double[] a, double[] b) {{
        double[] c = new double[a.length];
        for (int i = 0; i < a.length; i++) {{
            c[i] = a[i] + b[i];
        }}
        return c;
    }}
}}

class Work{k} {{
    static final double SCALE = {k}.5;
    static int counter = 0;
    int state;

    Work{k}(int start) {{
        state = start;
    }}

    static int mix(int a, int b) {{
        int h = a * 31 + b;
        h ^= h >>> 16;
        h *= 0x45d9f3b;
        h ^= h >>> 16;
        return h;
    }}

    static long collatz(long n) {{
        long steps = 0;
        while (n != 1 && steps < 1000) {{
            if (n % 2 == 0) {{
                n = n / 2;
            }} else {{
                n = 3 * n + 1;
            }}
            steps++;
        }}
        return steps;
    }}

    static double[][] matmul(double[][] a, double[][] b, int n) {{
        double[][] c = new double[n][n];
        for (int i = 0; i < n; i++) {{
            for (int j = 0; j < n; j++) {{
                double s = 0;
                for (int l = 0; l < n; l++) {{
                    s += a[i][l] * b[l][j];
                }}
                c[i][j] = s;
            }}
        }}
        return c;
    }}

    static int[] add(dist int[] a, dist int[] b) {{
        int[] c = new int[a.length];
        for (int i = 0; i < a.length; i++) {{
            c[i] = a[i] + b[i] * {k};
        }}
        return c;
    }}

    static reduce(+) double dot(dist double[] a, dist double[] b) {{
        double s = 0;
        for (int i = 0; i < a.length; i++) {{
            s += a[i] * b[i] * SCALE;
        }}
        return s;
    }}

    static reduce(max) int largest(dist int[] a) {{
        int m = Integer.MIN_VALUE;
        for (int i = 0; i < a.length; i++) {{
            m = Math.max(m, a[i]);
        }}
        return m;
    }}

    static reduce(self) int total(dist int[] a) {{
        int s = 0;
        for (int i = 0; i < a.length; i++) {{
            s += a[i];
        }}
        return s;
    }}

    static reduce(+) double sumSquares(double[] a) {{
        double s = 0;
        for (int i = 0; i < a.length; i++) {{
            s += a[i] * a[i];
        }}
        return s;
    }}

    static double[] normalize(dist double[] a) {{
        double norm = Math.sqrt(sumSquares(a));
        double[] r = new double[a.length];
        for (int i = 0; i < a.length; i++) {{
            r[i] = a[i] / norm;
        }}
        return r;
    }}

    static reduce(+) double relax(dist(view = <1,1>) double[] a, dist(view = <1,1>) double[] b, int steps) {{
        for (int p = 0; p < steps; p++) {{
            sync {{
                for (int i = 1; i < a.length - 1; i++) {{
                    b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3.0;
                }}
            }}
            sync {{
                for (int i = 1; i < b.length - 1; i++) {{
                    a[i] = (b[i - 1] + b[i] + b[i + 1]) / 3.0;
                }}
            }}
        }}
        double s = 0;
        for (int i = 0; i < a.length; i++) {{
            s += a[i];
        }}
        return s;
    }}

    static reduce(Sums{k}) double[] histogram(dist(Part{k}(8)) int[] data, int bins) {{
        double[] h = new double[bins];
        for (int i = 0; i < data.length; i++) {{
            h[(data[i] & 0x7fffffff) % bins] += 1.0;
        }}
        return h;
    }}

    static local Vec{k} scale(Vec{k} v, float s) {{
        return new Vec{k}(v.x * s, v.y * s, v.z * s);
    }}

    static local float length(Vec{k} v) {{
        return (float) Math.sqrt(v.x * v.x + v.y * v.y + v.z * v.z);
    }}

    static local float longest(Vec{k}[[]] vs) {{
        float[[]] lengths = Work{k} @ length(vs);
        return max ! lengths;
    }}

    int next() {{
        if (state > 100) {{
            throw new Underflow();
        }}
        state += 1;
        return state;
    }}

    static local long square(int x) {{
        return (long) x * x;
    }}

    static void sink(long x) {{
        counter += (int) x;
    }}

    static long run(int n) {{
        int[] a = new int[n];
        int[] b = new int[n];
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {{
            a[i] = mix(i, {k});
            b[i] = i % 7;
            d[i] = i * 0.5 + {k};
        }}
        int[] c = add(a, b);
        double e = dot(d, d) + relax(d, normalize(d), 3);
        Vec{k}[] vs = new Vec{k}[n];
        for (int i = 0; i < n; i++) {{
            vs[i] = new Vec{k}(i, i + 1, i + 2);
        }}
        Vec{k}[[]] frozen = Work{k} @ scale(new Vec{k}[[]](vs), 2.0f);
        float far = longest(frozen);
        double[] h = histogram(a, 16);
        Task t = task new Work{k}(0).next => task Work{k}.square => task Work{k}.sink;
        t.finish();
        return c[0] + largest(a) + total(b) + (long) e + (long) far + (long) h[0] + collatz(n) + counter;
    }}
}}
"#
    );
}

fn main_class(out: &mut String, units: usize) {
    out.push_str("\npublic class Bench {\n    public static void main(String[] args) {\n        long total = 0;\n");
    for k in 0..units {
        let _ = writeln!(out, "        total += Work{k}.run(64);");
    }
    out.push_str("        System.out.println(total);\n    }\n}\n");
}
