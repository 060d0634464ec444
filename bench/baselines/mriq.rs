//! Parboil MRI-Q (`samples/mriq.somd`): for every voxel, the sum over random k-space
//! samples of `|phi|^2 * (cos, sin)(2 pi k . x)`, in `float` in sample order, so every
//! thread count gives the same Q.
//!
//! The kernel region is the Q computation (the sample's `@ computeQ` map). The sample has
//! no SOMD method and the generated program reports no kernel time, so only end-to-end
//! times compare the two.

use crate::{printf, size_arg, Outcome};
use rayon::prelude::*;
use somd_runtime::java::{Arg, Random};
use std::time::Instant;

/// Parboil's `PIx2` (`6.2831853071795864769f` in the sample), which rounds to the same
/// `float` as 2π.
const PI2: f32 = std::f32::consts::TAU;

/// One k-space sample with its phi magnitude.
#[derive(Clone, Copy)]
struct KSample {
    kx: f32,
    ky: f32,
    kz: f32,
    phi_mag: f32,
}

/// The sample's `computeQ` for the voxel (x, y, z): (real, imaginary).
fn compute_q(x: f32, y: f32, z: f32, samples: &[KSample]) -> (f32, f32) {
    let (mut qr, mut qi) = (0.0f32, 0.0f32);
    for k in samples {
        let exp_arg = f64::from(PI2 * (k.kx * x + k.ky * y + k.kz * z));
        qr += k.phi_mag * exp_arg.cos() as f32;
        qi += k.phi_mag * exp_arg.sin() as f32;
    }
    (qr, qi)
}

/// The sample's `uniform`: `count` floats in [-half, half).
fn uniform(random: &mut Random, count: usize, half: f32) -> Vec<f32> {
    (0..count).map(|_| (random.next_float() * 2.0f32 - 1.0f32) * half).collect()
}

/// Runs the benchmark with the sample's arguments `[VOXELS] [SAMPLES]`.
pub fn run(args: &[String], parallel: bool) -> Result<Outcome, String> {
    let voxel_count = size_arg(args, 0, 512)?;
    let sample_count = size_arg(args, 1, 256)?;
    let mut random = Random::with_seed(1998);
    let kx = uniform(&mut random, sample_count, 0.5);
    let ky = uniform(&mut random, sample_count, 0.5);
    let kz = uniform(&mut random, sample_count, 0.5);
    let phi_r = uniform(&mut random, sample_count, 1.0);
    let phi_i = uniform(&mut random, sample_count, 1.0);
    let x = uniform(&mut random, voxel_count, 16.0);
    let y = uniform(&mut random, voxel_count, 16.0);
    let z = uniform(&mut random, voxel_count, 16.0);
    let samples: Vec<KSample> = (0..sample_count)
        .map(|s| KSample {
            kx: kx[s],
            ky: ky[s],
            kz: kz[s],
            phi_mag: phi_r[s] * phi_r[s] + phi_i[s] * phi_i[s],
        })
        .collect();

    let started = Instant::now();
    let q: Vec<(f32, f32)> = if parallel {
        (0..voxel_count).into_par_iter().map(|v| compute_q(x[v], y[v], z[v], &samples)).collect()
    } else {
        (0..voxel_count).map(|v| compute_q(x[v], y[v], z[v], &samples)).collect()
    };
    let kernel = started.elapsed();

    let (real_total, imag_total): (f64, f64) = if parallel {
        (
            q.par_iter().map(|&(r, _)| f64::from(r)).sum(),
            q.par_iter().map(|&(_, i)| f64::from(i)).sum(),
        )
    } else {
        (
            q.iter().fold(0.0, |acc, &(r, _)| acc + f64::from(r)),
            q.iter().fold(0.0, |acc, &(_, i)| acc + f64::from(i)),
        )
    };
    let last = q[voxel_count - 1];
    let mut stdout = format!("mriq voxels={voxel_count} samples={sample_count}\n");
    stdout += &printf("Q[0] %.6e %.6e%n", &[Arg::Float(q[0].0), Arg::Float(q[0].1)])?;
    stdout += &printf("Q[n-1] %.6e %.6e%n", &[Arg::Float(last.0), Arg::Float(last.1)])?;
    stdout += &printf("total %.6e %.6e%n", &[Arg::Double(real_total), Arg::Double(imag_total)])?;
    Ok(Outcome { stdout, kernel })
}
