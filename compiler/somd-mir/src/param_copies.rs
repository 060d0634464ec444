//! Local copies of the scalar parameters a SOMD body assigns.
//!
//! LANGUAGE.md §2.1 passes parameters by value, so a SOMD body may count a parameter down
//! (`while (steps > 0) { sync { .. } steps--; }`) or clamp it (`n = Math.min(n, a.length)`)
//! as a Java method may. On the device, kernels take a scalar parameter as an argument
//! the call sets once; a value the host changes between launches is a *host scalar*
//! (`analysis::sync`), which only a local can be. This pass gives each primitive
//! parameter of a SOMD function that the body assigns a local of its own, declared first
//! in the body with the parameter's value and named like it (`int steps = steps;`), and
//! makes every mention in the body name the local. Java semantics are unchanged on every
//! back end: the parameter held the caller's value and nothing else read it after the
//! first assignment; now the local does. The analyses then see the form they already
//! take, a local initialised from a parameter and assigned by host statements.
//!
//! A user strategy's arguments (`dist(P(n)) int[] a`) are evaluated at the call, over the
//! parameters as the caller passed them, so their expressions keep naming the parameter.

use crate::analysis::walk;
use crate::ir::*;
use std::collections::{HashMap, HashSet};

/// Gives the assigned scalar parameters of every SOMD function of `module` a local copy.
pub fn copy_assigned_params(module: &mut Module) {
    for func in &mut module.functions {
        if func.somd.is_some() {
            copy_function(func);
        }
    }
}

/// Gives the assigned scalar parameters of the SOMD function `func` a local copy.
pub(crate) fn copy_function(func: &mut Function) {
    let assigned = walk::assigned_in_block(func, &func.body);
    let params: Vec<LocalId> = func
        .params
        .iter()
        .copied()
        .filter(|p| assigned.contains(p) && matches!(func.local(*p).ty, Type::Prim(_)))
        .collect();
    if params.is_empty() {
        return;
    }
    let mut copies: HashMap<LocalId, LocalId> = HashMap::new();
    for &p in &params {
        let param = func.local(p).clone();
        let id =
            func.push_local(Local { kind: LocalKind::Var, dist: None, shared: false, ..param });
        copies.insert(p, id);
    }
    // Only expressions of the body: a user strategy's arguments read the parameters.
    let mut in_body: HashSet<ExprId> = HashSet::new();
    walk::each_expr_in_block(func, &func.body, &mut |e| {
        in_body.insert(e);
    });
    for e in in_body {
        if let ExprKind::Local(l) = func.exprs[e.0 as usize].kind {
            if let Some(&copy) = copies.get(&l) {
                func.exprs[e.0 as usize].kind = ExprKind::Local(copy);
            }
        }
    }
    let lets: Vec<Stmt> = params
        .iter()
        .map(|&p| {
            let (ty, span) = (func.local(p).ty.clone(), func.local(p).span);
            let init = func.push_expr(ExprKind::Local(p), ty, span);
            Stmt::Let { local: copies[&p], init: Some(init) }
        })
        .collect();
    func.body.stmts.splice(0..0, lets);
}
