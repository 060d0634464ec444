//! Device execution of the kernels `somdc` generates: the host side of one device call,
//! driven by a static description of the kernel (its manifest) that generated code owns.
//!
//! Generated code (see `compiler/somd-codegen/src/rust/device.rs` and
//! `docs/notes/device-execution.md`) emits, per program, one [`ProgramCell`] holding every
//! kernel and one `&'static [SourcePos]` site table, and per device-eligible construct a
//! `static K_..: KernelDesc`. At the call it runs
//! ```text
//! if let Some(done) = rt::device::run(&K_Main_dot, &[HostArg::from(a), HostArg::from(b)]) {
//!     let partials: Vec<f64> = done.partials();
//!     return rt::reduce::tree::<rt::reduce::Add, f64>(&partials);
//! }
//! // the CPU path, unchanged
//! ```
//! [`run`] asks [`placement_for`]; on the CPU, or when the
//! call cannot run on the device (a `null` array, a ragged one other than a matrix a `@`
//! maps, whose kernel's ragged variant takes it packed (`device/ragged.rs`), an empty first
//! `dist` argument, an output of negative size: the CPU path raises the Java exception), it
//! returns `None`. Otherwise it builds the program (a failed build falls back once), uploads
//! every array argument once (never downloading it back: SOMD parameters are passed by
//! value, so kernel writes to them are private), allocates outputs zero-filled on the
//! device without an upload, launches with the manifest's size rule, checks the error
//! buffer (raising the same Java exception as the CPU path, at the site's position) and
//! only then downloads outputs and reduction partials. All of it happens in one
//! [`trace::CallScope`], so `SOMD_TRACE` shows each crossing once.
//!
//! The same machinery runs `@` ([`run_map`]; [`run_map_chain`] keeps the intermediate
//! array of `C @ g(C @ f(x))` on the device; [`run_map_lazy`] leaves the result there as
//! a [`Lazy`], read by the host only where it reads it, in `device/lazy.rs`), fused
//! `op ! (C @ f(..))` (partials),
//! `C.m ! a` folds ([`run_fold`]) and `op ! a` through the OpenCL layer's `somd_reduce`
//! ([`reduce_array`]), and the multi-kernel `sync` bodies of SOMD methods ([`SyncCall`],
//! in `device/sync.rs`: buffers resident for the whole call, one launch per loop step), and
//! histogram bodies that fill a returned table at computed indices ([`run_histogram`], in
//! `device/histogram.rs`: per-work-group tables, folded on the host).
//!
//! A kernel that needs `double` on a device without `cl_khr_fp64` falls back with a
//! warning (exit 2 under `SOMD_STRICT=1`), as does a program without the kernel.
//! OpenCL failures after placement end the program ([`crate::opencl::OrFatal`]).

mod fields;
mod histogram;
mod lazy;
mod narrow;
mod ragged;
mod recycle;
mod resident;
mod results;
mod rows;
pub mod statics;
mod sync;
mod update;
pub mod widen;

pub use crate::opencl::adapt::{clock_at, group, Clock};
pub use crate::opencl::{before_device, PendingCheck};
pub use fields::{EachField, JoinedField, JoinedOffsets};
pub use histogram::{run_histogram, run_segmented, table_len, HistArg, HistDesc, HistElem, HistOp};
pub use lazy::Lazy;
pub use resident::{KeepScope, Key as ResidentKey};
pub use results::{LazyArr, LazyArray, LazyHost, LazyMat, Mapped};
pub use rows::{fetch as row, RowScope};
pub use sync::{SyncCall, SyncDesc};
pub use update::run_updating;

use crate::error::SourcePos;
use crate::opencl::buffer::{self, Access};
use crate::opencl::fail::next_epoch;
use crate::opencl::reduce::{prev_power_of_two, Input};
use crate::opencl::{placement_for, policy, trace, ClFailure, DeviceCtx, OrFatal, ProgramCell};
use crate::opencl::{ErrorBuffer, Target};
use crate::somd::Range;
use crate::value::{Array, VArr, Val};
use opencl3::memory::Buffer;

/// Element types of device buffers, as the host stores them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Elem {
    /// `boolean`, stored as `uchar` 0/1.
    Bool,
    I8,
    I16,
    /// `char`.
    U16,
    I32,
    I64,
    F32,
    F64,
    /// A value class laid out as its kernel's `typedef struct` (`size` bytes, explicit
    /// padding included: see [`DevStruct`]).
    Struct(usize),
}

impl Elem {
    /// Bytes per element on the device.
    pub const fn size(self) -> usize {
        match self {
            Elem::Bool | Elem::I8 => 1,
            Elem::I16 | Elem::U16 => 2,
            Elem::I32 | Elem::F32 => 4,
            Elem::I64 | Elem::F64 => 8,
            Elem::Struct(size) => size,
        }
    }
}

/// An element type that crosses to the device: a primitive, or a value class with a device
/// layout ([`DevStruct`]).
pub trait DevElem: Clone + Default + Send + Sync + 'static {
    const ELEM: Elem;
    /// Whether the host's in-memory representation of the type *is* its device
    /// representation (primitives: native byte order, `boolean` as one byte 0/1), so arrays
    /// of it cross without conversion.
    const RAW: bool = false;
    /// Appends the device representation (native byte order).
    fn put(&self, out: &mut Vec<u8>);
    /// Reads one element from its device representation (`bytes.len() == ELEM.size()`).
    fn take(bytes: &[u8]) -> Self;
    /// Whether the element is (or holds, in a nested value-class field) `null`, which has
    /// no device representation: the call runs on the CPU, which raises the exception.
    #[inline]
    fn is_null(&self) -> bool {
        false
    }
    /// Whether an element of `items` is `null` ([`DevElem::is_null`]): a value array's
    /// shape test ([`HostArray::shape`]) before each device call that takes it.
    #[inline]
    fn any_null(items: &VArr<Self>) -> bool {
        items.items().iter().any(Self::is_null)
    }
}

/// A value class whose instances cross to the device as the bytes of its kernel's `typedef
/// struct`. Generated code implements it from the OpenCL writer's layout (field offsets,
/// explicit padding written as zeros, `SIZE` a multiple of the alignment), so the host and
/// the OpenCL C compiler agree without attributes.
pub trait DevStruct: Clone + Send + Sync + 'static {
    const SIZE: usize;
    /// Appends exactly `SIZE` bytes.
    fn put(&self, out: &mut Vec<u8>);
    /// Reads one instance from `SIZE` bytes.
    fn take(bytes: &[u8]) -> Self;
    /// Whether a nested value-class field is `null`.
    fn has_null(&self) -> bool;
    /// Whether the class has a value-class field, which [`DevStruct::has_null`] looks at:
    /// without one, only an element itself can be `null`, which a value array's own
    /// `null` state answers without a look at the elements ([`VArr::holds_no_null`]).
    const NESTED: bool = true;
}

/// Position for [`Val::get`] on a value known not to be `null`.
static NOT_NULL: SourcePos = SourcePos { file: "<device>", line: 0, col: 0 };

impl<T: DevStruct> DevElem for Val<T> {
    const ELEM: Elem = Elem::Struct(T::SIZE);
    fn put(&self, out: &mut Vec<u8>) {
        if self.is_null() {
            out.resize(out.len() + T::SIZE, 0);
        } else {
            self.get(&NOT_NULL).put(out);
        }
    }
    fn take(bytes: &[u8]) -> Self {
        Val::new(T::take(bytes))
    }
    fn is_null(&self) -> bool {
        Val::is_null(self) || self.get(&NOT_NULL).has_null()
    }
    /// The array's `null` state, found once per handle and kept by its freeze and its
    /// windows: a device call taking K-Means' eight million points looked at all of them
    /// (96 MB) at every call before.
    fn any_null(items: &VArr<Self>) -> bool {
        !items.holds_no_null()
            || (T::NESTED && items.items().iter().any(|v| v.get(&NOT_NULL).has_null()))
    }
}

macro_rules! dev_elem {
    ($($ty:ty => $elem:ident),*) => {$(
        impl DevElem for $ty {
            const ELEM: Elem = Elem::$elem;
            const RAW: bool = true;
            #[inline]
            fn put(&self, out: &mut Vec<u8>) {
                out.extend_from_slice(&self.to_ne_bytes());
            }
            #[inline]
            fn take(bytes: &[u8]) -> Self {
                let mut raw = [0u8; std::mem::size_of::<$ty>()];
                raw.copy_from_slice(bytes);
                <$ty>::from_ne_bytes(raw)
            }
        }
    )*};
}

dev_elem!(i8 => I8, i16 => I16, u16 => U16, i32 => I32, i64 => I64, f32 => F32, f64 => F64);

impl DevElem for bool {
    const ELEM: Elem = Elem::Bool;
    // `bool` is one byte holding 0 or 1, the device's `uchar` representation.
    const RAW: bool = true;
    #[inline]
    fn put(&self, out: &mut Vec<u8>) {
        out.push(u8::from(*self));
    }
    #[inline]
    fn take(bytes: &[u8]) -> Self {
        bytes.first().is_some_and(|b| *b != 0)
    }
}

/// A host array that can cross to the device: 1-D or rectangular 2-D (row-major).
pub trait HostArray {
    fn elem(&self) -> Elem;
    /// The dimensions, or `None` for `null` or a ragged/`null`-row 2-D array.
    fn shape(&self) -> Option<Vec<usize>>;
    /// The elements in row-major device representation.
    fn bytes(&self) -> Vec<u8>;
    /// The host storage itself when it already is the device representation: one slice for
    /// a 1-D array, one per row for a 2-D array, in row-major order (uploads then copy
    /// nothing on the host). `None`: use [`HostArray::bytes`].
    fn raw_rows(&self) -> Option<Vec<&[u8]>> {
        None
    }
    /// For a value array, the key under which its device copy is kept across calls
    /// (`device/resident.rs`); `None` for arrays the host may change.
    fn resident_key(&self) -> Option<ResidentKey> {
        None
    }
    /// The window identifying the array where it may be a partition of the running MI
    /// (`somd::is_inner_partition`); `None` for arrays that never are one.
    fn part_window(&self) -> Option<(usize, usize)> {
        None
    }
    /// For a mutable 1-D array, the key of its storage window, under which a keep scope
    /// ([`keep`]) keeps its device copy; `None` otherwise.
    fn window_key(&self) -> Option<ResidentKey> {
        None
    }
    /// For a non-`null` 2-D array of a [`DevElem::RAW`] type, the address of its row array,
    /// by which a row scope ([`rows`]) knows the matrix it holds.
    fn matrix_addr(&self) -> Option<usize> {
        None
    }
    /// The host storage itself for writing, as [`HostArray::raw_rows`] gives it for reading:
    /// a device call that updates the array downloads into it ([`run_updating`]).
    fn raw_rows_mut(&self) -> Option<Vec<&mut [u8]>> {
        None
    }
    /// The array's own copy on `ctx` when it has one there and no host copy (a `@` result
    /// left on the device, [`Lazy`]): calls use it as it is.
    fn device_copy(&self, _ctx: &'static DeviceCtx) -> Option<std::sync::Arc<DevBuf>> {
        None
    }
    /// Whether the upload a call makes of this array becomes its device copy, handed to
    /// [`HostArray::adopt`] (a [`LazyArr`] the host made: calls only read it).
    fn keeps_upload(&self) -> bool {
        false
    }

    /// Takes `buf` on `ctx` as the array's device copy ([`HostArray::keeps_upload`]).
    fn adopt(&self, _ctx: &'static DeviceCtx, _buf: std::sync::Arc<DevBuf>) {}

    /// The array's own copy on `ctx` when it has one there, no host copy and nothing else
    /// shares the buffer, taken out of the array for a call to write (the caller never
    /// reads the array again: `device/results.rs`). `None` otherwise, the array unchanged.
    fn take_device(&self, _ctx: &'static DeviceCtx) -> Option<DevBuf> {
        None
    }

    /// Whether the host holds the elements (not so for a [`Lazy`] left on the device, whose
    /// [`HostArray::bytes`] and [`HostArray::raw_rows`] download it whole).
    fn on_host(&self) -> bool {
        true
    }
    /// For a non-`null` 2-D value array without `null` rows, rectangular or not, the layout
    /// of its rows packed one after the other: a ragged one crosses so, with its rows'
    /// offsets (`device/ragged.rs`). `None` for any other array.
    fn packed_rows(&self) -> Option<PackedRows> {
        None
    }
    /// For a 2-D array of a [`DevElem::RAW`] type, each row's storage, as [`HostArray::raw_rows`]
    /// gives it but whatever the rows' lengths (the packed form reads them so).
    fn row_slices(&self) -> Option<Vec<&[u8]>> {
        None
    }
    /// For an argument the caller never reads again (`a = f(a, ..)`, or a local at its last
    /// use) that a device call has uploaded and returns: another handle to this very array,
    /// whose storage the call may then overwrite with its result, as the CPU path writes
    /// such an argument in place (`Scratch::Reuse`, [`crate::value::DeepCopy::reuse_or_copy`]).
    /// Only for a storage in the device representation ([`HostArray::raw_rows_mut`]) that
    /// no other handle reaches ([`crate::value::Array::is_unique`]); a row of a matrix that
    /// another handle holds is first replaced by a new row of its length, which the
    /// download fills. `None` otherwise: the result comes down into a new array.
    fn reuse(&self) -> Option<Box<dyn std::any::Any + Send + Sync>> {
        None
    }
    /// For an array a keep scope keeps, the part of its device copy holding units `lo ..
    /// hi` (elements of a 1-D array, rows of a matrix, `hi` within its length): the byte
    /// offset in the copy, and the host storage of those units in the device representation
    /// (`resident::refresh` writes them after the host stored to them). `None` when the
    /// array cannot give them: the call uploads it whole.
    fn stale_part(&self, _lo: usize, _hi: usize) -> Option<(usize, Vec<&[u8]>)> {
        None
    }
}

/// The layout of a 2-D array's rows packed one after the other (`device/ragged.rs`): the
/// number of elements, and the offset of each row's first element, one more than the rows,
/// as the device's `int`s.
#[derive(Clone, Debug)]
pub struct PackedRows {
    pub elements: usize,
    pub offsets: std::sync::Arc<[u8]>,
}

/// Opens a row scope for the calls of the `sync`-form SOMD method `label` whose argument
/// `param` is a matrix the host loop around them touches only through rows it fetches with
/// [`row`] (`device/rows.rs`; the compiler's `somd_mir::analysis::rows`).
pub fn rows(label: &'static str, param: usize) -> RowScope {
    rows::open(label, param)
}

/// Opens a keep scope for `arrays` (mutable 1-D arrays that the host does not write while
/// the scope lives; `null` is ignored): each is uploaded by the first device call that
/// passes it, and later calls find its buffer resident until the scope is dropped
/// (`device/resident.rs`). Generated code opens one around a host loop the compiler proved
/// never writes them (`somd_mir::analysis::keep`).
pub fn keep(arrays: &[&dyn HostArray]) -> resident::KeepScope {
    resident::open_scope(arrays.iter().map(|a| a.window_key()).collect())
}

/// `new T[[]](array)` where a keep scope keeps `array` (`somd_mir::analysis::keep`,
/// "Straight-line statements"): the copy, recorded as holding the array's elements while
/// the scope lives, so that a device copy of either serves both (`resident::twin`).
/// `NullPointerException` for `null`.
pub fn freeze_kept<T>(array: &Array<T>, pos: &'static SourcePos) -> VArr<T>
where
    T: DevElem + crate::value::Freeze<Frozen = T>,
    Array<T>: HostArray,
{
    let frozen = crate::value::Freeze::freeze(array.check(pos));
    if let (Some(kept), Some(copy)) = (array.window_key(), frozen.resident_key()) {
        resident::twin(kept, copy);
    }
    frozen
}

/// `new T[[]](array)` at the last use of an array a keep scope keeps: as
/// `rt::value::freeze_owned`, the storage itself when nothing else holds it (its device
/// copies then serve the value array after the scope too: `resident::frozen_in_place`),
/// else a copy recorded as by [`freeze_kept`].
pub fn freeze_kept_owned<T>(array: Array<T>, pos: &'static SourcePos) -> VArr<T>
where
    T: DevElem + crate::value::Freeze<Frozen = T>,
    Array<T>: HostArray,
{
    let kept = array.check(pos).window_key();
    let frozen = crate::value::freeze_owned(array, pos);
    if let (Some(kept), Some(copy)) = (kept, frozen.resident_key()) {
        match kept.same(&copy) {
            true => resident::frozen_in_place(&kept),
            false => resident::twin(kept, copy),
        }
    }
    frozen
}

/// The bytes of the elements of `slots` (`T::RAW` types only: their memory is their device
/// representation).
fn slot_bytes<T: DevElem>(slots: &[crate::value::Slot<T>]) -> &[u8] {
    debug_assert!(T::RAW);
    // SAFETY: `Slot<T>` is `repr(transparent)` over `UnsafeCell<T>`, so the slots are
    // `size_of_val(slots)` initialised bytes of primitive values; the host does not write
    // them while a device call reads them (the calling thread is inside the call).
    unsafe { std::slice::from_raw_parts(slots.as_ptr().cast::<u8>(), std::mem::size_of_val(slots)) }
}

/// [`slot_bytes`] for writing: the device's results land in the slots directly.
#[allow(clippy::mut_from_ref)] // `Slot` is an `UnsafeCell`: writes through `&` are its purpose.
fn slot_bytes_mut<T: DevElem>(slots: &[crate::value::Slot<T>]) -> &mut [u8] {
    debug_assert!(T::RAW);
    // SAFETY: as `slot_bytes`; the slots belong to an array just allocated by the caller,
    // which nothing else references yet, and every bit pattern of the bytes written by the
    // device is a valid `T::RAW` value (booleans are written as 0/1 by the kernels).
    unsafe {
        std::slice::from_raw_parts_mut(
            slots.as_ptr().cast::<u8>().cast_mut(),
            std::mem::size_of_val(slots),
        )
    }
}

/// Below this many bytes a conversion between host values and their device representation
/// stays on the calling thread.
const PARALLEL_CONVERT_MIN: usize = 1 << 20;

/// Threads for converting `bytes` bytes: one per MiB, at most the CPU pool's size.
fn convert_threads(bytes: usize) -> usize {
    (bytes / PARALLEL_CONVERT_MIN).clamp(1, crate::exec::placement().threads.max(1))
}

/// Runs `work(chunk)` for every chunk `0..chunks`, on up to `threads` threads (the calling
/// one included; threads that cannot be started leave their share to the others).
fn for_each_chunk(chunks: usize, threads: usize, work: impl Fn(usize) + Sync) {
    use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
    let next = AtomicUsize::new(0);
    let drain = || loop {
        let chunk = next.fetch_add(1, Relaxed);
        if chunk >= chunks {
            break;
        }
        work(chunk);
    };
    std::thread::scope(|scope| {
        for _ in 1..threads.min(chunks) {
            // A thread that cannot be started is not needed: `drain` below takes its chunks.
            let _ = std::thread::Builder::new().spawn_scoped(scope, drain);
        }
        drain();
    });
}

/// A pointer to the elements being written by [`decode`]'s threads.
struct Dst<U>(*mut std::mem::MaybeUninit<U>);

// SAFETY: the threads write disjoint elements through it (one chunk each).
unsafe impl<U: Send> Send for Dst<U> {}
// SAFETY: as above.
unsafe impl<U: Send> Sync for Dst<U> {}

/// The elements whose device representation is `bytes`, each wrapped by `wrap`, in a new
/// buffer; large arrays (value classes convert field by field) are converted on several
/// threads.
fn decode<T: DevElem, U: Send + Sync>(bytes: &[u8], wrap: fn(T) -> U) -> std::sync::Arc<[U]> {
    let size = T::ELEM.size().max(1);
    let n = bytes.len() / size;
    let threads = convert_threads(bytes.len());
    let mut out: std::sync::Arc<[std::mem::MaybeUninit<U>]> = std::sync::Arc::new_uninit_slice(n);
    let Some(slots) = std::sync::Arc::get_mut(&mut out).filter(|_| threads > 1) else {
        return bytes.chunks_exact(size).map(|b| wrap(T::take(b))).collect();
    };
    let dst = Dst(slots.as_mut_ptr());
    let per = n.div_ceil(threads * 4).max(1);
    let dst = &dst;
    for_each_chunk(n.div_ceil(per), threads, |chunk| {
        for i in chunk * per..((chunk + 1) * per).min(n) {
            let value = wrap(T::take(&bytes[i * size..(i + 1) * size]));
            // SAFETY: `i < n`, and each index belongs to one chunk, written by one thread.
            unsafe { dst.0.add(i).write(std::mem::MaybeUninit::new(value)) };
        }
    });
    // SAFETY: the chunks tile `0..n`, and `for_each_chunk` returns after all of them ran.
    unsafe { out.assume_init() }
}

/// The device representation of `items` (`get` reads one), converted on several threads
/// when large.
fn encode<S: Sync, T: DevElem>(items: &[S], get: fn(&S) -> T) -> Vec<u8> {
    let size = T::ELEM.size();
    let mut out = vec![0u8; items.len() * size];
    fill_converted(&mut out, items.len(), size, |first, target| {
        let mut local = Vec::with_capacity(target.len());
        for item in &items[first..first + target.len() / size.max(1)] {
            get(item).put(&mut local);
        }
        target.copy_from_slice(&local);
    });
    out
}

/// Fills `out`, `n` elements of `size` bytes, by `fill(first, part)`: `part` the bytes of
/// the elements from `first` on. A large `out` is cut into parts converted on several
/// threads ([`convert_threads`]); a small one is one part on the calling thread.
fn fill_converted(out: &mut [u8], n: usize, size: usize, fill: impl Fn(usize, &mut [u8]) + Sync) {
    let threads = convert_threads(out.len());
    if threads <= 1 || size == 0 {
        fill(0, out);
        return;
    }
    let per = n.div_ceil(threads * 4).max(1);
    let targets: Vec<std::sync::Mutex<&mut [u8]>> =
        out.chunks_mut(per * size).map(std::sync::Mutex::new).collect();
    for_each_chunk(targets.len(), threads, |chunk| {
        if let Ok(mut target) = targets[chunk].lock() {
            fill(chunk * per, &mut target);
        }
    });
}

impl<T: DevElem> HostArray for Array<T> {
    fn elem(&self) -> Elem {
        T::ELEM
    }

    fn shape(&self) -> Option<Vec<usize>> {
        let has_null = matches!(T::ELEM, Elem::Struct(_))
            && self.slots().iter().any(|s| s.get_ref().is_null());
        (!self.is_null() && !has_null).then(|| vec![self.len()])
    }

    fn bytes(&self) -> Vec<u8> {
        encode(self.slots(), crate::value::Slot::<T>::get)
    }

    fn raw_rows(&self) -> Option<Vec<&[u8]>> {
        T::RAW.then(|| vec![slot_bytes(self.slots())])
    }

    fn part_window(&self) -> Option<(usize, usize)> {
        Some(self.window_id())
    }

    fn raw_rows_mut(&self) -> Option<Vec<&mut [u8]>> {
        T::RAW.then(|| vec![update::slot_bytes_in_place(self.slots())])
    }

    fn reuse(&self) -> Option<Box<dyn std::any::Any + Send + Sync>> {
        (T::RAW && self.is_unique()).then(|| Box::new(self.clone()) as Box<_>)
    }

    /// Only while a keep scope keeps the array.
    fn resident_key(&self) -> Option<ResidentKey> {
        self.window_key().filter(resident::is_kept)
    }

    fn window_key(&self) -> Option<ResidentKey> {
        let bytes = self.len() * T::ELEM.size();
        let addr = self.slots().as_ptr() as usize;
        self.downgrade().map(|weak| ResidentKey::window(addr, weak, bytes))
    }

    /// Elements `lo .. hi`.
    fn stale_part(&self, lo: usize, hi: usize) -> Option<(usize, Vec<&[u8]>)> {
        let slots = self.slots().get(lo..hi).filter(|_| T::RAW)?;
        Some((lo * T::ELEM.size(), vec![slot_bytes(slots)]))
    }
}

impl<T: DevElem> HostArray for Array<Array<T>> {
    fn elem(&self) -> Elem {
        T::ELEM
    }

    fn part_window(&self) -> Option<(usize, usize)> {
        Some(self.window_id())
    }

    /// Remembered while a keep scope keeps the matrix (`resident::kept_shape`).
    fn shape(&self) -> Option<Vec<usize>> {
        if self.is_null() {
            return None;
        }
        let rows = self.slots();
        resident::kept_shape(rows.as_ptr() as usize, || {
            let cols = rows.first().map_or(0, |r| r.get_ref().len());
            let rectangular = crate::packed::all_rows(rows, |r| {
                !r.get_ref().is_null() && r.get_ref().len() == cols
            });
            rectangular.then(|| vec![rows.len(), cols])
        })
    }

    fn bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for row in self.slots() {
            for slot in row.get_ref().slots() {
                slot.get().put(&mut out);
            }
        }
        out
    }

    fn raw_rows(&self) -> Option<Vec<&[u8]>> {
        T::RAW
            .then(|| crate::packed::map_rows(self.slots(), |row| slot_bytes(row.get_ref().slots())))
    }

    /// Remembered only while a keep scope keeps the matrix (`resident::kept_packed`), unlike
    /// a value array's ([`HostArray::packed_rows`] of `VArr<VArr<T>>`): the program may
    /// replace any row between two calls outside such a scope.
    fn packed_rows(&self) -> Option<PackedRows> {
        if self.is_null() {
            return None;
        }
        let rows = self.slots();
        resident::kept_packed(rows.as_ptr() as usize, || {
            if !crate::packed::all_rows(rows, |row| !row.get_ref().is_null()) {
                return None;
            }
            let len = |r: usize| rows[r].get_ref().len();
            let index = crate::packed::RowIndex::of(rows.len(), len);
            // Every offset is at most the total, which must be an `int`.
            let elements = index.total();
            i32::try_from(elements).ok()?;
            let mut offsets = vec![0u8; (rows.len() + 1) * 4];
            index.ends(len, (&mut offsets[4..], 4), |slot, end| {
                slot.copy_from_slice(&(end as i32).to_ne_bytes());
            });
            Some(PackedRows { elements, offsets: offsets.into() })
        })
    }

    fn row_slices(&self) -> Option<Vec<&[u8]>> {
        self.raw_rows()
    }

    fn raw_rows_mut(&self) -> Option<Vec<&mut [u8]>> {
        T::RAW.then(|| {
            crate::packed::map_rows(self.slots(), |row| {
                update::slot_bytes_in_place(row.get_ref().slots())
            })
        })
    }

    fn matrix_addr(&self) -> Option<usize> {
        (T::RAW && !self.is_null()).then(|| self.slots().as_ptr() as usize)
    }

    fn reuse(&self) -> Option<Box<dyn std::any::Any + Send + Sync>> {
        if !T::RAW || !self.is_unique() {
            return None;
        }
        let rows = self.slots();
        if !crate::packed::all_rows(rows, |r| r.get_ref().is_unique()) {
            // The matrix is the caller's alone: no one else sees its rows replaced.
            for row in rows.iter().filter(|r| !r.get_ref().is_unique()) {
                let len = row.get_ref().len();
                row.set(Array::from_vec(vec![T::default(); len]));
            }
        }
        Some(Box::new(self.clone()))
    }

    /// Only while a keep scope keeps the matrix.
    fn resident_key(&self) -> Option<ResidentKey> {
        self.window_key().filter(resident::is_kept)
    }

    /// The key of a matrix without `null` rows: the storage of its rows' handles, sized by
    /// its elements (row-major for a rectangular one, packed for a ragged one:
    /// `device/ragged.rs`). A keep scope keeps its device copy only around a loop the
    /// compiler proved writes no element, replaces no row, and reaches no row by another
    /// name (`somd_mir::analysis::keep`), so the handles' storage names the contents.
    fn window_key(&self) -> Option<ResidentKey> {
        if self.is_null() {
            return None;
        }
        let rows = self.slots();
        // While kept, the scope's key: no pass over the rows at each call.
        if let Some(key) = resident::kept_key(rows.as_ptr() as usize) {
            return Some(key);
        }
        if !crate::packed::all_rows(rows, |r| !r.get_ref().is_null()) {
            return None;
        }
        let elements: usize = rows.iter().map(|r| r.get_ref().len()).sum();
        let bytes = elements * T::ELEM.size();
        let addr = rows.as_ptr() as usize;
        self.downgrade().map(|weak| ResidentKey::window(addr, weak, bytes))
    }

    /// Rows `lo .. hi`, found from the shape or the packed layout the keep scope remembers
    /// (row-major and packed copies agree for a rectangular matrix).
    fn stale_part(&self, lo: usize, hi: usize) -> Option<(usize, Vec<&[u8]>)> {
        let rows = self.slots().get(lo..hi).filter(|_| T::RAW && !self.is_null())?;
        let first = match self.shape() {
            Some(shape) => lo * shape.get(1).copied()?,
            None => {
                let packed = self.packed_rows()?;
                let at = packed.offsets.get(lo * 4..lo * 4 + 4)?;
                usize::try_from(i32::from_ne_bytes(at.try_into().ok()?)).ok()?
            }
        };
        let parts = rows.iter().map(|r| slot_bytes(r.get_ref().slots())).collect();
        Some((first * T::ELEM.size(), parts))
    }
}

impl<T: DevElem> HostArray for Array<Array<Array<T>>> {
    fn elem(&self) -> Elem {
        T::ELEM
    }

    /// Rectangular only: every plane and row non-`null`, every plane of the first plane's
    /// row count and every row of the first row's length.
    fn shape(&self) -> Option<Vec<usize>> {
        if self.is_null() {
            return None;
        }
        let planes = self.slots();
        let first = planes.first().map(|p| p.get_ref());
        let rows = first.map_or(0, |p| p.len());
        let cols = first.and_then(|p| p.slots().first().map(|r| r.get_ref().len())).unwrap_or(0);
        let rectangular = planes.iter().all(|p| {
            let p = p.get_ref();
            !p.is_null()
                && p.len() == rows
                && p.slots().iter().all(|r| !r.get_ref().is_null() && r.get_ref().len() == cols)
        });
        rectangular.then(|| vec![planes.len(), rows, cols])
    }

    fn bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for plane in self.slots() {
            for row in plane.get_ref().slots() {
                for slot in row.get_ref().slots() {
                    slot.get().put(&mut out);
                }
            }
        }
        out
    }

    fn raw_rows(&self) -> Option<Vec<&[u8]>> {
        T::RAW.then(|| {
            self.slots()
                .iter()
                .flat_map(|plane| plane.get_ref().slots().iter())
                .map(|row| slot_bytes(row.get_ref().slots()))
                .collect()
        })
    }
}

impl<T: DevElem> HostArray for VArr<T> {
    fn elem(&self) -> Elem {
        T::ELEM
    }

    fn shape(&self) -> Option<Vec<usize>> {
        let has_null = matches!(T::ELEM, Elem::Struct(_)) && T::any_null(self);
        (!self.is_null() && !has_null).then(|| vec![self.items().len()])
    }

    fn bytes(&self) -> Vec<u8> {
        encode(self.items(), T::clone)
    }

    fn resident_key(&self) -> Option<ResidentKey> {
        self.storage_key(self.items().len() * T::ELEM.size())
    }

    fn part_window(&self) -> Option<(usize, usize)> {
        Some(self.window_id())
    }

    fn raw_rows(&self) -> Option<Vec<&[u8]>> {
        T::RAW.then(|| vec![raw_bytes(self.items())])
    }
}

/// The bytes of `items`, of a [`DevElem::RAW`] type: their memory is their device
/// representation.
fn raw_bytes<T: DevElem>(items: &[T]) -> &[u8] {
    debug_assert!(T::RAW);
    // SAFETY: `T::RAW` values are plain initialised bytes (see `DevElem::RAW`).
    unsafe { std::slice::from_raw_parts(items.as_ptr().cast::<u8>(), std::mem::size_of_val(items)) }
}

/// A value array of value arrays (`T[[]][[]]`) crosses as a rectangular 2-D array: the rows
/// row-major, one after the other; a ragged one (or a `null` row) has no shape and runs
/// on the CPU path. Neither the outer array nor its rows ever change, so the device copy
/// is kept across calls under the outer array's storage (`device/resident.rs`).
impl<T: DevElem> HostArray for VArr<VArr<T>> {
    fn elem(&self) -> Elem {
        T::ELEM
    }

    /// Remembered per outer storage (`resident::value_shape`): every call would otherwise
    /// read each row.
    fn shape(&self) -> Option<Vec<usize>> {
        if self.is_null() {
            return None;
        }
        let compute = || {
            let rows = self.items();
            let cols = rows.first().map_or(0, |r| r.items().len());
            let rectangular =
                crate::packed::all_rows(rows, |r| !r.is_null() && r.items().len() == cols);
            rectangular.then(|| vec![rows.len(), cols])
        };
        match self.storage_key(self.items().len()) {
            Some(key) => resident::value_shape(key, compute),
            None => compute(),
        }
    }

    fn bytes(&self) -> Vec<u8> {
        let total = self.items().iter().map(|r| r.items().len()).sum::<usize>();
        let mut out = Vec::with_capacity(total * T::ELEM.size());
        for row in self.items() {
            match T::RAW {
                true => out.extend_from_slice(raw_bytes(row.items())),
                false => out.extend_from_slice(&row.bytes()),
            }
        }
        out
    }

    fn resident_key(&self) -> Option<ResidentKey> {
        // The packed layout (a pass writing every row's offset) only for a ragged matrix.
        let elements = match self.shape() {
            Some(shape) => shape.iter().product(),
            None => match self.packed_rows() {
                Some(packed) => packed.elements,
                None => self.items().iter().map(|r| r.items().len()).sum::<usize>(),
            },
        };
        self.storage_key(elements * T::ELEM.size())
    }

    /// Remembered per outer storage (`resident::packed_rows`), as the shape is.
    fn packed_rows(&self) -> Option<PackedRows> {
        if self.is_null() {
            return None;
        }
        // Each a pass over every row, on the pool for a million of them.
        let compute = || {
            let rows = self.items();
            if !crate::packed::all_rows(rows, |row| !row.is_null()) {
                return None;
            }
            let len = |r: usize| rows[r].items().len();
            let index = crate::packed::RowIndex::of(rows.len(), len);
            // Every offset is at most the total, which must be an `int`.
            let elements = index.total();
            i32::try_from(elements).ok()?;
            let mut offsets: std::sync::Arc<[u8]> = vec![0u8; (rows.len() + 1) * 4].into();
            let slots = std::sync::Arc::get_mut(&mut offsets)?;
            index.ends(len, (&mut slots[4..], 4), |slot, end| {
                slot.copy_from_slice(&(end as i32).to_ne_bytes());
            });
            Some(PackedRows { elements, offsets })
        };
        match self.storage_key(self.items().len()) {
            Some(key) => resident::packed_rows(key, compute),
            None => compute(),
        }
    }

    fn row_slices(&self) -> Option<Vec<&[u8]>> {
        T::RAW.then(|| crate::packed::map_rows(self.items(), |row| raw_bytes(row.items())))
    }

    /// Each row's storage, whatever its length: the upload (`buffer::write_rows`) packs
    /// short rows (Mosaic's 256-byte tiles: thousands of them) into one write, or copies
    /// them straight into pinned staging on several threads, with no packed temporary.
    fn raw_rows(&self) -> Option<Vec<&[u8]>> {
        self.row_slices()
    }
}

/// A value array of three dimensions (`T[[]][[]][[]]`) crosses as a rectangular 3-D array:
/// the planes one after the other, each row-major; a ragged one (a plane or row of another
/// length, or `null`) has no shape and runs on the CPU path. Nothing in it ever changes, so
/// the device copy is kept across calls under the outer array's storage, as for `T[[]][[]]`.
impl<T: DevElem> HostArray for VArr<VArr<VArr<T>>> {
    fn elem(&self) -> Elem {
        T::ELEM
    }

    fn shape(&self) -> Option<Vec<usize>> {
        if self.is_null() {
            return None;
        }
        let planes = self.items();
        let Some((first, rest)) = planes.split_first() else {
            return Some(vec![0, 0, 0]);
        };
        let plane = first.shape()?;
        let rectangular = rest.iter().all(|p| p.shape().is_some_and(|s| s == plane));
        rectangular.then(|| vec![planes.len(), plane[0], plane[1]])
    }

    /// Each plane's rows as `T[[]][[]]` packs them, straight into the one buffer.
    fn bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.elements() * T::ELEM.size());
        for row in self.items().iter().flat_map(|plane| plane.items()) {
            match T::RAW {
                true => out.extend_from_slice(raw_bytes(row.items())),
                false => out.extend_from_slice(&row.bytes()),
            }
        }
        out
    }

    fn resident_key(&self) -> Option<ResidentKey> {
        self.storage_key(self.elements() * T::ELEM.size())
    }

    /// Each row of each plane, in order, as `T[[]][[]]` gives its rows.
    fn raw_rows(&self) -> Option<Vec<&[u8]>> {
        let rows = self.items().iter().flat_map(|plane| plane.items());
        T::RAW.then(|| rows.map(|row| raw_bytes(row.items())).collect())
    }
}

impl<T: Send + Sync + 'static> VArr<T> {
    /// The resident key of this value array, whose device copy takes `bytes`: the address
    /// of its window's first element, with a weak handle on the whole storage. A partition
    /// shares its source's storage ([`VArr::window`]), so a window that is not the whole
    /// array starts elsewhere or is shorter, and its copy takes other bytes: a window never
    /// finds the whole array's copy, nor the whole array a window's. (Two windows of a
    /// matrix's rows that start at the same row and take the same bytes hold the same
    /// elements: further rows of a rectangular matrix add bytes unless they are empty.)
    fn storage_key(&self, bytes: usize) -> Option<ResidentKey> {
        let addr = self.items().as_ptr() as usize;
        self.downgrade().map(|weak| ResidentKey::window(addr, weak, bytes))
    }
}

impl<T: DevElem> VArr<VArr<VArr<T>>> {
    /// The number of elements of all rows of all planes.
    fn elements(&self) -> usize {
        self.items().iter().flat_map(|p| p.items()).map(|r| r.items().len()).sum()
    }
}

/// `Somd.range(n)` as a mapped argument. Kernels read its element as the work-item's index
/// and take no argument for it (`MapArgPlan::range`), so only its shape is read (the host's
/// length check); the bytes of `0..n` are there for completeness.
impl HostArray for Range {
    fn elem(&self) -> Elem {
        Elem::I32
    }

    fn shape(&self) -> Option<Vec<usize>> {
        Some(vec![self.0.max(0) as usize])
    }

    fn bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.0.max(0) as usize * 4);
        for i in 0..self.0.max(0) {
            i.put(&mut out);
        }
        out
    }
}

impl<A: HostArray + ?Sized> HostArray for &A {
    fn elem(&self) -> Elem {
        (**self).elem()
    }

    fn shape(&self) -> Option<Vec<usize>> {
        (**self).shape()
    }

    fn bytes(&self) -> Vec<u8> {
        (**self).bytes()
    }

    fn raw_rows(&self) -> Option<Vec<&[u8]>> {
        (**self).raw_rows()
    }

    fn resident_key(&self) -> Option<ResidentKey> {
        (**self).resident_key()
    }

    fn window_key(&self) -> Option<ResidentKey> {
        (**self).window_key()
    }

    fn part_window(&self) -> Option<(usize, usize)> {
        (**self).part_window()
    }

    fn matrix_addr(&self) -> Option<usize> {
        (**self).matrix_addr()
    }

    fn raw_rows_mut(&self) -> Option<Vec<&mut [u8]>> {
        (**self).raw_rows_mut()
    }

    fn device_copy(&self, ctx: &'static DeviceCtx) -> Option<std::sync::Arc<DevBuf>> {
        (**self).device_copy(ctx)
    }

    fn keeps_upload(&self) -> bool {
        (**self).keeps_upload()
    }

    fn adopt(&self, ctx: &'static DeviceCtx, buf: std::sync::Arc<DevBuf>) {
        (**self).adopt(ctx, buf)
    }

    fn on_host(&self) -> bool {
        (**self).on_host()
    }

    fn packed_rows(&self) -> Option<PackedRows> {
        (**self).packed_rows()
    }

    fn row_slices(&self) -> Option<Vec<&[u8]>> {
        (**self).row_slices()
    }

    fn reuse(&self) -> Option<Box<dyn std::any::Any + Send + Sync>> {
        (**self).reuse()
    }
}

/// One argument of the source construct, as the host has it.
#[derive(Clone, Copy)]
pub enum HostArg<'a> {
    Bool(bool),
    I8(i8),
    I16(i16),
    U16(u16),
    I32(i32),
    I64(i64),
    F32(f32),
    F64(f64),
    Array(&'a dyn HostArray),
    /// A value-class scalar, passed by value as its kernel `typedef struct`.
    Struct(&'a dyn StructArg),
    /// The result of the previous `@` of a chain, already on the device
    /// ([`run_map_chain`]).
    Chained,
    /// An object of a value class holding arrays: no kernel argument of its own; its
    /// fields (primitives, arrays) cross as the arguments after the construct's declared
    /// ones (note `device-execution`, "Value classes holding arrays").
    Fields,
    /// A field of such an object that cannot be read because an object on its way is
    /// `null`: the CPU path runs (and raises the exception where Java does).
    Null,
}

impl<'a> HostArg<'a> {
    /// `arg`, or [`HostArg::Null`] when it could not be read.
    pub fn or_null(arg: Option<HostArg<'a>>) -> HostArg<'a> {
        arg.unwrap_or(HostArg::Null)
    }
}

macro_rules! host_scalar {
    ($($ty:ty => $var:ident),*) => {$(
        impl From<$ty> for HostArg<'_> {
            fn from(value: $ty) -> Self {
                HostArg::$var(value)
            }
        }
    )*};
}

host_scalar!(bool => Bool, i8 => I8, i16 => I16, u16 => U16, i32 => I32, i64 => I64,
    f32 => F32, f64 => F64);

impl<'a, A: HostArray> From<&'a A> for HostArg<'a> {
    fn from(array: &'a A) -> Self {
        HostArg::Array(array)
    }
}

impl<'a, T: DevStruct> From<&'a Val<T>> for HostArg<'a> {
    fn from(value: &'a Val<T>) -> Self {
        HostArg::Struct(value)
    }
}

/// A value-class scalar argument: the bytes of its kernel `typedef struct` (the layout
/// [`DevStruct`] packs array elements with).
pub trait StructArg {
    /// Whether the value (or a nested value-class field) is `null`, which has no device
    /// representation: the call runs on the CPU, which raises the exception where the
    /// callee reads a field.
    fn is_null(&self) -> bool;
    /// The struct's `SIZE` bytes.
    fn bytes(&self) -> Vec<u8>;
}

impl<T: DevStruct> StructArg for Val<T> {
    fn is_null(&self) -> bool {
        DevElem::is_null(self)
    }

    fn bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(T::SIZE);
        DevElem::put(self, &mut out);
        out
    }
}

/// A size computed from the kernel's scalar arguments (the manifest's `SizeRule`).
#[derive(Debug)]
pub enum Size {
    Const(i64),
    /// The value of scalar kernel argument `index`.
    Arg(usize),
    Add(&'static Size, &'static Size),
    Sub(&'static Size, &'static Size),
    /// Java's `int` `+`, `-`, `*`, `/`, `Math.min` and `Math.max`, when both operands and
    /// the result are `int`s and no divisor is 0; no size otherwise (the CPU path then wraps
    /// the sum or product, or raises the `ArithmeticException`, and the kernel, which
    /// evaluates the same expression in C, never overflows). A kernel's count of iterations
    /// (`hi - lo`) is such a difference too: a loop of more than `Integer.MAX_VALUE`
    /// iterations runs on the CPU.
    Mul(&'static Size, &'static Size),
    Div(&'static Size, &'static Size),
    Min(&'static Size, &'static Size),
    Max(&'static Size, &'static Size),
    /// Java's `int` `%` (no size for a divisor of 0, or for `Integer.MIN_VALUE % -1`, whose
    /// C is undefined) and `>>` (the count masked to 5 bits), under the same rule.
    Rem(&'static Size, &'static Size),
    Shr(&'static Size, &'static Size),
    /// Java's `int` `<<` (wrapping) and `>>>`, the count masked to 5 bits: a value for any
    /// `int` operands.
    Shl(&'static Size, &'static Size),
    UShr(&'static Size, &'static Size),
    /// Java's `int` value of a bound reading a host scalar of a `sync` body (a kernel
    /// argument set at each launch): `+`, `-` and `*` wrap, `/` and `%` take a positive
    /// constant divisor (the compiler sees to it), so the value always exists, and the
    /// kernel, computing it with the same wrapping helpers, agrees.
    Java(&'static Size),
    /// The iterations of `for (int i = lo; i < hi; i += step)` (`step` > 0), or of `for
    /// (int i = hi - 1; i >= lo; i -= -step)` (`step` < 0): `ceil((hi - lo) / |step|)`, 0 when
    /// `hi <= lo`. No size (the CPU path runs) when `lo` or `hi` is not an `int`, or when
    /// the index would pass `i32::MAX` (`i32::MIN`, stepping down: review 160) after the
    /// last iteration: Java's `int` index wraps there and the loop goes on.
    Steps {
        lo: &'static Size,
        hi: &'static Size,
        step: i64,
    },
    /// `len`, the length of the rows of an array dimension, read through row `row`
    /// (`m[k].length`): no size (the CPU path runs, and raises Java's exception) unless `0
    /// <= row < rows`; a device array is rectangular, so then it is `len`.
    Row {
        len: &'static Size,
        row: &'static Size,
        rows: &'static Size,
    },
}

impl Size {
    fn eval(&self, values: &[Option<i64>]) -> Option<i64> {
        match self {
            Size::Const(v) => Some(*v),
            Size::Arg(k) => values.get(*k).copied().flatten(),
            Size::Add(a, b) => int_op(a, b, values, |x, y| Some(x + y)),
            Size::Sub(a, b) => int_op(a, b, values, |x, y| Some(x - y)),
            Size::Mul(a, b) => int_op(a, b, values, |x, y| Some(x * y)),
            Size::Div(a, b) => int_op(a, b, values, |x, y| (y != 0).then(|| x / y)),
            Size::Min(a, b) => int_op(a, b, values, |x, y| Some(x.min(y))),
            Size::Max(a, b) => int_op(a, b, values, |x, y| Some(x.max(y))),
            Size::Rem(a, b) => int_op(a, b, values, |x, y| {
                (y != 0 && !(x == i64::from(i32::MIN) && y == -1)).then(|| x % y)
            }),
            Size::Shr(a, b) => int_op(a, b, values, |x, y| Some(x >> (y & 31))),
            Size::Shl(a, b) => int_op(a, b, values, |x, y| Some(i64::from(shl(x as i32, y)))),
            Size::UShr(a, b) => int_op(a, b, values, |x, y| Some(i64::from(ushr(x as i32, y)))),
            Size::Java(a) => a.java(values).map(i64::from),
            Size::Steps { lo, hi, step } => {
                let (lo, hi, s) = (lo.eval(values)?, hi.eval(values)?, step.abs());
                if !is_int(lo) || !is_int(hi) || !(1..=i64::from(i32::MAX)).contains(&s) {
                    return None;
                }
                let n = if hi > lo { (hi - lo + s - 1) / s } else { 0 };
                let next = if *step > 0 { lo + n * s } else { hi - 1 - n * s };
                is_int(next).then_some(n)
            }
            Size::Row { len, .. } if self.row_exists(values) => len.eval(values),
            Size::Row { .. } => None,
        }
    }

    /// The value as Java computes it in `int`s (wrapping), for [`Size::Java`]; `None` only
    /// for a missing argument, a division by 0 or a size the compiler never wraps.
    fn java(&self, values: &[Option<i64>]) -> Option<i32> {
        let both = |a: &Size, b: &Size| Some((a.java(values)?, b.java(values)?));
        match self {
            Size::Const(v) => i32::try_from(*v).ok(),
            // An `int` argument: its value is one.
            Size::Arg(k) => values.get(*k).copied().flatten().map(|v| v as i32),
            Size::Add(a, b) => both(a, b).map(|(x, y)| x.wrapping_add(y)),
            Size::Sub(a, b) => both(a, b).map(|(x, y)| x.wrapping_sub(y)),
            Size::Mul(a, b) => both(a, b).map(|(x, y)| x.wrapping_mul(y)),
            Size::Div(a, b) => both(a, b).and_then(|(x, y)| (y != 0).then(|| x.wrapping_div(y))),
            Size::Rem(a, b) => both(a, b).and_then(|(x, y)| (y != 0).then(|| x.wrapping_rem(y))),
            Size::Min(a, b) => both(a, b).map(|(x, y)| x.min(y)),
            Size::Max(a, b) => both(a, b).map(|(x, y)| x.max(y)),
            Size::Shr(a, b) => both(a, b).map(|(x, y)| x >> (y & 31)),
            Size::Shl(a, b) => both(a, b).map(|(x, y)| shl(x, i64::from(y))),
            Size::UShr(a, b) => both(a, b).map(|(x, y)| ushr(x, i64::from(y))),
            Size::Java(a) => a.java(values),
            // Its row reads no host scalar: the call checked it when it began
            // ([`Size::rows_exist`]).
            Size::Row { len, .. } => len.java(values),
            Size::Steps { .. } => None,
        }
    }

    /// The sizes this one is computed from.
    fn parts(&self) -> Vec<&'static Size> {
        match self {
            Size::Const(_) | Size::Arg(_) => Vec::new(),
            Size::Java(a) => vec![a],
            Size::Row { len, row, rows } => vec![len, row, rows],
            Size::Steps { lo: a, hi: b, .. }
            | Size::Add(a, b)
            | Size::Sub(a, b)
            | Size::Mul(a, b)
            | Size::Div(a, b)
            | Size::Min(a, b)
            | Size::Max(a, b)
            | Size::Rem(a, b)
            | Size::Shr(a, b)
            | Size::Shl(a, b)
            | Size::UShr(a, b) => vec![a, b],
        }
    }

    /// Whether every row the size reads ([`Size::Row`]) exists. A row index never reads a
    /// host scalar (the compiler sees to it), so a launch sized at each launch
    /// ([`Size::Java`]) has its rows checked once, when the call begins.
    fn rows_exist(&self, values: &[Option<i64>]) -> bool {
        self.row_exists(values) && self.parts().iter().all(|p| p.rows_exist(values))
    }

    /// For a [`Size::Row`], whether its row exists (`0 <= row < rows`); true for others.
    fn row_exists(&self, values: &[Option<i64>]) -> bool {
        match self {
            Size::Row { row, rows, .. } => {
                matches!((row.eval(values), rows.eval(values)), (Some(r), Some(n)) if (0..n).contains(&r))
            }
            _ => true,
        }
    }

    /// Whether the size reads scalar kernel argument `k`.
    fn reads(&self, k: usize) -> bool {
        matches!(self, Size::Arg(j) if *j == k) || self.parts().iter().any(|p| p.reads(k))
    }
}

/// Java's `x << n` on `int`s (the count masked to 5 bits, the result wrapping).
fn shl(x: i32, n: i64) -> i32 {
    x.wrapping_shl((n & 31) as u32)
}

/// Java's `x >>> n` on `int`s (the count masked to 5 bits).
fn ushr(x: i32, n: i64) -> i32 {
    ((x as u32) >> (n & 31)) as i32
}

/// Whether a size's `i64` value is a Java `int`.
fn is_int(v: i64) -> bool {
    (i64::from(i32::MIN)..=i64::from(i32::MAX)).contains(&v)
}

/// `op` on the values of `a` and `b` when both and the result are `int`s (i64 division
/// truncates toward zero as Java's does).
fn int_op(
    a: &Size,
    b: &Size,
    values: &[Option<i64>],
    op: impl Fn(i64, i64) -> Option<i64>,
) -> Option<i64> {
    let (x, y) = (a.eval(values)?, b.eval(values)?);
    if !is_int(x) || !is_int(y) {
        return None;
    }
    op(x, y).filter(|r| is_int(*r))
}

/// Where the host gets each kernel argument (the manifest's `ArgSource`).
#[derive(Debug)]
pub enum ArgSpec {
    /// Argument `index` of the construct: an array (uploaded) or a scalar.
    Param(usize),
    /// Length of dimension `dim` of array argument `param`.
    Length { param: usize, dim: usize },
    /// An output array allocated zero-filled on the device.
    Output { elem: Elem, dims: &'static [Size] },
    /// Dimension `dim` of the output passed as kernel argument `output_arg`.
    OutputLength { output_arg: usize, dim: usize },
    /// `Somd.offset(p, dim + 1)` of argument `param` (one MI: 0).
    Offset { param: usize, dim: usize },
    /// `Somd.globalLength(p, dim + 1)` of argument `param`.
    GlobalLength { param: usize, dim: usize },
    /// The per-work-group partials of a reduction.
    Partials(Elem),
    /// `__local` scratch, one element per work-item of a group.
    Scratch(Elem),
    /// `__local` scratch of `bytes` per work-item for a `@` whose function folds a nested
    /// `!` across a work-group: its presence makes the launch one work-group per element
    /// ([`nested_lanes`] work-items each; the kernel reads the element from the group id).
    LaneScratch { bytes: usize },
    /// The partials of the slices form of such a `@` (`bytes` per element and slice): with
    /// it the host may launch that form instead ([`nested_slices`]): element `i`'s inner
    /// range split into slices along the NDRange's second dimension, then the kernel
    /// `<name>_combine` combining each element's slices.
    SliceParts { bytes: usize },
    /// The slice count of the slices form (0: the lanes form); the inner length is the value
    /// of kernel argument `inner`.
    Slices { inner: usize },
    /// `__local` memory for the rows a work-group of the slices form maps from one 2-D
    /// argument: `bytes` per row element per work-item, the row length the value of kernel
    /// argument `len` ([`staged_local`]).
    StageRows { len: usize, bytes: usize },
    /// Whether the slices form stages its rows in `__local` memory (1) or not (0).
    Staged,
    /// The work-items that share one iteration of a SOMD loop whose body ends in an
    /// elementwise inner loop (the *lanes form*: note `device-execution`, "Inner loops
    /// across a work-group"): its presence makes the launch one work-group of that many
    /// work-items per iteration ([`nested_lanes`]), the value of this argument. The kernel
    /// has no guard of its iteration: the launch must have exactly one group per iteration
    /// ([`strip_launch`]).
    Lanes,
    /// The number of elements of a `@` (the mapped length) or of a fold's array.
    Count,
    /// Elements per work-item of a fold ([`run_fold`]).
    Chunk,
    /// The result array of a `@`: `Count` elements, every one written by the kernel.
    Result(Elem),
    /// The index of the enclosing host loop at depth `.0` (kernels of a `sync` body,
    /// [`SyncCall::launch`]).
    HostIndex(usize),
    /// The `.0`-th host value of a launch of a `sync` body's kernel: a scalar the host
    /// computed (a `sync reduce` result...), [`SyncCall::launch_with`].
    HostValue(usize),
    /// The error buffer.
    Err,
    /// An error buffer of a later stage of a fused kernel (`op ! (C @ f(..))` statements run
    /// as one kernel): checked after [`ArgSpec::Err`] and the `LaterErr` buffers before it,
    /// so a failure of an earlier stage wins as it does in Java, which runs the stages one
    /// after the other.
    LaterErr,
    /// The launch's epoch (`const uint`) for the error buffer before it
    /// ([`crate::opencl::fail::next_epoch`]).
    Epoch,
    /// The program's static data (`__global const uchar *somd_st`, [`statics`]); the
    /// fields the kernel reads, which must be in the buffer for it to launch.
    Statics(&'static [u16]),
}

/// Everything the host needs to run one generated kernel.
pub struct KernelDesc {
    /// The program holding the kernel, and its failure sites (site id = index).
    pub program: &'static ProgramCell,
    pub sites: &'static [SourcePos],
    /// The OpenCL kernel name.
    pub name: &'static str,
    /// `Class.method` for placement and traces.
    pub label: &'static str,
    pub needs_fp64: bool,
    /// The argument whose emptiness means "no MI runs" (the first `dist` parameter).
    pub first_dist: Option<usize>,
    pub args: &'static [ArgSpec],
    /// Argument names (trace buffer names), parallel to `args`.
    pub names: &'static [&'static str],
    /// Work-items per NDRange dimension.
    pub global: &'static [Size],
    /// Whether the kernel writes one reduction partial per work-group.
    pub reduction: bool,
    /// A `C.m ! a` fold: one work-item per chunk of the array, one partial per work-group
    /// where the kernel combines its work-items' chunks in order in `__local` scratch
    /// ([`KernelDesc::fold_tree`]), else one per work-item (a method that may throw); the
    /// global size is the host's choice.
    pub fold: bool,
    /// A coarsened reduction: each work-item folds a grid-stride loop over the elements, so
    /// the launch may have fewer work-items than elements ([`reduction_groups`]).
    pub strided: bool,
    /// The kernel's `__constant` variant: its name and the arguments (positions in `args`,
    /// each an array parameter) it declares `__constant`; launched instead when they fit
    /// the device's constant memory ([`constant_variant`]).
    pub constant: Option<(&'static str, &'static [usize])>,
    /// A widened elementwise kernel: each work-item runs `SOMD_WIDTH` consecutive
    /// iterations of its 1-D range (the `SOMD_WIDEN` switch, [`crate::exec::Switches`]), so
    /// the launch has `ceil(n / W)` work-items for `n` iterations.
    pub widened: bool,
    /// `int` value-array arguments (positions among the construct's arguments) the kernel
    /// may read narrow, each with the build option macro naming its element type
    /// ([`narrow`]: note `device-execution`, "Narrow storage").
    pub narrow: &'static [(usize, &'static str)],
    /// A SOMD kernel whose setup may throw: every work-item evaluates the setup, so a call
    /// that would launch none runs on the CPU, which raises Java's exception before the
    /// loop (or returns normally when the setup's values are fine).
    pub setup_fails: bool,
    /// A 2-D kernel that copies the rows of its work-group into local memory (block tiles):
    /// launched in groups 16 wide ([`KernelArgs::run_2d_square`]).
    ///
    /// [`KernelArgs::run_2d_square`]: crate::opencl::launch::KernelArgs::run_2d_square
    pub square_groups: bool,
    /// Array parameters (positions among the construct's arguments) the kernel may write
    /// (parameters are by value): an array a keep scope holds gets a copy of its kept
    /// buffer made on the device when passed to one, the kept buffer staying the host's.
    pub written: &'static [usize],
    /// A `@` or filter kernel mapping 2-D value arrays of primitives: its ragged variant,
    /// launched when one of them has rows of different lengths, and the construct's
    /// arguments it takes packed (`device/ragged.rs`); the offsets of the `j`-th follow the
    /// construct's arguments, as argument `args.len() + j`.
    pub ragged: Option<(&'static KernelDesc, &'static [usize])>,
    /// A lanes-form SOMD kernel ([`ArgSpec::Lanes`]): the name of its rows variant, which
    /// takes the same arguments and runs one work-item per iteration, and the inner loop's
    /// iteration count when the kernel's arguments give it; the variant runs when the
    /// iterations fill the device and the inner loop is short ([`strip_rows`]).
    pub rows: Option<(&'static str, Option<Size>)>,
    /// A SOMD kernel whose iterations each walk a row of a matrix in order: the name of its
    /// tiles variant, which takes the same arguments and runs [`TILE_ROWS`] iterations per
    /// work-group of [`TILE_GROUP`], staging their rows in `__local` memory, and the inner
    /// loop's iteration count when the kernel's arguments give it ([`row_tiles`]).
    pub tiles: Option<(&'static str, Option<Size>)>,
}

impl KernelDesc {
    /// Whether this fold's kernel combines each work-group's chunks into one partial (its
    /// `__local` scratch argument; a method that may throw has none).
    pub fn fold_tree(&self) -> bool {
        self.fold && self.args.iter().any(|a| matches!(a, ArgSpec::Scratch(_)))
    }

    /// Whether the kernel is the lanes form of a SOMD loop ([`ArgSpec::Lanes`]).
    pub fn lanes_form(&self) -> bool {
        self.args.iter().any(|a| matches!(a, ArgSpec::Lanes))
    }

    /// Whether the kernel runs one work-group per element (a `@` folding a nested `!` across
    /// a work-group: [`ArgSpec::LaneScratch`], which its slices and staged forms come with).
    pub fn group_per_element(&self) -> bool {
        self.args.iter().any(|a| matches!(a, ArgSpec::LaneScratch { .. }))
    }
}

impl std::fmt::Debug for KernelDesc {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KernelDesc").field("name", &self.name).finish_non_exhaustive()
    }
}

/// One downloaded output of a device call.
#[derive(Debug)]
enum Output {
    /// The device representation, row-major, with the dimensions (value classes and
    /// `boolean`, which are converted element by element).
    Bytes(Vec<u8>, Vec<usize>),
    /// An `Array<T>`, `Array<Array<T>>` or `VArr<T>` of a primitive `T` that the device
    /// wrote into directly ([`DevElem::RAW`]): no conversion, no second copy.
    Typed(Box<dyn std::any::Any + Send + Sync>),
    /// A matrix a row scope keeps on the device (`device/rows.rs`; the scope's place on
    /// the thread's stack): the host matrix comes from the scope.
    Rows(usize),
}

/// The results of a device call, downloaded.
#[derive(Debug, Default)]
pub struct DeviceResult {
    /// Per kernel argument: the downloaded output, if it is one.
    outputs: Vec<Option<Output>>,
    partials: Vec<u8>,
    /// The partials of the second, third.. reduction of a fused kernel (one
    /// [`ArgSpec::Partials`] argument each), in argument order.
    more_partials: Vec<Vec<u8>>,
    /// The device buffer of a `@` result of value-class elements, kept (see
    /// `device/resident.rs`) once [`DeviceResult::result`] has made the value array.
    result_buf: PendingBuf,
    /// The `@` result a [`run_map_lazy`] call left on the device, and its length: the
    /// [`DeviceResult::lazy_result`].
    left: PendingBuf,
    left_len: usize,
    /// The label of the `@` that left it.
    left_of: &'static str,
}

/// A buffer waiting for the value array whose contents it holds.
#[derive(Default)]
struct PendingBuf(std::sync::Mutex<Option<(&'static DeviceCtx, DevBuf)>>);

impl std::fmt::Debug for PendingBuf {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PendingBuf")
    }
}

impl DeviceResult {
    /// The 1-D output passed as kernel argument `arg`.
    pub fn output_1d<T: DevElem>(&self, arg: usize) -> Array<T> {
        match self.outputs.get(arg) {
            Some(Some(Output::Typed(any))) => {
                any.downcast_ref::<Array<T>>().cloned().unwrap_or_default()
            }
            Some(Some(Output::Bytes(bytes, _))) => {
                Array::from_buffer(decode(bytes, crate::value::Slot::new))
            }
            _ => Array::default(),
        }
    }

    /// The 2-D (rows × columns, row-major) output passed as kernel argument `arg`.
    pub fn output_2d<T: DevElem>(&self, arg: usize) -> Array<Array<T>> {
        let (bytes, dims) = match self.outputs.get(arg) {
            Some(Some(Output::Typed(any))) => {
                return any.downcast_ref::<Array<Array<T>>>().cloned().unwrap_or_default();
            }
            Some(Some(Output::Rows(depth))) => return rows::adopt::<T>(*depth),
            Some(Some(Output::Bytes(bytes, dims))) => (bytes, dims),
            _ => return Array::default(),
        };
        let cols = dims.get(1).copied().unwrap_or(0);
        let width = cols * T::ELEM.size();
        let rows = dims.first().copied().unwrap_or(0);
        Array::from_fn(rows, |r| {
            let row = bytes.get(r * width..(r + 1) * width).unwrap_or(&[]);
            Array::from_vec(row.chunks_exact(T::ELEM.size()).map(T::take).collect())
        })
    }

    /// The 3-D (planes × rows × columns, row-major) output passed as kernel argument `arg`.
    pub fn output_3d<T: DevElem>(&self, arg: usize) -> Array<Array<Array<T>>> {
        let (bytes, dims) = match self.outputs.get(arg) {
            Some(Some(Output::Typed(any))) => {
                return any.downcast_ref::<Array<Array<Array<T>>>>().cloned().unwrap_or_default();
            }
            Some(Some(Output::Bytes(bytes, dims))) => (bytes, dims),
            _ => return Array::default(),
        };
        let (planes, rows, cols) = match dims[..] {
            [p, r, c] => (p, r, c),
            _ => (0, 0, 0),
        };
        let width = cols * T::ELEM.size();
        Array::from_fn(planes, |p| {
            Array::from_fn(rows, |r| {
                let at = (p * rows + r) * width;
                let row = bytes.get(at..at + width).unwrap_or(&[]);
                Array::from_vec(row.chunks_exact(T::ELEM.size()).map(T::take).collect())
            })
        })
    }

    /// The result of a `@` (the [`ArgSpec::Result`] buffer) as a value array.
    pub fn result<T: DevElem>(&self) -> VArr<T> {
        match self.outputs.iter().flatten().next() {
            Some(Output::Typed(any)) => any.downcast_ref::<VArr<T>>().cloned().unwrap_or_default(),
            Some(Output::Bytes(bytes, _)) => {
                let array: VArr<T> = VArr::from_arc(decode(bytes, std::convert::identity));
                let pending = self.result_buf.0.lock().ok().and_then(|mut held| held.take());
                if let (Some((ctx, buf)), Some(key)) = (pending, array.resident_key()) {
                    resident::keep(ctx, key, buf);
                }
                array
            }
            Some(Output::Rows(_)) | None => VArr::from_vec(Vec::new()),
        }
    }

    /// The result of a `@` that [`run_map_lazy`] left on the device, read by the host only
    /// where it reads it (`device/lazy.rs`); a result that came down is already the host's.
    pub fn lazy_result<T: DevElem>(&self) -> Lazy<T> {
        match self.left.0.lock().ok().and_then(|mut held| held.take()) {
            Some((ctx, buf)) => Lazy::on_device(ctx, buf, self.left_len, self.left_of),
            None => Lazy::from_host(self.result::<T>()),
        }
    }

    /// The result of a `@` whose elements are `T[[n]]` rows (the kernel stores one OpenCL
    /// vector of `n` lanes per work-item, as the packed rows of a `VArr<VArr<T>>`): the
    /// value array of rows. Its buffer is kept for later calls that pass it, as the
    /// resident copy of the outer array (the same bytes as its upload).
    pub fn result_rows<T: DevElem>(&self, n: usize) -> VArr<VArr<T>> {
        let Some(Output::Bytes(bytes, _)) = self.outputs.iter().flatten().next() else {
            return VArr::from_vec(Vec::new());
        };
        let width = (n * T::ELEM.size()).max(1);
        let rows: VArr<VArr<T>> = VArr::from_vec(
            bytes
                .chunks_exact(width)
                .map(|row| VArr::from_arc(decode(row, std::convert::identity)))
                .collect(),
        );
        let pending = self.result_buf.0.lock().ok().and_then(|mut held| held.take());
        if let (Some((ctx, buf)), Some(key)) = (pending, rows.resident_key()) {
            resident::keep(ctx, key, buf);
        }
        rows
    }

    /// The reduction partials, one per work-group, in group order.
    pub fn partials<T: DevElem>(&self) -> Vec<T> {
        self.partials.chunks_exact(T::ELEM.size()).map(T::take).collect()
    }

    /// The partials of reduction `j` of a fused kernel (`0`: [`DeviceResult::partials`]), one
    /// per work-group, in group order.
    pub fn partials_at<T: DevElem>(&self, j: usize) -> Vec<T> {
        let bytes = match j {
            0 => &self.partials[..],
            _ => self.more_partials.get(j - 1).map_or(&[][..], |b| &b[..]),
        };
        bytes.chunks_exact(T::ELEM.size()).map(T::take).collect()
    }
}

/// A device buffer of a call (opaque outside the runtime: [`HostArray::device_copy`] hands
/// one to the call that uses it). Dropped, it goes back to the device's pool of free
/// buffers (`device/recycle.rs`).
pub struct DevBuf {
    /// Moved to the pool of free buffers when the `DevBuf` drops (never released here).
    buffer: std::mem::ManuallyDrop<Buffer<u8>>,
    ctx: &'static DeviceCtx,
    /// The buffer's size: its size class, which may be more than its user asked for.
    bytes: usize,
}

impl Drop for DevBuf {
    fn drop(&mut self) {
        // SAFETY: the field is taken once, here, and never used again.
        let buffer = unsafe { std::mem::ManuallyDrop::take(&mut self.buffer) };
        recycle::give(self.ctx, buffer, self.bytes);
    }
}

/// The buffer an argument of a call uses: the call's own, or a value array's copy kept
/// across calls (`device/resident.rs`), which kernels only read.
enum Held {
    Own(DevBuf),
    Shared(std::sync::Arc<DevBuf>),
}

impl std::ops::Deref for Held {
    type Target = DevBuf;
    fn deref(&self) -> &DevBuf {
        match self {
            Held::Own(buf) => buf,
            Held::Shared(buf) => buf,
        }
    }
}

/// A buffer of at least `bytes` bytes (at least 8): a free one of its size class, else a
/// new one (`device/recycle.rs`).
fn allocate(ctx: &'static DeviceCtx, bytes: usize, label: &str) -> Option<DevBuf> {
    let bytes = recycle::class(ctx, bytes.max(8));
    if let Some(buffer) = recycle::take(ctx, bytes) {
        return Some(DevBuf { buffer: std::mem::ManuallyDrop::new(buffer), ctx, bytes });
    }
    let mut made = buffer::allocate::<u8>(ctx, bytes, Access::ReadWrite);
    // A device out of memory may have it in free buffers: release them and try again.
    if matches!(made, Err(ClFailure::Api { .. })) && recycle::release_all(ctx) {
        made = buffer::allocate::<u8>(ctx, bytes, Access::ReadWrite);
    }
    match made {
        Ok(buffer) => Some(DevBuf { buffer: std::mem::ManuallyDrop::new(buffer), ctx, bytes }),
        Err(err @ ClFailure::TooLarge { .. }) => {
            policy::too_large(ctx, &format!("an array of {label}"), &err);
            None
        }
        Err(err) => crate::opencl::fatal(&err),
    }
}

/// Zeroes the first `bytes` of `buf` (at least 8, as [`allocate`] gives), with the widest
/// zero pattern of up to 16 bytes that divides the size: a driver may fill a byte at a time
/// for a one-byte pattern.
fn zero_fill(ctx: &'static DeviceCtx, buf: &mut DevBuf, bytes: usize) {
    let size = bytes.max(8);
    let width = [16, 8, 4, 2, 1].into_iter().find(|w| size % w == 0).unwrap_or(1);
    let zeros = [0u8; 16];
    // SAFETY: the pattern's length divides the size, and the region lies inside the buffer.
    let filled =
        unsafe { ctx.queue().enqueue_fill_buffer(&mut buf.buffer, &zeros[..width], 0, size, &[]) };
    if let Err(err) = filled {
        crate::opencl::fatal(&ClFailure::api("clEnqueueFillBuffer")(err));
    }
}

/// Fills the first `bytes` of `buf`, a buffer of 32-bit words from [`allocate`] (`bytes` a
/// multiple of the pattern's length; at least 8 are filled), with `pattern`: one word, or
/// two (a table of 64-bit entries).
fn fill_pattern(ctx: &'static DeviceCtx, buf: &mut DevBuf, bytes: usize, pattern: &[u8]) {
    // `allocate` gives at least 8 bytes.
    let size = bytes.max(8);
    debug_assert!(matches!(pattern.len(), 4 | 8) && size % pattern.len() == 0);
    // SAFETY: the pattern is one or two words, the size a multiple of it, and the region
    // lies inside the buffer.
    let filled = unsafe { ctx.queue().enqueue_fill_buffer(&mut buf.buffer, pattern, 0, size, &[]) };
    if let Err(err) = filled {
        crate::opencl::fatal(&ClFailure::api("clEnqueueFillBuffer")(err));
    }
}

/// A device buffer holding `array`, uploaded once: straight from the host's storage when
/// that is the device representation, else from its converted bytes; a value array's
/// buffer is kept for later calls, and found there instead of uploaded again. `None`: too
/// large for the device (the policy's fallback).
fn upload(ctx: &'static DeviceCtx, array: &dyn HostArray, name: &str) -> Option<Held> {
    if let Some(buf) = array.device_copy(ctx) {
        let bytes = match array.resident_key() {
            Some(key) => key.bytes(),
            None => byte_len(array, None),
        };
        resident::trace_resident(ctx, name, bytes);
        return Some(Held::Shared(buf));
    }
    let key = array.resident_key();
    if let Some(key) = &key {
        // A kept array the host has stored to since its copy was made.
        resident::refresh(ctx, key, array, name);
    }
    if !array.keeps_upload() {
        return upload_keyed(ctx, key, name, || upload_new(ctx, array, name));
    }
    // A `LazyArr` the host made: the copy (made now, or a keep scope's) is its device copy
    // from now on (`device/results.rs`).
    let buf = match upload_keyed(ctx, key, name, || upload_new(ctx, array, name))? {
        Held::Own(buf) => std::sync::Arc::new(buf),
        Held::Shared(buf) => buf,
    };
    array.adopt(ctx, std::sync::Arc::clone(&buf));
    Some(Held::Shared(buf))
}

/// Whether `a` and `b` are one rectangular array: the same handle, or handles of one
/// storage window with one element type and shape (their elements are the same at any
/// moment). A call passing an array as two arguments moves it once. A ragged matrix (no
/// shape: its device copy is packed) is never one.
pub(super) fn same_array(a: &dyn HostArray, b: &dyn HostArray) -> bool {
    let handle = std::ptr::addr_eq(a, b);
    let window =
        a.elem() == b.elem() && a.part_window().is_some_and(|w| b.part_window() == Some(w));
    (handle || window) && a.shape().is_some_and(|s| handle || b.shape() == Some(s))
}

/// The bytes of `array` on the device, stored `narrow` or at its own width.
pub(super) fn byte_len(array: &dyn HostArray, narrow: Option<narrow::Narrow>) -> usize {
    let size = narrow.map_or(array.elem().size(), narrow::Narrow::size);
    array.shape().map_or(0, |s| s.iter().product::<usize>() * size)
}

/// The device copy of the value array `key` names, found among the kept ones, else made by
/// `new` and kept (no key: made for this call alone).
fn upload_keyed(
    ctx: &'static DeviceCtx,
    key: Option<ResidentKey>,
    name: &str,
    new: impl FnOnce() -> Option<DevBuf>,
) -> Option<Held> {
    if let Some(buf) = key.as_ref().and_then(|key| resident::find(ctx, key, name)) {
        return Some(Held::Shared(buf));
    }
    let buf = new()?;
    Some(match key {
        Some(key) => Held::Shared(resident::keep(ctx, key, buf)),
        None => Held::Own(buf),
    })
}

/// A new device buffer holding `bytes`.
fn upload_bytes(ctx: &'static DeviceCtx, bytes: &[u8], name: &str) -> Option<DevBuf> {
    let mut buf = allocate(ctx, bytes.len(), name)?;
    if !bytes.is_empty() {
        buffer::write(ctx, &mut buf.buffer, 0, bytes, name).or_fatal();
    }
    Some(buf)
}

/// [`upload`] for an `int` value array stored as `narrow` (`device/narrow.rs`): its narrow
/// copy is kept and found as any value array's (the key names the same storage with the
/// narrow size). Traced as `{"event":"narrow","kernel":..,"buffer":..,"type":..,"bytes":..}`.
fn upload_narrow(
    ctx: &'static DeviceCtx,
    desc: &KernelDesc,
    array: &dyn HostArray,
    name: &str,
    narrow: narrow::Narrow,
) -> Option<Held> {
    let count: usize = array.shape()?.iter().product();
    if trace::enabled() {
        trace::emit(
            "narrow",
            &[
                ("kernel", trace::Value::Str(desc.name)),
                ("buffer", trace::Value::Str(name)),
                ("type", trace::Value::Str(narrow.c_name())),
                ("bytes", trace::Value::U64((count * narrow.size()) as u64)),
            ],
        );
    }
    upload_keyed(ctx, narrow::key(array, narrow, count), name, || {
        upload_bytes(ctx, &narrow::bytes(array, narrow), name)
    })
}

/// A new buffer holding a copy, made on the device, of the kept `array`'s device copy
/// (uploaded now, and kept, when it has none yet): the call's own copy of an array it may
/// write, where the keep scope's copy must stay what the host holds.
fn copy_kept(ctx: &'static DeviceCtx, array: &dyn HostArray, name: &str) -> Option<DevBuf> {
    let held = upload(ctx, array, name)?;
    let from = match &held {
        Held::Shared(buf) => &**buf,
        Held::Own(buf) => buf,
    };
    let bytes = byte_len(array, None);
    let mut buf = allocate(ctx, bytes, name)?;
    buffer::copy(ctx, &from.buffer, 0, &mut buf.buffer, bytes).or_fatal();
    Some(buf)
}

fn upload_new(ctx: &'static DeviceCtx, array: &dyn HostArray, name: &str) -> Option<DevBuf> {
    match array.raw_rows() {
        Some(rows) => {
            let bytes = rows.iter().map(|row| row.len()).sum();
            let mut buf = allocate(ctx, bytes, name)?;
            if bytes > 0 {
                buffer::write_rows(ctx, &mut buf.buffer, &rows, name).or_fatal();
            }
            Some(buf)
        }
        None => upload_bytes(ctx, &array.bytes(), name),
    }
}

/// Downloads an output of `dims` (a `@` result when `value_array`): primitives (except
/// `boolean`, whose bytes are checked one by one) straight into the storage of the array
/// the program will use, the rest as bytes converted later.
fn download(
    ctx: &'static DeviceCtx,
    buf: &DevBuf,
    elem: Elem,
    dims: Vec<usize>,
    value_array: bool,
    name: &str,
) -> (Output, Option<ResidentKey>) {
    macro_rules! typed {
        ($ty:ty) => {{
            let (array, key) = read_typed::<$ty>(ctx, buf, &dims, value_array, name);
            (Output::Typed(array), key)
        }};
    }
    match elem {
        Elem::I8 => typed!(i8),
        Elem::I16 => typed!(i16),
        Elem::U16 => typed!(u16),
        Elem::I32 => typed!(i32),
        Elem::I64 => typed!(i64),
        Elem::F32 => typed!(f32),
        Elem::F64 => typed!(f64),
        Elem::Bool | Elem::Struct(_) => {
            let mut bytes = vec![0u8; dims.iter().product::<usize>() * elem.size()];
            if !bytes.is_empty() {
                buffer::read(ctx, &buf.buffer, 0, &mut bytes, name).or_fatal();
            }
            (Output::Bytes(bytes, dims), None)
        }
    }
}

/// Reads the buffer into a new `VArr<T>` (`value_array`, with the key under which the
/// buffer can be kept), `Array<Array<T>>` (two dimensions) or `Array<T>` of a
/// [`DevElem::RAW`] type.
fn read_typed<T: DevElem>(
    ctx: &'static DeviceCtx,
    buf: &DevBuf,
    dims: &[usize],
    value_array: bool,
    name: &str,
) -> (Box<dyn std::any::Any + Send + Sync>, Option<ResidentKey>) {
    let n: usize = dims.iter().product();
    if value_array {
        let array = VArr::from_arc(read_fresh::<T, _>(ctx, buf, n, name, T::default));
        let key = array.resident_key();
        return (Box::new(array), key);
    }
    if let [rows, cols] = *dims {
        // The rows made on the pool straight into the matrix's own storage, their storage
        // listed on the pool too: a million short rows cost no pass on one thread.
        let matrix = Array::from_buffer(crate::somd::collect_copy(rows, cols, |_| {
            crate::value::Slot::new(Array::from_buffer(fresh_slots::<T>(cols)))
        }));
        if n > 0 {
            let mut targets = crate::packed::map_rows(matrix.slots(), |row| {
                slot_bytes_mut(row.get_ref().slots())
            });
            buffer::read_rows(ctx, &buf.buffer, &mut targets, name).or_fatal();
        }
        return (Box::new(matrix), None);
    }
    if let [planes, rows, cols] = *dims {
        let cube: Vec<Array<Array<T>>> = (0..planes)
            .map(|_| {
                Array::from_vec((0..rows).map(|_| Array::from_buffer(fresh_slots(cols))).collect())
            })
            .collect();
        let mut targets: Vec<&mut [u8]> = cube
            .iter()
            .flat_map(|plane| plane.slots().iter())
            .map(|row| slot_bytes_mut(row.get_ref().slots()))
            .collect();
        if n > 0 {
            buffer::read_rows(ctx, &buf.buffer, &mut targets, name).or_fatal();
        }
        drop(targets);
        return (Box::new(Array::from_vec(cube)), None);
    }
    (Box::new(read_array::<T>(ctx, buf, n, name)), None)
}

/// The storage of a fresh array of `n` default elements that a download fills: zeroed on
/// the pool when large (each thread first-touches its share of the pages, as the CPU's
/// `new T[n]` does), not by the one thread that then copies the download into it.
fn fresh_slots<T: Default + Send>(n: usize) -> std::sync::Arc<[crate::value::Slot<T>]> {
    crate::somd::collect_copy(n, 1, |_| crate::value::Slot::new(T::default()))
}

/// Below this many bytes a staged download into a new 1-D array writes it uninitialised
/// ([`read_fresh`]). From 32 MiB on glibc's `malloc` maps fresh pages for every allocation
/// (the ceiling of its dynamic mmap threshold), and the copies out of pinned memory
/// faulting them in inside the transfer lost to the pool zeroing them first: on the H200
/// (forty-ninth session, five rounds, calls' time per run) Saxpy's 80 MB results took
/// 37.1 ms against 29.8, Vector Add's 27.0 against 19.7. Below it (SparseMatMult's 800 KB:
/// 41.3 against 45.6 ms for 200 calls; 1 MiB in `mid_transfers`, forty-eighth session: 145
/// against 245 µs) the
/// storage is memory `malloc` has used before, and the pass is pure cost.
const UNINIT_BELOW: usize = 32 << 20;

/// The first `n` elements of `buf` (of a [`DevElem::RAW`] type `T`, `S` being `T` or its
/// `Slot`) in new storage: read into it uninitialised when the download is staged and
/// smaller than [`UNINIT_BELOW`] (`buffer::read_uninit`: the copies out of pinned memory
/// touch its pages first), else made of `fresh()` on the pool
/// ([`crate::somd::collect_copy`]) and read into.
fn read_fresh<T: DevElem, S: Send>(
    ctx: &'static DeviceCtx,
    buf: &DevBuf,
    n: usize,
    name: &str,
    fresh: impl Fn() -> S + Sync,
) -> std::sync::Arc<[S]> {
    assert!(T::RAW && std::mem::size_of::<S>() == T::ELEM.size(), "a raw element");
    let as_bytes = |storage: &mut [S]| {
        // SAFETY: `S` is `T` or its transparent `Slot`, a `T::RAW` type: plain bytes, and
        // every pattern the device writes for it is a value of it.
        unsafe {
            std::slice::from_raw_parts_mut(
                storage.as_mut_ptr().cast::<u8>(),
                std::mem::size_of_val(storage),
            )
        }
    };
    if n > 0 && n * T::ELEM.size() < UNINIT_BELOW {
        let mut raw: std::sync::Arc<[std::mem::MaybeUninit<S>]> =
            std::sync::Arc::new_uninit_slice(n);
        if let Some(storage) = std::sync::Arc::get_mut(&mut raw) {
            // SAFETY: `MaybeUninit<u8>` holds any byte, initialised or not.
            let bytes = unsafe {
                std::slice::from_raw_parts_mut(
                    storage.as_mut_ptr().cast::<std::mem::MaybeUninit<u8>>(),
                    std::mem::size_of_val(storage),
                )
            };
            if buffer::read_uninit(ctx, &buf.buffer, 0, bytes, name).or_fatal() {
                // SAFETY: the staged read wrote every byte, each a value of `S` (above).
                return unsafe { raw.assume_init() };
            }
        }
    }
    let mut items = crate::somd::collect_copy(n, 1, |_| fresh());
    if let Some(storage) = std::sync::Arc::get_mut(&mut items).filter(|s| !s.is_empty()) {
        buffer::read(ctx, &buf.buffer, 0, as_bytes(storage), name).or_fatal();
    }
    items
}

/// The first `n` elements of `buf` as a new array: read straight into its storage when that
/// is the device representation ([`DevElem::RAW`]), else converted from the bytes.
fn read_array<T: DevElem>(ctx: &'static DeviceCtx, buf: &DevBuf, n: usize, name: &str) -> Array<T> {
    if T::RAW {
        let fresh = || crate::value::Slot::new(T::default());
        return Array::from_buffer(read_fresh::<T, _>(ctx, buf, n, name, fresh));
    }
    let mut bytes = vec![0u8; n * T::ELEM.size()];
    if !bytes.is_empty() {
        buffer::read(ctx, &buf.buffer, 0, &mut bytes, name).or_fatal();
    }
    Array::from_vec(bytes.chunks_exact(T::ELEM.size()).map(T::take).collect())
}

/// Runs `desc` on the device for `args`, or returns `None` when the call runs on the CPU
/// (see the module doc).
pub fn run(desc: &'static KernelDesc, args: &[HostArg<'_>]) -> Option<DeviceResult> {
    run_counted(desc, 0, args)
}

/// [`run`] for a SOMD method whose host reads only the outputs passed as the kernel
/// arguments `reads` (the one it returns): the others stay on the device and are freed there
/// (an output the method does not return is never seen by the caller, LANGUAGE.md §2.1).
pub fn run_reading(
    desc: &'static KernelDesc,
    args: &[HostArg<'_>],
    reads: &[usize],
) -> Option<DeviceResult> {
    let (ctx, planned) =
        policy::device_for(desc.label, |ctx| plan(ctx, desc, 0, args, arg_shapes(desc, 0, args)?))?;
    let _scope = trace::CallScope::begin(desc.label, ctx.label);
    execute(&planned, args, None, false, Some(reads)).map(|(result, _)| result)
}

/// The bit of a SOMD wrapper's `moved` argument asking for its result to stay on the
/// device ([`run_leaving`]; the caller assigns it to a `LazyArr` local).
pub const LEAVE: u64 = 1 << 63;

/// [`run_reading`] of a SOMD method returning the output `reads[0]`: with [`LEAVE`] set in
/// `moved`, the output stays on the device, and [`LazyArr::left`] (which the caller
/// applies to the wrapper's result) takes it over; the wrapper returns a `null` array then.
pub fn run_leaving(
    desc: &'static KernelDesc,
    args: &[HostArg<'_>],
    reads: &[usize],
    moved: u64,
) -> Option<DeviceResult> {
    let Some(&out) = reads.first().filter(|_| moved & LEAVE != 0 && reads.len() == 1) else {
        return run_reading(desc, args, reads);
    };
    let (ctx, mut planned) =
        policy::device_for(desc.label, |ctx| plan(ctx, desc, 0, args, arg_shapes(desc, 0, args)?))?;
    planned.leave = Some(out);
    let dims = planned.out_dims.get(out).cloned().flatten().unwrap_or_default();
    let _scope = trace::CallScope::begin(desc.label, ctx.label);
    let (result, kept) = execute(&planned, args, None, false, Some(&[]))?;
    results::leave(ctx, kept, dims, desc.args.get(out), desc.label);
    Some(result)
}

/// [`run`] for a `@` over `count` elements (the host has checked the mapped lengths).
pub fn run_map(
    desc: &'static KernelDesc,
    count: usize,
    args: &[HostArg<'_>],
) -> Option<DeviceResult> {
    run_counted(desc, count, args)
}

/// [`run_map`] whose result stays on the device: [`DeviceResult::lazy_result`] gives it
/// to the host as a [`Lazy`] (the partials of a fused `!` come down as usual).
pub fn run_map_lazy(
    desc: &'static KernelDesc,
    count: usize,
    args: &[HostArg<'_>],
) -> Option<DeviceResult> {
    ragged::or_ragged(desc, args, |desc, args| {
        let (ctx, planned) = policy::device_for(desc.label, |ctx| {
            plan(ctx, desc, count, args, arg_shapes(desc, count, args)?)
        })?;
        let _scope = trace::CallScope::begin(desc.label, ctx.label);
        let (result, kept) = execute(&planned, args, None, true, None)?;
        Some(result.leaving(ctx, kept, count, desc.label))
    })
}

impl DeviceResult {
    /// The result with the `@` result buffer `kept` left on `ctx` by the `@` labelled `of`.
    fn leaving(
        self,
        ctx: &'static DeviceCtx,
        kept: Option<DevBuf>,
        len: usize,
        of: &'static str,
    ) -> DeviceResult {
        if let (Some(buf), Ok(mut left)) = (kept, self.left.0.lock()) {
            *left = Some((ctx, buf));
        }
        DeviceResult { left_len: len, left_of: of, ..self }
    }
}

fn run_counted(
    desc: &'static KernelDesc,
    count: usize,
    args: &[HostArg<'_>],
) -> Option<DeviceResult> {
    ragged::or_ragged(desc, args, |desc, args| {
        let (ctx, planned) = policy::device_for(desc.label, |ctx| {
            plan(ctx, desc, count, args, arg_shapes(desc, count, args)?)
        })?;
        let _scope = trace::CallScope::begin(desc.label, ctx.label);
        execute(&planned, args, None, false, None).map(|(result, _)| result)
    })
}

/// Whether `desc`'s construct is placed on a device (LANGUAGE.md §4.1).
pub fn placed_on_device(desc: &'static KernelDesc) -> bool {
    matches!(placement_for(desc.label, true), Target::Device(_))
}

/// [`placed_on_device`] for the construct written at `at` (a device filter's `task`
/// expression), whose traced placement names `at` as its site.
pub(crate) fn placed_on_device_at(desc: &'static KernelDesc, at: &'static SourcePos) -> bool {
    let _site = crate::opencl::adapt::TracedSite::open(desc.label, at);
    placed_on_device(desc)
}

/// Whether a `@` may be computed inline by the `@` that consumes its result (one kernel;
/// note `device-execution`, "A map fused into the map that consumes it"): off with
/// `SOMD_MAPFUSE=0`, which runs both `@`s as before in the same binary.
pub fn map_fusion() -> bool {
    crate::exec::placement().switches.map_fusion
}

/// Whether `a` and `b` are placed on the same device, so that results of one can stay there
/// for the other. A question of planning: it traces nothing (the calls that then run trace
/// their placements, `policy::placement_untraced`).
pub fn same_device(a: &'static KernelDesc, b: &'static KernelDesc) -> bool {
    match (policy::placement_untraced(a.label), policy::placement_untraced(b.label)) {
        (Target::Device(x), Target::Device(y)) => std::ptr::eq(x, y),
        _ => false,
    }
}

/// Items of a task graph, as generated code boxes them between tasks.
pub type TaskItem = Box<dyn std::any::Any + Send>;

/// The results of one batch of a device filter task left on the device for the next device
/// filter task of the graph (LANGUAGE.md §3.1: data between consecutive device tasks stays
/// on the device). It travels down the task edge as one item.
pub struct DeviceBatch {
    ctx: &'static DeviceCtx,
    buf: std::sync::Arc<DevBuf>,
    count: usize,
    elem: Elem,
    /// Downloads the results as the items the producing task would have sent.
    to_items: fn(&DeviceBatch) -> Vec<TaskItem>,
}

impl DeviceBatch {
    /// The items, downloaded (when the next task runs them on the CPU after all).
    pub fn to_items(&self) -> Vec<TaskItem> {
        (self.to_items)(self)
    }

    /// Consecutive batches of one edge as one, in order, copied into one buffer on the
    /// device: the next device filter then runs them in one launch (each batch it ran
    /// alone paid its launches, and batches left on the device are as small as the
    /// pipeline's timing makes them). `None` for batches of different devices or
    /// element types (or a device too full to hold the copy): run them one by one.
    pub fn joined(batches: &[&DeviceBatch]) -> Option<DeviceBatch> {
        let first = batches.first()?;
        let same = |b: &&DeviceBatch| std::ptr::eq(b.ctx, first.ctx) && b.elem == first.elem;
        if !batches.iter().all(same) {
            return None;
        }
        let size = first.elem.size();
        let count: usize = batches.iter().map(|b| b.count).sum();
        let mut buf = allocate(first.ctx, count * size, "somd_batch")?;
        let mut at = 0;
        for b in batches {
            let bytes = b.count * size;
            buffer::copy_into(first.ctx, &b.buf.buffer, 0, &mut buf.buffer, at, bytes).or_fatal();
            at += bytes;
        }
        Some(DeviceBatch {
            ctx: first.ctx,
            buf: std::sync::Arc::new(buf),
            count,
            elem: first.elem,
            to_items: first.to_items,
        })
    }

    fn download_as<U: DevElem>(&self) -> Vec<TaskItem> {
        let (output, _) =
            download(self.ctx, &self.buf, self.elem, vec![self.count], true, "somd_out");
        let result = DeviceResult { outputs: vec![Some(output)], ..DeviceResult::default() };
        result.result::<U>().items().iter().map(|u| Box::new(u.clone()) as TaskItem).collect()
    }
}

/// What a batch of a device filter task produced.
pub enum FilterOut<U> {
    /// Downloaded.
    Host(VArr<U>),
    /// Left on the device for the next task.
    Device(DeviceBatch),
}

/// A batch of items of an isolated filter task (`Pipe::filter_batched`): its kernel runs
/// one work-item per item, as a `@` over the batch; with `keep` the results stay on the
/// device. `None`: run the batch on the CPU.
pub fn run_filter<T: DevElem, U: DevElem>(
    desc: &'static KernelDesc,
    items: &[T],
    keep: bool,
) -> Option<FilterOut<U>> {
    let batch = VArr::from_vec(items.to_vec());
    filter_call(desc, items.len(), &[HostArg::from(&batch)], None, keep)
}

/// [`run_filter`] for a filter whose items are value arrays (`Task::filter_device_rows`):
/// the items cross as the rows of one 2-D value array, one work-item per row; items of
/// different lengths run the kernel's ragged variant, packed (`device/ragged.rs`). `None`:
/// run the batch on the CPU (a `null` item, or items of different lengths and no variant).
pub fn run_filter_rows<E: DevElem, U: DevElem>(
    desc: &'static KernelDesc,
    items: &[VArr<E>],
    keep: bool,
) -> Option<FilterOut<U>> {
    let batch = VArr::from_vec(items.to_vec());
    filter_call(desc, items.len(), &[HostArg::from(&batch)], None, keep)
}

/// [`run_filter`] over the results another device filter task left on the device: nothing
/// goes up. `None`: run the batch on the CPU (from [`DeviceBatch::to_items`]).
pub fn run_filter_chained<T: DevElem, U: DevElem>(
    desc: &'static KernelDesc,
    input: &DeviceBatch,
    keep: bool,
) -> Option<FilterOut<U>> {
    let chained = if input.elem == T::ELEM {
        Held::Shared(std::sync::Arc::clone(&input.buf))
    } else {
        // A wider worker (`task f => task g`, `g` taking `long` where `f` gives `int`).
        Held::Own(widen::widened(input.ctx, &input.buf, input.elem, T::ELEM, input.count)?)
    };
    filter_call(desc, input.count, &[HostArg::Chained], Some((input.ctx, chained)), keep)
}

fn filter_call<U: DevElem>(
    desc: &'static KernelDesc,
    count: usize,
    args: &[HostArg<'_>],
    chained: Option<(&'static DeviceCtx, Held)>,
    keep: bool,
) -> Option<FilterOut<U>> {
    ragged::or_ragged(desc, args, |desc, args| {
        let (ctx, planned) = policy::device_for(desc.label, |ctx| match &chained {
            Some((on, _)) if !std::ptr::eq(*on, ctx) => Err("items on another device"),
            _ => plan(ctx, desc, count, args, arg_shapes(desc, count, args)?),
        })?;
        let _scope = trace::CallScope::begin(desc.label, ctx.label);
        let (done, kept) = execute(&planned, args, chained.map(|(_, buf)| (0, buf)), keep, None)?;
        Some(match kept {
            Some(buf) => FilterOut::Device(DeviceBatch {
                ctx,
                buf: std::sync::Arc::new(buf),
                count,
                elem: U::ELEM,
                to_items: DeviceBatch::download_as::<U>,
            }),
            None => FilterOut::Host(done.result::<U>()),
        })
    })
}

/// Two `@` where the result of the first is the first mapped argument of the second
/// (`C @ g(C @ f(x), ..)`): when both are placed on the same device, the intermediate
/// array never leaves it. `outer_lens` are the lengths of the second map's other mapped
/// arguments, checked (as `rt::somd::map_len` does, at `outer_pos`) after the first map
/// ran, as on the CPU path. `None`: run both on the CPU.
#[allow(clippy::too_many_arguments)]
pub fn run_map_chain(
    inner: &'static KernelDesc,
    inner_count: usize,
    inner_args: &[HostArg<'_>],
    outer: &'static KernelDesc,
    outer_lens: &[usize],
    outer_pos: &'static SourcePos,
    outer_args: &[HostArg<'_>],
) -> Option<DeviceResult> {
    let maps = (inner, inner_count, inner_args, outer);
    map_chain(maps, outer_lens, outer_pos, outer_args, false)
}

/// [`run_map_chain`] whose result stays on the device, as [`run_map_lazy`]'s.
#[allow(clippy::too_many_arguments)]
pub fn run_map_chain_lazy(
    inner: &'static KernelDesc,
    inner_count: usize,
    inner_args: &[HostArg<'_>],
    outer: &'static KernelDesc,
    outer_lens: &[usize],
    outer_pos: &'static SourcePos,
    outer_args: &[HostArg<'_>],
) -> Option<DeviceResult> {
    let maps = (inner, inner_count, inner_args, outer);
    map_chain(maps, outer_lens, outer_pos, outer_args, true)
}

/// The two maps of a chain: the inner one's kernel, length and arguments, the outer one's
/// kernel.
type ChainMaps<'m, 'a> = (&'static KernelDesc, usize, &'m [HostArg<'a>], &'static KernelDesc);

fn map_chain(
    (inner, inner_count, inner_args, outer): ChainMaps<'_, '_>,
    outer_lens: &[usize],
    outer_pos: &'static SourcePos,
    outer_args: &[HostArg<'_>],
    leave: bool,
) -> Option<DeviceResult> {
    ragged::or_ragged(inner, inner_args, |inner, inner_args| {
        ragged::or_ragged(outer, outer_args, |outer, outer_args| {
            let maps = (inner, inner_count, inner_args, outer);
            map_chain_planned(maps, outer_lens, outer_pos, outer_args, leave)
        })
    })
}

/// [`map_chain`] with the kernels the arguments take (ragged variants, `device/ragged.rs`).
fn map_chain_planned(
    (inner, inner_count, inner_args, outer): ChainMaps<'_, '_>,
    outer_lens: &[usize],
    outer_pos: &'static SourcePos,
    outer_args: &[HostArg<'_>],
    leave: bool,
) -> Option<DeviceResult> {
    let inner_decided = policy::decided_for(inner.label, |ctx| {
        plan(ctx, inner, inner_count, inner_args, arg_shapes(inner, inner_count, inner_args)?)
    })?;
    let Some((ctx, _)) = inner_decided.placed else {
        inner_decided.trace(inner.label);
        policy::trace_chained_cpu(outer.label);
        return None;
    };
    // Both maps are decided before either is traced: where the outer one stays on the CPU,
    // so does the inner one.
    let outer_decided = policy::decided_for(outer.label, |on| match std::ptr::eq(on, ctx) {
        true => {
            plan(ctx, outer, inner_count, outer_args, arg_shapes(outer, inner_count, outer_args)?)
        }
        false => Err("the @ it consumes is placed on another device"),
    })?;
    let (Some((_, first)), Some((_, second))) = (&inner_decided.placed, &outer_decided.placed)
    else {
        inner_decided.trace_on_cpu(inner.label, "the @ consuming its result runs on the CPU");
        outer_decided.trace(outer.label);
        return None;
    };
    inner_decided.trace(inner.label);
    outer_decided.trace(outer.label);
    let (_, kept) = {
        let _scope = trace::CallScope::begin(inner.label, ctx.label);
        execute(first, inner_args, None, true, None)?
    };
    let mut lens = vec![inner_count];
    lens.extend_from_slice(outer_lens);
    crate::somd::map_len(&lens, outer_pos);
    let _scope = trace::CallScope::begin(outer.label, ctx.label);
    let (result, kept) =
        execute(second, outer_args, kept.map(|buf| (0, Held::Own(buf))), leave, None)?;
    Some(result.leaving(ctx, kept, inner_count, outer.label))
}

/// Work-items of a fold: at most [`FOLD_ITEMS`], each folding `chunk` consecutive elements.
const FOLD_ITEMS: usize = 4096;

fn fold_chunk(count: usize) -> usize {
    count.div_ceil(FOLD_ITEMS).max(1)
}

/// The work-group size of a fold: `local`, halved while its `__local` scratch (one element
/// per work-item, a value object of any size) would not fit the device's local memory.
fn fold_local(ctx: &DeviceCtx, desc: &KernelDesc, local: usize) -> usize {
    let size = desc
        .args
        .iter()
        .find_map(|a| match a {
            ArgSpec::Scratch(elem) => Some(elem.size()),
            _ => None,
        })
        .unwrap_or(0);
    let limit = ctx.device.local_mem_size().unwrap_or(0) as usize;
    let mut local = local.max(1);
    while local > 1 && local.saturating_mul(size) > limit {
        local /= 2;
    }
    local
}

/// `C.m ! a` on a non-empty primitive array: the fold kernel leaves one partial per
/// work-group (its chunks combined in order), which the caller combines with `m` as the CPU
/// path combines elements. `None`: the CPU
/// path (not placed, `null` or empty array — the CPU raises the exception —, ...).
pub fn run_fold(desc: &'static KernelDesc, args: &[HostArg<'_>]) -> Option<DeviceResult> {
    let Some(HostArg::Array(array)) = args.first() else { return None };
    let (ctx, planned) = policy::device_for(desc.label, |ctx| {
        let count = *array.shape().ok_or(NULL_OR_RAGGED)?.first().ok_or(NULL_OR_RAGGED)?;
        if count == 0 {
            return Err("empty array");
        }
        plan(ctx, desc, count, args, arg_shapes(desc, count, args)?)
    })?;
    let _scope = trace::CallScope::begin(desc.label, ctx.label);
    execute(&planned, args, None, false, None).map(|(result, _)| result)
}

/// A call that will run on the device: sizes computed, program built.
struct Planned {
    ctx: &'static DeviceCtx,
    desc: &'static KernelDesc,
    /// The kernel launched: `desc.name` or its `__constant` variant.
    kernel: &'static str,
    program: std::sync::Arc<crate::opencl::BuiltProgram>,
    count: usize,
    /// The shape of each array argument of the construct, by argument index.
    shapes: Vec<Option<Vec<usize>>>,
    values: Vec<Option<i64>>,
    out_dims: Vec<Option<Vec<usize>>>,
    global: Vec<usize>,
    /// The global sizes read host scalars of a `sync` body: [`Planned::resize`] computes
    /// them before each launch (`global` is empty until then).
    deferred: bool,
    /// Arguments (positions among the construct's) uploaded narrow, and their types.
    narrow: Vec<(usize, narrow::Narrow)>,
    /// Array arguments (positions among the construct's) whose buffers come back into the
    /// host arrays after the call ([`run_updating`]).
    updated: Vec<usize>,
    /// The output (a kernel argument) that stays on the device instead of coming down
    /// ([`run_leaving`]): `execute` returns its buffer.
    leave: Option<usize>,
}

/// How a planned kernel launches: the power-of-two group size, the work-groups (one
/// partial each, over a reduction's global sizes' product: a 2-D reduction runs as a
/// flattened 1-D NDRange, so its partials never collide between rows of groups; per
/// work-item for a fold; as many as keep the device busy for a coarsened reduction) and,
/// for the lanes form of a SOMD loop, the work-items per iteration.
struct Geometry {
    local: usize,
    groups: usize,
    strip: Option<usize>,
    /// The group size [`spread_local`] chose for a plain launch (`None`: the kernel's own).
    spread: Option<usize>,
    /// A lanes-form kernel, whose `__local` scratch holds one element per lane (its rows
    /// variant uses none): [`Geometry::scratch_items`].
    lanes_scratch: bool,
    /// The tiles variant of a kernel walking rows: `groups` groups of [`TILE_GROUP`]
    /// work-items, [`TILE_ROWS`] iterations each.
    tiles: bool,
}

impl Geometry {
    /// The elements of each `__local` scratch argument ([`ArgSpec::Scratch`]): one per
    /// work-item of the group, or per lane of the lanes form (one for its rows variant,
    /// which reads none).
    fn scratch_items(&self) -> usize {
        match (self.lanes_scratch, self.strip) {
            (true, Some(lanes)) => lanes,
            (true, None) => 1,
            (false, _) => self.local,
        }
    }
}

impl Planned {
    /// Sizes a deferred launch ([`Planned::deferred`]) for the host scalars' current values:
    /// the host-loop indices (outermost first) and the values of `ArgSpec::HostValue`s.
    fn resize(&mut self, host_indices: &[i32], host_values: &[HostArg<'_>]) {
        if !self.deferred {
            return;
        }
        let desc = self.desc;
        let mut values = self.values.clone();
        for (k, spec) in desc.args.iter().enumerate() {
            match spec {
                ArgSpec::HostIndex(depth) => {
                    values[k] = host_indices.get(*depth).map(|v| i64::from(*v));
                }
                ArgSpec::HostValue(n) => values[k] = host_values.get(*n).and_then(size_value),
                _ => {}
            }
        }
        // Java's `int` bounds always have a size (`Size::Java`), which fits the device as
        // any `int` count does.
        match global_size(desc, &values, self.count) {
            Ok(global) => self.global = global,
            Err(_) => crate::opencl::fatal(&ClFailure::NoKernel(format!(
                "{}: no size for the launch",
                desc.name
            ))),
        }
    }

    /// Whether this launch of a lanes-form kernel runs its rows variant ([`strip_rows`]).
    fn rows(&self) -> bool {
        let Some((_, inner)) = &self.desc.rows else { return false };
        let inner = inner.as_ref().and_then(|rule| rule.eval(&self.values));
        strip_rows(self.ctx, self.global.first().copied().unwrap_or(0), inner)
    }

    /// Whether this launch runs the tiles variant of its kernel ([`row_tiles`]): the
    /// variant's groups of [`TILE_GROUP`] must fit the kernel on its device.
    fn tiles(&self) -> bool {
        // A kernel has a rows variant or a tiles variant, never both (`launched` prefers
        // the rows variant).
        let Some((tiles, inner)) = self.desc.tiles.as_ref().filter(|_| !self.rows()) else {
            return false;
        };
        let inner = inner.as_ref().and_then(|rule| rule.eval(&self.values));
        let fits = self.program.kernel(tiles).is_ok_and(|k| k.max_local() >= TILE_GROUP);
        fits && row_tiles(self.ctx, inner)
    }

    /// The name of the kernel this launch runs: `kernel` (the call's [`Planned::kernel`],
    /// or a `sync` body's `desc.name`), the rows variant of a lanes-form kernel, or the
    /// tiles variant of a kernel walking rows.
    fn launched(&self, kernel: &'static str) -> &'static str {
        match (&self.desc.rows, &self.desc.tiles) {
            (Some((rows, _)), _) if self.rows() => rows,
            (_, Some((tiles, _))) if self.tiles() => tiles,
            _ => kernel,
        }
    }

    /// The launch geometry of the kernel ([`Geometry`]); `None` when the work-items
    /// overflow.
    fn geometry(&self, kernel: &crate::opencl::launch::DeviceKernel) -> Option<Geometry> {
        let (ctx, desc) = (self.ctx, self.desc);
        let first = self.global.first().copied().unwrap_or(0);
        let items = if desc.reduction {
            self.global.iter().try_fold(1usize, |acc, n| acc.checked_mul(*n))?
        } else {
            first
        };
        let lanes_form = desc.lanes_form() && !self.rows();
        if self.tiles() {
            let groups = first.div_ceil(TILE_ROWS);
            let geo = Geometry {
                local: TILE_GROUP,
                groups,
                strip: None,
                spread: None,
                lanes_scratch: false,
                tiles: true,
            };
            return Some(geo);
        }
        // A plain 1-D launch (not a fold, not one group per element or iteration) may spread.
        let plain = !desc.fold
            && !lanes_form
            && !desc.group_per_element()
            && (desc.reduction || self.global.len() == 1);
        let spread = if plain { spread_local(ctx, kernel, items) } else { None };
        let local = spread.unwrap_or_else(|| prev_power_of_two(kernel.local_1d()));
        let tree = desc.fold_tree();
        let local = if tree { fold_local(ctx, desc, local) } else { local };
        let groups = if tree {
            // One partial per work-group: its work-items' chunks combined in the kernel.
            first.div_ceil(local)
        } else if desc.fold {
            items
        } else if desc.strided {
            reduction_groups(ctx, items, local)
        } else {
            items.div_ceil(local)
        };
        let strip = lanes_form.then(|| {
            // Its accumulators' `__local` arrays hold an element per lane.
            let bytes: usize = desc
                .args
                .iter()
                .map(|a| match a {
                    ArgSpec::Scratch(elem) => elem.size(),
                    _ => 0,
                })
                .sum();
            let limit = ctx.device.local_mem_size().unwrap_or(0) as usize;
            let mut lanes = strip_lanes(ctx, local, first);
            while lanes > 1 && lanes.saturating_mul(bytes) > limit {
                lanes /= 2;
            }
            lanes
        });
        let lanes_scratch = desc.lanes_form();
        Some(Geometry { local, groups, strip, spread, lanes_scratch, tiles: false })
    }

    /// Launches the kernel as its geometry says, for a kernel without a nested fold's
    /// forms: the lanes form, the reduction's groups, or the 1-D or 2-D range.
    fn launch(
        &self,
        setter: &mut crate::opencl::launch::KernelArgs<'_>,
        geo: &Geometry,
    ) -> Result<crate::opencl::launch::LaunchInfo, ClFailure> {
        let ctx = self.ctx;
        match (self.desc.reduction, self.global.as_slice()) {
            _ if geo.tiles => match geo.groups.checked_mul(TILE_GROUP) {
                Some(items) => setter.run_1d_exact(ctx, items, TILE_GROUP),
                None => Err(ClFailure::Geometry { global: geo.groups, local: TILE_GROUP }),
            },
            _ if let Some(lanes) = geo.strip => {
                strip_launch(setter, ctx, self.global.first().copied().unwrap_or(0), lanes)
            }
            (true, _) => setter.run_1d_exact(ctx, geo.groups * geo.local, geo.local),
            // A fold whose method cannot throw combines its work-groups' chunks in `__local`
            // scratch of `geo.local`.
            _ if self.desc.fold_tree() => {
                setter.run_1d_exact(ctx, geo.groups * geo.local, geo.local)
            }
            (false, [n]) => match geo.spread {
                Some(local) => setter.run_1d_in(ctx, *n, local),
                None => setter.run_1d(ctx, *n),
            },
            (false, [nx, ny]) if self.desc.square_groups => setter.run_2d_square(ctx, *nx, *ny),
            (false, [nx, ny]) => setter.run_2d(ctx, *nx, *ny),
            (false, _) => Err(ClFailure::Geometry { global: 0, local: 0 }),
        }
    }
}

/// The shape of each array argument of a call of `desc` over `count` elements, or why the
/// arguments keep the call on the CPU, where the CPU path raises the Java exception or runs
/// no MI (the trace's `reason`: [`policy::device_for`] checks it before tracing).
fn arg_shapes(
    desc: &KernelDesc,
    count: usize,
    args: &[HostArg<'_>],
) -> Result<Vec<Option<Vec<usize>>>, &'static str> {
    shapes_of(desc.first_dist, count, args)
}

/// [`arg_shapes`] for a construct whose first `dist` argument is `first_dist` (histogram
/// bodies too).
fn shapes_of(
    first_dist: Option<usize>,
    count: usize,
    args: &[HostArg<'_>],
) -> Result<Vec<Option<Vec<usize>>>, &'static str> {
    let mut shapes: Vec<Option<Vec<usize>>> = Vec::with_capacity(args.len());
    for arg in args {
        match arg {
            HostArg::Array(a) => {
                let shape = a.shape().ok_or(NULL_OR_RAGGED)?;
                // A SOMD call made in an MI on a piece of its partition.
                let inner = |w| crate::somd::is_inner_partition(w, &shape);
                if first_dist.is_some() && a.part_window().is_some_and(inner) {
                    return Err(INNER_PARTITION);
                }
                shapes.push(Some(shape));
            }
            HostArg::Chained => shapes.push(Some(vec![count])),
            // A `null` value-class scalar: the CPU path raises the exception (or runs
            // normally when the callee never reads it).
            HostArg::Struct(v) if v.is_null() => return Err(NULL_OBJECT),
            // A `null` object or array on the way to a field of an object holding arrays.
            HostArg::Null => return Err(NULL_OBJECT),
            _ => shapes.push(None),
        }
    }
    if let Some(first) = first_dist {
        let len = shapes.get(first).and_then(|s| s.as_ref()?.first().copied());
        if len.unwrap_or(0) == 0 {
            return Err(EMPTY_DIST);
        }
    }
    Ok(shapes)
}

/// The trace's reason for a call kept on the CPU by a `null` array, a `null` element of a
/// value-class array or ragged rows.
const NULL_OR_RAGGED: &str = "null or ragged array argument";
/// The trace's reason for a call kept on the CPU by a `null` value-class argument (or a
/// `null` part of one holding arrays).
const NULL_OBJECT: &str = "null value-class argument";
/// The trace's reason for a SOMD call kept on the CPU because an argument is a partition
/// of the calling MI that lies inside a larger whole: its MIs read offsets in that whole
/// (`somd::Geo::within`), which the kernels do not.
const INNER_PARTITION: &str = "an argument is a partition of the calling method instance";
/// The trace's reason for a call kept on the CPU by an empty first `dist` argument.
const EMPTY_DIST: &str = "empty first dist argument";

/// Decides whether `desc` can run on `ctx` for `args`, whose shapes [`arg_shapes`] gave,
/// without touching the device (except building the program); `Err(why)` means the CPU
/// path (see the module doc). Callers plan inside [`policy::device_for`]'s check, so that
/// a call planning declines is traced on the CPU with `why`.
fn plan(
    ctx: &'static DeviceCtx,
    desc: &'static KernelDesc,
    count: usize,
    args: &[HostArg<'_>],
    shapes: Vec<Option<Vec<usize>>>,
) -> Result<Planned, &'static str> {
    if desc.needs_fp64 && !ctx.info.fp64 {
        policy::fallback(
            &format!(
                "{} computes with double but {} has no cl_khr_fp64; running on the CPU",
                desc.label, ctx.label
            ),
            None,
        );
        return Err("no cl_khr_fp64 on the device");
    }
    // Scalar values of the kernel arguments (for size rules), outputs' dimensions.
    let mut values: Vec<Option<i64>> = vec![None; desc.args.len()];
    let mut out_dims: Vec<Option<Vec<usize>>> = vec![None; desc.args.len()];
    for (k, spec) in desc.args.iter().enumerate() {
        values[k] = arg_value(spec, k, count, args, &shapes, &values, &mut out_dims)?;
    }
    // A `sync` launch whose bounds read a host scalar is sized when it is launched
    // ([`Planned::resize`]). With no work-item a kernel leaves its setup's failure
    // unrecorded: such a call runs on the CPU if the setup may fail.
    let host = |rule: &Size| {
        desc.args.iter().enumerate().any(|(k, spec)| {
            matches!(spec, ArgSpec::HostIndex(_) | ArgSpec::HostValue(_)) && rule.reads(k)
        })
    };
    let deferred = desc.global.iter().any(host);
    // The other dimensions' sizes do not change between launches: one that has none
    // (an `int` overflow, a division by 0) sends the call to the CPU path now. The
    // deferred ones are Java's `int` values, which always exist (`Size::Java`) once the
    // rows they read do: those are checked now.
    if deferred
        && desc.global.iter().any(|rule| match host(rule) {
            true => !rule.rows_exist(&values),
            false => rule.eval(&values).is_none(),
        })
    {
        return Err(UNSIZED);
    }
    let global = match deferred {
        true if desc.setup_fails => return Err(NO_WORK_ITEM),
        true => Vec::new(),
        false => global_size(desc, &values, count)?,
    };
    let mut program = desc.program.get(ctx).ok_or("the OpenCL program failed to build")?;
    let mut narrow = narrow_args(desc, args);
    if !narrow.is_empty() {
        let options: Vec<String> = narrow
            .iter()
            .map(|(p, n)| {
                let name = desc.narrow.iter().find(|(q, _)| q == p).map_or("", |(_, m)| *m);
                narrow::options(name, *n)
            })
            .collect();
        match desc.program.variant(ctx, &options.join(" ")) {
            Some(variant) => program = variant,
            None => narrow.clear(),
        }
    }
    if let Err(err) = program.kernel(desc.name) {
        policy::fallback(&format!("{err} for {}; running on the CPU", desc.label), None);
        return Err("no such kernel in the OpenCL program");
    }
    let kernel = match constant_variant(ctx, desc, args) {
        Some(name) if program.kernel(name).is_ok() => name,
        _ => desc.name,
    };
    if let Some((label, bytes)) = too_large_buffer(ctx, desc, args, &out_dims, &narrow, count) {
        let err = ClFailure::TooLarge { bytes, max: ctx.info.max_alloc };
        policy::too_large(ctx, &format!("an array of {label}"), &err);
        return Err("an array too large for one buffer of the device");
    }
    Ok(Planned {
        ctx,
        desc,
        kernel,
        program,
        count,
        shapes,
        values,
        out_dims,
        global,
        deferred,
        narrow,
        updated: Vec::new(),
        leave: None,
    })
}

/// Why [`plan`] declines a call whose kernel sizes or outputs' lengths have no value.
const UNSIZED: &str = "a kernel size without a value";

/// The first array of a call that no buffer of `ctx` can hold (`CL_DEVICE_MAX_MEM_ALLOC_SIZE`),
/// with its kernel argument's name and its bytes: an argument as it would cross (`narrow`
/// or at its own width), an output or a `@`'s result. Found while planning, so that the
/// call is traced on the CPU that runs it; an allocation failing later (a buffer the call
/// derives) still falls back there.
fn too_large_buffer(
    ctx: &DeviceCtx,
    desc: &KernelDesc,
    args: &[HostArg<'_>],
    out_dims: &[Option<Vec<usize>>],
    narrow: &[(usize, narrow::Narrow)],
    count: usize,
) -> Option<(&'static str, u64)> {
    desc.args.iter().enumerate().find_map(|(k, spec)| {
        let bytes = match spec {
            ArgSpec::Param(p) => match args.get(*p) {
                Some(HostArg::Array(a)) => {
                    byte_len(*a, narrow.iter().find(|(q, _)| q == p).map(|(_, n)| *n))
                }
                _ => return None,
            },
            ArgSpec::Output { elem, .. } => {
                out_dims.get(k)?.as_ref()?.iter().product::<usize>().checked_mul(elem.size())?
            }
            ArgSpec::Result(elem) => count.checked_mul(elem.size())?,
            _ => return None,
        };
        let bytes = u64::try_from(bytes).ok()?;
        (!ctx.fits(bytes)).then(|| (desc.names.get(k).copied().unwrap_or("?"), bytes))
    })
}

/// The value of `desc`'s kernel argument `k` (`spec`) that size rules read, given the
/// values of the arguments before it; an output's (or result's) dimensions go into
/// `out_dims[k]`.
fn arg_value(
    spec: &ArgSpec,
    k: usize,
    count: usize,
    args: &[HostArg<'_>],
    shapes: &[Option<Vec<usize>>],
    values: &[Option<i64>],
    out_dims: &mut [Option<Vec<usize>>],
) -> Result<Option<i64>, &'static str> {
    Ok(match spec {
        ArgSpec::Param(p) => size_value(args.get(*p).ok_or(UNSIZED)?),
        // A row's length of a matrix of no rows (`m[0].length`, which Java fails to read)
        // has no size: a kernel size or an output reading it sends the call to the CPU
        // path, which raises the exception, or reads a guarded width's 0 as Java does.
        ArgSpec::Length { param, dim } if *dim > 0 => {
            let shape = shapes.get(*param).and_then(Option::as_ref).ok_or(UNSIZED)?;
            match shape.first() {
                Some(0) => None,
                _ => Some(*shape.get(*dim).ok_or(UNSIZED)? as i64),
            }
        }
        ArgSpec::Length { param, dim } | ArgSpec::OutputLength { output_arg: param, dim } => {
            let shape = match spec {
                ArgSpec::Length { .. } => shapes.get(*param),
                _ => out_dims.get(*param),
            };
            Some(*shape.and_then(Option::as_ref).and_then(|s| s.get(*dim)).ok_or(UNSIZED)? as i64)
        }
        ArgSpec::GlobalLength { param, dim } => {
            let shape = shapes.get(*param).and_then(Option::as_ref);
            Some(*shape.and_then(|s| s.get(*dim)).ok_or(UNSIZED)? as i64)
        }
        ArgSpec::Offset { .. } => Some(0),
        ArgSpec::Count => {
            let n = i64::try_from(count).ok().filter(|n| *n <= i64::from(i32::MAX));
            Some(n.ok_or("more than 2^31 - 1 elements")?)
        }
        ArgSpec::Result(_) => {
            out_dims[k] = Some(vec![count]);
            None
        }
        ArgSpec::Output { dims, .. } => {
            let mut list = Vec::with_capacity(dims.len());
            for d in dims.iter() {
                let n = d.eval(values).ok_or(UNSIZED)?;
                if !(0..=i64::from(i32::MAX)).contains(&n) {
                    // The CPU path raises NegativeArraySizeException.
                    return Err("negative array size");
                }
                list.push(n as usize);
            }
            out_dims[k] = Some(list);
            None
        }
        ArgSpec::Chunk => Some(fold_chunk(count) as i64),
        ArgSpec::Partials(_)
        | ArgSpec::Scratch(_)
        | ArgSpec::LaneScratch { .. }
        | ArgSpec::SliceParts { .. }
        | ArgSpec::Slices { .. }
        | ArgSpec::StageRows { .. }
        | ArgSpec::Staged
        | ArgSpec::Lanes
        | ArgSpec::Err
        | ArgSpec::LaterErr
        | ArgSpec::Epoch
        | ArgSpec::Statics(_)
        | ArgSpec::HostIndex(_)
        | ArgSpec::HostValue(_) => None,
    })
}

/// Why [`plan`] declines a kernel that would run no work-item though its setup may fail:
/// with none, the failure would go unrecorded.
const NO_WORK_ITEM: &str = "no work-item to record its setup's failure";

/// The global sizes of a launch of `desc` from the values of its scalar arguments; `Err`:
/// the CPU path (a size out of range, or a kernel with no work-item whose setup may fail).
fn global_size(
    desc: &KernelDesc,
    values: &[Option<i64>],
    count: usize,
) -> Result<Vec<usize>, &'static str> {
    let mut global = Vec::with_capacity(desc.global.len());
    if desc.fold {
        global.push(count.div_ceil(fold_chunk(count)));
    } else {
        for rule in desc.global {
            global.push(rule.eval(values).ok_or(UNSIZED)?.clamp(0, i64::from(i32::MAX)) as usize);
        }
    }
    if desc.setup_fails && global.contains(&0) {
        return Err(NO_WORK_ITEM);
    }
    if desc.widened {
        if let Some(n) = global.first_mut() {
            *n = n.div_ceil(crate::exec::placement().switches.widen);
        }
    }
    Ok(global)
}

/// The value of a scalar argument as a size reads it (`None` for other arguments).
fn size_value(arg: &HostArg<'_>) -> Option<i64> {
    match arg {
        HostArg::I32(v) => Some(i64::from(*v)),
        HostArg::I64(v) => Some(*v),
        HostArg::I16(v) => Some(i64::from(*v)),
        HostArg::I8(v) => Some(i64::from(*v)),
        HostArg::U16(v) => Some(i64::from(*v)),
        _ => None,
    }
}

/// The arguments of `desc` stored narrow for this call, with their types: each `int` value
/// array the kernel may read narrow whose elements fit ([`narrow::Narrow::of_range`]).
/// None with `SOMD_NARROW=off`, or for a kernel with a `__constant` variant.
fn narrow_args(desc: &KernelDesc, args: &[HostArg<'_>]) -> Vec<(usize, narrow::Narrow)> {
    if desc.narrow.is_empty()
        || desc.constant.is_some()
        || !crate::exec::placement().switches.narrow
    {
        return Vec::new();
    }
    desc.narrow
        .iter()
        .filter_map(|(p, _)| match args.get(*p)? {
            HostArg::Array(a) => Some((*p, narrow::choose(*a)?)),
            _ => None,
        })
        .collect()
}

/// The name of `desc`'s `__constant` variant when its `__constant` arrays fit the device:
/// their count within `CL_DEVICE_MAX_CONSTANT_ARGS` and their bytes together within
/// `CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE` (or within `SOMD_CONSTANT_LIMIT` bytes, when that is
/// set lower: tests use it to see the plain kernel run).
fn constant_variant(
    ctx: &DeviceCtx,
    desc: &KernelDesc,
    args: &[HostArg<'_>],
) -> Option<&'static str> {
    let (name, list) = desc.constant?;
    let limit = crate::exec::placement().switches.constant_limit;
    let max_bytes =
        limit.map_or(ctx.info.max_constant_bytes, |l| l.min(ctx.info.max_constant_bytes));
    if list.len() > ctx.info.max_constant_args as usize {
        return None;
    }
    let mut total = 0u64;
    for k in list {
        let ArgSpec::Param(p) = desc.args.get(*k)? else { return None };
        let HostArg::Array(a) = args.get(*p)? else { return None };
        let elems: usize = a.shape()?.iter().product();
        // The host allocates at least one element per buffer.
        total += (elems.max(1) * a.elem().size()) as u64;
    }
    (total <= max_bytes).then_some(name)
}

/// Sets scalar kernel argument `index` from the construct's scalar argument `arg`
/// (`boolean` as `uchar`); an array or missing argument is a manifest error.
///
/// # Safety
/// The kernel's parameter `index` must have the OpenCL type of `arg`.
unsafe fn set_scalar(
    setter: &mut crate::opencl::KernelArgs<'_>,
    index: u32,
    arg: Option<&HostArg<'_>>,
    kernel: &str,
) -> Result<(), ClFailure> {
    // SAFETY: the caller guarantees the parameter's type.
    unsafe {
        match arg {
            Some(HostArg::Bool(v)) => setter.set(index, &u8::from(*v)).map(|_| ()),
            Some(HostArg::I8(v)) => setter.set(index, v).map(|_| ()),
            Some(HostArg::I16(v)) => setter.set(index, v).map(|_| ()),
            Some(HostArg::U16(v)) => setter.set(index, v).map(|_| ()),
            Some(HostArg::I32(v)) => setter.set(index, v).map(|_| ()),
            Some(HostArg::I64(v)) => setter.set(index, v).map(|_| ()),
            Some(HostArg::F32(v)) => setter.set(index, v).map(|_| ()),
            Some(HostArg::F64(v)) => setter.set(index, v).map(|_| ()),
            Some(HostArg::Struct(v)) => {
                setter.set(index, &crate::opencl::RawArg(&v.bytes())).map(|_| ())
            }
            // A vector value (`T[[N]]`, a `TN` parameter): its lanes' bytes.
            Some(HostArg::Array(a)) if a.shape().is_some_and(|s| s.len() == 1) => {
                setter.set(index, &crate::opencl::RawArg(&a.bytes())).map(|_| ())
            }
            _ => Err(ClFailure::NoKernel(format!("{kernel}: argument {index}"))),
        }
    }
}

/// Work-items per group of the lanes form of a SOMD loop of `count` iterations
/// ([`ArgSpec::Lanes`]): as [`nested_lanes`] chooses for a nested fold, or the power of two
/// `SOMD_LANES` gives (at most `max`; `SOMD_LANES=1` is one work-item per iteration, as
/// without the form: for measuring what it gives, and for testing it on a CPU device).
pub fn strip_lanes(ctx: &DeviceCtx, max: usize, count: usize) -> usize {
    match crate::exec::placement().switches.lanes {
        Some(n) => prev_power_of_two(n.min(max)),
        // On a GPU at least two warps of 32: a group of fewer work-items leaves most of
        // its warp idle, and a compute unit holds only so many groups (on the H200, 4,000
        // rows of 4,000 `long`s took 0.18 ms a call with 4 lanes, 0.04 with 64; 20,000
        // rows, where filling the device asks 16 lanes, 0.24 ms with 16 and 0.16 with 64).
        None if ctx.info.is_gpu => nested_lanes(ctx, max, count).max(STRIP_MIN_GPU_LANES.min(max)),
        None => nested_lanes(ctx, max, count),
    }
}

/// The fewest lanes per iteration of the lanes form on a GPU ([`strip_lanes`]).
const STRIP_MIN_GPU_LANES: usize = 64;

/// Whether a lanes-form kernel of `count` iterations whose inner loops run `inner`
/// iterations (when the host knows) runs its rows variant, one work-item per iteration
/// ([`KernelDesc::rows`]).
///
/// On a GPU, when the iterations alone fill the device (256 per compute unit) and the inner
/// loop is short (at most [`STRIP_ROWS_INNER`] iterations, or of a count the host cannot
/// compute): the device schedules work-groups at about 1.5 per nanosecond whatever their
/// size, which a row's coalesced reads pay back only when the row is long. On the H200 a
/// group per row took 0.07 ms a call for 100,000 rows of 64 `long`s and 0.31 ms for
/// 500,000 rows of 16, one work-item per row 0.03 and 0.04; 34,000 rows of 256 took
/// 0.03 ms with a group per row and 0.06 with a work-item. On a CPU device, once one lane
/// per iteration fills its cores ([`nested_lanes`] gives 1), as the form ran before it had
/// the variant. `SOMD_LANES` keeps the lanes form.
pub fn strip_rows(ctx: &DeviceCtx, count: usize, inner: Option<i64>) -> bool {
    if crate::exec::placement().switches.lanes.is_some() {
        return false;
    }
    let units = (ctx.info.compute_units as usize).max(1);
    match ctx.info.is_gpu {
        true => count >= units * 256 && inner.is_none_or(|n| n <= STRIP_ROWS_INNER),
        false => nested_lanes(ctx, usize::MAX, count) == 1,
    }
}

/// Iterations per work-group of the tiles variant of a kernel walking rows
/// ([`KernelDesc::tiles`]): its first warp's work-items run them.
pub const TILE_ROWS: usize = 32;

/// Work-items per group of the tiles variant: the first [`TILE_ROWS`] run the iterations,
/// the others copy the next columns of their rows into `__local` memory.
pub const TILE_GROUP: usize = 256;

/// Whether a kernel walking rows whose inner loops run `inner` iterations (when the host
/// knows) launches its tiles variant ([`KernelDesc::tiles`]): on a GPU, where one
/// work-item per row has a warp read addresses a row apart, when the inner loop has at
/// least [`ROW_TILES_INNER`] iterations. `SOMD_ROW_TILES=1` launches it on any device
/// whatever the loop's length (to test it on a CPU device), `SOMD_ROW_TILES=0` never.
pub fn row_tiles(ctx: &DeviceCtx, inner: Option<i64>) -> bool {
    match crate::exec::placement().switches.row_tiles {
        Some(forced) => forced,
        None => ctx.info.is_gpu && inner.is_some_and(|n| n >= ROW_TILES_INNER),
    }
}

/// The shortest inner loop whose rows the tiles variant stages on a GPU ([`row_tiles`]):
/// on the H200 a matrix of 100,000 rows times a vector took 0.037 ms a call in tiles
/// against 0.036 with a work-item per row at 64 `double`s a row, 0.063 against 0.064 at
/// 128, and 0.31 against 0.50 at 4,000 x 4,000 (`docs/performance.md`, ninety-eighth
/// session).
const ROW_TILES_INNER: i64 = 128;

/// The longest inner loop whose rows the rows variant runs on a GPU ([`strip_rows`]): with
/// a work-item per row it reads `8 n` bytes of a `long` row in the time a group per row
/// takes to be scheduled (about 0.7 ns) near `n = 128`.
const STRIP_ROWS_INNER: i64 = 128;

/// Launches one work-group of `lanes` work-items per element of `count` (the lanes form of
/// a SOMD loop, [`ArgSpec::Lanes`], and of a nested fold, [`ArgSpec::LaneScratch`]),
/// exactly: the lanes form's kernel does not test its group's iteration against the range.
fn strip_launch(
    setter: &mut crate::opencl::launch::KernelArgs<'_>,
    ctx: &'static DeviceCtx,
    count: usize,
    lanes: usize,
) -> Result<crate::opencl::launch::LaunchInfo, ClFailure> {
    let lanes = lanes.max(1);
    match count.checked_mul(lanes) {
        Some(items) => setter.run_1d_exact(ctx, items, lanes),
        None => Err(ClFailure::Geometry { global: count, local: lanes }),
    }
}

/// Work-items per group of a `@` that runs one work-group per element
/// ([`ArgSpec::LaneScratch`]): a power of two, at most `max` (the kernel's power-of-two group
/// size, itself at most `MAX_LOCAL_1D`), and the smallest that gives the launch about as many
/// work-items as the device keeps resident (2048 per compute unit on a GPU; on a CPU device,
/// where a work-group runs on one core, 64 per compute unit, so a large `@` runs one
/// work-item per group and folds as the one-work-item form did). One lane is the
/// one-work-item form: the kernels are correct for every power of two.
pub fn nested_lanes(ctx: &DeviceCtx, max: usize, count: usize) -> usize {
    let per_unit = if ctx.info.is_gpu { 2048 } else { 64 };
    let wanted = (ctx.info.compute_units as usize).max(1) * per_unit;
    let mut lanes = 1usize;
    while lanes < max && count.saturating_mul(lanes) < wanted {
        lanes *= 2;
    }
    lanes
}

/// Slices of the slices form of a nested fold (`ArgSpec::Slices`; 0: the lanes form) for
/// `count` elements whose inner ranges have `inner` elements, with work-groups of `local`
/// elements. The slices form on a GPU when the elements fill at least one work-group (so
/// its groups are not mostly idle; fewer elements run the lanes form, one group per
/// element); on a CPU device, where a work-group runs on one core, the lanes form (there
/// one work-item per element once the elements fill the cores, which measured faster on
/// PoCL: note `device-execution`). The slices form has
/// enough slices for about four work-groups per compute unit, at most one per inner
/// element (no slice is empty: a `C.m !` has no identity) and at most half the failure
/// log's slots (the slices of an element share its key, and each failing one takes a
/// slot: `somd_errors.cl`). `SOMD_NESTED_FORM=lanes` or
/// `slices` forces a form (to measure both).
pub fn nested_slices(ctx: &DeviceCtx, local: usize, count: usize, inner: usize) -> usize {
    use crate::exec::NestedForm;
    match crate::exec::placement().switches.nested_form {
        Some(NestedForm::Lanes) => return 0,
        Some(NestedForm::Slices) => {}
        _ if count < local || !ctx.info.is_gpu => return 0,
        _ => {}
    }
    let groups = count.div_ceil(local.max(1)).max(1);
    let wanted = (ctx.info.compute_units as usize).max(1) * 4;
    wanted.div_ceil(groups).clamp(1, inner.clamp(1, crate::opencl::cl::ERR_CAP / 2))
}

/// Work-items per group of a slices form that stages its rows in `__local` memory, or `None`
/// (no staging: the rows are read from global memory). Staging needs `row_bytes` per
/// work-item (all staged rows of one work-item) besides `other` bytes of the group; the
/// group keeps the launch's `local` work-items when the rows fit the device's
/// `CL_DEVICE_LOCAL_MEM_SIZE`, else the largest power of two that fits, down to 32 (a GPU's
/// SIMD width: fewer leaves its lanes idle) or `local` if smaller. `SOMD_STAGE_ROWS=0`
/// turns staging off (to measure both).
pub fn staged_local(
    ctx: &DeviceCtx,
    local: usize,
    row_bytes: usize,
    other: usize,
) -> Option<usize> {
    if row_bytes == 0 || !crate::exec::placement().switches.stage_rows {
        return None;
    }
    let limit = ctx.device.local_mem_size().unwrap_or(0) as usize;
    let floor = local.min(32);
    let mut group = local.max(1);
    while group > floor && group.saturating_mul(row_bytes).saturating_add(other) > limit {
        group /= 2;
    }
    (group.saturating_mul(row_bytes).saturating_add(other) <= limit).then_some(group)
}

/// The work-group size of a plain 1-D launch of `items` work-items of `kernel` (a `@`, a
/// SOMD loop, a reduction), or `None` for the kernel's own size: on a GPU, the kernel's
/// power-of-two size halved while the launch would have fewer than two groups per compute
/// unit ([`spread_size`]). A launch of few work-items (MRI-Q's 16,384 voxels, N-Body's 4,096
/// bodies) then spreads over every compute unit instead of filling some with large groups
/// while others idle; such kernels are latency-bound, and each compute unit hides latency
/// with the warps of all its groups. Generated kernels are correct for any group size (tiles
/// are filled in strides of the group size, reductions need only a power of two). On a CPU
/// device, where a work-group runs on one core, and under `SOMD_SPREAD=0`, `None`;
/// `SOMD_GROUP=N` gives groups of the largest power of two at most `N` and the kernel's size
/// on any device.
pub fn spread_local(
    ctx: &DeviceCtx,
    kernel: &crate::opencl::launch::DeviceKernel,
    items: usize,
) -> Option<usize> {
    let switches = &crate::exec::placement().switches;
    let local = prev_power_of_two(kernel.local_1d());
    if let Some(group) = switches.group {
        return Some(prev_power_of_two(group.min(local).max(1)));
    }
    if !ctx.info.is_gpu || !switches.spread {
        return None;
    }
    let units = (ctx.info.compute_units as usize).max(1);
    let spread = spread_size(local, kernel.granule().max(32), items, units);
    (spread != local).then_some(spread)
}

/// `local` (a power of two) halved while `items` work-items would make fewer than two groups
/// per compute unit of `units`, but not below `floor`.
pub fn spread_size(local: usize, floor: usize, items: usize, units: usize) -> usize {
    let mut local = local;
    while local / 2 >= floor && items.div_ceil(local) < 2 * units {
        local /= 2;
    }
    local
}

/// Work-groups of `local` work-items for a coarsened reduction ([`KernelDesc::strided`]) of
/// `items` elements: each work-item folds the elements of a grid-stride loop, so the tree's
/// barriers are amortised over several elements. At most one group per `local` elements;
/// on a GPU as many groups as fill its compute units twice at 2048 resident work-items
/// each (two waves at full occupancy: a kernel whose registers allow fewer resident groups
/// still has several waves), on a CPU device, where a work-group runs on one core, four
/// per compute unit (as `somd_reduce`). `SOMD_COARSEN=0` launches one work-item per
/// element (the uncoarsened form); `SOMD_COARSEN=F` (F >= 1) gives each work-item about F
/// elements (both to measure).
pub fn reduction_groups(ctx: &DeviceCtx, items: usize, local: usize) -> usize {
    let forced = crate::exec::placement().switches.coarsen;
    let local = local.max(1);
    let full = items.div_ceil(local);
    if full == 0 {
        return 0;
    }
    let per_unit = match forced {
        Some(0) => return full,
        Some(f) => return items.div_ceil(local.saturating_mul(f)).max(1),
        None if ctx.info.is_gpu => 2 * (2048 / local).max(1),
        None => 4,
    };
    full.min((ctx.info.compute_units as usize).max(1) * per_unit)
}

/// Uploads, launches, checks the error buffer and downloads. `chained` is a buffer already
/// on the device for parameter `.0` (not uploaded); with `keep_result` the `@` result stays
/// on the device and is returned instead of downloaded. `None` only before the launch
/// (an array too large for the device: the policy's fallback).
fn execute(
    planned: &Planned,
    args: &[HostArg<'_>],
    chained: Option<(usize, Held)>,
    keep_result: bool,
    reads: Option<&[usize]>,
) -> Option<(DeviceResult, Option<DevBuf>)> {
    let Planned { ctx, desc, program, count, values, out_dims, .. } = planned;
    let (ctx, desc, count) = (*ctx, *desc, *count);
    let kernel = program.kernel(planned.launched(planned.kernel)).or_fatal();
    let geo = planned.geometry(kernel)?;
    let (local, groups) = (geo.local, geo.groups);
    let lanes = desc
        .args
        .iter()
        .any(|a| matches!(a, ArgSpec::LaneScratch { .. }))
        .then(|| nested_lanes(ctx, local, count));
    let inner = desc.args.iter().find_map(|a| match a {
        ArgSpec::Slices { inner } => Some(*inner),
        _ => None,
    });
    // The non-negative value of scalar argument `k` (a length or count).
    let value_at = |k: usize| values.get(k).copied().flatten().unwrap_or(0).max(0) as usize;
    // Bytes per element of the staged rows whose length is kernel argument `len`: a row
    // stored as `uchar` is staged as bytes (note device-execution, "The SAD idiom").
    let stage_elem = |len: usize, bytes: usize| match desc.args.get(len) {
        Some(ArgSpec::Length { param, .. })
            if planned.narrow.contains(&(*param, narrow::Narrow::U8)) =>
        {
            1
        }
        _ => bytes,
    };
    // Staged rows (only in the slices form): bytes per work-item of every staged row.
    let row_bytes: usize = desc
        .args
        .iter()
        .map(|a| match a {
            ArgSpec::StageRows { len, bytes } => value_at(*len) * stage_elem(*len, *bytes),
            _ => 0,
        })
        .sum();
    let lane_bytes = desc.args.iter().find_map(|a| match a {
        ArgSpec::LaneScratch { bytes } => Some(*bytes),
        _ => None,
    });
    let mut slices = match (lanes, inner) {
        (Some(_), Some(k)) => {
            let n = value_at(k);
            nested_slices(ctx, local, count, n)
        }
        _ => 0,
    };
    // The slices form's group size: smaller when that lets its rows be staged.
    let mut stage_group = None;
    if slices > 0 {
        let other = lanes.unwrap_or(1) * lane_bytes.unwrap_or(0) + 256;
        stage_group = staged_local(ctx, local, row_bytes, other);
        if let (Some(group), Some(k)) = (stage_group, inner) {
            if group != local {
                let n = value_at(k);
                slices = nested_slices(ctx, group, count, n).max(1);
            }
        }
    }
    let slice_local = stage_group.unwrap_or(local);
    if let (Some(group), true) = (stage_group, crate::opencl::trace::enabled()) {
        crate::opencl::trace::emit(
            "stage",
            &[
                ("name", crate::opencl::trace::Value::Str(desc.name)),
                ("device", crate::opencl::trace::Value::Str(ctx.label)),
                ("local", crate::opencl::trace::Value::U64(group as u64)),
                ("bytes", crate::opencl::trace::Value::U64((group * row_bytes) as u64)),
            ],
        );
    }
    // Buffers: inputs uploaded once, outputs zero-filled on the device.
    let mut chained = chained;
    let mut bufs: Vec<Option<Held>> = Vec::with_capacity(desc.args.len());
    // The array arguments placed from the host so far: kernel argument, array, whether it
    // is uploaded narrow.
    let mut placed: Vec<(usize, &dyn HostArray, Option<narrow::Narrow>)> = Vec::new();
    for (k, spec) in desc.args.iter().enumerate() {
        let name = desc.names.get(k).copied().unwrap_or("?");
        let held = match spec {
            ArgSpec::Param(p) if chained.as_ref().is_some_and(|(c, _)| c == p) => {
                chained.take().map(|(_, buf)| buf)
            }
            ArgSpec::Param(p) => match args.get(*p)? {
                HostArg::Array(a) => {
                    let narrow = planned.narrow.iter().find(|(q, _)| q == p).map(|(_, n)| *n);
                    let updated = planned.updated.contains(p);
                    // An array passed twice goes up once: the second argument gets a copy of
                    // the first's upload made on the device, queued before the launch (the
                    // kernel may write either: parameters are passed by value). A kept or
                    // value array finds its one device copy under its key instead.
                    let twin = match a.resident_key() {
                        Some(_) => None,
                        None => placed.iter().find(|(_, b, n)| *n == narrow && same_array(*a, *b)),
                    };
                    let held = match twin.and_then(|(j, ..)| bufs[*j].as_ref()) {
                        Some(from) => {
                            let bytes = byte_len(*a, narrow);
                            let mut buf = allocate(ctx, bytes, name)?;
                            buffer::copy(ctx, &from.buffer, 0, &mut buf.buffer, bytes).or_fatal();
                            resident::trace_resident(ctx, name, bytes);
                            Some(Held::Own(buf))
                        }
                        // An updated array: the call's own copy (its contents come back to
                        // the host).
                        None if updated => Some(Held::Own(upload_new(ctx, *a, name)?)),
                        // A kept array the kernel may write: a copy of the kept buffer.
                        None if desc.written.contains(p) && a.resident_key().is_some() => {
                            Some(Held::Own(copy_kept(ctx, *a, name)?))
                        }
                        None => match narrow {
                            Some(n) => Some(upload_narrow(ctx, desc, *a, name, n)?),
                            None => Some(upload(ctx, *a, name)?),
                        },
                    };
                    placed.push((k, *a, narrow));
                    held
                }
                _ => None,
            },
            ArgSpec::Output { elem, .. } => {
                let n: usize = out_dims[k].as_ref()?.iter().product();
                let bytes = n * elem.size();
                let mut buf = allocate(ctx, bytes, name)?;
                zero_fill(ctx, &mut buf, bytes);
                Some(Held::Own(buf))
            }
            ArgSpec::Result(elem) => Some(Held::Own(allocate(ctx, count * elem.size(), name)?)),
            // Written only with two slices or more.
            ArgSpec::SliceParts { bytes } => {
                let parts = if slices > 1 { count.checked_mul(slices)? } else { 1 };
                Some(Held::Own(allocate(ctx, parts.checked_mul(*bytes)?, name)?))
            }
            ArgSpec::Partials(elem) => {
                let bytes = groups * elem.size();
                Some(Held::Own(allocate(ctx, bytes, name)?))
            }
            ArgSpec::Statics(fields) => Some(statics::buffer(ctx, fields)?),
            _ => None,
        };
        bufs.push(held);
    }
    let err = ErrorBuffer::new(ctx).or_fatal();
    let later_errs: Vec<ErrorBuffer> = desc
        .args
        .iter()
        .filter(|a| matches!(a, ArgSpec::LaterErr))
        .map(|_| ErrorBuffer::new(ctx).or_fatal())
        .collect();
    {
        let mut later = later_errs.iter();
        let mut setter = kernel.args();
        for (k, spec) in desc.args.iter().enumerate() {
            let index = k as u32;
            // SAFETY: the manifest gives each argument's kind and type, in the kernel's
            // parameter order; buffers for `__global T *`, the declared scalar types.
            let set = unsafe {
                match (spec, bufs[k].as_ref()) {
                    (_, Some(buf)) => setter.set(index, &buf.buffer).map(|_| ()),
                    (ArgSpec::Param(p), None) => {
                        set_scalar(&mut setter, index, args.get(*p), desc.name)
                    }
                    (ArgSpec::Scratch(elem), None) => {
                        setter.local::<u8>(index, geo.scratch_items() * elem.size()).map(|_| ())
                    }
                    (ArgSpec::LaneScratch { bytes }, None) => {
                        setter.local::<u8>(index, lanes.unwrap_or(1) * bytes).map(|_| ())
                    }
                    (ArgSpec::Slices { .. }, None) => {
                        setter.set(index, &(slices as i32)).map(|_| ())
                    }
                    (ArgSpec::StageRows { len, bytes }, None) => {
                        let row = value_at(*len);
                        let size = match stage_group {
                            Some(group) => (group * row * stage_elem(*len, *bytes)).max(*bytes),
                            None => *bytes,
                        };
                        setter.local::<u8>(index, size).map(|_| ())
                    }
                    (ArgSpec::Staged, None) => {
                        setter.set(index, &i32::from(stage_group.is_some())).map(|_| ())
                    }
                    (ArgSpec::Lanes, None) => {
                        setter.set(index, &(geo.strip.unwrap_or(1) as i32)).map(|_| ())
                    }
                    (ArgSpec::Err, None) => setter.set(index, &err).map(|_| ()),
                    (ArgSpec::Epoch, None) => setter.set(index, &next_epoch()).map(|_| ()),
                    (ArgSpec::LaterErr, None) => match later.next() {
                        Some(buf) => setter.set(index, buf).map(|_| ()),
                        None => Err(ClFailure::NoKernel(format!("{}: error {k}", desc.name))),
                    },
                    (ArgSpec::Output { .. } | ArgSpec::Result(_) | ArgSpec::Partials(_), None) => {
                        Err(ClFailure::NoKernel(format!("{}: buffer {k}", desc.name)))
                    }
                    (_, None) => {
                        let value = values[k].unwrap_or(0);
                        setter.set(index, &(value as i32)).map(|_| ())
                    }
                }
            };
            set.or_fatal();
        }
        let launched = match () {
            _ if slices > 0 => {
                let global = [count.div_ceil(slice_local) * slice_local, slices];
                setter.run_2d_exact(ctx, global, [slice_local, 1])
            }
            _ if let Some(lanes) = lanes => strip_launch(&mut setter, ctx, count, lanes),
            _ => planned.launch(&mut setter, &geo),
        };
        // With no work-item nothing is enqueued: no partial, and the host's reduction
        // gives the identity.
        launched.or_fatal();
    }
    if slices > 1 {
        combine_slices(ctx, program, desc, &bufs, &err, count, slices).or_fatal();
    }
    // Exceptions first: the error words' reads are queued before the downloads and checked
    // after them, before any result is used (one wait for all; the downloads go into new
    // host storage, which a failure discards unread). With nothing to download, a blocking
    // read of the words is the call's one wait.
    let downloads = desc.args.iter().enumerate().any(|(k, spec)| match spec {
        ArgSpec::Result(_) => !keep_result,
        ArgSpec::Output { .. } => planned.leave != Some(k) && reads.is_none_or(|r| r.contains(&k)),
        ArgSpec::Partials(_) => true,
        _ => false,
    });
    let mut pending = Vec::with_capacity(1 + later_errs.len());
    for buffer in std::iter::once(err).chain(later_errs) {
        pending.extend(buffer.settle(downloads, desc.sites).or_fatal());
    }
    let mut first_partials = true;
    let mut result = DeviceResult {
        outputs: desc.args.iter().map(|_| None).collect(),
        ..DeviceResult::default()
    };
    let mut kept = None;
    let mut updated = Vec::new();
    for (k, spec) in desc.args.iter().enumerate() {
        let name = desc.names.get(k).copied().unwrap_or("?");
        match (spec, bufs[k].take()) {
            (ArgSpec::Result(_), Some(Held::Own(buf))) if keep_result => kept = Some(buf),
            (ArgSpec::Output { .. }, Some(Held::Own(buf))) if planned.leave == Some(k) => {
                kept = Some(buf)
            }
            (ArgSpec::Param(p), Some(buf)) if planned.updated.contains(p) => {
                updated.push((*p, buf, name));
            }
            // An output the host never reads: freed on the device, never downloaded.
            (ArgSpec::Output { .. }, Some(_)) if reads.is_some_and(|r| !r.contains(&k)) => {}
            (ArgSpec::Output { elem, .. } | ArgSpec::Result(elem), Some(buf)) => {
                let dims = out_dims[k].clone().unwrap_or_default();
                let value_array = matches!(spec, ArgSpec::Result(_));
                let (output, key) = download(ctx, &buf, *elem, dims, value_array, name);
                // The `@` result is a value array: later calls passing it find it here.
                if let (Held::Own(buf), true) = (buf, value_array) {
                    match (key, &output) {
                        (Some(key), _) => drop(resident::keep(ctx, key, buf)),
                        (None, Output::Bytes(..)) => {
                            if let Ok(mut pending) = result.result_buf.0.lock() {
                                *pending = Some((ctx, buf));
                            }
                        }
                        (None, Output::Typed(_) | Output::Rows(_)) => {}
                    }
                }
                result.outputs[k] = Some(output);
            }
            (ArgSpec::Partials(elem), Some(buf)) => {
                let mut bytes = vec![0u8; groups * elem.size()];
                if !bytes.is_empty() {
                    buffer::read(ctx, &buf.buffer, 0, &mut bytes, name).or_fatal();
                }
                if first_partials {
                    result.partials = bytes;
                    first_partials = false;
                } else {
                    result.more_partials.push(bytes);
                }
            }
            _ => {}
        }
    }
    for check in pending {
        check.check(desc.sites).or_fatal();
    }
    // After the check: a failed call leaves the host arrays as they were.
    for (p, buf, name) in updated {
        if let Some(HostArg::Array(a)) = args.get(p) {
            update::write_back(ctx, &buf, *a, name);
        }
    }
    Some((result, kept))
}

/// Launches `<name>_combine` of the slices form: each element's result from its `slices`
/// partials, into the `@`'s result buffer (on the queue after the slices).
fn combine_slices(
    ctx: &DeviceCtx,
    program: &crate::opencl::BuiltProgram,
    desc: &KernelDesc,
    bufs: &[Option<Held>],
    err: &ErrorBuffer,
    count: usize,
    slices: usize,
) -> Result<(), ClFailure> {
    let find = |f: fn(&ArgSpec) -> bool| {
        desc.args.iter().zip(bufs).find(|(a, _)| f(a)).and_then(|(_, b)| b.as_ref())
    };
    let missing = || ClFailure::NoKernel(format!("{}: slices", desc.name));
    let parts = find(|a| matches!(a, ArgSpec::SliceParts { .. })).ok_or_else(missing)?;
    let out = find(|a| matches!(a, ArgSpec::Result(_))).ok_or_else(missing)?;
    let statics = find(|a| matches!(a, ArgSpec::Statics(_)));
    let kernel = program.kernel(&format!("{}_combine", desc.name))?;
    let mut setter = kernel.args();
    // SAFETY: `<name>_combine(__global T *parts, int n, int slices, __global T *out,
    // SOMD_KERNEL_ERR[, __global const uchar *somd_st])`, written with the kernel
    // (`opencl/nested.rs`): the statics buffer when the kernel takes one.
    unsafe {
        setter.set(0, &parts.buffer)?;
        setter.set(1, &(count as i32))?;
        setter.set(2, &(slices as i32))?;
        setter.set(3, &out.buffer)?;
        setter.set_err(4, err)?;
        if let Some(st) = statics {
            setter.set(6, &st.buffer)?;
        }
    }
    setter.run_1d(ctx, count).map(|_| ())
}

/// `op ! array` on a primitive array with the runtime's device reduction
/// (`runtime/cl/somd_reduce.cl`): the array goes up once, a few partials come down and are
/// combined with [`crate::reduce::tree`]. `label` names the construct for placement and
/// traces. `None`: run the CPU path (not placed on a device, `null` array — the CPU path
/// raises the exception —, too large for the device, or `double` on a device without fp64,
/// after the fallback policy's warning).
///
/// The upload is kept as any call's is ([`upload`]): a value array (or an array a keep scope
/// keeps) reduced here is found on the device by the calls after it, and a `byte`, `short`
/// or `char` array's `int` widening by the next `!` of it.
pub fn reduce_array<Op, T>(label: &'static str, array: &dyn HostArray) -> Option<T>
where
    Op: crate::opencl::reduce::DeviceReduceOp<T>,
    T: crate::opencl::reduce::ReduceElem + DevElem,
{
    let (ctx, _) = policy::device_for(label, |_| array.shape().ok_or(NULL_OR_RAGGED))?;
    // `byte`, `short` and `char` elements reduce as Java `int`s (the CPU path promotes
    // each element): the array crosses (or stays) as it is and the kernel widens each
    // element it reads.
    let input = match (array.elem(), T::ELEM) {
        (e, t) if e == t => Input::Same,
        (Elem::I8, Elem::I32) => Input::Byte,
        (Elem::I16, Elem::I32) => Input::Short,
        (Elem::U16, Elem::I32) => Input::Char,
        _ => return None,
    };
    if !reduces_here::<T>(ctx, label) {
        return None;
    }
    let _scope = trace::CallScope::begin(label, ctx.label);
    let n = array.shape().and_then(|s| s.first().copied()).unwrap_or(0);
    if n == 0 {
        return Some(Op::identity());
    }
    // A value array already on the device (a `@` result, an earlier call's upload) is
    // reduced where it is: nothing crosses but the partials.
    let held = upload(ctx, array, "reduce.input")?;
    Some(crate::opencl::reduce::reduce_buffer::<Op, T>(ctx, &held.buffer, n, input).or_fatal())
}

/// `op ! Somd.range(n)` with the runtime's device reduction over the indices
/// ([`crate::opencl::reduce::reduce_index`]): the range is never made and nothing goes up
/// (LANGUAGE.md §3.3). `None` as [`reduce_array`]'s; a range of `n <= 0` is empty.
pub fn reduce_range<Op, T>(label: &'static str, n: i32) -> Option<T>
where
    Op: crate::opencl::reduce::DeviceReduceOp<T>,
    T: crate::opencl::reduce::ReduceElem + DevElem,
{
    let (ctx, ()) = policy::device_for(label, |_| Ok(()))?;
    if !reduces_here::<T>(ctx, label) {
        return None;
    }
    let _scope = trace::CallScope::begin(label, ctx.label);
    let n = n.max(0) as usize;
    Some(crate::opencl::reduce::reduce_index::<Op, T>(ctx, n).or_fatal())
}

/// Whether `ctx` reduces `T`: not a `double` without `cl_khr_fp64` (the fallback policy's
/// warning then, and the CPU).
fn reduces_here<T: DevElem>(ctx: &DeviceCtx, label: &str) -> bool {
    if T::ELEM == Elem::F64 && !ctx.info.fp64 {
        policy::fallback(
            &format!(
                "{label} reduces double but {} has no cl_khr_fp64; running on the CPU",
                ctx.label
            ),
            None,
        );
        return false;
    }
    true
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    #[test]
    fn few_work_items_spread_over_every_unit() {
        // The H100's 132 units: MRI-Q's voxels in 512 groups of 32 (64 of 256 left 68 units
        // idle), N-Body's bodies at the warp floor, a large launch untouched.
        assert_eq!(spread_size(256, 32, 16_384, 132), 32);
        assert_eq!(spread_size(256, 32, 4_096, 132), 32);
        assert_eq!(spread_size(256, 32, 8_000_000, 132), 256);
        // Halved only while fewer than two groups per unit (264 here).
        assert_eq!(spread_size(256, 32, 263 * 256 + 1, 132), 256);
        assert_eq!(spread_size(256, 32, 263 * 256, 132), 128);
        // Never below the floor (an AMD wavefront of 64), nor above the kernel's size.
        assert_eq!(spread_size(256, 64, 100, 132), 64);
        assert_eq!(spread_size(32, 32, 100, 132), 32);
    }

    #[test]
    fn elements_round_trip_through_their_device_representation() {
        let mut bytes = Vec::new();
        (-3i32).put(&mut bytes);
        true.put(&mut bytes);
        (-0.5f64).put(&mut bytes);
        u16::MAX.put(&mut bytes);
        assert_eq!(bytes.len(), 4 + 1 + 8 + 2);
        assert_eq!(i32::take(&bytes[0..4]), -3);
        assert!(bool::take(&bytes[4..5]));
        assert_eq!(f64::take(&bytes[5..13]), -0.5);
        assert_eq!(u16::take(&bytes[13..15]), u16::MAX);
    }

    #[test]
    fn shapes_reject_null_and_ragged_arrays() {
        let a = Array::from_vec(vec![1i32, 2, 3]);
        assert_eq!(a.shape(), Some(vec![3]));
        assert_eq!(Array::<i32>::default().shape(), None);
        let rect =
            Array::from_vec(vec![Array::from_vec(vec![1i64, 2]), Array::from_vec(vec![3, 4])]);
        assert_eq!(rect.shape(), Some(vec![2, 2]));
        let mut flat = Vec::new();
        for v in [1i64, 2, 3, 4] {
            v.put(&mut flat);
        }
        assert_eq!(rect.bytes(), flat, "row-major");
        let ragged =
            Array::from_vec(vec![Array::from_vec(vec![1i64, 2]), Array::from_vec(vec![3])]);
        assert_eq!(ragged.shape(), None);
        let null_row = Array::from_vec(vec![Array::from_vec(vec![1i64]), Array::default()]);
        assert_eq!(null_row.shape(), None);
        assert_eq!(Range(4).shape(), Some(vec![4]));
        assert_eq!(Range(3).bytes().len(), 12);
        assert_eq!(VArr::from_vec(vec![1.5f32]).shape(), Some(vec![1]));
        let tiles = VArr::from_vec(vec![VArr::from_vec(vec![1i32, 2]), VArr::from_vec(vec![3, 4])]);
        assert_eq!(tiles.shape(), Some(vec![2, 2]));
        let mut flat = Vec::new();
        for v in [1i32, 2, 3, 4] {
            v.put(&mut flat);
        }
        assert_eq!(tiles.bytes(), flat, "row-major");
        assert_eq!(tiles.raw_rows().map(|rows| rows.concat()), Some(tiles.bytes()));
        let long: Vec<VArr<i32>> = (0..2).map(|r| VArr::from_vec(vec![r; 1 << 14])).collect();
        let long = VArr::from_vec(long);
        assert_eq!(long.raw_rows().map(|rows| rows.concat()), Some(long.bytes()));
        let ragged_tiles =
            VArr::from_vec(vec![VArr::from_vec(vec![1i32, 2]), VArr::from_vec(vec![3])]);
        assert_eq!(ragged_tiles.shape(), None);
        let null_tile = VArr::from_vec(vec![VArr::from_vec(vec![1i32]), VArr::default()]);
        assert_eq!(null_tile.shape(), None);
    }

    /// A value class of one `int`, without value-class fields.
    #[derive(Clone)]
    struct Flat(i32);

    impl DevStruct for Flat {
        const SIZE: usize = 4;
        const NESTED: bool = false;
        fn put(&self, out: &mut Vec<u8>) {
            self.0.put(out);
        }
        fn take(bytes: &[u8]) -> Self {
            Flat(i32::take(bytes))
        }
        fn has_null(&self) -> bool {
            false
        }
    }

    /// A value class holding a [`Flat`].
    #[derive(Clone)]
    struct Holder(Val<Flat>);

    impl DevStruct for Holder {
        const SIZE: usize = 4;
        fn put(&self, out: &mut Vec<u8>) {
            self.0.put(out);
        }
        fn take(bytes: &[u8]) -> Self {
            Holder(Val::take(bytes))
        }
        fn has_null(&self) -> bool {
            DevElem::is_null(&self.0)
        }
    }

    /// A value array of value objects has a shape when no element is `null`, nor (for a
    /// class with value-class fields) any field of one: the array's own `null` state
    /// answers for the elements, found once per handle or kept from its freeze.
    #[test]
    fn value_object_arrays_have_a_shape_without_nulls() {
        let flat = |v: Vec<Option<i32>>| {
            VArr::from_vec(
                v.into_iter().map(|x| x.map_or(Val::NULL, |x| Val::new(Flat(x)))).collect(),
            )
        };
        assert_eq!(flat(vec![Some(1), Some(2)]).shape(), Some(vec![2]));
        let holed = flat(vec![Some(1), None, Some(3)]);
        assert_eq!(holed.shape(), None);
        assert_eq!(holed.shape(), None, "the state found the first time");
        assert_eq!(holed.window(0, 1).shape(), Some(vec![1]), "a window before the null");
        assert_eq!(holed.window(1, 2).shape(), None);
        let frozen = crate::value::freeze_owned(
            crate::value::Array::from_vec(vec![Val::new(Flat(4)), Val::new(Flat(5))]),
            &NOT_NULL,
        );
        assert_eq!((frozen.shape(), frozen.window(1, 1).shape()), (Some(vec![2]), Some(vec![1])));
        let frozen_hole = crate::value::freeze_owned(
            crate::value::Array::from_vec(vec![Val::new(Flat(4)), Val::NULL]),
            &NOT_NULL,
        );
        assert_eq!(frozen_hole.shape(), None);
        // A `null` inside an element: the elements themselves are all there.
        let nested =
            VArr::from_vec(vec![Val::new(Holder(Val::new(Flat(1)))), Val::new(Holder(Val::NULL))]);
        assert!(nested.holds_no_null());
        assert_eq!(nested.shape(), None);
        assert_eq!(nested.window(0, 1).shape(), Some(vec![1]));
        assert_eq!(VArr::<Val<Flat>>::default().shape(), None);
    }

    /// A ragged value matrix packs its rows one after the other (`device/ragged.rs`): the
    /// offsets of its rows as `int`s, its bytes and its rows' storage in that order, a
    /// packed copy keyed as its row-major one; a `null` row has no packed form.
    #[test]
    fn ragged_value_matrices_pack_their_rows() {
        let rows = vec![VArr::from_vec(vec![1i32, 2, 3]), VArr::default(), VArr::from_vec(vec![4])];
        assert!(VArr::from_vec(rows.clone()).packed_rows().is_none(), "a null row");
        let ragged = VArr::from_vec(vec![rows[0].clone(), VArr::from_vec(vec![]), rows[2].clone()]);
        let packed = ragged.packed_rows().expect("packed");
        let mut offsets = Vec::new();
        for v in [0i32, 3, 3, 4] {
            v.put(&mut offsets);
        }
        assert_eq!((packed.elements, &packed.offsets[..]), (4, &offsets[..]));
        let mut flat = Vec::new();
        for v in [1i32, 2, 3, 4] {
            v.put(&mut flat);
        }
        assert_eq!(ragged.bytes(), flat);
        assert_eq!(ragged.row_slices().map(|rows| rows.concat()), Some(flat));
        assert_eq!(ragged.resident_key().map(|k| k.bytes()), Some(16));
        // Remembered: the same layout (the same offsets' storage) at the next call.
        let again = ragged.packed_rows().expect("packed");
        assert!(std::sync::Arc::ptr_eq(&packed.offsets, &again.offsets));
        // 100,000 rows: the offsets are written on several threads, block by block.
        let many: Vec<VArr<i32>> =
            (0..100_000).map(|r| VArr::from_vec(vec![r; r as usize % 5])).collect();
        let mut offsets = Vec::new();
        let mut at = 0i32;
        at.put(&mut offsets);
        for row in &many {
            at += row.items().len() as i32;
            at.put(&mut offsets);
        }
        let packed = VArr::from_vec(many).packed_rows().expect("packed");
        assert_eq!((packed.elements, &packed.offsets[..]), (at as usize, &offsets[..]));
    }

    #[test]
    fn size_rules_evaluate_from_scalar_arguments() {
        static ONE: Size = Size::Const(1);
        static N: Size = Size::Arg(1);
        let rule = Size::Sub(&N, &ONE);
        assert_eq!(rule.eval(&[None, Some(10)]), Some(9));
        assert_eq!(Size::Add(&N, &ONE).eval(&[None, None]), None, "unknown argument");
        assert_eq!(Size::Add(&N, &ONE).eval(&[None, Some(i64::MAX)]), None, "overflow");
        // `n - 1` of `Integer.MIN_VALUE` wraps in Java (a loop `i < n - 1` then runs to the
        // first failing access), and `n + 1` of `Integer.MAX_VALUE` too: no size, so the CPU
        // path runs Java's loop.
        let min = i64::from(i32::MIN);
        assert_eq!(rule.eval(&[None, Some(min)]), None, "a difference past `int`");
        assert_eq!(rule.eval(&[None, Some(min + 1)]), Some(min));
        let max = i64::from(i32::MAX);
        assert_eq!(Size::Add(&N, &ONE).eval(&[None, Some(max)]), None, "a sum past `int`");
    }

    #[test]
    fn products_quotients_and_extrema_stay_in_int_range() {
        static A: Size = Size::Arg(0);
        static B: Size = Size::Arg(1);
        static PRODUCT: Size = Size::Mul(&A, &B);
        let eval = |rule: &Size, a: i64, b: i64| rule.eval(&[Some(a), Some(b)]);
        assert_eq!(eval(&Size::Div(&A, &B), 101, 2), Some(50));
        assert_eq!(eval(&Size::Div(&A, &B), -7, 2), Some(-3), "Java truncates toward zero");
        assert_eq!(eval(&Size::Div(&A, &B), 7, 0), None, "the CPU path raises / by zero");
        let min = i64::from(i32::MIN);
        assert_eq!(eval(&Size::Div(&A, &B), min, -1), None, "MIN / -1 wraps in Java");
        assert_eq!(eval(&PRODUCT, 46341, 46341), None, "a product past MAX wraps in Java");
        assert_eq!(eval(&PRODUCT, 46340, -46340), Some(-2147395600));
        assert_eq!(eval(&Size::Min(&A, &B), 9, -3), Some(-3));
        assert_eq!(eval(&Size::Max(&A, &B), 9, -3), Some(9));
        // An operand past `int` range (a sum of the i64 evaluation) has no Java value here.
        static SUM: Size = Size::Add(&A, &B);
        assert_eq!(Size::Div(&SUM, &B).eval(&[Some(i64::from(i32::MAX)), Some(1)]), None);
        assert_eq!(Size::Max(&PRODUCT, &A).eval(&[Some(3), None]), None, "unknown argument");
    }

    #[test]
    fn remainders_and_shifts_follow_java() {
        static A: Size = Size::Arg(0);
        static B: Size = Size::Arg(1);
        let eval = |rule: &Size, a: i64, b: i64| rule.eval(&[Some(a), Some(b)]);
        assert_eq!(eval(&Size::Rem(&A, &B), 13, 5), Some(3));
        assert_eq!(eval(&Size::Rem(&A, &B), -7, 5), Some(-2), "the dividend's sign");
        assert_eq!(eval(&Size::Rem(&A, &B), 7, 0), None, "the CPU path raises % by zero");
        let min = i64::from(i32::MIN);
        assert_eq!(eval(&Size::Rem(&A, &B), min, -1), None, "undefined in C, 0 in Java");
        assert_eq!(eval(&Size::Shr(&A, &B), 40, 1), Some(20));
        assert_eq!(eval(&Size::Shr(&A, &B), 40, 33), Some(20), "the count masked to 5 bits");
        assert_eq!(eval(&Size::Shr(&A, &B), 40, -31), Some(20));
        assert_eq!(eval(&Size::Shr(&A, &B), -40, 2), Some(-10), "arithmetic shift");
        assert_eq!(eval(&Size::Shl(&A, &B), 3, 4), Some(48));
        assert_eq!(eval(&Size::Shl(&A, &B), 1, 31), Some(min), "wraps as Java's");
        assert_eq!(eval(&Size::Shl(&A, &B), 3, 33), Some(6), "the count masked to 5 bits");
        assert_eq!(eval(&Size::Shl(&A, &B), 3, 1 << 40), None, "a count past `int`");
        assert_eq!(eval(&Size::UShr(&A, &B), -3, 1), Some(2147483646), "zeros shifted in");
        assert_eq!(eval(&Size::UShr(&A, &B), -3, 0), Some(-3));
        assert_eq!(eval(&Size::UShr(&A, &B), 40, -29), Some(5));
        static JAVA: Size = Size::Java(&Size::Shl(&A, &B));
        assert_eq!(eval(&JAVA, 1, 31), Some(min));
    }

    #[test]
    fn host_scalar_sizes_wrap_as_java_ints() {
        static LIM: Size = Size::Arg(0);
        static N: Size = Size::Arg(1);
        static THREE: Size = Size::Const(3);
        static TWO: Size = Size::Const(2);
        static PRODUCT: Size = Size::Mul(&LIM, &THREE);
        static CLIPPED: Size = Size::Min(&PRODUCT, &N);
        static BOUND: Size = Size::Java(&CLIPPED);
        let java = |rule: &Size, lim: i64, n: i64| rule.eval(&[Some(lim), Some(n)]);
        // 1431655766 * 3 is 2 in Java's `int`s; the plain rule finds no size.
        assert_eq!(java(&BOUND, 1431655766, 20), Some(2));
        assert_eq!(java(&CLIPPED, 1431655766, 20), None);
        assert_eq!(java(&BOUND, 1000000000, 20), Some(-1294967296));
        assert_eq!(java(&BOUND, 4, 20), Some(12));
        static SUM: Size = Size::Add(&LIM, &N);
        assert_eq!(java(&Size::Java(&SUM), i64::from(i32::MAX), 1), Some(i64::from(i32::MIN)));
        static HALF: Size = Size::Div(&LIM, &TWO);
        assert_eq!(java(&Size::Java(&HALF), -7, 0), Some(-3));
        static REM: Size = Size::Rem(&LIM, &TWO);
        assert_eq!(java(&Size::Java(&REM), -7, 0), Some(-1));
        // Each bound is Java's value; the count is their difference, when that is an `int`
        // (more iterations run on the CPU).
        static LO: Size = Size::Java(&LIM);
        static HI: Size = Size::Java(&N);
        let count = Size::Sub(&HI, &LO);
        let min = i64::from(i32::MIN);
        assert_eq!(java(&count, -5, 5), Some(10));
        assert_eq!(java(&count, min, 5), None);
    }

    #[test]
    fn stepped_sizes_count_iterations_and_refuse_a_wrapping_index() {
        static ZERO: Size = Size::Const(0);
        static TWO: Size = Size::Const(2);
        static N: Size = Size::Arg(0);
        let steps = |n: i64, step: i64| Size::Steps { lo: &ZERO, hi: &N, step }.eval(&[Some(n)]);
        assert_eq!(steps(16, 8), Some(2));
        assert_eq!(steps(17, 8), Some(3), "a partial last block");
        assert_eq!(steps(3, 8), Some(1), "a step past the end");
        assert_eq!(steps(0, 8), Some(0));
        assert_eq!(steps(-5, 8), Some(0), "hi <= lo: no iteration");
        assert_eq!(Size::Steps { lo: &TWO, hi: &N, step: 4 }.eval(&[Some(11)]), Some(3));
        // Stepping down from `hi - 1`: the index after the last iteration must be an `int`.
        let down = |lo: i64, hi: i64, step: i64| {
            static LO: Size = Size::Arg(0);
            static HI: Size = Size::Arg(1);
            Size::Steps { lo: &LO, hi: &HI, step }.eval(&[Some(lo), Some(hi)])
        };
        assert_eq!(down(2, 11, -4), Some(3), "10, 6, 2");
        let min = i64::from(i32::MIN);
        assert_eq!(down(min + 4, min + 13, -4), Some(3), "min + 12, 8, 4, then `i32::MIN`");
        assert_eq!(down(min + 1, min + 10, -4), None, "min + 9, 5, 1, then Java's index wraps");
        // for (i = 0; i < MAX; i += 8): the last i is MAX - 7, then i + 8 wraps in Java.
        let max = i64::from(i32::MAX);
        assert_eq!(steps(max, 8), None);
        assert_eq!(steps(max - 7, 8), Some((max - 7) / 8), "the index stops at MAX - 7 + 7");
        assert_eq!(steps(max, 1), Some(max), "i++ never wraps below MAX");
        assert_eq!(steps(max + 1, 1), None, "a bound that is not an int");
    }

    #[test]
    fn a_row_length_exists_only_for_an_existing_row() {
        // `m[k].length` with arguments (width, k, rows).
        static WIDTH: Size = Size::Arg(0);
        static K: Size = Size::Arg(1);
        static ROWS: Size = Size::Arg(2);
        static ROW: Size = Size::Row { len: &WIDTH, row: &K, rows: &ROWS };
        let row = |k: i64, rows: i64| ROW.eval(&[Some(7), Some(k), Some(rows)]);
        assert_eq!(row(0, 3), Some(7));
        assert_eq!(row(2, 3), Some(7));
        assert_eq!(row(3, 3), None, "past the last row");
        assert_eq!(row(-1, 3), None, "a negative row");
        assert_eq!(row(0, 0), None, "m[0] of a matrix without rows");
        assert_eq!(ROW.eval(&[Some(7), None, Some(3)]), None, "unknown argument");
        assert!(ROW.reads(1) && ROW.reads(2) && !ROW.reads(3));
        // In a bound read at each launch, the row is checked when the call begins.
        static JAVA: Size = Size::Java(&ROW);
        assert_eq!(JAVA.eval(&[Some(7), Some(0), Some(3)]), Some(7));
        assert!(JAVA.rows_exist(&[Some(7), Some(2), Some(3)]));
        assert!(!JAVA.rows_exist(&[Some(7), Some(3), Some(3)]), "past the last row");
        static SUM: Size = Size::Sub(&JAVA, &K);
        assert!(!SUM.rows_exist(&[Some(7), Some(-1), Some(3)]), "a row under an operation");
        assert!(Size::Add(&K, &ROWS).rows_exist(&[None, None, None]), "no row read");
    }

    #[test]
    fn large_arrays_convert_on_several_threads_in_order() {
        // 3 MiB of `i64`: past `PARALLEL_CONVERT_MIN`, so both directions split the work
        // (with at least two pool threads).
        let n = 3 * PARALLEL_CONVERT_MIN / 8 + 5;
        let values: Vec<i64> = (0..n as i64).map(|i| i * 7 - 3).collect();
        let array = VArr::from_vec(values.clone());
        let bytes = array.bytes();
        let mut expected = Vec::new();
        for v in &values {
            v.put(&mut expected);
        }
        assert_eq!(bytes, expected);
        let back: std::sync::Arc<[i64]> = decode(&bytes, std::convert::identity);
        assert_eq!(&back[..], &values[..]);
        let slots = decode::<i64, _>(&bytes, crate::value::Slot::new);
        assert_eq!(slots[n - 1].get(), values[n - 1]);
        for threads in [1, 2, 5] {
            let seen: Vec<std::sync::Mutex<u32>> = (0..13).map(|_| Default::default()).collect();
            for_each_chunk(13, threads, |c| *seen[c].lock().unwrap() += 1);
            assert!(seen.iter().all(|s| *s.lock().unwrap() == 1), "{threads} threads");
        }
    }

    #[test]
    fn outputs_and_partials_decode_as_arrays() {
        let mut bytes = Vec::new();
        for v in [1i32, 2, 3, 4, 5, 6] {
            v.put(&mut bytes);
        }
        let result = DeviceResult {
            outputs: vec![None, Some(Output::Bytes(bytes.clone(), vec![2, 3]))],
            partials: bytes,
            ..DeviceResult::default()
        };
        let m = result.output_2d::<i32>(1);
        assert_eq!(m.len(), 2);
        assert_eq!(m.slots()[1].get_ref().to_vec(), vec![4, 5, 6]);
        assert_eq!(result.partials::<i32>(), vec![1, 2, 3, 4, 5, 6]);
        assert_eq!(result.result::<i32>().items().len(), 6);
        assert!(result.output_1d::<i32>(0).is_null(), "no output there");
    }
}
