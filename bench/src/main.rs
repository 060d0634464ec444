//! `somd-bench`: the benchmark harness (docs/performance.md, "CPU back end").
//!
//! ```text
//! cargo run --release -p somd-bench -- [--quick | --size full|quick|A|B|C|paper]
//!     [--check-only] [--filter NAME]...
//!     [--device seq,cpu,opencl] [--threads 1,2,4] [--reps 5] [--warmups 1] [--json FILE]
//!     [--somdc PATH] [--stage DIR | --prebuilt DIR] [--traced-end-to-end]
//! ```
//!
//! For each selected benchmark it builds the generated program of `samples/NAME.somd` and
//! the hand-written baselines (`bench/baselines/`), runs every variant as a process with
//! the same arguments (`gen seq`, `gen cpu N`, `base seq`, `rayon N`, and with
//! `--device opencl` `gen opencl`: `SOMD_DEVICE=opencl`, whose kernel time is the sum of
//! the device kernel times of its trace, transfers excluded, and `hand opencl`: the
//! hand-tuned OpenCL baseline `somd-clbaseline` on the same device, timed the same way),
//! checks that each
//! prints what the sequential baseline prints, up to floating-point reassociation (and,
//! at the default sizes, exactly what the Java twin printed: `samples/expected/NAME.out`)
//! before timing it, then runs `--warmups` untimed runs per variant and `--reps` timed
//! rounds (each round runs every variant once, in an order shuffled anew each round, so
//! that load from other processes and a device waking from idle spread over all variants
//! alike). A variant that reports its kernel region through instrumentation (the generated
//! programs' `SOMD_TRACE=json`, the hand OpenCL's profiling queue) also runs plain in every
//! round, and its end-to-end time is the plain run's, so that measuring costs no variant
//! anything (`--traced-end-to-end` keeps one instrumented run per round and times it).
//! It prints medians with min–max of the end-to-end process
//! time and of the kernel region the program reports (for the OpenCL variants also kernels
//! plus transfers), and the ratios generated / hand-written; with `hand opencl`, the
//! device's copy bandwidth and the GB/s the bandwidth-bound benchmarks achieve. Progress
//! goes to standard error; tables to standard output.
//! `--size` picks the arguments: `full` (default), `quick` (as `--quick`), one of the
//! papers' size classes `A`, `B`, `C` (JavaGrande's classes; small and large for the
//! benchmarks of two sizes; benchmarks without the class are skipped) or `paper` (every
//! class of every benchmark), as listed in `benchmarks.rs`.
//! `--stage DIR` copies every executable into `DIR` so that `--prebuilt DIR` can run them
//! on a machine without a Rust toolchain.

mod benchmarks;
mod measure;
mod opencl;
mod prepare;
mod report;

use benchmarks::Size;
use clap::Parser;
use measure::{Origin, Stats, Variant};
use std::path::PathBuf;
use std::process::ExitCode;

/// Command-line options.
#[derive(Parser, Debug)]
#[command(
    name = "somd-bench",
    about = "Benchmarks generated SOMD programs against hand-written Rust"
)]
struct Options {
    /// Small sizes (the samples' defaults): a correctness smoke test that runs in seconds.
    #[arg(long, conflicts_with = "size")]
    quick: bool,
    /// Sizes: `full`, `quick`, a paper size class `A`, `B`, `C`, or `paper` (every class).
    #[arg(long, default_value = "full")]
    size: String,
    /// Check every variant's output, time nothing.
    #[arg(long)]
    check_only: bool,
    /// Run only benchmarks whose name contains this text (repeatable).
    #[arg(long)]
    filter: Vec<String>,
    /// Placements of the generated programs to run: `seq`, `cpu`, `opencl`
    /// (comma-separated).
    #[arg(long, value_delimiter = ',', default_value = "seq,cpu")]
    device: Vec<String>,
    /// Thread counts for `cpu` and rayon (default: 1, 2, 4, ... up to the core count).
    #[arg(long, value_delimiter = ',')]
    threads: Vec<usize>,
    /// Timed repetitions per variant.
    #[arg(long, default_value_t = 5)]
    reps: usize,
    /// Untimed runs per variant after the checked run.
    #[arg(long, default_value_t = 1)]
    warmups: usize,
    /// Also write the results as JSON to this file.
    #[arg(long)]
    json: Option<PathBuf>,
    /// Copy the executables into this folder (for `--prebuilt` elsewhere).
    #[arg(long, conflicts_with = "prebuilt")]
    stage: Option<PathBuf>,
    /// Take the executables from this folder instead of building them.
    #[arg(long)]
    prebuilt: Option<PathBuf>,
    /// Replace a benchmark's arguments: `NAME=ARGS` with ARGS separated by spaces, e.g.
    /// `--args 'sor=3000 100'` (repeatable).
    #[arg(long = "args", value_name = "NAME=ARGS")]
    args_override: Vec<String>,
    /// Use this `somdc` executable instead of building one from the workspace.
    #[arg(long, conflicts_with = "prebuilt")]
    somdc: Option<PathBuf>,
    /// Take the end-to-end times from the instrumented runs (the kernel region reported,
    /// `SOMD_TRACE=json`, a profiling queue) instead of a separate plain run per round of
    /// every instrumented variant: fewer runs, end-to-end times that include the cost of
    /// measuring.
    #[arg(long)]
    traced_end_to_end: bool,
}

/// Thread counts 1, 2, 4, ... up to the machine's parallelism, plus that count itself.
fn default_threads() -> Vec<usize> {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let mut threads: Vec<usize> = std::iter::successors(Some(1usize), |t| t.checked_mul(2))
        .take_while(|&t| t <= cores)
        .collect();
    if threads.last() != Some(&cores) {
        threads.push(cores);
    }
    threads
}

/// The variants to run, the sequential baseline first (it is the reference).
fn variants(options: &Options, threads: &[usize]) -> Vec<Variant> {
    let mut list = vec![Variant { origin: Origin::Baseline, threads: None }];
    if options.device.iter().any(|d| d == "seq") {
        list.push(Variant { origin: Origin::Generated, threads: None });
    }
    if options.device.iter().any(|d| d == "cpu") {
        for &t in threads {
            list.push(Variant { origin: Origin::Generated, threads: Some(t) });
            list.push(Variant { origin: Origin::Baseline, threads: Some(t) });
        }
    }
    if options.device.iter().any(|d| d == "opencl") {
        list.push(Variant { origin: Origin::Device, threads: None });
        list.push(Variant { origin: Origin::HandOpenCl, threads: None });
    }
    list
}

fn run(options: &Options) -> Result<(), String> {
    if let Some(bad) =
        options.device.iter().find(|d| !matches!(d.as_str(), "seq" | "cpu" | "opencl"))
    {
        return Err(format!("--device {bad}: only seq, cpu and opencl exist"));
    }
    let mut selected: Vec<&benchmarks::Benchmark> = benchmarks::ALL
        .iter()
        .filter(|b| {
            options.filter.is_empty() || options.filter.iter().any(|f| b.name.contains(f.as_str()))
        })
        .collect();
    if selected.is_empty() {
        return Err(format!("no benchmark matches {:?}", options.filter));
    }
    let size = if options.quick { Size::Quick } else { Size::parse(&options.size)? };
    // (benchmark, arguments) pairs: one per size of each selected benchmark.
    let jobs: Vec<(&benchmarks::Benchmark, &[&str])> = selected
        .iter()
        .flat_map(|b| b.arg_sets(&size).into_iter().map(move |args| (*b, args)))
        .collect();
    for skipped in selected.iter().filter(|b| !jobs.iter().any(|(r, _)| r.name == b.name)) {
        eprintln!("somd-bench: {} has no size {}; skipped", skipped.name, options.size);
    }
    selected.retain(|b| jobs.iter().any(|(r, _)| r.name == b.name));
    if selected.is_empty() {
        return Err(format!("no selected benchmark has the size {:?}", options.size));
    }
    let names: Vec<&str> = selected.iter().map(|b| b.name).collect();
    let exes = match &options.prebuilt {
        Some(dir) => prepare::prebuilt(dir, &names)?,
        None => prepare::build(&names, options.somdc.as_deref())?,
    };
    if let Some(dir) = &options.stage {
        prepare::stage(&exes, dir)?;
        eprintln!("somd-bench: staged the executables in {}", dir.display());
    }
    let threads =
        if options.threads.is_empty() { default_threads() } else { options.threads.clone() };
    let mut variants = variants(options, &threads);
    if variants.iter().any(|v| v.origin == Origin::HandOpenCl) && !exes.clbaseline.is_file() {
        eprintln!(
            "somd-bench: warning: {} is missing: no hand opencl variant",
            exes.clbaseline.display()
        );
        variants.retain(|v| v.origin != Origin::HandOpenCl);
    }
    // Whether `variant` runs for benchmark `name`: not every benchmark has a hand-tuned
    // OpenCL baseline.
    let runs = |variant: &Variant, name: &str| {
        variant.origin != Origin::HandOpenCl || opencl::has_hand_opencl(name)
    };
    let total: usize =
        jobs.iter().map(|(b, _)| variants.iter().filter(|v| runs(v, b.name)).count()).sum();
    let copy_gbps =
        if variants.iter().any(|v| v.origin == Origin::HandOpenCl) && !options.check_only {
            match opencl::copy_bandwidth(&exes.clbaseline) {
                Ok(gbps) => {
                    eprintln!("somd-bench: device copy bandwidth {gbps:.1} GB/s (read + write)");
                    Some(gbps)
                }
                Err(why) => {
                    eprintln!("somd-bench: warning: no copy bandwidth: {why}");
                    None
                }
            }
        } else {
            None
        };
    let mut rows = Vec::new();
    let mut done = 0;
    let mut failures: Vec<String> = Vec::new();
    for (bench, size_args) in jobs {
        let Some((_, generated)) = exes.generated.iter().find(|(name, _)| name == bench.name)
        else {
            return Err(format!("{}: no generated program was built", bench.name));
        };
        let overridden = options.args_override.iter().rev().find_map(|o| {
            o.split_once('=').filter(|(name, _)| *name == bench.name).map(|(_, args)| args)
        });
        let args: Vec<&str> = match overridden {
            Some(text) => text.split_whitespace().collect(),
            None => size_args.to_vec(),
        };
        let mut reference: Option<String> = None;
        let mut checked_variants: Vec<(Variant, String)> = Vec::new();
        for variant in variants.iter().filter(|v| runs(v, bench.name)) {
            done += 1;
            eprint!("[{done}/{total}] {} {} {}: ", bench.name, args.join(" "), variant.label());
            let command = || variant.command(bench.name, generated, &exes, &args, true);
            let checked = measure::run_once(command())?;
            match &reference {
                None => {
                    if args.is_empty() {
                        check_expected(bench.name, &checked.stdout)?;
                    }
                    reference = Some(checked.stdout.clone());
                }
                Some(expected) if !measure::same_output(expected, &checked.stdout) => {
                    // Report it, time nothing for it, and go on with the other variants.
                    let message = format!(
                        "{} {} {}: output differs from the sequential baseline beyond \
                         floating-point reassociation\n--- base seq\n{expected}--- {}\n{}",
                        bench.name,
                        args.join(" "),
                        variant.label(),
                        variant.label(),
                        checked.stdout
                    );
                    eprintln!("WRONG OUTPUT");
                    failures.push(message);
                    continue;
                }
                Some(_) => {}
            }
            eprintln!("output OK");
            if options.check_only {
                rows.push(report::Row {
                    bench: bench.name.to_string(),
                    args: args.iter().map(|a| a.to_string()).collect(),
                    variant: variant.clone(),
                    end_to_end: None,
                    kernel: None,
                    with_transfers: None,
                });
                continue;
            }
            for _ in 0..options.warmups {
                measure::run_once(command())?;
            }
            checked_variants.push((variant.clone(), checked.stdout));
        }
        if options.check_only {
            continue;
        }
        // Timed rounds: every variant once per round, so that load from other processes
        // on a shared machine spreads over all variants alike, in an order shuffled anew
        // each round, so that no variant always follows the same one (a GPU left idle
        // while the CPU variants ran wakes up for whichever device variant comes first).
        // An instrumented variant also runs plain once per round (the two runs shuffled
        // as separate entries): its end to end comes from the plain run, its kernel and
        // transfer times from the instrumented one.
        // (variant, instrumented, whether the run's end to end is the one kept)
        let mut runs: Vec<(usize, bool, bool)> = Vec::new();
        for (index, (variant, _)) in checked_variants.iter().enumerate() {
            let plain = variant.has_plain_run() && !options.traced_end_to_end;
            runs.push((index, true, !plain));
            if plain {
                runs.push((index, false, true));
            }
        }
        let mut times: Vec<(Vec<f64>, Vec<f64>, Vec<f64>)> =
            vec![(Vec::new(), Vec::new(), Vec::new()); checked_variants.len()];
        for round in 0..options.reps {
            eprintln!(
                "{} {}: timed round {}/{}",
                bench.name,
                args.join(" "),
                round + 1,
                options.reps
            );
            for run in measure::round_order(runs.len(), round) {
                let (index, instrumented, timed) = runs[run];
                let (variant, stdout) = &checked_variants[index];
                let (end_to_end, kernel, with_transfers) = &mut times[index];
                let command = variant.command(bench.name, generated, &exes, &args, instrumented);
                let sample = measure::run_once(command)?;
                if !measure::same_output(stdout, &sample.stdout) {
                    return Err(format!(
                        "{} {}: output changed between runs",
                        bench.name,
                        variant.label()
                    ));
                }
                if timed {
                    end_to_end.push(sample.end_to_end_ms);
                }
                if !instrumented {
                    continue;
                }
                kernel.extend(sample.kernel_ms);
                // Kernels plus transfers: what the program's device calls cost with their
                // data movement (a program that moved nothing reports no transfers).
                if variant.is_opencl() {
                    if let Some(kernel_ms) = sample.kernel_ms {
                        with_transfers.push(kernel_ms + sample.transfer_ms.unwrap_or(0.0));
                    }
                }
            }
        }
        let complete = |values: &[f64], count: usize| {
            if values.len() == count {
                Stats::of(values)
            } else {
                None
            }
        };
        for ((variant, _), (end_to_end, kernel, with_transfers)) in
            checked_variants.into_iter().zip(times)
        {
            rows.push(report::Row {
                bench: bench.name.to_string(),
                args: args.iter().map(|a| a.to_string()).collect(),
                variant,
                end_to_end: Stats::of(&end_to_end),
                kernel: complete(&kernel, end_to_end.len()),
                with_transfers: complete(&with_transfers, end_to_end.len()),
            });
        }
    }
    for failure in &failures {
        eprintln!("\nsomd-bench: {failure}");
    }
    if options.check_only {
        println!(
            "somd-bench: {} runs checked, {} wrong",
            rows.len() + failures.len(),
            failures.len()
        );
    } else {
        print!("{}", report::markdown(&rows, &threads, copy_gbps));
    }
    if let Some(path) = &options.json {
        let text = serde_json::to_string_pretty(&report::json(
            &rows,
            options.reps,
            options.warmups,
            copy_gbps,
        ))
        .map_err(|e| format!("cannot serialise results: {e}"))?;
        std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    if !failures.is_empty() {
        return Err(format!("{} variant(s) printed a wrong result (above)", failures.len()));
    }
    Ok(())
}

/// Compares the sequential baseline's output at the default size with the Java twin's.
fn check_expected(name: &str, stdout: &str) -> Result<(), String> {
    let path =
        prepare::workspace_root().join("samples").join("expected").join(format!("{name}.out"));
    match std::fs::read_to_string(&path) {
        Ok(expected) if expected == stdout => Ok(()),
        Ok(expected) => Err(format!(
            "{name}: the baseline's output differs from {}\n--- expected\n{expected}--- baseline\n{stdout}",
            path.display()
        )),
        // Staged binaries on another machine may run without the samples folder.
        Err(_) => Ok(()),
    }
}

fn main() -> ExitCode {
    let options = Options::parse();
    match run(&options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("\nsomd-bench: error: {message}");
            ExitCode::FAILURE
        }
    }
}
