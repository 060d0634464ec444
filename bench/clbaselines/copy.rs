//! `somd-clbaseline copy [MIB]`: the device's copy bandwidth, (bytes read + bytes written)
//! / kernel time, the median of 7 launches of `cl/copy.cl` over a buffer of MIB mebibytes
//! (default 256, capped at half the largest allocation). The bandwidth-bound benchmarks'
//! achieved rates are reported against it.

use crate::host::{Cl, CL_MEM_READ_ONLY, CL_MEM_WRITE_ONLY};
use crate::{args, size_arg, Outcome};
use opencl3::memory::ClMem as _;

/// Prints `copy_gbps=G bytes=B device=PLATFORM / DEVICE` on standard output.
pub fn run(args: &[String]) -> Result<Outcome, String> {
    let mib = size_arg(args, 0, 256)?;
    let cl = Cl::open(include_str!("cl/copy.cl"))?;
    let max_alloc = cl.device.max_mem_alloc_size().unwrap_or(0) as usize;
    let bytes = (mib << 20).min(max_alloc / 2) / 16 * 16;
    if bytes == 0 {
        return Err("the device cannot allocate a copy buffer".to_string());
    }
    let count = bytes / 16;
    let from = cl.buffer::<[f32; 4]>(CL_MEM_READ_ONLY, count)?;
    let to = cl.buffer::<[f32; 4]>(CL_MEM_WRITE_ONLY, count)?;
    let kernel = cl.kernel("copy")?;
    args!(&kernel, &from.get(), &to.get());
    let local = cl.group_size(&kernel, 256);
    let global = count / local * local;
    let mut seconds = Vec::new();
    for _ in 0..8 {
        let before = cl.kernel_ns();
        cl.launch(&kernel, &[global], &[local])?;
        seconds.push((cl.kernel_ns() - before) as f64 / 1e9);
    }
    // The first launch warms the buffers up (first touch of the pages on CPU devices).
    seconds.remove(0);
    seconds.sort_by(f64::total_cmp);
    let median = seconds[seconds.len() / 2];
    let moved = 2 * global * 16;
    let gbps = moved as f64 / median / 1e9;
    let stdout = format!("copy_gbps={gbps:.1} bytes={moved} device={}\n", cl.label);
    Ok(Outcome { stdout, report: String::new() })
}
