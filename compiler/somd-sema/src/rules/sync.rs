//! Rules for `shared` scalars and `sync` blocks (LANGUAGE.md §2.5).
//!
//! `shared` locals and `sync` blocks exist only inside SOMD methods. A `shared` variable is
//! a primitive scalar with an initializer (every method instance starts from it).
//! `sync (g, h)` names `dist` variables in scope; `sync reduce(op) (x)` names exactly one
//! `shared` scalar to which `op` applies. The names in a `sync` header are not expressions,
//! so this pass keeps its own scope of the locals and parameters declared so far.
//!
//! Inside one `sync` block, a read of a `dist` array with a view (`view`/`polyview`) that
//! the block also writes, at an index path different from every write of that array,
//! may read a halo cell another method instance is writing: the result depends on the
//! schedule and the pass warns once per expression (double buffering fixes it). Arrays
//! without a view cannot see other partitions, and a read of exactly the written cell
//! (`g[i][j] = g[i][j] * 2`) is the instance's own cell, so neither warns.
//!
//! Writes to halo cells are not rejected here: a halo exists only on sides with a neighbour
//! (§2.2), so in the MI holding the first block index 0 of `dist(view = <1,1>) g` is its own
//! first cell, not a halo cell. No constant index is in the halo of every MI, and the check
//! is left to the runtime (`IllegalStateException`).

use super::codes;
use super::util;
use crate::model::{NameRes, Program, Ty};
use somd_diag::{Diagnostic, Span};
use somd_syntax::ast::{
    Block, DeclId, DistKind, Expr, ExprKind, LocalDecl, ModifierKind, Stmt, StmtKind, SyncStmt,
};
use std::collections::{HashMap, HashSet};

pub(super) fn check(program: &Program, diagnostics: &mut Vec<Diagnostic>) {
    for body in util::bodies(program) {
        let mut checker = Checker {
            program,
            is_somd: body.is_somd,
            scope: Vec::new(),
            views: HashMap::new(),
            loops: Vec::new(),
            depth: 0,
            diagnostics,
        };
        if let Some(decl) = body.decl {
            for param in &decl.params {
                let is_view = matches!(
                    param.dist.as_ref().map(|d| &d.kind),
                    Some(DistKind::View(_) | DistKind::PolyView(_))
                );
                if is_view {
                    checker.views.insert(param.id, param.name.name.clone());
                }
                checker.scope.push(ScopeEntry {
                    name: param.name.name.clone(),
                    id: param.id,
                    is_dist: param.dist.is_some(),
                    is_shared: false,
                    start: None,
                    combined: None,
                    depth: 0,
                });
            }
        }
        checker.block(body.block);
    }
}

struct ScopeEntry {
    name: String,
    id: DeclId,
    is_dist: bool,
    is_shared: bool,
    /// A `shared` scalar's value where the statements reach, when it is a constant: its
    /// initial value, or the constant a later assignment at its own depth gave it.
    start: Option<crate::model::ConstValue>,
    /// The `sync` keyword of the `sync reduce` block that left a `shared` scalar's combined
    /// value in every copy, at its declaration's depth, with no write since.
    combined: Option<Span>,
    /// The number of branches and loop bodies around the declaration.
    depth: usize,
}

struct Checker<'p, 'd> {
    program: &'p Program,
    is_somd: bool,
    scope: Vec<ScopeEntry>,
    /// `dist` variables with a view, by declaration.
    views: HashMap<DeclId, String>,
    /// The loops around the statement being checked, outermost first, each with the scope's
    /// length when its body begins.
    loops: Vec<(usize, &'p Stmt)>,
    /// The number of branches and loop bodies around the statement being checked.
    depth: usize,
    diagnostics: &'d mut Vec<Diagnostic>,
}

impl<'p> Checker<'p, '_> {
    fn lookup(&self, name: &str) -> Option<&ScopeEntry> {
        self.scope.iter().rev().find(|entry| entry.name == name)
    }

    fn block(&mut self, block: &'p Block) {
        let mark = self.scope.len();
        for stmt in &block.stmts {
            self.stmt(stmt);
        }
        self.scope.truncate(mark);
    }

    fn stmt(&mut self, stmt: &'p Stmt) {
        // A `shared` scalar written by a condition, an initializer or a `for` update has
        // no known start after it.
        let heads: Vec<&Expr> = match &stmt.kind {
            StmtKind::Local(decl) => decl.vars.iter().filter_map(|v| v.init.as_ref()).collect(),
            StmtKind::If { cond, .. }
            | StmtKind::While { cond, .. }
            | StmtKind::DoWhile { cond, .. } => vec![cond],
            StmtKind::For { cond, update, .. } => cond.iter().chain(update).collect(),
            StmtKind::Return(Some(e)) | StmtKind::Throw(e) => vec![e],
            _ => Vec::new(),
        };
        for head in heads {
            self.assigned_shared(head, false);
        }
        match &stmt.kind {
            StmtKind::Local(decl) => self.local(decl),
            StmtKind::If { then_branch, else_branch, .. } => {
                self.nested(then_branch);
                if let Some(else_branch) = else_branch {
                    self.nested(else_branch);
                }
            }
            StmtKind::While { body, .. } | StmtKind::DoWhile { body, .. } => {
                self.loops.push((self.scope.len(), stmt));
                self.nested(body);
                self.loops.pop();
            }
            StmtKind::Labeled { body, .. } => self.nested(body),
            StmtKind::For { init, body, .. } => {
                let mark = self.scope.len();
                for stmt in init {
                    self.stmt(stmt);
                }
                self.loops.push((self.scope.len(), stmt));
                self.nested(body);
                self.loops.pop();
                self.scope.truncate(mark);
            }
            StmtKind::Block(block) => self.block(block),
            StmtKind::Sync(sync) => {
                self.sync(stmt.span, sync);
                self.block(&sync.body);
                self.left_combined(stmt.span, sync);
            }
            StmtKind::Expr(expr) => self.assigned_shared(expr, true),
            StmtKind::Throw(_)
            | StmtKind::Return(_)
            | StmtKind::Break(_)
            | StmtKind::Continue(_)
            | StmtKind::Empty
            | StmtKind::Error => {}
        }
    }

    /// A statement in its own scope (a branch or loop body that is not a block).
    fn nested(&mut self, stmt: &'p Stmt) {
        let mark = self.scope.len();
        self.depth += 1;
        self.stmt(stmt);
        self.depth -= 1;
        self.scope.truncate(mark);
    }

    /// Follows the `shared` scalars `expr` writes: `x = 0;` as a statement (`statement`) at
    /// the depth of `x`'s declaration gives it that constant start for the `sync reduce`
    /// blocks after it (W0306: `moved = 0;` resetting a counter declared `= 1`); any other
    /// write (in a branch or a loop, in a condition or an initializer, compound, `++`, of
    /// no constant) leaves it unknown.
    fn assigned_shared(&mut self, expr: &'p Expr, statement: bool) {
        let program = self.program;
        let mut written = Vec::new();
        walk_writes(expr, &mut |e, write| {
            if write && matches!(e.kind, ExprKind::Name(_)) {
                written.extend(index_base(program, e));
            }
        });
        let plain = match &expr.kind {
            ExprKind::Assign { op: None, target, value } if statement => {
                index_base(program, target).map(|decl| (decl, value.id))
            }
            _ => None,
        };
        let depth = self.depth;
        for decl in written {
            let Some(entry) = self.scope.iter_mut().rev().find(|e| e.id == decl) else {
                continue;
            };
            if !entry.is_shared {
                continue;
            }
            entry.start = match plain {
                Some((d, value)) if d == decl && entry.depth == depth => {
                    program.constants.get(&value).cloned()
                }
                _ => None,
            };
            entry.combined = None;
        }
    }

    fn local(&mut self, decl: &LocalDecl) {
        let shared_span = decl.modifiers.list.iter().find_map(|m| match m.kind {
            ModifierKind::Shared => Some(m.span),
            _ => None,
        });
        if let Some(shared_span) = shared_span {
            self.check_shared(decl, shared_span);
        }
        let is_view = matches!(
            decl.dist.as_ref().map(|d| &d.kind),
            Some(DistKind::View(_) | DistKind::PolyView(_))
        );
        for var in &decl.vars {
            if is_view {
                self.views.insert(var.id, var.name.name.clone());
            }
            self.scope.push(ScopeEntry {
                name: var.name.name.clone(),
                id: var.id,
                is_dist: decl.dist.is_some(),
                is_shared: shared_span.is_some(),
                start: var.init.as_ref().and_then(|e| self.program.constants.get(&e.id)).cloned(),
                combined: None,
                depth: self.depth,
            });
        }
    }

    fn check_shared(&mut self, decl: &LocalDecl, shared_span: Span) {
        if !self.is_somd {
            self.diagnostics.push(
                Diagnostic::error(
                    codes::SHARED_OUTSIDE_SOMD,
                    "`shared` variables are allowed only inside SOMD methods",
                    shared_span,
                )
                .with_label("this method has no `dist` parameter, so it runs as one instance")
                .with_help("remove `shared`"),
            );
            return;
        }
        for var in &decl.vars {
            let ty = util::local_info(self.program, var.id).map(|l| &l.ty).unwrap_or(&Ty::Error);
            if !matches!(ty, Ty::Prim(_) | Ty::Error) {
                self.diagnostics.push(
                    Diagnostic::error(
                        codes::SHARED_NOT_SCALAR,
                        format!(
                            "`shared` variable `{}` must have a primitive type, found `{}`",
                            var.name.name,
                            self.program.ty_name(ty)
                        ),
                        var.name.span,
                    )
                    .with_label("not a primitive scalar")
                    .with_secondary(shared_span, "declared `shared` here")
                    .with_help(
                        "share arrays between method instances with `dist` and `sync` instead",
                    ),
                );
            } else if var.init.is_none() {
                self.diagnostics.push(
                    Diagnostic::error(
                        codes::SHARED_NO_INIT,
                        format!("`shared` variable `{}` needs an initializer", var.name.name),
                        var.name.span,
                    )
                    .with_label("every method instance starts from the initial value")
                    .with_help(format!("write `shared .. {} = 0;`", var.name.name)),
                );
            }
        }
    }

    fn sync(&mut self, span: Span, sync: &'p SyncStmt) {
        let keyword = util::keyword_span(span, "sync");
        if !self.is_somd {
            self.diagnostics.push(
                Diagnostic::error(
                    codes::SYNC_OUTSIDE_SOMD,
                    "`sync` blocks are allowed only inside SOMD methods",
                    keyword,
                )
                .with_label("this method has no `dist` parameter, so it runs as one instance")
                .with_help("remove `sync` and keep the block's statements"),
            );
            return;
        }
        match sync.reduce {
            Some((op, op_span)) => self.sync_reduce(keyword, op, op_span, sync),
            None => {
                for var in &sync.vars {
                    // An unknown name is the type checker's to report.
                    match self.lookup(&var.name) {
                        Some(entry) if !entry.is_dist => {
                            let message =
                                format!("`{}` in `sync (..)` is not a `dist` variable", var.name);
                            self.diagnostics.push(
                                Diagnostic::error(codes::SYNC_NOT_DIST, message, var.span)
                                    .with_label("expected a `dist` parameter or local")
                                    .with_help(
                                        "name only `dist` arrays, or write `sync { .. }` to \
                                         synchronise all of them",
                                    ),
                            );
                        }
                        _ => {}
                    }
                }
            }
        }
        self.racy_reads(&sync.body);
    }

    fn sync_reduce(
        &mut self,
        keyword: Span,
        op: somd_syntax::ast::ReduceOp,
        op_span: Span,
        sync: &'p SyncStmt,
    ) {
        let [var] = sync.vars.as_slice() else {
            self.diagnostics.push(
                Diagnostic::error(
                    codes::SYNC_REDUCE_ARITY,
                    format!(
                        "`sync reduce({})` needs exactly one `shared` variable, found {}",
                        op.symbol(),
                        sync.vars.len()
                    ),
                    op_span,
                )
                .with_label("combines one `shared` variable")
                .with_secondary(keyword, "in this `sync` block")
                .with_help("write `sync reduce(op) (x) { .. }`, one block per variable"),
            );
            return;
        };
        // An unknown name is the type checker's to report.
        let entry = match self.lookup(&var.name) {
            Some(entry) if entry.is_shared => entry,
            None => return,
            Some(_) => {
                let message =
                    format!("`{}` in `sync reduce(..)` is not a `shared` variable", var.name);
                self.diagnostics.push(
                    Diagnostic::error(codes::SYNC_REDUCE_NOT_SHARED, message, var.span)
                        .with_label("expected a `shared` scalar")
                        .with_help(format!(
                            "declare it as `shared double {} = 0;` before the block",
                            var.name
                        )),
                );
                return;
            }
        };
        let (start, id, combined) = (entry.start.clone(), entry.id, entry.combined);
        let ty = util::local_info(self.program, id).map(|l| &l.ty).unwrap_or(&Ty::Error);
        if !ty.is_error() && !util::op_applies(op, ty) {
            self.diagnostics.push(
                Diagnostic::error(
                    codes::SYNC_REDUCE_OP_TYPE,
                    format!(
                        "`reduce({})` does not apply to `{}` of type `{}`",
                        op.symbol(),
                        var.name,
                        self.program.ty_name(ty)
                    ),
                    op_span,
                )
                .with_label(format!("`{}` needs {}", op.symbol(), util::op_domain(op)))
                .with_secondary(var.span, format!("`{}` is reduced here", var.name))
                .with_help("choose an operator that applies to the variable's type"),
            );
        }
        // A block whose first statement assigns the scalar (`m = a.length;`) never reads
        // its start: every copy starts at what it assigns (a constant that is no identity
        // is counted once per copy as well).
        let overwritten = sync.body.stmts.first().and_then(|first| match &first.kind {
            StmtKind::Expr(Expr { kind: ExprKind::Assign { op: None, target, value }, .. })
                if matches!(target.kind, ExprKind::Name(_))
                    && index_base(self.program, target) == Some(id)
                    && !util::mentions(self.program, value, id) =>
            {
                Some(self.program.constants.get(&value.id).cloned())
            }
            _ => None,
        });
        match overwritten {
            Some(assigned) => self.shared_start(op, op_span, var, assigned),
            None => match combined {
                Some(before) => self.combined_again(op, op_span, var, before),
                None => self.shared_start(op, op_span, var, start),
            },
        }
        self.reduced_again(op, op_span, var);
    }

    /// After a `sync reduce(op) (x)` block (its statements walked): every copy of `x` holds
    /// the combined value, which a later block with `+`, `-`, `*` or `^` would count once
    /// per copy (W0306), when the block runs at `x`'s declaration's depth (in every MI
    /// alike, not under a branch or in a loop).
    fn left_combined(&mut self, span: Span, sync: &SyncStmt) {
        let (Some(_), [var]) = (sync.reduce, sync.vars.as_slice()) else { return };
        if !self.is_somd {
            return;
        }
        let Some(at) = self.scope.iter().rposition(|e| e.name == var.name) else { return };
        let depth = self.depth;
        let entry = &mut self.scope[at];
        if entry.is_shared {
            entry.start = None;
            entry.combined = (entry.depth == depth).then(|| util::keyword_span(span, "sync"));
        }
    }

    /// W0306 where a second `sync reduce(op)` with `+`, `-`, `*` or `^` combines a `shared`
    /// scalar that an earlier one (at `before`) left holding the combined value in every
    /// copy, with no write between: each copy brings that value again, so the result
    /// depends on the number of MIs.
    fn combined_again(
        &mut self,
        op: somd_syntax::ast::ReduceOp,
        op_span: Span,
        var: &somd_syntax::ast::Ident,
        before: Span,
    ) {
        use somd_syntax::ast::ReduceOp::{Add, BitXor, Mul, Sub};
        let identity = match op {
            Add | Sub | BitXor => "0",
            Mul => "1",
            _ => return,
        };
        self.diagnostics.push(
            Diagnostic::warning(
                codes::SHARED_START_NOT_IDENTITY,
                format!(
                    "`{}` starts at the value an earlier `sync reduce` combined, in every method \
                     instance, and `reduce({})` combines every copy: its result depends on the \
                     number of method instances",
                    var.name,
                    op.symbol()
                ),
                op_span,
            )
            .with_secondary(before, "the earlier `sync reduce` leaves it in every copy")
            .with_help(format!(
                "set `{}` to {identity} before this block, adding the earlier value after it",
                var.name
            )),
        );
    }

    /// W0307 where `sync reduce(op)` with `+`, `-`, `*` or `^` combines, at every iteration
    /// of a loop, a `shared` scalar declared before the loop that no plain assignment in the
    /// loop resets: after the first iteration every method instance's copy holds the
    /// combined value, so the next reduction counts it once per copy, and the result
    /// depends on the number of MIs (a device, running one MI, and Java count it once).
    fn reduced_again(
        &mut self,
        op: somd_syntax::ast::ReduceOp,
        op_span: Span,
        var: &somd_syntax::ast::Ident,
    ) {
        use somd_syntax::ast::ReduceOp::{Add, BitXor, Mul, Sub};
        if !matches!(op, Add | Sub | BitXor | Mul) {
            return;
        }
        let Some(at) = self.scope.iter().rposition(|entry| entry.name == var.name) else {
            return;
        };
        let decl = self.scope[at].id;
        // The innermost loop: a variable declared in its body is a new one at each iteration.
        let Some(&(mark, looped)) = self.loops.last() else { return };
        if at >= mark {
            return;
        }
        let mut resets = Resets { program: self.program, decl, found: false };
        util::walk_stmt(&mut resets, looped);
        if resets.found {
            return;
        }
        let keyword = match &looped.kind {
            StmtKind::For { .. } => "for",
            StmtKind::DoWhile { .. } => "do",
            _ => "while",
        };
        self.diagnostics.push(
            Diagnostic::warning(
                codes::SHARED_REDUCED_AGAIN,
                format!(
                    "`{}` is combined by `reduce({})` at every iteration of this loop and never \
                     reset in it: from the second iteration each method instance's copy holds \
                     the combined value, so its result depends on the number of method instances",
                    var.name,
                    op.symbol()
                ),
                op_span,
            )
            .with_secondary(util::keyword_span(looped.span, keyword), "the loop")
            .with_help(format!(
                "reset `{}` in the loop before the block (`{} = 0;`, `1` for `*`), adding its \
                 value to a total after the block if the rounds should accumulate",
                var.name, var.name
            )),
        );
    }

    /// W0306 where `sync reduce(op)` with `+`, `-`, `*` or `^` combines copies of a `shared`
    /// scalar that every method instance starts at a constant other than the operator's
    /// identity: each copy brings its start, so the result depends on the number of MIs
    /// (`shared long acc = 5` summed over 4 MIs counts 20). Idempotent operators give the
    /// start back once, whatever the number.
    fn shared_start(
        &mut self,
        op: somd_syntax::ast::ReduceOp,
        op_span: Span,
        var: &somd_syntax::ast::Ident,
        start: Option<crate::model::ConstValue>,
    ) {
        use crate::model::ConstValue as C;
        use somd_syntax::ast::ReduceOp::{Add, BitXor, Mul, Sub};
        let identity = match op {
            Add | Sub | BitXor => 0.0,
            Mul => 1.0,
            _ => return,
        };
        let (value, text) = match start {
            Some(C::Int(v)) => (f64::from(v), v.to_string()),
            Some(C::Long(v)) => (v as f64, v.to_string()),
            Some(C::Float(v)) => (f64::from(v), format!("{v:?}")),
            Some(C::Double(v)) => (v, format!("{v:?}")),
            Some(C::Char(v)) => (f64::from(v), v.to_string()),
            Some(C::Bool(v)) if op == BitXor => (if v { 1.0 } else { 0.0 }, v.to_string()),
            _ => return,
        };
        if value == identity {
            return;
        }
        self.diagnostics.push(
            Diagnostic::warning(
                codes::SHARED_START_NOT_IDENTITY,
                format!(
                    "`{}` starts at {text} in every method instance and `reduce({})` combines \
                     every copy: its result depends on the number of method instances",
                    var.name,
                    op.symbol()
                ),
                op_span,
            )
            .with_secondary(var.span, format!("`{}` is reduced here", var.name))
            .with_help(format!(
                "start `{}` at {identity} and add the start after the block",
                var.name
            )),
        );
    }

    /// Warns about reads of view arrays that the block also writes elsewhere.
    fn racy_reads(&mut self, body: &Block) {
        if self.views.is_empty() {
            return;
        }
        let mut writes = Writes { program: self.program, views: &self.views, found: Vec::new() };
        util::walk_block(&mut writes, body);
        if writes.found.is_empty() {
            return;
        }
        // The written arrays, each with its first write and the keys of its written paths.
        let mut written: HashMap<DeclId, (Span, HashSet<String>)> = HashMap::new();
        for (decl, expr) in &writes.found {
            let entry = written.entry(*decl).or_insert_with(|| (expr.span, HashSet::new()));
            if let Some(key) = util::expr_key(expr) {
                entry.1.insert(key);
            }
        }
        let mut roots = Roots { out: Vec::new() };
        util::walk_block(&mut roots, body);
        for root in roots.out {
            let mut read = None;
            self.find_racy_read(root, &written, false, &mut read);
            let Some((read_expr, decl)) = read else { continue };
            let name = self.views.get(&decl).cloned().unwrap_or_default();
            let mut diagnostic = Diagnostic::warning(
                codes::SYNC_RACY_READ,
                format!(
                    "this read of `{name}` may see other method instances' writes from the \
                     same `sync` block"
                ),
                read_expr.span,
            )
            .with_label("the value read depends on the schedule");
            if let Some((write_span, _)) = written.get(&decl) {
                diagnostic =
                    diagnostic.with_secondary(*write_span, format!("`{name}` is written here"));
            }
            self.diagnostics.push(diagnostic.with_help(
                "double buffering: read the old values from one array and write the new values \
                 into a second one, then swap them after the `sync` block",
            ));
        }
    }

    /// Finds the first read in `expr` of a written view array at a path no write uses.
    fn find_racy_read<'e>(
        &self,
        expr: &'e Expr,
        written: &HashMap<DeclId, (Span, HashSet<String>)>,
        write: bool,
        out: &mut Option<(&'e Expr, DeclId)>,
    ) {
        if out.is_some() {
            return;
        }
        match &expr.kind {
            ExprKind::Index { .. } => {
                if !write {
                    if let Some(decl) = index_base(self.program, expr) {
                        if let Some((_, keys)) = written.get(&decl) {
                            let same = util::expr_key(expr).is_some_and(|k| keys.contains(&k));
                            if !same && is_cell_read(expr, self.program, decl) {
                                *out = Some((expr, decl));
                                return;
                            }
                        }
                    }
                }
                // Index expressions of the chain are reads; the chain's own prefixes are not.
                let mut current = expr;
                while let ExprKind::Index { target, index } = &current.kind {
                    self.find_racy_read(index, written, false, out);
                    current = target;
                }
            }
            ExprKind::Field { target, name } if name.name == "length" => {
                // `g[i].length` reads a row's length, not a cell.
                let mut current = &**target;
                while let ExprKind::Index { target, index } = &current.kind {
                    self.find_racy_read(index, written, false, out);
                    current = target;
                }
            }
            _ => util::for_each_child(expr, &mut |child, w| {
                self.find_racy_read(child, written, w, out);
            }),
        }
    }
}

/// Whether an index chain reads a whole cell: it has as many indices as the array's rank.
fn is_cell_read(expr: &Expr, program: &Program, decl: DeclId) -> bool {
    let mut depth = 0;
    let mut current = expr;
    while let ExprKind::Index { target, .. } = &current.kind {
        depth += 1;
        current = target;
    }
    match util::local_info(program, decl) {
        Some(local) if !local.ty.is_error() => depth == local.ty.rank(),
        _ => true,
    }
}

/// The local at the base of an index chain `x[i][j]`.
fn index_base(program: &Program, expr: &Expr) -> Option<DeclId> {
    let mut current = expr;
    while let ExprKind::Index { target, .. } = &current.kind {
        current = target;
    }
    match (&current.kind, program.names.get(&current.id)) {
        (ExprKind::Name(_), Some(NameRes::Local(decl))) => Some(*decl),
        _ => None,
    }
}

/// Calls `note` on every expression of `expr` (itself included) with its write flag: the
/// rules' [`util::walk_expr`] with a closure for a visitor.
fn walk_writes<'e>(expr: &'e Expr, note: &mut dyn FnMut(&'e Expr, bool)) {
    struct Note<'n, 'e>(&'n mut dyn FnMut(&'e Expr, bool));
    impl<'e> util::Visitor<'e> for Note<'_, 'e> {
        fn expr(&mut self, expr: &'e Expr, write: bool) -> bool {
            (self.0)(expr, write);
            true
        }
    }
    util::walk_expr(&mut Note(note), expr, false);
}

/// Collects the writes of view arrays in a `sync` block.
struct Writes<'p, 'e> {
    program: &'p Program,
    views: &'p HashMap<DeclId, String>,
    found: Vec<(DeclId, &'e Expr)>,
}

impl<'e> util::Visitor<'e> for Writes<'_, 'e> {
    fn expr(&mut self, expr: &'e Expr, write: bool) -> bool {
        if write && matches!(expr.kind, ExprKind::Index { .. }) {
            if let Some(decl) = index_base(self.program, expr) {
                if self.views.contains_key(&decl) {
                    self.found.push((decl, expr));
                }
            }
        }
        true
    }
}

/// Whether a plain assignment (`x = ..`, not `x += ..`) of the local `decl` is found.
struct Resets<'p> {
    program: &'p Program,
    decl: DeclId,
    found: bool,
}

impl<'e> util::Visitor<'e> for Resets<'_> {
    fn expr(&mut self, expr: &'e Expr, _write: bool) -> bool {
        if let ExprKind::Assign { op: None, target, .. } = &expr.kind {
            self.found |= matches!(target.kind, ExprKind::Name(_))
                && index_base(self.program, target) == Some(self.decl);
        }
        !self.found
    }
}

/// The outermost expressions of a block's statements (one warning per expression).
struct Roots<'e> {
    out: Vec<&'e Expr>,
}

impl<'e> util::Visitor<'e> for Roots<'e> {
    fn expr(&mut self, expr: &'e Expr, _write: bool) -> bool {
        self.out.push(expr);
        false
    }
}
