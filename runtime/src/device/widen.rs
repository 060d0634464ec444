//! Java's widening conversions of a batch a device filter task left on the device, for the
//! next device filter of its graph whose worker takes a wider type (`task f => task g` with
//! `long f(..)` and `double g(long)`; note `device-execution`, "Task graphs"). The batch is
//! converted on the device by `runtime/cl/somd_widen.cl`, where it came down, was widened
//! by the host and went up again (probe 86).

use super::{allocate, DevBuf, DeviceCtx, Elem};
use crate::opencl::program::ProgramDesc;
use crate::opencl::{cl, ClFailure};

/// The OpenCL C type of a primitive element (`None`: `boolean` and value classes, which
/// Java never widens).
fn cl_name(elem: Elem) -> Option<&'static str> {
    Some(match elem {
        Elem::I8 => "char",
        Elem::I16 => "short",
        Elem::U16 => "ushort",
        Elem::I32 => "int",
        Elem::I64 => "long",
        Elem::F32 => "float",
        Elem::F64 => "double",
        Elem::Bool | Elem::Struct(_) => return None,
    })
}

/// The OpenCL C conversion of Java's widening from `from` to `to` (JLS §5.1.2), or `None`
/// when Java has none. Integers widen exactly (`char` zero-extended); to `float` and
/// `double` they round to nearest, as Java does (`int` and `long` to `float`, `long` to
/// `double`).
fn conversion(from: Elem, to: Elem) -> Option<&'static str> {
    use Elem::{F32, F64, I16, I32, I64, I8, U16};
    let rank = |e: Elem| match e {
        I8 => Some(0),
        I16 | U16 => Some(1),
        I32 => Some(2),
        I64 => Some(3),
        F32 => Some(4),
        F64 => Some(5),
        _ => None,
    };
    let (a, b) = (rank(from)?, rank(to)?);
    // `byte` and `short` do not widen to `char`, nor `char` to `short`.
    if b <= a || to == U16 {
        return None;
    }
    Some(match to {
        I16 => "(short)",
        I32 => "(int)",
        I64 => "(long)",
        F32 => "convert_float_rte",
        F64 => "convert_double_rte",
        _ => return None,
    })
}

/// Whether Java widens `from` to `to` and a device can do it in place of the host.
pub fn widens(from: Elem, to: Elem) -> bool {
    conversion(from, to).is_some()
}

/// `count` elements of `input` (of `from`), widened to `to` in a new buffer on `ctx`.
/// `None`: no such conversion, a device without `double`, or a failure to build or launch
/// (the caller's batch then comes down and runs on the CPU).
pub fn widened(
    ctx: &'static DeviceCtx,
    input: &DevBuf,
    from: Elem,
    to: Elem,
    count: usize,
) -> Option<DevBuf> {
    let conv = conversion(from, to)?;
    if (from == Elem::F64 || to == Elem::F64) && !ctx.info.fp64 {
        return None;
    }
    let n = i32::try_from(count).ok()?;
    let defines = format!(
        "#define SOMD_FROM {}\n#define SOMD_TO {}\n#define SOMD_CONV {conv}\n",
        cl_name(from)?,
        cl_name(to)?
    );
    let desc = ProgramDesc {
        name: "somd_widen",
        defines: &defines,
        body: cl::SOMD_WIDEN,
        options: "",
        fast_math: false,
    };
    let program = ctx.program(&desc).ok()?;
    let kernel = program.kernel("somd_widen").ok()?;
    let out = allocate(ctx, count.max(1) * to.size(), "a widened batch")?;
    let launched: Result<_, ClFailure> = (|| {
        let mut args = kernel.args();
        // SAFETY: argument types match `somd_widen` built with these defines: two buffers
        // holding at least `count` elements of `from` and `to`, and `int n`.
        unsafe {
            args.set(0, &*input.buffer)?.set(1, &*out.buffer)?.set(2, &n)?;
        }
        args.run_1d(ctx, count.max(1))
    })();
    launched.ok().map(|_| out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_javas_widening_conversions_are_made() {
        use Elem::{Bool, F32, F64, I16, I32, I64, I8, U16};
        let all = [Bool, I8, I16, U16, I32, I64, F32, F64, Elem::Struct(8)];
        let made: Vec<(Elem, Elem)> = all
            .iter()
            .flat_map(|&a| all.iter().map(move |&b| (a, b)))
            .filter(|&(a, b)| widens(a, b))
            .collect();
        let java = [
            (I8, I16),
            (I8, I32),
            (I8, I64),
            (I8, F32),
            (I8, F64),
            (I16, I32),
            (I16, I64),
            (I16, F32),
            (I16, F64),
            (U16, I32),
            (U16, I64),
            (U16, F32),
            (U16, F64),
            (I32, I64),
            (I32, F32),
            (I32, F64),
            (I64, F32),
            (I64, F64),
            (F32, F64),
        ];
        assert_eq!(made, java);
    }
}
