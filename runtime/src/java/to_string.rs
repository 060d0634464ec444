//! `String.valueOf` for every primitive type, as `System.out.print` and string concatenation
//! render them.
//!
//! `Double.toString` / `Float.toString` follow the JDK 19+ specification (LANGUAGE.md §1.7
//! asks for "Java's shortest-representation"): the digits are chosen by
//! [`super::decimal::shortest_f64`]; the layout is Java's:
//! - `10^-3 <= |d| < 10^7`: plain notation with at least one digit after the point
//!   (`100.0`, `0.001`, `1234567.0`);
//! - otherwise computerized scientific notation `d.ddd` + `E` + exponent, again at least one
//!   fraction digit, no `+` on the exponent (`1.0E7`, `1.0E-4`, `4.9E-324`);
//! - `NaN`, `Infinity`, `-Infinity`, `0.0`, `-0.0`.
//!
//! JDK 18 and earlier used an older algorithm that sometimes prints more digits than necessary
//! (`1.0E23` as `9.999999999999999E22`, `2.0E23` as `1.9999999999999998E23`) and does not
//! apply the two-digit rule (`2 * Double.MIN_VALUE` as `1.0E-323`, JDK 19+: `9.9E-324`); this
//! crate prints what JDK 19+ prints.
//!
//! `char` is UTF-16 code unit `u16`; a lone surrogate prints as U+FFFD.

use super::decimal::{shortest_f32, shortest_f64, Digits};

/// `Double.toString(x)`.
pub fn double_to_string(x: f64) -> String {
    let mut out = String::with_capacity(24);
    push_double(&mut out, x);
    out
}

/// `Float.toString(x)`.
pub fn float_to_string(x: f32) -> String {
    let mut out = String::with_capacity(16);
    push_float(&mut out, x);
    out
}

/// Appends `Double.toString(x)` to `out`.
pub fn push_double(out: &mut String, x: f64) {
    if push_special(out, x.is_nan(), x.is_infinite(), x == 0.0, x.is_sign_negative()) {
        return;
    }
    if x < 0.0 {
        out.push('-');
    }
    layout(out, &shortest_f64(x));
}

/// Appends `Float.toString(x)` to `out`.
pub fn push_float(out: &mut String, x: f32) {
    if push_special(out, x.is_nan(), x.is_infinite(), x == 0.0, x.is_sign_negative()) {
        return;
    }
    if x < 0.0 {
        out.push('-');
    }
    layout(out, &shortest_f32(x));
}

fn push_special(out: &mut String, nan: bool, inf: bool, zero: bool, negative: bool) -> bool {
    let text = if nan {
        "NaN"
    } else if inf {
        if negative {
            "-Infinity"
        } else {
            "Infinity"
        }
    } else if zero {
        if negative {
            "-0.0"
        } else {
            "0.0"
        }
    } else {
        return false;
    };
    out.push_str(text);
    true
}

fn push_digit(out: &mut String, digit: u8) {
    out.push(char::from(b'0' + digit));
}

/// Java's layout of a nonzero decimal `0.digits × 10^point`.
fn layout(out: &mut String, d: &Digits) {
    let sci_exp = d.point - 1;
    if (-3..7).contains(&sci_exp) {
        if d.point <= 0 {
            out.push_str("0.");
            for _ in 0..-d.point {
                out.push('0');
            }
            d.digits.iter().for_each(|&dig| push_digit(out, dig));
        } else {
            let int_len = d.point as usize;
            for idx in 0..int_len {
                push_digit(out, d.digits.get(idx).copied().unwrap_or(0));
            }
            out.push('.');
            if d.digits.len() > int_len {
                d.digits[int_len..].iter().for_each(|&dig| push_digit(out, dig));
            } else {
                out.push('0');
            }
        }
    } else {
        push_digit(out, d.digits[0]);
        out.push('.');
        if d.digits.len() > 1 {
            d.digits[1..].iter().for_each(|&dig| push_digit(out, dig));
        } else {
            out.push('0');
        }
        out.push('E');
        out.push_str(&sci_exp.to_string());
    }
}

/// What a lone surrogate `char` becomes in a string: strings hold text as UTF-8, and the
/// only way out of a program is printing, where Java's UTF-8 encoder writes `?` for it.
pub const UNPAIRED: char = '?';

/// `String.valueOf(char)`.
pub fn char_to_string(c: u16) -> String {
    char::decode_utf16([c]).map(|r| r.unwrap_or(UNPAIRED)).collect()
}

/// `String.valueOf(boolean)`.
pub fn bool_to_string(b: bool) -> &'static str {
    if b {
        "true"
    } else {
        "false"
    }
}

/// `String.valueOf(int)` (also `byte`, `short` after widening).
pub fn int_to_string(x: i32) -> String {
    x.to_string()
}

/// `String.valueOf(long)`.
pub fn long_to_string(x: i64) -> String {
    x.to_string()
}
