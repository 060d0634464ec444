//! The kernel plan: for each SOMD method, `@`, `!` and task, where it runs and which
//! kernels it becomes.
//!
//! - A SOMD method whose function is device-eligible and whose body has the extracted shape
//!   becomes one kernel; the host runs it as one MI over the whole arrays (user and view
//!   strategies are then irrelevant: a single partition has no halo; a user strategy is
//!   reported as ignored).
//! - `C @ f(..)` becomes a map kernel; when it is the operand of `op ! (..)` with an
//!   operator, the two fuse into one kernel producing per-work-group partials (one pass,
//!   no intermediate array).
//! - `op ! a` on a primitive array uses the runtime's `somd_reduce` (no generated kernel);
//!   `C.m ! a` becomes a fold kernel (each work-item folds a contiguous chunk in order).
//! - `task C.m` with a `static local` worker of one value-typed parameter and a value-typed
//!   result is an isolated filter: a kernel over a batch of items.

use super::isolation::{array_elem, scalar_or_value};
use super::*;

/// Whether each function (or anything it calls) computes with `double`.
pub fn fp64_table(module: &Module) -> Vec<bool> {
    let is_double = |t: &Type| {
        let mut t = t;
        while let Type::Array(e) | Type::ValueArray(e, _) = t {
            t = e;
        }
        match t {
            Type::Prim(PrimType::Double) => true,
            // Its fields, array and nested ones included (kernel code holds them all).
            Type::Object(c) => super::holders::uses_double(module, *c),
            _ => false,
        }
    };
    let mut table: Vec<bool> = module
        .functions
        .iter()
        .map(|f| {
            is_double(&f.ret)
                || f.locals.iter().any(|l| is_double(&l.ty))
                || f.exprs.iter().any(|e| is_double(&e.ty))
        })
        .collect();
    let calls: Vec<Vec<FuncId>> = module
        .functions
        .iter()
        .map(|f| isolation::callees(f).into_iter().map(|(c, _)| c).collect())
        .collect();
    let mut changed = true;
    while changed {
        changed = false;
        for i in 0..table.len() {
            if !table[i]
                && calls[i].iter().any(|c| table.get(c.0 as usize).copied().unwrap_or(false))
            {
                table[i] = true;
                changed = true;
            }
        }
    }
    table
}

fn class_method(module: &Module, f: FuncId) -> String {
    module.function(f).name.replace('.', "_").replace(['<', '>'], "")
}

/// What the OpenCL writer appends to a kernel's name for the kernels and functions it
/// writes with that kernel: its variant with constant arguments, its combine kernel, its
/// tiled, lanes and slices helpers. [`plan`] keeps these names free too, and the writer
/// names no helper function with any of them.
pub const KERNEL_SUFFIXES: [&str; 7] =
    ["_c", "_combine", "_tiled", "_lanes", "_slices", "_slices_staged", "_rows"];

/// `name` as an identifier every OpenCL C compiler accepts: ASCII letters, digits and
/// `_` (Java names may hold `$` and any Unicode letter), never starting with a digit.
pub fn c_identifier(name: &str) -> String {
    let mut s: String =
        name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect();
    if s.is_empty() || s.starts_with(|c: char| c.is_ascii_digit()) {
        s.insert(0, 'v');
    }
    s
}

/// [`c_identifier`] of a name of the program, outside the writer's own names and OpenCL C's
/// (`cnames::is_reserved`: a kernel or helper `atomic_add`, `mem_fence` or `somd_iadd` gets
/// a `u` in front).
pub fn program_identifier(name: &str) -> String {
    let s = c_identifier(name);
    if super::cnames::is_reserved(&s) {
        format!("u{s}")
    } else {
        s
    }
}

/// The names a kernel named `name` takes: its own and those of [`KERNEL_SUFFIXES`].
pub fn kernel_names(name: &str) -> impl Iterator<Item = String> + '_ {
    std::iter::once(String::new())
        .chain(KERNEL_SUFFIXES.iter().map(|s| s.to_string()))
        .map(move |s| format!("{name}{s}"))
}

/// Fills `info.placements` and `info.kernels`.
pub fn plan(module: &Module, info: &mut ProgramInfo) {
    let mut names = std::collections::HashSet::new();
    // A kernel's name is an OpenCL C identifier that, with the names the writer derives
    // from it, is no other kernel's name or derived name.
    let mut unique = |base: String| {
        let base = program_identifier(&base);
        let mut name = base.clone();
        let mut n = 2;
        while kernel_names(&name).any(|k| names.contains(&k)) {
            name = format!("{base}_{n}");
            n += 1;
        }
        names.extend(kernel_names(&name));
        name
    };
    // SOMD methods.
    for (i, func) in module.functions.iter().enumerate() {
        let id = FuncId(i as u32);
        let Some(sig) = &func.somd else { continue };
        let fi = &info.functions[i];
        // Why objects holding arrays keep a device-ready body on the CPU.
        let holders = match (&fi.device, &fi.somd_body) {
            (Ok(()), Some(Ok(shape))) => super::holders::somd_blocker(module, func, shape),
            _ => None,
        };
        let device = match (&fi.device, &fi.somd_body, holders) {
            (Err(b), _, _) => Err(b.clone()),
            (Ok(()), Some(Err(b)), _) => Err(b.clone()),
            (Ok(()), None, _) => Err(Blocker {
                reason: BlockReason::Shape,
                construct: "no SOMD body".into(),
                span: func.span,
                chain: Vec::new(),
            }),
            (Ok(()), Some(Ok(_)), Some(b)) => Err(b),
            (Ok(()), Some(Ok(SomdShape::Sync(body))), None) => {
                let warnings = ignored_strategies(func, sig);
                let how = describe_sync(module, func, body);
                let base = class_method(module, id);
                // A host loop made a SOMD method (`outline_loops`) is named for its loop
                // already (`Main_main_loop1`), and is one launch.
                let outlined =
                    module.outlined.iter().any(|o| o.func == id) && body.launches.len() == 1;
                let mut kernels = Vec::new();
                for (k, launch) in body.launches.iter().enumerate() {
                    let last = k + 1 == body.launches.len();
                    let result = if last && launch.parallel.reduction.is_some() {
                        body.result
                    } else {
                        SomdResult::None
                    };
                    let acc = launch.parallel.reduction.as_ref().map(|r| r.acc);
                    let setup = body.setup.iter().filter(|(l, _)| Some(*l) != acc).cloned();
                    kernels.push(info.kernels.len());
                    info.kernels.push(KernelPlan {
                        name: unique(match outlined {
                            true => base.clone(),
                            false => format!("{base}_loop{}", k + 1),
                        }),
                        func: id,
                        kind: KernelKind::SomdLoop(SomdBody {
                            outputs: body.outputs.clone(),
                            setup: setup.collect(),
                            loop_id: launch.loop_id,
                            parallel: launch.parallel.clone(),
                            result,
                            host_indices: launch.host_indices.clone(),
                            host_values: launch.host_values.clone(),
                        }),
                        span: launch.span,
                        needs_fp64: fi.needs_fp64,
                    });
                }
                // Intermediate reductions: the callee's loop, after the body's own kernels.
                let mut needs_fp64 = fi.needs_fp64;
                let mut blocked = None;
                if !body.intermediates.is_empty() {
                    let eligible: Vec<Result<(), Blocker>> =
                        info.functions.iter().map(|f| f.device.clone()).collect();
                    for ir in &body.intermediates {
                        if let Err(b) = isolation::intermediate_body(module, &eligible, ir.callee) {
                            blocked = Some(Blocker { chain: b.chain.clone(), ..b });
                            break;
                        }
                        needs_fp64 |= info.functions[ir.callee.0 as usize].needs_fp64;
                    }
                }
                match blocked {
                    Some(b) => {
                        // The body's kernels are planned but unused: drop them again.
                        info.kernels
                            .truncate(kernels.first().copied().unwrap_or(info.kernels.len()));
                        Err(b)
                    }
                    None => {
                        for (j, ir) in body.intermediates.iter().enumerate() {
                            let callee = module.function(ir.callee);
                            let params = ir
                                .args
                                .iter()
                                .map(|a| match a {
                                    CalleeArg::Array(l) => func.params.iter().position(|p| p == l),
                                    CalleeArg::Scalar(_) | CalleeArg::ScalarParam(_) => None,
                                })
                                .collect();
                            kernels.push(info.kernels.len());
                            info.kernels.push(KernelPlan {
                                name: unique(format!("{base}_reduce{}", j + 1)),
                                func: ir.callee,
                                kind: KernelKind::Intermediate { body: ir.body.clone(), params },
                                span: callee.span,
                                needs_fp64: info.functions[ir.callee.0 as usize].needs_fp64,
                            });
                        }
                        Ok(DevicePlan { kernels, how, needs_fp64, warnings })
                    }
                }
            }
            (Ok(()), Some(Ok(SomdShape::Histogram(body))), None) => {
                let warnings = ignored_strategies(func, sig);
                let how = describe_histogram(func, body);
                let k = info.kernels.len();
                info.kernels.push(KernelPlan {
                    name: unique(class_method(module, id)),
                    func: id,
                    kind: KernelKind::Histogram(body.clone()),
                    span: func.span,
                    needs_fp64: fi.needs_fp64,
                });
                Ok(DevicePlan { kernels: vec![k], how, needs_fp64: fi.needs_fp64, warnings })
            }
            (Ok(()), Some(Ok(SomdShape::Loop(body))), None) => {
                let warnings = ignored_strategies(func, sig);
                let how = describe_somd(module, func, body);
                let k = info.kernels.len();
                info.kernels.push(KernelPlan {
                    name: unique(class_method(module, id)),
                    func: id,
                    kind: KernelKind::SomdLoop(body.clone()),
                    span: func.span,
                    needs_fp64: fi.needs_fp64,
                });
                Ok(DevicePlan { kernels: vec![k], how, needs_fp64: fi.needs_fp64, warnings })
            }
        };
        info.placements.push(Placement {
            subject: Subject::SomdMethod(id),
            label: format!("SOMD method {}", func.name),
            span: func.span,
            device,
        });
    }
    // `@`, `!` and tasks, in function and expression order. A `!` of a `@` in a function
    // that runs inside kernels is folded there by each work-item (`nested.rs`); it gets no
    // kernel of its own, so a CPU run of the function never launches one per call.
    let in_kernels = kernel_functions(module, info);
    for (i, func) in module.functions.iter().enumerate() {
        let in_func = FuncId(i as u32);
        if in_kernels.contains(&in_func) && !func.is_somd() {
            for fold in super::nested::nested_folds(func) {
                let Some(ExprKind::ReduceArray { reducer, .. }) =
                    func.exprs.get(fold.reduce.0 as usize).map(|e| &e.kind)
                else {
                    continue;
                };
                let how = match reducer {
                    ArrayReducer::Func(m) => format!(
                        "inside the kernel that runs `{}`: each work-item folds the `@` in order with `{}` (no intermediate array)",
                        func.name,
                        module.function(*m).name
                    ),
                    ArrayReducer::Op(op)
                        if matches!(op, ReduceOp::Add | ReduceOp::Mul)
                            && matches!(
                                func.expr(fold.reduce).ty,
                                Type::Prim(PrimType::Float | PrimType::Double)
                            ) =>
                    {
                        format!(
                            "inside the kernel that runs `{}`: each work-item folds the `@` with `{}` in the CPU's order (blocks of {}, then a tree of the block results; no intermediate array)",
                            func.name,
                            op.symbol(),
                            super::nested::CPU_REDUCE_BLOCK
                        )
                    }
                    ArrayReducer::Op(op) => format!(
                        "inside the kernel that runs `{}`: each work-item folds the `@` with `{}` from the identity, left to right (no intermediate array; the result does not depend on the order)",
                        func.name,
                        op.symbol()
                    ),
                };
                // Rows the function only reads: staged in the slices form ("Staged rows").
                let rows: Vec<String> = func
                    .params
                    .iter()
                    .filter(|p| super::nested::read_only_row(module, func, **p))
                    .map(|p| format!("`{}`", func.local(*p).name))
                    .collect();
                // A call from host code folds on the CPU (review 101: `explain` said nothing
                // of `both(m[2])` in `main`; review 102: only where such a call exists). A
                // `@` or a fold of it from host code is a construct of its own, whose kernel
                // folds it.
                let from_host = module.functions.iter().enumerate().any(|(j, g)| {
                    !in_kernels.contains(&FuncId(j as u32))
                        && g.exprs.iter().any(
                            |e| matches!(e.kind, ExprKind::Call { func: c, .. } if c == in_func),
                        )
                });
                // The fold's own order, which a second fold of the same `@` repeats.
                let order = how.clone();
                let how = match from_host {
                    true => format!(
                        "{how}; called from host code, the `@` and the fold run on the CPU (no launch of their own)"
                    ),
                    false => how,
                };
                let how = if rows.is_empty() {
                    how
                } else {
                    format!(
                        "{how}; when a `@` maps rows of a 2-D value array to {} and a device runs the fold in slices of the inner range, each work-group stages its rows in `__local` memory (`{}` only indexes, measures or passes them on to callees that do the same)",
                        rows.join(", "),
                        func.name
                    )
                };
                for (eid, label) in [
                    (
                        fold.map,
                        match &func.expr(fold.map).kind {
                            ExprKind::Map { func: t, .. } => {
                                format!("@ {}", module.function(*t).name)
                            }
                            _ => continue,
                        },
                    ),
                    (
                        fold.reduce,
                        match reducer {
                            ArrayReducer::Op(op) => format!("{} !", op.symbol()),
                            ArrayReducer::Func(f) => format!("{} !", module.function(*f).name),
                        },
                    ),
                ] {
                    let subject = if eid == fold.map {
                        Subject::Map { in_func, expr: eid }
                    } else {
                        Subject::Reduce { in_func, expr: eid }
                    };
                    // A `@` two folds read is one entry, which says that each fold computes
                    // it again (probe 105: listed twice at one position).
                    let again = info.placements.iter_mut().find(|p| p.subject == subject);
                    if let Some(Placement { device: Ok(plan), .. }) = again {
                        let folds =
                            order.split_once("folds the `@` ").map_or(order.as_str(), |s| s.1);
                        let reader = match reducer {
                            ArrayReducer::Op(op) => format!("{} !", op.symbol()),
                            ArrayReducer::Func(f) => format!("{} !", module.function(*f).name),
                        };
                        plan.how = format!(
                            "{}; the `{reader}` reads it too: each work-item computes it again and folds it {folds}",
                            plan.how
                        );
                        continue;
                    }
                    info.nested.push((in_func, eid));
                    info.placements.push(Placement {
                        subject,
                        label,
                        span: func.expr(eid).span,
                        device: Ok(DevicePlan {
                            kernels: Vec::new(),
                            how: how.clone(),
                            needs_fp64: info.functions[i].needs_fp64,
                            warnings: Vec::new(),
                        }),
                    });
                }
            }
        }
        // A SOMD body's own `!`s are host operations (today they keep it off the device).
        if in_kernels.contains(&in_func) && !func.is_somd() {
            for reduce in super::nested::array_folds(func) {
                let e = func.expr(reduce);
                let ExprKind::ReduceArray { reducer, array } = &e.kind else { continue };
                let (label, order) = match reducer {
                    ArrayReducer::Func(m) => (
                        format!("{} !", module.function(*m).name),
                        format!("in order with `{}`", module.function(*m).name),
                    ),
                    ArrayReducer::Op(op)
                        if matches!(op, ReduceOp::Add | ReduceOp::Mul)
                            && matches!(e.ty, Type::Prim(PrimType::Float | PrimType::Double)) =>
                    {
                        (
                            format!("{} !", op.symbol()),
                            format!(
                                "with `{}` in the CPU's order (blocks of {}, then a tree of the block results)",
                                op.symbol(),
                                super::nested::CPU_REDUCE_BLOCK
                            ),
                        )
                    }
                    ArrayReducer::Op(op) => (
                        format!("{} !", op.symbol()),
                        format!(
                            "with `{}` from the identity, left to right (the result does not depend on the order)",
                            op.symbol()
                        ),
                    ),
                };
                let what = isolation::type_name(module, &func.expr(*array).ty);
                let from_host = if super::nested::reduces_on_device(func, reduce) {
                    "called from host code, a device call of its own; where it runs on the CPU \
                     (a method instance, the CPU's applications of a `@`), the same fold on its \
                     thread"
                } else {
                    "called from host code or run on the CPU, the same fold on the calling \
                     thread (no launch of its own)"
                };
                info.array_folds.push((in_func, reduce));
                info.placements.push(Placement {
                    subject: Subject::Reduce { in_func, expr: reduce },
                    label,
                    span: e.span,
                    device: Ok(DevicePlan {
                        kernels: Vec::new(),
                        how: format!(
                            "in the kernels that call `{}`: each work-item folds the {what} {order}; {from_host}",
                            func.name
                        ),
                        needs_fp64: info.functions[i].needs_fp64,
                        warnings: Vec::new(),
                    }),
                });
            }
        }
        let fused: Vec<ExprId> = func
            .exprs
            .iter()
            .filter_map(|e| match &e.kind {
                ExprKind::ReduceArray { reducer: ArrayReducer::Op(_), array } => Some(*array),
                _ => None,
            })
            .collect();
        for (j, expr) in func.exprs.iter().enumerate() {
            let eid = ExprId(j as u32);
            if info.nested.contains(&(in_func, eid)) || info.array_folds.contains(&(in_func, eid)) {
                continue;
            }
            match &expr.kind {
                ExprKind::Map { func: target, args } => {
                    let label = format!("@ {}", module.function(*target).name);
                    let device = map_plan(module, info, func, *target, args, &expr.ty).map(|(plans, elem)| {
                        if fused.contains(&eid) && matches!(elem, Type::Prim(_)) {
                            return DevicePlan {
                                kernels: Vec::new(),
                                how: "fused into the `!` that consumes it (one kernel, no intermediate array)".into(),
                                needs_fp64: info.functions[target.0 as usize].needs_fp64,
                                warnings: Vec::new(),
                            };
                        }
                        let k = info.kernels.len();
                        let needs_fp64 = info.functions[target.0 as usize].needs_fp64;
                        let how = format!("NDRange of one work-item per element (mapped arguments must have equal lengths; the host checks){}", range_note(&plans));
                        info.kernels.push(KernelPlan {
                            name: unique(format!("map_{}", class_method(module, *target))),
                            func: *target,
                            kind: KernelKind::Map { args: plans, elem },
                            span: expr.span,
                            needs_fp64,
                        });
                        DevicePlan {
                            kernels: vec![k],
                            how,
                            needs_fp64,
                            warnings: Vec::new(),
                        }
                    });
                    info.placements.push(Placement {
                        subject: Subject::Map { in_func, expr: eid },
                        label,
                        span: expr.span,
                        device,
                    });
                }
                ExprKind::ReduceArray { reducer, array } => {
                    let label = match reducer {
                        ArrayReducer::Op(op) => format!("{} !", op.symbol()),
                        ArrayReducer::Func(f) => format!("{} !", module.function(*f).name),
                    };
                    let device =
                        reduce_plan(module, info, func, *reducer, *array, &expr.span, &mut unique);
                    info.placements.push(Placement {
                        subject: Subject::Reduce { in_func, expr: eid },
                        label,
                        span: expr.span,
                        device,
                    });
                }
                ExprKind::Task { func: worker, ctor } => {
                    let wf = module.function(*worker);
                    let label = format!("task {}", wf.name);
                    let device = task_plan(module, info, *worker, ctor.is_some(), expr.span).map(|(input, output)| {
                        let k = info.kernels.len();
                        let needs_fp64 = info.functions[worker.0 as usize].needs_fp64;
                        let how = match &input {
                            Type::ValueArray(_, None) => "isolated filter of value arrays: the items arriving while a batch runs form the next batch, one work-item per item, as the rows of one 2-D value array when they have one length, else packed one after the other with their offsets; results between consecutive device tasks stay on the device",
                            Type::ValueArray(..) => "isolated filter of value arrays: the items arriving while a batch runs form the next batch, the rows of one 2-D value array, one work-item per item; results between consecutive device tasks stay on the device",
                            _ => "isolated filter: the items arriving while a batch runs form the next batch, one work-item per item; batches between consecutive device tasks stay on the device",
                        };
                        info.kernels.push(KernelPlan {
                            name: unique(format!("filter_{}", class_method(module, *worker))),
                            func: *worker,
                            kind: KernelKind::Filter { input, output },
                            span: expr.span,
                            needs_fp64,
                        });
                        DevicePlan {
                            kernels: vec![k],
                            how: how.into(),
                            needs_fp64,
                            warnings: Vec::new(),
                        }
                    });
                    info.placements.push(Placement {
                        subject: Subject::Task { in_func, expr: eid },
                        label,
                        span: expr.span,
                        device,
                    });
                }
                _ => {}
            }
        }
    }
    info.placements.sort_by_key(|p| (p.span.file.0, p.span.start));
    super::fuse::plan(module, info, &mut unique);
    super::mapfuse::plan(module, info, &mut unique);
}

/// The device-eligible functions that kernels may run: the targets of `@`, `C.m !`, the
/// workers of tasks the writer batches, eligible SOMD methods, and everything they call.
fn kernel_functions(module: &Module, info: &ProgramInfo) -> std::collections::HashSet<FuncId> {
    let eligible = |f: FuncId| info.functions.get(f.0 as usize).is_some_and(|i| i.device.is_ok());
    let mut stack: Vec<FuncId> = Vec::new();
    // A SOMD method whose body has no kernels (no parallel loop, say) runs its helpers on
    // the threads of its method instances only (review 99).
    let somd_on_device = |f: FuncId| {
        info.placements.iter().any(|p| p.subject == Subject::SomdMethod(f) && p.device.is_ok())
    };
    for (i, func) in module.functions.iter().enumerate() {
        if func.is_somd() && somd_on_device(FuncId(i as u32)) {
            stack.push(FuncId(i as u32));
        }
        for e in &func.exprs {
            match &e.kind {
                ExprKind::Map { func: f, .. }
                | ExprKind::ReduceArray { reducer: ArrayReducer::Func(f), .. } => stack.push(*f),
                // A task the writer does not batch (a stateful one, one of matrix items)
                // runs its worker on the host: the worker's `@` and `!` are device calls of
                // their own there, not folds of a kernel.
                ExprKind::Task { func: f, ctor }
                    if task_plan(module, info, *f, ctor.is_some(), e.span).is_ok() =>
                {
                    stack.push(*f)
                }
                _ => {}
            }
        }
    }
    stack.retain(|f| eligible(*f));
    let mut seen = std::collections::HashSet::new();
    while let Some(f) = stack.pop() {
        if seen.insert(f) {
            stack.extend(isolation::callees(module.function(f)).into_iter().map(|(c, _)| c));
        }
    }
    seen
}

/// The `dist` parameters with user partitioning strategies, which one device partition
/// ignores.
fn ignored_strategies(func: &Function, sig: &SomdSig) -> Vec<super::IgnoredStrategy> {
    sig.dist_params
        .iter()
        .filter(|(_, dist)| matches!(dist, Distribution::User { .. }))
        .filter_map(|(p, _)| func.params.get(*p).map(|l| func.local(*l)))
        .map(|l| super::IgnoredStrategy { param: l.name.clone(), span: l.span })
        .collect()
}

fn not_device(reason: BlockReason, construct: impl Into<String>, span: Span) -> Blocker {
    Blocker { reason, construct: construct.into(), span, chain: Vec::new() }
}

/// The callee's eligibility, with the callee prepended to the chain.
fn callee_ok(info: &ProgramInfo, f: FuncId) -> Result<(), Blocker> {
    match &info.functions[f.0 as usize].device {
        Ok(()) => Ok(()),
        Err(b) => {
            let mut b = b.clone();
            if b.chain.first() != Some(&f) {
                b.chain.insert(0, f);
            }
            Err(b)
        }
    }
}

fn map_plan(
    module: &Module,
    info: &ProgramInfo,
    func: &Function,
    target: FuncId,
    args: &[(ExprId, MapArg)],
    result_ty: &Type,
) -> Result<(Vec<MapArgPlan>, Type), Blocker> {
    let tf = module.function(target);
    callee_ok(info, target)?;
    let elem = match result_ty {
        Type::ValueArray(e, _) if scalar_or_value(module, e) => (**e).clone(),
        // Rows of 2, 4, 8 or 16 numbers: one OpenCL vector per work-item; other bounded
        // rows of numbers (`float[[3]]`): one struct of the lanes per work-item.
        Type::ValueArray(e, _)
            if isolation::vector_of(e).is_some() || isolation::packed_of(e).is_some() =>
        {
            (**e).clone()
        }
        _ => {
            return Err(not_device(
                BlockReason::Unsupported,
                "`@` whose result elements are arrays (other than bounded rows of numbers, \
                 `float[[3]]`)",
                tf.span,
            ))
        }
    };
    let mut plans = Vec::new();
    for (k, (arg, mode)) in args.iter().enumerate() {
        let Some(p) = tf.params.get(k) else { break };
        let ty = tf.local(*p).ty.clone();
        // Arrays of arrays cross flattened row-major (rectangular, checked by the host): a
        // mapped one gives each work-item a row, a broadcast one is read whole. A mapped
        // 3-D array gives each work-item a plane `T[][]` or `T[[]][[]]` (a view into the
        // one buffer); a mutable plane is the caller's, so the target may not write it.
        let plane = isolation::plane_elem(&ty).is_some();
        if *mode == MapArg::Mapped && plane && matches!(ty, Type::Array(_)) {
            if let Some(f) = writes_arrays_from(module, target) {
                return Err(not_device(
                    BlockReason::Unsupported,
                    format!(
                        "`@` argument {} of type {}: a plane of a mutable 3-D array, and `{}` \
                         (the target or a method it calls) writes array elements (a plane on \
                         the device would be the caller's, and parameters pass by value)",
                        k + 1,
                        isolation::type_name(module, &ty),
                        module.function(f).name
                    ),
                    tf.local(*p).span,
                ));
            }
        }
        // Java passes a mutable array by reference: the caller sees what the applications
        // write into it, which a kernel would write into a device copy nobody downloads.
        if matches!(ty, Type::Array(_)) && super::writes::writes_local(module, tf, *p) {
            return Err(not_device(
                BlockReason::Unsupported,
                format!(
                    "`@` argument {} of type {}: `{}` writes its elements, which the caller \
                     sees (Java passes the array itself; the device would write a copy)",
                    k + 1,
                    isolation::type_name(module, &ty),
                    tf.name
                ),
                tf.local(*p).span,
            ));
        }
        let ok = match mode {
            MapArg::Mapped => {
                scalar_or_value(module, &ty)
                    || array_elem(&ty)
                        .is_some_and(|(e, rank)| rank == 1 && scalar_or_value(module, e))
                    || plane
            }
            // A 3-D array of primitives is read whole too: one buffer, three lengths.
            MapArg::Broadcast => {
                scalar_or_value(module, &ty)
                    || array_elem(&ty).is_some_and(|(e, _)| scalar_or_value(module, e))
                    || isolation::cube_elem(&ty).is_some()
            }
        };
        if !ok {
            return Err(not_device(
                BlockReason::Unsupported,
                format!("`@` argument {} of type {}", k + 1, isolation::type_name(module, &ty)),
                tf.local(*p).span,
            ));
        }
        // Java widens a mapped primitive element to the parameter's type, as in a call: the
        // kernel reads the argument's own elements and converts them.
        let from = match (mode, &ty, &func.expr(*arg).ty) {
            (MapArg::Mapped, Type::Prim(p), Type::Array(e) | Type::ValueArray(e, _)) => match **e {
                Type::Prim(q) if q != *p => Some(q),
                _ => None,
            },
            _ => None,
        };
        // The host evaluates `n` (and checks the lengths); element `i` is the index.
        let range = *mode == MapArg::Mapped
            && matches!(ty, Type::Prim(_))
            && matches!(
                func.expr(*arg).kind,
                ExprKind::Builtin { builtin: Builtin::SomdRange, ref args } if args.len() == 1
            );
        plans.push(MapArgPlan { mode: *mode, ty, from, range });
    }
    Ok((plans, elem))
}

/// `explain`'s note on the `Somd.range` arguments of a `@` and on the mapped arguments whose
/// elements widen to the parameter's type (empty when it has neither).
fn range_note(plans: &[MapArgPlan]) -> String {
    let ranges: Vec<String> = plans
        .iter()
        .enumerate()
        .filter(|(_, a)| a.range)
        .map(|(k, _)| (k + 1).to_string())
        .collect();
    let mut note = match ranges.as_slice() {
        [] => String::new(),
        [k] => format!("; argument {k}, a `Somd.range`, is the element's index (not uploaded)"),
        _ => format!(
            "; arguments {}, `Somd.range`s, are the element's index (not uploaded)",
            ranges.join(", ")
        ),
    };
    let rows: Vec<String> = plans
        .iter()
        .enumerate()
        .filter(|(_, a)| {
            a.mode == MapArg::Mapped
                && matches!(&a.ty, Type::ValueArray(e, None) if matches!(**e, Type::Prim(_)))
        })
        .map(|(k, _)| (k + 1).to_string())
        .collect();
    if !rows.is_empty() {
        let which = match rows.as_slice() {
            [k] => format!("argument {k}"),
            _ => format!("arguments {}", rows.join(", ")),
        };
        note.push_str(&format!(
            "; a ragged matrix (rows of different lengths) as {which} runs the kernel's ragged variant: every mapped matrix packed, with its rows' offsets"
        ));
    }
    for (k, a) in plans.iter().enumerate() {
        if let (Some(from), false, Type::Prim(to)) = (a.from, a.range, &a.ty) {
            note.push_str(&format!(
                "; argument {}'s `{}` elements cross as they are and widen to `{}` in the kernel",
                k + 1,
                crate::print::prim_name(from),
                crate::print::prim_name(*to)
            ));
        }
    }
    note
}

/// The first of `target` and the functions it calls (transitively) that assigns an array
/// element, if any.
fn writes_arrays_from(module: &Module, target: FuncId) -> Option<FuncId> {
    let mut stack = vec![target];
    let mut seen = std::collections::HashSet::new();
    while let Some(f) = stack.pop() {
        if !seen.insert(f) {
            continue;
        }
        let func = module.function(f);
        if super::parallel::writes_arrays(func) {
            return Some(f);
        }
        stack.extend(isolation::callees(func).into_iter().map(|(c, _)| c));
    }
    None
}

fn reduce_plan(
    module: &Module,
    info: &mut ProgramInfo,
    func: &Function,
    reducer: ArrayReducer,
    array: ExprId,
    span: &Span,
    unique: &mut dyn FnMut(String) -> String,
) -> Result<DevicePlan, Blocker> {
    let array_expr = func.expr(array);
    let elem = match &array_expr.ty {
        Type::Array(e) | Type::ValueArray(e, _) => (**e).clone(),
        _ => return Err(not_device(BlockReason::Unsupported, "`!` of a non-array", *span)),
    };
    match reducer {
        ArrayReducer::Op(op) => {
            let Type::Prim(prim) = elem else {
                return Err(not_device(
                    BlockReason::Unsupported,
                    "`!` over non-primitive elements",
                    *span,
                ));
            };
            if let ExprKind::Map { func: target, args } = &array_expr.kind {
                if let Ok((plans, _)) = map_plan(module, info, func, *target, args, &array_expr.ty)
                {
                    let range = range_note(&plans);
                    let needs_fp64 =
                        info.functions[target.0 as usize].needs_fp64 || prim == PrimType::Double;
                    // `byte`, `short` and `char` results reduce as Java `int`s (the `!`'s
                    // type): the kernel accumulates in `int`, widening each result.
                    let acc = match prim {
                        PrimType::Byte | PrimType::Short | PrimType::Char => PrimType::Int,
                        p => p,
                    };
                    let k = info.kernels.len();
                    info.kernels.push(KernelPlan {
                        name: unique(format!("mapreduce_{}", class_method(module, *target))),
                        func: *target,
                        kind: KernelKind::MapReduce { args: plans, op, elem: acc },
                        span: *span,
                        needs_fp64,
                    });
                    return Ok(DevicePlan {
                        kernels: vec![k],
                        how: format!(
                            "`@ {}` fused with `{} !`: each work-item folds the elements of a grid-stride loop (coarsened: the host chooses the grid), then a per-work-group tree reduction in local memory, the host combines the partials{range}",
                            module.function(*target).name,
                            op.symbol()
                        ),
                        needs_fp64,
                        warnings: Vec::new(),
                    });
                }
            }
            Ok(DevicePlan {
                kernels: Vec::new(),
                how: format!(
                    "device reduction with the runtime's `somd_reduce` ({} over {}), the host combines the partials",
                    op.symbol(),
                    crate::print::type_name(module, &elem)
                ),
                needs_fp64: prim == PrimType::Double,
                warnings: Vec::new(),
            })
        }
        ArrayReducer::Func(f) => {
            callee_ok(info, f)?;
            if !scalar_or_value(module, &elem) {
                return Err(not_device(BlockReason::Unsupported, "`!` over array elements", *span));
            }
            if !isolation::kernel_value(module, &elem) {
                return Err(not_device(
                    BlockReason::Unsupported,
                    "`!` over value-class elements holding arrays or references",
                    *span,
                ));
            }
            let needs_fp64 = info.functions[f.0 as usize].needs_fp64;
            let range = matches!(
                &array_expr.kind,
                ExprKind::Builtin { builtin: Builtin::SomdRange, args } if args.len() == 1
            );
            let k = info.kernels.len();
            info.kernels.push(KernelPlan {
                name: unique(format!("fold_{}", class_method(module, f))),
                func: f,
                kind: KernelKind::FoldFunc { elem, range },
                span: *span,
                needs_fp64,
            });
            Ok(DevicePlan {
                kernels: vec![k],
                how: format!(
                    "each work-item folds a contiguous chunk with `{}` in order; {}{}",
                    module.function(f).name,
                    if super::isolation::call_may_throw(module, f) {
                        "the host folds the per-item partials in order (the method may throw: \
                         Java's first failure)"
                    } else {
                        "each work-group combines its chunks' results in order, and the host \
                         folds the groups' partials in order"
                    },
                    if range {
                        "; the `Somd.range` is the element's index (not uploaded)"
                    } else {
                        ""
                    }
                ),
                needs_fp64,
                warnings: Vec::new(),
            })
        }
    }
}

fn task_plan(
    module: &Module,
    info: &ProgramInfo,
    worker: FuncId,
    stateful: bool,
    span: Span,
) -> Result<(Type, Type), Blocker> {
    let wf = module.function(worker);
    if stateful || wf.kind != FuncKind::Static {
        return Err(not_device(BlockReason::NotIsolated, "stateful task (instance worker)", span));
    }
    if wf.params.is_empty() {
        return Err(not_device(BlockReason::NotIsolated, "source task (no input)", span));
    }
    if wf.ret == Type::Void {
        return Err(not_device(BlockReason::NotIsolated, "sink task (no output)", span));
    }
    if !wf.is_local {
        return Err(not_device(
            BlockReason::NotIsolated,
            "worker is not declared `static local`",
            wf.span,
        ));
    }
    let input = wf.local(wf.params[0]).ty.clone();
    if let Some(c) = super::holders::holder(module, &input) {
        return Err(not_device(
            BlockReason::Unsupported,
            format!(
                "filter of `{}` items, a value class holding arrays (its items would be \
                 arrays of such objects)",
                module.class(c).name
            ),
            wf.span,
        ));
    }
    // Value arrays of primitives cross as the rows of one 2-D value array per batch.
    let rows = matches!(&input, Type::ValueArray(e, _) if matches!(**e, Type::Prim(_)));
    if !scalar_or_value(module, &wf.ret) {
        return Err(not_device(
            BlockReason::Unsupported,
            format!(
                "filter whose result is {} (device filters return primitives and objects of \
                 value classes; its worker runs on the host)",
                isolation::type_name(module, &wf.ret)
            ),
            wf.span,
        ));
    }
    if !(scalar_or_value(module, &input) || rows) {
        return Err(not_device(
            BlockReason::Unsupported,
            format!(
                "filter of {} items (device filters take primitives, objects of value classes \
                 and value arrays of primitives)",
                isolation::type_name(module, &input)
            ),
            wf.span,
        ));
    }
    callee_ok(info, worker)?;
    Ok((input, wf.ret.clone()))
}

fn describe_sync(module: &Module, func: &Function, body: &SyncBody) -> String {
    fn steps(
        module: &Module,
        func: &Function,
        body: &SyncBody,
        list: &[SyncStep],
        out: &mut Vec<String>,
    ) {
        for step in list {
            match step {
                SyncStep::Launch(k) => {
                    let dims = body.launches.get(*k).map_or(0, |l| l.parallel.dims.len());
                    out.push(format!("kernel {} ({dims}-D)", k + 1));
                }
                SyncStep::SwapOrLaunch { launch, dst, src } => {
                    let dims = body.launches.get(*launch).map_or(0, |l| l.parallel.dims.len());
                    out.push(format!(
                        "kernel {} ({dims}-D) as an exchange of the buffers of `{}` and `{}` \
                         when they have the same shape",
                        launch + 1,
                        func.local(*dst).name,
                        func.local(*src).name
                    ));
                }
                SyncStep::Intermediate { index } => {
                    let Some(ir) = body.intermediates.get(*index) else { continue };
                    let op = ir.body.parallel.reduction.as_ref();
                    out.push(format!(
                        "kernel {} for the intermediate reduction `{}` (the callee's loop over \
                         the whole arrays; partials combined with `{}` on the host)",
                        body.launches.len() + index + 1,
                        module.function(ir.callee).name,
                        op.map_or("?", |r| r.op.symbol())
                    ));
                }
                SyncStep::Reduce { launch, into } => {
                    let all: Vec<&super::AccReduction> = body
                        .launches
                        .get(*launch)
                        .map(|l| l.parallel.reductions().collect())
                        .unwrap_or_default();
                    let carried = |r: &super::AccReduction| {
                        r.carries.as_ref().map_or(String::new(), |c| carried_text(func, c))
                    };
                    match all.as_slice() {
                        [only] if only.carries.is_some() => out.push(format!(
                            "kernel {} reducing into `{}` with `{}`{} (per-work-group partials, \
                             combined on the host)",
                            launch + 1,
                            func.local(only.acc).name,
                            only.op.symbol(),
                            carried(only)
                        )),
                        [_, _, ..] => {
                            let each: Vec<String> = all
                                .iter()
                                .map(|r| {
                                    format!(
                                        "`{}` with `{}`{}",
                                        func.local(r.acc).name,
                                        r.op.symbol(),
                                        carried(r)
                                    )
                                })
                                .collect();
                            out.push(format!(
                                "kernel {} reducing into {} (one pass; per-work-group partials \
                                 of each, combined on the host)",
                                launch + 1,
                                each.join(", ")
                            ));
                        }
                        _ => out.push(format!(
                            "kernel {} reducing into `{}` (partials combined with `{}` on the host)",
                            launch + 1,
                            func.local(*into).name,
                            all.first().map_or("?", |r| r.op.symbol())
                        )),
                    }
                }
                SyncStep::Host(stmt) => {
                    let what = match stmt {
                        Stmt::Let { local, .. } => local,
                        _ => {
                            match super::walk::stmt_roots(stmt).first().map(|e| &func.expr(*e).kind)
                            {
                                Some(
                                    ExprKind::Assign { target, .. }
                                    | ExprKind::CompoundAssign { target, .. }
                                    | ExprKind::IncDec { target, .. },
                                ) => match &func.expr(*target).kind {
                                    ExprKind::Local(l) => l,
                                    _ => continue,
                                },
                                _ => continue,
                            }
                        }
                    };
                    out.push(format!("host `{}`", func.local(*what).name));
                }
                SyncStep::Repeat { index, lo, hi, body: inner } => {
                    let mut list = Vec::new();
                    steps(module, func, body, inner, &mut list);
                    out.push(format!(
                        "for `{}` in [{}, {}): {{{}}}",
                        func.local(*index).name,
                        lo.display(func),
                        hi.display(func),
                        list.join("; ")
                    ));
                }
                SyncStep::If { cond_steps, then, otherwise, .. } => {
                    let text = |list: &[SyncStep]| joined(module, func, body, list);
                    let mut line = format!("if {}: {{{}}}", tested(&text(cond_steps)), text(then));
                    if !otherwise.is_empty() {
                        line.push_str(&format!(" else {{{}}}", text(otherwise)));
                    }
                    out.push(line);
                }
                SyncStep::Loop { test, test_steps, at_end, body: inner, update } => {
                    let text = |list: &[SyncStep]| joined(module, func, body, list);
                    let list = [text(inner), text(update)]
                        .into_iter()
                        .filter(|t| !t.is_empty())
                        .collect::<Vec<_>>()
                        .join("; ");
                    let tested = tested(&text(test_steps));
                    out.push(match (test, at_end) {
                        (None, _) => format!("loop until `break`: {{{list}}}"),
                        (Some(_), false) => format!("while {tested} holds: {{{list}}}"),
                        (Some(_), true) => format!("do {{{list}}} while {tested} holds"),
                    });
                }
                SyncStep::Break(0) => out.push("`break`".to_string()),
                SyncStep::Continue(0) => out.push("`continue`".to_string()),
                SyncStep::Break(n) => out.push(format!("`break` of the host loop {n} out")),
                SyncStep::Continue(n) => out.push(format!("`continue` of the host loop {n} out")),
                SyncStep::Fresh(l) => out.push(format!(
                    "fresh `{}` (its buffer zero-filled on the device)",
                    func.local(*l).name
                )),
                SyncStep::Return(r) => out.push(match r {
                    super::SyncReturn::Nothing => "`return` (ends the call)".to_string(),
                    super::SyncReturn::Param(l) | super::SyncReturn::Output(l) => {
                        format!("`return {}` (ends the call, downloading it)", func.local(*l).name)
                    }
                    super::SyncReturn::Value(_) => {
                        "`return` of a value the host computes (ends the call)".to_string()
                    }
                }),
            }
        }
    }
    /// The description of `list`, its steps joined.
    fn joined(module: &Module, func: &Function, body: &SyncBody, list: &[SyncStep]) -> String {
        let mut each = Vec::new();
        steps(module, func, body, list, &mut each);
        each.join("; ")
    }
    /// A host test, after the kernels of its intermediate reductions (`before`), if any.
    fn tested(before: &str) -> String {
        match before.is_empty() {
            true => "its test".to_string(),
            false => format!("its test (after {before})"),
        }
    }
    let mut list = Vec::new();
    steps(module, func, body, &body.steps, &mut list);
    let mut text = format!(
        "one MI over the whole arrays, buffers resident for the whole call; the host runs {}",
        list.join("; ")
    );
    let mut has_sync = false;
    super::walk::each_stmt(&func.body, &mut |s| has_sync |= matches!(s, Stmt::Sync { .. }));
    if has_sync {
        text.push_str(
            "; each `sync` barrier is the end of a launch (in-order queue, one buffer per \
             array: no halo copies)",
        );
    } else if matches!(body.result, SomdResult::Param(_)) {
        text.push_str("; the updated parameter array is downloaded once as the result");
    }
    if !body.unread.is_empty() {
        let names: Vec<String> =
            body.unread.iter().map(|l| format!("`{}`", func.local(*l).name)).collect();
        text.push_str(&format!(
            "; {} allocated on the device, not uploaded (the call writes before it reads)",
            names.join(", ")
        ));
    }
    if !body.host_scalars.is_empty() {
        let names: Vec<String> =
            body.host_scalars.iter().map(|l| format!("`{}`", func.local(*l).name)).collect();
        text.push_str(&format!(
            "; host scalars {} stay on the host (Java semantics) and reach the kernels that \
             read them as scalar arguments",
            names.join(", ")
        ));
    }
    let last_reduces = matches!(body.result, SomdResult::Accumulator(_));
    if let Some(r) =
        body.launches.last().and_then(|l| l.parallel.reduction.as_ref()).filter(|_| last_reduces)
    {
        text.push_str(&format!(
            "; the last kernel reduces `{}` with `{}`: per-work-group tree in local memory, the \
             host combines the partials with the method's reduce strategy",
            func.local(r.acc).name,
            r.op.symbol()
        ));
    }
    text
}

fn describe_histogram(func: &Function, body: &super::HistogramBody) -> String {
    let d = &body.dim;
    if let Some(p) = body.segmented_by {
        let key = &func.local(p).name;
        return format!(
            "one MI over the whole arrays; segmented sum into `{table}` ({elem} updates `+=` \
             at `{key}[{i}]`): runs on the device when `{key}` is sorted (non-decreasing over \
             [0, {hi}), checked by the host at each call), else on the CPU; one work-item per \
             iteration of `{i}`, the head of each run of equal `{key}[{i}]` adds the run's \
             updates in iteration order (bit-identical to the sequential sum); a fault on the \
             device reruns the call on the CPU, which raises Java's exception",
            table = func.local(body.table).name,
            elem = if body.elem == PrimType::Float { "float" } else { "double" },
            i = func.local(d.index).name,
            hi = d.hi.display(func),
        );
    }
    let long = body.elem == PrimType::Long;
    let (op, start) = match (body.op, long) {
        (ReduceOp::Add, _) => ("`+=`", "a zeroed table"),
        (ReduceOp::BitOr, _) => ("`|=`", "a zeroed table"),
        (ReduceOp::BitXor, _) => ("`^=`", "a zeroed table"),
        (ReduceOp::Max, false) => ("`Math.max`", "a table filled with `Integer.MIN_VALUE`"),
        (ReduceOp::Min, false) => ("`Math.min`", "a table filled with `Integer.MAX_VALUE`"),
        (ReduceOp::Max, true) => ("`Math.max`", "a table filled with `Long.MIN_VALUE`"),
        (ReduceOp::Min, true) => ("`Math.min`", "a table filled with `Long.MAX_VALUE`"),
        _ => ("`&=`", "a table of all-one bits"),
    };
    // `long` maxima and minima compare whole entries: 64-bit atomics, which the device must
    // offer (`cl_khr_int64_extended_atomics`; else the call runs on the CPU).
    let atomics = match (body.op, long) {
        (ReduceOp::Max | ReduceOp::Min, true) => {
            "64-bit atomics (`cl_khr_int64_extended_atomics`; a device without them runs the \
             call on the CPU)"
        }
        _ => "32-bit atomics",
    };
    let fold_start = match body.fill {
        Some(c) => format!(", starting from `{c}` (which the loop before stores in every entry),"),
        None => String::new(),
    };
    format!(
        "one MI over the whole arrays; histogram of `{}` ({} updates {op} at computed \
         indices): work-groups share the iterations of `{}` in [{}, {}){} and update \
         {start} of their own with {atomics} (in local memory when it fits, else \
         in global memory); the host folds the groups' tables entry by entry with the same \
         operator{fold_start} and passes the one MI's table to the method's reduce strategy",
        func.local(body.table).name,
        if long { "long" } else { "int" },
        func.local(d.index).name,
        d.lo.display(func),
        d.hi.display(func),
        d.step_text(),
    )
}

fn describe_somd(module: &Module, func: &Function, body: &SomdBody) -> String {
    let _ = module;
    let par = &body.parallel;
    let mut text = String::new();
    let sizes: Vec<String> = par
        .dims
        .iter()
        .map(|d| {
            let span = match (&d.lo, &d.hi) {
                (SizeExpr::Const(0), hi) => hi.display(func),
                // `for (i = 1; i <= n; i++)`: `n + 1 - 1` iterations.
                (SizeExpr::Const(lo), SizeExpr::Add(hi, c)) if **c == SizeExpr::Const(*lo) => {
                    hi.display(func)
                }
                // `a.length - 1 - -1` reads as `a.length - 1 + 1`.
                (SizeExpr::Const(lo), hi) if *lo < 0 => {
                    SizeExpr::Add(Box::new(hi.clone()), Box::new(SizeExpr::Const(-lo)))
                        .display(func)
                }
                (lo, hi) => SizeExpr::Sub(Box::new(hi.clone()), Box::new(lo.clone())).display(func),
            };
            match d.step {
                1 => span,
                step if span.contains(' ') => format!("ceil(({span}) / {step})"),
                step => format!("ceil({span} / {step})"),
            }
        })
        .collect();
    let indices: Vec<String> = par.dims.iter().map(|d| func.local(d.index).name.clone()).collect();
    // A 2-D reduction launches a 1-D NDRange over the nest's iterations, flattened.
    let range = match (par.dims.len(), par.reduction.is_some()) {
        (2, true) => format!("1-D NDRange over the {} iterations, flattened,", sizes.join(" x ")),
        (rank, _) => format!("{rank}-D NDRange [{}],", sizes.join(", ")),
    };
    text.push_str(&format!(
        "one MI over the whole arrays; {range} {} of `{}`",
        if par.reduction.is_some() {
            "work-items over the iterations"
        } else {
            "one work-item per iteration"
        },
        indices.join("`, `")
    ));
    for d in par.dims.iter().filter(|d| d.step != 1 || d.reversed) {
        let name = &func.local(d.index).name;
        text.push_str(&match (d.reversed, d.step) {
            (false, step) => {
                format!(" (stepping by {step}: iteration `g` is `{name} = lo + g * {step}`)")
            }
            (true, 1) => format!(" (stepping down: iteration `g` is `{name} = hi - 1 - g`)"),
            (true, step) => format!(
                " (stepping down by {step}: iteration `g` is `{name} = hi - 1 - g * {step}`)"
            ),
        });
    }
    if let Some(r) = &par.reduction {
        text.push_str(&format!(
            "; reduction of `{}` with `{}`: each work-item folds the iterations of a grid-stride loop (coarsened: the host chooses the grid), then a per-work-group tree in local memory, the host combines the partials with the method's reduce strategy",
            func.local(r.acc).name,
            r.op.symbol()
        ));
    }
    text
}

/// How `explain` describes an argument extremum's payloads: `, carrying `k` (set with it
/// by the first iteration reaching it)`, or a floating-point extremum without payloads.
pub(super) fn carried_text(func: &Function, c: &super::Carried) -> String {
    let names: Vec<String> =
        c.payloads.iter().map(|(p, _)| format!("`{}`", func.local(*p).name)).collect();
    let which = if c.later_ties { "last" } else { "first" };
    match names.is_empty() {
        // A floating-point extremum: the iteration decides between `-0.0` and `0.0`.
        true => format!(", keeping the {which} iteration reaching it (`-0.0` or `0.0`)"),
        false => format!(
            ", carrying {} (set with it by the {which} iteration reaching it)",
            names.join(", ")
        ),
    }
}
