//! Mosaic (`samples/mosaic.somd`): every reference tile's best library tile by the sum of
//! absolute differences (`cl/mosaic.cl`). The tiles go up once, packed four grey levels to
//! a `u32`; one launch finds each tile's best in each slice of the library, a second the
//! best over the slices; the matches come down and the host prints the sample's statistics
//! of them.

use crate::host::{round_up, Cl, CL_MEM_READ_ONLY, CL_MEM_READ_WRITE, CL_MEM_WRITE_ONLY};
use crate::{args, size_arg, Outcome};
use opencl3::memory::ClMem as _;
use somd_runtime::java::Random;

const TILE: usize = 8;
/// `u32` words of one packed tile.
const WORDS: usize = TILE * TILE / 4;

/// The sample's `randomTiles`, each tile's grey levels (clamped to 0..=255) packed four to
/// a little-endian `u32` into `packed`.
fn random_tiles(seed: i64, packed: &mut [u32]) -> Result<(), String> {
    let mut random = Random::with_seed(seed);
    let mut next = |bound: i32| random.next_int_bounded(bound).map_err(|e| format!("{e:?}"));
    for tile in packed.chunks_exact_mut(WORDS) {
        let base = next(256)?;
        for word in tile.iter_mut() {
            let mut bytes = [0u8; 4];
            for byte in &mut bytes {
                // In 0..=255 after the clamp.
                *byte = (base + next(33)? - 16).clamp(0, 255) as u8;
            }
            *word = u32::from_le_bytes(bytes);
        }
    }
    Ok(())
}

/// Runs the benchmark with the sample's arguments `[TILES] [LIBRARY]`.
pub fn run(args: &[String]) -> Result<Outcome, String> {
    let tile_count = size_arg(args, 0, 64)?;
    let library_count = size_arg(args, 1, 256)?;
    if tile_count < 3 {
        return Err(format!("mosaic prints three matches, so TILES >= 3, got {tile_count}"));
    }
    let cl = Cl::open(include_str!("cl/mosaic.cl"))?;
    let mut reference = cl.pinned::<u32>(tile_count * WORDS)?;
    let mut library = cl.pinned::<u32>(library_count * WORDS)?;
    random_tiles(600, &mut reference)?;
    random_tiles(601, &mut library)?;
    let mut reference_dev = cl.buffer::<u32>(CL_MEM_READ_ONLY, tile_count * WORDS)?;
    let mut library_dev = cl.buffer::<u32>(CL_MEM_READ_ONLY, library_count * WORDS)?;
    cl.upload(&mut reference_dev, &reference)?;
    cl.upload(&mut library_dev, &library)?;

    let slice_kernel = cl.kernel("best_in_slice")?;
    // A chunk of library tiles in local memory: 64 bytes per work-item.
    let by_local_mem = usize::try_from(cl.limits.local_mem).unwrap_or(usize::MAX) / 64;
    let local = cl.group_size(&slice_kernel, 128.min(by_local_mem));
    let tile_groups = tile_count.div_ceil(local);
    // Enough slices of the library for four groups per compute unit, each slice at least
    // one chunk.
    let wanted = (4 * cl.limits.compute_units).div_ceil(tile_groups);
    let slices_max = library_count.div_ceil(local);
    let slice_len = library_count.div_ceil(wanted.clamp(1, slices_max));
    let slices = library_count.div_ceil(slice_len);
    let partials_dev = cl.buffer::<i64>(CL_MEM_READ_WRITE, slices * tile_count)?;
    let matches_dev = cl.buffer::<i64>(CL_MEM_WRITE_ONLY, tile_count)?;
    // Counts below 2^31: they came from Java ints.
    let (tiles, library_int, slice_int, slices_int) =
        (tile_count as i32, library_count as i32, slice_len as i32, slices as i32);
    args!(
        &slice_kernel,
        &reference_dev.get(),
        &tiles,
        &library_dev.get(),
        &library_int,
        &slice_int,
        &partials_dev.get()
    );
    // SAFETY: argument 6 is the `__local uint4 *chunk` of four uint4 per work-item.
    unsafe { slice_kernel.set_arg_local_buffer(6, local * 64) }
        .map_err(|e| format!("clSetKernelArg(6): {e}"))?;
    let best_kernel = cl.kernel("best_of_slices")?;
    let best_local = cl.group_size(&best_kernel, 256);
    args!(&best_kernel, &partials_dev.get(), &tiles, &slices_int, &matches_dev.get());
    let events = vec![
        cl.enqueue(&slice_kernel, &[tile_groups * local, slices], &[local, 1])?,
        cl.enqueue(&best_kernel, &[round_up(tile_count, best_local)], &[best_local])?,
    ];
    cl.finish(&events)?;
    let mut matches = cl.pinned::<i64>(tile_count)?;
    cl.download(&matches_dev, &mut matches)?;

    // The low and high 32 bits, as the sample's `indexOf` and `scoreOf`.
    let chosen: Vec<i32> = matches.iter().map(|&m| m as i32).collect();
    let scores: Vec<i32> = matches.iter().map(|&m| (m >> 32) as i32).collect();
    let checksum =
        chosen.iter().fold(0i64, |acc, &c| acc.wrapping_mul(257).wrapping_add(i64::from(c)));
    let total = scores.iter().fold(0i32, |acc, &s| acc.wrapping_add(s));
    let best = scores.iter().copied().min().unwrap_or(i32::MAX);
    let worst = scores.iter().copied().max().unwrap_or(i32::MIN);
    let stdout = format!(
        "mosaic tiles={tile_count} library={library_count}\nfirst matches {} {} {}\n\
         total score {total} best {best} worst {worst}\nchecksum {checksum}\n",
        chosen[0], chosen[1], chosen[2]
    );
    drop((reference, library, matches));
    Ok(Outcome { stdout, report: cl.report() })
}
