//! Places in Java's order inside a helper an MI calls (note device-execution, "Helpers an
//! MI calls").
//!
//! An MI that passes its partition to a helper (`c += sweep(g, b, t);`) runs the helper's
//! loops over its own rows only, where Java runs the helper once over the whole data: each
//! of the helper's statements to the end before the next, and each row of a loop over the
//! partition's rows before the next row. The key an MI body marks (`rt::exec::fail_key`,
//! `fail_sub`, `fail_part`) stops at the statement making the call, so MIs failing inside
//! the helper were ordered by partition: a cell on the left failing in row 6 was raised
//! for a cell on the right failing in row 5.
//!
//! A helper that has such places to mark ([`marks_places`]) asks at its entry whether its
//! caller armed it (`rt::exec::fail_helper`), and if so marks each statement of its body,
//! and each row of a loop over the rows of a parameter the caller passed a partition (or a
//! loop stepping down over a 1-D one, as a whole; `rt::somd::part_rows`), in a word of the
//! key of its own (`rt::exec::fail_deep`).
//! An MI body arms a call (`rt::exec::fail_call`, numbered in the statement in Java's
//! order of evaluation, `fail_called` after it) only where every MI is at the same place of
//! Java's order when it makes it: in a statement whose place the key marks, outside any
//! loop of that statement. A call elsewhere, or a helper's own calls, mark nothing.

use super::expr::FnCx;
use super::writer::Level;
use super::EmitError;
use somd_mir::analysis::walk;
use somd_mir::{
    BinOpKind, ExprId, ExprKind, FuncId, FuncKind, Function, LocalId, Module, Stmt, Type,
};
use std::collections::HashMap;
use std::fmt::Write;

/// For each function, whether it is a helper marking its places when armed: one
/// [`marks_places`] takes that the body of a SOMD method calls (a host loop made one arms
/// nothing), or that such a helper calls (it may arm it). Other helpers pay nothing.
pub(super) fn marking_helpers(module: &Module) -> Vec<bool> {
    let calls = |f: usize, marking: &mut Vec<bool>, marks: &dyn Fn(FuncId) -> bool| {
        for expr in &module.functions[f].exprs {
            if let ExprKind::Call { func: h, receiver: None, .. } = expr.kind {
                if marking.get(h.0 as usize) == Some(&false) && marks(h) {
                    marking[h.0 as usize] = true;
                }
            }
        }
    };
    let mut marking = vec![false; module.functions.len()];
    for (f, func) in module.functions.iter().enumerate() {
        if func.somd.is_some() && !module.outlined.iter().any(|o| o.func.0 as usize == f) {
            calls(f, &mut marking, &|h| marks_places(module, h) || arms_places(module, h));
        }
    }
    // The helpers those call, which an armed one arms a level deeper
    // (`rt::exec::fail_call_in`).
    let first = marking.clone();
    for f in (0..marking.len()).filter(|f| first[*f]) {
        calls(f, &mut marking, &|h| marks_places(module, h));
    }
    marking
}

/// Whether function `fid` is a helper whose places an armed call marks: a static method
/// that is no SOMD method, with a loop over the rows of a matrix parameter, or stepping down
/// over a 1-D one, at the top level of its body ([`partition_loop`]), or with two statements
/// there that hold loops (Java finishes the first over the whole data before the second).
fn marks_places(module: &Module, fid: FuncId) -> bool {
    let Some(func) = helper(module, fid) else { return false };
    let mut looping = 0;
    for stmt in &func.body.stmts {
        if partition_loop(func, stmt).is_some() {
            return true;
        }
        let mut holds = false;
        walk::each_stmt_of(stmt, &mut |s| holds |= matches!(s, Stmt::Loop { .. }));
        looping += usize::from(holds);
    }
    looping > 1
}

/// Function `fid` where it may be a marking helper: a static method that is no SOMD
/// method, no intermediate reduction and not `main`.
fn helper(module: &Module, fid: FuncId) -> Option<&Function> {
    let func = module.functions.get(fid.0 as usize)?;
    let plain = func.kind == FuncKind::Static
        && func.somd.is_none()
        && func.intermediate.is_none()
        && module.main != Some(fid);
    plain.then_some(func)
}

/// Whether a call of function `fid` that is no marking helper is numbered where calls are
/// armed (`rt::exec::fail_call_plain`): a helper (as [`marks_places`] asks) taking an array,
/// which may be a partition it runs over (a row loop's row, `rowSum(g[i], b)`), holding a
/// loop. Java finishes such a call over the whole data before the statement's next call, so
/// two calls' failures are ordered by their numbers, whatever the partition order.
fn numbered(module: &Module, fid: FuncId) -> bool {
    helper(module, fid).is_some_and(|func| {
        let mut holds = false;
        walk::each_stmt(&func.body, &mut |s| holds |= matches!(s, Stmt::Loop { .. }));
        holds && func.params.iter().any(|p| matches!(func.local(*p).ty, Type::Array(_)))
    })
}

/// Whether function `fid` is a helper (as [`marks_places`] asks) that calls a helper
/// [`marks_places`] from a statement of its body outside any loop, with plain arguments:
/// armed by an MI body, it arms that call a level deeper, so its statements are places to
/// mark even where it has no loop of its own (`long s = sweep(g, 0) - sweep(g, 1);`). So
/// do two calls or more of helpers marking nothing that are [`numbered`] there (`sum(r, b,
/// 0) - sum(r, b, 8)`, `rt::exec::fail_call_plain_in`).
fn arms_places(module: &Module, fid: FuncId) -> bool {
    /// The calls found: of helpers marking places, and of [`numbered`] ones.
    #[derive(Default)]
    struct Found {
        marking: bool,
        numbered: usize,
    }
    fn visit(module: &Module, func: &Function, block: &somd_mir::Block, found: &mut Found) {
        for stmt in &block.stmts {
            match stmt {
                _ if FnCx::for_loop(stmt).is_some() => continue,
                Stmt::Loop { .. } => continue,
                Stmt::Block(inner) => visit(module, func, inner, found),
                Stmt::Sync { body, .. } => visit(module, func, body, found),
                Stmt::If { then_block, else_block, .. } => {
                    visit(module, func, then_block, found);
                    if let Some(e) = else_block {
                        visit(module, func, e, found);
                    }
                }
                _ => {}
            }
            for root in walk::stmt_roots(stmt) {
                walk::each_expr(func, root, &mut |e| {
                    if let ExprKind::Call { func: h, receiver: None, args } = &func.expr(e).kind {
                        if args.iter().all(|a| plain_argument(func, *a)) {
                            found.marking |= marks_places(module, *h);
                            found.numbered += usize::from(numbered(module, *h));
                        }
                    }
                });
            }
        }
    }
    let Some(func) = helper(module, fid) else { return false };
    let mut found = Found::default();
    visit(module, func, &func.body, &mut found);
    // One numbered call alone orders nothing: every MI is at the same place there.
    found.marking || found.numbered > 1
}

/// A loop of a helper over an array parameter it never assigns ([`partition_loop`]).
struct Walk {
    test: ExprId,
    array: LocalId,
    index: LocalId,
    /// Stepping down from `p.length - c`.
    down: bool,
    /// Over the rows of a matrix (else over a 1-D array's elements).
    matrix: bool,
}

/// `for (i = lo; i < p.length; i++)` over the rows of a matrix parameter `p`, or `for (i =
/// p.length - c; i >= lo; i--)` (or `>`) over its rows or a 1-D parameter's elements, `p`
/// never assigned, the bound or start possibly a local set to it ([`fixed`]): the loops
/// whose places a helper marks (a 1-D loop going up meets the MIs in partition order
/// already).
fn partition_loop(func: &Function, stmt: &Stmt) -> Option<Walk> {
    let (i, Some(init), test, update) = FnCx::for_loop(stmt)? else { return None };
    let ExprKind::Binary { op, lhs, rhs } = &func.expr(test).kind else { return None };
    if !matches!(func.expr(*lhs).kind, ExprKind::Local(l) if l == i) {
        return None;
    }
    let down = match op.kind {
        BinOpKind::Lt => false,
        BinOpKind::Ge | BinOpKind::Gt => true,
        _ => return None,
    };
    // Up: the bound `p.length`; down: a start `p.length` or `p.length - c`; either or `p.length`
    // in it may be a local set to it (`int rows = p.length;`).
    let mut length = fixed(func, if down { init } else { *rhs })?;
    if let ExprKind::Binary { op, lhs, rhs } = &func.expr(length).kind {
        if !down || op.kind != BinOpKind::Sub || !matches!(func.expr(*rhs).kind, ExprKind::Const(_))
        {
            return None;
        }
        length = fixed(func, *lhs)?;
    }
    let ExprKind::Length(array) = func.expr(length).kind else { return None };
    let ExprKind::Local(p) = func.expr(array).kind else { return None };
    let Type::Array(inner) = &func.local(p).ty else { return None };
    let matrix = matches!(**inner, Type::Array(_));
    let assigned =
        (0..func.exprs.len()).any(|e| walk::assigned_local(func, ExprId(e as u32)) == Some(p));
    let step = if down { -1 } else { 1 };
    let by_one = matches!(update, [u] if walk::constant_step(func, *u, i) == Some(step));
    (func.params.contains(&p) && (matrix || down) && !assigned && by_one).then_some(Walk {
        test,
        array: p,
        index: i,
        down,
        matrix,
    })
}

/// Expression `e`, or where it is a local that a top-level `let` of the body sets and nothing
/// assigns again, that `let`'s initialiser (`rows` for `int rows = g.length;`); `None` for a
/// local set otherwise.
fn fixed(func: &Function, e: ExprId) -> Option<ExprId> {
    let ExprKind::Local(l) = func.expr(e).kind else { return Some(e) };
    walk::fixed_top_level_init(func, l)
}

/// Whether a call's argument can be evaluated between `rt::exec::fail_call` and the call:
/// it runs no code of the program (`walk::runs_code`: no call, no constructor) and assigns
/// nothing, so no other helper runs in between.
fn plain_argument(func: &Function, arg: ExprId) -> bool {
    let mut assigns = false;
    walk::each_expr(func, arg, &mut |e| {
        assigns |= matches!(
            func.expr(e).kind,
            ExprKind::Assign { .. } | ExprKind::CompoundAssign { .. } | ExprKind::IncDec { .. }
        );
    });
    !assigns && !walk::runs_code(func, arg)
}

impl FnCx<'_> {
    /// Arms the calls of marking helpers that `stmt` makes outside its loops, for the
    /// statements of an MI body whose place the key marks (at its top level, or inside a
    /// row, column or step) and of a marking helper (`arm`): numbered from 1 in Java's
    /// order of evaluation (left to right: their arguments call nothing, so no call is
    /// inside another). Returns the armed calls of the enclosing statement, to restore.
    pub(super) fn arm_calls(&mut self, stmt: &Stmt, arm: bool) -> HashMap<ExprId, (usize, bool)> {
        let mut calls = Vec::new();
        let loops = matches!(stmt, Stmt::Loop { .. }) || Self::for_loop(stmt).is_some();
        if arm && !loops && (self.func.somd.is_some() || self.marks_helper_places()) {
            for root in walk::stmt_roots(stmt) {
                walk::each_expr(self.func, root, &mut |e| {
                    let expr = self.func.expr(e);
                    if let ExprKind::Call { func: callee, receiver: None, args } = &expr.kind {
                        let marking = self.marking.get(callee.0 as usize).copied().unwrap_or(false);
                        if (marking || numbered(self.module, *callee))
                            && args.iter().all(|a| plain_argument(self.func, *a))
                        {
                            calls.push((expr.span.start, e, !marking));
                        }
                    }
                });
            }
        }
        calls.sort();
        let armed =
            calls.into_iter().enumerate().map(|(k, (_, e, plain))| (e, (k + 1, plain))).collect();
        std::mem::replace(&mut self.armed_calls, armed)
    }

    /// The Rust of call `id` (`call`), armed when [`FnCx::arm_calls`] numbered it: by an MI
    /// body, or by a marking helper at its level (`_fm`).
    pub(super) fn armed_call(&self, id: ExprId, call: String) -> String {
        let plain = |p: bool| if p { "_plain" } else { "" };
        match self.armed_calls.get(&id) {
            Some((k, p)) if self.marks_helper_places() => format!(
                "{{ rt::exec::fail_call{}_in(_fm, {k}); let _fc = {call}; rt::exec::fail_called_in(_fm, {k}); _fc }}",
                plain(*p)
            ),
            Some((k, p)) => format!(
                "{{ rt::exec::fail_call{}({k}); let _fc = {call}; rt::exec::fail_called({k}); _fc }}",
                plain(*p)
            ),
            None => call,
        }
    }

    /// Numbers the statements of a marking helper's body ([`marks_places`]), as an MI
    /// body's are; none for other functions.
    pub(super) fn number_helper_stmts(&mut self) {
        if self.marking.get(self.fid.0 as usize).copied().unwrap_or(false) {
            let mut places = 0;
            super::stmt::number_mi_stmts(&self.func.body, &mut places, &mut self.helper_marks);
        }
    }

    /// Whether the function being written marks its places when armed: it asks at its
    /// entry (`_fm`).
    pub(super) fn marks_helper_places(&self) -> bool {
        !self.helper_marks.is_empty()
    }

    /// Statement `s` of a marking helper's body: its place when the helper is armed, and,
    /// where the caller passed a partition, the place of each row of a loop over the rows
    /// of a matrix parameter (`1 + global row`; stepping down, the global rows from it to
    /// the last), or of a loop stepping down over a 1-D parameter's elements (the elements
    /// from the partition's first to the last, for the whole loop: Java meets the later
    /// partitions first; after the loop, the end of the range).
    pub(super) fn helper_stmt(
        &mut self,
        out: &mut String,
        level: Level,
        stmt: &Stmt,
        s: usize,
    ) -> Result<(), EmitError> {
        let s = s.min(0xFFFF);
        if s > 0 && !matches!(stmt, Stmt::Let { init: None, .. }) {
            writeln!(out, "{level}if _fm > 0 {{ rt::exec::fail_deep_at(_fm, {s} << 32); }}")?;
        }
        let Some(walk) = partition_loop(self.func, stmt) else {
            return self.fused_stmt(out, level, stmt);
        };
        let (p, i) = (self.local_name(walk.array), self.local_name(walk.index));
        let place = |of: &str| format!("({s} << 32) | ({of}).clamp(0, u32::MAX as i64 - 1) as u64");
        if !walk.matrix {
            writeln!(
                out,
                "{level}if _fm > 0 {{ if let Some((_r0, _rn)) = rt::somd::part_rows(&{p}) {{ rt::exec::fail_deep_at(_fm, {}); }} }}",
                place("1 + _rn - _r0")
            )?;
            self.fused_stmt(out, level, stmt)?;
            writeln!(
                out,
                "{level}if _fm > 0 {{ rt::exec::fail_deep_at(_fm, ({s} << 32) | u32::MAX as u64); }}"
            )?;
            return Ok(());
        }
        let rows = format!("_fr{}", walk.test.0);
        writeln!(
            out,
            "{level}let {rows} = if _fm > 0 {{ rt::somd::part_rows(&{p}) }} else {{ None }};"
        )?;
        let of = if walk.down {
            format!("_rn - (_r0 + {i} as i64)")
        } else {
            format!("_r0 + {i} as i64 + 1")
        };
        let mark = format!(
            "if let Some((_r0, _rn)) = {rows} {{ rt::exec::fail_deep_at(_fm, {}); }}",
            place(&of)
        );
        self.row_marks.insert(walk.test, mark);
        let written = self.fused_stmt(out, level, stmt);
        self.row_marks.remove(&walk.test);
        written
    }
}
