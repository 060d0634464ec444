//! `System.out` / `System.err`, `String.valueOf` printing, `printf`, the clock, and the entry
//! point of generated programs.
//!
//! Standard output is buffered in one process-wide buffer (a `println` does not cost a system
//! call); it is flushed when the program ends, before anything is written to standard error
//! (so a program that mixes `System.out` and `System.err` keeps its order on a terminal and in
//! a merged log), and before an exception report. Generated `main` functions call [`run_main`]
//! rather than [`crate::error::run_main`] for that reason.

use crate::error::{self, OrThrow, SourcePos};
use crate::java::format::{format, Arg};
use crate::value::{Array, JavaDisplay, Str};
use std::io::{BufWriter, Stdout, Write};
use std::sync::{Mutex, MutexGuard, OnceLock};

fn stdout_buffer() -> MutexGuard<'static, BufWriter<Stdout>> {
    static OUT: OnceLock<Mutex<BufWriter<Stdout>>> = OnceLock::new();
    OUT.get_or_init(|| Mutex::new(BufWriter::with_capacity(1 << 16, std::io::stdout())))
        .lock()
        .unwrap_or_else(|e| e.into_inner())
}

/// Flushes buffered standard output.
pub fn flush() {
    let _ = stdout_buffer().flush();
    let _ = std::io::stdout().flush();
}

fn write_text(err: bool, text: &str) {
    if err {
        flush();
        let stderr = std::io::stderr();
        let mut lock = stderr.lock();
        let _ = lock.write_all(text.as_bytes());
    } else {
        let _ = stdout_buffer().write_all(text.as_bytes());
    }
}

/// `System.out.print(x)` / `System.err.print(x)`.
pub fn print(err: bool, value: &dyn JavaDisplay) {
    let mut text = String::new();
    value.push_java(&mut text);
    write_text(err, &text);
}

/// `println(x)`.
pub fn println(err: bool, value: &dyn JavaDisplay) {
    let mut text = String::new();
    value.push_java(&mut text);
    text.push('\n');
    write_text(err, &text);
}

/// `print(char[])` and `println(char[])` (`newline`): the characters, as Java's
/// `PrintStream` writes them (a surrogate pair is one character); `NullPointerException`
/// for `null`.
pub fn print_chars(err: bool, chars: &Array<u16>, newline: bool, pos: &'static SourcePos) {
    chars.length(pos);
    let units = chars.slots().iter().map(|slot| slot.get());
    let mut text: String =
        char::decode_utf16(units).map(|r| r.unwrap_or(crate::java::to_string::UNPAIRED)).collect();
    if newline {
        text.push('\n');
    }
    write_text(err, &text);
}

/// `println()`.
pub fn println0(err: bool) {
    write_text(err, "\n");
}

/// `printf(fmt, args..)`.
pub fn printf(err: bool, fmt: &Str, args: &[Arg<'_>], pos: &'static SourcePos) {
    // What Java writes before an argument that fails goes out first.
    let (text, failed) = crate::java::format::format_partial(fmt.text(pos), args);
    write_text(err, &text);
    if let Some(e) = failed {
        Err::<(), _>(e).or_throw(pos);
    }
}

/// The arguments of a `printf`/`String.format` given one array of references, which Java
/// passes as its `Object...` array itself: its elements, each by its `String.valueOf` text
/// (`class` names the elements' class in a conversion's exception); a `null` array is
/// `null` for every specifier. [`Spread::args`] gives them.
pub fn spread<A: SpreadElements<T> + ?Sized, T: JavaDisplay>(
    array: &A,
    class: &'static str,
) -> Spread {
    let element = |e: &T| (!e.is_java_null()).then(|| Str::concat(&[e]).as_java().to_string());
    Spread { texts: array.map_elements(&element), class }
}

/// [`spread`] of an array whose elements' class declares `toString()`: `text` gives each
/// non-`null` element's text (Java's `String.valueOf` calls that method).
pub fn spread_by<A: SpreadElements<T> + ?Sized, T: JavaDisplay>(
    array: &A,
    class: &'static str,
    text: impl Fn(&T) -> Str,
) -> Spread {
    let element = |e: &T| (!e.is_java_null()).then(|| text(e).as_java().to_string());
    Spread { texts: array.map_elements(&element), class }
}

/// An array, mutable or value, whose elements [`spread`] and [`spread_by`] convert one by
/// one.
pub trait SpreadElements<T> {
    /// `f` of each element, or `None` for a `null` array.
    fn map_elements(&self, f: &dyn Fn(&T) -> Option<String>) -> Option<Vec<Option<String>>>;
}

impl<T> SpreadElements<T> for Array<T> {
    fn map_elements(&self, f: &dyn Fn(&T) -> Option<String>) -> Option<Vec<Option<String>>> {
        (!self.is_null()).then(|| self.slots().iter().map(|s| f(s.get_ref())).collect())
    }
}

impl<T> SpreadElements<T> for crate::value::VArr<T> {
    fn map_elements(&self, f: &dyn Fn(&T) -> Option<String>) -> Option<Vec<Option<String>>> {
        (!self.is_null()).then(|| self.items().iter().map(f).collect())
    }
}

/// The elements of an array [`spread`] as format arguments.
pub struct Spread {
    texts: Option<Vec<Option<String>>>,
    class: &'static str,
}

impl Spread {
    pub fn args(&self) -> Vec<Arg<'_>> {
        let Some(texts) = &self.texts else { return vec![Arg::NullArray] };
        let class = self.class;
        texts
            .iter()
            .map(|text| match text.as_deref() {
                None => Arg::Null,
                Some(text) if class == "java.lang.String" => Arg::Str(text),
                Some(text) => Arg::Ref(text, class),
            })
            .collect()
    }
}

/// `String.format(fmt, args..)`.
pub fn string_format(fmt: &Str, args: &[Arg<'_>], pos: &'static SourcePos) -> Str {
    Str::from_string(format(fmt.text(pos), args).or_throw(pos))
}

/// `System.nanoTime()`: nanoseconds since an arbitrary fixed origin.
pub fn nano_time() -> i64 {
    static ORIGIN: OnceLock<std::time::Instant> = OnceLock::new();
    let origin = *ORIGIN.get_or_init(std::time::Instant::now);
    origin.elapsed().as_nanos() as i64
}

/// `System.currentTimeMillis()`.
pub fn current_time_millis() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// Runs a generated program's `main`: like [`error::run_main`], but flushes this module's
/// output buffer before an exception report and at the end.
pub fn run_main(body: impl FnOnce() + Send) {
    error::install_panic_hook();
    crate::exec::apply_huge_pages_switch();
    nano_time();
    // The program runs on a thread of a known stack, as deep as the pool's workers': a
    // recursion past it is Java's `StackOverflowError` (`crate::stack`), not a crash.
    let outcome = std::thread::scope(|scope| {
        let main = std::thread::Builder::new()
            .name("main".into())
            .stack_size(crate::exec::WORKER_STACK)
            .spawn_scoped(scope, || {
                crate::stack::enter(crate::exec::WORKER_STACK);
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(body))
            });
        match main {
            Ok(handle) => handle.join().unwrap_or_else(Err),
            Err(e) => Err(Box::new(error::JavaException::unplaced(
                "java.lang.OutOfMemoryError",
                format!("unable to create the main thread: {e}"),
            )) as Box<dyn std::any::Any + Send>),
        }
    });
    flush();
    crate::opencl::finish_prewarm();
    if let Err(payload) = outcome {
        error::report_and_exit(&error::exception_from_panic(payload));
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // Tests may fail loudly.
mod tests {
    use super::*;

    #[test]
    fn format_goes_through_java_rules() {
        static POS: SourcePos = SourcePos::new("t.somd", 1, 1);
        let s = string_format(&Str::new("%5.2f|%d"), &[Arg::Double(1.005), Arg::Int(7)], &POS);
        assert_eq!(s.as_java(), " 1.01|7");
        assert!(nano_time() >= 0);
    }
}
