//! Which read-only array parameters of a SOMD kernel may be `__constant` in its `_c`
//! variant: those every work-item reads at the same (work-item-uniform) indices, as
//! Crypt's `key[ik++]` with `ik` starting at 0.
//!
//! `__constant` is sound for any read-only buffer that no other argument writes (the
//! caller only asks when the kernel writes no parameter and passes none to a call); the
//! uniformity asked here is what makes it pay: on NVIDIA a uniform constant read is an
//! operand of the arithmetic, a divergent one is serialised. The taint analysis is
//! conservative: an index is uniform when it is computed from constants, scalar
//! parameters, lengths, locals assigned only uniform values under uniform control, and
//! reads of parameters at uniform indices. The parallel loop's indices are not uniform;
//! nor is anything a non-uniform branch, loop test, `break` or `continue` decides.

use somd_mir::analysis::{walk, SomdBody};
use somd_mir::*;
use std::collections::HashSet;

/// The parameters of `func` that its kernel may declare `__constant`: 1-D arrays of a
/// primitive type, used only as `p[index]` reads with uniform indices and `p.length`.
/// Callers must only ask when the kernel writes no parameter and passes none to a call.
pub(super) fn constant_params(func: &Function, body: &SomdBody) -> Vec<LocalId> {
    let params: HashSet<LocalId> = func.params.iter().copied().collect();
    let indices: Vec<LocalId> = body.parallel.dims.iter().map(|d| d.index).collect();
    let mut varying: HashSet<LocalId> = indices.iter().copied().collect();
    // Fixpoint: each pass may only add locals.
    loop {
        let before = varying.len();
        let mut taint = Taint { func, indices: &indices, params: &params, varying: &mut varying };
        taint.block(&func.body, false);
        if varying.len() == before {
            break;
        }
    }
    let taint = Taint { func, indices: &indices, params: &params, varying: &mut varying };
    func.params
        .iter()
        .copied()
        .filter(|p| {
            let one_d_prim = matches!(
                &func.local(*p).ty,
                Type::Array(elem) | Type::ValueArray(elem, _) if matches!(**elem, Type::Prim(_))
            );
            one_d_prim && taint.reads_uniformly(*p)
        })
        .collect()
}

struct Taint<'a> {
    func: &'a Function,
    /// The parallel loop's indices.
    indices: &'a [LocalId],
    params: &'a HashSet<LocalId>,
    /// Locals that may differ between work-items.
    varying: &'a mut HashSet<LocalId>,
}

impl Taint<'_> {
    /// Walks `block`; `ctl`: whether it runs depends on the work-item.
    fn block(&mut self, block: &Block, ctl: bool) {
        for stmt in &block.stmts {
            self.stmt(stmt, ctl);
        }
    }

    fn stmt(&mut self, stmt: &Stmt, ctl: bool) {
        match stmt {
            Stmt::Let { local, init } => {
                if let Some(e) = init {
                    self.expr(*e, ctl);
                    if ctl || !self.uniform(*e) {
                        self.varying.insert(*local);
                    }
                }
            }
            Stmt::Expr(e) | Stmt::Return(Some(e)) => self.expr(*e, ctl),
            Stmt::If { cond, then_block, else_block } => {
                self.expr(*cond, ctl);
                let inner = ctl || !self.uniform(*cond);
                self.block(then_block, inner);
                if let Some(b) = else_block {
                    self.block(b, inner);
                }
            }
            Stmt::Loop { test, body, update, .. } => {
                // A loop whose test, or a `break`/`continue` under a varying condition,
                // depends on the work-item runs a varying number of times: everything it
                // assigns varies.
                // The parallel loops (those stepping a parallel index) run one iteration
                // per work-item: their tests decide nothing between work-items.
                let parallel = update
                    .iter()
                    .any(|u| self.indices.iter().any(|i| walk::mentions(self.func, *u, *i)));
                let varying_test = !parallel && test.is_some_and(|t| !self.uniform(t));
                let inner = ctl || varying_test || self.exits_vary(body, false);
                if let Some(t) = test {
                    self.expr(*t, inner);
                }
                self.block(body, inner);
                for u in update {
                    self.expr(*u, inner);
                }
            }
            Stmt::Labeled { body, .. } => {
                let inner = ctl || self.exits_vary(body, false);
                self.block(body, inner);
            }
            Stmt::Block(b) | Stmt::Sync { body: b, .. } => self.block(b, ctl),
            Stmt::Return(None)
            | Stmt::Break(_)
            | Stmt::Continue(_)
            | Stmt::ThrowUnderflow { .. } => {}
        }
    }

    /// Whether `block` holds a `break` or `continue` under a varying condition (`ctl`).
    fn exits_vary(&self, block: &Block, ctl: bool) -> bool {
        block.stmts.iter().any(|stmt| match stmt {
            Stmt::Break(_) | Stmt::Continue(_) => ctl,
            Stmt::If { cond, then_block, else_block } => {
                let inner = ctl || !self.uniform(*cond);
                self.exits_vary(then_block, inner)
                    || else_block.as_ref().is_some_and(|b| self.exits_vary(b, inner))
            }
            other => walk::stmt_blocks(other).into_iter().any(|b| self.exits_vary(b, ctl)),
        })
    }

    /// Walks expression `e` for the assignments in it: their targets vary when the value
    /// does or when whether they run does (`ctl`, or a varying `?:`/`&&`/`||` operand).
    fn expr(&mut self, e: ExprId, ctl: bool) {
        let kind = &self.func.expr(e).kind;
        match kind {
            ExprKind::Assign { target, value } | ExprKind::CompoundAssign { target, value, .. } => {
                self.expr(*target, ctl);
                self.expr(*value, ctl);
                if let ExprKind::Local(l) = self.func.expr(*target).kind {
                    if ctl || !self.uniform(*value) {
                        self.varying.insert(l);
                    }
                }
            }
            ExprKind::IncDec { target, .. } => {
                if let ExprKind::Local(l) = self.func.expr(*target).kind {
                    if ctl {
                        self.varying.insert(l);
                    }
                }
            }
            ExprKind::Conditional { cond, then_expr, else_expr } => {
                self.expr(*cond, ctl);
                let inner = ctl || !self.uniform(*cond);
                self.expr(*then_expr, inner);
                self.expr(*else_expr, inner);
            }
            ExprKind::Binary { op, lhs, rhs }
                if matches!(op.kind, BinOpKind::And | BinOpKind::Or) =>
            {
                self.expr(*lhs, ctl);
                let inner = ctl || !self.uniform(*lhs);
                self.expr(*rhs, inner);
            }
            _ => {
                for child in walk::children(kind) {
                    self.expr(child, ctl);
                }
            }
        }
    }

    /// Whether `e` has the same value in every work-item (conservatively).
    fn uniform(&self, e: ExprId) -> bool {
        let kind = &self.func.expr(e).kind;
        match kind {
            ExprKind::Const(_) => true,
            ExprKind::Local(l) => !self.varying.contains(l),
            ExprKind::Length(a) => self.uniform(*a),
            // Parameters are read-only (the caller's condition), so a uniform index reads
            // one value for all; outputs and other arrays are written by the work-items.
            ExprKind::Index { array, index } => {
                matches!(self.func.expr(*array).kind, ExprKind::Local(l) if self.params.contains(&l))
                    && self.uniform(*index)
            }
            ExprKind::Unary { .. }
            | ExprKind::Binary { .. }
            | ExprKind::Convert { .. }
            | ExprKind::Conditional { .. }
            | ExprKind::Assign { .. }
            | ExprKind::CompoundAssign { .. }
            | ExprKind::IncDec { .. }
            | ExprKind::Builtin { .. } => walk::children(kind).into_iter().all(|c| self.uniform(c)),
            // A call of uniform scalars: a static function of its arguments (an array
            // argument could be one the work-items write).
            ExprKind::Call { receiver: None, args, .. } => args
                .iter()
                .all(|a| !matches!(self.func.expr(*a).ty, Type::Array(_)) && self.uniform(*a)),
            _ => false,
        }
    }

    /// Whether every use of parameter `p` is `p.length` or a read `p[i]` with `i` uniform.
    fn reads_uniformly(&self, p: LocalId) -> bool {
        let func = self.func;
        let mut allowed: HashSet<ExprId> = HashSet::new();
        let mut ok = true;
        walk::each_expr_in_block(func, &func.body, &mut |e| match &func.expr(e).kind {
            ExprKind::Index { array, index } if is_local(func, *array, p) => {
                allowed.insert(*array);
                ok &= self.uniform(*index);
            }
            ExprKind::Length(a) if is_local(func, *a, p) => {
                allowed.insert(*a);
            }
            _ => {}
        });
        // Any other mention (an alias, a write, a call argument) rules it out.
        let mut other = false;
        walk::each_expr_in_block(func, &func.body, &mut |e| {
            other |= is_local(func, e, p) && !allowed.contains(&e);
        });
        // A write `p[..] = v` reads like an index: rule it out by its target.
        for x in &func.exprs {
            if let ExprKind::Assign { target, .. }
            | ExprKind::CompoundAssign { target, .. }
            | ExprKind::IncDec { target, .. } = &x.kind
            {
                let mut t = *target;
                while let ExprKind::Index { array, .. } = func.expr(t).kind {
                    t = array;
                }
                other |= is_local(func, t, p);
            }
        }
        ok && !other
    }
}

fn is_local(func: &Function, e: ExprId, l: LocalId) -> bool {
    matches!(func.expr(e).kind, ExprKind::Local(x) if x == l)
}
