//! Ports of the fdlibm routines behind `java.lang.StrictMath` that the runtime needs
//! bit-exactly.
//!
//! `Random.nextGaussian` computes `StrictMath.sqrt(-2 * StrictMath.log(s) / s)`. `sqrt` is
//! correctly rounded everywhere, but `log` is not: the platform `ln` (glibc, musl, macOS) may
//! differ from fdlibm's `__ieee754_log` in the last bit, which would change Java's Gaussian
//! sequence. [`log`] is a line-by-line port of fdlibm 5.3 `e_log.c` (the algorithm the JDK's
//! `StrictMath.log` uses), checked against the JDK in `tests/jdk_oracle.rs`. `Math.hypot`
//! is `StrictMath.hypot` in the JDK (no intrinsic), so [`hypot`] ports `e_hypot.c` too.

const LN2_HI: f64 = f64::from_bits(0x3fe6_2e42_fee0_0000);
const LN2_LO: f64 = f64::from_bits(0x3dea_39ef_3579_3c76);
/// fdlibm's literal `0.33333333333333333` (the double nearest 1/3).
const ONE_THIRD: f64 = f64::from_bits(0x3fd5_5555_5555_5555);
const TWO54: f64 = f64::from_bits(0x4350_0000_0000_0000);
const LG1: f64 = f64::from_bits(0x3fe5_5555_5555_5593);
const LG2: f64 = f64::from_bits(0x3fd9_9999_9997_fa04);
const LG3: f64 = f64::from_bits(0x3fd2_4924_9422_9359);
const LG4: f64 = f64::from_bits(0x3fcc_71c5_1d8e_78af);
const LG5: f64 = f64::from_bits(0x3fc7_4664_96cb_03de);
const LG6: f64 = f64::from_bits(0x3fc3_9a09_d078_c69f);
const LG7: f64 = f64::from_bits(0x3fc2_f112_df3e_5244);

#[inline]
fn high_word(x: f64) -> i32 {
    (x.to_bits() >> 32) as i32
}

#[inline]
fn low_word(x: f64) -> u32 {
    x.to_bits() as u32
}

#[inline]
fn with_high_word(x: f64, hi: i32) -> f64 {
    f64::from_bits((u64::from(hi as u32) << 32) | u64::from(low_word(x)))
}

/// `StrictMath.log`: fdlibm's `__ieee754_log`.
pub fn log(x_in: f64) -> f64 {
    let mut x = x_in;
    let mut hx = high_word(x);
    let lx = low_word(x);
    let mut k: i32 = 0;
    if hx < 0x0010_0000 {
        // x < 2^-1022
        if ((hx & 0x7fff_ffff) as u32 | lx) == 0 {
            return f64::NEG_INFINITY; // log(+-0) = -inf
        }
        if hx < 0 {
            // log(-#) = NaN: fdlibm computes (x-x)/0, the default NaN of x86 (sign bit set).
            return f64::from_bits(0xfff8_0000_0000_0000);
        }
        // Subnormal: scale up.
        k -= 54;
        x *= TWO54;
        hx = high_word(x);
    }
    if hx >= 0x7ff0_0000 {
        return x + x;
    }
    k += (hx >> 20) - 1023;
    hx &= 0x000f_ffff;
    let i = (hx + 0x95f64) & 0x0010_0000;
    x = with_high_word(x, hx | (i ^ 0x3ff0_0000)); // normalize x or x/2
    k += i >> 20;
    let f = x - 1.0;
    if (0x000f_ffff & (2 + hx)) < 3 {
        // |f| < 2^-20
        if f == 0.0 {
            if k == 0 {
                return 0.0;
            }
            let dk = f64::from(k);
            return dk * LN2_HI + dk * LN2_LO;
        }
        let r = f * f * (0.5 - ONE_THIRD * f);
        if k == 0 {
            return f - r;
        }
        let dk = f64::from(k);
        return dk * LN2_HI - ((r - dk * LN2_LO) - f);
    }
    let s = f / (2.0 + f);
    let dk = f64::from(k);
    let z = s * s;
    let mut i = hx - 0x6147a;
    let w = z * z;
    let j = 0x6b851 - hx;
    let t1 = w * (LG2 + w * (LG4 + w * LG6));
    let t2 = z * (LG1 + w * (LG3 + w * (LG5 + w * LG7)));
    i |= j;
    let r = t2 + t1;
    if i > 0 {
        let hfsq = 0.5 * f * f;
        if k == 0 {
            f - (hfsq - s * (hfsq + r))
        } else {
            dk * LN2_HI - ((hfsq - (s * (hfsq + r) + dk * LN2_LO)) - f)
        }
    } else if k == 0 {
        f - s * (f - r)
    } else {
        dk * LN2_HI - ((s * (f - r) - dk * LN2_LO) - f)
    }
}

#[inline]
fn with_words(hi: i32, lo: u32) -> f64 {
    f64::from_bits((u64::from(hi as u32) << 32) | u64::from(lo))
}

/// `StrictMath.hypot` (and `Math.hypot`, which the JDK defines by it): fdlibm's
/// `__ieee754_hypot`, which the platform's `hypot` (correctly rounded in glibc) differs from
/// in the last bit for about one argument pair in eight.
pub fn hypot(x: f64, y: f64) -> f64 {
    let mut ha = high_word(x) & 0x7fff_ffff;
    let mut hb = high_word(y) & 0x7fff_ffff;
    let (mut a, mut b) = if hb > ha {
        std::mem::swap(&mut ha, &mut hb);
        (y, x)
    } else {
        (x, y)
    };
    a = with_high_word(a, ha); // |a|
    b = with_high_word(b, hb); // |b|
    if ha - hb > 0x3c0_0000 {
        return a + b; // a / b > 2^60
    }
    let mut k: i32 = 0;
    if ha > 0x5f30_0000 {
        // a > 2^500
        if ha >= 0x7ff0_0000 {
            // Inf or NaN
            let mut w = a + b; // for sNaN
            if ((ha & 0xf_ffff) as u32 | low_word(a)) == 0 {
                w = a;
            }
            if ((hb ^ 0x7ff0_0000) as u32 | low_word(b)) == 0 {
                w = b;
            }
            return w;
        }
        // Scale a and b by 2^-600.
        ha -= 0x2580_0000;
        hb -= 0x2580_0000;
        k += 600;
        a = with_high_word(a, ha);
        b = with_high_word(b, hb);
    }
    if hb < 0x20b0_0000 {
        // b < 2^-500
        if hb <= 0x000f_ffff {
            // Subnormal b or 0.
            if (hb as u32 | low_word(b)) == 0 {
                return a;
            }
            let t1 = with_words(0x7fd0_0000, 0); // 2^1022
            b *= t1;
            a *= t1;
            k -= 1022;
        } else {
            // Scale a and b by 2^600.
            ha += 0x2580_0000;
            hb += 0x2580_0000;
            k -= 600;
            a = with_high_word(a, ha);
            b = with_high_word(b, hb);
        }
    }
    // Medium size a and b.
    let mut w = a - b;
    if w > b {
        let t1 = with_words(ha, 0);
        let t2 = a - t1;
        w = (t1 * t1 - (b * (-b) - t2 * (a + t1))).sqrt();
    } else {
        a += a;
        let y1 = with_words(hb, 0);
        let y2 = b - y1;
        let t1 = with_words(ha + 0x0010_0000, 0);
        let t2 = a - t1;
        w = (t1 * y1 - (w * (-w) - (t1 * y2 + t2 * b))).sqrt();
    }
    if k != 0 {
        let t1 = with_high_word(1.0, high_word(1.0) + (k << 20));
        t1 * w
    } else {
        w
    }
}
