//! Widened elementwise kernels: `SOMD_WIDTH` consecutive iterations per work-item.
//!
//! A 1-D SOMD loop whose body is elementwise, or a `@` of primitive elements, runs
//! `SOMD_WIDTH` consecutive iterations (elements) in each work-item. The width is a build
//! option the runtime sets from its `SOMD_WIDEN` switch (`-DSOMD_WIDTH=W`, W in 1, 2, 3, 4,
//! 8, 16; default 4), and the host launches `ceil(n / W)` work-items for `n` iterations
//! (`KernelManifest::widened`). A work-item whose `W` iterations are all in range (and,
//! for a SOMD loop, whose hoisted length tests hold) loads each array it reads with one
//! `vloadW` into a private array (`SOMD_WLOAD`, `runtime/cl/somd_java.cl`), runs the body
//! once per element in index order, and stores each output with one `vstoreW`. The last
//! work-item (the `n % W` tail) and a launch whose length tests fail run the iterations
//! one at a time through the ordinary (checked) body, in index order.
//!
//! Results are those of one element per work-item: each element's body is the same
//! expression text, `FP_CONTRACT` stays off, and an element reads and writes only its own
//! index. Failures stay in Java order within the work-item: the elements run in index
//! order, a statement-form check returns before the later ones, an expression-form check
//! (`SOMD_INDEX`, `somd_idiv`, a callee that fails) records the first failure and the later
//! ones of the work-item find the failure already recorded. Across work-items the recorded
//! failure is the first to record, as with one element per work-item.
//!
//! Which SOMD loops: 1-D, step 1, no reduction, histogram, lanes form or array alias, not
//! part of a function with other loops (a `sync` body's kernels share their outputs
//! between launches; with one loop the output is the host's zeroed buffer), writing no
//! parameter (so every parameter is `const restrict` and no buffer is both read and
//! written), no `return` or labelled jump, no array passed to a call; every array access is
//! `a[i]` at the loop's index `i` of a 1-D primitive parameter or output; every access
//! proven in range by the loop's guard or by a hoisted length test. Otherwise one element
//! per work-item, as before. Which `@`s: a `@` (not a filter task) without tiles, lanes or
//! a reduction, whose mapped arguments are primitive elements (at least one from a buffer;
//! a `Somd.range`'s element `somd_k` is `somd_first + somd_k`, and an element Java widens is
//! loaded as the argument's type and converted), whose broadcast arguments are scalars,
//! whose function has no loop and whose result is primitive.

use super::writer::{FnCx, Writer, R};
use super::*;
use somd_mir::analysis::isolation::{array_dims, vector_of};
use somd_mir::analysis::{bounds, walk, SomdBody};
use somd_mir::*;
use std::collections::{BTreeSet, HashMap};
use std::fmt::Write as _;

/// The arrays of a widened SOMD loop: each array the body accesses, its private array's
/// name and C element type, and whether it is an output (stored) or a parameter (loaded).
pub(super) struct WideArrays {
    arrays: Vec<(LocalId, String, String, bool)>,
}

impl Writer<'_> {
    /// The arrays of `body`'s loop when it can run widened (module doc), else `None`.
    /// `inner` is the loop's body; `writes_params`: whether the kernel writes or passes on
    /// a parameter.
    pub(super) fn elementwise_arrays(
        &self,
        cx: &FnCx,
        body: &SomdBody,
        inner: &Block,
        writes_params: bool,
    ) -> R<Option<WideArrays>> {
        let func = cx.func;
        let [d] = &body.parallel.dims[..] else { return Ok(None) };
        if writes_params
            || d.step != 1
            || body.parallel.reduction.is_some()
            || cx.hist.is_some()
            || !cx.aliases.is_empty()
            || walk::loops(func).len() != 1
        {
            return Ok(None);
        }
        let mut jumps = false;
        walk::each_stmt(inner, &mut |s| {
            jumps |= matches!(s, Stmt::Return(_) | Stmt::Break(Some(_)) | Stmt::Continue(Some(_)));
        });
        if jumps {
            return Ok(None);
        }
        let i = d.index;
        let assigned = walk::assigned_in_block(func, inner);
        if assigned.contains(&i) {
            return Ok(None);
        }
        // Candidates: 1-D primitive parameters and outputs.
        let outputs: BTreeSet<LocalId> = body.outputs.iter().map(|(o, _)| *o).collect();
        let one_d_prim = |l: LocalId| {
            let ty = &func.local(l).ty;
            vector_of(ty).is_none() && matches!(array_dims(ty), Some((Type::Prim(_), 1)))
        };
        let mut ok = true;
        let mut used = BTreeSet::new();
        walk::each_expr_in_block(func, inner, &mut |e| match &func.expr(e).kind {
            ExprKind::Index { array, index } => {
                match (&func.expr(*array).kind, &func.expr(*index).kind) {
                    (ExprKind::Local(a), ExprKind::Local(j))
                        if *j == i
                            && (func.params.contains(a) || outputs.contains(a))
                            && one_d_prim(*a)
                            && !assigned.contains(a) =>
                    {
                        used.insert(*a);
                    }
                    _ => ok = false,
                }
            }
            ExprKind::Call { args, .. } | ExprKind::New { args, .. } => {
                ok &= args.iter().all(|a| {
                    !matches!(func.expr(*a).kind, ExprKind::Local(l)
                        if matches!(func.local(l).ty, Type::Array(_)))
                });
            }
            _ => {}
        });
        if !ok || used.is_empty() {
            return Ok(None);
        }
        let mut arrays = Vec::new();
        for a in used {
            let Some((elem, 1)) = array_dims(&func.local(a).ty) else { return Ok(None) };
            let c = self.storage(elem)?;
            arrays.push((a, format!("somd_w_{}", cx.name(a)), c, outputs.contains(&a)));
        }
        Ok(Some(WideArrays { arrays }))
    }

    /// The widened loop of a SOMD kernel (module doc), from its index declaration to its
    /// end; `None` when some access of `inner` is neither proven in range nor covered by a
    /// hoisted length test (the kernel then runs one element per work-item).
    pub(super) fn widened_loop(
        &mut self,
        cx: &mut FnCx,
        level: Level,
        body: &SomdBody,
        inner: &Block,
        known: &[(LocalId, bounds::Range)],
        wide: &WideArrays,
    ) -> R<Option<String>> {
        let func = cx.func;
        let [d] = &body.parallel.dims[..] else { return Ok(None) };
        let guards = self.guards(cx, inner, known);
        if !self.options.unchecked {
            let mut covered = cx.proven.clone();
            covered.extend(guards.iter().flat_map(|g| g.accesses.iter().copied()));
            let mut all = true;
            walk::each_expr_in_block(func, inner, &mut |e| {
                if matches!(func.expr(e).kind, ExprKind::Index { .. }) {
                    all &= covered.contains(&e);
                }
            });
            if !all {
                return Ok(None);
            }
        }
        let (l2, l3) = (level.next(), level.next().next());
        let l4 = l3.next();
        let name = cx.name(d.index).to_string();
        let (lo, hi) = (self.bound(cx, d, &d.lo)?, self.bound(cx, d, &d.hi)?);
        let mut tests = vec![format!("somd_first + SOMD_WIDTH <= (long)({hi})")];
        tests.extend(super::kernels::guard_tests(cx, &guards));
        let mut out = String::new();
        // Element `q * W + k` of the range is `lo + q * W + k`: the vectors are number `q`
        // of each array from its element `lo`.
        let from = |array: &str| match lo.as_str() {
            "0" => array.to_string(),
            _ => format!("{array} + ({lo})"),
        };
        writeln!(out, "{level}const size_t somd_q = get_global_id(0);")?;
        writeln!(out, "{level}const long somd_first = (long)({lo}) + (long)somd_q * SOMD_WIDTH;")?;
        writeln!(out, "{level}if (!(somd_first < (long)({hi}))) return;")?;
        writeln!(
            out,
            "{level}/* SOMD_WIDTH iterations: whole vectors when all are in range{}; one at a time otherwise. */",
            if guards.is_empty() { "" } else { " and the lengths allow" }
        )?;
        writeln!(out, "{level}if ({}) {{", tests.join(" && "))?;
        for (a, w, elem, output) in &wide.arrays {
            let array = cx.name(*a).to_string();
            if *output {
                // The host zeroed the buffer: elements the body does not store stay 0.
                writeln!(out, "{l2}{elem} {w}[SOMD_WIDTH] = {{0}};")?;
            } else {
                writeln!(out, "{l2}{elem} {w}[SOMD_WIDTH];")?;
                writeln!(out, "{l2}SOMD_WLOAD({w}, somd_q, {});", from(&array))?;
            }
        }
        writeln!(out, "{l2}#pragma unroll")?;
        if d.reversed {
            // Stepping down: the elements in Java's order, iteration `hi - 1 - index`.
            writeln!(out, "{l2}for (int somd_k = SOMD_WIDTH - 1; somd_k >= 0; somd_k--) {{")?;
            out.push_str(&super::kernels::at(
                l3,
                &format!("(long)({hi}) - 1L - (somd_first + somd_k)"),
            ));
        } else {
            writeln!(out, "{l2}for (int somd_k = 0; somd_k < SOMD_WIDTH; somd_k++) {{")?;
            out.push_str(&super::kernels::at(l3, "(long)somd_q * SOMD_WIDTH + somd_k"));
        }
        writeln!(out, "{l3}const int {name} = (int)(somd_first + somd_k);")?;
        writeln!(out, "{l3}do {{")?;
        let checked = cx.proven.clone();
        cx.proven.extend(guards.iter().flat_map(|g| g.accesses.iter().copied()));
        let arrays: HashMap<LocalId, String> =
            wide.arrays.iter().map(|(a, w, _, _)| (*a, w.clone())).collect();
        cx.widened = Some((d.index, arrays));
        let fast = self.block(cx, l4, inner);
        cx.widened = None;
        cx.proven = checked;
        out.push_str(&fast?);
        writeln!(out, "{l3}}} while (0);")?;
        writeln!(out, "{l2}}}")?;
        for (a, w, _, output) in &wide.arrays {
            if *output {
                writeln!(out, "{l2}SOMD_WSTORE({w}, somd_q, {});", from(cx.name(*a)))?;
            }
        }
        writeln!(out, "{level}}} else {{")?;
        writeln!(out, "{l2}const long somd_end = min(somd_first + SOMD_WIDTH, (long)({hi}));")?;
        if d.reversed {
            // A loop stepping down: the work-item's elements in Java's order (their keys
            // grow), iteration `hi - 1 - index`.
            writeln!(
                out,
                "{l2}for (long somd_pos0 = somd_end - 1; somd_pos0 >= somd_first; somd_pos0--) {{"
            )?;
            out.push_str(&super::kernels::at(l3, &format!("(long)({hi}) - 1L - somd_pos0")));
        } else {
            writeln!(
                out,
                "{l2}for (long somd_pos0 = somd_first; somd_pos0 < somd_end; somd_pos0++) {{"
            )?;
            out.push_str(&super::kernels::at(l3, &format!("somd_pos0 - (long)({lo})")));
        }
        writeln!(out, "{l3}const int {name} = (int)somd_pos0;")?;
        out.push_str(&self.versioned_with(cx, l3, inner, &guards)?);
        writeln!(out, "{l2}}}")?;
        writeln!(out, "{level}}}")?;
        Ok(Some(out))
    }

    /// The body of a widened `@` kernel (module doc): `args` are the mapped arguments
    /// (position in the call, argument, C type), `res` the result's C type, `wide_call` the
    /// call on element `somd_k` of the private arrays, `call` the call on element `somd_i`.
    pub(super) fn widened_map(
        level: Level,
        args: &[(usize, usize, String)],
        res: &str,
        wide_call: &str,
        call: &str,
    ) -> R<String> {
        let (l2, l3) = (level.next(), level.next().next());
        let mut out = String::new();
        writeln!(out, "{level}const size_t somd_q = get_global_id(0);")?;
        writeln!(out, "{level}const long somd_first = (long)somd_q * SOMD_WIDTH;")?;
        writeln!(out, "{level}if (somd_first >= (long)somd_n) return;")?;
        writeln!(
            out,
            "{level}/* SOMD_WIDTH elements: whole vectors when all are in range; one at a time otherwise. */"
        )?;
        writeln!(out, "{level}if (somd_first + SOMD_WIDTH <= (long)somd_n) {{")?;
        for (_, k, elem) in args {
            writeln!(out, "{l2}{elem} somd_w{k}[SOMD_WIDTH];")?;
            writeln!(out, "{l2}SOMD_WLOAD(somd_w{k}, somd_q, arg{k});")?;
        }
        writeln!(out, "{l2}{res} somd_wout[SOMD_WIDTH];")?;
        writeln!(out, "{l2}#pragma unroll")?;
        writeln!(out, "{l2}for (int somd_k = 0; somd_k < SOMD_WIDTH; somd_k++) {{")?;
        out.push_str(&super::kernels::at(l3, "(long)somd_q * SOMD_WIDTH + somd_k"));
        writeln!(out, "{l3}somd_wout[somd_k] = {wide_call};")?;
        writeln!(out, "{l2}}}")?;
        writeln!(out, "{l2}SOMD_WSTORE(somd_wout, somd_q, somd_out);")?;
        writeln!(out, "{level}}} else {{")?;
        writeln!(out, "{l2}for (int somd_i = (int)somd_first; somd_i < somd_n; somd_i++) {{")?;
        out.push_str(&super::kernels::at(l3, "somd_i"));
        writeln!(out, "{l3}somd_out[somd_i] = {call};")?;
        writeln!(out, "{l2}}}")?;
        writeln!(out, "{level}}}")?;
        Ok(out)
    }
}
