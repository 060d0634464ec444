//! All-Pairs distance (`samples/allpairs.somd`, the Parakeet paper's benchmark): the
//! distance matrix in TILE x TILE blocks, each work-group staging its vectors in local
//! memory (`cl/allpairs.cl`). Both lists go up once from pinned memory, the matrix comes
//! down once, and the host computes the sample's printed statistics from it.

use crate::host::{round_up, Cl, CL_MEM_READ_ONLY, CL_MEM_READ_WRITE};
use crate::{args, size_arg, Outcome};
use opencl3::memory::ClMem as _;
use somd_runtime::java::Random;

/// The side of a block (`TILE` in `cl/allpairs.cl`).
const TILE: usize = 16;

/// Runs the benchmark with the sample's arguments `[N] [M] [DIMS]`.
pub fn run(args: &[String]) -> Result<Outcome, String> {
    let n = size_arg(args, 0, 100)?;
    let m = size_arg(args, 1, 80)?;
    let dims = size_arg(args, 2, 16)?;
    if n == 0 || m == 0 || dims == 0 {
        return Err("allpairs needs at least one vector of each list and one dimension".into());
    }
    let cl = Cl::open(include_str!("cl/allpairs.cl"))?;
    let mut random = Random::with_seed(2011);
    let mut xs = cl.pinned::<f32>(n * dims)?;
    for v in xs.iter_mut() {
        *v = random.next_float() * 2.0f32 - 1.0f32;
    }
    let mut ys = cl.pinned::<f32>(m * dims)?;
    for v in ys.iter_mut() {
        *v = random.next_float() * 2.0f32 - 1.0f32;
    }

    let mut xs_dev = cl.buffer::<f32>(CL_MEM_READ_ONLY, n * dims)?;
    let mut ys_dev = cl.buffer::<f32>(CL_MEM_READ_ONLY, m * dims)?;
    cl.upload(&mut xs_dev, &xs)?;
    cl.upload(&mut ys_dev, &ys)?;
    let out_dev = cl.buffer::<f32>(CL_MEM_READ_WRITE, n * m)?;
    let kernel = cl.kernel("distances")?;
    // The sizes came from Java ints.
    let (n32, m32, dims32) = (n as i32, m as i32, dims as i32);
    args!(&kernel, &xs_dev.get(), &ys_dev.get(), &out_dev.get(), &n32, &m32, &dims32);
    cl.launch(&kernel, &[round_up(m, TILE), round_up(n, TILE)], &[TILE, TILE])?;
    let mut d = cl.pinned::<f32>(n * m)?;
    cl.download(&out_dev, &mut d)?;

    let stdout = somd_bench::allpairs::report(n, m, dims, &d)?;
    drop((xs, ys, d));
    Ok(Outcome { stdout, report: cl.report() })
}
