//! Matrices a host loop leaves on the device between its calls, moving single rows
//! (the compiler's `analysis::rows`; note `device-execution`, "Matrices left on the
//! device").
//!
//! Generated code opens a [`RowScope`] ([`super::rows`]) around a host loop that calls a
//! `sync`-form SOMD method `a = C.m(.., a, ..)` returning the matrix it updates, and that
//! touches the matrix between calls only through rows it fetches with [`super::row`]
//! before the call (LINPACK's `dgefa`: the pivot column). Under the scope:
//!
//! - the call ([`super::SyncCall`]) does not download the matrix: its result is a host
//!   matrix whose rows are all *stale* (the device buffer holds them), and the scope keeps
//!   the buffer;
//! - a row fetch downloads its row when stale and marks it *dirty* (the host may write it);
//! - the next call that passes that same matrix uploads the dirty rows only and reuses the
//!   buffer; its result is the same host matrix again (the compiler proved that nothing
//!   else references it, so the old value cannot be observed);
//! - a call that runs on the CPU, or passes another matrix, first downloads what is stale
//!   (*settles* it); so does the scope when it is dropped (the loop is left by any path);
//!   an analysed call that runs on the CPU (adaptive `auto`, a ragged or `null` argument
//!   the device plan declines) also disarms its scope, so that no later call of the method
//!   is taken for it.
//!
//! Scopes are per thread (the loop and its calls run on one thread) and nest.
//! `SOMD_ROWS=off` opens empty scopes (every call moves the whole matrix, as without the
//! scope: for measuring what the scope saves).

use super::{slot_bytes, slot_bytes_mut, DevBuf, DevElem, HostArg};
use crate::opencl::{buffer, DeviceCtx, OrFatal};
use crate::value::Array;
use std::cell::RefCell;

/// A host matrix of a [`DevElem::RAW`] element type, type-erased.
trait Matrix: Send + Sync {
    /// The address of its row array (its identity).
    fn addr(&self) -> usize;
    fn row(&self, r: usize) -> &[u8];
    #[allow(clippy::mut_from_ref)] // the rows' slots are cells (see `slot_bytes_mut`)
    fn row_mut(&self, r: usize) -> &mut [u8];
    fn as_any(&self) -> &dyn std::any::Any;
}

impl<T: DevElem> Matrix for Array<Array<T>> {
    fn addr(&self) -> usize {
        self.slots().as_ptr() as usize
    }
    fn row(&self, r: usize) -> &[u8] {
        slot_bytes(self.slots()[r].get_ref().slots())
    }
    fn row_mut(&self, r: usize) -> &mut [u8] {
        slot_bytes_mut(self.slots()[r].get_ref().slots())
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

/// The matrix a scope holds on the device.
struct Held {
    ctx: &'static DeviceCtx,
    host: Box<dyn Matrix>,
    /// `None` while a call has it.
    buf: Option<DevBuf>,
    row_bytes: usize,
    /// Per row: the device holds a newer copy than the host.
    stale: Vec<bool>,
    /// Rows fetched since the last call (the host may have written them).
    dirty: Vec<usize>,
    /// The rows the current call uploaded (last call's `dirty`): where a row argument
    /// passed on is looked for first ([`Lent::row_copy`]).
    sent: Vec<usize>,
    /// The row fetched last.
    last_fetch: Option<usize>,
    /// The index of the row read ahead by the last call ([`read_ahead`]) into
    /// `ahead_bytes`, the device's current copy of it until the next call begins.
    ahead: Option<usize>,
    /// Where rows are read ahead: one row of pinned memory, made at the first read ahead
    /// (a plain vector where the driver cannot pin). The H200's driver stalls on a queued
    /// read into ordinary memory: a step of LUFact's loop (a row written, copied, a launch,
    /// the next row read ahead, the error words read) took 27-38 µs with the row read into
    /// pinned memory against 50-56 µs (`somd-clbaseline costs`, docs/performance.md,
    /// "Ninety-ninth session").
    ahead_bytes: Option<AheadBytes>,
    /// The buffer of the last call's row argument copied from the matrix
    /// ([`Lent::row_copy`]), for the next call's copy (one row's size): a row copy per
    /// call allocates nothing.
    spare: Option<DevBuf>,
}

impl Held {
    /// Downloads every stale row into the host matrix.
    fn settle(&mut self) {
        let Some(buf) = &self.buf else { return };
        let stale: Vec<usize> = (0..self.stale.len()).filter(|r| self.stale[*r]).collect();
        if stale.is_empty() {
            return;
        }
        if stale.len() == self.stale.len() && self.row_bytes > 0 {
            let mut rows: Vec<&mut [u8]> = stale.iter().map(|r| self.host.row_mut(*r)).collect();
            buffer::read_rows(self.ctx, &buf.buffer, &mut rows, "rows").or_fatal();
        } else {
            for r in &stale {
                let at = r * self.row_bytes;
                buffer::read(self.ctx, &buf.buffer, at, self.host.row_mut(*r), "row").or_fatal();
            }
        }
        self.stale.iter_mut().for_each(|s| *s = false);
    }
}

/// One open scope: the SOMD method whose calls it serves and the matrix argument.
struct Scope {
    label: &'static str,
    param: usize,
    /// The analysed call is next: only it is served (another call of the same method,
    /// from elsewhere in the loop or from a callee, runs as without the scope).
    armed: bool,
    held: Option<Held>,
    /// A call's result waiting for [`adopt`]: its buffer, shape and whether the call
    /// passed the held matrix (the result is that matrix again).
    pending: Option<(&'static DeviceCtx, DevBuf, usize, usize, bool)>,
}

thread_local! {
    static SCOPES: RefCell<Vec<Scope>> = const { RefCell::new(Vec::new()) };
}

/// Runs `f` on the scope at `depth` of this thread's stack, if it is open.
fn with_scope<R>(depth: usize, f: impl FnOnce(&mut Scope) -> R) -> Option<R> {
    SCOPES.with(|s| s.borrow_mut().get_mut(depth).map(f))
}

fn off() -> bool {
    !crate::exec::placement().switches.rows
}

/// Rows of the matrix a host loop leaves on the device, while this value lives (module
/// doc).
#[must_use = "the matrix stays on the device only while the scope lives"]
pub struct RowScope {
    /// The scope's place on this thread's stack (`None`: `SOMD_ROWS=off`).
    depth: Option<usize>,
}

impl RowScope {
    /// The loop's analysed call (`a = C.m(.., a, ..)`, whose arguments call nothing) comes
    /// next: the scope serves it.
    pub fn arm(&self) {
        if let Some(depth) = self.depth {
            with_scope(depth, |scope| scope.armed = true);
        }
    }
}

/// Opens a row scope for the calls of SOMD method `label` with the matrix at argument
/// `param`.
pub fn open(label: &'static str, param: usize) -> RowScope {
    if off() {
        return RowScope { depth: None };
    }
    let depth = SCOPES.with(|s| {
        let mut scopes = s.borrow_mut();
        scopes.push(Scope { label, param, armed: false, held: None, pending: None });
        scopes.len() - 1
    });
    RowScope { depth: Some(depth) }
}

impl Drop for RowScope {
    fn drop(&mut self) {
        if self.depth.is_none() {
            return;
        }
        let scope = SCOPES.with(|s| s.borrow_mut().pop());
        // Unwinding: an exception ends the program, nothing reads the matrix any more.
        if std::thread::panicking() {
            return;
        }
        if let Some(mut held) = scope.and_then(|s| s.held) {
            held.settle();
        }
    }
}

/// `a[index]` for a row fetch: the row, downloaded first when the device holds a newer
/// copy, and from now on uploaded by the next call (the host may write it).
pub fn fetch<T: DevElem>(
    a: &Array<Array<T>>,
    index: i32,
    pos: &'static crate::error::SourcePos,
) -> Array<T> {
    let row = a.get(index, pos);
    if !T::RAW || a.is_null() {
        return row;
    }
    let addr = a.slots().as_ptr() as usize;
    // `get` checked the index.
    let r = index as usize;
    SCOPES.with(|s| {
        let mut scopes = s.borrow_mut();
        let Some(held) =
            scopes.iter_mut().rev().filter_map(|s| s.held.as_mut()).find(|h| h.host.addr() == addr)
        else {
            return;
        };
        if held.stale[r] {
            let into = slot_bytes_mut(row.slots());
            match (held.ahead.take(), &held.ahead_bytes) {
                // Read by the last call, behind its error words (`read_ahead`).
                (Some(ahead), Some(bytes)) if ahead == r && bytes.len() == into.len() => {
                    into.copy_from_slice(bytes);
                }
                _ => {
                    if let Some(buf) = &held.buf {
                        let at = r * held.row_bytes;
                        buffer::read(held.ctx, &buf.buffer, at, into, "row").or_fatal();
                    }
                }
            }
            held.stale[r] = false;
        }
        held.last_fetch = Some(r);
        if !held.dirty.contains(&r) {
            held.dirty.push(r);
        }
    });
    row
}

/// The matrix argument's address, when it is a matrix of a raw element type.
fn matrix_addr(arg: Option<&HostArg<'_>>) -> Option<usize> {
    match arg {
        Some(HostArg::Array(a)) => a.matrix_addr(),
        _ => None,
    }
}

/// For a call of `desc` on `ctx` about to begin: when it is the armed call of a scope, that
/// scope's matrix argument, lent the held buffer when the call passes the held matrix (its
/// dirty rows queued up first); a held matrix the call does not pass is settled and let
/// go. Any other call only settles a held matrix it is passed.
pub(super) fn engage(
    ctx: &'static DeviceCtx,
    desc: &'static super::SyncDesc,
    args: &[HostArg<'_>],
) -> Option<Lent> {
    let served = SCOPES.with(|s| {
        let mut scopes = s.borrow_mut();
        let depth = scopes.iter().rposition(|s| s.label == desc.label && s.armed)?;
        let scope = &mut scopes[depth];
        scope.armed = false;
        // A call whose copy-backs exchange the matrix's buffer with another (`SyncDesc::
        // swaps`) has its own buffers: the scope lets its matrix go.
        let swapped = desc.swaps.iter().any(|(d, s)| *d == scope.param || *s == scope.param);
        (!swapped).then_some(depth)
    });
    let Some(depth) = served else {
        settle_args(args);
        return None;
    };
    with_scope(depth, |scope| {
        let param = scope.param;
        let lent = |buf| Lent { ctx, depth, param, buf };
        let addr = matrix_addr(args.get(param))?;
        let reusable = scope
            .held
            .as_ref()
            .is_some_and(|h| h.host.addr() == addr && std::ptr::eq(h.ctx, ctx) && h.buf.is_some());
        if !reusable {
            if let Some(mut held) = scope.held.take() {
                held.settle();
            }
            return Some(lent(None));
        }
        let held = scope.held.as_mut()?;
        let mut buf = held.buf.take()?;
        // The call changes the matrix on the device: a row read ahead is out of date.
        held.ahead = None;
        held.sent.clear();
        for r in std::mem::take(&mut held.dirty) {
            held.sent.push(r);
            // SAFETY: the row's storage belongs to the matrix the scope holds, which keeps
            // it alive; the calling thread is inside the call until its error check has
            // waited for the queue (in order), which has then run the write.
            unsafe {
                buffer::write_queued(
                    ctx,
                    &mut buf.buffer,
                    r * held.row_bytes,
                    held.host.row(r),
                    "row",
                )
            }
            .or_fatal();
        }
        super::resident::trace_resident(ctx, "rows", held.row_bytes * held.stale.len());
        Some(lent(Some(buf)))
    })
    .flatten()
}

/// The armed call of a scope, while it begins: the matrix argument, and the held buffer
/// when the call passes the held matrix, given back to the scope when dropped before the
/// call takes it (the call did not begin).
pub(super) struct Lent {
    ctx: &'static DeviceCtx,
    /// The scope's place on the stack.
    depth: usize,
    /// The matrix argument.
    pub(super) param: usize,
    buf: Option<DevBuf>,
}

impl Lent {
    /// The scope's place on the stack (for [`hold`]).
    pub(super) fn depth(&self) -> usize {
        self.depth
    }

    /// Whether the call was passed the held matrix (and is lent its buffer).
    pub(super) fn holds(&self) -> bool {
        self.buf.is_some()
    }

    pub(super) fn take(&mut self) -> Option<DevBuf> {
        self.buf.take()
    }

    /// When array argument `arg` is a row of the held matrix (a fetched row passed on, as
    /// LUFact's `colK`): its copy, made on the device from the lent matrix buffer (a
    /// `resident` trace event named `name`). `None` for any other argument.
    pub(super) fn row_copy(&mut self, arg: &dyn super::HostArray, name: &str) -> Option<DevBuf> {
        let matrix = self.buf.as_ref()?;
        let rows = arg.raw_rows()?;
        let [data] = rows.as_slice() else { return None };
        let (at, bytes, spare) = with_scope(self.depth, |scope| {
            let held = scope.held.as_mut()?;
            let same = |r: &usize| {
                let row = held.host.row(*r);
                row.as_ptr() == data.as_ptr() && row.len() == data.len()
            };
            // A fetched row, usually: among the ones just sent up, else any.
            let r = held
                .sent
                .iter()
                .copied()
                .find(same)
                .or_else(|| (0..held.stale.len()).find(same))?;
            Some((r * held.row_bytes, held.row_bytes, held.spare.take()))
        })
        .flatten()?;
        let mut buf = match spare {
            Some(buf) => buf,
            None => super::allocate(self.ctx, bytes, name)?,
        };
        // The row's bytes at its offset in the matrix, into a new buffer of the row's size.
        buffer::copy(self.ctx, &matrix.buffer, at, &mut buf.buffer, bytes).or_fatal();
        super::resident::trace_resident(self.ctx, name, bytes);
        Some(buf)
    }
}

impl Drop for Lent {
    fn drop(&mut self) {
        let Some(buf) = self.buf.take() else { return };
        // The dirty rows' writes were queued without waiting, from rows the CPU path may
        // now write or free: they finish first.
        if !std::thread::panicking() {
            self.ctx.finish().or_fatal();
        }
        with_scope(self.depth, |scope| {
            if let Some(held) = scope.held.as_mut() {
                held.buf = Some(buf);
            }
        });
    }
}

/// For the armed call of the scope at `depth`, finishing with the held matrix's new
/// contents in `buf`: queues the read of the row the host is expected to fetch next (the
/// one after its last fetch, as LINPACK's loop fetches its pivot columns), so that the
/// call's one wait, for its error words queued behind, brings the row too and the fetch
/// needs no round trip of its own. A fetch of another row reads as before. Queued before
/// the call's error words are read, which the caller waits for before anything else.
pub(super) fn read_ahead(ctx: &'static DeviceCtx, depth: usize, buf: &DevBuf) {
    with_scope(depth, |scope| {
        let Some(held) = scope.held.as_mut() else { return };
        let Some(r) = held.last_fetch.map(|r| r + 1).filter(|r| *r < held.stale.len()) else {
            return;
        };
        if held.row_bytes == 0 {
            return;
        }
        let row_bytes = held.row_bytes;
        let bytes = held.ahead_bytes.get_or_insert_with(|| AheadBytes::new(ctx, row_bytes));
        // SAFETY: the bytes stay in the scope (their storage does not move) and are not
        // touched before the caller's wait for the error words queued after this read (the
        // queue is in order); the next read into them is queued by a later call, after
        // that wait, and a fetch reads them only once `ahead` names their row.
        unsafe { buffer::read_queued(ctx, &buf.buffer, r * row_bytes, bytes, "row") }.or_fatal();
        held.ahead = Some(r);
    });
}

/// One row's bytes for [`read_ahead`]: the first `len` bytes of pinned host memory, which
/// the driver writes without staging, or a vector where pinning failed. Pinned memory goes
/// back to [`AHEAD_SPARE`] when the scope lets its matrix go, for the next scope's read
/// ahead: a loop that opens a scope for a few calls, many times, pins no row each time.
enum AheadBytes {
    Pinned { ctx: usize, host: Option<crate::opencl::PinnedHost<u8>>, len: usize },
    Plain(Vec<u8>),
}

/// Pinned rows no scope holds, with the address of their device context.
static AHEAD_SPARE: std::sync::Mutex<Vec<(usize, crate::opencl::PinnedHost<u8>)>> =
    std::sync::Mutex::new(Vec::new());

/// The most pinned rows kept for later scopes.
const AHEAD_SPARE_MAX: usize = 4;

fn ahead_spare() -> std::sync::MutexGuard<'static, Vec<(usize, crate::opencl::PinnedHost<u8>)>> {
    AHEAD_SPARE.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl AheadBytes {
    fn new(ctx: &'static DeviceCtx, len: usize) -> AheadBytes {
        let id = ctx.id();
        let spare = {
            let mut spare = ahead_spare();
            let k = spare.iter().position(|(c, host)| *c == id && host.len() >= len);
            k.map(|k| spare.swap_remove(k).1)
        };
        match spare.map_or_else(|| crate::opencl::PinnedHost::new(ctx, len), Ok) {
            Ok(host) => AheadBytes::Pinned { ctx: id, host: Some(host), len },
            Err(_) => AheadBytes::Plain(vec![0; len]),
        }
    }
}

impl Drop for AheadBytes {
    fn drop(&mut self) {
        // Each call's wait comes before the scope can let the bytes go, so no read is queued
        // into them; one dropped here unmaps after anything queued before (`PinnedHost`).
        if let AheadBytes::Pinned { ctx, host, .. } = self {
            if let Some(host) = host.take() {
                let unkept = {
                    let mut spare = ahead_spare();
                    match spare.len() < AHEAD_SPARE_MAX {
                        true => {
                            spare.push((*ctx, host));
                            None
                        }
                        false => Some(host),
                    }
                };
                drop(unkept);
            }
        }
    }
}

impl std::ops::Deref for AheadBytes {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            AheadBytes::Pinned { host: Some(host), len, .. } => &host[..*len],
            AheadBytes::Pinned { host: None, .. } => &[],
            AheadBytes::Plain(v) => v,
        }
    }
}

impl std::ops::DerefMut for AheadBytes {
    fn deref_mut(&mut self) -> &mut [u8] {
        match self {
            AheadBytes::Pinned { host: Some(host), len, .. } => &mut host[..*len],
            AheadBytes::Pinned { host: None, .. } => &mut [],
            AheadBytes::Plain(v) => v,
        }
    }
}

/// Gives the scope at `depth` the buffer of a finished call's row copy ([`Lent::row_copy`])
/// for its next call. The queue is in order: the next copy into it runs after that call.
pub(super) fn spare_row(depth: usize, buf: DevBuf) {
    with_scope(depth, |scope| {
        if let Some(held) = scope.held.as_mut() {
            held.spare = Some(buf);
        }
    });
}

/// The call of SOMD method `label` that began runs on the CPU: if it is the armed call of a
/// scope (the innermost armed for `label`; generated code arms right before the analysed
/// call), the scope no longer waits for it. Another call of the method later in the loop
/// runs as without the scope, as it would after a device call.
pub(super) fn disarm(label: &str) {
    SCOPES.with(|s| {
        if let Some(scope) = s.borrow_mut().iter_mut().rev().find(|s| s.label == label && s.armed) {
            scope.armed = false;
        }
    });
}

/// Settles (and lets go) every held matrix among `args`: the call runs on the CPU, which
/// reads the host's rows.
pub(super) fn settle_args(args: &[HostArg<'_>]) {
    let addrs: Vec<usize> = args.iter().filter_map(|a| matrix_addr(Some(a))).collect();
    if addrs.is_empty() {
        return;
    }
    SCOPES.with(|s| {
        for scope in s.borrow_mut().iter_mut() {
            if scope.held.as_ref().is_some_and(|h| addrs.contains(&h.host.addr())) {
                if let Some(mut held) = scope.held.take() {
                    held.settle();
                }
            }
        }
    });
}

/// Records the result buffer of the armed call of the scope at `depth` (the matrix it
/// returns, `rows` rows of `row_bytes` bytes); `reused`: the call was passed the held
/// matrix.
pub(super) fn hold(
    ctx: &'static DeviceCtx,
    depth: usize,
    buf: DevBuf,
    rows: usize,
    row_bytes: usize,
    reused: bool,
) {
    with_scope(depth, |scope| scope.pending = Some((ctx, buf, rows, row_bytes, reused)));
}

/// The host matrix of the result [`hold`] recorded for the scope at `depth`: the held
/// matrix again when the call was passed it, else a new one (every row stale), which the
/// scope now holds.
pub(super) fn adopt<T: DevElem>(depth: usize) -> Array<Array<T>> {
    with_scope(depth, |scope| {
        let Some((ctx, buf, rows, row_bytes, reused)) = scope.pending.take() else {
            return Array::default();
        };
        if reused {
            if let Some(held) = scope.held.as_mut() {
                if let Some(host) = held.host.as_any().downcast_ref::<Array<Array<T>>>() {
                    let host = host.clone();
                    held.buf = Some(buf);
                    held.stale.iter_mut().for_each(|s| *s = true);
                    held.dirty.clear();
                    return host;
                }
            }
        }
        let cols = row_bytes / T::ELEM.size().max(1);
        let host: Array<Array<T>> =
            Array::from_fn(rows, |_| Array::from_buffer(crate::value::default_slots::<T>(cols)));
        scope.held = Some(Held {
            ctx,
            host: Box::new(host.clone()),
            buf: Some(buf),
            row_bytes,
            stale: vec![true; rows],
            dirty: Vec::new(),
            sent: Vec::new(),
            last_fetch: None,
            ahead: None,
            ahead_bytes: None,
            spare: None,
        });
        host
    })
    .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::AheadBytes;
    use crate::opencl::device::for_tests;

    /// A scope's pinned row goes back for the next scope's, which takes it when it is long
    /// enough and sees only its own length of it.
    #[test]
    fn pinned_rows_read_ahead_serve_later_scopes() {
        let Some(ctx) = for_tests() else { return };
        let mut first = AheadBytes::new(ctx, 100);
        assert!(matches!(first, AheadBytes::Pinned { .. }), "the device pins 100 bytes");
        first[99] = 7;
        let at = first.as_ptr();
        drop(first);
        let mut second = AheadBytes::new(ctx, 80);
        assert_eq!((second.as_ptr(), second.len()), (at, 80), "the kept row, 80 bytes of it");
        second[0] = 1;
        // Still held by `second`: a longer row is pinned anew.
        let third = AheadBytes::new(ctx, 200);
        assert_ne!(third.as_ptr(), at);
        assert_eq!(third.len(), 200);
    }
}
