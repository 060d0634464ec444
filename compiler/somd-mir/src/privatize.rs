//! Scalars a loop uses as its iteration's temporaries become locals of the iteration.
//!
//! Java code often declares its temporaries before a loop (`double dx, dy; for (..) { dx =
//! ..; dy = ..; out[i] = dx * dx + dy * dy; }`). Every iteration writes such a scalar
//! before it reads it, and nothing after the loop reads what the last iteration left, so
//! no value crosses from one iteration to another: the scalar is the iteration's own, as
//! a local declared in the loop's body would be. This pass makes that explicit in SOMD
//! functions: it declares a fresh local, named like the scalar, first in the loop's body
//! and makes every mention inside the loop name it. The parallel-loop analysis then sees
//! a local of the iteration where it saw a scalar "declared outside the loop and assigned
//! in it (loop-carried)".
//!
//! A scalar `t` (a primitive local, not `shared`) is the iteration's own in loop `L` when
//!
//! - `t` is declared outside `L`, and `L`'s test and update do not mention it;
//! - on every path through one iteration of `L`'s body, a plain assignment `t = e` comes
//!   before any read of `t` (definite assignment, as Java's JLS §16 computes it but more
//!   cautiously: an assignment inside a nested loop, a labelled block, a conditional
//!   expression's branch or the right operand of `&&`/`||` is not counted for what
//!   follows it);
//! - every read of `t` in the whole function is inside such a loop: the innermost loop
//!   around a read for which the two rules above hold is the loop that gets the copy, and
//!   of two such loops one inside the other the outer one gets it (a read after the inner
//!   loop may read what the inner loop wrote).
//!
//! Java's semantics are unchanged on every back end: each read of `t` sees the value the
//! same iteration wrote, which is what the copy holds; writes of `t` that no read can see
//! (outside every such loop) stay as they were.

use crate::analysis::walk;
use crate::ir::*;
use std::collections::{HashMap, HashSet};

/// Gives the iteration's temporaries of every loop of every SOMD function of `module` a
/// local of the iteration.
pub fn privatize_temporaries(module: &mut Module) {
    for func in &mut module.functions {
        if func.somd.is_some() {
            privatize_function(func);
        }
    }
}

/// A loop, numbered in pre-order of the statement tree, with the loops around it.
struct LoopInfo {
    /// Innermost last.
    enclosing: Vec<usize>,
}

fn privatize_function(func: &mut Function) {
    let mut loops: Vec<LoopInfo> = Vec::new();
    let mut chains: HashMap<ExprId, Vec<usize>> = HashMap::new();
    collect(func, &func.body, &mut Vec::new(), &mut loops, &mut chains);
    if loops.is_empty() {
        return;
    }
    let candidates: Vec<LocalId> = (0..func.locals.len())
        .map(|i| LocalId(i as u32))
        .filter(|&l| {
            let local = func.local(l);
            local.kind == LocalKind::Var
                && matches!(local.ty, Type::Prim(_))
                && !local.shared
                && local.dist.is_none()
        })
        .collect();
    let targets = plain_assign_targets(func);
    // (loop, local) pairs to rewrite.
    let mut chosen: Vec<(usize, LocalId)> = Vec::new();
    for l in candidates {
        let reads: Vec<ExprId> = chains
            .keys()
            .copied()
            .filter(|e| matches!(func.expr(*e).kind, ExprKind::Local(x) if x == l))
            .filter(|e| !targets.contains(e))
            .collect();
        if reads.is_empty() {
            continue;
        }
        let mut own: HashMap<usize, bool> = HashMap::new();
        let mut covering: HashSet<usize> = HashSet::new();
        let mut all_covered = true;
        for r in &reads {
            let chain = &chains[r];
            let found = chain.iter().rev().copied().find(|&id| {
                *own.entry(id).or_insert_with(|| {
                    find_loop(&func.body, id).is_some_and(|stmt| localizes(func, stmt, l))
                })
            });
            match found {
                Some(id) => {
                    covering.insert(id);
                }
                None => {
                    all_covered = false;
                    break;
                }
            }
        }
        if !all_covered {
            continue;
        }
        // Of two covering loops one inside the other, the outer one.
        let outermost: Vec<usize> = covering
            .iter()
            .copied()
            .filter(|id| !loops[*id].enclosing.iter().any(|o| covering.contains(o)))
            .collect();
        chosen.extend(outermost.into_iter().map(|id| (id, l)));
    }
    chosen.sort();
    for (id, l) in chosen {
        let copy = func.push_local(func.local(l).clone());
        let mut body = std::mem::take(&mut func.body);
        if let Some(Stmt::Loop { body: loop_body, .. }) = find_loop_mut(&mut body, id) {
            let mut inside = Vec::new();
            walk::each_expr_in_block(func, loop_body, &mut |e| inside.push(e));
            for e in inside {
                if matches!(func.exprs[e.0 as usize].kind, ExprKind::Local(x) if x == l) {
                    func.exprs[e.0 as usize].kind = ExprKind::Local(copy);
                }
            }
            loop_body.stmts.insert(0, Stmt::Let { local: copy, init: None });
        }
        func.body = body;
    }
}

/// Numbers the loops of `block` in pre-order and records, for every expression that
/// names a local, the loops around it (a loop's test and update are inside it).
fn collect(
    func: &Function,
    block: &Block,
    stack: &mut Vec<usize>,
    loops: &mut Vec<LoopInfo>,
    chains: &mut HashMap<ExprId, Vec<usize>>,
) {
    for stmt in &block.stmts {
        let pushed = if let Stmt::Loop { .. } = stmt {
            loops.push(LoopInfo { enclosing: stack.clone() });
            stack.push(loops.len() - 1);
            true
        } else {
            false
        };
        for root in walk::stmt_roots(stmt) {
            walk::each_expr(func, root, &mut |e| {
                if let ExprKind::Local(_) = func.expr(e).kind {
                    chains.insert(e, stack.clone());
                }
            });
        }
        for inner in walk::stmt_blocks(stmt) {
            collect(func, inner, stack, loops, chains);
        }
        if pushed {
            stack.pop();
        }
    }
}

/// The `Local` expressions that are the target of a plain `=` (writes, not reads).
fn plain_assign_targets(func: &Function) -> HashSet<ExprId> {
    func.exprs
        .iter()
        .filter_map(|e| match e.kind {
            ExprKind::Assign { target, .. }
                if matches!(func.expr(target).kind, ExprKind::Local(_)) =>
            {
                Some(target)
            }
            _ => None,
        })
        .collect()
}

fn find_loop(block: &Block, id: usize) -> Option<&Stmt> {
    let mut n = 0;
    find_in(block, id, &mut n)
}

fn find_in<'b>(block: &'b Block, id: usize, n: &mut usize) -> Option<&'b Stmt> {
    for stmt in &block.stmts {
        if let Stmt::Loop { .. } = stmt {
            if *n == id {
                return Some(stmt);
            }
            *n += 1;
        }
        for inner in walk::stmt_blocks(stmt) {
            if let Some(found) = find_in(inner, id, n) {
                return Some(found);
            }
        }
    }
    None
}

fn find_loop_mut(block: &mut Block, id: usize) -> Option<&mut Stmt> {
    let mut n = 0;
    find_in_mut(block, id, &mut n)
}

fn find_in_mut<'b>(block: &'b mut Block, id: usize, n: &mut usize) -> Option<&'b mut Stmt> {
    for stmt in &mut block.stmts {
        if let Stmt::Loop { .. } = stmt {
            if *n == id {
                return Some(stmt);
            }
            *n += 1;
        }
        let inner: Vec<&mut Block> = match stmt {
            Stmt::If { then_block, else_block, .. } => {
                let mut out = vec![then_block];
                out.extend(else_block.as_mut());
                out
            }
            Stmt::Loop { body, .. }
            | Stmt::Labeled { body, .. }
            | Stmt::Block(body)
            | Stmt::Sync { body, .. } => vec![body],
            _ => Vec::new(),
        };
        for b in inner {
            if let Some(found) = find_in_mut(b, id, n) {
                return Some(found);
            }
        }
    }
    None
}

/// Whether `l` is the iteration's own in `stmt`, a loop (module doc).
fn localizes(func: &Function, stmt: &Stmt, l: LocalId) -> bool {
    let Stmt::Loop { test, update, body, .. } = stmt else { return false };
    let header: Vec<ExprId> = test.iter().chain(update).copied().collect();
    if header.iter().any(|e| walk::mentions(func, *e, l)) {
        return false;
    }
    Scan { func, l }.block(body, false).is_some()
}

/// The definite-assignment walk of one iteration: each step takes whether `l` is surely
/// assigned before it and gives whether it surely is after it, or `None` at a read of `l`
/// that may come first. Code after a jump is unreachable, so it counts as assigned.
struct Scan<'f> {
    func: &'f Function,
    l: LocalId,
}

impl Scan<'_> {
    fn block(&self, block: &Block, mut assigned: bool) -> Option<bool> {
        for stmt in &block.stmts {
            assigned = self.stmt(stmt, assigned)?;
        }
        Some(assigned)
    }

    fn stmt(&self, stmt: &Stmt, assigned: bool) -> Option<bool> {
        match stmt {
            // Declared in the loop: already the iteration's own.
            Stmt::Let { local, .. } if *local == self.l => None,
            Stmt::Let { init: Some(e), .. } | Stmt::Expr(e) => self.expr(*e, assigned),
            Stmt::Let { init: None, .. } => Some(assigned),
            Stmt::If { cond, then_block, else_block } => {
                let s = self.expr(*cond, assigned)?;
                let then = self.block(then_block, s)?;
                let otherwise = match else_block {
                    Some(b) => self.block(b, s)?,
                    None => s,
                };
                Some(then && otherwise)
            }
            // A nested loop may run no iteration, and `continue` of it reaches its update
            // and test after any part of its body: both are checked with what holds
            // before it, and after it only that holds.
            Stmt::Loop { test, update, body, .. } => {
                for e in test.iter().chain(update) {
                    self.expr(*e, assigned)?;
                }
                self.block(body, assigned)?;
                Some(assigned)
            }
            // `break` of the label may leave from any point of the body.
            Stmt::Labeled { body, .. } => {
                self.block(body, assigned)?;
                Some(assigned)
            }
            Stmt::Block(body) | Stmt::Sync { body, .. } => self.block(body, assigned),
            Stmt::Return(e) => {
                if let Some(e) = e {
                    self.expr(*e, assigned)?;
                }
                Some(true)
            }
            Stmt::Break(_) | Stmt::Continue(_) | Stmt::ThrowUnderflow { .. } => Some(true),
        }
    }

    fn expr(&self, e: ExprId, assigned: bool) -> Option<bool> {
        let func = self.func;
        let is_l = |x: ExprId| matches!(func.expr(x).kind, ExprKind::Local(v) if v == self.l);
        match &func.expr(e).kind {
            ExprKind::Local(v) if *v == self.l => assigned.then_some(true),
            ExprKind::Assign { target, value } if is_l(*target) => {
                self.expr(*value, assigned)?;
                Some(true)
            }
            ExprKind::Conditional { cond, then_expr, else_expr } => {
                let s = self.expr(*cond, assigned)?;
                let then = self.expr(*then_expr, s)?;
                let otherwise = self.expr(*else_expr, s)?;
                Some(then && otherwise)
            }
            ExprKind::Binary { lhs, rhs, op }
                if matches!(op.kind, BinOpKind::And | BinOpKind::Or) =>
            {
                let s = self.expr(*lhs, assigned)?;
                self.expr(*rhs, s)?;
                Some(s)
            }
            kind => {
                let mut s = assigned;
                for child in walk::children(kind) {
                    s = self.expr(child, s)?;
                }
                Some(s)
            }
        }
    }
}
