//! Lime task graphs with real threads: pipelines in order, exceptions in any task, and a
//! source that underflows at once.

mod common;

use common::spin_until;
use somd_runtime::error::{self, catch, JavaException, SourcePos};
use somd_runtime::task::{self, underflow};
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::{Arc, Mutex};

static POS: SourcePos = SourcePos::new("Tasks.somd", 7, 5);

fn counter_source(limit: i64) -> impl FnMut() -> i64 + Send + 'static {
    let mut next = 0;
    move || {
        if next == limit {
            underflow();
        }
        next += 1;
        next - 1
    }
}

#[test]
fn source_filter_sink_pipeline_sums_squares_in_order() {
    error::install_panic_hook();
    let total = Arc::new(AtomicI64::new(0));
    let seen = Arc::new(Mutex::new(Vec::new()));
    let (t, s) = (Arc::clone(&total), Arc::clone(&seen));
    let mut graph = task::source(counter_source(1000)).filter(|x: i64| x * x).sink(move |x| {
        t.fetch_add(x, Ordering::Relaxed);
        s.lock().expect("lock").push(x);
    });
    graph.start();
    graph.finish();
    let expected: i64 = (0..1000i64).map(|x| x * x).sum();
    assert_eq!(total.load(Ordering::Relaxed), expected);
    let seen = seen.lock().expect("lock");
    assert_eq!(*seen, (0..1000i64).map(|x| x * x).collect::<Vec<_>>());
}

#[test]
fn an_exception_in_the_middle_task_ends_the_graph_and_is_reraised() {
    error::install_panic_hook();
    let received = Arc::new(AtomicI64::new(0));
    let r = Arc::clone(&received);
    // The source never underflows: the graph must still end when the filter fails.
    let mut next = 0i64;
    let mut graph = task::source(move || {
        next += 1;
        next
    })
    .filter(|x: i64| {
        if x == 500 {
            error::throw(JavaException::new("java.lang.ArithmeticException", "/ by zero", POS));
        }
        x
    })
    .sink(move |_| {
        r.fetch_add(1, Ordering::Relaxed);
    });
    let exc = catch(|| graph.finish()).expect_err("the filter fails");
    assert_eq!(exc.class, "java.lang.ArithmeticException");
    assert_eq!(exc.position, POS);
    assert_eq!(received.load(Ordering::Relaxed), 499);
}

/// The source fails making item 8 and the filter at item 7, which Java reaches first (each
/// item passes every task before the next is made): the filter's exception is raised.
#[test]
fn the_exception_of_the_earliest_item_is_raised() {
    error::install_panic_hook();
    for _ in 0..20 {
        let mut next = 0i64;
        let mut graph = task::source(move || {
            if next == 8 {
                error::throw(JavaException::new("java.lang.IllegalStateException", "source", POS));
            }
            next += 1;
            next - 1
        })
        .filter(|x: i64| {
            if x == 7 {
                // Late enough that the source has failed too.
                std::thread::sleep(std::time::Duration::from_millis(2));
                error::throw(JavaException::new("java.lang.ArithmeticException", "filter", POS));
            }
            x
        })
        .discard();
        let exc = catch(|| graph.finish()).expect_err("both fail");
        assert_eq!(exc.detail, "filter");
    }
}

#[test]
fn an_exception_in_the_sink_stops_the_source() {
    error::install_panic_hook();
    let mut graph = task::source(counter_source(i64::MAX)).sink(|x| {
        if x == 10 {
            error::throw(JavaException::new("java.lang.IllegalStateException", "sink", POS));
        }
    });
    let exc = catch(|| graph.finish()).expect_err("the sink fails");
    assert_eq!(exc.detail, "sink");
}

#[test]
fn an_immediate_underflow_ends_the_graph_with_no_items() {
    let calls = Arc::new(AtomicI64::new(0));
    let c = Arc::clone(&calls);
    let mut graph =
        task::source(|| -> i32 { underflow() }).filter(|x: i32| x + 1).sink(move |_| {
            c.fetch_add(1, Ordering::Relaxed);
        });
    graph.finish();
    assert_eq!(calls.load(Ordering::Relaxed), 0);
}

#[test]
fn stateful_tasks_and_discarded_outputs() {
    // `task new Acc().add`: the worker owns its state.
    let results = Arc::new(Mutex::new(Vec::new()));
    let r = Arc::clone(&results);
    let mut running = 0i64;
    let mut graph = task::source(counter_source(10))
        .filter(move |x: i64| {
            running += x;
            running
        })
        .sink(move |x| r.lock().expect("lock").push(x));
    graph.finish();
    assert_eq!(*results.lock().expect("lock"), vec![0, 1, 3, 6, 10, 15, 21, 28, 36, 45]);
    let mut discarded = task::source(counter_source(100)).filter(|x: i64| x * 2).discard();
    discarded.finish();
}

#[test]
fn underflow_in_a_filter_ends_the_graph_quietly() {
    let received = Arc::new(AtomicI64::new(0));
    let r = Arc::clone(&received);
    let mut graph = task::source(counter_source(i64::MAX))
        .filter(|x: i64| if x == 20 { underflow() } else { x })
        .sink(move |_| {
            r.fetch_add(1, Ordering::Relaxed);
        });
    graph.finish();
    assert_eq!(received.load(Ordering::Relaxed), 20);
}

/// A batched filter (`Pipe::filter_batched`) gathers the items arriving while its runner
/// runs a batch. The source makes its first item, then waits until the runner holds the
/// first batch, so that batch is that one item however the threads are scheduled; the
/// runner keeps it until the source has made 3,000 items, which it can only do if something
/// takes them off the 64-item edge meanwhile; the next batch holds them. Results stay in
/// order, and batches the device leaves to the CPU run item by item.
#[test]
fn a_batched_filter_gathers_what_arrives_while_a_batch_runs() {
    error::install_panic_hook();
    let made = Arc::new(AtomicI64::new(0));
    let first_taken = Arc::new(AtomicBool::new(false));
    let sizes = Arc::new(Mutex::new(Vec::new()));
    let seen = Arc::new(Mutex::new(Vec::new()));
    let (m, f, z, s) =
        (Arc::clone(&made), Arc::clone(&first_taken), Arc::clone(&sizes), Arc::clone(&seen));
    let mut source = counter_source(20_000);
    let mut graph = task::source(move || {
        if m.load(Ordering::SeqCst) == 1 {
            wait_until("the runner never took the first batch", || f.load(Ordering::SeqCst));
        }
        let x = source();
        m.fetch_add(1, Ordering::SeqCst);
        x
    })
    .filter_batched(
        move |batch: &mut Vec<i64>| {
            let mut sizes = z.lock().expect("lock");
            if sizes.is_empty() {
                first_taken.store(true, Ordering::SeqCst);
                wait_until("the source stalled on its edge", || {
                    made.load(Ordering::SeqCst) >= 3_000
                });
            }
            sizes.push(batch.len());
            // Odd batches run on the CPU path (the worker, item by item).
            (sizes.len() % 2 == 0).then(|| batch.iter().map(|x| x * 3).collect())
        },
        |x: i64| x * 3,
    )
    .sink(move |x| s.lock().expect("lock").push(x));
    graph.finish();
    assert_eq!(*seen.lock().expect("lock"), (0..20_000i64).map(|x| x * 3).collect::<Vec<_>>());
    let sizes = sizes.lock().expect("lock");
    assert_eq!(sizes.iter().sum::<usize>(), 20_000);
    assert!(sizes.iter().all(|n| (1..=task::BATCH_MAX).contains(n)), "{sizes:?}");
    assert_eq!(sizes[0], 1, "first batch: {sizes:?}");
    // Made while the first batch ran: 2,999 items, less the edge's 64 and one in hand.
    assert!(sizes[1] >= 3_000 - 1 - 64 - 1, "second batch: {sizes:?}");
}

/// Spins (yielding) until `ready` holds; fails the test with `what` after 30 seconds.
fn wait_until(what: &str, ready: impl Fn() -> bool) {
    let start = std::time::Instant::now();
    while !ready() {
        assert!(start.elapsed().as_secs() < 30, "{what}");
        std::thread::yield_now();
    }
}

/// An exception in a batched filter's runner ends the graph and is raised by `finish`, and
/// one in the sink after it stops the source.
#[test]
fn an_exception_in_a_batched_filter_or_after_it_ends_the_graph() {
    error::install_panic_hook();
    let mut graph = task::source(counter_source(i64::MAX))
        .filter_batched(
            |batch: &mut Vec<i64>| {
                if batch.contains(&700) {
                    error::throw(JavaException::new("java.lang.ArithmeticException", "batch", POS));
                }
                Some(batch.clone())
            },
            |x: i64| x,
        )
        .discard();
    let exc = catch(|| graph.finish()).expect_err("the batch fails");
    assert_eq!(exc.detail, "batch");
    let mut graph = task::source(counter_source(i64::MAX))
        .filter_batched(|batch: &mut Vec<i64>| Some(batch.clone()), |x: i64| x)
        .sink(|x| {
            if x == 1_000 {
                error::throw(JavaException::new("java.lang.IllegalStateException", "sink", POS));
            }
        });
    let exc = catch(|| graph.finish()).expect_err("the sink fails");
    assert_eq!(exc.detail, "sink");
}

/// A task joins one graph (`rt::somd::Task::connect` takes its stages): connecting it again,
/// `a => a` included, or starting a task that `=>` took, is `IllegalStateException` at that
/// expression, where the second use used to drop its stage silently.
#[test]
fn a_task_is_connected_once() {
    use somd_runtime::somd::Task;
    error::install_panic_hook();
    static AT: SourcePos = SourcePos::new("Tasks.somd", 9, 13);
    let twice = |f: &dyn Fn() -> Task| catch(f).map(|_| ()).expect_err("must fail");
    let inc = Task::filter(|x: i64| x + 1);
    let exc = twice(&|| {
        let g = Task::connect(&Task::source(counter_source(3)), &inc, &AT);
        Task::connect(&g, &inc, &AT)
    });
    assert_eq!(exc.class, "java.lang.IllegalStateException");
    assert_eq!(exc.detail, "a task connected into a graph cannot be connected again");
    assert_eq!(exc.position, AT);
    let same = Task::filter(|x: i64| x);
    assert_eq!(twice(&|| Task::connect(&same, &same, &AT)).position, AT);
    let source = Task::source(counter_source(3));
    let _graph = Task::connect(&source, &Task::sink(|_: i64| {}), &AT);
    let exc = catch(|| source.start(&AT)).expect_err("a connected task is part of its graph");
    assert_eq!(exc.detail, "a task connected into a graph runs as part of that graph");
}

/// Work a task hands to other threads checks the task's graph too: a `@` of a filter's
/// body that the pool runs (its items on the pool's workers) and a batched filter's items
/// that its runner thread runs on the CPU leave their loops once a task downstream has
/// failed at an earlier item. Before, neither watched the graph: both ran on, and `finish`
/// waited for them.
#[test]
fn work_a_task_hands_to_other_threads_leaves_after_a_failure_downstream() {
    use std::time::Duration;
    error::install_panic_hook();
    let sink_fails = |x: i64| {
        if x == 0 {
            error::throw(JavaException::new("java.lang.IllegalStateException", "sink", POS));
        }
    };
    // Item 0 passes at once; the filter's `@` for item 1, from 4,096 applications on the
    // pool at once, loops in its first and last applications.
    let ran_out = Arc::new(AtomicBool::new(false));
    let r = Arc::clone(&ran_out);
    let n = 1 << 12;
    let mut graph = task::source(counter_source(3))
        .filter(move |x: i64| {
            if x > 0 {
                let spun = somd_runtime::somd::map(n, |i| {
                    (i == 0 || i == n - 1) && spin_until(Duration::from_secs(5))
                });
                if (0..n as i32).any(|i| spun.get(i, &POS)) {
                    r.store(true, Ordering::Release);
                }
            }
            x
        })
        .sink(sink_fails);
    let exc = catch(|| graph.finish()).expect_err("the sink fails");
    assert_eq!(exc.detail, "sink");
    assert!(!ran_out.load(Ordering::Acquire), "the filter's `@` ran on");
    // A batched filter whose device leaves every batch to the CPU: its runner loops on
    // item 1.
    let ran_out = Arc::new(AtomicBool::new(false));
    let r = Arc::clone(&ran_out);
    let mut graph = task::source(counter_source(3))
        .filter_batched(
            |_: &mut Vec<i64>| None,
            move |x: i64| {
                if x > 0 && spin_until(Duration::from_secs(5)) {
                    r.store(true, Ordering::Release);
                }
                x
            },
        )
        .sink(sink_fails);
    let exc = catch(|| graph.finish()).expect_err("the sink fails");
    assert_eq!(exc.detail, "sink");
    assert!(!ran_out.load(Ordering::Acquire), "the batched filter's runner ran on");
}

/// A batched filter whose runner fails ends its task at once, which tells the source: the
/// source loops before its second item (which Java never asks for: the filter fails at the
/// first). Review: the gatherer waited for that item, so the failure reached the graph only
/// when the source's loop ended (never, for a loop on data Java never reaches). A plain
/// filter did not wait.
#[test]
fn a_batched_filters_failure_stops_the_tasks_upstream() {
    use std::time::Duration;
    error::install_panic_hook();
    for batched in [false, true] {
        let ran_out = Arc::new(AtomicBool::new(false));
        let r = Arc::clone(&ran_out);
        let mut next = 0i64;
        let source = task::source(move || {
            if next == 1 && spin_until(Duration::from_secs(5)) {
                r.store(true, Ordering::Release);
            }
            if next == 2 {
                task::underflow();
            }
            next += 1;
            next - 1
        });
        let worker = |x: i64| -> i64 {
            if x == 0 {
                error::throw(JavaException::new("java.lang.IllegalStateException", "filter", POS));
            }
            x
        };
        let mut graph = match batched {
            true => source.filter_batched(|_: &mut Vec<i64>| None, worker).discard(),
            false => source.filter(worker).discard(),
        };
        let exc = catch(|| graph.finish()).expect_err("the filter fails");
        assert_eq!(exc.detail, "filter");
        assert!(!ran_out.load(Ordering::Acquire), "the source ran on (batched: {batched})");
    }
}
