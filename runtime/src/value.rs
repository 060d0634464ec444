//! The representation of the language's reference and value types in generated Rust code.
//! See `docs/notes/rust-representation.md` for the design and its safety argument.
//!
//! | language type | Rust type | notes |
//! | --- | --- | --- |
//! | `T[]` | [`Array<T>`] | shared, mutable, nullable reference; may be a *view* into another array's buffer |
//! | `T[[]]`, `T[[N]]` | [`VArr<T>`] | shared immutable `Arc<[T]>` (or a window of one), compares by elements |
//! | class `C` | [`Obj<C>`] | shared, nullable; fields are [`Slot`]s (interior mutability) |
//! | value class `V` | [`Val<V>`] | shared immutable `Arc<V>`, compares by fields |
//! | `String` | [`Str`] | nullable `Arc<str>` |
//! | `static` fields | `static X: Slot<T>` | |
//!
//! # Mutability and threads
//! Java references are shared and mutable, so every mutable location is a [`Slot`]: an
//! `UnsafeCell` that is `Sync`. Accesses are plain loads and stores, as in Java. Two threads
//! can touch the same slot only in the situations that LANGUAGE.md already makes
//! schedule-dependent (a `sync` block that reads cells another MI writes in the same block —
//! the compiler warns about it), or in a program that shares a mutable object between tasks,
//! which the type checker rejects at `=>`. MIs of a SOMD call write only private copies or the
//! cells they own (§2.1 by-value rule, see `somd.rs`). Such races are Java-like data races on
//! primitives and references: we accept them as Java does and document them; they cannot
//! produce a dangling reference because references are only replaced, never freed, while a
//! reader holds a clone of the `Arc` (generated code clones references before any call that
//! could replace them).
//!
//! # Arrays
//! An [`Array<T>`] is `(ptr, len, owner)`: `owner` keeps the buffer (`Arc<[Slot<T>]>`) alive and
//! `ptr`/`len` select a window of it. A whole array has the window of its buffer; a partition
//! of a SOMD call is a window into its caller's (or the call's scratch) buffer, so local
//! indices start at 0 and `length` is the partition's length without copying (§2.1). Because
//! the length lives in the handle, not behind the pointer, a bounds check is one compare of a
//! register and the loop optimiser can hoist it. `null` is `owner == None` with `len == 0`,
//! so the hot path tests only the length; the cold failure path decides between
//! `NullPointerException` and `ArrayIndexOutOfBoundsException`.

use crate::error::{self, class, SourcePos};
use std::cell::UnsafeCell;
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::Arc;

/// One mutable location (array element, object field, static field).
#[repr(transparent)]
#[derive(Default)]
pub struct Slot<T>(UnsafeCell<T>);

// SAFETY: see the module doc: concurrent access happens only in programs whose result the
// language declares schedule-dependent; values are plain data or `Arc` handles.
unsafe impl<T: Send> Sync for Slot<T> {}

impl<T> Slot<T> {
    #[inline(always)]
    pub const fn new(value: T) -> Slot<T> {
        Slot(UnsafeCell::new(value))
    }

    /// Reads the value (a copy, or a clone of a reference).
    #[inline(always)]
    pub fn get(&self) -> T
    where
        T: Clone,
    {
        // SAFETY: see the module doc.
        unsafe { (*self.0.get()).clone() }
    }

    /// Borrows the value; generated code uses it only while nothing can store to the slot.
    #[inline(always)]
    pub fn get_ref(&self) -> &T {
        // SAFETY: see the module doc.
        unsafe { &*self.0.get() }
    }

    #[inline(always)]
    pub fn set(&self, value: T) {
        // SAFETY: see the module doc.
        unsafe { *self.0.get() = value }
    }

    /// Mutable access for library objects (`java.util.Random`).
    #[inline(always)]
    #[allow(clippy::mut_from_ref)]
    pub fn get_mut(&self) -> &mut T {
        // SAFETY: see the module doc; used for one call at a time.
        unsafe { &mut *self.0.get() }
    }
}

impl<T: Clone> Clone for Slot<T> {
    fn clone(&self) -> Self {
        Slot::new(self.get())
    }
}

/// `T[]`: see the module doc.
pub struct Array<T> {
    ptr: *const Slot<T>,
    len: usize,
    owner: Option<Arc<[Slot<T>]>>,
}

// SAFETY: an `Array` is an `Arc` handle plus a window into the `Arc`'s buffer; the buffer
// lives as long as any handle. Element access follows `Slot`'s rules.
unsafe impl<T: Send> Send for Array<T> {}
// SAFETY: as above.
unsafe impl<T: Send> Sync for Array<T> {}

impl<T> Clone for Array<T> {
    #[inline]
    fn clone(&self) -> Self {
        Array { ptr: self.ptr, len: self.len, owner: self.owner.clone() }
    }
}

impl<T: Clone + fmt::Debug> fmt::Debug for Array<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_null() {
            f.write_str("null")
        } else {
            f.debug_list().entries(self.to_vec()).finish()
        }
    }
}

impl<T> Default for Array<T> {
    fn default() -> Self {
        Self::NULL
    }
}

impl<T> Array<T> {
    /// `null`.
    pub const NULL: Array<T> = Array { ptr: std::ptr::null(), len: 0, owner: None };

    /// A new array holding `values` (one copy: `Vec`'s buffer cannot become an `Arc`'s).
    pub fn from_vec(values: Vec<T>) -> Array<T> {
        Array::from_buffer(values.into_iter().map(Slot::new).collect())
    }

    /// A new array owning `buffer`.
    pub fn from_buffer(buffer: Arc<[Slot<T>]>) -> Array<T> {
        Array { ptr: buffer.as_ptr(), len: buffer.len(), owner: Some(buffer) }
    }

    /// `new T[len]` of non-array elements, `len` checked (`NegativeArraySizeException`);
    /// the buffer is written once (no intermediate `Vec`), on the pool when large (each
    /// thread zeroes and first-touches its share of the pages, see
    /// [`crate::somd::collect_copy`]).
    pub fn new_default(len: i32, pos: &'static SourcePos) -> Array<T>
    where
        T: Default + Send,
    {
        let len = error::array_len(len, pos);
        crate::alloc::room_for(&[len], std::mem::size_of::<Slot<T>>(), pos);
        Array::from_buffer(crate::somd::collect_copy(len, 1, |_| Slot::new(T::default())))
    }

    /// `len` elements made by `make` (already-checked length; for multi-dimensional `new`).
    pub fn from_fn(len: usize, make: impl FnMut(usize) -> T) -> Array<T> {
        // `Range` and `Map` are trusted-length: the `Arc` is allocated once and filled in place.
        Array::from_buffer((0..len).map(make).map(Slot::new).collect())
    }

    #[inline(always)]
    pub fn is_null(&self) -> bool {
        self.owner.is_none()
    }

    /// A weak handle on the storage the window belongs to (`None` for `null`): while it is
    /// held the storage's address is not reused (the device keeps copies of arrays a host
    /// loop never writes by the window's address, `device/resident.rs`). Such handles only
    /// tell whether the storage lives and are never upgraded: [`freeze_owned`] turns a
    /// storage into a value array's while they exist.
    pub fn downgrade(&self) -> Option<std::sync::Weak<[Slot<T>]>> {
        self.owner.as_ref().map(Arc::downgrade)
    }

    /// The slots of the window (empty for `null`).
    #[inline(always)]
    pub fn slots(&self) -> &[Slot<T>] {
        if self.ptr.is_null() {
            &[]
        } else {
            // SAFETY: `ptr..ptr+len` is a window of `owner`'s buffer, which `self` keeps alive.
            unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
        }
    }

    /// Fails with `NullPointerException` when `null`.
    #[inline(always)]
    pub fn check(&self, pos: &'static SourcePos) -> &Self {
        if self.owner.is_none() {
            null_array(pos)
        }
        self
    }

    /// `a.length`.
    #[inline(always)]
    pub fn length(&self, pos: &'static SourcePos) -> i32 {
        if self.owner.is_none() {
            null_array(pos)
        }
        self.len as i32
    }

    /// Length as `usize` (0 for `null`).
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The window this handle names (its first slot's address and its length): equal for
    /// handles of one array, and for an MI's partition and the copies of it the MI passes
    /// on (`crate::somd::Part`).
    #[inline]
    pub fn window_id(&self) -> (usize, usize) {
        (self.ptr as usize, self.len)
    }

    /// The slot of element `index`, bounds- and null-checked.
    #[inline(always)]
    pub fn slot(&self, index: i32, pos: &'static SourcePos) -> &Slot<T> {
        let idx = index as u32 as usize;
        if idx < self.len {
            // SAFETY: `idx < len`, inside the window.
            unsafe { &*self.ptr.add(idx) }
        } else {
            window_fail(self.owner.as_deref(), self.ptr, self.len, index, pos)
        }
    }

    /// `a[index]` (a copy or a cloned reference).
    #[inline(always)]
    pub fn get(&self, index: i32, pos: &'static SourcePos) -> T
    where
        T: Clone,
    {
        self.slot(index, pos).get()
    }

    /// `&a[index]`, for chained accesses (`a[i][j]`, `a[i].length`).
    #[inline(always)]
    pub fn at(&self, index: i32, pos: &'static SourcePos) -> &T {
        self.slot(index, pos).get_ref()
    }

    /// `a[index] = value`.
    #[inline(always)]
    pub fn set(&self, index: i32, value: T, pos: &'static SourcePos) {
        self.slot(index, pos).set(value)
    }

    /// Whether this array is not null and holds every index `j + offset`, for `lo <= j < hi`
    /// and `min_offset <= offset <= max_offset` (always true when `lo >= hi`). Generated code
    /// asks this once before a counted loop to run the loop's accesses without per-element
    /// checks (note `rust-representation`, "Loop versioning").
    #[inline]
    pub fn covers(&self, lo: i32, hi: i32, min_offset: i32, max_offset: i32) -> bool {
        self.covers_step(lo, hi, min_offset, max_offset, 1)
    }

    /// [`Array::covers`] for a counter that goes up by `step > 0` from `lo` while below
    /// `hi`: its last value is `lo + step * ((hi - 1 - lo) / step)` (`for (a = 0; a < n; a
    /// += 4) .. x[a + 3]` stays in bounds of an `x` of length `n` when `n` is a multiple
    /// of 4).
    pub fn covers_step(
        &self,
        lo: i32,
        hi: i32,
        min_offset: i32,
        max_offset: i32,
        step: i32,
    ) -> bool {
        window_covers(self.is_null(), self.len, lo, hi, min_offset, max_offset, step)
    }

    /// `a[index]` without the null and bounds checks.
    ///
    /// # Safety
    /// `index` must be in `0..len` (generated code proves it with [`Array::covers`]).
    #[inline(always)]
    pub unsafe fn get_unchecked(&self, index: i32) -> T
    where
        T: Clone,
    {
        debug_assert!((index as u32 as usize) < self.len);
        // SAFETY: the caller guarantees `index < len`, inside the window.
        unsafe { (*self.ptr.add(index as usize)).get() }
    }

    /// `a[index] = value` without the null and bounds checks.
    ///
    /// # Safety
    /// As [`Array::get_unchecked`].
    #[inline(always)]
    pub unsafe fn set_unchecked(&self, index: i32, value: T) {
        debug_assert!((index as u32 as usize) < self.len);
        // SAFETY: the caller guarantees `index < len`, inside the window.
        unsafe { (*self.ptr.add(index as usize)).set(value) }
    }

    /// The first element as a plain pointer, for a versioned loop's accesses (see
    /// [`Unchecked`]).
    #[inline(always)]
    pub fn unchecked(&self) -> Unchecked<T> {
        Unchecked(self.ptr)
    }

    /// `a[index]` read ahead of a loop without failing: the element, or `null` when the
    /// array is null or the index out of bounds (uses then fall back with [`Array::or_else`]).
    #[inline]
    pub fn hoist_row(&self, index: i32) -> T
    where
        T: Clone + Default,
    {
        match self.slots().get(index as u32 as usize) {
            Some(slot) => slot.get(),
            None => T::default(),
        }
    }

    /// This array, or when it is `null`, the result of `fallback` (the original access, which
    /// raises the exception Java would). See `hoist_row`.
    #[inline(always)]
    pub fn or_else<'a>(&'a self, fallback: impl FnOnce() -> &'a Array<T>) -> &'a Array<T> {
        if self.owner.is_some() {
            self
        } else {
            fallback()
        }
    }

    /// Whether this handle is the only one to its buffer and covers all of it (a fresh array
    /// that can be handed on without a copy).
    pub fn is_unique(&self) -> bool {
        match &self.owner {
            Some(owner) => Arc::strong_count(owner) == 1 && owner.len() == self.len,
            None => false,
        }
    }

    /// Whether this handle is the window `start..start + len` of `whole`'s buffer (the
    /// window [`Array::window`] gives; `whole` not null).
    pub(crate) fn is_window_of(&self, whole: &Array<T>, start: usize, len: usize) -> bool {
        match (&self.owner, &whole.owner) {
            (Some(a), Some(b)) => {
                Arc::ptr_eq(a, b)
                    && self.len == len
                    && start + len <= whole.len
                    && std::ptr::eq(self.ptr, whole.slots()[start..].as_ptr())
            }
            _ => false,
        }
    }

    /// How many handles (this one, windows, ...) share this array's buffer (0 for `null`).
    pub(crate) fn handles(&self) -> usize {
        self.owner.as_ref().map_or(0, Arc::strong_count)
    }

    /// Identity comparison (`==` on references): same buffer and same window.
    pub fn ref_eq(&self, other: &Array<T>) -> bool {
        self.ptr == other.ptr && self.len == other.len && self.is_null() == other.is_null()
    }

    /// A window `start..start+len` of this array sharing its buffer (a SOMD partition).
    pub fn window(&self, start: usize, len: usize) -> Array<T> {
        assert!(start + len <= self.len, "window out of range");
        if self.owner.is_none() {
            return Array::NULL;
        }
        // SAFETY: checked just above: the window stays inside this window.
        let ptr =
            if len == 0 && self.ptr.is_null() { self.ptr } else { unsafe { self.ptr.add(start) } };
        Array { ptr, len, owner: self.owner.clone() }
    }

    /// The elements as a vector (clones).
    pub fn to_vec(&self) -> Vec<T>
    where
        T: Clone,
    {
        self.slots().iter().map(Slot::get).collect()
    }
}

/// The elements of an array as a plain pointer, taken once before the fast copy of a
/// versioned loop (note `rust-representation`, "Loop versioning"). Unlike the `Array`
/// handle, which the loop borrows from memory, the pointer is a plain value that stays in a
/// register: LLVM then no longer reloads it after every store through a `Slot`, and can
/// vectorise the loop (LUFact's `colJ[i] += t * colK[i]`).
///
/// The array it comes from must stay alive, and keep its buffer, for as long as the
/// pointer is used: generated code takes it from a local or a hoisted row that the loop
/// does not assign.
pub struct Unchecked<T>(*const Slot<T>);

impl<T> Clone for Unchecked<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Unchecked<T> {}

impl<T> Unchecked<T> {
    /// Element `index`.
    ///
    /// # Safety
    /// `index` must be in bounds of the array the pointer comes from (generated code
    /// proves it with [`Array::covers`]), and that array must be alive.
    #[inline(always)]
    pub unsafe fn get_unchecked(self, index: i32) -> T
    where
        T: Clone,
    {
        // SAFETY: the caller guarantees that the element exists.
        unsafe { (*self.0.add(index as usize)).get() }
    }

    /// Stores element `index`.
    ///
    /// # Safety
    /// As [`Unchecked::get_unchecked`].
    #[inline(always)]
    pub unsafe fn set_unchecked(self, index: i32, value: T) {
        // SAFETY: the caller guarantees that the element exists.
        unsafe { (*self.0.add(index as usize)).set(value) }
    }

    /// The slot of element `index` (the target of a compound assignment `a[j] += x`).
    ///
    /// # Safety
    /// As [`Unchecked::get_unchecked`]; the slot must not be used after the array is gone.
    #[inline(always)]
    pub unsafe fn slot_unchecked<'a>(self, index: i32) -> &'a Slot<T> {
        // SAFETY: the caller guarantees that the element exists and outlives the use.
        unsafe { &*self.0.add(index as usize) }
    }
}

#[cold]
#[inline(never)]
fn null_array(pos: &'static SourcePos) -> ! {
    error::null_pointer("", pos)
}

/// A fresh copy of an array, rows of arrays of arrays included (the by-value copy of §2.1).
pub trait DeepCopy: Sized {
    /// Whether [`DeepCopy::deep_copy`] is a plain clone: the value holds no array storage
    /// of its own (primitives, strings, value arrays, object and value-object handles).
    const SHALLOW: bool = true;

    fn deep_copy(&self) -> Self;

    /// The elements a [`DeepCopy::deep_copy`] of this value copies (1 for a shallow value),
    /// to judge whether a copy is worth spreading over threads.
    fn copy_weight(&self) -> usize {
        1
    }

    /// What [`DeepCopy::deep_copy`] gives, for a value whose holder will never read it
    /// again (a SOMD argument the call's result replaces, `a = f(a)`): array buffers that
    /// no other handle references are kept and written in place, since no one else can
    /// observe the writes; the others are copied.
    fn reuse_or_copy(&self) -> Self
    where
        Self: Clone,
    {
        self.copy_if_shared().unwrap_or_else(|| self.clone())
    }

    /// For [`DeepCopy::reuse_or_copy`]: `None` when this value can be kept (after its own
    /// shared parts were replaced by copies in place), else the copy to use instead.
    fn copy_if_shared(&self) -> Option<Self> {
        if Self::SHALLOW {
            None
        } else {
            Some(self.deep_copy())
        }
    }
}

macro_rules! shallow_deep_copy {
    ($($ty:ty),*) => {$(
        impl DeepCopy for $ty {
            #[inline(always)]
            fn deep_copy(&self) -> Self { self.clone() }
        }
    )*};
}
shallow_deep_copy!(bool, i8, i16, u16, i32, i64, f32, f64, Str);

impl<T> DeepCopy for Obj<T> {
    fn deep_copy(&self) -> Self {
        self.clone()
    }
}
impl<T: Clone> DeepCopy for Val<T> {
    fn deep_copy(&self) -> Self {
        self.clone()
    }
}
impl<T> DeepCopy for VArr<T> {
    fn deep_copy(&self) -> Self {
        self.clone()
    }
}

impl<T: DeepCopy + Send> DeepCopy for Array<T> {
    const SHALLOW: bool = false;

    fn deep_copy(&self) -> Self {
        if self.is_null() {
            return Array::NULL;
        }
        let slots = self.slots();
        let weight = slots.first().map_or(1, |slot| slot.get_ref().copy_weight());
        Array::from_buffer(crate::somd::collect_copy(slots.len(), weight, |i| {
            Slot::new(slots[i].get_ref().deep_copy())
        }))
    }

    fn copy_weight(&self) -> usize {
        self.len
    }

    fn copy_if_shared(&self) -> Option<Self> {
        // `is_unique`: the handle borrowed here is the only one to the whole buffer, so no
        // other variable, field, array element or window can see this buffer's cells.
        if !self.is_unique() {
            return Some(self.deep_copy());
        }
        if !T::SHALLOW {
            for slot in self.slots() {
                let copy = slot.get_ref().copy_if_shared();
                if let Some(copy) = copy {
                    slot.set(copy);
                }
            }
        }
        None
    }
}

/// The failure of an element access `index` to the window `ptr`, `len` of the storage
/// `whole` ([`Array`] and [`VArr`] share the layout): `NullPointerException` for `null`,
/// else `ArrayIndexOutOfBoundsException`. A window that is not its whole storage is a SOMD
/// partition ([`Array::window`]): an index past the whole array fails as in Java, at its
/// global index and the whole array's length, whatever the partitioning; one inside it (a
/// neighbour's element, which the partition does not hold, LANGUAGE.md §2.1) fails at the
/// partition's index and length. The running MI's registered partitions
/// ([`crate::somd::partition_extent`]) say so for a matrix split by columns, whose array
/// of rows is no window of the whole's.
#[cold]
#[inline(never)]
fn window_fail<S>(
    whole: Option<&[S]>,
    ptr: *const S,
    len: usize,
    index: i32,
    pos: &'static SourcePos,
) -> ! {
    let Some(whole) = whole else { null_array(pos) };
    let size = std::mem::size_of::<S>();
    let extent = match crate::somd::partition_extent((ptr as usize, len)) {
        Some(extent) => Some(extent),
        None if whole.len() != len && size > 0 => {
            Some(((ptr as usize).wrapping_sub(whole.as_ptr() as usize) / size, whole.len()))
        }
        None => None,
    };
    if let Some((offset, whole_len)) = extent {
        let global = offset as i64 + i64::from(index);
        if global < 0 || global >= whole_len as i64 {
            error::index_out_of_bounds(global, whole_len, pos)
        }
    }
    error::index_out_of_bounds(i64::from(index), len, pos)
}

/// Whether the accesses `a[j + min_offset ..= j + max_offset]` of every iteration of a
/// counted loop `for (j = lo; j < hi; j += step)` are inside a window of `len` elements;
/// `false` for `null` unless the loop does not run ([`Array::covers_step`],
/// [`VArr::covers_step`]).
#[inline]
fn window_covers(
    null: bool,
    len: usize,
    lo: i32,
    hi: i32,
    min_offset: i32,
    max_offset: i32,
    step: i32,
) -> bool {
    if lo >= hi {
        return true;
    }
    let (lo, step) = (i64::from(lo), i64::from(step.max(1)));
    let last_counter = lo + (i64::from(hi) - 1 - lo) / step * step;
    // Past the last iteration `j += step` wraps to a negative `int` that is still below
    // `hi`: Java goes on (and fails at the access), so the loop keeps its checks. (The
    // Rust writer also tests `hi <= i32::MAX - (step - 1)` beside this: a defence for any
    // caller.)
    if last_counter + step > i64::from(i32::MAX) {
        return false;
    }
    let first = lo + i64::from(min_offset);
    let last = last_counter + i64::from(max_offset);
    !null && first >= 0 && last < len as i64
}

/// `T[[]]`: an immutable array, compared by length and elements. Like [`Array`] it is
/// `(ptr, len, owner)`: `owner` keeps the storage (`Arc<[T]>`) alive and `ptr`/`len` select
/// a window of it. A whole value array has the window of its storage; an MI's partition of
/// a `dist` value array is a window onto the caller's storage ([`VArr::window`]), so
/// nothing is copied for it. `null` is `owner == None` with `len == 0`.
pub struct VArr<T> {
    ptr: *const T,
    len: usize,
    owner: Option<Arc<[T]>>,
    /// Whether the window holds a `null` value object: [`NULLS_UNKNOWN`], [`NULLS_NONE`] or
    /// [`NULLS_SOME`], known where the array is frozen or a window of an array without one
    /// is taken, else found by [`VArr::holds_no_null`] once per handle.
    nulls: AtomicU8,
}

/// [`VArr::holds_no_null`] has not looked at the elements.
const NULLS_UNKNOWN: u8 = 0;
/// No element is a `null` value object.
const NULLS_NONE: u8 = 1;
/// Some element is `null`.
const NULLS_SOME: u8 = 2;

/// The state of a window whose elements were looked at: [`NULLS_SOME`] or [`NULLS_NONE`].
fn nulls_seen(some: bool) -> u8 {
    if some {
        NULLS_SOME
    } else {
        NULLS_NONE
    }
}

// SAFETY: a `VArr` is an `Arc<[T]>` handle plus a window into that storage, which lives as
// long as any handle and is never written: it may cross threads when `Arc<[T]>` may.
unsafe impl<T: Send + Sync> Send for VArr<T> {}
// SAFETY: as above.
unsafe impl<T: Send + Sync> Sync for VArr<T> {}

impl<T> Clone for VArr<T> {
    #[inline]
    fn clone(&self) -> Self {
        let nulls = AtomicU8::new(self.nulls.load(Ordering::Relaxed));
        VArr { ptr: self.ptr, len: self.len, owner: self.owner.clone(), nulls }
    }
}

impl<T> Default for VArr<T> {
    fn default() -> Self {
        Self::NULL
    }
}

impl<T: PartialEq> PartialEq for VArr<T> {
    fn eq(&self, other: &Self) -> bool {
        match (&self.owner, &other.owner) {
            (None, None) => true,
            (Some(_), Some(_)) => self.items() == other.items(),
            _ => false,
        }
    }
}

impl<T> VArr<T> {
    /// The window this handle names, as [`Array::window_id`].
    #[inline]
    pub fn window_id(&self) -> (usize, usize) {
        (self.ptr as usize, self.len)
    }

    // Each use of the constant is a fresh value: no two share the atomic.
    #[allow(clippy::declare_interior_mutable_const)]
    pub const NULL: VArr<T> = VArr {
        ptr: std::ptr::NonNull::dangling().as_ptr(),
        len: 0,
        owner: None,
        nulls: AtomicU8::new(NULLS_UNKNOWN),
    };

    pub fn from_vec(values: Vec<T>) -> VArr<T> {
        VArr::from_arc(values.into())
    }

    /// A value array owning `items` (no copy).
    pub fn from_arc(items: Arc<[T]>) -> VArr<T> {
        VArr::with_nulls(items, NULLS_UNKNOWN)
    }

    fn with_nulls(items: Arc<[T]>, nulls: u8) -> VArr<T> {
        let nulls = AtomicU8::new(nulls);
        VArr { ptr: items.as_ptr(), len: items.len(), owner: Some(items), nulls }
    }

    /// The elements of the window (empty for `null`).
    #[inline(always)]
    pub fn items(&self) -> &[T] {
        // SAFETY: `ptr..ptr+len` is a window of `owner`'s storage, which `self` keeps alive
        // and nothing writes; for `null`, a dangling aligned pointer and length 0.
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }

    /// Elements `start..start + len` of this array as a value array of their own that
    /// shares the storage (no copy): an MI's partition of a `dist` value array.
    ///
    /// # Panics
    /// When the range is not inside the array (a runtime bug: partitions are in bounds).
    pub fn window(&self, start: usize, len: usize) -> VArr<T> {
        let items = &self.items()[start..start + len];
        // A window of an array without a `null` has none; one of an array with one may.
        let nulls = match self.nulls.load(Ordering::Relaxed) {
            NULLS_NONE => NULLS_NONE,
            _ => NULLS_UNKNOWN,
        };
        let nulls = AtomicU8::new(nulls);
        VArr { ptr: items.as_ptr(), len, owner: self.owner.clone(), nulls }
    }

    /// A weak handle on the storage the window belongs to (`None` for `null`): while it is
    /// held the storage's address is not reused, so the address of the window's first
    /// element with its length names this array's contents for as long as the handle says
    /// it is alive (the device keeps copies of value arrays by it, `device/resident.rs`).
    pub fn downgrade(&self) -> Option<std::sync::Weak<[T]>> {
        self.owner.as_ref().map(Arc::downgrade)
    }

    #[inline(always)]
    pub fn is_null(&self) -> bool {
        self.owner.is_none()
    }

    #[inline(always)]
    pub fn check(&self, pos: &'static SourcePos) -> &[T] {
        if self.owner.is_none() {
            null_array(pos)
        }
        self.items()
    }

    /// `new T[[]](v)` of a value array `v` (or a cast between value-array types): the same
    /// value, `null`-checked; a value array never changes, so nothing is copied.
    pub fn frozen_again(&self, pos: &'static SourcePos) -> VArr<T> {
        self.check(pos);
        self.clone()
    }

    #[inline(always)]
    pub fn length(&self, pos: &'static SourcePos) -> i32 {
        if self.owner.is_none() {
            null_array(pos)
        }
        self.len as i32
    }

    /// `&a[index]`, bounds- and null-checked (`null` has length 0, so the hot path is one
    /// compare, as for [`Array::slot`]).
    #[inline(always)]
    pub fn at(&self, index: i32, pos: &'static SourcePos) -> &T {
        let idx = index as u32 as usize;
        if idx < self.len {
            // SAFETY: `idx < len`, inside the window.
            unsafe { &*self.ptr.add(idx) }
        } else {
            window_fail(self.owner.as_deref(), self.ptr, self.len, index, pos)
        }
    }

    #[inline(always)]
    pub fn get(&self, index: i32, pos: &'static SourcePos) -> T
    where
        T: Clone,
    {
        self.at(index, pos).clone()
    }

    /// Whether the accesses `a[j + min_offset ..= j + max_offset]` of every iteration of a
    /// counted loop `for (j = lo; j < hi; j += step)` are in bounds (see
    /// [`Array::covers_step`]); `false` for `null` unless the loop does not run.
    pub fn covers_step(
        &self,
        lo: i32,
        hi: i32,
        min_offset: i32,
        max_offset: i32,
        step: i32,
    ) -> bool {
        window_covers(self.is_null(), self.len, lo, hi, min_offset, max_offset, step)
    }

    /// [`VArr::covers_step`] with step 1.
    pub fn covers(&self, lo: i32, hi: i32, min_offset: i32, max_offset: i32) -> bool {
        self.covers_step(lo, hi, min_offset, max_offset, 1)
    }

    /// The elements' address, for reads without checks in a loop that [`VArr::covers`]
    /// proved in bounds (as [`Array::unchecked`]).
    #[inline(always)]
    pub fn unchecked(&self) -> UncheckedVal<T> {
        UncheckedVal(self.ptr)
    }

    /// Checks the length of a bounded `T[[N]]` value.
    pub fn bounded(self, bound: usize, pos: &'static SourcePos) -> VArr<T> {
        let len = self.check(pos).len();
        if len != bound {
            error::throw_new(
                class::ILLEGAL_ARGUMENT,
                format!("value array of length {len} does not fit [[{bound}]]"),
                pos,
            );
        }
        self
    }
}

/// `new T[[]](a)`: a frozen deep copy; `Somd.thaw(v)`: a fresh mutable deep copy.
pub trait Freeze {
    type Frozen;
    fn freeze(&self) -> Self::Frozen;

    /// The elements a [`Freeze::freeze`] of this value copies (see
    /// [`DeepCopy::copy_weight`]).
    fn freeze_weight(&self) -> usize {
        1
    }

    /// Whether `frozen` is a `null` value object (what [`VArr::holds_no_null`] looks for).
    fn frozen_null(frozen: &Self::Frozen) -> bool {
        let _ = frozen;
        false
    }
}

/// The inverse of [`Freeze`].
pub trait Thaw {
    type Thawed;
    fn thaw(&self) -> Self::Thawed;

    /// The elements a [`Thaw::thaw`] of this value copies (see [`DeepCopy::copy_weight`]).
    fn thaw_weight(&self) -> usize {
        1
    }
}

macro_rules! prim_freeze {
    ($($ty:ty),*) => {$(
        impl Freeze for $ty {
            type Frozen = $ty;
            #[inline(always)]
            fn freeze(&self) -> $ty { *self }
        }
        impl Thaw for $ty {
            type Thawed = $ty;
            #[inline(always)]
            fn thaw(&self) -> $ty { *self }
        }
    )*};
}
prim_freeze!(bool, i8, i16, u16, i32, i64, f32, f64);

impl<T: Clone> Freeze for Val<T> {
    type Frozen = Val<T>;
    fn freeze(&self) -> Val<T> {
        self.clone()
    }

    fn frozen_null(frozen: &Val<T>) -> bool {
        frozen.is_null()
    }
}
impl<T: Clone> Thaw for Val<T> {
    type Thawed = Val<T>;
    fn thaw(&self) -> Val<T> {
        self.clone()
    }
}
/// Objects of mutable classes: a value array of them holds the references (Java's
/// `clone()` of an array of objects), the objects stay shared and mutable.
impl<T> Freeze for Obj<T> {
    type Frozen = Obj<T>;
    fn freeze(&self) -> Obj<T> {
        self.clone()
    }
}
impl<T> Thaw for Obj<T> {
    type Thawed = Obj<T>;
    fn thaw(&self) -> Obj<T> {
        self.clone()
    }
}
impl<T: Freeze> Freeze for VArr<T> {
    type Frozen = VArr<T>;
    fn freeze(&self) -> VArr<T> {
        self.clone()
    }
}

impl<T: Freeze + Send> Freeze for Array<T>
where
    T::Frozen: Send,
{
    type Frozen = VArr<T::Frozen>;
    fn freeze(&self) -> VArr<T::Frozen> {
        if self.is_null() {
            return VArr::NULL;
        }
        // One allocation filled in place (through a `Vec` the elements were copied twice),
        // on the pool when large.
        let slots = self.slots();
        let weight = slots.first().map_or(1, |slot| slot.get_ref().freeze_weight());
        // Whether an element is a `null` value object, noted as the copy passes (for other
        // elements `frozen_null` is `false` and the note goes).
        let nulls = AtomicBool::new(false);
        let items = crate::somd::collect_copy(slots.len(), weight, |i| {
            let frozen = slots[i].get_ref().freeze();
            if T::frozen_null(&frozen) {
                nulls.store(true, Ordering::Relaxed);
            }
            frozen
        });
        VArr::with_nulls(items, nulls_seen(nulls.into_inner()))
    }

    fn freeze_weight(&self) -> usize {
        self.len
    }
}

/// `new T[[]](a)` where the program never reads `a` again (a temporary, or the last use of
/// a local): when `a` is the only strong handle on its buffer and covers all of it, the
/// buffer becomes the value array without a copy, as nothing can observe the array any
/// more; otherwise the elements are copied as by [`Freeze`]. For element types that freeze
/// to themselves (primitives, value classes, value arrays). `NullPointerException` for
/// `null`.
///
/// Weak handles ([`Array::downgrade`]) may remain: they only tell that the storage lives,
/// and the storage lives on, with the same contents, as the value array's. A device copy
/// kept under the storage's address (`device/resident.rs`: an array a keep scope keeps)
/// therefore names the value array's contents too, and a `@` over it finds it.
pub fn freeze_owned<T: Freeze<Frozen = T> + Clone + Send>(
    array: Array<T>,
    pos: &'static SourcePos,
) -> VArr<T> {
    array.check(pos);
    let Array { ptr, len, owner } = array;
    let whole_and_unique = owner.as_ref().is_some_and(|buffer| {
        ptr == buffer.as_ptr() && len == buffer.len() && Arc::strong_count(buffer) == 1
    });
    match owner {
        Some(buffer) if whole_and_unique => {
            // `Slot<T>` is a transparent `UnsafeCell<T>`, which has the layout of `T`, so the
            // allocation of `[Slot<T>]` is one of `[T]` of the same length.
            let raw = Arc::into_raw(buffer) as *const [T];
            // SAFETY: `raw` comes from `Arc::into_raw` of a slice of a type with `T`'s size
            // and alignment; the `Arc` was the only strong handle (this function owns it),
            // so no `Slot` view of the elements remains. Weak handles of the `Slot` type
            // are never upgraded (`Array::downgrade`); dropping one frees the allocation
            // with the same layout, as `[Slot<T>]` and `[T]` of one length have the same.
            let items: Arc<[T]> = unsafe { Arc::from_raw(raw) };
            // A pass over value objects only: for other elements `frozen_null` is `false`.
            let nulls = nulls_seen(items.iter().any(T::frozen_null));
            VArr::with_nulls(items, nulls)
        }
        owner => Array { ptr, len, owner }.freeze(),
    }
}

impl<T: Thaw + Sync> Thaw for VArr<T>
where
    T::Thawed: Send,
{
    type Thawed = Array<T::Thawed>;
    fn thaw(&self) -> Array<T::Thawed> {
        if self.is_null() {
            return Array::NULL;
        }
        // One allocation, filled in place (see `Freeze for Array`).
        let items = self.items();
        let weight = items.first().map_or(1, Thaw::thaw_weight);
        Array::from_buffer(crate::somd::collect_copy(items.len(), weight, |i| {
            Slot::new(items[i].thaw())
        }))
    }

    fn thaw_weight(&self) -> usize {
        self.items().len()
    }
}

impl<T: Thaw> Thaw for Array<T> {
    type Thawed = Array<T::Thawed>;
    fn thaw(&self) -> Array<T::Thawed> {
        if self.is_null() {
            return Array::NULL;
        }
        Array::from_buffer(
            self.slots().iter().map(|slot| Slot::new(slot.get_ref().thaw())).collect(),
        )
    }
}

/// The elements of a value array read without checks ([`VArr::unchecked`]); value arrays
/// are never written, so there is no store.
pub struct UncheckedVal<T>(*const T);

impl<T> Clone for UncheckedVal<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for UncheckedVal<T> {}

impl<T> UncheckedVal<T> {
    /// Element `index`.
    ///
    /// # Safety
    /// `index` must be in bounds of the value array the pointer comes from (generated code
    /// proves it with [`VArr::covers`]), and that array must be alive.
    #[inline(always)]
    pub unsafe fn get_unchecked(self, index: i32) -> T
    where
        T: Clone,
    {
        // SAFETY: the caller guarantees that the element exists.
        unsafe { (*self.0.add(index as usize)).clone() }
    }

    /// A reference to element `index` (a value object whose fields the loop reads).
    ///
    /// # Safety
    /// As [`UncheckedVal::get_unchecked`]; the reference must not outlive the array.
    #[inline(always)]
    pub unsafe fn at_unchecked<'a>(self, index: i32) -> &'a T {
        // SAFETY: the caller guarantees that the element exists and outlives the reference.
        unsafe { &*self.0.add(index as usize) }
    }
}

impl<T> VArr<Val<T>> {
    /// Whether no element of the window is `null`: the test before a counted loop's copy
    /// that reads value objects without their `null` checks ([`UncheckedVal::at_present`]).
    /// Known where the array was frozen (and for a window of an array without a `null`),
    /// else the elements are looked at once for this handle.
    #[inline(always)]
    pub fn holds_no_null(&self) -> bool {
        match self.nulls.load(Ordering::Relaxed) {
            NULLS_NONE => true,
            NULLS_SOME => false,
            _ => self.find_nulls(),
        }
    }

    #[inline(never)]
    fn find_nulls(&self) -> bool {
        let some = self.items().iter().any(Val::is_null);
        self.nulls.store(nulls_seen(some), Ordering::Relaxed);
        !some
    }
}

impl<T> UncheckedVal<Val<T>> {
    /// A reference to element `index`, a value object that is not `null`: its field reads
    /// (`Val::get`) then test nothing.
    ///
    /// # Safety
    /// As [`UncheckedVal::at_unchecked`], and the array must hold no `null`
    /// ([`VArr::holds_no_null`]).
    #[inline(always)]
    pub unsafe fn at_present<'a>(self, index: i32) -> &'a Val<T> {
        // SAFETY: the caller guarantees that the element exists and outlives the reference.
        let value = unsafe { &*self.0.add(index as usize) };
        // SAFETY: the caller guarantees that no element is `null`.
        unsafe { std::hint::assert_unchecked(!value.is_null()) };
        value
    }

    /// Element `index`, a value object that is not `null`, cloned (`Body q = particles[j];`):
    /// the local's field reads then test nothing.
    ///
    /// # Safety
    /// As [`UncheckedVal::at_present`].
    #[inline(always)]
    pub unsafe fn get_present(self, index: i32) -> Val<T>
    where
        T: Clone,
    {
        // SAFETY: as `at_present`.
        let value = unsafe { self.at_present(index) }.clone();
        // SAFETY: a clone of a value that is not `null`.
        unsafe { std::hint::assert_unchecked(!value.is_null()) };
        value
    }
}

/// An instance of a user class: a shared, nullable reference to a struct whose fields are
/// [`Slot`]s (or a library object such as `java.util.Random`, accessed through `get_mut`).
pub struct Obj<T> {
    inner: Option<Arc<Slot<T>>>,
}

// SAFETY: as for `Array`.
unsafe impl<T: Send> Send for Obj<T> {}
// SAFETY: as for `Array`.
unsafe impl<T: Send> Sync for Obj<T> {}

impl<T> Clone for Obj<T> {
    #[inline]
    fn clone(&self) -> Self {
        Obj { inner: self.inner.clone() }
    }
}

/// Java's `==` of two references: the same object, or both `null`. A value array of
/// objects (`C[[]]`) compares its elements so (LANGUAGE.md §3.3: each with its type's `==`).
impl<T> PartialEq for Obj<T> {
    fn eq(&self, other: &Obj<T>) -> bool {
        self.identity() == other.identity()
    }
}

impl<T> Default for Obj<T> {
    fn default() -> Self {
        Self::NULL
    }
}

/// An object reference that may be `null`: the receiver of an instance call, which Java
/// checks at the call ([`receiver`]).
pub trait Nullable {
    fn is_null(&self) -> bool;
}

impl<T> Nullable for Obj<T> {
    fn is_null(&self) -> bool {
        Obj::is_null(self)
    }
}

impl<T> Nullable for Val<T> {
    fn is_null(&self) -> bool {
        Val::is_null(self)
    }
}

/// The receiver `r` of an instance call at `pos`, after Java's check: a `null` receiver
/// raises `NullPointerException` at the call, before the method runs (JLS 15.12.4.4).
#[inline(always)]
pub fn receiver<'r, T: Nullable>(r: &'r T, pos: &'static SourcePos) -> &'r T {
    if r.is_null() {
        crate::error::null_pointer("", pos)
    }
    r
}

impl<T> Obj<T> {
    pub const NULL: Obj<T> = Obj { inner: None };

    pub fn new(value: T) -> Obj<T> {
        Obj { inner: Some(Arc::new(Slot::new(value))) }
    }

    #[inline(always)]
    pub fn is_null(&self) -> bool {
        self.inner.is_none()
    }

    /// The object's identity: the address of its storage, 0 for `null` (Java's `==` of two
    /// references compares these).
    #[inline]
    pub fn identity(&self) -> usize {
        self.inner.as_ref().map_or(0, |slot| Arc::as_ptr(slot) as usize)
    }

    /// The object, or `NullPointerException`.
    #[inline(always)]
    pub fn get(&self, pos: &'static SourcePos) -> &T {
        match &self.inner {
            Some(slot) => slot.get_ref(),
            None => null_array(pos),
        }
    }

    /// The object, `None` for `null` (no exception: a keep scope reading an array field
    /// when its loop starts).
    #[inline]
    pub fn try_get(&self) -> Option<&T> {
        self.inner.as_ref().map(|slot| slot.get_ref())
    }

    /// Mutable access to a library object (one call at a time).
    #[inline(always)]
    #[allow(clippy::mut_from_ref)]
    pub fn get_mut(&self, pos: &'static SourcePos) -> &mut T {
        match &self.inner {
            Some(slot) => slot.get_mut(),
            None => null_array(pos),
        }
    }

    pub fn ref_eq(&self, other: &Obj<T>) -> bool {
        match (&self.inner, &other.inner) {
            (None, None) => true,
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }

    fn address(&self) -> usize {
        self.inner.as_ref().map_or(0, |a| Arc::as_ptr(a) as usize)
    }
}

/// An instance of a value class: immutable, compared by value (field by field), stored
/// inline (a value has no identity, so copying it is invisible; an array of values is one
/// contiguous buffer). `null` is representable because Java's default for a field or array
/// element of a class type is `null`.
pub struct Val<T> {
    inner: Option<T>,
}

impl<T: Clone> Clone for Val<T> {
    #[inline]
    fn clone(&self) -> Self {
        Val { inner: self.inner.clone() }
    }
}

impl<T> Default for Val<T> {
    fn default() -> Self {
        Self::NULL
    }
}

impl<T: PartialEq> PartialEq for Val<T> {
    fn eq(&self, other: &Self) -> bool {
        self.inner == other.inner
    }
}

impl<T> Val<T> {
    pub const NULL: Val<T> = Val { inner: None };

    #[inline(always)]
    pub fn new(value: T) -> Val<T> {
        Val { inner: Some(value) }
    }

    #[inline(always)]
    pub fn is_null(&self) -> bool {
        self.inner.is_none()
    }

    #[inline(always)]
    pub fn get(&self, pos: &'static SourcePos) -> &T {
        match &self.inner {
            Some(value) => value,
            None => null_array(pos),
        }
    }

    /// The value, `None` for `null` (no exception: the device glue's check).
    #[inline(always)]
    pub fn try_get(&self) -> Option<&T> {
        self.inner.as_ref()
    }
}

/// `String`: a nullable shared string.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Str(Option<Arc<str>>);

impl Str {
    pub const NULL: Str = Str(None);

    pub fn new(text: &str) -> Str {
        Str(Some(Arc::from(text)))
    }

    pub fn from_string(text: String) -> Str {
        Str(Some(Arc::from(text)))
    }

    pub fn is_null(&self) -> bool {
        self.0.is_none()
    }

    /// The text, `"null"` for `null` (how Java prints and concatenates it).
    pub fn as_java(&self) -> &str {
        self.0.as_deref().unwrap_or("null")
    }

    /// The text, or `NullPointerException`.
    pub fn text(&self, pos: &'static SourcePos) -> &str {
        match &self.0 {
            Some(text) => text,
            None => null_array(pos),
        }
    }

    /// `s1 == s2`: identity (as Java compares references).
    pub fn ref_eq(&self, other: &Str) -> bool {
        match (&self.0, &other.0) {
            (None, None) => true,
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }

    /// String concatenation: every part printed with `String.valueOf`.
    pub fn concat(parts: &[&dyn JavaDisplay]) -> Str {
        let mut out = String::new();
        for part in parts {
            part.push_java(&mut out);
        }
        Str::from_string(out)
    }
}

impl fmt::Debug for Str {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_java())
    }
}

/// Java's `String.valueOf(x)` appended to a buffer.
pub trait JavaDisplay {
    fn push_java(&self, out: &mut String);
    /// Whether this is a `null` reference (whose text is `null`, as a string's may be).
    fn is_java_null(&self) -> bool {
        false
    }
}

macro_rules! display_int {
    ($($ty:ty),*) => {$(
        impl JavaDisplay for $ty {
            fn push_java(&self, out: &mut String) {
                use std::fmt::Write;
                let _ = write!(out, "{self}");
            }
        }
    )*};
}
display_int!(i8, i16, i32, i64);

impl JavaDisplay for bool {
    fn push_java(&self, out: &mut String) {
        out.push_str(crate::java::to_string::bool_to_string(*self));
    }
}

impl JavaDisplay for u16 {
    fn push_java(&self, out: &mut String) {
        out.push_str(&crate::java::to_string::char_to_string(*self));
    }
}

impl JavaDisplay for f64 {
    fn push_java(&self, out: &mut String) {
        crate::java::to_string::push_double(out, *self);
    }
}

impl JavaDisplay for f32 {
    fn push_java(&self, out: &mut String) {
        crate::java::to_string::push_float(out, *self);
    }
}

impl JavaDisplay for Str {
    fn push_java(&self, out: &mut String) {
        out.push_str(self.as_java());
    }
    fn is_java_null(&self) -> bool {
        self.is_null()
    }
}

impl JavaDisplay for &str {
    fn push_java(&self, out: &mut String) {
        out.push_str(self);
    }
}

/// Java prints references without `toString` as `Type@hash`.
pub(crate) fn push_ref(out: &mut String, null: bool, tag: &str, address: usize) {
    use std::fmt::Write;
    if null {
        out.push_str("null");
    } else {
        let _ = write!(out, "{tag}@{:x}", (address >> 4) as u32);
    }
}

impl<T> JavaDisplay for Array<T> {
    fn push_java(&self, out: &mut String) {
        push_ref(out, self.is_null(), "[", self.ptr as usize);
    }
    fn is_java_null(&self) -> bool {
        self.is_null()
    }
}

impl<T> JavaDisplay for VArr<T> {
    fn push_java(&self, out: &mut String) {
        let address = self.items().as_ptr() as usize;
        push_ref(out, self.is_null(), "[[", address);
    }
    fn is_java_null(&self) -> bool {
        self.is_null()
    }
}

impl<T> JavaDisplay for Obj<T> {
    fn push_java(&self, out: &mut String) {
        push_ref(out, self.is_null(), "Object", self.address());
    }
    fn is_java_null(&self) -> bool {
        self.is_null()
    }
}

impl<T> JavaDisplay for Val<T> {
    fn push_java(&self, out: &mut String) {
        let address = self.inner.as_ref().map_or(0, |a| a as *const T as usize);
        push_ref(out, self.is_null(), "Value", address);
    }
    fn is_java_null(&self) -> bool {
        self.is_null()
    }
}

/// `++` / `--` on a primitive variable at its own type (wrapping for integers).
pub trait JavaStep: Copy {
    fn step(self, delta: i8) -> Self;
}

macro_rules! int_step {
    ($($ty:ty),*) => {$(
        impl JavaStep for $ty {
            #[inline(always)]
            fn step(self, delta: i8) -> Self { self.wrapping_add(delta as $ty) }
        }
    )*};
}
int_step!(i8, i16, u16, i32, i64);

impl JavaStep for f32 {
    #[inline(always)]
    fn step(self, delta: i8) -> Self {
        self + f32::from(delta)
    }
}

impl JavaStep for f64 {
    #[inline(always)]
    fn step(self, delta: i8) -> Self {
        self + f64::from(delta)
    }
}

/// `x++` / `x--` used as a value: steps `x`, returns the old value.
#[inline(always)]
pub fn post_step<T: JavaStep>(x: &mut T, delta: i8) -> T {
    let old = *x;
    *x = old.step(delta);
    old
}

/// `++x` / `--x` used as a value: steps `x`, returns the new value.
#[inline(always)]
pub fn pre_step<T: JavaStep>(x: &mut T, delta: i8) -> T {
    *x = x.step(delta);
    *x
}

/// Whether `T` is one of the primitive types of generated code (so `Copy`, `Send` and
/// `Sync`): `type_name` is a bare primitive name only for primitives, every other type is
/// named by its path. Needs no `'static` bound, unlike `TypeId`.
pub(crate) fn is_primitive<T>() -> bool {
    matches!(
        std::any::type_name::<T>(),
        "bool" | "i8" | "i16" | "u16" | "i32" | "i64" | "f32" | "f64" | "u8" | "u32" | "u64"
    )
}

/// `len` slots holding `T::default()`, allocated once and written once.
///
/// (Zeroed memory from the allocator would avoid even that write for primitives, as
/// `vec![0; n]` does, but `Arc::new_zeroed_slice` needs Rust 1.92, above the crate's MSRV.)
pub(crate) fn default_slots<T: Default>(len: usize) -> Arc<[Slot<T>]> {
    // `Range` and `Map` are trusted-length: the `Arc` is allocated once and filled in place.
    (0..len).map(|_| Slot::new(T::default())).collect()
}

/// `new T[rows][cols]`: both lengths checked before anything is allocated, as in Java.
/// The rows are made on the pool when the matrix is large ([`crate::somd::collect_copy`]).
pub fn new_array_2d<T: Default + Send>(
    rows: i32,
    cols: i32,
    pos: &'static SourcePos,
) -> Array<Array<T>> {
    let rows = error::array_len(rows, pos);
    let cols = error::array_len(cols, pos);
    crate::alloc::room_for(&[rows, cols], std::mem::size_of::<Slot<T>>(), pos);
    Array::from_buffer(crate::somd::collect_copy(rows, cols, |_| {
        Slot::new(Array::from_buffer(default_slots(cols)))
    }))
}

/// `String[] args` of `main`.
pub fn main_args() -> Array<Str> {
    // As the JVM decodes them: bytes that are no UTF-8 become U+FFFD (`std::env::args`
    // panicked on them).
    let args = std::env::args_os().skip(1).map(|a| a.to_string_lossy().into_owned());
    Array::from_vec(args.map(Str::from_string).collect())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // Tests may fail loudly.
mod tests {
    use super::*;

    static POS: SourcePos = SourcePos::new("t.somd", 1, 1);

    #[test]
    fn windows_share_the_buffer() {
        let a = Array::from_vec(vec![1, 2, 3, 4, 5]);
        let w = a.window(1, 3);
        assert_eq!(w.length(&POS), 3);
        w.set(0, 20, &POS);
        assert_eq!(a.get(1, &POS), 20);
        assert_eq!(w.to_vec(), vec![20, 3, 4]);
    }

    #[test]
    fn covers_checks_the_whole_range_once() {
        let a = Array::from_vec(vec![0.0f64; 10]);
        // `for (j = 1; j < 9; j++) .. a[j - 1] .. a[j + 1]`: indices 0..=9.
        assert!(a.covers(1, 9, -1, 1));
        assert!(!a.covers(1, 10, -1, 1));
        assert!(!a.covers(0, 9, -1, 1));
        // No iteration: nothing to check, even on null.
        assert!(Array::<f64>::NULL.covers(5, 5, 0, 0));
        assert!(!Array::<f64>::NULL.covers(0, 1, 0, 0));
        // No overflow at the ends of `int`.
        assert!(!a.covers(i32::MAX - 1, i32::MAX, 0, i32::MAX));
        assert!(!a.covers(i32::MIN, i32::MIN + 1, i32::MIN, 0));
        let w = a.window(2, 3);
        assert!(w.covers(0, 3, 0, 0) && !w.covers(0, 4, 0, 0));
        // `for (j = 0; j < 10; j += 4) .. a[j + 1]`: j = 0, 4, 8, indices up to 9.
        assert!(a.covers_step(0, 10, 0, 1, 4));
        assert!(!a.covers_step(0, 10, 0, 2, 4));
        // `for (j = 1; j < 10; j += 3)`: j = 1, 4, 7; `a[j + 2]` up to 9, `a[j - 2]` from -1.
        assert!(a.covers_step(1, 10, 0, 2, 3) && !a.covers_step(1, 10, -2, 0, 3));
        assert!(a.covers_step(0, 11, 0, 0, 4) && !a.covers_step(0, 13, 0, 0, 4));
        // A counter wrapping past `i32::MAX` after its last iteration below `hi` goes on
        // with negative values (`for (j = 0; j < MAX; j += 2)` ends at `MAX - 1`, then
        // wraps), which no window covers; a step that lands on `MAX` exactly does not wrap.
        let max = i32::MAX as usize;
        assert!(!window_covers(false, max, 0, i32::MAX, 0, 0, 2));
        assert!(window_covers(false, max, 0, i32::MAX - 1, 0, 0, 2));
        assert!(window_covers(false, max, 0, i32::MAX, 0, 0, 1));
        // A unique whole array freezes without a copy; a shared one or a window is copied.
        let fresh = Array::from_vec(vec![1.5f32, 2.5, 3.5]);
        let address = fresh.slots().as_ptr() as usize;
        let frozen = freeze_owned(fresh, &POS);
        assert_eq!(
            (frozen.items(), frozen.items().as_ptr() as usize),
            (&[1.5f32, 2.5, 3.5][..], address)
        );
        let shared = Array::from_vec(vec![7i64, 8, 9]);
        let frozen = freeze_owned(shared.clone(), &POS);
        shared.set(0, 70, &POS);
        assert_eq!(frozen.items(), &[7, 8, 9]);
        assert_eq!(freeze_owned(shared.window(1, 2), &POS).items(), &[8, 9]);
        let npe = error::catch(|| freeze_owned(Array::<i32>::NULL, &POS).is_null()).unwrap_err();
        assert_eq!(npe.class, class::NULL_POINTER);
        // Value arrays: the same rule.
        let v = VArr::from_vec((0..10).collect::<Vec<i32>>());
        assert!(v.covers(1, 9, -1, 1) && !v.covers(1, 10, -1, 1) && !v.covers(0, 9, -1, 0));
        assert!(v.covers_step(0, 10, 0, 1, 4) && !v.covers_step(0, 10, 0, 2, 4));
        let null = VArr::<i32>::NULL;
        assert!(null.covers(3, 3, 0, 0) && !null.covers(0, 1, 0, 0));
        // SAFETY: index 7 is in bounds of `v`, which is alive.
        assert_eq!(unsafe { v.unchecked().get_unchecked(7) }, 7);
        // SAFETY: index 2 is inside the window of length 3.
        unsafe {
            w.set_unchecked(2, 7.0);
            assert_eq!(w.get_unchecked(2), 7.0);
        }
        assert_eq!(a.get(4, &POS), 7.0);
    }

    /// Where a value array of value objects knows it holds no `null`: frozen (by a copy or
    /// without one), a window of such an array, and, looked at once, any other handle.
    #[test]
    fn value_arrays_know_their_nulls() {
        let held = |v: &VArr<Val<i32>>| v.nulls.load(Ordering::Relaxed);
        let some = Array::from_vec(vec![Val::new(1), Val::NULL, Val::new(3), Val::new(4)]);
        let copied = some.freeze();
        assert_eq!(held(&copied), NULLS_SOME);
        assert!(!copied.holds_no_null());
        // A window of an array with a `null` may have none: looked at once, then known.
        let tail = copied.window(2, 2);
        assert_eq!(held(&tail), NULLS_UNKNOWN);
        assert!(tail.holds_no_null() && held(&tail) == NULLS_NONE);
        assert!(!copied.window(0, 2).holds_no_null());
        let full = Array::from_vec(vec![Val::new(5), Val::new(6)]);
        let frozen = full.freeze();
        assert_eq!((held(&frozen), held(&frozen.window(1, 1))), (NULLS_NONE, NULLS_NONE));
        assert_eq!(held(&freeze_owned(full, &POS)), NULLS_NONE);
        let owned = freeze_owned(Array::from_vec(vec![Val::new(5), Val::NULL]), &POS);
        assert_eq!(held(&owned), NULLS_SOME);
        // Made by other means (a `@`'s result): unknown until asked, and a clone keeps
        // what its original knew.
        let made = VArr::from_vec(vec![Val::new(7), Val::NULL]);
        assert_eq!(held(&made.clone()), NULLS_UNKNOWN);
        assert!(!made.holds_no_null());
        assert_eq!(held(&made.clone()), NULLS_SOME);
        assert!(VArr::from_vec(vec![Val::new(8)]).holds_no_null());
        // SAFETY: index 1 is in bounds of `frozen`, which is alive and holds no `null`.
        let second = unsafe { frozen.unchecked().get_present(1) };
        assert_eq!(*second.get(&POS), 6);
    }

    #[test]
    fn failures_are_java_exceptions() {
        let a = Array::from_vec(vec![1, 2, 3]);
        let exc = error::catch(|| a.get(5, &POS)).unwrap_err();
        assert_eq!(
            exc.headline(),
            "java.lang.ArrayIndexOutOfBoundsException: Index 5 out of bounds for length 3"
        );
        let null: Array<i32> = Array::NULL;
        let exc = error::catch(|| null.get(0, &POS)).unwrap_err();
        assert_eq!(exc.class, class::NULL_POINTER);
        let exc = error::catch(|| Array::<i32>::new_default(-1, &POS)).unwrap_err();
        assert_eq!(exc.headline(), "java.lang.NegativeArraySizeException: -1");
    }

    #[test]
    fn value_arrays_compare_by_elements() {
        let a = Array::from_vec(vec![Array::from_vec(vec![1.0f32, 2.0])]);
        let frozen = a.freeze();
        assert!(frozen == VArr::from_vec(vec![VArr::from_vec(vec![1.0f32, 2.0])]));
        let thawed = frozen.thaw();
        assert_eq!(thawed.get(0, &POS).to_vec(), vec![1.0, 2.0]);
        let copy = a.deep_copy();
        copy.at(0, &POS).set(0, 9.0, &POS);
        assert_eq!(a.at(0, &POS).get(0, &POS), 1.0);
    }

    #[test]
    fn steps_wrap_like_java() {
        let mut c: u16 = 0;
        assert_eq!(post_step(&mut c, -1), 0);
        assert_eq!(c, 65535);
        let mut b: i8 = 127;
        assert_eq!(pre_step(&mut b, 1), -128);
    }

    #[test]
    fn concat_uses_java_formatting() {
        let s = Str::concat(&[&"x=", &1.0f64, &" ", &Str::NULL, &'a'.to_string().as_str(), &true]);
        assert_eq!(s.as_java(), "x=1.0 nullatrue");
    }
}
