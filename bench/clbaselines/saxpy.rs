//! Saxpy (`samples/saxpy.somd`): `alpha * x + y` in float, computed twice as the sample does
//! (its SOMD method and its `@` map), four elements per work-item (`cl/saxpy.cl`). The
//! inputs are uploaded once from pinned memory and serve both launches.

use crate::host::{round_up, Cl, CL_MEM_READ_ONLY, CL_MEM_WRITE_ONLY};
use crate::{args, printf, size_arg, Outcome};
use opencl3::memory::ClMem as _;
use somd_runtime::java::{float_to_string, Arg, Random};

/// Runs the benchmark with the sample's arguments `[N]`.
pub fn run(args: &[String]) -> Result<Outcome, String> {
    let n = size_arg(args, 0, 100_000)?;
    let alpha = 1.5f32;
    let cl = Cl::open(include_str!("cl/saxpy.cl"))?;
    let mut x = cl.pinned::<f32>(n)?;
    let mut y = cl.pinned::<f32>(n)?;
    let mut random = Random::with_seed(1);
    for i in 0..n {
        x[i] = random.next_float();
        y[i] = random.next_float();
    }

    let kernel = cl.kernel("saxpy")?;
    let mut x_dev = cl.buffer::<f32>(CL_MEM_READ_ONLY, n)?;
    let mut y_dev = cl.buffer::<f32>(CL_MEM_READ_ONLY, n)?;
    cl.upload(&mut x_dev, &x)?;
    cl.upload(&mut y_dev, &y)?;
    let local = cl.group_size(&kernel, 256);
    // n < 2^31: it came from a Java int.
    let count = n as i32;
    // The SOMD method, then the `@` map: the same kernel into two results.
    let mut results = Vec::new();
    for _ in 0..2 {
        let result_dev = cl.buffer::<f32>(CL_MEM_WRITE_ONLY, n)?;
        args!(&kernel, &alpha, &x_dev.get(), &y_dev.get(), &result_dev.get(), &count);
        cl.launch(&kernel, &[round_up(n.div_ceil(4), local)], &[local])?;
        let mut result = cl.pinned::<f32>(n)?;
        cl.download(&result_dev, &mut result)?;
        results.push(result);
    }
    let (somd, mapped) = (&results[0], &results[1]);

    let mut checksum = 0.0f64;
    for value in somd.iter() {
        checksum += f64::from(*value);
    }
    let agree = somd.iter().zip(mapped.iter()).all(|(a, b)| a == b);
    let mut stdout = format!(
        "saxpy n={n}\nresult[0] {} result[n-1] {}\n",
        float_to_string(somd[0]),
        float_to_string(somd[n - 1])
    );
    stdout += &printf("checksum %.6f%n", &[Arg::Double(checksum)])?;
    stdout += if agree { "SOMD and @ agree\n" } else { "SOMD and @ differ\n" };
    drop((x, y, results));
    Ok(Outcome { stdout, report: cl.report() })
}
