//! `somd-clbaseline NAME [ARGS...]`: hand-tuned OpenCL C with Rust host code for the
//! benchmark samples — the "hand-written OpenCL" the papers compare generated code against.
//! `somd-clbaseline copy` measures the device's copy bandwidth instead, `somd-clbaseline
//! costs` the driver's time for the operations of one device call.
//!
//! Each baseline performs the device work of `samples/NAME.somd` (same sizes from the same
//! arguments, same `java.util.Random` data, the same arithmetic as Java evaluates it) and
//! prints the same standard output, so the harness checks it like every other variant. The
//! tuning is what a skilled OpenCL programmer would write (docs/performance.md, "The
//! harness"): pinned host memory for every transfer, data kept on the device between
//! launches, vector loads in the bandwidth-bound kernels, local-memory tiles, maps fused
//! with the reductions over their results, work-group reductions whose last partials the
//! host adds, and work-group sizes bounded by the device's limits. The program is built
//! once per process, through an on-disk binary cache as the generated programs do.
//!
//! On standard error it prints `somd-bench kernel_ns=N` (the device time of every kernel,
//! from profiling events, plus the host's combining of reduction partials), `somd-bench
//! transfer_ns=N` (host wall time of the blocking uploads and downloads) and `somd-bench
//! build_ns=N` (opening the program), the same definitions as the harness applies to the
//! generated program's `SOMD_TRACE=json` events. The device is the one the generated
//! programs pick under `SOMD_DEVICE=opencl` (the first GPU, else the first device), or
//! under `SOMD_DEVICE=opencl:TEXT` the first whose platform or device name contains TEXT.

mod allpairs;
mod blackscholes;
mod copy;
mod costs;
mod cp;
mod crypt;
mod host;
mod kmeans;
mod lufact;
mod montecarlo;
mod mosaic;
mod mriq;
mod nbody;
mod nbody_double;
mod saxpy;
mod series;
mod sor;
mod sparsematmult;
mod vectoradd;

use std::process::ExitCode;

/// What a baseline run produced.
pub struct Outcome {
    /// The program's standard output, identical to the sample's.
    pub stdout: String,
    /// The `somd-bench ...=N` lines for standard error ([`host::Cl::report`]).
    pub report: String,
}

pub use somd_bench::args::{int_arg, printf, size_arg};

use somd_bench::HAND_OPENCL as NAMES;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(name) = args.first() else {
        eprintln!("usage: somd-clbaseline {}|copy|costs [ARGS...]", NAMES.join("|"));
        return ExitCode::from(2);
    };
    let rest = &args[1..];
    let result = match name.as_str() {
        "vectoradd" => vectoradd::run(rest),
        "series" => series::run(rest),
        "sor" => sor::run(rest),
        "nbody" => nbody::run(rest),
        "nbody_double" => nbody_double::run(rest),
        "saxpy" => saxpy::run(rest),
        "montecarlo" => montecarlo::run(rest),
        "blackscholes" => blackscholes::run(rest),
        "kmeans" => kmeans::run(rest),
        "crypt" => crypt::run(rest),
        "cp" => cp::run(rest),
        "mriq" => mriq::run(rest),
        "mosaic" => mosaic::run(rest),
        "sparsematmult" => sparsematmult::run(rest),
        "lufact" => lufact::run(rest),
        "allpairs" => allpairs::run(rest),
        "copy" => copy::run(rest),
        "costs" => costs::run(rest),
        other => Err(format!("no OpenCL baseline named {other:?}")),
    };
    match result {
        Ok(outcome) => {
            print!("{}", outcome.stdout);
            eprint!("{}", outcome.report);
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}
