//! `java.lang.Math` where Java's result differs from the obvious Rust call.
//!
//! Functions not listed here map directly to Rust: `sqrt`, `floor`, `ceil`, `exp`, `log`
//! (`ln`), `log10`, `sin` .. `tanh`, `atan2`, `cbrt`, `hypot` are `f64` methods
//! (LANGUAGE.md §1.5 allows transcendental results to differ from Java by a few ulp; `sqrt`,
//! `floor`, `ceil` are exact in both). `Math.abs(float/double)` is Rust's `abs` (it clears the
//! sign bit, as Java does).
//!
//! Here:
//! - [`round_f32`] / [`round_f64`]: Java 7+ `Math.round` — the closest integer, ties toward
//!   positive infinity, computed without the `floor(x + 0.5)` double rounding, so
//!   `round(0.49999999999999994) == 0` and `round(-0.5) == 0`; NaN → 0; saturating.
//! - [`rint`]: ties to even.
//! - [`signum_f64`] / [`signum_f32`]: NaN and ±0.0 are returned unchanged.
//! - [`abs_i32`] / [`abs_i64`]: `abs(MIN_VALUE) == MIN_VALUE`.
//! - [`min_f64`], [`max_f64`], [`min_f32`], [`max_f32`]: NaN if either argument is NaN, and
//!   `-0.0 < 0.0` (Rust's `f64::min` ignores NaN instead).
//! - [`pow`]: Java's special cases that C's `pow` answers differently (`pow(1, NaN)` and
//!   `pow(±1, ±Infinity)` are NaN in Java).
//! - [`to_radians`] / [`to_degrees`]: multiplication by Java's constants, bit-exact.

/// `Math.round(float)`.
#[inline]
pub fn round_f32(x: f32) -> i32 {
    if x.is_nan() {
        return 0;
    }
    let floor = x.floor();
    // `x - floor` is exact: the fractional part of a float is representable.
    let rounded = if x - floor >= 0.5 { floor + 1.0 } else { floor };
    rounded as i32
}

/// `Math.round(double)`.
#[inline]
pub fn round_f64(x: f64) -> i64 {
    if x.is_nan() {
        return 0;
    }
    let floor = x.floor();
    let rounded = if x - floor >= 0.5 { floor + 1.0 } else { floor };
    rounded as i64
}

/// `Math.rint`: nearest integer value, ties to even.
#[inline]
pub fn rint(x: f64) -> f64 {
    x.round_ties_even()
}

/// `Math.signum(double)`.
#[inline]
pub fn signum_f64(x: f64) -> f64 {
    if x.is_nan() || x == 0.0 {
        x
    } else {
        1.0f64.copysign(x)
    }
}

/// `Math.signum(float)`.
#[inline]
pub fn signum_f32(x: f32) -> f32 {
    if x.is_nan() || x == 0.0 {
        x
    } else {
        1.0f32.copysign(x)
    }
}

/// `Math.abs(int)`.
#[inline(always)]
pub fn abs_i32(x: i32) -> i32 {
    x.wrapping_abs()
}

/// `Math.abs(long)`.
#[inline(always)]
pub fn abs_i64(x: i64) -> i64 {
    x.wrapping_abs()
}

/// `Math.min(double, double)`.
#[inline]
pub fn min_f64(a: f64, b: f64) -> f64 {
    if a.is_nan() {
        return a;
    }
    if b.is_nan() {
        return b;
    }
    if a == 0.0 && b == 0.0 {
        // -0.0 is smaller than 0.0: the result is negative if either is.
        return if a.is_sign_negative() { a } else { b };
    }
    if a <= b {
        a
    } else {
        b
    }
}

/// `Math.max(double, double)`.
#[inline]
pub fn max_f64(a: f64, b: f64) -> f64 {
    if a.is_nan() {
        return a;
    }
    if b.is_nan() {
        return b;
    }
    if a == 0.0 && b == 0.0 {
        return if a.is_sign_positive() { a } else { b };
    }
    if a >= b {
        a
    } else {
        b
    }
}

/// `Math.min(float, float)`.
#[inline]
pub fn min_f32(a: f32, b: f32) -> f32 {
    if a.is_nan() {
        return a;
    }
    if b.is_nan() {
        return b;
    }
    if a == 0.0 && b == 0.0 {
        return if a.is_sign_negative() { a } else { b };
    }
    if a <= b {
        a
    } else {
        b
    }
}

/// `Math.max(float, float)`.
#[inline]
pub fn max_f32(a: f32, b: f32) -> f32 {
    if a.is_nan() {
        return a;
    }
    if b.is_nan() {
        return b;
    }
    if a == 0.0 && b == 0.0 {
        return if a.is_sign_positive() { a } else { b };
    }
    if a >= b {
        a
    } else {
        b
    }
}

/// `Math.pow` with Java's special cases; everything else is the platform `pow`.
#[inline]
pub fn pow(x: f64, y: f64) -> f64 {
    if y.is_nan() {
        return f64::NAN;
    }
    if y.is_infinite() && x.abs() == 1.0 {
        return f64::NAN;
    }
    x.powf(y)
}

/// `Math.toRadians`: `angdeg * (PI / 180)` with Java's constant.
#[inline]
pub fn to_radians(deg: f64) -> f64 {
    const DEGREES_TO_RADIANS: f64 = 0.017453292519943295;
    deg * DEGREES_TO_RADIANS
}

/// `Math.toDegrees`: `angrad * (180 / PI)` with Java's constant.
#[inline]
pub fn to_degrees(rad: f64) -> f64 {
    const RADIANS_TO_DEGREES: f64 = 57.29577951308232;
    rad * RADIANS_TO_DEGREES
}

/// `Math.sqrt(double)` (also used for `float` arguments after widening).
#[inline(always)]
pub fn sqrt(x: f64) -> f64 {
    x.sqrt()
}

/// `Math.hypot`: the JDK's (fdlibm's), bit for bit.
#[inline]
pub fn hypot(x: f64, y: f64) -> f64 {
    super::fdlibm::hypot(x, y)
}

/// `Math.cbrt`: the platform's. Java 25's `Math.cbrt` is a HotSpot intrinsic on x86-64
/// (not fdlibm's `StrictMath.cbrt`, which differs from it in the last bit for about one
/// argument in eleven); the platform's differs from it for a few in a thousand, which
/// LANGUAGE.md §1.5 allows (`tests/jdk_oracle.rs` checks the bound).
#[inline]
pub fn cbrt(x: f64) -> f64 {
    x.cbrt()
}
