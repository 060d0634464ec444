//! Placement of SOMD work (LANGUAGE.md §4.1) and the fallback policy.
//!
//! [`placement_for`] decides, per SOMD method / `@` / `!` / filter task, between the CPU and
//! an OpenCL device:
//! 1. `SOMD_DEVICE=seq|cpu` → CPU; `opencl` → the first GPU, else the first device;
//!    `opencl:TEXT` → the first device whose platform or device name contains `TEXT`
//!    (ignoring case);
//! 2. otherwise (unset or `auto`) the placement file's rule for `"Class.method"`: `"cpu"`, or
//!    `"gpu"` (treated as `SOMD_DEVICE=opencl`);
//! 3. otherwise `auto`: an OpenCL GPU when one is present, else the CPU (silently); a
//!    repeated SOMD method, `@`, `!`, run of fused statements, fused or chained `@`, or task
//!    graph's device filters then measures its calls on both and keeps the faster ([`super::adapt`]; `SOMD_ADAPT=off`:
//!    always the GPU). `SOMD_AUTO_ANY=1` (for tests on
//!    machines whose only OpenCL device is a CPU device, such as PoCL) lets `auto` take the
//!    first device of any kind.
//!
//! Work that is not eligible (the compiler says why) always runs on the CPU.
//!
//! # Fallback
//! When a requested device is missing, a program fails to build, or an array exceeds the
//! device's allocation limit, the work runs on the CPU and one line
//! `somd: warning: ...` is printed per cause (per distinct message, once per process) —
//! unless `SOMD_STRICT=1`, where the program prints `somd: error: ...` (and the driver's
//! build log, for a failed build) and exits with status 2.

use super::adapt;
use super::config::{self, PlacementFile, Rule};
use super::device::{self, DeviceCtx, DeviceQuery};
use super::program::{BuildError, ProgramCell};
use super::trace::{self, Value};
use super::ClFailure;
use crate::error::SourcePos;
use crate::exec::{self, Device};
use std::collections::HashSet;
use std::io::Write as _;
use std::sync::{Mutex, OnceLock};

/// Where one piece of SOMD work runs.
#[derive(Debug, Clone, Copy)]
pub enum Target {
    Cpu,
    Device(&'static DeviceCtx),
}

impl Target {
    pub fn is_device(&self) -> bool {
        matches!(self, Target::Device(_))
    }
}

/// The placement of the SOMD method (or `@`, `!`, filter task) `method` ("Class.method");
/// `eligible` is the compiler's verdict on whether it can run on a device at all. After the
/// first call it costs a few loads and, with a placement file, one hash lookup; devices are
/// resolved once per process.
///
/// A construct evaluated inside an MI running on the CPU, or in an application of a `@`,
/// `!` or fold the CPU runs, runs there, on that thread, untraced (`somd::nested_on_cpu`;
/// not in the construct's arguments, evaluated before its applications): the enclosing
/// construct is the unit of placement, and a launch per evaluation (a `!` in a loop of the
/// body, in every application of a `@` the CPU runs) costs a round trip to the device for
/// work of a few elements.
pub fn placement_for(method: &str, eligible: bool) -> Target {
    if crate::somd::nested_on_cpu() {
        return Target::Cpu;
    }
    let (target, reason) = decide(method, eligible);
    if trace::enabled() {
        trace_decided(method, target, reason);
    }
    target
}

/// [`placement_for`] asked to plan, not to run, a call (`device::same_device`: whether two
/// constructs' buffers may meet): decided alike, traced not at all, since the call that
/// runs traces its own placement (one event per run of a construct).
pub(crate) fn placement_untraced(method: &str) -> Target {
    if crate::somd::nested_on_cpu() {
        return Target::Cpu;
    }
    decide(method, true).0
}

/// [`placement_for`] for a device call whose arguments may still keep it on the CPU: on a
/// device placement `check` runs (given the device) before anything is traced, and a call it declines
/// (`Err(why)`: a `null` or ragged array, an empty first `dist` argument, a `null`
/// value-class scalar, where the CPU path raises the Java exception or runs no MI) is traced
/// as `cpu` with `why`, never as `opencl` (LANGUAGE.md §4.2: the trace says where a call
/// ran). `None`: the CPU path.
pub fn device_for<T>(
    method: &str,
    check: impl FnOnce(&'static DeviceCtx) -> Result<T, &'static str>,
) -> Option<(&'static DeviceCtx, T)> {
    let decided = decided_for(method, check)?;
    decided.trace(method);
    decided.placed
}

/// [`device_for`]'s decision, traced by the caller ([`Decided::trace`]) once it knows where
/// the call runs: a chain's inner `@` runs on the CPU where its outer `@` does
/// (`device::map_chain_planned`). `None` inside an MI or a construct's CPU run.
pub(crate) fn decided_for<T>(
    method: &str,
    check: impl FnOnce(&'static DeviceCtx) -> Result<T, &'static str>,
) -> Option<Decided<T>> {
    // Inside an MI or a construct's CPU run: its thread ([`placement_for`]).
    if crate::somd::nested_on_cpu() {
        return None;
    }
    let (target, reason) = decide(method, true);
    let (target, reason, placed) = match target {
        Target::Device(ctx) => match check(ctx) {
            Ok(value) => (target, reason, Some((ctx, value))),
            Err(why) => (Target::Cpu, Reason::Fixed(why), None),
        },
        Target::Cpu => (target, reason, None),
    };
    if placed.is_some() {
        // Taken before it runs: the check may make device calls of its own.
        if let Some(check) = PENDING.with(|pending| pending.borrow_mut().take()) {
            check();
        }
    }
    Some(Decided { target, reason, placed })
}

/// A placement [`decided_for`] made and has not traced: `placed` holds the device and what
/// the check gave where the call runs there.
pub(crate) struct Decided<T> {
    target: Target,
    reason: Reason,
    pub(crate) placed: Option<(&'static DeviceCtx, T)>,
}

impl<T> Decided<T> {
    /// Traces the placement as decided.
    pub(crate) fn trace(&self, method: &str) {
        if trace::enabled() {
            trace_decided(method, self.target, self.reason);
        }
    }

    /// Traces a call placed on a device that runs on the CPU after all, `why`; any other
    /// as decided.
    pub(crate) fn trace_on_cpu(&self, method: &str, why: &'static str) {
        match self.placed {
            Some(_) => {
                if trace::enabled() {
                    trace_placement(method, Target::Cpu, why);
                }
            }
            None => self.trace(method),
        }
    }
}

/// Traces what [`decide`] chose for a call of `method`, its `site` the innermost open call
/// of `method` on this thread ([`adapt::traced_at`]).
#[cold]
fn trace_decided(method: &str, target: Target, reason: Reason) {
    match reason {
        Reason::Fixed(reason) => trace_placement(method, target, reason),
        Reason::Adapt(why) => trace_placement(method, target, &why.text()),
    }
}

thread_local! {
    /// The host work a call still owes Java before it runs on a device ([`before_device`]).
    static PENDING: std::cell::RefCell<Option<Box<dyn FnOnce()>>> =
        const { std::cell::RefCell::new(None) };
}

/// Runs `check` if the next [`device_for`] on this thread places its call on a device,
/// before anything of the call is traced or moved; dropping the guard forgets it. A SOMD
/// wrapper whose user strategy a device ignores (LANGUAGE.md §2.2) calls the strategy's
/// `bounds` for the one partition so, as one MI on the CPU would, and raises what it raises
/// (the CPU path calls it itself). The guard is dropped right after the device attempt:
/// device calls made by the CPU path's MIs never see it.
pub fn before_device(check: impl FnOnce() + 'static) -> PendingCheck {
    PENDING.with(|pending| *pending.borrow_mut() = Some(Box::new(check)));
    PendingCheck(())
}

/// The guard of [`before_device`].
#[must_use = "dropping the guard forgets the check"]
pub struct PendingCheck(());

impl Drop for PendingCheck {
    fn drop(&mut self) {
        PENDING.with(|pending| pending.borrow_mut().take());
    }
}

/// The device of `auto` when calls of every one of `labels` would adapt (the `auto`
/// default, adaptation on, no placement-file rule for any of them, a device for `auto`):
/// a group site of these constructs ([`adapt::group`]) may then choose for all of them.
pub(crate) fn adaptive_device<'a>(
    mut labels: impl Iterator<Item = &'a str>,
) -> Option<&'static DeviceCtx> {
    let placement = exec::placement();
    if placement.device != Device::Auto || !placement.adapt {
        return None;
    }
    if let Some(file) = placement_file() {
        if labels.any(|label| file.rule(label).is_some()) {
            return None;
        }
    }
    match auto_gpu() {
        Target::Device(ctx) => Some(ctx),
        Target::Cpu => None,
    }
}

/// Why a call runs where it does (the trace's `reason`).
#[derive(Clone, Copy)]
enum Reason {
    Fixed(&'static str),
    Adapt(adapt::Why),
}

/// Whether a call may be placed on a device at all: not under `SOMD_DEVICE=seq` or `cpu`,
/// nor under `auto` without a device. Cheap, and without [`decide`]'s effects (an adaptive
/// site's claim), for host work worth skipping when every call runs on the CPU.
pub(crate) fn any_device_placement() -> bool {
    match &exec::placement().device {
        Device::Seq | Device::Cpu => false,
        Device::OpenCl(_) => true,
        Device::Auto => auto_gpu().is_device(),
    }
}

fn decide(method: &str, eligible: bool) -> (Target, Reason) {
    let placement = exec::placement();
    let fixed = |target: Target, reason: &'static str| match target {
        // Every construct of the program is in its one OpenCL program: after that failed to
        // build on the device (reported once, `build_failed`), the CPU runs them, and the
        // trace says so rather than naming the device.
        Target::Device(ctx) if failed_build(ctx) => {
            (Target::Cpu, Reason::Fixed("the OpenCL program failed to build"))
        }
        _ => (target, Reason::Fixed(reason)),
    };
    match &placement.device {
        Device::Seq | Device::Cpu => return fixed(Target::Cpu, "SOMD_DEVICE"),
        _ if !eligible => return fixed(Target::Cpu, "not eligible"),
        Device::OpenCl(None) => return fixed(any_device(), "SOMD_DEVICE"),
        Device::OpenCl(Some(text)) => return fixed(env_named_device(text), "SOMD_DEVICE"),
        Device::Auto => {}
    }
    match placement_file().and_then(|file| file.rule(method)) {
        Some(Rule::Cpu) => fixed(Target::Cpu, "somd.toml"),
        Some(Rule::Gpu) => fixed(any_device(), "somd.toml"),
        None => match auto_gpu() {
            Target::Device(ctx) if failed_build(ctx) => fixed(Target::Device(ctx), "auto"),
            // Only a device placement adapts: without one, `auto` is the CPU.
            Target::Device(ctx) => match adapt::claim(method) {
                Some((adapt::Side::Cpu, why)) => (Target::Cpu, Reason::Adapt(why)),
                Some((adapt::Side::Device, why)) => (Target::Device(ctx), Reason::Adapt(why)),
                None => fixed(Target::Device(ctx), "auto"),
            },
            Target::Cpu => fixed(Target::Cpu, "auto"),
        },
    }
}

/// Traces the placement of a chain's outer `@` `method`, which runs on the CPU because its
/// inner `@`, asked first, does (`device::map_chain_planned`): with the reason [`decide`]
/// gives where it places `method` on the CPU too (`SOMD_DEVICE`, a group site on the
/// CPU), else naming the inner `@`. [`device_for`] is not asked: it would run the call's
/// pending host work ([`before_device`]) for a device call that is not made.
pub(crate) fn trace_chained_cpu(method: &str) {
    if trace::enabled() && !crate::somd::nested_on_cpu() {
        match decide(method, true) {
            (Target::Cpu, reason) => trace_decided(method, Target::Cpu, reason),
            (Target::Device(_), _) => {
                trace_placement(method, Target::Cpu, "the @ it consumes runs on the CPU")
            }
        }
    }
}

/// Traces the placement of a call of `method` at `at` that has no device path: on the CPU,
/// as [`decide`] places a construct that is not eligible.
#[cold]
pub(crate) fn trace_not_eligible(method: &str, at: &SourcePos) {
    if trace::enabled() {
        let (target, reason) = match decide(method, false) {
            (target, Reason::Fixed(reason)) => (target, reason),
            (target, Reason::Adapt(_)) => (target, "not eligible"),
        };
        trace_placement_at(method, target, reason, Some(at));
    }
}

/// The placement of a device filter task at `at` whose graph runs in Java's order
/// (`somd::in_order_graph`: under `SOMD_DEVICE=seq` (`seq`), or because its tasks observe
/// each other's effects): its items go one by one through its CPU worker, for the trace.
pub(crate) fn trace_in_order_filter(label: &str, at: &SourcePos, seq: bool) {
    if trace::enabled() {
        let reason = if seq { "SOMD_DEVICE" } else { "graph in Java's order (shared effects)" };
        trace_placement_at(label, Target::Cpu, reason, Some(at));
    }
}

/// Its `site` is the position of the innermost open call of `method` on this thread
/// ([`adapt::traced_at`]), `null` where the generated code opened none.
#[cold]
pub(crate) fn trace_placement(method: &str, target: Target, reason: &str) {
    trace_placement_at(method, target, reason, adapt::traced_at(method));
}

/// [`trace_placement`] of a construct at the source position `at`: a call that has no
/// device path, a group site or graph run ([`adapt::group`], [`adapt::graph_run`]).
#[cold]
pub(super) fn trace_placement_at(
    method: &str,
    target: Target,
    reason: &str,
    at: Option<&SourcePos>,
) {
    let (placement, device) = match target {
        Target::Cpu => ("cpu", Value::Null),
        Target::Device(ctx) => ("opencl", Value::Str(ctx.label)),
    };
    let site = at.map(|at| format!("{}:{}:{}", at.file, at.line, at.col));
    trace::emit(
        "placement",
        &[
            ("name", Value::Str(method)),
            ("placement", Value::Str(placement)),
            ("device", device),
            ("reason", Value::Str(reason)),
            (
                "mis",
                Value::U64(if target.is_device() { 1 } else { exec::placement().cpu_mis() as u64 }),
            ),
            ("site", site.as_deref().map_or(Value::Null, Value::Str)),
        ],
    );
}

/// The device a request names; a missing device falls back (warning or strict exit).
fn requested(query: DeviceQuery<'_>) -> Target {
    match device::find(query) {
        Ok(Some(ctx)) => Target::Device(ctx),
        Ok(None) => {
            fallback(
                &format!(
                    "{} was requested but none is present; running on the CPU",
                    query.describe()
                ),
                None,
            );
            Target::Cpu
        }
        Err(err) => {
            fallback(
                &format!("{} was requested but {err}; running on the CPU", query.describe()),
                None,
            );
            Target::Cpu
        }
    }
}

/// `SOMD_DEVICE=opencl` or a `"gpu"` rule: resolved (and warned about) once per process.
fn any_device() -> Target {
    static ANY: OnceLock<Target> = OnceLock::new();
    *ANY.get_or_init(|| requested(DeviceQuery::Any))
}

/// `SOMD_DEVICE=opencl:TEXT` (one `TEXT` per process): resolved once.
fn env_named_device(text: &str) -> Target {
    static NAMED: OnceLock<Target> = OnceLock::new();
    *NAMED.get_or_init(|| requested(DeviceQuery::Named(text)))
}

/// `auto`: the first GPU if there is one (opened once), else the CPU, without a warning
/// (`SOMD_AUTO_ANY=1`, for tests: the first device of any kind).
fn auto_gpu() -> Target {
    static AUTO: OnceLock<Option<&'static DeviceCtx>> = OnceLock::new();
    let found = AUTO.get_or_init(|| device::find(auto_query()).unwrap_or_default());
    match found {
        Some(ctx) => Target::Device(ctx),
        None => Target::Cpu,
    }
}

/// The device `auto` looks for: a GPU, or any device under `SOMD_AUTO_ANY=1`.
fn auto_query() -> DeviceQuery<'static> {
    if exec::placement().auto_any {
        DeviceQuery::Any
    } else {
        DeviceQuery::Gpu
    }
}

/// The start-up thread of [`prewarm`], joined by [`finish_prewarm`].
static PREWARM: Mutex<Option<std::thread::JoinHandle<()>>> = Mutex::new(None);

/// Opens the device this process's device work will be placed on and builds `program` for
/// it on a background thread, so that the driver's start-up (platform discovery and context
/// creation take about 120 ms and 100 ms each on the NVIDIA H200: docs/performance.md)
/// overlaps the host's work before the first device call instead of preceding that call.
/// Generated `main`s call it first when the program has device kernels. Nothing is
/// printed here: a missing device, a failed build or a strict-mode exit are reported by the
/// first call that needs the device, exactly as without prewarming. `SOMD_DEVICE=seq|cpu`
/// starts nothing; `auto` opens the first GPU, if any (a placement file may still send
/// every call to the CPU: then the thread only cost background time).
pub fn prewarm(program: &'static ProgramCell) {
    let query = match &exec::placement().device {
        Device::Seq | Device::Cpu => return,
        Device::OpenCl(None) => DeviceQuery::Any,
        Device::OpenCl(Some(text)) => DeviceQuery::Named(text.as_str()),
        Device::Auto => auto_query(),
    };
    let spawned = std::thread::Builder::new().name("somd-prewarm".to_string()).spawn(move || {
        if let Ok(Some(index)) = device::select(query) {
            if let Ok(ctx) = device::open(index) {
                program.prebuild(ctx);
                super::buffer::prestage(ctx);
            }
        }
    });
    if let Ok(handle) = spawned {
        *PREWARM.lock().unwrap_or_else(|e| e.into_inner()) = Some(handle);
    }
}

/// Waits for [`prewarm`]'s thread, so that the process never exits while a driver is
/// starting up (called when `main` ends, normally or with an exception).
pub fn finish_prewarm() {
    let handle = PREWARM.lock().unwrap_or_else(|e| e.into_inner()).take();
    if let Some(handle) = handle {
        let _ = handle.join();
    }
}

/// The methods of the running program (`Class.method`), which the generated `main` gives
/// before anything runs ([`known_methods`]).
static KNOWN_METHODS: OnceLock<&'static [&'static str]> = OnceLock::new();

/// Records the program's methods, so that a placement-file rule naming none of them (a
/// misspelt class or method) is reported instead of silently doing nothing.
pub fn known_methods(names: &'static [&'static str]) {
    let _ = KNOWN_METHODS.set(names);
}

/// The process's placement file (`SOMD_CONFIG` or `somd.toml` beside the executable);
/// its warnings are printed once when it is first read, with one for each rule that names
/// no method of the program.
pub fn placement_file() -> Option<&'static PlacementFile> {
    static FILE: OnceLock<Option<PlacementFile>> = OnceLock::new();
    FILE.get_or_init(|| {
        let (path, warning) = config::locate(exec::placement().config.as_deref());
        if let Some(warning) = warning {
            warn_once(&warning);
        }
        let path = path?;
        let file = PlacementFile::load(&path)?;
        for warning in &file.warnings {
            warn_once(warning);
        }
        if let Some(known) = KNOWN_METHODS.get() {
            let mut unknown: Vec<&String> =
                file.rules.keys().filter(|k| !known.contains(&k.as_str())).collect();
            unknown.sort();
            for key in unknown {
                warn_once(&format!(
                    "somd: warning: {}: rule \"{key}\" names no method of this program; \
                     rule ignored",
                    path.display()
                ));
            }
        }
        Some(file)
    })
    .as_ref()
}

/// Prints `line` to standard error unless the same line was printed before.
pub fn warn_once(line: &str) {
    static SEEN: Mutex<Option<HashSet<String>>> = Mutex::new(None);
    let mut seen = SEEN.lock().unwrap_or_else(|e| e.into_inner());
    if seen.get_or_insert_with(HashSet::new).insert(line.to_string()) {
        let _ = writeln!(std::io::stderr(), "{line}");
    }
}

/// The fallback policy for `cause` (a sentence without the `somd: warning:` prefix): one
/// warning per cause, or under `SOMD_STRICT=1` an error line (the cause without its
/// "running on the CPU"), `log` (a build log) and exit status 2.
pub fn fallback(cause: &str, log: Option<&str>) {
    if exec::placement().strict {
        // What the program printed comes first (the runtime's buffer too).
        crate::print::flush();
        let mut stderr = std::io::stderr().lock();
        // The program ends here: the fallback the cause names does not happen.
        let cause = cause.strip_suffix("; running on the CPU").unwrap_or(cause);
        let _ = writeln!(stderr, "somd: error: {cause}; exiting with status 2 (SOMD_STRICT=1)");
        if let Some(log) = log.filter(|l| !l.trim().is_empty()) {
            let _ = writeln!(stderr, "{}", log.trim_end());
        }
        let _ = stderr.flush();
        drop(stderr);
        std::process::exit(2);
    }
    if trace::enabled() {
        trace::emit("fallback", &[("cause", Value::Str(cause))]);
    }
    warn_once(&format!("somd: warning: {cause}"));
}

/// The devices (by index) on which the program's OpenCL program failed to build.
static FAILED_BUILDS: Mutex<Vec<usize>> = Mutex::new(Vec::new());

fn failed_build(ctx: &DeviceCtx) -> bool {
    FAILED_BUILDS.lock().unwrap_or_else(|e| e.into_inner()).contains(&ctx.info.index)
}

/// Applies the fallback policy to a failed program build on `ctx`.
pub fn build_failed(ctx: &DeviceCtx, err: &BuildError) {
    FAILED_BUILDS.lock().unwrap_or_else(|e| e.into_inner()).push(ctx.info.index);
    let cause = format!(
        "OpenCL program {} failed to build on {} ({}); running on the CPU",
        err.program, ctx.label, err.message
    );
    fallback(&cause, Some(&err.log));
}

/// Applies the fallback policy to an array of `bytes` that `ctx` cannot allocate.
pub fn too_large(ctx: &DeviceCtx, what: &str, err: &ClFailure) {
    fallback(&format!("{what} does not fit on {}: {err}; running on the CPU", ctx.label), None);
}
