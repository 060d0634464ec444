//! Placement traces of calls declined for their arguments, and adaptive `auto` for fused
//! statements, fused and chained maps and device filter tasks (note `device-execution`,
//! "Adaptive `auto`"). A child module of the suite: it uses the suite's built programs and
//! helpers.

use super::*;

/// Under `SOMD_DEVICE=opencl`, `device_declined`'s calls whose arguments keep them on the
/// CPU (an empty first `dist` argument, a `null` array, ragged rows, a `null` value-class
/// scalar) trace one `placement: cpu` event with the reason, and no `opencl` event, while
/// the calls of the same constructs with arguments the device takes trace `opencl` and
/// launch; the output is the Java twin's.
#[test]
fn device_declined_calls_trace_cpu() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let Some((binary, expected)) = built_with_expected("tests/run", "device_declined") else {
        return;
    };
    let (outcome, calls) = traced_calls("device_declined", binary, &expected, *opencl);
    let placed: Vec<(String, String, String)> = placements_traced(&outcome.stderr);
    let placed: Vec<(&str, &str, &str)> =
        placed.iter().map(|(n, p, r)| (n.as_str(), p.as_str(), r.as_str())).collect();
    assert_eq!(
        placed,
        [
            ("Main.total", "opencl", "SOMD_DEVICE"),
            ("Main.total", "cpu", "empty first dist argument"),
            ("Main.total", "cpu", "null or ragged array argument"),
            ("Main.rowInfo", "opencl", "SOMD_DEVICE"),
            ("Main.rowInfo", "cpu", "null or ragged array argument"),
            ("Main.shift", "opencl", "SOMD_DEVICE"),
            ("Main.shift", "cpu", "null value-class argument"),
        ],
        "placement events:\n{}",
        outcome.stderr
    );
    let launched: Vec<(&str, u64)> = calls.iter().map(|c| (c.name.as_str(), c.launches)).collect();
    assert_eq!(
        launched,
        [("Main.total", 1), ("Main.rowInfo", 1), ("Main.shift", 1)],
        "one device call per construct, none for the declined calls\n{}",
        outcome.stderr
    );
}
