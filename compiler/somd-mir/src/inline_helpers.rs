//! Small host helpers around SOMD calls, written into their callers.
//!
//! A helper that wraps a SOMD call, `static long[] once(long[] c) { return step(c); }`,
//! hides the call from its caller: in a loop `x = once(x);` the analyses that leave SOMD
//! results on the device (`analysis::lazy`) see a plain call returning a host array, so
//! every round brings the result down and sends it up again (probe 107). This pass writes
//! such a call into the caller, as a compiler inlines a small function: the statement
//! `x = once(x);` becomes `x = step(x);`, and `T[] y = h(a, b);` becomes the helper's own
//! declarations followed by `T[] y = E;` for its returned expression `E`.
//!
//! A helper `h` qualifies when it is a static method of the host (no SOMD method, not
//! `local`) whose body is declarations with a value and expression statements followed by
//! one `return E;`, whose every expression is a constant, a local, an element read, a
//! length, an arithmetic or conditional operator, a conversion, a frozen copy (`new
//! T[[]](a)`), or a device construct: a call of a static SOMD method, a `@` or a `!` (at
//! least one), and which assigns nothing. Its body then runs straight through,
//! reads no state but its parameters and what the SOMD methods compute, and cannot call
//! itself. Its class is the caller's or one the runtime initializes at start-up
//! (`init_order::first_use_classes`): a call of a static method would initialize that
//! class at its first use, which the written-in body no longer does.
//!
//! A call qualifies when it is the whole value of a statement `x = h(..);` or `T x =
//! h(..);` of a host function, its arguments of the parameters' types. An argument that is
//! a constant, or a local that no argument assigns, replaces its parameter where the body
//! names it: the body assigns no parameter and cannot reach the caller's locals, so the
//! local holds what Java's evaluation of the arguments read. Every other argument is first
//! given, in order, to a new local named like its parameter, as Java evaluates the
//! arguments before the body runs (the replaced ones have no effect to order). The body's
//! locals become new locals of the caller. Each copied expression keeps its source position, so
//! an exception the helper's code raises names the same place.

use crate::analysis::walk;
use crate::ir::*;
use somd_diag::Span;
use std::cell::Cell;
use std::collections::{HashMap, HashSet};

/// Writes qualifying helper calls into their callers (module doc).
pub fn inline_device_helpers(module: &mut Module) {
    let first_use = crate::init_order::first_use_classes(module);
    let helpers: Vec<bool> =
        (0..module.functions.len()).map(|h| inlinable(module, FuncId(h as u32))).collect();
    if !helpers.contains(&true) {
        return;
    }
    for f in 0..module.functions.len() {
        let caller = &module.functions[f];
        if caller.somd.is_some() || caller.is_local || caller.kind == FuncKind::StaticInit {
            continue;
        }
        let class = caller.class;
        let qualifies = |h: FuncId| {
            let hc = module.function(h).class;
            helpers[h.0 as usize] && (hc == class || !first_use.contains(&hc))
        };
        let calls_one = caller.exprs.iter().any(
            |e| matches!(e.kind, ExprKind::Call { func: h, receiver: None, .. } if qualifies(h)),
        );
        if !calls_one {
            continue;
        }
        let mut func = caller.clone();
        let mut body = std::mem::take(&mut func.body);
        let mut inlined = Vec::new();
        inline_block(module, &mut func, &mut body, &qualifies, &mut inlined);
        func.body = body;
        module.functions[f] = func;
        let caller = FuncId(f as u32);
        module.inlined.extend(inlined.into_iter().map(|(helper, span)| Inlined {
            caller,
            helper,
            span,
        }));
    }
}

/// Whether function `h` is a helper this pass writes into its callers (module doc).
fn inlinable(module: &Module, fid: FuncId) -> bool {
    let h = module.function(fid);
    if h.kind != FuncKind::Static
        || h.somd.is_some()
        || h.is_local
        || h.intermediate.is_some()
        || h.ret == Type::Void
        || module.main == Some(fid)
    {
        return false;
    }
    let Some((Stmt::Return(Some(_)), rest)) = h.body.stmts.split_last() else { return false };
    // Declarations with a value and expression statements, each local declared once.
    let mut declared = HashSet::new();
    for s in rest {
        match s {
            Stmt::Let { local, init: Some(_) } if declared.insert(*local) => {}
            Stmt::Expr(_) => {}
            _ => return false,
        }
    }
    // The returned value is computed (a bare local's argument would be part of nothing).
    if matches!(h.body.stmts.last(), Some(Stmt::Return(Some(e)))
        if matches!(h.expr(*e).kind, ExprKind::Local(_) | ExprKind::Const(_)))
    {
        return false;
    }
    let known = |l: LocalId| h.params.contains(&l) || declared.contains(&l);
    let mut calls = 0usize;
    let mut ok = true;
    // Each parameter is read: its argument's expression becomes the first read.
    let mut unread: HashSet<LocalId> = h.params.iter().copied().collect();
    walk::each_expr_in_block(h, &h.body, &mut |e| match &h.expr(e).kind {
        ExprKind::Local(l) => {
            ok &= known(*l);
            unread.remove(l);
        }
        ExprKind::Const(_)
        | ExprKind::Index { .. }
        | ExprKind::Length(_)
        | ExprKind::Unary { .. }
        | ExprKind::Binary { .. }
        | ExprKind::Convert { .. }
        | ExprKind::Conditional { .. }
        | ExprKind::Freeze(_) => {}
        ExprKind::SomdCall { receiver: None, .. }
        | ExprKind::Map { .. }
        | ExprKind::ReduceArray { .. } => calls += 1,
        _ => ok = false,
    });
    ok && calls > 0 && unread.is_empty()
}

/// What a parameter of the helper becomes in the caller.
enum Param {
    /// The argument itself, a local or a constant: its own expression where the body first
    /// names the parameter (`taken` once that is copied), a copy of it at every other.
    Arg { expr: ExprId, taken: Cell<bool> },
    /// A new local of the caller holding the argument.
    Local(LocalId),
}

/// Writes the qualifying helper calls of `block`'s statements (and of the blocks nested in
/// them) into `func`.
fn inline_block(
    module: &Module,
    func: &mut Function,
    block: &mut Block,
    qualifies: &dyn Fn(FuncId) -> bool,
    inlined: &mut Vec<(FuncId, Span)>,
) {
    let mut out = Vec::with_capacity(block.stmts.len());
    for mut stmt in std::mem::take(&mut block.stmts) {
        for nested in walk::stmt_blocks_mut(&mut stmt) {
            inline_block(module, func, nested, qualifies, inlined);
        }
        // The call whose value the statement stores: `x = h(..);` or `T x = h(..);`.
        let call = match &stmt {
            Stmt::Expr(e) => match &func.expr(*e).kind {
                ExprKind::Assign { target, value }
                    if matches!(func.expr(*target).kind, ExprKind::Local(_)) =>
                {
                    Some(*value)
                }
                _ => None,
            },
            Stmt::Let { init: Some(e), .. } => Some(*e),
            _ => None,
        };
        let target = call.and_then(|c| match &func.expr(c).kind {
            ExprKind::Call { func: h, receiver: None, args } if qualifies(*h) => {
                Some((c, *h, args.clone()))
            }
            _ => None,
        });
        if let Some((call, h, args)) = target {
            let helper = module.function(h);
            let typed = helper.params.len() == args.len()
                && helper
                    .params
                    .iter()
                    .zip(&args)
                    .all(|(p, a)| helper.local(*p).ty == func.expr(*a).ty)
                && func.expr(call).ty == helper.ret;
            if typed {
                inlined.push((h, func.expr(call).span));
                write_body(func, helper, call, &args, &mut out);
            }
        }
        out.push(stmt);
    }
    block.stmts = out;
}

/// Appends to `out` the statements of `helper`'s body for the call `call` with `args`,
/// copied into `func`, and makes `call` the copy of the returned expression.
fn write_body(
    func: &mut Function,
    helper: &Function,
    call: ExprId,
    args: &[ExprId],
    out: &mut Vec<Stmt>,
) {
    // A local no argument assigns reads the same value when the body names it as when
    // Java evaluated the arguments.
    let mut assigned = HashSet::new();
    walk::assigned_in_exprs(func, args, &mut assigned);
    let simple: Vec<bool> = args
        .iter()
        .map(|a| match func.expr(*a).kind {
            ExprKind::Local(l) => !assigned.contains(&l),
            ExprKind::Const(_) => true,
            _ => false,
        })
        .collect();
    let mut params: HashMap<LocalId, Param> = HashMap::new();
    for ((p, a), simple) in helper.params.iter().zip(args).zip(simple) {
        if simple {
            params.insert(*p, Param::Arg { expr: *a, taken: Cell::new(false) });
        } else {
            let param = helper.local(*p).clone();
            let local = func.push_local(Local { kind: LocalKind::Var, ..param });
            out.push(Stmt::Let { local, init: Some(*a) });
            params.insert(*p, Param::Local(local));
        }
    }
    let mut copier = Copier { helper, params, locals: HashMap::new() };
    let Some((Stmt::Return(Some(returned)), rest)) = helper.body.stmts.split_last() else {
        return;
    };
    for stmt in rest {
        match stmt {
            Stmt::Let { local, init: Some(e) } => {
                let init = copier.copy(func, *e);
                let copy = func.push_local(helper.local(*local).clone());
                copier.locals.insert(*local, copy);
                out.push(Stmt::Let { local: copy, init: Some(init) });
            }
            Stmt::Expr(e) => {
                let e = copier.copy(func, *e);
                out.push(Stmt::Expr(e));
            }
            _ => {}
        }
    }
    let value = copier.copy_kind(func, *returned);
    let expr = helper.expr(*returned);
    func.exprs[call.0 as usize] = Expr { kind: value, ty: expr.ty.clone(), span: expr.span };
}

/// Copies expressions of the helper into the caller.
struct Copier<'h> {
    helper: &'h Function,
    params: HashMap<LocalId, Param>,
    /// The helper's declared locals, by their copies in the caller.
    locals: HashMap<LocalId, LocalId>,
}

impl Copier<'_> {
    /// A new expression of `func` copying the helper's `e` (or, for the first read of a
    /// parameter, the argument's own expression).
    fn copy(&self, func: &mut Function, e: ExprId) -> ExprId {
        if let ExprKind::Local(l) = self.helper.expr(e).kind {
            if let Some(Param::Arg { expr, taken }) = self.params.get(&l) {
                if !taken.replace(true) {
                    return *expr;
                }
            }
        }
        let kind = self.copy_kind(func, e);
        let expr = self.helper.expr(e);
        func.push_expr(kind, expr.ty.clone(), expr.span)
    }

    /// The kind of the copy of `e`, its sub-expressions copied into `func`.
    fn copy_kind(&self, func: &mut Function, e: ExprId) -> ExprKind {
        let mut kind = match &self.helper.expr(e).kind {
            ExprKind::Local(l) => match (self.params.get(l), self.locals.get(l)) {
                (Some(Param::Arg { expr, .. }), _) => func.expr(*expr).kind.clone(),
                (Some(Param::Local(copy)), _) | (None, Some(copy)) => ExprKind::Local(*copy),
                // `inlinable` saw every local declared before its use.
                (None, None) => ExprKind::Const(Const::Int(0)),
            },
            kind => kind.clone(),
        };
        walk::each_child_mut(&mut kind, &mut |child| *child = self.copy(func, *child));
        kind
    }
}
