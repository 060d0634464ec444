//! `somd-clbaseline costs [N]`: what the driver itself charges for the operations one
//! device call of a generated program makes, so that a program's per-call wall time can
//! be compared with its floor (docs/performance.md, "Eighth session"). On the profiling
//! queue every baseline uses, with a buffer of N `int`s (default 1000; LUFact's row is
//! 1000 `double`s), the mean host wall time over 2,000 repetitions (after 50 untimed) of:
//! creating and releasing a 20-byte error buffer, a blocking read of it, setting three
//! arguments and enqueueing a launch, a launch followed by the blocking error read, and
//! that followed by a blocking read of the buffer (a row fetched for the host).

use crate::host::{api, Cl, CL_MEM_READ_WRITE};
use crate::{size_arg, Outcome};
use opencl3::kernel::ExecuteKernel;
use opencl3::memory::ClMem as _;
use opencl3::types::CL_BLOCKING;
use std::time::Instant;

const REPS: usize = 2000;

/// Prints one `op: MICROSECONDS us` line per operation.
pub fn run(args: &[String]) -> Result<Outcome, String> {
    let n = size_arg(args, 0, 1000)?.max(1);
    let cl = Cl::open(include_str!("cl/costs.cl"))?;
    let kernel = cl.kernel("bump")?;
    let mut host = vec![0i32; n];
    let a = cl.buffer::<i32>(CL_MEM_READ_WRITE, n)?;
    let err = cl.buffer::<i32>(CL_MEM_READ_WRITE, 5)?;
    let count = n as i32;
    let mut stdout = format!("device {}\n", cl.label);
    let mut time = |name: &str, op: &mut dyn FnMut() -> Result<(), String>| {
        for _ in 0..50 {
            op()?;
        }
        let started = Instant::now();
        for _ in 0..REPS {
            op()?;
        }
        let us = started.elapsed().as_secs_f64() * 1e6 / REPS as f64;
        stdout.push_str(&format!("{name}: {us:.2} us\n"));
        Ok::<(), String>(())
    };
    let launch = || {
        // SAFETY: `bump(__global int *a, __global int *err, int n)` with `a` of `n` ints.
        unsafe {
            ExecuteKernel::new(&kernel)
                .set_arg(&a.get())
                .set_arg(&err.get())
                .set_arg(&count)
                .set_global_work_size(n)
                .enqueue_nd_range(&cl.queue)
        }
        .map(|_| ())
        .map_err(api("clEnqueueNDRangeKernel"))
    };
    let read_err = || {
        let mut words = [0i32; 5];
        // SAFETY: a blocking read of the 5-int buffer into a local array.
        unsafe { cl.queue.enqueue_read_buffer(&err, CL_BLOCKING, 0, &mut words, &[]) }
            .map(|_| ())
            .map_err(api("clEnqueueReadBuffer"))
    };
    time("create + release a 20-byte buffer", &mut || {
        cl.buffer::<i32>(CL_MEM_READ_WRITE, 5).map(drop)
    })?;
    time("blocking read of 20 bytes, idle queue", &mut || read_err())?;
    time("three arguments + launch, no wait", &mut || launch())?;
    cl.queue.finish().map_err(api("clFinish"))?;
    time("launch + blocking read of 20 bytes", &mut || {
        launch()?;
        read_err()
    })?;
    let row = |host: &mut Vec<i32>| -> Result<(), String> {
        launch()?;
        read_err()?;
        // SAFETY: a blocking read of the `n`-int buffer into `host` (`n` ints).
        unsafe { cl.queue.enqueue_read_buffer(&a, CL_BLOCKING, 0, host, &[]) }
            .map(|_| ())
            .map_err(api("clEnqueueReadBuffer"))
    };
    time("launch + blocking read of 20 bytes + blocking read of the buffer", &mut || {
        row(&mut host)
    })?;
    Ok(Outcome { stdout, report: String::new() })
}
