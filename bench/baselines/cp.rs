//! Parboil CP (`samples/cp.somd`): the coulombic potential of random charged atoms on a
//! slice of N x N grid points, each point summing `q / r` over the atoms in atom order in
//! `float`, so every thread count gives the same grid.
//!
//! The kernel region is the potential (the sample's SOMD method `potential`).

use crate::{printf, size_arg, Outcome};
use rayon::prelude::*;
use somd_runtime::java::math::{max_f32, min_f32};
use somd_runtime::java::{Arg, Random};
use std::time::Instant;

/// Distance between neighbouring grid points.
const SPACING: f32 = 0.1;

/// The potential at grid point `p` of an `n`-wide slice at height `z`; `atoms` holds
/// (x, y, z, charge) quadruples.
fn potential_at(p: usize, n: usize, atoms: &[f32], z: f32) -> f32 {
    // Grid indices are below 2^31 (they came from a Java int); `as f32` rounds to nearest
    // like Java's int-to-float conversion.
    let x = (p % n) as f32 * SPACING;
    let y = (p / n) as f32 * SPACING;
    let mut energy = 0.0f32;
    for atom in atoms.chunks_exact(4) {
        let dx = atom[0] - x;
        let dy = atom[1] - y;
        let dz = atom[2] - z;
        let r = f64::from(dx * dx + dy * dy + dz * dz).sqrt() as f32;
        energy += atom[3] / r;
    }
    // The sample adds the energy to the (zero) grid it was given.
    0.0f32 + energy
}

/// Runs the benchmark with the sample's arguments `[ATOMS] [GRID]`.
pub fn run(args: &[String], parallel: bool) -> Result<Outcome, String> {
    let atom_count = size_arg(args, 0, 100)?;
    let n = size_arg(args, 1, 64)?;
    // n < 2^31: it came from a Java int.
    let extent = n as f32 * SPACING;
    let mut random = Random::with_seed(4242);
    let mut atoms = vec![0.0f32; 4 * atom_count];
    for atom in atoms.chunks_exact_mut(4) {
        atom[0] = random.next_float() * extent;
        atom[1] = random.next_float() * extent;
        atom[2] = random.next_float() * extent;
        atom[3] = random.next_float() * 2.0f32 - 1.0f32;
    }
    let z = ((n / 2) as f32 + 0.5f32) * SPACING;

    let started = Instant::now();
    let mut grid = vec![0.0f32; n * n];
    if parallel {
        grid.par_chunks_mut(n).enumerate().for_each(|(j, row)| {
            for (i, point) in row.iter_mut().enumerate() {
                *point = potential_at(j * n + i, n, &atoms, z);
            }
        });
    } else {
        for (p, point) in grid.iter_mut().enumerate() {
            *point = potential_at(p, n, &atoms, z);
        }
    }
    let kernel = started.elapsed();

    let mut total = 0.0f64;
    let (mut lowest, mut highest) = (grid[0], grid[0]);
    for &value in &grid {
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
    Ok(Outcome { stdout, kernel })
}
