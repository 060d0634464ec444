//! Results of `@` that stay on the device until the host reads them.
//!
//! A `@` result is a value array, and the host often reads only part of it: Black-Scholes
//! maps 8,000,000 prices, sums them on the device and prints `prices[0]`; a K-Means step
//! hands `membership` to the next device call. When the compiler has proved that a local
//! holds only `@` results (`somd_mir::analysis::lazy`), generated code keeps each result
//! in a [`Lazy`] instead of a [`VArr`]: the kernel's result buffer stays on the device,
//! where later device calls find it (a `resident` trace event, as for any value array),
//! and the host gets the elements only when it reads them:
//!
//! - `v[i]` outside any loop of the local's scope ([`Lazy::at`], [`Lazy::get`]) reads that
//!   one element (one blocking read of its bytes), until [`SINGLE_READS`] elements have
//!   been read that way or when the whole array takes at most [`WHOLE_BELOW`] bytes: then
//!   the whole array comes down once, as it would have after the call;
//! - `v.length` ([`Lazy::length`]) reads nothing;
//! - every other use ([`Lazy::host`], and `Deref` to the [`VArr`]) downloads the whole
//!   array once and from then on reads the host copy. The copy is kept with the same
//!   device buffer, so calls that pass it later still find it on the device.
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
use crate::opencl::{DeviceCtx, OrFatal};
use crate::value::VArr;
use std::sync::{Arc, Mutex, OnceLock};

/// The buffer name of the transfers of a result the host reads late.
pub const LATE: &str = "somd_out_late";

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
    /// The device copy; `None` for a result the host computed.
    device: Option<OnDevice>,
    /// The host copy, once made (set at construction when `device` is `None`).
    host: OnceLock<VArr<T>>,
    /// Elements read one at a time while there is no host copy, by index. Each is boxed
    /// and never removed, so a reference [`Lazy::at`] returned stays valid while `self`
    /// lives.
    singles: Mutex<Vec<(usize, Box<T>)>>,
}

struct OnDevice {
    ctx: &'static DeviceCtx,
    buf: Arc<DevBuf>,
    /// Names the device copy among the resident value arrays (`device/resident.rs`) while
    /// there is no host copy whose storage could: a live allocation of its own, so its
    /// address names no other array.
    token: Arc<[u8]>,
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

impl<T: DevElem> Lazy<T> {
    /// A result the host already holds.
    pub fn from_host(array: VArr<T>) -> Self {
        let len = array.items().len();
        let host = OnceLock::new();
        let _ = host.set(array);
        Lazy { inner: Arc::new(Inner { len, device: None, host, singles: Mutex::new(Vec::new()) }) }
    }

    /// The `len` elements a kernel left in `buf` on `ctx`. The buffer is also kept among the
    /// resident value arrays, so that calls passing this array find it there.
    pub(super) fn on_device(ctx: &'static DeviceCtx, buf: DevBuf, len: usize) -> Self {
        let token: Arc<[u8]> = Arc::from(vec![0u8]);
        let key = Key::of(Arc::downgrade(&token), len * T::ELEM.size());
        let buf = resident::keep(ctx, key, buf);
        let device = Some(OnDevice { ctx, buf, token });
        let singles = Mutex::new(Vec::new());
        Lazy { inner: Arc::new(Inner { len, device, host: OnceLock::new(), singles }) }
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

    /// Element `idx < len` read alone from the device, or `None` when the whole array
    /// should come down instead.
    fn single(&self, idx: usize) -> Option<&T> {
        let device = self.inner.device.as_ref()?;
        let size = T::ELEM.size();
        let mut singles = self.inner.singles.lock().unwrap_or_else(|e| e.into_inner());
        let element: *const T = match singles.iter().find(|(at, _)| *at == idx) {
            Some((_, element)) => &**element,
            None => {
                if singles.len() >= SINGLE_READS || self.inner.len * size <= WHOLE_BELOW {
                    return None;
                }
                let mut bytes = vec![0u8; size];
                buffer::read(device.ctx, &device.buf.buffer, idx * size, &mut bytes, LATE)
                    .or_fatal();
                singles.push((idx, Box::new(T::take(&bytes))));
                singles.last().map(|(_, element)| &**element as *const T)?
            }
        };
        drop(singles);
        // SAFETY: the element is boxed in `singles`, which never removes or replaces an
        // entry before `Inner` is dropped; `self` keeps `Inner` alive for the borrow's
        // lifetime, and moving the `Box` within the vector does not move its contents.
        Some(unsafe { &*element })
    }

    /// The whole array from the device, kept with the same device buffer under the host
    /// copy's own key (calls passing the host copy find it).
    fn download(&self) -> VArr<T> {
        let Some(device) = &self.inner.device else {
            // A host-made result has its copy from the start.
            return VArr::default();
        };
        if self.inner.len == 0 {
            return VArr::from_vec(Vec::new());
        }
        let (ctx, buf) = (device.ctx, &device.buf);
        let (output, _) = download(ctx, buf, T::ELEM, vec![self.inner.len], true, LATE);
        let result = DeviceResult { outputs: vec![Some(output)], ..DeviceResult::default() };
        let array = result.result::<T>();
        if let Some(key) = array.resident_key() {
            resident::keep_shared(ctx, key, Arc::clone(buf));
        }
        // From now on calls name the copy by the host array's key.
        resident::release(ctx, &self.token_key(device));
        array
    }

    /// The key of the device copy while there is no host copy.
    fn token_key(&self, device: &OnDevice) -> Key {
        Key::of(Arc::downgrade(&device.token), self.inner.len * T::ELEM.size())
    }

    /// The key under which calls find the device copy.
    fn key(&self) -> Option<ResidentKey> {
        match (self.inner.host.get(), &self.inner.device) {
            (None, Some(device)) => Some(self.token_key(device)),
            _ => self.host().resident_key(),
        }
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
        match self.on_host() || self.inner.device.is_none() {
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

    fn resident_key(&self) -> Option<ResidentKey> {
        self.key()
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
