//! Divergent control flow around intermediate reductions and `sync` (LANGUAGE.md §2.4,
//! §2.5).
//!
//! Every method instance (MI) must reach the same intermediate reductions and `sync`
//! barriers in the same order, so such a call or block may not sit under a condition whose
//! value can differ between MIs. The pass runs on the body of every SOMD method:
//!
//! 1. **Taint.** A value is *partition-dependent* when it reads a `dist` variable (its
//!    contents or its `length`), `Somd.offset(..)`, or a tainted local or field.
//!    `Somd.globalLength`, non-`dist` parameters, fields the body never assigns and the
//!    result of an intermediate reduction (the same combined value in every MI) are not. A
//!    local is tainted when some assignment to it (or to one of its elements) reads
//!    partition-dependent data, or happens under a partition-dependent condition (implicit
//!    flow); so is a field that the body assigns so, through any object (fields are told
//!    apart by declaration only: `b.v = a[0]; if (b.v > 0) ..`). Assignments to a `shared`
//!    scalar inside its own `sync reduce(op) (x)` block do not taint it: after the block
//!    every MI holds the combined value. An array passed to a helper that may write it
//!    ([`writes_param`]: any use but reading its elements or length) depends on everything
//!    the call reads (`fill(box, a)` storing `a.length` in `box[0]`). The analysis is flow-insensitive and linear: assignments become edges
//!    of a dependency graph whose tainted part is found by one breadth-first search.
//! 2. **Check.** The body is walked with the innermost partition-dependent condition in
//!    hand: `if`, `?:`, the right operand of `&&`/`||`, loop conditions, and loops whose
//!    body may `break`/`continue`/`return` under such a condition. A `return` under such a
//!    condition makes everything after it (in source order) divergent.
//!
//! Calls are checked where they are written in a SOMD method body. A call there of an
//! ordinary helper method that reaches an intermediate reduction (directly or through
//! other helpers; found by a backward search over the call graph) counts as a reduction
//! too. A call of such a helper that every MI makes alike has the helper's own body
//! checked in turn, with the parameters that partition data reach at that call as its
//! roots (the arguments' taint): once per helper and taint, its calls of further helpers
//! followed the same way, each diagnostic naming the call that passed the data.

use super::codes;
use super::util;
use crate::model::{CallTarget, FieldId, MapArg, MethodId, NameRes, Program, Ty};
use somd_diag::{Diagnostic, Span};
use somd_syntax::ast::{BinaryOp, Block, DeclId, Expr, ExprKind, MethodDecl, Stmt, StmtKind};
use std::collections::{HashMap, HashSet, VecDeque};

pub(super) fn check(program: &Program, diagnostics: &mut Vec<Diagnostic>) {
    let helpers = reducing_helpers(program);
    let mut found = Vec::new();
    let mut calls = Vec::new();
    for id in program.method_ids() {
        let Some(decl) = program.method_decl(id) else { continue };
        let Some(body) = &decl.body else { continue };
        if !util::decl_is_somd(decl) {
            continue;
        }
        let dist = dist_decls(decl);
        check_body(program, &helpers, body, &dist, None, &mut found, &mut calls);
    }
    // The helpers reaching a reduction, each with the parameters partition data reaches
    // at some call (its arguments' taint there): their own control flow decides whether
    // every MI makes the helper's reductions alike.
    let mut seen: HashSet<(MethodId, Vec<bool>)> = HashSet::new();
    while let Some(call) = calls.pop() {
        if !seen.insert((call.helper, call.tainted.clone())) {
            continue;
        }
        let Some(decl) = program.method_decl(call.helper) else { continue };
        let Some(body) = &decl.body else { continue };
        let roots: HashSet<DeclId> = decl
            .params
            .iter()
            .zip(&call.tainted)
            .filter(|(_, tainted)| **tainted)
            .map(|(p, _)| p.id)
            .collect();
        check_body(program, &helpers, body, &roots, Some(&call), &mut found, &mut calls);
    }
    // A helper reached with the same taint from several places reports once.
    let mut reported = HashSet::new();
    for diagnostic in found {
        if reported.insert(format!("{:?} {}", diagnostic.primary.span, diagnostic.message)) {
            diagnostics.push(diagnostic);
        }
    }
}

/// A call of a helper that reaches an intermediate reduction, made where every MI makes
/// it: which of its arguments carry partition data.
struct HelperCall {
    helper: MethodId,
    tainted: Vec<bool>,
    span: Span,
}

/// Checks one body whose partition data are `roots` (a SOMD method's `dist` variables, or
/// a helper's parameters that partition data reach at `call`).
fn check_body(
    program: &Program,
    helpers: &HashMap<MethodId, MethodId>,
    body: &Block,
    roots: &HashSet<DeclId>,
    call: Option<&HelperCall>,
    diagnostics: &mut Vec<Diagnostic>,
    calls: &mut Vec<HelperCall>,
) {
    let mut graph = Graph::new(program, roots);
    graph.block(body, None, None);
    let tainted = graph.solve();
    let mut checker = Checker {
        program,
        dist: roots,
        tainted: &tainted,
        helpers,
        after_return: None,
        caller: call.map(|c| (c.helper, c.span)),
        diagnostics,
        calls,
    };
    checker.block(body, None);
}

/// Ordinary methods (no `dist` parameter, no `reduce`) that reach an intermediate
/// reduction through calls, each with the reduction it reaches.
fn reducing_helpers(program: &Program) -> HashMap<MethodId, MethodId> {
    struct Calls<'p> {
        program: &'p Program,
        out: Vec<MethodId>,
    }
    impl<'a> util::Visitor<'a> for Calls<'_> {
        fn expr(&mut self, expr: &'a Expr, _write: bool) -> bool {
            if let ExprKind::Call { .. } | ExprKind::Map { .. } | ExprKind::Reduce { .. } =
                expr.kind
            {
                if let Some(CallTarget::Method(id)) = self.program.calls.get(&expr.id) {
                    self.out.push(*id);
                }
            }
            true
        }
    }
    let is_helper = |id: MethodId| {
        util::method_info(program, id).is_some_and(|m| m.reduce.is_none() && !m.is_somd())
    };
    let mut found: HashMap<MethodId, MethodId> = HashMap::new();
    let mut callers: HashMap<MethodId, Vec<MethodId>> = HashMap::new();
    let mut queue = VecDeque::new();
    for id in program.method_ids() {
        if !is_helper(id) {
            continue;
        }
        let Some(body) = program.method_decl(id).and_then(|d| d.body.as_ref()) else { continue };
        let mut calls = Calls { program, out: Vec::new() };
        util::walk_block(&mut calls, body);
        for callee in calls.out {
            if is_intermediate(program, callee) {
                if let std::collections::hash_map::Entry::Vacant(slot) = found.entry(id) {
                    slot.insert(callee);
                    queue.push_back(id);
                }
            } else if is_helper(callee) {
                callers.entry(callee).or_default().push(id);
            }
        }
    }
    while let Some(helper) = queue.pop_front() {
        let Some(&reduction) = found.get(&helper) else { continue };
        for caller in callers.get(&helper).into_iter().flatten() {
            if let std::collections::hash_map::Entry::Vacant(slot) = found.entry(*caller) {
                slot.insert(reduction);
                queue.push_back(*caller);
            }
        }
    }
    found
}

/// The `dist` parameters and locals of a SOMD method.
fn dist_decls(decl: &MethodDecl) -> HashSet<DeclId> {
    let mut out: HashSet<DeclId> =
        decl.params.iter().filter(|p| p.dist.is_some()).map(|p| p.id).collect();
    if let Some(body) = &decl.body {
        struct Collect<'s>(&'s mut HashSet<DeclId>);
        impl<'a> util::Visitor<'a> for Collect<'_> {
            fn local_decl(&mut self, decl: &'a somd_syntax::ast::LocalDecl) {
                if decl.dist.is_some() {
                    self.0.extend(decl.vars.iter().map(|v| v.id));
                }
            }
        }
        util::walk_block(&mut Collect(&mut out), body);
    }
    out
}

/// What an expression reads that matters for taint.
#[derive(Default)]
struct Reads {
    locals: Vec<DeclId>,
    fields: Vec<FieldId>,
    /// Reads partition data directly (`dist` variable, `Somd.offset`).
    direct: bool,
}

/// Collects the reads of `expr` (not descending into values that are the same in every MI).
fn reads(program: &Program, dist: &HashSet<DeclId>, expr: &Expr, out: &mut Reads) {
    match &expr.kind {
        ExprKind::Name(_) => {
            match program.names.get(&expr.id) {
                Some(NameRes::Local(decl)) if dist.contains(decl) => out.direct = true,
                Some(NameRes::Local(decl)) => out.locals.push(*decl),
                Some(NameRes::Field(field)) => out.fields.push(*field),
                _ => {}
            }
            return;
        }
        ExprKind::Field { .. } => {
            if let Some(NameRes::Field(field)) = program.names.get(&expr.id) {
                out.fields.push(*field);
            }
        }
        ExprKind::Call { .. } => match program.calls.get(&expr.id) {
            Some(CallTarget::Builtin { class: "Somd", name: "offset" }) => {
                out.direct = true;
                return;
            }
            Some(CallTarget::Builtin { class: "Somd", name: "globalLength" }) => return,
            Some(CallTarget::Method(method)) if is_intermediate(program, *method) => return,
            _ => {}
        },
        _ => {}
    }
    util::for_each_child(expr, &mut |child, _| reads(program, dist, child, out));
}

/// Whether `method` may write an element of the array its parameter `k` holds: an
/// assignment or `++`/`--` into it, or any use but reading an element that is no mutable
/// array or a length (passed on, aliased, a row taken: any of those might write it).
fn writes_param(program: &Program, method: MethodId, k: usize) -> bool {
    let Some(decl) = program.method_decl(method) else { return true };
    let (Some(param), Some(body)) = (decl.params.get(k), &decl.body) else { return true };
    struct Uses<'p> {
        program: &'p Program,
        param: DeclId,
        found: bool,
    }
    impl Uses<'_> {
        fn is_param(&self, e: &Expr) -> bool {
            matches!(self.program.names.get(&e.id), Some(NameRes::Local(d)) if *d == self.param)
        }
        /// The base of an element or length chain (`p[i][j]`, `p[i].length`) and the
        /// chain's indices.
        fn chain<'e>(e: &'e Expr, indices: &mut Vec<&'e Expr>) -> &'e Expr {
            match &e.kind {
                ExprKind::Index { target, index } => {
                    indices.push(index);
                    Self::chain(target, indices)
                }
                ExprKind::Field { target, .. } => Self::chain(target, indices),
                _ => e,
            }
        }
        fn visit(&mut self, e: &Expr, write: bool) {
            if let ExprKind::Index { .. } | ExprKind::Field { .. } = e.kind {
                let mut indices = Vec::new();
                let base = Self::chain(e, &mut indices);
                if self.is_param(base) {
                    let element = !matches!(self.program.expr_ty.get(&e.id), Some(Ty::Array(_)));
                    if write || !element {
                        self.found = true;
                    }
                    for index in indices {
                        self.visit(index, false);
                    }
                    return;
                }
            }
            if self.is_param(e) {
                // Passed on, aliased or stored: it may be written elsewhere.
                self.found = true;
                return;
            }
            util::for_each_child(e, &mut |child, write| self.visit(child, write));
        }
    }
    impl<'a> util::Visitor<'a> for Uses<'_> {
        fn expr(&mut self, expr: &'a Expr, write: bool) -> bool {
            self.visit(expr, write);
            false
        }
    }
    let mut uses = Uses { program, param: param.id, found: false };
    util::walk_block(&mut uses, body);
    uses.found
}

/// A method with `reduce` and no `dist` parameter: an intermediate reduction inside an MI.
fn is_intermediate(program: &Program, method: MethodId) -> bool {
    util::method_info(program, method).is_some_and(|m| m.reduce.is_some() && !m.is_somd())
}

/// A node of the dependency graph: a local, a field, or a condition (for implicit flows).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Node {
    Local(DeclId),
    Field(FieldId),
    Cond(usize),
}

/// The locals and fields whose values may differ between MIs.
#[derive(Default)]
struct Tainted {
    locals: HashSet<DeclId>,
    fields: HashSet<FieldId>,
}

/// The dependency graph of one method body.
struct Graph<'p> {
    program: &'p Program,
    dist: &'p HashSet<DeclId>,
    /// `edges[a]` are the nodes that become tainted when `a` is.
    edges: HashMap<Node, Vec<Node>>,
    sources: Vec<Node>,
    n_conds: usize,
    /// The `shared` locals declared so far, by name (for `sync reduce(op) (x)`).
    shared: HashMap<String, DeclId>,
}

impl<'p> Graph<'p> {
    fn new(program: &'p Program, dist: &'p HashSet<DeclId>) -> Graph<'p> {
        Graph {
            program,
            dist,
            edges: HashMap::new(),
            sources: Vec::new(),
            n_conds: 0,
            shared: HashMap::new(),
        }
    }

    /// Records that `target` depends on the reads of `expr` and on the enclosing condition.
    fn flow(&mut self, target: Node, expr: Option<&Expr>, cond: Option<Node>) {
        if let Some(expr) = expr {
            let mut r = Reads::default();
            reads(self.program, self.dist, expr, &mut r);
            if r.direct {
                self.sources.push(target);
            }
            let read = r.locals.into_iter().map(Node::Local);
            for node in read.chain(r.fields.into_iter().map(Node::Field)) {
                self.edges.entry(node).or_default().push(target);
            }
        }
        if let Some(cond) = cond {
            self.edges.entry(cond).or_default().push(target);
        }
    }

    /// A new condition node depending on `expr` and on the enclosing condition.
    fn cond(&mut self, expr: &Expr, outer: Option<Node>) -> Option<Node> {
        let node = Node::Cond(self.n_conds);
        self.n_conds += 1;
        self.flow(node, Some(expr), outer);
        Some(node)
    }

    fn block(&mut self, block: &Block, cond: Option<Node>, reducing: Option<DeclId>) {
        for stmt in &block.stmts {
            self.stmt(stmt, cond, reducing);
        }
    }

    fn stmt(&mut self, stmt: &Stmt, cond: Option<Node>, reducing: Option<DeclId>) {
        match &stmt.kind {
            StmtKind::Local(decl) => {
                for var in &decl.vars {
                    if let Some(init) = &var.init {
                        self.flow(Node::Local(var.id), Some(init), cond);
                        self.expr(init, cond, reducing);
                    }
                    if decl.modifiers.is_shared() {
                        self.shared.insert(var.name.name.clone(), var.id);
                    }
                }
            }
            StmtKind::Expr(expr) | StmtKind::Throw(expr) => self.expr(expr, cond, reducing),
            StmtKind::Return(expr) => {
                if let Some(expr) = expr {
                    self.expr(expr, cond, reducing);
                }
            }
            StmtKind::If { cond: test, then_branch, else_branch } => {
                self.expr(test, cond, reducing);
                let inner = self.cond(test, cond);
                self.stmt(then_branch, inner, reducing);
                if let Some(else_branch) = else_branch {
                    self.stmt(else_branch, inner, reducing);
                }
            }
            StmtKind::While { cond: test, body } | StmtKind::DoWhile { body, cond: test } => {
                self.expr(test, cond, reducing);
                let inner = self.cond(test, cond);
                self.stmt(body, inner, reducing);
            }
            StmtKind::For { init, cond: test, update, body } => {
                for stmt in init {
                    self.stmt(stmt, cond, reducing);
                }
                let inner = match test {
                    Some(test) => {
                        self.expr(test, cond, reducing);
                        self.cond(test, cond)
                    }
                    None => cond,
                };
                self.stmt(body, inner, reducing);
                for expr in update {
                    self.expr(expr, inner, reducing);
                }
            }
            StmtKind::Block(block) => self.block(block, cond, reducing),
            StmtKind::Labeled { body, .. } => self.stmt(body, cond, reducing),
            StmtKind::Sync(sync) => {
                let reduced = if sync.reduce.is_some() {
                    sync.vars.first().and_then(|var| self.shared.get(&var.name).copied())
                } else {
                    None
                };
                self.block(&sync.body, cond, reduced.or(reducing));
            }
            StmtKind::Break(_) | StmtKind::Continue(_) | StmtKind::Empty | StmtKind::Error => {}
        }
    }

    /// Records the assignments inside `expr`.
    fn expr(&mut self, expr: &Expr, cond: Option<Node>, reducing: Option<DeclId>) {
        match &expr.kind {
            ExprKind::Assign { target, value, .. } => {
                if let Some(base) = self.assigned(target) {
                    if Some(base) != reducing.map(Node::Local) {
                        self.flow(base, Some(value), cond);
                        if let ExprKind::Index { .. } | ExprKind::Field { .. } = target.kind {
                            self.flow(base, Some(target), None);
                        }
                    }
                }
            }
            ExprKind::Conditional { cond: test, then_expr, else_expr } => {
                self.expr(test, cond, reducing);
                let inner = self.cond(test, cond);
                self.expr(then_expr, inner, reducing);
                self.expr(else_expr, inner, reducing);
                return;
            }
            ExprKind::Binary { op: BinaryOp::And | BinaryOp::Or, lhs, rhs } => {
                self.expr(lhs, cond, reducing);
                let inner = self.cond(lhs, cond);
                self.expr(rhs, inner, reducing);
                return;
            }
            ExprKind::Unary { op, operand } if util::is_inc_dec(*op) => {
                if let Some(base) = self.assigned(operand) {
                    if Some(base) != reducing.map(Node::Local) {
                        self.flow(base, Some(operand), cond);
                    }
                }
            }
            ExprKind::Call { args, .. } => {
                // A helper that may write an array it is passed (`fill(box, a)` storing
                // `a.length` into `box[0]`): the array depends on everything the call reads.
                if let Some(CallTarget::Method(callee)) = self.program.calls.get(&expr.id) {
                    let by_value = util::method_info(self.program, *callee)
                        .is_some_and(|m| m.is_somd() || m.reduce.is_some());
                    for (k, arg) in args.iter().enumerate() {
                        let array = matches!(self.program.expr_ty.get(&arg.id), Some(Ty::Array(_)));
                        if by_value || !array || !writes_param(self.program, *callee, k) {
                            continue;
                        }
                        if let Some(base) = self.assigned(arg) {
                            self.flow(base, Some(expr), cond);
                        }
                    }
                }
            }
            _ => {}
        }
        util::for_each_child(expr, &mut |child, _| self.expr(child, cond, reducing));
    }

    /// The local or field written by an assignment target `x`, `x[i]`, `x[i][j]`, `o.f`,
    /// `o.f[i]`.
    fn assigned(&self, target: &Expr) -> Option<Node> {
        match &target.kind {
            ExprKind::Name(_) | ExprKind::Field { .. } => {
                match self.program.names.get(&target.id) {
                    Some(NameRes::Local(decl)) => Some(Node::Local(*decl)),
                    Some(NameRes::Field(field)) => Some(Node::Field(*field)),
                    _ => None,
                }
            }
            ExprKind::Index { target, .. } => self.assigned(target),
            _ => None,
        }
    }

    /// The tainted locals and fields: everything reachable from a direct source.
    fn solve(self) -> Tainted {
        let mut seen: HashSet<Node> = HashSet::new();
        let mut queue: VecDeque<Node> = VecDeque::new();
        for source in self.sources {
            if seen.insert(source) {
                queue.push_back(source);
            }
        }
        while let Some(node) = queue.pop_front() {
            for next in self.edges.get(&node).into_iter().flatten() {
                if seen.insert(*next) {
                    queue.push_back(*next);
                }
            }
        }
        let mut tainted = Tainted::default();
        for node in seen {
            match node {
                Node::Local(decl) => tainted.locals.insert(decl),
                Node::Field(field) => tainted.fields.insert(field),
                Node::Cond(_) => false,
            };
        }
        tainted
    }
}

/// How a partition-dependent condition makes code divergent.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Cause {
    /// The condition encloses the code (branch, loop condition, `?:`, `&&`, `||`).
    Encloses,
    /// The condition guards a `break`, `continue` or `return` of an enclosing loop.
    LoopExit,
    /// The condition guards an earlier `return`.
    Return,
    /// The condition guards a jump out of an enclosing labelled statement.
    BlockExit,
    /// A `@` or `!` applies its method to each element of an array whose length depends on
    /// partition data.
    Elements,
}

/// Whether `stmt` is a loop.
fn is_loop(stmt: &Stmt) -> bool {
    matches!(stmt.kind, StmtKind::While { .. } | StmtKind::DoWhile { .. } | StmtKind::For { .. })
}

/// Why the current code may run in only some MIs.
#[derive(Clone, Copy)]
struct Divergence {
    /// The partition-dependent condition.
    span: Span,
    cause: Cause,
}

impl Divergence {
    /// The elements of `array`, a partition-dependent operand of a `@` or `!`.
    fn elements(array: &Expr) -> Divergence {
        Divergence { span: array.span, cause: Cause::Elements }
    }
}

struct Checker<'p, 'd> {
    program: &'p Program,
    dist: &'p HashSet<DeclId>,
    tainted: &'p Tainted,
    helpers: &'p HashMap<MethodId, MethodId>,
    after_return: Option<Span>,
    /// In a helper's body: the helper and a call of it from partition data.
    caller: Option<(MethodId, Span)>,
    diagnostics: &'d mut Vec<Diagnostic>,
    /// Calls of reducing helpers every MI makes alike, whose bodies are checked next.
    calls: &'d mut Vec<HelperCall>,
}

impl Checker<'_, '_> {
    fn is_tainted(&self, expr: &Expr) -> bool {
        let mut r = Reads::default();
        reads(self.program, self.dist, expr, &mut r);
        r.direct
            || r.locals.iter().any(|local| self.tainted.locals.contains(local))
            || r.fields.iter().any(|field| self.tainted.fields.contains(field))
    }

    fn divergent_cond(&self, expr: &Expr, outer: Option<Divergence>) -> Option<Divergence> {
        outer.or_else(|| {
            self.is_tainted(expr).then_some(Divergence { span: expr.span, cause: Cause::Encloses })
        })
    }

    fn current(&self, ctx: Option<Divergence>) -> Option<Divergence> {
        ctx.or(self.after_return.map(|span| Divergence { span, cause: Cause::Return }))
    }

    fn block(&mut self, block: &Block, ctx: Option<Divergence>) {
        for stmt in &block.stmts {
            self.stmt(stmt, ctx);
        }
    }

    fn stmt(&mut self, stmt: &Stmt, ctx: Option<Divergence>) {
        match &stmt.kind {
            StmtKind::Local(decl) => {
                for var in &decl.vars {
                    if let Some(init) = &var.init {
                        self.expr(init, ctx);
                    }
                }
            }
            StmtKind::Expr(expr) | StmtKind::Throw(expr) => self.expr(expr, ctx),
            StmtKind::Return(expr) => {
                if let Some(expr) = expr {
                    self.expr(expr, ctx);
                }
                if self.after_return.is_none() {
                    if let Some(div) = ctx {
                        self.after_return = Some(div.span);
                    }
                }
            }
            StmtKind::If { cond, then_branch, else_branch } => {
                self.expr(cond, ctx);
                let inner = self.divergent_cond(cond, ctx);
                self.stmt(then_branch, inner);
                if let Some(else_branch) = else_branch {
                    self.stmt(else_branch, inner);
                }
            }
            StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond } => {
                let inner = self.loop_divergence(Some(cond), body, ctx);
                self.expr(cond, inner);
                self.stmt(body, inner);
            }
            StmtKind::For { init, cond, update, body } => {
                for stmt in init {
                    self.stmt(stmt, ctx);
                }
                let inner = self.loop_divergence(cond.as_ref(), body, ctx);
                if let Some(cond) = cond {
                    self.expr(cond, inner);
                }
                self.stmt(body, inner);
                for expr in update {
                    self.expr(expr, inner);
                }
            }
            StmtKind::Block(block) => self.block(block, ctx),
            // A labelled block that a partition-dependent condition can leave early (`break
            // L`, a jump or `return` out of it) runs what follows the statement holding that
            // jump in only some MIs (the statement itself judges its own parts: a loop its
            // exits, an `if` its branches). Another labelled statement is divergent as a
            // whole; a labelled loop judges its own exits.
            StmtKind::Labeled { body, .. } if !is_loop(body) => {
                let StmtKind::Block(block) = &body.kind else {
                    let inner = ctx.or_else(|| {
                        self.tainted_exit(body, false, None, &mut Vec::new())
                            .map(|span| Divergence { span, cause: Cause::BlockExit })
                    });
                    return self.stmt(body, inner);
                };
                let mut inner = ctx;
                for stmt in &block.stmts {
                    self.stmt(stmt, inner);
                    if inner.is_none() {
                        inner = self
                            .tainted_exit(stmt, false, None, &mut Vec::new())
                            .map(|span| Divergence { span, cause: Cause::BlockExit });
                    }
                }
            }
            StmtKind::Labeled { body, .. } => self.stmt(body, ctx),
            StmtKind::Sync(sync) => {
                if let Some(div) = self.current(ctx) {
                    let mut diagnostic = Diagnostic::error(
                        codes::DIVERGENT_SYNC,
                        "`sync` block under control flow that depends on partition data",
                        util::keyword_span(stmt.span, "sync"),
                    )
                    .with_label("not every method instance may reach this barrier");
                    diagnostic = with_cause(diagnostic, div);
                    self.diagnostics.push(diagnostic.with_help(
                        "move the `sync` block out of the branch or loop, or make the condition \
                         independent of `dist` data (for example with `Somd.globalLength`)",
                    ));
                } else if let Some(exit) = sync
                    .body
                    .stmts
                    .iter()
                    .find_map(|s| self.tainted_exit(s, false, None, &mut Vec::new()))
                {
                    // A `return` (or a jump out) taken by some MIs only skips the barrier
                    // the others wait at.
                    let diagnostic = Diagnostic::error(
                        codes::DIVERGENT_SYNC,
                        "`sync` block that a partition-dependent condition can leave before its \
                         barrier",
                        util::keyword_span(stmt.span, "sync"),
                    )
                    .with_label("not every method instance may reach the end of this block")
                    .with_secondary(exit, "this partition-dependent condition leaves the block");
                    self.diagnostics.push(diagnostic.with_help(
                        "leave the block only under conditions that do not depend on `dist` data, \
                         or compute a flag in the block and `return` after it",
                    ));
                }
                self.block(&sync.body, ctx);
            }
            StmtKind::Break(_) | StmtKind::Continue(_) | StmtKind::Empty | StmtKind::Error => {}
        }
    }

    /// The divergence of a loop's condition and body.
    fn loop_divergence(
        &self,
        cond: Option<&Expr>,
        body: &Stmt,
        ctx: Option<Divergence>,
    ) -> Option<Divergence> {
        if ctx.is_some() {
            return ctx;
        }
        if let Some(div) = cond.and_then(|cond| self.divergent_cond(cond, None)) {
            return Some(div);
        }
        self.tainted_exit(body, false, None, &mut Vec::new())
            .map(|span| Divergence { span, cause: Cause::LoopExit })
    }

    /// The condition guarding a `break`, `continue` or `return` in a loop body that leaves
    /// (or skips part of) the loop, when that condition is partition-dependent. `inner`
    /// holds the labels of statements inside the body: a jump to one of them stays inside.
    fn tainted_exit<'s>(
        &self,
        stmt: &'s Stmt,
        nested: bool,
        guard: Option<Span>,
        inner: &mut Vec<&'s str>,
    ) -> Option<Span> {
        match &stmt.kind {
            StmtKind::Return(_) => guard,
            StmtKind::Break(label) | StmtKind::Continue(label) => match label {
                None if nested => None,
                Some(label) if inner.contains(&label.name.as_str()) => None,
                _ => guard,
            },
            StmtKind::If { cond, then_branch, else_branch } => {
                let guard = guard.or_else(|| self.is_tainted(cond).then_some(cond.span));
                self.tainted_exit(then_branch, nested, guard, inner).or_else(|| {
                    else_branch.as_ref().and_then(|e| self.tainted_exit(e, nested, guard, inner))
                })
            }
            StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond } => {
                let guard = guard.or_else(|| self.is_tainted(cond).then_some(cond.span));
                self.tainted_exit(body, true, guard, inner)
            }
            StmtKind::For { cond, body, .. } => {
                let guard = guard
                    .or_else(|| cond.as_ref().and_then(|c| self.is_tainted(c).then_some(c.span)));
                self.tainted_exit(body, true, guard, inner)
            }
            StmtKind::Block(block) => {
                block.stmts.iter().find_map(|s| self.tainted_exit(s, nested, guard, inner))
            }
            StmtKind::Sync(sync) => {
                sync.body.stmts.iter().find_map(|s| self.tainted_exit(s, nested, guard, inner))
            }
            StmtKind::Labeled { label, body } => {
                inner.push(&label.name);
                let exit = self.tainted_exit(body, nested, guard, inner);
                inner.pop();
                exit
            }
            StmtKind::Local(_)
            | StmtKind::Expr(_)
            | StmtKind::Throw(_)
            | StmtKind::Empty
            | StmtKind::Error => None,
        }
    }

    fn expr(&mut self, expr: &Expr, ctx: Option<Divergence>) {
        match &expr.kind {
            ExprKind::Conditional { cond, then_expr, else_expr } => {
                self.expr(cond, ctx);
                let inner = self.divergent_cond(cond, ctx);
                self.expr(then_expr, inner);
                self.expr(else_expr, inner);
                return;
            }
            ExprKind::Binary { op: BinaryOp::And | BinaryOp::Or, lhs, rhs } => {
                self.expr(lhs, ctx);
                let inner = self.divergent_cond(lhs, ctx);
                self.expr(rhs, inner);
                return;
            }
            ExprKind::Call { args, .. } => {
                let tainted = args.iter().map(|a| self.is_tainted(a)).collect();
                self.check_call(expr, ctx, tainted);
            }
            // The method runs once per element (`!`: once per pair): as often as a loop
            // over the array would.
            ExprKind::Map { args, .. } => {
                let modes = self.program.map_args.get(&expr.id);
                let tainted: Vec<bool> = args.iter().map(|a| self.is_tainted(a)).collect();
                let elements = args.iter().enumerate().find(|(i, _)| {
                    tainted[*i]
                        && modes.and_then(|m| m.get(*i)).is_none_or(|m| *m == MapArg::Mapped)
                });
                let div = elements.map(|(_, a)| Divergence::elements(a));
                self.check_call(expr, ctx.or(div), tainted);
            }
            ExprKind::Reduce { operand, .. } => {
                let elements = self.is_tainted(operand).then_some(&**operand);
                let tainted = vec![elements.is_some(); 2];
                self.check_call(expr, ctx.or(elements.map(Divergence::elements)), tainted);
            }
            _ => {}
        }
        util::for_each_child(expr, &mut |child, _| self.expr(child, ctx));
    }

    /// A call, `@` or `!` of `method` (its arguments' taint `tainted`): divergent, it is
    /// reported when the method reaches an intermediate reduction; made alike by every
    /// MI, a helper's own body is checked with the parameters that partition data reach.
    fn check_call(&mut self, expr: &Expr, ctx: Option<Divergence>, tainted: Vec<bool>) {
        let Some(CallTarget::Method(method)) = self.program.calls.get(&expr.id) else { return };
        let Some(div) = self.current(ctx) else {
            if self.helpers.contains_key(method) {
                self.calls.push(HelperCall { helper: *method, tainted, span: expr.span });
            } else if self.caller.is_none()
                && matches!(expr.kind, ExprKind::Call { .. })
                && !tainted.is_empty()
                && !tainted.contains(&true)
            {
                self.same_in_every_instance(expr, *method);
            }
            return;
        };
        let how = match div.cause {
            Cause::Elements => "is applied to the elements of an array whose length depends on",
            _ => "is called under control flow that depends on",
        };
        let message = if is_intermediate(self.program, *method) {
            format!(
                "intermediate reduction `{}` {how} partition data",
                self.program.method_path(*method)
            )
        } else if let Some(reduction) = self.helpers.get(method) {
            format!(
                "`{}` reaches intermediate reduction `{}` and {how} partition data",
                self.program.method_path(*method),
                self.program.method_path(*reduction)
            )
        } else {
            return;
        };
        let label = match div.cause {
            Cause::Elements => "method instances may make different numbers of these calls",
            _ => "not every method instance may make this call",
        };
        let mut diagnostic =
            Diagnostic::error(codes::DIVERGENT_REDUCTION, message, expr.span).with_label(label);
        if let Some((helper, call)) = self.caller {
            diagnostic = diagnostic.with_secondary(
                call,
                format!(
                    "`{}` is called here, in every method instance, with partition data",
                    self.program.method_path(helper)
                ),
            );
        }
        let help = match div.cause {
            Cause::Elements => {
                "call the reduction outside the `@` or `!`, or apply it to an array whose length \
                 does not depend on `dist` data"
            }
            _ => {
                "call it in straight-line code or in a loop whose bounds do not depend on `dist` \
                 data (for example use `Somd.globalLength`), and branch on its result instead"
            }
        };
        self.diagnostics.push(with_cause(diagnostic, div).with_help(help));
    }

    /// W0305 at intermediate reduction `method`, called by a SOMD body with arguments every
    /// MI holds alike: with `+`, `-`, `*` or `^` the combined value depends on the number of
    /// MIs (`sumProd(w)` of a parameter that is not `dist` is the MI count times Java's), as
    /// §2.4 reads; `min`, `max`, `&`, `|`, `&&`, `||` give every MI's own value back.
    fn same_in_every_instance(&mut self, expr: &Expr, method: MethodId) {
        // A SOMD method called in an MI is a SOMD call of its own, over what it is passed.
        if !is_intermediate(self.program, method) {
            return;
        }
        let Some(info) = util::method_info(self.program, method) else { return };
        let Some(somd_syntax::ast::ReduceStrategy::Op(op)) = info.reduce else { return };
        use somd_syntax::ast::ReduceOp::{Add, BitXor, Mul, Sub};
        if !matches!(op, Add | Sub | Mul | BitXor) {
            return;
        }
        self.diagnostics.push(
            Diagnostic::warning(
                codes::INTERMEDIATE_OF_SHARED,
                format!(
                    "intermediate reduction `{}` combines with `{}` values every method \
                     instance holds alike: its result depends on the number of method instances",
                    self.program.method_path(method),
                    op.symbol()
                ),
                expr.span,
            )
            .with_label("no argument depends on partition data")
            .with_help(
                "pass the partition (a `dist` array) to reduce over the whole data, or call \
                 the method outside the SOMD method for one value",
            ),
        );
    }
}

fn with_cause(diagnostic: Diagnostic, div: Divergence) -> Diagnostic {
    let message = match div.cause {
        Cause::Encloses => "this condition depends on partition data",
        Cause::LoopExit => "this partition-dependent condition can leave the loop early",
        Cause::Return => "an earlier `return` under this partition-dependent condition",
        Cause::BlockExit => {
            "this partition-dependent condition can leave the labelled statement early"
        }
        Cause::Elements => "the length of this array depends on partition data",
    };
    diagnostic.with_secondary(div.span, message)
}
