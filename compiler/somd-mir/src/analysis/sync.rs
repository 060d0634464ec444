//! SOMD bodies with `sync` blocks: the host runs the control flow, the device the loops.
//!
//! LANGUAGE.md §2.5: a `sync` block runs in every MI and then is a barrier after which
//! every MI sees the others' writes (halos refreshed). The device runs the whole call as
//! one MI over whole arrays (§2.1), so there are no halos to refresh: the barrier is the
//! end of a launch on the in-order queue. A body is extracted when it has the shape
//!
//! ```text
//! setup scalars and output arrays (as for one-loop bodies), anywhere at the top level
//! steps:  sync [(vars)] { parallel loop; ... }
//!       | for (int p = lo; p < hi; p++) { steps }      (partition-independent bounds)
//!       | parallel loop                                (outside any `sync`)
//! return out | return param | return acc | nothing
//! ```
//!
//! Every parallel loop (1-D or a 2-D perfect nest, as [`super::parallel`] decides) becomes
//! one kernel; the host loops are run by the generated host code, whose indices are
//! kernel scalar arguments. A reduction accumulator is allowed only in the last loop, at
//! the top level, when it is what the method returns. Anything else — `sync reduce`,
//! statements between `sync` blocks, host loops with other bounds, reads of arrays in setup
//! initialisers — keeps the method on the CPU with that construct as the blocker.

use super::parallel::{assigned_locals, is_for, Cx};
use super::walk;
use super::{BlockReason, Blocker, LoopReport, SizeExpr, SomdResult, SomdShape};
use super::{SyncBody, SyncLaunch, SyncStep};
use crate::ir::*;
use somd_diag::Span;
use std::collections::HashMap;

/// Analyses a SOMD body holding `sync` blocks.
pub fn analyze_sync(
    module: &Module,
    func: &Function,
) -> (Vec<LoopReport>, Result<SomdShape, Blocker>) {
    let mut an = SyncAnalysis {
        cx: Cx { module, func, setup: HashMap::new(), outputs: Vec::new() },
        assigned: assigned_locals(func),
        reports: Vec::new(),
        launches: Vec::new(),
        setup_order: Vec::new(),
    };
    let result = an.body();
    let SyncAnalysis { cx, reports, launches, setup_order, .. } = an;
    let (steps, result) = match result {
        Ok(done) => done,
        Err(blocker) => return (reports, Err(blocker)),
    };
    // The accumulator stays in the setup: kernels before the reduction see its initial
    // value (the plan leaves it out of the reducing kernel, which declares it itself).
    let mut body = SyncBody { outputs: cx.outputs, setup: setup_order, steps, launches, result };
    super::swap::exchange_copy_backs(func, &mut body);
    (reports, Ok(SomdShape::Sync(body)))
}

struct SyncAnalysis<'a> {
    cx: Cx<'a>,
    assigned: HashMap<LocalId, usize>,
    reports: Vec<LoopReport>,
    launches: Vec<SyncLaunch>,
    setup_order: Vec<(LocalId, Option<ExprId>)>,
}

/// The blocker of a construct the extraction does not handle.
fn shape(what: impl Into<String>, span: Span) -> Blocker {
    Blocker {
        reason: BlockReason::Shape,
        construct: format!(
            "{} (the OpenCL writer extracts `sync` bodies of the form: setup; counted host loops \
             around `sync` blocks of parallel loops; a final parallel loop; return)",
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
                Stmt::Let { local, init } => self.declaration(*local, *init, span)?,
                Stmt::Block(block) if is_for(block) => {
                    if self.is_host_loop(block) {
                        steps.push(self.host_loop(block, span, &[])?);
                    } else {
                        steps.push(self.launch(block, span, &[], false)?);
                    }
                }
                Stmt::Sync { .. } => steps.extend(self.sync(stmt, &[])?),
                Stmt::Return(value) if pos + 1 == n => {
                    result = match value.map(|v| &func.expr(v).kind) {
                        None => SomdResult::None,
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
                        Some(_) => return Err(shape("`return` of a computed value", span)),
                    }
                }
                _ => return Err(shape("statement", span)),
            }
        }
        if self.launches.is_empty() {
            return Err(shape("no parallel loop in the body", func.span));
        }
        // Only the last loop may reduce, at the top level, into the returned accumulator.
        let last = self.launches.len() - 1;
        for (k, launch) in self.launches.iter().enumerate() {
            if let Some(r) = &launch.parallel.reduction {
                if k != last || !launch.host_indices.is_empty() {
                    return Err(shape("a reduction loop before the last loop", r.span));
                }
            }
        }
        let acc = self.launches[last].parallel.reduction.as_ref().map(|r| r.acc);
        match (result, acc) {
            (SomdResult::Accumulator(l), Some(a)) if l == a => {}
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
        if matches!(steps.last(), Some(SyncStep::Repeat { .. })) && acc.is_some() {
            return Err(shape("a reduction loop inside a host loop", func.span));
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
        Ok((steps, result))
    }

    fn declaration(
        &mut self,
        local: LocalId,
        init: Option<ExprId>,
        span: Span,
    ) -> Result<(), Blocker> {
        let func = self.cx.func;
        let ty = &func.local(local).ty;
        match init.map(|e| &func.expr(e).kind) {
            Some(ExprKind::NewArray { dims }) => {
                let sizes: Option<Vec<SizeExpr>> = dims.iter().map(|d| self.cx.size(*d)).collect();
                match sizes {
                    Some(sizes) if self.assigned.get(&local).copied().unwrap_or(0) == 0 => {
                        self.cx.outputs.push((local, sizes));
                        Ok(())
                    }
                    _ => Err(shape("array allocation sized by a computed value", span)),
                }
            }
            _ if matches!(ty, Type::Prim(_)) => {
                if let Some(e) = init {
                    let mut reads = None;
                    walk::each_expr(func, e, &mut |x| {
                        if reads.is_none()
                            && matches!(
                                func.expr(x).kind,
                                ExprKind::Index { .. } | ExprKind::Call { .. }
                            )
                        {
                            reads = Some(func.expr(x).span);
                        }
                    });
                    if let Some(at) = reads {
                        return Err(shape(
                            "a setup local initialised from an array element or a call (each \
                             kernel would recompute it from the arrays' current contents)",
                            at,
                        ));
                    }
                }
                self.cx.setup.insert(local, init);
                self.setup_order.push((local, init));
                Ok(())
            }
            _ => Err(shape("declaration", span)),
        }
    }

    /// A counted loop whose body holds `sync` blocks (directly or in nested loops).
    fn is_host_loop(&self, block: &Block) -> bool {
        let mut found = false;
        walk::each_stmt(block, &mut |s| found |= matches!(s, Stmt::Sync { .. }));
        found
    }

    fn host_loop(
        &mut self,
        block: &Block,
        span: Span,
        outer: &[LocalId],
    ) -> Result<SyncStep, Blocker> {
        let func = self.cx.func;
        let (counted, body) = self
            .cx
            .counted(block)
            .map_err(|why| shape(format!("host loop around `sync` blocks: {why}"), span))?;
        for bound in [&counted.lo, &counted.hi] {
            if let Some(l) = changed_scalar(bound, &self.assigned) {
                return Err(shape(
                    format!(
                        "host loop bound uses `{}`, which the body assigns",
                        func.local(l).name
                    ),
                    span,
                ));
            }
        }
        if counted.step != 1 {
            return Err(shape(
                format!(
                    "host loop around `sync` blocks steps by {} (the host runs loops stepping by 1)",
                    counted.step
                ),
                span,
            ));
        }
        if self.assigned.get(&counted.index).copied().unwrap_or(0) != 1 {
            return Err(shape(
                format!(
                    "the host loop index `{}` is assigned in the body",
                    func.local(counted.index).name
                ),
                span,
            ));
        }
        let mut indices = outer.to_vec();
        indices.push(counted.index);
        let mut steps = Vec::new();
        for stmt in &body.stmts {
            let at = walk::stmt_span(func, stmt, span);
            match stmt {
                Stmt::Sync { .. } => steps.extend(self.sync(stmt, &indices)?),
                Stmt::Block(inner) if is_for(inner) && self.is_host_loop(inner) => {
                    steps.push(self.host_loop(inner, at, &indices)?)
                }
                _ => {
                    return Err(shape(
                        "statement between `sync` blocks in a host loop (the host runs only \
                         counted loops and `sync` blocks)",
                        at,
                    ))
                }
            }
        }
        Ok(SyncStep::Repeat { index: counted.index, lo: counted.lo, hi: counted.hi, body: steps })
    }

    fn sync(&mut self, stmt: &Stmt, indices: &[LocalId]) -> Result<Vec<SyncStep>, Blocker> {
        let Stmt::Sync { reduce, body, span, .. } = stmt else {
            return Err(shape("statement", self.cx.func.span));
        };
        if reduce.is_some() {
            return Err(Blocker {
                reason: BlockReason::Unsupported,
                construct:
                    "`sync reduce` (a device all-reduce with broadcast is not generated yet)".into(),
                span: *span,
                chain: Vec::new(),
            });
        }
        let mut steps = Vec::new();
        for inner in &body.stmts {
            let at = walk::stmt_span(self.cx.func, inner, *span);
            match inner {
                Stmt::Block(block) if is_for(block) => {
                    steps.push(self.launch(block, at, indices, true)?);
                }
                _ => {
                    return Err(shape(
                        "statement in a `sync` block other than a parallel `for` loop",
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
    ) -> Result<SyncStep, Blocker> {
        let func = self.cx.func;
        let Some(report) = self.cx.for_loop(block, span) else {
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
        if in_sync && parallel.reduction.is_some() {
            return Err(shape(
                "a reduction inside a `sync` block (use `sync reduce` with a `shared` scalar)",
                span,
            ));
        }
        self.launches.push(SyncLaunch { loop_id, parallel, span, host_indices: indices.to_vec() });
        Ok(SyncStep::Launch(self.launches.len() - 1))
    }
}

/// A scalar parameter of `size` that the body assigns (its value is not the argument's).
fn changed_scalar(size: &SizeExpr, assigned: &HashMap<LocalId, usize>) -> Option<LocalId> {
    match size {
        SizeExpr::Const(_) | SizeExpr::Len { .. } => None,
        SizeExpr::Scalar(l) => (assigned.get(l).copied().unwrap_or(0) > 0).then_some(*l),
        SizeExpr::Add(a, b) | SizeExpr::Sub(a, b) => {
            changed_scalar(a, assigned).or_else(|| changed_scalar(b, assigned))
        }
    }
}
