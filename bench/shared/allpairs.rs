//! What both All-Pairs baselines print (`samples/allpairs.somd`'s output): the sizes, the
//! first and last distance, the nearest and farthest pair and the total in `double`.

use crate::args::printf;
use somd_runtime::java::math::{max_f32, min_f32};
use somd_runtime::java::Arg;

/// The sample's standard output for the `n x m` distance matrix `d` (row-major) of vectors
/// of `dims` floats; `n` and `m` are at least 1.
pub fn report(n: usize, m: usize, dims: usize, d: &[f32]) -> Result<String, String> {
    let mut total = 0.0f64;
    let (mut nearest, mut farthest) = (d[0], d[0]);
    for &value in d {
        total += f64::from(value);
        nearest = min_f32(nearest, value);
        farthest = max_f32(farthest, value);
    }
    let mut stdout = format!("allpairs xs={n} ys={m} dims={dims}\n");
    stdout += &printf("first %.6e last %.6e%n", &[Arg::Float(d[0]), Arg::Float(d[n * m - 1])])?;
    stdout +=
        &printf("nearest %.6e farthest %.6e%n", &[Arg::Float(nearest), Arg::Float(farthest)])?;
    stdout += &printf("total %.6e%n", &[Arg::Double(total)])?;
    Ok(stdout)
}
