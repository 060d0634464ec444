//! Parallel-loop detection in SOMD bodies, and the body shape the OpenCL writer extracts.
//!
//! The device runs a whole SOMD call as one method instance and parallelises its loop
//! (LANGUAGE.md §2.1 allows this). A loop `for (i = lo; i < hi; i += C)` (`i++`, `i += C`,
//! `i = i + C`, `C` a positive `int` constant; `i <= hi` too) is **parallel** when: the
//! bounds are derived from parameters and lengths (`a.length`, `m[0].length`, a scalar
//! parameter, a constant, `+`/`-` of those, or a setup local holding one of them); the body
//! has no `break`/`return`; it writes arrays (other than its own locals) only in its own
//! block of `s * C` elements: every access of a written array is at `s * i + c`, with one
//! factor `s` per array and its constants `c` within `|s| * C` of each other (`out[i] =
//! ..`, `out[i + 3] = ..`, `a[i - 1] = ..`, `z[2 * i + 1] = ..`, `m[i][j] = ..` with `j`
//! anything, `m[r][i - 1] = ..` with `r` anything: [`Written`]), and a factor of 2 or more
//! at an access that every iteration makes ([`Axis`]); and it assigns scalars
//! declared outside the loop only as one recognised reduction (`s = s op e`, `s op= e` with `+ * & | ^`, `s = Math.min/max(s, e)`
//! of any numeric type, `b = b && e` / `b = b || e` where `e` cannot fail, `b = e && b` /
//! `b = e || b` (Java evaluates `e` in every iteration), and the flags
//! `b = true` / `b = false` under any condition, which are `||` / `&&`), also from nested
//! loops, where `s` is read nowhere else in the loop. Each iteration is
//! one work-item (`i = lo + id * C`). A perfect nest of two such loops with step 1 whose
//! accesses of each written matrix are all at `[s * i + d][t * j + e]`, within one block of
//! rows and one of columns (`[i][j]`, `[i - 1][j - 1]`, `[i][2 * j + 1]`), is a 2-D NDRange;
//! a nest with a step is a 1-D loop over its outer index (the inner loop runs inside the
//! work-item), as is a nest that reads or writes other columns of its own rows.
//!
//! The extracted body shape is: setup (`T[] out = new T[..lengths..]`, scalar locals that
//! never change), exactly one parallel loop, then `return out` / `return acc` / nothing.

use super::bounds::Range;
use super::isolation;
use super::walk::{self, each_expr_in_block};
use super::{AccReduction, BlockReason, Blocker, Dependence, LoopDim, LoopId, LoopReport};
use super::{ParallelLoop, SizeExpr, SomdBody, SomdResult, SomdShape};
use crate::ir::*;
use somd_syntax::ast::{PrimType, ReduceOp};
use std::collections::{HashMap, HashSet};

/// The refusal of a body without a parallel loop (its form's explanation follows).
pub(super) const NO_PARALLEL_LOOP: &str = "no parallel loop in the body";

/// Analyses a SOMD function: a report per top-level loop (and per loop of a `sync` block)
/// and the extracted body.
pub fn analyze_somd(
    module: &Module,
    func: &Function,
) -> (Vec<LoopReport>, Result<SomdShape, Blocker>) {
    let mut has_sync = false;
    walk::each_stmt(&func.body, &mut |s| has_sync |= matches!(s, Stmt::Sync { .. }));
    // Intermediate reduction calls are made by the host between launches.
    has_sync |= func.exprs.iter().any(|e| matches!(e.kind, ExprKind::IntermediateReduce { .. }));
    if has_sync {
        return host_program(module, func);
    }
    match analyze_loop_body(module, func, false) {
        (reports, Ok(body)) => (reports, Ok(SomdShape::Loop(body))),
        (reports, Err(blocker)) => {
            // The host-driven form of `sync` bodies also covers one parallel loop whose
            // method returns a parameter it updated (`return testArray`), which the
            // one-kernel form cannot download; its own blocker would only restate ours.
            // An accumulator returned as it is that the kernel cannot give by itself (a start
            // other than the identity, a floating conditional extremum): the host folds it.
            let (sync_reports, sync) = host_program(module, func);
            let sync_blocker = match sync {
                Ok(shape) => return (sync_reports, Ok(shape)),
                Err(b) => b,
            };
            // A table filled at computed indices (K-Means' cluster sums): its own blocker
            // names what keeps a histogram off the device.
            match super::histogram::analyze_histogram(module, func) {
                super::histogram::Verdict::Ok(report, body) => {
                    (vec![report], Ok(SomdShape::Histogram(*body)))
                }
                super::histogram::Verdict::Blocked(b) => (reports, Err(b)),
                // A body with host control flow (an `if`, a `while`) can only be a host
                // program: what keeps that form off the device is the reason.
                // The loops the one-kernel form refused say why, where the host program's
                // reports have none of their own (a host loop's inner loop refused).
                super::histogram::Verdict::NotOne if host_control_flow(func) => {
                    let mut merged = sync_reports;
                    for r in reports {
                        if !merged.iter().any(|m| m.loop_id == r.loop_id) {
                            merged.push(r);
                        }
                    }
                    merged.sort_by_key(|r| (r.span.start, r.span.end));
                    // No loop is parallel: the first one's refusal is the reason (a `while`
                    // loop that is no counted loop), not the body's want of a loop.
                    let refused = merged.iter().find_map(|r| r.verdict.as_ref().err());
                    let blocker = match refused {
                        Some(dep)
                            if sync_blocker.construct.starts_with(NO_PARALLEL_LOOP)
                                && merged.iter().all(|r| r.verdict.is_err()) =>
                        {
                            Blocker {
                                reason: BlockReason::Dependence,
                                construct: format!("loop is not parallel: {}", dep.what),
                                span: dep.span,
                                chain: Vec::new(),
                            }
                        }
                        _ => sync_blocker,
                    };
                    (merged, Err(blocker))
                }
                super::histogram::Verdict::NotOne => (reports, Err(blocker)),
            }
        }
    }
}

/// `intermediate`: `func` is the callee of an intermediate reduction, whose `int`
/// parameters are the caller's host values: its launch is sized as the host makes it, so
/// its sizes read them as host scalars ([`SizeExpr::Host`]: Java's values, with the limits
/// on loops bounded by host scalars).
pub(super) fn analyze_loop_body(
    module: &Module,
    func: &Function,
    intermediate: bool,
) -> (Vec<LoopReport>, Result<SomdBody, Blocker>) {
    let host_scalars = match intermediate {
        true => func
            .params
            .iter()
            .copied()
            .filter(|p| func.local(*p).ty == Type::Prim(PrimType::Int))
            .collect(),
        false => HashSet::new(),
    };
    let mut cx = Cx {
        module,
        func,
        setup: HashMap::new(),
        outputs: Vec::new(),
        reduced: HashSet::new(),
        host_scalars,
        setup_aliases: HashMap::new(),
        nest_aliases: HashMap::new(),
        nest_sizes: HashMap::new(),
    };
    let mut reports = Vec::new();
    let mut shape_err: Option<Blocker> = None;
    let mut parallel: Option<(LoopId, ParallelLoop)> = None;
    let mut setup_order = Vec::new();
    let mut result = SomdResult::None;
    let assigned = assigned_locals(func);
    let privates = super::private::private_arrays(func);
    let aliases = super::alias::kernel_aliases(func);
    let n = func.body.stmts.len();
    for (pos, stmt) in func.body.stmts.iter().enumerate() {
        let span = walk::stmt_span(func, stmt, func.span);
        let shape = |what: &str| {
            Blocker {
            reason: BlockReason::Shape,
            construct: format!(
                "{what} (the OpenCL writer extracts SOMD bodies of the form: setup; one parallel loop; return)"
            ),
            span,
            chain: Vec::new(),
        }
        };
        match stmt {
            // A private table no statement writes: every work-item builds its own before
            // the loop (`private.rs`).
            Stmt::Let { local, init }
                if parallel.is_none()
                    && privates.contains_key(local)
                    && !super::writes::writes_local(module, func, *local) =>
            {
                setup_order.push((*local, *init));
            }
            // An array local naming a parameter or a part of one, never assigned again:
            // every work-item forms its own (`Cx::setup_aliases`).
            Stmt::Let { local, init: Some(init) }
                if parallel.is_none()
                    && aliases.contains_key(local)
                    && assigned.get(local).copied().unwrap_or(0) == 0 =>
            {
                let alias = &aliases[local];
                cx.setup_aliases.insert(*local, (alias.base, alias.offset(func)));
                setup_order.push((*local, Some(*init)));
            }
            Stmt::Let { local, init: Some(init) }
                if parallel.is_none()
                    && privates.contains_key(local)
                    && matches!(func.expr(*init).kind, ExprKind::ArrayLit(_)) =>
            {
                shape_err.get_or_insert(shape(&format!(
                    "the table `{}` is written (every work-item would write its own copy, \
                     where the iterations share one)",
                    func.local(*local).name
                )));
            }
            Stmt::Let { local, init } => {
                let ty = &func.local(*local).ty;
                match init.map(|e| &func.expr(e).kind) {
                    Some(ExprKind::NewArray { dims }) if parallel.is_none() => {
                        let sizes: Option<Vec<SizeExpr>> =
                            dims.iter().map(|d| cx.size(*d)).collect();
                        let partial = super::isolation::partly_sized_cube(ty, dims.len());
                        match (sizes, partial) {
                            (Some(_), Some(why)) => {
                                shape_err.get_or_insert(shape(why));
                            }
                            (Some(sizes), None)
                                if assigned.get(local).copied().unwrap_or(0) == 0 =>
                            {
                                cx.outputs.push((*local, sizes))
                            }
                            _ => {
                                shape_err.get_or_insert(shape(
                                    "array allocation sized by a computed value",
                                ));
                            }
                        }
                    }
                    // A scalar, or a vector value (`float[[4]] c = centre;`, `vector_of`).
                    _ if (matches!(ty, Type::Prim(_))
                        || super::isolation::vector_of(ty).is_some())
                        && parallel.is_none() =>
                    {
                        cx.setup.insert(*local, *init);
                        setup_order.push((*local, *init));
                    }
                    _ => {
                        shape_err.get_or_insert(shape("declaration"));
                    }
                }
            }
            Stmt::Block(block) if is_for(block) => {
                let report = cx.for_loop(block, span);
                if let Some(r) = report {
                    if let (Ok(p), None) = (&r.verdict, &parallel) {
                        parallel = Some((r.loop_id, p.clone()));
                    } else if parallel.is_some() {
                        shape_err.get_or_insert(shape("a second loop"));
                    } else if let Err(dep) = &r.verdict {
                        shape_err.get_or_insert(Blocker {
                            reason: BlockReason::Dependence,
                            construct: format!("loop is not parallel: {}", dep.what),
                            span: dep.span,
                            chain: Vec::new(),
                        });
                    }
                    reports.push(r);
                }
            }
            Stmt::Loop { .. } => {
                let id = walk::loop_id_of(func, stmt).unwrap_or(LoopId(0));
                reports.push(LoopReport {
                    loop_id: id,
                    span,
                    index: None,
                    verdict: Err(Dependence {
                        what: crate::loop_forms::not_counted(func, &func.body, pos),
                        span,
                    }),
                    flat: None,
                });
                shape_err.get_or_insert(shape("`while` loop"));
            }
            Stmt::Return(value) if pos + 1 == n => {
                result = match value.map(|v| &func.expr(v).kind) {
                    None => SomdResult::None,
                    Some(ExprKind::Local(l)) if cx.outputs.iter().any(|(o, _)| o == l) => {
                        SomdResult::Output(*l)
                    }
                    Some(ExprKind::Local(l)) => SomdResult::Accumulator(*l),
                    Some(_) => {
                        shape_err.get_or_insert(shape("`return` of a computed value"));
                        SomdResult::None
                    }
                }
            }
            _ => {
                let what = match stmt {
                    Stmt::Expr(e) => match func.expr(*e).kind {
                        ExprKind::Assign { .. }
                        | ExprKind::CompoundAssign { .. }
                        | ExprKind::IncDec { .. } => {
                            "an assignment outside the parallel loop (its setup declares locals \
                             only)"
                        }
                        _ => "an expression statement outside the parallel loop",
                    },
                    Stmt::If { .. } => "an `if` outside the parallel loop",
                    Stmt::Return(_) => "a `return` before the end of the body",
                    _ => "a statement outside the parallel loop",
                };
                shape_err.get_or_insert(shape(what));
            }
        }
    }
    if let Some(err) = shape_err {
        return (reports, Err(err));
    }
    let span = func.span;
    let shape = |what: &str| Blocker {
        reason: BlockReason::Shape,
        construct: what.to_string(),
        span,
        chain: Vec::new(),
    };
    let Some((loop_id, par)) = parallel else {
        return (reports, Err(shape(NO_PARALLEL_LOOP)));
    };
    // Each work-item computes the setup when it starts, while others may already be
    // writing: a setup value must not read an array the loop writes (Java reads it before
    // the loop).
    if let Some(b) = setup_reads_written(module, func, &setup_order) {
        return (reports, Err(b));
    }
    // Setup scalars must not change after their declaration (each work-item recomputes them).
    let acc = par.reduction.as_ref().map(|r| r.acc);
    for (local, _) in &setup_order {
        if Some(*local) != acc && assigned.get(local).copied().unwrap_or(0) > 0 {
            return (
                reports,
                Err(Blocker {
                    reason: BlockReason::Shape,
                    construct: format!(
                        "setup local `{}` changes after its declaration",
                        func.local(*local).name
                    ),
                    span: func.local(*local).span,
                    chain: Vec::new(),
                }),
            );
        }
    }
    match (&result, &par.reduction) {
        // The one kernel's partials are combined with the method's strategy, which must be
        // the loop's operator (or a class's, which combines any number of partials);
        // otherwise the body is a host program folding the loop's value
        // (`sync::analyze_sync`'s `fold_returned`).
        (SomdResult::Accumulator(l), Some(r)) if *l == r.acc && !strategy_combines(func, r.op) => {
            return (
                reports,
                Err(shape(&format!(
                    "the method's reduce strategy is not the loop's `{}` (the one kernel's \
                     partials are combined with it)",
                    r.op.symbol()
                ))),
            );
        }
        (SomdResult::Accumulator(l), Some(r)) if *l == r.acc => {}
        (SomdResult::Accumulator(_), _) => {
            return (
                reports,
                Err(shape("the returned scalar is not the loop's reduction accumulator")),
            );
        }
        (_, Some(_)) => {
            return (reports, Err(shape("the loop's reduction accumulator is not returned")));
        }
        _ => {}
    }
    let setup = setup_order.into_iter().filter(|(l, _)| Some(*l) != acc).collect();
    let host_indices = Vec::new();
    (
        reports,
        Ok(SomdBody {
            outputs: cx.outputs,
            setup,
            loop_id,
            parallel: par,
            result,
            host_indices,
            host_values: Vec::new(),
        }),
    )
}

/// Whether the body has an `if` or a loop other than a `for` at its top level.
fn host_control_flow(func: &Function) -> bool {
    func.body.stmts.iter().any(|s| match s {
        Stmt::If { .. } | Stmt::Loop { .. } => true,
        // A `for` loop around loops that is no parallel loop is a host loop around them.
        Stmt::Block(b) => !is_for(b) || super::sync::holds_loops(b),
        _ => false,
    })
}

/// The body as a host program (`sync::analyze_sync`): with the accumulators read after
/// their loops folded on the host, else also those only returned (`fold_returned`); then
/// both again with `for` loops around loops that are no parallel loops run by the host
/// (`host_for`: a host loop launching its inner loops is the last resort, after every
/// form that launches such a nest whole). The first form that takes the body, or the
/// refusal of the first form, or of the first `host_for` form when the body has such a
/// loop (its refusal names the inner loop that keeps it off the device).
fn host_program(module: &Module, func: &Function) -> (Vec<LoopReport>, Result<SomdShape, Blocker>) {
    let first = super::sync::analyze_sync(module, func, false, false);
    if first.1.is_ok() {
        return first;
    }
    if let found @ (_, Ok(_)) = super::sync::analyze_sync(module, func, true, false) {
        return found;
    }
    let mut around_loops = false;
    walk::each_stmt(&func.body, &mut |s| {
        around_loops |= matches!(s, Stmt::Block(b) if is_for(b) && super::sync::holds_loops(b));
    });
    if !around_loops {
        return first;
    }
    let hosted = super::sync::analyze_sync(module, func, false, true);
    if hosted.1.is_ok() {
        return hosted;
    }
    match super::sync::analyze_sync(module, func, true, true) {
        found @ (_, Ok(_)) => found,
        // A nest with no parallel loop at all, run by the host, whose body then holds a
        // statement no host program has (an array store): the outer loop's own dependence
        // is the reason (probe 105: a blur whose bounds come from `Somd.offset` was
        // explained by its store `out[i][j] = ..`). Where the host form found a parallel
        // loop inside, the statement is the reason (review 103: an iteration loop storing
        // `errs[it]` beside its parallel loop).
        (_, Err(_))
            if hosted.0.iter().all(|r| r.verdict.is_err())
                && matches!(
                    (&first.1, &hosted.1),
                    (Err(f), Err(h)) if f.reason == BlockReason::Dependence
                        && h.reason == BlockReason::Shape
                ) =>
        {
            first
        }
        (_, Err(_)) => {
            let (reports, blocker) = hosted;
            let blocker = blocker.map_err(|b| Blocker {
                construct: format!("with its outer loop run by the host: {}", b.construct),
                ..b
            });
            (reports, blocker)
        }
    }
}

/// Whether `func`'s reduce strategy combines the partials of a loop reducing with `op`
/// (the one kernel's partials stand for the MIs' results): the operator itself, or a
/// class's or the method's own, which combine any number of partials. A method that is no
/// SOMD method (an intermediate reduction's callee) combines its loop's partials with the
/// loop's operator.
pub(super) fn strategy_combines(func: &Function, op: ReduceOp) -> bool {
    let Some(somd) = func.somd.as_ref() else { return true };
    match &somd.reduction {
        Reduction::Op(o) => *o == op && op != ReduceOp::Sub,
        Reduction::SelfCall { .. } | Reduction::Combine(_) | Reduction::CombineAll(_) => true,
        Reduction::None | Reduction::Assemble => false,
    }
}

/// The first setup initialiser of `setup` that reads an element of an array the body
/// writes (`writes::writes_local`: by a store, through any local naming it or a row of it,
/// or by a callee; a SOMD body's stores are all in its loop), as the refusal.
fn setup_reads_written(
    module: &Module,
    func: &Function,
    setup: &[(LocalId, Option<ExprId>)],
) -> Option<Blocker> {
    for (local, init) in setup {
        let Some(init) = init else { continue };
        let mut read = None;
        walk::each_expr(func, *init, &mut |x| {
            if let (None, ExprKind::Index { .. }) = (read, &func.expr(x).kind) {
                read = walk::index_root(func, x)
                    .filter(|(root, _)| super::writes::writes_local(module, func, *root))
                    .map(|(root, _)| (root, func.expr(x).span));
            }
        });
        if let Some((root, span)) = read {
            return Some(Blocker {
                reason: BlockReason::Shape,
                construct: format!(
                    "setup local `{}` reads `{}`, which the loop writes (each work-item would \
                     read it when it starts, after others may have written it)",
                    func.local(*local).name,
                    func.local(root).name
                ),
                span,
                chain: Vec::new(),
            });
        }
    }
    None
}

/// The bound of a test `i < a && i < b && ..` on the index `index`: `Math.min` of the
/// sizes (`size`) of its right sides. A side reading a row (`m[k].length`, which Java need
/// not read at all) is a [`SizeExpr::Row`]: where the row does not exist the CPU path runs,
/// and reads it only where Java does; `i < m[i].length` is no size.
fn min_bound(
    func: &Function,
    test: ExprId,
    index: LocalId,
    size: &dyn Fn(ExprId) -> Option<SizeExpr>,
) -> Option<SizeExpr> {
    match func.expr(test).kind {
        ExprKind::Binary { op, lhs, rhs } if op.kind == BinOpKind::And => {
            let (a, b) = (min_bound(func, lhs, index, size)?, min_bound(func, rhs, index, size)?);
            Some(SizeExpr::Min(Box::new(a), Box::new(b)))
        }
        ExprKind::Binary { op, lhs, rhs }
            if op.kind == BinOpKind::Lt
                && matches!(func.expr(lhs).kind, ExprKind::Local(l) if l == index) =>
        {
            size(rhs)
        }
        _ => None,
    }
}

/// The range of a loop whose test reads the index plus a constant, `i + shift < hi` (`<=`
/// too: `hi` is then already `bound + 1`; `shift` may be negative): `[lo, hi - shift)`;
/// stepping down from `start`, `i + shift >= lo` (`>`: `lo` is then `bound + 1`) is `[lo -
/// shift, start + 1)`.
///
/// Java evaluates `i + shift` in `int`s, so the range is exact where that sum never wraps.
/// - **It starts in range**: the start plus `shift` is an `int`. The range's start (its
///   end stepping down) is written `start + shift - shift`, which the runtime evaluates
///   only in `int` range (`Size`; a sum that cannot wrap folds away: a constant start,
///   `a.length - 2`), so a call whose first sum wraps runs on the CPU.
/// - **It stops before wrapping**: the loop stops at the first sum past the bound. Stepping
///   up by `s`, that sum is below `hi + s`; with `s = 1` that is `hi`, an `int`, and with a
///   larger step the range's end is `hi + (s - 1) - (s - 1) - shift`, again evaluated in
///   `int` range. Stepping down by `s`, the last sum is at least `lo - s`, and the range's
///   start is `lo - s + s - shift` (its end `start + shift - shift + 1`).
///
/// The range's own ends are evaluated in `int` range too, so the index itself never wraps
/// inside the range. A bound or a start read from a host scalar (computed in wrapping
/// `int`s at each launch) and a host loop's test keep their form.
fn offset_test(
    start: SizeExpr,
    lo: SizeExpr,
    hi: SizeExpr,
    shift: i64,
    host: bool,
    step: Option<i32>,
    op: BinOpKind,
) -> Result<(SizeExpr, SizeExpr), String> {
    let test = if shift < 0 {
        format!("a test on the index minus a constant (`i - {}`)", -shift)
    } else {
        format!("a test on the index plus a constant (`i + {shift}`)")
    };
    let refuse = |what: &str| Err(format!("{test} {what}"));
    if host {
        return refuse("in a host loop");
    }
    if lo.mentions_host() || hi.mentions_host() {
        return refuse("with a bound reading a host scalar");
    }
    match (step, op) {
        (Some(s), BinOpKind::Lt | BinOpKind::Le) if s > 0 => {
            if let SizeExpr::Const(start) = start {
                if i32::try_from(start + shift).is_err() {
                    return refuse("whose start plus the constant is no `int` (Java's sum wraps)");
                }
            }
            let more = i64::from(s) - 1;
            Ok((lo.minus(-shift).minus(shift), hi.minus(-more).minus(more + shift)))
        }
        (Some(s), BinOpKind::Ge | BinOpKind::Gt) if s < 0 => {
            let s = -i64::from(s);
            Ok((lo.minus(s).minus(-s).minus(shift), start.minus(-shift).minus(shift).plus_one()))
        }
        _ => refuse("in a loop whose step is no constant or leaves its test's bound behind"),
    }
}

/// The label of the loop of a `for` block ([`is_for`]).
pub(super) fn label_of(block: &Block) -> Option<LabelId> {
    match block.stmts.as_slice() {
        [_, Stmt::Loop { label, .. }] => *label,
        _ => None,
    }
}

pub(super) fn is_for(block: &Block) -> bool {
    matches!(block.stmts.as_slice(), [Stmt::Let { .. }, Stmt::Loop { .. }])
}

/// How many times each local is the target of an assignment (declarations excluded).
pub fn assigned_locals(func: &Function) -> HashMap<LocalId, usize> {
    let mut out = HashMap::new();
    for expr in &func.exprs {
        if let ExprKind::Assign { target, .. }
        | ExprKind::CompoundAssign { target, .. }
        | ExprKind::IncDec { target, .. } = &expr.kind
        {
            if let ExprKind::Local(l) = func.expr(*target).kind {
                *out.entry(l).or_insert(0) += 1;
            }
        }
    }
    out
}

#[derive(Clone)]
pub(super) struct Cx<'a> {
    pub(super) module: &'a Module,
    pub(super) func: &'a Function,
    /// Setup scalars and their initializers.
    pub(super) setup: HashMap<LocalId, Option<ExprId>>,
    pub(super) outputs: Vec<(LocalId, Vec<SizeExpr>)>,
    /// `sync reduce` targets: a loop reducing into one starts at the identity whatever the
    /// target holds (the host folds the combined value in, see [`super::SyncStep::Reduce`]).
    pub(super) reduced: HashSet<LocalId>,
    /// The `int` host scalars a launch of a `sync` body reads as kernel arguments
    /// ([`SizeExpr::Host`]): set by the `sync` analysis around each launch's loop.
    pub(super) host_scalars: HashSet<LocalId>,
    /// Array locals of a SOMD body's setup (`double[][] p = v[k];` before the loop), each
    /// with the parameter it names a part of and the dimensions its one value consumed (`v`
    /// and 1: `p.length` is `v`'s length of dimension 1): every work-item forms its own
    /// copy before its iteration, so the loop may read through them, and their lengths
    /// are sizes. (Writing through one is writing what the setup reads: refused.)
    pub(super) setup_aliases: HashMap<LocalId, (LocalId, u8)>,
    /// Array locals a 2-D nest's outer body declares before its inner loop (`double[][] p
    /// = v[i];`), as [`Cx::setup_aliases`]: each work-item forms its own before its cell,
    /// so their lengths are sizes (the inner loop's bound `p.length` is `v`'s length of
    /// dimension 1). Writing through them is the iteration's own business, checked as a
    /// write through any array local.
    pub(super) nest_aliases: HashMap<LocalId, (LocalId, u8)>,
    /// `int` locals a 2-D nest's outer body declares before its inner loop and never assigns
    /// again, with their values (`int w = img[y].length;`): each work-item computes its own
    /// before its cell, so a bound reading one reads that size.
    pub(super) nest_sizes: HashMap<LocalId, ExprId>,
}

/// A counted loop header: index, lower and upper bound, step (a positive constant), and
/// whether the index steps down (`for (i = hi - 1; i >= lo; i -= step)`).
pub(super) struct Counted {
    pub(super) index: LocalId,
    pub(super) lo: SizeExpr,
    pub(super) hi: SizeExpr,
    pub(super) step: i32,
    pub(super) reversed: bool,
}

impl Cx<'_> {
    /// A size expression derived from parameters, lengths and constants.
    pub(super) fn size(&self, e: ExprId) -> Option<SizeExpr> {
        self.size_depth(e, 0, false, &[])
    }

    /// A size as [`Cx::size`], where the `int` locals of `known` (the indices of enclosing
    /// loops) lie in their ranges. With `host`, a size the host evaluates alone (a host
    /// loop's bound): also a `static final int` field, which kernels do not take as a size.
    fn size_depth(
        &self,
        e: ExprId,
        depth: u32,
        host: bool,
        known: &[(LocalId, Range)],
    ) -> Option<SizeExpr> {
        if depth > 16 {
            return None;
        }
        let func = self.func;
        match &func.expr(e).kind {
            ExprKind::Const(Const::Int(v)) => Some(SizeExpr::Const(i64::from(*v))),
            ExprKind::Static(field) if host => {
                let f = self.module.statics.get(field.0 as usize)?;
                let class = &self.module.class(f.class).name;
                (f.is_final && f.ty == Type::Prim(PrimType::Int)).then(|| SizeExpr::Static {
                    field: *field,
                    name: format!("{class}.{}", f.name),
                })
            }
            ExprKind::Local(l) if self.host_scalars.contains(l) && !host => {
                Some(SizeExpr::Host(*l))
            }
            ExprKind::Local(l) => {
                let local = func.local(*l);
                if local.kind == LocalKind::Param && matches!(local.ty, Type::Prim(PrimType::Int)) {
                    Some(SizeExpr::Scalar(*l))
                } else if let Some(Some(init)) = self.setup.get(l) {
                    let assigned = assigned_locals(func);
                    if assigned.get(l).copied().unwrap_or(0) == 0 {
                        self.size_depth(*init, depth + 1, host, known)
                    } else {
                        None
                    }
                } else if let Some(init) = self.nest_sizes.get(l) {
                    self.size_depth(*init, depth + 1, host, known)
                } else {
                    None
                }
            }
            ExprKind::Length(a) => self.length_size(*a, depth, host, known),
            // `m.length > 0 ? m[0].length : 0` (also `!= 0`, `0 < m.length`): the width of a
            // matrix written so that an empty one has no row 0 to read. On the device a
            // matrix is rectangular and one with no rows has width 0 (`HostArray`'s
            // shape), so it is the length of dimension 1 whatever the rows.
            ExprKind::Conditional { cond, then_expr, else_expr } => {
                let m = walk::guarded_width(func, *cond, *then_expr, *else_expr)?;
                self.len_of(m, 1)
            }
            ExprKind::Binary { op, lhs, rhs } if op.ty == PrimOrRef::Prim(PrimType::Int) => {
                let l = Box::new(self.size_depth(*lhs, depth + 1, host, known)?);
                let r = Box::new(self.size_depth(*rhs, depth + 1, host, known)?);
                match op.kind {
                    BinOpKind::Add => Some(SizeExpr::Add(l, r)),
                    BinOpKind::Sub => Some(SizeExpr::Sub(l, r)),
                    // Kernel sizes only: the host's own loops evaluate their bounds in Rust,
                    // where a division by zero must raise Java's exception at its position.
                    BinOpKind::Mul if !host => Some(SizeExpr::Mul(l, r)),
                    BinOpKind::Div if !host => Some(SizeExpr::Div(l, r)),
                    BinOpKind::Rem if !host => Some(SizeExpr::Rem(l, r)),
                    BinOpKind::Shr if !host => Some(SizeExpr::Shr(l, r)),
                    BinOpKind::Shl if !host => Some(SizeExpr::Shl(l, r)),
                    BinOpKind::UShr if !host => Some(SizeExpr::UShr(l, r)),
                    _ => None,
                }
            }
            _ if !host => match walk::min_max_call(self.module, func, e)? {
                (op, [a, b], PrimType::Int) => {
                    let a = Box::new(self.size_depth(a, depth + 1, host, known)?);
                    let b = Box::new(self.size_depth(b, depth + 1, host, known)?);
                    match op {
                        ReduceOp::Min => Some(SizeExpr::Min(a, b)),
                        _ => Some(SizeExpr::Max(a, b)),
                    }
                }
                _ => None,
            },
            _ => None,
        }
    }

    /// The size `a.length`: the length of dimension 0 of a local, or `m[x].length` and
    /// `c[x][y].length` (dimensions 1 and 2, rectangular on the device). Java reads each
    /// row on the way, and fails where it does not exist: a row is read as a
    /// [`SizeExpr::Row`], which the host checks, unless its index is the index of an
    /// enclosing loop (`known`) that lies in the rows (`j < m[i].length` in a nest over `i
    /// < m.length`). A host loop's bound (`host`) reads no such row.
    fn length_size(
        &self,
        a: ExprId,
        depth: u32,
        host: bool,
        known: &[(LocalId, Range)],
    ) -> Option<SizeExpr> {
        let func = self.func;
        let mut rows = Vec::new();
        let mut base = a;
        while let ExprKind::Index { array, index } = func.expr(base).kind {
            rows.push(index);
            base = array;
        }
        let ExprKind::Local(l) = func.expr(base).kind else { return None };
        // `rows[d]` indexes dimension `d`.
        rows.reverse();
        if rows.len() > 2 {
            return None;
        }
        let mut size = self.len_of(l, rows.len() as u8)?;
        // The lengths a range names: `l`'s, or for a setup array local its parameter's
        // (`len_of`).
        let (array, offset) = self.array_alias(l).unwrap_or((l, 0));
        for (d, &row) in rows.iter().enumerate().rev() {
            let in_rows = |r: &Range| {
                r.lo.is_some_and(|lo| lo >= 0)
                    && r.below.iter().any(|(len, c)| {
                        len.array == array && len.dim as usize == d + offset as usize && *c <= 0
                    })
            };
            let is_known = match func.expr(row).kind {
                ExprKind::Local(x) => known.iter().any(|(k, r)| *k == x && in_rows(r)),
                _ => false,
            };
            if is_known {
                continue;
            }
            let row = self.size_depth(row, depth + 1, host, known)?;
            if host || row.mentions_host() {
                return None;
            }
            size = SizeExpr::Row {
                len: Box::new(size),
                row: Box::new(row),
                rows: Box::new(self.len_of(l, d as u8)?),
            };
        }
        Some(size)
    }

    /// The parameter an array local of the setup or of a nest's prelude names a part of,
    /// and the dimensions its value consumed ([`Cx::setup_aliases`], [`Cx::nest_aliases`]).
    fn array_alias(&self, l: LocalId) -> Option<(LocalId, u8)> {
        self.setup_aliases.get(&l).or_else(|| self.nest_aliases.get(&l)).copied()
    }

    fn len_of(&self, l: LocalId, dim: u8) -> Option<SizeExpr> {
        if let Some((_, dims)) = self.outputs.iter().find(|(o, _)| *o == l) {
            return dims.get(dim as usize).cloned();
        }
        // A setup array local: its parameter's length, `offset` dimensions in (the plane
        // or row it names exists where the setup does not fail, and has that length: the
        // device's arrays are rectangular).
        if let Some((base, offset)) = self.array_alias(l) {
            return Some(SizeExpr::Len { array: base, dim: dim + offset });
        }
        let local = self.func.local(l);
        if local.kind == LocalKind::Param {
            Some(SizeExpr::Len { array: l, dim })
        } else if dim == 0 {
            super::private::private_arrays(self.func)
                .get(&l)
                .map(|p| SizeExpr::Const(i64::from(p.len)))
        } else {
            None
        }
    }

    /// Reads `[Let i = lo; Loop { i < hi; i += step }]` with `step` a positive `int`
    /// constant (`i++`, `i += C`, `i = i + C`; `i <= hi - 1` too), or a loop stepping down,
    /// `[Let i = hi - 1; Loop { i >= lo; i -= step }]` (`i--`, `i -= C`, `i = i - C`; `i >
    /// lo - 1` too).
    pub(super) fn counted<'b>(&self, block: &'b Block) -> Result<(Counted, &'b Block), String> {
        self.counted_in(block, false)
    }

    /// [`Cx::counted`] for a loop the host runs (`host`: its bounds may read static fields,
    /// [`Cx::size_depth`] with `host`; it steps up).
    pub(super) fn counted_in<'b>(
        &self,
        block: &'b Block,
        host: bool,
    ) -> Result<(Counted, &'b Block), String> {
        self.counted_known(block, host, &[])
    }

    /// [`Cx::counted_in`] inside loops whose indices lie in the ranges `known`
    /// ([`Cx::length_size`]).
    fn counted_known<'b>(
        &self,
        block: &'b Block,
        host: bool,
        known: &[(LocalId, Range)],
    ) -> Result<(Counted, &'b Block), String> {
        let size = |e: ExprId| self.size_depth(e, 0, host, known);
        let func = self.func;
        let not_counted = || {
            if host {
                "not a counted `for (i = lo; i < hi; i += C)` loop (`C` a positive `int` constant)"
                    .to_string()
            } else {
                "not a counted `for (i = lo; i < hi; i += C)` or `for (i = hi - 1; i >= lo; i -= \
                 C)` loop (`C` a positive `int` constant)"
                    .to_string()
            }
        };
        let [Stmt::Let { local, init: Some(init) }, Stmt::Loop { label: _, test: Some(test), test_at_end: false, body, update }] =
            block.stmts.as_slice()
        else {
            return Err(not_counted());
        };
        let index = *local;
        if func.local(index).ty != Type::Prim(PrimType::Int) {
            return Err("the loop index is not an `int`".into());
        }
        let ExprKind::Binary { op, lhs, rhs } = &func.expr(*test).kind else {
            return Err(not_counted());
        };
        let no_bound =
            || "the loop bound is not derived from parameters and array lengths".to_string();
        // `i + shift < bound`: the test of an index offset by a constant.
        let mut shift = 0;
        let (op, bound) = if op.kind == BinOpKind::And && !host {
            // `i < a && i < b` is `i < Math.min(a, b)`: no bound divides by a variable, and
            // a row a bound reads is checked before the launch (`min_bound`), so evaluating
            // both, in either order, neither fails nor has an effect. (A host loop's bound is
            // no `Math.min`.)
            let bound = min_bound(func, *test, index, &size).ok_or_else(not_counted)?;
            if bound.divides_by_variable() {
                return Err(
                    "a test of several bounds (`i < a && i < b`), one of which divides by \
                            a variable (Java need not evaluate it)"
                        .into(),
                );
            }
            (BinOp { kind: BinOpKind::Lt, ty: PrimOrRef::Prim(PrimType::Int) }, bound)
        } else {
            // The index is the `for` block's own (`Let` first), so locals may be read.
            let reads = walk::Affine { partition: false, locals: true };
            shift = walk::index_plus(func, *lhs, index, reads).ok_or_else(not_counted)?;
            (*op, size(*rhs).ok_or_else(no_bound)?)
        };
        let reversed = matches!(op.kind, BinOpKind::Ge | BinOpKind::Gt) && !host;
        let start = size(*init)
            .ok_or_else(|| "the loop start is not derived from parameters".to_string())?;
        // Ascending: `[start, bound)`; descending: `[bound, start + 1)`, both as `[lo, hi)`.
        let first = start.clone();
        let (lo, hi) = match op.kind {
            BinOpKind::Lt => (start, bound),
            BinOpKind::Le => (start, SizeExpr::plus_one(bound)),
            BinOpKind::Ge if reversed => (bound, SizeExpr::plus_one(start)),
            BinOpKind::Gt if reversed => (SizeExpr::plus_one(bound), SizeExpr::plus_one(start)),
            _ => return Err(not_counted()),
        };
        // The host evaluates its loops' bounds in wrapping `int`s: `n + 1` of `i <= n` would
        // wrap where Java's test always holds (`n` = `Integer.MAX_VALUE`). Such a loop stays
        // a host `while`, whose test is Java's, unless the `+ 1` folded away (`i <= a.length
        // - 1`).
        let plus_one = matches!(&hi, SizeExpr::Add(_, one) if **one == SizeExpr::Const(1));
        if host && op.kind == BinOpKind::Le && plus_one {
            return Err("a host loop `i <= hi` whose `hi + 1` may wrap (the host tests `i <= \
                        hi` as Java does)"
                .into());
        }
        let [update] = update.as_slice() else { return Err(not_counted()) };
        // The signed step.
        let step = walk::constant_step(func, *update, index);
        // Host scalars change between launches: the host and the kernel both compute such a
        // bound, wrapping as Java does, and `i < hi` stepping by 1 never wraps the index.
        // Both bounds are then Java's wrapping values, which neither may fail to compute:
        // they divide by positive constants only.
        if lo.mentions_host() || hi.mentions_host() {
            if op.kind != BinOpKind::Lt || step != Some(1) {
                return Err("a bound reading a host scalar in a loop other than `for (i = lo; i \
                            < hi; i++)` (the host computes such a bound at each launch)"
                    .into());
            }
            if lo.divides_by_variable() || hi.divides_by_variable() {
                return Err("a loop whose bounds read a host scalar and divide by a variable \
                            (the host computes them at each launch, and may not fail to)"
                    .into());
            }
        }
        let (lo, hi) = if shift == 0 {
            (lo, hi)
        } else {
            offset_test(first, lo, hi, shift, host, step, op.kind)?
        };
        match step {
            Some(step) if step > 0 && !reversed => {
                Ok((Counted { index, lo, hi, step, reversed }, body))
            }
            Some(step) if step < 0 && reversed => match step.checked_neg() {
                Some(step) => Ok((Counted { index, lo, hi, step, reversed }, body)),
                None => Err(not_counted()),
            },
            _ => Err(not_counted()),
        }
    }

    /// The context in which a 2-D nest whose outer body declares `prelude` before its inner
    /// loop is analysed: `Ok(None)` for no prelude (this one), else a copy holding the
    /// prelude's array locals as [`Cx::nest_aliases`] and, when some initialiser may fail,
    /// the refusal of a launch the host sizes as it makes it (one whose size reads a host
    /// scalar: of a `sync` body, or an intermediate reduction's `int` parameter).
    ///
    /// A 2-D NDRange evaluates the prelude in every work-item of its row, where Java
    /// evaluates it once before the row's cells: each initialiser must have no effect, and
    /// each local must keep its value (every cell reads what the row computed). One that
    /// may fail fails in every cell of its row, the first of which is the row's first in
    /// Java's order; a launch of no cells, where it would fail in none, runs on the CPU
    /// (`KernelManifest::setup_fails`). The cells' own reads and writes are checked with the
    /// prelude as part of each cell ([`Cx::check_body`]): a prelude reading what a cell
    /// writes is refused there. `Err(None)`: a statement other than a declaration, no nest;
    /// `Err(Some(why))`: a prelude the analysis refuses, `why` for `explain` (the nest is a
    /// 1-D loop then).
    fn prelude(
        &self,
        body: &Block,
        prelude: &[Stmt],
        outer: &LoopDim,
    ) -> Result<Option<(Self, Option<Dependence>)>, Option<Dependence>> {
        if prelude.is_empty() {
            return Ok(None);
        }
        if !prelude.iter().all(|s| matches!(s, Stmt::Let { .. })) {
            return Err(None);
        }
        let func = self.func;
        let assigned = assigned_locals(func);
        let aliases = super::alias::kernel_aliases(func);
        let known = [(outer.index, super::bounds::dim_range(outer))];
        let outputs = super::bounds::output_lengths(&self.outputs);
        let proven = super::bounds::proven_in_bounds(func, body, &known, &outputs);
        // Calls of functions with no effect outside them may run in every cell.
        let pure = |f: FuncId| {
            walk::library_math(self.module, f) || super::combine::effect_free(self.module, f)
        };
        let cannot_throw = |f: FuncId| walk::call_cannot_throw(self.module, f);
        let mut nest = self.clone();
        let mut fails = None;
        for stmt in prelude {
            let Stmt::Let { local, init } = stmt else { continue };
            let name = &func.local(*local).name;
            let refused = |what: String, span| Err(Some(Dependence { what, span }));
            let Some(init) = init else {
                return refused(
                    format!(
                        "`{name}` is declared before the inner loop without a value (a 2-D \
                         NDRange runs the statements before the inner loop in each of its \
                         work-items: declarations with a value only)"
                    ),
                    func.local(*local).span,
                );
            };
            if assigned.get(local).copied().unwrap_or(0) != 0 {
                return refused(
                    format!(
                        "`{name}`, declared before the inner loop, is assigned again (a 2-D \
                         NDRange computes it in each work-item, where the cells of a row share \
                         one)"
                    ),
                    func.local(*local).span,
                );
            }
            let span = func.expr(*init).span;
            if matches!(func.expr(*init).kind, ExprKind::NewArray { .. } | ExprKind::ArrayLit(_)) {
                return refused(
                    format!(
                        "`{name}`, declared before the inner loop, is a fresh array (a 2-D \
                         NDRange would allocate one in each work-item, where the cells of a row \
                         share one)"
                    ),
                    span,
                );
            }
            if !walk::effect_free(func, *init, &pure) {
                let mut call = None;
                walk::each_expr(func, *init, &mut |e| match func.expr(e).kind {
                    ExprKind::Call { func: f, .. } if call.is_none() && !pure(f) => {
                        call = Some(self.module.function(f).name.clone());
                    }
                    _ => {}
                });
                let effect = match call {
                    Some(f) => format!("calls `{f}`, which may have an effect"),
                    None => "has an effect".to_string(),
                };
                return refused(
                    format!(
                        "the value of `{name}`, declared before the inner loop, {effect} (a 2-D \
                         NDRange computes it in each work-item of the row)"
                    ),
                    span,
                );
            }
            // As the OpenCL writer judges it (the effects are checked above).
            let may_fail = walk::may_fail(func, *init, &|e| proven.contains(&e), &cannot_throw);
            if fails.is_none() && may_fail {
                fails = Some(Dependence {
                    what: format!(
                        "the value of `{name}`, declared before the inner loop, may fail, and \
                         the nest's size reads a host scalar (the host sizes such a launch as \
                         it makes it, too late to run a launch of no cells, which would \
                         evaluate no prelude, on the CPU)"
                    ),
                    span,
                });
            }
            if let Some(alias) = aliases.get(local) {
                nest.nest_aliases.insert(*local, (alias.base, alias.offset(func)));
            }
            if func.local(*local).ty == Type::Prim(PrimType::Int) {
                nest.nest_sizes.insert(*local, *init);
            }
        }
        Ok(Some((nest, fails)))
    }

    pub(super) fn for_loop(&self, block: &Block, span: somd_diag::Span) -> Option<LoopReport> {
        let loop_stmt = block.stmts.get(1)?;
        let loop_id = walk::loop_id_of(self.func, loop_stmt)?;
        let (counted, body) = match self.counted(block) {
            Ok(c) => c,
            Err(what) => {
                // A body carrying a dependence stays refused whatever its bounds: that is the
                // reason to name (a host loop launching this one would otherwise name the
                // bound of a loop whose scalar the whole nest carries).
                let carried = match block.stmts.as_slice() {
                    [Stmt::Let { local, .. }, Stmt::Loop { body, .. }] => {
                        self.check_body(body, label_of(block), &[*local], 1, &[], None).err()
                    }
                    _ => None,
                };
                return Some(LoopReport {
                    loop_id,
                    span,
                    index: None,
                    verdict: Err(carried.unwrap_or(Dependence { what, span })),
                    flat: None,
                });
            }
        };
        let index = counted.index;
        let step = counted.step;
        // A 2-D nest of step-1 loops first; a nest with a step is a 1-D loop over its outer
        // index (the inner loop runs inside the work-item). `flat` says why a nest is no
        // 2-D NDRange. The outer body may declare locals before the inner loop (its
        // prelude, [`Cx::prelude`]): every work-item computes them before its cell.
        let mut stepped_nest = false;
        let mut flat = None;
        if let [prelude @ .., Stmt::Block(inner)] = body.stmts.as_slice() {
            let outer = LoopDim {
                index,
                lo: counted.lo.clone(),
                hi: counted.hi.clone(),
                step,
                reversed: counted.reversed,
            };
            let nest = match is_for(inner) {
                true => self.prelude(body, prelude, &outer),
                false => Err(None),
            };
            if let Err(Some(dep)) = &nest {
                flat = Some(dep.clone());
            }
            if let Ok(nest) = nest {
                let prelude_fails = nest.as_ref().and_then(|(_, fails)| fails.clone());
                let cx = nest.as_ref().map_or(self, |(cx, _)| cx);
                let inner_label = label_of(inner);
                let inner_span = match inner.stmts.get(1) {
                    Some(Stmt::Loop { test: Some(t), .. }) => self.func.expr(*t).span,
                    _ => span,
                };
                let refused = |what: &str| Some(Dependence { what: what.into(), span: inner_span });
                // The outer index lies in its range there (`j < m[i].length`).
                let known = [(index, super::bounds::dim_range(&outer))];
                match cx.counted_known(inner, false, &known) {
                    Err(what) => flat = refused(&format!("the inner loop: {what}")),
                    Ok((inner_c, inner_body)) => {
                        let uses_i = |s: &SizeExpr| s.mentions(index);
                        stepped_nest = step != 1 || inner_c.step != 1;
                        if stepped_nest {
                            flat = refused("a loop of the nest steps by other than 1");
                        } else if counted.reversed || inner_c.reversed {
                            flat = refused("a loop of the nest steps down");
                        } else if uses_i(&inner_c.lo) || uses_i(&inner_c.hi) {
                            flat = refused("the inner loop's bounds read the outer index");
                        } else if let Some(dep) = prelude_fails.clone().filter(|_| {
                            [&counted.lo, &counted.hi, &inner_c.lo, &inner_c.hi]
                                .iter()
                                .any(|s| s.mentions_host())
                        }) {
                            flat = Some(dep);
                        } else {
                            let outer = LoopDim {
                                index,
                                lo: counted.lo.clone(),
                                hi: counted.hi.clone(),
                                step: 1,
                                reversed: false,
                            };
                            let inner = LoopDim {
                                index: inner_c.index,
                                lo: inner_c.lo.clone(),
                                hi: inner_c.hi.clone(),
                                step: 1,
                                reversed: false,
                            };
                            let known = [
                                (index, super::bounds::dim_range(&outer)),
                                (inner_c.index, super::bounds::dim_range(&inner)),
                            ];
                            let cell = walk::nest_cell(prelude, inner_body);
                            match cx.check_body(
                                &cell,
                                inner_label,
                                &[index, inner_c.index],
                                1,
                                &known,
                                Some(&inner_c.hi).filter(|_| inner_c.lo == SizeExpr::Const(0)),
                            ) {
                                Ok(accs) => {
                                    let dims = vec![outer, inner];
                                    let mut par = ParallelLoop::new(dims, accs);
                                    par.prelude = prelude_locals(prelude);
                                    par.prelude_fails = prelude_fails.is_some();
                                    return Some(LoopReport {
                                        loop_id,
                                        span,
                                        index: Some(index),
                                        verdict: Ok(par),
                                        flat: None,
                                    });
                                }
                                Err(dep) => flat = Some(dep),
                            }
                        }
                    }
                }
            }
        }
        let dim =
            LoopDim { index, lo: counted.lo, hi: counted.hi, step, reversed: counted.reversed };
        let known = [(index, super::bounds::dim_range(&dim))];
        let verdict = match self.check_body(body, label_of(block), &[index], step, &known, None) {
            Ok(accs) => Ok(ParallelLoop::new(vec![dim], accs)),
            Err(dep) if stepped_nest => Err(Dependence {
                what: format!(
                    "{} (a 2-D nest with a step other than 1 is not a 2-D NDRange, only a loop \
                     over its outer index)",
                    dep.what
                ),
                span: dep.span,
            }),
            Err(dep) => Err(dep),
        };
        let flat = flat.filter(|_| verdict.is_ok());
        Some(LoopReport { loop_id, span, index: Some(index), verdict, flat })
    }

    /// The 1-D arrays the loop writes as flattened rows, `a[i * w + x]`, where `i` is the
    /// loop index (stepping by 1) and `x` runs over `[0, w)`: the inner index of a 2-D nest
    /// whose inner loop starts at 0 (`nest_width` is its bound), or, in a 1-D loop, the
    /// index of an inner loop `for (x = 0; x < w; x++)` that every iteration runs whole.
    /// Iteration `i` then owns the cells `[i * w, i * w + w)`, and no other iteration
    /// touches them when every access to the array in the loop is of that form with one
    /// `w` (in a 2-D nest, at the work-item's own `x`) and the array has no other name: in the whole
    /// function it is only indexed, asked its length, assigned a fresh array or returned.
    ///
    /// Java's `int` index wraps, so two iterations could name one cell after a wrap, as
    /// with a constant factor ([`Axis`]): every write of the array is made in every
    /// iteration, for every `x` (no `break` in the inner loop, the inner loop reached in
    /// every iteration of the outer one), so where every index is in bounds the rows of
    /// consecutive iterations lie side by side and never wrap; an iteration whose index
    /// fails raises Java's exception first.
    fn flat_arrays(
        &self,
        body: &Block,
        indices: &[LocalId],
        step: i32,
        known: &[(LocalId, super::bounds::Range)],
        nest_width: Option<&SizeExpr>,
        declared: &HashSet<LocalId>,
    ) -> HashSet<LocalId> {
        let func = self.func;
        let mut flat = HashSet::new();
        if step != 1 {
            return flat;
        }
        // The column indices, each with its width and the expressions its every step
        // evaluates.
        let mut columns: HashMap<LocalId, (SizeExpr, HashSet<ExprId>)> = HashMap::new();
        match (indices, nest_width) {
            ([_, j], Some(w)) => {
                columns.insert(*j, (w.clone(), evaluated_in_every_iteration(func, body)));
            }
            ([_], _) => {
                let every = evaluated_in_every_iteration(func, body);
                walk::each_stmt(body, &mut |s| {
                    let Stmt::Block(b) = s else { return };
                    let Some(Stmt::Loop { test: Some(test), .. }) = b.stmts.get(1) else { return };
                    if !is_for(b) || !every.contains(test) {
                        return;
                    }
                    let Ok((c, inner)) = self.counted_known(b, false, known) else { return };
                    // It runs whole: nothing leaves it early (a `continue` of an outer loop
                    // included) and its body never assigns its index.
                    let mut leaves = false;
                    walk::each_stmt(inner, &mut |x| {
                        leaves |=
                            matches!(x, Stmt::Break(_) | Stmt::Return(_) | Stmt::Continue(Some(_)))
                    });
                    leaves |= walk::assigned_in_block(func, inner).contains(&c.index);
                    if c.lo == SizeExpr::Const(0) && c.step == 1 && !c.reversed && !leaves {
                        columns.insert(c.index, (c.hi, evaluated_in_every_iteration(func, inner)));
                    }
                });
            }
            _ => return flat,
        }
        if columns.is_empty() {
            return flat;
        }
        // `i * w + x` (either order of each operation): the column `x`.
        let column_of = |idx: ExprId| -> Option<LocalId> {
            let ExprKind::Binary { op, lhs, rhs } = func.expr(idx).kind else { return None };
            if op.kind != BinOpKind::Add || op.ty != PrimOrRef::Prim(PrimType::Int) {
                return None;
            }
            [(lhs, rhs), (rhs, lhs)].into_iter().find_map(|(row, col)| {
                let ExprKind::Local(x) = func.expr(col).kind else { return None };
                let (width, _) = columns.get(&x)?;
                let ExprKind::Binary { op, lhs: p, rhs: q } = func.expr(row).kind else {
                    return None;
                };
                if op.kind != BinOpKind::Mul {
                    return None;
                }
                let is_i =
                    |e: ExprId| matches!(func.expr(e).kind, ExprKind::Local(l) if l == indices[0]);
                let w = match (is_i(p), is_i(q)) {
                    (true, false) => q,
                    (false, true) => p,
                    _ => return None,
                };
                (self.size_depth(w, 0, false, known).as_ref() == Some(width)).then_some(x)
            })
        };
        // Every element access of each candidate in the loop, with its column.
        let mut accesses: HashMap<LocalId, Vec<(ExprId, Option<LocalId>)>> = HashMap::new();
        let mut in_body = HashSet::new();
        each_expr_in_block(func, body, &mut |e| {
            in_body.insert(e);
            if let ExprKind::Index { array, index } = func.expr(e).kind {
                if let ExprKind::Local(a) = func.expr(array).kind {
                    accesses.entry(a).or_default().push((e, column_of(index)));
                }
            }
        });
        let mut targets: HashSet<ExprId> = HashSet::new();
        for e in &in_body {
            if let ExprKind::Assign { target, .. }
            | ExprKind::CompoundAssign { target, .. }
            | ExprKind::IncDec { target, .. } = func.expr(*e).kind
            {
                // The statement's expression, which `every` holds when the step makes it.
                targets.insert(target);
            }
        }
        let assignment_of = |target: ExprId| {
            in_body.iter().copied().find(|e| match func.expr(*e).kind {
                ExprKind::Assign { target: t, .. }
                | ExprKind::CompoundAssign { target: t, .. }
                | ExprKind::IncDec { target: t, .. } => t == target,
                _ => false,
            })
        };
        for (a, list) in accesses {
            let one_dim =
                matches!(&func.local(a).ty, Type::Array(elem) if !matches!(**elem, Type::Array(_)));
            if declared.contains(&a) || !one_dim || !walk::only_indexed(func, a) {
                continue;
            }
            // One width for all of them (in a 1-D loop, inner loops of that width each own
            // the row); in a 2-D nest, the work-item's own column only.
            let mut width = None;
            let mut writes = false;
            let fine = list.iter().all(|(e, x)| {
                let Some(x) = x else { return false };
                if *width.get_or_insert(&columns[x].0) != &columns[x].0
                    || (indices.len() == 2 && *x != indices[1])
                {
                    return false;
                }
                if !targets.contains(e) {
                    return true;
                }
                writes = true;
                assignment_of(*e).is_some_and(|s| columns[x].1.contains(&s))
            });
            if fine && writes {
                flat.insert(a);
            }
        }
        flat
    }

    /// Checks a write of an element `c[x][y][z]` of a 3-D array (`plane` is `c[x]`, `mid`
    /// is `y`): each iteration writes only its own planes `c[i + k]` (the offsets `k` of
    /// `c`'s accesses within `step` of each other, [`Written`]), or in a 2-D nest over `(i,
    /// j)` its own rows `c[i][j]`.
    fn write_cube(
        &self,
        plane: ExprId,
        mid: ExprId,
        indices: &[LocalId],
        step: i32,
        written_arrays: &mut WrittenArrays,
        span: somd_diag::Span,
    ) -> Result<(), Dependence> {
        let func = self.func;
        let ExprKind::Index { array: base, index: first } = func.expr(plane).kind else {
            return Err(Dependence { what: "a write to a computed array".into(), span });
        };
        let ExprKind::Local(arr) = func.expr(base).kind else {
            return Err(Dependence { what: "a write to a computed array".into(), span });
        };
        let is = |x: ExprId, l: LocalId| matches!(func.expr(x).kind, ExprKind::Local(v) if v == l);
        let own = match indices {
            [i, j] => (is(first, *i) && is(mid, *j)).then_some((1, 0)),
            _ => index_offset(func, first, indices[0]),
        };
        let Some(d) = own else {
            return Err(Dependence {
                what: format!(
                    "write to `{}` outside {} (another iteration may touch it)",
                    func.local(arr).name,
                    match indices {
                        [i, j] => format!(
                            "the row `[{}][{}]` of the nest's indices",
                            func.local(*i).name,
                            func.local(*j).name
                        ),
                        _ => format!(
                            "the planes at a multiple of the loop index `{}` plus a constant",
                            func.local(indices[0]).name
                        ),
                    }
                ),
                span,
            });
        };
        record_write(func, written_arrays, arr, 0, d, indices[0], step, span)?;
        match indices {
            // The nest's row `c[i][j]`: the column axis of its planes' rows.
            [_, j] => record_column(func, written_arrays, arr, (1, 0), *j, span),
            _ => Ok(()),
        }
    }

    /// Checks a write through an array local holding rows `c[x][y]` of a 3-D array (or
    /// rows `p[y]` of a local `p` holding planes `c[x]`) as a write of each row it takes
    /// ([`Self::write_cube`]); `false` for other locals.
    fn write_cube_rows(
        &self,
        alias: &super::alias::ArrayAlias,
        aliases: &HashMap<LocalId, super::alias::ArrayAlias>,
        indices: &[LocalId],
        step: i32,
        written_arrays: &mut WrittenArrays,
        span: somd_diag::Span,
    ) -> Result<bool, Dependence> {
        if !alias.cube_rows(self.func) {
            return Ok(false);
        }
        for v in &alias.values {
            let ExprKind::Index { array: plane, index: mid } = self.func.expr(*v).kind else {
                return Err(Dependence { what: "a write to a computed array".into(), span });
            };
            match self.func.expr(plane).kind {
                ExprKind::Local(q) => {
                    let Some(planes) = aliases.get(&q) else {
                        return Err(Dependence {
                            what: "a write to a computed array".into(),
                            span,
                        });
                    };
                    self.write_plane_rows(planes, mid, indices, step, written_arrays, span)?;
                }
                _ => self.write_cube(plane, mid, indices, step, written_arrays, span)?,
            }
        }
        Ok(true)
    }

    /// Checks a write of row `mid` of each plane `c[x]` the local `planes` takes
    /// ([`Self::write_cube`]).
    fn write_plane_rows(
        &self,
        planes: &super::alias::ArrayAlias,
        mid: ExprId,
        indices: &[LocalId],
        step: i32,
        written_arrays: &mut WrittenArrays,
        span: somd_diag::Span,
    ) -> Result<(), Dependence> {
        for plane in &planes.values {
            self.write_cube(*plane, mid, indices, step, written_arrays, span)?;
        }
        Ok(())
    }

    /// Checks a write of element `col` of `arr` (of row `row` of a 2-D `arr`) in a parallel
    /// loop over `indices` stepping by `step`, and records the dimension at which `arr` is
    /// written at the loop index (0: `arr[i]` / `arr[i][..]`, 1: `arr[r][i]`).
    #[allow(clippy::too_many_arguments)] // Reason: the place and the loop's facts.
    fn write_at(
        &self,
        arr: LocalId,
        row: Option<ExprId>,
        col: ExprId,
        indices: &[LocalId],
        step: i32,
        declared: &HashSet<LocalId>,
        written_arrays: &mut WrittenArrays,
        span: somd_diag::Span,
    ) -> Result<(), Dependence> {
        let func = self.func;
        let is_index =
            |x: ExprId| matches!(func.expr(x).kind, ExprKind::Local(l) if l == indices[0]);
        // `m[r][i]` in a 1-D loop over `i`: every iteration writes its own column
        // (whatever row `r` is), so iterations never write the same element; also its own
        // columns `m[r][s * i + d]` ([`Written`]) where `r` does not follow `i` (`m[i + 1][i]`
        // stays a write of row `i + 1`).
        if let (1, Some(r)) = (indices.len(), row) {
            let column = index_offset(func, col, indices[0]).filter(|at| {
                !is_index(r) && (*at == (1, 0) || index_offset(func, r, indices[0]).is_none())
            });
            if let Some(at) = column {
                if declared.contains(&arr) {
                    return Ok(());
                }
                return record_write(func, written_arrays, arr, 1, at, indices[0], step, span);
            }
        }
        // In a 2-D nest over `(i, j)`, work-item `(i, j)` owns its column block `t * j + e`
        // of its rows.
        let column = match (indices, row) {
            ([_, j], Some(_)) => match index_offset(func, col, *j) {
                Some(at) => Some((*j, at)),
                None => {
                    return Err(Dependence {
                        what: format!(
                            "a write not at a multiple of the inner loop index `{}` plus a \
                             constant (`[i][j]`, `[i - 1][2 * j + 1]`)",
                            func.local(*j).name
                        ),
                        span,
                    })
                }
            },
            _ => None,
        };
        let idx0 = row.unwrap_or(col);
        if declared.contains(&arr) {
            return Ok(());
        }
        let Some(d) = index_offset(func, idx0, indices[0]) else {
            return Err(Dependence {
                what: format!(
                    "write to `{}` at an index other than a multiple of the loop index `{}` \
                     plus a constant (another iteration may touch it)",
                    func.local(arr).name,
                    func.local(indices[0]).name
                ),
                span,
            });
        };
        if indices.len() == 2 && row.is_none() {
            return Err(Dependence { what: "a 1-D write inside a 2-D nest".into(), span });
        }
        record_write(func, written_arrays, arr, 0, d, indices[0], step, span)?;
        match column {
            Some((j, at)) => record_column(func, written_arrays, arr, at, j, span),
            None => Ok(()),
        }
    }

    /// Checks the writes a call makes through its array arguments, each recorded as a
    /// write of the caller's array. A callee may write (`analysis::writes`) the row `m[r]`
    /// it is passed when `r` is the iteration's own row (every element of that row is the
    /// iteration's), or a 1-D array `w` it is passed when it reads and writes it only at one
    /// of its `int` parameters (`w[k]`, never reassigned): that is a write of `w` at the
    /// argument the caller passes for `k`, checked as `w[e] = ..` would be. An array local
    /// passed counts for each place it names. Arrays declared in the loop are the
    /// iteration's own.
    #[allow(clippy::too_many_arguments)] // Reason: the call and the loop's facts.
    fn call_writes(
        &self,
        callee: FuncId,
        args: &[ExprId],
        indices: &[LocalId],
        step: i32,
        declared: &HashSet<LocalId>,
        aliases: &HashMap<LocalId, super::alias::ArrayAlias>,
        written_arrays: &mut WrittenArrays,
        span: somd_diag::Span,
    ) -> Result<(), Dependence> {
        let func = self.func;
        let callee_fn = self.module.function(callee);
        for (k, &arg) in args.iter().enumerate() {
            if !matches!(func.expr(arg).ty, Type::Array(_))
                || !super::writes::writes_param(self.module, callee, k)
            {
                continue;
            }
            let refuse = |what: String| Dependence {
                what: format!("call of `{}`, which writes {what}", callee_fn.name),
                span,
            };
            let Some(places) = arg_places(func, arg, aliases) else {
                return Err(refuse("an array argument".into()));
            };
            // As for a write through the local itself: each work-item needs its own.
            if let ExprKind::Local(a) = func.expr(arg).kind {
                if aliases.contains_key(&a) && !declared.contains(&a) {
                    return Err(Dependence {
                        what: format!(
                            "the array local `{}` is declared outside the loop (each work-item \
                             needs its own)",
                            func.local(a).name
                        ),
                        span,
                    });
                }
            }
            for (base, row) in places {
                if declared.contains(&base) {
                    continue;
                }
                let name = &func.local(base).name;
                let rank = isolation::array_dims(&func.local(base).ty).map(|(_, r)| r);
                match row {
                    // A plane of a 3-D array (or a row of one through a local).
                    Some(_) if rank != Some(2) => return Err(refuse("an array argument".into())),
                    Some(r)
                        if let Some(d) = (indices.len() == 1)
                            .then(|| index_offset(func, r, indices[0]))
                            .flatten() =>
                    {
                        record_write(func, written_arrays, base, 0, d, indices[0], step, span)?;
                    }
                    Some(_) => {
                        return Err(refuse(format!(
                            "a row of `{name}` other than the iteration's own (its elements \
                             are other iterations')"
                        )))
                    }
                    None => {
                        let at = element_param(self.module, callee_fn, k)
                            .filter(|_| rank == Some(1))
                            .and_then(|q| args.get(q).copied());
                        let Some(col) = at else {
                            return Err(refuse(format!(
                                "elements of `{name}` at indices other than one of its `int` \
                                 parameters"
                            )));
                        };
                        self.write_at(
                            base,
                            None,
                            col,
                            indices,
                            step,
                            declared,
                            written_arrays,
                            span,
                        )?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Checks the reads a call may make through its array arguments of arrays the loop
    /// writes: only the iteration's own row (`m[i]` passed), or an array its callee reads
    /// at one parameter only (`w[k]`) that the caller passes the iteration's own index for.
    /// In a 2-D nest a work-item owns only blocks of a row, so no written array may be
    /// passed on.
    fn call_reads(
        &self,
        callee: FuncId,
        args: &[ExprId],
        indices: &[LocalId],
        step: i32,
        aliases: &HashMap<LocalId, super::alias::ArrayAlias>,
        written_arrays: &mut WrittenArrays,
    ) -> Result<(), Dependence> {
        let func = self.func;
        let callee_fn = self.module.function(callee);
        for (k, &arg) in args.iter().enumerate() {
            if !matches!(func.expr(arg).ty, Type::Array(_)) {
                continue;
            }
            let places = arg_places(func, arg, aliases).unwrap_or_default();
            for (base, row) in places {
                let Some(pos) = written_arrays.get(&base).map(|w| w.dim) else { continue };
                let own = pos == 0
                    && indices.len() == 1
                    && match row {
                        Some(r) => read_own(func, written_arrays, base, r, indices[0], step),
                        None => element_param(self.module, callee_fn, k)
                            .and_then(|q| args.get(q))
                            .is_some_and(|col| {
                                read_own(func, written_arrays, base, *col, indices[0], step)
                            }),
                    };
                if !own {
                    return Err(Dependence {
                        what: format!(
                            "passes `{}` to `{}` while the loop writes it (the callee may read \
                             other iterations' elements)",
                            func.local(base).name,
                            callee_fn.name
                        ),
                        span: func.expr(arg).span,
                    });
                }
            }
        }
        Ok(())
    }

    /// Checks a parallel loop body whose indices are `indices` (outermost first); the
    /// outermost index advances by `step` (1 for a 2-D nest); `known` are their ranges (for
    /// the bounds proofs that a short-circuit reduction's operand needs).
    fn check_body(
        &self,
        body: &Block,
        label: Option<LabelId>,
        indices: &[LocalId],
        step: i32,
        known: &[(LocalId, super::bounds::Range)],
        nest_width: Option<&SizeExpr>,
    ) -> Result<Vec<AccReduction>, Dependence> {
        let func = self.func;
        let mut declared: HashSet<LocalId> = HashSet::new();
        let mut exit: Option<somd_diag::Span> = None;
        check_exits(func, body, label, func.span, &mut exit);
        if let Some(span) = exit {
            return Err(Dependence {
                what: "`break`, `return` or a jump to a label outside the loop's body leaves the \
                       loop early (in the `if` here; a search at the top level of the body, \
                       `for (int i = lo; i < hi; i += C) { if (test) { x = ..; break; } }` \
                       or `if (test) return ..;` before a `return`, also stepping down `i >= \
                       lo; i -= C`, runs as its first match when its test cannot fail and \
                       `lo` is a constant of at least 0)"
                    .into(),
                span,
            });
        }
        walk::each_stmt(body, &mut |s| {
            if let Stmt::Let { local, .. } = s {
                declared.insert(*local);
            }
        });
        // An array the body allocates is the iteration's own only as a private array of
        // the work-item (`private.rs`).
        let fresh = super::private::checked_arrays(self.module, func);
        let mut allocated: Vec<LocalId> = Vec::new();
        walk::each_stmt(body, &mut |s| {
            if let Stmt::Let { local, init: Some(init) } = s {
                if matches!(
                    func.expr(*init).kind,
                    ExprKind::NewArray { .. } | ExprKind::ArrayLit(_)
                ) {
                    allocated.push(*local);
                }
            }
        });
        for l in allocated {
            let why = match fresh.get(&l) {
                Some(Ok(_)) => continue,
                Some(Err(why)) => why.clone(),
                None => "of more than one dimension or not of primitives (a work-item's private \
                         arrays are 1-D arrays of primitives)"
                    .to_string(),
            };
            return Err(Dependence {
                what: format!("the loop allocates `{}`, a fresh array {why}", func.local(l).name),
                span: func.local(l).span,
            });
        }
        let mut exprs = Vec::new();
        each_expr_in_block(func, body, &mut |e| exprs.push(e));
        let aliases = super::alias::kernel_aliases(func);
        let outside = |a: LocalId, span: somd_diag::Span| Dependence {
            what: match self.setup_aliases.contains_key(&a) {
                true => format!(
                    "a write through the array local `{}`, which the setup forms before the \
                     loop (the loop would write what every work-item's setup reads)",
                    func.local(a).name
                ),
                false => format!(
                    "the array local `{}` is declared outside the loop (each work-item needs \
                     its own)",
                    func.local(a).name
                ),
            },
            span,
        };
        // Writes.
        // Arrays written as flattened rows, each iteration its own (`out[i * w + x]`).
        let flat = self.flat_arrays(body, indices, step, known, nest_width, &declared);
        // Arrays the loop writes, with the subscript position that holds the loop index.
        let mut written_arrays = WrittenArrays::new();
        let mut targets: HashSet<ExprId> = HashSet::new();
        // The accumulators, in order of their first update.
        let mut accs: Vec<(LocalId, ReduceOp, somd_diag::Span)> = Vec::new();
        let mut acc_self_reads: HashSet<ExprId> = HashSet::new();
        let (mut carried, mut tests) = (HashMap::new(), HashMap::new());
        let extrema = conditional_extrema(self.module, func, body, &mut carried, &mut tests);
        let assigned_local = |a: ExprId| walk::assigned_local(func, a);
        // An `if` whose `m` the loop declares is ordinary code (its other assignments too).
        carried.retain(|lead, _| assigned_local(*lead).is_some_and(|m| !declared.contains(&m)));
        // In lead order, so that refusals name the same construct in every run.
        let mut carried: Vec<(ExprId, (Vec<ExprId>, bool))> = carried.into_iter().collect();
        carried.sort_by_key(|(lead, _)| *lead);
        // A local the loop declares, set in an extremum's `if`, would see each work-item's
        // own comparison, not Java's running extremum.
        for (lead, (payloads, _)) in &carried {
            for p in payloads {
                if let Some(t) = assigned_local(*p).filter(|t| declared.contains(t)) {
                    let m = assigned_local(*lead)
                        .map_or(String::new(), |m| format!("`{}`", func.local(m).name));
                    return Err(Dependence {
                        what: format!(
                            "`{}`, declared in the loop, is set in the `if` that updates the \
                             extremum {m} (a work-item compares with its own extremum, not \
                             the loop's)",
                            func.local(t).name
                        ),
                        span: func.expr(*p).span,
                    });
                }
            }
        }
        // Payload assignments of argument extrema, to the assignment of their `m`.
        let payload_of: HashMap<ExprId, ExprId> = carried
            .iter()
            .flat_map(|(lead, (payloads, _))| payloads.iter().map(move |p| (*p, *lead)))
            .collect();
        // How many statements update each accumulator (an extremum carrying payloads must
        // be updated by its `if` alone).
        let mut updates: HashMap<LocalId, usize> = HashMap::new();
        // The payloads found, with the assignment of their extremum, and their values.
        let mut payloads: Vec<(LocalId, ExprId, somd_diag::Span, ExprId)> = Vec::new();
        let proven = std::cell::OnceCell::new();
        let effect_only = effect_only(body);
        for &e in &exprs {
            let expr = func.expr(e);
            let target = match &expr.kind {
                ExprKind::Assign { target, .. }
                | ExprKind::CompoundAssign { target, .. }
                | ExprKind::IncDec { target, .. } => *target,
                ExprKind::Call { func: callee, args, .. } => {
                    self.call_writes(
                        *callee,
                        args,
                        indices,
                        step,
                        &declared,
                        &aliases,
                        &mut written_arrays,
                        expr.span,
                    )?;
                    continue;
                }
                _ => continue,
            };
            targets.insert(target);
            match &func.expr(target).kind {
                ExprKind::Local(l) if indices.contains(l) => {
                    return Err(Dependence {
                        what: format!(
                            "the loop index `{}` is assigned in the body",
                            func.local(*l).name
                        ),
                        span: expr.span,
                    })
                }
                ExprKind::Local(l) if declared.contains(l) => {}
                ExprKind::Local(l) => {
                    let name = &func.local(*l).name;
                    let proven_once = || {
                        proven.get_or_init(|| {
                            let outputs = super::bounds::output_lengths(&self.outputs);
                            super::bounds::proven_in_bounds(func, body, known, &outputs)
                        })
                    };
                    let safe = |x: ExprId| cannot_fail(self.module, func, x, proven_once());
                    if let (Some(lead), ExprKind::Assign { value, .. }) =
                        (payload_of.get(&e), &expr.kind)
                    {
                        // A work-item runs the payload's assignment whenever its own `m`
                        // improves, in iterations where Java's may not: it must not fail
                        // (nor have an effect, which `cannot_fail` includes). An element the
                        // `if`'s test always reads (`if (q[i] > m) { m = q[i]; w = q[i] *
                        // 2; }`) is read in that iteration first, so it fails there only
                        // where Java fails too (and first: the test comes first).
                        let tested: Vec<ExprId> = tests
                            .get(lead)
                            .map(|cond| walk::evaluated_reads(func, *cond))
                            .unwrap_or_default();
                        let safe_payload = |x: ExprId| {
                            let proven = proven_once();
                            let library_math = |f: FuncId| walk::library_math(self.module, f);
                            let in_bounds = |e: ExprId| {
                                proven.contains(&e)
                                    || tested.iter().any(|t| {
                                        walk::same_value_calling(func, *t, e, &library_math)
                                    })
                            };
                            !walk::may_fail(func, x, &in_bounds, &library_math)
                                && walk::effect_free(func, x, &library_math)
                        };
                        if !safe_payload(*value) {
                            let search = walk::assigned_local(func, *lead)
                                .is_some_and(|m| func.early_exits.iter().any(|x| x.first == m));
                            let what = match search {
                                true => format!(
                                    "`{name}` is assigned at the search's first match but its \
                                     value may fail or have an effect (each work-item would \
                                     evaluate it at its own first match)"
                                ),
                                false => format!(
                                    "`{name}` is set with the extremum in the `if` but its \
                                     value may fail or have an effect (each work-item would \
                                     evaluate it whenever its own extremum improves)"
                                ),
                            };
                            return Err(Dependence { what, span: expr.span });
                        }
                        if payloads.iter().any(|(p, ..)| p == l) {
                            return Err(Dependence {
                                what: format!("`{name}` is assigned twice in the loop"),
                                span: expr.span,
                            });
                        }
                        payloads.push((*l, *lead, expr.span, *value));
                        continue;
                    }
                    let found = match extrema.get(&e) {
                        Some(Ok((op, reads))) => Some((*op, reads.clone())),
                        Some(Err(why)) => {
                            return Err(Dependence { what: why.clone(), span: expr.span })
                        }
                        None => accumulation(self.module, func, e, *l, &safe)
                            .map(|(op, read)| (op, read.into_iter().collect::<Vec<_>>())),
                    };
                    let Some((op, self_reads)) = found else {
                        if let Some(sym) = short_circuit(func, e, *l) {
                            return Err(Dependence {
                                what: format!(
                                    "`{name} = {name} {sym} ..` whose right operand may fail or \
                                     have an effect (Java evaluates it only until `{name}` is \
                                     decided; a work-item would evaluate it in every iteration)"
                                ),
                                span: expr.span,
                            });
                        }
                        return Err(Dependence {
                            what: format!(
                                "`{name}` is declared outside the loop and assigned in it, not \
                                 as a reduction (loop-carried: an iteration may read what an \
                                 earlier one wrote, or code after the loop reads the last value)"
                            ),
                            span: expr.span,
                        });
                    };
                    // `u += c++`, `if (x > c++)`, `t = (c += v)`: the update's value is the
                    // running value Java reads, which a work-item's own partial is not.
                    if !effect_only.contains(&e) {
                        return Err(Dependence {
                            what: format!(
                                "the value of an update of `{name}` is used (loop-carried: \
                                 it is the value of `{name}` after the iterations before)"
                            ),
                            span: expr.span,
                        });
                    }
                    acc_self_reads.extend(self_reads);
                    *updates.entry(*l).or_default() += 1;
                    match accs.iter().find(|(a, _, _)| a == l) {
                        None => accs.push((*l, op, expr.span)),
                        Some((_, aop, _)) if *aop == op => {}
                        Some(_) => {
                            return Err(Dependence {
                                what: format!("`{name}` is accumulated with different operators"),
                                span: expr.span,
                            })
                        }
                    }
                }
                ExprKind::Index { array, index: idx } => {
                    let places: Vec<(LocalId, Option<ExprId>)> = match &func.expr(*array).kind {
                        // A write through an array local is a write to its source.
                        ExprKind::Local(a) if aliases.contains_key(a) => {
                            if !declared.contains(a) {
                                return Err(outside(*a, expr.span));
                            }
                            if self.write_cube_rows(
                                &aliases[a],
                                &aliases,
                                indices,
                                step,
                                &mut written_arrays,
                                expr.span,
                            )? {
                                continue;
                            }
                            alias_places(func, &aliases[a])
                        }
                        ExprKind::Local(a) => vec![(*a, None)],
                        ExprKind::Index { array: inner, index: mid }
                            if matches!(func.expr(*inner).kind, ExprKind::Index { .. }) =>
                        {
                            // An element `c[x][y][z]` of a 3-D array.
                            self.write_cube(
                                *inner,
                                *mid,
                                indices,
                                step,
                                &mut written_arrays,
                                expr.span,
                            )?;
                            continue;
                        }
                        ExprKind::Index { array: inner, index: row } => {
                            match func.expr(*inner).kind {
                                // `p[y][z]` through a local holding planes `c[x]` of a 3-D
                                // array: a write of each row `c[x][y]` it may name.
                                ExprKind::Local(a)
                                    if aliases.get(&a).is_some_and(|x| x.cube_planes(func)) =>
                                {
                                    if !declared.contains(&a) {
                                        return Err(outside(a, expr.span));
                                    }
                                    self.write_plane_rows(
                                        &aliases[&a],
                                        *row,
                                        indices,
                                        step,
                                        &mut written_arrays,
                                        expr.span,
                                    )?;
                                    continue;
                                }
                                ExprKind::Local(a) => vec![(a, Some(*row))],
                                _ => continue,
                            }
                        }
                        _ => continue,
                    };
                    for (arr, row) in places {
                        if flat.contains(&arr) {
                            continue;
                        }
                        self.write_at(
                            arr,
                            row,
                            *idx,
                            indices,
                            step,
                            &declared,
                            &mut written_arrays,
                            expr.span,
                        )?;
                    }
                }
                _ => {}
            }
        }
        // Rows `m[r]` of column-written arrays that are read to reach an element, with the
        // element's index: `m[r][s * i + d]` reads the iteration's own cell where the column
        // joins the written ones (`read_own`).
        let mut column_rows: HashMap<ExprId, ExprId> = HashMap::new();
        for &e in &exprs {
            if let ExprKind::Index { array, index } = &func.expr(e).kind {
                column_rows.insert(*array, *index);
            }
        }
        // Rows read only for their length (`m[0].length` as an inner loop's bound, the rows
        // of `c[x][y].length`): where the loop stores no row (no element that is itself an
        // array or an object), no row is replaced and no length changes, so such a read
        // races with none of the loop's writes. The kernel checks the row itself.
        let stores_rows = targets.iter().any(|t| {
            matches!(func.expr(*t).kind, ExprKind::Index { .. })
                && !matches!(func.expr(*t).ty, Type::Prim(_))
        });
        let mut length_rows: HashSet<ExprId> = HashSet::new();
        for &e in exprs.iter().filter(|_| !stores_rows) {
            let ExprKind::Length(mut row) = func.expr(e).kind else { continue };
            while let ExprKind::Index { array, .. } = func.expr(row).kind {
                length_rows.insert(row);
                row = array;
            }
        }
        // Reads of written arrays at other indices; other reads of the accumulator.
        // Forming an array local (`colJ = a[jj]`) reads no element: its reads are checked
        // where they happen, as reads of its source.
        // A row `c[x][y]` or a plane `c[x]` of a 3-D array is checked where it is formed,
        // as a read of that row or plane: every access through the local is then one of its
        // elements (a plane's rows, in a 2-D nest, are checked where they are read).
        let formations: HashSet<ExprId> = aliases
            .values()
            .filter(|a| !a.cube_rows(func) && !a.cube_planes(func))
            .flat_map(|a| a.values.iter().copied())
            .collect();
        for &e in &exprs {
            if targets.contains(&e) || formations.contains(&e) || length_rows.contains(&e) {
                continue;
            }
            match &func.expr(e).kind {
                ExprKind::Index { array, index: idx } => {
                    // The array, whether the read is of the iteration's own cells, and
                    // whether a refusal is for the column of a 2-D nest.
                    let (arr, fine, column) = match &func.expr(*array).kind {
                        // A row `p[y]` of a plane local: in a 2-D nest writing rows
                        // `c[i][j]`, the work-item's own row only (the plane's formation is
                        // checked as a read of the plane).
                        ExprKind::Local(a)
                            if aliases.get(a).is_some_and(|x| x.cube_planes(func)) =>
                        {
                            if !declared.contains(a) && !self.setup_aliases.contains_key(a) {
                                return Err(outside(*a, func.expr(e).span));
                            }
                            let base = aliases[a].base;
                            match indices {
                                [_, j]
                                    if !read_own_column(
                                        func,
                                        &mut written_arrays,
                                        base,
                                        *idx,
                                        *j,
                                    ) =>
                                {
                                    (base, false, true)
                                }
                                _ => continue,
                            }
                        }
                        ExprKind::Local(a) if aliases.contains_key(a) => {
                            if !declared.contains(a) && !self.setup_aliases.contains_key(a) {
                                return Err(outside(*a, func.expr(e).span));
                            }
                            if aliases[a].cube_rows(func) {
                                continue;
                            }
                            let places = alias_places(func, &aliases[a]);
                            let bad = places.into_iter().find_map(|(base, row)| {
                                let own = |at: ExprId, w: &mut WrittenArrays| {
                                    read_own(func, w, base, at, indices[0], step)
                                };
                                match (written_arrays.get(&base).map(|w| w.dim), row) {
                                    (None, _) => None,
                                    // In a 2-D nest the work-item owns its columns of the
                                    // row: the column must be its own too.
                                    (Some(0), Some(r)) => {
                                        if !own(r, &mut written_arrays) {
                                            return Some((base, false));
                                        }
                                        let j = indices.get(1)?;
                                        let w = &mut written_arrays;
                                        (!read_own_column(func, w, base, *idx, *j))
                                            .then_some((base, true))
                                    }
                                    // The element at `idx`: of a 1-D array written at the
                                    // index, or of a row of a matrix written at a column.
                                    (Some(0), None) | (Some(_), Some(_)) => {
                                        (!own(*idx, &mut written_arrays)).then_some((base, false))
                                    }
                                    (Some(_), None) => Some((base, false)),
                                }
                            });
                            match bad {
                                Some((base, column)) => (base, false, column),
                                None => continue,
                            }
                        }
                        ExprKind::Local(a) => {
                            let fine = match written_arrays.get(a).map(|w| w.dim) {
                                None => true,
                                Some(0) => {
                                    read_own(func, &mut written_arrays, *a, *idx, indices[0], step)
                                }
                                Some(_) => column_rows.get(&e).is_some_and(|col| {
                                    read_own(func, &mut written_arrays, *a, *col, indices[0], step)
                                }),
                            };
                            (*a, fine, false)
                        }
                        // In a 2-D nest, work-item `(i, j)` writes only its cells `m[s * i +
                        // d][t * j + e]` (or the row `c[i][j]` of a 3-D array): a written
                        // array is read there only (the row `m[..]` is checked as a read of
                        // its own).
                        ExprKind::Index { array: inner, .. } if indices.len() == 2 => {
                            let ExprKind::Local(a) = func.expr(*inner).kind else { continue };
                            let w = &mut written_arrays;
                            (a, read_own_column(func, w, a, *idx, indices[1]), true)
                        }
                        _ => continue,
                    };
                    if !fine {
                        let name = &func.local(arr).name;
                        let written = written_arrays.get(&arr).filter(|w| w.dim == 0);
                        let (i, axis, step) = match (column, written) {
                            (true, Some(Written { inner: Some(inner), .. })) => {
                                (func.local(indices[1]).name.as_str(), Some(*inner), 1)
                            }
                            (_, w) => (func.local(indices[0]).name.as_str(), w.map(|w| w.at), step),
                        };
                        let index = if column { "a column" } else { "an index" };
                        let what = match axis {
                            Some(a) if step == 1 && a.scale.abs() == 1 => format!(
                                "reads `{name}` at {index} other than {}, where the loop writes it",
                                a.text(i, a.offsets.0)
                            ),
                            Some(a) => format!(
                                "reads `{name}` at {index} other than {} .. {}, the block from \
                                 where the loop writes it{}",
                                a.text(i, a.offsets.0),
                                a.text(i, a.offsets.0 + a.scale.abs() * i64::from(step) - 1),
                                match step {
                                    1 => String::new(),
                                    _ => format!(" (the loop steps by {step})"),
                                }
                            ),
                            None => format!(
                                "reads `{name}` at {index} other than {} while the loop writes it",
                                match step {
                                    1 => "the loop index".to_string(),
                                    _ => block_text(i, step),
                                }
                            ),
                        };
                        return Err(Dependence { what, span: func.expr(e).span });
                    }
                }
                ExprKind::Call { func: callee, args, .. } => {
                    self.call_reads(*callee, args, indices, step, &aliases, &mut written_arrays)?;
                }
                ExprKind::Local(l) if payloads.iter().any(|(p, ..)| p == l) => {
                    return Err(Dependence {
                        what: format!(
                            "`{}`, set with an extremum, is read in the loop",
                            func.local(*l).name
                        ),
                        span: func.expr(e).span,
                    });
                }
                ExprKind::Local(l)
                    if accs.iter().any(|(a, _, _)| a == l) && !acc_self_reads.contains(&e) =>
                {
                    // An index expression into a 2-D write target is `Index(Local)`; targets
                    // were skipped above, so this is a genuine read.
                    return Err(Dependence {
                        what: format!(
                            "the accumulator `{}` is read in the loop besides its own update",
                            func.local(*l).name
                        ),
                        span: func.expr(e).span,
                    });
                }
                _ => {}
            }
        }
        // An index at a multiple of 2 or more of the loop index may wrap onto another
        // iteration's cells; an access that every iteration makes fails before it does
        // ([`Axis`]).
        let every = evaluated_in_every_iteration(func, body);
        let mut written: Vec<(&LocalId, &Written)> = written_arrays.iter().collect();
        written.sort_by_key(|(a, _)| **a);
        for (arr, w) in written {
            let mut axes = vec![(w.dim, w.at, indices[0])];
            if let (Some(inner), [_, j]) = (w.inner, indices) {
                axes.push((1, inner, *j));
            }
            for (pos, axis, i) in axes.into_iter().filter(|(_, a, _)| a.scale.abs() >= 2) {
                let at_axis = |e: &ExprId| {
                    access_at(func, *e, &aliases).is_some_and(|(a, p, idx)| {
                        a == *arr
                            && p == pos
                            && index_offset(func, idx, i).is_some_and(|(s, _)| s == axis.scale)
                    })
                };
                if !every.iter().any(at_axis) {
                    let first = exprs.iter().find(|e| at_axis(e));
                    let span = first.map_or(func.local(*arr).span, |e| func.expr(*e).span);
                    return Err(Dependence {
                        what: format!(
                            "`{}` is accessed at {} only in some iterations (one that skips it \
                             may name another iteration's cells once Java's `int` index \
                             wraps: access it at that multiple in every iteration)",
                            func.local(*arr).name,
                            axis.text(&func.local(i).name, axis.offsets.0)
                        ),
                        span,
                    });
                }
            }
        }
        // Several accumulators: each needs its own partials, which only a loop whose
        // accumulators the host folds has (`sync reduce` targets, reductions read after
        // their loop: see `sync::SyncAnalysis::folded_accumulators`).
        if accs.len() > 1 && !accs.iter().all(|(a, _, _)| self.reduced.contains(a)) {
            let names: Vec<String> =
                accs.iter().map(|(a, _, _)| format!("`{}`", func.local(*a).name)).collect();
            // The host folds them only in a host program, whose result is a primitive, an
            // array or nothing (`SyncReturn`): an object made of them stays in the MIs.
            let why = match &func.ret {
                Type::Object(class) if func.somd.is_some() => format!(
                    "the host folds several only for a body returning a primitive, an array \
                     or nothing, and this one returns an object (`{}`)",
                    self.module.class(*class).name
                ),
                _ => "a loop reduces several only when the body reads each of them after the \
                      loop"
                    .to_string(),
            };
            return Err(Dependence {
                what: format!("more than one reduction accumulator ({}): {why}", names.join(", ")),
                span: accs[1].2,
            });
        }
        // Argument extrema: the host folds `m` and its payloads together (each is a host
        // scalar read after the loop), and a payload is nothing else.
        for (p, _, span, _) in &payloads {
            let name = &func.local(*p).name;
            if accs.iter().any(|(a, _, _)| a == p) {
                return Err(Dependence {
                    what: format!("`{name}` is both set with an extremum and accumulated"),
                    span: *span,
                });
            }
        }
        let mut out = Vec::new();
        for (acc, op, span) in accs {
            let Type::Prim(ty) = func.local(acc).ty else {
                return Err(Dependence { what: "accumulator is not a primitive".into(), span });
            };
            let mut carries = None;
            for (lead, (_, later)) in &carried {
                let mine: Vec<(LocalId, PrimType)> = payloads
                    .iter()
                    .filter(|(_, l, ..)| l == lead)
                    .filter_map(|(p, ..)| match func.local(*p).ty {
                        Type::Prim(t) => Some((*p, t)),
                        _ => None,
                    })
                    .collect();
                if assigned_local(*lead) != Some(acc) {
                    continue;
                }
                if updates.get(&acc).copied().unwrap_or(0) > 1 {
                    return Err(Dependence {
                        what: format!(
                            "the extremum `{}` is updated elsewhere in the loop besides the `if` \
                             that sets its payloads (a work-item's payloads would not follow its \
                             value)",
                            func.local(acc).name
                        ),
                        span,
                    });
                }
                if carries.is_some() {
                    return Err(Dependence {
                        what: format!(
                            "the extremum `{}` sets payloads in two `if`s",
                            func.local(acc).name
                        ),
                        span,
                    });
                }
                // The payloads' values must not read what the block sets.
                let set: Vec<LocalId> =
                    std::iter::once(acc).chain(mine.iter().map(|(p, _)| *p)).collect();
                let of_lead = payloads.iter().filter(|(_, l, ..)| l == lead);
                for (p, _, pspan, value) in of_lead {
                    if set.iter().any(|s| walk::mentions(func, *value, *s)) {
                        return Err(Dependence {
                            what: format!(
                                "`{}`'s value reads a local the extremum's `if` sets",
                                func.local(*p).name
                            ),
                            span: *pspan,
                        });
                    }
                }
                carries =
                    Some(super::Carried { assign: *lead, payloads: mine, later_ties: *later });
            }
            let floating_add =
                op == ReduceOp::Add && matches!(ty, PrimType::Float | PrimType::Double);
            let neg_zero = match self.setup.get(&acc) {
                _ if self.reduced.contains(&acc) => floating_add,
                Some(Some(init)) if is_identity(&func.expr(*init).kind, op, ty) => {
                    floating_add && is_negative_zero(&func.expr(*init).kind)
                }
                // A local of the body that is no setup local: the host declares or sets it
                // (in a host loop around the `sync` block, probe 105), whatever its start.
                None if func.local(acc).kind == LocalKind::Var => {
                    return Err(Dependence {
                        what: format!(
                            "the accumulator `{}` is a host scalar (declared in a host loop or \
                             given values by host code), which a loop does not reduce into; \
                             inside `sync`, reduce into a `shared` scalar with `sync reduce({})`",
                            func.local(acc).name,
                            op.symbol()
                        ),
                        span: func.local(acc).span,
                    })
                }
                _ => {
                    return Err(Dependence {
                        what: format!(
                            "the accumulator `{}` does not start at the identity of `{}` (and \
                             the host cannot fold its start: it folds one computed from \
                             scalars, static fields and elements of parameters the body never \
                             writes)",
                            func.local(acc).name,
                            op.symbol()
                        ),
                        span: func.local(acc).span,
                    })
                }
            };
            out.push(AccReduction { acc, op, ty, span, carries, neg_zero });
        }
        // Every payload travels with its extremum, into a host scalar.
        for (p, _, span, _) in &payloads {
            let name = &func.local(*p).name;
            if !self.reduced.contains(p) {
                return Err(Dependence {
                    what: format!(
                        "`{name}` is set with an extremum (`if (v > m) {{ m = v; {name} = ..; }}`) \
                         but not read after the loop other than by a final `return {name}` (the \
                         device folds such a loop only into values the body reads after it)"
                    ),
                    span: *span,
                });
            }
            let lead = out.iter().find(|r| {
                r.carries.as_ref().is_some_and(|c| c.payloads.iter().any(|(x, _)| x == p))
            });
            match lead {
                None => {
                    return Err(Dependence {
                        what: format!(
                            "`{name}` is set with a value that is no reduction of the loop"
                        ),
                        span: *span,
                    })
                }
                Some(r) if !self.reduced.contains(&r.acc) => {
                    return Err(Dependence {
                        what: format!(
                            "the extremum `{}`, which sets `{name}`, is not read after the loop \
                             other than by a final `return` (the device folds such a loop only \
                             into values the body reads after it)",
                            func.local(r.acc).name
                        ),
                        span: r.span,
                    })
                }
                Some(_) => {}
            }
        }
        // A carrying extremum is folded by the host (its iteration and payloads with it).
        for r in &out {
            if r.carries.is_some() && !self.reduced.contains(&r.acc) {
                let name = &func.local(r.acc).name;
                let what = if r.op == ReduceOp::Max { "max" } else { "min" };
                return Err(Dependence {
                    what: match r.ty {
                        PrimType::Float | PrimType::Double => format!(
                            "the conditional {what} of the floating-point `{name}` is read after \
                             the loop only by a final `return {name}` (Java keeps whichever of \
                             `-0.0` and `0.0` comes first and skips NaN: the device keeps the \
                             iteration that set `{name}` only for values the body reads after \
                             the loop; `{name} = Math.{what}({name}, ..)` is a reduction)"
                        ),
                        _ => format!(
                            "the extremum `{name}` carries payloads but is not read after the \
                             loop other than by a final `return {name}` (the device folds such a \
                             loop only into values the body reads after it)"
                        ),
                    },
                    span: r.span,
                });
            }
        }
        Ok(out)
    }
}

/// The places of the caller's arrays that call argument `arg` (of array type) names:
/// `(base, None)` for an array local or parameter passed whole, `(base, Some(r))` for a row
/// `base[r]`, each place of an array local. `None` for anything else (a row of a 3-D
/// array, a computed array).
fn arg_places(
    func: &Function,
    arg: ExprId,
    aliases: &HashMap<LocalId, super::alias::ArrayAlias>,
) -> Option<Vec<(LocalId, Option<ExprId>)>> {
    match &func.expr(arg).kind {
        ExprKind::Local(a) => match aliases.get(a) {
            Some(alias) if alias.cube_rows(func) => None,
            Some(alias) => Some(alias_places(func, alias)),
            None => Some(vec![(*a, None)]),
        },
        ExprKind::Index { array, index } => match func.expr(*array).kind {
            ExprKind::Local(m) if !aliases.contains_key(&m) => Some(vec![(m, Some(*index))]),
            _ => None,
        },
        _ => None,
    }
}

/// The `int` parameter `q` of `callee` at which it accesses its 1-D array parameter `k`, when
/// every use of that array is `p[q]` (an element, read or written), `p.length`, or passing
/// `p` and `q` on to a function that accesses its array at that very index (`put(p, q, v)`,
/// followed [`ELEMENT_PARAM_DEPTH`] calls deep), and neither `p` nor `q` is ever assigned.
fn element_param(module: &Module, callee: &Function, k: usize) -> Option<usize> {
    element_param_at(module, callee, k, 0, &mut HashMap::new())
}

/// How many calls deep [`element_param`] follows an array passed on with its index.
const ELEMENT_PARAM_DEPTH: u32 = 8;

/// [`element_param`] `depth` calls deep, with the answers for the functions it passed the
/// array on to so far (a helper calling another many times asks once).
fn element_param_at(
    module: &Module,
    callee: &Function,
    k: usize,
    depth: u32,
    known: &mut HashMap<(FuncId, usize), Option<usize>>,
) -> Option<usize> {
    let p = *callee.params.get(k)?;
    let parents = walk::parents(callee);
    let assigned = assigned_locals(callee);
    if assigned.contains_key(&p) {
        return None;
    }
    // `q` qualifies as the index when it is an `int` parameter never assigned.
    let index_param = |q: LocalId| {
        callee.params.contains(&q)
            && !assigned.contains_key(&q)
            && callee.local(q).ty == Type::Prim(PrimType::Int)
    };
    let mut at: Option<LocalId> = None;
    for (i, e) in callee.exprs.iter().enumerate() {
        if !matches!(e.kind, ExprKind::Local(l) if l == p) {
            continue;
        }
        let up = walk::parent_of(&parents, ExprId(i as u32))?;
        let q = match &callee.expr(up).kind {
            ExprKind::Length(_) => continue,
            ExprKind::Index { array, index } if array.0 as usize == i => {
                if !matches!(callee.expr(up).ty, Type::Prim(_)) {
                    return None;
                }
                let ExprKind::Local(q) = callee.expr(*index).kind else { return None };
                q
            }
            // Passed on with its index: the next function's index parameter receives `q`.
            ExprKind::Call { func: next, receiver: None, args } if depth < ELEMENT_PARAM_DEPTH => {
                let j = args.iter().position(|a| a.0 as usize == i)?;
                let r = match known.get(&(*next, j)) {
                    Some(answer) => *answer,
                    None => {
                        let next_fn = module.functions.get(next.0 as usize)?;
                        let answer = element_param_at(module, next_fn, j, depth + 1, known);
                        known.insert((*next, j), answer);
                        answer
                    }
                }?;
                let ExprKind::Local(q) = callee.expr(*args.get(r)?).kind else { return None };
                q
            }
            _ => return None,
        };
        if !index_param(q) || at.is_some_and(|a| a != q) {
            return None;
        }
        at = Some(q);
    }
    callee.params.iter().position(|x| Some(*x) == at)
}

/// The places an array local may name: `(base, Some(row))` for a row `base[row]` of a
/// 2-D parameter, `(base, None)` for the 1-D parameter itself (and for a local naming
/// static data, the local itself: no parameter's buffer).
fn alias_places(
    func: &Function,
    alias: &super::alias::ArrayAlias,
) -> Vec<(LocalId, Option<ExprId>)> {
    if alias.static_source.is_some() {
        return vec![(alias.base, None)];
    }
    alias
        .values
        .iter()
        .map(|v| match &func.expr(*v).kind {
            ExprKind::Index { index, .. } => (alias.base, Some(*index)),
            _ => (alias.base, None),
        })
        .collect()
}

/// `idx` as `s * i + d` of the loop index `i` ([`walk::index_affine`], `s` not 0), also
/// through `Somd.offset(a)` (the global index of a partition's element, which is that index
/// on the device, where the call is one MI and every offset is 0). Java's `int` value may
/// wrap, but distinct iterations still name distinct cells wherever no access fails
/// ([`Written`]).
fn index_offset(func: &Function, idx: ExprId, i: LocalId) -> Option<Place> {
    let reads = walk::Affine { partition: true, locals: true };
    walk::index_affine(func, idx, i, reads).filter(|(scale, _)| *scale != 0)
}

/// The array an element access `e` reads or writes, the subscript position of its index
/// (0: `a[x]`, 1: `m[r][x]`, also through a row local `int[] r = m[..]`) and the index.
fn access_at(
    func: &Function,
    e: ExprId,
    aliases: &HashMap<LocalId, super::alias::ArrayAlias>,
) -> Option<(LocalId, usize, ExprId)> {
    let ExprKind::Index { array, index } = func.expr(e).kind else { return None };
    match walk::index_root(func, array)? {
        (a, 0) => match aliases.get(&a).map(|alias| alias_places(func, alias)) {
            None => Some((a, 0, index)),
            Some(places) => match places.as_slice() {
                [(base, row)] => Some((*base, usize::from(row.is_some()), index)),
                _ => None,
            },
        },
        (a, 1) if !aliases.contains_key(&a) => Some((a, 1, index)),
        _ => None,
    }
}

/// The expressions of a loop body that every iteration evaluates: those of its statements
/// up to the first that may leave the iteration (`continue`, `break`, `return`), outside
/// the branches of an `if`, the bodies of loops (their first test runs) and labelled
/// blocks, and the operands Java may skip (the right of `&&` and `||`, the branches of
/// `?:`).
fn evaluated_in_every_iteration(func: &Function, body: &Block) -> HashSet<ExprId> {
    fn expr(func: &Function, e: ExprId, out: &mut HashSet<ExprId>) {
        out.insert(e);
        match func.expr(e).kind {
            ExprKind::Binary { op, lhs, .. }
                if matches!(op.kind, BinOpKind::And | BinOpKind::Or) =>
            {
                expr(func, lhs, out)
            }
            ExprKind::Conditional { cond, .. } => expr(func, cond, out),
            ref kind => walk::children(kind).into_iter().for_each(|c| expr(func, c, out)),
        }
    }
    fn block(func: &Function, b: &Block, out: &mut HashSet<ExprId>) -> bool {
        for s in &b.stmts {
            match s {
                Stmt::Let { init: Some(e), .. } | Stmt::Expr(e) => expr(func, *e, out),
                Stmt::If { cond, .. } => expr(func, *cond, out),
                Stmt::Loop { test: Some(t), test_at_end: false, .. } => expr(func, *t, out),
                Stmt::Block(inner) if !block(func, inner, out) => return false,
                _ => {}
            }
            let mut leaves = false;
            walk::each_stmt_of(s, &mut |x| {
                leaves |= matches!(x, Stmt::Continue(_) | Stmt::Break(_) | Stmt::Return(_))
            });
            if leaves {
                return false;
            }
        }
        true
    }
    let mut out = HashSet::new();
    block(func, body, &mut out);
    out
}

/// An index `s * i + d` of the loop index `i`: `(s, d)`.
type Place = (i64, i64);

/// How a parallel loop writes an array: the subscript position that holds the loop index
/// (0: `a[s * i + d]`, `m[s * i + d][..]`; 1: `m[r][s * i + d]`) and the loop's accesses to
/// the array at that position ([`Axis`]). In a 2-D nest over `(i, j)` the array is a matrix
/// written at `m[s * i + d][t * j + e]`, and `inner` holds the accesses' columns: work-item
/// `(i, j)` owns the cells of its row block and its column block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Written {
    dim: usize,
    at: Axis,
    inner: Option<Axis>,
}

/// The accesses of a written array at one subscript position: the factor `s` of the index
/// (one for all of them) and the smallest and the largest offset `d` of `s * i + d`. They
/// lie within `|s| * step` cells, a block at `s * i + d` that no other iteration touches
/// (`for (i = n; i > 0; i--) a[i - 1] = ..`, `out[2 * i] = re; out[2 * i + 1] = im;`).
///
/// `s` and `d` are Java's `int` constants ([`walk::index_affine`] wraps them), and a block
/// is below 2^31 cells ([`Axis::new`]). Java's index wraps, so two iterations could name
/// one cell after a wrap:
/// - with `s = ±1` they cannot: two iterations' indices differ by a non-zero multiple of
///   `step` of at most 2^32 - 1 - `step` (the runtime runs no loop whose index would wrap:
///   `Size::Sub` and `Size::Steps` have no value there), never by an offset difference
///   (below `step`) plus a multiple of 2^32;
/// - with `|s| >= 2` the loop must access the array at that factor in every iteration
///   (`evaluated_in_every_iteration`, checked in `Cx::check_body`). Where every such index
///   is in bounds (in `[0, Integer.MAX_VALUE]`), two consecutive iterations' indices differ
///   by exactly `s * step` (below 2^31 either way), so the indices never wrap and the blocks
///   are disjoint. An iteration whose index fails raises Java's exception, after which the
///   arrays are not read. An access under an `if` would not fail in the iterations that
///   skip it, and `j * 1073741824` names cell 0 in every fourth one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Axis {
    scale: i64,
    offsets: (i64, i64),
}

impl Axis {
    /// A first access at `(s, d)`, where an iteration's block of `|s| * step` cells is
    /// below 2^31 (the wrap argument above).
    fn new((scale, d): Place, step: i32) -> Option<Axis> {
        (scale.abs() * i64::from(step) < 1 << 31).then_some(Axis { scale, offsets: (d, d) })
    }

    /// The offsets with an access at `(s, d)`, while the factor is the same and they stay
    /// within `|s| * step` cells.
    fn with(self, (scale, d): Place, step: i32) -> Option<Axis> {
        let offsets = (self.offsets.0.min(d), self.offsets.1.max(d));
        let block = self.scale.abs() * i64::from(step);
        (scale == self.scale && offsets.1 - offsets.0 < block).then_some(Axis { offsets, ..self })
    }

    /// The cells from the smallest offset on, in words (`` `i` ``, `` `2 * i + 1` ``).
    fn text(&self, i: &str, d: i64) -> String {
        place_text(i, (self.scale, d))
    }

    /// `old` (if any) with an access at `place` of the index `i` stepping by `step`, or the
    /// dependence that refuses it, for a write to `arr`.
    fn record(
        func: &Function,
        old: Option<Axis>,
        arr: LocalId,
        (scale, d): Place,
        i: LocalId,
        step: i32,
        span: somd_diag::Span,
    ) -> Result<Axis, Dependence> {
        let name = &func.local(arr).name;
        let i = &func.local(i).name;
        match old {
            None => Axis::new((scale, d), step).ok_or_else(|| Dependence {
                what: format!(
                    "write to `{name}` at {}, whose blocks of {} cells per iteration reach past \
                     2^31 (Java's index may wrap onto another iteration's cells)",
                    place_text(i, (scale, d)),
                    scale.abs() * i64::from(step)
                ),
                span,
            }),
            Some(a) => a.with((scale, d), step).ok_or_else(|| Dependence {
                what: format!(
                    "write to `{name}` at {}, while the loop also writes it at {} (another \
                     iteration may touch it)",
                    place_text(i, (scale, d)),
                    // The recorded offset farthest from `d`: the one it conflicts with.
                    a.text(
                        i,
                        if (d - a.offsets.0).abs() >= (d - a.offsets.1).abs() {
                            a.offsets.0
                        } else {
                            a.offsets.1
                        }
                    )
                ),
                span,
            }),
        }
    }
}

type WrittenArrays = HashMap<LocalId, Written>;

/// Records a write of `arr` at position `dim` with offset `d` ([`Written`]), refused when
/// the loop writes `arr` at the other position or accesses it at offsets `step` or more
/// apart.
#[allow(clippy::too_many_arguments)] // Reason: the place and the loop's facts.
fn record_write(
    func: &Function,
    written: &mut WrittenArrays,
    arr: LocalId,
    dim: usize,
    place: Place,
    i: LocalId,
    step: i32,
    span: somd_diag::Span,
) -> Result<(), Dependence> {
    let w = match written.get(&arr) {
        None => {
            Written { dim, at: Axis::record(func, None, arr, place, i, step, span)?, inner: None }
        }
        Some(w) if w.dim != dim => {
            return Err(Dependence {
                what: format!(
                    "`{}` is written at the loop index in different dimensions",
                    func.local(arr).name
                ),
                span,
            })
        }
        Some(w) => Written { at: Axis::record(func, Some(w.at), arr, place, i, step, span)?, ..*w },
    };
    written.insert(arr, w);
    Ok(())
}

/// Records the column `place` of the inner index `j` of a write to `arr` in a 2-D nest,
/// after [`record_write`] recorded its row.
fn record_column(
    func: &Function,
    written: &mut WrittenArrays,
    arr: LocalId,
    place: Place,
    j: LocalId,
    span: somd_diag::Span,
) -> Result<(), Dependence> {
    let Some(w) = written.get_mut(&arr) else { return Ok(()) };
    w.inner = Some(Axis::record(func, w.inner, arr, place, j, 1, span)?);
    Ok(())
}

/// Whether a read of `arr`, which the loop writes at position 0, at `idx` reads the
/// iteration's own cells: `s * i + d` with the factor and `d` within the block of its other
/// accesses (the read joins them).
fn read_own(
    func: &Function,
    written: &mut WrittenArrays,
    arr: LocalId,
    idx: ExprId,
    i: LocalId,
    step: i32,
) -> bool {
    let Some(w) = written.get_mut(&arr) else { return true };
    match index_offset(func, idx, i).and_then(|at| w.at.with(at, step)) {
        Some(at) => {
            w.at = at;
            true
        }
        None => false,
    }
}

/// Whether a read of column `idx` of `arr`, in a 2-D nest over `(i, j)` that writes `arr`,
/// reads the work-item's own columns ([`Written`]'s `inner`; the row is checked as
/// [`read_own`]).
fn read_own_column(
    func: &Function,
    written: &mut WrittenArrays,
    arr: LocalId,
    idx: ExprId,
    j: LocalId,
) -> bool {
    let Some(w) = written.get_mut(&arr) else { return true };
    match (w.inner, index_offset(func, idx, j)) {
        (Some(inner), Some(at)) => match inner.with(at, 1) {
            Some(inner) => {
                w.inner = Some(inner);
                true
            }
            None => false,
        },
        _ => false,
    }
}

/// `s * i + d` in words (`i`, `i + 1`, `i - 1`, `2 * i + 1`, `3 - i`).
fn place_text(i: &str, (scale, d): Place) -> String {
    let term = match scale {
        1 => i.to_string(),
        -1 if d != 0 => return format!("`{d} - {i}`"),
        -1 => format!("-{i}"),
        s => format!("{s} * {i}"),
    };
    match d {
        0 => format!("`{term}`"),
        d if d < 0 => format!("`{term} - {}`", -d),
        d => format!("`{term} + {d}`"),
    }
}

/// The cells an iteration of a loop stepping by `step` owns, in words.
fn block_text(i: &str, step: i32) -> String {
    match step {
        1 => format!("the loop index `{i}`"),
        _ => format!("`{i}` .. `{i} + {}` (the loop steps by {step})", step - 1),
    }
}

/// Finds `break`/`continue` of an enclosing loop at depth 0, a `break label` or `continue
/// label` whose statement encloses `block` (a jump to a statement inside `block` stays
/// inside) and any `return`. `own` is the label of the loop whose body `block` is: `continue
/// own` ends the iteration like `continue`, `break own` leaves the loop.
pub(super) fn check_exits(
    func: &Function,
    block: &Block,
    own: Option<LabelId>,
    context: somd_diag::Span,
    found: &mut Option<somd_diag::Span>,
) {
    let mut inner: HashSet<LabelId> = own.into_iter().collect();
    walk::each_stmt(block, &mut |s| match s {
        Stmt::Loop { label: Some(l), .. } | Stmt::Labeled { label: l, .. } => {
            inner.insert(*l);
        }
        _ => {}
    });
    exits_in(func, block, 0, own, &inner, context, found);
}

fn exits_in(
    func: &Function,
    block: &Block,
    depth: u32,
    own: Option<LabelId>,
    inner: &HashSet<LabelId>,
    context: somd_diag::Span,
    found: &mut Option<somd_diag::Span>,
) {
    for stmt in &block.stmts {
        if found.is_some() {
            return;
        }
        match stmt {
            // `continue own` ends the iteration, as `continue` at depth 0 does.
            Stmt::Break(Some(l)) if Some(*l) == own => {
                *found = Some(walk::stmt_span(func, stmt, context));
            }
            Stmt::Break(Some(l)) | Stmt::Continue(Some(l)) if inner.contains(l) => {}
            Stmt::Return(_) | Stmt::Break(Some(_)) | Stmt::Continue(Some(_)) => {
                *found = Some(walk::stmt_span(func, stmt, context));
            }
            Stmt::Break(None) if depth == 0 => *found = Some(context),
            Stmt::Loop { body, .. } => exits_in(func, body, depth + 1, own, inner, context, found),
            Stmt::If { cond, then_block, else_block } => {
                let span = func.expr(*cond).span;
                exits_in(func, then_block, depth, own, inner, span, found);
                if let Some(e) = else_block {
                    exits_in(func, e, depth, own, inner, span, found);
                }
            }
            other => {
                for b in walk::stmt_blocks(other) {
                    exits_in(func, b, depth, own, inner, context, found);
                }
            }
        }
    }
}

/// `Some((op, self_read))` when assignment `e` to `acc` is a recognised reduction step.
/// `safe(x)`: whether evaluating `x` can neither fail nor have an effect, which the
/// short-circuit steps `acc = acc && x` / `acc = acc || x` need: Java skips `x` once `acc`
/// is decided, a work-item evaluates it from the identity.
fn accumulation(
    module: &Module,
    func: &Function,
    e: ExprId,
    acc: LocalId,
    safe: &dyn Fn(ExprId) -> bool,
) -> Option<(ReduceOp, Option<ExprId>)> {
    // The accumulator read as an operand, through conversions that keep its value
    // (`(long) s`, `(double) f` of a `float`); a narrowing one (`(int) s` of a `long`)
    // changes it in every iteration: no reduction.
    let is_acc = |x: ExprId| -> Option<ExprId> {
        let mut x = x;
        while let ExprKind::Convert { operand } = func.expr(x).kind {
            let keeps = match (&func.expr(operand).ty, &func.expr(x).ty) {
                (Type::Prim(from), Type::Prim(to)) => {
                    widens(*from, *to) || (*from, *to) == (PrimType::Float, PrimType::Double)
                }
                _ => false,
            };
            if !keeps {
                return None;
            }
            x = operand;
        }
        matches!(func.expr(x).kind, ExprKind::Local(l) if l == acc).then_some(x)
    };
    // The type an update computes in must give the accumulator's own operator: integer
    // operations wrap consistently with the (narrower) accumulator's, floating ones only
    // round differently; an integer accumulator updated in floating point (`s -= a[i] *
    // 0.5` on an `int`) is truncated in every iteration, which no grouping reproduces.
    let acc_ty = func.local(acc).ty.clone();
    let computes_ok = |op_ty: PrimOrRef| match (&acc_ty, op_ty) {
        (Type::Prim(a), PrimOrRef::Prim(o)) => {
            let integral = |p: PrimType| somd_sema::is_integral(p);
            let floating = |p: PrimType| matches!(p, PrimType::Float | PrimType::Double);
            (integral(*a) && integral(o)) || (floating(*a) && floating(o)) || *a == o
        }
        _ => false,
    };
    let reads_acc = |x: ExprId| {
        let mut found = false;
        walk::each_expr(func, x, &mut |y| {
            if matches!(func.expr(y).kind, ExprKind::Local(l) if l == acc) {
                found = true;
            }
        });
        found
    };
    // `acc -= v` adds `-v`: Java's `int`/`long` subtraction is the addition of the
    // negation (both wrap), and so is IEEE subtraction, so the update is a contribution to
    // a `+` reduction like any other.
    let op_of = |k: BinOpKind| match k {
        BinOpKind::Add | BinOpKind::Sub => Some(ReduceOp::Add),
        BinOpKind::Mul => Some(ReduceOp::Mul),
        BinOpKind::BitAnd => Some(ReduceOp::BitAnd),
        BinOpKind::BitOr => Some(ReduceOp::BitOr),
        BinOpKind::BitXor => Some(ReduceOp::BitXor),
        _ => None,
    };
    match &func.expr(e).kind {
        ExprKind::CompoundAssign { op, value, .. } => {
            let rop = op_of(op.kind)?;
            (!reads_acc(*value) && computes_ok(op.ty)).then_some((rop, None))
        }
        ExprKind::IncDec { delta: 1 | -1, .. } => Some((ReduceOp::Add, None)),
        ExprKind::Assign { value, .. } => {
            // The conversions around the update's value, for an integral accumulator: each
            // must keep at least the accumulator's bits. `s = (short) (s + x)` into a
            // `short` wraps as the `short` sum does at every step; `(byte) (s + x)` into a
            // `short`, or `(short) Math.max(m, x)` into an `int`, changes the value in a way
            // no grouping of the iterations reproduces: no reduction.
            let mut v = *value;
            while let ExprKind::Convert { operand } = func.expr(v).kind {
                if let (Type::Prim(a), Type::Prim(t)) = (&acc_ty, &func.expr(v).ty) {
                    let integral = somd_sema::is_integral(*a);
                    if integral && !(somd_sema::is_integral(*t) && bits(*t) >= bits(*a)) {
                        return None;
                    }
                }
                v = operand;
            }
            // `Math.max(m, x)` computes in `x`'s type: narrowed into a narrower accumulator
            // it is the maximum only when `x` fits the accumulator's type.
            let fits = |x: ExprId| match (&acc_ty, &func.expr(strip_widening(func, x)).ty) {
                (Type::Prim(a), Type::Prim(t)) if somd_sema::is_integral(*a) => {
                    somd_sema::widens(*t, *a)
                }
                _ => true,
            };
            match &func.expr(v).kind {
                // `found = true` / `ok = false` (under any condition): `found || c` and
                // `ok && !c` over the iterations, whatever the conditions read, since every
                // iteration evaluates them in Java too.
                ExprKind::Const(Const::Bool(b))
                    if func.local(acc).ty == Type::Prim(PrimType::Boolean) =>
                {
                    Some((if *b { ReduceOp::Or } else { ReduceOp::And }, None))
                }
                ExprKind::Binary { op, lhs, rhs }
                    if matches!(op.kind, BinOpKind::And | BinOpKind::Or) =>
                {
                    let rop = if op.kind == BinOpKind::And { ReduceOp::And } else { ReduceOp::Or };
                    if let Some(r) = is_acc(*lhs) {
                        (!reads_acc(*rhs) && safe(*rhs)).then_some((rop, Some(r)))
                    } else {
                        // `b = e && b`: Java evaluates `e` in every iteration, as a
                        // work-item does, whatever it does.
                        let r = is_acc(*rhs)?;
                        (!reads_acc(*lhs)).then_some((rop, Some(r)))
                    }
                }
                ExprKind::Binary { op, lhs, rhs } => {
                    let rop = op_of(op.kind)?;
                    if !computes_ok(op.ty) {
                        return None;
                    }
                    if let Some(r) = is_acc(*lhs) {
                        (!reads_acc(*rhs)).then_some((rop, Some(r)))
                    } else if op.kind == BinOpKind::Sub {
                        // `acc = v - acc` negates the accumulator: no reduction.
                        None
                    } else if let Some(r) = is_acc(*rhs) {
                        (!reads_acc(*lhs)).then_some((rop, Some(r)))
                    } else {
                        None
                    }
                }
                // `Math.min`/`Math.max`, built-in or the library's (stdlib/math.somd). The
                // floating ones follow Java's rules (NaN wins, `-0.0 < 0.0`), which are exactly
                // the `min`/`max` reduction operators of LANGUAGE.md §2.3 (`somd_dmin` on the
                // device, `reduce::Min` on the CPU): associative and commutative, with the
                // infinities as identities, so a tree gives the sequential loop's value bit
                // for bit.
                ExprKind::Builtin { .. } | ExprKind::Call { .. } => {
                    let (rop, [a, b], _) = walk::min_max_call(module, func, v)?;
                    if let Some(r) = is_acc(a) {
                        (!reads_acc(b) && fits(b)).then_some((rop, Some(r)))
                    } else if let Some(r) = is_acc(b) {
                        (!reads_acc(a) && fits(a)).then_some((rop, Some(r)))
                    } else {
                        None
                    }
                }
                _ => None,
            }
        }
        _ => None,
    }
}

/// The conditional maxima and minima of a loop body, by assignment: `if (v > m) m = v;`
/// (`v >= m`, `m < v`, `m <= v`; `<` / `<=` the other way round for a minimum) and
/// `m = v > m ? v : m` (either branch order), where `v` is one expression in both places
/// with no effect (so both evaluations give one value) and `m` a local. For an `int` or
/// `long` `m` and a `v` of an integral type that widens to it, this is `m = Math.max(m, v)`
/// (`min`) exactly: the values compared are the values assigned, and equal integers have
/// equal bits. Each maps to the operator and the reads of `m` it makes besides the
/// assignment. For a `float` or `double` `m` it is no reduction: Java keeps the first of
/// `-0.0` and `0.0` and never takes NaN, which depends on the order of the iterations; the
/// entry holds the reason.
///
/// In `carried`, by the assignment of `m`: the other assignments of an `if` block that
/// assigns locals only (`if (v > m) { m = v; k = i; }`, the payloads of an argument
/// extremum) and whether a later iteration with an equal `v` takes them (`>=`, `<=`); in
/// `tests`, by the same assignment, the `if`'s test.
#[allow(clippy::type_complexity)]
fn conditional_extrema(
    module: &Module,
    func: &Function,
    body: &Block,
    carried: &mut HashMap<ExprId, (Vec<ExprId>, bool)>,
    tests: &mut HashMap<ExprId, ExprId>,
) -> HashMap<ExprId, Result<(ReduceOp, Vec<ExprId>), String>> {
    let mut out = HashMap::new();
    let library_math = |f: FuncId| walk::library_math(module, f);
    // `(m read, v, v ⋈ m)`: the comparison as a relation of `v` to `m`.
    let compare = |cond: ExprId, m: LocalId| -> Option<(ExprId, ExprId, BinOpKind)> {
        let ExprKind::Binary { op, lhs, rhs } = &func.expr(cond).kind else { return None };
        let flipped = match op.kind {
            BinOpKind::Lt => BinOpKind::Gt,
            BinOpKind::Le => BinOpKind::Ge,
            BinOpKind::Gt => BinOpKind::Lt,
            BinOpKind::Ge => BinOpKind::Le,
            _ => return None,
        };
        let (l, r) = (strip_widening(func, *lhs), strip_widening(func, *rhs));
        let is_m = |x: ExprId| matches!(func.expr(x).kind, ExprKind::Local(y) if y == m);
        match (is_m(l), is_m(r)) {
            (true, false) => Some((l, r, flipped)),
            (false, true) => Some((r, l, op.kind)),
            _ => None,
        }
    };
    // The entry, and whether the extremum must carry the iteration that set it (a
    // floating-point `m`: of `-0.0` and `0.0`, Java keeps the one that came first).
    let consider = |m: LocalId,
                    v: ExprId,
                    cmp: (ExprId, ExprId, BinOpKind),
                    takes_v_when: bool,
                    more: Option<ExprId>|
     -> Option<(Result<(ReduceOp, Vec<ExprId>), String>, bool)> {
        let (m_read, other, rel) = cmp;
        let v = strip_widening(func, v);
        if !walk::same_value_calling(func, other, v, &library_math)
            || walk::mentions(func, v, m)
            || !walk::effect_free(func, v, &library_math)
        {
            return None;
        }
        let greater = matches!(rel, BinOpKind::Gt | BinOpKind::Ge);
        let op = if greater == takes_v_when { ReduceOp::Max } else { ReduceOp::Min };
        let name = &func.local(m).name;
        let reads = || std::iter::once(m_read).chain(more).collect();
        let entry = match (&func.local(m).ty, &func.expr(v).ty) {
            (
                Type::Prim(
                    t @ (PrimType::Byte
                    | PrimType::Short
                    | PrimType::Char
                    | PrimType::Int
                    | PrimType::Long),
                ),
                Type::Prim(vt),
            ) if vt == t || widens(*vt, *t) => (Ok((op, reads())), false),
            // Java keeps whichever of `-0.0` and `0.0` comes first and skips NaN: an
            // argument extremum (the iteration breaks ties), in the `if` form and in `m = v >
            // m ? v : m`, which the kernel writes as the `if` form (`m` keeps its own value
            // otherwise; the OpenCL writer's `carried_select`).
            (Type::Prim(PrimType::Float | PrimType::Double), _) if takes_v_when => {
                (Ok((op, reads())), true)
            }
            (Type::Prim(t @ (PrimType::Float | PrimType::Double)), _) => (
                Err(format!(
                    "`{name} = .. ? {name} : ..` of the {t} `{name}` takes the value whenever \
                     the comparison fails, NaN included, so it is no conditional {what} \
                     (`if (v {rel} {name}) {name} = v;` is one, keeping the first iteration of \
                     `-0.0` and `0.0`; `{name} = Math.{what}({name}, ..)`, where NaN wins and \
                     `-0.0 < 0.0`, is a reduction)",
                    what = if op == ReduceOp::Max { "max" } else { "min" },
                    rel = if op == ReduceOp::Max { ">" } else { "<" },
                    t = if *t == PrimType::Float { "float" } else { "double" },
                )),
                false,
            ),
            _ => return None,
        };
        Some(entry)
    };
    walk::each_stmt(body, &mut |stmt| {
        let assign_of = |e: ExprId| match &func.expr(e).kind {
            ExprKind::Assign { target, value } => match func.expr(*target).kind {
                ExprKind::Local(m) => Some((m, *value)),
                _ => None,
            },
            _ => None,
        };
        match stmt {
            // `if (v > m) m = v;`, or `if (v > m) { m = v; k = e; .. }` (an argument
            // extremum: the other assignments are its payloads).
            Stmt::If { cond, then_block, else_block: None } => {
                let stmts = match then_block.stmts.as_slice() {
                    [Stmt::Block(b)] => b.stmts.as_slice(),
                    all => all,
                };
                let assigns: Option<Vec<(ExprId, LocalId, ExprId)>> = stmts
                    .iter()
                    .map(|s| match s {
                        Stmt::Expr(a) => assign_of(*a).map(|(m, v)| (*a, m, v)),
                        _ => None,
                    })
                    .collect();
                let Some(assigns) = assigns else { return };
                let leads: Vec<_> = assigns
                    .iter()
                    .filter_map(|&(a, m, v)| compare(*cond, m).map(|cmp| (a, m, v, cmp)))
                    .collect();
                let [(a, m, v, cmp)] = leads[..] else { return };
                let Some((entry, must_carry)) = consider(m, v, cmp, true, None) else { return };
                let payloads: Vec<ExprId> =
                    assigns.iter().filter(|(x, ..)| *x != a).map(|(x, ..)| *x).collect();
                if (must_carry || !payloads.is_empty()) && entry.is_ok() {
                    let later = matches!(cmp.2, BinOpKind::Ge | BinOpKind::Le);
                    carried.insert(a, (payloads, later));
                    tests.insert(a, *cond);
                }
                out.insert(a, entry);
            }
            // `m = v > m ? v : m;`
            Stmt::Expr(a) => {
                let Some((m, value)) = assign_of(*a) else { return };
                let ExprKind::Conditional { cond, then_expr, else_expr } = &func.expr(value).kind
                else {
                    return;
                };
                let Some(cmp) = compare(*cond, m) else { return };
                let is_m = |x: ExprId| matches!(func.expr(x).kind, ExprKind::Local(y) if y == m);
                let entry = if is_m(*else_expr) {
                    consider(m, *then_expr, cmp, true, Some(*else_expr))
                } else if is_m(*then_expr) {
                    consider(m, *else_expr, cmp, false, Some(*then_expr))
                } else {
                    None
                };
                let Some((entry, must_carry)) = entry else { return };
                // A floating `m = v > m ? v : m` keeps its iteration like the `if` form; the
                // kernel assigns `m` only in the iterations that take `v`, which needs `v`
                // of `m`'s own type (the assignment converts nothing).
                if must_carry && entry.is_ok() {
                    if func.expr(*then_expr).ty != func.local(m).ty {
                        out.insert(
                            *a,
                            Err(format!(
                                "the conditional expression `{name} = .. ? v : {name}` converts \
                                 `v` to the type of the floating-point `{name}` (write `if (v > \
                                 {name}) {name} = v;`)",
                                name = func.local(m).name
                            )),
                        );
                        return;
                    }
                    let later = matches!(cmp.2, BinOpKind::Ge | BinOpKind::Le);
                    carried.insert(*a, (Vec::new(), later));
                }
                out.insert(*a, entry);
            }
            _ => {}
        }
    });
    out
}

/// `e` without the integral widening conversions around it (they keep its value).
pub(crate) fn strip_widening(func: &Function, mut e: ExprId) -> ExprId {
    while let ExprKind::Convert { operand } = func.expr(e).kind {
        match (&func.expr(operand).ty, &func.expr(e).ty) {
            (Type::Prim(from), Type::Prim(to)) if widens(*from, *to) => e = operand,
            _ => break,
        }
    }
    e
}

/// The width in bits of an integral type (`boolean` 1, floating types their own width).
fn bits(p: PrimType) -> u32 {
    match p {
        PrimType::Boolean => 1,
        PrimType::Byte => 8,
        PrimType::Short | PrimType::Char => 16,
        PrimType::Int | PrimType::Float => 32,
        PrimType::Long | PrimType::Double => 64,
    }
}

/// Whether Java widens integral type `from` to the wider integral type `to`, which keeps
/// the value (`int` to `float` widens too, but rounds).
fn widens(from: PrimType, to: PrimType) -> bool {
    from != to
        && somd_sema::is_integral(from)
        && somd_sema::is_integral(to)
        && somd_sema::widens(from, to)
}

/// `Some("&&")` / `Some("||")` when assignment `e` to `acc` stores `acc && ..` /
/// `acc || ..`.
fn short_circuit(func: &Function, e: ExprId, acc: LocalId) -> Option<&'static str> {
    let ExprKind::Assign { value, .. } = &func.expr(e).kind else { return None };
    let ExprKind::Binary { op, lhs, .. } = &func.expr(*value).kind else { return None };
    if !matches!(func.expr(*lhs).kind, ExprKind::Local(l) if l == acc) {
        return None;
    }
    match op.kind {
        BinOpKind::And => Some("&&"),
        BinOpKind::Or => Some("||"),
        _ => None,
    }
}

/// Whether evaluating `root` can neither fail nor have an effect ([`walk::may_fail`],
/// [`walk::effect_free`]): element reads must be in `proven`; the library's `Math`
/// functions (stdlib/math.somd, none of which throws) are the calls allowed.
fn cannot_fail(
    module: &Module,
    func: &Function,
    root: ExprId,
    proven: &std::collections::BTreeSet<ExprId>,
) -> bool {
    let library_math = |f: FuncId| walk::library_math(module, f);
    !walk::may_fail(func, root, &|e| proven.contains(&e), &library_math)
        && walk::effect_free(func, root, &library_math)
}

/// The locals a 2-D nest's prelude declares ([`Cx::prelude`]), in order.
fn prelude_locals(prelude: &[Stmt]) -> Vec<LocalId> {
    prelude
        .iter()
        .filter_map(|s| match s {
            Stmt::Let { local, .. } => Some(*local),
            _ => None,
        })
        .collect()
}

/// Whether `kind` is the constant `-0.0` (`-0.0f`).
fn is_negative_zero(kind: &ExprKind) -> bool {
    match kind {
        ExprKind::Const(Const::Float(v)) => *v == 0.0 && v.is_sign_negative(),
        ExprKind::Const(Const::Double(v)) => *v == 0.0 && v.is_sign_negative(),
        _ => false,
    }
}

fn is_identity(kind: &ExprKind, op: ReduceOp, ty: PrimType) -> bool {
    let ExprKind::Const(c) = kind else { return false };
    let as_f64 = match c {
        Const::Int(v) => Some(f64::from(*v)),
        Const::Long(v) => Some(*v as f64),
        Const::Float(v) => Some(f64::from(*v)),
        Const::Double(v) => Some(*v),
        Const::Byte(v) => Some(f64::from(*v)),
        Const::Short(v) => Some(f64::from(*v)),
        Const::Char(v) => Some(f64::from(*v)),
        _ => None,
    };
    if let Const::Bool(b) = c {
        return match op {
            ReduceOp::BitAnd | ReduceOp::And => *b,
            ReduceOp::BitOr | ReduceOp::BitXor | ReduceOp::Or => !*b,
            _ => false,
        };
    }
    match op {
        ReduceOp::Add | ReduceOp::BitOr | ReduceOp::BitXor => as_f64 == Some(0.0),
        ReduceOp::Mul => as_f64 == Some(1.0),
        // All bits set: `(char) -1` is `0xffff`.
        ReduceOp::BitAnd => {
            as_f64 == Some(-1.0) || (ty == PrimType::Char && as_f64 == Some(f64::from(u16::MAX)))
        }
        // A narrow accumulator's extremes, from any constant of that value.
        ReduceOp::Min if matches!(ty, PrimType::Byte | PrimType::Short | PrimType::Char) => {
            as_f64 == narrow_extremes(ty).map(|(_, hi)| hi)
        }
        ReduceOp::Max if matches!(ty, PrimType::Byte | PrimType::Short | PrimType::Char) => {
            as_f64 == narrow_extremes(ty).map(|(lo, _)| lo)
        }
        ReduceOp::Min => match (c, ty) {
            (Const::Int(v), PrimType::Int) => *v == i32::MAX,
            (Const::Long(v), PrimType::Long) => *v == i64::MAX,
            (Const::Float(v), _) => *v == f32::INFINITY,
            (Const::Double(v), _) => *v == f64::INFINITY,
            _ => false,
        },
        ReduceOp::Max => match (c, ty) {
            (Const::Int(v), PrimType::Int) => *v == i32::MIN,
            (Const::Long(v), PrimType::Long) => *v == i64::MIN,
            (Const::Float(v), _) => *v == f32::NEG_INFINITY,
            (Const::Double(v), _) => *v == f64::NEG_INFINITY,
            _ => false,
        },
        _ => false,
    }
}

/// The least and greatest values of a `byte`, `short` or `char`.
fn narrow_extremes(ty: PrimType) -> Option<(f64, f64)> {
    match ty {
        PrimType::Byte => Some((f64::from(i8::MIN), f64::from(i8::MAX))),
        PrimType::Short => Some((f64::from(i16::MIN), f64::from(i16::MAX))),
        PrimType::Char => Some((0.0, f64::from(u16::MAX))),
        _ => None,
    }
}

/// The expressions of `body` evaluated for their effect alone: statements and loop updates.
fn effect_only(body: &Block) -> HashSet<ExprId> {
    let mut found = HashSet::new();
    walk::each_stmt(body, &mut |s| match s {
        Stmt::Expr(e) => {
            found.insert(*e);
        }
        Stmt::Loop { update, .. } => found.extend(update.iter().copied()),
        _ => {}
    });
    found
}

/// A reduction of [`lane_reductions`]: the accumulator, its operator, and for an extremum
/// that keeps the iteration that set it, what it carries.
#[derive(Clone, Debug)]
pub struct LaneReduction {
    pub acc: LocalId,
    pub op: ReduceOp,
    pub carry: Option<super::Carried>,
}

/// The reductions of an inner loop whose iterations the OpenCL writer spreads over the
/// work-items of a group (its lanes form, `opencl/strips.rs`): each of `candidates` (locals
/// declared before the loop) that `body` assigns, with its operator, when every
/// assignment is a statement recognised as a reduction of one operator (as the parallel
/// loop's are: `s += e`, `s = Math.max(s, e)`, `if (v > m) m = v;`) and the local is read
/// nowhere else in `body`. Only operators whose result no grouping of the iterations
/// changes are taken: integer sums, products, bitwise folds, minima and maxima, and Java's
/// `Math.min`/`Math.max` of `float`s and `double`s (a floating-point sum rounds
/// differently in another order).
///
/// A conditional extremum that must keep the iteration that set it comes with it
/// ([`Carried`]): an argument extremum (`if (v > m) { m = v; w = j; }`, its payloads
/// candidates assigned nowhere else, with values that read none of the `if`'s locals and
/// cannot fail or have an effect, but for the elements its test reads: a lane evaluates
/// them whenever its own extremum improves, where Java's may not), and a `float` or
/// `double` one, which keeps the first of `-0.0` and `0.0` (or the last, under `>=`). The
/// lanes combine such extrema by value and then by iteration. `None` when any candidate is
/// assigned or read otherwise, or none is assigned.
pub fn lane_reductions(
    module: &Module,
    func: &Function,
    body: &Block,
    candidates: &[LocalId],
) -> Option<Vec<LaneReduction>> {
    let (mut carried, mut tests) = (HashMap::new(), HashMap::new());
    let extrema = conditional_extrema(module, func, body, &mut carried, &mut tests);
    let library_math = |f: FuncId| walk::library_math(module, f);
    // An extremum of a local the loop declares is its own business.
    carried.retain(|lead, _| {
        walk::assigned_local(func, *lead).is_some_and(|m| candidates.contains(&m))
    });
    // Payload assignments, to the assignment of their extremum.
    let payload_of: HashMap<ExprId, ExprId> = carried
        .iter()
        .flat_map(|(lead, (payloads, _))| payloads.iter().map(move |p| (*p, *lead)))
        .collect();
    let effect_only = effect_only(body);
    let mut exprs = Vec::new();
    each_expr_in_block(func, body, &mut |e| exprs.push(e));
    let mut found: Vec<LaneReduction> = Vec::new();
    // The locals assigned as payloads, each once.
    let mut payload_locals: Vec<LocalId> = Vec::new();
    // The mentions of candidates that updates make: their targets and their own reads.
    let mut allowed: HashSet<ExprId> = HashSet::new();
    for &e in &exprs {
        let (target, value) = match &func.expr(e).kind {
            ExprKind::Assign { target, value } => (*target, Some(*value)),
            ExprKind::CompoundAssign { target, .. } | ExprKind::IncDec { target, .. } => {
                (*target, None)
            }
            _ => continue,
        };
        let ExprKind::Local(l) = func.expr(target).kind else { continue };
        if let Some(lead) = payload_of.get(&e) {
            // A payload: a candidate set in its extremum's `if` alone, from a value that
            // reads none of the `if`'s locals and cannot fail but where the test reads.
            let (payloads, _) = carried.get(lead)?;
            let m = walk::assigned_local(func, *lead)?;
            let set: Vec<LocalId> = std::iter::once(m)
                .chain(payloads.iter().filter_map(|p| walk::assigned_local(func, *p)))
                .collect();
            let value = value?;
            let tested: Vec<ExprId> =
                tests.get(lead).map(|cond| walk::evaluated_reads(func, *cond)).unwrap_or_default();
            let in_bounds = |x: ExprId| {
                tested.iter().any(|t| walk::same_value_calling(func, *t, x, &library_math))
            };
            if !candidates.contains(&l)
                || payload_locals.contains(&l)
                || set.iter().any(|s| walk::mentions(func, value, *s))
                || walk::may_fail(func, value, &in_bounds, &library_math)
                || !walk::effect_free(func, value, &library_math)
                || !matches!(func.local(l).ty, Type::Prim(_))
            {
                return None;
            }
            payload_locals.push(l);
            allowed.insert(target);
            continue;
        }
        if !candidates.contains(&l) {
            continue;
        }
        if !effect_only.contains(&e) {
            return None;
        }
        let (op, reads) = match extrema.get(&e) {
            Some(Ok((op, reads))) => (*op, reads.clone()),
            Some(Err(_)) => return None,
            None => {
                let (op, read) = accumulation(module, func, e, l, &|_| false)?;
                (op, read.into_iter().collect())
            }
        };
        let Type::Prim(ty) = func.local(l).ty else { return None };
        let exact = match op {
            ReduceOp::Add
            | ReduceOp::Mul
            | ReduceOp::BitAnd
            | ReduceOp::BitOr
            | ReduceOp::BitXor => somd_sema::is_integral(ty),
            ReduceOp::Min | ReduceOp::Max => {
                matches!(ty, PrimType::Int | PrimType::Long | PrimType::Float | PrimType::Double)
            }
            ReduceOp::And | ReduceOp::Or | ReduceOp::Sub => false,
        };
        if !exact {
            return None;
        }
        let carry = carried.get(&e).map(|(payloads, later)| {
            let payloads = payloads
                .iter()
                .filter_map(|p| walk::assigned_local(func, *p))
                .filter_map(|p| match func.local(p).ty {
                    Type::Prim(t) => Some((p, t)),
                    _ => None,
                })
                .collect();
            super::Carried { assign: e, payloads, later_ties: *later }
        });
        match found.iter().find(|r| r.acc == l) {
            // An extremum that keeps its iteration is updated by its `if` alone.
            None => found.push(LaneReduction { acc: l, op, carry }),
            Some(r) if r.op == op && r.carry.is_none() && carry.is_none() => {}
            Some(_) => return None,
        }
        allowed.insert(target);
        allowed.extend(reads);
    }
    // Every other mention of an accumulator or a payload reads a running value no lane
    // has; every payload travels with an extremum the loop keeps.
    let stray = exprs.iter().any(|e| {
        matches!(func.expr(*e).kind, ExprKind::Local(l)
            if found.iter().any(|r| r.acc == l) || payload_locals.contains(&l))
            && !allowed.contains(e)
    });
    let kept = |p: &LocalId| {
        let mut carried = found.iter().filter_map(|r| r.carry.as_ref());
        carried.any(|c| c.payloads.iter().any(|(x, _)| x == p))
    };
    // A payload that is also an accumulator would be folded twice.
    let both = found.iter().any(|r| payload_locals.contains(&r.acc));
    (!stray && !both && !found.is_empty() && payload_locals.iter().all(kept)).then_some(found)
}

/// Whether `func` assigns an element of any array other than its own private arrays
/// (`private.rs`: no caller can see those).
pub fn writes_arrays(func: &Function) -> bool {
    let privates = super::private::private_arrays(func);
    func.exprs.iter().any(|e| match &e.kind {
        ExprKind::Assign { target, .. }
        | ExprKind::CompoundAssign { target, .. }
        | ExprKind::IncDec { target, .. } => {
            matches!(func.expr(*target).kind, ExprKind::Index { .. })
                && !walk::index_root(func, *target).is_some_and(|(l, _)| privates.contains_key(&l))
        }
        _ => false,
    })
}
