//! Tests of the fusion of host statements into one kernel (`analysis::fuse`): which runs of
//! `x = op ! (C @ f(..))` statements (with or without the `@` that produces their array)
//! become one kernel, and why neighbouring ones do not (`somdc explain`).

mod common;

use common::{run, Outcome};
use somd_mir::analysis::{analyze, KernelKind, ProgramInfo};
use somd_mir::Module;

fn source(main: &str) -> String {
    format!(
        "value class Price {{
            float call;
            float put;
            Price(float call, float put) {{ this.call = call; this.put = put; }}
        }}
        value class Poly {{
            double[[]] coef;
            Poly(double[[]] coef) {{ this.coef = coef; }}
        }}
        public class Main {{
            static local double eval(Poly p, double x) {{ return p.coef.length * x; }}
            static local int degree(Poly p) {{ return p.coef.length; }}
            static local double twice(double y) {{ return y * 2; }}
            static local Price price(float s, float k) {{ return new Price(s - k, k - s); }}
            static local double callOf(Price p) {{ return p.call; }}
            static local double putOf(Price p) {{ return p.put; }}
            static local double scaled(int x, Price p) {{ return x * p.call; }}
            static local int sq(int x) {{ return x * x; }}
            static local int neg(int x) {{ return -x; }}
            static local int fact(int x) {{ return x <= 1 ? 1 : x * fact(x - 1); }}
            public static void main(String[] args) {{
                float[[]] stocks = new float[[]]{{1.0f, 2.0f, 3.0f}};
                int[[]] a = new int[[]]{{1, 2, 3}};
                int[[]] b = new int[[]]{{4, 5, 6}};
                Poly[[]] polys = new Poly[[]]{{new Poly(new double[[]]{{1.0}}), new Poly(new double[[]]{{}})}};
                {main}
            }}
        }}"
    )
}

fn analysed(main: &str) -> (Module, ProgramInfo) {
    let source = source(main);
    match run(&[("test.somd", &source)]) {
        Outcome::Lowered(module, Ok(())) => {
            let info = analyze(&module);
            (*module, info)
        }
        Outcome::Lowered(_, Err(errors)) => panic!("MIR does not verify: {errors:?}"),
        Outcome::Rejected(errors) => panic!("program rejected: {errors:?}"),
    }
}

/// (producer fused, number of `!`s) per group, and the reasons of the notes.
fn summary(main: &str) -> (Vec<(bool, usize)>, Vec<String>) {
    let (_, info) = analysed(main);
    let groups = info.fused.iter().map(|g| (g.producer.is_some(), g.reductions.len())).collect();
    let notes = info.fusion_notes.iter().map(|n| n.why.clone()).collect();
    (groups, notes)
}

#[test]
fn black_scholes_shape_is_one_kernel_with_its_producer() {
    let (module, info) = analysed(
        "Price[[]] prices = Main @ price(stocks, 2.0f);
         double calls = + ! (Main @ callOf(prices));
         double puts = + ! (Main @ putOf(prices));
         System.out.println(prices[0].call + calls + puts);",
    );
    assert_eq!(info.fused.len(), 1, "{:?}", info.fusion_notes);
    let g = &info.fused[0];
    assert!(g.producer.is_some());
    assert_eq!(g.reductions.len(), 2);
    let KernelKind::FusedMapReduce { producer, reductions, args, .. } =
        &info.kernels[g.kernel].kind
    else {
        panic!("not a fused kernel: {:?}", info.kernels[g.kernel].kind);
    };
    let names: Vec<&str> =
        reductions.iter().map(|(f, _, _)| module.function(*f).name.as_str()).collect();
    assert_eq!(names, ["Main.callOf", "Main.putOf"]);
    assert_eq!(
        producer.as_ref().map(|(f, _)| module.function(*f).name.as_str()),
        Some("Main.price")
    );
    // The kernel maps the producer's arguments: the stocks and the broadcast strike.
    assert_eq!(args.len(), 2);
}

#[test]
fn sibling_reductions_over_the_same_arrays_fuse() {
    let (groups, notes) = summary(
        "int s = + ! (Main @ sq(a));
         int lo = min ! (Main @ neg(a));
         int hi = max ! (Main @ sq(a));
         System.out.println(s + lo + hi);",
    );
    assert_eq!(groups, [(false, 3)]);
    assert!(notes.is_empty(), "{notes:?}");
}

#[test]
fn assignments_fuse_as_declarations_do() {
    let (groups, _) = summary(
        "int s = 0; int t = 0;
         s = + ! (Main @ sq(a));
         t = + ! (Main @ neg(a));
         System.out.println(s + t);",
    );
    assert_eq!(groups, [(false, 2)]);
}

#[test]
fn different_mapped_arrays_are_not_fused() {
    let (groups, notes) = summary(
        "int s = + ! (Main @ sq(a));
         int t = + ! (Main @ sq(b));
         System.out.println(s + t);",
    );
    assert!(groups.is_empty());
    assert_eq!(
        notes,
        ["their `@`s take different arguments (`a` and `b`; fused `@`s pass the same locals, mapped or broadcast alike)"]
    );
}

#[test]
fn a_statement_in_between_is_not_fused() {
    let (groups, notes) = summary(
        "int s = + ! (Main @ sq(a));
         System.out.println(s);
         int t = + ! (Main @ neg(a));
         System.out.println(t);",
    );
    assert!(groups.is_empty());
    assert_eq!(notes, ["1 statement(s) between them"]);
}

#[test]
fn a_reassigned_array_is_not_fused() {
    let (groups, notes) = summary(
        "int s = + ! (Main @ sq(a));
         a = b;
         int t = + ! (Main @ neg(a));
         System.out.println(s + t);",
    );
    assert!(groups.is_empty());
    assert_eq!(notes, ["`a` is assigned between them"]);
}

#[test]
fn a_cpu_only_callee_is_not_fused() {
    let (groups, notes) = summary(
        "int s = + ! (Main @ sq(a));
         int t = + ! (Main @ fact(a));
         System.out.println(s + t);",
    );
    assert!(groups.is_empty());
    assert_eq!(notes.len(), 1);
    assert_eq!(
        notes,
        ["this `!` its `@` runs on the CPU (recursive call of `Main.fact` (OpenCL C has no recursion))"]
    );
}

#[test]
fn a_broadcast_object_is_named_by_the_note() {
    // A fused kernel declares no struct arguments: the note names the argument and its type.
    let (groups, notes) = summary(
        "Price p = new Price(1.0f, 2.0f);
         int s = + ! (Main @ sq(a));
         double t = + ! (Main @ scaled(a, p));
         System.out.println(s + t);",
    );
    assert!(groups.is_empty(), "{groups:?}");
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(
        notes[0].ends_with(
            "has argument 2 (broadcast, of type Price), which the fused kernel does not declare \
             (it takes primitives and value-class elements mapped, primitives and 1-D/2-D \
             arrays broadcast)"
        ),
        "{notes:?}"
    );
}

#[test]
fn objects_holding_arrays_are_not_fused() {
    // A construct passes the leaves of an object holding arrays after its declared
    // arguments, where a fused kernel has arguments of its own: no fused kernel, and
    // `somdc explain` says why rather than announcing one.
    let why = "a class holding arrays (a fused kernel does not declare the leaves of such \
               objects)";
    let (groups, notes) = summary(
        "int s = + ! (Main @ degree(polys));
         double t = + ! (Main @ eval(polys, 2.0));
         System.out.println(s + t);",
    );
    assert!(groups.is_empty(), "{groups:?}");
    assert_eq!(notes, [format!("the first `!` its `@` has an argument of `Poly`, {why}")]);
    // A producer mapping such objects: its reductions are not fused with it.
    let main = "double[[]] ys = Main @ eval(polys, 1.5);
                double s = + ! (Main @ twice(ys));
                double t = max ! (Main @ twice(ys));
                System.out.println(s + t);";
    let (module, info) = analysed(main);
    let groups: Vec<_> =
        info.fused.iter().map(|g| (g.producer.is_some(), g.reductions.len())).collect();
    assert_eq!(groups, [(false, 2)]);
    let notes: Vec<&str> = info.fusion_notes.iter().map(|n| n.why.as_str()).collect();
    let note = format!("the `@` has an argument of `Poly`, {why}");
    assert_eq!(notes, [note.as_str()]);
    let source = source(main);
    let mut sources = somd_diag::SourceMap::new();
    sources.add("test.somd", source.as_str());
    let text = somd_mir::analysis::explain(&module, &info, &sources);
    let line = text.lines().find(|l| l.contains("not fused with test.somd:"));
    let line = line.unwrap_or_else(|| panic!("no note in\n{text}"));
    assert!(line.ends_with(&note), "{line}");
}
