//! Copy-back loops of `sync` bodies that the device runs as a buffer exchange.
//!
//! Double buffering in SOMD code usually ends each iteration by copying the new values
//! back (SOR, `samples/sor.somd`):
//!
//! ```text
//! sync (next) { for i, j in R: next[i][j] = f(g ...); }   // launch A
//! sync (g)    { for i, j in R: g[i][j] = next[i][j]; }     // launch B
//! ```
//!
//! A hand-written OpenCL program exchanges the two buffers instead of running B. The
//! exchange is exact when, with `D` the buffer bound to `g` and `S` the one bound to
//! `next`, `D` always holds `g` and `S` holds `g` outside `R`:
//! - before the first iteration `S` is made a copy of `D` (`next`'s own contents are never
//!   observable: A overwrites all of `R` before B reads it, and nothing else reads `next`);
//! - A writes every cell of `R` of `S` unconditionally and reads nothing of `next` but,
//!   after that write, the cell it wrote (A may be the loop of a `sync reduce` measuring
//!   the change, `diff = Math.max(diff, Math.abs(next[i] - g[i]))`);
//! - after B, `g` equals `S` on `R` and the old `g` outside `R`, which is what `S` holds,
//!   while the old `D` holds the old `g` everywhere, in particular outside `R`, where `g`
//!   never changes (B is the only launch that writes `g`).
//!
//! The argument needs `R` to be the same at every launch: a bound reading a host scalar
//! (`for (j = s; j < w; j++)` under `for (s = 1; s < w; s *= 2)`) keeps B a launch.
//!
//! So B becomes "exchange `D` and `S`" when both arrays have the same shape, which the
//! runtime checks at the call (`SyncCall::begin`): with equal shapes neither A's writes to
//! `next` nor B can fail, so skipping B cannot hide an exception. Otherwise B runs.

use super::walk;
use super::{SyncBody, SyncLaunch, SyncStep};
use crate::ir::*;

/// Turns every copy-back launch of `body` that qualifies into a [`SyncStep::SwapOrLaunch`].
pub fn exchange_copy_backs(func: &Function, body: &mut SyncBody) {
    let mut steps = std::mem::take(&mut body.steps);
    rewrite(func, body, &mut steps);
    body.steps = steps;
}

fn rewrite(func: &Function, body: &SyncBody, steps: &mut [SyncStep]) {
    for k in 0..steps.len() {
        match &mut steps[k] {
            SyncStep::Repeat { body: inner, .. } | SyncStep::Loop { body: inner, .. } => {
                rewrite(func, body, inner);
                continue;
            }
            SyncStep::If { then, otherwise, .. } => {
                rewrite(func, body, then);
                rewrite(func, body, otherwise);
                continue;
            }
            _ => {}
        }
        let (
            Some(SyncStep::Launch(a) | SyncStep::Reduce { launch: a, .. }),
            Some(SyncStep::Launch(b)),
        ) = (k.checked_sub(1).and_then(|p| steps.get(p)), steps.get(k))
        else {
            continue;
        };
        if let Some((dst, src)) = exchange(func, body, *a, *b) {
            steps[k] = SyncStep::SwapOrLaunch { launch: *b, dst, src };
        }
    }
}

/// `(dst, src)` when launch `b` copies parameter `src` into parameter `dst` over the cells
/// launch `a` (run just before it) has just written, and the exchange is exact.
fn exchange(func: &Function, body: &SyncBody, a: usize, b: usize) -> Option<(LocalId, LocalId)> {
    let (la, lb) = (body.launches.get(a)?, body.launches.get(b)?);
    if lb.parallel.reduction.is_some() {
        return None;
    }
    let same_range = la.parallel.dims.len() == lb.parallel.dims.len()
        && la.parallel.dims.iter().zip(&lb.parallel.dims).all(|(x, y)| {
            x.lo == y.lo && x.hi == y.hi && x.reversed == y.reversed && x.step == 1 && y.step == 1
        })
        // `R` is the same at every launch: a bound reading a host scalar moves it between
        // iterations, and `S` would hold an old `g` outside the next `R`.
        && la.parallel.dims.iter().all(|d| !d.lo.mentions_host() && !d.hi.mentions_host());
    if !same_range {
        return None;
    }
    let copy = innermost(func, lb)?;
    let [Stmt::Expr(e)] = copy.stmts.as_slice() else { return None };
    let ExprKind::Assign { target, value } = func.expr(*e).kind else { return None };
    let b_indices: Vec<LocalId> = lb.parallel.dims.iter().map(|d| d.index).collect();
    let dst = indexed_by(func, target, &b_indices)?;
    let src = indexed_by(func, value, &b_indices)?;
    let is_param = |l: LocalId| func.params.contains(&l);
    if dst == src || !is_param(dst) || !is_param(src) {
        return None;
    }
    if func.local(dst).ty != func.local(src).ty {
        return None;
    }
    // A: writes `src` at its own indices, unconditionally, and reads nothing of it but,
    // after that write, the cell it wrote (a reduction of `sync reduce` measuring the change
    // reads it back: `diff = Math.max(diff, Math.abs(next[i] - g[i]))`).
    let write = innermost(func, la)?;
    let a_indices: Vec<LocalId> = la.parallel.dims.iter().map(|d| d.index).collect();
    let mut writes = 0;
    for stmt in &write.stmts {
        if let Stmt::Expr(e) = stmt {
            if let ExprKind::Assign { target, value } = func.expr(*e).kind {
                if indexed_by(func, target, &a_indices) == Some(src)
                    && !walk::mentions(func, value, src)
                {
                    writes += 1;
                    continue;
                }
            }
        }
        let mut jumps = false;
        let mut uses = 0;
        visit(func, stmt, &mut |s| jumps |= jumps_out(s), &mut |l| uses += usize::from(l == src));
        if jumps
            || (uses > 0 && (writes == 0 || own_cell_reads(func, stmt, src, &a_indices) != uses))
        {
            return None;
        }
    }
    if writes != 1 || writes_local(func, walk::find_loop(func, la.loop_id)?, dst) {
        return None;
    }
    // No other launch touches `src` or writes `dst`; setup initialisers do not read them.
    for (k, other) in body.launches.iter().enumerate() {
        if k == a || k == b {
            continue;
        }
        let stmt = walk::find_loop(func, other.loop_id)?;
        let mut bad = false;
        visit(func, stmt, &mut |_| {}, &mut |l| bad |= l == src);
        bad |= writes_local(func, stmt, dst);
        if bad {
            return None;
        }
    }
    for (_, init) in &body.setup {
        if init.is_some_and(|i| walk::mentions(func, i, src) || walk::mentions(func, i, dst)) {
            return None;
        }
    }
    // Returning `src` (at the end or under host control flow) would show its cells
    // outside `R`, which the exchange does not keep.
    if matches!(body.result, super::SomdResult::Param(l) if l == src)
        || super::early_returns(&body.steps).contains(&&super::SyncReturn::Param(src))
    {
        return None;
    }
    Some((dst, src))
}

/// The body of the innermost loop of a launch's perfect nest.
fn innermost<'f>(func: &'f Function, launch: &SyncLaunch) -> Option<&'f Block> {
    let mut stmt = walk::find_loop(func, launch.loop_id)?;
    for depth in 1..=launch.parallel.dims.len() {
        let Stmt::Loop { body, .. } = stmt else { return None };
        if depth == launch.parallel.dims.len() {
            return Some(body);
        }
        // The next dimension: the body is exactly one lowered `for` (its `Let`, its loop).
        let [Stmt::Block(inner)] = body.stmts.as_slice() else { return None };
        let [Stmt::Let { .. }, next @ Stmt::Loop { .. }] = inner.stmts.as_slice() else {
            return None;
        };
        stmt = next;
    }
    None
}

/// The array local of `a[i0][i1]..` when the indices are exactly the locals `indices`.
fn indexed_by(func: &Function, place: ExprId, indices: &[LocalId]) -> Option<LocalId> {
    let mut expr = place;
    for index in indices.iter().rev() {
        let ExprKind::Index { array, index: i } = func.expr(expr).kind else { return None };
        if !matches!(func.expr(i).kind, ExprKind::Local(l) if l == *index) {
            return None;
        }
        expr = array;
    }
    match func.expr(expr).kind {
        ExprKind::Local(l) => Some(l),
        _ => None,
    }
}

/// Calls `on_stmt` on `stmt` and every statement inside it, `on_local` on every local
/// any of their expressions reads or writes.
fn visit(
    func: &Function,
    stmt: &Stmt,
    on_stmt: &mut dyn FnMut(&Stmt),
    on_local: &mut dyn FnMut(LocalId),
) {
    let block = Block { stmts: vec![stmt.clone()] };
    walk::each_stmt(&block, &mut |s| {
        on_stmt(s);
        for root in walk::stmt_roots(s) {
            walk::each_expr(func, root, &mut |e| {
                if let ExprKind::Local(l) = func.expr(e).kind {
                    on_local(l);
                }
            });
        }
    });
}

/// How many reads of `local` at exactly `indices` (`next[i][j]`, not assigned) `stmt`
/// makes; each names `local` once.
fn own_cell_reads(func: &Function, stmt: &Stmt, local: LocalId, indices: &[LocalId]) -> usize {
    let mut targets = Vec::new();
    let mut reads = 0;
    let block = Block { stmts: vec![stmt.clone()] };
    walk::each_stmt(&block, &mut |s| {
        for root in walk::stmt_roots(s) {
            walk::each_expr(func, root, &mut |e| match func.expr(e).kind {
                ExprKind::Assign { target, .. }
                | ExprKind::CompoundAssign { target, .. }
                | ExprKind::IncDec { target, .. } => targets.push(target),
                ExprKind::Index { .. } if indexed_by(func, e, indices) == Some(local) => reads += 1,
                _ => {}
            });
        }
    });
    match targets.iter().any(|t| walk::mentions(func, *t, local)) {
        true => usize::MAX,
        false => reads,
    }
}

fn jumps_out(stmt: &Stmt) -> bool {
    matches!(stmt, Stmt::Break(_) | Stmt::Continue(_) | Stmt::Return(_))
}

/// Whether `stmt` may write array `local`: assigns one of its elements (or the local
/// itself) or passes it to a method.
fn writes_local(func: &Function, stmt: &Stmt, local: LocalId) -> bool {
    let mut found = false;
    let block = Block { stmts: vec![stmt.clone()] };
    walk::each_expr_in_block(func, &block, &mut |e| {
        let target = match func.expr(e).kind {
            ExprKind::Assign { target, .. }
            | ExprKind::CompoundAssign { target, .. }
            | ExprKind::IncDec { target, .. } => target,
            // A callee may write an array (or a row) passed to it; a primitive argument
            // (`Math.abs(next[i] - g[i])`) passes a value.
            ExprKind::Call { ref args, .. } => {
                found |= args.iter().any(|a| {
                    !matches!(func.expr(*a).ty, Type::Prim(_)) && walk::mentions(func, *a, local)
                });
                return;
            }
            _ => return,
        };
        let mut root = target;
        while let ExprKind::Index { array, .. } = func.expr(root).kind {
            root = array;
        }
        found |= matches!(func.expr(root).kind, ExprKind::Local(l) if l == local);
    });
    found
}
