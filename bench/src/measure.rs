//! Running one variant of a benchmark as a process: its environment, its output check and
//! its times (end to end, the kernel region that the program itself reports, and for the
//! OpenCL variants the transfers).

use crate::prepare::Executables;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

/// Who wrote the code of a variant.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Origin {
    /// The program somdc generated from the sample.
    Generated,
    /// The hand-written Rust baseline.
    Baseline,
    /// The program somdc generated, run with `SOMD_DEVICE=opencl` (its kernels on the first
    /// OpenCL GPU, else the first OpenCL device).
    Device,
    /// The hand-tuned OpenCL baseline (`somd-clbaseline`, on the device `gen opencl` uses).
    HandOpenCl,
}

/// One way of running a benchmark.
#[derive(Clone, Debug)]
pub struct Variant {
    /// Generated or hand-written.
    pub origin: Origin,
    /// `None`: sequential (`SOMD_DEVICE=seq`, or the `seq` baseline); `Some(n)`: `n`
    /// threads (`SOMD_DEVICE=cpu SOMD_THREADS=n`, or rayon with `RAYON_NUM_THREADS=n`).
    pub threads: Option<usize>,
}

impl Variant {
    /// A short label for tables: `gen seq`, `gen cpu 4`, `base seq`, `rayon 4`,
    /// `gen opencl`, `hand opencl`.
    pub fn label(&self) -> String {
        match (self.origin, self.threads) {
            (Origin::Device, _) => "gen opencl".to_string(),
            (Origin::HandOpenCl, _) => "hand opencl".to_string(),
            (Origin::Generated, None) => "gen seq".to_string(),
            (Origin::Generated, Some(n)) => format!("gen cpu {n}"),
            (Origin::Baseline, None) => "base seq".to_string(),
            (Origin::Baseline, Some(n)) => format!("rayon {n}"),
        }
    }

    /// Whether the variant runs kernels on an OpenCL device.
    pub fn is_opencl(&self) -> bool {
        matches!(self.origin, Origin::Device | Origin::HandOpenCl)
    }

    /// Whether the variant's kernel region comes from instrumentation that costs time of
    /// its own (the generated programs' `SOMD_TRACE=json`, the hand OpenCL's profiling
    /// queue with a wait per launch), so that its end to end is timed in a separate plain
    /// run ([`Variant::command`] with `instrumented` false). The hand-written Rust
    /// baselines read two clocks around their kernel region and run the same either way.
    pub fn has_plain_run(&self) -> bool {
        !matches!(self.origin, Origin::Baseline)
    }

    /// The command that runs this variant of benchmark `name` (whose generated program is
    /// `generated`) with `args`: `instrumented`, it reports its kernel region (and
    /// transfers) on standard error; plain, it measures nothing (no `SOMD_TRACE`;
    /// `SOMD_BENCH_PLAIN=1` for the hand OpenCL baseline).
    pub fn command(
        &self,
        name: &str,
        generated: &Path,
        exes: &Executables,
        args: &[&str],
        instrumented: bool,
    ) -> Command {
        let mut command = match self.origin {
            Origin::Generated | Origin::Device => Command::new(generated),
            Origin::HandOpenCl => {
                let mut command = Command::new(&exes.clbaseline);
                command.arg(name);
                command
            }
            Origin::Baseline => {
                let mut command = Command::new(&exes.baseline);
                command.arg(name).arg(if self.threads.is_some() { "rayon" } else { "seq" });
                command
            }
        };
        command.args(args);
        for var in [
            "SOMD_DEVICE",
            "SOMD_THREADS",
            "SOMD_TRACE",
            "SOMD_CONFIG",
            "SOMD_BENCH_PLAIN",
            "RAYON_NUM_THREADS",
        ] {
            command.env_remove(var);
        }
        if instrumented && matches!(self.origin, Origin::Generated | Origin::Device) {
            command.env("SOMD_TRACE", "json");
        }
        match (self.origin, self.threads) {
            (Origin::Generated, threads) => {
                match threads {
                    None => command.env("SOMD_DEVICE", "seq"),
                    Some(n) => command.env("SOMD_DEVICE", "cpu").env("SOMD_THREADS", n.to_string()),
                };
            }
            (Origin::Device, _) => {
                command.env("SOMD_DEVICE", "opencl");
            }
            (Origin::HandOpenCl, _) => {
                command.env("SOMD_DEVICE", "opencl");
                if !instrumented {
                    command.env("SOMD_BENCH_PLAIN", "1");
                }
            }
            (Origin::Baseline, Some(n)) => {
                command.env("RAYON_NUM_THREADS", n.to_string());
            }
            (Origin::Baseline, None) => {}
        }
        command
    }
}

/// What one run of a process gave.
pub struct Sample {
    /// Its standard output.
    pub stdout: String,
    /// Wall time from spawning to exit, in milliseconds.
    pub end_to_end_ms: f64,
    /// The kernel region's time as the program reported it, in milliseconds: the sum of the
    /// `SOMD_TRACE=json` `time_ms` of the CPU runs (generated: the `cpu_call` events of its
    /// SOMD calls where it made any, the baselines' kernel region, else of every `@`, `!`
    /// and filter run on the CPU), the device's
    /// `kernel_ns` and `reduce_ns` of every `call` event (`gen opencl`: kernels only, no
    /// transfers), or the `somd-bench kernel_ns=` line (baselines). `None` when the program
    /// reported none.
    pub kernel_ms: Option<f64>,
    /// The time of the transfers between host and device, in milliseconds: the sum of the
    /// `ns` of every `SOMD_TRACE=json` `transfer` event (`gen opencl`) or the
    /// `somd-bench transfer_ns=` line (`hand opencl`); in both, the host wall time of each
    /// blocking upload or download. `None` when the program reported none.
    pub transfer_ms: Option<f64>,
}

/// The order in which round `round` runs `count` variants: a permutation shuffled
/// (Fisher–Yates) by a generator seeded with the round, so runs are repeatable and every
/// variant comes after different ones in different rounds.
pub fn round_order(count: usize, round: usize) -> Vec<usize> {
    // SplitMix64: a few lines, enough to shuffle a handful of indices.
    let mut state = (round as u64).wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let mut next = move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let mut order: Vec<usize> = (0..count).collect();
    for i in (1..count).rev() {
        let j = (next() % (i as u64 + 1)) as usize;
        order.swap(i, j);
    }
    order
}

/// Runs `command` once and times it.
pub fn run_once(mut command: Command) -> Result<Sample, String> {
    let started = Instant::now();
    let output = command.output().map_err(|e| format!("cannot start {command:?}: {e}"))?;
    let end_to_end_ms = started.elapsed().as_secs_f64() * 1e3;
    let stderr = String::from_utf8_lossy(&output.stderr);
    if !output.status.success() {
        return Err(format!("{command:?} failed ({}):\n{stderr}", output.status));
    }
    let stdout = String::from_utf8(output.stdout)
        .map_err(|e| format!("{command:?} printed invalid UTF-8: {e}"))?;
    Ok(Sample {
        stdout,
        end_to_end_ms,
        kernel_ms: kernel_ms(&stderr),
        transfer_ms: transfer_ms(&stderr),
    })
}

/// The transfer time a run reported on standard error (see [`Sample::transfer_ms`]).
fn transfer_ms(stderr: &str) -> Option<f64> {
    let mut total = None;
    for line in stderr.lines() {
        if let Some(ns) = line.strip_prefix("somd-bench transfer_ns=") {
            let ns: f64 = ns.trim().parse().ok()?;
            *total.get_or_insert(0.0) += ns / 1e6;
        } else if line.starts_with("{\"event\":\"transfer\"") {
            let value: serde_json::Value = serde_json::from_str(line).ok()?;
            let ns = value.get("ns").and_then(serde_json::Value::as_f64)?;
            *total.get_or_insert(0.0) += ns / 1e6;
        }
    }
    total
}

/// The kernel time a run reported on standard error (see [`Sample::kernel_ms`]). A
/// generated program's CPU runs of `@`s, `!`s and filters count only when it made no SOMD
/// call: the baselines time the computation of the sample's SOMD method (Saxpy's,
/// Black-Scholes' and Monte Carlo's `@` versions of it, K-Means' `@` steps, are outside).
fn kernel_ms(stderr: &str) -> Option<f64> {
    let mut total = None;
    let mut others = None;
    for line in stderr.lines() {
        if let Some(ns) = line.strip_prefix("somd-bench kernel_ns=") {
            let ns: f64 = ns.trim().parse().ok()?;
            *total.get_or_insert(0.0) += ns / 1e6;
        } else if line.starts_with('{') {
            let value: serde_json::Value = serde_json::from_str(line).ok()?;
            if let Some(ms) = value.get("time_ms").and_then(serde_json::Value::as_f64) {
                let construct = value.get("construct").and_then(serde_json::Value::as_str);
                match construct {
                    None | Some("somd") => *total.get_or_insert(0.0) += ms,
                    Some(_) => *others.get_or_insert(0.0) += ms,
                }
            } else if value.get("event").and_then(serde_json::Value::as_str) == Some("call") {
                let ns = |key: &str| value.get(key).and_then(serde_json::Value::as_f64);
                let kernel = ns("kernel_ns").unwrap_or(0.0) + ns("reduce_ns").unwrap_or(0.0);
                *total.get_or_insert(0.0) += kernel / 1e6;
            }
        }
    }
    total.or(others)
}

/// Relative tolerance for floating-point numbers in outputs: results on every placement
/// are the same up to reassociation in reductions (LANGUAGE.md §4.1), which at benchmark
/// sizes reaches the last digits the samples print (e.g. SOR's `%.12e` total).
pub const FLOAT_TOLERANCE: f64 = 1e-9;

/// Whether `actual` is `expected` up to floating-point reassociation: the same
/// whitespace-separated words, where words that are decimal fractions (`1.25`,
/// `4.75e-03`) may differ by [`FLOAT_TOLERANCE`] relatively; integers and text must be
/// identical.
pub fn same_output(expected: &str, actual: &str) -> bool {
    if expected == actual {
        return true;
    }
    let fraction = |word: &str| -> Option<f64> {
        if word.contains(['.', 'e', 'E']) {
            word.parse::<f64>().ok().filter(|x| x.is_finite())
        } else {
            None
        }
    };
    let (mut left, mut right) = (expected.split_whitespace(), actual.split_whitespace());
    loop {
        match (left.next(), right.next()) {
            (None, None) => return true,
            (Some(a), Some(b)) if a == b => {}
            (Some(a), Some(b)) => match (fraction(a), fraction(b)) {
                (Some(x), Some(y)) if (x - y).abs() <= FLOAT_TOLERANCE * x.abs().max(y.abs()) => {}
                _ => return false,
            },
            _ => return false,
        }
    }
}

/// Median, minimum and maximum of some times, in milliseconds.
#[derive(Clone, Copy, Debug)]
pub struct Stats {
    /// The median (mean of the two middle values for an even count).
    pub median: f64,
    /// The smallest value.
    pub min: f64,
    /// The largest value.
    pub max: f64,
}

impl Stats {
    /// The statistics of `values`, or `None` when there are none.
    pub fn of(values: &[f64]) -> Option<Stats> {
        let mut sorted = values.to_vec();
        sorted.sort_by(f64::total_cmp);
        let (first, last) = (*sorted.first()?, *sorted.last()?);
        let mid = sorted.len() / 2;
        let median =
            if sorted.len() % 2 == 1 { sorted[mid] } else { (sorted[mid - 1] + sorted[mid]) / 2.0 };
        Some(Stats { median, min: first, max: last })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_and_even_counts() {
        let odd = Stats::of(&[3.0, 1.0, 2.0]).expect("values");
        assert_eq!((odd.median, odd.min, odd.max), (2.0, 1.0, 3.0));
        let even = Stats::of(&[4.0, 1.0, 2.0, 3.0]).expect("values");
        assert_eq!(even.median, 2.5);
        assert!(Stats::of(&[]).is_none());
    }

    #[test]
    fn outputs_equal_up_to_reassociation() {
        assert!(same_output("Gtotal 1.122877660773e+00\n", "Gtotal 1.122877660772e+00\n"));
        assert!(!same_output("Gtotal 1.12e+00\n", "Gtotal 1.13e+00\n"));
        assert!(!same_output("checksum 5290062118438403765", "checksum 5290062118438403766"));
        assert!(!same_output("OK", "MISMATCH"));
        assert!(!same_output("a 1.0", "a 1.0 2.0"));
    }

    #[test]
    fn rounds_run_every_variant_once_in_changing_orders() {
        let orders: Vec<Vec<usize>> = (0..8).map(|round| round_order(6, round)).collect();
        for order in &orders {
            let mut sorted = order.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..6).collect::<Vec<_>>());
        }
        // Variant 5 (the last, hand-written OpenCL) is not always preceded by variant 4.
        let after_4 = |order: &Vec<usize>| order.windows(2).any(|w| w == [4, 5]);
        assert!(!orders.iter().all(after_4));
        assert_eq!(round_order(6, 3), round_order(6, 3));
        assert!(orders.windows(2).any(|w| w[0] != w[1]));
        assert_eq!(round_order(0, 0), Vec::<usize>::new());
    }

    #[test]
    fn kernel_time_from_trace_and_baseline_lines() {
        let trace = "{\"method\":\"A.f\",\"placement\":\"cpu\",\"mis\":2,\"time_ms\":1.5}\n\
                     {\"method\":\"A.g\",\"placement\":\"cpu\",\"mis\":2,\"time_ms\":2.0}\n";
        assert_eq!(kernel_ms(trace), Some(3.5));
        assert_eq!(kernel_ms("somd-bench kernel_ns=2500000\n"), Some(2.5));
        assert_eq!(kernel_ms("nothing\n"), None);
        let device = "{\"event\":\"transfer\",\"ns\":9000000}\n\
                      {\"event\":\"call\",\"kernel_ns\":1500000,\"reduce_ns\":500000,\"wall_ns\":9}\n";
        assert_eq!(kernel_ms(device), Some(2.0));
        assert_eq!(transfer_ms(device), Some(9.0));
        let hand = "somd-bench kernel_ns=3000000\nsomd-bench transfer_ns=1500000\n";
        assert_eq!(kernel_ms(hand), Some(3.0));
        assert_eq!(transfer_ms(hand), Some(1.5));
        assert_eq!(transfer_ms(trace), None);
        // `@`, `!` and filters on the CPU count only in a program without SOMD calls.
        let cpu = |construct: &str, ms: f64| {
            format!("{{\"event\":\"cpu_call\",\"construct\":\"{construct}\",\"time_ms\":{ms}}}\n")
        };
        let with_somd = cpu("map", 4.0) + &cpu("somd", 1.5) + &cpu("reduce", 2.0);
        assert_eq!(kernel_ms(&with_somd), Some(1.5));
        let maps_only = cpu("map", 4.0) + &cpu("reduce", 2.0) + &cpu("filter", 0.5);
        assert_eq!(kernel_ms(&maps_only), Some(6.5));
    }
}
