//! Printing results: Markdown tables on standard output and a JSON file.

use crate::measure::{Origin, Stats, Variant};
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

/// The Markdown tables: times per variant, then ratios and speed-ups.
pub fn markdown(rows: &[Row], threads: &[usize]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "| benchmark | args | variant | end-to-end ms median [min–max] | kernel ms median [min–max] |");
    let _ = writeln!(out, "| --- | --- | --- | --- | --- |");
    for row in rows {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} |",
            row.bench,
            row.args.join(" "),
            row.variant.label(),
            cell(row.end_to_end),
            cell(row.kernel)
        );
    }
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "Ratios of medians (generated / hand-written: 1.00 = as fast; speed-up = gen seq / gen cpu N):"
    );
    let _ = writeln!(out);
    let _ = writeln!(out, "| benchmark | comparison | end-to-end | kernel |");
    let _ = writeln!(out, "| --- | --- | --- | --- |");
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
        let _ = writeln!(out, "| {bench} | gen seq / base seq | {e} | {k} |");
        for &t in threads {
            let (gen_t, rayon_t) =
                (get(Origin::Generated, Some(t)), get(Origin::Baseline, Some(t)));
            let (e, k) = pair(gen_t, rayon_t);
            let _ = writeln!(out, "| {bench} | gen cpu {t} / rayon {t} | {e} | {k} |");
            let (e, k) = pair(gen_seq, gen_t);
            let _ = writeln!(out, "| {bench} | speed-up gen seq / gen cpu {t} | {e} | {k} |");
            let (e, k) = pair(base_seq, rayon_t);
            let _ = writeln!(out, "| {bench} | speed-up base seq / rayon {t} | {e} | {k} |");
            if let Some(device) = get(Origin::Device, None) {
                let (e, k) = pair(gen_t, Some(device));
                let _ =
                    writeln!(out, "| {bench} | speed-up gen cpu {t} / gen opencl | {e} | {k} |");
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
pub fn json(rows: &[Row], repetitions: usize, warmups: usize) -> serde_json::Value {
    let results: Vec<serde_json::Value> = rows
        .iter()
        .map(|row| {
            serde_json::json!({
                "benchmark": row.bench,
                "args": row.args,
                "variant": row.variant.label(),
                "generated": row.variant.origin != Origin::Baseline,
                "device": if row.variant.origin == Origin::Device { "opencl" } else { "cpu" },
                "threads": row.variant.threads,
                "end_to_end": stats_json(row.end_to_end),
                "kernel": stats_json(row.kernel),
            })
        })
        .collect();
    serde_json::json!({
        "repetitions": repetitions,
        "warmups": warmups,
        "available_parallelism": std::thread::available_parallelism().map_or(0, usize::from),
        "results": results,
    })
}
