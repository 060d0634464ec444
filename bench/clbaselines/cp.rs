//! Parboil CP (`samples/cp.somd`): the coulombic potential of the atoms on one grid slice
//! (`cl/cp.cl`). The atoms go up once into `__constant` chunks as large as the device's
//! constant memory allows; one launch per chunk on a 2-D range of rows, with several points
//! per work-item; the grid comes down once at the end, and the host computes the sample's
//! printed statistics from it.

use crate::host::{round_up, Cl, CL_MEM_READ_ONLY, CL_MEM_READ_WRITE};
use crate::{args, printf, size_arg, Outcome};
use opencl3::memory::ClMem as _;
use somd_runtime::java::math::{max_f32, min_f32};
use somd_runtime::java::{Arg, Random};

/// Distance between neighbouring grid points.
const SPACING: f32 = 0.1;
/// Points per work-item (`UNROLL` in `cl/cp.cl`).
const UNROLL: usize = 8;
/// Bytes of one atom (`float4`).
const ATOM_BYTES: u64 = 16;
/// At most this many atoms per launch, as Parboil's `MAXATOMS`: leaves the rest of a 64 KiB
/// constant bank to the compiler.
const MAX_CHUNK: usize = 4000;

/// Runs the benchmark with the sample's arguments `[ATOMS] [GRID]`.
pub fn run(args: &[String]) -> Result<Outcome, String> {
    let atom_count = size_arg(args, 0, 100)?;
    let n = size_arg(args, 1, 64)?;
    let cl = Cl::open(include_str!("cl/cp.cl"))?;
    // n < 2^31: it came from a Java int.
    let extent = n as f32 * SPACING;
    let mut random = Random::with_seed(4242);
    let mut atoms = cl.pinned::<[f32; 4]>(atom_count)?;
    for atom in atoms.iter_mut() {
        let x = random.next_float() * extent;
        let y = random.next_float() * extent;
        let z = random.next_float() * extent;
        *atom = [x, y, z, random.next_float() * 2.0f32 - 1.0f32];
    }
    let z = ((n / 2) as f32 + 0.5f32) * SPACING;

    // The constant memory's size, at least the 64 KiB every device has.
    let by_constant =
        usize::try_from(cl.limits.constant_mem.max(65536) / ATOM_BYTES).unwrap_or(MAX_CHUNK);
    let chunk = by_constant.min(MAX_CHUNK);
    let mut chunks = Vec::new();
    for part in atoms.chunks(chunk) {
        let mut buffer = cl.buffer::<[f32; 4]>(CL_MEM_READ_ONLY, part.len())?;
        cl.upload(&mut buffer, part)?;
        chunks.push((buffer, part.len() as i32));
    }
    let grid_dev = cl.buffer::<f32>(CL_MEM_READ_WRITE, n * n)?;

    let kernel = cl.kernel("potential")?;
    // Rows of 16 work-items (each with UNROLL points), 8 rows per group where allowed, as
    // Parboil's CP blocks.
    let width = cl.group_size(&kernel, 16);
    let height = (cl.group_size(&kernel, 128) / width).max(1);
    let global = [round_up(n.div_ceil(UNROLL), width), round_up(n, height)];
    let size = n as i32;
    let mut events = Vec::new();
    for (index, (buffer, count)) in chunks.iter().enumerate() {
        let first = i32::from(index == 0);
        args!(&kernel, &grid_dev.get(), &size, &z, &SPACING, &buffer.get(), count, &first);
        events.push(cl.enqueue(&kernel, &global, &[width, height])?);
    }
    cl.finish(&events)?;
    let mut grid = cl.pinned::<f32>(n * n)?;
    cl.download(&grid_dev, &mut grid)?;

    let mut total = 0.0f64;
    let (mut lowest, mut highest) = (grid[0], grid[0]);
    for &value in grid.iter() {
        total += f64::from(value);
        lowest = min_f32(lowest, value);
        highest = max_f32(highest, value);
    }
    let mut stdout = format!("cp atoms={atom_count} grid={n}x{n}\n");
    stdout += &printf(
        "corner %.6e centre %.6e%n",
        &[Arg::Float(grid[0]), Arg::Float(grid[n / 2 * n + n / 2])],
    )?;
    stdout += &printf("lowest %.6e highest %.6e%n", &[Arg::Float(lowest), Arg::Float(highest)])?;
    stdout += &printf("total %.6e%n", &[Arg::Double(total)])?;
    drop((atoms, grid));
    Ok(Outcome { stdout, report: cl.report() })
}
