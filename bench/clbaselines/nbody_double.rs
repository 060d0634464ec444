//! N-Body in double precision (`samples/nbody_double.somd`): `nbody.rs` with every `float`
//! a `double` (`cl/nbody_double.cl`). One launch per step computes all forces from a
//! local-memory tile of bodies and integrates them into the other pair of buffers. The
//! bodies are uploaded once and downloaded after the last step.

use crate::host::{round_up, Cl, CL_MEM_READ_WRITE};
use crate::{args, int_arg, printf, size_arg, Outcome};
use opencl3::memory::ClMem as _;
use somd_runtime::java::{Arg, Random};

const DT: f64 = 0.01;
const SOFTENING: f64 = 0.01;
/// Bytes of one `double4`.
const BODY_BYTES: usize = 32;

/// Runs the benchmark with the sample's arguments `[N] [STEPS]`.
pub fn run(args: &[String]) -> Result<Outcome, String> {
    let n = size_arg(args, 0, 256)?;
    let steps = int_arg(args, 1, 10)?;
    let cl = Cl::open(include_str!("cl/nbody_double.cl"))?;
    // (x, y, z, mass) and (vx, vy, vz, 0) per body.
    let mut positions = cl.pinned::<[f64; 4]>(n)?;
    let mut velocities = cl.pinned::<[f64; 4]>(n)?;
    let mut random = Random::with_seed(2012);
    for body in positions.iter_mut() {
        let (x, y, z) = (random.next_double(), random.next_double(), random.next_double());
        let mass = 0.001 * (0.5 + random.next_double());
        *body = [x, y, z, mass];
    }

    let buffer = || cl.buffer::<[f64; 4]>(CL_MEM_READ_WRITE, n);
    let mut pos = [buffer()?, buffer()?];
    let mut vel = [buffer()?, buffer()?];
    cl.upload(&mut pos[0], &positions)?;
    cl.upload(&mut vel[0], &velocities)?;
    let kernel = cl.kernel("nbody_step")?;
    // The tile is one double4 per work-item.
    let by_local_mem = usize::try_from(cl.limits.local_mem).unwrap_or(usize::MAX) / BODY_BYTES;
    let local = cl.group_size(&kernel, 256.min(by_local_mem));
    // n < 2^31: it came from a Java int.
    let count = n as i32;
    let mut current = 0;
    for _ in 0..steps {
        let (from, to) = (current, 1 - current);
        args!(
            &kernel,
            &pos[from].get(),
            &vel[from].get(),
            &pos[to].get(),
            &vel[to].get(),
            &count,
            &DT,
            &SOFTENING
        );
        // SAFETY: argument 7 is the `__local double4 *tile` of `local` elements.
        unsafe { kernel.set_arg_local_buffer(7, local * BODY_BYTES) }
            .map_err(|e| format!("clSetKernelArg(7): {e}"))?;
        cl.launch(&kernel, &[round_up(n, local)], &[local])?;
        current = to;
    }
    cl.download(&pos[current], &mut positions)?;
    cl.download(&vel[current], &mut velocities)?;

    let (mut sx, mut sy, mut sz, mut kinetic) = (0.0f64, 0.0f64, 0.0f64, 0.0f64);
    for (p, v) in positions.iter().zip(velocities.iter()) {
        sx += p[0];
        sy += p[1];
        sz += p[2];
        kinetic += 0.5 * p[3] * (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    }
    // n < 2^31: it came from a Java int.
    let bodies = n as f64;
    let mut stdout = format!("nbody double n={n} steps={steps}\n");
    stdout += &printf(
        "centre %.4f %.4f %.4f%n",
        &[Arg::Double(sx / bodies), Arg::Double(sy / bodies), Arg::Double(sz / bodies)],
    )?;
    stdout += &printf("kinetic energy %.6e%n", &[Arg::Double(kinetic)])?;
    drop((positions, velocities));
    Ok(Outcome { stdout, report: cl.report() })
}
