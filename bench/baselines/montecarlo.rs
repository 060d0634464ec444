//! Monte Carlo π (`samples/montecarlo.somd`): per seed, a 32-bit xorshift generator throws
//! `iterations` points into the unit square; the hit counts are computed twice as the
//! sample does (its `@` map with `+ !`, `min !`, `max !`, and its SOMD `reduce(+)`).
//!
//! The kernel region is the SOMD method's computation (the generated program reports only
//! SOMD method calls).

use crate::{int_arg, printf, size_arg, Outcome};
use rayon::prelude::*;
use somd_runtime::java::{Arg, Random};
use std::time::Instant;

/// The sample's `next`: xorshift with Java's `int` shifts.
fn next(state: i32) -> i32 {
    let mut s = state;
    s ^= s.wrapping_shl(13);
    s ^= ((s as u32) >> 17) as i32;
    s ^= s.wrapping_shl(5);
    s
}

/// The sample's `unit`: the high 24 bits as a `float` in [0, 1).
fn unit(state: i32) -> f32 {
    // `state >>> 8` is below 2^24, so the conversion to float is exact, as in Java.
    ((state as u32) >> 8) as f32 / 16_777_216.0f32
}

/// The sample's `hits`.
fn hits(seed: i32, iterations: i32) -> i32 {
    let mut state = if seed == 0 { 1 } else { seed };
    let mut inside = 0i32;
    for _ in 0..iterations {
        state = next(state);
        let x = unit(state);
        state = next(state);
        let y = unit(state);
        if x * x + y * y <= 1.0f32 {
            inside = inside.wrapping_add(1);
        }
    }
    inside
}

/// Runs the benchmark with the sample's arguments `[SEEDS] [ITERATIONS]`.
pub fn run(args: &[String], parallel: bool) -> Result<Outcome, String> {
    let n = size_arg(args, 0, 1024)?;
    let iterations = int_arg(args, 1, 1000)?;
    let mut random = Random::with_seed(31415);
    let seeds: Vec<i32> = (0..n).map(|_| random.next_int()).collect();

    let counts: Vec<i32> = if parallel {
        seeds.par_iter().map(|&s| hits(s, iterations)).collect()
    } else {
        seeds.iter().map(|&s| hits(s, iterations)).collect()
    };
    let inside = counts.iter().fold(0i32, |acc, &c| acc.wrapping_add(c));
    let fewest = counts.iter().copied().min().unwrap_or(i32::MAX);
    let most = counts.iter().copied().max().unwrap_or(i32::MIN);

    let started = Instant::now();
    let inside_somd: i64 = if parallel {
        seeds.par_iter().map(|&s| i64::from(hits(s, iterations))).sum()
    } else {
        seeds.iter().map(|&s| i64::from(hits(s, iterations))).sum()
    };
    let kernel = started.elapsed();

    // n < 2^31: it came from a Java int.
    let pi = 4.0 * f64::from(inside) / (n as f64 * f64::from(iterations));
    let mut stdout = format!("montecarlo seeds={n} iterations={iterations}\n");
    stdout += &format!("inside {inside} (SOMD {inside_somd})\nper seed min {fewest} max {most}\n");
    stdout += &printf("pi ~ %.6f%n", &[Arg::Double(pi)])?;
    Ok(Outcome { stdout, kernel })
}
