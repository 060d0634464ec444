//! `somd-baseline NAME seq|rayon [ARGS...]`: hand-written Rust versions of the benchmark
//! samples, run as processes exactly like the generated programs.
//!
//! Each baseline performs the same computation as `samples/NAME.somd` (same sizes from the
//! same arguments, same `java.util.Random` data, same arithmetic order where the sample
//! fixes it) and prints the same standard output, so the harness can check it against the
//! sample. It also prints one line `somd-bench kernel_ns=N` on standard error: the time of
//! the region that corresponds to the sample's SOMD method or map (not data generation,
//! not printing). `rayon` uses the global rayon pool, sized by `RAYON_NUM_THREADS`.

mod allpairs;
mod blackscholes;
mod cp;
mod crypt;
mod kmeans;
mod lufact;
mod montecarlo;
mod mosaic;
mod mriq;
mod nbody;
mod saxpy;
mod series;
mod sor;
mod sparsematmult;
mod vectoradd;

use std::process::ExitCode;
use std::time::Duration;

/// What a baseline run produced.
pub struct Outcome {
    /// The program's standard output, identical to the sample's.
    pub stdout: String,
    /// Time of the kernel region.
    pub kernel: Duration,
}

pub use somd_bench::args::{int_arg, printf, size_arg};

/// Every baseline, by benchmark name.
const NAMES: &[&str] = &[
    "vectoradd",
    "series",
    "sor",
    "nbody",
    "nbody_double",
    "saxpy",
    "montecarlo",
    "crypt",
    "sparsematmult",
    "lufact",
    "blackscholes",
    "kmeans",
    "mosaic",
    "cp",
    "mriq",
    "allpairs",
];

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(name), Some(mode)) = (args.first(), args.get(1)) else {
        eprintln!("usage: somd-baseline NAME seq|rayon [ARGS...]   (NAME: {})", NAMES.join("|"));
        return ExitCode::from(2);
    };
    let parallel = match mode.as_str() {
        "seq" => false,
        "rayon" => true,
        other => {
            eprintln!("error: mode must be seq or rayon, not {other:?}");
            return ExitCode::from(2);
        }
    };
    let rest = &args[2..];
    let result = match name.as_str() {
        "vectoradd" => vectoradd::run(rest, parallel),
        "series" => series::run(rest, parallel),
        "sor" => sor::run(rest, parallel),
        "nbody" => nbody::run(rest, parallel),
        "nbody_double" => nbody::run_double(rest, parallel),
        "saxpy" => saxpy::run(rest, parallel),
        "montecarlo" => montecarlo::run(rest, parallel),
        "crypt" => crypt::run(rest, parallel),
        "sparsematmult" => sparsematmult::run(rest, parallel),
        "lufact" => lufact::run(rest, parallel),
        "blackscholes" => blackscholes::run(rest, parallel),
        "kmeans" => kmeans::run(rest, parallel),
        "mosaic" => mosaic::run(rest, parallel),
        "cp" => cp::run(rest, parallel),
        "mriq" => mriq::run(rest, parallel),
        "allpairs" => allpairs::run(rest, parallel),
        other => Err(format!("no baseline named {other:?}")),
    };
    match result {
        Ok(outcome) => {
            print!("{}", outcome.stdout);
            eprintln!("somd-bench kernel_ns={}", outcome.kernel.as_nanos());
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}
