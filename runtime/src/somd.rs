//! The glue that generated code uses to run SOMD calls (LANGUAGE.md §2), `@` and `!` (§3.4,
//! §3.5) and task graphs of erased item types (§3.1). See `docs/notes/rust-representation.md`.
//!
//! # A SOMD call
//! 1. The caller chooses the number of MIs with [`mi_count`] (`SOMD_DEVICE=seq`: 1; else the
//!    CPU pool size, never more than the length of the first `dist` argument, and 0 for an
//!    empty one, which makes the reduction return its identity).
//! 2. Each `dist` argument becomes a [`Dist1`] or [`Dist2`]: a [`Layout`] plus the array the
//!    partitions are windows of. When the body writes the parameter, that array is a deep copy
//!    made once per call (the call's *scratch*), so the caller never sees the writes (§2.1)
//!    while every MI writes its owned cells straight into the shared scratch. Halo cells of a
//!    view are the neighbours' owned cells of the same buffer, so after a `sync` barrier they
//!    show the neighbours' writes with no refresh step.
//! 3. [`run_call`] runs one closure per MI on [`crate::exec::pool`] with a per-thread context,
//!    so that [`all_reduce`] (intermediate reductions, `sync reduce`) and [`sync`] work in any
//!    function the body calls. Outside a SOMD call they are the identity and a no-op.
//! 4. The generated code combines the partial results ([`crate::reduce`], [`assemble_1d`],
//!    [`assemble_2d`], [`tree_combine`], and for a `combine` the compiler proved elementwise
//!    or free of outside effects [`combine_elementwise`], [`combine_concurrent`]).

use crate::error::{self, class, OrThrow, SourcePos};
use crate::exec::{self, Mi};
use crate::partition::{self, Layout, Part};
use crate::reduce::{AllGather, AllReduce, ReduceOp};
use crate::value::{Array, DeepCopy, Obj, Slot, Str, VArr, Val};
use std::any::Any;
use std::cell::Cell;
use std::mem::MaybeUninit;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The number of MIs of a call whose first `dist` argument has `len` elements (dimension 1).
pub fn mi_count(len: usize) -> usize {
    if len == 0 {
        0
    } else {
        exec::placement().cpu_mis().min(len).max(1)
    }
}

/// The number of MIs of a call that [`run_call_balanced`] runs: up to [`BALANCE_SPLIT`] per
/// pool thread (`SOMD_SPLIT=N` sets another count), at most one per
/// [`BALANCE_MIN_UNITS`] of the `units` the first `dist` argument splits into (but one per
/// thread where there are units for it; the cap applies to `SOMD_SPLIT` too), never more
/// than the units.
///
/// The count depends only on the pool's threads and the units, never on timing, so a
/// floating-point reduction over the MIs gives the same bits in every run of a program.
pub fn mi_count_balanced(units: usize) -> usize {
    let placement = exec::placement();
    let split = placement.switches.balance_split.unwrap_or(BALANCE_SPLIT);
    balanced_mis(placement.cpu_mis(), split, units)
}

/// [`mi_count_balanced`] for `threads` pool threads and `split` MIs per thread.
fn balanced_mis(threads: usize, split: usize, units: usize) -> usize {
    if units == 0 {
        0
    } else if threads <= 1 {
        1
    } else {
        let by_units = (units / BALANCE_MIN_UNITS).max(threads);
        threads.saturating_mul(split).min(by_units).min(units)
    }
}

/// MIs per thread of a balanced call. A thread that starts late, or whose core another
/// process shares, leaves the others idle at the end of the call for up to one MI's
/// length, so smaller MIs shorten that tail; each MI costs its dispatch from the shared
/// counter and its share of the assembly. Measured on 16 cores (`bench/gpu/s9-scaling.sh`
/// and `s9-split.sh`, medians of five, ms), with 4, 16, 32 and 64 MIs per thread: Series
/// at 100,000 coefficients 566, 516, 488, 474 (rayon 534); CP 122, 112, 114, 103 (rayon
/// 106); Monte Carlo 67, 66, 63, 62 (rayon 63); vector add, Saxpy, Black-Scholes, Crypt
/// and MRI-Q no slower at 32 than at 4.
const BALANCE_SPLIT: usize = 32;

/// The fewest units (elements, rows, columns or cells of the first `dist` argument) per MI
/// of a balanced call, beyond one MI per thread: a call over a few rows, which LUFact
/// makes a thousand times with work that shrinks to nothing, does not pay for hundreds of
/// MIs of one row each.
const BALANCE_MIN_UNITS: usize = 16;

/// What a 2-D `dist` argument is split into (see [`mi_count_2d`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Split2 {
    /// Rows only: `dim = 1` and user strategies.
    Rows,
    /// Columns only: `dim = 2`.
    Cols,
    /// Both dimensions: block, `view` and `polyview` partitions.
    Cells,
}

/// The number of MIs of a call whose first `dist` argument is the matrix `array`: at most
/// one per unit it splits into (so `dim = 2` on a matrix of two long rows still uses every
/// worker). Throws `NullPointerException` for a null matrix or first row, as the
/// partitioning would.
pub fn mi_count_2d(array: &impl DimLen, split: Split2, pos: &'static SourcePos) -> usize {
    mi_count(units_2d(array, split, pos))
}

/// The most MIs, at most `parts`, whose grid of cells fits every matrix of `shapes`
/// (`(rows, columns)`; the `dist` matrices a call splits into cells, the first included,
/// each with
/// [`crate::partition::Layout::cpu_block`] over its own shape): an MI without rows would
/// fail where Java runs the body once over the whole matrix (`a[0].length` of an MI
/// without rows throws). A grid `r × c` that fits a matrix has `r * c` at most its rows
/// times its columns, so the search starts there.
pub fn fit_cells_to(parts: usize, shapes: &[(usize, usize)]) -> usize {
    // No MI (an empty first argument) stays none.
    if parts <= 1 {
        return parts;
    }
    let row_blocks = exec::placement().switches.row_blocks;
    fitted_cells(parts, shapes, row_blocks)
}

/// [`fit_cells_to`] under the given row-block switch.
fn fitted_cells(parts: usize, shapes: &[(usize, usize)], row_blocks: bool) -> usize {
    let most = shapes
        .iter()
        .map(|&(rows, cols)| rows.max(1).saturating_mul(cols.max(1)))
        .fold(parts, usize::min);
    (1..=most.max(1))
        .rev()
        .find(|&p| {
            shapes.iter().all(|&(rows, cols)| crate::partition::fits_2d(rows, cols, p, row_blocks))
        })
        .unwrap_or(1)
}

/// `n_mis` MIs of a call, at most one per element of the dimension a further `dist`
/// argument splits along (`len` elements, [`dim_len`]: a 1-D array's length, or the rows or
/// columns of a `dist(dim = k)` matrix; at least one MI): an MI whose part of it is empty would fail
/// where Java's one call reads its element 0. A smaller count still fits every argument
/// split along one dimension, so these caps come before the fit of the matrices split into
/// cells ([`fit_cells_to`]).
pub fn cap_mis(n_mis: usize, len: usize) -> usize {
    n_mis.min(len.max(1))
}

/// The units a matrix splits into: rows, columns or cells (null checks as in
/// [`mi_count_2d`]). A matrix with rows but no columns is one unit: its one MI returns
/// the rows (`new T[m.length][0]` assembles to `m.length` empty rows, as in Java), where
/// no MI would assemble no rows at all. Only a matrix without rows has no unit.
pub fn units_2d(array: &impl DimLen, split: Split2, pos: &'static SourcePos) -> usize {
    let (rows, cols) =
        if split == Split2::Rows { rows_shape_2d(array, pos) } else { shape_2d(array, pos) };
    let units = match split {
        Split2::Rows => rows,
        Split2::Cols => cols,
        Split2::Cells => rows.saturating_mul(cols),
    };
    if rows > 0 {
        units.max(1)
    } else {
        units
    }
}

/// The number of rows of a matrix (`T[][]` or `T[[]][[]]`) and the length of its row 0
/// (0 when there is no row), after the null checks the partitioning makes
/// (`NullPointerException` at `pos` for a null array or a null row 0).
pub fn shape_2d(array: &impl DimLen, pos: &'static SourcePos) -> (usize, usize) {
    (array.dim_len(1, pos) as usize, array.dim_len(2, pos) as usize)
}

/// [`shape_2d`] of a matrix split by rows only: its columns are never split, so a `null`
/// row 0 has none (0) rather than raising `NullPointerException` at the call, where Java's
/// one run of the body may never read that row (`for (i..) c += 1` over `m.length`).
fn rows_shape_2d(array: &impl DimLen, pos: &'static SourcePos) -> (usize, usize) {
    let rows = array.dim_len(1, pos) as usize;
    let cols = if array.row0_null() { 0 } else { array.dim_len(2, pos) as usize };
    (rows, cols)
}

/// The shape of a `dist` matrix ([`shape_2d`]) as [`Dist2`] and [`DistV2`] split it: unless
/// only its rows are split ([`rows_shape_2d`]), each row's length (`row_len`) must be row
/// 0's.
fn split_shape(
    array: &impl DimLen,
    rows_only: bool,
    row_len: impl Fn(usize) -> usize,
    pos: &'static SourcePos,
) -> (usize, usize) {
    if rows_only {
        return rows_shape_2d(array, pos);
    }
    let (rows, cols) = shape_2d(array, pos);
    check_rectangular(rows, cols, row_len, pos);
    (rows, cols)
}

/// A `dist` matrix whose columns the call would split though it has no columns to split: a
/// `null` row, or rows of different lengths. Java's one run of the body raises
/// `NullPointerException` where the body reads a `null` row (or never does) and walks
/// ragged rows as they are, so the wrapper runs the body once over the whole matrix for
/// such an argument, as for a `null` one.
pub trait Ragged {
    fn ragged(&self) -> bool;
}

impl<T> Ragged for Array<Array<T>> {
    fn ragged(&self) -> bool {
        let rows = self.slots();
        let Some(first) = rows.first() else { return false };
        let cols = first.get_ref();
        rows.iter().any(|r| {
            let r = r.get_ref();
            r.is_null() || r.len() != cols.len()
        })
    }
}

impl<T> Ragged for VArr<VArr<T>> {
    fn ragged(&self) -> bool {
        let rows = self.items();
        let Some(first) = rows.first() else { return false };
        rows.iter().any(|r| r.is_null() || r.items().len() != first.items().len())
    }
}

/// The `IllegalArgumentException` of a `dist` matrix whose rows differ in length, when both
/// of its dimensions are split.
fn check_rectangular(
    rows: usize,
    cols: usize,
    row_len: impl Fn(usize) -> usize,
    pos: &'static SourcePos,
) {
    for r in 0..rows {
        let len = row_len(r);
        if len != cols {
            error::throw_new(
                class::ILLEGAL_ARGUMENT,
                format!(
                    "dist array is not rectangular: row {r} has length {len}, row 0 has {cols}"
                ),
                pos,
            );
        }
    }
}

#[derive(Clone, Copy)]
struct Ctx {
    mi: *const (),
    all: *const AllReduce<u64>,
    gather: *const AllGather,
    halos: *const Halos,
}

thread_local! {
    static CURRENT: Cell<Option<Ctx>> = const { Cell::new(None) };
}

thread_local! {
    /// Set by [`in_order`]: `@` and `!` run their applications on the calling thread.
    static IN_ORDER: Cell<bool> = const { Cell::new(false) };
}

/// Runs `f`, the `@`s and `!`s it evaluates applying their target on the calling thread,
/// one application after the other: a `@` whose target writes an array argument (Java
/// passes the array itself) or a field of an object its applications share, whose
/// applications may write the same elements or fields, gives Java's result only in Java's
/// order.
pub fn in_order<R>(f: impl FnOnce() -> R) -> R {
    struct Reset(bool);
    impl Drop for Reset {
        fn drop(&mut self) {
            IN_ORDER.with(|c| c.set(self.0));
        }
    }
    let _reset = Reset(IN_ORDER.with(|c| c.replace(true)));
    f()
}

/// Whether a `@` or `!` applies its target on the calling thread: inside an MI (whose
/// call already gives every worker work) or under [`in_order`].
fn on_calling_thread() -> bool {
    CURRENT.with(Cell::get).is_some() || IN_ORDER.with(Cell::get)
}

/// Whether this thread is running an MI of a SOMD call on the CPU, or applying the target of
/// a `@`, `!` or fold on the CPU ([`Applying`]): a `@`, `!`, fold or SOMD call it evaluates
/// runs on this thread too, never on a device ([`crate::opencl::placement_for`]), and is not
/// traced. The construct's arguments, evaluated before its applications, are not nested:
/// `C @ f(a, + ! (C @ g(b)))` whose outer `@` runs on the CPU still places the inner `!`.
pub fn nested_on_cpu() -> bool {
    CURRENT.with(Cell::get).is_some() || APPLYING.with(Cell::get) > 0
}

thread_local! {
    /// How many [`Applying`] marks are open on this thread.
    static APPLYING: Cell<usize> = const { Cell::new(0) };
}

/// Marks this thread as applying a construct's target (or a fold's combining method) on the
/// CPU while it lives ([`nested_on_cpu`]): taken by the map and fold loops of this module
/// ([`map`], [`map_distinct`], [`map_reduce`], [`map_reduce_distinct`],
/// [`reduce_array_with`], [`map_fold`]), which receive their arguments already evaluated.
/// The pool's threads run their share inside an MI context anyway.
struct Applying;

fn applying() -> Applying {
    APPLYING.with(|c| c.set(c.get() + 1));
    Applying
}

impl Drop for Applying {
    fn drop(&mut self) {
        APPLYING.with(|c| c.set(c.get() - 1));
    }
}

struct Restore(Option<Ctx>);

impl Drop for Restore {
    fn drop(&mut self) {
        CURRENT.with(|c| c.set(self.0));
    }
}

/// Runs `body(mi_index)` once per MI, concurrently, with the MI context set; results in
/// partition order.
pub fn run_call<R: Send>(n_mis: usize, body: impl Fn(usize) -> R + Sync) -> Vec<R> {
    let (all, gather) = (AllReduce::<u64>::new(n_mis), AllGather::new(n_mis));
    let halos = Halos::default();
    let _dispatch = Dispatch::enter();
    exec::pool().run_mis(n_mis, |mi: &Mi<'_>| {
        let mi_ptr = mi as *const Mi<'_> as *const ();
        let ctx = Ctx { mi: mi_ptr, all: &all, gather: &gather, halos: &halos };
        let _restore = Restore(CURRENT.with(|c| c.replace(Some(ctx))));
        body(mi.index())
    })
}

/// [`run_call`] for bodies that share out their work among whichever MIs run and never wait
/// for each other ([`exec::Pool::run_optional`]): MIs that no worker has started when MI 0,
/// on the calling thread, is done are not run.
fn run_call_optional(n_mis: usize, body: impl Fn(usize) + Sync) {
    let (all, gather) = (AllReduce::<u64>::new(n_mis), AllGather::new(n_mis));
    let halos = Halos::default();
    let _dispatch = Dispatch::enter();
    exec::pool().run_optional(n_mis, |mi: &Mi<'_>| {
        let mi_ptr = mi as *const Mi<'_> as *const ();
        let ctx = Ctx { mi: mi_ptr, all: &all, gather: &gather, halos: &halos };
        let _restore = Restore(CURRENT.with(|c| c.replace(Some(ctx))));
        body(mi.index())
    })
}

/// [`run_call`] for a SOMD method whose MIs never wait for each other (no `sync`,
/// intermediate reduction or `sync reduce`, in the body or in what it calls): the `n_mis`
/// MIs ([`mi_count_balanced`], more than the pool's threads) are taken by one MI context
/// per thread, each from a home range of them in partition order ([`Balanced`]), so a
/// thread whose MIs finish early (LUFact's blocks left of the pivot column, a core that
/// another process holds) takes more of them, from the back of another's range, instead of
/// waiting. Results in partition order; when MIs throw, the
/// exception first in Java's order is re-raised, as by [`run_call`].
pub fn run_call_balanced<R: Send>(n_mis: usize, body: impl Fn(usize) -> R + Sync) -> Vec<R> {
    balanced(n_mis, None, body)
}

/// [`run_call_balanced`]; with `site` (a call site's key), the number of threads that take
/// the MIs follows the work of the site's previous call ([`threads_for_work`]).
fn balanced<R: Send>(
    n_mis: usize,
    site: Option<usize>,
    body: impl Fn(usize) -> R + Sync,
) -> Vec<R> {
    let pool_threads = exec::placement().cpu_mis().min(n_mis);
    if pool_threads >= n_mis {
        return run_call(n_mis, body);
    }
    let threads = threads_for_site(site, pool_threads);
    let call = Balanced {
        body: &body,
        ranges: (0..threads)
            .map(|t| HomeRange::new(n_mis * t / threads, n_mis * (t + 1) / threads))
            .collect(),
        slots: (0..n_mis).map(|_| Mutex::new(None)).collect(),
        failures: exec::Failures::default(),
        work: AtomicU64::new(0),
        start: Instant::now(),
        seen: AtomicU64::new(u64::from(u32::MAX) << 32),
        stalled: std::sync::atomic::AtomicBool::new(false),
    };
    run_call_optional(threads, |t| {
        // A thread's time in the call is its MIs' (it leaves once none is left), timed
        // once rather than per MI: three clock reads an MI were a third of LUFact's later
        // calls, 62 MIs of a few columns each.
        let started = site.is_some().then(Instant::now);
        while call.take(Some(t), exec::Outer::here()) {}
        if let Some(started) = started {
            let nanos = u64::try_from(started.elapsed().as_nanos()).unwrap_or(u64::MAX);
            call.work.fetch_add(nanos, Ordering::Relaxed);
        }
    });
    if let Some(site) = site {
        record_work(site, call.work.into_inner());
    }
    exec::collect_results(call.slots)
}

/// A balanced call under way. Each thread running it has a home range of its MIs, a
/// contiguous share in partition order, which it takes from the front; a thread whose range
/// is empty takes MIs from the back of the range with the most left. A thread whose MI
/// loops while no MI has been taken for [`STALL`] takes the first MI left in partition
/// order ([`Balanced::help`]).
///
/// The home ranges keep each part of the data on one thread from call to call: with one
/// counter for all MIs, which thread took which MI changed at every call, and a call
/// repeated over data that fits in the cores' own caches only in halves moved its data
/// from core to core each time (LUFact at N = 1000 on two cores: the column updates took
/// 80.6 ms against 53.5 for rayon's halves of the columns, and calls whose columns fit in
/// one core's cache were slower on two threads than on one).
struct Balanced<'f, F, R> {
    body: &'f F,
    ranges: Vec<HomeRange>,
    slots: Vec<Mutex<Option<exec::MiOutcome<R>>>>,
    failures: exec::Failures,
    /// The time its threads spent taking and running MIs, in nanoseconds (for the call's
    /// site).
    work: AtomicU64,
    start: Instant,
    /// The MIs left when [`Balanced::help`] last saw their number change, and when, in
    /// milliseconds from `start`, as one word (`left << 32 | ms`): the call stalls once that
    /// number stands for [`STALL`]. One word, changed by compare-and-swap: as two, a thread
    /// could see a new count beside the time of an old one and stall the call at once
    /// (review).
    seen: AtomicU64,
    /// Whether the call has stalled once: its threads then take the next MI at their loops'
    /// next check, without waiting for [`STALL`] again.
    stalled: std::sync::atomic::AtomicBool,
}

/// How long every thread of a balanced call may stay in its MI, none taking another, before
/// a thread in a loop that only its data end takes the next MI itself. Each thread of a
/// call might hold an MI looping on data that Java never reaches (a statement after the
/// one in which a later MI fails), and the failing MI would never be taken; this hands it
/// to one of them. A call whose MIs run long and with such loops only sees an MI run
/// nested in another's loop, on the same thread: balanced MIs never wait for each other.
const STALL: Duration = Duration::from_millis(20);

/// The high and low 32 bits of a word holding two counts ([`HomeRange`], `Balanced::seen`).
fn halves(word: u64) -> (u64, u64) {
    (word >> 32, word & u64::from(u32::MAX))
}

/// The MIs `front..back` of a balanced call not taken yet from one thread's home range, as
/// one word (`front << 32 | back`) that takers at either end change by compare-and-swap.
/// On a cache line of its own: the ranges' threads take MIs at the same time.
#[repr(align(128))]
struct HomeRange(AtomicU64);

impl HomeRange {
    fn new(front: usize, back: usize) -> HomeRange {
        let word = |i: usize| u64::try_from(i).unwrap_or(u64::MAX).min(u64::from(u32::MAX));
        HomeRange(AtomicU64::new(word(front) << 32 | word(back)))
    }

    /// The MIs left in the range.
    fn left(&self) -> u64 {
        let (front, back) = halves(self.0.load(Ordering::Relaxed));
        back.saturating_sub(front)
    }

    /// Takes the range's first MI; `None` when it is empty.
    fn pop_front(&self) -> Option<usize> {
        self.pop(|front, back| (front + 1, back, front))
    }

    /// Takes the range's last MI; `None` when it is empty.
    fn pop_back(&self) -> Option<usize> {
        self.pop(|front, back| (front, back - 1, back - 1))
    }

    /// Takes the MI `step(front, back)` names, leaving the range it gives, while the range
    /// is not empty.
    fn pop(&self, step: impl Fn(u64, u64) -> (u64, u64, u64)) -> Option<usize> {
        let mut word = self.0.load(Ordering::Relaxed);
        loop {
            let (front, back) = halves(word);
            if front >= back {
                return None;
            }
            let (front, back, taken) = step(front, back);
            match self.0.compare_exchange_weak(
                word,
                front << 32 | back,
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => return usize::try_from(taken).ok(),
                Err(now) => word = now,
            }
        }
    }
}

impl<F: Fn(usize) -> R + Sync, R: Send> Balanced<'_, F, R> {
    /// The next MI for a thread whose home range is `home`: the front of that range, else
    /// the back of the range with the most MIs left; with no home, the first MI left in
    /// partition order. `None` once every MI is taken.
    fn claim(&self, home: Option<usize>) -> Option<usize> {
        let Some(home) = home else {
            return self.ranges.iter().find_map(HomeRange::pop_front);
        };
        if let Some(r) = self.ranges.get(home).and_then(HomeRange::pop_front) {
            return Some(r);
        }
        // A range emptied between the scan and the pop sends the thread back to the scan,
        // not away: other ranges may still hold MIs (review).
        loop {
            let (victim, left) =
                self.ranges.iter().map(|range| (range, range.left())).max_by_key(|&(_, l)| l)?;
            if left == 0 {
                return None;
            }
            if let Some(r) = victim.pop_back() {
                return Some(r);
            }
        }
    }

    /// Takes an MI ([`Balanced::claim`] for `home`) and runs it inside the watches `outer`;
    /// false when none is left.
    ///
    /// An MI that would leave at its first check is not run: its slot stays empty, which
    /// [`exec::collect_results`] takes as an MI that left. It would where the work around
    /// the call stopped, or where an MI of the call failed before anything this one could
    /// throw in Java's order: an MI starts at key 0, but a row loop stepping down may mark
    /// key 0 with [`exec::fail_last_first`], which ranks below it, so both must be
    /// outranked. Before, the call's threads took every MI left after the work around it
    /// had stopped, each leaving at its first checked loop, and one with none ran to its
    /// end (review).
    fn take(&self, home: Option<usize>, outer: exec::Outer) -> bool {
        let Some(r) = self.claim(home) else {
            return false;
        };
        let outranked = |last| self.failures.outranks(((0, 0), last), r);
        if exec::stops_under(outer) || (outranked(false) && outranked(true)) {
            return true;
        }
        let help = exec::Help { data: self as *const Self as *const (), run: Self::help };
        let watch = exec::Watch::Mi { failures: &self.failures, index: r, help: Some(help) };
        let outcome = exec::watching_under(outer, watch, || exec::catch_mi(|| (self.body)(r)));
        self.failures.note(&outcome, r);
        *self.slots[r].lock().unwrap_or_else(|e| e.into_inner()) = Some(outcome);
        true
    }

    /// [`exec::Help::run`]: once no MI has been taken for [`STALL`] (the number of MIs
    /// left stood still that long, as seen by the threads calling this), one of them takes
    /// the first MI left; after that first stall, every call of it does (the threads'
    /// loops go on, and MIs that end at once would otherwise wait a stall each: 1.2 s for
    /// 50 of them on 2 threads). Taking an MI reads no clock: only the spinning threads do.
    ///
    /// The MI it takes runs inside `outer`, the watches around the helping MI: it is no
    /// part of that MI's work.
    ///
    /// # Safety
    /// `data` points to a live `Balanced<F, R>`.
    unsafe fn help(data: *const (), outer: exec::Outer) {
        // SAFETY: the caller's contract.
        let call = unsafe { &*(data as *const Self) };
        let left: u64 = call.ranges.iter().map(HomeRange::left).sum();
        if left == 0 {
            return;
        }
        if !call.stalled.load(Ordering::Relaxed) {
            let millis = |t: Duration| u64::try_from(t.as_millis()).unwrap_or(u64::MAX);
            let now = millis(call.start.elapsed()).min(u64::from(u32::MAX));
            let left = left.min(u64::from(u32::MAX));
            let seen = call.seen.load(Ordering::Relaxed);
            let (seen_left, since) = halves(seen);
            let next = left << 32 | now;
            let swap = |to| {
                call.seen.compare_exchange(seen, to, Ordering::Relaxed, Ordering::Relaxed).is_ok()
            };
            if seen_left != left {
                swap(next);
                return;
            }
            if now.saturating_sub(since) < millis(STALL) || !swap(next) {
                return;
            }
            call.stalled.store(true, Ordering::Relaxed);
        }
        call.take(None, outer);
    }
}

/// MI work (nanoseconds, all MIs of a call together) that makes one more thread worth its
/// dispatch, wake-up and join. A call of a balanced method whose previous call at the same
/// site did less work than this runs all its MIs on the calling thread, as a real runtime
/// runs a small parallel loop inline: LUFact's 999 calls at N = 1000 last tens of
/// microseconds each, and with sixteen threads the fork and join cost more than the work.
/// Balanced methods' results do not depend on which thread runs an MI, so only the
/// schedule changes.
const WORK_PER_THREAD_NS: u64 = 20_000;

/// The threads (at most `max`) a balanced call at `site` uses: as many as its previous call
/// had work for (all of them for a call without a site, or a site's first call).
fn threads_for_site(site: Option<usize>, max: usize) -> usize {
    site.and_then(last_work).map_or(max, |work| threads_for_work(work, max))
}

/// The threads (at most `max`) that a call with `work` nanoseconds of MI work uses.
fn threads_for_work(work: u64, max: usize) -> usize {
    usize::try_from(work / WORK_PER_THREAD_NS).unwrap_or(usize::MAX).clamp(1, max.max(1))
}

/// The MI work of the previous balanced call at each call site (by the address of the
/// method name the generated code passes).
fn site_work() -> &'static Mutex<std::collections::HashMap<usize, u64>> {
    static WORK: std::sync::OnceLock<Mutex<std::collections::HashMap<usize, u64>>> =
        std::sync::OnceLock::new();
    WORK.get_or_init(|| Mutex::new(std::collections::HashMap::new()))
}

fn last_work(site: usize) -> Option<u64> {
    site_work().lock().unwrap_or_else(|e| e.into_inner()).get(&site).copied()
}

fn record_work(site: usize, work: u64) {
    site_work().lock().unwrap_or_else(|e| e.into_inner()).insert(site, work);
}

/// [`run_call`] for the SOMD method `method` called at `at`, reporting it under
/// `SOMD_TRACE` (LANGUAGE.md §4.2): placement, number of MIs and wall time, as text or JSON
/// lines ([`somd_call`], closed when the MIs are done).
pub fn run_call_traced<R: Send>(
    method: &str,
    at: &SourcePos,
    n_mis: usize,
    body: impl Fn(usize) -> R + Sync,
) -> Vec<R> {
    let _call = somd_call(method, at, n_mis);
    run_call(n_mis, body)
}

/// [`run_call_balanced`], reported like [`run_call_traced`].
pub fn run_call_balanced_traced<R: Send>(
    method: &str,
    at: &SourcePos,
    n_mis: usize,
    body: impl Fn(usize) -> R + Sync,
) -> Vec<R> {
    let _call = somd_call(method, at, n_mis);
    run_call_balanced_at(method, n_mis, body)
}

/// The fewest iterations per MI of a host loop made a SOMD method (`somd_mir::outline_loops`):
/// an iteration of such a loop is a few operations, far less than an MI's dispatch.
const LOOP_GRAIN: usize = 2048;

/// The number of MIs of the CPU path of a host loop made a SOMD method, over `len`
/// elements of its `dist` array, stepping by `step`: as [`mi_count_balanced`] over units
/// of [`LOOP_GRAIN`] elements, and at least one, which runs the iterations of an empty
/// array (a loop may fail there, as Java's would). One where a step up from an index
/// below `len` may pass `i32::MAX` (`step > i32::MAX - len`, review 160): Java's index then
/// wraps and goes on, in whichever MI took the last index before the top, whose share's
/// end would stop it; from the last MI's share, which has no end below the top, or
/// stepping down, whose shares end at the bottom in the last MI, the wrap is Java's.
pub fn loop_mis(len: usize, step: i32) -> usize {
    let room = i64::from(i32::MAX) - len as i64;
    if i64::from(step) > room {
        return 1;
    }
    mi_count_balanced(len.div_ceil(LOOP_GRAIN)).max(1)
}

/// The index range of MI `mi` of `n_mis` ([`loop_mis`]) in a host loop made a SOMD method
/// over `len` elements: its share of `0..len`, the first MI's reaching down to `i32::MIN`
/// and the last's up to `i32::MAX`, so that the MIs together take every index the loop's
/// bounds may give, in order. Each MI runs the loop's iterations in its range.
pub fn loop_chunk(len: usize, n_mis: usize, mi: usize) -> (i32, i32) {
    let at = |k: usize| i32::try_from(len * k / n_mis.max(1)).unwrap_or(i32::MAX);
    let from = if mi == 0 { i32::MIN } else { at(mi) };
    let to = if mi + 1 >= n_mis { i32::MAX } else { at(mi + 1) };
    (from, to)
}

/// [`loop_chunk`] for a loop stepping down: MI `mi` takes the share [`loop_chunk`] gives
/// MI `n_mis - 1 - mi`, as an inclusive range (the first MI's reaching up to `i32::MAX`
/// itself, where a loop may start), so that the MIs in their order take the iterations in
/// Java's, from the top.
pub fn loop_chunk_down(len: usize, n_mis: usize, mi: usize) -> (i32, i32) {
    let last = n_mis.max(1) - 1;
    let (from, to) = loop_chunk(len, n_mis, last - mi.min(last));
    (from, if to == i32::MAX { to } else { to - 1 })
}

/// The first index MI's `chunk` ([`loop_chunk`], [`loop_chunk_down`]) runs of a host loop
/// made a SOMD method that starts at `start` and steps by `step` (not 0): `start` where the
/// chunk takes it, else the first index past the chunk's start (below its top, stepping
/// down) that the step reaches from `start`. That index is past `i32::MAX` only where the
/// chunk starts within a step of the top, which [`loop_mis`] leaves to no MI but the first
/// (whose chunk takes any start): it is then `i32::MAX`.
pub fn loop_first(start: i32, chunk: (i32, i32), step: i32) -> i32 {
    let (start, s) = (i64::from(start), i64::from(step));
    // The steps of `s.abs()` covering a gap `g > 0`.
    let steps = |g: i64| (g + s.abs() - 1) / s.abs() * s.abs();
    let first = if s > 0 && start < i64::from(chunk.0) {
        start + steps(i64::from(chunk.0) - start)
    } else if s < 0 && start > i64::from(chunk.1) {
        start - steps(start - i64::from(chunk.1))
    } else {
        start
    };
    i32::try_from(first).unwrap_or(if s > 0 { i32::MAX } else { i32::MIN })
}

/// [`run_call_balanced`] for the calls of the SOMD method `method` (a name the generated code
/// passes as a literal: its address keys the site), whose MIs are taken by as many threads
/// as the site's previous call had work for ([`threads_for_work`]).
pub fn run_call_balanced_at<R: Send>(
    method: &str,
    n_mis: usize,
    body: impl Fn(usize) -> R + Sync,
) -> Vec<R> {
    balanced(n_mis, Some(method.as_ptr() as usize), body)
}

/// The trace of one CPU call of a SOMD method (LANGUAGE.md §4.2): opened before its MIs run
/// and reported when dropped, so that the generated wrapper, which holds it until its value
/// is ready, reports the MIs and the combination of their partial results together (an
/// elementwise `combine` of 16 whole-length partials is most of SparseMatMult's call).
/// Nothing is measured unless `SOMD_TRACE` is set, and a call ended by an exception reports
/// nothing.
#[must_use = "the call is timed while the guard lives"]
pub struct SomdCall<'a> {
    started: Option<(Timing, &'a str, &'a SourcePos, usize)>,
}

/// Opens the [`SomdCall`] of `method` called at `at` with `n_mis` MIs.
pub fn somd_call<'a>(method: &'a str, at: &'a SourcePos, n_mis: usize) -> SomdCall<'a> {
    // A call inside an MI or a construct's CPU run is part of that one's time.
    let traced = reports_cpu_run() && !nested_on_cpu();
    SomdCall { started: traced.then(|| (timing_opened(), method, at, n_mis)) }
}

/// Opens the [`SomdCall`] of a call its wrapper runs as one MI over its whole arguments
/// before choosing a placement (a `null` or ragged `dist` argument, `dist` arguments shaped
/// unlike each other: `reason`), after tracing its placement on the CPU with that reason,
/// as a device call declined for it is traced.
pub fn somd_call_whole<'a>(method: &'a str, at: &'a SourcePos, reason: &str) -> SomdCall<'a> {
    if exec::placement().trace != exec::Trace::Off && !nested_on_cpu() {
        use crate::opencl::trace::{self, Value};
        let site = format!("{}:{}:{}", at.file, at.line, at.col);
        trace::emit(
            "placement",
            &[
                ("name", Value::Str(method)),
                ("placement", Value::Str("cpu")),
                ("device", Value::Null),
                ("reason", Value::Str(reason)),
                ("mis", Value::U64(1)),
                ("site", Value::Str(&site)),
            ],
        );
    }
    somd_call(method, at, 1)
}

impl Drop for SomdCall<'_> {
    fn drop(&mut self) {
        if let Some((started, method, at, n_mis)) = self.started.take() {
            if !std::thread::panicking() {
                let (time, reduce) = started.times();
                report_cpu(Construct::Somd, method, at, n_mis, time, reduce);
            }
        }
    }
}

/// One CPU run of a `@`, `!` or fold whose placement the trace shows (generated code opens
/// it in the construct's CPU path: [`cpu_run`] for a construct with a device path,
/// [`cpu_only`] for one without), reported when it ends like a SOMD call on the CPU
/// ([`somd_call`]), with the construct's position. Nothing is measured unless
/// `SOMD_TRACE` is set; a run ended by an exception reports nothing, and so does a run
/// inside another: inside an MI or a `@`'s application, or within another construct's run
/// on this thread (its time is part of that one's).
#[must_use = "the run is timed while the guard lives"]
pub struct CpuRun {
    started: Option<(Timing, Construct, &'static str, &'static SourcePos)>,
}

/// What a CPU run in the trace is (its `cpu_call` event's `construct`): the bench harness
/// compares a program's SOMD calls with the baselines' kernel region where it has any.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Construct {
    /// A SOMD method call.
    Somd,
    /// A `@`.
    Map,
    /// A `!` (an operator or a `C.m !` fold).
    Reduce,
    /// A device filter task's items in one graph run.
    Filter,
}

impl Construct {
    fn name(self) -> &'static str {
        match self {
            Construct::Somd => "somd",
            Construct::Map => "map",
            Construct::Reduce => "reduce",
            Construct::Filter => "filter",
        }
    }
}

thread_local! {
    /// A [`CpuRun`] that reports is open on this thread.
    static IN_CPU_RUN: Cell<bool> = const { Cell::new(false) };
}

/// A [`CpuRun`] that reports nothing.
fn untraced_run() -> CpuRun {
    CpuRun { started: None }
}

/// Whether a construct running now on this thread is a run of its own for the trace (see
/// [`CpuRun`]): tracing is on, and it is neither inside an MI nor inside a reported run.
fn reports_cpu_run() -> bool {
    exec::placement().trace != exec::Trace::Off
        && CURRENT.with(Cell::get).is_none()
        && !IN_CPU_RUN.with(Cell::get)
}

/// Opens the [`CpuRun`] of the construct `label` (a `kind`) at `at`.
pub fn cpu_run(kind: Construct, label: &'static str, at: &'static SourcePos) -> CpuRun {
    if !reports_cpu_run() {
        return untraced_run();
    }
    IN_CPU_RUN.with(|c| c.set(true));
    CpuRun { started: Some((timing_opened(), kind, label, at)) }
}

/// [`cpu_run`] for a `@` or `!` that no device can run (the compiler found no device path):
/// first its placement on the CPU, as a construct placed there traces it (`not eligible`, or
/// `SOMD_DEVICE` under `SOMD_DEVICE=seq` or `cpu`), at `at`.
pub fn cpu_only(kind: Construct, label: &'static str, at: &'static SourcePos) -> CpuRun {
    if !reports_cpu_run() {
        return untraced_run();
    }
    crate::opencl::policy::trace_not_eligible(label, at);
    cpu_run(kind, label, at)
}

/// The placement of a call of the SOMD method `method` at `at` that has no device path, for
/// the trace (its time follows from [`somd_call`]).
pub fn not_eligible(method: &'static str, at: &'static SourcePos) {
    if exec::placement().trace != exec::Trace::Off {
        crate::opencl::policy::trace_not_eligible(method, at);
    }
}

impl Drop for CpuRun {
    fn drop(&mut self) {
        if let Some((started, kind, label, at)) = self.started.take() {
            IN_CPU_RUN.with(|c| c.set(false));
            if !std::thread::panicking() {
                // Under `in_order` the applications ran on this thread alone.
                let mis = match IN_ORDER.with(Cell::get) {
                    true => 1,
                    false => exec::placement().cpu_mis(),
                };
                let (time, reduce) = started.times();
                // A map's results are written where they go: nothing is combined.
                let reduce = if kind == Construct::Map { Duration::ZERO } else { reduce };
                report_cpu(kind, label, at, mis, time, reduce);
            }
        }
    }
}

thread_local! {
    /// The end of the MIs of the CPU run whose trace is open on this thread ([`mis_ended`]):
    /// `Some(None)` while they run, `None` when no traced run is open.
    static MIS_END: Cell<Option<Option<Instant>>> = const { Cell::new(None) };
    /// How many dispatches of MIs to the pool ([`run_call`], [`run_call_optional`]) this
    /// thread is inside: the calling thread runs MIs and applications too, and the
    /// constructs those evaluate dispatch MIs of their own.
    static DISPATCHES: Cell<usize> = const { Cell::new(0) };
}

/// This thread inside a dispatch of MIs while it lives ([`DISPATCHES`]; an exception
/// unwinding out of the dispatch leaves it too); when it ends, the MIs have ended
/// ([`mis_ended`]).
struct Dispatch;

impl Dispatch {
    fn enter() -> Dispatch {
        DISPATCHES.with(|c| c.set(c.get() + 1));
        Dispatch
    }
}

impl Drop for Dispatch {
    fn drop(&mut self) {
        DISPATCHES.with(|c| c.set(c.get() - 1));
        mis_ended();
    }
}

/// The timing of a traced CPU run on this thread: its start, and the mark of the run it
/// is nested in (a SOMD call a combining method makes), which it puts back when it ends.
struct Timing {
    started: Instant,
    outer: Option<Option<Instant>>,
}

/// Opens the timing of a traced CPU run on this thread.
fn timing_opened() -> Timing {
    let outer = MIS_END.with(|c| c.replace(Some(None)));
    Timing { started: Instant::now(), outer }
}

/// Marks the end of MIs (or of a built-in `!`'s blocks folded on this thread) for the
/// traced CPU run open on this thread: what follows the last mark until its value is ready
/// (the partial results combined or assembled) is the run's reduction time. Only MIs the
/// run dispatches itself mark: not those of a construct an MI or an application evaluates
/// while the run's own MIs are out (this thread is inside a dispatch then), nor those of a
/// call inside an MI. A construct evaluated by an application before the run's own MIs
/// end marks too, and the run's own end marks later.
fn mis_ended() {
    if CURRENT.with(Cell::get).is_none() && DISPATCHES.with(Cell::get) == 0 {
        MIS_END.with(|c| {
            if c.get().is_some() {
                c.set(Some(Some(Instant::now())));
            }
        });
    }
}

impl Timing {
    /// The wall time of the run, which ends now, and its reduction time: the part after
    /// its MIs ended ([`mis_ended`]: combining their partial results, or assembling them;
    /// zero for a run that combines nothing).
    fn times(&self) -> (Duration, Duration) {
        let now = Instant::now();
        let reduce = match MIS_END.with(|c| c.replace(self.outer)) {
            Some(Some(end)) => now.saturating_duration_since(end.max(self.started)),
            _ => Duration::ZERO,
        };
        (now.saturating_duration_since(self.started), reduce)
    }
}

/// The trace line of a CPU run of `method` (a SOMD call, or another `kind` of construct) at
/// `site` over `mis` MIs that took `time`, `reduce` of it combining their results: a
/// `cpu_call` event (`opencl` module doc).
fn report_cpu(
    kind: Construct,
    method: &str,
    site: &SourcePos,
    mis: usize,
    time: Duration,
    reduce: Duration,
) {
    use crate::opencl::trace::{self, Value};
    let placement = if exec::placement().device == exec::Device::Seq { "seq" } else { "cpu" };
    let site = format!("{}:{}:{}", site.file, site.line, site.col);
    // JSON keeps milliseconds (`time_ms`, `reduce_ms`); the text form gives µs, as the
    // device's events do.
    let (time, reduce) = match exec::placement().trace {
        exec::Trace::Json => (
            ("time_ms", Value::Ms(time.as_secs_f64() * 1e3)),
            ("reduce_ms", Value::Ms(reduce.as_secs_f64() * 1e3)),
        ),
        _ => (("time_ns", nanos(time)), ("reduce_ns", nanos(reduce))),
    };
    crate::print::flush();
    trace::emit(
        "cpu_call",
        &[
            ("method", Value::Str(method)),
            ("construct", Value::Str(kind.name())),
            ("placement", Value::Str(placement)),
            ("mis", Value::U64(mis as u64)),
            ("bytes_to_device", Value::U64(0)),
            ("bytes_from_device", Value::U64(0)),
            time,
            reduce,
            ("site", Value::Str(&site)),
        ],
    );
}

fn nanos(time: Duration) -> crate::opencl::trace::Value<'static> {
    crate::opencl::trace::Value::U64(u64::try_from(time.as_nanos()).unwrap_or(u64::MAX))
}

fn with_ctx<R>(f: impl FnOnce(&Mi<'_>, &AllReduce<u64>) -> R) -> Option<R> {
    let ctx = CURRENT.with(Cell::get)?;
    // SAFETY: the context is set only for the duration of an MI closure in `run_call`, whose
    // `Mi` and `AllReduce` outlive it; `Restore` clears it when the closure ends.
    let (mi, all) = unsafe { (&*(ctx.mi as *const Mi<'_>), &*ctx.all) };
    Some(f(mi, all))
}

/// The barrier at the end of a `sync` block (no-op outside a SOMD call).
pub fn sync() {
    with_ctx(|mi, _| mi.sync());
}

/// The end of a `sync` block of a SOMD body that declares `dist` locals: the barrier, then
/// each MI's `dist` locals ([`share_halo`]) get their halo cells from the MIs that own
/// them, then a second barrier, so that every MI sees its neighbours' writes through the
/// halo as it does for a `dist` parameter with a view (LANGUAGE.md §2.5). Each MI has its
/// own copy of a local, sized like its partition of the parameter the local's lengths come
/// from, halo cells included; between the barriers each MI writes only its own halo cells
/// and reads only cells the others own, which nobody writes then.
pub fn sync_halos() {
    with_halos(|mi, halos| {
        mi.sync();
        halos.refresh(mi.index());
        mi.sync();
    });
}

/// `f` of the running MI and its call's [`Halos`] (`None` outside a SOMD call).
fn with_halos<R>(f: impl FnOnce(&Mi<'_>, &Halos) -> R) -> Option<R> {
    let ctx = CURRENT.with(Cell::get)?;
    // SAFETY: as in `with_ctx`: the call's `Mi` and `Halos` outlive the MI's closure, and
    // `Restore` clears the context when it ends.
    let (mi, halos) = unsafe { (&*(ctx.mi as *const Mi<'_>), &*ctx.halos) };
    Some(f(mi, halos))
}

/// The `dist` locals of one SOMD call whose halo cells [`sync_halos`] refreshes: each MI's
/// copy of each, by the local's key and the MI's index.
#[derive(Default)]
struct Halos {
    parts: Mutex<Vec<HaloEntry>>,
}

/// A local's key, an MI's index and that MI's copy of the local.
type HaloEntry = (usize, usize, Arc<dyn HaloPart>);

impl Halos {
    fn register(&self, key: usize, mi: usize, part: Arc<dyn HaloPart>) {
        let mut parts = self.parts.lock().unwrap_or_else(|e| e.into_inner());
        match parts.iter_mut().find(|(k, m, _)| *k == key && *m == mi) {
            Some(entry) => entry.2 = part,
            None => parts.push((key, mi, part)),
        }
    }

    fn find(&self, key: usize, mi: usize) -> Option<Arc<dyn HaloPart>> {
        let parts = self.parts.lock().unwrap_or_else(|e| e.into_inner());
        parts.iter().find(|(k, m, _)| *k == key && *m == mi).map(|(_, _, part)| part.clone())
    }

    fn unregister(&self, key: usize, mi: usize) {
        let mut parts = self.parts.lock().unwrap_or_else(|e| e.into_inner());
        parts.retain(|(k, m, _)| !(*k == key && *m == mi));
    }

    /// MI `mi`'s locals, each given the cells of its window that another MI's copy owns.
    fn refresh(&self, mi: usize) {
        let parts: Vec<HaloEntry> = self.parts.lock().unwrap_or_else(|e| e.into_inner()).clone();
        for (key, _, mine) in parts.iter().filter(|(_, m, _)| *m == mi) {
            for (_, _, other) in parts.iter().filter(|(k, m, _)| k == key && *m != mi) {
                mine.pull(other.as_ref());
            }
        }
    }
}

/// An MI's copy of a `dist` local, with the geometry of its window in the whole array.
trait HaloPart: Send + Sync {
    fn as_any(&self) -> &dyn std::any::Any;
    /// The geometry of the copy's window.
    fn geo(&self) -> Geo;
    /// Copies into this copy's halo cells the cells `other` owns.
    fn pull(&self, other: &dyn HaloPart);
    /// Whether `array` (an `Array` of the copy's type) is this copy's array itself.
    fn holds(&self, array: &dyn std::any::Any) -> bool;
}

/// The global indices, in dimension `d`, of the cells of `geo`'s window (all of them, or
/// only those the MI owns).
fn global_range(geo: &Geo, d: usize, owned: bool) -> std::ops::Range<i64> {
    let (lo, hi, len) = geo.owned[d];
    let base = geo.offset[d] as i64;
    match owned {
        true => base + i64::from(lo.max(0))..base + i64::from(hi.min(len)),
        false => base..base + i64::from(len),
    }
}

fn overlap(a: std::ops::Range<i64>, b: std::ops::Range<i64>) -> std::ops::Range<i64> {
    a.start.max(b.start)..a.end.min(b.end)
}

struct Part1<T> {
    array: Array<T>,
    geo: Geo,
}

impl<T: Copy + Send + Sync + 'static> HaloPart for Part1<T> {
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn geo(&self) -> Geo {
        self.geo
    }

    fn holds(&self, array: &dyn std::any::Any) -> bool {
        array.downcast_ref::<Array<T>>().is_some_and(|a| a.ref_eq(&self.array))
    }

    fn pull(&self, other: &dyn HaloPart) {
        let Some(other) = other.as_any().downcast_ref::<Part1<T>>() else { return };
        let cells = overlap(global_range(&self.geo, 0, false), global_range(&other.geo, 0, true));
        let (mine, theirs) = (self.array.slots(), other.array.slots());
        for x in cells {
            let (at, from) = (x - self.geo.offset[0] as i64, x - other.geo.offset[0] as i64);
            if let (Some(to), Some(from)) = (mine.get(at as usize), theirs.get(from as usize)) {
                to.set(from.get());
            }
        }
    }
}

struct Part2<T> {
    array: Array<Array<T>>,
    geo: Geo,
}

impl<T: Copy + Send + Sync + 'static> HaloPart for Part2<T> {
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn geo(&self) -> Geo {
        self.geo
    }

    fn holds(&self, array: &dyn std::any::Any) -> bool {
        array.downcast_ref::<Array<Array<T>>>().is_some_and(|a| a.ref_eq(&self.array))
    }

    fn pull(&self, other: &dyn HaloPart) {
        let Some(other) = other.as_any().downcast_ref::<Part2<T>>() else { return };
        let rows = overlap(global_range(&self.geo, 0, false), global_range(&other.geo, 0, true));
        let cols = overlap(global_range(&self.geo, 1, false), global_range(&other.geo, 1, true));
        let (mine, theirs) = (self.array.slots(), other.array.slots());
        for r in rows {
            let at = (r - self.geo.offset[0] as i64) as usize;
            let from = (r - other.geo.offset[0] as i64) as usize;
            let (Some(to), Some(from)) = (mine.get(at), theirs.get(from)) else { continue };
            let (to, from) = (to.get_ref(), from.get_ref());
            let (to, from) = (to.slots(), from.slots());
            for c in cols.clone() {
                let at = (c - self.geo.offset[1] as i64) as usize;
                let src = (c - other.geo.offset[1] as i64) as usize;
                if let (Some(to), Some(from)) = (to.get(at), from.get(src)) {
                    to.set(from.get());
                }
            }
        }
    }
}

/// Declares the running MI's copy of the 1-D `dist` local `local` of primitives (`key`:
/// the local's number in the SOMD body), made with the length of the MI's partition `geo`
/// of a `dist` parameter (`dist double[] h = new double[g.length]`), to [`sync_halos`]:
/// the cells of its window that other MIs own are copied in at each `sync`. Every MI's copy
/// is declared, also one whose partition has no halo cells, since its cells are others'
/// halo cells. A copy of another length (the MIs disagree on what it is), or one outside a
/// partitioned call, is not.
pub fn share_halo<T: Copy + Send + Sync + 'static>(local: &Array<T>, geo: Geo, key: usize) {
    let part = |geo: Geo| Arc::new(Part1 { array: local.clone(), geo }) as Arc<dyn HaloPart>;
    register_halo([local.len(), 0], geo, key, part);
}

/// [`share_halo`] for a matrix of primitives (`new T[g.length][g[0].length]`; its rows as
/// long as its first).
pub fn share_halo_rows<T: Copy + Send + Sync + 'static>(
    local: &Array<Array<T>>,
    geo: Geo,
    key: usize,
) {
    // A `null` first row: no length to check, and no copy to refresh.
    let cols = local.slots().first().map_or(0, |row| row.get_ref().len());
    let part = |geo: Geo| Arc::new(Part2 { array: local.clone(), geo }) as Arc<dyn HaloPart>;
    register_halo([local.len(), cols], geo, key, part);
}

/// [`share_halo`] of a local made like another `dist` local, `like` (`dist long[] k = new
/// long[h.length]`): with the geometry of `like`'s copy in this MI, if it has one.
pub fn share_halo_like<T: Copy + Send + Sync + 'static>(local: &Array<T>, like: usize, key: usize) {
    match halo_geo(like) {
        Some(geo) => share_halo(local, geo, key),
        None => unshare_halo(key),
    }
}

/// [`share_halo_like`] for a matrix.
pub fn share_halo_rows_like<T: Copy + Send + Sync + 'static>(
    local: &Array<Array<T>>,
    like: usize,
    key: usize,
) {
    match halo_geo(like) {
        Some(geo) => share_halo_rows(local, geo, key),
        None => unshare_halo(key),
    }
}

/// The geometry of the running MI's copy of `dist` local `key`, as declared.
fn halo_geo(key: usize) -> Option<Geo> {
    with_halos(|mi, halos| halos.find(key, mi.index()).map(|part| part.geo())).flatten()
}

/// `dist` local `key` was given the array of `dist` local `source` (`a = b;` of a
/// ping-pong, `t = a;`): `source`'s copy, as declared in this MI, is `key`'s too, or `key`
/// has none.
pub fn alias_halo(key: usize, source: usize) {
    with_halos(|mi, halos| match halos.find(source, mi.index()) {
        Some(part) => halos.register(key, mi.index(), part),
        None => halos.unregister(key, mi.index()),
    });
}

/// `dist` local `key` (or a local carrying one's copy) was given `array` by an expression
/// whose source the compiler does not name (`t = c ? a : b;`, `c = b = t;`, `if ((t = b) !=
/// null)`, a helper's result): the copy of this MI declared under any key whose array is
/// `array` itself is now `key`'s too, or `key` has none.
pub fn alias_halo_of<A: 'static>(key: usize, array: &A) {
    with_halos(|mi, halos| {
        let found = {
            let parts = halos.parts.lock().unwrap_or_else(|e| e.into_inner());
            parts
                .iter()
                .find(|(_, m, part)| *m == mi.index() && part.holds(array))
                .map(|(_, _, part)| part.clone())
        };
        match found {
            Some(part) => halos.register(key, mi.index(), part),
            None => halos.unregister(key, mi.index()),
        }
    });
}

/// The running MI's `dist` local `key` was given an array no `sync` refreshes: its copy
/// declared before leaves the refreshes ([`share_halo`]).
pub fn unshare_halo(key: usize) {
    with_halos(|mi, halos| halos.unregister(key, mi.index()));
}

fn register_halo(
    lengths: [usize; 2],
    geo: Geo,
    key: usize,
    part: impl FnOnce(Geo) -> Arc<dyn HaloPart>,
) {
    let dims = if lengths[1] == 0 { 1 } else { 2 };
    // A 1-D local made like the rows of a matrix whose columns are split too: MIs side by
    // side own the same rows, so no MI owns a row alone, and none is refreshed.
    let columns_whole = dims == 2
        || (geo.offset[1] == 0 && usize::try_from(geo.owned[1].2).ok() == Some(geo.global[1]));
    let fits = !geo.whole
        && columns_whole
        && (0..dims).all(|d| usize::try_from(geo.owned[d].2).ok() == Some(lengths[d]));
    with_halos(|mi, halos| match fits {
        true => halos.register(key, mi.index(), part(geo)),
        false => halos.unregister(key, mi.index()),
    });
}

/// Scalars that travel through the all-reduce as 64 bits.
pub trait Bits: Copy + Send {
    fn to_bits64(self) -> u64;
    fn from_bits64(bits: u64) -> Self;
}

macro_rules! int_bits {
    ($($ty:ty),*) => {$(
        impl Bits for $ty {
            #[inline]
            fn to_bits64(self) -> u64 { self as i64 as u64 }
            #[inline]
            fn from_bits64(bits: u64) -> Self { bits as i64 as $ty }
        }
    )*};
}
int_bits!(i8, i16, u16, i32, i64);

impl Bits for bool {
    fn to_bits64(self) -> u64 {
        u64::from(self)
    }
    fn from_bits64(bits: u64) -> Self {
        bits != 0
    }
}
impl Bits for f32 {
    fn to_bits64(self) -> u64 {
        u64::from(self.to_bits())
    }
    fn from_bits64(bits: u64) -> Self {
        f32::from_bits(bits as u32)
    }
}
impl Bits for f64 {
    fn to_bits64(self) -> u64 {
        self.to_bits()
    }
    fn from_bits64(bits: u64) -> Self {
        f64::from_bits(bits)
    }
}

/// Intermediate reduction / `sync reduce`: combines `value` across the MIs of the current call
/// with `Op` (every MI gets the same result); the value itself outside a SOMD call.
pub fn all_reduce<Op: ReduceOp<T>, T: Bits>(value: T) -> T {
    all_reduce_with(value, Op::combine)
}

/// [`all_reduce`] with an arbitrary associative combination (`reduce(-)` uses subtraction).
pub fn all_reduce_with<T: Bits>(value: T, combine: fn(T, T) -> T) -> T {
    with_ctx(|mi, all| {
        let bits = all.combine(mi, value.to_bits64(), move |a, b| {
            combine(T::from_bits64(a), T::from_bits64(b)).to_bits64()
        });
        T::from_bits64(bits)
    })
    .unwrap_or(value)
}

/// An intermediate reduction with a strategy of the program (a class's `combine` or
/// `combineAll`, `reduce(self)`): `combine` of every MI's `value` in partition order, run
/// once and given to every MI ([`AllGather`]); outside a SOMD call the value itself.
pub fn all_combine<T: Clone + Send + 'static>(value: T, combine: impl FnOnce(Vec<T>) -> T) -> T {
    let Some(ctx) = CURRENT.with(Cell::get) else { return value };
    // SAFETY: as in `with_ctx`; the call's `AllGather` outlives its MI closures too.
    let (mi, gather) = unsafe { (&*(ctx.mi as *const Mi<'_>), &*ctx.gather) };
    gather.combine(mi, value, combine)
}

/// The partition geometry of a `dist` parameter inside an MI (`Somd.offset`,
/// `Somd.globalLength`); [`Geo::WHOLE`] outside SOMD calls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geo {
    offset: [usize; 2],
    global: [usize; 2],
    whole: bool,
    /// Per dimension, the local indices of the cells the MI owns and its local length:
    /// the others are halo cells (read-only, LANGUAGE.md §2.2).
    owned: [(i32, i32, i32); 2],
}

impl Geo {
    /// Not partitioned: offsets 0, global lengths are the array's own.
    pub const WHOLE: Geo =
        Geo { offset: [0, 0], global: [0, 0], whole: true, owned: [(i32::MIN, i32::MAX, 0); 2] };

    fn of<const D: usize>(layout: &Layout<D>, part: &Part<D>) -> Geo {
        let mut geo = Geo { whole: false, ..Geo::WHOLE };
        let len = |n: usize| i32::try_from(n).unwrap_or(i32::MAX);
        for (d, global) in layout.shape().iter().enumerate().take(D) {
            geo.offset[d] = part.offset(d);
            geo.global[d] = *global;
            let owned = part.owned_local(d);
            geo.owned[d] = (len(owned.start), len(owned.end), len(part.local_len(d)));
        }
        geo
    }

    /// The geometry of a partition of an array that is itself a partition of the MI making
    /// the call, `outer` ([`enclosing`]): the offsets add up and the whole lengths are the
    /// outer whole's, so `Somd.offset` and `Somd.globalLength` in a SOMD method called from
    /// an MI on its partition read the places of the outermost call, as one MI running the
    /// whole array would (LANGUAGE.md §2.1: the result does not depend on the number of
    /// MIs). The owned range stays the partition's own, in its local indices.
    fn within(self, outer: Option<Geo>) -> Geo {
        let Some(outer) = outer else { return self };
        let mut geo = self;
        for d in 0..2 {
            geo.offset[d] += outer.offset[d];
            geo.global[d] = outer.global[d];
        }
        geo
    }

    /// `index`, the index along dimension `dim` (1-based) of an element a SOMD body stores
    /// into its `dist` parameter with a view: `IllegalStateException` when it is one of the
    /// MI's halo cells, which are read-only (§2.2); an index outside the partition is left
    /// to the array's own bounds check.
    #[inline]
    pub fn store_index(&self, dim: i32, index: i32, pos: &'static SourcePos) -> i32 {
        let d = Geo::axis(dim);
        let (lo, hi, len) = self.owned[d];
        if (index < lo || index >= hi) && (0..len).contains(&index) {
            halo_write(dim, index, self.offset[d], pos);
        }
        index
    }

    /// Whether the MI owns index `index` along dimension `dim` (1-based): no halo cell.
    #[inline]
    pub fn owns(&self, dim: i32, index: i32) -> bool {
        let (lo, hi, _) = self.owned[Geo::axis(dim)];
        (lo..hi).contains(&index)
    }

    /// Whether the MI owns, along dimension `dim`, every index `j + offset` of a loop
    /// running `j` from `first` below `hi` (the fast copy of a versioned loop stores there
    /// unchecked; any loop of no iteration passes).
    #[inline]
    pub fn owns_run(&self, dim: i32, first: i32, hi: i32, offset: i32) -> bool {
        let (lo, end, _) = self.owned[Geo::axis(dim)];
        first >= hi
            || (i64::from(first) + i64::from(offset) >= i64::from(lo)
                && i64::from(hi) - 1 + i64::from(offset) < i64::from(end))
    }

    /// [`Geo::store_index`] of `col` in a row fetched unchecked ahead of its loop: the row's
    /// index `row` is checked here, at the store, as Java's order has it, then `col`.
    #[inline]
    pub fn store_cell(&self, row: i32, col: i32, pos: &'static SourcePos) -> i32 {
        self.store_index(1, row, pos);
        self.store_index(2, col, pos)
    }

    /// The slot of dimension `dim` (1-based; the compiler passes 1 or 2).
    fn axis(dim: i32) -> usize {
        usize::try_from(dim - 1).unwrap_or(0).min(1)
    }

    /// `Somd.offset(a, dim)` (`dim` 1-based).
    pub fn offset(&self, dim: i32) -> i32 {
        if self.whole || !(1..=2).contains(&dim) {
            0
        } else {
            self.offset[dim as usize - 1] as i32
        }
    }

    /// `Somd.globalLength(a, dim)` (`dim` 1-based); `local_len` is the length of the
    /// dimension as seen locally (used outside SOMD calls).
    pub fn global_length(&self, dim: i32, local_len: i32) -> i32 {
        if self.whole || !(1..=2).contains(&dim) {
            local_len
        } else {
            self.global[dim as usize - 1] as i32
        }
    }
}

/// The `IllegalStateException` of a store into a halo cell.
#[cold]
#[inline(never)]
fn halo_write(dim: i32, index: i32, offset: usize, pos: &'static SourcePos) -> ! {
    let global = offset as i64 + i64::from(index);
    let what = if dim == 1 { "index".to_string() } else { format!("dimension {dim} index") };
    error::illegal_state(
        format!("write to a halo cell of a dist view: {what} {index} (global {global}) belongs to another method instance"),
        pos,
    )
}

/// `dim`, a computed dimension (1-based) of `Somd.offset` or `Somd.globalLength` (`what`) on
/// an array of `rank` dimensions: `IllegalArgumentException` where the array has no such
/// dimension (a constant one is the compiler's E0304), on every placement (an MI would read
/// 0 or its own length there).
pub fn somd_dim(dim: i32, rank: i32, what: &str, pos: &'static SourcePos) -> i32 {
    if !(1..=rank).contains(&dim) {
        error::throw_new(
            class::ILLEGAL_ARGUMENT,
            format!("Somd.{what} of dimension {dim}: the array has dimensions 1 to {rank}"),
            pos,
        );
    }
    dim
}

/// Length of dimension `dim` (1-based) of a (rectangular) array, mutable or value, for
/// `Somd.globalLength`.
pub fn dim_len<A: DimLen>(array: &A, dim: i32, pos: &'static SourcePos) -> i32 {
    array.dim_len(dim, pos)
}

/// Length along a dimension (1-based; 0 for a leaf), for nested arrays: the array's own
/// length for dimension 1 (`NullPointerException` when null), else that of its element 0.
pub trait DimLen {
    fn dim_len(&self, dim: i32, pos: &'static SourcePos) -> i32;

    /// Whether this is a `null` array.
    fn null_array(&self) -> bool {
        false
    }

    /// Whether this is an array (not `null`) whose row 0 is a `null` array.
    fn row0_null(&self) -> bool {
        false
    }
}

macro_rules! dim_len_leaf {
    ($($ty:ty),*) => {$(
        impl DimLen for $ty {
            fn dim_len(&self, _dim: i32, _pos: &'static SourcePos) -> i32 { 0 }
        }
    )*};
}
dim_len_leaf!(bool, i8, i16, u16, i32, i64, f32, f64, Str);
impl<T> DimLen for Obj<T> {
    fn dim_len(&self, _dim: i32, _pos: &'static SourcePos) -> i32 {
        0
    }
}
impl<T> DimLen for Val<T> {
    fn dim_len(&self, _dim: i32, _pos: &'static SourcePos) -> i32 {
        0
    }
}
impl<T: DimLen> DimLen for VArr<T> {
    fn dim_len(&self, dim: i32, pos: &'static SourcePos) -> i32 {
        match self.check(pos).first() {
            Some(first) if dim > 1 => first.dim_len(dim - 1, pos),
            _ if dim > 1 => 0,
            _ => self.length(pos),
        }
    }

    fn null_array(&self) -> bool {
        self.is_null()
    }

    fn row0_null(&self) -> bool {
        !self.is_null() && self.items().first().is_some_and(DimLen::null_array)
    }
}
impl<T: DimLen> DimLen for Array<T> {
    fn dim_len(&self, dim: i32, pos: &'static SourcePos) -> i32 {
        if dim <= 1 {
            self.length(pos)
        } else if self.is_empty() {
            0
        } else {
            self.at(0, pos).dim_len(dim - 1, pos)
        }
    }

    fn null_array(&self) -> bool {
        self.is_null()
    }

    fn row0_null(&self) -> bool {
        !self.is_null() && self.slots().first().is_some_and(|r| r.get_ref().null_array())
    }
}

/// An array that may be an MI's partition of a `dist` parameter: its window identifies it
/// wherever the MI passes it ([`geometry`]).
pub trait Windowed {
    fn part_window(&self) -> (usize, usize);
}

impl<T> Windowed for Array<T> {
    fn part_window(&self) -> (usize, usize) {
        self.window_id()
    }
}

impl<A: Windowed> Windowed for &A {
    fn part_window(&self) -> (usize, usize) {
        (**self).part_window()
    }
}

impl<T> Windowed for VArr<T> {
    fn part_window(&self) -> (usize, usize) {
        self.window_id()
    }
}

/// A partition of the running MI and its geometry ([`geometry`]).
#[derive(Clone, Copy)]
pub struct Known {
    window: (usize, usize),
    geo: Geo,
}

impl Known {
    pub fn of<A: Windowed>(part: &A, geo: Geo) -> Known {
        Known { window: part.part_window(), geo }
    }
}

thread_local! {
    /// The partitions of the MI running on this thread ([`geometry`]).
    static KNOWN: Cell<(*const Known, usize)> = const { Cell::new((std::ptr::null(), 0)) };
}

/// Makes the running MI's partitions `known` to `Somd.offset` and `Somd.globalLength` in
/// the methods it calls ([`part_offset`], [`part_global_length`]), until the guard drops
/// (the partitions known before are restored: an MI may call a SOMD method, whose MIs run
/// their own, on this thread too). A method that is passed an MI's partition reads its
/// geometry as the SOMD body does; `known` must outlive the guard.
pub fn geometry(known: &[Known]) -> GeometryScope {
    GeometryScope(KNOWN.with(|k| k.replace((known.as_ptr(), known.len()))))
}

pub struct GeometryScope((*const Known, usize));

impl Drop for GeometryScope {
    fn drop(&mut self) {
        KNOWN.with(|k| k.set(self.0));
    }
}

/// The running MI's partitions ([`geometry`]) and `dist` local `local` of the running MI,
/// partitioned with `geo` (its first `dist` parameter's): a failing access to it reports
/// the global index where that is outside the whole array, and `Somd.offset` in a method
/// it is passed to reads its offset. A local has no halo cells of its own to guard.
pub fn with_local<A: Windowed>(local: &A, geo: Geo) -> Vec<Known> {
    let mut known = with_known(<[Known]>::to_vec);
    known.push(Known { window: local.part_window(), geo: Geo { owned: Geo::WHOLE.owned, ..geo } });
    known
}

/// [`with_local`] for a matrix: its rows too, each as a partition of dimension 2.
pub fn with_local_rows<T>(local: &Array<Array<T>>, geo: Geo) -> Vec<Known> {
    let mut known = with_local(local, geo);
    let row = Geo {
        offset: [geo.offset[1], 0],
        global: [geo.global[1], 0],
        whole: geo.whole,
        owned: Geo::WHOLE.owned,
    };
    for slot in local.slots() {
        let window = slot.get().window_id();
        // A `null` or empty row has no element to fail at a global index.
        if window.1 > 0 {
            known.push(Known { window, geo: row });
        }
    }
    known
}

/// The geometry of `array` where it is a partition of the running MI that lies inside a
/// larger whole (not [`Geo::WHOLE`]): a SOMD call the MI makes on it gives its own
/// partitions that place in the whole ([`Geo::within`]).
pub(crate) fn enclosing<A: Windowed>(array: &A) -> Option<Geo> {
    known_geo(array).filter(|geo| !geo.whole)
}

/// Whether `window`, with `shape`, is a partition of the running MI that does not start at
/// the whole array's origin or is shorter than the whole: a SOMD kernel given it would read
/// its own offsets from 0 and its lengths as the whole's, so the device declines the call
/// ([`Geo::within`] gives the CPU path the right ones).
pub(crate) fn is_inner_partition(window: (usize, usize), shape: &[usize]) -> bool {
    known_window(window).is_some_and(|geo| {
        !geo.whole
            && (0..shape.len().min(2)).any(|d| geo.offset[d] != 0 || geo.global[d] != shape[d])
    })
}

/// The geometry of `array` if it is a partition of the MI running on this thread.
fn known_geo<A: Windowed>(array: &A) -> Option<Geo> {
    known_window(array.part_window())
}

/// The geometry of the running MI's partition whose window is `window`, if it is one.
fn known_window(window: (usize, usize)) -> Option<Geo> {
    with_known(|known| known.iter().find(|k| k.window == window).map(|k| k.geo))
}

/// `f` of the partitions of the MI running on this thread ([`geometry`]; none outside one).
fn with_known<R>(f: impl FnOnce(&[Known]) -> R) -> R {
    let (ptr, len) = KNOWN.with(Cell::get);
    if len == 0 {
        return f(&[]);
    }
    // SAFETY: `geometry`'s guard lives no longer than the slice it points to, and the
    // slice is used only during this call.
    f(unsafe { std::slice::from_raw_parts(ptr, len) })
}

/// The first dimension's offset and whole length of the partition of the running MI whose
/// window is `window` ([`Windowed::part_window`]), if it is one: an element access that
/// fails in it reports the global index where that is outside the whole array
/// (`value::window_fail`). A matrix split by columns is a new array of row windows, so its
/// storage does not tell where it lies in the whole.
pub(crate) fn partition_extent(window: (usize, usize)) -> Option<(usize, usize)> {
    let geo = known_window(window)?;
    (!geo.whole).then_some((geo.offset[0], geo.global[0]))
}

/// The geometry of `array` where it is a partition of the running MI that a helper was
/// passed, for the helper's stores into its halo cells (`Geo::store_index`);
/// [`Geo::WHOLE`], which checks nothing, for any other array.
pub fn part_geo<A: Windowed>(array: &A) -> Geo {
    known_geo(array).unwrap_or(Geo::WHOLE)
}

/// The global index of `array`'s first row (element) and the whole array's length, where it
/// is a partition of the running MI that a helper was passed (`Somd.offset(a, 1)`,
/// `Somd.globalLength(a, 1)`), for the places of the helper's loops over it
/// (`exec::fail_deep_at`); `None` for any other array, which every MI walks alike.
pub fn part_rows<A: Windowed>(array: &A) -> Option<(i64, i64)> {
    known_geo(array)
        .filter(|geo| !geo.whole)
        .map(|geo| (i64::from(geo.offset(1)), i64::from(geo.global_length(1, 0))))
}

/// `Somd.offset(a, dim)` of an array that is not a `dist` variable of the method: the
/// offset of the running MI's partition when `a` is one ([`geometry`]: a helper passed
/// the partition), else 0; after the null check Java would make.
pub fn part_offset<A: DimLen + Windowed>(array: &A, dim: i32, pos: &'static SourcePos) -> i32 {
    array.dim_len(1, pos);
    known_geo(array).map_or(0, |geo| geo.offset(dim))
}

/// `Somd.globalLength(a, dim)` of an array that is not a `dist` variable of the method, as
/// [`part_offset`]: the whole array's length when `a` is a partition of the running MI.
pub fn part_global_length<A: DimLen + Windowed>(
    array: &A,
    dim: i32,
    pos: &'static SourcePos,
) -> i32 {
    let local = dim_len(array, dim, pos);
    known_geo(array).map_or(local, |geo| geo.global_length(dim, local))
}

/// Runs `make` on a task's own object (`task new C(..).m`): the object is created first and
/// moved into the task's worker.
pub fn stateful<O, R>(object: O, make: impl FnOnce(O) -> R) -> R {
    make(object)
}

/// Validates a user strategy's `bounds` result (`IllegalStateException` at `pos`).
pub fn user_bounds(
    strategy: &str,
    bounds: &Array<i32>,
    length: usize,
    parts: usize,
    pos: &'static SourcePos,
) -> Vec<usize> {
    let values = bounds.check(pos).to_vec();
    partition::validate_bounds(strategy, &values, length, parts).or_throw(pos)
}

/// Where the partitions of a `dist` argument live (LANGUAGE.md §2.1: an MI's writes are
/// never visible to the caller).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scratch {
    /// The body never writes the parameter: partitions are windows of the caller's array.
    Shared,
    /// The body may write it: partitions are windows of a deep copy made once per call.
    Copy,
    /// The body may write it, and the caller never reads its argument again (its variable
    /// is overwritten with the call's result, `a = f(a, ..)`): buffers that no other handle
    /// references are written in place, the others are copied ([`DeepCopy::reuse_or_copy`]).
    Reuse,
}

impl Scratch {
    /// For a parameter the body may write: [`Scratch::Reuse`] when bit `param` of the
    /// wrapper's `moved` argument says the caller's argument dies with the call.
    pub fn written(moved: u64, param: u32) -> Scratch {
        if param < 64 && moved & (1 << param) != 0 {
            Scratch::Reuse
        } else {
            Scratch::Copy
        }
    }

    fn source<A: Clone + DeepCopy>(self, array: &A) -> A {
        match self {
            Scratch::Shared => array.clone(),
            Scratch::Copy => array.deep_copy(),
            Scratch::Reuse => array.reuse_or_copy(),
        }
    }
}

impl From<bool> for Scratch {
    /// `copy`: whether the body may write the parameter.
    fn from(copy: bool) -> Scratch {
        if copy {
            Scratch::Copy
        } else {
            Scratch::Shared
        }
    }
}

/// A partitioned 1-D `dist` argument.
pub struct Dist1<T> {
    pub layout: Layout<1>,
    source: Array<T>,
    /// The argument's geometry where it is a partition of the calling MI ([`enclosing`]).
    outer: Option<Geo>,
}

impl<T: Clone + DeepCopy + Send> Dist1<T> {
    /// Splits `array` (null-checked) with `layout_of(len)`; `scratch` says whether to copy it
    /// first (a `bool`: whether the body writes it).
    pub fn new(
        array: &Array<T>,
        scratch: impl Into<Scratch>,
        pos: &'static SourcePos,
        layout_of: impl FnOnce([usize; 1]) -> Layout<1>,
    ) -> Dist1<T> {
        array.check(pos);
        let source = scratch.into().source(array);
        Dist1 { layout: layout_of([array.len()]), source, outer: enclosing(array) }
    }

    /// MI `r`'s partition (a window of the source) and its geometry.
    pub fn part(&self, r: usize) -> (Array<T>, Geo) {
        let part = self.layout.part(r);
        let view = part.view[0].clone();
        let geo = Geo::of(&self.layout, &part).within(self.outer);
        (self.source.window(view.start, view.len()), geo)
    }
}

/// A partitioned 1-D `dist` value array (`T[[]]`). Value arrays never change, so an MI's
/// partition is a window onto the source's storage holding its view (halos included), as
/// a mutable [`Dist1`]'s is: nothing is copied.
pub struct DistV1<T> {
    pub layout: Layout<1>,
    source: VArr<T>,
    /// As [`Dist1`]'s.
    outer: Option<Geo>,
}

impl<T: Clone + Send + Sync> DistV1<T> {
    /// Splits `array` (null-checked) with `layout_of(len)`.
    pub fn new(
        array: &VArr<T>,
        pos: &'static SourcePos,
        layout_of: impl FnOnce([usize; 1]) -> Layout<1>,
    ) -> DistV1<T> {
        let len = array.check(pos).len();
        DistV1 { layout: layout_of([len]), source: array.clone(), outer: enclosing(array) }
    }

    /// MI `r`'s partition (a window of the source) and its geometry.
    pub fn part(&self, r: usize) -> (VArr<T>, Geo) {
        let part = self.layout.part(r);
        let view = part.view[0].clone();
        let geo = Geo::of(&self.layout, &part).within(self.outer);
        (self.source.window(view.start, view.len()), geo)
    }
}

/// A partitioned 2-D `dist` argument (an array of rows; rectangular unless only dimension 1 is
/// split).
pub struct Dist2<T> {
    pub layout: Layout<2>,
    source: Array<Array<T>>,
    /// The handles on the source's buffer right after it was made, when the buffer is the
    /// call's own (a copy, or the caller's array that the call's result replaces); `None`
    /// when the partitions are windows of the caller's array itself ([`Scratch::Shared`]).
    private_handles: Option<usize>,
    /// As [`Dist1`]'s.
    outer: Option<Geo>,
}

impl<T: Clone + DeepCopy + Send> Dist2<T> {
    pub fn new(
        array: &Array<Array<T>>,
        scratch: impl Into<Scratch>,
        rows_only: bool,
        pos: &'static SourcePos,
        layout_of: impl FnOnce([usize; 2]) -> Layout<2>,
    ) -> Dist2<T>
    where
        T: DimLen,
    {
        let row_len = |r: usize| array.at(r as i32, pos).length(pos) as usize;
        let (rows, cols) = split_shape(array, rows_only, row_len, pos);
        let scratch = scratch.into();
        let source = scratch.source(array);
        let private_handles = (scratch != Scratch::Shared).then(|| source.handles());
        let outer = enclosing(array);
        Dist2 { layout: layout_of([rows, cols]), source, private_handles, outer }
    }

    /// The default assembly of the call's partials ([`assemble_2d`]). When the source is
    /// the call's own, the rows are not split and every partial is still its MI's window
    /// of the source, in partition order and covering it, the assembled array would hold
    /// exactly the source's rows in the source's order: the source itself is the result,
    /// and no array of rows is built (LUFact's `a = eliminate(a, ..)`, 999 calls of
    /// 1,000 rows each). Nothing can tell: the caller never reads a replaced argument
    /// again, a copy is seen by no one else, and the handle count says that no MI kept a
    /// window of its partition anywhere.
    pub fn assemble(
        &self,
        partials: Vec<Array<Array<T>>>,
        pos: &'static SourcePos,
    ) -> Array<Array<T>> {
        if let Some(handles) = self.private_handles {
            if self.own_windows(&partials) && self.source.handles() == handles + partials.len() {
                drop(partials);
                return self.source.clone();
            }
        }
        assemble_2d(&self.layout, partials, pos)
    }

    /// Whether `partials` are the whole-row windows [`Dist2::part`] gives, one per part in
    /// partition order, tiling the source without halos.
    fn own_windows(&self, partials: &[Array<Array<T>>]) -> bool {
        let layout = &self.layout;
        if layout.grid()[1] != 1 || layout.has_halo() || partials.len() != layout.parts() {
            return false;
        }
        let mut end = 0;
        for (r, partial) in partials.iter().enumerate() {
            let rows = layout.part(r).view[0].clone();
            if rows.start != end || !partial.is_window_of(&self.source, rows.start, rows.len()) {
                return false;
            }
            end = rows.end;
        }
        end == self.source.len() && end == layout.shape()[0]
    }

    pub fn part(&self, r: usize) -> (Array<Array<T>>, Geo) {
        let part = self.layout.part(r);
        let rows = part.view[0].clone();
        let cols = part.view[1].clone();
        let geo = Geo::of(&self.layout, &part).within(self.outer);
        if self.layout.grid()[1] == 1 {
            // Whole rows: the partition is a window of the array of rows, as in 1-D.
            return (self.source.window(rows.start, rows.len()), geo);
        }
        let tile = Array::from_vec(
            rows.map(|row| self.source.slots()[row].get_ref().window(cols.start, cols.len()))
                .collect(),
        );
        (tile, geo)
    }
}

/// A partitioned 2-D `dist` value array (`T[[]][[]]`, or `T[[]][[]][[]]` split along its
/// first two dimensions as [`Dist2`] splits `T[][][]`): the checks and the [`Layout`] of
/// [`Dist2`] (rectangular unless only dimension 1 is split). An MI's partition is a value
/// array of rows holding its view (halos included), made without copying elements: when it
/// keeps whole rows, a window of the source's array of rows (the source itself when the
/// view is the whole matrix); else a value array of windows, one per row of the view, onto
/// the view's columns of the source's rows.
pub struct DistV2<T> {
    pub layout: Layout<2>,
    source: VArr<VArr<T>>,
    /// As [`Dist1`]'s.
    outer: Option<Geo>,
}

impl<T: Clone + Send + Sync> DistV2<T> {
    /// Splits `array` (null-checked, its row 0 too) with `layout_of([rows, cols])`.
    pub fn new(
        array: &VArr<VArr<T>>,
        rows_only: bool,
        pos: &'static SourcePos,
        layout_of: impl FnOnce([usize; 2]) -> Layout<2>,
    ) -> DistV2<T>
    where
        T: DimLen,
    {
        let row_len = |r: usize| array.items()[r].length(pos) as usize;
        let (rows, cols) = split_shape(array, rows_only, row_len, pos);
        DistV2 { layout: layout_of([rows, cols]), source: array.clone(), outer: enclosing(array) }
    }

    /// The default assembly of the call's partial arrays ([`assemble_2d`]).
    pub fn assemble<R: Clone>(
        &self,
        partials: Vec<Array<Array<R>>>,
        pos: &'static SourcePos,
    ) -> Array<Array<R>> {
        assemble_2d(&self.layout, partials, pos)
    }

    /// MI `r`'s partition and its geometry.
    pub fn part(&self, r: usize) -> (VArr<VArr<T>>, Geo) {
        let part = self.layout.part(r);
        let rows = part.view[0].clone();
        let cols = part.view[1].clone();
        let geo = Geo::of(&self.layout, &part).within(self.outer);
        // Whole rows when dimension 2 is not split (rows may then differ in length).
        if self.layout.grid()[1] == 1 {
            return (self.source.window(rows.start, rows.len()), geo);
        }
        let tile = self.source.items()[rows]
            .iter()
            .map(|row| row.window(cols.start, cols.len()))
            .collect::<Vec<_>>();
        (VArr::from_vec(tile), geo)
    }
}

/// Assembles 1-D partial arrays (`reduce` default for array results): the partials'
/// elements in partition order, halo positions dropped where a partial covers its view (the
/// rule of [`partition::assemble_1d`]), copied once. A single fresh partial that covers the
/// whole result is returned as is. The partition may be of a 2-D parameter split by rows
/// only (a 1-D result of `dist(view = <1,1>) T[][] m`, `new T[m.length]`): its halo rows
/// are dropped as a 1-D view's are; one splitting columns too concatenates the partials.
/// [`assemble_1d`] of value-array partials (a SOMD method returning `T[[]]`): the result
/// is a new value array of the kept elements in partition order.
pub fn assemble_values_1d<T: Clone, const D: usize>(
    layout: &Layout<D>,
    partials: Vec<VArr<T>>,
) -> VArr<T> {
    let arrays = partials.iter().map(|p| Array::from_vec(p.items().to_vec())).collect();
    VArr::from_vec(assemble_1d(layout, arrays).to_vec())
}

pub fn assemble_1d<T: Clone, const D: usize>(
    layout: &Layout<D>,
    mut partials: Vec<Array<T>>,
) -> Array<T> {
    let rows_only = layout.grid().iter().skip(1).all(|&parts| parts == 1);
    let kept = |r: usize, len: usize| {
        if rows_only && r < layout.parts() {
            let part = layout.part(r);
            if part.view[0] != part.owned[0] && len == part.local_len(0) {
                return part.owned_local(0);
            }
        }
        0..len
    };
    if partials.len() == 1 && kept(0, partials[0].len()) == (0..partials[0].len()) {
        if let Some(only) = partials.pop() {
            if only.is_unique() {
                return only;
            }
            partials.push(only);
        }
    }
    let ranges: Vec<std::ops::Range<usize>> =
        partials.iter().enumerate().map(|(r, p)| kept(r, p.len())).collect();
    let mut offsets = Vec::with_capacity(ranges.len());
    let mut total = 0usize;
    for range in &ranges {
        offsets.push(total);
        total += range.len();
    }
    let mut out: Arc<[MaybeUninit<Slot<T>>]> = Arc::new_uninit_slice(total);
    let Some(slots) = Arc::get_mut(&mut out) else {
        // A fresh `Arc` is unique; this branch is never taken.
        return Array::from_vec(partials.iter().flat_map(Array::to_vec).collect());
    };
    let dst = SendPtr(slots.as_mut_ptr());
    // Copies partial `r` to its offset; each partial's target range is written by one thread.
    let copy = |r: usize| {
        let (partial, range) = (&partials[r], &ranges[r]);
        for (k, slot) in partial.slots()[range.clone()].iter().enumerate() {
            // SAFETY: `offsets[r] + k < total`, and the target ranges of different partials are
            // disjoint, so no two threads write the same element.
            unsafe { dst.get().add(offsets[r] + k).write(MaybeUninit::new(Slot::new(slot.get()))) };
        }
    };
    let threads = exec::placement().cpu_mis().min(partials.len());
    if threads > 1
        && total >= PARALLEL_COPY_MIN
        && crate::value::is_primitive::<T>()
        && CURRENT.with(Cell::get).is_none()
    {
        // The copy (and the first touch of the result's pages) spread over the pool: MI `w`
        // copies partials `w, w + threads, ...`.
        let (shared, count) = (AssertSync(&copy), partials.len());
        exec::pool().run_mis(threads, |mi: &Mi<'_>| {
            (mi.index()..count).step_by(threads).for_each(shared.get());
        });
    } else {
        (0..partials.len()).for_each(copy);
    }
    // SAFETY: every element `0..total` was written above (the ranges tile `0..total`); a panic
    // would have left this function before here (the buffer then leaks its elements).
    Array::from_buffer(unsafe { out.assume_init() })
}

/// Below this many elements, an array result is assembled on the calling thread.
const PARALLEL_COPY_MIN: usize = 1 << 16;

/// The `n` items `item(0..n)` in one fresh buffer: written on the pool when the copy is
/// large (`n * weight` elements, `weight` being the elements each item copies, at least
/// [`PARALLEL_COPY_MIN`]), the placement runs MIs on several threads and the caller is
/// not an MI; else on the calling thread. For the copies the language makes outside SOMD
/// calls (`new T[[]](a)`, `Somd.thaw`, the copy of a written `dist` argument): each
/// thread copies its share and first-touches its pages, as a parallel loop would. The
/// items must not throw (copies do not); the copy itself may leave (an `MiAborted` unwind,
/// through `fill_parallel`'s checks) where the work around it has stopped (a task's body
/// after a failure downstream), writing nothing the caller reads (review).
pub(crate) fn collect_copy<R: Send>(
    n: usize,
    weight: usize,
    item: impl Fn(usize) -> R + Sync,
) -> Arc<[R]> {
    collect_copy_in(exec::placement().cpu_mis().min(n), n, weight, item)
}

/// [`collect_copy`] on up to `parts` threads.
fn collect_copy_in<R: Send>(
    parts: usize,
    n: usize,
    weight: usize,
    item: impl Fn(usize) -> R + Sync,
) -> Arc<[R]> {
    if n.saturating_mul(weight.max(1)) < PARALLEL_COPY_MIN
        || parts <= 1
        || CURRENT.with(Cell::get).is_some()
    {
        // `Range::map` is trusted-length: one allocation, filled in place.
        return (0..n).map(item).collect();
    }
    let mut out: Arc<[MaybeUninit<R>]> = Arc::new_uninit_slice(n);
    let Some(items) = Arc::get_mut(&mut out) else {
        // A fresh `Arc` is unique; this branch is never taken.
        return (0..n).map(item).collect();
    };
    fill_parallel(items, parts, item);
    // SAFETY: `fill_parallel` returned, so it wrote every element.
    unsafe { out.assume_init() }
}

/// The assembled result of a SOMD call whose MIs each return a fresh 1-D array of their
/// partition's length (the compiler picks the body's `T[] r = new T[..]` that every `return`
/// returns): the whole result is allocated once, and MI `r`'s `new` there
/// ([`new_output`]) gives the window of it that [`assemble_1d`] would copy the partial to,
/// so the assembly copies nothing.
///
/// Nothing can tell: a window of a fresh buffer is a fresh, default-filled array of that
/// length, and [`Output1::assemble`] returns the buffer only when every partial is its
/// own MI's window and no other handle to the buffer is left (an MI that stored its
/// array somewhere, returned another one, or whose `new` had another length falls back
/// to [`assemble_1d`], which copies the partials as before).
pub struct Output1<T> {
    /// The whole result; `None` when the layout has halos or no MIs (plain assembly).
    buffer: Option<Array<T>>,
    /// Per MI: the owned range's start and length, and whether its window was taken.
    windows: Vec<(usize, usize, std::sync::atomic::AtomicBool)>,
}

thread_local! {
    /// The output an MI's [`new_output`] takes its window from: the [`Output1`], its
    /// element type and the MI index ([`Output1::enter`]).
    static OUTPUT: Cell<Option<(*const (), std::any::TypeId, usize)>> = const { Cell::new(None) };
}

/// Restores the previous [`OUTPUT`] when an MI body returns or unwinds.
pub struct OutputGuard(Option<(*const (), std::any::TypeId, usize)>);

impl Drop for OutputGuard {
    fn drop(&mut self) {
        OUTPUT.with(|o| o.set(self.0));
    }
}

impl<T: Default + Copy + Send + Sync + 'static> Output1<T> {
    /// The output of a call partitioned by `layout` (a 1-D layout whose owned ranges tile
    /// the array in partition order, without halos).
    pub fn new(layout: &Layout<1>) -> Output1<T> {
        let parts = layout.parts();
        let mut windows = Vec::with_capacity(parts);
        let mut end = 0;
        for r in 0..parts {
            let owned = layout.part(r).owned[0].clone();
            if owned.start != end {
                return Output1 { buffer: None, windows: Vec::new() };
            }
            end = owned.end;
            windows.push((owned.start, owned.len(), std::sync::atomic::AtomicBool::new(false)));
        }
        if parts == 0 || layout.has_halo() || end != layout.shape()[0] {
            return Output1 { buffer: None, windows: Vec::new() };
        }
        // `end` default elements, written on the pool when large, as the MIs' own `new`
        // would have first-touched them.
        let buffer = collect_copy(end, 1, |_| Slot::new(T::default()));
        Output1 { buffer: Some(Array::from_buffer(buffer)), windows }
    }

    /// Makes this output the one that [`new_output`] on this thread takes MI `mi`'s window
    /// from, until the guard drops.
    pub fn enter(&self, mi: usize) -> OutputGuard {
        let this = (self as *const Output1<T> as *const (), std::any::TypeId::of::<T>(), mi);
        OutputGuard(OUTPUT.with(|o| o.replace(self.buffer.as_ref().map(|_| this))))
    }

    /// MI `mi`'s window, once, when it has length `len`.
    fn take(&self, mi: usize, len: usize) -> Option<Array<T>> {
        let buffer = self.buffer.as_ref()?;
        let (start, owned, taken) = self.windows.get(mi)?;
        if *owned != len || taken.swap(true, Ordering::Relaxed) {
            return None;
        }
        Some(buffer.window(*start, len))
    }

    /// The call's result: the buffer itself when every partial is its MI's window and
    /// nothing else holds the buffer, else [`assemble_1d`] of the partials.
    pub fn assemble(self, layout: &Layout<1>, partials: Vec<Array<T>>) -> Array<T> {
        let Output1 { buffer, windows } = self;
        if let Some(buffer) = buffer {
            let all_windows = partials.len() == windows.len()
                && partials
                    .iter()
                    .zip(&windows)
                    .all(|(p, (start, len, _))| p.is_window_of(&buffer, *start, *len));
            // The buffer's own handle and one per partial: no MI kept another.
            if all_windows && buffer.handles() == 1 + partials.len() {
                drop(partials);
                return buffer;
            }
        }
        assemble_1d(layout, partials)
    }
}

/// `new T[len]` at the allocation the compiler chose for an MI's result ([`Output1`]):
/// MI `r`'s window of the output when the MI's thread entered one of element type `T`,
/// `len` is the window's length and the MI has not taken it yet; else a fresh array
/// (`NegativeArraySizeException` as for any `new`).
pub fn new_output<T: Default + Copy + Send + Sync + 'static>(
    len: i32,
    pos: &'static SourcePos,
) -> Array<T> {
    if let Some((output, ty, mi)) = OUTPUT.with(Cell::get) {
        if ty == std::any::TypeId::of::<T>() && len >= 0 {
            // SAFETY: `OUTPUT` holds an `Output1<T>` (the type id says so) only while an
            // `OutputGuard` of that output's `enter` lives, which borrows the output.
            let output = unsafe { &*(output as *const Output1<T>) };
            if let Some(window) = output.take(mi, len as usize) {
                return window;
            }
        }
    }
    Array::new_default(len, pos)
}

/// A reference shared with other threads although its type is not known to be `Sync`.
struct AssertSync<'a, F>(&'a F);

// SAFETY: used only for `assemble_1d`'s copy of primitive elements (`is_primitive`): the
// closure reads `Array<T>`s of a primitive `T` (which are `Sync`) and writes disjoint elements.
unsafe impl<F> Sync for AssertSync<'_, F> {}

impl<'a, F> AssertSync<'a, F> {
    /// The reference (a method, so that closures capture the `Sync` wrapper, not the field).
    fn get(&self) -> &'a F {
        self.0
    }
}

/// A raw pointer that MIs writing disjoint elements may share.
struct SendPtr<T>(*mut T);

impl<T> Clone for SendPtr<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for SendPtr<T> {}

// SAFETY: used only where each element behind the pointer is written by one thread at a time,
// and the buffer outlives the call (see the users).
unsafe impl<T> Send for SendPtr<T> {}
// SAFETY: as above.
unsafe impl<T> Sync for SendPtr<T> {}

impl<T> SendPtr<T> {
    /// The pointer (a method, so that closures capture the `Sync` wrapper, not the field).
    #[inline(always)]
    fn get(self) -> *mut T {
        self.0
    }
}

/// Assembles 2-D partial arrays.
pub fn assemble_2d<T: Clone>(
    layout: &Layout<2>,
    partials: Vec<Array<Array<T>>>,
    pos: &'static SourcePos,
) -> Array<Array<T>> {
    if layout.grid()[1] == 1 {
        if let Some(rows) = assemble_rows(layout, &partials) {
            return rows;
        }
    }
    let tiles = partials.iter().map(|tile| tile.to_vec().iter().map(Array::to_vec).collect());
    let rows = partition::assemble_2d(layout, tiles.collect()).or_throw(pos);
    Array::from_vec(rows.into_iter().map(Array::from_vec).collect())
}

/// [`assemble_2d`] of partials split along dimension 1 only: the kept rows of the partials in
/// partition order. Concatenating along dimension 1 concatenates arrays of rows, so the
/// result holds the partials' row arrays themselves, as Java's copy of an array of rows
/// would (no element is copied). `None` when a partial's row drops halo columns, which
/// needs the general assembly.
fn assemble_rows<T>(layout: &Layout<2>, partials: &[Array<Array<T>>]) -> Option<Array<Array<T>>> {
    let mut rows = Vec::with_capacity(layout.shape()[0]);
    for (r, tile) in partials.iter().enumerate() {
        let part = (r < layout.parts()).then(|| layout.part(r));
        let kept = part.as_ref().map_or(0..tile.len(), |p| partition::kept_range(p, 0, tile.len()));
        for row in &tile.slots()[kept] {
            let row = row.get_ref();
            if let Some(p) = &part {
                if partition::kept_range(p, 1, row.len()) != (0..row.len()) {
                    return None;
                }
            }
            rows.push(row.clone());
        }
    }
    Some(Array::from_vec(rows))
}

/// Concatenation in partition order (assembly when no layout applies).
pub fn concat<T: Clone>(partials: Vec<Array<T>>) -> Array<T> {
    Array::from_vec(partials.iter().flat_map(Array::to_vec).collect())
}

/// Pairwise combination in partition order with a user `combine`; `None` when empty.
pub fn tree_combine<T>(mut partials: Vec<T>, combine: &impl Fn(T, T) -> T) -> Option<T> {
    match partials.len() {
        0 => None,
        1 => partials.pop(),
        n => {
            let right = partials.split_off(n.div_ceil(2));
            let l = tree_combine(partials, combine)?;
            let r = tree_combine(right, combine)?;
            Some(combine(l, r))
        }
    }
}

/// Bounds of the elements of one chunk of [`combine_elementwise`]: each chunk runs the
/// whole tree over its indices, so the partials' chunks stay in cache between the tree's
/// levels; about four chunks per thread, so that threads finishing early take more.
const COMBINE_CHUNK_MIN: usize = 1 << 10;
const COMBINE_CHUNK_MAX: usize = 1 << 14;

/// Below this many element combinations (`(partials - 1) * length`), [`combine_elementwise`]
/// runs on the calling thread.
const PARALLEL_COMBINE_MIN: usize = 1 << 15;

/// [`tree_combine`] for a `combine` that the compiler proved elementwise
/// (`somd_mir::analysis::combine::elementwise`): `combine(a, b)` is a new array with
/// `c[i] = op(a[i], b[i])` when `a` and `b` have the same length, and `op` cannot throw.
///
/// When the partials are non-null arrays of one length, every element of the result is the
/// tree of `op` over that element of the partials, with the pairing and operand order of
/// [`tree_combine`], so the result has the same bits. The tree runs chunk by chunk of
/// indices, the chunks spread over the pool, and writes each combination over its left
/// operand (the partials are the MIs' results, private to this call; one that is shared
/// with anything else is copied first), so the result is partial 0 and nothing is
/// allocated. Otherwise (a null partial, different lengths) `combine` itself runs as the
/// sequential tree, with its exceptions.
pub fn combine_elementwise<T: Copy + Send + Default>(
    partials: Vec<Array<T>>,
    op: impl Fn(T, T) -> T + Sync,
    combine: &impl Fn(Array<T>, Array<T>) -> Array<T>,
) -> Option<Array<T>> {
    combine_chunks(partials, None, op, combine)
}

/// [`combine_elementwise`] where partial `k` is known to hold zeros (`T::default()`)
/// outside `windows[k]` (a range of indices, clipped to the partials' length) and `op` is
/// one for which a tree of `op` over zeros and one other operand `v` is `op(v, 0)`: `+`
/// (`0.0 + v` and `v + 0.0` are `v` except that `-0.0` becomes `0.0`, and a tree applies
/// that at least once, never more than once in effect), `|` and `^`. The compiler passes
/// windows for a segmented sum's table (`somd_mir::analysis::histogram`), whose MI updates
/// only the entries its part of the key names ([`key_window`]).
///
/// Each chunk of indices then reads only the partials whose window meets it: none (partial
/// 0, the result, already holds the zeros there), one (its elements through `op(v, 0)`,
/// written to partial 0), or several (the whole tree over the chunk, as
/// [`combine_elementwise`] runs it). The result has the bits of the sequential tree, and a
/// call whose MIs each fill a narrow window of a long table moves the table once instead of
/// once per MI.
pub fn combine_elementwise_windows<T: Copy + Send + Default>(
    partials: Vec<(Array<T>, std::ops::Range<usize>)>,
    op: impl Fn(T, T) -> T + Sync,
    combine: &impl Fn(Array<T>, Array<T>) -> Array<T>,
) -> Option<Array<T>> {
    let (partials, windows): (Vec<_>, Vec<_>) = partials.into_iter().unzip();
    combine_chunks(partials, Some(&windows), op, combine)
}

/// Below this many MIs, [`key_window`] gives every index without reading the keys: the
/// tree over so few tables moves little more than the spans would, and the pass over the
/// keys costs more. SparseMatMult 100000 200 on the H100 host's cores (gen cpu N / rayon N,
/// kernel, medians of five rounds; `docs/performance.md`, "Hundred-and-thirteenth
/// session"): with the spans 1.44 at 2 threads against 1.15 without, 1.65 against 1.58 at
/// 8, 1.53 against 2.01 at 16.
const WINDOW_MIS_MIN: usize = 8;

/// The indices of a segmented sum's table that an MI reading `keys` (its part of the key
/// parameter) may update, for [`combine_elementwise_windows`] in a call of `mis` MIs: from
/// its least key to its greatest where the keys never decrease (a matrix in coordinate
/// form, by rows) or never increase (stored from the last row up): its first and last key;
/// the check is two comparisons per key. Else every index; every index too for fewer than
/// [`WINDOW_MIS_MIN`] MIs or `null` keys (the MI throws), none for no keys.
pub fn key_window(keys: &Array<i32>, mis: usize) -> std::ops::Range<usize> {
    if mis < WINDOW_MIS_MIN || keys.is_null() {
        return 0..usize::MAX;
    }
    let slots = keys.slots();
    let (Some(first), Some(last)) = (slots.first(), slots.last()) else { return 0..0 };
    let (up, down) = slots.windows(2).fold((true, true), |(up, down), w| {
        let (a, b) = (w[0].get(), w[1].get());
        (up & (a <= b), down & (a >= b))
    });
    let (lo, hi) = match (up, down) {
        (true, _) => (first.get(), last.get()),
        (false, true) => (last.get(), first.get()),
        (false, false) => return 0..usize::MAX,
    };
    if hi < 0 {
        // Every key is negative: the MI throws at its first update.
        return 0..0;
    }
    // A negative first key throws in the MI; the span starts at 0 either way.
    lo.max(0) as usize..hi as usize + 1
}

/// One table that the MIs of a segmented sum share where their keys' spans
/// ([`key_window`]) are disjoint, in place of a table per MI: each such MI updates its span
/// of it, nothing else, and the call's result is the table itself, so a call of `N` MIs
/// allocates and zeroes one table instead of `N` and combines nothing.
///
/// The compiler makes one per call of a windowed segmented sum (the wrapper's
/// `combine_elementwise_windows` path) whose table length it can evaluate before the MIs
/// run (`histogram::HistogramBody::len`): `len` entries of default zeros, for
/// [`WINDOW_MIS_MIN`] MIs or more (fewer have no spans) and under 64 MiB (a larger one is
/// left to the MIs, whose `new` checks the room at its own position). MI `mi` claims its
/// span at [`SegmentTable::enter`]; the claim holds where it meets no span claimed before
/// (an empty span always holds: the MI updates nothing), and the body's `new` of its table
/// ([`new_table`]) then gives the shared table. Any other MI (a span meeting a claimed one:
/// unsorted keys, a row split between MIs) makes its own table, as before.
///
/// Nothing can tell, bit for bit: [`combine_elementwise_windows`] would give each entry
/// `op(v, 0)` of the one MI whose span holds it (zero where none does), and the shared
/// table holds that `v`. The compiler passes an `op` with `op(v, 0) == v` for every entry
/// such a body makes: `+`, `|` and `^` of `int`/`long` entries, and `+` of `float`/`double`
/// entries, which start at `+0.0` and only ever have values added, so that none is `-0.0`
/// (the one `v` that `+ 0.0` changes; a sum is `-0.0` only when both operands are). Where
/// MIs made tables of their own, their entries are folded into the shared table where
/// their spans lie, with the tree's pairing where several spans meet
/// ([`merge_own_tables`]); where an MI's table has another length, every shared MI's span
/// is copied out into a table of its own, zero elsewhere, exactly the table it would have
/// filled, and [`combine_elementwise_windows`] runs over all of them as before.
pub struct SegmentTable<T> {
    /// The method's name (`Class.method`): only that body's [`new_table`] takes the table.
    method: &'static str,
    /// The shared table; `None` where the call has too few MIs, a negative length or a
    /// table too large.
    table: Option<Array<T>>,
    /// Per MI, the span it claimed in the shared table (`None`: it makes its own).
    claims: Mutex<Vec<Option<std::ops::Range<usize>>>>,
}

thread_local! {
    /// The shared table an MI's [`new_table`] takes: the [`SegmentTable`], its element
    /// type, set by [`SegmentTable::enter`] for an MI whose claim held, taken by the first
    /// [`new_table`] of the same method and type.
    static TABLE: Cell<Option<(*const (), std::any::TypeId, &'static str)>> =
        const { Cell::new(None) };
}

/// Restores the previous [`TABLE`] when an MI body returns or unwinds; it borrows the
/// [`SegmentTable`] that [`TABLE`] points to.
pub struct TableGuard<'a> {
    previous: Option<(*const (), std::any::TypeId, &'static str)>,
    _table: std::marker::PhantomData<&'a ()>,
}

impl Drop for TableGuard<'_> {
    fn drop(&mut self) {
        TABLE.with(|t| t.set(self.previous));
    }
}

impl<T: Default + Copy + Send + Sync + 'static> SegmentTable<T> {
    /// The table of a call of `mis` MIs of `method` whose body makes a table of `len`
    /// entries.
    pub fn new(method: &'static str, len: i32, mis: usize) -> SegmentTable<T> {
        let bytes = (len.max(0) as u128) * std::mem::size_of::<Slot<T>>() as u128;
        let table =
            (mis >= WINDOW_MIS_MIN && len >= 0 && bytes < crate::alloc::TRY_MIN).then(|| {
                // Outside an MI the zeros are written on the pool when the table is large.
                Array::from_buffer(collect_copy(len as usize, 1, |_| Slot::new(T::default())))
            });
        SegmentTable { method, table, claims: Mutex::new(vec![None; mis]) }
    }

    /// MI `mi`, whose keys span `window` ([`key_window`]), claims its span of the shared
    /// table; where the claim holds, the body's [`new_table`] on this thread gives the
    /// table until the guard drops.
    pub fn enter(&self, mi: usize, window: &std::ops::Range<usize>) -> TableGuard<'_> {
        let claimed = self.table.as_ref().is_some_and(|table| {
            let len = table.len();
            let span = window.start.min(len)..window.end.min(len);
            let mut claims = self.claims.lock().unwrap_or_else(|e| e.into_inner());
            let meets = |c: &std::ops::Range<usize>| c.start < span.end && span.start < c.end;
            if mi >= claims.len() || claims.iter().flatten().any(meets) {
                return false;
            }
            claims[mi] = Some(span);
            true
        });
        let this = (self as *const SegmentTable<T> as *const (), std::any::TypeId::of::<T>());
        let entered = claimed.then_some((this.0, this.1, self.method));
        let previous = TABLE.with(|t| t.replace(entered));
        TableGuard { previous, _table: std::marker::PhantomData }
    }

    /// The call's result from the MIs' tables and spans, as
    /// [`combine_elementwise_windows`] would make it.
    pub fn combine(
        self,
        mut partials: Vec<(Array<T>, std::ops::Range<usize>)>,
        op: impl Fn(T, T) -> T + Sync,
        combine: &impl Fn(Array<T>, Array<T>) -> Array<T>,
    ) -> Option<Array<T>> {
        let SegmentTable { table, claims, .. } = self;
        let Some(table) = table else {
            return combine_elementwise_windows(partials, op, combine);
        };
        let claims = claims.into_inner().unwrap_or_else(|e| e.into_inner());
        let len = table.len();
        // Each MI's span in the result: a shared MI's claim, another MI's window.
        let spans: Option<Vec<(bool, std::ops::Range<usize>)>> = partials
            .iter()
            .zip(&claims)
            .map(|((p, window), claim)| match (p.is_window_of(&table, 0, len), claim) {
                (true, Some(claim)) => Some((true, claim.clone())),
                (false, _) if !p.is_null() && p.len() == len => {
                    Some((false, window.start.min(len)..window.end.min(len)))
                }
                _ => None,
            })
            .collect();
        let shared = spans.as_ref().map_or(0, |s| s.iter().filter(|(shared, _)| *shared).count());
        let Some(spans) = spans.filter(|_| table.handles() == 1 + shared) else {
            // An MI's table of another length (or one kept elsewhere): each shared MI gets
            // the table it would have filled, its span and zero elsewhere.
            for ((p, _), claim) in partials.iter_mut().zip(&claims) {
                if let (true, Some(claim)) = (p.is_window_of(&table, 0, len), claim) {
                    *p = Array::from_buffer(collect_copy(len, 1, |i| {
                        Slot::new(match claim.contains(&i) {
                            true => table.slots()[i].get(),
                            false => T::default(),
                        })
                    }));
                }
            }
            drop(table);
            return combine_elementwise_windows(partials, op, combine);
        };
        if shared < partials.len() {
            let own: Vec<&[Slot<T>]> = partials.iter().map(|(p, _)| p.slots()).collect();
            merge_own_tables(table.slots(), &own, &spans, &op);
        }
        drop(partials);
        Some(table)
    }
}

/// Folds the tables of the MIs that did not share it into a segmented sum's shared table
/// `table` ([`SegmentTable::combine`]), entry by entry as the tree of `op` over every MI's
/// table would: `own[k]` is MI `k`'s table, `spans[k]` whether it is the shared one and
/// the span outside which MI `k`'s entries are zero. The shared MIs' spans are disjoint.
///
/// Where no span holds an entry, or only a shared MI's, the table holds it already; where
/// one other MI's span alone holds it, its entry is copied (`op(v, 0)` is `v`); where
/// several do, the tree of [`tree_combine`] runs over their entries, the others left out:
/// a zero operand leaves the other one as it is, so the tree's other nodes are the
/// identity. Runs on the pool where there is much to do.
fn merge_own_tables<T: Copy + Send + Default>(
    table: &[Slot<T>],
    own: &[&[Slot<T>]],
    spans: &[(bool, std::ops::Range<usize>)],
    op: &(impl Fn(T, T) -> T + Sync),
) {
    // Cut the table where a span starts or ends; each piece has one set of spans over it.
    let mut cuts: Vec<usize> =
        spans.iter().filter(|(_, s)| !s.is_empty()).flat_map(|(_, s)| [s.start, s.end]).collect();
    cuts.sort_unstable();
    cuts.dedup();
    let mut pieces: Vec<(std::ops::Range<usize>, Vec<usize>)> = Vec::new();
    for w in cuts.windows(2) {
        let piece = w[0]..w[1];
        let over: Vec<usize> = (0..spans.len())
            .filter(|&k| spans[k].1.start <= piece.start && piece.end <= spans[k].1.end)
            .collect();
        let only_shared = matches!(over[..], [k] if spans[k].0);
        if !over.is_empty() && !only_shared {
            // In chunks, so that long pieces spread over the pool.
            let mut start = piece.start;
            while start < piece.end {
                let end = (start + COMBINE_CHUNK_MAX).min(piece.end);
                pieces.push((start..end, over.clone()));
                start = end;
            }
        }
    }
    let run = |(range, over): &(std::ops::Range<usize>, Vec<usize>)| {
        if let [k] = over[..] {
            for (t, v) in table[range.clone()].iter().zip(&own[k][range.clone()]) {
                t.set(v.get());
            }
            return;
        }
        for i in range.clone() {
            let entry = |k: usize| own[k][i].get();
            if let Some(v) = tree_of_present(0, own.len(), over, &entry, op) {
                table[i].set(v);
            }
        }
    };
    let work: usize = pieces.iter().map(|(r, over)| r.len() * over.len()).sum();
    let threads = exec::placement().cpu_mis();
    if threads <= 1 || work < PARALLEL_COMBINE_MIN || CURRENT.with(Cell::get).is_some() {
        pieces.iter().for_each(run);
    } else {
        let next = AtomicUsize::new(0);
        exec::pool().run_optional(threads.min(pieces.len()), |_| loop {
            let c = next.fetch_add(1, Ordering::Relaxed);
            let Some(piece) = pieces.get(c) else { break };
            run(piece);
        });
    }
}

/// The node of [`tree_combine`]'s tree over the leaves `lo..hi` when only the leaves
/// `present` (ascending) are there: `None` where none of them is.
fn tree_of_present<T: Copy>(
    lo: usize,
    hi: usize,
    present: &[usize],
    leaf: &impl Fn(usize) -> T,
    op: &impl Fn(T, T) -> T,
) -> Option<T> {
    let present = &present[present.partition_point(|&k| k < lo)..];
    let present = &present[..present.partition_point(|&k| k < hi)];
    match present {
        [] => None,
        [k] => Some(leaf(*k)),
        _ => {
            let mid = lo + (hi - lo).div_ceil(2);
            match (
                tree_of_present(lo, mid, present, leaf, op),
                tree_of_present(mid, hi, present, leaf, op),
            ) {
                (Some(a), Some(b)) => Some(op(a, b)),
                (a, b) => a.or(b),
            }
        }
    }
}

/// `new T[len]` at a segmented sum's table ([`SegmentTable`]): the call's shared table where
/// this MI's claim held, the body is the table's method's, and `len` is the table's length;
/// else a fresh array (`NegativeArraySizeException` as for any `new`). Taken once per MI.
pub fn new_table<T: Default + Copy + Send + Sync + 'static>(
    method: &'static str,
    len: i32,
    pos: &'static SourcePos,
) -> Array<T> {
    if let Some((table, ty, m)) = TABLE.with(Cell::get) {
        if ty == std::any::TypeId::of::<T>() && m == method {
            // SAFETY: `TABLE` holds a `SegmentTable<T>` (the type id says so) only while a
            // `TableGuard` of that table's `enter` lives, which borrows the table.
            let table = unsafe { &*(table as *const SegmentTable<T>) };
            if let Some(shared) =
                table.table.as_ref().filter(|t| len >= 0 && t.len() == len as usize)
            {
                TABLE.with(|t| t.set(None));
                return shared.clone();
            }
        }
    }
    Array::new_default(len, pos)
}

/// [`combine_elementwise`], with [`combine_elementwise_windows`]' windows where given.
fn combine_chunks<T: Copy + Send + Default>(
    mut partials: Vec<Array<T>>,
    windows: Option<&[std::ops::Range<usize>]>,
    op: impl Fn(T, T) -> T + Sync,
    combine: &impl Fn(Array<T>, Array<T>) -> Array<T>,
) -> Option<Array<T>> {
    let n = partials.len();
    let len = partials.first().map_or(0, Array::len);
    if n < 2 || partials.iter().any(|p| p.is_null() || p.len() != len) {
        return tree_combine(partials, combine);
    }
    for p in partials.iter_mut() {
        if !p.is_unique() {
            *p = Array::from_vec(p.to_vec());
        }
    }
    let windows: Option<Vec<std::ops::Range<usize>>> = windows
        .filter(|w| w.len() == n)
        .map(|w| w.iter().map(|r| r.start.min(len)..r.end.min(len)).collect());
    // Element combinations (or, with windows, elements read).
    let work = match &windows {
        Some(w) => w.iter().map(|r| r.len()).sum(),
        None => (n - 1) * len,
    };
    let bufs: Vec<&[Slot<T>]> = partials.iter().map(Array::slots).collect();
    let threads = exec::placement().cpu_mis();
    let chunk = len
        .div_ceil(4 * threads.max(1))
        .next_multiple_of(64)
        .clamp(COMBINE_CHUNK_MIN, COMBINE_CHUNK_MAX);
    let chunks = len.div_ceil(chunk);
    let run = |c: usize| {
        let range = c * chunk..(c * chunk + chunk).min(len);
        match &windows {
            Some(w) => windows_in_place(&bufs, w, range, &op),
            None => tree_in_place(&bufs, range, &op),
        }
    };
    let parts = threads.min(chunks);
    if parts <= 1 || work < PARALLEL_COMBINE_MIN || CURRENT.with(Cell::get).is_some() {
        (0..chunks).for_each(run);
    } else {
        let next = AtomicUsize::new(0);
        exec::pool().run_optional(parts, |_| loop {
            let c = next.fetch_add(1, Ordering::Relaxed);
            if c >= chunks {
                break;
            }
            run(c);
        });
    }
    drop(bufs);
    partials.truncate(1);
    partials.pop()
}

/// One chunk of [`combine_elementwise_windows`]: the partials whose window meets `range`
/// decide how its elements of partial 0 are made.
fn windows_in_place<T: Copy + Default>(
    bufs: &[&[Slot<T>]],
    windows: &[std::ops::Range<usize>],
    range: std::ops::Range<usize>,
    op: &impl Fn(T, T) -> T,
) {
    let meets = |w: &std::ops::Range<usize>| w.start < range.end && range.start < w.end;
    let mut touching = windows.iter().enumerate().filter(|(_, w)| meets(w));
    let Some((k, w)) = touching.next() else { return };
    if touching.next().is_some() {
        tree_in_place(bufs, range, op);
        return;
    }
    // Outside `w` every partial holds zeros, and so does the result.
    let inside = range.start.max(w.start)..range.end.min(w.end);
    let zero = T::default();
    for (l, r) in bufs[0][inside.clone()].iter().zip(&bufs[k][inside]) {
        l.set(op(r.get(), zero));
    }
}

/// The tree of [`tree_combine`] over the elements `range` of `bufs`, each combination
/// written over its left operand: the result is in `bufs[0]`.
fn tree_in_place<T: Copy>(
    bufs: &[&[Slot<T>]],
    range: std::ops::Range<usize>,
    op: &impl Fn(T, T) -> T,
) {
    let n = bufs.len();
    if n < 2 {
        return;
    }
    let k = n.div_ceil(2);
    tree_in_place(&bufs[..k], range.clone(), op);
    tree_in_place(&bufs[k..], range.clone(), op);
    let (left, right) = (&bufs[0][range.clone()], &bufs[k][range]);
    for (l, r) in left.iter().zip(right) {
        l.set(op(l.get(), r.get()));
    }
}

/// An operand of a combination of [`combine_concurrent`]: a partial or an earlier node.
#[derive(Clone, Copy)]
enum Operand {
    Partial(usize),
    Node(usize),
}

/// The nodes of [`tree_combine`]'s tree over `lo..hi`, children before parents (post-order,
/// the order in which the sequential tree runs them).
fn tree_nodes(lo: usize, hi: usize, nodes: &mut Vec<(Operand, Operand)>) -> Operand {
    if hi - lo == 1 {
        return Operand::Partial(lo);
    }
    let mid = lo + (hi - lo).div_ceil(2);
    let left = tree_nodes(lo, mid, nodes);
    let right = tree_nodes(mid, hi, nodes);
    nodes.push((left, right));
    Operand::Node(nodes.len() - 1)
}

/// [`tree_combine`] for a `combine` that the compiler proved free of effects outside itself
/// (`somd_mir::analysis::combine::effect_free`): the combinations whose operands are ready
/// run concurrently, level after level of the same tree, so the result is the same. When
/// combinations throw, the one that comes first in the sequential tree's order is
/// re-raised: every combination before it completes normally, so it runs here as well.
pub fn combine_concurrent<T: Send>(
    partials: Vec<T>,
    combine: &(impl Fn(T, T) -> T + Sync),
) -> Option<T> {
    let n = partials.len();
    let parts = exec::placement().cpu_mis();
    if n < 3 || parts <= 1 || CURRENT.with(Cell::get).is_some() {
        return tree_combine(partials, combine);
    }
    let mut nodes = Vec::with_capacity(n - 1);
    tree_nodes(0, n, &mut nodes);
    let mut leaves: Vec<Option<T>> = partials.into_iter().map(Some).collect();
    // `None`: not run yet, or its value taken by its parent.
    let mut done: Vec<Option<std::thread::Result<T>>> = (0..nodes.len()).map(|_| None).collect();
    let mut started = vec![false; nodes.len()];
    loop {
        let ready: Vec<usize> = (0..nodes.len())
            .filter(|&j| {
                let ok = |o: Operand| match o {
                    Operand::Partial(p) => leaves[p].is_some(),
                    Operand::Node(m) => matches!(done[m], Some(Ok(_))),
                };
                !started[j] && ok(nodes[j].0) && ok(nodes[j].1)
            })
            .collect();
        if ready.is_empty() {
            break;
        }
        let mut take = |o: Operand| match o {
            Operand::Partial(p) => leaves[p].take(),
            Operand::Node(m) => match done[m].take() {
                Some(Ok(v)) => Some(v),
                _ => None,
            },
        };
        let mut inputs = Vec::with_capacity(ready.len());
        for &j in &ready {
            started[j] = true;
            let pair = take(nodes[j].0).zip(take(nodes[j].1));
            inputs.push(Mutex::new(pair));
        }
        let outputs: Vec<Mutex<Option<std::thread::Result<T>>>> =
            ready.iter().map(|_| Mutex::new(None)).collect();
        let run = |w: usize| {
            let pair = inputs[w].lock().unwrap_or_else(|e| e.into_inner()).take();
            if let Some((a, b)) = pair {
                let outcome = catch_unwind(AssertUnwindSafe(|| combine(a, b)));
                *outputs[w].lock().unwrap_or_else(|e| e.into_inner()) = Some(outcome);
            }
        };
        if ready.len() == 1 {
            run(0);
        } else {
            let next = AtomicUsize::new(0);
            exec::pool().run_optional(parts.min(ready.len()), |_| loop {
                let w = next.fetch_add(1, Ordering::Relaxed);
                if w >= ready.len() {
                    break;
                }
                run(w);
            });
        }
        for (w, output) in outputs.into_iter().enumerate() {
            done[ready[w]] = output.into_inner().unwrap_or_else(|e| e.into_inner());
        }
    }
    // The root is the last node. On failure, the first failing node in the sequential
    // order: the nodes before it all ran and completed normally.
    if let Some(Some(Ok(_))) = done.last() {
        if let Some(Some(Ok(value))) = done.pop() {
            return Some(value);
        }
    }
    let failure = done.into_iter().find_map(|outcome| match outcome {
        Some(Err(payload)) => Some(payload),
        _ => None,
    });
    resume_unwind(failure.unwrap_or_else(|| Box::new(exec::MiAborted)))
}

/// Something `@` can map over or `!` can reduce: mutable arrays, value arrays, `Somd.range`.
pub trait Elements<T>: Sync {
    /// Number of elements; `NullPointerException` when null.
    fn count(&self, pos: &'static SourcePos) -> usize;
    /// Element `i < count`.
    fn element(&self, i: usize) -> T;
}

impl<T: Clone + Send> Elements<T> for Array<T> {
    fn count(&self, pos: &'static SourcePos) -> usize {
        self.check(pos).len()
    }
    #[inline(always)]
    fn element(&self, i: usize) -> T {
        self.slots()[i].get()
    }
}

impl<T: Clone + Send + Sync> Elements<T> for VArr<T> {
    fn count(&self, pos: &'static SourcePos) -> usize {
        self.check(pos).len()
    }
    #[inline(always)]
    fn element(&self, i: usize) -> T {
        self.items()[i].clone()
    }
}

/// The elements of a `byte`, `short` or `char` array read as Java `int`s, which `op ! a`
/// reduces (Java promotes each operand to `int`).
pub struct AsInt<'a, A, T> {
    array: &'a A,
    elem: std::marker::PhantomData<fn() -> T>,
}

impl<'a, A: Elements<T>, T> AsInt<'a, A, T> {
    pub fn new(array: &'a A) -> Self {
        AsInt { array, elem: std::marker::PhantomData }
    }
}

impl<A: Elements<T>, T: Into<i32>> Elements<i32> for AsInt<'_, A, T> {
    fn count(&self, pos: &'static SourcePos) -> usize {
        self.array.count(pos)
    }
    #[inline(always)]
    fn element(&self, i: usize) -> i32 {
        self.array.element(i).into()
    }
}

/// `Somd.range(n)` when it is mapped over: never materialised.
pub struct Range(pub i32);

impl Elements<i32> for Range {
    fn count(&self, _pos: &'static SourcePos) -> usize {
        self.0.max(0) as usize
    }
    #[inline(always)]
    fn element(&self, i: usize) -> i32 {
        i as i32
    }
}

/// `Somd.range(n)` as a value.
pub fn range(n: i32) -> VArr<i32> {
    VArr::from_vec((0..n.max(0)).collect())
}

/// The common length of the mapped arguments of `@` (`IllegalArgumentException` otherwise).
pub fn map_len(lengths: &[usize], pos: &'static SourcePos) -> usize {
    let first = lengths.first().copied().unwrap_or(0);
    if let Some(other) = lengths.iter().find(|&&len| len != first) {
        error::throw_new(
            class::ILLEGAL_ARGUMENT,
            format!("mapped arguments of @ have different lengths: {first} and {other}"),
            pos,
        );
    }
    first
}

/// From this many applications on, `@` goes to the CPU pool at once; fewer start on the
/// calling thread and go to the pool only when they prove costly ([`fill_adaptive`]).
const PARALLEL_MAP_MIN: usize = 2048;

/// `@`: `f(i)` for `i in 0..n`, on the CPU pool when there is work enough for it; results
/// in order.
///
/// In parallel, the MIs take chunks of indices from a shared counter ([`fill_parallel`]) and
/// write each result straight into the result buffer. If applications throw, the exception of
/// the lowest failing index is re-raised, as in a sequential run. A map of fewer than
/// [`PARALLEL_MAP_MIN`] applications measures its first ones on the calling thread and hands
/// the rest to the pool when they would keep its threads busy ([`fill_adaptive`]): Mosaic's
/// 2,000 tiles of 2,000 candidates each ran on one thread.
///
/// An `@` inside an MI (an application of an outer `@`, or a SOMD method body) runs on its
/// own thread: the enclosing call already gives every worker work, and a nested parallel
/// `@` (Mosaic's candidates of each tile) only added a dispatch per application and more
/// threads than cores.
pub fn map<R: Send>(n: usize, f: impl Fn(usize) -> R + Sync) -> VArr<R> {
    let _applying = applying();
    map_by(n, f, |items, parts, f| fill_adaptive(items, parts, f))
}

/// The `n` applications of `f` as a value array: on the calling thread where [`map`] runs
/// there, else written by `fill(items, parts, f)`, which must write every element.
fn map_by<R: Send, F: Fn(usize) -> R + Sync>(
    n: usize,
    f: F,
    fill: impl FnOnce(&mut [MaybeUninit<R>], usize, &F),
) -> VArr<R> {
    let parts = exec::placement().cpu_mis();
    let here = n < 2 || parts <= 1 || on_calling_thread();
    if here && n < LONG_FOLD {
        // `Range::map` is trusted-length: one allocation, filled in place.
        return VArr::from_arc((0..n).map(f).collect());
    }
    let mut out: Arc<[MaybeUninit<R>]> = Arc::new_uninit_slice(n);
    let Some(items) = Arc::get_mut(&mut out) else {
        // A fresh `Arc` is unique; this branch is never taken.
        return VArr::from_vec((0..n).map(f).collect());
    };
    if here {
        fold_checked(0..n, (), |(), i| {
            items[i].write(f(i));
        });
    } else {
        fill(items, parts, &f);
    }
    // SAFETY: `fold_checked` or `fill` returned, so every element was written.
    VArr::from_arc(unsafe { out.assume_init() })
}

/// The objects a `@` maps, whose identities [`map_distinct`] compares.
pub trait Identities: Sync {
    /// The identity of element `i`'s object ([`Obj::identity`]: 0 for `null`).
    fn identity(&self, i: usize) -> usize;
}

impl<T: Send> Identities for Array<Obj<T>> {
    fn identity(&self, i: usize) -> usize {
        self.slots().get(i).map_or(0, |slot| slot.get_ref().identity())
    }
}

impl<T: Send + Sync> Identities for VArr<Obj<T>> {
    fn identity(&self, i: usize) -> usize {
        self.items().get(i).map_or(0, Obj::identity)
    }
}

/// [`map`] for a `@` whose applications write fields of the objects it maps through
/// `objects` (each an argument's array, indexed as the applications are) and nothing else
/// they share (`analysis::shared::map_distinct_elements`): applications on distinct
/// objects are independent, on one object twice they meet in Java's order. The
/// applications run in order on the calling thread, timed as a small [`map`]'s are
/// ([`Pace`]); once the rest would keep two threads or more busy, the map is judged once:
/// when each application costs well over what comparing its objects does
/// ([`DISTINCT_ITEM_NS`]) and no object of the rest comes twice, the rest goes to the pool,
/// else it runs on in order without the clock (a cheap target then costs what
/// `rt::somd::in_order` did). Those done already ran before all of the rest, as in Java's
/// order, so only the rest need be distinct. Results and exceptions are those of a
/// sequential run either way.
pub fn map_distinct<R: Send>(
    n: usize,
    objects: &[&dyn Identities],
    f: impl Fn(usize) -> R + Sync,
) -> VArr<R> {
    let _applying = applying();
    map_by(n, f, |items, parts, f| {
        let n = items.len();
        let mut pace = Pace::start();
        let mut done = 0;
        while done < n {
            items[done].write(f(done));
            done += 1;
            let Some(threads) = pace.threads_for_rest(done, n, parts) else { continue };
            if pace.item_ns(done) >= DISTINCT_ITEM_NS && distinct(objects, done..n) {
                fill_parallel(&mut items[done..], threads, |k| f(done + k));
                done = n;
            }
            // Judged once: the rest runs in order, without the clock.
            break;
        }
        for (i, item) in items.iter_mut().enumerate().skip(done) {
            item.write(f(i));
        }
    })
}

/// `op ! (C @ f(..))` with a built-in operator over a `@` that [`map_distinct`] would make:
/// [`map_reduce`]'s blocks and tree, so the same result. The applications run in order on
/// the calling thread, folded as they come, timed, until the rest is judged once as
/// [`map_distinct`] judges it: when the applications are costly and the rest's objects
/// distinct, the rest is applied on the pool and then folded in order (the folds are cheap
/// beside such applications), else it runs on in order. A cheap target so folds as the
/// fused `in_order` form did, without the mapped array.
pub fn map_reduce_distinct<Op: ReduceOp<T>, T: Copy + Send>(
    n: usize,
    objects: &[&dyn Identities],
    f: impl Fn(usize) -> T + Sync,
) -> T {
    let _applying = applying();
    let mut blocks = Blocks::<Op, T>::new(n);
    let mut done = 0;
    let parts = exec::placement().cpu_mis();
    if parts > 1 && !on_calling_thread() {
        let mut pace = Pace::start();
        while done < n {
            blocks.add(done, f(done));
            done += 1;
            let Some(threads) = pace.threads_for_rest(done, n, parts) else { continue };
            if pace.item_ns(done) >= DISTINCT_ITEM_NS && distinct(objects, done..n) {
                let mut rest: Vec<MaybeUninit<T>> = Vec::with_capacity(n - done);
                // SAFETY: `MaybeUninit` needs no initialisation; `fill_parallel` writes every
                // element before it is read (an exception leaks them as `MaybeUninit`s).
                unsafe { rest.set_len(n - done) };
                fill_parallel(&mut rest, threads, |k| f(done + k));
                for (k, v) in rest.into_iter().enumerate() {
                    // SAFETY: `fill_parallel` returned, so it wrote every element.
                    blocks.add(done + k, unsafe { v.assume_init() });
                }
                done = n;
            }
            // Judged once: the rest runs in order, without the clock.
            break;
        }
    }
    // In order: the current block element by element, then whole blocks as `map_reduce`
    // folds them.
    while done < n && done % REDUCE_BLOCK != 0 {
        blocks.add(done, f(done));
        done += 1;
    }
    while done < n {
        let end = (done + REDUCE_BLOCK).min(n);
        blocks.partials.push((done..end).fold(Op::identity(), |acc, i| Op::combine(acc, f(i))));
        done = end;
    }
    crate::reduce::tree::<Op, T>(&blocks.partials)
}

/// The partial results of [`REDUCE_BLOCK`]-element blocks, folded from the identity as the
/// elements come in order ([`block_partials`]' results, one element at a time).
struct Blocks<Op, T> {
    n: usize,
    acc: T,
    partials: Vec<T>,
    op: std::marker::PhantomData<Op>,
}

impl<Op: ReduceOp<T>, T: Copy> Blocks<Op, T> {
    fn new(n: usize) -> Self {
        let partials = Vec::with_capacity(n.div_ceil(REDUCE_BLOCK));
        Blocks { n, acc: Op::identity(), partials, op: std::marker::PhantomData }
    }

    /// Element `i` (the next in order) of value `v`.
    fn add(&mut self, i: usize, v: T) {
        self.acc = Op::combine(self.acc, v);
        if (i + 1) % REDUCE_BLOCK == 0 || i + 1 == self.n {
            self.partials.push(self.acc);
            self.acc = Op::identity();
        }
    }
}

/// The least time an application of [`map_distinct`] must take for the comparison of the
/// objects of the rest (collecting and sorting their identities, some tens of
/// nanoseconds each) to be worth its time.
const DISTINCT_ITEM_NS: u64 = 200;

/// Whether the objects at `range` of `objects` are pairwise distinct (`null`s aside).
fn distinct(objects: &[&dyn Identities], range: std::ops::Range<usize>) -> bool {
    let mut ids: Vec<usize> = Vec::with_capacity(range.len() * objects.len());
    for o in objects {
        ids.extend(range.clone().map(|i| o.identity(i)).filter(|id| *id != 0));
    }
    // Objects made one after the other often lie in increasing order: a sorted run is
    // one pass of the sort.
    ids.sort_unstable();
    ids.windows(2).all(|w| w[0] != w[1])
}

/// [`fill_parallel`] for [`PARALLEL_MAP_MIN`] items or more. Fewer items run in order on the
/// calling thread, timed ([`Pace`]): when the time they took predicts
/// [`WORK_PER_THREAD_NS`] of work for two threads or more in the items left, those go to
/// that many threads of the pool (at most `parts`). Cheap items (a small array's
/// `@ scale`) never pay a dispatch; a few expensive ones (Mosaic's tiles, each a pass over
/// the library) use every core. An item that throws on the calling thread is the lowest
/// failing one, so its exception is Java's, as [`fill_parallel`]'s is for the rest.
fn fill_adaptive<T: Send>(
    out: &mut [MaybeUninit<T>],
    parts: usize,
    item: impl Fn(usize) -> T + Sync,
) {
    let n = out.len();
    if n >= PARALLEL_MAP_MIN {
        return fill_parallel(out, parts, item);
    }
    let mut pace = Pace::start();
    for i in 0..n {
        out[i].write(item(i));
        if let Some(threads) = pace.threads_for_rest(i + 1, n, parts) {
            let done = i + 1;
            return fill_parallel(&mut out[done..], threads, |k| item(done + k));
        }
    }
}

/// The time a map's first items must take before [`Pace`] predicts the rest from them.
const PACE_SAMPLE_NS: u64 = 2_000;

/// Past this many items, [`Pace`] looks at the clock after every this many more.
const PACE_STRIDE: usize = 64;

/// The clock of a map's first items on the calling thread ([`fill_adaptive`]).
struct Pace {
    started: Instant,
    /// The number of items done at the next look at the clock.
    next_look: usize,
    /// The time the items took at the last look, in nanoseconds.
    spent: u64,
}

impl Pace {
    fn start() -> Pace {
        Pace { started: Instant::now(), next_look: 1, spent: 0 }
    }

    /// The mean time of the `done` items done at the last look that judged
    /// ([`Pace::threads_for_rest`]), in nanoseconds.
    fn item_ns(&self, done: usize) -> u64 {
        self.spent / done.max(1) as u64
    }

    /// With `done` of `n` items done: `Some(threads)` when the items left are worth
    /// `threads >= 2` threads of the pool (at most `parts`) at the pace so far. Looks at
    /// the clock after 1, 2, 4, .. 64 items, then after every [`PACE_STRIDE`] more, so cheap
    /// items cost a few dozen clock reads at most and costly ones that come late are still
    /// seen; judges only once the items done took [`PACE_SAMPLE_NS`]: the first item of a
    /// cheap map takes about as long as a clock read and its cold cache misses, which
    /// would predict many times the work there is.
    fn threads_for_rest(&mut self, done: usize, n: usize, parts: usize) -> Option<usize> {
        if done != self.next_look || done >= n {
            return None;
        }
        self.next_look = if done < PACE_STRIDE { done * 2 } else { done + PACE_STRIDE };
        let spent = u64::try_from(self.started.elapsed().as_nanos()).unwrap_or(u64::MAX);
        if spent < PACE_SAMPLE_NS {
            return None;
        }
        self.spent = spent;
        let left = u64::try_from(n - done).unwrap_or(u64::MAX);
        let rest = (spent / done as u64).saturating_mul(left);
        let threads = threads_for_work(rest, parts.min(n - done));
        (threads >= 2).then_some(threads)
    }
}

/// Writes `out[i] = item(i)` for every index of `out` on up to `parts` threads of the pool,
/// then returns; if items throw, re-raises the exception of the lowest failing index (items
/// before it are all computed, as in a sequential run) and leaks what was written.
///
/// The threads take chunks of indices from a shared counter, each chunk a `1 / (2 * parts)`
/// share of the indices not yet taken (guided self-scheduling). The first chunks are large,
/// so cheap items cost few atomic operations; the last ones are single indices, so when
/// items are expensive (an N-Body force: 4,096 interactions) no thread is left finishing a
/// large chunk while the others wait. Fixed chunks of an eighth of a thread's share cost
/// N-Body a quarter of its time at 16 threads: four chunks each, and one late start gave
/// some thread a fifth.
fn fill_parallel<T: Send>(
    out: &mut [MaybeUninit<T>],
    parts: usize,
    item: impl Fn(usize) -> T + Sync,
) {
    let n = out.len();
    let dst = SendPtr(out.as_mut_ptr());
    let next = AtomicUsize::new(0);
    // The lowest failing index (`usize::MAX` while none failed) and its exception.
    let lowest_failed = AtomicUsize::new(usize::MAX);
    let failed: Mutex<Option<(usize, Box<dyn Any + Send>)>> = Mutex::new(None);
    let take = || {
        // A thread leaves (an `MiAborted` unwind, which the fill raises) rather than take
        // work once the work around the fill has stopped: no chunk is started then.
        exec::block_check();
        let mut start = next.load(Ordering::Relaxed);
        loop {
            if start >= n || start > lowest_failed.load(Ordering::Relaxed) {
                return None;
            }
            let end = start + guided_chunk(n - start, parts);
            match next.compare_exchange_weak(start, end, Ordering::Relaxed, Ordering::Relaxed) {
                Ok(_) => return Some(start..end),
                Err(now) => start = now,
            }
        }
    };
    run_call_optional(parts, |_| {
        while let Some(chunk) = take() {
            let mut i = chunk.start;
            // Items of the chunk stop in loops over their data once an item before it failed
            // (or where the work around the fill leaves: its watches are the outer ones).
            let watch = exec::Watch::Items { lowest_failed: &lowest_failed, start: chunk.start };
            let outcome = exec::watching(watch, || {
                catch_unwind(AssertUnwindSafe(|| {
                    let mut clock = Instant::now();
                    let mut block = FILL_FIRST_BLOCK;
                    while i < chunk.end {
                        let from = i;
                        let block_end = chunk.end.min(i + block);
                        while i < block_end {
                            // SAFETY: `i < n`; each index is in exactly one chunk, so one
                            // thread.
                            unsafe { dst.get().add(i).write(MaybeUninit::new(item(i))) };
                            i += 1;
                        }
                        if i < chunk.end {
                            if block < FILL_MAX_BLOCK {
                                let now = Instant::now();
                                block = fill_block(now - clock, i - from);
                                clock = now;
                            }
                            exec::block_check();
                        }
                    }
                }))
            });
            if let Err(payload) = outcome {
                let mut failed = failed.lock().unwrap_or_else(|e| e.into_inner());
                if failed.as_ref().is_none_or(|f| i < f.0) {
                    *failed = Some((i, payload));
                    lowest_failed.store(i, Ordering::Relaxed);
                }
            }
        }
    });
    if let Some((_, payload)) = failed.into_inner().unwrap_or_else(|e| e.into_inner()) {
        // The written results leak (a `MaybeUninit` buffer drops nothing): only on exceptions.
        resume_unwind(payload);
    }
}

/// The items of a [`fill_parallel`] chunk before its first [`exec::block_check`]; the time
/// each block takes sets how many items the next one runs ([`fill_block`]), until blocks
/// reach [`FILL_MAX_BLOCK`] items, after which the chunk reads no clock.
///
/// A chunk is up to a quarter of a thread's share of the items, and items check only in
/// their loops: items without one (straight-line code, or loops over their data, trusted to
/// end) went on to the chunk's end after an earlier item failed or the work around the
/// fill stopped (1,024 items of a millisecond each, a second's work Java never does). A
/// check every 64 items took a `@` of one multiplication over 4,000,000 `int`s from 36 to
/// 43 ms on two threads (`bench/gpu/programs/s106fill.somd`): the blocks' own loops and
/// the checks; every 1,024 items costs nothing measurable there. Each block is timed, not
/// only the first: the first items of a fresh array's default fill (`collect_copy`) met its
/// pages' first faults, a huge page's clearing among them, and a block size set from them
/// alone checked every few elements: 24 million checks in Crypt's 20,000,000-byte arrays
/// (8% of its time on two threads).
const FILL_FIRST_BLOCK: usize = 16;

/// The most items of a [`fill_parallel`] block: cheap items check once in every
/// microsecond's work or so.
const FILL_MAX_BLOCK: usize = 1024;

/// The time a block of a [`fill_parallel`] chunk should take between two checks.
const FILL_BLOCK_NS: u64 = 50_000;

/// The items of the next block of a chunk whose last block ran `done` items in `spent`:
/// about [`FILL_BLOCK_NS`] of them, from one (items of 50 µs or more check after each) to
/// [`FILL_MAX_BLOCK`].
fn fill_block(spent: Duration, done: usize) -> usize {
    let item_ns = u64::try_from(spent.as_nanos()).unwrap_or(u64::MAX) / done.max(1) as u64;
    let block = FILL_BLOCK_NS / item_ns.max(1);
    usize::try_from(block).unwrap_or(usize::MAX).clamp(1, FILL_MAX_BLOCK)
}

/// The size of the next chunk of [`fill_parallel`] when `left` indices are not taken yet.
fn guided_chunk(left: usize, parts: usize) -> usize {
    (left / (2 * parts)).max(1).min(left)
}

/// Elements per block of a built-in `!`: each block is folded in order from the identity,
/// and the blocks' partial results are combined as a tree ([`crate::reduce::tree`]).
const REDUCE_BLOCK: usize = 1024;

/// The partial results of the blocks of `0..n` ([`REDUCE_BLOCK`]), `fold(range)` each. Large
/// reductions outside an MI spread the blocks over the pool; the partials, and so the
/// result, are the same either way. When folds throw, the exception of the lowest failing
/// block is re-raised (a block folds its elements in order, so that is the lowest failing
/// element, as in a sequential run).
fn block_partials<T: Send>(n: usize, fold: impl Fn(std::ops::Range<usize>) -> T + Sync) -> Vec<T> {
    let blocks = n.div_ceil(REDUCE_BLOCK);
    let range = |b: usize| b * REDUCE_BLOCK..(b * REDUCE_BLOCK + REDUCE_BLOCK).min(n);
    let parts = exec::placement().cpu_mis();
    if n < PARALLEL_REDUCE_MIN || parts <= 1 || on_calling_thread() {
        let partials = (0..blocks)
            .map(|b| {
                if b > 0 {
                    exec::block_check();
                }
                fold(range(b))
            })
            .collect();
        mis_ended();
        return partials;
    }
    let mut out: Vec<MaybeUninit<T>> = Vec::with_capacity(blocks);
    // SAFETY: `MaybeUninit` needs no initialisation; every element is written below before
    // the vector is read as `T`s (or, on an exception, leaked as `MaybeUninit`s).
    unsafe { out.set_len(blocks) };
    fill_parallel(&mut out, parts, |b| fold(range(b)));
    // SAFETY: `fill_parallel` returned, so it wrote every partial;
    // `MaybeUninit<T>` has the layout of `T`.
    let mut out = std::mem::ManuallyDrop::new(out);
    unsafe { Vec::from_raw_parts(out.as_mut_ptr() as *mut T, out.len(), out.capacity()) }
}

/// Below this many elements, a built-in `!` runs on the calling thread.
const PARALLEL_REDUCE_MIN: usize = 1 << 16;

/// From this many applications on, a `@` running on the calling thread asks
/// [`exec::block_check`] between its blocks, as generated loops of as many iterations
/// do (`walk::LONG_TRIPS` in the compiler): in an MI Java never reaches, because an earlier
/// one failed, a `Somd.range(n)` may have any length its data give it.
const LONG_FOLD: usize = 1 << 16;

/// `range.fold(init, step)` in blocks of [`REDUCE_BLOCK`], asking [`exec::block_check`]
/// between blocks: the running MI leaves there once a failure that comes first in Java's
/// order is recorded (the `@` and folds of the calling thread, which run as long as their
/// range says).
fn fold_checked<T>(
    range: std::ops::Range<usize>,
    init: T,
    mut step: impl FnMut(T, usize) -> T,
) -> T {
    let mut acc = init;
    let mut lo = range.start;
    while lo < range.end {
        let hi = lo.saturating_add(REDUCE_BLOCK).min(range.end);
        acc = (lo..hi).fold(acc, &mut step);
        lo = hi;
        if lo < range.end {
            exec::block_check();
        }
    }
    acc
}

/// `op ! a` with a built-in operator: blocked partial results combined as a tree.
pub fn reduce_array<Op: ReduceOp<T>, T: Copy + Send, A: Elements<T>>(
    array: &A,
    pos: &'static SourcePos,
) -> T {
    let n = array.count(pos);
    let partials = block_partials(n, |range| {
        range.fold(Op::identity(), |acc, i| Op::combine(acc, array.element(i)))
    });
    crate::reduce::tree::<Op, T>(&partials)
}

/// `op ! (C @ f(..))` with a built-in operator, without the mapped array: `f(i)` is the
/// mapped array's element `i` (`n` of them, `n` from [`map_len`]), combined exactly as
/// [`reduce_array`] combines an array's elements. `f` is a `static local` method, so
/// applying it block by block instead of all before the reduction changes nothing but
/// the memory: the exception of the lowest failing application is raised, as `@` raises it.
pub fn map_reduce<Op: ReduceOp<T>, T: Copy + Send>(n: usize, f: impl Fn(usize) -> T + Sync) -> T {
    let _applying = applying();
    let partials =
        block_partials(n, |range| range.fold(Op::identity(), |acc, i| Op::combine(acc, f(i))));
    crate::reduce::tree::<Op, T>(&partials)
}

/// `C.m ! a`: `IllegalArgumentException` for an empty array. The order of combination is
/// unspecified (LANGUAGE.md §3.5); this is the left fold of the Java twins, read in place: a
/// tree over a copied vector of the elements (as before) cost Mosaic a seventh of its time.
pub fn reduce_array_with<T, A: Elements<T>>(
    array: &A,
    combine: impl Fn(T, T) -> T,
    pos: &'static SourcePos,
) -> T {
    let _applying = applying();
    let n = array.count(pos);
    if n == 0 {
        error::throw_new(
            class::ILLEGAL_ARGUMENT,
            "reduction of an empty array with a method".to_string(),
            pos,
        );
    }
    fold_checked(1..n, array.element(0), |acc, i| combine(acc, array.element(i)))
}

/// `C.m ! (C @ f(..))` where the compiler folds the `@` into the reduction
/// (`folded_maps` in the code generator: `m` cannot throw or loop): `f(0)`, then
/// `combine(acc, f(i))` for each next `i`, the left fold of [`reduce_array_with`] over the
/// mapped array without storing it, where the applications run on this thread anyway (in
/// an MI, or with one CPU thread). Elsewhere the `@` is mapped by [`map`], which spreads
/// it over the pool when it is large or its applications prove costly, and then reduced,
/// as without the fold: `combine` cannot throw, so the exception raised is still the lowest
/// failing application's.
pub fn map_fold<T: Clone + Send + Sync>(
    n: usize,
    f: impl Fn(usize) -> T + Sync,
    combine: impl Fn(T, T) -> T,
    pos: &'static SourcePos,
) -> T {
    let _applying = applying();
    let on_this_thread = exec::placement().cpu_mis() <= 1 || on_calling_thread();
    if n == 0 || !on_this_thread {
        return reduce_array_with(&map(n, f), combine, pos);
    }
    fold_checked(1..n, f(0), |acc, i| combine(acc, f(i)))
}

type Item = Box<dyn Any + Send>;

/// A batch of a device filter, run as its graph's [`BatchMode`] says: the results in order,
/// or `None` for the CPU path (the batch then holds host items).
type RunBatch = Box<dyn FnMut(&mut Vec<Item>, &BatchMode) -> Option<Vec<Item>> + Send>;

/// How a device filter runs its batches in one graph run.
struct BatchMode {
    /// Its results stay on the device for the next device filter.
    keep: bool,
    /// The graph's adaptive site placed its device filters on the CPU for this run.
    cpu: bool,
    /// Set when a batch ran on the device (the graph's site measures its device side).
    ran: Option<Arc<std::sync::atomic::AtomicBool>>,
}

enum Stage {
    Source(Box<dyn FnMut() -> Item + Send>),
    Filter(Box<dyn FnMut(Item) -> Item + Send>),
    /// An isolated filter whose batches may run on a device (`worker`: the CPU path).
    DeviceFilter {
        desc: &'static crate::device::KernelDesc,
        /// The `task` expression's position.
        at: &'static SourcePos,
        /// The device representations of the worker's parameter (`None`: rows of a value
        /// array) and result.
        items: (Option<crate::device::Elem>, crate::device::Elem),
        worker: Box<dyn FnMut(Item) -> Item + Send>,
        device: RunBatch,
    },
    Sink(Box<dyn FnMut(Item) + Send>),
}

#[derive(Default)]
struct TaskState {
    stages: Vec<Stage>,
    /// Per stage, what of its worker another task may observe ([`Task::with_effects`]).
    effects: Vec<Effects>,
    graph: Option<crate::task::Graph>,
    /// The graph's run as an adaptive site, measured until `finish()` returns.
    adapt: Option<crate::opencl::adapt::GraphRun>,
    /// Connected into a larger graph by `=>`, which took the stages: the task runs, once,
    /// as part of that graph.
    connected: bool,
    /// Started: the stages are the running (or finished) graph's.
    started: bool,
}

/// `Task`: a task or a connected graph (nullable, shared). Items travel boxed between
/// stages, which lets `=>` join tasks whose types are only known to the compiler.
#[derive(Clone, Default)]
pub struct Task(Option<Arc<Mutex<TaskState>>>);

/// A task prints as an object does, `Task@` and a hash of its identity (or `null`).
impl crate::value::JavaDisplay for Task {
    fn push_java(&self, out: &mut String) {
        let address = self.0.as_ref().map_or(0, |a| Arc::as_ptr(a) as usize);
        crate::value::push_ref(out, self.0.is_none(), "Task", address);
    }
    fn is_java_null(&self) -> bool {
        self.0.is_none()
    }
}

fn unbox<T: 'static>(item: Item) -> T {
    let item = match item.downcast::<T>() {
        Ok(value) => return *value,
        Err(item) => item,
    };
    // `=>` accepts a task whose input type is a widening of the upstream output type
    // (`int` items into a `long` parameter): apply Java's widening primitive conversion.
    match widen::<T>(&item).and_then(|wide| wide.downcast::<T>().ok()) {
        Some(value) => *value,
        None => error::throw(error::JavaException::unplaced(
            "java.lang.ClassCastException",
            "task item of an unexpected type",
        )),
    }
}

/// Java's widening of a boxed primitive to `T`, as a boxed `T`.
fn widen<T: 'static>(item: &Item) -> Option<Item> {
    use std::any::TypeId;
    let integral = if let Some(v) = item.downcast_ref::<i8>() {
        Some(i64::from(*v))
    } else if let Some(v) = item.downcast_ref::<i16>() {
        Some(i64::from(*v))
    } else if let Some(v) = item.downcast_ref::<u16>() {
        Some(i64::from(*v))
    } else if let Some(v) = item.downcast_ref::<i32>() {
        Some(i64::from(*v))
    } else {
        item.downcast_ref::<i64>().copied()
    };
    let target = TypeId::of::<T>();
    match integral {
        Some(v) if target == TypeId::of::<f64>() => Some(Box::new(v as f64)),
        Some(v) if target == TypeId::of::<f32>() => Some(Box::new(v as f32)),
        Some(v) if target == TypeId::of::<i64>() => Some(Box::new(v)),
        Some(v) if target == TypeId::of::<i32>() => Some(Box::new(v as i32)),
        Some(v) if target == TypeId::of::<i16>() => Some(Box::new(v as i16)),
        Some(_) => None,
        None => {
            let v = item.downcast_ref::<f32>()?;
            (target == TypeId::of::<f64>()).then(|| Box::new(f64::from(*v)) as Item)
        }
    }
}

impl Task {
    pub const NULL: Task = Task(None);

    fn of(stage: Stage) -> Task {
        let state =
            TaskState { stages: vec![stage], effects: vec![Effects::NONE], ..TaskState::default() };
        Task(Some(Arc::new(Mutex::new(state))))
    }

    /// The task (made by [`Task::source`], [`Task::filter`], .. just before) whose worker
    /// has effects another task of its graph may observe, as the compiler found them: it
    /// prints, reads the static fields `reads` and writes `writes` (by the compiler's
    /// numbering; [`HEAP`] for objects and arrays other tasks may reach). A graph in which
    /// two tasks print, or one writes a static field (or the heap) another uses, runs in
    /// Java's order ([`in_order_graph`]).
    pub fn with_effects(self, prints: bool, reads: &'static [u32], writes: &'static [u32]) -> Task {
        if let Some(state) = &self.0 {
            let mut state = state.lock().unwrap_or_else(|e| e.into_inner());
            for e in state.effects.iter_mut() {
                *e = Effects { prints, reads, writes };
            }
        }
        self
    }

    /// A source task (worker without parameters).
    pub fn source<T: Send + 'static>(mut worker: impl FnMut() -> T + Send + 'static) -> Task {
        Task::of(Stage::Source(Box::new(move || Box::new(worker()) as Item)))
    }

    /// A filter task.
    pub fn filter<T: 'static, U: Send + 'static>(
        mut worker: impl FnMut(T) -> U + Send + 'static,
    ) -> Task {
        Task::of(Stage::Filter(Box::new(move |item| Box::new(worker(unbox::<T>(item))) as Item)))
    }

    /// An isolated filter task (LANGUAGE.md §3.1) whose kernel is `desc`: batches (the items
    /// that arrived while the last one ran, [`crate::task::Pipe::filter_batched`]) run on
    /// the device where the worker is placed there, item by item through `worker` otherwise.
    /// Between two consecutive device filters on one device the results stay there: they
    /// travel down the edge as one [`crate::device::DeviceBatch`] item.
    ///
    /// A Java exception raised by a device batch (a failure the kernel recorded) runs the
    /// batch again on the CPU: the worker is isolated, so running it again changes nothing
    /// but the order of events, and the CPU sends the results of the items before the
    /// failing one and raises its exception as a CPU task would.
    ///
    /// `at` is the `task` expression's position: the trace names the task's CPU runs by it
    /// ([`FilterClock`]).
    pub fn filter_device<T, U>(
        desc: &'static crate::device::KernelDesc,
        at: &'static SourcePos,
        worker: impl FnMut(T) -> U + Send + 'static,
    ) -> Task
    where
        T: crate::device::DevElem,
        U: crate::device::DevElem,
    {
        device_filter(desc, at, (Some(T::ELEM), U::ELEM), run_device_batch::<T, U>, worker)
    }

    /// [`Task::filter_device`] for a worker whose items are value arrays (`T[[]]`, LANGUAGE.md
    /// §3.3): a batch whose items all have one length crosses as the rows of a 2-D value
    /// array, one work-item per row; a batch of items of different lengths runs the
    /// kernel's ragged variant (the items packed, with their offsets:
    /// [`crate::device::KernelDesc::ragged`]), or on the CPU without one (`T[[N]]` items
    /// always have one length) or with a `null` item. Rows never arrive from a device
    /// filter before it (no filter kernel returns an array), so its input edge is never
    /// kept on the device.
    pub fn filter_device_rows<E, U>(
        desc: &'static crate::device::KernelDesc,
        at: &'static SourcePos,
        worker: impl FnMut(VArr<E>) -> U + Send + 'static,
    ) -> Task
    where
        E: crate::device::DevElem,
        U: crate::device::DevElem,
    {
        device_filter(desc, at, (None, U::ELEM), run_row_batch::<E, U>, worker)
    }

    /// A sink task.
    pub fn sink<T: 'static>(mut worker: impl FnMut(T) + Send + 'static) -> Task {
        Task::of(Stage::Sink(Box::new(move |item| worker(unbox::<T>(item)))))
    }

    fn state(&self, pos: &'static SourcePos) -> std::sync::MutexGuard<'_, TaskState> {
        match &self.0 {
            Some(state) => state.lock().unwrap_or_else(|e| e.into_inner()),
            None => error::null_pointer("", pos),
        }
    }

    /// `a => b`: a graph with the stages of `a` then those of `b` (both are consumed: a
    /// task joins one graph, once; `IllegalStateException` for a task connected or started
    /// before, `a => a` included).
    pub fn connect(a: &Task, b: &Task, pos: &'static SourcePos) -> Task {
        let (mut stages, mut effects) = a.take_stages(pos);
        let (mut more, mut more_effects) = b.take_stages(pos);
        stages.append(&mut more);
        effects.append(&mut more_effects);
        Task(Some(Arc::new(Mutex::new(TaskState { stages, effects, ..TaskState::default() }))))
    }

    /// The stages of a task that `=>` connects, which it may do once, with their effects.
    fn take_stages(&self, pos: &'static SourcePos) -> (Vec<Stage>, Vec<Effects>) {
        let mut state = self.state(pos);
        if state.connected || state.started {
            let was = if state.started { "started" } else { "connected into a graph" };
            error::illegal_state(format!("a task {was} cannot be connected again"), pos);
        }
        state.connected = true;
        (std::mem::take(&mut state.stages), std::mem::take(&mut state.effects))
    }

    /// `t.start()`: no effect on a graph started before (finished or not).
    pub fn start(&self, pos: &'static SourcePos) {
        let mut state = self.state(pos);
        if state.connected {
            error::illegal_state(
                "a task connected into a graph runs as part of that graph".to_string(),
                pos,
            );
        }
        if !state.started {
            state.started = true;
            let stages = std::mem::take(&mut state.stages);
            let effects = std::mem::take(&mut state.effects);
            // `seq` is the reference semantics; tasks observing each other's effects would
            // show the pipeline's interleaving.
            let seq = exec::placement().device == exec::Device::Seq;
            if seq || Effects::interact(&effects) {
                for stage in &stages {
                    if let Stage::DeviceFilter { desc, at, .. } = stage {
                        crate::opencl::policy::trace_in_order_filter(desc.label, at, seq);
                    }
                }
                state.graph = Some(in_order_graph(stages, pos));
            } else {
                let (graph, adapt) = build_graph(stages, pos);
                state.graph = Some(graph);
                state.adapt = adapt;
            }
        }
        if let Some(graph) = state.graph.as_mut() {
            graph.start();
        }
    }

    /// `t.finish()`: starts if needed and waits; re-raises a task's exception.
    pub fn finish(&self, pos: &'static SourcePos) {
        self.start(pos);
        let (graph, adapt) = {
            let mut state = self.state(pos);
            (state.graph.take(), state.adapt.take())
        };
        if let Some(mut graph) = graph {
            graph.finish();
        }
        // Dropped unrecorded when `finish()` throws.
        if let Some(adapt) = adapt {
            adapt.finished();
        }
    }

    pub fn ref_eq(&self, other: &Task) -> bool {
        match (&self.0, &other.0) {
            (None, None) => true,
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }

    pub fn is_null(&self) -> bool {
        self.0.is_none()
    }
}

/// An isolated filter task (see [`Task::filter_device`]) whose device batches `run` takes:
/// `items` are the device representations of its parameter (`None`: rows, which never stay
/// on the device between tasks) and result.
fn device_filter<T: 'static, U: Send + 'static>(
    desc: &'static crate::device::KernelDesc,
    at: &'static SourcePos,
    items: (Option<crate::device::Elem>, crate::device::Elem),
    run: impl Fn(&'static crate::device::KernelDesc, &[Item], bool) -> Option<Vec<Item>>
        + Send
        + 'static,
    mut worker: impl FnMut(T) -> U + Send + 'static,
) -> Task {
    // Placed once per task: on the CPU, batches go straight to `worker`.
    let mut placed = None;
    let device = move |batch: &mut Vec<Item>, mode: &BatchMode| {
        if !mode.cpu && *placed.get_or_insert_with(|| crate::device::placed_on_device_at(desc, at))
        {
            let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                // Each batch's placement is traced at the filter's `task` expression.
                let _site = crate::opencl::adapt::TracedSite::open(desc.label, at);
                run(desc, batch, mode.keep)
            }));
            match ran {
                Ok(Some(results)) => {
                    if let Some(flag) = &mode.ran {
                        flag.store(true, std::sync::atomic::Ordering::Relaxed);
                    }
                    return Some(results);
                }
                Ok(None) => {}
                Err(payload) if payload.is::<error::JavaException>() => {}
                Err(payload) => std::panic::resume_unwind(payload),
            }
        }
        // The CPU path: batches another device task left on the device come down.
        if batch.iter().any(|item| item.is::<crate::device::DeviceBatch>()) {
            let items = std::mem::take(batch);
            for item in items {
                match item.downcast::<crate::device::DeviceBatch>() {
                    Ok(on_device) => batch.extend(on_device.to_items()),
                    Err(item) => batch.push(item),
                }
            }
        }
        None
    };
    let mut clock = FilterClock::new(desc.label, at);
    Task::of(Stage::DeviceFilter {
        desc,
        at,
        items,
        worker: Box::new(move |item| {
            let started = clock.start();
            let result = worker(unbox::<T>(item));
            clock.stop(started);
            Box::new(result) as Item
        }),
        device: Box::new(device),
    })
}

/// The CPU runs of a device filter's worker in one graph run, for the trace: when the task
/// ends (its worker is dropped with the graph), the items it ran on the CPU report their
/// time in all as one CPU run of the filter at its `task` expression ([`report_cpu`]; the
/// device's batches have their `call` events). Nothing is measured unless `SOMD_TRACE` is
/// set, nothing reports when no item ran on the CPU or an exception ends the task.
struct FilterClock {
    label: &'static str,
    at: &'static SourcePos,
    traced: bool,
    busy: Duration,
    items: u64,
}

impl FilterClock {
    fn new(label: &'static str, at: &'static SourcePos) -> FilterClock {
        let traced = exec::placement().trace != exec::Trace::Off;
        FilterClock { label, at, traced, busy: Duration::ZERO, items: 0 }
    }

    fn start(&self) -> Option<Instant> {
        self.traced.then(Instant::now)
    }

    fn stop(&mut self, started: Option<Instant>) {
        if let Some(started) = started {
            self.busy += started.elapsed();
            self.items += 1;
        }
    }
}

impl Drop for FilterClock {
    fn drop(&mut self) {
        if self.items > 0 && !std::thread::panicking() {
            report_cpu(Construct::Filter, self.label, self.at, 1, self.busy, Duration::ZERO);
        }
    }
}

/// Appends what one device call of a filter produced to `results`: its items, or the one
/// item that keeps them on the device.
fn push_filter_out<U: crate::device::DevElem>(
    results: &mut Vec<Item>,
    out: crate::device::FilterOut<U>,
) {
    match out {
        crate::device::FilterOut::Host(values) => {
            results.extend(values.items().iter().map(|v| Box::new(v.clone()) as Item))
        }
        crate::device::FilterOut::Device(on_device) => results.push(Box::new(on_device)),
    }
}

/// A batch of [`Task::filter_device_rows`]: the items as the rows of one 2-D value array,
/// or packed for the ragged variant ([`crate::device::run_filter_rows`]).
fn run_row_batch<E, U>(
    desc: &'static crate::device::KernelDesc,
    batch: &[Item],
    keep: bool,
) -> Option<Vec<Item>>
where
    E: crate::device::DevElem,
    U: crate::device::DevElem,
{
    let rows: Vec<VArr<E>> =
        batch.iter().map(|item| item.downcast_ref::<VArr<E>>().cloned()).collect::<Option<_>>()?;
    let mut results = Vec::with_capacity(rows.len());
    push_filter_out(&mut results, crate::device::run_filter_rows::<E, U>(desc, &rows, keep)?);
    Some(results)
}

/// Runs a batch of a device filter: runs of host items as one kernel launch each, batches
/// left on the device by the previous task without moving them; `None` (nothing sent yet)
/// runs the whole batch on the CPU.
fn run_device_batch<T, U>(
    desc: &'static crate::device::KernelDesc,
    batch: &[Item],
    keep: bool,
) -> Option<Vec<Item>>
where
    T: crate::device::DevElem,
    U: crate::device::DevElem,
{
    use crate::device::DeviceBatch;
    let mut results: Vec<Item> = Vec::new();
    let mut push = |out| push_filter_out::<U>(&mut results, out);
    let mut start = 0;
    while start < batch.len() {
        if batch[start].is::<DeviceBatch>() {
            // Consecutive batches left on the device run as one.
            let run: Vec<&DeviceBatch> = batch[start..]
                .iter()
                .map_while(|item| item.downcast_ref::<DeviceBatch>())
                .collect();
            let joined = (run.len() > 1).then(|| DeviceBatch::joined(&run)).flatten();
            match &joined {
                Some(all) => push(crate::device::run_filter_chained::<T, U>(desc, all, keep)?),
                None => {
                    for on_device in &run {
                        push(crate::device::run_filter_chained::<T, U>(desc, on_device, keep)?);
                    }
                }
            }
            start += run.len();
            continue;
        }
        let end = batch[start..]
            .iter()
            .position(|item| item.is::<DeviceBatch>())
            .map_or(batch.len(), |k| start + k);
        // Items of another type (an `int` into a `long` worker) are widened as `unbox` does.
        let values: Vec<T> = batch[start..end]
            .iter()
            .map(|item| {
                item.downcast_ref::<T>().cloned().or_else(|| {
                    widen::<T>(item).and_then(|wide| wide.downcast::<T>().ok()).map(|v| *v)
                })
            })
            .collect::<Option<_>>()?;
        push(crate::device::run_filter::<T, U>(desc, &values, keep)?);
        start = end;
    }
    Some(results)
}

/// The location that stands, in [`Task::with_effects`]' lists, for every field of an object,
/// element of an array and `Random` that more than one task may reach (the compiler's
/// `TaskEffects`): two tasks touching it, one of them writing, run in Java's order.
pub const HEAP: u32 = u32::MAX;

/// The graph of `stages`, and its run as an adaptive site when it has device filters
/// (`opencl/adapt.rs`, "Task graphs").
/// What a task's worker does that another task of its graph may observe
/// ([`Task::with_effects`]).
#[derive(Clone, Copy, Debug)]
struct Effects {
    prints: bool,
    reads: &'static [u32],
    writes: &'static [u32],
}

impl Effects {
    const NONE: Effects = Effects { prints: false, reads: &[], writes: &[] };

    /// Whether two of the tasks print, or one writes a static field another reads or writes:
    /// their pipeline would order those effects differently from Java.
    fn interact(tasks: &[Effects]) -> bool {
        if tasks.iter().filter(|t| t.prints).count() >= 2 {
            return true;
        }
        tasks.iter().enumerate().any(|(i, a)| {
            tasks.iter().enumerate().any(|(j, b)| {
                i != j && a.writes.iter().any(|s| b.reads.contains(s) || b.writes.contains(s))
            })
        })
    }
}

/// A graph that runs in Java's order, all its tasks on one thread: the source makes an
/// item, each task after it takes the item in turn, then the source makes the next (the
/// sequential reading of a graph, LANGUAGE.md §3.1). Used under `SOMD_DEVICE=seq` and for a
/// graph whose tasks observe each other's effects ([`Effects::interact`]: two print, or
/// one writes a static field another uses), whose pipeline would interleave them; a device
/// filter runs its CPU worker. An `Underflow` from the source ends the graph, from a later
/// task too (as that task's end, after which the tasks before it would stop at their next
/// item); any other exception ends it and is raised by `finish()`, Java's first failure.
fn in_order_graph(stages: Vec<Stage>, pos: &'static SourcePos) -> crate::task::Graph {
    let mut stages = stages.into_iter();
    let mut source = match stages.next() {
        Some(Stage::Source(worker)) => worker,
        _ => error::illegal_state("a task graph must start with a source task".to_string(), pos),
    };
    let mut rest: Vec<Box<dyn FnMut(Item) -> Option<Item> + Send>> = Vec::new();
    for stage in stages {
        rest.push(match stage {
            Stage::Filter(mut worker) | Stage::DeviceFilter { mut worker, .. } => {
                Box::new(move |item| Some(worker(item)))
            }
            Stage::Sink(mut worker) => Box::new(move |item| {
                worker(item);
                None
            }),
            Stage::Source(_) => {
                error::illegal_state("a source task can only start a task graph".to_string(), pos)
            }
        });
    }
    let body = move || loop {
        let mut item = match std::panic::catch_unwind(std::panic::AssertUnwindSafe(&mut source)) {
            Ok(item) => Some(item),
            Err(payload) if payload.is::<crate::task::Underflow>() => return,
            Err(payload) => std::panic::resume_unwind(payload),
        };
        for stage in rest.iter_mut() {
            let Some(x) = item.take() else { break };
            match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| stage(x))) {
                Ok(out) => item = out,
                Err(payload) if payload.is::<crate::task::Underflow>() => return,
                Err(payload) => std::panic::resume_unwind(payload),
            }
        }
    };
    crate::task::Graph::in_order(Box::new(body))
}

fn build_graph(
    stages: Vec<Stage>,
    pos: &'static SourcePos,
) -> (crate::task::Graph, Option<crate::opencl::adapt::GraphRun>) {
    let members: Vec<(&'static str, &'static SourcePos)> = stages
        .iter()
        .filter_map(|stage| match stage {
            Stage::DeviceFilter { desc, at, .. } => Some((desc.label, *at)),
            _ => None,
        })
        .collect();
    let adapt = crate::opencl::adapt::graph_run(&members, pos);
    let cpu = adapt.as_ref().is_some_and(|run| run.on_cpu());
    let ran = adapt.as_ref().map(|run| run.ran_flag());
    // A device filter followed by another on the same device keeps its results there; the
    // next one widens them there when its worker takes a wider type (an `int` result into
    // a `long` worker, `device::widen`).
    let keeps: Vec<bool> = stages
        .iter()
        .zip(stages.iter().skip(1))
        .map(|pair| match pair {
            _ if cpu => false,
            (
                Stage::DeviceFilter { desc: a, items: (_, out), .. },
                Stage::DeviceFilter { desc: b, items: (input, _), .. },
            ) => {
                let fits = match input {
                    Some(input) => input == out || crate::device::widen::widens(*out, *input),
                    None => false,
                };
                fits && crate::device::same_device(a, b)
            }
            _ => false,
        })
        .collect();
    let mut keeps = keeps.into_iter();
    let mut stages = stages.into_iter();
    let mut pipe = match stages.next() {
        Some(Stage::Source(worker)) => crate::task::source(worker),
        _ => error::illegal_state("a task graph must start with a source task".to_string(), pos),
    };
    keeps.next(); // the source's: it is never a device filter
    for stage in stages.by_ref() {
        match stage {
            Stage::Filter(worker) => {
                keeps.next();
                pipe = pipe.filter(worker);
            }
            // A filter the CPU runs takes its items one by one: batches would only add the
            // gatherer's hand-over (`Pipe::filter_batched`).
            Stage::DeviceFilter { desc, worker, at, .. }
                if cpu || !crate::device::placed_on_device_at(desc, at) =>
            {
                keeps.next();
                pipe = pipe.filter(worker);
            }
            Stage::DeviceFilter { worker, mut device, .. } => {
                let mode = BatchMode { keep: keeps.next().unwrap_or(false), cpu, ran: ran.clone() };
                pipe = pipe.filter_batched(move |batch| device(batch, &mode), worker);
            }
            Stage::Sink(worker) => return (pipe.sink(worker), adapt),
            Stage::Source(_) => {
                error::illegal_state("a source task can only start a task graph".to_string(), pos)
            }
        }
    }
    (pipe.discard(), adapt)
}

/// Keeps `Slot` in this module's vocabulary for generated statics of task type.
pub type TaskSlot = Slot<Task>;

#[cfg(test)]
#[allow(clippy::unwrap_used)] // Tests may fail loudly.
mod tests {
    use super::*;
    use crate::reduce::Add;
    use crate::value::{DeepCopy, Freeze, Thaw};

    static POS: SourcePos = SourcePos::new("t.somd", 1, 1);

    #[test]
    fn block_partitions_are_windows() {
        let a = Array::from_vec((0..10).collect::<Vec<i32>>());
        let dist = Dist1::new(&a, false, &POS, |shape| Layout::block(shape, 3));
        let (p1, geo) = dist.part(1);
        assert_eq!(p1.to_vec(), vec![4, 5, 6]);
        assert_eq!(geo.offset(1), 4);
        assert_eq!(geo.global_length(1, 3), 10);
        let partials = run_call(3, |r| {
            let (part, _) = dist.part(r);
            let sum = part.to_vec().iter().sum::<i32>();
            all_reduce::<Add, i32>(sum)
        });
        assert_eq!(partials, vec![45, 45, 45]);
    }

    #[test]
    fn loop_chunks_cover_every_index_in_order() {
        for (len, n_mis) in [(0, 1), (10, 1), (10, 3), (100_000, 16), (7, 7)] {
            let chunks: Vec<_> = (0..n_mis).map(|mi| loop_chunk(len, n_mis, mi)).collect();
            assert_eq!(chunks[0].0, i32::MIN);
            assert_eq!(chunks[n_mis - 1].1, i32::MAX);
            for pair in chunks.windows(2) {
                assert_eq!(pair[0].1, pair[1].0, "{len} in {n_mis}: {chunks:?}");
                assert!(pair[0].0 < pair[0].1, "{len} in {n_mis}: {chunks:?}");
            }
        }
        assert_eq!(loop_chunk(10, 3, 1), (3, 6));
        assert_eq!(loop_mis(0, 1), 1);
        // A step that may pass the top from inside the array: one MI; others as many as a
        // step of 1.
        let many = loop_mis(100_000, 1);
        assert_eq!(loop_mis(100_000, i32::MAX - 99_999), 1);
        for step in [2, i32::MAX - 100_000, -1, -i32::MAX] {
            assert_eq!(loop_mis(100_000, step), many, "step {step}");
        }
        // Down: the top first, inclusive.
        let down: Vec<_> = (0..3).map(|mi| loop_chunk_down(10, 3, mi)).collect();
        assert_eq!(down, [(6, i32::MAX), (3, 5), (i32::MIN, 2)]);
        assert_eq!(loop_chunk_down(0, 1, 0), (i32::MIN, i32::MAX));
    }

    /// The MIs of a loop `for (i = start; i < hi; i += step)` (down: `i >= lo; i -= step`),
    /// each from [`loop_first`] to its chunk's end, run Java's indices in Java's order.
    #[test]
    fn chunks_of_stepped_loops_run_java_s_indices() {
        for (len, n_mis) in [(10, 3), (1000, 7), (4097, 16), (5, 8)] {
            for step in [1, 2, 3, 7, 64, 5000] {
                for start in [-9, 0, 1, 2, 5] {
                    let hi = len as i32 + 3;
                    let java_up: Vec<i32> = (start..hi).step_by(step as usize).collect();
                    let up: Vec<i32> = (0..n_mis)
                        .flat_map(|mi| {
                            let chunk = loop_chunk(len, n_mis, mi);
                            let first = loop_first(start, chunk, step);
                            (first..hi.min(chunk.1)).step_by(step as usize)
                        })
                        .collect();
                    assert_eq!(up, java_up, "up {start} by {step}, {len} in {n_mis}");
                    let top = len as i32 - 1 - start;
                    let java_down: Vec<i32> = (-3..=top).rev().step_by(step as usize).collect();
                    let down: Vec<i32> = (0..n_mis)
                        .flat_map(|mi| {
                            let chunk = loop_chunk_down(len, n_mis, mi);
                            let first = loop_first(top, chunk, -step);
                            (chunk.0.max(-3)..=first).rev().step_by(step as usize)
                        })
                        .collect();
                    assert_eq!(down, java_down, "down {top} by {step}, {len} in {n_mis}");
                }
            }
        }
        assert_eq!(loop_first(0, (i32::MAX - 2, i32::MAX), 4), i32::MAX);
    }

    /// Whether `part` is a window onto `source`'s storage starting at element `start`.
    fn window_at<T>(part: &VArr<T>, source: &VArr<T>, start: usize) -> bool {
        let same_storage = match (part.downgrade(), source.downgrade()) {
            (Some(p), Some(s)) => std::sync::Weak::ptr_eq(&p, &s),
            _ => false,
        };
        same_storage && std::ptr::eq(part.items().as_ptr(), source.items()[start..].as_ptr())
    }

    #[test]
    fn value_array_partitions_are_windows_of_the_source() {
        let a = VArr::from_vec((0..10).collect::<Vec<i32>>());
        let dist = DistV1::new(&a, &POS, |shape| Layout::block(shape, 3));
        let (p1, geo) = dist.part(1);
        assert_eq!(p1.items(), [4, 5, 6]);
        assert_eq!((geo.offset(1), geo.global_length(1, 3)), (4, 10));
        // No copy: the partition reads the source's storage from element 4.
        assert!(window_at(&p1, &a, 4));
        // A partition is a value array of its own: its length, indices from 0, Java's
        // bounds check against its length, equality by elements.
        assert_eq!((p1.length(&POS), *p1.at(0, &POS), p1.get(2, &POS)), (3, 4, 6));
        let out = error::catch(|| p1.get(3, &POS)).unwrap_err();
        assert_eq!(
            out.headline(),
            "java.lang.ArrayIndexOutOfBoundsException: Index 3 out of bounds for length 3"
        );
        assert!(p1 == VArr::from_vec(vec![4, 5, 6]) && p1 != a && p1 != dist.part(0).0);
        assert!(p1.covers(0, 3, 0, 0) && !p1.covers(0, 4, 0, 0) && !p1.covers(1, 3, -2, 0));
        // SAFETY: index 2 is inside the window of length 3, whose storage `a` keeps.
        assert_eq!(unsafe { p1.unchecked().get_unchecked(2) }, 6);
        assert_eq!(p1.thaw().to_vec(), vec![4, 5, 6]);
        // Halos included, still without a copy (view 4..10 of MI 1).
        let halos = DistV1::new(&a, &POS, |shape| Layout::block(shape, 2).with_view([(1, 1)]));
        let (h1, _) = halos.part(1);
        assert_eq!(h1.items(), [4, 5, 6, 7, 8, 9]);
        assert!(window_at(&h1, &a, 4) && window_at(&halos.part(0).0, &a, 0));
        // A view of the whole array is the array itself.
        let whole = DistV1::new(&a, &POS, |shape| Layout::block(shape, 1));
        let (w, _) = whole.part(0);
        assert!(window_at(&w, &a, 0) && w.items().len() == 10 && w == a);
        // A window keeps the storage alive after the source and the partitioning are gone.
        drop((a, dist, halos, whole, w, h1));
        assert_eq!(p1.items(), [4, 5, 6]);
        assert!(p1.downgrade().is_some_and(|weak| weak.strong_count() == 1));
        // Empty partitions (more MIs than elements) are empty windows.
        let short = VArr::from_vec(vec![1i32, 2]);
        let many = DistV1::new(&short, &POS, |shape| Layout::block(shape, 4));
        let lens: Vec<usize> = (0..4).map(|r| many.part(r).0.items().len()).collect();
        assert_eq!((lens.iter().sum::<usize>(), many.part(3).0.is_null()), (2, false));
    }

    #[test]
    fn value_matrix_partitions_hold_their_views() {
        // A 4x6 matrix, element (i, j) = 10 i + j.
        let row = |i: i32, cols: i32| VArr::from_vec((0..cols).map(|j| 10 * i + j).collect());
        let m: VArr<VArr<i32>> = VArr::from_vec((0..4).map(|i| row(i, 6)).collect());
        let items = |p: &VArr<VArr<i32>>| -> Vec<Vec<i32>> {
            p.items().iter().map(|r| r.items().to_vec()).collect()
        };
        // (block, block) over a 2x2 grid: MI 3 holds rows 2..4, columns 3..6.
        let blocks = DistV2::new(&m, false, &POS, |shape| Layout::block(shape, 4));
        assert_eq!(blocks.layout.grid(), [2, 2]);
        let (p3, geo) = blocks.part(3);
        assert_eq!(items(&p3), [[23, 24, 25], [33, 34, 35]]);
        // Each row of a tile is a window onto the source's row: no element is copied.
        assert!(window_at(&p3.items()[0], &m.items()[2], 3));
        assert!(window_at(&p3.items()[1], &m.items()[3], 3));
        assert_eq!((geo.offset(1), geo.offset(2)), (2, 3));
        assert_eq!((geo.global_length(1, 2), geo.global_length(2, 3)), (4, 6));
        // `view = <1,1>, <1,1>`: MI 0 also sees row 2 and column 3 (its cross-shaped halo is
        // held in the rectangle of its view).
        let halos = DistV2::new(&m, false, &POS, |shape| {
            Layout::block(shape, 4).with_view([(1, 1), (1, 1)])
        });
        let (p0, _) = halos.part(0);
        assert_eq!(items(&p0), [[0, 1, 2, 3], [10, 11, 12, 13], [20, 21, 22, 23]]);
        // `dim = 2`: every row, columns split.
        let cols = DistV2::new(&m, false, &POS, |shape| Layout::along(shape, 3, 1));
        let (c1, _) = cols.part(1);
        assert_eq!(items(&c1), [[2, 3], [12, 13], [22, 23], [32, 33]]);
        assert!((0..4).all(|r| window_at(&c1.items()[r], &m.items()[r], 2)));
        assert!(c1.items()[3] == VArr::from_vec(vec![32, 33]));
        // `dim = 1` keeps whole rows: a window of the source's array of rows (its rows are
        // the source's own), or the source itself when one MI sees every row.
        let rows = DistV2::new(&m, true, &POS, |shape| Layout::along(shape, 2, 0));
        let (p1, _) = rows.part(1);
        assert_eq!(items(&p1), [[20, 21, 22, 23, 24, 25], [30, 31, 32, 33, 34, 35]]);
        assert!(window_at(&p1, &m, 2) && window_at(&p1.items()[0], &m.items()[2], 0));
        assert_eq!((p1.length(&POS), p1.at(1, &POS).length(&POS)), (2, 6));
        let whole = DistV2::new(&m, false, &POS, |shape| Layout::block(shape, 1));
        let (p, _) = whole.part(0);
        assert!(window_at(&p, &m, 0) && p.items().len() == 4 && p == m);
        // Ragged: split along dimension 1 it partitions; split in both it throws as `Dist2`.
        let ragged: VArr<VArr<i32>> = VArr::from_vec(vec![row(0, 3), row(1, 2), row(2, 3)]);
        let by_rows = DistV2::new(&ragged, true, &POS, |shape| Layout::along(shape, 3, 0));
        assert_eq!(items(&by_rows.part(1).0), [[10, 11]]);
        let thrown = error::catch(|| {
            DistV2::new(&ragged, false, &POS, |shape| Layout::block(shape, 2)).layout.parts()
        })
        .unwrap_err();
        assert_eq!(thrown.class, class::ILLEGAL_ARGUMENT);
        assert_eq!(thrown.detail, "dist array is not rectangular: row 1 has length 2, row 0 has 3");
        let null = error::catch(|| {
            DistV2::<i32>::new(&VArr::default(), false, &POS, |shape| Layout::block(shape, 2))
                .layout
                .parts()
        })
        .unwrap_err();
        assert_eq!(null.class, class::NULL_POINTER);
    }

    /// MI `r` of a 3-way block split of 10 elements: `new_output` of `len`, filled with
    /// `r * 100 + i`.
    fn output_partial(out: &Output1<i32>, r: usize, len: i32) -> Array<i32> {
        let _entered = out.enter(r);
        let a = new_output::<i32>(len, &POS);
        for i in 0..len {
            a.set(i, r as i32 * 100 + i, &POS);
        }
        a
    }

    fn expected_output() -> Vec<i32> {
        vec![0, 1, 2, 3, 100, 101, 102, 200, 201, 202]
    }

    #[test]
    fn output_windows_are_the_result_without_a_copy() {
        let layout = Layout::block([10], 3);
        let out = Output1::<i32>::new(&layout);
        let addresses = Mutex::new(Vec::new());
        let partials = run_call(3, |r| {
            let len = layout.part(r).owned[0].len() as i32;
            let a = output_partial(&out, r, len);
            // A second `new` in the same MI is a fresh array.
            let b = new_output::<i32>(len, &POS);
            assert!(!b.ref_eq(&a) && b.to_vec().iter().all(|&x| x == 0));
            addresses.lock().unwrap().push((r, a.slots().as_ptr() as usize));
            a
        });
        let result = out.assemble(&layout, partials);
        assert_eq!(result.to_vec(), expected_output());
        assert!(result.is_unique());
        let first = addresses.lock().unwrap().iter().find(|(r, _)| *r == 0).map(|(_, a)| *a);
        assert_eq!(first, Some(result.slots().as_ptr() as usize), "MI 0's window is the result");
    }

    #[test]
    fn output_kept_elsewhere_or_of_another_length_is_copied() {
        let layout = Layout::block([10], 3);
        // MI 1 keeps another handle to its window: the result must not share it.
        let out = Output1::<i32>::new(&layout);
        let kept = Mutex::new(None);
        let partials = run_call(3, |r| {
            let a = output_partial(&out, r, layout.part(r).owned[0].len() as i32);
            if r == 1 {
                *kept.lock().unwrap() = Some(a.clone());
            }
            a
        });
        let result = out.assemble(&layout, partials);
        assert_eq!(result.to_vec(), expected_output());
        let kept = kept.into_inner().unwrap().unwrap();
        kept.set(0, -1, &POS);
        assert_eq!(result.get(4, &POS), 100, "the kept window is not the result");

        // MI 2 allocates one element more than its window: a fresh array, assembled.
        let out = Output1::<i32>::new(&layout);
        let partials = run_call(3, |r| {
            let len = layout.part(r).owned[0].len() as i32;
            output_partial(&out, r, if r == 2 { len + 1 } else { len })
        });
        let mut expected = expected_output();
        expected.push(203);
        assert_eq!(out.assemble(&layout, partials).to_vec(), expected);

        // Outside an entered output, and with a halo layout, `new_output` is `new`.
        assert_eq!(new_output::<i32>(3, &POS).to_vec(), vec![0, 0, 0]);
        let halo = Layout::block([10], 2).with_view([(1, 1)]);
        let out = Output1::<i32>::new(&halo);
        let _entered = out.enter(0);
        let a = new_output::<i32>(5, &POS);
        assert!(a.is_unique());
    }

    #[test]
    fn views_see_neighbour_writes_after_sync() {
        let a = Array::from_vec(vec![0i32; 8]);
        let dist = Dist1::new(&a, true, &POS, |shape| Layout::block(shape, 2).with_view([(1, 1)]));
        let seen = run_call(2, |r| {
            let (part, geo) = dist.part(r);
            let owned = dist.layout.part(r).owned_local(0);
            for i in owned {
                part.set(i as i32, geo.offset(1) + i as i32, &POS);
            }
            sync();
            part.to_vec()
        });
        assert_eq!(seen, vec![vec![0, 1, 2, 3, 4], vec![3, 4, 5, 6, 7]]);
        assert_eq!(a.to_vec(), vec![0; 8], "the caller's array is untouched");
        let assembled = assemble_1d(&dist.layout, seen.into_iter().map(Array::from_vec).collect());
        assert_eq!(assembled.to_vec(), (0..8).collect::<Vec<i32>>());
    }

    #[test]
    fn two_dimensional_tiles() {
        let m = Array::from_fn(4, |r| Array::from_fn(4, |c| (r * 4 + c) as i32));
        let dist = Dist2::new(&m, false, false, &POS, |shape| Layout::block(shape, 4));
        let (tile, geo) = dist.part(3);
        assert_eq!(
            tile.to_vec().iter().map(Array::to_vec).collect::<Vec<_>>(),
            vec![vec![10, 11], vec![14, 15]]
        );
        assert_eq!((geo.offset(1), geo.offset(2)), (2, 2));
        let tiles = (0..4).map(|r| dist.part(r).0).collect();
        let whole = assemble_2d(&dist.layout, tiles, &POS);
        assert_eq!(whole.at(3, &POS).to_vec(), vec![12, 13, 14, 15]);
    }

    #[test]
    fn reuse_keeps_only_unshared_buffers_and_rows_assemble_without_copies() {
        let m = Array::from_fn(4, |r| Array::from_vec(vec![r as i32; 3]));
        let held = m.at(1, &POS).clone();
        let split = |shape| Layout::along(shape, 2, 0);
        let dist = Dist2::new(&m, Scratch::Reuse, true, &POS, split);
        let partials = run_call(2, |r| {
            let (tile, _) = dist.part(r);
            for row in tile.slots() {
                row.get_ref().set(0, 9, &POS);
            }
            tile
        });
        let whole = assemble_2d(&dist.layout, partials, &POS);
        // Rows 0, 2 and 3 had no other handle: written in place and assembled as they are.
        for r in [0, 2, 3] {
            assert!(whole.at(r, &POS).ref_eq(m.at(r, &POS)));
        }
        // Row 1 is also held by `held`, which must not see the write.
        assert!(!whole.at(1, &POS).ref_eq(&held));
        assert_eq!((held.to_vec(), whole.at(1, &POS).to_vec()), (vec![1; 3], vec![9, 1, 1]));
        // A shared matrix is copied whole.
        let other = m.clone();
        let copied = Dist2::new(&m, Scratch::Reuse, true, &POS, split);
        let (tile, _) = copied.part(0);
        assert!(!tile.at(0, &POS).ref_eq(other.at(0, &POS)));
        assert_eq!(Scratch::written(0b10, 1), Scratch::Reuse);
        assert_eq!(Scratch::written(0b10, 0), Scratch::Copy);
    }

    #[test]
    fn private_row_partials_assemble_to_the_source_itself() {
        let m = Array::from_fn(6, |r| Array::from_vec(vec![r as i32; 3]));
        let split = |shape| Layout::along(shape, 3, 0);
        let written = |dist: &Dist2<i32>| {
            run_call(3, |r| {
                let (tile, _) = dist.part(r);
                for row in tile.slots() {
                    row.get_ref().set(0, 9, &POS);
                }
                tile
            })
        };
        // A copy made for the call: its array of rows is the result, no other is built.
        let copy = Dist2::new(&m, Scratch::Copy, true, &POS, split);
        let whole = copy.assemble(written(&copy), &POS);
        assert!(whole.is_window_of(&copy.source, 0, 6));
        assert_eq!(whole.at(4, &POS).to_vec(), vec![9, 4, 4]);
        assert_eq!(m.at(4, &POS).to_vec(), vec![4; 3]);
        // The caller's own array (a body that does not write it): a fresh array of the
        // same rows, so that the result is not the argument.
        let shared = Dist2::new(&m, false, true, &POS, split);
        let partials = run_call(3, |r| shared.part(r).0);
        let whole = shared.assemble(partials, &POS);
        assert!(!whole.is_window_of(&m, 0, 6));
        assert!(whole.at(2, &POS).ref_eq(m.at(2, &POS)));
        // An MI that keeps its window elsewhere: the result is a fresh array too, so that a
        // write to the kept window's rows array does not reach the result.
        let kept = Mutex::new(Vec::new());
        let copy = Dist2::new(&m, Scratch::Copy, true, &POS, split);
        let partials = run_call(3, |r| {
            let (tile, _) = copy.part(r);
            if r == 1 {
                kept.lock().unwrap().push(tile.clone());
            }
            tile
        });
        let whole = copy.assemble(partials, &POS);
        assert!(!whole.is_window_of(&copy.source, 0, 6));
        kept.lock().unwrap()[0].set(0, Array::from_vec(vec![7]), &POS);
        assert_eq!(whole.at(2, &POS).to_vec(), vec![2; 3]);
        // Partials in another order than the partition's: the general assembly.
        let copy = Dist2::new(&m, Scratch::Copy, true, &POS, split);
        let mut partials = run_call(3, |r| copy.part(r).0);
        partials.swap(0, 2);
        let whole = copy.assemble(partials, &POS);
        assert_eq!(whole.at(0, &POS).to_vec(), vec![4; 3]);
    }

    #[test]
    fn large_copies_on_the_pool_keep_every_element() {
        let n: i32 = 200_003;
        let a = Array::from_vec((0..n).collect::<Vec<i32>>());
        let frozen = a.freeze();
        assert!(frozen.items().iter().enumerate().all(|(i, &x)| x == i as i32));
        let thawed = frozen.thaw();
        assert!(!thawed.ref_eq(&a));
        assert_eq!(thawed.to_vec(), a.to_vec());
        // Rows of 1,000: 300 rows are worth spreading although they are few.
        let m = Array::from_fn(300, |r| Array::from_fn(1000, |c| (r * 1000 + c) as i64));
        let copy = m.deep_copy();
        for r in [0, 149, 299] {
            assert!(!copy.at(r, &POS).ref_eq(m.at(r, &POS)));
            assert_eq!(copy.at(r, &POS).to_vec(), m.at(r, &POS).to_vec());
        }
        copy.at(5, &POS).set(0, -1, &POS);
        assert_eq!(m.at(5, &POS).get(0, &POS), 5000);
        // The pool path itself, whatever the placement of the machine running the test.
        for parts in [2, 3, 8] {
            let copied = collect_copy_in(parts, n as usize, 1, |i| i as i64 * 3);
            assert_eq!(copied.len(), n as usize);
            assert!(copied.iter().enumerate().all(|(i, &x)| x == i as i64 * 3), "{parts} parts");
        }
    }

    #[test]
    fn map_and_reduce() {
        let squares = map(5000, |i| (i * i) as i64);
        assert_eq!(squares.items()[4999], 4999 * 4999);
        assert_eq!(reduce_array::<Add, i64, _>(&squares, &POS), (0..5000i64).map(|i| i * i).sum());
        let r = error::catch(|| reduce_array_with(&Range(0), |a, b| a + b, &POS)).unwrap_err();
        assert_eq!(r.class, class::ILLEGAL_ARGUMENT);
        assert_eq!(reduce_array_with(&Range(5), |a, b| a.max(b), &POS), 4);
    }

    #[test]
    fn map_reduce_combines_exactly_as_reduce_array_over_the_map() {
        // Floating-point sums depend on the grouping: equal bits mean the same blocks and
        // tree, whether the blocks ran on the pool (large n) or on this thread.
        let f = |i: usize| 1.0 / (1.0 + i as f64) + (i % 7) as f64 * 1e-9;
        for n in [0usize, 1, 1023, 1025, 70_001, 200_003] {
            let mapped = map(n, f);
            let expected = reduce_array::<Add, f64, _>(&mapped, &POS);
            assert_eq!(map_reduce::<Add, f64>(n, f).to_bits(), expected.to_bits(), "n = {n}");
        }
        let n = 200_003;
        for failing in [[9_000usize, 150_000], [150_000, 9_000], [0, n - 1]] {
            let lowest = failing[0].min(failing[1]);
            let e = error::catch(|| {
                map_reduce::<Add, i64>(n, |i| {
                    if failing.contains(&i) {
                        error::throw_new(class::ILLEGAL_ARGUMENT, format!("at {i}"), &POS);
                    }
                    i as i64
                })
            })
            .unwrap_err();
            assert_eq!(e.detail, format!("at {lowest}"));
        }
    }

    #[test]
    fn balanced_calls_follow_the_work_of_the_previous_call_at_their_site() {
        assert_eq!(threads_for_work(0, 16), 1);
        assert_eq!(threads_for_work(WORK_PER_THREAD_NS * 4 + 1, 16), 4);
        assert_eq!(threads_for_work(u64::MAX, 16), 16);
        assert_eq!(threads_for_work(u64::MAX, 0), 1);
        // Whatever the schedule, the results and the first failure stay the same.
        let site = "Test.balancedSite";
        for round in 0..4u64 {
            let results = run_call_balanced_traced(site, &POS, 40, |r| {
                if round % 2 == 1 {
                    std::thread::sleep(Duration::from_micros(200));
                }
                r * 2
            });
            assert_eq!(results, (0..40).map(|r| r * 2).collect::<Vec<_>>());
            assert!(last_work(site.as_ptr() as usize).is_some());
            if round % 2 == 1 {
                // 40 MIs of at least 200 us: work for every thread of the next call.
                assert_eq!(threads_for_site(Some(site.as_ptr() as usize), 16), 16);
            }
        }
        let e = error::catch(|| {
            run_call_balanced_traced(site, &POS, 40, |r| {
                if r == 7 || r == 30 {
                    error::throw_new(class::ILLEGAL_ARGUMENT, format!("at {r}"), &POS);
                }
                r
            })
            .len()
        })
        .unwrap_err();
        assert_eq!(e.detail, "at 7");
    }

    #[test]
    fn balanced_calls_keep_partition_order_and_the_first_failure() {
        let results = run_call_balanced(37, |r| r * 3);
        assert_eq!(results, (0..37).map(|r| r * 3).collect::<Vec<_>>());
        for failing in [[5usize, 30], [30, 5]] {
            let e = error::catch(|| {
                run_call_balanced(37, |r| {
                    if failing.contains(&r) {
                        error::throw_new(class::ILLEGAL_ARGUMENT, format!("at {r}"), &POS);
                    }
                    r
                })
                .len()
            })
            .unwrap_err();
            assert_eq!(e.detail, "at 5");
        }
    }

    /// The balanced MI count for any pool size, whatever the machine running the test:
    /// one MI per thread where the units allow, then one per 16 units, up to the split per
    /// thread, never more than the units.
    #[test]
    fn balanced_calls_split_by_threads_and_units() {
        for threads in [2, 3, 8, 16] {
            assert_eq!(balanced_mis(threads, 32, 0), 0);
            assert_eq!(balanced_mis(threads, 32, 1), 1);
            assert_eq!(balanced_mis(threads, 32, 3), 3.min(threads));
            assert_eq!(balanced_mis(threads, 32, threads * 16), threads);
            assert_eq!(balanced_mis(threads, 32, threads * 16 * 4), threads * 4);
            assert_eq!(balanced_mis(threads, 32, usize::MAX), threads * 32);
            assert_eq!(balanced_mis(threads, 4, usize::MAX), threads * 4);
        }
        for units in [0, 1, 5, 1000, usize::MAX] {
            assert_eq!(balanced_mis(1, 32, units), units.min(1));
        }
        assert_eq!(mi_count_balanced(0), 0);
    }

    #[test]
    fn a_grid_of_cells_never_gives_an_mi_no_rows() {
        for row_blocks in [false, true] {
            for rows in 1..14 {
                for cols in [0, 1, 2, 3, 7, 30, 1000] {
                    for parts in [1, 2, 3, 8, 16, 37, 64, 512] {
                        let p = fitted_cells(parts, &[(rows, cols)], row_blocks);
                        let grid = crate::partition::cpu_grid(&[rows, cols], p, row_blocks);
                        let fits = grid[0] <= rows && grid[1] <= cols.max(1);
                        assert!(fits, "{p} of {parts} over {rows} x {cols}: {grid:?}");
                        assert_eq!(grid[0] * grid[1], p);
                        assert!((1..=parts).contains(&p));
                    }
                }
            }
            // 37 MIs (prime) over 20 x 30: a 1 x 37 grid does not fit either, 36 = 6 x 6 does.
            assert_eq!(fitted_cells(37, &[(20, 30)], row_blocks), 36);
            // One row keeps every MI, as columns.
            assert_eq!(fitted_cells(64, &[(1, 1000)], row_blocks), 64);
            assert_eq!(crate::partition::cpu_grid(&[1, 1000], 64, row_blocks), vec![1, 64]);
            assert_eq!(fitted_cells(64, &[(3, 1000)], row_blocks), 64);
            assert_eq!(fitted_cells(16, &[(64, 64)], row_blocks), 16);
            // Every matrix of the call must fit: 8 MIs fit 20 x 30, not 3 x 2.
            assert_eq!(fitted_cells(8, &[(20, 30), (3, 2)], row_blocks), 6);
            // A count that fits a matrix need not fit it once lowered: 8 MIs fit 4 x 4 as
            // [4, 2], 7 do not (6 do, [3, 2]); 7 x 1 takes 7 but not 8, so the fit over
            // both shapes is 6.
            assert_eq!(fitted_cells(7, &[(4, 4)], row_blocks), 6);
            assert_eq!(fitted_cells(8, &[(4, 4), (7, 1)], row_blocks), 6);
            // The predicate agrees with the grid the layouts take.
            for rows in 0..12 {
                for cols in 0..12 {
                    for p in 1..40 {
                        let fits = crate::partition::fits_2d(rows, cols, p, row_blocks);
                        let grid = crate::partition::fitting_grid(&[rows, cols], p, row_blocks);
                        assert_eq!(fits, grid.is_some(), "{p} over {rows} x {cols}");
                    }
                }
            }
        }
        assert_eq!(fit_cells_to(0, &[(3, 2)]), 0, "no MI stays none");
        assert_eq!(cap_mis(8, 3), 3);
        assert_eq!(cap_mis(8, 0), 1);
        assert_eq!(cap_mis(2, 100), 2);
    }

    #[test]
    fn method_reduction_is_the_left_fold() {
        for n in 1..10 {
            let items = Array::from_fn(n, |i| Str::new(&i.to_string()));
            let text = |s: Str| s.text(&POS).to_string();
            let folded = reduce_array_with(
                &items,
                |a: Str, b: Str| Str::new(&format!("({} {})", text(a), text(b))),
                &POS,
            );
            let expected = (1..n).fold("0".to_string(), |acc, i| format!("({acc} {i})"));
            assert_eq!(text(folded), expected, "n = {n}");
        }
    }

    #[test]
    fn nested_map_runs_on_the_calling_mi() {
        // Every application of an inner `@` runs on the thread of its outer application.
        let outer = map(4096, |i| {
            let me = std::thread::current().id();
            let inner = map(4096, |j| (j as i64 * 2, std::thread::current().id() == me));
            let (value, here) = inner.items()[i];
            assert!(inner.items().iter().all(|(_, here)| *here));
            value + i64::from(here)
        });
        assert_eq!(outer.items().to_vec(), (0..4096i64).map(|i| 2 * i + 1).collect::<Vec<_>>());
    }

    #[test]
    fn distinct_objects_map_side_by_side_and_repeated_ones_in_order() {
        if exec::placement().cpu_mis() < 2 {
            eprintln!("SKIPPED: one CPU thread, no pool to map on");
            return;
        }
        // Applications of about 20 µs each: worth the pool, and worth comparing objects.
        let slow = |i: usize| {
            let until = Instant::now() + Duration::from_micros(20);
            while Instant::now() < until {
                std::hint::spin_loop();
            }
            i
        };
        let n = 400;
        let me = std::thread::current().id();
        let run = |objects: &Array<Obj<Slot<i64>>>| {
            let log: Mutex<Vec<usize>> = Mutex::new(Vec::new());
            let out = map_distinct(n, &[objects], |i| {
                let object = objects.slots()[i].get_ref().get(&POS);
                *object.get_mut() = object.get_ref().wrapping_mul(31) + slow(i) as i64;
                log.lock().unwrap().push(i);
                std::thread::current().id() == me
            });
            (out.items().iter().filter(|here| !**here).count(), log.into_inner().unwrap())
        };
        // Distinct objects: the rest runs on the pool, each object written once.
        let distinct = Array::from_fn(n, |_| Obj::new(Slot::new(0i64)));
        let (elsewhere, _) = run(&distinct);
        assert!(elsewhere > 0, "no application left the calling thread");
        let values: Vec<i64> =
            distinct.slots().iter().map(|o| *o.get_ref().get(&POS).get_ref()).collect();
        assert_eq!(values, (0..n as i64).collect::<Vec<_>>());
        // Three objects, each many times: every application on the calling thread, in order.
        let few: Vec<Obj<Slot<i64>>> = (0..3).map(|_| Obj::new(Slot::new(0i64))).collect();
        let repeated = Array::from_fn(n, |i| few[i % 3].clone());
        let (elsewhere, log) = run(&repeated);
        assert_eq!(elsewhere, 0);
        assert_eq!(log, (0..n).collect::<Vec<_>>());
        let first = (0..n as i64).step_by(3).fold(0i64, |h, i| h.wrapping_mul(31) + i);
        assert_eq!(*few[0].get(&POS).get_ref(), first);
    }

    #[test]
    fn guided_chunks_tile_the_range_shrinking_to_single_indices() {
        for (n, parts) in [(1usize, 2usize), (4096, 16), (4096, 2), (100_003, 3), (7, 8)] {
            let mut sizes = Vec::new();
            let mut start = 0;
            while start < n {
                let size = guided_chunk(n - start, parts);
                assert!(size >= 1 && start + size <= n);
                sizes.push(size);
                start += size;
            }
            assert_eq!(sizes.iter().sum::<usize>(), n);
            assert!(sizes.windows(2).all(|w| w[1] <= w[0]), "{sizes:?}");
            assert_eq!(sizes.last(), Some(&1));
            // Geometric shrinking: about 2 * parts chunks per factor e, plus the single ones.
            let bound = 2 * parts * ((n as f64).ln().ceil() as usize + 1);
            assert!(sizes.len() <= bound, "{n} {parts}: {} chunks", sizes.len());
        }
    }

    #[test]
    fn map_writes_every_index_and_throws_the_lowest_failure() {
        let n = 100_003;
        let strings = map(n, |i| i.to_string());
        assert!(strings.items().iter().enumerate().all(|(i, s)| *s == i.to_string()));
        for failing in [[9_000usize, 70_000], [70_000, 9_000], [0, n - 1]] {
            let lowest = failing[0].min(failing[1]);
            let e = error::catch(|| {
                map(n, |i| {
                    if failing.contains(&i) {
                        error::throw_new(class::ILLEGAL_ARGUMENT, format!("at {i}"), &POS);
                    }
                    i
                })
                .items()
                .len()
            })
            .unwrap_err();
            assert_eq!(e.detail, format!("at {lowest}"));
        }
    }

    #[test]
    fn large_assembly_keeps_partition_order() {
        let n = 300_001;
        let a = Array::from_vec((0..n).collect::<Vec<i32>>());
        let dist = Dist1::new(&a, false, &POS, |shape| Layout::block(shape, 5));
        let partials = run_call(5, |r| {
            let (part, _) = dist.part(r);
            Array::from_vec(part.to_vec())
        });
        assert_eq!(assemble_1d(&dist.layout, partials).to_vec(), a.to_vec());
        let words = (0..3).map(|r| Array::from_fn(30_000, |i| Str::new(&format!("{r}:{i}"))));
        let joined = concat(words.collect());
        assert_eq!(joined.len(), 90_000);
        assert_eq!(joined.at(30_001, &POS).text(&POS), "1:1");
    }

    #[test]
    fn tasks_pass_items_in_order() {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let sink_seen = seen.clone();
        let mut next = 0;
        let source = Task::source(move || {
            next += 1;
            if next > 5 {
                crate::task::underflow();
            }
            next
        });
        let graph = Task::connect(
            &Task::connect(&source, &Task::filter(|x: i32| x * 10), &POS),
            &Task::sink(move |x: i32| sink_seen.lock().unwrap().push(x)),
            &POS,
        );
        graph.finish(&POS);
        assert_eq!(*seen.lock().unwrap(), vec![10, 20, 30, 40, 50]);
    }

    #[test]
    fn task_edges_widen_primitives() {
        let mut next = 0;
        let source = Task::source(move || {
            next += 1;
            if next > 2 {
                crate::task::underflow();
            }
            next
        });
        let total = Arc::new(Mutex::new(0i64));
        let sink_total = total.clone();
        let graph = Task::connect(
            &source,
            &Task::sink(move |x: i64| *sink_total.lock().unwrap() += x << 40),
            &POS,
        );
        graph.finish(&POS);
        assert_eq!(*total.lock().unwrap(), 3 << 40);
    }
}
