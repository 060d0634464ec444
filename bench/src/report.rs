//! Printing results: Markdown tables on standard output and a JSON file.

use crate::measure::{Origin, Stats, Variant};
use crate::opencl;
use std::fmt::Write as _;

/// The measured result of one variant of one benchmark.
pub struct Row {
    /// Benchmark name.
    pub bench: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// The variant.
    pub variant: Variant,
    /// End-to-end process time (None in `--check-only` runs).
    pub end_to_end: Option<Stats>,
    /// Kernel-region time, where the program reports one.
    pub kernel: Option<Stats>,
    /// Kernel time plus transfer time (OpenCL variants only).
    pub with_transfers: Option<Stats>,
}

impl Row {
    /// The achieved bandwidth of a bandwidth-bound benchmark in GB/s: the bytes its device
    /// work must move ([`opencl::bytes_moved`]) over the median kernel time.
    pub fn kernel_gbps(&self) -> Option<f64> {
        let args: Vec<&str> = self.args.iter().map(String::as_str).collect();
        let bytes = opencl::bytes_moved(&self.bench, &args)?;
        let kernel = self.kernel.filter(|k| k.median > 0.0)?;
        Some(bytes as f64 / (kernel.median * 1e-3) / 1e9)
    }
}

fn cell(stats: Option<Stats>) -> String {
    match stats {
        Some(s) => format!("{:.1} [{:.1}–{:.1}]", s.median, s.min, s.max),
        None => "n/a".to_string(),
    }
}

fn ratio(top: Option<Stats>, bottom: Option<Stats>) -> String {
    match (top, bottom) {
        (Some(t), Some(b)) if b.median > 0.0 => format!("{:.2}", t.median / b.median),
        _ => "n/a".to_string(),
    }
}

fn find<'a>(
    rows: &'a [Row],
    bench: &str,
    origin: Origin,
    threads: Option<usize>,
) -> Option<&'a Row> {
    rows.iter()
        .find(|r| r.bench == bench && r.variant.origin == origin && r.variant.threads == threads)
}

/// The Markdown tables: times per variant, then ratios and speed-ups, then (with a copy
/// bandwidth or OpenCL rows) the achieved bandwidth of the bandwidth-bound benchmarks.
pub fn markdown(rows: &[Row], threads: &[usize], copy_gbps: Option<f64>) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "| benchmark | args | variant | end-to-end ms median [min–max] | kernel ms median [min–max] | kernel+transfers ms median [min–max] |");
    let _ = writeln!(out, "| --- | --- | --- | --- | --- | --- |");
    for row in rows {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} |",
            row.bench,
            row.args.join(" "),
            row.variant.label(),
            cell(row.end_to_end),
            cell(row.kernel),
            if row.variant.is_opencl() { cell(row.with_transfers) } else { String::new() }
        );
    }
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "Ratios of medians (generated / hand-written: 1.00 = as fast; speed-up = gen seq / gen cpu N):"
    );
    let _ = writeln!(out);
    let _ = writeln!(out, "| benchmark | comparison | end-to-end | kernel | kernel+transfers |");
    let _ = writeln!(out, "| --- | --- | --- | --- | --- |");
    let mut benches: Vec<&str> = rows.iter().map(|r| r.bench.as_str()).collect();
    benches.dedup();
    for bench in benches {
        let get = |origin, t| find(rows, bench, origin, t);
        let (gen_seq, base_seq) = (get(Origin::Generated, None), get(Origin::Baseline, None));
        let pair = |a: Option<&Row>, b: Option<&Row>| {
            (
                ratio(a.and_then(|r| r.end_to_end), b.and_then(|r| r.end_to_end)),
                ratio(a.and_then(|r| r.kernel), b.and_then(|r| r.kernel)),
            )
        };
        let (e, k) = pair(gen_seq, base_seq);
        let _ = writeln!(out, "| {bench} | gen seq / base seq | {e} | {k} | |");
        for &t in threads {
            let (gen_t, rayon_t) =
                (get(Origin::Generated, Some(t)), get(Origin::Baseline, Some(t)));
            if gen_t.is_none() && rayon_t.is_none() {
                // `--device` without `cpu`: no rows with threads.
                continue;
            }
            let (e, k) = pair(gen_t, rayon_t);
            let _ = writeln!(out, "| {bench} | gen cpu {t} / rayon {t} | {e} | {k} | |");
            let (e, k) = pair(gen_seq, gen_t);
            let _ = writeln!(out, "| {bench} | speed-up gen seq / gen cpu {t} | {e} | {k} | |");
            let (e, k) = pair(base_seq, rayon_t);
            let _ = writeln!(out, "| {bench} | speed-up base seq / rayon {t} | {e} | {k} | |");
            if let Some(device) = get(Origin::Device, None) {
                let (e, k) = pair(gen_t, Some(device));
                let _ =
                    writeln!(out, "| {bench} | speed-up gen cpu {t} / gen opencl | {e} | {k} | |");
            }
        }
        let (device, hand) = (get(Origin::Device, None), get(Origin::HandOpenCl, None));
        if device.is_some() && hand.is_some() {
            let (e, k) = pair(device, hand);
            let w =
                ratio(device.and_then(|r| r.with_transfers), hand.and_then(|r| r.with_transfers));
            let _ = writeln!(out, "| {bench} | gen opencl / hand opencl | {e} | {k} | {w} |");
        }
    }
    let opencl_rows: Vec<&Row> =
        rows.iter().filter(|r| r.variant.is_opencl() && r.kernel_gbps().is_some()).collect();
    if copy_gbps.is_some() || !opencl_rows.is_empty() {
        let _ = writeln!(out);
        match copy_gbps {
            Some(gbps) => {
                let _ = writeln!(
                    out,
                    "Device copy bandwidth (read + write, `somd-clbaseline copy`): {gbps:.1} GB/s."
                );
            }
            None => {
                let _ = writeln!(out, "Device copy bandwidth: not measured.");
            }
        }
        if !opencl_rows.is_empty() {
            let _ = writeln!(out);
            let _ = writeln!(out, "Achieved bandwidth of the bandwidth-bound benchmarks (bytes the device work must move / median kernel time):");
            let _ = writeln!(out);
            let _ = writeln!(
                out,
                "| benchmark | args | variant | MB moved | GB/s | of copy bandwidth |"
            );
            let _ = writeln!(out, "| --- | --- | --- | --- | --- | --- |");
            for row in opencl_rows {
                let args: Vec<&str> = row.args.iter().map(String::as_str).collect();
                let bytes = opencl::bytes_moved(&row.bench, &args).unwrap_or(0);
                let gbps = row.kernel_gbps().unwrap_or(0.0);
                let share = copy_gbps
                    .filter(|c| *c > 0.0)
                    .map_or("n/a".to_string(), |c| format!("{:.0}%", 100.0 * gbps / c));
                let _ = writeln!(
                    out,
                    "| {} | {} | {} | {:.1} | {gbps:.1} | {share} |",
                    row.bench,
                    row.args.join(" "),
                    row.variant.label(),
                    bytes as f64 / 1e6
                );
            }
        }
    }
    out
}

fn stats_json(stats: Option<Stats>) -> serde_json::Value {
    match stats {
        Some(s) => serde_json::json!({ "median_ms": s.median, "min_ms": s.min, "max_ms": s.max }),
        None => serde_json::Value::Null,
    }
}

/// The machine-readable form of the results (`--json FILE`).
pub fn json(
    rows: &[Row],
    repetitions: usize,
    warmups: usize,
    copy_gbps: Option<f64>,
) -> serde_json::Value {
    let results: Vec<serde_json::Value> = rows
        .iter()
        .map(|row| {
            serde_json::json!({
                "benchmark": row.bench,
                "args": row.args,
                "variant": row.variant.label(),
                "generated": matches!(row.variant.origin, Origin::Generated | Origin::Device),
                "device": if row.variant.is_opencl() { "opencl" } else { "cpu" },
                "threads": row.variant.threads,
                "end_to_end": stats_json(row.end_to_end),
                "kernel": stats_json(row.kernel),
                "kernel_with_transfers": stats_json(row.with_transfers),
                "kernel_gbps": row.kernel_gbps(),
            })
        })
        .collect();
    serde_json::json!({
        "repetitions": repetitions,
        "warmups": warmups,
        "available_parallelism": std::thread::available_parallelism().map_or(0, usize::from),
        "device_copy_gbps": copy_gbps,
        "results": results,
    })
}
