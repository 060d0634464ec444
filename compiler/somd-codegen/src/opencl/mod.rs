//! The OpenCL C writer: the kernels of `ProgramInfo::kernels` as one program body plus a
//! manifest per kernel for the host writer.
//!
//! # Java arithmetic in OpenCL C
//! OpenCL C is C99: signed overflow is undefined, shift counts past the width are
//! undefined, `INT_MIN / -1` may trap, float→int conversion of NaN or out-of-range values is
//! undefined, the compiler may contract `a * b + c` into an FMA, and `double` needs an
//! extension. The writer therefore never emits a bare `+ - *` or unary `-` on `int`/`long`:
//! it calls the runtime's `somd_iadd`/`somd_lmul`/... (`runtime/cl/somd_java.cl`, unsigned
//! arithmetic and `as_*`); shifts go through `somd_ishl/ishr/iushr` (masked counts); `/` and
//! `%` through `somd_idiv/irem/ldiv/lrem` (zero check recording `ArithmeticException`, and
//! `MIN / -1 == MIN`); floating→integral casts through `somd_f2i/f2l/d2i/d2l` (NaN → 0,
//! saturation); narrowing through `somd_l2i/i2b/i2s/i2c`; `Math` through correctly
//! rounded built-ins (`native_*` only under fast math) or the runtime's Java-exact
//! `somd_fmin/fround/fsignum/...`. Every body starts with `#pragma OPENCL FP_CONTRACT OFF`
//! unless fast math is on. Kernels and helpers that use `double` are emitted inside
//! `#ifdef SOMD_HAS_FP64` (defined by the prelude when `cl_khr_fp64` exists, which it also
//! enables), so a device without fp64 builds the program without them and the host, finding
//! no such kernel, runs that construct on the CPU with a warning (the manifest says
//! `needs_fp64`). `double` is never demoted.
//!
//! # Failure reporting from kernels
//! Every kernel takes `__global int *somd_err` last (the runtime's protocol,
//! `runtime/src/opencl/mod.rs`), and so does every helper function. Array accesses are
//! written `a[SOMD_INDEX(site, i, a_len0)]`: an out-of-range index records the first
//! failure (site, index, length) and continues with index 0 — never performing the bad
//! access — so work-groups that reduce in local memory still reach their barriers. (The host
//! allocates at least one element per buffer, as OpenCL requires anyway.) Integer division
//! uses the expression forms `somd_idiv(site, a, b)`. Each failing construct gets a site id,
//! an index into [`KernelSet::sites`] (`file:LINE:COL`), which the host turns into its
//! `&'static [SourcePos]` table in the same order. `--unchecked` drops the bounds checks
//! (division by zero stays checked: it has no cost worth saving and C leaves it undefined).
//!
//! # Kernel shapes
//! - SOMD loop: `long pos = lo + get_global_id(0); int i = (int)pos; if (!(pos < hi))
//!   return;` (in 64 bits, so no work-item wraps `int`) then the loop body;
//!   the loop's index is partition-relative (the host runs one MI over whole arrays, so the
//!   offset is 0; `Somd.offset(a)` / `Somd.globalLength(a)` are the `a_off0` / `a_glen0`
//!   arguments, one per dimension used). 2-D nests map the inner (contiguous, row-major)
//!   index to `get_global_id(0)` and the outer one to `get_global_id(1)`, so a warp reads
//!   consecutive elements of a row; the manifest's global sizes are then columns, rows.
//!   Accesses that the guard and the kernel's loops prove in range
//!   (`somd_mir::analysis::bounds`) are written without `SOMD_INDEX`. A reduction loop does
//!   not return early: out-of-range items contribute the identity, then the work-group
//!   combines its values in a local-memory tree (as `somd_reduce.cl`) and item 0 writes one
//!   partial per group; the host combines the partials with the method's reduce strategy.
//!   Every reduction kernel is launched 1-D in power-of-two groups (`run_1d_exact`); a 2-D
//!   reduction nest runs rows x cols work-items flattened (`i = lo0 + f / cols`,
//!   `j = lo1 + f % cols`), so partials of different rows of groups never collide.
//! - `sync` bodies: one SOMD-loop kernel per parallel loop, with the same buffer arguments in
//!   every kernel (the host shares the buffers by position) and the enclosing host loops'
//!   indices as `int` arguments (`ArgSource::HostIndex`); the barrier is the launch's end.
//! - Histogram bodies (`acc[c] += v` into a returned table, `histogram.rs`): work-items
//!   share the iterations in a grid-stride loop; each work-group updates a zeroed table of
//!   32-bit words in local memory with atomics (`runtime/cl/somd_hist.cl`) and copies it to
//!   its slice of the partials, or, when the table does not fit local memory, every
//!   work-item updates one zeroed table in global memory. The host folds the tables.
//! - `@`: one item per element; `op ! (@ ..)` fused the same way as a reduction loop; a
//!   target whose loop reads a whole broadcast array in index order runs that loop over
//!   `__local` tiles of it (`tile.rs`), every work-item of the group taking part;
//!   `C.m ! a`: each item folds a contiguous chunk in order, the host folds the partials in
//!   order; filter tasks: one item per batch element.

mod blocks;
mod constant;
mod fused;
mod histogram;
mod holders;
mod kernels;
use somd_mir::analysis::cnames as keywords;
mod layout;
mod nested;
mod order;
mod rowtiles;
mod sad;
mod strips;
mod tile;
mod widen;
mod writer;

pub use keywords::is_reserved;
pub use layout::{prim_size, FieldLayout, FieldTy, StructLayout};
pub use writer::write_kernels;

use somd_mir::analysis::SizeExpr;
use std::fmt;

/// Options of the OpenCL C writer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClOptions {
    /// `--fast-math`: allow contraction and `native_*` built-ins.
    pub fast_math: bool,
    /// `--unchecked`: no device-side bounds checks.
    pub unchecked: bool,
}

/// The generated program and its manifest.
#[derive(Clone, Debug, Default)]
pub struct KernelSet {
    /// The program body (`ProgramDesc::body`): struct types, helpers, kernels.
    pub body: String,
    pub kernels: Vec<KernelManifest>,
    /// The failure sites of the whole program; site id = index.
    pub sites: Vec<SiteInfo>,
    /// Planned kernels the writer did not emit, with the reason (the host runs those
    /// constructs on the CPU).
    pub skipped: Vec<(String, String)>,
    /// The byte layout of each value class the kernels use (when it has one: fields of
    /// primitive or value-class type only), as the body's `typedef struct`s lay it out.
    pub layouts: Vec<StructLayout>,
    /// The static fields kernels read from the program's statics buffer, in its order
    /// (`somd_runtime::device::statics`): when there are any, every kernel takes the buffer
    /// ([`ArgKind::Statics`]) just before its error buffer.
    pub statics: Vec<somd_mir::StaticId>,
}

/// A failing construct's position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SiteInfo {
    pub file: String,
    pub line: u32,
    pub col: u32,
    /// `bounds` or `div` (what can fail there).
    pub what: &'static str,
}

/// One kernel: everything the host needs to launch it.
#[derive(Clone, Debug)]
pub struct KernelManifest {
    pub name: String,
    /// `Class.method` of the code it runs, and what it comes from (`SOMD method`, `@`, ...).
    pub source_function: String,
    pub origin: String,
    pub file: String,
    pub line: u32,
    pub col: u32,
    /// Arguments in order; the last two are always [`ArgKind::Err`] and [`ArgKind::Epoch`]
    /// (the program's [`ArgKind::Statics`], when it has static data, just before the first
    /// error buffer).
    pub args: Vec<KernelArg>,
    /// One entry per NDRange dimension: the number of work-items (the kernel guards, so the
    /// host may round up).
    pub global: Vec<SizeRule>,
    pub reduction: Option<ReductionInfo>,
    /// Site ids this kernel can report.
    pub sites: Vec<u32>,
    pub needs_fp64: bool,
    /// A second kernel in the program whose small read-only buffers read at uniform
    /// indices are `__constant` (`constant.rs`); the host launches it when they fit.
    pub constant: Option<ConstantVariant>,
    /// A widened elementwise kernel: each work-item runs `SOMD_WIDTH` consecutive
    /// iterations (elements), set when the program is built (the runtime's `SOMD_WIDEN`),
    /// so the host launches `ceil(n / SOMD_WIDTH)` work-items for the first global size `n`
    /// (`kernels.rs`, "Widened elementwise kernels").
    pub widened: bool,
    /// `@` arguments the runtime may store narrow (`somd_mir::analysis::narrow`): the
    /// argument's index in the construct and the build option macro of its element type.
    pub narrow: Vec<(usize, String)>,
    /// A SOMD kernel whose setup may throw (`walk::setup_may_fail`), or a 2-D nest's prelude
    /// (`ParallelLoop::prelude`): a call launching no work-item runs on the CPU, which
    /// raises the exception as Java does before the loop or the row's cells.
    pub setup_fails: bool,
    /// A 2-D kernel with block tiles (`blocks.rs`): the host launches it in groups 16 wide,
    /// which copy fewer rows into local memory per cell than 32 x 8.
    pub square_groups: bool,
    /// A `@`, `! @` or filter mapping 2-D value arrays: its second kernel, for a call where
    /// one of them is ragged.
    pub ragged: Option<RaggedVariant>,
    /// A lanes-form SOMD kernel (`strips.rs`): its rows variant, the same arguments with
    /// one work-item per iteration, which the host launches when the iterations alone fill
    /// the device and the inner loop is short (a work-group per iteration costs its
    /// scheduling: `rt::device::strip_rows`).
    pub rows: Option<RowsVariant>,
    /// A SOMD kernel whose iterations each walk a row of a matrix in order (`rowtiles.rs`):
    /// its tiles variant, the same arguments with a work-group of 256 work-items per 32
    /// iterations staging the rows in `__local` memory, and the inner loop's iteration
    /// count when the kernel's arguments give it; the host launches the variant on a GPU
    /// when the inner loop is long (`rt::device::row_tiles`).
    pub tiles: Option<RowsVariant>,
    /// The kernel as a standalone readable `.cl` file (for `--emit-kernels`).
    pub standalone: String,
}

/// The variant of a `@`, `! @` or filter kernel mapping 2-D value arrays of primitives
/// (`T[[]][[]]`, a filter's batch of `T[[]]` items) for a call where one of them is ragged
/// (its rows of different lengths), which has no rectangular shape: each such argument
/// packed (its rows one after the other, 1-D), and after the construct's arguments the
/// offset of each one's rows, one more than its rows (`int`): work-item `i` gets `arg[off[i]
/// .. off[i + 1])`. The runtime launches it instead of the kernel when a mapped matrix is
/// ragged (`rt::device::KernelDesc::ragged`).
#[derive(Clone, Debug)]
pub struct RaggedVariant {
    /// The variant's own manifest (its name, arguments, global size...).
    pub manifest: Box<KernelManifest>,
    /// The construct's arguments it takes packed, in order: the offsets of the `j`-th are
    /// construct argument `n + j`, `n` the construct's own arguments (holders' fields
    /// included).
    pub packed: Vec<usize>,
}

/// The `__constant` variant of a kernel: the same arguments, with the buffers at `args`
/// (indices into [`KernelManifest::args`]) declared `__constant`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConstantVariant {
    pub name: String,
    pub args: Vec<usize>,
}

/// One kernel argument.
#[derive(Clone, Debug, PartialEq)]
pub struct KernelArg {
    pub name: String,
    pub kind: ArgKind,
    /// Where the host gets the value.
    pub source: ArgSource,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    In,
    Out,
    InOut,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ArgKind {
    /// `__global T *`; `elem` is the OpenCL C element type (`uchar` for boolean, a struct
    /// name for value classes; 2-D arrays are flattened row-major).
    Buffer { access: Access, elem: String },
    /// A scalar passed by value (`int`, `float`, a struct, ...).
    Scalar { ty: String },
    /// `__local T *` of one element per work-item of a group.
    Local { elem: String },
    /// An error buffer `__global int *somd_err_buf` (or a fused kernel's later stage's),
    /// always followed by its [`ArgKind::Epoch`].
    Err,
    /// `const uint somd_err_epoch`: the launch's epoch for the error buffer before it
    /// (`somd_runtime::opencl::fail::next_epoch`).
    Epoch,
    /// `__global const uchar *restrict somd_st`: the program's static data
    /// ([`KernelSet::statics`]).
    Statics,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ArgSource {
    /// Parameter `index` of the source function (for a `@`: argument `index`).
    Param(usize),
    /// Length of dimension `dim` of parameter `index`.
    Length {
        param: usize,
        dim: u8,
    },
    /// An output array the host allocates zeroed, of the given dimensions.
    Output {
        dims: Vec<SizeRule>,
    },
    /// Dimension `dim` of the output array passed as argument `output_arg`.
    OutputLength {
        output_arg: usize,
        dim: u8,
    },
    /// The result array of a `@` / filter batch (length = the mapped length).
    Result,
    /// The number of elements / items (`@`, `!`, filter).
    Count,
    /// Elements per work-item of a fold.
    Chunk,
    /// `Somd.offset(p, dim + 1)` of parameter `param` (0 for one MI).
    Offset {
        param: usize,
        dim: u8,
    },
    /// `Somd.globalLength(p, dim + 1)` of parameter `param`.
    GlobalLength {
        param: usize,
        dim: u8,
    },
    /// The current value of the index of the host loop at nesting depth `.0` around a
    /// `sync` kernel (outermost 0).
    HostIndex(usize),
    /// The current value of the `.0`-th host scalar the kernel reads
    /// ([`somd_mir::analysis::SomdBody::host_values`]): a `sync reduce` result or another
    /// scalar the host computed, broadcast per launch.
    HostValue(usize),
    /// The per-group (or per-item) partials buffer.
    Partials,
    /// A histogram's table length: the host evaluates the allocation's length (Java `int`
    /// arithmetic on the parameters; negative: the CPU path raises the exception).
    TableLength,
    /// A histogram's iteration count (`const long`), from [`KernelManifest::global`].
    Iterations,
    /// Whether a histogram's work-groups keep their tables in local memory (1) or all
    /// update one table in global memory (0); the host decides from the device's local
    /// memory size.
    TableInLocal,
    /// A segmented sum's run heads (`__global const int *`): where each run of equal keys
    /// starts, then the iteration count; the host computes them with its sortedness check.
    SegmentHeads,
    /// A segmented sum's run count (`int`), or -1: one work-item per iteration, each run
    /// worked by its head (`SOMD_SEGMENT_RUNS=0`).
    SegmentRuns,
    /// Local scratch memory.
    Scratch,
    /// `__local` scratch of `bytes` per work-item for a `@` whose function folds a nested
    /// `!` across a work-group (`nested.rs`): the host launches one work-group per element.
    LaneScratch {
        bytes: usize,
    },
    /// The slices form's partials (`nested.rs`): `bytes` per element and slice, written
    /// when the host launches that form.
    SliceParts {
        bytes: usize,
    },
    /// The slices form's slice count (0: the lanes form); the host chooses it from the
    /// device and the inner length, the value of this kernel's scalar argument `inner`.
    Slices {
        inner: usize,
    },
    /// `__local` memory for the rows a work-group of the slices form maps from one 2-D
    /// argument (`nested.rs`, "Staged rows"): `bytes` per element of a row per work-item,
    /// the row length the value of this kernel's scalar argument `len`.
    StageRows {
        len: usize,
        bytes: usize,
    },
    /// Whether the slices form stages its rows in `__local` memory (1) or reads them from
    /// global memory (0); the host decides from the device's local memory size.
    Staged,
    /// The work-items sharing one iteration of a SOMD loop in the lanes form
    /// (`strips.rs`): the host launches one work-group of that many per iteration.
    Lanes,
    /// `__local` memory of one element of the given type per work-item, in which the lanes
    /// form's lanes combine an accumulator of the inner loop (`strips.rs`).
    LaneTree(somd_syntax::ast::PrimType),
    ErrorBuffer,
    /// The launch's epoch for the error buffer before it (`somd_errors.cl`).
    Epoch,
    /// The error buffer of a later stage of a fused kernel (`fused.rs`), checked after
    /// [`ArgSource::ErrorBuffer`] and the later stages before it.
    LaterError,
    /// The program's statics buffer ([`KernelSet::statics`]), with the numbers of the fields
    /// the kernel (its function and helpers) may read: the host launches it only when the
    /// buffer holds all of them.
    Statics(Vec<u16>),
}

/// The rows variant of a lanes-form SOMD kernel ([`KernelManifest::rows`]).
#[derive(Clone, Debug, PartialEq)]
pub struct RowsVariant {
    pub name: String,
    /// The inner loop's iteration count, when the host can compute it from the kernel's
    /// arguments: a short inner loop runs the rows variant (`strips.rs`).
    pub inner: Option<SizeRule>,
}

/// A size computed on the host from the kernel's scalar arguments.
#[derive(Clone, Debug, PartialEq)]
pub enum SizeRule {
    Const(i64),
    /// The value of scalar argument `index` of this kernel.
    Arg(usize),
    Add(Box<SizeRule>, Box<SizeRule>),
    Sub(Box<SizeRule>, Box<SizeRule>),
    /// `int` operations with every operand and the result in `int` range (runtime
    /// `Size::Mul` ..: otherwise, and for a divisor of 0, the host runs the CPU path).
    Mul(Box<SizeRule>, Box<SizeRule>),
    Div(Box<SizeRule>, Box<SizeRule>),
    Min(Box<SizeRule>, Box<SizeRule>),
    Max(Box<SizeRule>, Box<SizeRule>),
    /// `%` (no divisor 0, no `Integer.MIN_VALUE % -1`) and `>>` (the count masked), as
    /// `Mul` ..
    Rem(Box<SizeRule>, Box<SizeRule>),
    Shr(Box<SizeRule>, Box<SizeRule>),
    /// `<<` and `>>>`: Java's shifts (the count masked, `<<` wrapping), always a value.
    Shl(Box<SizeRule>, Box<SizeRule>),
    UShr(Box<SizeRule>, Box<SizeRule>),
    /// Java's `int` value of a size reading a host scalar (`SizeExpr::Host`): `+ - *`
    /// wrap, `/` and `%` by a positive constant; evaluated at each launch (runtime
    /// `Size::Java`), never failing.
    Java(Box<SizeRule>),
    /// The iterations of `for (i = lo; i < hi; i += step)` (a negative `step`: `for (i = hi -
    /// 1; i >= lo; i -= -step)`): `ceil((hi - lo) / |step|)`, 0 when `hi <= lo`; the host runs
    /// the CPU path when Java's `int` index would wrap past `i32::MAX` (`i32::MIN`) (runtime
    /// `Size::Steps`).
    Steps {
        lo: Box<SizeRule>,
        hi: Box<SizeRule>,
        step: i64,
    },
    /// `len` read through row `row` of `rows` (`SizeExpr::Row`): the host runs the CPU path
    /// when the row does not exist (runtime `Size::Row`).
    Row {
        len: Box<SizeRule>,
        row: Box<SizeRule>,
        rows: Box<SizeRule>,
    },
}

/// A constructor of a binary [`SizeRule`] (`SizeRule::Add` ..).
type MakeRule = fn(Box<SizeRule>, Box<SizeRule>) -> SizeRule;

impl SizeRule {
    /// The rule of a size expression `s` built from others (`Add` .. `Max`, `Row`) over
    /// rules of its parts, or `None` for any other expression.
    pub(crate) fn composite(
        s: &SizeExpr,
        mut rule: impl FnMut(&SizeExpr) -> Result<SizeRule, EmitError>,
    ) -> Option<Result<SizeRule, EmitError>> {
        let (a, b, make): (_, _, MakeRule) = match s {
            SizeExpr::Row { len, row, rows } => {
                return Some((|| {
                    Ok(SizeRule::Row {
                        len: Box::new(rule(len)?),
                        row: Box::new(rule(row)?),
                        rows: Box::new(rule(rows)?),
                    })
                })())
            }
            SizeExpr::Add(a, b) => (a, b, SizeRule::Add),
            SizeExpr::Sub(a, b) => (a, b, SizeRule::Sub),
            SizeExpr::Mul(a, b) => (a, b, SizeRule::Mul),
            SizeExpr::Div(a, b) => (a, b, SizeRule::Div),
            SizeExpr::Min(a, b) => (a, b, SizeRule::Min),
            SizeExpr::Max(a, b) => (a, b, SizeRule::Max),
            SizeExpr::Rem(a, b) => (a, b, SizeRule::Rem),
            SizeExpr::Shr(a, b) => (a, b, SizeRule::Shr),
            SizeExpr::Shl(a, b) => (a, b, SizeRule::Shl),
            SizeExpr::UShr(a, b) => (a, b, SizeRule::UShr),
            _ => return None,
        };
        Some((|| Ok(make(Box::new(rule(a)?), Box::new(rule(b)?))))())
    }
}

impl fmt::Display for SizeRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SizeRule::Const(v) => write!(f, "{v}"),
            SizeRule::Arg(i) => write!(f, "arg{i}"),
            SizeRule::Add(a, b) => write!(f, "({a} + {b})"),
            SizeRule::Sub(a, b) => write!(f, "({a} - {b})"),
            SizeRule::Mul(a, b) => write!(f, "({a} * {b})"),
            SizeRule::Div(a, b) => write!(f, "({a} / {b})"),
            SizeRule::Min(a, b) => write!(f, "min({a}, {b})"),
            SizeRule::Max(a, b) => write!(f, "max({a}, {b})"),
            SizeRule::Rem(a, b) => write!(f, "({a} % {b})"),
            SizeRule::Shr(a, b) => write!(f, "({a} >> {b})"),
            SizeRule::Shl(a, b) => write!(f, "({a} << {b})"),
            SizeRule::UShr(a, b) => write!(f, "({a} >>> {b})"),
            SizeRule::Java(a) => write!(f, "int{a}"),
            SizeRule::Steps { lo, hi, step } => write!(f, "steps({lo}, {hi}, {step})"),
            SizeRule::Row { len, row, rows } => write!(f, "row({len}, {row} of {rows})"),
        }
    }
}

/// How a kernel's partial results are combined. Tree reductions need a power-of-two
/// work-group size (launch with `KernelArgs::run_1d_exact`, global = groups x local, and
/// `local::<T>(scratch_arg, local)`); the partials buffer has one element per group.
#[derive(Clone, Debug, PartialEq)]
pub struct ReductionInfo {
    /// `+`, `min`, ... or `Class.method` for a fold.
    pub op: String,
    /// OpenCL C type of a partial.
    pub elem: String,
    /// Index of the partials buffer argument (one per work-group, or per item for a fold).
    pub partials_arg: usize,
    /// Index of the local scratch argument (tree reductions), with one element per item.
    pub scratch_arg: Option<usize>,
    /// How the host finishes: `tree with op`, `method reduce strategy`, `ordered fold`.
    pub finish: String,
    /// The kernel is coarsened: each work-item folds the elements of a grid-stride loop
    /// (work-item `g` of a grid of `G` takes elements `g`, `g + G`, ..) into its private
    /// accumulators before the tree, so the host may launch fewer work-items than elements
    /// (note `device-execution`, "Coarsened reductions"). Correct for any grid size.
    pub strided: bool,
}

/// A bug in the compiler met while writing (never a user error).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EmitError {
    pub message: String,
}

impl fmt::Display for EmitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "internal error in the OpenCL writer: {}", self.message)
    }
}

impl std::error::Error for EmitError {}

impl From<fmt::Error> for EmitError {
    fn from(_: fmt::Error) -> EmitError {
        EmitError { message: "formatting failed".into() }
    }
}

/// Indentation as a value.
#[derive(Clone, Copy, Debug)]
pub struct Level(pub usize);

impl Level {
    pub fn next(self) -> Level {
        Level(self.0 + 1)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for _ in 0..self.0 {
            f.write_str("    ")?;
        }
        Ok(())
    }
}
