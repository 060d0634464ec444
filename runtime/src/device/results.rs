//! Results of SOMD methods that stay on the device until the host uses them.
//!
//! An iterative solver written with SOMD methods gives a local a new result every round
//! (`x = relax(x, b)`, CG's `r = axpy(r, ap, -alpha)`) and hands it to the next call. Each
//! result used to come down after its call and go up again at the next one: whole arrays
//! both ways per round, where a hand-written OpenCL program moves none. When the compiler
//! has proved that a local's storage can be written only by element stores naming it
//! (`somd_mir::analysis::lazy`, "SOMD results"), generated code holds it in a [`LazyArr`]:
//!
//! - `x = f(..)` of a SOMD method the device runs passes [`LEAVE`](super::LEAVE) in the
//!   wrapper's `moved`; the wrapper's device path ([`run_leaving`](super::run_leaving))
//!   keeps the output buffer on the device and parks it here ([`leave`]), and
//!   [`LazyArr::left`] around the call takes it. A call that ran on the CPU returns its
//!   array, which `left` holds as the host copy;
//! - a SOMD call passing the local to a read-only parameter takes the `LazyArr` as it is: a
//!   device call uses its device copy ([`HostArray::device_copy`]; a `resident` trace
//!   event), or uploads the host copy and keeps the upload as the device copy
//!   ([`HostArray::adopt`]: the call only reads it), a CPU path reads the host copy
//!   ([`LazyArr::read`]);
//! - `op ! x` reduces the device copy where it is (or, on the CPU, the host copy);
//! - `x.length` reads nothing; an element read the compiler found made once per value
//!   ([`LazyArr::get`], a matrix's [`LazyMat::get2`]) fetches that element alone, as a `@`
//!   result's does (`device/lazy.rs`);
//!   any other element read (`read`) downloads the whole array once and keeps the device
//!   copy, which still holds the same elements;
//! - every other use goes through `Deref` ([`LazyArr::host`]): it downloads the array if the
//!   host has no copy and then drops the device copy, since the use may write the storage
//!   (an element store) and nothing would tell the device copy.
//!
//! Downloads happen outside any device call: `SOMD_TRACE` shows them as transfers of the
//! buffer [`LATE`](super::lazy::LATE), as for `@` results read late. Failures of the call
//! were raised by the call itself, before it returned.

use super::lazy::{lock, read_element, read_whole, Lazy, DEVICE_STORES, LATE, STORE};
use super::{download, DevBuf, DevElem, DeviceResult, Elem, HostArray, Output, ResidentKey};
use crate::error::SourcePos;
use crate::opencl::trace::LateRead;
use crate::opencl::DeviceCtx;
use crate::value::{Array, Freeze};
use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};
use std::sync::{Arc, Mutex, OnceLock};

thread_local! {
    /// The output the last [`run_leaving`](super::run_leaving) of this thread left on the
    /// device, until [`LazyArr::left`] takes it (right after the wrapper returns).
    static LEFT: RefCell<Option<Left>> = const { RefCell::new(None) };
}

struct Left {
    ctx: &'static DeviceCtx,
    buf: DevBuf,
    /// The array's dimensions (one, or a matrix's rows and columns).
    dims: Vec<usize>,
    elem: Elem,
    /// The call's label.
    of: &'static str,
}

/// Parks the output `buf` of dimensions `dims` that the call `of` (its label) left on
/// `ctx` for the [`LazyArray::left`] around it.
pub(super) fn leave(
    ctx: &'static DeviceCtx,
    buf: Option<DevBuf>,
    dims: Vec<usize>,
    spec: Option<&super::ArgSpec>,
    of: &'static str,
) {
    let (Some(buf), Some(super::ArgSpec::Output { elem, .. })) = (buf, spec) else { return };
    leave_buffer(ctx, buf, dims, *elem, of);
}

/// Parks `buf`, of dimensions `dims` and elements `elem`, for the [`LazyArray::left`]
/// around the call `of` that left it (a `sync` body's returned array,
/// `SyncCall::finish_leaving`).
pub(super) fn leave_buffer(
    ctx: &'static DeviceCtx,
    buf: DevBuf,
    dims: Vec<usize>,
    elem: Elem,
    of: &'static str,
) {
    LEFT.with(|left| *left.borrow_mut() = Some(Left { ctx, buf, dims, elem, of }));
}

/// The host arrays a [`LazyArray`] holds: a 1-D array of primitives ([`LazyArr`]) or a
/// matrix of them ([`LazyMat`], rectangular while its copy is on the device: a device
/// buffer holds its rows one after the other).
pub trait LazyHost: HostArray + Default + Send + Sync + 'static {
    /// The elements' type.
    type Elem: DevElem;
    /// How many dimensions the device copy has.
    const DIMS: usize;
    /// The first dimension's length: the elements of a 1-D array, a matrix's rows.
    fn outer_len(&self) -> usize;
    /// `x.length`, Java's (a `NullPointerException` at `pos` for `null`).
    fn java_length(&self, pos: &'static SourcePos) -> i32;
    /// Whether the array is `null`.
    fn null(&self) -> bool;
    /// The array downloaded as output 0 of `result`.
    fn from_result(result: DeviceResult) -> Self;
}

/// [`LazyHost`] for a host array type over `T`, of `$dims` dimensions, downloaded by
/// `DeviceResult::$output`.
macro_rules! lazy_host {
    ($host:ty, $dims:expr, $output:ident) => {
        impl<T: DevElem> LazyHost for $host {
            type Elem = T;
            const DIMS: usize = $dims;

            fn outer_len(&self) -> usize {
                self.len()
            }

            fn java_length(&self, pos: &'static SourcePos) -> i32 {
                self.length(pos)
            }

            fn null(&self) -> bool {
                self.is_null()
            }

            fn from_result(result: DeviceResult) -> Self {
                result.$output::<T>(0)
            }
        }
    };
}

lazy_host!(Array<T>, 1, output_1d);
lazy_host!(Array<Array<T>>, 2, output_2d);

/// A mutable 1-D array local whose SOMD results may stay on the device (module doc).
pub type LazyArr<T> = LazyArray<Array<T>>;

/// A mutable matrix local whose SOMD results may stay on the device (module doc).
pub type LazyMat<T> = LazyArray<Array<Array<T>>>;

/// An array local whose SOMD results may stay on the device (module doc): [`LazyArr`],
/// [`LazyMat`].
pub struct LazyArray<A: LazyHost> {
    /// The dimensions of the device copy (a host-made array's: only its first).
    dims: Vec<usize>,
    /// The device copy: the array's only copy while `host` is unset, else the same
    /// elements as the host copy.
    dev: Mutex<Option<(&'static DeviceCtx, Arc<DevBuf>)>>,
    /// Whether `dev` may hold a copy (read without the lock on the host's paths).
    has_dev: AtomicBool,
    /// Whether [`LazyArr::host`] has handed out the host copy, which the host may have
    /// written since through a reference taken before a call's upload: no upload becomes
    /// the device copy then ([`HostArray::keeps_upload`]). In `x[0] = f(x)` the store's
    /// receiver is evaluated first, the call uploads `x`, and then the store writes.
    lent: AtomicBool,
    host: OnceLock<A>,
    /// Elements read one at a time while there is no host copy ([`LazyArr::get`]).
    singles: Mutex<Vec<(usize, A::Elem)>>,
    /// Element stores written into the device copy ([`LazyArr::set`], at most
    /// [`DEVICE_STORES`]).
    device_stores: AtomicUsize,
    /// The call that left the device copy (its label; empty for a host-made array), which
    /// late reads and stores name in the trace (`trace::LateRead`), until an upload of the
    /// host copy becomes the device copy (`of_host`, [`HostArray::adopt`]).
    of: &'static str,
    of_host: AtomicBool,
}

impl<A: LazyHost> Default for LazyArray<A> {
    /// `null` (a local declared without a value, which Java assigns before any read).
    fn default() -> Self {
        LazyArray::from_host(A::default())
    }
}

impl<A: LazyHost> LazyArray<A> {
    /// An array the host holds.
    pub fn from_host(array: A) -> Self {
        let lazy = LazyArray {
            dims: vec![array.outer_len()],
            dev: Mutex::new(None),
            has_dev: AtomicBool::new(false),
            lent: AtomicBool::new(false),
            host: OnceLock::new(),
            singles: Mutex::new(Vec::new()),
            device_stores: AtomicUsize::new(0),
            of: "",
            of_host: AtomicBool::new(false),
        };
        let _ = lazy.host.set(array);
        lazy
    }

    /// An array another name still holds (`double[] y = x;`, `x` used later): the host
    /// copy is lent from the start, so no call's upload becomes a device copy, and the
    /// other name's writes reach every call that reads it.
    pub fn from_lent(array: A) -> Self {
        let lazy = LazyArray::from_host(array);
        lazy.lent.store(true, Relaxed);
        lazy
    }

    /// Another handle on the host's `array` (an argument of a SOMD call taking `LazyArr`s).
    pub fn from_ref(array: &A) -> Self
    where
        A: Clone,
    {
        LazyArray::from_host(array.clone())
    }

    /// The result of a SOMD wrapper called with [`LEAVE`](super::LEAVE): the output its
    /// device path left on the device, or, when the call ran on the CPU, `returned`.
    pub fn left(returned: A) -> Self {
        let parked = LEFT.with(|left| left.borrow_mut().take());
        match parked {
            // (An output whose dimensions were not planned is empty.)
            Some(Left { ctx, buf, dims, elem, of })
                if elem == A::Elem::ELEM && (dims.len() == A::DIMS || dims.is_empty()) =>
            {
                let dims = if dims.is_empty() { vec![0; A::DIMS] } else { dims };
                LazyArray::on_device(dims, ctx, Arc::new(buf), of)
            }
            _ => LazyArray::from_host(returned),
        }
    }

    /// An array of dimensions `dims` whose only copy is `buf` on `ctx`, left there by the
    /// call `of`.
    fn on_device(
        dims: Vec<usize>,
        ctx: &'static DeviceCtx,
        buf: Arc<DevBuf>,
        of: &'static str,
    ) -> Self {
        LazyArray {
            dims,
            dev: Mutex::new(Some((ctx, buf))),
            has_dev: AtomicBool::new(true),
            lent: AtomicBool::new(false),
            host: OnceLock::new(),
            singles: Mutex::new(Vec::new()),
            device_stores: AtomicUsize::new(0),
            of,
            of_host: AtomicBool::new(false),
        }
    }

    /// The host copy for reading: downloaded the first time; the device copy stays valid.
    pub fn read(&self) -> &A {
        self.host.get_or_init(|| self.download())
    }

    /// The host copy for a store the compiler found no call can come between the fetch and
    /// (a matrix's row written element by element): the device copy is dropped, and the
    /// host copy is still not lent, so the next call's upload may become the device copy.
    pub fn store(&self) -> &A {
        let host = self.read();
        self.forget_device();
        host
    }

    /// The host copy for any use, which may write it: the device copy is dropped.
    pub fn host(&self) -> &A {
        let host = self.read();
        if !self.lent.load(Relaxed) {
            self.lent.store(true, Relaxed);
        }
        self.forget_device();
        host
    }

    /// The call whose result the device copy holds ([`LazyArray::of`]'s field doc).
    fn of(&self) -> &'static str {
        if self.of_host.load(Relaxed) {
            ""
        } else {
            self.of
        }
    }

    fn forget_device(&self) {
        if self.has_dev.load(Relaxed) {
            self.has_dev.store(false, Relaxed);
            lock(&self.dev).take();
        }
    }

    /// `x.length`: nothing is read.
    #[inline]
    pub fn length(&self, pos: &'static SourcePos) -> i32 {
        match self.host.get() {
            Some(host) => host.java_length(pos),
            None => self.dims[0] as i32,
        }
    }

    /// The first dimension's length as `usize` (0 for `null`), as the host copy's `len`:
    /// nothing is read. (Through `Deref` it would download the array and drop the device
    /// copy: a user strategy's `bounds` check asks it of the device path's arguments.)
    #[inline]
    pub fn len(&self) -> usize {
        match self.host.get() {
            Some(host) => host.outer_len(),
            None => self.dims[0],
        }
    }

    /// Whether the first dimension is empty, as [`LazyArray::len`] reads it.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether the array is `null` (a device result never is).
    pub fn is_null(&self) -> bool {
        self.host.get().is_some_and(LazyHost::null)
    }

    /// Element `idx` of the device copy, its rows one after the other (below the product
    /// of `dims`), read alone, or `None` when the whole array should come down instead
    /// ([`read_whole`]) or there is no device copy.
    fn single_flat(&self, idx: usize) -> Option<A::Elem> {
        let mut singles = lock(&self.singles);
        if let Some((_, element)) = singles.iter().find(|(at, _)| *at == idx) {
            return Some(element.clone());
        }
        if read_whole::<A::Elem>(self.dims.iter().product(), singles.len()) {
            return None;
        }
        let (ctx, buf) = self.device_buf()?;
        let element: A::Elem = read_element(ctx, &buf, idx, self.of());
        singles.push((idx, element.clone()));
        Some(element)
    }

    fn device_buf(&self) -> Option<(&'static DeviceCtx, Arc<DevBuf>)> {
        if !self.has_dev.load(Relaxed) {
            return None;
        }
        lock(&self.dev).clone()
    }

    /// The whole array from the device copy (which only a host-made array lacks, and
    /// that one has its host copy from the start).
    fn download(&self) -> A {
        let Some((ctx, buf)) = self.device_buf() else { return A::default() };
        let elem = A::Elem::ELEM;
        let output = match self.dims.iter().product::<usize>() {
            0 => Output::Bytes(Vec::new(), self.dims.clone()),
            _ => {
                let _late = LateRead::of(self.of());
                download(ctx, &buf, elem, self.dims.clone(), false, LATE).0
            }
        };
        A::from_result(DeviceResult { outputs: vec![Some(output)], ..DeviceResult::default() })
    }
}

/// The element accesses of a 1-D array local: a matrix's go through its host copy (`Deref`,
/// `read`), but for [`LazyMat::get2`].
impl<T: DevElem> LazyArr<T> {
    /// `x[index] = value`. Where the array has a device copy no other holder shares, the
    /// element is written there too (`write_device`: a stencil's boundary cells set
    /// between calls move a few bytes, not the array twice), and into the host copy where
    /// there is one (downloaded, never lent: nothing else writes it), for the first
    /// [`DEVICE_STORES`] stores of the array (a loop of stores would pay a round trip
    /// each: the next store brings the array down once instead). Otherwise the device
    /// copy is dropped when the store runs, after the statement's other operands (a call
    /// among them may have read the device copy, or made one of the host's), so no call
    /// can see a copy older than the store.
    pub fn set(&self, index: i32, value: T, pos: &'static SourcePos) {
        if !self.lent.load(Relaxed) && self.write_device(index, &value) {
            if let Some(host) = self.host.get() {
                host.set(index, value, pos);
            }
            return;
        }
        let host = self.read();
        self.forget_device();
        host.set(index, value, pos)
    }

    /// Writes element `index` of the device copy when it is this local's alone (a frozen
    /// copy sharing it is never written), in range, and `value` has a device
    /// representation; `false` leaves the store to the host copy (which raises Java's
    /// exception for an index out of range).
    fn write_device(&self, index: i32, value: &T) -> bool {
        let Ok(idx) = usize::try_from(index) else { return false };
        if idx >= self.dims[0] || value.is_null() || !self.has_dev.load(Relaxed) {
            return false;
        }
        if self.device_stores.fetch_add(1, Relaxed) >= DEVICE_STORES {
            return false;
        }
        let mut dev = lock(&self.dev);
        let Some((ctx, buf)) = dev.as_mut() else { return false };
        let Some(buf) = Arc::get_mut(buf) else { return false };
        let size = T::ELEM.size();
        let mut bytes = Vec::with_capacity(size);
        value.put(&mut bytes);
        let _late = LateRead::of(self.of());
        let written = crate::opencl::buffer::write(ctx, &mut buf.buffer, idx * size, &bytes, STORE);
        crate::opencl::OrFatal::or_fatal(written);
        let mut singles = lock(&self.singles);
        if let Some(single) = singles.iter_mut().find(|(at, _)| *at == idx) {
            single.1 = value.clone();
        }
        true
    }

    /// The element pointer of a loop the compiler proved in range (loop versioning): the
    /// loop makes no device call, so dropping the device copy here, before its stores,
    /// is dropping it before any later call.
    pub fn unchecked(&self) -> crate::value::Unchecked<T> {
        let host = self.read();
        self.forget_device();
        host.unchecked()
    }

    /// Loop versioning's range test ([`Array::covers`]): reads the host copy.
    pub fn covers(&self, lo: i32, hi: i32, min_offset: i32, max_offset: i32) -> bool {
        self.read().covers(lo, hi, min_offset, max_offset)
    }

    /// [`Array::covers_step`]: reads the host copy.
    pub fn covers_step(
        &self,
        lo: i32,
        hi: i32,
        min_offset: i32,
        max_offset: i32,
        step: i32,
    ) -> bool {
        self.read().covers_step(lo, hi, min_offset, max_offset, step)
    }

    /// `x[index]`, bounds-checked, where the compiler found the read made once per value of
    /// the local: from the host copy when there is one, else that element alone read from
    /// the device, until [`SINGLE_READS`](super::lazy::SINGLE_READS) elements have been read that way or when the whole
    /// array takes at most [`WHOLE_BELOW`](super::lazy::WHOLE_BELOW) bytes (then the whole array comes down once).
    pub fn get(&self, index: i32, pos: &'static SourcePos) -> T {
        if self.host.get().is_none() && index >= 0 && (index as usize) < self.dims[0] {
            if let Some(element) = self.single_flat(index as usize) {
                return element;
            }
        }
        self.read().get(index, pos)
    }

    /// `&x[index]`, bounds-checked, from the host copy (downloaded the first time).
    #[inline]
    pub fn at(&self, index: i32, pos: &'static SourcePos) -> &T {
        self.read().at(index, pos)
    }
}

/// The element reads of a matrix local made once per value (`m[i][j]`).
impl<T: DevElem> LazyMat<T> {
    /// Java's check of `m[row]` before the column index is evaluated: nothing where the row
    /// is inside the device copy, else the host path's (downloading the matrix first if need
    /// be), which raises the `NullPointerException` or `ArrayIndexOutOfBoundsException` at
    /// `row_pos`.
    pub fn row_ok(&self, row: i32, row_pos: &'static SourcePos) {
        match (self.host.get(), self.dims.first()) {
            (None, Some(&rows)) if row >= 0 && (row as usize) < rows => {}
            _ => {
                self.read().at(row, row_pos);
            }
        }
    }

    /// `m[row].length`: the columns of the device copy where the row is inside it (its
    /// rows all have that length), else the host path's, which downloads the matrix if
    /// need be and raises Java's exception (the row's at `row_pos`, a `null` row's at
    /// `pos`).
    pub fn row_length(
        &self,
        row: i32,
        row_pos: &'static SourcePos,
        pos: &'static SourcePos,
    ) -> i32 {
        match (self.host.get(), self.dims.as_slice()) {
            (None, &[rows, cols]) if row >= 0 && (row as usize) < rows => cols as i32,
            _ => self.read().at(row, row_pos).length(pos),
        }
    }

    /// `m[row][col]`, bounds-checked (the row at `row_pos`, the element at `pos`), where the
    /// compiler found the read made once per value of the local and both indices free of
    /// effects, after [`LazyMat::row_ok`] (Java checks the row before it evaluates `col`,
    /// which may throw): from the host copy when there is one, else that element alone read
    /// from the device copy, which holds the rows one after the other, as [`LazyArr::get`]
    /// reads.
    pub fn get2(
        &self,
        row: i32,
        col: i32,
        row_pos: &'static SourcePos,
        pos: &'static SourcePos,
    ) -> T {
        if let (None, &[rows, cols]) = (self.host.get(), self.dims.as_slice()) {
            let inside = |i: i32, n: usize| i >= 0 && (i as usize) < n;
            if inside(row, rows) && inside(col, cols) {
                if let Some(element) = self.single_flat(row as usize * cols + col as usize) {
                    return element;
                }
            }
        }
        self.read().at(row, row_pos).get(col, pos)
    }
}

impl<T: DevElem> LazyArr<T> {
    /// The `len` elements of a buffer on `ctx` that another holder shares and never writes
    /// (a `@` result thawed for a SOMD call: [`Lazy::thaw_lazy`]). No call writes a device
    /// copy another holder has ([`HostArray::take_device`] needs the only handle), and a
    /// store writes it only with the only handle (`write_device`), else drops it first, so
    /// the other holder keeps its elements. `of` is the `@` that computed it.
    pub(super) fn shared(
        ctx: &'static DeviceCtx,
        buf: Arc<DevBuf>,
        len: usize,
        of: &'static str,
    ) -> Self {
        LazyArray::on_device(vec![len], ctx, buf, of)
    }
}

impl<T: DevElem + Freeze<Frozen = T> + Send> LazyArr<T> {
    /// `new T[[]](x)` handed to a `@`, a `!` or a SOMD method the device may run, or given to
    /// a value-array local holding lazy values: the value array as a [`Lazy`] that shares
    /// the device copy, so a SOMD result frozen for a device call never comes down to go up
    /// again. A device copy is never written while shared (a store drops it,
    /// and a call writing the array takes the buffer only when no other holder has it:
    /// [`HostArray::take_device`]), so the frozen copy keeps the elements it was made with.
    /// With a host copy the freeze copies it, and a device copy of the same elements is
    /// kept under the value array's key for the calls that pass it.
    pub fn freeze_lazy(&self, pos: &'static SourcePos) -> Lazy<T> {
        if self.host.get().is_none() {
            if let Some((ctx, buf)) = self.device_buf() {
                return Lazy::shared(ctx, buf, self.dims[0], self.of());
            }
        }
        let frozen = self.read().check(pos).freeze();
        if let (Some((ctx, buf)), Some(key)) = (self.device_buf(), frozen.resident_key()) {
            super::resident::keep_shared(ctx, key, buf);
        }
        Lazy::from_host(frozen)
    }

    /// A `@`'s mapped argument read from this local (`x = step(x); h = C @ half(x);`, the
    /// `@`'s other arguments quiet, so nothing writes the local before the `@` reads it):
    /// without a host copy, the device copy shared as [`LazyArr::freeze_lazy`] shares it;
    /// with one, the local itself, which a device call finds resident or whose upload
    /// becomes its device copy, and whose host copy the CPU path reads in place. A frozen
    /// copy of the host's elements would cost a copy of the whole array at every `@`.
    pub fn map_arg(&self, pos: &'static SourcePos) -> Mapped<'_, T> {
        match self.host.get() {
            Some(host) => {
                host.check(pos);
                Mapped::Local(self, host)
            }
            None => Mapped::Shared(self.freeze_lazy(pos)),
        }
    }

    /// [`LazyArr::freeze_lazy`] of a SOMD call's result frozen as it comes (`new
    /// double[[]](scale(x, r))`, nothing else holds it): with a host copy (a CPU run), its
    /// storage becomes the value array's without a copy ([`crate::value::freeze_owned`]),
    /// as the freeze of a plain result does.
    pub fn freeze_lazy_owned(mut self, pos: &'static SourcePos) -> Lazy<T> {
        let device = self.device_buf();
        let Some(host) = self.host.take() else { return self.freeze_lazy(pos) };
        let frozen = crate::value::freeze_owned(host, pos);
        if let (Some((ctx, buf)), Some(key)) = (device, frozen.resident_key()) {
            super::resident::keep_shared(ctx, key, buf);
        }
        Lazy::from_host(frozen)
    }
}

/// A `@`'s mapped argument taken from a lazy local ([`LazyArr::map_arg`]).
pub enum Mapped<'a, T: DevElem> {
    /// The device copy, shared by a frozen [`Lazy`].
    Shared(Lazy<T>),
    /// The local, and its host copy.
    Local(&'a LazyArr<T>, &'a Array<T>),
}

impl<'a, T: DevElem> From<&'a Mapped<'a, T>> for super::HostArg<'a> {
    fn from(mapped: &'a Mapped<'a, T>) -> Self {
        match mapped {
            Mapped::Shared(lazy) => super::HostArg::from(lazy),
            Mapped::Local(local, _) => super::HostArg::from(*local),
        }
    }
}

impl<T: DevElem> crate::somd::Elements<T> for Mapped<'_, T> {
    fn count(&self, pos: &'static SourcePos) -> usize {
        match self {
            Mapped::Shared(lazy) => lazy.count(pos),
            Mapped::Local(_, host) => host.count(pos),
        }
    }

    #[inline(always)]
    fn element(&self, i: usize) -> T {
        match self {
            Mapped::Shared(lazy) => lazy.element(i),
            Mapped::Local(_, host) => host.element(i),
        }
    }
}

/// Whether the host copy is a ragged matrix or has a `null` row (a device result, with no
/// host copy, is neither): the SOMD wrapper runs the body once over the whole values then.
impl<A: LazyHost + crate::somd::Ragged> crate::somd::Ragged for LazyArray<A> {
    fn ragged(&self) -> bool {
        self.host.get().is_some_and(crate::somd::Ragged::ragged)
    }
}

impl<A: LazyHost> std::ops::Deref for LazyArray<A> {
    type Target = A;

    /// Every use but the length, an element read or a SOMD call's argument: the host copy,
    /// after which the device copy is dropped ([`LazyArray::host`]).
    fn deref(&self) -> &A {
        self.host()
    }
}

impl<A: LazyHost> HostArray for LazyArray<A> {
    fn elem(&self) -> Elem {
        A::Elem::ELEM
    }

    fn shape(&self) -> Option<Vec<usize>> {
        match self.host.get() {
            Some(host) => host.shape(),
            None => Some(self.dims.clone()),
        }
    }

    /// A ragged matrix the host made crosses packed, as a plain one does.
    fn packed_rows(&self) -> Option<super::PackedRows> {
        self.host.get()?.packed_rows()
    }

    fn row_slices(&self) -> Option<Vec<&[u8]>> {
        self.read().row_slices()
    }

    fn bytes(&self) -> Vec<u8> {
        self.read().bytes()
    }

    fn raw_rows(&self) -> Option<Vec<&[u8]>> {
        self.read().raw_rows()
    }

    fn window_key(&self) -> Option<ResidentKey> {
        self.host.get().filter(|_| !self.has_dev.load(Relaxed)).and_then(HostArray::window_key)
    }

    fn part_window(&self) -> Option<(usize, usize)> {
        self.host.get().and_then(HostArray::part_window)
    }

    fn device_copy(&self, ctx: &'static DeviceCtx) -> Option<Arc<DevBuf>> {
        let (on, buf) = self.device_buf()?;
        std::ptr::eq(on, ctx).then_some(buf)
    }

    fn on_host(&self) -> bool {
        self.host.get().is_some()
    }

    /// A host-made array handed over to a call that returns it updated comes back into
    /// its own storage, as a plain array does (only without a device copy, which the
    /// write would leave behind).
    fn reuse(&self) -> Option<Box<dyn std::any::Any + Send + Sync>> {
        self.host.get().filter(|_| !self.has_dev.load(Relaxed))?.reuse()
    }

    fn raw_rows_mut(&self) -> Option<Vec<&mut [u8]>> {
        self.host.get().filter(|_| !self.has_dev.load(Relaxed))?.raw_rows_mut()
    }

    fn keeps_upload(&self) -> bool {
        !self.has_dev.load(Relaxed)
            && !self.lent.load(Relaxed)
            && self.host.get().is_some_and(|h| !h.null())
    }

    /// The host copy's key where a keep scope keeps it, while there is no device copy of
    /// its own.
    fn resident_key(&self) -> Option<ResidentKey> {
        self.host.get().filter(|_| !self.has_dev.load(Relaxed)).and_then(HostArray::resident_key)
    }

    fn adopt(&self, ctx: &'static DeviceCtx, buf: Arc<DevBuf>) {
        // An upload of the host copy names no call; a buffer a call took and gave back
        // (no host copy) is still the one `of` left.
        if self.host.get().is_some() {
            self.of_host.store(true, Relaxed);
        }
        *lock(&self.dev) = Some((ctx, buf));
        self.has_dev.store(true, Relaxed);
    }

    /// A result left on the device that no host copy and no other holder shares: the call
    /// writing it takes the buffer (a caller that hands the array over never reads it again,
    /// so it keeps neither copy).
    fn take_device(&self, ctx: &'static DeviceCtx) -> Option<DevBuf> {
        if self.host.get().is_some() || !self.has_dev.load(Relaxed) {
            return None;
        }
        let mut dev = lock(&self.dev);
        let (on, buf) = dev.take()?;
        if !std::ptr::eq(on, ctx) {
            *dev = Some((on, buf));
            return None;
        }
        match Arc::try_unwrap(buf) {
            Ok(buf) => {
                self.has_dev.store(false, Relaxed);
                Some(buf)
            }
            Err(buf) => {
                *dev = Some((on, buf));
                None
            }
        }
    }
}

impl<T: DevElem> crate::somd::Elements<T> for LazyArr<T> {
    fn count(&self, pos: &'static SourcePos) -> usize {
        self.length(pos) as usize
    }

    #[inline(always)]
    fn element(&self, i: usize) -> T {
        self.read().slots()[i].get()
    }
}
