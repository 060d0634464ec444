//! Results of `@` that stay on the device until the host reads them.
//!
//! A `@` result is a value array, and the host often reads only part of it: Black-Scholes
//! maps 8,000,000 prices, sums them on the device and prints `prices[0]`; a K-Means step
//! hands `membership` to the next device call. When the compiler has proved that a local
//! holds only `@` results (`somd_mir::analysis::lazy`), generated code keeps each result
//! in a [`Lazy`] instead of a [`VArr`]: the kernel's result buffer stays on the device,
//! held by the `Lazy`, where later device calls on that device find it
//! ([`HostArray::device_copy`]; a `resident` trace event, as for any value array), and the
//! host gets the elements only when it reads them:
//!
//! - `v[i]` outside any loop of the local's scope ([`Lazy::at`], [`Lazy::get`]) reads that
//!   one element (one blocking read of its bytes), until [`SINGLE_READS`] elements have
//!   been read that way or when the whole array takes at most [`WHOLE_BELOW`] bytes: then
//!   the whole array comes down once, as it would have after the call;
//! - `v.length` ([`Lazy::length`]) reads nothing;
//! - every other use ([`Lazy::host`], and `Deref` to the [`VArr`]) downloads the whole
//!   array once and from then on reads the host copy. The `Lazy` then lets go of the
//!   device buffer, which the resident value arrays keep under the host copy's key
//!   (`device/resident.rs`, evicted least recently used first like any of them).
//!
//! While the host has no copy, the device buffer lives as long as the `Lazy`: it is the
//! array's only copy, so the resident cache's bound on device memory does not apply to it.
//!
//! Those reads happen outside any device call: `SOMD_TRACE` shows them as transfers of the
//! buffer [`LATE`].
//!
//! A result the CPU path computed is a [`Lazy`] that already holds its host copy
//! ([`Lazy::from_host`]). The result of a `@` never changes (value arrays are immutable),
//! so reading it late reads what the call computed; failures of the `@` were raised by the
//! call itself, before it returned.

use super::resident::{self, Key};
use super::{download, DevBuf, DevElem, DeviceResult, Elem, HostArray, ResidentKey};
use crate::error::{self, SourcePos};
use crate::opencl::buffer;
use crate::opencl::trace::LateRead;
use crate::opencl::{DeviceCtx, OrFatal};
use crate::value::VArr;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

/// The buffer name of the transfers of a result the host reads late.
pub const LATE: &str = "somd_out_late";

/// The buffer name of an element the host stores into a SOMD result left on the device
/// (`LazyArr::set`).
pub const STORE: &str = "somd_store";

/// How many element stores `LazyArr::set` writes into the device copy one by one (a round
/// trip each) before the next one brings the array down and stores on the host: a host
/// loop storing into the result costs at most this many round trips more than the
/// download, as [`SINGLE_READS`] bounds reads.
pub const DEVICE_STORES: usize = 16;

/// How many elements [`Lazy::at`] reads one by one before it downloads the whole array: a
/// host loop over the result (which the compiler sends to [`Lazy::host`] where it sees
/// one) costs at most this many round trips more than the download.
pub const SINGLE_READS: usize = 16;

/// Arrays of at most this many bytes come down whole at the first read: one read of them
/// costs about what a read of one element does (a round trip of some microseconds on a
/// GPU, `GPU-FACTS.md`).
pub const WHOLE_BELOW: usize = 256 << 10;

/// A value array that may still be only on the device (see the module doc). Clones share
/// the device copy and the host copy.
pub struct Lazy<T> {
    inner: Arc<Inner<T>>,
}

struct Inner<T> {
    len: usize,
    /// The `@` that computed it (its label; empty for a result the host computed), which
    /// late reads name in the trace ([`LateRead`]).
    of: &'static str,
    /// The device holding the result; `None` for a result the host computed.
    ctx: Option<&'static DeviceCtx>,
    /// The device copy until the host has its own (then the resident cache keeps it).
    buf: Mutex<Option<Arc<DevBuf>>>,
    /// Names the array while there is no host copy whose storage could ([`HostArray::
    /// resident_key`]): a live allocation of its own, so its address names no other array.
    token: Arc<[u8]>,
    /// The host copy, once made (set at construction for a result the host computed).
    host: OnceLock<VArr<T>>,
    /// Elements read one at a time while there is no host copy, by index. Each is boxed
    /// and never removed, so a reference [`Lazy::at`] returned stays valid while `self`
    /// lives.
    singles: Mutex<Vec<(usize, Box<T>)>>,
}

impl<T> Clone for Lazy<T> {
    fn clone(&self) -> Self {
        Lazy { inner: Arc::clone(&self.inner) }
    }
}

impl<T: DevElem> Default for Lazy<T> {
    /// `null` (a local declared without a value, which Java assigns before any read).
    fn default() -> Self {
        Lazy::from_host(VArr::default())
    }
}

/// Locks `m`; a panic while holding one of these locks leaves no half-made state.
pub(super) fn lock<U>(m: &Mutex<U>) -> MutexGuard<'_, U> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Whether the next element read of a result of `len` elements left on the device, after
/// `read` read alone, should download the whole array instead ([`SINGLE_READS`],
/// [`WHOLE_BELOW`]).
pub(super) fn read_whole<T: DevElem>(len: usize, read: usize) -> bool {
    read >= SINGLE_READS || len * T::ELEM.size() <= WHOLE_BELOW
}

/// Element `idx` of the result in `buf` on `ctx` that the construct `of` left there, read
/// alone (a late read, [`LATE`]).
pub(super) fn read_element<T: DevElem>(
    ctx: &'static DeviceCtx,
    buf: &DevBuf,
    idx: usize,
    of: &'static str,
) -> T {
    let _late = LateRead::of(of);
    let size = T::ELEM.size();
    let mut bytes = vec![0u8; size];
    buffer::read(ctx, &buf.buffer, idx * size, &mut bytes, LATE).or_fatal();
    T::take(&bytes)
}

impl<T: DevElem> Lazy<T> {
    fn new(
        len: usize,
        ctx: Option<&'static DeviceCtx>,
        buf: Option<Arc<DevBuf>>,
        of: &'static str,
    ) -> Self {
        let inner = Inner {
            len,
            of,
            ctx,
            buf: Mutex::new(buf),
            token: Arc::from(vec![0u8]),
            host: OnceLock::new(),
            singles: Mutex::new(Vec::new()),
        };
        Lazy { inner: Arc::new(inner) }
    }

    /// A result the host already holds.
    pub fn from_host(array: VArr<T>) -> Self {
        let lazy = Lazy::new(array.items().len(), None, None, "");
        let _ = lazy.inner.host.set(array);
        lazy
    }

    /// The `len` elements the kernel of the `@` labelled `of` left in `buf` on `ctx`.
    pub(super) fn on_device(
        ctx: &'static DeviceCtx,
        buf: DevBuf,
        len: usize,
        of: &'static str,
    ) -> Self {
        Lazy::new(len, Some(ctx), Some(Arc::new(buf)), of)
    }

    /// The `len` elements of a buffer on `ctx` that another holder shares and never writes
    /// (a SOMD result's device copy frozen for a `@`: `LazyArr::freeze_lazy`), made by the
    /// call `of`.
    pub(super) fn shared(
        ctx: &'static DeviceCtx,
        buf: Arc<DevBuf>,
        len: usize,
        of: &'static str,
    ) -> Self {
        Lazy::new(len, Some(ctx), Some(buf), of)
    }

    /// `Somd.thaw(v)` handed to a SOMD method the device may run: the fresh mutable copy as
    /// a [`LazyArr`](super::LazyArr) sharing the device copy while the host has none, so a
    /// `@` result thawed for a SOMD call never comes down to go up again; else the host's
    /// copy, thawed.
    pub fn thaw_lazy(&self) -> super::LazyArr<T>
    where
        T: crate::value::Thaw<Thawed = T>,
    {
        if !self.on_host() {
            if let Some((ctx, buf)) = self.device_buf() {
                return super::LazyArr::shared(ctx, buf, self.inner.len, self.inner.of);
            }
        }
        super::LazyArr::from_host(crate::value::Thaw::thaw(self.host()))
    }

    /// The whole array on the host, downloaded the first time.
    pub fn host(&self) -> &VArr<T> {
        self.inner.host.get_or_init(|| self.download())
    }

    /// Whether the host holds the whole array (it was downloaded, or computed on the host).
    pub fn on_host(&self) -> bool {
        self.inner.host.get().is_some()
    }

    /// `v.length`: nothing is read.
    #[inline]
    pub fn length(&self, pos: &'static SourcePos) -> i32 {
        match self.inner.host.get() {
            Some(host) => host.length(pos),
            None => self.inner.len as i32,
        }
    }

    /// `&v[index]`, bounds-checked: from the host copy when there is one, else one element
    /// read from the device (see the module doc).
    pub fn at(&self, index: i32, pos: &'static SourcePos) -> &T {
        if let Some(host) = self.inner.host.get() {
            return host.at(index, pos);
        }
        let idx = index as u32 as usize;
        if idx >= self.inner.len {
            error::index_out_of_bounds(i64::from(index), self.inner.len, pos);
        }
        match self.single(idx) {
            Some(element) => element,
            None => self.host().at(index, pos),
        }
    }

    /// `v[index]` as a value.
    #[inline]
    pub fn get(&self, index: i32, pos: &'static SourcePos) -> T {
        self.at(index, pos).clone()
    }

    /// The device buffer while the host has no copy.
    fn device_buf(&self) -> Option<(&'static DeviceCtx, Arc<DevBuf>)> {
        let buf = lock(&self.inner.buf).clone()?;
        Some((self.inner.ctx?, buf))
    }

    /// Element `idx < len` read alone from the device, or `None` when the whole array
    /// should come down instead.
    fn single(&self, idx: usize) -> Option<&T> {
        let mut singles = lock(&self.inner.singles);
        let element: *const T = match singles.iter().find(|(at, _)| *at == idx) {
            Some((_, element)) => &**element,
            None => {
                if read_whole::<T>(self.inner.len, singles.len()) {
                    return None;
                }
                // `None` once the host copy is being made: read from it instead.
                let (ctx, buf) = self.device_buf()?;
                singles.push((idx, Box::new(read_element(ctx, &buf, idx, self.inner.of))));
                singles.last().map(|(_, element)| &**element as *const T)?
            }
        };
        drop(singles);
        // SAFETY: the element is boxed in `singles`, which never removes or replaces an
        // entry before `Inner` is dropped; `self` keeps `Inner` alive for the borrow's
        // lifetime, and moving the `Box` within the vector does not move its contents.
        Some(unsafe { &*element })
    }

    /// The whole array from the device. From then on the resident cache keeps the device
    /// buffer under the host copy's key (calls passing the host copy find it there) and the
    /// `Lazy` no longer holds it.
    fn download(&self) -> VArr<T> {
        let Some((ctx, buf)) = self.device_buf() else {
            // A host-made result has its copy from the start.
            return VArr::default();
        };
        let array = match self.inner.len {
            0 => VArr::from_vec(Vec::new()),
            len => {
                let _late = LateRead::of(self.inner.of);
                let (output, _) = download(ctx, &buf, T::ELEM, vec![len], true, LATE);
                let result =
                    DeviceResult { outputs: vec![Some(output)], ..DeviceResult::default() };
                result.result::<T>()
            }
        };
        if let Some(key) = array.resident_key() {
            resident::keep_shared(ctx, key, buf);
        }
        lock(&self.inner.buf).take();
        array
    }
}

impl<T: DevElem> std::ops::Deref for Lazy<T> {
    type Target = VArr<T>;

    /// Every use but an element, the length or a device call reads the host copy.
    fn deref(&self) -> &VArr<T> {
        self.host()
    }
}

impl<T: DevElem> HostArray for Lazy<T> {
    fn elem(&self) -> Elem {
        T::ELEM
    }

    fn shape(&self) -> Option<Vec<usize>> {
        match self.on_host() || self.inner.ctx.is_none() {
            true => self.host().shape(),
            // A kernel's result has no `null` element.
            false => Some(vec![self.inner.len]),
        }
    }

    fn bytes(&self) -> Vec<u8> {
        self.host().bytes()
    }

    fn raw_rows(&self) -> Option<Vec<&[u8]>> {
        self.host().raw_rows()
    }

    /// The host copy's key once there is one, the token's before.
    fn resident_key(&self) -> Option<ResidentKey> {
        match self.inner.host.get() {
            Some(host) => host.resident_key(),
            None => {
                Some(Key::of(Arc::downgrade(&self.inner.token), self.inner.len * T::ELEM.size()))
            }
        }
    }

    fn device_copy(&self, ctx: &'static DeviceCtx) -> Option<Arc<DevBuf>> {
        let (on, buf) = self.device_buf()?;
        std::ptr::eq(on, ctx).then_some(buf)
    }

    fn on_host(&self) -> bool {
        Lazy::on_host(self) || self.inner.ctx.is_none()
    }

    /// The host copy's window once there is one: a partition the MI passes on is on the host.
    fn part_window(&self) -> Option<(usize, usize)> {
        self.inner.host.get().map(VArr::window_id)
    }
}

impl<T: DevElem> crate::somd::Elements<T> for Lazy<T> {
    fn count(&self, pos: &'static SourcePos) -> usize {
        self.length(pos) as usize
    }

    #[inline(always)]
    fn element(&self, i: usize) -> T {
        self.host().items()[i].clone()
    }
}
