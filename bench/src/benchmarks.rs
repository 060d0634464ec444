//! The benchmark list: which sample, which baseline, and the sizes of a full and a
//! `--quick` run.

/// One benchmark: a sample and its hand-written baselines.
pub struct Benchmark {
    /// Name of the sample (`samples/NAME.somd`) and of the baseline (`somd-baseline NAME`).
    pub name: &'static str,
    /// Arguments of a full run (sized for about a second sequentially on a 2-core machine).
    pub full_args: &'static [&'static str],
    /// Arguments of a `--quick` run: the samples' defaults, whose output
    /// `samples/expected/NAME.out` (written by the Java twin) is also checked.
    pub quick_args: &'static [&'static str],
}

/// Every benchmark, in report order.
pub const ALL: &[Benchmark] = &[
    Benchmark { name: "vectoradd", full_args: &["20000000"], quick_args: &[] },
    Benchmark { name: "series", full_args: &["10000"], quick_args: &[] },
    Benchmark { name: "sor", full_args: &["1500", "100"], quick_args: &[] },
    Benchmark { name: "nbody", full_args: &["4096", "10"], quick_args: &[] },
    Benchmark { name: "saxpy", full_args: &["20000000"], quick_args: &[] },
    Benchmark { name: "montecarlo", full_args: &["8192", "10000"], quick_args: &[] },
];
