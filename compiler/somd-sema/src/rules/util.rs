//! Helpers shared by the rule passes: a read-only tree visitor, constant lookup, the
//! operator/type compatibility of reductions and safe access to the side tables.
//!
//! The side tables may be incomplete when the type checker reported errors, so every
//! lookup here returns an `Option` and callers stay silent on `None`.

use crate::model::{ConstValue, LocalInfo, MethodId, MethodInfo, NameRes, Program, Ty};
use somd_diag::Span;
use somd_syntax::ast::{
    Block, DeclId, Expr, ExprKind, LocalDecl, MethodDecl, PrimType, ReduceOp, Stmt, StmtKind,
    UnaryOp,
};

/// A read-only walk over statements and expressions in source order.
///
/// Each hook returns whether the walk should descend into the node's children.
pub(super) trait Visitor<'a> {
    /// Called for every expression; `write` is true for the direct target of an assignment
    /// or of `++`/`--`.
    fn expr(&mut self, _expr: &'a Expr, _write: bool) -> bool {
        true
    }

    /// Called for every statement before its children.
    fn stmt(&mut self, _stmt: &'a Stmt) -> bool {
        true
    }

    /// Called for every local declaration (also in `for` headers) before its initializers.
    fn local_decl(&mut self, _decl: &'a LocalDecl) {}
}

pub(super) fn walk_block<'a, V: Visitor<'a>>(visitor: &mut V, block: &'a Block) {
    for stmt in &block.stmts {
        walk_stmt(visitor, stmt);
    }
}

pub(super) fn walk_stmt<'a, V: Visitor<'a>>(visitor: &mut V, stmt: &'a Stmt) {
    if !visitor.stmt(stmt) {
        return;
    }
    match &stmt.kind {
        StmtKind::Local(decl) => {
            visitor.local_decl(decl);
            for var in &decl.vars {
                if let Some(init) = &var.init {
                    walk_expr(visitor, init, false);
                }
            }
        }
        StmtKind::Expr(expr) | StmtKind::Throw(expr) => walk_expr(visitor, expr, false),
        StmtKind::Return(expr) => {
            if let Some(expr) = expr {
                walk_expr(visitor, expr, false);
            }
        }
        StmtKind::If { cond, then_branch, else_branch } => {
            walk_expr(visitor, cond, false);
            walk_stmt(visitor, then_branch);
            if let Some(else_branch) = else_branch {
                walk_stmt(visitor, else_branch);
            }
        }
        StmtKind::While { cond, body } => {
            walk_expr(visitor, cond, false);
            walk_stmt(visitor, body);
        }
        StmtKind::DoWhile { body, cond } => {
            walk_stmt(visitor, body);
            walk_expr(visitor, cond, false);
        }
        StmtKind::For { init, cond, update, body } => {
            for stmt in init {
                walk_stmt(visitor, stmt);
            }
            if let Some(cond) = cond {
                walk_expr(visitor, cond, false);
            }
            walk_stmt(visitor, body);
            for expr in update {
                walk_expr(visitor, expr, false);
            }
        }
        StmtKind::Block(block) => walk_block(visitor, block),
        StmtKind::Labeled { body, .. } => walk_stmt(visitor, body),
        StmtKind::Sync(sync) => walk_block(visitor, &sync.body),
        StmtKind::Break(_) | StmtKind::Continue(_) | StmtKind::Empty | StmtKind::Error => {}
    }
}

pub(super) fn walk_expr<'a, V: Visitor<'a>>(visitor: &mut V, expr: &'a Expr, write: bool) {
    if !visitor.expr(expr, write) {
        return;
    }
    for_each_child(expr, &mut |child, write| walk_expr(visitor, child, write));
}

/// Calls `f` on each direct subexpression of `expr`, in source order, with its write flag.
pub(crate) fn for_each_child<'a>(expr: &'a Expr, f: &mut dyn FnMut(&'a Expr, bool)) {
    match &expr.kind {
        ExprKind::Literal(_)
        | ExprKind::Name(_)
        | ExprKind::This
        | ExprKind::TaskStatic { .. }
        | ExprKind::Error => {}
        ExprKind::Field { target, .. } => f(target, false),
        ExprKind::Index { target, index } => {
            f(target, false);
            f(index, false);
        }
        ExprKind::Call { target, args, .. } => {
            if let Some(target) = target {
                f(target, false);
            }
            args.iter().for_each(|arg| f(arg, false));
        }
        ExprKind::New { args, .. }
        | ExprKind::ThisCall { args }
        | ExprKind::Map { args, .. }
        | ExprKind::TaskInstance { args, .. } => args.iter().for_each(|arg| f(arg, false)),
        ExprKind::NewArray { dims, init, .. } => {
            dims.iter().for_each(|dim| f(dim, false));
            if let Some(init) = init {
                init.iter().for_each(|elem| f(elem, false));
            }
        }
        ExprKind::NewValueArrayFrom { source, .. } => f(source, false),
        ExprKind::NewValueArrayLit { elems, .. } | ExprKind::ArrayInit(elems) => {
            elems.iter().for_each(|elem| f(elem, false));
        }
        ExprKind::Unary { op, operand } => f(operand, is_inc_dec(*op)),
        ExprKind::Binary { lhs, rhs, .. } | ExprKind::Connect { lhs, rhs } => {
            f(lhs, false);
            f(rhs, false);
        }
        ExprKind::Assign { target, value, .. } => {
            f(target, true);
            f(value, false);
        }
        ExprKind::Conditional { cond, then_expr, else_expr } => {
            f(cond, false);
            f(then_expr, false);
            f(else_expr, false);
        }
        ExprKind::Cast { expr, .. } => f(expr, false),
        ExprKind::Reduce { operand, .. } => f(operand, false),
    }
}

pub(super) fn is_inc_dec(op: UnaryOp) -> bool {
    matches!(op, UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec)
}

/// The value of an integer constant expression: the checker's folded constant, else a
/// literal (possibly negated).
pub(super) fn const_int(program: &Program, expr: &Expr) -> Option<i64> {
    match program.constants.get(&expr.id) {
        Some(ConstValue::Int(v)) => return Some(i64::from(*v)),
        Some(ConstValue::Long(v)) => return Some(*v),
        Some(ConstValue::Char(v)) => return Some(i64::from(*v)),
        Some(_) => return None,
        None => {}
    }
    match &expr.kind {
        ExprKind::Literal(somd_syntax::ast::Literal::Int(v)) => Some(i64::from(*v)),
        ExprKind::Unary { op: UnaryOp::Neg, operand } => const_int(program, operand).map(|v| -v),
        _ => None,
    }
}

/// Whether the type of a constant expression is `int` (or a narrower integral type).
pub(super) fn is_int_like(ty: &Ty) -> bool {
    matches!(
        ty,
        Ty::Prim(PrimType::Int | PrimType::Short | PrimType::Byte | PrimType::Char) | Ty::Error
    )
}

/// Whether the reduction operator `op` combines two values of type `ty`.
pub(super) fn op_applies(op: ReduceOp, ty: &Ty) -> bool {
    let Ty::Prim(prim) = ty else { return false };
    let boolean = *prim == PrimType::Boolean;
    let integral = matches!(
        prim,
        PrimType::Byte | PrimType::Short | PrimType::Char | PrimType::Int | PrimType::Long
    );
    match op {
        ReduceOp::Add | ReduceOp::Sub | ReduceOp::Mul | ReduceOp::Min | ReduceOp::Max => !boolean,
        ReduceOp::BitAnd | ReduceOp::BitOr | ReduceOp::BitXor => integral || boolean,
        ReduceOp::And | ReduceOp::Or => boolean,
    }
}

/// The kind of operand an operator needs, for messages.
pub(super) fn op_domain(op: ReduceOp) -> &'static str {
    match op {
        ReduceOp::Add | ReduceOp::Sub | ReduceOp::Mul | ReduceOp::Min | ReduceOp::Max => {
            "a numeric type"
        }
        ReduceOp::BitAnd | ReduceOp::BitOr | ReduceOp::BitXor => "an integral type or `boolean`",
        ReduceOp::And | ReduceOp::Or => "`boolean`",
    }
}

pub(super) fn method_info(program: &Program, id: MethodId) -> Option<&MethodInfo> {
    program.methods.get(id.0 as usize)
}

pub(super) fn local_info(program: &Program, decl: DeclId) -> Option<&LocalInfo> {
    program.locals.get(&decl)
}

/// Whether a method declaration has a `dist` parameter (a SOMD method), read from the
/// tree so that it holds even where the tables are incomplete.
pub(super) fn decl_is_somd(decl: &MethodDecl) -> bool {
    decl.params.iter().any(|param| param.dist.is_some())
}

/// The span of a keyword at the start of `span` (`sync`, `shared`, ...).
pub(super) fn keyword_span(span: Span, keyword: &str) -> Span {
    let len = u32::try_from(keyword.len()).unwrap_or(0);
    Span { file: span.file, start: span.start, end: span.start.saturating_add(len).min(span.end) }
}

/// Whether `expr` (or an expression under it) names the local `decl`.
pub(super) fn mentions(program: &Program, expr: &Expr, decl: DeclId) -> bool {
    let named = matches!(expr.kind, ExprKind::Name(_))
        && matches!(program.names.get(&expr.id), Some(NameRes::Local(d)) if *d == decl);
    let mut found = named;
    if !found {
        for_each_child(expr, &mut |child, _| found = found || mentions(program, child, decl));
    }
    found
}

/// Every method and constructor body of the program, with the method declaration (if
/// any) it belongs to and whether it is a SOMD method.
pub(super) struct Body<'a> {
    pub decl: Option<&'a MethodDecl>,
    pub block: &'a Block,
    pub is_somd: bool,
}

pub(super) fn bodies(program: &Program) -> Vec<Body<'_>> {
    let mut out = Vec::new();
    for id in program.method_ids() {
        if let Some(decl) = program.method_decl(id) {
            if let Some(block) = &decl.body {
                out.push(Body { decl: Some(decl), block, is_somd: decl_is_somd(decl) });
            }
        }
    }
    for index in 0..program.ctors.len() {
        if let Some(decl) = program.ctor_decl(crate::model::CtorId(index as u32)) {
            out.push(Body { decl: None, block: &decl.body, is_somd: false });
        }
    }
    out
}

/// A structural key of a simple expression (names, literals, operators, indexing, field
/// access), equal for two expressions exactly when they are written alike up to spacing;
/// `None` for anything else (calls, assignments, ...), which never compares equal.
pub(super) fn expr_key(expr: &Expr) -> Option<String> {
    let mut out = String::new();
    write_key(expr, &mut out).then_some(out)
}

fn write_key(expr: &Expr, out: &mut String) -> bool {
    match &expr.kind {
        ExprKind::Name(ident) => {
            out.push_str(&ident.name);
            true
        }
        ExprKind::Literal(literal) => {
            out.push_str(&format!("{literal:?}"));
            true
        }
        ExprKind::This => {
            out.push_str("this");
            true
        }
        ExprKind::Field { target, name } => {
            let ok = write_key(target, out);
            out.push('.');
            out.push_str(&name.name);
            ok
        }
        ExprKind::Index { target, index } => {
            let ok = write_key(target, out);
            out.push('[');
            let ok = ok && write_key(index, out);
            out.push(']');
            ok
        }
        ExprKind::Binary { op, lhs, rhs } => {
            out.push('(');
            let ok = write_key(lhs, out);
            out.push_str(op.symbol());
            let ok = ok && write_key(rhs, out);
            out.push(')');
            ok
        }
        ExprKind::Unary { op, operand } if !is_inc_dec(*op) => {
            out.push_str(&format!("({op:?} "));
            let ok = write_key(operand, out);
            out.push(')');
            ok
        }
        _ => false,
    }
}
