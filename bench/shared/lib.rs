//! What the harness (`somd-bench`) and the two baseline binaries (`somd-baseline`,
//! `somd-clbaseline`) share: argument parsing and Java output, Crypt's key schedule, the
//! All-Pairs output, and the list of benchmarks with a hand-tuned OpenCL baseline.

pub mod allpairs;
pub mod args;
pub mod idea;

/// The benchmarks that `somd-clbaseline` implements.
pub const HAND_OPENCL: &[&str] = &[
    "vectoradd",
    "series",
    "sor",
    "nbody",
    "saxpy",
    "montecarlo",
    "blackscholes",
    "kmeans",
    "crypt",
    "nbody_double",
    "cp",
    "mriq",
    "mosaic",
    "sparsematmult",
    "lufact",
    "allpairs",
];
