//! The host glue of device placement (`rust/device.rs`) and the SOMD wrapper around it:
//! which constructs get a device path in the emitted Rust, what that path looks like, and
//! what stays on the CPU with a reason.
//! Running the emitted code on a device is the end-to-end suite's job (`tests/tests/run.rs`,
//! `SOMD_DEVICE=opencl SOMD_STRICT=1`).

#![allow(clippy::unwrap_used)] // Tests fail loudly.

use somd_codegen::rust::{device, write_main};
use somd_diag::SourceMap;
use somd_syntax::ast::IdGen;

fn compile(text: &str) -> (somd_mir::Module, SourceMap) {
    let mut sources = SourceMap::new();
    let ids = IdGen::new();
    let file = sources.add("Main.somd", text);
    let (unit, diags) = somd_syntax::parse(file, text, &ids);
    assert!(!diags.iter().any(|d| d.is_error()), "{diags:?}");
    let (program, diags) = somd_sema::check(vec![unit]);
    assert!(!diags.iter().any(|d| d.is_error()), "{diags:?}");
    (somd_mir::lower(&program, &sources), sources)
}

const PROGRAM: &str = r#"
public class Main {
    static local int sq(int x) {
        return x * x;
    }

    static local long widen(int x, long k) {
        return x * k;
    }

    static local int bigger(int x, int y) {
        return Math.max(x, y);
    }

    static int[] twice(dist int[] a) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = 2 * a[i];
        }
        return out;
    }

    static reduce(+) long total(dist int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        return s;
    }

    static reduce(+) int loud(dist int[] a) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            System.out.println(a[i]);
            s += a[i];
        }
        return s;
    }

    public static void main(String[] args) {
        int[] a = {1, 2, 3};
        int[[]] s = Main @ sq(a);
        long[[]] w = Main @ widen(Main @ sq(a), 3L);
        int f = + ! (Main @ sq(a));
        int g = + ! a;
        int h = Main.bigger ! a;
        System.out.println(twice(a)[0] + total(a) + loud(a) + s[0] + w[0] + f + g + h);
    }
}
"#;

#[test]
fn eligible_constructs_get_a_device_path() {
    let (module, sources) = compile(PROGRAM);
    let glue = device::glue(&module, &sources);
    assert!(glue.writer_error.is_none(), "{:?}", glue.writer_error);
    let name = |f: &somd_mir::FuncId| module.function(*f).name.clone();
    let mut calls: Vec<String> = glue.calls.keys().map(name).collect();
    calls.sort();
    assert_eq!(calls, ["Main.total", "Main.twice"], "Main.loud prints: CPU only");
    // `@ sq` alone, and the chain's two maps; the fused `+ ! (@ sq)` is a reduction.
    assert_eq!(glue.maps.len(), 3, "{:?}", glue.maps.keys());
    assert_eq!(glue.reduces.len(), 1);
    assert_eq!(glue.array_reduces.len(), 1);
    assert_eq!(glue.folds.len(), 1);

    let text = write_main(&module, &sources, "test").unwrap();
    // One program, its site table and the kernel text, embedded.
    assert!(text.contains("static CL_PROGRAM: rt::opencl::ProgramCell"), "{text}");
    assert!(text.contains("static CL_SITES: [SourcePos; "), "{text}");
    assert!(text.contains("__kernel void Main_twice("), "{text}");
    // The SOMD wrappers try the device first and fall through to the CPU path.
    assert!(text.contains("rt::device::run_reading(&K_Main_twice, &device_args, &["), "{text}");
    assert!(text.contains("return done.output_1d::<i32>("), "{text}");
    assert!(text.contains("let partials: Vec<i64> = done.partials();"), "{text}");
    assert!(!text.contains("K_Main_loud"), "{text}");
    // Maps, the chain, the fused reduction and the array reduction. The results of `@ sq`
    // and of the chain stay on the device until `s[0]` and `w[0]` read one element each
    // (`analysis::lazy`).
    assert!(text.contains("rt::device::run_map_lazy(&K_MAP_"), "{text}");
    assert!(text.contains("rt::device::run_map_chain_lazy(&K_MAP_"), "{text}");
    assert!(text.contains("let mut s: rt::device::Lazy<i32> ="), "{text}");
    assert!(text.contains("Some(done) => done.lazy_result::<i64>()"), "{text}");
    assert!(text.contains("rt::device::HostArg::Chained"), "{text}");
    assert!(text.contains("rt::device::reduce_array::<rt::reduce::Add, i32>(\"+ ! in Main.main\""));
    assert!(text.contains("rt::device::run_fold(&K_FOLD_"), "{text}");
    // Under an adaptive `auto` a clock measures each SOMD call, `@` and `!` on either
    // placement (opened right before the device attempt); the chain is one group site,
    // named by its outer map's kernel, whose two maps run on one placement. Each site is
    // the call or expression at its source position (`clock_at`): the SOMD wrapper's is
    // its caller's `pos`.
    assert!(
        text.contains("let _somd_clock = rt::device::clock_at(K_Main_twice.label, pos);"),
        "{text}"
    );
    assert!(text.contains("rt::device::clock_at(\"+ ! in Main.main\", &POS_"), "{text}");
    assert!(!text.contains("rt::device::clock("), "every clock names its position\n{text}");
    let clocks = text.matches("rt::device::clock_at(").count();
    let attempts = ["run_reading(", "run_map(", "run_map_lazy(", "reduce_array::<", "run_fold("]
        .iter()
        .map(|f| text.matches(&format!("rt::device::{f}")).count())
        .sum::<usize>();
    assert_eq!(clocks, attempts, "one clock per adaptive device attempt\n{text}");
    // The group names the outer map's position, and each map's placement its own (the
    // text without spaces: rustfmt breaks the call where it likes).
    let flat: String = text.split_whitespace().collect();
    let groups = flat.matches("let_somd_group=rt::device::group(K_MAP_").count();
    let sites =
        "group(K_MAP_6_9.name,&POS_12,&[(K_MAP_6_7.label,&POS_11),(K_MAP_6_9.label,&POS_12)],";
    assert!(flat.contains(sites), "{text}");
    let chains = text.matches("rt::device::run_map_chain_lazy(").count();
    assert_eq!((groups, chains), (1, 1), "one group site per chain\n{text}");
    // The CPU path of each `@`, `!` and fold, and of each of the chain's two maps, is timed
    // for the trace at the construct's position (`rt::somd::cpu_run`), as the SOMD
    // wrapper's CPU MIs are (`_traced`).
    let somd_calls = text.matches("rt::device::run_reading(").count();
    let cpu_runs = text.matches("rt::somd::cpu_run(").count();
    assert_eq!(cpu_runs, attempts - somd_calls + 2 * chains, "{text}");
    assert!(
        text.contains("rt::somd::cpu_run(rt::somd::Construct::Reduce, \"+ ! in Main.main\", &POS_"),
        "{text}"
    );
    // Every device path keeps the CPU path as its fallback (`run_call`, or
    // `run_call_balanced_at` for a method without barriers), traced from its MIs to its
    // value.
    assert!(text.contains("rt::somd::somd_call(\"Main.twice\", pos, n_mis);"), "{text}");
}

/// A `@` or `!` that no device can run, and a SOMD method without a device path, still
/// trace their placement and time (`rt::somd::cpu_only`, `rt::somd::not_eligible`), under
/// the labels their device paths would have; eligible constructs keep their clocks.
#[test]
fn constructs_without_a_device_path_trace_their_placement() {
    let (module, sources) = compile(
        r#"
public class Main {
    static int offset = 0;

    static reduce(+) long shifted(dist int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] + offset;
        }
        return s;
    }

    static local int[[]] span(int x) {
        int[] p = new int[2];
        p[0] = x;
        return new int[[]](p);
    }

    static local int sq(int x) {
        return x * x;
    }

    public static void main(String[] args) {
        int[] a = {1, 2, 3};
        int[[]] v = new int[[]](a);
        int[[]][[]] spans = Main @ span(v);
        int[[]] q = Main @ sq(v);
        System.out.println(spans[1][0] + q[2] + shifted(a));
    }
}
"#,
    );
    let glue = device::glue(&module, &sources);
    let labels: Vec<&String> = glue.cpu_sites.values().collect();
    assert_eq!(labels, ["Main.span"], "{:?}", glue.cpu_sites);
    let text = write_main(&module, &sources, "test").unwrap();
    assert_eq!(text.matches("rt::somd::cpu_only(").count(), 1, "{text}");
    assert!(
        text.contains("rt::somd::cpu_only(rt::somd::Construct::Map, \"Main.span\", &POS_"),
        "{text}"
    );
    assert!(text.contains("rt::somd::not_eligible(\"Main.shifted\", pos);"), "{text}");
    assert!(text.contains("rt::device::clock_at(K_MAP_"), "{text}");
}

/// An isolated filter task's device path knows the `task` expression's position, which
/// names its CPU runs in the trace.
#[test]
fn device_filters_know_their_task_position() {
    let (module, sources) = compile(
        r#"
public class Main {
    int next;

    int numbers() {
        if (next == 10) {
            throw new Underflow();
        }
        next++;
        return next;
    }

    static local long square(int x) {
        return (long) x * x;
    }

    static void print(long v) {
        System.out.println(v);
    }

    public static void main(String[] args) {
        Task t = task new Main().numbers => task Main.square => task Main.print;
        t.finish();
    }
}
"#,
    );
    let text = write_main(&module, &sources, "test").unwrap();
    assert!(text.contains("Task::filter_device(&K_TASK_"), "{text}");
    let at = text.find("Task::filter_device(&K_TASK_").unwrap();
    assert!(text[at..].split_once(", ").is_some_and(|(_, rest)| rest.starts_with("&POS_")));
}

#[test]
fn a_program_without_eligible_work_has_no_device_code() {
    let (module, sources) = compile(
        r#"
public class Main {
    public static void main(String[] args) {
        System.out.println(args.length);
    }
}
"#,
    );
    let text = write_main(&module, &sources, "test").unwrap();
    assert!(!text.contains("CL_PROGRAM") && !text.contains("rt::device::"), "{text}");
}

#[test]
fn value_class_maps_run_on_the_device() {
    let (module, sources) = compile(
        r#"
public value class P {
    int x;
    P(int x) { this.x = x; }
}

public value class Q {
    P p;
    Q(P p) { this.p = p; }
}

public class Main {
    static local P make(int x) {
        return new P(x + 1);
    }

    static local Q wrap(int x) {
        return new Q(new P(x));
    }

    public static void main(String[] args) {
        int[] a = {1, 2};
        P[[]] ps = Main @ make(a);
        System.out.println(ps[1].x);
        Q[[]] qs = Main @ wrap(a);
        System.out.println(qs[0].p.x);
    }
}
"#,
    );
    let glue = device::glue(&module, &sources);
    assert_eq!(glue.maps.len(), 2, "{:?}", glue.host_notes);
    assert!(glue.structs.iter().any(|(l, name)| name == "P" && l.size == 4));
    let text = write_main(&module, &sources, "test").unwrap();
    assert!(text.contains("done.lazy_result::<Val<P>>()"), "{text}");
    // A class without value-class fields says so: a value array of it is free of `null`s
    // when its elements are, which the array's own state tells (`DevElem::any_null`).
    let dev_struct = |class: &str| {
        let start = text.find(&format!("impl rt::device::DevStruct for {class} {{")).expect(class);
        text[start..].split("\n}\n").next().unwrap_or_default().to_string()
    };
    assert!(dev_struct("P").contains("const NESTED: bool = false;"), "{text}");
    assert!(!dev_struct("Q").contains("NESTED"), "{text}");
}

/// A `@` result the host reads at few elements, or hands to device calls, stays on the
/// device (`analysis::lazy`): the local is a `Lazy`, read element by element outside loops
/// and through its host copy inside one and where it is passed on (a SOMD method with a
/// device path takes it as it is); a result the host only compares is downloaded by the
/// call as before.
#[test]
fn map_results_read_at_few_elements_stay_on_the_device() {
    let (module, sources) = compile(
        r#"
public class Main {
    static local int sq(int x) {
        return x * x;
    }

    static int first(int[[]] v) {
        return v[0];
    }

    static reduce(+) int total(dist int[[]] v) {
        int s = 0;
        for (int i = 0; i < v.length; i++) {
            s += v[i];
        }
        return s;
    }

    public static void main(String[] args) {
        int[] a = {1, 2, 3};
        int[[]] once = Main @ sq(a);
        int[[]] looped = Main @ sq(once);
        int t = looped[1] + + ! looped;
        for (int i = 0; i < looped.length; i++) {
            t += looped[i];
        }
        int[[]] compared = Main @ sq(a);
        System.out.println(once[2] + t + first(looped) + (compared == once ? 1 : 0)
            + total(once) + total(new int[[]](a)));
    }
}
"#,
    );
    let text = write_main(&module, &sources, "test").unwrap();
    assert!(text.contains("let mut once: rt::device::Lazy<i32> ="), "{text}");
    assert!(text.contains("let mut looped: rt::device::Lazy<i32> ="), "{text}");
    assert!(text.contains("let mut compared: VArr<i32> ="), "{text}");
    // `once` crosses to the next `@` as it is (the call finds its buffer).
    assert!(text.contains("= once.clone();"), "{text}");
    assert!(text.contains("looped.get(1i32, "), "{text}");
    assert!(text.contains("looped.host().get(i, "), "{text}");
    assert!(text.contains("Main_first(looped.host())"), "{text}");
    assert!(text.contains("once.host().clone()"), "{text}");
    // The `!` finds the result on the device.
    assert!(text.contains(" = &looped;"), "{text}");
    assert_eq!(text.matches("rt::device::run_map_lazy(").count(), 2, "{text}");
    // A SOMD method with a device path takes its value arrays as `Lazy`s: `once` as it is,
    // a host-made array wrapped; its CPU path reads the host copy.
    assert!(text.contains("v: &rt::device::Lazy<i32>,"), "{text}");
    assert!(text.contains("let v: &VArr<i32> = v.host();"), "{text}");
    assert!(text.contains("Main_total_somd(&once, "), "{text}");
    let wrapped = text.rsplit("Main_total_somd(").next().unwrap_or_default();
    assert!(wrapped.trim_start().starts_with("&rt::device::Lazy::from_host("), "{text}");
    assert_eq!(text.matches("rt::device::run_map(").count(), 1, "{text}");
}

/// `C.m ! a` over a value class with a device layout folds the structs on the device, and
/// the host folds the partials (`Val<P>`) with the same method; a class holding an array
/// stays on the CPU.
#[test]
fn value_class_folds_run_on_the_device() {
    let (module, sources) = compile(
        r#"
public value class P {
    int x;
    long y;
    P(int x, long y) { this.x = x; this.y = y; }
}

public value class H {
    int[[]] xs;
    H(int[[]] xs) { this.xs = xs; }
}

public class Main {
    static local P add(P a, P b) {
        return new P(a.x + b.x, Math.max(a.y, b.y));
    }

    static local H left(H a, H b) {
        return a;
    }

    public static void main(String[] args) {
        P[] ps = {new P(1, 2L), new P(3, 4L)};
        P s = Main.add ! ps;
        H[] hs = {new H(new int[[]]{1}), new H(new int[[]]{2})};
        H h = Main.left ! hs;
        System.out.println(s.x + " " + h.xs[0]);
    }
}
"#,
    );
    // The fold over `H` is not planned (the analysis's blocker), so the writer never meets
    // a struct it cannot write and `add` keeps its kernel.
    let glue = device::glue(&module, &sources);
    assert_eq!(glue.writer_error, None);
    assert_eq!(glue.folds.len(), 1, "{:?}", glue.host_notes);
    assert!(glue.host_notes.is_empty(), "{:?}", glue.host_notes);
    let text = write_main(&module, &sources, "test").unwrap();
    assert!(text.contains("Partials(rt::device::Elem::Struct(16))"), "{text}");
    assert!(text.contains("let partials: Vec<Val<P>> = done.partials();"), "{text}");
    assert!(text.contains("|a, b| Main_add(&a, &b)"), "{text}");
}

/// A mapped array of objects holding arrays runs on the device: the objects cross as their
/// fields (no `DevStruct`: the class has no byte layout), the array field as the objects'
/// arrays end to end with their offsets, read lazily by the runtime.
#[test]
fn value_classes_holding_arrays_cross_as_their_fields() {
    let (module, sources) = compile(
        r#"
public value class H {
    int[[]] xs;
    H(int[[]] xs) { this.xs = xs; }
}

public class Main {
    static local int first(H h) {
        return h.xs[0];
    }

    public static void main(String[] args) {
        H[[]] hs = new H[[]]{new H(new int[[]]{1}), new H(new int[[]]{2})};
        int[[]] fs = Main @ first(hs);
        System.out.println(fs[1]);
    }
}
"#,
    );
    let glue = device::glue(&module, &sources);
    assert_eq!(glue.writer_error, None);
    assert_eq!(glue.maps.len(), 1, "{:?}", glue.host_notes);
    assert!(glue.structs.is_empty());
    let text = write_main(&module, &sources, "test").unwrap();
    assert!(text.contains("rt::device::JoinedField::new("), "{text}");
    assert!(text.contains(".offsets()"), "{text}");
    assert!(text.contains("rt::device::HostArg::Fields"), "{text}");
}

const SYNC_PROGRAM: &str = r#"
public class Main {
    static int[] smooth(dist(view = <1,1>) int[] a, dist(view = <1,1>) int[] b, int steps) {
        for (int p = 0; p < steps - 1; p++) {
            sync (b) {
                for (int i = 1; i < a.length - 1; i++) b[i] = a[i - 1] + a[i + 1] + p;
            }
            sync (a) {
                for (int i = 1; i < a.length - 1; i++) a[i] = b[i];
            }
        }
        return a;
    }
    public static void main(String[] args) {
        int[] a = {1, 2, 3, 4};
        System.out.println(smooth(a, a, 3)[1]);
    }
}
"#;

#[test]
fn sync_bodies_run_as_one_sync_call() {
    let (module, sources) = compile(SYNC_PROGRAM);
    let glue = device::glue(&module, &sources);
    assert!(glue.writer_error.is_none(), "{:?}", glue.writer_error);
    assert!(glue.host_notes.is_empty(), "{:?}", glue.host_notes);
    let text = write_main(&module, &sources, "test").unwrap();
    // One KernelDesc per kernel and the SyncDesc listing them in launch order.
    assert!(text.contains("static KS1_Main_smooth: rt::device::KernelDesc"), "{text}");
    assert!(text.contains("static KS2_Main_smooth: rt::device::KernelDesc"), "{text}");
    assert!(text.contains("kernels: &[&KS1_Main_smooth, &KS2_Main_smooth],"), "{text}");
    assert!(text.contains("rt::device::ArgSpec::HostIndex(0),"), "{text}");
    // The host loop in Java int arithmetic: per step, one launch and the copy-back
    // `a[i] = b[i]` as an exchange of `a`'s and `b`'s buffers (parameters 0 and 1), or its
    // launch; the returned parameter downloaded once at the end.
    assert!(
        text.contains("rt::device::SyncCall::begin(&SYNC_Main_smooth, &device_args)"),
        "{text}"
    );
    assert!(
        text.contains("let _somd_clock = rt::device::clock_at(SYNC_Main_smooth.label, pos);"),
        "{text}"
    );
    assert!(text.contains("while somd_h0 < i32::wrapping_sub(steps, 1i32) {"), "{text}");
    assert!(text.contains("somd_sync.launch(0, &[somd_h0]);"), "{text}");
    assert!(text.contains("somd_sync.swap_or_launch(0, 1, &[somd_h0]);"), "{text}");
    assert!(text.contains("swaps: &[(0, 1)],"), "{text}");
    assert!(text.contains("let done = somd_sync.finish(&[0], moved);"), "{text}");
    assert!(text.contains("return done.output_1d::<i32>(0);"), "{text}");
    // The CPU path stays as the fallback.
    assert!(text.contains("rt::somd::somd_call(\"Main.smooth\", pos, n_mis);"), "{text}");
    assert!(text.contains("rt::somd::run_call(n_mis, |mi|"), "{text}");
}

/// The SOMD wrapper calls a user strategy's `bounds` once for all parameters given the
/// same strategy expression (§2.2: its arguments are evaluated once and such parameters are
/// split at the same boundaries), and again only for another strategy (on either path:
/// the device's calls it for one partition before it runs); parameters of one
/// strategy expression whose lengths differ run the body once over the whole values.
#[test]
fn one_strategy_expression_is_evaluated_once_per_call() {
    let (module, sources) = compile(
        r#"
public class Main {
    static reduce(+) long dot(dist(Chunks(4)) long[] a, dist(Chunks(4)) long[] b,
                              dist(Chunks(4)) long[] c, dist(Chunks(5)) long[] d) {
        long s = 0;
        for (int i = 0; i < a.length; i++) s += a[i] * b[i] + c[i] + d[i];
        return s;
    }

    public static void main(String[] args) {
        long[] a = new long[10];
        System.out.println(dot(a, a, a, a));
    }
}

class Chunks {
    static int[] bounds(int length, int parts, int chunk) {
        int[] b = new int[parts + 1];
        b[parts] = length;
        return b;
    }
}
"#,
    );
    let text = write_main(&module, &sources, "test").unwrap();
    let wrapper = text.split("fn Main_dot_somd(").nth(1).unwrap();
    let wrapper = &wrapper[..wrapper.find("\n}\n").unwrap()];
    // `a` calls it; `b` and `c` reuse `a`'s boundaries; `d` has its own strategy
    // expression. A `b` or `c` of another length than `a` runs the body once, after the
    // calls one MI makes. The device path calls it likewise for its one partition, before
    // it runs.
    assert_eq!(wrapper.matches("Chunks_bounds(").count(), 6, "{wrapper}");
    assert!(wrapper.contains("rt::device::before_device(move || {"), "{wrapper}");
    assert!(wrapper.contains("Chunks_bounds(somd_len_0 as i32, 1, somd_take_0_0)"), "{wrapper}");
    assert!(wrapper.contains("Chunks_bounds(somd_len_3 as i32, 1, somd_take_3_0)"), "{wrapper}");
    assert!(wrapper.contains("drop(somd_check);"), "{wrapper}");
    assert!(wrapper.contains("let bounds_1 = bounds_0.clone();"), "{wrapper}");
    assert!(wrapper.contains("let bounds_2 = bounds_0.clone();"), "{wrapper}");
    let once = "rt::somd::dim_len(a, 1, pos) != rt::somd::dim_len(b, 1, pos)";
    assert!(wrapper.contains(once), "{wrapper}");
    let once = "rt::somd::dim_len(a, 1, pos) != rt::somd::dim_len(c, 1, pos)";
    assert!(wrapper.contains(once), "{wrapper}");
    // `d`'s length is compared with nothing's, but a `d` holding elements beside an empty
    // `a` (no MI) runs the body once too.
    assert!(!wrapper.contains("!= rt::somd::dim_len(d, 1, pos)"), "{wrapper}");
    assert!(wrapper.contains("(rt::somd::dim_len(a, 1, pos) == 0 && ("), "{wrapper}");
    assert!(wrapper.contains("rt::somd::dim_len(d, 1, pos) != 0))"), "{wrapper}");
}

/// SOMD methods with value-array parameters (`dist` or not; primitive elements, value
/// classes with a device layout, rows of primitives) get a device path, loop and
/// histogram bodies alike; their kernels read them through `const` pointers, and the CPU
/// path partitions a `dist` value array with `DistV1`. A value array of a value class
/// holding arrays stays on the CPU, and `explain` says why.
#[test]
fn value_array_parameters_run_on_the_device() {
    let (module, sources) = compile(
        r#"
public value class P {
    int x;
    int y;
    P(int x, int y) { this.x = x; this.y = y; }
}

public value class H {
    int[[]] xs;
    H(int[[]] xs) { this.xs = xs; }
}

class Sums {
    static long[] combine(long[] a, long[] b) {
        long[] c = new long[a.length];
        for (int i = 0; i < a.length; i++) c[i] = a[i] + b[i];
        return c;
    }
}

public class Main {
    static reduce(+) long dot(dist P[[]] ps, double[[]][[]] t) {
        long s = 0;
        for (int i = 0; i < ps.length; i++) s += ps[i].x * ps[i].y + (long) t[0][0];
        return s;
    }

    static reduce(Sums) long[] cells(dist P[[]] ps, dist int[[]] w) {
        long[] t = new long[4];
        for (int i = 0; i < ps.length; i++) t[ps[i].x & 3] += w[i];
        return t;
    }

    static reduce(+) long firsts(dist H[[]] hs) {
        long s = 0;
        for (int i = 0; i < hs.length; i++) s += hs[i].xs[0];
        return s;
    }

    public static void main(String[] args) {
        P[[]] ps = new P[[]]{new P(1, 2), new P(3, 4)};
        double[[]][[]] t = new double[[]][[]]{new double[[]]{0.5}};
        H[[]] hs = new H[[]]{new H(new int[[]]{1}), new H(new int[[]]{2})};
        System.out.println(dot(ps, t) + cells(ps, new int[[]]{5, 6})[1] + firsts(hs));
    }
}
"#,
    );
    let glue = device::glue(&module, &sources);
    assert!(glue.writer_error.is_none(), "{:?}", glue.writer_error);
    assert!(glue.host_notes.is_empty(), "{:?}", glue.host_notes);
    let name = |f: &somd_mir::FuncId| module.function(*f).name.clone();
    let mut calls: Vec<String> = glue.calls.keys().map(name).collect();
    calls.sort();
    assert_eq!(calls, ["Main.cells", "Main.dot"]);
    let text = write_main(&module, &sources, "test").unwrap();
    assert!(text.contains("__kernel void Main_dot(__global const P *restrict ps,"), "{text}");
    assert!(text.contains("__global const double *restrict t,"), "{text}");
    assert!(text.contains("__kernel void Main_cells(__global const P *ps,"), "{text}");
    assert!(text.contains("__global const int *w,"), "{text}");
    assert!(text.contains("rt::device::run_histogram::<i64>(&K_Main_cells"), "{text}");
    assert!(text.contains("rt::somd::DistV1::new(ps, pos,"), "{text}");
    assert!(!text.contains("K_Main_firsts"), "{text}");
    let info = somd_mir::analysis::analyze(&module);
    let explained = somd_mir::analysis::explain::explain(&module, &info, &sources);
    assert!(
        explained.contains("arrays of value classes holding arrays stay on the CPU"),
        "{explained}"
    );
}

/// SOMD results a local holds stay on the device (`analysis::lazy`, "SOMD results"): the
/// local is a `LazyArr`, its calls pass `LEAVE` and wrap the wrapper's result in
/// `LazyArr::left`, the wrapper runs `run_leaving` and takes its read-only array
/// parameter as a `LazyArr` (other callers wrap theirs), a result handed straight to
/// another call is a temporary `LazyArr`, element reads after the loop fetch single
/// elements and a store goes through `LazyArr::set`.
#[test]
fn somd_results_stay_on_the_device() {
    let (module, sources) = compile(
        r#"
public class Main {
    static long[] relax(dist long[] x, long k) {
        long[] r = new long[x.length];
        for (int i = 0; i < x.length; i++) {
            r[i] = x[i] / 2 + k;
        }
        return r;
    }

    public static void main(String[] args) {
        long[] x = new long[1000];
        x[3] = 7;
        for (int it = 0; it < 10; it++) {
            x = relax(x, it);
        }
        long[] y = relax(relax(x, 1), 2);
        long[] z = relax(new long[5], 3);
        System.out.println(x[1] + x[999] + y[0] + z[0]);
    }
}
"#,
    );
    let text = write_main(&module, &sources, "test").unwrap();
    assert!(text.contains("let mut x: rt::device::LazyArr<i64> ="), "{text}");
    // `x` is replaced by the call's result: bit 0 of `moved` too.
    let call = "rt::device::LazyArr::left(\n                Main_relax_somd(&x, it as i64, rt::device::LEAVE | 1, &POS_";
    assert!(text.contains(call), "{text}");
    assert!(text.contains("rt::device::run_leaving(&K_Main_relax, &device_args, &["), "{text}");
    assert!(text.contains("x: &rt::device::LazyArr<i64>,"), "{text}");
    assert!(text.contains("let x: &Array<i64> = x.read();"), "{text}");
    // `relax(x, 1)` goes to the outer call as a temporary left on the device.
    let inner = "rt::device::LazyArr::left(Main_relax_somd(&x, 1i64, rt::device::LEAVE, &POS_";
    assert!(text.contains(inner), "{text}");
    assert!(text.contains("Main_relax_somd(&_e21_0, _e22_1, rt::device::LEAVE, &POS_"), "{text}");
    // A host-made array crosses wrapped; the store and the single reads name the local.
    assert!(text.contains("rt::device::LazyArr::from_host("), "{text}");
    assert!(text.contains("x.set(3i32, 7i64, &POS_"), "{text}");
    assert!(text.contains("x.get(1i32,"), "{text}");
}

/// The lazy arguments of a `@` cost its CPU path nothing: a SOMD result mapped by a `@`
/// (`LazyArr::map_arg`) is read in place rather than frozen into a copy, and a `@`
/// result's host copy is found once for the whole map rather than at every element (a
/// `Lazy`'s host copy is behind an atomic that no loop hoists).
#[test]
fn lazy_arguments_of_a_map_are_read_in_place_on_the_cpu() {
    let (module, sources) = compile(
        r#"
public class Main {
    static double[] step(dist double[] a) {
        double[] out = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] * 0.75 + 1.0;
        }
        return out;
    }

    static local double half(double v) {
        return v * 0.5;
    }

    public static void main(String[] args) {
        double[] z = new double[1000];
        double t = 0;
        for (int r = 0; r < 5; r++) {
            z = step(z);
            double[[]] h = Main @ half(z);
            t += h[r];
            double[[]] q = Main @ half(h);
            t += + ! q;
        }
        System.out.println(t);
    }
}
"#,
    );
    let text = write_main(&module, &sources, "test").unwrap();
    let bound = |source: &str| {
        let at = text.find(&format!(" = {source};"))?;
        Some(text[..at].rsplit("let ").next()?.to_string())
    };
    // `z` is read where it is: no frozen copy of its host elements.
    assert!(!text.contains("freeze_lazy"), "{text}");
    assert!(text.contains(" = z.map_arg(&POS_"), "{text}");
    // `h` crosses as it is; the CPU path of the second `@` reads its host copy once.
    let h = bound("h.clone()").unwrap_or_else(|| panic!("{text}"));
    assert!(text.contains(&format!("let {h} = {h}.host();")), "{text}");
}
