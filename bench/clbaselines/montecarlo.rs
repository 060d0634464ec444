//! Monte Carlo (`samples/montecarlo.somd`): the map `@ hits` fused with its three
//! reductions, then the SOMD method `totalHits` (`cl/montecarlo.cl`); the host combines the
//! work-groups' partials. Compute-bound: `2 * ITERATIONS` xorshift steps per seed.

use crate::host::{round_up, Cl, CL_MEM_READ_ONLY, CL_MEM_WRITE_ONLY};
use crate::{args, int_arg, printf, size_arg, Outcome};
use opencl3::memory::ClMem as _;
use somd_runtime::java::{Arg, Random};

/// Runs the benchmark with the sample's arguments `[SEEDS] [ITERATIONS]`.
pub fn run(args: &[String]) -> Result<Outcome, String> {
    let n = size_arg(args, 0, 1024)?;
    let iterations = int_arg(args, 1, 1000)?;
    let cl = Cl::open(include_str!("cl/montecarlo.cl"))?;
    let mut seeds = cl.pinned::<i32>(n)?;
    let mut random = Random::with_seed(31415);
    for seed in seeds.iter_mut() {
        *seed = random.next_int();
    }
    let mut seeds_dev = cl.buffer::<i32>(CL_MEM_READ_ONLY, n)?;
    cl.upload(&mut seeds_dev, &seeds)?;
    // n < 2^31: it came from a Java int.
    let count = n as i32;

    // `@ hits` with `+ !`, `min !` and `max !`.
    let fused = cl.kernel("hits_reduce")?;
    let local = cl.group_size(&fused, 256);
    let groups = n.div_ceil(local);
    let partials_dev = cl.buffer::<i32>(CL_MEM_WRITE_ONLY, 3 * groups)?;
    args!(&fused, &seeds_dev.get(), &count, &iterations, &partials_dev.get());
    // SAFETY: argument 4 is the `__local int *scratch` of three ints per work-item.
    unsafe { fused.set_arg_local_buffer(4, 3 * local * 4) }
        .map_err(|e| format!("clSetKernelArg(4): {e}"))?;
    cl.launch(&fused, &[groups * local], &[local])?;
    let mut partials = cl.pinned::<i32>(3 * groups)?;
    cl.download(&partials_dev, &mut partials)?;
    let (inside, fewest, most) = cl.host_combine(|| {
        partials.chunks(3).fold((0i32, i32::MAX, i32::MIN), |(sum, low, high), group| {
            (sum.wrapping_add(group[0]), low.min(group[1]), high.max(group[2]))
        })
    });

    // The SOMD method `totalHits`, a long sum.
    let total = cl.kernel("total_hits")?;
    let local = cl.group_size(&total, 256);
    let groups = n.div_ceil(local);
    let totals_dev = cl.buffer::<i64>(CL_MEM_WRITE_ONLY, groups)?;
    args!(&total, &seeds_dev.get(), &count, &iterations, &totals_dev.get());
    // SAFETY: argument 4 is the `__local long *scratch` of one long per work-item.
    unsafe { total.set_arg_local_buffer(4, local * 8) }
        .map_err(|e| format!("clSetKernelArg(4): {e}"))?;
    cl.launch(&total, &[round_up(n, local)], &[local])?;
    let mut totals = cl.pinned::<i64>(groups)?;
    cl.download(&totals_dev, &mut totals)?;
    let inside_somd: i64 = cl.host_combine(|| totals.iter().sum());

    // n < 2^31: it came from a Java int.
    let pi = 4.0 * f64::from(inside) / (n as f64 * f64::from(iterations));
    let mut stdout = format!("montecarlo seeds={n} iterations={iterations}\n");
    stdout += &format!("inside {inside} (SOMD {inside_somd})\nper seed min {fewest} max {most}\n");
    stdout += &printf("pi ~ %.6f%n", &[Arg::Double(pi)])?;
    drop((seeds, partials, totals));
    Ok(Outcome { stdout, report: cl.report() })
}
