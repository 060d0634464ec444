//! Tests of the OpenCL layer on a real device (PoCL in CI): the Java arithmetic helpers of
//! `somd_java.cl` against the runtime's `java` module (bit-exact), the failure protocol
//! (bounds, division by zero) against the CPU exceptions' text, device reductions against
//! `reduce`, residency, staging, sub-buffers, 2-D launches, device selection by name, and
//! the `somd.toml` parser. Without an OpenCL platform each device test prints
//! `SKIPPED: no OpenCL platform` and passes, unless `SOMD_REQUIRE_OPENCL=1`.

use somd_runtime::error::{self, JavaException, SourcePos};
use somd_runtime::java::{arith, math};
use somd_runtime::opencl::config::{PlacementFile, Rule};
use somd_runtime::opencl::device::{self, DeviceQuery};
use somd_runtime::opencl::reduce::{self as dreduce, DeviceReduceOp, ReduceElem};
use somd_runtime::opencl::{
    fail, Access, DeviceArray, DeviceCtx, ErrorBuffer, ProgramDesc, StagingPolicy,
};
use somd_runtime::reduce::{self, Add, BitAnd, BitOr, BitXor, LogAnd, LogOr, Max, Min, Mul};
use std::sync::Arc;

/// The test device, or `None` after printing the skip line (a failure when
/// `SOMD_REQUIRE_OPENCL=1`).
fn device() -> Option<&'static DeviceCtx> {
    let why = match device::find(DeviceQuery::Any) {
        Ok(Some(ctx)) => return Some(ctx),
        Ok(None) => "no device".to_string(),
        Err(err) => err.to_string(),
    };
    if std::env::var("SOMD_REQUIRE_OPENCL").as_deref() == Ok("1") {
        panic!("SOMD_REQUIRE_OPENCL=1 but there is no OpenCL platform: {why}");
    }
    eprintln!("SKIPPED: no OpenCL platform ({why})");
    None
}

/// The device with its staging policy `Always` until the guard drops (`Auto` again). The
/// tests that stage hold it in turn, so that none sets `Auto` while another stages.
fn always_staged(ctx: &'static DeviceCtx) -> impl Drop {
    with_staging(ctx, StagingPolicy::Always)
}

/// The device with its staging policy `policy` until the guard drops (`Auto` again), held
/// in turn with the other tests that set one.
fn with_staging(ctx: &'static DeviceCtx, policy: StagingPolicy) -> impl Drop {
    struct Staged {
        ctx: &'static DeviceCtx,
        _turn: std::sync::MutexGuard<'static, ()>,
    }
    impl Drop for Staged {
        fn drop(&mut self) {
            self.ctx.set_staging_policy(StagingPolicy::Auto);
        }
    }
    static TURN: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let turn = TURN.lock().unwrap_or_else(|e| e.into_inner());
    ctx.set_staging_policy(policy);
    Staged { ctx, _turn: turn }
}

fn build(
    ctx: &'static DeviceCtx,
    name: &str,
    body: &str,
) -> Arc<somd_runtime::opencl::BuiltProgram> {
    build_with(ctx, name, "", body)
}

/// [`build`] with `defines` before the prelude.
fn build_with(
    ctx: &'static DeviceCtx,
    name: &str,
    defines: &str,
    body: &str,
) -> Arc<somd_runtime::opencl::BuiltProgram> {
    let desc = ProgramDesc { name, defines, body, options: "", fast_math: false };
    match ctx.program(&desc) {
        Ok(program) => program,
        Err(err) => panic!("{}: {}\n{}", err.program, err.message, err.log),
    }
}

/// Uploads `host` as a read-only array.
fn input<T: somd_runtime::opencl::ClScalar>(ctx: &'static DeviceCtx, host: &[T]) -> DeviceArray<T> {
    let mut array = DeviceArray::new(ctx, "input", host, Access::ReadOnly).expect("alloc");
    array.ensure_on_device(host).expect("upload");
    array
}

fn output<T: somd_runtime::opencl::ClScalar>(
    ctx: &'static DeviceCtx,
    host: &[T],
) -> DeviceArray<T> {
    let mut array = DeviceArray::new(ctx, "output", host, Access::WriteOnly).expect("alloc");
    array.ensure_on_device(host).expect("no upload");
    array
}

// ---------------------------------------------------------------------------------------
// Java arithmetic helpers

const ARITH_CL: &str = r#"
__kernel void int_ops(__global const int *a, __global const int *b, __global int *out,
                      const int n, SOMD_KERNEL_ERR)
{
    SOMD_ERR_INIT;
    int i = get_global_id(0);
    if (i >= n) return;
    int x = a[i], y = b[i];
    __global int *o = out + i * 13;
    o[0] = somd_iadd(x, y); o[1] = somd_isub(x, y); o[2] = somd_imul(x, y);
    o[3] = somd_ineg(x); o[4] = somd_ishl(x, y); o[5] = somd_ishr(x, y);
    o[6] = somd_iushr(x, y); o[7] = somd_iabs(x);
    o[8] = y == 0 ? 0 : somd_idiv(0, x, y); o[9] = y == 0 ? 0 : somd_irem(0, x, y);
    o[10] = somd_i2b(x); o[11] = somd_i2s(x); o[12] = somd_i2c(x);
}

__kernel void long_ops(__global const long *a, __global const long *b, __global long *out,
                       const int n, SOMD_KERNEL_ERR)
{
    SOMD_ERR_INIT;
    int i = get_global_id(0);
    if (i >= n) return;
    long x = a[i], y = b[i];
    int s = (int)(y & 0xff) - 64;
    __global long *o = out + i * 11;
    o[0] = somd_ladd(x, y); o[1] = somd_lsub(x, y); o[2] = somd_lmul(x, y);
    o[3] = somd_lneg(x); o[4] = somd_lshl(x, s); o[5] = somd_lshr(x, s);
    o[6] = somd_lushr(x, s); o[7] = somd_labs(x);
    o[8] = y == 0 ? 0 : somd_ldiv(0, x, y); o[9] = y == 0 ? 0 : somd_lrem(0, x, y);
    o[10] = somd_l2i(x);
}

__kernel void float_ops(__global const float *a, __global const float *b, __global int *out,
                        __global long *outl, const int n, SOMD_KERNEL_ERR)
{
    SOMD_ERR_INIT;
    int i = get_global_id(0);
    if (i >= n) return;
    float x = a[i], y = b[i];
    __global int *o = out + i * 11;
    o[0] = somd_f2i(x); o[1] = somd_fround(x); o[2] = as_int(somd_fsignum(x));
    o[3] = as_int(somd_fmin(x, y)); o[4] = as_int(somd_fmax(x, y)); o[5] = as_int(somd_fabs(x));
    o[6] = as_int(x * y); o[7] = as_int(x / y); o[8] = as_int(x + y); o[9] = as_int(sqrt(x));
    o[10] = as_int(x * y + x);
    outl[i] = somd_f2l(x);
}

__kernel void double_ops(__global const double *a, __global const double *b, __global long *out,
                         __global int *outi, const int n, SOMD_KERNEL_ERR)
{
    SOMD_ERR_INIT;
    int i = get_global_id(0);
    if (i >= n) return;
    double x = a[i], y = b[i];
    __global long *o = out + i * 12;
    o[0] = somd_d2l(x); o[1] = somd_dround(x); o[2] = as_long(somd_rint(x));
    o[3] = as_long(somd_dsignum(x)); o[4] = as_long(somd_dmin(x, y));
    o[5] = as_long(somd_dmax(x, y)); o[6] = as_long(somd_dabs(x)); o[7] = as_long(x * y);
    o[8] = as_long(x / y); o[9] = as_long(x + y); o[10] = as_long(sqrt(x));
    o[11] = as_long(x * y + x);
    outi[i] = somd_d2i(x);
}
"#;

static NO_SITES: [SourcePos; 1] = [SourcePos::new("Arith.somd", 1, 1)];

/// All ordered pairs of `values`.
fn pairs<T: Copy>(values: &[T]) -> (Vec<T>, Vec<T>) {
    let mut xs = Vec::new();
    let mut ys = Vec::new();
    for &x in values {
        for &y in values {
            xs.push(x);
            ys.push(y);
        }
    }
    (xs, ys)
}

/// Runs kernel `name` over `xs`, `ys` with one or two output arrays.
fn run_pairs<A, B, C>(
    ctx: &'static DeviceCtx,
    name: &str,
    xs: &[A],
    ys: &[A],
    out_b: &mut [B],
    out_c: Option<&mut [C]>,
) where
    A: somd_runtime::opencl::ClScalar,
    B: somd_runtime::opencl::ClScalar,
    C: somd_runtime::opencl::ClScalar,
{
    let program = build(ctx, "arith_test", ARITH_CL);
    let kernel = program.kernel(name).expect("kernel");
    let a = input(ctx, xs);
    let b = input(ctx, ys);
    let mut o = output(ctx, out_b);
    let n = xs.len() as i32;
    let err = ErrorBuffer::new(ctx).expect("err");
    let mut args = kernel.args();
    match out_c {
        Some(out_c) => {
            let mut oc = output(ctx, out_c);
            unsafe {
                args.set(0, &a)
                    .expect("set arg")
                    .set(1, &b)
                    .expect("set arg")
                    .set(2, &o)
                    .expect("set arg");
                args.set(3, &oc)
                    .expect("set arg")
                    .set(4, &n)
                    .expect("set arg")
                    .set_err(5, &err)
                    .expect("set arg");
            }
            args.run_1d(ctx, xs.len()).expect("launch");
            drop(args);
            err.check(&NO_SITES).expect("check");
            oc.mark_device_dirty();
            oc.ensure_on_host(out_c).expect("download");
        }
        None => {
            unsafe {
                args.set(0, &a)
                    .expect("set arg")
                    .set(1, &b)
                    .expect("set arg")
                    .set(2, &o)
                    .expect("set arg");
                args.set(3, &n).expect("set arg").set_err(4, &err).expect("set arg");
            }
            args.run_1d(ctx, xs.len()).expect("launch");
            drop(args);
            err.check(&NO_SITES).expect("check");
        }
    }
    o.mark_device_dirty();
    o.ensure_on_host(out_b).expect("download");
}

const INTS: [i32; 20] = [
    0,
    1,
    -1,
    2,
    -2,
    7,
    -7,
    31,
    32,
    33,
    -33,
    63,
    64,
    100,
    255,
    128,
    -129,
    65535,
    i32::MAX,
    i32::MIN,
];

#[test]
fn java_int_arithmetic_matches_cpu() {
    let Some(ctx) = device() else { return };
    let (xs, ys) = pairs(&INTS[..]);
    let mut extra: Vec<i32> = vec![0x1234_5678, -0x1234_5678, 0x7fff, -0x8000, 0xffff];
    extra.extend([46341, -46341, 1 << 30]);
    let (xs2, ys2) = pairs(&extra);
    let xs: Vec<i32> = xs.into_iter().chain(xs2).collect();
    let ys: Vec<i32> = ys.into_iter().chain(ys2).collect();
    let mut out = vec![0i32; xs.len() * 13];
    run_pairs::<i32, i32, i32>(ctx, "int_ops", &xs, &ys, &mut out, None);
    for (i, (&x, &y)) in xs.iter().zip(&ys).enumerate() {
        let expect = [
            x.wrapping_add(y),
            x.wrapping_sub(y),
            x.wrapping_mul(y),
            x.wrapping_neg(),
            arith::ishl(x, y),
            arith::ishr(x, y),
            arith::iushr(x, y),
            math::abs_i32(x),
            if y == 0 { 0 } else { arith::idiv(x, y, &NO_SITES[0]) },
            if y == 0 { 0 } else { arith::irem(x, y, &NO_SITES[0]) },
            i32::from(arith::i2b(x)),
            i32::from(arith::i2s(x)),
            i32::from(arith::i2c(x)),
        ];
        assert_eq!(&out[i * 13..i * 13 + 13], &expect, "x={x} y={y}");
    }
}

#[test]
fn java_long_arithmetic_matches_cpu() {
    let Some(ctx) = device() else { return };
    let values: [i64; 16] = [
        0,
        1,
        -1,
        7,
        -7,
        63 + 64,
        64 + 64,
        65 + 64,
        0x1_0000_0000,
        -0x1_0000_0001,
        0x7fff_ffff,
        -0x8000_0000,
        0x1234_5678_9abc_def0,
        3_037_000_500,
        i64::MAX,
        i64::MIN,
    ];
    let (xs, ys) = pairs(&values[..]);
    let mut out = vec![0i64; xs.len() * 11];
    run_pairs::<i64, i64, i64>(ctx, "long_ops", &xs, &ys, &mut out, None);
    for (i, (&x, &y)) in xs.iter().zip(&ys).enumerate() {
        let s = (y & 0xff) as i32 - 64;
        let expect = [
            x.wrapping_add(y),
            x.wrapping_sub(y),
            x.wrapping_mul(y),
            x.wrapping_neg(),
            arith::lshl(x, s),
            arith::lshr(x, s),
            arith::lushr(x, s),
            math::abs_i64(x),
            if y == 0 { 0 } else { arith::ldiv(x, y, &NO_SITES[0]) },
            if y == 0 { 0 } else { arith::lrem(x, y, &NO_SITES[0]) },
            i64::from(x as i32),
        ];
        assert_eq!(&out[i * 11..i * 11 + 11], &expect, "x={x} y={y}");
    }
}

fn same_f32(device: i32, host: f32) -> bool {
    let device = f32::from_bits(device as u32);
    (device.is_nan() && host.is_nan()) || device.to_bits() == host.to_bits()
}

fn same_f64(device: i64, host: f64) -> bool {
    let device = f64::from_bits(device as u64);
    (device.is_nan() && host.is_nan()) || device.to_bits() == host.to_bits()
}

#[test]
fn java_float_arithmetic_matches_cpu() {
    let Some(ctx) = device() else { return };
    let values: [f32; 22] = [
        0.0,
        -0.0,
        0.5,
        -0.5,
        1.5,
        2.5,
        -2.5,
        0.499_999_97,
        -1.1,
        1.0 / 3.0,
        f32::NAN,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::MAX,
        f32::MIN_POSITIVE,
        1e-45,
        3e9,
        -3e9,
        1e20,
        2_147_483_647.0,
        -2_147_483_648.0,
        8_388_609.0,
    ];
    let (xs, ys) = pairs(&values[..]);
    let mut out = vec![0i32; xs.len() * 11];
    let mut outl = vec![0i64; xs.len()];
    run_pairs::<f32, i32, i64>(ctx, "float_ops", &xs, &ys, &mut out, Some(&mut outl));
    for (i, (&x, &y)) in xs.iter().zip(&ys).enumerate() {
        let o = &out[i * 11..i * 11 + 11];
        assert_eq!(o[0], arith::f2i(x), "f2i({x})");
        assert_eq!(o[1], math::round_f32(x), "round({x})");
        assert!(same_f32(o[2], math::signum_f32(x)), "signum({x})");
        assert!(same_f32(o[3], math::min_f32(x, y)), "min({x:?}, {y:?})");
        assert!(same_f32(o[4], math::max_f32(x, y)), "max({x:?}, {y:?})");
        assert!(same_f32(o[5], x.abs()), "abs({x})");
        assert!(same_f32(o[6], x * y), "{x} * {y}");
        assert!(same_f32(o[7], x / y), "{x} / {y}");
        assert!(same_f32(o[8], x + y), "{x} + {y}");
        assert!(same_f32(o[9], x.sqrt()), "sqrt({x})");
        assert!(same_f32(o[10], x * y + x), "{x} * {y} + {x} (no FMA contraction)");
        assert_eq!(outl[i], arith::f2l(x), "f2l({x})");
    }
}

const SQRTF_CL: &str = r#"
__kernel void float_roots(__global const int *bits, __global int *out, const int n,
                          SOMD_KERNEL_ERR)
{
    SOMD_ERR_INIT;
    int i = get_global_id(0);
    if (i >= n) return;
    float x = as_float(bits[i]);
    out[3 * i] = as_int(SOMD_SQRTF(x));
    out[3 * i + 1] = as_int(sqrt(x));
#ifdef SOMD_HAS_FP64
    out[3 * i + 2] = as_int((float)sqrt((double)x));
#else
    out[3 * i + 2] = as_int(sqrt(x));
#endif
}
"#;

/// `(float) Math.sqrt(f)` of a `float` is the correctly rounded float square root, which
/// `SOMD_SQRTF` takes where the program is built with correctly rounded ones: the macro (in
/// the branch the device's build takes, and in the double branch, the program built with
/// `SOMD_CR_SQRT` undefined), the float root and the double root rounded to float each give
/// Java's bits, over every exponent with edge and random significands, the special values
/// and subnormals. The runtime defines `SOMD_CR_SQRT` exactly where the device has correctly
/// rounded float roots.
#[test]
fn java_float_square_root_matches_cpu() {
    let Some(ctx) = device() else { return };
    if !ctx.info.correct_div_sqrt && !ctx.info.fp64 {
        eprintln!("SKIPPED: device has neither correctly rounded float sqrt nor fp64");
        return;
    }
    let plain = ProgramDesc {
        name: "sqrtf_test",
        defines: "",
        body: SQRTF_CL,
        options: "",
        fast_math: false,
    };
    assert_eq!(
        plain.build_options(ctx).contains("-DSOMD_CR_SQRT"),
        ctx.info.correct_div_sqrt,
        "{}",
        plain.build_options(ctx)
    );
    let mut bits: Vec<i32> = Vec::new();
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    for exponent in 0..=255u32 {
        for significand in [0u32, 1, 2, 0x3f_ffff, 0x40_0000, 0x40_0001, 0x7f_fffe, 0x7f_ffff] {
            for sign in [0u32, 1 << 31] {
                bits.push((sign | exponent << 23 | significand) as i32);
            }
        }
        for _ in 0..256 {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            bits.push((exponent << 23 | (state >> 41) as u32 & 0x7f_ffff) as i32);
        }
    }
    // The branch the device's build takes, then (with fp64) the double branch.
    let double_branch = ProgramDesc { defines: "#undef SOMD_CR_SQRT", ..plain };
    let mut builds = vec![(plain, ctx.info.correct_div_sqrt)];
    if ctx.info.fp64 {
        builds.push((double_branch, false));
    }
    for (desc, float_root) in builds {
        let program = match ctx.program(&desc) {
            Ok(program) => program,
            Err(err) => panic!("{}: {}\n{}", err.program, err.message, err.log),
        };
        let kernel = program.kernel("float_roots").expect("kernel");
        let a = input(ctx, &bits);
        let mut host = vec![0i32; bits.len() * 3];
        let mut o = output(ctx, &host);
        let n = bits.len() as i32;
        let err = ErrorBuffer::new(ctx).expect("err");
        let mut args = kernel.args();
        unsafe {
            args.set(0, &a)
                .expect("set arg")
                .set(1, &o)
                .expect("set arg")
                .set(2, &n)
                .expect("set arg")
                .set_err(3, &err)
                .expect("set arg");
        }
        args.run_1d(ctx, bits.len()).expect("launch");
        drop(args);
        err.check(&NO_SITES).expect("check");
        o.mark_device_dirty();
        o.ensure_on_host(&mut host).expect("download");
        let forms = ["SOMD_SQRTF", "float sqrt", "double sqrt rounded to float"];
        for (i, &b) in bits.iter().enumerate() {
            let x = f32::from_bits(b as u32);
            let java = (x as f64).sqrt() as f32;
            for (form, &got) in forms.iter().zip(&host[3 * i..3 * i + 3]) {
                // The float root only where the program is built with correctly rounded ones.
                if *form == "float sqrt" && !float_root {
                    continue;
                }
                assert!(
                    same_f32(got, java),
                    "{form} ({}, bits {b:#x}): {:e} for {x:e}",
                    desc.defines,
                    f32::from_bits(got as u32)
                );
            }
        }
    }
}

#[test]
fn java_double_arithmetic_matches_cpu() {
    let Some(ctx) = device() else { return };
    if !ctx.info.fp64 {
        eprintln!("SKIPPED: device has no fp64");
        return;
    }
    let values: [f64; 22] = [
        0.0,
        -0.0,
        0.5,
        -0.5,
        1.5,
        2.5,
        -2.5,
        0.499_999_999_999_999_94,
        4_503_599_627_370_497.0,
        -1.1,
        1.0 / 3.0,
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::MAX,
        f64::MIN_POSITIVE,
        5e-324,
        9.3e18,
        -9.3e18,
        3e9,
        -2_147_483_648.5,
        1e300,
    ];
    let (xs, ys) = pairs(&values[..]);
    let mut out = vec![0i64; xs.len() * 12];
    let mut outi = vec![0i32; xs.len()];
    run_pairs::<f64, i64, i32>(ctx, "double_ops", &xs, &ys, &mut out, Some(&mut outi));
    for (i, (&x, &y)) in xs.iter().zip(&ys).enumerate() {
        let o = &out[i * 12..i * 12 + 12];
        assert_eq!(o[0], arith::d2l(x), "d2l({x})");
        assert_eq!(o[1], math::round_f64(x), "round({x})");
        assert!(same_f64(o[2], math::rint(x)), "rint({x})");
        assert!(same_f64(o[3], math::signum_f64(x)), "signum({x})");
        assert!(same_f64(o[4], math::min_f64(x, y)), "min({x:?}, {y:?})");
        assert!(same_f64(o[5], math::max_f64(x, y)), "max({x:?}, {y:?})");
        assert!(same_f64(o[6], x.abs()), "abs({x})");
        assert!(same_f64(o[7], x * y), "{x} * {y}");
        assert!(same_f64(o[8], x / y), "{x} / {y}");
        assert!(same_f64(o[9], x + y), "{x} + {y}");
        assert!(same_f64(o[10], x.sqrt()), "sqrt({x})");
        assert!(same_f64(o[11], x * y + x), "{x} * {y} + {x} (no FMA contraction)");
        assert_eq!(outi[i], arith::d2i(x), "d2i({x})");
    }
}

// ---------------------------------------------------------------------------------------
// Failure protocol

const FAIL_CL: &str = r#"
__kernel void store_at(__global int *a, const int len, const int bad_item, const int bad_index,
                       SOMD_KERNEL_ERR)
{
    SOMD_ERR_INIT;
    int i = get_global_id(0);
    if (i >= len) return;
    int j = i == bad_item ? bad_index : i;
    SOMD_CHECK_INDEX(1, j, len);
    a[j] = i;
}

__kernel void divide(__global const int *a, __global const int *b, __global int *out,
                     const int n, SOMD_KERNEL_ERR)
{
    SOMD_ERR_INIT;
    int i = get_global_id(0);
    if (i >= n) return;
    out[i] = somd_idiv(2, a[i], b[i]);
}

__kernel void several(__global int *out, const int n, const int from, SOMD_KERNEL_ERR)
{
    SOMD_ERR_INIT;
    int i = get_global_id(0);
    if (i >= n) return;
    SOMD_AT(i);
    int j = i >= from ? i + n : i;
    SOMD_CHECK_INDEX(1, j, n);
    out[j] = i;
}

/* Item `n - 1 - r` runs the iterations `r * stride .. r * stride + stride - 1` of a space
 * of more than 2^32 (row `r` of a flattened 2-D loop), keyed by their place, so that the
 * items a CPU device runs first hold the later rows; in the 600 rows from `from` on (each
 * lowering the first key), the last iteration fails, reading index `r + n`. */
__kernel void far(const int n, const int from, const long stride, SOMD_KERNEL_ERR)
{
    SOMD_ERR_INIT;
    int i = get_global_id(0);
    if (i >= n) return;
    const int r = n - 1 - i;
    SOMD_AT((long)r * stride + stride - 1);
    int j = r >= from && r < from + 600 ? r + n : r;
    SOMD_CHECK_INDEX(1, j, n);
}

/* Item `i` runs iteration `n - 1 - i` of Java's order (as an elementwise loop stepping
 * down runs its indices upwards), so the items a device runs first hold the later
 * iterations and each failure lowers the first key; every iteration from `from` on fails,
 * reading index `k + n`. */
__kernel void descending(const int n, const int from, SOMD_KERNEL_ERR)
{
    SOMD_ERR_INIT;
    int i = get_global_id(0);
    if (i >= n) return;
    const int k = n - 1 - i;
    SOMD_AT(k);
    int j = k >= from ? k + n : k;
    SOMD_CHECK_INDEX(1, j, n);
}

/* One work-group per iteration `g` (its key); lane `l` takes the inner steps `j = k *
 * lanes + lanes - 1 - l` (lane 0 the last of each round), each under `sub = j + 1`; every
 * step from `bad_from` on reads past `m`. */
__kernel void lanes(__global int *out, const int m, const int bad_from, SOMD_KERNEL_ERR)
{
    SOMD_ERR_INIT;
    const int g = (int)get_group_id(0);
    const int lanes = (int)get_local_size(0);
    const int lid = (int)get_local_id(0);
    SOMD_AT(g);
    for (int k = 0;; k++) {
        const int j = k * lanes + lanes - 1 - lid;
        if (j >= m) break;
        somd_err->sub = (uint)j + 1u;
        const int x = j >= bad_from ? j + 1000 : j;
        out[g * m + SOMD_INDEX(1, x, m)] = j;
    }
}

__kernel void new_array(const int size, SOMD_KERNEL_ERR)
{
    SOMD_ERR_INIT;
    if (get_global_id(0) == 0) {
        SOMD_CHECK_SIZE(0, size);
    }
}
"#;

static SITES: [SourcePos; 3] = [
    SourcePos::new("Fail.somd", 3, 9),
    SourcePos::new("Fail.somd", 7, 17),
    SourcePos::new("Fail.somd", 12, 21),
];

/// Runs `store_at` and returns the exception the error buffer raises.
fn store_at(
    ctx: &'static DeviceCtx,
    len: usize,
    bad_item: i32,
    bad_index: i32,
) -> Option<JavaException> {
    let program = build(ctx, "fail_test", FAIL_CL);
    let kernel = program.kernel("store_at").expect("kernel");
    let host = vec![0i32; len];
    let a = output(ctx, &host);
    let err = ErrorBuffer::new(ctx).expect("err");
    let len_arg = len as i32;
    let mut args = kernel.args();
    unsafe {
        args.set(0, &a)
            .expect("set arg")
            .set(1, &len_arg)
            .expect("set arg")
            .set(2, &bad_item)
            .expect("set arg");
        args.set(3, &bad_index).expect("set arg").set_err(4, &err).expect("set arg");
    }
    args.run_1d(ctx, len).expect("launch");
    drop(args);
    error::catch(|| err.check(&SITES).expect("read")).err()
}

#[test]
fn bounds_failure_is_reported_with_site_and_java_text() {
    let Some(ctx) = device() else { return };
    assert_eq!(store_at(ctx, 1000, -1, 0), None, "no failure");
    for (bad_index, len) in [(1007, 1000), (-1, 1000), (i32::MIN, 1000), (1000, 1000)] {
        let device_exc = store_at(ctx, len, 500, bad_index).expect("a failure");
        let cpu_exc = error::catch(|| error::index_out_of_bounds(bad_index.into(), len, &SITES[1]))
            .expect_err("throws");
        assert_eq!(device_exc, cpu_exc);
        assert_eq!(
            device_exc.report(),
            format!(
                "Exception in thread \"main\" java.lang.ArrayIndexOutOfBoundsException: \
                 Index {bad_index} out of bounds for length {len}\n\tat Fail.somd:7:17\n"
            )
        );
    }
}

#[test]
fn division_by_zero_is_reported() {
    let Some(ctx) = device() else { return };
    let program = build(ctx, "fail_test", FAIL_CL);
    let kernel = program.kernel("divide").expect("kernel");
    let n = 4096;
    let a_host: Vec<i32> = (0..n as i32).map(|i| i * 3 - 7).collect();
    let mut b_host: Vec<i32> = (0..n as i32).map(|i| i % 13 + 1).collect();
    b_host[3001] = 0;
    b_host[17] = -1;
    let mut out_host = vec![0i32; n];
    let a = input(ctx, &a_host);
    let b = input(ctx, &b_host);
    let mut out = output(ctx, &out_host);
    let err = ErrorBuffer::new(ctx).expect("err");
    let n_arg = n as i32;
    let mut args = kernel.args();
    unsafe {
        args.set(0, &a)
            .expect("set arg")
            .set(1, &b)
            .expect("set arg")
            .set(2, &out)
            .expect("set arg");
        args.set(3, &n_arg).expect("set arg").set_err(4, &err).expect("set arg");
    }
    args.run_1d(ctx, n).expect("launch");
    drop(args);
    let device_exc = error::catch(|| err.check(&SITES).expect("read")).expect_err("fails");
    let cpu_exc = error::catch(|| arith::idiv(5, 0, &SITES[2])).expect_err("throws");
    assert_eq!(device_exc, cpu_exc);
    assert_eq!(
        device_exc.report(),
        "Exception in thread \"main\" java.lang.ArithmeticException: / by zero\n\tat Fail.somd:12:21\n"
    );
    // The other work-items computed Java's quotients (MIN / -1 style cases included).
    out.mark_device_dirty();
    out.ensure_on_host(&mut out_host).expect("download");
    for i in (0..n).filter(|&i| i != 3001) {
        assert_eq!(out_host[i], arith::idiv(a_host[i], b_host[i], &SITES[2]), "i={i}");
    }
}

#[test]
fn negative_size_and_decode_texts() {
    let Some(ctx) = device() else { return };
    let program = build(ctx, "fail_test", FAIL_CL);
    let kernel = program.kernel("new_array").expect("kernel");
    let err = ErrorBuffer::new(ctx).expect("err");
    let size = -5i32;
    let mut args = kernel.args();
    unsafe {
        args.set(0, &size).expect("set arg").set_err(1, &err).expect("set arg");
    }
    args.run_1d(ctx, 1).expect("launch");
    drop(args);
    let exc = error::catch(|| err.check(&SITES).expect("read")).expect_err("fails");
    assert_eq!(exc.headline(), "java.lang.NegativeArraySizeException: -5");
    assert_eq!(exc.position, SITES[0]);
    // Host-side decoding of the remaining kinds.
    let failure = |site, kind, index, length| fail::Failure { site, kind, index, length };
    let npe = fail::decode(failure(2, 4, 0, 0), &SITES);
    assert_eq!(npe.headline(), "java.lang.NullPointerException");
    let map = fail::decode(failure(0, 6, 3, 4), &SITES);
    assert_eq!(
        map.headline(),
        "java.lang.IllegalArgumentException: mapped arguments of @ have different lengths: 3 and 4"
    );
    let unknown = fail::decode(failure(9, 1, 0, 0), &SITES);
    assert_eq!(unknown.class, "java.lang.Error");
    let unlogged = fail::decode(fail::Failure::UNLOGGED, &SITES);
    assert_eq!(
        unlogged.headline(),
        "java.lang.Error: a kernel failed, and the device's failure log holds no entry of it"
    );
}

/// Runs `several` on `err`: every item from `from` on fails, its key its index.
fn several(ctx: &'static DeviceCtx, err: &ErrorBuffer, n: usize, from: i32) {
    let program = build(ctx, "fail_test", FAIL_CL);
    let kernel = program.kernel("several").expect("kernel");
    let host = vec![0i32; n];
    let out = output(ctx, &host);
    let mut args = kernel.args();
    unsafe {
        args.set(0, &out).expect("set arg").set(1, &(n as i32)).expect("set arg");
        args.set(2, &from).expect("set arg").set_err(3, err).expect("set arg");
    }
    args.run_1d(ctx, n).expect("launch");
}

/// Java reports the first failing iteration: of the many items that fail at once, the one
/// of the smallest key, whichever recorded first.
#[test]
fn the_first_failing_iteration_is_reported() {
    let Some(ctx) = device() else { return };
    let n = 200_000;
    for from in [0, 1, 300, 4099, 123_457, 199_999] {
        let err = ErrorBuffer::new(ctx).expect("err");
        several(ctx, &err, n, from);
        let exc = error::catch(|| err.check(&SITES).expect("read")).expect_err("fails");
        let expect = format!(
            "java.lang.ArrayIndexOutOfBoundsException: Index {} out of bounds for length {n}",
            from + n as i32
        );
        assert_eq!(exc.headline(), expect, "failures from {from}");
    }
}

/// Failures met in the reverse of Java's order, far more of them than the log's 1024
/// entries, each lowering the first key: the first iteration's failure is still raised
/// (the log is a ring whose entries a worse key never overwrites), with 64-bit keys and
/// with the 32-bit keys of a device without 64-bit atomics (the extension's macro
/// undefined before the prelude).
#[test]
fn failures_met_in_reverse_order_keep_the_first() {
    let Some(ctx) = device() else { return };
    for defines in ["", "#undef cl_khr_int64_extended_atomics\n"] {
        let program = build_with(ctx, "fail_test", defines, FAIL_CL);
        reverse_order_failures(ctx, &program, defines);
    }
}

fn reverse_order_failures(
    ctx: &'static DeviceCtx,
    program: &somd_runtime::opencl::BuiltProgram,
    defines: &str,
) {
    let kernel = program.kernel("descending").expect("kernel");
    let n = 200_000;
    for from in [0, 1, 1023, 1024, 5000, 198_000, 199_999] {
        let err = ErrorBuffer::new(ctx).expect("err");
        let mut args = kernel.args();
        unsafe {
            args.set(0, &(n as i32)).expect("set arg").set(1, &from).expect("set arg");
            args.set_err(2, &err).expect("set arg");
        }
        args.run_1d(ctx, n).expect("launch");
        drop(args);
        let exc = error::catch(|| err.check(&SITES).expect("read")).expect_err("fails");
        let expect = format!(
            "java.lang.ArrayIndexOutOfBoundsException: Index {} out of bounds for length {n}",
            from + n as i32
        );
        assert_eq!(exc.headline(), expect, "failures from {from}, {defines:?}");
        let words = err.read().expect("read");
        assert_eq!(fail::wide_keys(&words), defines.is_empty() && ctx.info.int64_atomics);
    }
}

/// A later launch's failures, even of smaller keys, never replace an earlier launch's on
/// the same buffer (the host reads the buffer once after both, as in a `sync` body).
#[test]
fn an_earlier_launch_keeps_its_failure() {
    let Some(ctx) = device() else { return };
    let n = 10_000;
    let err = ErrorBuffer::new(ctx).expect("err");
    several(ctx, &err, n, n as i32);
    several(ctx, &err, n, 5000);
    several(ctx, &err, n, 10);
    let exc = error::catch(|| err.check(&SITES).expect("read")).expect_err("fails");
    assert_eq!(
        exc.headline(),
        "java.lang.ArrayIndexOutOfBoundsException: Index 15000 out of bounds for length 10000"
    );
}

/// Lanes sharing an iteration's key report Java's first inner step: of the steps that
/// fail in group 0, the smallest, although lane 0 (which runs first on a CPU device)
/// fails at a later step of each round.
#[test]
fn the_first_failing_inner_step_of_an_iteration_is_reported() {
    let Some(ctx) = device() else { return };
    let (m, groups, lanes) = (300, 4, 64);
    let program = build(ctx, "fail_test", FAIL_CL);
    let kernel = program.kernel("lanes").expect("kernel");
    let local = lanes.min(kernel.max_local());
    for bad_from in [0, 5, 37, 63, 64, 299] {
        let host = vec![0i32; m * groups];
        let out = output(ctx, &host);
        let err = ErrorBuffer::new(ctx).expect("err");
        let mut args = kernel.args();
        unsafe {
            args.set(0, &out).expect("set arg").set(1, &(m as i32)).expect("set arg");
            args.set(2, &bad_from).expect("set arg").set_err(3, &err).expect("set arg");
        }
        args.run_1d_exact(ctx, groups * local, local).expect("launch");
        drop(args);
        let exc = error::catch(|| err.check(&SITES).expect("read")).expect_err("fails");
        let expect = format!(
            "java.lang.ArrayIndexOutOfBoundsException: Index {} out of bounds for length {m}",
            bad_from + 1000
        );
        assert_eq!(exc.headline(), expect, "steps from {bad_from} with {local} lanes");
    }
}

/// Keys past 2^32 stay apart where the device has 64-bit atomics: of the rows failing at
/// places `r * stride + stride - 1` (all past 2^32 for `stride` = 2^20 and `r` from 4096),
/// the first is raised, whichever recorded first. With 32-bit keys they all share one key,
/// and the row recorded first, a later one on PoCL, was raised.
#[test]
fn failures_past_2_pow_32_iterations_keep_their_order() {
    let Some(ctx) = device() else { return };
    if !ctx.info.int64_atomics {
        eprintln!("SKIPPED: the device has no 64-bit atomics: keys are 32-bit");
        return;
    }
    let program = build(ctx, "fail_test", FAIL_CL);
    let kernel = program.kernel("far").expect("kernel");
    let (n, stride) = (20_000, 1i64 << 20);
    for from in [4096, 4097, 9999, 19_999] {
        let err = ErrorBuffer::new(ctx).expect("err");
        let mut args = kernel.args();
        unsafe {
            args.set(0, &(n as i32)).expect("set arg").set(1, &from).expect("set arg");
            args.set(2, &stride).expect("set arg").set_err(3, &err).expect("set arg");
        }
        args.run_1d(ctx, n).expect("launch");
        drop(args);
        let exc = error::catch(|| err.check(&SITES).expect("read")).expect_err("fails");
        let expect = format!(
            "java.lang.ArrayIndexOutOfBoundsException: Index {} out of bounds for length {n}",
            from + n as i32
        );
        assert_eq!(exc.headline(), expect, "failures from {from}");
    }
}

/// The words of an inverted 64-bit key, in the device's (the host's) byte order.
fn inverted(key: u64) -> [i32; 2] {
    let bytes = (!key).to_ne_bytes();
    [0, 4].map(|k| i32::from_ne_bytes(bytes[k..k + 4].try_into().expect("four bytes")))
}

/// A head whose first key is the 64-bit `key`.
fn head(key: u64) -> [i32; 4] {
    let [low, high] = inverted(key);
    [1, 3, low, high]
}

/// A log entry of the 64-bit `key`, `sub` and `index` (site 1, kind 1, length 9).
fn entry(key: u64, sub: u32, index: i32) -> [i32; 8] {
    let [low, high] = inverted(key);
    [low, high, sub as i32, 1, 1, index, 9, 0]
}

fn log(entries: &[[i32; 8]]) -> Vec<i32> {
    entries.concat()
}

#[test]
fn the_log_gives_the_first_key_or_the_smallest_logged() {
    let empty = [0; 8];
    let entries = log(&[entry(7, 0, 70), empty, entry(3, 0, 30), entry(5, 0, 50), empty]);
    let first = fail::first_failure(&head(3), &entries).expect("logged");
    assert_eq!(first.index, 30);
    // The entry of the minimum is missing: the smallest logged.
    let lost = fail::first_failure(&head(2), &entries).expect("logged");
    assert_eq!(lost.index, 30);
    assert_eq!(fail::first_failure(&head(1), &[]), None);
    assert_eq!(fail::first_failure(&head(1), &log(&[empty, empty])), None);
    // Of one key, the smallest sub, then the lowest slot.
    let subs = log(&[entry(4, 9, 90), entry(4, 2, 20), entry(4, 2, 21), entry(4, 0, 11)]);
    assert_eq!(fail::first_failure(&head(4), &subs[..24]).expect("logged").index, 20);
    assert_eq!(fail::first_failure(&head(4), &subs).expect("logged").index, 11);
    // 64-bit keys compare whole: a larger low word in a smaller high word comes first.
    let far = log(&[entry(2 << 32 | 1, 0, 21), entry(1 << 32 | 0xFFFF_FFF0, 0, 19)]);
    let first = fail::first_failure(&head(1 << 32 | 0xFFFF_FFF0), &far);
    assert_eq!(first.expect("logged").index, 19);
    assert_eq!(fail::first_failure(&head(5), &far).expect("logged").index, 19);
    // 32-bit keys: a `uint` ~key in word 0 of each entry, as in the head's word 2.
    let narrow = |key: u32, index| [!key as i32, 0, 0, 1, 1, index, 9, 0];
    let entries = log(&[narrow(9, 90), empty, narrow(6, 60), narrow(8, 80)]);
    let first = fail::first_failure(&[1, 3, !6, 0], &entries);
    assert_eq!(first.expect("logged").index, 60);
    assert_eq!(fail::first_failure(&[1, 3, !2, 0], &entries).expect("logged").index, 60);
}

/// The head's first key: a 32-bit inverted key in word 2 (word 3 left 0), or a 64-bit one
/// in words 2 and 3, in the device's byte order.
#[test]
fn the_head_holds_32_or_64_bit_keys() {
    assert_eq!(fail::first_key(&[1, 1, !7, 0]), 7);
    assert_eq!(fail::first_key(&[1, 1, !0xFFFF_FFFE_u32 as i32, 0]), 0xFFFF_FFFE);
    let inverted = (!(5u64 << 32 | 9)).to_ne_bytes();
    let words: Vec<i32> = inverted
        .chunks_exact(4)
        .map(|w| i32::from_ne_bytes(w.try_into().expect("four bytes")))
        .collect();
    assert_eq!(fail::first_key(&[1, 1, words[0], words[1]]), 5 << 32 | 9);
}

// ---------------------------------------------------------------------------------------
// Reductions

/// Deterministic pseudo-random values (64-bit LCG).
fn lcg(seed: u64, n: usize) -> Vec<u64> {
    let mut state = seed;
    (0..n)
        .map(|_| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            state >> 11
        })
        .collect()
}

const SIZES: [usize; 5] = [0, 1, 255, 1000, 100_003];

fn check_exact<Op: DeviceReduceOp<T>, T: ReduceElem + PartialEq + std::fmt::Debug>(
    ctx: &'static DeviceCtx,
    make: impl Fn(u64) -> T,
    dev: impl Fn(&[T]) -> Vec<T::Dev>,
    what: &str,
) {
    for (seed, &n) in SIZES.iter().enumerate() {
        let values: Vec<T> = lcg(seed as u64 + 1, n).into_iter().map(&make).collect();
        let expect = reduce::fold::<Op, T>(&values);
        let got = dreduce::reduce_slice::<Op, T>(ctx, &dev(&values)).expect("device reduce");
        assert_eq!(got, expect, "{what} over {n} values");
    }
}

fn same<T: Copy + somd_runtime::opencl::ClScalar>(values: &[T]) -> Vec<T> {
    values.to_vec()
}

#[test]
fn integer_reductions_are_exact() {
    let Some(ctx) = device() else { return };
    let int = |r: u64| r as i32;
    let small = |r: u64| (r % 3) as i32 + 1 - ((r >> 8) % 2) as i32 * 2;
    check_exact::<Add, i32>(ctx, int, same, "int +");
    check_exact::<Mul, i32>(ctx, small, same, "int *");
    check_exact::<Min, i32>(ctx, int, same, "int min");
    check_exact::<Max, i32>(ctx, int, same, "int max");
    check_exact::<BitAnd, i32>(ctx, |r| !(1i32 << (r % 32)), same, "int &");
    check_exact::<BitOr, i32>(ctx, |r| 1 << (r % 31), same, "int |");
    check_exact::<BitXor, i32>(ctx, int, same, "int ^");
    let long = |r: u64| (r.wrapping_mul(0x9e37_79b9_7f4a_7c15)) as i64;
    check_exact::<Add, i64>(ctx, long, same, "long +");
    check_exact::<Mul, i64>(ctx, |r| (r % 5) as i64 - 2 + i64::from(r % 5 == 2), same, "long *");
    check_exact::<Min, i64>(ctx, long, same, "long min");
    check_exact::<Max, i64>(ctx, long, same, "long max");
    check_exact::<BitAnd, i64>(ctx, |r| !(1i64 << (r % 64)), same, "long &");
    check_exact::<BitOr, i64>(ctx, |r| 1i64 << (r % 63), same, "long |");
    check_exact::<BitXor, i64>(ctx, long, same, "long ^");
}

/// `byte`, `short` and `char` arrays reduce as Java `int`s in their own width: the kernel
/// sign-extends (`char`: zero-extends) each element it reads (`reduce::Input`).
#[test]
fn narrow_integers_reduce_as_java_ints_in_their_own_width() {
    let Some(ctx) = device() else { return };
    fn check<Op: DeviceReduceOp<i32>, N: somd_runtime::opencl::ClScalar + Into<i32>>(
        ctx: &'static DeviceCtx,
        make: impl Fn(u64) -> N,
        input: dreduce::Input,
        what: &str,
    ) {
        for (seed, &n) in SIZES.iter().enumerate() {
            let values: Vec<N> = lcg(seed as u64 + 7, n).into_iter().map(&make).collect();
            let ints: Vec<i32> = values.iter().map(|v| (*v).into()).collect();
            let expect = reduce::fold::<Op, i32>(&ints);
            let mut array =
                DeviceArray::new(ctx, "narrow", &values, Access::ReadOnly).expect("allocate");
            array.ensure_on_device(&values).expect("upload");
            let got =
                dreduce::reduce_buffer::<Op, i32>(ctx, &array, n, input).expect("device reduce");
            assert_eq!(got, expect, "{what} over {n} values");
        }
    }
    let byte = |r: u64| r as i8;
    let short = |r: u64| r as i16;
    let char = |r: u64| r as u16;
    check::<Add, i8>(ctx, byte, dreduce::Input::Byte, "byte +");
    check::<Min, i8>(ctx, byte, dreduce::Input::Byte, "byte min");
    check::<Add, i16>(ctx, short, dreduce::Input::Short, "short +");
    check::<Max, i16>(ctx, short, dreduce::Input::Short, "short max");
    check::<Add, u16>(ctx, char, dreduce::Input::Char, "char +");
    check::<Min, u16>(ctx, char, dreduce::Input::Char, "char min");
    check::<BitXor, u16>(ctx, char, dreduce::Input::Char, "char ^");
}

#[test]
fn boolean_reductions_are_exact() {
    let Some(ctx) = device() else { return };
    let bytes = |v: &[bool]| dreduce::bools_as_bytes(v).to_vec();
    // Mostly true, so `&&` over long arrays is not trivially false.
    let mostly = |r: u64| r % 5000 != 0;
    let rarely = |r: u64| r % 5000 == 0;
    check_exact::<LogAnd, bool>(ctx, mostly, bytes, "&&");
    check_exact::<LogOr, bool>(ctx, rarely, bytes, "||");
    check_exact::<BitAnd, bool>(ctx, mostly, bytes, "boolean &");
    check_exact::<BitOr, bool>(ctx, rarely, bytes, "boolean |");
    check_exact::<BitXor, bool>(ctx, |r| r % 3 == 0, bytes, "boolean ^");
}

/// Float `+`/`*`: within `n * eps * sum|x_i|` of the sequential fold (reassociation);
/// `min`/`max`: exact, NaN and -0.0 included.
#[test]
fn floating_reductions_match_within_tolerance() {
    let Some(ctx) = device() else { return };
    for (seed, &n) in SIZES.iter().enumerate() {
        let raw = lcg(seed as u64 + 7, n);
        let xs: Vec<f32> = raw.iter().map(|&r| (r % 2001) as f32 / 1000.0 - 1.0).collect();
        let sum = reduce::fold::<Add, f32>(&xs);
        let got = dreduce::reduce_slice::<Add, f32>(ctx, &xs).expect("reduce");
        let bound = n as f32 * f32::EPSILON * xs.iter().map(|x| x.abs()).sum::<f32>();
        assert!((got - sum).abs() <= bound.max(f32::EPSILON), "float + n={n}: {got} vs {sum}");
        let factors: Vec<f32> =
            raw.iter().map(|&r| 1.0 + ((r % 201) as f32 - 100.0) * 1e-6).collect();
        let product = reduce::fold::<Mul, f32>(&factors);
        let got = dreduce::reduce_slice::<Mul, f32>(ctx, &factors).expect("reduce");
        assert!(
            (got - product).abs() <= n as f32 * f32::EPSILON * product.abs().max(1.0),
            "float * n={n}"
        );
        let mut special = xs.clone();
        if n > 10 {
            special[n / 3] = -0.0;
            special[n / 2] = f32::NEG_INFINITY;
        }
        assert_eq!(
            dreduce::reduce_slice::<Min, f32>(ctx, &special).expect("min").to_bits(),
            reduce::fold::<Min, f32>(&special).to_bits(),
            "float min n={n}"
        );
        assert_eq!(
            dreduce::reduce_slice::<Max, f32>(ctx, &special).expect("max").to_bits(),
            reduce::fold::<Max, f32>(&special).to_bits(),
            "float max n={n}"
        );
        if n > 10 {
            special[n - 5] = f32::NAN;
            assert!(dreduce::reduce_slice::<Min, f32>(ctx, &special).expect("min").is_nan());
            assert!(dreduce::reduce_slice::<Max, f32>(ctx, &special).expect("max").is_nan());
        }
        // Only -0.0 and 0.0: Java's min is -0.0, max is 0.0.
        let zeros: Vec<f32> = (0..n).map(|i| if i % 7 == 3 { -0.0 } else { 0.0 }).collect();
        if n > 7 {
            assert_eq!(
                dreduce::reduce_slice::<Min, f32>(ctx, &zeros).expect("min").to_bits(),
                (-0.0f32).to_bits()
            );
            assert_eq!(
                dreduce::reduce_slice::<Max, f32>(ctx, &zeros).expect("max").to_bits(),
                0.0f32.to_bits()
            );
        }
        if ctx.info.fp64 {
            let ds: Vec<f64> = raw.iter().map(|&r| (r % 20001) as f64 / 1e4 - 1.0).collect();
            let sum = reduce::fold::<Add, f64>(&ds);
            let got = dreduce::reduce_slice::<Add, f64>(ctx, &ds).expect("reduce");
            let bound = n as f64 * f64::EPSILON * ds.iter().map(|x| x.abs()).sum::<f64>();
            assert!((got - sum).abs() <= bound.max(f64::EPSILON), "double + n={n}");
            let factors: Vec<f64> =
                raw.iter().map(|&r| 1.0 + ((r % 201) as f64 - 100.0) * 1e-9).collect();
            let product = reduce::fold::<Mul, f64>(&factors);
            let got = dreduce::reduce_slice::<Mul, f64>(ctx, &factors).expect("reduce");
            assert!((got - product).abs() <= n as f64 * f64::EPSILON * product.abs().max(1.0));
            assert_eq!(
                dreduce::reduce_slice::<Min, f64>(ctx, &ds).expect("min").to_bits(),
                reduce::fold::<Min, f64>(&ds).to_bits()
            );
            assert_eq!(
                dreduce::reduce_slice::<Max, f64>(ctx, &ds).expect("max").to_bits(),
                reduce::fold::<Max, f64>(&ds).to_bits()
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// Buffers, residency, launches

const BUFFER_CL: &str = r#"
__kernel void add_one(__global int *a, const int n, SOMD_KERNEL_ERR)
{
    SOMD_ERR_INIT;
    int i = get_global_id(0);
    if (i < n) a[i] = somd_iadd(a[i], 1);
}

__kernel void grid(__global int *out, const int nx, const int ny, SOMD_KERNEL_ERR)
{
    SOMD_ERR_INIT;
    int x = get_global_id(0), y = get_global_id(1);
    if (x < nx && y < ny) out[y * nx + x] = x * 1000 + y;
}
"#;

fn add_one(ctx: &'static DeviceCtx, array: &DeviceArray<i32>, n: usize) {
    let program = build(ctx, "buffer_test", BUFFER_CL);
    let kernel = program.kernel("add_one").expect("kernel");
    let n_arg = n as i32;
    let err = ErrorBuffer::new(ctx).expect("err");
    let mut args = kernel.args();
    unsafe {
        args.set(0, array)
            .expect("set arg")
            .set(1, &n_arg)
            .expect("set arg")
            .set_err(2, &err)
            .expect("set arg");
    }
    let info = args.run_1d(ctx, n).expect("launch");
    assert_eq!(info.global[0] % info.local[0], 0);
    assert!(info.global[0] >= n);
}

#[test]
fn residency_uploads_once_and_downloads_only_when_stale() {
    let Some(ctx) = device() else { return };
    let mut host: Vec<i32> = (0..1003).collect();
    let mut array = DeviceArray::new(ctx, "a", &host, Access::ReadWrite).expect("alloc");
    assert!(!array.on_device());
    // Three device tasks in a row: one upload.
    for _ in 0..3 {
        array.ensure_on_device(&host).expect("upload");
        add_one(ctx, &array, host.len());
        array.mark_device_dirty();
    }
    assert_eq!(array.transfer_counts(), (1, 0));
    array.ensure_on_host(&mut host).expect("download");
    array.ensure_on_host(&mut host).expect("no second download");
    assert_eq!(array.transfer_counts(), (1, 1));
    assert_eq!(host, (3..1006).collect::<Vec<i32>>());
    // The host writes: the next device use uploads again.
    host[0] = 100;
    array.mark_host_dirty();
    array.ensure_on_device(&host).expect("upload");
    assert_eq!(array.transfer_counts(), (2, 1));
    // A different host array is refused.
    let other = host.clone();
    assert!(array.ensure_on_device(&other).is_err());
    // Output-only arrays are never uploaded.
    let out_host = vec![0i32; 10];
    let mut out = DeviceArray::new(ctx, "out", &out_host, Access::WriteOnly).expect("alloc");
    out.ensure_on_device(&out_host).expect("no upload");
    assert_eq!(out.transfer_counts(), (0, 0));
}

#[test]
fn staged_transfers_round_trip() {
    let Some(ctx) = device() else { return };
    // 16 MiB and more, so several chunks (an eighth of the transfer each); a length that is
    // not a multiple of the chunk either.
    let n = (16 << 20) / 4 + 12_345;
    let (mut array, expect) = staged_round_trip(ctx, n, 7919);
    // Partial transfers.
    let mut window = vec![0i32; 100];
    array.download_range(n - 100, &mut window).expect("range");
    assert_eq!(window, expect[n - 100..]);
    assert!(array.download_range(n - 99, &mut window).is_err());
}

/// Staged transfers of one chunk whose copies are spread over threads (from 512 KiB on) and
/// whose length is no multiple of the pieces come back whole, piece boundaries included.
#[test]
fn mid_sized_staged_transfers_round_trip() {
    let Some(ctx) = device() else { return };
    for n in [(512 << 10) / 4 + 1, 200_003, (3 << 20) / 4 - 7] {
        staged_round_trip(ctx, n, -40_503);
    }
}

/// `n` elements `i * mul` up and back through the staging pool, one added on the device in
/// between; checked against the host's own sums. The array and the expected elements, for
/// further reads.
fn staged_round_trip(ctx: &'static DeviceCtx, n: usize, mul: i32) -> (DeviceArray<i32>, Vec<i32>) {
    let mut host: Vec<i32> = (0..n as i32).map(|i| i.wrapping_mul(mul)).collect();
    let staged = always_staged(ctx);
    let mut array = DeviceArray::new(ctx, "staged", &host, Access::ReadWrite).expect("alloc");
    array.ensure_on_device(&host).expect("upload");
    add_one(ctx, &array, n);
    array.mark_device_dirty();
    let expect: Vec<i32> = host.iter().map(|v| v.wrapping_add(1)).collect();
    array.ensure_on_host(&mut host).expect("download");
    drop(staged);
    assert!(host == expect, "staged round trip of {n} elements differs");
    (array, expect)
}

/// Rows of a matrix go up and come back whether they are packed into one command (many
/// short rows) or moved one command each (long rows).
#[test]
fn rows_round_trip_packed_and_one_by_one() {
    let Some(ctx) = device() else { return };
    let long = somd_runtime::opencl::buffer::ROW_PACK_BELOW / 4 + 3;
    for (rows, cols) in [(1000usize, 7usize), (3, long), (2, 1)] {
        let host: Vec<Vec<i32>> =
            (0..rows).map(|r| (0..cols).map(|c| (r * 1_000_003 + c) as i32).collect()).collect();
        let refs: Vec<&[i32]> = host.iter().map(Vec::as_slice).collect();
        let flat: Vec<i32> = host.concat();
        let mut array = DeviceArray::new(ctx, "rows", &flat, Access::ReadWrite).expect("alloc");
        array.upload_rows(&refs).expect("upload");
        add_one(ctx, &array, rows * cols);
        let mut back: Vec<Vec<i32>> = vec![vec![0; cols]; rows];
        let mut targets: Vec<&mut [i32]> = back.iter_mut().map(Vec::as_mut_slice).collect();
        array.download_rows(&mut targets).expect("download");
        let expect: Vec<Vec<i32>> =
            host.iter().map(|row| row.iter().map(|v| v + 1).collect()).collect();
        assert!(back == expect, "{rows} rows of {cols}");
    }
}

/// Packed rows move through the pinned staging buffer when it is on: chunk after chunk,
/// rows crossing chunk boundaries and empty rows included, with no packed copy on the host.
/// `host`'s rows up through the pinned staging pool (policy `Always`), one added to every
/// element on the device, and back: true when they come back so.
fn rows_round_trip_staged(ctx: &'static DeviceCtx, host: &[Vec<i32>]) -> bool {
    rows_round_trip_with(ctx, host, StagingPolicy::Always)
}

/// [`rows_round_trip_staged`] under the staging policy `policy`.
fn rows_round_trip_with(ctx: &'static DeviceCtx, host: &[Vec<i32>], policy: StagingPolicy) -> bool {
    let refs: Vec<&[i32]> = host.iter().map(Vec::as_slice).collect();
    let flat: Vec<i32> = host.concat();
    let staged = with_staging(ctx, policy);
    let mut array = DeviceArray::new(ctx, "rows", &flat, Access::ReadWrite).expect("alloc");
    array.upload_rows(&refs).expect("upload");
    add_one(ctx, &array, flat.len());
    let mut back: Vec<Vec<i32>> = host.iter().map(|row| vec![0; row.len()]).collect();
    let mut targets: Vec<&mut [i32]> = back.iter_mut().map(Vec::as_mut_slice).collect();
    array.download_rows(&mut targets).expect("download");
    drop(staged);
    let expect: Vec<Vec<i32>> =
        host.iter().map(|row| row.iter().map(|v| v + 1).collect()).collect();
    back == expect
}

/// About 11 MiB of 8000 short rows of 0 to 700 elements, some empty: past the size from
/// which copies are spread over threads, and cut into several chunks when staged.
fn short_rows_past_8_mib() -> Vec<Vec<i32>> {
    let host: Vec<Vec<i32>> = (0..8000usize)
        .map(|r| (0..(r * 37) % 701).map(|c| (r * 1_000_003 + c * 7) as i32).collect())
        .collect();
    assert!(host.iter().map(Vec::len).sum::<usize>() * 4 > 8 << 20);
    host
}

#[test]
fn packed_rows_round_trip_through_pinned_staging() {
    let Some(ctx) = device() else { return };
    let host = short_rows_past_8_mib();
    assert!(rows_round_trip_staged(ctx, &host), "staged rows differ");
}

/// Without staging, short rows move packed: on a device with unified host memory (PoCL)
/// straight into and out of the mapped buffer, in pieces spread over threads past 8 MiB,
/// else through one packed copy. Rows of varying lengths, empty ones among them, cross the
/// pieces' boundaries.
#[test]
fn packed_rows_round_trip_unstaged() {
    let Some(ctx) = device() else { return };
    let host = short_rows_past_8_mib();
    assert!(rows_round_trip_with(ctx, &host, StagingPolicy::Never), "mapped rows differ");
    let small: Vec<Vec<i32>> = (0..50).map(|r| vec![r; r as usize % 5]).collect();
    assert!(rows_round_trip_with(ctx, &small, StagingPolicy::Never), "short rows differ");
}

/// Rows that are all empty move nothing, staged or not (no mapping or command of zero
/// bytes, which OpenCL refuses), and rows that are empty but for one element move it.
#[test]
fn empty_rows_round_trip_staged_and_unstaged() {
    let Some(ctx) = device() else { return };
    let one: Vec<Vec<i32>> = (0..5).map(|r| if r == 3 { vec![41] } else { Vec::new() }).collect();
    for policy in [StagingPolicy::Always, StagingPolicy::Never] {
        let staged = with_staging(ctx, policy);
        let mut array = DeviceArray::new(ctx, "rows", &[7], Access::ReadWrite).expect("alloc");
        array.upload_range(0, &[7]).expect("upload");
        let empty: Vec<&[i32]> = vec![&[]; 5];
        array.upload_rows(&empty).expect("upload of empty rows");
        let mut targets: Vec<&mut [i32]> = (0..5).map(|_| &mut [][..]).collect();
        array.download_rows(&mut targets).expect("download into empty rows");
        array.upload_rows(&empty[..1]).expect("upload of one empty row");
        array.download_rows(&mut targets[..1]).expect("download into one empty row");
        let mut back = [0];
        array.download_range(0, &mut back).expect("download");
        assert_eq!(back, [7], "empty rows wrote nothing, {policy:?}");
        drop(staged);
        assert!(rows_round_trip_with(ctx, &one, policy), "one element, {policy:?}");
    }
}

/// Long rows (past the packing size) move through the pinned staging buffer when it is on,
/// as a 1-D transfer of their total would: chunks cross rows, and rows longer than a chunk
/// span several (`opencl_process`' `long_rows_move_through_pinned_staging` counts them).
#[test]
fn long_rows_round_trip_through_pinned_staging() {
    let Some(ctx) = device() else { return };
    // Rows of 3 MiB and a bit, and one short and one empty row: about 12 MiB in all, more
    // than a staging buffer holds.
    let long = (3 << 20) / 4 + 5;
    let lens = [long, 17, long, 0, long, long];
    let host: Vec<Vec<i32>> = lens
        .iter()
        .enumerate()
        .map(|(r, &n)| (0..n).map(|c| (r * 1_000_003 + c * 7) as i32).collect())
        .collect();
    let bytes = host.iter().map(Vec::len).sum::<usize>() * 4;
    assert!(bytes / host.len() >= somd_runtime::opencl::buffer::ROW_PACK_BELOW);
    assert!(rows_round_trip_staged(ctx, &host), "staged long rows differ");
}

#[test]
fn too_large_allocations_are_reported() {
    let Some(ctx) = device() else { return };
    let len = (ctx.info.max_alloc / 4 + 1) as usize;
    // Never materialised on the host: `new` checks the size before touching the data.
    let fake: &[i32] =
        unsafe { std::slice::from_raw_parts(std::ptr::NonNull::dangling().as_ptr(), len) };
    let err = DeviceArray::new(ctx, "huge", fake, Access::ReadOnly).expect_err("too large");
    assert!(err.to_string().contains("CL_DEVICE_MAX_MEM_ALLOC_SIZE"), "{err}");
}

#[test]
fn sub_buffers_address_partitions() {
    let Some(ctx) = device() else { return };
    let n = 4096;
    let mut host = vec![0i32; n];
    let mut array = DeviceArray::new(ctx, "parts", &host, Access::ReadWrite).expect("alloc");
    array.ensure_on_device(&host).expect("upload");
    let offset = ctx.info.base_align / 4;
    let part = array.sub_buffer(offset, 100).expect("aligned sub-buffer");
    let program = build(ctx, "buffer_test", BUFFER_CL);
    let kernel = program.kernel("add_one").expect("kernel");
    let err = ErrorBuffer::new(ctx).expect("err");
    let mut args = kernel.args();
    unsafe {
        args.set(0, &part)
            .expect("set arg")
            .set(1, &100i32)
            .expect("set arg")
            .set_err(2, &err)
            .expect("set arg");
    }
    args.run_1d(ctx, 100).expect("launch");
    drop(args);
    array.mark_device_dirty();
    array.ensure_on_host(&mut host).expect("download");
    for (i, v) in host.iter().enumerate() {
        assert_eq!(*v, i32::from((offset..offset + 100).contains(&i)), "i={i}");
    }
    if ctx.info.base_align > 4 {
        assert!(array.sub_buffer(1, 10).is_err(), "unaligned origin refused");
    }
}

#[test]
fn two_dimensional_launch_covers_the_grid() {
    let Some(ctx) = device() else { return };
    let (nx, ny) = (37usize, 5usize);
    let mut host = vec![-1i32; nx * ny];
    let mut out = output(ctx, &host);
    let program = build(ctx, "buffer_test", BUFFER_CL);
    let kernel = program.kernel("grid").expect("kernel");
    let err = ErrorBuffer::new(ctx).expect("err");
    let mut args = kernel.args();
    unsafe {
        args.set(0, &out)
            .expect("set arg")
            .set(1, &(nx as i32))
            .expect("set arg")
            .set(2, &(ny as i32))
            .expect("set arg");
        args.set_err(3, &err).expect("set arg");
    }
    let info = args.run_2d(ctx, nx, ny).expect("launch");
    drop(args);
    assert_eq!(info.dims, 2);
    assert!(info.global[0] >= nx && info.global[1] >= ny);
    out.mark_device_dirty();
    out.ensure_on_host(&mut host).expect("download");
    for y in 0..ny {
        for x in 0..nx {
            assert_eq!(host[y * nx + x], (x * 1000 + y) as i32);
        }
    }
}

#[test]
fn zero_sized_launches_and_arrays_are_harmless() {
    let Some(ctx) = device() else { return };
    let mut host: Vec<i32> = Vec::new();
    let mut array = DeviceArray::new(ctx, "empty", &host, Access::ReadWrite).expect("alloc");
    array.ensure_on_device(&host).expect("upload");
    add_one(ctx, &array, 0);
    array.mark_device_dirty();
    array.ensure_on_host(&mut host).expect("download");
    assert!(host.is_empty());
}

/// A file whose device work is only the runtime's own reductions has a program without
/// kernels (the prelude alone): it is not handed to the driver (the NVIDIA driver crashed
/// building one) and has no kernels.
#[test]
fn programs_without_kernels_build() {
    let Some(ctx) = device() else { return };
    // Not OpenCL C at all: the build succeeds only because a body without kernels is
    // never handed to the driver.
    let program = build(ctx, "no kernels", "not OpenCL C at all;\n");
    assert!(program.kernel("anything").is_err());
    assert!(!program.from_cache);
}

#[test]
fn build_failure_returns_the_log() {
    let Some(ctx) = device() else { return };
    let desc = ProgramDesc {
        name: "broken",
        defines: "",
        body: "__kernel void k(__global int *a) { a[0] = undefined_name; }",
        options: "",
        fast_math: false,
    };
    let err = ctx.program(&desc).expect_err("does not build");
    assert!(err.log.contains("undefined_name"), "log: {}", err.log);
    // The failure is remembered: no second build.
    let again = ctx.program(&desc).expect_err("still broken");
    assert_eq!(again, err);
}

// ---------------------------------------------------------------------------------------
// Selection and configuration

#[test]
fn devices_are_selected_by_name_ignoring_case() {
    let Some(ctx) = device() else { return };
    let name_part: String = ctx.info.name.chars().take(6).collect::<String>().to_uppercase();
    let found = device::find(DeviceQuery::Named(&name_part)).expect("platform").expect("found");
    assert!(found.info.name.to_uppercase().contains(&name_part));
    let platform_part: String =
        ctx.info.platform_name.chars().skip(1).take(5).collect::<String>().to_lowercase();
    let found = device::find(DeviceQuery::Named(&platform_part)).expect("platform").expect("found");
    assert!(found.info.platform_name.to_lowercase().contains(&platform_part));
    assert!(device::find(DeviceQuery::Named("no-such-device-xyz")).expect("platform").is_none());
    // One context per device per process.
    let again = device::find(DeviceQuery::Any).expect("platform").expect("found");
    assert!(std::ptr::eq(again, ctx));
    let gpu = device::find(DeviceQuery::Gpu).expect("platform");
    assert_eq!(gpu.is_some(), device::devices().expect("devices").iter().any(|d| d.is_gpu));
}

/// Every spelling TOML has for a rule is read as TOML reads it (`toml_edit`): quoted, literal
/// and bare dotted keys, `[placement]`, a dotted `placement."Class.m"` key, an inline
/// table, a table per class, escapes, multi-line strings, comments, a byte order mark.
#[test]
fn placement_file_is_toml() {
    let text = "\u{feff}# Placement rules\r\n\
        \"Main.saxpy\" = \"gpu\"   # on the device\n\
        'Main.scan' = 'cpu'\n\
        Bench.run = \"GPU\"\n\
        \"Esc.\\u0061\" = \"\"\"\ncpu\"\"\"\n\
        [placement]\n\
        \"Other.method\" = \"cpu\" # a comment with \" and #\n\
        'Lit.key' = \"g\\u0070u\"\n\
        [Solver]\n\
        step = \"cpu\"\n\
        [placement.Nested]\n\
        deep = \"gpu\"\n";
    let file = PlacementFile::parse(text, "somd.toml");
    assert_eq!(file.warnings, Vec::<String>::new());
    let rules = [
        ("Main.saxpy", Rule::Gpu),
        ("Main.scan", Rule::Cpu),
        ("Bench.run", Rule::Gpu),
        ("Esc.a", Rule::Cpu),
        ("Other.method", Rule::Cpu),
        ("Lit.key", Rule::Gpu),
        ("Solver.step", Rule::Cpu),
        ("Nested.deep", Rule::Gpu),
    ];
    for (method, rule) in rules {
        assert_eq!(file.rule(method), Some(rule), "{method}");
    }
    assert_eq!(file.rules.len(), rules.len(), "{:?}", file.rules);
    let inline = PlacementFile::parse("placement = { \"A.b\" = \"gpu\", C.d = \"cpu\" }", "f");
    assert_eq!((inline.rule("A.b"), inline.rule("C.d")), (Some(Rule::Gpu), Some(Rule::Cpu)));
    assert!(inline.warnings.is_empty(), "{:?}", inline.warnings);
    let dotted = PlacementFile::parse("placement.\"Dot.ted\" = '''gpu'''", "f");
    assert_eq!((dotted.rule("Dot.ted"), dotted.rules.len()), (Some(Rule::Gpu), 1));
}

/// A line TOML rejects is reported with its line and set aside (a header with its lines),
/// and the rest of the file still applies; so are rules that name no `Class.method` or no
/// placement, and a second rule for a method.
#[test]
fn placement_file_errors_lose_only_their_lines() {
    let text = r#"
"Main.saxpy" = "gpu"
"Main.bad" = "tpu"
not a rule
"Main.saxpy" = "cpu"
"Main.bare" = gpu
Main.count = 3
"Alone" = "gpu"
"Main." = "gpu"
"+ ! in Main.main" = "cpu"

[placement]
"Main.scan" = "cpu"
"Main.saxpy" = "cpu"
[placement
"Main.open" = "gpu"
[placement]
"Main.again" = "gpu"
[[jobs]]
"Main.job" = "gpu"
[Tail]
end = "gpu"
"Main.unclosed" = """gpu
"#;
    let file = PlacementFile::parse(text, "somd.toml");
    assert_eq!(file.rule("Main.saxpy"), Some(Rule::Gpu));
    assert_eq!(file.rule("Main.scan"), Some(Rule::Cpu));
    assert_eq!(file.rule("Tail.end"), Some(Rule::Gpu));
    assert_eq!(file.rule("+ ! in Main.main"), Some(Rule::Cpu));
    assert_eq!(file.rules.len(), 4, "{:?}", file.rules);
    let starts = [
        "somd.toml:3: unknown placement \"tpu\" (expected \"cpu\" or \"gpu\"); ignored",
        "somd.toml:4: key with no value",
        "somd.toml:5: duplicate key `\"Main.saxpy\"`; line ignored",
        "somd.toml:6: string values must be quoted",
        "somd.toml:7: the value of Main.count is an integer, not \"cpu\" or \"gpu\"; ignored",
        "somd.toml:8: the key Alone does not name a \"Class.method\"; ignored",
        "somd.toml:9: the key \"Main.\" does not name a \"Class.method\"; ignored",
        "somd.toml:14: a second rule for \"Main.saxpy\" (the first is on line 2); ignored",
        "somd.toml:15: unclosed table, expected `]`; the lines under it are ignored",
        "somd.toml:17: duplicate key `placement` (TOML defines a table once); the lines under it",
        "somd.toml:19: [[jobs]] is an array of tables, which holds no rules; ignored",
        "somd.toml:23: invalid multi-line basic string",
    ];
    assert_eq!(file.warnings.len(), starts.len(), "{:#?}", file.warnings);
    for (warning, start) in file.warnings.iter().zip(starts) {
        assert!(warning.starts_with(&format!("somd: warning: {start}")), "{warning}\n{start}");
    }
}

/// Text TOML rejects in ways that trip a line-by-line recovery (review 150): carriage
/// returns without line feeds, a form feed or no-break space on a line of its own, an array
/// with a bad row, one spanning lines, a multi-line string holding rule-like lines, and
/// more errors than the recovery takes. Each is reported, nothing is invented, the rules after it stand, and
/// parsing ends.
#[test]
fn placement_file_recovery_ends_and_invents_nothing() {
    let mac = PlacementFile::parse("\"Main.step\" = \"cpu\"\r\"Main.sum\" = \"cpu\"\r", "f");
    assert!(mac.rules.is_empty() && mac.warnings.len() == 1, "{:?}", mac.warnings);
    let cases = [
        "\"Main.f\" = \"cpu\" # a\r b\n\"Main.g\" = \"gpu\"\n",
        "\u{c}\n\"Main.g\" = \"gpu\"\n",
        "\u{a0}\n\"Main.g\" = \"gpu\"\n",
        "x = [[1, 2 3]]\n\"Main.g\" = \"gpu\"\n",
        "note = \"\"\" \\q\n\"Main.x\" = \"gpu\"\n\"\"\"\n\"Main.g\" = \"gpu\"\n",
    ];
    for text in cases {
        let file = PlacementFile::parse(text, "f");
        assert_eq!(file.rule("Main.g"), Some(Rule::Gpu), "{text:?}: {:?}", file.warnings);
        assert_eq!(file.rule("Main.x"), None, "{text:?}");
        assert!(!file.warnings.is_empty(), "{text:?}");
    }
    // A broken array spanning lines: TOML reads the lines after it as its elements, so
    // they go with it (each reported); the rules before it stand, and parsing ends.
    let array = "\"Main.a\" = \"cpu\"\nx = [\n[1, 2 3]]\n\"Main.g\" = \"gpu\"\n[T]\nu = \"cpu\"\n";
    let file = PlacementFile::parse(array, "f");
    assert_eq!(file.rule("Main.a"), Some(Rule::Cpu));
    assert!(file.warnings.len() >= 2, "{:?}", file.warnings);
    // 150 bad lines before a good one: the first 100 are set aside, then the rest of the
    // file is ignored, the good line included.
    let mut text = "\"Main.a\" = \"cpu\"\n".to_string();
    text.push_str(&"bad line\n".repeat(150));
    text.push_str("\"Main.b\" = \"gpu\"\n");
    let file = PlacementFile::parse(&text, "f");
    assert_eq!((file.rule("Main.a"), file.rule("Main.b")), (Some(Rule::Cpu), None));
    assert_eq!(file.warnings.len(), 101, "{:?}", &file.warnings[95..]);
    assert!(file.warnings[100].ends_with("the rest of the file is ignored"));
}

#[test]
fn pinned_host_arrays_round_trip() {
    let Some(ctx) = device() else { return };
    let n = 300_001;
    let mut host = somd_runtime::opencl::PinnedHost::<i32>::new(ctx, n).expect("pinned");
    assert!(host.iter().all(|&v| v == 0), "zero-initialised");
    for (i, v) in host.iter_mut().enumerate() {
        *v = i as i32 * 3;
    }
    let mut array = DeviceArray::new(ctx, "pinned", &host, Access::ReadWrite).expect("alloc");
    array.ensure_on_device(&host).expect("upload");
    add_one(ctx, &array, n);
    array.mark_device_dirty();
    array.ensure_on_host(&mut host).expect("download");
    assert!(host.iter().enumerate().all(|(i, &v)| v == i as i32 * 3 + 1));
}
