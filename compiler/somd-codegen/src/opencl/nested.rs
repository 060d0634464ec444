//! A `!` of a `@` inside a function that runs in a kernel (`analysis::nested`): one fold
//! function per `!`, written before the function that holds it, which applies the `@`'s
//! target element by element and combines in the CPU's order — a left fold for `C.m !`,
//! for an operator blocks of 1024 folded from the identity and a tree over the block
//! results, as `rt::somd::reduce_array` (only `+`/`*` over `float`/`double` depend on that
//! order; the rest fold left to right). No intermediate array exists.
//!
//! ```c
//! long somd_fold_Mosaic_bestMatch_12(__global int *b0, const int b0_len0,
//!     __global int *m1, const int m1_len0, const int m1_len1, const int m2_len0,
//!     int *somd_count, SOMD_ERR_PARAM)
//! ```
//!
//! Mapped arrays pass their buffer and lengths (a mapped 2-D array gives each application
//! a row: pointer and row length), `Somd.range(n)` only its length (the element is the
//! index), broadcast arguments pass as to any call. The fold checks the mapped lengths as
//! `rt::somd::map_len` does (`IllegalArgumentException` at the `@`). An empty `C.m !`
//! throws at the `!`: directly, when the `!` reads the `@` itself (`somd_count` is null),
//! or when the `!` reading the local runs (`xs_n == 0`), so a statement between the two
//! fails first as in Java.
//!
//! Across a work-group: when a `@` kernel's own function holds such `!`s
//! ([`Writer::lanes_plan`]), the kernel runs one work-group per element and a variant of the
//! function whose folds split the inner range over the work-items and combine in `__local`
//! memory (`lanes_fold`; `op_fold` for the CPU's float order). See note
//! `device-execution`, "Nested `!` of a `@`", "Across a work-group".
//!
//! Slices of the inner range: when the function is only such a fold over the rows of an
//! array the outer `@` broadcasts ([`Writer::slices_plan`]), the kernel also has a form
//! (chosen at the launch) where work-item `(i, s)` folds slice `s` of element `i`'s inner
//! range in order (variant `<kernel>_slices`), and `<kernel>_combine`
//! ([`Writer::slices_combine`]) combines the slices in slice order. Same note, "Slices of
//! the inner range".
//!
//! A broadcast `uchar` row that feeds a SAD loop of the target is held in registers for
//! the whole fold (`hold_rows`; `sad.rs`; note `device-execution`, "Rows held in
//! registers").
//!
//! Arrays: a `!` whose operand is an array rather than a `@` (`analysis::nested::array_folds`)
//! gets a fold function of the same shape over the array's elements
//! ([`Writer::array_fold`]: `somd_afold_<owner>_<expr>_<n>`, the array in its own address
//! space and element type); a vector local folds inline. Note `device-execution`, "Nested
//! `!` of an array".
//!
//! A fold over `Somd.range(n)` alone leaves its loop once nothing the work-item could
//! still meet comes first in Java's order ([`Stop`]): a failing application goes on with a
//! stand-in, and nothing but `n` bounds the range (`row[k]` for `k < n` past the row), which
//! in a work-item Java never reaches may come from any data: a fold of more than 1024
//! applications asks between blocks of 1024 ([`fold_loop`]), one whose applications run
//! loops before each, on the work-item's counter of loops holding loops. A mapped array
//! bounds its fold itself.

use super::writer::{
    bug, identity, prim_c, prim_storage, reduce_combine, FnCx, Writer, NEST_CHECK, R,
};
use super::Level;
use somd_mir::analysis::nested::{NestedFold, CPU_REDUCE_BLOCK};
use somd_mir::analysis::walk;
use somd_mir::analysis::MapArgPlan;
use somd_mir::*;
use somd_syntax::ast::{PrimType, ReduceOp};
use std::collections::BTreeSet;
use std::fmt::Write as _;

/// How the fold reads one argument of the `@`.
enum FoldArg {
    /// A mapped array of scalars: `m{k}[somd_k]`, converted from one primitive type to the
    /// parameter's where Java widens it.
    Elems(Option<(PrimType, PrimType)>),
    /// A mapped 2-D array: row `somd_k`.
    Rows,
    /// `Somd.range(n)`: the index, converted to the parameter's primitive type.
    Range(Option<PrimType>),
    /// Passed through to every application.
    Broadcast,
}

/// The variable holding fold `fold` of a local `xs`: `somd_xs_f{j}` for its `j`-th fold
/// (its count `somd_xs_f{j}_n`). The namer keeps the `somd_` prefix from user names, and
/// the `_f` and digits at the end tell any two apart (review 100: `xs_0` and `xs_n` met
/// user locals of those names).
fn via_var(cx: &FnCx, fold: &NestedFold) -> R<String> {
    let local = fold.via.ok_or_else(|| bug("a fold through no local"))?;
    let j = cx
        .folds
        .iter()
        .filter(|f| f.via == Some(local))
        .position(|f| f.reduce == fold.reduce)
        .ok_or_else(|| bug("fold not listed"))?;
    Ok(format!("somd_{}_f{j}", cx.name(local)))
}

impl Writer<'_> {
    /// `T xs = C @ f(..)` whose only readers are `!`s: each one's fold, in the order of the
    /// folds, and its element count ([`via_var`]). Where Java's `@` fails, the first
    /// fold fails at the same application; the target is isolated, so the later folds,
    /// applying it again, see the same values.
    pub(super) fn nested_let(&mut self, cx: &mut FnCx, level: Level, local: LocalId) -> R<String> {
        let folds: Vec<NestedFold> =
            cx.folds.iter().filter(|f| f.via == Some(local)).cloned().collect();
        if folds.is_empty() {
            return Err(bug("nested fold without its local"));
        }
        let mut out = String::new();
        for fold in &folds {
            let (name, args) = self.fold_fn(cx, fold)?;
            let ty = self.ty(&cx.func.expr(fold.reduce).ty)?;
            let var = via_var(cx, fold)?;
            let scratch = fold_extra(cx);
            out.push_str(&format!(
                "{level}int {var}_n;\n{level}{ty} {var} = {name}({}, &{var}_n, {scratch}somd_err);\n",
                args.join(", ")
            ));
        }
        Ok(out)
    }

    /// The value of a `!` of a `@` (see the module doc).
    pub(super) fn nested_reduce(&mut self, cx: &mut FnCx, e: ExprId) -> R<String> {
        let Some(fold) = cx.folds.iter().find(|f| f.reduce == e).cloned() else {
            return self.array_fold(cx, e);
        };
        let expr = cx.func.expr(e);
        let ExprKind::ReduceArray { reducer, .. } = &expr.kind else {
            return Err(bug("nested fold of a non-reduction"));
        };
        match fold.via {
            None => {
                let (name, args) = self.fold_fn(cx, &fold)?;
                let scratch = fold_extra(cx);
                Ok(format!("{name}({}, 0, {scratch}somd_err)", args.join(", ")))
            }
            Some(_) => {
                let var = via_var(cx, &fold)?;
                if let ArrayReducer::Func(_) = reducer {
                    let site = self.site(cx, expr.span, "empty");
                    Ok(format!(
                        "(({var}_n == 0) ? (somd_fail(somd_err, {site}, SOMD_KIND_EMPTY_REDUCE, 0, 0), {var}) : {var})"
                    ))
                } else {
                    Ok(var)
                }
            }
        }
    }

    /// The value of a `!` over an array the work-item reads (`analysis::nested::array_folds`,
    /// module doc, "Arrays"): a call of a fold function written before the function holding
    /// the `!`, which folds the array as the CPU's `reduce_array` (an operator: from the
    /// identity, in blocks of 1024 and a tree of their results for `+`/`*` over `float` and
    /// `double`; `byte`, `short` and `char` elements widened to `int`) or
    /// `reduce_array_with` (a method: a left fold from the first element,
    /// `IllegalArgumentException` at the `!` for an empty array) does. A vector local
    /// (`T[[N]]` held as `TN`) folds inline, lane by lane, from the identity (one block).
    pub(super) fn array_fold(&mut self, cx: &mut FnCx, e: ExprId) -> R<String> {
        let func = cx.func;
        let expr = func.expr(e);
        let ExprKind::ReduceArray { reducer, array } = &expr.kind else {
            return Err(bug("array fold of a non-reduction"));
        };
        let a = func.expr(*array);
        let elem = match &a.ty {
            Type::Array(elem) | Type::ValueArray(elem, _) => (**elem).clone(),
            _ => return Err(bug("`!` of a non-array inside a kernel")),
        };
        // Element `k` as the fold combines it: `byte`, `short` and `char` widen to `int`.
        let widen = |x: String| match (&elem, &expr.ty) {
            (Type::Prim(from), Type::Prim(to)) if from != to => format!("(({}){x})", prim_c(*to)),
            _ => x,
        };
        if let Some((_, n)) = somd_mir::analysis::isolation::vector_of(&a.ty) {
            let v = self.expr(cx, *array)?;
            let lane = |k: u32| format!("{v}.s{k:x}");
            return match reducer {
                ArrayReducer::Op(op) => {
                    let Type::Prim(to) = expr.ty else {
                        return Err(bug("operator `!` with a non-primitive result"));
                    };
                    let mut acc = identity(*op, to)?;
                    for k in 0..n {
                        acc = reduce_combine(*op, to, &acc, &widen(lane(k)))?;
                    }
                    Ok(acc)
                }
                ArrayReducer::Func(m) => {
                    let f = self.fn_name(*m);
                    let mut acc = lane(0);
                    for k in 1..n {
                        acc = format!("{f}({acc}, {}, somd_err)", lane(k));
                    }
                    Ok(acc)
                }
            };
        }
        let range = somd_mir::analysis::nested::range_len(func, *array);
        // Where the elements lie, and their C type as stored.
        let stored = |w: &Self, l: LocalId, ty: &Type| -> R<String> {
            match cx.narrow.get(&l) {
                Some(m) if cx.staged.contains(&l) => Ok(super::sad::staged_type(m)),
                Some(m) => Ok(m.clone()),
                None => w.buffer_c(ty, &elem),
            }
        };
        let (space, elem_c) = match &a.kind {
            // `Somd.range(n)`: element `k` is `k`, no array.
            _ if range.is_some() => ("", String::new()),
            ExprKind::Local(l) if cx.staged.contains(l) => ("__local", stored(self, *l, &a.ty)?),
            ExprKind::Local(l) if cx.holds_private(*l) => ("__private", self.storage(&elem)?),
            ExprKind::Local(l) => ("__global", stored(self, *l, &a.ty)?),
            // A row `M[i]` of a static 2-D value array.
            ExprKind::Index { array: m, .. }
                if matches!(func.expr(*m).kind, ExprKind::Static(_)) =>
            {
                let ExprKind::Static(st) = func.expr(*m).kind else { unreachable!() };
                ("__global", self.static_elem(st)?)
            }
            // A row `m[i]` of a 2-D local or `c[x][y]` of a 3-D one.
            ExprKind::Index { .. } => match walk::index_root(func, *array) {
                Some((m, 1 | 2)) => ("__global", stored(self, m, &func.local(m).ty)?),
                _ => return Err(bug("`!` over a row of a non-local")),
            },
            ExprKind::Static(st) => ("__global", self.static_elem(*st)?),
            _ => return Err(bug("`!` over an array expression the analysis refuses")),
        };
        let args = match range {
            // A negative length folds nothing, as `Somd.range` makes an empty range.
            Some(n) => format!("max({}, 0)", self.expr(cx, n)?),
            None => self.arg(cx, *array)?,
        };
        let owner = self.owner_name(func);
        let prefix = format!("somd_afold_{owner}_{}_", e.0);
        if let Some((name, _)) = cx.fold_fns.iter().find(|(n, _)| n.starts_with(&prefix)) {
            return Ok(format!("{name}({args}, somd_err)"));
        }
        let name = format!("{prefix}{}", self.array_fold_seq);
        self.array_fold_seq += 1;
        let ty = self.ty(&expr.ty)?;
        let app = match range {
            Some(_) => widen("somd_k".to_string()),
            None => widen("a[somd_k]".to_string()),
        };
        let l1 = Level(1);
        let l2 = l1.next();
        let mut out = String::new();
        let (file, line, col) = self.pos(expr.span);
        let what = match reducer {
            ArrayReducer::Func(m) => format!("{} !", self.module.function(*m).name),
            ArrayReducer::Op(op) => format!("{} !", op.symbol()),
        };
        writeln!(
            out,
            "/* {what} over {} in {} ({file}:{line}:{col}): folded in the work-item */",
            somd_mir::analysis::isolation::type_name(self.module, &a.ty),
            func.name
        )?;
        match range {
            Some(_) => writeln!(out, "{ty} {name}(const int a_len0, SOMD_ERR_PARAM)\n{{")?,
            None => writeln!(
                out,
                "{ty} {name}({space} {elem_c} *a, const int a_len0, SOMD_ERR_PARAM)\n{{"
            )?,
        }
        writeln!(out, "{l1}const int somd_n = a_len0;")?;
        match reducer {
            ArrayReducer::Op(op) => {
                let Type::Prim(p) = expr.ty else {
                    return Err(bug("operator `!` with a non-primitive result"));
                };
                let stop = if range.is_some() { Stop::Blocks } else { Stop::No };
                out.push_str(&op_fold(*op, p, &app, false, stop)?);
            }
            ArrayReducer::Func(m) => {
                let site = self.site(cx, expr.span, "empty");
                let zero = self.zero(&expr.ty)?;
                writeln!(out, "{l1}if (somd_n == 0) {{")?;
                writeln!(out, "{l2}somd_fail(somd_err, {site}, SOMD_KIND_EMPTY_REDUCE, 0, 0);")?;
                writeln!(out, "{l2}return {zero};")?;
                writeln!(out, "{l1}}}")?;
                let first = if range.is_some() { "0" } else { "a[0]" };
                writeln!(out, "{l1}{ty} somd_acc = {first};")?;
                // Only `n` bounds a range: a failing method goes on with stand-ins, and
                // one that cannot fail runs as long as `n` says in work-items Java never
                // reaches.
                let stop = match range {
                    Some(_) => Stop::of(self.module, &[*m]),
                    None => Stop::No,
                };
                let body = format!("somd_acc = {}(somd_acc, {app}, somd_err);", self.fn_name(*m));
                out.push_str(&fold_loop(l1, "int somd_k = 1", "somd_n", stop, &body)?);
                writeln!(out, "{l1}return somd_acc;")?;
            }
        }
        out.push_str("}\n\n");
        cx.fold_fns.push((name.clone(), out));
        Ok(format!("{name}({args}, somd_err)"))
    }

    /// The element type of the `__local` scratch when a `@` of `func` runs one work-group per
    /// element, its `!`s of a `@` folded across the group (module doc, "Across a
    /// work-group"): `func` holds such a `!` itself, all of them of one primitive type, none
    /// a `C.m !` of `float`/`double` (the CPU's left fold fixes its rounding), and no
    /// parameter is a mutable array, so every work-item can run `func` redundantly: it reads
    /// only its arguments, and every work-item computes the same values (the folds return
    /// the group's result to all) and so takes the same path to the same barriers.
    pub(super) fn lanes_plan(&self, func: &Function) -> Option<PrimType> {
        fn mutable(t: &Type) -> bool {
            match t {
                Type::Array(_) => true,
                Type::ValueArray(e, _) => mutable(e),
                _ => false,
            }
        }
        if func.kind != FuncKind::Static || func.params.iter().any(|p| mutable(&func.local(*p).ty))
        {
            return None;
        }
        let mut elem = None;
        let folds = somd_mir::analysis::nested::nested_folds(func);
        let parents = walk::parents(func);
        let reached = |e: ExprId| reached_by_all(func, &parents, e);
        if folds.len() > MAX_LANE_FOLDS
            || !returns_only_at_end(func)
            || !folds.iter().all(|f| reached(f.map) && reached(f.reduce))
        {
            return None;
        }
        for fold in folds {
            let reduce = func.expr(fold.reduce);
            let Type::Prim(p) = reduce.ty else { return None };
            let ExprKind::ReduceArray { reducer, .. } = &reduce.kind else { return None };
            if matches!(reducer, ArrayReducer::Func(_))
                && matches!(p, PrimType::Float | PrimType::Double)
            {
                return None;
            }
            if elem.is_some_and(|e| e != p) {
                return None;
            }
            elem = Some(p);
        }
        elem
    }

    /// The slices form of a `@` of `func` (module doc, "Slices of the inner range"): `func`
    /// qualifies for the lanes form, its body is only `return C.m ! (C @ f(..))` (or
    /// `T[[]] xs = C @ f(..); return C.m ! xs;`), the fold's result does not depend on the
    /// order beyond associativity (not `+`/`*` over `float`/`double`), and the inner range's
    /// length is the length of an array the outer `@` broadcasts (a mapped argument of the
    /// inner `@` is that parameter, or `Somd.range(p.length)`), so the host knows it at the
    /// launch. Returns the outer argument index of that array.
    pub(super) fn slices_plan(&self, func: &Function, args: &[MapArgPlan]) -> Option<usize> {
        self.lanes_plan(func)?;
        let folds = somd_mir::analysis::nested::nested_folds(func);
        let [fold] = folds.as_slice() else { return None };
        let returned = match (func.body.stmts.as_slice(), fold.via) {
            ([Stmt::Return(Some(e))], None) => *e,
            ([Stmt::Let { local, init: Some(_) }, Stmt::Return(Some(e))], Some(l))
                if *local == l =>
            {
                *e
            }
            _ => return None,
        };
        if returned != fold.reduce {
            return None;
        }
        let reduce = func.expr(fold.reduce);
        let (Type::Prim(p), ExprKind::ReduceArray { reducer, .. }) = (&reduce.ty, &reduce.kind)
        else {
            return None;
        };
        if matches!(reducer, ArrayReducer::Op(ReduceOp::Add | ReduceOp::Mul))
            && matches!(p, PrimType::Float | PrimType::Double)
        {
            return None;
        }
        let ExprKind::Map { args: inner, .. } = &func.expr(fold.map).kind else { return None };
        // The outer argument index of broadcast array parameter `e`, if it is one.
        let broadcast = |e: ExprId| {
            let ExprKind::Local(l) = func.expr(e).kind else { return None };
            let j = func.params.iter().position(|p| *p == l)?;
            let a = args.get(j)?;
            (a.mode == MapArg::Broadcast
                && somd_mir::analysis::isolation::array_elem(&a.ty).is_some()
                && somd_mir::analysis::isolation::vector_of(&a.ty).is_none())
            .then_some(j)
        };
        // The fold's length is its first mapped argument's (the others are checked).
        let (first, _) = inner.iter().find(|(_, mode)| *mode == MapArg::Mapped)?;
        match &func.expr(*first).kind {
            ExprKind::Local(_) => broadcast(*first),
            ExprKind::Builtin { builtin: Builtin::SomdRange, args: n } => match n.as_slice() {
                [n] => match func.expr(*n).kind {
                    ExprKind::Length(a) => broadcast(a),
                    _ => None,
                },
                _ => None,
            },
            _ => None,
        }
    }

    /// `<kernel>_combine` of the slices form: element `i`'s result from its slices'
    /// partials (`somd_parts[s * n + i]`), combined left to right in slice order with the
    /// `!`'s method or operator (exact: only associativity is used).
    pub(super) fn slices_combine(&self, func: &Function, kernel: &str) -> R<String> {
        let folds = somd_mir::analysis::nested::nested_folds(func);
        let fold = folds.first().ok_or_else(|| bug("slices form without a fold"))?;
        let reduce = func.expr(fold.reduce);
        let (Type::Prim(p), ExprKind::ReduceArray { reducer, .. }) = (&reduce.ty, &reduce.kind)
        else {
            return Err(bug("slices form of a non-primitive fold"));
        };
        let ty = prim_c(*p);
        let elem = prim_storage(*p);
        let part = "somd_parts[(long)somd_s * somd_n + somd_i]";
        let combined = match reducer {
            ArrayReducer::Func(m) => format!("{}(somd_acc, {part}, somd_err)", self.fn_name(*m)),
            ArrayReducer::Op(op) => reduce_combine(*op, *p, "somd_acc", part)?,
        };
        let l1 = Level(1);
        let l2 = l1.next();
        let mut out = String::new();
        writeln!(out, "/* the slices of {}: combined in slice order */", func.name)?;
        // The fold function may read static data: then the kernel takes the statics buffer
        // after its error arguments (the host sets it, `rt::device`).
        let st =
            if self.statics.is_empty() { "" } else { ", __global const uchar *restrict somd_st" };
        writeln!(
            out,
            "__kernel void {kernel}_combine(__global {elem} *somd_parts, const int somd_n, \
             const int somd_ns, __global {elem} *somd_out, SOMD_KERNEL_ERR{st})\n{{"
        )?;
        writeln!(out, "{l1}SOMD_ERR_INIT;")?;
        if !self.statics.is_empty() {
            writeln!(out, "{l1}somd_err_cx.st = somd_st;")?;
        }
        writeln!(out, "{l1}const int somd_i = (int)get_global_id(0);")?;
        writeln!(out, "{l1}SOMD_AT(somd_i);")?;
        writeln!(out, "{l1}if (somd_i >= somd_n) return;")?;
        writeln!(out, "{l1}{ty} somd_acc = somd_parts[somd_i];")?;
        writeln!(out, "{l1}for (int somd_s = 1; somd_s < somd_ns; somd_s++) {{")?;
        writeln!(out, "{l2}somd_acc = {combined};")?;
        writeln!(out, "{l1}}}")?;
        writeln!(out, "{l1}somd_out[somd_i] = somd_acc;")?;
        out.push_str("}\n");
        Ok(out)
    }

    /// The C name of `func`, which fold functions written for it start with.
    fn owner_name(&self, func: &Function) -> String {
        self.module
            .functions
            .iter()
            .position(|f| std::ptr::eq(f, func))
            .map_or_else(|| "f".to_string(), |i| self.fn_name(FuncId(i as u32)))
    }

    /// Writes (once per function) the fold function of `fold`; returns its name and the
    /// argument texts of a call (without the count and error arguments).
    fn fold_fn(&mut self, cx: &mut FnCx, fold: &NestedFold) -> R<(String, Vec<String>)> {
        let func = cx.func;
        let owner = self.owner_name(func);
        let lanes = cx.lanes.as_ref().map_or_else(String::new, |k| format!("_{k}"));
        let lanes = if cx.slices { format!("{lanes}_slices") } else { lanes };
        let lanes = if cx.staged.is_empty() { lanes } else { format!("{lanes}_staged") };
        // The work-group form (not the slices form, which folds in the work-item).
        let across = cx.lanes.is_some() && !cx.slices;
        let name = format!("somd_fold_{owner}_{}{lanes}", fold.reduce.0);
        let map = func.expr(fold.map);
        let reduce = func.expr(fold.reduce);
        let (ExprKind::Map { func: target, args }, ExprKind::ReduceArray { reducer, .. }) =
            (&map.kind, &reduce.kind)
        else {
            return Err(bug("nested fold of unexpected expressions"));
        };
        let tf = self.module.function(*target);
        let elem_ty = reduce.ty.clone();
        let ty = self.ty(&elem_ty)?;
        let mut params = Vec::new();
        let mut call = Vec::new();
        let mut kinds = Vec::new();
        for (k, (arg, mode)) in args.iter().enumerate() {
            let pty = tf
                .params
                .get(k)
                .map(|p| tf.local(*p).ty.clone())
                .ok_or_else(|| bug("`@` argument without parameter"))?;
            let a = func.expr(*arg);
            let p = format!("m{k}");
            match (mode, &a.kind) {
                (MapArg::Mapped, ExprKind::Builtin { builtin: Builtin::SomdRange, args: n }) => {
                    let n = n.first().ok_or_else(|| bug("Somd.range without a length"))?;
                    params.push(format!("const int {p}_len0"));
                    call.push(format!("max({}, 0)", self.expr(cx, *n)?));
                    kinds.push(FoldArg::Range(match pty {
                        Type::Prim(t) => Some(t),
                        _ => None,
                    }));
                }
                (MapArg::Mapped, _) => {
                    let (elem, rank) = somd_mir::analysis::isolation::array_elem(&a.ty)
                        .ok_or_else(|| bug("mapped argument that is not an array"))?;
                    // A narrow `int` value array keeps its element type macro.
                    let elem_c = match a.kind {
                        ExprKind::Local(l) if cx.narrow.contains_key(&l) => cx.narrow[&l].clone(),
                        _ => self.buffer_c(&a.ty, elem)?,
                    };
                    let mut decl = format!("__global {elem_c} *{p}");
                    for d in 0..rank {
                        write!(decl, ", const int {p}_len{d}")?;
                    }
                    params.push(decl);
                    call.push(self.arg(cx, *arg)?);
                    // Rows held as vectors (`T[[]][[N]]`) pass one `TN` each.
                    let vector = somd_mir::analysis::isolation::vector_of(&pty).is_some();
                    // Java widens a primitive element to the parameter's type.
                    let widen = match (elem, &pty) {
                        (Type::Prim(f), Type::Prim(t)) if f != t => Some((*f, *t)),
                        _ => None,
                    };
                    kinds.push(match rank {
                        2 if vector => FoldArg::Elems(None),
                        2 => FoldArg::Rows,
                        _ => FoldArg::Elems(widen),
                    });
                }
                (MapArg::Broadcast, _) => {
                    match somd_mir::analysis::isolation::array_elem(&pty) {
                        Some(_) if somd_mir::analysis::isolation::vector_of(&pty).is_some() => {
                            params.push(format!("{} {p}", self.ty(&pty)?));
                        }
                        Some((elem, rank)) => {
                            let staged =
                                matches!(a.kind, ExprKind::Local(l) if cx.staged.contains(&l));
                            let space = if staged { "__local" } else { "__global" };
                            let elem_c = match a.kind {
                                ExprKind::Local(l) if staged && cx.narrow.contains_key(&l) => {
                                    super::sad::staged_type(&cx.narrow[&l])
                                }
                                ExprKind::Local(l) if cx.narrow.contains_key(&l) => {
                                    cx.narrow[&l].clone()
                                }
                                _ => self.buffer_c(&pty, elem)?,
                            };
                            let mut decl = format!("{space} {elem_c} *{p}");
                            for d in 0..rank {
                                write!(decl, ", const int {p}_len{d}")?;
                            }
                            params.push(decl);
                        }
                        None => params.push(format!("{} {p}", self.ty(&pty)?)),
                    }
                    // A primitive Java widens to the parameter's type, converted here.
                    let text = self.arg(cx, *arg)?;
                    call.push(match (&a.ty, &pty) {
                        (Type::Prim(f), Type::Prim(t)) => super::writer::convert(&text, *f, *t),
                        _ => text,
                    });
                    kinds.push(FoldArg::Broadcast);
                }
            }
        }
        if cx.fold_fns.iter().any(|(n, _)| *n == name) {
            return Ok((name, call));
        }
        // Only `n` bounds a fold over ranges alone (a mapped array's length bounds the
        // others): a failing application goes on with stand-ins, and one that cannot fail
        // runs as long as `n` says in work-items Java never reaches ([`Stop`]).
        let mut called = vec![*target];
        if let ArrayReducer::Func(m) = reducer {
            called.push(*m);
        }
        let stop = match kinds.iter().all(|k| matches!(k, FoldArg::Range(_) | FoldArg::Broadcast)) {
            true => Stop::of(self.module, &called),
            false => Stop::No,
        };
        // The broadcast narrow rows that feed a SAD loop of the target (`sad.rs`, "Rows held
        // in registers"): argument index, its `SOMD_NARROW_U8_..` flag, and whether staged.
        let mut held = Vec::new();
        for (k, (arg, _)) in args.iter().enumerate() {
            let (FoldArg::Broadcast, ExprKind::Local(l)) = (&kinds[k], &func.expr(*arg).kind)
            else {
                continue;
            };
            let q = tf.params[k];
            let row = somd_mir::analysis::isolation::array_elem(&tf.local(q).ty)
                .is_some_and(|(_, rank)| rank == 1)
                && somd_mir::analysis::isolation::vector_of(&tf.local(q).ty).is_none();
            if let Some(m) = cx.narrow.get(l).filter(|_| row) {
                if somd_mir::analysis::sad::feeds_sad(
                    self.module,
                    *target,
                    q,
                    somd_mir::analysis::sad::HOLD_DEPTH,
                ) {
                    held.push((k, super::sad::u8_flag(m), cx.staged.contains(l)));
                }
            }
        }
        // One application `f(.., element somd_k, ..)`.
        let mut app_args = Vec::new();
        for (k, kind) in kinds.iter().enumerate() {
            let p = format!("m{k}");
            let regs = if held.iter().any(|(h, _, _)| *h == k) {
                (0..4).map(|g| format!(", somd_h{k}_{g}")).collect()
            } else {
                String::new()
            };
            app_args.push(match kind {
                FoldArg::Elems(None) => format!("{p}[somd_k]"),
                FoldArg::Elems(Some((from, to))) => {
                    super::writer::convert(&format!("{p}[somd_k]"), *from, *to)
                }
                FoldArg::Rows => format!("{p} + (long)somd_k * {p}_len1, {p}_len1"),
                FoldArg::Range(to) => {
                    super::writer::convert("somd_k", PrimType::Int, to.unwrap_or(PrimType::Int))
                }
                FoldArg::Broadcast => {
                    let has_array =
                        somd_mir::analysis::isolation::array_elem(&tf.local(tf.params[k]).ty);
                    match has_array.filter(|_| {
                        somd_mir::analysis::isolation::vector_of(&tf.local(tf.params[k]).ty)
                            .is_none()
                    }) {
                        Some((_, rank)) => {
                            let mut s = p.clone();
                            for d in 0..rank {
                                write!(s, ", {p}_len{d}")?;
                            }
                            s + &regs
                        }
                        None => p,
                    }
                }
            });
        }
        app_args.push("somd_err".into());
        // The `__local` variant when a staged row is passed ("Staged rows"; a staged local
        // is only ever a broadcast argument).
        let rows: BTreeSet<LocalId> = args
            .iter()
            .zip(&tf.params)
            .filter(|((a, _), _)| {
                matches!(func.expr(*a).kind, ExprKind::Local(l) if cx.staged.contains(&l))
            })
            .map(|(_, p)| *p)
            .collect();
        let held_params: BTreeSet<LocalId> = held.iter().map(|(k, _, _)| tf.params[*k]).collect();
        // The held variants are written for this fold (`Writer::held_scope`).
        let scope = self.held_scope.take();
        if !held_params.is_empty() {
            let fold = name.strip_prefix("somd_fold_").unwrap_or(&name).to_string();
            self.held_scope = Some((fold, BTreeSet::new()));
        }
        // Broadcast private arrays of the caller (or ones it was passed): the private variant.
        let privates: BTreeSet<LocalId> = args
            .iter()
            .zip(&tf.params)
            .filter(|((a, _), _)| {
                matches!(func.expr(*a).kind, ExprKind::Local(l)
                    if cx.holds_private(l))
            })
            .map(|(_, p)| *p)
            .collect();
        let target_name = self.variant_callee(cx, *target, &rows, &held_params, &privates);
        self.held_scope = scope;
        let target_name = target_name?;
        // Where lanes or slices share the element's key, each step sets `sub` (its inner
        // position, runtime/cl/somd_errors.cl) before applying the target: of two failing
        // steps the earlier one is raised, whichever recorded first. Reset before the
        // combination of the lanes' or slices' results.
        let app = if across || cx.slices {
            format!("(somd_err->sub = (uint)somd_k + 1u, {target_name}({}))", app_args.join(", "))
        } else {
            format!("{target_name}({})", app_args.join(", "))
        };
        let zero = format!("({ty}){{0}}");
        let l1 = Level(1);
        let l2 = l1.next();
        let l3 = l2.next();
        let mut out = String::new();
        let (file, line, col) = self.pos(reduce.span);
        let what = match reducer {
            ArrayReducer::Func(m) => format!("{} !", self.module.function(*m).name),
            ArrayReducer::Op(op) => format!("{} !", op.symbol()),
        };
        let how = match (across, cx.slices) {
            (true, _) => "across the work-group",
            (false, true) => "one slice of the inner range in the work-item",
            (false, false) => "in the work-item",
        };
        writeln!(
            out,
            "/* {what} (@ {}) in {} ({file}:{line}:{col}): folded {how} */",
            tf.name, func.name
        )?;
        params.push("int *somd_count".into());
        if cx.slices {
            params.push("const int somd_s".into());
            params.push("const int somd_ns".into());
        }
        if across {
            let Type::Prim(p) = elem_ty else {
                return Err(bug("work-group fold of non-primitive elements"));
            };
            params.push(format!("__local {} *somd_scratch", prim_storage(p)));
        }
        params.push("SOMD_ERR_PARAM".into());
        writeln!(out, "{ty} {name}({})\n{{", params.join(", "))?;
        out.push_str(&hold_rows(&held)?);
        // The mapped length: the first mapped argument's, the others must equal it.
        let mapped: Vec<usize> = kinds
            .iter()
            .enumerate()
            .filter(|(_, k)| !matches!(k, FoldArg::Broadcast))
            .map(|(i, _)| i)
            .collect();
        let first = mapped.first().ok_or_else(|| bug("`@` without a mapped argument"))?;
        writeln!(out, "{l1}const int somd_n = m{first}_len0;")?;
        for k in mapped.iter().skip(1) {
            let site = self.site(cx, map.span, "map");
            writeln!(out, "{l1}if (m{k}_len0 != somd_n) {{")?;
            writeln!(
                out,
                "{l2}somd_fail(somd_err, {site}, SOMD_KIND_MAP_LENGTHS, somd_n, m{k}_len0);"
            )?;
            writeln!(out, "{l2}return {zero};")?;
            writeln!(out, "{l1}}}")?;
        }
        writeln!(out, "{l1}if (somd_count) {{")?;
        writeln!(out, "{l2}*somd_count = somd_n;")?;
        writeln!(out, "{l1}}}")?;
        match reducer {
            ArrayReducer::Func(m) => {
                let site = self.site(cx, reduce.span, "empty");
                writeln!(out, "{l1}if (somd_n == 0) {{")?;
                writeln!(out, "{l2}if (!somd_count) {{")?;
                writeln!(out, "{l3}somd_fail(somd_err, {site}, SOMD_KIND_EMPTY_REDUCE, 0, 0);")?;
                writeln!(out, "{l2}}}")?;
                writeln!(out, "{l2}return {zero};")?;
                writeln!(out, "{l1}}}")?;
                if cx.slices {
                    // The host gives every slice at least one element (`somd_ns <= n`).
                    out.push_str(&slice_bounds()?);
                    writeln!(out, "{l1}int somd_k = somd_k0;")?;
                    writeln!(out, "{l1}{ty} somd_acc = {app};")?;
                    let body =
                        format!("somd_acc = {}(somd_acc, {app}, somd_err);", self.fn_name(*m));
                    out.push_str(&fold_loop(l1, "somd_k = somd_k0 + 1", "somd_k1", stop, &body)?);
                    writeln!(out, "{l1}somd_err->sub = 0u;")?;
                    writeln!(out, "{l1}return somd_acc;")?;
                    out.push_str("}\n\n");
                    cx.fold_fns.push((name.clone(), out));
                    return Ok((name, call));
                }
                if across {
                    let m = self.fn_name(*m);
                    let combine = |a: &str, b: &str| Ok(format!("{m}({a}, {b}, somd_err)"));
                    out.push_str(&lanes_fold(&ty, None, &combine, &app, stop)?);
                    out.push_str("}\n\n");
                    cx.fold_fns.push((name.clone(), out));
                    return Ok((name, call));
                }
                writeln!(out, "{l1}int somd_k = 0;")?;
                writeln!(out, "{l1}{ty} somd_acc = {app};")?;
                let body = format!("somd_acc = {}(somd_acc, {app}, somd_err);", self.fn_name(*m));
                out.push_str(&fold_loop(l1, "somd_k = 1", "somd_n", stop, &body)?);
                writeln!(out, "{l1}return somd_acc;")?;
            }
            ArrayReducer::Op(op) => {
                let Type::Prim(p) = elem_ty else {
                    return Err(bug("operator `!` over non-primitive elements"));
                };
                if cx.slices {
                    let id = identity(*op, p)?;
                    out.push_str(&slice_bounds()?);
                    writeln!(out, "{l1}{ty} somd_acc = {id};")?;
                    let body = format!("somd_acc = {};", reduce_combine(*op, p, "somd_acc", &app)?);
                    out.push_str(&fold_loop(l1, "int somd_k = somd_k0", "somd_k1", stop, &body)?);
                    writeln!(out, "{l1}somd_err->sub = 0u;")?;
                    writeln!(out, "{l1}return somd_acc;")?;
                } else {
                    out.push_str(&op_fold(*op, p, &app, across, stop)?);
                }
            }
        }
        out.push_str("}\n\n");
        cx.fold_fns.push((name.clone(), out));
        Ok((name, call))
    }
}

/// The registers `somd_h<k>_0` .. `_3` of each held row `m<k>` (`sad.rs`, "Rows held in
/// registers"): zero, and when the row is stored as `uchar` and shorter than
/// `SOMD_HOLD_LEN`, its groups of 16, loaded once before the fold.
fn hold_rows(held: &[(usize, String, bool)]) -> R<String> {
    let l1 = Level(1);
    let l2 = l1.next();
    let mut out = String::new();
    for (k, flag, staged) in held {
        let regs: Vec<String> = (0..4).map(|g| format!("somd_h{k}_{g} = (uchar16)(0)")).collect();
        writeln!(
            out,
            "{l1}/* m{k} feeds a SAD loop: its groups of 16 held in registers for the whole fold */"
        )?;
        writeln!(out, "{l1}uchar16 {};", regs.join(", "))?;
        writeln!(out, "#ifdef {flag}")?;
        writeln!(out, "{l1}if (m{k}_len0 < SOMD_HOLD_LEN) {{")?;
        let load = if *staged { "somd_hold_l" } else { "somd_hold_g" };
        for g in 0..4 {
            writeln!(out, "{l2}if ((m{k}_len0 >> 4) > {g}) somd_h{k}_{g} = {load}(m{k}, {g});")?;
        }
        writeln!(out, "{l1}}}")?;
        writeln!(out, "#endif")?;
    }
    Ok(out)
}

/// The extra arguments of a fold function's call: the lanes form's scratch, or the slices
/// form's slice and slice count.
fn fold_extra(cx: &FnCx) -> &'static str {
    match (cx.lanes.is_some(), cx.slices) {
        (_, true) => "somd_s, somd_ns, ",
        (true, false) => "somd_scratch, ",
        (false, false) => "",
    }
}

/// `somd_k0 .. somd_k1`: slice `somd_s` of `somd_ns` of `0 .. somd_n`, balanced (lengths
/// differ by at most one; none is empty when `somd_ns <= somd_n`).
fn slice_bounds() -> R<String> {
    let l1 = Level(1);
    let mut out = String::new();
    writeln!(out, "{l1}const int somd_k0 = (int)(((long)somd_s * somd_n) / somd_ns);")?;
    writeln!(out, "{l1}const int somd_k1 = (int)(((long)(somd_s + 1) * somd_n) / somd_ns);")?;
    Ok(out)
}

/// The body of an operator fold after the length checks: from the identity, left to right,
/// for operators whose result does not depend on the order; in the CPU's blocks and tree
/// for `+`/`*` over `float`/`double` (an explicit stack replaces `tree_with`'s recursion:
/// a range of block results splits at `ceil(len / 2)`; at most 2^31 / 1024 blocks, so 22
/// levels). With `lanes`, across the work-group (`lanes_fold`, `lanes_blocks`); the loops
/// that may run past 1024 steps test `stop`.
fn op_fold(op: ReduceOp, p: PrimType, app: &str, lanes: bool, stop: Stop) -> R<String> {
    let ty = prim_c(p);
    let id = identity(op, p)?;
    let l1 = Level(1);
    let l2 = l1.next();
    let mut out = String::new();
    let ordered = matches!(op, ReduceOp::Add | ReduceOp::Mul)
        && matches!(p, PrimType::Float | PrimType::Double);
    let combine = |a: &str, b: &str| reduce_combine(op, p, a, b);
    if !ordered && lanes {
        return lanes_fold(ty, Some(&id), &combine, app, stop);
    }
    if !ordered {
        writeln!(out, "{l1}{ty} somd_acc = {id};")?;
        let body = format!("somd_acc = {};", combine("somd_acc", app)?);
        out.push_str(&fold_loop(l1, "int somd_k = 0", "somd_n", stop, &body)?);
        writeln!(out, "{l1}return somd_acc;")?;
        return Ok(out);
    }
    let b = CPU_REDUCE_BLOCK;
    writeln!(out, "{l1}if (somd_n == 0) {{")?;
    writeln!(out, "{l2}return {id};")?;
    writeln!(out, "{l1}}}")?;
    if !lanes {
        let leaf = block_fold(Level(3), Some(ty), &id, &combine, app, "somd_lo[somd_t]", stop)?;
        out.push_str(&block_tree(l1, ty, &combine, &leaf, stop)?);
        writeln!(out, "{l1}return somd_val[0];")?;
        return Ok(out);
    }
    // Work-item `b` folds block `b` when every block has a work-item, then work-item 0
    // combines the block results in the tree's shape; with more blocks than work-items,
    // work-item 0 folds them all as the one-work-item form does.
    let l3 = l2.next();
    let l4 = l3.next();
    let l5 = l4.next();
    writeln!(out, "{l1}const int somd_lid = (int)get_local_id(0);")?;
    writeln!(out, "{l1}const int somd_nb = (somd_n - 1) / {b} + 1;")?;
    writeln!(out, "{l1}const bool somd_spread = somd_nb <= (int)get_local_size(0);")?;
    writeln!(out, "{l1}if (somd_spread && somd_lid < somd_nb) {{")?;
    out.push_str(&block_fold(l2, Some(ty), &id, &combine, app, "somd_lid", stop)?);
    writeln!(out, "{l2}somd_scratch[somd_lid] = somd_acc;")?;
    writeln!(out, "{l1}}}")?;
    writeln!(out, "{l1}barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);")?;
    writeln!(out, "{l1}if (somd_lid == 0) {{")?;
    let mut leaf = String::new();
    writeln!(leaf, "{l4}{ty} somd_acc;")?;
    writeln!(leaf, "{l4}if (somd_spread) {{")?;
    writeln!(leaf, "{l5}somd_acc = somd_scratch[somd_lo[somd_t]];")?;
    writeln!(leaf, "{l4}}} else {{")?;
    let block = block_fold(l5, None, &id, &combine, app, "somd_lo[somd_t]", stop)?;
    leaf.push_str(&block);
    writeln!(leaf, "{l4}}}")?;
    let tree = block_tree(l2, ty, &combine, &leaf, stop)?;
    out.push_str(&tree);
    writeln!(out, "{l2}somd_scratch[0] = somd_val[0];")?;
    writeln!(out, "{l1}}}")?;
    writeln!(out, "{l1}somd_err->sub = 0u;")?;
    out.push_str(&broadcast(ty)?);
    Ok(out)
}

/// Statements at `level` folding block `block` of the `@` into `somd_acc` from the
/// identity, in order (one block of the CPU's `reduce_array`); `declare`: declare
/// `somd_acc` (as `ty`) rather than assign it. A block is short, so only applications
/// running loops check ([`Stop::Nest`], before each).
fn block_fold(
    level: Level,
    declare: Option<&str>,
    id: &str,
    combine: &dyn Fn(&str, &str) -> R<String>,
    app: &str,
    block: &str,
    stop: Stop,
) -> R<String> {
    let b = CPU_REDUCE_BLOCK;
    let inner = level.next();
    let mut out = String::new();
    writeln!(out, "{level}const int somd_b0 = {block} * {b};")?;
    writeln!(out, "{level}const int somd_b1 = somd_b0 + min({b}, somd_n - somd_b0);")?;
    match declare {
        Some(ty) => writeln!(out, "{level}{ty} somd_acc = {id};")?,
        None => writeln!(out, "{level}somd_acc = {id};")?,
    }
    writeln!(out, "{level}for (int somd_k = somd_b0; somd_k < somd_b1; somd_k++) {{")?;
    if stop == Stop::Nest {
        writeln!(out, "{inner}{NEST_CHECK}")?;
    }
    writeln!(out, "{inner}somd_acc = {};", combine("somd_acc", app)?)?;
    writeln!(out, "{level}}}")?;
    Ok(out)
}

/// `reduce::tree`'s pairwise tree over the block results `0 .. ceil(somd_n / 1024)` at
/// `level`, with an explicit stack; `leaf` (at `level + 2`) leaves block `somd_lo[somd_t]`'s
/// result in `somd_acc`. The result ends in `somd_val[0]`. The loop over the tree's steps
/// tests `stop` (each step folds at most one block).
fn block_tree(
    level: Level,
    ty: &str,
    combine: &dyn Fn(&str, &str) -> R<String>,
    leaf: &str,
    stop: Stop,
) -> R<String> {
    let b = CPU_REDUCE_BLOCK;
    let l1 = level;
    let l2 = l1.next();
    let l3 = l2.next();
    let mut out = String::new();
    writeln!(out, "{l1}int somd_lo[32], somd_hi[32], somd_st[32];")?;
    writeln!(out, "{l1}{ty} somd_val[32];")?;
    writeln!(out, "{l1}int somd_sp = 1, somd_vp = 0;")?;
    writeln!(out, "{l1}somd_lo[0] = 0;")?;
    writeln!(out, "{l1}somd_hi[0] = (somd_n - 1) / {b} + 1;")?;
    writeln!(out, "{l1}somd_st[0] = 0;")?;
    out.push_str(&loop_head(l1, "while (somd_sp > 0) {", stop)?);
    writeln!(out, "{l2}const int somd_t = somd_sp - 1;")?;
    writeln!(out, "{l2}const int somd_len = somd_hi[somd_t] - somd_lo[somd_t];")?;
    writeln!(out, "{l2}const int somd_mid = somd_lo[somd_t] + (somd_len + 1) / 2;")?;
    writeln!(out, "{l2}if (somd_len == 1) {{")?;
    out.push_str(leaf);
    writeln!(out, "{l3}somd_val[somd_vp++] = somd_acc;")?;
    writeln!(out, "{l3}somd_sp--;")?;
    writeln!(out, "{l2}}} else if (somd_st[somd_t] == 0) {{")?;
    writeln!(out, "{l3}somd_st[somd_t] = 1;")?;
    writeln!(out, "{l3}somd_lo[somd_sp] = somd_lo[somd_t];")?;
    writeln!(out, "{l3}somd_hi[somd_sp] = somd_mid;")?;
    writeln!(out, "{l3}somd_st[somd_sp++] = 0;")?;
    writeln!(out, "{l2}}} else if (somd_st[somd_t] == 1) {{")?;
    writeln!(out, "{l3}somd_st[somd_t] = 2;")?;
    writeln!(out, "{l3}somd_lo[somd_sp] = somd_mid;")?;
    writeln!(out, "{l3}somd_hi[somd_sp] = somd_hi[somd_t];")?;
    writeln!(out, "{l3}somd_st[somd_sp++] = 0;")?;
    writeln!(out, "{l2}}} else {{")?;
    writeln!(out, "{l3}const {ty} somd_r = somd_val[--somd_vp];")?;
    writeln!(out, "{l3}const {ty} somd_l = somd_val[--somd_vp];")?;
    writeln!(out, "{l3}somd_val[somd_vp++] = {};", combine("somd_l", "somd_r")?)?;
    writeln!(out, "{l3}somd_sp--;")?;
    writeln!(out, "{l2}}}")?;
    writeln!(out, "{l1}}}")?;
    Ok(out)
}

/// The body of a fold across the work-group whose result does not depend on the order of
/// combination beyond associativity (a `C.m !` of a non-floating result, with `identity`
/// `None`; an operator of integers, booleans, `min`/`max`): work-item `l` folds the `l`-th
/// contiguous slice of `ceil(n / lanes)` elements in order, then the slice results combine
/// in slice order, neighbours first (`[0] op [1]`, `[0, 1] op [2, 3]`, ..), in `__local`
/// memory; every work-item returns the result. Each work-item's loop tests `stop` (it
/// holds no barrier).
fn lanes_fold(
    ty: &str,
    identity: Option<&str>,
    combine: &dyn Fn(&str, &str) -> R<String>,
    app: &str,
    stop: Stop,
) -> R<String> {
    let l1 = Level(1);
    let l2 = l1.next();
    let l3 = l2.next();
    let mut out = String::new();
    writeln!(out, "{l1}const int somd_lid = (int)get_local_id(0);")?;
    writeln!(out, "{l1}const int somd_lanes = (int)get_local_size(0);")?;
    writeln!(
        out,
        "{l1}const int somd_chunk = somd_n / somd_lanes + (somd_n % somd_lanes != 0 ? 1 : 0);"
    )?;
    writeln!(
        out,
        "{l1}const int somd_used = somd_chunk == 0 ? 0 : (somd_n - 1) / somd_chunk + 1;"
    )?;
    writeln!(out, "{l1}if (somd_lid < somd_used) {{")?;
    writeln!(out, "{l2}int somd_k = somd_lid * somd_chunk;")?;
    writeln!(out, "{l2}const int somd_end = somd_k + min(somd_chunk, somd_n - somd_k);")?;
    let init = match identity {
        None => {
            writeln!(out, "{l2}{ty} somd_acc = {app};")?;
            "somd_k++"
        }
        Some(id) => {
            writeln!(out, "{l2}{ty} somd_acc = {id};")?;
            ""
        }
    };
    let body = format!("somd_acc = {};", combine("somd_acc", app)?);
    out.push_str(&fold_loop(l2, init, "somd_end", stop, &body)?);
    writeln!(out, "{l2}somd_scratch[somd_lid] = somd_acc;")?;
    writeln!(out, "{l1}}}")?;
    writeln!(out, "{l1}somd_err->sub = 0u;")?;
    // A failure recorded in a slice precedes every failure after the fold.
    writeln!(out, "{l1}barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);")?;
    writeln!(out, "{l1}for (int somd_s = 1; somd_s < somd_used; somd_s <<= 1) {{")?;
    writeln!(
        out,
        "{l2}if ((somd_lid & (2 * somd_s - 1)) == 0 && somd_lid + somd_s < somd_used) {{"
    )?;
    writeln!(
        out,
        "{l3}somd_scratch[somd_lid] = {};",
        combine("somd_scratch[somd_lid]", "somd_scratch[somd_lid + somd_s]")?
    )?;
    writeln!(out, "{l2}}}")?;
    writeln!(out, "{l2}barrier(CLK_LOCAL_MEM_FENCE);")?;
    writeln!(out, "{l1}}}")?;
    if let Some(id) = identity {
        writeln!(out, "{l1}if (somd_used == 0) {{")?;
        writeln!(out, "{l2}return {id};")?;
        writeln!(out, "{l1}}}")?;
    }
    out.push_str(&broadcast(ty)?);
    Ok(out)
}

/// Every work-item reads the result from `somd_scratch[0]` and returns it; the barrier after
/// the read lets a later fold of the function reuse the scratch. The work-items of the group
/// applied and combined different elements, so their counters of loops holding loops
/// (`SOMD_NEST_STOP`) differ: each starts again from 0, so that the code after the fold,
/// which they all run alike up to its barriers, stops alike (review of the shared counter:
/// a nest after a fold ran 23,000 iterations in two work-items of a group and 10^6 in the
/// others, and a loop holding a fold after it five times against once). So may their keys:
/// a work-item whose application failed, or whose check found a failure first in Java's
/// order, took the done key, and its next check would stop it where the others run on
/// (a nest's count, and with it a later loop's barriers, then differed). The group votes
/// (`somd_cx::vote`, set by the kernel): once any work-item has the done key, all take it,
/// since everything the element runs after the fold comes after that failure.
fn broadcast(ty: &str) -> R<String> {
    let l1 = Level(1);
    let mut out = String::new();
    writeln!(out, "{l1}somd_err->spin = 0u;")?;
    writeln!(out, "{l1}if (somd_err->key == SOMD_KEY_DONE) atomic_or(somd_err->vote, 1);")?;
    writeln!(out, "{l1}barrier(CLK_LOCAL_MEM_FENCE);")?;
    writeln!(out, "{l1}const {ty} somd_res = somd_scratch[0];")?;
    writeln!(out, "{l1}if (*somd_err->vote != 0) somd_err->key = SOMD_KEY_DONE;")?;
    writeln!(out, "{l1}barrier(CLK_LOCAL_MEM_FENCE);")?;
    writeln!(out, "{l1}return somd_res;")?;
    Ok(out)
}

/// The most folds of a `@` in one function that the lanes form takes. Each brings its
/// barriers, and PoCL's compiler, which splits a kernel at its barriers, took 4.7 s to
/// build a function of two on this machine's 2 cores, 13.6 s of three and more than 120 s
/// of four (probe 57); a function of more folds folds each in one work-item.
const MAX_LANE_FOLDS: usize = 2;

/// The check that ends a fold's loop over a range once nothing the work-item could still
/// meet comes first in Java's order (`somd_stop`, `Writer::stop_guard`): a failing
/// application goes on with stand-ins, and the work-item may be one Java never reaches
/// (an earlier element failed), with a range from data that may be anything. A `break`
/// rather than a `return`, so that the lanes of a work-group still reach the barriers after
/// their loops; the host raises the recorded failure, whatever the fold returns.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Stop {
    /// No check: the loop runs over an array, which bounds it.
    No,
    /// Between blocks of 1024 applications ([`fold_loop`]): the applications' own loops
    /// check where they may run long, so 1024 of them end soon.
    Blocks,
    /// Before each application, on the work-item's counter of loops holding loops
    /// (`SOMD_NEST_STOP`): applications that run loops of their own, which may each stay
    /// short of a check.
    Nest,
}

impl Stop {
    /// The check of a fold over a range applying (and combining with) the functions
    /// `called`.
    fn of(module: &somd_mir::Module, called: &[FuncId]) -> Stop {
        let loops = called.iter().any(|&f| {
            let func = module.function(f);
            walk::holds_loop(module, func, &func.body)
        });
        if loops {
            Stop::Nest
        } else {
            Stop::Blocks
        }
    }
}

/// The fold loop `for (init; somd_k < end; somd_k++) { body }` at `level`, with the check
/// `stop` asks for. [`Stop::Blocks`] runs a fold of more than 1024 applications in blocks
/// of 1024 (an inner loop to `somd_kend`) and asks `somd_stop` before each block but the
/// first; a shorter one runs as written. A counter and a test in each iteration took a
/// fold of cheap applications (`bench/gpu/programs/s104fold.somd`'s `longFold`, 100,000 per
/// work-item) from 1.69 to 4.04 ms on the H200, and the blocks alone, for every fold, a
/// kernel of folds of 1 to 13 applications (`s71parts`' `fsum`) from 0.136 to 0.161 ms.
fn fold_loop(level: Level, init: &str, end: &str, stop: Stop, body: &str) -> R<String> {
    let l1 = level.next();
    let l2 = l1.next();
    let l3 = l2.next();
    let mut out = String::new();
    match stop {
        Stop::No | Stop::Nest => {
            writeln!(out, "{level}for ({init}; somd_k < {end}; somd_k++) {{")?;
            if stop == Stop::Nest {
                writeln!(out, "{l1}{NEST_CHECK}")?;
            }
            writeln!(out, "{l1}{body}")?;
            writeln!(out, "{level}}}")?;
        }
        Stop::Blocks => {
            if !init.is_empty() {
                writeln!(out, "{level}{init};")?;
            }
            writeln!(out, "{level}if ({end} - somd_k <= 1024) {{")?;
            writeln!(out, "{l1}for (; somd_k < {end}; somd_k++) {{")?;
            writeln!(out, "{l2}{body}")?;
            writeln!(out, "{l1}}}")?;
            writeln!(out, "{level}}} else {{")?;
            writeln!(out, "{l1}uint somd_blocks = 0u;")?;
            writeln!(out, "{l1}while (somd_k < {end}) {{")?;
            writeln!(out, "{l2}if (somd_blocks++ != 0u && SOMD_STOP()) break;")?;
            writeln!(
                out,
                "{l2}const int somd_kend = {end} - somd_k > 1024 ? somd_k + 1024 : {end};"
            )?;
            writeln!(out, "{l2}for (; somd_k < somd_kend; somd_k++) {{")?;
            writeln!(out, "{l3}{body}")?;
            writeln!(out, "{l2}}}")?;
            writeln!(out, "{l1}}}")?;
            writeln!(out, "{level}}}")?;
        }
    }
    Ok(out)
}

/// The loop head `head` (`while (..) {`) at `level`, with the declarations before it and
/// the test first in its body that `stop` asks for: with [`Stop::Blocks`] every 1024
/// iterations on a counter of its own.
fn loop_head(level: Level, head: &str, stop: Stop) -> R<String> {
    let mut out = String::new();
    let next = level.next();
    match stop {
        Stop::No => writeln!(out, "{level}{head}")?,
        Stop::Blocks => {
            writeln!(out, "{level}uint somd_spin = 0u;")?;
            writeln!(out, "{level}{head}")?;
            writeln!(out, "{next}if ((++somd_spin & 1023u) == 0u && SOMD_STOP()) break;")?;
        }
        Stop::Nest => {
            writeln!(out, "{level}{head}")?;
            writeln!(out, "{next}{NEST_CHECK}")?;
        }
    }
    Ok(out)
}

/// Whether `e` is reached wherever its function's structure is (the function returning
/// only at its end: [`returns_only_at_end`]) by every work-item of a group alike: `e` is
/// no operand Java may skip (the right of `&&` or `||`, a branch of `?:`), and its
/// statement lies in no branch of an `if` (loops and blocks are fine). The lanes form's
/// barriers are then where every work-item of the group meets them, as OpenCL requires
/// and as PoCL's compiler can see: a barrier in a branch, even one every work-item of the
/// group takes alike, made PoCL abort the process ("Could not find a dominating
/// alternative variable", probe 57). Such a fold runs in one work-item.
fn reached_by_all(func: &Function, parents: &[Option<ExprId>], e: ExprId) -> bool {
    let mut at = e;
    while let Some(p) = walk::parent_of(parents, at) {
        let skipped = match func.expr(p).kind {
            ExprKind::Binary { op, rhs, .. } => {
                matches!(op.kind, BinOpKind::And | BinOpKind::Or) && rhs == at
            }
            ExprKind::Conditional { cond, .. } => cond != at,
            _ => false,
        };
        if skipped {
            return false;
        }
        at = p;
    }
    in_straight_blocks(&func.body, at)
}

/// Whether `func` leaves no loop or block early and returns only at its end, so that its
/// statements run in their order alike in every work-item ([`reached_by_all`]).
fn returns_only_at_end(func: &Function) -> bool {
    let mut jumps = 0;
    walk::each_stmt(&func.body, &mut |s| {
        jumps += usize::from(matches!(s, Stmt::Break(_) | Stmt::Continue(_) | Stmt::Return(_)));
    });
    jumps == usize::from(matches!(func.body.stmts.last(), Some(Stmt::Return(_))))
}

/// Whether the statement whose expressions hold the root `root` lies in `block` through
/// blocks, labelled blocks and loops only (no `if` branch, no `sync`).
fn in_straight_blocks(block: &Block, root: ExprId) -> bool {
    block.stmts.iter().any(|stmt| {
        walk::stmt_roots(stmt).contains(&root)
            || match stmt {
                Stmt::Loop { body, .. } | Stmt::Labeled { body, .. } | Stmt::Block(body) => {
                    in_straight_blocks(body, root)
                }
                _ => false,
            }
    })
}
