//! JavaGrande SparseMatMult (`samples/sparsematmult.somd`): `y += A * x`, repeated
//! (`cl/sparsematmult.cl`). The matrix goes up once in compressed-row form, with x and a
//! zero y; the iterations are back-to-back launches of one work-item per row, each adding
//! its row's product into y; y comes down once at the end and the host prints its sums.

use crate::host::{round_up, Cl, CL_MEM_READ_ONLY, CL_MEM_READ_WRITE};
use crate::{args, int_arg, printf, size_arg, Outcome};
use opencl3::memory::ClMem as _;
use somd_runtime::java::{Arg, Random};

/// Runs the benchmark with the sample's arguments `[N] [ITERATIONS]`.
pub fn run(args: &[String]) -> Result<Outcome, String> {
    let n_int = int_arg(args, 0, 2000)?;
    let n = size_arg(args, 0, 2000)?;
    let iterations = int_arg(args, 1, 10)?;
    let nz_int = n_int.wrapping_mul(5);
    let nz = usize::try_from(nz_int).map_err(|_| format!("negative array size {nz_int}"))?;
    let cl = Cl::open(include_str!("cl/sparsematmult.cl"))?;
    let mut random = Random::with_seed(10_101_010);
    let mut x = cl.pinned::<f64>(n)?;
    for value in x.iter_mut() {
        *value = random.next_double();
    }
    let mut val = cl.pinned::<f64>(nz)?;
    let mut col = cl.pinned::<i32>(nz)?;
    // The sample's row of nonzero k is k / 5: rows are sorted, and row r starts at 5 r.
    let mut row_start = cl.pinned::<i32>(n + 1)?;
    let mut row = 0;
    for k in 0..nz {
        while row * 5 <= k {
            // row <= n < 2^31 and k < nz < 2^31: both came from Java ints.
            row_start[row] = k as i32;
            row += 1;
        }
        col[k] = random.next_int_bounded(n_int).map_err(|e| format!("{e:?}"))?;
        val[k] = random.next_double();
    }
    for start in &mut row_start[row..] {
        *start = nz_int;
    }

    let mut val_dev = cl.buffer::<f64>(CL_MEM_READ_ONLY, nz)?;
    let mut col_dev = cl.buffer::<i32>(CL_MEM_READ_ONLY, nz)?;
    let mut row_start_dev = cl.buffer::<i32>(CL_MEM_READ_ONLY, n + 1)?;
    let mut x_dev = cl.buffer::<f64>(CL_MEM_READ_ONLY, n)?;
    let mut y_dev = cl.buffer::<f64>(CL_MEM_READ_WRITE, n)?;
    let mut y = cl.pinned::<f64>(n)?;
    cl.upload(&mut val_dev, &val)?;
    cl.upload(&mut col_dev, &col)?;
    cl.upload(&mut row_start_dev, &row_start)?;
    cl.upload(&mut x_dev, &x)?;
    cl.upload(&mut y_dev, &y)?;

    let kernel = cl.kernel("multiply_add")?;
    let local = cl.group_size(&kernel, 256);
    args!(
        &kernel,
        &val_dev.get(),
        &col_dev.get(),
        &row_start_dev.get(),
        &x_dev.get(),
        &y_dev.get(),
        &n_int
    );
    let mut events = Vec::new();
    for _ in 0..iterations {
        events.push(cl.enqueue(&kernel, &[round_up(n, local)], &[local])?);
    }
    cl.finish(&events)?;
    cl.download(&y_dev, &mut y)?;

    let mut ytotal = 0.0f64;
    for yi in y.iter() {
        ytotal += yi;
    }
    let mut stdout = format!("sparsematmult n={n} nz={nz} iterations={iterations}\n");
    stdout += &printf("ytotal %.9f%n", &[Arg::Double(ytotal)])?;
    stdout += &printf("y[0] %.9f y[n-1] %.9f%n", &[Arg::Double(y[0]), Arg::Double(y[n - 1])])?;
    drop((x, val, col, row_start, y));
    Ok(Outcome { stdout, report: cl.report() })
}
