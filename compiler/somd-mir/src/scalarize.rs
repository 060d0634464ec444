//! Scalar replacement of small fresh arrays (result tables, scratch vectors).
//!
//! A SOMD method often returns a few results at once through a fresh array that a class
//! reduction combines (`reduce(Span) long[] span(dist int[] a)`: `r[0]` a count, `r[1]`
//! a minimum, `r[2]` a maximum). When every use of such a table is an element at a
//! constant index, its length, or `return r`, the table is its elements: this pass gives
//! each element a local of its own (`r[1]`, named so in `explain`), turns `r.length` into
//! the constant and `return r` into `return new T[]{r[0], .., r[n-1]}`. Java semantics
//! are unchanged on every back end: the elements start at the default value as a new
//! array's do, a constant index in range never throws, and the returned array is as fresh
//! as the table was. What the analyses gain is locals: `r[1] = Math.min(r[1], a[i])` in a
//! loop is a reduction of a scalar, which the device runs as a register accumulator and a
//! work-group tree (`analysis::sync`, reductions read after their loop), where an element
//! of an array is a histogram update.
//!
//! A table qualifies when it is a local `T[] r = new T[n]` (`T` primitive, `n` a constant
//! from 1 to [`MAX_ELEMENTS`]) declared once and never assigned, and every other mention
//! of `r` is `r[k]` with a constant `k` in `[0, n)`, `r.length`, or the value of a
//! `return` (and no `sync (r)` names it). Anything else (passing `r` on, a computed index,
//! a copy into another local) leaves the method as it is. Expressions the rewrite leaves
//! unused are removed and the arena renumbered in its original order, so the MIR keeps
//! the verifier's invariants (every expression used once, children before their parents).

use crate::analysis::walk;
use crate::ir::*;
use somd_syntax::ast::PrimType;
use std::collections::HashMap;

/// The longest table replaced by scalars (longer ones are tables indexed by data, which
/// the histogram analysis takes).
pub const MAX_ELEMENTS: i32 = 8;

/// Replaces the qualifying tables of every function of `module` by scalars.
pub fn scalarize_tables(module: &mut Module) {
    for func in &mut module.functions {
        scalarize_function(func);
    }
}

/// A table to replace: its local, element type and length.
struct Table {
    local: LocalId,
    elem: PrimType,
    len: i32,
}

fn scalarize_function(func: &mut Function) {
    let tables = tables(func);
    if tables.is_empty() {
        return;
    }
    // One local per element, in table order.
    let mut elements: HashMap<LocalId, Vec<LocalId>> = HashMap::new();
    for t in &tables {
        let base = func.local(t.local).clone();
        let ids = (0..t.len)
            .map(|k| {
                func.push_local(Local {
                    name: format!("{}[{k}]", base.name),
                    ty: Type::Prim(t.elem),
                    kind: LocalKind::Var,
                    dist: None,
                    shared: false,
                    span: base.span,
                })
            })
            .collect();
        elements.insert(t.local, ids);
    }
    // Elements and lengths, rewritten in place (their operands become unused).
    for i in 0..func.exprs.len() {
        let replaced = match &func.exprs[i].kind {
            ExprKind::Index { array, index } => table_of(func, *array, &elements).and_then(|r| {
                let k = const_int(func, *index)?;
                Some(ExprKind::Local(elements[&r][k as usize]))
            }),
            ExprKind::Length(array) => table_of(func, *array, &elements)
                .map(|r| ExprKind::Const(Const::Int(elements[&r].len() as i32))),
            _ => None,
        };
        if let Some(kind) = replaced {
            func.exprs[i].kind = kind;
        }
    }
    let mut body = std::mem::take(&mut func.body);
    rewrite_block(func, &mut body, &elements);
    func.body = body;
    compact(func);
}

/// The tables of `func` that qualify (module doc).
fn tables(func: &Function) -> Vec<Table> {
    let mut returned: Vec<ExprId> = Vec::new();
    walk::each_stmt(&func.body, &mut |s| {
        if let Stmt::Return(Some(v)) = s {
            returned.push(*v);
        }
    });
    let once = walk::declared_once(func);
    let parents = walk::parents(func);
    let mut found = Vec::new();
    for (id, local) in func.locals.iter().enumerate() {
        let id = LocalId(id as u32);
        let Type::Array(elem) = &local.ty else { continue };
        let (Type::Prim(elem), LocalKind::Var) = (&**elem, local.kind) else { continue };
        let Some(&init) = once.get(&id) else { continue };
        let len = match &func.expr(init).kind {
            ExprKind::NewArray { dims } if dims.len() == 1 => const_int(func, dims[0]),
            _ => None,
        };
        let Some(len) = len.filter(|n| (1..=MAX_ELEMENTS).contains(n)) else { continue };
        let uses_ok = func.exprs.iter().enumerate().all(|(e, expr)| {
            if !matches!(expr.kind, ExprKind::Local(l) if l == id) {
                return true;
            }
            let e = ExprId(e as u32);
            match walk::parent_of(&parents, e).map(|p| &func.expr(p).kind) {
                Some(ExprKind::Index { array, index }) if *array == e => {
                    const_int(func, *index).is_some_and(|k| (0..len).contains(&k))
                }
                Some(ExprKind::Length(_)) => true,
                None => returned.contains(&e),
                Some(_) => false,
            }
        });
        if uses_ok {
            found.push(Table { local: id, elem: *elem, len });
        }
    }
    found
}

/// The replaced table `array` names, if it is one.
fn table_of(
    func: &Function,
    array: ExprId,
    elements: &HashMap<LocalId, Vec<LocalId>>,
) -> Option<LocalId> {
    match func.expr(array).kind {
        ExprKind::Local(l) if elements.contains_key(&l) => Some(l),
        _ => None,
    }
}

fn const_int(func: &Function, e: ExprId) -> Option<i32> {
    match func.expr(e).kind {
        ExprKind::Const(Const::Int(k)) => Some(k),
        _ => None,
    }
}

/// The default value of a new array's elements of type `p`.
fn zero(p: PrimType) -> Const {
    match p {
        PrimType::Boolean => Const::Bool(false),
        PrimType::Byte => Const::Byte(0),
        PrimType::Short => Const::Short(0),
        PrimType::Char => Const::Char(0),
        PrimType::Int => Const::Int(0),
        PrimType::Long => Const::Long(0),
        PrimType::Float => Const::Float(0.0),
        PrimType::Double => Const::Double(0.0),
    }
}

/// Declarations of tables become declarations of their elements; `return r` returns a
/// new array of them.
fn rewrite_block(
    func: &mut Function,
    block: &mut Block,
    elements: &HashMap<LocalId, Vec<LocalId>>,
) {
    let stmts = std::mem::take(&mut block.stmts);
    for mut stmt in stmts {
        match &mut stmt {
            Stmt::Let { local, init: Some(init) } if elements.contains_key(local) => {
                let span = func.expr(*init).span;
                for &el in &elements[local] {
                    let Type::Prim(p) = func.local(el).ty else { continue };
                    let zero = func.push_expr(ExprKind::Const(zero(p)), Type::Prim(p), span);
                    block.stmts.push(Stmt::Let { local: el, init: Some(zero) });
                }
                continue;
            }
            Stmt::Return(Some(v)) => {
                if let Some(r) = table_of(func, *v, elements) {
                    let (ty, span) = (func.expr(*v).ty.clone(), func.expr(*v).span);
                    let parts: Vec<ExprId> = elements[&r]
                        .iter()
                        .map(|&el| {
                            let t = func.local(el).ty.clone();
                            func.push_expr(ExprKind::Local(el), t, span)
                        })
                        .collect();
                    *v = func.push_expr(ExprKind::ArrayLit(parts), ty, span);
                }
            }
            Stmt::If { then_block, else_block, .. } => {
                rewrite_block(func, then_block, elements);
                if let Some(b) = else_block {
                    rewrite_block(func, b, elements);
                }
            }
            Stmt::Loop { body, .. }
            | Stmt::Labeled { body, .. }
            | Stmt::Block(body)
            | Stmt::Sync { body, .. } => rewrite_block(func, body, elements),
            _ => {}
        }
        block.stmts.push(stmt);
    }
}

/// Removes the expressions nothing refers to any more and renumbers the rest in order (so
/// children still come before their parents); also after `outline_loops`.
pub(crate) fn compact(func: &mut Function) {
    let mut used = vec![false; func.exprs.len()];
    let mut roots: Vec<ExprId> = Vec::new();
    walk::each_stmt(&func.body, &mut |s| roots.extend(walk::stmt_roots(s)));
    for d in func.locals.iter().filter_map(|l| l.dist.as_ref()) {
        if let Distribution::User { args, .. } = d {
            roots.extend(args);
        }
    }
    if let Some(somd) = &func.somd {
        for (_, d) in &somd.dist_params {
            if let Distribution::User { args, .. } = d {
                roots.extend(args);
            }
        }
    }
    let mut stack = roots;
    while let Some(e) = stack.pop() {
        if !std::mem::replace(&mut used[e.0 as usize], true) {
            stack.extend(walk::children(&func.expr(e).kind));
        }
    }
    let mut map = vec![ExprId(u32::MAX); func.exprs.len()];
    let mut kept = Vec::new();
    for (old, expr) in std::mem::take(&mut func.exprs).into_iter().enumerate() {
        if used[old] {
            map[old] = ExprId(kept.len() as u32);
            kept.push(expr);
        }
    }
    let remap = |e: &mut ExprId| *e = map[e.0 as usize];
    for expr in &mut kept {
        walk::each_child_mut(&mut expr.kind, &mut |e| remap(e));
    }
    func.exprs = kept;
    remap_block(&mut func.body, &remap);
    // The tables naming expressions of the body: what is gone goes with them.
    func.rereads.retain(|e| used[e.0 as usize]);
    func.rereads.iter_mut().for_each(remap);
    func.early_exits.retain(|x| used[x.test.0 as usize] && used[x.cond.0 as usize]);
    for exit in &mut func.early_exits {
        remap(&mut exit.test);
        remap(&mut exit.cond);
    }
    let remap_dist = |d: &mut Distribution| {
        if let Distribution::User { args, .. } = d {
            args.iter_mut().for_each(remap);
        }
    };
    func.locals.iter_mut().filter_map(|l| l.dist.as_mut()).for_each(remap_dist);
    if let Some(somd) = &mut func.somd {
        somd.dist_params.iter_mut().for_each(|(_, d)| remap_dist(d));
    }
}

fn remap_block(block: &mut Block, remap: &dyn Fn(&mut ExprId)) {
    for stmt in &mut block.stmts {
        match stmt {
            Stmt::Let { init, .. } => init.iter_mut().for_each(remap),
            Stmt::Expr(e) => remap(e),
            Stmt::If { cond, then_block, else_block } => {
                remap(cond);
                remap_block(then_block, remap);
                if let Some(b) = else_block {
                    remap_block(b, remap);
                }
            }
            Stmt::Loop { test, body, update, .. } => {
                test.iter_mut().for_each(remap);
                update.iter_mut().for_each(remap);
                remap_block(body, remap);
            }
            Stmt::Return(value) => value.iter_mut().for_each(remap),
            Stmt::Labeled { body, .. } | Stmt::Block(body) | Stmt::Sync { body, .. } => {
                remap_block(body, remap)
            }
            Stmt::Break(_) | Stmt::Continue(_) | Stmt::ThrowUnderflow { .. } => {}
        }
    }
}
