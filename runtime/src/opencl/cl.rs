//! The OpenCL C snippets of the runtime (`runtime/cl/*.cl`), embedded as text.
//!
//! Every program built through [`crate::opencl::program`] is compiled as
//! `defines + PRELUDE + body`, so generated kernels can use the Java helpers of
//! `somd_java.cl` and the failure-reporting macros of `somd_errors.cl` without including
//! anything themselves.

/// `runtime/cl/somd_errors.cl`: the error-buffer protocol on the device side.
pub const SOMD_ERRORS: &str = include_str!("../../cl/somd_errors.cl");
/// `runtime/cl/somd_java.cl`: Java arithmetic in OpenCL C.
pub const SOMD_JAVA: &str = include_str!("../../cl/somd_java.cl");
/// `runtime/cl/somd_hist.cl`: atomic updates of histogram tables.
pub const SOMD_HIST: &str = include_str!("../../cl/somd_hist.cl");
/// `runtime/cl/somd_reduce.cl`: the work-group tree reduction template.
pub const SOMD_REDUCE: &str = include_str!("../../cl/somd_reduce.cl");
/// Java's widening conversion of a device batch (`device::widen`).
pub const SOMD_WIDEN: &str = include_str!("../../cl/somd_widen.cl");

/// Words of the error buffer's head (`SOMD_ERR_HEAD` in `somd_errors.cl`): the failing
/// launch's epoch, the count of the log's slots taken, and the first failure's inverted key
/// (a 64-bit word, or a 32-bit one and a 0 on devices without 64-bit atomics).
pub const ERR_HEAD: usize = 4;
/// Words of one log entry (`SOMD_ERR_ENTRY`): inverted key (as the head's), sub (the inner
/// step, 0 for none), site id, kind, index, length, one unused.
pub const ERR_ENTRY: usize = 8;
/// Entries of the log, a ring (`SOMD_ERR_CAP`).
pub const ERR_CAP: usize = 1024;
/// Number of `int` words of the error buffer (`SOMD_ERR_WORDS` in `somd_errors.cl`).
pub const ERR_WORDS: usize = ERR_HEAD + ERR_ENTRY * ERR_CAP;
/// The words the host reads after a launch: the head and the log's first entry, all a
/// launch writes where one context failed.
pub const ERR_QUICK: usize = ERR_HEAD + ERR_ENTRY;

/// Kind codes of a log entry's word 4 (`SOMD_KIND_*` in `somd_errors.cl`).
pub mod kind {
    pub const BOUNDS: i32 = 1;
    pub const DIV_ZERO: i32 = 2;
    pub const NEGATIVE_SIZE: i32 = 3;
    pub const NULL: i32 = 4;
    pub const VALUE_BOUND: i32 = 5;
    pub const MAP_LENGTHS: i32 = 6;
    pub const EMPTY_REDUCE: i32 = 7;
}

/// The text prepended to every program: `somd_java.cl`, `somd_errors.cl`, then
/// `somd_hist.cl`.
pub fn prelude() -> String {
    let mut text = String::with_capacity(SOMD_JAVA.len() + SOMD_ERRORS.len() + SOMD_HIST.len() + 3);
    text.push_str(SOMD_JAVA);
    text.push('\n');
    text.push_str(SOMD_ERRORS);
    text.push('\n');
    text.push_str(SOMD_HIST);
    text.push('\n');
    text
}
