//! OpenCL C writer tests: golden `.cl` snapshots of small programs, every kernel of the
//! corpus (these programs, `samples/*.somd`, `tests/run/*.somd`) built by a real OpenCL
//! compiler with the runtime prelude (the unchecked and fast-math forms compiled without
//! being linked), and a few kernels run on the device and compared
//! with the CPU's values, including a device-side bounds failure.
//!
//! Without an OpenCL platform the device parts print `SKIPPED: no OpenCL platform` and
//! pass, unless `SOMD_REQUIRE_OPENCL=1`, which makes them fail.

use somd_codegen::opencl::{write_kernels, ClOptions, KernelSet};
use somd_diag::SourceMap;
use somd_mir::analysis::{analyze, ProgramInfo};
use somd_runtime::opencl::{device, Access, DeviceArray, DeviceCtx, ErrorBuffer, ProgramDesc};
use somd_syntax::ast::IdGen;
use std::path::{Path, PathBuf};

struct Compiled {
    module: somd_mir::Module,
    info: ProgramInfo,
    sources: SourceMap,
}

fn compile(name: &str, text: &str) -> Option<Compiled> {
    let mut sources = SourceMap::new();
    let ids = IdGen::new();
    let file = sources.add(name, text);
    let (unit, diags) = somd_syntax::parse(file, text, &ids);
    if diags.iter().any(|d| d.is_error()) {
        return None;
    }
    let (program, diags) = somd_sema::check(vec![unit]);
    if diags.iter().any(|d| d.is_error()) {
        return None;
    }
    let module = somd_mir::lower(&program, &sources);
    // Instance SOMD methods are lifted as the host glue lifts them (`rust::device::glue`).
    let module = match somd_mir::analysis::instance::lift_fields(&module) {
        Some((lifted, _)) => lifted,
        None => module,
    };
    let info = analyze(&module);
    Some(Compiled { module, info, sources })
}

fn kernels(c: &Compiled, options: ClOptions) -> KernelSet {
    write_kernels(&c.module, &c.info, &c.sources, &options).expect("the writer succeeds")
}

fn snapshot(source: &str) -> String {
    let c = compile("test.somd", source).expect("program checks");
    let set = kernels(&c, ClOptions::default());
    assert!(set.skipped.is_empty(), "skipped kernels: {:?}", set.skipped);
    let mut out = format!("----- SOURCE CODE\n{}\n----- OPENCL C\n", source.trim());
    for k in &set.kernels {
        out.push_str(&k.standalone);
        out.push_str("----- MANIFEST\n");
        for (i, a) in k.args.iter().enumerate() {
            out.push_str(&format!("arg {i} {}: {:?} from {:?}\n", a.name, a.kind, a.source));
        }
        let global: Vec<String> = k.global.iter().map(|g| g.to_string()).collect();
        out.push_str(&format!("global [{}]\n", global.join(", ")));
        if let Some(r) = &k.reduction {
            out.push_str(&format!("reduction {r:?}\n"));
        }
        let sites: Vec<String> = k
            .sites
            .iter()
            .map(|s| {
                let site = &set.sites[*s as usize];
                format!("{s}={}@{}:{}", site.what, site.line, site.col)
            })
            .collect();
        out.push_str(&format!("sites [{}]\n-----\n", sites.join(", ")));
    }
    out
}

/// The device used by the tests, or `None` (after printing SKIPPED) without a platform.
fn test_device() -> Option<&'static DeviceCtx> {
    let found = device::find(device::DeviceQuery::Any).ok().flatten();
    if found.is_none() {
        if std::env::var("SOMD_REQUIRE_OPENCL").is_ok_and(|v| v == "1") {
            panic!("SOMD_REQUIRE_OPENCL=1 but no OpenCL platform/device was found");
        }
        println!("SKIPPED: no OpenCL platform");
    }
    found
}

/// Builds `set`'s program.
fn build(
    ctx: &'static DeviceCtx,
    name: &str,
    set: &KernelSet,
    fast_math: bool,
) -> Result<(), String> {
    build_as(ctx, name, set, fast_math, Link::Build)
}

/// Whether a test program is built whole or only compiled.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Link {
    Build,
    CompileOnly,
}

/// Builds `set`'s program, or with `Link::CompileOnly` compiles it without linking it with
/// the driver's built-ins (`DeviceCtx::compile_only`).
fn build_as(
    ctx: &'static DeviceCtx,
    name: &str,
    set: &KernelSet,
    fast_math: bool,
    link: Link,
) -> Result<(), String> {
    let name: &'static str = Box::leak(name.to_string().into_boxed_str());
    let body: &'static str = Box::leak(set.body.clone().into_boxed_str());
    // `-Werror`: generated kernels must have no warning (the runtime builds with `-w`, since
    // a clang-based compiler such as PoCL prints warnings on the program's standard error).
    let desc = ProgramDesc { name, defines: "", body, options: "-Werror", fast_math };
    if let Ok(dir) = std::env::var("SOMD_DUMP_CL_DIR") {
        // For building the same programs with another OpenCL compiler (e.g. a GPU driver).
        let suffix = if fast_math { ".fast" } else { "" };
        let _ = std::fs::create_dir_all(&dir);
        let _ = std::fs::write(Path::new(&dir).join(format!("{name}{suffix}.cl")), desc.source());
    }
    let attempt = |desc: &ProgramDesc| match link {
        Link::Build => ctx.program_cached_in(desc, None).map(|_| ()),
        Link::CompileOnly => ctx.compile_only(desc),
    };
    match attempt(&desc) {
        Ok(()) => Ok(()),
        // The one warning that comes from the target, not the code: an x86 CPU without
        // AVX-512 (PoCL's device on such a host) warns that a 512-bit vector passed by
        // value "changes the ABI" (harmless inside one program; the runtime builds with
        // `-w`). The program must still build, and have no other warning.
        Err(e) if abi_warnings_only(&e.log) => {
            attempt(&ProgramDesc { options: "", ..desc }).map_err(|e| e.message)
        }
        Err(e) => Err(format!("{}\n{}", e.message, e.log)),
    }
}

/// Whether every diagnostic of a failed `-Werror` build log is the x86 vector-ABI warning.
fn abi_warnings_only(log: &str) -> bool {
    let errors: Vec<&str> = log.lines().filter(|l| l.contains("error:")).collect();
    !errors.is_empty() && errors.iter().all(|l| l.contains("changes the ABI"))
}

/// Builds the program text `body` under `-Werror` and the build `options` (the defines the
/// runtime would pass: element types, narrow flags), as the program `name`.
fn build_with(
    ctx: &'static DeviceCtx,
    name: &'static str,
    body: &'static str,
    options: &str,
) -> Result<(), somd_runtime::opencl::BuildError> {
    let werror: &'static str = Box::leak(format!("-Werror {options}").into_boxed_str());
    let desc = ProgramDesc { name, defines: "", body, options: werror, fast_math: false };
    match ctx.program_cached_in(&desc, None) {
        Err(e) if abi_warnings_only(&e.log) => {
            let options: &'static str = Box::leak(options.to_string().into_boxed_str());
            ctx.program_cached_in(&ProgramDesc { options, ..desc }, None).map(|_| ())
        }
        built => built.map(|_| ()),
    }
}

// ---- small programs ----

const VECTOR_ADD: &str = r#"
class V {
    static int[] add(dist int[] a, dist int[] b) {
        int[] c = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] + b[i];
        }
        return c;
    }
    public static void main(String[] args) {
        System.out.println(add(new int[]{1, 2}, new int[]{3, 4})[1]);
    }
}
"#;

const SAXPY: &str = r#"
class S {
    static float[] saxpy(float alpha, dist float[] x, dist float[] y) {
        float[] r = new float[x.length];
        for (int i = 0; i < x.length; i++) {
            r[i] = alpha * x[i] + y[i];
        }
        return r;
    }
    public static void main(String[] args) {
        System.out.println(saxpy(2f, new float[]{1f}, new float[]{2f})[0]);
    }
}
"#;

const SUM: &str = r#"
class Sum {
    static reduce(+) long sum(dist int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        return s;
    }
    public static void main(String[] args) {
        System.out.println(sum(new int[]{1, 2, 3}));
    }
}
"#;

const DOT_FUSED: &str = r#"
class Dot {
    static local float mul(float a, float b) { return a * b; }
    public static void main(String[] args) {
        float[[]] x = new float[[]]{1f, 2f, 3f};
        float[[]] y = new float[[]]{4f, 5f, 6f};
        float d = + ! (Dot @ mul(x, y));
        System.out.println(d);
    }
}
"#;

const MATRIX_2D: &str = r#"
class M {
    static float[][] scale(dist float[][] m, float k) {
        float[][] r = new float[m.length][m[0].length];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[0].length; j++) {
                r[i][j] = m[i][j] * k;
            }
        }
        return r;
    }
    public static void main(String[] args) {
        float[][] m = new float[2][2];
        System.out.println(scale(m, 2f)[1][1]);
    }
}
"#;

const SUM_2D: &str = r#"
class S {
    static reduce(+) long total(dist int[][] m) {
        long s = 0;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                s += m[i][j];
            }
        }
        return s;
    }
    public static void main(String[] args) {
        int[][] m = new int[3][5];
        System.out.println(total(m));
    }
}
"#;

const PADDED_MAP: &str = r#"
value class In {
    int i;
    float f;
    In(int i, float f) { this.i = i; this.f = f; }
}
value class Q {
    boolean b;
    double d;
    char c;
    In inner;
    short s;
    Q(boolean b, double d, char c, In inner, short s) {
        this.b = b; this.d = d; this.c = c; this.inner = inner; this.s = s;
    }
}
class PM {
    static local Q bump(Q q, int k) {
        return new Q(!q.b, q.d + k, q.c, new In(q.inner.i + k, q.inner.f), q.s);
    }
    public static void main(String[] args) {
        Q[[]] qs = new Q[[]]{new Q(true, 1.5, 'a', new In(1, 2f), (short) 3)};
        Q[[]] rs = PM @ bump(qs, 2);
        System.out.println(rs[0].d);
    }
}
"#;

const VALUE_MAP: &str = r#"
value class P {
    float x;
    float y;
    P(float x, float y) { this.x = x; this.y = y; }
}
class VM {
    static local P scale(P p, float k) { return new P(p.x * k, p.y * k); }
    public static void main(String[] args) {
        P[[]] ps = new P[[]]{new P(1f, 2f), new P(3f, 4f)};
        P[[]] qs = VM @ scale(ps, 2f);
        System.out.println(qs[1].y);
    }
}
"#;

const BANG: &str = r#"
class B {
    static local int better(int a, int b) { return a > b ? a : b; }
    public static void main(String[] args) {
        int[[]] xs = new int[[]]{3, 9, 4};
        System.out.println(+ ! xs);
        System.out.println(B.better ! xs);
    }
}
"#;

const VALUE_FOLD: &str = r#"
class VF {
    static local Acc merge(Acc a, Acc b) {
        return new Acc(a.n + b.n, a.sum + b.sum, a.flag && b.flag);
    }
    public static void main(String[] args) {
        Acc[] xs = {new Acc(1, 0.5, true), new Acc(2, 1.5, false)};
        Acc r = VF.merge ! xs;
        System.out.println(r.n);
    }
}
value class Acc {
    int n;
    double sum;
    boolean flag;
    Acc(int n, double sum, boolean flag) { this.n = n; this.sum = sum; this.flag = flag; }
}
"#;

const INSTANCE: &str = r#"
class I {
    float scale;
    int[] w;
    long[][] m;
    I(float scale, int[] w, long[][] m) { this.scale = scale; this.w = w; this.m = m; }
    float[] apply(dist float[] a) {
        float[] out = new float[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] * scale + w[i % w.length] + m[i % m.length][0];
        }
        return out;
    }
    public static void main(String[] args) {
    }
}
"#;

const HOLDERS: &str = r#"
class H {
    static local float tail(Model m, float x) { return m.k.length > 0 ? m.k[0] * x : x; }
    static local float score(float x, Model m) {
        float s = m.bias;
        for (int i = 0; i < m.w.length; i++) {
            s += m.w[i] * x;
        }
        return s + tail(m, x);
    }
    static local float at1(float[[4]] c) { return c[1]; }
    static local double weigh(int v, Table t) {
        double r = t.vals[v % t.vals.length] * t.s.factor + t.m.bias + at1(t.corner);
        return t.flag ? -r : r;
    }
    static float[] apply(dist float[] a, Model m) {
        float[] out = new float[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] * m.w[i % m.w.length] + m.bias;
        }
        return out;
    }
    public static void main(String[] args) {
        Model m = new Model(new float[[]]{1f, 2f}, 0.5f, new int[[]]{3});
        Table t = new Table(new double[[]]{1.0}, new Scale(2.0), m, new float[[4]]{1f, 2f, 3f, 4f}, true);
        float[[]] x = new float[[]]{1f, 2f};
        float[[]] r = H @ score(x, m);
        double[[]] w = H @ weigh(new int[[]]{1, 2}, t);
        float[] o = apply(new float[2], m);
        double[[]] each = H @ weigh(new int[[]]{1, 2}, new Table[[]]{t, t});
    }
}
value class Model {
    float[[]] w;
    float bias;
    int[[]] k;
    Model(float[[]] w, float bias, int[[]] k) { this.w = w; this.bias = bias; this.k = k; }
}
value class Scale {
    double factor;
    Scale(double factor) { this.factor = factor; }
}
value class Table {
    double[[]] vals;
    Scale s;
    Model m;
    float[[4]] corner;
    boolean flag;
    Table(double[[]] vals, Scale s, Model m, float[[4]] corner, boolean flag) {
        this.vals = vals; this.s = s; this.m = m; this.corner = corner; this.flag = flag;
    }
}
"#;

const FILTER: &str = r#"
class F {
    static int n = 0;
    static int produce() {
        if (n == 3) { throw new Underflow(); }
        n++;
        return n;
    }
    static local int square(int x) { return x * x; }
    static void show(int x) { System.out.println(x); }
    public static void main(String[] args) {
        Task t = task F.produce => task F.square => task F.show;
        t.finish();
    }
}
"#;

const INT_HEAVY: &str = r#"
class H {
    static int[] mix(dist int[] a, dist long[] b, int k) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            int x = a[i] * 31 + k;
            long y = b[i] >>> 3;
            x = x / (k - 1) + x % 7;
            x <<= a[i];
            r[i] = x ^ (int) (y >> 40) ^ (x >>> 33) + (int) (float) a[i] + (byte) x;
        }
        return r;
    }
    public static void main(String[] args) {
        System.out.println(mix(new int[]{1}, new long[]{2L}, 3)[0]);
    }
}
"#;

const DOUBLE: &str = r#"
class D {
    static reduce(+) double norm2(dist double[] a) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += Math.sqrt(a[i] * a[i]) + Math.floor(a[i]);
        }
        return s;
    }
    public static void main(String[] args) {
        System.out.println(norm2(new double[]{1, 2}));
    }
}
"#;

#[test]
fn vector_add() {
    insta::assert_snapshot!(snapshot(VECTOR_ADD));
}

#[test]
fn saxpy() {
    insta::assert_snapshot!(snapshot(SAXPY));
}

/// K-Means' cluster sums: a `long` table filled at computed indices (a histogram kernel:
/// per-work-group tables in local memory or one global table, 32-bit atomics).
const HISTOGRAM: &str = r#"
class ClusterSums {
    static long[] combine(long[] a, long[] b) {
        long[] c = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] + b[i];
        }
        return c;
    }
}
class KMeans {
    static reduce(ClusterSums) long[] clusterSums(dist int[] xs, dist int[] ys, dist int[] membership, int k) {
        long[] sums = new long[3 * k];
        for (int i = 0; i < xs.length; i++) {
            int c = membership[i];
            sums[3 * c] += xs[i];
            sums[3 * c + 1] += ys[i];
            sums[3 * c + 2]++;
        }
        return sums;
    }
    public static void main(String[] args) {
        int[] xs = new int[4];
        System.out.println(clusterSums(xs, xs, xs, 1)[0]);
    }
}
"#;

#[test]
fn histogram_cluster_sums() {
    insta::assert_snapshot!(snapshot(HISTOGRAM));
}

#[test]
fn sum_reduce_plus() {
    insta::assert_snapshot!(snapshot(SUM));
}

#[test]
fn dot_product_fused() {
    insta::assert_snapshot!(snapshot(DOT_FUSED));
}

#[test]
fn matrix_block_block_2d() {
    insta::assert_snapshot!(snapshot(MATRIX_2D));
}

#[test]
fn sum_reduce_2d_flattened() {
    insta::assert_snapshot!(snapshot(SUM_2D));
}

/// A loop stepping by 4 (one work-item per 4-byte word, a guarded partial last word) and a
/// reduction stepping by 3 from a parameter: `i = lo + gid * C` in 64 bits, the `Steps`
/// global size.
const STEPPED: &str = r#"
class Step {
    static byte[] swap(dist byte[] a) {
        dist byte[] out = new byte[a.length];
        for (int i = 0; i < a.length; i += 4) {
            if (i + 3 < a.length) {
                out[i] = a[i + 3];
                out[i + 1] = a[i + 2];
                out[i + 2] = a[i + 1];
                out[i + 3] = a[i];
            } else {
                out[i] = a[i];
            }
        }
        return out;
    }
    static reduce(+) long blocks(dist int[] a, int lo) {
        long s = 0;
        for (int i = lo; i < a.length; i = i + 3) {
            s += a[i];
        }
        return s;
    }
    public static void main(String[] args) {
        System.out.println(swap(new byte[5])[0] + blocks(new int[5], 1));
    }
}
"#;

#[test]
fn stepped_loops() {
    insta::assert_snapshot!(snapshot(STEPPED));
}

#[test]
fn value_class_layout_has_explicit_padding() {
    let c = compile("padded.somd", PADDED_MAP).expect("checks");
    let set = kernels(&c, ClOptions::default());
    let q = set.layouts.iter().find(|l| l.c_name.ends_with('Q')).expect("Q laid out");
    let offsets: Vec<(&str, usize)> =
        q.fields.iter().map(|f| (f.name.as_str(), f.offset)).collect();
    // `In {int, float}` is 8 bytes of primitives: aligned to 8 (one vector access per
    // element), so inside `Q` it starts at a multiple of 8.
    assert_eq!(offsets, [("b", 0), ("d", 8), ("c", 16), ("inner", 24), ("s", 32)]);
    assert_eq!((q.size, q.align), (40, 8));
    let inner = set.layouts.iter().find(|l| l.c_name.ends_with("In")).expect("In laid out");
    assert_eq!((inner.size, inner.align, inner.vector_align), (8, 8, true));
    assert!(!q.vector_align, "Q nests a struct: C's rules");
    insta::assert_snapshot!(snapshot(PADDED_MAP));
}

/// The OpenCL C compiler lays the padded structs out as the manifest says.
#[test]
fn value_class_layout_matches_the_device_compiler() {
    layout_matches_the_device_compiler(PADDED_MAP);
}

/// Value classes of primitives of 8 and 16 bytes, aligned to their size, next to ones that
/// keep C's alignment (12 bytes; 8 bytes of one `long`, already aligned to 8).
const VECTOR_MAP: &str = r#"
value class I2 {
    int x;
    int y;
    I2(int x, int y) { this.x = x; this.y = y; }
}
value class I4 {
    int a; int b; int c; int d;
    I4(int a, int b, int c, int d) { this.a = a; this.b = b; this.c = c; this.d = d; }
}
value class L2 {
    long lo;
    long hi;
    L2(long lo, long hi) { this.lo = lo; this.hi = hi; }
}
value class S4 {
    short a; short b; short c; short d;
    S4(short a, short b, short c, short d) { this.a = a; this.b = b; this.c = c; this.d = d; }
}
value class I3 {
    int x; int y; int z;
    I3(int x, int y, int z) { this.x = x; this.y = y; this.z = z; }
}
value class One {
    long v;
    One(long v) { this.v = v; }
}
value class Mixed {
    int tag;
    I2 p;
    short s;
    Mixed(int tag, I2 p, short s) { this.tag = tag; this.p = p; this.s = s; }
}
class VA {
    static local L2 join(I2 p, I4 q, S4 s, I3 t, One o, Mixed m) {
        return new L2(p.x + q.d + s.a + t.z + o.v, m.p.y + m.tag + m.s);
    }
    public static void main(String[] args) {
        I2[[]] ps = new I2[[]]{new I2(1, 2)};
        I4[[]] qs = new I4[[]]{new I4(1, 2, 3, 4)};
        S4[[]] ss = new S4[[]]{new S4((short) 1, (short) 2, (short) 3, (short) 4)};
        I3[[]] ts = new I3[[]]{new I3(1, 2, 3)};
        One[[]] os = new One[[]]{new One(5)};
        Mixed[[]] ms = new Mixed[[]]{new Mixed(1, new I2(2, 3), (short) 4)};
        L2[[]] rs = VA @ join(ps, qs, ss, ts, os, ms);
        System.out.println(rs[0].hi);
    }
}
"#;

#[test]
fn value_classes_of_8_and_16_bytes_are_aligned_to_their_size() {
    let c = compile("vector.somd", VECTOR_MAP).expect("checks");
    let set = kernels(&c, ClOptions::default());
    let layout = |name: &str| {
        let l = set.layouts.iter().find(|l| l.c_name == name).expect("laid out");
        (l.size, l.align, l.vector_align)
    };
    assert_eq!(layout("I2"), (8, 8, true));
    assert_eq!(layout("I4"), (16, 16, true));
    assert_eq!(layout("L2"), (16, 16, true));
    assert_eq!(layout("S4"), (8, 8, true));
    assert_eq!(layout("I3"), (12, 4, false), "12 bytes: C's alignment");
    assert_eq!(layout("One"), (8, 8, false), "already aligned to its size");
    assert_eq!(layout("Mixed"), (24, 8, false), "nests a struct: C's rules");
    let mixed = set.layouts.iter().find(|l| l.c_name == "Mixed").expect("Mixed");
    let offsets: Vec<usize> = mixed.fields.iter().map(|f| f.offset).collect();
    assert_eq!(offsets, [0, 8, 16], "the nested I2 at a multiple of its alignment");
    assert!(set.body.contains("typedef struct __attribute__((aligned(16))) {\n    int a;"));
    assert!(set.body.contains("typedef struct {\n    int x;\n    int y;\n    int z;"));
    layout_matches_the_device_compiler(VECTOR_MAP);
}

/// Builds a kernel that writes `sizeof`, `__alignof__` and each field's offset of every
/// struct the kernels of `source` declare, runs it on the test device (when there is one)
/// and checks them against the writer's layouts.
fn layout_matches_the_device_compiler(source: &str) {
    let Some(ctx) = test_device() else { return };
    let c = compile("padded.somd", source).expect("checks");
    let set = kernels(&c, ClOptions::default());
    let mut probe = String::from("__kernel void somd_probe(__global int *o) {\n");
    let mut expected = Vec::new();
    for l in &set.layouts {
        let k = expected.len();
        probe.push_str(&format!("    o[{k}] = (int)sizeof({});\n", l.c_name));
        probe.push_str(&format!("    o[{}] = (int)__alignof__({});\n", k + 1, l.c_name));
        expected.extend([l.size as i32, l.align as i32]);
        for f in &l.fields {
            let k = expected.len();
            probe.push_str(&format!(
                "    o[{k}] = (int)__builtin_offsetof({}, {});\n",
                l.c_name, f.name
            ));
            expected.push(f.offset as i32);
        }
    }
    probe.push_str("}\n");
    assert!(!expected.is_empty());
    let body: &'static str = Box::leak(format!("{}\n{probe}", set.body).into_boxed_str());
    let desc =
        ProgramDesc { name: "padded.somd", defines: "", body, options: "", fast_math: false };
    let program = ctx.program_cached_in(&desc, None).expect("builds");
    let kernel = program.kernel("somd_probe").expect("kernel");
    let mut got = vec![-1i32; expected.len()];
    let mut buf = DeviceArray::new(ctx, "o", &got, Access::ReadWrite).expect("o");
    buf.ensure_on_device(&got).expect("upload");
    let mut args = kernel.args();
    unsafe { args.set(0, &buf) }.expect("arg");
    args.run_1d(ctx, 1).expect("launch");
    drop(args);
    buf.mark_device_dirty();
    buf.ensure_on_host(&mut got).expect("download");
    assert_eq!(got, expected);
}

#[test]
fn map_with_value_class() {
    insta::assert_snapshot!(snapshot(VALUE_MAP));
}

const NESTED: &str = r#"
class N {
    static local int sad(int[[]] a, int[[]] b) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            s += Math.abs(a[i] - b[i]);
        }
        return s;
    }
    static local long pack(int[[]] tile, int[[]] entry, int k) {
        return ((long) sad(tile, entry) << 32) | k;
    }
    static local long smaller(long a, long b) {
        return a <= b ? a : b;
    }
    static local long best(int[[]] tile, int[[]][[]] library) {
        long[[]] c = N @ pack(tile, library, Somd.range(library.length));
        return N.smaller ! c;
    }
    static local float half(float x, float s) {
        return x * s;
    }
    static local float total(float[[]] row, float s) {
        return + ! (N @ half(row, s));
    }
    static local int firstOf(int[[]] row) {
        return row[0];
    }
    static local int nextFirst(int[[]][[]] m, int k) {
        return firstOf(m[k + 1]);
    }
    static local int sumNext(int n, int[[]][[]] m) {
        return + ! (N @ nextFirst(m, Somd.range(n)));
    }
    static void run(int[[]][[]] r, int[[]][[]] l, float[[]][[]] f, int[[]] ns) {
        long[[]] b = N @ best(r, l);
        float[[]] t = N @ total(f, 0.5f);
        int[[]] s = N @ sumNext(ns, l);
    }
    public static void main(String[] args) {
    }
}
"#;

/// Rows of 2-D value arrays as `@` arguments (mapped and broadcast) and `!` of a `@` folded
/// in the work-item: `C.m !` through a local, `+ !` over floats in the CPU's blocks and tree,
/// a row `m[k + 1]` passed to a callee with its bounds check.
#[test]
fn nested_folds_and_value_array_rows() {
    insta::assert_snapshot!(snapshot(NESTED));
}

/// The slices form of a nested fold stages the mapped rows its function only reads
/// (`tile`, through `near` and `sad`) in `__local` memory and calls `__local` variants of the
/// callees (`_st<mask>_<kernel>`), the access `tile[i]` still checked. A row that is also
/// compared (`same`'s `key`: `key == row` is a reference use) is not a read-only row, so it
/// would not be staged (`bare` itself stays on the CPU: its `@` compares references).
const STAGED: &str = r#"
class Main {
    static local int sad(int[[]] a, int[[]] b, int shift) {
        int s = 0;
        for (int i = 0; i < b.length; i++) {
            s += Math.abs(a[i + shift] - b[i]);
        }
        return s;
    }
    static local long near(int[[]] tile, int[[]] cand, int k) {
        return ((long) sad(tile, cand, tile.length - cand.length) << 32) | k;
    }
    static local long best(int[[]] tile, int[[]][[]] lib) {
        return min ! (Main @ near(tile, lib, Somd.range(lib.length)));
    }
    static local int same(int[[]] key, int[[]] row) {
        return key == row ? 1 : key[0] + row[0];
    }
    static local int bare(int[[]] key, int[[]][[]] rows) {
        return + ! (Main @ same(key, rows));
    }
    public static void main(String[] args) {
        int[[]][[]] tiles = new int[[]][[]](new int[3][4]);
        int[[]][[]] lib = new int[[]][[]](new int[5][2]);
        long[[]] m = Main @ best(tiles, lib);
        int[[]] b = Main @ bare(tiles, lib);
        System.out.println(m[0] + b[0]);
    }
}
"#;

#[test]
fn nested_slices_stage_read_only_rows() {
    let text = snapshot(STAGED);
    // `tile` may be stored narrow: its staged row has the staged type (`int` unless bytes).
    assert!(
        text.contains("Main_sad_st1_map_Main_best(__local SOMD_STAGED_Main_best_0 *a"),
        "{text}"
    );
    assert!(!text.contains("map_Main_bare"), "`bare` has no kernel\n{text}");
    let c = compile("test.somd", STAGED).expect("program checks");
    let param = |name: &str, k: usize| {
        let f = c.module.functions.iter().find(|f| f.name == name).expect("function");
        somd_mir::analysis::nested::read_only_row(&c.module, f, f.params[k])
    };
    assert!(param("Main.sad", 0) && param("Main.near", 0), "rows only read");
    assert!(!param("Main.same", 0), "a compared row is not read-only");
    insta::assert_snapshot!(text);
}

#[test]
fn bang_with_op_and_method() {
    insta::assert_snapshot!(snapshot(BANG));
}

const ALIASES: &str = r#"
class A {
    static double[][] update(dist(dim = 1) double[][] a, double[] colK, int k, int l) {
        int n = colK.length;
        for (int jj = 0; jj < a.length; jj++) {
            double[] colJ = a[jj];
            double t = colJ[l];
            colJ[l] = colJ[k];
            colJ[k] = t;
            for (int i = k + 1; i < n; i++) {
                colJ[i] += t * colK[i];
            }
        }
        return a;
    }

    static int first(int[][] m, int i) {
        int[] row = m[m.length - 1 - i];
        return row[0];
    }

    static int[] rows(dist int[] ids, int[][] m, int[] w) {
        int[] out = new int[ids.length];
        for (int i = 0; i < ids.length; i++) {
            int[] r = m[ids[i]];
            int s = r[0];
            r = m[0];
            int[] v = w;
            out[i] = s + r[1] + v[i % v.length] + first(m, i);
        }
        return out;
    }

    public static void main(String[] args) { }
}
"#;

/// Locals of array type: a pointer into the parameter's buffer and a length, set together
/// (the row's index checked against the rows where the row is taken, as Java's `a[jj]`);
/// the written source is neither `const` nor `restrict` (the corpus test builds it).
#[test]
fn array_locals_point_into_parameters() {
    let text = snapshot(ALIASES);
    assert!(text.contains("__global double *colJ = a + (long)("), "{text}");
    assert!(text.contains("int colJ_len0 = a_len1;"), "{text}");
    assert!(text.contains("(r = m + (long)(SOMD_INDEX("), "{text}");
    assert!(text.contains("r_len0 = m_len1)"), "{text}");
    insta::assert_snapshot!(text);
}

/// Locals naming rows of the method's output: pointers into the output's buffer with its
/// row length. `orow = out[i]` needs no check (`out` has `a`'s rows), nor `orow[j]` under
/// `j < arow.length` (`orow`'s length is `out`'s row length, which is `a`'s: the lengths
/// chain), where a row of an output narrower than the input keeps the check of the input
/// row it reads (the corpus test builds `device_output_rows`, of these shapes).
#[test]
fn array_locals_point_into_outputs() {
    let text = snapshot(
        r#"
class O {
    static int[][] twice(dist int[][] a) {
        int[][] out = new int[a.length][a[0].length];
        for (int i = 0; i < a.length; i++) {
            int[] orow = out[i];
            int[] arow = a[i];
            for (int j = 0; j < arow.length; j++) {
                orow[j] = arow[j] * 2;
            }
        }
        return out;
    }
    static int[][] narrow(dist int[][] a, int k) {
        int[][] out = new int[a.length][k];
        for (int i = 0; i < a.length; i++) {
            int[] orow = out[i];
            int[] arow = a[i];
            for (int j = 0; j < orow.length; j++) {
                orow[j] = arow[j] + 1;
            }
        }
        return out;
    }
    public static void main(String[] args) {
        int[][] b = twice(new int[2][3]);
        int[][] c = narrow(new int[2][3], 2);
    }
}
"#,
    );
    let twice = &text[..text.find("O_narrow(").expect("two kernels")];
    assert!(twice.contains("__global int *orow = out + (long)(i) * out_len1;"), "{text}");
    assert!(twice.contains("int orow_len0 = out_len1;"), "{text}");
    assert!(twice.contains("orow[j] = somd_imul(arow[j], 2);"), "{text}");
    assert!(!twice.contains("SOMD_INDEX("), "{text}");
    let narrow = &text[text.find("O_narrow(").expect("two kernels")..];
    assert!(narrow.contains("orow[j] = somd_iadd(arow[SOMD_INDEX("), "{text}");
}

/// A 2-D nest whose cells walk row `i` of one matrix and row `j` of another (the All-Pairs
/// shape) stages blocks of the group's rows in local memory (`blocks.rs`), under a test of
/// the group's size and the rows' lengths; a loop from 1 and a loop writing an array keep
/// their cells as written (the corpus test builds `device_blocks`, of these shapes).
#[test]
fn block_tiles_stage_the_rows_of_all_pairs() {
    let text = snapshot(
        r#"
class B {
    static float[][] dists(dist float[][] a, float[][] b) {
        float[][] out = new float[a.length][b.length];
        for (int i = 0; i < a.length; i++) {
            float[] x = a[i];
            for (int j = 0; j < b.length; j++) {
                float s = 0.0f;
                for (int k = 0; k < x.length; k++) {
                    float d = x[k] - b[j][k];
                    s += d * d;
                }
                out[i][j] = s;
            }
        }
        return out;
    }
    static float[][] fromOne(dist float[][] a, float[][] b) {
        float[][] out = new float[a.length][b.length];
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < b.length; j++) {
                float s = 0.0f;
                for (int k = 1; k < a[i].length; k++) {
                    s += a[i][k] * b[j][k];
                }
                out[i][j] = s;
            }
        }
        return out;
    }
    public static void main(String[] args) {
        float[][] d = dists(new float[2][3], new float[4][3]);
        float[][] e = fromOne(new float[2][3], new float[4][3]);
    }
}
"#,
    );
    let at = text.find("B_fromOne(").expect("two kernels");
    let (dists, from_one) = (&text[..at], &text[at..]);
    assert!(dists.contains("__local float somd_blk0[16][33];"), "{text}");
    assert!(dists.contains("__local float somd_blk1[32][33];"), "{text}");
    assert!(
        dists.contains(
            "if (get_local_size(0) <= 32 && get_local_size(1) <= 16 && get_local_size(0) * get_local_size(1) % 32 == 0 && b_len1 >= a_len1) {"
        ),
        "{text}"
    );
    assert!(
        dists.contains("float d = (somd_blk0[get_local_id(1)][k - somd_k0] - somd_blk1[get_local_id(0)][k - somd_k0]);"),
        "{text}"
    );
    // Two barriers around each block's use, one closing the blocks' branch, and `post`
    // under a volatile read of `somd_active` (both against a PoCL miscompile: `blocks.rs`).
    assert_eq!(dists.matches("barrier(CLK_LOCAL_MEM_FENCE);").count(), 3, "{text}");
    assert_eq!(dists.matches("if (SOMD_ACTIVE(somd_active)) {").count(), 1, "{text}");
    // Each work-item copies a fixed column of every `somd_sdr`-th row, not unrolled; a full
    // block's loop of a constant count, the last block's shorter.
    assert_eq!(dists.matches("#pragma unroll 1\n").count(), 2, "{text}");
    assert!(
        dists.contains("const int somd_nr1 = (int)clamp((long)b_len0 - somd_first1, 0L, (long)get_local_size(0));"),
        "{text}"
    );
    assert!(
        dists.contains("for (int somd_r = somd_flat / 32; somd_r < somd_nr1; somd_r += somd_sdr) {\n                        somd_blk1[somd_r][somd_sc] = b[somd_o];"),
        "{text}"
    );
    assert_eq!(dists.matches("somd_r += somd_sdr) {").count(), 2, "{text}");
    assert!(dists.contains("if (somd_kn == 32) {"), "{text}");
    assert!(dists.contains("for (k = somd_k0; k < somd_k0 + 32; k++) {"), "{text}");
    assert!(dists.contains("for (k = somd_k0; k < somd_k0 + somd_kn; k++) {"), "{text}");
    assert_eq!(dists.matches("float d = (somd_blk0[").count(), 2, "{text}");
    assert!(!from_one.contains("somd_blk"), "{text}");
}

#[test]
fn float_roots_of_floats_take_the_float_square_root() {
    let text = snapshot(
        r#"
class R {
    static float[] roots(dist float[] f, double[] d, int[] n) {
        float[] out = new float[f.length];
        for (int i = 0; i < f.length; i++) {
            float a = (float) Math.sqrt(f[i] * 2.0f);
            float b = (float) Math.sqrt(d[i]);
            float c = (float) Math.sqrt(n[i]);
            double e = Math.sqrt(f[i]);
            out[i] = a + b + c + (float) e;
        }
        return out;
    }
    public static void main(String[] args) {
        float[] r = roots(new float[3], new double[3], new int[3]);
    }
}
"#,
    );
    // Only the root of a widened `float` rounded back to `float`.
    // The kernel has a widened and a plain form of the body.
    let bodies = text.matches("float a = ").count() - 1;
    assert!(bodies >= 1, "{text}");
    assert_eq!(text.matches("float a = SOMD_SQRTF((").count(), bodies, "{text}");
    assert_eq!(text.matches("float b = ((float)(sqrt(").count(), bodies, "{text}");
    assert_eq!(text.matches("float c = ((float)(sqrt(((double)(").count(), bodies, "{text}");
    assert_eq!(text.matches("double e = sqrt(((double)(").count(), bodies, "{text}");
    assert_eq!(text.matches("SOMD_SQRTF").count(), bodies, "{text}");
}

const PRIVATES: &str = r#"
class P {
    static local int weigh(int x) {
        int[] w = {3, x, 4};
        int s = 0;
        for (int k = 0; k < w.length; k++) {
            s += w[k] * k;
        }
        return s + w[x & 1];
    }

    static int[] digits(dist int[] a) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            int[] d = new int[4];
            int v = a[i] & 0x7fffffff;
            for (int k = 0; k < 4; k++) {
                d[k] = v % 10;
                v /= 10;
            }
            out[i] = d[a[i] & 7] + d[3];
        }
        return out;
    }

    public static void main(String[] args) {
        int[[]] v = new int[[]](new int[]{1, 2, 3});
        int[[]] r = P @ weigh(v);
        int[] d = digits(new int[]{1, 2, 3});
    }
}
"#;

const PRIVATE_PASS: &str = r#"
class P {
    static local void fill(int[] t, int x) {
        for (int k = 0; k < t.length; k++) {
            t[k] = x + k;
        }
    }

    static local void twice(int[] t, int x) {
        fill(t, x);
        t[x & 3] += 1;
    }

    static local long total(int[] v) {
        long s = 0;
        for (int k = 0; k < v.length; k++) {
            s += v[k];
        }
        return s;
    }

    static local long table(int x) {
        int[] t = new int[4];
        twice(t, x);
        return total(t);
    }

    static reduce(+) long sums(dist int[] a, int[] b) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * total(b);
        }
        return s;
    }

    public static void main(String[] args) {
        int[[]] v = new int[[]](new int[]{1, 2, 3});
        long[[]] r = P @ table(v);
        long s = sums(new int[]{1, 2}, new int[]{3});
    }
}
"#;

/// Private arrays passed to helpers: each helper taking one gets a variant whose parameter
/// is `__private` (`_pr<mask>`), written after the helper, passing it on to the private
/// variants of its own callees; `total` keeps its `__global` form for the buffer `b` (the
/// corpus test builds them).
#[test]
fn private_arrays_pass_to_private_variants() {
    let text = snapshot(PRIVATE_PASS);
    assert!(text.contains("void P_fill_pr1(__private int *t, const int t_len0, int x,"), "{text}");
    assert!(text.contains("P_fill_pr1(t, t_len0, x, somd_err);"), "{text}");
    assert!(text.contains("P_twice_pr1(t, t_len0, x, somd_err);"), "{text}");
    assert!(text.contains("long P_total_pr1(__private int *v,"), "{text}");
    assert!(text.contains("long P_total(__global int *v,"), "{text}");
    insta::assert_snapshot!(text);
}

/// Private arrays: a C array of the work-item and a constant length, zeroed by its
/// declaration (`new`) or stored element by element in order (a literal); indices proven by
/// a constant bound or constant themselves need no check, a computed one keeps its
/// `SOMD_INDEX` against the length (the corpus test builds them).
#[test]
fn private_arrays_are_arrays_of_the_work_item() {
    let text = snapshot(PRIVATES);
    assert!(text.contains("int w[3];"), "{text}");
    assert!(text.contains("w[1] = x;"), "{text}");
    assert!(text.contains("int d[4] = {0};"), "{text}");
    assert!(text.contains("const int d_len0 = 4;"), "{text}");
    assert!(text.contains("d[k] = "), "{text}");
    assert!(text.contains("d[SOMD_INDEX("), "{text}");
    insta::assert_snapshot!(text);
}

const LABELS: &str = r#"
class L {
    static int[] pairs(dist int[] a, int[] b) {
        int[] out = new int[a.length];
        each:
        for (int i = 0; i < a.length; i++) {
            out[i] = -1;
            search:
            for (int j = 0; j < b.length; j++) {
                for (int k = 0; k < b.length; k++) {
                    if (b[j] < 0) {
                        continue search;
                    }
                    if (b[j] + b[k] == a[i]) {
                        out[i] = j;
                        break search;
                    }
                    if (b[k] == a[i]) {
                        continue each;
                    }
                }
            }
        }
        return out;
    }

    public static void main(String[] args) {
        int[] p = pairs(new int[]{1, 2}, new int[]{0, 1});
    }
}
"#;

/// Labelled jumps: `break search` goes to a label after the loop, `continue search` to one
/// at the end of its body (before the update), and `continue each` of the parallel loop to
/// the end of the iteration's `do { } while (0)` (the corpus test builds them).
#[test]
fn labelled_jumps_are_gotos() {
    let text = snapshot(LABELS);
    assert!(text.contains("goto somd_j1_next;"), "{text}");
    assert!(text.contains("goto somd_j1_done;"), "{text}");
    assert!(text.contains("goto somd_j0_next;"), "{text}");
    assert!(text.contains("somd_j1_done: ;"), "{text}");
    insta::assert_snapshot!(text);
}

const CUBES: &str = r#"
class C {
    static long[][][] planes(dist long[][][] a, long f) {
        for (int p = 0; p < a.length; p++) {
            for (int r = 0; r < a[p].length; r++) {
                for (int c = 0; c < a[p][r].length; c++) {
                    a[p][r][c] = a[p][r][c] * f - r * c;
                }
            }
        }
        return a;
    }

    static reduce(+) double total(dist int[] ids, double[][][] s) {
        double t = 0;
        for (int i = 0; i < ids.length; i++) {
            int p = ids[i] % s.length;
            t += s[p][ids[i] % s[p].length][ids[i] % s[p][0].length];
        }
        return t;
    }

    public static void main(String[] args) { }
}
"#;

/// 3-D arrays as SOMD method parameters: one buffer with three lengths, each index checked
/// against its own dimension at its own access (or proven in range by the loops); the
/// kernels build.
#[test]
fn cube_parameters_are_buffers_with_three_lengths() {
    let text = snapshot(CUBES);
    assert!(text.contains("const int a_len2"), "{text}");
    assert!(text.contains("* s_len2 + (SOMD_INDEX("), "{text}");
    insta::assert_snapshot!(text);
}

const CUBE_VIEWS: &str = r#"
class C {
    static local double at(double[][][] v, int x, int y, int z) {
        return v[x][y][z];
    }

    static local double planeSum(double[][] p) {
        double s = 0;
        for (int r = 0; r < p.length; r++) {
            for (int c = 0; c < p[r].length; c++) {
                s += p[r][c];
            }
        }
        return s;
    }

    static local double first(double[] r) {
        return r[0];
    }

    static double[] probe(dist int[] ids, double[][][] v, double[][] m) {
        double[] out = new double[ids.length];
        for (int i = 0; i < ids.length; i++) {
            int x = ids[i] % v.length;
            double[] row = v[x][ids[i] % v[x].length];
            out[i] = at(v, x, 0, ids[i] % row.length) + planeSum(v[x]) + planeSum(m)
                + first(v[x][1]) + row[row.length - 1];
        }
        return out;
    }

    static double[][][] scale(dist double[][][] a, double f) {
        for (int p = 0; p < a.length; p++) {
            for (int r = 0; r < a[p].length; r++) {
                double[] row = a[p][r];
                for (int c = 0; c < row.length; c++) {
                    row[c] = row[c] * f;
                }
            }
        }
        return a;
    }

    public static void main(String[] args) { }
}
"#;

/// 3-D arrays passed on inside kernels: a 3-D parameter passed to a helper (buffer and
/// three lengths), a plane passed as a 2-D array (`v + x * v_len1 * v_len2`, lengths
/// `v_len1, v_len2`: the same helper takes a true 2-D parameter), a row passed as a 1-D
/// array or named by a local, each index checked against its own dimension; the kernels
/// build.
#[test]
fn cube_planes_and_rows_are_views_of_the_buffer() {
    let text = snapshot(CUBE_VIEWS);
    assert!(text.contains("C_at(v, v_len0, v_len1, v_len2, "), "{text}");
    assert!(text.contains("v_len1 * v_len2, v_len1, v_len2, somd_err)"), "{text}");
    assert!(text.contains("C_planeSum(m, m_len0, m_len1, somd_err)"), "{text}");
    insta::assert_snapshot!(text);
}

const CUBE_MAP: &str = r#"
class C {
    static local double plane(double[][] p, int r) { return p[r][p[r].length - 1]; }
    static local double read(int i, double[][][] v) {
        return v[i % v.length][0][i % v[0][0].length] + plane(v[i % v.length], 1);
    }
    public static void main(String[] args) {
        double[][][] v = new double[2][2][2];
        int[] ids = {0, 1};
        double[[]] r = C @ read(ids, v);
        double s = + ! (C @ read(ids, v));
        System.out.println(r[0] + s);
    }
}
"#;

/// A broadcast 3-D `@` argument: one buffer with three lengths, passed whole to the target
/// (in the map kernel and in the `+ !` fused with it), whose planes are views of it; the
/// kernels build.
#[test]
fn cube_map_arguments_are_buffers_with_three_lengths() {
    let text = snapshot(CUBE_MAP);
    assert!(
        text.contains("C_read(arg0[somd_i], arg1, arg1_len0, arg1_len1, arg1_len2, somd_err)"),
        "{text}"
    );
    assert!(text.contains("from Length { param: 1, dim: 2 }"), "{text}");
    insta::assert_snapshot!(text);
}

const CUBE_PLANES: &str = r#"
class C {
    static local double plane(double[][] p, int r) { return p[r][p[r].length - 1] + p.length; }
    static local int vplane(int[[]][[]] p) { return p[0][p[0].length - 1] + p.length; }
    static local int vread(int i, int[[]][[]][[]] v) { return v[i % v.length][0][0]; }
    static int[] pick(dist int[] ids, int[[]][[]][[]] v) {
        int[] out = new int[ids.length];
        for (int i = 0; i < ids.length; i++) {
            out[i] = v[ids[i] % v.length][0][ids[i] % v[0][0].length];
        }
        return out;
    }
    public static void main(String[] args) {
        double[][][] v = new double[2][2][2];
        double[[]] r = C @ plane(v, 1);
        double s = + ! (C @ plane(v, 0));
        int[[]][[]][[]] w = new int[[]][[]][[]](new int[2][2][2]);
        int[[]] x = C @ vplane(w);
        int[[]] y = C @ vread(Somd.range(4), w);
        System.out.println(r[0] + s + x[0] + y[0] + pick(new int[]{0, 1}, w)[0]);
    }
}
"#;

/// A mapped 3-D `@` argument gives work-item `i` the plane `arg + i * len1 * len2` with
/// lengths `len1, len2` (a mutable plane in the map and in the `+ !` fused with it, a
/// value-array plane), the representation of a 2-D parameter; a 3-D value array broadcast
/// or as a SOMD method parameter is one buffer with three lengths; the kernels build.
#[test]
fn cube_planes_map_as_views_of_the_volume() {
    let text = snapshot(CUBE_PLANES);
    assert!(
        text.contains("C_plane(arg0 + (long)somd_i * arg0_len1 * arg0_len2, arg0_len1, arg0_len2"),
        "{text}"
    );
    // `Somd.range(4)` crosses as no buffer: its element is the work-item's index.
    assert!(text.contains("C_vread(somd_i, arg1, arg1_len0, arg1_len1, arg1_len2"), "{text}");
    assert!(text.contains("map_C_vread(__global int *arg1,"), "{text}");
    assert!(text.contains("v_len2"), "{text}");
    insta::assert_snapshot!(text);
}

const CUBE_OUT: &str = r#"
class C {
    static double[][][] grow(dist int[] ids, int depth) {
        double[][][] out = new double[ids.length][depth][4];
        for (int p = 0; p < ids.length; p++) {
            for (int r = 0; r < depth; r++) {
                for (int c = 0; c < 4; c++) {
                    out[p][r][c] = ids[p] + r - c;
                }
            }
        }
        return out;
    }
    public static void main(String[] args) { }
}
"#;

/// A 3-D SOMD output: one row-major output buffer sized by three rules, with three lengths
/// (`out_len0..2`); the kernel builds.
#[test]
fn cube_outputs_are_buffers_with_three_lengths() {
    let text = snapshot(CUBE_OUT);
    assert!(text.contains("from OutputLength { output_arg: 3, dim: 2 }"), "{text}");
    insta::assert_snapshot!(text);
}

/// `C.m ! a` over value-class elements: the fold kernel reads and writes the class's
/// `typedef struct` (the corpus test builds it).
#[test]
fn value_class_fold() {
    insta::assert_snapshot!(snapshot(VALUE_FOLD));
}

/// An instance SOMD method: the receiver's fields it reads are kernel arguments after the
/// method's own (`this_scale` by value, `this_w` and `this_m` as buffers with their lengths,
/// bounds-checked at their source positions; the corpus test builds it).
#[test]
fn instance_method_fields_are_arguments() {
    insta::assert_snapshot!(snapshot(INSTANCE));
}

/// Value classes holding arrays: private structs with a pointer and a length per array
/// field (after the classes they nest), built by `somd_pack_<C>` from the object's leaves,
/// which are kernel arguments after the others (`somd_m_0`, `somd_m_0_len0`, ..); `m.w[i]`
/// is checked against `m.w_len0`. A mapped array of them: one array per leaf across the
/// objects, array fields end to end with their offsets (`somd_arg1_0_off`), packed per
/// element (the corpus test builds it).
#[test]
fn value_classes_holding_arrays_are_private_structs() {
    let text = snapshot(HOLDERS);
    assert!(text.contains("__global const float *w;\n    int w_len0;"), "{text}");
    assert!(text.contains("const Model m = somd_pack_Model(somd_m_0, somd_m_0_len0,"), "{text}");
    assert!(text.contains("m.w[SOMD_INDEX("), "{text}");
    assert!(text.contains("somd_arg1_0 + somd_arg1_0_off[somd_i]"), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn filter_task() {
    insta::assert_snapshot!(snapshot(FILTER));
}

#[test]
fn integer_overflow_division_shifts() {
    insta::assert_snapshot!(snapshot(INT_HEAVY));
}

#[test]
fn double_kernel() {
    insta::assert_snapshot!(snapshot(DOUBLE));
}

/// A broadcast array read in index order is staged in local-memory tiles (`pull`, also
/// fused into `+ !`); a loop with `break` (`first`) and one after a statement that may fail
/// and with another read of the array (`scaled`) are not tiled, and their accesses keep or
/// drop their checks as the range analysis decides.
const TILED: &str = r#"
class Main {
    static local float pull(float x, float[[]] others) {
        float s = 0;
        for (int j = 0; j < others.length; j++) {
            float d = others[j] - x;
            s += d * d;
        }
        return s;
    }
    static local int first(int x, int[[]] others) {
        int at = -1;
        for (int j = 0; j < others.length; j++) {
            if (others[j] > x) { at = j; break; }
        }
        return at;
    }
    static local int scaled(int x, int[[]] others) {
        int k = 100 / x;
        int s = 0;
        for (int j = 0; j < others.length; j++) {
            s += others[j] * k + others[x & 3];
        }
        return s;
    }
    public static void main(String[] args) {
        float[] xs = {1, 2, 3};
        int[] is = {1, 2, 3};
        float[[]] p = Main @ pull(xs, new float[[]](xs));
        float total = + ! (Main @ pull(xs, new float[[]](xs)));
        int[[]] f = Main @ first(is, new int[[]](is));
        int[[]] s = Main @ scaled(is, new int[[]](is));
        System.out.println(p[0] + total + f[0] + s[0]);
    }
}
"#;

#[test]
fn map_tiles_a_broadcast_array() {
    insta::assert_snapshot!(snapshot(TILED));
}

const VECTORS: &str = r#"
public class V {
    static local float[[4]] axpy(float[[4]] a, float s, float[[4]] b) {
        return new float[[4]]{a[0] * s + b[0], a[1] * s + b[1], a[2] * s + b[2], a[3] * s + b[3]};
    }
    static local float lane(float[[4]] v, int k) {
        return v[k] + v.length;
    }
    static local float near(float[[4]] p, float[[]][[4]] all, float[[4]] w) {
        float best = 0f;
        for (int j = 0; j < all.length; j++) {
            float[[4]] q = all[j];
            best = Math.max(best, lane(q, j % 4) * w[3] + all[j][j % 4] - all[j][3]);
        }
        return best - p[0];
    }
    static local int[[2]] swap(int[[2]] a) {
        return new int[[2]]{a[1], a[0]};
    }
    static void run(float[[]][[4]] ps, float[[]][[4]] vs, float[[4]] w, int[[]][[2]] ks) {
        float[[]][[4]] moved = V @ axpy(ps, 0.5f, vs);
        float[[]] d = V @ near(ps, moved, w);
        int[[]][[2]] s = V @ swap(ks);
    }
    public static void main(String[] args) {
    }
}
"#;

/// Bounded value arrays of 2, 4, 8 or 16 numbers as OpenCL vectors: mapped rows of
/// `float[[]][[4]]` read as one `float4` per work-item, a broadcast `float[[]][[4]]` as a
/// `__global float4 *` (a row into a local, an element through the scalar view), one
/// broadcast `float[[4]]`, constant indices as components, a variable one checked against
/// `N` (a constant one in range is not), `.length` as `N`, literals as vector literals and
/// `T[[N]]` results stored as vectors.
#[test]
fn bounded_value_arrays_are_vectors() {
    let text = snapshot(VECTORS);
    assert!(text.contains("__global float4 *arg0"), "{text}");
    assert!(text.contains("__global int2 *somd_out"), "{text}");
    assert!(text.contains(" * 4 + 3]"), "{text}");
    assert!(!text.contains(", 3, 4)]"), "{text}");
    insta::assert_snapshot!(text);
}

// ---- every kernel of the corpus is built by a real OpenCL compiler ----

fn somd_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok()).map(|e| e.path()).collect();
    paths.sort();
    for p in paths {
        if p.extension().is_some_and(|e| e == "somd") {
            out.push(p);
        }
    }
}

#[test]
fn every_corpus_kernel_builds_with_opencl() {
    // The front end and the analyses recurse over the program as deep as it nests (the
    // corpus has a thousand nested `if`s): on a stack as large as the driver's.
    let runner = std::thread::Builder::new().stack_size(256 << 20).spawn(corpus_kernels_build);
    if let Err(panic) = runner.expect("a test thread").join() {
        std::panic::resume_unwind(panic);
    }
}

fn corpus_kernels_build() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut programs: Vec<(String, String)> = [
        VECTOR_ADD,
        SAXPY,
        SUM,
        DOT_FUSED,
        MATRIX_2D,
        VALUE_MAP,
        BANG,
        FILTER,
        INT_HEAVY,
        DOUBLE,
        HISTOGRAM,
        NESTED,
        STAGED,
        VECTORS,
        VECTOR_STORES,
        INSTANCE,
        HOLDERS,
        ALIASES,
        PRIVATES,
        PRIVATE_PASS,
        LABELS,
        CUBES,
        CUBE_VIEWS,
        CUBE_MAP,
        CUBE_PLANES,
        CUBE_OUT,
        VALUE_FOLD,
        LANES,
        VECTOR_MAP,
    ]
    .iter()
    .enumerate()
    .map(|(i, s)| (format!("inline{i}.somd"), s.to_string()))
    .collect();
    let mut files = Vec::new();
    somd_files(&root.join("samples"), &mut files);
    somd_files(&root.join("tests/run"), &mut files);
    for f in files {
        let text = std::fs::read_to_string(&f).expect("readable");
        let name = f.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
        programs.push((name, text));
    }
    let ctx = test_device();
    let mut total = 0;
    let mut failures = Vec::new();
    for (name, text) in &programs {
        let Some(c) = compile(name, text) else { continue };
        for options in [
            ClOptions::default(),
            ClOptions { fast_math: false, unchecked: true },
            ClOptions { fast_math: true, unchecked: false },
        ] {
            let set = kernels(&c, options);
            assert!(set.skipped.is_empty(), "{name}: skipped {:?}", set.skipped);
            if options.unchecked {
                // Unchecked kernels have no bounds sites.
                assert!(set.sites.iter().all(|s| s.what != "bounds"), "{name}");
            } else if !options.fast_math {
                total += set.kernels.len();
                println!(
                    "{name}: {} kernels: {:?}",
                    set.kernels.len(),
                    set.kernels.iter().map(|k| &k.name).collect::<Vec<_>>()
                );
            }
            if let Some(ctx) = ctx {
                if !set.kernels.is_empty() {
                    let tag =
                        if options.unchecked { format!("{name}.unchecked") } else { name.clone() };
                    // The checked form, which programs run, is built whole; the others are
                    // compiled, at a third of the cost (`Link`), which finds everything but
                    // a function declared and never defined.
                    let link = if options == ClOptions::default() {
                        Link::Build
                    } else {
                        Link::CompileOnly
                    };
                    if let Err(log) = build_as(ctx, &tag, &set, options.fast_math, link) {
                        failures.push(format!("{name} ({options:?}):\n{log}\n{}", set.body));
                    }
                }
            }
            for k in &set.kernels {
                assert!(k.standalone.starts_with("/*\n * Generated by somdc "), "{}", k.name);
                use somd_codegen::opencl::ArgKind;
                let kinds: Vec<&ArgKind> = k.args.iter().rev().take(2).map(|a| &a.kind).collect();
                assert!(matches!(kinds[..], [ArgKind::Epoch, ArgKind::Err]), "{}", k.name);
            }
        }
    }
    println!("{total} kernels emitted");
    assert!(total >= 10, "too few kernels: {total}");
    assert!(failures.is_empty(), "kernels failed to build:\n{}", failures.join("\n\n"));
}

/// The corpus test's compile-only form gives a build's verdict on a correct program, on an
/// error and on a call of a function that does not exist (OpenCL C has no implicit
/// declarations); a function declared and never defined fails only the build, which links.
#[test]
fn compile_only_reports_what_a_build_reports() {
    let Some(ctx) = test_device() else { return };
    let good = "__kernel void k(__global int *a) { a[get_global_id(0)] += 1; }";
    let cases = [
        ("good.cl", good, true),
        ("error.cl", "__kernel void k(__global int *a) { a[0] = ; }", false),
        ("undeclared.cl", "__kernel void k(__global int *a) { a[0] = no_such_builtin(1); }", false),
    ];
    for (name, body, compiles) in cases {
        let desc = ProgramDesc { name, defines: "", body, options: "", fast_math: false };
        let compiled = ctx.compile_only(&desc);
        let built = ctx.program_cached_in(&desc, None);
        assert_eq!(compiled.is_ok(), compiles, "{name}: {:?}", compiled.err());
        assert_eq!(built.is_ok(), compiles, "{name}: the build disagrees");
        if let Err(e) = compiled {
            assert!(e.message.contains("clCompileProgram"), "{name}: {}", e.message);
        }
    }
    let undefined = "int missing(int x);\n\
                     __kernel void k(__global int *a) { a[0] = missing(a[0]); }";
    let desc = ProgramDesc {
        name: "undefined.cl",
        defines: "",
        body: undefined,
        options: "",
        fast_math: false,
    };
    assert!(ctx.compile_only(&desc).is_ok(), "compiling alone does not link");
    assert!(ctx.program_cached_in(&desc, None).is_err(), "the build links");
}

// ---- kernels run on the device ----

fn run_saxpy(
    ctx: &'static DeviceCtx,
    set: &KernelSet,
    x: &[f32],
    y: &[f32],
    alpha: f32,
) -> Vec<f32> {
    let body: &'static str = Box::leak(set.body.clone().into_boxed_str());
    let desc = ProgramDesc { name: "saxpy.somd", defines: "", body, options: "", fast_math: false };
    let program = ctx.program_cached_in(&desc, None).expect("builds");
    let k = &set.kernels[0];
    let kernel = program.kernel(&k.name).expect("kernel");
    let n = x.len();
    let mut dx = DeviceArray::new(ctx, "x", x, Access::ReadOnly).expect("x");
    let mut dy = DeviceArray::new(ctx, "y", y, Access::ReadOnly).expect("y");
    dx.ensure_on_device(x).expect("upload");
    dy.ensure_on_device(y).expect("upload");
    let mut out = vec![0f32; n];
    let mut dr = DeviceArray::new(ctx, "r", &out, Access::ReadWrite).expect("r");
    dr.ensure_on_device(&out).expect("upload");
    let err = ErrorBuffer::new(ctx).expect("err");
    let n32 = n as i32;
    let mut args = kernel.args();
    // alpha, x, x_len0, y, y_len0, r, r_len0, err
    unsafe {
        args.set(0, &alpha)
            .and_then(|a| a.set(1, &dx))
            .and_then(|a| a.set(2, &n32))
            .and_then(|a| a.set(3, &dy))
            .and_then(|a| a.set(4, &n32))
            .and_then(|a| a.set(5, &dr))
            .and_then(|a| a.set(6, &n32))
            .and_then(|a| a.set_err(7, &err))
            .expect("args");
    }
    args.run_1d(ctx, n).expect("launch");
    assert_eq!(err.read().expect("read")[0], 0, "no failure");
    dr.mark_device_dirty();
    dr.ensure_on_host(&mut out).expect("download");
    out
}

#[test]
fn saxpy_runs_on_the_device_like_the_cpu() {
    let Some(ctx) = test_device() else { return };
    let c = compile("saxpy.somd", SAXPY).expect("checks");
    let set = kernels(&c, ClOptions::default());
    let names: Vec<&str> = set.kernels[0].args.iter().map(|a| a.name.as_str()).collect();
    assert_eq!(
        names,
        ["alpha", "x", "x_len0", "y", "y_len0", "r", "r_len0", "somd_err", "somd_err_epoch"]
    );
    let n = 1000;
    let x: Vec<f32> = (0..n).map(|i| i as f32 * 0.37).collect();
    let y: Vec<f32> = (0..n).map(|i| 1.0 - i as f32 * 0.11).collect();
    let got = run_saxpy(ctx, &set, &x, &y, 1.5);
    for i in 0..n {
        let cpu = 1.5f32 * x[i] + y[i];
        assert_eq!(got[i].to_bits(), cpu.to_bits(), "element {i}");
    }
}

#[test]
fn sum_reduction_runs_on_the_device_like_the_cpu() {
    let Some(ctx) = test_device() else { return };
    let c = compile("sum.somd", SUM).expect("checks");
    let set = kernels(&c, ClOptions::default());
    let body: &'static str = Box::leak(set.body.clone().into_boxed_str());
    let desc = ProgramDesc { name: "sum.somd", defines: "", body, options: "", fast_math: false };
    let program = ctx.program_cached_in(&desc, None).expect("builds");
    let k = &set.kernels[0];
    let r = k.reduction.as_ref().expect("a reduction");
    let kernel = program.kernel(&k.name).expect("kernel");
    let n = 100_003usize;
    let a: Vec<i32> = (0..n)
        .map(|i| ((i * 7919) % 2001) as i32 - 1000 + if i % 5 == 0 { i32::MAX / 3 } else { 0 })
        .collect();
    let mut da = DeviceArray::new(ctx, "a", &a, Access::ReadOnly).expect("a");
    da.ensure_on_device(&a).expect("upload");
    let local = kernel.local_1d();
    let groups = n.div_ceil(local);
    let mut partials = vec![0i64; groups];
    let mut dp = DeviceArray::new(ctx, "partials", &partials, Access::ReadWrite).expect("p");
    dp.ensure_on_device(&partials).expect("upload");
    let err = ErrorBuffer::new(ctx).expect("err");
    let n32 = n as i32;
    let mut args = kernel.args();
    assert_eq!((r.partials_arg, r.scratch_arg), (2, Some(3)));
    unsafe {
        args.set(0, &da).and_then(|x| x.set(1, &n32)).and_then(|x| x.set(2, &dp)).expect("args");
    }
    args.local::<i64>(3, local).expect("local");
    unsafe { args.set_err(4, &err) }.expect("err arg");
    args.run_1d(ctx, n).expect("launch");
    assert_eq!(err.read().expect("read")[0], 0);
    dp.mark_device_dirty();
    dp.ensure_on_host(&mut partials).expect("download");
    let device: i64 = partials.iter().sum();
    let cpu: i64 = a.iter().map(|&v| i64::from(v)).sum();
    assert_eq!(device, cpu);
}

const NESTED_SUM: &str = r#"
class S {
    static local float third(float x) {
        return x / 3.0f + 0.1f;
    }
    static local float total(float[[]] row) {
        return + ! (S @ third(row));
    }
    public static void main(String[] args) {
        float[[]] t = S @ total(new float[[]][[]](new float[2][3]));
    }
}
"#;

/// A nested `+ !` over floats gives the bits of the CPU's `rt::somd::reduce_array` (blocks
/// of 1024 and a tree of block results), which differ from a left fold for these rows, with
/// every power-of-two number of work-items per group.
#[test]
fn nested_float_sum_folds_in_the_cpu_order() {
    let Some(ctx) = test_device() else { return };
    let c = compile("nested_sum.somd", NESTED_SUM).expect("checks");
    let set = kernels(&c, ClOptions::default());
    let k = set.kernels.iter().find(|k| k.name == "map_S_total").expect("the @ kernel");
    let names: Vec<&str> = k.args.iter().map(|a| a.name.as_str()).collect();
    assert_eq!(
        names,
        ["arg0", "arg0_len1", "somd_out", "somd_n", "somd_scratch", "somd_err", "somd_err_epoch"]
    );
    let body: &'static str = Box::leak(set.body.clone().into_boxed_str());
    let desc =
        ProgramDesc { name: "nested_sum.somd", defines: "", body, options: "", fast_math: false };
    let program = ctx.program_cached_in(&desc, None).expect("builds");
    let kernel = program.kernel(&k.name).expect("kernel");
    // 5121 columns are 6 blocks of 1024: fewer work-items than blocks (work-item 0 folds
    // them all) and more (one block per work-item); one group per row.
    let (rows, cols) = (3usize, 5121usize);
    let flat: Vec<f32> =
        (0..rows * cols).map(|i| ((i * 37) % 101) as f32 * 0.37 + (i % 7) as f32).collect();
    let mut dx = DeviceArray::new(ctx, "rows", &flat, Access::ReadOnly).expect("rows");
    dx.ensure_on_device(&flat).expect("upload");
    static POS: somd_runtime::SourcePos =
        somd_runtime::SourcePos { file: "nested_sum.somd", line: 7, col: 16 };
    let third = |x: f32| x / 3.0f32 + 0.1f32;
    let mut differs = false;
    let mut lanes = 1usize;
    while lanes <= kernel.max_local().min(256) {
        let mut out = vec![0f32; rows];
        let mut dr = DeviceArray::new(ctx, "out", &out, Access::ReadWrite).expect("out");
        dr.ensure_on_device(&out).expect("upload");
        let err = ErrorBuffer::new(ctx).expect("err");
        let (cols32, rows32) = (cols as i32, rows as i32);
        let mut args = kernel.args();
        unsafe {
            args.set(0, &dx)
                .and_then(|a| a.set(1, &cols32))
                .and_then(|a| a.set(2, &dr))
                .and_then(|a| a.set(3, &rows32))
                .and_then(|a| a.local::<f32>(4, lanes))
                .and_then(|a| a.set_err(5, &err))
                .expect("args");
        }
        args.run_1d_exact(ctx, rows * lanes, lanes).expect("launch");
        drop(args);
        assert_eq!(err.read().expect("read")[0], 0, "no failure");
        dr.mark_device_dirty();
        dr.ensure_on_host(&mut out).expect("download");
        for (r, got) in out.iter().enumerate() {
            let row = &flat[r * cols..(r + 1) * cols];
            let applied =
                somd_runtime::value::VArr::from_vec(row.iter().map(|&x| third(x)).collect());
            let cpu = somd_runtime::somd::reduce_array::<somd_runtime::reduce::Add, f32, _>(
                &applied, &POS,
            );
            assert_eq!(
                got.to_bits(),
                cpu.to_bits(),
                "{lanes} lanes, row {r}: device {got}, CPU {cpu}"
            );
            let left: f32 = row.iter().fold(0.0f32, |acc, &x| acc + third(x));
            differs |= left.to_bits() != cpu.to_bits();
        }
        lanes *= 2;
    }
    assert!(differs, "the rows must tell the CPU's order from a left fold");
}

const OUT_OF_BOUNDS: &str = r#"
class Oob {
    static int[] shift(dist int[] a, int k) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i + k];
        }
        return r;
    }
    public static void main(String[] args) {
        System.out.println(shift(new int[]{1, 2, 3}, 1)[0]);
    }
}
"#;

#[test]
fn device_bounds_failure_reports_the_source_position() {
    let c = compile("oob.somd", OUT_OF_BOUNDS).expect("checks");
    let set = kernels(&c, ClOptions::default());
    assert_eq!(set.kernels.len(), 1);
    let Some(ctx) = test_device() else { return };
    let body: &'static str = Box::leak(set.body.clone().into_boxed_str());
    let desc = ProgramDesc { name: "oob.somd", defines: "", body, options: "", fast_math: false };
    let program = ctx.program_cached_in(&desc, None).expect("builds");
    let kernel = program.kernel(&set.kernels[0].name).expect("kernel");
    let a = vec![1i32, 2, 3, 4];
    let mut da = DeviceArray::new(ctx, "a", &a, Access::ReadOnly).expect("a");
    da.ensure_on_device(&a).expect("upload");
    let out = vec![0i32; 4];
    let mut dr = DeviceArray::new(ctx, "r", &out, Access::ReadWrite).expect("r");
    dr.ensure_on_device(&out).expect("upload");
    let err = ErrorBuffer::new(ctx).expect("err");
    let (n, k) = (4i32, 1i32);
    let mut args = kernel.args();
    unsafe {
        args.set(0, &da)
            .and_then(|x| x.set(1, &n))
            .and_then(|x| x.set(2, &k))
            .and_then(|x| x.set(3, &dr))
            .and_then(|x| x.set(4, &n))
            .and_then(|x| x.set_err(5, &err))
            .expect("args");
    }
    args.run_1d(ctx, 4).expect("launch");
    let words = err.read().expect("read");
    assert_ne!(words[0], 0, "a failure is recorded");
    let failure = err.failure(&words).expect("read").expect("a failure");
    assert_eq!(failure.kind, 1, "kind bounds");
    assert_eq!((failure.index, failure.length), (4, 4), "index 4, length 4");
    let site = &set.sites[failure.site as usize];
    // `a[i + k]` is on line 6, column 20.
    assert_eq!(format!("{}:{}:{}", site.file, site.line, site.col), "oob.somd:6:20");
    let sites: &'static [somd_runtime::error::SourcePos] = Box::leak(
        set.sites
            .iter()
            .map(|s| somd_runtime::error::SourcePos {
                file: Box::leak(s.file.clone().into_boxed_str()),
                line: s.line,
                col: s.col,
            })
            .collect::<Vec<_>>()
            .into_boxed_slice(),
    );
    let exc = somd_runtime::opencl::fail::decode(failure, sites);
    let text = format!("{exc:?}");
    assert!(text.contains("oob.somd") && text.contains('6'), "{text}");
}

const SYNC_LOOPS: &str = r#"
public class Main {
    static reduce(+) long relax(dist(view = <1,1>, <1,1>) long[][] g,
                                dist(view = <1,1>, <1,1>) long[][] h, int steps) {
        for (int s = 0; s < steps; s++) {
            sync (h) {
                for (int i = 1; i < g.length - 1; i++) {
                    for (int j = 1; j < g[i].length - 1; j++) {
                        h[i][j] = (g[i - 1][j] + g[i][j + 1] + s) % 65521;
                    }
                }
            }
            sync (g) {
                for (int i = 1; i < h.length - 1; i++) {
                    for (int j = 1; j < h[i].length - 1; j++) {
                        g[i][j] = h[i][j] / (s + 1);
                    }
                }
            }
        }
        long total = 0;
        for (int i = 0; i < g.length; i++) {
            for (int j = 0; j < g[i].length; j++) {
                total += g[i][j];
            }
        }
        return total;
    }
    public static void main(String[] args) {}
}
"#;

/// A `sync` body: one kernel per parallel loop, the host loop index as a scalar argument,
/// identical buffer arguments in every kernel (the host shares the buffers by position).
#[test]
fn sync_loop_kernels() {
    insta::assert_snapshot!(snapshot(SYNC_LOOPS));
}

/// `Math.sin(x)` and `Math.cos(x)` of one unchanged local in one block: one `sincos`
/// before the first of them. A local assigned between the two, and calls in different
/// blocks, keep their own `sin`/`cos`.
const SINCOS: &str = r#"
class Trig {
    static local float rotate(float angle, float r) {
        float x = r * (float) Math.cos(angle);
        float y = r * (float) Math.sin(angle);
        double t = angle * 0.5;
        double s = Math.sin(t);
        t = t + 1.0;
        double c = Math.cos(t);
        if (r > 0) {
            s = s + Math.sin(angle);
        }
        return x + y + (float) (s + c);
    }
    public static void main(String[] args) {
        float[[]] r = Trig @ rotate(new float[[]]{0.5f}, 2f);
        System.out.println(r[0]);
    }
}
"#;

#[test]
fn sin_and_cos_of_one_local_share_a_sincos() {
    let text = snapshot(SINCOS);
    assert_eq!(text.matches("sincos(").count(), 1, "{text}");
    insta::assert_snapshot!(text);
}

/// Reads `a[b]`, `a[b + 1]`, .., `a[b + C - 1]` of a read-only buffer in one block are one
/// `vloadC` (with the checked reads as the fallback when the group is not all in range);
/// not when the buffer is written in the function, when the base changes between the
/// reads, or when the offsets do not fill a vector.
const VECTOR_LOADS: &str = r#"
class V {
    static local int quad(int[[]] a, int b) {
        return a[b] + a[b + 1] * 3 + a[b + 2] * 5 + a[b + 3] * 7;
    }
    static local float pairs(float[[]] a, int b) {
        float s = a[b];
        b = b + 1;
        return s + a[b + 1];
    }
    static local long three(long[[]] a, int b) {
        return a[b] + a[b + 1] + a[b + 2];
    }
    static int[] written(dist int[] a) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i += 2) {
            a[i] = a[i] + a[i + 1];
            out[i] = a[i];
        }
        return out;
    }
    static double[] atoms(dist double[] g, double[] atoms) {
        double[] out = new double[g.length];
        for (int i = 0; i < g.length; i++) {
            double e = 0;
            for (int k = 0; k < atoms.length; k += 8) {
                e += atoms[k] * atoms[k + 1] + atoms[k + 2] - atoms[k + 3]
                    + atoms[k + 4] + atoms[k + 5] + atoms[k + 6] + atoms[k + 7] * g[i];
            }
            out[i] = e;
        }
        return out;
    }
    public static void main(String[] args) {
        int[[]] a = new int[[]]{1, 2, 3, 4, 5};
        int[[]] q = V @ quad(a, Somd.range(2));
        float[[]] p = V @ pairs(new float[[]]{1f, 2f, 3f}, Somd.range(2));
        long[[]] t = V @ three(new long[[]]{1L, 2L, 3L, 4L}, Somd.range(2));
        System.out.println(q[0] + p[0] + t[0] + written(new int[4])[0] + atoms(new double[2], new double[8])[0]);
    }
}
"#;

#[test]
fn contiguous_reads_of_a_read_only_buffer_are_one_vector_load() {
    let c = compile("test.somd", VECTOR_LOADS).expect("program checks");
    let set = kernels(&c, ClOptions::default());
    // The plain kernels (a `__constant` variant repeats its kernel's body).
    let plain = |k: &somd_codegen::opencl::KernelManifest| match &k.constant {
        Some(v) => k.standalone
            [..k.standalone.find(&format!("__kernel void {}(", v.name)).expect("the variant")]
            .to_string(),
        None => k.standalone.clone(),
    };
    let text: String = set.kernels.iter().map(plain).collect();
    let vloads: Vec<&str> = text.lines().filter(|l| l.contains("= somd_vok")).collect();
    // quad (int4) and atoms (double8, in both copies of its loop: `k += 8` may wrap past
    // `Integer.MAX_VALUE` over an array of 2^31 - 3 elements, and one copy checks for an
    // earlier failure, `Writer::wrap_guard`); not pairs (base reassigned), three (3 lanes)
    // or written (the buffer is written).
    assert_eq!(vloads.len(), 3, "{text}");
    assert!(text.contains("vload4(0, a + b)"), "{text}");
    assert!(text.contains("vload8(0, atoms + k)"), "{text}");
    assert!(!text.contains("vload2"), "{text}");
}

/// Contiguous stores of one block: `bytes` (eight, like Crypt's) and `quads` (four, out of
/// order, a local computed between them) are one vector store each. Refused: `gap` (lane 2
/// is missing), `divides` (a value after
/// the first store can fail: `a[i] / d` with `d` maybe zero, which Java evaluates only after
/// the first store succeeded) and `rereads` (a value reads the array being stored, so the
/// stores cannot wait; its read cannot fail only without bounds checks). (A base assigned
/// between the stores is refused too, but no kernel has one: a parallel loop writes its
/// arrays only at its own index, and a call writing an array keeps the loop on the CPU.)
const VECTOR_STORES: &str = r#"
class S {
    static byte[] bytes(dist byte[] a) {
        byte[] out = new byte[a.length];
        for (int i = 0; i < a.length; i += 8) {
            int x = a[i] * 3;
            out[i] = (byte) x;
            out[i + 1] = (byte) (x >> 8);
            out[i + 2] = (byte) (x + 1);
            out[i + 3] = (byte) (x + 2);
            out[i + 4] = (byte) (x + 3);
            out[i + 5] = (byte) (x + 4);
            out[i + 6] = (byte) (x + 5);
            out[i + 7] = (byte) ~x;
        }
        return out;
    }
    static int[] quads(dist int[] a) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i += 4) {
            int s = a[i];
            out[i + 2] = s * 3;
            out[i] = s;
            int t = s ^ 5;
            out[i + 1] = t;
            out[i + 3] = t - s;
        }
        return out;
    }
    static float[] gap(dist float[] a) {
        float[] out = new float[a.length];
        for (int i = 0; i < a.length; i += 4) {
            out[i] = 1f;
            out[i + 1] = 2f;
            out[i + 3] = 4f;
        }
        return out;
    }
    static short[] divides(dist int[] a, int d) {
        short[] out = new short[a.length];
        for (int i = 0; i < a.length; i += 2) {
            out[i] = (short) a[i];
            out[i + 1] = (short) (a[i] / d);
        }
        return out;
    }
    static double[] rereads(dist double[] a) {
        double[] out = new double[a.length];
        for (int i = 0; i < a.length; i += 2) {
            out[i] = a[i];
            out[i + 1] = out[i] * 2.0;
        }
        return out;
    }
    public static void main(String[] args) {
        System.out.println(bytes(new byte[8])[0] + quads(new int[4])[0] 
            + gap(new float[4])[0] + divides(new int[2], 1)[0] + rereads(new double[2])[0]);
    }
}
"#;

/// The vector stores of `VECTOR_STORES`'s kernel `name` under `options`.
fn vstores(set: &KernelSet, name: &str) -> Vec<String> {
    let k = set.kernels.iter().find(|k| k.name == name).expect("the kernel exists");
    k.standalone.lines().filter(|l| l.contains("vstore")).map(|l| l.trim().to_string()).collect()
}

#[test]
fn contiguous_stores_of_one_block_are_one_vector_store() {
    let c = compile("test.somd", VECTOR_STORES).expect("program checks");
    let set = kernels(&c, ClOptions::default());
    let text: String = set.kernels.iter().map(|k| k.standalone.as_str()).collect();
    let bytes = vstores(&set, "S_bytes");
    assert_eq!(bytes.len(), 1, "{text}");
    assert!(bytes[0].starts_with("vstore8((char8)(somd_s0_0, somd_s0_1,"), "{text}");
    assert!(bytes[0].ends_with("), 0, out + i);"), "{text}");
    // Out of order in the source, the lanes in offset order in the vector; the fallback
    // stores in statement order, each checked at its own site.
    assert_eq!(
        vstores(&set, "S_quads"),
        ["vstore4((int4)(somd_s0_0, somd_s0_1, somd_s0_2, somd_s0_3), 0, out + i);"],
        "{text}"
    );
    assert!(text.contains("if (i >= 0 && i <= out_len0 - 4) {"), "{text}");
    let quads = &set.kernels.iter().find(|k| k.name == "S_quads").expect("quads").standalone;
    let fallback: Vec<&str> =
        quads.lines().map(str::trim).filter(|l| l.starts_with("out[SOMD_INDEX(")).collect();
    assert_eq!(fallback.len(), 4, "{quads}");
    for (line, lane) in fallback.iter().zip(["somd_s0_2", "somd_s0_0", "somd_s0_1", "somd_s0_3"]) {
        assert!(line.ends_with(&format!("= {lane};")), "{quads}");
    }
    for refused in ["S_gap", "S_divides", "S_rereads"] {
        assert!(vstores(&set, refused).is_empty(), "{refused}: {text}");
    }
    // Without bounds checks nothing in `divides` can fail (`d` still can: it keeps its
    // scalar stores), and `rereads` still reads the array it stores.
    let unchecked = kernels(&c, ClOptions { fast_math: false, unchecked: true });
    assert_eq!(vstores(&unchecked, "S_bytes").len(), 1);
    assert!(vstores(&unchecked, "S_divides").is_empty());
    assert!(vstores(&unchecked, "S_rereads").is_empty());
}

/// Intermediate reductions of a SOMD body: each is the callee's loop as a reduction kernel
/// after the body's own, declaring the callee's parameters bound to the caller's (the array
/// `v` to the caller's parameter 0 and its length, the scalar `t` to a host value).
const INTERMEDIATE: &str = r#"
class N {
    static reduce(+) double sumSq(double[] v) {
        double s = 0;
        for (int i = 0; i < v.length; i++) s += v[i] * v[i];
        return s;
    }
    static reduce(max) int above(int[] k, int[] w, int t) {
        int m = Integer.MIN_VALUE;
        for (int i = 0; i < w.length; i++) m = Math.max(m, w[i] > t ? k[w[i] % k.length] : 0);
        return m;
    }
    static double[] scale(dist double[] a, int[] k, int[] w, int t) {
        double n = Math.sqrt(sumSq(a)) + above(k, w, t * 2);
        double[] out = new double[a.length];
        for (int i = 0; i < a.length; i++) out[i] = a[i] / n;
        return out;
    }
    public static void main(String[] args) {
        System.out.println(scale(new double[] {3, 4}, new int[] {1}, new int[] {2}, 0)[0]);
    }
}
"#;

#[test]
fn intermediate_reductions_are_the_callees_loops_bound_to_the_caller() {
    let text = snapshot(INTERMEDIATE);
    assert!(text.contains("__kernel void N_scale_reduce2("), "{text}");
    insta::assert_snapshot!(text);
}

/// Read-only 1-D parameters read at work-item-uniform indices get a `_c` variant of their
/// kernel that declares them `__constant`: `cipher`'s subkeys (`key[ik++]` from 0, as
/// Crypt's) and `twice`'s table read at a loop counter and at an index read from it. Not:
/// `gather`'s table read at the parallel index, `lookup`'s read at data read at it
/// (`t[b[i]]`, nor `b`), `branchy`'s read at an index set under a data-dependent branch,
/// `early`'s at a counter a data-dependent `break` stops, `updates`' (a parameter is
/// written, so another may be the same memory) and `rows`' 2-D array.
const CONSTANT_PARAMS: &str = r#"
class K {
    static int[] cipher(dist int[] a, int[] key) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            int ik = 0;
            int x = a[i];
            for (int r = 0; r < 4; r++) {
                x = (x * key[ik++]) & 0xffff;
                x = (x + key[ik++]) & 0xffff;
            }
            out[i] = x ^ key[ik++];
        }
        return out;
    }
    static int[] twice(dist int[] a, int[] t) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            int s = 0;
            for (int j = 0; j < t.length; j++) {
                s += t[j] * a[i];
            }
            out[i] = s + t[t[0] & 3];
        }
        return out;
    }
    static int[] gather(dist int[] a, int[] t) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] + t[i];
        }
        return out;
    }
    static int[] lookup(dist int[] a, int[] b, int[] t) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] + t[b[i]];
        }
        return out;
    }
    static int[] branchy(dist int[] a, int[] t) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            int j = 0;
            if (a[i] > 0) {
                j = 1;
            }
            out[i] = t[j];
        }
        return out;
    }
    static int[] early(dist int[] a, int[] t) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            int j = 0;
            for (int r = 0; r < 3; r++) {
                if (a[i] == r) {
                    break;
                }
                j++;
            }
            out[i] = t[j];
        }
        return out;
    }
    static void updates(dist int[] a, int[] t) {
        for (int i = 0; i < a.length; i++) {
            a[i] = a[i] + t[0];
        }
    }
    static int[] rows(dist int[] a, int[][] m) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] + m[0][1];
        }
        return out;
    }
    public static void main(String[] args) {
        int[] a = new int[4];
        int[] t = new int[9];
        int[][] m = new int[2][2];
        updates(a, t);
        System.out.println(cipher(a, t)[0] + twice(a, t)[0] + gather(a, t)[0]
            + lookup(a, a, t)[0] + branchy(a, t)[0] + early(a, t)[0] + rows(a, m)[0]);
    }
}
"#;

#[test]
fn uniformly_read_parameters_get_a_constant_variant() {
    let c = compile("test.somd", CONSTANT_PARAMS).expect("program checks");
    let set = kernels(&c, ClOptions::default());
    assert!(set.skipped.is_empty(), "skipped kernels: {:?}", set.skipped);
    let kernel = |name: &str| {
        let found = set.kernels.iter().find(|k| k.source_function == name);
        found.unwrap_or_else(|| {
            panic!(
                "no kernel of {name}: {:?}",
                set.kernels.iter().map(|k| &k.source_function).collect::<Vec<_>>()
            )
        })
    };
    // Each variant declares exactly its constant arguments `__constant`, and its body is
    // the plain kernel's.
    for (name, constant) in [("K.cipher", "key"), ("K.twice", "t")] {
        let k = kernel(name);
        let variant = k.constant.as_ref().unwrap_or_else(|| panic!("{name}: no variant"));
        assert_eq!(variant.name, format!("{}_c", k.name));
        let names: Vec<&str> = variant.args.iter().map(|a| k.args[*a].name.as_str()).collect();
        assert_eq!(names, [constant], "{name}");
        let decl = format!("__constant int *restrict {constant}");
        assert_eq!(k.standalone.matches(&decl).count(), 1, "{}", k.standalone);
        // The plain kernel's, and its rows variant's (`K.twice` takes the lanes form).
        let plain = format!("__global const int *restrict {constant}");
        let rows = usize::from(k.rows.is_some());
        assert_eq!(k.standalone.matches(&plain).count(), 1 + rows, "{}", k.standalone);
        let (first, second) =
            k.standalone.split_at(k.standalone.find(&variant.name).expect("the variant"));
        let second = match &k.rows {
            Some(r) => &second[..second.find(&format!("__kernel void {}(", r.name)).expect("rows")],
            None => second,
        };
        // From the header's end to the function's closing brace.
        let body = |text: &str| {
            text[text.find('{').expect("a body")..text.rfind("\n}").expect("a body")].to_string()
        };
        let first =
            &first[first.find(&format!("__kernel void {}(", k.name)).expect("the kernel")..];
        assert_eq!(body(first), body(second), "{}", k.standalone);
        // The bounds checks stay.
        assert!(second.contains(&format!("{constant}_len0)]")), "{second}");
    }
    for name in ["K.gather", "K.lookup", "K.branchy", "K.early", "K.updates", "K.rows"] {
        let k = kernel(name);
        assert!(k.constant.is_none(), "{name}: {:?}", k.constant);
        assert!(!k.standalone.contains("__constant"), "{}", k.standalone);
    }
    if let Some(ctx) = test_device() {
        build(ctx, "constant_params", &set, false).expect("the variants build");
    }
}

/// A segmented sum (SparseMatMult's `y[row[i]] += val[i] * x[col[i]]` into a `double` and
/// a `float` table, the latter with a `double` update narrowed and `++`): one work-item per
/// iteration, heads of runs of equal `row[i]` fold their run into a private accumulator in
/// order and store it once; no atomics, no barriers.
const SEGMENTED: &str = r#"
class VecSum {
    static double[] combine(double[] a, double[] b) { return a; }
}
class FSum {
    static float[] combine(float[] a, float[] b) { return a; }
}
class Sparse {
    static reduce(VecSum) double[] multiply(dist double[] val, dist int[] row, dist int[] col,
                                            double[] x, int n) {
        double[] y = new double[n];
        for (int i = 0; i < val.length; i++) {
            y[row[i]] += val[i] * x[col[i]];
        }
        return y;
    }
    static reduce(FSum) float[] weights(dist float[] w, dist int[] row, int n) {
        float[] t = new float[n];
        for (int i = 0; i < w.length; i++) {
            if (w[i] > 0.5f) t[row[i]] += w[i] * 0.1; else t[row[i]]++;
        }
        return t;
    }
    public static void main(String[] args) {}
}
"#;

#[test]
fn segmented_sums() {
    insta::assert_snapshot!(snapshot(SEGMENTED));
}

/// SOMD loops whose body ends in an inner loop: only an elementwise inner loop after a
/// straight-line prelude takes the lanes form (one work-group per iteration, its
/// work-items splitting the inner loop; lane 0 stores between barriers).
const LANES: &str = r#"
public class L {
    // Elementwise after a prelude that stores: the lanes form.
    static double[][] scale(dist(dim = 1) double[][] a, double[] w, int k) {
        for (int jj = 0; jj < a.length; jj++) {
            double[] col = a[jj];
            double t = col[k];
            col[k] = 0;
            for (int i = k + 1; i < w.length; i++) {
                col[i] = col[i] * t + w[i];
            }
        }
        return a;
    }
    // The inner loop reads the element after the one it writes: iterations depend.
    static double[][] shifted(dist(dim = 1) double[][] a) {
        for (int jj = 0; jj < a.length; jj++) {
            double[] col = a[jj];
            for (int i = 0; i < col.length - 1; i++) {
                col[i] = col[i + 1];
            }
        }
        return a;
    }
    // The inner loop accumulates into an element (every iteration the same one).
    static double[] sums(dist(dim = 1) double[][] a) {
        double[] out = new double[a.length];
        for (int jj = 0; jj < a.length; jj++) {
            double[] col = a[jj];
            for (int i = 0; i < col.length; i++) {
                out[jj] += col[i];
            }
        }
        return out;
    }
    // The inner loop's bound reads the row it writes (Java reads it at every test).
    static double[][] bounded(dist(dim = 1) double[][] a) {
        for (int jj = 0; jj < a.length; jj++) {
            double[] col = a[jj];
            for (int i = 1; i < col[0]; i++) {
                col[i] = col[i] * 2;
            }
        }
        return a;
    }
    // Reductions into the row's locals that no grouping changes: the lanes form, the
    // lanes combining in local memory before the statements after the loop.
    static long[] rowsum(dist(dim = 1) int[][] a, int[] w) {
        long[] out = new long[a.length];
        for (int jj = 0; jj < a.length; jj++) {
            long s = jj;
            int top = Integer.MIN_VALUE;
            for (int i = 0; i < w.length; i++) {
                s += a[jj][i] * (long) w[i];
                top = Math.max(top, a[jj][i]);
            }
            out[jj] = s + top;
        }
        return out;
    }
    static double[] peak(dist(dim = 1) double[][] a) {
        double[] out = new double[a.length];
        for (int jj = 0; jj < a.length; jj++) {
            double m = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < a[jj].length; i++) {
                m = Math.max(m, a[jj][i]);
            }
            out[jj] = m;
        }
        return out;
    }
    // A floating-point sum (another order rounds differently).
    static double[] dsum(dist(dim = 1) double[][] a) {
        double[] out = new double[a.length];
        for (int jj = 0; jj < a.length; jj++) {
            double s = 0;
            for (int i = 0; i < a[jj].length; i++) {
                s += a[jj][i];
            }
            out[jj] = s;
        }
        return out;
    }
    // The running sum is stored (a prefix sum), or read by the bound.
    static int[][] prefix(dist(dim = 1) int[][] a) {
        for (int jj = 0; jj < a.length; jj++) {
            int[] col = a[jj];
            int s = 0;
            for (int i = 0; i < col.length; i++) {
                s += col[i];
                col[i] = s;
            }
        }
        return a;
    }
    static int[] capped(dist(dim = 1) int[][] a, int n) {
        int[] out = new int[a.length];
        for (int jj = 0; jj < a.length; jj++) {
            int s = 0;
            for (int i = 0; i < n - s; i++) {
                s += a[jj][i] & 1;
            }
            out[jj] = s;
        }
        return out;
    }
    // A conditional minimum of `float`s: Java keeps the first of `-0.0f` and `0.0f`, which
    // the lanes keep by its column.
    static float[] lowest(dist(dim = 1) float[][] a) {
        float[] out = new float[a.length];
        for (int jj = 0; jj < a.length; jj++) {
            float lo = 0.0f;
            for (int i = 0; i < a[jj].length; i++) {
                if (a[jj][i] < lo) lo = a[jj][i];
            }
            out[jj] = lo;
        }
        return out;
    }
    // An argument extremum: its column moves with its value.
    static int[] argmax(dist(dim = 1) int[][] a) {
        int[] out = new int[a.length];
        for (int jj = 0; jj < a.length; jj++) {
            int m = Integer.MIN_VALUE;
            int at = -1;
            for (int i = 0; i < a[jj].length; i++) {
                if (a[jj][i] > m) {
                    m = a[jj][i];
                    at = i;
                }
            }
            out[jj] = at;
        }
        return out;
    }
    // A payload that may fail where the test reads nothing (`w[i]`): a lane would read it
    // where Java's loop does not.
    static int[] tagged(dist(dim = 1) int[][] a, int[] w) {
        int[] out = new int[a.length];
        for (int jj = 0; jj < a.length; jj++) {
            int m = Integer.MIN_VALUE;
            int tag = 0;
            for (int i = 0; i < a[jj].length; i++) {
                if (a[jj][i] > m) {
                    m = a[jj][i];
                    tag = w[i];
                }
            }
            out[jj] = tag;
        }
        return out;
    }

    public static void main(String[] args) { }
}
"#;

#[test]
fn elementwise_inner_loops_take_the_lanes_form() {
    let Some(c) = compile("lanes.somd", LANES) else { panic!("lanes.somd does not check") };
    let set = kernels(&c, ClOptions::default());
    let lanes = |name: &str| {
        let k = set.kernels.iter().find(|k| k.name.starts_with(name));
        let k = k.unwrap_or_else(|| panic!("no kernel {name}"));
        k.standalone.contains("get_group_id(0)") && k.standalone.contains("const int somd_lanes")
    };
    assert!(lanes("L_scale_loop1"), "the elementwise loop");
    assert!(!lanes("L_shifted_loop1"), "a loop whose iterations depend on each other");
    assert!(!lanes("L_sums"), "a loop that accumulates");
    assert!(!lanes("L_bounded"), "a bound that reads the written row");
    assert!(lanes("L_rowsum"), "integer reductions into the row's locals");
    assert!(lanes("L_peak"), "Java's `Math.max` of `double`s");
    assert!(!lanes("L_dsum"), "a floating-point sum");
    assert!(!lanes("L_prefix"), "a running sum stored");
    assert!(!lanes("L_capped"), "a bound reading the accumulator");
    assert!(lanes("L_argmax"), "an argument extremum");
    assert!(lanes("L_lowest"), "a conditional extremum of `float`s");
    assert!(!lanes("L_tagged"), "a payload that may fail");
    let text = |name: &str| {
        let k = set.kernels.iter().find(|k| k.name.starts_with(name)).map(|k| &k.standalone);
        k.map(String::as_str).unwrap_or_default()
    };
    let rowsum = text("L_rowsum");
    for line in [
        "__local long *somd_lt0",
        "__local int *somd_lt1",
        "const long somd_start0 = s;",
        "top = (-2147483647 - 1);",
        "s = somd_ladd(somd_start0, somd_lt0[0]);",
        "top = somd_imax(somd_start1, somd_lt1[0]);",
    ] {
        assert!(rowsum.contains(line), "{line}\n{rowsum}");
    }
    // An argument extremum's lanes record their iterations and combine by value, then by
    // iteration, moving the column with them; the group's entry replaces the start where
    // it is greater.
    let argmax = text("L_argmax");
    for line in [
        "__local int *somd_lt0",
        "__local long *somd_lt1",
        "__local int *somd_lt2",
        "long somd_at0 = -1L;",
        "somd_at0 = somd_i - somd_lo;",
        "(somd_lt0[somd_lane + somd_s] == somd_lt0[somd_lane] && somd_lt1[somd_lane + somd_s] < somd_lt1[somd_lane])",
        "somd_lt2[somd_lane] = somd_lt2[somd_lane + somd_s];",
        "if (somd_lt1[0] >= 0 && (somd_lt0[0] > somd_start0)) {",
        "at = somd_pstart0_0;",
    ] {
        assert!(argmax.contains(line), "{line}\n{argmax}");
    }
    // Each lanes-form kernel has its rows variant, with the same arguments.
    let rows = set.kernels.iter().find(|k| k.name == "L_rowsum").and_then(|k| k.rows.clone());
    let rows = rows.expect("a rows variant");
    assert_eq!(rows.name, "L_rowsum_rows");
    // `w.length - 0`: the host compares the inner loop's count with its threshold.
    let inner = format!("{:?}", rows.inner);
    assert!(inner.starts_with("Some(Sub(Arg("), "{inner}");
    assert!(rowsum.contains("__kernel void L_rowsum_rows("), "{rowsum}");
    assert!(!set.body.contains("_rows_c("), "a rows variant has no `__constant` variant");
    let scale = set.kernels.iter().find(|k| k.name == "L_scale_loop1").map(|k| &k.standalone);
    let scale = scale.map(String::as_str).unwrap_or_default();
    assert!(scale.contains("if (somd_lane == 0) {"), "{scale}");
}

/// Narrow storage (`somd_mir::analysis::narrow`): `best`'s two arguments reach `sad` and
/// `near` only to be read, so each gets its element type macro; `left`'s two arguments
/// both reach `head`'s one parameter (one macro per parameter: both keep `int`), and
/// `same` compares its row (not only read).
const NARROW: &str = r#"
class Main {
    static local int sad(int[[]] a, int[[]] b) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            s += Math.abs(a[i] - b[i]);
        }
        return s;
    }
    static local long near(int[[]] tile, int[[]] cand, int k) {
        return ((long) sad(tile, cand) << 32) | k;
    }
    static local long best(int[[]] tile, int[[]][[]] lib) {
        return min ! (Main @ near(tile, lib, Somd.range(lib.length)));
    }
    static local int head(int[[]] p) {
        return p[0];
    }
    static local int left(int[[]] x, int[[]] y) {
        return head(x) + head(y);
    }
    static local int same(int[[]] key, int[[]] row) {
        return key == row ? 1 : key[0] + row[0];
    }
    public static void main(String[] args) {
        int[[]][[]] tiles = new int[[]][[]](new int[3][4]);
        int[[]][[]] lib = new int[[]][[]](new int[5][4]);
        long[[]] m = Main @ best(tiles, lib);
        int[[]] l = Main @ left(tiles, lib);
        int[[]] s = Main @ same(tiles, lib);
        System.out.println(m[0] + l[0] + s[0]);
    }
}
"#;

#[test]
fn narrow_arguments_build_with_every_element_type() {
    let c = compile("narrow.somd", NARROW).expect("checks");
    let set = kernels(&c, ClOptions::default());
    let narrow = |name: &str| {
        let k = set.kernels.iter().find(|k| k.name == name);
        k.map(|k| k.narrow.clone()).unwrap_or_default()
    };
    assert_eq!(
        narrow("map_Main_best"),
        [(0, "SOMD_ELEM_Main_best_0".to_string()), (1, "SOMD_ELEM_Main_best_1".to_string())]
    );
    assert_eq!(narrow("map_Main_left"), [], "two arguments reach `head`'s parameter");
    let func = |name: &str| {
        somd_mir::FuncId(
            c.module.functions.iter().position(|f| f.name == name).expect("function") as u32
        )
    };
    let flow = somd_mir::analysis::narrow::flow(&c.module, func("Main.best"), 1).expect("flows");
    let reached: Vec<&str> =
        flow.iter().map(|(f, _)| c.module.function(*f).name.as_str()).collect();
    assert_eq!(reached, ["Main.sad", "Main.near", "Main.best"]);
    let same = somd_mir::analysis::narrow::flow(&c.module, func("Main.same"), 0);
    assert!(same.is_err(), "a compared row is not only read");
    let left = somd_mir::analysis::narrow::flow(&c.module, func("Main.left"), 0);
    assert!(left.is_err(), "`head` is also passed `left`'s second argument");
    // Every pointer the narrow argument reaches carries its macro.
    assert!(set.body.contains("int Main_sad(__global SOMD_ELEM_Main_best_0 *a"), "{}", set.body);
    assert!(set.body.contains("((int)b[SOMD_INDEX("), "{}", set.body);
    let Some(ctx) = test_device() else { return };
    let body: &'static str = Box::leak(set.body.clone().into_boxed_str());
    for (a, b) in [
        ("uchar", "uchar"),
        ("char", "short"),
        ("ushort", "int"),
        ("short", "char"),
        ("int", "uchar"),
    ] {
        let options = format!("-DSOMD_ELEM_Main_best_0={a} -DSOMD_ELEM_Main_best_1={b}");
        if let Err(e) = build_with(ctx, "narrow.somd", body, &options) {
            panic!("{options}: {}\n{}", e.message, e.log);
        }
    }
}

const SAD: &str = r#"
class Main {
    static local int sad(int[[]] a, int[[]] b) {
        int sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += Math.abs(a[i] - b[i]);
        }
        return sum;
    }
    static local int sad2(int[[]] a, int[[]] b) {
        int s = 7;
        for (int j = 0; j < b.length; ++j) {
            s = s + Math.abs(b[j] - a[j]);
        }
        return s;
    }
    static local int weighted(int[[]] a, int[[]] b) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            s += Math.abs(a[i] - b[i]) * 2;
        }
        return s;
    }
    static local long near(int[[]] tile, int[[]] cand, int k) {
        return ((long) (sad(tile, cand) + sad2(cand, tile) + weighted(tile, cand)) << 32) | k;
    }
    static local long best(int[[]] tile, int[[]][[]] lib) {
        return min ! (Main @ near(tile, lib, Somd.range(lib.length)));
    }
    public static void main(String[] args) {
        int[[]][[]] tiles = new int[[]][[]](new int[3][40]);
        int[[]][[]] lib = new int[[]][[]](new int[5][40]);
        long[[]] m = Main @ best(tiles, lib);
        System.out.println(m[0]);
    }
}
"#;

/// The SAD idiom (note `device-execution`, "The SAD idiom"): `sad` and `sad2` (the other
/// accepted form, with the rows swapped at the call) get the byte path under
/// `SOMD_NARROW_U8_..` in every variant (global rows, and the staged `tile` of the slices
/// form, read by `somd_sad_u8_lg`), `weighted` does not (its term is not `|a[i] - b[i]|`).
/// Every fold holds `tile` in registers for both loops (`somd_sad_u8_hg` when `tile` is
/// shorter than `SOMD_HOLD_LEN`, note `device-execution`, "Rows held in registers").
/// PoCL builds the program under `-Werror` with both rows bytes (the byte path and the
/// staged byte layout), with `int`, with one side bytes (no byte path), and with `char`.
#[test]
fn sad_loops_take_the_byte_path_on_uchar_rows() {
    let text = snapshot(SAD);
    let c = compile("sad.somd", SAD).expect("checks");
    let loops = |name: &str| {
        let f = c.module.functions.iter().find(|f| f.name == name).expect("function");
        somd_mir::analysis::sad::sad_loops(&c.module, f).len()
    };
    assert_eq!((loops("Main.sad"), loops("Main.sad2"), loops("Main.weighted")), (1, 1, 0));
    // `explain` names both loops under the kernel, with the arguments that must be bytes.
    let explained = somd_mir::analysis::explain(&c.module, &c.info, &c.sources);
    for (at, f) in [("sad.somd:5:25", "Main.sad"), ("sad.somd:12:25", "Main.sad2")] {
        let line = format!(
            "  sum of absolute differences: the loop at {at} in `{f}` adds 16 elements per `abs_diff` when `tile` and `lib` are stored as uchar (the rest element by element)"
        );
        assert!(explained.contains(&line), "{line}\n{explained}");
    }
    assert!(!explained.contains("`Main.weighted` adds"), "{explained}");
    // The fold holds `tile` (broadcast) in registers, not the mapped library.
    let held = "in `Main.best` loads `tile` once when it is stored as uchar and shorter than 80 elements, and its SAD loops read it there";
    assert_eq!(explained.matches(held).count(), 1, "{explained}");
    assert!(!explained.contains("loads `lib`"), "{explained}");
    let set = kernels(&c, ClOptions::default());
    let body = &set.body;
    // `sad` and `sad2`, each as the plain helper and as the variant holding `tile` in
    // registers for each of the four folds (in the work-item, across the group, the slices
    // form and its staged variant). (`sad2`'s minuend is its `b`, reached by `tile`.)
    let guard = "#if defined(SOMD_NARROW_U8_Main_best_0) && defined(SOMD_NARROW_U8_Main_best_1)";
    assert_eq!(body.matches(guard).count(), 10, "{body}");
    assert!(body.contains("sum = somd_iadd(sum, as_int(somd_sad_u8_gg(a, b, somd_sadg)))"));
    assert!(body.contains("s = somd_iadd(s, as_int(somd_sad_u8_gg(b, a, somd_sadg)))"));
    assert!(body.contains("sum = somd_iadd(sum, as_int(somd_sad_u8_lg(a, b, somd_sadg)))"));
    assert!(body.contains("s = somd_iadd(s, as_int(somd_sad_u8_lg(b, a, somd_sadg)))"));
    // The held path, with the row's length tested against `SOMD_HOLD_LEN` (`Rows held in
    // registers`): `tile` is `sad`'s `a` and `sad2`'s `b`.
    let held_a =
        "sum = somd_iadd(sum, as_int(somd_sad_u8_hg(a_h0, a_h1, a_h2, a_h3, b, somd_sadg)))";
    let held_b = "s = somd_iadd(s, as_int(somd_sad_u8_hg(b_h0, b_h1, b_h2, b_h3, a, somd_sadg)))";
    assert_eq!((body.matches(held_a).count(), body.matches(held_b).count()), (4, 4), "{body}");
    assert_eq!(body.matches("if (a_len0 < SOMD_HOLD_LEN) {").count(), 4, "{body}");
    assert_eq!(body.matches("if (b_len0 < SOMD_HOLD_LEN) {").count(), 4, "{body}");
    // `somdc explain` states the prelude's length (`sad::HOLD_LEN`).
    let prelude = include_str!("../../../runtime/cl/somd_java.cl");
    let define = format!("#define SOMD_HOLD_LEN {}", somd_mir::analysis::sad::HOLD_LEN);
    assert!(prelude.contains(&define), "the prelude has no `{define}`");
    // Each fold loads `tile` (its `m0`) once, from local memory in the staged form.
    assert_eq!(body.matches("somd_h0_3 = somd_hold_g(m0, 3);").count(), 3, "{body}");
    assert_eq!(body.matches("somd_h0_3 = somd_hold_l(m0, 3);").count(), 1, "{body}");
    // `weighted` takes no registers: it has no SAD loop.
    assert!(!body.contains("Main_weighted_h"), "{body}");
    assert!(body.contains("__local SOMD_STAGED_Main_best_0 *somd_stage0"), "{body}");
    // `weighted`, as the plain helper and as the staged variant.
    assert_eq!(body.matches("int Main_weighted").count(), 2, "{body}");
    assert!(body.contains("int Main_weighted_st1_map_Main_best("), "{body}");
    for start in body.match_indices("int Main_weighted").map(|(i, _)| i) {
        let text = &body[start..];
        let text = &text[..text.find("}\n\n").unwrap_or(text.len())];
        assert!(!text.contains("somd_sad_u8"), "`weighted` is not a SAD loop\n{text}");
    }
    let Some(ctx) = test_device() else {
        insta::assert_snapshot!(text);
        return;
    };
    let body: &'static str = Box::leak(set.body.clone().into_boxed_str());
    for options in [
        "-DSOMD_ELEM_Main_best_0=uchar -DSOMD_NARROW_U8_Main_best_0 -DSOMD_ELEM_Main_best_1=uchar -DSOMD_NARROW_U8_Main_best_1",
        "",
        "-DSOMD_ELEM_Main_best_0=uchar -DSOMD_NARROW_U8_Main_best_0 -DSOMD_ELEM_Main_best_1=int",
        "-DSOMD_ELEM_Main_best_0=char -DSOMD_ELEM_Main_best_1=char",
    ] {
        if let Err(e) = build_with(ctx, "sad.somd", body, options) {
            panic!("{options}: {}\n{}", e.message, e.log);
        }
    }
    // The byte path is compiled exactly when both rows carry the runtime's `uchar` options
    // (`narrow::options`, checked there to add `-DSOMD_NARROW_U8_<f>_<k>`): with its calls
    // renamed to functions that do not exist, the build fails with the flags, in the lanes
    // form's `somd_sad_u8_gg` as in the staged `somd_sad_u8_lg`, and succeeds without them
    // (`int`, or one side only), where the guard drops the calls.
    let probe = set.body.replace("as_int(somd_sad_u8_", "as_int(somd_sad_u8_absent_");
    assert_eq!(probe.matches("somd_sad_u8_absent_").count(), 18, "{probe}");
    let probe: &'static str = Box::leak(probe.into_boxed_str());
    let u8_0 = "-DSOMD_ELEM_Main_best_0=uchar -DSOMD_NARROW_U8_Main_best_0";
    let u8_1 = "-DSOMD_ELEM_Main_best_1=uchar -DSOMD_NARROW_U8_Main_best_1";
    for (options, compiled) in [
        (format!("{u8_0} {u8_1}"), true),
        (String::new(), false),
        (format!("{u8_0} -DSOMD_ELEM_Main_best_1=int"), false),
        (format!("-DSOMD_ELEM_Main_best_0=int {u8_1}"), false),
    ] {
        match build_with(ctx, "sad_probe.somd", probe, &options) {
            Ok(_) => assert!(!compiled, "{options}: the byte path was not compiled"),
            Err(e) => {
                assert!(compiled, "{options}: {}\n{}", e.message, e.log);
                for f in ["somd_sad_u8_absent_gg", "somd_sad_u8_absent_lg", "somd_sad_u8_absent_hg"]
                {
                    assert!(e.log.contains(f), "{options}: {f} not compiled\n{}", e.log);
                }
            }
        }
    }
    insta::assert_snapshot!(text);
}

/// Two staged rows feeding one SAD loop: `best`'s `tile` and `key` are both mapped rows it
/// only reads, so its slices form stages both in `__local` memory, and `near`'s
/// `sad(tile, key)` reads them by `somd_sad_u8_ll` (the library row `cand` stays global:
/// `somd_sad_u8_lg` in `sad2`, and `somd_sad_u8_gg` for both loops in the lanes form). PoCL
/// builds the program under `-Werror` with all three rows bytes (the byte path over two
/// staged byte rows), with `int`, and with the staged rows bytes and the library `int`.
const SAD_STAGED: &str = r#"
class Main {
    static local int sad(int[[]] a, int[[]] b) {
        int sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += Math.abs(a[i] - b[i]);
        }
        return sum;
    }
    static local int sad2(int[[]] a, int[[]] b) {
        int s = 0;
        for (int j = 0; j < b.length; j++) {
            s += Math.abs(b[j] - a[j]);
        }
        return s;
    }
    static local long near(int[[]] tile, int[[]] key, int[[]] cand, int k) {
        return ((long) (sad(tile, key) + 3 * sad2(tile, cand)) << 24) ^ k;
    }
    static local long best(int[[]] tile, int[[]] key, int[[]][[]] lib) {
        return min ! (Main @ near(tile, key, lib, Somd.range(lib.length)));
    }
    public static void main(String[] args) {
        int[[]][[]] tiles = new int[[]][[]](new int[3][40]);
        int[[]][[]] keys = new int[[]][[]](new int[3][40]);
        int[[]][[]] lib = new int[[]][[]](new int[5][40]);
        long[[]] m = Main @ best(tiles, keys, lib);
        System.out.println(m[0]);
    }
}
"#;

#[test]
fn sad_loop_over_two_staged_rows_reads_both_from_local() {
    let c = compile("sad_staged.somd", SAD_STAGED).expect("checks");
    let set = kernels(&c, ClOptions::default());
    let k = set.kernels.iter().find(|k| k.name == "map_Main_best").expect("kernel");
    let macros: Vec<&str> = k.narrow.iter().map(|(_, m)| m.as_str()).collect();
    assert_eq!(macros, ["SOMD_ELEM_Main_best_0", "SOMD_ELEM_Main_best_1", "SOMD_ELEM_Main_best_2"]);
    let body = &set.body;
    assert!(body.contains("__local SOMD_STAGED_Main_best_0 *somd_stage0"), "{body}");
    assert!(body.contains("__local SOMD_STAGED_Main_best_1 *somd_stage1"), "{body}");
    assert!(
        body.contains("sum = somd_iadd(sum, as_int(somd_sad_u8_ll(a, b, somd_sadg)))"),
        "{body}"
    );
    assert!(
        body.contains("sum = somd_iadd(sum, as_int(somd_sad_u8_gg(a, b, somd_sadg)))"),
        "{body}"
    );
    assert!(body.contains("s = somd_iadd(s, as_int(somd_sad_u8_lg(a, b, somd_sadg)))"), "{body}");
    let Some(ctx) = test_device() else {
        insta::assert_snapshot!(snapshot(SAD_STAGED));
        return;
    };
    let body: &'static str = Box::leak(set.body.clone().into_boxed_str());
    for options in [
        "-DSOMD_ELEM_Main_best_0=uchar -DSOMD_NARROW_U8_Main_best_0 -DSOMD_ELEM_Main_best_1=uchar -DSOMD_NARROW_U8_Main_best_1 -DSOMD_ELEM_Main_best_2=uchar -DSOMD_NARROW_U8_Main_best_2",
        "",
        "-DSOMD_ELEM_Main_best_0=uchar -DSOMD_NARROW_U8_Main_best_0 -DSOMD_ELEM_Main_best_1=uchar -DSOMD_NARROW_U8_Main_best_1 -DSOMD_ELEM_Main_best_2=int",
    ] {
        if let Err(e) = build_with(ctx, "sad_staged.somd", body, options) {
            panic!("{options}: {}\n{}", e.message, e.log);
        }
    }
    insta::assert_snapshot!(snapshot(SAD_STAGED));
}

/// A plane passed to a helper before an argument that assigns the plane's index: Java
/// evaluates the plane (its index checked) first, so the kernel holds the checked index in
/// a temporary and passes the view through it. (Until planes were held, C would have left
/// the value undefined, and the kernel was skipped.)
#[test]
fn planes_passed_before_an_assignment_are_held_in_temporaries() {
    let source = r#"
public class Main {
    static int h(int[][] p, int k) {
        return p[0][0] + k;
    }

    static int[] stepped(dist int[] ids, int[][][] c) {
        int[] out = new int[ids.length];
        for (int i = 0; i < ids.length; i++) {
            int k = ids[i] & 1;
            out[i] = h(c[k++], k);
        }
        return out;
    }

    static int[] plain(dist int[] ids, int[][][] c) {
        int[] out = new int[ids.length];
        for (int i = 0; i < ids.length; i++) {
            int k = ids[i] & 1;
            out[i] = h(c[k], k + 1);
        }
        return out;
    }

    public static void main(String[] args) {
        int[][][] c = new int[3][2][2];
        int[] ids = new int[4];
        System.out.println(stepped(ids, c)[0] + plain(ids, c)[0]);
    }
}
"#;
    let c = compile("test.somd", source).expect("program checks");
    let set = kernels(&c, ClOptions::default());
    assert!(set.skipped.is_empty(), "{:?}", set.skipped);
    let held = "Main_h(c + (long)(somd_ev0) * c_len1 * c_len2, c_len1, c_len2, k, somd_err)";
    assert!(set.body.contains(held), "{}", set.body);
    assert!(set.kernels.iter().any(|k| k.source_function == "Main.plain"));
}

/// A helper the writer cannot write costs only the kernels that call it: they are skipped
/// with the reason (the host runs those constructs on the CPU) and every other kernel is
/// written. The unwritable construct is made by hand here (a `null` where the analysis saw
/// an `int`), since the eligibility analysis keeps every construct it knows of away.
#[test]
fn a_helper_the_writer_cannot_write_costs_only_its_kernels() {
    let source = r#"
public class Main {
    static local int inner(int i) { return i == 7 ? 1 : i; }
    static local int outer(int i) { return inner(i) + 1; }
    static local int twice(int i) { return i * 2; }
    public static void main(String[] args) {
        int[[]] a = Main @ outer(Somd.range(100));
        int[[]] b = Main @ twice(Somd.range(100));
        System.out.println(a[7] + b[7]);
    }
}
"#;
    let mut c = compile("test.somd", source).expect("program checks");
    let set = kernels(&c, ClOptions::default());
    assert!(set.skipped.is_empty(), "{:?}", set.skipped);
    assert_eq!(
        set.kernels.len(),
        2,
        "{:?}",
        set.kernels.iter().map(|k| &k.name).collect::<Vec<_>>()
    );
    let inner = c.module.functions.iter_mut().find(|f| f.name == "Main.inner").expect("Main.inner");
    let seven = inner
        .exprs
        .iter_mut()
        .find(|e| matches!(e.kind, somd_mir::ExprKind::Const(somd_mir::Const::Int(7))))
        .expect("the constant 7");
    seven.kind = somd_mir::ExprKind::Const(somd_mir::Const::Null);
    let set = kernels(&c, ClOptions::default());
    let names: Vec<&str> = set.kernels.iter().map(|k| k.name.as_str()).collect();
    assert_eq!(names, ["map_Main_twice"]);
    assert_eq!(set.skipped.len(), 1, "{:?}", set.skipped);
    let (skipped, why) = &set.skipped[0];
    assert_eq!(skipped, "map_Main_outer");
    assert!(why.contains("Main.inner") && why.contains("null"), "{why}");
    assert!(!set.body.contains("Main_inner") && !set.body.contains("Main_outer"), "{}", set.body);
    assert!(set.body.contains("map_Main_twice"), "{}", set.body);
}

/// Loop versioning of an inner loop bounded by another array's length (`bounds::guardable`,
/// ninety-fifth session): `a[i][j]` for `j < x.length` is read without a check where the
/// kernel finds `a_len1 >= x_len0`, checked otherwise; a loop whose body assigns `j` keeps
/// its check in both copies.
#[test]
fn inner_loops_up_to_a_length_are_versioned() {
    let source = r#"
public class Main {
    static double[] dot(dist(dim = 1) double[][] a, double[] x) {
        double[] out = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            double s = 0;
            for (int j = 0; j < x.length; j++) {
                s += a[i][j] * x[j];
            }
            out[i] = s;
        }
        return out;
    }
    static double[] skip(dist(dim = 1) double[][] a, double[] x) {
        double[] out = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            double s = 0;
            for (int j = 0; j < x.length; j++) {
                s += a[i][j];
                if (s > 4) j++;
            }
            out[i] = s;
        }
        return out;
    }
    public static void main(String[] args) { }
}
"#;
    let Some(c) = compile("versioned.somd", source) else {
        panic!("versioned.somd does not check")
    };
    let set = kernels(&c, ClOptions::default());
    let text = |name: &str| {
        let k = set.kernels.iter().find(|k| k.name == name).map(|k| &k.standalone);
        k.map(String::as_str).unwrap_or_default().to_string()
    };
    let dot = text("Main_dot");
    assert!(dot.contains("in range when a_len1 >= x_len0"), "{dot}");
    assert!(dot.contains("s = (s + (a[(long)(i) * a_len1 + (j)] * x[j]));"), "{dot}");
    assert!(dot.contains("SOMD_INDEX(0, j, a_len1)"), "the checked copy\n{dot}");
    let skip = text("Main_skip");
    assert!(!skip.contains("in range when a_len1 >= x_len0"), "{skip}");
}

/// A loop that may fail stops after a failure only where the failure could make it run
/// longer than it would without one: up to a bound the data do not limit (`j < n`), in a
/// work-item's loop and the lanes form (asking `somd_stop` every 1024 iterations) and in
/// a flattened nest's grid-stride loop (after the work-item's own failure); not up to an
/// array's length, nor a loop of a few constant iterations; a loop whose body cannot fail
/// (its one call cannot throw) only in a copy run where its bound is far away
/// (`walk::LONG_TRIPS`).
#[test]
fn loops_that_may_fail_past_their_data_stop_after_a_failure() {
    let source = r#"
public class Main {
    static int twice(int v) { return 2 * v; }
    static long[] rows(dist(dim = 1) long[][] m, int n, int[] t) {
        long[] out = new long[m.length];
        for (int i = 0; i < m.length; i++) {
            long s = 0;
            for (int j = 0; j < n; j++) {
                s += m[i][j];
            }
            for (int j = 0; j < m[i].length; j++) {
                s += m[i][j] * 3;
            }
            for (int k = 0; k < 8; k++) {
                s += t[k];
            }
            for (int k = 0; k < n; k++) {
                s += twice(k);
            }
            out[i] = s;
        }
        return out;
    }
    static long[] sums(dist(dim = 1) long[][] m, int n) {
        long[] out = new long[m.length];
        for (int i = 0; i < m.length; i++) {
            long s = 0;
            for (int j = 0; j < n; j++) {
                s += m[i][j];
            }
            out[i] = s;
        }
        return out;
    }
    static reduce(+) long nest(dist int[][] m, int n) {
        long s = 0;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < n; j++) {
                s += m[i][j];
            }
        }
        return s;
    }
    public static void main(String[] args) { }
}
"#;
    let Some(c) = compile("stops.somd", source) else { panic!("stops.somd does not check") };
    let set = kernels(&c, ClOptions::default());
    let text = |name: &str| {
        let k = set.kernels.iter().find(|k| k.name == name).map(|k| &k.standalone);
        k.map(String::as_str).unwrap_or_default().to_string()
    };
    let rows = text("Main_rows");
    // Every loop with the head, guarded; a loop copied under a test that its accesses
    // stay in range (`if (somd_fast..)`) cannot fail and is not, unless its bound lets it
    // run long: then the copy run where it does is (`if (somd_long..)`), the other not.
    let guarded = |text: &str, head: &str| {
        let lines: Vec<&str> = text.lines().collect();
        let heads: Vec<usize> = (0..lines.len()).filter(|&k| lines[k].contains(head)).collect();
        assert!(!heads.is_empty(), "no `{head}` in\n{text}");
        let indent = |l: &str| l.len() - l.trim_start().len();
        // The `if` whose block the line `k` is the first of, and whether it is the `else`.
        let opened_by = |k: usize| -> (&str, bool) {
            let open = lines[k - 1];
            if !open.trim_start().starts_with("} else {") {
                return (open, false);
            }
            let at = (0..k - 1).rev().find(|&j| {
                indent(lines[j]) == indent(open) && lines[j].trim_start().starts_with("if (")
            });
            (at.map_or("", |j| lines[j]), true)
        };
        heads.iter().all(|&k| {
            let stops = lines.get(k + 1).is_some_and(|l| l.contains("SOMD_STOP()"));
            let first = if lines[k - 1].contains("uint somd_spin") { k - 1 } else { k };
            let (by, other) = opened_by(first);
            let plain =
                (by.contains("if (somd_fast") && !other) || (by.contains("if (somd_long") && other);
            stops != plain
        })
    };
    // Each loop six times: the copies with and without the checks versioning frees, in
    // the kernel, its variant reading `t` from constant memory and the row-tiles variant's
    // plain path (its tiled path runs the first loop over its tiles, which cannot fail).
    // The first loop's `m[i][j]` up to `n` is tested before the loop: a copy without the
    // check beside each of the six checked ones; and `t[k]` in the row tiles' tiled path,
    // which has no test of `t`'s length around its body.
    assert!(guarded(&rows, "for (; j < n; j = j + 1) {"), "{rows}");
    assert_eq!(rows.matches("if (somd_fast").count(), 7, "{rows}");
    assert!(!guarded(&rows, "j_7 < m_len1;"), "{rows}");
    assert!(!guarded(&rows, "k < 8;"), "{rows}");
    // The loops up to `n` that cannot fail (the first loop's unchecked copies, and the
    // loop calling `twice`, which cannot throw) check in a copy of their own where `n`
    // lies 2^16 steps away or more: thirteen such copies, beside the six checked ones.
    assert!(guarded(&rows, "k_9 < n;"), "{rows}");
    assert_eq!(rows.matches("if (somd_long").count(), 13, "{rows}");
    assert_eq!(rows.matches("SOMD_STOP()").count(), 6 + 13, "{rows}");
    // The lanes form: each lane leaves its share of the row.
    let sums = text("Main_sums");
    assert!(guarded(&sums, "somd_i < somd_hi; somd_i += somd_lanes) {"), "{sums}");
    // The flattened nest: a work-item leaves its grid-stride loop after its own failure.
    let nest = text("Main_nest");
    assert_eq!(nest.matches("if (somd_err->failed) break;").count(), 1, "{nest}");
    assert!(!nest.contains("SOMD_STOP()"), "{nest}");
}

#[test]
fn counted_loops_whose_index_may_wrap_around_stop_where_their_bound_lets_it() {
    let source = r#"
public class Main {
    static long[] rows(dist(dim = 1) long[][] m, int n, long[] t) {
        long[] out = new long[m.length];
        for (int i = 0; i < m.length; i++) {
            long s = 0;
            for (int a = 0; a <= n; a++) {
                s += a;
            }
            for (int b = 0; b < n; b++) {
                s += b;
            }
            for (int c = 0; c < m[i].length; c += 4) {
                s += c;
            }
            for (long d = 0; d <= n; d++) {
                s += d;
            }
            for (int f = 2147483000; f <= 2147483647; f++) {
                s += t[f - 2147483000];
            }
            for (int x = 0; x <= n; x++) {
                for (int y = 0; y <= n; y++) {
                    for (int z = 0; z <= n; z++) {
                        s += z;
                    }
                }
            }
            outer:
            for (int g = 0; g <= n; g++) {
                for (int h = 0; h < 3; h++) {
                    if (h == g) continue outer;
                    s += h;
                }
            }
            out[i] = s;
        }
        return out;
    }
    public static void main(String[] args) { }
}
"#;
    let Some(c) = compile("wraps.somd", source) else { panic!("wraps.somd does not check") };
    let set = kernels(&c, ClOptions::default());
    let k = set.kernels.iter().find(|k| k.name == "Main_rows").map(|k| &k.standalone);
    let rows = k.map(String::as_str).unwrap_or_default();
    let lines: Vec<&str> = rows.lines().collect();
    // The lines after the head of each loop over `v`, and the five before the first.
    let around = |v: &str| {
        let head = format!("; {v} = ");
        let heads: Vec<usize> = (0..lines.len())
            .filter(|&k| lines[k].contains("for (") && lines[k].contains(&head))
            .collect();
        let k = *heads.first().unwrap_or_else(|| panic!("no loop over `{v}` in\n{rows}"));
        let firsts: Vec<String> = heads.iter().map(|&k| lines[k + 1].to_string()).collect();
        (lines[k.saturating_sub(5)..k].join("\n"), firsts)
    };
    // `a <= n` wraps at `n == Integer.MAX_VALUE`, and runs long from 2^16 steps: a copy
    // of the loop checks, run only then.
    let (before, firsts) = around("a");
    assert!(before.contains("(long)(n) >= 2147483647L;"), "{rows}");
    assert!(before.contains("(long)(n) - (long)a >= 65536L;"), "{rows}");
    assert!(before.contains("if (somd_wrap"), "{rows}");
    assert!(firsts[0].contains("SOMD_STOP()") && !firsts[1].contains("SOMD_STOP()"), "{rows}");
    // Where it cannot wrap but runs long, the copy in blocks (below, `b`) runs.
    assert!(rows.contains("} else if (somd_long"), "{rows}");
    // `b < n` cannot wrap, but runs long from 2^16 steps (`walk::LONG_TRIPS`): its copy
    // runs in blocks of 1024 iterations up to `somd_end`, checking between blocks.
    let (before, firsts) = around("b");
    assert!(before.contains("if (somd_long") && before.contains("for (;;) {"), "{rows}");
    assert!(before.contains("b + (1024);"), "{rows}");
    assert!(firsts.iter().all(|f| !f.contains("SOMD_STOP()")), "{rows}");
    let blocked = lines.iter().position(|l| l.contains("for (; b < somd_end")).unwrap_or(0);
    assert!(lines[blocked + 3].contains("|| b < somd_end"), "{rows}");
    assert!(lines[blocked + 4].trim() == "if (SOMD_STOP()) break;", "{rows}");
    // `c < m[i].length` stepping by 4 wraps only over 2^31 - 2 elements; it runs no
    // longer than the row is long otherwise.
    let (before, firsts) = around("c");
    assert!(before.contains(">= 2147483645L;") && !before.contains("somd_long"), "{rows}");
    assert!(firsts[0].contains("SOMD_STOP()") && !firsts[1].contains("SOMD_STOP()"), "{rows}");
    // `f <= 2147483647` wraps always, and its body may fail: checked always.
    let (before, firsts) = around("f");
    assert!(!before.contains("somd_wrap"), "{rows}");
    assert!(firsts.iter().all(|l| l.contains("SOMD_STOP()")), "{rows}");
    // A loop holding a loop checks always (also one that defines a label), on the
    // work-item's counter (`SOMD_NEST_STOP`); the innermost is copied, so that copies do
    // not multiply. The labelled loop's inner loop of three steps has none.
    let (_, gs) = around("g");
    let (_, hs) = around("h");
    assert!(gs.iter().all(|l| l.contains("SOMD_NEST_STOP()") && !l.contains("somd_wrap")));
    assert!(!hs.iter().any(|l| l.contains("SOMD_STOP()")), "{rows}");
    let (_, xs) = around("x");
    let (_, ys) = around("y");
    let (_, zs) = around("z");
    assert!(xs.iter().chain(&ys).all(|l| l.contains("SOMD_NEST_STOP()")), "{rows}");
    assert!(!xs.iter().chain(&ys).any(|l| l.contains("somd_wrap")), "{rows}");
    // The innermost: the copy checking each iteration where it may wrap, the copy in
    // blocks where it runs long, the loop as written.
    assert_eq!(zs.len(), 3 * xs.len(), "{rows}");
    assert!(zs[0].contains("SOMD_STOP()") && !zs[1].contains("SOMD_STOP()"), "{rows}");
    assert!(!zs[2].contains("SOMD_STOP()"), "{rows}");
    // A `long` index to an `int` bound: no step wraps, but it runs long from 2^16 steps;
    // the distance between two `long`s is taken as a `ulong`, where it is positive.
    let (before, firsts) = around("d");
    assert!(before.contains(" > (long)d && (ulong)"), "{rows}");
    assert!(before.contains("if (somd_long") && !before.contains("somd_wrap"), "{rows}");
    assert!(before.contains("d + (1024L);"), "{rows}");
    assert!(firsts.iter().all(|f| !f.contains("SOMD_STOP()")), "{rows}");
    // Each copy of the body (versioned on `t`'s length) has eleven checks: eight
    // `SOMD_STOP`s (`a` and `z`, which may wrap and run long, check in two copies: in
    // each iteration where they may wrap, between blocks where they run long) and three
    // of loops holding loops; no loop holding none counts on the work-item's counter.
    let copies = rows.matches("int f = 2147483000;").count();
    assert_eq!(rows.matches("SOMD_STOP()").count(), 8 * copies, "{rows}");
    assert_eq!(rows.matches("SOMD_NEST_STOP()").count(), 3 * copies, "{rows}");
    if let Some(ctx) = test_device() {
        build(ctx, "wraps", &set, false).unwrap_or_else(|e| panic!("{e}"));
    }
}

/// A counted loop holding loops whose index cannot wrap runs in blocks of 1024 iterations
/// with no check inside a block: the block's start ticks the work-item's counter of loops
/// holding loops as an iteration would (`SOMD_NEST_STOP`, so that loops holding a loop
/// that stopped leave at their next block), and its end adds the rest of its iterations
/// (`SOMD_NEST_TICKS`). A nest whose outer index may wrap, and a labelled one, tick in
/// each iteration as before. Every kernel builds on the test device.
#[test]
fn nests_whose_index_cannot_wrap_count_their_blocks() {
    let source = r#"
public class Main {
    static long[] quad(dist int[] at, long[] lim, int n) {
        long[] out = new long[at.length];
        for (int p = 0; p < at.length; p++) {
            int i = at[p];
            long m = lim[i] + 250;
            long s = i;
            for (long x = 0; x < m; x++) {
                for (long z = 0; z < 4; z++) {
                    s = s * 31 + (x ^ z);
                }
            }
            for (int y = n; y > 0; y -= 3) {
                for (int z = 0; z < 4; z++) {
                    s = s * 7 + (y ^ z);
                }
            }
            for (int w = 0; w <= n; w++) {
                for (int z = 0; z < 4; z++) {
                    s += w ^ z;
                }
            }
            outer:
            for (int g = 0; g < n; g++) {
                for (int h = 0; h < 3; h++) {
                    if (h == g) continue outer;
                    s += h;
                }
            }
            out[p] = s;
        }
        return out;
    }
    public static void main(String[] args) { }
}
"#;
    let Some(c) = compile("nests.somd", source) else { panic!("nests.somd does not check") };
    let set = kernels(&c, ClOptions::default());
    let k = set.kernels.iter().find(|k| k.name == "Main_quad").map(|k| &k.standalone);
    let quad = k.map(String::as_str).unwrap_or_default();
    let lines: Vec<&str> = quad.lines().map(str::trim).collect();
    let at = |text: &str| {
        let k = lines.iter().position(|l| l.contains(text));
        k.unwrap_or_else(|| panic!("no `{text}` in\n{quad}"))
    };
    // `x < m` over a `long`: one block up to `somd_end`, the counter ticked at its start and
    // given the rest at its end; no check inside the block.
    let x = at("for (; x < somd_end");
    assert_eq!(lines[x - 5], "for (;;) {", "{quad}");
    assert_eq!(lines[x - 4], "if (SOMD_NEST_STOP()) break;", "{quad}");
    assert!(lines[x - 3].starts_with("const bool somd_last"), "{quad}");
    assert!(lines[x - 1].starts_with("const long somd_from"), "{quad}");
    assert_ne!(lines[x + 1], "if (SOMD_NEST_STOP()) break;", "{quad}");
    let ticks = at("if (SOMD_NEST_TICKS((uint)(x - somd_from");
    assert!(lines[ticks + 1].contains("|| x < somd_end"), "{quad}");
    // `y > 0` stepping down by 3: the block's iterations are its distance over the step.
    let y = at("for (; y > somd_end");
    assert!(lines[y - 2].contains("y + (-3072)"), "{quad}");
    assert!(quad.contains("SOMD_NEST_TICKS((uint)((y - somd_from"), "{quad}");
    assert!(quad.contains(") / (-3)))) break;"), "{quad}");
    // `w <= n` wraps at `n == Integer.MAX_VALUE`, and the labelled loop holds a jump to
    // its next iteration: both tick in each iteration.
    for head in ["; w <= n; ", "; g < n; "] {
        let k = at(head);
        assert_eq!(lines[k + 1], "if (SOMD_NEST_STOP()) break;", "{quad}");
    }
    assert_eq!(quad.matches("SOMD_NEST_TICKS(").count(), 2, "{quad}");
    if let Some(ctx) = test_device() {
        build(ctx, "nests", &set, false).unwrap_or_else(|e| panic!("{e}"));
    }
}

/// SOMD loops whose iterations each walk a row of a read-only matrix from column 0 to a
/// bound the same for every row get a row-tiles variant (`rowtiles.rs`) reading the row
/// from `__local` memory, also where the inner body may fail, and a matrix that need not
/// have the rows of the loop's range under a test that it has; loops whose inner body
/// writes an array or calls a helper, whose bound reads an element or a row that may not
/// exist, or whose body holds a `break` get none. Every kernel builds on the test device.
#[test]
fn rows_walked_in_order_get_a_tiles_variant() {
    let source = r#"
public class Main {
    static int twice(int v) { return 2 * v; }
    static double[] matvec(dist(dim = 1) double[][] g, double[] x) {
        double[] out = new double[g.length];
        for (int i = 0; i < g.length; i++) {
            double s = 0;
            for (int j = 0; j < x.length; j++) s += g[i][j] * x[j];
            out[i] = s;
        }
        return out;
    }
    static float[] alias(dist(dim = 1) float[][] m, int n) {
        float[] out = new float[m.length];
        for (int i = 0; i < m.length; i++) {
            float[] r = m[i];
            float s = 1;
            for (int j = 0; j < n - 2; j++) s = s * 0.5f + r[j];
            out[i] = s;
        }
        return out;
    }
    static double[] other(dist(dim = 1) double[][] g, double[][] h, int n) {
        double[] out = new double[g.length];
        for (int i = 0; i < g.length; i++) {
            double s = 0;
            for (int j = 0; j < n; j++) s += h[i][j];
            out[i] = s;
        }
        return out;
    }
    static double[] bound(dist(dim = 1) double[][] g, double[][] h) {
        double[] out = new double[g.length];
        for (int i = 0; i < g.length; i++) {
            double s = 0;
            for (int j = 0; j < h[i].length; j++) s += g[i][j];
            out[i] = s;
        }
        return out;
    }
    static double[][] writes(dist(dim = 1) double[][] g) {
        double[][] out = new double[g.length][g[0].length];
        for (int i = 0; i < g.length; i++) {
            double s = 0;
            for (int j = 0; j < g[i].length; j++) { s += g[i][j]; out[i][j] = s; }
        }
        return out;
    }
    static int[] calls(dist(dim = 1) int[][] a) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            int s = 0;
            for (int j = 0; j < a[i].length; j++) s = s * 3 + twice(a[i][j]);
            out[i] = s;
        }
        return out;
    }
    static double[] fails(dist(dim = 1) double[][] g, double[] x, int n) {
        double[] out = new double[g.length];
        for (int i = 0; i < g.length; i++) {
            double s = 0;
            for (int j = 0; j < n; j++) s += g[i][j] * x[j];
            out[i] = s;
        }
        return out;
    }
    static double[] element(dist(dim = 1) double[][] g, int[] k) {
        double[] out = new double[g.length];
        for (int i = 0; i < g.length; i++) {
            double s = 0;
            for (int j = 0; j < k[0]; j++) s += g[i][j];
            out[i] = s;
        }
        return out;
    }
    static double[] leaves(dist(dim = 1) double[][] g) {
        double[] out = new double[g.length];
        for (int i = 0; i < g.length; i++) {
            double s = 0;
            for (int j = 0; j < g[i].length; j++) s += g[i][j];
            if (s > 1e9) break;
            out[i] = s;
        }
        return out;
    }
    public static void main(String[] args) { }
}
"#;
    let Some(c) = compile("rowtiles.somd", source) else { panic!("rowtiles.somd does not check") };
    let set = kernels(&c, ClOptions::default());
    let kernel = |name: &str| set.kernels.iter().find(|k| k.name == name);
    let tiles = |name: &str| kernel(name).and_then(|k| k.tiles.as_ref()).map(|t| t.name.clone());
    assert_eq!(tiles("Main_matvec").as_deref(), Some("Main_matvec_tiles"));
    assert_eq!(tiles("Main_alias").as_deref(), Some("Main_alias_tiles"));
    assert_eq!(tiles("Main_fails").as_deref(), Some("Main_fails_tiles"));
    assert_eq!(tiles("Main_other").as_deref(), Some("Main_other_tiles"));
    let other = &kernel("Main_other").map(|k| k.standalone.clone()).unwrap_or_default();
    assert!(other.contains("(long)(g_len0) <= (long)h_len0 && somd_n <= (long)h_len1"));
    for name in ["Main_bound", "Main_writes", "Main_calls", "Main_element"] {
        assert!(kernel(name).is_some(), "no kernel {name}");
        assert_eq!(tiles(name), None, "{name}");
    }
    // `leaves` is no parallel loop (its `break`).
    assert!(tiles("Main_leaves").is_none());
    // The matrix times a vector: `x.length` columns of `g`'s rows, 32 at a time (two
    // buffers of 32 rows of 33 `double`s), or 64 on a device with the local memory for
    // them, read from the tile; its plain path checks the columns where `g`'s rows may be
    // shorter than `x`.
    let matvec = &kernel("Main_matvec").map(|k| k.standalone.clone()).unwrap_or_default();
    assert!(
        matvec.contains("__local double somd_rt0[2 * 32 * (SOMD_ROW_COLS(32, 64) + 1)];"),
        "{matvec}"
    );
    assert!(matvec.contains("somd_tiled = get_local_size(0) == 256 && somd_n <= (long)g_len1;"));
    assert!(matvec.contains("s = (s + (somd_tr0[j - somd_j0] * x[j]));"), "{matvec}");
    // Floats take tiles of 64 columns; the bound `n - 2` is Java's `int` subtraction.
    let alias = &kernel("Main_alias").map(|k| k.standalone.clone()).unwrap_or_default();
    assert!(alias.contains("__local float somd_rt0[4160];"), "{alias}");
    // `x[j]` for `j < n` is checked in the tiles too; `g`'s rows are read from the tile.
    let fails = &kernel("Main_fails").map(|k| k.standalone.clone()).unwrap_or_default();
    let tiled = fails.split("__kernel void Main_fails_tiles").nth(1).unwrap_or_default();
    assert!(tiled.contains("= somd_tr0[j - somd_j0], ("), "{tiled}");
    assert!(tiled.contains(" * x[SOMD_INDEX("), "{tiled}");
    if let Some(ctx) = test_device() {
        build(ctx, "rowtiles", &set, false).unwrap_or_else(|e| panic!("{e}"));
    }
}

/// A widening to `long` of an `int` (or narrower) value is `convert_long(..)`, not a cast:
/// NVIDIA's compiler turned a `long` sum of cast `int` products into an `int` sum that it
/// widened, 2^32 off Java's where the products' sum passes `Integer.MAX_VALUE`
/// (`bench/gpu/s114mul3.py`; `tests/run/device_fuzz_long_sums.somd`, the program that
/// showed it, runs on a device in the suite).
#[test]
fn ints_widen_to_long_with_convert_long() {
    let text = snapshot(
        r#"
public class Main {
    static long[] mix(dist int[] a, dist char[] c) {
        long[] out = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            long r = 31L * i;
            r = r * 31 + c[i] * 7 + a[i] * 11;
            out[i] = r;
        }
        return out;
    }
    public static void main(String[] args) {
        System.out.println(mix(new int[]{1}, new char[]{'a'})[0]);
    }
}
"#,
    );
    assert!(text.contains("convert_long(somd_imul(a[i], 11))"), "{text}");
    assert!(text.contains("convert_long(somd_imul(((int)(c[i])), 7))"), "{text}");
    assert!(!text.contains("((long)(somd_imul"), "{text}");
}
