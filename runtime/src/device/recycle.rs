//! Device buffers used again: a buffer a call, a kept copy or a result left on the device
//! no longer needs goes into a small pool, and the next allocation of the same size on the
//! same device takes it instead of making a new one.
//!
//! A program that calls the device in a loop needs buffers of the sizes it needed in the
//! last round, so it finds them here: nothing is released or made after its first round,
//! as a hand-written OpenCL program allocates its buffers once and writes them every round.
//! On the H200 a `@` writing a new 64 MiB result took 123–160 µs with a new buffer and
//! 69–75 µs with one from the pool (`bench/gpu/programs/range_reduce.somd`, `index`).
//!
//! Buffers are made in size classes ([`class`]: eight per power of two, so at most an eighth
//! larger than asked for) and taken by class, so that a program whose sizes change a little
//! every round (a filter's batches, a shrinking problem) still finds its buffers here
//! (the runtime's buffers are all `CL_MEM_READ_WRITE`
//! bytes, every user passes its lengths to the kernels and moves only the bytes it asked
//! for, and every user writes what it reads: uploads fill them, outputs are zero-filled,
//! results written by their kernels, as with a new buffer, whose contents OpenCL leaves
//! undefined). Each device has one in-order queue, so a buffer taken while commands that
//! used it under its previous owner are still queued is written only after them. The pool
//! holds at most [`MAX_FREE`] buffers and an eighth of the device's global memory per
//! device, releasing the least recently freed first; a buffer larger than that is released
//! at once. A device that fails to make a buffer gets the pool's free ones released and is
//! asked once more (where its driver allocates when the buffer is made: a driver that
//! allocates at first use fails later, at the transfer). `SOMD_RECYCLE=off` releases every
//! buffer freed, for measuring.

use crate::opencl::trace::{self, Value};
use crate::opencl::DeviceCtx;
use opencl3::memory::Buffer;
use std::sync::Mutex;

/// The most free buffers kept per device.
pub(super) const MAX_FREE: usize = 16;

struct Free {
    ctx: usize,
    bytes: usize,
    buffer: Buffer<u8>,
    freed: u64,
}

struct Pool {
    free: Vec<Free>,
    clock: u64,
}

static POOL: Mutex<Pool> = Mutex::new(Pool { free: Vec::new(), clock: 0 });

fn pool() -> std::sync::MutexGuard<'static, Pool> {
    // A panic while holding the lock cannot leave an entry half-made (each is pushed whole).
    POOL.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The most bytes of free buffers kept for `ctx`.
fn limit(ctx: &DeviceCtx) -> usize {
    usize::try_from(ctx.info.global_mem / 8).unwrap_or(usize::MAX)
}

fn enabled() -> bool {
    crate::exec::placement().switches.recycle
}

/// The size a buffer asked for with `bytes` is made with: `bytes` rounded up to a multiple
/// of a sixteenth of the next power of two (at least 256 bytes), which is at most an eighth
/// more, but never past the largest allocation `ctx` allows. Exactly `bytes` under
/// `SOMD_RECYCLE=off`, where no buffer is used again.
pub(super) fn class(ctx: &DeviceCtx, bytes: usize) -> usize {
    if !enabled() {
        return bytes;
    }
    let step = (bytes.next_power_of_two() / 16).max(256);
    let size = bytes.div_ceil(step).saturating_mul(step);
    if ctx.fits(size as u64) {
        size
    } else {
        bytes
    }
}

/// A free buffer of exactly `bytes` on `ctx` (the most recently freed), if the pool has one;
/// `bytes` is a [`class`].
pub(super) fn take(ctx: &'static DeviceCtx, bytes: usize) -> Option<Buffer<u8>> {
    let mut pool = pool();
    let id = ctx.id();
    let at = (pool.free.iter().enumerate())
        .filter(|(_, f)| f.ctx == id && f.bytes == bytes)
        .max_by_key(|(_, f)| f.freed)
        .map(|(at, _)| at)?;
    let free = pool.free.swap_remove(at);
    drop(pool);
    if trace::enabled() {
        trace::emit(
            "reuse",
            &[("device", Value::Str(ctx.label)), ("bytes", Value::U64(bytes as u64))],
        );
    }
    Some(free.buffer)
}

/// Keeps `buffer` (of `bytes`, no longer used) for a later [`take`] on `ctx`, or releases it.
pub(super) fn give(ctx: &'static DeviceCtx, buffer: Buffer<u8>, bytes: usize) {
    let limit = limit(ctx);
    if !enabled() || bytes > limit {
        return;
    }
    let id = ctx.id();
    let mut released = Vec::new();
    let mut pool = pool();
    pool.clock += 1;
    let freed = pool.clock;
    pool.free.push(Free { ctx: id, bytes, buffer, freed });
    loop {
        let mine = pool.free.iter().filter(|f| f.ctx == id);
        let (count, held) = mine.fold((0, 0), |(c, h), f| (c + 1, h + f.bytes));
        if count <= MAX_FREE && held <= limit {
            break;
        }
        let oldest = (pool.free.iter().enumerate())
            .filter(|(_, f)| f.ctx == id)
            .min_by_key(|(_, f)| f.freed)
            .map(|(at, _)| at);
        let Some(at) = oldest else { break };
        released.push(pool.free.swap_remove(at));
    }
    drop(pool);
    // Released outside the lock: another thread's allocation need not wait for them.
    drop(released);
}

/// Releases every free buffer of `ctx`; whether there was any.
pub(super) fn release_all(ctx: &'static DeviceCtx) -> bool {
    let id = ctx.id();
    let mut pool = pool();
    let (mine, others): (Vec<Free>, Vec<Free>) =
        std::mem::take(&mut pool.free).into_iter().partition(|f| f.ctx == id);
    pool.free = others;
    drop(pool);
    !mine.is_empty()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use crate::opencl::device::for_tests;
    use opencl3::memory::ClMem;

    #[test]
    fn a_freed_buffer_serves_the_next_allocation_of_its_size() {
        let Some(ctx) = for_tests() else { return };
        // Sizes no other test of the process allocates: `near` shares `size`'s class
        // (13,312 bytes), `other` is of another (20,480).
        let (size, near, other) = (12_347, 12_991, 20_011);
        assert_eq!((super::class(ctx, size), super::class(ctx, near)), (13_312, 13_312));
        assert_eq!(super::class(ctx, 1 << 20), 1 << 20);
        assert_eq!(super::class(ctx, (1 << 20) + 1), (1 << 20) + (1 << 17));
        assert_eq!(super::class(ctx, 100), 256);
        let mem = |b: &super::super::DevBuf| b.buffer.get() as usize;
        let first = super::super::allocate(ctx, size, "recycle").unwrap();
        let second = super::super::allocate(ctx, size, "recycle").unwrap();
        let (a, b) = (mem(&first), mem(&second));
        assert_ne!(a, b, "two live buffers");
        drop(first);
        // The freed buffer, not a new one, for a size of its class; a buffer of another
        // class is new.
        let again = super::super::allocate(ctx, near, "recycle").unwrap();
        assert_eq!(mem(&again), a);
        let sized = super::super::allocate(ctx, other, "recycle").unwrap();
        assert!(mem(&sized) != a && mem(&sized) != b);
        // The most recently freed goes first.
        drop(again);
        drop(second);
        let next = super::super::allocate(ctx, size, "recycle").unwrap();
        assert_eq!(mem(&next), b);
        // At most `MAX_FREE` kept per device: the oldest go.
        let many: Vec<_> = (0..super::MAX_FREE + 3)
            .map(|_| super::super::allocate(ctx, size, "recycle"))
            .collect();
        drop(many);
        let pool = super::pool();
        let id = ctx.id();
        assert!(pool.free.iter().filter(|f| f.ctx == id).count() <= super::MAX_FREE);
    }
}
