//! Pinned staging buffers for host↔device transfers (see [`crate::opencl::buffer`]).
//!
//! Program arrays live in pageable memory, which the NVIDIA driver moves at 11 GB/s up and
//! 19 GB/s down, and much slower for transfers of a few hundred KB (SparseMatMult's 800 KB
//! result read back at 4–4.5 GB/s), where pinned memory moves at 55 GB/s (GPU-FACTS.md).
//! A transfer in the *staging window* therefore goes through a [`Staging`] buffer: a
//! `CL_MEM_ALLOC_HOST_PTR` buffer mapped once, used as two halves so that the host's copy
//! of one chunk overlaps the DMA of the next.
//!
//! Staging buffers are kept in a [`Pool`] per device context and reused by every later
//! transfer: never allocated per call. The pool is bounded ([`POOL_MAX`] buffers of
//! [`STAGING_BYTES`]); a transfer that finds every buffer in use (transfers of several
//! threads at once) goes direct rather than wait, and once a pinned allocation has failed
//! the pool allocates nothing more and every transfer goes direct.
//!
//! # The window
//! Staging pays where the driver's pageable path is slow and the host copy cheap: transfers
//! of [`PINNED_MIN`]..=[`PINNED_MAX`] bytes by default (`SOMD_PINNED_MIN`,
//! `SOMD_PINNED_MAX`), on devices without unified host memory (on a CPU device or an
//! integrated GPU the driver's own path is already a copy in host memory). The host copies
//! into and out of pinned chunks are what sets the rate of a large staged transfer: one
//! thread copies 7-8 GB/s on the H100's host, below the pageable path's 9 GB/s up and
//! 11-15 GB/s down. From [`super::buffer::STAGED_SPREAD_MIN`] bytes on (512 KiB; 8 MiB
//! before the forty-seventh session), each chunk is therefore copied by up to 16 threads
//! (the calling one and idle workers of the MI pool,
//! `exec::Pool::run_spare`; `SOMD_STAGE_THREADS`), which moved 256 MiB at 42-45 GB/s both
//! ways through 32 MiB buffers; with [`SPREAD_THREADS`] threads or more the window has no
//! upper end. Rows of a matrix that move packed (`buffer::read_rows`/`write_rows`: many
//! short rows, one command) stage at any size above the minimum, copying each pinned chunk
//! straight into (or from) the rows, with no packed temporary. A chunk is an eighth of the
//! transfer, at least half a small buffer and at most half the buffer it goes through, so
//! that its copies overlap the DMA of its neighbours.
//!
//! # Two sizes of buffer
//! Each chunk costs an event wait and a dispatch of the copying threads, so spread copies
//! want large chunks (18-20 GB/s through 4 MiB buffers, 39-44 through 32 MiB ones); but
//! pinning 32 MiB costs about 8 ms, which a process making a few such transfers never gets
//! back (LUFact and SparseMatMult took 8-9 ms longer with one made up front). Buffers of
//! [`STAGING_BYTES`] serve every transfer until the process has moved [`LARGE_AFTER`] bytes
//! in transfers whose copies are spread; from then on those go through buffers of
//! [`LARGE_STAGING_BYTES`] (a second pool, at most [`LARGE_POOL_MAX`]).
//! `SOMD_STAGING_BYTES` sets one size for every buffer. `SOMD_PINNED=0` stages nothing, `SOMD_PINNED=1` stages the window on
//! any device, `SOMD_PINNED_UP=0` stages downloads only. Figures: `docs/performance.md`,
//! "Twenty-seventh session".

use super::buffer::PinnedHost;
use super::trace::Dir;
use super::ClFailure;
use std::sync::Mutex;

/// Size of one staging buffer (two halves, each the largest chunk of a staged transfer).
pub const STAGING_BYTES: usize = 4 << 20;

/// Size of one large staging buffer, for transfers whose copies are spread over threads
/// once the process has moved [`LARGE_AFTER`] bytes in such transfers. Copies spread over
/// 16 threads moved a 128 MiB matrix at 39–44 GB/s through 32 MiB buffers against 18–20
/// GB/s through 4 MiB ones on the H100: each chunk costs a wait and a dispatch of the
/// copying threads.
pub const LARGE_STAGING_BYTES: usize = 32 << 20;

/// The bytes of transfers whose copies are spread over threads after which a process makes
/// its first large staging buffer. Pinning 32 MiB cost about 8 ms on the H100 (LUFact's
/// and SparseMatMult's runs took 8–9 ms longer with one made up front), which is what
/// staging about 256 MiB through it rather than through a 4 MiB buffer saves.
pub const LARGE_AFTER: u64 = 256 << 20;

/// The most large staging buffers one device context keeps.
pub const LARGE_POOL_MAX: usize = 2;

/// The most staging buffers one device context keeps (transfers of several threads at once
/// each hold one): at most `POOL_MAX * STAGING_BYTES` of pinned host memory per device.
pub const POOL_MAX: usize = 4;

/// The smallest transfer staged by default, in bytes: below it the driver's own path costs
/// about what the extra host copy and event wait would.
pub const PINNED_MIN: u64 = 64 << 10;

/// The largest transfer staged by default, in bytes, when the chunk copies run on fewer
/// than [`SPREAD_THREADS`] threads; with more, every transfer from [`PINNED_MIN`] on is
/// staged.
pub const PINNED_MAX: u64 = 8 << 20;

/// The copying threads from which staging beats the driver's pageable path at any size
/// (`buffer::copy_threads`): 4 threads moved 256 MiB at 16 GB/s up and 20 GB/s down
/// through 4 MiB buffers, against 9 and 15 GB/s direct, on the H100.
pub const SPREAD_THREADS: usize = 4;

/// One pinned staging buffer, mapped for the life of the process (a [`PinnedHost`] that
/// one transfer at a time uses, leased out of its pool: see `Pool::take`).
pub(crate) struct Staging {
    pub(crate) host: PinnedHost<u8>,
}

/// Which transfers are staged: the `SOMD_PINNED*` switches of [`crate::exec::Switches`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    /// `Some(false)`: none; `Some(true)`: the window on any device; `None`: the window on
    /// devices without unified host memory.
    pub mode: Option<bool>,
    pub min: u64,
    pub max: u64,
    /// Whether uploads are staged too (`SOMD_PINNED_UP=0`: downloads only).
    pub uploads: bool,
}

impl Window {
    /// The window of the process's switches.
    pub fn of_process() -> Window {
        let switches = &crate::exec::placement().switches;
        Window {
            mode: switches.pinned,
            min: switches.pinned_min.unwrap_or(PINNED_MIN),
            max: switches.pinned_max.unwrap_or(match super::buffer::spread_threads() {
                n if n >= SPREAD_THREADS => u64::MAX,
                _ => PINNED_MAX,
            }),
            uploads: switches.pinned_uploads,
        }
    }

    /// Whether a transfer of `bytes` bytes in direction `dir` is staged on a device with
    /// (`unified`) or without unified host memory.
    pub fn stages(&self, unified: bool, dir: Dir, bytes: usize) -> bool {
        let on = self.mode.unwrap_or(!unified) && (dir == Dir::ToHost || self.uploads);
        let bytes = bytes as u64;
        on && bytes > 0 && self.min <= bytes && bytes <= self.max
    }
}

/// A bounded pool of reusable buffers (the staging buffers of one device context; generic
/// so that its bookkeeping is tested without a device).
#[derive(Debug)]
pub struct Pool<B> {
    state: Mutex<State<B>>,
    max: usize,
}

#[derive(Debug)]
struct State<B> {
    /// Buffers not leased out.
    free: Vec<B>,
    /// Buffers made so far (free or leased).
    made: usize,
    /// An allocation failed: make no more.
    failed: bool,
}

impl<B> Pool<B> {
    /// An empty pool that will hold at most `max` buffers.
    pub const fn new(max: usize) -> Pool<B> {
        Pool { state: Mutex::new(State { free: Vec::new(), made: 0, failed: false }), max }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State<B>> {
        // The state holds whole values only: a panic while it is locked leaves it consistent.
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// A buffer for one transfer: a free one, else one made by `make` while fewer than
    /// `max` exist and no allocation has failed. `None` (go direct) when every buffer is
    /// leased, or when `make` fails — the pool then makes no more and the error is
    /// returned to the caller once, for its trace.
    pub fn take(
        &self,
        make: impl FnOnce() -> Result<B, ClFailure>,
    ) -> Result<Lease<'_, B>, Option<ClFailure>> {
        let mut state = self.lock();
        if let Some(buffer) = state.free.pop() {
            return Ok(Lease { pool: self, buffer: Some(buffer) });
        }
        if state.failed || state.made >= self.max {
            return Err(None);
        }
        // Made under the lock: at most `max` ever exist, and an allocation is rare (once
        // per buffer for the life of the process).
        match make() {
            Ok(buffer) => {
                state.made += 1;
                Ok(Lease { pool: self, buffer: Some(buffer) })
            }
            Err(err) => {
                state.failed = true;
                Err(Some(err))
            }
        }
    }

    /// `(made, free)`: buffers made so far and those not leased out.
    pub fn counts(&self) -> (usize, usize) {
        let state = self.lock();
        (state.made, state.free.len())
    }

    /// Whether an allocation failed (the pool makes no more).
    pub fn failed(&self) -> bool {
        self.lock().failed
    }
}

/// A buffer leased from a [`Pool`], given back when dropped.
#[derive(Debug)]
pub struct Lease<'a, B> {
    pool: &'a Pool<B>,
    buffer: Option<B>,
}

impl<B> std::ops::Deref for Lease<'_, B> {
    type Target = B;
    fn deref(&self) -> &B {
        match &self.buffer {
            Some(buffer) => buffer,
            None => unreachable!("a lease holds its buffer until dropped"),
        }
    }
}

impl<B> Drop for Lease<'_, B> {
    /// Gives the buffer back, except while unwinding: a transfer that panicked between
    /// queueing a chunk and waiting for it may leave a DMA into the buffer in flight, so the
    /// buffer is never used again (as after a failed transfer, `buffer::staged_if`).
    fn drop(&mut self) {
        if let Some(buffer) = self.buffer.take() {
            if std::thread::panicking() {
                std::mem::forget(buffer);
                return;
            }
            self.pool.lock().free.push(buffer);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn failing() -> Result<u32, ClFailure> {
        Err(ClFailure::Api { op: "clCreateBuffer(pinned)", code: -4 })
    }

    #[test]
    fn a_given_back_buffer_is_reused_not_made_again() {
        let pool = Pool::<u32>::new(2);
        let mut made = 0;
        let mut make = || {
            made += 1;
            Ok(made)
        };
        let first = *pool.take(&mut make).expect("made");
        // Sequential transfers: the one buffer goes back and is taken again.
        for _ in 0..5 {
            let lease = pool.take(&mut make).expect("reused");
            assert_eq!(*lease, first);
        }
        assert_eq!(made, 1);
        assert_eq!(pool.counts(), (1, 1));
    }

    #[test]
    fn a_buffer_held_by_a_panicking_transfer_is_not_given_back() {
        let pool = Pool::<u32>::new(2);
        let panicked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let _lease = pool.take(|| Ok(1)).expect("made");
            panic!("a copy failed");
        }));
        assert!(panicked.is_err());
        assert_eq!(pool.counts(), (1, 0), "made, none free");
        assert_eq!(*pool.take(|| Ok(2)).expect("another"), 2);
    }

    #[test]
    fn the_pool_is_bounded_and_a_taker_beyond_it_goes_direct() {
        let pool = Pool::<u32>::new(2);
        let mut next = 0;
        let mut make = || {
            next += 1;
            Ok(next)
        };
        let a = pool.take(&mut make).expect("first");
        let b = pool.take(&mut make).expect("second");
        assert_ne!(*a, *b);
        // Both leased: a third transfer goes direct, nothing is made.
        assert!(matches!(pool.take(&mut make), Err(None)));
        assert_eq!(pool.counts(), (2, 0));
        drop(b);
        let c = pool.take(&mut make).expect("given back");
        assert_eq!(*c, 2);
        drop((a, c));
        assert_eq!(pool.counts(), (2, 2));
        assert_eq!(next, 2);
    }

    #[test]
    fn a_failed_allocation_falls_back_and_is_not_retried() {
        let pool = Pool::<u32>::new(4);
        match pool.take(failing) {
            Err(Some(ClFailure::Api { code: -4, .. })) => {}
            other => panic!("expected the allocation's error, got {other:?}"),
        }
        assert!(pool.failed());
        // Later transfers go direct without trying again (or reporting again).
        let mut tried = false;
        let again = pool.take(|| {
            tried = true;
            Ok(7)
        });
        assert!(matches!(again, Err(None)));
        assert!(!tried);
        assert_eq!(pool.counts(), (0, 0));
    }

    #[test]
    fn buffers_made_before_a_failure_stay_in_use() {
        let pool = Pool::<u32>::new(4);
        let held = pool.take(|| Ok(1)).expect("made");
        assert!(matches!(pool.take(failing), Err(Some(_))));
        drop(held);
        assert_eq!(*pool.take(failing).expect("the free one"), 1);
    }

    #[test]
    fn the_window_bounds_the_staged_sizes_and_follows_the_device() {
        let auto = Window { mode: None, min: 64 << 10, max: 8 << 20, uploads: true };
        for dir in [Dir::ToHost, Dir::ToDevice] {
            assert!(auto.stages(false, dir, 800_000));
            assert!(auto.stages(false, dir, 64 << 10) && auto.stages(false, dir, 8 << 20));
            assert!(!auto.stages(false, dir, (64 << 10) - 1));
            assert!(!auto.stages(false, dir, (8 << 20) + 1));
            // Unified host memory (a CPU device): only when asked for.
            assert!(!auto.stages(true, dir, 800_000));
            let on = Window { mode: Some(true), ..auto };
            assert!(on.stages(true, dir, 800_000) && !on.stages(true, dir, 100));
            let off = Window { mode: Some(false), ..auto };
            assert!(!off.stages(false, dir, 800_000));
            // Nothing to move is never staged.
            let all = Window { mode: Some(true), min: 0, max: u64::MAX, uploads: true };
            assert!(!all.stages(false, dir, 0));
        }
        // Downloads only.
        let down = Window { uploads: false, ..auto };
        assert!(down.stages(false, Dir::ToHost, 800_000));
        assert!(!down.stages(false, Dir::ToDevice, 800_000));
    }
}
