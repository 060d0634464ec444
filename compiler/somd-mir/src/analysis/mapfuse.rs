//! Fusion of a `@` into the `@` that consumes its result (note `device-execution`, "A map
//! fused into the map that consumes it").
//!
//! In one block, the statements
//!
//! ```text
//! T[[]] p = C @ h(a..);
//! q = C @ g(b.., p, c..);        // or `U[[]] q = ...`
//! ```
//!
//! become one `@` kernel computing `g(b[i].., h(a[i]..), c[i]..)` per element, so `p` is
//! never materialised and there is one launch instead of two, when:
//!
//! - the statements are consecutive (nothing in between can observe or change the
//!   arguments), `p` is declared by the first and read exactly once in the whole function:
//!   as a *mapped* argument of the second `@` (a broadcast `p` is read whole by every
//!   element: computing it inline would repeat `h` per element);
//! - every other argument of the consumer is a local or a constant (the host evaluates them
//!   before the producer's statement runs; locals and constants have no effects, and the
//!   producer's statement assigns only `p`);
//! - both `@`s have a device `Map` kernel of their own (the fallback), the producer's
//!   arguments are mapped primitives or value classes, broadcast primitives or broadcast
//!   arrays, neither `@` has an argument holding arrays (an object of such a class passes
//!   its leaves after the declared arguments, where the fused kernel puts the producer's:
//!   [`super::holders`]), and neither function folds a nested `!` (those kernels have
//!   other shapes);
//! - neither `@` belongs to statements fused with reductions ([`super::fuse`]).
//!
//! Either function may fail. Java applies `h` to every element before `g` to any, so a
//! failure of `h` anywhere wins over one of `g`: the fused kernel gives `h`'s failures the
//! element's key and `g`'s keys after every element (`n + i`), and the error buffer keeps
//! the smallest (note `device-execution`, "Java's first failure").
//!
//! The map-length checks stay in Java's order: the host checks the producer's lengths
//! first (raising as before), then launches the fused kernel only when the consumer's other
//! mapped arguments have the producer's length; otherwise both statements run as before,
//! and the consumer's check raises where Java does. A pair not fused gets a
//! [`MapFusionNote`] (`somdc explain`).

use super::*;

/// A producer `@` computed inline by the `@` that consumes its result.
#[derive(Clone, Debug)]
pub struct MapFusion {
    pub in_func: FuncId,
    /// The producer statement's local (`p`), never materialised on the fused path.
    pub local: LocalId,
    /// The producer `@` (`C @ h(..)`).
    pub producer: ExprId,
    /// The consumer `@` (`C @ g(.., p, ..)`).
    pub consumer: ExprId,
    /// The position of `p` among the consumer's arguments.
    pub slot: usize,
    /// Index into [`ProgramInfo::kernels`]: a [`KernelKind::FusedMap`], or, when the
    /// consumer is the producer of fused statements ([`super::fuse`], `group` the index
    /// into [`ProgramInfo::fused`]), a copy of their [`KernelKind::FusedMapReduce`] that
    /// computes the consumer's argument inline.
    pub kernel: usize,
    pub group: Option<usize>,
}

/// Why a `@` reading the result of the `@` right before it was not fused with it.
#[derive(Clone, Debug, PartialEq)]
pub struct MapFusionNote {
    pub in_func: FuncId,
    /// The consumer `@`.
    pub span: Span,
    /// The producer `@`.
    pub with: Span,
    pub why: String,
}

/// `T p = e;` with `e` a `@`: the local and the `@`.
fn declared_map(func: &Function, stmt: &Stmt) -> Option<(LocalId, ExprId)> {
    match stmt {
        Stmt::Let { local, init: Some(e) }
            if matches!(func.expr(*e).kind, ExprKind::Map { .. }) =>
        {
            Some((*local, *e))
        }
        _ => None,
    }
}

/// `q = e;` or `T q = e;` with `e` a `@`: the `@`.
fn assigned_map(func: &Function, stmt: &Stmt) -> Option<ExprId> {
    let e = match stmt {
        Stmt::Let { init: Some(e), .. } => *e,
        Stmt::Expr(e) => match &func.expr(*e).kind {
            ExprKind::Assign { target, value }
                if matches!(func.expr(*target).kind, ExprKind::Local(_)) =>
            {
                *value
            }
            _ => return None,
        },
        _ => return None,
    };
    matches!(func.expr(e).kind, ExprKind::Map { .. }).then_some(e)
}

/// The `@` kernel of `expr`, or why it has none.
fn map_kernel(info: &ProgramInfo, in_func: FuncId, expr: ExprId) -> Result<usize, String> {
    let p = info
        .placements
        .iter()
        .find(|p| p.subject == Subject::Map { in_func, expr })
        .ok_or("it has no placement")?;
    let plan = p.device.as_ref().map_err(|b| format!("it runs on the CPU ({})", b.construct))?;
    match plan.kernels[..] {
        [k] if matches!(info.kernels[k].kind, KernelKind::Map { .. }) => Ok(k),
        _ => Err("it has no `@` kernel of its own".into()),
    }
}

/// Plans the fused pairs of every function, after [`super::fuse::plan`].
pub fn plan(module: &Module, info: &mut ProgramInfo, unique: &mut dyn FnMut(String) -> String) {
    for (i, func) in module.functions.iter().enumerate() {
        let in_func = FuncId(i as u32);
        let mut blocks = vec![&func.body];
        walk::each_stmt(&func.body, &mut |s| blocks.extend(walk::stmt_blocks(s)));
        for block in blocks {
            for pair in block.stmts.windows(2) {
                let Some((local, producer)) = declared_map(func, &pair[0]) else { continue };
                let Some(consumer) = assigned_map(func, &pair[1]) else { continue };
                let ExprKind::Map { args, .. } = &func.expr(consumer).kind else { continue };
                let Some(slot) = args.iter().position(
                    |(e, _)| matches!(func.expr(*e).kind, ExprKind::Local(l) if l == local),
                ) else {
                    continue;
                };
                match refusal(module, info, in_func, func, local, producer, consumer, slot) {
                    Ok(kernels) => push(
                        module, info, in_func, func, local, producer, consumer, slot, kernels,
                        unique,
                    ),
                    Err(why) => info.map_fusion_notes.push(MapFusionNote {
                        in_func,
                        span: func.expr(consumer).span,
                        with: func.expr(producer).span,
                        why,
                    }),
                }
            }
        }
    }
}

/// Why the pair cannot be fused (`Ok`: it can, with the producer's and the consumer's `@`
/// kernels).
#[allow(clippy::too_many_arguments)]
fn refusal(
    module: &Module,
    info: &ProgramInfo,
    in_func: FuncId,
    func: &Function,
    local: LocalId,
    producer: ExprId,
    consumer: ExprId,
    slot: usize,
) -> Result<(usize, usize), String> {
    let name = &func.local(local).name;
    let ExprKind::Map { func: h, args: p_args } = &func.expr(producer).kind else {
        return Err("not a `@`".into());
    };
    let ExprKind::Map { func: g, args } = &func.expr(consumer).kind else {
        return Err("not a `@`".into());
    };
    if args[slot].1 != MapArg::Mapped {
        return Err(format!(
            "`{name}` is a broadcast argument (every element reads the whole array)"
        ));
    }
    let uses = func.exprs.iter().filter(|e| matches!(e.kind, ExprKind::Local(l) if l == local));
    if uses.count() != 1 {
        return Err(format!("`{name}` is used again (the fused kernel never stores it)"));
    }
    if args
        .iter()
        .any(|(e, _)| !matches!(func.expr(*e).kind, ExprKind::Local(_) | ExprKind::Const(_)))
    {
        return Err("the consumer has an argument that is neither a local nor a constant".into());
    }
    if info.fused.iter().any(|g| g.in_func == in_func && g.producer == Some(producer)) {
        return Err("the producer is fused with the `!` statements after it".into());
    }
    let kp = map_kernel(info, in_func, producer).map_err(|w| format!("the producer: {w}"))?;
    let kc = map_kernel(info, in_func, consumer).map_err(|w| format!("the consumer: {w}"))?;
    let folds = |f: FuncId| info.nested.iter().any(|(n, _)| *n == f);
    if folds(*h) || folds(*g) {
        return Err("a function of the pair folds a nested `!` (a kernel of another shape)".into());
    }
    let KernelKind::Map { args: pa, elem } = &info.kernels[kp].kind else {
        return Err("the producer has no `@` kernel".into());
    };
    let KernelKind::Map { args: ca, .. } = &info.kernels[kc].kind else {
        return Err("the consumer has no `@` kernel".into());
    };
    super::fuse::simple_args(module, pa).map_err(|why| format!("the producer {why}"))?;
    if p_args.len() != pa.len() {
        return Err("the producer has arguments the fused kernel does not declare (rows)".into());
    }
    // The producer's arguments follow the consumer's in the fused kernel, where the leaves
    // of an object holding arrays would go.
    super::fuse::no_holders(module, ca).map_err(|why| format!("the consumer {why}"))?;
    if !matches!(elem, Type::Prim(_) | Type::Object(_)) || ca.get(slot).map(|a| &a.ty) != Some(elem)
    {
        return Err(format!("`{name}`'s elements are not the consumer's parameter type"));
    }
    Ok((kp, kc))
}

#[allow(clippy::too_many_arguments)]
fn push(
    module: &Module,
    info: &mut ProgramInfo,
    in_func: FuncId,
    func: &Function,
    local: LocalId,
    producer: ExprId,
    consumer: ExprId,
    slot: usize,
    (kp, kc): (usize, usize),
    unique: &mut dyn FnMut(String) -> String,
) {
    let (KernelKind::Map { args: pa, .. }, KernelKind::Map { args, elem }) =
        (&info.kernels[kp].kind, &info.kernels[kc].kind)
    else {
        return;
    };
    let ExprKind::Map { func: h, .. } = func.expr(producer).kind else { return };
    let needs_fp64 = info.kernels[kp].needs_fp64 || info.kernels[kc].needs_fp64;
    // A consumer fused with the `!` statements after it: their kernel, computing the
    // consumer's argument inline.
    let group =
        info.fused.iter().position(|g| g.in_func == in_func && g.producer == Some(consumer));
    if let Some(gi) = group {
        let mut plan = info.kernels[info.fused[gi].kernel].clone();
        let KernelKind::FusedMapReduce { inline, .. } = &mut plan.kind else { return };
        *inline = Some((slot, h, pa.clone()));
        plan.name = unique(format!("{}_inline", plan.name));
        plan.needs_fp64 |= needs_fp64;
        let k = info.kernels.len();
        info.kernels.push(plan);
        info.map_fusions.push(MapFusion {
            in_func,
            local,
            producer,
            consumer,
            slot,
            kernel: k,
            group: Some(gi),
        });
        return;
    }
    let g = info.kernels[kc].func;
    let name = |f: FuncId| module.function(f).name.replace('.', "_").replace(['<', '>'], "");
    let kind = KernelKind::FusedMap {
        args: args.clone(),
        elem: elem.clone(),
        slot,
        producer: h,
        producer_args: pa.clone(),
    };
    let k = info.kernels.len();
    info.kernels.push(KernelPlan {
        name: unique(format!("mapfused_{}_{}", name(h), name(g))),
        func: g,
        kind,
        span: info.kernels[kc].span,
        needs_fp64,
    });
    info.map_fusions.push(MapFusion {
        in_func,
        local,
        producer,
        consumer,
        slot,
        kernel: k,
        group: None,
    });
}
