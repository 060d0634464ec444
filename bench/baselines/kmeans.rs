//! K-Means (`samples/kmeans.somd`): integer points around K centres, assigned to the
//! nearest centre, then per-cluster sums recompute the centres, until they no longer
//! move or ITERATIONS steps are done. Sums are `long`, so every step is exact.
//!
//! The kernel region is the per-cluster sums (the sample's SOMD method `clusterSums`,
//! once per iteration); the assignments are the sample's `@` maps, which the generated
//! program does not report.

use crate::{int_arg, size_arg, Outcome};
use rayon::prelude::*;
use somd_runtime::java::Random;
use std::time::{Duration, Instant};

/// The sample's value class `Point`.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Point {
    x: i32,
    y: i32,
}

/// The sample's `nearest`: the index of the nearest centre, the lowest on ties.
fn nearest(p: Point, centres: &[Point]) -> i32 {
    let mut best = 0usize;
    let mut best_distance = i64::MAX;
    for (c, centre) in centres.iter().enumerate() {
        // Java subtracts the ints, then widens the difference to long.
        let dx = i64::from(p.x.wrapping_sub(centre.x));
        let dy = i64::from(p.y.wrapping_sub(centre.y));
        let d = dx.wrapping_mul(dx).wrapping_add(dy.wrapping_mul(dy));
        if d < best_distance {
            best_distance = d;
            best = c;
        }
    }
    // k came from a Java int.
    best as i32
}

fn assign(points: &[Point], centres: &[Point], parallel: bool) -> Vec<i32> {
    if parallel {
        points.par_iter().map(|&p| nearest(p, centres)).collect()
    } else {
        points.iter().map(|&p| nearest(p, centres)).collect()
    }
}

/// Adds one point to a (sum x, sum y, count) table.
fn add_point(mut sums: Vec<i64>, (p, &c): (&Point, &i32)) -> Vec<i64> {
    let c = 3 * c as usize;
    sums[c] += i64::from(p.x);
    sums[c + 1] += i64::from(p.y);
    sums[c + 2] += 1;
    sums
}

/// The sample's `clusterSums`: entries 3c, 3c+1, 3c+2 hold cluster c's sum of x, sum of y
/// and count.
fn cluster_sums(points: &[Point], membership: &[i32], k: usize, parallel: bool) -> Vec<i64> {
    if parallel {
        points.par_iter().zip(membership.par_iter()).fold(|| vec![0i64; 3 * k], add_point).reduce(
            || vec![0i64; 3 * k],
            |mut a, b| {
                a.iter_mut().zip(&b).for_each(|(a, b)| *a += b);
                a
            },
        )
    } else {
        points.iter().zip(membership).fold(vec![0i64; 3 * k], add_point)
    }
}

/// Runs the benchmark with the sample's arguments `[N] [K] [ITERATIONS]`.
pub fn run(args: &[String], parallel: bool) -> Result<Outcome, String> {
    let n = size_arg(args, 0, 20_000)?;
    let k_int = int_arg(args, 1, 8)?;
    let k = size_arg(args, 1, 8)?;
    let iterations = int_arg(args, 2, 10)?;
    if n < k {
        return Err(format!("kmeans needs N >= K, got N = {n}, K = {k}"));
    }
    let mut random = Random::with_seed(7);
    let mut points = Vec::with_capacity(n);
    for _ in 0..n {
        let cluster = random.next_int_bounded(k_int).map_err(|e| format!("{e:?}"))?;
        // Java's `(int)` of a double saturates, as `as` does.
        let x = cluster * 1000 + (random.next_gaussian() * 150.0) as i32;
        let y = (cluster % 3) * 1000 + (random.next_gaussian() * 150.0) as i32;
        points.push(Point { x, y });
    }

    let mut centre_array: Vec<Point> = points[..k].to_vec();
    let mut centres = centre_array.clone();
    let mut membership = assign(&points, &centres, parallel);
    let mut kernel = Duration::ZERO;
    let mut stdout = String::new();
    for it in 0..iterations {
        let started = Instant::now();
        let sums = cluster_sums(&points, &membership, k, parallel);
        kernel += started.elapsed();
        for (c, centre) in centre_array.iter_mut().enumerate() {
            let count = sums[3 * c + 2];
            if count > 0 {
                // Java's `(int)` of a long keeps the low 32 bits.
                *centre =
                    Point { x: (sums[3 * c] / count) as i32, y: (sums[3 * c + 1] / count) as i32 };
            }
        }
        if centre_array == centres {
            stdout += &format!("converged after {it} iterations\n");
            break;
        }
        centres.clone_from(&centre_array);
        membership = assign(&points, &centres, parallel);
    }

    let mut sizes = vec![0i32; k];
    for &c in &membership {
        sizes[c as usize] += 1;
    }
    stdout += &format!("kmeans n={n} k={k}\n");
    for (c, (centre, size)) in centres.iter().zip(&sizes).enumerate() {
        stdout += &format!("centre {c}: ({}, {}) size {size}\n", centre.x, centre.y);
    }
    Ok(Outcome { stdout, kernel })
}
