//! Mutable arrays a host loop may keep on the device across its device calls.
//!
//! A `T[]` crossing to the device is normally uploaded by every call that passes it,
//! because the host may have written it since the previous call. This analysis proves, for
//! a host loop, that it cannot have: the array is a local variable `v` of a 1-D primitive
//! array type such that
//!
//! - every value `v` ever holds is a fresh allocation (`new T[n]`, `{..}`): its storage is
//!   reachable through `v` and nothing else when it is made;
//! - `v` never lends its storage to anything that could keep it or write it: everywhere in
//!   the function, `v` is only indexed (`v[i]`, read or, outside the loop, written), asked
//!   its `.length`, assigned a fresh allocation, or passed to a parameter that is
//!   *read-only* ([`param_read_only`]: the callee only reads its elements, its length and
//!   its MI geometry (`Somd.offset`, `Somd.globalLength`), or passes it on to read-only
//!   parameters; this covers a user strategy's `bounds`
//!   method, which receives the caller's array), or as the array of a `!`, or a mapped
//!   argument of a `@` (its elements cross, not the array);
//! - `v` is declared before the loop, and inside the loop (its test, update and body,
//!   nested loops included) it is neither assigned nor has an element stored to it.
//!
//! Then no statement of the loop can write the storage `v` holds: there is no other path
//! to it, and every path through a callee only reads. The loop keeps such an array when it
//! passes it to a SOMD call, a `@` or a `!` (the constructs that may run on a device);
//! the host writer then opens a runtime keep scope around the loop (`rt::device::keep`),
//! under which the first upload of the array is kept on the device and later calls find it
//! resident. The scope is a Rust value dropped when the loop's block is left by any path
//! (`break`, `return`, an exception unwinding), which releases the buffers.
//!
//! The outermost loop that qualifies keeps the array; loops inside it do not repeat it.
//!
//! A matrix `T[][]` (`T` primitive) is kept on the same terms, read at the level of its
//! elements: every value is a fresh `new T[r][c]` (rectangular, rows made with it), and
//! every mention is `m[i][j]` (read, or outside the loop written), `m[i].length`,
//! `m.length`, a fresh assignment, or a read-only parameter (one read the same way). So no
//! row has another name anywhere in the function (no `T[] r = m[i]`, no row passed or
//! replaced), and inside the loop no element is stored: the rows' handles and contents
//! stay what the first call uploaded.

use super::memo::CycleMemo;
use super::walk::{self, each_expr_in_block, each_stmt, loops, parent_of, stored_to};
use super::LoopId;
use crate::ir::*;
use somd_diag::Span;
use std::collections::{HashMap, HashSet};

/// A host loop that keeps arrays on the device across its calls.
#[derive(Clone, Debug, PartialEq)]
pub struct KeptLoop {
    pub func: FuncId,
    pub loop_id: LoopId,
    /// The array locals, in order of declaration.
    pub arrays: Vec<LocalId>,
    /// Where the loop is (its first expression).
    pub span: Span,
}

/// Every loop of every non-SOMD function that keeps arrays, in function and loop order.
pub fn kept_loops(module: &Module) -> Vec<KeptLoop> {
    let mut facts = ReadOnly::default();
    let mut out = Vec::new();
    for (i, func) in module.functions.iter().enumerate() {
        if func.is_somd() {
            continue;
        }
        out.extend(kept_in(module, FuncId(i as u32), func, &mut facts));
    }
    out
}

/// The loops of `func` that keep arrays.
fn kept_in(module: &Module, fid: FuncId, func: &Function, facts: &mut ReadOnly) -> Vec<KeptLoop> {
    let parents = walk::parents(func);
    let candidates: Vec<LocalId> = (0..func.locals.len() as u32)
        .map(LocalId)
        .filter(|l| is_candidate(module, func, &parents, *l, facts))
        .collect();
    if candidates.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    // Arrays already kept by an enclosing loop, per loop (by address) of the inner loops.
    let mut covered: HashMap<*const Stmt, HashSet<LocalId>> = HashMap::new();
    for (id, stmt) in loops(func) {
        let Stmt::Loop { test, body, update, .. } = stmt else { continue };
        let mut exprs: Vec<ExprId> = Vec::new();
        for root in test.iter().chain(update) {
            super::walk::each_expr(func, *root, &mut |e| exprs.push(e));
        }
        each_expr_in_block(func, body, &mut |e| exprs.push(e));
        let already = covered.get(&std::ptr::from_ref(stmt)).cloned().unwrap_or_default();
        // Arrays declared inside the loop are not in scope before it (and are new arrays
        // at every iteration).
        let mut declared = HashSet::new();
        each_stmt(body, &mut |inner| {
            if let Stmt::Let { local, .. } = inner {
                declared.insert(*local);
            }
        });
        let arrays: Vec<LocalId> = candidates
            .iter()
            .copied()
            .filter(|v| !already.contains(v) && !declared.contains(v))
            .filter(|v| untouched_in(func, &parents, &exprs, *v))
            .filter(|v| device_use_in(func, &parents, &exprs, *v))
            .collect();
        if arrays.is_empty() {
            continue;
        }
        each_stmt(body, &mut |inner| {
            if matches!(inner, Stmt::Loop { .. }) {
                covered.entry(std::ptr::from_ref(inner)).or_default().extend(arrays.iter());
            }
        });
        let span = super::walk::stmt_span(func, stmt, func.span);
        out.push(KeptLoop { func: fid, loop_id: id, arrays, span });
    }
    out
}

pub(super) fn is_prim_array(ty: &Type) -> bool {
    matches!(ty, Type::Array(elem) if matches!(**elem, Type::Prim(_)))
}

/// Whether `ty` is a matrix of primitives, `T[][]`.
fn is_prim_matrix(ty: &Type) -> bool {
    matches!(ty, Type::Array(row) if is_prim_array(row))
}

/// Whether `e` makes a fresh array of type `ty`: a 1-D allocation or literal, or a matrix
/// allocated with both its lengths (`new T[r][c]`: its rows are made with it).
fn is_fresh_of(func: &Function, ty: &Type, e: ExprId) -> bool {
    match &func.expr(e).kind {
        ExprKind::NewArray { dims } if is_prim_matrix(ty) => dims.len() == 2,
        _ if is_prim_matrix(ty) => false,
        kind => matches!(kind, ExprKind::NewArray { .. } | ExprKind::ArrayLit(_)),
    }
}

/// Whether mention `id` of a matrix is its row taken only to read an element or its length
/// (`m[i][j]` not stored to when `read_only`, `m[i].length`).
fn row_element_or_length(
    func: &Function,
    parents: &[Option<ExprId>],
    id: ExprId,
    read_only: bool,
) -> bool {
    let Some(row) = parent_of(parents, id) else { return false };
    if !matches!(func.expr(row).kind, ExprKind::Index { array, .. } if array == id) {
        return false;
    }
    match parent_of(parents, row).map(|p| (p, &func.expr(p).kind)) {
        Some((p, ExprKind::Index { array, .. })) if *array == row => {
            !read_only || !stored_to(func, parents, p)
        }
        Some((_, ExprKind::Length(_))) => true,
        _ => false,
    }
}

/// Whether local `v` of `func` satisfies the whole-function conditions of the module doc.
fn is_candidate(
    module: &Module,
    func: &Function,
    parents: &[Option<ExprId>],
    v: LocalId,
    facts: &mut ReadOnly,
) -> bool {
    let local = func.local(v);
    let matrix = is_prim_matrix(&local.ty);
    if local.kind != LocalKind::Var || local.dist.is_some() || !(is_prim_array(&local.ty) || matrix)
    {
        return false;
    }
    // Every declaration initialises it with a fresh array (or not at all).
    let mut fresh_lets = true;
    each_stmt(&func.body, &mut |stmt| {
        if let Stmt::Let { local: l, init } = stmt {
            if *l == v {
                fresh_lets &= init.is_none_or(|e| is_fresh_of(func, &local.ty, e));
            }
        }
    });
    if !fresh_lets {
        return false;
    }
    // Assignments whose value nothing uses: `v = new ..;` as a statement. As a value
    // (`w = (v = new ..)`, `keep(v = new ..)`) the new array would get a second name.
    let statements = walk::expr_statements(func);
    let mut uses = 0usize;
    for (i, e) in func.exprs.iter().enumerate() {
        if !matches!(e.kind, ExprKind::Local(l) if l == v) {
            continue;
        }
        uses += 1;
        let id = ExprId(i as u32);
        let Some(parent) = parent_of(parents, id) else { return false };
        let ok = match &func.expr(parent).kind {
            ExprKind::Index { .. } if matrix => row_element_or_length(func, parents, id, false),
            ExprKind::Index { array, .. } => *array == id,
            ExprKind::Length(_) => true,
            ExprKind::Assign { target, value } => {
                *target == id
                    && is_fresh_of(func, &local.ty, *value)
                    && statements.contains(&parent)
            }
            _ => passed_read_only(module, func, parent, id, facts),
        };
        if !ok {
            return false;
        }
    }
    uses > 0
}

/// Whether `use_` (an occurrence of an array local, the child of `parent`) only lends the
/// array to something that reads it: a read-only parameter, a `!`, or a mapped argument
/// of primitive elements.
pub(super) fn passed_read_only(
    module: &Module,
    func: &Function,
    parent: ExprId,
    use_: ExprId,
    facts: &mut ReadOnly,
) -> bool {
    match &func.expr(parent).kind {
        ExprKind::Call { func: callee, args, receiver }
        | ExprKind::SomdCall { func: callee, args, receiver }
        | ExprKind::IntermediateReduce { func: callee, args, receiver } => {
            *receiver != Some(use_)
                && args
                    .iter()
                    .position(|a| *a == use_)
                    .is_some_and(|p| facts.param_read_only(module, *callee, p))
        }
        ExprKind::ReduceArray { array, .. } => {
            *array == use_ && !is_prim_matrix(&func.expr(use_).ty)
        }
        ExprKind::Map { func: callee, args } => {
            let Some(p) = args.iter().position(|(a, _)| *a == use_) else { return false };
            match args[p].1 {
                // A mapped matrix lends each row to the target's parameter.
                MapArg::Mapped => {
                    !is_prim_matrix(&func.expr(use_).ty)
                        || facts.param_read_only(module, *callee, p)
                }
                MapArg::Broadcast => facts.param_read_only(module, *callee, p),
            }
        }
        _ => false,
    }
}

/// Whether `v` is neither assigned nor stored into among `exprs` (a loop's expressions).
fn untouched_in(func: &Function, parents: &[Option<ExprId>], exprs: &[ExprId], v: LocalId) -> bool {
    exprs.iter().all(|e| {
        if !matches!(func.expr(*e).kind, ExprKind::Local(l) if l == v) {
            return true;
        }
        if stored_to(func, parents, *e) {
            return false;
        }
        // `v[i] = ..` (`m[i][j] = ..`, `m[i] = ..`): an `Index` whose array is this use, or
        // that `Index`, is a store target.
        let mut child = *e;
        while let Some(p) = parent_of(parents, child) {
            if !matches!(func.expr(p).kind, ExprKind::Index { array, .. } if array == child) {
                break;
            }
            if stored_to(func, parents, p) {
                return false;
            }
            child = p;
        }
        true
    })
}

/// Whether `v` is an argument of a SOMD call, a `@` or a `!` among `exprs`.
fn device_use_in(
    func: &Function,
    parents: &[Option<ExprId>],
    exprs: &[ExprId],
    v: LocalId,
) -> bool {
    exprs.iter().any(|e| {
        matches!(func.expr(*e).kind, ExprKind::Local(l) if l == v)
            && parent_of(parents, *e).is_some_and(|p| {
                matches!(
                    func.expr(p).kind,
                    ExprKind::SomdCall { .. } | ExprKind::Map { .. } | ExprKind::ReduceArray { .. }
                )
            })
    })
}

/// Memo of [`ReadOnly::param_read_only`].
pub(super) struct ReadOnly {
    /// A call cycle assumes its parameters read-only: a cycle that only passes the array
    /// around reads it at most.
    memo: CycleMemo<(FuncId, usize)>,
}

impl Default for ReadOnly {
    fn default() -> Self {
        ReadOnly { memo: CycleMemo::new(true) }
    }
}

impl ReadOnly {
    /// Whether parameter `p` of `f` is read-only: a 1-D primitive array parameter that the
    /// function never assigns and only indexes for reading, asks the `.length` of, or
    /// passes on to read-only parameters (a matrix: only its elements read, its rows'
    /// lengths and its length) (for a SOMD function, also those of its user
    /// strategies' `bounds` methods, which receive it).
    fn param_read_only(&mut self, module: &Module, f: FuncId, p: usize) -> bool {
        match self.memo.open((f, p)) {
            Ok(answer) => answer,
            Err(open) => {
                let answer = self.decide(module, f, p);
                self.memo.close(open, answer)
            }
        }
    }

    fn decide(&mut self, module: &Module, f: FuncId, p: usize) -> bool {
        let Some(func) = module.functions.get(f.0 as usize) else { return false };
        let Some(&param) = func.params.get(p) else { return false };
        let matrix = is_prim_matrix(&func.local(param).ty);
        if !is_prim_array(&func.local(param).ty) && !matrix {
            return false;
        }
        let parents = walk::parents(func);
        // Strategy arguments: roots of the arena evaluated in the caller's context and
        // passed to `bounds(length, parts, args..)`.
        let mut strategy_args: HashMap<ExprId, (FuncId, usize)> = HashMap::new();
        if let Some(sig) = &func.somd {
            for (_, dist) in &sig.dist_params {
                if let Distribution::User { bounds, args, .. } = dist {
                    for (k, a) in args.iter().enumerate() {
                        strategy_args.insert(*a, (*bounds, k + 2));
                    }
                }
            }
        }
        for (i, e) in func.exprs.iter().enumerate() {
            if !matches!(e.kind, ExprKind::Local(l) if l == param) {
                continue;
            }
            let id = ExprId(i as u32);
            let ok = match parent_of(&parents, id) {
                None => match strategy_args.get(&id) {
                    Some((bounds, q)) => self.param_read_only(module, *bounds, *q),
                    None => false,
                },
                Some(parent) => match &func.expr(parent).kind {
                    ExprKind::Index { .. } if matrix => {
                        row_element_or_length(func, &parents, id, true)
                    }
                    ExprKind::Index { array, .. } => {
                        *array == id && !stored_to(func, &parents, parent)
                    }
                    ExprKind::Length(_) => true,
                    // The MI geometry of a `dist` parameter reads no element.
                    ExprKind::Builtin {
                        builtin: Builtin::SomdOffset | Builtin::SomdGlobalLength,
                        ..
                    } => true,
                    _ => passed_read_only(module, func, parent, id, self),
                },
            };
            if !ok {
                return false;
            }
        }
        true
    }
}
