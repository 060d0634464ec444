//! The SAD idiom's recogniser (`analysis::sad`, note `device-execution`, "The SAD idiom"):
//! the accepted forms, with the library's `Math.abs` and with the built-in one, and loops
//! that look alike but do not add `|a[i] - b[i]|` over `0 .. a.length` (or `b.length`).

use somd_diag::SourceMap;
use somd_syntax::ast::IdGen;

const SOURCE: &str = r#"
class Main {
    static local int plain(int[[]] a, int[[]] b) {
        int sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += Math.abs(a[i] - b[i]);
        }
        return sum;
    }
    static local int other(int[[]] a, int[[]] b) {
        int s = 7;
        for (int j = 0; j < b.length; ++j) {
            s = s + Math.abs(b[j] - a[j]);
        }
        for (int j = 0; j < a.length; j += 1) {
            s = Math.abs(a[j] - b[j]) + s;
        }
        for (int j = 0; j < a.length; j = j + 1) {
            s += Math.abs(a[j] - b[j]);
        }
        return s;
    }
    static local int near(int[[]] a, int[[]] b) {
        int s = 0;
        for (int i = 1; i < a.length; i++) { s += Math.abs(a[i] - b[i]); }
        for (int i = 0; i <= a.length; i++) { s += Math.abs(a[i] - b[i]); }
        for (int i = 0; i < a.length; i++) { s += Math.abs(a[i] - b[i]) * 2; }
        for (int i = 0; i < a.length; i++) { s += Math.abs(a[i] + b[i]); }
        for (int i = 0; i < a.length; i++) { s += Math.abs(a[i] - b[i + 1]); }
        for (int i = 0; i < a.length; i += 2) { s += Math.abs(a[i] - b[i]); }
        for (int i = 0; i < a.length; i++) { s += Math.abs(a[i] - a[i]); }
        for (int i = 0; i < a.length; i++) { s += Math.abs(a[i] - b[i]); s++; }
        for (int i = 0; i < a.length; i++) { s -= Math.abs(a[i] - b[i]); }
        for (int i = 0; i < a.length; i++) { s += mine(a[i] - b[i]); }
        long t = 0;
        for (int i = 0; i < a.length; i++) { t += Math.abs(a[i] - b[i]); }
        return s + (int) t;
    }
    static local int mine(int x) {
        return x < 0 ? x : -x;
    }
    public static void main(String[] args) {
        int[[]] a = new int[[]](new int[4]);
        System.out.println(plain(a, a) + other(a, a) + near(a, a));
    }
}
"#;

/// The SAD loops of each function, as (bound is `a`, minuend is the first parameter).
fn loops(with_library: bool) -> Vec<(String, Vec<(bool, bool)>)> {
    let mut sources = SourceMap::new();
    let ids = IdGen::new();
    let file = sources.add("sad.somd", SOURCE);
    let (unit, diags) = somd_syntax::parse(file, SOURCE, &ids);
    assert!(!diags.iter().any(|d| d.is_error()), "{diags:?}");
    let (program, diags) = if with_library {
        somd_sema::check_with_stdlib(vec![unit], &ids)
    } else {
        somd_sema::check(vec![unit])
    };
    assert!(!diags.iter().any(|d| d.is_error()), "{diags:?}");
    let module = somd_mir::lower(&program, &sources);
    ["Main.plain", "Main.other", "Main.near"]
        .iter()
        .map(|name| {
            let f = module.functions.iter().find(|f| f.name == *name).expect("function");
            let found = somd_mir::analysis::sad::sad_loops(&module, f)
                .iter()
                .map(|l| (l.bound == f.params[0], l.a == f.params[0]))
                .collect();
            (name.to_string(), found)
        })
        .collect()
}

#[test]
fn sad_loops_are_recognised_in_their_accepted_forms_only() {
    for with_library in [false, true] {
        let found = loops(with_library);
        let want = [
            ("Main.plain".to_string(), vec![(true, true)]),
            ("Main.other".to_string(), vec![(false, false), (true, true), (true, true)]),
            ("Main.near".to_string(), vec![]),
        ];
        assert_eq!(found, want, "with the library: {with_library}");
    }
}
