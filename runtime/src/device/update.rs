//! Device calls that update host arrays in place: the field arrays an instance SOMD method
//! writes (`somd_mir::analysis::instance`, note `device-execution`, "Instance SOMD
//! methods that write field arrays").
//!
//! On the CPU the method's writes to `this.w[i]` land in the receiver's array. On a device
//! the array crosses as a kernel buffer like any array argument (the call's own copy, never
//! a kept one) and, once the error buffer is clean, the buffer is downloaded straight into
//! the storage of that very array: every reference to it sees the new elements, as after
//! the CPU path.
//!
//! An updated array that shares storage with another array of the call (`o.scale(o.w)`:
//! the argument is the field array; two fields holding one array; a 2-D field with a row
//! twice) runs the CPU path: on the device each argument is a separate buffer, so a read of
//! the other argument would not see the writes that it sees on the CPU.

use super::{arg_shapes, execute, plan, policy, trace, DevBuf, DevElem, HostArg, HostArray};
use super::{DeviceResult, Elem, KernelDesc};
use crate::opencl::buffer;
use crate::opencl::{DeviceCtx, OrFatal};

/// [`super::run_reading`] for a call whose array arguments `updated` (positions among the
/// construct's arguments) come back into the host arrays after the call. `None`: the CPU
/// path (placed on the CPU, any reason of `run_reading`, an updated argument that is not a
/// non-`null` array of a primitive type, or one that shares storage with another array
/// argument).
pub fn run_updating(
    desc: &'static KernelDesc,
    args: &[HostArg<'_>],
    reads: &[usize],
    updated: &[usize],
) -> Option<DeviceResult> {
    let (ctx, mut planned) = policy::device_for(desc.label, |ctx| {
        if !storage_apart(args, updated) {
            return Err(SHARED_STORAGE);
        }
        plan(ctx, desc, 0, args, arg_shapes(desc, 0, args)?)
    })?;
    planned.updated = updated.to_vec();
    let _scope = trace::CallScope::begin(desc.label, ctx.label);
    execute(&planned, args, None, false, Some(reads)).map(|(result, _)| result)
}

/// The trace's reason for a call kept on the CPU because an updated array shares storage
/// with another array argument.
pub(super) const SHARED_STORAGE: &str =
    "an updated field array shares storage with another array argument";

/// Whether every array `updated` names has host storage in the device representation and
/// no row of it overlaps another row of the call's arrays (its own included).
pub(super) fn storage_apart(args: &[HostArg<'_>], updated: &[usize]) -> bool {
    if updated.is_empty() {
        return true;
    }
    // (start, end, updated) per non-empty row of every array argument.
    let mut ranges: Vec<(usize, usize, bool)> = Vec::new();
    for (p, arg) in args.iter().enumerate() {
        let HostArg::Array(a) = arg else {
            if updated.contains(&p) {
                return false;
            }
            continue;
        };
        let is_updated = updated.contains(&p);
        // Arrays of other element representations cannot share an updated array's storage.
        let Some(rows) = a.raw_rows() else {
            if is_updated {
                return false;
            }
            continue;
        };
        for row in rows.iter().filter(|r| !r.is_empty()) {
            let start = row.as_ptr() as usize;
            ranges.push((start, start + row.len(), is_updated));
        }
    }
    ranges.sort_unstable();
    // Sorted by start: a range overlaps an earlier one when it starts before that one ends.
    let (mut end_any, mut end_updated) = (0usize, 0usize);
    for (start, end, is_updated) in ranges {
        if start < end_updated || (is_updated && start < end_any) {
            return false;
        }
        end_any = end_any.max(end);
        if is_updated {
            end_updated = end_updated.max(end);
        }
    }
    true
}

/// Downloads `buf` (row-major) into the storage of `array`, which [`storage_apart`] has
/// checked. A `boolean` array's storage holds Rust `bool`s, whose only bytes are 0 and 1:
/// its elements are downloaded into scratch memory and stored as `byte != 0` (a kernel
/// stores 0 or 1, but the host does not rest on that).
pub(super) fn write_back(ctx: &'static DeviceCtx, buf: &DevBuf, array: &dyn HostArray, name: &str) {
    let Some(mut rows) = array.raw_rows_mut() else { return };
    rows.retain(|row| !row.is_empty());
    if rows.is_empty() {
        return;
    }
    if array.elem() != Elem::Bool {
        buffer::read_rows(ctx, &buf.buffer, &mut rows, name).or_fatal();
        return;
    }
    let total = rows.iter().map(|row| row.len()).sum();
    let mut bytes = vec![0u8; total];
    buffer::read(ctx, &buf.buffer, 0, &mut bytes, name).or_fatal();
    let mut at = 0;
    for row in rows {
        for (slot, byte) in row.iter_mut().zip(&bytes[at..]) {
            *slot = u8::from(*byte != 0);
        }
        at += row.len();
    }
}

/// The bytes of `slots` for writing in place: the storage of an array the program holds.
#[allow(clippy::mut_from_ref)] // `Slot` is an `UnsafeCell`: writes through `&` are its purpose.
pub(super) fn slot_bytes_in_place<T: DevElem>(slots: &[crate::value::Slot<T>]) -> &mut [u8] {
    debug_assert!(T::RAW);
    // SAFETY: `Slot<T>` is `repr(transparent)` over `UnsafeCell<T>` and `T::RAW`: the
    // slots are `size_of_val(slots)` bytes of primitive values, and every bit pattern
    // written into them is a value of `T` (any bytes for the numeric types; [`write_back`]
    // stores only 0 or 1 into a `bool`'s). The calling thread is inside the SOMD call, whose CPU
    // path would write the same slots through `Slot::set`; no other reference to these bytes
    // is live while the download fills them (`storage_apart` checked that no other
    // argument's rows overlap them).
    unsafe {
        std::slice::from_raw_parts_mut(
            slots.as_ptr().cast::<u8>().cast_mut(),
            std::mem::size_of_val(slots),
        )
    }
}
