//! Matrices a host loop may leave on the device between its calls, moving single rows.
//!
//! A host loop such as LINPACK's `dgefa` calls a SOMD method that updates a matrix on the
//! device, `a = C.m(a, ..)`, and between calls reads and writes one row of it on the host
//! (`double[] colK = a[k];`, the pivot search and scaling). The whole matrix would cross
//! twice per call; a programmer writing OpenCL by hand keeps it on the device and moves
//! only the rows the host touches. This analysis proves that the loop touches nothing
//! else. For a host loop `L` and a local `a` of type `T[][]` (`T` primitive, not `dist`):
//!
//! - inside `L` (test, update, body, nested loops included), `a` occurs only
//!   - as `a.length`, or as the value of a `return`;
//!   - as the array of a *row fetch* `T[] x = a[e];`, a declaration in `L`'s body;
//!   - in exactly one statement `a = C.m(.., a, ..);` of `L`'s body, not inside a loop
//!     nested in `L`, where `C.m` is a static SOMD method with a `sync`-form device body
//!     that returns its parameter at that position (`SomdResult::Param`), `a` being that
//!     argument and no other, and no argument calling anything (the scope is armed just
//!     before the statement: the next call of `C.m` is this one);
//! - each fetched row `x` is assigned only by its declaration and is only indexed (read or
//!   written), asked its `.length`, or passed to read-only parameters
//!   ([`super::keep::param_read_only`]), which cannot keep it; every occurrence of `x`,
//!   and every fetch, comes before the call statement in the body's text or inside it.
//!
//! So within an iteration every host access to the matrix goes through a row fetched
//! before the call, and no handle to a fetched row is used after the call. The host writer
//! opens a *row scope* around the loop (`rt::device::rows`): the call's result stays on
//! the device (the host's copy of each row is stale), a row fetch downloads its row when
//! stale and marks it as possibly written, the next call uploads those rows only, and the
//! scope downloads what is stale when the loop is left. The matrix the call returns is a
//! new array that only `a` references, so the runtime may reuse its host storage for the
//! next call's result.

use super::keep::ReadOnly;
use super::walk::{each_expr, loops, parent_of, stmt_blocks, stmt_roots};
use super::{LoopId, ProgramInfo, SomdResult, SomdShape};
use crate::ir::*;
use somd_diag::Span;
use std::collections::HashMap;

/// A host loop that leaves a matrix on the device between its calls.
#[derive(Clone, Debug, PartialEq)]
pub struct RowLoop {
    pub func: FuncId,
    pub loop_id: LoopId,
    /// The matrix local.
    pub matrix: LocalId,
    /// The placement label of the SOMD method the loop calls (`Class.method`).
    pub label: String,
    /// The position of the matrix among the call's arguments.
    pub param: usize,
    /// The row fetches `a[e]` (each the initialiser of a row local).
    pub fetches: Vec<ExprId>,
    /// The statement's assignment `a = C.m(..)`, before which the scope is armed (its
    /// arguments call nothing, so the next call of `C.m` is this one).
    pub assign: ExprId,
    /// Where the loop is (its first expression).
    pub span: Span,
}

/// Every such loop of every non-SOMD function, in function and loop order.
pub fn row_loops(module: &Module, info: &ProgramInfo) -> Vec<RowLoop> {
    let mut facts = ReadOnly::default();
    let mut out = Vec::new();
    for (i, func) in module.functions.iter().enumerate() {
        if func.is_somd() {
            continue;
        }
        let fid = FuncId(i as u32);
        let parents = super::walk::parents(func);
        let candidates = matrices(func);
        if candidates.is_empty() {
            continue;
        }
        for (loop_id, stmt) in loops(func) {
            let Some(pos) = positions(func, stmt) else { continue };
            for &matrix in &candidates {
                let found = row_loop(module, info, func, &parents, &pos, matrix, &mut facts);
                if let Some((label, param, fetches, assign)) = found {
                    let span = super::walk::stmt_span(func, stmt, func.span);
                    out.push(RowLoop {
                        func: fid,
                        loop_id,
                        matrix,
                        label,
                        param,
                        fetches,
                        assign,
                        span,
                    });
                }
            }
        }
    }
    out
}

/// The locals of `func` of a 2-D primitive array type that are not `dist`.
fn matrices(func: &Function) -> Vec<LocalId> {
    (0..func.locals.len() as u32)
        .map(LocalId)
        .filter(|l| {
            let local = func.local(*l);
            matches!(local.kind, LocalKind::Var | LocalKind::Param)
                && local.dist.is_none()
                && !local.shared
                && is_matrix(&local.ty)
        })
        .collect()
}

fn is_matrix(ty: &Type) -> bool {
    matches!(ty, Type::Array(row) if super::keep::is_prim_array(row))
}

/// Every statement root expression of a loop, with the position of its statement in a
/// pre-order walk of the body (0 for the test and update) and whether the statement lies
/// in a loop nested in it.
struct Positions {
    at: HashMap<ExprId, (usize, bool)>,
    /// The row locals declared in the body, with their initialiser.
    lets: Vec<(LocalId, Option<ExprId>)>,
    /// The values of the body's `return` statements.
    returns: Vec<ExprId>,
    /// The roots of the body's expression statements.
    statements: Vec<ExprId>,
}

fn positions(func: &Function, stmt: &Stmt) -> Option<Positions> {
    let Stmt::Loop { test, update, body, .. } = stmt else { return None };
    let mut out = Positions {
        at: HashMap::new(),
        lets: Vec::new(),
        returns: Vec::new(),
        statements: Vec::new(),
    };
    for root in test.iter().chain(update) {
        each_expr(func, *root, &mut |e| {
            out.at.insert(e, (0, false));
        });
    }
    let mut counter = 0usize;
    walk(func, body, false, &mut counter, &mut out);
    Some(out)
}

fn walk(func: &Function, block: &Block, nested: bool, counter: &mut usize, out: &mut Positions) {
    for stmt in &block.stmts {
        *counter += 1;
        let here = *counter;
        for root in stmt_roots(stmt) {
            each_expr(func, root, &mut |e| {
                out.at.insert(e, (here, nested));
            });
        }
        match stmt {
            Stmt::Let { local, init } => out.lets.push((*local, *init)),
            Stmt::Return(Some(e)) => out.returns.push(*e),
            Stmt::Expr(e) => out.statements.push(*e),
            _ => {}
        }
        let inner = nested || matches!(stmt, Stmt::Loop { .. });
        for b in stmt_blocks(stmt) {
            walk(func, b, inner, counter, out);
        }
    }
}

/// Whether loop `stmt` qualifies for `matrix` (module doc): the callee's label, the
/// matrix's argument position and the row fetches.
fn row_loop(
    module: &Module,
    info: &ProgramInfo,
    func: &Function,
    parents: &[Option<ExprId>],
    pos: &Positions,
    matrix: LocalId,
    facts: &mut ReadOnly,
) -> Option<(String, usize, Vec<ExprId>, ExprId)> {
    let is_local =
        |e: ExprId, l: LocalId| matches!(func.expr(e).kind, ExprKind::Local(x) if x == l);
    let occurrences: Vec<ExprId> =
        pos.at.keys().copied().filter(|e| is_local(*e, matrix)).collect();
    let mut call: Option<(ExprId, ExprId, usize)> = None; // (assignment, call, position)
    let mut fetches = Vec::new();
    for occ in &occurrences {
        let Some(parent) = parent_of(parents, *occ) else {
            // `return a`: the value is taken before the scope, dropped on the way out,
            // brings the stale rows down into it.
            if pos.returns.contains(occ) {
                continue;
            }
            return None;
        };
        match &func.expr(parent).kind {
            ExprKind::Length(_) => {}
            ExprKind::Index { array, .. } if *array == *occ => {
                // The initialiser of a row local declared in the body.
                let declared = pos.lets.iter().any(|(_, init)| *init == Some(parent));
                if !declared {
                    return None;
                }
                fetches.push(parent);
            }
            ExprKind::Assign { target, value } if *target == *occ => {
                let ExprKind::SomdCall { args, receiver: None, .. } = &func.expr(*value).kind
                else {
                    return None;
                };
                let mut at = args.iter().enumerate().filter(|(_, a)| is_local(**a, matrix));
                let (p, _) = at.next()?;
                if at.next().is_some() || call.is_some() {
                    return None;
                }
                call = Some((parent, *value, p));
            }
            ExprKind::SomdCall { args, .. } => {
                // Checked with the assignment: the call's own argument.
                let assigned = parent_of(parents, parent).is_some_and(|g| {
                    matches!(func.expr(g).kind, ExprKind::Assign { value, .. } if value == parent)
                });
                if !assigned || !args.contains(occ) {
                    return None;
                }
            }
            _ => return None,
        }
    }
    let (assign, call_expr, param) = call?;
    // The assignment is a statement of the body, outside nested loops.
    let (call_at, nested) = *pos.at.get(&assign)?;
    if nested || call_at == 0 || !pos.statements.contains(&assign) {
        return None;
    }
    // The matrix argument belongs to this call.
    let ExprKind::SomdCall { func: callee, args, .. } = &func.expr(call_expr).kind else {
        return None;
    };
    if !is_local(args[param], matrix) {
        return None;
    }
    // The arguments call nothing: the scope, armed before the statement, serves this call.
    if args.iter().any(|a| super::walk::runs_code(func, *a)) {
        return None;
    }
    let callee_fn = module.functions.get(callee.0 as usize)?;
    // The callee writes the matrix it returns: its host statements never read the
    // parameter's elements (`sync::host_readable`), which under the scope would be the
    // stale rows of the host's matrix.
    let returns_param = match info.functions.get(callee.0 as usize)?.somd_body.as_ref()? {
        Ok(SomdShape::Sync(body)) => {
            let p = *callee_fn.params.get(param)?;
            // Every `return` gives the matrix back (the scope keeps the returned buffer).
            body.result == SomdResult::Param(p)
                && super::early_returns(&body.steps)
                    .iter()
                    .all(|r| **r == super::SyncReturn::Param(p))
                && super::writes::writes_local(module, callee_fn, p)
        }
        _ => false,
    };
    let on_device = info
        .placements
        .iter()
        .any(|p| p.subject == super::Subject::SomdMethod(*callee) && p.device.is_ok());
    if !returns_param || !on_device {
        return None;
    }
    // Fetches come before the call; their rows die before it.
    for fetch in &fetches {
        if pos.at.get(fetch).is_none_or(|(at, _)| *at >= call_at) {
            return None;
        }
        let row = pos.lets.iter().find(|(_, init)| *init == Some(*fetch)).map(|(l, _)| *l)?;
        if !row_ok(module, func, parents, pos, row, call_at, facts) {
            return None;
        }
    }
    Some((callee_fn.name.clone(), param, fetches, assign))
}

/// Whether row local `row` is declared once, never assigned, used only inside the loop
/// before the call (or in it) and only lent to read-only parameters.
fn row_ok(
    module: &Module,
    func: &Function,
    parents: &[Option<ExprId>],
    pos: &Positions,
    row: LocalId,
    call_at: usize,
    facts: &mut ReadOnly,
) -> bool {
    let local = func.local(row);
    if local.kind != LocalKind::Var || pos.lets.iter().filter(|(l, _)| *l == row).count() != 1 {
        return false;
    }
    for (i, e) in func.exprs.iter().enumerate() {
        if !matches!(e.kind, ExprKind::Local(l) if l == row) {
            continue;
        }
        let id = ExprId(i as u32);
        let Some(&(at, _)) = pos.at.get(&id) else { return false };
        if at == 0 || at > call_at {
            return false;
        }
        let Some(parent) = parent_of(parents, id) else { return false };
        let ok = match &func.expr(parent).kind {
            ExprKind::Index { array, .. } => *array == id,
            ExprKind::Length(_) => true,
            _ => super::keep::passed_read_only(module, func, parent, id, facts),
        };
        if !ok {
            return false;
        }
    }
    true
}
