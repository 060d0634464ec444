//! Searches whose index is read after them carry the index as a payload.
//!
//! Java's commonest searches leave the matching position in the loop's index, declared
//! before the loop and read after it:
//!
//! ```text
//! int i;
//! for (i = 0; i < r.length; i++) { if (r[i] == key) { break; } }
//! int i = 0;
//! while (i < r.length && r[i] != key) { i++; }
//! ```
//!
//! Neither is the counted loop `outline_loops` and `first_match` read, which declares its
//! index. In host functions calling SOMD methods (where `outline_loops` looks for loops over
//! their results) this pass rewrites both, exactly, to
//!
//! ```text
//! i = 0 < r.length ? r.length : 0;
//! for (int i_at = 0; i_at < r.length; i_at++) { if (r[i_at] == key) { i = i_at; break; } }
//! ```
//!
//! (the `while` loop's test `!(r[i_at] != key)`): the index of the first match when there is
//! one, else the value Java's loop leaves in `i` when its test fails, which is `hi` stepping
//! up by 1 from a constant `lo` below it, and `lo` otherwise. Stepping down by 1 to a
//! constant, `for (i = start; i >= lo; i--)` (`i > lo - 1`), leaves `lo - 1` where `start >=
//! lo`, else `start`.
//!
//! The rewrite is exact when nothing in the loop assigns `i` but its step, and the bound
//! (`hi`, or `start` stepping down) reads only constants, locals and lengths of locals
//! through operators and conversions, none of them a local the loop assigns: its value
//! before the loop is then its value at the loop's last test when nothing matched.
//! Evaluating it once more before the loop has no effect; where it fails (a `null`
//! array's length), it fails as Java's first test (or the start, stepping down) would, at
//! the same position, with no statement run between. Every other evaluation keeps its
//! order: the test, the matching iteration's statements, the step. The loop's index
//! (`i_at` above) is a fresh local named as `i`, and `outline_loops` takes the loop as a
//! search whose payloads include `i`. The statement starting `i` stays where it was; a
//! block holding only a declaration and a loop is a `for` loop's own, whose index nothing
//! after it sees, and is left alone.

use crate::analysis::walk;
use crate::ir::*;
use somd_syntax::ast::PrimType;

/// Rewrites the searches whose index is declared before them in every host function of
/// `module` that calls a SOMD method (module doc).
pub fn rewrite_found_indices(module: &mut Module) {
    for func in &mut module.functions {
        if walk::host_calling_somd(func) {
            let mut body = std::mem::take(&mut func.body);
            let changed = block(func, &mut body);
            func.body = body;
            if changed {
                // The old loops' tests are left unused.
                crate::scalarize::compact(func);
            }
        }
    }
}

/// Rewrites the searches in `b` and the blocks nested in it; whether it found one.
fn block(func: &mut Function, b: &mut Block) -> bool {
    let mut changed = false;
    let mut k = 0;
    while k < b.stmts.len() {
        for nested in walk::stmt_blocks_mut(&mut b.stmts[k]) {
            changed |= block(func, nested);
        }
        // A block of a declaration and a loop alone is a `for` loop's own (`for (int i = 0;
        // ..)`, or `{ int i = 0; while (..) .. }`): nothing after it sees the index, and
        // `outline_loops` reads it as it is.
        let own = matches!(b.stmts.as_slice(), [Stmt::Let { .. }, Stmt::Loop { .. }]);
        let found = match k {
            0 => None,
            _ if own => None,
            _ => search(func, Some(&b.stmts[k - 1]), &b.stmts[k]),
        };
        match found {
            Some(s) => {
                let rewritten = rewrite(func, s);
                let n = rewritten.len();
                b.stmts.splice(k..=k, rewritten);
                k += n;
                changed = true;
            }
            None => k += 1,
        }
    }
    changed
}

/// A search found: its index, start, bound, test, the statements of its match, and
/// whether it steps down.
struct Search {
    index: LocalId,
    /// `lo` stepping up, the start stepping down (evaluated by the loop once).
    start: ExprId,
    /// `hi` of `i < hi` stepping up; the constant `lo` of `i >= lo` stepping down.
    bound: ExprId,
    /// The test's comparison of `i` with the bound.
    compare: BinOp,
    /// The match's test, and whether the loop leaves when it fails (`while (i < n && c)`).
    cond: ExprId,
    negated: bool,
    /// The statements the matching iteration runs before it leaves.
    then: Vec<Stmt>,
    down: bool,
    span: somd_diag::Span,
    /// Where the loop starts `i` (`explain` reports the loop there).
    at: somd_diag::Span,
}

/// `stmt` as a search whose index is declared before it (module doc); `before` is the
/// statement right before it, which starts a `while` loop's index.
fn search(func: &Function, before: Option<&Stmt>, stmt: &Stmt) -> Option<Search> {
    let int_const =
        |e: ExprId| matches!(func.expr(e).kind, ExprKind::Const(Const::Int(v)) if v >= 0);
    let local_of = |e: ExprId| match func.expr(e).kind {
        ExprKind::Local(l) => Some(l),
        _ => None,
    };
    let assign_of = |e: ExprId| match func.expr(e).kind {
        ExprKind::Assign { target, value } => Some((local_of(target)?, value)),
        _ => None,
    };
    // `i = start;` or `int i = start;` (a `for` loop's `for (i = start; ..)` too), then the
    // loop, or a block holding the loop alone (`for (; ..)`).
    let looped = match stmt {
        Stmt::Block(b) => match b.stmts.as_slice() {
            [looped @ Stmt::Loop { .. }] => looped,
            _ => return None,
        },
        _ => stmt,
    };
    let (i, start, at) = match before? {
        Stmt::Let { local, init: Some(e) } => (*local, *e, func.local(*local).span),
        Stmt::Expr(e) => {
            let (i, start) = assign_of(*e)?;
            (i, start, func.expr(*e).span)
        }
        _ => return None,
    };
    let local = func.local(i);
    if local.kind != LocalKind::Var || local.ty != Type::Prim(PrimType::Int) || local.shared {
        return None;
    }
    let Stmt::Loop { label: None, test: Some(test), test_at_end: false, body, update } = looped
    else {
        return None;
    };
    let is_i = |e: ExprId| local_of(e) == Some(i);
    // The step: the update, or a `while` body's only statement.
    let (step, then, cond, negated, compare) = match (update.as_slice(), body.stmts.as_slice()) {
        // `for (..; i < hi; i++) { if (c) { ..; break; } }`
        ([u], [Stmt::If { cond, then_block, else_block: None }]) => {
            let (last, then) = then_block.stmts.split_last()?;
            if !matches!(last, Stmt::Break(None))
                || !then.iter().all(|s| matches!(s, Stmt::Expr(_)))
            {
                return None;
            }
            let ExprKind::Binary { op, lhs, rhs } = func.expr(*test).kind else { return None };
            (*u, then.to_vec(), *cond, false, (op, lhs, rhs))
        }
        // `while (i < hi && c) i++;`, `for (; i < hi && c; i++);`
        ([u], []) | ([], [Stmt::Expr(u)]) => {
            let ExprKind::Binary { op, lhs: compared, rhs: c } = func.expr(*test).kind else {
                return None;
            };
            if op.kind != BinOpKind::And {
                return None;
            }
            let ExprKind::Binary { op, lhs, rhs } = func.expr(compared).kind else { return None };
            (*u, Vec::new(), c, true, (op, lhs, rhs))
        }
        _ => return None,
    };
    let (op, lhs, bound) = compare;
    let down = match (walk::constant_step(func, step, i)?, op.kind) {
        (1, BinOpKind::Lt) => false,
        (-1, BinOpKind::Ge | BinOpKind::Gt) => true,
        _ => return None,
    };
    // From a constant `lo` stepping up, to one stepping down (`first_match` asks for both;
    // the index then never wraps). The other end is a plain bound that the loop keeps.
    let (constant, counted) = if down { (bound, start) } else { (start, bound) };
    if !is_i(lhs) || !int_const(constant) || !plain_bound(func, counted) {
        return None;
    }
    // Nothing in the loop assigns `i` but the step (not the test: `r[w++] != k`, review
    // 170), nor a local the bound reads.
    let mut in_test = std::collections::HashSet::new();
    walk::assigned_in_exprs(func, &[*test], &mut in_test);
    let mut assigned = walk::assigned_in_block(func, body);
    if in_test.contains(&i) || (update.is_empty() && assigned.iter().any(|l| *l != i)) {
        return None;
    }
    if !update.is_empty() && assigned.contains(&i) {
        return None;
    }
    assigned.extend(in_test);
    let mut reads = vec![i];
    walk::each_expr(func, counted, &mut |e| reads.extend(local_of(e)));
    if walk::mentions(func, counted, i) || reads[1..].iter().any(|l| assigned.contains(l)) {
        return None;
    }
    let span = func.expr(*test).span;
    Some(Search { index: i, start, bound, compare: op, cond, negated, then, down, span, at })
}

/// Whether `e` reads only constants, locals and lengths of locals, through arithmetic and
/// conversions: no effect, no call, no element.
fn plain_bound(func: &Function, e: ExprId) -> bool {
    let mut plain = true;
    walk::each_expr(func, e, &mut |x| {
        plain &= match &func.expr(x).kind {
            ExprKind::Const(_) | ExprKind::Local(_) | ExprKind::Convert { .. } => true,
            ExprKind::Length(a) => matches!(func.expr(*a).kind, ExprKind::Local(_)),
            ExprKind::Unary { op, .. } => *op != UnOp::Not,
            ExprKind::Binary { op, .. } => matches!(
                op.kind,
                BinOpKind::Add | BinOpKind::Sub | BinOpKind::Mul | BinOpKind::Shr | BinOpKind::UShr
            ),
            _ => false,
        }
    });
    plain
}

/// The statements replacing the search `s` (module doc): `i = end;` and the counted loop
/// over a fresh index, whose match assigns `i`.
fn rewrite(func: &mut Function, s: Search) -> Vec<Stmt> {
    let Search { index: i, start, bound, compare, cond, negated, then, down, span, at } = s;
    let int = Type::Prim(PrimType::Int);
    let boolean = Type::Prim(PrimType::Boolean);
    let at = func.push_local(Local { span: at, ..func.local(i).clone() });
    // The matching iteration's statements, and its test, read the fresh index.
    let mut matched = vec![Stmt::Expr(cond)];
    matched.extend(then);
    for e in walk::local_uses(func, &matched, i) {
        func.exprs[e.0 as usize].kind = ExprKind::Local(at);
    }
    let Stmt::Expr(cond) = matched.remove(0) else { unreachable!() };
    let cond = match negated {
        true => {
            func.push_expr(ExprKind::Unary { op: UnOp::Not, operand: cond }, boolean.clone(), span)
        }
        false => cond,
    };
    let local =
        |func: &mut Function, l: LocalId| func.push_expr(ExprKind::Local(l), int.clone(), span);
    let (target, value) = (local(func, i), local(func, at));
    matched.push(Stmt::Expr(func.push_expr(ExprKind::Assign { target, value }, int.clone(), span)));
    matched.push(Stmt::Break(None));
    // `for (int at = start; at < bound; at++)` (`at >= bound; at--` stepping down): the
    // statement starting `i` stays, and the loop evaluates a copy of its start.
    let first = copy(func, start);
    let lhs = local(func, at);
    let rhs = copy(func, bound);
    let test = func.push_expr(ExprKind::Binary { op: compare, lhs, rhs }, boolean.clone(), span);
    let target = local(func, at);
    let delta = if down { -1 } else { 1 };
    let step = func.push_expr(ExprKind::IncDec { target, delta, prefix: false }, int.clone(), span);
    let looped = Stmt::Loop {
        label: None,
        test: Some(test),
        test_at_end: false,
        body: Block {
            stmts: vec![Stmt::If { cond, then_block: Block { stmts: matched }, else_block: None }],
        },
        update: vec![step],
    };
    // `i = end`: what Java's loop leaves when nothing matches. Stepping up from the
    // constant `lo`: `lo < hi ? hi : lo`; stepping down to the constant `lo`: `start >= lo
    // ? lo - 1 : start` (`start > lo ? lo : start`).
    let (constant, counted) = if down { (bound, start) } else { (start, bound) };
    let ExprKind::Const(Const::Int(c)) = func.expr(constant).kind else { unreachable!() };
    let runs = if down {
        let (lhs, rhs) = (copy(func, counted), copy(func, constant));
        func.push_expr(ExprKind::Binary { op: compare, lhs, rhs }, boolean, span)
    } else {
        let (lhs, rhs) = (copy(func, constant), copy(func, counted));
        func.push_expr(ExprKind::Binary { op: compare, lhs, rhs }, boolean, span)
    };
    let last = match (down, compare.kind) {
        (true, BinOpKind::Ge) => {
            func.push_expr(ExprKind::Const(Const::Int(c - 1)), int.clone(), span)
        }
        (true, _) => copy(func, constant),
        (false, _) => copy(func, counted),
    };
    let never = if down { copy(func, counted) } else { copy(func, constant) };
    let end = func.push_expr(
        ExprKind::Conditional { cond: runs, then_expr: last, else_expr: never },
        int.clone(),
        span,
    );
    let target = local(func, i);
    let ended = func.push_expr(ExprKind::Assign { target, value: end }, int, span);
    vec![
        Stmt::Expr(ended),
        Stmt::Block(Block { stmts: vec![Stmt::Let { local: at, init: Some(first) }, looped] }),
    ]
}

/// A copy of the expression `e` (its subexpressions too), at the same positions.
fn copy(func: &mut Function, e: ExprId) -> ExprId {
    let Expr { mut kind, ty, span } = func.expr(e).clone();
    walk::each_child_mut(&mut kind, &mut |child| *child = copy(func, *child));
    func.push_expr(kind, ty, span)
}
