//! Java integer arithmetic and conversions that Rust operators do not already provide.
//!
//! Plain `+ - *` on `int`/`long` are `wrapping_add`/`wrapping_sub`/`wrapping_mul` in generated
//! code; everything that needs more care lives here:
//! - `/` and `%` truncate toward zero, throw `ArithmeticException: / by zero`, and
//!   `MIN / -1 == MIN`, `MIN % -1 == 0` ([`idiv`], [`irem`], [`ldiv`], [`lrem`]).
//! - Shifts use the low 5 (int) or 6 (long) bits of the count ([`ishl`], [`ishr`], [`iushr`],
//!   [`lshl`], [`lshr`], [`lushr`]); the count is a Java `int` (a `long` count is narrowed by
//!   the generated code with `as i32` first, which keeps the low bits).
//! - Floating-to-integer casts: NaN → 0, out of range saturates. Rust's `as` has exactly these
//!   semantics since 1.45; the named functions exist so generated code reads like the JLS.
//! - Narrowing casts `i2b`, `i2s`, `i2c` keep the low bits (`char` is `u16`).
//! - Floating `%` is C's `fmod`, which is Rust's `%` on `f32`/`f64`: no helper is needed.

use crate::error::{divide_by_zero, SourcePos};

/// Java `int / int`.
#[inline(always)]
pub fn idiv(a: i32, b: i32, pos: &'static SourcePos) -> i32 {
    if b == 0 {
        divide_by_zero(pos)
    }
    a.wrapping_div(b)
}

/// Java `int % int`.
#[inline(always)]
pub fn irem(a: i32, b: i32, pos: &'static SourcePos) -> i32 {
    if b == 0 {
        divide_by_zero(pos)
    }
    a.wrapping_rem(b)
}

/// Java `long / long`.
#[inline(always)]
pub fn ldiv(a: i64, b: i64, pos: &'static SourcePos) -> i64 {
    if b == 0 {
        divide_by_zero(pos)
    }
    a.wrapping_div(b)
}

/// Java `long % long`.
#[inline(always)]
pub fn lrem(a: i64, b: i64, pos: &'static SourcePos) -> i64 {
    if b == 0 {
        divide_by_zero(pos)
    }
    a.wrapping_rem(b)
}

/// Java `int << n`.
#[inline(always)]
pub fn ishl(a: i32, n: i32) -> i32 {
    a.wrapping_shl(n as u32)
}

/// Java `int >> n`.
#[inline(always)]
pub fn ishr(a: i32, n: i32) -> i32 {
    a.wrapping_shr(n as u32)
}

/// Java `int >>> n`.
#[inline(always)]
pub fn iushr(a: i32, n: i32) -> i32 {
    (a as u32).wrapping_shr(n as u32) as i32
}

/// Java `long << n`.
#[inline(always)]
pub fn lshl(a: i64, n: i32) -> i64 {
    a.wrapping_shl(n as u32)
}

/// Java `long >> n`.
#[inline(always)]
pub fn lshr(a: i64, n: i32) -> i64 {
    a.wrapping_shr(n as u32)
}

/// Java `long >>> n`.
#[inline(always)]
pub fn lushr(a: i64, n: i32) -> i64 {
    (a as u64).wrapping_shr(n as u32) as i64
}

/// `(int) f`: NaN → 0, saturating.
#[inline(always)]
pub fn f2i(x: f32) -> i32 {
    x as i32
}

/// `(long) f`: NaN → 0, saturating.
#[inline(always)]
pub fn f2l(x: f32) -> i64 {
    x as i64
}

/// `(int) d`: NaN → 0, saturating.
#[inline(always)]
pub fn d2i(x: f64) -> i32 {
    x as i32
}

/// `(long) d`: NaN → 0, saturating.
#[inline(always)]
pub fn d2l(x: f64) -> i64 {
    x as i64
}

/// `(byte) i`.
#[inline(always)]
pub fn i2b(x: i32) -> i8 {
    x as i8
}

/// `(short) i`.
#[inline(always)]
pub fn i2s(x: i32) -> i16 {
    x as i16
}

/// `(char) i`.
#[inline(always)]
pub fn i2c(x: i32) -> u16 {
    x as u16
}

/// `Integer.bitCount`.
#[inline(always)]
pub fn int_bit_count(x: i32) -> i32 {
    x.count_ones() as i32
}

/// `Long.bitCount`.
#[inline(always)]
pub fn long_bit_count(x: i64) -> i32 {
    x.count_ones() as i32
}

/// `Float.floatToIntBits`: every NaN becomes the canonical `0x7fc00000`. The test reads
/// the bits: LLVM takes NaN payloads as unspecified, and once folded a floating-point
/// `is_nan` test let `sqrt(-4.0)`'s `0xffc00000` through.
#[inline]
pub fn float_to_int_bits(x: f32) -> i32 {
    let bits = x.to_bits();
    if bits & 0x7fff_ffff > 0x7f80_0000 {
        0x7fc0_0000
    } else {
        bits as i32
    }
}

/// `Float.floatToRawIntBits`.
#[inline]
pub fn float_to_raw_int_bits(x: f32) -> i32 {
    x.to_bits() as i32
}

/// `Double.doubleToLongBits`: every NaN becomes the canonical `0x7ff8000000000000L`,
/// tested on the bits ([`float_to_int_bits`]).
#[inline]
pub fn double_to_long_bits(x: f64) -> i64 {
    let bits = x.to_bits();
    if bits & 0x7fff_ffff_ffff_ffff > 0x7ff0_0000_0000_0000 {
        0x7ff8_0000_0000_0000
    } else {
        bits as i64
    }
}

/// `Double.doubleToRawLongBits`.
#[inline]
pub fn double_to_raw_long_bits(x: f64) -> i64 {
    x.to_bits() as i64
}

/// `Float.intBitsToFloat`.
#[inline]
pub fn int_bits_to_float(bits: i32) -> f32 {
    f32::from_bits(bits as u32)
}

/// `Double.longBitsToDouble`.
#[inline]
pub fn long_bits_to_double(bits: i64) -> f64 {
    f64::from_bits(bits as u64)
}

/// `Float.isNaN` / `Double.isNaN` (also `x != x` in generated code).
#[inline(always)]
pub fn is_nan(x: f64) -> bool {
    x.is_nan()
}
