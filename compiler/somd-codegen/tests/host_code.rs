//! The shape of the emitted host code where it decides what the CPU path costs outside
//! the SOMD calls: which stores borrow a row instead of taking a handle on it, and how a
//! matrix result is assembled. Running the code is the end-to-end suite's job
//! (`tests/tests/run.rs`); these tests pin the forms down.

#![allow(clippy::unwrap_used)] // Tests fail loudly.

use somd_codegen::rust::write_main;
use somd_diag::SourceMap;
use somd_syntax::ast::IdGen;

fn emit(text: &str) -> String {
    let mut sources = SourceMap::new();
    let ids = IdGen::new();
    let file = sources.add("Main.somd", text);
    let (unit, diags) = somd_syntax::parse(file, text, &ids);
    assert!(!diags.iter().any(|d| d.is_error()), "{diags:?}");
    let (program, diags) = somd_sema::check(vec![unit]);
    assert!(!diags.iter().any(|d| d.is_error()), "{diags:?}");
    let module = somd_mir::lower(&program, &sources);
    write_main(&module, &sources, "test").unwrap()
}

const PROGRAM: &str = r#"
import java.util.Random;

public class Main {
    static double[][] keep(dist(dim = 1) double[][] a) {
        for (int i = 0; i < a.length; i++) {
            a[i][0] += 1.0;
        }
        return a;
    }

    static double replace(double[][] m) {
        m[0] = new double[2];
        return 2.0;
    }

    public static void main(String[] args) {
        Random random = new Random(5);
        double[][] g = new double[3][2];
        double[][] h = new double[3][2];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 2; j++) {
                g[i][j] = random.nextDouble() * 2.0;
                h[i][j] = replace(h);
            }
        }
        g = keep(g);
        System.out.println(g[0][0] + h[0][0]);
    }
}
"#;

#[test]
fn stores_borrow_the_row_only_across_random_draws() {
    let text = emit(PROGRAM);
    // Drawing a random number replaces no row: the row is borrowed from `g` for the store.
    assert!(text.contains("g.at(i, &POS_"), "{text}");
    assert!(!text.contains("= g.get(i, &POS_"), "{text}");
    // `replace(h)` may replace `h[i]` before the store: the row is taken first and kept.
    assert!(text.contains("= h.get(i, &POS_"), "{text}");
}

#[test]
fn row_partitions_assemble_through_their_dist_argument() {
    let text = emit(PROGRAM);
    // `Dist2::assemble` returns the call's own matrix when the MIs returned their rows.
    assert!(text.contains("dist_0.assemble(partials, pos)"), "{text}");
    assert!(!text.contains("rt::somd::assemble_2d("), "{text}");
}
