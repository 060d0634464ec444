//! `java.util.Random`, bit-exact: the 48-bit linear congruential generator of the JDK, with the
//! same seed scrambling, the same derivation of every `next*` method, and the same
//! `nextGaussian` (Marsaglia polar method, caching the second value, `StrictMath.log`).
//!
//! `Random::new()` seeds from a process-wide "seed uniquifier" (multiplied by Java's constant on
//! every construction) xor the monotonic clock, as the JDK does; the value differs from Java's,
//! which is allowed because Java's own value is unpredictable.
//!
//! `next_int_bounded` with `bound <= 0` returns `Err(IllegalArgumentException: bound must be
//! positive)`; generated code applies [`crate::error::OrThrow::or_throw`].

use crate::error::{class, JavaException};
use crate::java::fdlibm;
use std::sync::atomic::{AtomicI64, Ordering};

const MULTIPLIER: i64 = 0x5_DEEC_E66D;
const ADDEND: i64 = 0xB;
const MASK: i64 = (1 << 48) - 1;

/// One `java.util.Random` instance.
#[derive(Debug, Clone)]
pub struct Random {
    seed: i64,
    next_next_gaussian: f64,
    have_next_next_gaussian: bool,
}

static SEED_UNIQUIFIER: AtomicI64 = AtomicI64::new(8_682_522_807_148_012);

fn next_seed_uniquifier() -> i64 {
    const FACTOR: i64 = 1_181_783_497_276_652_981;
    let mut current = SEED_UNIQUIFIER.load(Ordering::Relaxed);
    loop {
        let next = current.wrapping_mul(FACTOR);
        match SEED_UNIQUIFIER.compare_exchange_weak(
            current,
            next,
            Ordering::Relaxed,
            Ordering::Relaxed,
        ) {
            Ok(_) => return next,
            Err(actual) => current = actual,
        }
    }
}

fn nano_time() -> i64 {
    use std::time::{SystemTime, UNIX_EPOCH};
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_nanos() as i64).unwrap_or(0)
}

impl Default for Random {
    fn default() -> Self {
        Self::new()
    }
}

impl Random {
    /// `new Random()`.
    pub fn new() -> Random {
        Random::with_seed(next_seed_uniquifier() ^ nano_time())
    }

    /// `new Random(seed)`.
    pub fn with_seed(seed: i64) -> Random {
        Random {
            seed: (seed ^ MULTIPLIER) & MASK,
            next_next_gaussian: 0.0,
            have_next_next_gaussian: false,
        }
    }

    /// `setSeed(seed)`.
    pub fn set_seed(&mut self, seed: i64) {
        self.seed = (seed ^ MULTIPLIER) & MASK;
        self.have_next_next_gaussian = false;
    }

    /// `next(bits)`: the top `bits` bits of the advanced 48-bit state.
    #[inline]
    pub fn next(&mut self, bits: u32) -> i32 {
        self.seed = self.seed.wrapping_mul(MULTIPLIER).wrapping_add(ADDEND) & MASK;
        ((self.seed as u64) >> (48 - bits)) as i32
    }

    /// `nextInt()`.
    #[inline]
    pub fn next_int(&mut self) -> i32 {
        self.next(32)
    }

    /// `nextInt(bound)`.
    pub fn next_int_bounded(&mut self, bound: i32) -> Result<i32, JavaException> {
        if bound <= 0 {
            return Err(JavaException::unplaced(class::ILLEGAL_ARGUMENT, "bound must be positive"));
        }
        let mut r = self.next(31);
        let m = bound - 1;
        if bound & m == 0 {
            // Power of two: take the high bits.
            r = ((i64::from(bound) * i64::from(r)) >> 31) as i32;
        } else {
            let mut u = r;
            loop {
                r = u % bound;
                if u.wrapping_sub(r).wrapping_add(m) >= 0 {
                    break;
                }
                u = self.next(31);
            }
        }
        Ok(r)
    }

    /// `nextLong()`.
    #[inline]
    pub fn next_long(&mut self) -> i64 {
        let hi = i64::from(self.next(32)) << 32;
        hi.wrapping_add(i64::from(self.next(32)))
    }

    /// `nextBoolean()`.
    #[inline]
    pub fn next_boolean(&mut self) -> bool {
        self.next(1) != 0
    }

    /// `nextFloat()`: 24 random bits.
    #[inline]
    pub fn next_float(&mut self) -> f32 {
        self.next(24) as f32 / (1 << 24) as f32
    }

    /// `nextDouble()`: 53 random bits.
    #[inline]
    pub fn next_double(&mut self) -> f64 {
        let hi = i64::from(self.next(26)) << 27;
        let value = hi + i64::from(self.next(27));
        value as f64 * f64::from_bits(0x3ca0_0000_0000_0000) // 0x1.0p-53
    }

    /// `nextGaussian()`.
    pub fn next_gaussian(&mut self) -> f64 {
        if self.have_next_next_gaussian {
            self.have_next_next_gaussian = false;
            return self.next_next_gaussian;
        }
        loop {
            let v1 = 2.0 * self.next_double() - 1.0;
            let v2 = 2.0 * self.next_double() - 1.0;
            let s = v1 * v1 + v2 * v2;
            if s < 1.0 && s != 0.0 {
                let multiplier = (-2.0 * fdlibm::log(s) / s).sqrt();
                self.next_next_gaussian = v2 * multiplier;
                self.have_next_next_gaussian = true;
                return v1 * multiplier;
            }
        }
    }
}
