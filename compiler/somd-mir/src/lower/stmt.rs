//! Lowering of statements: blocks with their scopes, local declarations (one `Let` per
//! declarator), the three loops as `Loop`, labels, `sync`, and `throw new Underflow()`.

use super::FnLower;
use crate::ir::*;
use somd_syntax::ast::{self, PrimType, StmtKind};

impl FnLower<'_> {
    /// Lowers a block in a new scope.
    pub(crate) fn block(&mut self, block: &ast::Block) -> Block {
        self.scoped(|cx, out| {
            for stmt in &block.stmts {
                cx.stmt(stmt, out);
            }
        })
    }

    /// Runs `f` in a new name scope and returns the statements it produced.
    fn scoped(&mut self, f: impl FnOnce(&mut Self, &mut Vec<Stmt>)) -> Block {
        self.scopes.push(Vec::new());
        let mut stmts = Vec::new();
        f(self, &mut stmts);
        self.scopes.pop();
        Block { stmts }
    }

    /// A sub-statement (`if` branch, loop body) as a block of its own scope.
    fn body(&mut self, stmt: &ast::Stmt) -> Block {
        match &stmt.kind {
            StmtKind::Block(block) => self.block(block),
            _ => self.scoped(|cx, out| cx.stmt(stmt, out)),
        }
    }

    fn cond(&mut self, e: &ast::Expr) -> ExprId {
        self.expr_to(e, &Type::Prim(PrimType::Boolean))
    }

    /// A new label (for the block a constructor's statements stand in, `lower_ctor`).
    pub(crate) fn new_label(&mut self) -> LabelId {
        let id = LabelId(self.n_labels);
        self.n_labels += 1;
        id
    }

    fn stmt(&mut self, stmt: &ast::Stmt, out: &mut Vec<Stmt>) {
        match &stmt.kind {
            StmtKind::Local(decl) => self.local_decl(decl, out),
            StmtKind::Expr(e) => {
                let id = self.expr(e);
                out.push(Stmt::Expr(id));
            }
            StmtKind::If { cond, then_branch, else_branch } => {
                let cond = self.cond(cond);
                let then_block = self.body(then_branch);
                let else_block = else_branch.as_ref().map(|s| self.body(s));
                out.push(Stmt::If { cond, then_block, else_block });
            }
            StmtKind::While { .. } | StmtKind::DoWhile { .. } | StmtKind::For { .. } => {
                self.lower_loop(stmt, None, out);
            }
            StmtKind::Break(label) => {
                let label = label.as_ref().and_then(|l| self.find_label(l, false));
                out.push(Stmt::Break(label));
            }
            StmtKind::Continue(label) => {
                let label = label.as_ref().and_then(|l| self.find_label(l, true));
                out.push(Stmt::Continue(label));
            }
            StmtKind::Return(value) => {
                let ret = self.ret.clone();
                let value = value.as_ref().map(|v| self.expr_to(v, &ret));
                match self.ctor_exit {
                    // A constructor standing in for `this(..)`: its `return` ends its part.
                    Some(label) if value.is_none() => out.push(Stmt::Break(Some(label))),
                    _ => out.push(Stmt::Return(value)),
                }
            }
            StmtKind::Throw(_) => out.push(Stmt::ThrowUnderflow { span: stmt.span }),
            StmtKind::Block(block) => {
                let block = self.block(block);
                out.push(Stmt::Block(block));
            }
            StmtKind::Labeled { label, body } => match body.kind {
                StmtKind::While { .. } | StmtKind::DoWhile { .. } | StmtKind::For { .. } => {
                    let id = self.new_label();
                    self.labels.push((label.name.clone(), id, true));
                    self.lower_loop(body, Some(id), out);
                    self.labels.pop();
                }
                _ => {
                    let id = self.new_label();
                    self.labels.push((label.name.clone(), id, false));
                    let block = self.body(body);
                    self.labels.pop();
                    out.push(Stmt::Labeled { label: id, body: block });
                }
            },
            StmtKind::Sync(sync) => {
                let mut vars = Vec::new();
                for var in &sync.vars {
                    match self.lookup_name(&var.name) {
                        Some(local) => vars.push(local),
                        None => self.bug(
                            format!("`sync` names `{}`, which is not a local", var.name),
                            var.span,
                        ),
                    }
                }
                let reduce = match sync.reduce {
                    Some((op, op_span)) => {
                        if vars.is_empty() {
                            self.bug("`sync reduce` without a shared variable", op_span);
                            None
                        } else {
                            Some((op, vars.remove(0)))
                        }
                    }
                    None => None,
                };
                let body = self.block(&sync.body);
                out.push(Stmt::Sync { vars, reduce, body, span: stmt.span });
            }
            StmtKind::Empty => {}
            StmtKind::Error => self.bug("an error statement survived checking", stmt.span),
        }
    }

    fn find_label(&mut self, label: &ast::Ident, is_continue: bool) -> Option<LabelId> {
        let found = self
            .labels
            .iter()
            .rev()
            .find(|(name, _, _)| *name == label.name)
            .map(|(_, id, l)| (id, *l));
        match found {
            Some((id, is_loop)) if is_loop || !is_continue => Some(*id),
            _ => {
                self.bug(format!("no target for label `{}`", label.name), label.span);
                None
            }
        }
    }

    fn local_decl(&mut self, decl: &ast::LocalDecl, out: &mut Vec<Stmt>) {
        let dist = decl.dist.as_ref().map(|d| self.distribution(d));
        for var in &decl.vars {
            // The initializer is lowered before the name is in scope (Java forbids the
            // self-reference anyway).
            let ty = match self.program.locals.get(&var.id) {
                Some(info) => {
                    let ty = info.ty.clone();
                    self.ty(&ty, var.span)
                }
                None => Type::Prim(PrimType::Int),
            };
            let init = var.init.as_ref().map(|init| self.expr_to(init, &ty));
            let local = self.declare(var.id, LocalKind::Var, var.name.span);
            self.locals[local.0 as usize].dist =
                dist.clone().map(|d| super::rows_of_bounded(d, &ty));
            out.push(Stmt::Let { local, init });
        }
    }

    /// `while`, `do`/`while` and `for`, with the label of an enclosing labelled statement.
    fn lower_loop(&mut self, stmt: &ast::Stmt, label: Option<LabelId>, out: &mut Vec<Stmt>) {
        match &stmt.kind {
            StmtKind::While { cond, body } => {
                let test = Some(self.cond(cond));
                let body = self.body(body);
                out.push(Stmt::Loop { label, test, test_at_end: false, body, update: Vec::new() });
            }
            StmtKind::DoWhile { body, cond } => {
                let body = self.body(body);
                let test = Some(self.cond(cond));
                out.push(Stmt::Loop { label, test, test_at_end: true, body, update: Vec::new() });
            }
            StmtKind::For { init, cond, update, body } => {
                let block = self.scoped(|cx, stmts| {
                    for s in init {
                        cx.stmt(s, stmts);
                    }
                    let test = cond.as_ref().map(|c| cx.cond(c));
                    let body = cx.body(body);
                    let update = update.iter().map(|u| cx.expr(u)).collect();
                    stmts.push(Stmt::Loop { label, test, test_at_end: false, body, update });
                });
                out.push(Stmt::Block(block));
            }
            _ => self.bug("not a loop", stmt.span),
        }
    }
}
