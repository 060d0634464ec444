//! JavaGrande SparseMatMult (`samples/sparsematmult.somd`): `y += A * x`, repeated, for a
//! sparse N x N matrix with five random nonzeros per row, stored in coordinate form sorted
//! by row.
//!
//! The kernel region is the products `A * x` (the sample's SOMD method, called once per
//! iteration), not the accumulation into `y`. Each row's products are added in nonzero
//! order, and no row is split between threads (the sample's `RowPartitioner`), so the
//! result is the same for every thread count.

use crate::{int_arg, printf, size_arg, Outcome};
use rayon::prelude::*;
use somd_runtime::java::{Arg, Random};
use std::time::{Duration, Instant};

/// Rows per rayon task: enough work per task to amortise its scheduling.
const ROWS_PER_TASK: usize = 1024;

/// A matrix in coordinate form, sorted by row.
struct Coo {
    val: Vec<f64>,
    row: Vec<usize>,
    col: Vec<usize>,
}

/// `A * x` into a fresh vector, sequentially in nonzero order.
fn multiply_seq(a: &Coo, x: &[f64], n: usize) -> Vec<f64> {
    let mut y = vec![0.0f64; n];
    for ((&v, &r), &c) in a.val.iter().zip(&a.row).zip(&a.col) {
        y[r] += v * x[c];
    }
    y
}

/// `A * x` with rayon: each task owns a block of rows and finds its nonzeros by binary
/// search in the sorted row indices.
fn multiply_rayon(a: &Coo, x: &[f64], n: usize) -> Vec<f64> {
    let mut y = vec![0.0f64; n];
    y.par_chunks_mut(ROWS_PER_TASK).enumerate().for_each(|(block, y_block)| {
        let first_row = block * ROWS_PER_TASK;
        let start = a.row.partition_point(|&r| r < first_row);
        let end = a.row.partition_point(|&r| r < first_row + y_block.len());
        let nonzeros = a.val[start..end].iter().zip(&a.row[start..end]).zip(&a.col[start..end]);
        for ((&v, &r), &c) in nonzeros {
            y_block[r - first_row] += v * x[c];
        }
    });
    y
}

/// Runs the benchmark with the sample's arguments `[N] [ITERATIONS]`.
pub fn run(args: &[String], parallel: bool) -> Result<Outcome, String> {
    let n_int = int_arg(args, 0, 2000)?;
    let n = size_arg(args, 0, 2000)?;
    let iterations = int_arg(args, 1, 10)?;
    let nz_int = n_int.wrapping_mul(5);
    let nz = usize::try_from(nz_int).map_err(|_| format!("negative array size {nz_int}"))?;
    let mut random = Random::with_seed(10_101_010);
    let x: Vec<f64> = (0..n).map(|_| random.next_double()).collect();
    let mut a = Coo { val: Vec::with_capacity(nz), row: Vec::with_capacity(nz), col: Vec::new() };
    a.col.reserve(nz);
    for k in 0..nz {
        a.row.push(k / 5);
        let col = random.next_int_bounded(n_int).map_err(|e| format!("{e:?}"))?;
        a.col.push(usize::try_from(col).map_err(|e| e.to_string())?);
        a.val.push(random.next_double());
    }

    let mut kernel = Duration::ZERO;
    let mut y = vec![0.0f64; n];
    for _ in 0..iterations {
        let started = Instant::now();
        let partial = if parallel { multiply_rayon(&a, &x, n) } else { multiply_seq(&a, &x, n) };
        kernel += started.elapsed();
        for (yi, pi) in y.iter_mut().zip(&partial) {
            *yi += pi;
        }
    }

    let mut ytotal = 0.0f64;
    for yi in &y {
        ytotal += yi;
    }
    let mut stdout = format!("sparsematmult n={n} nz={nz} iterations={iterations}\n");
    stdout += &printf("ytotal %.9f%n", &[Arg::Double(ytotal)])?;
    stdout += &printf("y[0] %.9f y[n-1] %.9f%n", &[Arg::Double(y[0]), Arg::Double(y[n - 1])])?;
    Ok(Outcome { stdout, kernel })
}
