//! SOMD calls (LANGUAGE.md §2): the wrapper `f_somd` that distributes, runs the MIs and
//! reduces, and the conservative write analysis that decides which arguments are copied.
//!
//! For `reduce(+) double dot(dist double[] a, dist double[] b)` the wrapper is
//! ```text
//! fn Main_dot_somd(a: &Array<f64>, b: &Array<f64>, moved: u64, pos: &'static SourcePos) -> f64 {
//!     let n_mis = rt::somd::mi_count(a.check(pos).len());
//!     let dist_a = rt::somd::Dist1::new(a, false, pos, |shape| Layout::cpu_block(shape, n_mis));
//!     let dist_b = ...;
//!     let partials = rt::somd::run_call(n_mis, |mi| {
//!         let (part_a, geo_a) = dist_a.part(mi);
//!         let (part_b, geo_b) = dist_b.part(mi);
//!         Main_dot(&[geo_a, geo_b], &part_a, &part_b)
//!     });
//!     rt::reduce::tree::<rt::reduce::Add, f64>(&partials)
//! }
//! ```
//! Partitions are windows of the argument (no copy) unless the body may write the
//! parameter: then `Dist1::new(.., Scratch::written(moved, i), ..)` deep-copies the argument
//! once per call and the MIs' windows share that scratch copy (halo cells then show
//! neighbours' writes after a `sync` barrier). The caller sets bit `i` of `moved` when its
//! argument `i` is a local that the call's result replaces (`a = f(a)`): then buffers no
//! other handle references are written in place instead (`Scratch::Reuse`); so does an
//! argument that is a local at its last use (`expr.rs`, `last_uses`). A non-`dist` array
//! parameter the body may write is deep-copied per MI.
//!
//! A method assembled as a 1-D array whose body returns its `T[] r = new T[..]` gets an
//! `rt::somd::Output1` (`output_allocation`): that `new` is `rt::somd::new_output`, which
//! gives MI `r` its window of the call's result, and `Output1::assemble` returns the result
//! without copying when every MI returned its window and kept no other handle to it.
//!
//! # Write analysis (conservative)
//! A parameter counts as written unless every use of it is: the base of an element read
//! (`p[i]`, `p[i][j]` of a primitive element), `p.length`, `Somd.offset/globalLength(p)`,
//! printing, or reassigning `p` itself. Anything else (a store through it, passing it or a
//! row of it to a call, storing it in a variable, returning it) may write it.

use super::expr::FnCx;
use super::types::{self, is_copy};
use super::EmitError;
use somd_mir::analysis::combine::{effect_free, elementwise};
use somd_mir::analysis::{histogram, writes};
use somd_mir::{
    ArrayReducer, Block, Distribution, ExprId, ExprKind, FuncId, FuncKind, Function, LocalId,
    Module, Reduction, Stmt, Type,
};
use somd_syntax::ast::ReduceOp;
use std::fmt::Write;

/// The index range of an outlined loop's body call that runs every iteration
/// ([`FnCx::outlined_call`] splits it among MIs).
const WHOLE_CHUNK: &str = "(i32::MIN, i32::MAX)";

/// The Rust name of the element operation of elementwise `combine` `combine`.
fn elem_name(combine: &str) -> String {
    format!("{combine}_elem")
}

/// Whether some SOMD method of `module` reduces its partials with `combine` `f`.
fn reduces_with(module: &Module, f: FuncId) -> bool {
    module
        .functions
        .iter()
        .any(|g| g.somd.as_ref().is_some_and(|sig| sig.reduction == Reduction::Combine(f)))
}

/// Every direct subexpression.
pub(super) fn subexprs(kind: &ExprKind) -> Vec<ExprId> {
    match kind {
        ExprKind::Index { array, index } => vec![*array, *index],
        ExprKind::Length(a) => vec![*a],
        ExprKind::Assign { target, value } | ExprKind::CompoundAssign { target, value, .. } => {
            vec![*target, *value]
        }
        ExprKind::IncDec { target, .. } => vec![*target],
        ExprKind::Builtin { args, .. } => args.clone(),
        other => children(other),
    }
}

/// Children of the expression kinds not handled specially by [`subexprs`].
fn children(kind: &ExprKind) -> Vec<ExprId> {
    match kind {
        ExprKind::Field { object, .. } => vec![*object],
        ExprKind::Unary { operand, .. } | ExprKind::Convert { operand } => vec![*operand],
        ExprKind::Binary { lhs, rhs, .. } => vec![*lhs, *rhs],
        ExprKind::Concat(parts) | ExprKind::ArrayLit(parts) | ExprKind::ValueArrayLit(parts) => {
            parts.clone()
        }
        ExprKind::NewArray { dims } => dims.clone(),
        ExprKind::Conditional { cond, then_expr, else_expr } => vec![*cond, *then_expr, *else_expr],
        ExprKind::Call { receiver, args, .. }
        | ExprKind::SomdCall { receiver, args, .. }
        | ExprKind::IntermediateReduce { receiver, args, .. } => {
            receiver.iter().chain(args.iter()).copied().collect()
        }
        ExprKind::New { args, .. } => args.clone(),
        ExprKind::Freeze(e) => vec![*e],
        ExprKind::Map { args, .. } => args.iter().map(|(e, _)| *e).collect(),
        ExprKind::ReduceArray { array, .. } => vec![*array],
        ExprKind::Task { ctor, .. } => {
            ctor.iter().flat_map(|(_, _, a)| a.iter().copied()).collect()
        }
        ExprKind::Connect { lhs, rhs } => vec![*lhs, *rhs],
        _ => Vec::new(),
    }
}

/// Whether the body may write the array that parameter `local` refers to: an element of it
/// or of one of its rows, through any name (an array local holding it or a row of it, a
/// callee it is passed to: `writes::writes_local`). Reassigning the parameter itself
/// writes nothing of the caller's array.
fn may_write(cx: &FnCx<'_>, local: LocalId) -> bool {
    writes::writes_local(cx.module, cx.func, local)
}

/// The Rust closure that combines two partial results of type `ret` with `reduce(C)`'s
/// `combine` function `f`: `&|a, b| C_combine(a, b)`.
pub(super) fn pairwise(cx: &FnCx<'_>, f: FuncId, ret: &Type) -> String {
    let combine = &cx.names.functions[f.0 as usize];
    let by = if is_copy(ret) { "" } else { "&" };
    format!("&|a, b| {combine}({by}a, {by}b)")
}

/// Whether running `fid` may wait for the other MIs of its SOMD call: a `sync` block or an
/// intermediate reduction in it or in a function it calls (a task it creates counts too).
/// Such a call needs every MI on a thread of its own (`exec.rs`, "Co-scheduling"); the
/// others may run more MIs than threads (`rt::somd::run_call_balanced`).
fn may_synchronize(module: &Module, fid: FuncId, seen: &mut Vec<FuncId>) -> bool {
    if seen.contains(&fid) {
        return false;
    }
    seen.push(fid);
    let Some(func) = module.functions.get(fid.0 as usize) else { return true };
    if block_syncs(&func.body) {
        return true;
    }
    for expr in &func.exprs {
        let callee = match &expr.kind {
            ExprKind::IntermediateReduce { .. } | ExprKind::Task { .. } => return true,
            // A helper's call of an intermediate reduction all-reduces (`FnCx::all_reduced`).
            ExprKind::Call { func, .. }
                if module
                    .functions
                    .get(func.0 as usize)
                    .is_some_and(|c| c.intermediate.is_some()) =>
            {
                return true
            }
            ExprKind::Call { func, .. } | ExprKind::Map { func, .. } => *func,
            ExprKind::New { ctor: Some(ctor), .. } => *ctor,
            ExprKind::ReduceArray { reducer: ArrayReducer::Func(f), .. } => *f,
            // A nested SOMD call synchronises only its own MIs.
            _ => continue,
        };
        if may_synchronize(module, callee, seen) {
            return true;
        }
    }
    false
}

/// Whether a block contains a `sync` statement.
fn block_syncs(block: &Block) -> bool {
    block.stmts.iter().any(|stmt| match stmt {
        Stmt::Sync { .. } => true,
        Stmt::If { then_block, else_block, .. } => {
            block_syncs(then_block) || else_block.as_ref().is_some_and(block_syncs)
        }
        Stmt::Loop { body, .. } | Stmt::Labeled { body, .. } | Stmt::Block(body) => {
            block_syncs(body)
        }
        _ => false,
    })
}

/// Number of array dimensions of a `dist` parameter that the partitioner handles (1 or 2):
/// an array of arrays (mutable or value) is split along its first two dimensions.
fn dims(ty: &Type) -> usize {
    match ty {
        Type::Array(inner) if matches!(inner.as_ref(), Type::Array(_)) => 2,
        Type::ValueArray(inner, _) if matches!(inner.as_ref(), Type::ValueArray(..)) => 2,
        _ => 1,
    }
}

/// The `combine` and the table of a segmented sum whose partial tables the wrapper may
/// combine window by window: the method reduces with an elementwise `combine` whose
/// operation has zero for identity (`Elementwise::zero_is_identity`), its body is a
/// segmented sum over a `dist` key (`histogram::segment_table`), and its MIs run one per
/// part with tables of their own (not balanced, not an assembled output: `output_new`).
/// The MIs whose keys' spans are disjoint share one table (`rt::somd::SegmentTable`),
/// which the body's allocation of its table asks for (`rt::somd::new_table`).
pub(super) fn windowed_table(
    module: &Module,
    func: &Function,
    output_new: Option<ExprId>,
) -> Option<(FuncId, histogram::SegmentTable)> {
    let Reduction::Combine(f) = &func.somd.as_ref()?.reduction else { return None };
    let combine = module.functions.get(f.0 as usize)?;
    let ew = elementwise(module, *f)?;
    if !ew.zero_is_identity(combine) || output_new.is_some() {
        return None;
    }
    Some((*f, histogram::segment_table(module, func)?))
}

/// The allocation of a SOMD method's partial result that the wrapper's `rt::somd::Output1`
/// serves (`rt::somd::new_output`): for a method assembled as a 1-D array of primitives from
/// a 1-D first `dist` parameter, the `new T[n]` of a top-level `T[] r = new T[n];` of the
/// body, where `r` is never reassigned and every `return` returns `r`. Only a guess that
/// the runtime checks: the assembly copies nothing only when every MI returned its window.
pub(super) fn output_allocation(func: &Function, assigned: &[bool]) -> Option<ExprId> {
    let sig = func.somd.as_ref()?;
    let first = sig.dist_params.first().and_then(|(i, _)| func.params.get(*i))?;
    let first_ty = &func.locals.get(first.0 as usize)?.ty;
    let elem = match &func.ret {
        Type::Array(elem) if matches!(elem.as_ref(), Type::Prim(_)) => elem,
        _ => return None,
    };
    if sig.reduction != Reduction::Assemble
        || !matches!(first_ty, Type::Array(_))
        || dims(first_ty) != 1
    {
        return None;
    }
    let expr = |e: ExprId| func.exprs.get(e.0 as usize);
    let (local, new) = func.body.stmts.iter().find_map(|stmt| match stmt {
        Stmt::Let { local, init: Some(init) } => match expr(*init) {
            Some(e)
                if matches!(&e.kind, ExprKind::NewArray { dims } if dims.len() == 1)
                    && matches!(&e.ty, Type::Array(t) if t == elem) =>
            {
                Some((*local, *init))
            }
            _ => None,
        },
        _ => None,
    })?;
    if assigned.get(local.0 as usize).copied().unwrap_or(true) {
        return None;
    }
    fn returns_only(block: &Block, ok: &dyn Fn(ExprId) -> bool) -> bool {
        block.stmts.iter().all(|stmt| match stmt {
            Stmt::Return(Some(e)) => ok(*e),
            Stmt::Return(None) => false,
            Stmt::If { then_block, else_block, .. } => {
                returns_only(then_block, ok)
                    && else_block.as_ref().is_none_or(|b| returns_only(b, ok))
            }
            Stmt::Loop { body, .. }
            | Stmt::Block(body)
            | Stmt::Labeled { body, .. }
            | Stmt::Sync { body, .. } => returns_only(body, ok),
            _ => true,
        })
    }
    let is_local =
        |e: ExprId| matches!(expr(e).map(|e| &e.kind), Some(ExprKind::Local(l)) if *l == local);
    returns_only(&func.body, &is_local).then_some(new)
}

impl FnCx<'_> {
    /// For an elementwise `combine` (`somd_mir::analysis::combine`) that a SOMD method
    /// reduces with: its element operation `OP(a[i], b[i])` as a function of the two
    /// elements, for `rt::somd::combine_elementwise`. It is the same MIR expression the
    /// `combine` body stores, written by the same expression writer, so it computes the
    /// same bits.
    pub fn write_combine_elem(&mut self, out: &mut String) -> Result<(), EmitError> {
        if !reduces_with(self.module, self.fid) {
            return Ok(());
        }
        let Some(ew) = elementwise(self.module, self.fid) else { return Ok(()) };
        let ty = types::prim(ew.elem);
        for read in &ew.reads_a {
            self.replaced.insert(*read, "elem_a".to_string());
        }
        for read in &ew.reads_b {
            self.replaced.insert(*read, "elem_b".to_string());
        }
        let body = self.expr(ew.op);
        self.replaced.clear();
        let body = body?;
        let name = elem_name(&self.names.functions[self.fid.0 as usize]);
        writeln!(out)?;
        writeln!(out, "/// Element operation of the elementwise `{}`.", self.func.name)?;
        writeln!(out, "#[inline(always)]")?;
        writeln!(out, "fn {name}(elem_a: {ty}, elem_b: {ty}) -> {ty} {{")?;
        writeln!(out, "    {body}")?;
        writeln!(out, "}}")?;
        Ok(())
    }

    /// Writes `NAME_somd`, the caller's side of a SOMD call.
    /// The arguments of a call of the SOMD body from its wrapper: the `geo` slice of the
    /// `dist` parameters (`geo`, its elements), an outlined loop's index range (`chunk`,
    /// [`FnCx::outlined_call`]; the whole range `WHOLE_CHUNK` where no outlined path splits
    /// it), the receiver (`body_args`), then each parameter: as `part` gives it, else a
    /// non-`dist` array the body may write as a private copy that `lets` makes (parameters
    /// pass by value, LANGUAGE.md §2.1), the others as they are.
    fn body_call_args(
        &self,
        (geo, chunk): (&str, &str),
        body_args: &[String],
        lets: &mut Vec<String>,
        part: impl Fn(LocalId) -> Option<String>,
    ) -> Result<Vec<String>, EmitError> {
        let mut args = vec![format!("&[{geo}]")];
        if self.chunked_index().is_some() {
            args.push(chunk.to_string());
        }
        args.extend(body_args.iter().cloned());
        for p in &self.func.params {
            let ty = self.local_ty(*p)?;
            let pname = self.local_name(*p);
            args.push(match part(*p) {
                Some(text) => text,
                None if is_copy(ty) => pname,
                None if matches!(ty, Type::Array(_)) && may_write(self, *p) => {
                    lets.push(format!("let private_{pname} = {pname}.deep_copy();"));
                    format!("&private_{pname}")
                }
                None => pname,
            });
        }
        Ok(args)
    }

    /// A user strategy's `bounds` call without its length and count, the key by which
    /// parameters given the same strategy expression are found, and its arguments' texts.
    fn strategy_key(
        &mut self,
        bounds: FuncId,
        args: &[ExprId],
    ) -> Result<(String, Vec<String>), EmitError> {
        let callee = self.callee(bounds)?;
        let mut texts = Vec::new();
        for (i, a) in args.iter().enumerate() {
            let ty = strategy_arg_ty(callee, i);
            // A reference for anything but a primitive: the local is `Copy` either way,
            // and `bounds` takes such parameters by reference.
            let text = self.arg(*a, &ty)?;
            texts.push(if is_copy(&ty) { text } else { format!("&({text})") });
        }
        let key = format!("{}({})", self.names.functions[bounds.0 as usize], texts.join(", "));
        Ok((key, texts))
    }

    /// The wrapper's path for a `null` `dist` argument, which splits into no partitions,
    /// for a matrix whose columns it would split that has a `null` row or rows of different
    /// lengths (both before the device path), and, with `shapes` (after it: a device runs
    /// one MI over the whole arrays; the user strategies' arguments), for arguments split
    /// alike whose split dimensions differ in length, which first call their strategies'
    /// `bounds` as one MI would ([`FnCx::one_partition_bounds`]): the body runs once over
    /// the whole values, as a call of the method
    /// Java makes would, and raises `NullPointerException` where it reads a `null` (or
    /// returns without reading it); its result is combined as one MI's. Written arrays are
    /// copied first, as for every MI (by-value parameters, LANGUAGE.md §2.1). A method
    /// whose `dist` argument may come as a device result (`rt::device::Lazy`) keeps the
    /// partitioning's exception at the call.
    fn null_dist_call(
        &mut self,
        out: &mut String,
        name: &str,
        body_args: &[String],
        result: &str,
        shapes: Option<&[Vec<String>]>,
    ) -> Result<(), EmitError> {
        let func = self.func;
        let Some(sig) = &func.somd else { return Ok(()) };
        let dist: Vec<LocalId> =
            sig.dist_params.iter().filter_map(|(i, _)| func.params.get(*i).copied()).collect();
        // A value array that may come as a `@` result (`rt::device::Lazy`) keeps the
        // partitioning's exception at the call; a mutable array holding SOMD results
        // (`LazyArr`, `LazyMat`) is tested as a plain one, on its host copy (a device
        // result is never `null` nor ragged), so a matrix the host made ragged runs the
        // body once over the whole values, as Java does.
        let value_lazy = |p: &LocalId| {
            self.lazy_params.contains(p) && matches!(self.local_ty(*p), Ok(Type::ValueArray(..)))
        };
        if dist.iter().any(value_lazy) {
            return Ok(());
        }
        // A matrix whose columns the call splits needs rows of one length (`rt::somd::Ragged`),
        // and arguments split alike need the lengths that make their elements meet in one
        // MI (LANGUAGE.md §2.2 promises that for equal shapes: `a[i] + b[i]` of a longer `b`
        // read its other elements). The null tests come first: the others read lengths.
        let (mut nulls, mut ragged, mut differ) = (Vec::new(), Vec::new(), Vec::new());
        let mut split_alike: Vec<(Vec<u32>, String)> = Vec::new();
        let mut users: Vec<(String, String)> = Vec::new();
        for (p, (_, strategy)) in dist.iter().zip(&sig.dist_params) {
            let name = self.local_name(*p);
            nulls.push(format!("{name}.is_null()"));
            let ty = self.local_ty(*p)?;
            if dims(ty) == 2 && !splits_rows_only(strategy, ty) {
                ragged.push(format!("rt::somd::Ragged::ragged({name})"));
            }
            let split: Vec<u32> = match strategy {
                Distribution::Block if dims(ty) == 2 && !ty.has_bounded_rows() => vec![1, 2],
                Distribution::Block => vec![1],
                Distribution::Dim(k) => vec![*k],
                Distribution::View { halos, .. } if !ty.has_bounded_rows() => {
                    (1..=halos.len() as u32).collect()
                }
                Distribution::View { .. } => vec![1],
                // The same strategy expression splits its parameters at the same boundaries
                // (§2.2): of one length only, the rows meeting in one MI as in Java.
                Distribution::User { bounds, args, .. } => {
                    let (key, _) = self.strategy_key(*bounds, args)?;
                    match users.iter().find(|(k, _)| *k == key) {
                        Some((_, first)) => differ.push(format!(
                            "rt::somd::dim_len({first}, 1, pos) != rt::somd::dim_len({name}, 1, pos)"
                        )),
                        None => users.push((key, name)),
                    }
                    continue;
                }
            };
            match split_alike.iter().find(|(dims, _)| *dims == split) {
                Some((_, first)) => {
                    for d in &split {
                        differ.push(format!(
                            "rt::somd::dim_len({first}, {d}, pos) != rt::somd::dim_len({name}, {d}, pos)"
                        ));
                    }
                }
                None => split_alike.push((split, name)),
            }
        }
        // The MIs are counted from the first argument's units, so a first argument without
        // rows (or elements) gives no MI: "zero-length input" (§2.3) only when every other
        // argument is empty too. With another argument holding elements, Java's call runs
        // the body over them (`rows(new int[0][5], x)`): so does the call, once.
        if let Some(first) = dist.first().map(|p| self.local_name(*p)) {
            let others: Vec<String> = dist[1..]
                .iter()
                .map(|p| format!("rt::somd::dim_len({}, 1, pos) != 0", self.local_name(*p)))
                .collect();
            if !others.is_empty() {
                differ.push(format!(
                    "(rt::somd::dim_len({first}, 1, pos) == 0 && ({}))",
                    others.join(" || ")
                ));
            }
        }
        // Before the device path: `null` and ragged arguments (a device takes neither);
        // after it (`shapes`): differently shaped ones, which only the CPU's partitions
        // split apart (a device runs one MI over the whole arrays).
        let tests: Vec<String> = match shapes {
            None => nulls.into_iter().chain(ragged).collect(),
            Some(_) => differ,
        };
        if tests.is_empty() {
            return Ok(());
        }
        let geo = format!("Geo::WHOLE; {}", dist.len());
        let mut lets = Vec::new();
        // A `dist` array the body writes is copied as any written array parameter: the
        // caller's array stays as it was (by-value parameters; a ragged or differently
        // shaped one is not `null`).
        let written: Vec<LocalId> = dist
            .iter()
            .copied()
            .filter(|p| matches!(self.local_ty(*p), Ok(Type::Array(_))) && may_write(self, *p))
            .collect();
        let args = self.body_call_args((&geo, WHOLE_CHUNK), body_args, &mut lets, |p| {
            (dist.contains(&p) && !written.contains(&p)).then(|| self.local_name(p))
        })?;
        writeln!(out, "    if {} {{", tests.join(" || "))?;
        let reason = match shapes {
            None => "null or ragged array argument",
            Some(_) => "dist arguments of different shapes",
        };
        writeln!(
            out,
            "        let _somd_call = rt::somd::somd_call_whole({:?}, pos, {reason:?});",
            func.name
        )?;
        // One MI's partition: its strategies' `bounds` as that MI would call them.
        if let Some(strategy_args) = shapes {
            let (takes, calls) = self.one_partition_bounds(strategy_args)?;
            for text in takes.iter().chain(&calls) {
                line(out, 2, "", text, "")?;
            }
        }
        for l in &lets {
            writeln!(out, "        {l}")?;
        }
        writeln!(out, "        let partials = vec![{name}({})];", args.join(", "))?;
        match (&sig.reduction, &func.ret) {
            (_, Type::Void) => writeln!(out, "        let _ = partials;\n        return;")?,
            // One partial array is the whole result.
            (Reduction::Assemble, _) => {
                writeln!(out, "        return partials.into_iter().next().unwrap_or_default();")?
            }
            _ => writeln!(out, "        return {result};")?,
        }
        writeln!(out, "    }}")?;
        Ok(())
    }

    /// The CPU path of a host loop made a SOMD method (`somd_mir::outline_loops`): the loop as
    /// written over the whole arrays, its index range split among MIs
    /// (`rt::somd::loop_chunk`), which write the loop's array in place, as the host loop
    /// did (the caller replaces that array with the result, the same one), or start a
    /// reduction's accumulator from the operator's identity past the first MI, their
    /// partials then folded in order (an argument extremum's tables, each MI's from the
    /// caller's values, picked in order). The lowest failing MI's exception is Java's first.
    /// `step` is the loop's (`Outlined::step`), which sets the MIs' count (`rt::somd::loop_mis`).
    fn outlined_call(
        &mut self,
        out: &mut String,
        name: &str,
        body_args: &[String],
        step: i32,
    ) -> Result<(), EmitError> {
        let func = self.func;
        let accumulator = match &func.somd.as_ref().map(|s| &s.reduction) {
            Some(Reduction::Op(op)) => {
                let op = types::reduce_op(*op)
                    .ok_or_else(|| EmitError::Internal("outlined reduce op".into()))?;
                Some((op, self.ty(&func.ret)?))
            }
            _ => None,
        };
        // The MI's chunk; the parameters as they are (the loop writes its array in place),
        // a reduction's accumulator, the parameter after the `dist` array
        // (`outline_loops::Plan::params`), the identity past the first MI. The wrapper's own
        // locals start with `somd_`, which no name of the program's keeps (`keywords`).
        let acc = accumulator.as_ref().and_then(|_| func.params.get(1)).copied();
        let args =
            self.body_call_args(("Geo::WHOLE", "somd_chunk"), body_args, &mut Vec::new(), |p| {
                let name = self.local_name(p);
                Some(match (&accumulator, Some(p) == acc) {
                    (Some((op, ty)), true) => {
                        let identity = format!("<{op} as rt::reduce::ReduceOp<{ty}>>::identity()");
                        format!("if mi == 0 {{ {name} }} else {{ {identity} }}")
                    }
                    _ => name,
                })
            })?;
        let first = self.local_name(func.params[0]);
        writeln!(out, "    let somd_len = {first}.check(pos).len();")?;
        // A helper found to share an effect among the MIs after all runs the loop as one
        // (`analysis::shared`, as other SOMD methods' wrappers do).
        match somd_mir::analysis::shared::shared_effect(self.module, self.fid) {
            Some(_) => writeln!(out, "    let n_mis = 1;")?,
            None => writeln!(out, "    let n_mis = rt::somd::loop_mis(somd_len, {step});")?,
        }
        writeln!(out, "    let _somd_call = rt::somd::somd_call({:?}, pos, n_mis);", func.name)?;
        writeln!(
            out,
            "    let partials = rt::somd::run_call_balanced_at({:?}, n_mis, |mi| {{",
            func.name
        )?;
        let chunk = if self.chunked_down() { "loop_chunk_down" } else { "loop_chunk" };
        writeln!(out, "        let somd_chunk = rt::somd::{chunk}(somd_len, n_mis, mi);")?;
        writeln!(out, "        {name}({})", args.join(", "))?;
        writeln!(out, "    }});")?;
        match (accumulator, &func.somd.as_ref().map(|s| &s.reduction)) {
            (Some((op, ty)), _) => {
                writeln!(out, "    return rt::reduce::tree::<{op}, {ty}>(&partials);")?
            }
            // An argument extremum's tables, each MI's from the caller's values, picked in
            // order (`outline_loops::pick_function`).
            (None, Some(Reduction::Combine(f))) => {
                let call = pairwise(self, *f, &func.ret);
                writeln!(
                    out,
                    "    return rt::somd::combine_concurrent(partials, {call}).unwrap_or_default();"
                )?
            }
            // Every MI returns the array it wrote.
            _ => writeln!(out, "    return partials.into_iter().next().unwrap_or_default();")?,
        }
        Ok(())
    }

    pub fn write_somd_wrapper(
        &mut self,
        out: &mut String,
        device: Option<(&super::device::Glue, &super::device::DeviceCall)>,
    ) -> Result<(), EmitError> {
        let func = self.func;
        let Some(sig) = &func.somd else { return Ok(()) };
        let name = self.names.functions[self.fid.0 as usize].clone();
        let mut params = Vec::new();
        let mut body_args = vec![];
        if func.kind == FuncKind::Instance {
            let this = self.local_name(LocalId(0));
            let this_ty = self.ty(self.local_ty(LocalId(0))?)?;
            params.push(format!("{this}: &{this_ty}"));
            body_args.push(this);
        }
        // 1-D value arrays of a method with a device path come as `rt::device::Lazy`s: a
        // `@` result the caller left on the device stays there for the device call, and the
        // CPU path reads the host copy (`analysis::lazy`).
        let mut lazy_params = Vec::new();
        for (i, p) in func.params.iter().enumerate() {
            let ty = self.local_ty(*p)?;
            let rust = self.ty(ty)?;
            let pname = self.local_name(*p);
            let lazy = device.is_some_and(|(glue, _)| glue.lazy_param(self.module, self.fid, i));
            params.push(match (ty, lazy) {
                (_, _) if is_copy(ty) => format!("{pname}: {rust}"),
                (Type::ValueArray(elem, _), true) => {
                    self.lazy_params.insert(*p);
                    lazy_params.push(format!("    let {pname}: &{rust} = {pname}.host();"));
                    format!("{pname}: &rt::device::Lazy<{}>", self.ty(elem)?)
                }
                // A read-only array a caller's SOMD results may be handed in
                // (`analysis::lazy`, "SOMD results"): the CPU path reads the host copy
                // and leaves the device copy valid.
                (Type::Array(_), true) => {
                    self.lazy_params.insert(*p);
                    lazy_params.push(format!("    let {pname}: &{rust} = {pname}.read();"));
                    let (holder, elem) = types::lazy_holder(ty);
                    format!("{pname}: &rt::device::{holder}<{}>", self.ty(elem)?)
                }
                _ => format!("{pname}: &{rust}"),
            });
        }
        params.push("moved: u64".to_string());
        params.push("pos: &'static SourcePos".to_string());
        let ret = if func.ret == Type::Void {
            String::new()
        } else {
            format!(" -> {}", self.ty(&func.ret)?)
        };
        writeln!(
            out,
            "/// SOMD method `{}`: distribute, run one MI per partition, reduce.",
            func.name
        )?;
        let first =
            sig.dist_params.first().and_then(|(i, _)| func.params.get(*i)).copied().ok_or_else(
                || EmitError::Internal(format!("SOMD method {} without dist parameter", func.name)),
            )?;
        // How partial results combine (also for the device path's partials).
        let ret_ty = self.ty(&func.ret)?;
        let result = match &sig.reduction {
            Reduction::None => "let _ = partials;".to_string(),
            Reduction::Op(ReduceOp::Sub) => "rt::reduce::fold_sub(&partials)".to_string(),
            Reduction::Op(op) => {
                let op =
                    types::reduce_op(*op).ok_or_else(|| EmitError::Internal("reduce op".into()))?;
                format!("rt::reduce::tree::<{op}, {ret_ty}>(&partials)")
            }
            Reduction::Assemble => {
                let first_ty = self.local_ty(first)?;
                let first_dims = dims(first_ty);
                match (matches!(func.ret, Type::Array(_)).then(|| dims(&func.ret)), first_dims) {
                    // Along the rows of a 2-D parameter too (halo rows dropped).
                    (Some(1), 1 | 2) => {
                        "rt::somd::assemble_1d(&dist_0.layout, partials)".to_string()
                    }
                    // The source itself may be the result only when of the result's type.
                    (Some(2), 2) if func.ret == *first_ty => {
                        "dist_0.assemble(partials, pos)".to_string()
                    }
                    (Some(2), 2) => {
                        "rt::somd::assemble_2d(&dist_0.layout, partials, pos)".to_string()
                    }
                    // A value array (`int[[]]`): its elements, as for a mutable one.
                    _ if matches!(func.ret, Type::ValueArray(..)) => {
                        "rt::somd::assemble_values_1d(&dist_0.layout, partials)".to_string()
                    }
                    _ => "rt::somd::concat(partials)".to_string(),
                }
            }
            Reduction::SelfCall { param } => {
                let mut args = vec![format!("&[Geo::WHOLE; {}]", sig.dist_params.len())];
                args.extend(body_args.iter().cloned());
                for (i, p) in func.params.iter().enumerate() {
                    if i == *param {
                        args.push("&Array::from_vec(partials)".to_string());
                    } else {
                        args.push(self.local_name(*p));
                    }
                }
                format!("{name}({})", args.join(", "))
            }
            Reduction::Combine(f) => {
                let combine = self.names.functions[f.0 as usize].clone();
                let call = pairwise(self, *f, &func.ret);
                if elementwise(self.module, *f).is_some() {
                    format!(
                        "rt::somd::combine_elementwise(partials, {}, {call}).unwrap_or_default()",
                        elem_name(&combine)
                    )
                } else if effect_free(self.module, *f) {
                    format!("rt::somd::combine_concurrent(partials, {call}).unwrap_or_default()")
                } else {
                    format!("rt::somd::tree_combine(partials, {call}).unwrap_or_default()")
                }
            }
            Reduction::CombineAll(f) => {
                let combine = self.names.functions[f.0 as usize].clone();
                format!("{combine}(&Array::from_vec(partials))")
            }
        };
        let header = super::stmt::signature_text(&format!("{name}_somd"), &params, &ret);
        writeln!(out, "{header}")?;
        if let Some(init) = self.first_use_init() {
            writeln!(out, "    {init}")?;
        }
        if func.kind == FuncKind::Instance {
            // Java invokes nothing on `null`: the exception is the call's, after its
            // arguments (JLS 15.12.4.4), whatever the body reads.
            let this = self.local_name(LocalId(0));
            writeln!(out, "    if {this}.is_null() {{ rt::error::null_pointer(\"\", pos); }}")?;
        }
        self.null_dist_call(out, &name, &body_args, &result, None)?;
        let strategy_args = self.strategy_args(out)?;
        if let Some((glue, call)) = device {
            let names: Vec<String> = func.params.iter().map(|p| self.local_name(*p)).collect();
            let check = self.device_bounds_check(&strategy_args, out)?;
            super::device::write_prologue(out, glue, call, self, &name, &names, &result)?;
            if check {
                writeln!(out, "    drop(somd_check);")?;
            }
        } else {
            // No device path: the trace still shows the call's placement.
            writeln!(out, "    rt::somd::not_eligible({:?}, pos);", func.name)?;
        }
        for rebind in &lazy_params {
            writeln!(out, "{rebind}")?;
        }
        self.lazy_params.clear();
        if let Some(step) = self.outlined().map(|o| o.step) {
            self.outlined_call(out, &name, &body_args, step)?;
        }
        self.null_dist_call(out, &name, &body_args, &result, Some(&strategy_args))?;
        // The number of MIs is bounded by the units the first `dist` argument splits into:
        // its elements (1-D), its rows (`dim = 1`, user strategies), the columns of a
        // matrix split along `dim = 2`, or its cells (block and view partitions of both
        // dimensions).
        let first_name = self.local_name(first);
        let first_dist = sig.dist_params.first().map(|(_, dist)| dist);
        // More MIs than threads, taken dynamically, where no MI waits for another and extra
        // MIs cost nothing but their share of an assembly or a scalar in the reduction
        // tree: no per-MI copy of a written non-`dist` array, no user reduction of possibly
        // whole-length partials. With one MI per thread, a thread that starts late or
        // shares its core with another process delays the whole call.
        let copies_per_mi = func.params.iter().enumerate().any(|(i, p)| {
            !sig.dist_params.iter().any(|(d, _)| *d == i)
                && matches!(func.locals.get(p.0 as usize).map(|l| &l.ty), Some(Type::Array(_)))
                && may_write(self, *p)
        });
        let scalar_op =
            matches!(sig.reduction, Reduction::Op(_)) && matches!(func.ret, Type::Prim(_));
        let shared = somd_mir::analysis::shared::shared_effect(self.module, self.fid);
        let balanced = (matches!(sig.reduction, Reduction::Assemble | Reduction::None)
            || scalar_op)
            && !copies_per_mi
            && shared.is_none()
            && !may_synchronize(self.module, self.fid, &mut Vec::new());
        let count = if dims(self.local_ty(first)?) == 2 {
            let rows = self.local_ty(first)?.has_bounded_rows();
            let split = match first_dist {
                Some(Distribution::Dim(1) | Distribution::User { .. }) => "Rows",
                Some(Distribution::View { .. }) if rows => "Rows",
                Some(Distribution::Dim(_)) => "Cols",
                _ => "Cells",
            };
            if balanced {
                format!(
                    "rt::somd::mi_count_balanced(rt::somd::units_2d({first_name}, rt::somd::Split2::{split}, pos))"
                )
            } else {
                format!("rt::somd::mi_count_2d({first_name}, rt::somd::Split2::{split}, pos)")
            }
        } else if balanced {
            format!("rt::somd::mi_count_balanced({first_name}.check(pos).len())")
        } else {
            format!("rt::somd::mi_count({first_name}.check(pos).len())")
        };
        // Every `dist` argument gets a non-empty part in every MI (an MI whose part is empty
        // would fail where Java's one call reads element 0). The first argument's count is
        // at most its units; a further argument split along one dimension (1-D, `dist(dim =
        // k)`) caps it at that dimension's length, and last the count fits every matrix
        // split into cells, the first included (`fit_cells_to`): a count that fits a matrix
        // need not fit it once lowered (8 MIs fit 4 x 4 as [4, 2], 7 do not), while a
        // lowered count still fits every argument split along one dimension.
        let mut count = count;
        let mut cell_shapes = Vec::new();
        for (k, (idx, dist)) in sig.dist_params.iter().enumerate() {
            let local =
                *func.params.get(*idx).ok_or_else(|| EmitError::Internal("dist index".into()))?;
            let pname = self.local_name(local);
            let d = dims(self.local_ty(local)?);
            let rows = self.local_ty(local)?.has_bounded_rows();
            match dist {
                Distribution::View { .. } if rows && k > 0 => {
                    count = format!(
                        "rt::somd::cap_mis({count}, rt::somd::dim_len({pname}, 1, pos) as usize)"
                    );
                }
                Distribution::View { .. } if rows => {}
                Distribution::Block | Distribution::View { .. } if d == 2 => {
                    cell_shapes.push(format!("rt::somd::shape_2d({pname}, pos)"));
                }
                _ if k == 0 => {}
                Distribution::Block | Distribution::View { .. } if d == 1 => {
                    count = format!(
                        "rt::somd::cap_mis({count}, rt::somd::dim_len({pname}, 1, pos) as usize)"
                    );
                }
                Distribution::Dim(dim) if (*dim as usize) <= d && d <= 2 => {
                    count = format!(
                        "rt::somd::cap_mis({count}, rt::somd::dim_len({pname}, {dim}, pos) as usize)"
                    );
                }
                _ => {}
            }
        }
        if !cell_shapes.is_empty() {
            count = format!("rt::somd::fit_cells_to({count}, &[{}])", cell_shapes.join(", "));
        }
        if let Some(effect) = &shared {
            // The MIs would share what the body writes (`analysis::shared`): one MI runs it
            // in Java's order.
            writeln!(out, "    // One MI: the body {}.", effect.what)?;
            count = format!("rt::somd::cap_mis({count}, 1)");
        }
        writeln!(out, "    let n_mis = {count};")?;
        // Distribute.
        let mut geos = Vec::new();
        let mut mi_lets = Vec::new();
        let mut part_of = std::collections::HashMap::new();
        let mut strategies = Vec::new();
        for (k, (idx, dist)) in sig.dist_params.iter().enumerate() {
            let local =
                *func.params.get(*idx).ok_or_else(|| EmitError::Internal("dist index".into()))?;
            let pname = self.local_name(local);
            let ty = self.local_ty(local)?.clone();
            let d = dims(&ty);
            let rows_only = splits_rows_only(dist, &ty);
            let len = match &ty {
                Type::ValueArray(..) => format!("{pname}.items().len()"),
                _ => format!("{pname}.len()"),
            };
            let layout = match &ty {
                Type::ValueArray(..) | Type::Array(_) => {
                    self.layout_expr(dist, &ty, d, &len, k, &strategy_args, &mut strategies, out)?
                }
                _ => String::new(),
            };
            let rhs = match &ty {
                // A value array: each MI gets a value array of its view (`DistV1`, `DistV2`).
                Type::ValueArray(..) => {
                    if d == 1 {
                        format!("rt::somd::DistV1::new({pname}, pos, |shape| {layout})")
                    } else {
                        format!(
                            "rt::somd::DistV2::new({pname}, {rows_only}, pos, |shape| {layout})"
                        )
                    }
                }
                Type::Array(_) => {
                    let copy = if may_write(self, local) {
                        format!("rt::somd::Scratch::written(moved, {idx})")
                    } else {
                        "false".to_string()
                    };
                    if d == 1 {
                        format!("rt::somd::Dist1::new({pname}, {copy}, pos, |shape| {layout})")
                    } else {
                        format!(
                            "rt::somd::Dist2::new({pname}, {copy}, {rows_only}, pos, |shape| \
                             {layout})"
                        )
                    }
                }
                _ => {
                    return Err(EmitError::Internal(format!(
                        "a `dist` parameter of type {ty:?} (not an array)"
                    )))
                }
            };
            line(out, 1, &format!("let dist_{k} = "), &rhs, ";")?;
            mi_lets.push(format!("let (part_{k}, geo_{k}) = dist_{k}.part(mi);"));
            geos.push(format!("geo_{k}"));
            part_of.insert(local, k);
        }
        // Map.
        let geos = geos.join(", ");
        let call_args =
            self.body_call_args((&geos, WHOLE_CHUNK), &body_args, &mut mi_lets, |p| {
                part_of.get(&p).map(|k| format!("&part_{k}"))
            })?;
        // The call's trace covers the MIs and the combination of their results: the guard
        // lives until the wrapper's value is ready.
        writeln!(out, "    let _somd_call = rt::somd::somd_call({:?}, pos, n_mis);", func.name)?;
        let run = if balanced {
            format!("run_call_balanced_at({:?}, n_mis, ", func.name)
        } else {
            "run_call(n_mis, ".to_string()
        };
        let mut result = result;
        if let Some(new) = self.output_new {
            // MI `mi`'s `new` of its result is its window of the call's result.
            let elem = match self.e(new).map(|e| &e.ty) {
                Ok(Type::Array(elem)) => self.ty(elem)?,
                _ => return Err(EmitError::Internal("output allocation type".into())),
            };
            writeln!(
                out,
                "    let somd_output = rt::somd::Output1::<{elem}>::new(&dist_0.layout);"
            )?;
            mi_lets.insert(0, "let _somd_entered = somd_output.enter(mi);".to_string());
            result = "somd_output.assemble(&dist_0.layout, partials)".to_string();
        }
        let mut body_call = format!("{name}({})", call_args.join(", "));
        let windowed = windowed_table(self.module, self.func, self.output_new)
            .and_then(|(f, t)| Some((f, t, *part_of.get(&t.key)?)));
        if let Some((f, table, k)) = windowed {
            // Each MI's table is zero outside its keys' span: the MIs whose spans are
            // disjoint share one table, and the combination folds the other MIs' tables
            // into it span by span (`rt::somd::SegmentTable`).
            let combine = elem_name(&self.names.functions[f.0 as usize]);
            let call = pairwise(self, f, &func.ret);
            let elem = match &func.ret {
                Type::Array(elem) => self.ty(elem)?,
                _ => return Err(EmitError::Internal("segmented sum's table type".into())),
            };
            let len = super::device::table_len_text(self, table.len)?;
            line(
                out,
                1,
                &format!("let somd_table = rt::somd::SegmentTable::<{elem}>::new("),
                &format!("{:?}, {len}, n_mis", func.name),
                ");",
            )?;
            mi_lets.push(format!("let somd_window = rt::somd::key_window(&part_{k}, n_mis);"));
            mi_lets.push("let _somd_table = somd_table.enter(mi, &somd_window);".to_string());
            body_call = format!("({body_call}, somd_window)");
            result = format!("somd_table.combine(partials, {combine}, {call}).unwrap_or_default()");
        }
        writeln!(out, "    let partials = rt::somd::{run}|mi| {{")?;
        for l in &mi_lets {
            writeln!(out, "        {l}")?;
        }
        line(out, 2, "", &body_call, "")?;
        writeln!(out, "    }});")?;
        line(out, 1, "", &result, "")?;
        writeln!(out, "}}")?;
        Ok(())
    }

    /// The arguments of the user strategies of the `dist` parameters (`dist(P(e1, ..))`),
    /// evaluated once, in order, into locals before the call picks a device or partitions
    /// anything (LANGUAGE.md §2.2: "evaluated once, in the caller's scope"; a device that
    /// ignores the strategy still meets their exceptions). A parameter whose strategy
    /// expression another one already evaluated reuses its locals: by parameter index,
    /// the locals' names.
    #[allow(clippy::type_complexity)] // Reason: one table, used by `layout_expr` only.
    fn strategy_args(&mut self, out: &mut String) -> Result<Vec<Vec<String>>, EmitError> {
        let Some(sig) = &self.func.somd else { return Ok(Vec::new()) };
        let mut done: Vec<(String, Vec<String>)> = Vec::new();
        let mut table = Vec::new();
        for (k, (_, dist)) in sig.dist_params.iter().enumerate() {
            let Distribution::User { bounds, args, .. } = dist else {
                table.push(Vec::new());
                continue;
            };
            let (key, texts) = self.strategy_key(*bounds, args)?;
            if let Some((_, names)) = done.iter().find(|(k2, _)| *k2 == key) {
                table.push(names.clone());
                continue;
            }
            let mut names = Vec::new();
            for (i, text) in texts.into_iter().enumerate() {
                let name = format!("somd_strategy_{k}_{i}");
                line(out, 1, &format!("let {name} = "), &text, ";")?;
                names.push(name);
            }
            done.push((key, names.clone()));
            table.push(names);
        }
        Ok(table)
    }

    /// Where a user strategy splits a `dist` parameter, the `bounds` call one MI would make
    /// (`parts` 1, LANGUAGE.md §2.2): a device runs one partition, and so does a call whose
    /// arguments of one strategy expression differ in length (the body runs once over the
    /// whole values). Its exceptions, and the `IllegalArgumentException` of boundaries that
    /// are no partition, are then raised as one MI on the CPU raises them. One call per
    /// strategy expression, in parameter order, as [`FnCx::layout_expr`] makes them: the
    /// statements taking owned handles of the arguments (`takes`), then the calls, which
    /// read only those. Empty without a user strategy.
    fn one_partition_bounds(
        &mut self,
        strategy_args: &[Vec<String>],
    ) -> Result<(Vec<String>, Vec<String>), EmitError> {
        let Some(sig) = &self.func.somd else { return Ok((Vec::new(), Vec::new())) };
        let dist_params = sig.dist_params.clone();
        let mut called: Vec<(String, &[String])> = Vec::new();
        let mut takes = Vec::new();
        let mut calls = Vec::new();
        for (k, (idx, dist)) in dist_params.iter().enumerate() {
            let Distribution::User { class, bounds, .. } = dist else { continue };
            let bounds_fn = self.names.functions[bounds.0 as usize].clone();
            let names = strategy_args.get(k).map_or(&[][..], Vec::as_slice);
            if called.iter().any(|(f, n)| *f == bounds_fn && *n == names) {
                continue;
            }
            called.push((bounds_fn.clone(), names));
            let local = *self
                .func
                .params
                .get(*idx)
                .ok_or_else(|| EmitError::Internal("dist index".into()))?;
            let pname = self.local_name(local);
            let len = match self.local_ty(local)? {
                Type::ValueArray(..) => format!("{pname}.items().len()"),
                _ => format!("{pname}.len()"),
            };
            takes.push(format!("let somd_len_{k} = {len};"));
            let callee = self.callee(*bounds)?;
            let mut texts = vec![format!("somd_len_{k} as i32"), "1".to_string()];
            for (i, name) in names.iter().enumerate() {
                let ty = strategy_arg_ty(callee, i);
                // The closure outlives the wrapper's borrows: it owns a handle of each
                // (`Clone::clone` at the parameter's type, through any references).
                if is_copy(&ty) {
                    takes.push(format!("let somd_take_{k}_{i} = {name};"));
                    texts.push(format!("somd_take_{k}_{i}"));
                } else {
                    let rust = self.ty(&ty)?;
                    takes.push(format!("let somd_take_{k}_{i}: {rust} = Clone::clone({name});"));
                    texts.push(format!("&somd_take_{k}_{i}"));
                }
            }
            let strategy =
                self.module.classes.get(class.0 as usize).map_or("?", |c| c.name.as_str());
            calls.push(format!(
                "rt::somd::user_bounds({strategy:?}, &{bounds_fn}({}), somd_len_{k}, 1, pos);",
                texts.join(", ")
            ));
        }
        Ok((takes, calls))
    }

    /// [`FnCx::one_partition_bounds`] as the check the device path makes once it places the
    /// call, before it runs (`rt::device::before_device`, guard `somd_check`; the CPU path
    /// calls `bounds` itself). Whether it wrote one.
    fn device_bounds_check(
        &mut self,
        strategy_args: &[Vec<String>],
        out: &mut String,
    ) -> Result<bool, EmitError> {
        let (takes, calls) = self.one_partition_bounds(strategy_args)?;
        if calls.is_empty() {
            return Ok(false);
        }
        writeln!(out, "    let somd_check = {{")?;
        for take in &takes {
            writeln!(out, "        {take}")?;
        }
        writeln!(out, "        rt::device::before_device(move || {{")?;
        for call in &calls {
            line(out, 3, "", call, "")?;
        }
        writeln!(out, "        }})")?;
        writeln!(out, "    }};")?;
        Ok(true)
    }

    /// The `Layout` expression of a distribution (user strategies call `bounds` first).
    /// `len` is the parameter's length along dimension 1 (0 for `null`: the partitioning
    /// throws after). `strategies` lists the user strategies already called (the call
    /// without its length argument, the `dist` index): a parameter given the same strategy
    /// expression reuses those boundaries (§2.2: the arguments are evaluated once and such
    /// parameters, of one length, are split at the same boundaries).
    /// `strategy_args` are the locals holding the user strategies' arguments
    /// ([`FnCx::strategy_args`]).
    #[allow(clippy::too_many_arguments)] // Reason: the wrapper's state for one parameter.
    fn layout_expr(
        &mut self,
        dist: &Distribution,
        ty: &Type,
        d: usize,
        len: &str,
        k: usize,
        strategy_args: &[Vec<String>],
        strategies: &mut Vec<(String, usize)>,
        out: &mut String,
    ) -> Result<String, EmitError> {
        let halos = |halos: &[(u32, u32)]| {
            let list: Vec<String> = (0..d)
                .map(|i| halos.get(i).copied().unwrap_or((0, 0)))
                .map(|(b, a)| format!("({b}, {a})"))
                .collect();
            format!("[{}]", list.join(", "))
        };
        Ok(match dist {
            Distribution::Block => "rt::partition::Layout::cpu_block(shape, n_mis)".to_string(),
            Distribution::Dim(dim) => {
                let dim = dim.saturating_sub(1) as usize;
                if dim >= d {
                    return Err(EmitError::Unsupported(format!(
                        "dist(dim = {}) on a {d}-dimensional array",
                        dim + 1
                    )));
                }
                format!("rt::partition::Layout::along(shape, n_mis, {dim})")
            }
            Distribution::View { halos: h, poly } => {
                let method = if *poly { "with_polyview" } else { "with_view" };
                // A view of bounded rows splits its rows only (`Type::has_bounded_rows`).
                let split = match ty.has_bounded_rows() {
                    true => "along(shape, n_mis, 0)",
                    false => "cpu_block(shape, n_mis)",
                };
                format!("rt::partition::Layout::{split}.{method}({})", halos(h))
            }
            Distribution::User { class, bounds, .. } => {
                let strategy =
                    self.module.classes.get(class.0 as usize).map_or("?", |c| c.name.as_str());
                let bounds_fn = self.names.functions[bounds.0 as usize].clone();
                let mut texts = vec![format!("{len} as i32"), "n_mis as i32".to_string()];
                // Evaluated before the call (`strategy_args`): values and references.
                for name in strategy_args.get(k).into_iter().flatten() {
                    texts.push(name.clone());
                }
                let mut rhs = format!(
                    "rt::somd::user_bounds({strategy:?}, &{bounds_fn}({}), {len}, n_mis, pos)",
                    texts.join(", ")
                );
                let key = format!("{bounds_fn}({})", texts[1..].join(", "));
                // Parameters of one strategy expression have one length here: the call runs
                // the body once over the whole values otherwise (`null_dist_call`).
                match strategies.iter().find(|(called, _)| *called == key) {
                    Some((_, first)) => rhs = format!("bounds_{first}.clone()"),
                    None => strategies.push((key, k)),
                }
                line(out, 1, &format!("let bounds_{k} = "), &rhs, ";")?;
                format!("rt::partition::Layout::user(shape, bounds_{k}.clone())")
            }
        })
    }
}

/// The type of a user strategy's argument `i`: parameter `i + 2` of its `bounds` (after
/// the length and the number of parts).
fn strategy_arg_ty(bounds: &Function, i: usize) -> Type {
    bounds
        .params
        .get(i + 2)
        .and_then(|p| bounds.locals.get(p.0 as usize))
        .map(|l| l.ty.clone())
        .unwrap_or(Type::Prim(somd_syntax::ast::PrimType::Int))
}

/// Whether strategy `dist` splits a `dist` parameter of type `ty` only along its rows
/// (`dim = 1`, a user strategy, bounded `[[N]]` rows): a matrix's columns stay whole.
fn splits_rows_only(dist: &Distribution, ty: &Type) -> bool {
    matches!(dist, Distribution::Dim(1) | Distribution::User { .. }) || ty.has_bounded_rows()
}

/// Writes one statement at `level`, broken like rustfmt when too long.
fn line(
    out: &mut String,
    level: usize,
    prefix: &str,
    text: &str,
    suffix: &str,
) -> Result<(), EmitError> {
    for l in super::layout::layout(level * 4, prefix, text, suffix) {
        writeln!(out, "{l}")?;
    }
    Ok(())
}
