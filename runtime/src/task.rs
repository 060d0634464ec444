//! Lime task graphs (LANGUAGE.md §3.1): pipelines of tasks joined by `=>`.
//!
//! Generated code builds a graph left to right, mirroring the left-associative `=>`:
//! ```text
//! let mut g = task::source(move || gen.next())   // `task Gen.next`, a source
//!     .filter(|x: i32| x * x)                     // `=> task Sq.apply`, a filter
//!     .sink(move |x| sink.accept(x));             // `=> task Out.accept`, a sink
//! g.finish();                                     // `g.finish()`
//! ```
//! - Every task runs on its own thread, started by [`Graph::start`] (or by [`Graph::finish`]
//!   if not started yet). Tasks are joined by bounded channels (capacity [`CHANNEL_CAPACITY`]),
//!   so items stay in order along every edge and a fast producer cannot run ahead unboundedly.
//! - A source is called repeatedly; each returned value goes downstream. It ends by raising
//!   [`Underflow`] (generated code calls [`underflow`] for `throw new Underflow();`); the
//!   channel then closes, and each downstream task ends after it has processed every item it
//!   received.
//! - A filter or sink that raises `Underflow` ends as if its input had ended (LANGUAGE.md names
//!   `Underflow` only for sources; this is the Lime reading of it). Upstream tasks then stop
//!   when their next `send` fails.
//! - A pipe that does not end in a sink can still be run with [`Pipe::discard`].
//! - Exceptions: a task that raises an exception (any panic other than the source's
//!   `Underflow`) ends; dropping its channel ends the tasks on both sides (upstream tasks stop
//!   when their `send` fails, downstream tasks when their input closes, after the items
//!   already sent). [`Graph::finish`] joins every thread and re-raises, on the calling
//!   thread, the exception of the *last* failing task in graph order, so the program ends as
//!   in §1.6 with Java's first failure: Java passes each item through every task before the
//!   source makes the next, and a task only ever receives the items its upstream made before
//!   failing, so a failing task's item comes before that of every failing task upstream.
//! - A graph that was started and is dropped without `finish` is finished by `Drop` (the JVM
//!   also waits for running non-daemon threads).
//! - [`Graph::in_order`] runs a whole graph on one thread instead, in Java's sequential
//!   order (`crate::somd` uses it under `SOMD_DEVICE=seq` and for graphs whose tasks
//!   observe each other's effects).

use crate::error::SourcePos;
use crossbeam_channel::{bounded, Receiver, Select, Sender, TrySendError};
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::thread::{self, JoinHandle};

/// Capacity of each edge of a task graph.
pub const CHANNEL_CAPACITY: usize = 64;

/// The most items a device filter task runs in one batch (a batch is what arrived while
/// the previous one ran: [`Pipe::filter_batched`]).
pub const BATCH_MAX: usize = 4096;

/// The payload of `throw new Underflow()`: the end of a source's stream, and where the
/// program threw it (reported when it ends the program outside a task graph).
#[derive(Debug, Clone, Copy)]
pub struct Underflow(pub SourcePos);

/// `throw new Underflow();` inside a source worker, from library code.
#[cold]
#[inline(never)]
pub fn underflow() -> ! {
    std::panic::panic_any(Underflow(SourcePos::UNKNOWN))
}

/// `throw new Underflow();` at `pos` of the program.
#[cold]
#[inline(never)]
pub fn underflow_at(pos: &'static SourcePos) -> ! {
    std::panic::panic_any(Underflow(*pos))
}

type Stage = (String, Box<dyn FnOnce() + Send + 'static>);

/// A graph under construction whose last task produces items of type `T`.
pub struct Pipe<T> {
    stages: Vec<Stage>,
    output: Receiver<T>,
}

/// `task C.m` for a source worker `m` (no parameters).
pub fn source<T, W>(mut worker: W) -> Pipe<T>
where
    T: Send + 'static,
    W: FnMut() -> T + Send + 'static,
{
    let (tx, rx) = bounded::<T>(CHANNEL_CAPACITY);
    let body = move || loop {
        match catch_unwind(AssertUnwindSafe(&mut worker)) {
            Ok(item) => {
                if tx.send(item).is_err() {
                    // A downstream task failed; its exception is reported by `finish`.
                    return;
                }
            }
            Err(payload) if payload.is::<Underflow>() => return,
            Err(payload) => resume_unwind(payload),
        }
    };
    Pipe { stages: vec![("source".to_string(), Box::new(body))], output: rx }
}

impl<T: Send + 'static> Pipe<T> {
    /// `=> task C.m` for a filter worker `m` (one parameter, a result).
    pub fn filter<U, W>(mut self, mut worker: W) -> Pipe<U>
    where
        U: Send + 'static,
        W: FnMut(T) -> U + Send + 'static,
    {
        let (tx, rx) = bounded::<U>(CHANNEL_CAPACITY);
        let input = self.output;
        let body = move || {
            end_quietly_on_underflow(|| {
                for item in input.iter() {
                    if tx.send(worker(item)).is_err() {
                        return;
                    }
                }
            })
        };
        let name = format!("filter {}", self.stages.len());
        self.stages.push((name, Box::new(body)));
        Pipe { stages: self.stages, output: rx }
    }

    /// `=> task C.m` for an isolated filter worker `m` that may run on a device. The task
    /// runs in two threads: a gatherer takes the items arriving on the input edge into the
    /// next batch while a runner runs the previous one, and hands the batch over (at least
    /// one item, at most [`BATCH_MAX`]) as soon as the runner is free. The runner passes it
    /// to `device`, which runs the worker's kernel over it and returns the results in order,
    /// or `None` when the batch runs on the CPU (`worker`, item by item, over the batch as
    /// `device` leaves it). So a batch holds what the producer made while the last one
    /// ran: a launch costs tens of microseconds, and batches of only what waits on the edge
    /// (at most [`CHANNEL_CAPACITY`] items, as the producer blocks there) paid it for every
    /// few items.
    pub fn filter_batched<U, D, W>(mut self, mut device: D, mut worker: W) -> Pipe<U>
    where
        U: Send + 'static,
        D: FnMut(&mut Vec<T>) -> Option<Vec<U>> + Send + 'static,
        W: FnMut(T) -> U + Send + 'static,
    {
        let (tx, rx) = bounded::<U>(CHANNEL_CAPACITY);
        let input = self.output;
        let name = format!("filter {}", self.stages.len());
        let runner_name = format!("somd-task-{}-runner", self.stages.len());
        let body = move || {
            // A rendezvous: a batch changes hands only when the runner waits for one.
            let (jobs, batches) = bounded::<Vec<T>>(0);
            // The runner watches what this task watches (its CPU path's loops leave after a
            // failure downstream), and this thread joins it before it leaves its watch.
            let outer = crate::exec::Outer::here();
            // Disconnected when the runner ends, by return or by unwinding: the gatherer
            // then stops waiting for items.
            let (alive, ended) = bounded::<()>(0);
            let run = move || {
                let _alive = alive;
                crate::exec::adopting(outer, || {
                    end_quietly_on_underflow(|| {
                        for mut batch in batches.iter() {
                            match device(&mut batch) {
                                Some(results) => {
                                    for result in results {
                                        if tx.send(result).is_err() {
                                            return;
                                        }
                                    }
                                }
                                None => {
                                    for item in batch.drain(..) {
                                        if tx.send(worker(item)).is_err() {
                                            return;
                                        }
                                    }
                                }
                            }
                        }
                    })
                })
            };
            let runner = spawn_task_thread(runner_name, Box::new(run));
            let gathered = catch_unwind(AssertUnwindSafe(|| gather(&input, &jobs, &ended)));
            // The runner ends after the last batch, or has ended (downstream closed, or an
            // exception, which this task raises as its own).
            drop(jobs);
            let ran = runner.join();
            if let Err(payload) = gathered.and(ran) {
                resume_unwind(payload);
            }
        };
        self.stages.push((name, Box::new(body)));
        Pipe { stages: self.stages, output: rx }
    }

    /// `=> task C.m` for a sink worker `m` (one parameter, `void`).
    pub fn sink<W>(mut self, mut worker: W) -> Graph
    where
        W: FnMut(T) + Send + 'static,
    {
        let input = self.output;
        let body = move || {
            end_quietly_on_underflow(|| {
                for item in input.iter() {
                    worker(item);
                }
            })
        };
        self.stages.push(("sink".to_string(), Box::new(body)));
        Graph::of(self.stages)
    }

    /// A runnable graph that drops the last task's outputs.
    pub fn discard(self) -> Graph {
        self.sink(|_| {})
    }
}

/// The gatherer of a batched filter ([`Pipe::filter_batched`]): takes items from `input`
/// into a batch until `jobs` takes the batch (its runner is free) or it holds [`BATCH_MAX`]
/// items; returns when the input has ended and the last batch is handed over, or when the
/// runner has ended (`ended` disconnects). It takes what is waiting on the edge before it
/// offers the batch, so that it waits (a `Select` of both channels) only when neither side
/// is ready.
fn gather<T>(input: &Receiver<T>, jobs: &Sender<Vec<T>>, ended: &Receiver<()>) {
    let mut batch = Vec::new();
    loop {
        if batch.is_empty() {
            // A runner that failed ends this task at once, which tells the tasks upstream:
            // a source looping on data Java never reaches would never make the item this
            // waited for (review: the graph hung where Java throws).
            crossbeam_channel::select! {
                recv(input) -> item => match item {
                    Ok(item) => batch.push(item),
                    Err(_) => return,
                },
                recv(ended) -> _ => return,
            }
        }
        let mut ended = false;
        while batch.len() < BATCH_MAX {
            match input.try_recv() {
                Ok(item) => batch.push(item),
                Err(e) => {
                    ended = e.is_disconnected();
                    break;
                }
            }
        }
        if ended || batch.len() >= BATCH_MAX {
            // The last batch, or a full one: once the runner is free.
            if jobs.send(std::mem::take(&mut batch)).is_err() || ended {
                return;
            }
            continue;
        }
        match jobs.try_send(std::mem::take(&mut batch)) {
            Ok(()) => continue,
            Err(TrySendError::Disconnected(_)) => return,
            Err(TrySendError::Full(back)) => batch = back,
        }
        // The runner is busy and nothing waits on the edge: whichever comes first.
        let mut select = Select::new();
        let take = select.recv(input);
        let ready = select.send(jobs);
        let op = select.select();
        if op.index() == take {
            match op.recv(input) {
                Ok(item) => batch.push(item),
                Err(_) => {
                    let _ = jobs.send(std::mem::take(&mut batch));
                    return;
                }
            }
        } else {
            debug_assert_eq!(op.index(), ready);
            if op.send(jobs, std::mem::take(&mut batch)).is_err() {
                return;
            }
        }
    }
}

/// Runs a filter or sink loop; an `Underflow` raised by its worker ends that task like the end
/// of its input stream (the tasks upstream stop when their next `send` fails).
fn end_quietly_on_underflow(body: impl FnOnce()) {
    if let Err(payload) = catch_unwind(AssertUnwindSafe(body)) {
        if !payload.is::<Underflow>() {
            resume_unwind(payload);
        }
    }
}

/// Starts a thread of a task; a thread the system cannot make is Java's
/// `OutOfMemoryError`, as in the JVM.
fn spawn_task_thread(name: String, body: Box<dyn FnOnce() + Send + 'static>) -> JoinHandle<()> {
    // The stack of the pool's workers (`exec`): a worker recursing as deep as in `main`
    // must not overflow in a task (Rust's default of 2 MiB held a fifth of that).
    let builder = thread::Builder::new().name(name).stack_size(crate::exec::WORKER_STACK);
    let body = move || {
        crate::stack::enter(crate::exec::WORKER_STACK);
        body()
    };
    builder.spawn(body).unwrap_or_else(|e| {
        crate::error::throw(crate::error::JavaException::unplaced(
            "java.lang.OutOfMemoryError",
            format!("unable to create native thread for a task: {e}"),
        ))
    })
}

/// A connected task graph (`Task` in the language).
pub struct Graph {
    pending: Vec<Stage>,
    running: Vec<JoinHandle<()>>,
    /// One past the graph-order index of the furthest downstream task that failed (0:
    /// none): the tasks upstream of it leave their data loops (`exec::spin_check`).
    failed: Arc<AtomicUsize>,
}

impl Graph {
    /// A graph whose tasks `body` runs on one thread, in Java's order
    /// (`crate::somd`'s in-order graphs).
    pub fn in_order(body: Box<dyn FnOnce() + Send + 'static>) -> Graph {
        Graph::of(vec![("in order".to_string(), body)])
    }

    fn of(pending: Vec<Stage>) -> Graph {
        Graph { pending, running: Vec::new(), failed: Arc::new(AtomicUsize::new(0)) }
    }

    /// `g.start()`: starts every task (no effect when already started). A task that fails
    /// (any exception but `Underflow`) tells the tasks upstream of it, which work on later
    /// items than its own: they leave a loop on data Java never reaches at its next check
    /// ([`crate::exec::spin_check`]) as an [`crate::exec::MiAborted`], which `finish` never
    /// raises. The tasks downstream of it work on earlier items, which Java finishes
    /// before the failure: they go on.
    pub fn start(&mut self) {
        for (idx, (name, body)) in self.pending.drain(..).enumerate() {
            let failed = Arc::clone(&self.failed);
            let watched = move || {
                let watch = crate::exec::Watch::Task { failed: Arc::as_ptr(&failed), index: idx };
                // A task may outlive the code that started its graph: it watches its graph
                // only.
                let outer = crate::exec::Outer::none();
                let outcome = crate::exec::watching_under(outer, watch, || {
                    catch_unwind(AssertUnwindSafe(body))
                });
                if let Err(payload) = outcome {
                    if !payload.is::<Underflow>() && !payload.is::<crate::exec::MiAborted>() {
                        failed.fetch_max(idx + 1, Ordering::Relaxed);
                    }
                    resume_unwind(payload);
                }
            };
            let handle = spawn_task_thread(format!("somd-task-{idx}-{name}"), Box::new(watched));
            self.running.push(handle);
        }
    }

    /// `g.finish()`: starts the graph if needed and waits for every task to end; re-raises the
    /// exception of the last failing task in graph order, which failed at the earliest item
    /// (module doc, "Exceptions").
    pub fn finish(&mut self) {
        self.start();
        let mut earliest_item = None;
        for handle in self.running.drain(..) {
            match handle.join() {
                // A task that left its loop for another's failure.
                Err(payload) if payload.is::<crate::exec::MiAborted>() => {}
                Err(payload) => earliest_item = Some(payload),
                Ok(()) => {}
            }
        }
        if let Some(payload) = earliest_item {
            resume_unwind(payload);
        }
    }
}

impl Drop for Graph {
    fn drop(&mut self) {
        if !self.running.is_empty() && !thread::panicking() {
            self.finish();
        }
    }
}
