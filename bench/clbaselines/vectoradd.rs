//! Vector addition (`samples/vectoradd.somd`): `c = a + b` on ints, four elements per
//! work-item (`cl/vectoradd.cl`), inputs and result in pinned host memory.

use crate::host::{round_up, Cl, CL_MEM_READ_ONLY, CL_MEM_WRITE_ONLY};
use crate::{args, size_arg, Outcome};
use opencl3::memory::ClMem as _;
use somd_runtime::java::Random;

/// Runs the benchmark with the sample's arguments `[N]`.
pub fn run(args: &[String]) -> Result<Outcome, String> {
    let n = size_arg(args, 0, 100_000)?;
    let cl = Cl::open(include_str!("cl/vectoradd.cl"))?;
    let mut a = cl.pinned::<i32>(n)?;
    let mut b = cl.pinned::<i32>(n)?;
    let mut random = Random::with_seed(8);
    for i in 0..n {
        a[i] = random.next_int_bounded(1_000_000).map_err(|e| format!("{e:?}"))?;
        b[i] = random.next_int_bounded(1_000_000).map_err(|e| format!("{e:?}"))?;
    }

    let kernel = cl.kernel("add")?;
    let mut a_dev = cl.buffer::<i32>(CL_MEM_READ_ONLY, n)?;
    let mut b_dev = cl.buffer::<i32>(CL_MEM_READ_ONLY, n)?;
    let c_dev = cl.buffer::<i32>(CL_MEM_WRITE_ONLY, n)?;
    cl.upload(&mut a_dev, &a)?;
    cl.upload(&mut b_dev, &b)?;
    // n < 2^31: it came from a Java int.
    let count = n as i32;
    args!(&kernel, &a_dev.get(), &b_dev.get(), &c_dev.get(), &count);
    let local = cl.group_size(&kernel, 256);
    cl.launch(&kernel, &[round_up(n.div_ceil(4), local)], &[local])?;
    let mut c = cl.pinned::<i32>(n)?;
    cl.download(&c_dev, &mut c)?;

    let mut checksum: i64 = 0;
    let mut ok = c.len() == n;
    for i in 0..n {
        checksum = checksum.wrapping_mul(31).wrapping_add(i64::from(c[i]));
        if c[i] != a[i].wrapping_add(b[i]) {
            ok = false;
        }
    }
    let stdout = format!(
        "vectoradd n={n}\nchecksum {checksum}\nc[0]={} c[n-1]={}\n{}\n",
        c[0],
        c[n - 1],
        if ok { "OK" } else { "MISMATCH" }
    );
    drop((a, b, c));
    Ok(Outcome { stdout, report: cl.report() })
}
