//! Block tiles for 2-D nests whose cells walk a row of each of two matrices (the All-Pairs
//! shape of the Parakeet paper, 004: `d(xs[i], ys[j])` for every pair `(i, j)`).
//!
//! Work-item `(i, j)` of such a nest runs a loop `for (k = 0; k < n; k++)` reading `x[k]`
//! and `y[k]`, with `x` row `i` of one matrix and `y` row `j` of another. The work-items of a
//! group share their rows: those of one group row read the same `x`, those of one group
//! column the same `y`, and neighbouring work-items read `y` rows a row apart. Staged by
//! blocks, the group copies `BLOCK_K` columns of its rows of each matrix into `__local`
//! memory (consecutive work-items reading consecutive elements), waits at a barrier, and
//! each work-item runs its loop's iterations over the block from local memory; so each
//! element is read from global memory once per group instead of once per work-item.
//!
//! The rewrite is exact: every work-item runs the loop body for `k = 0, 1, .., n - 1` in
//! order on the same element values. It applies to a cell (the statements of a 2-D nest's
//! work-item, `walk::nest_cell`) of the form `pre; { int k = 0; for (; k < n; k++) body }
//! post` where
//! - `pre` declares or assigns locals with values that cannot fail and have no effect
//!   (work-items past the end of the range, which take part in the copies and barriers,
//!   run it with their indices clamped to the first cell);
//! - `n` is the same for the whole group and cannot fail: the length of a row of a staged
//!   matrix (`x.length` for a row local formed in `pre`, or `m[i].length` proven to
//!   exist: the matrix's row length), an `int` parameter nothing assigns or a constant;
//! - `body` reads the staged matrices only as `x[k]` with `x` a local naming row `i` or `j`
//!   of a 2-D parameter the function never writes, or as `m[i][k]` / `m[j][k]`; writes
//!   locals only; and cannot fail (its other accesses are proven in range);
//! - the cell has no `break`, `continue`, `return` or label, so every work-item reaches
//!   the same barriers.
//!
//! The staged reads are in range when each staged matrix's rows are at least `n` long, a
//! test the same for the whole group; so is the test that the group is at most
//! `BLOCK_ROWS0` x `BLOCK_ROWS1` work-items, a multiple of `BLOCK_K` of them (each
//! work-item copies a fixed column; the runtime launches these kernels in 16 x 16 groups,
//! `KernelManifest::square_groups`). Where a test fails the kernel runs the cell as it is
//! written (`Writer::blocked_cell`).

use super::writer::{may_fail_calling, FnCx, Writer, R};
use super::Level;
use somd_mir::analysis::walk;
use somd_mir::analysis::LoopDim;
use somd_mir::*;
use somd_syntax::ast::PrimType;
use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

/// Columns of a staged block.
const BLOCK_K: usize = 32;
/// The most work-items of a group in NDRange dimension 0 and 1 that the blocks hold rows
/// for.
const BLOCK_ROWS: [usize; 2] = [32, 16];
/// The most blocks of one kernel, and the most local memory they take.
const MAX_BLOCKS: usize = 4;
const MAX_BLOCK_BYTES: usize = 24 * 1024;

/// A cell of a 2-D nest staged in blocks.
pub(super) struct BlockPlan<'b> {
    /// The cell's statements before the loop, the loop's block, and those after it.
    pre: &'b [Stmt],
    index: LocalId,
    body: &'b Block,
    post: &'b [Stmt],
    /// The loop's bound, the same for the whole group.
    bound: String,
    /// The staged matrices: each 2-D parameter, the NDRange dimension whose index picks its
    /// row, and its C element type.
    blocks: Vec<(LocalId, usize, String)>,
    /// The staged element reads and the block each reads.
    reads: HashMap<ExprId, usize>,
}

/// The block plan of `cell`, a 2-D nest's cell over `dims` (outer first: the outer index is
/// NDRange dimension 1), when it has the module's shape. `written`: the parameters the
/// function writes, itself or through its callees.
pub(super) fn block_plan<'b>(
    w: &Writer,
    cx: &FnCx,
    cell: &'b Block,
    dims: &[LoopDim],
    written: &HashSet<LocalId>,
) -> Option<BlockPlan<'b>> {
    let func = cx.func;
    let [outer, inner] = dims else { return None };
    if !cx.privates.is_empty() || cx.hist.is_some() {
        return None;
    }
    if jumps(cell) {
        return None;
    }
    let at = cell.stmts.iter().position(|s| counted_from_zero(func, s).is_some())?;
    let (index, test, body) = counted_from_zero(func, &cell.stmts[at])?;
    let (pre, post) = (&cell.stmts[..at], &cell.stmts[at + 1..]);
    let module = w.module;
    let cannot_throw = |f: FuncId| walk::call_cannot_throw(module, f);
    let unchecked = w.options.unchecked;
    for stmt in pre {
        let value = match stmt {
            Stmt::Let { init: Some(e), .. } => *e,
            Stmt::Expr(e) => match func.expr(*e).kind {
                ExprKind::Assign { target, value }
                    if matches!(func.expr(target).kind, ExprKind::Local(_)) =>
                {
                    value
                }
                _ => return None,
            },
            _ => return None,
        };
        // Clamped work-items run `pre` too.
        if !settled(w, cx, value) {
            return None;
        }
    }
    // Which NDRange dimension's index a row index is: the inner index is dimension 0.
    let dim_of = |e: ExprId| match func.expr(e).kind {
        ExprKind::Local(l) if l == inner.index => Some(0),
        ExprKind::Local(l) if l == outer.index => Some(1),
        _ => None,
    };
    let is_index = |e: ExprId| matches!(func.expr(e).kind, ExprKind::Local(l) if l == index);
    let stageable = |p: LocalId| stageable(cx, p, written);
    // The row `(matrix, dimension)` that the array expression `a` names: a local naming
    // row `i` or `j` of a stageable matrix (its only value), or `m[i]` / `m[j]` itself.
    let row_of = |a: ExprId| -> Option<(LocalId, usize)> {
        match func.expr(a).kind {
            ExprKind::Local(l) => {
                let alias = cx.aliases.get(&l)?;
                let [value] = alias.values.as_slice() else { return None };
                let ExprKind::Index { array, index } = func.expr(*value).kind else {
                    return None;
                };
                let ExprKind::Local(m) = func.expr(array).kind else { return None };
                (alias.row && alias.rank == 1 && m == alias.base && stageable(m))
                    .then_some((m, dim_of(index)?))
            }
            ExprKind::Index { array, index } => {
                let ExprKind::Local(m) = func.expr(array).kind else { return None };
                stageable(m).then_some((m, dim_of(index)?))
            }
            _ => None,
        }
    };
    let mut blocks: Vec<(LocalId, usize, String)> = Vec::new();
    let mut reads = HashMap::new();
    let mut ok = true;
    walk::each_expr_in_block(func, body, &mut |e| match &func.expr(e).kind {
        ExprKind::Index { array, index } if is_index(*index) => {
            if let Some((m, d)) = row_of(*array) {
                let at = match blocks.iter().position(|(b, bd, _)| (*b, *bd) == (m, d)) {
                    Some(at) => at,
                    None => {
                        let elem = match &func.expr(e).ty {
                            Type::Prim(p) => w.storage(&Type::Prim(*p)).ok(),
                            _ => None,
                        };
                        let Some(elem) = elem else {
                            ok = false;
                            return;
                        };
                        blocks.push((m, d, elem));
                        blocks.len() - 1
                    }
                };
                reads.insert(e, at);
            }
        }
        ExprKind::Assign { target, .. }
        | ExprKind::CompoundAssign { target, .. }
        | ExprKind::IncDec { target, .. } => {
            ok &= matches!(func.expr(*target).kind, ExprKind::Local(l) if l != index);
        }
        ExprKind::Call { .. } => ok = false,
        _ => {}
    });
    if !ok || blocks.is_empty() || blocks.len() > MAX_BLOCKS {
        return None;
    }
    let bytes: usize = blocks
        .iter()
        .map(|(m, d, _)| {
            let size = match somd_mir::analysis::isolation::array_elem(&func.local(*m).ty) {
                Some((Type::Prim(p), _)) => super::prim_size(*p),
                _ => 8,
            };
            BLOCK_ROWS[*d] * (BLOCK_K + 1) * size
        })
        .sum();
    if bytes > MAX_BLOCK_BYTES {
        return None;
    }
    // The body's other accesses are proven in range, and nothing else in it may fail.
    let staged = |e: ExprId| reads.contains_key(&e) || unchecked || cx.proven.contains(&e);
    let mut fails = false;
    walk::each_stmt(body, &mut |stmt| {
        for root in walk::stmt_roots(stmt) {
            fails |= walk::may_fail(func, root, &staged, &cannot_throw);
        }
    });
    if fails {
        return None;
    }
    let bound = uniform_bound(cx, unchecked, test, &blocks, &row_of)?;
    Some(BlockPlan { pre, index, body, post, bound, blocks, reads })
}

/// Whether `block` holds a statement that would take some work-items of a group past a
/// barrier that others wait at (a jump, a label, a `sync` or a throw), which staging in
/// blocks or row tiles (`rowtiles.rs`) cannot have.
pub(super) fn jumps(block: &Block) -> bool {
    let mut jumps = false;
    walk::each_stmt(block, &mut |s| {
        jumps |= matches!(
            s,
            Stmt::Break(_)
                | Stmt::Continue(_)
                | Stmt::Return(_)
                | Stmt::Labeled { .. }
                | Stmt::Sync { .. }
                | Stmt::ThrowUnderflow { .. }
        );
    });
    jumps
}

/// Whether `value` cannot fail and has no effect, calling the library's `Math` functions
/// at most: work-items without a cell or iteration of their own may evaluate it.
pub(super) fn settled(w: &Writer, cx: &FnCx, value: ExprId) -> bool {
    let module = w.module;
    let cannot_throw = |f: FuncId| walk::call_cannot_throw(module, f);
    let pure = |f: FuncId| walk::library_math(module, f);
    !may_fail_calling(cx, w.options.unchecked, value, &cannot_throw)
        && walk::effect_free(cx.func, value, &pure)
}

/// Whether parameter `p` is a 2-D array of primitives that the function never writes,
/// itself or through a callee (`written`), and no other form holds (narrow, staged or
/// held rows): its rows may be copied into `__local` memory.
pub(super) fn stageable(cx: &FnCx, p: LocalId, written: &HashSet<LocalId>) -> bool {
    let func = cx.func;
    func.local(p).kind == LocalKind::Param
        && !written.contains(&p)
        && !cx.narrow.contains_key(&p)
        && !cx.staged.contains(&p)
        && !cx.held.contains(&p)
        && matches!(&func.local(p).ty, Type::Array(row) if matches!(&**row, Type::Array(e) if matches!(**e, Type::Prim(_))))
}

/// `{ int k = 0; for (; k < n; k++) body }` (`k += 1` too): `k`, `n` and the body (also the
/// tiled loops of `tile.rs`).
pub(super) fn counted_from_zero<'s>(
    func: &Function,
    stmt: &'s Stmt,
) -> Option<(LocalId, ExprId, &'s Block)> {
    let Stmt::Block(b) = stmt else { return None };
    let [Stmt::Let { local: k, init: Some(init) }, Stmt::Loop { label: None, test: Some(test), test_at_end: false, body, update }] =
        b.stmts.as_slice()
    else {
        return None;
    };
    if !matches!(func.expr(*init).kind, ExprKind::Const(Const::Int(0))) {
        return None;
    }
    let is_k = |e: ExprId| matches!(func.expr(e).kind, ExprKind::Local(l) if l == *k);
    let ExprKind::Binary { op, lhs, rhs } = func.expr(*test).kind else { return None };
    if op.kind != BinOpKind::Lt || op.ty != PrimOrRef::Prim(PrimType::Int) || !is_k(lhs) {
        return None;
    }
    let [u] = update.as_slice() else { return None };
    let step_one = match func.expr(*u).kind {
        ExprKind::IncDec { target, delta: 1, .. } => is_k(target),
        ExprKind::CompoundAssign { target, op, value } => {
            is_k(target)
                && op.kind == BinOpKind::Add
                && matches!(func.expr(value).kind, ExprKind::Const(Const::Int(1)))
        }
        _ => false,
    };
    step_one.then_some((*k, rhs, body))
}

/// The C text of the loop bound `n` when it is the same for every work-item and cannot
/// fail: the length of a row of a staged matrix (its row length), an `int` parameter
/// nothing assigns or a constant.
fn uniform_bound(
    cx: &FnCx,
    unchecked: bool,
    bound: ExprId,
    blocks: &[(LocalId, usize, String)],
    row_of: &dyn Fn(ExprId) -> Option<(LocalId, usize)>,
) -> Option<String> {
    let func = cx.func;
    match &func.expr(bound).kind {
        // As the writer writes it (`Integer.MIN_VALUE` is `(-2147483647 - 1)` in C).
        ExprKind::Const(c @ Const::Int(_)) => super::writer::const_c(c).ok(),
        ExprKind::Local(p)
            if func.local(*p).kind == LocalKind::Param
                && func.local(*p).ty == Type::Prim(PrimType::Int)
                && !walk::assigned_in_block(func, &func.body).contains(p) =>
        {
            Some(cx.name(*p).to_string())
        }
        ExprKind::Length(a) => {
            let (m, _) = row_of(*a)?;
            // A row of a matrix the blocks stage, named by a local formed in `pre` (which
            // cannot fail) or read in the bound (`m[i].length`, proven to exist): the
            // matrix's row length.
            let exists = match func.expr(*a).kind {
                ExprKind::Index { .. } => unchecked || cx.proven.contains(a),
                _ => true,
            };
            (exists && blocks.iter().any(|(b, ..)| *b == m)).then(|| format!("{}_len1", cx.name(m)))
        }
        _ => None,
    }
}

/// The loop of `index` over one staged block or tile from `start`, `body` its body text: a
/// full one (`somd_kn == full`) runs a loop of a constant count, which the device compiler
/// unrolls with constant offsets into the tiles; the last one, the one shorter loop.
pub(super) fn tile_loops(
    level: Level,
    index: &str,
    start: &str,
    full: &str,
    body: &str,
) -> R<String> {
    let l1 = level.next();
    let mut out = String::new();
    writeln!(out, "{level}if (somd_kn == {full}) {{")?;
    writeln!(out, "{l1}for ({index} = {start}; {index} < {start} + {full}; {index}++) {{")?;
    out.push_str(body);
    writeln!(out, "{l1}}}")?;
    writeln!(out, "{level}}} else {{")?;
    writeln!(out, "{l1}for ({index} = {start}; {index} < {start} + somd_kn; {index}++) {{")?;
    out.push_str(body);
    writeln!(out, "{l1}}}")?;
    writeln!(out, "{level}}}")?;
    Ok(out)
}

impl Writer<'_> {
    /// The statements after a staged loop (`post`) for the work-items with a cell or
    /// iteration, at `level` inside the staged branch: under a volatile read of
    /// `somd_active`, then a barrier closing the branch. Without both, PoCL 3.1 (LLVM 15)
    /// ran `post`'s store (`out[..] = ..`) for every work-item of the group, also those
    /// past the end of the range (wrong cells, a corrupted heap). LLVM sinks that store and
    /// the plain cell's into one block after the last barrier, which PoCL's work-item loops
    /// then mishandle (fifteen programs of the differential fuzzer's All-Pairs shape,
    /// `docs/fuzzing.md`; each of the two alone mended some of them). On the H100 the
    /// barrier costs nothing measurable and the volatile read 1.7% of All-Pairs' kernel at
    /// 4096^2 x 64, none at 1000^3 (thirty-seventh session, calls 1-3).
    pub(super) fn active_post(&mut self, cx: &mut FnCx, level: Level, post: &[Stmt]) -> R<String> {
        let mut out = String::new();
        writeln!(out, "{level}if (SOMD_ACTIVE(somd_active)) {{")?;
        for stmt in post {
            out.push_str(&self.stmt(cx, level.next(), stmt)?);
        }
        writeln!(out, "{level}}}")?;
        writeln!(out, "{level}barrier(CLK_LOCAL_MEM_FENCE);")?;
        Ok(out)
    }

    /// The cell of a 2-D nest over `dims` in blocks (`plan`), at the kernel's top level:
    /// `idx` declares the work-item's indices (unclamped) and its failure key, `active`
    /// tests that they are in the range, and `plain` is the cell as it is written, run where
    /// the blocks do not apply.
    pub(super) fn blocked_cell(
        &mut self,
        cx: &mut FnCx,
        level: Level,
        plan: &BlockPlan,
        dims: &[LoopDim],
        [idx, active, plain]: [&str; 3],
    ) -> R<String> {
        let [outer, inner] = dims else { return Err(super::writer::bug("blocks of a 1-D loop")) };
        let lo = [self.bound(cx, outer, &outer.lo)?, self.bound(cx, inner, &inner.lo)?];
        let [l1, l2, l3, l4, l5, l6, l7] = std::array::from_fn(|d| Level(level.0 + d));
        let mut out = String::new();
        // `pre` and `post` are written statement by statement: no temporaries of the plain
        // cell's (`sin`/`cos` pairs, vector loads, declared in its own block) apply here.
        cx.sincos.clear();
        cx.vloads.clear();
        let tiles: Vec<String> = (0..plan.blocks.len()).map(|b| format!("somd_blk{b}")).collect();
        for ((_, d, elem), tile) in plan.blocks.iter().zip(&tiles) {
            writeln!(out, "{l1}__local {elem} {tile}[{}][{}];", BLOCK_ROWS[*d], BLOCK_K + 1)?;
        }
        out.push_str(idx);
        writeln!(out, "{l1}const bool somd_active = {active};")?;
        let n = &plan.bound;
        let mut fits = vec![
            format!("get_local_size(0) <= {}", BLOCK_ROWS[0]),
            format!("get_local_size(1) <= {}", BLOCK_ROWS[1]),
            format!("get_local_size(0) * get_local_size(1) % {BLOCK_K} == 0"),
        ];
        for (m, ..) in &plan.blocks {
            let len = format!("{}_len1", cx.name(*m));
            let test = format!("{len} >= {n}");
            if len != *n && !fits.contains(&test) {
                fits.push(test);
            }
        }
        writeln!(
            out,
            "{l1}/* Block tiles: the loop over `{}` reads {BLOCK_K} columns of the group's rows at a time from local memory. */",
            cx.name(plan.index)
        )?;
        writeln!(out, "{l1}if ({}) {{", fits.join(" && "))?;
        // Work-items past the end take part in the copies and barriers at the first cell.
        let (i, j) = (cx.name(outer.index).to_string(), cx.name(inner.index).to_string());
        writeln!(out, "{l2}const int somd_ci = somd_active ? {i} : (int)({});", lo[0])?;
        writeln!(out, "{l2}const int somd_cj = somd_active ? {j} : (int)({});", lo[1])?;
        writeln!(out, "{l2}{{")?;
        writeln!(out, "{l3}const int {i} = somd_ci;")?;
        writeln!(out, "{l3}const int {j} = somd_cj;")?;
        for stmt in plan.pre {
            out.push_str(&self.stmt(cx, l3, stmt)?);
        }
        let k = cx.name(plan.index).to_string();
        writeln!(out, "{l3}int {k} = 0;")?;
        writeln!(out, "{l3}const int somd_flat = (int)(get_local_id(1) * get_local_size(0) + get_local_id(0));")?;
        writeln!(out, "{l3}const int somd_group = (int)(get_local_size(0) * get_local_size(1));")?;
        // Each work-item copies one column of every `somd_sdr`-th row of the group's rows of
        // each matrix, its offsets advanced by a step computed once (the group is a multiple
        // of BLOCK_K work-items: `fits`). On the H100 this took All-Pairs' kernel from 0.403
        // ms (a loop over the tile's elements with a division each) to 0.357 ms at 1000^3,
        // below the hand-written kernel's 0.38 ms.
        writeln!(out, "{l3}const int somd_sc = somd_flat % {BLOCK_K};")?;
        writeln!(out, "{l3}const int somd_sdr = somd_group / {BLOCK_K};")?;
        let names: Vec<String> =
            plan.blocks.iter().map(|(m, ..)| cx.name(*m).to_string()).collect();
        for (t, ((_, d, _), name)) in plan.blocks.iter().zip(&names).enumerate() {
            // The group's first row: its first work-item's index in dimension `d`.
            writeln!(
                out,
                "{l3}const long somd_first{t} = (long)({}) + (long)get_group_id({d}) * (long)get_local_size({d});",
                lo[1 - d]
            )?;
            writeln!(
                out,
                "{l3}const long somd_o{t} = (somd_first{t} + somd_flat / {BLOCK_K}) * {name}_len1 + somd_sc;"
            )?;
            writeln!(out, "{l3}const long somd_step{t} = (long)somd_sdr * {name}_len1;")?;
            // The group's rows that exist (the last group's may run past the matrix): only
            // those are copied, and only columns inside the block. Nothing reads the rest:
            // an active work-item reads its own rows (which exist) at columns below
            // `somd_kn`, and one past the end of the range runs no iteration. Each element
            // used to test its row (a 64-bit sum) and column and store 0 past them, which
            // kept the rows' origins live across the loop over blocks: 40 registers for
            // All-Pairs on the H100 instead of 32, 6 resident groups per multiprocessor
            // instead of 8, and the kernel 0.397 and 0.470 ms at 1000^3 and 4096^2 x 64
            // against 0.333 and 0.383 ms now (the hand-written kernel's 0.374 and 0.391).
            writeln!(
                out,
                "{l3}const int somd_nr{t} = (int)clamp((long){name}_len0 - somd_first{t}, 0L, (long)get_local_size({d}));"
            )?;
        }
        writeln!(out, "{l3}for (int somd_k0 = 0; somd_k0 < {n}; somd_k0 += {BLOCK_K}) {{")?;
        writeln!(out, "{l4}const int somd_kn = min({BLOCK_K}, {n} - somd_k0);")?;
        for (t, ((_, tile), name)) in plan.blocks.iter().zip(&tiles).zip(&names).enumerate() {
            // The copies are not unrolled: unrolled, they kept each copy's addresses live
            // across the loop over blocks (72 registers instead of 32 for All-Pairs on the
            // H100, and a third of the work-items resident).
            writeln!(out, "{l4}if (somd_sc < somd_kn) {{")?;
            writeln!(out, "{l5}long somd_o = somd_o{t} + somd_k0;")?;
            writeln!(out, "#pragma unroll 1")?;
            writeln!(
                out,
                "{l5}for (int somd_r = somd_flat / {BLOCK_K}; somd_r < somd_nr{t}; somd_r += somd_sdr) {{"
            )?;
            writeln!(out, "{l6}{tile}[somd_r][somd_sc] = {name}[somd_o];")?;
            writeln!(out, "{l6}somd_o += somd_step{t};")?;
            writeln!(out, "{l5}}}")?;
            writeln!(out, "{l4}}}")?;
        }
        writeln!(out, "{l4}barrier(CLK_LOCAL_MEM_FENCE);")?;
        writeln!(out, "{l4}if (somd_active) {{")?;
        for (e, b) in &plan.reads {
            let d = plan.blocks[*b].1;
            cx.blocks.insert(*e, format!("{}[get_local_id({d})][{k} - somd_k0]", tiles[*b]));
        }
        let body = self.block(cx, l7, plan.body);
        cx.blocks.clear();
        let body = body?;
        out.push_str(&tile_loops(l5, &k, "somd_k0", &BLOCK_K.to_string(), &body)?);
        writeln!(out, "{l4}}}")?;
        writeln!(out, "{l4}barrier(CLK_LOCAL_MEM_FENCE);")?;
        writeln!(out, "{l3}}}")?;
        out.push_str(&self.active_post(cx, l3, plan.post)?);
        writeln!(out, "{l2}}}")?;
        writeln!(out, "{l1}}} else if (somd_active) {{")?;
        out.push_str(plain);
        writeln!(out, "{l1}}}")?;
        Ok(out)
    }
}
