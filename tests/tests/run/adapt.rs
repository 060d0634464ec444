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

/// The group sites of `device_adapt_groups` (named by their kernels) and the labels of the
/// constructs each runs.
const GROUPS: [(&str, &[&str]); 3] = [
    ("fused_Main_square", &["Main.square", "Main.wrap"]),
    ("mapfused_Main_cell_Main_spread", &["Main.cell", "Main.spread"]),
    ("map_Main_scaled", &["Main.twice", "Main.scaled"]),
];

/// Under an adaptive `auto` (`SOMD_AUTO_ANY=1`: the suite's OpenCL device), the fused
/// statements, the fused `@` pair and the chained `@` of `device_adapt_groups`, each run
/// in 12 rounds, are group sites: each traces one placement per round under its kernel's
/// name, measuring in the order of any site (device, device, CPU, CPU, device, CPU, or a
/// prefix when one side wins clearly) and then keeping the winner (or re-checking the
/// loser); both placements appear. Their constructs never adapt on their own: on the device
/// they are placed as the old `auto` places them, on the CPU they trace `auto: cpu with
/// SITE`, and only the group's device runs make device calls (one for the fused kernels,
/// two for the chain). The output is the Java twin's. Under `SOMD_ADAPT=off` no group is
/// traced and every construct runs on the device.
#[test]
fn adaptive_auto_groups_measure_both_placements() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let Some((binary, expected)) = built_with_expected("tests/run", "device_adapt_groups") else {
        return;
    };
    let auto = Placement { device: "auto", ..*opencl };
    let outcome = run_with_env(binary, &expected.args, auto, &[("SOMD_TRACE", "json")]);
    if let Some(why) = compare(&expected, &untraced(&outcome)) {
        panic!("device_adapt_groups under adaptive auto: {why}\n{}", outcome.stderr);
    }
    let placed = placements_traced(&outcome.stderr);
    let mut device_runs = 0;
    for (site, members) in GROUPS {
        let events: Vec<(&str, &str)> = placed
            .iter()
            .filter(|(n, _, _)| n == site)
            .map(|(_, p, r)| (p.as_str(), r.as_str()))
            .collect();
        let seen = format!("placements of {site}:\n{events:#?}");
        assert_eq!(events.len(), 12, "one per round\n{seen}");
        let measuring =
            events.iter().take_while(|(_, r)| r.starts_with("auto: measuring ")).count();
        assert!((3..=6).contains(&measuring), "{seen}");
        let order: Vec<&str> = events[..measuring].iter().map(|(p, _)| *p).collect();
        assert_eq!(
            order,
            ["opencl", "opencl", "cpu", "cpu", "opencl", "cpu"][..measuring],
            "{seen}"
        );
        assert_eq!(events[0].1, "auto: measuring opencl (warm-up)", "{seen}");
        for (placement, reason) in &events[measuring..] {
            let settled = reason.starts_with(&format!("auto: {placement} faster ("));
            assert!(settled || reason.starts_with("auto: re-checking "), "{seen}");
        }
        let runs = events.iter().filter(|(p, _)| *p == "opencl").count();
        device_runs += if site == "map_Main_scaled" { 2 * runs } else { runs };
        let within = format!("auto: cpu with {site}");
        for (name, placement, reason) in
            placed.iter().filter(|(n, _, _)| members.contains(&n.as_str()))
        {
            let old_auto = placement == "opencl" && reason == "auto";
            let cpu = placement == "cpu" && *reason == within;
            assert!(
                old_auto || cpu,
                "{name} of {site}: {placement} ({reason})\n{}",
                outcome.stderr
            );
        }
        let on_cpu = placed.iter().filter(|(_, _, r)| *r == within).count();
        assert!(on_cpu > 0, "the CPU runs of {site} place its constructs on the CPU\n{seen}");
    }
    let calls = device_calls(&outcome.stderr);
    assert_eq!(calls.len(), device_runs, "device calls only in the groups' device runs");

    let env = [("SOMD_TRACE", "json"), ("SOMD_ADAPT", "off")];
    let outcome = run_with_env(binary, &expected.args, auto, &env);
    if let Some(why) = compare(&expected, &untraced(&outcome)) {
        panic!("device_adapt_groups under SOMD_ADAPT=off: {why}\n{}", outcome.stderr);
    }
    let placed = placements_traced(&outcome.stderr);
    assert!(!placed.is_empty(), "{}", outcome.stderr);
    assert!(placed.iter().all(|(_, p, r)| p == "opencl" && r == "auto"), "{placed:#?}");
    assert_eq!(device_calls(&outcome.stderr).len(), 12 * 4, "{}", outcome.stderr);
}
