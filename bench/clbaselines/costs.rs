//! `somd-clbaseline costs [N]`: what the driver itself charges for the operations one
//! device call of a generated program makes, so that a program's per-call wall time can
//! be compared with its floor (docs/performance.md, "Eighth session"). On the profiling
//! queue every baseline uses, with a buffer of N `int`s (default 1000; LUFact's row is
//! 1000 `double`s), the mean host wall time over 2,000 repetitions (after 50 untimed) of:
//! creating and releasing a 20-byte error buffer, a blocking read of it, setting three
//! arguments and enqueueing a launch, a launch followed by the blocking error read, and
//! that followed by a blocking read of the buffer (a row fetched for the host); then the
//! step of LUFact's row scope (`runtime/src/device/rows.rs`): a row written to a matrix
//! buffer without waiting, copied on the device into the call's row buffer, a launch, the
//! next row read without waiting, and the blocking error read, with the host's ends of the
//! transfers in ordinary (pageable) memory or in pinned memory.

use crate::host::{api, Cl, CL_MEM_READ_WRITE};
use crate::{size_arg, Outcome};
use opencl3::kernel::ExecuteKernel;
use opencl3::memory::ClMem as _;
use opencl3::types::{CL_BLOCKING, CL_NON_BLOCKING};
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
    let mut pinned_words = cl.pinned::<i32>(5)?;
    time("launch + blocking read of 20 bytes into pinned memory", &mut || {
        launch()?;
        // SAFETY: a blocking read of the 5-int buffer into 5 pinned ints.
        unsafe { cl.queue.enqueue_read_buffer(&err, CL_BLOCKING, 0, &mut pinned_words, &[]) }
            .map(|_| ())
            .map_err(api("clEnqueueReadBuffer"))
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
    // LUFact's step: 16 rows of `n` ints, row 3 written, copied to `a`, row 4 read ahead.
    let rows = 16;
    let mut matrix = cl.buffer::<i32>(CL_MEM_READ_WRITE, rows * n)?;
    let row_bytes = n * std::mem::size_of::<i32>();
    let mut row_buf = cl.buffer::<i32>(CL_MEM_READ_WRITE, n)?;
    let page_row = vec![1i32; n];
    let mut page_ahead = vec![0i32; n];
    let mut page_err = vec![0i32; 5];
    let mut pin_row = cl.pinned::<i32>(n)?;
    pin_row.fill(1);
    let mut pin_ahead = cl.pinned::<i32>(n)?;
    let mut pin_err = cl.pinned::<i32>(5)?;
    let mut step = |write: &[i32], ahead: &mut [i32], words: &mut [i32], copy: bool| {
        // SAFETY: every host slice outlives the blocking read that ends the step (the
        // queue is in order), and each buffer is at least as long as its transfer.
        unsafe {
            cl.queue
                .enqueue_write_buffer(&mut matrix, CL_NON_BLOCKING, 3 * row_bytes, write, &[])
                .map_err(api("clEnqueueWriteBuffer"))?;
            if copy {
                cl.queue
                    .enqueue_copy_buffer(&matrix, &mut row_buf, 3 * row_bytes, 0, row_bytes, &[])
                    .map_err(api("clEnqueueCopyBuffer"))?;
            }
            launch()?;
            cl.queue
                .enqueue_read_buffer(&matrix, CL_NON_BLOCKING, 4 * row_bytes, ahead, &[])
                .map_err(api("clEnqueueReadBuffer"))?;
            cl.queue
                .enqueue_read_buffer(&err, CL_BLOCKING, 0, words, &[])
                .map_err(api("clEnqueueReadBuffer"))?;
        }
        Ok::<(), String>(())
    };
    time("row step, pageable: write + copy + launch + read ahead + error read", &mut || {
        step(&page_row, &mut page_ahead, &mut page_err, true)
    })?;
    time("row step, pageable, no copy", &mut || {
        step(&page_row, &mut page_ahead, &mut page_err, false)
    })?;
    time("row step, read ahead into pinned memory", &mut || {
        step(&page_row, &mut pin_ahead, &mut page_err, true)
    })?;
    time("row step, error read into pinned memory", &mut || {
        step(&page_row, &mut page_ahead, &mut pin_err, true)
    })?;
    time("row step, reads into pinned memory", &mut || {
        step(&page_row, &mut pin_ahead, &mut pin_err, true)
    })?;
    time("row step, all pinned", &mut || step(&pin_row, &mut pin_ahead, &mut pin_err, true))?;
    time("row step, all pinned, no copy", &mut || {
        step(&pin_row, &mut pin_ahead, &mut pin_err, false)
    })?;
    Ok(Outcome { stdout, report: String::new() })
}
