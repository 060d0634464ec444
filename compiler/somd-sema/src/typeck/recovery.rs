//! Detection of parser recovery inside a body.
//!
//! When the parser replaced part of a body with an `Error` node, the statements around it
//! are what recovery left: a declaration may be missing, a block boundary may have moved.
//! In such a body the checker stays quiet about what those gaps make unreliable (unknown
//! variables, definite assignment, reachability, missing return), so that one syntax error
//! gives one diagnostic.

use somd_syntax::ast::{Block, DistKind, DistSpec, Expr, ExprKind, Stmt, StmtKind};

/// Whether the block contains an `Error` statement or expression anywhere.
pub(super) fn block_has_error(block: &Block) -> bool {
    block.stmts.iter().any(stmt_has_error)
}

fn stmt_has_error(stmt: &Stmt) -> bool {
    match &stmt.kind {
        StmtKind::Error => true,
        StmtKind::Local(decl) => {
            decl.vars.iter().any(|v| v.init.as_ref().is_some_and(expr_has_error))
                || decl.dist.as_ref().is_some_and(dist_has_error)
        }
        StmtKind::Expr(e) | StmtKind::Throw(e) => expr_has_error(e),
        StmtKind::If { cond, then_branch, else_branch } => {
            expr_has_error(cond)
                || stmt_has_error(then_branch)
                || else_branch.as_deref().is_some_and(stmt_has_error)
        }
        StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond } => {
            expr_has_error(cond) || stmt_has_error(body)
        }
        StmtKind::For { init, cond, update, body } => {
            init.iter().any(stmt_has_error)
                || cond.as_ref().is_some_and(expr_has_error)
                || update.iter().any(expr_has_error)
                || stmt_has_error(body)
        }
        StmtKind::Return(value) => value.as_ref().is_some_and(expr_has_error),
        StmtKind::Block(block) => block_has_error(block),
        StmtKind::Labeled { body, .. } => stmt_has_error(body),
        StmtKind::Sync(sync) => block_has_error(&sync.body),
        StmtKind::Break(_) | StmtKind::Continue(_) | StmtKind::Empty => false,
    }
}

fn dist_has_error(dist: &DistSpec) -> bool {
    match &dist.kind {
        DistKind::Block => false,
        DistKind::Dim(e) => expr_has_error(e),
        DistKind::View(pairs) | DistKind::PolyView(pairs) => {
            pairs.iter().any(|p| expr_has_error(&p.before) || expr_has_error(&p.after))
        }
        DistKind::User { args, .. } => args.iter().any(expr_has_error),
    }
}

pub(super) fn expr_has_error(expr: &Expr) -> bool {
    match &expr.kind {
        ExprKind::Error => true,
        ExprKind::Literal(_) | ExprKind::Name(_) | ExprKind::This => false,
        ExprKind::TaskStatic { .. } => false,
        ExprKind::Field { target, .. } => expr_has_error(target),
        ExprKind::Index { target, index } => expr_has_error(target) || expr_has_error(index),
        ExprKind::Call { target, args, .. } => {
            target.as_deref().is_some_and(expr_has_error) || args.iter().any(expr_has_error)
        }
        ExprKind::New { args, .. }
        | ExprKind::ThisCall { args }
        | ExprKind::Map { args, .. }
        | ExprKind::TaskInstance { args, .. }
        | ExprKind::ArrayInit(args)
        | ExprKind::NewValueArrayLit { elems: args, .. } => args.iter().any(expr_has_error),
        ExprKind::NewArray { dims, init, .. } => {
            dims.iter().any(expr_has_error)
                || init.as_ref().is_some_and(|elems| elems.iter().any(expr_has_error))
        }
        ExprKind::NewValueArrayFrom { source, .. } => expr_has_error(source),
        ExprKind::Unary { operand, .. } => expr_has_error(operand),
        ExprKind::Reduce { operand, .. } => expr_has_error(operand),
        ExprKind::Binary { lhs, rhs, .. } | ExprKind::Connect { lhs, rhs } => {
            expr_has_error(lhs) || expr_has_error(rhs)
        }
        ExprKind::Assign { target, value, .. } => expr_has_error(target) || expr_has_error(value),
        ExprKind::Conditional { cond, then_expr, else_expr } => {
            expr_has_error(cond) || expr_has_error(then_expr) || expr_has_error(else_expr)
        }
        ExprKind::Cast { expr, .. } => expr_has_error(expr),
    }
}
