//! The histogram kernel: a SOMD body that fills a returned `int[]`/`long[]` table at
//! computed indices (`somd_mir::analysis::histogram`).
//!
//! Work-items share the iterations in a grid-stride loop (consecutive work-items take
//! consecutive iterations, so their loads coalesce). With `somd_in_local` each work-group
//! fills a table of 32-bit words in local memory with the operator's identity, updates it
//! with the atomics of `runtime/cl/somd_hist.cl` (a `long` table keeps its entries' low
//! words, then their high words: the updates take the table's length), and merges it into
//! the one table in `somd_partials` with the same atomics (entries still at the identity
//! skipped), or with `somd_in_local == 2` copies it to its slice of `somd_partials`;
//! otherwise every work-item updates the one table in `somd_partials` in global memory.
//! The one table starts at the identity (filled by the host), and the host folds the
//! table(s) entry by entry with the update operator from every entry's start. An
//! update `t[e] op= v` evaluates and checks `e` before `v`, as Java does; a bad index is
//! recorded in the error buffer and the update goes to entry 0 (the host raises the
//! exception before it reads any table), so every work-item reaches the barriers.
//!
//! A segmented sum (`float`/`double` table, updates at `p[i]` with `p` sorted; see
//! `somd_mir::analysis::histogram`) has a kernel of its own ([`Writer::segmented_kernel`]):
//! one work-item per run of equal `p[i]`, from the run heads the host lists with its
//! sortedness check (`somd_heads`, `somd_runs` runs; consecutive work-items take consecutive
//! runs, as a CSR kernel takes rows). The work-item runs the iterations of its run in
//! order, adding the updates to a private accumulator from `0`, and stores it into its
//! entry of the table (zeroed by the host). With `somd_runs == -1` (the host's
//! `SOMD_SEGMENT_RUNS=0`) it is one work-item per iteration instead: one whose `p[i]`
//! differs from `p[i - 1]` (or `i == 0`) works its run, the others return at once. No
//! atomics, no barriers, no fold on the host.

use super::writer::{bug, convert, may_fail, FnCx, Writer, R};
use super::*;
use somd_mir::analysis::histogram::extremum;
use somd_mir::analysis::{bounds, walk, HistogramBody, KernelPlan};
use somd_mir::*;
use somd_syntax::ast::{PrimType, ReduceOp};
use std::collections::{BTreeSet, HashSet};
use std::fmt::Write as _;

/// How the statements of a histogram kernel write their table updates.
#[derive(Clone, Debug)]
pub(super) struct HistCx {
    pub(super) updates: HashSet<ExprId>,
    pub(super) elem: PrimType,
    pub(super) op: ReduceOp,
    /// The table's length argument.
    pub(super) len: String,
    /// `l` (local table `somd_table`) or `g` (global table `somd_partials`); `s`: a
    /// segmented sum's private accumulator.
    pub(super) space: &'static str,
    /// A segmented sum's key `p` and loop index `i`: every update is at `p[i]`, which is
    /// the run's key `somd_key` (read once per work-item).
    pub(super) segment: Option<(LocalId, LocalId)>,
}

impl Writer<'_> {
    pub(super) fn histogram_kernel(
        &mut self,
        plan: &KernelPlan,
        body: &HistogramBody,
        m: &mut KernelManifest,
    ) -> R<(String, BTreeSet<u32>)> {
        let func = self.module.function(plan.func);
        let mut cx = FnCx::new(func, &self.taken_names);
        let mut decls = Vec::new();
        let passed = super::kernels::passed_params(&cx);
        let parents = somd_mir::analysis::walk::parents(func);
        let mut packs = Vec::new();
        for (pi, p) in func.params.iter().enumerate() {
            let local = func.local(*p);
            let name = cx.name(*p).to_string();
            if let Some((e, n)) = somd_mir::analysis::isolation::vector_of(&local.ty) {
                packs.push(Self::push_vector_param(m, &mut decls, &name, e, n, pi));
                continue;
            }
            if let Some((elem, rank)) = somd_mir::analysis::isolation::array_dims(&local.ty) {
                // A value array is only read: `const` unless it is passed on.
                let read_only = matches!(local.ty, Type::ValueArray(..)) && !passed.contains(p);
                let qual = if read_only { "const " } else { "" };
                let decl = format!("__global {qual}{} *{name}", self.buffer_c(&local.ty, elem)?);
                let elem = self.storage(elem)?;
                // An array read only for its lengths (`int r = m.length;`) gets no buffer:
                // nothing crosses for it.
                if !super::kernels::shape_only(func, &parents, *p) {
                    Self::push_arg(
                        m,
                        &mut decls,
                        decl,
                        &name,
                        ArgKind::Buffer { access: Access::In, elem },
                        ArgSource::Param(pi),
                    );
                }
                for d in 0..rank {
                    let n = format!("{name}_len{d}");
                    Self::push_arg(
                        m,
                        &mut decls,
                        format!("const int {n}"),
                        &n,
                        ArgKind::Scalar { ty: "int".into() },
                        ArgSource::Length { param: pi, dim: d },
                    );
                }
            } else {
                let ty = self.storage(&local.ty)?;
                Self::push_arg(
                    m,
                    &mut decls,
                    format!("const {ty} {name}"),
                    &name,
                    ArgKind::Scalar { ty: ty.clone() },
                    ArgSource::Param(pi),
                );
            }
        }
        // Somd.offset / globalLength: one MI over the whole arrays.
        Self::push_geometry_args(m, &mut decls, func, &cx)?;
        let len = format!("{}_len0", cx.name(body.table));
        Self::push_arg(
            m,
            &mut decls,
            format!("const int {len}"),
            &len,
            ArgKind::Scalar { ty: "int".into() },
            ArgSource::TableLength,
        );
        Self::push_arg(
            m,
            &mut decls,
            "const long somd_n".into(),
            "somd_n",
            ArgKind::Scalar { ty: "long".into() },
            ArgSource::Iterations,
        );
        if let Some(key) = body.segmented_by {
            return self.segmented_kernel(plan, body, m, cx, (decls, packs), key, len);
        }
        let partials = Self::push_arg(
            m,
            &mut decls,
            "__global uint *somd_partials".into(),
            "somd_partials",
            ArgKind::Buffer { access: Access::Out, elem: "uint".into() },
            ArgSource::Partials,
        );
        // A `long` table of maxima or minima: each entry one 64-bit word (its pair of words
        // at 2e, 2e + 1) for the 64-bit atomics (`somd_hist.cl`). Its group table is
        // declared `__local ulong *`: NVIDIA aligns a `__local` argument to its pointee type,
        // and a 64-bit atomic on a `__local uint *` table fails the launch
        // (`bench/gpu/probes/local64_atomics.c`); the words are read through `somd_table`.
        let wide = wide_extremum(body.elem, body.op);
        let table_decl = match wide {
            true => "__local ulong *somd_table_wide",
            false => "__local uint *somd_table",
        };
        let scratch = Self::push_arg(
            m,
            &mut decls,
            table_decl.into(),
            "somd_table",
            ArgKind::Local { elem: "uint".into() },
            ArgSource::Scratch,
        );
        Self::push_arg(
            m,
            &mut decls,
            "const int somd_in_local".into(),
            "somd_in_local",
            ArgKind::Scalar { ty: "int".into() },
            ArgSource::TableInLocal,
        );
        self.push_main_err(m, &mut decls);
        let words = if body.elem == PrimType::Long { 2 } else { 1 };
        let op = match body.op {
            ReduceOp::Add => "+",
            ReduceOp::BitOr => "|",
            ReduceOp::BitXor => "^",
            ReduceOp::BitAnd => "&",
            ReduceOp::Max => "max",
            ReduceOp::Min => "min",
            other => return Err(bug(format!("histogram operator {other:?}"))),
        };
        // Each group's table starts at the operator's identity; the host folds the tables
        // from the entries' start (the allocation's zeros or the fill loop's constant).
        let identity = identity_word(body.op)?;
        // The identity of a wide table's entries: its low and high words differ.
        let (identity_lo, identity_hi) = match body.op {
            ReduceOp::Max => ("0u", "0x80000000u"),
            _ => ("0xffffffffu", "0x7fffffffu"),
        };
        m.reduction = Some(ReductionInfo {
            op: op.into(),
            elem: prim_c(body.elem).into(),
            partials_arg: partials,
            scratch_arg: Some(scratch),
            finish: format!(
                "histogram of {words} word(s) per entry: with somd_in_local, one table of \
                 {len} entries per work-group in local scratch, merged into the one table in \
                 somd_partials with atomics (somd_in_local == 2: copied to the group's slice of \
                 somd_partials, the host folds the slices entry by entry with {op}), else one \
                 table updated in global memory; a table updated by all groups starts filled \
                 with {identity} by the host"
            ),
            strided: false,
        });
        // The iterations: `lo + f * step` for `f` in [0, somd_n).
        let d = &body.dim;
        let lo = self.size(&cx, &d.lo)?;
        let rule = match d.step {
            1 => hist_size_rule(
                &cx,
                &somd_mir::analysis::SizeExpr::Sub(Box::new(d.hi.clone()), Box::new(d.lo.clone())),
                m,
            )?,
            step => SizeRule::Steps {
                lo: Box::new(hist_size_rule(&cx, &d.lo, m)?),
                hi: Box::new(hist_size_rule(&cx, &d.hi, m)?),
                step: if d.reversed { -i64::from(step) } else { i64::from(step) },
            },
        };
        m.global.push(rule);
        let index = cx.name(d.index).to_string();
        let loop_stmt =
            walk::find_loop(func, body.loop_id).ok_or_else(|| bug("histogram loop not found"))?;
        let Stmt::Loop { body: loop_body, label, .. } = loop_stmt else {
            return Err(bug("not a loop"));
        };
        cx.iteration_label = *label;
        let mut out = format!("/* {} at {}:{}:{} */\n", func.name, m.file, m.line, m.col);
        writeln!(out, "__kernel void {}({})\n{{", plan.name, decls.join(",\n        "))?;
        let l1 = Level(1);
        let l2 = l1.next();
        let l3 = l2.next();
        out.push_str(&self.err_init(l1, "somd_err"));
        for pack in &packs {
            writeln!(out, "{l1}{pack}")?;
        }
        if wide {
            writeln!(out, "{l1}__local uint *const somd_table = (__local uint *)somd_table_wide;")?;
        }
        for (local, init) in &body.setup {
            out.push_str(&self.stmt(&mut cx, l1, &Stmt::Let { local: *local, init: *init })?);
        }
        m.setup_fails = somd_mir::analysis::walk::setup_may_fail(self.module, func, &body.setup);
        writeln!(out, "{l1}const size_t somd_words = (size_t)(uint){len} * {words};")?;
        writeln!(out, "{l1}const size_t somd_lid = get_local_id(0);")?;
        writeln!(out, "{l1}const size_t somd_lsize = get_local_size(0);")?;
        // A 32-bit counter: the host runs the call on the CPU unless `somd_n` plus the global
        // size fits 32 bits (`run_histogram`), so it cannot wrap. A `long` counter cost
        // K-Means' `clusterSums` 8% on the H100 (`bench/gpu/kmeans_ablation.py`).
        let header = "for (uint somd_f = (uint)get_global_id(0); somd_f < (uint)somd_n; \
                      somd_f += (uint)get_global_size(0)) {";
        // In the loop, `lo <= index < hi` (computed in 64 bits, so in range it is exact).
        let known = [(d.index, bounds::dim_range(d))];
        cx.proven = bounds::proven_in_bounds(func, loop_body, &known, &[]);
        let index_line = if d.reversed {
            // Stepping down: flat iteration `f` of Java's order is `hi - 1 - f * step`.
            let hi = self.size(&cx, &d.hi)?;
            let times = if d.step == 1 { String::new() } else { format!(" * {}L", d.step) };
            format!(
                "SOMD_AT(somd_f); const int {index} = (int)((long)({hi}) - 1L - (long)somd_f{times});"
            )
        } else if d.step == 1 {
            format!("SOMD_AT(somd_f); const int {index} = (int)((long)({lo}) + somd_f);")
        } else {
            format!(
                "SOMD_AT(somd_f); const int {index} = (int)((long)({lo}) + somd_f * {}L);",
                d.step
            )
        };
        // A loop that may run past its data stops after the work-item's failure (`hist_loop`).
        let around = (header, index_line.as_str(), !d.within_length());
        let updates: HashSet<ExprId> = body.updates.iter().copied().collect();
        let mut hist = HistCx {
            updates,
            elem: body.elem,
            op: body.op,
            len: len.clone(),
            space: "l",
            segment: None,
        };
        writeln!(out, "{l1}if (somd_in_local) {{")?;
        writeln!(
            out,
            "{l2}for (size_t somd_w = somd_lid; somd_w < somd_words; somd_w += somd_lsize) {{"
        )?;
        if wide {
            writeln!(
                out,
                "{l3}somd_table[somd_w] = (somd_w & 1) ? {identity_hi} : {identity_lo};"
            )?;
        } else {
            writeln!(out, "{l3}somd_table[somd_w] = {identity};")?;
        }
        writeln!(out, "{l2}}}")?;
        writeln!(out, "{l2}barrier(CLK_LOCAL_MEM_FENCE);")?;
        cx.hist = Some(hist.clone());
        out.push_str(&self.hist_loop(&mut cx, l2, around, loop_body, &known)?);
        writeln!(out, "{l2}barrier(CLK_LOCAL_MEM_FENCE);")?;
        let l4 = l3.next();
        // `somd_in_local == 2` (`SOMD_HIST_MERGE=0`): the group's table to a slice of its own,
        // folded by the host.
        writeln!(out, "{l2}if (somd_in_local == 2) {{")?;
        writeln!(
            out,
            "{l3}__global uint *somd_mine = somd_partials + get_group_id(0) * somd_words;"
        )?;
        writeln!(
            out,
            "{l3}for (size_t somd_w = somd_lid; somd_w < somd_words; somd_w += somd_lsize) {{"
        )?;
        writeln!(out, "{l4}somd_mine[somd_w] = somd_table[somd_w];")?;
        writeln!(out, "{l3}}}")?;
        // Otherwise merged into the one global table (filled with the identity by the host)
        // with the update's own atomics, entry by entry, skipping entries still at the
        // identity (never updated by the group).
        writeln!(out, "{l2}}} else {{")?;
        let op_name = hist_op_name(body.op);
        writeln!(
            out,
            "{l3}for (size_t somd_m = somd_lid; somd_m < (size_t)(uint){len}; somd_m += \
             somd_lsize) {{"
        )?;
        if body.elem == PrimType::Long {
            // An entry's two words: a wide table's pair, else placed by the table's length;
            // and the identity's two words.
            let (lo, hi, id_lo, id_hi) = match wide {
                true => (
                    "2 * somd_m".to_string(),
                    "2 * somd_m + 1".to_string(),
                    identity_lo,
                    identity_hi,
                ),
                false => (
                    format!("SOMD_HIST_LO({len}, somd_m)"),
                    format!("SOMD_HIST_HI({len}, somd_m)"),
                    identity,
                    identity,
                ),
            };
            writeln!(
                out,
                "{l4}const ulong somd_v = (ulong)somd_table[{lo}] | ((ulong)somd_table[{hi}] << 32);"
            )?;
            writeln!(
                out,
                "{l4}if (somd_v != (((ulong){id_hi} << 32) | {id_lo})) \
                 somd_hist_l{op_name}_g(somd_partials, {len}, (int)somd_m, as_long(somd_v));"
            )?;
        } else {
            writeln!(out, "{l4}const uint somd_v = somd_table[somd_m];")?;
            writeln!(
                out,
                "{l4}if (somd_v != {identity}) somd_hist_i{op_name}_g(somd_partials, (int)somd_m, \
                 as_int(somd_v));"
            )?;
        }
        writeln!(out, "{l3}}}")?;
        writeln!(out, "{l2}}}")?;
        writeln!(out, "{l1}}} else {{")?;
        hist.space = "g";
        cx.hist = Some(hist);
        out.push_str(&self.hist_loop(&mut cx, l2, around, loop_body, &known)?);
        writeln!(out, "{l1}}}")?;
        out.push_str("}\n");
        if wide {
            // Left out of the program where the device has no 64-bit atomics.
            out = format!(
                "#ifdef SOMD_HAS_INT64_ATOMICS\n{out}#endif /* SOMD_HAS_INT64_ATOMICS */\n"
            );
        }
        Ok((out, cx.sites))
    }

    /// The grid-stride loop over a histogram's iterations (`header` opens it, `index_line`
    /// defines the loop index) around the body, versioned on the lengths of the arrays
    /// whose accesses have known bounds (`versioned_body`). When every tested length is a
    /// parameter's, the test cannot change between iterations, so it is made once per
    /// work-item, before the loop, each version looping on its own: the fast loop carries
    /// no test per element. Otherwise (a tested array is a local of the body) the loop
    /// holds the versioned body. With `long` (a loop that may run past its data: `i < n`
    /// over a shorter array, where a failing access goes on with a stand-in), a body that
    /// may fail leaves the loop after the work-item's own failure, its later iterations
    /// coming after it in Java's order: each iteration starts by testing the flag
    /// `somd_fail` sets, as a reduction's grid-stride loop does (`kernels.rs`).
    fn hist_loop(
        &mut self,
        cx: &mut FnCx,
        level: Level,
        (header, index_line, long): (&str, &str, bool),
        body: &Block,
        known: &[(LocalId, bounds::Range)],
    ) -> R<String> {
        let out = self.hist_loop_text(cx, level, header, index_line, body, known)?;
        if !long || !super::writer::may_fail_text(&out) {
            return Ok(out);
        }
        let stopping = format!("if (somd_err->failed) break; {index_line}");
        Ok(out.replace(index_line, &stopping))
    }

    /// The text of [`Self::hist_loop`] without the failure test.
    fn hist_loop_text(
        &mut self,
        cx: &mut FnCx,
        level: Level,
        header: &str,
        index_line: &str,
        body: &Block,
        known: &[(LocalId, bounds::Range)],
    ) -> R<String> {
        let guards = self.guards(cx, body, known);
        let params = &cx.func.params;
        let invariant = guards.iter().all(|g| {
            params.contains(&g.len.array)
                && match g.test {
                    bounds::GuardTest::AtLeast(other, _) => params.contains(&other.array),
                    bounds::GuardTest::Above(_) => true,
                }
        });
        if !guards.is_empty() && invariant {
            return self.versions(cx, level, body, &guards, Some((header, index_line)));
        }
        let mut out = String::new();
        writeln!(out, "{level}{header}")?;
        writeln!(out, "{}{index_line}", level.next())?;
        out.push_str(&self.versioned_with(cx, level.next(), body, &guards)?);
        writeln!(out, "{level}}}")?;
        Ok(out)
    }

    /// The kernel of a segmented sum; `decls` holds the arguments up to the iteration count,
    /// `packs` the declarations of the values some of them hold (vector parameters).
    #[allow(clippy::too_many_arguments)]
    fn segmented_kernel(
        &mut self,
        plan: &KernelPlan,
        body: &HistogramBody,
        m: &mut KernelManifest,
        mut cx: FnCx,
        (mut decls, packs): (Vec<String>, Vec<String>),
        key: LocalId,
        len: String,
    ) -> R<(String, BTreeSet<u32>)> {
        let func = self.module.function(plan.func);
        let elem = prim_c(body.elem);
        Self::push_arg(
            m,
            &mut decls,
            "__global const int *somd_heads".into(),
            "somd_heads",
            ArgKind::Buffer { access: Access::In, elem: "int".into() },
            ArgSource::SegmentHeads,
        );
        Self::push_arg(
            m,
            &mut decls,
            "const int somd_runs".into(),
            "somd_runs",
            ArgKind::Scalar { ty: "int".into() },
            ArgSource::SegmentRuns,
        );
        let partials = Self::push_arg(
            m,
            &mut decls,
            format!("__global {elem} *somd_partials"),
            "somd_partials",
            ArgKind::Buffer { access: Access::Out, elem: elem.into() },
            ArgSource::Partials,
        );
        self.push_main_err(m, &mut decls);
        m.reduction = Some(ReductionInfo {
            op: "+".into(),
            elem: elem.into(),
            partials_arg: partials,
            scratch_arg: None,
            finish: format!(
                "segmented sum: the table of {len} entries in somd_partials (zeroed by the \
                 host), each entry written once by the work-item of its run (somd_runs >= 0: \
                 work-item r runs somd_heads[r]..somd_heads[r + 1]; -1: one work-item per \
                 iteration, the run's head works it); no fold"
            ),
            strided: false,
        });
        let d = &body.dim;
        if d.step != 1 || d.reversed || d.lo != somd_mir::analysis::SizeExpr::Const(0) {
            return Err(bug("segmented sum over a loop other than 0..hi by 1"));
        }
        let rule = hist_size_rule(&cx, &d.hi, m)?;
        m.global.push(rule);
        let index = cx.name(d.index).to_string();
        let p = cx.name(key).to_string();
        let loop_stmt =
            walk::find_loop(func, body.loop_id).ok_or_else(|| bug("histogram loop not found"))?;
        let Stmt::Loop { body: loop_body, label, .. } = loop_stmt else {
            return Err(bug("not a loop"));
        };
        cx.iteration_label = *label;
        let mut out = format!("/* {} at {}:{}:{} */\n", func.name, m.file, m.line, m.col);
        writeln!(out, "__kernel void {}({})\n{{", plan.name, decls.join(",\n        "))?;
        let l1 = Level(1);
        let l2 = l1.next();
        out.push_str(&self.err_init(l1, "somd_err"));
        for pack in &packs {
            writeln!(out, "{l1}{pack}")?;
        }
        // The host checked `p[0..somd_n)` in bounds and non-decreasing, and listed its runs
        // in `somd_heads` (in bounds of `[0, somd_n]`) unless `somd_runs` is -1.
        writeln!(out, "{l1}const long somd_w = (long)get_global_id(0);")?;
        writeln!(out, "{l1}long somd_f;")?;
        writeln!(out, "{l1}long somd_end;")?;
        writeln!(out, "{l1}if (somd_runs >= 0) {{")?;
        writeln!(out, "{l2}if (somd_w >= somd_runs) return;")?;
        writeln!(out, "{l2}somd_f = somd_heads[somd_w];")?;
        writeln!(out, "{l2}somd_end = somd_heads[somd_w + 1];")?;
        writeln!(out, "{l1}}} else {{")?;
        writeln!(out, "{l2}if (somd_w >= somd_n) return;")?;
        writeln!(out, "{l2}if (somd_w > 0 && {p}[somd_w] == {p}[somd_w - 1]) return;")?;
        writeln!(out, "{l2}somd_f = somd_w;")?;
        writeln!(out, "{l2}somd_end = somd_n;")?;
        writeln!(out, "{l1}}}")?;
        for (local, init) in &body.setup {
            out.push_str(&self.stmt(&mut cx, l1, &Stmt::Let { local: *local, init: *init })?);
        }
        m.setup_fails = somd_mir::analysis::walk::setup_may_fail(self.module, func, &body.setup);
        let zero = if body.elem == PrimType::Float { "0.0f" } else { "0.0" };
        writeln!(out, "{l1}{elem} somd_acc = {zero};")?;
        writeln!(out, "{l1}int somd_cell = -1;")?;
        // Every iteration of the run has this `p[i]`; the body does not assign `p` or `i`.
        writeln!(out, "{l1}const int somd_key = {p}[somd_f];")?;
        writeln!(out, "{l1}for (long somd_g = somd_f; somd_g < somd_end; somd_g++) {{")?;
        writeln!(
            out,
            "{l2}if (somd_runs < 0 && somd_g > somd_f && {p}[somd_g] != {p}[somd_g - 1]) break;"
        )?;
        out.push_str(&super::kernels::at(l2, "somd_g"));
        writeln!(out, "{l2}const int {index} = (int)somd_g;")?;
        let updates: HashSet<ExprId> = body.updates.iter().copied().collect();
        cx.hist = Some(HistCx {
            updates,
            elem: body.elem,
            op: body.op,
            len: len.clone(),
            space: "s",
            segment: Some((key, d.index)),
        });
        // In the loop, `0 <= index < hi` (`somd_g < somd_n`, the host's count of `hi`):
        // accesses at the index need no check, or one test of the lengths (versioning).
        let known = [(d.index, bounds::dim_range(d))];
        cx.proven = bounds::proven_in_bounds(func, loop_body, &known, &[]);
        out.push_str(&self.versioned_body(&mut cx, l2, loop_body, &known)?);
        writeln!(out, "{l1}}}")?;
        // A failed index left `somd_cell` at 0 (the host raises no table then); the bound
        // keeps the store inside an empty table.
        writeln!(
            out,
            "{l1}if (somd_cell >= 0 && somd_cell < {len}) somd_partials[somd_cell] = somd_acc;"
        )?;
        out.push_str("}\n");
        Ok((out, cx.sites))
    }

    /// In the copy of a histogram body whose reads cannot fail (`versioned_body`), the
    /// values of its top-level table updates `t[e] op= v` computed first, one variable
    /// each, so that the device issues every global read of an iteration before its first
    /// atomic (whose returned word the next update waits for): K-Means' `xs[i]` and `ys[i]`.
    /// A value qualifies when it cannot fail, has no effect and reads only locals the body
    /// does not assign and elements of parameters the function never writes ([`hoistable`]):
    /// computing it earlier can neither fail nor read anything else.
    pub(super) fn hoist_update_values(
        &mut self,
        cx: &mut FnCx,
        level: Level,
        body: &Block,
    ) -> R<String> {
        let func = cx.func;
        let assigned = walk::assigned_in_block(func, body);
        let written = super::kernels::written_bases(cx);
        let updates = cx.hist.as_ref().map(|h| h.updates.clone()).unwrap_or_default();
        let mut out = String::new();
        for stmt in &body.stmts {
            let Stmt::Expr(e) = stmt else { continue };
            if !updates.contains(e) {
                continue;
            }
            let ExprKind::CompoundAssign { value, .. } = func.expr(*e).kind else { continue };
            if matches!(func.expr(value).kind, ExprKind::Const(_))
                || !hoistable(cx, value, &assigned, &written)
            {
                continue;
            }
            let text = self.expr_outside(cx, level, value, &mut out)?;
            let ty = prim_c(self.prim_of(cx, value)?);
            let name = format!("somd_hv{}", cx.hoisted.len());
            writeln!(out, "{level}const {ty} {name} = {text};")?;
            cx.hoisted.insert(value, name);
        }
        Ok(out)
    }

    /// One table update `t[e] op= v`, `t[e]++` or `t[e] = Math.max(t[e], v)` as a block: the
    /// index is evaluated and checked before the value (Java's order; in `Math.max(v, t[e])`
    /// the value comes first, then the entry's check), then the atomic update (in a
    /// segmented sum: the addition to the run's accumulator, with Java's promotion and
    /// narrowing).
    pub(super) fn hist_update(&mut self, cx: &mut FnCx, level: Level, e: ExprId) -> R<String> {
        let func = cx.func;
        let expr = func.expr(e);
        let hist = cx.hist.clone().ok_or_else(|| bug("histogram update outside a histogram"))?;
        if hist.space == "s" {
            return self.segmented_update(cx, level, e, &hist);
        }
        // The value is computed before the index when `value_first`; `checked_access` is
        // the access whose check Java makes (a `Math.max` update's read of the entry).
        let mut checked_access = None;
        let (target, value, value_first) = match &expr.kind {
            ExprKind::CompoundAssign { target, op, value } => {
                let PrimOrRef::Prim(opty) = op.ty else {
                    return Err(bug("reference compound assignment"));
                };
                let v = self.expr(cx, *value)?;
                let rty = self.prim_of(cx, *value)?;
                let mut v = convert(&v, rty, opty);
                // `t[e] -= v` of an integer table adds `-v`, wrapping as Java's `t[e] - v`.
                if op.kind == BinOpKind::Sub {
                    v = match opty {
                        PrimType::Long => format!("somd_lneg({v})"),
                        PrimType::Int => format!("somd_ineg({v})"),
                        _ => return Err(bug("`-=` of a floating-point table on the device")),
                    };
                }
                (*target, convert(&v, opty, hist.elem), false)
            }
            ExprKind::IncDec { target, delta, .. } => {
                let one = match (hist.elem, *delta > 0) {
                    (PrimType::Long, true) => "1L",
                    (PrimType::Long, false) => "(-1L)",
                    (_, true) => "1",
                    (_, false) => "(-1)",
                };
                (*target, one.to_string(), false)
            }
            ExprKind::Assign { target, value } => {
                // `t[e] = Math.max(t[e], v)`: the atomic reads the entry; `v` is written.
                let ExprKind::Index { array, .. } = func.expr(*target).kind else {
                    return Err(bug("histogram update of a non-element"));
                };
                let ExprKind::Local(table) = func.expr(array).kind else {
                    return Err(bug("histogram update of a non-local table"));
                };
                let ext = extremum(self.module, func, *value, table)
                    .ok_or_else(|| bug("histogram assignment other than Math.max/min"))?;
                let v = self.expr(cx, ext.other)?;
                let vty = self.prim_of(cx, ext.other)?;
                // Java reads (and checks) the entry before it stores into it: a bad index is
                // the read's exception, at the read's position.
                checked_access = Some(ext.read);
                (*target, convert(&v, vty, hist.elem), ext.table_second)
            }
            _ => return Err(bug("histogram update of another kind")),
        };
        let ExprKind::Index { index, .. } = &func.expr(target).kind else {
            return Err(bug("histogram update of a non-element"));
        };
        // The entry's check: the target's, or the read's (one index value: the analysis
        // checked `same_value`), proven in range when either is.
        let access = match checked_access {
            Some(read) if !cx.proven.contains(&target) => read,
            _ => target,
        };
        let span = func.expr(checked_access.unwrap_or(target)).span;
        let inner = level.next();
        let mut out = String::new();
        writeln!(out, "{level}{{")?;
        let i = self.expr(cx, *index)?;
        let (checked, value) = if value_first {
            writeln!(out, "{inner}const int somd_i = {i};")?;
            writeln!(out, "{inner}const {} somd_v = {value};", prim_c(hist.elem))?;
            (self.index_text(cx, access, span, "somd_i", &hist.len), "somd_v".to_string())
        } else {
            (self.index_text(cx, access, span, &i, &hist.len), value)
        };
        let f = format!(
            "somd_hist_{}{}_{}",
            if hist.elem == PrimType::Long { "l" } else { "i" },
            hist_op_name(hist.op),
            hist.space
        );
        let table = if hist.space == "l" { "somd_table" } else { "somd_partials" };
        writeln!(out, "{inner}const int somd_e = {checked};")?;
        // A `long` entry's two words are placed by the table's length (`somd_hist.cl`).
        if hist.elem == PrimType::Long {
            writeln!(out, "{inner}{f}({table}, {}, somd_e, {value});", hist.len)?;
        } else {
            writeln!(out, "{inner}{f}({table}, somd_e, {value});")?;
        }
        writeln!(out, "{level}}}")?;
        Ok(out)
    }
}

/// Whether a table of `elem` updated with `op` keeps 64-bit entries for the 64-bit atomics
/// (`long` maxima and minima, `somd_hist.cl`); the host folds such tables as pairs
/// (`somd_runtime::device::histogram`).
fn wide_extremum(elem: PrimType, op: ReduceOp) -> bool {
    elem == PrimType::Long && matches!(op, ReduceOp::Max | ReduceOp::Min)
}

/// The name of `op` in the update functions of `somd_hist.cl` (`somd_hist_i<name>_l`).
fn hist_op_name(op: ReduceOp) -> &'static str {
    match op {
        ReduceOp::Add => "add",
        ReduceOp::BitOr => "or",
        ReduceOp::BitXor => "xor",
        ReduceOp::Max => "max",
        ReduceOp::Min => "min",
        _ => "and",
    }
}

/// The word every entry of a group's table starts with: the identity of `op` on 32-bit
/// words (`long` tables of `+ | ^ &`, whose identities are the same in both words; `long`
/// maxima and minima have their own pair, [`wide_extremum`]).
fn identity_word(op: ReduceOp) -> R<&'static str> {
    Ok(match op {
        ReduceOp::Add | ReduceOp::BitOr | ReduceOp::BitXor => "0u",
        ReduceOp::BitAnd => "0xffffffffu",
        ReduceOp::Max => "0x80000000u",
        ReduceOp::Min => "0x7fffffffu",
        other => return Err(bug(format!("histogram operator {other:?}"))),
    })
}

/// The runs of consecutive statements of `block` (`first..=last`, at least two) that are
/// table updates of a histogram body whose indices can be checked together
/// ([`Writer::grouped_updates`]): each index cannot fail and has no effect, each value has
/// no effect (so computing every index of the run first changes nothing the program can
/// observe), and some index is not proven in range. Not in a segmented sum (one
/// accumulator, no table) nor without checks. `starts` are the statements before which
/// the block emits something of its own (vector loads, `sincos`): a run does not span one.
pub(super) fn update_runs(
    cx: &FnCx,
    unchecked: bool,
    block: &Block,
    starts: &HashSet<usize>,
) -> Vec<(usize, usize)> {
    let Some(hist) = cx.hist.as_ref().filter(|h| h.space != "s") else { return Vec::new() };
    if unchecked {
        return Vec::new();
    }
    let func = cx.func;
    // The target access of a table update whose index and value qualify.
    let groupable = |stmt: &Stmt| -> Option<ExprId> {
        let Stmt::Expr(e) = stmt else { return None };
        if !hist.updates.contains(e) {
            return None;
        }
        let (target, value) = match &func.expr(*e).kind {
            ExprKind::CompoundAssign { target, value, .. } => (*target, Some(*value)),
            ExprKind::IncDec { target, .. } => (*target, None),
            _ => return None,
        };
        let ExprKind::Index { index, .. } = &func.expr(target).kind else { return None };
        let pure_index = !may_fail(cx, false, *index) && effect_free(cx, *index);
        (pure_index && value.is_none_or(|v| effect_free(cx, v))).then_some(target)
    };
    let mut runs = Vec::new();
    let mut k = 0;
    while k < block.stmts.len() {
        let mut end = k;
        let mut targets = Vec::new();
        while end < block.stmts.len() && (end == k || !starts.contains(&end)) {
            match groupable(&block.stmts[end]) {
                Some(t) => targets.push(t),
                None => break,
            }
            end += 1;
        }
        if targets.len() >= 2 && targets.iter().any(|t| !cx.proven.contains(t)) {
            runs.push((k, end - 1));
            k = end;
        } else {
            k += 1;
        }
    }
    runs
}

/// Whether `root` neither assigns nor calls anything.
fn effect_free(cx: &FnCx, root: ExprId) -> bool {
    walk::effect_free(cx.func, root, &|_| false)
}

impl Writer<'_> {
    /// Statements `first..=last` of `block`, a run of [`update_runs`]: every index of the
    /// run computed first and tested with one branch; when all are in range, the updates
    /// run without their checks, one after the other (the device issues the atomics back to
    /// back instead of a test and a failure path between each two); otherwise the run as
    /// written, each index checked in order, so a failure is the one Java reports. On the
    /// H100, K-Means' `clusterSums` (three updates at `3c`, `3c + 1`, `3c + 2`) took 0.0517
    /// ms with the checks between the updates and 0.0500 ms grouped
    /// (`bench/gpu/kmeans_ablation.py`, 8M points).
    pub(super) fn grouped_updates(
        &mut self,
        cx: &mut FnCx,
        level: Level,
        block: &Block,
        (first, last): (usize, usize),
    ) -> R<String> {
        let func = cx.func;
        let hist = cx.hist.clone().ok_or_else(|| bug("grouped updates outside a histogram"))?;
        let stmts = &block.stmts[first..=last];
        let inner = level.next();
        let mut out = String::new();
        let mut names = Vec::new();
        writeln!(out, "{level}{{")?;
        for stmt in stmts {
            let Stmt::Expr(e) = stmt else { return Err(bug("grouped update of another kind")) };
            let target = match &func.expr(*e).kind {
                ExprKind::CompoundAssign { target, .. } | ExprKind::IncDec { target, .. } => {
                    *target
                }
                _ => return Err(bug("grouped update of another kind")),
            };
            let ExprKind::Index { index, .. } = func.expr(target).kind else {
                return Err(bug("grouped update of a non-element"));
            };
            let name = format!("somd_gi{}", index.0);
            writeln!(out, "{inner}const int {name} = {};", self.expr(cx, index)?)?;
            names.push((name, index, target));
        }
        let test: Vec<String> =
            names.iter().map(|(name, ..)| format!("((uint){name} < (uint){})", hist.len)).collect();
        writeln!(out, "{inner}if ({}) {{", test.join(" & "))?;
        let proven = cx.proven.clone();
        for (name, index, target) in &names {
            cx.hoisted.insert(*index, name.clone());
            cx.proven.insert(*target);
        }
        let mut fast = String::new();
        for stmt in stmts {
            fast.push_str(&self.stmt(cx, inner.next(), stmt)?);
        }
        for (_, index, _) in &names {
            cx.hoisted.remove(index);
        }
        cx.proven = proven;
        out.push_str(&fast);
        writeln!(out, "{inner}}} else {{")?;
        for stmt in stmts {
            out.push_str(&self.stmt(cx, inner.next(), stmt)?);
        }
        writeln!(out, "{inner}}}")?;
        writeln!(out, "{level}}}")?;
        Ok(out)
    }

    /// A segmented sum's update: `somd_acc = (T)(somd_acc + v)` in the update's promoted
    /// type, after the index is checked (the entry is the run's, `somd_cell`).
    fn segmented_update(
        &mut self,
        cx: &mut FnCx,
        level: Level,
        e: ExprId,
        hist: &HistCx,
    ) -> R<String> {
        let func = cx.func;
        let expr = func.expr(e);
        let (target, opty, value) = match &expr.kind {
            ExprKind::CompoundAssign { target, op, value } => {
                let PrimOrRef::Prim(opty) = op.ty else {
                    return Err(bug("reference compound assignment"));
                };
                let v = self.expr(cx, *value)?;
                let rty = self.prim_of(cx, *value)?;
                (*target, opty, convert(&v, rty, opty))
            }
            ExprKind::IncDec { target, delta, .. } => {
                let one = match (hist.elem, *delta > 0) {
                    (PrimType::Float, true) => "1.0f",
                    (PrimType::Float, false) => "(-1.0f)",
                    (_, true) => "1.0",
                    (_, false) => "(-1.0)",
                };
                (*target, hist.elem, one.to_string())
            }
            _ => return Err(bug("segmented update of another kind")),
        };
        let ExprKind::Index { index, .. } = &func.expr(target).kind else {
            return Err(bug("segmented update of a non-element"));
        };
        // The index `p[i]` (the analysis' shape, `p` in bounds by the host's check) is the
        // run's key: no load per iteration.
        let i = match &func.expr(*index).kind {
            ExprKind::Index { array, index: at }
                if matches!(
                    (&func.expr(*array).kind, &func.expr(*at).kind, hist.segment),
                    (ExprKind::Local(a), ExprKind::Local(b), Some((p, i))) if *a == p && *b == i
                ) =>
            {
                "somd_key".to_string()
            }
            _ => self.expr(cx, *index)?,
        };
        let checked = self.index_text(cx, target, func.expr(target).span, &i, &hist.len);
        let sum = format!("({} + {value})", convert("somd_acc", hist.elem, opty));
        let inner = level.next();
        let mut out = String::new();
        writeln!(out, "{level}{{")?;
        writeln!(out, "{inner}somd_cell = {checked};")?;
        writeln!(out, "{inner}somd_acc = {};", convert(&sum, opty, hist.elem))?;
        writeln!(out, "{level}}}")?;
        Ok(out)
    }
}

fn prim_c(p: PrimType) -> &'static str {
    super::writer::prim_c(p)
}

/// A loop bound as a size rule over the kernel's scalar arguments.
fn hist_size_rule(cx: &FnCx, s: &somd_mir::analysis::SizeExpr, m: &KernelManifest) -> R<SizeRule> {
    use somd_mir::analysis::SizeExpr;
    let arg = |text: String| -> R<SizeRule> {
        m.args
            .iter()
            .position(|a| a.name == text && matches!(a.kind, ArgKind::Scalar { .. }))
            .map(SizeRule::Arg)
            .ok_or_else(|| bug(format!("size {text} is not an argument")))
    };
    Ok(match s {
        SizeExpr::Const(v) => SizeRule::Const(*v),
        SizeExpr::Scalar(l) => arg(cx.name(*l).to_string())?,
        SizeExpr::Len { array, dim } => arg(format!("{}_len{dim}", cx.name(*array)))?,
        SizeExpr::Static { name, .. } => return Err(bug(format!("static {name} as a size"))),
        SizeExpr::Host(_) => return Err(bug("a host scalar in a histogram's size")),
        other => SizeRule::composite(other, |x| hist_size_rule(cx, x, m))
            .ok_or_else(|| bug("size operator".to_string()))??,
    })
}

/// Whether `value` can be computed before the statements of its iteration that precede it:
/// it cannot fail ([`may_fail`]), has no effect, reads only locals not in `assigned` and
/// elements of parameters not in `written` (see `hoist_update_values`).
fn hoistable(
    cx: &FnCx,
    value: ExprId,
    assigned: &HashSet<LocalId>,
    written: &HashSet<LocalId>,
) -> bool {
    let func = cx.func;
    let mut ok = !may_fail(cx, false, value);
    walk::each_expr(func, value, &mut |e| {
        ok &= match &func.expr(e).kind {
            ExprKind::Local(l) => !assigned.contains(l),
            ExprKind::Index { array, .. } => matches!(
                func.expr(*array).kind,
                ExprKind::Local(a) if func.params.contains(&a) && !written.contains(&a)
            ),
            ExprKind::Assign { .. }
            | ExprKind::CompoundAssign { .. }
            | ExprKind::IncDec { .. }
            | ExprKind::Call { .. } => false,
            _ => true,
        };
    });
    ok
}
