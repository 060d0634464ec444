//! The `combine` method of a class reduction `reduce(C)` (LANGUAGE.md §2.3): what the CPU
//! path may do besides calling it as a sequential tree over the MIs' partial results.
//!
//! - [`elementwise`]: the body is exactly
//!   `T[] c = new T[a.length]; for (int i = 0; i < a.length; i++) c[i] = OP; return c;`
//!   where `OP` reads only `a[i]`, `b[i]` and constants and cannot throw. Then element `i`
//!   of the result is `OP(a[i], b[i])` for arrays of equal length, so the runtime may
//!   combine the partials index chunk by index chunk, in parallel and in place, applying
//!   the same tree to every element (`rt::reduce::combine_elementwise`). `b[i]` throws when
//!   `b` is shorter than `a`, so the proof only holds for partials of equal length: the
//!   runtime checks that and otherwise calls `combine` itself.
//! - [`effect_free`]: the method (and everything it calls) writes nothing but its locals and
//!   the arrays and objects it allocates itself, and does no I/O, clock, `Random`, task or
//!   SOMD operation, so two of its calls on different arguments may run at the same time
//!   (`rt::reduce::combine_concurrent`).

use super::memo::CycleMemo;
use super::walk;
use crate::ir::*;
use somd_syntax::ast::PrimType;

/// A recognised elementwise `combine`.
#[derive(Clone, Debug, PartialEq)]
pub struct Elementwise {
    /// The element type of the arrays.
    pub elem: PrimType,
    /// `a` and `b`, the parameters.
    pub a: LocalId,
    pub b: LocalId,
    /// The expression `OP` (the value stored to `c[i]`), in the function's arena.
    pub op: ExprId,
    /// The reads `a[i]` and `b[i]` inside `OP`: the element operation takes them as its
    /// two arguments.
    pub reads_a: Vec<ExprId>,
    pub reads_b: Vec<ExprId>,
}

/// How deep [`total`] follows calls (the library's `Math.max` calls nothing).
const CALL_DEPTH: u32 = 4;

/// `Some` when `fid` is an elementwise `combine` (see the module doc).
pub fn elementwise(module: &Module, fid: FuncId) -> Option<Elementwise> {
    let func = module.functions.get(fid.0 as usize)?;
    if func.kind != FuncKind::Static || func.params.len() != 2 {
        return None;
    }
    let (a, b) = (func.params[0], func.params[1]);
    let elem = match &func.ret {
        Type::Array(inner) => match **inner {
            Type::Prim(p) => p,
            _ => return None,
        },
        _ => return None,
    };
    if func.local(a).ty != func.ret || func.local(b).ty != func.ret {
        return None;
    }
    let [Stmt::Let { local: c, init: Some(alloc) }, Stmt::Block(inner), Stmt::Return(Some(ret))] =
        func.body.stmts.as_slice()
    else {
        return None;
    };
    let c = *c;
    if func.local(c).ty != func.ret || !is_local(func, *ret, c) {
        return None;
    }
    // `new T[a.length]`.
    match &func.expr(*alloc).kind {
        ExprKind::NewArray { dims } if dims.len() == 1 && is_length_of(func, dims[0], a) => {}
        _ => return None,
    }
    // `{ int i = 0; for (; i < a.length; i++) c[i] = OP; }`.
    let [Stmt::Let { local: i, init: Some(zero) }, Stmt::Loop { label: None, test: Some(test), test_at_end: false, body, update }] =
        inner.stmts.as_slice()
    else {
        return None;
    };
    let i = *i;
    if !matches!(func.expr(*zero).kind, ExprKind::Const(Const::Int(0))) {
        return None;
    }
    match &func.expr(*test).kind {
        ExprKind::Binary { op, lhs, rhs }
            if op.kind == BinOpKind::Lt
                && op.ty == PrimOrRef::Prim(PrimType::Int)
                && is_local(func, *lhs, i)
                && is_length_of(func, *rhs, a) => {}
        _ => return None,
    }
    match update.as_slice() {
        [inc] => match &func.expr(*inc).kind {
            ExprKind::IncDec { target, delta: 1, .. } if is_local(func, *target, i) => {}
            _ => return None,
        },
        _ => return None,
    }
    let [Stmt::Expr(store)] = body.stmts.as_slice() else { return None };
    let ExprKind::Assign { target, value } = &func.expr(*store).kind else { return None };
    match &func.expr(*target).kind {
        ExprKind::Index { array, index }
            if is_local(func, *array, c) && is_local(func, *index, i) => {}
        _ => return None,
    }
    if func.expr(*value).ty != Type::Prim(elem) {
        return None;
    }
    let mut reads_a = Vec::new();
    let mut reads_b = Vec::new();
    let mut leaf = |id: ExprId, f: &Function| -> bool {
        let ExprKind::Index { array, index } = &f.expr(id).kind else { return false };
        if !is_local(f, *index, i) {
            return false;
        }
        if is_local(f, *array, a) {
            reads_a.push(id);
            true
        } else if is_local(f, *array, b) {
            reads_b.push(id);
            true
        } else {
            false
        }
    };
    if !total(module, func, *value, &mut leaf, CALL_DEPTH) {
        return None;
    }
    Some(Elementwise { elem, a, b, op: *value, reads_a, reads_b })
}

impl Elementwise {
    /// Whether `OP` is `a[i] + b[i]`, `a[i] | b[i]` or `a[i] ^ b[i]` (either order) at the
    /// element type: then a tree of `OP` over zeros and one other element `v` is `OP(v, 0)`
    /// (`v` itself, but for `+`'s `-0.0 + 0.0 == 0.0`), so partials known to be zero
    /// outside windows may be combined window by window
    /// (`rt::somd::combine_elementwise_windows`).
    pub fn zero_is_identity(&self, func: &Function) -> bool {
        let ExprKind::Binary { op, lhs, rhs } = &func.expr(self.op).kind else { return false };
        let operands = [*lhs, *rhs];
        matches!(op.kind, BinOpKind::Add | BinOpKind::BitOr | BinOpKind::BitXor)
            && op.ty == PrimOrRef::Prim(self.elem)
            && self.reads_a.len() == 1
            && self.reads_b.len() == 1
            && operands.contains(&self.reads_a[0])
            && operands.contains(&self.reads_b[0])
    }
}

fn is_local(func: &Function, id: ExprId, local: LocalId) -> bool {
    matches!(func.expr(id).kind, ExprKind::Local(l) if l == local)
}

fn is_length_of(func: &Function, id: ExprId, local: LocalId) -> bool {
    matches!(func.expr(id).kind, ExprKind::Length(arr) if is_local(func, arr, local))
}

/// Whether the primitive expression at `id` always completes normally and has no effect:
/// constants, operators that cannot throw (integer `/` and `%` only by a non-zero
/// constant), conversions, `?:`, the side-effect-free math built-ins, calls of static
/// functions whose bodies are such expressions (up to `depth` calls deep), and the leaves
/// that `leaf` accepts (it is asked about every other expression first).
fn total(
    module: &Module,
    func: &Function,
    id: ExprId,
    leaf: &mut dyn FnMut(ExprId, &Function) -> bool,
    depth: u32,
) -> bool {
    if id.0 as usize >= func.exprs.len() {
        return false;
    }
    let expr = func.expr(id);
    if !matches!(expr.ty, Type::Prim(_)) {
        return false;
    }
    match &expr.kind {
        ExprKind::Const(_) => true,
        ExprKind::Index { .. } | ExprKind::Local(_) => leaf(id, func),
        ExprKind::Unary { operand, .. } | ExprKind::Convert { operand } => {
            total(module, func, *operand, leaf, depth)
        }
        ExprKind::Binary { op, lhs, rhs } => {
            let integral_division = matches!(op.kind, BinOpKind::Div | BinOpKind::Rem)
                && !matches!(op.ty, PrimOrRef::Prim(PrimType::Float | PrimType::Double));
            if integral_division && !super::walk::nonzero_constant(func, *rhs) {
                return false;
            }
            matches!(op.ty, PrimOrRef::Prim(_))
                && total(module, func, *lhs, leaf, depth)
                && total(module, func, *rhs, leaf, depth)
        }
        ExprKind::Conditional { cond, then_expr, else_expr } => {
            total(module, func, *cond, leaf, depth)
                && total(module, func, *then_expr, leaf, depth)
                && total(module, func, *else_expr, leaf, depth)
        }
        ExprKind::Builtin { builtin, args } => {
            builtin.is_scalar_function()
                && args.iter().all(|a| total(module, func, *a, leaf, depth))
        }
        ExprKind::Call { func: callee, receiver: None, args } => {
            depth > 0
                && args.iter().all(|a| total(module, func, *a, leaf, depth))
                && module
                    .functions
                    .get(callee.0 as usize)
                    .is_some_and(|f| total_function(module, f, depth - 1))
        }
        _ => false,
    }
}

/// A static function of primitive locals, parameters and result whose body is straight-line
/// code: `if`s, `return`s, declarations and assignments of locals, all of [`total`]
/// expressions over its locals (no loops, so it always returns).
fn total_function(module: &Module, func: &Function, depth: u32) -> bool {
    if func.kind != FuncKind::Static
        || func.somd.is_some()
        || func.intermediate.is_some()
        || !matches!(func.ret, Type::Prim(_))
        || !func.locals.iter().all(|l| matches!(l.ty, Type::Prim(_)))
    {
        return false;
    }
    let mut leaf = |id: ExprId, f: &Function| matches!(f.expr(id).kind, ExprKind::Local(_));
    total_block(module, func, &func.body, &mut leaf, depth)
}

fn total_block(
    module: &Module,
    func: &Function,
    block: &Block,
    leaf: &mut dyn FnMut(ExprId, &Function) -> bool,
    depth: u32,
) -> bool {
    block.stmts.iter().all(|stmt| match stmt {
        Stmt::Return(Some(e)) => total(module, func, *e, leaf, depth),
        Stmt::If { cond, then_block, else_block } => {
            total(module, func, *cond, leaf, depth)
                && total_block(module, func, then_block, leaf, depth)
                && else_block.as_ref().is_none_or(|b| total_block(module, func, b, leaf, depth))
        }
        Stmt::Block(b) => total_block(module, func, b, leaf, depth),
        Stmt::Let { init: Some(e), .. } => total(module, func, *e, leaf, depth),
        Stmt::Expr(e) => match &func.expr(*e).kind {
            ExprKind::Assign { target, value } => {
                matches!(func.expr(*target).kind, ExprKind::Local(_))
                    && total(module, func, *value, leaf, depth)
            }
            _ => false,
        },
        _ => false,
    })
}

/// Whether calls of `fid` have no effect visible outside them (see the module doc), so that
/// calls on different arguments may run concurrently. Conservative: `false` when unsure.
pub fn effect_free(module: &Module, fid: FuncId) -> bool {
    // A call cycle (recursion) counts as an effect; each function is judged once.
    effect_free_in(module, fid, &mut CycleMemo::new(false))
}

fn effect_free_in(module: &Module, fid: FuncId, memo: &mut CycleMemo<FuncId>) -> bool {
    match memo.open(fid) {
        Ok(answer) => answer,
        Err(open) => {
            let answer = decide_effect_free(module, fid, memo);
            memo.close(open, answer)
        }
    }
}

fn decide_effect_free(module: &Module, fid: FuncId, memo: &mut CycleMemo<FuncId>) -> bool {
    let Some(func) = module.functions.get(fid.0 as usize) else { return false };
    if func.somd.is_some() || func.intermediate.is_some() {
        return false;
    }
    // Locals that only ever hold arrays or objects allocated here (`this` of a
    // constructor, which the `new` that runs it allocates).
    let n = func.locals.len();
    let mut fresh = vec![false; n];
    for (idx, local) in func.locals.iter().enumerate() {
        fresh[idx] = match local.kind {
            LocalKind::This => func.kind == FuncKind::Ctor,
            LocalKind::Param => false,
            LocalKind::Var | LocalKind::Temp => true,
        };
    }
    let is_fresh_value = |id: ExprId| {
        matches!(
            func.expr(id).kind,
            ExprKind::NewArray { .. } | ExprKind::ArrayLit(_) | ExprKind::New { .. }
        )
    };
    let mut ok = true;
    walk::each_stmt(&func.body, &mut |stmt| match stmt {
        Stmt::Let { local, init } => {
            let reference = !matches!(func.local(*local).ty, Type::Prim(_));
            if reference && !init.is_some_and(is_fresh_value) {
                fresh[local.0 as usize] = false;
            }
        }
        Stmt::Sync { .. } | Stmt::ThrowUnderflow { .. } => ok = false,
        _ => {}
    });
    for expr in &func.exprs {
        if let ExprKind::Assign { target, value } = &expr.kind {
            if let ExprKind::Local(l) = func.expr(*target).kind {
                if !is_fresh_value(*value) {
                    fresh[l.0 as usize] = false;
                }
            }
        }
    }
    let fresh_base = |id: ExprId| match func.expr(id).kind {
        ExprKind::Local(l) => fresh[l.0 as usize],
        ExprKind::This => func.kind == FuncKind::Ctor,
        _ => false,
    };
    for expr in &func.exprs {
        ok &= match &expr.kind {
            ExprKind::Assign { target, .. }
            | ExprKind::CompoundAssign { target, .. }
            | ExprKind::IncDec { target, .. } => match &func.expr(*target).kind {
                ExprKind::Local(_) => true,
                ExprKind::Index { array, .. } => fresh_base(*array),
                ExprKind::Field { object, .. } => fresh_base(*object),
                _ => false,
            },
            ExprKind::Call { func: callee, .. } | ExprKind::New { ctor: Some(callee), .. } => {
                effect_free_in(module, *callee, memo)
            }
            ExprKind::Map { func: callee, .. }
            | ExprKind::ReduceArray { reducer: ArrayReducer::Func(callee), .. } => {
                effect_free_in(module, *callee, memo)
            }
            ExprKind::Builtin { builtin, .. } => {
                !builtin.is_random_draw()
                    && !builtin.is_output()
                    && !matches!(
                        builtin,
                        Builtin::NanoTime
                            | Builtin::CurrentTimeMillis
                            | Builtin::RandomNew
                            | Builtin::RandomNewSeeded
                            | Builtin::TaskStart
                            | Builtin::TaskFinish
                    )
            }
            ExprKind::SomdCall { .. }
            | ExprKind::IntermediateReduce { .. }
            | ExprKind::Task { .. }
            | ExprKind::Connect { .. } => false,
            _ => true,
        };
    }
    // The `toString()` methods its string conversions call (`"" + box`).
    for &(callee, _) in &func.to_strings {
        ok &= effect_free_in(module, callee, memo);
    }
    ok
}

/// For `somdc explain`: how the CPU combines the partials of SOMD method `fid` when it
/// reduces them with a `combine` method; `None` for other reductions.
pub fn explain(module: &Module, fid: FuncId) -> Option<String> {
    let Some(Reduction::Combine(combine)) =
        module.functions.get(fid.0 as usize)?.somd.as_ref().map(|sig| &sig.reduction)
    else {
        return None;
    };
    let name = &module.functions.get(combine.0 as usize)?.name;
    Some(if elementwise(module, *combine).is_some() {
        format!(
            "partials: `{name}` is elementwise; the CPU combines them by index chunks in parallel"
        )
    } else if effect_free(module, *combine) {
        format!("partials: `{name}` has no outside effects; the CPU runs the tree's independent combines concurrently")
    } else {
        format!("partials: `{name}` may have outside effects; the CPU combines them as a sequential tree")
    })
}
