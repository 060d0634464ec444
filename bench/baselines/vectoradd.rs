//! Vector addition (`samples/vectoradd.somd`): `c[i] = a[i] + b[i]` over `java.util.Random`
//! data, then a Java `long` checksum.

use crate::{size_arg, Outcome};
use rayon::prelude::*;
use somd_runtime::java::Random;
use std::time::Instant;

/// Runs the benchmark with the sample's arguments `[N]`.
pub fn run(args: &[String], parallel: bool) -> Result<Outcome, String> {
    let n = size_arg(args, 0, 100_000)?;
    let mut random = Random::with_seed(8);
    let mut a = vec![0i32; n];
    let mut b = vec![0i32; n];
    for i in 0..n {
        a[i] = random.next_int_bounded(1_000_000).map_err(|e| format!("{e:?}"))?;
        b[i] = random.next_int_bounded(1_000_000).map_err(|e| format!("{e:?}"))?;
    }

    let started = Instant::now();
    let c: Vec<i32> = if parallel {
        a.par_iter().zip(b.par_iter()).map(|(x, y)| x.wrapping_add(*y)).collect()
    } else {
        a.iter().zip(&b).map(|(x, y)| x.wrapping_add(*y)).collect()
    };
    let kernel = started.elapsed();

    let mut checksum: i64 = 0;
    let mut ok = c.len() == n;
    for i in 0..n {
        checksum = checksum.wrapping_mul(31).wrapping_add(i64::from(c[i]));
        if c[i] != a[i].wrapping_add(b[i]) {
            ok = false;
        }
    }
    let stdout = format!(
        "vectoradd n={n}\nchecksum {checksum}\nc[0]={} c[n-1]={}\n{}\n",
        c[0],
        c[n - 1],
        if ok { "OK" } else { "MISMATCH" }
    );
    Ok(Outcome { stdout, kernel })
}
