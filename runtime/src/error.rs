//! Java run-time exceptions (LANGUAGE.md §1.6): how generated code raises them and how a
//! program ends because of one.
//!
//! # Mechanism: typed panics
//! An exception is raised with [`throw`], which calls [`std::panic::panic_any`] with a
//! [`JavaException`] payload. The program's `main` is wrapped in [`run_main`], which catches
//! the unwind, prints the exception the way the JVM does and exits with status 1. The CPU
//! executor ([`crate::exec`]) and the task graphs ([`crate::task`]) catch panics on their
//! worker threads and re-raise the first one on the calling thread, so an exception in a
//! method instance ends the program exactly like one on the main thread.
//!
//! Why panics and not `Result`: the language has no `try`/`catch`, so an exception is always
//! fatal and never handled. With `Result`, every array access, division and call in a hot loop
//! would return a value that must be tested and propagated with `?`, which adds a branch per
//! call, keeps loops from being vectorised, and doubles the size of generated code. With
//! panics the hot path is a compare and a branch to a `#[cold]`, `#[inline(never)]` function
//! (see [`check_index`]); unwinding costs nothing until something actually fails.
//!
//! Rule for generated crates: they must keep the default `panic = "unwind"` profile setting,
//! because [`run_main`], the executor and the task graphs rely on catching the unwind.
//!
//! Library functions that can fail without knowing a source position (parsing, formatting)
//! return `Result<T, JavaException>` with [`SourcePos::UNKNOWN`]; generated code turns them
//! into a throw at the call's position with [`OrThrow::or_throw`].
//!
//! # Output
//! ```text
//! Exception in thread "main" java.lang.ArithmeticException: / by zero
//! <TAB>at Main.somd:12:17
//! ```
//! (`<TAB>` is one tab character.) When the detail is empty, the `: detail` part is omitted,
//! as Java does for a null message.
//! Standard output is flushed before the message is written.

use std::any::Any;
use std::fmt;
use std::io::Write;

/// A position in a `.somd` source file; generated code declares one `static` per site that
/// can fail and passes `&'static` references, so failure paths carry no runtime cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SourcePos {
    pub file: &'static str,
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub col: u32,
}

impl SourcePos {
    /// Placeholder for exceptions created by library code before the call site fills in the
    /// real position (see [`OrThrow::or_throw`]). Printed without an `at` line.
    pub const UNKNOWN: SourcePos = SourcePos { file: "", line: 0, col: 0 };

    pub const fn new(file: &'static str, line: u32, col: u32) -> SourcePos {
        SourcePos { file, line, col }
    }

    pub fn is_known(&self) -> bool {
        !self.file.is_empty()
    }
}

impl fmt::Display for SourcePos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.col)
    }
}

/// Fully qualified names of the exception classes the language can raise.
pub mod class {
    pub const ARITHMETIC: &str = "java.lang.ArithmeticException";
    pub const ARRAY_INDEX_OUT_OF_BOUNDS: &str = "java.lang.ArrayIndexOutOfBoundsException";
    pub const NEGATIVE_ARRAY_SIZE: &str = "java.lang.NegativeArraySizeException";
    pub const NULL_POINTER: &str = "java.lang.NullPointerException";
    pub const ILLEGAL_STATE: &str = "java.lang.IllegalStateException";
    pub const ILLEGAL_ARGUMENT: &str = "java.lang.IllegalArgumentException";
    pub const NUMBER_FORMAT: &str = "java.lang.NumberFormatException";
    pub const ILLEGAL_FORMAT_CONVERSION: &str = "java.util.IllegalFormatConversionException";
    pub const MISSING_FORMAT_ARGUMENT: &str = "java.util.MissingFormatArgumentException";
    pub const UNKNOWN_FORMAT_CONVERSION: &str = "java.util.UnknownFormatConversionException";
    pub const MISSING_FORMAT_WIDTH: &str = "java.util.MissingFormatWidthException";
    pub const ILLEGAL_FORMAT_PRECISION: &str = "java.util.IllegalFormatPrecisionException";
    pub const FORMAT_FLAGS_CONVERSION_MISMATCH: &str =
        "java.util.FormatFlagsConversionMismatchException";
    pub const ILLEGAL_FORMAT_FLAGS: &str = "java.util.IllegalFormatFlagsException";
    pub const DUPLICATE_FORMAT_FLAGS: &str = "java.util.DuplicateFormatFlagsException";
    pub const ILLEGAL_FORMAT_ARGUMENT_INDEX: &str = "java.util.IllegalFormatArgumentIndexException";
}

/// One Java exception: class name, detail message and where it was raised.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JavaException {
    /// Fully qualified class name, e.g. `"java.lang.ArithmeticException"` (see [`class`]).
    pub class: &'static str,
    /// Java's detail message (`getMessage()`); empty for none.
    pub detail: String,
    pub position: SourcePos,
}

impl JavaException {
    pub fn new(class: &'static str, detail: impl Into<String>, position: SourcePos) -> Self {
        JavaException { class, detail: detail.into(), position }
    }

    /// An exception whose position the caller fills in later (library code).
    pub fn unplaced(class: &'static str, detail: impl Into<String>) -> Self {
        Self::new(class, detail, SourcePos::UNKNOWN)
    }

    /// The same exception at `pos`, unless it already carries a known position.
    pub fn at(mut self, pos: &SourcePos) -> Self {
        if !self.position.is_known() {
            self.position = *pos;
        }
        self
    }

    /// The first line Java prints: `java.lang.X: detail`, or just the class name.
    pub fn headline(&self) -> String {
        if self.detail.is_empty() {
            self.class.to_string()
        } else {
            format!("{}: {}", self.class, self.detail)
        }
    }

    /// The full report written to standard error by [`report_and_exit`].
    pub fn report(&self) -> String {
        let mut text = format!("Exception in thread \"main\" {}\n", self.headline());
        if self.position.is_known() {
            text.push_str(&format!("\tat {}\n", self.position));
        }
        text
    }
}

impl fmt::Display for JavaException {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.headline())
    }
}

impl std::error::Error for JavaException {}

/// Raises `exc` (unwinds with it as the panic payload).
#[cold]
#[inline(never)]
pub fn throw(exc: JavaException) -> ! {
    std::panic::panic_any(exc)
}

/// Raises a new exception of `class` with `detail` at `pos`.
#[cold]
#[inline(never)]
pub fn throw_new(class: &'static str, detail: String, pos: &'static SourcePos) -> ! {
    throw(JavaException::new(class, detail, *pos))
}

/// Turns a library `Result` into a value, throwing the error at the call site's position.
pub trait OrThrow<T> {
    fn or_throw(self, pos: &'static SourcePos) -> T;
}

impl<T> OrThrow<T> for Result<T, JavaException> {
    #[inline]
    fn or_throw(self, pos: &'static SourcePos) -> T {
        match self {
            Ok(value) => value,
            Err(exc) => throw_at(exc, pos),
        }
    }
}

#[cold]
#[inline(never)]
fn throw_at(exc: JavaException, pos: &'static SourcePos) -> ! {
    throw(exc.at(pos))
}

/// `ArithmeticException: / by zero` at `pos`.
#[cold]
#[inline(never)]
pub fn divide_by_zero(pos: &'static SourcePos) -> ! {
    throw_new(class::ARITHMETIC, "/ by zero".to_string(), pos)
}

/// `ArrayIndexOutOfBoundsException: Index I out of bounds for length L` at `pos`.
#[cold]
#[inline(never)]
pub fn index_out_of_bounds(index: i64, len: usize, pos: &'static SourcePos) -> ! {
    throw_new(
        class::ARRAY_INDEX_OUT_OF_BOUNDS,
        format!("Index {index} out of bounds for length {len}"),
        pos,
    )
}

/// `NullPointerException` with a caller-supplied detail (may be empty).
#[cold]
#[inline(never)]
pub fn null_pointer(detail: &str, pos: &'static SourcePos) -> ! {
    throw_new(class::NULL_POINTER, detail.to_string(), pos)
}

/// `IllegalStateException` with `detail` (failed runtime check of a language rule, such as a
/// write to a halo cell or an invalid user partitioning).
#[cold]
#[inline(never)]
pub fn illegal_state(detail: String, pos: &'static SourcePos) -> ! {
    throw_new(class::ILLEGAL_STATE, detail, pos)
}

/// Checks a Java `int` index against a length and returns it as `usize`.
#[inline(always)]
pub fn check_index(index: i32, len: usize, pos: &'static SourcePos) -> usize {
    // A negative index becomes a huge unsigned value, so one comparison covers both ends.
    let idx = index as u32 as usize;
    if idx < len {
        idx
    } else {
        index_out_of_bounds(i64::from(index), len, pos)
    }
}

/// `a[index]` with Java's bounds check.
#[inline(always)]
pub fn load<T: Copy>(array: &[T], index: i32, pos: &'static SourcePos) -> T {
    let idx = check_index(index, array.len(), pos);
    array[idx]
}

/// `&a[index]` with Java's bounds check (for arrays of arrays and objects).
#[inline(always)]
pub fn elem<'a, T>(array: &'a [T], index: i32, pos: &'static SourcePos) -> &'a T {
    let idx = check_index(index, array.len(), pos);
    &array[idx]
}

/// `&mut a[index]` with Java's bounds check (stores and compound assignment).
#[inline(always)]
pub fn elem_mut<'a, T>(array: &'a mut [T], index: i32, pos: &'static SourcePos) -> &'a mut T {
    let idx = check_index(index, array.len(), pos);
    &mut array[idx]
}

/// `a[index] = value` with Java's bounds check.
#[inline(always)]
pub fn store<T>(array: &mut [T], index: i32, value: T, pos: &'static SourcePos) {
    *elem_mut(array, index, pos) = value;
}

/// Validates the length of `new T[len]`: `NegativeArraySizeException: -1` when negative.
#[inline(always)]
pub fn array_len(len: i32, pos: &'static SourcePos) -> usize {
    if len >= 0 {
        len as usize
    } else {
        negative_array_size(len, pos)
    }
}

#[cold]
#[inline(never)]
fn negative_array_size(len: i32, pos: &'static SourcePos) -> ! {
    throw_new(class::NEGATIVE_ARRAY_SIZE, len.to_string(), pos)
}

/// Extracts the Java exception from a panic payload. A panic that is not a Java exception (a
/// bug in generated code or in this crate) becomes a `java.lang.Error` carrying the panic
/// message, so it is still reported and still ends the program with status 1.
pub fn exception_from_panic(payload: Box<dyn Any + Send>) -> JavaException {
    match payload.downcast::<JavaException>() {
        Ok(exc) => *exc,
        Err(other) if other.is::<crate::task::Underflow>() => {
            // `throw new Underflow()` outside a task graph, where the program threw it.
            let at = other.downcast_ref::<crate::task::Underflow>().map(|u| u.0);
            JavaException::new("Underflow", "", at.unwrap_or(SourcePos::UNKNOWN))
        }
        Err(other) => {
            let detail = if let Some(text) = other.downcast_ref::<&str>() {
                (*text).to_string()
            } else if let Some(text) = other.downcast_ref::<String>() {
                text.clone()
            } else {
                "internal error".to_string()
            };
            JavaException::unplaced("java.lang.Error", detail)
        }
    }
}

/// Flushes standard output, prints `exc` like the JVM and exits with status 1.
pub fn report_and_exit(exc: &JavaException) -> ! {
    crate::print::flush();
    let stderr = std::io::stderr();
    let mut lock = stderr.lock();
    let _ = lock.write_all(exc.report().as_bytes());
    let _ = lock.flush();
    drop(lock);
    crate::opencl::finish_prewarm();
    std::process::exit(1)
}

/// Installs a panic hook that stays silent for [`JavaException`] payloads (they are reported
/// by [`run_main`]) and keeps the default hook's message for every other panic.
pub fn install_panic_hook() {
    static INSTALLED: std::sync::Once = std::sync::Once::new();
    INSTALLED.call_once(|| {
        let default_hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let payload = info.payload();
            if payload.is::<JavaException>()
                || payload.is::<crate::exec::MiAborted>()
                || payload.is::<crate::task::Underflow>()
            {
                return;
            }
            default_hook(info);
        }));
    });
}

/// Runs the program's `main` body: installs the panic hook, runs `body`, flushes standard
/// output, and turns an escaping exception into Java's report and exit status 1.
pub fn run_main(body: impl FnOnce()) {
    install_panic_hook();
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(body)) {
        Ok(()) => {
            let _ = std::io::stdout().flush();
        }
        Err(payload) => report_and_exit(&exception_from_panic(payload)),
    }
}

/// Runs `body` and returns the Java exception it raised, if any (for tests and for the
/// executor's workers).
pub fn catch<T>(body: impl FnOnce() -> T) -> Result<T, JavaException> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(body)).map_err(exception_from_panic)
}
