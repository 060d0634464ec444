//! Placement traces of calls declined for their arguments, and adaptive `auto` for fused
//! statements, fused and chained maps and device filter tasks (note `device-execution`,
//! "Adaptive `auto`"). A child module of the suite: it uses the suite's built programs and
//! helpers.

use super::*;

/// Under `SOMD_DEVICE=opencl`, `device_declined`'s calls whose arguments keep them on the
/// CPU (an empty first `dist` argument, a `null` array, a `null` row, a `null` value-class
/// scalar, an output of negative size, found when the call is planned) trace one
/// `placement: cpu` event with the reason, and no `opencl` event, as does the inner `@` of
/// a chain whose outer `@` such arguments keep on the CPU, while
/// the calls of the same constructs with arguments the device takes (ragged rows too, by
/// the kernel's ragged variant) trace `opencl` and launch; the output is the Java twin's.
/// Every placement event names its call's source position (`site`).
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
            ("Main.rowInfo", "opencl", "SOMD_DEVICE"),
            ("Main.rowTag", "opencl", "SOMD_DEVICE"),
            ("Main.rowTag", "cpu", "null or ragged array argument"),
            ("Main.shift", "opencl", "SOMD_DEVICE"),
            ("Main.shift", "cpu", "null value-class argument"),
            ("Main.twice", "opencl", "SOMD_DEVICE"),
            ("Main.lift", "opencl", "SOMD_DEVICE"),
            ("Main.twice", "cpu", "the @ consuming its result runs on the CPU"),
            ("Main.lift", "cpu", "null value-class argument"),
            ("Main.grid", "opencl", "SOMD_DEVICE"),
            ("Main.grid", "cpu", "negative array size"),
        ],
        "placement events:\n{}",
        outcome.stderr
    );
    let launched: Vec<(&str, u64)> = calls.iter().map(|c| (c.name.as_str(), c.launches)).collect();
    assert_eq!(
        launched,
        [
            ("Main.total", 1),
            ("Main.rowInfo", 1),
            ("Main.rowInfo", 1),
            ("Main.rowTag", 1),
            ("Main.shift", 1),
            ("Main.twice", 1),
            ("Main.lift", 1),
            ("Main.grid", 1)
        ],
        "one device call per construct, none for the declined calls\n{}",
        outcome.stderr
    );
    // Each placement names the call it placed (`FILE:LINE:COL` of the call or `@`
    // expression), the declined ones too, as adaptive sites' do.
    let site_of = source_position("device_declined");
    let calls_placed = [
        "total(a, b, 1)",
        "total(new int[0], b, 1)",
        "total(a, none, 0)",
        "Main @ rowInfo(square)",
        "Main @ rowInfo(ragged)",
        "Main @ rowTag(ragged, 2)",
        "Main @ rowTag(holes, 0)",
        "Main @ shift(points, new Point(1f, 2f), true)",
        "Main @ shift(points, nowhere, false)",
        "Main @ twice(few)",
        "Main @ lift(Main @ twice(few), new Point(1f, 2f), true)",
        "Main @ twice(again)",
        "Main @ lift(Main @ twice(again), nowhere, false)",
        "grid(four, 3)",
        "grid(four, -2)",
    ];
    let sites: Vec<String> = outcome
        .stderr
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter(|event| event["event"] == "placement")
        .map(|event| event["site"].as_str().unwrap_or("null").to_string())
        .collect();
    let expected_sites: Vec<String> = calls_placed.iter().map(|call| site_of(call)).collect();
    assert_eq!(sites, expected_sites, "placement sites:\n{}", outcome.stderr);
}

/// Checks the placements of a site run in 12 rounds (`events`: placement and reason, in
/// order): measuring in the order of any site (device, device, CPU, CPU, device, CPU, or a
/// prefix of at least three when one side wins clearly), then the winner, or a re-check of
/// the loser. Returns the runs on the device.
fn measured_site(events: &[(&str, &str)], seen: &str) -> usize {
    assert_eq!(events.len(), 12, "one per round\n{seen}");
    let measuring = events.iter().take_while(|(_, r)| r.starts_with("auto: measuring ")).count();
    assert!((3..=6).contains(&measuring), "{seen}");
    let order: Vec<&str> = events[..measuring].iter().map(|(p, _)| *p).collect();
    assert_eq!(order, ["opencl", "opencl", "cpu", "cpu", "opencl", "cpu"][..measuring], "{seen}");
    assert_eq!(events[0].1, "auto: measuring opencl (warm-up)", "{seen}");
    for (placement, reason) in &events[measuring..] {
        let settled = reason.starts_with(&format!("auto: {placement} faster ("))
            || reason.starts_with(&format!("auto: {placement} kept ("));
        assert!(settled || reason.starts_with("auto: re-checking "), "{seen}");
    }
    events.iter().filter(|(p, _)| *p == "opencl").count()
}

/// The group sites of `device_adapt_groups` (named by their kernels) and the labels of the
/// constructs each runs.
const GROUPS: [(&str, &[&str]); 3] = [
    ("fused_Main_square", &["Main.square", "Main.wrap"]),
    ("mapfused_Main_cell_Main_spread", &["Main.cell", "Main.spread"]),
    ("map_Main_scaled", &["Main.twice", "Main.scaled"]),
];

/// The name and `site` of each `placement` event of a `SOMD_TRACE=json` run, in order
/// (`None`: a null site).
fn sites_traced(stderr: &str) -> Vec<(String, Option<String>)> {
    stderr
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter(|event| event["event"] == "placement")
        .map(|event| {
            let name = event["name"].as_str().unwrap_or_default().to_string();
            (name, event["site"].as_str().map(str::to_string))
        })
        .collect()
}

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
        let runs = measured_site(&events, &seen);
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
        // Each run on the CPU traces each of its constructs once (`Main.wrap` is two), the
        // chain's outer `@` too, though only its inner one asks for a placement.
        let cpu_runs = events.iter().filter(|(p, _)| *p == "cpu").count();
        for member in members {
            let per_run = if *member == "Main.wrap" { 2 } else { 1 };
            let traced = placed.iter().filter(|(n, _, r)| n == member && *r == within).count();
            assert_eq!(traced, per_run * cpu_runs, "{member} in {site}'s CPU runs\n{seen}");
        }
    }
    let calls = device_calls(&outcome.stderr);
    assert_eq!(calls.len(), device_runs, "device calls only in the groups' device runs");
    // Every placement names its site: a group its first `@` (the fused statements' `@`,
    // the consumer of the fused pair, the chain's outer `@`), a construct its own
    // expression (a `!` its operand's `@`), the fused kernel the group's position.
    let at = |line: &str, text: &str| position_in("device_adapt_groups", line, text);
    let square = at("int sq =", "Main @ square");
    let spread = at("spreads = Main @", "Main @ spread");
    let scaled = at("chained = Main @", "Main @ scaled");
    let sites: [(&str, Vec<String>); 9] = [
        ("fused_Main_square", vec![square.clone()]),
        ("Main.square", vec![square]),
        ("Main.wrap", vec![at("int lo =", "Main @ wrap"), at("int hi =", "Main @ wrap")]),
        ("mapfused_Main_cell_Main_spread", vec![spread.clone()]),
        ("Main.cell", vec![at("cells = Main @", "Main @ cell")]),
        ("Main.spread", vec![spread]),
        ("map_Main_scaled", vec![scaled.clone()]),
        ("Main.twice", vec![at("chained = Main @", "Main @ twice")]),
        ("Main.scaled", vec![scaled]),
    ];
    let traced = sites_traced(&outcome.stderr);
    assert_eq!(traced.len(), placed.len());
    for (name, site) in &traced {
        let (_, want) = sites.iter().find(|(n, _)| n == name).expect(name);
        let site = site.as_deref().unwrap_or("null");
        assert!(want.iter().any(|w| site.ends_with(w.as_str())), "{name} at {site}, not {want:?}");
    }

    let env = [("SOMD_TRACE", "json"), ("SOMD_ADAPT", "off")];
    let outcome = run_with_env(binary, &expected.args, auto, &env);
    if let Some(why) = compare(&expected, &untraced(&outcome)) {
        panic!("device_adapt_groups under SOMD_ADAPT=off: {why}\n{}", outcome.stderr);
    }
    let placed = placements_traced(&outcome.stderr);
    assert!(!placed.is_empty(), "{}", outcome.stderr);
    assert!(placed.iter().all(|(_, p, r)| p == "opencl" && r == "auto"), "{placed:#?}");
    assert_eq!(device_calls(&outcome.stderr).len(), 12 * 4, "{}", outcome.stderr);
    // One placement per device call: asking whether two constructs share a device (the
    // fused code's `same_device`) traces none.
    assert_eq!(placed.len(), 12 * 4, "{placed:#?}");
}

/// Under an adaptive `auto`, the graph of `device_adapt_tasks` (two consecutive device
/// filters), built and run in 12 rounds, is one site named by its device filters: it traces
/// one placement per run, measuring as any site and keeping the winner; both placements
/// appear. In a run on the CPU each filter traces `auto: cpu with SITE`, makes no device
/// call and reports its time once, at its `task` expression (`cpu_call`); in a run on the
/// device the filters are placed as the old `auto` places them and
/// make device calls. The output is the Java twin's; under `SOMD_ADAPT=off` every run is
/// on the device, untraced as a site.
#[test]
fn adaptive_auto_task_graphs_measure_both_placements() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let Some((binary, expected)) = built_with_expected("tests/run", "device_adapt_tasks") else {
        return;
    };
    let site = "tasks Main.spread => Main.width";
    let members = ["Main.spread", "Main.width"];
    let auto = Placement { device: "auto", ..*opencl };
    let outcome = run_with_env(binary, &expected.args, auto, &[("SOMD_TRACE", "json")]);
    if let Some(why) = compare(&expected, &untraced(&outcome)) {
        panic!("device_adapt_tasks under adaptive auto: {why}\n{}", outcome.stderr);
    }
    let placed = placements_traced(&outcome.stderr);
    let events: Vec<(&str, &str)> = placed
        .iter()
        .filter(|(n, _, _)| n == site)
        .map(|(_, p, r)| (p.as_str(), r.as_str()))
        .collect();
    let seen = format!("placements of {site}:\n{events:#?}");
    let device_runs = measured_site(&events, &seen);
    // Walk the events in order: the calls of a run follow its site's placement.
    let within = format!("auto: cpu with {site}");
    let mut side = String::new();
    let mut runs_with_calls = 0;
    let mut called = false;
    // A filter's CPU runs in one graph run report their time when its task ends, at the
    // `task` expression (the source's first `task Main.spread` and `task Main.width`).
    let at = source_position("device_adapt_tasks");
    let task_sites = [at("task Main.spread"), at("task Main.width")];
    let (mut cpu_runs, mut timed) = (0, [0, 0]);
    for event in outcome.stderr.lines().filter_map(|l| serde_json::from_str::<Value>(l).ok()) {
        let text = |key: &str| event[key].as_str().unwrap_or_default().to_string();
        match event["event"].as_str() {
            Some("placement") if text("name") == site => {
                side = text("placement");
                called = false;
                cpu_runs += usize::from(side == "cpu");
            }
            Some("cpu_call") if members.contains(&text("method").as_str()) => {
                let k = usize::from(text("method") == members[1]);
                assert_eq!(side, "cpu", "a CPU run's time in a run on the device\n{event}");
                assert!(text("site").ends_with(&task_sites[k]), "{event}");
                timed[k] += 1;
            }
            Some("placement") if members.contains(&text("name").as_str()) => {
                let (placement, reason) = (text("placement"), text("reason"));
                let ok = if side == "cpu" {
                    placement == "cpu" && reason == within
                } else {
                    placement == "opencl" && reason == "auto"
                };
                assert!(ok, "{} in a run on {side}: {placement} ({reason})", text("name"));
            }
            Some("call") if members.contains(&text("name").as_str()) => {
                assert_eq!(side, "opencl", "a device call in a run on the CPU\n{}", outcome.stderr);
                if !called {
                    runs_with_calls += 1;
                    called = true;
                }
            }
            _ => {}
        }
    }
    assert_eq!(runs_with_calls, device_runs, "every run on the device made device calls");
    assert_eq!(timed, [cpu_runs; 2], "each filter's time once per run on the CPU");
    // Every placement names its site: the graph's run the call that starts it (`finish()`
    // here), each filter its `task` expression.
    let graph_at = at("g.finish()");
    for (name, site) in sites_traced(&outcome.stderr) {
        let want = match name.as_str() {
            "Main.spread" => &task_sites[0],
            "Main.width" => &task_sites[1],
            _ => &graph_at,
        };
        let site = site.unwrap_or_default();
        assert!(site.ends_with(want.as_str()), "{name} at {site}, not {want}");
    }

    let env = [("SOMD_TRACE", "json"), ("SOMD_ADAPT", "off")];
    let outcome = run_with_env(binary, &expected.args, auto, &env);
    if let Some(why) = compare(&expected, &untraced(&outcome)) {
        panic!("device_adapt_tasks under SOMD_ADAPT=off: {why}\n{}", outcome.stderr);
    }
    let placed = placements_traced(&outcome.stderr);
    // Each filter's placement, and the keep test between them, once per run at least.
    assert!(placed.len() >= 12 * 2, "{placed:#?}");
    assert!(placed.iter().all(|(_, p, r)| p == "opencl" && r == "auto"), "{placed:#?}");
}

/// Under an adaptive `auto` (`SOMD_AUTO_ANY=1`: the suite's OpenCL device), each call of a
/// SOMD method and each `!` is a site of its own (`rt::device::clock_at`): in
/// `device_adapt_sites`, `weigh` called at two places of a 12-round loop (on 64 and on
/// 200000 elements) and two `+ !` of `main` each trace 12 placements naming their own
/// source position (`site`), measured in the order of any site from their own warm-up on
/// (device, device, CPU, CPU, ...), then settled; none is traced without its position, and
/// each run placed on the CPU reports its time there at its position (`cpu_call`). On the
/// CPU alone the text trace has a line per run of each site. The output is the Java twin's.
#[test]
fn adaptive_auto_sites_are_calls_and_expressions() {
    let Some(opencl) = &opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let name = "device_adapt_sites";
    let Some((binary, expected)) = built_with_expected("tests/run", name) else {
        return;
    };
    let auto = Placement { device: "auto", ..*opencl };
    let outcome = run_with_env(binary, &expected.args, auto, &[("SOMD_TRACE", "json")]);
    if let Some(why) = compare(&expected, &untraced(&outcome)) {
        panic!("{name} under adaptive auto: {why}\n{}", outcome.stderr);
    }
    let at = source_position(name);
    let cases = [
        ("Main.weigh", [at("weigh(small"), at("weigh(large")]),
        ("+ ! in Main.main", [at("+ ! few"), at("+ ! many")]),
    ];
    for (label, places) in &cases {
        let sites = placements_by_site(&outcome.stderr, label);
        let seen = format!("placements of {label}:\n{sites:#?}");
        assert_eq!(sites.len(), places.len(), "{seen}");
        for place in places {
            // The site names the file as the program was compiled (a path ending in it).
            let (site, events) = sites
                .iter()
                .find(|(s, _)| s == place || s.ends_with(&format!("/{place}")))
                .unwrap_or_else(|| panic!("no site at {place}\n{seen}"));
            let events: Vec<(&str, &str)> =
                events.iter().map(|(p, r)| (p.as_str(), r.as_str())).collect();
            measured_site(&events, &format!("{label} at {place}\n{seen}"));
            // Each run the site placed on the CPU reports its time there (`cpu_call`).
            let on_cpu = events.iter().filter(|(p, _)| *p == "cpu").count();
            let timed = cpu_calls_at(&outcome.stderr, label, site);
            assert_eq!(timed, on_cpu, "CPU runs of {label} at {place} with a time\n{seen}");
        }
    }
    // On the CPU alone, the text trace gives each of the 12 runs of each site its line,
    // naming the construct and its position: `@` and `!` as SOMD calls.
    let cpu = Placement { device: "cpu", threads: Some("2"), strict: false };
    let outcome = run_with_env(binary, &expected.args, cpu, &[("SOMD_TRACE", "1")]);
    if outcome.stdout != expected.stdout || outcome.status != Some(expected.status) {
        panic!("{name} on the CPU:\n{}\n{}", outcome.stdout, outcome.stderr);
    }
    for (label, places) in &cases {
        for place in places {
            // `somd: trace: cpu_call method=LABEL construct=.. placement=cpu mis=N .. time=Tus
            // reduce=Rus site=PLACE`, a label with spaces quoted.
            let method = match label.contains(' ') {
                true => format!(" method={label:?} "),
                false => format!(" method={label} "),
            };
            let lines = outcome
                .stderr
                .lines()
                .filter(|l| l.starts_with("somd: trace: cpu_call ") && l.contains(&method))
                .filter(|l| {
                    l.contains(" placement=cpu mis=") && l.ends_with(&format!(" site={place}"))
                })
                .filter(|l| l.contains("us reduce=") && l.contains(" time="))
                .count();
            assert_eq!(lines, 12, "{label} at {place}\n{}", outcome.stderr);
        }
    }
}

/// Under `SOMD_DEVICE=opencl` on PoCL with `POCL_MEMORY_LIMIT=1` (buffers of at most 256
/// MiB), `device_too_large`'s call over 2^25 + 1 `long`s (256 MiB and 8 bytes) is declined
/// when it is planned: one warning naming the array, one `placement: cpu` event with the
/// reason and no `opencl` one, no device call; the call over 1,000 elements runs on the
/// device. The output is the Java twin's. Before, the call was traced `opencl` and fell
/// back when its buffer failed to allocate. Under `SOMD_STRICT=1` the program exits with
/// status 2 and the error instead.
#[test]
fn device_too_large_traces_cpu() {
    let Some(strict) = opencl_placement() else {
        return; // skipped loudly by `placements`
    };
    let Some((binary, expected)) = built_with_expected("tests/run", "device_too_large") else {
        return;
    };
    let env = [("SOMD_TRACE", "json"), ("POCL_MEMORY_LIMIT", "1")];
    let lenient = Placement { strict: false, ..strict };
    let outcome = run_with_env(binary, &expected.args, lenient, &env);
    let opened = outcome.stderr.lines().find(|line| line.contains("\"event\":\"open\""));
    if !opened.is_some_and(|line| line.contains("Portable Computing Language")) {
        eprintln!("SKIPPED: device_too_large_traces_cpu (the OpenCL device is not PoCL)");
        return;
    }
    assert_eq!(outcome.status, Some(0), "{}", outcome.stderr);
    assert_eq!(outcome.stdout, expected.stdout, "{}", outcome.stderr);
    let warnings: Vec<&str> =
        outcome.stderr.lines().filter(|line| line.starts_with("somd: warning:")).collect();
    assert_eq!(warnings.len(), 1, "{}", outcome.stderr);
    assert!(warnings[0].contains("an array of a does not fit on"), "{}", outcome.stderr);
    assert!(warnings[0].contains("CL_DEVICE_MAX_MEM_ALLOC_SIZE"), "{}", outcome.stderr);
    let placed = placements_traced(&outcome.stderr);
    let placed: Vec<(&str, &str, &str)> =
        placed.iter().map(|(n, p, r)| (n.as_str(), p.as_str(), r.as_str())).collect();
    assert_eq!(
        placed,
        [
            ("Main.total", "opencl", "SOMD_DEVICE"),
            ("Main.total", "cpu", "an array too large for one buffer of the device"),
        ],
        "{}",
        outcome.stderr
    );
    let calls = device_calls(&outcome.stderr);
    assert_eq!(calls.len(), 1, "only the small call on the device\n{}", outcome.stderr);
    let refused = run_with_env(binary, &expected.args, strict, &env);
    assert_eq!(refused.status, Some(2), "{}", refused.stderr);
    let error = "somd: error: an array of a does not fit on";
    assert!(refused.stderr.lines().any(|line| line.starts_with(error)), "{}", refused.stderr);
}
