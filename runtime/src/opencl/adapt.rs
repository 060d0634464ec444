//! Adaptive `auto` placement: a repeated call site keeps the faster of the device and the
//! CPU (LANGUAGE.md §4.1 allows either: results are the same up to floating-point
//! reassociation).
//!
//! Under `auto` with a GPU present, every eligible call used to run on the GPU, even where
//! moving its arrays costs far more than the work (LUFact's `eliminate`, called 999 times
//! in a host loop that writes the matrix between calls: 5.96 s on an H200 against 73–93 ms
//! on the CPU pool). Now a *site* (a call of a SOMD method, a `@` or a `!`: its label
//! `"Class.method"` and, through [`clock_at`], the source position of the call or
//! expression, so that one method called at two places keeps two placements) measures its
//! calls on both placements and then keeps the faster:
//!
//! 1. *Measuring*: calls run on the device, the device, the CPU, the CPU, the device, the
//!    CPU ([`PROBES`] calls each); the first call of each placement is a warm-up (program
//!    build, first transfers, thread start-up) and does not count. A site called once runs
//!    on the device, as before. Measuring stops early when one placement is [`CLEAR`]
//!    times faster than the other: the CPU wins early even against its warm-up (a CPU that
//!    fast even so has won), the device only against a measured CPU call (the warm-up
//!    starts the pool's threads, which can take longer than a small call: LUFact's 999
//!    calls of tens of microseconds on an H200 were decided for the device by it). So a
//!    site where either side wins clearly costs at most two device calls (the device
//!    losing) or two CPU calls (the CPU losing).
//! 2. *Settled*: the CPU wins when its best measured call took at most [`SWITCH`] of the
//!    device's best (the device stays otherwise: hysteresis in favour of the old default);
//!    later calls run on the winner, whose time is followed as a moving average.
//! 3. *Re-check*: once the winner's calls since the last check add up to [`RECHECK`] times
//!    the loser's last time, one call runs on the loser (so re-checking costs at most about
//!    1/[`RECHECK`] of the site's time); the sides swap when that call took at most
//!    [`SWITCH`] of the winner's recent time. Work that grows or shrinks along the loop
//!    (LUFact's shrinking submatrix) can so change the choice. A winner whose recent time
//!    has grown so far that the loser's last time would beat it by that margin re-checks
//!    at its next call. A winner slower than the loser by less than the margin is traced
//!    `kept`, one faster `faster`.
//!
//! A call's time is the wall time of the whole call, transfers and result conversion
//! included, on the clock the trace uses ([`std::time::Instant`]): from the placement
//! decision to the end of the [`Clock`] that the generated code opens right before the
//! device attempt and closes when the construct's value is ready (the SOMD wrapper returns,
//! the `@`/`!` expression block ends). A call the device declines after being chosen (a
//! `null` or empty argument, an allocation too large: the CPU path runs; no
//! `device_started`) and a call that throws are not measured.
//!
//! Only `auto` adapts: `SOMD_DEVICE` and `somd.toml` rules are obeyed as before, and
//! `SOMD_ADAPT=off` restores the old `auto` (every eligible call on the GPU).
//!
//! *Group sites.* Fused statements, a `@` fused into the `@` that consumes it and a chained
//! `@` run several constructs whose device stages share buffers (the fused kernel's
//! partials, the chain's intermediate array): a CPU stage in the middle would move them
//! across. Each is therefore one site, named by its kernel's name (`fused_Class_method`,
//! `mapfused_..`, the chain's outer `map_..`: unique in a program and the same in every
//! build of it), whose [`group`] clock chooses once per run, before the first construct:
//! on the device its constructs are placed as the old `auto` places them (the fused
//! launch), on the CPU every construct it runs is placed on the CPU, unmeasured (traced
//! `auto: cpu with SITE`). Its device side is measured only when a device call starts while
//! its clock is the innermost (the fused launch itself): where that launch declines (a
//! `null` array, `SOMD_MAPFUSE=0`) and the constructs run alone, their own clocks adapt as
//! before and the group's call is not measured. A group adapts only when every construct
//! would (no `somd.toml` rule for any of them).
//!
//! *Task graphs.* The device filter tasks of a graph run their batches on the tasks' own
//! threads, and consecutive device filters keep their items on the device between them.
//! A graph run is one site ([`graph_run`]): its device filters (all of them, the rule for
//! every graph) run on the device as before or all on the CPU, chosen once when the graph
//! starts. The site is named by the graph's device filters, `tasks A => B` (their labels in
//! graph order), so the graphs a loop builds again and again share it; its time is the wall
//! time from `start()` to the end of `finish()` (a graph whose `finish()` throws, or that is
//! never finished, is not measured), and its device side counts only when a batch ran on the
//! device. Deciding per device filter would let a CPU filter sit between two device ones
//! that pass their items on the device; deciding per graph never does, and a device filter
//! whose neighbours are CPU tasks is a graph site of one. The first run of a graph runs on
//! the device, as before, so a graph run once keeps the old `auto`.
//!
//! Keep scopes (`device/resident.rs`) need nothing: a kept array is one the host loop never
//! writes, passed only to read-only parameters, and SOMD parameters are by value on both
//! placements, so the host's copy is always current for a CPU call and the kept device copy
//! stays equal to it.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use crate::error::SourcePos;

/// Calls per placement while measuring, the first of each a warm-up.
pub const PROBES: u32 = 3;
/// The challenger wins when it takes at most this share of the incumbent's time.
pub const SWITCH: f64 = 0.8;
/// Measuring stops as soon as one placement is this many times faster than the other.
pub const CLEAR: u64 = 4;
/// The loser is tried again once the winner has spent this many times the loser's time.
pub const RECHECK: u64 = 16;

/// One of the two placements of a site.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Device,
    Cpu,
}

impl Side {
    fn index(self) -> usize {
        match self {
            Side::Device => 0,
            Side::Cpu => 1,
        }
    }

    fn other(self) -> Side {
        match self {
            Side::Device => Side::Cpu,
            Side::Cpu => Side::Device,
        }
    }

    /// The trace's name of the placement.
    pub fn name(self) -> &'static str {
        match self {
            Side::Device => "opencl",
            Side::Cpu => "cpu",
        }
    }
}

/// Why a call of an adaptive site runs where it does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Why {
    /// Measuring: the `n`-th call (from 1) on `side`; the first is a warm-up.
    Measuring { side: Side, n: u32 },
    /// Settled on `side`, whose time is `ns` against the other's `other_ns`.
    Faster { side: Side, ns: u64, other_ns: u64 },
    /// The slower `side` again (its last time `ns`; the winner's recent time `winner_ns`).
    Recheck { side: Side, ns: u64, winner_ns: u64 },
    /// A construct of the group site `site`, which runs on the CPU this time.
    Within { site: &'static str },
}

fn ms(ns: u64) -> f64 {
    ns as f64 / 1e6
}

impl Why {
    /// The trace's `reason`, e.g. `auto: cpu faster (0.081 ms vs 6.120 ms)`.
    pub fn text(&self) -> String {
        match *self {
            Why::Measuring { side, n: 1 } => {
                format!("auto: measuring {} (warm-up)", side.name())
            }
            Why::Measuring { side, n } => {
                format!("auto: measuring {} ({} of {})", side.name(), n - 1, PROBES - 1)
            }
            // Slower by less than the margin: the winner stays (hysteresis).
            Why::Faster { side, ns, other_ns } => {
                let word = if ns <= other_ns { "faster" } else { "kept" };
                format!("auto: {} {word} ({:.3} ms vs {:.3} ms)", side.name(), ms(ns), ms(other_ns))
            }
            Why::Recheck { side, ns, winner_ns } => format!(
                "auto: re-checking {} (last {:.3} ms vs {} {:.3} ms)",
                side.name(),
                ms(ns),
                side.other().name(),
                ms(winner_ns)
            ),
            Why::Within { site } => format!("auto: cpu with {site}"),
        }
    }
}

/// After measuring: the winner and what is known of both.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Settled {
    winner: Side,
    /// The winner's recent time (a moving average of its calls).
    recent: u64,
    /// The loser's last time.
    loser: u64,
    /// The winner's time since the last check.
    spent: u64,
    /// A re-check call is under way.
    checking: bool,
}

/// The placement state of one site. The decision logic only: the times come from
/// [`Site::record`] (from [`Clock`]s at run time, given directly by the tests).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Site {
    /// Calls measured per side while measuring (warm-ups included).
    counts: [u32; 2],
    /// The best measured time per side while measuring, warm-ups excluded (`None`: none yet).
    best: [Option<u64>; 2],
    /// The CPU's best time, its warm-up included (for stopping early).
    cpu_any: Option<u64>,
    settled: Option<Settled>,
}

/// Whether `challenger` beats `incumbent` by the hysteresis margin.
fn beats(challenger: u64, incumbent: u64) -> bool {
    (challenger as f64) <= SWITCH * incumbent as f64
}

impl Site {
    /// Where the next call runs, and why.
    pub fn choose(&mut self) -> (Side, Why) {
        if let Some(s) = &mut self.settled {
            let loser = s.winner.other();
            // The winner's calls have grown slow enough that the loser's last time would
            // win: try it now rather than after RECHECK times its time.
            let overtaken = beats(s.loser, s.recent);
            if !s.checking && (overtaken || s.spent >= s.loser.saturating_mul(RECHECK)) {
                s.checking = true;
                return (loser, Why::Recheck { side: loser, ns: s.loser, winner_ns: s.recent });
            }
            return (s.winner, Why::Faster { side: s.winner, ns: s.recent, other_ns: s.loser });
        }
        // Device, device, CPU, CPU, then alternating from the device.
        let [device, cpu] = self.counts;
        let side = if device < 2 || (cpu >= 2 && device <= cpu) { Side::Device } else { Side::Cpu };
        (side, Why::Measuring { side, n: self.counts[side.index()] + 1 })
    }

    /// A call on `side` took `ns`.
    pub fn record(&mut self, side: Side, ns: u64) {
        if let Some(s) = &mut self.settled {
            if side == s.winner {
                s.recent = (3 * s.recent + ns) / 4;
                s.spent = s.spent.saturating_add(ns);
            } else if beats(ns, s.recent) {
                *s = Settled {
                    winner: side,
                    recent: ns,
                    loser: s.recent,
                    spent: 0,
                    checking: false,
                };
            } else {
                s.loser = ns;
                s.spent = 0;
                s.checking = false;
            }
            return;
        }
        let k = side.index();
        self.counts[k] += 1;
        if self.counts[k] > 1 {
            self.best[k] = Some(self.best[k].map_or(ns, |b| b.min(ns)));
        }
        if side == Side::Cpu {
            self.cpu_any = Some(self.cpu_any.map_or(ns, |b| b.min(ns)));
        }
        let winner = match (self.best, self.cpu_any) {
            ([Some(device), _], Some(cpu)) if cpu.saturating_mul(CLEAR) <= device => {
                Some((Side::Cpu, cpu, device))
            }
            // Against a measured CPU call only: the CPU's warm-up includes starting the
            // pool's threads, which can take longer than a small call's work.
            ([Some(device), Some(cpu)], _) if device.saturating_mul(CLEAR) <= cpu => {
                Some((Side::Device, device, cpu))
            }
            ([Some(device), Some(cpu)], _) if self.counts.iter().all(|&n| n >= PROBES) => {
                Some(if beats(cpu, device) {
                    (Side::Cpu, cpu, device)
                } else {
                    (Side::Device, device, cpu)
                })
            }
            _ => None,
        };
        if let Some((winner, recent, loser)) = winner {
            self.settled = Some(Settled { winner, recent, loser, spent: 0, checking: false });
        }
    }

    /// A call chosen for `side` was not measured (the device declined it, or it threw).
    pub fn abandon(&mut self, side: Side) {
        if let Some(s) = &mut self.settled {
            if side != s.winner && s.checking {
                s.checking = false;
                s.spent = 0;
            }
        }
    }

    /// The placement the site settled on, if it has.
    pub fn winner(&self) -> Option<Side> {
        self.settled.map(|s| s.winner)
    }
}

/// What names a site's measurements: the construct's label and, for a clock opened with
/// [`clock_at`], the source position of the call or expression, so that two calls of one
/// method, or two `!`s of one function, each keep their own placement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct SiteKey {
    label: &'static str,
    at: Option<&'static SourcePos>,
}

impl SiteKey {
    fn of(label: &'static str) -> SiteKey {
        SiteKey { label, at: None }
    }
}

static SITES: Mutex<Option<HashMap<SiteKey, Site>>> = Mutex::new(None);

fn with_site<R>(key: SiteKey, f: impl FnOnce(&mut Site) -> R) -> R {
    // A panic while holding the lock leaves a consistent state (each update is whole).
    let mut sites = SITES.lock().unwrap_or_else(|e| e.into_inner());
    f(sites.get_or_insert_with(HashMap::new).entry(key).or_default())
}

/// The call of one clock: its site, and once the placement chose, the side and the start.
struct Frame {
    label: &'static str,
    /// The source position of the call ([`clock_at`]).
    at: Option<&'static SourcePos>,
    chosen: Option<(Side, Instant)>,
    on_device: bool,
    /// A group site ([`group`]): chosen when opened, for every construct it runs.
    group: bool,
}

impl Frame {
    fn key(&self) -> SiteKey {
        SiteKey { label: self.label, at: self.at }
    }
}

thread_local! {
    static FRAMES: RefCell<Vec<Frame>> = const { RefCell::new(Vec::new()) };
}

/// Measures one call of an adaptive site; see the module doc. Opened by generated code
/// right before the device attempt of the site `label` and dropped when the construct's
/// value is ready.
#[must_use = "the call is measured while the clock lives"]
pub struct Clock {
    active: bool,
    /// The call's site on [`TRACED`] while tracing.
    _site: Option<TracedSite>,
}

thread_local! {
    /// The constructs whose [`Clock`]s are open on this thread and the source positions of
    /// their calls, innermost last, kept while tracing so that a placement the runtime
    /// decides without adapting (`SOMD_DEVICE`, a `somd.toml` rule, a call its arguments
    /// keep on the CPU) names its site in the trace as an adaptive one does.
    static TRACED: RefCell<Vec<(&'static str, &'static SourcePos)>> =
        const { RefCell::new(Vec::new()) };
}

/// While it lives, the placements traced for the construct `label` on this thread name `at`
/// as their site ([`TRACED`]); a no-op unless tracing.
pub(crate) struct TracedSite {
    pushed: usize,
}

impl TracedSite {
    pub(crate) fn open(label: &'static str, at: &'static SourcePos) -> TracedSite {
        TracedSite::open_all(&[(label, at)])
    }

    /// [`TracedSite::open`] for each construct of `sites`, the last innermost.
    fn open_all(sites: &[(&'static str, &'static SourcePos)]) -> TracedSite {
        if !super::trace::enabled() {
            return TracedSite { pushed: 0 };
        }
        TRACED.with(|t| t.borrow_mut().extend_from_slice(sites));
        TracedSite { pushed: sites.len() }
    }
}

impl Drop for TracedSite {
    fn drop(&mut self) {
        if self.pushed > 0 {
            TRACED.with(|t| {
                let mut t = t.borrow_mut();
                let keep = t.len().saturating_sub(self.pushed);
                t.truncate(keep);
            });
        }
    }
}

/// The source position of the innermost open call of `method` on this thread ([`TRACED`]):
/// the `site` of its placement in the trace. `None` where no clock of `method` is open (a
/// construct the generated code places without one, tracing off).
pub(super) fn traced_at(method: &str) -> Option<&'static SourcePos> {
    TRACED.with(|t| t.borrow().iter().rev().find(|(label, _)| *label == method).map(|s| s.1))
}

/// Opens the [`Clock`] of one call of the construct `label` at `at` (a no-op unless `auto`
/// adapts): the site is the construct at that position, measured apart from the
/// construct's calls elsewhere (a method called on small arrays in one place and on large
/// ones in another keeps a placement for each).
pub fn clock_at(label: &'static str, at: &'static SourcePos) -> Clock {
    let site = Some(TracedSite::open(label, at));
    let placement = crate::exec::placement();
    if placement.device != crate::exec::Device::Auto || !placement.adapt {
        return Clock { active: false, _site: site };
    }
    let at = Some(at);
    FRAMES.with(|f| {
        f.borrow_mut().push(Frame { label, at, chosen: None, on_device: false, group: false })
    });
    Clock { active: true, _site: site }
}

/// Opens the [`Clock`] of one run of the group site `label` at `at` (fused statements, a
/// fused or chained `@` pair: constructs whose device stages share buffers) and chooses
/// its placement at once, tracing it under `label` with `at` as its site: on the device the
/// constructs `members` (their labels and the positions their placements name while the
/// clock lives, the last innermost: a fused kernel's label with the group's position) are
/// placed as the old `auto` places them (their own clocks adapt only where the group's
/// device launch declines and they run alone); on the CPU every device placement on this
/// thread runs on the CPU until the clock ends (traced `auto: cpu with LABEL`), so no
/// buffer crosses in the middle. Adapts only where `auto` adapts for every member; names
/// the members' sites in the trace whatever the placement.
pub fn group(
    label: &'static str,
    at: &'static SourcePos,
    members: &[(&'static str, &'static SourcePos)],
) -> Clock {
    let site = Some(TracedSite::open_all(members));
    let Some(ctx) = super::policy::adaptive_device(members.iter().map(|m| m.0)) else {
        return Clock { active: false, _site: site };
    };
    let (side, why) = with_site(SiteKey::of(label), Site::choose);
    FRAMES.with(|f| {
        f.borrow_mut().push(Frame {
            label,
            at: None,
            chosen: Some((side, Instant::now())),
            on_device: false,
            group: true,
        })
    });
    if super::trace::enabled() {
        let target = match side {
            Side::Device => super::Target::Device(ctx),
            Side::Cpu => super::Target::Cpu,
        };
        super::policy::trace_placement_at(label, target, &why.text(), Some(at));
    }
    Clock { active: true, _site: site }
}

impl Drop for Clock {
    fn drop(&mut self) {
        if !self.active {
            return;
        }
        let Some(frame) = FRAMES.with(|f| f.borrow_mut().pop()) else { return };
        let Some((side, start)) = frame.chosen else { return };
        let ns = u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX);
        let measured = !std::thread::panicking() && (side == Side::Cpu || frame.on_device);
        with_site(frame.key(), |site| {
            if measured {
                site.record(side, ns);
            } else {
                site.abandon(side);
            }
        });
    }
}

/// The adaptive choice for a call of `method` that `auto` would place on the device:
/// `None` when no clock of `method` is waiting for its choice on this thread (a construct
/// that does not adapt: the device, as before).
pub(super) fn claim(method: &str) -> Option<(Side, Why)> {
    FRAMES.with(|f| {
        let mut frames = f.borrow_mut();
        // Inside a group site running on the CPU: every construct runs there, unmeasured.
        let cpu_group = frames
            .iter()
            .rev()
            .find(|t| t.group && t.chosen.is_some_and(|(side, _)| side == Side::Cpu));
        if let Some(group) = cpu_group {
            return Some((Side::Cpu, Why::Within { site: group.label }));
        }
        let frame = frames.last_mut().filter(|t| t.chosen.is_none() && t.label == method)?;
        let (side, why) = with_site(frame.key(), Site::choose);
        frame.chosen = Some((side, Instant::now()));
        Some((side, why))
    })
}

/// The device call of `method` started (its `trace::CallScope` opened): the call the
/// innermost clock measures ran on the device rather than being declined.
pub(crate) fn device_started(method: &str) {
    FRAMES.with(|f| {
        if let Some(frame) = f.borrow_mut().last_mut() {
            // A group's device call is any of its members' (or its fused kernel's).
            if (frame.group || frame.label == method)
                && frame.chosen.is_some_and(|(s, _)| s == Side::Device)
            {
                frame.on_device = true;
            }
        }
    });
}

/// One run of a task graph's device filters as one site (see the module doc).
pub struct GraphRun {
    label: &'static str,
    side: Side,
    start: Instant,
    /// Set by a device filter when one of its batches ran on the device.
    ran: Arc<AtomicBool>,
    recorded: bool,
}

impl GraphRun {
    /// Whether the graph's device filters run on the CPU this run.
    pub fn on_cpu(&self) -> bool {
        self.side == Side::Cpu
    }

    /// The flag a device filter sets when a batch of it ran on the device.
    pub fn ran_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.ran)
    }

    /// The graph's `finish()` returned: its time counts.
    pub fn finished(mut self) {
        let ns = u64::try_from(self.start.elapsed().as_nanos()).unwrap_or(u64::MAX);
        let measured = self.side == Side::Cpu || self.ran.load(Ordering::Relaxed);
        with_site(SiteKey::of(self.label), |site| {
            if measured {
                site.record(self.side, ns);
            } else {
                site.abandon(self.side);
            }
        });
        self.recorded = true;
    }
}

impl Drop for GraphRun {
    fn drop(&mut self) {
        if !self.recorded {
            with_site(SiteKey::of(self.label), |site| site.abandon(self.side));
        }
    }
}

/// The site of a graph whose device filters are `members` (their labels, in graph order):
/// `tasks A => B`, one string per distinct graph for the process.
fn graph_label(members: &[&'static str]) -> &'static str {
    static LABELS: Mutex<Option<HashSet<&'static str>>> = Mutex::new(None);
    let text = format!("tasks {}", members.join(" => "));
    let mut labels = LABELS.lock().unwrap_or_else(|e| e.into_inner());
    let labels = labels.get_or_insert_with(HashSet::new);
    match labels.get(text.as_str()) {
        Some(label) => label,
        None => {
            let label: &'static str = Box::leak(text.into_boxed_str());
            labels.insert(label);
            label
        }
    }
}

/// Chooses where the device filters `members` (their labels and `task` expressions) of a
/// graph that `start()` at `at` starts now run (see the module doc), tracing the choice
/// under the graph's site, at `at`, and, on the CPU, each filter's placement (`auto: cpu
/// with tasks ..`) at its `task` expression. `None` unless `auto` adapts for every filter:
/// they are placed as before.
pub(crate) fn graph_run(
    members: &[(&'static str, &'static SourcePos)],
    at: &'static SourcePos,
) -> Option<GraphRun> {
    if members.is_empty() {
        return None;
    }
    let ctx = super::policy::adaptive_device(members.iter().map(|m| m.0))?;
    let labels: Vec<&'static str> = members.iter().map(|m| m.0).collect();
    let label = graph_label(&labels);
    let (side, why) = with_site(SiteKey::of(label), Site::choose);
    if super::trace::enabled() {
        let target = match side {
            Side::Device => super::Target::Device(ctx),
            Side::Cpu => super::Target::Cpu,
        };
        super::policy::trace_placement_at(label, target, &why.text(), Some(at));
        if side == Side::Cpu {
            let within = Why::Within { site: label }.text();
            for (member, task) in members {
                super::policy::trace_placement_at(member, target, &within, Some(task));
            }
        }
    }
    Some(GraphRun {
        label,
        side,
        start: Instant::now(),
        ran: Arc::new(AtomicBool::new(false)),
        recorded: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Feeds `site` calls whose time on each side is given by `time`, returning the sides
    /// chosen.
    fn run(site: &mut Site, calls: usize, time: impl Fn(usize, Side) -> u64) -> Vec<Side> {
        (0..calls)
            .map(|k| {
                let (side, _) = site.choose();
                site.record(side, time(k, side));
                side
            })
            .collect()
    }

    use Side::{Cpu, Device};

    #[test]
    fn a_clear_winner_is_kept_after_few_calls() {
        // LUFact's shape: the device call moves the matrix (6 ms), the CPU call 0.08 ms:
        // two device calls (the warm-up and one measured), then the CPU's warm-up is
        // already 4 times faster.
        let mut site = Site::default();
        let sides = run(&mut site, 8, |_, s| if s == Device { 6_000_000 } else { 80_000 });
        assert_eq!(sides, [Device, Device, Cpu, Cpu, Cpu, Cpu, Cpu, Cpu]);
        assert_eq!(site.winner(), Some(Cpu));
        assert_eq!(
            site.choose().1,
            Why::Faster { side: Cpu, ns: 80_000, other_ns: 6_000_000 },
            "the trace's reason names both times"
        );
        // A device that wins clearly (N-body's shape) costs two CPU calls: the warm-up
        // does not decide for the device.
        let mut site = Site::default();
        let sides = run(&mut site, 6, |_, s| if s == Device { 1_000 } else { 50_000 });
        assert_eq!(sides, [Device, Device, Cpu, Cpu, Device, Device]);
        assert_eq!(site.winner(), Some(Device));
        // LUFact's shape with the matrix left on the device (an H200: 0.2 ms a device
        // call, 0.05 ms a CPU call once the pool runs, 2 ms for the CPU's warm-up, which
        // starts the pool): the CPU's measured call decides.
        let mut site = Site::default();
        let times = |k: usize, s| match (k, s) {
            (_, Device) => 200_000,
            (2, _) => 2_000_000,
            _ => 50_000,
        };
        let sides = run(&mut site, 6, times);
        assert_eq!(sides, [Device, Device, Cpu, Cpu, Cpu, Cpu]);
        assert_eq!(site.winner(), Some(Cpu));
    }

    #[test]
    fn close_calls_measure_three_each_and_compare_the_best() {
        // The first device call builds the program (1 s); the others take 1 ms. The CPU
        // takes 1.5 ms (warm-up), 1.1 ms, then 0.9 ms: its best, 0.9 ms, is within the
        // margin, so the device (the old default) stays.
        let times = |k: usize, _| match k {
            0 => 1_000_000_000,
            1 | 4 => 1_000_000,
            2 => 1_500_000,
            3 => 1_100_000,
            _ => 900_000,
        };
        let mut site = Site::default();
        let sides = run(&mut site, 6, times);
        assert_eq!(sides, [Device, Device, Cpu, Cpu, Device, Cpu]);
        assert_eq!(site.winner(), Some(Device));
        assert_eq!(site.choose().1, Why::Faster { side: Device, ns: 1_000_000, other_ns: 900_000 });
        // At most SWITCH of the device's time wins.
        let at = |cpu: u64| {
            move |k: usize, s| {
                if k == 0 {
                    1_000_000_000
                } else if s == Cpu {
                    cpu
                } else {
                    1000
                }
            }
        };
        let mut site = Site::default();
        run(&mut site, 6, at(800));
        assert_eq!(site.winner(), Some(Cpu));
        let mut site = Site::default();
        run(&mut site, 6, at(801));
        assert_eq!(site.winner(), Some(Device));
    }

    #[test]
    fn rechecks_the_loser_after_spending_its_time_many_times_over() {
        let mut site = Site::default();
        run(&mut site, 3, |_, s| if s == Device { 1_600 } else { 100 });
        assert_eq!(site.winner(), Some(Cpu));
        // The CPU spends 100 per call: after RECHECK * 1600 / 100 = 256 calls the device
        // runs once, then the CPU again.
        let sides = run(&mut site, 300, |_, s| if s == Device { 1_600 } else { 100 });
        let device: Vec<usize> =
            sides.iter().enumerate().filter(|(_, s)| **s == Device).map(|(k, _)| k).collect();
        assert_eq!(device, [256], "one re-check, and it lost");
        assert_eq!(site.winner(), Some(Cpu));
    }

    #[test]
    fn a_winner_grown_slower_than_the_loser_rechecks_at_once() {
        // Measured: the device at 745, the CPU at 741 (within the margin: the device
        // stays, traced `kept`). Then the device's calls take 2,000: once its moving
        // average passes 741 / SWITCH the CPU runs, long before RECHECK * 741 is spent,
        // and wins.
        let mut site = Site::default();
        run(&mut site, 6, |k, s| match (k, s) {
            (0, _) => 1_000_000,
            (_, Device) => 745,
            (_, Cpu) => 741,
        });
        assert_eq!(site.winner(), Some(Device));
        assert_eq!(site.choose().1.text(), "auto: opencl kept (0.001 ms vs 0.001 ms)");
        let sides = run(&mut site, 6, |_, s| if s == Device { 2_000 } else { 741 });
        assert_eq!(sides, [Device, Cpu, Cpu, Cpu, Cpu, Cpu], "recent 1,058 > 741 / 0.8 after one");
        assert_eq!(site.winner(), Some(Cpu));
        // A winner that stays within the margin of the loser's time never re-checks early.
        let mut site = Site::default();
        run(&mut site, 3, |_, s| if s == Device { 1_600 } else { 100 });
        let sides = run(&mut site, 100, |_, s| if s == Device { 1_600 } else { 120 });
        assert!(sides.iter().all(|s| *s == Cpu), "{sides:?}");
    }

    #[test]
    fn a_recheck_that_wins_swaps_the_sides() {
        let mut site = Site::default();
        run(&mut site, 3, |_, s| if s == Device { 1_000 } else { 100 });
        assert_eq!(site.winner(), Some(Cpu));
        // The CPU's work grows (LUFact read backwards): 2000 per call, so the device is
        // re-checked once the CPU's recent time (its moving average: 575, 931, 1198, 1398)
        // is past 1000 / SWITCH, before 16 * 1000 / 2000 = 8 calls, and wins against it.
        let sides = run(&mut site, 5, |_, s| if s == Device { 1_000 } else { 2_000 });
        assert_eq!(sides, [Cpu, Cpu, Cpu, Cpu, Device]);
        assert_eq!(site.winner(), Some(Device));
        let (side, why) = site.choose();
        assert_eq!(side, Device);
        assert!(matches!(why, Why::Faster { side: Device, ns: 1_000, .. }), "{why:?}");
    }

    #[test]
    fn unmeasured_calls_neither_count_nor_block_rechecks() {
        let mut site = Site::default();
        // The device declines the first calls (no sample): the device is asked again.
        assert_eq!(site.choose().0, Device);
        site.abandon(Device);
        assert_eq!(site.choose().0, Device);
        run(&mut site, 3, |_, s| if s == Device { 1_000 } else { 10 });
        assert_eq!(site.winner(), Some(Cpu));
        run(&mut site, 1_600, |_, _| 10);
        let (side, why) = site.choose();
        assert_eq!(side, Device, "{why:?}");
        assert!(matches!(why, Why::Recheck { .. }));
        assert_eq!(site.choose().0, Cpu, "one re-check at a time");
        site.abandon(Device);
        assert_eq!(site.choose().0, Cpu, "a declined re-check waits for the next period");
        assert_eq!(site.winner(), Some(Cpu));
    }

    /// Pushes a frame as [`clock_at`] (`group: false`, not chosen) or [`group`] (chosen) do.
    fn push(label: &'static str, group: Option<Side>) {
        let chosen = group.map(|side| (side, Instant::now()));
        FRAMES.with(|f| {
            f.borrow_mut().push(Frame {
                label,
                at: None,
                chosen,
                on_device: false,
                group: group.is_some(),
            })
        });
    }

    fn pop() -> Frame {
        FRAMES.with(|f| f.borrow_mut().pop()).expect("a frame")
    }

    #[test]
    fn a_group_on_the_cpu_keeps_its_constructs_there_unmeasured() {
        // The group chose the CPU: a construct's own clock inside it is not consulted (no
        // choice, nothing to record), nor is a construct without a clock.
        push("fused_T_a", Some(Cpu));
        push("T.a", None);
        assert_eq!(claim("T.a"), Some((Cpu, Why::Within { site: "fused_T_a" })));
        assert!(pop().chosen.is_none(), "the construct's own site is left alone");
        assert_eq!(claim("T.b"), Some((Cpu, Why::Within { site: "fused_T_a" })));
        pop();
        // On the device: the group's constructs are placed as the old `auto` places them
        // (no claim), and any device call while the group is innermost is the group's.
        push("fused_T_c", Some(Device));
        assert_eq!(claim("fused_T_c"), None);
        assert_eq!(claim("T.c"), None);
        device_started("T.c");
        assert!(pop().on_device);
        // Where the group's launch declined, a construct's own clock adapts and takes its
        // device call.
        push("fused_T_d", Some(Device));
        push("T.d", None);
        let (side, _) = claim("T.d").expect("the construct's own site");
        device_started("T.d");
        let own = pop();
        assert_eq!(own.on_device, side == Device);
        assert!(!pop().on_device);
    }

    #[test]
    fn reasons_read_as_sentences() {
        let text = |why: Why| why.text();
        assert_eq!(text(Why::Measuring { side: Device, n: 1 }), "auto: measuring opencl (warm-up)");
        assert_eq!(text(Why::Measuring { side: Cpu, n: 3 }), "auto: measuring cpu (2 of 2)");
        assert_eq!(
            text(Why::Faster { side: Cpu, ns: 81_000, other_ns: 6_120_000 }),
            "auto: cpu faster (0.081 ms vs 6.120 ms)"
        );
        assert_eq!(
            text(Why::Recheck { side: Device, ns: 6_000_000, winner_ns: 80_000 }),
            "auto: re-checking opencl (last 6.000 ms vs cpu 0.080 ms)"
        );
        assert_eq!(text(Why::Within { site: "fused_T_a" }), "auto: cpu with fused_T_a");
    }
}
