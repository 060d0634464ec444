//! Searches that leave their loop at the first match become argument minima.
//!
//! A SOMD body often looks for the first element that passes a test:
//!
//! ```text
//! int found = -1;
//! for (int i = lo; i < hi; i++) {
//!     if (a[i] < 0) { found = Somd.offset(a) + i; break; }
//! }
//! ```
//!
//! A loop that leaves early is no parallel loop. But the first match is the smallest
//! iteration that passes the test, and what the matching iteration assigns is what an
//! argument minimum carries, which the device reduces with a work-group tree (`parallel`,
//! "Argument extrema"). This pass rewrites such a loop at the top level of a SOMD body to
//!
//! ```text
//! int first_i = Integer.MAX_VALUE;
//! for (int i = lo; i < hi; i++) {
//!     int match_i = a[i] < 0 ? i : Integer.MAX_VALUE;
//!     if (match_i < first_i) { first_i = match_i; found = Somd.offset(a) + i; }
//! }
//! ```
//!
//! and records the loop in [`Function::early_exits`], so that the CPU back end still
//! stops after the first match (the Rust writer breaks once `first_i` is set). Java's
//! semantics are unchanged: `i` only grows, so once `first_i` holds the first match no
//! later iteration passes `match_i < first_i`, and the assignments run once, in the
//! matching iteration, as before. A step `C` above 1 could wrap `i` past
//! `Integer.MAX_VALUE` after the last iteration below `hi`: the device never runs such a
//! loop (its work-item count `Size::Steps` sends the call to the CPU), and the CPU leaves
//! at the first match, so the wrapped iterations run only when nothing matched, as in
//! Java, with their accesses checked (a stepped loop's index has no proven range). The
//! rewritten loop evaluates the test in every iteration (a device evaluates them all), so
//! the test must neither fail nor have an effect: its array accesses are proven in range
//! for `lo <= i < hi` (`bounds`), it divides by no variable and calls nothing but `Math`.
//! The assignments may fail (the analysis keeps such a loop on the CPU, where it stops at
//! the first match as before).
//!
//! A search stepping down, `for (int i = start; i >= lo; i -= C)` (`i > lo - 1`, `i--`),
//! finds the largest matching iteration: the same rewrite with `Integer.MIN_VALUE` for "no
//! match" and `match_i > first_i`, an argument maximum. `lo` is a constant of at least 0,
//! so `i` stops at `lo - C` or above and never wraps; `start` is evaluated once, as in Java.
//!
//! The loop stepping up must be `for (int i = lo; i < hi; i += C)` (`C` a positive
//! constant; `i++` too; since the ninety-second session also `i <= x.length - c`, `c` a
//! constant of at least 1, which is `i < x.length - c + 1` without a wrap) with `lo` a
//! constant of at least 0, `hi` without effects and naming no local the body assigns;
//! either loop has a body of exactly `if (test) { x = e; ..; break; }` (no `else`),
//! assigning distinct primitive locals declared before the loop; `break` may name the
//! loop's label. The form `if (test) { ..;
//! return p; }` followed by `return q;` right after the loop (a method returning a
//! primitive) is the same search: `p` goes to a local `result_i` that the matching
//! iteration assigns, and the method returns `first_i != Integer.MAX_VALUE ? result_i :
//! q` (`Integer.MIN_VALUE` stepping down). Searches nested in other loops keep their
//! `break`: a kernel stops there too.

use crate::analysis::bounds::{self, LenSym, Range};
use crate::analysis::walk;
use crate::ir::*;
use somd_syntax::ast::PrimType;

/// Rewrites the searches at the top level of every SOMD function of `module`.
pub fn rewrite_searches(module: &mut Module) {
    let library_math: Vec<bool> =
        (0..module.functions.len()).map(|f| walk::library_math(module, FuncId(f as u32))).collect();
    for func in &mut module.functions {
        if func.somd.is_some() {
            rewrite_in(func, &library_math);
        }
    }
}

/// Rewrites the searches at the top level of `func`, a function `module` does not hold yet
/// (a loop `outline_loops` makes a method, analysed as the module will hold it).
pub(crate) fn rewrite_function(module: &Module, func: &mut Function) {
    let library_math: Vec<bool> =
        (0..module.functions.len()).map(|f| walk::library_math(module, FuncId(f as u32))).collect();
    rewrite_in(func, &library_math);
}

/// A search found at the top level: the position of its `for` block and its parts.
struct Search {
    at: usize,
    /// The loop steps down (`i >= lo; i -= C`): the first match is the largest iteration.
    down: bool,
    index: LocalId,
    test: ExprId,
    cond: ExprId,
    assigns: Vec<ExprId>,
    /// `Some((p, q))` for `if (test) { ..; return p; }` and the `return q;` right after
    /// the loop.
    returns: Option<(ExprId, ExprId)>,
}

fn rewrite_in(func: &mut Function, library_math: &[bool]) {
    let found: Vec<Search> = func
        .body
        .stmts
        .iter()
        .enumerate()
        .filter_map(|(at, stmt)| search(func, at, stmt, library_math))
        .collect();
    // Later blocks first: inserting a declaration moves the statements after it.
    for s in found.into_iter().rev() {
        rewrite(func, s);
    }
}

fn search(func: &Function, at: usize, stmt: &Stmt, library_math: &[bool]) -> Option<Search> {
    let Stmt::Block(block) = stmt else { return None };
    let [Stmt::Let { local: index, init: Some(init) }, Stmt::Loop { label, test: Some(test), test_at_end: false, body, update }] =
        block.stmts.as_slice()
    else {
        return None;
    };
    let index = *index;
    if func.local(index).ty != Type::Prim(PrimType::Int) {
        return None;
    }
    let [update] = update.as_slice() else { return None };
    let ExprKind::Binary { op, lhs, rhs: bound } = func.expr(*test).kind else { return None };
    if !matches!(func.expr(lhs).kind, ExprKind::Local(l) if l == index) {
        return None;
    }
    let constant = |e: ExprId| match func.expr(e).kind {
        ExprKind::Const(Const::Int(v)) if v >= 0 => Some(i64::from(v)),
        _ => None,
    };
    // Stepping up: `for (i = lo; i < hi; i += C)` from a constant `lo >= 0`. Stepping down:
    // `for (i = start; i >= lo; i -= C)` (`i > lo - 1`) to a constant `lo >= 0`, so that
    // `i` never wraps below `Integer.MIN_VALUE`, which stands for "no match".
    let (down, lo, hi) = match op.kind {
        BinOpKind::Lt => {
            steps(func, *update, index, 1)?;
            (false, constant(*init)?, bound)
        }
        // `i <= x.length - c`, `c >= 1`: `i < x.length - c + 1`, whose bound does not wrap
        // (ninety-second session, review 169).
        BinOpKind::Le if length_bound(func, bound).is_some_and(|(_, k)| k <= -1) => {
            steps(func, *update, index, 1)?;
            (false, constant(*init)?, bound)
        }
        BinOpKind::Ge | BinOpKind::Gt => {
            steps(func, *update, index, -1)?;
            let ExprKind::Const(Const::Int(b)) = func.expr(bound).kind else { return None };
            let lo = i64::from(b) + i64::from(op.kind == BinOpKind::Gt);
            (true, (lo >= 0).then_some(lo)?, *init)
        }
        _ => return None,
    };
    let [Stmt::If { cond, then_block, else_block: None }] = body.stmts.as_slice() else {
        return None;
    };
    let (last, assigns) = then_block.stmts.split_last()?;
    let returns = match last {
        Stmt::Break(None) => None,
        Stmt::Break(Some(l)) if *label == Some(*l) => None,
        // `return p;` in the loop and `return q;` right after it, of a primitive.
        Stmt::Return(Some(p)) => match func.body.stmts.get(at + 1) {
            Some(Stmt::Return(Some(q))) if matches!(func.ret, Type::Prim(_)) => Some((*p, *q)),
            _ => return None,
        },
        _ => return None,
    };
    let mut targets = Vec::new();
    let mut values = Vec::new();
    for s in assigns {
        let Stmt::Expr(e) = s else { return None };
        let ExprKind::Assign { target, .. } = func.expr(*e).kind else { return None };
        let ExprKind::Local(x) = func.expr(target).kind else { return None };
        let local = func.local(x);
        if x == index
            || targets.contains(&x)
            || local.kind == LocalKind::This
            || local.shared
            || !matches!(local.ty, Type::Prim(_))
        {
            return None;
        }
        targets.push(x);
        values.push(*e);
    }
    if targets.is_empty() && returns.is_none() {
        return None;
    }
    let pure = |f: FuncId| library_math.get(f.0 as usize).copied().unwrap_or(false);
    // The bound is evaluated again each iteration: nothing the body assigns, no effect.
    // (A loop stepping down tests a constant; its start is evaluated once.)
    if !down
        && (targets.iter().any(|x| walk::mentions(func, hi, *x))
            || walk::mentions(func, hi, index)
            || !walk::effect_free(func, hi, &pure))
    {
        return None;
    }
    // The test runs in every iteration of the rewritten loop: `lo <= i < hi`, or `lo <= i
    // <= hi` (`<=`), or `lo <= i <= start` stepping down.
    let inclusive = down || op.kind == BinOpKind::Le;
    let below = length_bound(func, hi).map(|(len, k)| (len, k + i64::from(inclusive)));
    let known = [(index, Range { lo: Some(lo), below: below.into_iter().collect() })];
    let proven = bounds::proven_in_bounds(func, body, &known, &[]);
    if !walk::effect_free(func, *cond, &pure)
        || walk::may_fail(func, *cond, &|e| proven.contains(&e), &pure)
    {
        return None;
    }
    Some(Search { at, down, index, test: *test, cond: *cond, assigns: values, returns })
}

/// The step `C` (a positive constant) of an update in direction `sign`: stepping up (1),
/// `i++`, `++i`, `i += C` or `i = i + C`; stepping down (-1), `i--`, `--i`, `i -= C` or `i =
/// i - C`.
fn steps(func: &Function, update: ExprId, index: LocalId, sign: i8) -> Option<i32> {
    let is_index = |e: ExprId| matches!(func.expr(e).kind, ExprKind::Local(l) if l == index);
    let positive = |e: ExprId| match func.expr(e).kind {
        ExprKind::Const(Const::Int(c)) if c > 0 => Some(c),
        _ => None,
    };
    let op = if sign > 0 { BinOpKind::Add } else { BinOpKind::Sub };
    match func.expr(update).kind {
        ExprKind::IncDec { target, delta, .. } if delta == sign && is_index(target) => Some(1),
        ExprKind::CompoundAssign { target, op: o, value } if o.kind == op && is_index(target) => {
            positive(value)
        }
        ExprKind::Assign { target, value } if is_index(target) => match func.expr(value).kind {
            ExprKind::Binary { op: o, lhs, rhs } if o.kind == op => {
                if is_index(lhs) {
                    positive(rhs)
                } else if is_index(rhs) && sign > 0 {
                    positive(lhs)
                } else {
                    None
                }
            }
            _ => None,
        },
        _ => None,
    }
}

/// `x.length` or `x.length - c` (`c` a constant) as a bound `len + k` on the index.
fn length_bound(func: &Function, hi: ExprId) -> Option<(LenSym, i64)> {
    let len = |e: ExprId| match func.expr(e).kind {
        ExprKind::Length(a) => match func.expr(a).kind {
            ExprKind::Local(array) => Some(LenSym { array, dim: 0 }),
            _ => None,
        },
        _ => None,
    };
    match func.expr(hi).kind {
        ExprKind::Binary { op, lhs, rhs } if op.kind == BinOpKind::Sub => {
            let ExprKind::Const(Const::Int(c)) = func.expr(rhs).kind else { return None };
            Some((len(lhs)?, -i64::from(c)))
        }
        _ => Some((len(hi)?, 0)),
    }
}

fn new_local(func: &mut Function, name: String, span: somd_diag::Span) -> LocalId {
    let ty = Type::Prim(PrimType::Int);
    func.push_local(Local { name, ty, kind: LocalKind::Var, dist: None, shared: false, span })
}

fn rewrite(func: &mut Function, mut s: Search) {
    let int = Type::Prim(PrimType::Int);
    let boolean = Type::Prim(PrimType::Boolean);
    let span = func.expr(s.cond).span;
    let name = func.local(s.index).name.clone();
    let first = new_local(func, format!("first_{name}"), span);
    let matched = new_local(func, format!("match_{name}"), span);
    // "No match": an iteration no loop reaches. Stepping down, the first match is the
    // largest matching iteration (an argument maximum).
    let no_match = if s.down { i32::MIN } else { i32::MAX };
    let none = |func: &mut Function| {
        func.push_expr(ExprKind::Const(Const::Int(no_match)), int.clone(), span)
    };
    let start = none(func);
    // match_i = test ? i : MAX (MIN stepping down)
    let at = func.push_expr(ExprKind::Local(s.index), int.clone(), span);
    let missed = none(func);
    let pick = func.push_expr(
        ExprKind::Conditional { cond: s.cond, then_expr: at, else_expr: missed },
        int.clone(),
        span,
    );
    // if (match_i < first_i) { first_i = match_i; assignments } (`>` stepping down)
    let lhs = func.push_expr(ExprKind::Local(matched), int.clone(), span);
    let rhs = func.push_expr(ExprKind::Local(first), int.clone(), span);
    let kind = if s.down { BinOpKind::Gt } else { BinOpKind::Lt };
    let less = BinOp { kind, ty: PrimOrRef::Prim(PrimType::Int) };
    let better = func.push_expr(ExprKind::Binary { op: less, lhs, rhs }, boolean.clone(), span);
    let target = func.push_expr(ExprKind::Local(first), int.clone(), span);
    let value = func.push_expr(ExprKind::Local(matched), int.clone(), span);
    let set = func.push_expr(ExprKind::Assign { target, value }, int.clone(), span);
    let mut then = vec![Stmt::Expr(set)];
    then.extend(s.assigns.iter().map(|e| Stmt::Expr(*e)));
    // `return p` in the loop: `result_i = p` there, and after the loop `return first_i !=
    // MAX ? result_i : q` (Java evaluates `q` only when nothing matched).
    let mut returned = None;
    if let Some((p, q)) = s.returns {
        let ty = func.ret.clone();
        let result = new_local(func, format!("result_{name}"), span);
        returned = Some(result);
        func.locals[result.0 as usize].ty = ty.clone();
        let target = func.push_expr(ExprKind::Local(result), ty.clone(), span);
        let set = func.push_expr(ExprKind::Assign { target, value: p }, ty.clone(), span);
        then.push(Stmt::Expr(set));
        let lhs = func.push_expr(ExprKind::Local(first), int.clone(), span);
        let rhs = none(func);
        let ne = BinOp { kind: BinOpKind::Ne, ty: PrimOrRef::Prim(PrimType::Int) };
        let found = func.push_expr(ExprKind::Binary { op: ne, lhs, rhs }, boolean.clone(), span);
        let kept = func.push_expr(ExprKind::Local(result), ty.clone(), span);
        let value = func.push_expr(
            ExprKind::Conditional { cond: found, then_expr: kept, else_expr: q },
            ty,
            func.expr(q).span,
        );
        func.body.stmts[s.at + 1] = Stmt::Return(Some(value));
        func.body.stmts.insert(s.at, Stmt::Let { local: result, init: None });
        s.at += 1;
    }
    let Some(Stmt::Block(block)) = func.body.stmts.get_mut(s.at) else { return };
    let Some(Stmt::Loop { body, .. }) = block.stmts.get_mut(1) else { return };
    body.stmts = vec![
        Stmt::Let { local: matched, init: Some(pick) },
        Stmt::If { cond: better, then_block: Block { stmts: then }, else_block: None },
    ];
    func.body.stmts.insert(s.at, Stmt::Let { local: first, init: Some(start) });
    func.early_exits.push(EarlyExit {
        test: s.test,
        first,
        no_match,
        cond: s.cond,
        index: s.index,
        result: returned,
    });
}
