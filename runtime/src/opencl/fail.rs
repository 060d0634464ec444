//! The host side of the failure-reporting protocol (see the [`crate::opencl`] module doc
//! and `runtime/cl/somd_errors.cl`): the error buffer, and its translation into the Java
//! exception the CPU backends raise for the same failure, with the same text.

use super::buffer::PinnedHost;
use super::cl::{kind, ERR_CAP, ERR_ENTRY, ERR_HEAD, ERR_QUICK, ERR_WORDS};
use super::device::DeviceCtx;
use super::ClFailure;
use crate::error::{self, class, JavaException, SourcePos};
use opencl3::event::Event;
use opencl3::memory::{Buffer, ClMem, CL_MEM_READ_WRITE};
use opencl3::types::{cl_mem, CL_BLOCKING, CL_NON_BLOCKING};
use std::ptr;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Mutex;

/// The last epoch handed out by [`next_epoch`].
static EPOCH: AtomicU32 = AtomicU32::new(0);

/// A launch's epoch (`somd_err_epoch`): a number no other launch of the process had lately
/// (never 0), which tells the failures of one launch from those of the launches before it
/// on the same error buffer (`somd_errors.cl`).
pub fn next_epoch() -> u32 {
    loop {
        let epoch = EPOCH.fetch_add(1, Ordering::Relaxed).wrapping_add(1);
        if epoch != 0 {
            return epoch;
        }
    }
}

/// One failure a kernel recorded: site id, kind, index, length.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Failure {
    pub site: i32,
    pub kind: i32,
    pub index: i32,
    pub length: i32,
}

impl Failure {
    /// A failure the head records whose entry the log lacks (`somd_errors.cl` says when
    /// none can be): raised as a `java.lang.Error` ([`decode`]).
    pub const UNLOGGED: Failure = Failure { site: -1, kind: 0, index: 0, length: 0 };

    /// The failure of a log entry (~key's two words, sub, site, kind, index, length).
    fn of_entry(entry: &[i32]) -> Failure {
        Failure { site: entry[3], kind: entry[4], index: entry[5], length: entry[6] }
    }
}

/// The key of an inverted key's words `low`, `high` as the device wrote them: a 64-bit word
/// in its own byte order, which is the host's, as for every `long` buffer (`wide`), else a
/// 32-bit key in `low`.
fn uninvert(low: i32, high: i32, wide: bool) -> u64 {
    if wide {
        let bytes = [low.to_ne_bytes(), high.to_ne_bytes()].concat();
        !u64::from_ne_bytes(bytes.try_into().expect("eight bytes"))
    } else {
        u64::from(!(low as u32))
    }
}

/// Whether the head's words hold 64-bit keys: the high word of a 64-bit ~key is never 0
/// (keys stay below 2^63), and 32-bit keys leave word 3 at 0.
pub fn wide_keys(words: &[i32]) -> bool {
    words[3] != 0
}

/// The key of the first failure, from the head's words 2 and 3: the inverse of a 64-bit
/// word on a device with 64-bit atomics, else of a 32-bit word in word 2
/// ([`wide_keys`]).
pub fn first_key(words: &[i32]) -> u64 {
    uninvert(words[2], words[3], wide_keys(words))
}

/// The failure of Java's first failing iteration among the log's `entries` (whole entries
/// of [`ERR_ENTRY`] words; slots never written, whose ~key is 0, are skipped), given the
/// head's `words`: of the entries of the head's minimum key, the one of the smallest sub
/// (Java's first inner step to fail among lanes sharing the key), then of the lowest slot;
/// should the minimum's entry be missing (`somd_errors.cl`: it is not, in the kernels the
/// writer emits), the entry of the smallest key and sub logged.
pub fn first_failure(words: &[i32], entries: &[i32]) -> Option<Failure> {
    let (first, wide) = (first_key(words), wide_keys(words));
    let entries = entries.chunks_exact(ERR_ENTRY).filter(|e| e[0] != 0 || e[1] != 0);
    let order = |e: &&[i32]| (uninvert(e[0], e[1], wide), e[2] as u32);
    let exact = entries.clone().filter(|e| uninvert(e[0], e[1], wide) == first).min_by_key(order);
    exact.or_else(|| entries.min_by_key(order)).map(Failure::of_entry)
}

/// The `__global int *somd_err` buffer of a batch of launches (zeroed on creation; a batch
/// that fails ends the program, so it never needs resetting).
///
/// A buffer whose last check found no failure, with every launch that used it finished, is
/// still all zero: [`ErrorBuffer::check_last`] and [`PendingCheck::check`] give it back to a
/// small per-process pool, from which [`ErrorBuffer::new`] takes it for the next call
/// instead of creating and zeroing a new one (a driver allocation, a host-to-device copy
/// and a release per device call otherwise).
#[derive(Debug)]
pub struct ErrorBuffer {
    ctx: &'static DeviceCtx,
    buffer: Buffer<i32>,
}

/// Error buffers known to be all zero and used by no queued command, with the address of
/// their device context.
static SPARE: Mutex<Vec<(usize, Buffer<i32>)>> = Mutex::new(Vec::new());

/// The most spare error buffers kept (calls on several threads each hold one).
const SPARE_MAX: usize = 16;

fn spare() -> std::sync::MutexGuard<'static, Vec<(usize, Buffer<i32>)>> {
    // The pool holds whole entries only: a panic while it is locked leaves it consistent.
    SPARE.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Host memory an error buffer's words are read into: pinned where the driver pins it,
/// which the driver writes directly (on the H200 a launch and the blocking read of its
/// words took 15-19 µs into pinned memory against 17-21 µs into ordinary memory:
/// docs/performance.md, "Ninety-ninth session"), else a boxed array. Pinned ones are kept
/// per device context ([`WORDS`]) and reused by later reads.
enum Words {
    Pinned(PinnedHost<i32>),
    Plain(Box<[i32; ERR_QUICK]>),
}

/// Pinned words no read uses, with the address of their device context.
static WORDS: Mutex<Vec<(usize, PinnedHost<i32>)>> = Mutex::new(Vec::new());

/// The most pinned words kept (reads on several threads each hold one).
const WORDS_MAX: usize = 16;

/// Set once pinning words failed: later reads use boxed arrays without trying again.
static WORDS_UNPINNED: AtomicBool = AtomicBool::new(false);

fn spare_words() -> std::sync::MutexGuard<'static, Vec<(usize, PinnedHost<i32>)>> {
    WORDS.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl std::fmt::Debug for Words {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Words::Pinned(_) => "Words::Pinned",
            Words::Plain(_) => "Words::Plain",
        })
    }
}

impl Words {
    /// Words to read into on `ctx`: spare pinned ones, new pinned ones, or a boxed array.
    fn take(ctx: &'static DeviceCtx) -> Words {
        let id = ctx.id();
        {
            let mut spare = spare_words();
            if let Some(k) = spare.iter().rposition(|(c, _)| *c == id) {
                return Words::Pinned(spare.swap_remove(k).1);
            }
        }
        if !WORDS_UNPINNED.load(Ordering::Relaxed) {
            match PinnedHost::new(ctx, ERR_QUICK) {
                Ok(pinned) if pinned.len() == ERR_QUICK => return Words::Pinned(pinned),
                _ => WORDS_UNPINNED.store(true, Ordering::Relaxed),
            }
        }
        Words::Plain(Box::new([0; ERR_QUICK]))
    }

    fn slots(&mut self) -> &mut [i32] {
        match self {
            Words::Pinned(p) => p,
            Words::Plain(b) => &mut b[..],
        }
    }

    /// The words read (once the read has completed).
    fn get(&mut self) -> [i32; ERR_QUICK] {
        let mut words = [0; ERR_QUICK];
        words.copy_from_slice(self.slots());
        words
    }

    /// Gives pinned words that no queued read writes any more back for a later read.
    fn give_back(self, ctx: &DeviceCtx) {
        if let Words::Pinned(pinned) = self {
            let mut spare = spare_words();
            if spare.len() < WORDS_MAX {
                spare.push((ctx.id(), pinned));
            }
        }
    }
}

impl ErrorBuffer {
    /// A zeroed error buffer on `ctx`: a spare one when there is one, else a new one.
    pub fn new(ctx: &'static DeviceCtx) -> Result<ErrorBuffer, ClFailure> {
        let id = ctx.id();
        {
            let mut spare = spare();
            if let Some(k) = spare.iter().rposition(|(c, _)| *c == id) {
                let (_, buffer) = spare.swap_remove(k);
                return Ok(ErrorBuffer { ctx, buffer });
            }
        }
        // SAFETY: no host pointer.
        let mut buffer = unsafe {
            Buffer::<i32>::create(&ctx.context, CL_MEM_READ_WRITE, ERR_WORDS, ptr::null_mut())
        }
        .map_err(ClFailure::api("clCreateBuffer(somd_err)"))?;
        // Zeros everywhere: the log's slots are claimed by an atomic max on their ~key
        // (`somd_errors.cl`). The fill is queued ahead of every launch that uses the buffer
        // (the queue is in order) and runs on the device; copying the whole buffer from
        // the host cost a call of the runtime's reduction 60 µs on the H100.
        // SAFETY: the pattern is copied when the fill is queued; the range is the buffer.
        unsafe {
            ctx.queue.enqueue_fill_buffer(
                &mut buffer,
                &[0i32],
                0,
                ERR_WORDS * std::mem::size_of::<i32>(),
                &[],
            )
        }
        .map_err(ClFailure::api("clEnqueueFillBuffer(somd_err)"))?;
        Ok(ErrorBuffer { ctx, buffer })
    }

    pub fn mem(&self) -> cl_mem {
        self.buffer.get()
    }

    /// Reads the buffer's head and first log entry (waiting for every launch queued before).
    pub fn read(&self) -> Result<[i32; ERR_QUICK], ClFailure> {
        let mut words = Words::take(self.ctx);
        // SAFETY: blocking read of the buffer's first ERR_QUICK ints into words of that
        // length, which live on past it.
        unsafe {
            self.ctx.queue.enqueue_read_buffer(&self.buffer, CL_BLOCKING, 0, words.slots(), &[])
        }
        .map_err(ClFailure::api("clEnqueueReadBuffer(somd_err)"))?;
        let read = words.get();
        words.give_back(self.ctx);
        Ok(read)
    }

    /// The first failure in Java's order, given the words [`ErrorBuffer::read`] returned:
    /// `None` when none was recorded; the first entry when one slot was taken and it holds
    /// the head's key; otherwise the whole log is read (several contexts failed: the
    /// program ends) and searched. A failure without an entry is [`Failure::UNLOGGED`], so
    /// the buffer, whose head is no longer zero, is never used again.
    pub fn failure(&self, words: &[i32; ERR_QUICK]) -> Result<Option<Failure>, ClFailure> {
        if words[0] == 0 {
            return Ok(None);
        }
        let quick = &words[ERR_HEAD..];
        if words[1] == 1 && uninvert(quick[0], quick[1], wide_keys(words)) == first_key(words) {
            return Ok(Some(Failure::of_entry(quick)));
        }
        let mut entries = vec![0i32; ERR_CAP * ERR_ENTRY];
        let offset = ERR_HEAD * std::mem::size_of::<i32>();
        // SAFETY: blocking read of the log, which ends the buffer, into a vector its size.
        unsafe {
            self.ctx.queue.enqueue_read_buffer(&self.buffer, CL_BLOCKING, offset, &mut entries, &[])
        }
        .map_err(ClFailure::api("clEnqueueReadBuffer(somd_err log)"))?;
        Ok(first_failure(words, &entries).or(Some(Failure::UNLOGGED)))
    }

    /// Waits for the launches queued so far and raises the recorded failure, if any, as the
    /// Java exception at its site's position (`sites[site id]`). Call it after each launch or
    /// batch of launches, before the host reads any result.
    pub fn check(&self, sites: &'static [SourcePos]) -> Result<(), ClFailure> {
        let words = self.read()?;
        if let Some(failure) = self.failure(&words)? {
            error::throw(decode(failure, sites));
        }
        Ok(())
    }

    /// [`ErrorBuffer::check`] after the call's last launch: a buffer that recorded no
    /// failure is kept for a later call (see the type's doc).
    pub fn check_last(self, sites: &'static [SourcePos]) -> Result<(), ClFailure> {
        self.check(sites)?;
        self.recycle();
        Ok(())
    }

    /// Queues the read of the words after the launches queued so far, without waiting: the
    /// caller queues its result reads behind it and waits once (the queue is in order), then
    /// checks the words with [`PendingCheck::check`] before it uses any result.
    pub fn read_queued(self) -> Result<PendingCheck, ClFailure> {
        let mut words = Words::take(self.ctx);
        // SAFETY: non-blocking read of the buffer's first ERR_QUICK ints into words of that
        // length (pinned or boxed: their storage does not move) that `PendingCheck` owns and
        // does not read, give back or free before the read's event has completed (`check`
        // and `words` wait for it; `drop` waits for it, and leaks the words when that wait
        // fails).
        let event = unsafe {
            self.ctx.queue.enqueue_read_buffer(&self.buffer, CL_NON_BLOCKING, 0, words.slots(), &[])
        }
        .map_err(ClFailure::api("clEnqueueReadBuffer(somd_err)"))?;
        Ok(PendingCheck { ctx: self.ctx, err: Some(self), words: Some(words), event: Some(event) })
    }

    /// The end of a call's launches: when results will be downloaded, the words' read is
    /// queued ahead of them ([`ErrorBuffer::read_queued`]; the caller checks the returned
    /// [`PendingCheck`] after them, one wait for both); otherwise the words are read and
    /// checked now ([`ErrorBuffer::check_last`]).
    pub fn settle(
        self,
        downloads: bool,
        sites: &'static [SourcePos],
    ) -> Result<Option<PendingCheck>, ClFailure> {
        if downloads {
            self.read_queued().map(Some)
        } else {
            self.check_last(sites).map(|()| None)
        }
    }

    /// Gives back a buffer whose launches cannot record a failure (the runtime's own
    /// kernels), once they have finished (a blocking read of their results returned).
    pub fn release_unused(self) {
        self.recycle();
    }

    /// Gives a buffer that holds only zeros, and that no queued command uses, to the pool.
    fn recycle(self) {
        let mut spare = spare();
        if spare.len() < SPARE_MAX {
            spare.push((self.ctx.id(), self.buffer));
        }
    }
}

/// The read of an error buffer's words, queued by [`ErrorBuffer::read_queued`].
#[derive(Debug)]
pub struct PendingCheck {
    ctx: &'static DeviceCtx,
    err: Option<ErrorBuffer>,
    /// `None` once given back (after the read completed).
    words: Option<Words>,
    event: Option<Event>,
}

impl PendingCheck {
    /// Waits for the read (at once when a later blocking command on the queue has returned)
    /// and raises the recorded failure, if any, as [`ErrorBuffer::check`] does; with none,
    /// the buffer goes back to the pool.
    pub fn check(mut self, sites: &'static [SourcePos]) -> Result<(), ClFailure> {
        let words = self.wait()?;
        let failure = match &self.err {
            Some(err) => err.failure(&words)?,
            None => None,
        };
        if let Some(failure) = failure {
            error::throw(decode(failure, sites));
        }
        if let Some(err) = self.err.take() {
            err.recycle();
        }
        Ok(())
    }

    /// The words, once the read has completed, for a caller that handles a recorded failure
    /// itself (word 0 is not 0); with none, the buffer goes back to the pool.
    pub fn words(mut self) -> Result<[i32; ERR_QUICK], ClFailure> {
        let words = self.wait()?;
        if words[0] == 0 {
            if let Some(err) = self.err.take() {
                err.recycle();
            }
        }
        Ok(words)
    }

    fn wait(&mut self) -> Result<[i32; ERR_QUICK], ClFailure> {
        // The event is dropped only once the wait succeeded: after a failed wait the read may
        // still be queued, and `drop` must not free the words under it.
        if let Some(event) = &self.event {
            event.wait().map_err(ClFailure::api("clWaitForEvents(somd_err)"))?;
            self.event = None;
        }
        let mut words =
            self.words.take().ok_or(ClFailure::Api { op: "somd_err words", code: 0 })?;
        let read = words.get();
        words.give_back(self.ctx);
        Ok(read)
    }
}

impl Drop for PendingCheck {
    fn drop(&mut self) {
        // The driver may still write the words: they live until the read is done (then go
        // back for a later read), and when the wait itself fails (a lost device) they are
        // leaked rather than freed under a read that may still run.
        if let Some(event) = self.event.take() {
            if event.wait().is_err() {
                std::mem::forget(self.words.take());
                return;
            }
        }
        if let Some(words) = self.words.take() {
            words.give_back(self.ctx);
        }
    }
}

/// The exception of a recorded failure. An unknown site id or kind (a bug in a kernel)
/// becomes a `java.lang.Error` that names it.
pub fn decode(failure: Failure, sites: &'static [SourcePos]) -> JavaException {
    let Failure { site, kind, index, length } = failure;
    if failure == Failure::UNLOGGED {
        return JavaException::unplaced(
            "java.lang.Error",
            "a kernel failed, and the device's failure log holds no entry of it".to_string(),
        );
    }
    let Some(pos) = usize::try_from(site).ok().and_then(|s| sites.get(s)) else {
        return JavaException::unplaced(
            "java.lang.Error",
            format!("kernel reported failure kind {kind} at unknown site {site}"),
        );
    };
    let exc = |class: &'static str, detail: String| JavaException::new(class, detail, *pos);
    match kind {
        kind::BOUNDS => exc(
            class::ARRAY_INDEX_OUT_OF_BOUNDS,
            format!("Index {index} out of bounds for length {length}"),
        ),
        kind::DIV_ZERO => exc(class::ARITHMETIC, "/ by zero".to_string()),
        kind::NEGATIVE_SIZE => exc(class::NEGATIVE_ARRAY_SIZE, index.to_string()),
        kind::NULL => exc(class::NULL_POINTER, String::new()),
        kind::VALUE_BOUND => exc(
            class::ILLEGAL_ARGUMENT,
            format!("value array of length {index} does not fit [[{length}]]"),
        ),
        kind::MAP_LENGTHS => exc(
            class::ILLEGAL_ARGUMENT,
            format!("mapped arguments of @ have different lengths: {index} and {length}"),
        ),
        kind::EMPTY_REDUCE => {
            exc(class::ILLEGAL_ARGUMENT, "reduction of an empty array with a method".to_string())
        }
        other => JavaException::new(
            "java.lang.Error",
            format!("kernel reported unknown failure kind {other}"),
            *pos,
        ),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::{ErrorBuffer, Words, ERR_QUICK};
    use crate::opencl::device::for_tests;
    use opencl3::types::CL_BLOCKING;

    /// Words read back through reused pinned memory are the buffer's current ones, for
    /// blocking and queued reads alike.
    #[test]
    fn error_words_come_through_reused_pinned_memory() {
        let Some(ctx) = for_tests() else { return };
        assert!(matches!(Words::take(ctx), Words::Pinned(_)), "the device pins 20 bytes");
        let mut err = ErrorBuffer::new(ctx).unwrap();
        for round in 1..=5 {
            let written: Vec<i32> = (0..ERR_QUICK as i32).map(|w| round * 100 + w).collect();
            // SAFETY: a blocking write of ERR_QUICK ints into the buffer's head.
            unsafe {
                ctx.queue.enqueue_write_buffer(&mut err.buffer, CL_BLOCKING, 0, &written, &[])
            }
            .unwrap();
            assert_eq!(err.read().unwrap().to_vec(), written, "blocking read, round {round}");
            let queued = err.read_queued().unwrap();
            let read = queued.words().unwrap();
            assert_eq!(read.to_vec(), written, "queued read, round {round}");
            // `words` keeps a buffer whose head is not 0 out of the pool: make another.
            err = ErrorBuffer::new(ctx).unwrap();
        }
        assert_eq!(err.read().unwrap(), [0; ERR_QUICK], "a new buffer reads as zeros");
    }
}
