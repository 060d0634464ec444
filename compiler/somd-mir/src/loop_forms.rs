//! Counted loops written in other Java forms become `for (int i = lo; test; update)`.
//!
//! The parallel-loop analysis, the search rewrite (`first_match`) and the bounds proofs read
//! a counted loop as a block `[Let i = lo; Loop { test; update }]`: what `for (int i = lo;
//! i < hi; i++)` lowers to. Java programs write the same loop in other forms, which this
//! pass rewrites in SOMD functions, each exactly (Java's semantics are unchanged):
//!
//! - **A mirrored test.** `hi > i` becomes `i < hi` (`>=` and `<=` likewise, `<` and `>`
//!   back), in the test of any loop: a comparison of a local with an expression that has
//!   no effect. Java evaluates `hi` before it reads `i`, and an expression without effect
//!   cannot change `i`, so the order of the two reads does not matter.
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
//!   lo; test; i++) { .. }`. A `while` loop's body must hold no `continue` of it (which
//!   in Java skips the update); a `for` loop's `continue` reaches its update either way.
//!   Statements between the declaration and the loop must not mention `i`, and unless the
//!   loop follows the declaration directly, `lo` must be a constant (nothing between may
//!   change its value).
//!
//! A loop that does not qualify is left as written; it runs on the CPU as before, and
//! `explain` names its form.

use crate::analysis::walk;
use crate::ir::*;
use somd_syntax::ast::PrimType;

/// Rewrites the loops of every SOMD function of `module` into counted form where exact.
pub fn canonicalize_loops(module: &mut Module) {
    for func in &mut module.functions {
        if func.somd.is_some() {
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
            Stmt::Loop { test, body, .. } => {
                if let Some(t) = test {
                    mirror_test(func, *t);
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
        if declared_before(func, b, k) || counted_while(func, b, k) {
            changed = true;
        } else {
            k += 1;
        }
    }
    changed
}

/// `e > x` (an expression without effect, then a local) becomes `x < e`, and likewise for
/// `>=`, `<` and `<=`.
fn mirror_test(func: &mut Function, test: ExprId) {
    let ExprKind::Binary { op, lhs, rhs } = func.expr(test).kind else { return };
    let mirrored = match op.kind {
        BinOpKind::Lt => BinOpKind::Gt,
        BinOpKind::Gt => BinOpKind::Lt,
        BinOpKind::Le => BinOpKind::Ge,
        BinOpKind::Ge => BinOpKind::Le,
        _ => return,
    };
    let local = |e: ExprId| matches!(func.expr(e).kind, ExprKind::Local(_));
    if local(lhs) || !local(rhs) || !walk::effect_free(func, lhs, &|_| false) {
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

/// How many times the statements mention `local`.
fn mentions_in(func: &Function, stmts: &[Stmt], local: LocalId) -> usize {
    let mut n = 0;
    for stmt in stmts {
        let mut count = |s: &Stmt| {
            for root in walk::stmt_roots(s) {
                walk::each_expr(func, root, &mut |e| {
                    n += usize::from(matches!(func.expr(e).kind, ExprKind::Local(l) if l == local));
                });
            }
        };
        count(stmt);
        for inner in walk::stmt_blocks(stmt) {
            walk::each_stmt(inner, &mut count);
        }
    }
    n
}

/// `for (i = lo; ..)`: a block whose first statement assigns `lo` (not mentioning `i`) to
/// `i`, and whose second, and last, is the loop.
fn assigns_then_loops(func: &Function, stmt: &Stmt, i: LocalId) -> Option<ExprId> {
    let Stmt::Block(inner) = stmt else { return None };
    let [Stmt::Expr(first), Stmt::Loop { test_at_end: false, .. }] = inner.stmts.as_slice() else {
        return None;
    };
    let ExprKind::Assign { target, value } = func.expr(*first).kind else { return None };
    let is_i = matches!(func.expr(target).kind, ExprKind::Local(l) if l == i);
    (is_i && !walk::mentions(func, value, i)).then_some(value)
}

/// Collects the outermost `for (i = lo; ..)` blocks under `stmts` (paths of statement
/// indices), with the mentions of `i` they hold.
fn init_loops(
    func: &Function,
    stmts: &[Stmt],
    i: LocalId,
    path: &mut Vec<usize>,
    out: &mut Vec<(Vec<usize>, usize)>,
) {
    for (at, stmt) in stmts.iter().enumerate() {
        path.push(at);
        if assigns_then_loops(func, stmt, i).is_some() {
            out.push((path.clone(), mentions_in(func, std::slice::from_ref(stmt), i)));
        } else {
            // A statement has at most two blocks (`if`/`else`): the path names which.
            for (which, inner) in walk::stmt_blocks(stmt).into_iter().enumerate() {
                path.push(which);
                init_loops(func, &inner.stmts, i, path, out);
                path.pop();
            }
        }
        path.pop();
    }
}

/// The statement at `path` (statement index, then block number and statement index per
/// level) under `stmts`.
fn stmt_at<'a>(stmts: &'a mut [Stmt], path: &[usize]) -> Option<&'a mut Stmt> {
    let (first, rest) = path.split_first()?;
    let stmt = stmts.get_mut(*first)?;
    let Some((which, rest)) = rest.split_first() else { return Some(stmt) };
    let block = match stmt {
        Stmt::If { then_block, else_block, .. } => match which {
            0 => then_block,
            _ => else_block.as_mut()?,
        },
        Stmt::Loop { body, .. }
        | Stmt::Labeled { body, .. }
        | Stmt::Block(body)
        | Stmt::Sync { body, .. } => body,
        _ => return None,
    };
    stmt_at(&mut block.stmts, rest)
}

/// Renames `from` to `to` in every expression of `stmt`.
fn rename(func: &mut Function, stmt: &Stmt, from: LocalId, to: LocalId) {
    let mut hits = Vec::new();
    let mut collect = |s: &Stmt| {
        for root in walk::stmt_roots(s) {
            walk::each_expr(func, root, &mut |e| {
                if matches!(func.expr(e).kind, ExprKind::Local(l) if l == from) {
                    hits.push(e);
                }
            });
        }
    };
    collect(stmt);
    for inner in walk::stmt_blocks(stmt) {
        walk::each_stmt(inner, &mut collect);
    }
    for e in hits {
        func.exprs[e.0 as usize].kind = ExprKind::Local(to);
    }
}

/// `int i;` (or `int i = c;`) at `b.stmts[k]` whose later mentions all lie in `for (i = lo;
/// ..)` loops: each loop declares its own index. Returns whether it rewrote.
fn declared_before(func: &mut Function, b: &mut Block, k: usize) -> bool {
    let Some((i, init)) = int_let(func, b, k) else { return false };
    if init.is_some_and(|e| !is_const(func, e)) {
        return false;
    }
    let rest = &b.stmts[k + 1..];
    let mut loops = Vec::new();
    init_loops(func, rest, i, &mut Vec::new(), &mut loops);
    let held: usize = loops.iter().map(|(_, n)| n).sum();
    if loops.is_empty() || held != mentions_in(func, rest, i) {
        return false;
    }
    for (n, (path, _)) in loops.iter().enumerate() {
        let Some(stmt) = stmt_at(&mut b.stmts[k + 1..], path) else { return false };
        let taken = std::mem::replace(stmt, Stmt::Block(Block::default()));
        let index = if n == 0 {
            i
        } else {
            let copy = func.local(i).clone();
            let fresh = func.push_local(copy);
            rename(func, &taken, i, fresh);
            fresh
        };
        let Some(lo) = assigns_then_loops(func, &taken, index) else { return false };
        let Stmt::Block(mut inner) = taken else { return false };
        // The loop is reported where its index is assigned (`for (i = lo; ..)`).
        if let Stmt::Expr(first) = inner.stmts[0] {
            if let ExprKind::Assign { target, .. } = func.expr(first).kind {
                func.locals[index.0 as usize].span = func.expr(target).span;
            }
        }
        inner.stmts[0] = Stmt::Let { local: index, init: Some(lo) };
        let Some(slot) = stmt_at(&mut b.stmts[k + 1..], path) else { return false };
        *slot = Stmt::Block(inner);
    }
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

fn continues_labelled(body: &Block, label: Option<LabelId>) -> bool {
    let mut found = false;
    walk::each_stmt(body, &mut |s| {
        found |= matches!(s, Stmt::Continue(Some(l)) if Some(*l) == label)
    });
    found
}

/// Whether `e` updates local `i` (`++`, `--`, `op=`, `=`).
fn updates(func: &Function, e: ExprId, i: LocalId) -> bool {
    match func.expr(e).kind {
        ExprKind::IncDec { target, .. }
        | ExprKind::CompoundAssign { target, .. }
        | ExprKind::Assign { target, .. } => {
            matches!(func.expr(target).kind, ExprKind::Local(l) if l == i)
        }
        _ => false,
    }
}

/// `int i = lo;` at `b.stmts[k]`, then `while (test) { ..; i++; }` or `for (; test;
/// update)`, with no later mention of `i`: the loop declares `i`. Returns whether it
/// rewrote.
fn counted_while(func: &mut Function, b: &mut Block, k: usize) -> bool {
    let Some((i, Some(lo))) = int_let(func, b, k) else { return false };
    // The loop: the first later statement mentioning `i`.
    let Some(p) = (k + 1..b.stmts.len())
        .find(|&p| mentions_in(func, std::slice::from_ref(&b.stmts[p]), i) > 0)
    else {
        return false;
    };
    if p > k + 1 && !is_const(func, lo) || mentions_in(func, &b.stmts[p + 1..], i) > 0 {
        return false;
    }
    let stmt = match &b.stmts[p] {
        Stmt::Loop { label, test: Some(tested), test_at_end: false, body, update }
            if update.is_empty() && !continues(body, *label) =>
        {
            let Some(Stmt::Expr(last)) = body.stmts.last() else { return false };
            if !updates(func, *last, i) {
                return false;
            }
            let Stmt::Loop { label, test, body, .. } = b.stmts[p].clone() else { return false };
            let mut body = body;
            body.stmts.pop();
            let update = vec![*last];
            // The loop is reported at its test (`while (i < hi)`).
            func.locals[i.0 as usize].span = func.expr(*tested).span;
            let looped = Stmt::Loop { label, test, test_at_end: false, body, update };
            Stmt::Block(Block { stmts: vec![Stmt::Let { local: i, init: Some(lo) }, looped] })
        }
        Stmt::Block(inner) if matches!(inner.stmts.as_slice(), [Stmt::Loop { test: Some(_), test_at_end: false, update, .. }] if !update.is_empty()) =>
        {
            let mut inner = inner.clone();
            if let Some(Stmt::Loop { test: Some(tested), .. }) = inner.stmts.first() {
                func.locals[i.0 as usize].span = func.expr(*tested).span;
            }
            inner.stmts.insert(0, Stmt::Let { local: i, init: Some(lo) });
            Stmt::Block(inner)
        }
        _ => return false,
    };
    b.stmts[p] = stmt;
    b.stmts.remove(k);
    true
}
