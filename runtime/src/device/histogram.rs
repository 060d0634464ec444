//! Histogram SOMD bodies on the device: a returned `int[]`/`long[]` table filled at
//! computed indices by order-independent updates (`acc[c] += v`, `|=`, `^=`, `&=`, `++`).
//!
//! The device runs the call as one MI (LANGUAGE.md §2.1). [`run_histogram`] picks the
//! geometry from the device's limits (work-groups of the kernel's 1-D size, at most four per
//! compute unit, any number of iterations: the kernel loops grid-stride) and keeps one table
//! per work-group in local memory when the table's words fit the device's local memory,
//! which the groups merge into the one global table with the update's atomics
//! (`SOMD_HIST_MERGE=0`: each copies its table to a slice of its own), else one table in
//! global memory that every work-item updates. It launches once, reads the table(s) behind
//! the error words with one wait, checks the words before the tables are used (a bad index
//! raises `ArrayIndexOutOfBoundsException` at its source position, as on the CPU) and folds
//! the table(s) entry by entry with the update operator, from every entry's start: the one
//! MI's table, which generated code hands to the method's
//! `reduce` strategy as a one-element list of partials. Tables are 32-bit words; a `long`
//! table of `len` entries keeps the low words of its entries, then their high words
//! (`SOMD_HIST_LAYOUT=pairs`: each entry's (low, high) pair; `runtime/cl/somd_hist.cl`).
//!
//! [`run_segmented`] runs a segmented sum (a `float`/`double` table updated at `p[i]`):
//! only when the key array `p` covers the iterations and is non-decreasing over them
//! (checked here, O(n), before anything is uploaded; otherwise the call runs on the CPU,
//! traced as a `placement` event with `placement: cpu`). The same pass lists the run heads
//! ([`segment_heads`]: where each run of equal `p[i]` starts, then `n`); a key kept by a
//! keep scope has them computed once for the scope (`resident::segment_runs`), and their
//! device copy is kept like a value array's. The kernel runs one work-item per run, runs in
//! order (consecutive work-items take consecutive rows); `SOMD_SEGMENT_RUNS=0` launches
//! the earlier form instead, one work-item per iteration of which each run's head works.
//! No fold: the kernel's table is the one MI's table. A fault recorded by the kernel
//! discards the device's table and returns `None`: the CPU path then runs the call and
//! raises the exception Java raises first (the call's only effect is its returned table).

use super::{allocate, fill_pattern, read_array, resident, upload, DevElem, Elem, Held, HostArg};
use super::{HostArray, Size};
use crate::error::SourcePos;
use crate::opencl::{buffer, policy, trace, ClFailure, OrFatal, ProgramCell};
use crate::opencl::{BuiltProgram, DeviceCtx, DeviceKernel, ErrorBuffer, Target};
use crate::value::{Array, VArr};
use std::sync::Arc;

/// Where the host gets each argument of a histogram kernel (the manifest's `ArgSource`).
#[derive(Debug)]
pub enum HistArg {
    /// Argument `index` of the call: an array (uploaded) or a scalar.
    Param(usize),
    /// Length of dimension `dim` of array argument `param`.
    Length { param: usize, dim: usize },
    /// `Somd.offset(p, dim + 1)` (one MI: 0).
    Offset { param: usize, dim: usize },
    /// `Somd.globalLength(p, dim + 1)`.
    GlobalLength { param: usize, dim: usize },
    /// The table's length (`int`).
    TableLength,
    /// The number of iterations (`long`, [`HistDesc::iterations`]).
    Iterations,
    /// The tables (32-bit words): one per work-group, or the one global table.
    Partials,
    /// `__local uint *`: the work-group's table.
    Table,
    /// `int`: 0 without local tables, 1 when the groups merge their `__local` tables into
    /// the global one, 2 when they copy them to slices of their own (`SOMD_HIST_MERGE=0`).
    InLocal,
    /// `__global const int *`: a segmented sum's run heads (a placeholder when the kernel
    /// runs one work-item per iteration).
    Heads,
    /// `int`: a segmented sum's run count, or -1 for one work-item per iteration.
    Runs,
    /// The error buffer.
    Err,
    /// The launch's epoch for the error buffer (`const uint`).
    Epoch,
    /// The program's static data and the fields the kernel reads (`statics.rs`).
    Statics(&'static [u16]),
}

/// The update operator of a histogram.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HistOp {
    Add,
    Or,
    Xor,
    And,
    /// `t[e] = Math.max(t[e], v)`.
    Max,
    /// `t[e] = Math.min(t[e], v)`.
    Min,
}

impl HistOp {
    /// The 32-bit word the kernel starts each group's table with, the operator's identity:
    /// the host fills the global table with it too. A `long` table's operators (`+ | ^ &`)
    /// have the same identity in both words.
    fn identity_word(self) -> u32 {
        match self {
            HistOp::Add | HistOp::Or | HistOp::Xor => 0,
            HistOp::And => u32::MAX,
            HistOp::Max => 0x8000_0000,
            HistOp::Min => 0x7fff_ffff,
        }
    }

    /// The pattern a table is filled with: the identity word, or for a table of 64-bit
    /// entries ([`wide`]) the `long` identity's low and high words.
    fn identity_pattern(self, wide: bool) -> Vec<u8> {
        let word = self.identity_word().to_ne_bytes();
        match (wide, self) {
            (true, HistOp::Max) => [0u32.to_ne_bytes(), 0x8000_0000u32.to_ne_bytes()].concat(),
            (true, _) => [u32::MAX.to_ne_bytes(), 0x7fff_ffffu32.to_ne_bytes()].concat(),
            (false, _) => word.to_vec(),
        }
    }
}

/// Whether a table of `T` updated with `op` keeps 64-bit entries: `long` maxima and minima,
/// updated with `cl_khr_int64_extended_atomics` (`runtime/cl/somd_hist.cl`), each entry's
/// words a pair whatever `SOMD_HIST_LAYOUT` says.
fn wide<T: HistElem>(op: HistOp) -> bool {
    T::WORDS == 2 && matches!(op, HistOp::Max | HistOp::Min)
}

/// Everything the host needs to run one histogram kernel.
pub struct HistDesc {
    pub program: &'static ProgramCell,
    pub sites: &'static [SourcePos],
    /// The OpenCL kernel name.
    pub name: &'static str,
    /// `Class.method` for placement and traces.
    pub label: &'static str,
    pub needs_fp64: bool,
    /// The argument whose emptiness means "no MI runs" (the first `dist` parameter).
    pub first_dist: Option<usize>,
    pub args: &'static [HistArg],
    /// Argument names (trace buffer names), parallel to `args`.
    pub names: &'static [&'static str],
    /// The loop's iterations, from the scalar arguments.
    pub iterations: &'static Size,
    pub op: HistOp,
    /// Where every entry starts (`long` bits): the allocation's zeros, or the constant a
    /// fill loop stores before the histogram's loop. The host folds the groups' tables from
    /// it.
    pub start: i64,
    /// The kernel's setup may throw: a call of no iterations, which launches no work-item,
    /// runs on the CPU (as [`super::KernelDesc::setup_fails`]).
    pub setup_fails: bool,
}

impl std::fmt::Debug for HistDesc {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HistDesc").field("name", &self.name).finish_non_exhaustive()
    }
}

/// A table entry type: `int` (one word) or `long` (a low and a high word).
pub trait HistElem: DevElem + Copy {
    const WORDS: usize;
    /// Entry `e` of the table of `len` entries held by `table` (`len * WORDS` words): a
    /// `long` entry's low word is word `e` and its high word `len + e`, or with `pairs`
    /// (`SOMD_HIST_LAYOUT=pairs`) words `2e` and `2e + 1` (`runtime/cl/somd_hist.cl`).
    fn entry(table: &[u32], len: usize, e: usize, pairs: bool) -> Self;
    /// `a op b` with Java's wrapping arithmetic.
    fn combine(op: HistOp, a: Self, b: Self) -> Self;
    /// The entry of `long` bits `bits` (an `int` table's start is sign-extended).
    fn from_bits(bits: i64) -> Self;
}

macro_rules! hist_elem {
    ($ty:ty, $words:expr, $entry:expr) => {
        impl HistElem for $ty {
            const WORDS: usize = $words;
            fn entry(table: &[u32], len: usize, e: usize, pairs: bool) -> Self {
                $entry(table, len, e, pairs)
            }
            fn combine(op: HistOp, a: Self, b: Self) -> Self {
                match op {
                    HistOp::Add => a.wrapping_add(b),
                    HistOp::Or => a | b,
                    HistOp::Xor => a ^ b,
                    HistOp::And => a & b,
                    HistOp::Max => a.max(b),
                    HistOp::Min => a.min(b),
                }
            }
            fn from_bits(bits: i64) -> Self {
                bits as $ty
            }
        }
    };
}

hist_elem!(i32, 1, |t: &[u32], _len: usize, e: usize, _pairs: bool| t[e] as i32);
hist_elem!(i64, 2, |t: &[u32], len: usize, e: usize, pairs: bool| {
    let (low, high) = if pairs { (t[2 * e], t[2 * e + 1]) } else { (t[e], t[len + e]) };
    (u64::from(low) | (u64::from(high) << 32)) as i64
});

/// Tables in local memory leave room for this many bytes of the kernel's other local use.
const LOCAL_SLACK: u64 = 256;
/// At most this many words of per-group tables cross back to the host.
const MAX_PARTIAL_WORDS: usize = 1 << 24;

/// Folds `groups` tables of `len` entries (`words` as downloaded, each table's words laid
/// out as [`HistElem::entry`] reads them) with `op`, from `start` (every entry's start).
fn fold_tables<T: HistElem>(
    words: &[u32],
    len: usize,
    groups: usize,
    op: HistOp,
    start: T,
    pairs: bool,
) -> Vec<T> {
    let width = len * T::WORDS;
    // Group by group, each table's entries in order: the words are read as they lie. (Entry
    // by entry, each read jumped a whole table ahead: 528 tables of 4096 entries took 22 ms
    // of a call whose kernel took 0.13 ms on the H100.)
    let mut table: Vec<T> = vec![start; len];
    for g in 0..groups {
        let words = &words[g * width..(g + 1) * width];
        for (e, acc) in table.iter_mut().enumerate() {
            *acc = T::combine(op, *acc, T::entry(words, len, e, pairs));
        }
    }
    table
}

/// Runs histogram `desc` for `args` with a table of `len` entries (the allocation's length,
/// evaluated by the caller with Java's `int` arithmetic), or returns `None` when the call
/// runs on the CPU: not placed on a device, a `null` or ragged array, an empty first `dist`
/// argument (no MI runs), a negative length (the CPU raises the exception), an index that
/// would wrap, more than 2^31 - 1 iterations (the kernels count them in 32 bits), `double`
/// without `cl_khr_fp64`, a table too large for the device.
/// A table length's `a.length` of an array parameter `a`, or `None` where the device could
/// not take `a` (`null`, a ragged matrix, `null` objects): the whole length is then `-1`,
/// so the CPU path runs, and raises Java's exception for `null` where the body reads the
/// length.
pub fn table_len(array: &dyn HostArray) -> Option<i32> {
    array.shape().and_then(|s| s.first().map(|&n| n as i32))
}

pub fn run_histogram<T: HistElem>(
    desc: &'static HistDesc,
    args: &[HostArg<'_>],
    len: i32,
) -> Option<Array<T>> {
    let (ctx, len, values, iterations) = prepare(desc, args, len)?;
    let wide = wide::<T>(desc.op);
    if wide && !ctx.info.int64_atomics {
        policy::fallback(
            &format!(
                "{} compares `long` entries but {} has no cl_khr_int64_extended_atomics; \
                 running on the CPU",
                desc.label, ctx.label
            ),
            None,
        );
        return None;
    }
    let program = desc.program.get(ctx)?;
    let kernel = kernel_of(&program, desc)?;
    // Geometry: the kernel's 1-D group size; enough groups to fill the device, each
    // work-item looping over its share of the iterations.
    let local = kernel.local_1d().max(1);
    let words = len * T::WORDS;
    let local_mem = ctx.device.local_mem_size().unwrap_or(0);
    let in_local = (words as u64) * 4 + LOCAL_SLACK <= local_mem;
    let wanted = usize::try_from(iterations).ok()?.div_ceil(local);
    let mut groups = wanted.min(4 * ctx.info.compute_units as usize).max(1);
    // Groups merge their `__local` tables into the one global table on the device, unless
    // `SOMD_HIST_MERGE=0`: then each copies its table to a slice of its own, which the host
    // folds (at most `MAX_PARTIAL_WORDS` words cross back).
    let slices = in_local && !crate::exec::placement().switches.hist_merge;
    if slices {
        groups = groups.min((MAX_PARTIAL_WORDS / words.max(1)).max(1));
    }
    // The kernel's grid-stride counter is 32 bits (`compiler/somd-codegen/src/opencl/
    // histogram.rs`): `prepare` keeps the count below 2^31, so it cannot wrap.
    debug_assert!(iterations as u64 + (groups * local) as u64 <= u64::from(u32::MAX));
    let tables = if slices { groups } else { 1 };
    let _scope = trace::CallScope::begin(desc.label, ctx.label);
    let launch = Launch {
        ctx,
        desc,
        kernel,
        values: &values,
        iterations,
        table_bytes: tables.checked_mul(words)?.checked_mul(4)?,
        table: Some(Table { in_local, slices, words, wide }),
        heads: None,
        geometry: (groups * local, local),
    };
    let (err, table) = launch.run(args)?;
    // Exceptions first: the error words' read is queued before the table's and checked
    // before the table is used (one wait for both).
    let pending = err.read_queued().or_fatal();
    let raw = launch.read_table(table);
    pending.check(desc.sites).or_fatal();
    let words_read: Vec<u32> =
        raw.chunks_exact(4).map(|b| u32::from_ne_bytes([b[0], b[1], b[2], b[3]])).collect();
    let pairs = wide || crate::exec::placement().switches.hist_pairs;
    Some(Array::from_vec(fold_tables::<T>(
        &words_read,
        len,
        tables,
        desc.op,
        T::from_bits(desc.start),
        pairs,
    )))
}

/// The kernel of `desc` in `program`, or `None` (the CPU path) after the fallback policy's
/// warning when it is missing.
fn kernel_of<'p>(program: &'p BuiltProgram, desc: &'static HistDesc) -> Option<&'p DeviceKernel> {
    match program.kernel(desc.name) {
        Ok(kernel) => Some(kernel),
        Err(err) => {
            policy::fallback(&format!("{err} for {}; running on the CPU", desc.label), None);
            None
        }
    }
}

/// The work-group tables of a histogram: in `__local` memory (`words` 32-bit words per
/// group), merged into the one global table or, with `slices`, copied to a slice of the
/// table buffer per group; or no local tables, every update in the global table.
struct Table {
    in_local: bool,
    slices: bool,
    words: usize,
    /// 64-bit entries (`long` maxima and minima): the identity is a pair of words.
    wide: bool,
}

/// One launch of a histogram or segmented-sum kernel: inputs uploaded, the table buffer
/// (`HistArg::Partials`, `table_bytes`) allocated, arguments set in manifest order.
struct Launch<'a> {
    ctx: &'static DeviceCtx,
    desc: &'static HistDesc,
    kernel: &'a DeviceKernel,
    values: &'a [Option<i64>],
    iterations: i64,
    table_bytes: usize,
    /// `None` for a segmented sum: it has no `__local` tables.
    table: Option<Table>,
    /// A segmented sum's run heads (`HistArg::Heads`, `HistArg::Runs`); `None` for one
    /// work-item per iteration.
    heads: Option<&'a VArr<i32>>,
    /// Global and local size of the 1-D NDRange.
    geometry: (usize, usize),
}

impl Launch<'_> {
    /// Uploads, launches, and returns the error buffer and the table buffer (`None` when an
    /// argument cannot be read: the CPU path).
    fn run(&self, args: &[HostArg<'_>]) -> Option<(ErrorBuffer, Held)> {
        let (ctx, desc) = (self.ctx, self.desc);
        // A group's slice is written whole by the group; the one table that every group
        // updates or merges into starts at the operator's identity (a segmented sum's at
        // zero).
        let filled = !self.table.as_ref().is_some_and(|t| t.slices);
        let identity = match &self.table {
            Some(t) => desc.op.identity_pattern(t.wide),
            None => 0u32.to_ne_bytes().to_vec(),
        };
        let mut bufs: Vec<Option<Held>> = Vec::with_capacity(desc.args.len());
        for (k, spec) in desc.args.iter().enumerate() {
            let name = desc.names.get(k).copied().unwrap_or("?");
            bufs.push(match spec {
                HistArg::Param(p) => match args.get(*p)? {
                    HostArg::Array(a) => Some(upload(ctx, *a, name)?),
                    _ => None,
                },
                HistArg::Statics(fields) => Some(super::statics::buffer(ctx, fields)?),
                HistArg::Heads => match self.heads {
                    Some(heads) => Some(upload(ctx, heads, name)?),
                    None => Some(Held::Own(allocate(ctx, 0, name)?)),
                },
                HistArg::Partials => {
                    let mut buf = allocate(ctx, self.table_bytes, name)?;
                    if filled {
                        fill_pattern(ctx, &mut buf, self.table_bytes, &identity);
                    }
                    Some(Held::Own(buf))
                }
                _ => None,
            });
        }
        let err = ErrorBuffer::new(ctx).or_fatal();
        let mut setter = self.kernel.args();
        for (k, spec) in desc.args.iter().enumerate() {
            let index = k as u32;
            // SAFETY: the manifest gives each argument's kind and type in the kernel's
            // parameter order: buffers for `__global T *`, `long` for the iteration count,
            // `int` for the other scalars unless a parameter says otherwise.
            let set = unsafe {
                match (spec, bufs[k].as_ref(), &self.table) {
                    (_, Some(buf), _) => setter.set(index, &buf.buffer).map(|_| ()),
                    (HistArg::Param(p), None, _) => {
                        super::set_scalar(&mut setter, index, args.get(*p), desc.name)
                    }
                    (HistArg::Iterations, None, _) => {
                        setter.set(index, &self.iterations).map(|_| ())
                    }
                    (HistArg::Table, None, Some(t)) => {
                        let count = if t.in_local { t.words.max(2) } else { 2 };
                        setter.local::<u32>(index, count).map(|_| ())
                    }
                    // 0: no local tables; 1: merged into the global table; 2: slices.
                    (HistArg::InLocal, None, Some(t)) => {
                        let mode = match (t.in_local, t.slices) {
                            (false, _) => 0i32,
                            (true, false) => 1,
                            (true, true) => 2,
                        };
                        setter.set(index, &mode).map(|_| ())
                    }
                    (HistArg::Runs, None, _) => {
                        let runs = self.heads.map_or(-1, |h| h.items().len() as i32 - 1);
                        setter.set(index, &runs).map(|_| ())
                    }
                    (HistArg::Err, None, _) => setter.set(index, &err).map(|_| ()),
                    (HistArg::Epoch, None, _) => {
                        setter.set(index, &crate::opencl::fail::next_epoch()).map(|_| ())
                    }
                    (HistArg::Partials | HistArg::Table | HistArg::InLocal, None, _) => {
                        Err(ClFailure::NoKernel(format!("{}: argument {k}", desc.name)))
                    }
                    (_, None, _) => {
                        let value = self.values[k].unwrap_or(0);
                        setter.set(index, &(value as i32)).map(|_| ())
                    }
                }
            };
            set.or_fatal();
        }
        let (global, local) = self.geometry;
        setter.run_1d_exact(ctx, global, local).or_fatal();
        let k = desc.args.iter().position(|a| matches!(a, HistArg::Partials))?;
        Some((err, bufs[k].take()?))
    }

    /// The table's bytes, downloaded.
    fn read_table(&self, table: Held) -> Vec<u8> {
        let mut raw = vec![0u8; self.table_bytes];
        if !raw.is_empty() {
            let k = self.desc.args.iter().position(|a| matches!(a, HistArg::Partials));
            let name = k.and_then(|k| self.desc.names.get(k)).copied().unwrap_or("?");
            buffer::read(self.ctx, &table.buffer, 0, &mut raw, name).or_fatal();
        }
        raw
    }
}

/// The first `n` elements of `key` when it is an `int[]` of at least `n` elements: read in
/// place when the host's storage is the device representation.
fn with_key_prefix<R>(key: &dyn HostArray, n: usize, f: impl FnOnce(&[u8]) -> R) -> Option<R> {
    if key.elem() != Elem::I32 || key.shape().and_then(|s| s.first().copied()).unwrap_or(0) < n {
        return None;
    }
    let rows = key.raw_rows();
    let owned;
    let bytes: &[u8] = match rows.as_deref() {
        Some([row]) => row,
        _ => {
            owned = key.bytes();
            &owned
        }
    };
    Some(f(&bytes[..n * 4]))
}

fn key_values(bytes: &[u8]) -> impl Iterator<Item = i32> + '_ {
    bytes.chunks_exact(4).map(|b| i32::from_ne_bytes([b[0], b[1], b[2], b[3]]))
}

/// Whether `key` (an `int[]`) has at least `n` elements, the first `n` non-decreasing.
fn sorted_prefix(key: &dyn HostArray, n: usize) -> bool {
    with_key_prefix(key, n, |bytes| {
        let mut prev = i32::MIN;
        key_values(bytes).all(|v| {
            let ok = v >= prev;
            prev = v;
            ok
        })
    })
    .unwrap_or(false)
}

/// The run heads of the first `n` elements of `key` (an `int[]` of at least `n` elements,
/// non-decreasing over them; otherwise `None`): the index where each run of equal elements
/// starts, in order, then `n`. Run `r` is `heads[r]..heads[r + 1]`; `n == 0` has no run.
/// One pass, which is also the sortedness check.
fn segment_heads(key: &dyn HostArray, n: usize) -> Option<Vec<i32>> {
    // The kernel's iteration index is an `int`: `n` fits.
    i32::try_from(n).ok()?;
    with_key_prefix(key, n, |bytes| {
        let mut heads = Vec::new();
        let mut prev = None;
        for (i, v) in key_values(bytes).enumerate() {
            match prev {
                Some(p) if v < p => return None,
                Some(p) if v == p => {}
                _ => heads.push(i as i32),
            }
            prev = Some(v);
        }
        heads.push(n as i32);
        Some(heads)
    })?
}

/// Traces that a segmented sum runs on the CPU after its placement chose a device.
fn trace_cpu(label: &str, reason: &str) {
    if trace::enabled() {
        crate::opencl::policy::trace_placement(label, Target::Cpu, reason);
    }
}

/// What [`run_histogram`] and [`run_segmented`] decide before touching the device: the
/// device (`None`: the CPU path, for the reasons [`run_histogram`] lists), the table's
/// length, the scalar value of each kernel argument and the loop's iteration count.
fn prepare(
    desc: &'static HistDesc,
    args: &[HostArg<'_>],
    len: i32,
) -> Option<(&'static DeviceCtx, usize, Vec<Option<i64>>, i64)> {
    let (ctx, (len, values, iterations)) = policy::device_for(desc.label, |_| {
        let shapes = super::shapes_of(desc.first_dist, 0, args)?;
        // A negative table length: the CPU path raises NegativeArraySizeException.
        let len = usize::try_from(len).map_err(|_| "negative table length")?;
        let values = arg_values(desc, args, &shapes, len).ok_or("argument without a value")?;
        let iterations = desc.iterations.eval(&values).ok_or("no iteration count")?.max(0);
        // The kernels count iterations in 32 bits (`run_histogram`).
        if iterations > i64::from(i32::MAX) {
            return Err("more than 2^31 - 1 iterations");
        }
        if iterations == 0 && desc.setup_fails {
            return Err("no iterations, and a setup that may throw");
        }
        Ok((len, values, iterations))
    })?;
    if desc.needs_fp64 && !ctx.info.fp64 {
        policy::fallback(
            &format!(
                "{} computes with double but {} has no cl_khr_fp64; running on the CPU",
                desc.label, ctx.label
            ),
            None,
        );
        return None;
    }
    Some((ctx, len, values, iterations))
}

/// The value of each scalar kernel argument of `desc` (`None` where it has none), from the
/// call's arguments, their `shapes` and the table length.
fn arg_values(
    desc: &HistDesc,
    args: &[HostArg<'_>],
    shapes: &[Option<Vec<usize>>],
    len: usize,
) -> Option<Vec<Option<i64>>> {
    let mut values: Vec<Option<i64>> = vec![None; desc.args.len()];
    for (k, spec) in desc.args.iter().enumerate() {
        values[k] = match spec {
            HistArg::Param(p) => match args.get(*p)? {
                HostArg::I32(v) => Some(i64::from(*v)),
                HostArg::I64(v) => Some(*v),
                HostArg::I16(v) => Some(i64::from(*v)),
                HostArg::I8(v) => Some(i64::from(*v)),
                HostArg::U16(v) => Some(i64::from(*v)),
                _ => None,
            },
            HistArg::Length { param, dim } | HistArg::GlobalLength { param, dim } => {
                Some(*shapes.get(*param)?.as_ref()?.get(*dim)? as i64)
            }
            HistArg::Offset { .. } => Some(0),
            HistArg::TableLength => Some(len as i64),
            _ => None,
        };
    }
    Some(values)
}

/// Runs the segmented sum `desc` (a `float`/`double` table of `len` entries updated at
/// `args[key][i]`) on the device, one work-item per run of equal keys (per iteration under
/// `SOMD_SEGMENT_RUNS=0`), or returns `None` when the call runs on the CPU: the
/// cases of [`run_histogram`], a key array shorter than the iterations or not
/// non-decreasing over them, and a fault recorded by the kernel (the CPU raises it).
/// With [`LEAVE`](super::LEAVE) in `moved` (the caller holds the result as a `LazyArr`),
/// the table stays on the device for [`LazyArray::left`](super::LazyArray::left) and the
/// result is `null`.
pub fn run_segmented<T: DevElem>(
    desc: &'static HistDesc,
    args: &[HostArg<'_>],
    len: i32,
    key: usize,
    moved: u64,
) -> Option<Array<T>> {
    let (ctx, len, values, iterations) = prepare(desc, args, len)?;
    let iterations = usize::try_from(iterations).ok()?;
    let HostArg::Array(key_array) = args.get(key)? else { return None };
    // A key array kept by the enclosing host loop cannot have changed since a previous
    // call found it sorted and listed its runs.
    let heads: Option<VArr<i32>> = if crate::exec::placement().switches.segment_runs {
        let heads = resident::segment_runs(key_array.resident_key(), iterations, || {
            segment_heads(*key_array, iterations).map(Arc::from)
        });
        let Some(heads) = heads else {
            trace_cpu(desc.label, "segment key not sorted");
            return None;
        };
        Some(VArr::from_arc(heads))
    } else {
        let sorted = resident::sorted_prefix(key_array.resident_key(), iterations, || {
            sorted_prefix(*key_array, iterations)
        });
        if !sorted {
            trace_cpu(desc.label, "segment key not sorted");
            return None;
        }
        None
    };
    let program = desc.program.get(ctx)?;
    let kernel = kernel_of(&program, desc)?;
    let local = kernel.local_1d().max(1);
    // One work-item per run, or per iteration.
    let items = heads.as_ref().map_or(iterations, |h| h.items().len() - 1);
    let launch = Launch {
        ctx,
        desc,
        kernel,
        values: &values,
        iterations: iterations as i64,
        table_bytes: len.checked_mul(T::ELEM.size())?,
        table: None,
        heads: heads.as_ref(),
        geometry: (items.div_ceil(local).max(1) * local, local),
    };
    let scope = trace::CallScope::begin(desc.label, ctx.label);
    let (err, table) = launch.run(args)?;
    let faulted = |words: [i32; 12]| {
        let fault = words[0] != 0;
        if fault {
            trace_cpu(desc.label, "device fault: the CPU raises Java's exception");
        }
        fault
    };
    let table = match table {
        // The table is the result: once the error words say the call succeeded, it stays
        // where it is.
        Held::Own(buf) if moved & super::LEAVE != 0 => {
            let words = err.read_queued().or_fatal();
            drop(scope);
            if faulted(words.words().or_fatal()) {
                return None;
            }
            super::results::leave_buffer(ctx, buf, vec![len], T::ELEM, desc.label);
            return Some(Array::NULL);
        }
        table => table,
    };
    // The error words' read is queued before the table's (one wait for both); a fault
    // discards the table unused.
    let pending = err.read_queued().or_fatal();
    let name = desc.args.iter().position(|a| matches!(a, HistArg::Partials));
    let name = name.and_then(|k| desc.names.get(k)).copied().unwrap_or("?");
    let table = read_array::<T>(ctx, &table, len, name);
    drop(scope);
    if faulted(pending.words().or_fatal()) {
        return None;
    }
    Some(table)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_extrema_start_at_the_long_identity_and_fold_as_pairs() {
        assert!(wide::<i64>(HistOp::Max) && wide::<i64>(HistOp::Min));
        assert!(!wide::<i64>(HistOp::Add) && !wide::<i32>(HistOp::Max));
        // A table filled with the pattern holds the `long` identity in every entry.
        for (op, identity) in [(HistOp::Max, i64::MIN), (HistOp::Min, i64::MAX)] {
            let bytes = op.identity_pattern(true).repeat(3);
            let words: Vec<u32> = bytes
                .chunks_exact(4)
                .map(|b| u32::from_ne_bytes([b[0], b[1], b[2], b[3]]))
                .collect();
            assert_eq!(fold_tables::<i64>(&words, 3, 1, op, identity, true), vec![identity; 3]);
        }
        // Two groups' tables of two entries, as pairs: the high words decide first.
        let a: [i64; 2] = [-(1 << 40) + 7, 1 << 33];
        let b: [i64; 2] = [5, (1 << 33) - 1];
        let words: Vec<u32> =
            a.iter().chain(&b).flat_map(|v| [*v as u64 as u32, (*v as u64 >> 32) as u32]).collect();
        assert_eq!(fold_tables::<i64>(&words, 2, 2, HistOp::Max, i64::MIN, true), vec![5, 1 << 33]);
        assert_eq!(
            fold_tables::<i64>(&words, 2, 2, HistOp::Min, i64::MAX, true),
            vec![-(1 << 40) + 7, (1 << 33) - 1]
        );
    }

    #[test]
    fn long_entries_rebuild_from_their_words_and_fold_with_wrapping() {
        // Two groups' tables of two `long` entries: (-1, 2^32) and (1, 5), split (low words,
        // then high words) and as pairs.
        let split = [u32::MAX, 0, u32::MAX, 1, 1, 5, 0, 0];
        let pairs = [u32::MAX, u32::MAX, 0, 1, 1, 0, 5, 0];
        for (words, paired) in [(split, false), (pairs, true)] {
            let sums = fold_tables::<i64>(&words, 2, 2, HistOp::Add, 0, paired);
            assert_eq!(sums, vec![0, (1i64 << 32) + 5], "pairs: {paired}");
            let xors = fold_tables::<i64>(&words, 2, 2, HistOp::Xor, 0, paired);
            assert_eq!(xors, vec![-2, (1i64 << 32) ^ 5], "pairs: {paired}");
        }
        // Three entries of one table: the high words start at word `len`.
        let words = [7, 0, 2, 0, u32::MAX, 3];
        let got = fold_tables::<i64>(&words, 3, 1, HistOp::Add, 0, false);
        assert_eq!(got, vec![7, -(1i64 << 32), (3i64 << 32) + 2]);
        for paired in [false, true] {
            let ints = fold_tables::<i32>(&[i32::MAX as u32, 1], 1, 2, HistOp::Add, 0, paired);
            assert_eq!(ints, vec![i32::MIN], "int sums wrap as Java's");
        }
    }

    #[test]
    fn tables_fold_from_the_fill_value_with_signed_extrema() {
        // Two groups' tables of three `int` entries, each starting at the identity of its
        // operator (a group that never updated entry 2 left the identity there).
        let max_id = HistOp::Max.identity_word();
        let words = [5, (-7i32) as u32, max_id, (-3i32) as u32, 9, max_id];
        let start = HistElem::from_bits(i64::from(i32::MIN));
        assert_eq!(fold_tables::<i32>(&words, 3, 2, HistOp::Max, start, false), [5, 9, i32::MIN]);
        // From a fill of 0, negative maxima never show.
        assert_eq!(fold_tables::<i32>(&words, 3, 2, HistOp::Max, 0, false), [5, 9, 0]);
        let min_id = HistOp::Min.identity_word();
        let words = [5, (-7i32) as u32, min_id, (-3i32) as u32, 9, min_id];
        assert_eq!(fold_tables::<i32>(&words, 3, 2, HistOp::Min, 77, false), [-3, -7, 77]);
        // Counts from 100, and a `long` AND from all ones.
        assert_eq!(fold_tables::<i32>(&[1, 2, 3, 4], 2, 2, HistOp::Add, 100, false), [104, 106]);
        let ones = HistOp::And.identity_word();
        let words = [0xf0, ones, ones, ones, 0x3c, ones, 0, ones];
        let start = HistElem::from_bits(-1);
        assert_eq!(fold_tables::<i64>(&words, 2, 2, HistOp::And, start, false), [0x30, -1]);
    }

    #[test]
    fn a_segment_key_must_cover_the_iterations_and_not_decrease() {
        let key = |v: Vec<i32>| Array::from_vec(v);
        assert!(sorted_prefix(&key(vec![0, 0, 2, 2, 7]), 5));
        assert!(sorted_prefix(&key(vec![0, 3, 3, 1]), 3), "only the iterations count");
        assert!(!sorted_prefix(&key(vec![0, 3, 3, 1]), 4));
        assert!(!sorted_prefix(&key(vec![0, 1]), 3), "shorter than the iterations");
        assert!(sorted_prefix(&key(vec![i32::MIN, -1, i32::MAX]), 3));
        assert!(sorted_prefix(&key(Vec::new()), 0));
    }

    #[test]
    fn run_heads_start_each_run_of_equal_keys_and_end_with_n() {
        let key = |v: Vec<i32>| Array::from_vec(v);
        let heads = |v: Vec<i32>, n: usize| segment_heads(&key(v), n);
        // Rows 0, 0, 0 | 2 | 5, 5 (rows 1, 3 and 4 empty: no run).
        assert_eq!(heads(vec![0, 0, 0, 2, 5, 5], 6), Some(vec![0, 3, 4, 6]));
        assert_eq!(heads(vec![7, 7, 7, 7], 4), Some(vec![0, 4]), "one long run");
        assert_eq!(heads(vec![1, 2, 3], 3), Some(vec![0, 1, 2, 3]), "runs of one");
        assert_eq!(heads(vec![i32::MIN, i32::MIN, i32::MAX], 3), Some(vec![0, 2, 3]));
        assert_eq!(heads(vec![0, 3, 3, 1], 3), Some(vec![0, 1, 3]), "only the iterations");
        assert_eq!(heads(vec![0, 3, 3, 1], 4), None, "decreasing");
        assert_eq!(heads(vec![0, 1], 3), None, "shorter than the iterations");
        assert_eq!(heads(vec![4], 0), Some(vec![0]), "no iteration: no run");
        assert_eq!(heads(Vec::new(), 0), Some(vec![0]));
        // Against the definition, on a longer key with runs longer than a work-group.
        let mut long = Vec::new();
        for r in 0..50 {
            long.extend(std::iter::repeat_n(r * 2, [0, 1, 300, 3][r as usize % 4]));
        }
        let n = long.len();
        let got = heads(long.clone(), n).expect("sorted");
        assert_eq!(got.first(), Some(&0));
        assert_eq!(got.last(), Some(&(n as i32)));
        for w in got.windows(2) {
            let (a, b) = (w[0] as usize, w[1] as usize);
            assert!(a < b, "runs are not empty");
            assert!(long[a..b].iter().all(|v| *v == long[a]), "a run holds one key");
            assert!(a == 0 || long[a - 1] != long[a], "a run starts where the key changes");
        }
        let changes = long.windows(2).filter(|w| w[0] != w[1]).count();
        assert_eq!(got.len(), changes + 2, "one head per run, then n");
    }
}
