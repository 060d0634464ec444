//! Reduction strategies (LANGUAGE.md §2.3–2.5, §3.5): operator identities, combination of
//! partial results, and the all-reduce of intermediate reductions and `sync reduce`.
//!
//! # Operators
//! Each built-in operator is a zero-sized type implementing [`ReduceOp<T>`] for the Java types
//! it applies to, so generated code is monomorphic: `reduce::tree::<Add, f64>(&partials)`.
//!
//! | op | types | identity | combine |
//! | --- | --- | --- | --- |
//! | [`Add`] `+` | `byte short char int long float double` | `0` | Java `+` (wrapping for integers, then narrowed to the result type) |
//! | [`Mul`] `*` | same | `1` | Java `*` |
//! | [`Min`] `min` | same | `MAX_VALUE`, `+Infinity` | `Math.min` (NaN wins, `-0.0 < 0.0`) |
//! | [`Max`] `max` | same | `MIN_VALUE`, `-Infinity` | `Math.max` |
//! | [`BitAnd`] `&` | integers, `boolean` | `-1`, `true` | `&` |
//! | [`BitOr`] `\|` | integers, `boolean` | `0`, `false` | `\|` |
//! | [`BitXor`] `^` | integers, `boolean` | `0`, `false` | `^` |
//! | [`LogAnd`] `&&` | `boolean` | `true` | `&&` |
//! | [`LogOr`] `\|\|` | `boolean` | `false` | `\|\|` |
//!
//! `char` is `u16` and `Min`/`Max` on it compare code units.
//!
//! # Combination order
//! [`tree`] combines partial results pairwise in partition order — `((p0 op p1) op (p2 op p3))`
//! — which every associative operator allows (§2.3) and which is deterministic for a given
//! number of MIs. [`fold_sub`] is `r0 - r1 - r2 - ...` left to right (`reduce(-)` is not
//! associative). An empty list gives the identity; [`tree_with`] does the same for a user
//! `combine` method and returns `None` for an empty list (the caller decides: §3.5 requires an
//! `IllegalArgumentException` for `!` with a method operator).
//!
//! # All-reduce
//! [`AllReduce<T>`] is created once per SOMD call (before [`crate::exec::Pool::run_mis`]) for
//! each intermediate reduction or `sync reduce` type; inside the MIs,
//! `all_reduce.combine(mi, value, f)` deposits the MI's value, waits at the call's barrier,
//! and returns the combination of all MIs' values in partition order — the same bits in every
//! MI. It uses two slot buffers alternately, so one barrier per reduction suffices: an MI
//! cannot refill a buffer before every MI has passed the next barrier, i.e. has finished
//! reading it.

use crate::exec::Mi;
use crate::java::math;
use std::any::Any;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// A reduction operator over `T`.
pub trait ReduceOp<T: Copy> {
    /// The value whose combination with any `x` gives `x`.
    fn identity() -> T;
    /// Java's `a op b`.
    fn combine(a: T, b: T) -> T;
}

/// `+`.
pub struct Add;
/// `*`.
pub struct Mul;
/// `min`.
pub struct Min;
/// `max`.
pub struct Max;
/// `&`.
pub struct BitAnd;
/// `|`.
pub struct BitOr;
/// `^`.
pub struct BitXor;
/// `&&`.
pub struct LogAnd;
/// `||`.
pub struct LogOr;

macro_rules! integer_ops {
    ($($ty:ty),*) => {$(
        impl ReduceOp<$ty> for Add {
            #[inline(always)]
            fn identity() -> $ty { 0 }
            #[inline(always)]
            fn combine(a: $ty, b: $ty) -> $ty { a.wrapping_add(b) }
        }
        impl ReduceOp<$ty> for Mul {
            #[inline(always)]
            fn identity() -> $ty { 1 }
            #[inline(always)]
            fn combine(a: $ty, b: $ty) -> $ty { a.wrapping_mul(b) }
        }
        impl ReduceOp<$ty> for Min {
            #[inline(always)]
            fn identity() -> $ty { <$ty>::MAX }
            #[inline(always)]
            fn combine(a: $ty, b: $ty) -> $ty { a.min(b) }
        }
        impl ReduceOp<$ty> for Max {
            #[inline(always)]
            fn identity() -> $ty { <$ty>::MIN }
            #[inline(always)]
            fn combine(a: $ty, b: $ty) -> $ty { a.max(b) }
        }
        impl ReduceOp<$ty> for BitAnd {
            #[inline(always)]
            fn identity() -> $ty { !0 }
            #[inline(always)]
            fn combine(a: $ty, b: $ty) -> $ty { a & b }
        }
        impl ReduceOp<$ty> for BitOr {
            #[inline(always)]
            fn identity() -> $ty { 0 }
            #[inline(always)]
            fn combine(a: $ty, b: $ty) -> $ty { a | b }
        }
        impl ReduceOp<$ty> for BitXor {
            #[inline(always)]
            fn identity() -> $ty { 0 }
            #[inline(always)]
            fn combine(a: $ty, b: $ty) -> $ty { a ^ b }
        }
    )*};
}

integer_ops!(i8, i16, u16, i32, i64);

macro_rules! float_ops {
    ($ty:ty, $min:path, $max:path) => {
        impl ReduceOp<$ty> for Add {
            #[inline(always)]
            fn identity() -> $ty {
                0.0
            }
            #[inline(always)]
            fn combine(a: $ty, b: $ty) -> $ty {
                a + b
            }
        }
        impl ReduceOp<$ty> for Mul {
            #[inline(always)]
            fn identity() -> $ty {
                1.0
            }
            #[inline(always)]
            fn combine(a: $ty, b: $ty) -> $ty {
                a * b
            }
        }
        impl ReduceOp<$ty> for Min {
            #[inline(always)]
            fn identity() -> $ty {
                <$ty>::INFINITY
            }
            #[inline(always)]
            fn combine(a: $ty, b: $ty) -> $ty {
                $min(a, b)
            }
        }
        impl ReduceOp<$ty> for Max {
            #[inline(always)]
            fn identity() -> $ty {
                <$ty>::NEG_INFINITY
            }
            #[inline(always)]
            fn combine(a: $ty, b: $ty) -> $ty {
                $max(a, b)
            }
        }
    };
}

float_ops!(f32, math::min_f32, math::max_f32);
float_ops!(f64, math::min_f64, math::max_f64);

macro_rules! bool_op {
    ($op:ty, $identity:expr, |$a:ident, $b:ident| $body:expr) => {
        impl ReduceOp<bool> for $op {
            #[inline(always)]
            fn identity() -> bool {
                $identity
            }
            #[inline(always)]
            fn combine($a: bool, $b: bool) -> bool {
                $body
            }
        }
    };
}

bool_op!(BitAnd, true, |a, b| a & b);
bool_op!(BitOr, false, |a, b| a | b);
bool_op!(BitXor, false, |a, b| a ^ b);
bool_op!(LogAnd, true, |a, b| a && b);
bool_op!(LogOr, false, |a, b| a || b);

/// Pairwise combination in partition order with a closure; `None` for an empty slice.
pub fn tree_with<T: Copy>(partials: &[T], combine: impl Fn(T, T) -> T + Copy) -> Option<T> {
    match partials.len() {
        0 => None,
        1 => Some(partials[0]),
        n => {
            let (left, right) = partials.split_at(n.div_ceil(2));
            let l = tree_with(left, combine)?;
            let r = tree_with(right, combine)?;
            Some(combine(l, r))
        }
    }
}

/// `reduce(op)` over partial results: pairwise in partition order; identity when empty.
pub fn tree<Op: ReduceOp<T>, T: Copy>(partials: &[T]) -> T {
    tree_with(partials, Op::combine).unwrap_or_else(Op::identity)
}

/// [`tree`], or `empty` when there are no partials: a device reduction of no work-item
/// gives its accumulator's start, which for a floating `+` may be `-0.0`.
pub fn tree_or<Op: ReduceOp<T>, T: Copy>(partials: &[T], empty: T) -> T {
    tree_with(partials, Op::combine).unwrap_or(empty)
}

/// `reduce(op)` of a whole array (`op ! a`), as a sequential fold from the identity. For a
/// vectorisable loop over large arrays generated code may use blocked partial sums instead;
/// the language allows any order (§3.5).
#[inline]
pub fn fold<Op: ReduceOp<T>, T: Copy>(values: &[T]) -> T {
    values.iter().fold(Op::identity(), |acc, &v| Op::combine(acc, v))
}

/// The best entry of the work-groups' partials of an argument extremum (`if (v > m) { m =
/// v; k = i; }` on the device): `values[g]` is group `g`'s extremum and `at[g]` the
/// iteration that set it (negative: none did). The best is the greatest value (`max`) or
/// the least, and of equal values the earliest iteration, or the latest under `later`
/// (`>=`, `<=`): the iteration Java's sequential loop leaves. `None` when no group saw an
/// iteration set the value. The order is total over the values it compares: integers, or
/// floating values a work-item's Java comparison took, which are never NaN (an entry
/// without an iteration is skipped); `-0.0` and `0.0` compare equal, so the iteration
/// decides between them, as Java's loop does.
pub fn arg_best<T: Copy + PartialOrd>(
    values: &[T],
    at: &[i64],
    max: bool,
    later: bool,
) -> Option<usize> {
    let mut best: Option<usize> = None;
    for (g, (&v, &i)) in values.iter().zip(at).enumerate() {
        if i < 0 {
            continue;
        }
        let Some(b) = best else {
            best = Some(g);
            continue;
        };
        let (bv, bi) = (values[b], at[b]);
        let better = if max { v > bv } else { v < bv };
        let tie = v == bv && if later { i > bi } else { i < bi };
        if better || tie {
            best = Some(g);
        }
    }
    best
}

/// Subtraction for the numeric types `reduce(-)` applies to.
pub trait Sub: Copy {
    fn java_sub(self, other: Self) -> Self;
    fn zero() -> Self;
}

macro_rules! sub_impl {
    (int: $($ty:ty),*) => {$(
        impl Sub for $ty {
            #[inline(always)]
            fn java_sub(self, other: Self) -> Self { self.wrapping_sub(other) }
            fn zero() -> Self { 0 }
        }
    )*};
    (float: $($ty:ty),*) => {$(
        impl Sub for $ty {
            #[inline(always)]
            fn java_sub(self, other: Self) -> Self { self - other }
            fn zero() -> Self { 0.0 }
        }
    )*};
}

sub_impl!(int: i8, i16, u16, i32, i64);
sub_impl!(float: f32, f64);

/// `reduce(-)`: `r0 - r1 - r2 - ...` in partition order; `0` when empty.
pub fn fold_sub<T: Sub>(partials: &[T]) -> T {
    match partials.split_first() {
        None => T::zero(),
        Some((&first, rest)) => rest.iter().fold(first, |acc, &v| acc.java_sub(v)),
    }
}

/// All-reduce among the MIs of one call (see the module doc).
pub struct AllReduce<T> {
    buffers: [Vec<Mutex<Option<T>>>; 2],
    rounds: Vec<AtomicUsize>,
}

impl<T: Copy + Send> AllReduce<T> {
    /// For a call with `n_mis` MIs.
    pub fn new(n_mis: usize) -> Self {
        let slots = || (0..n_mis).map(|_| Mutex::new(None)).collect();
        AllReduce {
            buffers: [slots(), slots()],
            rounds: (0..n_mis).map(|_| AtomicUsize::new(0)).collect(),
        }
    }

    /// Deposits `value` for `mi`, waits for all MIs, and returns the tree combination of all
    /// deposited values in partition order. Every MI of the call must call this the same
    /// number of times (the language's "no divergent control flow" rule).
    pub fn combine(&self, mi: &Mi<'_>, value: T, combine: impl Fn(T, T) -> T + Copy) -> T {
        let me = mi.index();
        let round = self.rounds[me].fetch_add(1, Ordering::Relaxed);
        let buffer = &self.buffers[round % 2];
        *buffer[me].lock().unwrap_or_else(|e| e.into_inner()) = Some(value);
        mi.barrier().wait();
        let values: Vec<T> = buffer
            .iter()
            .map(|slot| slot.lock().unwrap_or_else(|e| e.into_inner()).unwrap_or(value))
            .collect();
        tree_with(&values, combine).unwrap_or(value)
    }

    /// [`AllReduce::combine`] with a built-in operator.
    pub fn reduce<Op: ReduceOp<T>>(&self, mi: &Mi<'_>, value: T) -> T {
        self.combine(mi, value, Op::combine)
    }
}

type Deposit = Mutex<Option<Box<dyn Any + Send>>>;

/// All-reduce of values of any type among the MIs of one call, combined by code of the
/// program (an intermediate reduction with a class's `combine` or `combineAll`, or
/// `reduce(self)`): MI 0 combines the values of all MIs, in partition order, once, and
/// every MI takes a copy of the result. As in [`AllReduce`], two sets of slots take turns,
/// so a round's slots are filled again only after every MI has read them.
pub struct AllGather {
    values: [Vec<Deposit>; 2],
    results: [Deposit; 2],
    rounds: Vec<AtomicUsize>,
}

impl AllGather {
    /// For a call with `n_mis` MIs.
    pub fn new(n_mis: usize) -> Self {
        let slots = || (0..n_mis).map(|_| Mutex::new(None)).collect();
        AllGather {
            values: [slots(), slots()],
            results: [Mutex::new(None), Mutex::new(None)],
            rounds: (0..n_mis).map(|_| AtomicUsize::new(0)).collect(),
        }
    }

    /// Deposits `value` for `mi`, waits for all MIs, and returns `combine` of every MI's
    /// value in partition order, run by MI 0 (an exception there reaches the others as a
    /// poisoned barrier). Every MI must call this the same number of times.
    pub fn combine<T: Clone + Send + 'static>(
        &self,
        mi: &Mi<'_>,
        value: T,
        combine: impl FnOnce(Vec<T>) -> T,
    ) -> T {
        let me = mi.index();
        let round = self.rounds[me].fetch_add(1, Ordering::Relaxed) % 2;
        let take = |slot: &Deposit| slot.lock().unwrap_or_else(|e| e.into_inner()).take();
        *self.values[round][me].lock().unwrap_or_else(|e| e.into_inner()) = Some(Box::new(value));
        mi.barrier().wait();
        if me == 0 {
            let partials: Vec<T> = self.values[round]
                .iter()
                .filter_map(|slot| take(slot).and_then(|b| b.downcast::<T>().ok()).map(|b| *b))
                .collect();
            let result = combine(partials);
            *self.results[round].lock().unwrap_or_else(|e| e.into_inner()) = Some(Box::new(result));
        }
        mi.barrier().wait();
        let result = self.results[round].lock().unwrap_or_else(|e| e.into_inner());
        match result.as_ref().and_then(|r| r.downcast_ref::<T>()) {
            Some(r) => r.clone(),
            // MI 0 stores a `T` before the barrier; it cannot be missing.
            None => unreachable!("the combined value of an all-gather round"),
        }
    }
}
