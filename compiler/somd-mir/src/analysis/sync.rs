//! SOMD bodies with `sync` blocks: the host runs the control flow, the device the loops.
//!
//! LANGUAGE.md §2.5: a `sync` block runs in every MI and then is a barrier after which
//! every MI sees the others' writes (halos refreshed). The device runs the whole call as
//! one MI over whole arrays (§2.1), so there are no halos to refresh: the barrier is the
//! end of a launch on the in-order queue. A body is extracted when it has the shape
//!
//! ```text
//! setup scalars and output arrays (as for one-loop bodies), anywhere at the top level
//! steps:  sync [(vars)] { parallel loop | host statement; ... }
//!       | sync reduce(op) (x) { reduction loop into x | host statement; ... }
//!       | for (int p = lo; p < hi; p++) { steps }      (partition-independent bounds)
//!       | while (test) { steps } | do { steps } while (test)
//!       | for (init; test; update) { steps }           (any other `for` holding `sync`)
//!       | if (test) { steps } else { steps }
//!       | parallel loop                                (outside any `sync`)
//!       | host statement | break; | continue;         (the last two in host loops)
//! return out | return param | return acc | return (expression of host scalars) | nothing
//! ```
//!
//! Every parallel loop (1-D or a 2-D perfect nest, as [`super::parallel`] decides) becomes
//! one kernel; the host loops are run by the generated host code, whose indices are
//! kernel scalar arguments. Tests of host `if`s and loops are host expressions (below),
//! evaluated after the launches before them have been checked: a convergence loop
//! `while (diff > eps) { sync reduce(max) (diff) { .. } }` runs its test on the host
//! between launches, as LANGUAGE.md §2.5's uniform control flow around `sync` allows (one
//! MI: every test is uniform). Declarations under host control flow are host scalars, and
//! a parallel loop there that assigns a host scalar reduces into it ([`SyncStep::Reduce`]:
//! the host folds the combined partials in, as after a `sync reduce` block).
//!
//! *Host scalars* are the `sync reduce` targets, the locals that
//! host statements assign and the locals initialised from host scalars: the host keeps
//! them, a kernel reading one gets its value as a scalar argument (the broadcast). A host
//! statement declares or assigns a host scalar from scalars only (host scalars, scalar
//! parameters, lengths of array parameters, setup locals, constants, arithmetic, `Math`
//! and static calls): Java semantics on the host. A loop in a `sync reduce(op) (x)` block
//! must reduce into `x`: its kernel starts at the identity, the host combines the partials
//! and folds them into `x` (one MI: `x` then holds what the block leaves in it). Besides
//! those, a reduction accumulator is allowed in the last loop, at the top level, when it is
//! what the method returns, and in a top-level loop when later statements read it: that
//! loop folds into the accumulator as a `sync reduce` block would
//! ([`SyncAnalysis::folded_accumulators`]; one MI, so the value over the whole arrays is
//! what the MI's loop leaves). Anything else — a reduction into a shared scalar under a
//! branch, host loops with other bounds, reads of arrays in setup initialisers or host
//! statements — keeps the method on the CPU with that construct as the blocker.
//!
//! An intermediate reduction call in a host statement (LANGUAGE.md §2.4) is, on one MI, the
//! callee's result on the whole arrays: when the callee is one reduction loop over array
//! parameters the caller passes whole, the call is a [`SyncIntermediate`] — the callee's
//! loop as a reduction kernel, launched by the host before the statement
//! ([`SyncStep::Intermediate`]). A body without `sync` blocks that makes such calls is
//! extracted the same way, and a counted loop making one is a host loop.

use super::isolation::vector_of;
use super::parallel::{assigned_locals, is_for, Cx};
use super::walk;
use super::{BlockReason, Blocker, LoopReport, SizeExpr, SomdResult, SomdShape};
use super::{CalleeArg, SyncBody, SyncIntermediate, SyncLaunch, SyncReturn, SyncStep};
use crate::ir::*;
use somd_diag::Span;
use std::collections::{HashMap, HashSet};

/// Analyses a SOMD body holding `sync` blocks (or a body the one-kernel form does not take).
/// With `fold_returned`, an accumulator the body only returns (`return acc` last) is folded
/// on the host too ([`SyncAnalysis::folded_accumulators`]): the form for an accumulator
/// that does not start at its operator's identity (`int m = a[0];`, `long s = k;`) or a
/// floating conditional extremum, whose kernel cannot give the returned value by itself.
/// With `host_for`, a `for` loop that is no parallel loop but holds loops is a host loop
/// around them ([`SyncAnalysis::hosted_nests`]).
pub fn analyze_sync(
    module: &Module,
    func: &Function,
    fold_returned: bool,
    host_for: bool,
) -> (Vec<LoopReport>, Result<SomdShape, Blocker>) {
    let mut an = SyncAnalysis {
        fold_returned,
        hosted: HashSet::new(),
        cx: Cx {
            module,
            func,
            setup: HashMap::new(),
            outputs: Vec::new(),
            reduced: HashSet::new(),
            host_scalars: HashSet::new(),
            setup_aliases: HashMap::new(),
            nest_aliases: HashMap::new(),
            nest_sizes: HashMap::new(),
        },
        assigned: assigned_locals(func),
        reports: Vec::new(),
        launches: Vec::new(),
        setup_order: Vec::new(),
        host: Vec::new(),
        host_set: HashSet::new(),
        host_reads_setup: HashSet::new(),
        reduce_launches: HashSet::new(),
        host_result: None,
        loop_indices: Vec::new(),
        intermediates: Vec::new(),
        pending: Vec::new(),
        folded: HashSet::new(),
        nested_launches: HashSet::new(),
        host_loops: Vec::new(),
    };
    if host_for {
        an.hosted = an.hosted_nests(&func.body);
    }
    an.host_targets(&func.body);
    an.folded_accumulators();
    let result = an.body();
    let SyncAnalysis {
        cx, reports, launches, setup_order, host, host_result, intermediates, ..
    } = an;
    let (steps, result) = match result {
        Ok(done) => done,
        Err(blocker) => return (reports, Err(blocker)),
    };
    // The accumulator stays in the setup: kernels before the reduction see its initial
    // value (the plan leaves it out of the reducing kernel, which declares it itself).
    let mut body = SyncBody {
        outputs: cx.outputs,
        setup: setup_order,
        steps,
        launches,
        result,
        host_scalars: host,
        host_result,
        intermediates,
        unread: Vec::new(),
    };
    super::swap::exchange_copy_backs(func, &mut body);
    body.unread = super::swap::unread_params(func, &body);
    (reports, Ok(SomdShape::Sync(body)))
}

struct SyncAnalysis<'a> {
    cx: Cx<'a>,
    /// Whether a final `return acc` counts as a read after `acc`'s loop (it is then folded
    /// into a host scalar the host returns).
    fold_returned: bool,
    assigned: HashMap<LocalId, usize>,
    reports: Vec<LoopReport>,
    launches: Vec<SyncLaunch>,
    setup_order: Vec<(LocalId, Option<ExprId>)>,
    /// Host scalars declared so far, in order.
    host: Vec<LocalId>,
    /// Every host scalar: the targets found before the walk, and those declared.
    host_set: HashSet<LocalId>,
    /// Setup locals that host statements read (the host declares them too).
    host_reads_setup: HashSet<LocalId>,
    /// Launches of `sync reduce` loops (their partials go to the host at once).
    reduce_launches: HashSet<usize>,
    host_result: Option<ExprId>,
    /// Indices of the host loops around the statement being read (host statements may read
    /// them).
    loop_indices: Vec<LocalId>,
    intermediates: Vec<SyncIntermediate>,
    /// Intermediate reductions of the host statement being read, in evaluation order: their
    /// steps go before the statement's.
    pending: Vec<usize>,
    /// Accumulators of top-level loops that later statements read: host scalars into which
    /// their loop's combined value is folded ([`SyncAnalysis::folded_accumulators`]).
    folded: HashSet<LocalId>,
    /// Launches under host control flow (a host loop or `if`): they may run any number of
    /// times, so none of them gives the call's result by itself.
    nested_launches: HashSet<usize>,
    /// The labels of the host loops around the statement being read, innermost last
    /// (`None` for an unlabelled loop): what `break` and `continue` may leave.
    host_loops: Vec<Option<LabelId>>,
    /// The `for` blocks (by address) that the host runs although they hold no `sync`:
    /// with `host_for`, those whose loops hold loops and are no parallel loops.
    hosted: HashSet<usize>,
}

/// The blocker of a construct the extraction does not handle.
fn shape(what: impl Into<String>, span: Span) -> Blocker {
    Blocker {
        reason: BlockReason::Shape,
        construct: format!(
            "{} (the OpenCL writer extracts host programs: setup; host loops and `if`s around \
             `sync` and `sync reduce` blocks, parallel loops and host statements; return)",
            what.into()
        ),
        span,
        chain: Vec::new(),
    }
}

impl SyncAnalysis<'_> {
    fn body(&mut self) -> Result<(Vec<SyncStep>, SomdResult), Blocker> {
        let func = self.cx.func;
        let mut steps = Vec::new();
        let mut result = SomdResult::None;
        let n = func.body.stmts.len();
        for (pos, stmt) in func.body.stmts.iter().enumerate() {
            let span = walk::stmt_span(func, stmt, func.span);
            match stmt {
                Stmt::Let { local, init } => {
                    if let Some(step) = self.declaration(*local, *init, span)? {
                        steps.extend(self.pending_steps());
                        steps.push(step);
                    }
                }
                Stmt::Expr(e) => {
                    let step = self.host_stmt(*e, span)?;
                    steps.extend(self.pending_steps());
                    steps.push(step);
                }
                Stmt::Block(block) if self.host_for(block) => {
                    steps.extend(self.host_loop(block, span, &[])?)
                }
                Stmt::Block(block) if is_for(block) => {
                    let accs = self.folded_into(block);
                    steps.push(self.fold_or_launch(block, span, &[], &accs)?);
                }
                Stmt::Sync { .. } => steps.extend(self.sync(stmt, &[])?),
                Stmt::If { .. } => steps.push(self.host_if(stmt, span, &[])?),
                Stmt::Loop { .. } => steps.push(self.host_while(stmt, span, &[])?),
                Stmt::Block(block) => steps.extend(self.nested(block, span, &[])?),
                Stmt::Return(value) if pos + 1 == n => {
                    result = match value.map(|v| &func.expr(v).kind) {
                        None => SomdResult::None,
                        Some(ExprKind::Local(l)) if self.host_set.contains(l) => {
                            self.host_result = *value;
                            SomdResult::None
                        }
                        Some(ExprKind::Local(l)) if self.cx.outputs.iter().any(|(o, _)| o == l) => {
                            SomdResult::Output(*l)
                        }
                        Some(ExprKind::Local(l)) if func.params.contains(l) => {
                            if !matches!(func.local(*l).ty, Type::Array(_)) {
                                return Err(shape("`return` of a scalar parameter", span));
                            }
                            SomdResult::Param(*l)
                        }
                        Some(ExprKind::Local(l)) => SomdResult::Accumulator(*l),
                        Some(_) => {
                            let v = value.unwrap_or(ExprId(0));
                            // A table of host scalars (`return new long[]{n, lo, hi}`, what
                            // `scalarize` leaves of `return r`): a new array the host fills.
                            let parts = match &func.expr(v).kind {
                                ExprKind::ArrayLit(parts) if matches!(&func.expr(v).ty, Type::Array(el) if matches!(**el, Type::Prim(_))) => {
                                    parts.clone()
                                }
                                _ => vec![v],
                            };
                            for part in parts {
                                self.host_expr(part)
                                    .map_err(|_| shape("`return` of a computed value", span))?;
                            }
                            if !self.pending.is_empty() {
                                return Err(shape(
                                    "an intermediate reduction in `return` (the host computes \
                                     the returned value after the last launch; assign the call \
                                     to a local first)",
                                    span,
                                ));
                            }
                            self.host_result = Some(v);
                            SomdResult::None
                        }
                    }
                }
                _ => return Err(shape("statement", span)),
            }
        }
        if self.launches.is_empty() {
            // A body whose only kernels are intermediate reductions (the host computes the
            // result from their values); with no kernel of its own it has no outputs.
            if self.intermediates.is_empty() || !self.cx.outputs.is_empty() {
                return Err(shape(super::parallel::NO_PARALLEL_LOOP, func.span));
            }
            if !matches!(result, SomdResult::None) {
                return Err(shape("a result other than a value the host computes", func.span));
            }
        }
        // Besides `sync reduce` loops, only the last loop may reduce, at the top level, into
        // the returned accumulator.
        let last = self.launches.len().saturating_sub(1);
        for (k, launch) in self.launches.iter().enumerate() {
            if self.reduce_launches.contains(&k) {
                continue;
            }
            if let Some(r) = &launch.parallel.reduction {
                if k != last || !launch.host_indices.is_empty() || self.nested_launches.contains(&k)
                {
                    return Err(shape(
                        "a reduction loop before the last loop (outside `sync reduce`)",
                        r.span,
                    ));
                }
            }
        }
        // The last loop's reduction, which the call's result may be.
        let last_reduction = match self.reduce_launches.contains(&last) {
            true => None,
            false => self.launches.get(last).and_then(|l| l.parallel.reduction.as_ref()),
        };
        let acc = last_reduction.map(|r| r.acc);
        match (result, last_reduction) {
            (SomdResult::Accumulator(l), Some(r))
                if l == r.acc && !super::parallel::strategy_combines(func, r.op) =>
            {
                return Err(shape(
                    format!(
                        "the method's reduce strategy is not the last loop's `{}` (its \
                         partials are combined with it)",
                        r.op.symbol()
                    ),
                    func.span,
                ));
            }
            (SomdResult::Accumulator(l), Some(r)) if l == r.acc => {}
            (SomdResult::Accumulator(_), _) => {
                return Err(shape(
                    "the returned scalar is not the last loop's reduction accumulator",
                    func.span,
                ))
            }
            (_, Some(_)) => {
                return Err(shape(
                    "the last loop's reduction accumulator is not returned",
                    func.span,
                ))
            }
            _ => {}
        }
        if matches!(
            steps.last(),
            Some(SyncStep::Repeat { .. } | SyncStep::Loop { .. } | SyncStep::If { .. })
        ) && acc.is_some()
        {
            return Err(shape("a reduction loop inside a host loop or `if`", func.span));
        }
        // Setup scalars never change (every work-item of every kernel recomputes them).
        for (local, _) in &self.setup_order {
            if Some(*local) != acc && self.assigned.get(local).copied().unwrap_or(0) > 0 {
                return Err(Blocker {
                    reason: BlockReason::Shape,
                    construct: format!(
                        "setup local `{}` changes after its declaration",
                        func.local(*local).name
                    ),
                    span: func.local(*local).span,
                    chain: Vec::new(),
                });
            }
        }
        // The host declares the setup locals its statements read (and those they read), in
        // setup order, before everything else.
        let mut needed = self.host_reads_setup.clone();
        for (local, init) in self.setup_order.iter().rev() {
            if let (true, Some(e)) = (needed.contains(local), init) {
                walk::each_expr(func, *e, &mut |x| {
                    if let ExprKind::Local(l) = func.expr(x).kind {
                        needed.insert(l);
                    }
                });
            }
        }
        let mut lets: Vec<SyncStep> = self
            .setup_order
            .iter()
            .filter(|(l, _)| needed.contains(l))
            .map(|(local, init)| SyncStep::Host(Stmt::Let { local: *local, init: *init }))
            .collect();
        lets.extend(steps);
        Ok((lets, result))
    }

    /// Collects the `sync reduce` targets and the locals assigned by statements at host
    /// level (the top level, host loops and `sync` blocks), before the walk.
    fn host_targets(&mut self, block: &Block) {
        let func = self.cx.func;
        for stmt in &block.stmts {
            match stmt {
                Stmt::Sync { reduce, body, .. } => {
                    if let Some((_, x)) = reduce {
                        self.host_set.insert(*x);
                    }
                    self.host_targets(body);
                }
                Stmt::Block(b) if self.host_for(b) => match self.repeat_of(b) {
                    Ok((_, body)) => self.host_targets(body),
                    // Any other `for` is a host `Loop`: its index is a host scalar.
                    Err(_) => self.host_targets(b),
                },
                Stmt::If { cond, then_block, else_block } => {
                    self.host_targets_in(&[*cond]);
                    self.host_targets(then_block);
                    if let Some(b) = else_block {
                        self.host_targets(b);
                    }
                }
                Stmt::Loop { test, body, update, .. } => {
                    let roots: Vec<ExprId> = test.iter().chain(update).copied().collect();
                    self.host_targets_in(&roots);
                    self.host_targets(body);
                }
                Stmt::Expr(e) => {
                    if let Some(l) = walk::assigned_local(func, *e) {
                        if !func.params.contains(&l) {
                            self.host_set.insert(l);
                        }
                    }
                }
                _ => {}
            }
        }
    }

    /// Adds the locals that host-level expressions under `roots` assign (the tests and
    /// updates of host loops, `if` tests) to the host scalars.
    fn host_targets_in(&mut self, roots: &[ExprId]) {
        let func = self.cx.func;
        let mut found = HashSet::new();
        walk::assigned_in_exprs(func, roots, &mut found);
        self.host_set.extend(found.into_iter().filter(|l| !func.params.contains(l)));
    }

    /// Finds the accumulators to fold on the host: a primitive local declared at the top
    /// level, assigned in a later top-level parallel loop (not a host loop) and read after
    /// that loop other than by a final `return acc` (which the one-kernel form returns
    /// itself, unless `fold_returned`): `s` of `for (..) s += a[i]; return s + k;` or of
    /// `norm = Math.sqrt(s);`.
    /// The device runs the whole call as one MI (LANGUAGE.md §2.1), so after the loop `s`
    /// holds the loop's value over the whole arrays, as a `sync reduce` block leaves it: the
    /// loop becomes a [`SyncStep::Reduce`] into the host scalar `s` (its kernel starts at
    /// the identity, the host folds the combined partials into `s`'s value), and what
    /// follows reads it as any host scalar.
    fn folded_accumulators(&mut self) {
        let func = self.cx.func;
        let stmts = &func.body.stmts;
        let plain_return = |stmt: &Stmt, l: LocalId| matches!(stmt, Stmt::Return(Some(v)) if matches!(func.expr(*v).kind, ExprKind::Local(r) if r == l));
        let mut declared: Vec<LocalId> = Vec::new();
        for (pos, stmt) in stmts.iter().enumerate() {
            match stmt {
                Stmt::Let { local, .. } if matches!(func.local(*local).ty, Type::Prim(_)) => {
                    declared.push(*local)
                }
                Stmt::Block(block) if is_for(block) && !self.host_for(block) => {
                    let assigned = walk::assigned_in_block(func, block);
                    let accs: Vec<LocalId> =
                        declared.iter().filter(|l| assigned.contains(l)).copied().collect();
                    let read_later = |l: LocalId| {
                        let rest = &stmts[pos + 1..];
                        rest.iter().enumerate().any(|(k, s)| {
                            let last = pos + 1 + k + 1 == stmts.len();
                            !(last && plain_return(s, l) && !self.fold_returned)
                                && stmt_mentions(func, s, l)
                        })
                    };
                    let read: Vec<LocalId> =
                        accs.iter().copied().filter(|l| read_later(*l)).collect();
                    // With `fold_returned`, a loop whose value the body returns folds every
                    // accumulator it has: the extremum of `if (v > m) { m = v; k = i; }
                    // return k;` too (an argument extremum needs both), and one nothing
                    // reads, which the host keeps unused.
                    let folded = match self.fold_returned && !read.is_empty() {
                        true => accs,
                        false => read,
                    };
                    for l in folded {
                        self.folded.insert(l);
                        self.host_set.insert(l);
                    }
                }
                // A parallel loop under host control flow runs any number of times: every
                // top-level local it assigns is folded into on the host.
                Stmt::If { .. } | Stmt::Loop { .. } | Stmt::Block(_) => {
                    let mut loops = Vec::new();
                    self.host_level_loops(std::slice::from_ref(stmt), &mut loops);
                    for block in loops {
                        let assigned = walk::assigned_in_block(func, block);
                        for l in declared.iter().filter(|l| assigned.contains(l)) {
                            self.folded.insert(*l);
                            self.host_set.insert(*l);
                        }
                    }
                }
                _ => {}
            }
        }
    }

    /// The parallel loops (`for` blocks the host does not run) reached from `stmts` through
    /// host loops and `if`s, not through `sync` blocks or parallel loops. A top-level
    /// parallel loop is not one of them.
    fn host_level_loops<'s>(&self, stmts: &'s [Stmt], out: &mut Vec<&'s Block>) {
        for stmt in stmts {
            match stmt {
                Stmt::Block(b) if self.host_for(b) => self.host_level_nested(&b.stmts, out),
                Stmt::If { then_block, else_block, .. } => {
                    self.host_level_nested(&then_block.stmts, out);
                    if let Some(b) = else_block {
                        self.host_level_nested(&b.stmts, out);
                    }
                }
                Stmt::Loop { body, .. } => self.host_level_nested(&body.stmts, out),
                _ => {}
            }
        }
    }

    fn host_level_nested<'s>(&self, stmts: &'s [Stmt], out: &mut Vec<&'s Block>) {
        for stmt in stmts {
            match stmt {
                Stmt::Block(b) if is_for(b) && !self.host_for(b) => out.push(b),
                _ => self.host_level_loops(std::slice::from_ref(stmt), out),
            }
        }
    }

    /// The folded accumulators ([`SyncAnalysis::folded_accumulators`]) a top-level loop
    /// assigns (a loop may reduce several of them, each into its own partials).
    fn folded_into(&self, block: &Block) -> Vec<LocalId> {
        let assigned = walk::assigned_in_block(self.cx.func, block);
        let mut found: Vec<LocalId> = self.folded.intersection(&assigned).copied().collect();
        found.sort();
        found
    }

    /// A statement the host runs: an assignment of a host scalar from scalars.
    fn host_stmt(&mut self, e: ExprId, span: Span) -> Result<SyncStep, Blocker> {
        let func = self.cx.func;
        match walk::assigned_local(func, e) {
            Some(l) if self.host_set.contains(&l) && !func.params.contains(&l) => {
                self.host_expr(e)?;
                reduction_order(func, e)?;
                Ok(SyncStep::Host(Stmt::Expr(e)))
            }
            Some(p) if func.params.contains(&p) => Err(shape(
                format!(
                    "an assignment of parameter `{}` (kernels read parameters as the call passed \
                     them; assign a local copy instead)",
                    func.local(p).name
                ),
                span,
            )),
            _ => Err(shape(
                "statement other than an assignment of a local scalar (the host assigns host \
                 scalars; kernels write arrays)",
                span,
            )),
        }
    }

    /// Checks that the host can evaluate `e` from scalars (LANGUAGE.md semantics through the
    /// CPU writer): host scalars, scalar parameters, lengths of array parameters, setup
    /// locals, constants, arithmetic, `Math` built-ins, the scalar built-ins of `Integer`,
    /// `Long`, `Float` and `Double` and static calls on those, and assignments of host
    /// scalars.
    fn host_expr(&mut self, e: ExprId) -> Result<(), Blocker> {
        let func = self.cx.func;
        let expr = func.expr(e);
        let refuse = |what: String| {
            Err(shape(
                format!(
                    "{what} in a statement the host runs (the host computes with host scalars, \
                     scalar parameters, lengths and elements of array parameters the body never \
                     writes, setup locals, constants, `Math` and static calls)"
                ),
                expr.span,
            ))
        };
        let host_target = |this: &Self, t: ExprId| match func.expr(t).kind {
            ExprKind::Local(l) => this.host_set.contains(&l) && !func.params.contains(&l),
            _ => false,
        };
        match &expr.kind {
            // A `static final` field that isolation accepted: final once the static
            // initialisers have run, and the host reads it as the CPU path does (also
            // while they run: a field not yet set reads as its default, as in Java).
            ExprKind::Const(_) | ExprKind::Static(_) => Ok(()),
            ExprKind::Local(l) => {
                // A vector (`T[[N]]` held as `TN`) is a value, as a scalar is.
                let ty = &func.local(*l).ty;
                let scalar = matches!(ty, Type::Prim(_)) || vector_of(ty).is_some();
                if self.host_set.contains(l)
                    || (scalar && func.params.contains(l))
                    || self.loop_indices.contains(l)
                {
                    Ok(())
                } else if let Some(init) = self.cx.setup.get(l).copied() {
                    if let Some(i) = init {
                        self.host_expr(i)?;
                    }
                    self.host_reads_setup.insert(*l);
                    Ok(())
                } else {
                    refuse(format!("a read of `{}`", func.local(*l).name))
                }
            }
            ExprKind::Length(a) => match func.expr(*a).kind {
                ExprKind::Local(p) if func.params.contains(&p) => Ok(()),
                // A row's length (`m[0].length`): an element the host reads.
                ExprKind::Index { .. } | ExprKind::Static(_) => self.host_expr(*a),
                _ => refuse("a length of an array other than a parameter".into()),
            },
            ExprKind::Unary { operand, .. } | ExprKind::Convert { operand } => {
                self.host_expr(*operand)
            }
            ExprKind::Binary { lhs, rhs, .. } => {
                self.host_expr(*lhs)?;
                self.host_expr(*rhs)
            }
            ExprKind::Conditional { cond, then_expr, else_expr } => {
                self.host_expr(*cond)?;
                self.host_expr(*then_expr)?;
                self.host_expr(*else_expr)
            }
            ExprKind::Assign { target, value } | ExprKind::CompoundAssign { target, value, .. }
                if host_target(self, *target) =>
            {
                self.host_expr(*value)
            }
            ExprKind::IncDec { target, .. } if host_target(self, *target) => Ok(()),
            // One MI over whole arrays: offset 0, global length the array's length.
            ExprKind::Builtin {
                builtin: Builtin::SomdOffset | Builtin::SomdGlobalLength,
                args,
            } if args.first().is_some_and(
                |a| matches!(func.expr(*a).kind, ExprKind::Local(p) if func.params.contains(&p)),
            ) && args.get(1).is_none_or(|d| {
                matches!(func.expr(*d).kind, ExprKind::Const(Const::Int(1..=3)))
            }) =>
            {
                Ok(())
            }
            ExprKind::Builtin { builtin, args } if builtin.is_scalar_function() => {
                args.iter().try_for_each(|a| self.host_expr(*a))
            }
            ExprKind::Call { receiver: None, args, .. } => {
                args.iter().try_for_each(|a| self.host_expr(*a))
            }
            ExprKind::Assign { target, .. }
            | ExprKind::CompoundAssign { target, .. }
            | ExprKind::IncDec { target, .. } => match func.expr(*target).kind {
                // Kernels take a parameter as an argument of the call, set once.
                ExprKind::Local(p) if func.params.contains(&p) => refuse(format!(
                    "an assignment of parameter `{}` (kernels read parameters as the call \
                     passed them; assign a local copy instead)",
                    func.local(p).name
                )),
                _ => refuse("an assignment of something other than a host scalar".into()),
            },
            // A lane of a vector value the host holds (a host scalar or a parameter).
            ExprKind::Index { array, index } if vector_of(&func.expr(*array).ty).is_some() => {
                self.host_expr(*array)?;
                self.host_expr(*index)
            }
            // An element of an array parameter nothing in the body writes: the caller's
            // array on the host holds what the device's copy holds at any point.
            ExprKind::Index { array, index } => {
                match walk::index_root(func, e) {
                    // An element of a `static final` array (isolation accepted the field).
                    None if super::isolation::static_root(func, *array) => {}
                    Some((root, _)) if self.host_readable(root) => {}
                    Some((root, _)) => {
                        let why = match func.params.contains(&root) {
                            true => "which the body writes or reassigns",
                            false => "which is no parameter",
                        };
                        return refuse(format!("an element of `{}`, {why}", func.local(root).name));
                    }
                    None => return refuse("an array element".into()),
                }
                if let ExprKind::Index { .. } = func.expr(*array).kind {
                    self.host_expr(*array)?;
                }
                self.host_expr(*index)
            }
            // A field of a value-class element of such an array (`pts[0].x`) or of a
            // `static final` value object (`ORIGIN.x`): immutable.
            ExprKind::Field { object, .. }
                if matches!(
                    func.expr(*object).kind,
                    ExprKind::Index { .. } | ExprKind::Static(_)
                ) && self.is_value_object(*object) =>
            {
                self.host_expr(*object)
            }
            ExprKind::IntermediateReduce { .. } => self.intermediate(e),
            // A vector value made of host values (`new float[[4]]{gx, gy, 0, 0}`).
            ExprKind::ValueArrayLit(items) if vector_of(&expr.ty).is_some() => {
                for i in items {
                    self.host_expr(*i)?;
                }
                Ok(())
            }
            _ => refuse("an expression".into()),
        }
    }

    /// Whether the host may read elements of array local `l`: a parameter (the caller's
    /// array, which the device's copy equals) that the body never reassigns and never
    /// writes, through any name or callee (`writes::writes_local`).
    fn host_readable(&self, l: LocalId) -> bool {
        let func = self.cx.func;
        func.params.contains(&l)
            && matches!(func.local(l).ty, Type::Array(_) | Type::ValueArray(..))
            && self.assigned.get(&l).copied().unwrap_or(0) == 0
            && !super::writes::writes_local(self.cx.module, func, l)
    }

    /// Whether `e` is an object of a value class (immutable: the host reads its fields).
    fn is_value_object(&self, e: ExprId) -> bool {
        match self.cx.func.expr(e).ty {
            Type::Object(c) => self.cx.module.class(c).is_value,
            _ => false,
        }
    }

    fn declaration(
        &mut self,
        local: LocalId,
        init: Option<ExprId>,
        span: Span,
    ) -> Result<Option<SyncStep>, Blocker> {
        let func = self.cx.func;
        let ty = &func.local(local).ty;
        if self.is_host_declaration(local, init) {
            // A host scalar: declared (and initialised) by the host.
            self.host_set.insert(local);
            if let Some(e) = init {
                self.host_expr(e)?;
                reduction_order(func, e)?;
            }
            self.host.push(local);
            return Ok(Some(SyncStep::Host(Stmt::Let { local, init })));
        }
        match init.map(|e| &func.expr(e).kind) {
            Some(ExprKind::NewArray { dims }) => {
                let sizes: Option<Vec<SizeExpr>> = dims.iter().map(|d| self.cx.size(*d)).collect();
                if let Some(why) = super::isolation::partly_sized_cube(ty, dims.len()) {
                    return Err(shape(why, span));
                }
                match sizes {
                    Some(sizes) if self.assigned.get(&local).copied().unwrap_or(0) == 0 => {
                        self.cx.outputs.push((local, sizes));
                        Ok(None)
                    }
                    _ => Err(shape("array allocation sized by a computed value", span)),
                }
            }
            // A scalar or a vector value every kernel computes for itself.
            _ if matches!(ty, Type::Prim(_)) || vector_of(ty).is_some() => {
                self.cx.setup.insert(local, init);
                self.setup_order.push((local, init));
                Ok(None)
            }
            _ => Err(shape("declaration", span)),
        }
    }

    /// A declaration of a host scalar: a primitive local initialised from host scalars or
    /// intermediate reductions, or one that host statements assign.
    fn is_host_declaration(&self, local: LocalId, init: Option<ExprId>) -> bool {
        let func = self.cx.func;
        let ty = &func.local(local).ty;
        if !matches!(ty, Type::Prim(_)) && vector_of(ty).is_none() {
            return false;
        }
        // An initialiser that may fail (`int d = 10 / k;`) is the host's, at its place:
        // as a setup local every kernel (those before it too) would evaluate it first, or
        // none would when no kernel launches (a host loop of no steps), where Java raises
        // its failure there, after the statements and loops before it. One reading an
        // array element or calling a method is the host's too: every kernel would
        // recompute it from the arrays' current contents; the host evaluates it once
        // (`host_expr` says which elements it can read) and passes the value.
        let module = self.cx.module;
        let library = |f: FuncId| walk::library_math(module, f);
        // A size that neither divides nor reads a row but in the guarded width (`m.length >
        // 0 ? m[0].length : 0`, `Math.min(n, a.length)`) reads no element's value and cannot
        // fail: a setup local, which kernels may also take as a size.
        let size = init.is_some_and(|e| self.cx.size(e).is_some_and(|s| !s.may_fail()));
        if !size
            && init.is_some_and(|e| {
                array_or_call(func, e).is_some() || walk::may_fail(func, e, &|_| false, &library)
            })
        {
            return true;
        }
        let mut from_host = self.host_set.contains(&local);
        if let Some(e) = init {
            walk::each_expr(func, e, &mut |x| match func.expr(x).kind {
                ExprKind::Local(l) => from_host |= self.host_set.contains(&l),
                ExprKind::IntermediateReduce { .. } => from_host = true,
                _ => {}
            });
        }
        from_host
    }

    /// A `for` block (its declarations or initial assignments, then the loop) whose loop
    /// holds `sync` blocks or intermediate reduction calls, or one of the nests the host
    /// runs (`hosted`): the host runs it.
    fn host_for(&self, block: &Block) -> bool {
        matches!(block.stmts.last(), Some(Stmt::Loop { .. }))
            && (self.is_host_loop(block) || self.hosted.contains(&(block as *const Block as usize)))
    }

    /// The `for` blocks under `block` whose loops hold loops but are no parallel loops
    /// (`Cx::for_loop` refuses them as they stand): run by the host around their inner
    /// loops, as a `while` loop around them is (`for (int r = 0; r < rounds; r++) { for
    /// (int i = ..) .. }` without `sync`). Only `host_program`'s last forms ask for them,
    /// after every form that launches such a nest whole.
    fn hosted_nests(&self, block: &Block) -> HashSet<usize> {
        let mut found = HashSet::new();
        walk::each_stmt(block, &mut |s| {
            let Stmt::Block(b) = s else { return };
            if is_for(b) && holds_loops(b) && !self.is_host_loop(b) {
                let parallel = self.cx.for_loop(b, self.cx.func.span);
                if parallel.is_none_or(|report| report.verdict.is_err()) {
                    found.insert(b as *const Block as usize);
                }
            }
        });
        found
    }

    /// Whether `block` holds `sync` blocks or intermediate reduction calls (directly or in
    /// nested loops).
    fn is_host_loop(&self, block: &Block) -> bool {
        let mut found = false;
        walk::each_stmt(block, &mut |s| found |= matches!(s, Stmt::Sync { .. }));
        found || has_intermediate(self.cx.func, block)
    }

    /// The steps of the intermediate reductions of the host statement just read.
    fn pending_steps(&mut self) -> Vec<SyncStep> {
        self.pending.drain(..).map(|index| SyncStep::Intermediate { index }).collect()
    }

    /// An intermediate reduction call in a statement the host runs: the callee's body must
    /// be one reduction loop (`acc = C; for (..) acc op= ..; return acc;`, the shape of
    /// one-loop SOMD bodies) over arrays the caller passes whole (its array parameters) and
    /// scalars the host computes. Its kernel is the callee's loop bound to the caller's
    /// buffers ([`SyncIntermediate`]).
    fn intermediate(&mut self, e: ExprId) -> Result<(), Blocker> {
        let (module, func) = (self.cx.module, self.cx.func);
        let expr = func.expr(e);
        let ExprKind::IntermediateReduce { func: callee_id, receiver, args } = &expr.kind else {
            return Err(shape("expression", expr.span));
        };
        let callee = module.function(*callee_id);
        let refuse = |why: String| {
            Err(Blocker {
                reason: BlockReason::Shape,
                construct: format!(
                    "intermediate reduction `{}`: {why} (the device runs an intermediate \
                     reduction whose method is one reduction loop, `acc = constant; for (..) \
                     acc op= ..; return acc;`, over array parameters of the caller passed \
                     whole and scalars)",
                    callee.name
                ),
                span: expr.span,
                chain: Vec::new(),
            })
        };
        if receiver.is_some() || callee.kind != FuncKind::Static {
            return refuse("an instance method".into());
        }
        if !matches!(callee.intermediate, Some(Reduction::Op(_))) {
            return refuse("its strategy is a class's or `self`, not an operator".into());
        }
        let body = match super::parallel::analyze_loop_body(module, callee, true) {
            (_, Ok(body)) => body,
            (_, Err(b)) => return refuse(format!("its body: {}", b.construct)),
        };
        // Its launch is sized as the host makes it: one of no work-item would evaluate no
        // setup, and sending the call to the CPU then is too late.
        let sized_late =
            body.parallel.dims.iter().any(|d| d.lo.mentions_host() || d.hi.mentions_host());
        if sized_late && walk::setup_may_fail(module, callee, &body.setup) {
            return refuse(
                "its setup may fail, and its loop's size reads its `int` parameters, which the \
                 host knows only as it launches it (a launch of no work-item would evaluate no \
                 setup)"
                    .into(),
            );
        }
        let Some(r) = body.parallel.reduction.clone() else {
            return refuse("its loop is not a reduction".into());
        };
        if body.result != SomdResult::Accumulator(r.acc) || !body.outputs.is_empty() {
            return refuse("it does not return its loop's accumulator".into());
        }
        let init = callee.body.stmts.iter().find_map(|s| match s {
            Stmt::Let { local, init: Some(i) } if *local == r.acc => Some(*i),
            _ => None,
        });
        let Some(init) = init.and_then(|i| constant(callee, i, r.ty)) else {
            return refuse(format!(
                "the initial value of `{}` is not a constant",
                callee.local(r.acc).name
            ));
        };
        // The kernel only reads the caller's buffers: parameters are the caller's arrays.
        if super::parallel::writes_arrays(callee) {
            return refuse("it writes an array".into());
        }
        let mut bound = Vec::new();
        for (p, a) in callee.params.iter().zip(args) {
            if matches!(callee.local(*p).ty, Type::Prim(_)) {
                self.host_expr(*a)?;
                bound.push(match func.expr(*a).kind {
                    ExprKind::Local(l)
                        if func.params.contains(&l)
                            && self.assigned.get(&l).copied().unwrap_or(0) == 0 =>
                    {
                        CalleeArg::ScalarParam(l)
                    }
                    _ => CalleeArg::Scalar(*a),
                });
                continue;
            }
            match func.expr(*a).kind {
                ExprKind::Local(l)
                    if func.params.contains(&l)
                        && matches!(func.local(l).ty, Type::Array(_) | Type::ValueArray(..))
                        && self.assigned.get(&l).copied().unwrap_or(0) == 0 =>
                {
                    bound.push(CalleeArg::Array(l))
                }
                _ => {
                    return refuse(format!(
                        "argument for `{}` is not an array parameter of `{}` (passed whole, \
                         never reassigned)",
                        callee.local(*p).name,
                        func.name
                    ))
                }
            }
        }
        self.intermediates.push(SyncIntermediate {
            call: e,
            callee: *callee_id,
            body,
            init,
            args: bound,
        });
        self.pending.push(self.intermediates.len() - 1);
        Ok(())
    }

    /// A `for` loop holding `sync` blocks or intermediate reductions, run by the host: a
    /// [`SyncStep::Repeat`] when it counts by 1 between bounds the body never changes
    /// ([`SyncAnalysis::repeat_of`]; its index is a kernel argument), else the declaration
    /// of its index as a host scalar and a [`SyncStep::Loop`].
    fn host_loop(
        &mut self,
        block: &Block,
        span: Span,
        outer: &[LocalId],
    ) -> Result<Vec<SyncStep>, Blocker> {
        let (counted, body) = match self.repeat_of(block) {
            Ok(found) => found,
            Err(_) => {
                // The initialisers in order, then the loop.
                let Some((stmt @ Stmt::Loop { .. }, init)) = block.stmts.split_last() else {
                    return Err(shape("host loop", span));
                };
                let init = Block { stmts: init.to_vec() };
                let mut steps = self.nested(&init, span, outer)?;
                steps.push(self.host_while(stmt, span, outer)?);
                return Ok(steps);
            }
        };
        let label = match block.stmts.last() {
            Some(Stmt::Loop { label, .. }) => *label,
            _ => None,
        };
        // The index is the launches' loop argument, not a host scalar: `host_targets` took it
        // for one where its bound read a setup local not yet known then (`p < rounds`),
        // and the kernel declared it twice.
        self.host_set.remove(&counted.index);
        let mut indices = outer.to_vec();
        indices.push(counted.index);
        self.loop_indices.push(counted.index);
        self.host_loops.push(label);
        let steps = self.nested(body, span, &indices);
        self.host_loops.pop();
        self.loop_indices.pop();
        Ok(vec![SyncStep::Repeat {
            index: counted.index,
            lo: counted.lo,
            hi: counted.hi,
            body: steps?,
        }])
    }

    /// The counted loop of a host `for` block that the host runs as a [`SyncStep::Repeat`]:
    /// `for (int p = lo; p < hi; p++)` with bounds the body never changes and an index only
    /// its update assigns. Otherwise why not.
    fn repeat_of<'b>(
        &self,
        block: &'b Block,
    ) -> Result<(super::parallel::Counted, &'b Block), String> {
        let func = self.cx.func;
        let (counted, body) = self.cx.counted_in(block, true)?;
        for bound in [&counted.lo, &counted.hi] {
            if let Some(l) = changed_scalar(bound, &self.assigned) {
                return Err(format!(
                    "a bound uses `{}`, which the body assigns",
                    func.local(l).name
                ));
            }
        }
        if counted.step != 1 {
            return Err(format!("it steps by {}", counted.step));
        }
        if self.assigned.get(&counted.index).copied().unwrap_or(0) != 1 {
            return Err(format!(
                "its index `{}` is assigned in the body",
                func.local(counted.index).name
            ));
        }
        Ok((counted, body))
    }

    /// `while (test) { .. }`, `do { .. } while (test)` or the loop of a `for` block at host
    /// level: a [`SyncStep::Loop`] whose test and updates the host evaluates.
    fn host_while(
        &mut self,
        stmt: &Stmt,
        span: Span,
        indices: &[LocalId],
    ) -> Result<SyncStep, Blocker> {
        let func = self.cx.func;
        let Stmt::Loop { label, test, test_at_end, body, update } = stmt else {
            return Err(shape("statement", span));
        };
        let test_steps = match test {
            Some(t) => self.host_test(*t)?,
            None => Vec::new(),
        };
        self.host_loops.push(*label);
        let body = self.nested(body, span, indices);
        self.host_loops.pop();
        let body = body?;
        let mut steps = Vec::new();
        for e in update {
            let step = self.host_stmt(*e, func.expr(*e).span)?;
            steps.extend(self.pending_steps());
            steps.push(step);
        }
        Ok(SyncStep::Loop { test: *test, test_steps, at_end: *test_at_end, body, update: steps })
    }

    /// The test of a host `if` or loop, a host expression: the steps of its intermediate
    /// reductions, which the host runs before each evaluation.
    fn host_test(&mut self, test: ExprId) -> Result<Vec<SyncStep>, Blocker> {
        self.host_expr(test)?;
        reduction_order(self.cx.func, test)?;
        Ok(self.pending_steps())
    }

    /// `if (test) { .. } else { .. }` at host level.
    fn host_if(
        &mut self,
        stmt: &Stmt,
        span: Span,
        indices: &[LocalId],
    ) -> Result<SyncStep, Blocker> {
        let Stmt::If { cond, then_block, else_block } = stmt else {
            return Err(shape("statement", span));
        };
        let cond_steps = self.host_test(*cond)?;
        let then = self.nested(then_block, span, indices)?;
        let otherwise = match else_block {
            Some(b) => self.nested(b, span, indices)?,
            None => Vec::new(),
        };
        Ok(SyncStep::If { cond: *cond, cond_steps, then, otherwise })
    }

    /// The steps of a block under host control flow (a host loop's body, a branch of a host
    /// `if`): `sync` blocks, host loops and `if`s, parallel loops (folding the host scalars
    /// they assign, which must be reductions), statements and declarations of host scalars,
    /// `break` and `continue` of a host loop around them.
    fn nested(
        &mut self,
        block: &Block,
        span: Span,
        indices: &[LocalId],
    ) -> Result<Vec<SyncStep>, Blocker> {
        let func = self.cx.func;
        let mut steps = Vec::new();
        for stmt in &block.stmts {
            let at = walk::stmt_span(func, stmt, span);
            match stmt {
                Stmt::Sync { .. } => steps.extend(self.sync(stmt, indices)?),
                Stmt::Block(inner) if self.host_for(inner) => {
                    steps.extend(self.host_loop(inner, at, indices)?)
                }
                Stmt::Block(inner) if is_for(inner) => {
                    let accs = self.host_accumulators(&walk::assigned_in_block(func, inner));
                    let step = self.fold_or_launch(inner, at, indices, &accs)?;
                    if let SyncStep::Launch(k) | SyncStep::Reduce { launch: k, .. } = step {
                        self.nested_launches.insert(k);
                    }
                    steps.push(step);
                }
                Stmt::Block(inner) => steps.extend(self.nested(inner, at, indices)?),
                Stmt::Loop { .. } => steps.push(self.host_while(stmt, at, indices)?),
                Stmt::If { .. } => steps.push(self.host_if(stmt, at, indices)?),
                Stmt::Expr(e) => {
                    let step = self.host_stmt(*e, at)?;
                    steps.extend(self.pending_steps());
                    steps.push(step);
                }
                Stmt::Let { local, init } => steps.extend(self.nested_let(*local, *init, at)?),
                Stmt::Return(value) => steps.push(self.early_return(*value, at)?),
                Stmt::Break(label) | Stmt::Continue(label) => {
                    // How many host loops out: the innermost, or the one of the label.
                    let out = self.host_loops.iter().rev().position(|l| match label {
                        None => true,
                        Some(_) => l == label,
                    });
                    let Some(out) = out else {
                        return Err(shape(
                            "`break` or `continue` of a statement other than a host loop around \
                             it",
                            at,
                        ));
                    };
                    steps.push(match stmt {
                        Stmt::Break(_) => SyncStep::Break(out),
                        _ => SyncStep::Continue(out),
                    });
                }
                _ => {
                    return Err(shape(
                        "statement under host control flow (the host runs loops, `if`s, `sync` \
                         blocks, parallel loops, declarations and assignments of host scalars, \
                         `break` and `continue` of a host loop)",
                        at,
                    ))
                }
            }
        }
        Ok(steps)
    }

    /// A `return` under host control flow: of an array parameter, an output, a primitive
    /// value the host computes from host scalars, or nothing.
    fn early_return(&mut self, value: Option<ExprId>, span: Span) -> Result<SyncStep, Blocker> {
        let func = self.cx.func;
        let Some(v) = value else { return Ok(SyncStep::Return(SyncReturn::Nothing)) };
        let returned = match func.expr(v).kind {
            ExprKind::Local(l) if self.cx.outputs.iter().any(|(o, _)| *o == l) => {
                SyncReturn::Output(l)
            }
            ExprKind::Local(l)
                if func.params.contains(&l) && matches!(func.local(l).ty, Type::Array(_)) =>
            {
                SyncReturn::Param(l)
            }
            _ if matches!(func.ret, Type::Prim(_)) => {
                self.host_expr(v).map_err(|b| Blocker {
                    construct: format!("`return` under host control flow of {}", b.construct),
                    span,
                    ..b
                })?;
                if !self.pending.is_empty() {
                    return Err(shape(
                        "an intermediate reduction in `return` (assign the call to a local \
                         first)",
                        span,
                    ));
                }
                SyncReturn::Value(v)
            }
            _ => {
                return Err(shape(
                    "`return` under host control flow of something other than an array \
                     parameter, an array the body allocates before its loops or a primitive \
                     value of host scalars",
                    span,
                ))
            }
        };
        Ok(SyncStep::Return(returned))
    }

    /// A declaration under host control flow: a host scalar (the host evaluates its
    /// initialiser where Java does; kernels that read it get its value).
    fn nested_let(
        &mut self,
        local: LocalId,
        init: Option<ExprId>,
        span: Span,
    ) -> Result<Vec<SyncStep>, Blocker> {
        let func = self.cx.func;
        let ty = &func.local(local).ty;
        if let (Type::Array(_), Some(ExprKind::NewArray { dims })) =
            (ty, init.map(|e| &func.expr(e).kind))
        {
            // A fresh array each time the host gets here (`double[] next = new
            // double[g.length];` in a host loop): one output buffer, allocated when the
            // call begins and zero-filled again at each declaration. Its size must not
            // change between them: lengths, parameters and setup locals only.
            let sizes: Option<Vec<SizeExpr>> = dims.iter().map(|d| self.cx.size(*d)).collect();
            if let Some(why) = super::isolation::partly_sized_cube(ty, dims.len()) {
                return Err(shape(why, span));
            }
            return match sizes {
                Some(sizes) if self.assigned.get(&local).copied().unwrap_or(0) == 0 => {
                    self.cx.outputs.push((local, sizes));
                    Ok(vec![SyncStep::Fresh(local)])
                }
                _ => Err(shape(
                    "an array allocated under host control flow with a size other than \
                     lengths, parameters and locals set before the loops",
                    span,
                )),
            };
        }
        if !matches!(ty, Type::Prim(_)) && vector_of(ty).is_none() {
            return Err(shape("a declaration of an array or object under host control flow", span));
        }
        self.host_set.insert(local);
        let mut steps = Vec::new();
        if let Some(step) = self.declaration(local, init, span)? {
            steps.extend(self.pending_steps());
            steps.push(step);
        }
        Ok(steps)
    }

    /// The host scalars among `assigned` (the locals a loop assigns), in local order: the
    /// accumulators the loop folds into ([`Self::fold_or_launch`]).
    fn host_accumulators(&self, assigned: &HashSet<LocalId>) -> Vec<LocalId> {
        let mut accs: Vec<LocalId> =
            self.host_set.iter().filter(|l| assigned.contains(l)).copied().collect();
        accs.sort();
        accs
    }

    /// A parallel loop: a plain launch, or, when it assigns the host scalars `accs`, a
    /// reduction into them that the host folds in ([`SyncStep::Reduce`]).
    fn fold_or_launch(
        &mut self,
        block: &Block,
        span: Span,
        indices: &[LocalId],
        accs: &[LocalId],
    ) -> Result<SyncStep, Blocker> {
        let [x, more @ ..] = accs else {
            return self.launch(block, span, indices, false, None, &[]);
        };
        let SyncStep::Launch(k) = self.launch(block, span, indices, false, Some(*x), more)? else {
            return Err(shape("loop", span));
        };
        self.reduce_launches.insert(k);
        // The first accumulator's partials are the launch's own; the host folds every
        // accumulator of the loop.
        let into = self.launches[k].parallel.reduction.as_ref().map_or(*x, |r| r.acc);
        Ok(SyncStep::Reduce { launch: k, into })
    }

    fn sync(&mut self, stmt: &Stmt, indices: &[LocalId]) -> Result<Vec<SyncStep>, Blocker> {
        let Stmt::Sync { reduce, body, span, .. } = stmt else {
            return Err(shape("statement", self.cx.func.span));
        };
        let into = reduce.map(|(_, x)| x);
        if let Some(x) = into {
            if !self.host.contains(&x) {
                return Err(shape(
                    format!(
                        "`sync reduce` of `{}`, which is not a local scalar declared before it",
                        self.cx.func.local(x).name
                    ),
                    *span,
                ));
            }
        }
        let mut steps = Vec::new();
        for inner in &body.stmts {
            let at = walk::stmt_span(self.cx.func, inner, *span);
            match inner {
                Stmt::Block(block) if is_for(block) => match into {
                    None => steps.push(self.launch(block, at, indices, true, None, &[])?),
                    Some(x) => {
                        let func = self.cx.func;
                        let assigned = walk::assigned_in_block(func, block);
                        if assigned.contains(&x) {
                            let SyncStep::Launch(k) =
                                self.launch(block, at, indices, true, Some(x), &[])?
                            else {
                                return Err(shape("loop", at));
                            };
                            self.reduce_launches.insert(k);
                            steps.push(SyncStep::Reduce { launch: k, into: x });
                            continue;
                        }
                        // A loop folding into host scalars other than the target (`double
                        // part = 0; for (..) part += ..; norm += part;`): on one MI, `part`
                        // holds the loop's reduction over the whole arrays after it.
                        let accs = self.host_accumulators(&assigned);
                        if accs.is_empty() {
                            let name = &func.local(x).name;
                            return Err(shape(
                                format!(
                                    "a loop in `sync reduce (..) ({name})` that reduces into \
                                     neither `{name}` nor a host scalar"
                                ),
                                at,
                            ));
                        }
                        steps.push(self.fold_or_launch(block, at, indices, &accs)?);
                    }
                },
                Stmt::Expr(e) => {
                    let step = self.host_stmt(*e, at)?;
                    steps.extend(self.pending_steps());
                    steps.push(step);
                }
                Stmt::Let { local, init } if into.is_some() => {
                    steps.extend(self.nested_let(*local, *init, at)?)
                }
                _ => {
                    return Err(shape(
                        "statement in a `sync` block other than a parallel `for` loop, an \
                         assignment of a host scalar or (in `sync reduce`) a declaration of one",
                        at,
                    ))
                }
            }
        }
        Ok(steps)
    }

    fn launch(
        &mut self,
        block: &Block,
        span: Span,
        indices: &[LocalId],
        in_sync: bool,
        reduce_into: Option<LocalId>,
        more: &[LocalId],
    ) -> Result<SyncStep, Blocker> {
        let func = self.cx.func;
        if has_intermediate(func, block) {
            return Err(shape(
                "an intermediate reduction inside a parallel loop (the host makes the call \
                 between launches)",
                span,
            ));
        }
        if let Some(x) = reduce_into {
            self.cx.reduced.insert(x);
            self.cx.reduced.extend(more.iter().copied());
        }
        // The `int` host scalars the launch may read in its bounds (as kernel arguments).
        let int = |l: &LocalId| func.local(*l).ty == Type::Prim(somd_syntax::ast::PrimType::Int);
        self.cx.host_scalars = (self.host_set.iter().chain(indices))
            .filter(|l| int(l) && reduce_into != Some(**l) && !more.contains(l))
            .copied()
            .collect();
        let report = self.cx.for_loop(block, span);
        self.cx.reduced.clear();
        self.cx.host_scalars.clear();
        let Some(report) = report else {
            return Err(shape("loop", span));
        };
        let verdict = report.verdict.clone();
        let loop_id = report.loop_id;
        self.reports.push(report);
        let parallel = match verdict {
            Ok(p) => p,
            Err(dep) => {
                return Err(Blocker {
                    reason: BlockReason::Dependence,
                    construct: format!("loop is not parallel: {}", dep.what),
                    span: dep.span,
                    chain: Vec::new(),
                })
            }
        };
        for d in &parallel.dims {
            for bound in [&d.lo, &d.hi] {
                if let Some(l) = changed_scalar(bound, &self.assigned) {
                    return Err(shape(
                        format!("loop bound uses `{}`, which the body assigns", func.local(l).name),
                        span,
                    ));
                }
            }
        }
        let acc = parallel.reduction.as_ref().map(|r| r.acc);
        // The accumulators, and the payloads of argument extrema (the kernel's own too).
        let accs: Vec<LocalId> = parallel
            .reductions()
            .flat_map(|r| {
                let payloads = r.carries.iter().flat_map(|c| c.payloads.iter().map(|(p, _)| *p));
                std::iter::once(r.acc).chain(payloads)
            })
            .collect();
        match (reduce_into, acc) {
            (Some(x), Some(_)) if accs.contains(&x) => {}
            (Some(x), _) if !in_sync => {
                return Err(shape(
                    format!(
                        "a loop assigning `{}`, which later statements read, that is not a \
                         reduction into `{}` (one MI: the host reads a reduction's value over \
                         the whole arrays after its loop)",
                        func.local(x).name,
                        func.local(x).name
                    ),
                    span,
                ))
            }
            (Some(x), _) => {
                return Err(shape(
                    format!(
                        "a loop in `sync reduce (..) ({})` that is not a reduction into `{}` \
                         (a reduction loop at the top of the block, no branch around the update)",
                        func.local(x).name,
                        func.local(x).name
                    ),
                    span,
                ))
            }
            (None, Some(_)) if in_sync => {
                return Err(shape(
                    "a reduction inside a `sync` block (use `sync reduce` with a `shared` scalar)",
                    span,
                ));
            }
            (None, Some(a)) if self.host_set.contains(&a) => {
                return Err(shape(
                    format!(
                        "a reduction into the host scalar `{}` outside `sync reduce`",
                        func.local(a).name
                    ),
                    span,
                ));
            }
            _ => {}
        }
        // Host scalars the loop reads: scalar arguments set per launch.
        let mut host_values = Vec::new();
        walk::each_expr_in_block(func, block, &mut |x| {
            if let ExprKind::Local(l) = func.expr(x).kind {
                if self.host_set.contains(&l) && !accs.contains(&l) && !host_values.contains(&l) {
                    host_values.push(l);
                }
            }
        });
        // A bound reading a host scalar: its value at the launch is a kernel argument.
        let mut bounds = Vec::new();
        for d in &parallel.dims {
            d.lo.hosts(&mut bounds);
            d.hi.hosts(&mut bounds);
        }
        if let Some(l) = bounds.iter().find(|l| !host_values.contains(l) && !indices.contains(l)) {
            return Err(shape(
                format!("loop bound uses `{}`, which the loop reduces into", func.local(*l).name),
                span,
            ));
        }
        self.launches.push(SyncLaunch {
            loop_id,
            parallel,
            span,
            host_indices: indices.to_vec(),
            host_values,
        });
        Ok(SyncStep::Launch(self.launches.len() - 1))
    }
}

/// Whether `stmt` (with the blocks it holds) reads or writes local `l`.
fn stmt_mentions(func: &Function, stmt: &Stmt, l: LocalId) -> bool {
    if let Stmt::Let { local, .. } = stmt {
        if *local == l {
            return true;
        }
    }
    walk::stmt_roots(stmt).iter().any(|r| walk::mentions(func, *r, l))
        || walk::stmt_blocks(stmt).iter().any(|b| b.stmts.iter().any(|s| stmt_mentions(func, s, l)))
}

/// A scalar parameter of `size` that the body assigns (its value is not the argument's).
fn changed_scalar(size: &SizeExpr, assigned: &HashMap<LocalId, usize>) -> Option<LocalId> {
    match size {
        SizeExpr::Scalar(l) => (assigned.get(l).copied().unwrap_or(0) > 0).then_some(*l),
        s => s.parts().into_iter().find_map(|p| changed_scalar(p, assigned)),
    }
}

/// Whether `block` makes an intermediate reduction call (at any depth).
fn has_intermediate(func: &Function, block: &Block) -> bool {
    let mut found = false;
    walk::each_expr_in_block(func, block, &mut |x| {
        found |= matches!(func.expr(x).kind, ExprKind::IntermediateReduce { .. })
    });
    found
}

/// The host runs a statement's intermediate reductions before the statement, in evaluation
/// order, raising a failure of a callee's loop at once. That is Java's order when nothing
/// of the statement that Java evaluates before a call can throw (an integer `/` or `%`, a
/// call) and every call is evaluated unconditionally (not under `?:`, `&&`, `||`).
fn reduction_order(func: &Function, root: ExprId) -> Result<(), Blocker> {
    fn visit(
        func: &Function,
        e: ExprId,
        conditional: bool,
        may_throw: &mut Option<Span>,
    ) -> Result<(), Blocker> {
        let expr = func.expr(e);
        match &expr.kind {
            ExprKind::IntermediateReduce { .. } => {
                // Its scalar arguments are evaluated by the host just before its launch.
                if conditional {
                    return Err(shape(
                        "an intermediate reduction evaluated under a condition (`?:`, `&&`, \
                         `||`)",
                        expr.span,
                    ));
                }
                if let Some(at) = may_throw {
                    return Err(shape(
                        "an intermediate reduction after an operation of the same statement \
                         that may throw (the host makes the call first)",
                        *at,
                    ));
                }
                return Ok(());
            }
            ExprKind::Conditional { cond, then_expr, else_expr } => {
                visit(func, *cond, conditional, may_throw)?;
                visit(func, *then_expr, true, may_throw)?;
                return visit(func, *else_expr, true, may_throw);
            }
            ExprKind::Binary { op, lhs, rhs }
                if matches!(op.kind, BinOpKind::And | BinOpKind::Or) =>
            {
                visit(func, *lhs, conditional, may_throw)?;
                return visit(func, *rhs, true, may_throw);
            }
            _ => {}
        }
        for kid in walk::children(&expr.kind) {
            visit(func, kid, conditional, may_throw)?;
        }
        let throws = match &expr.kind {
            ExprKind::Binary { op, .. } => {
                matches!(op.kind, BinOpKind::Div | BinOpKind::Rem)
                    && !matches!(
                        op.ty,
                        PrimOrRef::Prim(somd_syntax::ast::PrimType::Float)
                            | PrimOrRef::Prim(somd_syntax::ast::PrimType::Double)
                    )
            }
            ExprKind::CompoundAssign { op, .. } => {
                matches!(op.kind, BinOpKind::Div | BinOpKind::Rem)
            }
            ExprKind::Call { .. } => true,
            _ => false,
        };
        if throws && may_throw.is_none() {
            *may_throw = Some(expr.span);
        }
        Ok(())
    }
    let mut may_throw = None;
    visit(func, root, false, &mut may_throw)
}

/// The value of the constant initialiser `e` of a local of type `ty` (a literal, possibly
/// converted or negated), as a constant of `ty`.
fn constant(func: &Function, e: ExprId, ty: somd_syntax::ast::PrimType) -> Option<Const> {
    use somd_syntax::ast::PrimType as P;
    fn num(func: &Function, e: ExprId) -> Option<f64> {
        match &func.expr(e).kind {
            ExprKind::Const(Const::Int(v)) => Some(f64::from(*v)),
            ExprKind::Const(Const::Byte(v)) => Some(f64::from(*v)),
            ExprKind::Const(Const::Short(v)) => Some(f64::from(*v)),
            ExprKind::Const(Const::Char(v)) => Some(f64::from(*v)),
            ExprKind::Const(Const::Float(v)) => Some(f64::from(*v)),
            ExprKind::Const(Const::Double(v)) => Some(*v),
            _ => None,
        }
    }
    match (&func.expr(e).kind, ty) {
        (ExprKind::Const(c @ Const::Long(_)), P::Long)
        | (ExprKind::Const(c @ Const::Int(_)), P::Int)
        | (ExprKind::Const(c @ Const::Double(_)), P::Double)
        | (ExprKind::Const(c @ Const::Float(_)), P::Float)
        | (ExprKind::Const(c @ Const::Bool(_)), P::Boolean)
        | (ExprKind::Const(c @ Const::Byte(_)), P::Byte)
        | (ExprKind::Const(c @ Const::Short(_)), P::Short)
        | (ExprKind::Const(c @ Const::Char(_)), P::Char) => Some(c.clone()),
        (ExprKind::Convert { operand }, _) => match (&func.expr(*operand).kind, ty) {
            // `short m = 0;`: Java's narrowing of an `int` constant that fits.
            (ExprKind::Const(Const::Int(v)), P::Byte) => i8::try_from(*v).ok().map(Const::Byte),
            (ExprKind::Const(Const::Int(v)), P::Short) => i16::try_from(*v).ok().map(Const::Short),
            (ExprKind::Const(Const::Int(v)), P::Char) => u16::try_from(*v).ok().map(Const::Char),
            // Java's widening conversions of a literal: exact for these.
            (ExprKind::Const(Const::Long(v)), P::Double) => Some(Const::Double(*v as f64)),
            (ExprKind::Const(Const::Long(v)), P::Float) => Some(Const::Float(*v as f32)),
            (ExprKind::Const(Const::Int(v)), P::Long) => Some(Const::Long(i64::from(*v))),
            (ExprKind::Const(Const::Int(v)), P::Float) => Some(Const::Float(*v as f32)),
            (_, P::Double) => num(func, *operand).map(Const::Double),
            (ExprKind::Const(Const::Float(v)), P::Float) => Some(Const::Float(*v)),
            _ => None,
        },
        _ => None,
    }
}

/// The position of the first array element read or call in `e`, if any: what keeps a
/// declaration from being a setup local (kernels would recompute it from the arrays'
/// current contents).
fn array_or_call(func: &Function, e: ExprId) -> Option<Span> {
    let mut found = None;
    walk::each_expr(func, e, &mut |x| {
        if found.is_none()
            && matches!(func.expr(x).kind, ExprKind::Index { .. } | ExprKind::Call { .. })
        {
            found = Some(func.expr(x).span);
        }
    });
    found
}

/// Whether the loop of a `for` block holds loops in its body.
pub(super) fn holds_loops(block: &Block) -> bool {
    let Some(Stmt::Loop { body, .. }) = block.stmts.last() else { return false };
    let mut found = false;
    walk::each_stmt(body, &mut |s| found |= matches!(s, Stmt::Loop { .. }));
    found
}
