//! Parboil MRI-Q (`samples/mriq.somd`): Q for every voxel from the k-space samples
//! (`cl/mriq.cl`). The samples, packed with their `|phi|^2` on the host, go up once into
//! `__constant` chunks; one launch per chunk, one work-item per voxel; the last launch also
//! reduces Q to the two totals per work-group. Only the groups' partial sums and the two
//! printed voxels come down.

use crate::host::{Cl, CL_MEM_READ_ONLY, CL_MEM_READ_WRITE, CL_MEM_WRITE_ONLY};
use crate::{args, printf, size_arg, Outcome};
use opencl3::memory::ClMem as _;
use somd_runtime::java::{Arg, Random};

/// Bytes of one k-space sample (`float4`).
const SAMPLE_BYTES: u64 = 16;
/// At most this many samples per launch: leaves the rest of a 64 KiB constant bank to the
/// compiler.
const MAX_CHUNK: usize = 4000;

/// The sample's `uniform`: `count` floats in [-half, half).
fn uniform(random: &mut Random, count: usize, half: f32) -> Vec<f32> {
    (0..count).map(|_| (random.next_float() * 2.0f32 - 1.0f32) * half).collect()
}

/// Runs the benchmark with the sample's arguments `[VOXELS] [SAMPLES]`.
pub fn run(args: &[String]) -> Result<Outcome, String> {
    let voxel_count = size_arg(args, 0, 512)?;
    let sample_count = size_arg(args, 1, 256)?;
    let cl = Cl::open(include_str!("cl/mriq.cl"))?;
    let mut random = Random::with_seed(1998);
    let kx = uniform(&mut random, sample_count, 0.5);
    let ky = uniform(&mut random, sample_count, 0.5);
    let kz = uniform(&mut random, sample_count, 0.5);
    let phi_r = uniform(&mut random, sample_count, 1.0);
    let phi_i = uniform(&mut random, sample_count, 1.0);
    let mut samples = cl.pinned::<[f32; 4]>(sample_count)?;
    for (s, sample) in samples.iter_mut().enumerate() {
        // The sample's `phiMag`.
        *sample = [kx[s], ky[s], kz[s], phi_r[s] * phi_r[s] + phi_i[s] * phi_i[s]];
    }
    let mut coordinates = Vec::new();
    for _ in 0..3 {
        let mut axis = cl.pinned::<f32>(voxel_count)?;
        axis.copy_from_slice(&uniform(&mut random, voxel_count, 16.0));
        coordinates.push(axis);
    }

    let by_constant =
        usize::try_from(cl.limits.constant_mem.max(65536) / SAMPLE_BYTES).unwrap_or(MAX_CHUNK);
    let chunk = by_constant.min(MAX_CHUNK);
    let mut chunks = Vec::new();
    for part in samples.chunks(chunk) {
        let mut buffer = cl.buffer::<[f32; 4]>(CL_MEM_READ_ONLY, part.len())?;
        cl.upload(&mut buffer, part)?;
        chunks.push((buffer, part.len() as i32));
    }
    let mut axes = Vec::new();
    for axis in &coordinates {
        let mut buffer = cl.buffer::<f32>(CL_MEM_READ_ONLY, voxel_count)?;
        cl.upload(&mut buffer, axis)?;
        axes.push(buffer);
    }
    let q_real = cl.buffer::<f32>(CL_MEM_READ_WRITE, voxel_count)?;
    let q_imag = cl.buffer::<f32>(CL_MEM_READ_WRITE, voxel_count)?;

    let kernel = cl.kernel("compute_q")?;
    // One voxel per work-item and no splitting of a voxel's sum (its order fixes the
    // result): groups of up to 256, smaller where that leaves compute units idle.
    let mut local = cl.group_size(&kernel, 256);
    while local > 32 && voxel_count.div_ceil(local) < 2 * cl.limits.compute_units {
        local /= 2;
    }
    let groups = voxel_count.div_ceil(local);
    let partials_dev = cl.buffer::<f64>(CL_MEM_WRITE_ONLY, 2 * groups)?;
    // voxel_count < 2^31: it came from a Java int.
    let voxels = voxel_count as i32;
    let mut events = Vec::new();
    for (index, (buffer, count)) in chunks.iter().enumerate() {
        let first = i32::from(index == 0);
        let last = i32::from(index + 1 == chunks.len());
        args!(
            &kernel,
            &axes[0].get(),
            &axes[1].get(),
            &axes[2].get(),
            &q_real.get(),
            &q_imag.get(),
            &voxels,
            &buffer.get(),
            count,
            &first,
            &last,
            &partials_dev.get()
        );
        // SAFETY: argument 11 is the `__local double *scratch` of two doubles per
        // work-item.
        unsafe { kernel.set_arg_local_buffer(11, 2 * local * std::mem::size_of::<f64>()) }
            .map_err(|e| format!("clSetKernelArg(11): {e}"))?;
        events.push(cl.enqueue(&kernel, &[groups * local], &[local])?);
    }
    cl.finish(&events)?;
    let mut partials = cl.pinned::<f64>(2 * groups)?;
    cl.download(&partials_dev, &mut partials)?;
    let (real_total, imag_total) = cl.host_combine(|| {
        partials.chunks(2).fold((0.0f64, 0.0f64), |(r, i), pair| (r + pair[0], i + pair[1]))
    });
    let mut ends = cl.pinned::<f32>(4)?;
    let last = voxel_count - 1;
    cl.download_at(&q_real, 0, &mut ends[0..1])?;
    cl.download_at(&q_imag, 0, &mut ends[1..2])?;
    cl.download_at(&q_real, last, &mut ends[2..3])?;
    cl.download_at(&q_imag, last, &mut ends[3..4])?;

    let mut stdout = format!("mriq voxels={voxel_count} samples={sample_count}\n");
    stdout += &printf("Q[0] %.6e %.6e%n", &[Arg::Float(ends[0]), Arg::Float(ends[1])])?;
    stdout += &printf("Q[n-1] %.6e %.6e%n", &[Arg::Float(ends[2]), Arg::Float(ends[3])])?;
    stdout += &printf("total %.6e %.6e%n", &[Arg::Double(real_total), Arg::Double(imag_total)])?;
    drop((samples, coordinates, partials, ends));
    Ok(Outcome { stdout, report: cl.report() })
}
