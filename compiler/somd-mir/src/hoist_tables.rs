//! Array creations that are indexed where they are written become locals.
//!
//! Java lets an array creation with an initializer be indexed at once (JLS 15.10.3):
//! `return new int[]{10, 20, 30}[i % 3];` reads a constant table. Kernel code has no heap,
//! and an array creation inside a kernel keeps its function on the CPU; the same table held
//! in a local (`int[] t = {10, 20, 30}; return t[i % 3];`) is a private array of the
//! work-item (`analysis::private`). This pass writes the first form as the second: it
//! declares a fresh local holding the creation right before the statement that indexes it,
//! in the same block, and makes the creation's place in the expression read the local.
//!
//! A creation is taken when
//!
//! - it is an array literal (`new T[]{..}`, `{..}`) or a value-array literal
//!   (`new T[[]]{..}`) of at least one element;
//! - its parent reads it: it is the array of an element read (`[k]`, never the target of
//!   an assignment, a compound assignment or an increment) or the operand of `.length`;
//! - each element is *stable*: a constant, a parameter no statement assigns, a local
//!   declared once with an initialiser and never assigned otherwise, or a conversion, a
//!   unary or binary operator (but an integer `/` or `%`) or a conditional of stable
//!   operands.
//!
//! Java's semantics are unchanged on every back end. A stable element has the same value
//! wherever it is evaluated between its declaration and the indexing statement (the
//! local's one declaration comes before every statement in its scope, and nothing assigns
//! it), and evaluating it cannot throw or have an effect, so evaluating the literal before
//! the statement rather than inside it is unobservable. The array never escapes (its one
//! use reads it) and the declaration runs each time the statement does, so a table in a
//! loop body is as fresh in every iteration as Java's. A written creation
//! (`new int[]{1, 2}[0]++`) is left where it is: the declaration would make it a place
//! other code could read.

use crate::analysis::walk;
use crate::ir::*;
use somd_syntax::ast::PrimType;
use std::collections::HashMap;

/// Gives every qualifying indexed array creation of every function of `module` a local
/// (module doc).
pub fn hoist_indexed_tables(module: &mut Module) {
    for func in &mut module.functions {
        hoist_function(func);
    }
}

fn hoist_function(func: &mut Function) {
    let taken = creations(func);
    if taken.is_empty() {
        return;
    }
    // Each creation moves into a declaration of a fresh local; its place reads the local.
    let mut decls: HashMap<ExprId, Stmt> = HashMap::new();
    for &e in &taken {
        let expr = func.expr(e).clone();
        let local = func.push_local(Local {
            name: "table".to_string(),
            ty: expr.ty.clone(),
            kind: LocalKind::Var,
            dist: None,
            shared: false,
            span: expr.span,
        });
        let moved = func.push_expr(expr.kind, expr.ty, expr.span);
        func.exprs[e.0 as usize].kind = ExprKind::Local(local);
        decls.insert(e, Stmt::Let { local, init: Some(moved) });
    }
    let mut body = std::mem::take(&mut func.body);
    insert_decls(func, &mut body, &mut decls);
    func.body = body;
    debug_assert!(decls.is_empty(), "every hoisted creation lies under a statement");
}

/// The creations of `func` to hoist (module doc), in arena order.
fn creations(func: &Function) -> Vec<ExprId> {
    let parents = walk::parents(func);
    let stable_local = walk::stable_locals(func);
    (0..func.exprs.len())
        .map(|i| ExprId(i as u32))
        .filter(|&e| {
            let elements = match &func.expr(e).kind {
                ExprKind::ArrayLit(elements) | ExprKind::ValueArrayLit(elements) => elements,
                _ => return false,
            };
            let read = walk::parent_of(&parents, e).is_some_and(|p| match func.expr(p).kind {
                ExprKind::Index { array, .. } => array == e && !walk::stored_to(func, &parents, p),
                ExprKind::Length(_) => true,
                _ => false,
            });
            read && !elements.is_empty() && elements.iter().all(|&x| stable(func, x, &stable_local))
        })
        .collect()
}

/// Whether `e` has one value wherever its function evaluates it in its scope, with no
/// effect and no exception (module doc).
fn stable(func: &Function, e: ExprId, stable_local: &dyn Fn(LocalId) -> bool) -> bool {
    match &func.expr(e).kind {
        ExprKind::Const(_) => true,
        ExprKind::Local(l) => stable_local(*l),
        ExprKind::Convert { operand } | ExprKind::Unary { operand, .. } => {
            stable(func, *operand, stable_local)
        }
        // Integer division and remainder throw on zero.
        ExprKind::Binary { op, lhs, rhs } => {
            let divides = matches!(op.kind, BinOpKind::Div | BinOpKind::Rem)
                && !matches!(op.ty, PrimOrRef::Prim(PrimType::Float | PrimType::Double));
            !divides && stable(func, *lhs, stable_local) && stable(func, *rhs, stable_local)
        }
        ExprKind::Conditional { cond, then_expr, else_expr } => {
            [cond, then_expr, else_expr].iter().all(|&&x| stable(func, x, stable_local))
        }
        _ => false,
    }
}

/// Puts each declaration in `decls` right before the statement of `block` (or of a block
/// nested in it) whose own expressions hold its creation, removing it from `decls`.
fn insert_decls(func: &Function, block: &mut Block, decls: &mut HashMap<ExprId, Stmt>) {
    let stmts = std::mem::take(&mut block.stmts);
    for mut stmt in stmts {
        for root in walk::stmt_roots(&stmt) {
            let mut found = Vec::new();
            walk::each_expr(func, root, &mut |e| {
                if decls.contains_key(&e) {
                    found.push(e);
                }
            });
            found.sort();
            for e in found {
                if let Some(decl) = decls.remove(&e) {
                    block.stmts.push(decl);
                }
            }
        }
        for inner in walk::stmt_blocks_mut(&mut stmt) {
            insert_decls(func, inner, decls);
        }
        block.stmts.push(stmt);
    }
}
