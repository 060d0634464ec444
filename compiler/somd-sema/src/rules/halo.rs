//! Reductions that count a view's halo cells (W0311).
//!
//! A `dist(view = <b, a>)` partition holds the cells next to its neighbours' partitions
//! too (LANGUAGE.md §2.2), so a cell near a boundary is in two method instances. A loop
//! over every cell of such a partition that accumulates what it reads (`s += a[i]` for
//! `i < a.length`) counts those cells once in each, and a reduction that combines the
//! instances' values with `+`, `-`, `*`, `^`, `self` or a class then depends on their
//! number, where §2.1 asks for the same result on any number. The idempotent operators
//! (`min`, `max`, `&`, `|`, `&&`, `||`) see a cell twice harmlessly. The method's own
//! `reduce` and an intermediate reduction passed the partition (§2.4) are both checked.
//! The loop must visit every cell, as code written for the whole array does (`for (i = 0;
//! i < a.length; i++)`, `i <= a.length - 1`, or down from `a.length - 1` to 0; a `while`
//! or `do`/`while` loop started by the statement before it; a bound held in a local never
//! assigned again), without a `continue`, and its accumulation must read the partition at
//! the loop's index or be guarded by an `if` that does (`if (a[i] > t) c++`), directly or
//! through a local of the iteration holding what it read (`long v = a[i];`). The running
//! value must reach what the method returns other than through a comparison and live
//! across iterations; a test of the index itself (`i > 0 && i < a.length - 1`) may keep
//! the halo cells out and is not looked into. A body that asks the partition's geometry
//! (`Somd.offset`, `Somd.globalLength`) is taken to place its cells itself and is not
//! checked: that is how a program skips its halo cells or subtracts them again.

use super::codes;
use super::util::{self, Visitor};
use crate::model::{CallTarget, MethodId, NameRes, Program};
use somd_diag::{Diagnostic, Span};
use somd_syntax::ast::{
    BinaryOp, Block, DeclId, DistKind, DistSpec, Expr, ExprKind, LocalDecl, Param, ReduceOp,
    ReduceStrategy, Stmt, StmtKind,
};
use std::collections::{HashMap, HashSet};

pub(super) fn check(program: &Program, diagnostics: &mut Vec<Diagnostic>) {
    for id in program.method_ids() {
        let Some(decl) = program.method_decl(id) else { continue };
        let Some(block) = &decl.body else { continue };
        let viewed: Vec<&Param> =
            decl.params.iter().filter(|p| halo_on_rows(program, &p.dist)).collect();
        if viewed.is_empty() {
            continue;
        }
        if counts_twice(decl.modifiers.reduce().map(|(strategy, _)| strategy))
            && !asks_geometry(program, block)
        {
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
             cells: with `view = <b, f>`, the first `b` cells of `{name}` are halo cells when \
             `Somd.offset({name}) > 0`, and the last `f` when `Somd.offset({name}) + \
             {name}.length < Somd.globalLength({name})`"
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
        if asks_geometry(self.program, body) {
            return true;
        }
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
/// a loop of `block` over every cell of `array` ([`Finder::header`]).
fn whole_accumulation(program: &Program, block: &Block, array: DeclId) -> Option<Span> {
    let mut fixed = Fixed { assigned: Assigned::new(program, false), values: HashMap::new() };
    util::walk_block(&mut fixed, block);
    let written = fixed.assigned.locals;
    let values = fixed.values.into_iter().filter(|(decl, _)| !written.contains(decl));
    let feeds = feeding_result(program, block);
    let mut finder = Finder { program, array, fixed: values.collect(), feeds, found: None };
    finder.while_loops(&block.stmts);
    if finder.found.is_none() {
        util::walk_block(&mut finder, block);
    }
    finder.found
}

/// The locals of a body declared with a value and never assigned after (`int n =
/// a.length;`), which a loop bound may name for the value.
struct Fixed<'p, 'a> {
    /// The locals assigned anywhere, or declared without a value.
    assigned: Assigned<'p>,
    values: HashMap<DeclId, &'a Expr>,
}

impl<'a> Visitor<'a> for Fixed<'_, 'a> {
    fn expr(&mut self, expr: &'a Expr, write: bool) -> bool {
        self.assigned.expr(expr, write)
    }

    fn local_decl(&mut self, decl: &'a LocalDecl) {
        for var in &decl.vars {
            match &var.init {
                Some(init) => {
                    self.values.insert(var.id, init);
                }
                None => {
                    self.assigned.locals.insert(var.id);
                }
            }
        }
    }
}

struct Finder<'p, 'a> {
    program: &'p Program,
    array: DeclId,
    fixed: HashMap<DeclId, &'a Expr>,
    /// The locals whose values reach what the body returns ([`feeding_result`]).
    feeds: HashSet<DeclId>,
    found: Option<Span>,
}

impl<'a> Visitor<'a> for Finder<'_, 'a> {
    fn stmt(&mut self, stmt: &'a Stmt) -> bool {
        if self.found.is_some() {
            return false;
        }
        match &stmt.kind {
            StmtKind::For { init, cond: Some(cond), body, .. } => {
                if let Some(header) = self.header(cond) {
                    if self.starts(init, header) {
                        self.check_loop(header.0, body);
                    }
                }
            }
            StmtKind::Block(block) => self.while_loops(&block.stmts),
            _ => {}
        }
        self.found.is_none()
    }
}

impl<'a> Finder<'_, 'a> {
    /// `while` and `do`/`while` loops of a block that visit every cell of `array`
    /// ([`Finder::header`]), their index started by the last statement before them that
    /// sets it.
    fn while_loops(&mut self, stmts: &'a [Stmt]) {
        for (at, stmt) in stmts.iter().enumerate() {
            let (StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond }) = &stmt.kind
            else {
                continue;
            };
            let Some(header) = self.header(cond) else { continue };
            let setter = stmts[..at].iter().rev().find(|s| sets(self.program, s, header.0));
            if setter.is_some_and(|s| self.starts(std::slice::from_ref(s), header)) {
                self.check_loop(header.0, body);
            }
            if self.found.is_some() {
                return;
            }
        }
    }

    /// Records the first accumulation of `array[index]` in the body of a loop over every
    /// cell, unless the body may pass over cells (`continue`).
    fn check_loop(&mut self, index: DeclId, body: &'a Stmt) {
        if skips(body) {
            return;
        }
        let mut inner =
            Declared { program: self.program, decls: HashSet::new(), with_value: HashSet::new() };
        util::walk_stmt(&mut inner, body);
        let mut written = Assigned::new(self.program, false);
        util::walk_stmt(&mut written, body);
        // Locals of the iteration declared without a value and assigned once (`long v; v =
        // a[i];`, review 101): that assignment is their value.
        let once = inner
            .decls
            .iter()
            .filter(|d| !inner.with_value.contains(d) && written.writes.get(d) == Some(&1))
            .copied()
            .collect();
        let mut sums = Sums {
            finder: self,
            index,
            inner: inner.decls,
            once,
            cells: HashMap::new(),
            guard: None,
            found: None,
        };
        util::walk_stmt(&mut sums, body);
        self.found = sums.found;
    }

    /// The index of a loop test that runs over every cell of `array`, and whether it counts
    /// up (from 0 while `i < array.length`, `array.length > i`, `i <= array.length - 1`)
    /// or down (from `array.length - 1` while `i >= 0`, `i > -1`). A bound may be a local
    /// holding the length ([`Fixed`]).
    fn header(&self, cond: &Expr) -> Option<(DeclId, bool)> {
        let ExprKind::Binary { op, lhs, rhs } = &cond.kind else { return None };
        match op {
            BinaryOp::Lt if self.is_length(rhs) => Some((self.local(lhs)?, true)),
            BinaryOp::Gt if self.is_length(lhs) => Some((self.local(rhs)?, true)),
            BinaryOp::Le if self.is_length_minus_one(rhs) => Some((self.local(lhs)?, true)),
            BinaryOp::Ge if util::const_int(self.program, rhs) == Some(0) => {
                Some((self.local(lhs)?, false))
            }
            BinaryOp::Gt if util::const_int(self.program, rhs) == Some(-1) => {
                Some((self.local(lhs)?, false))
            }
            _ => None,
        }
    }

    /// Whether `init` (a `for` header's, or the statement before a `while`) starts the
    /// loop of [`Finder::header`] `(index, up)` at its first cell: `int i = ..` or `i = ..`.
    fn starts(&self, init: &[Stmt], (index, up): (DeclId, bool)) -> bool {
        let starts = |e: &Expr| match up {
            true => util::const_int(self.program, e) == Some(0),
            false => self.is_length_minus_one(e),
        };
        match init {
            [Stmt { kind: StmtKind::Local(decl), .. }] => {
                decl.vars.iter().any(|var| var.id == index && var.init.as_ref().is_some_and(starts))
            }
            [Stmt { kind: StmtKind::Expr(e), .. }] => matches!(
                &e.kind,
                ExprKind::Assign { op: None, target, value }
                    if self.local(target) == Some(index) && starts(value)
            ),
            _ => false,
        }
    }

    /// Whether `expr` is `array.length`, or a local holding it.
    fn is_length(&self, expr: &Expr) -> bool {
        if let Some(value) = self.local(expr).and_then(|decl| self.fixed.get(&decl)) {
            return self.is_length(value);
        }
        let ExprKind::Field { target, .. } = &expr.kind else { return false };
        matches!(self.program.names.get(&expr.id), Some(NameRes::ArrayLength))
            && self.local(target) == Some(self.array)
    }

    /// Whether `expr` is `array.length - 1`, or a local holding it.
    fn is_length_minus_one(&self, expr: &Expr) -> bool {
        if let Some(value) = self.local(expr).and_then(|decl| self.fixed.get(&decl)) {
            return self.is_length_minus_one(value);
        }
        matches!(&expr.kind, ExprKind::Binary { op: BinaryOp::Sub, lhs, rhs }
            if self.is_length(lhs) && util::const_int(self.program, rhs) == Some(1))
    }

    fn local(&self, expr: &Expr) -> Option<DeclId> {
        match self.program.names.get(&expr.id) {
            Some(NameRes::Local(decl)) if matches!(expr.kind, ExprKind::Name(_)) => Some(*decl),
            _ => None,
        }
    }
}

/// Accumulations in a loop's body whose value reads `array[index]`, or that a condition
/// reading it guards (`if (a[i] > t) c++;`).
struct Sums<'f, 'p, 'a> {
    finder: &'f Finder<'p, 'a>,
    index: DeclId,
    /// The locals of one iteration of the loop ([`Declared`]).
    inner: HashSet<DeclId>,
    /// Locals of one iteration declared without a value and assigned once.
    once: HashSet<DeclId>,
    /// Locals of one iteration, never assigned again, whose value reads the cell (`long v =
    /// a[i];`, `boolean big = a[i] > t;`, `long v; v = a[i];`), with that read: they stand
    /// for it.
    cells: HashMap<DeclId, Span>,
    /// The read of `array[index]` in the test of an `if` around the statement walked.
    guard: Option<Span>,
    found: Option<Span>,
}

impl<'a> Visitor<'a> for Sums<'_, '_, 'a> {
    fn stmt(&mut self, stmt: &'a Stmt) -> bool {
        if self.found.is_some() {
            return false;
        }
        let StmtKind::If { cond, then_branch, else_branch } = &stmt.kind else { return true };
        // A test of the index itself (`i > 0 && i < a.length - 1 && ..`) may keep the halo
        // cells out.
        if bare_index(self.finder, cond, self.index) {
            return false;
        }
        let Some(read) = self.guard.or_else(|| self.read_at_index(cond)) else { return true };
        let outer = self.guard.replace(read);
        util::walk_expr(self, cond, false);
        for branch in std::iter::once(then_branch).chain(else_branch) {
            util::walk_stmt(self, branch);
        }
        self.guard = outer;
        false
    }

    fn local_decl(&mut self, decl: &'a LocalDecl) {
        for var in &decl.vars {
            let copy = self.inner.contains(&var.id) && self.finder.fixed.contains_key(&var.id);
            if let Some(read) =
                var.init.as_ref().filter(|_| copy).and_then(|init| self.read_at_index(init))
            {
                self.cells.insert(var.id, read);
            }
        }
    }

    fn expr(&mut self, expr: &'a Expr, _write: bool) -> bool {
        if self.found.is_some() {
            return false;
        }
        if let ExprKind::Assign { op: None, target, value } = &expr.kind {
            if let Some(v) = self.finder.local(target).filter(|v| self.once.contains(v)) {
                if let Some(read) = self.read_at_index(value) {
                    self.cells.insert(v, read);
                }
            }
        }
        let (target, added) = match &expr.kind {
            ExprKind::Assign { op, target, value } => {
                let same = |e: &Expr| {
                    util::expr_key(e).is_some() && util::expr_key(e) == util::expr_key(target)
                };
                let added = match op {
                    Some(op) => accumulates(*op).then_some(&**value),
                    None => match &value.kind {
                        ExprKind::Binary { op, lhs, rhs } if accumulates(*op) && same(lhs) => {
                            Some(&**rhs)
                        }
                        // `s = a[i] + s`: the operators but `-` commute.
                        ExprKind::Binary { op, lhs, rhs }
                            if accumulates(*op) && *op != BinaryOp::Sub && same(rhs) =>
                        {
                            Some(&**lhs)
                        }
                        _ => None,
                    },
                };
                (&**target, added)
            }
            // A count: `c++` adds one per cell it is reached for.
            ExprKind::Unary { op, operand } if util::is_inc_dec(*op) => (&**operand, None),
            _ => return true,
        };
        // A cell's own slot (`t[i] += a[i]`) is no running value of the partition, nor is
        // the loop's index, a local of one iteration (an inner loop's counter, a sum of one
        // cell's terms) or one that never reaches the result. A value held in an element
        // or field (`acc[0] += ..`) is judged by the local holding it; one in a static
        // field or `this` may reach the result.
        if util::mentions(self.finder.program, target, self.index)
            || root_local(self.finder.program, target).is_some_and(|decl| {
                self.inner.contains(&decl) || !self.finder.feeds.contains(&decl)
            })
        {
            return true;
        }
        let is_count = matches!(expr.kind, ExprKind::Unary { .. });
        // `c += (i > 0 && .. && a[i] > a[i - 1]) ? 1 : 0`: the index's own test may keep
        // the halo cells out, as an `if` testing it may.
        if added.is_some_and(|v| tests_index(self.finder, v, self.index)) {
            return true;
        }
        if is_count || added.is_some() {
            self.found = added.and_then(|added| self.read_at_index(added)).or(self.guard);
        }
        self.found.is_none()
    }
}

impl Sums<'_, '_, '_> {
    /// The first `array[index]` in `expr`, directly or through a copy of the cell
    /// ([`Sums::cells`]).
    fn read_at_index(&self, expr: &Expr) -> Option<Span> {
        if let Some(read) = self.finder.local(expr).and_then(|decl| self.cells.get(&decl)) {
            return Some(*read);
        }
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

/// Whether `block` calls `Somd.offset` or `Somd.globalLength`.
fn asks_geometry(program: &Program, block: &Block) -> bool {
    struct Geometry<'p> {
        program: &'p Program,
        found: bool,
    }
    impl<'a> Visitor<'a> for Geometry<'_> {
        fn expr(&mut self, expr: &'a Expr, _write: bool) -> bool {
            self.found |= matches!(
                self.program.calls.get(&expr.id),
                Some(CallTarget::Builtin { class: "Somd", name: "offset" | "globalLength" })
            );
            !self.found
        }
    }
    let mut geometry = Geometry { program, found: false };
    util::walk_block(&mut geometry, block);
    geometry.found
}

/// Whether `stmt` declares or assigns the local `decl` (as a whole: `int i = 0;`, `i =
/// 0;`, `i++;`).
fn sets(program: &Program, stmt: &Stmt, decl: DeclId) -> bool {
    let mut assigned = Assigned::new(program, true);
    util::walk_stmt(&mut assigned, stmt);
    assigned.locals.contains(&decl)
}

/// The locals of one iteration of a loop body: those it declares, and the counters its
/// `for` loops set in their headers (`for (j = 0; j < 3; j++)`), however declared.
struct Declared<'p> {
    program: &'p Program,
    decls: HashSet<DeclId>,
    /// Those declared with a value.
    with_value: HashSet<DeclId>,
}

impl<'a> Visitor<'a> for Declared<'_> {
    fn stmt(&mut self, stmt: &'a Stmt) -> bool {
        let StmtKind::For { init, update, .. } = &stmt.kind else { return true };
        let mut assigned = Assigned::new(self.program, false);
        for s in init {
            util::walk_stmt(&mut assigned, s);
        }
        for e in update {
            util::walk_expr(&mut assigned, e, false);
        }
        self.decls.extend(assigned.locals);
        true
    }

    fn local_decl(&mut self, decl: &'a LocalDecl) {
        self.decls.extend(decl.vars.iter().map(|var| var.id));
        self.with_value.extend(decl.vars.iter().filter(|var| var.init.is_some()).map(|var| var.id));
    }
}

/// The locals the code walked assigns (`i = 0`, `i++`, `s += ..`) and, with `declared`,
/// those it declares.
struct Assigned<'p> {
    program: &'p Program,
    declared: bool,
    locals: HashSet<DeclId>,
    /// How many places write each local.
    writes: HashMap<DeclId, usize>,
}

impl<'p> Assigned<'p> {
    fn new(program: &'p Program, declared: bool) -> Self {
        Assigned { program, declared, locals: HashSet::new(), writes: HashMap::new() }
    }
}

impl<'a> Visitor<'a> for Assigned<'_> {
    fn expr(&mut self, expr: &'a Expr, write: bool) -> bool {
        if let (true, ExprKind::Name(_), Some(NameRes::Local(decl))) =
            (write, &expr.kind, self.program.names.get(&expr.id))
        {
            self.locals.insert(*decl);
            *self.writes.entry(*decl).or_default() += 1;
        }
        true
    }

    fn local_decl(&mut self, decl: &'a LocalDecl) {
        if self.declared {
            self.locals.extend(decl.vars.iter().map(|var| var.id));
        }
    }
}

/// The locals of `block` whose values reach what it returns other than through a
/// comparison: named in a `return`, or assigned a value naming one that does (a count
/// only compared, `ok = bad > 0 ? 0 : 1`, sees a cell twice harmlessly).
fn feeding_result(program: &Program, block: &Block) -> HashSet<DeclId> {
    struct Flows<'p, 'a> {
        program: &'p Program,
        returned: Vec<&'a Expr>,
        /// Each assignment's or declaration's local and value.
        assigned: Vec<(DeclId, &'a Expr)>,
    }
    impl<'a> Visitor<'a> for Flows<'_, 'a> {
        fn stmt(&mut self, stmt: &'a Stmt) -> bool {
            if let StmtKind::Return(Some(e)) = &stmt.kind {
                self.returned.push(e);
            }
            true
        }

        fn expr(&mut self, expr: &'a Expr, _write: bool) -> bool {
            if let ExprKind::Assign { target, value, .. } = &expr.kind {
                if let (ExprKind::Name(_), Some(NameRes::Local(decl))) =
                    (&target.kind, self.program.names.get(&target.id))
                {
                    self.assigned.push((*decl, value));
                }
            }
            true
        }

        fn local_decl(&mut self, decl: &'a LocalDecl) {
            for var in &decl.vars {
                if let Some(init) = &var.init {
                    self.assigned.push((var.id, init));
                }
            }
        }
    }
    let mut flows = Flows { program, returned: Vec::new(), assigned: Vec::new() };
    util::walk_block(&mut flows, block);
    let mut feeds = HashSet::new();
    for e in &flows.returned {
        compared_out(program, e, &mut feeds);
    }
    loop {
        let before = feeds.len();
        for (decl, value) in &flows.assigned {
            if feeds.contains(decl) {
                compared_out(program, value, &mut feeds);
            }
        }
        if feeds.len() == before {
            return feeds;
        }
    }
}

/// Adds to `out` the locals `expr` names other than inside a comparison.
fn compared_out(program: &Program, expr: &Expr, out: &mut HashSet<DeclId>) {
    match &expr.kind {
        ExprKind::Binary {
            op:
                BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge | BinaryOp::Eq | BinaryOp::Ne,
            ..
        } => {}
        ExprKind::Name(_) => {
            if let Some(NameRes::Local(decl)) = program.names.get(&expr.id) {
                out.insert(*decl);
            }
        }
        _ => util::for_each_child(expr, &mut |child, _| compared_out(program, child, out)),
    }
}

/// Whether `expr` names the local `index` other than inside an element's index (`i > 0`,
/// not `a[i - 1]`); a local never assigned after its declaration stands for its value
/// (`boolean inner = i > 0 && i < a.length - 1;`).
fn bare_index(finder: &Finder, expr: &Expr, index: DeclId) -> bool {
    match &expr.kind {
        ExprKind::Index { target, .. } => bare_index(finder, target, index),
        ExprKind::Name(_) => match finder.program.names.get(&expr.id) {
            Some(NameRes::Local(decl)) if *decl == index => true,
            Some(NameRes::Local(decl)) => {
                finder.fixed.get(decl).is_some_and(|value| bare_index(finder, value, index))
            }
            _ => false,
        },
        _ => {
            let mut found = false;
            util::for_each_child(expr, &mut |child, _| {
                found = found || bare_index(finder, child, index);
            });
            found
        }
    }
}

/// Whether `expr` holds a conditional whose test names the index itself ([`bare_index`]).
fn tests_index(finder: &Finder, expr: &Expr, index: DeclId) -> bool {
    if let ExprKind::Conditional { cond, .. } = &expr.kind {
        if bare_index(finder, cond, index) {
            return true;
        }
    }
    let mut found = false;
    util::for_each_child(expr, &mut |child, _| found = found || tests_index(finder, child, index));
    found
}

/// The local an assignment's place is held by: `s`, `acc` of `acc[0]` or `acc.f`.
fn root_local(program: &Program, target: &Expr) -> Option<DeclId> {
    match &target.kind {
        ExprKind::Name(_) => match program.names.get(&target.id) {
            Some(NameRes::Local(decl)) => Some(*decl),
            _ => None,
        },
        ExprKind::Index { target, .. } | ExprKind::Field { target, .. } => {
            root_local(program, target)
        }
        _ => None,
    }
}

/// Whether a loop body holds a `continue` (it may pass over the halo cells).
fn skips(body: &Stmt) -> bool {
    struct Continues(bool);
    impl<'a> Visitor<'a> for Continues {
        fn stmt(&mut self, stmt: &'a Stmt) -> bool {
            self.0 |= matches!(stmt.kind, StmtKind::Continue(_));
            !self.0
        }
    }
    let mut continues = Continues(false);
    util::walk_stmt(&mut continues, body);
    continues.0
}
