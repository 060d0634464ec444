//! Lime task graphs with real threads: pipelines in order, exceptions in any task, and a
//! source that underflows at once.

use somd_runtime::error::{self, catch, JavaException, SourcePos};
use somd_runtime::task::{self, underflow};
use std::sync::atomic::{AtomicI64, Ordering};
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
