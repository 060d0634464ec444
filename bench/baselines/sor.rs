//! Jacobi successive over-relaxation (`samples/sor.somd`): double-buffered sweeps over an
//! N×N grid (`next` from `g`, then `g` from `next`), then the sum of the interior of `g`.

use crate::{int_arg, printf, size_arg, Outcome};
use rayon::prelude::*;
use somd_runtime::java::{Arg, Random};
use std::time::Instant;

const OMEGA: f64 = 0.8;

/// One relaxation of interior row `i` of `g` (row-major, `n` wide) into `out`.
fn relax_row(g: &[f64], n: usize, i: usize, out: &mut [f64]) {
    let omega_over_four = OMEGA * 0.25;
    let one_minus_omega = 1.0 - OMEGA;
    let (up, row, down) = (&g[(i - 1) * n..i * n], &g[i * n..(i + 1) * n], &g[(i + 1) * n..]);
    for j in 1..n - 1 {
        out[j] = omega_over_four * (up[j] + down[j] + row[j - 1] + row[j + 1])
            + one_minus_omega * row[j];
    }
}

/// Sum of the interior of row `row` (its first and last cells excluded).
fn interior_sum(row: &[f64]) -> f64 {
    row[1..row.len() - 1].iter().sum()
}

/// Runs the benchmark with the sample's arguments `[N] [ITERATIONS]`.
pub fn run(args: &[String], parallel: bool) -> Result<Outcome, String> {
    let n = size_arg(args, 0, 100)?;
    let iterations = int_arg(args, 1, 100)?;
    if n < 3 {
        return Err(format!("the grid must be at least 3×3, got {n}"));
    }
    let mut random = Random::with_seed(10101010);
    let mut g = vec![0.0f64; n * n];
    for cell in g.iter_mut() {
        *cell = random.next_double() * 1e-6;
    }
    let mut next = g.clone();

    let started = Instant::now();
    for _ in 0..iterations {
        if parallel {
            let g_ref = &g;
            next.par_chunks_mut(n).enumerate().for_each(|(i, out)| {
                if i > 0 && i < n - 1 {
                    relax_row(g_ref, n, i, out);
                }
            });
            g.par_chunks_mut(n).zip(next.par_chunks(n)).enumerate().for_each(|(i, (row, from))| {
                if i > 0 && i < n - 1 {
                    row[1..n - 1].copy_from_slice(&from[1..n - 1]);
                }
            });
        } else {
            for i in 1..n - 1 {
                relax_row(&g, n, i, &mut next[i * n..(i + 1) * n]);
            }
            for i in 1..n - 1 {
                g[i * n + 1..(i + 1) * n - 1].copy_from_slice(&next[i * n + 1..(i + 1) * n - 1]);
            }
        }
    }
    let interior = &g[n..(n - 1) * n];
    let g_total: f64 = if parallel {
        interior.par_chunks(n).map(interior_sum).collect::<Vec<f64>>().iter().sum()
    } else {
        let mut total = 0.0;
        for row in interior.chunks(n) {
            for &cell in &row[1..n - 1] {
                total += cell;
            }
        }
        total
    };
    let kernel = started.elapsed();

    let mut stdout = format!("sor n={n} iterations={iterations}\n");
    stdout += &printf("Gtotal %.12e%n", &[Arg::Double(g_total)])?;
    Ok(Outcome { stdout, kernel })
}
