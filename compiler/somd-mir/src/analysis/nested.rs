//! `!` of a `@` inside a function that runs in a kernel: `C.m ! (C @ f(args))`,
//! `op ! (C @ f(args))`, or the same through a local (`T[[]] xs = C @ f(args); .. op ! xs`)
//! that nothing else reads. The OpenCL writer compiles such a pair as a sequential fold in
//! the work-item (no intermediate array): `acc = f(0); for k in 1..n: acc = m(acc, f(k))`
//! for a method, the CPU's blocks and tree for an operator (see note `device-execution`,
//! "Nested `!` of a `@`").

use crate::ir::*;
use somd_syntax::ast::{PrimType, ReduceOp};

/// One `!` whose operand is a `@` (directly, or through `via`).
#[derive(Clone, Debug, PartialEq)]
pub struct NestedFold {
    /// The `!` expression.
    pub reduce: ExprId,
    /// The `@` expression.
    pub map: ExprId,
    /// The local holding the `@`'s result (`T[[]] xs = C @ f(..)`), read only by the `!`.
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
    let mut uses: std::collections::HashMap<LocalId, usize> = std::collections::HashMap::new();
    for e in &func.exprs {
        if let ExprKind::Local(l) = e.kind {
            *uses.entry(l).or_default() += 1;
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
                if matches!(func.expr(init).kind, ExprKind::Map { .. })
                    && uses.get(&l).copied() == Some(1)
                {
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
