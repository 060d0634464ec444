//! Tests of `analysis::instance`: which instance SOMD methods are lifted to static ones with
//! their receiver's read fields as parameters, and which keep the CPU path.

mod common;

use common::{run, Outcome};
use somd_mir::analysis::instance::lift_fields;
use somd_mir::{FuncKind, Module};

fn module(source: &str) -> Module {
    match run(&[("test.somd", source)]) {
        Outcome::Lowered(module, Ok(())) => module,
        Outcome::Lowered(_, Err(errors)) => panic!("MIR does not verify: {errors:?}"),
        Outcome::Rejected(errors) => panic!("program rejected: {errors:?}"),
    }
}

/// The names of the parameters `T.f` gets when lifted, or `None` when it is not.
fn lifted(body: &str) -> Option<Vec<String>> {
    let source = format!(
        "class T {{\n    int k;\n    double d;\n    int[] w;\n    int[][] m;\n    T o;\n{body}\n    \
         public static void main(String[] args) {{ }}\n}}\n"
    );
    let m = module(&source);
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

#[test]
fn writes_and_other_uses_of_this_are_not_lifted() {
    let cases = [
        // A write to an element of a field array would not reach the receiver's array.
        "out[i] = a[i]; w[i % w.length] = a[i];",
        "out[i] = a[i]; m[0][i % m[0].length] += 1;",
        "out[i] = a[i]; w[0]++;",
        // A write to a field.
        "out[i] = a[i]; k = 3;",
        // A field of reference type, and `this` itself.
        "out[i] = a[i] + (o == null ? 0 : 1);",
        "out[i] = g(a[i]);",
        // A row of a 2-D field used as a value.
        "int[] r = m[0]; out[i] = r[0];",
    ];
    for case in cases {
        let body = format!(
            "    int g(int x) {{ return x; }}\n    int[] f(dist int[] a) {{\n        \
             int[] out = new int[a.length];\n        \
             for (int i = 0; i < a.length; i++) {{\n            {case}\n        }}\n        \
             return out;\n    }}"
        );
        assert_eq!(lifted(&body), None, "{case}");
    }
}
