//! Decimal digit strings of binary floating-point values, shared by `Double.toString`
//! ([`super::to_string`]) and `String.format` ([`super::format`]).
//!
//! A [`Digits`] value is `0.d1 d2 d3 ... × 10^point` with `d1 != 0` (or no digits for zero).
//!
//! - [`shortest_f64`] / [`shortest_f32`]: the decimal that Java's `Double.toString` /
//!   `Float.toString` (JDK 19+ specification) selects: among the decimals that round to the
//!   value, those of minimal length `n`, the one closest to the value (ties: even last digit).
//!   When `n == 1`, Java also admits the length-2 decimals and takes the closest of all of
//!   them; that is why Java prints `4.9E-324` where the shortest decimal is `5E-324`. The
//!   length-`n` candidate comes from `ryu` (which implements exactly "shortest, closest");
//!   the length-2 rule is applied here with the exact decimal expansion.
//! - [`exact_f64`]: the exact decimal expansion (every double is a finite decimal), computed
//!   with a small base-10^9 big integer.

/// `0.digits × 10^point`; `digits` holds values 0..=9, the first nonzero, no trailing zeros.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Digits {
    pub digits: Vec<u8>,
    pub point: i32,
}

impl Digits {
    /// Removes trailing zeros (and normalises an all-zero string to no digits).
    pub fn trim(mut self) -> Digits {
        while self.digits.last() == Some(&0) {
            self.digits.pop();
        }
        if self.digits.is_empty() {
            self.point = 0;
        }
        self
    }

    /// Parses a plain or `e`-notation decimal (as `ryu` prints it), ignoring the sign.
    fn from_decimal_text(text: &str) -> Digits {
        let (mantissa, exp) = match text.find(['e', 'E']) {
            Some(at) => (&text[..at], text[at + 1..].parse::<i32>().unwrap_or(0)),
            None => (text, 0),
        };
        let mut digits = Vec::with_capacity(mantissa.len());
        let mut int_len: i32 = 0;
        let mut seen_point = false;
        for byte in mantissa.bytes() {
            match byte {
                b'0'..=b'9' => {
                    digits.push(byte - b'0');
                    if !seen_point {
                        int_len += 1;
                    }
                }
                b'.' => seen_point = true,
                _ => {}
            }
        }
        let leading = digits.iter().take_while(|&&d| d == 0).count();
        digits.drain(..leading);
        Digits { digits, point: int_len - leading as i32 + exp }.trim()
    }

    /// `d1.d2d3...e(point-1)`, parseable by Rust's correctly rounded `str::parse`.
    fn to_sci_text(&self) -> String {
        let mut text = String::with_capacity(self.digits.len() + 8);
        for (idx, d) in self.digits.iter().enumerate() {
            if idx == 1 {
                text.push('.');
            }
            text.push(char::from(b'0' + d));
        }
        if text.is_empty() {
            text.push('0');
        }
        text.push('e');
        text.push_str(&(self.point - 1).to_string());
        text
    }
}

/// A nonnegative big integer in base 10^9, least significant limb first.
struct BigDec {
    limbs: Vec<u32>,
}

const LIMB: u64 = 1_000_000_000;

impl BigDec {
    fn from_u64(mut value: u64) -> BigDec {
        let mut limbs = Vec::new();
        while value > 0 {
            limbs.push((value % LIMB) as u32);
            value /= LIMB;
        }
        BigDec { limbs }
    }

    fn mul_small(&mut self, factor: u32) {
        let mut carry: u64 = 0;
        for limb in &mut self.limbs {
            let product = u64::from(*limb) * u64::from(factor) + carry;
            *limb = (product % LIMB) as u32;
            carry = product / LIMB;
        }
        while carry > 0 {
            self.limbs.push((carry % LIMB) as u32);
            carry /= LIMB;
        }
    }

    fn mul_pow(&mut self, base: u32, mut exp: u32) {
        // base^k must stay below 2^32 so that limb * factor + carry fits in u64.
        let (chunk, chunk_exp) = if base == 2 { (1u32 << 31, 31) } else { (1_220_703_125, 13) };
        while exp >= chunk_exp {
            self.mul_small(chunk);
            exp -= chunk_exp;
        }
        if exp > 0 {
            self.mul_small(base.pow(exp));
        }
    }

    fn decimal_digits(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.limbs.len() * 9);
        for (idx, limb) in self.limbs.iter().rev().enumerate() {
            let text = if idx == 0 { limb.to_string() } else { format!("{limb:09}") };
            out.extend(text.bytes().map(|b| b - b'0'));
        }
        out
    }
}

/// The exact decimal value of `|x|` (finite); zero gives no digits.
pub fn exact_f64(x: f64) -> Digits {
    let bits = x.abs().to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    let fraction = bits & ((1u64 << 52) - 1);
    let (mantissa, exp2) =
        if biased == 0 { (fraction, -1074) } else { (fraction | (1u64 << 52), biased - 1075) };
    if mantissa == 0 {
        return Digits { digits: Vec::new(), point: 0 };
    }
    let mut big = BigDec::from_u64(mantissa);
    let scale10 = if exp2 >= 0 {
        big.mul_pow(2, exp2 as u32);
        0
    } else {
        // m × 2^-k = m × 5^k × 10^-k
        big.mul_pow(5, (-exp2) as u32);
        exp2
    };
    let digits = big.decimal_digits();
    let point = digits.len() as i32 + scale10;
    Digits { digits, point }.trim()
}

/// The decimal `Double.toString` prints for finite, nonzero `x` (sign ignored).
pub fn shortest_f64(x: f64) -> Digits {
    let mut buffer = ryu::Buffer::new();
    let shortest = Digits::from_decimal_text(buffer.format_finite(x.abs()));
    if shortest.digits.len() != 1 {
        return shortest;
    }
    two_digit_rule(exact_f64(x), shortest, |text| text.parse::<f64>().ok() == Some(x.abs()))
}

/// The decimal `Float.toString` prints for finite, nonzero `x` (sign ignored).
pub fn shortest_f32(x: f32) -> Digits {
    let mut buffer = ryu::Buffer::new();
    let shortest = Digits::from_decimal_text(buffer.format_finite(x.abs()));
    if shortest.digits.len() != 1 {
        return shortest;
    }
    two_digit_rule(exact_f64(f64::from(x)), shortest, |text| {
        text.parse::<f32>().ok() == Some(x.abs())
    })
}

/// Java's rule for a one-digit shortest decimal: the closest decimal of length 1 or 2 that
/// still rounds to the value. The two length-2 decimals around the exact value are the only
/// candidates that can beat the one-digit decimal (which is itself a length-2 decimal with a
/// trailing zero, so it is one of them or farther away).
fn two_digit_rule(exact: Digits, shortest: Digits, round_trips: impl Fn(&str) -> bool) -> Digits {
    let first = exact.digits.first().copied().unwrap_or(0);
    let second = exact.digits.get(1).copied().unwrap_or(0);
    let lower = Digits { digits: vec![first, second], point: exact.point };
    let rest = exact.digits.get(2..).unwrap_or(&[]);
    if rest.is_empty() {
        // The value is exactly a length-2 decimal.
        return lower.trim();
    }
    let upper = {
        let value = u32::from(first) * 10 + u32::from(second) + 1;
        if value == 100 {
            Digits { digits: vec![1, 0], point: exact.point + 1 }
        } else {
            Digits { digits: vec![(value / 10) as u8, (value % 10) as u8], point: exact.point }
        }
    };
    // Compare the discarded part with one half unit of the second digit.
    let half = match rest[0].cmp(&5) {
        std::cmp::Ordering::Less => std::cmp::Ordering::Less,
        std::cmp::Ordering::Greater => std::cmp::Ordering::Greater,
        std::cmp::Ordering::Equal => {
            if rest[1..].iter().any(|&d| d != 0) {
                std::cmp::Ordering::Greater
            } else {
                std::cmp::Ordering::Equal
            }
        }
    };
    let lower_ok = round_trips(&lower.to_sci_text());
    let upper_ok = round_trips(&upper.to_sci_text());
    let pick = match (lower_ok, upper_ok) {
        (true, true) => match half {
            std::cmp::Ordering::Less => lower,
            std::cmp::Ordering::Greater => upper,
            std::cmp::Ordering::Equal => {
                if second % 2 == 0 {
                    lower
                } else {
                    upper
                }
            }
        },
        (true, false) => lower,
        (false, true) => upper,
        (false, false) => return shortest,
    };
    pick.trim()
}

/// Rounds `d` half-up to `keep` digits, exactly as the JDK's `FormattedFloatingDecimal`
/// (`applyPrecision`) does on the digits of `Double.toString`: `keep < 0` leaves the digits
/// alone (the value is below half a unit of the last kept place, and the caller's layout
/// truncates), `keep == 0` rounds to `0` or to a single `1` one place higher.
pub fn round_half_up(d: &Digits, keep: i32) -> Digits {
    if keep < 0 || keep as usize >= d.digits.len() {
        return d.clone();
    }
    let keep = keep as usize;
    if keep == 0 {
        return if d.digits[0] >= 5 {
            Digits { digits: vec![1], point: d.point + 1 }
        } else {
            Digits { digits: Vec::new(), point: 0 }
        };
    }
    let mut digits = d.digits[..keep].to_vec();
    let mut point = d.point;
    if d.digits[keep] >= 5 {
        let mut idx = keep;
        loop {
            if idx == 0 {
                digits.insert(0, 1);
                digits.pop();
                point += 1;
                break;
            }
            idx -= 1;
            if digits[idx] == 9 {
                digits[idx] = 0;
            } else {
                digits[idx] += 1;
                break;
            }
        }
    }
    Digits { digits, point }.trim()
}
