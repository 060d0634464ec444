//! Whole-process behaviour of the OpenCL layer, tested through child processes (the test
//! binary re-runs itself with `SOMD_OPENCL_CHILD=<scenario>` and a prepared environment):
//! fallback warnings, `SOMD_STRICT=1` exit status 2 (missing device, failed build with the
//! driver's log), running without any OpenCL library or platform, the disk binary cache
//! across processes, and the shape of `SOMD_TRACE=json` output (including an upload-once
//! residency check from the trace). Scenarios that need a device print
//! `SKIPPED: no OpenCL platform` without one, unless `SOMD_REQUIRE_OPENCL=1`.

use somd_runtime::opencl::device::{self, DeviceQuery};
use somd_runtime::opencl::program::{build_stats, ProgramCell, ProgramDesc};
use somd_runtime::opencl::{
    placement_for, reduce, trace, Access, DeviceArray, DeviceCtx, DeviceKernel, ErrorBuffer,
    OrFatal, PinnedHost, StagingPolicy, Target,
};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn has_platform() -> bool {
    let why = match device::find(DeviceQuery::Any) {
        Ok(Some(_)) => return true,
        Ok(None) => "no device".to_string(),
        Err(err) => err.to_string(),
    };
    if std::env::var("SOMD_REQUIRE_OPENCL").as_deref() == Ok("1") {
        panic!("SOMD_REQUIRE_OPENCL=1 but there is no OpenCL platform: {why}");
    }
    eprintln!("SKIPPED: no OpenCL platform ({why})");
    false
}

/// Runs `scenario` in a child process with `env` set (and the SOMD_* variables of this
/// process removed).
fn child(scenario: &str, env: &[(&str, &str)]) -> Output {
    let exe = std::env::current_exe().expect("test binary");
    let mut command = Command::new(exe);
    command.args(["child_entry", "--exact", "--nocapture", "--test-threads=1"]);
    for var in [
        "SOMD_DEVICE",
        "SOMD_STRICT",
        "SOMD_TRACE",
        "SOMD_CONFIG",
        "SOMD_THREADS",
        "SOMD_PINNED",
        "SOMD_PINNED_MIN",
        "SOMD_PINNED_MAX",
        "SOMD_PINNED_UP",
        "SOMD_STAGE_THREADS",
        "SOMD_STAGING_BYTES",
    ] {
        command.env_remove(var);
    }
    command.env("SOMD_OPENCL_CHILD", scenario);
    for (key, value) in env {
        command.env(key, value);
    }
    command.output().expect("spawn child")
}

fn stderr_of(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("somd-opencl-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

const GOOD_CL: &str = "__kernel void twice(__global int *a, const int n, SOMD_KERNEL_ERR)\n\
    { SOMD_ERR_INIT; int i = get_global_id(0); if (i < n) a[i] = somd_imul(a[i], 2); }\n";
static GOOD: ProgramCell = ProgramCell::new(ProgramDesc {
    name: "good.somd",
    defines: "",
    body: GOOD_CL,
    options: "",
    fast_math: false,
});
static BROKEN: ProgramCell = ProgramCell::new(ProgramDesc {
    name: "broken.somd",
    defines: "",
    body: "__kernel void k(__global int *a) { a[0] = no_such_identifier; }",
    options: "",
    fast_math: false,
});

/// Uploads `n` ints (a pattern varied by `round`), doubles them with `twice` and checks
/// every element after the download.
fn doubled_round_trip(ctx: &'static DeviceCtx, kernel: &DeviceKernel, n: usize, round: i32) {
    let mut host: Vec<i32> =
        (0..n as i32).map(|i| i.wrapping_mul(7919).wrapping_add(round)).collect();
    let want: Vec<i32> = host.iter().map(|v| v.wrapping_mul(2)).collect();
    let mut array = DeviceArray::new(ctx, "a", &host, Access::ReadWrite).or_fatal();
    array.ensure_on_device(&host).or_fatal();
    let err = ErrorBuffer::new(ctx).or_fatal();
    let mut args = kernel.args();
    unsafe {
        args.set(0, &array).or_fatal().set(1, &(n as i32)).or_fatal();
        args.set_err(2, &err).or_fatal();
    }
    args.run_1d(ctx, n).or_fatal();
    err.check(&[]).or_fatal();
    array.mark_device_dirty();
    array.ensure_on_host(&mut host).or_fatal();
    assert!(host == want, "round trip {round} of {n} elements differs");
}

/// The child side: runs the scenario named by `SOMD_OPENCL_CHILD`, if any.
#[test]
fn child_entry() {
    let Ok(scenario) = std::env::var("SOMD_OPENCL_CHILD") else { return };
    match scenario.as_str() {
        // Two SOMD calls under the environment's placement; prints where they ran.
        "placement" => {
            // Printed through the runtime's buffer before the first placement: a strict
            // exit must not lose it.
            somd_runtime::print::println(
                false,
                &somd_runtime::value::Str::from_string("BEFORE".into()),
            );
            for _ in 0..2 {
                let target = placement_for("Main.saxpy", true);
                println!("PLACEMENT {}", if target.is_device() { "device" } else { "cpu" });
            }
        }
        // Rows longer than the packing size up and down under `StagingPolicy::Always`: how
        // many transfers were staged, and whether the rows came back.
        "long_rows" => {
            let Ok(Some(ctx)) = device::find(DeviceQuery::Any) else { return };
            let long = somd_runtime::opencl::buffer::ROW_PACK_BELOW / 4 * 40 + 3;
            let host: Vec<Vec<i32>> =
                (0..5).map(|r| (0..long).map(|c| (r * 1_000_003 + c) as i32).collect()).collect();
            let flat = host.concat();
            let refs: Vec<&[i32]> = host.iter().map(Vec::as_slice).collect();
            ctx.set_staging_policy(StagingPolicy::Always);
            let staged = || ctx.stats.staged.load(std::sync::atomic::Ordering::Relaxed);
            let before = staged();
            let mut array = DeviceArray::new(ctx, "rows", &flat, Access::ReadWrite).or_fatal();
            array.upload_rows(&refs).or_fatal();
            let mut back = vec![vec![0i32; long]; 5];
            let mut targets: Vec<&mut [i32]> = back.iter_mut().map(Vec::as_mut_slice).collect();
            array.download_rows(&mut targets).or_fatal();
            println!("STAGED {} SAME {}", staged() - before, back == host);
        }
        // Builds GOOD then BROKEN twice each.
        "build" => {
            let Target::Device(ctx) = placement_for("Main.saxpy", true) else {
                println!("PLACEMENT cpu");
                return;
            };
            println!("GOOD {}", GOOD.get(ctx).is_some());
            for _ in 0..2 {
                println!("BROKEN {}", BROKEN.get(ctx).is_some());
            }
            // After the program failed to build, later constructs are placed on the CPU.
            let after = placement_for("Main.saxpy", true);
            println!("AFTER {}", if after.is_device() { "device" } else { "cpu" });
        }
        // Builds GOOD and prints the build counters.
        "cache" => {
            let Target::Device(ctx) = placement_for("Main.saxpy", true) else { return };
            let program = GOOD.get(ctx).expect("builds");
            let stats = build_stats();
            println!(
                "CACHE from_cache={} from_source={} hits={} rejected={}",
                program.from_cache, stats.from_source, stats.cache_hits, stats.cache_rejected
            );
        }
        // One traced SOMD call: upload once, two launches, a download, a reduction.
        "trace" => {
            let Target::Device(ctx) = placement_for("Main.twice", true) else { return };
            let program = GOOD.get(ctx).expect("builds");
            let kernel = program.kernel("twice").or_fatal();
            let mut host: Vec<i32> = (0..10_000).collect();
            let _scope = trace::CallScope::begin("Main.twice", ctx.label);
            let mut array = DeviceArray::new(ctx, "a", &host, Access::ReadWrite).or_fatal();
            let err = ErrorBuffer::new(ctx).or_fatal();
            for _ in 0..2 {
                array.ensure_on_device(&host).or_fatal();
                let mut args = kernel.args();
                unsafe {
                    args.set(0, &array).or_fatal().set(1, &10_000i32).or_fatal();
                    args.set_err(2, &err).or_fatal();
                }
                args.run_1d(ctx, host.len()).or_fatal();
                array.mark_device_dirty();
            }
            err.check(&[]).or_fatal();
            array.ensure_on_host(&mut host).or_fatal();
            assert_eq!(host[5], 20);
            let sum =
                reduce::reduce::<somd_runtime::reduce::Add, i32>(ctx, &array, 10_000).or_fatal();
            println!("SUM {sum}");
        }
        // Round trips of arrays below, inside and above the staging window (default 64 KiB
        // to 8 MiB), each doubled by a kernel and checked element by element, three times
        // each; prints the staging pool's counts.
        "staging" => {
            let Target::Device(ctx) = placement_for("Main.twice", true) else { return };
            let program = GOOD.get(ctx).expect("builds");
            let kernel = program.kernel("twice").or_fatal();
            for n in STAGING_SIZES {
                for round in 0..3 {
                    doubled_round_trip(ctx, kernel, n, round);
                }
            }
            // Rows of varying lengths (some empty) up and back, packed: about 4.6 MB.
            let host: Vec<Vec<i32>> = (0..4000)
                .map(|r: i32| {
                    (0..(r * 37) % 577)
                        .map(|c| r.wrapping_mul(1_000_003).wrapping_add(c * 7))
                        .collect()
                })
                .collect();
            let flat: Vec<i32> = host.concat();
            let refs: Vec<&[i32]> = host.iter().map(Vec::as_slice).collect();
            let mut array = DeviceArray::new(ctx, "m", &flat, Access::ReadWrite).or_fatal();
            array.upload_rows(&refs).or_fatal();
            let err = ErrorBuffer::new(ctx).or_fatal();
            let mut args = kernel.args();
            unsafe {
                args.set(0, &array).or_fatal().set(1, &(flat.len() as i32)).or_fatal();
                args.set_err(2, &err).or_fatal();
            }
            args.run_1d(ctx, flat.len()).or_fatal();
            err.check(&[]).or_fatal();
            let mut back: Vec<Vec<i32>> = host.iter().map(|row| vec![0; row.len()]).collect();
            let mut targets: Vec<&mut [i32]> = back.iter_mut().map(Vec::as_mut_slice).collect();
            array.download_rows(&mut targets).or_fatal();
            let want: Vec<Vec<i32>> =
                host.iter().map(|row| row.iter().map(|v| v.wrapping_mul(2)).collect()).collect();
            assert!(back == want, "round trip of rows differs");
            // An array already in pinned memory moves straight from it, never staged.
            let mut pinned = PinnedHost::<i32>::new(ctx, 300_000).or_fatal();
            pinned.fill(7);
            let mut array = DeviceArray::new(ctx, "p", &pinned, Access::ReadWrite).or_fatal();
            array.upload(&pinned).or_fatal();
            pinned.fill(0);
            array.download(&mut pinned).or_fatal();
            assert!(pinned.iter().all(|v| *v == 7), "round trip of a pinned array differs");
            let (made, free) = ctx.staging_counts();
            println!("STAGING made={made} free={free}");
        }
        // Round trips of 9 MiB (copies spread over threads) past `LARGE_AFTER` bytes, each
        // doubled by a kernel and checked; prints the large staging buffers' counts.
        "large" => {
            let Target::Device(ctx) = placement_for("Main.twice", true) else { return };
            let program = GOOD.get(ctx).expect("builds");
            let kernel = program.kernel("twice").or_fatal();
            let n = (9 << 20) / 4 + 7;
            let limit = somd_runtime::opencl::staging::LARGE_AFTER as usize;
            let rounds = limit.div_ceil(2 * n * 4) + 2;
            for round in 0..rounds as i32 {
                doubled_round_trip(ctx, kernel, n, round);
            }
            let (made, free) = ctx.large_staging_counts();
            println!("LARGE made={made} free={free}");
        }
        // How many devices this environment shows.
        "devices" => match device::devices() {
            Ok(infos) => println!("DEVICES {}", infos.len()),
            Err(_) => println!("DEVICES none"),
        },
        // Not a test: upload/download bandwidth with and without pinned staging (run by
        // hand on a GPU: SOMD_OPENCL_CHILD=bandwidth SOMD_DEVICE=opencl <test binary>
        // child_entry --exact --nocapture).
        "bandwidth" => {
            let Target::Device(ctx) = placement_for("Main.bandwidth", true) else { return };
            let mut host = vec![1.5f32; 64 << 20];
            let mut array = DeviceArray::new(ctx, "bw", &host, Access::ReadWrite).or_fatal();
            let mut pinned = PinnedHost::<f32>::new(ctx, host.len()).or_fatal();
            pinned.fill(1.5);
            let mut pinned_array =
                DeviceArray::new(ctx, "bw.pinned", &pinned, Access::ReadWrite).or_fatal();
            let (mut up, mut down) = (Vec::new(), Vec::new());
            for _ in 0..5 {
                let start = std::time::Instant::now();
                pinned_array.upload(&pinned).or_fatal();
                up.push(start.elapsed().as_secs_f64());
                let start = std::time::Instant::now();
                pinned_array.download(&mut pinned).or_fatal();
                down.push(start.elapsed().as_secs_f64());
            }
            up.sort_by(f64::total_cmp);
            down.sort_by(f64::total_cmp);
            let gb = (host.len() * 4) as f64 / 1e9;
            println!(
                "BANDWIDTH PinnedHost h2d {:.1} GB/s d2h {:.1} GB/s",
                gb / up[2],
                gb / down[2]
            );
            for policy in [StagingPolicy::Never, StagingPolicy::Always, StagingPolicy::Never] {
                ctx.set_staging_policy(policy);
                let mut up = Vec::new();
                let mut down = Vec::new();
                for _ in 0..5 {
                    let start = std::time::Instant::now();
                    array.upload(&host).or_fatal();
                    up.push(start.elapsed().as_secs_f64());
                    let start = std::time::Instant::now();
                    array.download(&mut host).or_fatal();
                    down.push(start.elapsed().as_secs_f64());
                }
                up.sort_by(f64::total_cmp);
                down.sort_by(f64::total_cmp);
                let gb = (host.len() * 4) as f64 / 1e9;
                println!(
                    "BANDWIDTH {policy:?} h2d {:.1} GB/s d2h {:.1} GB/s",
                    gb / up[2],
                    gb / down[2]
                );
            }
            // A matrix of 4096 rows of 32 KiB, moved packed through the staging pool, then
            // 64 rows of 2 MiB, past the packing size: staged as one transfer of their total
            // (before the thirty-fourth session, one pageable command per row).
            ctx.set_staging_policy(StagingPolicy::Auto);
            for (what, rows, len) in [("rows", 4096, 8192), ("long rows", 64, 1 << 19)] {
                let mut rows: Vec<Vec<f32>> =
                    host.chunks(len).take(rows).map(<[f32]>::to_vec).collect();
                let (mut up, mut down) = (Vec::new(), Vec::new());
                for _ in 0..5 {
                    let refs: Vec<&[f32]> = rows.iter().map(Vec::as_slice).collect();
                    let start = std::time::Instant::now();
                    array.upload_rows(&refs).or_fatal();
                    up.push(start.elapsed().as_secs_f64());
                    let mut targets: Vec<&mut [f32]> =
                        rows.iter_mut().map(Vec::as_mut_slice).collect();
                    let start = std::time::Instant::now();
                    array.download_rows(&mut targets).or_fatal();
                    down.push(start.elapsed().as_secs_f64());
                }
                up.sort_by(f64::total_cmp);
                down.sort_by(f64::total_cmp);
                let gb = (rows.len() * len * 4) as f64 / 1e9;
                println!(
                    "BANDWIDTH {what} h2d {:.1} GB/s d2h {:.1} GB/s",
                    gb / up[2],
                    gb / down[2]
                );
            }
        }
        other => panic!("unknown scenario {other}"),
    }
}

/// Element counts (of `int`) of the `staging` scenario: 4 KB (below the default window),
/// 800 KB (one chunk), 6 MB (three chunks through the two halves) and 12 MB (above it).
const STAGING_SIZES: [usize; 4] = [1_000, 200_000, 1_500_000, 3_000_000];

/// The `staging` scenario with the `SOMD_PINNED*` variables `vars`: its transfers (`(dir,
/// bytes, pinned)` from the trace) and the pool's `STAGING made=.. free=..` line.
fn staging_run(vars: &[(&str, &str)]) -> (Vec<(String, u64, bool)>, String) {
    let cache = temp_dir(&format!("staging-{}", vars.len()));
    let cache_str = cache.to_string_lossy().into_owned();
    let mut env =
        vec![("SOMD_DEVICE", "opencl"), ("SOMD_TRACE", "json"), ("SOMD_CACHE_DIR", &cache_str)];
    env.extend_from_slice(vars);
    let out = child("staging", &env);
    let _ = std::fs::remove_dir_all(cache);
    let stderr = stderr_of(&out);
    assert!(out.status.success(), "{vars:?}: {stderr}");
    let transfers = stderr
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter(|event| event["event"] == "transfer" && event["buffer"] == "a")
        .map(|t| {
            let dir = t["dir"].as_str().expect("dir").to_string();
            (dir, t["bytes"].as_u64().expect("bytes"), t["pinned"].as_bool().expect("pinned"))
        })
        .collect();
    // The array in pinned memory (1.2 MB, inside the window) goes direct both ways.
    let pinned: Vec<bool> = stderr
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter(|event| event["event"] == "transfer" && event["buffer"] == "p")
        .map(|t| t["pinned"].as_bool().expect("pinned"))
        .collect();
    assert_eq!(pinned, [false, false], "{vars:?}");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    // The harness's `test child_entry ... ` precedes the line.
    let counts = stdout.lines().find_map(|l| l.find("STAGING ").map(|at| &l[at..]));
    (transfers, counts.unwrap_or_default().to_string())
}

/// `SOMD_PINNED=1`: exactly the transfers inside the window (both ways) go through pinned
/// staging, all through one pool buffer made once and reused (the transfers are sequential),
/// and every round trip gives the kernel's results (checked in the child); with
/// `SOMD_PINNED_UP=0` only the downloads; `SOMD_PINNED=0` stages nothing and makes no
/// buffer. The copies run on one thread (`SOMD_STAGE_THREADS=1`), where the window ends at
/// `PINNED_MAX`.
#[test]
fn transfers_in_the_window_are_staged_through_one_reused_buffer() {
    if !has_platform() {
        return;
    }
    let window =
        somd_runtime::opencl::staging::PINNED_MIN..=somd_runtime::opencl::staging::PINNED_MAX;
    let one = ("SOMD_STAGE_THREADS", "1");
    let (transfers, counts) = staging_run(&[("SOMD_PINNED", "1"), one]);
    assert_eq!(transfers.len(), STAGING_SIZES.len() * 3 * 2, "{transfers:?}");
    for (dir, bytes, pinned) in &transfers {
        assert_eq!(*pinned, window.contains(bytes), "{dir} of {bytes} bytes");
    }
    let staged = transfers.iter().filter(|t| t.2).count();
    assert_eq!(staged, 2 * 3 * 2, "800 KB and 6 MB, up and down, three times");
    assert_eq!(counts, "STAGING made=1 free=1");
    let (transfers, counts) = staging_run(&[("SOMD_PINNED", "1"), ("SOMD_PINNED_UP", "0"), one]);
    assert_eq!(transfers.len(), STAGING_SIZES.len() * 3 * 2, "{transfers:?}");
    for (dir, bytes, pinned) in &transfers {
        assert_eq!(*pinned, dir == "d2h" && window.contains(bytes), "{dir} of {bytes} bytes");
    }
    assert_eq!(counts, "STAGING made=1 free=1");
    let (transfers, counts) = staging_run(&[("SOMD_PINNED", "0"), one]);
    assert_eq!(transfers.len(), STAGING_SIZES.len() * 3 * 2, "{transfers:?}");
    assert!(transfers.iter().all(|t| !t.2), "{transfers:?}");
    assert_eq!(counts, "STAGING made=0 free=0");
}

/// Chunk copies spread over several threads (`SOMD_STAGE_THREADS`) give the same arrays:
/// every transfer of the `staging` scenario through pinned buffers of 64 KiB (chunks of
/// 32 KiB in pieces of 2 KiB, pieces crossing rows and rows crossing pieces), on four
/// threads and on one, checked element by element in the child. With four threads the
/// window has no upper end (the 12 MB array is staged); with one, `SOMD_PINNED_MAX` lifts
/// it.
#[test]
fn staged_copies_spread_over_threads_keep_every_element() {
    if !has_platform() {
        return;
    }
    for (threads, max) in [("4", "0"), ("1", "1000000000")] {
        let mut vars = vec![
            ("SOMD_PINNED", "1"),
            ("SOMD_STAGING_BYTES", "65536"),
            ("SOMD_STAGE_THREADS", threads),
            ("SOMD_THREADS", "4"),
        ];
        if max != "0" {
            vars.push(("SOMD_PINNED_MAX", max));
        }
        let (transfers, counts) = staging_run(&vars);
        let staged = transfers.iter().filter(|t| t.2).count();
        assert_eq!(staged, 3 * 3 * 2, "all but the 4 KB arrays, up and down: {transfers:?}");
        assert_eq!(counts, "STAGING made=1 free=1");
    }
}

/// Transfers whose copies are spread over threads go through a large staging buffer once
/// the process has moved `LARGE_AFTER` bytes in them: one made and free between transfers,
/// every round trip exact; with `SOMD_STAGING_BYTES` (one size for all) or one copying
/// thread none is made.
#[test]
fn a_large_staging_buffer_serves_spread_transfers_after_enough_bytes() {
    if !has_platform() {
        return;
    }
    let cases: [(&[(&str, &str)], &str); 3] = [
        (&[], "LARGE made=1 free=1"),
        (&[("SOMD_STAGING_BYTES", "4194304")], "LARGE made=0 free=0"),
        (&[("SOMD_STAGE_THREADS", "1")], "LARGE made=0 free=0"),
    ];
    for (extra, want) in cases {
        let mut env = vec![("SOMD_DEVICE", "opencl"), ("SOMD_PINNED", "1"), ("SOMD_THREADS", "4")];
        env.extend_from_slice(extra);
        let out = child("large", &env);
        assert!(out.status.success(), "{extra:?}: {}", stderr_of(&out));
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(stdout.contains(want), "{extra:?}: {stdout}");
    }
}

fn warnings(stderr: &str) -> Vec<&str> {
    stderr.lines().filter(|l| l.starts_with("somd: warning:")).collect()
}

#[test]
fn missing_named_device_falls_back_with_one_warning() {
    let out = child("placement", &[("SOMD_DEVICE", "opencl:nonexistent")]);
    let stderr = stderr_of(&out);
    assert!(out.status.success(), "{stderr}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(stdout.matches("PLACEMENT cpu").count(), 2, "{stdout}");
    let lines = warnings(&stderr);
    assert_eq!(lines.len(), 1, "{stderr}");
    assert!(lines[0].contains("\"nonexistent\""), "{}", lines[0]);
}

#[test]
fn missing_device_under_strict_exits_with_status_2() {
    let out = child("placement", &[("SOMD_DEVICE", "opencl:nonexistent"), ("SOMD_STRICT", "1")]);
    let stderr = stderr_of(&out);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("somd: error:"), "{stderr}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!stdout.contains("PLACEMENT"), "{stdout}");
    // What the program printed before the exit comes out (probe 77: it was lost in the
    // runtime's output buffer).
    assert!(stdout.lines().any(|l| l.ends_with("BEFORE")), "{stdout}");
}

#[test]
fn no_library_and_no_platform_run_on_the_cpu() {
    // A bogus libOpenCL.so.1 first in the search path: dlopen fails, as on a machine
    // without OpenCL.
    let fake = temp_dir("fakelib");
    std::fs::write(fake.join("libOpenCL.so.1"), b"not a shared library").expect("write");
    let fake_str = fake.to_string_lossy().into_owned();
    // No ICD at all: the loader finds no platform.
    let empty = temp_dir("novendors");
    let empty_str = empty.to_string_lossy().into_owned();
    let cases: [(&str, &str, &str); 2] = [
        ("LD_LIBRARY_PATH", &fake_str, "could not be loaded"),
        ("OCL_ICD_VENDORS", &empty_str, "no OpenCL"),
    ];
    for (var, value, reason) in cases {
        let probe = child("devices", &[(var, value)]);
        if !String::from_utf8_lossy(&probe.stdout).contains("DEVICES none") {
            // Some ICD loaders (the Khronos one shipped with CUDA) fall back to
            // /etc/OpenCL/vendors when OCL_ICD_VENDORS holds no ICD.
            eprintln!("SKIPPED: {var}={value} still shows an OpenCL platform with this loader");
            continue;
        }
        // auto: silently on the CPU.
        let out = child("placement", &[(var, value)]);
        let stderr = stderr_of(&out);
        assert!(out.status.success(), "{var}: {stderr}");
        assert_eq!(String::from_utf8_lossy(&out.stdout).matches("PLACEMENT cpu").count(), 2);
        assert!(warnings(&stderr).is_empty(), "{var}: {stderr}");
        // Requested: one warning that says why.
        let out = child("placement", &[(var, value), ("SOMD_DEVICE", "opencl")]);
        let stderr = stderr_of(&out);
        assert!(out.status.success(), "{var}: {stderr}");
        let lines = warnings(&stderr);
        assert_eq!(lines.len(), 1, "{var}: {stderr}");
        assert!(lines[0].contains(reason), "{var}: {}", lines[0]);
    }
    let _ = std::fs::remove_dir_all(fake);
    let _ = std::fs::remove_dir_all(empty);
}

#[test]
fn failed_build_warns_once_or_exits_2_with_the_log() {
    if !has_platform() {
        return;
    }
    let cache = temp_dir("buildfail");
    let cache_str = cache.to_string_lossy().into_owned();
    let out = child("build", &[("SOMD_DEVICE", "opencl"), ("SOMD_CACHE_DIR", &cache_str)]);
    let stderr = stderr_of(&out);
    assert!(out.status.success(), "{stderr}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("GOOD true"), "{stdout}");
    assert_eq!(stdout.matches("BROKEN false").count(), 2, "{stdout}");
    let lines = warnings(&stderr);
    assert_eq!(lines.len(), 1, "{stderr}");
    assert!(lines[0].contains("broken.somd"), "{}", lines[0]);
    // Constructs placed after the failure run on the CPU, and the trace says why (probe 77:
    // it named the device, then traced a CPU call).
    assert!(stdout.contains("AFTER cpu"), "{stdout}");
    let out = child(
        "build",
        &[("SOMD_DEVICE", "opencl"), ("SOMD_CACHE_DIR", &cache_str), ("SOMD_TRACE", "json")],
    );
    let stderr = stderr_of(&out);
    let placements: Vec<&str> =
        stderr.lines().filter(|l| l.starts_with("{\"event\":\"placement\"")).collect();
    assert_eq!(placements.len(), 2, "{stderr}");
    assert!(placements[0].contains("\"placement\":\"opencl\""), "{stderr}");
    assert!(
        placements[1].contains("\"placement\":\"cpu\"")
            && placements[1].contains("\"reason\":\"the OpenCL program failed to build\""),
        "{stderr}"
    );

    let out = child(
        "build",
        &[("SOMD_DEVICE", "opencl"), ("SOMD_STRICT", "1"), ("SOMD_CACHE_DIR", &cache_str)],
    );
    let stderr = stderr_of(&out);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("somd: error: OpenCL program broken.somd failed to build"), "{stderr}");
    // The program ends: the error line does not say it runs on the CPU.
    assert!(stderr.contains("; exiting with status 2 (SOMD_STRICT=1)"), "{stderr}");
    assert!(!stderr.contains("running on the CPU"), "{stderr}");
    assert!(stderr.contains("no_such_identifier"), "the build log is printed: {stderr}");
    let _ = std::fs::remove_dir_all(cache);
}

/// Rows longer than the packing size move through the pinned staging pool when it takes
/// them (here forced on, as it is on a GPU for their total): one staged transfer each way,
/// the rows intact.
#[test]
fn long_rows_move_through_pinned_staging() {
    if !has_platform() {
        return;
    }
    let out = child("long_rows", &[]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("STAGED 2 SAME true"), "{stdout}\n{}", stderr_of(&out));
}

fn cache_line(out: &Output) -> String {
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    stdout.lines().find_map(|l| l.find("CACHE ").map(|at| l[at..].to_string())).unwrap_or_else(
        || {
            panic!("no CACHE line: {stdout}\n{}", stderr_of(out));
        },
    )
}

fn cache_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("cache dir")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "bin"))
        .collect();
    files.sort();
    files
}

#[test]
fn binary_cache_is_hit_by_the_second_process() {
    if !has_platform() {
        return;
    }
    let cache = temp_dir("cache");
    let cache_str = cache.to_string_lossy().into_owned();
    let env = [("SOMD_DEVICE", "opencl"), ("SOMD_CACHE_DIR", cache_str.as_str())];
    let first = cache_line(&child("cache", &env));
    assert_eq!(first, "CACHE from_cache=false from_source=1 hits=0 rejected=0");
    let files = cache_files(&cache);
    assert_eq!(files.len(), 1, "one cache file: {files:?}");
    assert!(std::fs::read_dir(&cache).expect("dir").count() == 1, "no temporary files left");
    let second = cache_line(&child("cache", &env));
    assert_eq!(second, "CACHE from_cache=true from_source=0 hits=1 rejected=0");
    // A corrupted binary is rejected by the driver and rebuilt from source.
    let mut bytes = std::fs::read(&files[0]).expect("read");
    let len = bytes.len();
    for byte in &mut bytes[len - len.min(4096)..] {
        *byte = 0xA5;
    }
    let tail_start = len.saturating_sub(64);
    bytes.truncate(tail_start.max(len / 2));
    std::fs::write(&files[0], &bytes).expect("corrupt");
    let third = cache_line(&child("cache", &env));
    assert_eq!(third, "CACHE from_cache=false from_source=1 hits=0 rejected=1");
    let fourth = cache_line(&child("cache", &env));
    assert_eq!(fourth, "CACHE from_cache=true from_source=0 hits=1 rejected=0", "rewritten");
    let _ = std::fs::remove_dir_all(cache);
}

#[test]
fn json_trace_has_the_documented_shape() {
    if !has_platform() {
        return;
    }
    let cache = temp_dir("trace");
    let cache_str = cache.to_string_lossy().into_owned();
    let out = child(
        "trace",
        &[("SOMD_DEVICE", "opencl"), ("SOMD_TRACE", "json"), ("SOMD_CACHE_DIR", &cache_str)],
    );
    let stderr = stderr_of(&out);
    assert!(out.status.success(), "{stderr}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("SUM 199980000"));
    let events: Vec<serde_json::Value> = stderr
        .lines()
        .filter(|l| l.starts_with('{'))
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("bad JSON {l}: {e}")))
        .collect();
    let of = |name: &str| -> Vec<&serde_json::Value> {
        events.iter().filter(|e| e["event"] == name).collect()
    };
    let placement = of("placement");
    assert_eq!(placement.len(), 1, "{stderr}");
    assert_eq!(placement[0]["name"], "Main.twice");
    assert_eq!(placement[0]["placement"], "opencl");
    assert_eq!(placement[0]["reason"], "SOMD_DEVICE");
    assert!(placement[0]["device"].is_string());
    assert_eq!(of("build").len(), 2, "program and reduction: {stderr}");
    assert!(of("build").iter().all(|b| b["from"] == "source" && b["ns"].is_u64()));
    let launches: Vec<_> = of("launch").into_iter().filter(|l| l["name"] == "twice").collect();
    assert_eq!(launches.len(), 2, "{stderr}");
    assert_eq!(of("launch").len(), 3, "and one for the reduction: {stderr}");
    for launch in &launches {
        assert_eq!(launch["name"], "twice");
        assert_eq!(launch["work_items"], 10_000);
        assert_eq!(launch["dims"], 1);
        let global = launch["global"].as_u64().expect("global");
        let local = launch["local"].as_u64().expect("local");
        assert!(global >= 10_000 && local > 0 && global % local == 0);
        assert!(launch["kernel_ns"].is_u64(), "profiling queue when tracing: {launch}");
    }
    // Residency: one upload of the array for two launches; one download; the reduction's
    // partials come back too.
    let h2d: Vec<_> = of("transfer").into_iter().filter(|t| t["dir"] == "h2d").collect();
    assert_eq!(h2d.len(), 1, "uploaded once: {stderr}");
    assert_eq!(h2d[0]["buffer"], "a");
    assert_eq!(h2d[0]["bytes"], 40_000);
    assert!(h2d[0]["ns"].is_u64() && h2d[0]["pinned"].is_boolean());
    let d2h: Vec<_> = of("transfer").into_iter().filter(|t| t["dir"] == "d2h").collect();
    assert_eq!(d2h.len(), 2, "{stderr}");
    assert_eq!(d2h[0]["buffer"], "a");
    assert_eq!(d2h[1]["buffer"], "somd_reduce.partials");
    let reduce = of("reduce");
    assert_eq!(reduce.len(), 1);
    assert_eq!(reduce[0]["n"], 10_000);
    assert_eq!(reduce[0]["type"], "int");
    assert_eq!(reduce[0]["op"], "Add");
    let call = of("call");
    assert_eq!(call.len(), 1, "{stderr}");
    assert_eq!(call[0]["name"], "Main.twice");
    assert_eq!(call[0]["launches"], 3, "two launches and the reduction");
    assert_eq!(call[0]["bytes_h2d"], 40_000);
    assert!(call[0]["bytes_d2h"].as_u64().expect("d2h") >= 40_000);
    for key in ["transfer_ns", "kernel_ns", "reduce_ns", "wall_ns", "work_items"] {
        assert!(call[0][key].is_u64(), "{key}");
    }
    // Text mode prints the same events as lines.
    let out = child(
        "trace",
        &[("SOMD_DEVICE", "opencl"), ("SOMD_TRACE", "1"), ("SOMD_CACHE_DIR", &cache_str)],
    );
    let stderr = stderr_of(&out);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("somd: trace: launch name=twice"), "{stderr}");
    assert!(stderr.contains("somd: trace: build program=good.somd"), "{stderr}");
    assert!(stderr.contains("from=cache"), "second process hits the cache: {stderr}");
    assert!(!stderr.lines().any(|l| l.starts_with('{')));
    let _ = std::fs::remove_dir_all(cache);
}
