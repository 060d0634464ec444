//! Local-memory tiles for `@` kernels whose function reads a whole broadcast array in
//! index order (N-Body's `for (int j = 0; j < particles.length; j++) { Body q =
//! particles[j]; .. }`): instead of every work-item reading every element from global
//! memory, the work-group copies [`TILE`] elements at a time into `__local` memory
//! cooperatively, waits at a barrier, and each work-item runs the loop body over the tile.
//!
//! The rewrite is exact: every work-item still runs the body for `j = 0, 1, .., length - 1`
//! in order, on the same element values (the array is not written anywhere in the
//! function). It applies only where every work-item of a group reaches the barriers the
//! same number of times: the loop is at the top level of the function, the statements
//! before it are declarations that cannot fail, jump or read memory, the loop's bound is
//! the array's length (a kernel argument), and its body has no `break` or `return`.
//! Work-items past the end of the mapped range take part in the copies and barriers with
//! `somd_active` false and do nothing else (the function returns at once after the loop;
//! the kernel stores the result after a barrier and under a volatile read of
//! `somd_active`, `SOMD_ACTIVE`, which PoCL needs: `kernels.rs`).
//! A barrier follows the copy of each tile, and another the work on it only when a next
//! tile will overwrite it: with K-Means' 8 centres (one tile) one barrier per work-group,
//! as the hand kernel has (`SOMD_TILE_LAST_BARRIER=1` restores the second after the last
//! tile, for measuring).
//!
//! An array that fits in one tile is not copied: the tiled helper's first test (the same for
//! the whole group, so no work-item of it reaches a barrier) calls the untiled function,
//! whose work-items read the array through the cache. K-Means' `nearest` over 8 centres was
//! 5% faster so on the H100 (`bench/gpu/kmeans_ablation.py`); `SOMD_TILE_SMALL=1`
//! (`-DSOMD_TILE_SMALL=1`) copies it as any other.

use super::writer::{FnCx, Writer, R};
use super::*;
use somd_mir::analysis::{walk, MapArgPlan};
use somd_mir::*;
use somd_syntax::ast::PrimType;
use std::fmt::Write as _;

/// Elements per tile (the runtime's largest 1-D work-group, `MAX_LOCAL_1D`); smaller for
/// large elements so a tile stays within [`TILE_BYTES`].
pub(super) const TILE: usize = 256;
/// The most local memory a tile takes (devices have at least 32 KiB).
const TILE_BYTES: usize = 16 * 1024;

/// A loop of a mapped function that reads a broadcast array in index order.
pub(super) struct TilePlan {
    /// The broadcast array parameter.
    pub array: LocalId,
    /// Position of `{ int j = 0; for (..) }` among the function body's statements.
    pub at: usize,
    /// Elements per tile.
    pub tile: usize,
    /// The OpenCL C element type.
    pub elem: String,
}

impl Writer<'_> {
    /// The tile plan of `func` as mapped with `args`, when its shape allows one.
    pub(super) fn tile_plan(&self, func: &Function, args: &[MapArgPlan]) -> Option<TilePlan> {
        // An array local may point into the tiled array and write it.
        if func.kind != FuncKind::Static
            || func.ret == Type::Void
            || !somd_mir::analysis::alias::kernel_aliases(func).is_empty()
        {
            return None;
        }
        for (at, stmt) in func.body.stmts.iter().enumerate() {
            if let Some(plan) = self.tiled_loop(func, args, at, stmt) {
                return Some(plan);
            }
            if !infallible_decl(func, stmt) {
                return None;
            }
        }
        None
    }

    fn tiled_loop(
        &self,
        func: &Function,
        args: &[MapArgPlan],
        at: usize,
        stmt: &Stmt,
    ) -> Option<TilePlan> {
        // `{ int j = 0; for (; j < a.length; j++) body }` for a broadcast one-dimensional
        // array parameter `a`.
        let (j, rhs, body) = super::blocks::counted_from_zero(func, stmt)?;
        let is_j = |e: ExprId| matches!(func.expr(e).kind, ExprKind::Local(l) if l == j);
        let ExprKind::Length(a) = func.expr(rhs).kind else { return None };
        let ExprKind::Local(array) = func.expr(a).kind else { return None };
        let param = func.params.iter().position(|p| *p == array)?;
        let plan = args.get(param)?;
        if plan.mode != MapArg::Broadcast {
            return None;
        }
        let (elem, 1) = somd_mir::analysis::isolation::array_elem(&func.local(array).ty)? else {
            return None;
        };
        // A `T[[N]]` held as a vector is a value, not a buffer to tile.
        if somd_mir::analysis::isolation::vector_of(&func.local(array).ty).is_some() {
            return None;
        }
        // No `break`/`return` (work-items would leave the barriers' loop early).
        let mut jumps = false;
        walk::each_stmt(body, &mut |s| {
            jumps |= matches!(s, Stmt::Break(_) | Stmt::Return(_) | Stmt::Labeled { .. });
        });
        if jumps {
            return None;
        }
        // `a` only as `a[j]` read, and `j` never assigned.
        let mut ok = true;
        walk::each_expr_in_block(func, body, &mut |e| match func.expr(e).kind {
            ExprKind::Local(l) if l == array => {
                let read_at_j = func.exprs.iter().any(|x| {
                    matches!(x.kind, ExprKind::Index { array: arr, index } if arr == e && is_j(index))
                });
                ok &= read_at_j;
            }
            ExprKind::Assign { target, .. }
            | ExprKind::CompoundAssign { target, .. }
            | ExprKind::IncDec { target, .. } => {
                let mut t = target;
                while let ExprKind::Index { array: inner, .. } = func.expr(t).kind {
                    t = inner;
                }
                ok &= !matches!(func.expr(t).kind, ExprKind::Local(l) if l == array || l == j);
            }
            _ => {}
        });
        if !ok {
            return None;
        }
        let size = match elem {
            Type::Prim(p) => prim_size(*p),
            Type::Object(c) => {
                layout::layout_of(self.module, *c, &|k| self.class_c(k), &mut Default::default())?
                    .size
            }
            _ => return None,
        };
        let mut tile = TILE;
        while tile * size > TILE_BYTES {
            tile /= 2;
        }
        if tile < 32 {
            return None;
        }
        Some(TilePlan { array, at, tile, elem: self.storage(elem).ok()? })
    }

    /// The function `f` with its loop `plan.at` tiled, as a helper named `name` taking
    /// `const bool somd_active, __local T *somd_tile` before `somd_err`.
    pub(super) fn tiled_helper(&mut self, f: FuncId, plan: &TilePlan, name: &str) -> R<String> {
        let func = self.module.function(f);
        let mut cx = FnCx::helper(func, &self.taken_names);
        let mut params = Vec::new();
        for p in &func.params {
            params.push(self.param_decl(&cx, *p)?);
        }
        params.push("const bool somd_active".into());
        params.push(format!("__local {} *somd_tile", plan.elem));
        params.push("SOMD_ERR_PARAM".into());
        let ret = self.ty(&func.ret)?;
        let (l1, l2, l3, l4, l5) = (Level(1), Level(2), Level(3), Level(4), Level(5));
        let mut out = String::new();
        let (file, line, col) = self.pos(func.span);
        writeln!(
            out,
            "/* {} ({file}:{line}:{col}), its loop over `{}` in local-memory tiles */",
            func.name,
            cx.name(plan.array)
        )?;
        writeln!(out, "{ret} {name}({})\n{{", params.join(", "))?;
        // An array of one tile: every work-item reads it through the cache instead (the same
        // for the whole group, so none of it reaches a barrier). On the H100, K-Means'
        // `nearest` over 8 centres took 0.0633 ms this way against 0.0664 ms tiled
        // (`bench/gpu/kmeans_ablation.py`, 8M points).
        let (a, t) = (cx.name(plan.array).to_string(), plan.tile);
        let names: Vec<String> =
            func.params.iter().flat_map(|p| self.param_names(&cx, *p)).collect();
        writeln!(out, "{l1}if (!SOMD_TILE_SMALL && {a}_len0 <= {t}) {{")?;
        writeln!(out, "{l2}if (!somd_active) {{")?;
        writeln!(out, "{l3}return ({ret}){{0}};")?;
        writeln!(out, "{l2}}}")?;
        writeln!(out, "{l2}return {}({}, somd_err);", self.fn_name(f), names.join(", "))?;
        writeln!(out, "{l1}}}")?;
        for stmt in &func.body.stmts[..plan.at] {
            out.push_str(&self.stmt(&mut cx, l1, stmt)?);
        }
        let Some(Stmt::Block(b)) = func.body.stmts.get(plan.at) else {
            return Err(super::writer::bug("tiled loop moved"));
        };
        let [Stmt::Let { local: j, init }, Stmt::Loop { body, update, .. }] = b.stmts.as_slice()
        else {
            return Err(super::writer::bug("tiled loop shape"));
        };
        let j_name = cx.name(*j).to_string();
        writeln!(out, "{l1}{{")?;
        out.push_str(&self.stmt(&mut cx, l2, &Stmt::Let { local: *j, init: *init })?);
        // `somd_base + somd_count <= a_len0`: no `int` overflow.
        writeln!(out, "{l2}int somd_base = 0;")?;
        writeln!(out, "{l2}while (somd_base < {a}_len0) {{")?;
        writeln!(out, "{l3}const int somd_count = min({a}_len0 - somd_base, {t});")?;
        writeln!(
            out,
            "{l3}for (int somd_k = (int)get_local_id(0); somd_k < somd_count; somd_k += (int)get_local_size(0)) {{"
        )?;
        writeln!(out, "{l4}somd_tile[somd_k] = {a}[somd_base + somd_k];")?;
        writeln!(out, "{l3}}}")?;
        writeln!(out, "{l3}barrier(CLK_LOCAL_MEM_FENCE);")?;
        writeln!(out, "{l3}if (somd_active) {{")?;
        let upd: Vec<String> = update.iter().map(|u| self.effect(&mut cx, *u)).collect::<R<_>>()?;
        writeln!(
            out,
            "{l4}for ({j_name} = somd_base; {j_name} < somd_base + somd_count; {}) {{",
            upd.join(", ")
        )?;
        cx.tile = Some(plan.array);
        let text = self.block(&mut cx, l5, body);
        cx.tile = None;
        out.push_str(&text?);
        writeln!(out, "{l4}}}")?;
        writeln!(out, "{l3}}}")?;
        // The next tile's copy waits until every work-item is done with this one; after the
        // last tile nothing overwrites it (the helper runs once per work-item), so no wait
        // unless the host asks for it (`SOMD_TILE_LAST_BARRIER`, `somd_java.cl`). The test
        // is the same for the whole group: all of it waits or none.
        writeln!(out, "{l3}somd_base += somd_count;")?;
        writeln!(out, "{l3}if (SOMD_TILE_LAST_BARRIER || somd_base < {a}_len0) {{")?;
        writeln!(out, "{l4}barrier(CLK_LOCAL_MEM_FENCE);")?;
        writeln!(out, "{l3}}}")?;
        writeln!(out, "{l2}}}")?;
        writeln!(out, "{l1}}}")?;
        writeln!(out, "{l1}if (!somd_active) {{")?;
        writeln!(out, "{l2}return ({ret}){{0}};")?;
        writeln!(out, "{l1}}}")?;
        for stmt in &func.body.stmts[plan.at + 1..] {
            out.push_str(&self.stmt(&mut cx, l1, stmt)?);
        }
        if !matches!(func.body.stmts.last(), Some(Stmt::Return(_))) {
            writeln!(out, "{l1}return ({ret}){{0}};")?;
        }
        out.push_str("}\n\n");
        Ok(out)
    }
}

/// A declaration (or assignment of a local) that cannot fail, jump or read memory: run by
/// every work-item, also those past the end of the range.
fn infallible_decl(func: &Function, stmt: &Stmt) -> bool {
    let roots = match stmt {
        Stmt::Let { init, .. } => init.iter().copied().collect::<Vec<_>>(),
        Stmt::Expr(e) => match func.expr(*e).kind {
            ExprKind::Assign { target, value }
                if matches!(func.expr(target).kind, ExprKind::Local(_)) =>
            {
                vec![value]
            }
            _ => return false,
        },
        _ => return false,
    };
    let mut ok = true;
    for root in roots {
        walk::each_expr(func, root, &mut |e| {
            ok &= match &func.expr(e).kind {
                ExprKind::Const(_)
                | ExprKind::Local(_)
                | ExprKind::Unary { .. }
                | ExprKind::Convert { .. }
                | ExprKind::Conditional { .. }
                | ExprKind::Builtin { builtin: Builtin::Math(..), .. } => true,
                ExprKind::Binary { op, .. } => !matches!(
                    (op.kind, op.ty),
                    (
                        BinOpKind::Div | BinOpKind::Rem,
                        PrimOrRef::Prim(PrimType::Int | PrimType::Long)
                    )
                ),
                _ => false,
            };
        });
    }
    ok
}
