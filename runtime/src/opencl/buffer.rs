//! Device buffers, transfers and residency.
//!
//! [`DeviceArray<T>`] is the device copy of one host array. It remembers which host array
//! it mirrors (address and length, checked on every transfer) and which side holds the
//! current data, so generated code can keep arrays on the device across the kernels of one
//! SOMD call and across consecutive device tasks:
//! - [`DeviceArray::ensure_on_device`] uploads only when the device copy is stale, and never
//!   for [`Access::WriteOnly`] arrays (kernels write every element of them);
//! - [`DeviceArray::mark_device_dirty`] after a kernel wrote it (the host copy is stale);
//! - [`DeviceArray::mark_host_dirty`] after the host wrote the array;
//! - [`DeviceArray::ensure_on_host`] downloads only when the host copy is stale; arrays the
//!   host never reads are simply never asked for.
//!
//! # Transfers
//! Blocking `clEnqueueWriteBuffer`/`ReadBuffer`. A transfer in the staging window (by default
//! 64 KiB to 8 MiB on a device without unified host memory; `SOMD_PINNED*`) goes through a
//! pinned staging buffer leased from the device's pool ([`super::staging`]): the host copies
//! between the program's array and pinned pages, chunk by chunk, while the DMA of the
//! neighbouring chunk runs at the pinned rate (55 GB/s on the H200 against 11 GB/s up and
//! 19 GB/s down pageable, much less for transfers of a few hundred KB, GPU-FACTS.md). Other
//! transfers go straight from or into the host slice; when the slice lies in [`PinnedHost`]
//! memory the driver DMAs it at the pinned rate with no copy.
//! [`crate::opencl::DeviceCtx::set_staging_policy`] overrides the window. The `transfer`
//! trace event's `pinned` field says whether the transfer went through pinned memory.
//!
//! # Limits
//! An array larger than `CL_DEVICE_MAX_MEM_ALLOC_SIZE` (a quarter of memory on NVIDIA) is
//! reported as [`ClFailure::TooLarge`] when it is created; the caller falls back to the CPU
//! for that call ([`crate::opencl::policy::too_large`]). Sub-buffers for partitions
//! ([`DeviceArray::sub_buffer`]) need an origin aligned to `CL_DEVICE_MEM_BASE_ADDR_ALIGN`;
//! unaligned partitions are passed as the whole buffer plus an offset argument instead.

use super::device::{DeviceCtx, StagingPolicy};
use super::staging::{
    Lease, Pool, Staging, Window, LARGE_AFTER, LARGE_POOL_MAX, LARGE_STAGING_BYTES,
};
use super::trace::{self, Dir, Value};
use super::ClFailure;
use crate::packed::{self, Landing, RowIndex, RowsOut};
use opencl3::event::Event;
use opencl3::memory::{
    Buffer, ClMem, CL_MAP_READ, CL_MAP_WRITE, CL_MAP_WRITE_INVALIDATE_REGION,
    CL_MEM_ALLOC_HOST_PTR, CL_MEM_READ_ONLY, CL_MEM_READ_WRITE, CL_MEM_WRITE_ONLY,
};
use opencl3::types::{cl_mem, CL_BLOCKING, CL_NON_BLOCKING};
use std::time::Instant;

/// Element types that can live in a device buffer, with their OpenCL C name.
pub trait ClScalar: Copy + Send + Sync + Default + 'static {
    const CL_NAME: &'static str;
}

macro_rules! cl_scalar {
    ($($ty:ty => $name:literal),*) => {$(
        impl ClScalar for $ty {
            const CL_NAME: &'static str = $name;
        }
    )*};
}

cl_scalar!(i8 => "char", u8 => "uchar", i16 => "short", u16 => "ushort", i32 => "int",
    i64 => "long", f32 => "float", f64 => "double");

/// How kernels use an array.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Read by kernels, never written (uploaded, never downloaded).
    ReadOnly,
    /// Every element written by kernels before any is read: never uploaded.
    WriteOnly,
    ReadWrite,
}

pub use super::staging::STAGING_BYTES;

/// A host array in pinned (page-locked) memory: a `CL_MEM_ALLOC_HOST_PTR` buffer mapped for
/// its whole life. Transfers between it and a [`DeviceArray`] are pure DMA — the fast
/// path of GPU-FACTS.md — with no staging copy; generated code can allocate arrays that
/// travel to the device this way. Dereferences to `[T]` (zero-initialised).
pub struct PinnedHost<T: ClScalar> {
    ctx: &'static DeviceCtx,
    buffer: Buffer<T>,
    ptr: *mut T,
    len: usize,
}

// SAFETY: the mapping is plain host memory owned by this value; access follows `&`/`&mut`.
unsafe impl<T: ClScalar> Send for PinnedHost<T> {}
// SAFETY: as above; shared access is read-only.
unsafe impl<T: ClScalar> Sync for PinnedHost<T> {}

impl<T: ClScalar> PinnedHost<T> {
    /// Allocates `len` zeroed elements of pinned host memory on `ctx`'s context.
    pub fn new(ctx: &'static DeviceCtx, len: usize) -> Result<PinnedHost<T>, ClFailure> {
        let count = len.max(1);
        let bytes = (count as u64).saturating_mul(std::mem::size_of::<T>() as u64);
        if !ctx.fits(bytes) {
            return Err(ClFailure::TooLarge { bytes, max: ctx.info.max_alloc });
        }
        // SAFETY: no host pointer is passed; the driver allocates pinned host memory.
        let buffer = unsafe {
            Buffer::<T>::create(
                &ctx.context,
                CL_MEM_ALLOC_HOST_PTR | CL_MEM_READ_WRITE,
                count,
                std::ptr::null_mut(),
            )
        }
        .map_err(ClFailure::api("clCreateBuffer(pinned)"))?;
        let mut mapped: cl_mem = std::ptr::null_mut();
        // SAFETY: blocking map of the whole buffer, unmapped in `drop`.
        unsafe {
            ctx.queue.enqueue_map_buffer(
                &buffer,
                CL_BLOCKING,
                CL_MAP_READ | CL_MAP_WRITE,
                0,
                bytes as usize,
                &mut mapped,
                &[],
            )
        }
        .map_err(ClFailure::api("clEnqueueMapBuffer"))?;
        let ptr = mapped as *mut T;
        if ptr.is_null() || (ptr as usize) % std::mem::align_of::<T>() != 0 {
            return Err(ClFailure::Api { op: "clEnqueueMapBuffer(alignment)", code: 0 });
        }
        // SAFETY: the mapping holds `count` elements; all-zero bytes are a valid `T`
        // (integers and floats only implement `ClScalar`).
        unsafe { std::ptr::write_bytes(ptr, 0, count) };
        pinned_ranges().push((ptr as usize, bytes as usize));
        Ok(PinnedHost { ctx, buffer, ptr, len })
    }
}

impl<T: ClScalar> std::ops::Deref for PinnedHost<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        // SAFETY: the mapping holds at least `len` initialised elements while `self` lives.
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }
}

impl<T: ClScalar> std::ops::DerefMut for PinnedHost<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        // SAFETY: as in `deref`, with exclusive access through `&mut self`.
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }
}

impl<T: ClScalar> Drop for PinnedHost<T> {
    fn drop(&mut self) {
        pinned_ranges().retain(|(start, _)| *start != self.ptr as usize);
        // SAFETY: `ptr` is the mapping of `buffer` made in `new`; waiting for the unmap
        // before the buffer is released.
        let unmapped = unsafe {
            self.ctx.queue.enqueue_unmap_mem_object(self.buffer.get(), self.ptr.cast(), &[])
        };
        if let Ok(event) = unmapped {
            let _ = event.wait();
        }
    }
}

/// The mappings of the live [`PinnedHost`] allocations: (start address, bytes).
fn pinned_ranges() -> std::sync::MutexGuard<'static, Vec<(usize, usize)>> {
    static RANGES: std::sync::Mutex<Vec<(usize, usize)>> = std::sync::Mutex::new(Vec::new());
    RANGES.lock().unwrap_or_else(|e| e.into_inner())
}

/// Whether `data` lies in a [`PinnedHost`] mapping: the driver moves it at the pinned rate
/// with no staging copy.
fn is_pinned<T>(data: &[T]) -> bool {
    let (addr, bytes) = (data.as_ptr() as usize, std::mem::size_of_val(data));
    pinned_ranges().iter().any(|(start, len)| *start <= addr && addr + bytes <= start + len)
}

/// The device copy of one host array (see the module doc).
pub struct DeviceArray<T: ClScalar> {
    ctx: &'static DeviceCtx,
    buffer: Buffer<T>,
    len: usize,
    access: Access,
    host_addr: usize,
    name: &'static str,
    device_valid: bool,
    host_valid: bool,
    uploads: u32,
    downloads: u32,
}

impl<T: ClScalar> std::fmt::Debug for DeviceArray<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DeviceArray")
            .field("name", &self.name)
            .field("len", &self.len)
            .field("device_valid", &self.device_valid)
            .field("host_valid", &self.host_valid)
            .finish_non_exhaustive()
    }
}

impl<T: ClScalar> DeviceArray<T> {
    /// Allocates the device copy of `host` (nothing is transferred yet). `name` appears in
    /// traces.
    pub fn new(
        ctx: &'static DeviceCtx,
        name: &'static str,
        host: &[T],
        access: Access,
    ) -> Result<DeviceArray<T>, ClFailure> {
        let buffer = allocate::<T>(ctx, host.len(), access)?;
        Ok(DeviceArray {
            ctx,
            buffer,
            len: host.len(),
            access,
            host_addr: host.as_ptr() as usize,
            name,
            device_valid: false,
            host_valid: true,
            uploads: 0,
            downloads: 0,
        })
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The OpenCL buffer (as a kernel argument or for explicit OpenCL calls).
    pub fn buffer(&self) -> &Buffer<T> {
        &self.buffer
    }

    /// The raw `cl_mem` handle.
    pub fn mem(&self) -> cl_mem {
        self.buffer.get()
    }

    /// Number of uploads / downloads made so far (residency checks in tests and traces).
    pub fn transfer_counts(&self) -> (u32, u32) {
        (self.uploads, self.downloads)
    }

    /// Whether the device copy is current.
    pub fn on_device(&self) -> bool {
        self.device_valid
    }

    /// Whether the host copy is current.
    pub fn on_host(&self) -> bool {
        self.host_valid
    }

    fn check_host(&self, addr: usize, len: usize) -> Result<(), ClFailure> {
        if addr == self.host_addr && len == self.len {
            Ok(())
        } else {
            Err(ClFailure::HostMismatch(self.name))
        }
    }

    /// Makes the device copy current: uploads `host` unless it already is, or unless the
    /// array is [`Access::WriteOnly`].
    pub fn ensure_on_device(&mut self, host: &[T]) -> Result<(), ClFailure> {
        self.check_host(host.as_ptr() as usize, host.len())?;
        if self.device_valid {
            return Ok(());
        }
        if self.access != Access::WriteOnly {
            self.upload(host)?;
        }
        self.device_valid = true;
        Ok(())
    }

    /// A kernel wrote the array: the device copy is current, the host copy stale.
    pub fn mark_device_dirty(&mut self) {
        self.device_valid = true;
        self.host_valid = false;
    }

    /// The host wrote the array: the host copy is current, the device copy stale.
    pub fn mark_host_dirty(&mut self) {
        self.host_valid = true;
        self.device_valid = false;
    }

    /// Makes the host copy current: downloads into `host` unless it already is.
    pub fn ensure_on_host(&mut self, host: &mut [T]) -> Result<(), ClFailure> {
        self.check_host(host.as_ptr() as usize, host.len())?;
        if !self.host_valid {
            self.download(host)?;
        }
        Ok(())
    }

    /// Uploads all of `host` (unconditionally).
    pub fn upload(&mut self, host: &[T]) -> Result<(), ClFailure> {
        self.check_host(host.as_ptr() as usize, host.len())?;
        self.upload_range(0, host)?;
        self.device_valid = true;
        Ok(())
    }

    /// Downloads the whole array into `host` (unconditionally).
    pub fn download(&mut self, host: &mut [T]) -> Result<(), ClFailure> {
        self.check_host(host.as_ptr() as usize, host.len())?;
        self.download_range(0, host)?;
        self.host_valid = true;
        Ok(())
    }

    /// Uploads consecutive `rows` (a matrix's rows, together as long as the array) with
    /// [`write_rows`]: packed into one write when they are short. Does not change the
    /// residency state.
    pub fn upload_rows(&mut self, rows: &[&[T]]) -> Result<(), ClFailure> {
        self.check_range(0, rows.iter().map(|row| row.len()).sum())?;
        self.uploads += 1;
        write_rows(self.ctx, &mut self.buffer, rows, self.name)
    }

    /// Downloads the array into consecutive `rows` with [`read_rows`]. Does not change the
    /// residency state.
    pub fn download_rows(&mut self, rows: &mut [&mut [T]]) -> Result<(), ClFailure> {
        self.check_range(0, rows.iter().map(|row| row.len()).sum())?;
        self.downloads += 1;
        read_rows(self.ctx, &self.buffer, rows, self.name)
    }

    /// Uploads `data` to elements `offset..offset + data.len()` (a partition). Does not
    /// change the residency state.
    pub fn upload_range(&mut self, offset: usize, data: &[T]) -> Result<(), ClFailure> {
        self.check_range(offset, data.len())?;
        if data.is_empty() {
            return Ok(());
        }
        self.uploads += 1;
        write(self.ctx, &mut self.buffer, offset, data, self.name)
    }

    /// Downloads elements `offset..offset + data.len()` into `data`. Does not change the
    /// residency state.
    pub fn download_range(&mut self, offset: usize, data: &mut [T]) -> Result<(), ClFailure> {
        self.check_range(offset, data.len())?;
        if data.is_empty() {
            return Ok(());
        }
        self.downloads += 1;
        read(self.ctx, &self.buffer, offset, data, self.name)
    }

    fn check_range(&self, offset: usize, len: usize) -> Result<(), ClFailure> {
        match offset.checked_add(len) {
            Some(end) if end <= self.len => Ok(()),
            _ => Err(ClFailure::Range { name: self.name, offset, len, array_len: self.len }),
        }
    }

    /// A sub-buffer of elements `offset..offset + len` (a partition), when `offset` is
    /// aligned to the device's base address alignment; [`ClFailure::Unaligned`] otherwise
    /// (pass the whole buffer and the offset to the kernel instead).
    pub fn sub_buffer(&self, offset: usize, len: usize) -> Result<Buffer<T>, ClFailure> {
        self.check_range(offset, len)?;
        let origin_bytes = offset * std::mem::size_of::<T>();
        if origin_bytes % self.ctx.info.base_align != 0 {
            return Err(ClFailure::Unaligned {
                offset_bytes: origin_bytes,
                align: self.ctx.info.base_align,
            });
        }
        // SAFETY: the region lies inside the buffer (checked above) and `len > 0` is required
        // by OpenCL; a zero-length partition gets a one-element region at the origin.
        unsafe { self.buffer.create_sub_buffer(mem_flags(self.access), offset, len.max(1)) }
            .map_err(ClFailure::api("clCreateSubBuffer"))
    }
}

fn mem_flags(access: Access) -> u64 {
    match access {
        Access::ReadOnly => CL_MEM_READ_ONLY,
        Access::WriteOnly => CL_MEM_WRITE_ONLY,
        Access::ReadWrite => CL_MEM_READ_WRITE,
    }
}

/// Allocates a buffer of `len` elements (at least one: OpenCL forbids empty buffers).
pub(crate) fn allocate<T: ClScalar>(
    ctx: &'static DeviceCtx,
    len: usize,
    access: Access,
) -> Result<Buffer<T>, ClFailure> {
    let bytes = (len.max(1) as u64).saturating_mul(std::mem::size_of::<T>() as u64);
    if !ctx.fits(bytes) {
        return Err(ClFailure::TooLarge { bytes, max: ctx.info.max_alloc });
    }
    // SAFETY: no host pointer is passed.
    unsafe {
        Buffer::<T>::create(&ctx.context, mem_flags(access), len.max(1), std::ptr::null_mut())
    }
    .map_err(ClFailure::api("clCreateBuffer"))
}

/// Whether a transfer of `bytes` bytes in direction `dir` goes through the staging pool.
/// One past [`super::staging::PINNED_MAX`] that only the window's open end stages (copies
/// spread over [`super::staging::SPREAD_THREADS`] threads or more) also needs that many
/// threads free now: on one thread the driver's pageable path is faster (a transfer made
/// while the MIs of a CPU call hold the pool's workers goes direct).
fn use_staging(ctx: &DeviceCtx, dir: Dir, bytes: usize) -> bool {
    use super::staging::{PINNED_MAX, SPREAD_THREADS};
    let open_end = bytes as u64 > PINNED_MAX
        && crate::exec::placement().switches.pinned_max.is_none()
        && ctx.staging_policy() == StagingPolicy::Auto;
    stages_in(ctx, Window::of_process(), dir, bytes)
        && (!open_end || crate::exec::pool().idle_workers() + 1 >= SPREAD_THREADS)
}

/// [`use_staging`] with `window` as the `Auto` policy's window.
fn stages_in(ctx: &DeviceCtx, window: Window, dir: Dir, bytes: usize) -> bool {
    match ctx.staging_policy() {
        StagingPolicy::Always => bytes > 0,
        StagingPolicy::Never => false,
        StagingPolicy::Auto => window.stages(ctx.info.unified_memory, dir, bytes),
    }
}

/// A staging buffer for one transfer of `bytes` bytes: a large one ([`LARGE_STAGING_BYTES`])
/// for a transfer whose copies are spread over threads once the process has moved
/// [`LARGE_AFTER`] bytes in such transfers (or when one is free), else one of `ctx`'s
/// pool of [`STAGING_BYTES`] (see [`lease_from`]).
fn lease(ctx: &'static DeviceCtx, bytes: usize) -> Option<Lease<'static, Staging>> {
    use std::sync::atomic::Ordering::Relaxed;
    let sized = crate::exec::placement().switches.staging_bytes.is_some();
    if !sized && bytes >= SPREAD_MIN && copy_threads(bytes, SPREAD_MIN) > 1 {
        let before = ctx.spread_bytes.fetch_add(bytes as u64, Relaxed);
        let (made, free) = ctx.staging_large.counts();
        if free > 0 || (before >= LARGE_AFTER && made < LARGE_POOL_MAX) {
            let make = || make_staging(ctx, LARGE_STAGING_BYTES);
            if let Some(lease) = lease_from(&ctx.staging_large, make) {
                return Some(lease);
            }
        }
    }
    lease_from(&ctx.staging, || make_staging(ctx, staging_bytes()))
}

/// The size of the buffers of the staging pool: [`STAGING_BYTES`], or `SOMD_STAGING_BYTES`
/// (then for every transfer: no large buffers).
fn staging_bytes() -> usize {
    let bytes = crate::exec::placement().switches.staging_bytes;
    bytes.map_or(STAGING_BYTES, |b| usize::try_from(b).unwrap_or(usize::MAX))
}

/// A staging buffer of `pool` for one transfer, made and mapped by `make` when the pool has
/// none free and may grow; `None` (the transfer goes direct) when every buffer is in use or
/// a pinned allocation failed — the first failure is traced as a `fallback` event.
fn lease_from(
    pool: &'static Pool<Staging>,
    make: impl FnOnce() -> Result<Staging, ClFailure>,
) -> Option<Lease<'static, Staging>> {
    match pool.take(make) {
        Ok(lease) => Some(lease),
        Err(None) => None,
        Err(Some(err)) => {
            if trace::enabled() {
                let cause = format!("pinned staging buffer: {err}; transfers go direct");
                trace::emit("fallback", &[("cause", Value::Str(&cause))]);
            }
            None
        }
    }
}

/// Makes the first staging buffer of `ctx`'s pool ahead of the first transfer, when the
/// process's window stages anything on this device (called by [`super::prewarm`]'s thread,
/// so that pinning the buffer overlaps the host's work before the first device call).
pub(crate) fn prestage(ctx: &'static DeviceCtx) {
    let window = Window::of_process();
    if ctx.staging_policy() == StagingPolicy::Auto
        && window.stages(ctx.info.unified_memory, Dir::ToHost, window.min.max(1) as usize)
    {
        drop(lease(ctx, 0));
    }
}

/// A new pinned staging buffer of `bytes` bytes (at most the device's allocation limit),
/// mapped for the life of the process.
fn make_staging(ctx: &'static DeviceCtx, bytes: usize) -> Result<Staging, ClFailure> {
    let len = bytes.min(ctx.info.max_alloc as usize).max(4096);
    Ok(Staging { host: PinnedHost::new(ctx, len)? })
}

/// Elements of `T` per chunk of a staged transfer of `total` elements (0 when the mapping
/// is not aligned for `T`). The staging buffer is used as two halves, so the copy into (or
/// out of) one half overlaps the DMA transfer of the other; a chunk is at most a half, and
/// an eighth of the transfer when that is more than [`MIN_CHUNK_BYTES`], so that a transfer
/// of a few chunks still overlaps its copies with its DMA in a large buffer (SOR's 18 MiB
/// grid in two chunks of 16 MiB took 5.8 ms where chunks of 2 MiB took 3.4). A multiple of
/// [`PIECES`] when the half is.
fn chunk_elems<T>(staging: &Staging, total: usize) -> usize {
    if (staging.host.ptr as usize) % std::mem::align_of::<T>() != 0 {
        return 0;
    }
    let size = std::mem::size_of::<T>().max(1);
    chunk_of((staging.host.len / 2) / size, total, size)
}

/// [`chunk_elems`] for halves of `half` elements of `size` bytes.
fn chunk_of(half: usize, total: usize, size: usize) -> usize {
    let want = total.div_ceil(CHUNKS).max(MIN_CHUNK_BYTES / size);
    if want >= half {
        return half;
    }
    let round = if half % PIECES == 0 { PIECES } else { 1 };
    want.next_multiple_of(round).min(half)
}

/// Chunks a staged transfer is cut into at least, while they hold [`MIN_CHUNK_BYTES`].
const CHUNKS: usize = 8;

/// The smallest chunk of a staged transfer cut into [`CHUNKS`]: each chunk costs an event
/// wait and an enqueue (and a dispatch of the copying threads): half a [`STAGING_BYTES`]
/// buffer, so that a small buffer's transfers keep their chunks.
const MIN_CHUNK_BYTES: usize = STAGING_BYTES / 2;

/// Pointer to staging half `half` (0 or 1) as `*mut T`.
fn half_ptr<T>(staging: &Staging, chunk: usize, half: usize) -> *mut T {
    // SAFETY: `half * chunk` elements of `T` lie inside the mapping (see `chunk_elems`).
    unsafe { (staging.host.ptr as *mut T).add(half * chunk) }
}

/// Runs the staged form of a transfer of `on` bytes (`None`: direct) with a leased staging
/// buffer: `Ok(false)` when the transfer must go direct (no buffer free, or one the element
/// type cannot use). A failed transfer never gives its buffer back: a chunk may still be
/// queued on it.
fn staged_if(
    ctx: &'static DeviceCtx,
    on: Option<usize>,
    transfer: impl FnOnce(&Staging) -> Result<bool, ClFailure>,
) -> Result<bool, ClFailure> {
    let Some(bytes) = on else { return Ok(false) };
    let Some(staging) = lease(ctx, bytes) else { return Ok(false) };
    let done = transfer(&staging);
    if done.is_err() {
        std::mem::forget(staging);
    }
    done
}

/// The staged form of a write of `total` elements to `buffer[offset..]` in chunks of
/// `chunk` elements ([`chunk_elems`], not 0): `fill(chunk)` fills each chunk of pinned
/// memory with the next elements, in order, while the DMA of the previous chunk runs.
fn write_chunks<T: ClScalar>(
    ctx: &'static DeviceCtx,
    buffer: &mut Buffer<T>,
    offset: usize,
    (total, chunk): (usize, usize),
    staging: &Staging,
    mut fill: impl FnMut(&mut [T]),
) -> Result<(), ClFailure> {
    let size = std::mem::size_of::<T>();
    // The write that last used each half; it must finish before the half is reused.
    let mut in_flight: [Option<Event>; 2] = [None, None];
    for (idx, at) in (0..total).step_by(chunk).enumerate() {
        let half = idx % 2;
        if let Some(event) = in_flight[half].take() {
            event.wait().map_err(ClFailure::api("clWaitForEvents"))?;
        }
        let len = chunk.min(total - at);
        let dst = half_ptr::<T>(staging, chunk, half);
        // SAFETY: `len` elements fit in the half (chunk elements of T, alignment checked),
        // which no queued command uses any more (waited above) and nothing else touches
        // while this transfer holds the lease.
        let pinned = unsafe { std::slice::from_raw_parts_mut(dst, len) };
        fill(pinned);
        // SAFETY: non-blocking write from pinned memory that stays untouched until its
        // event completes (waited before reuse and at the end).
        let event = unsafe {
            ctx.queue.enqueue_write_buffer(
                buffer,
                CL_NON_BLOCKING,
                (offset + at) * size,
                pinned,
                &[],
            )
        }
        .map_err(ClFailure::api("clEnqueueWriteBuffer"))?;
        in_flight[half] = Some(event);
    }
    for event in in_flight.into_iter().flatten() {
        event.wait().map_err(ClFailure::api("clWaitForEvents"))?;
    }
    Ok(())
}

/// The staged form of a read of `total` elements of `buffer[offset..]` in chunks of
/// `chunk` elements ([`chunk_elems`], not 0): `take(chunk)` receives each chunk of pinned
/// memory, holding the next elements, in order, while the DMA of the next chunk runs.
fn read_chunks<T: ClScalar>(
    ctx: &'static DeviceCtx,
    buffer: &Buffer<T>,
    offset: usize,
    (total, chunk): (usize, usize),
    staging: &Staging,
    mut take: impl FnMut(&[T]),
) -> Result<(), ClFailure> {
    let size = std::mem::size_of::<T>();
    let n_chunks = total.div_ceil(chunk);
    let chunk_len = |idx: usize| chunk.min(total - idx * chunk);
    let enqueue = |idx: usize| -> Result<Event, ClFailure> {
        let dst = half_ptr::<T>(staging, chunk, idx % 2);
        // SAFETY: the half is not in use by another queued command (its previous read
        // was waited for and copied out before this call).
        let pinned = unsafe { std::slice::from_raw_parts_mut(dst, chunk_len(idx)) };
        let at = (offset + idx * chunk) * size;
        // SAFETY: non-blocking read into pinned memory read only after its event.
        unsafe { ctx.queue.enqueue_read_buffer(buffer, CL_NON_BLOCKING, at, pinned, &[]) }
            .map_err(ClFailure::api("clEnqueueReadBuffer"))
    };
    let mut pending: [Option<Event>; 2] = [None, None];
    for idx in 0..n_chunks.min(2) {
        pending[idx % 2] = Some(enqueue(idx)?);
    }
    for idx in 0..n_chunks {
        if let Some(event) = pending[idx % 2].take() {
            event.wait().map_err(ClFailure::api("clWaitForEvents"))?;
        }
        let src = half_ptr::<T>(staging, chunk, idx % 2);
        // SAFETY: the read into this half has completed; `chunk_len(idx)` elements were
        // written.
        let pinned = unsafe { std::slice::from_raw_parts(src as *const T, chunk_len(idx)) };
        take(pinned);
        if idx + 2 < n_chunks {
            pending[idx % 2] = Some(enqueue(idx + 2)?);
        }
    }
    Ok(())
}

/// Whether a packed move of rows of `bytes` bytes in direction `dir` ([`packs`]) goes
/// through the staging pool. The packed move copies every byte on the host anyway, so
/// staging replaces a DMA from or to pageable memory (and a temporary the size of the
/// rows) by one from or to pinned memory at no extra copy: the window has no upper limit
/// here.
fn stages_rows(ctx: &DeviceCtx, dir: Dir, bytes: usize) -> bool {
    stages_in(ctx, Window { max: u64::MAX, ..Window::of_process() }, dir, bytes)
}

/// The smallest transfer, in bytes, that may lease a large staging buffer ([`lease`]), and
/// the smallest copy between rows and a mapped or packed region spread over the pool's idle
/// threads (`SOMD_STAGE_THREADS`): one thread copies 7-8 GB/s between a program's array and
/// pinned pages on the H100's host, a seventh of the pinned DMA rate.
pub const SPREAD_MIN: usize = 8 << 20;

/// The smallest staged transfer, in bytes, whose chunk copies are spread over the pool's
/// idle threads. On the H200 (forty-seventh session, `bench/gpu/programs/mid_transfers.somd`)
/// a staged download of 1 MiB took 258-274 µs copied on one thread and 202-211 µs on 16,
/// 4 MiB 708-744 against 374-402; at 256 KiB one thread was as fast (54-65 µs against
/// 71-82). SparseMatMult's 200 downloads of 800 KB spent 22-24 ms in transfers on one
/// thread, 14-15 ms on 16.
pub const STAGED_SPREAD_MIN: usize = 512 << 10;

/// Pieces per staging chunk: the units the threads copying a chunk share out.
pub const PIECES: usize = 16;

/// Threads copying a transfer of `bytes` bytes: the spread threads from `min` bytes on
/// ([`SPREAD_MIN`], [`STAGED_SPREAD_MIN`]) or under `SOMD_STAGE_THREADS`, else one.
fn copy_threads(bytes: usize, min: usize) -> usize {
    let forced = crate::exec::placement().switches.stage_threads.is_some();
    if forced || bytes >= min {
        spread_threads()
    } else {
        1
    }
}

/// Threads copying each chunk of a staged transfer from [`SPREAD_MIN`] bytes on: the
/// process's threads (`SOMD_STAGE_THREADS`), at most [`PIECES`].
pub(crate) fn spread_threads() -> usize {
    let placement = crate::exec::placement();
    placement.switches.stage_threads.unwrap_or(placement.threads).clamp(1, PIECES)
}

/// Elements per piece of a chunk of `chunk` elements of a transfer of `total`: the chunk (or
/// the whole transfer, when shorter) in [`PIECES`] parts, the last one shorter when it does
/// not split evenly. A transfer of one chunk smaller than the staging buffer's half is cut
/// into [`PIECES`] pieces too, not into pieces of a half's sixteenth.
fn piece_elems(chunk: usize, total: usize) -> usize {
    chunk.min(total).div_ceil(PIECES).max(1)
}

/// How a staged transfer of `total` elements of `T` through `staging` is cut: elements per
/// chunk and per piece, and the threads copying each chunk; `None` when the staging buffer
/// cannot hold `T`.
fn chunking<T>(staging: &Staging, total: usize) -> Option<(usize, usize, usize)> {
    let chunk = chunk_elems::<T>(staging, total);
    let threads = copy_threads(total * std::mem::size_of::<T>(), STAGED_SPREAD_MIN);
    (chunk > 0).then(|| (chunk, piece_elems(chunk, total), threads))
}

/// The staged form of a write of `rows` (laid end to end, `index` their [`RowIndex`]) to
/// `buffer[offset..]`: each pinned chunk is filled by [`copy_threads`] threads, piece by
/// piece, while the DMA of the previous chunk runs. `Ok(false)` when the staging buffer
/// cannot hold `T`.
fn write_spread<T: ClScalar>(
    ctx: &'static DeviceCtx,
    buffer: &mut Buffer<T>,
    offset: usize,
    (rows, index): (&[&[T]], &RowIndex),
    staging: &Staging,
) -> Result<bool, ClFailure> {
    let total = index.total();
    let Some((chunk, piece, threads)) = chunking::<T>(staging, total) else { return Ok(false) };
    let mut at = 0;
    write_chunks(ctx, buffer, offset, (total, chunk), staging, |pinned| {
        gather_pieces(pinned, (rows, index), at, piece, threads);
        at += pinned.len();
    })?;
    Ok(true)
}

/// Fills `dst` with elements `from..` of `rows` (laid end to end, `index` their
/// [`RowIndex`]), in pieces of `piece` elements shared out among `threads` threads, each
/// finding its own rows.
fn gather_pieces<T: ClScalar>(
    dst: &mut [T],
    (rows, index): (&[&[T]], &RowIndex),
    from: usize,
    piece: usize,
    threads: usize,
) {
    let parts: Vec<_> = dst.chunks_mut(piece).map(std::sync::Mutex::new).collect();
    packed::spread(parts.len(), threads, |i| {
        let mut part = parts[i].lock().unwrap_or_else(|e| e.into_inner());
        index.gather(rows, from + i * piece, &mut part);
    });
}

/// Copies `src` into elements `from..` of `rows` (laid end to end, `index` their
/// [`RowIndex`]), in pieces of `piece` elements shared out among `threads` threads.
fn scatter_pieces<T: ClScalar, D: Landing<T>>(
    src: &[T],
    (rows, index): (&RowsOut<'_, D>, &RowIndex),
    from: usize,
    piece: usize,
    threads: usize,
) {
    let pieces = src.len().div_ceil(piece.max(1));
    packed::spread(pieces, threads, |i| {
        let at = i * piece;
        // SAFETY: piece `i` covers elements `from + at..` up to the next piece's start,
        // which no other piece writes.
        unsafe { index.scatter(rows, from + at, &src[at..(at + piece).min(src.len())]) };
    });
}

/// The staged form of a read of `buffer[offset..]` into `rows` (laid end to end, `index`
/// their [`RowIndex`]): each pinned chunk is copied out by [`copy_threads`] threads, piece
/// by piece, while the DMA of the next chunk runs. `Ok(false)` when the staging buffer
/// cannot hold `T`.
fn read_spread<T: ClScalar, D: Landing<T>>(
    ctx: &'static DeviceCtx,
    buffer: &Buffer<T>,
    offset: usize,
    (rows, index): (&RowsOut<'_, D>, &RowIndex),
    staging: &Staging,
) -> Result<bool, ClFailure> {
    let total = index.total();
    let Some((chunk, piece, threads)) = chunking::<T>(staging, total) else { return Ok(false) };
    let mut at = 0;
    read_chunks(ctx, buffer, offset, (total, chunk), staging, |pinned| {
        scatter_pieces(pinned, (rows, index), at, piece, threads);
        at += pinned.len();
    })?;
    Ok(true)
}

/// Blocking write of `data` to `buffer[offset..]`, through the staging pool when in its
/// window (see [`super::staging`]), else straight from the host slice.
pub(crate) fn write<T: ClScalar>(
    ctx: &'static DeviceCtx,
    buffer: &mut Buffer<T>,
    offset: usize,
    data: &[T],
    name: &str,
) -> Result<(), ClFailure> {
    let bytes = std::mem::size_of_val(data);
    let start = trace::enabled().then(Instant::now);
    let size = std::mem::size_of::<T>();
    let on = use_staging(ctx, Dir::ToDevice, bytes) && !is_pinned(data);
    let staged = staged_if(ctx, on.then_some(bytes), |staging| {
        let index = RowIndex::of(1, |_| data.len());
        write_spread(ctx, buffer, offset, (&[data], &index), staging)
    })?;
    if !staged {
        // SAFETY: blocking write from a live slice into a region checked by the caller.
        unsafe { ctx.queue.enqueue_write_buffer(buffer, CL_BLOCKING, offset * size, data, &[]) }
            .map_err(ClFailure::api("clEnqueueWriteBuffer"))?;
    }
    record(ctx, Dir::ToDevice, name, bytes, staged, start);
    Ok(())
}

/// Blocking read of `buffer[offset..offset + data.len()]` into `data`, through the staging
/// pool when in its window (the DMA of one chunk into pinned memory overlaps the copy of the
/// previous one out of it), else straight into the host slice.
pub(crate) fn read<T: ClScalar>(
    ctx: &'static DeviceCtx,
    buffer: &Buffer<T>,
    offset: usize,
    data: &mut [T],
    name: &str,
) -> Result<(), ClFailure> {
    let bytes = std::mem::size_of_val(data);
    let start = trace::enabled().then(Instant::now);
    let size = std::mem::size_of::<T>();
    let on = use_staging(ctx, Dir::ToHost, bytes) && !is_pinned(data);
    let staged = staged_if(ctx, on.then_some(bytes), |staging| {
        let index = RowIndex::of(1, |_| data.len());
        read_spread(ctx, buffer, offset, (&RowsOut::new(&mut [&mut *data]), &index), staging)
    })?;
    if !staged {
        // SAFETY: blocking read into a live slice from a region checked by the caller.
        unsafe { ctx.queue.enqueue_read_buffer(buffer, CL_BLOCKING, offset * size, data, &[]) }
            .map_err(ClFailure::api("clEnqueueReadBuffer"))?;
    }
    record(ctx, Dir::ToHost, name, bytes, staged, start);
    Ok(())
}

/// [`read`] into storage not yet initialised (a download's new array): `Ok(true)` when the
/// transfer was staged, every element then written by the copies out of pinned memory,
/// whose threads touch the pages first; `Ok(false)`, with nothing written, when it is not
/// (the caller initialises the storage and calls [`read`]). No pass zeroes the array
/// before the copy overwrites it: on the H200 a 1 MiB download into a new array took
/// 212–219 µs with that pass and 108–137 µs without (forty-eighth session).
pub(crate) fn read_uninit<T: ClScalar>(
    ctx: &'static DeviceCtx,
    buffer: &Buffer<T>,
    offset: usize,
    data: &mut [std::mem::MaybeUninit<T>],
    name: &str,
) -> Result<bool, ClFailure> {
    let bytes = std::mem::size_of_val(data);
    let start = trace::enabled().then(Instant::now);
    let on = use_staging(ctx, Dir::ToHost, bytes);
    let staged = staged_if(ctx, on.then_some(bytes), |staging| {
        let index = RowIndex::of(1, |_| data.len());
        read_spread(ctx, buffer, offset, (&RowsOut::new(&mut [&mut *data]), &index), staging)
    })?;
    if staged {
        record(ctx, Dir::ToHost, name, bytes, staged, start);
    }
    Ok(staged)
}

/// Queues a device-side copy of `bytes` bytes from `src[src_offset..]` to the start of
/// `dst` (nothing for 0 bytes). The caller guarantees both regions lie inside their
/// buffers, which are distinct allocations.
pub(crate) fn copy(
    ctx: &DeviceCtx,
    src: &Buffer<u8>,
    src_offset: usize,
    dst: &mut Buffer<u8>,
    bytes: usize,
) -> Result<(), ClFailure> {
    copy_into(ctx, src, src_offset, dst, 0, bytes)
}

/// [`copy`] to `dst[dst_offset..]`.
pub(crate) fn copy_into(
    ctx: &DeviceCtx,
    src: &Buffer<u8>,
    src_offset: usize,
    dst: &mut Buffer<u8>,
    dst_offset: usize,
    bytes: usize,
) -> Result<(), ClFailure> {
    if bytes == 0 {
        return Ok(());
    }
    // SAFETY: the regions lie inside their buffers and do not overlap (the caller).
    unsafe { ctx.queue.enqueue_copy_buffer(src, dst, src_offset, dst_offset, bytes, &[]) }
        .map(|_| ())
        .map_err(ClFailure::api("clEnqueueCopyBuffer"))
}

/// Queues a write of `data` to `buffer[offset..]` without waiting for it (one trace event,
/// timing the enqueue).
///
/// # Safety
/// `data` must stay alive and unwritten until the queue has run the write: until the next
/// blocking command on the queue (it is in order) or `finish`.
pub(crate) unsafe fn write_queued<T: ClScalar>(
    ctx: &'static DeviceCtx,
    buffer: &mut Buffer<T>,
    offset: usize,
    data: &[T],
    name: &str,
) -> Result<(), ClFailure> {
    let start = trace::enabled().then(Instant::now);
    let size = std::mem::size_of::<T>();
    // SAFETY: the caller keeps `data` as the function's contract says; the region lies
    // inside the buffer (caller).
    unsafe { ctx.queue.enqueue_write_buffer(buffer, CL_NON_BLOCKING, offset * size, data, &[]) }
        .map_err(ClFailure::api("clEnqueueWriteBuffer"))?;
    record(ctx, Dir::ToDevice, name, std::mem::size_of_val(data), false, start);
    Ok(())
}

/// Queues a read of `buffer[offset..offset + data.len()]` into `data` without waiting (one
/// trace event, timing the enqueue).
///
/// # Safety
/// `data` must stay alive, and be neither read nor written, until the queue has run the
/// read: until a later command on the queue (it is in order) has completed — a blocking
/// command has returned, a later command's event has been waited for — or `finish`.
pub(crate) unsafe fn read_queued<T: ClScalar>(
    ctx: &'static DeviceCtx,
    buffer: &Buffer<T>,
    offset: usize,
    data: &mut [T],
    name: &str,
) -> Result<(), ClFailure> {
    let start = trace::enabled().then(Instant::now);
    let size = std::mem::size_of::<T>();
    // SAFETY: the caller keeps `data` as the function's contract says; the region lies
    // inside the buffer (caller).
    unsafe { ctx.queue.enqueue_read_buffer(buffer, CL_NON_BLOCKING, offset * size, data, &[]) }
        .map_err(ClFailure::api("clEnqueueReadBuffer"))?;
    record(ctx, Dir::ToHost, name, std::mem::size_of_val(data), false, start);
    Ok(())
}

/// The average row size below which [`write_rows`] and [`read_rows`] pack the rows into
/// one host buffer and move it with one command: each command costs the driver a call
/// (LUFact 1000 on the NVIDIA H100 spent 25 s in 2 million row commands of 8 KB, about
/// 13 µs each), far more than copying a short row on the host.
pub const ROW_PACK_BELOW: usize = 64 << 10;

/// The bytes of a move of `rows` rows of `bytes` bytes in direction `dir` when it goes
/// through the staging pool (`None`: it does not). Packed rows ([`packs`]) stage as
/// [`stages_rows`] says. Long ones stage as a 1-D transfer of their total would
/// ([`use_staging`]), the chunks crossing rows, rather than moving one pageable command per
/// row: 64 rows of 2 MiB went up and down at 6-7 GB/s that way on the H100, against about 40
/// GB/s staged (thirty-fourth session).
fn rows_staged(ctx: &DeviceCtx, dir: Dir, rows: usize, bytes: usize) -> Option<usize> {
    let on = match packs(rows, bytes) {
        true => stages_rows(ctx, dir, bytes),
        false => use_staging(ctx, dir, bytes),
    };
    on.then_some(bytes)
}

/// Whether `rows` rows of `bytes` bytes together move packed (see [`ROW_PACK_BELOW`]).
fn packs(rows: usize, bytes: usize) -> bool {
    rows > 1 && bytes < ROW_PACK_BELOW.saturating_mul(rows)
}

/// Blocking write of consecutive `rows` to `buffer[0..]` (one trace event for all of
/// them): one row is [`write`]; rows shorter than [`ROW_PACK_BELOW`] on average move
/// packed, through the staging pool where the device stages, else copied straight into the
/// mapped buffer on a device with unified host memory ([`map_rows`]), else packed into one
/// temporary and one write; longer ones go through the staging pool where a 1-D write of
/// their total would, else are enqueued without waiting, from memory that stays untouched
/// until the queue has finished them.
pub(crate) fn write_rows<T: ClScalar>(
    ctx: &'static DeviceCtx,
    buffer: &mut Buffer<T>,
    rows: &[&[T]],
    name: &str,
) -> Result<(), ClFailure> {
    if rows.iter().all(|row| row.is_empty()) {
        // Nothing to move (OpenCL refuses a mapping or a transfer of zero bytes).
        return Ok(());
    }
    if let [row] = rows {
        return write(ctx, buffer, 0, row, name);
    }
    let size = std::mem::size_of::<T>();
    let index = RowIndex::of(rows.len(), |row| rows[row].len());
    let total = index.total();
    let start = trace::enabled().then(Instant::now);
    let on = rows_staged(ctx, Dir::ToDevice, rows.len(), total * size);
    if staged_if(ctx, on, |staging| write_spread(ctx, buffer, 0, (rows, &index), staging))? {
        record(ctx, Dir::ToDevice, name, total * size, true, start);
        return Ok(());
    }
    if packs(rows.len(), total * size) {
        if ctx.info.unified_memory {
            map_rows(ctx, buffer, CL_MAP_WRITE_INVALIDATE_REGION, total, |mapped| {
                gather_whole(mapped, (rows, &index))
            })?;
            record(ctx, Dir::ToDevice, name, total * size, false, start);
            return Ok(());
        }
        let mut packed = vec![T::default(); total];
        gather_whole(&mut packed, (rows, &index));
        return write(ctx, buffer, 0, &packed, name);
    }
    let mut at = 0;
    for row in rows.iter().filter(|row| !row.is_empty()) {
        // SAFETY: non-blocking write from a slice the caller keeps alive and unwritten until
        // this function returns, after `finish`; regions lie inside the buffer (caller).
        unsafe { ctx.queue.enqueue_write_buffer(buffer, CL_NON_BLOCKING, at * size, row, &[]) }
            .map_err(ClFailure::api("clEnqueueWriteBuffer"))?;
        at += row.len();
    }
    ctx.finish()?;
    record(ctx, Dir::ToDevice, name, at * size, false, start);
    Ok(())
}

/// Blocking read of `buffer[0..]` into consecutive `rows` (one trace event): packed as
/// [`write_rows`] packs (staged, out of the mapped buffer, or through one temporary),
/// staged as it stages long rows, else the reads enqueued without waiting and finished
/// together.
pub(crate) fn read_rows<T: ClScalar>(
    ctx: &'static DeviceCtx,
    buffer: &Buffer<T>,
    rows: &mut [&mut [T]],
    name: &str,
) -> Result<(), ClFailure> {
    if rows.iter().all(|row| row.is_empty()) {
        // Nothing to move (OpenCL refuses a mapping or a transfer of zero bytes).
        return Ok(());
    }
    if let [row] = rows {
        return read(ctx, buffer, 0, row, name);
    }
    let size = std::mem::size_of::<T>();
    let index = RowIndex::of(rows.len(), |row| rows[row].len());
    let total = index.total();
    let start = trace::enabled().then(Instant::now);
    let on = rows_staged(ctx, Dir::ToHost, rows.len(), total * size);
    let packed = packs(rows.len(), total * size);
    if on.is_some() || packed {
        let out = RowsOut::new(rows);
        if staged_if(ctx, on, |staging| read_spread(ctx, buffer, 0, (&out, &index), staging))? {
            record(ctx, Dir::ToHost, name, total * size, true, start);
            return Ok(());
        }
        if packed && ctx.info.unified_memory {
            map_rows(ctx, buffer, CL_MAP_READ, total, |mapped: &mut [T]| {
                scatter_whole(mapped, (&out, &index))
            })?;
            record(ctx, Dir::ToHost, name, total * size, false, start);
            return Ok(());
        }
        if packed {
            let mut packed = vec![T::default(); total];
            read(ctx, buffer, 0, &mut packed, name)?;
            scatter_whole(&packed, (&out, &index));
            return Ok(());
        }
    }
    let mut at = 0;
    for row in rows.iter_mut().filter(|row| !row.is_empty()) {
        let len = row.len();
        // SAFETY: non-blocking read into a slice the caller does not touch before this
        // function returns, after `finish`; regions lie inside the buffer (caller).
        unsafe { ctx.queue.enqueue_read_buffer(buffer, CL_NON_BLOCKING, at * size, row, &[]) }
            .map_err(ClFailure::api("clEnqueueReadBuffer"))?;
        at += len;
    }
    ctx.finish()?;
    record(ctx, Dir::ToHost, name, at * size, false, start);
    Ok(())
}

/// Runs `copy` on the first `total` elements of `buffer` mapped into the host (`flags`:
/// [`CL_MAP_READ`], or [`CL_MAP_WRITE_INVALIDATE_REGION`] for a write of all of them), then
/// unmaps it and waits for the unmap. On a device with unified host memory (a CPU device,
/// an integrated GPU) the mapping is the buffer's own memory: rows move packed with one
/// copy, spread over threads, and no packed temporary.
fn map_rows<T: ClScalar>(
    ctx: &'static DeviceCtx,
    buffer: &Buffer<T>,
    flags: opencl3::types::cl_map_flags,
    total: usize,
    copy: impl FnOnce(&mut [T]),
) -> Result<(), ClFailure> {
    let bytes = total * std::mem::size_of::<T>();
    let mut mapped: cl_mem = std::ptr::null_mut();
    // SAFETY: blocking map of `bytes` bytes the caller's buffer holds, unmapped below.
    unsafe { ctx.queue.enqueue_map_buffer(buffer, CL_BLOCKING, flags, 0, bytes, &mut mapped, &[]) }
        .map_err(ClFailure::api("clEnqueueMapBuffer"))?;
    let ptr = mapped as *mut T;
    if ptr.is_null() || (ptr as usize) % std::mem::align_of::<T>() != 0 {
        return Err(ClFailure::Api { op: "clEnqueueMapBuffer(alignment)", code: 0 });
    }
    // SAFETY: the mapping holds `total` elements of `T` (integers and floats: every byte
    // pattern is a value) until it is unmapped, and nothing else touches it meanwhile.
    copy(unsafe { std::slice::from_raw_parts_mut(ptr, total) });
    // SAFETY: `mapped` is the mapping made above; the unmap is waited for.
    let unmapped = unsafe { ctx.queue.enqueue_unmap_mem_object(buffer.get(), mapped, &[]) }
        .map_err(ClFailure::api("clEnqueueUnmapMemObject"))?;
    unmapped.wait().map_err(ClFailure::api("clWaitForEvents"))
}

/// Fills `dst` with all the elements of `rows` (laid end to end, `index` their
/// [`RowIndex`]): a mapped buffer ([`map_rows`]) or a packed temporary, in [`PIECES`]
/// pieces spread over [`copy_threads`] threads.
fn gather_whole<T: ClScalar>(dst: &mut [T], rows: (&[&[T]], &RowIndex)) {
    let (piece, threads) = whole_pieces(dst.len(), std::mem::size_of::<T>());
    gather_pieces(dst, rows, 0, piece, threads);
}

/// Copies `src` into all the elements of `rows`, as [`gather_whole`] copies the other way.
fn scatter_whole<T: ClScalar>(src: &[T], rows: (&RowsOut<'_, T>, &RowIndex)) {
    let (piece, threads) = whole_pieces(src.len(), std::mem::size_of::<T>());
    scatter_pieces(src, rows, 0, piece, threads);
}

/// Elements per piece and copying threads of a copy of `len` elements of `size` bytes
/// between rows and one packed region.
fn whole_pieces(len: usize, size: usize) -> (usize, usize) {
    (len.div_ceil(PIECES).max(1), copy_threads(len * size, SPREAD_MIN))
}

fn record(
    ctx: &DeviceCtx,
    dir: Dir,
    name: &str,
    bytes: usize,
    staged: bool,
    start: Option<Instant>,
) {
    use std::sync::atomic::Ordering::Relaxed;
    let bytes = bytes as u64;
    if staged {
        ctx.stats.staged.fetch_add(1, Relaxed);
    }
    match dir {
        Dir::ToDevice => {
            ctx.stats.uploads.fetch_add(1, Relaxed);
            ctx.stats.bytes_h2d.fetch_add(bytes, Relaxed);
        }
        Dir::ToHost => {
            ctx.stats.downloads.fetch_add(1, Relaxed);
            ctx.stats.bytes_d2h.fetch_add(bytes, Relaxed);
        }
    }
    if let Some(start) = start {
        let ns = start.elapsed().as_nanos() as u64;
        trace::add_to_call(|totals| {
            match dir {
                Dir::ToDevice => totals.bytes_h2d += bytes,
                Dir::ToHost => totals.bytes_d2h += bytes,
            }
            totals.transfer_ns += ns;
        });
        let mut fields = vec![("dir", Value::Str(dir.as_str())), ("buffer", Value::Str(name))];
        if let Some(of) = trace::late_of() {
            fields.push(("of", Value::Str(of)));
        }
        fields.extend([
            ("device", Value::Str(ctx.label)),
            ("bytes", Value::U64(bytes)),
            ("pinned", Value::Bool(staged)),
            ("ns", Value::U64(ns)),
        ]);
        trace::emit("transfer", &fields);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_are_an_eighth_of_a_transfer_within_the_half() {
        let half = (LARGE_STAGING_BYTES / 2) / 8;
        // 128 MiB of `double`s: halves of 16 MiB.
        assert_eq!(chunk_of(half, 16 << 20, 8), half);
        // SOR's 18 MiB grid: chunks of an eighth, a multiple of the pieces.
        let grid = 1500 * 1500;
        let chunk = chunk_of(half, grid, 8);
        assert_eq!(chunk % PIECES, 0);
        assert!(chunk >= grid / 8 && chunk < grid / 8 + PIECES);
        // Small transfers: one chunk of at least half a small buffer.
        assert_eq!(chunk_of(half, 1000, 8), MIN_CHUNK_BYTES / 8);
        // A half smaller than that bounds the chunk.
        assert_eq!(chunk_of(4096, 100_000, 4), 4096);
        assert_eq!(chunk_of(4095, 1 << 30, 4), 4095);
    }

    #[test]
    fn pieces_cut_the_transfer_when_it_is_one_short_chunk() {
        let half = (STAGING_BYTES / 2) / 8;
        // SparseMatMult's 800 KB result in a half of 2 MiB: 16 pieces of the transfer.
        assert_eq!(piece_elems(half, 100_000), 6250);
        // No multiple of the pieces: the last piece is shorter, none is empty.
        let piece = piece_elems(half, 100_003);
        assert_eq!(piece, 6251);
        assert!(100_003_usize.div_ceil(piece) == PIECES);
        // Several chunks: pieces of a chunk.
        assert_eq!(piece_elems(half, 10 * half), half / PIECES);
        assert_eq!(piece_elems(half, 0), 1);
    }
}
