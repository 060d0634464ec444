//! `Integer.parseInt`, `Long.parseLong`, `Double.parseDouble`, `Float.parseFloat` with Java's
//! accepted syntax and Java's `NumberFormatException` messages.
//!
//! - Integers: an optional `+` or `-`, then one or more decimal digits; no whitespace; overflow
//!   is an error. Message: `For input string: "TEXT"` (`TEXT` is the argument as given).
//!   Like Java's `Character.digit(char, 10)`, every Unicode decimal digit of the Basic
//!   Multilingual Plane counts (`"１２"` is 12), from the Unicode 13 table of JDK 17.
//! - Floating point: leading and trailing characters `<= ' '` are trimmed (`String.trim`);
//!   then an optional sign and `NaN`, `Infinity`, a decimal (`1`, `1.`, `.5`, `1e5`, `1.5E-3`)
//!   or a hexadecimal floating literal (`0x1.8p1`), optionally followed by one of `f F d D`.
//!   An empty (or all-whitespace) argument gives the message `empty String`; anything else
//!   invalid gives `For input string: "TRIMMED"`. Decimal values are correctly rounded (Rust's
//!   `str::parse`, like the JDK's `FloatingDecimal`); `parseFloat` rounds once, directly to
//!   `float`.

use crate::error::{class, JavaException};

fn number_format(text: &str) -> JavaException {
    JavaException::unplaced(class::NUMBER_FORMAT, format!("For input string: \"{text}\""))
}

/// Code points of the digit zero of every Unicode (13.0) decimal-digit block in the BMP; each
/// block holds the digits 0..=9 contiguously.
const DIGIT_ZEROS: [u32; 37] = [
    0x0030, 0x0660, 0x06F0, 0x07C0, 0x0966, 0x09E6, 0x0A66, 0x0AE6, 0x0B66, 0x0BE6, 0x0C66, 0x0CE6,
    0x0D66, 0x0DE6, 0x0E50, 0x0ED0, 0x0F20, 0x1040, 0x1090, 0x17E0, 0x1810, 0x1946, 0x19D0, 0x1A80,
    0x1A90, 0x1B50, 0x1BB0, 0x1C40, 0x1C50, 0xA620, 0xA8D0, 0xA900, 0xA9D0, 0xA9F0, 0xAA50, 0xABF0,
    0xFF10,
];

/// `Character.digit(c, 10)` for a `char` (BMP code point).
fn decimal_digit(c: char) -> Option<u32> {
    let code = u32::from(c);
    if c.is_ascii_digit() {
        return Some(code - 0x30);
    }
    DIGIT_ZEROS.iter().find(|&&zero| (zero..zero + 10).contains(&code)).map(|zero| code - zero)
}

fn parse_integer(text: &str, min: i128, max: i128) -> Result<i128, JavaException> {
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    if digits.is_empty() {
        return Err(number_format(text));
    }
    let mut value: i128 = 0;
    for ch in digits.chars() {
        let Some(digit) = decimal_digit(ch) else {
            return Err(number_format(text));
        };
        value = value * 10 + i128::from(digit);
        if value > max + 1 {
            return Err(number_format(text));
        }
    }
    let value = if negative { -value } else { value };
    if value < min || value > max {
        return Err(number_format(text));
    }
    Ok(value)
}

/// The text `Integer.parseInt` and `Long.parseLong` parse: `null` is their
/// `NumberFormatException` ("Cannot parse null string"), where `Double.parseDouble` and
/// `Float.parseFloat` raise `NullPointerException` (`Str::text`).
pub fn integer_text(s: &crate::value::Str) -> Result<&str, JavaException> {
    match s.is_null() {
        true => Err(JavaException::unplaced(class::NUMBER_FORMAT, "Cannot parse null string")),
        false => Ok(s.as_java()),
    }
}

/// `Integer.parseInt(text)`.
pub fn parse_int(text: &str) -> Result<i32, JavaException> {
    parse_integer(text, i128::from(i32::MIN), i128::from(i32::MAX)).map(|v| v as i32)
}

/// `Long.parseLong(text)`.
pub fn parse_long(text: &str) -> Result<i64, JavaException> {
    parse_integer(text, i128::from(i64::MIN), i128::from(i64::MAX)).map(|v| v as i64)
}

/// `Double.parseDouble(text)`.
pub fn parse_double(text: &str) -> Result<f64, JavaException> {
    parse_floating(text, |clean| clean.parse::<f64>().ok())
}

/// `Float.parseFloat(text)`.
pub fn parse_float(text: &str) -> Result<f32, JavaException> {
    parse_floating(text, |clean| clean.parse::<f32>().ok())
}

trait Floating: Copy {
    fn from_hex(negative: bool, mantissa: u64, sticky: bool, exp2: i64) -> Self;
    fn nan() -> Self;
    fn infinity(negative: bool) -> Self;
}

impl Floating for f64 {
    fn from_hex(negative: bool, mantissa: u64, sticky: bool, exp2: i64) -> Self {
        let value = scale(round_binary(mantissa, sticky, exp2, 53, -1074, 1023));
        if negative {
            -value
        } else {
            value
        }
    }
    fn nan() -> Self {
        f64::NAN
    }
    fn infinity(negative: bool) -> Self {
        if negative {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        }
    }
}

impl Floating for f32 {
    fn from_hex(negative: bool, mantissa: u64, sticky: bool, exp2: i64) -> Self {
        // The value is rounded to float precision first, so narrowing it is exact.
        let value = scale(round_binary(mantissa, sticky, exp2, 24, -149, 127)) as f32;
        if negative {
            -value
        } else {
            value
        }
    }
    fn nan() -> Self {
        f32::NAN
    }
    fn infinity(negative: bool) -> Self {
        if negative {
            f32::NEG_INFINITY
        } else {
            f32::INFINITY
        }
    }
}

/// A rounded binary value `mantissa × 2^exp2`, or `None` for overflow to infinity.
type Rounded = Option<(u64, i64)>;

/// The `f64` value of a rounded `mantissa × 2^exp2`. The mantissa has at most 53 bits and the
/// value is representable, so every scaling step is exact.
fn scale(parts: Rounded) -> f64 {
    let Some((mantissa, mut exp2)) = parts else {
        return f64::INFINITY;
    };
    let mut value = mantissa as f64;
    while exp2 != 0 {
        let step = exp2.clamp(-1000, 1000);
        value *= 2f64.powi(step as i32);
        exp2 -= step;
    }
    value
}

/// Rounds `mantissa × 2^exp2` (plus `sticky`: nonzero bits below the mantissa) to `precision`
/// significant bits, ties to even, with no bit kept below `2^min_exp` (subnormals); `None`
/// when the result's top bit lies above `2^max_exp`.
fn round_binary(
    mantissa: u64,
    sticky: bool,
    exp2: i64,
    precision: u32,
    min_exp: i64,
    max_exp: i64,
) -> Rounded {
    if mantissa == 0 {
        return Some((0, 0));
    }
    let bit_len = 64 - i64::from(mantissa.leading_zeros());
    let top_exp = exp2 + bit_len - 1;
    let keep_low = (top_exp - i64::from(precision) + 1).max(min_exp);
    let shift = keep_low - exp2;
    let (mut kept, mut exp) = if shift <= 0 {
        (mantissa, exp2)
    } else if shift > 64 {
        // The value is below 2^(keep_low - 1), half of the smallest kept unit.
        (0, keep_low)
    } else {
        let shift = shift as u32;
        let wide = u128::from(mantissa);
        let kept = (wide >> shift) as u64;
        let rest = wide & ((1u128 << shift) - 1);
        let half = 1u128 << (shift - 1);
        let round_up = rest > half || (rest == half && (sticky || kept & 1 == 1));
        (kept + u64::from(round_up), keep_low)
    };
    if kept >> precision != 0 {
        kept >>= 1;
        exp += 1;
    }
    if kept != 0 && exp + (63 - i64::from(kept.leading_zeros())) > max_exp {
        return None;
    }
    Some((kept, exp))
}

fn parse_floating<T: Floating>(
    text: &str,
    parse_decimal: impl Fn(&str) -> Option<T>,
) -> Result<T, JavaException> {
    let trimmed = text.trim_matches(|c: char| c <= ' ');
    if trimmed.is_empty() {
        return Err(JavaException::unplaced(class::NUMBER_FORMAT, "empty String"));
    }
    let fail = || number_format(trimmed);
    let (negative, body) = match trimmed.as_bytes()[0] {
        b'-' => (true, &trimmed[1..]),
        b'+' => (false, &trimmed[1..]),
        _ => (false, trimmed),
    };
    if body == "NaN" {
        return Ok(T::nan());
    }
    if body == "Infinity" {
        return Ok(T::infinity(negative));
    }
    if body.starts_with("0x") || body.starts_with("0X") {
        return parse_hex::<T>(negative, &body[2..]).ok_or_else(fail);
    }
    let body = body.strip_suffix(['f', 'F', 'd', 'D']).unwrap_or(body);
    // Validate Java's decimal grammar: digits [. digits] [e [sign] digits], with at least one
    // digit in the mantissa.
    let bytes = body.as_bytes();
    let mut i = 0;
    let mut mantissa_digits = 0;
    while i < bytes.len() && bytes[i].is_ascii_digit() {
        i += 1;
        mantissa_digits += 1;
    }
    if i < bytes.len() && bytes[i] == b'.' {
        i += 1;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
            mantissa_digits += 1;
        }
    }
    if mantissa_digits == 0 {
        return Err(fail());
    }
    if i < bytes.len() && (bytes[i] == b'e' || bytes[i] == b'E') {
        i += 1;
        if i < bytes.len() && (bytes[i] == b'+' || bytes[i] == b'-') {
            i += 1;
        }
        let exp_start = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        if i == exp_start {
            return Err(fail());
        }
    }
    if i != bytes.len() {
        return Err(fail());
    }
    let mut clean = String::with_capacity(body.len() + 1);
    if negative {
        clean.push('-');
    }
    clean.push_str(body);
    parse_decimal(&clean).ok_or_else(fail)
}

/// Hexadecimal significand `h*[.h*]` (at least one digit), then `p`/`P`, signed decimal
/// exponent, optional `f F d D` suffix.
fn parse_hex<T: Floating>(negative: bool, text: &str) -> Option<T> {
    let text = text.strip_suffix(['f', 'F', 'd', 'D']).unwrap_or(text);
    let p_at = text.find(['p', 'P'])?;
    let (significand, exponent) = (&text[..p_at], &text[p_at + 1..]);
    let exp_digits = exponent.strip_prefix(['+', '-']).unwrap_or(exponent);
    if exp_digits.is_empty() || !exp_digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let exp_negative = exponent.starts_with('-');
    // Saturate huge exponents; they only matter for overflow/underflow.
    let exp_value: i64 = exp_digits.parse::<i64>().unwrap_or(i64::MAX / 4).min(1 << 40);
    let exp_value = if exp_negative { -exp_value } else { exp_value };
    let mut mantissa: u64 = 0;
    let mut sticky = false;
    let mut exp2: i64 = 0;
    let mut digits = 0;
    let mut seen_point = false;
    for ch in significand.chars() {
        if ch == '.' {
            if seen_point {
                return None;
            }
            seen_point = true;
            continue;
        }
        let value = ch.to_digit(16)?;
        digits += 1;
        if mantissa >> 56 == 0 {
            mantissa = (mantissa << 4) | u64::from(value);
            if seen_point {
                exp2 -= 4;
            }
        } else {
            sticky |= value != 0;
            if !seen_point {
                exp2 += 4;
            }
        }
    }
    if digits == 0 {
        return None;
    }
    Some(T::from_hex(negative, mantissa, sticky, exp2 + exp_value))
}
