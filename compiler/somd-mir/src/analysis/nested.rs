//! `!` of a `@` inside a function that runs in a kernel: `C.m ! (C @ f(args))`,
//! `op ! (C @ f(args))`, or the same through a local (`T[[]] xs = C @ f(args); .. op ! xs`)
//! that only `!`s read (one or several). The OpenCL writer compiles such a pair as a
//! sequential fold in the work-item (no intermediate array): `acc = f(0); for k in 1..n: acc
//! = m(acc, f(k))` for a method, the CPU's blocks and tree for an operator (see note
//! `device-execution`, "Nested `!` of a `@`"); a local's folds all run where it is
//! declared, each applying the `@`'s target again.

use crate::ir::*;
use somd_syntax::ast::{PrimType, ReduceOp};

/// One `!` whose operand is a `@` (directly, or through `via`).
#[derive(Clone, Debug, PartialEq)]
pub struct NestedFold {
    /// The `!` expression.
    pub reduce: ExprId,
    /// The `@` expression.
    pub map: ExprId,
    /// The local holding the `@`'s result (`T[[]] xs = C @ f(..)`), read only by `!`s (this
    /// one and the other folds of the same local).
    pub via: Option<LocalId>,
}

/// Every `!` of a `@` in `func` (of either form).
pub fn nested_folds(func: &Function) -> Vec<NestedFold> {
    let mut inits: std::collections::HashMap<LocalId, (usize, Option<ExprId>)> =
        std::collections::HashMap::new();
    super::walk::each_stmt(&func.body, &mut |s| {
        if let Stmt::Let { local, init } = s {
            let entry = inits.entry(*local).or_insert((0, None));
            entry.0 += 1;
            entry.1 = *init;
        }
    });
    // Every mention of a local, and its mentions as the operand of a `!`.
    let mut uses: std::collections::HashMap<LocalId, (usize, usize)> =
        std::collections::HashMap::new();
    for e in &func.exprs {
        match e.kind {
            ExprKind::Local(l) => uses.entry(l).or_default().0 += 1,
            ExprKind::ReduceArray { array, .. } => {
                if let ExprKind::Local(l) = func.expr(array).kind {
                    uses.entry(l).or_default().1 += 1;
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    for (i, e) in func.exprs.iter().enumerate() {
        let ExprKind::ReduceArray { array, .. } = e.kind else { continue };
        let reduce = ExprId(i as u32);
        match func.expr(array).kind {
            ExprKind::Map { .. } => out.push(NestedFold { reduce, map: array, via: None }),
            ExprKind::Local(l) if !func.params.contains(&l) => {
                let Some((1, Some(init))) = inits.get(&l).copied() else { continue };
                let (mentions, folded) = uses.get(&l).copied().unwrap_or_default();
                if matches!(func.expr(init).kind, ExprKind::Map { .. }) && mentions == folded {
                    out.push(NestedFold { reduce, map: init, via: Some(l) });
                }
            }
            _ => {}
        }
    }
    out
}

/// Whether the writer reproduces the CPU's result of `op !` over `elem` by a fold in the
/// work-item: every operator the CPU's `reduce_array` has (for `+` and `*` over `float` and
/// `double` the writer follows its blocks of 1024 and its tree of block results).
pub fn op_supported(op: ReduceOp, elem: PrimType) -> bool {
    use PrimType::*;
    use ReduceOp::*;
    match op {
        Add | Mul | Min | Max => matches!(elem, Int | Long | Float | Double),
        BitAnd | BitOr | BitXor => matches!(elem, Int | Long | Boolean),
        And | Or => elem == Boolean,
        Sub => false,
    }
}

/// Elements per block of the CPU's `op ! a` (`rt::somd::reduce_array`).
pub const CPU_REDUCE_BLOCK: u32 = 1024;

/// Whether parameter `param` of `func`, a row `T[[]]` of primitives (not a vector), is
/// only read: every use is an element read `param[i]`, `param.length`, or the whole row
/// passed to a parameter of a static function (a call, or a broadcast argument of a `@`
/// folded in the kernel) that satisfies the same rule. The row is then never written,
/// stored, compared or assigned, so a kernel may pass a copy of it held elsewhere — the
/// slices form of a nested fold stages the rows a work-group maps in `__local` memory
/// (note `device-execution`, "Staged rows") and calls variants of the function and its
/// callees that read them there. Recursion is cut at a depth of 8 (the answer is then no).
pub fn read_only_row(module: &Module, func: &Function, param: LocalId) -> bool {
    read_only_row_at(module, func, param, 0)
}

fn read_only_row_at(module: &Module, func: &Function, param: LocalId, depth: u32) -> bool {
    if depth > 8 || !func.params.contains(&param) {
        return false;
    }
    let ty = &func.local(param).ty;
    let row = matches!(ty, Type::ValueArray(e, _) if matches!(**e, Type::Prim(_)))
        && super::isolation::vector_of(ty).is_none();
    if !row {
        return false;
    }
    let is_param = |e: ExprId| matches!(func.expr(e).kind, ExprKind::Local(l) if l == param);
    // Every occurrence of the parameter must be claimed by an allowed use.
    let mut claimed = 0usize;
    for e in &func.exprs {
        match &e.kind {
            ExprKind::Index { array, .. } | ExprKind::Length(array) if is_param(*array) => {
                claimed += 1;
            }
            ExprKind::Call { func: callee, receiver: None, args } => {
                let callee_fn = module.function(*callee);
                for (k, a) in args.iter().enumerate() {
                    if !is_param(*a) {
                        continue;
                    }
                    let Some(p) = callee_fn.params.get(k) else { return false };
                    if callee_fn.kind != FuncKind::Static
                        || !read_only_row_at(module, callee_fn, *p, depth + 1)
                    {
                        return false;
                    }
                    claimed += 1;
                }
            }
            ExprKind::Map { func: target, args } => {
                let target_fn = module.function(*target);
                for (k, (a, mode)) in args.iter().enumerate() {
                    if !is_param(*a) {
                        continue;
                    }
                    let Some(p) = target_fn.params.get(k) else { return false };
                    if *mode != MapArg::Broadcast
                        || target_fn.kind != FuncKind::Static
                        || !read_only_row_at(module, target_fn, *p, depth + 1)
                    {
                        return false;
                    }
                    claimed += 1;
                }
            }
            _ => {}
        }
    }
    let uses = func.exprs.iter().filter(|e| matches!(e.kind, ExprKind::Local(l) if l == param));
    uses.count() == claimed
}

/// Every `!` in `func` whose operand is an array the work-item reads rather than a `@`
/// (nor a local holding one, [`nested_folds`]): `op ! a`, `C.m ! a`. The OpenCL writer
/// folds it in the work-item as the CPU's `reduce_array` and `reduce_array_with` do (note
/// `device-execution`, "Nested `!` of an array").
pub fn array_folds(func: &Function) -> Vec<ExprId> {
    let maps: std::collections::HashSet<ExprId> =
        nested_folds(func).into_iter().map(|f| f.reduce).collect();
    func.exprs
        .iter()
        .enumerate()
        .filter(|(_, e)| matches!(e.kind, ExprKind::ReduceArray { .. }))
        .map(|(i, _)| ExprId(i as u32))
        .filter(|e| !maps.contains(e))
        .filter(|e| {
            let ExprKind::ReduceArray { array, .. } = func.expr(*e).kind else { return false };
            !matches!(func.expr(array).kind, ExprKind::Map { .. })
        })
        .collect()
}

/// Whether host code runs `!` `reduce` of `func` as the runtime's device reduction: an
/// operator [`device_reduce_supported`] has over the array's primitive elements. Such a
/// `!` in a function kernels fold it in is a device call where host code calls the
/// function (the host glue's `array_reduces`; `explain` says so).
pub fn reduces_on_device(func: &Function, reduce: ExprId) -> bool {
    let ExprKind::ReduceArray { reducer: ArrayReducer::Op(op), array } = &func.expr(reduce).kind
    else {
        return false;
    };
    match &func.expr(*array).ty {
        Type::Array(e) | Type::ValueArray(e, _) => {
            matches!(**e, Type::Prim(p) if device_reduce_supported(*op, p))
        }
        _ => false,
    }
}

/// Whether the runtime's `somd_reduce` has `op` on `elem` (`runtime/src/opencl/reduce.rs`).
pub fn device_reduce_supported(op: ReduceOp, elem: PrimType) -> bool {
    use ReduceOp::*;
    match elem {
        // `byte`, `short` and `char` reduce as Java `int`s, widened on upload.
        PrimType::Int | PrimType::Long | PrimType::Byte | PrimType::Short | PrimType::Char => {
            matches!(op, Add | Mul | Min | Max | BitAnd | BitOr | BitXor)
        }
        PrimType::Float | PrimType::Double => matches!(op, Add | Mul | Min | Max),
        PrimType::Boolean => matches!(op, BitAnd | BitOr | BitXor | And | Or),
    }
}

/// The length `n` where `array` is `Somd.range(n)`: a `!` of it in kernel code folds the
/// indices `0..n` (none for `n <= 0`) without making the range, `n` evaluated once where
/// Java evaluates the range.
pub fn range_len(func: &Function, array: ExprId) -> Option<ExprId> {
    match &func.expr(array).kind {
        ExprKind::Builtin { builtin: Builtin::SomdRange, args } if args.len() == 1 => Some(args[0]),
        _ => None,
    }
}

/// Why the writer cannot fold array `!` `reduce` of `func` ([`array_folds`]) in the
/// work-item, if it cannot: its operand must be an array local or parameter (a private
/// array of the work-item too), a row `m[i]` of one, a row `c[x][y]` of a 3-D one, a
/// static value array or a row `M[i]` of a static 2-D one, of primitives or value objects
/// (or a local `T[[N]]` held as a vector); an operator must be one the CPU's
/// `reduce_array` has for the elements as Java widens them (`byte`, `short` and `char` to
/// `int`); a method must take and return the element type.
pub fn array_fold_refusal(module: &Module, func: &Function, reduce: ExprId) -> Option<String> {
    use super::isolation::{scalar_or_value, type_name, vector_of};
    let e = func.expr(reduce);
    let ExprKind::ReduceArray { reducer, array } = &e.kind else {
        return Some("nested `!` of unexpected form".into());
    };
    let a = func.expr(*array);
    let elem = match &a.ty {
        Type::Array(elem) | Type::ValueArray(elem, _) => (**elem).clone(),
        _ => return Some("nested `!` over a non-array".into()),
    };
    if !scalar_or_value(module, &elem) {
        return Some(format!(
            "nested `!` over {} (elements that are arrays)",
            type_name(module, &a.ty)
        ));
    }
    let operand_ok = match &a.kind {
        ExprKind::Local(_) => true,
        // A row `m[i]` of a 2-D local, or a row `c[x][y]` of a 3-D one (a view of its
        // buffer, as a call argument).
        // A row `M[i]` of a static 2-D value array (rows one after another in the statics
        // buffer).
        ExprKind::Index { array: m, .. } if matches!(func.expr(*m).kind, ExprKind::Static(_)) => {
            vector_of(&a.ty).is_none()
        }
        ExprKind::Index { .. } => {
            vector_of(&a.ty).is_none()
                && match super::walk::index_root(func, *array) {
                    Some((_, 1)) => true,
                    Some((c, 2)) => super::isolation::cube_elem(&func.local(c).ty).is_some(),
                    _ => false,
                }
        }
        ExprKind::Static(_) => vector_of(&a.ty).is_none(),
        // `Somd.range(n)`: element `k` is `k` (nothing is made).
        _ if range_len(func, *array).is_some() => true,
        _ => false,
    };
    if !operand_ok {
        return Some(
            "nested `!` over an array expression other than a local, a row `m[i]` or \
             `c[x][y]` of one, a static field or a row of one, or `Somd.range(n)`"
                .into(),
        );
    }
    match reducer {
        ArrayReducer::Op(op) => {
            let (Type::Prim(from), Type::Prim(to)) = (&elem, &e.ty) else {
                return Some(format!(
                    "nested `{} !` over {}",
                    op.symbol(),
                    type_name(module, &elem)
                ));
            };
            let widened = from == to
                || (*to == PrimType::Int
                    && matches!(from, PrimType::Byte | PrimType::Short | PrimType::Char));
            if !widened || !op_supported(*op, *to) {
                return Some(format!(
                    "nested `{} !` over {}",
                    op.symbol(),
                    type_name(module, &elem)
                ));
            }
        }
        ArrayReducer::Func(m) => {
            let mf = module.function(*m);
            if !mf.params.iter().all(|p| mf.local(*p).ty == elem) || mf.ret != elem {
                return Some(format!(
                    "nested `{} !` whose method types differ from the array's elements",
                    mf.name
                ));
            }
        }
    }
    None
}
