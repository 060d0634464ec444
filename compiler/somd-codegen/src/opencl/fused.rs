//! The kernel of consecutive host statements fused by `somd_mir::analysis::fuse`: each
//! work-item runs the elements of a grid-stride loop (coarsened: the host chooses the grid,
//! `ReductionInfo::strided`); per element it computes the producer `@`'s element (stored as
//! its result) or reads the mapped arguments and folds every reduction's function into its
//! private accumulators; the group's accumulators then leave one partial per work-group for
//! each reduction (`somd_partials0`, `somd_partials1`..). A stage whose
//! functions can fail records into an error buffer of its own (`somd_err1`..; the first
//! stage uses `somd_err`), which the host checks in stage order.

use super::kernels::{mapped_prim, mapped_storage, TreeOf};
use super::writer::{identity, prim_c, prim_storage, reduce_combine, FnCx, Writer, R};
use super::*;
use somd_mir::analysis::{KernelPlan, MapArgPlan};
use somd_mir::*;
use somd_syntax::ast::{PrimType, ReduceOp};
use std::fmt::Write as _;

impl Writer<'_> {
    /// Whether `f` or a function it calls records a failure somewhere.
    pub(super) fn can_fail(&mut self, f: FuncId) -> bool {
        let mut all = self.helpers_of(&[f]);
        all.insert(f);
        all.into_iter().any(|h| {
            let func = self.module.function(h);
            let mut cx = FnCx::helper(func, &self.taken_names);
            let _ = self.block(&mut cx, Level(1), &func.body);
            !cx.sites.is_empty()
        })
    }

    /// The call computing a fused producer's element at `item` (`analysis::mapfuse`),
    /// declaring its arguments after the consumer's `first` ones (mapped primitives or
    /// value classes, broadcast primitives or arrays, as `fused_kernel` declares them).
    pub(super) fn inline_producer(
        &mut self,
        m: &mut KernelManifest,
        decls: &mut Vec<String>,
        producer: FuncId,
        args: &[MapArgPlan],
        first: usize,
        item: &str,
    ) -> R<String> {
        let mut call_args = Vec::new();
        for (j, a) in args.iter().enumerate() {
            call_args.push(self.fused_arg(m, decls, a, first + j, item, true)?);
        }
        call_args.push("somd_err".into());
        Ok(format!("{}({})", self.fn_name(producer), call_args.join(", ")))
    }

    /// Declares argument `k` of a fused kernel as its `@` maps or broadcasts it (mapped
    /// primitives or value classes read at `item`, broadcast arrays with their lengths,
    /// broadcast primitives) and returns what the call passes; `read_only`: a mapped
    /// buffer is `const restrict` (a fused producer's argument).
    fn fused_arg(
        &mut self,
        m: &mut KernelManifest,
        decls: &mut Vec<String>,
        a: &MapArgPlan,
        k: usize,
        item: &str,
        read_only: bool,
    ) -> R<String> {
        let name = format!("arg{k}");
        Ok(match (a.mode, somd_mir::analysis::isolation::array_dims(&a.ty)) {
            // `Somd.range(n)`: element `i` is `i`, no buffer.
            (MapArg::Mapped, _) if a.range => mapped_prim(a, item.to_string()),
            (MapArg::Mapped, _) => {
                let elem = self.storage(&mapped_storage(a))?;
                if read_only {
                    Self::push_read_only_buffer(m, decls, &name, elem, k);
                } else {
                    Self::push_in_buffer(m, decls, &name, elem, k);
                }
                mapped_prim(a, format!("{name}[{item}]"))
            }
            (MapArg::Broadcast, Some((elem, rank))) => {
                let elem = self.buffer_c(&a.ty, elem)?;
                Self::push_in_buffer(m, decls, &name, elem, k);
                let mut pass = name.clone();
                for dim in 0..rank {
                    let n = Self::push_len(m, decls, &name, k, dim);
                    write!(pass, ", {n}")?;
                }
                pass
            }
            (MapArg::Broadcast, None) => {
                let ty = self.storage(&a.ty)?;
                Self::push_arg(
                    m,
                    decls,
                    format!("const {ty} {name}"),
                    &name,
                    ArgKind::Scalar { ty: ty.clone() },
                    ArgSource::Param(k),
                );
                name
            }
        })
    }

    pub(super) fn fused_kernel(
        &mut self,
        plan: &KernelPlan,
        args: &[MapArgPlan],
        producer: Option<&(FuncId, Type)>,
        reductions: &[(FuncId, ReduceOp, PrimType)],
        inline: Option<(usize, FuncId, &[MapArgPlan])>,
        m: &mut KernelManifest,
    ) -> R<String> {
        let mut decls = Vec::new();
        let mut call_args = Vec::new();
        for (k, a) in args.iter().enumerate() {
            if let Some((_, f, inline_args)) = inline.filter(|(slot, ..)| *slot == k) {
                let first = args.len();
                call_args.push(self.inline_producer(
                    m,
                    &mut decls,
                    f,
                    inline_args,
                    first,
                    "somd_i",
                )?);
                continue;
            }
            call_args.push(self.fused_arg(m, &mut decls, a, k, "somd_i", false)?);
        }
        self.push_result_and_count(m, &mut decls, producer.map(|(_, elem)| elem))?;
        for (j, (_, op, ty)) in reductions.iter().enumerate() {
            let elem = prim_storage(*ty).to_string();
            let (pk, sk) = Self::push_tree_args_named(m, &mut decls, &elem, &j.to_string());
            if j == 0 {
                m.reduction = Some(ReductionInfo {
                    op: op.symbol().into(),
                    elem,
                    partials_arg: pk,
                    scratch_arg: Some(sk),
                    finish: "one partial per work-group for each reduction \
                             (somd_partials0, somd_partials1..); the host combines each \
                             with its operator"
                        .into(),
                    strided: true,
                });
            }
        }
        // Stages in Java's order: the producer, then each reduction. The first stage, and
        // every stage that cannot fail, use `somd_err`.
        let mut stages: Vec<FuncId> = producer.iter().map(|(f, _)| *f).collect();
        stages.extend(reductions.iter().map(|(f, _, _)| *f));
        let mut errs = Vec::new();
        for (s, f) in stages.iter().enumerate() {
            if s > 0 && self.can_fail(*f) {
                let name = format!("somd_err{s}");
                Self::push_err(m, &mut decls, &name, ArgSource::LaterError);
                errs.push(name);
            } else {
                errs.push("somd_err".into());
            }
        }
        // A producer computed inline records into `somd_err` with the element's key; the
        // consumer (the first stage), after all of its elements (`kernels::consumer_at`).
        let inline_stage = inline.is_some() && producer.is_some();
        if inline_stage {
            errs[0] = "somd_err_g".into();
        }
        self.push_main_err(m, &mut decls);
        let l1 = Level(1);
        let l2 = l1.next();
        let mut out = String::new();
        writeln!(out, "/* {} at {}:{}:{} */", m.origin, m.file, m.line, m.col)?;
        writeln!(out, "__kernel void {}({})\n{{", plan.name, decls.join(",\n        "))?;
        // Every stage's failure context; each element is one iteration of each.
        let later: Vec<&String> =
            errs.iter().filter(|e| *e != "somd_err" && *e != "somd_err_g").collect();
        out.push_str(&self.err_init(l1, "somd_err"));
        if inline_stage {
            out.push_str(&super::kernels::consumer_err_init(l1));
        }
        for name in &later {
            out.push_str(&self.err_init(l1, name));
        }
        for (j, (_, op, ty)) in reductions.iter().enumerate() {
            writeln!(out, "{l1}{} somd_v{j} = {};", prim_c(*ty), identity(*op, *ty)?)?;
        }
        out.push_str(&Self::strided_loop(l1)?);
        if inline_stage {
            out.push_str(&super::kernels::consumer_at(l2, "somd_t"));
        }
        for name in &later {
            writeln!(out, "{l2}{name}->key = somd_err->key;")?;
        }
        let mut stage = 0;
        let reduce_args = match producer {
            Some((f, elem)) => {
                let ty = self.ty(elem)?;
                let callee = self.fn_name(*f);
                writeln!(
                    out,
                    "{l2}const {ty} somd_p = {callee}({}, {});",
                    call_args.join(", "),
                    errs[0]
                )?;
                writeln!(out, "{l2}somd_out[somd_i] = somd_p;")?;
                stage = 1;
                "somd_p".to_string()
            }
            None => call_args.join(", "),
        };
        // Each function's value is computed before it is combined (a short-circuit `&&`
        // must not skip a function), in Java's order of the statements.
        for (j, (f, op, ty)) in reductions.iter().enumerate() {
            let callee = self.fn_name(*f);
            let ret = self.ty(&self.module.function(*f).ret)?;
            writeln!(
                out,
                "{l2}const {ret} somd_r{j} = {callee}({reduce_args}, {});",
                errs[stage + j]
            )?;
            let v = format!("somd_v{j}");
            writeln!(out, "{l2}{v} = {};", reduce_combine(*op, *ty, &v, &format!("somd_r{j}"))?)?;
        }
        writeln!(out, "{l1}}}")?;
        // The reductions' trees share their barriers.
        let names: Vec<[String; 3]> = (0..reductions.len())
            .map(|j| {
                [format!("somd_v{j}"), format!("somd_scratch{j}"), format!("somd_partials{j}")]
            })
            .collect();
        let trees: Vec<TreeOf> = reductions
            .iter()
            .zip(&names)
            .map(|((_, op, ty), [value, scratch, partials])| TreeOf {
                value,
                scratch,
                partials,
                op: *op,
                ty: *ty,
            })
            .collect();
        writeln!(out, "{l1}{{")?;
        out.push_str(&self.trees(l2, &trees, &[])?);
        writeln!(out, "{l1}}}")?;
        out.push_str("}\n");
        Ok(out)
    }
}
