//! Saxpy (`samples/saxpy.somd`): `alpha * x[i] + y[i]` in `float`, computed twice as the
//! sample does (its SOMD method and its `@` map), then a `double` checksum.
//!
//! The kernel region is the first computation, the one the sample's SOMD method performs
//! (the generated program reports only SOMD method calls).

use crate::{printf, size_arg, Outcome};
use rayon::prelude::*;
use somd_runtime::java::{float_to_string, Arg, Random};
use std::time::Instant;

fn saxpy(alpha: f32, x: &[f32], y: &[f32], parallel: bool) -> Vec<f32> {
    if parallel {
        x.par_iter().zip(y.par_iter()).map(|(x, y)| alpha * x + y).collect()
    } else {
        x.iter().zip(y).map(|(x, y)| alpha * x + y).collect()
    }
}

/// Runs the benchmark with the sample's arguments `[N]`.
pub fn run(args: &[String], parallel: bool) -> Result<Outcome, String> {
    let n = size_arg(args, 0, 100_000)?;
    let alpha = 1.5f32;
    let mut random = Random::with_seed(1);
    let mut x = vec![0.0f32; n];
    let mut y = vec![0.0f32; n];
    for i in 0..n {
        x[i] = random.next_float();
        y[i] = random.next_float();
    }

    let started = Instant::now();
    let somd = saxpy(alpha, &x, &y, parallel);
    let kernel = started.elapsed();
    let mapped = saxpy(alpha, &x, &y, parallel);

    let mut checksum = 0.0f64;
    for value in &somd {
        checksum += f64::from(*value);
    }
    let agree = somd.len() == mapped.len() && somd.iter().zip(&mapped).all(|(a, b)| a == b);
    let mut stdout = format!(
        "saxpy n={n}\nresult[0] {} result[n-1] {}\n",
        float_to_string(somd[0]),
        float_to_string(somd[n - 1])
    );
    stdout += &printf("checksum %.6f%n", &[Arg::Double(checksum)])?;
    stdout += if agree { "SOMD and @ agree\n" } else { "SOMD and @ differ\n" };
    Ok(Outcome { stdout, kernel })
}
