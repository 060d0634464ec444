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
use super::{SizeExpr, SyncBody, SyncLaunch, SyncStep};
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
    if !writes_own_cells(func, la, src)
        || writes_local(func, walk::find_loop(func, la.loop_id)?, dst)
    {
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
    if returns_param(body, src) {
        return None;
    }
    Some((dst, src))
}

/// Whether the body returns parameter `p`, at its end or under host control flow.
fn returns_param(body: &SyncBody, p: LocalId) -> bool {
    matches!(body.result, super::SomdResult::Param(l) if l == p)
        || super::early_returns(&body.steps).contains(&&super::SyncReturn::Param(p))
}

/// Whether launch `la` writes `src` at its own indices, once and unconditionally, and
/// reads nothing of it but, after that write, the cell it wrote (a reduction of `sync
/// reduce` measuring the change reads it back: `diff = Math.max(diff, Math.abs(next[i] -
/// g[i]))`).
fn writes_own_cells(func: &Function, la: &SyncLaunch, src: LocalId) -> bool {
    let Some(write) = innermost(func, la) else { return false };
    let a_indices: Vec<LocalId> = la.parallel.dims.iter().map(|d| d.index).collect();
    let mut writes = 0;
    for stmt in &write.stmts {
        if let Stmt::Expr(e) = stmt {
            if let ExprKind::Assign { target, value } = func.expr(*e).kind {
                if indexed_by(func, target, &a_indices) == Some(src)
                    && !walk::reads_elements(func, value, src)
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
            return false;
        }
    }
    writes == 1
}

/// The array parameters whose contents the call never reads: each launch touching one
/// either writes every cell of its range first ([`writes_own_cells`]) or reads only its
/// own cells right after such a launch over the same range (the copy-back `m[i][j] =
/// t[i][j]` of a scratch parameter `t`, also where an exchange is not exact: a range
/// moving with a host scalar, a returned destination), or every step touching it runs
/// after a launch writing all of its cells ([`cover_first`]). Such a parameter is not
/// exchanged or read by the setup, nor returned or passed to an intermediate reduction
/// unless written whole first on every path there (`fill(new double[n][m], ..)` of a
/// method returning the array it writes), so its buffer is allocated, not uploaded
/// (`SyncDesc::unread`): a hand-written program uploads no scratch buffer either. Static
/// methods only.
pub fn unread_params(func: &Function, body: &SyncBody) -> Vec<LocalId> {
    // An instance method's lifted field arrays come back into the receiver's arrays whole
    // (`SyncCall::finish_updating`): their cells outside the written ranges must be the
    // receiver's, so they go up. Its own parameters are left as they are too. A lifted
    // copy is static but keeps its receiver local (`instance::lift_fields`).
    let receiver = func.locals.first().is_some_and(|l| l.kind == LocalKind::This);
    if func.kind != FuncKind::Static || receiver {
        return Vec::new();
    }
    let mut pairs = Vec::new();
    adjacent(&body.steps, &mut pairs);
    func.params
        .iter()
        .copied()
        .filter(|p| matches!(func.local(*p).ty, Type::Array(_)))
        .filter(|p| unread(func, body, &pairs, *p))
        .collect()
}

fn unread(func: &Function, body: &SyncBody, pairs: &[(usize, usize)], p: LocalId) -> bool {
    let returned = returns_param(body, p);
    let exchanged = exchanges(&body.steps).iter().any(|(d, s)| *d == p || *s == p);
    let in_setup =
        body.setup.iter().any(|(_, init)| init.is_some_and(|i| walk::reads_elements(func, i, p)));
    let passed = body
        .intermediates
        .iter()
        .any(|ir| ir.args.iter().any(|a| matches!(a, super::CalleeArg::Array(l) if *l == p)));
    if exchanged || in_setup {
        return false;
    }
    // Returned, every cell must be written on every path to the return: the whole array
    // comes back. An early return of `p` is a touch for `cover_first`.
    match cover_first(func, body, &body.steps, p, false) {
        Some(whole) if (whole || !returned) && written_whole(body, func, p) => return true,
        _ => {}
    }
    if passed || returned {
        return false;
    }
    let mut written = false;
    for (k, launch) in body.launches.iter().enumerate() {
        let Some(stmt) = walk::find_loop(func, launch.loop_id) else { return false };
        let mut uses = 0;
        visit(func, stmt, &mut |_| {}, &mut |l| uses += usize::from(l == p));
        if uses == 0 {
            continue;
        }
        if writes_own_cells(func, launch, p) {
            written = true;
            continue;
        }
        // A read of its own cells right after a launch writing them over the same range, or
        // over the whole array (a read of a cell it did not write fails in both).
        let after_write = pairs.iter().any(|(a, b)| {
            *b == k
                && body.launches.get(*a).is_some_and(|la| {
                    (same_dims(la, launch) || covers(la, p)) && writes_own_cells(func, la, p)
                })
        });
        let indices: Vec<LocalId> = launch.parallel.dims.iter().map(|d| d.index).collect();
        let own = innermost(func, launch).is_some_and(|b| {
            b.stmts
                .iter()
                .map(|s| own_cell_reads(func, s, p, &indices))
                .try_fold(0usize, |n, r| (r != usize::MAX).then(|| n + r))
                == Some(uses)
        });
        if !(after_write && own && !writes_local(func, stmt, p)) {
            return false;
        }
    }
    written
}

/// Whether some launch writes every cell of `p` ([`covers`], [`writes_own_cells`]).
fn written_whole(body: &SyncBody, func: &Function, p: LocalId) -> bool {
    body.launches.iter().any(|la| covers(la, p) && writes_own_cells(func, la, p))
}

/// Whether every step of `steps` that touches `p` (a launch reading or writing it, an
/// intermediate reduction passed it, a host statement naming it) runs after a launch that
/// writes every cell of `p` and runs whenever they do: before them in the same list, or
/// in a list around it (`covered` on entry). Such a write leaves nothing of the caller's
/// contents for a later step to read (a cell past the array fails in both). `None` when a
/// touch may come first; else whether `p` is written whole when the list ends (a loop's
/// body may not run, so a write there does not count after it; both branches of an `if`
/// must write it).
fn cover_first(
    func: &Function,
    body: &SyncBody,
    steps: &[SyncStep],
    p: LocalId,
    covered: bool,
) -> Option<bool> {
    let mut covered = covered;
    for step in steps {
        match step {
            SyncStep::Launch(k)
            | SyncStep::Reduce { launch: k, .. }
            | SyncStep::SwapOrLaunch { launch: k, .. } => {
                let launch = body.launches.get(*k)?;
                let stmt = walk::find_loop(func, launch.loop_id)?;
                let mut uses = 0;
                visit(func, stmt, &mut |_| {}, &mut |l| uses += usize::from(l == p));
                if uses == 0 || covered {
                    continue;
                }
                if !(covers(launch, p) && writes_own_cells(func, launch, p)) {
                    return None;
                }
                covered = true;
            }
            SyncStep::Intermediate { index } => {
                let ir = body.intermediates.get(*index)?;
                let passes =
                    ir.args.iter().any(|a| matches!(a, super::CalleeArg::Array(l) if *l == p));
                if passes && !covered {
                    return None;
                }
            }
            SyncStep::Host(stmt) => {
                let mut uses = 0;
                visit(func, stmt, &mut |_| {}, &mut |l| uses += usize::from(l == p));
                if uses > 0 && !covered {
                    return None;
                }
            }
            SyncStep::If { cond_steps, then, otherwise, .. } => {
                let tested = cover_first(func, body, cond_steps, p, covered)?;
                let a = cover_first(func, body, then, p, tested)?;
                let b = cover_first(func, body, otherwise, p, tested)?;
                covered = tested || (a && b);
            }
            SyncStep::Repeat { body: inner, .. } => {
                cover_first(func, body, inner, p, covered)?;
            }
            SyncStep::Loop { test_steps, body: inner, update, .. } => {
                let tested = cover_first(func, body, test_steps, p, covered)?;
                cover_first(func, body, inner, p, tested)?;
                // A `continue` may skip the body's write before the updates.
                cover_first(func, body, update, p, tested)?;
            }
            // Returning `p` reads every cell of it.
            SyncStep::Return(super::SyncReturn::Param(l)) if *l == p && !covered => return None,
            SyncStep::Return(_)
            | SyncStep::Fresh(_)
            | SyncStep::Break(_)
            | SyncStep::Continue(_) => {}
        }
    }
    Some(covered)
}

/// Whether `la`'s range is every cell of the array `p`: each dimension `d` from 0 to `p`'s
/// length in `d`, stepping up by 1 (on the device a call is one MI over whole arrays).
fn covers(la: &SyncLaunch, p: LocalId) -> bool {
    la.parallel.dims.iter().enumerate().all(|(d, x)| {
        x.lo == SizeExpr::Const(0)
            && x.hi == SizeExpr::Len { array: p, dim: d as u8 }
            && x.step == 1
            && !x.reversed
    })
}

/// Two launches over one range of indices, stepping up by 1.
fn same_dims(a: &SyncLaunch, b: &SyncLaunch) -> bool {
    a.parallel.dims.len() == b.parallel.dims.len()
        && a.parallel.dims.iter().zip(&b.parallel.dims).all(|(x, y)| {
            x.lo == y.lo && x.hi == y.hi && !x.reversed && !y.reversed && x.step == 1 && y.step == 1
        })
}

/// The pairs of launches `(a, b)` where `b` runs right after `a` in one list of steps
/// (nothing the host runs between them changes a host scalar).
fn adjacent(steps: &[SyncStep], out: &mut Vec<(usize, usize)>) {
    let launch = |s: &SyncStep| match s {
        SyncStep::Launch(k) | SyncStep::Reduce { launch: k, .. } => Some(*k),
        _ => None,
    };
    for pair in steps.windows(2) {
        if let (Some(a), SyncStep::Launch(b)) = (launch(&pair[0]), &pair[1]) {
            out.push((a, *b));
        }
    }
    for step in steps {
        for list in step.nested() {
            adjacent(list, out);
        }
    }
}

/// The `(dst, src)` of every exchange of `steps` ([`SyncStep::SwapOrLaunch`]), in
/// host-program order: the index of a pair is the step's argument of
/// `SyncCall::swap_or_launch`.
pub fn exchanges(steps: &[SyncStep]) -> Vec<(LocalId, LocalId)> {
    let mut out = Vec::new();
    for step in steps {
        if let SyncStep::SwapOrLaunch { dst, src, .. } = step {
            out.push((*dst, *src));
        }
        out.extend(step.nested().into_iter().flat_map(exchanges));
    }
    out
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
/// any of their expressions reads or writes, except where they only take an array's
/// shape (`a.length`, `Somd.offset(a)`, `Somd.globalLength(a)`): that is the same for
/// the caller's array, the buffer allocated in its place and an exchanged one of the same
/// shape, so it reads none of the cells.
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
            let shape = walk::shape_operands(func, root);
            walk::each_expr(func, root, &mut |e| {
                if let ExprKind::Local(l) = func.expr(e).kind {
                    if !shape.contains(&e) {
                        on_local(l);
                    }
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
    match targets.iter().any(|t| walk::reads_elements(func, *t, local)) {
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
