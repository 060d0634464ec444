//! K-Means (`samples/kmeans.somd`): `nearest` and `cluster_sums` both on the device
//! (`cl/kmeans.cl`); between iterations only the new centres go up and the groups' partial
//! sums come down, and the membership comes down once at the end.

use crate::host::{Cl, CL_MEM_READ_ONLY, CL_MEM_READ_WRITE, CL_MEM_WRITE_ONLY};
use crate::{args, int_arg, size_arg, Outcome};
use opencl3::memory::ClMem as _;
use somd_runtime::java::Random;

/// Runs the benchmark with the sample's arguments `[N] [K] [ITERATIONS]`.
pub fn run(args: &[String]) -> Result<Outcome, String> {
    let n = size_arg(args, 0, 20000)?;
    let k = size_arg(args, 1, 8)?;
    let iterations = int_arg(args, 2, 10)?;
    if k > n {
        return Err(format!("k = {k} centres need at least as many points, got {n}"));
    }
    let cl = Cl::open(include_str!("cl/kmeans.cl"))?;
    let local_bytes = 3 * k * 8;
    if local_bytes as u64 > cl.limits.local_mem {
        return Err(format!(
            "k = {k}: the cluster table needs {local_bytes} bytes of local memory"
        ));
    }
    let mut random = Random::with_seed(7);
    // k < 2^31: it came from a Java int.
    let k_int = k as i32;
    let mut points = cl.pinned::<[i32; 2]>(n)?;
    for point in points.iter_mut() {
        let cluster = random.next_int_bounded(k_int).map_err(|e| format!("{e:?}"))?;
        let x = cluster.wrapping_mul(1000).wrapping_add((random.next_gaussian() * 150.0) as i32);
        let y =
            (cluster % 3).wrapping_mul(1000).wrapping_add((random.next_gaussian() * 150.0) as i32);
        *point = [x, y];
    }
    let mut centres: Vec<[i32; 2]> = points[..k].to_vec();

    let mut points_dev = cl.buffer::<[i32; 2]>(CL_MEM_READ_ONLY, n)?;
    let mut centres_dev = cl.buffer::<[i32; 2]>(CL_MEM_READ_ONLY, k)?;
    let membership_dev = cl.buffer::<i32>(CL_MEM_READ_WRITE, n)?;
    cl.upload(&mut points_dev, &points)?;
    // n < 2^31: it came from a Java int.
    let count = n as i32;

    let nearest = cl.kernel("nearest")?;
    let nearest_local = cl.group_size(&nearest, 256);
    args!(&nearest, &points_dev.get(), &centres_dev.get(), &k_int, &count, &membership_dev.get());
    // SAFETY: argument 5 is the `__local int2 *local_centres` of k elements.
    unsafe { nearest.set_arg_local_buffer(5, k * 8) }
        .map_err(|e| format!("clSetKernelArg(5): {e}"))?;
    let nearest_global = n.div_ceil(nearest_local) * nearest_local;

    let sums = cl.kernel("cluster_sums")?;
    let sums_local = cl.group_size(&sums, 256);
    let groups = n.div_ceil(sums_local).clamp(1, 4 * cl.limits.compute_units);
    let partials_dev = cl.buffer::<i64>(CL_MEM_WRITE_ONLY, groups * 3 * k)?;
    args!(&sums, &points_dev.get(), &membership_dev.get(), &count, &k_int, &partials_dev.get());
    // SAFETY: arguments 5 and 6 are the `__local` low and high words of 3k sums.
    unsafe {
        sums.set_arg_local_buffer(5, 3 * k * 4).map_err(|e| format!("clSetKernelArg(5): {e}"))?;
        sums.set_arg_local_buffer(6, 3 * k * 4).map_err(|e| format!("clSetKernelArg(6): {e}"))?;
    }
    let mut partials = cl.pinned::<i64>(groups * 3 * k)?;

    let mut stdout = String::new();
    cl.upload(&mut centres_dev, &centres)?;
    cl.launch(&nearest, &[nearest_global], &[nearest_local])?;
    for it in 0..iterations {
        cl.launch(&sums, &[groups * sums_local], &[sums_local])?;
        cl.download(&partials_dev, &mut partials)?;
        let table = cl.host_combine(|| {
            let mut table = vec![0i64; 3 * k];
            for group in partials.chunks(3 * k) {
                for (total, part) in table.iter_mut().zip(group) {
                    *total = total.wrapping_add(*part);
                }
            }
            table
        });
        let mut next = centres.clone();
        for (c, centre) in next.iter_mut().enumerate() {
            let count = table[3 * c + 2];
            if count > 0 {
                *centre = [(table[3 * c] / count) as i32, (table[3 * c + 1] / count) as i32];
            }
        }
        if next == centres {
            stdout += &format!("converged after {it} iterations\n");
            break;
        }
        centres = next;
        cl.upload(&mut centres_dev, &centres)?;
        cl.launch(&nearest, &[nearest_global], &[nearest_local])?;
    }
    let mut membership = cl.pinned::<i32>(n)?;
    cl.download(&membership_dev, &mut membership)?;

    let mut sizes = vec![0i32; k];
    for &c in membership.iter() {
        let slot = usize::try_from(c).ok().and_then(|c| sizes.get_mut(c));
        *slot.ok_or_else(|| format!("membership {c} out of range"))? += 1;
    }
    stdout += &format!("kmeans n={n} k={k}\n");
    for (c, (centre, size)) in centres.iter().zip(&sizes).enumerate() {
        stdout += &format!("centre {c}: ({}, {}) size {size}\n", centre[0], centre[1]);
    }
    drop((points, partials, membership));
    Ok(Outcome { stdout, report: cl.report() })
}
