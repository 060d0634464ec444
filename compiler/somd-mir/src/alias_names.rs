//! Second names of an array that nothing reassigns become the first name.
//!
//! `int[] v = scale(a, 3); int[] y = v; total(y); total(v);` names one array twice. The
//! device analyses follow an array through its local (`analysis::lazy` leaves a SOMD
//! result on the device while every mention of its local is a device use, `analysis::keep`
//! keeps a host array there across a loop), and a second name is a mention they cannot
//! follow, so the result came down after its call and went up again for every call of
//! either name (probe 81). In host code, this pass makes every mention of `y` name `v`
//! and drops `y`'s declaration, when
//!
//! - `y` is declared once, as `T[] y = v;` or `T[[]] y = v;` with `v` a local of the same
//!   type, is no parameter, `dist` or `shared` local, and nothing assigns it otherwise;
//! - `v` is a local (not a parameter: those keep their own rules) declared once with an
//!   initialiser and never assigned otherwise.
//!
//! Java's semantics are unchanged on every back end: `y`'s declaration reads `v` and has no
//! effect; `y` is in scope only inside `v`'s scope (its initialiser reads `v`); and since
//! neither is assigned again, wherever `y` is read it holds the array `v` holds, so reading
//! `v` there reads the same array, and element stores through either name store into it.
//! A declaration in a loop body binds `y` to the same `v` in every iteration of `v`'s
//! scope. Chains (`int[] z = y;`) resolve to the first name.

use crate::analysis::walk;
use crate::ir::*;
use std::collections::{HashMap, HashSet};

/// Merges the second names of arrays in the host functions of `module` (module doc).
pub fn merge_array_aliases(module: &mut Module) {
    for func in &mut module.functions {
        if func.somd.is_none() {
            merge_function(func);
        }
    }
}

fn merge_function(func: &mut Function) {
    let aliases = aliases(func);
    if aliases.is_empty() {
        return;
    }
    let first = |mut l: LocalId| {
        while let Some(&v) = aliases.get(&l) {
            l = v;
        }
        l
    };
    for expr in &mut func.exprs {
        if let ExprKind::Local(l) = expr.kind {
            expr.kind = ExprKind::Local(first(l));
        }
    }
    let mut body = std::mem::take(&mut func.body);
    drop_declarations(&mut body, &aliases);
    func.body = body;
    // The dropped declarations' initialisers.
    crate::scalarize::compact(func);
}

/// The second names of `func` (module doc), each with the name its declaration reads.
fn aliases(func: &Function) -> HashMap<LocalId, LocalId> {
    let mut assigned = HashSet::new();
    walk::each_stmt(&func.body, &mut |s| {
        walk::assigned_in_exprs(func, &walk::stmt_roots(s), &mut assigned)
    });
    let once = walk::declared_once(func);
    let single = |l: LocalId| {
        let local = func.local(l);
        matches!(local.kind, LocalKind::Var | LocalKind::Temp)
            && local.dist.is_none()
            && !local.shared
            && once.contains_key(&l)
            && !assigned.contains(&l)
    };
    once.iter()
        .filter_map(|(&y, &init)| {
            let ExprKind::Local(v) = func.expr(init).kind else { return None };
            let ty = &func.local(y).ty;
            let array = matches!(ty, Type::Array(_) | Type::ValueArray(..));
            (array && v != y && *ty == func.local(v).ty && single(y) && single(v)).then_some((y, v))
        })
        .collect()
}

/// Removes the declarations of `aliases`' second names from `block` and the blocks in it.
fn drop_declarations(block: &mut Block, aliases: &HashMap<LocalId, LocalId>) {
    block.stmts.retain(|s| !matches!(s, Stmt::Let { local, .. } if aliases.contains_key(local)));
    for stmt in &mut block.stmts {
        for inner in walk::stmt_blocks_mut(stmt) {
            drop_declarations(inner, aliases);
        }
    }
}
