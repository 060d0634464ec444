//! Analyses of the MIR: device eligibility, parallel loops and the kernel plan.
//!
//! `analyze(&Module) -> ProgramInfo` never fails. Every result lives in a side table keyed
//! by handles ([`FuncId`], [`ExprId`], [`LoopId`]) and every negative result carries the
//! construct, its span and (through calls) the call chain, so that [`explain`] can say why
//! something stays on the CPU. The OpenCL C writer (`somd_codegen::opencl`) compiles exactly
//! the kernels of [`ProgramInfo::kernels`]; the host writer reads [`ProgramInfo::placements`].
//!
//! - [`isolation`]: per function, isolated (LANGUAGE.md §3.2) and within the subset the
//!   OpenCL writer translates;
//! - [`parallel`]: per SOMD function, its loops (parallel or the dependence that prevents
//!   it) and the extracted body (setup; one parallel loop; return);
//! - [`histogram`]: SOMD bodies that fill a returned table at computed indices with
//!   order-independent integer updates (`acc[c] += v`);
//! - [`nested`]: a `!` of a `@` inside a function that runs in a kernel (a fold in the
//!   work-item);
//! - [`sync`]: SOMD bodies whose host-level loops surround `sync` blocks (one kernel per
//!   parallel loop, launched by the host);
//! - [`combine`]: the `combine` method of a `reduce(C)`: elementwise (the CPU combines
//!   the partials by index chunks in parallel) or free of outside effects (the tree's
//!   independent combines run concurrently);
//! - [`shared`]: SOMD methods whose MIs would write state they all share (they run as one
//!   MI on the CPU);
//! - [`keep`]: host loops whose device calls may keep mutable arrays on the device (the
//!   loop provably never writes them);
//! - [`bounds`]: array accesses whose index is provably in range (for the device's
//!   bounds checks);
//! - [`loopcheck`]: counted loops whose accesses one test before the loop keeps in range
//!   (a copy of the loop without their checks);
//! - [`mapfuse`]: a `@` whose result only the next statement's `@` maps, computed inline
//!   by that `@`'s kernel;
//! - [`lazy`]: locals holding `@` results that may stay on the device until the host
//!   reads them;
//! - [`plan`]: per SOMD method, `@`, `!` and task, where it runs and which kernels it
//!   becomes (with `@` fused into a following `!`);
//! - [`explain`](mod@explain): the text `somdc explain` prints.

pub mod alias;
pub mod bounds;
pub mod cnames;
pub mod combine;
pub mod explain;
pub mod fuse;
pub mod histogram;
pub mod holders;
pub mod instance;
pub mod isolation;
pub mod keep;
pub mod lazy;
pub mod loopcheck;
pub mod mapfuse;
pub mod memo;
pub mod narrow;
pub mod nested;
pub mod parallel;
pub mod plan;
pub mod private;
pub mod rows;
pub mod sad;
pub mod shared;
pub mod swap;
pub mod sync;
pub mod walk;
pub mod writes;

pub use explain::{explain, explain_json};
pub use histogram::HistogramBody;

use crate::ir::*;
use somd_diag::Span;
use somd_syntax::ast::{PrimType, ReduceOp};

/// A loop of one function: its pre-order number among the function's `Stmt::Loop`s.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LoopId(pub u32);

/// Everything the analyses found.
#[derive(Clone, Debug, Default)]
pub struct ProgramInfo {
    /// Indexed by `FuncId`.
    pub functions: Vec<FuncInfo>,
    /// One entry per SOMD method, `@`, `!` and task construction, in source order.
    pub placements: Vec<Placement>,
    /// The kernels to generate, referenced by index from placements.
    pub kernels: Vec<KernelPlan>,
    /// The `@` and `!` expressions (function, expression) of each `!` of a `@` that kernels
    /// fold in the work-item (`nested.rs`): no kernel and no host launch of their own.
    pub nested: Vec<(FuncId, ExprId)>,
    /// The `!` expressions over an array (not a `@`) in functions that run inside kernels,
    /// folded in the work-item (`nested::array_folds`): no kernel and no host launch of
    /// their own, on the CPU too.
    pub array_folds: Vec<(FuncId, ExprId)>,
    /// Runs of host statements over the same mapped arrays that run as one kernel
    /// ([`fuse`]).
    pub fused: Vec<fuse::FusedGroup>,
    /// Why neighbouring `!` statements were not fused ([`fuse`]).
    pub fusion_notes: Vec<fuse::FusionNote>,
    /// `@`s computed inline by the `@` that consumes their result ([`mapfuse`]).
    pub map_fusions: Vec<mapfuse::MapFusion>,
    /// Why a `@` reading the result of the `@` before it was not fused with it.
    pub map_fusion_notes: Vec<mapfuse::MapFusionNote>,
    /// Host loops that keep unchanged mutable arrays on the device across their calls
    /// ([`keep`]).
    pub kept: Vec<keep::KeptLoop>,
    /// Straight-line statements that keep unchanged mutable arrays on the device across
    /// their calls ([`keep`]).
    pub kept_regions: Vec<keep::KeptRegion>,
    /// Host loops that leave a matrix on the device between their calls, moving only the
    /// rows the host touches ([`rows`]).
    pub rows: Vec<rows::RowLoop>,
    /// Locals whose `@` results stay on the device until the host reads them ([`lazy`]).
    pub lazy: Vec<lazy::LazyLocal>,
}

/// Facts about one function.
#[derive(Clone, Debug)]
pub struct FuncInfo {
    /// `Ok` when the function (and everything it calls) can run on the device.
    pub device: Result<(), Blocker>,
    /// The function (or a callee) computes with `double`: the device needs `cl_khr_fp64`.
    pub needs_fp64: bool,
    /// SOMD functions: a report for each top-level loop.
    pub loops: Vec<LoopReport>,
    /// SOMD functions: the extracted body, or why the body has another shape.
    pub somd_body: Option<Result<SomdShape, Blocker>>,
}

/// Why something cannot run on the device.
#[derive(Clone, Debug, PartialEq)]
pub struct Blocker {
    pub reason: BlockReason,
    /// The construct, in words (`printing (System.out/err.print)`).
    pub construct: String,
    pub span: Span,
    /// Calls from the function asked about down to the one holding the construct (empty
    /// when the construct is in that function itself).
    pub chain: Vec<FuncId>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlockReason {
    /// A §3.2 isolation rule.
    NotIsolated,
    /// Recursion (OpenCL C has none).
    Recursion,
    /// A construct the OpenCL writer does not translate.
    Unsupported,
    /// A SOMD body whose shape the writer does not extract.
    Shape,
    /// A loop-carried dependence.
    Dependence,
}

/// One top-level loop of a SOMD body.
#[derive(Clone, Debug)]
pub struct LoopReport {
    pub loop_id: LoopId,
    pub span: Span,
    pub index: Option<LocalId>,
    pub verdict: Result<ParallelLoop, Dependence>,
    /// For a loop whose body is one `for` loop and which is parallel over its own index
    /// only: why the two loops are no 2-D NDRange (`explain` shows it).
    pub flat: Option<Dependence>,
}

/// Why a loop is not parallel.
#[derive(Clone, Debug, PartialEq)]
pub struct Dependence {
    pub what: String,
    pub span: Span,
}

/// A parallel loop (1-D) or perfect nest (2-D).
#[derive(Clone, Debug, PartialEq)]
pub struct ParallelLoop {
    /// Outermost first; NDRange dimension `d` is `dims[d]`.
    pub dims: Vec<LoopDim>,
    /// The loop's (first) reduction accumulator.
    pub reduction: Option<AccReduction>,
    /// Further accumulators of the same loop, in order of their first update: only in a
    /// loop whose accumulators the host folds (`SyncStep::Reduce`), whose kernel reduces
    /// each into its own partials.
    pub also: Vec<AccReduction>,
    /// The locals a 2-D nest's outer body declares before its inner loop (its prelude):
    /// each work-item computes them before its cell. Empty for a perfect nest or a 1-D loop.
    pub prelude: Vec<LocalId>,
    /// Whether evaluating the prelude may fail, with no index proven in range but the
    /// analysis's (`explain` says so; the OpenCL writer decides with its own proofs).
    pub prelude_fails: bool,
}

impl ParallelLoop {
    /// A loop with the accumulators `accs` (the first is [`ParallelLoop::reduction`]).
    pub fn new(dims: Vec<LoopDim>, mut accs: Vec<AccReduction>) -> Self {
        let reduction = (!accs.is_empty()).then(|| accs.remove(0));
        ParallelLoop { dims, reduction, also: accs, prelude: Vec::new(), prelude_fails: false }
    }

    /// Every accumulator, the first one first.
    pub fn reductions(&self) -> impl Iterator<Item = &AccReduction> {
        self.reduction.iter().chain(&self.also)
    }

    /// The element type of each per-work-group partials buffer of the loop's kernel, in
    /// argument order: one per accumulator ([`ParallelLoop::reductions`]), then for each
    /// argument extremum ([`Carried`]) the iterations (`long`) and one per payload.
    pub fn partial_elems(&self) -> Vec<PrimType> {
        let mut out: Vec<PrimType> = self.reductions().map(|r| r.ty).collect();
        for c in self.reductions().filter_map(|r| r.carries.as_ref()) {
            out.push(PrimType::Long);
            out.extend(c.payloads.iter().map(|(_, t)| *t));
        }
        out
    }

    /// The partials slot ([`ParallelLoop::partial_elems`]) of each argument extremum's
    /// iterations, by accumulator position (its payloads follow it).
    pub fn carried_slots(&self) -> Vec<Option<usize>> {
        let mut next = self.reductions().count();
        self.reductions()
            .map(|r| {
                r.carries.as_ref().map(|c| {
                    let at = next;
                    next += 1 + c.payloads.len();
                    at
                })
            })
            .collect()
    }
}

/// One dimension of a parallel loop: `for (index = lo; index < hi; index += step)`.
#[derive(Clone, Debug, PartialEq)]
pub struct LoopDim {
    pub index: LocalId,
    pub lo: SizeExpr,
    pub hi: SizeExpr,
    /// A positive constant; 1 in every dimension of a 2-D nest. Work-item `g` runs
    /// `index = lo + g * step`, so there are `ceil((hi - lo) / step)` of them.
    pub step: i32,
    /// A loop stepping down (`for (i = hi - 1; i >= lo; i -= step)`, 1-D only): iteration
    /// `g` of Java's order is `index = hi - 1 - g * step`. A reduction's work-items run
    /// iterations in that order; an elementwise kernel runs the indices upwards from the
    /// lowest one reached, each keyed by its iteration (`opencl/kernels.rs`).
    pub reversed: bool,
}

impl LoopDim {
    /// Whether the loop runs no more often than an array has elements, give or take 2048
    /// (its end [`SizeExpr::within_length`], its start a constant from -1024 or a
    /// length), or at most 2048 times.
    pub fn within_length(&self) -> bool {
        let from = match &self.lo {
            SizeExpr::Const(c) => *c >= -1024,
            SizeExpr::Len { .. } | SizeExpr::Row { .. } => true,
            _ => false,
        };
        from && self.hi.within_length()
    }

    /// How the loop steps, after its range in `explain`: ``, ` step 3`, ` stepping down`,
    /// ` step 3 stepping down`.
    pub fn step_text(&self) -> String {
        let step = match self.step {
            1 => String::new(),
            step => format!(" step {step}"),
        };
        match self.reversed {
            true => format!("{step} stepping down"),
            false => step,
        }
    }
}

/// A scalar reduction `acc = acc op e` in a parallel loop.
#[derive(Clone, Debug, PartialEq)]
pub struct AccReduction {
    pub acc: LocalId,
    pub op: ReduceOp,
    pub ty: PrimType,
    pub span: Span,
    /// An argument extremum (`if (v > m) { m = v; k = i; }`): the locals its winning
    /// iteration sets besides `m`.
    pub carries: Option<Carried>,
    /// A `float`/`double` `+` whose work-items start at `-0.0`, `+`'s exact identity
    /// (`x + -0.0` is `x` for every `x`, `-0.0` included), rather than `+0.0`: the
    /// accumulator starts at `-0.0`, or its value before the loop is added on the host to
    /// the partials (read after the loop). Java's sum of only negative zeros is then `-0.0`
    /// on the device too. An accumulator starting at `+0.0` keeps `+0.0`, which `+0.0 +
    /// -0.0` gives in Java.
    pub neg_zero: bool,
}

/// The payloads of an argument extremum `if (v > m) { m = v; k = e; }` (a `max`
/// [`AccReduction`] of `m`; `<` for a `min`). Each work-item keeps, besides its `m`, the
/// iteration that last set it (`somd_at`, the flattened iteration number, -1 for none) and
/// the payloads that iteration set; the work-group tree and the host keep the pair of the
/// better value, of equal values the earlier iteration's (`>`) or the later one's (`>=`):
/// exactly the iteration whose assignments Java's sequential loop leaves, since it takes
/// the first (last) iteration reaching the maximum, when that maximum beats `m`'s value
/// before the loop.
#[derive(Clone, Debug, PartialEq)]
pub struct Carried {
    /// The assignment `m = v` (the kernel records the iteration after it).
    pub assign: ExprId,
    /// The locals the winning iteration assigns, with their types, in statement order.
    pub payloads: Vec<(LocalId, PrimType)>,
    /// `>=` / `<=`: of equal values, the last iteration wins (else the first).
    pub later_ties: bool,
}

/// A size computed on the host from arguments: lengths, scalar parameters, constants.
#[derive(Clone, Debug, PartialEq)]
pub enum SizeExpr {
    Const(i64),
    /// An `int` parameter.
    Scalar(LocalId),
    /// Length of dimension `dim` (0-based) of an array parameter.
    Len {
        array: LocalId,
        dim: u8,
    },
    Add(Box<SizeExpr>, Box<SizeExpr>),
    Sub(Box<SizeExpr>, Box<SizeExpr>),
    /// `a * b`, `a / b`, `Math.min(a, b)` and `Math.max(a, b)` on `int`, only in kernel
    /// sizes (`int n = a.length / 2;`, `Math.min(a.length, k)`): the runtime evaluates them
    /// with both operands and the result in `int` range and a divisor other than 0, and
    /// runs the CPU path otherwise (Java's wrapping product, its `ArithmeticException`),
    /// so a kernel that evaluates the same expression in C never overflows or divides by 0.
    Mul(Box<SizeExpr>, Box<SizeExpr>),
    Div(Box<SizeExpr>, Box<SizeExpr>),
    Min(Box<SizeExpr>, Box<SizeExpr>),
    Max(Box<SizeExpr>, Box<SizeExpr>),
    /// `a % b` (a divisor other than 0, and no `Integer.MIN_VALUE % -1`, which C leaves
    /// undefined) and `a >> b` (the count masked to 5 bits), as `Mul` .. in kernel sizes.
    Rem(Box<SizeExpr>, Box<SizeExpr>),
    Shr(Box<SizeExpr>, Box<SizeExpr>),
    /// `a << b` and `a >>> b`: Java's shifts of an `int` (the count masked to 5 bits, `<<`
    /// wrapping), which always have a value, in kernel sizes.
    Shl(Box<SizeExpr>, Box<SizeExpr>),
    UShr(Box<SizeExpr>, Box<SizeExpr>),
    /// An `int` host scalar of a `sync` body (a host loop's index, a local the host assigns
    /// between launches: `for (i = 0; i < n - s; i++)` under `for (s = 1; ..; s *= 2)`), in
    /// the bounds of a loop stepping up by 1 to `<` only. A size reading one is evaluated
    /// at each launch in Java's wrapping `int` arithmetic, by the host and by the kernel
    /// alike ([`SizeExpr::mentions_host`]); its `/` and `%` take a positive constant
    /// divisor only, so neither ever fails.
    Host(LocalId),
    /// A `static final int` field (`name` is `Class.FIELD`): only in the bounds of loops
    /// the host runs ([`SyncStep::Repeat`]), never in a kernel's size.
    Static {
        field: StaticId,
        name: String,
    },
    /// `len`, the length of the rows of an array dimension, read through row `row`
    /// (`m[k].length` is `Row { len: m[0].length, row: k, rows: m.length }`; `c[x][y].length`
    /// a `Row` of a `Row`). Java reads that row, and fails where it does not exist, so the
    /// size exists only for `0 <= row < rows` (runtime `Size::Row`: the CPU path runs
    /// otherwise, and raises Java's exception); then it is `len`, the device's arrays being
    /// rectangular. Only in kernel sizes. The row index never reads a host scalar, so in a
    /// bound that reads one ([`SizeExpr::Host`], evaluated at each launch and never
    /// failing) the host checks the row once, when the call begins (`Size::rows_exist`).
    Row {
        len: Box<SizeExpr>,
        row: Box<SizeExpr>,
        rows: Box<SizeExpr>,
    },
}

impl SizeExpr {
    /// Whether the size is at most an array's length plus a constant (`a.length`,
    /// `m[k].length - 1`, `Math.min(a.length, n)`, a constant up to 1024): a loop to it
    /// runs no more often than an array has elements, or briefly.
    pub fn within_length(&self) -> bool {
        match self {
            SizeExpr::Len { .. } | SizeExpr::Row { .. } => true,
            SizeExpr::Const(c) => *c <= 1024,
            SizeExpr::Add(a, b) => match (a.as_ref(), b.as_ref()) {
                (x, SizeExpr::Const(c)) | (SizeExpr::Const(c), x) => {
                    *c <= 1024 && x.within_length()
                }
                _ => false,
            },
            SizeExpr::Sub(a, b) => {
                a.within_length() && matches!(b.as_ref(), SizeExpr::Const(c) if *c >= -1024)
            }
            SizeExpr::Min(a, b) => a.within_length() || b.within_length(),
            _ => false,
        }
    }

    /// `self + 1`, folded where that gives back a simpler size (`a.length - 1 + 1` is
    /// `a.length`, which the bounds analysis knows). A fold never drops an operation whose
    /// Java value may wrap (`n - 1` of a parameter): the runtime evaluates each operation
    /// only in `int` range, which is how a bound Java wraps reaches the CPU path.
    pub fn plus_one(self) -> SizeExpr {
        self.minus(-1)
    }

    /// `self - c` (`c` may be negative), folded into the constant term where the folded
    /// operation cannot wrap in Java: `a.length - k - c` is `a.length - (k + c)` for `k >= 0`
    /// (a length minus a non-negative `int` is an `int`). Otherwise the operation stays, and
    /// the runtime finds no size where it leaves `int` range (`i + 1 <= n` with `n` =
    /// `Integer.MAX_VALUE` is `n + 1 - 1`, none: Java's sum wraps there).
    pub fn minus(self, c: i64) -> SizeExpr {
        let fits = |k: i64| i32::try_from(k).is_ok();
        match self {
            SizeExpr::Const(k) if fits(k - c) => SizeExpr::Const(k - c),
            SizeExpr::Sub(a, b) => match *b {
                SizeExpr::Const(k)
                    if k >= 0
                        && matches!(*a, SizeExpr::Len { .. } | SizeExpr::Row { .. })
                        && fits(k + c) =>
                {
                    (*a).offset(k + c)
                }
                b => SizeExpr::Sub(a, Box::new(b)).offset(c),
            },
            s => s.offset(c),
        }
    }

    /// `self - c` as an operation of its own (`self` for 0, `self + -c` for a negative `c`).
    fn offset(self, c: i64) -> SizeExpr {
        let constant = |k: i64| Box::new(SizeExpr::Const(k));
        match c {
            0 => self,
            c if c > 0 => SizeExpr::Sub(Box::new(self), constant(c)),
            c => SizeExpr::Add(Box::new(self), constant(-c)),
        }
    }

    /// The operands of a binary size (`Add` .. `Max`).
    pub fn operands(&self) -> Option<(&SizeExpr, &SizeExpr)> {
        match self {
            SizeExpr::Add(a, b)
            | SizeExpr::Sub(a, b)
            | SizeExpr::Mul(a, b)
            | SizeExpr::Div(a, b)
            | SizeExpr::Min(a, b)
            | SizeExpr::Max(a, b)
            | SizeExpr::Rem(a, b)
            | SizeExpr::Shr(a, b)
            | SizeExpr::Shl(a, b)
            | SizeExpr::UShr(a, b) => Some((a, b)),
            _ => None,
        }
    }

    /// The sizes this one is computed from: a binary size's operands, a [`SizeExpr::Row`]'s
    /// length, row and rows.
    pub fn parts(&self) -> Vec<&SizeExpr> {
        match self {
            SizeExpr::Row { len, row, rows } => vec![len, row, rows],
            s => s.operands().map_or_else(Vec::new, |(a, b)| vec![a, b]),
        }
    }

    pub fn mentions(&self, local: LocalId) -> bool {
        match self {
            SizeExpr::Scalar(l) | SizeExpr::Host(l) | SizeExpr::Len { array: l, .. } => *l == local,
            s => s.parts().iter().any(|p| p.mentions(local)),
        }
    }

    /// Whether the size divides (`/`, `%`) by anything but a positive constant: Java may
    /// fail to (by 0), and C with it (`Integer.MIN_VALUE / -1`).
    pub fn divides_by_variable(&self) -> bool {
        match self {
            SizeExpr::Div(_, b) | SizeExpr::Rem(_, b) if !matches!(**b, SizeExpr::Const(c) if c > 0) => {
                true
            }
            s => s.parts().iter().any(|p| p.divides_by_variable()),
        }
    }

    /// Whether Java may fail to compute the size: it divides (`/`, `%`) or reads a row
    /// ([`SizeExpr::Row`]).
    pub fn may_fail(&self) -> bool {
        match self {
            SizeExpr::Div(..) | SizeExpr::Rem(..) | SizeExpr::Row { .. } => true,
            s => s.parts().iter().any(|p| p.may_fail()),
        }
    }

    /// Whether the size reads a host scalar ([`SizeExpr::Host`]): then it is Java's `int`
    /// value of the expression, wrapping, recomputed at each launch.
    pub fn mentions_host(&self) -> bool {
        match self {
            SizeExpr::Host(_) => true,
            s => s.parts().iter().any(|p| p.mentions_host()),
        }
    }

    /// The host scalars the size reads, in order of appearance.
    pub fn hosts(&self, out: &mut Vec<LocalId>) {
        match self {
            SizeExpr::Host(l) if !out.contains(l) => out.push(*l),
            s => {
                for p in s.parts() {
                    p.hosts(out);
                }
            }
        }
    }

    /// The size with each [`SizeExpr::Row`] under `+`, `-` and `Math.min` (the forms the
    /// bounds analysis reads) replaced by its length: its value wherever it exists, and a
    /// launch sized by it happens only there.
    pub fn without_row_checks(&self) -> SizeExpr {
        let both = |a: &SizeExpr, b: &SizeExpr| {
            (Box::new(a.without_row_checks()), Box::new(b.without_row_checks()))
        };
        match self {
            SizeExpr::Row { len, .. } => len.without_row_checks(),
            SizeExpr::Add(a, b) => {
                let (a, b) = both(a, b);
                SizeExpr::Add(a, b)
            }
            SizeExpr::Sub(a, b) => {
                let (a, b) = both(a, b);
                SizeExpr::Sub(a, b)
            }
            SizeExpr::Min(a, b) => {
                let (a, b) = both(a, b);
                SizeExpr::Min(a, b)
            }
            s => s.clone(),
        }
    }

    /// Source-like text (`x.length - 1`), naming locals of `func`.
    pub fn display(&self, func: &Function) -> String {
        match self {
            SizeExpr::Const(v) => v.to_string(),
            SizeExpr::Scalar(l) | SizeExpr::Host(l) => func.local(*l).name.clone(),
            SizeExpr::Static { name, .. } => name.clone(),
            SizeExpr::Len { array, dim: 0 } => format!("{}.length", func.local(*array).name),
            SizeExpr::Len { array, dim } => {
                format!("{}{}.length", func.local(*array).name, "[0]".repeat(*dim as usize))
            }
            SizeExpr::Row { len, row, rows } => {
                // `m[k].length`, `c[x][y].length`: the rows peeled down to the length.
                let mut indices = vec![row.display(func)];
                let mut base = &**len;
                while let SizeExpr::Row { len, row, .. } = base {
                    indices.push(row.display(func));
                    base = len;
                }
                match base {
                    SizeExpr::Len { array, dim } if *dim as usize == indices.len() => {
                        format!("{}[{}].length", func.local(*array).name, indices.join("]["))
                    }
                    _ => format!(
                        "{} (row {} of {})",
                        len.display(func),
                        row.display(func),
                        rows.display(func)
                    ),
                }
            }
            SizeExpr::Add(a, b) => format!("{} + {}", a.term(func), b.term(func)),
            SizeExpr::Sub(a, b) => match **b {
                SizeExpr::Add(..) | SizeExpr::Sub(..) => {
                    format!("{} - ({})", a.term(func), b.display(func))
                }
                _ => format!("{} - {}", a.term(func), b.term(func)),
            },
            SizeExpr::Mul(a, b) => format!("{} * {}", a.factor(func), b.factor(func)),
            SizeExpr::Div(a, b) => match **b {
                SizeExpr::Mul(..) | SizeExpr::Div(..) | SizeExpr::Rem(..) => {
                    format!("{} / ({})", a.factor(func), b.display(func))
                }
                _ => format!("{} / {}", a.factor(func), b.factor(func)),
            },
            SizeExpr::Min(a, b) => format!("Math.min({}, {})", a.display(func), b.display(func)),
            SizeExpr::Max(a, b) => format!("Math.max({}, {})", a.display(func), b.display(func)),
            SizeExpr::Rem(a, b) => match **b {
                SizeExpr::Mul(..) | SizeExpr::Div(..) | SizeExpr::Rem(..) => {
                    format!("{} % ({})", a.factor(func), b.display(func))
                }
                _ => format!("{} % {}", a.factor(func), b.factor(func)),
            },
            SizeExpr::Shr(a, b) => format!("{} >> {}", a.factor(func), b.factor(func)),
            SizeExpr::Shl(a, b) => format!("{} << {}", a.factor(func), b.factor(func)),
            SizeExpr::UShr(a, b) => format!("{} >>> {}", a.factor(func), b.factor(func)),
        }
    }

    /// [`SizeExpr::display`] as an operand of `+` or `-`: a shift (which binds less
    /// tightly) in parentheses.
    fn term(&self, func: &Function) -> String {
        match self {
            SizeExpr::Shr(..) | SizeExpr::Shl(..) | SizeExpr::UShr(..) => {
                format!("({})", self.display(func))
            }
            _ => self.display(func),
        }
    }

    /// [`SizeExpr::display`] as an operand of `*`, `/`, `%` or a shift: a sum, a difference
    /// or a shift in parentheses.
    fn factor(&self, func: &Function) -> String {
        match self {
            SizeExpr::Add(..)
            | SizeExpr::Sub(..)
            | SizeExpr::Shr(..)
            | SizeExpr::Shl(..)
            | SizeExpr::UShr(..) => {
                format!("({})", self.display(func))
            }
            _ => self.display(func),
        }
    }
}

/// The two body shapes the device runs: one parallel loop (one launch per call), or host
/// control flow around `sync` blocks (several kernels, launched by the host).
#[derive(Clone, Debug)]
pub enum SomdShape {
    Loop(SomdBody),
    Sync(SyncBody),
    /// A table filled at computed indices by order-independent updates (one kernel with
    /// per-work-group tables; see [`histogram`]).
    Histogram(HistogramBody),
}

/// A SOMD body whose host-level control flow (counted loops with partition-independent
/// bounds) surrounds `sync` blocks, each holding parallel loops (see note
/// `device-execution`, "Sync loops"). On the device the whole array is one buffer, so a
/// `sync` barrier is the end of a launch: the host runs [`SyncBody::steps`], launching one
/// kernel per parallel loop, with every buffer resident for the whole call.
#[derive(Clone, Debug)]
pub struct SyncBody {
    /// Output arrays `T[] out = new T[dims]`, allocated (zeroed) once by the host.
    pub outputs: Vec<(LocalId, Vec<SizeExpr>)>,
    /// Setup scalars (never changed, initialisers free of array reads and calls),
    /// recomputed by every work-item of every kernel; the last loop's reduction accumulator
    /// among them (at its identity until that loop).
    pub setup: Vec<(LocalId, Option<ExprId>)>,
    /// What the host runs, in order.
    pub steps: Vec<SyncStep>,
    /// The kernels, in source order: [`SyncStep::Launch`] indexes this list.
    pub launches: Vec<SyncLaunch>,
    /// What the call returns: an output array, a parameter array (its device buffer,
    /// assembled: one partition has no halo to drop), the last launch's reduction
    /// accumulator, or nothing.
    pub result: SomdResult,
    /// Host scalars, in declaration order: `sync reduce` targets, locals the host statements
    /// assign, and locals initialised from them or from intermediate reductions. The host
    /// keeps them as Rust locals ([`SyncStep::Host`]); a kernel that reads one receives its
    /// current value as a scalar argument ([`SomdBody::host_values`]).
    pub host_scalars: Vec<LocalId>,
    /// `return e` of an expression of host scalars (one MI: the reduce strategy sees the one
    /// value); then [`SyncBody::result`] is [`SomdResult::None`].
    pub host_result: Option<ExprId>,
    /// The intermediate reduction calls the host statements make, each run as a reduction
    /// kernel over the callee's loop ([`SyncStep::Intermediate`]). Their kernels follow
    /// those of [`SyncBody::launches`]: intermediate `j` is kernel `launches.len() + j`.
    pub intermediates: Vec<SyncIntermediate>,
    /// Array parameters whose contents the call never reads (scratch buffers written before
    /// each read): allocated on the device, not uploaded ([`swap::unread_params`]).
    pub unread: Vec<LocalId>,
}

/// An intermediate reduction call (LANGUAGE.md §2.4) in a statement the host runs. On the
/// device the call is one MI over whole arrays, so the combined value every MI continues
/// with is the callee's result on the whole arrays: its reduction loop runs as one kernel
/// (the callee's code, bound to the caller's buffers), the host combines the partials and
/// folds them into the accumulator's initial value, and the statement reads that value in
/// place of the call.
#[derive(Clone, Debug)]
pub struct SyncIntermediate {
    /// The `ExprKind::IntermediateReduce` expression in the caller.
    pub call: ExprId,
    pub callee: FuncId,
    /// The callee's body as a one-loop body (setup scalars, its reduction loop, `return
    /// acc`), in the callee's arena.
    pub body: SomdBody,
    /// The accumulator's initial value, a constant of its type.
    pub init: Const,
    /// What each callee parameter is bound to, in parameter order.
    pub args: Vec<CalleeArg>,
}

/// The binding of a callee parameter of a [`SyncIntermediate`].
#[derive(Clone, Debug, PartialEq)]
pub enum CalleeArg {
    /// An array parameter of the caller, passed whole (its device buffer).
    Array(LocalId),
    /// A scalar: the caller's argument expression, evaluated by the host before the launch
    /// and passed as a kernel argument.
    Scalar(ExprId),
    /// A scalar parameter of the caller, never reassigned, passed as it is: also one that
    /// `analysis::instance` added (a receiver's field the callee reads), which the caller's
    /// own code never names.
    ScalarParam(LocalId),
}

/// One parallel loop of a [`SyncBody`]: one kernel, launched each time the host reaches it.
#[derive(Clone, Debug)]
pub struct SyncLaunch {
    pub loop_id: LoopId,
    pub parallel: ParallelLoop,
    /// The loop (the position its kernel is headed with).
    pub span: Span,
    /// Indices of the enclosing host loops, outermost first: kernel scalar arguments.
    pub host_indices: Vec<LocalId>,
    /// Host scalars the loop reads (not its own accumulator), in order of first use.
    pub host_values: Vec<LocalId>,
}

/// A step of the host program of a [`SyncBody`].
#[derive(Clone, Debug)]
pub enum SyncStep {
    /// Launch kernel [`SyncBody::launches`]`[k]`.
    Launch(usize),
    /// `for (int index = lo; index < hi; index++) { body }` run by the host (Java `int`
    /// arithmetic: `lo` and `hi` are evaluated as `int`s).
    Repeat { index: LocalId, lo: SizeExpr, hi: SizeExpr, body: Vec<SyncStep> },
    /// Kernel `launch` copies parameter `src` into parameter `dst` over the cells the
    /// launch before it wrote: exchange their buffers instead when the two arrays have the
    /// same shape at the call, launch it otherwise ([`swap`]).
    SwapOrLaunch { launch: usize, dst: LocalId, src: LocalId },
    /// `sync reduce(op) (into) { loop }`: launch reduction kernel
    /// [`SyncBody::launches`]`[launch]`, whose work-items start at the identity of `op`;
    /// the host checks the error buffer, combines the partials with `op`
    /// (`rt::reduce::tree`) and folds them into the host scalar: `into = into op combined`
    /// (one MI: exactly what the block leaves in `into`). Later kernels receive the value.
    Reduce { launch: usize, into: LocalId },
    /// Intermediate reduction [`SyncBody::intermediates`]`[index]`, before the host
    /// statement that makes the call: the host evaluates its scalar arguments, launches the
    /// callee's reduction kernel, checks the error buffer (a failure in the callee's loop is
    /// raised at its site, before the statement), combines the partials with the loop's
    /// operator and folds them into the accumulator's initial value. The statement reads
    /// that value in place of the call.
    Intermediate { index: usize },
    /// A statement the host runs with Java semantics (the CPU writer's code), after checking
    /// the error buffer of the launches before it: the declaration or an assignment of a
    /// host scalar (`norm = Math.sqrt(norm);`, the non-loop form `count = a.length;` of a
    /// `sync reduce` body).
    Host(Stmt),
    /// `if (cond) { then } else { otherwise }` at host level: the host checks the error
    /// buffer of the launches before it (the test may read what they computed, and Java
    /// raises their failure first), runs the intermediate reductions of the test
    /// (`cond_steps`), evaluates `cond` with Java semantics and runs the branch taken.
    If { cond: ExprId, cond_steps: Vec<SyncStep>, then: Vec<SyncStep>, otherwise: Vec<SyncStep> },
    /// A host loop other than a [`SyncStep::Repeat`]: `while (test)`, `do { } while (test)`
    /// (`at_end`), or a `for` whose test reads host scalars (`for (..; it < max && diff >
    /// eps; it++)`, its declaration a host step before this one, its updates `update`).
    /// Before each test the host checks the error buffer (a failed launch leaves values the
    /// test must not see) and runs the test's intermediate reductions (`test_steps`); no
    /// test (`for (;;)`) loops until a [`SyncStep::Break`].
    Loop {
        test: Option<ExprId>,
        test_steps: Vec<SyncStep>,
        at_end: bool,
        body: Vec<SyncStep>,
        update: Vec<SyncStep>,
    },
    /// `break` of the host loop this many loops out (0: the innermost, Java's `break;`; a
    /// labelled `break` may leave an outer one).
    Break(usize),
    /// `continue` of the host loop this many loops out (its updates run next).
    Continue(usize),
    /// `T[] x = new T[..]` under host control flow: output `x` starts over zero-filled,
    /// Java's fresh array (its buffer is allocated once, when the call begins; its size
    /// reads no host scalar).
    Fresh(LocalId),
    /// A `return` under host control flow (`if (diff < eps) return next;` in a convergence
    /// loop, a guard before the first launch): the host checks the launches before it,
    /// ends the call as the body's last `return` would and returns from the method.
    Return(SyncReturn),
}

/// What a [`SyncStep::Return`] gives back.
#[derive(Clone, Debug, PartialEq)]
pub enum SyncReturn {
    /// `return;` of a `void` method.
    Nothing,
    /// An array parameter, from its device buffer.
    Param(LocalId),
    /// An output array.
    Output(LocalId),
    /// A primitive value of host scalars, computed by the host (Java semantics) and
    /// combined by the method's reduce strategy as the one MI's result.
    Value(ExprId),
}

impl SyncStep {
    /// The lists of steps this one holds, in host-program order: a `Repeat`'s body; an
    /// `if`'s test steps and branches; a loop's test steps, body and updates.
    pub fn nested(&self) -> Vec<&[SyncStep]> {
        match self {
            SyncStep::Repeat { body, .. } => vec![body],
            SyncStep::If { cond_steps, then, otherwise, .. } => vec![cond_steps, then, otherwise],
            SyncStep::Loop { test_steps, body, update, .. } => vec![test_steps, body, update],
            _ => Vec::new(),
        }
    }
}

/// The [`SyncStep::Return`]s of `steps`, at any depth.
pub fn early_returns(steps: &[SyncStep]) -> Vec<&SyncReturn> {
    let mut out = Vec::new();
    for step in steps {
        if let SyncStep::Return(r) = step {
            out.push(r);
        }
        out.extend(step.nested().into_iter().flat_map(early_returns));
    }
    out
}

/// A one-line outline of host-program steps (`launch 0; repeat { reduce 1; host }`), for
/// tests and debugging.
pub fn outline(func: &Function, steps: &[SyncStep]) -> String {
    let parts: Vec<String> = steps
        .iter()
        .map(|s| match s {
            SyncStep::Launch(k) => format!("launch {k}"),
            SyncStep::Reduce { launch, .. } => format!("reduce {launch}"),
            SyncStep::Intermediate { index } => format!("intermediate {index}"),
            SyncStep::Host(_) => "host".to_string(),
            SyncStep::Repeat { body, .. } => format!("repeat {{ {} }}", outline(func, body)),
            SyncStep::SwapOrLaunch { launch, dst, src } => format!(
                "exchange {} {} or launch {launch}",
                func.local(*dst).name,
                func.local(*src).name
            ),
            SyncStep::If { cond_steps, then, otherwise, .. } => {
                let mut text = String::new();
                if !cond_steps.is_empty() {
                    text.push_str(&format!("{}; ", outline(func, cond_steps)));
                }
                text.push_str(&format!("if {{ {} }}", outline(func, then)));
                if !otherwise.is_empty() {
                    text.push_str(&format!(" else {{ {} }}", outline(func, otherwise)));
                }
                text
            }
            SyncStep::Loop { test, test_steps, at_end, body, update } => {
                let tested = match (test, test_steps.is_empty()) {
                    (None, _) => String::new(),
                    (Some(_), true) => "test".to_string(),
                    (Some(_), false) => format!("{}; test", outline(func, test_steps)),
                };
                let mut inner = outline(func, body);
                if !update.is_empty() {
                    inner = format!("{inner}; update {}", outline(func, update));
                }
                match at_end {
                    false => format!("while {tested} {{ {inner} }}"),
                    true => format!("do {{ {inner} }} while {tested}"),
                }
            }
            SyncStep::Break(n) => format!("break {n}"),
            SyncStep::Continue(n) => format!("continue {n}"),
            SyncStep::Return(_) => "return".to_string(),
            SyncStep::Fresh(l) => format!("fresh {}", func.local(*l).name),
        })
        .collect();
    parts.join("; ")
}

/// The body of a SOMD function as the writer extracts it.
#[derive(Clone, Debug)]
pub struct SomdBody {
    /// Output arrays `T[] out = new T[dims]`, allocated (zeroed) by the host.
    pub outputs: Vec<(LocalId, Vec<SizeExpr>)>,
    /// Setup scalars, recomputed by every work-item before the loop.
    pub setup: Vec<(LocalId, Option<ExprId>)>,
    /// The parallel loop (for 2-D, the outer loop of the nest).
    pub loop_id: LoopId,
    pub parallel: ParallelLoop,
    pub result: SomdResult,
    /// Indices of host loops around this loop (kernels of a [`SyncBody`]): each is a kernel
    /// scalar argument named like the index. Empty for a one-loop body.
    pub host_indices: Vec<LocalId>,
    /// Host scalars of a [`SyncBody`] that the loop reads: `const T` kernel arguments named
    /// like the local, set per launch from the host's current values. Empty for a one-loop
    /// body.
    pub host_values: Vec<LocalId>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SomdResult {
    None,
    /// An output array, assembled.
    Output(LocalId),
    /// A parameter array that the body updates (sync bodies): its device buffer, downloaded.
    Param(LocalId),
    /// The loop's reduction accumulator.
    Accumulator(LocalId),
}

/// What a placement is about.
#[derive(Clone, Debug, PartialEq)]
pub enum Subject {
    SomdMethod(FuncId),
    /// A `@` expression in function `in_func`.
    Map {
        in_func: FuncId,
        expr: ExprId,
    },
    /// A `!` expression.
    Reduce {
        in_func: FuncId,
        expr: ExprId,
    },
    /// A `task` expression.
    Task {
        in_func: FuncId,
        expr: ExprId,
    },
}

impl Subject {
    /// The function the subject is, or is in.
    pub fn func(&self) -> FuncId {
        match self {
            Subject::SomdMethod(f) => *f,
            Subject::Map { in_func, .. }
            | Subject::Reduce { in_func, .. }
            | Subject::Task { in_func, .. } => *in_func,
        }
    }
}

/// Where a SOMD method, `@`, `!` or task runs.
#[derive(Clone, Debug)]
pub struct Placement {
    pub subject: Subject,
    /// `SOMD method Saxpy.saxpy`, `@ Saxpy.axpy`, `+ !`, `task NBody.computeForces`.
    pub label: String,
    pub span: Span,
    pub device: Result<DevicePlan, Blocker>,
}

/// How an eligible subject runs on the device.
#[derive(Clone, Debug)]
pub struct DevicePlan {
    /// Indices into [`ProgramInfo::kernels`] (empty for a runtime reduction or when fused).
    pub kernels: Vec<usize>,
    /// How it is parallelised, in words.
    pub how: String,
    pub needs_fp64: bool,
    /// The `dist` parameters whose user strategy the one device partition ignores
    /// (LANGUAGE.md §2.2): `explain` lists them, the driver warns at each (W0303).
    pub warnings: Vec<IgnoredStrategy>,
}

/// A `dist` parameter whose user partitioning strategy a device ignores.
#[derive(Clone, Debug)]
pub struct IgnoredStrategy {
    /// The parameter's name.
    pub param: String,
    /// Where it is declared.
    pub span: Span,
}

/// One kernel to generate.
#[derive(Clone, Debug)]
pub struct KernelPlan {
    /// The OpenCL kernel name (unique in the program).
    pub name: String,
    /// The function whose code the kernel runs (SOMD body, `@` target, `!` method, worker).
    pub func: FuncId,
    pub kind: KernelKind,
    /// The source construct (method or expression).
    pub span: Span,
    pub needs_fp64: bool,
}

#[derive(Clone, Debug)]
pub enum KernelKind {
    /// A SOMD body: one work-item per iteration of its parallel loop.
    SomdLoop(SomdBody),
    /// `C @ f(args)`: one work-item per element; `result` per element.
    Map { args: Vec<MapArgPlan>, elem: Type },
    /// `op ! (C @ f(args))`: map fused into a per-work-group reduction.
    MapReduce { args: Vec<MapArgPlan>, op: ReduceOp, elem: PrimType },
    /// `C.m ! array`: each work-item folds a contiguous chunk sequentially with `m`.
    /// `range`: the array is `Somd.range(n)`, whose element `k` the kernel reads as `k`
    /// (no buffer).
    FoldFunc { elem: Type, range: bool },
    /// An isolated filter task: one work-item per item of a batch.
    Filter { input: Type, output: Type },
    /// A histogram SOMD body: work-groups update tables of their own with atomics, the host
    /// folds the groups' tables.
    Histogram(HistogramBody),
    /// The reduction loop of an intermediate reduction method ([`SyncIntermediate`]; the
    /// plan's `func` is the callee) in the host program of a SOMD body: one work-item per
    /// iteration, partials per work-group. `params[i]` binds callee parameter `i`: `Some(p)`
    /// the caller's array parameter `p` (its buffer), `None` a scalar the host passes per
    /// launch (host values, in parameter order).
    Intermediate { body: SomdBody, params: Vec<Option<usize>> },
    /// Consecutive host statements run as one kernel ([`fuse`]): `args` are those of the
    /// `@` the kernel maps (the producer's, or the reductions' common ones); with a
    /// `producer` (its function and element type) each work-item computes and stores its
    /// element and every reduction function reads that value; without, every reduction
    /// function reads `args`. One partial array per reduction, in order.
    FusedMapReduce {
        args: Vec<MapArgPlan>,
        producer: Option<(FuncId, Type)>,
        reductions: Vec<(FuncId, ReduceOp, PrimType)>,
        /// The `@` computed inline for the producer's mapped argument `slot` ([`mapfuse`]):
        /// its function and arguments, which follow `args` in the host's argument list.
        inline: Option<(usize, FuncId, Vec<MapArgPlan>)>,
    },
    /// A `@` whose mapped argument `slot` is computed per element by the producer `@`'s
    /// function ([`mapfuse`]): `args` and `elem` are the consumer's (the plan's `func`);
    /// the producer's arguments follow the consumer's in the host's argument list.
    FusedMap {
        args: Vec<MapArgPlan>,
        elem: Type,
        slot: usize,
        producer: FuncId,
        producer_args: Vec<MapArgPlan>,
    },
}

/// One argument of a `@` kernel.
#[derive(Clone, Debug)]
pub struct MapArgPlan {
    pub mode: MapArg,
    /// The callee parameter type (element type for mapped arguments).
    pub ty: Type,
    /// A mapped primitive argument whose elements are of another primitive type (Java's
    /// widening in a call: `f(long)` over an `int[[]]` or a `Somd.range`): the kernel reads
    /// elements of this type (the host uploads the array as it is) and converts each one.
    pub from: Option<PrimType>,
    /// A mapped `Somd.range(n)` written at the site: element `i` is `i`, so the kernel reads
    /// the work-item's index and nothing crosses for it (the host still checks its length
    /// against the other mapped arguments').
    pub range: bool,
}

/// The `!`s, `@`s and SOMD calls that never run on a device: the `!`s folded in the
/// work-item, and the `@`s, `!`s and calls of SOMD methods whose placement is the CPU's.
/// Passing an array to them keeps nothing on a device (`keep.rs`).
fn host_only_constructs(module: &Module, info: &ProgramInfo) -> Vec<(FuncId, ExprId)> {
    let mut out = info.array_folds.clone();
    let mut cpu_methods = std::collections::HashSet::new();
    for p in info.placements.iter().filter(|p| p.device.is_err()) {
        match p.subject {
            Subject::SomdMethod(f) => {
                cpu_methods.insert(f);
            }
            Subject::Map { in_func, expr } | Subject::Reduce { in_func, expr } => {
                out.push((in_func, expr))
            }
            Subject::Task { .. } => {}
        }
    }
    for (i, func) in module.functions.iter().enumerate() {
        for (k, expr) in func.exprs.iter().enumerate() {
            if matches!(expr.kind, ExprKind::SomdCall { func: callee, .. } if cpu_methods.contains(&callee))
            {
                out.push((FuncId(i as u32), ExprId(k as u32)));
            }
        }
    }
    out
}

/// Runs every analysis.
pub fn analyze(module: &Module) -> ProgramInfo {
    analyze_lifted(module, None)
}

/// The program analysed as the device sees it: instance SOMD methods static, with the
/// receiver's fields as parameters (`instance::lift_fields`; the ids are the original's),
/// and that copy with what it lifted when there is one.
pub fn analyze_for_device(module: &Module) -> (Option<(Module, instance::Lifted)>, ProgramInfo) {
    let lifted = instance::lift_fields(module);
    let info = match &lifted {
        Some((copy, l)) => analyze_lifted(copy, Some(l)),
        None => analyze(module),
    };
    (lifted, info)
}

/// [`analyze`] of the copy `instance::lift_fields` made, whose instance SOMD methods take
/// the receiver's fields as parameters, with what it `lifted` (which fields each reads and
/// writes: a host loop may keep the arrays of the fields a call only reads).
pub fn analyze_lifted(module: &Module, lifted: Option<&instance::Lifted>) -> ProgramInfo {
    let eligibility = isolation::eligibility(module);
    let fp64 = plan::fp64_table(module);
    let mut functions: Vec<FuncInfo> = eligibility
        .into_iter()
        .zip(fp64)
        .map(|(device, needs_fp64)| FuncInfo {
            device,
            needs_fp64,
            loops: Vec::new(),
            somd_body: None,
        })
        .collect();
    for (i, func) in module.functions.iter().enumerate() {
        if func.is_somd() {
            let (loops, body) = parallel::analyze_somd(module, func);
            functions[i].loops = loops;
            functions[i].somd_body = Some(body);
        }
    }
    let mut info = ProgramInfo { functions, ..ProgramInfo::default() };
    plan::plan(module, &mut info);
    let host_only = host_only_constructs(module, &info);
    info.kept = keep::kept_loops(module, &host_only, lifted);
    info.kept_regions = keep::kept_regions(module, &info.kept, &host_only, lifted);
    info.rows = rows::row_loops(module, &info);
    info.lazy = lazy::lazy_locals(module, &info);
    info
}
