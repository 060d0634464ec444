//! Reduction identities and combination (`somd_runtime::reduce`), checked against the
//! language's table (LANGUAGE.md §2.3) and against a sequential fold.

use somd_runtime::reduce::*;

#[test]
fn identities_follow_the_language_table() {
    assert_eq!(<Add as ReduceOp<i32>>::identity(), 0);
    assert_eq!(<Mul as ReduceOp<i64>>::identity(), 1);
    assert_eq!(<Min as ReduceOp<i32>>::identity(), i32::MAX);
    assert_eq!(<Max as ReduceOp<i64>>::identity(), i64::MIN);
    assert_eq!(<Min as ReduceOp<f64>>::identity(), f64::INFINITY);
    assert_eq!(<Max as ReduceOp<f32>>::identity(), f32::NEG_INFINITY);
    assert_eq!(<BitAnd as ReduceOp<i32>>::identity(), -1);
    assert_eq!(<BitOr as ReduceOp<i32>>::identity(), 0);
    assert_eq!(<BitXor as ReduceOp<i64>>::identity(), 0);
    assert!(<LogAnd as ReduceOp<bool>>::identity());
    assert!(!<LogOr as ReduceOp<bool>>::identity());
    // Empty partition lists reduce to the identity.
    assert_eq!(tree::<Add, f64>(&[]), 0.0);
    assert_eq!(tree::<Min, i32>(&[]), i32::MAX);
    assert_eq!(fold_sub::<i32>(&[]), 0);
    assert_eq!(tree_with::<i32>(&[], |a, b| a + b), None);
}

#[test]
fn integer_reductions_match_a_sequential_fold() {
    let values: Vec<i32> = (0..1000).map(|i| (i * 7919) ^ (i << 13)).collect();
    for n in [1usize, 2, 3, 7, 64, 1000] {
        let slice = &values[..n];
        assert_eq!(tree::<Add, i32>(slice), slice.iter().fold(0i32, |a, &b| a.wrapping_add(b)));
        assert_eq!(tree::<Mul, i32>(slice), slice.iter().fold(1i32, |a, &b| a.wrapping_mul(b)));
        assert_eq!(tree::<Max, i32>(slice), *slice.iter().max().unwrap_or(&i32::MIN));
        assert_eq!(tree::<BitXor, i32>(slice), slice.iter().fold(0, |a, &b| a ^ b));
        assert_eq!(fold::<BitAnd, i32>(slice), slice.iter().fold(-1, |a, &b| a & b));
    }
    // Byte reductions wrap in the byte type, like `(byte)(a + b)`.
    assert_eq!(tree::<Add, i8>(&[100, 100]), -56);
}

#[test]
fn subtraction_is_a_left_fold_in_partition_order() {
    assert_eq!(fold_sub(&[10, 3, 2, 1]), 4);
    assert_eq!(fold_sub(&[1.5f64, 0.25, 0.25]), 1.0);
    assert_eq!(fold_sub(&[i32::MIN, 1]), i32::MAX);
}

#[test]
fn float_min_max_follow_java() {
    let with_nan = [1.0, f64::NAN, -3.0];
    assert!(tree::<Min, f64>(&with_nan).is_nan());
    assert!(tree::<Max, f64>(&with_nan).is_nan());
    let zeros = [0.0f64, -0.0];
    assert!(tree::<Min, f64>(&zeros).is_sign_negative());
    assert!(tree::<Max, f64>(&zeros).is_sign_positive());
    assert!(tree::<Min, f32>(&[-0.0f32, 0.0]).is_sign_negative());
}

#[test]
fn tree_order_is_pairwise_in_partition_order() {
    // Record the combination order with strings.
    let parts = ["a", "b", "c", "d", "e"].map(String::from);
    let refs: Vec<&str> = parts.iter().map(String::as_str).collect();
    let joined = tree_with(&refs, |_, _| "x");
    assert_eq!(joined, Some("x"));
    let order = std::cell::RefCell::new(Vec::new());
    let ids: Vec<usize> = (0..5).collect();
    tree_with(&ids, |a, b| {
        order.borrow_mut().push((a, b));
        a.min(b)
    });
    assert_eq!(order.into_inner(), vec![(0, 1), (0, 2), (3, 4), (0, 3)]);
}

#[test]
fn boolean_reductions() {
    assert!(!tree::<LogAnd, bool>(&[true, false, true]));
    assert!(tree::<LogOr, bool>(&[false, false, true]));
    assert!(tree::<BitXor, bool>(&[true, true, true]));
}

/// Java's comparison of `if (v > m)` (`>=` under `later`, `<`/`<=` for a minimum): NaN
/// never takes, `-0.0` and `0.0` are equal.
fn takes<T: PartialOrd>(v: T, m: T, max: bool, later: bool) -> bool {
    match (max, later) {
        (true, false) => v > m,
        (true, true) => v >= m,
        (false, false) => v < m,
        (false, true) => v <= m,
    }
}

/// What Java's `if (v > m) { m = v; k = i; }` leaves over `values` from `m`, `k`.
fn sequential<T: PartialOrd + Copy>(
    values: &[T],
    m: T,
    k: i64,
    max: bool,
    later: bool,
) -> (T, i64) {
    let (mut m, mut k) = (m, k);
    for (i, &v) in values.iter().enumerate() {
        if takes(v, m, max, later) {
            m = v;
            k = i as i64;
        }
    }
    (m, k)
}

/// Splits `values` among `groups` interleaved work-items as the device does (item `g`
/// takes iterations `g`, `g + groups`, ..), runs each from `identity`, picks the best
/// with `arg_best` and folds it into `m`, `k` as the generated host code does.
fn device<T: PartialOrd + Copy>(
    values: &[T],
    identity: T,
    groups: usize,
    (m, k): (T, i64),
    max: bool,
    later: bool,
) -> (T, i64) {
    let mut best = vec![identity; groups];
    let mut at = vec![-1i64; groups];
    for (i, &v) in values.iter().enumerate() {
        let g = i % groups;
        if takes(v, best[g], max, later) {
            best[g] = v;
            at[g] = i as i64;
        }
    }
    let (mut m, mut k) = (m, k);
    if let Some(b) = arg_best(&best, &at, max, later) {
        if takes(best[b], m, max, later) {
            m = best[b];
            k = at[b];
        }
    }
    (m, k)
}

const FORMS: [(bool, bool); 4] = [(true, false), (true, true), (false, false), (false, true)];

#[test]
fn argument_extrema_match_the_sequential_loop() {
    // Few distinct values (many ties), the extremes of `int` and empty inputs.
    let mut values: Vec<i32> = (0..500).map(|i: i32| (i.wrapping_mul(7919) % 11) - 5).collect();
    values[123] = i32::MIN;
    values[321] = i32::MAX;
    let flat = [i32::MIN; 40];
    for data in [&values[..], &values[..300], &flat[..], &[][..], &[3][..]] {
        for groups in [1, 2, 3, 7, 64] {
            for (max, later) in FORMS {
                let identity = if max { i32::MIN } else { i32::MAX };
                for (m, k) in [(identity, -1), (2, 99), (-5, 7)] {
                    assert_eq!(
                        device(data, identity, groups, (m, k), max, later),
                        sequential(data, m, k, max, later),
                        "{} values, {groups} groups, max {max}, later {later}, from ({m}, {k})",
                        data.len()
                    );
                }
            }
        }
    }
}

/// Floating-point values: NaN never reaches a partial (a work-item's `v > m` is false for
/// it), and of `-0.0` and `0.0` the iteration decides, as in Java's loop: the kept value
/// has the sequential loop's bits.
#[test]
fn floating_argument_extrema_break_zero_ties_by_iteration() {
    let values: Vec<f64> = (0..300)
        .map(|i: i64| match (i * 2_654_435_761 + 7) % 5 {
            0 => -0.0,
            1 => 0.0,
            2 => f64::NAN,
            _ => -((i % 13) as f64) - 1.0,
        })
        .collect();
    let nans = [f64::NAN; 9];
    for data in [&values[..], &values[..40], &nans[..]] {
        for groups in [1, 2, 3, 7, 64] {
            for (max, later) in FORMS {
                let identity = if max { f64::NEG_INFINITY } else { f64::INFINITY };
                for (m, k) in [(identity, -1), (-0.0, 5), (0.0, 5)] {
                    let (dm, dk) = device(data, identity, groups, (m, k), max, later);
                    let (sm, sk) = sequential(data, m, k, max, later);
                    assert_eq!(
                        (dm.to_bits(), dk),
                        (sm.to_bits(), sk),
                        "{} values, {groups} groups, max {max}, later {later}, from ({m}, {k})",
                        data.len()
                    );
                }
            }
        }
    }
}
