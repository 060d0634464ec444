//! Which arrays a function may write elements of, through any name it holds them by.
//!
//! An array reaches a function as a parameter (or, in an instance SOMD method, as a field
//! of its receiver) and may then be named by locals (`double[] row = m[i];`), passed to
//! other functions, or have rows taken (`m[i]` of a 2-D array). [`writes_through`] follows
//! the array from the expressions that hold it through every such name and answers whether
//! some element of it (or of one of its rows) may be stored to: by an assignment, a
//! compound assignment or an increment of an element, or by a callee that
//! [`writes_param`]. Any use it cannot follow (the array stored into an object or another
//! array, returned, captured by `new`, mapped by `@`) counts as a write: the answer may say
//! "writes" for an array that is only read, never the reverse.
//!
//! Used where a write must not be missed: the field arrays whose device buffers come back
//! into an instance SOMD method's receiver (`instance.rs`), and the helper calls the
//! parallel-loop analysis lets write an iteration's own row or element (`parallel.rs`).

use super::memo::CycleMemo;
use super::walk::{self, parents};
use crate::ir::*;
use std::collections::HashSet;

/// Whether `func` may store to an element of the array (or of a row of it) that each of
/// `seeds` evaluates to.
pub fn writes_through(module: &Module, func: &Function, seeds: &[ExprId]) -> bool {
    writes_from(module, func, seeds, &mut Memo::new(false))
}

/// Whether `func` may store to an element of the array local `l` holds (or of a row of
/// it), through any name.
pub fn writes_local(module: &Module, func: &Function, l: LocalId) -> bool {
    writes_through(module, func, &uses_of(func, l))
}

/// Whether function `f` may store to an element of the array its parameter `k` holds (or
/// of a row of it). `false` for a parameter that is not an array.
pub fn writes_param(module: &Module, f: FuncId, k: usize) -> bool {
    writes_param_open(module, f, k, &mut Memo::new(false))
}

/// The answers of [`writes_param`] decided so far. A call cycle back to a parameter being
/// decided adds no write of its own (the cycle's other calls are followed where they are
/// made).
type Memo = CycleMemo<(FuncId, usize)>;

/// [`writes_param`] with the answers decided so far.
fn writes_param_open(module: &Module, f: FuncId, k: usize, memo: &mut Memo) -> bool {
    let Some(func) = module.functions.get(f.0 as usize) else { return true };
    let Some(&p) = func.params.get(k) else { return false };
    if !matches!(func.local(p).ty, Type::Array(_)) {
        // Value arrays are immutable; other types hold no array elements to write.
        return false;
    }
    match memo.open((f, k)) {
        Ok(answer) => answer,
        Err(open) => {
            let answer = writes_from(module, func, &uses_of(func, p), memo);
            memo.close(open, answer)
        }
    }
}

/// The expressions `Local(l)` of `func`.
fn uses_of(func: &Function, l: LocalId) -> Vec<ExprId> {
    (0..func.exprs.len() as u32)
        .map(ExprId)
        .filter(|e| matches!(func.expr(*e).kind, ExprKind::Local(x) if x == l))
        .collect()
}

fn writes_from(module: &Module, func: &Function, seeds: &[ExprId], memo: &mut Memo) -> bool {
    let parent = parents(func);
    // Statement roots that initialise a local.
    let mut inits: std::collections::HashMap<ExprId, LocalId> = std::collections::HashMap::new();
    let mut returned: HashSet<ExprId> = HashSet::new();
    walk::each_stmt(&func.body, &mut |s| match s {
        Stmt::Let { local, init: Some(e) } => {
            inits.insert(*e, *local);
        }
        Stmt::Return(Some(e)) => {
            returned.insert(*e);
        }
        _ => {}
    });
    // Locals that hold the array or a row of it.
    let mut named: HashSet<LocalId> = HashSet::new();
    let mut work: Vec<ExprId> = seeds.to_vec();
    let mut seen: HashSet<ExprId> = HashSet::new();
    while let Some(e) = work.pop() {
        if !seen.insert(e) {
            continue;
        }
        let mut name = |l: LocalId, work: &mut Vec<ExprId>| {
            if named.insert(l) {
                work.extend(uses_of(func, l));
            }
        };
        let Some(up) = parent[e.0 as usize] else {
            match inits.get(&e) {
                Some(l) => name(*l, &mut work),
                // Returned: the caller may write it.
                None if returned.contains(&e) => return true,
                // Evaluated for nothing but its effects.
                None => {}
            }
            continue;
        };
        match &func.expr(up).kind {
            ExprKind::Index { array, .. } if *array == e => {
                if walk::stored_to(func, &parent, up) {
                    // An element stored to, or a row slot replaced (`m[i] = r`).
                    return true;
                }
                if matches!(func.expr(up).ty, Type::Array(_)) {
                    // A row: it holds elements of the array.
                    work.push(up);
                }
            }
            ExprKind::Index { .. } | ExprKind::Length(_) => {}
            // The local being assigned, not a use of the value it held.
            ExprKind::Assign { target, .. }
            | ExprKind::CompoundAssign { target, .. }
            | ExprKind::IncDec { target, .. }
                if *target == e => {}
            ExprKind::Assign { target, value } if *value == e => {
                match func.expr(*target).kind {
                    ExprKind::Local(l) => name(l, &mut work),
                    // Stored into an object or an array: any holder may write it.
                    _ => return true,
                }
                // The assignment's own value is the array too.
                work.push(up);
            }
            ExprKind::Conditional { cond, .. } if *cond != e => work.push(up),
            // Reference comparisons read nothing.
            ExprKind::Binary { .. } => {}
            ExprKind::Call { func: callee, receiver, args }
            | ExprKind::SomdCall { func: callee, receiver, args }
            | ExprKind::IntermediateReduce { func: callee, receiver, args } => {
                if *receiver == Some(e) {
                    return true;
                }
                let Some(k) = args.iter().position(|a| *a == e) else { return true };
                if writes_param_open(module, *callee, k, memo) {
                    return true;
                }
                // A callee returning an array may return this one.
                if matches!(func.expr(up).ty, Type::Array(_)) {
                    work.push(up);
                }
            }
            // `Somd.offset(a)`, printing, a frozen copy: no element is written.
            ExprKind::Builtin { .. } | ExprKind::Concat(_) | ExprKind::Freeze(_) => {}
            // `op ! a` over primitives reads the elements.
            ExprKind::ReduceArray { array, .. }
                if *array == e
                    && matches!(func.expr(e).ty, Type::Array(ref t) if matches!(**t, Type::Prim(_))) =>
                {}
            _ => return true,
        }
    }
    false
}
