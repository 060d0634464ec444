//! N-Body (`samples/nbody.somd`): all-pairs `float` forces with softening, then an Euler
//! step, repeated STEPS times; the forces of one step are computed from one snapshot of
//! the bodies, as the sample's task graph does.

use crate::{int_arg, printf, size_arg, Outcome};
use rayon::prelude::*;
use somd_runtime::java::{Arg, Random};
use std::time::Instant;

const DT: f32 = 0.01;
const SOFTENING: f32 = 0.01;

#[derive(Clone, Copy)]
struct Body {
    x: f32,
    y: f32,
    z: f32,
    vx: f32,
    vy: f32,
    vz: f32,
    mass: f32,
}

#[derive(Clone, Copy)]
struct Force {
    fx: f32,
    fy: f32,
    fz: f32,
}

/// The sample's `computeParticleForces`: same operation order, `1/sqrt` in `double`.
fn particle_force(p: &Body, particles: &[Body]) -> Force {
    let (mut fx, mut fy, mut fz) = (0.0f32, 0.0f32, 0.0f32);
    for q in particles {
        let dx = q.x - p.x;
        let dy = q.y - p.y;
        let dz = q.z - p.z;
        let d2 = dx * dx + dy * dy + dz * dz + SOFTENING;
        let inv = (1.0 / f64::from(d2).sqrt()) as f32;
        let s = q.mass * inv * inv * inv;
        fx += dx * s;
        fy += dy * s;
        fz += dz * s;
    }
    Force { fx, fy, fz }
}

/// The sample's `integrate`.
fn integrate(b: &Body, f: &Force) -> Body {
    let vx = b.vx + f.fx * DT;
    let vy = b.vy + f.fy * DT;
    let vz = b.vz + f.fz * DT;
    Body { x: b.x + vx * DT, y: b.y + vy * DT, z: b.z + vz * DT, vx, vy, vz, mass: b.mass }
}

/// Runs the benchmark with the sample's arguments `[N] [STEPS]`.
pub fn run(args: &[String], parallel: bool) -> Result<Outcome, String> {
    let n = size_arg(args, 0, 256)?;
    let steps = int_arg(args, 1, 10)?;
    let mut random = Random::with_seed(2012);
    let mut bodies: Vec<Body> = (0..n)
        .map(|_| {
            let (x, y, z) = (random.next_float(), random.next_float(), random.next_float());
            let mass = 0.001f32 * (0.5f32 + random.next_float());
            Body { x, y, z, vx: 0.0, vy: 0.0, vz: 0.0, mass }
        })
        .collect();

    let started = Instant::now();
    for _ in 0..steps {
        bodies = if parallel {
            let forces: Vec<Force> =
                bodies.par_iter().map(|p| particle_force(p, &bodies)).collect();
            bodies.par_iter().zip(forces.par_iter()).map(|(b, f)| integrate(b, f)).collect()
        } else {
            let forces: Vec<Force> = bodies.iter().map(|p| particle_force(p, &bodies)).collect();
            bodies.iter().zip(&forces).map(|(b, f)| integrate(b, f)).collect()
        };
    }
    let kernel = started.elapsed();

    let (mut sx, mut sy, mut sz, mut kinetic) = (0.0f64, 0.0f64, 0.0f64, 0.0f64);
    for b in &bodies {
        sx += f64::from(b.x);
        sy += f64::from(b.y);
        sz += f64::from(b.z);
        kinetic += 0.5 * f64::from(b.mass) * f64::from(b.vx * b.vx + b.vy * b.vy + b.vz * b.vz);
    }
    // n < 2^31: it came from a Java int.
    let count = n as f64;
    let mut stdout = format!("nbody n={n} steps={steps}\n");
    stdout += &printf(
        "centre %.4f %.4f %.4f%n",
        &[Arg::Double(sx / count), Arg::Double(sy / count), Arg::Double(sz / count)],
    )?;
    stdout += &printf("kinetic energy %.6e%n", &[Arg::Double(kinetic)])?;
    Ok(Outcome { stdout, kernel })
}
