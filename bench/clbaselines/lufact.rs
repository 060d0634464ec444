//! JavaGrande LUFact (`samples/lufact.somd`): LINPACK `dgefa` on the device
//! (`cl/lufact.cl`), then `dgesl` on the host as in the sample. The matrix goes up once,
//! by columns; every elimination step is two launches enqueued back to back (the pivot
//! step in one work-group, then the update of the later columns), with no host round trip
//! between steps; the factors and pivots come down once at the end.

use crate::host::{Cl, CL_MEM_READ_WRITE};
use crate::{args, printf, size_arg, Outcome};
use opencl3::memory::ClMem as _;
use somd_runtime::java::{double_to_string, Arg};

/// Columns per work-item of `update` (`COLS` in `cl/lufact.cl`).
const COLS: usize = 4;

/// JavaGrande's `matgen` into `a` (by columns, `n` x `n`), returning `b = A * (1, .., 1)`.
fn matgen(n: usize, a: &mut [f64]) -> Vec<f64> {
    let mut seed: i32 = 1325;
    for value in a.iter_mut() {
        // 3125 * seed < 3125 * 65536 fits in an int; seed stays non-negative.
        seed = 3125 * seed % 65536;
        *value = (f64::from(seed) - 32768.0) / 16384.0;
    }
    let mut b = vec![0.0f64; n];
    for column in a.chunks_exact(n) {
        for (bi, aij) in b.iter_mut().zip(column) {
            *bi += aij;
        }
    }
    b
}

/// `dgesl` with job = 0 on the factors `a` (by columns): solves `A * x = b` in place of `b`.
fn dgesl(a: &[f64], n: usize, ipvt: &[i32], b: &mut [f64]) -> Result<(), String> {
    for k in 0..n - 1 {
        let l = usize::try_from(ipvt[k])
            .ok()
            .filter(|&l| l < n)
            .ok_or_else(|| format!("pivot {} of column {k} out of range", ipvt[k]))?;
        let t = b[l];
        if l != k {
            b[l] = b[k];
            b[k] = t;
        }
        for i in k + 1..n {
            b[i] += t * a[k * n + i];
        }
    }
    for kb in 0..n {
        let k = n - (kb + 1);
        b[k] /= a[k * n + k];
        let t = -b[k];
        for i in 0..k {
            b[i] += t * a[k * n + i];
        }
    }
    Ok(())
}

/// Runs the benchmark with the sample's arguments `[N]`.
pub fn run(args: &[String]) -> Result<Outcome, String> {
    let n = size_arg(args, 0, 200)?;
    if n < 2 {
        return Err(format!("lufact needs N >= 2, got {n}"));
    }
    let cl = Cl::open(include_str!("cl/lufact.cl"))?;
    let mut a = cl.pinned::<f64>(n * n)?;
    let mut b = matgen(n, &mut a);
    let mut a_dev = cl.buffer::<f64>(CL_MEM_READ_WRITE, n * n)?;
    let ipvt_dev = cl.buffer::<i32>(CL_MEM_READ_WRITE, n)?;
    let nonzero_dev = cl.buffer::<i32>(CL_MEM_READ_WRITE, n)?;
    cl.upload(&mut a_dev, &a)?;

    let pivot = cl.kernel("pivot")?;
    let pivot_local = cl.group_size(&pivot, 256);
    let update = cl.kernel("update")?;
    // Columns of 64 consecutive rows, 4 column strips per group where the kernel allows.
    let width = cl.group_size(&update, 64);
    let height = (cl.group_size(&update, 256) / width).max(1);
    // n < 2^31: it came from a Java int.
    let size = n as i32;
    let mut events = Vec::with_capacity(2 * n);
    for k in 0..n - 1 {
        let step = k as i32;
        args!(&pivot, &a_dev.get(), &size, &step, &ipvt_dev.get(), &nonzero_dev.get());
        // SAFETY: arguments 5 and 6 are the `__local` double and int per work-item.
        unsafe {
            pivot
                .set_arg_local_buffer(5, pivot_local * 8)
                .map_err(|e| format!("clSetKernelArg(5): {e}"))?;
            pivot
                .set_arg_local_buffer(6, pivot_local * 4)
                .map_err(|e| format!("clSetKernelArg(6): {e}"))?;
        }
        events.push(cl.enqueue(&pivot, &[pivot_local], &[pivot_local])?);
        let rest = n - k - 1;
        args!(&update, &a_dev.get(), &size, &step, &nonzero_dev.get());
        let global = [rest.div_ceil(width) * width, rest.div_ceil(COLS).div_ceil(height) * height];
        events.push(cl.enqueue(&update, &global, &[width, height])?);
    }
    cl.finish(&events)?;
    let mut ipvt = cl.pinned::<i32>(n)?;
    cl.download(&a_dev, &mut a)?;
    cl.download(&ipvt_dev, &mut ipvt[..n - 1])?;
    ipvt[n - 1] = size - 1;
    dgesl(&a, n, &ipvt, &mut b)?;

    let mut max_error = 0.0f64;
    let mut total = 0.0f64;
    for bi in &b {
        max_error = somd_runtime::java::math::max_f64(max_error, (bi - 1.0).abs());
        total += bi;
    }
    let mut stdout = format!("lufact n={n}\n");
    stdout += &printf("sum of x %.6f%n", &[Arg::Double(total)])?;
    if max_error < 1e-8 {
        stdout += "max error below 1e-8\n";
    } else {
        stdout += &format!("max error {}\n", double_to_string(max_error));
    }
    let checksum = ipvt[0]
        .wrapping_add(31i32.wrapping_mul(ipvt[n / 2]))
        .wrapping_add(961i32.wrapping_mul(ipvt[n - 2]));
    stdout += &printf("pivot checksum %d%n", &[Arg::Int(checksum)])?;
    drop((a, ipvt));
    Ok(Outcome { stdout, report: cl.report() })
}
