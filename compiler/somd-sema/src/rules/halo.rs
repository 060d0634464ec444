//! Reductions that count a view's halo cells (W0311).
//!
//! A `dist(view = <b, a>)` partition holds the cells next to its neighbours' partitions
//! too (LANGUAGE.md §2.2), so a cell near a boundary is in two method instances. A loop
//! over every cell of such a partition that accumulates what it reads (`s += a[i]` for
//! `i < a.length`) counts those cells once in each, and a reduction that combines the
//! instances' values with `+`, `-`, `*`, `^`, `self` or a class then depends on their
//! number, where §2.1 asks for the same result on any number. The idempotent operators
//! (`min`, `max`, `&`, `|`, `&&`, `||`) see a cell twice harmlessly. The method's own
//! `reduce` and an intermediate reduction passed the partition (§2.4) are both checked;
//! the loop must start at 0 and run to the partition's length, as code written for the
//! whole array does, and its accumulation must read the partition at the loop's index.

use super::codes;
use super::util::{self, Visitor};
use crate::model::{CallTarget, MethodId, NameRes, Program};
use somd_diag::{Diagnostic, Span};
use somd_syntax::ast::{
    BinaryOp, Block, DeclId, DistKind, DistSpec, Expr, ExprKind, Param, ReduceOp, ReduceStrategy,
    Stmt, StmtKind,
};

pub(super) fn check(program: &Program, diagnostics: &mut Vec<Diagnostic>) {
    for id in program.method_ids() {
        let Some(decl) = program.method_decl(id) else { continue };
        let Some(block) = &decl.body else { continue };
        let viewed: Vec<&Param> =
            decl.params.iter().filter(|p| halo_on_rows(program, &p.dist)).collect();
        if viewed.is_empty() {
            continue;
        }
        if counts_twice(decl.modifiers.reduce().map(|(strategy, _)| strategy)) {
            for param in &viewed {
                if let Some(read) = whole_accumulation(program, block, param.id) {
                    diagnostics.push(warning(program, param, read, None));
                }
            }
        }
        let mut calls = IntermediateCalls { program, viewed: &viewed, diagnostics };
        util::walk_block(&mut calls, block);
    }
}

/// Whether a view gives the partitions of dimension 1 halo cells (a pair not `<0, 0>`).
fn halo_on_rows(program: &Program, spec: &Option<DistSpec>) -> bool {
    let Some(DistSpec { kind: DistKind::View(pairs) | DistKind::PolyView(pairs), .. }) = spec
    else {
        return false;
    };
    pairs.first().is_some_and(|pair| {
        [&pair.before, &pair.after].iter().any(|e| util::const_int(program, e) != Some(0))
    })
}

/// Whether combining the method instances' values with `strategy` counts a value held by
/// two instances twice.
fn counts_twice(strategy: Option<&ReduceStrategy>) -> bool {
    match strategy {
        Some(ReduceStrategy::Op(op)) => {
            matches!(op, ReduceOp::Add | ReduceOp::Sub | ReduceOp::Mul | ReduceOp::BitXor)
        }
        Some(ReduceStrategy::SelfCall | ReduceStrategy::Class(_)) => true,
        None => false,
    }
}

fn warning(
    program: &Program,
    param: &Param,
    read: Span,
    call: Option<(MethodId, Span)>,
) -> Diagnostic {
    let name = &param.name.name;
    let message = match call {
        None => format!(
            "this reduction counts the halo cells of `{name}`'s view in every method instance \
             that holds them"
        ),
        Some((callee, _)) => format!(
            "intermediate reduction `{}` counts the halo cells of `{name}`'s view in every \
             method instance that holds them",
            program.method_path(callee)
        ),
    };
    let (primary, label) = match call {
        None => (read, "reads every cell of the partition, its halo cells too"),
        Some((_, arg)) => (arg, "the partition with its halo cells"),
    };
    let mut diagnostic = Diagnostic::warning(codes::HALO_COUNTED, message, primary)
        .with_label(label)
        .with_help(format!(
            "a cell next to a partition boundary is also a halo cell of the neighbouring \
             partition, so the result depends on the number of method instances; reduce over \
             a `dist` parameter without a view (pass the array again), or skip the halo \
             cells: index 0 is one when `Somd.offset({name}) > 0`, the last index when \
             `Somd.offset({name}) + {name}.length < Somd.globalLength({name})`"
        ));
    if call.is_some() {
        diagnostic = diagnostic.with_secondary(read, "accumulates every cell it is passed");
    }
    diagnostic
}

/// Calls of intermediate reductions that pass a viewed partition to a parameter the callee
/// accumulates over whole.
struct IntermediateCalls<'p, 'v, 'd> {
    program: &'p Program,
    viewed: &'v [&'v Param],
    diagnostics: &'d mut Vec<Diagnostic>,
}

impl<'a> Visitor<'a> for IntermediateCalls<'_, '_, '_> {
    fn expr(&mut self, expr: &'a Expr, _write: bool) -> bool {
        let ExprKind::Call { args, .. } = &expr.kind else { return true };
        let Some(CallTarget::Method(callee)) = self.program.calls.get(&expr.id) else {
            return true;
        };
        let Some(info) = util::method_info(self.program, *callee) else { return true };
        if info.is_somd() || !counts_twice(info.reduce.as_ref()) {
            return true;
        }
        let Some(callee_decl) = self.program.method_decl(*callee) else { return true };
        let Some(body) = &callee_decl.body else { return true };
        for (callee_param, arg) in callee_decl.params.iter().zip(args) {
            let Some(NameRes::Local(decl)) = self.program.names.get(&arg.id) else { continue };
            let Some(param) = self.viewed.iter().find(|p| p.id == *decl) else { continue };
            if let Some(read) = whole_accumulation(self.program, body, callee_param.id) {
                let call = Some((*callee, arg.span));
                self.diagnostics.push(warning(self.program, param, read, call));
            }
        }
        true
    }
}

/// The first read `array[i]` that an accumulation (`s += ..`, `s = s * ..`) makes inside
/// a loop `for (i = 0; i < array.length; ..)` of `block`.
fn whole_accumulation(program: &Program, block: &Block, array: DeclId) -> Option<Span> {
    let mut finder = Finder { program, array, found: None };
    util::walk_block(&mut finder, block);
    finder.found
}

struct Finder<'p> {
    program: &'p Program,
    array: DeclId,
    found: Option<Span>,
}

impl<'a> Visitor<'a> for Finder<'_> {
    fn stmt(&mut self, stmt: &'a Stmt) -> bool {
        if self.found.is_some() {
            return false;
        }
        let StmtKind::For { init, cond: Some(cond), body, .. } = &stmt.kind else { return true };
        let Some(index) = self.whole_range(init, cond) else { return true };
        let mut sums = Sums { finder: self, index, found: None };
        util::walk_stmt(&mut sums, body);
        if let Some(read) = sums.found {
            self.found = Some(read);
            return false;
        }
        true
    }
}

impl Finder<'_> {
    /// The index of a loop header `int i = 0; i < array.length` (or `i = 0` of a local).
    fn whole_range(&self, init: &[Stmt], cond: &Expr) -> Option<DeclId> {
        let ExprKind::Binary { op: BinaryOp::Lt, lhs, rhs } = &cond.kind else { return None };
        let index = self.local(lhs)?;
        let ExprKind::Field { target, .. } = &rhs.kind else { return None };
        if !matches!(self.program.names.get(&rhs.id), Some(NameRes::ArrayLength))
            || self.local(target) != Some(self.array)
        {
            return None;
        }
        let starts_at_zero = match init {
            [Stmt { kind: StmtKind::Local(decl), .. }] => decl.vars.iter().any(|var| {
                var.id == index
                    && var
                        .init
                        .as_ref()
                        .is_some_and(|e| util::const_int(self.program, e) == Some(0))
            }),
            [Stmt { kind: StmtKind::Expr(e), .. }] => matches!(
                &e.kind,
                ExprKind::Assign { op: None, target, value }
                    if self.local(target) == Some(index)
                        && util::const_int(self.program, value) == Some(0)
            ),
            _ => false,
        };
        starts_at_zero.then_some(index)
    }

    fn local(&self, expr: &Expr) -> Option<DeclId> {
        match self.program.names.get(&expr.id) {
            Some(NameRes::Local(decl)) if matches!(expr.kind, ExprKind::Name(_)) => Some(*decl),
            _ => None,
        }
    }
}

/// Accumulations in a loop's body whose value reads `array[index]`.
struct Sums<'f, 'p> {
    finder: &'f Finder<'p>,
    index: DeclId,
    found: Option<Span>,
}

impl<'a> Visitor<'a> for Sums<'_, '_> {
    fn expr(&mut self, expr: &'a Expr, _write: bool) -> bool {
        if self.found.is_some() {
            return false;
        }
        let ExprKind::Assign { op, target, value } = &expr.kind else { return true };
        let added = match op {
            Some(op) => accumulates(*op).then_some(&**value),
            None => match &value.kind {
                ExprKind::Binary { op, lhs, rhs }
                    if accumulates(*op)
                        && util::expr_key(lhs).is_some()
                        && util::expr_key(lhs) == util::expr_key(target) =>
                {
                    Some(&**rhs)
                }
                _ => None,
            },
        };
        if let Some(added) = added {
            self.found = self.read_at_index(added);
        }
        self.found.is_none()
    }
}

impl Sums<'_, '_> {
    /// The first `array[index]` in `expr`.
    fn read_at_index(&self, expr: &Expr) -> Option<Span> {
        if let ExprKind::Index { target, index } = &expr.kind {
            if self.finder.local(target) == Some(self.finder.array)
                && self.finder.local(index) == Some(self.index)
            {
                return Some(expr.span);
            }
        }
        let mut found = None;
        util::for_each_child(expr, &mut |child, _| {
            if found.is_none() {
                found = self.read_at_index(child);
            }
        });
        found
    }
}

/// Operators whose running result changes when one operand comes twice.
fn accumulates(op: BinaryOp) -> bool {
    matches!(op, BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::BitXor)
}
