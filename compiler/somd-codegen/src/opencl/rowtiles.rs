//! Row tiles for SOMD loops whose iterations each walk a row of a matrix in Java's order:
//! a matrix times a vector, `for (j = 0; j < x.length; j++) s += g[i][j] * x[j];` of
//! `double`s, whose sum another order would round differently, so that neither the lanes
//! form (`strips.rs`) nor a reduction across work-items may split the row.
//!
//! One work-item per row reads its row alone: the work-items of a warp read addresses a
//! row apart, and with few rows (4,000 rows fill 125 warps of the H200's 132 compute
//! units) nothing hides the latency of those reads. In the *tiles variant* a work-group of
//! [`TILE_GROUP`] work-items runs [`TILE_ROWS`] iterations: its first warp runs them, one
//! work-item each, reading its row's columns from `__local` memory, while the other seven
//! copy the next tile of the group's rows (`cols` columns of each, consecutive work-items
//! reading consecutive elements) into the other of two buffers; one barrier per tile. The
//! ninety-fifth session measured this form by hand at 0.26 ms against 0.47 for one
//! work-item per row at 4,000 x 4,000 `double`s on the H200, 6.4 against 12.8 ms at 1,000
//! x 100,000 (`bench/gpu/s95_rowtiles_ablation.py`, `wide_db`); a group copying its tiles
//! before summing them, without the other warps, was slower than the plain form.
//!
//! The rewrite is exact: each iteration runs its inner loop's body for `j = 0, 1, .., n -
//! 1` in order on the same element values, in one work-item. It applies to a parallel
//! loop body `pre; { int j = 0; for (; j < n; j++) body } post` where
//! - `pre` declares locals with values that cannot fail and have no effect (every
//!   work-item runs it before the test of the tiles, those without an iteration, which
//!   take part in the copies and barriers, with the loop's first index);
//! - `n` is the same for the whole launch and cannot fail: constants, `int` parameters
//!   nothing assigns and lengths of array parameters (or of a staged matrix's row), with
//!   `+` and `-`;
//! - `body` reads the staged matrices only as `r[j]` with `r` a local naming row `i` of a
//!   2-D parameter of primitives the function never writes, or as `m[i][j]`; writes
//!   locals only; calls nothing but the
//!   library's `Math` functions (it may fail, as in the plain kernel: its checks are expressions, which leave no
//!   work-item out of a barrier, and record the iteration's key);
//! - the body of the parallel loop has no `break`, `continue`, `return` or label, so every
//!   work-item reaches the same barriers.
//!
//! `post` runs in the work-items that have an iteration, as written. The staged reads are
//! in range when each staged matrix has every row of the loop's range (the copies read
//! them all, whether or not the body's reads are conditional) and its rows are at least
//! `n` long, and the group has [`TILE_GROUP`] work-items: tests the same for the whole
//! launch; where one fails the
//! kernel runs each iteration as the plain kernel does ([`Writer::row_tiled`]). The host
//! launches the variant on a GPU when the inner loop is long enough
//! (`rt::device::row_tiles`), or under `SOMD_ROW_TILES=1` on any device.

use super::blocks::{counted_from_zero, jumps, settled, stageable, tile_loops};
use super::writer::{may_fail_calling, FnCx, Writer, R};
use super::Level;
use somd_mir::analysis::walk;
use somd_mir::analysis::LoopDim;
use somd_mir::*;
use somd_syntax::ast::PrimType;
use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

/// Iterations (rows) of a work-group: its first warp's work-items.
pub(super) const TILE_ROWS: usize = 32;
/// Work-items of a group of the tiles variant (the host launches it so).
pub(super) const TILE_GROUP: usize = 256;
/// The most `__local` memory the two buffers of the staged matrices take: below the 32 KiB
/// every OpenCL device has, with room for the runtime's own.
const MAX_TILE_BYTES: usize = 24 * 1024;
/// The most they take on a device with 48 KiB or more, where the runtime builds programs
/// with `-DSOMD_WIDE_TILES` (`SOMD_ROW_COLS` in `runtime/cl/somd_java.cl`): 64 columns of
/// `double`s took 0.269 ms a call at 4,000 x 4,000 on the H200 by hand where 32 took
/// 0.298 (ninety-eighth session).
const MAX_WIDE_TILE_BYTES: usize = 40 * 1024;

/// A parallel loop body run in row tiles (module doc).
pub(super) struct RowTiles<'b> {
    /// The body's statements before the inner loop, the loop's body, and those after it.
    pre: &'b [Stmt],
    index: LocalId,
    body: &'b Block,
    post: &'b [Stmt],
    /// The inner loop's bound, the same for the whole launch.
    pub(super) bound: ExprId,
    /// The staged matrices (2-D parameters) and their C element types.
    tiles: Vec<(LocalId, String)>,
    /// The staged element reads and the tile each reads.
    reads: HashMap<ExprId, usize>,
    /// Columns per tile: the narrow count, and the wide one where the device has the
    /// local memory for it.
    cols: (usize, usize),
}

/// The row-tiles plan of `body`, the body of a 1-D parallel loop over `dim` (step 1, up),
/// when it has the module's shape. `written`: the parameters the function writes, itself
/// or through its callees.
pub(super) fn row_tiles_plan<'b>(
    w: &Writer,
    cx: &FnCx,
    body: &'b Block,
    dim: &LoopDim,
    written: &HashSet<LocalId>,
) -> Option<RowTiles<'b>> {
    let func = cx.func;
    if !cx.privates.is_empty() || cx.hist.is_some() || dim.step != 1 || dim.reversed {
        return None;
    }
    if jumps(body) {
        return None;
    }
    let at = body.stmts.iter().position(|s| counted_from_zero(func, s).is_some())?;
    let (index, bound, inner) = counted_from_zero(func, &body.stmts[at])?;
    let (pre, post) = (&body.stmts[..at], &body.stmts[at + 1..]);
    let module = w.module;
    let cannot_throw = |f: FuncId| walk::call_cannot_throw(module, f);
    let unchecked = w.options.unchecked;
    for stmt in pre {
        // Declarations only: they run before the test of the tiles, in every work-item.
        let Stmt::Let { init: Some(value), .. } = stmt else { return None };
        // Work-items without an iteration run `pre` too.
        if !settled(w, cx, *value) {
            return None;
        }
    }
    let is_row_index =
        |e: ExprId| matches!(func.expr(e).kind, ExprKind::Local(l) if l == dim.index);
    let is_index = |e: ExprId| matches!(func.expr(e).kind, ExprKind::Local(l) if l == index);
    let stageable = |p: LocalId| stageable(cx, p, written);
    // The matrix whose row `i` the array expression `a` names: a local naming it, or
    // `m[i]` itself. Whether the row exists is the kernel's test, for the whole range of
    // rows (a read under `if (i < h.length)` is proven only there; review 179).
    let row_of = |a: ExprId| -> Option<LocalId> {
        match func.expr(a).kind {
            ExprKind::Local(l) => {
                let alias = cx.aliases.get(&l)?;
                let [value] = alias.values.as_slice() else { return None };
                let ExprKind::Index { array, index } = func.expr(*value).kind else {
                    return None;
                };
                let ExprKind::Local(m) = func.expr(array).kind else { return None };
                (alias.row
                    && alias.rank == 1
                    && m == alias.base
                    && stageable(m)
                    && is_row_index(index))
                .then_some(m)
            }
            ExprKind::Index { array, index } => {
                let ExprKind::Local(m) = func.expr(array).kind else { return None };
                (stageable(m) && is_row_index(index)).then_some(m)
            }
            _ => None,
        }
    };
    let mut tiles: Vec<(LocalId, String)> = Vec::new();
    let mut sizes = Vec::new();
    let mut reads = HashMap::new();
    let mut ok = true;
    walk::each_expr_in_block(func, inner, &mut |e| match &func.expr(e).kind {
        ExprKind::Index { array, index } if is_index(*index) => {
            let Some(m) = row_of(*array) else { return };
            let at = match tiles.iter().position(|(b, _)| *b == m) {
                Some(at) => at,
                None => {
                    let (elem, size) = match &func.expr(e).ty {
                        Type::Prim(p) if *p != PrimType::Boolean => {
                            (w.storage(&Type::Prim(*p)).ok(), super::prim_size(*p))
                        }
                        _ => (None, 0),
                    };
                    let Some(elem) = elem else {
                        ok = false;
                        return;
                    };
                    tiles.push((m, elem));
                    sizes.push(size);
                    tiles.len() - 1
                }
            };
            reads.insert(e, at);
        }
        ExprKind::Assign { target, .. }
        | ExprKind::CompoundAssign { target, .. }
        | ExprKind::IncDec { target, .. } => {
            ok &= matches!(func.expr(*target).kind, ExprKind::Local(l) if l != index);
        }
        // `Math.max` and the library's other `Math` functions: no effect, no barrier.
        ExprKind::Call { func: f, receiver: None, .. } if walk::library_math(module, *f) => {}
        ExprKind::Call { .. } => ok = false,
        _ => {}
    });
    if !ok || tiles.is_empty() {
        return None;
    }
    // The widest tiles whose two buffers fit, in any device's local memory and in a large
    // one's.
    let row_bytes: usize = sizes.iter().sum();
    let widest = |limit: usize| {
        [64, 32, 16].into_iter().find(|k| 2 * TILE_ROWS * (k + 1) * row_bytes <= limit)
    };
    let cols = (widest(MAX_TILE_BYTES)?, widest(MAX_WIDE_TILE_BYTES)?);
    // The body may fail as it does in the plain kernel: its checks are expressions (no
    // work-item leaves before a barrier), a failure keeps the iteration's key, and the
    // loop runs on to `n`, no further than the staged rows reach.
    // The bound: the same for every work-item of the launch, and it cannot fail.
    let assigned = walk::assigned_in_block(func, &func.body);
    let staged_row = |a: ExprId| row_of(a).is_some_and(|m| tiles.iter().any(|(t, _)| *t == m));
    if !uniform(cx, bound, &assigned, &staged_row)
        || may_fail_calling(cx, unchecked, bound, &cannot_throw)
    {
        return None;
    }
    Some(RowTiles { pre, index, body: inner, post, bound, tiles, reads, cols })
}

/// Whether `e` has the same value in every work-item: an `int` constant, a parameter
/// nothing assigns, `a.length` of an array parameter or of a staged row (`staged_row`: the
/// matrix's row length, the device's matrices being rectangular), and `+`, `-` of those.
fn uniform(
    cx: &FnCx,
    e: ExprId,
    assigned: &HashSet<LocalId>,
    staged_row: &dyn Fn(ExprId) -> bool,
) -> bool {
    let func = cx.func;
    match &func.expr(e).kind {
        ExprKind::Const(Const::Int(_)) => true,
        ExprKind::Binary { op, lhs, rhs } => {
            matches!(op.kind, BinOpKind::Add | BinOpKind::Sub)
                && uniform(cx, *lhs, assigned, staged_row)
                && uniform(cx, *rhs, assigned, staged_row)
        }
        ExprKind::Local(p) => {
            func.local(*p).kind == LocalKind::Param
                && func.local(*p).ty == Type::Prim(PrimType::Int)
                && !assigned.contains(p)
        }
        ExprKind::Length(a) => {
            staged_row(*a)
                || matches!(func.expr(*a).kind, ExprKind::Local(p)
                    if func.local(p).kind == LocalKind::Param
                        && cx.arrays.contains_key(&p)
                        && !cx.aliases.contains_key(&p)
                        && !assigned.contains(&p))
        }
        _ => false,
    }
}

impl Writer<'_> {
    /// The tiles variant's body (module doc) after the kernel's setup, at `level`, for the
    /// parallel loop over `dim`: `plain` is the iteration as the plain kernel runs it
    /// (written a level deeper), run where the tiles do not apply.
    pub(super) fn row_tiled(
        &mut self,
        cx: &mut FnCx,
        level: Level,
        plan: &RowTiles,
        dim: &LoopDim,
        plain: &str,
    ) -> R<String> {
        let [l1, l2, l3, l4, l5, l6, _, l8] = std::array::from_fn(|d| Level(level.0 + d));
        let (lo, hi) = (self.bound(cx, dim, &dim.lo)?, self.bound(cx, dim, &dim.hi)?);
        let (rows, group) = (TILE_ROWS, TILE_GROUP);
        // The columns per tile (`k`), as a number or, where a large local memory takes
        // more, the build's choice (`SOMD_ROW_COLS`); `k1` a tile row's elements (one more:
        // a warp's reads of one column fall in different banks), `span` a buffer's.
        let (k, kl, k1, span, cells) = match plan.cols {
            (n, w) if n == w => (
                n.to_string(),
                format!("{n}L"),
                (n + 1).to_string(),
                (rows * (n + 1)).to_string(),
                (rows * n).to_string(),
            ),
            _ => (
                "somd_tk".to_string(),
                "(long)somd_tk".to_string(),
                "(somd_tk + 1)".to_string(),
                format!("({rows} * (somd_tk + 1))"),
                format!("({rows} * somd_tk)"),
            ),
        };
        let cols = &k;
        let mut out = String::new();
        // `pre` and `post` are written statement by statement: no temporaries of the plain
        // iteration's (`sin`/`cos` pairs, vector loads, declared in its own block) apply.
        cx.sincos.clear();
        cx.vloads.clear();
        let i = cx.name(dim.index).to_string();
        let j = cx.name(plan.index).to_string();
        writeln!(
            out,
            "{l1}/* Row tiles: {rows} iterations per group of {group}; the first {rows} work-items run them, reading `{cols}` columns of their rows at a time from local memory, while the others copy the next columns. */"
        )?;
        let size = match plan.cols {
            (n, w) if n == w => (2 * rows * (n + 1)).to_string(),
            (n, w) => format!("2 * {rows} * (SOMD_ROW_COLS({n}, {w}) + 1)"),
        };
        for (t, (_, elem)) in plan.tiles.iter().enumerate() {
            writeln!(out, "{l1}__local {elem} somd_rt{t}[{size}];")?;
        }
        let (n, w) = plan.cols;
        if n != w {
            writeln!(out, "{l1}const int somd_tk = SOMD_ROW_COLS({n}, {w});")?;
        }
        writeln!(out, "{l1}const int somd_lid = (int)get_local_id(0);")?;
        writeln!(out, "{l1}const long somd_row0 = (long)get_group_id(0) * {rows}L;")?;
        writeln!(
            out,
            "{l1}const long somd_pos0 = (long)({lo}) + somd_row0 + (long)(somd_lid % {rows});"
        )?;
        writeln!(
            out,
            "{l1}const int somd_nr = (int)clamp((long)({hi}) - (long)({lo}) - somd_row0, 0L, {rows}L);"
        )?;
        writeln!(out, "{l1}const bool somd_active = somd_lid < somd_nr;")?;
        // Work-items without an iteration run `pre` and the bound at the loop's first index.
        writeln!(out, "{l1}const int {i} = somd_active ? (int)somd_pos0 : (int)({lo});")?;
        out.push_str(&super::kernels::at(l1, &format!("somd_row0 + (long)(somd_lid % {rows})")));
        writeln!(out, "{l1}bool somd_tiled = false;")?;
        // `pre` declares a row local the bound may read (`j < r.length`).
        writeln!(out, "{l1}{{")?;
        for stmt in plan.pre {
            out.push_str(&self.stmt(cx, l2, stmt)?);
        }
        let n = self.expr(cx, plan.bound)?;
        writeln!(out, "{l2}const long somd_n = (long)({n});")?;
        let mut fits = vec![format!("get_local_size(0) == {group}")];
        // Every row of the range exists in each staged matrix (the copies read them all)
        // and is at least `n` long.
        if lo != "0" {
            fits.push(format!("(long)({lo}) >= 0L"));
        }
        for (m, _) in &plan.tiles {
            let name = cx.name(*m);
            if hi != format!("{name}_len0") {
                fits.push(format!("(long)({hi}) <= (long){name}_len0"));
            }
            fits.push(format!("somd_n <= (long){name}_len1"));
        }
        writeln!(out, "{l2}somd_tiled = {};", fits.join(" && "))?;
        writeln!(out, "{l2}if (somd_tiled) {{")?;
        writeln!(out, "{l3}int {j} = 0;")?;
        let names: Vec<String> = plan.tiles.iter().map(|(m, _)| cx.name(*m).to_string()).collect();
        // Copies of columns `col0 ..` (at most `cols`, below `somd_n`) of the group's rows
        // that exist into buffer `buf`, by the work-items `me`, `me + copiers`, ..
        let copy = |out: &mut String,
                    lv: Level,
                    buf: &str,
                    col0: &str,
                    me: &str,
                    copiers: usize|
         -> R<()> {
            let lv2 = lv.next();
            writeln!(out, "{lv}{{")?;
            writeln!(out, "{lv2}const int somd_cn = (int)min({kl}, somd_n - ({col0}));")?;
            writeln!(
                out,
                "{lv2}for (int somd_e = {me}; somd_e < {cells}; somd_e += {copiers}) {{"
            )?;
            let lv3 = lv2.next();
            writeln!(out, "{lv3}const int somd_cr = somd_e / {cols};")?;
            writeln!(out, "{lv3}const int somd_cc = somd_e % {cols};")?;
            writeln!(out, "{lv3}if (somd_cr < somd_nr && somd_cc < somd_cn) {{")?;
            for (t, name) in names.iter().enumerate() {
                writeln!(
                    out,
                    "{}somd_rt{t}[{buf} * {span} + somd_cr * {k1} + somd_cc] = {name}[((long)({lo}) + somd_row0 + somd_cr) * (long){name}_len1 + ({col0}) + somd_cc];",
                    lv3.next(),
                )?;
            }
            writeln!(out, "{lv3}}}")?;
            writeln!(out, "{lv2}}}")?;
            writeln!(out, "{lv}}}")?;
            Ok(())
        };
        // The first tile, by the whole group.
        copy(&mut out, l3, "0", "0L", "somd_lid", group)?;
        writeln!(out, "{l3}barrier(CLK_LOCAL_MEM_FENCE);")?;
        writeln!(out, "{l3}int somd_b = 0;")?;
        writeln!(out, "{l3}for (long somd_k0 = 0; somd_k0 < somd_n; somd_k0 += {kl}) {{")?;
        writeln!(out, "{l4}const int somd_j0 = (int)somd_k0;")?;
        writeln!(out, "{l4}const int somd_kn = (int)min({kl}, somd_n - somd_k0);")?;
        writeln!(out, "{l4}if (somd_lid < {rows}) {{")?;
        writeln!(out, "{l5}if (somd_active) {{")?;
        for (t, _) in plan.tiles.iter().enumerate() {
            writeln!(
                out,
                "{l6}__local const {} *somd_tr{t} = somd_rt{t} + somd_b * {span} + somd_lid * {k1};",
                plan.tiles[t].1,
            )?;
        }
        for (e, t) in &plan.reads {
            cx.blocks.insert(*e, format!("somd_tr{t}[{j} - somd_j0]"));
        }
        let body = self.block(cx, l8, plan.body);
        cx.blocks.clear();
        let body = body?;
        out.push_str(&tile_loops(l6, &j, "somd_j0", cols, &body)?);
        writeln!(out, "{l5}}}")?;
        writeln!(out, "{l4}}} else if (somd_k0 + {kl} < somd_n) {{")?;
        copy(
            &mut out,
            l5,
            "(1 - somd_b)",
            &format!("somd_k0 + {kl}"),
            &format!("somd_lid - {rows}"),
            group - rows,
        )?;
        writeln!(out, "{l4}}}")?;
        writeln!(out, "{l4}barrier(CLK_LOCAL_MEM_FENCE);")?;
        writeln!(out, "{l4}somd_b = 1 - somd_b;")?;
        writeln!(out, "{l3}}}")?;
        out.push_str(&self.active_post(cx, l3, plan.post)?);
        writeln!(out, "{l2}}}")?;
        writeln!(out, "{l1}}}")?;
        writeln!(out, "{l1}if (!somd_tiled && somd_active) {{")?;
        out.push_str(plain);
        writeln!(out, "{l1}}}")?;
        Ok(out)
    }
}
