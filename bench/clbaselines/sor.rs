//! SOR (`samples/sor.somd`): Jacobi over-relaxation with two device grids swapped after
//! every sweep (one launch per iteration on a 2-D range), then the interior's sum as a
//! work-group reduction whose partials the host adds (`cl/sor.cl`). The grid is uploaded
//! and never downloaded: the program's result is the sum.

use crate::host::{round_up, Cl, CL_MEM_READ_WRITE, CL_MEM_WRITE_ONLY};
use crate::{args, int_arg, printf, size_arg, Outcome};
use opencl3::memory::ClMem as _;
use somd_runtime::java::{Arg, Random};

const OMEGA: f64 = 0.8;

/// Runs the benchmark with the sample's arguments `[N] [ITERATIONS]`.
pub fn run(args: &[String]) -> Result<Outcome, String> {
    let n = size_arg(args, 0, 100)?;
    let iterations = int_arg(args, 1, 100)?;
    if n < 3 {
        return Err(format!("the grid must be at least 3×3, got {n}"));
    }
    let cl = Cl::open(include_str!("cl/sor.cl"))?;
    let mut g = cl.pinned::<f64>(n * n)?;
    let mut random = Random::with_seed(10101010);
    for cell in g.iter_mut() {
        *cell = random.next_double() * 1e-6;
    }

    // `next` starts as a copy of `g`: both grids get the same upload, so their borders
    // (never written) agree and swapping them is the sample's copy-back.
    let mut grids =
        [cl.buffer::<f64>(CL_MEM_READ_WRITE, n * n)?, cl.buffer::<f64>(CL_MEM_READ_WRITE, n * n)?];
    for grid in &mut grids {
        cl.upload(grid, &g)?;
    }
    let relax = cl.kernel("relax")?;
    // n < 2^31: it came from a Java int.
    let size = n as i32;
    let (omega_over_four, one_minus_omega) = (OMEGA * 0.25, 1.0 - OMEGA);
    let inner = n - 2;
    // Work-groups of 32 x 8 (fewer where the kernel allows less): rows of 32 consecutive
    // doubles per load.
    let width = cl.group_size(&relax, 32);
    let height = (cl.group_size(&relax, 256) / width).max(1);
    let global = [round_up(inner, width), round_up(inner, height)];
    let mut current = 0;
    for _ in 0..iterations {
        let (from, to) = (&grids[current], &grids[1 - current]);
        args!(&relax, &from.get(), &to.get(), &size, &omega_over_four, &one_minus_omega);
        cl.launch(&relax, &global, &[width, height])?;
        current = 1 - current;
    }

    let sum = cl.kernel("interior_sum")?;
    let local = cl.group_size(&sum, 256);
    let groups = (inner * inner).div_ceil(local).clamp(1, 4 * cl.limits.compute_units);
    let partials_dev = cl.buffer::<f64>(CL_MEM_WRITE_ONLY, groups)?;
    args!(&sum, &grids[current].get(), &size, &partials_dev.get());
    // SAFETY: argument 3 is the `__local double *scratch` of `local` doubles.
    unsafe { sum.set_arg_local_buffer(3, local * std::mem::size_of::<f64>()) }
        .map_err(|e| format!("clSetKernelArg(3): {e}"))?;
    cl.launch(&sum, &[groups * local], &[local])?;
    let mut partials = cl.pinned::<f64>(groups)?;
    cl.download(&partials_dev, &mut partials)?;
    let g_total: f64 = cl.host_combine(|| partials.iter().sum());

    let mut stdout = format!("sor n={n} iterations={iterations}\n");
    stdout += &printf("Gtotal %.12e%n", &[Arg::Double(g_total)])?;
    drop((g, partials));
    Ok(Outcome { stdout, report: cl.report() })
}
