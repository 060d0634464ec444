//! Device eligibility per function (LANGUAGE.md §3.2, computed on MIR).
//!
//! A function is *device-eligible* when it is isolated (no printing, clock, `Random`,
//! tasks, non-final static fields, strings, allocation of non-value objects, SOMD calls)
//! **and** every construct in it is one the OpenCL C writer translates (no recursion —
//! OpenCL C has none —, no array allocation, no labelled jumps, no `null`, assignments
//! only as statements, ...). The first blocking construct is recorded with its span; a
//! function blocked only through a callee records the call chain down to the construct.

use super::{BlockReason, Blocker};
use crate::ir::*;
use somd_syntax::ast::PrimType;

/// Computes eligibility for every function of `module`.
pub fn eligibility(module: &Module) -> Vec<Result<(), Blocker>> {
    let n = module.functions.len();
    let direct: Vec<Option<Blocker>> = module
        .functions
        .iter()
        .enumerate()
        .map(|(i, f)| direct_blocker(module, FuncId(i as u32), f))
        .collect();
    let mut result: Vec<Option<Result<(), Blocker>>> = vec![None; n];
    for i in 0..n {
        let mut path = Vec::new();
        let _ = visit(module, FuncId(i as u32), &direct, &mut result, &mut path, None);
    }
    result.into_iter().map(|r| r.unwrap_or(Ok(()))).collect()
}

fn visit(
    module: &Module,
    id: FuncId,
    direct: &[Option<Blocker>],
    result: &mut Vec<Option<Result<(), Blocker>>>,
    path: &mut Vec<FuncId>,
    call: Option<somd_diag::Span>,
) -> Result<(), Blocker> {
    let idx = id.0 as usize;
    if let Some(done) = &result[idx] {
        return done.clone();
    }
    if let Some(pos) = path.iter().position(|f| *f == id) {
        // A cycle: every function on it is recursive; the call that closes it is the one
        // to name.
        let func = module.function(id);
        return Err(Blocker {
            reason: BlockReason::Recursion,
            construct: format!("recursive call of `{}` (OpenCL C has no recursion)", func.name),
            span: call.unwrap_or(func.span),
            chain: path[pos..].to_vec(),
        });
    }
    if let Some(blocker) = &direct[idx] {
        let blocked = Err(blocker.clone());
        result[idx] = Some(blocked.clone());
        return blocked;
    }
    path.push(id);
    let func = module.function(id);
    let mut outcome = Ok(());
    for (callee, span) in callees(func) {
        if callee.0 as usize >= module.functions.len() {
            continue;
        }
        if let Err(inner) = visit(module, callee, direct, result, path, Some(span)) {
            let mut chain = vec![id];
            if inner.chain.is_empty() {
                chain.push(callee);
            } else {
                chain.extend(inner.chain.iter().copied());
            }
            outcome = Err(Blocker { chain, ..inner });
            break;
        }
    }
    path.pop();
    result[idx] = Some(outcome.clone());
    outcome
}

/// Calls of ordinary functions made by `func` (constructors included), with spans.
pub fn callees(func: &Function) -> Vec<(FuncId, somd_diag::Span)> {
    let mut out = Vec::new();
    for expr in &func.exprs {
        match &expr.kind {
            ExprKind::Call { func: callee, .. } => out.push((*callee, expr.span)),
            ExprKind::New { ctor: Some(ctor), .. } => out.push((*ctor, expr.span)),
            ExprKind::Map { func: callee, .. } => out.push((*callee, expr.span)),
            ExprKind::ReduceArray { reducer: ArrayReducer::Func(callee), .. } => {
                out.push((*callee, expr.span))
            }
            _ => {}
        }
    }
    out.extend(func.to_strings.iter().copied());
    out
}

fn block(reason: BlockReason, construct: impl Into<String>, span: somd_diag::Span) -> Blocker {
    Blocker { reason, construct: construct.into(), span, chain: Vec::new() }
}

/// Whether the body of intermediate reduction method `callee` can run in a kernel that
/// a SOMD body's host program launches (`sync.rs`, [`super::SyncIntermediate`]): its own
/// constructs, the rule that keeps such methods off the device as ordinary callees aside
/// (the kernel is the method's own loop, not a call of it), and its callees.
pub fn intermediate_body(
    module: &Module,
    eligible: &[Result<(), Blocker>],
    callee: FuncId,
) -> Result<(), Blocker> {
    let func = module.function(callee);
    if let Some(b) = body_blocker(module, callee, func) {
        return Err(Blocker { chain: vec![callee], ..b });
    }
    for (f, _) in callees(func) {
        if let Some(Err(inner)) = eligible.get(f.0 as usize) {
            let mut chain = vec![callee];
            if inner.chain.is_empty() {
                chain.push(f);
            } else {
                chain.extend(inner.chain.iter().copied());
            }
            return Err(Blocker { chain, ..inner.clone() });
        }
    }
    Ok(())
}

/// The first construct of `func` itself that keeps it off the device.
fn direct_blocker(module: &Module, id: FuncId, func: &Function) -> Option<Blocker> {
    if func.intermediate.is_some() && !func.is_somd() {
        return Some(block(
            BlockReason::Unsupported,
            "intermediate reduction method (needs an all-reduce across work-groups)",
            func.span,
        ));
    }
    body_blocker(module, id, func)
}

/// The first construct of `func` itself that keeps its body off the device.
fn body_blocker(module: &Module, id: FuncId, func: &Function) -> Option<Blocker> {
    use BlockReason::{NotIsolated, Unsupported};
    match func.kind {
        FuncKind::StaticInit => {
            return Some(block(Unsupported, "static initializer", func.span));
        }
        FuncKind::Instance => {
            // An instance SOMD method the device glue could not lift (`instance.rs`).
            if let Some((why, span)) =
                func.is_somd().then(|| super::instance::refusal(module, func)).flatten()
            {
                return Some(block(Unsupported, format!("instance SOMD method: {why}"), span));
            }
            return Some(block(
                Unsupported,
                if func.is_somd() {
                    "instance SOMD method (the device sees it static, with its receiver's \
                     fields as parameters: `analysis::instance::lift_fields`)"
                } else {
                    "instance method (the OpenCL writer compiles static methods and value-class \
                     constructors)"
                },
                func.span,
            ));
        }
        FuncKind::Ctor => {
            if !module.classes.get(func.class.0 as usize).is_some_and(|c| c.is_value) {
                return Some(block(NotIsolated, "constructor of a non-value class", func.span));
            }
        }
        FuncKind::Static => {}
    }
    // `!` of a `@` (nested in a kernel): the constructs the writer folds in the work-item.
    let nested = nested_constructs(module, func);
    let nested_ok = match &nested {
        Ok(set) => set.clone(),
        Err(b) => return Some(b.clone()),
    };
    let vias: std::collections::HashSet<LocalId> = if func.is_somd() {
        std::collections::HashSet::new()
    } else {
        super::nested::nested_folds(func).iter().filter_map(|f| f.via).collect()
    };
    // Locals of array type: pointers into a parameter's buffer (`alias.rs`).
    let skip = |l: LocalId| super::alias::other_form(func, l);
    let (aliases, alias_blocker) = match super::alias::array_aliases(func, &skip) {
        Ok(a) => (a, None),
        Err(b) => (Default::default(), Some(b)),
    };
    // Small fresh arrays kept in the work-item's private memory (`private.rs`).
    let fresh = super::private::checked_arrays(module, func);
    // Statements.
    let mut found: Option<Blocker> = None;
    super::walk::each_stmt(&func.body, &mut |stmt| {
        if found.is_some() {
            return;
        }
        found = match stmt {
            // `sync` and `sync reduce` blocks are host-level barriers between launches
            // (`sync.rs` decides whether the body around them has a shape the device runs).
            Stmt::ThrowUnderflow { span } => {
                Some(block(NotIsolated, "`throw new Underflow()` (a task source)", *span))
            }
            // Labelled statements, `break label` and `continue label` are `goto`s to labels
            // the OpenCL writer places after the statement and at the end of a loop's body.
            Stmt::Let { local, init } => {
                let ty = &func.local(*local).ty;
                let somd_output = func.is_somd()
                    && init.is_some_and(|e| matches!(func.expr(e).kind, ExprKind::NewArray { .. }));
                let vector = vector_of(ty).is_some();
                if !scalar_or_value(module, ty)
                    && !somd_output
                    && !matches!(fresh.get(local), Some(Ok(_)))
                    && !vias.contains(local)
                    && !vector
                    && !aliases.contains_key(local)
                {
                    let name = &func.local(*local).name;
                    let construct = match fresh.get(local) {
                        Some(Err(why)) => {
                            format!("local `{name}` of array type holding a fresh array {why}")
                        }
                        _ => format!("local `{name}` of array or reference type"),
                    };
                    Some(block(Unsupported, construct, func.local(*local).span))
                } else {
                    None
                }
            }
            _ => None,
        };
    });
    let stmt_blocker = alias_blocker.or(found);
    // Parameters: scalars, value objects, arrays of scalars / value objects (1-D or 2-D).
    for p in &func.params {
        let local = func.local(*p);
        // 3-D arrays of primitives: kernel arguments of SOMD methods, and helpers'
        // parameters (the caller passes its buffer and three lengths on).
        let cube = cube_elem(&local.ty).is_some();
        if !param_type_ok(module, &local.ty) && !cube {
            return Some(block(
                Unsupported,
                format!("parameter `{}` of type {}", local.name, type_name(module, &local.ty)),
                local.span,
            ));
        }
    }
    if func.ret != Type::Void
        && !func.is_somd()
        && !scalar_or_value(module, &func.ret)
        && vector_of(&func.ret).is_none()
        && packed_of(&func.ret).is_none()
    {
        return Some(block(Unsupported, "array or reference result", func.span));
    }
    // A packed result (`float[[3]]`) is a struct of its lanes, made by a literal.
    if packed_of(&func.ret).is_some() {
        let mut other = None;
        super::walk::each_stmt(&func.body, &mut |stmt| {
            if let Stmt::Return(Some(e)) = stmt {
                if !matches!(func.expr(*e).kind, ExprKind::ValueArrayLit(_)) {
                    other.get_or_insert(func.expr(*e).span);
                }
            }
        });
        if let Some(span) = other {
            return Some(block(
                Unsupported,
                "a returned value array other than a literal `new T[[N]]{..}` (kernel code \
                 makes such a result from its elements)",
                span,
            ));
        }
    }
    // Value classes holding arrays: what kernel code holds of them (`holders.rs`).
    if let Some(b) = super::holders::blocker(module, func) {
        return Some(b);
    }
    // Expressions: statement-level side effects only.
    let mut statement_roots = std::collections::HashSet::new();
    super::walk::each_stmt(&func.body, &mut |stmt| match stmt {
        Stmt::Expr(e) => {
            statement_roots.insert(*e);
        }
        Stmt::Loop { update, .. } => statement_roots.extend(update.iter().copied()),
        _ => {}
    });
    // The initialisers of private arrays: allocations kernel code makes.
    let mut private_inits = std::collections::HashSet::new();
    super::walk::each_stmt(&func.body, &mut |s| {
        if let Stmt::Let { local, init: Some(init) } = s {
            if matches!(fresh.get(local), Some(Ok(_))) {
                private_inits.insert(*init);
            }
        }
    });
    let mut unsupported = None;
    let parents = super::walk::parents(func);
    for (i, expr) in func.exprs.iter().enumerate() {
        let eid = ExprId(i as u32);
        let at_statement = statement_roots.contains(&eid);
        if nested_ok.contains(&eid) {
            continue;
        }
        let private_init = private_inits.contains(&eid);
        let found = expr_blocker(module, id, func, eid, expr, at_statement, private_init, &parents);
        match found {
            // Isolation rules first: they are what the programmer can act on.
            Some(b) if b.reason == BlockReason::NotIsolated => return Some(b),
            Some(b) if unsupported.is_none() => unsupported = Some(b),
            _ => {}
        }
    }
    stmt_blocker.or(unsupported).or_else(|| nesting_blocker(func, &parents))
}

/// The deepest weighted nesting of an expression of kernel code the device compilers take
/// ([`nesting_blocker`]). OpenCL C compilers built on Clang stop at 256 levels of brackets
/// (`-fbracket-depth`), counted after macro expansion; the writer's text of an operator
/// is one level (`somd_iadd(a, b)`), of a cast, element access or conditional up to three
/// (a conversion call in parentheses, a checked access), and statements add their own.
const KERNEL_NESTING: u32 = 128;

/// An expression of `func` nested deeper than [`KERNEL_NESTING`] (a sum of 300 terms, a
/// chain of 100 conditionals), whose kernel no OpenCL C compiler would build: the CPU runs
/// it, and `explain` says why, where a strict run stopped with the device compiler's
/// "bracket nesting level exceeded" (probe 87).
fn nesting_blocker(func: &Function, parents: &[Option<ExprId>]) -> Option<Blocker> {
    let weight = |e: ExprId| match func.expr(e).kind {
        ExprKind::Index { .. } | ExprKind::Convert { .. } | ExprKind::Conditional { .. } => 3,
        _ => 1,
    };
    // Each expression's depth from its root, computed once: climb to a known one, then back.
    let mut depth: Vec<u32> = vec![0; func.exprs.len()];
    let mut known = vec![false; func.exprs.len()];
    let mut path = Vec::new();
    for i in 0..func.exprs.len() {
        let mut at = Some(ExprId(i as u32));
        while let Some(e) = at.filter(|e| !known[e.0 as usize]) {
            path.push(e);
            at = parents[e.0 as usize];
        }
        let mut d = at.map_or(0, |e| depth[e.0 as usize]);
        while let Some(e) = path.pop() {
            d += weight(e);
            depth[e.0 as usize] = d;
            known[e.0 as usize] = true;
        }
    }
    let (deepest, d) = depth.iter().enumerate().max_by_key(|(_, d)| **d)?;
    // Named by the whole expression holding it.
    let mut root = ExprId(deepest as u32);
    while let Some(up) = parents[root.0 as usize] {
        root = up;
    }
    (*d > KERNEL_NESTING).then(|| {
        block(
            BlockReason::Unsupported,
            format!(
                "expression nested {d} levels deep in kernel code (OpenCL C compilers take \
                 about {KERNEL_NESTING}; split it into locals)"
            ),
            func.expr(root).span,
        )
    })
}

/// The `@`, `!` and `Somd.range` expressions of `func` that form a `!` of a `@` the writer
/// folds in the work-item (`nested.rs`), or what keeps such a pair off the device. SOMD
/// bodies keep their `@` and `!` on the host.
fn nested_constructs(
    module: &Module,
    func: &Function,
) -> Result<std::collections::HashSet<ExprId>, Blocker> {
    use BlockReason::Unsupported;
    let mut ok = std::collections::HashSet::new();
    if func.is_somd() {
        return Ok(ok);
    }
    for fold in super::nested::nested_folds(func) {
        let reduce = func.expr(fold.reduce);
        let map = func.expr(fold.map);
        let ExprKind::Map { func: target, args } = &map.kind else { continue };
        let ExprKind::ReduceArray { reducer, .. } = &reduce.kind else { continue };
        let tf = module.function(*target);
        let elem = match &map.ty {
            Type::ValueArray(e, _) if scalar_or_value(module, e) => (**e).clone(),
            _ => {
                return Err(block(
                    Unsupported,
                    "nested `@` whose result elements are arrays",
                    map.span,
                ))
            }
        };
        match reducer {
            ArrayReducer::Op(op) => {
                let supported = match elem {
                    Type::Prim(p) => super::nested::op_supported(*op, p),
                    _ => false,
                };
                if !supported {
                    return Err(block(
                        Unsupported,
                        format!("nested `{} !` over {}", op.symbol(), type_name(module, &elem)),
                        reduce.span,
                    ));
                }
            }
            ArrayReducer::Func(m) => {
                let mf = module.function(*m);
                let takes = mf.params.iter().all(|p| mf.local(*p).ty == elem);
                if !takes || mf.ret != elem {
                    return Err(block(
                        Unsupported,
                        "nested `C.m !` whose method types differ from the `@` result's elements",
                        reduce.span,
                    ));
                }
                // The work-item interleaves the applications and the combinations; the CPU
                // applies `f` to every element first. Only a method that cannot throw makes
                // the two orders raise the same exception.
                if may_throw(module, *m, &mut Vec::new()) {
                    return Err(block(
                        Unsupported,
                        format!(
                            "nested `{} !` whose method can throw (the CPU applies the whole `@` before combining)",
                            mf.name
                        ),
                        reduce.span,
                    ));
                }
            }
        }
        let mut range_args = Vec::new();
        // Java widens a primitive argument (or element) to the parameter's type as in a
        // call; the fold converts it (`opencl/nested.rs`).
        let widens = |from: &Type, to: &Type| match (from, to) {
            (Type::Prim(f), Type::Prim(t)) => somd_sema::widens(*f, *t),
            _ => from == to,
        };
        for (k, (arg, mode)) in args.iter().enumerate() {
            let Some(p) = tf.params.get(k) else { break };
            let pty = &tf.local(*p).ty;
            let a = func.expr(*arg);
            let fits = match (mode, &a.kind) {
                (MapArg::Mapped, ExprKind::Builtin { builtin: Builtin::SomdRange, args: n }) => {
                    range_args.push(*arg);
                    widens(&Type::Prim(PrimType::Int), pty)
                        && n.iter().all(|n| !has_effect(func, *n))
                }
                (MapArg::Mapped, ExprKind::Local(_)) => match &a.ty {
                    Type::Array(e) | Type::ValueArray(e, _) => {
                        widens(e, pty)
                            && (scalar_or_value(module, pty)
                                || array_elem(pty)
                                    .is_some_and(|(e, r)| r == 1 && scalar_or_value(module, e)))
                    }
                    _ => false,
                },
                (MapArg::Broadcast, ExprKind::Local(_)) => {
                    widens(&a.ty, pty) && param_type_ok(module, pty)
                }
                (MapArg::Broadcast, _) => {
                    widens(&a.ty, pty) && scalar_or_value(module, pty) && !has_effect(func, *arg)
                }
                _ => false,
            };
            if !fits {
                return Err(block(
                    Unsupported,
                    format!(
                        "nested `@` argument {} (a mapped array local or `Somd.range(n)`, or a broadcast local or scalar without side effects, of the parameter's type or one Java widens to it)",
                        k + 1
                    ),
                    a.span,
                ));
            }
        }
        ok.insert(fold.reduce);
        ok.insert(fold.map);
        ok.extend(range_args);
    }
    // `!` of an array the work-item reads: folded in the work-item too.
    for reduce in super::nested::array_folds(func) {
        if let Some(why) = super::nested::array_fold_refusal(module, func, reduce) {
            return Err(block(Unsupported, why, func.expr(reduce).span));
        }
        ok.insert(reduce);
        // `op ! Somd.range(n)`: the fold takes element `k` as `k`, no range is made.
        if let ExprKind::ReduceArray { array, .. } = func.expr(reduce).kind {
            if super::nested::range_len(func, array).is_some() {
                ok.insert(array);
            }
        }
    }
    Ok(ok)
}

/// Whether a call of `f` may raise a Java exception on the device ([`may_throw`]).
pub fn call_may_throw(module: &Module, f: FuncId) -> bool {
    may_throw(module, f, &mut Vec::new())
}

/// Whether `f` (or a callee) has a construct that can raise a Java exception on the device:
/// an array access, integer division or remainder, a nested `@`/`!` or a value-array
/// freeze. Recursion counts as throwing.
fn may_throw(module: &Module, f: FuncId, path: &mut Vec<FuncId>) -> bool {
    if path.contains(&f) {
        return true;
    }
    path.push(f);
    let func = module.function(f);
    let int_div = |op: &BinOp| {
        matches!(op.kind, BinOpKind::Div | BinOpKind::Rem)
            && matches!(op.ty, PrimOrRef::Prim(PrimType::Int | PrimType::Long))
    };
    let throws = func.exprs.iter().any(|e| match &e.kind {
        ExprKind::Index { .. }
        | ExprKind::Map { .. }
        | ExprKind::ReduceArray { .. }
        | ExprKind::Freeze(_) => true,
        ExprKind::Binary { op, .. } | ExprKind::CompoundAssign { op, .. } => int_div(op),
        _ => false,
    }) || callees(func).iter().any(|(c, _)| may_throw(module, *c, path));
    path.pop();
    throws
}

/// Whether evaluating `e` changes anything (an assignment, `++`/`--`, or a call).
fn has_effect(func: &Function, e: ExprId) -> bool {
    let mut found = false;
    super::walk::each_expr(func, e, &mut |x| {
        found |= matches!(
            func.expr(x).kind,
            ExprKind::Assign { .. }
                | ExprKind::CompoundAssign { .. }
                | ExprKind::IncDec { .. }
                | ExprKind::Call { .. }
        );
    });
    found
}

/// The type of what `null` expression `eid` initialises or returns, when it is a whole
/// declaration's initialiser (`int[] r = null;`) or a `return`'s value.
fn null_given_to(func: &Function, eid: ExprId) -> Option<&Type> {
    let mut found = None;
    super::walk::each_stmt(&func.body, &mut |stmt| match stmt {
        Stmt::Let { local, init: Some(e) } if *e == eid => found = Some(&func.local(*local).ty),
        Stmt::Return(Some(e)) if *e == eid => found = Some(&func.ret),
        _ => {}
    });
    found
}

/// What keeps expression `expr` of `func` off the device; `private_init`: it is the
/// initialiser of one of `func`'s private arrays (`private.rs`).
#[allow(clippy::too_many_arguments)]
fn expr_blocker(
    module: &Module,
    _id: FuncId,
    func: &Function,
    eid: ExprId,
    expr: &Expr,
    at_statement: bool,
    private_init: bool,
    parents: &[Option<ExprId>],
) -> Option<Blocker> {
    use BlockReason::{NotIsolated, Unsupported};
    let span = expr.span;
    match &expr.kind {
        // What a print or format call prints: the call is the construct to name.
        ExprKind::Const(Const::Str(_)) | ExprKind::Concat(_) if printed(func, eid, parents) => None,
        ExprKind::Const(Const::Str(_)) | ExprKind::Concat(_) => {
            Some(block(NotIsolated, "string operation", span))
        }
        // Kernel code holds an object of a value class as a struct value, which has no
        // `null`; objects of other classes never reach it. An array is a buffer (a matrix's
        // rows packed in one), which no element can name as `null` either.
        ExprKind::Const(Const::Null) => {
            // A branch of a conditional (`c ? null : a`) has the conditional's type, unless
            // every branch is `null`: then what the conditional is given to says.
            let mut at = eid;
            while let Some(p) = super::walk::parent_of(parents, at).filter(
                |p| matches!(func.expr(*p).kind, ExprKind::Conditional { cond, .. } if cond != at),
            ) {
                at = p;
            }
            let other =
                super::walk::parent_of(parents, at).and_then(|p| match &func.expr(p).kind {
                    ExprKind::Binary { lhs, rhs, .. } => Some(if *lhs == at { *rhs } else { *lhs }),
                    ExprKind::Assign { target, value } if *value == at => Some(*target),
                    _ => None,
                });
            let given_to = match other {
                _ if func.expr(at).ty != Type::Null => Some(&func.expr(at).ty),
                Some(o) => Some(&func.expr(o).ty),
                None => null_given_to(func, at),
            };
            let what = match given_to {
                Some(Type::Array(_) | Type::ValueArray(..)) => {
                    "`null` with an array (kernel code holds arrays, and the rows of a \
                     matrix, as buffers: none is null)"
                }
                _ => {
                    "`null` (kernel code holds objects of value classes as struct values, never \
                      null)"
                }
            };
            Some(block(Unsupported, what, span))
        }
        ExprKind::Static(s) => {
            let field = module.statics.get(s.0 as usize)?;
            let class = module.classes.get(field.class.0 as usize).map_or("?", |c| c.name.as_str());
            // A compile-time constant is already a `Const`. Other final fields of a device
            // type reach kernels in the program's statics buffer (`device_static`).
            let written = parents.get(eid.0 as usize).copied().flatten().is_some_and(|p| {
                matches!(func.expr(p).kind,
                    ExprKind::Assign { target, .. }
                    | ExprKind::CompoundAssign { target, .. }
                    | ExprKind::IncDec { target, .. } if target == eid)
            });
            let what = if !field.is_final {
                let verb = if written { "write to" } else { "read of" };
                format!("{verb} non-final static field `{class}.{}`", field.name)
            } else if vector_of(&field.ty).is_some() || vector_rows(&field.ty).is_some() {
                format!(
                    "read of static field `{class}.{}`, a `T[[N]]` kernels hold as a vector (the \
                     statics buffer holds no vectors)",
                    field.name
                )
            } else if device_static(module, &field.ty).is_none() {
                format!(
                    "read of static field `{class}.{}`: of the final fields, kernels read those \
                     holding primitives, objects of value classes of primitive and value-class \
                     fields, value arrays of primitives in one or two dimensions and value \
                     arrays of such objects",
                    field.name
                )
            } else if !static_use_ok(module, func, eid, parents) {
                format!(
                    "static field `{class}.{}` used other than by its elements, its lengths, \
                     as an array local's value or (a 1-D array or a row of a 2-D one) as a \
                     whole argument of a static method",
                    field.name
                )
            } else {
                return None;
            };
            Some(block(NotIsolated, what, span))
        }
        // The device takes `Somd.offset` and `Somd.globalLength` of a constant dimension
        // (an argument of the kernel); the checker keeps constants in range (E0304), the
        // CPU checks a computed one.
        ExprKind::Builtin { builtin: Builtin::SomdOffset | Builtin::SomdGlobalLength, args }
            if args.get(1).is_some_and(|d| {
                !matches!(func.expr(*d).kind, ExprKind::Const(Const::Int(1..=3)))
            }) =>
        {
            Some(block(
                BlockReason::Unsupported,
                "`Somd.offset`/`Somd.globalLength` of a dimension that is no constant",
                span,
            ))
        }
        ExprKind::Builtin { builtin, .. } => builtin_blocker(*builtin, span),
        ExprKind::New { class, ctor, args } => {
            let is_value = module.classes.get(class.0 as usize).is_some_and(|c| c.is_value);
            if is_value {
                ctor.and_then(|c| representation_blocker(module, func, c, args))
            } else {
                let name = module.classes.get(class.0 as usize).map_or("?", |c| c.name.as_str());
                Some(block(NotIsolated, format!("allocation of `new {name}`"), span))
            }
        }
        ExprKind::ValueArrayLit(_) if !func.is_somd() && vector_of(&expr.ty).is_some() => None,
        // A packed result (`packed_of`) made by the literal a `return` gives.
        ExprKind::ValueArrayLit(_)
            if !func.is_somd() && packed_of(&expr.ty).is_some() && returned(func, eid) =>
        {
            None
        }
        ExprKind::NewArray { .. } | ExprKind::ArrayLit(_) | ExprKind::ValueArrayLit(_) => {
            if func.is_somd() {
                // SOMD bodies allocate their output arrays on the host (see `parallel`).
                None
            } else if private_init {
                // A private array of the work-item (`private.rs`).
                None
            } else {
                Some(block(Unsupported, "array allocation inside a kernel", span))
            }
        }
        // A SOMD body's own `@`, `!` and freezes are host operations between no launches.
        ExprKind::Freeze(_) if func.is_somd() => Some(block(
            Unsupported,
            "value-array creation in the body of a SOMD method (its kernels make none)",
            span,
        )),
        ExprKind::Map { .. } if func.is_somd() => Some(block(
            Unsupported,
            "`@` in the body of a SOMD method (its kernels hold none; a helper its loop calls \
             may)",
            span,
        )),
        ExprKind::ReduceArray { .. } if func.is_somd() => Some(block(
            Unsupported,
            "`!` in the body of a SOMD method (its kernels hold none; a helper its loop calls \
             may)",
            span,
        )),
        ExprKind::Freeze(_) => {
            Some(block(Unsupported, "value-array creation inside a kernel", span))
        }
        ExprKind::Map { .. } => Some(block(Unsupported, "nested `@` map inside a kernel", span)),
        ExprKind::ReduceArray { .. } => {
            Some(block(Unsupported, "nested `!` reduction inside a kernel", span))
        }
        ExprKind::Task { .. } | ExprKind::Connect { .. } => {
            Some(block(NotIsolated, "task graph construction", span))
        }
        ExprKind::SomdCall { .. } => Some(block(NotIsolated, "call of a SOMD method", span)),
        // In a SOMD body the host makes the call between launches (`sync.rs` decides
        // whether it can); anywhere else it would need an all-reduce across work-groups.
        ExprKind::IntermediateReduce { .. } if func.is_somd() => None,
        ExprKind::IntermediateReduce { .. } => Some(block(
            Unsupported,
            "intermediate reduction (needs an all-reduce across work-groups)",
            span,
        )),
        ExprKind::Call { receiver: Some(_), .. } => {
            Some(block(Unsupported, "instance method call", span))
        }
        ExprKind::Call { func: callee, receiver: None, args } => {
            if packed_of(&module.function(*callee).ret).is_some() {
                return Some(block(
                    Unsupported,
                    format!(
                        "a call of `{}`, which returns a value array kernel code holds only as a \
                         `@` result",
                        module.function(*callee).name
                    ),
                    span,
                ));
            }
            representation_blocker(module, func, *callee, args)
        }
        ExprKind::Assign { target, .. }
        | ExprKind::CompoundAssign { target, .. }
        | ExprKind::IncDec { target, .. } => {
            if let ExprKind::Static(s) = &func.expr(*target).kind {
                let name = module.statics.get(s.0 as usize).map_or("?", |f| f.name.as_str());
                return Some(block(NotIsolated, format!("write to static field `{name}`"), span));
            }
            if !at_statement
                && matches!(expr.kind, ExprKind::IncDec { prefix: false, .. })
                && matches!(func.expr(*target).ty, Type::Prim(PrimType::Float | PrimType::Double))
            {
                // The writer derives the old value from the new one, exact only for integers.
                return Some(block(
                    Unsupported,
                    "floating-point post-increment or post-decrement used as a value",
                    span,
                ));
            }
            match &func.expr(*target).kind {
                ExprKind::Field { object, .. }
                    if !(func.kind == FuncKind::Ctor
                        && matches!(func.expr(*object).kind, ExprKind::This)) =>
                {
                    Some(block(Unsupported, "write to an object field", span))
                }
                // Kernel code holds a 2-D or 3-D array as one buffer of rectangular rows: a
                // row or plane cannot be replaced by another array.
                ExprKind::Index { .. } if matches!(func.expr(*target).ty, Type::Array(_)) => {
                    Some(block(
                        Unsupported,
                        "a row of an array replaced (kernel code holds the rows of a 2-D or 3-D \
                         array in one buffer)",
                        span,
                    ))
                }
                _ => None,
            }
        }
        // `==`/`!=` of two objects of a value class of primitive and value-class fields: a
        // comparison field by field (`somd_eq_C` in the kernels).
        ExprKind::Binary { op, lhs, rhs }
            if op.ty == PrimOrRef::Value
                && matches!(op.kind, BinOpKind::Eq | BinOpKind::Ne)
                && compared_class(module, func, *lhs, *rhs).is_some() =>
        {
            None
        }
        // `==`/`!=` of two vectors of one type: every lane compared with its type's `==`
        // (`all(a == b)` in the kernels).
        ExprKind::Binary { op, lhs, rhs }
            if op.ty == PrimOrRef::Value
                && matches!(op.kind, BinOpKind::Eq | BinOpKind::Ne)
                && vector_of(&func.expr(*lhs).ty).is_some()
                && func.expr(*lhs).ty == func.expr(*rhs).ty =>
        {
            None
        }
        ExprKind::Binary { op, .. } if !matches!(op.ty, PrimOrRef::Prim(_)) => {
            Some(block(Unsupported, "reference or value comparison", span))
        }
        // An array field of a value class holding arrays (`holders.rs`).
        ExprKind::Index { array, .. } if super::holders::field_buffer(module, func, *array) => None,
        // A lane of a vector field of an object the kernel holds (`q.v[k]`).
        ExprKind::Index { array, .. } if vector_field(func, *array) => None,
        // A constant lane of a vector a call returns (`pair(n)[0]`): a component of the
        // returned value (`pair(n).s0`).
        ExprKind::Index { array, index } if called_lane(func, *array, *index) => None,
        // An element or row of a static field (its own arm checks how it is used).
        ExprKind::Index { array, .. } if static_root(func, *array) => None,
        ExprKind::Index { array, .. } => {
            // Only `a[i]`, `m[i][j]` and, of a 3-D array, `c[i][j][k]` on locals; a row or
            // plane of a 3-D array only on the way to an element or a length (its buffer
            // holds no rows to pass on).
            let root = super::walk::index_root(func, *array);
            let cube = root.is_some_and(|(l, _)| cube_elem(&func.local(l).ty).is_some());
            match root {
                Some((_, d)) if d < 2 || (d == 2 && cube) => {
                    let sub_array = matches!(expr.ty, Type::Array(_) | Type::ValueArray(..));
                    let parent_ok =
                        parents.get(eid.0 as usize).copied().flatten().is_some_and(|p| match func
                            .expr(p)
                            .kind
                        {
                            ExprKind::Index { array, .. } | ExprKind::Length(array) => array == eid,
                            // A row `c[x][y]` folded in the work-item (`nested::array_folds`
                            // judges it).
                            ExprKind::ReduceArray { array, .. } => array == eid,
                            _ => false,
                        });
                    if cube
                        && sub_array
                        && !parent_ok
                        && !cube_view_passed(module, func, eid, parents)
                    {
                        Some(block(
                            Unsupported,
                            "a row or plane of a 3-D array used other than to reach an element or a length, to be reduced with `!`, to be passed to a call as its parameter's type, or to be named by a 1-D array local",
                            span,
                        ))
                    } else {
                        None
                    }
                }
                _ => Some(block(Unsupported, "indexing of a computed array", span)),
            }
        }
        ExprKind::Length(array) if super::holders::field_buffer(module, func, *array) => None,
        ExprKind::Length(array) if vector_field(func, *array) => None,
        ExprKind::Length(array) if static_root(func, *array) => None,
        ExprKind::Length(array) => match super::walk::index_root(func, *array) {
            Some((_, 0 | 1)) => None,
            Some((l, 2)) if cube_elem(&func.local(l).ty).is_some() => None,
            _ => Some(block(Unsupported, "length of a computed array", span)),
        },
        ExprKind::Local(l) => {
            // Arrays may appear only where they are indexed, measured or passed on.
            let _ = l;
            None
        }
        _ => None,
    }
}

/// Whether the plane `c[x]` or row `c[x][y]` of a 3-D array (`eid`) is passed on as a view
/// of the 3-D buffer: an argument of a call whose parameter has its type (a plane is a
/// rectangular row-major 2-D array, `c + x * c_len1 * c_len2` with lengths `c_len1` and
/// `c_len2`; a row a 1-D one), or a value of a 1-D array local (`alias.rs`).
fn cube_view_passed(
    module: &Module,
    func: &Function,
    eid: ExprId,
    parents: &[Option<ExprId>],
) -> bool {
    let ty = &func.expr(eid).ty;
    match parents.get(eid.0 as usize).copied().flatten().map(|p| &func.expr(p).kind) {
        Some(ExprKind::Call { func: callee, receiver: None, args }) => {
            let callee = module.function(*callee);
            args.iter().zip(&callee.params).any(|(a, p)| *a == eid && callee.local(*p).ty == *ty)
        }
        Some(ExprKind::Assign { .. }) | None => {
            super::alias::kernel_aliases(func).values().any(|a| a.values.contains(&eid))
        }
        _ => false,
    }
}

/// A `T[[N]]` held as a vector (and a buffer of such rows) has another device
/// representation than `T[[]]` (and its buffers): an argument and its parameter must agree.
fn representation_blocker(
    module: &Module,
    func: &Function,
    callee: FuncId,
    args: &[ExprId],
) -> Option<Blocker> {
    let callee = module.function(callee);
    let kind = |t: &Type| (vector_of(t).is_some(), vector_rows(t).is_some());
    args.iter().zip(&callee.params).find_map(|(a, p)| {
        let (arg, param) = (func.expr(*a), &callee.local(*p).ty);
        (kind(&arg.ty) != kind(param)).then(|| {
            block(
                BlockReason::Unsupported,
                format!(
                    "{} passed as {} (an OpenCL vector, or a buffer of them, on the device)",
                    type_name(module, &arg.ty),
                    type_name(module, param)
                ),
                arg.span,
            )
        })
    })
}

/// Whether the string `e` is (part of a concatenation that is) an argument of a print or
/// format call.
fn printed(func: &Function, e: ExprId, parents: &[Option<ExprId>]) -> bool {
    let mut at = e;
    while let Some(p) = super::walk::parent_of(parents, at) {
        match &func.expr(p).kind {
            ExprKind::Concat(_) => at = p,
            ExprKind::Builtin { builtin, .. } => {
                return matches!(
                    builtin,
                    Builtin::Print { .. }
                        | Builtin::Println { .. }
                        | Builtin::Printf { .. }
                        | Builtin::Format
                )
            }
            _ => return false,
        }
    }
    false
}

fn builtin_blocker(builtin: Builtin, span: somd_diag::Span) -> Option<Blocker> {
    use BlockReason::{NotIsolated, Unsupported};
    let what = match builtin {
        Builtin::Print { .. } | Builtin::Println { .. } | Builtin::Println0 { .. } => {
            "printing (System.out/err.print)"
        }
        Builtin::Printf { .. } | Builtin::Format => "formatted output (printf/String.format)",
        Builtin::NanoTime | Builtin::CurrentTimeMillis => "reading the clock",
        Builtin::ParseInt | Builtin::ParseLong | Builtin::ParseFloat | Builtin::ParseDouble => {
            "string parsing"
        }
        Builtin::RandomNew
        | Builtin::RandomNewSeeded
        | Builtin::RandomNextInt
        | Builtin::RandomNextIntBounded
        | Builtin::RandomNextLong
        | Builtin::RandomNextFloat
        | Builtin::RandomNextDouble
        | Builtin::RandomNextBoolean
        | Builtin::RandomNextGaussian => "java.util.Random",
        Builtin::TaskStart | Builtin::TaskFinish => "starting or finishing tasks",
        Builtin::SomdRange | Builtin::SomdThaw => {
            return Some(block(Unsupported, "Somd.range/Somd.thaw inside a kernel", span));
        }
        Builtin::Math(..)
        | Builtin::IntegerBitCount
        | Builtin::LongBitCount
        | Builtin::FloatToIntBits
        | Builtin::DoubleToLongBits
        | Builtin::FloatIsNaN
        | Builtin::DoubleIsNaN
        | Builtin::SomdOffset
        | Builtin::SomdGlobalLength => return None,
    };
    Some(block(NotIsolated, what, span))
}

/// A primitive or a value-class instance.
pub fn scalar_or_value(module: &Module, ty: &Type) -> bool {
    match ty {
        Type::Prim(_) => true,
        Type::Object(c) => module.classes.get(c.0 as usize).is_some_and(|c| c.is_value),
        _ => false,
    }
}

/// A primitive, or a value class whose fields are all (recursively) primitives, OpenCL
/// vectors (`vector_of`) or such value classes: a type kernel code can hold as a private
/// value or a `typedef struct`. A class holding an array or a reference has no kernel type.
pub fn kernel_value(module: &Module, ty: &Type) -> bool {
    fn class_ok(module: &Module, c: ClassId, seen: &mut Vec<ClassId>) -> bool {
        let Some(class) = module.classes.get(c.0 as usize).filter(|c| c.is_value) else {
            return false;
        };
        if seen.contains(&c) {
            return false;
        }
        seen.push(c);
        let ok = class.fields.iter().all(|f| match &f.ty {
            Type::Prim(_) => true,
            Type::Object(inner) => class_ok(module, *inner, seen),
            other => vector_of(other).is_some(),
        });
        seen.pop();
        ok
    }
    match ty {
        Type::Prim(_) => true,
        Type::Object(c) => class_ok(module, *c, &mut Vec::new()),
        _ => false,
    }
}

/// The element type and length of a bounded value array `T[[N]]` that kernel code holds
/// as the OpenCL vector `TN`: `T` a primitive other than `boolean` (`byte` is `char`,
/// `char` is `ushort`) and `N` 2, 4, 8 or 16. Other bounds (3 among them: a `float3` takes
/// 16 bytes) and unbounded value arrays stay buffers.
/// The element of a `static final` field kernels read from the program's statics buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StaticElem {
    Prim(PrimType),
    /// A value class laid out as a `typedef struct` of values ([`laid_out`]).
    Value(ClassId),
}

/// The element and dimensions (0 for a single value) of a `static final` field kernels
/// read from the program's statics buffer (`somd_runtime::device::statics`): a primitive or
/// an object of a value class with a byte layout, or a value array of primitives in one or
/// two dimensions (not held as a vector) or of such objects in one.
pub fn device_static(module: &Module, ty: &Type) -> Option<(StaticElem, u8)> {
    let plain = |t: &Type| vector_of(t).is_none() && vector_rows(t).is_none();
    let value = |t: &Type| match t {
        Type::Object(c) if laid_out(module, *c, 0) => Some(StaticElem::Value(*c)),
        _ => None,
    };
    match ty {
        Type::Prim(p) => Some((StaticElem::Prim(*p), 0)),
        Type::Object(_) => value(ty).map(|e| (e, 0)),
        Type::ValueArray(e, _) if plain(ty) => match &**e {
            Type::Prim(p) => Some((StaticElem::Prim(*p), 1)),
            Type::Object(_) => value(e).map(|e| (e, 1)),
            Type::ValueArray(inner, _) if plain(e) => match **inner {
                Type::Prim(p) => Some((StaticElem::Prim(p), 2)),
                _ => None,
            },
            _ => None,
        },
        _ => None,
    }
}

/// The static fields `func` reads that kernels read from the program's statics buffer:
/// final, not compile-time constants, of a [`device_static`] type.
pub fn device_static_reads<'a>(
    module: &'a Module,
    func: &'a Function,
) -> impl Iterator<Item = StaticId> + 'a {
    func.exprs.iter().filter_map(move |expr| match expr.kind {
        ExprKind::Static(s) => {
            let field = module.statics.get(s.0 as usize)?;
            (field.is_final
                && field.constant.is_none()
                && device_static(module, &field.ty).is_some())
            .then_some(s)
        }
        _ => None,
    })
}

/// Whether value class `c` has a byte layout the host and kernels share: every field a
/// primitive or such a class (`somd_codegen`'s `layout.rs`, `rt::device::DevStruct`).
pub fn laid_out(module: &Module, c: ClassId, depth: usize) -> bool {
    let Some(class) = module.classes.get(c.0 as usize) else { return false };
    class.is_value
        && depth < 16
        && class.fields.iter().all(|f| match &f.ty {
            Type::Prim(_) => true,
            Type::Object(inner) => laid_out(module, *inner, depth + 1),
            _ => false,
        })
}

/// Whether `array` is a static field or a row of one (`W`, `M[i]`).
pub(super) fn static_root(func: &Function, array: ExprId) -> bool {
    match func.expr(array).kind {
        ExprKind::Static(_) => true,
        ExprKind::Index { array, .. } => matches!(func.expr(array).kind, ExprKind::Static(_)),
        _ => false,
    }
}

/// Whether static field expression `eid` is used as kernels read the statics buffer: a
/// primitive anywhere; an array by its elements (`a[i]`, `m[i][j]`), its lengths (`a.length`,
/// `m[i].length`) or as a whole argument of a static method.
fn static_use_ok(
    module: &Module,
    func: &Function,
    eid: ExprId,
    parents: &[Option<ExprId>],
) -> bool {
    let ty = &func.expr(eid).ty;
    let Some((_, dims)) = device_static(module, ty) else { return false };
    let parent = |e: ExprId| parents.get(e.0 as usize).copied().flatten();
    let element_or_length = |e: ExprId, p: Option<ExprId>| match p.map(|p| &func.expr(p).kind) {
        Some(ExprKind::Index { array, .. }) => *array == e,
        Some(ExprKind::Length(a)) => *a == e,
        _ => false,
    };
    // The value of an array local (`int[[]] w = WEIGHTS;`, `int[[]] row = GRID[k];`): a
    // pointer into the statics buffer (`alias.rs` decides whether the local can be one).
    let local_value = |e: ExprId| match parent(e).map(|p| &func.expr(p).kind) {
        Some(ExprKind::Assign { target, value }) => {
            *value == e && matches!(func.expr(*target).kind, ExprKind::Local(_))
        }
        Some(_) => false,
        None => {
            let mut init = false;
            super::walk::each_stmt(&func.body, &mut |s| {
                init |= matches!(s, Stmt::Let { init: Some(i), .. } if *i == e);
            });
            init
        }
    };
    match dims {
        0 => true,
        1 if local_value(eid) => true,
        1 => match parent(eid).map(|p| (p, &func.expr(p).kind)) {
            Some((_, ExprKind::Call { receiver: None, args, .. })) => args.contains(&eid),
            // Folded in the work-item (`nested::array_folds`).
            Some((_, ExprKind::ReduceArray { array, .. })) => *array == eid,
            p => element_or_length(eid, p.map(|(p, _)| p)),
        },
        _ => match parent(eid) {
            Some(row) if matches!(func.expr(row).kind, ExprKind::Index { array, .. } if array == eid) =>
            {
                // A row folded in the work-item (`nested::array_folds`) too, or passed to a
                // static method (a pointer into the statics buffer and the row length).
                element_or_length(row, parent(row))
                    || matches!(parent(row).map(|p| &func.expr(p).kind),
                        Some(ExprKind::ReduceArray { array, .. }) if *array == row)
                    || matches!(parent(row).map(|p| &func.expr(p).kind),
                        Some(ExprKind::Call { receiver: None, args, .. }) if args.contains(&row))
                    || local_value(row)
            }
            p => matches!(p.map(|p| &func.expr(p).kind), Some(ExprKind::Length(a)) if *a == eid),
        },
    }
}

pub fn vector_of(ty: &Type) -> Option<(PrimType, u32)> {
    match ty {
        Type::ValueArray(e, Some(n)) if matches!(n, 2 | 4 | 8 | 16) => match **e {
            Type::Prim(p) if p != PrimType::Boolean => Some((p, *n)),
            _ => None,
        },
        _ => None,
    }
}

/// Whether `e` is the value of one of `func`'s `return` statements.
fn returned(func: &Function, e: ExprId) -> bool {
    let mut found = false;
    super::walk::each_stmt(&func.body, &mut |stmt| {
        found |= matches!(stmt, Stmt::Return(Some(r)) if *r == e)
    });
    found
}

/// A bounded value array of `N` numbers that is no OpenCL vector (`float[[3]]`, `int[[5]]`,
/// at most 64 lanes) as the result of a device function: kernel code holds it as a struct
/// of its lanes (`somd_arr_float3`), whose bytes are one packed row of a `T[[]][[N]]`, so
/// a `@` stores one per work-item into its result rows. Only a `@` applies such a method
/// (a call of it in kernel code is refused) and its `return`s are literals.
pub fn packed_of(ty: &Type) -> Option<(PrimType, u32)> {
    match ty {
        Type::ValueArray(e, Some(n)) if vector_of(ty).is_none() && (1..=64).contains(n) => {
            match **e {
                Type::Prim(p) if p != PrimType::Boolean => Some((p, *n)),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The vector type of the rows of `T[[]][[N]]` (a value array of [`vector_of`] rows),
/// whose buffer kernels declare as `__global TN *`: the rows are packed, so it is the same
/// bytes as the flattened 2-D array.
pub fn vector_rows(ty: &Type) -> Option<(PrimType, u32)> {
    match ty {
        Type::ValueArray(row, _) => vector_of(row),
        _ => None,
    }
}

/// The element type of a 2-D array of primitives whose rows are not held as vectors
/// (`int[][]`, `int[[]][[]]`, not `int[[]][[4]]`): a plane of a 3-D array, which a mapped
/// `@` argument gives each work-item as a view into the one buffer.
pub fn plane_elem(ty: &Type) -> Option<PrimType> {
    match array_elem(ty) {
        Some((Type::Prim(p), 2)) if vector_rows(ty).is_none() => Some(*p),
        _ => None,
    }
}

/// The element type of a 3-D array of primitives, mutable (`int[][][]`) or a value array
/// (`int[[]][[]][[]]`, rows not held as vectors), which kernels hold as one buffer,
/// rectangular and row-major, with three lengths. The three dimensions are all mutable or
/// all value arrays (a mix crosses as neither).
pub fn cube_elem(ty: &Type) -> Option<PrimType> {
    match ty {
        Type::Array(a) => match &**a {
            Type::Array(b) => match &**b {
                Type::Array(c) => match **c {
                    Type::Prim(p) => Some(p),
                    _ => None,
                },
                _ => None,
            },
            _ => None,
        },
        Type::ValueArray(a, _) => match &**a {
            Type::ValueArray(b, _) => match &**b {
                Type::ValueArray(c, _) if vector_of(b).is_none() => match **c {
                    Type::Prim(p) => Some(p),
                    _ => None,
                },
                _ => None,
            },
            _ => None,
        },
        _ => None,
    }
}

/// The element type of a value array of three dimensions of primitives (`int[[]][[]][[]]`,
/// a [`cube_elem`]).
pub fn value_cube_elem(ty: &Type) -> Option<PrimType> {
    cube_elem(ty).filter(|_| matches!(ty, Type::ValueArray(..)))
}

/// Why a SOMD body's allocation `new T[..]` of type `ty` with `dims` sizes is no output: a
/// 3-D output is one buffer, so every dimension is sized (`new T[a][][]` holds `null`
/// planes, which the CPU path runs).
pub fn partly_sized_cube(ty: &Type, dims: usize) -> Option<&'static str> {
    (cube_elem(ty).is_some() && dims != 3).then_some("3-D array allocation without all three sizes")
}

/// The element type and rank of a 1-D, 2-D ([`array_elem`]) or 3-D ([`cube_elem`]) array
/// type: what a SOMD method's kernel takes as a buffer with one length per dimension.
pub fn array_dims(ty: &Type) -> Option<(&Type, u8)> {
    if cube_elem(ty).is_some() {
        let mut t = ty;
        while let Type::Array(inner) | Type::ValueArray(inner, _) = t {
            t = inner;
        }
        return Some((t, 3));
    }
    array_elem(ty)
}

/// The element type of a (possibly 2-D) array type and its rank.
pub fn array_elem(ty: &Type) -> Option<(&Type, u8)> {
    match ty {
        Type::Array(inner) | Type::ValueArray(inner, _) => match &**inner {
            Type::Array(e) | Type::ValueArray(e, _) => {
                if matches!(**e, Type::Array(_) | Type::ValueArray(..)) {
                    None
                } else {
                    Some((e, 2))
                }
            }
            e => Some((e, 1)),
        },
        _ => None,
    }
}

fn param_type_ok(module: &Module, ty: &Type) -> bool {
    if scalar_or_value(module, ty) {
        return true;
    }
    array_elem(ty).is_some_and(|(e, _)| scalar_or_value(module, e))
}

pub use crate::print::type_name;

/// The value class both operands of `lhs == rhs` (or `!=`) have, when kernel code compares
/// its objects field by field: every field, at any depth, a primitive or an object of a
/// value class (no array, no `null`, which kernel code cannot hold).
pub fn compared_class(
    module: &Module,
    func: &Function,
    lhs: ExprId,
    rhs: ExprId,
) -> Option<ClassId> {
    match (&func.expr(lhs).ty, &func.expr(rhs).ty) {
        (Type::Object(a), Type::Object(b)) if a == b && eq_by_fields(module, *a, 0) => Some(*a),
        _ => None,
    }
}

/// Whether the objects of value class `c` compare by primitive fields alone, at any depth
/// ([`compared_class`]).
pub fn eq_by_fields(module: &Module, c: ClassId, depth: u32) -> bool {
    let Some(class) = module.classes.get(c.0 as usize) else { return false };
    class.is_value
        && depth < 16
        && class.fields.iter().all(|f| match &f.ty {
            Type::Prim(_) => true,
            Type::Object(inner) => eq_by_fields(module, *inner, depth + 1),
            _ => false,
        })
}

/// Whether `array[index]` reads a lane of the OpenCL vector ([`vector_of`]) a call returns
/// at a constant `index` in range: kernel code reads the component of the returned value
/// (`pair(n).s0`). A computed lane would need the value's address, which a call's result
/// has not.
pub fn called_lane(func: &Function, array: ExprId, index: ExprId) -> bool {
    let lanes = match (&func.expr(array).kind, vector_of(&func.expr(array).ty)) {
        (ExprKind::Call { .. }, Some((_, n))) => n,
        _ => return false,
    };
    matches!(func.expr(index).kind, ExprKind::Const(Const::Int(k)) if (0..lanes as i32).contains(&k))
}

/// Whether `e` is a field holding an OpenCL vector (`int[[4]]`, [`vector_of`]) of an object
/// named by a local, `this` or a chain of fields of one: kernel code reads its lanes in
/// place (`q.v.s2`, or through its address for a computed lane) and its length is `N`.
pub fn vector_field(func: &Function, e: ExprId) -> bool {
    fn named(func: &Function, e: ExprId) -> bool {
        match &func.expr(e).kind {
            ExprKind::Local(_) | ExprKind::This => true,
            ExprKind::Field { object, .. } => named(func, *object),
            _ => false,
        }
    }
    match &func.expr(e).kind {
        ExprKind::Field { object, .. } => {
            vector_of(&func.expr(e).ty).is_some() && named(func, *object)
        }
        _ => false,
    }
}
