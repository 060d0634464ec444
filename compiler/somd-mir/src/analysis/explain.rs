//! `somdc explain`: where each SOMD method, `@`, `!` and task runs, how it is
//! parallelised, and what keeps it off the device (construct, `file:LINE:COL`, call chain).
//! The text is deterministic (placements in source order).

use super::*;
use somd_diag::SourceMap;
use std::fmt::Write as _;

fn chain_text(module: &Module, chain: &[FuncId]) -> String {
    chain.iter().map(|f| module.function(*f).name.clone()).collect::<Vec<_>>().join(" -> ")
}

fn blocker_text(module: &Module, sources: &SourceMap, b: &Blocker) -> String {
    let mut text = format!("{} at {}", b.construct, sources.position(b.span));
    if !b.chain.is_empty() {
        let _ = write!(text, " (reached through {})", chain_text(module, &b.chain));
    }
    text
}

/// Per `int` value-array argument of a `@` kernel of `f`: whether the device may store it
/// narrow (`narrow`), or why not; then each SAD loop over two of them (`sad`).
fn narrow_lines(
    out: &mut String,
    module: &Module,
    sources: &SourceMap,
    narrow: &std::collections::BTreeMap<(FuncId, usize), Result<super::narrow::Flow, &'static str>>,
    f: FuncId,
) {
    let func = module.function(f);
    for ((root, k), flow) in narrow.range((f, 0)..=(f, usize::MAX)) {
        debug_assert_eq!(*root, f);
        let name = func.params.get(*k).map_or("?", |p| func.local(*p).name.as_str());
        let _ = match flow {
            Ok(_) => writeln!(
                out,
                "  narrow storage: `{name}` is stored as uchar, char, ushort or short when all its elements fit (checked once per array)"
            ),
            Err(why) => writeln!(out, "  int storage: `{name}`: {why}"),
        };
    }
    // The SAD loops over two parameters of these flows (`sad`): the byte path.
    let flows: Vec<(&str, &super::narrow::Flow)> = narrow
        .range((f, 0)..=(f, usize::MAX))
        .filter_map(|((_, k), flow)| {
            let name = func.params.get(*k).map_or("?", |p| func.local(*p).name.as_str());
            Some((name, flow.as_ref().ok()?))
        })
        .collect();
    let mut reached: Vec<FuncId> =
        flows.iter().flat_map(|(_, flow)| flow.iter().map(|(g, _)| *g)).collect();
    reached.sort();
    reached.dedup();
    for g in reached {
        let callee = module.function(g);
        for l in super::sad::sad_loops(module, callee) {
            let root_of = |p: LocalId| flows.iter().find(|(_, flow)| flow.contains(&(g, p)));
            let (Some((ra, _)), Some((rb, _))) = (root_of(l.a), root_of(l.b)) else { continue };
            let _ = writeln!(
                out,
                "  sum of absolute differences: the loop at {} in `{}` adds 16 elements per `abs_diff` when `{ra}` and `{rb}` are stored as uchar (the rest element by element)",
                sources.position(l.span),
                callee.name
            );
        }
        // The folds that hold a broadcast row of these flows in registers for their SAD
        // loops (note `device-execution`, "Rows held in registers").
        for fold in super::nested::nested_folds(callee) {
            let ExprKind::Map { func: target, args } = &callee.expr(fold.map).kind else {
                continue;
            };
            let target_fn = module.function(*target);
            for ((a, mode), q) in args.iter().zip(&target_fn.params) {
                let ExprKind::Local(l) = callee.expr(*a).kind else { continue };
                let Some((root, _)) = flows.iter().find(|(_, flow)| flow.contains(&(g, l))) else {
                    continue;
                };
                if *mode == MapArg::Broadcast
                    && matches!(target_fn.local(*q).ty, Type::ValueArray(..))
                    && super::sad::feeds_sad(module, *target, *q, super::sad::HOLD_DEPTH)
                {
                    let _ = writeln!(
                        out,
                        "  held in registers: the fold at {} in `{}` loads `{root}` once when it is stored as uchar and shorter than {} elements, and its SAD loops read it there",
                        sources.position(callee.expr(fold.reduce).span),
                        callee.name,
                        super::sad::HOLD_LEN
                    );
                }
            }
        }
    }
}

/// The private arrays of kernel function `f` (`private.rs`), one line each; with `within`,
/// only those that loop declares (one of several kernels of a SOMD method).
fn private_lines(
    out: &mut String,
    module: &Module,
    sources: &SourceMap,
    f: FuncId,
    within: Option<LoopId>,
) {
    let func = module.function(f);
    let mut declared = std::collections::HashSet::new();
    if let Some(stmt) = within.and_then(|id| walk::find_loop(func, id)) {
        walk::each_stmt_of(stmt, &mut |s| {
            if let Stmt::Let { local, .. } = s {
                declared.insert(*local);
            }
        });
    }
    let mut arrays: Vec<_> = super::private::checked_private_arrays(module, func)
        .into_iter()
        .filter(|(l, _)| within.is_none() || declared.contains(l))
        .collect();
    arrays.sort_by_key(|(l, _)| *l);
    for (l, p) in arrays {
        let local = func.local(l);
        let _ = writeln!(
            out,
            "  private array: `{}` {} of {} elements in each work-item at {}",
            local.name,
            crate::print::type_name(module, &local.ty),
            p.len,
            sources.position(local.span)
        );
    }
}

/// The loops of the kernel function `f`, and of the functions it calls (the OpenCL writer
/// writes them into the kernel's file and versions their loops alike), whose accesses one
/// test before the loop keeps in range on the device ([`super::loopcheck`]): where it
/// holds, a copy of the loop runs without their checks.
fn range_test_lines(
    out: &mut String,
    module: &Module,
    info: &ProgramInfo,
    sources: &SourceMap,
    f: FuncId,
) {
    let mut seen = std::collections::BTreeSet::from([f]);
    let mut work = vec![f];
    while let Some(g) = work.pop() {
        let helper = (g != f).then(|| module.function(g).name.as_str());
        function_range_tests(out, module, info, sources, g, helper);
        for (c, _) in super::isolation::callees(module.function(g)) {
            if seen.insert(c) {
                work.push(c);
            }
        }
    }
}

/// [`range_test_lines`] of one function: the kernel's own, or a `helper` it calls (named on
/// each line). Accesses the range analysis proves in range need none and are not named; a
/// SOMD method's parallel loops are its work-items, no loop of the kernel.
fn function_range_tests(
    out: &mut String,
    module: &Module,
    info: &ProgramInfo,
    sources: &SourceMap,
    f: FuncId,
    helper: Option<&str>,
) {
    let func = module.function(f);
    let parallel: Vec<LocalId> = match helper {
        Some(_) => Vec::new(),
        None => info.functions[f.0 as usize]
            .loops
            .iter()
            .filter_map(|l| l.verdict.as_ref().ok())
            .flat_map(|par| par.dims.iter().map(|d| d.index))
            .collect(),
    };
    let proven = super::bounds::proven_in_bounds(func, &func.body, &[], &[]);
    let text = |e: ExprId| {
        let span = func.expr(e).span;
        let source = sources.get(span.file).map(|file| file.text.as_str()).unwrap_or("");
        source.get(span.range()).unwrap_or("?").to_string()
    };
    for (_, stmt) in super::walk::loops(func) {
        let Stmt::Loop { test: Some(t), test_at_end: false, body, update, .. } = stmt else {
            continue;
        };
        let Some(checks) = super::loopcheck::loop_checks(
            module,
            func,
            *t,
            body,
            update,
            &proven,
            &proven,
            &|_| true,
        ) else {
            continue;
        };
        if parallel.contains(&checks.index) {
            continue;
        }
        let mut names: Vec<String> = checks.accesses().map(|a| format!("`{}`", text(a))).collect();
        if !names.is_empty() {
            names = vec![format!("{} in range at its first and last index", names.join(", "))];
        }
        if !checks.divisors.is_empty() {
            let divisions: Vec<String> =
                checks.divisors.iter().map(|&d| format!("`{}`", text(d))).collect();
            names.push(format!("{} by an index of at least 1", divisions.join(", ")));
        }
        let within = helper.map(|h| format!(" (in `{h}`, which the kernel calls)"));
        let _ = writeln!(
            out,
            "  range test before the loop `{}` at {}{}: {}, a copy of the loop without their \
             checks (else the checked loop)",
            text(*t),
            sources.position(func.expr(*t).span),
            within.unwrap_or_default(),
            names.join("; ")
        );
    }
}

/// The `static final` fields the kernels of `roots` (and the functions they call) read from
/// the program's statics buffer (`isolation::device_static`), on one line.
fn static_line(out: &mut String, module: &Module, roots: &[FuncId]) {
    let mut seen = std::collections::BTreeSet::new();
    let mut work: Vec<FuncId> = roots.to_vec();
    let mut fields = std::collections::BTreeSet::new();
    while let Some(f) = work.pop() {
        if !seen.insert(f) {
            continue;
        }
        let func = module.function(f);
        fields.extend(super::isolation::device_static_reads(module, func));
        work.extend(super::isolation::callees(func).into_iter().map(|(c, _)| c));
    }
    if fields.is_empty() {
        return;
    }
    let names: Vec<String> = fields
        .iter()
        .map(|s| {
            let field = &module.statics[s.0 as usize];
            let class = module.classes.get(field.class.0 as usize).map_or("?", |c| &c.name);
            format!("`{class}.{}` {}", field.name, crate::print::type_name(module, &field.ty))
        })
        .collect();
    let _ = writeln!(
        out,
        "  static data: {} (the program's statics buffer, uploaded once per run)",
        names.join(", ")
    );
}

/// For a task on the CPU, the `@` and `!` of its worker that run on the device: the task
/// itself runs on the host, its worker's parallel parts do not (`nbody.somd`'s
/// `computeForces`, whose worker is one `@`).
fn worker_lines(
    out: &mut String,
    module: &Module,
    info: &ProgramInfo,
    sources: &SourceMap,
    p: &super::Placement,
) {
    let Subject::Task { in_func, expr } = p.subject else { return };
    let ExprKind::Task { func: worker, .. } = module.function(in_func).expr(expr).kind else {
        return;
    };
    for q in &info.placements {
        let inside = match q.subject {
            Subject::Map { in_func, .. } | Subject::Reduce { in_func, .. } => in_func == worker,
            _ => false,
        };
        if inside && q.device.is_ok() {
            let _ = writeln!(
                out,
                "  its worker's {} at {} runs on the OpenCL device when available (above)",
                q.label,
                sources.position(q.span)
            );
        }
    }
}

/// For a device filter task in a graph (`task a => task b => ..`) whose tasks observe each
/// other's effects: the graph runs in Java's order, item by item on one thread, and the
/// filter through its CPU worker (`rt::somd::in_order_graph`). A graph built in pieces
/// through locals (`Task head = task A.src => task F.f; Task g = head => task K.sink;`) is
/// followed where each local is declared once with its piece, never assigned, and the
/// piece joins one connection; a piece a helper returns is not.
fn graph_line(out: &mut String, module: &Module, sources: &SourceMap, p: &super::Placement) {
    let Subject::Task { in_func, expr } = p.subject else { return };
    let func = module.function(in_func);
    let parents = super::walk::parents(func);
    let mut assigned = std::collections::HashSet::new();
    super::walk::each_stmt(&func.body, &mut |stmt| {
        super::walk::assigned_in_exprs(func, &super::walk::stmt_roots(stmt), &mut assigned);
    });
    let pieces: std::collections::HashMap<LocalId, ExprId> = super::walk::declared_once(func)
        .into_iter()
        .filter(|(l, _)| !assigned.contains(l))
        .collect();
    // Up through the connections, and on from a piece's local to where it joins one.
    let connects = |e: ExprId| {
        parents[e.0 as usize].filter(|up| matches!(func.expr(*up).kind, ExprKind::Connect { .. }))
    };
    let mut top = expr;
    let mut followed = std::collections::HashSet::new();
    loop {
        while let Some(up) = connects(top) {
            top = up;
        }
        let Some((&local, _)) = pieces.iter().find(|(_, init)| **init == top) else { break };
        let uses: Vec<ExprId> = super::walk::local_uses(func, &func.body.stmts, local);
        match uses.as_slice() {
            [only] if connects(*only).is_some() && followed.insert(local) => top = *only,
            _ => break,
        }
    }
    if top == expr {
        return;
    }
    // The graph's tasks, in graph order; an operand other than a task expression or a
    // piece's local (a helper's result) is not followed.
    let mut workers = Vec::new();
    let mut stack = vec![top];
    let mut expanded = std::collections::HashSet::new();
    while let Some(e) = stack.pop() {
        match &func.expr(e).kind {
            ExprKind::Connect { lhs, rhs } => stack.extend([*rhs, *lhs]),
            ExprKind::Task { func: worker, .. } => workers.push(*worker),
            ExprKind::Local(l) if expanded.insert(*l) => match pieces.get(l) {
                Some(init) => stack.push(*init),
                None => return,
            },
            _ => return,
        }
    }
    let effects: Vec<super::shared::TaskEffects> =
        workers.iter().map(|w| super::shared::task_effects(module, *w)).collect();
    let tasks: Vec<(&str, &super::shared::TaskEffects)> =
        workers.iter().zip(&effects).map(|(w, e)| (module.function(*w).name.as_str(), e)).collect();
    if let Some(why) = super::shared::graph_in_order(module, &tasks) {
        let _ = writeln!(
            out,
            "  in the graph at {}: {why}, so the graph runs in Java's order, item by item on \
             one thread, and this filter on the CPU",
            sources.position(func.expr(top).span)
        );
    }
}

/// The functions the applications of a `@` or `!` placed on the CPU run (its target, a
/// fold's method, and what they call), and the functions the body of a SOMD method placed on
/// the CPU calls, each with what runs them (`the applications of @ f`) and its position:
/// a `@` or `!` inside them runs on the applying thread or the method instance's
/// (`rt::somd::nested_on_cpu`), never as a launch of its own.
fn applied_on_cpu(
    module: &Module,
    info: &ProgramInfo,
) -> std::collections::HashMap<FuncId, Vec<(String, Span)>> {
    let mut out: std::collections::HashMap<FuncId, Vec<(String, Span)>> = Default::default();
    for p in info.placements.iter().filter(|p| p.device.is_err()) {
        let (roots, what) = match p.subject {
            Subject::Map { in_func, expr } | Subject::Reduce { in_func, expr } => {
                match &module.function(in_func).expr(expr).kind {
                    ExprKind::Map { func, .. }
                    | ExprKind::ReduceArray {
                        reducer: super::super::ir::ArrayReducer::Func(func),
                        ..
                    } => (vec![*func], format!("the applications of {}", p.label)),
                    _ => continue,
                }
            }
            // The body's own constructs say so themselves (`cpu_owner` in [`explain`]).
            Subject::SomdMethod(f) => (
                super::isolation::callees(module.function(f)).into_iter().map(|(c, _)| c).collect(),
                format!("the method instances of {}", p.label),
            ),
            _ => continue,
        };
        let mut seen: std::collections::HashSet<FuncId> = roots.iter().copied().collect();
        let mut stack = roots;
        while let Some(f) = stack.pop() {
            out.entry(f).or_default().push((what.clone(), p.span));
            for (callee, _) in super::isolation::callees(module.function(f)) {
                if seen.insert(callee) {
                    stack.push(callee);
                }
            }
        }
    }
    out
}

/// The readable explanation of `info`.
pub fn explain(module: &Module, info: &ProgramInfo, sources: &SourceMap) -> String {
    let mut out = String::new();
    let narrow = super::narrow::plan(module, &super::narrow::roots(module));
    let applied = applied_on_cpu(module, info);
    for p in &info.placements {
        let _ = writeln!(out, "{}: {}", sources.position(p.span), p.label);
        // A `@` or `!` in the body of a SOMD method that never runs on the device runs on
        // the threads of its method instances (`rt::somd::nested_on_cpu`): no launch.
        let cpu_owner = match p.subject {
            Subject::Map { in_func, .. } | Subject::Reduce { in_func, .. }
                if module.function(in_func).somd.is_some() =>
            {
                info.placements
                    .iter()
                    .find(|q| q.subject == Subject::SomdMethod(in_func))
                    .and_then(|q| q.device.as_ref().err())
                    .map(|b| (module.function(in_func).name.as_str(), b))
            }
            _ => None,
        };
        match (&p.device, cpu_owner) {
            (Ok(_), Some((owner, blocker))) => {
                let _ = writeln!(
                    out,
                    "  runs on: CPU, on the threads of the method instances of SOMD method \
                     `{owner}`, which runs on the CPU (no launch of its own)"
                );
                if blocker.span == p.span && blocker.chain.is_empty() {
                    let _ = writeln!(out, "  it is what keeps `{owner}` off the device");
                }
            }
            (Ok(plan), None) => {
                let _ =
                    writeln!(out, "  runs on: OpenCL device when available (eligible), else CPU");
                let _ = writeln!(out, "  parallel: {}", plan.how);
                if let Subject::Map { in_func, .. } | Subject::Reduce { in_func, .. } = p.subject {
                    let owner = module.function(in_func);
                    if owner.somd.is_some() {
                        let _ = writeln!(
                            out,
                            "  inside SOMD method `{}`: where its method instances run on the \
                             CPU, on their threads (no launch of its own)",
                            owner.name
                        );
                    }
                    for (what, span) in applied.get(&in_func).into_iter().flatten() {
                        let _ = writeln!(
                            out,
                            "  reached from {what} at {}, which the CPU runs: from there on \
                             their threads (no launch of its own)",
                            sources.position(*span)
                        );
                    }
                }
                // The kernels of a SOMD method's `sync` blocks share its function: each lists
                // the private arrays its own loop declares.
                let kernels: Vec<&KernelPlan> =
                    plan.kernels.iter().filter_map(|k| info.kernels.get(*k)).collect();
                for kp in &kernels {
                    let _ = writeln!(out, "  kernel: {}", kp.name);
                    let shared = kernels.iter().filter(|other| other.func == kp.func).count();
                    let within = match &kp.kind {
                        KernelKind::SomdLoop(body) if shared > 1 => Some(body.loop_id),
                        _ => None,
                    };
                    private_lines(&mut out, module, sources, kp.func, within);
                    range_test_lines(&mut out, module, info, sources, kp.func);
                    if matches!(kp.kind, KernelKind::Map { .. } | KernelKind::MapReduce { .. }) {
                        narrow_lines(&mut out, module, sources, &narrow, kp.func);
                    }
                }
                let roots: Vec<FuncId> = kernels.iter().map(|k| k.func).collect();
                static_line(&mut out, module, &roots);
                if plan.needs_fp64 {
                    let _ = writeln!(
                        out,
                        "  needs fp64: yes (cl_khr_fp64; without it the host runs it on the CPU with a warning)"
                    );
                }
                graph_line(&mut out, module, sources, p);
                for w in &plan.warnings {
                    let _ = writeln!(
                        out,
                        "  warning: the user partitioning strategy of `{}` is ignored on the \
                         OpenCL device (one partition)",
                        w.param
                    );
                }
            }
            (Err(b), _) => {
                let _ = writeln!(out, "  runs on: CPU");
                let _ = writeln!(out, "  not on the device: {}", blocker_text(module, sources, b));
                worker_lines(&mut out, module, info, sources, p);
            }
        }
        fusion_lines(&mut out, module, info, sources, p);
        if let Subject::Map { in_func, expr } = p.subject {
            let func = module.function(in_func);
            if let ExprKind::Map { func: target, args } = &func.expr(expr).kind {
                let target = *target;
                let mapped: Vec<bool> =
                    args.iter().map(|(_, how)| *how == MapArg::Mapped).collect();
                // A `!` of the `@` reduces what the `@` made, checked the same way.
                if let Some(bits) = super::shared::map_distinct_elements(module, target, &mapped) {
                    let tf = module.function(target);
                    let names: Vec<String> = (tf.params.iter().enumerate())
                        .filter(|(k, _)| *k < 64 && bits & (1 << k) != 0)
                        .map(|(_, p)| format!("`{}`", tf.local(*p).name))
                        .collect();
                    let _ = writeln!(
                        out,
                        "  on the CPU: its applications side by side when the objects mapped to \
                         {} are distinct (checked at each run), else one after the other, in \
                         Java's order (the target writes fields of those objects)",
                        names.join(", ")
                    );
                } else if let Some(why) = super::shared::map_in_order(module, target) {
                    let _ = writeln!(
                        out,
                        "  on the CPU: its applications one after the other, in Java's order \
                         ({why})"
                    );
                }
            }
        }
        if let Subject::SomdMethod(f) = p.subject {
            let func = module.function(f);
            if let Some(effect) = super::shared::shared_effect(module, f) {
                let _ = writeln!(
                    out,
                    "  on the CPU: one method instance (the body {} at {}, state every \
                     method instance would share)",
                    effect.what,
                    sources.position(effect.span)
                );
            }
            if let Some(line) = super::combine::explain(module, f) {
                let _ = writeln!(out, "  {line}");
            }
            // The locals `first_match` made for a search, which the lines below name.
            for exit in &func.early_exits {
                let (end, op, extremum) = match exit.no_match {
                    i32::MAX => ("smallest", "min", "minimum"),
                    _ => ("largest", "max", "maximum"),
                };
                let mut line = format!(
                    "  search at {}: the loop leaves at the {end} `{}` passing this test, which \
                     the compiler computes as `{}` (a reduction with `{op}`, an argument \
                     {extremum})",
                    sources.position(func.expr(exit.cond).span),
                    func.local(exit.index).name,
                    func.local(exit.first).name
                );
                if let Some(result) = exit.result {
                    let _ = write!(
                        line,
                        ", with the value its `return` gives held in `{}`",
                        func.local(result).name
                    );
                }
                let _ = writeln!(out, "{line}");
            }
            for l in &info.functions[f.0 as usize].loops {
                match &l.verdict {
                    Ok(par) => {
                        let idx: Vec<String> =
                            par.dims.iter().map(|d| func.local(d.index).name.clone()).collect();
                        let mut line = format!(
                            "  loop at {}: parallel over `{}`",
                            sources.position(l.span),
                            idx.join("`, `")
                        );
                        for d in &par.dims {
                            let _ = write!(
                                line,
                                "; `{}` in [{}, {})",
                                func.local(d.index).name,
                                d.lo.display(func),
                                d.hi.display(func)
                            );
                            line.push_str(&d.step_text());
                        }
                        if !par.prelude.is_empty() {
                            let names: Vec<&str> =
                                par.prelude.iter().map(|l| func.local(*l).name.as_str()).collect();
                            let _ = write!(
                                line,
                                "; each work-item computes `{}` before its cell",
                                names.join("`, `")
                            );
                            if par.prelude_fails {
                                line.push_str(
                                    " (which may fail: a launch of no cells runs on the CPU)",
                                );
                            }
                        }
                        for r in par.reductions() {
                            let _ = write!(
                                line,
                                "; reduction `{}` with `{}` at {}",
                                func.local(r.acc).name,
                                r.op.symbol(),
                                sources.position(r.span)
                            );
                            if let Some(c) = &r.carries {
                                let _ = write!(line, "{}", super::plan::carried_text(func, c));
                            }
                        }
                        if let Some(dep) = &l.flat {
                            let _ = write!(
                                line,
                                "; no 2-D NDRange with its inner loop: {} at {}",
                                dep.what,
                                sources.position(dep.span)
                            );
                        }
                        let _ = writeln!(out, "{line}");
                    }
                    // The method's own reason already says it (the refusal of a loop the
                    // method's line names, text and position): some take several lines.
                    Err(dep)
                        if p.device.as_ref().err().is_some_and(|b| {
                            b.span == dep.span
                                && b.construct.strip_prefix("loop is not parallel: ")
                                    == Some(dep.what.as_str())
                        }) =>
                    {
                        let _ = writeln!(
                            out,
                            "  loop at {}: not parallel (the reason above)",
                            sources.position(l.span)
                        );
                    }
                    Err(dep) => {
                        let _ = writeln!(
                            out,
                            "  loop at {}: not parallel: {} at {}",
                            sources.position(l.span),
                            dep.what,
                            sources.position(dep.span)
                        );
                    }
                }
            }
        }
    }
    for k in &info.kept {
        let func = module.function(k.func);
        let mut names: Vec<String> =
            k.arrays.iter().map(|l| format!("`{}`", func.local(*l).name)).collect();
        names.extend(k.statics.iter().map(|s| format!("`{}`", module.statics[s.0 as usize].name)));
        names.extend(k.fields.iter().map(|f| kept_field_name(module, func, f)));
        let mut written: Vec<usize> = k.touches.iter().map(|t| t.array).collect();
        written.sort_unstable();
        written.dedup();
        let why = match written.len() {
            0 => format!("the loop never writes {}", if names.len() == 1 { "it" } else { "them" }),
            _ => {
                let stored: Vec<&str> = written.iter().map(|a| names[*a].as_str()).collect();
                format!(
                    "the loop stores only elements of {}; a call sends just the part changed \
                     since the previous one",
                    stored.join(", ")
                )
            }
        };
        let _ = writeln!(
            out,
            "{}: loop in {} keeps {} on the device across its calls ({why})",
            sources.position(k.span),
            func.name,
            names.join(", "),
        );
    }
    for i in &module.inlined {
        let _ = writeln!(
            out,
            "{}: call of {} written into {} (a small helper around device constructs: they \
             run here, and their results stay with this function's locals)",
            sources.position(i.span),
            module.function(i.helper).name,
            module.function(i.caller).name,
        );
    }
    for o in &module.outlined {
        let outlined = module.function(o.func);
        let op = outlined.somd.as_ref().map(|sig| &sig.reduction);
        let what = match (o.accumulator, op) {
            (Some(acc), Some(Reduction::Op(op))) => format!(
                "it reduces into `{}` with `{}`, exactly in any order, over arrays that SOMD \
                 calls make",
                module.function(o.caller).local(acc).name,
                op.symbol()
            ),
            // A search (`first_match` made it an argument minimum).
            (Some(_), Some(Reduction::Combine(_))) if !outlined.early_exits.is_empty() => {
                "it is a search, leaving at its first match, and the call assigns what that \
                 iteration assigns, over arrays that SOMD calls make"
                    .to_string()
            }
            (Some(m), Some(Reduction::Combine(_))) => format!(
                "it keeps the extremum `{}` and what the iteration that sets it sets, over \
                 arrays that SOMD calls make",
                module.function(o.caller).local(m).name,
            ),
            // Cells of a matrix's rows (ninety-third session).
            _ if outlined
                .params
                .first()
                .is_some_and(|p| crate::analysis::keep::is_prim_matrix(&outlined.local(*p).ty)) =>
            {
                "it writes only its own row of one matrix per iteration, over arrays that SOMD \
                 calls make or read"
                    .to_string()
            }
            _ => "it writes one element of one array per iteration, over arrays that SOMD \
                  calls make or read"
                .to_string(),
        };
        // A loop whose method no device runs (a helper reading a mutable static) says so;
        // the method's own entry names the reason.
        let eligible = info.placements.iter().any(|p| {
            matches!(p.subject, Subject::SomdMethod(f) if f == o.func) && p.device.is_ok()
        });
        let device = match eligible {
            true => "on a device it is a kernel, and those arrays stay there",
            false => "no device runs it (see the method's entry)",
        };
        let _ = writeln!(
            out,
            "{}: loop in {} runs as the SOMD method {} ({what}: {device}; on the CPU the \
             pool's threads split its range)",
            sources.position(o.span),
            module.function(o.caller).name,
            outlined.name,
        );
    }
    for h in &module.host_loops {
        let caller = module.function(h.caller);
        let at = h.at.map_or(String::new(), |at| format!(" (at {})", sources.position(at)));
        let _ = writeln!(
            out,
            "{}: loop in {}, reading `{}`, which SOMD calls make, stays on the host: {}{at}",
            sources.position(h.span),
            caller.name,
            caller.local(h.result).name,
            h.why,
        );
    }
    for h in &module.host_parts {
        let caller = module.function(h.caller);
        let _ = writeln!(
            out,
            "{}: loop in {} keeps its last part, the reduction into `{}`, on the host, in \
             Java's order (it runs after the parts made methods; the arrays they store come \
             down for it)",
            sources.position(h.span),
            caller.name,
            caller.local(h.accumulator).name,
        );
    }
    for k in &info.kept_regions {
        let func = module.function(k.func);
        let mut names: Vec<String> =
            k.arrays.iter().map(|l| format!("`{}`", func.local(*l).name)).collect();
        names.extend(k.fields.iter().map(|f| kept_field_name(module, func, f)));
        let one = names.len() == 1;
        let what = match k.first == k.last {
            true => format!("statement in {} keeps", func.name),
            false => {
                format!("statements in {} up to {} keep", func.name, sources.position(k.end))
            }
        };
        let _ = writeln!(
            out,
            "{}: {what} {} on the device across {} calls ({} never write{} {}){}",
            sources.position(k.span),
            names.join(", "),
            if k.first == k.last { "its" } else { "their" },
            if k.first == k.last { "it" } else { "they" },
            if k.first == k.last { "s" } else { "" },
            if one { "it" } else { "them" },
            match k.freezes.len() {
                0 => String::new(),
                n => format!(
                    "; {n} frozen cop{} made there share{} the device copy",
                    if n == 1 { "y" } else { "ies" },
                    if n == 1 { "s" } else { "" }
                ),
            }
        );
    }
    for r in &info.rows {
        let func = module.function(r.func);
        let _ = writeln!(
            out,
            "{}: loop in {} leaves `{}` on the device between its calls of {} (the host \
             touches it only through {} row fetch{} before the call: only those rows move)",
            sources.position(r.span),
            func.name,
            func.local(r.matrix).name,
            r.label,
            r.fetches.len(),
            if r.fetches.len() == 1 { "" } else { "es" }
        );
    }
    for l in &info.lazy {
        let func = module.function(l.func);
        let count = |n: usize, one: &str, many: &str| match n {
            1 => format!("1 {one}"),
            n => format!("{n} {many}"),
        };
        let mut uses = Vec::new();
        if !l.handed.is_empty() {
            uses.push(count(l.handed.len(), "device use reads it", "device uses read it"));
        }
        if !l.single_reads.is_empty() {
            let at: Vec<String> = l
                .single_reads
                .iter()
                .map(|e| sources.position(func.expr(*e).span).to_string())
                .collect();
            let reads = count(l.single_reads.len(), "element read", "element reads");
            let fetch = if l.single_reads.len() == 1 { "fetches" } else { "fetch" };
            uses.push(format!(
                "{reads} at {} {fetch} single elements (16 at most, of an array over 256 KiB; \
                 a smaller one comes down whole at its first read)",
                at.join(", ")
            ));
        }
        if l.mutable {
            if let Some(first) = l.borrowed.first() {
                let other = match func.expr(*first).kind {
                    ExprKind::Local(w) => func.local(w).name.as_str(),
                    _ => "?",
                };
                uses.push(format!(
                    "its first value is `{other}`'s array, which `{other}` still names: every \
                     call reading it uploads it, until a SOMD result replaces it"
                ));
            } else if func.local(l.local).kind == LocalKind::Param {
                uses.push(
                    "its first value is the caller's array, which the caller may still name: \
                     every call reading it uploads it, until a SOMD result replaces it"
                        .to_string(),
                );
            }
            if !l.stores.is_empty() {
                uses.push(format!(
                    "{} the device copy too where no frozen copy shares it, 16 at most for \
                     each value (later ones bring the array down and write the host's, and the \
                     next call uploads it)",
                    count(l.stores.len(), "element store writes", "element stores write")
                ));
            }
            if !l.whole.is_empty() {
                uses.push(format!(
                    "{} the whole array where it is still on the device (one that may write \
                     it drops the device copy: the next call uploads the host's)",
                    count(l.whole.len(), "other use downloads", "other uses download")
                ));
            }
            let _ = writeln!(
                out,
                "{}: `{}` in {} keeps the results of its SOMD calls on the device until the \
                 host uses them: {}",
                sources.position(l.span),
                func.local(l.local).name,
                func.name,
                uses.join("; ")
            );
            continue;
        }
        if !l.whole.is_empty() {
            // Once per value the local holds: a value assigned in a loop comes down at
            // each round's first such use.
            uses.push(format!(
                "{} the whole array (each value once, at the first of them)",
                count(l.whole.len(), "other use downloads", "other uses download")
            ));
        }
        if !l.shares.is_empty() {
            uses.push(count(
                l.shares.len(),
                "other local is given it and shares the handle (nothing crosses)",
                "other locals are given it and share the handle (nothing crosses)",
            ));
        }
        if !l.moves.is_empty() {
            uses.push(count(
                l.moves.len(),
                "move hands it to another local at its last mention (the handle goes with it)",
                "moves hand it to another local at its last mention (the handle goes with it)",
            ));
        }
        if uses.is_empty() {
            uses.push("nothing reads it".to_string());
        }
        let _ = writeln!(
            out,
            "{}: `{}` in {} keeps the results of its `@` on the device until the host reads them: {}",
            sources.position(l.span),
            func.local(l.local).name,
            func.name,
            uses.join("; ")
        );
    }
    // Swaps (and rotations) of such locals: the handles change places, device copies and all.
    let mutable =
        |f: FuncId, l: LocalId| info.lazy.iter().any(|z| z.func == f && z.local == l && z.mutable);
    for (i, func) in module.functions.iter().enumerate() {
        let fid = FuncId(i as u32);
        if !info.lazy.iter().any(|z| z.func == fid && z.mutable) {
            continue;
        }
        for w in super::keep::swaps(func) {
            if w.locals.iter().all(|l| mutable(fid, *l)) {
                let names: Vec<String> =
                    w.locals.iter().map(|l| format!("`{}`", func.local(*l).name)).collect();
                let what = if w.locals.len() == 2 { "swap" } else { "rotation" };
                let _ = writeln!(
                    out,
                    "{}: {what} of {} in {} exchanges their arrays where they are, on the \
                     device or the host (nothing moves)",
                    sources.position(func.expr(w.steps[0]).span),
                    names.join(", "),
                    func.name
                );
            }
        }
    }
    if out.is_empty() {
        out.push_str("no SOMD method, `@`, `!` or task in the program\n");
    }
    out
}

/// Whether the `@` or `!` of `p` runs in a fused kernel with its neighbouring statements,
/// or why not ([`fuse`]).
fn fusion_lines(
    out: &mut String,
    module: &Module,
    info: &ProgramInfo,
    sources: &SourceMap,
    p: &Placement,
) {
    let (Subject::Map { in_func, expr } | Subject::Reduce { in_func, expr }) = p.subject else {
        return;
    };
    for g in info.fused.iter().filter(|g| g.in_func == in_func) {
        if g.producer != Some(expr) && !g.reductions.contains(&expr) {
            continue;
        }
        let name = info.kernels.get(g.kernel).map_or("?", |k| k.name.as_str());
        let what = match g.producer {
            Some(_) => "the `@` stores its result and feeds the `!`s in registers",
            None => "the `!`s of the same mapped arrays share one pass",
        };
        // The group's span ends with its last statement.
        let end = g.span.end as usize;
        let last = sources.position(Span::new(g.span.file, end.saturating_sub(1), end));
        let last_line = last.rsplit(':').nth(1).unwrap_or("?");
        let _ = writeln!(
            out,
            "  fused: statements {} to line {last_line} run as one kernel {name} ({what}; one \
             partial array per `!`)",
            sources.position(g.span)
        );
    }
    for n in info.fusion_notes.iter().filter(|n| n.in_func == in_func && n.span == p.span) {
        let _ = writeln!(out, "  not fused with {}: {}", sources.position(n.with), n.why);
    }
    for f in info.map_fusions.iter().filter(|f| f.in_func == in_func) {
        let name = info.kernels.get(f.kernel).map_or("?", |k| k.name.as_str());
        let func = &module.functions[in_func.0 as usize];
        let local = &func.local(f.local).name;
        if f.producer == expr {
            let _ = writeln!(
                out,
                "  fused: computed inline by the `@` at {} (kernel {name}; `{local}` is not \
                 materialised on the device)",
                sources.position(func.expr(f.consumer).span)
            );
        } else if f.consumer == expr {
            let _ = writeln!(
                out,
                "  fused: computes `{local}` (the `@` at {}) inline, one launch (kernel {name})",
                sources.position(func.expr(f.producer).span)
            );
        }
    }
    for n in info.map_fusion_notes.iter().filter(|n| n.in_func == in_func && n.span == p.span) {
        let _ =
            writeln!(out, "  not fused with the `@` at {}: {}", sources.position(n.with), n.why);
    }
}

fn json_str(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The same as [`explain`] as JSON lines (one object per placement).
pub fn explain_json(module: &Module, info: &ProgramInfo, sources: &SourceMap) -> String {
    let mut out = String::new();
    for p in &info.placements {
        let _ = write!(
            out,
            "{{\"at\":{},\"what\":{}",
            json_str(&sources.position(p.span)),
            json_str(&p.label)
        );
        match &p.device {
            Ok(plan) => {
                let kernels: Vec<String> = plan
                    .kernels
                    .iter()
                    .filter_map(|k| info.kernels.get(*k))
                    .map(|k| json_str(&k.name))
                    .collect();
                let _ = write!(
                    out,
                    ",\"eligible\":true,\"parallel\":{},\"kernels\":[{}],\"fp64\":{}",
                    json_str(&plan.how),
                    kernels.join(","),
                    plan.needs_fp64
                );
            }
            Err(b) => {
                let _ = write!(
                    out,
                    ",\"eligible\":false,\"construct\":{},\"construct_at\":{},\"chain\":[{}]",
                    json_str(&b.construct),
                    json_str(&sources.position(b.span)),
                    b.chain
                        .iter()
                        .map(|f| json_str(&module.function(*f).name))
                        .collect::<Vec<_>>()
                        .join(",")
                );
            }
        }
        out.push_str("}\n");
    }
    out
}

/// `o.f` (or `this.f`) of an array field a loop or region of `func` keeps.
fn kept_field_name(module: &Module, func: &Function, f: &keep::KeptField) -> String {
    let object = f.object.map_or("this", |l| func.local(l).name.as_str());
    let field = module.classes[f.class.0 as usize].fields[f.index as usize].name.as_str();
    format!("`{object}.{field}`")
}
