//! Host code of statements fused into one kernel (`analysis::fuse`, note
//! `device-execution`, "Fused statements"). Before the run's first statement:
//!
//! ```text
//! let _e12_0 = ..; let _e12n = rt::somd::map_len(&[..], pos);
//! let somd_fuse3 = if rt::device::same_device(&K_FUSE_0_3, &K_RED_0_20) && .. {
//!     rt::device::run_map(&K_FUSE_0_3, _e12n, &[..]) } else { None };
//! ```
//!
//! and each statement is written as before with its `@` / `!` replaced by `match
//! &somd_fuse3 { Some(done) => <its result or combined partials>, None => <the statement's
//! own code> }`: without the device every statement runs as it did, in order.
//!
//! Under an adaptive `auto` the run is one group site (`rt::device::group`, named by its
//! kernel's name), opened before the run and closed after its last statement: it runs all
//! on the device or all on the CPU, and keeps the faster (note `device-execution`,
//! "Adaptive `auto`"). A fused `@` pair and a chained `@` are group sites too.

use super::device::{FusedGlue, MapFusionGlue};
use super::expr::{cpu_run, FnCx, MapParts};
use super::{types, EmitError};
use somd_mir::{ArrayReducer, ExprId, ExprKind, MapArg, Stmt};

impl FnCx<'_> {
    /// The value a statement assigns to a local (`T x = e;` or `x = e;`).
    fn assigned_value(&self, stmt: &Stmt) -> Option<ExprId> {
        match stmt {
            Stmt::Let { init: Some(e), .. } => Some(*e),
            Stmt::Expr(e) => match &self.func.exprs.get(e.0 as usize)?.kind {
                ExprKind::Assign { value, .. } => Some(*value),
                _ => None,
            },
            _ => None,
        }
    }

    /// When `stmt` ends a run of fused statements: the code to put after it (the device
    /// result, with its downloaded bytes, is dropped).
    pub(super) fn fused_epilogue(&self, stmt: &Stmt) -> Option<String> {
        let glue = self.device?;
        let last = self.assigned_value(stmt)?;
        let g = glue
            .fused
            .iter()
            .find(|g| g.in_func == self.fid && g.reductions.last().map(|r| r.0) == Some(last))?;
        let first = g.producer.or(g.reductions.first().map(|r| r.0))?;
        let var = format!("somd_fuse{}", first.0);
        self.replaced.contains_key(&last).then(|| format!("drop({var}); drop({var}_clock);"))
    }

    /// When `stmt` starts a run of fused statements: the code to put before it, having
    /// registered the replacements of the run's `@` and `!`s.
    pub(super) fn fused_prelude(&mut self, stmt: &Stmt) -> Result<Option<String>, EmitError> {
        let Some(glue) = self.device else { return Ok(None) };
        let Some(first) = self.assigned_value(stmt) else { return Ok(None) };
        let Some(g) = glue.fused.iter().find(|g| {
            g.in_func == self.fid && g.producer.or(g.reductions.first().map(|r| r.0)) == Some(first)
        }) else {
            return Ok(None);
        };
        let g: FusedGlue = g.clone();
        let var = format!("somd_fuse{}", first.0);
        // The `!`s' own code (the fallback), written before any replacement is registered.
        let mut fallbacks = Vec::new();
        for (r, _) in &g.reductions {
            fallbacks.push(self.expr(*r)?);
        }
        // The `@` the kernel maps: the producer, or the first reduction's.
        let mapped = match g.producer {
            Some(p) => p,
            None => match &self.e(g.reductions[0].0)?.kind {
                ExprKind::ReduceArray { array, .. } => *array,
                _ => return Ok(None),
            },
        };
        let mapped_expr = self.e(mapped)?;
        let ExprKind::Map { func, args } = &mapped_expr.kind else { return Ok(None) };
        let parts = self.map_parts(mapped, *func, args, mapped_expr.span, None)?;
        if !parts.device_ok || !parts.freeze.is_empty() {
            return Ok(None);
        }
        let n = format!("_e{}n", mapped.0);
        // The producer's result stays on the device when a lazy local takes it.
        let (run, result) = match g.producer {
            Some(p) => {
                let (_, result) = glue
                    .map_desc(self.fid, p)
                    .ok_or_else(|| EmitError::Internal("fused producer without glue".into()))?;
                let (run, result, cpu) = self.map_result(p, &result);
                (run, Some((p, result, cpu)))
            }
            None => ("run_map", None),
        };
        // The inline form reads the producer's arguments that its own prelude bound; a
        // producer whose prelude was not written (its map runs on the CPU, or its arguments
        // are frozen at the call) is an ordinary statement before these.
        let inline_prelude = match &g.inline {
            Some(inline) if self.map_fused_bound.contains(&inline.0) => {
                Some(self.fused_inline_prelude(&g, inline, mapped, &var, run)?)
            }
            _ => None,
        };
        // Each construct with the position its own clock names: a `!`, its `@` operand's.
        let mut members: Vec<(String, String)> = Vec::new();
        if let Some(p) = g.producer {
            if let Some((desc, _)) = glue.map_desc(self.fid, p) {
                let span = self.e(p)?.span;
                members.push((desc.to_string(), self.pos(span)));
            }
        }
        for (r, _) in &g.reductions {
            if let Some((desc, _)) = glue.reduce_desc(self.fid, *r) {
                let at = match &self.e(*r)?.kind {
                    ExprKind::ReduceArray { array, .. } => self.e(*array)?.span,
                    _ => self.e(*r)?.span,
                };
                members.push((desc.to_string(), self.pos(at)));
            }
        }
        let same: Vec<String> = members
            .iter()
            .map(|(m, _)| format!("rt::device::same_device(&{}, &{m})", g.desc))
            .collect();
        // The group site of the run: every kernel that may run for it, the fused one last.
        let mut sites = members.clone();
        if let Some((inline, _, _, desc)) = &g.inline {
            let span = self.e(*inline)?.span;
            sites.push((desc.clone(), self.pos(span)));
        }
        sites.push((g.desc.clone(), parts.pos.clone()));
        let group = group_clock(&format!("{var}_clock"), &g.desc, &parts.pos, &sites);
        let prelude = inline_prelude.unwrap_or_else(|| {
            format!(
                "{}let {n} = rt::somd::map_len(&[{}], {}); \
                 let {var} = if {} {{ rt::device::{run}(&{}, {n}, &[{}]) }} else {{ None }};",
                parts.lets,
                parts.lens.join(", "),
                parts.pos,
                same.join(" && "),
                g.desc,
                parts.device_args.join(", "),
            )
        });
        if let Some((p, result, cpu)) = result {
            let (desc, _) = glue
                .map_desc(self.fid, p)
                .ok_or_else(|| EmitError::Internal("fused producer without glue".into()))?;
            let map = parts.cpu(format!(
                "rt::somd::map({n}, |i| {}({}))",
                parts.name,
                parts.call_args.join(", ")
            ));
            let text = format!(
                "match &{var} {{ Some(done) => done.{result}, None => {}, }}",
                cpu_run("Map", &format!("{desc}.label"), &parts.pos, &cpu(map))
            );
            self.replaced.insert(p, text);
        }
        for (j, ((r, _), fallback)) in g.reductions.iter().zip(fallbacks).enumerate() {
            let expr = self.e(*r)?;
            let ExprKind::ReduceArray { reducer: ArrayReducer::Op(op), .. } = &expr.kind else {
                return Err(EmitError::Internal("fused `!` without an operator".into()));
            };
            let op =
                types::reduce_op(*op).ok_or_else(|| EmitError::Internal("fused `- !`".into()))?;
            let ty = self.ty(&expr.ty)?;
            let text = format!(
                "match &{var} {{ Some(done) => {{ let partials: Vec<{ty}> = done.partials_at({j}); \
                 rt::reduce::tree::<{op}, {ty}>(&partials) }} None => {fallback}, }}"
            );
            self.replaced.insert(*r, text);
        }
        Ok(Some(format!("{group} {prelude}")))
    }

    /// The prelude of fused statements whose producer `@` (`mapped`) has a fused `@`
    /// inline for its argument `slot` (`FusedGlue::inline`): the kernel computing it
    /// inline runs when the map fusion's conditions hold (`map_fused_prelude`), and
    /// otherwise the argument is computed (the producer's own map, its replacement) and the
    /// statements run as `fused_prelude` runs them.
    fn fused_inline_prelude(
        &mut self,
        g: &FusedGlue,
        inline: &(ExprId, usize, usize, String),
        mapped: ExprId,
        var: &str,
        run: &str,
    ) -> Result<String, EmitError> {
        let Some(glue) = self.device else { return Err(EmitError::Internal("no glue".into())) };
        let (producer, slot, _, desc) = inline;
        let (producer, slot) = (*producer, *slot);
        let p_expr = self.e(producer)?;
        let ExprKind::Map { func: pf, args: pa } = &p_expr.kind else {
            return Err(EmitError::Internal("inline `@` without a map".into()));
        };
        let (pf, pa, p_span) = (*pf, pa.clone(), p_expr.span);
        let mapped_expr = self.e(mapped)?;
        let ExprKind::Map { func, args } = &mapped_expr.kind else {
            return Err(EmitError::Internal("fused statements without a map".into()));
        };
        let (func, args, span) = (*func, args.clone(), mapped_expr.span);
        let inner = self.map_parts(producer, pf, &pa, p_span, None)?;
        let parts = self.map_parts(mapped, func, &args, span, Some(slot))?;
        let slot_value = self.expr(args[slot].0)?;
        let (p_desc, _) = glue
            .map_desc(self.fid, producer)
            .ok_or_else(|| EmitError::Internal("inline `@` without glue".into()))?;
        let pn = format!("_e{}n", producer.0);
        let n = format!("_e{}n", mapped.0);
        let mut members = vec![p_desc];
        if let Some(p) = g.producer {
            members.extend(glue.map_desc(self.fid, p).map(|d| d.0));
        }
        for (r, _) in &g.reductions {
            members.extend(glue.reduce_desc(self.fid, *r).map(|d| d.0));
        }
        let mut test = vec!["rt::device::map_fusion()".to_string()];
        test.extend(members.iter().map(|m| format!("rt::device::same_device(&{desc}, &{m})")));
        let host = chained_args(mapped, &args, slot, &parts, &inner, &pn, &mut test);
        let same: Vec<String> = members
            .iter()
            .skip(1)
            .map(|m| format!("rt::device::same_device(&{}, &{m})", g.desc))
            .collect();
        let slot_var = format!("_e{}_{slot}", mapped.0);
        let inline_var = format!("{var}_inline");
        Ok(format!(
            "{}let {inline_var} = if {} {{ rt::device::{run}(&{desc}, {pn}, &[{}]) }} \
             else {{ None }}; \
             let {slot_var} = if {inline_var}.is_some() {{ rt::somd::map(0, |i| {}({})) }} \
             else {{ {slot_value} }}; \
             let {n} = if {inline_var}.is_some() {{ {pn} }} \
             else {{ rt::somd::map_len(&[{}], {}) }}; \
             let {var} = if {inline_var}.is_some() {{ {inline_var} }} \
             else if {} {{ rt::device::{run}(&{}, {n}, &[{}]) }} else {{ None }};",
            parts.lets,
            test.join(" && "),
            host.join(", "),
            inner.name,
            inner.call_args.join(", "),
            parts.lens.join(", "),
            parts.pos,
            if same.is_empty() { "true".to_string() } else { same.join(" && ") },
            g.desc,
            parts.device_args.join(", "),
        ))
    }
}

impl FnCx<'_> {
    /// The fused `@` pair whose producer statement is `stmt` (`analysis::mapfuse`).
    fn map_fusion_of(&self, stmt: &Stmt) -> Option<MapFusionGlue> {
        let glue = self.device?;
        let Stmt::Let { init: Some(e), .. } = stmt else { return None };
        glue.map_fusions.iter().find(|f| f.in_func == self.fid && f.producer == *e).cloned()
    }

    /// When `stmt` declares the result `p` of a `@` fused into the next statement's `@`
    /// (note `device-execution`, "A map fused into the map that consumes it"): the code
    /// before it, having registered three replacements. The prelude binds the producer's
    /// arguments and checks their lengths (Java's first check, as before). The producer
    /// statement stores an empty array of its type in `p` (the consumer is `p`'s only
    /// use); the consumer's argument `p` becomes the producer's own device-or-CPU map over
    /// the bound arguments; the consumer runs the fused kernel when both `@`s are placed on
    /// its device and its other mapped arguments have the producer's length, and otherwise
    /// its own code, which computes `p` at that point. Deferring the producer past the
    /// binding of the consumer's other arguments (locals and constants) is unobservable: its
    /// function has no failure sites and no effects. As fused statements, the pair is one
    /// group site under an adaptive `auto` (`group_clock`): the fused kernel, or both maps
    /// on the CPU; where the fused launch declines, the fallback's maps adapt on their own.
    pub(super) fn map_fused_prelude(&mut self, stmt: &Stmt) -> Result<Option<String>, EmitError> {
        let Some(f) = self.map_fusion_of(stmt) else { return Ok(None) };
        let Some(glue) = self.device else { return Ok(None) };
        let (Some((p_desc, p_result)), Some((c_desc, result))) =
            (glue.map_desc(self.fid, f.producer), glue.map_desc(self.fid, f.consumer))
        else {
            return Ok(None);
        };
        let p_expr = self.e(f.producer)?;
        let c_expr = self.e(f.consumer)?;
        let (ExprKind::Map { func: pf, args: pa }, ExprKind::Map { func: cf, args: ca }) =
            (&p_expr.kind, &c_expr.kind)
        else {
            return Ok(None);
        };
        let (pa, ca) = (pa.clone(), ca.clone());
        let (p_span, c_span, pf, cf) = (p_expr.span, c_expr.span, *pf, *cf);
        let producer = self.map_parts(f.producer, pf, &pa, p_span, None)?;
        if !producer.device_ok || !producer.freeze.is_empty() {
            return Ok(None);
        }
        let n = format!("_e{}n", f.producer.0);
        let prelude = format!(
            "{}let {n} = rt::somd::map_len(&[{}], {});",
            producer.lets,
            producer.lens.join(", "),
            producer.pos
        );
        let (name, call_args) = (&producer.name, producer.call_args.join(", "));
        self.map_fused_bound.insert(f.producer);
        self.replaced.insert(f.producer, format!("rt::somd::map(0, |i| {name}({call_args}))"));
        self.replaced.insert(
            ca[f.slot].0,
            format!(
                "{{ let _somd_clock = rt::device::clock_at({p_desc}.label, {}); \
                 match rt::device::run_map(&{p_desc}, {n}, &[{}]) {{ \
                 Some(done) => done.{p_result}, \
                 None => {}, }} }}",
                producer.pos,
                producer.device_args.join(", "),
                cpu_run(
                    "Map",
                    &format!("{p_desc}.label"),
                    &producer.pos,
                    &producer.cpu(format!("rt::somd::map({n}, |i| {name}({call_args}))"))
                ),
            ),
        );
        // The consumer's own code, reading the producer's map in place of `p`.
        let c_code = self.expr(f.consumer)?;
        if f.call.is_none() {
            // The consumer is the producer of fused statements: their prelude launches it
            // (`fused_prelude`), with the fused `@` inline when their glue has the kernel.
            return Ok(Some(prelude));
        }
        let consumer = self.map_parts(f.consumer, cf, &ca, c_span, Some(f.slot))?;
        if !consumer.device_ok {
            return Ok(Some(prelude));
        }
        let mut test = vec![
            "rt::device::map_fusion()".to_string(),
            format!("rt::device::same_device(&{}, &{p_desc})", f.desc),
            format!("rt::device::same_device(&{}, &{c_desc})", f.desc),
        ];
        let host = chained_args(f.consumer, &ca, f.slot, &consumer, &producer, &n, &mut test);
        let sites = [
            (p_desc.clone(), producer.pos.clone()),
            (c_desc.clone(), consumer.pos.clone()),
            (f.desc.clone(), consumer.pos.clone()),
        ];
        let group = group_clock("_somd_group", &f.desc, &consumer.pos, &sites);
        // The consumer's own code (`c_code`) made a `Lazy` when a lazy local takes its result.
        let (run, result, _) = self.map_result(f.consumer, &result);
        self.replaced.insert(
            f.consumer,
            format!(
                "{{ {group} {}let somd_mapfuse = if {} {{ \
                 rt::device::{run}(&{}, {n}, &[{}]) }} else {{ None }}; \
                 match somd_mapfuse {{ Some(done) => done.{result}, None => {c_code}, }} }}",
                consumer.lets,
                test.join(" && "),
                f.desc,
                host.join(", "),
            ),
        );
        Ok(Some(prelude))
    }
}

/// `let VAR = rt::device::group(..);`: the clock of a group site at the position static
/// `at` (`&POS_N`) named by the kernel of the `KernelDesc` static `desc`, whose constructs
/// are those of the statics `members`, each with the position its placement names in the
/// trace (the last innermost: `desc` itself, at `at`).
pub(super) fn group_clock(var: &str, desc: &str, at: &str, members: &[(String, String)]) -> String {
    let sites: Vec<String> = members.iter().map(|(m, pos)| format!("({m}.label, {pos})")).collect();
    format!("let {var} = rt::device::group({desc}.name, {at}, &[{}]);", sites.join(", "))
}

/// The device arguments of a fused `@` pair's kernel: the consumer's, its argument `slot`
/// computed on the device (`HostArg::Chained`), then the producer's; `test` gets the
/// consumer's other mapped arguments' length checks against the producer's length `n`
/// (the fused kernel runs only when they hold).
fn chained_args(
    consumer: ExprId,
    args: &[(ExprId, MapArg)],
    slot: usize,
    consumer_parts: &MapParts,
    producer_parts: &MapParts,
    n: &str,
    test: &mut Vec<String>,
) -> Vec<String> {
    for (i, (_, how)) in args.iter().enumerate() {
        if *how == MapArg::Mapped && i != slot {
            test.push(format!("_e{}_{i}.count({}) == {n}", consumer.0, consumer_parts.pos));
        }
    }
    let mut host = consumer_parts.device_args.clone();
    host[slot] = "rt::device::HostArg::Chained".into();
    host.extend(producer_parts.device_args.iter().cloned());
    host
}
