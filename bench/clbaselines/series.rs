//! Series (`samples/series.somd`): one work-item per coefficient pair (`cl/series.cl`),
//! compute-bound (3,000 `pow` and 2,000 `cos`/`sin` in double per work-item).

use crate::host::{round_up, Cl, CL_MEM_WRITE_ONLY};
use crate::{args, printf, size_arg, Outcome};
use opencl3::memory::ClMem as _;
use somd_runtime::java::Arg;

/// Runs the benchmark with the sample's arguments `[N]`.
pub fn run(args: &[String]) -> Result<Outcome, String> {
    let n = size_arg(args, 0, 200)?;
    let cl = Cl::open(include_str!("cl/series.cl"))?;
    let kernel = cl.kernel("coefficients")?;
    let a_dev = cl.buffer::<f64>(CL_MEM_WRITE_ONLY, n)?;
    let b_dev = cl.buffer::<f64>(CL_MEM_WRITE_ONLY, n)?;
    // n < 2^31: it came from a Java int.
    let count = n as i32;
    args!(&kernel, &a_dev.get(), &b_dev.get(), &count);
    // Small groups: with a few thousand long-running work-items, every compute unit
    // should get several groups.
    let local = cl.group_size(&kernel, 64);
    cl.launch(&kernel, &[round_up(n, local)], &[local])?;
    let mut a = cl.pinned::<f64>(n)?;
    let mut b = cl.pinned::<f64>(n)?;
    cl.download(&a_dev, &mut a)?;
    cl.download(&b_dev, &mut b)?;

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
    drop((a, b));
    Ok(Outcome { stdout, report: cl.report() })
}
