//! Counted loops written in other Java forms become `for (int i = lo; test; update)`.
//!
//! The parallel-loop analysis, the search rewrite (`first_match`), the bounds proofs and the
//! outlining of host loops (`outline_loops`) read a counted loop as a block `[Let i = lo;
//! Loop { test; update }]`: what `for (int i = lo; i < hi; i++)` lowers to. Java programs
//! write the same loop in other forms, which this pass rewrites in SOMD functions and
//! (since the ninety-first session) in host functions calling SOMD methods, each exactly
//! (Java's semantics are unchanged):
//!
//! - **A mirrored test.** `hi > i` becomes `i < hi` (`>=` and `<=` likewise, `<` and `>`
//!   back) in the test of any loop, where `i` is the local the loop steps (its update's,
//!   or a `while` body's last statement's), or `i` plus a constant (`hi > i + 1`), and
//!   `hi` an expression without effect (`n > i` too). Java evaluates `hi` before it reads
//!   `i`, and an expression without effect cannot change `i`, so the order of the two
//!   reads does not matter.
//! - **An index declared before its loop.** `int i;` (or `int i = c;`, `c` a constant)
//!   followed by loops `for (i = lo; ..)` that hold every later mention of `i`: the
//!   declaration moves into each loop (`for (int i = lo; ..)`), a fresh local for each
//!   loop after the first. Each such loop assigns `i` before anything reads it, and no
//!   statement outside the loops reads it, so no value crosses from one loop to another.
//!   This is the C-style `int i, j;` of JavaGrande's kernels, 2-D nests included (`j`'s
//!   loop inside `i`'s).
//! - **A `while` loop counting its index.** `int i = lo;` then `while (test) { ..; i++; }`
//!   (the last statement updating `i`: `++`, `--`, `+=`, `-=` or `=`), or a `for (; test;
//!   update)` without an initialiser, with no later mention of `i`, becomes `for (int i =
//!   lo; test; i++) { .. }`. Each `continue` of a `while` loop (which in Java skips the
//!   update) must directly follow the same update (`i++; continue;`), which is then
//!   dropped: the `for` loop's `continue` runs its update. A `for` loop's `continue`
//!   reaches its update either way.
//!   Statements between the declaration and the loop must not mention `i`, and unless the
//!   loop follows the declaration directly, `lo` must be a constant (nothing between may
//!   change its value). The update moved out of a `while` body may read no local the body
//!   declares (`int w = ..; i += w;`: out of the body it would name nothing).
//!
//! - **More declarations in a `for` header.** `for (int i = lo, n = e; ..)`, `lo` a
//!   constant and `e` not mentioning `i`: `int n = e;` moves before the loop, which keeps
//!   declaring `i` alone (`for (int i = lo; i < n; i++)` after `final int n = e;`). Java
//!   evaluates `lo` and then `e`; a constant has no effect, so the order does not matter,
//!   and `n` was visible only in the loop, which it still precedes.
//! - **A decrement in the test.** `int i = e;` then `while (--i >= lo)` (or `>`), or
//!   `for (int i = e; --i >= lo; )`, without an update: the loop becomes `for (int i = e -
//!   1; i >= lo; i--)`. Both decrement `i` before every test, the first time before the
//!   first test and later right after the body (a `continue` too), so each run of the test
//!   and the body sees the same `i`, and the loop ends with the same `i`; `e - 1` wraps
//!   as `--i` does. This is JavaGrande's `for (int i = n; --i >= 0; )`. The post-decrement
//!   `for (int i = a.length; i-- > lo; )` becomes the same loop with the test `i >= lo`:
//!   it compares the old `i`, so `old > lo` is `old - 1 >= lo`, which holds without a wrap
//!   since `old > lo`; its start `e` and its bound `lo` must each be a length or a
//!   constant above `Integer.MIN_VALUE` (from `Integer.MIN_VALUE` Java runs no iteration,
//!   while `e - 1` would wrap to the top; with `lo` at `Integer.MIN_VALUE` the index would
//!   wrap at the end where Java's test fails), and its body must not assign `i` (one
//!   setting it to `Integer.MIN_VALUE` ends Java's loop at the test, where the rewritten
//!   update wraps to the top first: review 168).
//!
//! A loop that does not qualify is left as written; it runs on the CPU as before, and
//! `explain` names its form.

use crate::analysis::walk;
use crate::ir::*;
use somd_syntax::ast::PrimType;

/// Rewrites the loops of every SOMD function of `module` into counted form where exact, and
/// (ninety-first session) those of every host function that calls a SOMD method, whose
/// loops over the results `outline_loops` reads in the same form (`int i = 0; while (i <
/// n) { y[i] += p[i]; i++; }` after `p = f(x)`).
pub fn canonicalize_loops(module: &mut Module) {
    for func in &mut module.functions {
        if func.somd.is_some() || walk::host_calling_somd(func) {
            let mut body = std::mem::take(&mut func.body);
            let changed = block(func, &mut body);
            func.body = body;
            if changed {
                // The initialisers' assignments `i = lo` are left unused.
                crate::scalarize::compact(func);
            }
        }
    }
}

/// Rewrites the loops of `b`, the nested blocks' first; returns whether it declared an
/// index in a loop.
fn block(func: &mut Function, b: &mut Block) -> bool {
    let mut changed = false;
    for stmt in &mut b.stmts {
        match stmt {
            Stmt::If { then_block, else_block, .. } => {
                changed |= block(func, then_block);
                if let Some(e) = else_block {
                    changed |= block(func, e);
                }
            }
            Stmt::Loop { test, body, update, .. } => {
                if let (Some(t), Some(i)) = (*test, stepped_local(func, body, update)) {
                    mirror_test(func, t, i);
                }
                changed |= block(func, body);
            }
            Stmt::Labeled { body, .. } | Stmt::Block(body) | Stmt::Sync { body, .. } => {
                changed |= block(func, body);
            }
            _ => {}
        }
    }
    let mut k = 0;
    while k < b.stmts.len() {
        split_for_inits(func, b, k);
        // A `for` block whose loop now declares its index in a block of its own.
        if let Stmt::Block(inner) = &mut b.stmts[k] {
            if let [Stmt::Block(only)] = inner.stmts.as_mut_slice() {
                let only = std::mem::take(only);
                b.stmts[k] = Stmt::Block(only);
            }
        }
        if decrement_in_test(func, b, k) || declared_before(func, b, k) || counted_while(func, b, k)
        {
            changed = true;
        } else {
            k += 1;
        }
    }
    changed
}

/// The local a loop steps: the one its first update assigns, else (a `while` loop) the
/// one its body's last statement assigns.
fn stepped_local(func: &Function, body: &Block, update: &[ExprId]) -> Option<LocalId> {
    let last = match (update.first(), body.stmts.last()) {
        (Some(u), _) => *u,
        (None, Some(Stmt::Expr(e))) => *e,
        _ => return None,
    };
    walk::assigned_local(func, last)
}

/// `e > i` (an expression without effect, then the loop's index `i`, or `i` plus a
/// constant) becomes `i < e`, and likewise for `>=`, `<` and `<=`.
fn mirror_test(func: &mut Function, test: ExprId, index: LocalId) {
    let ExprKind::Binary { op, lhs, rhs } = func.expr(test).kind else { return };
    let mirrored = match op.kind {
        BinOpKind::Lt => BinOpKind::Gt,
        BinOpKind::Gt => BinOpKind::Lt,
        BinOpKind::Le => BinOpKind::Ge,
        BinOpKind::Ge => BinOpKind::Le,
        _ => return,
    };
    let reads = walk::Affine { partition: false, locals: true };
    let is_index = |e: ExprId| walk::index_plus(func, e, index, reads).is_some();
    if is_index(lhs) || !is_index(rhs) || !walk::effect_free(func, lhs, &|_| false) {
        return;
    }
    func.exprs[test.0 as usize].kind =
        ExprKind::Binary { op: BinOp { kind: mirrored, ty: op.ty }, lhs: rhs, rhs: lhs };
}

/// The `int` local that `b.stmts[k]` declares, with its initialiser.
fn int_let(func: &Function, b: &Block, k: usize) -> Option<(LocalId, Option<ExprId>)> {
    let Stmt::Let { local, init } = b.stmts[k] else { return None };
    let l = func.local(local);
    let plain = l.kind == LocalKind::Var && !l.shared && l.dist.is_none();
    (plain && l.ty == Type::Prim(PrimType::Int)).then_some((local, init))
}

fn is_const(func: &Function, e: ExprId) -> bool {
    matches!(func.expr(e).kind, ExprKind::Const(_))
}

fn mentions(func: &Function, stmts: &[Stmt], local: LocalId) -> usize {
    walk::local_uses(func, stmts, local).len()
}

/// `for (i = lo; ..)`: a block whose first statement assigns `lo` (not mentioning `i`) to
/// `i`, and whose second, and last, is the loop. Returns the assignment's target and `lo`.
fn assigns_then_loops(func: &Function, stmt: &Stmt, i: LocalId) -> Option<(ExprId, ExprId)> {
    let Stmt::Block(inner) = stmt else { return None };
    let [Stmt::Expr(first), Stmt::Loop { test_at_end: false, .. }] = inner.stmts.as_slice() else {
        return None;
    };
    let ExprKind::Assign { target, value } = func.expr(*first).kind else { return None };
    let is_i = matches!(func.expr(target).kind, ExprKind::Local(l) if l == i);
    (is_i && !walk::mentions(func, value, i)).then_some((target, value))
}

/// The mentions of `i` that the outermost `for (i = lo; ..)` loops under `stmts` hold, and
/// how many such loops there are.
fn in_init_loops(func: &Function, stmts: &[Stmt], i: LocalId) -> (usize, usize) {
    let (mut held, mut loops) = (0, 0);
    for stmt in stmts {
        if assigns_then_loops(func, stmt, i).is_some() {
            held += mentions(func, std::slice::from_ref(stmt), i);
            loops += 1;
        } else {
            for inner in walk::stmt_blocks(stmt) {
                let (h, l) = in_init_loops(func, &inner.stmts, i);
                held += h;
                loops += l;
            }
        }
    }
    (held, loops)
}

/// Declares `i` in each outermost `for (i = lo; ..)` loop under `stmts`: `i` itself in the
/// first (`*fresh` false), a copy of it in each later one.
fn declare_in_loops(func: &mut Function, stmts: &mut [Stmt], i: LocalId, fresh: &mut bool) {
    for stmt in stmts {
        let Some((target, lo)) = assigns_then_loops(func, stmt, i) else {
            match stmt {
                Stmt::If { then_block, else_block, .. } => {
                    declare_in_loops(func, &mut then_block.stmts, i, fresh);
                    if let Some(e) = else_block {
                        declare_in_loops(func, &mut e.stmts, i, fresh);
                    }
                }
                Stmt::Loop { body, .. }
                | Stmt::Labeled { body, .. }
                | Stmt::Block(body)
                | Stmt::Sync { body, .. } => declare_in_loops(func, &mut body.stmts, i, fresh),
                _ => {}
            }
            continue;
        };
        let Stmt::Block(inner) = stmt else { continue };
        let index = if std::mem::replace(fresh, true) {
            let copy = func.local(i).clone();
            let index = func.push_local(copy);
            for e in walk::local_uses(func, &inner.stmts, i) {
                func.exprs[e.0 as usize].kind = ExprKind::Local(index);
            }
            index
        } else {
            i
        };
        // The loop is reported where its index is assigned (`for (i = lo; ..)`).
        func.locals[index.0 as usize].span = func.expr(target).span;
        inner.stmts[0] = Stmt::Let { local: index, init: Some(lo) };
    }
}

/// `int i;` (or `int i = c;`) at `b.stmts[k]` whose later mentions all lie in `for (i = lo;
/// ..)` loops: each loop declares its own index. Returns whether it rewrote.
fn declared_before(func: &mut Function, b: &mut Block, k: usize) -> bool {
    let Some((i, init)) = int_let(func, b, k) else { return false };
    if init.is_some_and(|e| !is_const(func, e)) {
        return false;
    }
    let (held, loops) = in_init_loops(func, &b.stmts[k + 1..], i);
    if loops == 0 || held != mentions(func, &b.stmts[k + 1..], i) {
        return false;
    }
    declare_in_loops(func, &mut b.stmts[k + 1..], i, &mut false);
    b.stmts.remove(k);
    true
}

/// Whether `body` holds a `continue` of the loop labelled `label` (or an unlabelled one
/// outside nested loops).
fn continues(body: &Block, label: Option<LabelId>) -> bool {
    body.stmts.iter().any(|stmt| match stmt {
        Stmt::Continue(None) => true,
        Stmt::Continue(Some(l)) => Some(*l) == label,
        // An unlabelled `continue` in a nested loop is that loop's.
        Stmt::Loop { body, .. } => label.is_some() && continues_labelled(body, label),
        other => walk::stmt_blocks(other).into_iter().any(|inner| continues(inner, label)),
    })
}

/// Whether every `continue` of the loop labelled `label` in `b` directly follows an update
/// written like `last` (`i++; continue;`); `nested`: `b` lies in a loop inside it, whose
/// unlabelled `continue`s are that loop's.
fn continues_after(
    func: &Function,
    b: &Block,
    label: Option<LabelId>,
    last: ExprId,
    nested: bool,
) -> bool {
    b.stmts.iter().enumerate().all(|(k, stmt)| match stmt {
        Stmt::Continue(target) if continue_of(*target, label, nested) => {
            k > 0 && matches!(&b.stmts[k - 1], Stmt::Expr(e) if same_update(func, *e, last))
        }
        other => {
            let nested = nested || matches!(other, Stmt::Loop { .. });
            walk::stmt_blocks(other)
                .into_iter()
                .all(|inner| continues_after(func, inner, label, last, nested))
        }
    })
}

/// Whether `continue` to `target` continues the loop labelled `label` from a place
/// `nested` in another loop or not.
fn continue_of(target: Option<LabelId>, label: Option<LabelId>, nested: bool) -> bool {
    match target {
        None => !nested,
        Some(l) => Some(l) == label,
    }
}

/// Removes the update before each `continue` of the loop labelled `label` in `b`
/// ([`continues_after`] holds): the `for` loop's update runs there instead.
fn drop_updates_before_continues(b: &mut Block, label: Option<LabelId>, nested: bool) {
    let mut k = 0;
    while k < b.stmts.len() {
        match &mut b.stmts[k] {
            Stmt::Continue(target) if k > 0 && continue_of(*target, label, nested) => {
                b.stmts.remove(k - 1);
                continue;
            }
            other => {
                let nested = nested || matches!(other, Stmt::Loop { .. });
                for inner in walk::stmt_blocks_mut(other) {
                    drop_updates_before_continues(inner, label, nested);
                }
            }
        }
        k += 1;
    }
}

/// Whether updates `a` and `b` are written alike: `i++`/`++i`, `i += c`, `i = i + c` over
/// the same local and constants.
fn same_update(func: &Function, a: ExprId, b: ExprId) -> bool {
    let same = |x: ExprId, y: ExprId| same_operand(func, x, y);
    match (&func.expr(a).kind, &func.expr(b).kind) {
        (
            ExprKind::IncDec { target: t1, delta: d1, .. },
            ExprKind::IncDec { target: t2, delta: d2, .. },
        ) => d1 == d2 && same(*t1, *t2),
        (
            ExprKind::CompoundAssign { target: t1, op: o1, value: v1 },
            ExprKind::CompoundAssign { target: t2, op: o2, value: v2 },
        ) => o1 == o2 && same(*t1, *t2) && same(*v1, *v2),
        (
            ExprKind::Assign { target: t1, value: v1 },
            ExprKind::Assign { target: t2, value: v2 },
        ) => same(*t1, *t2) && same(*v1, *v2),
        _ => false,
    }
}

/// Whether `a` and `b` are the same local, the same constant, or the same operation on
/// such operands.
fn same_operand(func: &Function, a: ExprId, b: ExprId) -> bool {
    match (&func.expr(a).kind, &func.expr(b).kind) {
        (ExprKind::Local(x), ExprKind::Local(y)) => x == y,
        (ExprKind::Const(x), ExprKind::Const(y)) => {
            format!("{x:?}") == format!("{y:?}") && func.expr(a).ty == func.expr(b).ty
        }
        (
            ExprKind::Binary { op: o1, lhs: l1, rhs: r1 },
            ExprKind::Binary { op: o2, lhs: l2, rhs: r2 },
        ) => o1 == o2 && same_operand(func, *l1, *l2) && same_operand(func, *r1, *r2),
        (ExprKind::Convert { operand: x }, ExprKind::Convert { operand: y }) => {
            func.expr(a).ty == func.expr(b).ty && same_operand(func, *x, *y)
        }
        _ => false,
    }
}

fn continues_labelled(body: &Block, label: Option<LabelId>) -> bool {
    let mut found = false;
    walk::each_stmt(body, &mut |s| {
        found |= matches!(s, Stmt::Continue(Some(l)) if Some(*l) == label);
    });
    found
}

/// `for (int i = lo, n = e, ..; ..)` at `b.stmts[k]`, `lo` a constant, no later
/// initialiser mentioning `i`: the declarations after `i`'s move before the loop's block.
fn split_for_inits(func: &Function, b: &mut Block, k: usize) {
    let Stmt::Block(inner) = &b.stmts[k] else { return };
    let [Stmt::Let { local: i, init: Some(lo) }, more @ .., Stmt::Loop { .. }] =
        inner.stmts.as_slice()
    else {
        return;
    };
    let moves = !more.is_empty()
        && is_const(func, *lo)
        && more.iter().all(|s| match s {
            Stmt::Let { init, .. } => init.is_none_or(|e| !walk::mentions(func, e, *i)),
            _ => false,
        });
    if !moves {
        return;
    }
    let Stmt::Block(mut inner) = b.stmts.remove(k) else { return };
    let last = inner.stmts.len() - 1;
    let moved: Vec<Stmt> = inner.stmts.drain(1..last).collect();
    let at = k + moved.len();
    b.stmts.splice(k..k, moved);
    b.stmts.insert(at, Stmt::Block(inner));
}

/// `int i = e;` at `b.stmts[k]`, then a loop without an update whose test is `--i >= lo`,
/// `--i > lo` or `i-- > lo`: `i` starts at `e - 1`, the test reads `i` (`i >= lo` for the
/// last) and the loop's update is `i--` (module doc). Returns whether it rewrote.
fn decrement_in_test(func: &mut Function, b: &mut Block, k: usize) -> bool {
    let Some((i, Some(e))) = int_let(func, b, k) else { return false };
    let Some(Stmt::Loop { test: Some(test), update, test_at_end: false, body, .. }) =
        b.stmts.get(k + 1)
    else {
        return false;
    };
    let ExprKind::Binary { op, lhs, rhs } = func.expr(*test).kind else { return false };
    let (decrement, prefix) = match func.expr(lhs).kind {
        ExprKind::IncDec { target, delta: -1, prefix } => {
            (matches!(func.expr(target).kind, ExprKind::Local(l) if l == i), prefix)
        }
        _ => (false, false),
    };
    // `i-- > lo`: neither the start `e - 1` nor the index after the step from `lo + 1`
    // may wrap (`e` and `lo` each a length, or a constant above `Integer.MIN_VALUE`).
    let fits = |x: ExprId| match func.expr(x).kind {
        ExprKind::Length(_) => true,
        ExprKind::Const(Const::Int(c)) => c > i32::MIN,
        _ => false,
    };
    // A body assigning `i` could give it `Integer.MIN_VALUE`, which `i-- > lo` rejects before
    // it wraps and `i--; i >= lo` accepts after (review 168); `--i >= lo` wraps first in both.
    let assigns_i = || walk::assigned_in_block(func, body).contains(&i);
    let form = match (prefix, op.kind) {
        (true, BinOpKind::Ge | BinOpKind::Gt) => true,
        (false, BinOpKind::Gt) => fits(e) && fits(rhs) && !assigns_i(),
        _ => false,
    };
    if !update.is_empty() || !decrement || !form {
        return false;
    }
    if !prefix {
        // The test read `i` before the decrement: `old > lo` is `old - 1 >= lo`.
        let ge = BinOp { kind: BinOpKind::Ge, ty: op.ty };
        func.exprs[test.0 as usize].kind = ExprKind::Binary { op: ge, lhs, rhs };
    }
    let (test, span) = (*test, func.expr(e).span);
    let int = Type::Prim(PrimType::Int);
    let one = func.push_expr(ExprKind::Const(Const::Int(1)), int.clone(), span);
    let sub = BinOp { kind: BinOpKind::Sub, ty: PrimOrRef::Prim(PrimType::Int) };
    let start = func.push_expr(ExprKind::Binary { op: sub, lhs: e, rhs: one }, int.clone(), span);
    // The decrement becomes a read of `i` (its operand is left unused), and the update.
    let step_span = func.expr(lhs).span;
    func.exprs[lhs.0 as usize].kind = ExprKind::Local(i);
    let target = func.push_expr(ExprKind::Local(i), int.clone(), step_span);
    let step = ExprKind::IncDec { target, delta: -1, prefix: false };
    let step = func.push_expr(step, int, step_span);
    b.stmts[k] = Stmt::Let { local: i, init: Some(start) };
    if let Some(Stmt::Loop { update, .. }) = b.stmts.get_mut(k + 1) {
        update.push(step);
    }
    // With no later mention of `i`, the loop declares it, as `for (int i = ..; ..)` does.
    if mentions(func, &b.stmts[k + 2..], i) == 0 {
        let looped = b.stmts.remove(k + 1);
        let declare = std::mem::replace(&mut b.stmts[k], Stmt::Block(Block::default()));
        b.stmts[k] = Stmt::Block(Block { stmts: vec![declare, looped] });
        func.locals[i.0 as usize].span = func.expr(test).span;
    }
    true
}

/// `int i = lo;` at `b.stmts[k]`, then `while (test) { ..; i++; }` or `for (; test;
/// update)`, with no later mention of `i`: the loop declares `i`. Returns whether it
/// rewrote.
fn counted_while(func: &mut Function, b: &mut Block, k: usize) -> bool {
    let Some((i, Some(lo))) = int_let(func, b, k) else { return false };
    // The loop: the first later statement mentioning `i`.
    let Some(p) =
        (k + 1..b.stmts.len()).find(|&p| mentions(func, std::slice::from_ref(&b.stmts[p]), i) > 0)
    else {
        return false;
    };
    if (p > k + 1 && !is_const(func, lo)) || mentions(func, &b.stmts[p + 1..], i) > 0 {
        return false;
    }
    let test = match &b.stmts[p] {
        Stmt::Loop { label, test: Some(test), test_at_end: false, body, update }
            if update.is_empty() =>
        {
            let Some(Stmt::Expr(last)) = body.stmts.last() else { return false };
            // The update moves out of the body: it may read no local the body declares.
            let declared = body.stmts.iter().any(
                |s| matches!(s, Stmt::Let { local, .. } if walk::mentions(func, *last, *local)),
            );
            if walk::assigned_local(func, *last) != Some(i) || declared {
                return false;
            }
            // Java's `continue` skips a `while` body's last statement: each must follow the
            // same update, which the `for` loop's `continue` then runs instead.
            if continues(body, *label) && !continues_after(func, body, *label, *last, false) {
                return false;
            }
            *test
        }
        Stmt::Block(inner) => match inner.stmts.as_slice() {
            [Stmt::Loop { test: Some(test), test_at_end: false, update, .. }]
                if !update.is_empty() =>
            {
                *test
            }
            _ => return false,
        },
        _ => return false,
    };
    let declare = Stmt::Let { local: i, init: Some(lo) };
    b.stmts[p] = match std::mem::replace(&mut b.stmts[p], Stmt::Block(Block::default())) {
        Stmt::Loop { label, test, body: mut inner, .. } => {
            drop_updates_before_continues(&mut inner, label, false);
            let update = inner.stmts.pop().into_iter().filter_map(|s| match s {
                Stmt::Expr(e) => Some(e),
                _ => None,
            });
            let looped = Stmt::Loop {
                label,
                test,
                test_at_end: false,
                body: inner,
                update: update.collect(),
            };
            Stmt::Block(Block { stmts: vec![declare, looped] })
        }
        Stmt::Block(mut inner) => {
            inner.stmts.insert(0, declare);
            Stmt::Block(inner)
        }
        other => other,
    };
    // The loop is reported at its test (`while (i < hi)`).
    func.locals[i.0 as usize].span = func.expr(test).span;
    b.stmts.remove(k);
    true
}

/// Why the loop `b.stmts[p]`, left as written, is no counted loop: `explain`'s text for a
/// `while` or `do`/`while` loop the rewrites above did not take ([`counted_while`]'s
/// conditions, the first that fails).
pub fn not_counted(func: &Function, b: &Block, p: usize) -> String {
    const PLAIN: &str = "not a counted `for` loop over an index";
    let Some(Stmt::Loop { label, test, test_at_end, body, update }) = b.stmts.get(p) else {
        return PLAIN.to_string();
    };
    if *test_at_end {
        return "a `do`/`while` loop (its body runs once before the first test: no counted \
                loop as written)"
            .to_string();
    }
    if test.is_none() || !update.is_empty() {
        return PLAIN.to_string();
    }
    let last = match body.stmts.last() {
        Some(Stmt::Expr(e)) => Some(*e),
        _ => None,
    };
    let Some((last, i)) = last.and_then(|e| Some((e, walk::assigned_local(func, e)?))) else {
        return "a `while` loop whose body's last statement updates no index (`i++;`, `i += \
                c;`: the update of a counted loop)"
            .to_string();
    };
    // The test bounds another local the body steps: that is the index, updated elsewhere.
    let stepped = walk::assigned_in_block(func, body);
    let tested = (0..func.locals.len() as u32).map(LocalId).find(|l| {
        *l != i && stepped.contains(l) && test.is_some_and(|t| walk::mentions(func, t, *l))
    });
    if let (Some(index), false) = (tested, test.is_some_and(|t| walk::mentions(func, t, i))) {
        return format!(
            "a `while` loop over `{}` whose body's last statement is no update of it (a \
             counted loop's update is its body's last statement)",
            func.local(index).name
        );
    }
    let name = &func.local(i).name;
    // A flag or any other local that is no `int` (`while (go) { ..; go = s < 0; }`): no
    // index at all.
    if func.local(i).ty != Type::Prim(PrimType::Int) {
        return format!(
            "a `while` loop over no `int` index (its body's last statement sets `{name}`): no \
             counted loop"
        );
    }
    let declared =
        (0..p).rev().find(|&k| matches!(b.stmts[k], Stmt::Let { local, .. } if local == i));
    let Some((k, Some(lo))) = declared.and_then(|k| Some((k, int_let(func, b, k)?.1))) else {
        return format!(
            "a `while` loop over `{name}`, which is no `int` local initialised in the block \
             holding the loop (`int {name} = lo;` before it)"
        );
    };
    if mentions(func, &b.stmts[p + 1..], i) > 0 {
        return format!(
            "a `while` loop over `{name}`, which is read after the loop (a counted loop's index \
             lives in the loop)"
        );
    }
    if mentions(func, &b.stmts[k + 1..p], i) > 0 {
        return format!(
            "a `while` loop over `{name}`, which statements between its declaration and the \
             loop mention"
        );
    }
    if p > k + 1 && !is_const(func, lo) {
        return format!(
            "a `while` loop over `{name}`, whose computed start is separated from the loop by \
             other statements"
        );
    }
    if body
        .stmts
        .iter()
        .any(|s| matches!(s, Stmt::Let { local, .. } if walk::mentions(func, last, *local)))
    {
        return format!(
            "a `while` loop whose update of `{name}` reads a local of its body (out of the body \
             it would name nothing)"
        );
    }
    if continues(body, *label) && !continues_after(func, body, *label, last, false) {
        return format!(
            "a `while` loop with a `continue` that its update of `{name}` does not directly \
             precede (Java skips the update there: `{name}++; continue;` is counted)"
        );
    }
    // The update is the body's last statement, but not the last update of the index (an
    // earlier statement steps it too), or the test is no bound on it.
    format!(
        "a `while` loop over `{name}` whose test or update is no counted loop's (`{name} < hi`, \
         one update of `{name}` as the body's last statement)"
    )
}
