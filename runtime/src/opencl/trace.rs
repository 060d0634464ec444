//! `SOMD_TRACE` output for device work (LANGUAGE.md §4.2): one line per event on standard
//! error, as text (`SOMD_TRACE=1`) or JSON (`SOMD_TRACE=json`). The schema is documented in
//! the [`crate::opencl`] module doc.
//!
//! Cost when tracing is off: [`enabled`] is one relaxed atomic load and a compare; callers
//! test it before measuring anything. The mode is taken from [`crate::exec::placement`] on
//! first use.
//!
//! Per-call totals: [`CallScope`] (created by generated code around one SOMD call on the
//! device) accumulates, on the calling thread, the bytes and times of the transfers, launches
//! and reductions made while it is alive and emits one `call` event when dropped.

use crate::exec::{self, Trace};
use std::cell::Cell;
use std::fmt::Write as _;
use std::io::Write as _;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::OnceLock;
use std::time::Instant;

const UNINIT: u8 = 0;
const OFF: u8 = 1;
const TEXT: u8 = 2;
const JSON: u8 = 3;

static MODE: AtomicU8 = AtomicU8::new(UNINIT);

/// When the trace mode was read: JSON events' `at_ns` counts from here.
static START: OnceLock<Instant> = OnceLock::new();

/// Whether tracing is on (one relaxed load once initialised).
#[inline]
pub fn enabled() -> bool {
    match MODE.load(Ordering::Relaxed) {
        OFF => false,
        TEXT | JSON => true,
        _ => init() != OFF,
    }
}

/// The trace mode of the process.
pub fn mode() -> Trace {
    let mode = match MODE.load(Ordering::Relaxed) {
        UNINIT => init(),
        mode => mode,
    };
    match mode {
        TEXT => Trace::Text,
        JSON => Trace::Json,
        _ => Trace::Off,
    }
}

#[cold]
fn init() -> u8 {
    START.get_or_init(Instant::now);
    let mode = match exec::placement().trace {
        Trace::Off => OFF,
        Trace::Text => TEXT,
        Trace::Json => JSON,
    };
    MODE.store(mode, Ordering::Relaxed);
    mode
}

/// Direction of a transfer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dir {
    /// Host to device (`"h2d"`).
    ToDevice,
    /// Device to host (`"d2h"`).
    ToHost,
}

impl Dir {
    pub fn as_str(self) -> &'static str {
        match self {
            Dir::ToDevice => "h2d",
            Dir::ToHost => "d2h",
        }
    }
}

/// One value of a trace event.
#[derive(Debug, Clone, Copy)]
pub enum Value<'a> {
    Str(&'a str),
    U64(u64),
    Bool(bool),
    /// Absent (JSON `null`), e.g. a kernel time without a profiling queue.
    Null,
    /// Milliseconds, written with three decimals (a CPU call's `time_ms`).
    Ms(f64),
}

impl From<&'static str> for Value<'static> {
    fn from(text: &'static str) -> Self {
        Value::Str(text)
    }
}

/// Writes one event with the given fields (in order) to standard error.
#[cold]
#[inline(never)]
pub fn emit(event: &str, fields: &[(&str, Value<'_>)]) {
    let mode = mode();
    if mode == Trace::Off {
        return;
    }
    let stderr = std::io::stderr();
    let mut lock = stderr.lock();
    let line = match mode {
        // Read under the lock: the lines' `at_ns` never decrease down the trace.
        Trace::Json => {
            let at = START.get_or_init(Instant::now).elapsed().as_nanos();
            let at = u64::try_from(at).unwrap_or(u64::MAX);
            json_line(event, &[fields, &[("at_ns", Value::U64(at))]].concat())
        }
        _ => text_line(event, fields),
    };
    let _ = lock.write_all(line.as_bytes());
}

/// The JSON form of one event (one line, newline-terminated).
pub fn json_line(event: &str, fields: &[(&str, Value<'_>)]) -> String {
    let mut line = String::with_capacity(64 + 24 * fields.len());
    line.push_str("{\"event\":");
    push_json_str(&mut line, event);
    for (key, value) in fields {
        line.push(',');
        push_json_str(&mut line, key);
        line.push(':');
        match value {
            Value::Str(text) => push_json_str(&mut line, text),
            Value::U64(n) => {
                let _ = write!(line, "{n}");
            }
            Value::Bool(b) => line.push_str(if *b { "true" } else { "false" }),
            Value::Null => line.push_str("null"),
            Value::Ms(ms) => {
                let _ = write!(line, "{ms:.3}");
            }
        }
    }
    line.push_str("}\n");
    line
}

/// The text form: `somd: trace: EVENT key=value ...`.
pub fn text_line(event: &str, fields: &[(&str, Value<'_>)]) -> String {
    let mut line = format!("somd: trace: {event}");
    for (key, value) in fields {
        match value {
            Value::Str(text) if text.contains(' ') => {
                let _ = write!(line, " {key}={text:?}");
            }
            Value::Str(text) => {
                let _ = write!(line, " {key}={text}");
            }
            // Times in µs: `kernel_ns` as `kernel=`, a transfer's or build's `ns` as `time=`.
            Value::U64(n) if key.ends_with("_ns") || *key == "ns" => {
                let name = match key.trim_end_matches("_ns") {
                    "ns" => "time",
                    name => name,
                };
                let _ = write!(line, " {name}={:.1}us", *n as f64 / 1e3);
            }
            Value::U64(n) => {
                let _ = write!(line, " {key}={n}");
            }
            Value::Bool(b) => {
                let _ = write!(line, " {key}={b}");
            }
            Value::Null => {}
            Value::Ms(ms) => {
                let _ = write!(line, " {key}={ms:.3}");
            }
        }
    }
    line.push('\n');
    line
}

fn push_json_str(out: &mut String, text: &str) {
    out.push('"');
    for ch in text.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Totals of one SOMD call on the device (see [`CallScope`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CallTotals {
    pub launches: u64,
    pub work_items: u64,
    pub bytes_h2d: u64,
    pub bytes_d2h: u64,
    pub transfer_ns: u64,
    pub kernel_ns: u64,
    pub reduce_ns: u64,
}

thread_local! {
    static CURRENT: Cell<Option<CallTotals>> = const { Cell::new(None) };
    /// The construct whose result a late read on this thread reads ([`LateRead`]).
    static LATE_OF: Cell<Option<&'static str>> = const { Cell::new(None) };
}

/// While it lives, the transfers of this thread read (or write) a result that the construct
/// `of` (its call's `name`: `Main.relax`, a `@`'s label) left on the device, after that call
/// returned: their `transfer` events name it (`"of"`), which the call's own event cannot
/// count.
pub(crate) struct LateRead(Option<&'static str>);

impl LateRead {
    pub(crate) fn of(of: &'static str) -> LateRead {
        LateRead(LATE_OF.with(|late| late.replace(Some(of).filter(|o| !o.is_empty()))))
    }
}

impl Drop for LateRead {
    fn drop(&mut self) {
        LATE_OF.with(|late| late.set(self.0));
    }
}

/// The construct a [`LateRead`] on this thread names.
pub(crate) fn late_of() -> Option<&'static str> {
    LATE_OF.with(Cell::get)
}

/// Adds to the totals of the SOMD call running on this thread, if tracing and inside a
/// [`CallScope`]. Called by the transfer, launch and reduction code after [`enabled`].
pub(crate) fn add_to_call(update: impl FnOnce(&mut CallTotals)) {
    CURRENT.with(|current| {
        if let Some(mut totals) = current.get() {
            update(&mut totals);
            current.set(Some(totals));
        }
    });
}

/// Accumulates one SOMD call's device work and emits
/// `{"event":"call","name":..,"device":..,...}` when dropped (only when tracing).
pub struct CallScope {
    name: &'static str,
    device: &'static str,
    outer: Option<CallTotals>,
    start: Option<std::time::Instant>,
    active: bool,
}

impl CallScope {
    /// Starts the scope of the SOMD call `name` ("Class.method") on `device`, and tells an
    /// adaptive site's clock that its call runs on the device ([`super::adapt`]).
    pub fn begin(name: &'static str, device: &'static str) -> CallScope {
        super::adapt::device_started(name);
        if !enabled() {
            return CallScope { name, device, outer: None, start: None, active: false };
        }
        let outer = CURRENT.with(|current| current.replace(Some(CallTotals::default())));
        CallScope { name, device, outer, start: Some(std::time::Instant::now()), active: true }
    }
}

impl Drop for CallScope {
    fn drop(&mut self) {
        if !self.active {
            return;
        }
        let totals = CURRENT.with(|current| current.replace(self.outer)).unwrap_or_default();
        let wall_ns = self.start.map(|s| s.elapsed().as_nanos() as u64).unwrap_or(0);
        emit(
            "call",
            &[
                ("name", Value::Str(self.name)),
                ("placement", Value::Str("opencl")),
                ("device", Value::Str(self.device)),
                ("launches", Value::U64(totals.launches)),
                ("work_items", Value::U64(totals.work_items)),
                ("bytes_h2d", Value::U64(totals.bytes_h2d)),
                ("bytes_d2h", Value::U64(totals.bytes_d2h)),
                ("transfer_ns", Value::U64(totals.transfer_ns)),
                ("kernel_ns", Value::U64(totals.kernel_ns)),
                ("reduce_ns", Value::U64(totals.reduce_ns)),
                ("wall_ns", Value::U64(wall_ns)),
            ],
        );
    }
}

#[cfg(test)]
mod tests {
    use super::{text_line, Value};

    /// Every time of the text form is in µs: a launch's `kernel_ns` and a transfer's `ns`
    /// alike (probe 77 found `ns=58597` beside `kernel=19.8us`).
    #[test]
    fn text_times_are_microseconds() {
        let line = text_line(
            "transfer",
            &[("dir", Value::Str("h2d")), ("bytes", Value::U64(4096)), ("ns", Value::U64(58_597))],
        );
        assert_eq!(line, "somd: trace: transfer dir=h2d bytes=4096 time=58.6us\n");
        let line = text_line("launch", &[("kernel_ns", Value::U64(19_800))]);
        assert_eq!(line, "somd: trace: launch kernel=19.8us\n");
    }
}
