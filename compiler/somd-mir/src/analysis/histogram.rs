//! Histogram bodies: SOMD methods that fill a local table at computed indices.
//!
//! ```text
//! static reduce(R) T[] m(dist ... a, ..., int k) {
//!     T[] acc = new T[<int expression of scalar parameters and constants>];
//!     for (int i = lo; i < hi; i += C) {
//!         ... acc[<computed index>] op= <expr>; ...   // `+=`, `|=`, `^=`, `&=`, `++`, `--`
//!     }
//!     return acc;
//! }
//! ```
//! with a `reduce` strategy (not the assembly of MIs' arrays), `T` `int` or `long`, one operator for every update, each update a statement of its
//! own, `acc` read nowhere else, and no other write that outlives an iteration (no array
//! other than the iteration's own, no scalar declared outside the loop). An `int` or `long`
//! table may instead take `acc[e] = Math.max(acc[e], v)` (or `Math.min`, either argument
//! order; one index `e` without effects): [`extremum`]; a `long` one needs the device's
//! 64-bit atomics, which the host checks at the call. A loop storing one constant into every entry
//! may come before the histogram's loop ([`fill_value`]): the entries start there instead
//! of at zero.
//!
//! Why the device result is exact: the device runs the call as **one MI** (LANGUAGE.md
//! §2.1 lets an implementation pick the number of MIs). Within it, entry `e` of the table
//! ends as `c op u1 op u2 ...` over the updates of `e` in iteration order (`c` the fill
//! constant, else `0`); the operators are commutative and associative on `int`/`long`
//! (Java arithmetic wraps, bitwise operators act per bit, a narrowing of the promoted
//! result to the table's type commutes with them, and `Math.max`/`min` of `int`s and `long`s are
//! exact), so any grouping and order of the same updates gives the same bits. The device
//! applies each work-group's updates to a table of its own that starts at the operator's
//! identity, and the host folds the groups' tables entry by entry with the same operator,
//! from `c`, so the fold equals the sequential table. That table
//! is the one MI's result, which the host passes to the method's `reduce` strategy exactly
//! as the CPU path passes a one-element list of partials. Nothing is assumed of the user's
//! `combine` beyond what a one-MI run assumes.
//!
//! Floating-point accumulation is not associative (the order of device updates would
//! change the result), except in one shape: a **segmented sum**. A `float`/`double` table
//! updated only by `acc[p[i]] += v` (or `++`/`--`), where `p` is an `int[]` parameter read
//! at the loop index itself and the loop runs `i = 0; i < hi; i++`: when `p[0..hi)` is
//! non-decreasing (checked by the host at each call, or once per keep scope; otherwise the
//! call runs on the CPU), all updates of one entry are consecutive iterations, so the
//! work-item of a run of equal `p[i]` (one per run, from the run heads the host lists) that
//! adds the run's updates in iteration order performs exactly the one-MI sequential updates
//! of that entry: the same bits. Every other float shape stays on the CPU.

use super::parallel::{assigned_locals, check_exits, is_for, writes_arrays, Cx};
use super::walk;
use super::{BlockReason, Blocker, LoopDim, LoopId, LoopReport, ParallelLoop};
use crate::ir::*;
use somd_diag::Span;
use somd_syntax::ast::{PrimType, ReduceOp};
use std::collections::{HashMap, HashSet};

/// A histogram body as the OpenCL writer extracts it.
#[derive(Clone, Debug, PartialEq)]
pub struct HistogramBody {
    /// The table `acc`: allocated zeroed, updated only by [`HistogramBody::updates`],
    /// returned.
    pub table: LocalId,
    /// `int` or `long`.
    pub elem: PrimType,
    /// `Add` (`+=`, `++`, `--`), `BitOr`, `BitXor`, `BitAnd`, or `Max` / `Min`
    /// (`acc[e] = Math.max(acc[e], v)`, either argument order).
    pub op: ReduceOp,
    /// The constant an earlier loop stores into every entry (`for (int j = 0; j <
    /// acc.length; j++) acc[j] = c;`, [`fill_value`]), as `long` bits; `None`: the
    /// allocation's zeros. The entries start there, so the host folds the groups' tables
    /// from it.
    pub fill: Option<i64>,
    /// The allocation's length: an `int` expression of scalar parameters, lengths of array
    /// parameters without `dist`, constants and unchanged `int` locals initialised so
    /// (`+ - *`, [`length_local`]), evaluated by the host with Java's `int` arithmetic.
    pub len: ExprId,
    /// Setup scalars (never changed, initialisers without array reads or calls),
    /// recomputed by every work-item.
    pub setup: Vec<(LocalId, Option<ExprId>)>,
    pub loop_id: LoopId,
    pub dim: LoopDim,
    /// The statement-level updates of the table.
    pub updates: Vec<ExprId>,
    /// A segmented sum (`float`/`double` tables): the `int[]` parameter `p` of the updates'
    /// index `p[i]`, which must be non-decreasing over the loop's range for the call to run
    /// on the device. `None` for `int`/`long` tables.
    pub segmented_by: Option<LocalId>,
}

/// What the histogram recogniser found.
pub enum Verdict {
    /// The body is not of the histogram form at all (other blockers explain it better).
    NotOne,
    /// A histogram body that cannot run on the device, and why.
    Blocked(Blocker),
    Ok(LoopReport, Box<HistogramBody>),
}

/// The length expression of the table, when it is an `int` expression of scalar
/// parameters, lengths of array parameters without `dist`, constants and unchanged `int`
/// locals initialised so ([`length_local`]).
fn length_ok(func: &Function, e: ExprId, depth: u32) -> bool {
    if depth > 32 {
        return false;
    }
    match &func.expr(e).kind {
        ExprKind::Const(Const::Int(_)) => true,
        ExprKind::Local(l) => {
            let local = func.local(*l);
            match length_local(func, *l) {
                Some(init) => length_ok(func, init, depth + 1),
                None => local.kind == LocalKind::Param && local.ty == Type::Prim(PrimType::Int),
            }
        }
        // The length of an array parameter without `dist` (`new long[cx.length]`, a k-means
        // table with an entry per centroid): the same in every MI.
        ExprKind::Length(a) => matches!(func.expr(*a).kind, ExprKind::Local(l)
            if func.local(l).kind == LocalKind::Param && func.local(l).dist.is_none()),
        ExprKind::Binary { op, lhs, rhs } if op.ty == PrimOrRef::Prim(PrimType::Int) => {
            matches!(op.kind, BinOpKind::Add | BinOpKind::Sub | BinOpKind::Mul)
                && length_ok(func, *lhs, depth + 1)
                && length_ok(func, *rhs, depth + 1)
        }
        _ => false,
    }
}

/// The initialiser of `l` when it is an `int` local of the body's top level that nothing
/// assigns after its declaration (`int k = cx.length;`): a table length may read it as that
/// expression, which the host evaluates in its place.
pub fn length_local(func: &Function, l: LocalId) -> Option<ExprId> {
    let local = func.local(l);
    if local.kind != LocalKind::Var || local.ty != Type::Prim(PrimType::Int) {
        return None;
    }
    if assigned_locals(func).get(&l).copied().unwrap_or(0) > 0 {
        return None;
    }
    func.body.stmts.iter().find_map(|s| match s {
        Stmt::Let { local, init: Some(init) } if *local == l => Some(*init),
        _ => None,
    })
}

/// The source symbol of a binary operator that a table update may use.
fn op_symbol(kind: BinOpKind) -> &'static str {
    match kind {
        BinOpKind::Add => "+",
        BinOpKind::Sub => "-",
        BinOpKind::Mul => "*",
        BinOpKind::Div => "/",
        BinOpKind::Rem => "%",
        BinOpKind::Shl => "<<",
        BinOpKind::Shr => ">>",
        BinOpKind::UShr => ">>>",
        BinOpKind::BitAnd => "&",
        BinOpKind::BitOr => "|",
        BinOpKind::BitXor => "^",
        _ => "?",
    }
}

/// A segmented sum over a `dist` key `p` (`acc[p[i]] += v` over a zeroed table, see the
/// module doc; `int` and `long` tables too, `acc[p[i]]++` or `acc[p[i]] ^= v`, with the
/// loop a `float` table's segmented sum needs): an MI updates only the entries its part of
/// `p` names, so its table is zero outside the least to the greatest of those keys
/// (`rt::somd::key_window` takes that span from the first and last key where the keys never
/// decrease or never increase). Its key, the table's allocation `new T[len]` and that length
/// ([`HistogramBody::len`], an expression the host can evaluate before the MIs run: the
/// MIs may then share one table, `rt::somd::SegmentTable`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SegmentTable {
    pub key: LocalId,
    pub new: ExprId,
    pub len: ExprId,
}

/// The [`SegmentTable`] of `func`, where its body is a segmented sum over a `dist` key;
/// histograms over a fill constant, and other indices, give `None`.
pub fn segment_table(module: &Module, func: &Function) -> Option<SegmentTable> {
    let Verdict::Ok(_, body) = analyze_histogram(module, func) else { return None };
    if body.fill.is_some() {
        return None;
    }
    let key = match body.segmented_by {
        Some(key) => key,
        None => {
            let dim = &body.dim;
            if dim.lo != super::SizeExpr::Const(0) || dim.step != 1 || dim.reversed {
                return None;
            }
            segment_index(func, &body.updates, dim.index)?
        }
    };
    let local = func.local(key);
    if local.kind != LocalKind::Param || local.dist.is_none() {
        return None;
    }
    let new = func.body.stmts.iter().find_map(|s| match s {
        Stmt::Let { local, init: Some(init) } if *local == body.table => Some(*init),
        _ => None,
    })?;
    Some(SegmentTable { key, new, len: body.len })
}

/// Recognises a histogram body in SOMD function `func`.
pub fn analyze_histogram(module: &Module, func: &Function) -> Verdict {
    let stmts = &func.body.stmts;
    // The shape: lets, one counted `for`, `return acc`.
    let Some(Stmt::Return(Some(ret))) = stmts.last() else { return Verdict::NotOne };
    let ExprKind::Local(table) = func.expr(*ret).kind else { return Verdict::NotOne };
    let table_init = stmts.iter().find_map(|s| match s {
        Stmt::Let { local, init: Some(init) } if *local == table => Some(*init),
        _ => None,
    });
    let Some(init) = table_init else { return Verdict::NotOne };
    let ExprKind::NewArray { dims } = &func.expr(init).kind else { return Verdict::NotOne };
    let [len] = dims[..] else { return Verdict::NotOne };
    let Type::Array(elem) = &func.local(table).ty else { return Verdict::NotOne };
    let Type::Prim(elem) = **elem else { return Verdict::NotOne };
    let loops: Vec<&Block> = stmts
        .iter()
        .filter_map(|s| match s {
            Stmt::Block(b) if is_for(b) => Some(b),
            _ => None,
        })
        .collect();
    // A loop storing one constant into every entry may come first: it gives the entries
    // their start (an identity such as `Integer.MIN_VALUE` for `Math.max`, or any other
    // value, which the host folds in).
    let (fill_loop, block) = match loops[..] {
        [block] => (None, block),
        [fill, block] => (Some(fill), block),
        _ => return Verdict::NotOne,
    };
    // An assembled output (no `reduce` strategy) or a table sized by lengths is another
    // shape, whose own blocker explains it better.
    let assembled = func
        .somd
        .as_ref()
        .is_none_or(|sig| matches!(sig.reduction, Reduction::Assemble | Reduction::None));
    if assembled || !length_ok(func, len, 0) {
        return Verdict::NotOne;
    }
    let table_name = func.local(table).name.clone();
    let table_span = func.local(table).span;
    let float = matches!(elem, PrimType::Float | PrimType::Double);
    let float_refusal = format!(
        "floating-point accumulation into a `{}` table stays on the CPU (not associative: \
         the order of the device's updates would change the result)",
        if elem == PrimType::Float { "float" } else { "double" }
    );
    let shape_blocker = |construct: String, span: Span| {
        Verdict::Blocked(Blocker { reason: BlockReason::Shape, construct, span, chain: Vec::new() })
    };
    // A float table that is not a segmented sum keeps the float refusal, whatever else
    // its body does.
    let blocked = |what: String, span: Span| {
        if float {
            shape_blocker(format!("histogram of `{table_name}`: {float_refusal}"), table_span)
        } else {
            shape_blocker(format!("histogram of `{table_name}`: {what}"), span)
        }
    };
    let fill = match fill_loop {
        None => None,
        Some(fill) => match fill_value(func, fill, table, len) {
            Some(c) => Some(c),
            None if block_mentions(func, fill, table) => {
                let span = stmts
                    .iter()
                    .find(|s| matches!(s, Stmt::Block(b) if std::ptr::eq(b, fill)))
                    .map_or(func.span, |s| walk::stmt_span(func, s, func.span));
                return blocked(
                    format!(
                        "a loop before the updates that does not store one constant into every \
                         entry (`for (int j = 0; j < {table_name}.length; j++) {table_name}[j] = \
                         c;`)"
                    ),
                    span,
                );
            }
            None => return Verdict::NotOne,
        },
    };
    if !float && !matches!(elem, PrimType::Int | PrimType::Long) {
        return blocked(
            "a table of a type other than `int` or `long` (the device updates 32-bit words)".into(),
            table_span,
        );
    }
    // Setup: scalar lets that never change, the table, the loop, the return.
    let assigned = assigned_locals(func);
    let mut setup = Vec::new();
    let mut cx = Cx {
        module,
        func,
        setup: HashMap::new(),
        outputs: Vec::new(),
        reduced: std::collections::HashSet::new(),
        host_scalars: std::collections::HashSet::new(),
        setup_aliases: HashMap::new(),
        nest_aliases: HashMap::new(),
        nest_sizes: HashMap::new(),
    };
    let mut seen_loop = false;
    for (pos, stmt) in stmts.iter().enumerate() {
        let span = walk::stmt_span(func, stmt, func.span);
        match stmt {
            Stmt::Let { local, .. } if *local == table && !seen_loop => {}
            Stmt::Let { local, init } if !seen_loop => {
                if !matches!(func.local(*local).ty, Type::Prim(_)) {
                    return blocked(
                        "a declaration other than scalars before the loop".into(),
                        span,
                    );
                }
                if assigned.get(local).copied().unwrap_or(0) > 0 {
                    return blocked(
                        format!(
                            "setup local `{}` changes after its declaration",
                            func.local(*local).name
                        ),
                        func.local(*local).span,
                    );
                }
                if let Some(init) = init {
                    let mut impure = false;
                    walk::each_expr(func, *init, &mut |x| {
                        impure |= matches!(
                            func.expr(x).kind,
                            ExprKind::Index { .. } | ExprKind::Call { .. }
                        );
                    });
                    if impure {
                        return blocked(
                            "a setup initialiser that reads an array or calls a method".into(),
                            span,
                        );
                    }
                }
                cx.setup.insert(*local, *init);
                setup.push((*local, *init));
            }
            Stmt::Block(b) if std::ptr::eq(b, block) => seen_loop = true,
            Stmt::Block(b) if fill_loop.is_some_and(|f| std::ptr::eq(b, f)) => {}
            Stmt::Return(_) if pos + 1 == stmts.len() => {}
            _ => {
                return blocked("a statement other than setup, one loop and `return`".into(), span)
            }
        }
    }
    if assigned.get(&table).copied().unwrap_or(0) > 0 {
        return blocked("the table variable is reassigned".into(), table_span);
    }
    let loop_span = stmts
        .iter()
        .find(|s| matches!(s, Stmt::Block(b) if std::ptr::eq(b, block)))
        .map_or(func.span, |s| walk::stmt_span(func, s, func.span));
    let (counted, body) = match cx.counted(block) {
        Ok(c) => c,
        Err(what) => return blocked(what, loop_span),
    };
    let Some(loop_stmt) = block.stmts.get(1) else { return Verdict::NotOne };
    let Some(loop_id) = walk::loop_id_of(func, loop_stmt) else { return Verdict::NotOne };
    let mut exit = None;
    check_exits(func, body, super::parallel::label_of(block), func.span, &mut exit);
    if let Some(span) = exit {
        return blocked(
            "`break`, `return` or a jump to a label outside the loop's body leaves the loop \
             early"
                .into(),
            span,
        );
    }
    // Statement-level expressions and the locals the body declares.
    let mut statements: HashSet<ExprId> = HashSet::new();
    let mut declared: HashSet<LocalId> = HashSet::new();
    walk::each_stmt(body, &mut |s| match s {
        Stmt::Expr(e) => {
            statements.insert(*e);
        }
        Stmt::Let { local, .. } => {
            declared.insert(*local);
        }
        _ => {}
    });
    let mut exprs = Vec::new();
    walk::each_expr_in_block(func, body, &mut |e| exprs.push(e));
    let mut updates = Vec::new();
    let mut op: Option<ReduceOp> = None;
    let mut table_uses: HashSet<ExprId> = HashSet::new();
    let aliases = super::alias::kernel_aliases(func);
    for &e in &exprs {
        let expr = func.expr(e);
        let target = match &expr.kind {
            ExprKind::Assign { target, .. }
            | ExprKind::CompoundAssign { target, .. }
            | ExprKind::IncDec { target, .. } => *target,
            ExprKind::Call { func: callee, args, .. } => {
                let passes_array = args.iter().any(|a| matches!(func.expr(*a).ty, Type::Array(_)));
                if passes_array && writes_arrays(module.function(*callee)) {
                    return blocked(
                        format!(
                            "call of `{}`, which writes an array argument",
                            module.function(*callee).name
                        ),
                        expr.span,
                    );
                }
                continue;
            }
            _ => continue,
        };
        match &func.expr(target).kind {
            ExprKind::Index { array, index } if matches!(func.expr(*array).kind, ExprKind::Local(l) if l == table) =>
            {
                let this_op = match &expr.kind {
                    ExprKind::CompoundAssign { op, value, .. } => {
                        let rop = match op.kind {
                            BinOpKind::Add => ReduceOp::Add,
                            // `t[e] -= v` of integers adds `-v`, wrapping alike.
                            BinOpKind::Sub if !float => ReduceOp::Add,
                            BinOpKind::BitOr => ReduceOp::BitOr,
                            BinOpKind::BitXor => ReduceOp::BitXor,
                            BinOpKind::BitAnd => ReduceOp::BitAnd,
                            _ => {
                                return blocked(
                                    format!(
                                        "an update of the table with `{}=` (the device \
                                         combines `+= -= |= ^= &= ++ --` and `t[e] = \
                                         Math.max(t[e], v)` or `Math.min`)",
                                        op_symbol(op.kind)
                                    ),
                                    expr.span,
                                )
                            }
                        };
                        if float && rop != ReduceOp::Add {
                            return blocked(String::new(), expr.span);
                        }
                        if !float
                            && !matches!(op.ty, PrimOrRef::Prim(PrimType::Int | PrimType::Long))
                        {
                            return blocked(
                                "an update computed in floating point (not associative)".into(),
                                expr.span,
                            );
                        }
                        if reads_table(func, *value, table) {
                            return blocked(
                                "an update whose value reads the table".into(),
                                expr.span,
                            );
                        }
                        rop
                    }
                    ExprKind::IncDec { .. } => ReduceOp::Add,
                    ExprKind::Assign { value, .. } => {
                        let Some(ext) = extremum(module, func, *value, table) else {
                            return blocked(
                                "a plain assignment to the table (only `op=`, `++`, `--` and \
                                 `t[e] = Math.max(t[e], v)` or `Math.min` updates are \
                                 order-independent)"
                                    .into(),
                                expr.span,
                            );
                        };
                        let pure = |f: FuncId| walk::library_math(module, f);
                        if !walk::same_value(func, ext.read_index, *index)
                            || !walk::effect_free(func, *index, &pure)
                        {
                            return blocked(
                                format!(
                                    "a `Math.{}` update that reads another entry than it \
                                     writes (the device updates `t[e] = Math.{0}(t[e], v)`, \
                                     one index `e` without effects)",
                                    ext.name
                                ),
                                expr.span,
                            );
                        }
                        // `Math.max(v, t[e])` evaluates `v` before it reads the entry: the
                        // device reads no entry, so `v` may not change what `e` is.
                        if ext.table_second && !walk::effect_free(func, ext.other, &pure) {
                            return blocked(
                                format!(
                                    "a `Math.{}` update whose other argument, evaluated before \
                                     the table's entry, has an effect",
                                    ext.name
                                ),
                                expr.span,
                            );
                        }
                        if reads_table(func, ext.other, table) {
                            return blocked(
                                "an update whose value reads the table".into(),
                                expr.span,
                            );
                        }
                        if float {
                            return blocked(String::new(), expr.span);
                        }
                        table_uses.insert(ext.read_array);
                        ext.op
                    }
                    _ => {
                        return blocked(
                            "an update of the table other than `op=`, `++`, `--` and \
                             `t[e] = Math.max(t[e], v)` or `Math.min`"
                                .into(),
                            expr.span,
                        )
                    }
                };
                if reads_table(func, *index, table) {
                    return blocked("an index computed from the table".into(), expr.span);
                }
                if !statements.contains(&e) {
                    return blocked(
                        "a table update used as a value (its old or new entry is a read)".into(),
                        expr.span,
                    );
                }
                match op {
                    None => op = Some(this_op),
                    Some(o) if o == this_op => {}
                    Some(_) => {
                        return blocked(
                            "the table is updated with different operators".into(),
                            expr.span,
                        )
                    }
                }
                table_uses.insert(*array);
                updates.push(e);
            }
            ExprKind::Local(l) if *l == counted.index => {
                return blocked("the loop index is assigned in the body".into(), expr.span)
            }
            ExprKind::Local(l) if declared.contains(l) => {}
            ExprKind::Local(l) => {
                return blocked(
                    format!(
                        "`{}` is declared outside the loop and assigned in it",
                        func.local(*l).name
                    ),
                    expr.span,
                )
            }
            ExprKind::Index { array, .. } => {
                // An array local points into a parameter (`alias.rs`): not the body's own.
                match super::walk::index_root(func, *array) {
                    Some((a, _)) if declared.contains(&a) && !aliases.contains_key(&a) => {}
                    _ => {
                        return blocked(
                            "a write to an array other than the table (a histogram body writes \
                             only its table)"
                                .into(),
                            expr.span,
                        )
                    }
                }
            }
            _ => return blocked("an assignment the device glue does not place".into(), expr.span),
        }
    }
    // `t.length` reads no entry.
    for &e in &exprs {
        if let ExprKind::Length(a) = func.expr(e).kind {
            table_uses.insert(a);
        }
    }
    for &e in &exprs {
        if matches!(func.expr(e).kind, ExprKind::Local(l) if l == table) && !table_uses.contains(&e)
        {
            return blocked(
                "the table is read in the loop besides its updates".into(),
                func.expr(e).span,
            );
        }
    }
    let Some(op) = op else { return Verdict::NotOne };
    let segmented_by = if float {
        let Some(p) = segment_index(func, &updates, counted.index) else {
            return blocked(String::new(), table_span);
        };
        if counted.lo != super::SizeExpr::Const(0) || counted.step != 1 || counted.reversed {
            return shape_blocker(
                format!(
                    "histogram of `{table_name}`: {float_refusal}; a segmented sum over \
                     `{}` needs the loop `for (int {i} = 0; {i} < ...; {i}++)`",
                    func.local(p).name,
                    i = func.local(counted.index).name
                ),
                loop_span,
            );
        }
        Some(p)
    } else {
        None
    };
    let dim = LoopDim {
        index: counted.index,
        lo: counted.lo,
        hi: counted.hi,
        step: counted.step,
        reversed: counted.reversed,
    };
    let report = LoopReport {
        loop_id,
        span: loop_span,
        index: Some(counted.index),
        verdict: Ok(ParallelLoop::new(vec![dim.clone()], Vec::new())),
        flat: None,
    };
    Verdict::Ok(
        report,
        Box::new(HistogramBody {
            table,
            elem,
            op,
            fill,
            len,
            setup,
            loop_id,
            dim,
            updates,
            segmented_by,
        }),
    )
}

/// Whether an expression of `block` mentions `local`.
fn block_mentions(func: &Function, block: &Block, local: LocalId) -> bool {
    let mut found = false;
    walk::each_expr_in_block(func, block, &mut |e| {
        found |= matches!(func.expr(e).kind, ExprKind::Local(l) if l == local);
    });
    found
}

/// A `Math.max`/`Math.min` update's value: `Math.max(t[e], v)` or `Math.max(v, t[e])`.
pub struct Extremum {
    /// `Max` or `Min`.
    pub op: ReduceOp,
    /// `max` or `min`.
    pub name: &'static str,
    /// The element access `t[e]`, its `t` and its `e`.
    pub read: ExprId,
    pub read_array: ExprId,
    pub read_index: ExprId,
    /// `v`.
    pub other: ExprId,
    /// Whether `t[e]` is the second argument (`v` is evaluated first).
    pub table_second: bool,
}

/// The [`Extremum`] of `value`, a call of `Math.max` or `Math.min` on `int`s or `long`s (the
/// library's, stdlib/math.somd, or a built-in) with one argument an element of `table`.
pub fn extremum(
    module: &Module,
    func: &Function,
    value: ExprId,
    table: LocalId,
) -> Option<Extremum> {
    let (op, [a, b], PrimType::Int | PrimType::Long) = walk::min_max_call(module, func, value)?
    else {
        return None;
    };
    let name = if op == ReduceOp::Max { "max" } else { "min" };
    let element = |x: ExprId| match &func.expr(x).kind {
        ExprKind::Index { array, index } if matches!(func.expr(*array).kind, ExprKind::Local(l) if l == table) => {
            Some((x, *array, *index))
        }
        _ => None,
    };
    let (read, other, table_second) = match (element(a), element(b)) {
        (Some(read), _) => (read, b, false),
        (None, Some(read)) => (read, a, true),
        (None, None) => return None,
    };
    let (read, read_array, read_index) = read;
    Some(Extremum { op, name, read, read_array, read_index, other, table_second })
}

/// The constant that `fill`, a loop before the histogram's, stores into every entry of
/// `table` (allocated with length `len`): `for (int j = 0; j < table.length; j++) table[j] =
/// c;` (or `j < len` with `len` the allocation's unchanged length expression), `c` an
/// `int` or `long` constant, as `long` bits.
pub fn fill_value(func: &Function, fill: &Block, table: LocalId, len: ExprId) -> Option<i64> {
    let [Stmt::Let { local: j, init: Some(init) }, Stmt::Loop { label: _, test: Some(test), test_at_end: false, body, update }] =
        fill.stmts.as_slice()
    else {
        return None;
    };
    let is_j = |e: ExprId| matches!(func.expr(e).kind, ExprKind::Local(l) if l == *j);
    if !matches!(func.expr(*init).kind, ExprKind::Const(Const::Int(0))) {
        return None;
    }
    let ExprKind::Binary { op, lhs, rhs } = &func.expr(*test).kind else { return None };
    let assigned = assigned_locals(func);
    let unchanged = |e: ExprId| {
        let mut ok = true;
        walk::each_expr(func, e, &mut |x| {
            if let ExprKind::Local(l) = func.expr(x).kind {
                ok &= assigned.get(&l).copied().unwrap_or(0) == 0;
            }
        });
        ok
    };
    let bound_ok = match &func.expr(*rhs).kind {
        ExprKind::Length(a) => matches!(func.expr(*a).kind, ExprKind::Local(l) if l == table),
        _ => walk::same_value(func, *rhs, len) && unchanged(len),
    };
    if op.kind != BinOpKind::Lt || !is_j(*lhs) || !bound_ok {
        return None;
    }
    let step_ok = matches!(update.as_slice(), [u] if walk::is_increment(func, *u, *j));
    if !step_ok || assigned.get(j).copied().unwrap_or(0) != 1 {
        return None;
    }
    // The body: the one store, possibly in nested blocks.
    let mut stmts = body.stmts.as_slice();
    let store = loop {
        match stmts {
            [Stmt::Expr(e)] => break *e,
            [Stmt::Block(b)] => stmts = b.stmts.as_slice(),
            _ => return None,
        }
    };
    let ExprKind::Assign { target, value } = &func.expr(store).kind else { return None };
    let ExprKind::Index { array, index } = &func.expr(*target).kind else { return None };
    if !matches!(func.expr(*array).kind, ExprKind::Local(l) if l == table) || !is_j(*index) {
        return None;
    }
    let mut value = *value;
    if let ExprKind::Convert { operand } = func.expr(value).kind {
        value = operand;
    }
    match func.expr(value).kind {
        ExprKind::Const(Const::Int(c)) => Some(i64::from(c)),
        ExprKind::Const(Const::Long(c)) => Some(c),
        _ => None,
    }
}

/// Whether `root` reads the table `table` other than by its length (`t.length`, a kernel
/// argument that no update changes).
fn reads_table(func: &Function, root: ExprId, table: LocalId) -> bool {
    // Names of the table, less those that are a `.length`'s operand.
    let mut named = 0isize;
    walk::each_expr(func, root, &mut |e| match &func.expr(e).kind {
        ExprKind::Local(l) if *l == table => named += 1,
        ExprKind::Length(a) if matches!(func.expr(*a).kind, ExprKind::Local(l) if l == table) => {
            named -= 1
        }
        _ => {}
    });
    named > 0
}

/// The `int[]` parameter `p` when every update's index is `p[index]` exactly (one `p` for
/// all): the key of a segmented sum.
fn segment_index(func: &Function, updates: &[ExprId], index: LocalId) -> Option<LocalId> {
    let mut key = None;
    for &u in updates {
        let target = match &func.expr(u).kind {
            ExprKind::CompoundAssign { target, .. } | ExprKind::IncDec { target, .. } => *target,
            _ => return None,
        };
        let ExprKind::Index { index: at, .. } = &func.expr(target).kind else { return None };
        let ExprKind::Index { array, index: i } = &func.expr(*at).kind else { return None };
        let (ExprKind::Local(p), ExprKind::Local(i)) =
            (&func.expr(*array).kind, &func.expr(*i).kind)
        else {
            return None;
        };
        let param = func.local(*p);
        let int_array = param.ty == Type::Array(Box::new(Type::Prim(PrimType::Int)));
        if *i != index || param.kind != LocalKind::Param || !int_array {
            return None;
        }
        match key {
            None => key = Some(*p),
            Some(k) if k == *p => {}
            Some(_) => return None,
        }
    }
    key
}
