//! JavaGrande Series (`samples/series.somd`): the first N Fourier coefficients of
//! `(x+1)^x` on [0, 2] by the trapezoid rule with 1000 steps.

use crate::{printf, size_arg, Outcome};
use rayon::prelude::*;
use somd_runtime::java::math::pow;
use somd_runtime::java::Arg;
use std::time::Instant;

/// The sample's `omega = 3.1415926535897932`, which rounds to the same `double` as π.
const OMEGA: f64 = std::f64::consts::PI;

fn the_function(x: f64, omegan: f64, select: i32) -> f64 {
    let base = pow(x + 1.0, x);
    match select {
        0 => base,
        1 => base * (omegan * x).cos(),
        _ => base * (omegan * x).sin(),
    }
}

/// The sample's `trapezoidIntegrate`, including JavaGrande's `--nsteps` loop shape.
fn trapezoid_integrate(x0: f64, x1: f64, nsteps: i32, omegan: f64, select: i32) -> f64 {
    let mut x = x0;
    let dx = (x1 - x0) / f64::from(nsteps);
    let mut rvalue = the_function(x0, omegan, select) / 2.0;
    if nsteps != 1 {
        let mut steps = nsteps - 1;
        loop {
            steps -= 1;
            if steps <= 0 {
                break;
            }
            x += dx;
            rvalue += the_function(x, omegan, select);
        }
    }
    (rvalue + the_function(x1, omegan, select) / 2.0) * dx
}

/// Coefficient `n` (n ≥ 1) as the pair (a_n, b_n).
fn coefficient(n: usize) -> (f64, f64) {
    // n < 2^31: it came from a Java int.
    let omegan = OMEGA * n as f64;
    (trapezoid_integrate(0.0, 2.0, 1000, omegan, 1), trapezoid_integrate(0.0, 2.0, 1000, omegan, 2))
}

/// Runs the benchmark with the sample's arguments `[N]`.
pub fn run(args: &[String], parallel: bool) -> Result<Outcome, String> {
    let n = size_arg(args, 0, 200)?;
    let started = Instant::now();
    let mut a = vec![0.0f64; n];
    let mut b = vec![0.0f64; n];
    a[0] = trapezoid_integrate(0.0, 2.0, 1000, 0.0, 0) / 2.0;
    if parallel {
        a.par_iter_mut().zip(b.par_iter_mut()).enumerate().skip(1).for_each(|(j, (aj, bj))| {
            (*aj, *bj) = coefficient(j);
        });
    } else {
        for j in 1..n {
            (a[j], b[j]) = coefficient(j);
        }
    }
    let kernel = started.elapsed();

    let mut stdout = format!("series n={n}\n");
    for i in 0..n.min(4) {
        let index = Arg::Int(i32::try_from(i).map_err(|e| e.to_string())?);
        stdout += &printf(
            "a[%d] = %.9f  b[%d] = %.9f%n",
            &[index, Arg::Double(a[i]), index, Arg::Double(b[i])],
        )?;
    }
    let (mut sum_a, mut sum_b) = (0.0f64, 0.0f64);
    for i in 0..n {
        sum_a += a[i];
        sum_b += b[i];
    }
    stdout += &printf("sum a %.9f sum b %.9f%n", &[Arg::Double(sum_a), Arg::Double(sum_b)])?;
    Ok(Outcome { stdout, kernel })
}
