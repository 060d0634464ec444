//! Static initialization at a class's first use (JLS 12.4), for the classes whose
//! initializer `somdc` cannot run at program start without changing what it computes
//! (`somd_mir::init_order::first_use_classes`): the class's static methods and
//! constructors, and reads and writes of its static fields from other classes, first make
//! sure it is initialized.
//!
//! The Java program these come from runs on one thread, so a class's initialization is
//! never waited for: code that comes back to a class while its initializer runs (a cycle of
//! initializers, a method of the class called from its own initializer, the method
//! instances of a SOMD method that the initializer calls, on other threads) goes on with the
//! fields as they stand, as Java's one thread would. The generated code initializes every
//! class a parallel construct (a SOMD call, `@`, `!`, a task graph) reaches before the
//! construct starts, so method instances and tasks never start an initialization themselves
//! (and two of them never race to one). Once complete, the check is one load.

use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::Mutex;

const NOT_STARTED: u8 = 0;
const RUNNING: u8 = 1;
const DONE: u8 = 2;

/// The initialization state of one class.
pub struct ClassInit {
    state: AtomicU8,
    lock: Mutex<()>,
}

impl ClassInit {
    #[allow(clippy::new_without_default)] // Reason: used in `static` items (const).
    pub const fn new() -> ClassInit {
        ClassInit { state: AtomicU8::new(NOT_STARTED), lock: Mutex::new(()) }
    }

    /// Runs `init` unless the class is initialized or its initialization has started.
    #[inline(always)]
    pub fn ensure(&self, init: fn()) {
        if self.state.load(Ordering::Acquire) == NOT_STARTED {
            self.initialize(init);
        }
    }

    #[cold]
    #[inline(never)]
    fn initialize(&self, init: fn()) {
        {
            let _guard = self.lock.lock().unwrap_or_else(|e| e.into_inner());
            if self.state.load(Ordering::Acquire) != NOT_STARTED {
                return;
            }
            self.state.store(RUNNING, Ordering::Release);
        }
        init();
        self.state.store(DONE, Ordering::Release);
        // Kernels read `static final` fields from a buffer made at their first launch.
        crate::device::statics::changed();
    }
}

/// `slot` after making sure its class is initialized ([`ClassInit::ensure`]): a static
/// field read or written from another class.
#[inline(always)]
pub fn ready<T>(class: &ClassInit, init: fn(), slot: &'static T) -> &'static T {
    class.ensure(init);
    slot
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
    fn a_class_is_initialized_once_and_never_waited_for() {
        let threads: Vec<_> = (0..4)
            .map(|_| {
                std::thread::spawn(|| {
                    CLASS.ensure(init);
                })
            })
            .collect();
        for t in threads {
            t.join().expect("a thread using the class");
        }
        CLASS.ensure(init);
        assert_eq!(RUNS.load(Ordering::SeqCst), 1);
        assert_eq!(CLASS.state.load(Ordering::SeqCst), DONE);
    }
}
