//! N-Body (`samples/nbody.somd` in `float`, `samples/nbody_double.somd` in `double`):
//! all-pairs forces with softening, then an Euler step, repeated STEPS times; the forces
//! of one step are computed from one snapshot of the bodies, as the samples' task graph
//! does. One generic implementation serves both precisions.

use crate::{int_arg, printf, size_arg, Outcome};
use rayon::prelude::*;
use somd_runtime::java::{Arg, Random};
use std::ops::{Add, AddAssign, Mul, Sub};
use std::time::Instant;

/// The arithmetic one sample uses: `f32` for `nbody`, `f64` for `nbody_double`.
trait Real:
    Copy + Send + Sync + Add<Output = Self> + Sub<Output = Self> + Mul<Output = Self> + AddAssign
{
    /// The first word of the program's output line.
    const TITLE: &'static str;
    const ZERO: Self;
    const DT: Self;
    const SOFTENING: Self;
    /// The literals of the mass formula `0.001 * (0.5 + random)`.
    const MASS_SCALE: Self;
    const HALF: Self;
    /// The sample's `1.0 / Math.sqrt(d2)`, rounded to `Self` (computed in `double`).
    fn inv_sqrt(self) -> Self;
    fn to_f64(self) -> f64;
    /// `nextFloat()` or `nextDouble()`.
    fn random(random: &mut Random) -> Self;
}

impl Real for f32 {
    const TITLE: &'static str = "nbody";
    const ZERO: f32 = 0.0;
    const DT: f32 = 0.01;
    const SOFTENING: f32 = 0.01;
    const MASS_SCALE: f32 = 0.001;
    const HALF: f32 = 0.5;
    fn inv_sqrt(self) -> f32 {
        (1.0 / f64::from(self).sqrt()) as f32
    }
    fn to_f64(self) -> f64 {
        f64::from(self)
    }
    fn random(random: &mut Random) -> f32 {
        random.next_float()
    }
}

impl Real for f64 {
    const TITLE: &'static str = "nbody double";
    const ZERO: f64 = 0.0;
    const DT: f64 = 0.01;
    const SOFTENING: f64 = 0.01;
    const MASS_SCALE: f64 = 0.001;
    const HALF: f64 = 0.5;
    fn inv_sqrt(self) -> f64 {
        1.0 / self.sqrt()
    }
    fn to_f64(self) -> f64 {
        self
    }
    fn random(random: &mut Random) -> f64 {
        random.next_double()
    }
}

#[derive(Clone, Copy)]
struct Body<T> {
    x: T,
    y: T,
    z: T,
    vx: T,
    vy: T,
    vz: T,
    mass: T,
}

#[derive(Clone, Copy)]
struct Force<T> {
    fx: T,
    fy: T,
    fz: T,
}

/// The sample's `computeParticleForces`, in the same operation order.
fn particle_force<T: Real>(p: &Body<T>, particles: &[Body<T>]) -> Force<T> {
    let (mut fx, mut fy, mut fz) = (T::ZERO, T::ZERO, T::ZERO);
    for q in particles {
        let dx = q.x - p.x;
        let dy = q.y - p.y;
        let dz = q.z - p.z;
        let d2 = dx * dx + dy * dy + dz * dz + T::SOFTENING;
        let inv = d2.inv_sqrt();
        let s = q.mass * inv * inv * inv;
        fx += dx * s;
        fy += dy * s;
        fz += dz * s;
    }
    Force { fx, fy, fz }
}

/// The sample's `integrate`.
fn integrate<T: Real>(b: &Body<T>, f: &Force<T>) -> Body<T> {
    let vx = b.vx + f.fx * T::DT;
    let vy = b.vy + f.fy * T::DT;
    let vz = b.vz + f.fz * T::DT;
    Body { x: b.x + vx * T::DT, y: b.y + vy * T::DT, z: b.z + vz * T::DT, vx, vy, vz, mass: b.mass }
}

/// Runs `nbody` with the sample's arguments `[N] [STEPS]`.
pub fn run(args: &[String], parallel: bool) -> Result<Outcome, String> {
    run_in::<f32>(args, parallel)
}

/// Runs `nbody_double` with the sample's arguments `[N] [STEPS]`.
pub fn run_double(args: &[String], parallel: bool) -> Result<Outcome, String> {
    run_in::<f64>(args, parallel)
}

fn run_in<T: Real>(args: &[String], parallel: bool) -> Result<Outcome, String> {
    let n = size_arg(args, 0, 256)?;
    let steps = int_arg(args, 1, 10)?;
    let mut random = Random::with_seed(2012);
    let mut bodies: Vec<Body<T>> = (0..n)
        .map(|_| {
            let (x, y, z) =
                (T::random(&mut random), T::random(&mut random), T::random(&mut random));
            let mass = T::MASS_SCALE * (T::HALF + T::random(&mut random));
            Body { x, y, z, vx: T::ZERO, vy: T::ZERO, vz: T::ZERO, mass }
        })
        .collect();

    let started = Instant::now();
    for _ in 0..steps {
        bodies = if parallel {
            let forces: Vec<Force<T>> =
                bodies.par_iter().map(|p| particle_force(p, &bodies)).collect();
            bodies.par_iter().zip(forces.par_iter()).map(|(b, f)| integrate(b, f)).collect()
        } else {
            let forces: Vec<Force<T>> = bodies.iter().map(|p| particle_force(p, &bodies)).collect();
            bodies.iter().zip(&forces).map(|(b, f)| integrate(b, f)).collect()
        };
    }
    let kernel = started.elapsed();

    let (mut sx, mut sy, mut sz, mut kinetic) = (0.0f64, 0.0f64, 0.0f64, 0.0f64);
    for b in &bodies {
        sx += b.x.to_f64();
        sy += b.y.to_f64();
        sz += b.z.to_f64();
        // The speed's square is summed in the sample's precision, then widened.
        kinetic += 0.5 * b.mass.to_f64() * (b.vx * b.vx + b.vy * b.vy + b.vz * b.vz).to_f64();
    }
    // n < 2^31: it came from a Java int.
    let count = n as f64;
    let mut stdout = format!("{} n={n} steps={steps}\n", T::TITLE);
    stdout += &printf(
        "centre %.4f %.4f %.4f%n",
        &[Arg::Double(sx / count), Arg::Double(sy / count), Arg::Double(sz / count)],
    )?;
    stdout += &printf("kinetic energy %.6e%n", &[Arg::Double(kinetic)])?;
    Ok(Outcome { stdout, kernel })
}
