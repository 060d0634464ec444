//! The CPU executor: results in partition order, exceptions propagated from workers (the
//! first in Java's order, then in partition order), barriers and all-reduce among concurrently running MIs, nested
//! calls, and placement parsing.

mod common;

use common::spin_until;
use somd_runtime::alloc::HugePages;
use somd_runtime::error::{self, catch, JavaException, SourcePos};
use somd_runtime::exec::{pool, Device, NestedForm, Placement, Switches, Trace};
use somd_runtime::reduce::{Add, AllReduce, Max};
use std::sync::atomic::{AtomicUsize, Ordering};

static POS: SourcePos = SourcePos::new("Exec.somd", 3, 9);

#[test]
fn results_come_back_in_partition_order() {
    for n in [0usize, 1, 2, 5, 17] {
        let out = pool().run_mis(n, |mi| (mi.index(), mi.count(), std::thread::current().id()));
        assert_eq!(out.len(), n);
        for (idx, (index, count, _)) in out.iter().enumerate() {
            assert_eq!((*index, *count), (idx, n));
        }
        if n > 1 {
            // MI 0 runs on the calling thread, the others on distinct workers.
            assert_eq!(out[0].2, std::thread::current().id());
            let mut ids: Vec<_> = out.iter().map(|o| format!("{:?}", o.2)).collect();
            ids.sort();
            ids.dedup();
            assert_eq!(ids.len(), n);
        }
    }
}

#[test]
fn the_first_exception_in_partition_order_wins() {
    error::install_panic_hook();
    let result = catch(|| {
        pool().run_mis(8, |mi| {
            match mi.index() {
                // MI 5 fails first in time, MI 2 later: partition order decides.
                5 => {
                    error::throw(JavaException::new("java.lang.IllegalStateException", "five", POS))
                }
                2 => {
                    std::thread::sleep(std::time::Duration::from_millis(30));
                    let divisor = std::hint::black_box(0);
                    somd_runtime::java::arith::idiv(2, divisor, &POS);
                }
                _ => {}
            }
            mi.index()
        })
    });
    let exc = result.expect_err("must fail");
    assert_eq!(exc.class, "java.lang.ArithmeticException");
    assert_eq!(exc.detail, "/ by zero");
    assert_eq!(exc.position, POS);
    // The pool is still usable afterwards.
    assert_eq!(pool().run_mis(4, |mi| mi.index() * 2), vec![0, 2, 4, 6]);
}

/// MIs mark their place in Java's order (`exec::fail_key`): the failure of the smallest key
/// wins, of equal keys the first in partition order; a nested call's MIs neither see nor
/// change the key of the MI that made it.
#[test]
fn the_exception_of_the_smallest_key_wins() {
    use somd_runtime::exec::fail_key;
    error::install_panic_hook();
    let throw = |what: &str| -> ! {
        error::throw(JavaException::new("java.lang.IllegalStateException", what, POS))
    };
    let result = catch(|| {
        pool().run_mis(6, |mi| {
            match mi.index() {
                // Statement 2, row 9; statement 1, rows 7 and 7 (MI 3 before MI 4); after a
                // nested call whose MIs set keys of their own, statement 1, row 8.
                1 => fail_key(2 << 32 | 9),
                3 => fail_key(1 << 32 | 7),
                4 => fail_key(1 << 32 | 7),
                5 => {
                    fail_key(1 << 32 | 8);
                    pool().run_mis(3, |inner| fail_key(inner.index() as u64));
                    pool().run_mis(1, |_| fail_key(0));
                }
                _ => return mi.index(),
            }
            throw(&format!("mi {}", mi.index()))
        })
    });
    let exc = result.expect_err("must fail");
    assert_eq!(exc.detail, "mi 3");
}

/// Inside a step of a step loop, MIs mark the statement and row of the step's body they
/// run (`exec::fail_sub`): of failures in one step, the earliest statement's, then the
/// earliest row's wins whatever the partition order; an earlier step wins over any place
/// in a later one, and `fail_key` starts each step at place 0.
#[test]
fn places_inside_a_step_order_its_failures() {
    use somd_runtime::exec::{fail_key, fail_sub};
    error::install_panic_hook();
    let throw = |what: &str| -> ! {
        error::throw(JavaException::new("java.lang.IllegalStateException", what, POS))
    };
    let run = |later_step: bool| {
        catch(|| {
            pool().run_mis(5, |mi| {
                // Statement 0 (step 2 of top-level statement 1) in every MI.
                fail_key(1 << 32 | 2);
                match mi.index() {
                    // Step 2: statement 2, row 3 (the earliest row, a later statement);
                    // statement 1, rows 9 and 6; statement 1 without a row.
                    0 => fail_sub(2 << 32 | 3),
                    1 => fail_sub(1 << 32 | 9),
                    2 => fail_sub(1 << 32 | 6),
                    3 if later_step => {
                        // Step 3, whose statement 0 comes after every place of step 2.
                        fail_sub(1 << 32 | 1);
                        fail_key(1 << 32 | 3);
                    }
                    3 => fail_sub(1 << 32),
                    _ => return mi.index(),
                }
                throw(&format!("mi {}", mi.index()))
            })
        })
        .expect_err("must fail")
        .detail
    };
    assert_eq!(run(false), "mi 3");
    assert_eq!(run(true), "mi 2");
}

/// Places inside an iteration of a loop that `exec::fail_sub` marks (a column, an inner
/// step: `statement << 48 | place << 16`) order the MIs failing in it by the statement of
/// its body each ran (`exec::fail_part`, the low 16 bits), and `fail_sub` starts that
/// statement at 0 again: of failures in one inner step, the earliest statement's, then
/// partition order; an earlier inner step's before any of a later one.
#[test]
fn places_inside_an_inner_step_order_its_failures() {
    use somd_runtime::exec::{fail_key, fail_part, fail_sub};
    error::install_panic_hook();
    let throw = |what: &str| -> ! {
        error::throw(JavaException::new("java.lang.IllegalStateException", what, POS))
    };
    // The place MI 3 marks after its statement 5, if any: an earlier inner step, the same.
    let run = |last: Option<u64>| {
        catch(|| {
            pool().run_mis(4, |mi| {
                // Statement 1 of step 2, inner step 3 (its place 4) in every MI.
                fail_key(1 << 32 | 2);
                fail_sub(1 << 48 | 4 << 16);
                match (mi.index(), last) {
                    // The inner step's statements 2, 1 and 1.
                    (0, _) => fail_part(2),
                    (1, _) => fail_part(1),
                    (2, _) => fail_part(1),
                    // Its mark starts the statement at 0 again.
                    (3, Some(place)) => {
                        fail_part(5);
                        fail_sub(1 << 48 | place << 16);
                    }
                    _ => return mi.index(),
                }
                throw(&format!("mi {}", mi.index()))
            })
        })
        .expect_err("must fail")
        .detail
    };
    assert_eq!(run(None), "mi 1");
    assert_eq!(run(Some(3)), "mi 3");
    assert_eq!(run(Some(4)), "mi 3");
}

/// The places inside a helper an MI calls (`exec::fail_call`, `fail_deep_at`) order failures
/// below the key's: a helper's earlier statement or row, then an earlier call of the
/// statement; `fail_called` puts what follows a call after every place inside it, a helper
/// that was not armed marks nothing, and the next statement's mark clears the helper's word.
#[test]
fn places_inside_a_helper_order_its_failures() {
    use somd_runtime::exec::{fail_call, fail_called, fail_deep_at, fail_helper, fail_key};
    error::install_panic_hook();
    let throw = |what: &str| -> ! {
        error::throw(JavaException::new("java.lang.IllegalStateException", what, POS))
    };
    // How MI 3 ends: in a row of the first call's helper, after that call, or in the next
    // statement before any call.
    let run = |last: u64| {
        catch(|| {
            pool().run_mis(4, |mi| {
                fail_key(2 << 32);
                match (mi.index(), last) {
                    // The second call: its helper's statement 1, row 3.
                    (0, _) => {
                        fail_call(1);
                        fail_called(1);
                        fail_call(2);
                        assert_eq!(fail_helper(), 1);
                        fail_deep_at(1, 1 << 32 | 3);
                    }
                    // The first call: its helper's statement 2 (row 40 of statement 1 before).
                    (1, _) => {
                        fail_call(1);
                        assert_eq!(fail_helper(), 1);
                        fail_deep_at(1, 1 << 32 | 40);
                        fail_deep_at(1, 2 << 32);
                    }
                    // Not armed: a helper asking marks nothing, and stays at the call.
                    (2, _) => {
                        assert_eq!(fail_helper(), 0);
                        return mi.index();
                    }
                    (3, 0) => {
                        fail_call(1);
                        assert_eq!(fail_helper(), 1);
                        fail_deep_at(1, 1 << 32 | 41);
                    }
                    (3, 1) => {
                        fail_call(1);
                        fail_called(1);
                    }
                    _ => fail_key(3 << 32),
                }
                throw(&format!("mi {}", mi.index()))
            })
        })
        .expect_err("must fail")
        .detail
    };
    assert_eq!(run(0), "mi 3");
    assert_eq!(run(1), "mi 1");
    assert_eq!(run(2), "mi 1");
}

/// A helper that an armed helper calls from a marked statement (`exec::fail_call_in`) marks
/// its places at helper level 2, below its caller's place: its earlier statement or row
/// wins over a later one whatever the partition order, its earlier call over a later one;
/// a new place of the caller clears the callee's, and a helper not armed, or already at
/// level 2, arms nothing.
#[test]
fn places_inside_a_helper_a_helper_calls_order_its_failures() {
    use somd_runtime::exec::{
        fail_call, fail_call_in, fail_called_in, fail_deep_at, fail_helper, fail_key,
    };
    error::install_panic_hook();
    let throw = |what: &str| -> ! {
        error::throw(JavaException::new("java.lang.IllegalStateException", what, POS))
    };
    // The MI body's call 1 at statement 2 arms helper `g`, whose statement 1 calls `h`.
    let enter_h = || {
        fail_key(2 << 32);
        fail_call(1);
        assert_eq!(fail_helper(), 1);
        fail_deep_at(1, 1 << 32);
        fail_call_in(1, 1);
        assert_eq!(fail_helper(), 2);
    };
    let run = |variant: u32| {
        catch(|| {
            pool().run_mis(4, |mi| {
                match (mi.index(), variant) {
                    // `h`'s statement 2.
                    (0, _) => {
                        enter_h();
                        fail_deep_at(2, 2 << 32);
                    }
                    // `h`'s statement 1, row 50: before MI 0's in Java's order.
                    (1, _) => {
                        enter_h();
                        fail_deep_at(2, 1 << 32 | 50);
                    }
                    // `g`'s statement 2, whose call `g` did not arm.
                    (2, _) => {
                        enter_h();
                        fail_deep_at(1, 2 << 32);
                        fail_call_in(0, 1);
                        assert_eq!(fail_helper(), 0);
                    }
                    (3, 0) => {
                        enter_h();
                        fail_deep_at(2, 1 << 32 | 49);
                    }
                    // `h` calls a helper it cannot arm: that one marks nothing.
                    (3, 1) => {
                        enter_h();
                        fail_deep_at(2, 1 << 32 | 51);
                        fail_call_in(2, 1);
                        assert_eq!(fail_helper(), 0);
                        fail_deep_at(0, 1 << 32);
                    }
                    // `g`'s second call of statement 1.
                    (3, 2) => {
                        enter_h();
                        fail_called_in(1, 1);
                        fail_call_in(1, 2);
                        assert_eq!(fail_helper(), 2);
                        fail_deep_at(2, 1 << 32);
                    }
                    // `g` marks statement 1 again (as a row loop's next row would): `h`'s
                    // place is cleared.
                    (3, 3) => {
                        enter_h();
                        fail_deep_at(2, 9 << 32);
                        fail_deep_at(1, 1 << 32);
                    }
                    _ => fail_key(3 << 32),
                }
                throw(&format!("mi {}", mi.index()))
            })
        })
        .expect_err("must fail")
        .detail
    };
    assert_eq!(run(0), "mi 3");
    assert_eq!(run(1), "mi 1");
    assert_eq!(run(2), "mi 1");
    assert_eq!(run(3), "mi 3");
    assert_eq!(run(4), "mi 1");
}

/// A call numbered without arming (`exec::fail_call_plain`, `fail_call_plain_in`: a helper
/// marking nothing of its own) orders its MIs' failures by the call's number, and the
/// helpers it calls are not armed.
#[test]
fn plain_calls_order_their_failures_by_number() {
    use somd_runtime::exec::{
        fail_call, fail_call_plain, fail_call_plain_in, fail_called, fail_called_in, fail_deep_at,
        fail_helper, fail_key,
    };
    error::install_panic_hook();
    let throw = |what: &str| -> ! {
        error::throw(JavaException::new("java.lang.IllegalStateException", what, POS))
    };
    let run = |level: u32| {
        catch(|| {
            pool().run_mis(3, |mi| {
                fail_key(1 << 32);
                if level == 2 {
                    // Inside a helper armed at level 1, at its statement 1.
                    fail_call(1);
                    assert_eq!(fail_helper(), 1);
                    fail_deep_at(1, 1 << 32);
                }
                let number = |k: u64| match level {
                    1 => fail_call_plain(k),
                    _ => fail_call_plain_in(1, k),
                };
                match mi.index() {
                    // The statement's second call.
                    0 => number(2),
                    // The first call, whose helper calls a marking helper: not armed.
                    1 => {
                        number(1);
                        assert_eq!(fail_helper(), 0);
                    }
                    // After the first call ended.
                    _ => {
                        number(1);
                        match level {
                            1 => fail_called(1),
                            _ => fail_called_in(1, 1),
                        }
                    }
                }
                throw(&format!("mi {}", mi.index()))
            })
        })
        .expect_err("must fail")
        .detail
    };
    assert_eq!(run(1), "mi 1");
    assert_eq!(run(2), "mi 1");
}

/// Under `exec::fail_last_first` (a loop stepping down inside a row or step loop), of MIs
/// failing at one key the last in partition order wins; a smaller key still wins over it,
/// and `fail_key` clears the flag.
#[test]
fn of_equal_keys_the_last_wins_while_a_loop_steps_down() {
    use somd_runtime::exec::{fail_key, fail_last_first};
    error::install_panic_hook();
    let throw = |what: &str| -> ! {
        error::throw(JavaException::new("java.lang.IllegalStateException", what, POS))
    };
    let run = |smaller: bool| {
        catch(|| {
            pool().run_mis(6, |mi| {
                match mi.index() {
                    // Step 4 of statement 1, stepping down: MIs 1, 2 and 4 fail there.
                    1 | 2 | 4 => {
                        fail_key(1 << 32 | 4);
                        fail_last_first(true);
                    }
                    // Step 3, stepping up, when asked; else a later statement whose mark
                    // cleared the flag.
                    5 if smaller => fail_key(1 << 32 | 3),
                    5 => {
                        fail_key(1 << 32 | 4);
                        fail_last_first(true);
                        fail_key(2 << 32);
                    }
                    _ => return mi.index(),
                }
                throw(&format!("mi {}", mi.index()))
            })
        })
        .expect_err("must fail")
        .detail
    };
    assert_eq!(run(false), "mi 4");
    assert_eq!(run(true), "mi 5");
}

/// An MI in a loop that only its data end leaves it (`exec::spin_check`) once another MI has
/// failed where Java stops first: at a smaller key, or at its key in an earlier MI. An MI
/// whose own failure could still come first in Java's order runs on.
#[test]
fn an_mi_leaves_its_loop_once_an_earlier_failure_is_recorded() {
    use somd_runtime::exec::fail_key;
    use std::sync::atomic::AtomicBool;
    use std::time::Duration;
    error::install_panic_hook();
    let started = [AtomicBool::new(false), AtomicBool::new(false), AtomicBool::new(false)];
    let ran_out = [AtomicBool::new(false), AtomicBool::new(false), AtomicBool::new(false)];
    let result = catch(|| {
        pool().run_mis(4, |mi| {
            let i = mi.index();
            match i {
                // Statement 1 in MI 0, statement 0 in MI 1 (before the failing MI 2: its
                // failure there would be Java's first), statement 0 in MI 3 (after it).
                0 | 1 | 3 => {
                    fail_key(if i == 0 { 1 << 32 } else { 0 });
                    started[i.min(2)].store(true, Ordering::Release);
                    let limit = Duration::from_millis(if i == 1 { 300 } else { 20_000 });
                    let out = spin_until(limit);
                    ran_out[i.min(2)].store(out, Ordering::Release);
                }
                _ => {
                    while !started.iter().all(|s| s.load(Ordering::Acquire)) {
                        std::thread::yield_now();
                    }
                    error::throw(JavaException::new("java.lang.IllegalStateException", "two", POS))
                }
            }
        })
    });
    assert_eq!(result.expect_err("must fail").detail, "two");
    assert!(!ran_out[0].load(Ordering::Acquire), "MI 0 (a later statement) ran on");
    assert!(ran_out[1].load(Ordering::Acquire), "MI 1 (an earlier MI) was stopped");
    assert!(!ran_out[2].load(Ordering::Acquire), "MI 3 (a later MI) ran on");
}

/// A balanced call (more MIs than threads, taken in partition order) whose every thread
/// holds an MI looping on data in a statement after the one where the last MI fails: a
/// thread whose loop runs while no MI is taken takes the next one, until the failing MI
/// runs and the loops leave. Without that no thread would ever take the last MI.
#[test]
fn a_balanced_call_takes_its_failing_mi_while_every_thread_loops() {
    use somd_runtime::exec::fail_key;
    use std::sync::atomic::AtomicBool;
    use std::time::Duration;
    error::install_panic_hook();
    let n = 12;
    let ran_out: Vec<AtomicBool> = (0..n).map(|_| AtomicBool::new(false)).collect();
    let result = catch(|| {
        somd_runtime::somd::run_call_balanced(n, |r| {
            if r == n - 1 {
                error::throw(JavaException::new("java.lang.IllegalStateException", "last", POS))
            }
            fail_key(1 << 32);
            ran_out[r].store(spin_until(Duration::from_secs(20)), Ordering::Release);
            r
        })
        .len()
    });
    assert_eq!(result.expect_err("must fail").detail, "last");
    for (r, out) in ran_out.iter().enumerate() {
        assert!(!out.load(Ordering::Acquire), "MI {r} ran on");
    }
}

/// The items of a parallel `@` after a failing one leave their loops over data, so the map
/// raises the failure instead of running such an item forever.
#[test]
fn map_items_after_a_failure_leave_their_loops() {
    use std::sync::atomic::AtomicBool;
    use std::time::Duration;
    error::install_panic_hook();
    let n = 1 << 14;
    let (last_started, last_ran_out) = (AtomicBool::new(false), AtomicBool::new(false));
    let result = catch(|| {
        somd_runtime::somd::map(n, |i| {
            if i == n - 1 {
                last_started.store(true, Ordering::Release);
                last_ran_out.store(spin_until(Duration::from_secs(20)), Ordering::Release);
            } else if i == 0 {
                // Item 0 fails once the last item loops (or after a while on one thread).
                let waited = std::time::Instant::now();
                while !last_started.load(Ordering::Acquire)
                    && waited.elapsed() < Duration::from_secs(2)
                {
                    std::thread::yield_now();
                }
                error::throw(JavaException::new("java.lang.IllegalStateException", "zero", POS))
            }
            i
        })
        .length(&POS)
    });
    assert_eq!(result.expect_err("must fail").detail, "zero");
    assert!(!last_ran_out.load(Ordering::Acquire), "the last item ran on");
}

/// The MIs of a call an MI makes, and the items of a `@` one runs on the pool, check the
/// calling MI's call too (its watch is their outer one): once another MI of that call
/// fails where Java stops first, work of the later MI leaves its loops on whichever thread
/// it runs. Before, the inner call's MIs and items watched their own call only and ran on.
#[test]
fn work_an_mi_hands_to_the_pool_leaves_for_an_earlier_mis_failure() {
    use std::sync::atomic::AtomicBool;
    use std::time::Duration;
    error::install_panic_hook();
    let n = 1 << 12;
    let looping = AtomicUsize::new(0);
    let ran_out: Vec<AtomicBool> = (0..4).map(|_| AtomicBool::new(false)).collect();
    let result = catch(|| {
        pool().run_mis(3, |mi| match mi.index() {
            // Fails once the inner call's two MIs and the `@`'s first item loop (or after
            // a while).
            0 => {
                let waited = std::time::Instant::now();
                while looping.load(Ordering::Acquire) < 3
                    && waited.elapsed() < Duration::from_secs(2)
                {
                    std::thread::yield_now();
                }
                error::throw(JavaException::new("java.lang.IllegalStateException", "zero", POS))
            }
            // A call of its own, both of whose MIs loop.
            1 => {
                pool().run_mis(2, |inner| {
                    looping.fetch_add(1, Ordering::AcqRel);
                    let out = spin_until(Duration::from_secs(5));
                    ran_out[inner.index()].store(out, Ordering::Release);
                });
            }
            // A `@` on the pool whose first and last items loop (generated MIs run their
            // `@`s on their own thread; a task's thread hands them to the pool, as here).
            _ => {
                somd_runtime::somd::map(n, |i| {
                    if i == 0 || i == n - 1 {
                        looping.fetch_add(usize::from(i == 0), Ordering::AcqRel);
                        let out = spin_until(Duration::from_secs(5));
                        ran_out[2 + usize::from(i != 0)].store(out, Ordering::Release);
                    }
                    i
                })
                .length(&POS);
            }
        })
    });
    assert_eq!(result.expect_err("must fail").detail, "zero");
    for (k, out) in ran_out.iter().enumerate() {
        assert!(!out.load(Ordering::Acquire), "inner work {k} ran on");
    }
}

/// The threads of a balanced call each take a home range of its MIs in partition order, the
/// calling thread the first: a thread's share of the data stays on that thread from call
/// to call (in its core's caches). With one counter for all MIs the two threads took MIs
/// in turn, and which took which changed from call to call. Stealing takes MIs from the
/// back of another thread's range, so the first quarter of the calling thread's range is
/// its own in every call.
#[test]
fn a_balanced_calls_threads_keep_their_home_mis() {
    use std::time::Duration;
    let threads = somd_runtime::exec::placement().cpu_mis();
    if threads < 2 {
        eprintln!("SKIPPED: one CPU thread, no home ranges to tell apart");
        return;
    }
    let n = 32 * threads;
    let caller = std::thread::current().id();
    for call in 0..2 {
        let ran: Vec<std::thread::ThreadId> = somd_runtime::somd::run_call_balanced(n, |_| {
            std::thread::sleep(Duration::from_millis(2));
            std::thread::current().id()
        });
        let home = n / threads;
        for (r, id) in ran.iter().enumerate().take(home / 4) {
            assert_eq!(*id, caller, "call {call}: MI {r} ran on another thread");
        }
        assert!(ran.iter().any(|id| *id != caller), "call {call}: the workers took no MI");
    }
}

/// A balanced call an MI makes takes no MI once that MI's own call has failed where Java
/// stops first: its MIs here check no loop (each sleeps, as an MI over its data does
/// work it is trusted to end), so every MI taken after the failure ran to its end (review:
/// all 200, about half a second on two threads). Now only those taken before it run.
#[test]
fn a_balanced_call_takes_no_mi_after_the_work_around_it_stopped() {
    use std::time::Duration;
    error::install_panic_hook();
    let n = 200;
    let ran = AtomicUsize::new(0);
    let result = catch(|| {
        pool().run_mis(2, |mi| {
            if mi.index() == 0 {
                error::throw(JavaException::new("java.lang.IllegalStateException", "zero", POS))
            }
            somd_runtime::somd::run_call_balanced(n, |r| {
                ran.fetch_add(1, Ordering::AcqRel);
                std::thread::sleep(Duration::from_millis(5));
                r
            })
            .len();
        })
    });
    assert_eq!(result.expect_err("must fail").detail, "zero");
    let ran = ran.load(Ordering::Acquire);
    assert!(ran < n / 4, "{ran} of {n} MIs ran after the failure");
}

/// A `@` on the pool takes no chunk of items once the work around it has stopped, and
/// leaves a chunk within 64 items: its items here check no loop, and the chunks of 4,096
/// items on two threads are 1,024 and 768 long. Before, every item ran (about two
/// seconds).
#[test]
fn a_map_takes_no_items_after_the_work_around_it_stopped() {
    use std::sync::atomic::AtomicBool;
    use std::time::Duration;
    error::install_panic_hook();
    let n = 1 << 12;
    let ran = AtomicUsize::new(0);
    let wrong = AtomicBool::new(false);
    let result = catch(|| {
        pool().run_mis(2, |mi| {
            if mi.index() == 0 {
                error::throw(JavaException::new("java.lang.IllegalStateException", "zero", POS))
            }
            let out = somd_runtime::somd::map(n, |i| {
                ran.fetch_add(1, Ordering::AcqRel);
                std::thread::sleep(Duration::from_millis(1));
                i
            });
            // A map that returns has every item (one that stopped taking chunks without
            // raising returned elements it never wrote).
            for i in 0..n {
                if out.get(i as i32, &POS) != i {
                    wrong.store(true, Ordering::Release);
                }
            }
        })
    });
    assert_eq!(result.expect_err("must fail").detail, "zero");
    let ran = ran.load(Ordering::Acquire);
    assert!(ran < n / 8, "{ran} of {n} items ran after the failure");
    assert!(!wrong.load(Ordering::Acquire), "the map returned items it never wrote");
}

/// The items of a `@`'s chunk after an earlier failing item leave within 64 items where
/// they check no loop: item 0 fails once another thread's chunk (from item 1,024) has
/// started, and that chunk's 768 items each take a millisecond. Before, the chunk ran to
/// its end.
#[test]
fn map_items_after_a_failure_leave_their_chunk() {
    use std::sync::atomic::AtomicBool;
    use std::time::Duration;
    error::install_panic_hook();
    let n = 1 << 12;
    let late_started = AtomicBool::new(false);
    let late_ran = AtomicUsize::new(0);
    let result = catch(|| {
        somd_runtime::somd::map(n, |i| {
            if i == 0 {
                let waited = std::time::Instant::now();
                while !late_started.load(Ordering::Acquire)
                    && waited.elapsed() < Duration::from_secs(2)
                {
                    std::thread::yield_now();
                }
                error::throw(JavaException::new("java.lang.IllegalStateException", "zero", POS))
            }
            if i >= n / 4 {
                late_started.store(true, Ordering::Release);
                late_ran.fetch_add(1, Ordering::AcqRel);
            }
            std::thread::sleep(Duration::from_millis(1));
            i
        })
        .length(&POS)
    });
    assert_eq!(result.expect_err("must fail").detail, "zero");
    let late_ran = late_ran.load(Ordering::Acquire);
    assert!(late_ran < 256, "{late_ran} items after the failing one ran");
}

/// An MI that a balanced call's looping MI takes and runs nested in its loop (`Help`) is
/// no part of that MI's work: it leaves only where Java stops before it. Here every thread
/// loops in MIs at statement 2; the last two MIs, at statement 1, can only run nested: the
/// first of them loops a while and fails, the second fails at once. Java raises the first's.
/// (Review: the nested MIs took the looping MI's watch as theirs, so the second's failure,
/// before statement 2, stopped the first, and its exception was raised.)
#[test]
fn an_mi_run_nested_in_a_looping_mi_leaves_only_for_its_own_call() {
    use somd_runtime::exec::fail_key;
    use std::time::Duration;
    error::install_panic_hook();
    let t = somd_runtime::exec::placement().cpu_mis();
    let n = t + 2;
    let result = catch(|| {
        somd_runtime::somd::run_call_balanced(n, |r| {
            if r < t {
                fail_key(2 << 32);
                spin_until(Duration::from_secs(10));
                return r;
            }
            fail_key(1 << 32);
            if r == t {
                spin_until(Duration::from_millis(300));
                error::throw(JavaException::new("java.lang.IllegalStateException", "early", POS))
            }
            error::throw(JavaException::new("java.lang.IllegalStateException", "late", POS))
        })
        .len()
    });
    assert_eq!(result.expect_err("must fail").detail, "early");
}

/// A call of one MI that an MI makes runs on the caller's thread with keys of its own
/// method: the caller's call compares its own failures with the caller's key, not with the
/// keys the nested body marks (review: MI 0's nested body at its statement 3 left for MI
/// 1's failure at statement 2, though MI 0's call was at its statement 1, and MI 1's
/// exception was raised). The same with two MIs.
#[test]
fn a_nested_call_leaves_for_its_callers_call_at_the_callers_key() {
    use somd_runtime::exec::fail_key;
    use std::time::Duration;
    error::install_panic_hook();
    for inner in [1, 2] {
        let result = catch(|| {
            pool().run_mis(2, |mi| {
                if mi.index() == 0 {
                    fail_key(1 << 32);
                    pool().run_mis(inner, |m| {
                        if m.index() == 0 {
                            fail_key(3 << 32);
                            spin_until(Duration::from_millis(300));
                            error::throw(JavaException::new(
                                "java.lang.IllegalStateException",
                                "zero",
                                POS,
                            ))
                        }
                    });
                } else {
                    fail_key(2 << 32);
                    error::throw(JavaException::new("java.lang.IllegalStateException", "one", POS))
                }
            })
        });
        assert_eq!(result.expect_err("must fail").detail, "zero", "{inner} inner MIs");
    }
}

#[test]
fn a_failing_mi_releases_the_others_from_the_barrier() {
    error::install_panic_hook();
    let result = catch(|| {
        pool().run_mis(6, |mi| {
            if mi.index() == 3 {
                error::throw(JavaException::new("java.lang.IllegalStateException", "boom", POS));
            }
            // Would wait forever for MI 3 without poisoning.
            mi.sync();
            mi.sync();
        })
    });
    let exc: JavaException = result.expect_err("must fail");
    assert_eq!(exc.detail, "boom");
}

#[test]
fn barriers_work_with_more_mis_than_cores() {
    // Each MI writes its slot, syncs, then reads its neighbour's: the barrier makes the writes
    // visible. 48 MIs on a small machine: every MI needs its own thread.
    let n = 48;
    let cells: Vec<AtomicUsize> = (0..n).map(|_| AtomicUsize::new(0)).collect();
    for round in 1..=20usize {
        let seen = pool().run_mis(n, |mi| {
            cells[mi.index()].store(round * 100 + mi.index(), Ordering::Relaxed);
            mi.sync();
            cells[(mi.index() + 1) % n].load(Ordering::Relaxed)
        });
        for (idx, value) in seen.iter().enumerate() {
            assert_eq!(*value, round * 100 + (idx + 1) % n);
        }
    }
}

#[test]
fn all_reduce_gives_every_mi_the_same_combined_value() {
    let n = 7;
    let sums = AllReduce::<f64>::new(n);
    let maxes = AllReduce::<i32>::new(n);
    let out = pool().run_mis(n, |mi| {
        let mut local = Vec::new();
        for iteration in 0..50 {
            let x = (mi.index() * 10 + iteration) as f64 * 0.1;
            let total = sums.reduce::<Add>(mi, x);
            let best = maxes.reduce::<Max>(mi, (mi.index() * iteration) as i32);
            local.push((total.to_bits(), best));
        }
        local
    });
    for iteration in 0..50 {
        let partials: Vec<f64> = (0..n).map(|r| (r * 10 + iteration) as f64 * 0.1).collect();
        let expected = somd_runtime::reduce::tree::<Add, f64>(&partials);
        for per_mi in &out {
            assert_eq!(per_mi[iteration].0, expected.to_bits());
            assert_eq!(per_mi[iteration].1, (n as i32 - 1) * iteration as i32);
        }
    }
}

#[test]
fn nested_calls_do_not_deadlock() {
    let out = pool().run_mis(4, |outer| {
        let inner = pool().run_mis(4, |mi| {
            mi.sync();
            outer.index() * 10 + mi.index()
        });
        outer.sync();
        inner.iter().sum::<usize>()
    });
    assert_eq!(out, vec![6, 46, 86, 126]);
}

#[test]
fn placement_parses_the_environment_values() {
    let p = Placement::parse(None, None, None, None, None, 8);
    assert_eq!(
        (p.device.clone(), p.threads, p.strict, p.trace),
        (Device::Auto, 8, false, Trace::Off)
    );
    assert_eq!(p.cpu_mis(), 8);
    let p = Placement::parse(Some("seq"), Some("4"), Some("1"), Some("json"), Some("x.toml"), 8);
    assert_eq!(
        (p.device.clone(), p.threads, p.strict, p.trace),
        (Device::Seq, 4, true, Trace::Json)
    );
    assert_eq!(p.cpu_mis(), 1);
    assert_eq!(p.config.as_deref(), Some("x.toml"));
    assert_eq!(Placement::parse(Some("cpu"), None, None, Some("1"), None, 2).device, Device::Cpu);
    assert_eq!(
        Placement::parse(Some("opencl"), None, None, None, None, 2).device,
        Device::OpenCl(None)
    );
    assert_eq!(
        Placement::parse(Some("opencl:NVIDIA"), None, None, None, None, 2).device,
        Device::OpenCl(Some("NVIDIA".to_string()))
    );
    // The words in any case (probe 65: `CPU` was refused), a device name as given.
    assert_eq!(Placement::parse(Some(" CPU "), None, None, None, None, 2).device, Device::Cpu);
    assert_eq!(Placement::parse(Some("Seq"), None, None, None, None, 2).device, Device::Seq);
    assert_eq!(
        Placement::parse(Some("OpenCL:NVIDIA H200"), None, None, None, None, 2).device,
        Device::OpenCl(Some("NVIDIA H200".to_string()))
    );
    let bad = Placement::parse(Some("gpu"), Some("0"), None, None, None, 3);
    assert_eq!((bad.device.clone(), bad.threads), (Device::Auto, 3));
    assert_eq!(bad.warnings.len(), 2, "{:?}", bad.warnings);
    assert!(bad.warnings[0].contains("SOMD_DEVICE"));
    // More threads than the runtime starts (their stacks' guard pages ran out near 16,000
    // and aborted the process) are capped with a warning.
    let max = somd_runtime::exec::MAX_THREADS;
    let huge = Placement::parse(Some("cpu"), Some("100000"), None, None, None, 3);
    assert_eq!(huge.threads, max);
    assert_eq!(huge.warnings.len(), 1, "{:?}", huge.warnings);
    assert!(huge.warnings[0].contains(&format!("limit of {max} threads")), "{:?}", huge.warnings);
    let at_limit = Placement::parse(Some("cpu"), Some(&max.to_string()), None, None, None, 3);
    assert_eq!((at_limit.threads, at_limit.warnings.len()), (max, 0));
    assert_eq!(Placement::parse(None, None, None, None, None, max * 4).threads, max);
    // Digits past `usize` are past the limit too, not an ignored value.
    let past = Placement::parse(Some("cpu"), Some("99999999999999999999"), None, None, None, 3);
    assert_eq!((past.threads, past.warnings.len()), (max, 1), "{:?}", past.warnings);
}

#[test]
fn placement_reads_on_off_switches_in_their_usual_spellings() {
    use somd_runtime::exec::Trace;
    let strict = |v| Placement::parse(None, None, Some(v), None, None, 2);
    for on in ["1", "true", "YES", "on"] {
        assert!(strict(on).strict, "{on}");
        assert!(strict(on).warnings.is_empty(), "{on}");
    }
    for off in ["0", "false", "No", "off", ""] {
        assert!(!strict(off).strict, "{off}");
        assert!(strict(off).warnings.is_empty(), "{off}");
    }
    let odd = strict("sure");
    assert!(!odd.strict);
    assert!(odd.warnings[0].contains("SOMD_STRICT"), "{:?}", odd.warnings);
    let trace = |v| Placement::parse(None, None, None, Some(v), None, 2);
    for (value, expect) in [
        ("json", Trace::Json),
        ("JSON", Trace::Json),
        ("1", Trace::Text),
        ("text", Trace::Text),
        ("on", Trace::Text),
        ("0", Trace::Off),
        ("off", Trace::Off),
        ("false", Trace::Off),
    ] {
        let p = trace(value);
        assert_eq!((p.trace, p.warnings.len()), (expect, 0), "{value}");
    }
    let odd = trace("verbose");
    assert_eq!(odd.trace, Trace::Text);
    assert!(odd.warnings[0].contains("SOMD_TRACE"), "{:?}", odd.warnings);
}

#[test]
fn placement_parses_the_adaptive_auto_switches() {
    let parse =
        |adapt, any| Placement::parse(None, None, None, None, None, 2).with_adapt(adapt, any);
    let p = parse(None, None);
    assert_eq!((p.adapt, p.auto_any, p.warnings.len()), (true, false, 0));
    assert!(!parse(Some("off"), None).adapt);
    assert!(!parse(Some("0"), None).adapt);
    assert!(parse(Some("on"), None).adapt);
    assert!(parse(None, Some("1")).auto_any);
    assert!(!parse(None, Some("yes")).auto_any);
    let bad = parse(Some("maybe"), None);
    assert!(bad.adapt);
    assert_eq!(bad.warnings.len(), 1, "{:?}", bad.warnings);
    assert!(bad.warnings[0].contains("SOMD_ADAPT"));
}

#[test]
fn placement_parses_the_measuring_switches() {
    let parse = |vars: &[(&str, &str)]| {
        let vars: Vec<(String, String)> =
            vars.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        Placement::parse(None, None, None, None, None, 2)
            .with_switches(|name| vars.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone()))
    };
    let p = parse(&[]);
    assert_eq!(p.switches, Switches::default());
    assert!(p.switches.keep && p.switches.recycle && p.switches.rows && p.switches.segment_runs);
    assert!(p.switches.stage_rows);
    assert!(p.switches.hold_rows);
    let p = parse(&[
        ("SOMD_KEEP", "off"),
        ("SOMD_RECYCLE", "off"),
        ("SOMD_ROWS", "off"),
        ("SOMD_SEGMENT_RUNS", "0"),
        ("SOMD_STAGE_ROWS", "0"),
        ("SOMD_HOLD_ROWS", "0"),
        ("SOMD_LANES", "16"),
        ("SOMD_ROW_TILES", "1"),
        ("SOMD_WIDE_TILES", "0"),
        ("SOMD_COARSEN", " 0 "),
        ("SOMD_NESTED_FORM", "slices"),
        ("SOMD_CONSTANT_LIMIT", "4096"),
        ("SOMD_WIDEN", "8"),
        ("SOMD_SPLIT", "16"),
        ("SOMD_ROW_BLOCKS", "0"),
        ("SOMD_POLL_YIELD", "off"),
        ("SOMD_NARROW", "off"),
        ("SOMD_MAPFUSE", "0"),
        ("SOMD_HIST_LAYOUT", "pairs"),
        ("SOMD_HIST_MERGE", "0"),
        ("SOMD_TILE_LAST_BARRIER", "1"),
        ("SOMD_TILE_SMALL", "1"),
        ("SOMD_PINNED", "0"),
        ("SOMD_PINNED_MIN", "1024"),
        ("SOMD_PINNED_MAX", "65536"),
        ("SOMD_PINNED_UP", "0"),
        ("SOMD_STAGE_THREADS", "3"),
        ("SOMD_STAGING_BYTES", "1048576"),
        ("SOMD_SPREAD", "0"),
        ("SOMD_HUGEPAGES", "0"),
        ("SOMD_GROUP", "32"),
    ]);
    let want = Switches {
        keep: false,
        recycle: false,
        rows: false,
        segment_runs: false,
        stage_rows: false,
        hold_rows: false,
        lanes: Some(16),
        row_tiles: Some(true),
        wide_tiles: false,
        coarsen: Some(0),
        nested_form: Some(NestedForm::Slices),
        constant_limit: Some(4096),
        widen: 8,
        balance_split: Some(16),
        row_blocks: false,
        poll_yield: false,
        narrow: false,
        map_fusion: false,
        hist_pairs: true,
        hist_merge: false,
        tile_last_barrier: true,
        tile_small: true,
        pinned: Some(false),
        pinned_min: Some(1024),
        pinned_max: Some(65536),
        pinned_uploads: false,
        stage_threads: Some(3),
        staging_bytes: Some(1 << 20),
        spread: false,
        huge_pages: HugePages::Off,
        group: Some(32),
    };
    assert_eq!((p.switches, p.warnings.len()), (want, 0));
    assert!(Switches::default().spread && Switches::default().group.is_none());
    assert_eq!(Switches::default().huge_pages, HugePages::Auto);
    assert_eq!(parse(&[("SOMD_HUGEPAGES", "1")]).switches.huge_pages, HugePages::On);
    assert_eq!(parse(&[("SOMD_HUGEPAGES", "off")]).switches.huge_pages, HugePages::Off);
    assert_eq!(parse(&[("SOMD_HUGEPAGES", "auto")]).switches.huge_pages, HugePages::Auto);
    assert_eq!(parse(&[("SOMD_HUGEPAGES", "")]).switches.huge_pages, HugePages::Auto);
    assert_eq!(parse(&[("SOMD_HUGEPAGES", " 0 ")]).switches.huge_pages, HugePages::Off);
    assert_eq!(parse(&[("SOMD_HUGEPAGES", "on")]).switches.huge_pages, HugePages::On);
    let bad = parse(&[("SOMD_HUGEPAGES", "yes")]);
    assert_eq!((bad.switches.huge_pages, bad.warnings.len()), (HugePages::Auto, 1));
    assert_eq!(parse(&[("SOMD_GROUP", "0")]).switches.group, None);
    assert!(Switches::default().map_fusion);
    assert_eq!(Switches::default().row_tiles, None);
    assert_eq!(parse(&[("SOMD_ROW_TILES", "0")]).switches.row_tiles, Some(false));
    let bad = parse(&[("SOMD_ROW_TILES", "yes")]);
    assert_eq!((bad.switches.row_tiles, bad.warnings.len()), (None, 1));
    assert!(Switches::default().row_blocks && Switches::default().poll_yield);
    assert!(parse(&[("SOMD_ROW_BLOCKS", "1"), ("SOMD_POLL_YIELD", "1")]).switches.row_blocks);
    assert!(!parse(&[("SOMD_ROW_BLOCKS", "off")]).switches.row_blocks);
    assert!(!parse(&[("SOMD_POLL_YIELD", "0")]).switches.poll_yield);
    assert!(!parse(&[("SOMD_MAPFUSE", "off")]).switches.map_fusion);
    assert!(parse(&[("SOMD_MAPFUSE", "1")]).switches.map_fusion);
    // `SOMD_LANES=0` means no forcing; a value that is not a number is ignored with a warning.
    let p = parse(&[("SOMD_LANES", "0"), ("SOMD_COARSEN", "four")]);
    assert_eq!((p.switches.lanes, p.switches.coarsen), (None, None));
    assert_eq!(p.warnings.len(), 1, "{:?}", p.warnings);
    assert!(p.warnings[0].contains("SOMD_COARSEN"));
    // `SOMD_WIDEN` takes the OpenCL vector widths (1 = one element per work-item); any
    // other value keeps the default, with a warning.
    assert_eq!(parse(&[("SOMD_WIDEN", "1")]).switches.widen, 1);
    assert_eq!(Switches::default().widen, 4);
    let p = parse(&[("SOMD_WIDEN", "5")]);
    assert_eq!((p.switches.widen, p.warnings.len()), (4, 1), "{:?}", p.warnings);
    assert!(p.warnings[0].contains("SOMD_WIDEN"));
    // `SOMD_HIST_LAYOUT` takes `split` (the default) or `pairs`; anything else keeps the
    // split layout, with a warning.
    assert!(!parse(&[("SOMD_HIST_LAYOUT", "split")]).switches.hist_pairs);
    let p = parse(&[("SOMD_HIST_LAYOUT", "pair")]);
    assert_eq!((p.switches.hist_pairs, p.warnings.len()), (false, 1), "{:?}", p.warnings);
    assert!(p.warnings[0].contains("SOMD_HIST_LAYOUT"));
    // `SOMD_PINNED` is 0 or 1 (unset: the device decides); another value is ignored with a
    // warning.
    assert_eq!(parse(&[("SOMD_PINNED", "1")]).switches.pinned, Some(true));
    assert_eq!(Switches::default().pinned, None);
    let p = parse(&[("SOMD_PINNED", "yes")]);
    assert_eq!((p.switches.pinned, p.warnings.len()), (None, 1), "{:?}", p.warnings);
    assert!(p.warnings[0].contains("SOMD_PINNED"));
}

#[test]
fn optional_mis_are_revoked_or_run_and_stale_jobs_never_run() {
    // MI 0 returns at once, usually before a worker takes its job, which is then revoked and
    // left in the worker's channel. Each later call must run every MI exactly once, never a
    // stale job of an earlier call.
    for round in 0..300usize {
        let started = AtomicUsize::new(0);
        pool().run_optional(3, |mi| {
            started.fetch_add(1, Ordering::Relaxed);
            assert!(mi.index() < 3 && mi.count() == 3);
        });
        let ran = started.load(Ordering::Relaxed);
        assert!((1..=3).contains(&ran), "round {round}: {ran} MIs ran");
        let runs: Vec<AtomicUsize> = (0..3).map(|_| AtomicUsize::new(0)).collect();
        let out = pool().run_mis(3, |mi| {
            runs[mi.index()].fetch_add(1, Ordering::Relaxed);
            mi.index() + round
        });
        assert_eq!(out, vec![round, round + 1, round + 2]);
        assert!(runs.iter().all(|r| r.load(Ordering::Relaxed) == 1), "round {round}");
    }
}

#[test]
fn optional_mis_share_out_all_the_work_and_report_failures() {
    let next = AtomicUsize::new(0);
    let done: Vec<AtomicUsize> = (0..1000).map(|_| AtomicUsize::new(0)).collect();
    pool().run_optional(4, |_| loop {
        let item = next.fetch_add(1, Ordering::Relaxed);
        if item >= done.len() {
            break;
        }
        done[item].fetch_add(1, Ordering::Relaxed);
    });
    assert!(done.iter().all(|d| d.load(Ordering::Relaxed) == 1));
    error::install_panic_hook();
    let result = catch(|| {
        pool().run_optional(2, |mi| {
            if mi.index() == 0 {
                error::throw(JavaException::new("java.lang.IllegalStateException", "zero", POS))
            }
        })
    });
    assert_eq!(result.expect_err("must fail").detail, "zero");
}
