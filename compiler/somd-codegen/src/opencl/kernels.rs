//! The kernel shapes of [`KernelKind`]: SOMD loops (1-D/2-D, with or without a
//! reduction), `@` maps (alone or fused into a `!`), `C.m !` folds and filter batches, each
//! with its manifest (argument order, global size, reduction, sites).

use super::writer::{identity, prim_c, prim_storage, reduce_combine, vector_c, FnCx, Writer, R};
use super::*;
use somd_mir::analysis::isolation::vector_of;
use somd_mir::analysis::{
    bounds, walk, KernelKind, KernelPlan, LoopDim, SizeExpr, SomdBody, SomdResult,
};
use somd_mir::*;
use somd_syntax::ast::{PrimType, ReduceOp};
use std::collections::{BTreeSet, HashMap};
use std::fmt::Write as _;

use super::writer::{bug, geometry_dim};

impl Writer<'_> {
    // ---- kernels ----

    pub(super) fn kernel(
        &mut self,
        plan: &KernelPlan,
    ) -> R<Option<(KernelManifest, String, BTreeSet<FuncId>)>> {
        let func = self.module.function(plan.func);
        let (file, line, col) = self.pos(plan.span);
        let mut m = KernelManifest {
            name: plan.name.clone(),
            source_function: func.name.clone(),
            origin: String::new(),
            file,
            line,
            col,
            args: Vec::new(),
            global: Vec::new(),
            reduction: None,
            sites: Vec::new(),
            needs_fp64: plan.needs_fp64,
            constant: None,
            widened: false,
            narrow: Vec::new(),
            setup_fails: false,
            square_groups: false,
            ragged: None,
            rows: None,
            tiles: None,
            standalone: String::new(),
        };
        let (text, helpers, sites) = match &plan.kind {
            KernelKind::SomdLoop(body) => {
                m.origin = "SOMD method".into();
                let (t, s) = self.somd_kernel(plan, body, true, &mut m)?;
                (t, self.helpers_of(&[plan.func]), s)
            }
            KernelKind::Intermediate { body, params } => {
                m.origin = "intermediate reduction".into();
                let (t, s) = self.somd_kernel(plan, body, false, &mut m)?;
                Self::bind_intermediate(&mut m, params)?;
                (t, self.helpers_of(&[plan.func]), s)
            }
            KernelKind::Map { args, elem } => {
                m.origin = "@".into();
                let base = m.clone();
                let (mut t, mut s) =
                    self.map_kernel(plan, args, Some(elem), None, None, None, &mut m)?;
                self.ragged_variant(plan, args, Some(elem), None, base, &mut m, &mut t, &mut s)?;
                let mut h = self.helpers_of(&[plan.func]);
                h.insert(plan.func);
                (t, h, s)
            }
            KernelKind::FusedMap { args, elem, slot, producer, producer_args } => {
                m.origin = "@".into();
                let inline = Some((*slot, *producer, &producer_args[..]));
                let (t, s) = self.map_kernel(plan, args, Some(elem), None, inline, None, &mut m)?;
                let mut h = self.helpers_of(&[plan.func, *producer]);
                h.insert(plan.func);
                h.insert(*producer);
                (t, h, s)
            }
            KernelKind::MapReduce { args, op, elem } => {
                m.origin = format!("{} ! @", op.symbol());
                let base = m.clone();
                let reduce = Some((*op, *elem));
                let (mut t, mut s) =
                    self.map_kernel(plan, args, None, reduce, None, None, &mut m)?;
                self.ragged_variant(plan, args, None, reduce, base, &mut m, &mut t, &mut s)?;
                let mut h = self.helpers_of(&[plan.func]);
                h.insert(plan.func);
                (t, h, s)
            }
            KernelKind::FusedMapReduce { args, producer, reductions, inline } => {
                m.origin = "fused statements".into();
                let inline = inline.as_ref().map(|(s, f, a)| (*s, *f, &a[..]));
                let t =
                    self.fused_kernel(plan, args, producer.as_ref(), reductions, inline, &mut m)?;
                let mut roots: Vec<FuncId> = producer.iter().map(|(f, _)| *f).collect();
                roots.extend(inline.map(|(_, f, _)| f));
                roots.extend(reductions.iter().map(|(f, _, _)| *f));
                let mut h = self.helpers_of(&roots);
                h.extend(roots);
                (t, h, BTreeSet::new())
            }
            KernelKind::Filter { input, output } => {
                m.origin = "task".into();
                let args = vec![somd_mir::analysis::MapArgPlan {
                    mode: MapArg::Mapped,
                    ty: input.clone(),
                    from: None,
                    range: false,
                }];
                let base = m.clone();
                let (mut t, mut s) =
                    self.map_kernel(plan, &args, Some(output), None, None, None, &mut m)?;
                // Items of different lengths run the ragged variant.
                self.ragged_variant(plan, &args, Some(output), None, base, &mut m, &mut t, &mut s)?;
                let mut h = self.helpers_of(&[plan.func]);
                h.insert(plan.func);
                (t, h, s)
            }
            KernelKind::Histogram(body) => {
                m.origin = "SOMD method".into();
                let (t, s) = self.histogram_kernel(plan, body, &mut m)?;
                (t, self.helpers_of(&[plan.func]), s)
            }
            KernelKind::FoldFunc { elem, range } => {
                m.origin = "!".into();
                let t = self.fold_kernel(plan, elem, *range, &mut m)?;
                let mut h = self.helpers_of(&[plan.func]);
                h.insert(plan.func);
                (t, h, BTreeSet::new())
            }
        };
        // Sites of helpers count for the kernel too.
        let mut all_sites = sites;
        for h in &helpers {
            let f = self.module.function(*h);
            let mut cx = FnCx::helper(f, &self.taken_names);
            let _ = self.block(&mut cx, Level(1), &f.body);
            all_sites.extend(cx.sites);
        }
        m.sites = all_sites.into_iter().collect();
        Ok(Some((m, text, helpers)))
    }

    /// The arguments of an intermediate reduction's kernel (written from the callee, whose
    /// parameters it declares) bound to the calling SOMD body's: an array parameter to the
    /// caller's parameter `p` passed whole (buffer and lengths), a scalar to a host value
    /// (in parameter order), which the host computes before the launch.
    fn bind_intermediate(m: &mut KernelManifest, params: &[Option<usize>]) -> R<()> {
        let caller = |pi: usize| -> R<usize> {
            params
                .get(pi)
                .copied()
                .flatten()
                .ok_or_else(|| bug("intermediate reduction: array argument not bound"))
        };
        let host_value = |pi: usize| params.iter().take(pi).filter(|p| p.is_none()).count();
        for arg in &mut m.args {
            arg.source = match &arg.source {
                ArgSource::Param(pi) => match params.get(*pi) {
                    Some(Some(p)) => ArgSource::Param(*p),
                    Some(None) => ArgSource::HostValue(host_value(*pi)),
                    None => return Err(bug("intermediate reduction: parameter out of range")),
                },
                ArgSource::Length { param, dim } => {
                    ArgSource::Length { param: caller(*param)?, dim: *dim }
                }
                ArgSource::Offset { .. } | ArgSource::GlobalLength { .. } => {
                    return Err(bug("intermediate reduction reading the MI geometry"))
                }
                other => other.clone(),
            };
        }
        if let Some(r) = &mut m.reduction {
            r.finish = format!(
                "launch: 1-D NDRange of n work-items in power-of-two work-groups; one partial \
                 per work-group; the host combines the partials with `{}` and folds them into \
                 the accumulator's initial value (the callee's result on the whole arrays)",
                r.op
            );
        }
        Ok(())
    }

    /// One `const int` argument per `Somd.offset(p, d)` / `Somd.globalLength(p, d)` the body
    /// uses (`p_offD` / `p_glenD`), which the host fills in for its one MI.
    pub(super) fn push_geometry_args(
        m: &mut KernelManifest,
        decls: &mut Vec<String>,
        func: &Function,
        cx: &FnCx,
    ) -> R<()> {
        let mut geometry = BTreeSet::new();
        for e in &func.exprs {
            if let ExprKind::Builtin {
                builtin: b @ (Builtin::SomdOffset | Builtin::SomdGlobalLength),
                args,
            } = &e.kind
            {
                // Only a SOMD body's parameters are distributed: the writer gives any other
                // array (a helper's or an intermediate reduction's parameter included)
                // offset 0 and its own length.
                if let Some(ExprKind::Local(l)) = args.first().map(|a| &func.expr(*a).kind) {
                    if func.somd.is_some() && func.params.contains(l) {
                        geometry.insert((*l, *b == Builtin::SomdOffset, geometry_dim(func, args)?));
                    }
                }
            }
        }
        for (l, is_off, dim) in geometry {
            let Some(pi) = func.params.iter().position(|p| *p == l) else { continue };
            let n = format!("{}_{}{dim}", cx.name(l), if is_off { "off" } else { "glen" });
            let src = if is_off {
                ArgSource::Offset { param: pi, dim }
            } else {
                ArgSource::GlobalLength { param: pi, dim }
            };
            Self::push_arg(
                m,
                decls,
                format!("const int {n}"),
                &n,
                ArgKind::Scalar { ty: "int".into() },
                src,
            );
        }
        Ok(())
    }

    pub(super) fn push_arg(
        m: &mut KernelManifest,
        decls: &mut Vec<String>,
        decl: String,
        name: &str,
        kind: ArgKind,
        source: ArgSource,
    ) -> usize {
        decls.push(decl);
        m.args.push(KernelArg { name: name.to_string(), kind, source });
        m.args.len() - 1
    }

    /// An error buffer `__global int *{name}_buf` and its launch's epoch `const uint
    /// {name}_epoch` (`runtime/cl/somd_errors.cl`); the kernel opens its body with
    /// [`err_init`] of the same name, which declares `{name}`, the work-item's context.
    pub(super) fn push_err(
        m: &mut KernelManifest,
        decls: &mut Vec<String>,
        name: &str,
        source: ArgSource,
    ) {
        Self::push_arg(m, decls, format!("__global int *{name}_buf"), name, ArgKind::Err, source);
        Self::push_arg(
            m,
            decls,
            format!("const uint {name}_epoch"),
            &format!("{name}_epoch"),
            ArgKind::Epoch,
            ArgSource::Epoch,
        );
    }

    /// The kernel's first error buffer `somd_err` ([`Writer::push_err`]), after the
    /// program's statics buffer `somd_st` when it has static data ([`KernelSet::statics`]).
    pub(super) fn push_main_err(&self, m: &mut KernelManifest, decls: &mut Vec<String>) {
        if !self.statics.is_empty() {
            Self::push_arg(
                m,
                decls,
                "__global const uchar *restrict somd_st".into(),
                "somd_st",
                ArgKind::Statics,
                // The fields are filled in once the kernel and its helpers are known
                // (`write_kernels`).
                ArgSource::Statics(Vec::new()),
            );
        }
        Self::push_err(m, decls, "somd_err", ArgSource::ErrorBuffer);
    }

    /// The declarations opening a kernel's body for its error buffer `name`
    /// ([`Writer::push_err`]): the work-item's failure context `{name}_cx` (buffer, epoch,
    /// the key of the iteration running now: 0 until the first [`at`]; the statics buffer
    /// when the program has one) and `{name}`, the pointer helpers are passed.
    pub(super) fn err_init(&self, level: Level, name: &str) -> String {
        let st = if self.statics.is_empty() { "" } else { ", somd_st" };
        format!(
            "{level}somd_cx {name}_cx = {{ {name}_buf, {name}_epoch, 0u{st} }};\n\
             {level}somd_cx *const {name} = &{name}_cx;\n"
        )
    }

    /// A read-only buffer argument `__global const {elem} *{name}` from construct argument
    /// `param`.
    pub(super) fn push_const_buffer(
        m: &mut KernelManifest,
        decls: &mut Vec<String>,
        name: &str,
        elem: String,
        param: usize,
    ) -> usize {
        Self::push_arg(
            m,
            decls,
            format!("__global const {elem} *{name}"),
            name,
            ArgKind::Buffer { access: Access::In, elem },
            ArgSource::Param(param),
        )
    }

    /// The arguments of a work-group tree reduction: the per-group partials (out) and the
    /// local scratch the tree runs in. Returns their indices.
    fn push_tree_args(
        m: &mut KernelManifest,
        decls: &mut Vec<String>,
        elem: &str,
    ) -> (usize, usize) {
        Self::push_tree_args_named(m, decls, elem, "")
    }

    /// [`Self::push_tree_args`] with `suffix` after the argument names (`somd_partials0`,
    /// `somd_scratch0`, .. of a fused kernel's reductions).
    pub(super) fn push_tree_args_named(
        m: &mut KernelManifest,
        decls: &mut Vec<String>,
        elem: &str,
        suffix: &str,
    ) -> (usize, usize) {
        let (p, s) = (format!("somd_partials{suffix}"), format!("somd_scratch{suffix}"));
        let partials = Self::push_arg(
            m,
            decls,
            format!("__global {elem} *{p}"),
            &p,
            ArgKind::Buffer { access: Access::Out, elem: elem.to_string() },
            ArgSource::Partials,
        );
        let scratch = Self::push_arg(
            m,
            decls,
            format!("__local {elem} *{s}"),
            &s,
            ArgKind::Local { elem: elem.to_string() },
            ArgSource::Scratch,
        );
        (partials, scratch)
    }

    /// An input buffer `__global elem *name` holding argument `k` of the construct.
    pub(super) fn push_in_buffer(
        m: &mut KernelManifest,
        decls: &mut Vec<String>,
        name: &str,
        elem: String,
        k: usize,
    ) -> usize {
        Self::push_arg(
            m,
            decls,
            format!("__global {elem} *{name}"),
            name,
            ArgKind::Buffer { access: Access::In, elem },
            ArgSource::Param(k),
        )
    }

    /// A SOMD method's parameter `name` of a bounded value-array type `elem[[n]]` held as an
    /// OpenCL vector (`vector_of`): the argument crosses as a buffer of one vector
    /// (`name_v`, as a broadcast `@` argument does), and the kernel's body reads the value
    /// the declaration this returns makes of it (`const float4 name = name_v[0];`).
    pub(super) fn push_vector_param(
        m: &mut KernelManifest,
        decls: &mut Vec<String>,
        name: &str,
        elem: PrimType,
        n: u32,
        k: usize,
    ) -> String {
        let ty = vector_c(elem, n);
        let buffer = format!("{name}_v");
        Self::push_read_only_buffer(m, decls, &buffer, ty.clone(), k);
        format!("const {ty} {name} = {buffer}[0];")
    }

    /// An input buffer `__global const elem *restrict name` holding argument `k`, which the
    /// kernel only reads element by element: a value array or a read-only array, never
    /// the buffer the kernel writes (its result is a buffer of its own).
    pub(super) fn push_read_only_buffer(
        m: &mut KernelManifest,
        decls: &mut Vec<String>,
        name: &str,
        elem: String,
        k: usize,
    ) -> usize {
        Self::push_arg(
            m,
            decls,
            format!("__global const {elem} *restrict {name}"),
            name,
            ArgKind::Buffer { access: Access::In, elem },
            ArgSource::Param(k),
        )
    }

    /// Argument `k` of a `@` of `f`, just declared as `name`, when it may be stored narrow
    /// (`somd_mir::analysis::narrow`): declared with its element type macro, and listed in
    /// the manifest unless `tiled` (it keeps `int` storage: a tiled kernel copies it to
    /// `__local` memory as `int`; a fused producer's arrays reach the same macro as `int`).
    pub(super) fn narrow_arg(
        &self,
        f: FuncId,
        k: usize,
        tiled: bool,
        name: &str,
        decls: &mut [String],
        m: &mut KernelManifest,
    ) {
        let Some(Ok(macro_name)) = self.narrow_roots.get(&(f, k)) else { return };
        if let Some(last) = decls.last_mut() {
            *last = format!("__global {macro_name} *{name}");
        }
        if !tiled {
            m.narrow.push((k, macro_name.clone()));
        }
    }

    /// The length `name_len{dim}` of dimension `dim` of array argument `k`; its name.
    pub(super) fn push_len(
        m: &mut KernelManifest,
        decls: &mut Vec<String>,
        name: &str,
        k: usize,
        dim: u8,
    ) -> String {
        let n = format!("{name}_len{dim}");
        Self::push_arg(
            m,
            decls,
            format!("const int {n}"),
            &n,
            ArgKind::Scalar { ty: "int".into() },
            ArgSource::Length { param: k, dim },
        );
        n
    }

    /// The arguments every `@`-shaped kernel ends with: the result buffer `somd_out` when
    /// the function's result `result` is stored, then the element count `somd_n`, which is
    /// also the global size.
    pub(super) fn push_result_and_count(
        &mut self,
        m: &mut KernelManifest,
        decls: &mut Vec<String>,
        result: Option<&Type>,
    ) -> R<()> {
        if let Some(res) = result {
            let elem = self.storage(res)?;
            Self::push_arg(
                m,
                decls,
                format!("__global {elem} *somd_out"),
                "somd_out",
                ArgKind::Buffer { access: Access::Out, elem },
                ArgSource::Result,
            );
        }
        let nk = Self::push_arg(
            m,
            decls,
            "const int somd_n".into(),
            "somd_n",
            ArgKind::Scalar { ty: "int".into() },
            ArgSource::Count,
        );
        m.global.push(SizeRule::Arg(nk));
        Ok(())
    }

    /// The rule of bound `s` of loop dimension `d`: Java's wrapping value
    /// ([`SizeRule::Java`]) when a bound of `d` reads a host scalar, as the kernel computes
    /// it (`Writer::bound`).
    fn bound_rule(
        &self,
        d: &LoopDim,
        s: &SizeExpr,
        scalars: &HashMap<String, usize>,
        cx: &FnCx,
    ) -> R<SizeRule> {
        let rule = self.size_rule(s, scalars, cx)?;
        Ok(match d.lo.mentions_host() || d.hi.mentions_host() {
            true => SizeRule::Java(Box::new(rule)),
            false => rule,
        })
    }

    fn size_rule(&self, s: &SizeExpr, scalars: &HashMap<String, usize>, cx: &FnCx) -> R<SizeRule> {
        Ok(match s {
            SizeExpr::Const(v) => SizeRule::Const(*v),
            SizeExpr::Scalar(_)
            | SizeExpr::Host(_)
            | SizeExpr::Len { .. }
            | SizeExpr::Static { .. } => {
                let text = self.size(cx, s)?;
                SizeRule::Arg(
                    *scalars
                        .get(&text)
                        .ok_or_else(|| bug(format!("size {text} is not an argument")))?,
                )
            }
            other => SizeRule::composite(other, |x| self.size_rule(x, scalars, cx))
                .ok_or_else(|| bug("size operator".to_string()))??,
        })
    }

    fn somd_kernel(
        &mut self,
        plan: &KernelPlan,
        body: &SomdBody,
        widen: bool,
        m: &mut KernelManifest,
    ) -> R<(String, BTreeSet<u32>)> {
        let func = self.module.function(plan.func);
        // The manifest before this kernel's arguments: a rows variant's starts from it.
        let base = m.clone();
        let mut cx = FnCx::new(func, &self.taken_names);
        let mut decls = Vec::new();
        let mut scalars: HashMap<String, usize> = HashMap::new();
        // A row or an element a helper writes (the parallel-loop analysis lets it write the
        // iteration's own) counts as written here.
        let mut writes = written_bases(&cx);
        writes.extend(written_in_callees(self.module, &cx));
        let passed = passed_params(&cx);
        // When the kernel writes no parameter, the buffers it writes (outputs, partials, the
        // error buffer) are its own, allocated for the launch, so no parameter's memory is
        // written through another pointer: each parameter it neither writes nor passes on
        // is `const` and `restrict` (the device compiler may cache its reads). Two
        // parameters may share a buffer (a value array kept on the device), read-only.
        let writes_params = func.params.iter().any(|p| writes.contains(p) || passed.contains(p));
        // Of those, the 1-D ones read at work-item-uniform indices may be `__constant` in a
        // second variant of the kernel (`constant.rs`); their positions in `decls`.
        let constant =
            if writes_params { Vec::new() } else { super::constant::constant_params(func, body) };
        let mut constant_decls = Vec::new();
        // Objects of value classes holding arrays arrive as their leaves (`holders.rs`).
        let param_types: Vec<Type> =
            func.params.iter().map(|p| func.local(*p).ty.clone()).collect();
        let extra =
            somd_mir::analysis::holders::extra_params(self.module, &param_types, &|_| Some(false));
        let mut packs = Vec::new();
        let parents = walk::parents(func);
        for (pi, p) in func.params.iter().enumerate() {
            let local = func.local(*p);
            let name = cx.name(*p).to_string();
            if let Some((_, _, first, _)) = extra.iter().find(|(k, ..)| *k == pi) {
                let Type::Object(c) = local.ty else { return Err(bug("holder parameter")) };
                let call = self.push_holder_args(m, &mut decls, &name, c, *first, None)?;
                packs.push(format!("const {} {name} = {call};", self.class_c(c)));
                continue;
            }
            if let Some((e, n)) = vector_of(&local.ty) {
                packs.push(Self::push_vector_param(m, &mut decls, &name, e, n, pi));
                continue;
            }
            if let Some((elem, rank)) = somd_mir::analysis::isolation::array_dims(&local.ty) {
                let access = if writes.contains(p) { Access::InOut } else { Access::In };
                let buffer = self.buffer_c(&local.ty, elem)?;
                // An array whose elements the kernel never touches (it takes only its lengths
                // and partition geometry) gets no buffer: nothing crosses for it.
                let shape_only = shape_only(func, &parents, *p);
                // A value array is only read, even where other parameters are written.
                let value = matches!(local.ty, Type::ValueArray(..)) && !passed.contains(p);
                let decl = if writes_params && value {
                    format!("__global const {buffer} *{name}")
                } else if writes_params {
                    format!("__global {buffer} *{name}")
                } else {
                    format!("__global const {buffer} *restrict {name}")
                };
                let elem = self.storage(elem)?;
                if !shape_only {
                    let k = Self::push_arg(
                        m,
                        &mut decls,
                        decl,
                        &name,
                        ArgKind::Buffer { access, elem },
                        ArgSource::Param(pi),
                    );
                    if constant.contains(p) {
                        constant_decls.push((k, format!("__constant {buffer} *restrict {name}")));
                    }
                }
                for d in 0..rank {
                    let n = format!("{name}_len{d}");
                    let k = Self::push_arg(
                        m,
                        &mut decls,
                        format!("const int {n}"),
                        &n,
                        ArgKind::Scalar { ty: "int".into() },
                        ArgSource::Length { param: pi, dim: d },
                    );
                    scalars.insert(n, k);
                }
            } else {
                let ty = self.storage(&local.ty)?;
                let k = Self::push_arg(
                    m,
                    &mut decls,
                    format!("const {ty} {name}"),
                    &name,
                    ArgKind::Scalar { ty: ty.clone() },
                    ArgSource::Param(pi),
                );
                scalars.insert(name, k);
            }
        }
        // Somd.offset / globalLength arguments.
        Self::push_geometry_args(m, &mut decls, func, &cx)?;
        for (out, dims) in &body.outputs {
            let local = func.local(*out);
            // A 3-D output is one row-major buffer with three lengths, as a 3-D parameter.
            let Some((elem, rank)) = somd_mir::analysis::isolation::array_dims(&local.ty) else {
                return Err(bug("output that is not an array"));
            };
            cx.arrays.insert(*out, rank);
            let name = cx.name(*out).to_string();
            let elem = self.storage(elem)?;
            let rules: Vec<SizeRule> =
                dims.iter().map(|d| self.size_rule(d, &scalars, &cx)).collect::<R<_>>()?;
            let out_arg = Self::push_arg(
                m,
                &mut decls,
                format!("__global {elem} *{name}"),
                &name,
                ArgKind::Buffer { access: Access::Out, elem },
                ArgSource::Output { dims: rules },
            );
            for d in 0..rank {
                let n = format!("{name}_len{d}");
                let k = Self::push_arg(
                    m,
                    &mut decls,
                    format!("const int {n}"),
                    &n,
                    ArgKind::Scalar { ty: "int".into() },
                    ArgSource::OutputLength { output_arg: out_arg, dim: d },
                );
                scalars.insert(n, k);
            }
        }
        // Indices of the host loops around a `sync` kernel: scalars the host passes per launch.
        for (depth, index) in body.host_indices.iter().enumerate() {
            let name = cx.name(*index).to_string();
            let k = Self::push_arg(
                m,
                &mut decls,
                format!("const int {name}"),
                &name,
                ArgKind::Scalar { ty: "int".into() },
                ArgSource::HostIndex(depth),
            );
            scalars.insert(name, k);
        }
        // Host scalars the loop reads (`sync reduce` results...): their values per launch.
        for (n, value) in body.host_values.iter().enumerate() {
            let name = cx.name(*value).to_string();
            // A vector value crosses by value as the vector type (its lanes' bytes).
            let ty = match vector_of(&func.local(*value).ty) {
                Some((p, n)) => vector_c(p, n),
                None => self.storage(&func.local(*value).ty)?,
            };
            let k = Self::push_arg(
                m,
                &mut decls,
                format!("const {ty} {name}"),
                &name,
                ArgKind::Scalar { ty },
                ArgSource::HostValue(n),
            );
            scalars.insert(name, k);
        }
        let reduction = body.parallel.reduction.clone();
        if let Some(r) = &reduction {
            let elem = prim_storage(r.ty).to_string();
            let (pk, sk) = Self::push_tree_args(m, &mut decls, &elem);
            let strategy = match &func.somd.as_ref().map(|s| s.reduction.clone()) {
                Some(Reduction::Op(op)) => format!("reduce({})", op.symbol()),
                Some(Reduction::SelfCall { .. }) => "reduce(self)".into(),
                Some(Reduction::Combine(f)) | Some(Reduction::CombineAll(f)) => {
                    format!("reduce({})", self.module.function(*f).name)
                }
                _ => "none".into(),
            };
            let strategy = match body.result {
                SomdResult::Accumulator(_) => format!("the method's {strategy}"),
                _ => format!(
                    "`{}` and fold them into the host's `{}` (`sync reduce`)",
                    r.op.symbol(),
                    cx.name(r.acc)
                ),
            };
            m.reduction = Some(ReductionInfo {
                op: r.op.symbol().into(),
                elem,
                partials_arg: pk,
                scratch_arg: Some(sk),
                finish: format!(
                    "launch: 1-D NDRange of at most {} work-items (the global sizes' \
                     product; each folds a grid-stride loop) in power-of-two work-groups; \
                     one partial per work-group; combine the partials with {strategy}",
                    if body.parallel.dims.len() == 2 { "rows x cols" } else { "n" }
                ),
                strided: true,
            });
        }
        // Every further partials slot (`ParallelLoop::partial_elems`: further accumulators
        // of a loop whose accumulators the host folds, then argument extrema's iterations and
        // payloads): its own partials and scratch, `somd_partials1`, `somd_scratch1`, ...
        let elems = body.parallel.partial_elems();
        for (slot, ty) in elems.iter().enumerate().skip(1) {
            let elem = prim_storage(*ty).to_string();
            Self::push_tree_args_named(m, &mut decls, &elem, &slot.to_string());
        }
        // The lanes form (`strips.rs`): one work-group per iteration of the parallel loop.
        let loop_stmt =
            walk::find_loop(func, body.loop_id).ok_or_else(|| bug("parallel loop not found"))?;
        let Stmt::Loop { body: loop_body, label, .. } = loop_stmt else {
            return Err(bug("not a loop"));
        };
        cx.iteration_label = *label;
        let strip = match &body.parallel.dims[..] {
            [d] if reduction.is_none() && d.step == 1 && !d.reversed && cx.hist.is_none() => {
                super::strips::strip_of(self.module, &cx, loop_body)
            }
            _ => None,
        };
        // A rows variant has no `__constant` variant of its own (the lanes form may).
        if self.rows_variant {
            constant_decls.clear();
        }
        if let Some(strip) = &strip {
            Self::push_arg(
                m,
                &mut decls,
                "const int somd_lanes".into(),
                "somd_lanes",
                ArgKind::Scalar { ty: "int".into() },
                ArgSource::Lanes,
            );
            for (k, ty) in strip.trees().enumerate() {
                let (elem, name) = (prim_storage(ty).to_string(), format!("somd_lt{k}"));
                Self::push_arg(
                    m,
                    &mut decls,
                    format!("__local {elem} *{name}"),
                    &name,
                    ArgKind::Local { elem },
                    ArgSource::LaneTree(ty),
                );
            }
        }
        self.push_main_err(m, &mut decls);
        // The rows variant takes the lanes form's arguments and runs the one-work-item body.
        let lanes_args = strip.is_some();
        let inner = strip.as_ref().and_then(|s| s.inner_count(&cx, &scalars));
        let strip = if self.rows_variant { None } else { strip };
        // A 2-D nest without a reduction maps its inner (contiguous, row-major) index to
        // NDRange dimension 0, so neighbouring work-items of a group read neighbouring
        // elements of a row (coalesced): the host's first global size is the columns.
        let transposed = reduction.is_none() && body.parallel.dims.len() == 2;
        for d in &body.parallel.dims {
            m.global.push(match d.step {
                // `hi - lo` of the two bounds' values (each Java's `int` when it reads a host
                // scalar: their difference may not be one). Stepping down, the rule of other
                // steps, which asks for the index after the last, `lo - 1`, to be an `int`:
                // from `i >= Integer.MIN_VALUE` Java's index wraps and its loop goes on
                // (review 165), which only the CPU runs.
                1 if !d.reversed => SizeRule::Sub(
                    Box::new(self.bound_rule(d, &d.hi, &scalars, &cx)?),
                    Box::new(self.bound_rule(d, &d.lo, &scalars, &cx)?),
                ),
                step => SizeRule::Steps {
                    lo: Box::new(self.bound_rule(d, &d.lo, &scalars, &cx)?),
                    hi: Box::new(self.bound_rule(d, &d.hi, &scalars, &cx)?),
                    step: if d.reversed { -i64::from(step) } else { i64::from(step) },
                },
            });
        }
        if transposed {
            m.global.reverse();
        }
        // Body text.
        let mut out = format!("/* {} at {}:{}:{} */\n", func.name, m.file, m.line, m.col);
        let header = format!("__kernel void {}({})\n{{", plan.name, decls.join(",\n        "));
        writeln!(out, "{header}")?;
        let l1 = Level(1);
        out.push_str(&self.err_init(l1, "somd_err"));
        for pack in &packs {
            writeln!(out, "{l1}{pack}")?;
        }
        for (local, init) in &body.setup {
            out.push_str(&self.stmt(&mut cx, l1, &Stmt::Let { local: *local, init: *init })?);
        }
        m.setup_fails = somd_mir::analysis::walk::setup_may_fail(self.module, func, &body.setup);
        let mut conds = Vec::new();
        if body.parallel.dims.len() == 2
            && body.parallel.dims.iter().any(|d| d.step != 1 || d.reversed)
        {
            return Err(bug("a 2-D nest with a step"));
        }
        // A reduction is coarsened: each work-item runs the iterations `somd_t` of a
        // grid-stride loop (`ReductionInfo::strided`), its indices computed inside the loop.
        let li = if reduction.is_some() { l1.next() } else { l1 };
        let gid = |k: usize| match reduction {
            Some(_) => "somd_t".to_string(),
            None => format!("(long)get_global_id({k})"),
        };
        let mut idx = String::new();
        if reduction.is_some() && body.parallel.dims.len() == 2 {
            // A 2-D reduction runs as a flattened 1-D NDRange of rows x cols work-items in
            // power-of-two groups (as 1-D reductions do), so the tree below leaves exactly
            // one partial per group: work-item `f` is row `f / cols`, column `f % cols`.
            let [d0, d1] = &body.parallel.dims[..] else { return Err(bug("2-D nest shape")) };
            let (lo0, lo1) = (self.bound(&cx, d0, &d0.lo)?, self.bound(&cx, d1, &d1.lo)?);
            let hi1 = self.bound(&cx, d1, &d1.hi)?;
            let (i, j) = (cx.name(d0.index).to_string(), cx.name(d1.index).to_string());
            writeln!(idx, "{li}const long somd_flat = {};", gid(0))?;
            // In 64 bits, and guarded without the `int` indices: in range, `i` and `j` lie in
            // `[lo, hi)` (no wrap), which the bounds analysis relies on.
            writeln!(idx, "{li}const long somd_cols = (long)({hi1}) - (long)({lo1});")?;
            writeln!(idx, "{li}const long somd_row = somd_cols > 0 ? somd_flat / somd_cols : 0;")?;
            writeln!(idx, "{li}const int {i} = (int)((long)({lo0}) + somd_row);")?;
            writeln!(
                idx,
                "{li}const int {j} = (int)((long)({lo1}) + (somd_cols > 0 ? somd_flat % somd_cols : 0));"
            )?;
            idx.push_str(&at(li, "somd_flat"));
            let hi0 = self.bound(&cx, d0, &d0.hi)?;
            conds.push("somd_cols > 0".to_string());
            conds.push(format!("somd_row < (long)({hi0}) - (long)({lo0})"));
        } else if let (Some(_), [d]) = (&strip, &body.parallel.dims[..]) {
            // One work-group per iteration; the guard is the same for the whole group.
            let name = cx.name(d.index).to_string();
            let (lo, hi) = (self.bound(&cx, d, &d.lo)?, self.bound(&cx, d, &d.hi)?);
            writeln!(out, "{l1}const long somd_pos0 = (long)({lo}) + (long)get_group_id(0);")?;
            writeln!(out, "{l1}const int {name} = (int)somd_pos0;")?;
            out.push_str(&at(l1, "get_group_id(0)"));
            writeln!(out, "{l1}const int somd_lane = (int)get_local_id(0);")?;
            conds.push(format!("somd_pos0 < (long)({hi})"));
        } else {
            let rank = body.parallel.dims.len();
            for (k, d) in body.parallel.dims.iter().enumerate() {
                let name = cx.name(d.index).to_string();
                let (lo, hi) = (self.bound(&cx, d, &d.lo)?, self.bound(&cx, d, &d.hi)?);
                let k = if transposed { rank - 1 - k } else { k };
                if d.reversed && reduction.is_none() {
                    // Stepping down, elementwise: work-item `g` takes the `g`-th index from
                    // the lowest one the loop reaches (`hi - 1 - (count - 1) * step`), so
                    // a warp's accesses ascend as in a loop stepping up (and the kernel
                    // may be widened); its key is the iteration's place in Java's order,
                    // `(hi - 1 - index) / step` (below).
                    let pos = format!("somd_pos{k}");
                    let first = if d.step == 1 {
                        format!("(long)({lo})")
                    } else {
                        format!(
                            "((long)({hi}) - 1L - (((long)({hi}) - 1L - (long)({lo})) / {s}L) * {s}L)",
                            s = d.step
                        )
                    };
                    let times = if d.step == 1 { String::new() } else { format!(" * {}L", d.step) };
                    writeln!(idx, "{li}const long {pos} = {first} + {}{times};", gid(k))?;
                    writeln!(idx, "{li}const int {name} = {pos} < (long)({hi}) ? (int){pos} : 0;")?;
                    conds.push(format!("{pos} < (long)({hi})"));
                } else if d.reversed {
                    // Stepping down: work-item `g` runs iteration `g` of Java's order, index
                    // `hi - 1 - g * step`, computed in 64 bits (a work-item past the end
                    // must not wrap `int`); in range, `lo <= index < hi`.
                    let pos = format!("somd_pos{k}");
                    let times = if d.step == 1 { String::new() } else { format!(" * {}L", d.step) };
                    writeln!(idx, "{li}const long {pos} = (long)({hi}) - 1L - {}{times};", gid(k))?;
                    writeln!(
                        idx,
                        "{li}const int {name} = {pos} >= (long)({lo}) ? (int){pos} : 0;"
                    )?;
                    conds.push(format!("{pos} >= (long)({lo})"));
                } else if d.step == 1 {
                    // In 64 bits: a work-item past the end (the host rounds the global size
                    // up) must not wrap `int`; in range, `lo <= index < hi`, which the bounds
                    // analysis relies on.
                    let pos = format!("somd_pos{k}");
                    writeln!(idx, "{li}const long {pos} = (long)({lo}) + {};", gid(k))?;
                    writeln!(idx, "{li}const int {name} = (int){pos};")?;
                    conds.push(format!("{pos} < (long)({hi})"));
                } else {
                    // Work-item `g` runs iteration `lo + g * step`, computed in 64 bits: a
                    // work-item past the end (the host rounds the global size up) must not
                    // overflow `int`. In range, the position is below `hi` and fits an `int`.
                    let pos = format!("somd_pos{k}");
                    writeln!(
                        idx,
                        "{li}const long {pos} = (long)({lo}) + {} * {}L;",
                        gid(k),
                        d.step
                    )?;
                    writeln!(idx, "{li}const int {name} = {pos} < (long)({hi}) ? (int){pos} : 0;")?;
                    conds.push(format!("{pos} < (long)({hi})"));
                }
            }
            // The iteration's place in Java's order: row-major in a 2-D nest (the outer
            // index, NDRange dimension 1, counts whole rows of the inner one).
            let key = match &body.parallel.dims[..] {
                [_, d1] if transposed => {
                    let (lo1, hi1) = (self.bound(&cx, d1, &d1.lo)?, self.bound(&cx, d1, &d1.hi)?);
                    format!("{} * ((long)({hi1}) - (long)({lo1})) + {}", gid(1), gid(0))
                }
                [d] if d.reversed && reduction.is_none() => {
                    let hi = self.bound(&cx, d, &d.hi)?;
                    match d.step {
                        1 => format!("(long)({hi}) - 1L - somd_pos0"),
                        step => format!("((long)({hi}) - 1L - somd_pos0) / {step}L"),
                    }
                }
                _ => gid(0),
            };
            idx.push_str(&at(li, &key));
        }
        // A 2-D nest's work-item runs its cell: the outer body's declarations before the
        // inner loop (its prelude, `ParallelLoop::prelude`), then the inner body.
        let cell;
        let mut prelude: Vec<(LocalId, ExprId)> = Vec::new();
        let inner_body = if body.parallel.dims.len() == 2 {
            let n = body.parallel.prelude.len();
            let Some((lets, [Stmt::Block(b)])) = loop_body.stmts.split_at_checked(n) else {
                return Err(bug("2-D nest shape"));
            };
            for stmt in lets {
                let Stmt::Let { local, init: Some(init) } = stmt else {
                    return Err(bug("2-D nest prelude"));
                };
                prelude.push((*local, *init));
            }
            let [Stmt::Let { .. }, Stmt::Loop { body, label, .. }] = b.stmts.as_slice() else {
                return Err(bug("2-D nest shape"));
            };
            // An iteration is one cell: `continue` of the inner loop ends it.
            cx.iteration_label = *label;
            cell = walk::nest_cell(lets, body);
            &cell
        } else {
            loop_body
        };
        // After the guard every index is in `[lo, hi)`: accesses that this proves in range
        // need no bounds check.
        let known: Vec<_> =
            body.parallel.dims.iter().map(|d| (d.index, bounds::dim_range(d))).collect();
        // The host allocates each output with the dimensions the body gives it (a row's
        // length once the row exists: `SizeExpr::Row`).
        let mut same_length = bounds::output_lengths(&body.outputs);
        cx.proven = bounds::proven_in_bounds(func, inner_body, &known, &same_length);
        // A prelude's array local formed without a possible failure has its parameter's
        // lengths, `offset` dimensions in (the device's arrays are rectangular). One whose
        // formation failed points at row 0, which need not exist: its own lengths guard it.
        let aliases = somd_mir::analysis::alias::kernel_aliases(func);
        let module = self.module;
        let pure = |f: FuncId| walk::call_cannot_throw(module, f);
        let unchecked = self.options.unchecked;
        let before = same_length.len();
        for (local, init) in &prelude {
            let Some(alias) = aliases.get(local) else { continue };
            if writer::may_fail_calling(&cx, unchecked, *init, &pure) {
                continue;
            }
            for d in 0..alias.rank {
                let a = bounds::LenSym { array: *local, dim: d };
                let b = bounds::LenSym { array: alias.base, dim: d + alias.offset(func) };
                same_length.push((a, b));
            }
        }
        if same_length.len() > before {
            cx.proven = bounds::proven_in_bounds(func, inner_body, &known, &same_length);
        }
        // A prelude that may fail fails in every cell of its row (the first of them is the
        // row's first in Java's order), and in none of a launch of no cells: that call runs
        // on the CPU.
        m.setup_fails |=
            prelude.iter().any(|(_, init)| writer::may_fail_calling(&cx, unchecked, *init, &pure));
        let l2 = l1.next();
        // A 2-D nest whose cells walk a row of two matrices stages them in blocks
        // (`blocks.rs`).
        let blocks = match (&reduction, &strip) {
            (None, None) if transposed => {
                super::blocks::block_plan(self, &cx, inner_body, &body.parallel.dims, &writes)
            }
            _ => None,
        };
        // The tiles variant (`rowtiles.rs`) shares the kernel's text up to here.
        let prefix_len = out.len();
        let tiles = match (&reduction, &strip, &blocks, &body.parallel.dims[..]) {
            (None, None, None, [d]) if !self.rows_variant => {
                super::rowtiles::row_tiles_plan(self, &cx, loop_body, d, &writes)
            }
            _ => None,
        };
        let mut tiles_text = None;
        match &reduction {
            None if strip.is_some() => {
                // No guard: the launch has exactly one group per iteration
                // (`rt::device::strip_launch`), and PoCL 3.1 fails to build a kernel whose
                // barriers follow a uniform `return` when a statement before them may fail
                // (its parallel regions' verifier: "Incoming edges to non-entry block!", a
                // bound `j < k % m[i].length`, ninety-fifth session).
                let strip = strip.as_ref().ok_or_else(|| bug("lanes form"))?;
                out.push_str(&self.strip_body(&mut cx, l1, strip)?);
            }
            None if blocks.is_some() => {
                let plan = blocks.as_ref().ok_or_else(|| bug("block plan"))?;
                m.square_groups = true;
                let plain = self.versioned_body(&mut cx, l2, inner_body, &known)?;
                let dims = &body.parallel.dims;
                let active = conds.join(" && ");
                let texts = [idx.as_str(), active.as_str(), plain.as_str()];
                out.push_str(&self.blocked_cell(&mut cx, l1, plan, dims, texts)?);
            }
            None => {
                let wide = match widen {
                    true => self.elementwise_arrays(&cx, body, inner_body, writes_params)?,
                    false => None,
                };
                let widened = match &wide {
                    Some(w) => self.widened_loop(&mut cx, l1, body, inner_body, &known, w)?,
                    None => None,
                };
                if let Some(text) = widened {
                    m.widened = true;
                    out.push_str(&text);
                } else {
                    out.push_str(&idx);
                    writeln!(out, "{l1}if (!({})) return;", conds.join(" && "))?;
                    let plain = self.versioned_body(&mut cx, l1, inner_body, &known)?;
                    out.push_str(&plain);
                    // The tiles variant runs the same iteration a level deeper where its
                    // tiles do not apply.
                    if let (Some(plan), [d]) = (&tiles, &body.parallel.dims[..]) {
                        let plain = writer::indented(&plain);
                        let text = self.row_tiled(&mut cx, l1, plan, d, &plain)?;
                        let inner = super::strips::size_of(&cx, plan.bound, &scalars);
                        tiles_text = Some((text, inner));
                    }
                }
            }
            Some(_) => {
                // The work-item's iterations fold into its accumulator, as an MI's loop
                // folds its block, then the group's accumulators meet in the tree. The
                // iterations' indices only grow, so the first one out of range ends them.
                let all: Vec<_> = body.parallel.reductions().collect();
                let names: Vec<String> = all.iter().map(|r| cx.name(r.acc).to_string()).collect();
                for (r, acc) in all.iter().zip(&names) {
                    let start = match r.ty {
                        PrimType::Float if r.neg_zero => "(-0.0f)".to_string(),
                        PrimType::Double if r.neg_zero => "(-0.0)".to_string(),
                        _ => identity(r.op, r.ty)?,
                    };
                    writeln!(out, "{l1}{} {acc} = {start};", prim_c(r.ty))?;
                }
                // An argument extremum: the iteration that last set its value (-1: none;
                // recorded after the assignment) and the payloads it set, the values of the
                // slots after the accumulators'.
                let mut values = names.clone();
                let mut groups = Vec::new();
                let slots = body.parallel.carried_slots();
                for (k, (r, slot)) in all.iter().zip(&slots).enumerate() {
                    let (Some(c), Some(slot)) = (&r.carries, slot) else { continue };
                    writeln!(out, "{l1}long somd_at{slot} = -1;")?;
                    values.push(format!("somd_at{slot}"));
                    for (p, ty) in &c.payloads {
                        writeln!(out, "{l1}{} {} = 0;", prim_c(*ty), cx.name(*p))?;
                        values.push(cx.name(*p).to_string());
                    }
                    cx.after.insert(c.assign, format!("somd_at{slot} = somd_t;"));
                    groups.push(ArgTree {
                        lead: k,
                        at: *slot,
                        payloads: c.payloads.len(),
                        later: c.later_ties,
                    });
                }
                // A work-item whose body failed leaves the loop: its later iterations come
                // after in Java's order, and a nest's column bound past its rows (`j < n`)
                // would run them on stand-ins. A loop over an array's elements runs no
                // longer than without the failure. (Asking `somd_stop` every 1024
                // iterations instead cost as much and left later: 1.19 s against 0.36 to
                // raise `s96stop`'s failure on the H200, `bench/gpu/s96ab.sh`.) The flag
                // (`failed`) rather than the key leaves the key's computation to the
                // failure path.
                let inner = self.versioned_body(&mut cx, l2, inner_body, &known)?;
                let long = !body.parallel.dims.iter().all(LoopDim::within_length);
                let fails = writer::may_fail_text(&inner)
                    || writer::calls_may_throw(self.module, func, inner_body, &[]);
                writeln!(
                    out,
                    "{l1}for (long somd_t = (long)get_global_id(0);; somd_t += (long)get_global_size(0)) {{"
                )?;
                out.push_str(&idx);
                writeln!(out, "{l2}if (!({})) break;", conds.join(" && "))?;
                out.push_str(&inner);
                if long && fails {
                    writeln!(out, "{l2}if (somd_err->failed) break;")?;
                }
                writeln!(out, "{l1}}}")?;
                // Slot `n`'s scratch and partials are `somd_scratch`, `somd_partials` for the
                // first, `somd_scratch{n}`, `somd_partials{n}` after it (the arguments pushed
                // above); one accumulator is `Writer::tree`'s tree.
                let slot_names: Vec<(String, String)> = (0..elems.len())
                    .map(|n| {
                        let suffix = if n == 0 { String::new() } else { n.to_string() };
                        (format!("somd_scratch{suffix}"), format!("somd_partials{suffix}"))
                    })
                    .collect();
                let trees: Vec<TreeOf<'_>> = values
                    .iter()
                    .zip(&slot_names)
                    .zip(&elems)
                    .enumerate()
                    .map(|(n, ((value, (scratch, partials)), ty))| TreeOf {
                        value,
                        scratch,
                        partials,
                        // A carried slot moves with its extremum (`ArgTree`): no operator.
                        op: all.get(n).map_or(ReduceOp::Add, |r| r.op),
                        ty: *ty,
                    })
                    .collect();
                out.push_str(&self.trees(l1, &trees, &groups)?);
            }
        }
        out.push_str("}\n");
        if !constant_decls.is_empty() {
            // The same body under the variant's name and declarations.
            let name = format!("{}_c", plan.name);
            let mut decls_c = decls.clone();
            for (k, decl) in &constant_decls {
                decls_c[*k] = decl.clone();
            }
            let header_c = format!("__kernel void {name}({})\n{{", decls_c.join(",\n        "));
            let variant = out.replacen(&header, &header_c, 1);
            out.push('\n');
            out.push_str(&variant);
            let args = constant_decls.iter().map(|(k, _)| *k).collect();
            m.constant = Some(ConstantVariant { name, args });
        }
        if let Some((text, inner)) = tiles_text {
            // The same arguments and setup under the variant's name, then its body.
            let name = format!("{}_tiles", plan.name);
            let header_t = format!("__kernel void {name}({})\n{{", decls.join(",\n        "));
            let head = out[..prefix_len].replacen(&header, &header_t, 1);
            out.push('\n');
            out.push_str(&head);
            out.push_str(&text);
            out.push_str("}\n");
            m.tiles = Some(super::RowsVariant { name, inner });
        }
        if lanes_args && !self.rows_variant {
            let variant = KernelPlan { name: format!("{}_rows", plan.name), ..plan.clone() };
            let mut r = KernelManifest { name: variant.name.clone(), ..base };
            self.rows_variant = true;
            let written = self.somd_kernel(&variant, body, false, &mut r);
            self.rows_variant = false;
            let (text, sites) = written?;
            if r.args != m.args {
                return Err(bug("the rows variant's arguments differ from the lanes form's"));
            }
            out.push('\n');
            out.push_str(&text);
            cx.sites.extend(sites);
            m.rows = Some(super::RowsVariant { name: variant.name, inner });
        }
        Ok((out, cx.sites))
    }

    /// A SOMD loop's body as `do { .. } while (0)` (`break`-free exit of one iteration).
    /// When some of its checked accesses have constant index bounds
    /// or an index bounded by another array's length ([`bounds::guardable`]), the body is
    /// written twice: under one test of the arrays' lengths, a copy without those checks;
    /// else the checked body (loop versioning). Only one copy runs (the test is the same for
    /// every work-item), so the second copy costs program size, not time.
    pub(super) fn versioned_body(
        &mut self,
        cx: &mut FnCx,
        level: Level,
        body: &Block,
        known: &[(LocalId, bounds::Range)],
    ) -> R<String> {
        let guards = self.guards(cx, body, known);
        self.versioned_with(cx, level, body, &guards)
    }

    /// [`Self::versioned_body`] with its guards already computed ([`Self::guards`]).
    pub(super) fn versioned_with(
        &mut self,
        cx: &mut FnCx,
        level: Level,
        body: &Block,
        guards: &[bounds::Guard],
    ) -> R<String> {
        if guards.is_empty() {
            return self.version_copy(cx, level, body, None, false);
        }
        self.versions(cx, level, body, guards, None)
    }

    /// The accesses of `body` that loop versioning can free of their checks
    /// ([`bounds::guardable`]; none under `--unchecked`, where nothing is checked).
    pub(super) fn guards(
        &self,
        cx: &FnCx,
        body: &Block,
        known: &[(LocalId, bounds::Range)],
    ) -> Vec<bounds::Guard> {
        if self.options.unchecked {
            Vec::new()
        } else {
            bounds::guardable(cx.func, body, &cx.proven, known)
        }
    }

    /// The two copies of loop versioning under one test of the arrays' lengths of `guards`
    /// (non-empty): the copy without the guarded checks (a histogram body's update values
    /// read first, `hoist_update_values`), else the checked copy. With `around` (a loop
    /// header and the line defining its index) each copy is that loop around its body, so
    /// the test is made once, before the loop.
    pub(super) fn versions(
        &mut self,
        cx: &mut FnCx,
        level: Level,
        body: &Block,
        guards: &[bounds::Guard],
        around: Option<(&str, &str)>,
    ) -> R<String> {
        let tests = guard_tests(cx, guards);
        let mut out = String::new();
        writeln!(
            out,
            "{level}/* Indices with known bounds: in range when {}; checked otherwise. */",
            tests.join(" and ")
        )?;
        writeln!(out, "{level}if ({}) {{", tests.join(" && "))?;
        let checked = cx.proven.clone();
        cx.proven.extend(guards.iter().flat_map(|g| g.accesses.iter().copied()));
        let fast = self.version_copy(cx, level.next(), body, around, true);
        cx.hoisted.clear();
        cx.proven = checked;
        out.push_str(&fast?);
        writeln!(out, "{level}}} else {{")?;
        let untestable = cx.untestable.clone();
        cx.untestable.extend(guards.iter().flat_map(|g| g.accesses.iter().copied()));
        let checked = self.version_copy(cx, level.next(), body, around, false);
        cx.untestable = untestable;
        out.push_str(&checked?);
        writeln!(out, "{level}}}")?;
        Ok(out)
    }

    /// One copy of [`Self::versions`]: `body` in a `do { } while (0)` (so `break` leaves
    /// the iteration), inside the loop `around` when given; `fast` reads a histogram body's
    /// update values first.
    fn version_copy(
        &mut self,
        cx: &mut FnCx,
        level: Level,
        body: &Block,
        around: Option<(&str, &str)>,
        fast: bool,
    ) -> R<String> {
        let mut out = String::new();
        let inner = match around {
            Some((header, index_line)) => {
                writeln!(out, "{level}{header}")?;
                writeln!(out, "{}{index_line}", level.next())?;
                level.next()
            }
            None => level,
        };
        writeln!(out, "{inner}do {{")?;
        if fast && cx.hist.is_some() {
            out.push_str(&self.hoist_update_values(cx, inner.next(), body)?);
        }
        // `continue label` of the parallel loop itself ends the iteration.
        let own = cx.iteration_label.map(|l| self.open_label(cx, l, body));
        out.push_str(&self.block(cx, inner.next(), body)?);
        if let Some((name, next, _)) = own {
            cx.labels.pop();
            if next {
                writeln!(out, "{}{name}_next: ;", inner.next())?;
            }
        }
        writeln!(out, "{inner}}} while (0);")?;
        if around.is_some() {
            writeln!(out, "{level}}}")?;
        }
        Ok(out)
    }

    /// The head of the grid-stride loop of a coarsened `@`-shaped reduction
    /// (`ReductionInfo::strided`): work-item `g` of a grid of `G` runs elements `somd_i` =
    /// `g`, `g + G`, .. below `somd_n` (neighbouring work-items read neighbouring elements
    /// in each round). The caller closes the loop.
    pub(super) fn strided_loop(level: Level) -> R<String> {
        let mut out = String::new();
        writeln!(
            out,
            "{level}for (long somd_t = (long)get_global_id(0); somd_t < (long)somd_n; somd_t += (long)get_global_size(0)) {{"
        )?;
        out.push_str(&at(level.next(), "somd_t"));
        writeln!(out, "{}const int somd_i = (int)somd_t;", level.next())?;
        Ok(out)
    }

    /// The work-group tree reduction of `value` into `somd_partials[group]`.
    pub(super) fn tree(&self, level: Level, value: &str, op: ReduceOp, ty: PrimType) -> R<String> {
        self.trees(
            level,
            &[TreeOf { value, scratch: "somd_scratch", partials: "somd_partials", op, ty }],
            &[],
        )
    }

    /// The work-group tree reductions of several values at once, each in its own scratch
    /// array into its own partials: one barrier per step for all of them (each value's tree
    /// is the one [`Writer::tree`] writes for it alone).
    ///
    /// An argument extremum ([`ArgTree`]) replaces its value's combine: of the two entries,
    /// the one with the better value, or of equal values the earlier (later) iteration,
    /// keeps its value, iteration and payloads together (which have no combine of their
    /// own).
    pub(super) fn trees(
        &self,
        level: Level,
        values: &[TreeOf<'_>],
        groups: &[ArgTree],
    ) -> R<String> {
        let l2 = level.next();
        let l3 = l2.next();
        let l4 = l3.next();
        let mut out = String::new();
        writeln!(out, "{level}/* Work-group tree reduction (as runtime/cl/somd_reduce.cl); one partial per group. */")?;
        writeln!(out, "{level}const size_t somd_lid = get_local_id(0);")?;
        for t in values {
            writeln!(out, "{level}{}[somd_lid] = {};", t.scratch, t.value)?;
        }
        writeln!(out, "{level}barrier(CLK_LOCAL_MEM_FENCE);")?;
        writeln!(
            out,
            "{level}for (size_t somd_s = get_local_size(0) / 2; somd_s > 0; somd_s >>= 1) {{"
        )?;
        writeln!(out, "{l2}if (somd_lid < somd_s) {{")?;
        for (k, t) in values.iter().enumerate() {
            let (a, b) =
                (format!("{}[somd_lid]", t.scratch), format!("{}[somd_lid + somd_s]", t.scratch));
            if let Some(g) = groups.iter().find(|g| g.lead == k) {
                let at = values.get(g.at).map_or("", |x| x.scratch);
                let better = if t.op == ReduceOp::Max { ">" } else { "<" };
                let tie = if g.later { ">" } else { "<" };
                writeln!(
                    out,
                    "{l3}if ({at}[somd_lid + somd_s] >= 0 && ({at}[somd_lid] < 0 || {b} {better} {a} || ({b} == {a} && {at}[somd_lid + somd_s] {tie} {at}[somd_lid]))) {{"
                )?;
                let moved = std::iter::once(k).chain(g.at..=g.at + g.payloads);
                for x in moved.filter_map(|n| values.get(n)) {
                    let sc = x.scratch;
                    writeln!(out, "{l4}{sc}[somd_lid] = {sc}[somd_lid + somd_s];")?;
                }
                writeln!(out, "{l3}}}")?;
                continue;
            }
            // An extremum's iteration or payload moves with it (above).
            if groups.iter().any(|g| (g.at..=g.at + g.payloads).contains(&k)) {
                continue;
            }
            let combined = reduce_combine(t.op, t.ty, &a, &b)?;
            writeln!(out, "{l3}{a} = {combined};")?;
        }
        writeln!(out, "{l2}}}")?;
        writeln!(out, "{l2}barrier(CLK_LOCAL_MEM_FENCE);")?;
        writeln!(out, "{level}}}")?;
        writeln!(out, "{level}if (somd_lid == 0) {{")?;
        for t in values {
            writeln!(out, "{l2}{}[get_group_id(0)] = {}[0];", t.partials, t.scratch)?;
        }
        writeln!(out, "{level}}}")?;
        Ok(out)
    }

    /// The mapped arguments among `args` (of a `@`, `! @` or filter) that a [`RaggedVariant`]
    /// takes packed: 2-D arrays of primitives, value arrays (rows `T[[]]`; `T[[N]]` rows
    /// always have one length) or mutable ones (rows `T[]`, which the host glue maps only
    /// for a target that never writes them).
    fn packed_args(args: &[somd_mir::analysis::MapArgPlan]) -> Vec<usize> {
        let row = |t: &Type| match t {
            Type::ValueArray(e, None) | Type::Array(e) => matches!(**e, Type::Prim(_)),
            _ => false,
        };
        let packed = |a: &somd_mir::analysis::MapArgPlan| a.mode == MapArg::Mapped && row(&a.ty);
        args.iter().enumerate().filter(|(_, a)| packed(a)).map(|(k, _)| k).collect()
    }

    /// After the kernel of a `@`, `! @` or filter over `args` (`text`, `sites`, manifest
    /// `m`), its [`RaggedVariant`] when it maps a 2-D value array of primitives: the same
    /// function under the name `<kernel>_ragged`, its manifest made from `base` (the
    /// kernel's before `map_kernel` wrote it).
    #[allow(clippy::too_many_arguments)]
    fn ragged_variant(
        &mut self,
        plan: &KernelPlan,
        args: &[somd_mir::analysis::MapArgPlan],
        result: Option<&Type>,
        reduce: Option<(ReduceOp, PrimType)>,
        base: KernelManifest,
        m: &mut KernelManifest,
        text: &mut String,
        sites: &mut BTreeSet<u32>,
    ) -> R<()> {
        let packed = Self::packed_args(args);
        if packed.is_empty() {
            return Ok(());
        }
        let variant = KernelPlan { name: format!("{}_ragged", plan.name), ..plan.clone() };
        let mut r = KernelManifest { name: variant.name.clone(), ..base };
        let shared = Some(plan.name.as_str());
        let (t, s) = self.map_kernel(&variant, args, result, reduce, None, shared, &mut r)?;
        text.push('\n');
        text.push_str(&t);
        sites.extend(s);
        m.ragged = Some(RaggedVariant { manifest: Box::new(r), packed });
        Ok(())
    }

    /// The kernel of a `@` (or `! @`, or a filter's batch) of `plan.func` over `args`.
    /// `ragged`: its [`RaggedVariant`], which takes its mapped 2-D value arrays packed, with
    /// their rows' offsets after the construct's arguments, and calls the helpers (tiled,
    /// lanes) the kernel of this name wrote before it.
    #[allow(clippy::too_many_arguments)]
    fn map_kernel(
        &mut self,
        plan: &KernelPlan,
        args: &[somd_mir::analysis::MapArgPlan],
        result: Option<&Type>,
        reduce: Option<(ReduceOp, PrimType)>,
        inline: Option<(usize, FuncId, &[somd_mir::analysis::MapArgPlan])>,
        ragged: Option<&str>,
        m: &mut KernelManifest,
    ) -> R<(String, BTreeSet<u32>)> {
        let func = self.module.function(plan.func);
        // The kernel whose helpers this one calls (the ragged variant shares its kernel's).
        let helpers = ragged.unwrap_or(&plan.name);
        let ragged = ragged.is_some();
        let mut decls = Vec::new();
        let mut call_args = Vec::new();
        // Filter batches call a task worker; `@` and `! @` may tile a broadcast array.
        let tiling = if m.origin == "task" { None } else { self.tile_plan(func, args) };
        // A `@` whose function folds a `!` of a `@` itself: one work-group per element.
        // A packed `T[[N]]` result (`isolation::packed_of`) is one struct per work-item.
        let packed = result.is_some_and(|r| somd_mir::analysis::isolation::packed_of(r).is_some());
        let lanes = match (&tiling, reduce, m.origin == "@" && result.is_some() && !packed) {
            (None, None, true) => self.lanes_plan(func),
            _ => None,
        };
        // .. and when its body is only such a fold, also the slices form (`nested.rs`),
        // whose rows all have one length (not so in the ragged variant).
        let slices = lanes.filter(|_| !ragged).and_then(|_| self.slices_plan(func, args));
        // With tiles, work-items past the end take part in the barriers on element 0.
        let item = if tiling.is_some() { "somd_m" } else { "somd_i" };
        // A producer computed inline passes its own (`int`) arrays to its function, whose
        // narrow parameters read the element type macros of their flows: an argument of
        // this `@` whose flow has one of those macros keeps `int` storage, so that the
        // macro stays `int` for both calls.
        let producer_macros: BTreeSet<String> = match inline {
            Some((_, producer, _)) => self.narrow_of(producer).into_values().collect(),
            None => BTreeSet::new(),
        };
        let keep_int = |this: &Self, k: usize| {
            tiling.is_some()
                || matches!(this.narrow_roots.get(&(plan.func, k)),
                    Some(Ok(m)) if producer_macros.contains(m))
        };
        // Widened (`widen.rs`): the mapped arguments (position in the call, argument, C
        // type), all primitive elements.
        let mut wide_args: Vec<(usize, usize, String)> = Vec::new();
        // Ranges (position in the call, argument): the widened form computes their elements.
        let mut range_args: Vec<(usize, usize)> = Vec::new();
        let mut elementwise = true;
        // Objects of value classes holding arrays (broadcast, or elements of a mapped array)
        // arrive as their leaves, after the call's arguments (`holders.rs`).
        let arg_types: Vec<Type> = args.iter().map(|a| a.ty.clone()).collect();
        let mode = |k: usize| args.get(k).map(|a| a.mode == MapArg::Mapped);
        let extra = somd_mir::analysis::holders::extra_params(self.module, &arg_types, &mode);
        // The ragged variant's packed arguments; their offsets follow the construct's
        // arguments, holders' fields included.
        let packed = if ragged { Self::packed_args(args) } else { Vec::new() };
        let first_offsets = somd_mir::analysis::holders::all_params(args.len(), &extra);
        for (k, a) in args.iter().enumerate() {
            if let Some((_, mapped, first, _)) = extra.iter().find(|(j, ..)| *j == k) {
                let Type::Object(c) = a.ty else { return Err(bug("holder argument")) };
                elementwise = false;
                let name = format!("arg{k}");
                let element = mapped.then_some(item);
                let call = self.push_holder_args(m, &mut decls, &name, c, *first, element)?;
                call_args.push(call);
                continue;
            }
            let name = format!("arg{k}");
            if let Some((_, producer, producer_args)) = inline.filter(|(slot, ..)| *slot == k) {
                // The producer's element, computed in the work-item (`analysis::mapfuse`):
                // its arguments follow the consumer's.
                elementwise = false;
                let call =
                    self.inline_producer(m, &mut decls, producer, producer_args, args.len(), item)?;
                call_args.push(call);
                continue;
            }
            match a.mode {
                MapArg::Mapped if a.range => {
                    // `Somd.range(n)`: element `i` is `i`, no buffer; in the widened form,
                    // element `somd_k` of the work-item's run.
                    range_args.push((call_args.len(), k));
                    call_args.push(mapped_prim(a, item.to_string()));
                }
                MapArg::Mapped if vector_of(&a.ty).is_some() => {
                    // Rows of a `T[[]][[N]]`, packed: work-item `i` reads row `i` as one `TN`.
                    let (p, n) = vector_of(&a.ty).unwrap_or((PrimType::Int, 0));
                    let elem = vector_c(p, n);
                    Self::push_in_buffer(m, &mut decls, &name, elem, k);
                    elementwise = false;
                    // The host passes the row length (always `N`) as for any 2-D array.
                    Self::push_len(m, &mut decls, &name, k, 1);
                    call_args.push(format!("{name}[{item}]"));
                }
                MapArg::Mapped if somd_mir::analysis::isolation::array_elem(&a.ty).is_some() => {
                    let elem = somd_mir::analysis::isolation::array_elem(&a.ty)
                        .map(|(e, _)| self.storage(e))
                        .transpose()?
                        .unwrap_or_default();
                    Self::push_in_buffer(m, &mut decls, &name, elem, k);
                    if somd_mir::analysis::isolation::plane_elem(&a.ty).is_some() {
                        // A 3-D array, flattened row-major: work-item `i` gets plane `i`, a
                        // view `arg + i * len1 * len2` with lengths `len1, len2` (as a 2-D
                        // parameter).
                        let rows = Self::push_len(m, &mut decls, &name, k, 1);
                        let cols = Self::push_len(m, &mut decls, &name, k, 2);
                        call_args.push(format!(
                            "{name} + (long){item} * {rows} * {cols}, {rows}, {cols}"
                        ));
                    } else if let Some(j) = packed.iter().position(|p| *p == k) {
                        // Rows of different lengths, packed one after the other, and where
                        // each starts (one more than the rows, after the construct's
                        // arguments): work-item `i` gets `arg[off[i] .. off[i + 1])`.
                        let int = keep_int(self, k);
                        self.narrow_arg(plan.func, k, int, &name, &mut decls, m);
                        let off = format!("{name}_off");
                        let at = first_offsets + j;
                        Self::push_read_only_buffer(m, &mut decls, &off, "int".into(), at);
                        call_args.push(format!(
                            "{name} + {off}[{item}], {off}[{item} + 1] - {off}[{item}]"
                        ));
                    } else {
                        // A 2-D array, flattened row-major: work-item `i` gets row `i`.
                        let int = keep_int(self, k);
                        self.narrow_arg(plan.func, k, int, &name, &mut decls, m);
                        let n = Self::push_len(m, &mut decls, &name, k, 1);
                        call_args.push(format!("{name} + (long){item} * {n}, {n}"));
                    }
                    elementwise = false;
                }
                MapArg::Mapped => {
                    let elem = self.storage(&mapped_storage(a))?;
                    if matches!(a.ty, Type::Prim(_)) {
                        wide_args.push((call_args.len(), k, elem.clone()));
                    } else {
                        elementwise = false;
                    }
                    Self::push_read_only_buffer(m, &mut decls, &name, elem, k);
                    call_args.push(mapped_prim(a, format!("{name}[{item}]")));
                }
                MapArg::Broadcast => {
                    if let Some((elem, rank)) = somd_mir::analysis::isolation::array_dims(&a.ty) {
                        // Each element may read the whole array: not an elementwise map.
                        elementwise = false;
                        let vector = vector_of(&a.ty);
                        let elem = match vector {
                            // One `T[[N]]` for every work-item: a buffer of one vector.
                            Some((p, n)) => vector_c(p, n),
                            None => self.buffer_c(&a.ty, elem)?,
                        };
                        Self::push_in_buffer(m, &mut decls, &name, elem, k);
                        if vector.is_none() {
                            let int = keep_int(self, k);
                            self.narrow_arg(plan.func, k, int, &name, &mut decls, m);
                        }
                        let mut pass = match vector {
                            Some(_) => format!("{name}[0]"),
                            None => name.clone(),
                        };
                        for dim in 0..rank {
                            let n = Self::push_len(m, &mut decls, &name, k, dim);
                            if vector.is_none() {
                                write!(pass, ", {n}")?;
                            }
                        }
                        call_args.push(pass);
                    } else {
                        let ty = self.storage(&a.ty)?;
                        Self::push_arg(
                            m,
                            &mut decls,
                            format!("const {ty} {name}"),
                            &name,
                            ArgKind::Scalar { ty },
                            ArgSource::Param(k),
                        );
                        call_args.push(name);
                    }
                }
            }
        }
        let mut callee = self.fn_name(plan.func);
        let mut helper_text = String::new();
        if let Some(t) = &tiling {
            callee = format!("{helpers}_tiled");
            if !ragged {
                helper_text = self.tiled_helper(plan.func, t, &callee)?;
            }
            call_args.push("somd_active".into());
            call_args.push("somd_tile".into());
        }
        let mut slices_text = String::new();
        let mut slices_call = None;
        // The mapped 2-D arguments whose rows the slices form stages in `__local` memory
        // (`nested.rs`, "Staged rows"): the function only reads them.
        let staged: Vec<usize> = match slices {
            Some(_) => args
                .iter()
                .enumerate()
                .filter(|(k, a)| {
                    // `read_only_row` takes only a primitive, non-vector `T[[]]` parameter.
                    a.mode == MapArg::Mapped
                        && func.params.get(*k).is_some_and(|p| {
                            somd_mir::analysis::nested::read_only_row(self.module, func, *p)
                        })
                })
                .map(|(k, _)| k)
                .collect(),
            None => Vec::new(),
        };
        // The element type macro of a staged argument that may be stored narrow.
        let narrow_of = self.narrow_of(plan.func);
        let stage_macro = |k: usize| func.params.get(k).and_then(|p| narrow_of.get(p)).cloned();
        let mut staged_call = None;
        if slices.is_some() && lanes.is_some() {
            self.staged_narrow.extend(staged.iter().filter_map(|k| stage_macro(*k)));
        }
        if let Some(p) = lanes.filter(|_| slices.is_some()) {
            slices_text =
                self.helper_variant(plan.func, Some((prim_storage(p), &plan.name)), true)?;
            slices_call = Some(format!(
                "{}_slices({}, somd_s, somd_ns, somd_err)",
                plan.name,
                call_args.join(", ")
            ));
            if !staged.is_empty() {
                let rows: BTreeSet<LocalId> = staged.iter().map(|k| func.params[*k]).collect();
                slices_text.push_str(&self.helper_staged(
                    plan.func,
                    Some((prim_storage(p), &plan.name)),
                    true,
                    Some((&rows, &plan.name)),
                    &BTreeSet::new(),
                    &BTreeSet::new(),
                )?);
                let mut staged_args = call_args.clone();
                for k in &staged {
                    // A narrow row is indexed from the stage base (`sad.rs`).
                    let base = if stage_macro(*k).is_some() { "" } else { " + somd_lid" };
                    staged_args[*k] = format!("somd_stage{k}{base}, arg{k}_len1");
                }
                staged_call = Some(format!(
                    "{}_slices_staged({}, somd_s, somd_ns, somd_err)",
                    plan.name,
                    staged_args.join(", ")
                ));
            }
        }
        if let Some(p) = lanes {
            callee = format!("{helpers}_lanes");
            if !ragged {
                helper_text = self.helper_with(plan.func, Some((prim_storage(p), &plan.name)))?;
            }
            call_args.push("somd_scratch".into());
        }
        // With a producer computed inline, the consumer records into a context of its own on
        // the same buffer, keyed after every element of the producer (`stage_keys`).
        call_args.push(if inline.is_some() { "somd_err_g" } else { "somd_err" }.into());
        let call = format!("{callee}({})", call_args.join(", "));
        // The call on element `somd_k` of the work-item's private arrays.
        let mut wide_call_args = call_args.clone();
        for (pos, k, _) in &wide_args {
            wide_call_args[*pos] = mapped_prim(&args[*k], format!("somd_w{k}[somd_k]"));
        }
        for (pos, k) in &range_args {
            wide_call_args[*pos] = mapped_prim(&args[*k], "(int)(somd_first + somd_k)".into());
        }
        let wide_call = format!("{callee}({})", wide_call_args.join(", "));
        // Elementwise: primitive elements in and out, scalars broadcast, and a function
        // without loops (one whose elements loop would lose parallelism, not bandwidth).
        let widened = m.origin == "@"
            && elementwise
            && walk::loops(func).is_empty()
            && !wide_args.is_empty()
            && tiling.is_none()
            && lanes.is_none()
            && reduce.is_none()
            && matches!(result, Some(Type::Prim(_)));
        m.widened = widened;
        self.push_result_and_count(m, &mut decls, result)?;
        if let Some((op, elem_ty)) = reduce {
            let elem = prim_storage(elem_ty).to_string();
            let (pk, sk) = Self::push_tree_args(m, &mut decls, &elem);
            m.reduction = Some(ReductionInfo {
                op: op.symbol().into(),
                elem,
                partials_arg: pk,
                scratch_arg: Some(sk),
                finish: format!(
                    "one partial per work-group; combine the partials with {}",
                    op.symbol()
                ),
                // Tiles need every work-item of a group in each of their barriers: one
                // element per work-item.
                strided: tiling.is_none(),
            });
        }
        if let Some(p) = lanes {
            let elem = prim_storage(p).to_string();
            let bytes = super::layout::prim_size(p);
            Self::push_arg(
                m,
                &mut decls,
                format!("__local {elem} *somd_scratch"),
                "somd_scratch",
                ArgKind::Local { elem: elem.clone() },
                ArgSource::LaneScratch { bytes },
            );
            if let Some(j) = slices {
                Self::push_arg(
                    m,
                    &mut decls,
                    format!("__global {elem} *somd_parts"),
                    "somd_parts",
                    ArgKind::Buffer { access: Access::Out, elem: elem.clone() },
                    ArgSource::SliceParts { bytes },
                );
                let inner = format!("arg{j}_len0");
                let inner = m
                    .args
                    .iter()
                    .position(|a| a.name == inner)
                    .ok_or_else(|| bug("slices form without the inner length"))?;
                Self::push_arg(
                    m,
                    &mut decls,
                    "const int somd_ns".into(),
                    "somd_ns",
                    ArgKind::Scalar { ty: "int".into() },
                    ArgSource::Slices { inner },
                );
                for k in &staged {
                    let a = &args[*k];
                    // `a.ty` is the row type (a mapped 2-D array gives a row per element).
                    let (elem_ty, _) = somd_mir::analysis::isolation::array_elem(&a.ty)
                        .ok_or_else(|| bug("staged rows of a non-array"))?;
                    let Type::Prim(ep) = elem_ty else { return Err(bug("staged rows of objects")) };
                    let elem = self.storage(elem_ty)?;
                    // A narrow row is staged in its staged type (`sad.rs`); the host
                    // allocates one byte per element for a row it uploads as `uchar`.
                    let elem_c =
                        stage_macro(*k).map_or(elem.clone(), |m| super::sad::staged_type(&m));
                    let len = format!("arg{k}_len1");
                    let len = m
                        .args
                        .iter()
                        .position(|a| a.name == len)
                        .ok_or_else(|| bug("staged rows without their length"))?;
                    let name = format!("somd_stage{k}");
                    Self::push_arg(
                        m,
                        &mut decls,
                        format!("__local {elem_c} *{name}"),
                        &name,
                        ArgKind::Local { elem },
                        ArgSource::StageRows { len, bytes: prim_size(*ep) },
                    );
                }
                if !staged.is_empty() {
                    Self::push_arg(
                        m,
                        &mut decls,
                        "const int somd_staged".into(),
                        "somd_staged",
                        ArgKind::Scalar { ty: "int".into() },
                        ArgSource::Staged,
                    );
                }
            }
        }
        self.push_main_err(m, &mut decls);
        let mut out = helper_text;
        out.push_str(&slices_text);
        let what = if ragged { ", rows of different lengths, packed" } else { "" };
        writeln!(
            out,
            "/* {} of {} at {}:{}:{}{what} */",
            m.origin, func.name, m.file, m.line, m.col
        )?;
        writeln!(out, "__kernel void {}({})\n{{", plan.name, decls.join(",\n        "))?;
        let l1 = Level(1);
        out.push_str(&self.err_init(l1, "somd_err"));
        if inline.is_some() {
            out.push_str(&consumer_err_init(l1));
        }
        if let Some(t) = &tiling {
            writeln!(out, "{l1}__local {} somd_tile[{}];", t.elem, t.tile)?;
        }
        if let Some(call) = &slices_call {
            // The slices form (`somd_ns > 0`, module `nested.rs`): work-item `i` of row of
            // groups `s` folds slice `s` of element `i`'s inner range; one slice stores the
            // result, several their partials for `<kernel>_combine`.
            let (l2, l3) = (l1.next(), l1.next().next());
            let ret = self.ty(&func.ret)?;
            if !staged.is_empty() {
                // Staged rows: the group's rows, copied with consecutive work-items reading
                // consecutive elements, stored interleaved (element `c` of the group's row
                // `r` at `c * local + r`), so that later the work-items of a group read
                // neighbouring words. The copy and its barrier come first, at the top
                // level of the kernel, where every work-item of the group reaches them
                // (the condition is the same for all; the lanes form passes a barrier it
                // does not need).
                writeln!(out, "{l1}if (somd_ns > 0 && somd_staged) {{")?;
                writeln!(out, "{l2}const int somd_lid = (int)get_local_id(0);")?;
                writeln!(out, "{l2}const int somd_ls = (int)get_local_size(0);")?;
                writeln!(out, "{l2}const int somd_g = (int)get_group_id(0) * somd_ls;")?;
                writeln!(out, "{l2}const int somd_rows = min(somd_ls, somd_n - somd_g);")?;
                for k in &staged {
                    let len = format!("arg{k}_len1");
                    writeln!(
                        out,
                        "{l2}for (int somd_f = somd_lid; somd_f < somd_rows * {len}; somd_f += somd_ls) {{"
                    )?;
                    let at = match stage_macro(*k) {
                        Some(m) => format!(
                            "{}(somd_f % {len}, {len}, somd_f / {len}, somd_ls)",
                            super::sad::stage_at(&m)
                        ),
                        None => format!("(somd_f % {len}) * somd_ls + somd_f / {len}"),
                    };
                    writeln!(
                        out,
                        "{l3}somd_stage{k}[{at}] = arg{k}[(long)somd_g * {len} + somd_f];"
                    )?;
                    writeln!(out, "{l2}}}")?;
                }
                writeln!(out, "{l1}}}")?;
                writeln!(out, "{l1}barrier(CLK_LOCAL_MEM_FENCE);")?;
            }
            writeln!(out, "{l1}if (somd_ns > 0) {{")?;
            writeln!(out, "{l2}const int somd_i = (int)get_global_id(0);")?;
            out.push_str(&at(l2, "somd_i"));
            writeln!(out, "{l2}const int somd_s = (int)get_group_id(1);")?;
            writeln!(out, "{l2}if (somd_i >= somd_n) return;")?;
            if let Some(staged_call) = &staged_call {
                writeln!(out, "{l2}const int somd_lid = (int)get_local_id(0);")?;
                writeln!(out, "{l2}const {ret} somd_r = somd_staged ? {staged_call} : {call};")?;
            } else {
                writeln!(out, "{l2}const {ret} somd_r = {call};")?;
            }
            writeln!(out, "{l2}if (somd_ns == 1) {{")?;
            writeln!(out, "{l3}somd_out[somd_i] = somd_r;")?;
            writeln!(out, "{l2}}} else {{")?;
            writeln!(out, "{l3}somd_parts[(long)somd_s * somd_n + somd_i] = somd_r;")?;
            writeln!(out, "{l2}}}")?;
            writeln!(out, "{l2}return;")?;
            writeln!(out, "{l1}}}")?;
        }
        if lanes.is_some() {
            // The group's vote after each fold (`nested.rs`, `broadcast`), cleared before
            // any work-item may cast it.
            writeln!(out, "{l1}__local int somd_vote;")?;
            writeln!(out, "{l1}if (get_local_id(0) == 0) somd_vote = 0;")?;
            writeln!(out, "{l1}barrier(CLK_LOCAL_MEM_FENCE);")?;
            writeln!(out, "{l1}somd_err->vote = &somd_vote;")?;
            // Every work-item of group `i` runs the function for element `i`; the group's
            // result is the same in all of them, work-item 0 stores it.
            writeln!(out, "{l1}const int somd_i = (int)get_group_id(0);")?;
            out.push_str(&at(l1, "somd_i"));
            writeln!(out, "{l1}if (somd_i >= somd_n) return;")?;
            writeln!(out, "{l1}const {} somd_r = {call};", self.ty(&func.ret)?)?;
            writeln!(out, "{l1}if (get_local_id(0) == 0) {{")?;
            writeln!(out, "{}somd_out[somd_i] = somd_r;", l1.next())?;
            writeln!(out, "{l1}}}")?;
            out.push_str("}\n");
            if slices_call.is_some() {
                out.push_str(&self.slices_combine(func, &plan.name)?);
            }
            return Ok((out, BTreeSet::new()));
        }
        if (reduce.is_none() || tiling.is_some()) && !widened {
            writeln!(out, "{l1}const int somd_i = (int)get_global_id(0);")?;
            out.push_str(&at(l1, "somd_i"));
            if inline.is_some() {
                out.push_str(&consumer_at(l1, "somd_i"));
            }
        }
        match (reduce, &tiling) {
            (None, Some(_)) => {
                let ret = self.ty(&func.ret)?;
                writeln!(out, "{l1}const bool somd_active = somd_i < somd_n;")?;
                writeln!(out, "{l1}const int somd_m = somd_active ? somd_i : 0;")?;
                writeln!(out, "{l1}{ret} somd_r = {call};")?;
                // A barrier (every work-item made the call) and a volatile read of
                // `somd_active` before the store: without them PoCL 3.1 ran the store for
                // work-items past the end too, when the function's one-tile branch and its
                // tiled loop both lead to it (`samples/nbody.somd` at 300 bodies: a
                // corrupted heap), as for the block tiles (`blocks.rs`).
                writeln!(out, "{l1}barrier(CLK_LOCAL_MEM_FENCE);")?;
                writeln!(out, "{l1}if (SOMD_ACTIVE(somd_active)) {{")?;
                writeln!(out, "{}somd_out[somd_i] = somd_r;", l1.next())?;
                writeln!(out, "{l1}}}")?;
            }
            (Some((op, ty)), Some(_)) => {
                let ret = self.ty(&func.ret)?;
                writeln!(out, "{l1}const bool somd_active = somd_i < somd_n;")?;
                writeln!(out, "{l1}const int somd_m = somd_active ? somd_i : 0;")?;
                writeln!(out, "{l1}{} somd_v = {};", prim_c(ty), identity(op, ty)?)?;
                writeln!(out, "{l1}{ret} somd_r = {call};")?;
                writeln!(out, "{l1}if (somd_active) {{")?;
                writeln!(out, "{}somd_v = somd_r;", l1.next())?;
                writeln!(out, "{l1}}}")?;
                out.push_str(&self.tree(l1, "somd_v", op, ty)?);
            }
            (None, None) if widened => {
                let res = self.storage(result.ok_or_else(|| bug("widened @ without a result"))?)?;
                out.push_str(&Self::widened_map(l1, &wide_args, &res, &wide_call, &call)?);
            }
            (None, None) => {
                writeln!(out, "{l1}if (somd_i >= somd_n) return;")?;
                writeln!(out, "{l1}somd_out[somd_i] = {call};")?;
            }
            (Some((op, ty)), None) => {
                // Coarsened (`ReductionInfo::strided`): the work-item folds the elements of
                // its grid-stride loop.
                // Each element is computed before it is combined (a short-circuit `&&`
                // must not skip its function).
                let l2 = l1.next();
                let ret = self.ty(&func.ret)?;
                writeln!(out, "{l1}{} somd_v = {};", prim_c(ty), identity(op, ty)?)?;
                out.push_str(&Self::strided_loop(l1)?);
                writeln!(out, "{l2}const {ret} somd_r = {call};")?;
                writeln!(out, "{l2}somd_v = {};", reduce_combine(op, ty, "somd_v", "somd_r")?)?;
                writeln!(out, "{l1}}}")?;
                out.push_str(&self.tree(l1, "somd_v", op, ty)?);
            }
        }
        out.push_str("}\n");
        Ok((out, BTreeSet::new()))
    }

    /// `range`: the array is `Somd.range(n)`, element `k` is `k` and no buffer is declared
    /// (nothing crosses; the host still passes the range for its length).
    fn fold_kernel(
        &mut self,
        plan: &KernelPlan,
        elem: &Type,
        range: bool,
        m: &mut KernelManifest,
    ) -> R<String> {
        let func = self.module.function(plan.func);
        let e = self.storage(elem)?;
        let p = self.ty(elem)?;
        let mut decls = Vec::new();
        if !range {
            Self::push_arg(
                m,
                &mut decls,
                format!("__global {e} *somd_in"),
                "somd_in",
                ArgKind::Buffer { access: Access::In, elem: e.clone() },
                ArgSource::Param(0),
            );
        }
        let elem_at = |k: &str| match range {
            true => format!("(int){k}"),
            false => format!("somd_in[{k}]"),
        };
        Self::push_arg(
            m,
            &mut decls,
            "const int somd_n".into(),
            "somd_n",
            ArgKind::Scalar { ty: "int".into() },
            ArgSource::Count,
        );
        Self::push_arg(
            m,
            &mut decls,
            "const int somd_chunk".into(),
            "somd_chunk",
            ArgKind::Scalar { ty: "int".into() },
            ArgSource::Chunk,
        );
        let pk = Self::push_arg(
            m,
            &mut decls,
            format!("__global {e} *somd_partials"),
            "somd_partials",
            ArgKind::Buffer { access: Access::Out, elem: e.clone() },
            ArgSource::Partials,
        );
        // A method that cannot throw is combined across each work-group too (one partial per
        // group comes down); one that may throw leaves a partial per work-item, which the
        // host folds in order, so that its first failure is Java's: a tree would combine
        // the stand-in partial of a failed chunk, and with one element a chunk (arrays of
        // 4,096 or fewer) it would make every combination out of Java's order (review 104).
        let tree = !somd_mir::analysis::isolation::call_may_throw(self.module, plan.func);
        let scratch = tree.then(|| {
            Self::push_arg(
                m,
                &mut decls,
                format!("__local {e} *somd_scratch"),
                "somd_scratch",
                ArgKind::Local { elem: e.clone() },
                ArgSource::Scratch,
            )
        });
        self.push_main_err(m, &mut decls);
        m.global.push(SizeRule::Const(-1));
        let finish = match tree {
            true => "global size = ceil(ceil(n / chunk) / local) * local; work-item k folds elements [k*chunk, min((k+1)*chunk, n)) in order, then each work-group combines its work-items' results in a tree of neighbours (in order) into one partial; the host folds the groups' partials in order (n > 0; empty arrays throw on the host)",
            false => "global size = ceil(n / chunk); partial k folds elements [k*chunk, min((k+1)*chunk, n)) in order; the host folds the partials in order (n > 0; empty arrays throw on the host)",
        };
        m.reduction = Some(ReductionInfo {
            op: func.name.clone(),
            elem: e.clone(),
            partials_arg: pk,
            scratch_arg: scratch,
            finish: finish.into(),
            strided: false,
        });
        let f = self.fn_name(plan.func);
        let l1 = Level(1);
        let l2 = l1.next();
        let l3 = l2.next();
        let mut out = format!("/* {} ! at {}:{}:{} */\n", func.name, m.file, m.line, m.col);
        writeln!(out, "__kernel void {}({})\n{{", plan.name, decls.join(",\n        "))?;
        out.push_str(&self.err_init(l1, "somd_err"));
        writeln!(out, "{l1}const long somd_lo = (long)get_global_id(0) * (long)somd_chunk;")?;
        // Work-item `k` folds chunk `k` in order into `somd_acc`, at `level`; a method that
        // may throw marks each element for Java's first failure.
        let chunk = |level: Level| -> R<String> {
            let mut text = String::new();
            let inner = level.next();
            writeln!(
                text,
                "{level}const long somd_hi = min(somd_lo + (long)somd_chunk, (long)somd_n);"
            )?;
            writeln!(text, "{level}{p} somd_acc = {};", elem_at("somd_lo"))?;
            writeln!(
                text,
                "{level}for (long somd_k = somd_lo + 1; somd_k < somd_hi; somd_k++) {{"
            )?;
            if !tree {
                text.push_str(&at(inner, "somd_k"));
            }
            writeln!(text, "{inner}somd_acc = {f}(somd_acc, {}, somd_err);", elem_at("somd_k"))?;
            writeln!(text, "{level}}}")?;
            Ok(text)
        };
        if !tree {
            writeln!(out, "{l1}if (somd_lo >= (long)somd_n) return;")?;
            out.push_str(&chunk(l1)?);
            writeln!(out, "{l1}somd_partials[get_global_id(0)] = somd_acc;")?;
            out.push_str("}\n");
            return Ok(out);
        }
        // No work-item leaves before the barriers.
        writeln!(out, "{l1}const int somd_lid = (int)get_local_id(0);")?;
        writeln!(out, "{l1}if (somd_lo < (long)somd_n) {{")?;
        out.push_str(&chunk(l2)?);
        writeln!(out, "{l2}somd_scratch[somd_lid] = somd_acc;")?;
        writeln!(out, "{l1}}}")?;
        // The group's chunks meet in a tree of neighbours, left before right: the order of
        // the elements is kept, as the CPU's left fold keeps it (the method is taken to be
        // associative, LANGUAGE.md §3.5).
        writeln!(
            out,
            "{l1}const long somd_items = ((long)somd_n + somd_chunk - 1) / (long)somd_chunk;"
        )?;
        writeln!(
            out,
            "{l1}const long somd_first = (long)get_group_id(0) * (long)get_local_size(0);"
        )?;
        writeln!(
            out,
            "{l1}const int somd_valid = (int)min((long)get_local_size(0), somd_items - somd_first);"
        )?;
        writeln!(out, "{l1}for (int somd_s = 1; somd_s < somd_valid; somd_s <<= 1) {{")?;
        writeln!(out, "{l2}barrier(CLK_LOCAL_MEM_FENCE);")?;
        writeln!(
            out,
            "{l2}if ((somd_lid & (2 * somd_s - 1)) == 0 && somd_lid + somd_s < somd_valid) {{"
        )?;
        writeln!(
            out,
            "{l3}somd_scratch[somd_lid] = {f}(somd_scratch[somd_lid], somd_scratch[somd_lid + somd_s], somd_err);"
        )?;
        writeln!(out, "{l2}}}")?;
        writeln!(out, "{l1}}}")?;
        writeln!(out, "{l1}if (somd_lid == 0) somd_partials[get_group_id(0)] = somd_scratch[0];")?;
        out.push_str("}\n");
        Ok(out)
    }
}

/// One value of [`Writer::trees`]: reduced with `op` over `ty` in `scratch` into `partials`.
pub(super) struct TreeOf<'a> {
    pub(super) value: &'a str,
    pub(super) scratch: &'a str,
    pub(super) partials: &'a str,
    pub(super) op: ReduceOp,
    pub(super) ty: PrimType,
}

/// An argument extremum in [`Writer::trees`], by positions in its `values`: `lead` is its
/// value, `at` the iteration that set it (-1 for none) and the `payloads` values after `at`
/// what that iteration set (their `op` is unused); `later`: of equal values the later
/// iteration wins.
pub(super) struct ArgTree {
    pub(super) lead: usize,
    pub(super) at: usize,
    pub(super) payloads: usize,
    pub(super) later: bool,
}

/// The length tests of `guards` as C conditions.
pub(super) fn guard_tests(cx: &FnCx, guards: &[bounds::Guard]) -> Vec<String> {
    let len = |s: bounds::LenSym| format!("{}_len{}", cx.name(s.array), s.dim);
    guards
        .iter()
        .map(|g| match g.test {
            bounds::GuardTest::Above(max) => format!("{} > {max}", len(g.len)),
            bounds::GuardTest::AtLeast(other, c) => {
                let (a, b) = (len(g.len), len(other));
                match c {
                    0 => format!("{a} >= {b}"),
                    c if c > 0 => format!("(long){a} >= (long){b} + {c}L"),
                    c => format!("(long){a} >= (long){b} - {}L", -c),
                }
            }
        })
        .collect()
}

/// The expressions `func` passes to functions: the arguments of its calls and object
/// creations, and the operands of its `!`s (a `!` folded in the work-item passes its
/// operand to its fold function).
pub(super) fn passed_args(func: &Function) -> impl Iterator<Item = ExprId> + '_ {
    func.exprs.iter().flat_map(|e| match &e.kind {
        ExprKind::Call { args, .. } | ExprKind::New { args, .. } => args.clone(),
        ExprKind::ReduceArray { array, .. } => vec![*array],
        _ => Vec::new(),
    })
}

/// The locals `cx`'s function passes on to calls (a helper's array parameters are not
/// `const`, and it may write them): locals passed whole, 3-D arrays a plane or row of which
/// is passed (a pointer into their buffer), and the sources of array locals (which point
/// into them).
pub(super) fn passed_params(cx: &FnCx) -> std::collections::HashSet<LocalId> {
    let func = cx.func;
    passed_args(func)
        .filter_map(|a| match func.expr(a).kind {
            // An array local passed on passes a pointer into its source.
            ExprKind::Local(l) => Some(cx.aliases.get(&l).map_or(l, |alias| alias.base)),
            // A row of a 2-D array, or a plane or row of a 3-D one, passes a pointer into
            // its buffer.
            ExprKind::Index { .. }
                if matches!(func.expr(a).ty, Type::Array(_) | Type::ValueArray(..)) =>
            {
                somd_mir::analysis::walk::index_root(func, a).map(|(l, _)| l)
            }
            _ => None,
        })
        // A mutable array local points into its source, which it may write: the source is
        // neither `const` nor `restrict`. (A value-array local only reads its source.)
        .chain(
            cx.aliases
                .iter()
                .filter(|(l, _)| !matches!(func.local(**l).ty, Type::ValueArray(..)))
                .map(|(_, a)| a.base),
        )
        .collect()
}

/// The array locals (array locals as their sources) whose elements a callee of `cx`'s
/// function may write through the argument it is passed (`analysis::writes`).
fn written_in_callees(module: &Module, cx: &FnCx) -> std::collections::HashSet<LocalId> {
    let func = cx.func;
    let mut out = std::collections::HashSet::new();
    for e in &func.exprs {
        let ExprKind::Call { func: callee, args, .. } = &e.kind else { continue };
        for (k, a) in args.iter().enumerate() {
            let Some((l, _)) = somd_mir::analysis::walk::index_root(func, *a) else { continue };
            if matches!(func.expr(*a).ty, Type::Array(_))
                && somd_mir::analysis::writes::writes_param(module, *callee, k)
            {
                out.insert(cx.aliases.get(&l).map_or(l, |alias| alias.base));
            }
        }
    }
    out
}

/// The locals an assignment of `cx`'s function stores to, directly or through elements: an
/// element written through an array local counts as its source's.
pub(super) fn written_bases(cx: &FnCx) -> std::collections::HashSet<LocalId> {
    let func = cx.func;
    func.exprs
        .iter()
        .filter_map(|e| match &e.kind {
            ExprKind::Assign { target, .. }
            | ExprKind::CompoundAssign { target, .. }
            | ExprKind::IncDec { target, .. } => {
                let mut t = *target;
                while let ExprKind::Index { array, .. } = func.expr(t).kind {
                    t = array;
                }
                match func.expr(t).kind {
                    ExprKind::Local(l) if t != *target => {
                        Some(cx.aliases.get(&l).map_or(l, |a| a.base))
                    }
                    ExprKind::Local(l) => Some(l),
                    _ => None,
                }
            }
            _ => None,
        })
        .collect()
}

/// The statement starting iteration `k` (a 0-based `long` expression in Java's order of the
/// iterations) for the failure keys of `somd_err` (`SOMD_AT`, `somd_errors.cl`): a kernel
/// keeps the failure of the smallest key, Java's first.
pub(super) fn at(level: Level, k: &str) -> String {
    format!("{level}SOMD_AT({k});\n")
}

/// The consumer's failure context in a kernel computing its producer's `@` inline
/// (`analysis::mapfuse`): `somd_err_g`, on the kernel's buffer and launch. Java applies the
/// producer to every element before the consumer to any, so the producer's failures keep
/// the element's key (`somd_err`) and the consumer's come after all of them (`n + element`,
/// [`consumer_at`]): the smallest key is Java's first failure of either.
pub(super) fn consumer_err_init(level: Level) -> String {
    format!(
        "{level}somd_cx somd_err_g_cx = somd_err_cx;\n\
         {level}somd_cx *const somd_err_g = &somd_err_g_cx;\n"
    )
}

/// Element `item`'s key for the consumer of an inline producer ([`consumer_err_init`]).
pub(super) fn consumer_at(level: Level, item: &str) -> String {
    format!("{level}somd_err_g->key = somd_key_of((long)somd_n + (long)({item}));\n")
}

/// The type of the elements a mapped argument's buffer holds: the argument's own where Java
/// widens them to the parameter's type ([`MapArgPlan::from`]).
pub(super) fn mapped_storage(a: &somd_mir::analysis::MapArgPlan) -> Type {
    a.from.map_or_else(|| a.ty.clone(), Type::Prim)
}

/// Element `read` of a mapped argument (the index for a `Somd.range`) as the parameter's
/// type: converted where Java widens it ([`MapArgPlan::from`]).
pub(super) fn mapped_prim(a: &somd_mir::analysis::MapArgPlan, read: String) -> String {
    match (a.from, &a.ty) {
        (Some(from), &Type::Prim(to)) => super::writer::convert(&read, from, to),
        _ => read,
    }
}

/// Whether every mention of the array parameter `p` in `func` is its length or an argument
/// of `Somd.offset`/`Somd.globalLength`: the kernel reads and writes none of its elements
/// and passes it nowhere, so it needs its lengths and offsets but no buffer.
pub(super) fn shape_only(func: &Function, parents: &[Option<ExprId>], p: LocalId) -> bool {
    (0..func.exprs.len()).map(|i| ExprId(i as u32)).all(|e| match func.expr(e).kind {
        ExprKind::Local(l) if l == p => walk::parent_of(parents, e).is_some_and(|q| {
            matches!(
                func.expr(q).kind,
                ExprKind::Length(_)
                    | ExprKind::Builtin {
                        builtin: Builtin::SomdOffset | Builtin::SomdGlobalLength,
                        ..
                    }
            )
        }),
        _ => true,
    })
}
