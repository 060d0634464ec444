//! The parallel combinations of a class reduction's partials (`somd::combine_elementwise`,
//! `somd::combine_concurrent`) against the sequential tree (`somd::tree_combine`): the same
//! bits, the same exception.

use somd_runtime::error::SourcePos;
use somd_runtime::somd::{
    combine_concurrent, combine_elementwise, combine_elementwise_windows, key_window, new_table,
    tree_combine, SegmentTable,
};
use somd_runtime::value::Array;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// More threads than this machine may have, so the pool paths run; set before the first use
/// of the placement (every test sets the same value).
fn threads() {
    std::env::set_var("SOMD_THREADS", "4");
    std::env::set_var("SOMD_DEVICE", "cpu");
}

/// Deterministic doubles of very different magnitudes and signs.
fn doubles(seed: u64, len: usize) -> Vec<f64> {
    let mut s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    (0..len)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            let mantissa = (s >> 11) as f64 / (1u64 << 53) as f64 - 0.5;
            let exponent = ((s & 63) as i32) - 32;
            mantissa * 2f64.powi(exponent)
        })
        .collect()
}

/// Not associative in floating point (nor in exact arithmetic), so any other pairing or
/// operand order gives other bits.
fn mix(a: f64, b: f64) -> f64 {
    a * 0.75 + b
}

/// The Java `combine` whose element operation is `mix`: a new array.
fn mix_arrays(a: Array<f64>, b: Array<f64>) -> Array<f64> {
    let (a, b) = (a.to_vec(), b.to_vec());
    Array::from_vec(a.iter().zip(&b).map(|(&x, &y)| mix(x, y)).collect())
}

fn bits(array: &Array<f64>) -> Vec<u64> {
    array.to_vec().iter().map(|v| v.to_bits()).collect()
}

#[test]
fn elementwise_has_the_bits_of_the_sequential_tree() {
    threads();
    for n in 1..=17usize {
        for len in [0usize, 1, 1025, 4097, 20_000] {
            let inputs: Vec<Vec<f64>> =
                (0..n).map(|k| doubles((n * 100 + k) as u64, len)).collect();
            let expected =
                tree_combine(inputs.iter().cloned().map(Array::from_vec).collect(), &mix_arrays)
                    .expect("at least one partial");
            let got = combine_elementwise(
                inputs.iter().cloned().map(Array::from_vec).collect(),
                mix,
                &mix_arrays,
            )
            .expect("at least one partial");
            assert_eq!(bits(&got), bits(&expected), "{n} partials of length {len}");
        }
    }
    assert!(combine_elementwise(Vec::<Array<f64>>::new(), mix, &mix_arrays).is_none());
}

#[test]
fn elementwise_on_integers_with_max() {
    threads();
    let max = |a: i32, b: i32| a.max(b);
    let max_arrays = |a: Array<i32>, b: Array<i32>| {
        Array::from_vec(a.to_vec().iter().zip(b.to_vec()).map(|(&x, y)| x.max(y)).collect())
    };
    for n in [2usize, 5, 16] {
        let inputs: Vec<Vec<i32>> = (0..n)
            .map(|k| (0..50_000).map(|i| ((i * 7919 + k * 31) % 1013) as i32).collect())
            .collect();
        let expected =
            tree_combine(inputs.iter().cloned().map(Array::from_vec).collect(), &max_arrays);
        let got = combine_elementwise(
            inputs.iter().cloned().map(Array::from_vec).collect(),
            max,
            &max_arrays,
        );
        assert_eq!(got.map(|a| a.to_vec()), expected.map(|a| a.to_vec()));
    }
}

#[test]
fn elementwise_leaves_shared_partials_alone() {
    threads();
    // Partials 0 and 2 are one array that the caller still holds; partial 1 is a window.
    let shared = Array::from_vec(doubles(7, 40_000));
    let whole = Array::from_vec(doubles(8, 80_000));
    let window = whole.window(10_000, 40_000);
    let before_shared = bits(&shared);
    let before_whole = bits(&whole);
    let partials = || {
        vec![shared.clone(), window.clone(), shared.clone(), Array::from_vec(doubles(9, 40_000))]
    };
    let expected = tree_combine(partials(), &mix_arrays).expect("partials");
    let got = combine_elementwise(partials(), mix, &mix_arrays).expect("partials");
    assert_eq!(bits(&got), bits(&expected));
    assert_eq!(bits(&shared), before_shared);
    assert_eq!(bits(&whole), before_whole);
    assert!(!got.ref_eq(&shared));
}

/// A `combine` that throws as Java's `b[i]` does when `b` is shorter than `a`.
fn mix_checked(a: Array<f64>, b: Array<f64>) -> Array<f64> {
    let (a, b) = (a.to_vec(), b.to_vec());
    let c = (0..a.len())
        .map(|i| match b.get(i) {
            Some(&y) => mix(a[i], y),
            None => {
                std::panic::panic_any(format!("index {i} out of bounds for length {}", b.len()))
            }
        })
        .collect();
    Array::from_vec(c)
}

fn payload_text(payload: Box<dyn std::any::Any + Send>) -> String {
    payload.downcast::<String>().map(|s| *s).unwrap_or_else(|_| "?".to_string())
}

#[test]
fn elementwise_falls_back_to_combine_for_other_lengths_and_null() {
    threads();
    let lens = [[6usize, 6, 4, 6, 6], [6, 6, 6, 6, 8], [3, 6, 6, 6, 6]];
    for lens in lens {
        let partials = || -> Vec<Array<f64>> {
            lens.iter().enumerate().map(|(k, &l)| Array::from_vec(doubles(k as u64, l))).collect()
        };
        let seq = catch_unwind(AssertUnwindSafe(|| tree_combine(partials(), &mix_checked)));
        let par =
            catch_unwind(AssertUnwindSafe(|| combine_elementwise(partials(), mix, &mix_checked)));
        match (seq, par) {
            (Ok(a), Ok(b)) => assert_eq!(a.map(|a| bits(&a)), b.map(|b| bits(&b)), "{lens:?}"),
            (Err(a), Err(b)) => assert_eq!(payload_text(a), payload_text(b), "{lens:?}"),
            _ => panic!("one of the two threw for {lens:?}"),
        }
    }
    // A null partial goes to `combine` too (which here treats it as empty).
    let with_null = vec![Array::from_vec(vec![1.0]), Array::default(), Array::from_vec(vec![2.0])];
    let got = combine_elementwise(with_null, mix, &|a: Array<f64>, b: Array<f64>| {
        if b.is_null() {
            a
        } else {
            mix_arrays(a, b)
        }
    });
    assert_eq!(got.map(|a| a.to_vec()), Some(vec![mix(1.0, 2.0)]));
}

fn add(a: f64, b: f64) -> f64 {
    a + b
}

fn add_arrays(a: Array<f64>, b: Array<f64>) -> Array<f64> {
    let (a, b) = (a.to_vec(), b.to_vec());
    Array::from_vec(a.iter().zip(&b).map(|(&x, &y)| x + y).collect())
}

/// Windows that overlap, touch, are empty, cover everything, or lie past the end; inside
/// them doubles with `-0.0`s and `+0.0`s among them, zeros outside (as a segmented sum's
/// table). The windowed combination has the bits of the sequential tree of `+`, whose
/// `-0.0 + 0.0` is `0.0`.
#[test]
fn windows_have_the_bits_of_the_sequential_tree() {
    threads();
    for n in 2..=17usize {
        for len in [1usize, 1025, 20_000, 70_001] {
            let windows: Vec<std::ops::Range<usize>> = (0..n)
                .map(|k| match (k * 7 + n) % 6 {
                    0 => 0..0,
                    1 => 0..len,
                    2 => len / 2..len + 100,
                    3 => k * len / n..(k + 1) * len / n,
                    4 => (k * len / n).saturating_sub(3)..((k + 1) * len / n + 3).min(len),
                    _ => k * len / n..k * len / n + 1,
                })
                .collect();
            let inputs: Vec<Vec<f64>> = (0..n)
                .map(|k| {
                    let values = doubles((n * 1000 + k + len) as u64, len);
                    let w = &windows[k];
                    (0..len)
                        .map(|i| match i {
                            _ if !w.contains(&i) => 0.0,
                            _ if i % 5 == 0 => -0.0,
                            _ if i % 7 == 0 => 0.0,
                            _ => values[i],
                        })
                        .collect()
                })
                .collect();
            let arrays = || inputs.iter().cloned().map(Array::from_vec);
            let expected = tree_combine(arrays().collect(), &add_arrays).expect("partials");
            let got = combine_elementwise_windows(
                arrays().zip(windows.iter().cloned()).collect(),
                add,
                &add_arrays,
            )
            .expect("partials");
            assert_eq!(bits(&got), bits(&expected), "{n} partials of length {len}: {windows:?}");
        }
    }
    let with_null = vec![(Array::from_vec(vec![1.0]), 0..1), (Array::default(), 0..0)];
    let got = combine_elementwise_windows(with_null, add, &|a: Array<f64>, _| a);
    assert_eq!(got.map(|a| a.to_vec()), Some(vec![1.0]));
}

#[test]
fn key_windows_run_from_the_least_to_the_greatest_sorted_key() {
    let keys = |k: &[i32]| Array::from_vec(k.to_vec());
    assert_eq!(key_window(&keys(&[3, 3, 5, 9]), 8), 3..10);
    // Keys that never increase: from the last to the first.
    assert_eq!(key_window(&keys(&[9, 5, 5, 3]), 8), 3..10);
    assert_eq!(key_window(&keys(&[6, 6, 6]), 8), 6..7);
    assert_eq!(key_window(&keys(&[2, -4]), 8), 0..3);
    // Unsorted keys, few MIs, `null`: every index.
    assert_eq!(key_window(&keys(&[5, 3, 9, 4]), 8), 0..usize::MAX);
    assert_eq!(key_window(&keys(&[3, 5, 4]), 8), 0..usize::MAX);
    assert_eq!(key_window(&keys(&[3, 3, 5, 9]), 7), 0..usize::MAX);
    assert_eq!(key_window(&Array::default(), 16), 0..usize::MAX);
    assert_eq!(key_window(&keys(&[]), 8), 0..0);
    assert_eq!(key_window(&keys(&[-4, 2]), 8), 0..3);
    assert_eq!(key_window(&keys(&[-4, -2]), 8), 0..0);
    let sorted = Array::from_vec((0..100).map(|i| i / 5).collect());
    assert_eq!(key_window(&sorted.window(12, 30), 16), 2..9);
}

static POS: SourcePos = SourcePos::new("Combine.somd", 7, 3);

/// The MIs of a segmented sum `t[key[i]] += v[i]`, each updating its table in order, as
/// the generated body does; MI `mi`'s `new` asks for `lens[mi]` entries. With `shared`, through a [`SegmentTable`] (`new_table`); else every
/// MI makes its own. The tables and windows, for the combination.
fn segmented_mis(
    parts: &[(Vec<i32>, Vec<f64>)],
    lens: &[usize],
    table: Option<&SegmentTable<f64>>,
) -> Vec<(Array<f64>, std::ops::Range<usize>)> {
    let n = parts.len();
    parts
        .iter()
        .enumerate()
        .map(|(mi, (keys, values))| {
            let keys = Array::from_vec(keys.clone());
            let window = key_window(&keys, n);
            let guard = table.map(|t| t.enter(mi, &window));
            let t = match table {
                Some(_) => new_table::<f64>("M.scatter", lens[mi] as i32, &POS),
                None => Array::from_vec(vec![0.0; lens[mi]]),
            };
            for (k, v) in keys.to_vec().into_iter().zip(values) {
                t.set(k, t.get(k, &POS) + v, &POS);
            }
            drop(guard);
            (t, window)
        })
        .collect()
}

/// MIs sharing one table ([`SegmentTable`]) where their keys' spans are disjoint give the
/// bits of the sequential tree over tables of their own, and so do MIs whose spans meet
/// (a run of keys split between two MIs, unsorted keys in one MI, in every third or in all: each
/// such MI makes its own table, folded into the shared one with the tree's pairing where
/// spans meet), MIs without keys, fewer than eight MIs (no spans: no shared table) and an
/// MI whose `new` asks for another length (its own table: `combine` runs as the
/// sequential tree). Values include `-0.0`, which a sum
/// from `+0.0` never leaves in an entry. Where every span is disjoint, every MI updated the
/// one shared table.
#[test]
fn shared_tables_have_the_bits_of_the_sequential_tree() {
    threads();
    let len = 3000usize;
    let values = doubles(77, 40_000);
    let value = |i: usize| if i % 9 == 0 { -0.0 } else { values[i % values.len()] };
    // Keys of MI `mi` of `n`, in one of the cases.
    let case_keys = |case: usize, n: usize, mi: usize| -> Vec<i32> {
        let rows = len / n;
        match case {
            // Rows by blocks, five keys a row: disjoint spans.
            0 => (mi * rows..(mi + 1) * rows).flat_map(|r| [r as i32; 5]).collect(),
            // The same with MI 2's last row also the first of MI 3's: spans meet.
            1 => {
                let last = if mi == 2 { (mi + 1) * rows + 1 } else { (mi + 1) * rows };
                (mi * rows..last).flat_map(|r| [r as i32; 5]).collect()
            }
            // MI 2's keys unsorted: it spans every index.
            2 if mi == 2 => (0..rows).map(|r| ((r * 7919) % len) as i32).collect(),
            2 => (mi * rows..(mi + 1) * rows).map(|r| r as i32).collect(),
            // Every third MI's keys unsorted: up to six spans over an entry, whose tree
            // pairs them.
            5 if mi % 3 == 0 => (0..len).map(|r| ((r * 7919 + mi * 13) % len) as i32).collect(),
            5 => (mi * rows..(mi + 1) * rows).map(|r| r as i32).collect(),
            // Every MI's keys unsorted over the whole table: every entry has all MIs' terms.
            6 => (0..len).map(|r| ((r * 7919 + mi * 13) % len) as i32).collect(),
            // Every other MI without keys, the rest descending.
            3 if mi % 2 == 1 => Vec::new(),
            _ => (mi * rows..(mi + 1) * rows).rev().map(|r| r as i32).collect(),
        }
    };
    for n in [4usize, 8, 9, 16, 17] {
        for case in 0..7 {
            let parts: Vec<(Vec<i32>, Vec<f64>)> = (0..n)
                .map(|mi| {
                    let keys = case_keys(case, n, mi);
                    let vals = (0..keys.len()).map(|i| value(mi * 1000 + i)).collect();
                    (keys, vals)
                })
                .collect();
            // Case 4: MI 1's `new` asks for one entry more.
            let lens: Vec<usize> =
                (0..n).map(|mi| if case == 4 && mi == 1 { len + 1 } else { len }).collect();
            let own = segmented_mis(&parts, &lens, None);
            let expected = tree_combine(own.into_iter().map(|(t, _)| t).collect(), &add_arrays)
                .expect("tables");
            let table = SegmentTable::<f64>::new("M.scatter", len as i32, n);
            let mis = segmented_mis(&parts, &lens, Some(&table));
            let one_table = mis.iter().all(|(t, _)| t.ref_eq(&mis[0].0));
            let got = table.combine(mis, add, &add_arrays).expect("tables");
            let what = format!("{n} MIs, case {case}");
            assert_eq!(bits(&got), bits(&expected), "{what}");
            assert_eq!(one_table, n >= 8 && (case == 0 || case == 3), "{what}");
        }
    }
}

/// The leaves a tree node combined, in order, as the value of a general `combine`.
fn leaves(n: usize) -> Vec<Vec<usize>> {
    (0..n).map(|k| vec![k]).collect()
}

#[test]
fn concurrent_has_the_sequential_tree_shape() {
    threads();
    let join = |a: String, b: String| format!("({a} {b})");
    for n in 0..=17usize {
        let partials = || (0..n).map(|k| k.to_string()).collect::<Vec<_>>();
        assert_eq!(combine_concurrent(partials(), &join), tree_combine(partials(), &join), "{n}");
    }
}

#[test]
fn concurrent_raises_the_exception_of_the_sequential_tree() {
    threads();
    // Every combination that covers a leaf of `bad` with at least `size` leaves throws,
    // naming the leaves it covers.
    for n in 3..=17usize {
        for size in 2..=4usize {
            for bad_mask in [1u32, 2, 5, 1 << (n - 1), 0b1010_0000, (1 << n) - 1, 0b110] {
                let combine = |mut a: Vec<usize>, b: Vec<usize>| {
                    a.extend(b);
                    if a.len() >= size && a.iter().any(|&k| bad_mask & (1 << k) != 0) {
                        std::panic::panic_any(format!("{a:?}"));
                    }
                    a
                };
                let seq = catch_unwind(AssertUnwindSafe(|| tree_combine(leaves(n), &combine)));
                let par =
                    catch_unwind(AssertUnwindSafe(|| combine_concurrent(leaves(n), &combine)));
                match (seq, par) {
                    (Ok(a), Ok(b)) => assert_eq!(a, b),
                    (Err(a), Err(b)) => {
                        assert_eq!(payload_text(a), payload_text(b), "{n} {size} {bad_mask:b}")
                    }
                    _ => panic!("one of the two threw: {n} {size} {bad_mask:b}"),
                }
            }
        }
    }
}
