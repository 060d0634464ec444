//! Fusion of consecutive host statements over the same mapped arrays into one kernel
//! (note `device-execution`, "Fused statements").
//!
//! In one block, straight line, a run of statements `x = op1 ! (C @ f(a, ..)); y = op2 !
//! (C @ g(a, ..));` (declarations or assignments of locals) whose `@`s have the same
//! arguments (the same locals, in the same modes), none of them assigned by the run, every
//! `!` a device `MapReduce`, becomes one kernel that leaves one partial array per `!`
//! (**siblings**). When the statement right before is `p = C @ h(..)` on the device and the
//! `!`s map exactly `p`, the kernel also computes `h`, stores it as the `@`'s result and
//! feeds the value to the reductions in registers (**producer**).
//!
//! Java runs every application of the first function before the second's: the kernel gives
//! each stage that can fail an error buffer of its own, checked in stage order, so the
//! failure Java reports first is the one raised. [`FusionNote`]s say why neighbouring
//! reductions were not fused (`somdc explain`).

use super::*;

/// One run of statements that runs as one kernel.
#[derive(Clone, Debug)]
pub struct FusedGroup {
    pub in_func: FuncId,
    /// The `@` of the statement `p = C @ h(..)` before the reductions, when fused.
    pub producer: Option<ExprId>,
    /// The `op ! (C @ g(..))` expressions, in statement order.
    pub reductions: Vec<ExprId>,
    /// Index into [`ProgramInfo::kernels`] (a [`KernelKind::FusedMapReduce`]).
    pub kernel: usize,
    /// From the first statement's start to the last one's end.
    pub span: Span,
}

/// Why two neighbouring statements were not fused.
#[derive(Clone, Debug, PartialEq)]
pub struct FusionNote {
    pub in_func: FuncId,
    /// The second statement's `!`.
    pub span: Span,
    /// The first statement's `!` or `@`.
    pub with: Span,
    pub why: String,
}

/// A statement `x = e` / `T x = e` of a local.
fn assigned(func: &Function, stmt: &Stmt) -> Option<(LocalId, ExprId)> {
    match stmt {
        Stmt::Let { local, init: Some(e) } => Some((*local, *e)),
        Stmt::Expr(e) => match &func.expr(*e).kind {
            ExprKind::Assign { target, value } => match func.expr(*target).kind {
                ExprKind::Local(l) => Some((l, *value)),
                _ => None,
            },
            _ => None,
        },
        _ => None,
    }
}

/// A statement `x = op ! (C @ g(..))`: the local, the `!` and the `@`.
fn reduction(func: &Function, stmt: &Stmt) -> Option<(LocalId, ExprId, ExprId)> {
    let (l, e) = assigned(func, stmt)?;
    match &func.expr(e).kind {
        ExprKind::ReduceArray { reducer: ArrayReducer::Op(_), array }
            if matches!(func.expr(*array).kind, ExprKind::Map { .. }) =>
        {
            Some((l, e, *array))
        }
        _ => None,
    }
}

/// The locals a `@`'s arguments are, in order with their modes (`None`: an argument that
/// is not a local).
fn arg_locals(func: &Function, map: ExprId) -> Option<Vec<(LocalId, MapArg)>> {
    let ExprKind::Map { args, .. } = &func.expr(map).kind else { return None };
    args.iter()
        .map(|(e, mode)| match func.expr(*e).kind {
            ExprKind::Local(l) => Some((l, *mode)),
            _ => None,
        })
        .collect()
}

/// Whether `stmt` (with its nested blocks) assigns or declares `local`.
fn writes(func: &Function, stmt: &Stmt, local: LocalId) -> bool {
    let mut stmts = vec![stmt];
    for block in walk::stmt_blocks(stmt) {
        walk::each_stmt(block, &mut |s| stmts.push(s));
    }
    let mut found = false;
    for s in stmts {
        found |= matches!(s, Stmt::Let { local: l, .. } if *l == local);
        for root in walk::stmt_roots(s) {
            walk::each_expr(func, root, &mut |e| {
                if let ExprKind::Assign { target, .. }
                | ExprKind::CompoundAssign { target, .. }
                | ExprKind::IncDec { target, .. } = &func.expr(e).kind
                {
                    found |= matches!(func.expr(*target).kind, ExprKind::Local(l) if l == local);
                }
            });
        }
    }
    found
}

/// The device plan of the `!` at `expr`: its `MapReduce` kernel's arguments, operator and
/// element type, or why it has none.
fn reduce_kernel(
    info: &ProgramInfo,
    in_func: FuncId,
    expr: ExprId,
    map: ExprId,
) -> Result<(Vec<MapArgPlan>, ReduceOp, PrimType), String> {
    let p = info
        .placements
        .iter()
        .find(|p| p.subject == Subject::Reduce { in_func, expr })
        .ok_or("no placement")?;
    let plan = p.device.as_ref().map_err(|b| format!("it runs on the CPU ({})", b.construct))?;
    match plan.kernels[..] {
        [k] => match &info.kernels[k].kind {
            KernelKind::MapReduce { args, op, elem } => Ok((args.clone(), *op, *elem)),
            _ => Err("not a fused `! @` kernel".into()),
        },
        _ => {
            let blocker = info
                .placements
                .iter()
                .find(|p| p.subject == Subject::Map { in_func, expr: map })
                .and_then(|p| p.device.as_ref().err());
            Err(match blocker {
                Some(b) => format!("its `@` runs on the CPU ({})", b.construct),
                None => "its `@` has no device kernel".into(),
            })
        }
    }
}

/// Whether a fused kernel declares every one of `args` (`Err`: why not, to follow "its
/// `@`" or "the producer"): mapped primitives or value classes, broadcast primitives and
/// broadcast arrays (not rows held as vectors). Not objects holding arrays: a construct
/// passes their leaves after its declared arguments (`holders.rs`), where a fused kernel
/// has arguments of its own.
pub(super) fn simple_args(module: &Module, args: &[MapArgPlan]) -> Result<(), String> {
    no_holders(module, args)?;
    let simple = |a: &MapArgPlan| match a.mode {
        MapArg::Mapped => matches!(a.ty, Type::Prim(_) | Type::Object(_)),
        MapArg::Broadcast => match &a.ty {
            Type::Prim(_) => true,
            t => isolation::array_elem(t).is_some() && isolation::vector_rows(t).is_none(),
        },
    };
    match args.iter().position(|a| !simple(a)) {
        None => Ok(()),
        Some(k) => Err(format!(
            "has argument {} ({}, of type {}), which the fused kernel does not declare (it \
             takes primitives and value-class elements mapped, primitives and 1-D/2-D arrays \
             broadcast)",
            k + 1,
            match args[k].mode {
                MapArg::Mapped => "mapped",
                MapArg::Broadcast => "broadcast",
            },
            isolation::type_name(module, &args[k].ty)
        )),
    }
}

/// `Err` (why, as for [`simple_args`]) when one of `args` is an object of a class holding
/// arrays, or an array of such objects.
pub(super) fn no_holders(module: &Module, args: &[MapArgPlan]) -> Result<(), String> {
    match args.iter().find(|a| holders::holder_array(module, &a.ty)) {
        None => match args.iter().find_map(|a| holders::holder(module, &a.ty)) {
            None => Ok(()),
            Some(c) => Err(format!(
                "has an argument of `{}`, a class holding arrays (a fused kernel does not \
                 declare the leaves of such objects)",
                module.class(c).name
            )),
        },
        Some(_) => Err("has an array of objects holding arrays as an argument (a fused kernel \
                        does not declare the leaves of such objects)"
            .into()),
    }
}

struct Member {
    local: LocalId,
    reduce: ExprId,
    map: ExprId,
    target: FuncId,
    kernel: Result<(Vec<MapArgPlan>, ReduceOp, PrimType), String>,
}

fn member(
    module: &Module,
    func: &Function,
    info: &ProgramInfo,
    in_func: FuncId,
    stmt: &Stmt,
) -> Option<Member> {
    let (local, reduce, map) = reduction(func, stmt)?;
    let ExprKind::Map { func: target, .. } = func.expr(map).kind else { return None };
    let kernel = reduce_kernel(info, in_func, reduce, map).and_then(|k| {
        simple_args(module, &k.0).map_err(|why| format!("its `@` {why}"))?;
        Ok(k)
    });
    Some(Member { local, reduce, map, target, kernel })
}

/// The `@` kernel of a statement `p = C @ h(..)` on the device: the local, the `@`, and its
/// plan, or why the fused kernel cannot compute it (its arguments, [`simple_args`]).
#[allow(clippy::type_complexity)]
fn producer(
    module: &Module,
    func: &Function,
    info: &ProgramInfo,
    in_func: FuncId,
    stmt: &Stmt,
) -> Option<(LocalId, ExprId, Result<(Vec<MapArgPlan>, Type), String>)> {
    let (local, e) = assigned(func, stmt)?;
    let ExprKind::Map { func: target, .. } = func.expr(e).kind else { return None };
    let p = info.placements.iter().find(|p| p.subject == Subject::Map { in_func, expr: e })?;
    let [k] = p.device.as_ref().ok()?.kernels[..] else { return None };
    let KernelKind::Map { args, elem } = &info.kernels[k].kind else { return None };
    let folds = info.nested.iter().any(|(f, _)| *f == target);
    if folds || !matches!(elem, Type::Prim(_) | Type::Object(_)) {
        return None;
    }
    let plan = simple_args(module, args).map(|()| (args.clone(), elem.clone()));
    Some((local, e, plan.map_err(|why| format!("the `@` {why}"))))
}

/// Finds the fused groups of every function, plans their kernels, and records why
/// neighbouring reductions were not fused.
pub fn plan(module: &Module, info: &mut ProgramInfo, unique: &mut dyn FnMut(String) -> String) {
    for (i, func) in module.functions.iter().enumerate() {
        let in_func = FuncId(i as u32);
        let mut blocks = vec![&func.body];
        walk::each_stmt(&func.body, &mut |s| blocks.extend(walk::stmt_blocks(s)));
        for block in blocks {
            plan_block(module, info, in_func, func, block, unique);
        }
    }
}

fn plan_block(
    module: &Module,
    info: &mut ProgramInfo,
    in_func: FuncId,
    func: &Function,
    block: &Block,
    unique: &mut dyn FnMut(String) -> String,
) {
    let stmts = &block.stmts;
    let mut i = 0;
    let mut last_reduction: Option<(usize, Member)> = None;
    while i < stmts.len() {
        // A producer followed by reductions of exactly its result.
        let p = producer(module, func, info, in_func, &stmts[i]);
        // A producer the fused kernel cannot compute: its reductions run as siblings.
        if let Some((p_local, p_map, Err(why))) = &p {
            let next = stmts.get(i + 1).and_then(|s| member(module, func, info, in_func, s));
            if let Some(m) =
                next.filter(|m| arg_locals(func, m.map) == Some(vec![(*p_local, MapArg::Mapped)]))
            {
                info.fusion_notes.push(FusionNote {
                    in_func,
                    span: func.expr(m.reduce).span,
                    with: func.expr(*p_map).span,
                    why: why.clone(),
                });
            }
        }
        if let Some((p_local, p_map, Ok((p_args, p_elem)))) = p {
            let mut run = Vec::new();
            let mut j = i + 1;
            while let Some(m) = stmts.get(j).and_then(|s| member(module, func, info, in_func, s)) {
                let only_p = arg_locals(func, m.map) == Some(vec![(p_local, MapArg::Mapped)]);
                let param_ok = m.kernel.as_ref().is_ok_and(|(a, _, _)| {
                    a.len() == 1 && a[0].ty == p_elem && a[0].mode == MapArg::Mapped
                });
                if !only_p {
                    break;
                }
                if let Err(why) = &m.kernel {
                    info.fusion_notes.push(FusionNote {
                        in_func,
                        span: func.expr(m.reduce).span,
                        with: func.expr(p_map).span,
                        why: format!("this `!` {why}"),
                    });
                    break;
                }
                if !param_ok {
                    break;
                }
                run.push(m);
                j += 1;
            }
            if !run.is_empty() {
                let reductions: Vec<(FuncId, ReduceOp, PrimType)> = run
                    .iter()
                    .filter_map(|m| m.kernel.as_ref().ok().map(|(_, op, e)| (m.target, *op, *e)))
                    .collect();
                let ExprKind::Map { func: target, .. } = func.expr(p_map).kind else { return };
                let exprs: Vec<ExprId> = run.iter().map(|m| m.reduce).collect();
                push_group(
                    module,
                    info,
                    in_func,
                    func,
                    Some((p_map, target)),
                    &exprs,
                    p_args,
                    reductions,
                    unique,
                );
                last_reduction = None;
                i = j;
                continue;
            }
        }
        let Some(first) = member(module, func, info, in_func, &stmts[i]) else {
            i += 1;
            continue;
        };
        if let Some((k, prev)) = last_reduction.take() {
            let mut why = refusal(func, &stmts[k + 1..i], &prev, &first);
            if why.is_empty() {
                why = "its `@` reads a local that a statement before it assigns".into();
            }
            info.fusion_notes.push(FusionNote {
                in_func,
                span: func.expr(first.reduce).span,
                with: func.expr(prev.reduce).span,
                why,
            });
        }
        let mut run = vec![first];
        let mut j = i + 1;
        while let Some(m) = stmts.get(j).and_then(|s| member(module, func, info, in_func, s)) {
            let prev = &run[run.len() - 1];
            if refusal(func, &[], prev, &m).is_empty()
                && !run.iter().any(|r| {
                    arg_locals(func, m.map).is_some_and(|a| a.iter().any(|(l, _)| *l == r.local))
                })
            {
                run.push(m);
                j += 1;
            } else {
                break;
            }
        }
        if run.len() >= 2 {
            let reductions = run
                .iter()
                .filter_map(|m| m.kernel.as_ref().ok().map(|(_, op, e)| (m.target, *op, *e)))
                .collect();
            let args = run[0].kernel.as_ref().map(|k| k.0.clone()).unwrap_or_default();
            let exprs: Vec<ExprId> = run.iter().map(|m| m.reduce).collect();
            push_group(module, info, in_func, func, None, &exprs, args, reductions, unique);
        }
        last_reduction = run.pop().map(|m| (j - 1, m));
        i = j;
    }
}

/// Why `second` cannot join `first` with `between` between them (empty: it can).
fn refusal(func: &Function, between: &[Stmt], first: &Member, second: &Member) -> String {
    if let Err(why) = &first.kernel {
        return format!("the first `!` {why}");
    }
    if let Err(why) = &second.kernel {
        return format!("this `!` {why}");
    }
    let (a, b) = (arg_locals(func, first.map), arg_locals(func, second.map));
    if let Some(a) = &a {
        for (l, _) in a {
            if between.iter().any(|s| writes(func, s, *l)) {
                return format!("`{}` is assigned between them", func.local(*l).name);
            }
        }
    }
    // Only neighbours fuse: that is the first reason for statements apart.
    if !between.is_empty() {
        return format!("{} statement(s) between them", between.len());
    }
    let Some(a) = a else { return "the first `@` has an argument that is not a local".into() };
    let Some(b) = b else { return "this `@` has an argument that is not a local".into() };
    if a != b {
        let names = |v: &[(LocalId, MapArg)]| {
            v.iter().map(|(l, _)| func.local(*l).name.clone()).collect::<Vec<_>>().join(", ")
        };
        return format!(
            "their `@`s take different arguments (`{}` and `{}`; fused `@`s pass the same \
             locals, mapped or broadcast alike)",
            names(&a),
            names(&b)
        );
    }
    let (ka, kb) = (first.kernel.as_ref().map(|k| &k.0), second.kernel.as_ref().map(|k| &k.0));
    if ka.ok().map(|k| k.iter().map(|p| &p.ty).collect::<Vec<_>>())
        != kb.ok().map(|k| k.iter().map(|p| &p.ty).collect::<Vec<_>>())
    {
        return "their functions take different parameter types".into();
    }
    String::new()
}

#[allow(clippy::too_many_arguments)]
fn push_group(
    module: &Module,
    info: &mut ProgramInfo,
    in_func: FuncId,
    func: &Function,
    producer: Option<(ExprId, FuncId)>,
    reduces: &[ExprId],
    args: Vec<MapArgPlan>,
    reductions: Vec<(FuncId, ReduceOp, PrimType)>,
    unique: &mut dyn FnMut(String) -> String,
) {
    let fp64 = |f: FuncId| info.functions[f.0 as usize].needs_fp64;
    let needs_fp64 = producer.is_some_and(|(_, f)| fp64(f))
        || reductions.iter().any(|(f, _, e)| fp64(*f) || *e == PrimType::Double);
    let lead = producer.map(|(_, f)| f).unwrap_or(reductions[0].0);
    let first = producer.map(|(e, _)| e).unwrap_or(reduces[0]);
    let last = reduces[reduces.len() - 1];
    let span = Span { end: func.expr(last).span.end, ..func.expr(first).span };
    let name = module.function(lead).name.replace('.', "_").replace(['<', '>'], "");
    let k = info.kernels.len();
    info.kernels.push(KernelPlan {
        name: unique(format!("fused_{name}")),
        func: lead,
        kind: KernelKind::FusedMapReduce {
            args,
            producer: producer.map(|(e, f)| {
                let elem = match &func.expr(e).ty {
                    Type::ValueArray(t, _) => (**t).clone(),
                    t => t.clone(),
                };
                (f, elem)
            }),
            reductions,
            inline: None,
        },
        span,
        needs_fp64,
    });
    info.fused.push(FusedGroup {
        in_func,
        producer: producer.map(|(e, _)| e),
        reductions: reduces.to_vec(),
        kernel: k,
        span,
    });
}
