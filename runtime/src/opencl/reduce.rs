//! Device reductions with `runtime/cl/somd_reduce.cl`: one partial per work-group on the
//! device, the partials combined on the host with [`crate::reduce::tree`] (same operators,
//! same identities as the CPU backends).
//!
//! Supported: `+ * min max & | ^` on `int`/`long`, `+ * min max` on `float`/`double`, and
//! `& | ^ && ||` on `boolean` (stored as `uchar` 0/1 on the device). Integer results are
//! exact (wrapping arithmetic is associative and commutative). `min`/`max` are exact for
//! every type (Java's NaN and `-0.0` rules are order-independent up to the NaN payload).
//! Floating `+` and `*` are reassociated (LANGUAGE.md §4.1 allows it): a sum of `n` values
//! differs from a sequential fold by at most about `n * eps * sum(|x_i|)`.
//!
//! The number of work-groups is at most `4 x compute units` (each work-item first folds a
//! grid-stride slice), so the host combines only a few partials.

use super::buffer::{ClScalar, DeviceArray};
use super::device::DeviceCtx;
use super::fail::ErrorBuffer;
use super::launch::KernelArg;
use super::program::{BuiltProgram, ProgramDesc};
use super::trace::{self, Value};
use super::{cl, ClFailure};
use crate::reduce::{self, Add, BitAnd, BitOr, BitXor, LogAnd, LogOr, Max, Min, Mul, ReduceOp};
use std::sync::Arc;
use std::time::Instant;

/// A host element type that device reductions support, with its device representation.
pub trait ReduceElem: Copy + Send + Sync + 'static {
    /// The element type of the device buffer.
    type Dev: ClScalar;
    fn from_dev(value: Self::Dev) -> Self;
}

macro_rules! same_elem {
    ($($ty:ty),*) => {$(
        impl ReduceElem for $ty {
            type Dev = $ty;
            fn from_dev(value: $ty) -> $ty { value }
        }
    )*};
}

same_elem!(i32, i64, f32, f64);

impl ReduceElem for bool {
    type Dev = u8;
    fn from_dev(value: u8) -> bool {
        value != 0
    }
}

/// An operator that has a device form for element type `T`.
pub trait DeviceReduceOp<T: ReduceElem>: ReduceOp<T> {
    /// `SOMD_OP(a, b)` in OpenCL C.
    const OP: &'static str;
    /// `SOMD_IDENTITY` in OpenCL C.
    const IDENTITY: &'static str;
}

macro_rules! device_op {
    ($op:ty, $ty:ty, $expr:literal, $identity:literal) => {
        impl DeviceReduceOp<$ty> for $op {
            const OP: &'static str = $expr;
            const IDENTITY: &'static str = $identity;
        }
    };
}

device_op!(Add, i32, "somd_iadd(a, b)", "0");
device_op!(Mul, i32, "somd_imul(a, b)", "1");
device_op!(Min, i32, "somd_imin(a, b)", "INT_MAX");
device_op!(Max, i32, "somd_imax(a, b)", "INT_MIN");
device_op!(BitAnd, i32, "((a) & (b))", "(-1)");
device_op!(BitOr, i32, "((a) | (b))", "0");
device_op!(BitXor, i32, "((a) ^ (b))", "0");
device_op!(Add, i64, "somd_ladd(a, b)", "0L");
device_op!(Mul, i64, "somd_lmul(a, b)", "1L");
device_op!(Min, i64, "somd_lmin(a, b)", "LONG_MAX");
device_op!(Max, i64, "somd_lmax(a, b)", "LONG_MIN");
device_op!(BitAnd, i64, "((a) & (b))", "(-1L)");
device_op!(BitOr, i64, "((a) | (b))", "0L");
device_op!(BitXor, i64, "((a) ^ (b))", "0L");
device_op!(Add, f32, "((a) + (b))", "0.0f");
device_op!(Mul, f32, "((a) * (b))", "1.0f");
device_op!(Min, f32, "somd_fmin(a, b)", "INFINITY");
device_op!(Max, f32, "somd_fmax(a, b)", "(-INFINITY)");
device_op!(Add, f64, "((a) + (b))", "0.0");
device_op!(Mul, f64, "((a) * (b))", "1.0");
device_op!(Min, f64, "somd_dmin(a, b)", "((double)INFINITY)");
device_op!(Max, f64, "somd_dmax(a, b)", "((double)-INFINITY)");
device_op!(BitAnd, bool, "((uchar)((a) & (b)))", "((uchar)1)");
device_op!(BitOr, bool, "((uchar)((a) | (b)))", "((uchar)0)");
device_op!(BitXor, bool, "((uchar)((a) ^ (b)))", "((uchar)0)");
device_op!(LogAnd, bool, "((uchar)((a) && (b)))", "((uchar)1)");
device_op!(LogOr, bool, "((uchar)((a) || (b)))", "((uchar)0)");

/// The reduction program for `Op` over `T` on `ctx`, reading elements of the OpenCL C type
/// `input` (built once per process and input type).
pub fn program<Op: DeviceReduceOp<T>, T: ReduceElem>(
    ctx: &'static DeviceCtx,
    input: Input,
) -> Result<Arc<BuiltProgram>, ClFailure> {
    let t = <T::Dev as ClScalar>::CL_NAME;
    let mut defines = format!(
        "#define SOMD_T {t}\n#define SOMD_IN {}\n#define SOMD_OP(a, b) {}\n#define SOMD_IDENTITY {}\n",
        input.cl_name().unwrap_or(t),
        Op::OP,
        Op::IDENTITY
    );
    if input == Input::Index {
        defines.push_str("#define SOMD_INDEX_INPUT\n");
    }
    let desc = ProgramDesc {
        name: "somd_reduce",
        defines: &defines,
        body: cl::SOMD_REDUCE,
        options: "",
        fast_math: false,
    };
    ctx.program(&desc).map_err(ClFailure::Build)
}

/// The elements a reduction reads: of its own type, or narrower Java integers it reduces as
/// `int`s (LANGUAGE.md: `byte`, `short` and `char` promote), converted in the kernel, so
/// that the array crosses in its own width.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    /// `T::Dev` itself.
    Same,
    /// `byte` (`char` in OpenCL C), sign-extended.
    Byte,
    /// `short`, sign-extended.
    Short,
    /// Java `char` (`ushort`), zero-extended.
    Char,
    /// No array: element `i` is `i` (`op ! Somd.range(n)`, [`reduce_index`]).
    Index,
}

impl Input {
    fn cl_name(self) -> Option<&'static str> {
        match self {
            Input::Same | Input::Index => None,
            Input::Byte => Some("char"),
            Input::Short => Some("short"),
            Input::Char => Some("ushort"),
        }
    }
}

/// Reduces the first `n` elements of `array` (already on the device) with `Op`.
pub fn reduce<Op: DeviceReduceOp<T>, T: ReduceElem>(
    ctx: &'static DeviceCtx,
    array: &DeviceArray<T::Dev>,
    n: usize,
) -> Result<T, ClFailure> {
    reduce_buffer::<Op, T>(ctx, array, n.min(array.len()), Input::Same)
}

/// Reduces the first `n` elements of the device buffer `array` (a [`DeviceArray`] or a
/// raw buffer holding at least `n` of them), of type `T::Dev` or the narrower `input`,
/// with `Op`.
pub fn reduce_buffer<Op: DeviceReduceOp<T>, T: ReduceElem>(
    ctx: &'static DeviceCtx,
    array: &impl KernelArg,
    n: usize,
    input: Input,
) -> Result<T, ClFailure> {
    reduce_from::<Op, T>(ctx, Some(array), n, input)
}

/// Reduces the indices `0..n` with `Op` (`op ! Somd.range(n)`, LANGUAGE.md §3.3: the range
/// is never made): the kernel takes element `i` as `i`, so nothing goes up.
pub fn reduce_index<Op: DeviceReduceOp<T>, T: ReduceElem>(
    ctx: &'static DeviceCtx,
    n: usize,
) -> Result<T, ClFailure> {
    reduce_from::<Op, T>(ctx, None, n, Input::Index)
}

/// [`reduce_buffer`] over `array`, or with `None` over the indices ([`Input::Index`]).
fn reduce_from<Op: DeviceReduceOp<T>, T: ReduceElem>(
    ctx: &'static DeviceCtx,
    array: Option<&dyn KernelArg>,
    n: usize,
    input: Input,
) -> Result<T, ClFailure> {
    if n == 0 {
        return Ok(Op::identity());
    }
    let count = i32::try_from(n).map_err(|_| ClFailure::Geometry { global: n, local: 0 })?;
    let program = program::<Op, T>(ctx, input)?;
    let kernel = program.kernel("somd_reduce")?;
    // A power-of-two work-group no larger than the kernel allows.
    let local = prev_power_of_two(kernel.local_1d());
    let groups = n.div_ceil(local).min(4 * ctx.info.compute_units as usize).max(1);
    let partials_buf =
        super::buffer::allocate::<T::Dev>(ctx, groups, super::buffer::Access::ReadWrite)?;
    let err = ErrorBuffer::new(ctx)?;
    let mut args = kernel.args();
    // The index form reads no input: its `in` is the partials buffer, never read.
    let input_arg: &dyn KernelArg = array.unwrap_or(&partials_buf);
    // SAFETY: argument types match `somd_reduce` in somd_reduce.cl.
    unsafe {
        args.set(0, input_arg)?.set(1, &count)?.set(2, &partials_buf)?;
        args.local::<T::Dev>(3, local)?.set_err(4, &err)?;
    }
    let info = args.run_1d_exact(ctx, groups * local, local)?;
    drop(args);
    let mut partials = vec![T::Dev::default(); groups];
    super::buffer::read(ctx, &partials_buf, 0, &mut partials, "somd_reduce.partials")?;
    // `somd_reduce` records no failure, and the blocking read waited for it.
    err.release_unused();
    let host_start = trace::enabled().then(Instant::now);
    let values: Vec<T> = partials.into_iter().map(T::from_dev).collect();
    let result = reduce::tree::<Op, T>(&values);
    if let Some(start) = host_start {
        let host_ns = start.elapsed().as_nanos() as u64;
        // The kernel's time is already in the call's `kernel_ns` (the launch's own trace);
        // `reduce_ns` is the host's share, so that the two add up without counting it twice.
        trace::add_to_call(|totals| totals.reduce_ns += host_ns);
        trace::emit(
            "reduce",
            &[
                ("op", Value::Str(op_name::<Op>())),
                ("type", Value::Str(<T::Dev as ClScalar>::CL_NAME)),
                ("device", Value::Str(ctx.label)),
                ("n", Value::U64(n as u64)),
                ("groups", Value::U64(groups as u64)),
                ("local", Value::U64(local as u64)),
                ("kernel_ns", info.kernel_ns.map_or(Value::Null, Value::U64)),
                ("host_ns", Value::U64(host_ns)),
            ],
        );
    }
    Ok(result)
}

/// Uploads `values` and reduces them on the device (for `!` on a host array).
pub fn reduce_slice<Op: DeviceReduceOp<T>, T: ReduceElem>(
    ctx: &'static DeviceCtx,
    values: &[T::Dev],
) -> Result<T, ClFailure> {
    if values.is_empty() {
        return Ok(Op::identity());
    }
    let mut array = DeviceArray::new(ctx, "reduce.input", values, super::buffer::Access::ReadOnly)?;
    array.ensure_on_device(values)?;
    reduce::<Op, T>(ctx, &array, values.len())
}

/// `&[bool]` as the `uchar` 0/1 values the device uses for `boolean`.
pub fn bools_as_bytes(values: &[bool]) -> &[u8] {
    // SAFETY: `bool` has the size and alignment of `u8` and is always 0 or 1.
    unsafe { std::slice::from_raw_parts(values.as_ptr().cast::<u8>(), values.len()) }
}

/// `Add`, `Min`, ... (the operator type's name).
fn op_name<Op>() -> &'static str {
    let full = std::any::type_name::<Op>();
    full.rsplit("::").next().unwrap_or(full)
}

pub(crate) fn prev_power_of_two(n: usize) -> usize {
    if n <= 1 {
        1
    } else {
        1 << (usize::BITS - 1 - n.leading_zeros())
    }
}
