//! Statements (JLS ch. 14 on the subset) with the flow analyses that go with them:
//! definite assignment of locals (JLS ch. 16), reachability and "unreachable statement"
//! (JLS §14.22), `break`/`continue` targets, and `return` against the method's type.

use super::codes;
use super::flow::{Da, JumpTarget};
use super::Checker;
use crate::model::{CallTarget, ConstValue, LocalInfo, Ty};
use somd_diag::Diagnostic;
use somd_syntax::ast::{Block, Expr, ExprKind, Ident, LocalDecl, Stmt, StmtKind, TypeExprKind};

impl Checker<'_> {
    pub(super) fn check_block(&mut self, block: &Block) {
        self.push_scope();
        for stmt in &block.stmts {
            self.check_stmt(stmt);
        }
        self.pop_scope();
    }

    /// Reports a statement that cannot be reached (once: checking goes on as if it could).
    fn check_reachable(&mut self, stmt: &Stmt) {
        if !self.cx.reachable && !matches!(stmt.kind, StmtKind::Error) && !self.cx.recovered {
            self.emit(
                Diagnostic::error(codes::UNREACHABLE, "unreachable statement", stmt.span)
                    .with_label("control never reaches this statement"),
            );
            self.cx.reachable = true;
            self.cx.reported_unreachable = true;
        }
    }

    /// Ends the current path: what follows is unreachable and vacuously assigned.
    fn end_path(&mut self) {
        self.cx.reachable = false;
        self.cx.da = Da::everything();
    }

    pub(super) fn check_stmt(&mut self, stmt: &Stmt) {
        self.check_reachable(stmt);
        match &stmt.kind {
            StmtKind::Local(decl) => self.check_local_decl(decl),
            StmtKind::Expr(expr) => {
                // The statement starts before its expression only where parentheses wrap
                // the whole expression, which Java's statement expressions never are.
                let wrapped = expr.span.start > stmt.span.start;
                self.check_expr_stmt(expr, wrapped);
            }
            StmtKind::If { cond, then_branch, else_branch } => {
                let (when_true, when_false) = self.check_cond(cond);
                let before = self.cx.reachable;
                self.cx.da = when_true;
                self.check_stmt(then_branch);
                let (then_reach, then_da) = (self.cx.reachable, self.cx.da.clone());
                self.cx.reachable = before;
                self.cx.da = when_false;
                if let Some(else_branch) = else_branch {
                    self.check_stmt(else_branch);
                }
                self.cx.reachable = then_reach || self.cx.reachable;
                self.cx.da = then_da.meet(&self.cx.da);
            }
            StmtKind::While { .. } | StmtKind::DoWhile { .. } | StmtKind::For { .. } => {
                self.check_loop(stmt, None);
            }
            StmtKind::Break(label) => {
                if let Some(idx) = self.jump_target(label.as_ref(), false, stmt.span) {
                    let da = self.cx.da.clone();
                    let target = &mut self.cx.jumps[idx];
                    target.breaks = target.breaks.meet(&da);
                    target.has_break = true;
                }
                self.end_path();
            }
            StmtKind::Continue(label) => {
                if let Some(idx) = self.jump_target(label.as_ref(), true, stmt.span) {
                    let da = self.cx.da.clone();
                    let target = &mut self.cx.jumps[idx];
                    target.continues = target.continues.meet(&da);
                    target.has_continue = true;
                }
                self.end_path();
            }
            StmtKind::Return(value) => {
                self.check_return(stmt, value.as_ref());
                if self.cx.in_ctor && !self.cx.recovered {
                    self.check_fields_assigned(stmt.span);
                }
                self.end_path();
            }
            StmtKind::Throw(expr) => {
                self.check_throw(expr);
                self.end_path();
            }
            StmtKind::Block(block) => self.check_block(block),
            StmtKind::Labeled { label, body } => {
                self.reserved_name(&label.name, label.span);
                if self.cx.jumps.iter().any(|t| t.label.as_deref() == Some(label.name.as_str())) {
                    self.error(
                        codes::DUPLICATE_LABEL,
                        format!("label `{}` is already in use", label.name),
                        label.span,
                    );
                }
                match body.kind {
                    StmtKind::While { .. } | StmtKind::DoWhile { .. } | StmtKind::For { .. } => {
                        self.check_loop(body, Some(label.name.clone()));
                    }
                    _ => {
                        self.cx.jumps.push(JumpTarget::new(Some(label.name.clone()), false));
                        self.check_stmt(body);
                        if let Some(target) = self.cx.jumps.pop() {
                            self.cx.reachable |= target.has_break;
                            self.cx.da = self.cx.da.meet(&target.breaks);
                        }
                    }
                }
            }
            StmtKind::Sync(sync) => {
                for var in &sync.vars {
                    self.check_sync_var(var);
                }
                self.check_block(&sync.body);
            }
            StmtKind::Empty | StmtKind::Error => {}
        }
    }

    fn check_sync_var(&mut self, var: &Ident) {
        if self.lookup_local(&var.name).is_some() {
            return;
        }
        if let Some(class) = self.cx.class {
            if self.fields_by_name.contains_key(&(class, var.name.clone())) {
                return;
            }
        }
        self.error(
            codes::UNKNOWN_NAME,
            format!("cannot find variable `{}` in this scope", var.name),
            var.span,
        );
    }

    fn check_local_decl(&mut self, decl: &LocalDecl) {
        let is_var = matches!(decl.ty.kind, TypeExprKind::Var);
        // JLS 14.4: `var` declares one variable (each still gets its inferred type).
        if let (true, [_, second, ..]) = (is_var, decl.vars.as_slice()) {
            self.error(
                codes::BAD_VAR,
                "`var` is not allowed in a compound declaration",
                second.name.span,
            );
        }
        for var in &decl.vars {
            let info = |ty: Ty| LocalInfo {
                name: var.name.name.clone(),
                ty,
                span: var.name.span,
                is_param: false,
                is_final: decl.modifiers.is_final(),
                is_shared: decl.modifiers.is_shared(),
                dist: decl.dist.clone(),
            };
            // JLS 14.4: `var x[] = ..` is not allowed (javac: "'var' is not allowed as an
            // element type of an array"); the brackets would otherwise be dropped.
            if is_var && !matches!(var.ty.kind, TypeExprKind::Var) {
                self.error(
                    codes::BAD_VAR,
                    "`var` is not allowed as an element type of an array",
                    var.ty.span,
                );
            }
            if is_var || matches!(var.ty.kind, TypeExprKind::Var) {
                let ty = match &var.init {
                    None => {
                        self.error(
                            codes::BAD_VAR,
                            format!(
                                "cannot infer the type of `{}`: `var` needs an initializer",
                                var.name.name
                            ),
                            var.name.span,
                        );
                        Ty::Error
                    }
                    Some(init) if matches!(init.kind, ExprKind::ArrayInit(_)) => {
                        self.check_expr(init, Some(&Ty::Error));
                        self.emit(
                            Diagnostic::error(
                                codes::BAD_VAR,
                                "cannot infer the type of `var` from an array initializer",
                                init.span,
                            )
                            .with_help("write the array type, for example `int[] a = {..}`"),
                        );
                        Ty::Error
                    }
                    Some(init) => {
                        let ty = self.check_expr(init, None);
                        match ty {
                            Ty::Null => {
                                self.error(
                                    codes::BAD_VAR,
                                    "cannot infer the type of `var` from `null`",
                                    init.span,
                                );
                                Ty::Error
                            }
                            Ty::Void => {
                                self.error(
                                    codes::VOID_VALUE,
                                    "a `void` method call cannot initialize a variable",
                                    init.span,
                                );
                                Ty::Error
                            }
                            ty => ty,
                        }
                    }
                };
                // `final var k = 5;` is a constant variable as `final int k = 5;` is.
                let init = var.init.as_ref().filter(|_| decl.modifiers.is_final());
                if let Some(value) = init.and_then(|init| self.local_constant_of(init, &ty)) {
                    self.cx.local_consts.insert(var.id, value);
                }
                self.declare_local(var.id, info(ty), var.init.is_some());
            } else {
                let ty = self.resolve_body_type(&var.ty);
                if ty == Ty::Void {
                    self.error(
                        codes::BAD_VAR,
                        format!("variable `{}` cannot have type `void`", var.name.name),
                        var.ty.span,
                    );
                }
                self.declare_local(var.id, info(ty.clone()), false);
                if let Some(init) = &var.init {
                    self.check_assignable(init, &ty);
                    if let Some(&ends) = self.p.task_ends.get(&init.id) {
                        self.cx.task_locals.insert(var.id, ends);
                    }
                    if let Some(&slot) = self.cx.slots.get(&var.id) {
                        self.cx.da.insert(slot);
                    }
                    if decl.modifiers.is_final() {
                        if let Some(value) = self.local_constant_of(init, &ty) {
                            self.cx.local_consts.insert(var.id, value);
                        }
                    }
                }
            }
        }
        if let Some(dist) = &decl.dist {
            self.check_dist(dist);
        }
    }

    /// The value of a `final` local of type `ty` initialised with `init`, when that is a
    /// constant expression (a constant variable, JLS 4.12.4).
    fn local_constant_of(&self, init: &Expr, ty: &Ty) -> Option<ConstValue> {
        self.p.constants.get(&init.id).and_then(|v| match ty {
            Ty::Prim(p) => super::constant::fold_cast(v, *p),
            Ty::String => matches!(v, ConstValue::Str(_)).then(|| v.clone()),
            _ => None,
        })
    }

    /// An expression statement (JLS §14.8); `wrapped`: the source wraps the whole expression
    /// in parentheses (`(k %= 3);`), which makes it no statement expression.
    fn check_expr_stmt(&mut self, expr: &Expr, wrapped: bool) {
        self.check_expr(expr, None);
        // Java's statement expressions (JLS 14.8): assignments, `++`/`--`, calls and `new`;
        // the language's own constructs that run something (`@`, `!`, tasks) too.
        use somd_syntax::ast::ExprKind as K;
        let statement = match &expr.kind {
            K::Assign { .. }
            | K::Call { .. }
            | K::New { .. }
            | K::ThisCall { .. }
            | K::Map { .. }
            | K::Reduce { .. }
            | K::TaskStatic { .. }
            | K::TaskInstance { .. }
            | K::Connect { .. }
            | K::Error => true,
            K::Unary { op, .. } => matches!(
                op,
                somd_syntax::ast::UnaryOp::PreInc
                    | somd_syntax::ast::UnaryOp::PreDec
                    | somd_syntax::ast::UnaryOp::PostInc
                    | somd_syntax::ast::UnaryOp::PostDec
            ),
            _ => false,
        };
        // After a syntax error the statements around it are what recovery left.
        if self.cx.recovered {
            return;
        }
        if !statement {
            self.error(
                codes::NOT_A_STATEMENT,
                "not a statement: only an assignment, `++`/`--`, a call or `new` may stand as \
                 a statement",
                expr.span,
            );
        } else if wrapped {
            self.error(
                codes::NOT_A_STATEMENT,
                "not a statement: an expression in parentheses is a value, not an assignment, \
                 `++`/`--`, call or `new` (remove the parentheses)",
                expr.span,
            );
        }
    }

    /// Finds the target of `break`/`continue`; reports a missing one.
    fn jump_target(
        &mut self,
        label: Option<&Ident>,
        is_continue: bool,
        span: somd_diag::Span,
    ) -> Option<usize> {
        let keyword = if is_continue { "continue" } else { "break" };
        match label {
            None => {
                let found = self.cx.jumps.iter().rposition(|t| t.is_loop);
                if found.is_none() {
                    self.error(
                        codes::JUMP_OUTSIDE_LOOP,
                        format!("`{keyword}` outside of a loop"),
                        span,
                    );
                }
                found
            }
            Some(label) => {
                let found =
                    self.cx.jumps.iter().rposition(|t| t.label.as_deref() == Some(&label.name));
                match found {
                    None => {
                        self.error(
                            codes::UNKNOWN_LABEL,
                            format!("undeclared label `{}`", label.name),
                            label.span,
                        );
                        None
                    }
                    Some(idx) if is_continue && !self.cx.jumps[idx].is_loop => {
                        self.error(
                            codes::JUMP_OUTSIDE_LOOP,
                            format!("`continue {}` does not name a loop", label.name),
                            label.span,
                        );
                        None
                    }
                    found => found,
                }
            }
        }
    }

    fn check_loop(&mut self, stmt: &Stmt, label: Option<String>) {
        match &stmt.kind {
            StmtKind::While { cond, body } => {
                let (when_true, when_false) = self.check_cond(cond);
                let constant = self.const_bool(cond);
                self.cx.jumps.push(JumpTarget::new(label, true));
                self.cx.loop_depth += 1;
                self.cx.da = when_true;
                if constant == Some(false) {
                    self.cx.reachable = false;
                }
                self.check_stmt(body);
                self.cx.loop_depth -= 1;
                self.finish_loop(constant == Some(true), when_false, true);
            }
            StmtKind::DoWhile { body, cond } => {
                self.cx.jumps.push(JumpTarget::new(label, true));
                self.cx.loop_depth += 1;
                self.check_stmt(body);
                let (has_continue, continues) = match self.cx.jumps.last() {
                    Some(t) => (t.has_continue, t.continues.clone()),
                    None => (false, Da::everything()),
                };
                self.cx.loop_depth -= 1;
                let cond_reachable = self.cx.reachable || has_continue;
                self.cx.da = self.cx.da.meet(&continues);
                self.cx.reachable = true;
                let (_, when_false) = self.check_cond(cond);
                let constant = self.const_bool(cond);
                self.finish_loop(constant == Some(true), when_false, cond_reachable);
            }
            StmtKind::For { init, cond, update, body } => {
                self.push_scope();
                for stmt in init {
                    self.check_stmt(stmt);
                }
                let (when_true, when_false, constant) = match cond {
                    Some(cond) => {
                        let (t, f) = self.check_cond(cond);
                        (t, f, self.const_bool(cond))
                    }
                    None => (self.cx.da.clone(), Da::everything(), Some(true)),
                };
                self.cx.jumps.push(JumpTarget::new(label, true));
                self.cx.loop_depth += 1;
                self.cx.da = when_true;
                if constant == Some(false) {
                    self.cx.reachable = false;
                }
                self.check_stmt(body);
                let continues =
                    self.cx.jumps.last().map(|t| t.continues.clone()).unwrap_or_default();
                self.cx.da = self.cx.da.meet(&continues);
                let was_reachable = self.cx.reachable;
                self.cx.reachable = true;
                for expr in update {
                    self.check_expr_stmt(expr, false);
                }
                self.cx.reachable = was_reachable;
                self.cx.loop_depth -= 1;
                self.finish_loop(constant == Some(true), when_false, true);
                self.pop_scope();
            }
            _ => self.check_stmt(stmt),
        }
    }

    /// Pops the loop's jump target and computes the state after the loop.
    fn finish_loop(&mut self, infinite: bool, when_false: Da, cond_reachable: bool) {
        let Some(target) = self.cx.jumps.pop() else { return };
        let exit = if infinite || !cond_reachable { Da::everything() } else { when_false };
        self.cx.da = exit.meet(&target.breaks);
        self.cx.reachable = (!infinite && cond_reachable) || target.has_break;
    }

    pub(super) fn const_bool(&self, expr: &Expr) -> Option<bool> {
        match self.p.constants.get(&expr.id) {
            Some(ConstValue::Bool(b)) => Some(*b),
            _ => None,
        }
    }

    fn check_return(&mut self, stmt: &somd_syntax::ast::Stmt, value: Option<&Expr>) {
        let ret = self.cx.ret.clone().unwrap_or(Ty::Error);
        match value {
            Some(value) if ret == Ty::Void => {
                self.check_expr(value, None);
                let what = if self.cx.in_ctor { "a constructor" } else { "a `void` method" };
                self.emit(
                    Diagnostic::error(
                        codes::BAD_RETURN,
                        format!("cannot return a value from {what}"),
                        value.span,
                    )
                    .with_help("remove the value, or declare the method's return type"),
                );
            }
            Some(value) => self.check_assignable(value, &ret),
            None if ret != Ty::Void && !ret.is_error() => {
                let name = self.name(&ret);
                self.error(
                    codes::BAD_RETURN,
                    format!("missing return value: the method returns `{name}`"),
                    stmt.span,
                );
            }
            None => {}
        }
    }

    fn check_throw(&mut self, expr: &Expr) {
        if let ExprKind::New { class, args } = &expr.kind {
            if class.name == "Underflow" && !self.p.class_by_name.contains_key("Underflow") {
                for arg in args {
                    self.check_expr(arg, None);
                }
                if !args.is_empty() {
                    self.error(
                        codes::NO_APPLICABLE_OVERLOAD,
                        "`Underflow` has only the constructor `Underflow()`",
                        expr.span,
                    );
                }
                self.set_ty(expr.id, &Ty::Void);
                self.p
                    .calls
                    .insert(expr.id, CallTarget::Builtin { class: "Underflow", name: "<init>" });
                return;
            }
        }
        let ty = self.check_expr(expr, None);
        if !ty.is_error() {
            self.emit(
                Diagnostic::error(
                    codes::BAD_THROW,
                    "only `throw new Underflow();` is supported",
                    expr.span,
                )
                .with_help("a source task ends its stream with `throw new Underflow();`; there are no other exceptions"),
            );
        }
    }
}
