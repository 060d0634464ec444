//! Java's `StackOverflowError` where a recursion outgrows its thread's stack.
//!
//! A Rust thread whose stack overflows hits its guard page and the process aborts (SIGABRT,
//! the output still buffered lost). Every thread that runs program code is started by the
//! runtime with a known stack ([`crate::print::run_main`]'s `main`, the pool's workers,
//! task threads), and records where its stack ends ([`enter`]). The code generator calls
//! [`check`] on entry to each method that may call itself (through any chain of calls),
//! which raises `StackOverflowError` once less than [`RESERVE`] bytes are left: enough for
//! the calls a recursive method makes before its next check and for the unwinding that
//! reports the exception. A thread that did not record its stack is never checked.

use crate::error::{self, JavaException, SourcePos};
use std::cell::Cell;

/// The stack kept free below the point where [`check`] raises the error.
pub const RESERVE: usize = 1 << 20;

thread_local! {
    /// The lowest address a check lets the stack reach (0: not recorded, no check).
    static LIMIT: Cell<usize> = const { Cell::new(0) };
}

/// Records that the running thread's stack has `size` bytes, of which this frame is near
/// the top (called first in every thread the runtime starts).
pub(crate) fn enter(size: usize) {
    let floor = here().saturating_sub(size).saturating_add(RESERVE);
    LIMIT.with(|l| l.set(floor));
}

/// An address in the running frame (stacks grow down on every target the runtime builds
/// for): the stack pointer itself where the target has an instruction for it (a local's
/// address would be a store and a load in every check).
#[inline(always)]
fn here() -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        let sp: usize;
        // SAFETY: reads the stack pointer into a register; no memory, no flags.
        unsafe {
            std::arch::asm!("mov {}, rsp", out(reg) sp, options(nomem, nostack, preserves_flags))
        };
        sp
    }
    #[cfg(target_arch = "aarch64")]
    {
        let sp: usize;
        // SAFETY: as above.
        unsafe {
            std::arch::asm!("mov {}, sp", out(reg) sp, options(nomem, nostack, preserves_flags))
        };
        sp
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    {
        let probe = 0u8;
        std::hint::black_box(&probe) as *const u8 as usize
    }
}

/// `StackOverflowError` at `pos` (the method's first statement) when the running thread has
/// less than [`RESERVE`] bytes of stack left.
#[inline(always)]
pub fn check(pos: &'static SourcePos) {
    if here() < LIMIT.with(Cell::get) {
        overflow(pos)
    }
}

#[cold]
#[inline(never)]
fn overflow(pos: &'static SourcePos) -> ! {
    error::throw(JavaException::new("java.lang.StackOverflowError", "", *pos))
}

#[cfg(test)]
mod tests {
    use super::*;

    static POS: SourcePos = SourcePos::new("t.somd", 3, 5);

    fn depth(n: u64) -> u64 {
        check(&POS);
        let mut frame = [0u8; 4096];
        frame[0] = n as u8;
        std::hint::black_box(&mut frame);
        if n == 0 {
            0
        } else {
            depth(n - 1) + u64::from(std::hint::black_box(frame)[0] & 1)
        }
    }

    #[test]
    fn a_recursion_past_the_stack_raises_stack_overflow_error() {
        let size = 8 << 20;
        let outcome = std::thread::Builder::new()
            .stack_size(size)
            .spawn(move || {
                enter(size);
                crate::error::catch(|| depth(1 << 20)).err()
            })
            .and_then(|t| t.join().map_err(|_| std::io::Error::other("panicked")));
        let exc = outcome.ok().flatten().map(|e| e.class);
        assert_eq!(exc, Some("java.lang.StackOverflowError"));
    }
}
