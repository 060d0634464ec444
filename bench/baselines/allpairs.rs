//! All-Pairs distance (`samples/allpairs.somd`, the Parakeet paper's benchmark): the
//! Euclidean distance of every row of `xs` to every row of `ys`, each summing the squared
//! differences in dimension order in `f32`, so every thread count gives the same matrix.
//!
//! The kernel region is the distance matrix (the sample's SOMD method `distances`).

use crate::{size_arg, Outcome};
use rayon::prelude::*;
use somd_runtime::java::Random;
use std::time::Instant;

/// `count` vectors of `dims` floats in `[-1, 1)`, one row after another.
fn vectors(random: &mut Random, count: usize, dims: usize) -> Vec<f32> {
    (0..count * dims).map(|_| random.next_float() * 2.0f32 - 1.0f32).collect()
}

/// The distances of vector `x` to each vector of `ys` (rows of `x.len()` floats), into `row`.
fn distances_of(x: &[f32], ys: &[f32], row: &mut [f32]) {
    for (out, y) in row.iter_mut().zip(ys.chunks_exact(x.len())) {
        let mut sum = 0.0f32;
        for (a, b) in x.iter().zip(y) {
            let d = a - b;
            sum += d * d;
        }
        // Java's `(float) Math.sqrt(sum)`: the double root rounded to float.
        *out = f64::from(sum).sqrt() as f32;
    }
}

/// Runs the benchmark with the sample's arguments `[N] [M] [DIMS]`.
pub fn run(args: &[String], parallel: bool) -> Result<Outcome, String> {
    let n = size_arg(args, 0, 100)?;
    let m = size_arg(args, 1, 80)?;
    let dims = size_arg(args, 2, 16)?;
    if n == 0 || m == 0 || dims == 0 {
        return Err("allpairs needs at least one vector of each list and one dimension".into());
    }
    let mut random = Random::with_seed(2011);
    let xs = vectors(&mut random, n, dims);
    let ys = vectors(&mut random, m, dims);

    let started = Instant::now();
    let mut d = vec![0.0f32; n * m];
    if parallel {
        d.par_chunks_mut(m).zip(xs.par_chunks(dims)).for_each(|(row, x)| distances_of(x, &ys, row));
    } else {
        for (row, x) in d.chunks_mut(m).zip(xs.chunks(dims)) {
            distances_of(x, &ys, row);
        }
    }
    let kernel = started.elapsed();

    let stdout = somd_bench::allpairs::report(n, m, dims, &d)?;
    Ok(Outcome { stdout, kernel })
}
