//! Emission of OpenCL C text: types, expressions, statements, helper functions and the
//! kernel shapes of [`KernelKind`]. Names come from [`Namer`] before any text is written.

use super::keywords::is_reserved;
use super::layout::layout_of;
use super::*;
use somd_diag::{SourceMap, Span};
use somd_mir::analysis::isolation::{self, packed_of, vector_of, vector_rows};
use somd_mir::analysis::loopcheck::{self, IndexRange, LoopChecks};
use somd_mir::analysis::{plan, walk, LoopDim, ProgramInfo, SizeExpr};
use somd_mir::*;
use somd_syntax::ast::{PrimType, ReduceOp};
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::fmt::Write as _;

pub(super) type R<T> = Result<T, EmitError>;

pub(super) fn bug(message: impl Into<String>) -> EmitError {
    EmitError { message: message.into() }
}

/// Writes every planned kernel.
pub fn write_kernels(
    module: &Module,
    info: &ProgramInfo,
    sources: &SourceMap,
    options: &ClOptions,
) -> Result<KernelSet, EmitError> {
    let mut w = Writer {
        module,
        info,
        sources,
        options: *options,
        sites: Vec::new(),
        site_ids: HashMap::new(),
        fn_names: HashMap::new(),
        class_names: Vec::new(),
        staged_fns: BTreeSet::new(),
        held_scope: None,
        narrow: HashMap::new(),
        narrow_roots: BTreeMap::new(),
        staged_narrow: BTreeSet::new(),
        variants: BTreeMap::new(),
        taken_names: info.kernels.iter().flat_map(|k| plan::kernel_names(&k.name)).collect(),
        statics: device_statics(module, info),
        array_fold_seq: 0,
        rows_variant: false,
    };
    w.name_classes();
    w.name_functions();
    w.plan_narrow();
    let mut set = KernelSet::default();
    let mut helpers_all: BTreeSet<FuncId> = BTreeSet::new();
    let mut texts = Vec::new();
    for plan in &info.kernels {
        match w.kernel(plan) {
            Ok(Some((mut manifest, text, helpers))) => {
                let fields = w.kernel_statics(plan.func, &helpers);
                for arg in &mut manifest.args {
                    if let ArgSource::Statics(list) = &mut arg.source {
                        list.clone_from(&fields);
                    }
                }
                helpers_all.extend(helpers.iter().copied());
                texts.push((manifest, text, helpers));
            }
            Ok(None) => {}
            Err(e) => set.skipped.push((plan.name.clone(), e.message)),
        }
    }
    // The shared body: pragma, narrow element types, structs, helpers (callees first),
    // kernels.
    let mut body = String::new();
    if !options.fast_math {
        body.push_str("#pragma OPENCL FP_CONTRACT OFF\n");
    }
    let narrow_defaults = w.narrow_defaults();
    body.push_str(&narrow_defaults);
    body.push_str(&w.structs()?);
    let mut ordered = w.helper_order(&helpers_all);
    let failed = w.discover_variants(&ordered);
    if !failed.is_empty() {
        // A helper the writer cannot write costs only the kernels calling it (the host runs
        // those constructs on the CPU), as a kernel it cannot write does.
        texts.retain(|(manifest, _, helpers)| {
            let Some((f, err)) = helpers.iter().find_map(|f| failed.get(f).map(|e| (*f, e))) else {
                return true;
            };
            let name = &w.module.function(f).name;
            set.skipped.push((manifest.name.clone(), format!("helper `{name}`: {}", err.message)));
            false
        });
        helpers_all = texts.iter().flat_map(|(_, _, helpers)| helpers.iter().copied()).collect();
        ordered = w.helper_order(&helpers_all);
        w.variants.retain(|f, _| helpers_all.contains(f));
    }
    for f in &ordered {
        body.push_str(&w.helper_and_variants(*f)?);
    }
    for (manifest, text, helpers) in texts {
        body.push_str(&fp64_guard(manifest.needs_fp64, &text));
        let mut standalone = w.header(&manifest);
        if !options.fast_math {
            standalone.push_str("#pragma OPENCL FP_CONTRACT OFF\n");
        }
        if manifest.needs_fp64 {
            standalone.push_str("#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n");
        }
        standalone.push_str(&narrow_defaults);
        standalone.push_str(&w.structs()?);
        for f in w.helper_order(&helpers) {
            standalone.push_str(&w.helper_and_variants(f)?);
        }
        standalone.push_str(&text);
        let mut manifest = manifest;
        manifest.standalone = standalone;
        set.kernels.push(manifest);
    }
    set.layouts = w.layouts();
    set.statics = w.statics.clone();
    set.body = body;
    set.sites = w.sites;
    Ok(set)
}

/// The `static final` fields functions the device may run read, which reach kernels in the
/// program's statics buffer (`somd_runtime::device::statics`), in the buffer's order.
fn device_statics(module: &Module, info: &ProgramInfo) -> Vec<StaticId> {
    let mut found = BTreeSet::new();
    for (k, func) in module.functions.iter().enumerate() {
        if info.functions.get(k).is_some_and(|f| f.device.is_ok()) {
            found.extend(somd_mir::analysis::isolation::device_static_reads(module, func));
        }
    }
    found.into_iter().collect()
}

pub(super) fn fp64_guard(needs: bool, text: &str) -> String {
    if needs {
        format!("#ifdef SOMD_HAS_FP64\n{text}#endif /* SOMD_HAS_FP64 */\n\n")
    } else {
        format!("{text}\n")
    }
}

pub(super) struct Writer<'a> {
    pub(super) module: &'a Module,
    pub(super) info: &'a ProgramInfo,
    pub(super) sources: &'a SourceMap,
    pub(super) options: ClOptions,
    pub(super) sites: Vec<SiteInfo>,
    pub(super) site_ids: HashMap<(u32, u32, &'static str), u32>,
    pub(super) fn_names: HashMap<FuncId, String>,
    /// The C type of each class (`Writer::name_classes`).
    pub(super) class_names: Vec<String>,
    /// Names of the staged-row variants written so far (`nested.rs`, "Staged rows"): each
    /// is written once, before its first caller.
    pub(super) staged_fns: BTreeSet<String>,
    /// While a fold holding rows in registers writes its target (`nested.rs`): the fold's
    /// name without `somd_fold_`, which ends the names of the held variants it needs, and
    /// the names written so far. A fold is written once per program text (with the
    /// function holding it), so its held variants are written with it, before it.
    pub(super) held_scope: Option<(String, BTreeSet<String>)>,
    /// Parameters that may hold a narrow `int` value array (`somd_mir::analysis::narrow`):
    /// the build option macro naming their element type (`int` unless defined).
    pub(super) narrow: HashMap<(FuncId, LocalId), String>,
    /// Per `@` argument (function, parameter index): its macro, or why it stays `int`.
    pub(super) narrow_roots: BTreeMap<(FuncId, usize), Result<String, &'static str>>,
    /// The macros of the narrow flows whose rows a kernel stages (`sad.rs`): they also get
    /// the staged type and index macros.
    pub(super) staged_narrow: BTreeSet<String>,
    /// The private variants of helpers that calls passing private arrays name (`_pr<mask>`,
    /// `FnCx::private_params`): per helper, the sets of parameters taking private arrays.
    /// Each is written right after its helper, in every program text holding the helper.
    pub(super) variants: BTreeMap<FuncId, BTreeSet<BTreeSet<LocalId>>>,
    /// The names of the program's functions, kernels (with the names derived from them)
    /// and types, which variants' and locals' names avoid.
    pub(super) taken_names: HashSet<String>,
    /// The static fields in the program's statics buffer, by field number
    /// ([`device_statics`]); when there are any, every kernel takes the buffer.
    pub(super) statics: Vec<StaticId>,
    /// Fold functions of `!`s over arrays written so far (`nested.rs`, `array_fold`): the
    /// number that makes each one's name unique, also where two variants of one helper hold
    /// the same `!` in one program text.
    pub(super) array_fold_seq: u32,
    /// Writing the rows variant of a lanes-form SOMD kernel (`strips.rs`): the kernel's
    /// arguments, with the one-work-item body.
    pub(super) rows_variant: bool,
}

/// Names of one function's locals, and how arrays are bound.
pub(super) struct FnCx<'a> {
    pub(super) func: &'a Function,
    pub(super) names: Vec<String>,
    /// Rank of array locals bound to buffers.
    pub(super) arrays: HashMap<LocalId, u8>,
    /// Value-class constructor: `this` is `self`.
    pub(super) ctor: bool,
    pub(super) sites: BTreeSet<u32>,
    /// In a histogram kernel: how its table updates are written.
    pub(super) hist: Option<super::histogram::HistCx>,
    /// `Index` expressions whose index is proven in range (`analysis::bounds`): written
    /// without `SOMD_INDEX`.
    pub(super) proven: BTreeSet<ExprId>,
    /// Integer `/` and `%` by a loop index that a test before the loop found to be 1 or
    /// more (`LoopChecks::divisors`): written as C's operators, with no check.
    pub(super) safe_divisions: BTreeSet<ExprId>,
    /// While writing a tiled loop (`tile.rs`): its broadcast array, whose `a[j]` reads
    /// the local tile.
    pub(super) tile: Option<LocalId>,
    /// While writing a cell staged in blocks (`blocks.rs`): its staged element reads and
    /// the local-memory element each reads.
    pub(super) blocks: HashMap<ExprId, String>,
    /// `Math.sin`/`Math.cos` calls computed by a `sincos` before their statement: the
    /// variable holding each one's value.
    pub(super) sincos: HashMap<ExprId, String>,
    /// Tests of counted loops that run at most 1024 times (`walk::constant_trips`), where
    /// a stop guard (`Writer::stop_guard`) would never fire, or no more often than an array
    /// has elements (`walk::length_bounded`), as they would without a failure.
    pub(super) bounded_loops: HashSet<ExprId>,
    /// Values computed at the top of a histogram body before its table updates
    /// (`histogram.rs`, `hoist_update_values`): the variable holding each one.
    pub(super) hoisted: HashMap<ExprId, String>,
    /// Element reads served by a vector load: the flag saying the load happened and the
    /// vector lane holding the element.
    pub(super) vloads: HashMap<ExprId, (String, String)>,
    /// How many vector stores the function has written (names their temporaries).
    pub(super) vstores: usize,
    /// The `!`s of a `@` in the function (`analysis::nested`), folded in the work-item.
    pub(super) folds: Vec<somd_mir::analysis::nested::NestedFold>,
    /// The fold functions those `!`s call (`nested.rs`), written before the function.
    pub(super) fold_fns: Vec<(String, String)>,
    /// Writing the work-group variant of a `@`'s function for kernel `.0` (`nested.rs`):
    /// its folds run across the work-items of the group, in `__local` memory
    /// `somd_scratch`, and their functions' names end in `_.0`.
    pub(super) lanes: Option<String>,
    /// With `lanes`: writing the slices variant `<kernel>_slices` instead (`nested.rs`,
    /// "Slices of the inner range"): its fold folds only slice `somd_s` of `somd_ns` of the
    /// inner range, in the work-item, and returns that slice's result.
    pub(super) slices: bool,
    /// Row parameters held in `__local` memory by a staged slices form for kernel `.1`
    /// (`nested.rs`, "Staged rows"): declared `__local`, element `i` read at `i *
    /// get_local_size(0)` (the rows of a group are interleaved), and passed to the
    /// variants `<f>_st<mask>_<kernel>` of the callees that take them.
    pub(super) staged: BTreeSet<LocalId>,
    pub(super) stage_kernel: Option<String>,
    /// Row parameters whose first groups of 16 bytes a fold holds in registers (`sad.rs`,
    /// "Rows held in registers"): besides the row, each takes `<p>_h0` .. `<p>_h3`
    /// (`uchar16`), which its SAD loops read, and passes them on to the callees' variants
    /// `<f>_h<mask>..` with the row.
    pub(super) held: BTreeSet<LocalId>,
    /// Locals of array type that point into a parameter's or an output's buffer
    /// (`somd_mir::analysis::alias`):
    /// declared `__global T *name` with `int name_len0`.
    pub(super) aliases: HashMap<LocalId, somd_mir::analysis::alias::ArrayAlias>,
    /// Writing the whole-vector path of a widened elementwise kernel (`kernels.rs`): its
    /// loop index and, per array, the private array holding the work-item's elements, so
    /// that `a[i]` is element `somd_k` of it.
    pub(super) widened: Option<(LocalId, HashMap<LocalId, String>)>,
    /// Parameters that may hold a narrow `int` value array: their element type macro
    /// (`Writer::narrow`); every read widens to `int`, and nothing writes them.
    pub(super) narrow: HashMap<LocalId, String>,
    /// Statements written after the statement of an expression: the iteration an argument
    /// extremum records after its assignment (`kernels.rs`, `somd_at`).
    pub(super) after: HashMap<ExprId, String>,
    /// Small fresh arrays of the work-item (`somd_mir::analysis::private`): declared `T
    /// name[n]` with `const int name_len0 = n`, so elements and lengths read like a
    /// buffer's.
    pub(super) privates: HashMap<LocalId, somd_mir::analysis::private::PrivateArray>,
    /// Writing a private variant of a helper (`Writer::variants`): the parameters that
    /// take a caller's private array, declared `__private`.
    pub(super) private_params: BTreeSet<LocalId>,
    /// The labelled statements being written, innermost last, each with the C label its
    /// jumps use (`somd_jN`: `_next` ends a loop's body, `_done` follows the statement).
    /// Numbered per function, so a body written twice (loop versioning) has labels of its
    /// own each time.
    pub(super) labels: Vec<(LabelId, String)>,
    pub(super) label_count: u32,
    /// In a SOMD kernel: the label of the parallel loop whose iteration a work-item runs
    /// (the inner loop of a 2-D nest), so that `continue label` ends the iteration.
    pub(super) iteration_label: Option<LabelId>,
    /// The rows (array, indices) of the element accesses whose next index is being written:
    /// `(m, [r])` while writing `c` of `m[r][c]`, `(v, [x])` and `(v, [x, y])` while writing
    /// `y` and `z` of `v[x][y][z]`. Java has read (and checked) those rows first, so a
    /// length read through one of them (`m[r].length`) is not checked again: a second check
    /// could record its failure first, C leaving the order of operands open.
    pub(super) rows_read: Vec<(RowBase, Vec<ExprId>)>,
    /// Temporaries holding the parts of expressions that Java evaluates in order and C
    /// leaves unsequenced (`order.rs`): C type and name (`somd_evN`, numbered per function),
    /// declared before the statement being written ([`Writer::stmt`]).
    pub(super) temps: Vec<(String, String)>,
    pub(super) temp_count: u32,
    /// Accesses whose index a temporary holds, already checked (`order.rs`): written
    /// without a second check.
    pub(super) checked: BTreeSet<ExprId>,
    /// How many statements are being written: expressions are ordered only inside one,
    /// which declares their temporaries.
    pub(super) stmt_depth: u32,
    /// How many loops written in two copies under a test of their accesses' ranges
    /// (`Writer::loop_versions`) surround the statement being written.
    pub(super) copies: u32,
    /// Accesses that a test of loop versioning around the statement being written found
    /// possibly out of range (its checked copy): no loop copies itself for them again.
    pub(super) untestable: BTreeSet<ExprId>,
}

/// How many loops written in two copies (`Writer::loop_versions`) may surround one that
/// is copied too: each doubles what it holds.
pub(super) const MAX_COPIES: u32 = 3;

/// `base + k * unit` in `long` (`None` for a constant offset `k`): `((long)(j) - 1L)`,
/// `(long)(i) * w_len1 + (j) + (long)w_len1`.
fn offset_text(base: &str, k: i64, unit: Option<&str>) -> String {
    let sign = if k < 0 { "-" } else { "+" };
    match (k.unsigned_abs(), unit) {
        (m, None) => format!("({base} {sign} {m}L)"),
        (1, Some(unit)) => format!("{base} {sign} {unit}"),
        (m, Some(unit)) => format!("{base} {sign} {m}L * {unit}"),
    }
}

/// The tests of [`Writer::loop_test`] as [`Writer::range_tests`] gathers them.
struct RangeTests {
    /// The loop's number among the function's temporaries.
    n: u32,
    /// Declarations of the variables the tests read.
    vars: Vec<String>,
    /// Each sum of terms once: (its text, the variable holding it).
    sums: Vec<(String, String)>,
    tests: Vec<String>,
}

/// The parts of a loop statement (`Stmt::Loop`).
#[derive(Clone, Copy)]
struct LoopShape<'b> {
    label: Option<LabelId>,
    test: Option<ExprId>,
    test_at_end: bool,
    body: &'b Block,
    update: &'b [ExprId],
}

/// A `for` loop's text as [`Writer::loop_text`] writes it: its level, its update
/// expressions and its body.
struct Written<'t> {
    level: Level,
    steps: &'t str,
    inner: &'t str,
}

impl FnCx<'_> {
    /// Whether array local `a` has its lengths in `<name>_len<d>` for every dimension: a
    /// buffer, an alias into one, or a private array.
    pub(super) fn has_lengths(&self, a: LocalId) -> bool {
        (self.arrays.contains_key(&a)
            || self.aliases.contains_key(&a)
            || self.privates.contains_key(&a))
            && self.tile != Some(a)
    }
}

/// Whether loop text `text` holds barriers, or calls the work-group folds of the lanes
/// form's variant ("Across a work-group" in `nested.rs`), which do: the work-items of a
/// group must reach them together.
fn holds_barriers(cx: &FnCx, text: &str) -> bool {
    text.contains("barrier(") || (cx.lanes.is_some() && !cx.slices && text.contains("somd_fold_"))
}

/// The C label of the innermost labelled statement `l` being written.
fn label_of(cx: &FnCx, l: LabelId) -> R<String> {
    cx.labels
        .iter()
        .rev()
        .find(|(x, _)| *x == l)
        .map(|(_, name)| name.clone())
        .ok_or_else(|| bug("a jump to a label outside the code being written"))
}

/// Whether the row of array `m` at indices `rows` (`m[r]`, `v[x][y]`) is one of the rows
/// read ahead of the index being written (`FnCx::rows_read`): the same array, and indices of
/// the same value (`walk::same_value`: no effects, and the index being written has none
/// either, `Writer::after_rows`, so the row read then is the same row).
fn row_read(cx: &FnCx, m: RowBase, rows: &[ExprId]) -> bool {
    let same = |a: ExprId, b: ExprId| somd_mir::analysis::walk::same_value(cx.func, a, b);
    cx.rows_read.iter().any(|(n, q)| {
        *n == m && q.len() >= rows.len() && rows.iter().zip(q).all(|(a, b)| same(*a, *b))
    })
}

/// The array whose rows `FnCx::rows_read` holds: a local or a static table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum RowBase {
    Local(LocalId),
    Static(somd_mir::StaticId),
}

/// `a[i]` on the whole-vector path of a widened kernel (`FnCx::widened`): element
/// `somd_k` of `a`'s private array.
fn widened_element(cx: &FnCx, array: ExprId, index: ExprId) -> Option<String> {
    let (i, arrays) = cx.widened.as_ref()?;
    match (&cx.func.expr(array).kind, &cx.func.expr(index).kind) {
        (ExprKind::Local(a), ExprKind::Local(j)) if j == i => {
            arrays.get(a).map(|w| format!("{w}[somd_k]"))
        }
        _ => None,
    }
}

/// Per statement of `block`: the root expressions of its straight-line statements
/// (declarations, expression statements, `return`: evaluated whenever the block runs to
/// them) and the locals the statement may assign. A statement with control flow has no
/// roots and may assign every local, so nothing computed ahead spans it.
fn straight_line(func: &Function, block: &Block) -> Vec<(Vec<ExprId>, Vec<LocalId>)> {
    use somd_mir::analysis::walk;
    let mut out = Vec::new();
    for stmt in &block.stmts {
        let mut assigned = Vec::new();
        let roots: Vec<ExprId> = match stmt {
            Stmt::Let { local, init } => {
                assigned.push(*local);
                init.iter().copied().collect()
            }
            Stmt::Expr(e) | Stmt::Return(Some(e)) => vec![*e],
            _ => Vec::new(),
        };
        if roots.is_empty() {
            assigned.extend((0..func.locals.len()).map(|i| LocalId(i as u32)));
        }
        for root in &roots {
            walk::each_expr(func, *root, &mut |e| match &func.expr(e).kind {
                ExprKind::Assign { target, .. }
                | ExprKind::CompoundAssign { target, .. }
                | ExprKind::IncDec { target, .. } => {
                    if let ExprKind::Local(l) = func.expr(*target).kind {
                        assigned.push(l);
                    }
                }
                _ => {}
            });
        }
        out.push((roots, assigned));
    }
    out
}

/// Reads `a[b + c]` of one read-only 1-D buffer `a` for every `c` in `0..width` (`width` 2,
/// 4, 8 or 16), `b` an unchanged local, in statements of one block.
struct VectorGroup {
    /// The statement before which the vector is loaded (the first with such a read).
    first: usize,
    array: LocalId,
    base: LocalId,
    width: u32,
    /// The OpenCL element type.
    elem: &'static str,
    /// Each read with its offset `c`.
    reads: Vec<(ExprId, u32)>,
}

/// The groups of reads of `block`'s own statements (declarations, expression statements
/// and `return`) that one vector load can serve: `a` is a buffer the function never writes
/// nor passes to a call, its elements numeric, and `b` is not assigned from the first
/// read's statement to the last one's. (Like Crypt's eight bytes of a block, or CP's four
/// floats of an atom.)
fn vector_groups(cx: &FnCx, block: &Block) -> Vec<VectorGroup> {
    use somd_mir::analysis::walk;
    let func = cx.func;
    // Arrays written, or passed to calls, anywhere in the function.
    let mut unsafe_arrays = std::collections::HashSet::new();
    let mut targets = std::collections::HashSet::new();
    walk::each_expr_in_block(func, &func.body, &mut |e| match &func.expr(e).kind {
        ExprKind::Assign { target, .. }
        | ExprKind::CompoundAssign { target, .. }
        | ExprKind::IncDec { target, .. } => {
            targets.insert(*target);
            let mut root = *target;
            while let ExprKind::Index { array, .. } = func.expr(root).kind {
                root = array;
            }
            if let ExprKind::Local(l) = func.expr(root).kind {
                unsafe_arrays.insert(l);
            }
        }
        ExprKind::Call { args, .. } | ExprKind::New { args, .. } => {
            for a in args {
                if let ExprKind::Local(l) = func.expr(*a).kind {
                    unsafe_arrays.insert(l);
                }
            }
        }
        _ => {}
    });
    // An array local and its source are the same memory: neither is vector-loaded.
    for (l, alias) in &cx.aliases {
        unsafe_arrays.insert(*l);
        unsafe_arrays.insert(alias.base);
    }
    // (statement, read, array, base, offset)
    let mut reads: Vec<(usize, ExprId, LocalId, LocalId, u32)> = Vec::new();
    let statements = straight_line(func, block);
    for (k, (roots, _)) in statements.iter().enumerate() {
        for root in roots {
            walk::each_expr(func, *root, &mut |e| match &func.expr(e).kind {
                ExprKind::Index { array, index } if !targets.contains(&e) => {
                    let ExprKind::Local(a) = func.expr(*array).kind else { return };
                    if cx.arrays.get(&a) != Some(&1) || cx.tile == Some(a) || cx.staged.contains(&a)
                    {
                        return;
                    }
                    let (base, offset) = match &func.expr(*index).kind {
                        ExprKind::Local(b) => (*b, 0),
                        ExprKind::Binary { op, lhs, rhs } if op.kind == BinOpKind::Add => {
                            match (&func.expr(*lhs).kind, &func.expr(*rhs).kind) {
                                (ExprKind::Local(b), ExprKind::Const(Const::Int(c)))
                                    if (1..16).contains(c) =>
                                {
                                    (*b, *c as u32)
                                }
                                _ => return,
                            }
                        }
                        _ => return,
                    };
                    reads.push((k, e, a, base, offset));
                }
                _ => {}
            });
        }
    }
    let mut keys: Vec<(LocalId, LocalId)> = reads.iter().map(|r| (r.2, r.3)).collect();
    keys.sort();
    keys.dedup();
    let mut groups = Vec::new();
    for (array, base) in keys {
        if unsafe_arrays.contains(&array) {
            continue;
        }
        let Some((elem, rank)) = somd_mir::analysis::isolation::array_elem(&func.local(array).ty)
        else {
            continue;
        };
        let elem = match (elem, rank) {
            (Type::Prim(p), 1) if *p != PrimType::Boolean => prim_storage(*p),
            _ => continue,
        };
        let mine: Vec<&(usize, ExprId, LocalId, LocalId, u32)> =
            reads.iter().filter(|r| (r.2, r.3) == (array, base)).collect();
        let top = mine.iter().map(|r| r.4).max().unwrap_or(0) + 1;
        let width = top.next_power_of_two();
        let complete = (0..top).all(|c| mine.iter().any(|r| r.4 == c));
        if !complete || top != width || !matches!(width, 2 | 4 | 8 | 16) {
            continue;
        }
        let first = mine.iter().map(|r| r.0).min().unwrap_or(0);
        let last = mine.iter().map(|r| r.0).max().unwrap_or(0);
        if statements[first..=last].iter().any(|(_, assigned)| assigned.contains(&base)) {
            continue;
        }
        let reads = mine.iter().map(|r| (r.1, r.4)).collect();
        groups.push(VectorGroup { first, array, base, width, elem, reads });
    }
    groups
}

/// Stores `a[b + c] = v` of one 1-D buffer `a` for every `c` in `0..width` (`width` 2, 4, 8
/// or 16), each an expression statement of one block, `b` an unchanged local.
struct StoreGroup {
    /// The statement of the first store and of the last one.
    first: usize,
    last: usize,
    array: LocalId,
    base: LocalId,
    width: u32,
    /// The OpenCL element type.
    elem: &'static str,
    /// Per store statement: its assignment and its offset `c`.
    stores: HashMap<usize, (ExprId, u32)>,
}

/// Whether evaluating `root` may record a failure (an exception)
/// ([`somd_mir::analysis::walk::may_fail`]): an array access not proven in range (none
/// when `unchecked`), an integer division by anything but a non-zero constant, a call.
pub(super) fn may_fail(cx: &FnCx, unchecked: bool, root: ExprId) -> bool {
    may_fail_calling(cx, unchecked, root, &|_| false)
}

/// [`may_fail`], where a call of a function for which `pure_call` holds cannot fail.
pub(super) fn may_fail_calling(
    cx: &FnCx,
    unchecked: bool,
    root: ExprId,
    pure_call: &dyn Fn(FuncId) -> bool,
) -> bool {
    // A vector's lane at a constant in range is a component (`Writer::lane`).
    let lane = |e: ExprId| match cx.func.expr(e).kind {
        ExprKind::Index { array, index } => {
            match (vector_of(&cx.func.expr(array).ty), &cx.func.expr(index).kind) {
                (Some((_, n)), ExprKind::Const(Const::Int(k))) => (0..n as i32).contains(k),
                _ => false,
            }
        }
        _ => false,
    };
    let in_range = |e: ExprId| unchecked || cx.proven.contains(&e) || lane(e);
    somd_mir::analysis::walk::may_fail(cx.func, root, &in_range, pure_call)
}

/// Whether `root` reads or writes an element of a 1-D or 2-D buffer whose element type is
/// `elem` (any such buffer may be the same memory as another of its type).
fn touches_elem(cx: &FnCx, root: ExprId, elem: &Type) -> bool {
    use somd_mir::analysis::walk;
    let func = cx.func;
    let mut touches = false;
    walk::each_expr(func, root, &mut |e| {
        if let ExprKind::Index { array, .. } = &func.expr(e).kind {
            let mut a = *array;
            while let ExprKind::Index { array, .. } = func.expr(a).kind {
                a = array;
            }
            if let ExprKind::Local(l) = func.expr(a).kind {
                let same = somd_mir::analysis::isolation::array_elem(&func.local(l).ty)
                    .is_some_and(|(t, _)| t == elem);
                touches |= same && (cx.arrays.contains_key(&l) || cx.aliases.contains_key(&l));
            }
        }
    });
    touches
}

/// The groups of stores of `block` that one vector store can do: expression statements
/// `a[b + c] = v` (plain assignments) for every `c` in `0..C`, once each, into a 1-D buffer
/// `a` of numbers, such that doing the stores after the last one's statement, all at once
/// when `0 <= b <= a.length - C` and else one by one in order, is what Java does:
/// - `b` is not assigned from the first store's statement to the last one's;
/// - the statements from the first store's to the last one's are declarations and
///   expression statements (no control flow), and nothing in them after the first
///   store's value can fail: then a failing store is still the first failure, reported at
///   its own site, and the values are computed in their own order;
/// - nothing in them after the first store's value reads or writes an element of `a`, or
///   of any buffer of `a`'s element type (which may be the same memory), so deferring the
///   stores changes no value read.
///
/// (Like Crypt's eight bytes of a block, written back as one `vstore8`.)
fn store_groups(cx: &FnCx, unchecked: bool, block: &Block) -> Vec<StoreGroup> {
    let func = cx.func;
    // (statement, assignment, array, base, offset)
    let mut stores: Vec<(usize, ExprId, LocalId, LocalId, u32)> = Vec::new();
    for (k, stmt) in block.stmts.iter().enumerate() {
        let Stmt::Expr(e) = stmt else { continue };
        if cx.hist.as_ref().is_some_and(|h| h.updates.contains(e)) {
            continue;
        }
        let ExprKind::Assign { target, .. } = &func.expr(*e).kind else { continue };
        let ExprKind::Index { array, index } = &func.expr(*target).kind else { continue };
        let ExprKind::Local(a) = func.expr(*array).kind else { continue };
        if cx.arrays.get(&a) != Some(&1) || cx.tile == Some(a) {
            continue;
        }
        let (base, offset) = match &func.expr(*index).kind {
            ExprKind::Local(b) => (*b, 0),
            ExprKind::Binary { op, lhs, rhs } if op.kind == BinOpKind::Add => {
                match (&func.expr(*lhs).kind, &func.expr(*rhs).kind) {
                    (ExprKind::Local(b), ExprKind::Const(Const::Int(c))) if (1..16).contains(c) => {
                        (*b, *c as u32)
                    }
                    _ => continue,
                }
            }
            _ => continue,
        };
        stores.push((k, *e, a, base, offset));
    }
    let mut keys: Vec<(LocalId, LocalId)> = stores.iter().map(|s| (s.2, s.3)).collect();
    keys.sort();
    keys.dedup();
    let statements = straight_line(func, block);
    let mut groups: Vec<StoreGroup> = Vec::new();
    for (array, base) in keys {
        let Some((elem_ty, 1)) = somd_mir::analysis::isolation::array_elem(&func.local(array).ty)
        else {
            continue;
        };
        let elem = match elem_ty {
            Type::Prim(p) if *p != PrimType::Boolean => prim_storage(*p),
            _ => continue,
        };
        let mine: Vec<&(usize, ExprId, LocalId, LocalId, u32)> =
            stores.iter().filter(|s| (s.2, s.3) == (array, base)).collect();
        let top = mine.iter().map(|s| s.4).max().unwrap_or(0) + 1;
        let once = (0..top).all(|c| mine.iter().filter(|s| s.4 == c).count() == 1);
        if !once || !top.is_power_of_two() || !matches!(top, 2 | 4 | 8 | 16) {
            continue;
        }
        let first = mine.iter().map(|s| s.0).min().unwrap_or(0);
        let last = mine.iter().map(|s| s.0).max().unwrap_or(0);
        if statements[first..=last].iter().any(|(_, assigned)| assigned.contains(&base)) {
            continue;
        }
        // What runs after the first store's value: its store, then the later statements
        // up to the last store (of the group's own stores, only their values).
        let mut after: Vec<ExprId> = Vec::new();
        let mut straight = true;
        for (k, (roots, _)) in statements.iter().enumerate().take(last + 1).skip(first + 1) {
            straight &= !roots.is_empty();
            match mine.iter().find(|s| s.0 == k).map(|s| &func.expr(s.1).kind) {
                Some(ExprKind::Assign { value, .. }) => after.push(*value),
                _ => after.extend(roots.iter().copied()),
            }
        }
        let typed = mine.iter().all(|s| {
            matches!(&func.expr(s.1).kind, ExprKind::Assign { value, .. }
                if func.expr(*value).ty == *elem_ty)
        });
        let overlaps = groups.iter().any(|g| g.first <= last && first <= g.last);
        if !straight
            || !typed
            || overlaps
            || after.iter().any(|r| may_fail(cx, unchecked, *r) || touches_elem(cx, *r, elem_ty))
        {
            continue;
        }
        let stores = mine.iter().map(|s| (s.0, (s.1, s.4))).collect();
        groups.push(StoreGroup { first, last, array, base, width: top, elem, stores });
    }
    groups
}

/// `Math.sin(x)` and `Math.cos(x)` (double) of one local `x` in statements of one block.
struct SinCos {
    /// The statement before which `sincos` is computed (the first of the two).
    first: usize,
    sin: ExprId,
    cos: ExprId,
    /// The argument (`x`, or a conversion of `x`).
    arg: ExprId,
}

/// The pairs of `Math.sin`/`Math.cos` calls of `block`'s own statements (declarations,
/// expression statements and `return`: evaluated whenever the block runs to them) whose arguments are
/// the same local, or the same conversion of it, not assigned from the first call's
/// statement to the second's. Computing both at the first statement gives the values the
/// two calls give (the calls are pure and cannot fail).
fn sincos_pairs(func: &Function, block: &Block) -> Vec<SinCos> {
    use somd_mir::analysis::walk;
    // (statement, call, is sin, argument local, whether converted, argument)
    let mut calls: Vec<(usize, ExprId, bool, LocalId, bool, ExprId)> = Vec::new();
    let statements = straight_line(func, block);
    for (k, (roots, _)) in statements.iter().enumerate() {
        for root in roots {
            walk::each_expr(func, *root, &mut |e| match &func.expr(e).kind {
                ExprKind::Builtin { builtin: Builtin::Math(m, PrimType::Double), args }
                    if matches!(m, MathFn::Sin | MathFn::Cos) && args.len() == 1 =>
                {
                    let arg = args[0];
                    let (local, converted) = match &func.expr(arg).kind {
                        ExprKind::Local(l) => (Some(*l), false),
                        ExprKind::Convert { operand } => match func.expr(*operand).kind {
                            ExprKind::Local(l) => (Some(l), true),
                            _ => (None, false),
                        },
                        _ => (None, false),
                    };
                    if let Some(l) = local {
                        calls.push((k, e, *m == MathFn::Sin, l, converted, arg));
                    }
                }
                _ => {}
            });
        }
    }
    let mut pairs = Vec::new();
    let mut used = std::collections::HashSet::new();
    for (i, a) in calls.iter().enumerate() {
        for b in &calls[i + 1..] {
            if used.contains(&a.1) || used.contains(&b.1) || a.2 == b.2 || (a.3, a.4) != (b.3, b.4)
            {
                continue;
            }
            // Same source type when converted (a `float` or an `int` local).
            if a.4 && func.expr(a.5).ty != func.expr(b.5).ty {
                continue;
            }
            // `x` unchanged from the first call to the second: assignments in the first
            // statement could precede or follow its call, so it must not assign `x`.
            if statements[a.0..=b.0].iter().any(|(_, assigned)| assigned.contains(&a.3)) {
                continue;
            }
            let (sin, cos) = if a.2 { (a.1, b.1) } else { (b.1, a.1) };
            pairs.push(SinCos { first: a.0, sin, cos, arg: a.5 });
            used.insert(a.1);
            used.insert(b.1);
        }
    }
    pairs
}

fn sanitize(name: &str) -> String {
    plan::c_identifier(name)
}

/// The C name of a field named `name`: with `_f` appended while it is reserved (`kernel`,
/// `INT_MAX`) or ends like a name the writer derives from an array field (`w_len0`, which a
/// holder's field `w` brings).
pub(super) fn field_c(name: &str) -> String {
    let mut s = unreserved(sanitize(name), "_f");
    while is_reserved(&s) || is_array_derived(&s) {
        s.push_str("_f");
    }
    s
}

/// `name`, or when it is reserved, `name` with `suffix` (`kernel_f`), or when a suffix cannot
/// free it (a reserved prefix: `half_x`, `_Util`), that with an `x` in front too: no reserved
/// name starts with `x`, so appending suffixes to the result never makes one reserved by
/// its prefix.
fn unreserved(name: String, suffix: &str) -> String {
    if !is_reserved(&name) {
        return name;
    }
    let with = format!("{name}{suffix}");
    if is_reserved(&with) {
        format!("x{with}")
    } else {
        with
    }
}

/// The C names of `class`'s fields, in order: [`field_c`] of each, with `_` appended while
/// an earlier field has that name (`a$b` and `a_b`; `_` makes no name reserved or derived).
pub(super) fn field_cs(class: &somd_mir::Class) -> Vec<String> {
    let mut seen = HashSet::new();
    class
        .fields
        .iter()
        .map(|f| {
            let mut name = field_c(&f.name);
            while !seen.insert(name.clone()) {
                name.push('_');
            }
            name
        })
        .collect()
}

/// Whether `name` may be the name of a variant the writer gives a function of `taken`
/// (`<f>_pr<mask>`, `<f>_st<mask>_<kernel>`, `<f>_h<mask>..`), which it names only while
/// writing calls: a local of that name would hide it.
fn is_variant_name(name: &str, taken: &HashSet<String>) -> bool {
    ["_pr", "_st", "_h"].iter().any(|tag| {
        name.match_indices(tag).any(|(at, _)| {
            taken.contains(&name[..at])
                && name[at + tag.len()..].starts_with(|c: char| c.is_ascii_hexdigit())
        })
    })
}

/// Whether `name` ends like a name the writer derives from an array's: a dimension's length
/// (`a_len0`), offset (`a_off1`) or global length (`a_glen0`).
fn is_array_derived(name: &str) -> bool {
    ["_len", "_off", "_glen"].iter().any(|suffix| {
        name.rsplit_once(suffix).is_some_and(|(head, digits)| {
            !head.is_empty() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
        })
    })
}

impl<'a> FnCx<'a> {
    /// The context of `func`, its locals named apart from each other, from OpenCL C's and
    /// the writer's names, from the names the writer derives from arrays (`a_len0`, `a_off1`,
    /// `a_glen0`) and from the program's functions, kernels and types (`taken`).
    pub(super) fn new(func: &'a Function, taken: &HashSet<String>) -> FnCx<'a> {
        // A renamed local (`kernel_4` for `kernel`) must not take the name of another
        // local that keeps its own (`kernel_4`).
        let natural: HashSet<String> = func.locals.iter().map(|l| sanitize(&l.name)).collect();
        let mut seen = HashSet::new();
        let names = func
            .locals
            .iter()
            .enumerate()
            .map(|(i, l)| {
                let base = sanitize(&l.name);
                let keep = l.kind != LocalKind::Temp
                    && !is_reserved(&base)
                    && !taken.contains(&base)
                    && !is_variant_name(&base, taken)
                    && !is_array_derived(&base)
                    && !seen.contains(&base);
                let name = if keep {
                    base
                } else {
                    let mut name = format!("{base}_{i}");
                    // A reserved prefix (`somd_`, `get_`, ..) or a function's variant
                    // (`Main_tally_pr1_3`): no suffix frees it, a prefix does (each `l_`
                    // makes the name longer than more of the finitely many functions).
                    while is_reserved(&name) || is_variant_name(&name, taken) {
                        name = format!("l_{name}");
                    }
                    // Appending `_` makes no name reserved or a variant's.
                    while natural.contains(&name)
                        || seen.contains(&name)
                        || taken.contains(&name)
                        || is_array_derived(&name)
                    {
                        name.push('_');
                    }
                    name
                };
                seen.insert(name.clone());
                name
            })
            .collect();
        let mut arrays = HashMap::new();
        for p in &func.params {
            let ty = &func.local(*p).ty;
            if let Some((_, rank)) = somd_mir::analysis::isolation::array_dims(ty) {
                // A `T[[N]]` held as a vector is a value, not a buffer.
                if vector_of(ty).is_none() {
                    arrays.insert(*p, rank);
                }
            }
        }
        FnCx {
            func,
            names,
            arrays,
            ctor: func.kind == FuncKind::Ctor,
            sites: BTreeSet::new(),
            hist: None,
            proven: BTreeSet::new(),
            safe_divisions: BTreeSet::new(),
            tile: None,
            blocks: HashMap::new(),
            sincos: HashMap::new(),
            bounded_loops: HashSet::new(),
            hoisted: HashMap::new(),
            vloads: HashMap::new(),
            vstores: 0,
            folds: if func.is_somd() {
                Vec::new()
            } else {
                somd_mir::analysis::nested::nested_folds(func)
            },
            fold_fns: Vec::new(),
            lanes: None,
            slices: false,
            staged: BTreeSet::new(),
            held: BTreeSet::new(),
            narrow: HashMap::new(),
            stage_kernel: None,
            aliases: somd_mir::analysis::alias::kernel_aliases(func),
            widened: None,
            after: HashMap::new(),
            privates: somd_mir::analysis::private::private_arrays(func),
            private_params: BTreeSet::new(),
            labels: Vec::new(),
            label_count: 0,
            iteration_label: None,
            rows_read: Vec::new(),
            temps: Vec::new(),
            temp_count: 0,
            checked: BTreeSet::new(),
            stmt_depth: 0,
            copies: 0,
            untestable: BTreeSet::new(),
        }
    }

    /// The context of a whole function written as a helper: its accesses proven in range
    /// from its own loops and conditions.
    pub(super) fn helper(func: &'a Function, taken: &HashSet<String>) -> FnCx<'a> {
        let mut cx = FnCx::new(func, taken);
        cx.proven = somd_mir::analysis::bounds::proven_in_bounds(func, &func.body, &[], &[]);
        cx
    }

    /// Whether local `l` holds a private array: its own (`privates`) or one it was passed
    /// (`private_params`).
    pub(super) fn holds_private(&self, l: LocalId) -> bool {
        self.privates.contains_key(&l) || self.private_params.contains(&l)
    }

    pub(super) fn name(&self, l: LocalId) -> &str {
        self.names.get(l.0 as usize).map_or("somd_bad_local", |s| s.as_str())
    }
}

pub(super) fn prim_c(p: PrimType) -> &'static str {
    match p {
        PrimType::Boolean => "bool",
        PrimType::Byte => "char",
        PrimType::Short => "short",
        PrimType::Char => "ushort",
        PrimType::Int => "int",
        PrimType::Long => "long",
        PrimType::Float => "float",
        PrimType::Double => "double",
    }
}

/// The OpenCL vector type `TN` of a `T[[N]]` that kernel code holds as a vector
/// ([`vector_of`]): `float4`, `int2`, `double8`, `char16` (`byte`), `ushort4` (`char`).
pub(super) fn vector_c(p: PrimType, n: u32) -> String {
    format!("{}{n}", prim_c(p))
}

/// The struct kernel code holds a packed `T[[N]]` result in ([`packed_of`]): `N` lanes of
/// the storage type, the bytes of one packed row (`somd_arr_float3`).
pub(super) fn packed_c(p: PrimType, n: u32) -> String {
    format!("somd_arr_{}{n}", prim_c(p))
}

/// The `typedef` of [`packed_c`]`(p, n)` (under the fp64 guard for `double`).
pub(super) fn packed_typedef(p: PrimType, n: u32) -> String {
    let text =
        format!("typedef struct {{\n    {} s[{n}];\n}} {};\n\n", prim_storage(p), packed_c(p, n));
    if p == PrimType::Double {
        fp64_guard(true, &text)
    } else {
        text
    }
}

pub(super) fn prim_storage(p: PrimType) -> &'static str {
    if p == PrimType::Boolean {
        "uchar"
    } else {
        prim_c(p)
    }
}

fn float_lit(v: f32) -> String {
    if v.is_nan() {
        "as_float(0x7fc00000u)".into()
    } else if v.is_infinite() {
        if v > 0.0 {
            "INFINITY".into()
        } else {
            "(-INFINITY)".into()
        }
    } else {
        let s = format!("{v:?}");
        let s = if s.contains(['.', 'e']) { s } else { format!("{s}.0") };
        format!("{s}f")
    }
}

fn double_lit(v: f64) -> String {
    if v.is_nan() {
        "as_double(0x7ff8000000000000UL)".into()
    } else if v.is_infinite() {
        if v > 0.0 {
            "((double)INFINITY)".into()
        } else {
            "((double)-INFINITY)".into()
        }
    } else {
        let s = format!("{v:?}");
        if s.contains(['.', 'e']) {
            s
        } else {
            format!("{s}.0")
        }
    }
}

pub(super) fn const_c(c: &Const) -> R<String> {
    Ok(match c {
        Const::Bool(b) => if *b { "true" } else { "false" }.into(),
        Const::Byte(v) => format!("((char){v})"),
        Const::Short(v) => format!("((short){v})"),
        Const::Char(v) => format!("((ushort){v})"),
        Const::Int(i32::MIN) => "(-2147483647 - 1)".into(),
        Const::Int(v) => v.to_string(),
        Const::Long(i64::MIN) => "(-9223372036854775807L - 1L)".into(),
        Const::Long(v) => format!("{v}L"),
        Const::Float(v) => float_lit(*v),
        Const::Double(v) => double_lit(*v),
        Const::Str(_) | Const::Null => return Err(bug("string or null constant in a kernel")),
    })
}

/// Java conversion between primitive types.
pub(super) fn convert(text: &str, from: PrimType, to: PrimType) -> String {
    use PrimType::*;
    if from == to {
        return text.to_string();
    }
    // To int first where Java narrows through int.
    let to_int = |t: &str| -> String {
        match from {
            Long => format!("somd_l2i({t})"),
            Float => format!("somd_f2i({t})"),
            Double => format!("somd_d2i({t})"),
            Boolean => format!("((int)({t}))"),
            _ => format!("((int)({t}))"),
        }
    };
    match to {
        Int => to_int(text),
        Byte => format!("((char)somd_i2b({}))", to_int(text)),
        Short => format!("((short)somd_i2s({}))", to_int(text)),
        Char => format!("((ushort)somd_i2c({}))", to_int(text)),
        Long => match from {
            Float => format!("somd_f2l({text})"),
            Double => format!("somd_d2l({text})"),
            // `convert_long`, not a cast: NVIDIA's OpenCL compiler (H100 and H200) turned
            // the sum of cast `int` products in a `long` sum into an `int` sum that it then
            // widened, dropping the carry Java keeps (`r * 31 + nb + nc * 7 + ni * 11 + ..`
            // with `ni * 11` near `Integer.MAX_VALUE`: 2^32 less than Java's; differential-
            // fuzz program 11520, `bench/gpu/s114mul3.py`); `convert_long` kept the sum.
            // It also keeps an `int` that wraps in a loop of known trip count exact once
            // widened: with a cast, or as `((ulong)(uint)x ^ 2^31) - 2^31`, the compiler
            // stepped the widened value as a 64-bit induction variable, which does not wrap
            // (`bench/gpu/s118lsum.py`, `s119wide.py`; `device_wrap_widen` on the H100).
            _ => format!("convert_long({text})"),
        },
        Float => format!("((float)({text}))"),
        Double => format!("((double)({text}))"),
        Boolean => format!("(({text}) != 0)"),
    }
}

fn int_fn(p: PrimType, int: &str, long: &str) -> Option<String> {
    match p {
        PrimType::Int => Some(int.to_string()),
        PrimType::Long => Some(long.to_string()),
        _ => None,
    }
}

pub(super) fn reduce_combine(op: ReduceOp, p: PrimType, a: &str, b: &str) -> R<String> {
    use ReduceOp::*;
    // A `byte`, `short` or `char` combines as Java's `(short) (a + b)`: in `int`, then
    // narrowed (a narrowed sum, product or bitwise fold depends only on the low bits, and
    // the extremum of two narrow values is one of them).
    if matches!(p, PrimType::Byte | PrimType::Short | PrimType::Char) {
        let wide = reduce_combine(op, PrimType::Int, a, b)?;
        return Ok(convert(&wide, PrimType::Int, p));
    }
    let float = matches!(p, PrimType::Float | PrimType::Double);
    Ok(match op {
        Add | Mul => {
            let sym = if op == Add { "+" } else { "*" };
            if float {
                format!("({a} {sym} {b})")
            } else {
                let f =
                    if op == Add { ("somd_iadd", "somd_ladd") } else { ("somd_imul", "somd_lmul") };
                let name =
                    int_fn(p, f.0, f.1).ok_or_else(|| bug("reduction over a narrow type"))?;
                format!("{name}({a}, {b})")
            }
        }
        Min | Max => {
            let name = match (op, p) {
                (Min, PrimType::Int) => "somd_imin",
                (Min, PrimType::Long) => "somd_lmin",
                (Min, PrimType::Float) => "somd_fmin",
                (Min, PrimType::Double) => "somd_dmin",
                (Max, PrimType::Int) => "somd_imax",
                (Max, PrimType::Long) => "somd_lmax",
                (Max, PrimType::Float) => "somd_fmax",
                (Max, PrimType::Double) => "somd_dmax",
                _ => return Err(bug("min/max reduction over a narrow type")),
            };
            format!("{name}({a}, {b})")
        }
        BitAnd => format!("({a} & {b})"),
        BitOr => format!("({a} | {b})"),
        BitXor => format!("({a} ^ {b})"),
        And => format!("({a} && {b})"),
        Or => format!("({a} || {b})"),
        Sub => return Err(bug("`-` is not a tree reduction")),
    })
}

pub(super) fn identity(op: ReduceOp, p: PrimType) -> R<String> {
    use ReduceOp::*;
    let c = match (op, p) {
        (Add | BitOr | BitXor, PrimType::Float) => Const::Float(0.0),
        (Add | BitOr | BitXor, PrimType::Double) => Const::Double(0.0),
        (Add | BitOr | BitXor, PrimType::Long) => Const::Long(0),
        (Add | BitOr | BitXor, PrimType::Int) => Const::Int(0),
        (Mul, PrimType::Float) => Const::Float(1.0),
        (Mul, PrimType::Double) => Const::Double(1.0),
        (Mul, PrimType::Long) => Const::Long(1),
        (Mul, PrimType::Int) => Const::Int(1),
        (BitAnd, PrimType::Long) => Const::Long(-1),
        (BitAnd, PrimType::Int) => Const::Int(-1),
        (BitAnd | And, PrimType::Boolean) => Const::Bool(true),
        (BitOr | BitXor | Or, PrimType::Boolean) => Const::Bool(false),
        (Min, PrimType::Int) => Const::Int(i32::MAX),
        (Min, PrimType::Long) => Const::Long(i64::MAX),
        (Min, PrimType::Float) => Const::Float(f32::INFINITY),
        (Min, PrimType::Double) => Const::Double(f64::INFINITY),
        (Max, PrimType::Int) => Const::Int(i32::MIN),
        (Max, PrimType::Long) => Const::Long(i64::MIN),
        (Max, PrimType::Float) => Const::Float(f32::NEG_INFINITY),
        (Max, PrimType::Double) => Const::Double(f64::NEG_INFINITY),
        (Add | BitOr | BitXor, PrimType::Byte) => Const::Byte(0),
        (Add | BitOr | BitXor, PrimType::Short) => Const::Short(0),
        (Add | BitOr | BitXor, PrimType::Char) => Const::Char(0),
        (Mul, PrimType::Byte) => Const::Byte(1),
        (Mul, PrimType::Short) => Const::Short(1),
        (Mul, PrimType::Char) => Const::Char(1),
        (BitAnd | Max, PrimType::Byte) => Const::Byte(if op == Max { i8::MIN } else { -1 }),
        (BitAnd | Max, PrimType::Short) => Const::Short(if op == Max { i16::MIN } else { -1 }),
        (BitAnd | Min, PrimType::Char) => Const::Char(u16::MAX),
        (Min, PrimType::Byte) => Const::Byte(i8::MAX),
        (Min, PrimType::Short) => Const::Short(i16::MAX),
        (Max, PrimType::Char) => Const::Char(0),
        _ => return Err(bug(format!("no identity for `{}` over {}", op.symbol(), prim_c(p)))),
    };
    const_c(&c)
}

impl<'a> Writer<'a> {
    /// Decides which `@` arguments may be stored narrow (`somd_mir::analysis::narrow`) and
    /// names the macro of each flow: `SOMD_ELEM_<function>_<k>`.
    pub(super) fn plan_narrow(&mut self) {
        let roots = somd_mir::analysis::narrow::roots(self.module);
        for ((f, k), flow) in somd_mir::analysis::narrow::plan(self.module, &roots) {
            let result = flow.map(|flow| {
                let name = format!("SOMD_ELEM_{}_{k}", self.fn_name(f));
                for entry in flow {
                    self.narrow.insert(entry, name.clone());
                }
                name
            });
            self.narrow_roots.insert((f, k), result);
        }
    }

    /// The narrow parameters of function `f` and their macros.
    pub(super) fn narrow_of(&self, f: FuncId) -> HashMap<LocalId, String> {
        let func = self.module.function(f);
        func.params
            .iter()
            .filter_map(|p| self.narrow.get(&(f, *p)).map(|m| (*p, m.clone())))
            .collect()
    }

    /// `#define`s of every narrow element type macro to `int`, unless the build options
    /// define it (the runtime's narrow variants).
    pub(super) fn narrow_defaults(&self) -> String {
        let macros: BTreeSet<&String> = self.narrow_roots.values().flatten().collect();
        macros
            .into_iter()
            .map(|m| {
                let staged = if self.staged_narrow.contains(m) {
                    super::sad::stage_defaults(m)
                } else {
                    String::new()
                };
                format!("#ifndef {m}\n#define {m} int\n#endif\n{staged}")
            })
            .collect()
    }

    /// Names every function of the module: `Class_method` (`plan::program_identifier`), or
    /// `Class_method_f<index>` when that is another function's name, a kernel's or one the
    /// writer derives from a kernel's (`plan::kernel_names`).
    pub(super) fn name_functions(&mut self) {
        for (i, f) in self.module.functions.iter().enumerate() {
            let base = plan::program_identifier(&f.name.replace('.', "_").replace(['<', '>'], ""));
            let mut name = base.clone();
            let mut n = 0;
            while self.taken_names.contains(&name) {
                name = if n == 0 { format!("{base}_f{i}") } else { format!("{base}_f{i}_{n}") };
                n += 1;
            }
            self.taken_names.insert(name.clone());
            self.fn_names.insert(FuncId(i as u32), name);
        }
    }

    pub(super) fn fn_name(&self, f: FuncId) -> String {
        self.fn_names.get(&f).cloned().unwrap_or_else(|| format!("somd_f{}", f.0))
    }

    pub(super) fn class_c(&self, c: ClassId) -> String {
        self.class_names.get(c.0 as usize).cloned().unwrap_or_else(|| format!("somd_class{}", c.0))
    }

    /// Names every class's C type: its name, with `_t` appended while that is reserved, a
    /// kernel's (or derived from one) or another class's (`uint` is `uint_t`, and `A$B`
    /// and `A_B` are `A_B` and `A_B_t`).
    fn name_classes(&mut self) {
        for class in &self.module.classes {
            let mut name = unreserved(sanitize(&class.name), "_t");
            while self.taken_names.contains(&name) || is_reserved(&name) {
                name.push_str("_t");
            }
            self.taken_names.insert(name.clone());
            self.class_names.push(name);
        }
    }

    /// Private (local variable, parameter, return) type.
    pub(super) fn ty(&self, ty: &Type) -> R<String> {
        match ty {
            Type::Prim(p) => Ok(prim_c(*p).into()),
            Type::Object(c) => Ok(self.class_c(*c)),
            Type::Void => Ok("void".into()),
            other => match (vector_of(other), packed_of(other)) {
                (Some((p, n)), _) => Ok(vector_c(p, n)),
                (None, Some((p, n))) => Ok(packed_c(p, n)),
                (None, None) => Err(bug(format!("type {other:?} in a private position"))),
            },
        }
    }

    /// Storage type (buffer element, kernel scalar argument, struct field).
    pub(super) fn storage(&self, ty: &Type) -> R<String> {
        match ty {
            Type::Prim(p) => Ok(prim_storage(*p).into()),
            other => self.ty(other),
        }
    }

    /// The element type of the buffer holding an array of type `ty` whose element type is
    /// `elem` (`isolation::array_elem`): the vector type for the packed rows of a
    /// `T[[]][[N]]` ([`vector_rows`]; the same bytes, and `clCreateBuffer` aligns a buffer
    /// for every vector type), else `elem`'s storage type.
    pub(super) fn buffer_c(&self, ty: &Type, elem: &Type) -> R<String> {
        match vector_rows(ty) {
            Some((p, n)) => Ok(vector_c(p, n)),
            None => self.storage(elem),
        }
    }

    /// The zero value of private type `ty` (C text).
    pub(super) fn zero(&self, ty: &Type) -> R<String> {
        let c = self.ty(ty)?;
        Ok(if vector_of(ty).is_some() { format!("({c})(0)") } else { format!("({c}){{0}}") })
    }

    pub(super) fn pos(&self, span: Span) -> (String, u32, u32) {
        // A library function (`Math.max`) comes from `stdlib/*.somd`, which the program's
        // source map does not hold (probe 109: its header read `(:0:648)`).
        if let (Some(name), Some(text)) =
            (somd_stdlib::name(span.file), somd_stdlib::source(span.file))
        {
            let (line, col) = somd_diag::SourceFile::new(name, text).line_col(span.start as usize);
            return (name.to_string(), line as u32, col as u32);
        }
        let text = self.sources.position(span);
        let mut parts = text.rsplitn(3, ':');
        let col = parts.next().and_then(|c| c.parse().ok()).unwrap_or(0);
        let line = parts.next().and_then(|c| c.parse().ok()).unwrap_or(0);
        let file = parts.next().unwrap_or("").to_string();
        (file, line, col)
    }

    pub(super) fn site(&mut self, cx: &mut FnCx, span: Span, what: &'static str) -> u32 {
        let (file, line, col) = self.pos(span);
        let key = (span.file.0, span.start, what);
        let id = *self.site_ids.entry(key).or_insert_with(|| {
            self.sites.push(SiteInfo { file, line, col, what });
            (self.sites.len() - 1) as u32
        });
        cx.sites.insert(id);
        id
    }

    pub(super) fn header(&self, m: &KernelManifest) -> String {
        let widened = if m.widened {
            " * Widened: SOMD_WIDTH consecutive elements per work-item (-DSOMD_WIDTH=W, the\n * runtime's SOMD_WIDEN, default 4; launched with ceil(n / W) work-items).\n"
        } else {
            ""
        };
        format!(
            "/*\n * Generated by somdc {} from {}. Do not edit.\n * Kernel {} for {} {} at {}:{}:{}.\n{widened} * Build with the runtime prelude (runtime/cl/somd_java.cl, somd_errors.cl, somd_hist.cl) prepended.\n */\n",
            env!("CARGO_PKG_VERSION"),
            m.file,
            m.name,
            m.origin,
            m.source_function,
            m.file,
            m.line,
            m.col
        )
    }

    pub(super) fn structs(&self) -> R<String> {
        let mut out = String::new();
        let used = self.kernel_classes();
        let mut memo = HashMap::new();
        let holders = self.holder_order(&used);
        let compared = self.compared_classes();
        for c in used.iter().copied().filter(|c| !holders.contains(c)) {
            let class = self.module.class(c);
            let layout = self.layout(c, &mut memo);
            // An 8- or 16-byte struct of primitives is aligned to its size (`layout.rs`):
            // one vector load or store per element.
            let mut text = match layout.as_ref().filter(|l| l.vector_align) {
                Some(l) => format!("typedef struct __attribute__((aligned({}))) {{\n", l.align),
                None => String::from("typedef struct {\n"),
            };
            let mut fp64 = false;
            // With a layout, every gap is an explicit padding field (`layout.rs`), so the
            // host packs the struct byte for byte.
            let mut at = 0usize;
            let mut pad = 0usize;
            let names = field_cs(class);
            for (k, f) in class.fields.iter().enumerate() {
                fp64 |= f.ty == Type::Prim(PrimType::Double);
                if let Some(fl) = layout.as_ref().and_then(|l| l.fields.get(k)) {
                    if fl.offset > at {
                        writeln!(text, "    uchar somd_pad{pad}[{}];", fl.offset - at)?;
                        pad += 1;
                    }
                    at = fl.offset
                        + match fl.ty {
                            FieldTy::Prim(p) => prim_size(p),
                            FieldTy::Struct(inner) => {
                                self.layout(inner, &mut memo).map_or(0, |l| l.size)
                            }
                        };
                }
                writeln!(text, "    {} {};", self.storage(&f.ty)?, names[k])?;
            }
            if let Some(l) = layout.as_ref().filter(|l| !class.fields.is_empty() && l.size > at) {
                writeln!(text, "    uchar somd_pad{pad}[{}];", l.size - at)?;
            }
            if class.fields.is_empty() {
                text.push_str("    uchar somd_empty;\n");
            }
            writeln!(text, "}} {};\n", self.class_c(c))?;
            if compared.contains(&c) {
                text.push_str(&self.eq_function(c));
            }
            out.push_str(&if fp64 { fp64_guard(true, &text) } else { text });
        }
        // Value classes holding arrays: private structs with pointers (`holders.rs`).
        for c in holders {
            out.push_str(&self.holder_struct(c)?);
        }
        // Packed `T[[N]]` results of `@` targets (`isolation::packed_of`).
        let mut packed: Vec<(PrimType, u32)> = Vec::new();
        for found in self.module.functions.iter().filter_map(|f| packed_of(&f.ret)) {
            if !packed.contains(&found) {
                packed.push(found);
            }
        }
        for (p, n) in packed {
            out.push_str(&packed_typedef(p, n));
        }
        Ok(out)
    }

    fn layout(
        &self,
        c: ClassId,
        memo: &mut HashMap<ClassId, Option<StructLayout>>,
    ) -> Option<StructLayout> {
        layout_of(self.module, c, &|k| self.class_c(k), memo)
    }

    /// The layouts of the value classes the kernels use (those with one: see `layout.rs`).
    pub(super) fn layouts(&self) -> Vec<StructLayout> {
        let used = self.kernel_classes();
        let mut memo = HashMap::new();
        let mut out: Vec<StructLayout> =
            used.into_iter().filter_map(|c| self.layout(c, &mut memo)).collect();
        // Nested classes the kernels reach only through fields.
        for l in memo.into_values().flatten() {
            if !out.iter().any(|o| o.class == l.class) {
                out.push(l);
            }
        }
        out.sort_by_key(|l| l.class.0);
        out
    }

    pub(super) fn collect_classes(
        &self,
        f: FuncId,
        out: &mut BTreeSet<ClassId>,
        seen: &mut BTreeSet<FuncId>,
    ) {
        if !seen.insert(f) {
            return;
        }
        let func = self.module.function(f);
        let mut add = |ty: &Type| {
            let mut t = ty;
            while let Type::Array(e) | Type::ValueArray(e, _) = t {
                t = e;
            }
            if let Type::Object(c) = t {
                if self.module.class(*c).is_value {
                    out.insert(*c);
                }
                // A holder's struct names its nested classes (`holders.rs`).
                if somd_mir::analysis::holders::holder(self.module, t).is_some() {
                    let mut nested = vec![*c];
                    while let Some(n) = nested.pop() {
                        for f in &self.module.class(n).fields {
                            if let Type::Object(inner) = &f.ty {
                                if out.insert(*inner) {
                                    nested.push(*inner);
                                }
                            }
                        }
                    }
                }
            }
        };
        add(&func.ret);
        func.locals.iter().for_each(|l| add(&l.ty));
        func.exprs.iter().for_each(|e| add(&e.ty));
        for (c, _) in somd_mir::analysis::isolation::callees(func) {
            self.collect_classes(c, out, seen);
        }
    }

    /// Helpers reachable from `roots`' callees, callees first.
    pub(super) fn helper_order(&self, needed: &BTreeSet<FuncId>) -> Vec<FuncId> {
        let mut order = Vec::new();
        let mut seen = BTreeSet::new();
        for f in needed {
            self.post_order(*f, &mut seen, &mut order);
        }
        order
    }

    pub(super) fn post_order(
        &self,
        f: FuncId,
        seen: &mut BTreeSet<FuncId>,
        order: &mut Vec<FuncId>,
    ) {
        if !seen.insert(f) {
            return;
        }
        for (c, _) in somd_mir::analysis::isolation::callees(self.module.function(f)) {
            self.post_order(c, seen, order);
        }
        order.push(f);
    }

    pub(super) fn guarded(&self, f: FuncId, text: &str) -> String {
        let needs = self.info.functions.get(f.0 as usize).is_some_and(|i| i.needs_fp64);
        fp64_guard(needs, text)
    }

    /// The helpers a kernel calls (transitively).
    pub(super) fn helpers_of(&self, roots: &[FuncId]) -> BTreeSet<FuncId> {
        let mut out = BTreeSet::new();
        let mut stack: Vec<FuncId> = roots.to_vec();
        while let Some(f) = stack.pop() {
            for (c, _) in somd_mir::analysis::isolation::callees(self.module.function(f)) {
                if out.insert(c) {
                    stack.push(c);
                }
            }
        }
        out
    }

    /// Records every private variant the helpers `ordered` and the variants themselves
    /// name (`Writer::variants`; the kernels' own are recorded as they are written), so
    /// that each can be written right after its helper: its callees, and their variants,
    /// come earlier in the helpers' order. Returns the helpers whose text, or the text of one
    /// of whose variants, cannot be written, each with its first error.
    pub(super) fn discover_variants(&mut self, ordered: &[FuncId]) -> BTreeMap<FuncId, EmitError> {
        // Only the texts' calls matter here: writing again leaves the staged variants to
        // the pass that emits them.
        let staged = self.staged_fns.clone();
        let mut failed = BTreeMap::new();
        for f in ordered {
            if let Err(err) = self.helper(*f) {
                failed.entry(*f).or_insert(err);
            }
        }
        let mut written: BTreeSet<(FuncId, BTreeSet<LocalId>)> = BTreeSet::new();
        loop {
            let pending: Vec<(FuncId, BTreeSet<LocalId>)> = self
                .variants
                .iter()
                .flat_map(|(f, sets)| sets.iter().map(move |s| (*f, s.clone())))
                .filter(|v| !written.contains(v))
                .collect();
            if pending.is_empty() {
                break;
            }
            for (f, set) in pending {
                if let Err(err) = self.helper_staged(f, None, false, None, &BTreeSet::new(), &set) {
                    failed.entry(f).or_insert(err);
                }
                written.insert((f, set));
            }
        }
        self.staged_fns = staged;
        failed
    }

    /// Helper `f` and its private variants (`Writer::variants`), each under its `double`
    /// guard.
    pub(super) fn helper_and_variants(&mut self, f: FuncId) -> R<String> {
        let text = self.helper(f)?;
        let mut out = self.guarded(f, &text);
        let sets: Vec<BTreeSet<LocalId>> =
            self.variants.get(&f).map(|s| s.iter().cloned().collect()).unwrap_or_default();
        for set in sets {
            let text = self.helper_staged(f, None, false, None, &BTreeSet::new(), &set)?;
            out.push_str(&self.guarded(f, &text));
        }
        Ok(out)
    }

    /// An ordinary function as an OpenCL C helper.
    pub(super) fn helper(&mut self, f: FuncId) -> R<String> {
        self.helper_with(f, None)
    }

    /// [`Writer::helper`], or with `lanes` (the `__local` scratch's element type and a
    /// kernel's name) its work-group variant `<kernel>_lanes` for that kernel (`nested.rs`).
    pub(super) fn helper_with(&mut self, f: FuncId, lanes: Option<(&str, &str)>) -> R<String> {
        self.helper_variant(f, lanes, false)
    }

    /// [`Writer::helper_with`]; with `slices` (and `lanes`' kernel name) the variant
    /// `<kernel>_slices`, which folds slice `somd_s` of `somd_ns` of its `!`'s inner range
    /// (`nested.rs`, "Slices of the inner range").
    pub(super) fn helper_variant(
        &mut self,
        f: FuncId,
        lanes: Option<(&str, &str)>,
        slices: bool,
    ) -> R<String> {
        self.helper_staged(f, lanes, slices, None, &BTreeSet::new(), &BTreeSet::new())
    }

    /// [`Writer::helper_variant`]; with `staged` (row parameters and a kernel's name) the
    /// variant that reads those rows from `__local` memory (`nested.rs`, "Staged rows"):
    /// `<kernel>_slices_staged` for the slices form, else `<f>_st<mask>_<kernel>`. With
    /// `held` row parameters (not in the slices form), the variant that also takes their
    /// registers (`FnCx::held`), named after the fold writing it (`variant_name`). With
    /// `privates`, the private variant taking those parameters in private memory
    /// (`private_name`).
    pub(super) fn helper_staged(
        &mut self,
        f: FuncId,
        lanes: Option<(&str, &str)>,
        slices: bool,
        staged: Option<(&BTreeSet<LocalId>, &str)>,
        held: &BTreeSet<LocalId>,
        privates: &BTreeSet<LocalId>,
    ) -> R<String> {
        let func = self.module.function(f);
        let mut cx = FnCx::helper(func, &self.taken_names);
        cx.narrow = self.narrow_of(f);
        cx.narrow.retain(|p, _| !privates.contains(p));
        cx.private_params = privates.clone();
        if let Some((rows, kernel)) = staged {
            cx.staged = rows.clone();
            cx.stage_kernel = Some(kernel.to_string());
        }
        cx.held = held.clone();
        let mut params = Vec::new();
        for p in &func.params {
            params.push(self.param_decl(&cx, *p)?);
        }
        let mut name = self.fn_name(f);
        match lanes {
            Some((_, kernel)) if slices => {
                cx.lanes = Some(kernel.to_string());
                cx.slices = true;
                name = format!("{kernel}_slices");
                if staged.is_some() {
                    name.push_str("_staged");
                }
                params.push("const int somd_s".into());
                params.push("const int somd_ns".into());
            }
            Some((elem, kernel)) => {
                cx.lanes = Some(kernel.to_string());
                name = format!("{kernel}_lanes");
                params.push(format!("__local {elem} *somd_scratch"));
            }
            None => {
                let fold = self.held_scope.as_ref().map(|(f, _)| f.clone()).unwrap_or_default();
                let held = Some((held, fold.as_str())).filter(|(h, _)| !h.is_empty());
                name = variant_name(&name, func, staged, held, &self.taken_names);
                if !privates.is_empty() {
                    name = private_name(&name, func, privates, &self.taken_names);
                }
            }
        }
        params.push("SOMD_ERR_PARAM".into());
        let ret = if cx.ctor { self.ty(&Type::Object(func.class))? } else { self.ty(&func.ret)? };
        let mut out = String::new();
        let (file, line, col) = self.pos(func.span);
        let across = match (lanes.is_some(), slices, staged.is_some(), held.is_empty()) {
            (true, true, true, _) => ", one slice of its fold, rows in local memory",
            (true, true, false, _) => ", one slice of its fold",
            (true, false, _, _) => ", its folds across the work-group",
            (false, _, true, true) => ", rows in local memory",
            (false, _, true, false) => ", rows in local memory, held rows in registers",
            (false, _, false, false) => ", held rows in registers",
            _ if !privates.is_empty() => ", arrays in private memory",
            _ => "",
        };
        writeln!(out, "/* {}{across} ({file}:{line}:{col}) */", func.name)?;
        writeln!(out, "{ret} {name}({})\n{{", params.join(", "))?;
        if cx.ctor {
            writeln!(out, "    {ret} self = {{0}};")?;
        }
        let body = self.block(&mut cx, Level(1), &func.body)?;
        out.push_str(&body);
        let folds: String = cx.fold_fns.iter().map(|(_, text)| text.as_str()).collect();
        out.insert_str(0, &folds);
        if cx.ctor {
            out.push_str("    return self;\n");
        } else if func.ret != Type::Void && !matches!(func.body.stmts.last(), Some(Stmt::Return(_)))
        {
            // Java guarantees a return on every path; keep C compilers quiet.
            writeln!(out, "    return {};", self.zero(&func.ret)?)?;
        }
        out.push_str("}\n\n");
        Ok(out)
    }

    pub(super) fn param_decl(&self, cx: &FnCx, p: LocalId) -> R<String> {
        let local = cx.func.local(p);
        if let Some((elem, rank)) = somd_mir::analysis::isolation::array_dims(&local.ty)
            .filter(|_| vector_of(&local.ty).is_none())
        {
            let name = cx.name(p);
            let space = if cx.staged.contains(&p) {
                "__local"
            } else if cx.private_params.contains(&p) {
                "__private"
            } else {
                "__global"
            };
            // A narrow row keeps its element type macro, or its staged type when staged.
            let elem_c = match cx.narrow.get(&p) {
                Some(m) if cx.staged.contains(&p) => super::sad::staged_type(m),
                Some(m) => m.clone(),
                None => self.buffer_c(&local.ty, elem)?,
            };
            let mut s = format!("{space} {elem_c} *{name}");
            for d in 0..rank {
                write!(s, ", const int {name}_len{d}")?;
            }
            if cx.held.contains(&p) {
                for g in 0..4 {
                    write!(s, ", const uchar16 {name}_h{g}")?;
                }
            }
            Ok(s)
        } else {
            Ok(format!("{} {}", self.ty(&local.ty)?, cx.name(p)))
        }
    }

    /// The names [`Self::param_decl`] declares for parameter `p`, in order: what a call
    /// passing the function's own parameters on writes.
    pub(super) fn param_names(&self, cx: &FnCx, p: LocalId) -> Vec<String> {
        let local = cx.func.local(p);
        let name = cx.name(p).to_string();
        match somd_mir::analysis::isolation::array_dims(&local.ty)
            .filter(|_| vector_of(&local.ty).is_none())
        {
            Some((_, rank)) => {
                let mut names: Vec<String> = (0..rank).map(|d| format!("{name}_len{d}")).collect();
                if cx.held.contains(&p) {
                    names.extend((0..4).map(|g| format!("{name}_h{g}")));
                }
                names.insert(0, name);
                names
            }
            None => vec![name],
        }
    }

    // ---- statements ----

    pub(super) fn block(&mut self, cx: &mut FnCx, level: Level, block: &Block) -> R<String> {
        let mut out = String::new();
        let pairs = sincos_pairs(cx.func, block);
        let groups = vector_groups(cx, block);
        let stores = store_groups(cx, self.options.unchecked, block);
        let mut store_ids = vec![0; stores.len()];
        let starts: HashSet<usize> =
            groups.iter().map(|g| g.first).chain(pairs.iter().map(|p| p.first)).collect();
        let runs = super::histogram::update_runs(cx, self.options.unchecked, block, &starts);
        note_bounded_loops(cx, block);
        for (k, stmt) in block.stmts.iter().enumerate() {
            if runs.iter().any(|&(first, last)| first < k && k <= last) {
                continue;
            }
            // The item, after the declarations of the temporaries its expressions take
            // (`order.rs`), as `Writer::stmt` writes a statement.
            let (decls, item) = self.declaring(cx, level, |w, cx| {
                let mut out = String::new();
                for g in groups.iter().filter(|g| g.first == k) {
                    // `a[b]`, `a[b + 1]`, .., `a[b + C - 1]` read in this block: one vector load
                    // when all are in range, the checked element reads otherwise.
                    let n = cx.vloads.len();
                    let (name, base) = (cx.name(g.array).to_string(), cx.name(g.base).to_string());
                    let c = g.width;
                    // A narrow `int` value array's lanes widen to `int`.
                    let load = if cx.narrow.contains_key(&g.array) {
                        format!("convert_{t}{c}(vload{c}(0, {name} + {base}))", t = g.elem)
                    } else {
                        format!("vload{c}(0, {name} + {base})")
                    };
                    // Reads all in range (a loop's copy for indices tested before it,
                    // `Writer::loop_versions`): the load alone.
                    let in_range = g.reads.iter().all(|(e, _)| cx.proven.contains(e));
                    let ok = if in_range {
                        writeln!(out, "{level}const {t}{c} somd_v{n} = {load};", t = g.elem)?;
                        String::new()
                    } else {
                        writeln!(
                            out,
                            "{level}const bool somd_vok{n} = {base} >= 0 && {base} <= {name}_len0 - {c};"
                        )?;
                        writeln!(
                            out,
                            "{level}const {t}{c} somd_v{n} = somd_vok{n} ? {load} : ({t}{c})(0);",
                            t = g.elem
                        )?;
                        format!("somd_vok{n}")
                    };
                    for (e, offset) in &g.reads {
                        cx.vloads.insert(*e, (ok.clone(), format!("somd_v{n}.s{offset:x}")));
                    }
                }
                for pair in pairs.iter().filter(|p| p.first == k) {
                    // `Math.sin(x)` and `Math.cos(x)` of one `x`: one `sincos`, as a hand-written
                    // kernel has it (one argument reduction instead of two).
                    let n = cx.sincos.len();
                    let arg = w.expr(cx, pair.arg)?;
                    writeln!(out, "{level}double somd_cos{n};")?;
                    writeln!(
                        out,
                        "{level}const double somd_sin{n} = sincos({arg}, &somd_cos{n});"
                    )?;
                    cx.sincos.insert(pair.sin, format!("somd_sin{n}"));
                    cx.sincos.insert(pair.cos, format!("somd_cos{n}"));
                }
                if let Some(&run) = runs.iter().find(|r| r.0 == k) {
                    out.push_str(&w.grouped_updates(cx, level, block, run)?);
                    return Ok(out);
                }
                match stores.iter().position(|g| g.stores.contains_key(&k)) {
                    Some(gi) => {
                        if stores[gi].first == k {
                            store_ids[gi] = cx.vstores;
                            cx.vstores += 1;
                        }
                        out.push_str(&w.grouped_store(cx, level, &stores[gi], store_ids[gi], k)?);
                    }
                    None => out.push_str(&w.stmt(cx, level, stmt)?),
                }
                Ok(out)
            })?;
            out.push_str(&decls);
            out.push_str(&item);
        }
        Ok(out)
    }

    /// Statement `k`, a store of group `g` (number `n` of the function): its value into a
    /// temporary where the store was; after the last one, the stores: one vector store
    /// when every lane is in range, else each checked store in statement order.
    fn grouped_store(
        &mut self,
        cx: &mut FnCx,
        level: Level,
        g: &StoreGroup,
        n: usize,
        k: usize,
    ) -> R<String> {
        let func = cx.func;
        let mut out = String::new();
        let (assign, c) = g.stores[&k];
        let ExprKind::Assign { value, .. } = &func.expr(assign).kind else {
            return Err(bug("grouped store that is not an assignment"));
        };
        let v = self.expr(cx, *value)?;
        writeln!(out, "{level}const {} somd_s{n}_{c} = {v};", g.elem)?;
        if k != g.last {
            return Ok(out);
        }
        let (name, base) = (cx.name(g.array).to_string(), cx.name(g.base).to_string());
        let width = g.width;
        let lanes: Vec<String> = (0..width).map(|c| format!("somd_s{n}_{c}")).collect();
        let inner = level.next();
        let vstore = format!(
            "vstore{width}(({}{width})({}), 0, {name} + {base});",
            g.elem,
            lanes.join(", ")
        );
        // Stores all in range (a loop's copy for indices tested before it): the store alone.
        if g.stores.values().all(|(assign, _)| {
            matches!(&func.expr(*assign).kind, ExprKind::Assign { target, .. } if cx.proven.contains(target))
        }) {
            writeln!(out, "{level}{vstore}")?;
            return Ok(out);
        }
        writeln!(out, "{level}if ({base} >= 0 && {base} <= {name}_len0 - {width}) {{")?;
        writeln!(out, "{inner}{vstore}")?;
        writeln!(out, "{level}}} else {{")?;
        let mut order: Vec<(usize, ExprId, u32)> =
            g.stores.iter().map(|(k, (e, c))| (*k, *e, *c)).collect();
        order.sort();
        for (_, assign, c) in order {
            let ExprKind::Assign { target, .. } = &func.expr(assign).kind else {
                return Err(bug("grouped store that is not an assignment"));
            };
            let place = self.place(cx, *target)?;
            writeln!(out, "{inner}{place} = somd_s{n}_{c};")?;
        }
        writeln!(out, "{level}}}")?;
        Ok(out)
    }

    /// The declaration of private array `local` (`FnCx::privates`): zeroed by its
    /// initializer each time it runs (`new T[n]`), or its elements stored in order (an
    /// array literal: Java evaluates them left to right, a C initializer in no fixed order).
    fn private_let(
        &mut self,
        cx: &mut FnCx,
        level: Level,
        local: LocalId,
        init: ExprId,
    ) -> R<String> {
        let p = &cx.privates[&local];
        // Stored as a buffer's elements are (`boolean` as `uchar`), so that a helper's private
        // variant takes it with the same pointer type.
        let (elem, len) = (prim_storage(p.elem), p.len);
        let name = cx.name(local).to_string();
        let mut out = String::new();
        let to = p.elem;
        match &cx.func.expr(init).kind {
            // A value array's literal keeps its elements' own types (Java converts each as
            // in an assignment).
            ExprKind::ArrayLit(parts) | ExprKind::ValueArrayLit(parts) => {
                writeln!(out, "{level}{elem} {name}[{len}];")?;
                for (k, part) in parts.clone().iter().enumerate() {
                    let value = self.expr(cx, *part)?;
                    let value = convert(&value, self.prim_of(cx, *part)?, to);
                    writeln!(out, "{level}{name}[{k}] = {value};")?;
                }
            }
            _ => writeln!(out, "{level}{elem} {name}[{len}] = {{0}};")?,
        }
        writeln!(out, "{level}const int {name}_len0 = {len};")?;
        Ok(out)
    }

    /// Opens labelled statement `label` with body `body`: its C label, and whether a
    /// `continue label` and a `break label` inside jump to it.
    pub(super) fn open_label(
        &mut self,
        cx: &mut FnCx,
        label: LabelId,
        body: &Block,
    ) -> (String, bool, bool) {
        let name = format!("somd_j{}", cx.label_count);
        cx.label_count += 1;
        let (mut next, mut done) = (false, false);
        somd_mir::analysis::walk::each_stmt(body, &mut |s| match s {
            Stmt::Continue(Some(l)) if *l == label => next = true,
            Stmt::Break(Some(l)) if *l == label => done = true,
            _ => {}
        });
        cx.labels.push((label, name.clone()));
        (name, next, done)
    }

    /// Statement `stmt`, after the declarations of the temporaries its own expressions take
    /// (`order.rs`; a statement nested in it declares its own).
    pub(super) fn stmt(&mut self, cx: &mut FnCx, level: Level, stmt: &Stmt) -> R<String> {
        let (decls, text) = self.declaring(cx, level, |w, cx| w.stmt_text(cx, level, stmt))?;
        Ok(decls + &text)
    }

    /// Runs `write` as the writing of one statement: its expressions are ordered
    /// (`order.rs`), and the declarations of the temporaries they take come back, at
    /// `level`, beside the text.
    fn declaring(
        &mut self,
        cx: &mut FnCx,
        level: Level,
        write: impl FnOnce(&mut Self, &mut FnCx) -> R<String>,
    ) -> R<(String, String)> {
        let mark = cx.temps.len();
        cx.stmt_depth += 1;
        let text = write(self, cx);
        cx.stmt_depth -= 1;
        let decls = cx
            .temps
            .split_off(mark)
            .into_iter()
            .map(|(ty, name)| format!("{level}{ty} {name};\n"))
            .collect();
        Ok((decls, text?))
    }

    /// Expression `e`, written outside any statement (a condition or a value a special
    /// form writes itself), its parts in Java's order: the declarations of the temporaries
    /// it takes go to `out` first, at `level`.
    pub(super) fn expr_outside(
        &mut self,
        cx: &mut FnCx,
        level: Level,
        e: ExprId,
        out: &mut String,
    ) -> R<String> {
        let (decls, text) = self.declaring(cx, level, |w, cx| w.expr(cx, e))?;
        out.push_str(&decls);
        Ok(text)
    }

    fn stmt_text(&mut self, cx: &mut FnCx, level: Level, stmt: &Stmt) -> R<String> {
        let func = cx.func;
        let mut out = String::new();
        match stmt {
            Stmt::Let { local, init: Some(map) }
                if cx.folds.iter().any(|f| f.via == Some(*local) && f.map == *map) =>
            {
                out.push_str(&self.nested_let(cx, level, *local)?);
            }
            Stmt::Let { local, init } if cx.aliases.contains_key(local) => {
                let Some((elem, rank)) =
                    somd_mir::analysis::isolation::array_dims(&func.local(*local).ty)
                else {
                    return Err(bug("array local that is not an array"));
                };
                let elem = self.storage(elem)?;
                let name = cx.name(*local).to_string();
                let (ptr, lens) = match init {
                    Some(v) => self.alias_value(cx, *v)?,
                    None => ("0".to_string(), vec!["0".to_string(); rank as usize]),
                };
                // A value-array local only reads its source (`const`, as the source may be),
                // unless it is passed on to a function, whose parameter is not `const`.
                let read_only = matches!(func.local(*local).ty, Type::ValueArray(..))
                    && !passed_on(func, *local);
                let qualifier = if read_only { "const " } else { "" };
                writeln!(out, "{level}__global {qualifier}{elem} *{name} = {ptr};")?;
                for (d, len) in lens.iter().enumerate() {
                    writeln!(out, "{level}int {name}_len{d} = {len};")?;
                }
            }
            Stmt::Let { local, init: Some(init) } if cx.privates.contains_key(local) => {
                out.push_str(&self.private_let(cx, level, *local, *init)?);
            }
            Stmt::Let { local, init } => {
                let ty = self.ty(&func.local(*local).ty)?;
                let value = match init {
                    Some(e) => self.expr(cx, *e)?,
                    None => self.zero(&func.local(*local).ty)?,
                };
                let value = match (&func.local(*local).ty, init) {
                    (Type::Prim(_), None) => "0".into(),
                    _ => value,
                };
                writeln!(out, "{level}{ty} {} = {value};", cx.name(*local))?;
            }
            Stmt::Expr(e) if cx.hist.as_ref().is_some_and(|h| h.updates.contains(e)) => {
                out.push_str(&self.hist_update(cx, level, *e)?);
            }
            Stmt::Expr(e) => match (cx.after.get(e).cloned(), carried_select(func, *e)) {
                // `m = c ? v : m` keeping its iteration: only the iterations taking `v` set
                // `m` and the iteration (the `if` form; `m` keeps its value otherwise).
                (Some(text), Some((target, cond, value))) => {
                    writeln!(out, "{level}if ({}) {{", condition(&self.expr(cx, cond)?))?;
                    let place = self.place(cx, target)?;
                    writeln!(out, "{}{place} = {};", level.next(), self.expr(cx, value)?)?;
                    writeln!(out, "{}{text}", level.next())?;
                    writeln!(out, "{level}}}")?;
                }
                (after, _) => {
                    writeln!(out, "{level}{};", self.effect(cx, *e)?)?;
                    if let Some(text) = after {
                        writeln!(out, "{level}{text}")?;
                    }
                }
            },
            Stmt::If { cond, then_block, else_block } => {
                writeln!(out, "{level}if ({}) {{", condition(&self.expr(cx, *cond)?))?;
                out.push_str(&self.block(cx, level.next(), then_block)?);
                if let Some(e) = else_block {
                    writeln!(out, "{level}}} else {{")?;
                    out.push_str(&self.block(cx, level.next(), e)?);
                }
                writeln!(out, "{level}}}")?;
            }
            Stmt::Loop { label, test, test_at_end, body, update } => {
                let shape = LoopShape {
                    label: *label,
                    test: *test,
                    test_at_end: *test_at_end,
                    body,
                    update,
                };
                out.push_str(&self.loop_versions(cx, level, &shape)?);
            }
            Stmt::Labeled { label, body } => {
                let (name, _, done) = self.open_label(cx, *label, body);
                writeln!(out, "{level}{{")?;
                out.push_str(&self.block(cx, level.next(), body)?);
                writeln!(out, "{level}}}")?;
                cx.labels.pop();
                if done {
                    writeln!(out, "{level}{name}_done: ;")?;
                }
            }
            Stmt::Break(None) => writeln!(out, "{level}break;")?,
            Stmt::Continue(None) => writeln!(out, "{level}continue;")?,
            Stmt::Break(Some(l)) => writeln!(out, "{level}goto {}_done;", label_of(cx, *l)?)?,
            Stmt::Continue(Some(l)) => writeln!(out, "{level}goto {}_next;", label_of(cx, *l)?)?,
            Stmt::Return(None) => writeln!(out, "{level}return;")?,
            Stmt::Return(Some(e)) => writeln!(out, "{level}return {};", self.expr(cx, *e)?)?,
            Stmt::Block(b) => {
                writeln!(out, "{level}{{")?;
                match self.sad_of(cx, b) {
                    Some(l) => out.push_str(&self.sad_block(cx, level.next(), b, &l)?),
                    None => out.push_str(&self.block(cx, level.next(), b)?),
                }
                writeln!(out, "{level}}}")?;
            }
            other => return Err(bug(format!("statement not supported on the device: {other:?}"))),
        }
        Ok(out)
    }

    // ---- expressions ----

    pub(super) fn prim_of(&self, cx: &FnCx, e: ExprId) -> R<PrimType> {
        match cx.func.expr(e).ty {
            Type::Prim(p) => Ok(p),
            ref other => Err(bug(format!("expected a primitive, found {other:?}"))),
        }
    }

    /// A place (assignment target) as an lvalue.
    pub(super) fn place(&mut self, cx: &mut FnCx, target: ExprId) -> R<String> {
        if let ExprKind::Index { array, .. } = &cx.func.expr(target).kind {
            if matches!(cx.func.expr(*array).kind, ExprKind::Local(a) if cx.narrow.contains_key(&a))
            {
                // Value arrays are immutable: a narrow one is only ever read.
                return Err(bug("a store into a value array held narrow"));
            }
        }
        match &cx.func.expr(target).kind {
            ExprKind::Local(l) => Ok(cx.name(*l).to_string()),
            ExprKind::Field { object, index, class }
                if cx.ctor && matches!(cx.func.expr(*object).kind, ExprKind::This) =>
            {
                Ok(format!("self.{}", self.field_name(*class, *index)))
            }
            ExprKind::Index { .. } => self.expr_node(cx, target),
            _ => Err(bug("unsupported assignment target")),
        }
    }

    pub(super) fn field_name(&self, class: ClassId, index: u32) -> String {
        self.module
            .classes
            .get(class.0 as usize)
            .and_then(|c| field_cs(c).into_iter().nth(index as usize))
            .unwrap_or_else(|| format!("f{index}"))
    }

    /// A statement-level expression (assignment, call) as C expression text; an assignment
    /// to an element with its parts in Java's order (`order.rs`).
    pub(super) fn effect(&mut self, cx: &mut FnCx, e: ExprId) -> R<String> {
        match self.ordered_place(cx, e)? {
            Some(ordered) => {
                let text = self.effect_node(cx, e);
                Ok(Self::after_ordered(cx, ordered, text?))
            }
            None => self.effect_node(cx, e),
        }
    }

    fn effect_node(&mut self, cx: &mut FnCx, e: ExprId) -> R<String> {
        let func = cx.func;
        let expr = func.expr(e);
        match &expr.kind {
            ExprKind::Assign { target, value } if matches!(func.expr(*target).kind, ExprKind::Local(l) if cx.aliases.contains_key(&l)) =>
            {
                // The pointer first: the value's index may read the local's old row.
                let name = self.place(cx, *target)?;
                let (ptr, lens) = self.alias_value(cx, *value)?;
                let mut text = format!("({name} = {ptr}");
                for (d, len) in lens.iter().enumerate() {
                    write!(text, ", {name}_len{d} = {len}")?;
                }
                Ok(text + ")")
            }
            ExprKind::Assign { target, value } => {
                let place = self.place(cx, *target)?;
                let value = self.expr(cx, *value)?;
                Ok(format!("{place} = {value}"))
            }
            ExprKind::CompoundAssign { target, op, value } => {
                // The place's value, when a temporary took it before the value (`order.rs`).
                let read = cx.hoisted.get(target).cloned();
                let place = self.place(cx, *target)?;
                let tty = self.prim_of(cx, *target)?;
                let PrimOrRef::Prim(opty) = op.ty else {
                    return Err(bug("reference compound assignment"));
                };
                let lhs = convert(read.as_ref().unwrap_or(&place), tty, opty);
                let rhs = self.expr(cx, *value)?;
                let rty = self.prim_of(cx, *value)?;
                let combined = match safe_division(cx, e, op.kind, opty, &lhs, &rhs) {
                    Some(plain) => plain,
                    None => self.binary(cx, op.kind, opty, rty, &lhs, &rhs, expr.span)?,
                };
                Ok(format!("{place} = {}", convert(&combined, opty, tty)))
            }
            ExprKind::IncDec { target, delta, .. } => {
                let place = self.place(cx, *target)?;
                let tty = self.prim_of(cx, *target)?;
                let (wide, one) = inc_dec_type(tty);
                let kind = if *delta > 0 { BinOpKind::Add } else { BinOpKind::Sub };
                let lhs = convert(&place, tty, wide);
                let combined = self.binary(cx, kind, wide, wide, &lhs, one, expr.span)?;
                Ok(format!("{place} = {}", convert(&combined, wide, tty)))
            }
            _ => self.expr(cx, e),
        }
    }

    #[allow(clippy::too_many_arguments)] // Reason: operator, both types and both operands.
    pub(super) fn binary(
        &mut self,
        cx: &mut FnCx,
        kind: BinOpKind,
        ty: PrimType,
        rty: PrimType,
        l: &str,
        r: &str,
        span: Span,
    ) -> R<String> {
        use BinOpKind::*;
        let float = matches!(ty, PrimType::Float | PrimType::Double);
        let int_helper = |name: &str| -> R<String> {
            let f = match ty {
                PrimType::Int => format!("somd_i{name}"),
                PrimType::Long => format!("somd_l{name}"),
                _ => return Err(bug("integer operator on a narrow type")),
            };
            Ok(format!("{f}({l}, {r})"))
        };
        Ok(match kind {
            Add if float => format!("({l} + {r})"),
            Sub if float => format!("({l} - {r})"),
            Mul if float => format!("({l} * {r})"),
            Div if float => format!("({l} / {r})"),
            Rem if float => format!("fmod({l}, {r})"),
            Add => int_helper("add")?,
            Sub => int_helper("sub")?,
            Mul => int_helper("mul")?,
            Div | Rem => {
                let site = self.site(cx, span, "div");
                let f = match (kind, ty) {
                    (Div, PrimType::Int) => "somd_idiv",
                    (Rem, PrimType::Int) => "somd_irem",
                    (Div, _) => "somd_ldiv",
                    _ => "somd_lrem",
                };
                format!("{f}({site}, {l}, {r})")
            }
            Shl | Shr | UShr => {
                let count =
                    if rty == PrimType::Long { format!("somd_l2i({r})") } else { r.to_string() };
                let name = match kind {
                    Shl => "shl",
                    Shr => "shr",
                    _ => "ushr",
                };
                let p = if ty == PrimType::Long { "l" } else { "i" };
                format!("somd_{p}{name}({l}, {count})")
            }
            Lt => format!("({l} < {r})"),
            Le => format!("({l} <= {r})"),
            Gt => format!("({l} > {r})"),
            Ge => format!("({l} >= {r})"),
            Eq => format!("({l} == {r})"),
            Ne => format!("({l} != {r})"),
            BitAnd => format!("({l} & {r})"),
            BitOr => format!("({l} | {r})"),
            BitXor => format!("({l} ^ {r})"),
            And => format!("({l} && {r})"),
            Or => format!("({l} || {r})"),
        })
    }

    /// The index `i` of access `access` against `len`: checked unless `--unchecked`, proven
    /// in range, or both are constants and in range.
    pub(super) fn index_text(
        &mut self,
        cx: &mut FnCx,
        access: ExprId,
        site_span: Span,
        i: &str,
        len: &str,
    ) -> String {
        // A constant index into a constant length (a lane `k` of a `T[[]][[N]]` row) is
        // known here.
        let constant = match (i.parse::<i64>(), len.parse::<i64>()) {
            (Ok(i), Ok(len)) => (0..len).contains(&i),
            _ => false,
        };
        if cx.proven.contains(&access) && !cx.checked.contains(&access) {
            if let Some((v, k)) = self.proven_offset(cx, access) {
                return offset_text(&format!("(long)({v})"), k, None);
            }
        }
        if self.options.unchecked
            || constant
            || cx.proven.contains(&access)
            || cx.checked.contains(&access)
        {
            i.to_string()
        } else {
            let site = self.site(cx, site_span, "bounds");
            format!("SOMD_INDEX({site}, {i}, {len})")
        }
    }

    /// The index of `access`, proven in range, as `v + k`: `v` an `int` local's text and
    /// `k` a constant other than 0 (`i - 1`, `j + 1`); `None` for any other index, or one a
    /// temporary holds. A proof that `v + k` lies in `[0, length)` (`analysis::bounds`,
    /// `analysis::loopcheck`) says the `int` addition does not wrap, so the index is
    /// `(long)v + k` in `long` arithmetic too, which a C compiler may reassociate: the
    /// flattened `(long)(i - 1) * w + j` of a stencil's five reads becomes one product
    /// `(long)i * w` and constant or length offsets ([`offset_text`]).
    fn proven_offset(&mut self, cx: &mut FnCx, access: ExprId) -> Option<(String, i64)> {
        let func = cx.func;
        let ExprKind::Index { index, .. } = func.expr(access).kind else { return None };
        if cx.hoisted.contains_key(&index) {
            return None;
        }
        let ExprKind::Binary { op, lhs, rhs } = &func.expr(index).kind else { return None };
        if op.ty != PrimOrRef::Prim(PrimType::Int) {
            return None;
        }
        let constant = |e: ExprId| match func.expr(e).kind {
            ExprKind::Const(Const::Int(k)) if k != 0 => Some(i64::from(k)),
            _ => None,
        };
        let local = |e: ExprId| {
            matches!(func.expr(e).kind, ExprKind::Local(l)
                if func.local(l).ty == Type::Prim(PrimType::Int))
        };
        let (v, k) = match op.kind {
            BinOpKind::Add if local(*lhs) => (*lhs, constant(*rhs)?),
            BinOpKind::Add if local(*rhs) => (*rhs, constant(*lhs)?),
            BinOpKind::Sub if local(*lhs) => (*lhs, -constant(*rhs)?),
            _ => return None,
        };
        self.expr(cx, v).ok().map(|text| (text, k))
    }

    /// `len`, read through row `access` (`m[x]`, index `index` into `rows` rows): the row's
    /// bounds check first, as Java reads the row, unless the bounds analysis proves it.
    fn row_length(
        &mut self,
        cx: &mut FnCx,
        access: ExprId,
        index: ExprId,
        rows: &str,
        len: String,
    ) -> R<String> {
        if cx.proven.contains(&access) {
            return Ok(len);
        }
        let i = self.expr(cx, index)?;
        let span = cx.func.expr(access).span;
        let checked = self.index_text(cx, access, span, &i, rows);
        Ok(format!("((void){checked}, {len})"))
    }

    pub(super) fn expr(&mut self, cx: &mut FnCx, e: ExprId) -> R<String> {
        if let Some(name) = cx.hoisted.get(&e) {
            return Ok(name.clone());
        }
        match self.ordered(cx, e)? {
            Some(ordered) => {
                let text = self.expr_node(cx, e);
                Ok(Self::after_ordered(cx, ordered, text?))
            }
            None => self.expr_node(cx, e),
        }
    }

    /// Expression `e`'s own text, its parts in C's order (`order.rs`), even where a
    /// temporary holds its value (`FnCx::hoisted`): an element access is an lvalue, which
    /// `Writer::place` writes.
    fn expr_node(&mut self, cx: &mut FnCx, e: ExprId) -> R<String> {
        let func = cx.func;
        let expr = func.expr(e);
        if let ExprKind::Index { array, index } = &expr.kind {
            if let Some(element) = widened_element(cx, *array, *index) {
                return Ok(element);
            }
            if let Some(element) = cx.blocks.get(&e) {
                return Ok(element.clone());
            }
        }
        Ok(match &expr.kind {
            ExprKind::Const(c) => const_c(c)?,
            ExprKind::Local(l) => cx.name(*l).to_string(),
            ExprKind::This if cx.ctor => "self".into(),
            ExprKind::Static(s) => match &expr.ty {
                Type::Prim(_) | Type::Object(_) => {
                    let read = format!("(*{})", self.static_ptr(*s)?);
                    if expr.ty == Type::Prim(PrimType::Boolean) {
                        format!("((bool){read})")
                    } else {
                        read
                    }
                }
                _ => return Err(bug("static array read as a whole")),
            },
            ExprKind::Field { object, class, index } => {
                let obj = if cx.ctor && matches!(func.expr(*object).kind, ExprKind::This) {
                    "self".to_string()
                } else {
                    self.expr(cx, *object)?
                };
                format!("{obj}.{}", self.field_name(*class, *index))
            }
            ExprKind::Index { .. } if cx.vloads.get(&e).is_some_and(|(ok, _)| ok.is_empty()) => {
                cx.vloads[&e].1.clone()
            }
            ExprKind::Index { array, index } if cx.vloads.contains_key(&e) => {
                let (ok, lane) = cx.vloads[&e].clone();
                let ExprKind::Local(a) = func.expr(*array).kind else {
                    return Err(bug("vector load of a computed array"));
                };
                let name = cx.name(a).to_string();
                let i = self.expr(cx, *index)?;
                let idx = self.index_text(cx, e, expr.span, &i, &format!("{name}_len0"));
                let wide = if cx.narrow.contains_key(&a) { "(int)" } else { "" };
                format!("({ok} ? {lane} : {wide}{name}[{idx}])")
            }
            ExprKind::Index { array, index } => match &func.expr(*array).kind {
                ExprKind::Static(st) => {
                    let ptr = self.static_ptr(*st)?;
                    let len = self.static_len(*st, 0)?;
                    let i = self.expr(cx, *index)?;
                    let idx = self.index_text(cx, e, expr.span, &i, &len);
                    format!("{ptr}[{idx}]")
                }
                ExprKind::Index { array: inner, index: row }
                    if matches!(func.expr(*inner).kind, ExprKind::Static(_)) =>
                {
                    // `m[i][j]` of a static 2-D value array: rows stored one after another.
                    let ExprKind::Static(st) = func.expr(*inner).kind else { unreachable!() };
                    let ptr = self.static_ptr(st)?;
                    let (rows, cols) = (self.static_len(st, 0)?, self.static_len(st, 1)?);
                    let r = self.expr(cx, *row)?;
                    let c = self.after_rows(cx, RowBase::Static(st), vec![*row], *index)?;
                    let row_span = func.expr(*array).span;
                    let ri = self.index_text(cx, *array, row_span, &r, &rows);
                    let ci = self.index_text(cx, e, expr.span, &c, &cols);
                    format!("{ptr}[(long)({ri}) * {cols} + ({ci})]")
                }
                ExprKind::Local(a) if cx.tile == Some(*a) => {
                    // The tiled loop's index runs over `[somd_base, somd_base + somd_count)`.
                    format!("somd_tile[{} - somd_base]", self.expr(cx, *index)?)
                }
                ExprKind::Local(a) if vector_of(&func.local(*a).ty).is_some() => {
                    let Some((p, n)) = vector_of(&func.local(*a).ty) else { unreachable!() };
                    let name = cx.name(*a).to_string();
                    self.lane(cx, e, &name, p, n, *index)?
                }
                ExprKind::Local(a) if cx.staged.contains(a) && cx.narrow.contains_key(a) => {
                    // A staged narrow row: from the group's stage base, in the layout of its
                    // staged type (`sad.rs`), widened to `int`.
                    let at = super::sad::stage_at(&cx.narrow[a]);
                    let name = cx.name(*a).to_string();
                    let i = self.expr(cx, *index)?;
                    let idx = self.index_text(cx, e, expr.span, &i, &format!("{name}_len0"));
                    format!(
                        "((int){name}[{at}({idx}, {name}_len0, (int)get_local_id(0), (int)get_local_size(0))])"
                    )
                }
                ExprKind::Local(a) if cx.staged.contains(a) => {
                    // A staged row: the group's rows interleaved in `__local` memory.
                    let name = cx.name(*a).to_string();
                    let i = self.expr(cx, *index)?;
                    let idx = self.index_text(cx, e, expr.span, &i, &format!("{name}_len0"));
                    format!("{name}[({idx}) * (int)get_local_size(0)]")
                }
                ExprKind::Local(a) if cx.narrow.contains_key(a) => {
                    // A narrow `int` value array: the element widens to `int`.
                    let name = cx.name(*a).to_string();
                    let i = self.expr(cx, *index)?;
                    let idx = self.index_text(cx, e, expr.span, &i, &format!("{name}_len0"));
                    format!("((int){name}[{idx}])")
                }
                ExprKind::Local(a) => {
                    let name = cx.name(*a).to_string();
                    let i = self.expr(cx, *index)?;
                    let idx = self.index_text(cx, e, expr.span, &i, &format!("{name}_len0"));
                    format!("{name}[{idx}]")
                }
                ExprKind::Index { array: inner, index: row }
                    if matches!(func.expr(*inner).kind, ExprKind::Local(m)
                        if vector_rows(&func.local(m).ty).is_some()) =>
                {
                    // An element of a `T[[]][[N]]` buffer of vectors: read through its
                    // scalar view (row `r` starts at element `r * N`).
                    let ExprKind::Local(m) = func.expr(*inner).kind else { unreachable!() };
                    let Some((p, n)) = vector_rows(&func.local(m).ty) else { unreachable!() };
                    let name = cx.name(m).to_string();
                    let r = self.expr(cx, *row)?;
                    let c = self.expr(cx, *index)?;
                    let row_span = func.expr(*array).span;
                    let ri = self.index_text(cx, *array, row_span, &r, &format!("{name}_len0"));
                    let ci = self.index_text(cx, e, expr.span, &c, &n.to_string());
                    format!("((__global {} *){name})[{ri} * {n} + {ci}]", prim_storage(p))
                }
                ExprKind::Index { array: inner, index: mid }
                    if matches!(func.expr(*inner).kind, ExprKind::Index { .. }) =>
                {
                    // `c[x][y][z]` of a 3-D array: one row-major buffer, each index checked
                    // against its dimension at its own access.
                    let ExprKind::Index { array: base, index: first } = func.expr(*inner).kind
                    else {
                        unreachable!()
                    };
                    let ExprKind::Local(a) = func.expr(base).kind else {
                        return Err(bug("indexing of a computed array"));
                    };
                    let name = cx.name(a).to_string();
                    let x = self.expr(cx, first)?;
                    let y = self.after_rows(cx, RowBase::Local(a), vec![first], *mid)?;
                    let z = self.after_rows(cx, RowBase::Local(a), vec![first, *mid], *index)?;
                    let xs = func.expr(*inner).span;
                    let ys = func.expr(*array).span;
                    let xi = self.index_text(cx, *inner, xs, &x, &format!("{name}_len0"));
                    let yi = self.index_text(cx, *array, ys, &y, &format!("{name}_len1"));
                    let zi = self.index_text(cx, e, expr.span, &z, &format!("{name}_len2"));
                    format!("{name}[((long)({xi}) * {name}_len1 + ({yi})) * {name}_len2 + ({zi})]")
                }
                ExprKind::Index { array: inner, index: row } => {
                    let ExprKind::Local(a) = func.expr(*inner).kind else {
                        return Err(bug("indexing of a computed array"));
                    };
                    let name = cx.name(a).to_string();
                    let r = self.expr(cx, *row)?;
                    let c = self.after_rows(cx, RowBase::Local(a), vec![*row], *index)?;
                    let row_span = func.expr(*array).span;
                    let ri = self.index_text(cx, *array, row_span, &r, &format!("{name}_len0"));
                    let ci = self.index_text(cx, e, expr.span, &c, &format!("{name}_len1"));
                    // A proven row `v + k` is `(long)v * cols + k * cols`: every row of a
                    // stencil shares the one product.
                    if cx.proven.contains(array) && !cx.checked.contains(array) {
                        if let Some((v, k)) = self.proven_offset(cx, *array) {
                            let base = format!("(long)({v}) * {name}_len1 + ({ci})");
                            let cols = format!("(long){name}_len1");
                            return Ok(format!("{name}[{}]", offset_text(&base, k, Some(&cols))));
                        }
                    }
                    // In `long`: a matrix may hold more than `Integer.MAX_VALUE` elements.
                    format!("{name}[(long)({ri}) * {name}_len1 + ({ci})]")
                }
                ExprKind::Call { .. } if isolation::called_lane(func, *array, *index) => {
                    // A constant lane of a returned vector: the component of the value.
                    let Some((p, n)) = vector_of(&func.expr(*array).ty) else { unreachable!() };
                    let value = self.expr(cx, *array)?;
                    self.lane(cx, e, &format!("({value})"), p, n, *index)?
                }
                ExprKind::Field { .. } if isolation::vector_field(func, *array) => {
                    // A lane of a vector field (`q.v[k]`), read in place.
                    let Some((p, n)) = vector_of(&func.expr(*array).ty) else { unreachable!() };
                    let field = self.expr(cx, *array)?;
                    self.lane(cx, e, &format!("({field})"), p, n, *index)?
                }
                ExprKind::Field { .. } => {
                    // An array field of a value class holding arrays (`holders.rs`).
                    let Some((field, len)) = self.field_buffer(cx, *array)? else {
                        return Err(bug("indexing of a computed array"));
                    };
                    let i = self.expr(cx, *index)?;
                    let idx = self.index_text(cx, e, expr.span, &i, &len);
                    format!("{field}[{idx}]")
                }
                _ => return Err(bug("indexing of a computed array")),
            },
            ExprKind::Length(a) if isolation::vector_field(func, *a) => {
                let Some((_, n)) = vector_of(&func.expr(*a).ty) else { unreachable!() };
                n.to_string()
            }
            ExprKind::Length(a) if matches!(func.expr(*a).kind, ExprKind::Field { .. }) => {
                match self.field_buffer(cx, *a)? {
                    Some((_, len)) => len,
                    None => return Err(bug("length of a computed array")),
                }
            }
            ExprKind::Length(a) => match &func.expr(*a).kind {
                ExprKind::Static(st) => self.static_len(*st, 0)?,
                ExprKind::Local(l) => match vector_of(&func.local(*l).ty) {
                    Some((_, n)) => n.to_string(),
                    None => format!("{}_len0", cx.name(*l)),
                },
                // Java reads the row, failing where it does not exist; every row of the
                // device's arrays has the same length.
                ExprKind::Index { array, index } => match &func.expr(*array).kind {
                    ExprKind::Static(st) if row_read(cx, RowBase::Static(*st), &[*index]) => {
                        self.static_len(*st, 1)?
                    }
                    ExprKind::Static(st) => {
                        let rows = self.static_len(*st, 0)?;
                        let len = self.static_len(*st, 1)?;
                        self.row_length(cx, *a, *index, &rows, len)?
                    }
                    ExprKind::Local(l) if row_read(cx, RowBase::Local(*l), &[*index]) => {
                        format!("{}_len1", cx.name(*l))
                    }
                    ExprKind::Local(l) => {
                        let name = cx.name(*l).to_string();
                        let len = format!("{name}_len1");
                        self.row_length(cx, *a, *index, &format!("{name}_len0"), len)?
                    }
                    // `c[x][y].length` of a 3-D array.
                    ExprKind::Index { array: base, index: first } => match func.expr(*base).kind {
                        ExprKind::Local(l) => {
                            let name = cx.name(l).to_string();
                            let len = format!("{name}_len2");
                            if row_read(cx, RowBase::Local(l), &[*first, *index]) {
                                len
                            } else {
                                let rows = format!("{name}_len1");
                                let len = self.row_length(cx, *a, *index, &rows, len)?;
                                if row_read(cx, RowBase::Local(l), &[*first]) {
                                    len
                                } else {
                                    let planes = format!("{name}_len0");
                                    self.row_length(cx, *array, *first, &planes, len)?
                                }
                            }
                        }
                        _ => return Err(bug("length of a computed array")),
                    },
                    _ => return Err(bug("length of a computed array")),
                },
                _ => return Err(bug("length of a computed array")),
            },
            ExprKind::Unary { op, operand } => {
                let v = self.expr(cx, *operand)?;
                let p = self.prim_of(cx, *operand)?;
                match (op, p) {
                    (UnOp::Neg, PrimType::Int) => format!("somd_ineg({v})"),
                    (UnOp::Neg, PrimType::Long) => format!("somd_lneg({v})"),
                    (UnOp::Neg, _) => format!("(-{v})"),
                    (UnOp::Not, _) => format!("(!{v})"),
                    (UnOp::BitNot, _) => format!("(~{v})"),
                }
            }
            // Two vectors: Java's `==` of each lane (NaN unequal, -0.0 equal to 0.0), as the
            // vector comparison gives it lane by lane.
            ExprKind::Binary { op, lhs, rhs }
                if op.ty == PrimOrRef::Value && vector_of(&cx.func.expr(*lhs).ty).is_some() =>
            {
                let l = self.expr(cx, *lhs)?;
                let r = self.expr(cx, *rhs)?;
                let eq = format!("all(({l}) == ({r}))");
                match op.kind {
                    BinOpKind::Eq => eq,
                    BinOpKind::Ne => format!("(!{eq})"),
                    _ => return Err(bug("value comparison other than `==` and `!=`")),
                }
            }
            ExprKind::Binary { op, lhs, rhs } if op.ty == PrimOrRef::Value => {
                let Some(c) = isolation::compared_class(self.module, cx.func, *lhs, *rhs) else {
                    return Err(bug("value comparison of objects not compared field by field"));
                };
                let l = self.expr(cx, *lhs)?;
                let r = self.expr(cx, *rhs)?;
                let eq = format!("somd_eq_{}({l}, {r})", self.class_c(c));
                match op.kind {
                    BinOpKind::Eq => eq,
                    BinOpKind::Ne => format!("(!{eq})"),
                    _ => return Err(bug("value comparison other than `==` and `!=`")),
                }
            }
            ExprKind::Binary { op, lhs, rhs } => {
                let PrimOrRef::Prim(ty) = op.ty else { return Err(bug("reference comparison")) };
                let l = self.expr(cx, *lhs)?;
                let r = self.expr(cx, *rhs)?;
                let rty = self.prim_of(cx, *rhs)?;
                match safe_division(cx, e, op.kind, ty, &l, &r) {
                    Some(plain) => plain,
                    None => self.binary(cx, op.kind, ty, rty, &l, &r, expr.span)?,
                }
            }
            ExprKind::Convert { operand } => match self.float_sqrt(cx, e, *operand)? {
                Some(root) => root,
                None => {
                    let v = self.expr(cx, *operand)?;
                    convert(&v, self.prim_of(cx, *operand)?, self.prim_of(cx, e)?)
                }
            },
            ExprKind::Conditional { cond, then_expr, else_expr } => {
                let c = self.expr(cx, *cond)?;
                let t = self.expr(cx, *then_expr)?;
                let f = self.expr(cx, *else_expr)?;
                format!("({c} ? {t} : {f})")
            }
            ExprKind::Call { func: callee, receiver: None, args } => {
                let mut parts = Vec::new();
                let held = self.held_params(cx, *callee, args);
                let target = self.module.function(*callee);
                for (a, q) in args.iter().zip(&target.params) {
                    let mut part = self.arg(cx, *a)?;
                    // A held row passes its registers on (`FnCx::held`).
                    if held.contains(q) {
                        let ExprKind::Local(l) = cx.func.expr(*a).kind else {
                            return Err(bug("held row that is not a local"));
                        };
                        let name = cx.name(l);
                        for g in 0..4 {
                            write!(part, ", {name}_h{g}")?;
                        }
                    }
                    parts.push(part);
                }
                parts.push("somd_err".into());
                let name = self.staged_callee(cx, *callee, args)?;
                format!("{name}({})", parts.join(", "))
            }
            ExprKind::New { class, ctor, args } => match ctor {
                Some(c) => {
                    let mut parts = Vec::new();
                    for a in args {
                        parts.push(self.arg(cx, *a)?);
                    }
                    parts.push("somd_err".into());
                    format!("{}({})", self.fn_name(*c), parts.join(", "))
                }
                None => format!("(({}){{0}})", self.class_c(*class)),
            },
            ExprKind::ValueArrayLit(items) => {
                let (Some((p, n)), packed) =
                    (vector_of(&expr.ty).or(packed_of(&expr.ty)), packed_of(&expr.ty).is_some())
                else {
                    return Err(bug("value-array literal that is not a vector"));
                };
                let mut lanes = Vec::new();
                for item in items {
                    let v = self.expr(cx, *item)?;
                    lanes.push(convert(&v, self.prim_of(cx, *item)?, p));
                }
                if lanes.len() != n as usize {
                    return Err(bug("vector literal of the wrong length"));
                }
                match packed {
                    // A struct of the lanes (`isolation::packed_of`): a compound literal.
                    true => format!("(({}){{{{{}}}}})", packed_c(p, n), lanes.join(", ")),
                    false => format!("(({})({}))", vector_c(p, n), lanes.join(", ")),
                }
            }
            ExprKind::Builtin { .. } if cx.sincos.contains_key(&e) => cx.sincos[&e].clone(),
            ExprKind::Builtin { builtin, args } => self.builtin(cx, *builtin, args)?,
            ExprKind::ReduceArray { .. } => self.nested_reduce(cx, e)?,
            ExprKind::IncDec { target, delta, prefix: false } => {
                // `x++` as a value: C's `x = ...` yields the new value; the old one is the
                // new one minus the step, in the wrapping integer arithmetic of the target's
                // type (the analysis keeps floating-point `x++` values off the device).
                let tty = self.prim_of(cx, *target)?;
                let (wide, one) = inc_dec_type(tty);
                let updated = convert(&format!("({})", self.effect(cx, e)?), tty, wide);
                let undo = if *delta > 0 { BinOpKind::Sub } else { BinOpKind::Add };
                let old = self.binary(cx, undo, wide, wide, &updated, one, expr.span)?;
                convert(&old, wide, tty)
            }
            ExprKind::Assign { .. } | ExprKind::CompoundAssign { .. } | ExprKind::IncDec { .. } => {
                format!("({})", self.effect(cx, e)?)
            }
            other => return Err(bug(format!("expression not supported on the device: {other:?}"))),
        })
    }

    /// Index `later` of an element access, written after the rows `rows` of `base` it
    /// follows (`m[r]` before `c` in `m[r][c]`): a length read through one of them in
    /// `later` is not checked again (`FnCx::rows_read`), unless `later` has an effect,
    /// which may assign what the row's index reads (`g[r][(r = r + 3) * 0 + g[r].length]`
    /// reads another row).
    fn after_rows(
        &mut self,
        cx: &mut FnCx,
        base: RowBase,
        rows: Vec<ExprId>,
        later: ExprId,
    ) -> R<String> {
        if !somd_mir::analysis::walk::effect_free(cx.func, later, &|_| false) {
            return self.expr(cx, later);
        }
        cx.rows_read.push((base, rows));
        let text = self.expr(cx, later);
        cx.rows_read.pop();
        text
    }

    /// The pointer and lengths (C text) of a value an array local takes: a 1-D array
    /// parameter `p` (`p`, `p_len0`), a row `m[r]` of a 2-D one (the row's index checked
    /// against the rows at the access, as Java's `m[r]`; `m_len1`), or a plane or row of a
    /// 3-D one ([`Writer::cube_view`]).
    fn alias_value(&mut self, cx: &mut FnCx, v: ExprId) -> R<(String, Vec<String>)> {
        let func = cx.func;
        let expr = func.expr(v);
        match &expr.kind {
            ExprKind::Local(p) => {
                let name = cx.name(*p).to_string();
                Ok((name.clone(), vec![format!("{name}_len0")]))
            }
            // A static value array, or a row `M[r]` of a static matrix (the row's index
            // checked against the rows, as Java's `M[r]`): its place in the statics buffer.
            ExprKind::Static(st) => Ok((self.static_ptr(*st)?, vec![self.static_len(*st, 0)?])),
            ExprKind::Index { array, index }
                if matches!(func.expr(*array).kind, ExprKind::Static(_)) =>
            {
                let ExprKind::Static(st) = func.expr(*array).kind else { unreachable!() };
                let ptr = self.static_ptr(st)?;
                let (rows, cols) = (self.static_len(st, 0)?, self.static_len(st, 1)?);
                let r = self.expr(cx, *index)?;
                let ri = self.index_text(cx, v, expr.span, &r, &rows);
                Ok((format!("{ptr} + (long)({ri}) * {cols}"), vec![cols]))
            }
            // A plane `c[x]` or a row `c[x][y]` of a 3-D parameter.
            ExprKind::Index { .. } if Self::is_cube_view(func, v) => self.cube_view(cx, v),
            ExprKind::Index { array, index } => match func.expr(*array).kind {
                ExprKind::Local(m) => {
                    let (row, len) = self.row_ref(cx, v, m, *index)?;
                    Ok((row, vec![len]))
                }
                _ => Err(bug("array local holding a row of a computed array")),
            },
            _ => Err(bug("array local holding a value other than a parameter or a row")),
        }
    }

    /// Row `m[index]` (the expression `e`) of the 2-D parameter `m`: a pointer to it, its
    /// index checked against the rows at `e`, and its length.
    fn row_ref(
        &mut self,
        cx: &mut FnCx,
        e: ExprId,
        m: LocalId,
        index: ExprId,
    ) -> R<(String, String)> {
        let name = cx.name(m).to_string();
        let i = self.expr(cx, index)?;
        let span = cx.func.expr(e).span;
        let ri = self.index_text(cx, e, span, &i, &format!("{name}_len0"));
        Ok((format!("{name} + (long)({ri}) * {name}_len1"), format!("{name}_len1")))
    }

    /// A plane `c[x]` or a row `c[x][y]` (the expression `e`) of the 3-D parameter `c`, as
    /// a view of its buffer: a pointer to its first element (each index checked against its
    /// own dimension at its own access, as Java's `c[x]` and `c[x][y]`) and its lengths
    /// (`c_len1, c_len2` for a plane, a rectangular row-major 2-D array; `c_len2` for a
    /// row).
    fn cube_view(&mut self, cx: &mut FnCx, e: ExprId) -> R<(String, Vec<String>)> {
        let func = cx.func;
        let ExprKind::Index { array, index } = func.expr(e).kind else {
            return Err(bug("view of a 3-D array that is not an index"));
        };
        match func.expr(array).kind {
            ExprKind::Local(c) => {
                let name = cx.name(c).to_string();
                let x = self.expr(cx, index)?;
                let span = func.expr(e).span;
                let xi = self.index_text(cx, e, span, &x, &format!("{name}_len0"));
                Ok((
                    format!("{name} + (long)({xi}) * {name}_len1 * {name}_len2"),
                    vec![format!("{name}_len1"), format!("{name}_len2")],
                ))
            }
            ExprKind::Index { array: base, index: first } => {
                let ExprKind::Local(c) = func.expr(base).kind else {
                    return Err(bug("view of a computed 3-D array"));
                };
                let name = cx.name(c).to_string();
                let x = self.expr(cx, first)?;
                let y = self.expr(cx, index)?;
                let xs = func.expr(array).span;
                let ys = func.expr(e).span;
                let xi = self.index_text(cx, array, xs, &x, &format!("{name}_len0"));
                let yi = self.index_text(cx, e, ys, &y, &format!("{name}_len1"));
                Ok((
                    format!("{name} + ((long)({xi}) * {name}_len1 + ({yi})) * {name}_len2"),
                    vec![format!("{name}_len2")],
                ))
            }
            _ => Err(bug("view of a computed 3-D array")),
        }
    }

    /// Whether `e` is a plane `c[x]` or a row `c[x][y]` of a 3-D array local `c`.
    fn is_cube_view(func: &Function, e: ExprId) -> bool {
        matches!(func.expr(e).ty, Type::Array(_) | Type::ValueArray(..))
            && matches!(func.expr(e).kind, ExprKind::Index { .. })
            && somd_mir::analysis::walk::index_root(func, e).is_some_and(|(c, d)| {
                (d == 1 || d == 2)
                    && somd_mir::analysis::isolation::cube_elem(&func.local(c).ty).is_some()
            })
    }

    /// A call argument: arrays pass their buffer and lengths; a row `m[i]` of a 2-D array
    /// passes a pointer to the row (its index checked against the rows) and the row length;
    /// a plane or row of a 3-D array passes a view of its buffer ([`Writer::cube_view`]).
    pub(super) fn arg(&mut self, cx: &mut FnCx, a: ExprId) -> R<String> {
        let func = cx.func;
        let expr = func.expr(a);
        if vector_of(&expr.ty).is_some() {
            // A vector (a local, or a row `m[i]` of a buffer of vectors) passes by value.
            return self.expr(cx, a);
        }
        if Self::is_cube_view(func, a) {
            let (ptr, lens) = self.cube_view(cx, a)?;
            return Ok(format!("{ptr}, {}", lens.join(", ")));
        }
        if let ExprKind::Index { array, index } = &expr.kind {
            if let (ExprKind::Local(l), Some((_, 1))) =
                (&func.expr(*array).kind, somd_mir::analysis::isolation::array_elem(&expr.ty))
            {
                let (row, len) = self.row_ref(cx, a, *l, *index)?;
                return Ok(format!("{row}, {len}"));
            }
        }
        if let (ExprKind::Static(st), Type::ValueArray(..)) = (&expr.kind, &expr.ty) {
            let st = *st;
            // A static 1-D value array passes its place in the statics buffer.
            let ptr = self.static_ptr(st)?;
            return Ok(format!("{ptr}, {}", self.static_len(st, 0)?));
        }
        if let (ExprKind::Index { array, index }, Type::ValueArray(..)) = (&expr.kind, &expr.ty) {
            if let ExprKind::Static(st) = func.expr(*array).kind {
                // A row `M[i]` of a static 2-D value array (a fold's operand): a pointer to
                // the row, its index checked against the rows, and the row length.
                let ptr = self.static_ptr(st)?;
                let (rows, cols) = (self.static_len(st, 0)?, self.static_len(st, 1)?);
                let r = self.expr(cx, *index)?;
                let ri = self.index_text(cx, a, expr.span, &r, &rows);
                return Ok(format!("{ptr} + (long)({ri}) * {cols}, {cols}"));
            }
        }
        if let Some((_, rank)) = somd_mir::analysis::isolation::array_dims(&func.expr(a).ty) {
            let ExprKind::Local(l) = func.expr(a).kind else {
                return Err(bug("array argument that is not a parameter"));
            };
            let name = cx.name(l);
            let mut s = name.to_string();
            for d in 0..rank {
                write!(s, ", {name}_len{d}")?;
            }
            return Ok(s);
        }
        self.expr(cx, a)
    }

    /// The text of loop `shape` ([`Self::loop_text`]), in two copies where one test before
    /// it keeps some of its accesses in range for all its iterations
    /// ([`somd_mir::analysis::loopcheck`]): under that test a copy without their checks,
    /// else the checked loop. Not for a loop whose body holds barriers (the work-items of
    /// a group must take one copy, and the test reads each one's own values), nor past
    /// three copied loops around it (each doubles what it holds).
    fn loop_versions(&mut self, cx: &mut FnCx, level: Level, shape: &LoopShape) -> R<String> {
        let checks = match shape.test {
            Some(t) if !shape.test_at_end && !self.options.unchecked && cx.copies < MAX_COPIES => {
                let skip: BTreeSet<ExprId> =
                    cx.proven.iter().chain(&cx.checked).chain(&cx.untestable).copied().collect();
                let usable = |a: LocalId| cx.has_lengths(a);
                let (body, update) = (shape.body, shape.update);
                loopcheck::loop_checks(
                    self.module,
                    cx.func,
                    t,
                    body,
                    update,
                    &skip,
                    &cx.proven,
                    &usable,
                )
            }
            _ => None,
        };
        let Some(checks) = checks else { return self.loop_text(cx, level, shape, false) };
        cx.copies += 1;
        let checked = self.loop_text(cx, level, shape, false);
        cx.copies -= 1;
        let checked = checked?;
        if holds_barriers(cx, &checked) {
            return Ok(checked);
        }
        let (decls, flag) = self.loop_test(cx, level, &checks)?;
        let proven = cx.proven.clone();
        let safe = cx.safe_divisions.clone();
        cx.proven.extend(checks.accesses());
        cx.safe_divisions.extend(checks.divisors.iter().copied());
        cx.copies += 1;
        let fast = self.loop_text(cx, level.next(), shape, true);
        cx.copies -= 1;
        cx.proven = proven;
        cx.safe_divisions = safe;
        let mut out = decls;
        writeln!(out, "{level}if ({flag}) {{")?;
        out.push_str(&fast?);
        writeln!(out, "{level}}} else {{")?;
        out.push_str(&indented(&checked));
        writeln!(out, "{level}}}")?;
        Ok(out)
    }

    /// The declarations before a loop and the flag of [`Self::loop_versions`]: its index
    /// on entry and at its last iteration (`somd_first<n>`, `somd_last<n>`, in `long`), and
    /// whether it runs no iteration, or each access range of `checks` lies in its array at
    /// both ends and no step carries the index past `int`'s end (Java's loop would go on
    /// with the index wrapped around).
    fn loop_test(
        &mut self,
        cx: &mut FnCx,
        level: Level,
        checks: &LoopChecks,
    ) -> R<(String, String)> {
        let n = cx.temp_count;
        cx.temp_count += 1;
        let (first, last, bound) =
            (format!("somd_first{n}"), format!("somd_last{n}"), format!("somd_bound{n}"));
        // The bound's element reads, in the test as in the copy's, go without their checks
        // where the test has found them in their arrays.
        let proven = cx.proven.clone();
        cx.proven.extend(checks.bound_reads.iter().flat_map(|r| r.accesses.iter().copied()));
        let bound_text = self.expr(cx, checks.bound);
        cx.proven = proven;
        let bound_text = bound_text?;
        let step = checks.step;
        let up = step > 0;
        let by = step.unsigned_abs();
        // Iterations run while `first op bound`; the last is the furthest index a whole
        // number of steps away that still satisfies the comparison. One step past it must
        // not carry the index past `int`'s end, where Java's loop would go on wrapped
        // around (one step at a time below an `int` bound never does).
        let (runs, last_text, no_wrap) = match (checks.op, by) {
            (BinOpKind::Lt, 1) => (format!("{first} < {bound}"), format!("{bound} - 1L"), None),
            (BinOpKind::Gt, 1) => (format!("{first} > {bound}"), format!("{bound} + 1L"), None),
            (BinOpKind::Le, 1) => (
                format!("{first} <= {bound}"),
                bound.clone(),
                Some(format!("{bound} < 2147483647L")),
            ),
            (BinOpKind::Ge, 1) => (
                format!("{first} >= {bound}"),
                bound.clone(),
                Some(format!("{bound} > -2147483648L")),
            ),
            (BinOpKind::Lt, _) => (
                format!("{first} < {bound}"),
                format!("{first} + ({bound} - 1L - {first}) / {by}L * {by}L"),
                Some(format!("{last} + {by}L <= 2147483647L")),
            ),
            (BinOpKind::Le, _) => (
                format!("{first} <= {bound}"),
                format!("{first} + ({bound} - {first}) / {by}L * {by}L"),
                Some(format!("{last} + {by}L <= 2147483647L")),
            ),
            (BinOpKind::Gt, _) => (
                format!("{first} > {bound}"),
                format!("{first} - ({first} - {bound} - 1L) / {by}L * {by}L"),
                Some(format!("{last} - {by}L >= -2147483648L")),
            ),
            (BinOpKind::Ge, _) => (
                format!("{first} >= {bound}"),
                format!("{first} - ({first} - {bound}) / {by}L * {by}L"),
                Some(format!("{last} - {by}L >= -2147483648L")),
            ),
            _ => return Err(bug("loop counted by no comparison")),
        };
        let (low, high) = if up { (&first, &last) } else { (&last, &first) };
        // Every operand of the tests is a variable (not `const`): a test that a C compiler
        // could fold (a private array's constant length against a constant index) would
        // draw a warning, which the corpus tests build with `-Werror`.
        let mut tests = RangeTests { n, vars: Vec::new(), sums: Vec::new(), tests: Vec::new() };
        for (j, r) in checks.bound_reads.iter().enumerate() {
            self.range_tests(cx, &mut tests, &format!("b{j}"), r, low, high)?;
        }
        let reads_vars = std::mem::take(&mut tests.vars);
        let reads = std::mem::replace(&mut tests.tests, no_wrap.into_iter().collect());
        if !checks.divisors.is_empty() {
            tests.tests.push(format!("{low} >= 1L"));
        }
        for (j, r) in checks.ranges.iter().enumerate() {
            self.range_tests(cx, &mut tests, &j.to_string(), r, low, high)?;
        }
        let mut out = String::new();
        writeln!(
            out,
            "{level}/* The loop's indices at its first and last iteration: where all lie in their arrays, a copy without their checks. */"
        )?;
        writeln!(out, "{level}long {first} = (long)({});", cx.name(checks.index))?;
        for v in reads_vars {
            writeln!(out, "{level}{v}")?;
        }
        // The bound's element reads are made only where they lie in their arrays; elsewhere
        // the checked loop runs, and fails where Java's first test does.
        let guard = match reads.is_empty() {
            true => {
                writeln!(out, "{level}long {bound} = (long)({bound_text});")?;
                String::new()
            }
            false => {
                let ok = format!("somd_reads{n}");
                writeln!(out, "{level}const bool {ok} = {};", reads.join(" && "))?;
                writeln!(out, "{level}long {bound} = {ok} ? (long)({bound_text}) : 0L;")?;
                format!("{ok} && ")
            }
        };
        writeln!(out, "{level}long {last} = {last_text};")?;
        for v in tests.vars {
            writeln!(out, "{level}{v}")?;
        }
        let flag = format!("somd_fast{n}");
        let holds = format!("!({runs}) || ({})", tests.tests.join(" && "));
        match guard.is_empty() {
            true => writeln!(out, "{level}const bool {flag} = {holds};")?,
            false => writeln!(out, "{level}const bool {flag} = {guard}({holds});")?,
        }
        Ok((out, flag))
    }

    /// Adds to `tests` the tests that range `r` (named `j` among the loop's) lies in its
    /// array at both ends of the loop (`low` and `high` its least and greatest index), with
    /// the variables they read.
    fn range_tests(
        &mut self,
        cx: &mut FnCx,
        tests: &mut RangeTests,
        j: &str,
        r: &IndexRange,
        low: &str,
        high: &str,
    ) -> R<()> {
        let n = tests.n;
        let mut k = String::new();
        if !r.terms.is_empty() {
            let mut sum = String::new();
            for (term, add) in &r.terms {
                let t = self.expr(cx, *term)?;
                let sign = match (add, sum.is_empty()) {
                    (true, true) => "",
                    (true, false) => " + ",
                    (false, true) => "-",
                    (false, false) => " - ",
                };
                write!(sum, "{sign}(long)({t})")?;
            }
            let name = match tests.sums.iter().find(|(text, _)| *text == sum) {
                Some((_, name)) => name.clone(),
                None => {
                    let name = format!("somd_terms{n}_{j}");
                    tests.vars.push(format!("long {name} = {sum};"));
                    tests.sums.push((sum, name.clone()));
                    name
                }
            };
            k = format!(" + {name}");
        }
        let at = |v: &str, d: i64| {
            let mut x = match r.scale {
                0 => String::new(),
                1 => v.to_string(),
                s => format!("{s}L * {v}"),
            };
            match d {
                _ if x.is_empty() && k.is_empty() => x = format!("{d}L"),
                0 => {}
                d if x.is_empty() => x = format!("{d}L"),
                d if d > 0 => x = format!("{x} + {d}L"),
                d => x = format!("{x} - {}L", -d),
            }
            match x.is_empty() {
                true => k.trim_start_matches(" + ").to_string(),
                false => x + &k,
            }
        };
        let (least, most) = if r.scale >= 0 { (low, high) } else { (high, low) };
        let mut len = format!("(long){}_len{}", cx.name(r.len.array), r.len.dim);
        if cx.privates.contains_key(&r.len.array) {
            let name = format!("somd_len{n}_{j}");
            tests.vars.push(format!("long {name} = {len};"));
            len = name;
        }
        // A constant index needs no test of its least value: the analysis keeps only
        // those at least 0.
        let tested = [
            (r.scale != 0 || !r.terms.is_empty()).then(|| format!("{} >= 0L", at(least, r.lo))),
            Some(format!("{} < {len}", at(most, r.hi))),
        ];
        for t in tested.into_iter().flatten() {
            if !tests.tests.contains(&t) {
                tests.tests.push(t);
            }
        }
        Ok(())
    }

    /// The text of loop `shape`: a counter and a stop check where a failure may leave it
    /// running on stand-ins ([`Self::stop_guard`]), and a copy of its own where its index
    /// may wrap around ([`Self::wrap_guard`]) unless it `ends` (a test before it says no
    /// step carries the index past its type's end).
    fn loop_text(
        &mut self,
        cx: &mut FnCx,
        level: Level,
        shape: &LoopShape,
        ends: bool,
    ) -> R<String> {
        let LoopShape { label, test, test_at_end, body, update } = *shape;
        let (label, test, test_at_end) = (&label, &test, &test_at_end);
        let mut out = String::new();
        let jumps = label.map(|l| self.open_label(cx, l, body));
        let cond = match test {
            Some(t) => condition(&self.expr(cx, *t)?).to_string(),
            None => "true".into(),
        };
        // `continue label` goes to the end of the body, where `continue` goes.
        let next = match &jumps {
            Some((name, true, _)) => format!("{}{name}_next: ;\n", level.next()),
            _ => String::new(),
        };
        let mut steps = None;
        let (head, inner, tail) = if *test_at_end {
            let inner = self.block(cx, level.next(), body)? + &next;
            let mut tail = String::new();
            for u in update {
                writeln!(tail, "{}{};", level.next(), self.effect(cx, *u)?)?;
            }
            writeln!(tail, "{level}}} while ({cond});")?;
            (format!("{level}do {{\n"), inner, tail)
        } else {
            let upd: Vec<String> = match self.signed_step(cx, shape, false) {
                Some(step) => vec![step],
                None => update.iter().map(|u| self.effect(cx, *u)).collect::<R<_>>()?,
            };
            let head = format!("{level}for (; {cond}; {}) {{\n", upd.join(", "));
            let inner = self.block(cx, level.next(), body)? + &next;
            steps = Some(upd.join(", "));
            (head, inner, format!("{level}}}\n"))
        };
        // A loop that may run as long as its data say, or that may fail and run on
        // on stand-ins, leaves once a failure settles the launch (`stop_guard`).
        let counted = somd_mir::analysis::walk::counted(cx.func, *test, body, update);
        let bounded = test.is_some_and(|t| cx.bounded_loops.contains(&t));
        let roots: Vec<ExprId> = test.iter().chain(update).copied().collect();
        let fails = !bounded
            && ([&head, &inner, &tail].iter().any(|t| may_fail_text(t))
                || calls_may_throw(self.module, cx.func, body, &roots));
        // Barriers in the body, or in the work-group folds it calls (the lanes form's
        // variant, "Across a work-group" in `nested.rs`): the work-group leaves
        // together or not at all.
        let barriers = holds_barriers(cx, &inner);
        // A loop that cannot fail and whose trip count its bound tells (a counted one,
        // or one bounded by `Math`) still runs in work-items Java never reaches, or on a
        // stand-in a failed read left: one that holds no loop checks only where its
        // bound lets it run long (`long_guard`), one that holds a loop always. A loop
        // from a length or constant to another (`bounded`) runs no longer than its data
        // make it run anyway.
        let trips = match (fails, barriers, bounded) {
            (false, false, false) => walk::trip_test(self.module, cx.func, *test, body, update),
            _ => None,
        };
        let loops = walk::holds_loop(self.module, cx.func, body);
        let holds = trips.is_some() && loops;
        // A loop holding loops counts on the work-item's counter (`SOMD_NEST_STOP`), which
        // does not start again at each entry as a counter of its own would.
        let guard = match (counted, fails, barriers) {
            _ if barriers && cx.lanes.is_some() && !cx.slices => Some(self.lanes_guard(cx)),
            (true, _, true) => None,
            _ if trips.is_some() && !holds => None,
            (true, false, _) if !holds => None,
            (_, _, false) if loops => Some(nest_guard()),
            _ => Some(self.stop_guard(cx, barriers)),
        };
        // A counted loop whose index a step may carry past its type's end checks
        // only where its bound lets it (`walk::wraps_at`): in a copy of its own,
        // where no label would be defined twice. The flag is set before the body
        // of a `do`-`while` loop too: its bound cannot fail and keeps its value.
        // A body holding a copied loop already keeps its check in the loop, so that
        // copies of nested loops do not multiply.
        let wrap = match guard {
            None if !barriers && !ends => self.wrap_guard(cx, *test, body, update)?,
            _ => None,
        };
        let long = match (guard.is_none(), trips) {
            (true, Some(t)) => Some(self.long_guard(cx, t)?),
            _ => None,
        };
        let single = jumps.is_some()
            || inner.contains("_next: ;")
            || inner.contains("_done: ;")
            || inner.contains("if (somd_wrap")
            || inner.contains("if ((somd_wrap")
            || inner.contains("if (somd_long");
        // The copies run only where the wrap flag says no step wraps take C's signed step
        // ([`Self::signed_step`]).
        let wrapping = head.clone();
        let (head, steps) = match (&wrap, self.signed_step(cx, shape, true)) {
            (Some(Wrap::Versioned { .. }), Some(step)) if steps.is_some() => {
                (format!("{level}for (; {cond}; {step}) {{\n"), Some(step))
            }
            _ => (head, steps),
        };
        // A long copy runs in blocks ([`Self::blocked_text`]) where its index cannot wrap:
        // the copy checking each iteration is kept for where it may.
        let blocked = match (&wrap, &long, trips, &steps, single) {
            (
                None | Some(Wrap::Versioned { .. }),
                Some(Wrap::Versioned { .. }),
                Some(t),
                Some(steps),
                false,
            ) => {
                let written = Written { level, steps, inner: &inner };
                self.blocked_text(cx, shape, t, written, Count::Long)?
            }
            _ => None,
        };
        // A loop holding loops that counts on the work-item's counter runs in blocks too,
        // each block's iterations added to the counter at its end, where its index cannot
        // wrap (Java's wrapping step would carry it past the block's end). Its body is
        // written once, so copies of the loops it holds do not multiply; a label of its
        // own keeps it as written.
        let nested = match (trips, &steps, &jumps) {
            (Some(t), Some(steps), None)
                if holds
                    && guard == Some(nest_guard())
                    && (ends
                        || walk::wraps_at(Some(self.module), cx.func, *test, body, update)
                            .is_none()) =>
            {
                let written = Written { level, steps, inner: &inner };
                self.blocked_text(cx, shape, t, written, Count::Nest)?
            }
            _ => None,
        };
        if let Some(nested) = nested {
            writeln!(out, "{level}{{")?;
            out.push_str(&nested);
            writeln!(out, "{level}}}")?;
            return Ok(out);
        }
        if let (Some(blocked), Some(Wrap::Versioned { name: long, flag: long_flag, .. })) =
            (blocked, &long)
        {
            let plain = indented(&format!("{head}{inner}{tail}"));
            match &wrap {
                Some(Wrap::Versioned { name, flag, decl, check }) => {
                    let checked =
                        format!("{level}{decl}\n{wrapping}{}{check}\n{inner}{tail}", level.next());
                    for line in flag.lines().chain(long_flag.lines()) {
                        writeln!(out, "{level}{line}")?;
                    }
                    writeln!(out, "{level}if ({name}) {{")?;
                    out.push_str(&indented(&checked));
                    writeln!(out, "{level}}} else if ({long}) {{")?;
                }
                _ => {
                    for line in long_flag.lines() {
                        writeln!(out, "{level}{line}")?;
                    }
                    writeln!(out, "{level}if ({long}) {{")?;
                }
            }
            out.push_str(&blocked);
            writeln!(out, "{level}}} else {{")?;
            out.push_str(&plain);
            writeln!(out, "{level}}}")?;
            return Ok(out);
        }
        let wrap = Wrap::join(wrap, long);
        if let Some(Wrap::Versioned { name, flag, decl, check }) = wrap.as_ref().filter(|_| !single)
        {
            let plain = format!("{head}{inner}{tail}");
            let checked =
                format!("{level}{decl}\n{wrapping}{}{check}\n{inner}{tail}", level.next());
            for line in flag.lines() {
                writeln!(out, "{level}{line}")?;
            }
            writeln!(out, "{level}if ({name}) {{")?;
            out.push_str(&indented(&checked));
            writeln!(out, "{level}}} else {{")?;
            out.push_str(&indented(&plain));
            writeln!(out, "{level}}}")?;
            return Ok(out);
        }
        let guard = guard.or(wrap.map(Wrap::guard));
        for line in guard.iter().flat_map(|(decl, _)| decl.lines()) {
            writeln!(out, "{level}{line}")?;
        }
        out.push_str(&wrapping);
        if let Some((_, check)) = &guard {
            writeln!(out, "{}{check}", level.next())?;
        }
        out.push_str(&inner);
        out.push_str(&tail);
        if let Some((name, _, done)) = jumps {
            cx.labels.pop();
            if done {
                writeln!(out, "{level}{name}_done: ;")?;
            }
        }
        Ok(out)
    }

    /// The update of a counted loop over an `int` index `i` stepped by a constant, where no
    /// step can carry the index past its type's end (`walk::wraps_at` finds no comparison
    /// that may let it): C's signed step, `i = i - 1`, rather than Java's wrapping one
    /// (`somd_isub(i, 1)`, an unsigned subtraction), which is the same where it cannot
    /// wrap. NVIDIA's OpenCL compiler widened an index stepped by the unsigned subtraction
    /// as if its values were unsigned: `for (int k = n; k > -n; k--) s ^= k;` over a
    /// `long` `s` gave `s` with its sign unflipped where 999 negative `k`s flip it, on
    /// the H100 (`bench/gpu/s109_blocks_probe.py`, `loopcheck_blocks`); with the signed
    /// step, Java's. `flagged`: for the copies of a loop that run only where its wrap flag
    /// says no step wraps ([`Self::wrap_guard`]). `None` for any other loop.
    fn signed_step(&mut self, cx: &FnCx, shape: &LoopShape, flagged: bool) -> Option<String> {
        let LoopShape { test, test_at_end, body, update, .. } = *shape;
        let [step] = update else { return None };
        let (i, by) = walk::step_by(cx.func, *step)?;
        let int = matches!(cx.func.local(i).ty, Type::Prim(PrimType::Int));
        let steady = !test_at_end
            && walk::counted(cx.func, test, body, update)
            && (flagged
                || walk::wraps_at(Some(self.module), cx.func, test, body, update).is_none());
        let by = i32::try_from(by).ok().filter(|by| *by != i32::MIN)?;
        let name = cx.name(i);
        let op = if by < 0 { "-" } else { "+" };
        (int && steady).then(|| format!("{name} = {name} {op} {}", by.unsigned_abs()))
    }

    /// The copy of a loop that cannot fail and runs long where its flag
    /// ([`Self::long_guard`]) holds, one level into `written`'s, in blocks of 1024
    /// iterations with a check between them, as the CPU back end runs it (`write_blocked`
    /// in `rust/stmt.rs`): `for (;;) { last = the bound lies at most a block away; end = last ?
    /// the bound : i + 1024 * step; the loop with `i op end` for its test; leave after the
    /// last block or where the loop left before its block's end (a `break`: the body never
    /// steps the index); check }`; the caller keeps the loop as written where the flag
    /// does not hold, and the copy checking each iteration where the index may wrap. A counter
    /// and a test in each iteration kept the compiler from the loop's body:
    /// `bench/gpu/programs/s105long.somd`'s `far` (70,000 steps of `s = s * 31 + k` per
    /// work-item) took 4.78 ms a launch on the H100 against 0.64 with no check; in blocks,
    /// 0.29 (`bench/gpu/s109_long_ablation.py`). Only a loop whose test is its counting
    /// comparison alone (`i < n`), stepped by its update or its body's last statement,
    /// whose bound reads no static and keeps its value through the body (it reads only
    /// locals, constants, lengths and `Math` of them, or the body and update store only to
    /// locals), and whose block's step fits its index type; `None` for any other, which
    /// keeps the counter. A loop holding loops (`Count::Nest`) runs so wherever its index
    /// cannot wrap, with no flag: it counts its blocks on the work-item's counter
    /// ([`nest_guard`]) rather than checking after each.
    fn blocked_text(
        &mut self,
        cx: &mut FnCx,
        shape: &LoopShape,
        (i, by, op, bound): (LocalId, i64, BinOpKind, ExprId),
        written: Written<'_>,
        count: Count,
    ) -> R<Option<String>> {
        let Written { level, steps, inner } = written;
        let Some(test) = shape.test.filter(|_| !shape.test_at_end) else { return Ok(None) };
        let is_index = |e: ExprId| matches!(cx.func.expr(e).kind, ExprKind::Local(l) if l == i);
        let alone = match &cx.func.expr(test).kind {
            ExprKind::Binary { lhs, rhs, .. } => {
                (is_index(*lhs) && *rhs == bound) || (is_index(*rhs) && *lhs == bound)
            }
            _ => false,
        };
        let mut statics = false;
        walk::each_expr(cx.func, bound, &mut |e| {
            statics |= matches!(cx.func.expr(e).kind, ExprKind::Static(_));
        });
        // The bound is read once a block: it must keep its value whatever the body
        // stores. A counted loop's bound reads no local the body assigns, but an element
        // it reads (`k < lim[p]`, unchecked in a copy whose accesses a test showed in
        // range) may be stored to in the body, and Java's next test reads the new value:
        // a bound reading more than locals, constants, lengths and `Math` of them needs a
        // body and update that store only to locals.
        let steady = walk::plain_value(cx.func, bound)
            || walk::quiet_value(self.module, cx.func, bound)
            || walk::stores_only_locals(self.module, cx.func, shape.body, shape.update);
        // A loop stepped in its body only by its last statement: a `break` after a step
        // elsewhere would leave the index at a block's end, which reads as the block's end.
        let stepped_last = !shape.update.is_empty()
            || walk::body_count(self.module, cx.func, test, shape.body).is_some();
        let (ty, max) = match cx.func.local(i).ty {
            Type::Prim(PrimType::Int) => ("int", i128::from(i32::MAX)),
            _ => ("long", i128::from(i64::MAX)),
        };
        let step = 1024 * i128::from(by);
        if !alone || !stepped_last || statics || !steady || step.abs() > max {
            return Ok(None);
        }
        let b = self.expr(cx, bound)?;
        let index = cx.name(i).to_string();
        let n = cx.temp_count;
        cx.temp_count += 1;
        let (last, end) = (format!("somd_last{n}"), format!("somd_end{n}"));
        let (high, low) = trip_ends(op, &index, &b);
        let cmp = match op {
            BinOpKind::Lt => "<",
            BinOpKind::Le => "<=",
            BinOpKind::Gt => ">",
            _ => ">=",
        };
        // As in `long_guard`: between two `long`s the distance is taken as a `ulong` only
        // where the high end is above the low one. A block starts with the bound beyond
        // the index, so where `last` holds the bound lies within a block of it: in the
        // index's type.
        let far = step.unsigned_abs();
        let last_test = match walk::wide_distance(cx.func, (i, by, op, bound)) {
            true => format!("!({high} > {low} && (ulong){high} - (ulong){low} > {far}UL)"),
            false => format!("{high} - {low} <= {far}L"),
        };
        let suffix = if ty == "long" { "L" } else { "" };
        let (l1, l2) = (level.next(), level.next().next());
        let mut out = String::new();
        writeln!(out, "{l1}for (;;) {{")?;
        if count == Count::Nest {
            // A block's start counts as its first iteration would, so that once an inner
            // loop stopped (the counter at 1023) the loops holding it leave at their next
            // blocks: a block goes on to its end before it counts the rest.
            writeln!(out, "{l2}{NEST_CHECK}")?;
        }
        writeln!(out, "{l2}const bool {last} = {last_test};")?;
        writeln!(out, "{l2}const {ty} {end} = {last} ? ({ty})({b}) : {index} + ({step}{suffix});")?;
        let from = format!("somd_from{n}");
        if count == Count::Nest {
            writeln!(out, "{l2}const {ty} {from} = {index};")?;
        }
        // `i op end` implies the test: `end` lies no further than the bound, which keeps
        // its value (a counted loop's steady bound), and reading it again has no effect.
        writeln!(out, "{l2}for (; {index} {cmp} {end}; {steps}) {{")?;
        out.push_str(&indented(&indented(inner)));
        writeln!(out, "{l2}}}")?;
        let leave = format!("if ({last} || {index} {cmp} {end}) break;");
        match count {
            Count::Long => {
                writeln!(out, "{l2}{leave}")?;
                writeln!(out, "{l2}if (SOMD_STOP()) break;")?;
            }
            Count::Nest => {
                // The block's iterations, exact in the index's type (at most 1024 steps,
                // which fit it), counted before the last block leaves: a nest of short
                // loops entered again and again still reaches the counter's checks.
                let ticks = match by {
                    1 => format!("{index} - {from}"),
                    by => format!("({index} - {from}) / ({by}{suffix})"),
                };
                writeln!(out, "{l2}if (SOMD_NEST_TICKS((uint)({ticks}))) break;")?;
                writeln!(out, "{l2}{leave}")?;
            }
        }
        writeln!(out, "{l1}}}")?;
        Ok(Some(out))
    }

    /// The declaration of a loop's iteration counter and the check at the top of its body:
    /// every 1024 iterations the loop stops once nothing the work-item could still meet
    /// comes first in Java's order (`somd_stop`, `somd_errors.cl`: one global read). A
    /// loop whose end depends on its data (`while (x != 1)`) may never end on the stand-in
    /// value a failed access leaves (`SOMD_INDEX` reads element 0), or on data Java never
    /// reaches because it stops at an earlier failure; a counted loop that may fail runs to
    /// its bound on stand-ins (`j < n` over a row shorter than `n`). The host raises the
    /// recorded exception. A loop whose body holds barriers, which a work-group must leave
    /// together, tests whether any work-item failed (`SOMD_FAILED`).
    pub(super) fn stop_guard(&mut self, cx: &mut FnCx, barriers: bool) -> (String, String) {
        let name = spin_counter(cx);
        let test = if barriers { "SOMD_FAILED()" } else { "SOMD_STOP()" };
        (format!("uint {name} = 0u;"), format!("if ((++{name} & 1023u) == 0u && {test}) break;"))
    }

    /// The stop guard of a loop of the lanes form's function (`nested.rs`, "Across a
    /// work-group") whose body calls its folds across the work-group, and so holds their
    /// barriers: the group must leave it together, at the same iteration. Every work-item
    /// runs the function's own statements alike, and the vote after each fold gives all of
    /// them the done key once any has it (`broadcast`), so the loop leaves at the top of an
    /// iteration where the key is done; every 1024 iterations each work-item asks
    /// `somd_stop` without leaving, so a failure elsewhere that settles the launch reaches
    /// the next fold's vote. A loop holding a fold, bounded by data Java never reaches (an
    /// earlier element failed), ran to its end with no check
    /// (`loopcheck_lanes_fold_loop_stop.somd`: two billion folds).
    fn lanes_guard(&mut self, cx: &mut FnCx) -> (String, String) {
        let name = spin_counter(cx);
        let check = format!(
            "if (somd_err->key == SOMD_KEY_DONE) break; \
             if ((++{name} & 1023u) == 0u) (void)SOMD_STOP();"
        );
        (format!("uint {name} = 0u;"), check)
    }

    /// The stop guard of a counted loop (`test`, `body`, `update`) whose index a step may
    /// carry past its type's end, where Java's loop would run on with the index wrapped
    /// around (`walk::wraps_at`): the check runs only when the bound, evaluated once before
    /// the loop, lets that happen (`somd_wrap<n>`, loop-invariant), in a copy of the loop of
    /// its own ([`Wrap::Versioned`]; behind the flag in the loop, CP's atom loop `a <
    /// atoms.length; a += 4` took 7% longer on the H200). A bound that may fail (its text
    /// checks an index or a divisor), which Java evaluates only when the loop tests it,
    /// checks always, as do a constant one (`j <= 2147483647`) and a floating-point one.
    /// The bound has no effect (`walk::counted`'s steady bound).
    fn wrap_guard(
        &mut self,
        cx: &mut FnCx,
        test: Option<ExprId>,
        body: &Block,
        update: &[ExprId],
    ) -> R<Option<Wrap>> {
        let Some((bound, up, limit)) =
            walk::wraps_at(Some(self.module), cx.func, test, body, update)
        else {
            return Ok(None);
        };
        let text = self.expr(cx, bound)?;
        let (decl, check) = self.stop_guard(cx, false);
        let b = cx.func.expr(bound);
        let floating = matches!(b.ty, Type::Prim(PrimType::Float | PrimType::Double));
        if may_fail_text(&text) || floating || matches!(b.kind, ExprKind::Const(_)) {
            return Ok(Some(Wrap::Always(decl, check)));
        }
        let name = format!("somd_wrap{}", cx.temp_count);
        cx.temp_count += 1;
        // `limit` lies within the bound's range, so within `long`'s (whose least value
        // has no literal of its own in C).
        let cmp = if up { ">=" } else { "<=" };
        let limit = match limit == i128::from(i64::MIN) {
            true => format!("({}L - 1L)", i64::MIN + 1),
            false => format!("{limit}L"),
        };
        let flag = format!("const bool {name} = (long)({text}) {cmp} {limit};");
        Ok(Some(Wrap::Versioned { name, flag, decl, check }))
    }

    /// The stop guard of a loop that cannot fail whose trip count its bound tells
    /// (`walk::trip_test`): the check runs only in a copy of the loop taken where the
    /// bound, evaluated once before the loop, is at least `walk::LONG_TRIPS` steps away
    /// (`somd_long<n>`). A short loop runs as written: a counter and a check in every
    /// iteration of a tile's 64 columns took its kernel from 16.5 to 30.4 ms on the H200
    /// (hundred-and-second session). A bound whose text may fail checks always.
    fn long_guard(&mut self, cx: &mut FnCx, trips: (LocalId, i64, BinOpKind, ExprId)) -> R<Wrap> {
        let (i, by, op, bound) = trips;
        let text = self.expr(cx, bound)?;
        let (decl, check) = self.stop_guard(cx, false);
        if may_fail_text(&text) {
            return Ok(Wrap::Always(decl, check));
        }
        let name = format!("somd_long{}", cx.temp_count);
        cx.temp_count += 1;
        let index = cx.name(i).to_string();
        let far = walk::long_distance(by);
        let (high, low) = trip_ends(op, &index, &text);
        // Between two `long`s the difference may pass `LONG_MAX` (undefined in OpenCL C):
        // it is taken as a `ulong` only where the high end is above the low one, where it
        // is exact.
        let flag = match walk::wide_distance(cx.func, trips) {
            true => format!(
                "const bool {name} = {high} > {low} && (ulong){high} - (ulong){low} >= {far}UL;"
            ),
            false => format!("const bool {name} = {high} - {low} >= {far}L;"),
        };
        Ok(Wrap::Versioned { name, flag, decl, check })
    }

    /// Element `index` of the vector local `name` (`T[[N]]` held as `TN`): a component
    /// `.sK` for a constant index in range; else the checked index (`SOMD_INDEX` against
    /// `N`, reported at the access) into the vector's lanes through a pointer to its first
    /// lane. OpenCL lays a vector out as its lanes in order, and a private variable's
    /// address may be taken on every OpenCL C version (PoCL and NVIDIA both keep small
    /// private arrays indexed this way in registers or their local memory).
    fn lane(
        &mut self,
        cx: &mut FnCx,
        access: ExprId,
        name: &str,
        p: PrimType,
        n: u32,
        index: ExprId,
    ) -> R<String> {
        if let ExprKind::Const(Const::Int(k)) = cx.func.expr(index).kind {
            if (0..n as i32).contains(&k) {
                return Ok(format!("{name}.s{k:x}"));
            }
        }
        let i = self.expr(cx, index)?;
        let span = cx.func.expr(access).span;
        let idx = self.index_text(cx, access, span, &i, &n.to_string());
        Ok(format!("((__private {} *)&{name})[{idx}]", prim_c(p)))
    }

    /// Field number of static `s` in the program's statics buffer (`Writer::statics`).
    fn static_number(&self, s: StaticId) -> R<usize> {
        self.statics
            .iter()
            .position(|t| *t == s)
            .ok_or_else(|| bug("static field outside the statics buffer"))
    }

    /// The C type of static `s`'s elements (its own type for a single value).
    pub(super) fn static_elem(&self, s: StaticId) -> R<String> {
        use somd_mir::analysis::isolation::{device_static, StaticElem};
        let field = self.module.statics.get(s.0 as usize).ok_or_else(|| bug("no static field"))?;
        match device_static(self.module, &field.ty) {
            Some((StaticElem::Prim(p), _)) => Ok(prim_storage(p).to_string()),
            Some((StaticElem::Value(c), _)) => Ok(self.class_c(c).to_string()),
            None => Err(bug("static field of a type without device data")),
        }
    }

    /// A pointer to static `s`'s data, typed by its elements (`SOMD_ST`, `somd_errors.cl`).
    fn static_ptr(&self, s: StaticId) -> R<String> {
        Ok(format!("SOMD_ST({}, {})", self.static_elem(s)?, self.static_number(s)?))
    }

    /// The numbers of the static fields the kernel of `func` and `helpers` (and the functions
    /// they call) read.
    fn kernel_statics(&self, func: FuncId, helpers: &BTreeSet<FuncId>) -> Vec<u16> {
        let mut roots: BTreeSet<FuncId> = helpers.clone();
        roots.insert(func);
        let mut fields = BTreeSet::new();
        for f in self.helper_order(&roots) {
            let reads = somd_mir::analysis::isolation::device_static_reads(
                self.module,
                self.module.function(f),
            );
            fields.extend(reads.filter_map(|s| self.static_number(s).ok()).map(|k| k as u16));
        }
        fields.into_iter().collect()
    }

    /// The value classes the kernels use: those their functions name, and those of the static
    /// fields in the statics buffer (declared and laid out even when no kernel function
    /// names the class otherwise).
    /// The value classes whose objects some function compares with `==` or `!=`
    /// (`isolation::compared_class`), with the classes of their fields at any depth: each
    /// gets a `somd_eq_C` after its struct ([`Writer::eq_function`]).
    fn compared_classes(&self) -> BTreeSet<ClassId> {
        let mut out = BTreeSet::new();
        let mut todo = Vec::new();
        for func in &self.module.functions {
            for e in &func.exprs {
                if let ExprKind::Binary { op, lhs, rhs } = &e.kind {
                    if op.ty == PrimOrRef::Value {
                        todo.extend(isolation::compared_class(self.module, func, *lhs, *rhs));
                    }
                }
            }
        }
        while let Some(c) = todo.pop() {
            if out.insert(c) {
                for f in &self.module.class(c).fields {
                    if let Type::Object(inner) = f.ty {
                        todo.push(inner);
                    }
                }
            }
        }
        out
    }

    /// `somd_eq_C(a, b)`: Java's `==` of two objects of value class `c`, field by field,
    /// each with its type's `==` (a `float` field's NaN differs from itself, `0.0` equals
    /// `-0.0`), a value-class field by its own `somd_eq_`.
    fn eq_function(&self, c: ClassId) -> String {
        let class = self.module.class(c);
        let name = self.class_c(c);
        let tests: Vec<String> = field_cs(class)
            .iter()
            .zip(&class.fields)
            .map(|(f, field)| match field.ty {
                Type::Object(inner) => format!("somd_eq_{}(a.{f}, b.{f})", self.class_c(inner)),
                _ => format!("a.{f} == b.{f}"),
            })
            .collect();
        let body = if tests.is_empty() { "1".to_string() } else { tests.join(" && ") };
        format!(
            "static inline bool somd_eq_{name}({name} a, {name} b) {{\n    return {body};\n}}\n\n"
        )
    }

    fn kernel_classes(&self) -> BTreeSet<ClassId> {
        use somd_mir::analysis::isolation::{device_static, StaticElem};
        let mut used = BTreeSet::new();
        for plan in &self.info.kernels {
            self.collect_classes(plan.func, &mut used, &mut BTreeSet::new());
        }
        for s in &self.statics {
            let ty = &self.module.statics[s.0 as usize].ty;
            if let Some((StaticElem::Value(c), _)) = device_static(self.module, ty) {
                used.insert(c);
            }
        }
        used
    }

    /// The length of dimension `dim` of static value array `s` (`SOMD_ST_LEN`).
    pub(super) fn static_len(&self, s: StaticId, dim: u8) -> R<String> {
        Ok(format!("SOMD_ST_LEN({}, {dim})", self.static_number(s)?))
    }

    /// `(float) Math.sqrt(f)` of a `float` `f` as `SOMD_SQRTF(f)`: the float square root where
    /// the program is built with correctly rounded ones, which is the value Java's double
    /// root rounded to float gives (`runtime/cl/somd_java.cl`), or for fast math, and the
    /// double one rounded to float elsewhere. `None` for any other conversion.
    fn float_sqrt(&mut self, cx: &mut FnCx, e: ExprId, operand: ExprId) -> R<Option<String>> {
        if self.prim_of(cx, e)? != PrimType::Float {
            return Ok(None);
        }
        let ExprKind::Builtin { builtin: Builtin::Math(MathFn::Sqrt, PrimType::Double), args } =
            &cx.func.expr(operand).kind
        else {
            return Ok(None);
        };
        let [arg] = args[..] else { return Ok(None) };
        let ExprKind::Convert { operand: f } = cx.func.expr(arg).kind else { return Ok(None) };
        if self.prim_of(cx, f)? != PrimType::Float {
            return Ok(None);
        }
        let v = self.expr(cx, f)?;
        Ok(Some(format!("SOMD_SQRTF({v})")))
    }

    pub(super) fn builtin(&mut self, cx: &mut FnCx, b: Builtin, args: &[ExprId]) -> R<String> {
        let mut vals = Vec::new();
        for a in args {
            vals.push(self.expr(cx, *a)?);
        }
        let v = |i: usize| vals.get(i).cloned().unwrap_or_default();
        let fast = self.options.fast_math;
        Ok(match b {
            Builtin::Math(m, ty) => {
                use MathFn::*;
                let d = ty == PrimType::Double;
                let f = ty == PrimType::Float;
                let pick = |i: &str, l: &str, fl: &str, db: &str| -> String {
                    match ty {
                        PrimType::Int => i.to_string(),
                        PrimType::Long => l.to_string(),
                        PrimType::Float => fl.to_string(),
                        _ => db.to_string(),
                    }
                };
                match m {
                    Abs => format!(
                        "{}({})",
                        pick("somd_iabs", "somd_labs", "somd_fabs", "somd_dabs"),
                        v(0)
                    ),
                    Min => format!(
                        "{}({}, {})",
                        pick("somd_imin", "somd_lmin", "somd_fmin", "somd_dmin"),
                        v(0),
                        v(1)
                    ),
                    Max => format!(
                        "{}({}, {})",
                        pick("somd_imax", "somd_lmax", "somd_fmax", "somd_dmax"),
                        v(0),
                        v(1)
                    ),
                    Round if f => format!("somd_fround({})", v(0)),
                    Round => format!("somd_dround({})", v(0)),
                    Signum if f => format!("somd_fsignum({})", v(0)),
                    Signum => format!("somd_dsignum({})", v(0)),
                    Rint => format!("somd_rint({})", v(0)),
                    // NaN, the infinities and huge values are returned as they are
                    // (`somd_java.cl`: PoCL folds its library's `floor` and `ceil` of such
                    // constants wrongly).
                    Floor => format!("somd_floor({})", v(0)),
                    Ceil => format!("somd_ceil({})", v(0)),
                    ToRadians => format!("({} * 0.017453292519943295)", v(0)),
                    ToDegrees => format!("({} * 57.29577951308232)", v(0)),
                    Pow | Atan2 | Hypot => {
                        let name = match m {
                            Pow => "somd_dpow",
                            Atan2 => "atan2",
                            // Java's (fdlibm's), bit for bit (`somd_java.cl`).
                            _ => "somd_hypot",
                        };
                        format!("{name}({}, {})", v(0), v(1))
                    }
                    _ => {
                        let name = match m {
                            Sqrt => "sqrt",
                            Cbrt => "cbrt",
                            // Finite up to Java's threshold (`somd_java.cl`).
                            Exp if d => "somd_dexp",
                            Exp => "exp",
                            Log => "log",
                            Log10 => "log10",
                            Sin => "sin",
                            Cos => "cos",
                            Tan => "tan",
                            Asin => "asin",
                            Acos => "acos",
                            Atan => "atan",
                            Sinh => "sinh",
                            Cosh => "cosh",
                            // `Tanh`, the one this arm has left.
                            _ => "tanh",
                        };
                        let native =
                            fast && !d && matches!(m, Sqrt | Exp | Log | Log10 | Sin | Cos | Tan);
                        if native {
                            format!("native_{name}({})", v(0))
                        } else {
                            format!("{name}({})", v(0))
                        }
                    }
                }
            }
            Builtin::IntegerBitCount => format!("((int)popcount({}))", v(0)),
            Builtin::LongBitCount => format!("((int)popcount({}))", v(0)),
            // Functions, not conditionals: the argument is evaluated once (it may assign).
            Builtin::FloatToIntBits => format!("somd_fbits({})", v(0)),
            Builtin::DoubleToLongBits => format!("somd_dbits({})", v(0)),
            Builtin::FloatIsNaN | Builtin::DoubleIsNaN => format!("((bool)isnan({}))", v(0)),
            Builtin::SomdOffset | Builtin::SomdGlobalLength => {
                let Some(ExprKind::Local(l)) = args.first().map(|a| &cx.func.expr(*a).kind) else {
                    return Err(bug("Somd geometry of a computed array"));
                };
                let dim = geometry_dim(cx.func, args)?;
                if !cx.func.params.contains(l) || cx.func.somd.is_none() {
                    // An array the body allocated (or a local pointing into one): not
                    // distributed, so offset 0 and its own length, as on the CPU. So is a
                    // helper's parameter: the device runs a SOMD call as one MI, whose
                    // partitions are the whole arrays (the host passes offset 0).
                    return Ok(match b {
                        Builtin::SomdOffset => "0".to_string(),
                        _ => format!("{}_len{dim}", cx.name(*l)),
                    });
                }
                let suffix = if b == Builtin::SomdOffset { "off" } else { "glen" };
                format!("{}_{suffix}{dim}", cx.name(*l))
            }
            other => return Err(bug(format!("built-in {other:?} on the device"))),
        })
    }

    pub(super) fn size(&self, cx: &FnCx, s: &SizeExpr) -> R<String> {
        self.size_in(cx, s, false)
    }

    /// Bound `s` of loop dimension `d`: Java's wrapping `int` value when a bound of `d`
    /// reads a host scalar (runtime `Size::Java`, which the host evaluates for any value).
    pub(super) fn bound(&self, cx: &FnCx, d: &LoopDim, s: &SizeExpr) -> R<String> {
        self.size_in(cx, s, d.lo.mentions_host() || d.hi.mentions_host())
    }

    /// The C text of size `s`; with `wrap`, `+`, `-` and `*` wrap as Java's `int`s do (its
    /// `/` and `%` then divide by positive constants only: the analysis sees to it).
    fn size_in(&self, cx: &FnCx, s: &SizeExpr, wrap: bool) -> R<String> {
        let size = |x: &SizeExpr| self.size_in(cx, x, wrap);
        Ok(match s {
            SizeExpr::Const(v) => v.to_string(),
            SizeExpr::Scalar(l) | SizeExpr::Host(l) => cx.name(*l).to_string(),
            SizeExpr::Len { array, dim } => format!("{}_len{dim}", cx.name(*array)),
            // The host launches only where the row exists (runtime `Size::Row`).
            SizeExpr::Row { len, .. } => size(len)?,
            SizeExpr::Add(a, b) | SizeExpr::Sub(a, b) | SizeExpr::Mul(a, b) if wrap => {
                let f = match s {
                    SizeExpr::Add(..) => "somd_iadd",
                    SizeExpr::Sub(..) => "somd_isub",
                    _ => "somd_imul",
                };
                format!("{f}({}, {})", size(a)?, size(b)?)
            }
            SizeExpr::Add(a, b) => format!("({} + {})", size(a)?, size(b)?),
            SizeExpr::Sub(a, b) => format!("({} - {})", size(a)?, size(b)?),
            // The host launches only when every operand and result is in `int` range and
            // no divisor is 0 (runtime `Size`), so C's `int` arithmetic is Java's here.
            SizeExpr::Mul(a, b) => format!("({} * {})", size(a)?, size(b)?),
            SizeExpr::Div(a, b) => format!("({} / {})", size(a)?, size(b)?),
            SizeExpr::Min(a, b) => format!("min({}, {})", size(a)?, size(b)?),
            SizeExpr::Max(a, b) => format!("max({}, {})", size(a)?, size(b)?),
            // The divisor is not 0, nor -1 with `Integer.MIN_VALUE` (the runtime), or it is a
            // positive constant (a bound reading a host scalar).
            SizeExpr::Rem(a, b) => format!("({} % {})", size(a)?, size(b)?),
            SizeExpr::Shr(a, b) => format!("somd_ishr({}, {})", size(a)?, size(b)?),
            SizeExpr::Shl(a, b) => format!("somd_ishl({}, {})", size(a)?, size(b)?),
            SizeExpr::UShr(a, b) => format!("somd_iushr({}, {})", size(a)?, size(b)?),
            // Only host loops take their bounds from static fields.
            SizeExpr::Static { name, .. } => return Err(bug(format!("static {name} as a size"))),
        })
    }
}

/// The 0-based dimension of `Somd.offset(a[, d])` / `Somd.globalLength(a[, d])`.
pub(super) fn geometry_dim(func: &Function, args: &[ExprId]) -> R<u8> {
    match args.get(1).map(|d| &func.expr(*d).kind) {
        None => Ok(0),
        Some(ExprKind::Const(Const::Int(d))) if (1..=3).contains(d) => Ok((*d - 1) as u8),
        Some(_) => Err(bug("Somd geometry with a dimension that is not 1, 2 or 3")),
    }
}

/// The type `++`/`--` computes in for a target of type `ty` (Java's binary numeric
/// promotion with `1`), and the literal `1` of it.
fn inc_dec_type(ty: PrimType) -> (PrimType, &'static str) {
    match ty {
        PrimType::Long => (PrimType::Long, "1L"),
        PrimType::Float => (PrimType::Float, "1.0f"),
        PrimType::Double => (PrimType::Double, "1.0"),
        _ => (PrimType::Int, "1"),
    }
}

/// A condition's text without the parentheses that enclose all of it: `if ((a == b))` makes
/// clang-based OpenCL compilers (PoCL) print a `-Wparentheses-equality` warning to the
/// program's standard error.
fn condition(text: &str) -> &str {
    let Some(inner) = text.strip_prefix('(').and_then(|t| t.strip_suffix(')')) else {
        return text;
    };
    let mut depth = 0i32;
    for ch in inner.chars() {
        match ch {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth < 0 {
                    return text; // `(a) && (b)`: the first `(` closes early
                }
            }
            _ => {}
        }
    }
    if depth == 0 {
        inner
    } else {
        text
    }
}

/// The parameters of `func` in `set` as a mask of a variant's name: bit `k` for parameter
/// `k`.
fn param_mask(func: &Function, set: &BTreeSet<LocalId>) -> u64 {
    func.params
        .iter()
        .enumerate()
        .filter(|(_, p)| set.contains(p))
        .fold(0u64, |m, (k, _)| m | (1u64 << (k.min(63))))
}

/// `name`, with `_` appended while it is the name of a function or kernel of the program,
/// or one the writer derives from a kernel's (`taken`).
fn untaken(mut name: String, taken: &HashSet<String>) -> String {
    while taken.contains(&name) {
        name.push('_');
    }
    name
}

/// The name of the private variant of `func` taking parameters `privates` in private
/// memory: `<base>_pr<mask>` ([`param_mask`]), made [`untaken`].
pub(super) fn private_name(
    base: &str,
    func: &Function,
    privates: &BTreeSet<LocalId>,
    taken: &HashSet<String>,
) -> String {
    untaken(format!("{base}_pr{:x}", param_mask(func, privates)), taken)
}

/// The name of the variant of `func` for `staged` rows (and their kernel) and `held` rows
/// (and the fold holding them, `Writer::held_scope`): `<base>_st<mask>_<kernel>`, or
/// `<base>_h<mask>[_st<mask>]_<fold>` when rows are held (bit `k` of a mask for parameter
/// `k`), made [`untaken`].
pub(super) fn variant_name(
    base: &str,
    func: &Function,
    staged: Option<(&BTreeSet<LocalId>, &str)>,
    held: Option<(&BTreeSet<LocalId>, &str)>,
    taken: &HashSet<String>,
) -> String {
    let mask = |set: &BTreeSet<LocalId>| param_mask(func, set);
    let name = match (staged, held) {
        (Some((rows, kernel)), None) => format!("{base}_st{:x}_{kernel}", mask(rows)),
        (None, None) => return base.to_string(),
        (staged, Some((held, fold))) => {
            let st = staged.map_or_else(String::new, |(rows, _)| format!("_st{:x}", mask(rows)));
            format!("{base}_h{:x}{st}_{fold}", mask(held))
        }
    };
    untaken(name, taken)
}

impl Writer<'_> {
    /// The function a call of `callee` with `args` names: when an argument is a staged row
    /// of `cx` (`nested.rs`, "Staged rows"), the variant reading that parameter from
    /// `__local` memory; when one is a held row (`FnCx::held`), the variant taking its
    /// registers too. Written (once) before the calling function.
    pub(super) fn staged_callee(
        &mut self,
        cx: &mut FnCx,
        callee: FuncId,
        args: &[ExprId],
    ) -> R<String> {
        let target = self.module.function(callee);
        let rows: BTreeSet<LocalId> = args
            .iter()
            .zip(&target.params)
            .filter(|(a, _)| {
                matches!(cx.func.expr(**a).kind, ExprKind::Local(l) if cx.staged.contains(&l))
            })
            .map(|(_, p)| *p)
            .collect();
        let held = self.held_params(cx, callee, args);
        // Parameters passed a private array of the caller (`FnCx::privates`) or one it was
        // passed itself: the callee's private variant, written after the callee.
        let privates: BTreeSet<LocalId> = args
            .iter()
            .zip(&target.params)
            .filter(|(a, _)| {
                matches!(cx.func.expr(**a).kind, ExprKind::Local(l)
                    if cx.holds_private(l))
            })
            .map(|(_, p)| *p)
            .collect();
        self.variant_callee(cx, callee, &rows, &held, &privates)
    }

    /// The parameters of `callee` that a call with `args` passes a held row of `cx` and that
    /// feed a SAD loop: they take the row's registers (`FnCx::held`).
    pub(super) fn held_params(
        &self,
        cx: &FnCx,
        callee: FuncId,
        args: &[ExprId],
    ) -> BTreeSet<LocalId> {
        let target = self.module.function(callee);
        args.iter()
            .zip(&target.params)
            .filter(|(a, q)| {
                matches!(cx.func.expr(**a).kind, ExprKind::Local(l) if cx.held.contains(&l))
                    && somd_mir::analysis::sad::feeds_sad(
                        self.module,
                        callee,
                        **q,
                        somd_mir::analysis::sad::HOLD_DEPTH,
                    )
            })
            .map(|(_, q)| *q)
            .collect()
    }

    /// The variant of `callee` with parameters `rows` staged (when `cx` has a stage kernel)
    /// and `held` in registers, written (once) before the calling function.
    pub(super) fn variant_callee(
        &mut self,
        cx: &mut FnCx,
        callee: FuncId,
        rows: &BTreeSet<LocalId>,
        held: &BTreeSet<LocalId>,
        privates: &BTreeSet<LocalId>,
    ) -> R<String> {
        let target = self.module.function(callee);
        let kernel = cx.stage_kernel.clone().filter(|_| !rows.is_empty());
        let staged = kernel.as_deref().map(|k| (rows, k));
        if staged.is_none() && held.is_empty() {
            if privates.is_empty() {
                return Ok(self.fn_name(callee));
            }
            // Private arrays alone: the variant written after the callee.
            let name = private_name(&self.fn_name(callee), target, privates, &self.taken_names);
            self.variants.entry(callee).or_default().insert(privates.clone());
            return Ok(name);
        }
        // Staged or held rows, and maybe private arrays too: a variant of this kernel or
        // fold, written before the calling function.
        let fold = if held.is_empty() {
            None
        } else {
            match &self.held_scope {
                Some((fold, _)) => Some(fold.clone()),
                None => return Err(bug("rows held outside a fold")),
            }
        };
        let held_in = fold.as_deref().map(|f| (held, f));
        let mut name =
            variant_name(&self.fn_name(callee), target, staged, held_in, &self.taken_names);
        if !privates.is_empty() {
            name = private_name(&name, target, privates, &self.taken_names);
        }
        let new = match held_in {
            None => self.staged_fns.insert(name.clone()),
            Some(_) => {
                self.held_scope.as_mut().is_some_and(|(_, written)| written.insert(name.clone()))
            }
        };
        if new {
            let text = self.helper_staged(callee, None, false, staged, held, privates)?;
            cx.fold_fns.push((name.clone(), text));
        }
        Ok(name)
    }
}

/// For a statement `m = c ? v : m` (a local assigned its own value when `c` fails): the
/// target, `c` and `v`. The parallel-loop analysis makes such a floating `m` an extremum
/// that keeps its iteration, written as `if (c) { m = v; <iteration>; }`.
fn carried_select(func: &Function, e: ExprId) -> Option<(ExprId, ExprId, ExprId)> {
    let ExprKind::Assign { target, value } = &func.expr(e).kind else { return None };
    let ExprKind::Local(m) = func.expr(*target).kind else { return None };
    match &func.expr(*value).kind {
        ExprKind::Conditional { cond, then_expr, else_expr } if matches!(func.expr(*else_expr).kind, ExprKind::Local(x) if x == m) => {
            Some((*target, *cond, *then_expr))
        }
        _ => None,
    }
}

/// Whether `func` passes local `l` to a function ([`super::kernels::passed_args`]).
fn passed_on(func: &Function, l: LocalId) -> bool {
    super::kernels::passed_args(func)
        .any(|a| matches!(func.expr(a).kind, ExprKind::Local(x) if x == l))
}

/// Whether kernel text may record a failure: it checks an index or a divisor
/// (`SOMD_INDEX`, `somd_idiv` and its kin), records one itself, or calls a fold function
/// (`nested.rs`). Calls of the program's functions pass the failure context whether or not
/// they can fail: [`calls_may_throw`] tells them apart.
/// A stop guard for a loop whose index may wrap around (`Writer::wrap_guard`).
enum Wrap {
    /// The counter's declaration and the check, for every run of the loop.
    Always(String, String),
    /// The flag's name and declaration (`const bool somd_wrap<n> = ..;`), then the
    /// counter's and the check, for a copy of the loop that runs only where the flag holds.
    Versioned { name: String, flag: String, decl: String, check: String },
}

impl Wrap {
    /// One guard of a loop's two (a wrap's and a long trip's, [`Writer::long_guard`]): a
    /// copy that checks where either flag holds, or checks always where either does.
    fn join(a: Option<Wrap>, b: Option<Wrap>) -> Option<Wrap> {
        match (a, b) {
            (
                Some(Wrap::Versioned { name, flag, decl, check }),
                Some(Wrap::Versioned { name: n2, flag: f2, .. }),
            ) => Some(Wrap::Versioned {
                name: format!("({name} || {n2})"),
                flag: format!("{flag}\n{f2}"),
                decl,
                check,
            }),
            (Some(a @ Wrap::Always(..)), _) | (_, Some(a @ Wrap::Always(..))) => Some(a),
            (a, b) => a.or(b),
        }
    }

    /// The guard for a loop that is not copied (it defines a label, or holds a copied
    /// loop): the flag joins the check, in the loop.
    fn guard(self) -> (String, String) {
        match self {
            Wrap::Always(decl, check) => (decl, check),
            Wrap::Versioned { name, flag, decl, check } => {
                let check = check.replacen("if (", &format!("if ({name} && "), 1);
                (format!("{flag}\n{decl}"), check)
            }
        }
    }
}

/// The C text of division or remainder `e` (`l / r`, `l % r`) of type `ty` where a test
/// before its loop found its divisor, the loop's index, to be 1 or more
/// ([`FnCx::safe_divisions`]): C's operators truncate toward zero as Java's do, and neither
/// a zero divisor nor `MIN / -1` can occur. An `int` remainder is `somd_irem_nz` all the
/// same: C's `%` of an absolute value loses its sign on NVIDIA (`somd_java.cl`).
fn safe_division(
    cx: &FnCx,
    e: ExprId,
    kind: BinOpKind,
    ty: PrimType,
    l: &str,
    r: &str,
) -> Option<String> {
    if !cx.safe_divisions.contains(&e) {
        return None;
    }
    match (kind, ty) {
        (BinOpKind::Div, _) => Some(format!("({l} / {r})")),
        (BinOpKind::Rem, PrimType::Int) => Some(format!("somd_irem_nz({l}, {r})")),
        (BinOpKind::Rem, _) => Some(format!("({l} % {r})")),
        _ => None,
    }
}

/// The ends of a trip test's distance (`index op bound`, `walk::trip_test`) as `long`s, the
/// higher first: the bound and the index stepping up, the index and the bound stepping
/// down.
fn trip_ends(op: BinOpKind, index: &str, bound: &str) -> (String, String) {
    let (index, bound) = (format!("(long){index}"), format!("(long)({bound})"));
    match op {
        BinOpKind::Lt | BinOpKind::Le => (bound, index),
        _ => (index, bound),
    }
}

/// `text` with each non-empty line indented one level further.
pub(super) fn indented(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        if !line.is_empty() {
            out.push_str("    ");
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// How a loop run in blocks ([`Writer::blocked_text`]) checks between them.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Count {
    /// A long copy of a loop holding none: it asks `SOMD_STOP` after each block.
    Long,
    /// A loop holding loops: each block's iterations go on the work-item's counter
    /// (`SOMD_NEST_TICKS`, [`nest_guard`]), which asks once it passes a multiple of 1024.
    Nest,
}

/// A fresh name for a loop's own counter of iterations between its checks.
fn spin_counter(cx: &mut FnCx) -> String {
    let name = format!("somd_spin{}", cx.temp_count);
    cx.temp_count += 1;
    name
}

/// The stop guard of a loop holding loops, whose body holds no barriers: it counts on the
/// work-item's counter (`SOMD_NEST_STOP`, `somd_errors.cl`), which every such loop of the
/// work-item shares, so no declaration. A counter of the loop's own starts again at each
/// entry: a nest whose loops each run fewer than 1024 iterations per entry (1,000 x 1,000
/// around a short inner loop) never checked, running on where Java had stopped.
fn nest_guard() -> (String, String) {
    (String::new(), NEST_CHECK.into())
}

/// The test first in the body of a loop (or fold) counting on the work-item's counter of
/// loops holding loops ([`nest_guard`], `nested.rs`'s `Stop::Nest`).
pub(super) const NEST_CHECK: &str = "if (SOMD_NEST_STOP()) break;";

pub(super) fn may_fail_text(text: &str) -> bool {
    const MARKS: [&str; 9] = [
        "SOMD_INDEX(",
        "SOMD_CHECK",
        "somd_fail(",
        "somd_idiv(",
        "somd_irem(",
        "somd_ldiv(",
        "somd_lrem(",
        "somd_fold_",
        "somd_afold_",
    ];
    MARKS.iter().any(|mark| text.contains(mark))
}

/// Whether `block` or the expressions `roots` call a function that may throw
/// (`walk::call_cannot_throw`).
pub(super) fn calls_may_throw(
    module: &Module,
    func: &Function,
    block: &Block,
    roots: &[ExprId],
) -> bool {
    let mut throws = false;
    let mut visit = |e: ExprId| {
        if let ExprKind::Call { func: f, .. } = func.expr(e).kind {
            throws |= !walk::call_cannot_throw(module, f);
        }
    };
    walk::each_expr_in_block(func, block, &mut visit);
    for root in roots {
        walk::each_expr(func, *root, &mut visit);
    }
    throws
}

/// Notes the loops of `block` that run at most 1024 times or no more often than an array
/// has elements (`FnCx::bounded_loops`).
pub(super) fn note_bounded_loops(cx: &mut FnCx, block: &Block) {
    for pair in block.stmts.windows(2) {
        let [prev, stmt] = pair else { continue };
        let Stmt::Loop { test: Some(t), .. } = stmt else { continue };
        if walk::length_bounded(cx.func, prev, stmt)
            || walk::constant_trips(cx.func, prev, stmt).is_some_and(|n| n <= 1024)
        {
            cx.bounded_loops.insert(*t);
        }
    }
}
