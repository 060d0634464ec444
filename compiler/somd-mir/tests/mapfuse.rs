//! Tests of the fusion of a `@` into the `@` that consumes its result
//! (`analysis::mapfuse`): which pairs of statements become one kernel, and why the others
//! do not (`somdc explain`).

mod common;

use common::{run, Outcome};
use somd_diag::SourceMap;
use somd_mir::analysis::{analyze, KernelKind, ProgramInfo};
use somd_mir::Module;

fn program(main: &str) -> String {
    format!(
        "value class Cell {{
            int lo;
            int hi;
            Cell(int lo, int hi) {{ this.lo = lo; this.hi = hi; }}
        }}
        public class Main {{
            static local Cell cell(int x, int y) {{ return new Cell(x - y, x + y); }}
            static local int width(Cell c, int k) {{ return (c.hi - c.lo) * k; }}
            static local int sq(int x) {{ return x * x; }}
            static local int half(int x) {{ return x / 2; }}
            static local int ratio(int x, int d) {{ return x / d; }}
            static local int at(int i, int[[]] t) {{ return t[i]; }}
            static local int plus(int a, int b) {{ return a + b; }}
            static local int sum(int[[]] t, int x) {{ return t.length + x; }}
            static local double asDouble(int x) {{ return x; }}
            static local double eval(Poly p, double x) {{ return p.coef.length * x; }}
            static local double scaled(Poly p, double y) {{ return p.coef.length * y; }}
            static local double twice(double y) {{ return y * 2; }}
            public static void main(String[] args) {{
                int[[]] a = new int[[]]{{1, 2, 3}};
                int[[]] b = new int[[]]{{4, 5, 6}};
                Poly[[]] polys = new Poly[[]]{{new Poly(new double[[]]{{1.0}}), new Poly(new double[[]]{{}})}};
                {main}
            }}
        }}
        value class Poly {{
            double[[]] coef;
            Poly(double[[]] coef) {{ this.coef = coef; }}
        }}"
    )
}

fn analysed(main: &str) -> (Module, ProgramInfo) {
    let source = program(main);
    match run(&[("test.somd", &source)]) {
        Outcome::Lowered(module, Ok(())) => {
            let info = analyze(&module);
            (*module, info)
        }
        Outcome::Lowered(_, Err(errors)) => panic!("MIR does not verify: {errors:?}"),
        Outcome::Rejected(errors) => panic!("program rejected: {errors:?}"),
    }
}

/// [`analysed`] with the `somdc explain` text.
fn explained(main: &str) -> (Module, ProgramInfo, String) {
    let (module, info) = analysed(main);
    let source = program(main);
    let mut sources = SourceMap::new();
    sources.add("test.somd", source.as_str());
    let text = somd_mir::analysis::explain(&module, &info, &sources);
    (module, info, text)
}

/// (producer function, consumer function, slot) per fused pair, and the notes' reasons.
fn summary(main: &str) -> (Vec<(String, String, usize)>, Vec<String>) {
    let (module, info) = analysed(main);
    let pairs = info
        .map_fusions
        .iter()
        .map(|f| {
            let func = &module.functions[f.in_func.0 as usize];
            let name = |e| match &func.expr(e).kind {
                somd_mir::ExprKind::Map { func, .. } => module.function(*func).name.clone(),
                _ => "?".into(),
            };
            (name(f.producer), name(f.consumer), f.slot)
        })
        .collect();
    let notes = info.map_fusion_notes.iter().map(|n| n.why.clone()).collect();
    (pairs, notes)
}

#[test]
fn a_value_class_producer_fuses_into_its_consumer() {
    let (module, info) = analysed(
        "Cell[[]] cells = Main @ cell(a, b);
         int[[]] widths = Main @ width(cells, 3);
         System.out.println(widths[0]);",
    );
    assert_eq!(info.map_fusions.len(), 1, "{:?}", info.map_fusion_notes);
    let f = &info.map_fusions[0];
    assert_eq!((f.slot, f.group), (0, None));
    let KernelKind::FusedMap { args, slot, producer, producer_args, .. } =
        &info.kernels[f.kernel].kind
    else {
        panic!("not a fused map kernel: {:?}", info.kernels[f.kernel].kind);
    };
    assert_eq!(module.function(*producer).name, "Main.cell");
    assert_eq!(module.function(info.kernels[f.kernel].func).name, "Main.width");
    // The consumer's two arguments, then the producer's two mapped ones.
    assert_eq!((args.len(), *slot, producer_args.len()), (2, 0, 2));
}

#[test]
fn the_producer_may_feed_any_mapped_argument() {
    let (pairs, notes) = summary(
        "int[[]] s = Main @ sq(a);
         int[[]] t = Main @ plus(b, s);
         System.out.println(t[0]);",
    );
    assert_eq!(pairs, [("Main.sq".to_string(), "Main.plus".to_string(), 1)], "{notes:?}");
}

#[test]
fn a_result_used_again_is_not_fused() {
    let (pairs, notes) = summary(
        "int[[]] s = Main @ sq(a);
         int[[]] t = Main @ plus(b, s);
         System.out.println(t[0] + s[1]);",
    );
    assert!(pairs.is_empty());
    assert_eq!(notes, ["`s` is used again (the fused kernel never stores it)"]);
    // Twice in the consumer itself.
    let (pairs, notes) = summary(
        "int[[]] s = Main @ sq(a);
         int[[]] t = Main @ plus(s, s);
         System.out.println(t[0]);",
    );
    assert!(pairs.is_empty());
    assert_eq!(notes, ["`s` is used again (the fused kernel never stores it)"]);
}

#[test]
fn a_broadcast_result_is_not_fused() {
    let (pairs, notes) = summary(
        "int[[]] s = Main @ sq(a);
         int[[]] t = Main @ sum(s, b);
         System.out.println(t[0]);",
    );
    assert!(pairs.is_empty());
    assert_eq!(notes, ["`s` is a broadcast argument (every element reads the whole array)"]);
}

#[test]
fn a_producer_that_can_fail_is_fused() {
    // `x / d` may divide by zero: Java reports `ratio`'s failure before any of `at`'s,
    // which the fused kernel keeps by giving `at`'s failures keys after every element.
    let (pairs, notes) = summary(
        "int[[]] r = Main @ ratio(a, 3);
         int[[]] t = Main @ at(r, b);
         System.out.println(t[0]);",
    );
    assert_eq!(pairs.len(), 1, "{pairs:?} {notes:?}");
    assert!(notes.is_empty(), "{notes:?}");
    let (pairs, notes) = summary(
        "int[[]] h = Main @ half(a);
         int[[]] t = Main @ at(h, b);
         System.out.println(t[0]);",
    );
    assert_eq!(pairs.len(), 1, "{pairs:?} {notes:?}");
}

#[test]
fn statements_in_between_or_other_arguments_keep_the_pair_apart() {
    // A statement in between: not a pair at all (nothing to explain).
    let (pairs, notes) = summary(
        "int[[]] s = Main @ sq(a);
         int k = 2;
         int[[]] t = Main @ plus(b, s);
         System.out.println(t[0] + k);",
    );
    assert!(pairs.is_empty() && notes.is_empty(), "{pairs:?} {notes:?}");
    // A consumer argument that is an expression.
    let (pairs, notes) = summary(
        "int[[]] s = Main @ sq(a);
         int[[]] t = Main @ plus(Main @ sq(b), s);
         System.out.println(t[0]);",
    );
    assert!(pairs.is_empty());
    assert_eq!(notes, ["the consumer has an argument that is neither a local nor a constant"]);
}

#[test]
fn a_consumer_fused_with_reductions_takes_the_producer_inline() {
    // MRI-Q's shape: `voxels` feeds `computeQ`, whose result the `!`s read.
    let (module, info) = analysed(
        "Cell[[]] cells = Main @ cell(a, b);
         int[[]] widths = Main @ width(cells, 3);
         double total = + ! (Main @ asDouble(widths));
         System.out.println(widths[0] + total);",
    );
    assert_eq!(info.fused.len(), 1);
    assert_eq!(info.map_fusions.len(), 1, "{:?}", info.map_fusion_notes);
    let f = &info.map_fusions[0];
    assert_eq!(f.group, Some(0));
    let KernelKind::FusedMapReduce { inline: Some((slot, producer, _)), .. } =
        &info.kernels[f.kernel].kind
    else {
        panic!("not an inline fused kernel: {:?}", info.kernels[f.kernel].kind);
    };
    assert_eq!((*slot, module.function(*producer).name.as_str()), (0, "Main.cell"));
    // The statements' own kernel stays, without the inline `@` (the fallback).
    let KernelKind::FusedMapReduce { inline: None, .. } = &info.kernels[info.fused[0].kernel].kind
    else {
        panic!("the statements' kernel changed");
    };
}

#[test]
fn objects_holding_arrays_keep_the_pair_apart() {
    // A construct passes the leaves of an object holding arrays after its declared
    // arguments, where the fused kernel puts the producer's: no fused kernel, and
    // `somdc explain` says why rather than announcing one.
    let (_, info, text) = explained(
        "double[[]] ys = Main @ eval(polys, 1.5);
         double[[]] zs = Main @ twice(ys);
         System.out.println(zs[0]);",
    );
    assert!(info.map_fusions.is_empty(), "{:?}", info.map_fusions);
    let why = "the producer has an argument of `Poly`, a class holding arrays (a fused kernel \
               does not declare the leaves of such objects)";
    let notes: Vec<&str> = info.map_fusion_notes.iter().map(|n| n.why.as_str()).collect();
    assert_eq!(notes, [why]);
    let line = text.lines().find(|l| l.contains("not fused with the `@` at test.somd:"));
    let line = line.unwrap_or_else(|| panic!("no note in\n{text}"));
    assert!(line.ends_with(why), "{line}");
    assert!(!text.contains("fused: "), "{text}");
    // The consumer's object.
    let (pairs, notes) = summary(
        "double[[]] ys = Main @ asDouble(a);
         double[[]] zs = Main @ scaled(polys, ys);
         System.out.println(zs[0]);",
    );
    assert!(pairs.is_empty(), "{pairs:?}");
    assert_eq!(
        notes,
        ["the consumer has an argument of `Poly`, a class holding arrays (a fused kernel does \
          not declare the leaves of such objects)"]
    );
}
