//! The *lanes form* of a SOMD loop: one work-group per iteration of the parallel loop,
//! whose work-items share the iterations of an inner loop, elementwise or reducing into
//! the iteration's locals (note `device-execution`, "Inner loops across a work-group").
//!
//! LINPACK's column update runs one parallel iteration per column and, in it, a loop over
//! the column's rows: `for (i = k + 1; i < n; i++) colJ[i] += t * colK[i];`. One work-item
//! per column walks its column alone, so the work-items of a warp touch addresses a column
//! apart (one cache line each per step), where a hand-written kernel has consecutive
//! work-items take consecutive rows. In the lanes form, the work-items of a group take the
//! inner iterations `init + lane, init + lane + lanes, ..` of one outer iteration: their
//! accesses are consecutive.
//!
//! The form applies to a body `prelude; { int i = init; for (; i < hi; i++) inner } after`
//! where
//! - the inner loop's iterations are independent: every array it writes (by its base
//!   parameter or output, through row aliases) it reads and writes only through one local, at index
//!   `i` exactly; every local it assigns is declared in it or is an accumulator (below);
//!   it has no `break`, `return` or labelled `continue`, and calls nothing that could
//!   write memory; `hi` is not assigned in it, and the bounds read no array it writes but
//!   for its length;
//! - the prelude and `after` are straight-line code with `if`s and `continue` (of the
//!   parallel loop): declarations and assignments of locals and stores `x[e] = v` whose
//!   expressions call nothing and assign nothing.
//!
//! Every work-item of the group runs the prelude, so each has the prelude's locals (no
//! broadcast is needed), but only work-item 0 stores, between two barriers: every
//! work-item has done the reads before a store when it happens, and sees it after. So all
//! work-items read the same values, take the same branches and reach the same barriers
//! (a barrier must be reached by all or none of a group), and the stores happen once, in
//! program order, as in the one-work-item form. Then every work-item reads the inner
//! loop's bounds (which read no array the loop writes), a last barrier separates all these
//! reads from the inner loop's writes, and the work-items split the inner loop.
//!
//! **Accumulators.** A local the prelude declares that the inner loop assigns only as a
//! reduction whose value no grouping of the iterations changes (`s += a[i][j]` on an
//! integer, `m = Math.max(m, x)`, `if (v > m) m = v;`, `c++`:
//! `somd_mir::analysis::parallel::lane_reductions`), and reads nowhere else in the loop,
//! is the lanes' to fold: each lane keeps the prelude's value aside, folds its own
//! iterations from the operator's identity, and after the loop the group combines the
//! lanes' values by a tree in `__local` memory (`somd_lt<k>`, one element per lane) and
//! every lane combines the prelude's value with the total. Every lane then holds Java's
//! value and runs `after` as it ran the prelude. A barrier after the inner loop makes its
//! writes (and failures) seen before `after` reads anything; `after` fails as the
//! iteration (`sub` 0), which `somd_fail` orders after any inner step of the same
//! iteration, as Java meets them.
//!
//! **Extrema that keep their iteration.** An argument extremum (`if (v > m) { m = v; w =
//! j; }`) and a conditional extremum of `float`s or `double`s (Java keeps the first of
//! `-0.0` and `0.0`) depend on which iteration set them: each lane also records that
//! iteration, counted from the inner loop's start (`somd_at<k>`, -1 for none), and keeps
//! its payloads; the tree moves the iteration and payloads with the value, preferring an
//! entry with an iteration, then the better value, then of equal values the earlier
//! iteration (the later under `>=`); and the group's entry replaces the prelude's start
//! only where it is better (or equal, under `>=`).
//!
//! A function with private arrays (`somd_mir::analysis::private`) never takes the form:
//! each work-item has its own copy, which lane 0's stores would not reach.

use super::writer::{bug, FnCx, Writer, R};
use super::writer::{calls_may_throw, identity, may_fail_text, reduce_combine};
use super::Level;
use somd_mir::analysis::walk::{self, children, each_expr, each_expr_in_block, each_stmt};
use somd_mir::analysis::Carried;
use somd_mir::{Block, Const, ExprId, ExprKind, LocalId, Module, Stmt, Type};
use somd_syntax::ast::{PrimType, ReduceOp};
use std::collections::{HashMap, HashSet};
use std::fmt::Write;

/// A SOMD loop body of the lanes form.
pub(super) struct Strip<'b> {
    prelude: &'b [Stmt],
    index: LocalId,
    init: ExprId,
    hi: ExprId,
    inner: &'b Block,
    /// The prelude's locals the inner loop reduces (`s += a[i][j]`), with their operators
    /// and types, and for an extremum that keeps the iteration that set it its payloads:
    /// each lane folds its iterations from the operator's identity, the group combines the
    /// lanes' values in `__local` memory, and every lane goes on with the prelude's value
    /// combined with that (module doc).
    accs: Vec<LaneAcc>,
    /// The statements after the inner loop, of the prelude's forms.
    after: &'b [Stmt],
}

/// An accumulator of the lanes form: the prelude's local, its operator and type, and for
/// an extremum that keeps the iteration that set it, that iteration's payloads.
struct LaneAcc {
    local: LocalId,
    op: ReduceOp,
    ty: PrimType,
    carry: Option<Carried>,
}

impl LaneAcc {
    /// The `__local` arrays its lanes combine in: its value's, then for a kept iteration
    /// the iteration's and one per payload.
    fn trees(&self) -> usize {
        1 + self.carry.as_ref().map_or(0, |c| 1 + c.payloads.len())
    }

    /// The comparison of a better value.
    fn better(&self) -> &'static str {
        if self.op == ReduceOp::Max {
            ">"
        } else {
            "<"
        }
    }
}

impl Strip<'_> {
    /// The inner loop's iteration count as a rule over the kernel's scalar arguments
    /// (`scalars`, by name), when its bounds are constants, `int` parameters, lengths and
    /// sums or differences of those: the host compares it with the rows variant's
    /// threshold (`rt::device::strip_rows`).
    pub(super) fn inner_count(
        &self,
        cx: &FnCx,
        scalars: &HashMap<String, usize>,
    ) -> Option<super::SizeRule> {
        let hi = size_of(cx, self.hi, scalars)?;
        let lo = size_of(cx, self.init, scalars)?;
        Some(super::SizeRule::Sub(Box::new(hi), Box::new(lo)))
    }

    /// The element types of the `__local` arrays the lanes combine their accumulators in,
    /// in order (`somd_lt0`, `somd_lt1`, ..): one per accumulator, followed for an extremum
    /// that keeps its iteration by one for the iteration (`long`) and one per payload.
    pub(super) fn trees(&self) -> impl Iterator<Item = PrimType> + '_ {
        self.accs.iter().flat_map(|acc| {
            let carried = acc.carry.iter().flat_map(|c| {
                std::iter::once(PrimType::Long).chain(c.payloads.iter().map(|(_, t)| *t))
            });
            std::iter::once(acc.ty).chain(carried)
        })
    }

    /// Each accumulator's first `__local` array (`somd_lt<k>`), in the order of [`trees`].
    ///
    /// [`trees`]: Strip::trees
    fn first_trees(&self) -> Vec<usize> {
        let starts = self.accs.iter().scan(0, |next, acc| {
            let first = *next;
            *next += acc.trees();
            Some(first)
        });
        starts.collect()
    }

    /// The payload locals of the extrema that keep their iterations.
    fn payloads(&self) -> impl Iterator<Item = LocalId> + '_ {
        let carried = self.accs.iter().filter_map(|acc| acc.carry.as_ref());
        carried.flat_map(|c| c.payloads.iter().map(|(p, _)| *p))
    }
}

/// The lanes form of the parallel loop body `body`, when it qualifies (module doc).
pub(super) fn strip_of<'b>(module: &Module, cx: &FnCx, body: &'b Block) -> Option<Strip<'b>> {
    let func = cx.func;
    // A private array is each work-item's own: the prelude's stores into it, made by lane
    // 0 alone, would not reach the other lanes' copies.
    if !cx.privates.is_empty() {
        return None;
    }
    // The last statement of the body that is a counted loop's block.
    let counted = |s: &Stmt| {
        matches!(s, Stmt::Block(b) if matches!(
            b.stmts.as_slice(),
            [Stmt::Let { init: Some(_), .. }, Stmt::Loop { label: None, test: Some(_), test_at_end: false, .. }]
        ))
    };
    let at = body.stmts.iter().rposition(counted)?;
    let (prelude, after) = (&body.stmts[..at], &body.stmts[at + 1..]);
    let Stmt::Block(b) = &body.stmts[at] else { return None };
    let [Stmt::Let { local: index, init: Some(init) }, Stmt::Loop { label: None, test: Some(test), test_at_end: false, body: inner, update }] =
        b.stmts.as_slice()
    else {
        return None;
    };
    // `i < hi`, `i++`.
    let ExprKind::Binary { op, lhs, rhs } = &func.expr(*test).kind else { return None };
    if op.kind != somd_mir::BinOpKind::Lt || !is_local(cx, *lhs, *index) {
        return None;
    }
    let [step] = update.as_slice() else { return None };
    match &func.expr(*step).kind {
        ExprKind::IncDec { target, delta: 1, .. } if is_local(cx, *target, *index) => {}
        _ => return None,
    }
    if !matches!(func.local(*index).ty, Type::Prim(PrimType::Int)) {
        return None;
    }
    if !pure(module, cx, *rhs) || !pure(module, cx, *init) {
        return None;
    }
    // Accumulators: locals the prelude declares at its top level that the inner loop
    // assigns, each only as a reduction whose result no grouping changes.
    let declared: Vec<LocalId> = prelude
        .iter()
        .filter_map(|s| match s {
            Stmt::Let { local, .. } => Some(*local),
            _ => None,
        })
        .collect();
    let mut assigned = false;
    each_expr_in_block(func, inner, &mut |e| {
        if let ExprKind::Assign { target, .. }
        | ExprKind::CompoundAssign { target, .. }
        | ExprKind::IncDec { target, .. } = &func.expr(e).kind
        {
            assigned |=
                matches!(func.expr(*target).kind, ExprKind::Local(l) if declared.contains(&l));
        }
    });
    let accs = match assigned {
        true => somd_mir::analysis::parallel::lane_reductions(module, func, inner, &declared)?
            .into_iter()
            .map(|r| match func.local(r.acc).ty {
                Type::Prim(ty) => Some(LaneAcc { local: r.acc, op: r.op, ty, carry: r.carry }),
                _ => None,
            })
            .collect::<Option<Vec<_>>>()?,
        false => Vec::new(),
    };
    let strip = Strip { prelude, index: *index, init: *init, hi: *rhs, inner, accs, after };
    (prelude_ok(module, cx, prelude)
        && prelude_ok(module, cx, after)
        && inner_ok(module, cx, &strip))
    .then_some(strip)
}

/// `e` as a rule over the kernel's scalar arguments: an `int` constant, a scalar parameter,
/// the length `a.length`, `a[x].length` of an array argument or of a local naming rows of
/// one (its base's length `offset` dimensions in), and `+`, `-` of those.
pub(super) fn size_of(
    cx: &FnCx,
    e: ExprId,
    scalars: &HashMap<String, usize>,
) -> Option<super::SizeRule> {
    use super::SizeRule;
    let func = cx.func;
    let arg = |name: String| scalars.get(&name).map(|k| SizeRule::Arg(*k));
    match &func.expr(e).kind {
        ExprKind::Const(somd_mir::Const::Int(v)) => Some(SizeRule::Const(i64::from(*v))),
        ExprKind::Local(l) if matches!(func.local(*l).ty, Type::Prim(PrimType::Int)) => {
            (func.local(*l).kind == somd_mir::LocalKind::Param)
                .then(|| arg(cx.name(*l).to_string()))?
        }
        ExprKind::Length(a) => {
            let mut base = *a;
            let mut dim = 0u8;
            while let ExprKind::Index { array, .. } = func.expr(base).kind {
                base = array;
                dim += 1;
            }
            let ExprKind::Local(l) = func.expr(base).kind else { return None };
            match cx.aliases.get(&l) {
                Some(alias) => {
                    arg(format!("{}_len{}", cx.name(alias.base), dim + alias.offset(func)))
                }
                None => arg(format!("{}_len{dim}", cx.name(l))),
            }
        }
        ExprKind::Binary { op, lhs, rhs } => {
            let (a, b) = (size_of(cx, *lhs, scalars)?, size_of(cx, *rhs, scalars)?);
            match op.kind {
                somd_mir::BinOpKind::Add => Some(SizeRule::Add(Box::new(a), Box::new(b))),
                somd_mir::BinOpKind::Sub => Some(SizeRule::Sub(Box::new(a), Box::new(b))),
                _ => None,
            }
        }
        _ => None,
    }
}

fn is_local(cx: &FnCx, e: ExprId, l: LocalId) -> bool {
    matches!(cx.func.expr(e).kind, ExprKind::Local(x) if x == l)
}

/// Whether evaluating `e` only reads: no allocation, assignment or construct with a side
/// effect, and no call but `Math`'s (built-in or the library's) and `Somd.offset`.
fn pure(module: &Module, cx: &FnCx, e: ExprId) -> bool {
    let mut ok = true;
    each_expr(cx.func, e, &mut |x| {
        ok &= match &cx.func.expr(x).kind {
            ExprKind::Const(_)
            | ExprKind::Local(_)
            | ExprKind::Static(_)
            | ExprKind::Field { .. }
            | ExprKind::Index { .. }
            | ExprKind::Length(_)
            | ExprKind::Unary { .. }
            | ExprKind::Binary { .. }
            | ExprKind::Convert { .. }
            | ExprKind::Conditional { .. }
            | ExprKind::This => true,
            ExprKind::Builtin { builtin, .. } => {
                builtin.is_scalar_function()
                    || matches!(
                        builtin,
                        somd_mir::Builtin::SomdOffset | somd_mir::Builtin::SomdGlobalLength
                    )
            }
            ExprKind::Call { func: f, receiver: None, .. } => walk::library_math(module, *f),
            _ => false,
        };
    });
    ok
}

/// The prelude: declarations, assignments of locals, stores, `if`s, blocks and `continue`
/// of the parallel loop, with pure expressions.
fn prelude_ok(module: &Module, cx: &FnCx, stmts: &[Stmt]) -> bool {
    stmts.iter().all(|stmt| match stmt {
        Stmt::Let { init, .. } => init.is_none_or(|e| pure(module, cx, e)),
        Stmt::Expr(e) => match &cx.func.expr(*e).kind {
            ExprKind::Assign { target, value } => {
                let target_ok = match &cx.func.expr(*target).kind {
                    ExprKind::Local(_) => true,
                    ExprKind::Index { array, index } => {
                        matches!(cx.func.expr(*array).kind, ExprKind::Local(_))
                            && pure(module, cx, *index)
                    }
                    _ => false,
                };
                target_ok && pure(module, cx, *value)
            }
            _ => false,
        },
        Stmt::If { cond, then_block, else_block } => {
            pure(module, cx, *cond)
                && prelude_ok(module, cx, &then_block.stmts)
                && else_block.as_ref().is_none_or(|b| prelude_ok(module, cx, &b.stmts))
        }
        Stmt::Block(b) => prelude_ok(module, cx, &b.stmts),
        Stmt::Continue(None) => true,
        _ => false,
    })
}

/// The base parameter or output of array local `l` (itself unless it is an alias).
fn base(cx: &FnCx, l: LocalId) -> LocalId {
    cx.aliases.get(&l).map_or(l, |a| a.base)
}

/// The inner loop's iterations are independent (module doc).
fn inner_ok(module: &Module, cx: &FnCx, strip: &Strip) -> bool {
    let func = cx.func;
    let mut declared: HashSet<LocalId> = HashSet::new();
    let mut flow_ok = true;
    each_stmt(strip.inner, &mut |s| match s {
        Stmt::Let { local, .. } => {
            declared.insert(*local);
        }
        Stmt::Break(_)
        | Stmt::Return(_)
        | Stmt::Continue(Some(_))
        | Stmt::Sync { .. }
        | Stmt::Labeled { .. }
        | Stmt::ThrowUnderflow { .. } => flow_ok = false,
        _ => {}
    });
    if !flow_ok {
        return false;
    }
    let mut exprs = Vec::new();
    each_expr_in_block(func, strip.inner, &mut |e| exprs.push(e));
    // Stores and assignments.
    let mut written: HashSet<LocalId> = HashSet::new();
    for e in &exprs {
        let target = match &func.expr(*e).kind {
            ExprKind::Assign { target, .. }
            | ExprKind::CompoundAssign { target, .. }
            | ExprKind::IncDec { target, .. } => *target,
            // `Math.max(s, x)` of the library: no effect, no failure.
            ExprKind::Call { func: f, .. } if walk::library_math(module, *f) => continue,
            ExprKind::Call { .. }
            | ExprKind::SomdCall { .. }
            | ExprKind::IntermediateReduce { .. }
            | ExprKind::New { .. }
            | ExprKind::NewArray { .. }
            | ExprKind::ArrayLit(_)
            | ExprKind::ValueArrayLit(_)
            | ExprKind::Map { .. }
            | ExprKind::ReduceArray { .. }
            | ExprKind::Task { .. }
            | ExprKind::Connect { .. }
            | ExprKind::Concat(_) => return false,
            _ => continue,
        };
        match &func.expr(target).kind {
            ExprKind::Local(l) if declared.contains(l) => {}
            ExprKind::Local(l) if strip.accs.iter().any(|a| a.local == *l) => {}
            ExprKind::Local(l) if strip.payloads().any(|p| p == *l) => {}
            ExprKind::Index { array, .. } => match func.expr(*array).kind {
                ExprKind::Local(a) => {
                    written.insert(base(cx, a));
                }
                _ => return false,
            },
            _ => return false,
        }
    }
    // `hi` is not assigned in the loop (its locals are not declared there either), and
    // neither bound reads an array the loop writes (Java reads `hi` at every test; the
    // kernel once, before the loop).
    let mut bounds_ok = true;
    each_expr(func, strip.hi, &mut |e| {
        if let ExprKind::Local(l) = func.expr(e).kind {
            bounds_ok &= !declared.contains(&l)
                && l != strip.index
                && !strip.accs.iter().any(|a| a.local == l)
                && !strip.payloads().any(|p| p == l);
        }
    });
    // A length (`j < r.length` of the row the loop writes) never changes.
    for bound in [strip.hi, strip.init] {
        let mut lengths = HashSet::new();
        each_expr(func, bound, &mut |e| {
            if let ExprKind::Length(a) = func.expr(e).kind {
                lengths.insert(a);
            }
        });
        each_expr(func, bound, &mut |e| {
            if let ExprKind::Local(l) = func.expr(e).kind {
                bounds_ok &= !(cx.arrays.contains_key(&l) || cx.aliases.contains_key(&l))
                    || !written.contains(&base(cx, l))
                    || lengths.contains(&e);
            }
        });
    }
    if !bounds_ok {
        return false;
    }
    // Accesses to written arrays: one local each, at `i`.
    let mut through: HashMap<LocalId, LocalId> = HashMap::new();
    for e in &exprs {
        let ExprKind::Index { array, index } = &func.expr(*e).kind else { continue };
        let ExprKind::Local(a) = func.expr(*array).kind else {
            // `m[x][y]`: the row's array must not be one the loop writes.
            let mut touches = false;
            each_expr(func, *array, &mut |x| {
                if let ExprKind::Local(l) = func.expr(x).kind {
                    touches |= written.contains(&base(cx, l));
                }
            });
            if touches {
                return false;
            }
            continue;
        };
        let b = base(cx, a);
        if !written.contains(&b) {
            continue;
        }
        if *through.entry(b).or_insert(a) != a || !is_local(cx, *index, strip.index) {
            return false;
        }
    }
    // No other use of a written array (passed on, its alias re-pointed).
    for e in &exprs {
        let ExprKind::Local(l) = func.expr(*e).kind else { continue };
        if l == strip.index || !written.contains(&base(cx, l)) {
            continue;
        }
        let used_as_array = exprs.iter().any(|p| {
            children(&func.expr(*p).kind).contains(e)
                && matches!(func.expr(*p).kind, ExprKind::Index { array, .. } | ExprKind::Length(array) if array == *e)
        });
        if !used_as_array {
            return false;
        }
    }
    true
}

/// Whether `stmt` stores an array element (`x[e] = v;`).
fn is_store(func: &somd_mir::Function, stmt: &Stmt) -> bool {
    matches!(stmt, Stmt::Expr(e) if matches!(
        &func.expr(*e).kind,
        ExprKind::Assign { target, .. }
            if matches!(func.expr(*target).kind, ExprKind::Index { .. })
    ))
}

impl Writer<'_> {
    /// The lanes form's body (module doc), after the kernel's guard of the outer index;
    /// `lane` and `lanes` name the work-item's lane and the group's lane count.
    pub(super) fn strip_body(&mut self, cx: &mut FnCx, level: Level, strip: &Strip) -> R<String> {
        let mut out = String::new();
        let l2 = level.next();
        writeln!(out, "{level}do {{")?;
        self.strip_prelude(cx, l2, strip.prelude, &mut out)?;
        let i = cx.name(strip.index).to_string();
        let init = self.expr(cx, strip.init)?;
        let hi = self.expr(cx, strip.hi)?;
        let l3 = l2.next();
        // In 64 bits: `i + lanes` must not wrap an `int` near `hi`. The bounds and every
        // other read of the prelude are done before any lane writes in the inner loop.
        writeln!(out, "{l2}const long somd_lo = (long)({init});")?;
        writeln!(out, "{l2}const long somd_hi = (long)({hi});")?;
        writeln!(out, "{l2}barrier(CLK_GLOBAL_MEM_FENCE);")?;
        out.push_str(&self.strip_starts(cx, l2, strip)?);
        // An extremum that keeps its iteration records it after its assignment, counted from
        // the inner loop's start (which may be negative; -1 means none).
        let mut recorded = Vec::new();
        for (k, acc) in strip.accs.iter().enumerate() {
            if let Some(c) = &acc.carry {
                cx.after.insert(c.assign, format!("somd_at{k} = somd_i - somd_lo;"));
                recorded.push(c.assign);
            }
        }
        let inner = self.block(cx, l3, strip.inner);
        for assign in recorded {
            cx.after.remove(&assign);
        }
        let inner = inner?;
        // A lane that failed, or whose steps all come after a failure already recorded,
        // leaves (`stop_guard`): an inner bound past the row (`j < n`) would run on. A loop
        // from a constant to an array's length runs no longer than without the failure.
        let from =
            matches!(cx.func.expr(strip.init).kind, ExprKind::Const(Const::Int(c)) if c >= -1024);
        let long = !(from && walk::length_plus(cx.func, strip.hi));
        let fails =
            may_fail_text(&inner) || calls_may_throw(self.module, cx.func, strip.inner, &[]);
        let guard = (long && fails).then(|| self.stop_guard(cx, false));
        if let Some((decl, _)) = &guard {
            writeln!(out, "{l2}{decl}")?;
        }
        writeln!(
            out,
            "{l2}for (long somd_i = somd_lo + somd_lane; somd_i < somd_hi; somd_i += somd_lanes) {{"
        )?;
        if let Some((_, check)) = &guard {
            writeln!(out, "{l3}{check}")?;
        }
        writeln!(out, "{l3}const int {i} = (int)somd_i;")?;
        // The lanes share the iteration's key: a failure is ordered among them by its inner
        // step (`sub`, runtime/cl/somd_errors.cl), so Java's first failing step is raised.
        writeln!(out, "{l3}somd_err->sub = (uint)(somd_i - somd_lo) + 1u;")?;
        out.push_str(&inner);
        writeln!(out, "{l2}}}")?;
        // Statements after the inner loop fail as the iteration's (`sub` 0), after any
        // inner step of it: `somd_fail` keeps an inner step's failure of the same key.
        writeln!(out, "{l2}somd_err->sub = 0u;")?;
        if !strip.accs.is_empty() || !strip.after.is_empty() {
            // Every lane's inner writes and failures before any lane goes on.
            writeln!(out, "{l2}barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);")?;
        }
        out.push_str(&self.strip_tree(cx, l2, strip)?);
        self.strip_prelude(cx, l2, strip.after, &mut out)?;
        writeln!(out, "{level}}} while (0);")?;
        Ok(out)
    }

    /// Each accumulator's start (the prelude's value) kept aside and the lane's own fold
    /// begun from the operator's identity, written before the inner loop.
    fn strip_starts(&self, cx: &FnCx, level: Level, strip: &Strip) -> R<String> {
        let mut out = String::new();
        for (k, acc) in strip.accs.iter().enumerate() {
            let name = cx.name(acc.local);
            let c = super::writer::prim_storage(acc.ty);
            writeln!(out, "{level}const {c} somd_start{k} = {name};")?;
            writeln!(out, "{level}{name} = {};", identity(acc.op, acc.ty)?)?;
            // The iteration that set the lane's extremum (-1: none yet) and the payloads'
            // starts (a lane that sets none keeps them).
            let Some(carry) = &acc.carry else { continue };
            writeln!(out, "{level}long somd_at{k} = -1L;")?;
            for (n, (p, t)) in carry.payloads.iter().enumerate() {
                let c = super::writer::prim_storage(*t);
                writeln!(out, "{level}const {c} somd_pstart{k}_{n} = {};", cx.name(*p))?;
            }
        }
        Ok(out)
    }

    /// The lanes' accumulators combined in `__local` memory (`somd_lt<k>`, one element per
    /// lane, `somd_lanes` a power of two) by a tree, and each lane's accumulator set to
    /// its start combined with the group's value. The operators are exact in any grouping
    /// (`lane_reductions`), so every lane holds Java's value. An extremum that keeps its
    /// iteration moves with its iteration and payloads: of two lanes' entries the better
    /// value wins, or of equal values the earlier iteration (the later one under `>=`); the
    /// group's entry replaces the prelude's start where it is better (or equal, under
    /// `>=`), as Java's loop takes it after the prelude.
    fn strip_tree(&self, cx: &FnCx, level: Level, strip: &Strip) -> R<String> {
        let mut out = String::new();
        if strip.accs.is_empty() {
            return Ok(out);
        }
        let (l2, l3, l4) = (level.next(), level.next().next(), level.next().next().next());
        let firsts = strip.first_trees();
        for (k, (acc, &t)) in strip.accs.iter().zip(&firsts).enumerate() {
            writeln!(out, "{level}somd_lt{t}[somd_lane] = {};", cx.name(acc.local))?;
            if let Some(c) = &acc.carry {
                writeln!(out, "{level}somd_lt{}[somd_lane] = somd_at{k};", t + 1)?;
                for (n, (p, _)) in c.payloads.iter().enumerate() {
                    writeln!(out, "{level}somd_lt{}[somd_lane] = {};", t + 2 + n, cx.name(*p))?;
                }
            }
        }
        writeln!(out, "{level}barrier(CLK_LOCAL_MEM_FENCE);")?;
        writeln!(out, "{level}for (int somd_s = somd_lanes >> 1; somd_s > 0; somd_s >>= 1) {{")?;
        writeln!(out, "{l2}if (somd_lane < somd_s) {{")?;
        for (acc, &t) in strip.accs.iter().zip(&firsts) {
            let (a, b) =
                (format!("somd_lt{t}[somd_lane]"), format!("somd_lt{t}[somd_lane + somd_s]"));
            let Some(c) = &acc.carry else {
                writeln!(out, "{l3}{a} = {};", reduce_combine(acc.op, acc.ty, &a, &b)?)?;
                continue;
            };
            // The other entry wins when it has an iteration and this one none, a better
            // value, or an equal value of an earlier (later) iteration.
            let (at, at_b) = (
                format!("somd_lt{}[somd_lane]", t + 1),
                format!("somd_lt{}[somd_lane + somd_s]", t + 1),
            );
            let (better, tie) = (acc.better(), if c.later_ties { ">" } else { "<" });
            let wins = format!("{at} < 0 || {b} {better} {a} || ({b} == {a} && {at_b} {tie} {at})");
            writeln!(out, "{l3}if ({at_b} >= 0 && ({wins})) {{")?;
            for x in t..t + acc.trees() {
                writeln!(out, "{l4}somd_lt{x}[somd_lane] = somd_lt{x}[somd_lane + somd_s];")?;
            }
            writeln!(out, "{l3}}}")?;
        }
        writeln!(out, "{l2}}}")?;
        writeln!(out, "{l2}barrier(CLK_LOCAL_MEM_FENCE);")?;
        writeln!(out, "{level}}}")?;
        for (k, (acc, &t)) in strip.accs.iter().zip(&firsts).enumerate() {
            let (start, total) = (format!("somd_start{k}"), format!("somd_lt{t}[0]"));
            let name = cx.name(acc.local);
            let Some(c) = &acc.carry else {
                let combined = reduce_combine(acc.op, acc.ty, &start, &total)?;
                writeln!(out, "{level}{name} = {combined};")?;
                continue;
            };
            let better = acc.better();
            let tie = if c.later_ties { format!(" || {total} == {start}") } else { String::new() };
            writeln!(
                out,
                "{level}if (somd_lt{}[0] >= 0 && ({total} {better} {start}{tie})) {{",
                t + 1
            )?;
            writeln!(out, "{l2}{name} = {total};")?;
            for (n, (p, _)) in c.payloads.iter().enumerate() {
                writeln!(out, "{l2}{} = somd_lt{}[0];", cx.name(*p), t + 2 + n)?;
            }
            writeln!(out, "{level}}} else {{")?;
            writeln!(out, "{l2}{name} = {start};")?;
            for (n, (p, _)) in c.payloads.iter().enumerate() {
                writeln!(out, "{l2}{} = somd_pstart{k}_{n};", cx.name(*p))?;
            }
            writeln!(out, "{level}}}")?;
        }
        Ok(out)
    }

    /// The prelude's statements, each store made by lane 0 alone between two barriers.
    fn strip_prelude(
        &mut self,
        cx: &mut FnCx,
        level: Level,
        stmts: &[Stmt],
        out: &mut String,
    ) -> R<()> {
        let func = cx.func;
        let is_store = |stmt: &Stmt| is_store(func, stmt);
        let mut k = 0;
        while k < stmts.len() {
            let stmt = &stmts[k];
            k += 1;
            match stmt {
                _ if is_store(stmt) => {
                    // A run of stores: lane 0 makes them in order, alone.
                    writeln!(out, "{level}barrier(CLK_GLOBAL_MEM_FENCE);")?;
                    writeln!(out, "{level}if (somd_lane == 0) {{")?;
                    out.push_str(&self.stmt(cx, level.next(), stmt)?);
                    while k < stmts.len() && is_store(&stmts[k]) {
                        out.push_str(&self.stmt(cx, level.next(), &stmts[k])?);
                        k += 1;
                    }
                    writeln!(out, "{level}}}")?;
                    writeln!(out, "{level}barrier(CLK_GLOBAL_MEM_FENCE);")?;
                }
                Stmt::If { cond, then_block, else_block } => {
                    let c = self.expr_outside(cx, level, *cond, out)?;
                    writeln!(out, "{level}if ({c}) {{")?;
                    self.strip_prelude(cx, level.next(), &then_block.stmts, out)?;
                    if let Some(e) = else_block {
                        writeln!(out, "{level}}} else {{")?;
                        self.strip_prelude(cx, level.next(), &e.stmts, out)?;
                    }
                    writeln!(out, "{level}}}")?;
                }
                Stmt::Block(b) => {
                    writeln!(out, "{level}{{")?;
                    self.strip_prelude(cx, level.next(), &b.stmts, out)?;
                    writeln!(out, "{level}}}")?;
                }
                // `prelude_ok` let through no `return`, and expressions check with the
                // expression form (`SOMD_INDEX`): no work-item leaves before a barrier.
                Stmt::Let { .. } | Stmt::Expr(_) | Stmt::Continue(None) => {
                    out.push_str(&self.stmt(cx, level, stmt)?);
                }
                _ => return Err(bug("a statement the lanes form does not take")),
            }
        }
        Ok(())
    }
}
