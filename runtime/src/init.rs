//! Static initialization at a class's first use (JLS 12.4), for the classes whose
//! initializer `somdc` cannot run at program start without changing what it computes
//! (`somd_mir::init_order::first_use_classes`): the class's static methods and
//! constructors, and reads and writes of its static fields from other classes, first make
//! sure it is initialized.
//!
//! As in Java, the thread that starts a class's initialization and comes back to the class
//! while it runs (a cycle of initializers, a method of the class called from its own
//! initializer) goes on with the fields as they stand; any other thread waits until the
//! initialization is complete. Once complete, the check is one load.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};
use std::sync::Mutex;

const NOT_STARTED: u8 = 0;
const RUNNING: u8 = 1;
const DONE: u8 = 2;

/// The initialization state of one class.
pub struct ClassInit {
    state: AtomicU8,
    /// The thread running the initializer ([`thread_key`]), while it runs.
    owner: AtomicU64,
    lock: Mutex<()>,
}

impl ClassInit {
    #[allow(clippy::new_without_default)] // Reason: used in `static` items (const).
    pub const fn new() -> ClassInit {
        ClassInit {
            state: AtomicU8::new(NOT_STARTED),
            owner: AtomicU64::new(0),
            lock: Mutex::new(()),
        }
    }

    /// Runs `init` unless the class is initialized or this thread is initializing it; waits
    /// while another thread initializes it.
    #[inline(always)]
    pub fn ensure(&self, init: fn()) {
        if self.state.load(Ordering::Acquire) != DONE {
            self.initialize(init);
        }
    }

    #[cold]
    #[inline(never)]
    fn initialize(&self, init: fn()) {
        let me = thread_key();
        if self.state.load(Ordering::Acquire) == RUNNING && self.owner.load(Ordering::Acquire) == me
        {
            return;
        }
        // An exception in `init` unwinds with the lock held: the program is ending, and a
        // waiting thread then sees a poisoned lock and the class still running.
        let _guard = self.lock.lock().unwrap_or_else(|e| e.into_inner());
        if self.state.load(Ordering::Acquire) != NOT_STARTED {
            return;
        }
        self.owner.store(me, Ordering::Release);
        self.state.store(RUNNING, Ordering::Release);
        init();
        self.state.store(DONE, Ordering::Release);
    }
}

/// `slot` after making sure its class is initialized ([`ClassInit::ensure`]): a static
/// field read or written from another class.
#[inline(always)]
pub fn ready<T>(class: &ClassInit, init: fn(), slot: &'static T) -> &'static T {
    class.ensure(init);
    slot
}

/// A number that identifies the calling thread for as long as it lives (never 0).
fn thread_key() -> u64 {
    use std::cell::Cell;
    use std::sync::atomic::AtomicU64 as Counter;
    static NEXT: Counter = Counter::new(1);
    thread_local! {
        static KEY: Cell<u64> = const { Cell::new(0) };
    }
    KEY.with(|k| {
        if k.get() == 0 {
            k.set(NEXT.fetch_add(1, Ordering::Relaxed));
        }
        k.get()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    static RUNS: AtomicUsize = AtomicUsize::new(0);
    static CLASS: ClassInit = ClassInit::new();

    fn init() {
        RUNS.fetch_add(1, Ordering::SeqCst);
        // Coming back to the class while it initializes goes on.
        CLASS.ensure(init);
        std::thread::sleep(std::time::Duration::from_millis(20));
    }

    #[test]
    fn a_class_is_initialized_once_and_other_threads_wait_for_it() {
        let threads: Vec<_> = (0..4)
            .map(|_| {
                std::thread::spawn(|| {
                    CLASS.ensure(init);
                    RUNS.load(Ordering::SeqCst)
                })
            })
            .collect();
        for t in threads {
            assert_eq!(t.join().expect("an initializing thread"), 1);
        }
        CLASS.ensure(init);
        assert_eq!(RUNS.load(Ordering::SeqCst), 1);
    }
}
