//! Mosaic (`samples/mosaic.somd`): every reference tile of 8 x 8 grey levels is compared
//! with every library tile by the sum of absolute differences, and the best library tile
//! (the lowest index on ties) is chosen.
//!
//! The kernel region is the matching (the sample's `@ bestMatch` map). The sample has no
//! SOMD method and the generated program reports no kernel time, so only end-to-end
//! times compare the two.

use crate::{size_arg, Outcome};
use rayon::prelude::*;
use somd_runtime::java::Random;
use std::time::Instant;

const TILE: usize = 8;

/// The sample's `randomTiles`.
fn random_tiles(seed: i64, count: usize) -> Result<Vec<[i32; TILE * TILE]>, String> {
    let mut random = Random::with_seed(seed);
    let mut next = |bound: i32| random.next_int_bounded(bound).map_err(|e| format!("{e:?}"));
    let mut tiles = Vec::with_capacity(count);
    for _ in 0..count {
        let base = next(256)?;
        let mut tile = [0i32; TILE * TILE];
        for pixel in &mut tile {
            *pixel = (base + next(33)? - 16).clamp(0, 255);
        }
        tiles.push(tile);
    }
    Ok(tiles)
}

/// The sample's `score`: sum of absolute differences.
fn score(a: &[i32; TILE * TILE], b: &[i32; TILE * TILE]) -> i32 {
    a.iter().zip(b).map(|(a, b)| (a - b).abs()).sum()
}

/// The sample's `bestMatch`: (score << 32) | index of the best library tile.
fn best_match(tile: &[i32; TILE * TILE], library: &[[i32; TILE * TILE]]) -> i64 {
    library
        .iter()
        .enumerate()
        // Library indices came from a Java int.
        .map(|(index, candidate)| (i64::from(score(tile, candidate)) << 32) | index as i64)
        .min()
        .unwrap_or(i64::MAX)
}

/// Runs the benchmark with the sample's arguments `[TILES] [LIBRARY]`.
pub fn run(args: &[String], parallel: bool) -> Result<Outcome, String> {
    let tile_count = size_arg(args, 0, 64)?;
    let library_count = size_arg(args, 1, 256)?;
    if tile_count < 3 {
        return Err(format!("mosaic prints three matches, so TILES >= 3, got {tile_count}"));
    }
    let reference = random_tiles(600, tile_count)?;
    let library = random_tiles(601, library_count)?;

    let started = Instant::now();
    let matches: Vec<i64> = if parallel {
        reference.par_iter().map(|tile| best_match(tile, &library)).collect()
    } else {
        reference.iter().map(|tile| best_match(tile, &library)).collect()
    };
    let kernel = started.elapsed();

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
    Ok(Outcome { stdout, kernel })
}
