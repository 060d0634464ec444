//! The CPU executor: runs the method instances (MIs) of a SOMD call, and the placement
//! configuration read from the environment (LANGUAGE.md §4.1).
//!
//! # Placement
//! [`placement()`] parses the environment once per process ([`Placement::from_env`]):
//! `SOMD_DEVICE` (`seq`, `cpu`, `opencl`, `opencl:TEXT`; unset or empty = `auto`),
//! `SOMD_THREADS` (CPU pool size; default: `std::thread::available_parallelism`),
//! `SOMD_STRICT=1`, `SOMD_TRACE` (`1` = text, `json`), `SOMD_CONFIG` (placement file path),
//! `SOMD_ADAPT` (`off`: `auto` never adapts, `crate::opencl::adapt`) and `SOMD_AUTO_ANY=1`
//! (for tests: `auto` takes any OpenCL device, not only a GPU).
//! An unparseable value produces one warning line on standard error and the default.
//! [`Placement::cpu_mis`] is the number of MIs a CPU SOMD call should use: 1 for `seq`, the
//! pool size otherwise.
//!
//! # Running a call
//! ```text
//! let partials: Vec<f64> = exec::pool().run_mis(n_mis, |mi| body(mi.index(), ...));
//! ```
//! [`Pool::run_mis`] runs the closure once per MI and returns the results in partition order.
//! MI 0 runs on the calling thread; MIs `1..n` run on pool workers. With `n == 1` (always the
//! case under `SOMD_DEVICE=seq`) the closure runs directly on the calling thread: no
//! synchronisation at all.
//!
//! ## Exceptions
//! Every MI runs under `catch_unwind`. When MIs fail, the call waits for all of them and then
//! resumes the panic of the MI whose failure comes first in Java's order on the calling
//! thread, so an exception ends the program exactly as on the main thread (see
//! [`crate::error`]). Java runs the method's body once over the whole data: its first failure
//! is in the earliest top-level statement that fails, and within a loop over the rows of a
//! matrix split into cells, in the earliest row. The generated body marks both with
//! [`fail_key`] as it goes; the failing MI of the smallest key wins, and of equal keys the
//! first in partition order (MIs split a 1-D array, or a row of cells, in Java's order), or
//! the last where a loop stepping down runs under the key ([`fail_last_first`]). An MI that
//! fails poisons the call's barrier: MIs waiting in [`Mi::sync`] (or arriving later) leave
//! with a [`MiAborted`] panic, which is never chosen over a real exception. An MI still
//! running leaves the same way from a loop that only its data end, at its next
//! [`spin_check`], once a failure that comes first in Java's order is recorded: Java never
//! reaches that MI's work, which might never end.
//!
//! ## Co-scheduling and barriers (design)
//! A SOMD call that contains `sync`, an intermediate reduction or `sync reduce` needs all its
//! MIs to run *at the same time*: a barrier among `n` MIs deadlocks if only `k < n` of them
//! hold a thread and the others wait in a queue behind them. This executor therefore never
//! queues MIs: **each MI of a call gets a thread of its own for the whole call**. The pool is
//! a free list of parked worker threads; a call *claims* `n - 1` of them exclusively (spawning
//! new workers when the free list is short) and gives them back when it returns. Consequences:
//! - barriers ([`Mi::sync`]) can never deadlock, whatever `n` and however calls nest: an MI
//!   that itself makes a SOMD call claims further workers instead of waiting for busy ones;
//! - threads are created once and reused (the pool only grows, to the peak number of
//!   simultaneously running MIs; it is `SOMD_THREADS - 1` workers for unnested calls);
//! - nested SOMD calls oversubscribe the CPU rather than deadlock or serialise.
//!
//! Dispatching a call costs one channel send and one receive per worker MI, no heap
//! allocation besides the result vector; the closure is called through one function pointer
//! per MI (never per element).
//!
//! ## Optional MIs
//! [`Pool::run_optional`] is for bodies that share out their work through a counter
//! (balanced SOMD calls, `@`): when MI 0 on the calling thread is done, jobs that no worker
//! has taken yet are revoked (through a per-worker ticket) instead of waited for, so a worker
//! that is asleep or kept off the CPU by other processes delays nothing.

use crossbeam_channel::{bounded, unbounded, Receiver, Sender};
use std::any::Any;
use std::cell::Cell;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::thread;

thread_local! {
    /// The running MI's place in Java's order of the method's work ([`fail_key`]), and
    /// whether of MIs failing at one key the last in partition order wins
    /// ([`fail_last_first`]).
    static FAIL_KEY: Cell<Key> = const { Cell::new(START) };
    /// The helper level at which the next helper to ask ([`fail_helper`]) marks its places
    /// ([`fail_call`], [`fail_call_in`]); 0 for none.
    static FAIL_ARMED: Cell<u32> = const { Cell::new(0) };
}

/// An MI's place in Java's order: the key's high word ([`fail_key`]) and low word
/// ([`fail_sub`], [`fail_part`]), the words of the places inside a helper it calls and a
/// helper that one calls (helper levels 1 and 2: [`fail_call`], [`fail_call_in`],
/// [`fail_deep_at`]), compared in that order; and [`fail_last_first`].
pub(crate) type Key = ((u128, u128), bool);

/// The key every MI starts with.
const START: Key = ((0, 0), false);

/// Marks the running MI's place in Java's order: `statement << 32 | row`, the top-level
/// statement of the method's body it runs and, in a loop over the rows of a matrix split
/// into cells, 1 + the global row (0 elsewhere); in a step loop, 1 + the steps before. The
/// place inside a step ([`fail_sub`]) starts at 0. When several MIs of a call throw, the
/// exception of the smallest key is raised (module doc, "Exceptions").
pub fn fail_key(key: u64) {
    FAIL_KEY.with(|k| k.set(((u128::from(key) << 64, 0), false)));
}

/// Marks the running MI's place inside the step of a step loop (or the column of a loop
/// over columns first) that [`fail_key`] marked: `statement << 48 | place << 16`, the
/// statement of the loop's body it runs and, in a loop of that statement whose iterations
/// every MI marks alike, its iteration's place (1 + the global row or column, 1 + the inner
/// steps before); 0 elsewhere. Java finishes each statement of a step over all the data
/// before the next, and each row, column or inner step before the next. The place inside
/// that iteration ([`fail_part`]) starts at 0.
pub fn fail_sub(sub: u64) {
    FAIL_KEY.with(|k| k.set(((k.get().0 .0 >> 64 << 64 | u128::from(sub), 0), false)));
}

/// Marks the running MI's place inside the iteration that [`fail_sub`] marked (a column, or
/// an inner step, inside a step): the statement of that iteration's body it runs, in the
/// low 16 bits. Java finishes each statement of an inner step over all the data before the
/// next.
pub fn fail_part(part: u64) {
    FAIL_KEY.with(|k| k.set(((k.get().0 .0 >> 16 << 16 | u128::from(part & 0xFFFF), 0), false)));
}

/// How deep armed helper calls nest: an MI body arms the helpers it calls (level 1), and an
/// armed helper the helpers it calls (level 2); a helper deeper marks nothing.
const HELPER_LEVELS: u32 = 2;

/// Sets the word of helper level `level` (1 or 2) of the running MI's key to what `word`
/// makes of it, and clears the levels below it.
fn set_level(level: u32, word: impl FnOnce(u64) -> u64) {
    let shift = 64 * (HELPER_LEVELS - level);
    FAIL_KEY.with(|k| {
        let ((high, deep), last) = k.get();
        let old = (deep >> shift) as u64;
        let above = if level == 1 { 0 } else { deep >> (shift + 64) << (shift + 64) };
        k.set(((high, above | u128::from(word(old)) << shift), last));
    });
}

/// Arms the helper the running MI calls next, its `call`-th marked call (from 1) in the
/// statement (or step, row, column) that the key marks: Java runs the helper's body over
/// the whole data, each of its statements, and each row of its loops over a partition, to
/// the end before the next, so the helper marks its places ([`fail_helper`],
/// [`fail_deep_at`]) in a word of their own below the key's (helper level 1).
pub fn fail_call(call: u64) {
    arm(1, call);
}

/// Marks the end of the `call`-th marked helper call ([`fail_call`]) of the statement:
/// what the statement runs after it comes after every place inside it, in every MI.
pub fn fail_called(call: u64) {
    called(1, call);
}

/// As [`fail_call`], for a helper running at helper level `level` ([`fail_helper`]'s
/// answer) that calls another from one of its marked statements: the callee marks its places
/// at the next level, below the caller's place. Nothing where the caller was not armed
/// (`level` 0) or is at the deepest level.
pub fn fail_call_in(level: u32, call: u64) {
    if (1..HELPER_LEVELS).contains(&level) {
        arm(level + 1, call);
    }
}

/// As [`fail_call`], for a helper that marks no places of its own (one loop over a row it
/// is passed, say): the call's number alone orders its MIs' failures (Java finishes the
/// call over the whole data before the statement's next one), and nothing is armed, so the
/// helpers it calls mark nothing. [`fail_called`] ends it.
pub fn fail_call_plain(call: u64) {
    number(1, call);
}

/// As [`fail_call_plain`], for a helper running at helper level `level` that calls such a
/// helper from one of its marked statements; [`fail_called_in`] ends it.
pub fn fail_call_plain_in(level: u32, call: u64) {
    if (1..HELPER_LEVELS).contains(&level) {
        number(level + 1, call);
    }
}

/// As [`fail_called`], for a call armed by [`fail_call_in`] with the same `level`.
pub fn fail_called_in(level: u32, call: u64) {
    if (1..HELPER_LEVELS).contains(&level) {
        called(level + 1, call);
    }
}

/// Arms the next helper to ask at `level`, the `call`-th marked call of its caller's place.
fn arm(level: u32, call: u64) {
    number(level, call);
    FAIL_ARMED.with(|a| a.set(level));
}

/// Sets the word of helper level `level` to the `call`-th marked call's, before any place
/// inside it.
fn number(level: u32, call: u64) {
    set_level(level, |_| (call & 0xFFFF) << 48);
}

/// Puts what follows the `call`-th marked call at `level` after every place inside it.
fn called(level: u32, call: u64) {
    FAIL_ARMED.with(|a| a.set(0));
    set_level(level, |_| (call & 0xFFFF) << 48 | 0xFFFF_FFFF_FFFF);
}

/// The helper level at which the running helper marks its places with [`fail_deep_at`]:
/// the level its caller armed ([`fail_call`], [`fail_call_in`]), or 0 where it was called
/// unarmed (it marks nothing). Disarms, so the helpers it calls mark nothing unless it arms
/// them.
pub fn fail_helper() -> u32 {
    FAIL_ARMED.with(|a| a.replace(0))
}

/// Marks the running MI's place inside the helper that [`fail_call`] or [`fail_call_in`]
/// armed at `level` ([`fail_helper`]; nothing at level 0): `statement << 32 | place`, the
/// statement of the helper's body it runs and, in a loop of it over the rows of a
/// partition, 1 + the global row (stepping down, the global rows from it to the last; in a
/// loop stepping down over a 1-D partition, the elements from the partition's first to the
/// last); 0 elsewhere. Clears the places of the helpers it called before.
pub fn fail_deep_at(level: u32, place: u64) {
    if (1..=HELPER_LEVELS).contains(&level) {
        set_level(level, |word| word >> 48 << 48 | (place & 0xFFFF_FFFF_FFFF));
    }
}

/// Whether, of MIs failing at the running MI's key, the *last* in partition order wins:
/// set while a loop stepping down runs inside a loop whose iterations every MI marks
/// alike (a row of cells whose column loop steps down, a step loop around a loop
/// stepping down), where Java meets the later partitions of the key first. [`fail_key`]
/// clears it.
pub fn fail_last_first(on: bool) {
    FAIL_KEY.with(|k| k.set((k.get().0, on)));
}

/// How an MI ended: its result, or the panic it threw and its [`fail_key`] (with
/// [`fail_last_first`]) at that moment.
pub(crate) type MiOutcome<R> = Result<R, (Key, Box<dyn Any + Send>)>;

/// Runs one MI's body under `catch_unwind`, its key starting at 0; the key of the code
/// around it (an MI that made this call, on this thread) is restored after.
pub(crate) fn catch_mi<R>(body: impl FnOnce() -> R) -> MiOutcome<R> {
    let outer = FAIL_KEY.with(|k| k.replace(START));
    let outcome = catch_unwind(AssertUnwindSafe(body));
    let key = FAIL_KEY.with(|k| k.replace(outer));
    outcome.map_err(|payload| (key, payload))
}

/// Where an MI failed: its key ([`fail_key`], [`fail_last_first`]) and its index in
/// partition order.
type Place = (Key, usize);

/// The failure of a call's MIs that [`collect_results`] would raise so far, for the MIs still
/// running to tell whether anything they could still raise comes later in Java's order
/// ([`spin_check`]).
#[derive(Default)]
pub(crate) struct Failures {
    any: AtomicBool,
    first: Mutex<Option<Place>>,
}

impl Failures {
    /// Records the exception of MI `index`, thrown at `key` (not an [`MiAborted`]).
    fn record(&self, key: Key, index: usize) {
        let mut first = self.first.lock().unwrap_or_else(|e| e.into_inner());
        if first.is_none_or(|f| raised_over((key, index), f)) {
            *first = Some((key, index));
        }
        self.any.store(true, Ordering::Release);
    }

    /// Records MI `index`'s exception if it threw one; an [`MiAborted`] (an MI that left for
    /// another's failure) records nothing.
    pub(crate) fn note<R>(&self, outcome: &MiOutcome<R>, index: usize) {
        if let Err((key, payload)) = outcome {
            if !payload.is::<MiAborted>() {
                self.record(*key, index);
            }
        }
    }

    /// Whether the recorded failure is raised over any exception MI `index` could still
    /// throw, its key being `key` now: an MI's keys only grow, as Java's order goes.
    pub(crate) fn outranks(&self, key: Key, index: usize) -> bool {
        if !self.any.load(Ordering::Acquire) {
            return false;
        }
        let first = self.first.lock().unwrap_or_else(|e| e.into_inner());
        first.is_some_and(|f| raised_over(f, (key, index)))
    }
}

/// Whether [`collect_results`] raises failure `a` (key, MI index) over failure `b` of
/// another MI: the smaller key, and of equal keys the first in partition order unless the
/// later one's loop steps down.
fn raised_over(a: Place, b: Place) -> bool {
    let (((ka, last_a), ia), ((kb, last_b), ib)) = (a, b);
    if ia < ib {
        ka < kb || (ka == kb && !last_b)
    } else {
        ka < kb || (ka == kb && last_a)
    }
}

/// What the running thread's [`spin_check`] compares with: the MI of a call and its call's
/// [`Failures`] (with the [`Help`] of a call whose MIs wait to be taken), or an item of
/// [`crate::somd`]'s parallel fills (items from `start` on, and the call's lowest failing
/// item).
#[derive(Clone, Copy)]
pub(crate) enum Watch {
    Mi {
        failures: *const Failures,
        index: usize,
        help: Option<Help>,
    },
    Items {
        lowest_failed: *const AtomicUsize,
        start: usize,
    },
    /// The task at graph-order `index` of a graph (`crate::task`): `failed` holds one past
    /// the index of the furthest downstream task that failed. One downstream of this one
    /// failed at an earlier item than any this one still works on, so Java raises its
    /// exception before anything this one could still do (a source looping on data Java
    /// never reaches would keep `finish()` waiting); one upstream failed at a later item.
    Task {
        failed: *const AtomicUsize,
        index: usize,
    },
}

/// What an MI still in a loop does for its call at every [`HELP_EVERY`]th [`spin_check`]
/// that does not leave: `run(data)`. A balanced call (`crate::somd`, more MIs than
/// threads, taken in order) whose every thread holds an MI looping on data Java never
/// reaches would never take the MI that fails first in Java's order; its `run` takes the
/// next MI on the spinning thread once no MI has been taken for a while.
#[derive(Clone, Copy)]
pub(crate) struct Help {
    pub(crate) data: *const (),
    /// Called with `data`, which must be what the function expects and outlive the
    /// [`watching`] scope, and the watches around the MI that helps: an MI it runs nested
    /// is no part of the helping MI's work, and must not leave for what would stop that
    /// one (a failure at an earlier statement than the helping MI's own but a later one
    /// than the nested MI's: review).
    pub(crate) run: unsafe fn(*const (), Outer),
}

thread_local! {
    /// The innermost watch in force on this thread ([`watching`]); null when none is.
    static WATCH: Cell<*const WatchNode> = const { Cell::new(std::ptr::null()) };
    /// The iterations of loops holding loops the thread has run ([`spin_tick`]).
    static SPINS: Cell<u32> = const { Cell::new(0) };
    /// The checks that did not leave since the thread last ran a [`Help`] ([`help_due`]).
    static CHECKS: Cell<u32> = const { Cell::new(0) };
}

/// The checks ([`spin_check`]) that do not leave between two runs of the innermost
/// watch's [`Help`]. A help reads the clock and the call's shared counts: on every check,
/// every 1024 iterations of `s105long`'s `far` (`s = s * 31 + k`), that took its
/// balanced call on this machine's two threads from 400 ms with no check to 490 (on one
/// thread the two took the same). Every 16th check still helps, each 16,384 iterations
/// of such a loop, well within the 20 ms a balanced call waits before a spinning thread
/// takes a stalled MI (`crate::somd`'s `STALL`).
const HELP_EVERY: u32 = 16;

/// Whether this check is one that runs the help ([`HELP_EVERY`]).
#[inline]
fn help_due() -> bool {
    CHECKS.with(|c| {
        let n = c.get().wrapping_add(1);
        c.set(n);
        n % HELP_EVERY == 0
    })
}

/// A [`Watch`] in force, and the watches around it. A call or fill run inside watched work
/// (a task's body, an MI) is work Java never reaches once that outer work would leave: its
/// MIs and items check the outer watches too, on whichever thread they run. Without the
/// chain a pool call replaced its caller's watch, so a `@` of a task's body that the pool
/// ran went on to its end after a task downstream had failed, as did the MIs of a call an
/// MI made on the pool (each watching only its own call).
struct WatchNode {
    /// None for a thread that only adopts another's watches ([`adopting`]).
    now: Option<Watch>,
    outer: Outer,
}

/// The watches in force where work was handed out, and the [`fail_key`] there, which an
/// outer MI's watch compares with ([`Failures::outranks`]): a thread that takes the work
/// checks them as its own outer watches.
#[derive(Clone, Copy)]
pub(crate) struct Outer {
    node: *const WatchNode,
    key: Key,
}

// SAFETY: an `Outer` points into the frames of the thread that took it ([`Outer::here`]),
// and is only given to work that thread waits for before it leaves them (a pool call's MIs,
// a batched filter's runner): the nodes outlive every thread that reads them, and are never
// written after they are made.
unsafe impl Send for Outer {}
// SAFETY: as above.
unsafe impl Sync for Outer {}

impl Outer {
    /// The running thread's watches and key, for work it hands to threads it waits for.
    pub(crate) fn here() -> Outer {
        Outer { node: WATCH.with(Cell::get), key: FAIL_KEY.with(Cell::get) }
    }

    /// No watch: work that may outlive the thread starting it (a task graph's tasks).
    pub(crate) fn none() -> Outer {
        Outer { node: std::ptr::null(), key: START }
    }
}

/// Runs `body` with `w` as the running thread's innermost watch, inside those it had.
pub(crate) fn watching<R>(w: Watch, body: impl FnOnce() -> R) -> R {
    watching_under(Outer::here(), w, body)
}

/// Runs `body` with `w` as the running thread's innermost watch, inside `outer` (taken on
/// the thread that handed this work out, which waits for it). The watched objects must
/// outlive the call.
pub(crate) fn watching_under<R>(outer: Outer, w: Watch, body: impl FnOnce() -> R) -> R {
    let node = WatchNode { now: Some(w), outer };
    let _scope = WatchScope(WATCH.with(|c| c.replace(&node)));
    body()
}

/// Runs `body` watching what `outer` watches, with no watch of its own: a thread started
/// for watched work and joined by it (a batched filter's runner).
pub(crate) fn adopting<R>(outer: Outer, body: impl FnOnce() -> R) -> R {
    let node = WatchNode { now: None, outer };
    let _scope = WatchScope(WATCH.with(|c| c.replace(&node)));
    body()
}

/// Restores the thread's watch before a [`watching`] scope when it ends, by return or by
/// unwinding.
struct WatchScope(*const WatchNode);

impl Drop for WatchScope {
    fn drop(&mut self) {
        WATCH.with(|c| c.set(self.0));
    }
}

/// Counts an iteration of a loop that holds a loop, and says whether it is the 1024th
/// since the last that said so (generated code then calls [`spin_check`]). Such loops
/// share the thread's counter rather than keep one each: a loop's own counter starts
/// again at each entry, so a nest whose loops each run fewer than 1024 iterations per
/// entry (1,000 x 1,000 around a short inner loop) would never check, running on where
/// Java had stopped at an earlier MI's failure. Loops holding none keep their own.
#[inline]
pub fn spin_tick() -> bool {
    SPINS.with(|c| {
        let n = c.get().wrapping_add(1);
        c.set(n);
        n % 1024 == 0
    })
}

/// Counts `n` iterations of a loop that holds a loop, run as a block of at most 1024
/// (generated code counts each block as it ends rather than each iteration: a counter and
/// a call in every iteration kept the optimiser from the loop), and says whether the
/// thread's counter ([`spin_tick`]) passed a multiple of 1024 (generated code then calls
/// [`spin_check`]).
#[inline]
pub fn spin_ticks(n: u32) -> bool {
    SPINS.with(|c| {
        let before = c.get();
        let after = before.wrapping_add(n);
        c.set(after);
        before >> 10 != after >> 10
    })
}

/// Leaves the running MI (an [`MiAborted`] unwind) when another MI of its call has failed
/// where Java stops before anything this one could still do: a loop that only its data end
/// (`while (x != 1)`), in data Java never reaches, would otherwise keep the call from
/// raising the exception. Generated code calls it every 1024 iterations of such loops.
#[inline]
pub fn spin_check() {
    check_watch(true);
}

/// [`spin_check`] between the blocks of a `@` or fold the runtime runs on the calling
/// thread (`crate::somd::fold_checked`, blocks of 1024 elements): it leaves as
/// `spin_check` does, but never helps its call (`Help`): the fold ends on its own, and the
/// help (a clock read and a look at the call's queue) in every block took an MI's `+ ! a`
/// over a million `int`s from about 400 to 550 ms on this machine's 2 cores, and in every
/// 64th block still to about 600 ms (review).
#[inline]
pub(crate) fn block_check() {
    check_watch(false);
}

/// Checks the running thread's watches, innermost first: the innermost with the thread's
/// key, each outer one with the key where the work inside it was handed out; then, with
/// `helping` and none of them leaving, runs the innermost watch's [`Help`] at every
/// [`HELP_EVERY`]th such check of the thread (a node that only adopts watches,
/// [`adopting`], passes it through).
#[inline]
fn check_watch(helping: bool) {
    let here = Outer::here();
    if here.node.is_null() {
        return;
    }
    if stops_under(here) {
        mi_aborted();
    }
    if !helping || !help_due() {
        return;
    }
    let mut at = here.node;
    while !at.is_null() {
        // SAFETY: as in `stops_under`.
        let node = unsafe { &*at };
        match node.now {
            Some(Watch::Mi { help: Some(h), .. }) => {
                // SAFETY: `Help::run` takes its own `data`, which outlives the watch.
                unsafe { (h.run)(h.data, node.outer) };
                return;
            }
            Some(_) => return,
            None => at = node.outer.node,
        }
    }
}

/// Whether work inside the watches `outer` would leave at its next check: one of them says
/// Java stops before it. Asked before work is taken (a balanced call's next MI, a fill's
/// next chunk), so that work handed out after the work around it stopped is never started:
/// an MI or item with no checked loop (a loop over its data, trusted to end) would run to
/// its end.
pub(crate) fn stops_under(outer: Outer) -> bool {
    let (mut at, mut key) = (outer.node, outer.key);
    while !at.is_null() {
        // SAFETY: a node lives as long as its `watching` scope, and the work inside it
        // (this thread's code, or threads the node's thread waits for) ends first.
        let node = unsafe { &*at };
        if node.now.is_some_and(|w| stops(w, key)) {
            return true;
        }
        key = node.outer.key;
        at = node.outer.node;
    }
    false
}

/// Whether watch `w`, at key `key`, says Java stops before the work it watches.
fn stops(w: Watch, key: Key) -> bool {
    match w {
        Watch::Mi { failures, index, .. } => {
            // SAFETY: `watching`'s scope lives no longer than what it points to.
            unsafe { &*failures }.outranks(key, index)
        }
        Watch::Items { lowest_failed, start } => {
            // SAFETY: as above.
            unsafe { &*lowest_failed }.load(Ordering::Relaxed) < start
        }
        Watch::Task { failed, index } => {
            // SAFETY: as above.
            unsafe { &*failed }.load(Ordering::Relaxed) > index + 1
        }
    }
}

/// Restores the [`fail_key`] of the code around a call of one MI when the call ends, by
/// return or by unwinding (an MI that throws out of a nested call keeps its own key).
struct KeyScope(Key);

impl Drop for KeyScope {
    fn drop(&mut self) {
        FAIL_KEY.with(|k| k.set(self.0));
    }
}

/// Where SOMD methods run (`SOMD_DEVICE`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Device {
    /// Unset: an OpenCL GPU when present and the method is eligible, else the CPU.
    Auto,
    /// One MI on the calling thread (the reference semantics).
    Seq,
    /// The CPU pool.
    Cpu,
    /// An OpenCL device: the first GPU (`None`), or the first device whose platform or device
    /// name contains the text.
    OpenCl(Option<String>),
}

/// `SOMD_TRACE`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trace {
    Off,
    Text,
    Json,
}

/// The placement configuration of the process.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placement {
    pub device: Device,
    /// CPU pool size (at least 1).
    pub threads: usize,
    /// `SOMD_STRICT=1`: a missing device or failed kernel build exits with status 2.
    pub strict: bool,
    pub trace: Trace,
    /// `SOMD_CONFIG`: path of the placement file, when set.
    pub config: Option<String>,
    /// Problems found while parsing (one line each, printed once by [`placement()`]).
    pub warnings: Vec<String>,
    /// Whether `auto` adapts a repeated site to the faster placement (`SOMD_ADAPT`, on
    /// unless `off`).
    pub adapt: bool,
    /// `SOMD_AUTO_ANY=1`: `auto` takes the first OpenCL device of any kind (for tests on a
    /// machine whose only device is a CPU device).
    pub auto_any: bool,
    /// Switches that undo one device optimisation, for measuring it on the same binary.
    pub switches: Switches,
}

/// The `nested` form a `SOMD_NESTED_FORM` forces (`device::nested_slices`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NestedForm {
    Lanes,
    Slices,
}

/// Switches that undo (or force the size of) one device optimisation, for measuring what it
/// gives with one binary; each is documented where it acts (`docs/notes/device-execution.md`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Switches {
    /// `SOMD_KEEP=off`: host loops keep no array on the device (`device/resident.rs`).
    pub keep: bool,
    /// `SOMD_RECYCLE=off`: every device buffer freed is released and every one needed is
    /// made anew (`device/recycle.rs`).
    pub recycle: bool,
    /// `SOMD_ROWS=off`: row scopes keep no matrix on the device (`device/rows.rs`).
    pub rows: bool,
    /// `SOMD_SEGMENT_RUNS=0`: segmented sums run one work-item per iteration.
    pub segment_runs: bool,
    /// `SOMD_STAGE_ROWS=0`: the slices form of a nested fold stages no rows.
    pub stage_rows: bool,
    /// `SOMD_HOLD_ROWS=0`: a fold holds no row in registers for its SAD loops (the programs
    /// are built with `-DSOMD_HOLD_OFF`).
    pub hold_rows: bool,
    /// `SOMD_LANES=N`: work-items per iteration of the lanes form of a SOMD loop.
    pub lanes: Option<usize>,
    /// `SOMD_ROW_TILES=0|1`: a kernel walking rows never / always launches its tiles
    /// variant (`device::row_tiles`); unset: on a GPU, for long rows.
    pub row_tiles: Option<bool>,
    /// `SOMD_WIDE_TILES=0`: row tiles keep the columns that fit 24 KiB of local memory
    /// on every device (programs are built without `-DSOMD_WIDE_TILES`;
    /// `opencl/program.rs`).
    pub wide_tiles: bool,
    /// `SOMD_COARSEN=F`: elements per work-item of a coarsened reduction (0: one each).
    pub coarsen: Option<usize>,
    /// `SOMD_NESTED_FORM=lanes|slices`: the form of a nested fold.
    pub nested_form: Option<NestedForm>,
    /// `SOMD_CONSTANT_LIMIT=BYTES`: a lower limit for `__constant` kernel variants.
    pub constant_limit: Option<u64>,
    /// `SOMD_SPLIT=N`: MIs per thread of a balanced CPU call (`somd::mi_count_balanced`).
    pub balance_split: Option<usize>,
    /// `SOMD_ROW_BLOCKS=0`: a CPU call's built-in block partition of a matrix never takes
    /// row blocks: the grid of [`crate::partition::grid_shape`], or another factorisation
    /// where that one would leave some MI without rows or columns
    /// ([`crate::partition::Layout::cpu_block`], [`crate::partition::fitting_grid`]).
    pub row_blocks: bool,
    /// `SOMD_POLL_YIELD=0`: an idle worker polls for its next MI with spin hints only, never
    /// yielding its core (`next_job`).
    pub poll_yield: bool,
    /// `SOMD_WIDEN=W`: consecutive elements per work-item of a widened elementwise kernel
    /// (1, 2, 3, 4, 8 or 16: the OpenCL vector widths, with 1 for one element each; default
    /// [`DEFAULT_WIDTH`]). The programs are built with `-DSOMD_WIDTH=W`.
    pub widen: usize,
    /// `SOMD_NARROW=off`: `int` value arrays keep `int` storage on the device
    /// (`device/narrow.rs`).
    pub narrow: bool,
    /// `SOMD_MAPFUSE=0`: a `@` and the `@` consuming its result run as two kernels, the
    /// intermediate array stored (`device::map_fusion`).
    pub map_fusion: bool,
    /// `SOMD_HIST_LAYOUT=pairs`: a `long` histogram table keeps each entry as an adjacent
    /// (low, high) word pair instead of separate low and high word arrays (programs are
    /// built with `-DSOMD_HIST_PAIRS`; `runtime/cl/somd_hist.cl`).
    pub hist_pairs: bool,
    /// `SOMD_HIST_MERGE=0`: each work-group of a histogram copies its `__local` table to a
    /// slice of its own, which the host folds, instead of merging it into the one global
    /// table with atomics (`runtime/src/device/histogram.rs`).
    pub hist_merge: bool,
    /// `SOMD_TILE_LAST_BARRIER=1`: a tiled `@` loop also waits at a barrier after its last
    /// tile (programs are built with `-DSOMD_TILE_LAST_BARRIER=1`; `runtime/cl/somd_java.cl`).
    pub tile_last_barrier: bool,
    /// `SOMD_TILE_SMALL=1`: a tiled `@` loop copies even a broadcast array that fits in one
    /// tile into local memory (programs are built with `-DSOMD_TILE_SMALL=1`;
    /// `runtime/cl/somd_java.cl`); by default such an array is read from global memory.
    pub tile_small: bool,
    /// `SOMD_PINNED=0|1`: transfers in the staging window never / always go through the
    /// pinned staging pool (`opencl/staging.rs`); unset: staged on devices without unified
    /// host memory.
    pub pinned: Option<bool>,
    /// `SOMD_PINNED_MIN=BYTES` / `SOMD_PINNED_MAX=BYTES`: the staging window (the transfers
    /// staged are those of `MIN..=MAX` bytes; defaults in `opencl/staging.rs`).
    pub pinned_min: Option<u64>,
    pub pinned_max: Option<u64>,
    /// `SOMD_PINNED_UP=0`: uploads stay direct, only downloads are staged.
    pub pinned_uploads: bool,
    /// `SOMD_STAGE_THREADS=N`: threads copying each chunk of a staged transfer of at least
    /// `opencl::buffer::SPREAD_MIN` bytes (1: the calling thread alone; default: the
    /// process's threads, at most `opencl::buffer::PIECES`).
    pub stage_threads: Option<usize>,
    /// `SOMD_STAGING_BYTES=BYTES`: the size of every pinned staging buffer (two halves: the
    /// largest chunk of a staged transfer); by default `opencl::staging::STAGING_BYTES`,
    /// and `LARGE_STAGING_BYTES` for spread copies after `LARGE_AFTER` bytes of them.
    pub staging_bytes: Option<u64>,
    /// `SOMD_SPREAD=0`: a 1-D launch on a GPU keeps the kernel's full work-group size even
    /// when that leaves compute units without a group (`device::spread_local`).
    pub spread: bool,
    /// `SOMD_HUGEPAGES=0`: the programs' allocator gives large blocks no huge-page advice;
    /// `SOMD_HUGEPAGES=1`: it gives it even where the host takes free memory back
    /// (`alloc.rs`). Applied when `main` starts ([`apply_huge_pages_switch`]).
    pub huge_pages: crate::alloc::HugePages,
    /// `SOMD_GROUP=N`: a plain 1-D launch uses groups of the largest power of two at most
    /// `N` and the kernel's own size, on any device (to measure group sizes, and to run the
    /// kernels with small groups on a CPU device).
    pub group: Option<usize>,
}

/// The elements per work-item of a widened elementwise kernel without `SOMD_WIDEN`.
pub const DEFAULT_WIDTH: usize = 4;

impl Default for Switches {
    fn default() -> Switches {
        Switches {
            keep: true,
            recycle: true,
            rows: true,
            segment_runs: true,
            stage_rows: true,
            hold_rows: true,
            lanes: None,
            row_tiles: None,
            wide_tiles: true,
            coarsen: None,
            nested_form: None,
            constant_limit: None,
            balance_split: None,
            row_blocks: true,
            poll_yield: true,
            widen: DEFAULT_WIDTH,
            narrow: true,
            map_fusion: true,
            hist_pairs: false,
            hist_merge: true,
            tile_last_barrier: false,
            tile_small: false,
            pinned: None,
            pinned_min: None,
            pinned_max: None,
            pinned_uploads: true,
            stage_threads: None,
            staging_bytes: None,
            spread: true,
            huge_pages: crate::alloc::HugePages::Auto,
            group: None,
        }
    }
}

impl Switches {
    /// Parses the switches from `var` (an environment lookup), with a warning line for
    /// each value it ignores.
    pub fn parse(var: impl Fn(&str) -> Option<String>, warnings: &mut Vec<String>) -> Switches {
        let text = |name: &str| var(name).map(|v| v.trim().to_string());
        let mut number = |name: &str| -> Option<u64> {
            let v = text(name)?;
            match v.parse::<u64>() {
                Ok(n) => Some(n),
                Err(_) => {
                    warnings
                        .push(format!("somd: warning: ignoring {name}={v:?} (expected a number)"));
                    None
                }
            }
        };
        let lanes = number("SOMD_LANES").filter(|n| *n > 0).map(|n| n as usize);
        let coarsen = number("SOMD_COARSEN").map(|n| n as usize);
        let constant_limit = number("SOMD_CONSTANT_LIMIT");
        let group = number("SOMD_GROUP").filter(|n| *n > 0).map(|n| n as usize);
        let balance_split = number("SOMD_SPLIT").filter(|n| *n > 0).map(|n| n as usize);
        let pinned_min = number("SOMD_PINNED_MIN");
        let pinned_max = number("SOMD_PINNED_MAX");
        let stage_threads = number("SOMD_STAGE_THREADS").filter(|n| *n > 0).map(|n| n as usize);
        let staging_bytes = number("SOMD_STAGING_BYTES").filter(|n| *n > 0);
        let widen = match number("SOMD_WIDEN") {
            Some(w @ (1 | 2 | 3 | 4 | 8 | 16)) => w as usize,
            Some(w) => {
                warnings.push(format!(
                    "somd: warning: ignoring SOMD_WIDEN={w} (expected 1, 2, 3, 4, 8 or 16); \
                     using {DEFAULT_WIDTH}"
                ));
                DEFAULT_WIDTH
            }
            None => DEFAULT_WIDTH,
        };
        let hist_pairs = match text("SOMD_HIST_LAYOUT").as_deref() {
            None | Some("" | "split") => false,
            Some("pairs") => true,
            Some(other) => {
                warnings.push(format!(
                    "somd: warning: ignoring SOMD_HIST_LAYOUT={other:?} (expected split or \
                     pairs); using split"
                ));
                false
            }
        };
        let huge_pages = text("SOMD_HUGEPAGES");
        let huge_pages = huge_pages_switch(huge_pages.as_deref()).unwrap_or_else(|| {
            warnings.push(format!(
                "somd: warning: ignoring SOMD_HUGEPAGES={:?} (expected 0, off, 1, on or auto)",
                huge_pages.unwrap_or_default()
            ));
            crate::alloc::HugePages::Auto
        });
        // A switch that forces one way or the other: `1`, `0`, or unset.
        let mut forced = |name: &str| match text(name).as_deref() {
            None | Some("") => None,
            Some("1") => Some(true),
            Some("0") => Some(false),
            Some(other) => {
                warnings
                    .push(format!("somd: warning: ignoring {name}={other:?} (expected 0 or 1)"));
                None
            }
        };
        let row_tiles = forced("SOMD_ROW_TILES");
        let pinned = forced("SOMD_PINNED");
        Switches {
            keep: text("SOMD_KEEP").as_deref() != Some("off"),
            recycle: text("SOMD_RECYCLE").as_deref() != Some("off"),
            rows: text("SOMD_ROWS").as_deref() != Some("off"),
            segment_runs: text("SOMD_SEGMENT_RUNS").as_deref() != Some("0"),
            stage_rows: text("SOMD_STAGE_ROWS").as_deref() != Some("0"),
            hold_rows: text("SOMD_HOLD_ROWS").as_deref() != Some("0"),
            lanes,
            row_tiles,
            wide_tiles: !matches!(text("SOMD_WIDE_TILES").as_deref(), Some("0" | "off")),
            coarsen,
            nested_form: match text("SOMD_NESTED_FORM").as_deref() {
                Some("lanes") => Some(NestedForm::Lanes),
                Some("slices") => Some(NestedForm::Slices),
                _ => None,
            },
            constant_limit,
            balance_split,
            row_blocks: !matches!(text("SOMD_ROW_BLOCKS").as_deref(), Some("0" | "off")),
            poll_yield: !matches!(text("SOMD_POLL_YIELD").as_deref(), Some("0" | "off")),
            widen,
            narrow: text("SOMD_NARROW").as_deref() != Some("off"),
            map_fusion: !matches!(text("SOMD_MAPFUSE").as_deref(), Some("0" | "off")),
            hist_pairs,
            hist_merge: !matches!(text("SOMD_HIST_MERGE").as_deref(), Some("0" | "off")),
            tile_last_barrier: text("SOMD_TILE_LAST_BARRIER").as_deref() == Some("1"),
            tile_small: text("SOMD_TILE_SMALL").as_deref() == Some("1"),
            pinned,
            pinned_min,
            pinned_max,
            pinned_uploads: text("SOMD_PINNED_UP").as_deref() != Some("0"),
            stage_threads,
            staging_bytes,
            spread: !matches!(text("SOMD_SPREAD").as_deref(), Some("0" | "off")),
            huge_pages,
            group,
        }
    }
}

impl Placement {
    /// Parses the values of the environment variables (`None` = unset).
    pub fn parse(
        device: Option<&str>,
        threads: Option<&str>,
        strict: Option<&str>,
        trace: Option<&str>,
        config: Option<&str>,
        default_threads: usize,
    ) -> Placement {
        let mut warnings = Vec::new();
        // The words in any case, as `SOMD_STRICT`, `SOMD_TRACE` and `somd.toml` take theirs.
        let device = match device.map(|d| (d.trim(), d.trim().to_ascii_lowercase())) {
            None => Device::Auto,
            Some((_, word)) if word.is_empty() || word == "auto" => Device::Auto,
            Some((_, word)) if word == "seq" => Device::Seq,
            Some((_, word)) if word == "cpu" => Device::Cpu,
            Some((_, word)) if word == "opencl" => Device::OpenCl(None),
            Some((other, word)) => match word.strip_prefix("opencl:") {
                // The name as given (it is matched without regard to case).
                Some(text) if !text.is_empty() => {
                    Device::OpenCl(Some(other["opencl:".len()..].to_string()))
                }
                _ => {
                    warnings.push(format!(
                        "somd: warning: ignoring SOMD_DEVICE={other:?} (expected auto, seq, \
                         cpu, opencl or opencl:NAME); using auto"
                    ));
                    Device::Auto
                }
            },
        };
        let default_threads = default_threads.clamp(1, MAX_THREADS);
        let threads = match threads.map(str::trim) {
            None | Some("") => default_threads,
            Some(text) => {
                // Digits past `usize` are a number past the limit too.
                let digits = text.bytes().all(|b| b.is_ascii_digit());
                match text.parse::<usize>() {
                    Ok(n) if (1..=MAX_THREADS).contains(&n) => n,
                    Ok(n) if n > MAX_THREADS => over_limit(text, &mut warnings),
                    Err(_) if digits => over_limit(text, &mut warnings),
                    _ => {
                        warnings.push(format!(
                            "somd: warning: ignoring SOMD_THREADS={text:?} (expected a positive \
                             integer from 1 to {MAX_THREADS}); using {default_threads}"
                        ));
                        default_threads
                    }
                }
            }
        };
        let strict = match switch(strict) {
            Some(on) => on,
            None => {
                warnings.push(format!(
                    "somd: warning: ignoring SOMD_STRICT={:?} (expected 1 or 0); not strict",
                    strict.unwrap_or_default()
                ));
                false
            }
        };
        let trace = match trace.map(str::trim) {
            Some(json) if json.eq_ignore_ascii_case("json") => Trace::Json,
            Some(text) if text.eq_ignore_ascii_case("text") => Trace::Text,
            value => match switch(value) {
                Some(true) => Trace::Text,
                Some(false) => Trace::Off,
                None => {
                    warnings.push(format!(
                        "somd: warning: SOMD_TRACE={:?} is none of 1, text, json or 0; tracing \
                         as text",
                        value.unwrap_or_default()
                    ));
                    Trace::Text
                }
            },
        };
        let config = config.filter(|c| !c.is_empty()).map(str::to_string);
        Placement {
            device,
            threads,
            strict,
            trace,
            config,
            warnings,
            adapt: true,
            auto_any: false,
            switches: Switches::default(),
        }
    }

    /// Sets [`Placement::adapt`] and [`Placement::auto_any`] from the values of
    /// `SOMD_ADAPT` and `SOMD_AUTO_ANY` (`None` = unset).
    pub fn with_adapt(mut self, adapt: Option<&str>, auto_any: Option<&str>) -> Placement {
        self.adapt = match adapt.map(str::trim) {
            None | Some("") | Some("on") | Some("1") => true,
            Some("off") | Some("0") => false,
            Some(other) => {
                self.warnings.push(format!(
                    "somd: warning: ignoring SOMD_ADAPT={other:?} (expected on or off); using on"
                ));
                true
            }
        };
        self.auto_any = auto_any.map(str::trim) == Some("1");
        self
    }

    /// Reads `SOMD_DEVICE`, `SOMD_THREADS`, `SOMD_STRICT`, `SOMD_TRACE`, `SOMD_CONFIG`,
    /// `SOMD_ADAPT`, `SOMD_AUTO_ANY` and the measuring switches ([`Switches`]).
    pub fn from_env() -> Placement {
        let var = |name: &str| std::env::var(name).ok();
        let default_threads = thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
        Placement::parse(
            var("SOMD_DEVICE").as_deref(),
            var("SOMD_THREADS").as_deref(),
            var("SOMD_STRICT").as_deref(),
            var("SOMD_TRACE").as_deref(),
            var("SOMD_CONFIG").as_deref(),
            default_threads,
        )
        .with_adapt(var("SOMD_ADAPT").as_deref(), var("SOMD_AUTO_ANY").as_deref())
        .with_switches(|name| std::env::var(name).ok())
    }

    /// Sets the measuring switches ([`Switches::parse`]) from `var`.
    pub fn with_switches(mut self, var: impl Fn(&str) -> Option<String>) -> Placement {
        self.switches = Switches::parse(var, &mut self.warnings);
        self
    }

    /// Number of MIs a SOMD call on the CPU uses.
    pub fn cpu_mis(&self) -> usize {
        if self.device == Device::Seq {
            1
        } else {
            self.threads
        }
    }
}

/// `SOMD_THREADS` past the runtime's limit: the limit, with a warning.
fn over_limit(text: &str, warnings: &mut Vec<String>) -> usize {
    warnings.push(format!(
        "somd: warning: SOMD_THREADS={text} is more than the runtime's limit of {MAX_THREADS} \
         threads; using {MAX_THREADS}"
    ));
    MAX_THREADS
}

/// An on/off variable's value: `1`, `true`, `yes`, `on` (any case) are on; unset, empty,
/// `0`, `false`, `no`, `off` are off; `None` for anything else.
fn switch(value: Option<&str>) -> Option<bool> {
    let Some(value) = value.map(str::trim).filter(|v| !v.is_empty()) else { return Some(false) };
    let is = |words: &[&str]| words.iter().any(|w| value.eq_ignore_ascii_case(w));
    if is(&["1", "true", "yes", "on"]) {
        Some(true)
    } else if is(&["0", "false", "no", "off"]) {
        Some(false)
    } else {
        None
    }
}

/// `SOMD_HUGEPAGES`'s value: `0` or `off`, `1` or `on`, or unset, empty or `auto` (the
/// machine decides); `None` for anything else.
fn huge_pages_switch(value: Option<&str>) -> Option<crate::alloc::HugePages> {
    use crate::alloc::HugePages;
    match value {
        None | Some("" | "auto") => Some(HugePages::Auto),
        Some("0" | "off") => Some(HugePages::Off),
        Some("1" | "on") => Some(HugePages::On),
        Some(_) => None,
    }
}

/// Sets the allocator's huge-page advice from `SOMD_HUGEPAGES` ([`Switches::huge_pages`])
/// before the program allocates its arrays: the placement itself is read at the first SOMD
/// construct, after the arrays a program makes first.
pub fn apply_huge_pages_switch() {
    let value = std::env::var("SOMD_HUGEPAGES").ok();
    let mode = huge_pages_switch(value.as_deref().map(str::trim));
    crate::alloc::set_huge_pages(mode.unwrap_or(crate::alloc::HugePages::Auto));
}

/// The process's placement, parsed on first use; warnings are printed then.
pub fn placement() -> &'static Placement {
    static PLACEMENT: OnceLock<Placement> = OnceLock::new();
    PLACEMENT.get_or_init(|| {
        let placement = Placement::from_env();
        for warning in &placement.warnings {
            eprintln!("{warning}");
        }
        placement
    })
}

/// Panic payload of an MI that left a barrier because another MI of the same call failed.
#[derive(Debug, Clone, Copy)]
pub struct MiAborted;

/// A reusable barrier among the `n` MIs of one call, which can be poisoned by a failing MI.
/// Waiters spin briefly (barriers in `sync` loops are usually reached nearly together), then
/// block on a condition variable.
pub struct Barrier {
    n: usize,
    arrived: AtomicUsize,
    generation: AtomicUsize,
    poisoned: AtomicBool,
    lock: Mutex<()>,
    cv: Condvar,
}

const SPIN_ROUNDS: u32 = 2000;

impl Barrier {
    pub fn new(n: usize) -> Barrier {
        Barrier {
            n: n.max(1),
            arrived: AtomicUsize::new(0),
            generation: AtomicUsize::new(0),
            poisoned: AtomicBool::new(false),
            lock: Mutex::new(()),
            cv: Condvar::new(),
        }
    }

    /// Waits until all `n` MIs have arrived. Returns `true` in exactly one of them (the last
    /// to arrive). Unwinds with [`MiAborted`] when the barrier is poisoned.
    pub fn wait(&self) -> bool {
        if self.n == 1 {
            return true;
        }
        self.check_poison();
        let generation = self.generation.load(Ordering::Acquire);
        if self.arrived.fetch_add(1, Ordering::AcqRel) + 1 == self.n {
            self.arrived.store(0, Ordering::Relaxed);
            self.generation.fetch_add(1, Ordering::AcqRel);
            let _guard = self.lock.lock().unwrap_or_else(|e| e.into_inner());
            self.cv.notify_all();
            return true;
        }
        for round in 0..SPIN_ROUNDS {
            if self.generation.load(Ordering::Acquire) != generation {
                return false;
            }
            self.check_poison();
            if round < SPIN_ROUNDS / 2 {
                std::hint::spin_loop();
            } else {
                thread::yield_now();
            }
        }
        let mut guard = self.lock.lock().unwrap_or_else(|e| e.into_inner());
        while self.generation.load(Ordering::Acquire) == generation {
            if self.poisoned.load(Ordering::Acquire) {
                drop(guard);
                mi_aborted();
            }
            guard = self.cv.wait(guard).unwrap_or_else(|e| e.into_inner());
        }
        false
    }

    /// Marks the barrier failed and wakes every waiter.
    pub fn poison(&self) {
        self.poisoned.store(true, Ordering::Release);
        let _guard = self.lock.lock().unwrap_or_else(|e| e.into_inner());
        self.cv.notify_all();
    }

    fn check_poison(&self) {
        if self.poisoned.load(Ordering::Acquire) {
            mi_aborted();
        }
    }
}

#[cold]
#[inline(never)]
fn mi_aborted() -> ! {
    std::panic::panic_any(MiAborted)
}

/// The context of one method instance.
pub struct Mi<'a> {
    index: usize,
    count: usize,
    barrier: &'a Barrier,
}

impl<'a> Mi<'a> {
    /// This MI's position in partition order, `0..count`.
    #[inline]
    pub fn index(&self) -> usize {
        self.index
    }

    /// Number of MIs of the call.
    #[inline]
    pub fn count(&self) -> usize {
        self.count
    }

    /// The end of a `sync` block: waits for every MI of the call. Writes made before the
    /// barrier are visible to every MI after it.
    #[inline]
    pub fn sync(&self) {
        self.barrier.wait();
    }

    /// The call's barrier (for [`crate::reduce::AllReduce`]).
    #[inline]
    pub fn barrier(&self) -> &'a Barrier {
        self.barrier
    }
}

/// One unit of work sent to a worker: call `run(data, mi)`. `data` points into the stack frame
/// of [`Pool::run_mis`], which does not return before the worker has reported completion.
struct RawJob {
    run: unsafe fn(*const (), usize),
    data: *const (),
    mi: usize,
    /// The job's number on its worker's [`Ticket`].
    seq: u64,
}

// SAFETY: `data` points to a `CallState` whose closure is `Sync` and whose result slots are
// `Mutex`es; it outlives the job (see `RawJob`).
unsafe impl Send for RawJob {}

struct Worker {
    jobs: Sender<RawJob>,
    done: Receiver<()>,
    ticket: Arc<Ticket>,
    /// The number of the worker's next job.
    next_seq: u64,
}

/// Who runs a worker's latest job: the worker takes it, or the caller revokes it first
/// (only for [`Pool::run_optional`]). One word: `seq * 4 + state`, so a stale job (one
/// revoked while it waited in the channel) never matches the ticket of a later job.
struct Ticket(AtomicU64);

const TICKET_PENDING: u64 = 0;
const TICKET_TAKEN: u64 = 1;
const TICKET_REVOKED: u64 = 2;

impl Ticket {
    /// The worker's side: whether job `seq` is still to be run (it is then taken).
    fn take(&self, seq: u64) -> bool {
        self.0
            .compare_exchange(
                seq * 4 + TICKET_PENDING,
                seq * 4 + TICKET_TAKEN,
                Ordering::AcqRel,
                Ordering::Acquire,
            )
            .is_ok()
    }

    /// The caller's side: whether job `seq` was revoked before a worker took it.
    fn revoke(&self, seq: u64) -> bool {
        self.0
            .compare_exchange(
                seq * 4 + TICKET_PENDING,
                seq * 4 + TICKET_REVOKED,
                Ordering::AcqRel,
                Ordering::Acquire,
            )
            .is_ok()
    }
}

/// The process-wide pool of MI worker threads (see the module doc).
pub struct Pool {
    idle: Mutex<Vec<Worker>>,
    spawned: AtomicUsize,
}

/// The process-wide pool, created on first use with `placement().threads - 1` workers.
pub fn pool() -> &'static Pool {
    static POOL: OnceLock<Pool> = OnceLock::new();
    POOL.get_or_init(|| {
        keep_freed_memory();
        let pool = Pool { idle: Mutex::new(Vec::new()), spawned: AtomicUsize::new(0) };
        let initial: Vec<Worker> =
            (1..placement().threads).filter_map(|_| pool.spawn_worker()).collect();
        pool.idle.lock().unwrap_or_else(|e| e.into_inner()).extend(initial);
        pool
    })
}

/// Keeps memory that the program frees for its next allocations instead of returning it to
/// the system at once, as a JVM keeps its heap. glibc's defaults map every block of 128 KiB
/// or more separately and unmap it when freed, and trim the worker threads' arenas, so a SOMD
/// method that allocates a large array on every call (SparseMatMult's whole-length partial
/// vector per MI, then its reduction's sum) paid a page fault and the clearing of a fresh
/// page for every 4 KiB of it on every call: a quarter of SparseMatMult's time on two
/// threads. Blocks up to 32 MiB now come from the heap, and up to 512 MiB of free memory
/// may stay at its end.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn keep_freed_memory() {
    use std::ffi::c_int;
    unsafe extern "C" {
        fn mallopt(param: c_int, value: c_int) -> c_int;
    }
    // glibc's `malloc.h`.
    const M_TRIM_THRESHOLD: c_int = -1;
    const M_MMAP_THRESHOLD: c_int = -3;
    // SAFETY: `mallopt` only changes the allocator's tuning parameters (under its own lock);
    // an unaccepted value leaves the default in place.
    unsafe {
        mallopt(M_MMAP_THRESHOLD, 32 << 20);
        mallopt(M_TRIM_THRESHOLD, 512 << 20);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn keep_freed_memory() {}

/// How long an idle worker polls for its next MI before it sleeps.
///
/// A program that calls a short SOMD method in a loop (LUFact: 999 calls of about 80 µs at
/// N = 1000, with the pivot search between them) otherwise finds its workers asleep at
/// every call: perf showed the worker spending its time in the scheduler's wake-up path
/// and doing a quarter of the MIs, the calling thread the rest. Polling a little longer
/// than the gap between such calls keeps them awake; a worker that sees no call for this
/// long sleeps as before, so a program's serial phases do not keep a core busy.
const WORKER_POLL: std::time::Duration = std::time::Duration::from_micros(200);

/// The next job of a worker: polled for [`WORKER_POLL`], then waited for; `None` when the
/// pool is gone.
///
/// Between polls the worker yields its core (unless `SOMD_POLL_YIELD=0`): where nothing
/// else is ready to run there, the yield returns at once and the worker polls on; where a
/// thread is (the calling thread's serial work between two calls, another process, more
/// threads than cores), that thread runs instead of the worker's spinning. With spin hints
/// only, SparseMatMult's four threads on two cores spent about a quarter of their samples
/// polling, beside the calling thread's sums between its 200 calls.
fn next_job(jobs: &crossbeam_channel::Receiver<RawJob>) -> Option<RawJob> {
    let started = std::time::Instant::now();
    let yields = placement().switches.poll_yield;
    loop {
        match jobs.try_recv() {
            Ok(job) => return Some(job),
            Err(crossbeam_channel::TryRecvError::Disconnected) => return None,
            Err(crossbeam_channel::TryRecvError::Empty) => {}
        }
        if started.elapsed() >= WORKER_POLL {
            return jobs.recv().ok();
        }
        if yields {
            thread::yield_now();
        } else {
            for _ in 0..64 {
                std::hint::spin_loop();
            }
        }
    }
}

/// The most threads `SOMD_THREADS` may ask for. The pool starts `SOMD_THREADS - 1` workers
/// with [`WORKER_STACK`] stacks at once; near 16,000 of them the system refused the new
/// threads' stack guard pages, which aborts the process (a thread's start-up cannot fail
/// softly), so a larger value is capped with a warning. Nested calls may still add workers
/// beyond it, one per MI waiting for a thread.
pub const MAX_THREADS: usize = 1024;

/// Stack size of worker threads: generous, like a JVM thread running deep recursion.
pub(crate) const WORKER_STACK: usize = 16 << 20;

struct CallState<'f, F, R> {
    body: &'f F,
    barrier: &'f Barrier,
    count: usize,
    slots: Vec<Mutex<Option<MiOutcome<R>>>>,
    failures: Failures,
    /// The calling thread's watches: the MIs check them too.
    outer: Outer,
}

impl<F, R> CallState<'_, F, R>
where
    F: Fn(&Mi<'_>) -> R + Sync,
{
    fn run_one(&self, index: usize) {
        let mi = Mi { index, count: self.count, barrier: self.barrier };
        let watch = Watch::Mi { failures: &self.failures, index, help: None };
        let outcome = watching_under(self.outer, watch, || catch_mi(|| (self.body)(&mi)));
        self.failures.note(&outcome, index);
        if outcome.is_err() {
            self.barrier.poison();
        }
        *self.slots[index].lock().unwrap_or_else(|e| e.into_inner()) = Some(outcome);
    }

    /// # Safety
    /// `data` must point to a live `CallState<F, R>`.
    unsafe fn run_erased(data: *const (), index: usize) {
        // SAFETY: guaranteed by the caller (`Pool::run_mis` keeps the state alive until every
        // worker has signalled completion).
        let state = unsafe { &*(data as *const Self) };
        state.run_one(index);
    }
}

impl Pool {
    fn spawn_worker(&self) -> Option<Worker> {
        // Unbounded: a revoked job may still wait in the channel when the next one comes.
        let (job_tx, job_rx) = unbounded::<RawJob>();
        let (done_tx, done_rx) = bounded::<()>(1);
        let ticket = Arc::new(Ticket(AtomicU64::new(u64::MAX)));
        let worker_ticket = Arc::clone(&ticket);
        let id = self.spawned.fetch_add(1, Ordering::Relaxed);
        let spawned = thread::Builder::new()
            .name(format!("somd-worker-{id}"))
            .stack_size(WORKER_STACK)
            .spawn(move || {
                crate::stack::enter(WORKER_STACK);
                while let Some(job) = next_job(&job_rx) {
                    if !worker_ticket.take(job.seq) {
                        // Revoked: its caller ran without it and may have returned, so
                        // `data` may dangle; nobody waits for a signal.
                        continue;
                    }
                    // SAFETY: see `RawJob`; `run` catches every panic of the MI body. The
                    // job was not revoked, so its caller waits for the signal below.
                    unsafe { (job.run)(job.data, job.mi) };
                    if done_tx.send(()).is_err() {
                        break;
                    }
                }
            });
        spawned.ok().map(|_| Worker { jobs: job_tx, done: done_rx, ticket, next_seq: 0 })
    }

    /// Takes up to `count` of the idle workers for exclusive use, spawning none.
    fn claim_idle(&self, count: usize) -> Vec<Worker> {
        let mut idle = self.idle.lock().unwrap_or_else(|e| e.into_inner());
        let keep = idle.len().saturating_sub(count);
        idle.split_off(keep)
    }

    /// Takes `count` workers for exclusive use, spawning any that are missing.
    fn claim(&self, count: usize) -> Vec<Worker> {
        let mut claimed = self.claim_idle(count);
        while claimed.len() < count {
            match self.spawn_worker() {
                Some(worker) => claimed.push(worker),
                None => {
                    crate::error::throw(crate::error::JavaException::unplaced(
                        "java.lang.OutOfMemoryError",
                        "unable to create native thread for a method instance",
                    ));
                }
            }
        }
        claimed
    }

    /// Number of worker threads idle now (none claimed by a call).
    pub fn idle_workers(&self) -> usize {
        self.idle.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    /// Number of worker threads created so far (the calling thread not included).
    pub fn workers_spawned(&self) -> usize {
        self.spawned.load(Ordering::Relaxed)
    }

    /// Runs `body` once per MI `0..n_mis`, all MIs concurrently, and returns their results in
    /// partition order. Re-raises the panic of the failing MI first in Java's order (see the
    /// module doc).
    pub fn run_mis<R, F>(&self, n_mis: usize, body: F) -> Vec<R>
    where
        R: Send,
        F: Fn(&Mi<'_>) -> R + Sync,
    {
        self.dispatch(n_mis, body, None)
    }

    /// Runs `body` in MI 0 on the calling thread and offers MIs `1..n_mis` to workers, for
    /// bodies that share out their work among whichever MIs run (a counter they take items
    /// from), never wait for each other, and need no particular MI to run: when MI 0 is done,
    /// the MIs that no worker has started yet are revoked instead of waited for. A worker
    /// that the machine's other processes keep off the CPU then costs the call nothing,
    /// where [`Pool::run_mis`] waited for its next time slice. Re-raises the first failing
    /// MI's panic, as [`Pool::run_mis`] does.
    pub fn run_optional<F>(&self, n_mis: usize, body: F)
    where
        F: Fn(&Mi<'_>) + Sync,
    {
        self.dispatch(n_mis, body, Some(|| ()));
    }

    /// [`Pool::run_optional`] with at most `helpers` workers besides the calling thread,
    /// taken from those idle now (none is spawned, so a caller that is itself an MI of a
    /// busy pool runs `body` alone). For work shared out by the runtime itself (copies of
    /// staged transfers, `opencl::buffer`), not for MIs of a program.
    pub fn run_spare<F>(&self, helpers: usize, body: F)
    where
        F: Fn(&Mi<'_>) + Sync,
    {
        let workers = if helpers == 0 { Vec::new() } else { self.claim_idle(helpers) };
        self.dispatch_to(workers.len() + 1, workers, body, Some(|| ()));
    }

    /// [`Pool::run_mis`], or with `revoked` [`Pool::run_optional`]: the result of an MI that
    /// was revoked.
    fn dispatch<R, F>(&self, n_mis: usize, body: F, revoked: Option<fn() -> R>) -> Vec<R>
    where
        R: Send,
        F: Fn(&Mi<'_>) -> R + Sync,
    {
        let workers = if n_mis > 1 { self.claim(n_mis - 1) } else { Vec::new() };
        self.dispatch_to(n_mis, workers, body, revoked)
    }

    /// [`Pool::dispatch`] with `workers` (`n_mis - 1` of them, claimed) running MIs
    /// `1..n_mis`; they go back to the idle list at the end.
    fn dispatch_to<R, F>(
        &self,
        n_mis: usize,
        mut workers: Vec<Worker>,
        body: F,
        revoked: Option<fn() -> R>,
    ) -> Vec<R>
    where
        R: Send,
        F: Fn(&Mi<'_>) -> R + Sync,
    {
        let barrier = Barrier::new(n_mis);
        if n_mis == 0 {
            return Vec::new();
        }
        if n_mis == 1 {
            // The body marks keys of its own method: the watches around it compare with
            // the caller's key (review: a caller's MI left for its body's later statement).
            let outer = Outer::here();
            let _scope = KeyScope(FAIL_KEY.with(|k| k.replace(START)));
            return adopting(outer, || vec![body(&Mi { index: 0, count: 1, barrier: &barrier })]);
        }
        let state = CallState {
            body: &body,
            barrier: &barrier,
            count: n_mis,
            slots: (0..n_mis).map(|_| Mutex::new(None)).collect(),
            failures: Failures::default(),
            outer: Outer::here(),
        };
        let data = &state as *const CallState<'_, F, R> as *const ();
        // The workers that took a job (and the job numbers).
        let mut dispatched = Vec::with_capacity(workers.len());
        for (offset, worker) in workers.iter_mut().enumerate() {
            let seq = worker.next_seq;
            worker.next_seq += 1;
            worker.ticket.0.store(seq * 4 + TICKET_PENDING, Ordering::Release);
            let job = RawJob { run: CallState::<F, R>::run_erased, data, mi: offset + 1, seq };
            if worker.jobs.send(job).is_ok() {
                dispatched.push((offset, seq));
            } else {
                // A worker thread that died cannot happen (it catches every panic); run the
                // MI here rather than lose it.
                state.run_one(offset + 1);
            }
        }
        state.run_one(0);
        for &(offset, seq) in &dispatched {
            let worker = &workers[offset];
            match revoked {
                Some(result) if worker.ticket.revoke(seq) => {
                    *state.slots[offset + 1].lock().unwrap_or_else(|e| e.into_inner()) =
                        Some(Ok(result()));
                }
                // The worker signals after writing its slot; it never touches `state` again.
                _ => {
                    let _ = worker.done.recv();
                }
            }
        }
        self.idle.lock().unwrap_or_else(|e| e.into_inner()).extend(workers);
        collect_results(state.slots)
    }
}

pub(crate) fn collect_results<R>(slots: Vec<Mutex<Option<MiOutcome<R>>>>) -> Vec<R> {
    let outcomes: Vec<MiOutcome<R>> = slots
        .into_iter()
        .map(|slot| {
            slot.into_inner()
                .unwrap_or_else(|e| e.into_inner())
                .unwrap_or_else(|| Err((((u128::MAX, u128::MAX), false), Box::new(MiAborted))))
        })
        .collect();
    let mut results = Vec::with_capacity(outcomes.len());
    let mut first_aborted = None;
    let mut first_real: Option<(Place, Box<dyn Any + Send>)> = None;
    for (index, outcome) in outcomes.into_iter().enumerate() {
        match outcome {
            Ok(value) => results.push(value),
            Err((_, payload)) if payload.is::<MiAborted>() => {
                first_aborted.get_or_insert(payload);
            }
            // The real exception of the smallest key wins; of equal keys the first in
            // partition order, or the last where the key's loop steps down.
            Err((key, payload)) => {
                if first_real.as_ref().is_none_or(|(first, _)| raised_over((key, index), *first)) {
                    first_real = Some(((key, index), payload));
                }
            }
        }
    }
    if let Some((_, payload)) = first_real {
        resume_unwind(payload);
    }
    if let Some(payload) = first_aborted {
        resume_unwind(payload);
    }
    results
}
