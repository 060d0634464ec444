//! The sum-of-absolute-differences idiom (note `device-execution`, "The SAD idiom").
//!
//! A block `{ int i = 0; for (; i < A.length; i++) sum += Math.abs(A[i] - B[i]); }` (the
//! lowering of a `for` loop whose variable it declares) over two `int[[]]` parameters
//! adds `|A[i] - B[i]|` for `i` in `0 .. A.length`, failing at the first `i` that is out
//! of `B`'s bounds. When the device stores both arrays as `uchar`, every difference lies in
//! `-255 ..= 255`, so `Math.abs` is exact and the terms can be added in any grouping: `int`
//! addition wraps, which is addition modulo 2^32, associative and commutative. The OpenCL
//! writer then adds the prefix that is in bounds of both arrays 16 elements at a time
//! (`abs_diff` on `uchar16`) and leaves the rest to the loop, which raises the exception
//! at the same index and position as Java.
//!
//! Accepted forms, each provably the same sum: the bound `A.length` or `B.length`;
//! `sum += d`, `sum = sum + d` or `sum = d + sum`; `d` is `Math.abs(A[i] - B[i])` (the
//! library's `Math.abs(int)`, a callee checked to be `x < 0 ? -x : x` on `int`, so any
//! function with that body qualifies; or the built-in `abs` on `int`); the update `i++`, `++i`, `i += 1` or `i = i + 1`. Nothing else may be in
//! the body, and `i`, `sum`, `A` and `B` must be distinct locals with `A` and `B`
//! parameters of type `int[[]]` and `sum` and `i` of type `int`.

use crate::ir::{
    BinOp, BinOpKind, Block, Builtin, Const, ExprId, ExprKind, FuncId, Function, LocalId, MathFn,
    Module, PrimOrRef, Stmt, Type, UnOp,
};
use somd_diag::Span;
use somd_syntax::ast::PrimType;

/// A recognised loop: `sum += |a[i] - b[i]|` for `i` in `0 .. bound.length`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SadLoop {
    pub index: LocalId,
    pub sum: LocalId,
    pub a: LocalId,
    pub b: LocalId,
    /// `a` or `b`: the array whose length bounds the loop.
    pub bound: LocalId,
    /// The loop's `for` statement (its test).
    pub span: Span,
}

const INT: PrimOrRef = PrimOrRef::Prim(PrimType::Int);

fn is_int_op(op: &BinOp, kind: BinOpKind) -> bool {
    op.kind == kind && op.ty == INT
}

fn local_of(func: &Function, e: ExprId) -> Option<LocalId> {
    match func.expr(e).kind {
        ExprKind::Local(l) => Some(l),
        _ => None,
    }
}

fn is_int_const(func: &Function, e: ExprId, v: i32) -> bool {
    matches!(func.expr(e).kind, ExprKind::Const(Const::Int(c)) if c == v)
}

/// Whether `f` is `int f(int x) { return x < 0 ? -x : x; }` (the library's `Math.abs(int)`).
fn is_int_abs(module: &Module, f: FuncId) -> bool {
    let callee = module.function(f);
    let [x] = callee.params[..] else { return false };
    if callee.local(x).ty != Type::Prim(PrimType::Int) || callee.ret != Type::Prim(PrimType::Int) {
        return false;
    }
    let [Stmt::Return(Some(e))] = &callee.body.stmts[..] else { return false };
    let ExprKind::Conditional { cond, then_expr, else_expr } = &callee.expr(*e).kind else {
        return false;
    };
    let is_x = |e: ExprId| local_of(callee, e) == Some(x);
    let cond_ok = matches!(&callee.expr(*cond).kind,
        ExprKind::Binary { op, lhs, rhs }
            if is_int_op(op, BinOpKind::Lt) && is_x(*lhs) && is_int_const(callee, *rhs, 0));
    let neg_ok = matches!(&callee.expr(*then_expr).kind,
        ExprKind::Unary { op: UnOp::Neg, operand } if is_x(*operand));
    cond_ok && neg_ok && is_x(*else_expr)
}

fn is_int_array_param(func: &Function, l: LocalId) -> bool {
    func.params.contains(&l)
        && matches!(&func.local(l).ty, Type::ValueArray(e, _) if **e == Type::Prim(PrimType::Int))
}

/// `Math.abs(a[i] - b[i])`: the arrays (a, b).
fn abs_diff(module: &Module, func: &Function, e: ExprId, i: LocalId) -> Option<(LocalId, LocalId)> {
    let d = match &func.expr(e).kind {
        ExprKind::Call { func: abs, receiver: None, args } if is_int_abs(module, *abs) => {
            let [d] = args[..] else { return None };
            d
        }
        // The built-in `Math.abs` (programs checked without the library).
        ExprKind::Builtin { builtin: Builtin::Math(MathFn::Abs, PrimType::Int), args } => {
            let [d] = args[..] else { return None };
            d
        }
        _ => return None,
    };
    let ExprKind::Binary { op, lhs, rhs } = &func.expr(d).kind else { return None };
    if !is_int_op(op, BinOpKind::Sub) {
        return None;
    }
    let elem = |e: ExprId| match &func.expr(e).kind {
        ExprKind::Index { array, index } if local_of(func, *index) == Some(i) => {
            local_of(func, *array)
        }
        _ => None,
    };
    Some((elem(*lhs)?, elem(*rhs)?))
}

/// The sum local and the added term of `sum += d`, `sum = sum + d` or `sum = d + sum`.
fn accumulation(func: &Function, e: ExprId) -> Option<(LocalId, ExprId)> {
    match &func.expr(e).kind {
        ExprKind::CompoundAssign { target, op, value } if is_int_op(op, BinOpKind::Add) => {
            Some((local_of(func, *target)?, *value))
        }
        ExprKind::Assign { target, value } => {
            let sum = local_of(func, *target)?;
            let ExprKind::Binary { op, lhs, rhs } = &func.expr(*value).kind else { return None };
            if !is_int_op(op, BinOpKind::Add) {
                return None;
            }
            if local_of(func, *lhs) == Some(sum) {
                Some((sum, *rhs))
            } else if local_of(func, *rhs) == Some(sum) {
                Some((sum, *lhs))
            } else {
                None
            }
        }
        _ => None,
    }
}

/// Whether `e` is `i++`, `++i`, `i += 1` or `i = i + 1`.
fn is_increment(func: &Function, e: ExprId, i: LocalId) -> bool {
    match &func.expr(e).kind {
        ExprKind::IncDec { target, delta: 1, .. } => local_of(func, *target) == Some(i),
        ExprKind::CompoundAssign { target, op, value } => {
            is_int_op(op, BinOpKind::Add)
                && local_of(func, *target) == Some(i)
                && is_int_const(func, *value, 1)
        }
        ExprKind::Assign { target, value } => {
            local_of(func, *target) == Some(i)
                && matches!(&func.expr(*value).kind,
                    ExprKind::Binary { op, lhs, rhs }
                        if is_int_op(op, BinOpKind::Add)
                            && local_of(func, *lhs) == Some(i)
                            && is_int_const(func, *rhs, 1))
        }
        _ => false,
    }
}

/// The SAD loop that `block` is (the block of a `for` statement: `let i = 0` then the
/// loop), if it is one.
pub fn sad_loop(module: &Module, func: &Function, block: &Block) -> Option<SadLoop> {
    let [Stmt::Let { local: i, init: Some(zero) }, Stmt::Loop { label: None, test: Some(test), test_at_end: false, body, update }] =
        &block.stmts[..]
    else {
        return None;
    };
    let i = *i;
    if func.local(i).ty != Type::Prim(PrimType::Int) || !is_int_const(func, *zero, 0) {
        return None;
    }
    let ExprKind::Binary { op, lhs, rhs } = &func.expr(*test).kind else { return None };
    if !is_int_op(op, BinOpKind::Lt) || local_of(func, *lhs) != Some(i) {
        return None;
    }
    let ExprKind::Length(arr) = func.expr(*rhs).kind else { return None };
    let bound = local_of(func, arr)?;
    let [u] = update[..] else { return None };
    if !is_increment(func, u, i) {
        return None;
    }
    let [Stmt::Expr(s)] = body.stmts[..] else { return None };
    let (sum, term) = accumulation(func, s)?;
    let (a, b) = abs_diff(module, func, term, i)?;
    let distinct = sum != i && a != i && b != i && sum != a && sum != b && a != b;
    let ok = distinct
        && func.local(sum).ty == Type::Prim(PrimType::Int)
        && is_int_array_param(func, a)
        && is_int_array_param(func, b)
        && (bound == a || bound == b);
    ok.then_some(SadLoop { index: i, sum, a, b, bound, span: func.expr(*test).span })
}

/// Every SAD loop of `func`, in source order.
pub fn sad_loops(module: &Module, func: &Function) -> Vec<SadLoop> {
    fn walk(module: &Module, func: &Function, block: &Block, out: &mut Vec<SadLoop>) {
        for stmt in &block.stmts {
            match stmt {
                Stmt::Block(b) => match sad_loop(module, func, b) {
                    Some(l) => out.push(l),
                    None => walk(module, func, b, out),
                },
                Stmt::If { then_block, else_block, .. } => {
                    walk(module, func, then_block, out);
                    if let Some(e) = else_block {
                        walk(module, func, e, out);
                    }
                }
                Stmt::Loop { body, .. } | Stmt::Labeled { body, .. } => {
                    walk(module, func, body, out)
                }
                Stmt::Sync { body, .. } => walk(module, func, body, out),
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    walk(module, func, &func.body, &mut out);
    out
}

/// How many calls deep [`feeds_sad`] follows a held row from the fold to its SAD loop.
pub const HOLD_DEPTH: u32 = 8;

/// The length (elements of a `uchar` row) below which a fold holds the row in registers:
/// `SOMD_HOLD_LEN` of `runtime/cl/somd_java.cl`, which the writer's kernels test.
pub const HOLD_LEN: usize = 80;

/// Whether parameter `p` of `f` is an array of a SAD loop of `f`, or is passed by a call of
/// `f` to a parameter that is, at most `depth` calls deep: a row a fold may hold in
/// registers for that loop (note `device-execution`, "Rows held in registers").
pub fn feeds_sad(module: &Module, f: FuncId, p: LocalId, depth: u32) -> bool {
    let func = module.function(f);
    if sad_loops(module, func).iter().any(|l| l.a == p || l.b == p) {
        return true;
    }
    depth > 0
        && func.exprs.iter().any(|e| match &e.kind {
            ExprKind::Call { func: callee, receiver: None, args } => {
                let target = module.function(*callee);
                args.iter().zip(&target.params).any(|(a, q)| {
                    local_of(func, *a) == Some(p) && feeds_sad(module, *callee, *q, depth - 1)
                })
            }
            _ => false,
        })
}
