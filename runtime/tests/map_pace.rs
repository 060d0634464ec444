//! `@` on the CPU (`somd::map`, `somd::map_fold`) below the size that goes to the pool at
//! once: a few costly applications are spread over the pool after the first ones are timed,
//! cheap ones stay on the calling thread, and results and exceptions are those of a
//! sequential run either way.

use somd_runtime::error::{self, catch, JavaException, SourcePos};
use somd_runtime::somd::{map, map_fold};
use std::collections::HashSet;
use std::thread::{self, ThreadId};
use std::time::Duration;

static POS: SourcePos = SourcePos::new("Pace.somd", 4, 7);

/// More threads than this machine may have, so the pool paths run; set before the first use
/// of the placement (every test sets the same value).
fn threads() {
    std::env::set_var("SOMD_THREADS", "4");
    std::env::set_var("SOMD_DEVICE", "cpu");
}

/// An application that takes a millisecond: 64 of them are worth every thread.
fn costly(i: usize) -> (usize, ThreadId) {
    thread::sleep(Duration::from_millis(1));
    (i * 3, thread::current().id())
}

fn threads_of(items: &[(usize, ThreadId)]) -> HashSet<ThreadId> {
    items.iter().map(|item| item.1).collect()
}

#[test]
fn a_few_costly_applications_use_the_pool() {
    threads();
    let out = map(64, costly);
    let items = out.items();
    assert_eq!(
        items.iter().map(|item| item.0).collect::<Vec<_>>(),
        (0..64).map(|i| i * 3).collect::<Vec<_>>()
    );
    // The first application runs on the calling thread, which timed it.
    assert_eq!(items[0].1, thread::current().id());
    assert!(threads_of(items).len() > 1, "64 applications of 1 ms ran on one thread");
}

#[test]
fn costly_applications_after_cheap_ones_use_the_pool() {
    threads();
    // The first 520 take nanoseconds, the last 180 a millisecond each: the clock is read
    // past the 512th item too, so the costly ones are seen when they come.
    let out = map(700, |i| {
        if i >= 520 {
            thread::sleep(Duration::from_millis(1));
        }
        (i, thread::current().id())
    });
    let items = out.items();
    assert!(items.iter().enumerate().all(|(i, item)| item.0 == i));
    assert!(threads_of(items).len() > 1, "180 applications of 1 ms ran on one thread");
}

#[test]
fn a_few_costly_applications_folded_use_the_pool() {
    threads();
    let seen = std::sync::Mutex::new(HashSet::new());
    let sum = map_fold(
        48,
        |i| {
            let (value, id) = costly(i);
            seen.lock().expect("lock").insert(id);
            vec![value]
        },
        // The left fold, in order: the concatenation shows the order of the items.
        |mut a, b| {
            a.extend(b);
            a
        },
        &POS,
    );
    assert_eq!(sum, (0..48).map(|i| i * 3).collect::<Vec<_>>());
    assert!(seen.lock().expect("lock").len() > 1, "48 applications of 1 ms ran on one thread");
}

#[test]
fn cheap_applications_stay_on_the_calling_thread() {
    threads();
    // Timing decides, and a loaded machine may stop the calling thread during the first
    // items: most runs, not all, must stay on it. 200 applications of well under 200 ns
    // each (in a debug build too) are less work than two threads' worth.
    let mut alone = 0;
    for _ in 0..20 {
        let out = map(200, |i| (i * 3, thread::current().id()));
        let items = out.items();
        assert!(items.iter().enumerate().all(|(i, item)| item.0 == i * 3));
        if threads_of(items) == HashSet::from([thread::current().id()]) {
            alone += 1;
        }
    }
    assert!(alone >= 15, "only {alone} of 20 cheap maps stayed on the calling thread");
}

fn fail_at(i: usize, failing: &[usize]) {
    if failing.contains(&i) {
        error::throw(JavaException::new("java.lang.IllegalStateException", format!("at {i}"), POS));
    }
}

#[test]
fn the_lowest_failing_application_raises_its_exception() {
    threads();
    error::install_panic_hook();
    // On the calling thread before the pool takes over (0), among the pool's items (the
    // later one failing first in time), and in the fold.
    for failing in [vec![0, 30], vec![50, 20], vec![63]] {
        let got = catch(|| {
            map(64, |i| {
                if i == 50 {
                    thread::sleep(Duration::from_millis(1));
                } else {
                    thread::sleep(Duration::from_millis(3));
                }
                fail_at(i, &failing);
                i
            })
            .items()
            .len()
        })
        .expect_err("must fail");
        let lowest = failing.iter().min().expect("a failing index");
        assert_eq!(got.detail, format!("at {lowest}"));
        let folded = catch(|| {
            map_fold(
                64,
                |i| {
                    costly(i);
                    fail_at(i, &failing);
                    i
                },
                |a, b| a + b,
                &POS,
            )
        })
        .expect_err("must fail");
        assert_eq!(folded.detail, format!("at {lowest}"));
    }
}
