//! Traversal helpers shared by the analyses: the children of an expression, every
//! expression of a block, and loop numbering ([`LoopId`] is the pre-order number of a
//! `Stmt::Loop` in its function, which is stable for a given MIR).

use super::LoopId;
use crate::ir::*;
use somd_syntax::ast::{PrimType, ReduceOp};
use std::collections::HashSet;

/// The direct sub-expressions of `kind`, in evaluation order.
pub fn children(kind: &ExprKind) -> Vec<ExprId> {
    match kind {
        ExprKind::Const(_) | ExprKind::Local(_) | ExprKind::Static(_) | ExprKind::This => {
            Vec::new()
        }
        ExprKind::Field { object, .. } => vec![*object],
        ExprKind::Index { array, index } => vec![*array, *index],
        ExprKind::Length(e) | ExprKind::Convert { operand: e } | ExprKind::Freeze(e) => vec![*e],
        ExprKind::Unary { operand, .. } => vec![*operand],
        ExprKind::Binary { lhs, rhs, .. } => vec![*lhs, *rhs],
        ExprKind::Concat(parts)
        | ExprKind::NewArray { dims: parts }
        | ExprKind::ArrayLit(parts)
        | ExprKind::ValueArrayLit(parts) => parts.clone(),
        ExprKind::Conditional { cond, then_expr, else_expr } => {
            vec![*cond, *then_expr, *else_expr]
        }
        ExprKind::Assign { target, value } | ExprKind::CompoundAssign { target, value, .. } => {
            vec![*target, *value]
        }
        ExprKind::IncDec { target, .. } => vec![*target],
        ExprKind::Call { receiver, args, .. }
        | ExprKind::SomdCall { receiver, args, .. }
        | ExprKind::IntermediateReduce { receiver, args, .. } => {
            receiver.iter().chain(args.iter()).copied().collect()
        }
        ExprKind::Builtin { args, .. } | ExprKind::New { args, .. } => args.clone(),
        ExprKind::Map { args, .. } => args.iter().map(|(e, _)| *e).collect(),
        ExprKind::ReduceArray { array, .. } => vec![*array],
        ExprKind::Task { ctor, .. } => ctor.as_ref().map(|(_, _, a)| a.clone()).unwrap_or_default(),
        ExprKind::Connect { lhs, rhs } => vec![*lhs, *rhs],
    }
}

/// Calls `f` on each direct sub-expression of `kind`, mutably: [`children`]'s list (keep
/// the two in step), for passes that renumber expressions (`scalarize`).
pub fn each_child_mut(kind: &mut ExprKind, f: &mut dyn FnMut(&mut ExprId)) {
    match kind {
        ExprKind::Const(_) | ExprKind::Local(_) | ExprKind::Static(_) | ExprKind::This => {}
        ExprKind::Field { object: e, .. }
        | ExprKind::Length(e)
        | ExprKind::Convert { operand: e }
        | ExprKind::Freeze(e)
        | ExprKind::Unary { operand: e, .. }
        | ExprKind::IncDec { target: e, .. }
        | ExprKind::ReduceArray { array: e, .. } => f(e),
        ExprKind::Index { array: a, index: b }
        | ExprKind::Binary { lhs: a, rhs: b, .. }
        | ExprKind::Assign { target: a, value: b }
        | ExprKind::CompoundAssign { target: a, value: b, .. }
        | ExprKind::Connect { lhs: a, rhs: b } => {
            f(a);
            f(b);
        }
        ExprKind::Conditional { cond, then_expr, else_expr } => {
            f(cond);
            f(then_expr);
            f(else_expr);
        }
        ExprKind::Concat(parts)
        | ExprKind::NewArray { dims: parts }
        | ExprKind::ArrayLit(parts)
        | ExprKind::ValueArrayLit(parts)
        | ExprKind::Builtin { args: parts, .. }
        | ExprKind::New { args: parts, .. } => parts.iter_mut().for_each(f),
        ExprKind::Call { receiver, args, .. }
        | ExprKind::SomdCall { receiver, args, .. }
        | ExprKind::IntermediateReduce { receiver, args, .. } => {
            receiver.iter_mut().for_each(&mut *f);
            args.iter_mut().for_each(f);
        }
        ExprKind::Map { args, .. } => args.iter_mut().for_each(|(e, _)| f(e)),
        ExprKind::Task { ctor, .. } => {
            if let Some((_, _, args)) = ctor {
                args.iter_mut().for_each(f);
            }
        }
    }
}

/// The local a statement-level assignment (`x = e`, `x op= e`, `x++`) assigns.
pub fn assigned_local(func: &Function, e: ExprId) -> Option<LocalId> {
    match &func.expr(e).kind {
        ExprKind::Assign { target, .. }
        | ExprKind::CompoundAssign { target, .. }
        | ExprKind::IncDec { target, .. } => match func.expr(*target).kind {
            ExprKind::Local(l) => Some(l),
            _ => None,
        },
        _ => None,
    }
}

/// The initialiser of local `l` where a top-level `let` of `func`'s body sets it.
pub fn top_level_init(func: &Function, l: LocalId) -> Option<ExprId> {
    func.body.stmts.iter().find_map(|s| match s {
        Stmt::Let { local, init: Some(init) } if *local == l => Some(*init),
        _ => None,
    })
}

/// [`top_level_init`] where no expression of `func` assigns `l` again: a value fixed for
/// the whole body (`int rows = g.length;`).
pub fn fixed_top_level_init(func: &Function, l: LocalId) -> Option<ExprId> {
    let assigned = (0..func.exprs.len()).any(|e| assigned_local(func, ExprId(e as u32)) == Some(l));
    if assigned {
        None
    } else {
        top_level_init(func, l)
    }
}

/// The parent of every expression of `func`, by expression index (`None` for the roots of
/// full expressions).
pub fn parents(func: &Function) -> Vec<Option<ExprId>> {
    let mut parents = vec![None; func.exprs.len()];
    for (i, expr) in func.exprs.iter().enumerate() {
        for child in children(&expr.kind) {
            if let Some(slot) = parents.get_mut(child.0 as usize) {
                *slot = Some(ExprId(i as u32));
            }
        }
    }
    parents
}

/// The parent of `e` in `parents` ([`parents`]).
pub fn parent_of(parents: &[Option<ExprId>], e: ExprId) -> Option<ExprId> {
    parents.get(e.0 as usize).copied().flatten()
}

/// The expressions `func`'s `return` statements give.
pub fn returned_values(func: &Function) -> HashSet<ExprId> {
    let mut returned = HashSet::new();
    each_stmt(&func.body, &mut |s| {
        if let Stmt::Return(Some(e)) = s {
            returned.insert(*e);
        }
    });
    returned
}

/// Whether every mention of the array local `a` in `func` indexes it, asks its length,
/// assigns it a fresh array (`a = new T[n];`) or returns it: nothing else names its
/// storage (no alias, no argument, no field holds it).
pub fn only_indexed(func: &Function, a: LocalId) -> bool {
    let parents = parents(func);
    let returned = returned_values(func);
    func.exprs.iter().enumerate().all(|(k, expr)| {
        let e = ExprId(k as u32);
        if !matches!(expr.kind, ExprKind::Local(l) if l == a) {
            return true;
        }
        match parent_of(&parents, e).map(|p| &func.expr(p).kind) {
            Some(ExprKind::Index { array, .. }) => *array == e,
            Some(ExprKind::Length(_)) => true,
            Some(ExprKind::Assign { target, value }) => {
                *target == e
                    && matches!(
                        func.expr(*value).kind,
                        ExprKind::NewArray { .. } | ExprKind::ArrayLit(_)
                    )
            }
            Some(_) => false,
            None => returned.contains(&e),
        }
    })
}

/// Whether `e` is the target of an assignment, a compound assignment or an increment.
pub fn stored_to(func: &Function, parents: &[Option<ExprId>], e: ExprId) -> bool {
    parent_of(parents, e).is_some_and(|p| match &func.expr(p).kind {
        ExprKind::Assign { target, .. }
        | ExprKind::CompoundAssign { target, .. }
        | ExprKind::IncDec { target, .. } => *target == e,
        _ => false,
    })
}

/// Whether `e` steps the `int` local `i` up by one: `i++`, `++i` or `i += 1`.
pub fn is_increment(func: &Function, e: ExprId, i: LocalId) -> bool {
    let is_i = |t: ExprId| matches!(func.expr(t).kind, ExprKind::Local(l) if l == i);
    match func.expr(e).kind {
        ExprKind::IncDec { target, delta: 1, .. } => is_i(target),
        ExprKind::CompoundAssign { target, op, value } => {
            is_i(target)
                && op.kind == BinOpKind::Add
                && op.ty == PrimOrRef::Prim(PrimType::Int)
                && matches!(func.expr(value).kind, ExprKind::Const(Const::Int(1)))
        }
        _ => false,
    }
}

/// The signed constant step of the update `e` of the loop index `i`: `i++`, `++i`, `i--`,
/// `i += C`, `i -= C`, `i = i + C`, `i = C + i`, `i = i - C` (`C` an `int` constant; `-C`
/// must be an `int` too).
pub fn constant_step(func: &Function, e: ExprId, i: LocalId) -> Option<i32> {
    let is_i = |t: ExprId| matches!(func.expr(t).kind, ExprKind::Local(l) if l == i);
    let constant = |e: ExprId| match func.expr(e).kind {
        ExprKind::Const(Const::Int(v)) => Some(v),
        _ => None,
    };
    match &func.expr(e).kind {
        ExprKind::IncDec { target, delta: d @ (1 | -1), .. } if is_i(*target) => {
            Some(i32::from(*d))
        }
        ExprKind::CompoundAssign { target, op, value } if is_i(*target) => match op.kind {
            BinOpKind::Add => constant(*value),
            BinOpKind::Sub => constant(*value).and_then(i32::checked_neg),
            _ => None,
        },
        ExprKind::Assign { target, value } if is_i(*target) => match &func.expr(*value).kind {
            ExprKind::Binary { op, lhs, rhs } if op.kind == BinOpKind::Add => {
                if is_i(*lhs) {
                    constant(*rhs)
                } else if is_i(*rhs) {
                    constant(*lhs)
                } else {
                    None
                }
            }
            ExprKind::Binary { op, lhs, rhs } if op.kind == BinOpKind::Sub && is_i(*lhs) => {
                constant(*rhs).and_then(i32::checked_neg)
            }
            _ => None,
        },
        _ => None,
    }
}

/// The local at the root of an access `a`, `a[i]`, `a[i][j]`, .., with the number of
/// indexings (`None` when the root is not a local).
pub fn index_root(func: &Function, e: ExprId) -> Option<(LocalId, u8)> {
    match &func.expr(e).kind {
        ExprKind::Local(l) => Some((*l, 0)),
        ExprKind::Index { array, .. } => index_root(func, *array).map(|(l, d)| (l, d + 1)),
        _ => None,
    }
}

/// Adds to `out` the locals assigned (`=`, `op=`, `++`/`--`) in the expressions under
/// `roots`.
pub fn assigned_in_exprs(func: &Function, roots: &[ExprId], out: &mut HashSet<LocalId>) {
    for root in roots {
        each_expr(func, *root, &mut |e| match func.expr(e).kind {
            ExprKind::Assign { target, .. }
            | ExprKind::CompoundAssign { target, .. }
            | ExprKind::IncDec { target, .. } => {
                if let ExprKind::Local(l) = func.expr(target).kind {
                    out.insert(l);
                }
            }
            _ => {}
        });
    }
}

/// Locals assigned anywhere in `block` (declarations with an initialiser included: a `Let`
/// in a loop body rebinds its local on every iteration).
pub fn assigned_in_block(func: &Function, block: &Block) -> HashSet<LocalId> {
    let mut out = HashSet::new();
    each_stmt(block, &mut |stmt| {
        if let Stmt::Let { local, .. } = stmt {
            out.insert(*local);
        }
        assigned_in_exprs(func, &stmt_roots(stmt), &mut out);
    });
    out
}

/// Whether the loop `test`/`body`/`update` is counted: one step moves an `int` or `long`
/// local `i` by a constant toward a bound the test compares it with (`i < e`, `i <= e`
/// stepping up, `i > e`, `i >= e` stepping down, or such a comparison as one operand of
/// the test's `&&`s), and nothing else in the body assigns `i` or a local the bound reads
/// (nor does the bound call a method, which could change what it reads). The step is the
/// loop's one update, or, in a loop without one, a statement of the body's top level
/// (`while (k < limit && z.abs2() <= 4.0) { ..; k++; }`) in a body without `continue`,
/// which would skip it, or the comparison's own operand (`while (--n > 0)`,
/// `stepped_in_test`). Such a loop ends on its own unless a step carries `i` past its
/// type's end ([`wraps_at`]); any other may run as long as its data say (`while (x !=
/// 1)`), which the OpenCL writer bounds by a failure check (`Writer::stop_guard`).
pub fn counted(func: &Function, test: Option<ExprId>, body: &Block, update: &[ExprId]) -> bool {
    !count_tests(None, func, test, body, update).is_empty()
}

/// Where a counted loop ([`counted`]) may still run forever: Java wraps its index around
/// once a step carries it past its type's end, and the test may hold again (`for (int j =
/// 0; j <= n; j++)` with `n` at `Integer.MAX_VALUE`; `j < a.length; j += 4` over an array
/// of 2^31 - 2 elements). `Some((bound, up, limit))` when every comparison that counts it
/// may: the first one wraps once `bound >= limit` (stepping up) or `bound <= limit`
/// (down). `None` when some comparison cannot ([`bound_range`]), or the loop is no
/// counted one. With the `module`, a comparison with a bound calling `Math` counts too
/// ([`trip_test`]'s loops: `k <= Math.max(n, 0)` wraps at `n == Integer.MAX_VALUE`).
pub fn wraps_at(
    module: Option<&Module>,
    func: &Function,
    test: Option<ExprId>,
    body: &Block,
    update: &[ExprId],
) -> Option<(ExprId, bool, i128)> {
    let tests = count_tests(module, func, test, body, update);
    let at: Vec<_> =
        tests.iter().map(|&(i, by, op, bound)| wrap_limit(func, i, by, op, bound)).collect();
    if at.iter().any(Option::is_none) {
        return None;
    }
    let (&(_, by, _, bound), limit) = tests.first().zip(at.first().copied().flatten())?;
    Some((bound, by > 0, limit))
}

/// Whether evaluating `e` once more, before its loop, can neither throw nor change
/// anything, in any back end: a [`plain_value`] reading no length (one of `null` throws),
/// or a call of the library's `Math` or a built-in `Math` function on such values
/// (`Math.min(jj + 64, n)`, `(int) Math.sqrt(x)`).
pub fn quiet_value(module: &Module, func: &Function, e: ExprId) -> bool {
    match &func.expr(e).kind {
        ExprKind::Local(_) | ExprKind::Const(_) | ExprKind::Static(_) => true,
        ExprKind::Convert { operand } | ExprKind::Unary { operand, .. } => {
            quiet_value(module, func, *operand)
        }
        ExprKind::Binary { op, lhs, rhs } => {
            !matches!(op.kind, BinOpKind::Div | BinOpKind::Rem)
                && quiet_value(module, func, *lhs)
                && quiet_value(module, func, *rhs)
        }
        ExprKind::Call { func: f, receiver: None, args } => {
            library_math(module, *f) && args.iter().all(|a| quiet_value(module, func, *a))
        }
        ExprKind::Builtin { builtin: Builtin::Math(..), args } => {
            args.iter().all(|a| quiet_value(module, func, *a))
        }
        _ => false,
    }
}

/// The comparison `i op bound` that counts a `for` loop ([`counted`]) stepped by its one
/// update, with its index `i` and step: `for (..; i < n; i += 4)`; `None` for a loop
/// stepped in its body or in its test (`while (--n > 0)`), and for any other loop. The
/// bound may also call the library's `Math` here (`j < Math.min(jj + 64, n)`: a range
/// test before the loop evaluates it once, `loopcheck`), though such a loop is not
/// [`counted`]: a counted loop drops its stop checks, and a bound computed from a stand-in
/// after a failure may be huge (`k < Math.max(m, 0)`; review of the hundred-and-second
/// session: the loops ran on where Java had thrown).
pub fn for_count(
    module: &Module,
    func: &Function,
    test: ExprId,
    body: &Block,
    update: &[ExprId],
) -> Option<(LocalId, i64, BinOpKind, ExprId)> {
    let [u] = update else { return None };
    let (i, by) = step_by(func, *u)?;
    count_tests(Some(module), func, Some(test), body, update)
        .into_iter()
        .find(|t| t.0 == i && t.1 == by)
}

/// The comparison `i op bound` that counts a loop stepped by its body's last statement
/// (`while (k < n) { ..; k += 2; }`, [`counted`]), with its index `i` and step; `None` where
/// the step is not the body's last statement (accesses after it would see the next index)
/// and for any other loop. Its bound may call the library's `Math`, as in [`for_count`].
pub fn body_count(
    module: &Module,
    func: &Function,
    test: ExprId,
    body: &Block,
) -> Option<(LocalId, i64, BinOpKind, ExprId)> {
    let Some(Stmt::Expr(last)) = body.stmts.last() else { return None };
    let (i, by) = step_by(func, *last)?;
    count_tests(Some(module), func, Some(test), body, &[])
        .into_iter()
        .find(|t| t.0 == i && t.1 == by)
}

/// The comparison `i op bound` by which a loop's trip count can be told before it runs: the
/// first of a [`counted`] loop's, or of a loop counted but for its bound calling the
/// library's `Math` ([`for_count`]), with its index, step and bound, each an `int` or a
/// `long`; `None` for any other loop (a floating-point index; a `byte`, `short` or `char`
/// index is compared after its promotion, which no counted test reads). The back ends give
/// a loop that cannot fail a stop check only where the bound lets it run long
/// (`LONG_TRIPS`): a counted loop ends on its own, but in an MI or work-item that Java never
/// reaches (an earlier one failed) or on a stand-in a failed read left, its bound may be
/// huge.
pub fn trip_test(
    module: &Module,
    func: &Function,
    test: Option<ExprId>,
    body: &Block,
    update: &[ExprId],
) -> Option<(LocalId, i64, BinOpKind, ExprId)> {
    let whole = |t: &Type| matches!(t, Type::Prim(PrimType::Int | PrimType::Long));
    count_tests(Some(module), func, test, body, update)
        .into_iter()
        .next()
        .filter(|&(i, _, _, bound)| whole(&func.local(i).ty) && whole(&func.expr(bound).ty))
}

/// Whether the distance from a trip test's index to its bound ([`trip_test`]) may leave
/// `long`'s range, so that the back ends compute it wider than `long` (an index or bound of
/// type `long`: `k < Long.MAX_VALUE` from `k = -1`).
pub fn wide_distance(func: &Function, (i, _, _, bound): (LocalId, i64, BinOpKind, ExprId)) -> bool {
    let long = |t: &Type| matches!(t, Type::Prim(PrimType::Long));
    long(&func.local(i).ty) || long(&func.expr(bound).ty)
}

/// The iterations past which a loop that cannot fail checks for a failure elsewhere
/// ([`trip_test`]): below, it runs as written, with no counter; at or above, it counts and
/// looks every 1024 iterations. 2^16 iterations of an innermost loop run in well under a
/// millisecond on any device, and a loop holding another loop checks always
/// ([`holds_loop`]): every 1024 iterations of such loops together, on one counter of the
/// work-item (thread) that does not start again at each entry, so a nest whose loops each
/// run fewer than 1024 iterations per entry checks too.
pub const LONG_TRIPS: i64 = 1 << 16;

/// How far a bound must lie from the index, in index values, for a loop stepped by `by`
/// to run [`LONG_TRIPS`] iterations (the flag both back ends set before such a loop).
pub fn long_distance(by: i64) -> i64 {
    by.unsigned_abs().min(1 << 16) as i64 * LONG_TRIPS
}

/// Whether running `body` may repeat work: it holds a loop, a `@` or `!` (the back ends
/// run both as loops over their elements), or a call of a function that does ([`Module`]'s
/// functions followed through their calls).
pub fn holds_loop(module: &Module, func: &Function, body: &Block) -> bool {
    let mut seen = HashSet::new();
    block_loops(module, func, body, &mut seen)
}

fn block_loops(module: &Module, func: &Function, body: &Block, seen: &mut HashSet<FuncId>) -> bool {
    let mut found = false;
    let mut callees = Vec::new();
    each_stmt(body, &mut |s| found |= matches!(s, Stmt::Loop { .. }));
    each_expr_in_block(func, body, &mut |e| match &func.expr(e).kind {
        ExprKind::Map { .. } | ExprKind::ReduceArray { .. } => found = true,
        ExprKind::Call { func: f, .. }
        | ExprKind::SomdCall { func: f, .. }
        | ExprKind::IntermediateReduce { func: f, .. } => callees.push(*f),
        ExprKind::New { ctor: Some(f), .. } => callees.push(*f),
        _ => {}
    });
    found
        || callees.into_iter().any(|f| {
            seen.insert(f) && {
                let callee = module.function(f);
                block_loops(module, callee, &callee.body, seen)
            }
        })
}

/// The functions a `@` applies or a `!` combines with, anywhere in `module`.
pub fn applied_functions(module: &Module) -> HashSet<FuncId> {
    let mut out = HashSet::new();
    for func in &module.functions {
        for e in &func.exprs {
            match &e.kind {
                ExprKind::Map { func: f, .. } => {
                    out.insert(*f);
                }
                ExprKind::ReduceArray { reducer: ArrayReducer::Func(f), .. } => {
                    out.insert(*f);
                }
                _ => {}
            }
        }
    }
    out
}

/// Whether `e` is an `int` or `long` constant other than 0: a divisor that cannot throw.
pub fn nonzero_constant(func: &Function, e: ExprId) -> bool {
    matches!(func.expr(e).kind, ExprKind::Const(Const::Int(c)) if c != 0)
        || matches!(func.expr(e).kind, ExprKind::Const(Const::Long(c)) if c != 0)
}

/// Whether evaluating `e` can neither throw nor change anything: locals, constants,
/// statics, lengths of locals and statics, and arithmetic on them other than `/` and `%`
/// (a loop's bound that may be evaluated once more, before the loop, [`wraps_at`]).
pub fn plain_value(func: &Function, e: ExprId) -> bool {
    match &func.expr(e).kind {
        ExprKind::Local(_) | ExprKind::Const(_) | ExprKind::Static(_) => true,
        ExprKind::Length(a) => {
            matches!(func.expr(*a).kind, ExprKind::Local(_) | ExprKind::Static(_))
        }
        ExprKind::Convert { operand } | ExprKind::Unary { operand, .. } => {
            plain_value(func, *operand)
        }
        ExprKind::Binary { op, lhs, rhs } => {
            !matches!(op.kind, BinOpKind::Div | BinOpKind::Rem)
                && plain_value(func, *lhs)
                && plain_value(func, *rhs)
        }
        _ => false,
    }
}

/// The comparisons `i op bound` (`op` as if `i` came first) of a counted loop's test, with
/// its index `i` and step; none where the loop is no counted one ([`counted`]).
fn count_tests(
    math: Option<&Module>,
    func: &Function,
    test: Option<ExprId>,
    body: &Block,
    update: &[ExprId],
) -> Vec<(LocalId, i64, BinOpKind, ExprId)> {
    let Some(t) = test else { return Vec::new() };
    let stepped = stepped_in_test(math, func, t, body, update);
    if !stepped.is_empty() {
        return stepped;
    }
    let step = match update {
        [u] => Some(*u),
        [] => {
            let mut continues = false;
            each_stmt(body, &mut |s| continues |= matches!(s, Stmt::Continue(_)));
            let mut steps = body.stmts.iter().filter_map(|s| match s {
                Stmt::Expr(e) => step_of(func, *e).map(|_| *e),
                _ => None,
            });
            steps.next_back().filter(|_| !continues)
        }
        _ => None,
    };
    let Some((i, by)) = step.and_then(|u| step_by(func, u)) else { return Vec::new() };
    let up = by > 0;
    let mut assigned = assigned_in_block(func, body);
    // Nor may the test (`b[k++] >= 0`: the body would see other indices than the count's).
    let mut in_test = HashSet::new();
    assigned_in_exprs(func, &[t], &mut in_test);
    if in_test.contains(&i) {
        return Vec::new();
    }
    // A bound's local the test assigns (`(n = m) > 0 && k < n`) has another value before
    // the loop than in it (review of the hundred-and-third session).
    assigned.extend(in_test);
    // In the body form the step itself assigns `i`: no other statement may.
    let mut writes_i = 0;
    each_stmt(body, &mut |s| {
        let mut own = HashSet::new();
        assigned_in_exprs(func, &stmt_roots(s), &mut own);
        writes_i += usize::from(own.contains(&i));
    });
    if writes_i > usize::from(update.is_empty()) {
        return Vec::new();
    }
    let mut found = Vec::new();
    for c in conjuncts(func, t) {
        let ExprKind::Binary { op, lhs, rhs } = &func.expr(c).kind else { continue };
        // The test as `i op bound`.
        let (op, bound) = match (op.kind, &func.expr(*lhs).kind, &func.expr(*rhs).kind) {
            (BinOpKind::Lt | BinOpKind::Le, ExprKind::Local(l), _) if *l == i && up => {
                (op.kind, *rhs)
            }
            (BinOpKind::Gt | BinOpKind::Ge, ExprKind::Local(l), _) if *l == i && !up => {
                (op.kind, *rhs)
            }
            (BinOpKind::Gt, _, ExprKind::Local(r)) if *r == i && up => (BinOpKind::Lt, *lhs),
            (BinOpKind::Ge, _, ExprKind::Local(r)) if *r == i && up => (BinOpKind::Le, *lhs),
            (BinOpKind::Lt, _, ExprKind::Local(r)) if *r == i && !up => (BinOpKind::Gt, *lhs),
            (BinOpKind::Le, _, ExprKind::Local(r)) if *r == i && !up => (BinOpKind::Ge, *lhs),
            _ => continue,
        };
        if steady(math, func, bound, &assigned, i) {
            found.push((i, by, op, bound));
        }
    }
    found
}

/// How many times at most the loop `stmt` runs its body when `prev`, the statement before
/// it, declares its index from a constant: `int i = a; for (; i < b; i += k)` (or `<=`,
/// or stepping down toward `>`/`>=`) with a constant `b` among the test's `&&` operands, a
/// constant step that cannot carry `i` past its type's end ([`may_wrap`]) and nothing else
/// in the body assigning `i`. `None` for any other loop.
pub fn constant_trips(func: &Function, prev: &Stmt, stmt: &Stmt) -> Option<u64> {
    let Stmt::Let { local, init: Some(init) } = prev else { return None };
    let Stmt::Loop { test: Some(t), test_at_end: false, body, update, .. } = stmt else {
        return None;
    };
    let constant = |e: ExprId| match func.expr(e).kind {
        ExprKind::Const(Const::Int(k)) => Some(i64::from(k)),
        ExprKind::Const(Const::Long(k)) => Some(k),
        _ => None,
    };
    let a = constant(*init)?;
    let [u] = update.as_slice() else { return None };
    let step = match &func.expr(*u).kind {
        ExprKind::IncDec { delta, .. } => i64::from(*delta),
        ExprKind::CompoundAssign { op, value, .. } => match op.kind {
            BinOpKind::Add => constant(*value)?,
            BinOpKind::Sub => constant(*value)?.checked_neg()?,
            _ => return None,
        },
        _ => return None,
    };
    let (i, up) = step_of(func, *u)?;
    if i != *local || assigned_in_block(func, body).contains(&i) {
        return None;
    }
    // A test that holds for every value of `i`'s type, or that a step may skip past its
    // end (`j <= 2147483647`), holds forever.
    let ends = |op: BinOpKind, bound: ExprId| !may_wrap(func, i, step, op, bound);
    conjuncts(func, *t)
        .into_iter()
        .filter_map(|c| {
            let ExprKind::Binary { op, lhs, rhs } = &func.expr(c).kind else { return None };
            if !matches!(func.expr(*lhs).kind, ExprKind::Local(l) if l == i) {
                return None;
            }
            let b = constant(*rhs).filter(|_| ends(op.kind, *rhs))?;
            let span = match (op.kind, up) {
                (BinOpKind::Lt, true) => b.checked_sub(a)?,
                (BinOpKind::Le, true) => b.checked_sub(a)?.checked_add(1)?,
                (BinOpKind::Gt, false) => a.checked_sub(b)?,
                (BinOpKind::Ge, false) => a.checked_sub(b)?.checked_add(1)?,
                _ => return None,
            };
            Some(u64::try_from(span).unwrap_or(0).div_ceil(step.unsigned_abs()))
        })
        .min()
}

/// Whether the loop `stmt`, after `prev` in its block, steps its index only from a constant
/// (from -1024) or an array's length toward another length or a constant: `int i = 0; for
/// (; i < a.length + c; i += k)` (or `<=`, any length the test reads; `|c|` and `|k|` up to
/// 1024: a step past the type's end is [`wraps_at`]'s), `int i = a.length - 1;
/// for (; i >= 0; i--)` (to a constant from -1024), nothing else in the body assigning `i`.
/// It runs no more often than an array has elements, give or take 2048, whatever its
/// body's values.
pub fn length_bounded(func: &Function, prev: &Stmt, stmt: &Stmt) -> bool {
    let Stmt::Let { local, init: Some(init) } = prev else { return false };
    let Stmt::Loop { test: Some(t), body, update, .. } = stmt else { return false };
    let [u] = update.as_slice() else { return false };
    let Some((i, step)) = step_by(func, *u) else { return false };
    let up = step > 0;
    if i != *local || step.abs() > 1024 || assigned_in_block(func, body).contains(&i) {
        return false;
    }
    let small = |e: ExprId| match func.expr(e).kind {
        ExprKind::Const(Const::Int(k)) => k >= -1024,
        _ => false,
    };
    let from = small(*init) || length_plus(func, *init);
    from && conjuncts(func, *t).into_iter().any(|c| {
        let ExprKind::Binary { op, lhs, rhs } = &func.expr(c).kind else { return false };
        if !matches!(func.expr(*lhs).kind, ExprKind::Local(l) if l == i) {
            return false;
        }
        match (op.kind, up) {
            (BinOpKind::Lt | BinOpKind::Le, true) => length_plus(func, *rhs),
            (BinOpKind::Gt | BinOpKind::Ge, false) => {
                length_plus(func, *init)
                    && matches!(func.expr(*rhs).kind, ExprKind::Const(Const::Int(c)) if c >= -1024)
            }
            _ => false,
        }
    })
}

/// Whether `e` is an array's length, or one plus or minus a constant up to 1024
/// (`a.length - 1`; not `a.length + 2000000000`).
pub fn length_plus(func: &Function, e: ExprId) -> bool {
    match &func.expr(e).kind {
        ExprKind::Length(_) => true,
        ExprKind::Binary { op, lhs, rhs } => {
            matches!(op.kind, BinOpKind::Add | BinOpKind::Sub)
                && matches!(func.expr(*lhs).kind, ExprKind::Length(_))
                && matches!(func.expr(*rhs).kind, ExprKind::Const(Const::Int(c)) if c.abs() <= 1024)
        }
        _ => false,
    }
}

/// The operands of test `t`'s `&&`s (`t` itself when it is no `&&`).
fn conjuncts(func: &Function, t: ExprId) -> Vec<ExprId> {
    let (mut stack, mut out) = (vec![t], Vec::new());
    while let Some(c) = stack.pop() {
        match &func.expr(c).kind {
            ExprKind::Binary { op, lhs, rhs } if op.kind == BinOpKind::And => {
                stack.extend([*lhs, *rhs]);
            }
            _ => out.push(c),
        }
    }
    out
}

/// The conjunct of test `t` that steps an index toward a steady bound itself (`--n > 0`,
/// `k++ < limit`: Series' `while (--nsteps > 0)`), nothing else assigning the index: every
/// iteration that goes on evaluated it, as the conjuncts before it held. As
/// [`count_tests`] gives it; none when no conjunct does.
fn stepped_in_test(
    math: Option<&Module>,
    func: &Function,
    t: ExprId,
    body: &Block,
    update: &[ExprId],
) -> Vec<(LocalId, i64, BinOpKind, ExprId)> {
    let mut assigned = assigned_in_block(func, body);
    assigned_in_exprs(func, update, &mut assigned);
    let mut in_test = HashSet::new();
    assigned_in_exprs(func, &[t], &mut in_test);
    for c in conjuncts(func, t) {
        let ExprKind::Binary { op, lhs, rhs } = &func.expr(c).kind else { continue };
        let (step, bound, toward_up) = match op.kind {
            BinOpKind::Lt | BinOpKind::Le => (*lhs, *rhs, true),
            BinOpKind::Gt | BinOpKind::Ge => (*lhs, *rhs, false),
            _ => continue,
        };
        let Some((i, by)) = step_by(func, step) else { continue };
        if !matches!(func.expr(step).kind, ExprKind::IncDec { .. }) || (by > 0) != toward_up {
            continue;
        }
        // The step is the test's one assignment of the index.
        let mut moves = 0;
        each_expr(func, t, &mut |x| {
            if let ExprKind::IncDec { target, .. }
            | ExprKind::Assign { target, .. }
            | ExprKind::CompoundAssign { target, .. } = func.expr(x).kind
            {
                moves +=
                    usize::from(matches!(func.expr(target).kind, ExprKind::Local(l) if l == i));
            }
        });
        // Nor may the test assign a local the bound reads, but by the step itself.
        let mut changed = assigned.clone();
        changed.extend(in_test.iter().filter(|&&l| l != i));
        if moves == 1 && !assigned.contains(&i) && steady(math, func, bound, &changed, i) {
            return vec![(i, by, op.kind, bound)];
        }
    }
    Vec::new()
}

/// Whether bound `e` of a loop whose body and update assign `assigned` keeps its value:
/// it reads neither those locals nor index `i`, assigns nothing, and calls nothing but, with
/// `math` (the module), the library's `Math` (a tile's `j < Math.min(jj + 64, n)`:
/// [`library_math`], no effect).
fn steady(
    math: Option<&Module>,
    func: &Function,
    e: ExprId,
    assigned: &HashSet<LocalId>,
    i: LocalId,
) -> bool {
    let mut steady = true;
    each_expr(func, e, &mut |x| match func.expr(x).kind {
        ExprKind::Local(l) => steady &= !assigned.contains(&l) && l != i,
        ExprKind::Call { func: f, receiver: None, .. }
            if math.is_some_and(|m| library_math(m, f)) => {}
        ExprKind::Call { .. }
        | ExprKind::Assign { .. }
        | ExprKind::CompoundAssign { .. }
        | ExprKind::IncDec { .. } => steady = false,
        _ => {}
    });
    steady
}

/// The local a loop step `e` moves and whether up (`i++`, `i += 2`, `i -= -1`) or down.
fn step_of(func: &Function, e: ExprId) -> Option<(LocalId, bool)> {
    step_by(func, e).map(|(i, k)| (i, k > 0))
}

/// The local `e` steps and by how much (`i++`: 1, `i -= 4`: -4), when it steps a local by a
/// constant other than 0.
pub fn step_by(func: &Function, e: ExprId) -> Option<(LocalId, i64)> {
    match &func.expr(e).kind {
        ExprKind::IncDec { target, delta, .. } => match func.expr(*target).kind {
            ExprKind::Local(i) => Some((i, i64::from(*delta))),
            _ => None,
        },
        ExprKind::CompoundAssign { target, op, value } => {
            let step = match func.expr(*value).kind {
                ExprKind::Const(Const::Int(k)) => i64::from(k),
                ExprKind::Const(Const::Long(k)) => k,
                _ => return None,
            };
            let ExprKind::Local(i) = func.expr(*target).kind else { return None };
            match (op.kind, step) {
                (_, 0) => None,
                (BinOpKind::Add, k) => Some((i, k)),
                (BinOpKind::Sub, k) => Some((i, k.checked_neg()?)),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The values of an integer type (`byte` .. `long`, `char`), as `i128`.
fn int_range(ty: &Type) -> Option<(i128, i128)> {
    let (lo, hi) = match ty {
        Type::Prim(PrimType::Byte) => (i64::from(i8::MIN), i64::from(i8::MAX)),
        Type::Prim(PrimType::Short) => (i64::from(i16::MIN), i64::from(i16::MAX)),
        Type::Prim(PrimType::Char) => (0, i64::from(u16::MAX)),
        Type::Prim(PrimType::Int) => (i64::from(i32::MIN), i64::from(i32::MAX)),
        Type::Prim(PrimType::Long) => (i64::MIN, i64::MAX),
        _ => return None,
    };
    Some((i128::from(lo), i128::from(hi)))
}

/// The largest array length: `Integer.MAX_VALUE - 2`, the JVM's limit, which
/// `rt::alloc::room_for` keeps too.
const MAX_LENGTH: i128 = i32::MAX as i128 - 2;

/// The least and the greatest value `bound` may have: a constant's own, an array's length
/// plus or minus a constant within its range (`0 ..= MAX_LENGTH`, then the `int` the sum
/// wraps to where it may), a widening its operand's, anything else its type's range.
fn bound_range(func: &Function, bound: ExprId) -> Option<(i128, i128)> {
    let constant = |e: ExprId| match func.expr(e).kind {
        ExprKind::Const(Const::Int(k)) => Some(i128::from(k)),
        ExprKind::Const(Const::Long(k)) => Some(i128::from(k)),
        ExprKind::Const(Const::Char(c)) => Some(i128::from(c)),
        ExprKind::Const(Const::Short(c)) => Some(i128::from(c)),
        ExprKind::Const(Const::Byte(c)) => Some(i128::from(c)),
        _ => None,
    };
    if let Some(k) = constant(bound) {
        return Some((k, k));
    }
    let int = int_range(&Type::Prim(PrimType::Int))?;
    let within = |(lo, hi): (i128, i128)| {
        if lo < int.0 || hi > int.1 {
            int
        } else {
            (lo, hi)
        }
    };
    match &func.expr(bound).kind {
        ExprKind::Length(_) => return Some((0, MAX_LENGTH)),
        // A widening keeps its operand's values (`(long) n`); a conversion from a
        // floating-point value (`(int) Math.sqrt(x)`) may take any of its type's.
        ExprKind::Convert { operand } => {
            let to = int_range(&func.expr(bound).ty)?;
            if let Some(from) = bound_range(func, *operand) {
                if to.0 <= from.0 && from.1 <= to.1 {
                    return Some(from);
                }
            }
        }
        ExprKind::Binary { op, lhs, rhs }
            if matches!(func.expr(*lhs).kind, ExprKind::Length(_)) =>
        {
            let c = constant(*rhs).filter(|_| func.expr(*rhs).ty == Type::Prim(PrimType::Int));
            match (op.kind, c) {
                (BinOpKind::Add, Some(c)) => return Some(within((c, MAX_LENGTH + c))),
                (BinOpKind::Sub, Some(c)) => return Some(within((-c, MAX_LENGTH - c))),
                _ => {}
            }
        }
        _ => {}
    }
    int_range(&func.expr(bound).ty)
}

/// The least value of `bound` (stepping up; the greatest stepping down) from which a step
/// of `step` may carry local `i` past the end of its type while `i op bound` holds (`<`,
/// `<=` up; `>`, `>=` down): Java wraps `i` around (`for (int j = 0; j <= n; j++)` at `n ==
/// Integer.MAX_VALUE`; `byte` `b < 200`), and the test may hold forever. `None` when no
/// value `bound` may take ([`bound_range`]) lets it; `Some` of the range's own end when
/// every value does, and of `long`'s where the index or the bound is a floating-point
/// value (`x += 1` stops moving at 2^53).
fn wrap_limit(
    func: &Function,
    i: LocalId,
    step: i64,
    op: BinOpKind,
    bound: ExprId,
) -> Option<i128> {
    let up = matches!(op, BinOpKind::Lt | BinOpKind::Le);
    let every = i128::from(if up { i64::MIN } else { i64::MAX });
    let (Some((lo, hi)), Some((bmin, bmax))) =
        (int_range(&func.local(i).ty), bound_range(func, bound))
    else {
        return Some(every);
    };
    let step = i128::from(step);
    // The last value of `i` the test lets through is `bound - 1` (`<`), `bound` (`<=`) ..;
    // the step after it leaves the type.
    let limit = match op {
        BinOpKind::Lt => hi - step + 2,
        BinOpKind::Le => hi - step + 1,
        BinOpKind::Gt => lo - step - 2,
        BinOpKind::Ge => lo - step - 1,
        _ => return Some(every),
    };
    match up {
        true => (bmax >= limit).then_some(limit.max(bmin)),
        false => (bmin <= limit).then_some(limit.min(bmax)),
    }
}

/// Whether stepping local `i` by `step` while `i op bound` holds may carry it past its
/// type's end for some value of `bound` ([`wrap_limit`]).
fn may_wrap(func: &Function, i: LocalId, step: i64, op: BinOpKind, bound: ExprId) -> bool {
    wrap_limit(func, i, step, op, bound).is_some()
}

/// Calls `f` on every expression reachable from `root` (pre-order).
pub fn each_expr(func: &Function, root: ExprId, f: &mut dyn FnMut(ExprId)) {
    let mut stack = vec![root];
    while let Some(id) = stack.pop() {
        if id.0 as usize >= func.exprs.len() {
            continue;
        }
        f(id);
        let mut kids = children(&func.expr(id).kind);
        kids.reverse();
        stack.extend(kids);
    }
}

/// The root expressions directly held by a statement (not those of nested blocks).
pub fn stmt_roots(stmt: &Stmt) -> Vec<ExprId> {
    match stmt {
        Stmt::Let { init, .. } => init.iter().copied().collect(),
        Stmt::Expr(e) => vec![*e],
        Stmt::If { cond, .. } => vec![*cond],
        Stmt::Loop { test, update, .. } => test.iter().chain(update.iter()).copied().collect(),
        Stmt::Return(e) => e.iter().copied().collect(),
        Stmt::Break(_)
        | Stmt::Continue(_)
        | Stmt::Labeled { .. }
        | Stmt::Block(_)
        | Stmt::Sync { .. }
        | Stmt::ThrowUnderflow { .. } => Vec::new(),
    }
}

/// The blocks directly nested in a statement.
pub fn stmt_blocks(stmt: &Stmt) -> Vec<&Block> {
    match stmt {
        Stmt::If { then_block, else_block, .. } => {
            let mut out = vec![then_block];
            out.extend(else_block.iter());
            out
        }
        Stmt::Loop { body, .. } => vec![body],
        Stmt::Labeled { body, .. } | Stmt::Block(body) | Stmt::Sync { body, .. } => vec![body],
        _ => Vec::new(),
    }
}

/// [`stmt_blocks`], to change them.
pub fn stmt_blocks_mut(stmt: &mut Stmt) -> Vec<&mut Block> {
    match stmt {
        Stmt::If { then_block, else_block, .. } => {
            let mut out = vec![then_block];
            out.extend(else_block.iter_mut());
            out
        }
        Stmt::Loop { body, .. } => vec![body],
        Stmt::Labeled { body, .. } | Stmt::Block(body) | Stmt::Sync { body, .. } => vec![body],
        _ => Vec::new(),
    }
}

/// Calls `f` on every statement of `block`, recursively (pre-order).
pub fn each_stmt<'a>(block: &'a Block, f: &mut dyn FnMut(&'a Stmt)) {
    for stmt in &block.stmts {
        each_stmt_of(stmt, f);
    }
}

/// Calls `f` on `stmt` and on every statement nested in it (pre-order).
pub fn each_stmt_of<'a>(stmt: &'a Stmt, f: &mut dyn FnMut(&'a Stmt)) {
    f(stmt);
    for inner in stmt_blocks(stmt) {
        each_stmt(inner, f);
    }
}

/// Calls `f` on every expression of `block` (every statement root and its sub-expressions).
pub fn each_expr_in_block(func: &Function, block: &Block, f: &mut dyn FnMut(ExprId)) {
    each_stmt(block, &mut |stmt| {
        for root in stmt_roots(stmt) {
            each_expr(func, root, f);
        }
    });
}

/// Whether `block` and the expressions `roots` store only to locals: no element, field or
/// static is assigned, and nothing is called but `Math` (a callee may store through its
/// arguments, a constructor through its fields). What a loop's bound reads beyond locals
/// (`k < row[i + 1]`) keeps its value through such a body and update.
pub fn stores_only_locals(
    module: &Module,
    func: &Function,
    block: &Block,
    roots: &[ExprId],
) -> bool {
    let mut only = true;
    let mut look = |e: ExprId| {
        only &= match &func.expr(e).kind {
            ExprKind::Assign { target, .. }
            | ExprKind::CompoundAssign { target, .. }
            | ExprKind::IncDec { target, .. } => {
                matches!(func.expr(*target).kind, ExprKind::Local(_))
            }
            ExprKind::Call { func: f, receiver: None, .. } => library_math(module, *f),
            ExprKind::Builtin { builtin, .. } => matches!(builtin, Builtin::Math(..)),
            ExprKind::Call { .. }
            | ExprKind::SomdCall { .. }
            | ExprKind::IntermediateReduce { .. }
            | ExprKind::New { .. }
            | ExprKind::Map { .. }
            | ExprKind::ReduceArray { .. }
            | ExprKind::Task { .. }
            | ExprKind::Connect { .. } => false,
            _ => true,
        };
    };
    each_expr_in_block(func, block, &mut look);
    for root in roots {
        each_expr(func, *root, &mut look);
    }
    only
}

/// Whether the expression tree at `root` runs code of the program: a call of a method, a
/// SOMD method or an intermediate reduction, a `@`, a `!` or an object creation (its
/// constructor).
pub fn runs_code(func: &Function, root: ExprId) -> bool {
    let mut calls = false;
    each_expr(func, root, &mut |e| {
        calls |= matches!(
            func.expr(e).kind,
            ExprKind::Call { .. }
                | ExprKind::SomdCall { .. }
                | ExprKind::IntermediateReduce { .. }
                | ExprKind::Map { .. }
                | ExprKind::ReduceArray { .. }
                | ExprKind::New { .. }
        );
    });
    calls
}

/// Whether the expression tree at `root` reads or writes local `local`.
pub fn mentions(func: &Function, root: ExprId, local: LocalId) -> bool {
    let mut found = false;
    each_expr(func, root, &mut |e| {
        found |= matches!(func.expr(e).kind, ExprKind::Local(l) if l == local);
    });
    found
}

/// The expressions under `root` that only take an array's shape: the operand of a length
/// (`a.length`) and the arrays of a partition's geometry (`Somd.offset(a)`,
/// `Somd.globalLength(a)`), which read no element.
pub fn shape_operands(func: &Function, root: ExprId) -> Vec<ExprId> {
    let mut shape = Vec::new();
    each_expr(func, root, &mut |e| match &func.expr(e).kind {
        ExprKind::Length(a) => shape.push(*a),
        ExprKind::Builtin { builtin: Builtin::SomdOffset | Builtin::SomdGlobalLength, args } => {
            shape.extend(args.iter().copied())
        }
        _ => {}
    });
    shape
}

/// Whether an expression under `root` reads elements of the array local `local`: a mention
/// other than one taking its shape ([`shape_operands`]).
pub fn reads_elements(func: &Function, root: ExprId, local: LocalId) -> bool {
    let shape = shape_operands(func, root);
    let mut found = false;
    each_expr(func, root, &mut |e| {
        found |=
            matches!(func.expr(e).kind, ExprKind::Local(l) if l == local) && !shape.contains(&e);
    });
    found
}

/// The expressions under `stmts` (their nested blocks too) that name local `local`.
pub fn local_uses(func: &Function, stmts: &[Stmt], local: LocalId) -> Vec<ExprId> {
    let mut uses = Vec::new();
    let mut collect = |s: &Stmt| {
        for root in stmt_roots(s) {
            each_expr(func, root, &mut |e| {
                if matches!(func.expr(e).kind, ExprKind::Local(l) if l == local) {
                    uses.push(e);
                }
            });
        }
    };
    for stmt in stmts {
        collect(stmt);
        for inner in stmt_blocks(stmt) {
            each_stmt(inner, &mut collect);
        }
    }
    uses
}

/// Numbers the loops of `func` in pre-order and returns them with their ids.
pub fn loops(func: &Function) -> Vec<(LoopId, &Stmt)> {
    let mut out = Vec::new();
    each_stmt(&func.body, &mut |stmt| {
        if matches!(stmt, Stmt::Loop { .. }) {
            out.push((LoopId(out.len() as u32), stmt));
        }
    });
    out
}

/// Each statement of `func` (by address) with its pre-order index, as [`each_stmt`] visits
/// them from the body.
pub fn stmt_indices(func: &Function) -> std::collections::HashMap<*const Stmt, usize> {
    let mut out = std::collections::HashMap::new();
    each_stmt(&func.body, &mut |stmt| {
        let next = out.len();
        out.insert(std::ptr::from_ref(stmt), next);
    });
    out
}

/// The loop statement with id `id`.
pub fn find_loop(func: &Function, id: LoopId) -> Option<&Stmt> {
    loops(func).into_iter().find(|(l, _)| *l == id).map(|(_, s)| s)
}

/// The id of a loop statement (by address).
pub fn loop_id_of(func: &Function, stmt: &Stmt) -> Option<LoopId> {
    loops(func).into_iter().find(|(_, s)| std::ptr::eq(*s, stmt)).map(|(l, _)| l)
}

/// The span that best locates a statement (its first expression), or `fallback`.
pub fn stmt_span(func: &Function, stmt: &Stmt, fallback: somd_diag::Span) -> somd_diag::Span {
    match stmt {
        Stmt::Sync { span, .. } | Stmt::ThrowUnderflow { span } => *span,
        Stmt::Let { local, .. } => func.local(*local).span,
        _ => {
            let roots = stmt_roots(stmt);
            if let Some(first) = roots.first() {
                return func.expr(*first).span;
            }
            for block in stmt_blocks(stmt) {
                if let Some(inner) = block.stmts.first() {
                    return stmt_span(func, inner, fallback);
                }
            }
            fallback
        }
    }
}

/// A 2-D nest's cell, what one work-item of its NDRange runs: the outer body's
/// declarations before the inner loop (its prelude, `ParallelLoop::prelude`), then the
/// inner loop's body.
pub fn nest_cell(prelude: &[Stmt], inner_body: &Block) -> Block {
    Block { stmts: prelude.iter().chain(&inner_body.stmts).cloned().collect() }
}

/// Whether evaluating `root` in kernel code may record a failure (an exception): an array
/// access or a length of an element for which `in_range` does not hold, an integer
/// division by anything but a non-zero constant, a call of a function for which
/// `pure_call` does not hold, an allocation, anything not listed here. `Math` builtins,
/// conversions and arithmetic never fail. Used by the OpenCL writer (`in_range`: the
/// bounds proofs, or everything when unchecked) and by the parallel-loop analysis
/// (short-circuit reductions).
pub fn may_fail(
    func: &Function,
    root: ExprId,
    in_range: &dyn Fn(ExprId) -> bool,
    pure_call: &dyn Fn(FuncId) -> bool,
) -> bool {
    let mut fails = false;
    each_expr(func, root, &mut |e| {
        fails |= match &func.expr(e).kind {
            ExprKind::Const(_) | ExprKind::Local(_) | ExprKind::Unary { .. } => false,
            ExprKind::Convert { .. } | ExprKind::Conditional { .. } => false,
            // An array literal's elements are walked too; its allocation cannot fail.
            ExprKind::ArrayLit(_) => false,
            ExprKind::Builtin { builtin: Builtin::Math(..), .. } => false,
            ExprKind::Builtin {
                builtin: Builtin::SomdOffset | Builtin::SomdGlobalLength, ..
            } => false,
            // A local's length cannot fail; a row's (`m[i].length`) fails where reading the
            // row does, and the row, walked too, is judged as an element access.
            ExprKind::Length(a) => {
                !matches!(func.expr(*a).kind, ExprKind::Local(_) | ExprKind::Index { .. })
                    && !in_range(e)
            }
            // A field of a struct value: no kernel value is `null` (no `null` constant reaches
            // a kernel, and the host runs the CPU path for arguments holding `null`), so only
            // the object's own expression, walked too, can fail.
            ExprKind::Field { .. } => false,
            ExprKind::Index { .. } => !in_range(e),
            ExprKind::Binary { op, rhs: divisor, .. }
            | ExprKind::CompoundAssign { op, value: divisor, .. } => {
                let int = matches!(
                    op.ty,
                    PrimOrRef::Prim(
                        somd_syntax::ast::PrimType::Int | somd_syntax::ast::PrimType::Long
                    )
                );
                int && matches!(op.kind, BinOpKind::Div | BinOpKind::Rem)
                    && !nonzero_constant(func, *divisor)
            }
            // The target is walked too: a local is harmless, an element access is judged
            // as one.
            ExprKind::Assign { .. } | ExprKind::IncDec { .. } => false,
            ExprKind::Call { func: f, receiver: None, .. } => !pure_call(*f),
            _ => true,
        };
    });
    fails
}

/// The roots of `func`'s expression statements (`e;`): expressions whose value nothing
/// uses.
pub fn expr_statements(func: &Function) -> HashSet<ExprId> {
    let mut out = HashSet::new();
    each_stmt(&func.body, &mut |s| {
        if let Stmt::Expr(e) = s {
            out.insert(*e);
        }
    });
    out
}

/// Whether a call of `f` cannot throw in kernel code: a library `Math` function, or one
/// `isolation::call_may_throw` clears. The `pure_call` of [`may_fail`] for a setup, a nest's
/// prelude and the OpenCL writer's judgement of a prelude alike.
pub fn call_cannot_throw(module: &Module, f: FuncId) -> bool {
    library_math(module, f) || !super::isolation::call_may_throw(module, f)
}

/// Whether evaluating some initialiser of `setup` (a SOMD body's setup locals, in order) may
/// throw, with no index proven in range but the row and its length of a guarded width
/// ([`guarded_width`]), and calls that cannot throw ([`call_cannot_throw`]) safe. A kernel
/// evaluates its setup in each work-item, so a launch of no work-item evaluates none: such
/// a call runs on the CPU instead, where Java's exception is raised before the loop.
pub fn setup_may_fail(
    module: &Module,
    func: &Function,
    setup: &[(LocalId, Option<ExprId>)],
) -> bool {
    let cannot_throw = |f: FuncId| call_cannot_throw(module, f);
    let inits = || setup.iter().filter_map(|(_, init)| *init);
    let mut guarded = HashSet::new();
    for root in inits() {
        each_expr(func, root, &mut |e| {
            if let ExprKind::Conditional { cond, then_expr, else_expr } = func.expr(e).kind {
                if guarded_width(func, cond, then_expr, else_expr).is_some() {
                    guarded.insert(then_expr);
                    if let ExprKind::Length(row) = func.expr(then_expr).kind {
                        guarded.insert(row);
                    }
                }
            }
        });
    }
    inits().any(|e| may_fail(func, e, &|e| guarded.contains(&e), &cannot_throw))
}

/// The matrix `m` of `m.length > 0 ? m[0].length : 0` (the test also `m.length != 0` or
/// `0 < m.length`), a parameter: the width of a matrix of any number of rows, which cannot
/// fail (no kernel argument is `null`: the host runs the CPU path for one).
pub fn guarded_width(
    func: &Function,
    cond: ExprId,
    then_expr: ExprId,
    else_expr: ExprId,
) -> Option<LocalId> {
    let param = |e: ExprId| match func.expr(e).kind {
        ExprKind::Local(l) if func.local(l).kind == LocalKind::Param => Some(l),
        _ => None,
    };
    let rows_of = |e: ExprId| match func.expr(e).kind {
        ExprKind::Length(a) => param(a),
        _ => None,
    };
    let zero = |e: ExprId| matches!(func.expr(e).kind, ExprKind::Const(Const::Int(0)));
    let ExprKind::Binary { op, lhs, rhs } = &func.expr(cond).kind else { return None };
    let m = match op.kind {
        BinOpKind::Gt | BinOpKind::Ne if zero(*rhs) => rows_of(*lhs)?,
        BinOpKind::Lt | BinOpKind::Ne if zero(*lhs) => rows_of(*rhs)?,
        _ => return None,
    };
    let ExprKind::Length(row) = func.expr(then_expr).kind else { return None };
    let ExprKind::Index { array, index } = func.expr(row).kind else { return None };
    (param(array) == Some(m) && zero(index) && zero(else_expr)).then_some(m)
}

/// `e` as a call of `Math.min` or `Math.max` on two operands: the built-in, or the library's
/// (stdlib/math.somd, for `int`, `long`, `float` and `double`, with Java's rules for NaN and
/// `-0.0`). Returns the operator (`Min` or `Max`), the operands and their type.
pub fn min_max_call(
    module: &Module,
    func: &Function,
    e: ExprId,
) -> Option<(ReduceOp, [ExprId; 2], PrimType)> {
    let (min, args, ty) = match &func.expr(e).kind {
        ExprKind::Builtin { builtin: Builtin::Math(m @ (MathFn::Min | MathFn::Max), ty), args } => {
            (*m == MathFn::Min, args, *ty)
        }
        ExprKind::Call { func: f, receiver: None, args } if library_math(module, *f) => {
            let callee = module.function(*f);
            let Type::Prim(
                ty @ (PrimType::Int | PrimType::Long | PrimType::Float | PrimType::Double),
            ) = callee.ret
            else {
                return None;
            };
            match callee.name.as_str() {
                "Math.min" => (true, args, ty),
                "Math.max" => (false, args, ty),
                _ => return None,
            }
        }
        _ => return None,
    };
    let [a, b] = args[..] else { return None };
    Some((if min { ReduceOp::Min } else { ReduceOp::Max }, [a, b], ty))
}

/// Whether `f` is a function of the library's `Math` (stdlib/math.somd): none throws or has
/// an effect, so [`may_fail`] and [`effect_free`] may allow its calls.
pub fn library_math(module: &Module, f: FuncId) -> bool {
    let callee = module.function(f);
    somd_stdlib::is_library_file(callee.span.file) && callee.name.starts_with("Math.")
}

/// Whether evaluating `root` has no effect: no assignment, update, or call of a function
/// for which `pure_call` does not hold.
pub fn effect_free(func: &Function, root: ExprId, pure_call: &dyn Fn(FuncId) -> bool) -> bool {
    let mut free = true;
    each_expr(func, root, &mut |e| {
        free &= match &func.expr(e).kind {
            ExprKind::Assign { .. } | ExprKind::CompoundAssign { .. } | ExprKind::IncDec { .. } => {
                false
            }
            ExprKind::Call { func: f, receiver: None, .. } => pure_call(*f),
            ExprKind::Call { .. } => false,
            _ => true,
        };
    });
    free
}

/// What [`index_affine`] reads besides `i`, `int` constants and their arithmetic.
#[derive(Clone, Copy, Debug)]
pub struct Affine {
    /// `Somd.offset(a)`, as 0 (a device call is one MI).
    pub partition: bool,
    /// Locals that one declaration initialises and nothing assigns (`int b = 3 * i;`). Only
    /// where `i` is the fresh index of a `for` block, declared in the loop's header: a local
    /// whose initialiser reads `i` is then declared inside the loop, and holds the value for
    /// the current `i` (a counter declared before its loop, `int b = j;` then `for (j = 0;
    /// ..)`, gives `b` the counter's old value).
    pub locals: bool,
}

/// `e` as the local `i` plus a constant ([`index_affine`] with the factor 1): `i`, `i + d`,
/// `d + i`, `i - d`, and any other form that `index_affine` reads as `1 * i + d` (`i + k`
/// for a local `k` set once to a constant, `2 * i - i`).
pub fn index_plus(func: &Function, e: ExprId, i: LocalId, reads: Affine) -> Option<i64> {
    match index_affine(func, e, i, reads)? {
        (1, d) => Some(d),
        _ => None,
    }
}

/// `e` as `s * i + d`, an affine function of the local `i` with `int` constants `s` and
/// `d`: built from `i`, `int` constants, `+`, `-` and `*` by a constant in `int` operations,
/// and what `reads` allows ([`Affine`]). `s` and `d` wrap as Java's `int`s do, so `s * i +
/// d` is Java's value for every `i` (`i * 65536 * 65536 + i` is `1 * i`). `None` for
/// anything else.
pub fn index_affine(func: &Function, e: ExprId, i: LocalId, reads: Affine) -> Option<(i64, i64)> {
    affine_depth(func, e, i, reads, 0)
}

fn affine_depth(
    func: &Function,
    e: ExprId,
    i: LocalId,
    reads: Affine,
    depth: u32,
) -> Option<(i64, i64)> {
    if depth > 8 {
        return None;
    }
    let part = |x: ExprId| affine_depth(func, x, i, reads, depth + 1);
    let (s, d): (i32, i32) = match &func.expr(e).kind {
        ExprKind::Const(Const::Int(c)) => (0, *c),
        ExprKind::Local(l) if *l == i => (1, 0),
        ExprKind::Local(l) if reads.locals => return part(fixed_init(func, *l)?),
        ExprKind::Builtin { builtin: Builtin::SomdOffset, .. } if reads.partition => (0, 0),
        ExprKind::Binary { op, lhs, rhs } if op.ty == PrimOrRef::Prim(PrimType::Int) => {
            let (a, b) = (part(*lhs)?, part(*rhs)?);
            let ((s1, d1), (s2, d2)) = ((a.0 as i32, a.1 as i32), (b.0 as i32, b.1 as i32));
            match op.kind {
                BinOpKind::Add => (s1.wrapping_add(s2), d1.wrapping_add(d2)),
                BinOpKind::Sub => (s1.wrapping_sub(s2), d1.wrapping_sub(d2)),
                BinOpKind::Mul if s1 == 0 => (s2.wrapping_mul(d1), d2.wrapping_mul(d1)),
                BinOpKind::Mul if s2 == 0 => (s1.wrapping_mul(d2), d1.wrapping_mul(d2)),
                _ => return None,
            }
        }
        _ => return None,
    };
    Some((i64::from(s), i64::from(d)))
}

/// The initialiser of the `int` local `l` when one declaration initialises it and nothing
/// assigns it: no assignment, and no `sync` naming it (a `shared` scalar that a `sync
/// reduce` combines changes without one).
fn fixed_init(func: &Function, l: LocalId) -> Option<ExprId> {
    let local = func.local(l);
    if local.ty != Type::Prim(PrimType::Int) || local.kind != LocalKind::Var || local.shared {
        return None;
    }
    let mut inits = Vec::new();
    let mut synced = false;
    each_stmt(&func.body, &mut |s| match s {
        Stmt::Let { local, init } if *local == l => inits.push(*init),
        Stmt::Sync { vars, reduce, .. } => {
            synced |= vars.contains(&l) || reduce.is_some_and(|(_, r)| r == l);
        }
        _ => {}
    });
    if synced {
        return None;
    }
    let [Some(init)] = inits[..] else { return None };
    let assigned = func.exprs.iter().any(|x| match &x.kind {
        ExprKind::Assign { target, .. }
        | ExprKind::CompoundAssign { target, .. }
        | ExprKind::IncDec { target, .. } => {
            matches!(func.expr(*target).kind, ExprKind::Local(t) if t == l)
        }
        _ => false,
    });
    (!assigned).then_some(init)
}

/// The element reads (`Index` expressions) that evaluating `root` always evaluates: not
/// those in a conditional expression's branches or in the right operand of `&&` or `||`.
pub fn evaluated_reads(func: &Function, root: ExprId) -> Vec<ExprId> {
    let mut out = Vec::new();
    let mut stack = vec![root];
    while let Some(e) = stack.pop() {
        let kind = &func.expr(e).kind;
        if let ExprKind::Index { .. } = kind {
            out.push(e);
        }
        match kind {
            ExprKind::Conditional { cond, .. } => stack.push(*cond),
            ExprKind::Binary { op, lhs, .. }
                if matches!(op.kind, BinOpKind::And | BinOpKind::Or) =>
            {
                stack.push(*lhs)
            }
            _ => stack.extend(children(kind)),
        }
    }
    out
}

/// Whether `a` and `b` are the same expression: the same operations, in the same types, on
/// the same constants, locals, fields and elements. Evaluated one after the other with
/// nothing assigned in between, two such expressions that have no effect give one value.
pub fn same_value(func: &Function, a: ExprId, b: ExprId) -> bool {
    same_value_calling(func, a, b, &|_| false)
}

/// [`same_value`], where calls of the same function with the same arguments are the same
/// too when `pure_call` holds for it: a function that gives the same value for the same
/// arguments and has no effect (`library_math`: `Math.abs` of a `long` is a call of the
/// library's `Math.abs`).
pub fn same_value_calling(
    func: &Function,
    a: ExprId,
    b: ExprId,
    pure_call: &dyn Fn(FuncId) -> bool,
) -> bool {
    let (x, y) = (func.expr(a), func.expr(b));
    if x.ty != y.ty {
        return false;
    }
    let same = |p: &ExprId, q: &ExprId| same_value_calling(func, *p, *q, pure_call);
    match (&x.kind, &y.kind) {
        // By bits: `0.0 == -0.0` and `NaN != NaN` are not what the value is.
        (ExprKind::Const(Const::Float(p)), ExprKind::Const(Const::Float(q))) => {
            p.to_bits() == q.to_bits()
        }
        (ExprKind::Const(Const::Double(p)), ExprKind::Const(Const::Double(q))) => {
            p.to_bits() == q.to_bits()
        }
        (ExprKind::Const(p), ExprKind::Const(q)) => p == q,
        (ExprKind::Local(p), ExprKind::Local(q)) => p == q,
        (ExprKind::Static(p), ExprKind::Static(q)) => p == q,
        (
            ExprKind::Field { object: o, class: c, index: i },
            ExprKind::Field { object: p, class: d, index: j },
        ) => c == d && i == j && same(o, p),
        (ExprKind::Index { array: a, index: i }, ExprKind::Index { array: b, index: j }) => {
            same(a, b) && same(i, j)
        }
        (ExprKind::Length(p), ExprKind::Length(q)) => same(p, q),
        (ExprKind::Convert { operand: p }, ExprKind::Convert { operand: q }) => same(p, q),
        (ExprKind::Unary { op: o, operand: p }, ExprKind::Unary { op: r, operand: q }) => {
            o == r && same(p, q)
        }
        (
            ExprKind::Binary { op: o, lhs: l, rhs: r },
            ExprKind::Binary { op: p, lhs: m, rhs: s },
        ) => o == p && same(l, m) && same(r, s),
        // `Math` only: two calls of `Random.nextInt` or `System.nanoTime` differ.
        (
            ExprKind::Builtin { builtin: b @ Builtin::Math(..), args: p },
            ExprKind::Builtin { builtin: c, args: q },
        ) => b == c && p.len() == q.len() && p.iter().zip(q).all(|(p, q)| same(p, q)),
        (
            ExprKind::Call { func: f, receiver: None, args: p },
            ExprKind::Call { func: g, receiver: None, args: q },
        ) => {
            f == g
                && pure_call(*f)
                && p.len() == q.len()
                && p.iter().zip(q).all(|(p, q)| same(p, q))
        }
        _ => false,
    }
}

/// Whether a local of `func` is given one value in every run of the function: a parameter
/// never assigned, or a local declared once with a value and never assigned.
pub fn stable_locals(func: &Function) -> impl Fn(LocalId) -> bool + '_ {
    let mut assigned = HashSet::new();
    each_stmt(&func.body, &mut |s| assigned_in_exprs(func, &stmt_roots(s), &mut assigned));
    let once = declared_once(func);
    move |l: LocalId| {
        !assigned.contains(&l)
            && match func.local(l).kind {
                LocalKind::Param => true,
                LocalKind::Var | LocalKind::Temp => once.contains_key(&l),
                LocalKind::This => false,
            }
    }
}

/// Whether `func` is a host function (no SOMD method, not `local`, no static
/// initializer) that calls a SOMD method: where `outline_loops` looks for loops over SOMD
/// results, which `loop_forms` and `found_index` give the forms it reads.
pub fn host_calling_somd(func: &Function) -> bool {
    func.somd.is_none()
        && !func.is_local
        && func.kind != FuncKind::StaticInit
        && func.exprs.iter().any(|e| matches!(e.kind, ExprKind::SomdCall { .. }))
}

/// The locals of `func` that exactly one declaration initialises and no `sync` names, with
/// their initialiser (fresh tables a pass may rewrite: `scalarize`, `private`).
pub fn declared_once(func: &Function) -> std::collections::HashMap<LocalId, ExprId> {
    let mut lets: std::collections::HashMap<LocalId, (usize, Option<ExprId>)> =
        std::collections::HashMap::new();
    let mut synced: Vec<LocalId> = Vec::new();
    each_stmt(&func.body, &mut |s| match s {
        Stmt::Let { local, init } => lets.entry(*local).or_insert((0, *init)).0 += 1,
        Stmt::Sync { vars, .. } => synced.extend(vars),
        _ => {}
    });
    lets.into_iter()
        .filter_map(|(l, entry)| match entry {
            (1, Some(init)) if !synced.contains(&l) => Some((l, init)),
            _ => None,
        })
        .collect()
}
