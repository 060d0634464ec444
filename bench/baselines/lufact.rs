//! JavaGrande LUFact (`samples/lufact.somd`): LINPACK `dgefa` (LU factorisation with
//! partial pivoting) of JavaGrande's pseudo-random matrix, stored by columns, then `dgesl`.
//!
//! The kernel region is the column updates of every elimination step (the sample's SOMD
//! method `eliminate`, called once per pivot column), summed over the steps; the pivot
//! search, the scaling of the pivot column and the solve are outside it, as in the
//! sample. Each column's update is independent of the others, so rayon updates columns in
//! parallel and the result is the same for every thread count.

use crate::{printf, size_arg, Outcome};
use rayon::prelude::*;
use somd_runtime::java::{double_to_string, Arg};
use std::time::{Duration, Instant};

/// JavaGrande's `matgen`: the matrix by columns and `b = A * (1, .., 1)`.
fn matgen(n: usize) -> (Vec<Vec<f64>>, Vec<f64>) {
    let mut seed: i32 = 1325;
    let mut a = vec![vec![0.0f64; n]; n];
    for column in &mut a {
        for value in column.iter_mut() {
            // 3125 * seed < 3125 * 65536 fits in an int; seed stays non-negative.
            seed = 3125 * seed % 65536;
            *value = (f64::from(seed) - 32768.0) / 16384.0;
        }
    }
    let mut b = vec![0.0f64; n];
    for column in &a {
        for (bi, aij) in b.iter_mut().zip(column) {
            *bi += aij;
        }
    }
    (a, b)
}

/// Swaps rows `l` and `k` of column `col_j` and adds `t * col_k` below row `k`.
fn update_column(col_j: &mut [f64], col_k: &[f64], k: usize, l: usize) {
    let t = col_j[l];
    if l != k {
        col_j[l] = col_j[k];
        col_j[k] = t;
    }
    for (cj, ck) in col_j[k + 1..].iter_mut().zip(&col_k[k + 1..]) {
        *cj += t * ck;
    }
}

/// Index of the first element of largest magnitude.
fn idamax(dx: &[f64]) -> usize {
    let mut best = 0;
    let mut dmax = dx[0].abs();
    for (i, d) in dx.iter().enumerate().skip(1) {
        if d.abs() > dmax {
            best = i;
            dmax = d.abs();
        }
    }
    best
}

/// `dgefa`: factors `a` in place, returns the pivot indices and the kernel time.
fn dgefa(a: &mut [Vec<f64>], parallel: bool) -> (Vec<usize>, Duration) {
    let n = a.len();
    let mut ipvt = vec![0usize; n];
    let mut kernel = Duration::ZERO;
    for k in 0..n - 1 {
        let (left, right) = a.split_at_mut(k + 1);
        let col_k = &mut left[k];
        let l = idamax(&col_k[k..]) + k;
        ipvt[k] = l;
        if col_k[l] != 0.0 {
            if l != k {
                col_k.swap(l, k);
            }
            let t = -1.0 / col_k[k];
            for value in &mut col_k[k + 1..] {
                *value *= t;
            }
            let col_k: &[f64] = col_k;
            let started = Instant::now();
            if parallel {
                right.par_iter_mut().for_each(|col_j| update_column(col_j, col_k, k, l));
            } else {
                for col_j in right.iter_mut() {
                    update_column(col_j, col_k, k, l);
                }
            }
            kernel += started.elapsed();
        }
    }
    ipvt[n - 1] = n - 1;
    (ipvt, kernel)
}

/// `dgesl` with job = 0: solves `A * x = b` in place of `b`.
fn dgesl(a: &[Vec<f64>], ipvt: &[usize], b: &mut [f64]) {
    let n = a.len();
    for k in 0..n - 1 {
        let l = ipvt[k];
        let t = b[l];
        if l != k {
            b[l] = b[k];
            b[k] = t;
        }
        for i in k + 1..n {
            b[i] += t * a[k][i];
        }
    }
    for kb in 0..n {
        let k = n - (kb + 1);
        b[k] /= a[k][k];
        let t = -b[k];
        for i in 0..k {
            b[i] += t * a[k][i];
        }
    }
}

/// Runs the benchmark with the sample's arguments `[N]`.
pub fn run(args: &[String], parallel: bool) -> Result<Outcome, String> {
    let n = size_arg(args, 0, 200)?;
    if n < 2 {
        return Err(format!("lufact needs N >= 2, got {n}"));
    }
    let (mut a, mut b) = matgen(n);
    let (ipvt, kernel) = dgefa(&mut a, parallel);
    dgesl(&a, &ipvt, &mut b);

    let mut max_error = 0.0f64;
    let mut total = 0.0f64;
    for bi in &b {
        max_error = somd_runtime::java::math::max_f64(max_error, (bi - 1.0).abs());
        total += bi;
    }
    let mut stdout = format!("lufact n={n}\n");
    stdout += &printf("sum of x %.6f%n", &[Arg::Double(total)])?;
    if max_error < 1e-8 {
        stdout += "max error below 1e-8\n";
    } else {
        stdout += &format!("max error {}\n", double_to_string(max_error));
    }
    // Pivot indices are below n < 2^31: they came from Java ints.
    let checksum = ipvt[0] + 31 * ipvt[n / 2] + 961 * ipvt[n - 2];
    stdout += &printf("pivot checksum %d%n", &[Arg::Int(checksum as i32)])?;
    Ok(Outcome { stdout, kernel })
}
