//! Bounds checks that a counted loop can make once, before it runs (range check
//! elimination by loop versioning).
//!
//! A loop `for (; v < b; v += s)` (also `<=`, or stepping down toward `>` / `>=`; its test
//! may have other `&&` operands, which only end it sooner; or `while (v < b) { ..; v +=
//! s; }`, the step its body's last statement) with a constant step, nothing
//! else assigning `v`, and a bound that reads nothing the loop changes, runs its body for
//! `v` from its value on entry, `first`, to `last = first + (b - 1 - first) / s * s` (for
//! `<` stepping up; in 64-bit arithmetic), provided no step carries `v` past `int`'s end.
//! An access `a[e]` in the body whose index is `scale * v + d + K` — `scale` and `d`
//! constants, `K` a sum of terms that read nothing the loop changes (`i * n` of an outer
//! loop's index, a parameter) — takes its least and greatest value at `first` and `last`.
//! When both lie in `[0, a.length)`, computed in `long` from `K`'s Java (`int`) value, every
//! iteration's index does: and then it is also Java's value (equal modulo 2^32, and in
//! `int` range), so the access cannot fail. The OpenCL writer evaluates that test before
//! the loop and runs a copy of the loop without those checks when it holds, the checked
//! loop otherwise (`Writer::loop_versions`): CP's atom loop `a < atoms.length; a += 4`,
//! reading `atoms[a + 3]`, leaves its checks and the failure path they inline.
//!
//! The bound may call the library's `Math` (a tile's `j < Math.min(jj + 64, n)`), divide
//! by a constant other than 0 (`j < w / 2`), and read elements at
//! indices the loop does not change (a CSR row's end, `k < row[i + 1]`) of arrays whose
//! elements the loop does not change ([`keeps_elements`]: no store of their type, no code
//! that could make one): the test then reads the bound once, only where those reads lie in
//! their arrays (else the checked loop runs, failing where Java's first test does), and the
//! copy's test reads them without checks.
//!
//! Which accesses take part is a matter of speed only (any set is correct): those every
//! iteration reaches, that is not those under an `if` of the body or in a conditional
//! operand (`?:`, the right of `&&` and `||`), whose failure the program may be written to
//! avoid (`if (i + 1 < n) .. a[i + 1]`) and which would send every run to the checked copy.
//! Those of nested loops' bodies take part; their tests and steps, evaluated once more at
//! the end, do not, nor does this loop's step or its test up to the comparison that counts
//! it. The test's `&&` operands after that comparison do (`q >= 0 && w[q] > v`, an
//! insertion sort's): Java evaluates them only where it holds, at the body's indices.

use super::bounds::LenSym;
use super::walk;
use crate::ir::*;
use somd_syntax::ast::PrimType;
use std::collections::{BTreeSet, HashSet};

/// What one test before a counted loop frees of their checks ([`loop_checks`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopChecks {
    /// The loop's index (an `int` local) and its constant step (not 0).
    pub index: LocalId,
    pub step: i64,
    /// The comparison that counts the loop: `index op bound`, `op` one of `<`, `<=` (stepping
    /// up), `>`, `>=` (down).
    pub op: BinOpKind,
    pub bound: ExprId,
    /// The element reads of the bound (CSR's `k < row[i + 1]`), each at an index the loop
    /// does not change (`scale` 0), on an array whose elements the loop does not change:
    /// the test evaluates the bound, without their checks, only where they lie in their
    /// arrays, and the copy's test reads them without checks too. Reads proven in range
    /// are not among them.
    pub bound_reads: Vec<IndexRange>,
    /// The accesses, grouped by array dimension, `scale` and terms ([`IndexRange`]).
    pub ranges: Vec<IndexRange>,
    /// The body's integer divisions and remainders by the index itself (`x % d`, `s /= d`),
    /// anywhere in the body: where the index's least value is 1 or more, none divides by
    /// 0 or by -1 (whose `Integer.MIN_VALUE / -1` C leaves undefined), so the copy divides
    /// without a check; the test asks for that too.
    pub divisors: Vec<ExprId>,
}

/// Accesses of one array dimension whose indices are `scale * index + d + K` for one
/// `scale` and `K`, with `d` from `lo` to `hi`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndexRange {
    pub len: LenSym,
    pub scale: i64,
    /// `K`: terms added (`true`) or subtracted, each an `int` expression that the loop does
    /// not change and that can neither fail nor change anything ([`walk::plain_value`]).
    pub terms: Vec<(ExprId, bool)>,
    pub lo: i64,
    pub hi: i64,
    pub accesses: Vec<ExprId>,
}

impl LoopChecks {
    /// Every access the test frees of its check.
    pub fn accesses(&self) -> impl Iterator<Item = ExprId> + '_ {
        self.bound_reads.iter().chain(&self.ranges).flat_map(|r| r.accesses.iter().copied())
    }
}

/// The checks a counted loop (`test`, `body`, `update`: a `for` loop, its test first) can
/// make once before it runs, for the accesses of its body not in `skip` (proven in range,
/// or written without a check) on arrays `usable` accepts (the caller's arrays with a
/// length to test); `None` where there are none, or the loop is no such loop. `proven`
/// (within `skip`) are the accesses proven in range, which the bound may read before the
/// loop ([`Terms::bound_reads`]).
#[allow(clippy::too_many_arguments)] // Reason: the loop's parts, the access sets and the module.
pub fn loop_checks(
    module: &Module,
    func: &Function,
    test: ExprId,
    body: &Block,
    update: &[ExprId],
    skip: &BTreeSet<ExprId>,
    proven: &BTreeSet<ExprId>,
    usable: &dyn Fn(LocalId) -> bool,
) -> Option<LoopChecks> {
    let (index, step, op, bound) = match update {
        [] => walk::body_count(module, func, test, body)?,
        _ => walk::for_count(module, func, test, body, update)?,
    };
    if func.local(index).ty != Type::Prim(PrimType::Int)
        || i32::try_from(step).is_err()
        || func.expr(bound).ty != Type::Prim(PrimType::Int)
    {
        return None;
    }
    // `v <= Integer.MAX_VALUE` (`v >= Integer.MIN_VALUE` stepping down) never ends but by
    // wrapping around: the test would never hold.
    let edge = match (op, &func.expr(bound).kind) {
        (BinOpKind::Le, ExprKind::Const(Const::Int(b))) => *b == i32::MAX,
        (BinOpKind::Ge, ExprKind::Const(Const::Int(b))) => *b == i32::MIN,
        _ => false,
    };
    if edge {
        return None;
    }
    let mut synced = false;
    walk::each_stmt(body, &mut |s| synced |= matches!(s, Stmt::Sync { .. }));
    if synced {
        return None;
    }
    // What the loop changes: its index, the locals its body assigns or declares (a
    // declaration in the body binds anew on every iteration), and what its test and step
    // assign.
    let mut changed = walk::assigned_in_block(func, body);
    walk::assigned_in_exprs(func, &[test], &mut changed);
    walk::assigned_in_exprs(func, update, &mut changed);
    changed.insert(index);
    let mut fixed = super::bounds::fixed_arrays(func);
    fixed.retain(|a| {
        !changed.contains(a)
            && usable(*a)
            && super::isolation::vector_of(&func.local(*a).ty).is_none()
            && super::isolation::vector_rows(&func.local(*a).ty).is_none()
    });
    let cx = Terms { module, func, index, changed: &changed };
    let bound_reads = cx.bound_reads(bound, &fixed, skip, proven)?;
    if !keeps_elements(func, test, body, update, bound) {
        return None;
    }
    let mut reached = Vec::new();
    reached_accesses(func, body, &mut reached);
    // The test's operands after the comparison that counts the loop run only where it
    // holds, at the indices the body sees (`q >= 0 && w[q] > v`).
    let mut operands = Vec::new();
    in_order_conjuncts(func, test, &mut operands);
    let counting = operands.iter().position(|c| {
        matches!(func.expr(*c).kind, ExprKind::Binary { lhs, rhs, .. } if lhs == bound || rhs == bound)
    });
    if let Some(at) = counting {
        for c in &operands[at + 1..] {
            reached.extend(walk::evaluated_reads(func, *c));
        }
    }
    // In source order (the writer's tests read in it).
    reached.sort_by_key(|e| (func.expr(*e).span.start, e.0));
    let mut ranges: Vec<IndexRange> = Vec::new();
    for access in reached {
        if skip.contains(&access) {
            continue;
        }
        let ExprKind::Index { array, index: i } = &func.expr(access).kind else { continue };
        let Some((a, dim)) = walk::index_root(func, *array) else { continue };
        if !fixed.contains(&a) {
            continue;
        }
        let Some(sum) = cx.sum(*i, 0) else { continue };
        // A constant index below 0 fails whatever the test says.
        if sum.scale == 0 && sum.terms.is_empty() && sum.offset < 0 {
            continue;
        }
        let len = LenSym { array: a, dim };
        let (scale, d) = (i64::from(sum.scale), i64::from(sum.offset));
        match ranges.iter_mut().find(|r| r.len == len && r.scale == scale && r.terms == sum.terms) {
            Some(r) => {
                r.lo = r.lo.min(d);
                r.hi = r.hi.max(d);
                r.accesses.push(access);
            }
            None => ranges.push(IndexRange {
                len,
                scale,
                terms: sum.terms,
                lo: d,
                hi: d,
                accesses: vec![access],
            }),
        }
    }
    let divisors = index_divisions(func, body, index);
    (!ranges.is_empty() || !divisors.is_empty()).then_some(LoopChecks {
        index,
        step,
        op,
        bound,
        bound_reads,
        ranges,
        divisors,
    })
}

/// The integer `/` and `%` of `body` (compound assignments too) whose divisor is the loop's
/// `index`, as it is or widened to `long` ([`LoopChecks::divisors`]).
fn index_divisions(func: &Function, body: &Block, index: LocalId) -> Vec<ExprId> {
    let by_index = |e: ExprId| match func.expr(e).kind {
        ExprKind::Local(l) => l == index,
        ExprKind::Convert { operand } => {
            matches!(func.expr(operand).kind, ExprKind::Local(l) if l == index)
                && func.expr(e).ty == Type::Prim(PrimType::Long)
        }
        _ => false,
    };
    let integer = |ty: &PrimOrRef| {
        matches!(ty, PrimOrRef::Prim(PrimType::Int) | PrimOrRef::Prim(PrimType::Long))
    };
    let mut out = Vec::new();
    walk::each_expr_in_block(func, body, &mut |e| match &func.expr(e).kind {
        ExprKind::Binary { op, rhs, .. }
            if matches!(op.kind, BinOpKind::Div | BinOpKind::Rem)
                && integer(&op.ty)
                && by_index(*rhs) =>
        {
            out.push(e)
        }
        ExprKind::CompoundAssign { op, value, .. }
            if matches!(op.kind, BinOpKind::Div | BinOpKind::Rem)
                && integer(&op.ty)
                && by_index(*value) =>
        {
            out.push(e)
        }
        _ => {}
    });
    out
}

/// Whether the loop (`test`, `body`, `update`) leaves the elements its bound reads (all of
/// them, those proven in range too) as they are: it stores no element of their type, and
/// runs no code that could (a callee handed an array or object, a constructor, a library
/// operation on arrays: a callee reaches arrays only through its arguments, and a
/// parallel loop's other iterations write nothing one iteration reads).
fn keeps_elements(
    func: &Function,
    test: ExprId,
    body: &Block,
    update: &[ExprId],
    bound: ExprId,
) -> bool {
    let mut types: Vec<&Type> = Vec::new();
    walk::each_expr(func, bound, &mut |e| {
        if matches!(func.expr(e).kind, ExprKind::Index { .. }) {
            types.push(&func.expr(e).ty);
        }
    });
    if types.is_empty() {
        return true;
    }
    let primitive =
        |args: &[ExprId]| args.iter().all(|a| matches!(func.expr(*a).ty, Type::Prim(_)));
    let mut keeps = true;
    let mut check = |e: ExprId| {
        keeps &= match &func.expr(e).kind {
            ExprKind::Assign { target, .. }
            | ExprKind::CompoundAssign { target, .. }
            | ExprKind::IncDec { target, .. } => {
                !matches!(func.expr(*target).kind, ExprKind::Index { .. })
                    || !types.contains(&&func.expr(*target).ty)
            }
            ExprKind::Call { receiver, args, .. } => receiver.is_none() && primitive(args),
            ExprKind::Builtin { args, .. } => primitive(args),
            ExprKind::Const(_)
            | ExprKind::Local(_)
            | ExprKind::Static(_)
            | ExprKind::Field { .. }
            | ExprKind::Index { .. }
            | ExprKind::Length(_)
            | ExprKind::Unary { .. }
            | ExprKind::Binary { .. }
            | ExprKind::Convert { .. }
            | ExprKind::Concat(_)
            | ExprKind::Conditional { .. }
            | ExprKind::This => true,
            _ => false,
        };
    };
    for root in std::iter::once(test).chain(update.iter().copied()) {
        walk::each_expr(func, root, &mut check);
    }
    walk::each_expr_in_block(func, body, &mut check);
    keeps
}

/// The `Index` expressions of `block` that every iteration reaching them evaluates: not
/// under an `if` (its condition's are), not in conditional operands; nested loops' bodies
/// are searched, their tests and steps are not (see the module's comment).
fn reached_accesses(func: &Function, block: &Block, out: &mut Vec<ExprId>) {
    for stmt in &block.stmts {
        match stmt {
            Stmt::If { cond, .. } => out.extend(walk::evaluated_reads(func, *cond)),
            Stmt::Loop { body, .. } => reached_accesses(func, body, out),
            Stmt::Block(b) | Stmt::Labeled { body: b, .. } => reached_accesses(func, b, out),
            Stmt::Sync { .. } => {}
            other => {
                for root in walk::stmt_roots(other) {
                    out.extend(walk::evaluated_reads(func, root));
                }
            }
        }
    }
}

/// The operands of `&&` in test `t`, in the order Java evaluates them.
fn in_order_conjuncts(func: &Function, t: ExprId, out: &mut Vec<ExprId>) {
    match &func.expr(t).kind {
        ExprKind::Binary { op, lhs, rhs } if op.kind == BinOpKind::And => {
            in_order_conjuncts(func, *lhs, out);
            in_order_conjuncts(func, *rhs, out);
        }
        _ => out.push(t),
    }
}

/// An index as `scale * index + offset + Σ ±term` (`scale` and `offset` wrapping as Java's
/// `int`s do).
struct Sum {
    scale: i32,
    offset: i32,
    terms: Vec<(ExprId, bool)>,
}

struct Terms<'a> {
    module: &'a Module,
    func: &'a Function,
    index: LocalId,
    changed: &'a HashSet<LocalId>,
}

impl Terms<'_> {
    fn sum(&self, e: ExprId, depth: u32) -> Option<Sum> {
        if depth > 8 {
            return None;
        }
        let expr = self.func.expr(e);
        if expr.ty != Type::Prim(PrimType::Int) {
            return None;
        }
        match &expr.kind {
            ExprKind::Const(Const::Int(c)) => {
                return Some(Sum { scale: 0, offset: *c, terms: Vec::new() })
            }
            ExprKind::Local(l) if *l == self.index => {
                return Some(Sum { scale: 1, offset: 0, terms: Vec::new() })
            }
            _ => {}
        }
        let split = match &expr.kind {
            ExprKind::Binary { op, .. } => {
                op.ty == PrimOrRef::Prim(PrimType::Int)
                    && matches!(op.kind, BinOpKind::Add | BinOpKind::Sub)
            }
            _ => false,
        };
        // A sum the loop does not change is split too (`r - 6`: term `r`, offset -6), so
        // the test computes it in `long` from its terms: its value there is the exact one
        // ([`proven_offset`] in the writer relies on that for `v + k`).
        if !walk::mentions(self.func, e, self.index) && !split {
            return self.invariant(e).then(|| Sum { scale: 0, offset: 0, terms: vec![(e, true)] });
        }
        let ExprKind::Binary { op, lhs, rhs } = &expr.kind else { return None };
        if op.ty != PrimOrRef::Prim(PrimType::Int) {
            return None;
        }
        let (a, b) = (self.sum(*lhs, depth + 1)?, self.sum(*rhs, depth + 1)?);
        match op.kind {
            BinOpKind::Add => Some(Sum {
                scale: a.scale.wrapping_add(b.scale),
                offset: a.offset.wrapping_add(b.offset),
                terms: a.terms.into_iter().chain(b.terms).collect(),
            }),
            BinOpKind::Sub => Some(Sum {
                scale: a.scale.wrapping_sub(b.scale),
                offset: a.offset.wrapping_sub(b.offset),
                terms: a
                    .terms
                    .into_iter()
                    .chain(b.terms.into_iter().map(|(t, s)| (t, !s)))
                    .collect(),
            }),
            // A constant factor: `4 * v + 1`, `(v + 1) * 4`.
            BinOpKind::Mul => {
                let (c, x) = match (&a, &b) {
                    (Sum { scale: 0, terms, offset }, x) if terms.is_empty() => (*offset, x),
                    (x, Sum { scale: 0, terms, offset }) if terms.is_empty() => (*offset, x),
                    _ => return None,
                };
                x.terms.is_empty().then(|| Sum {
                    scale: x.scale.wrapping_mul(c),
                    offset: x.offset.wrapping_mul(c),
                    terms: Vec::new(),
                })
            }
            _ => None,
        }
    }

    /// The element reads of a loop's bound ([`LoopChecks::bound_reads`]) not in `proven`;
    /// `None` where the bound is no value of the loop's entry: besides what
    /// [`Self::invariant`] takes, it may read elements of `fixed` arrays at indices the loop
    /// does not change (whose elements [`keeps_elements`] then checks the loop keeps), and a
    /// read in `proven` may have any index the loop does not change. A read in `skip` but
    /// not proven (one a test around the loop found out of range) makes it none: the test
    /// would read it before the loop, where Java's test may not reach it (`n > 0 && k <
    /// row[i + 1]`).
    fn bound_reads(
        &self,
        bound: ExprId,
        fixed: &HashSet<LocalId>,
        skip: &BTreeSet<ExprId>,
        proven: &BTreeSet<ExprId>,
    ) -> Option<Vec<IndexRange>> {
        let mut reads: Vec<IndexRange> = Vec::new();
        if !self.steady(bound, &mut |access, array, index| {
            if proven.contains(&access) {
                return true;
            }
            if skip.contains(&access) {
                return false;
            }
            let Some((a, dim)) = walk::index_root(self.func, array) else { return false };
            let Some(sum) = self.sum(index, 0) else { return false };
            // A constant index below 0 fails whatever the test says.
            let negative = sum.terms.is_empty() && sum.offset < 0;
            if !fixed.contains(&a) || sum.scale != 0 || negative {
                return false;
            }
            let len = LenSym { array: a, dim };
            let d = i64::from(sum.offset);
            match reads.iter_mut().find(|r| r.len == len && r.terms == sum.terms) {
                Some(r) => {
                    r.lo = r.lo.min(d);
                    r.hi = r.hi.max(d);
                    r.accesses.push(access);
                }
                None => reads.push(IndexRange {
                    len,
                    scale: 0,
                    terms: sum.terms,
                    lo: d,
                    hi: d,
                    accesses: vec![access],
                }),
            }
            true
        }) {
            return None;
        }
        Some(reads)
    }

    /// Whether `e` is one value throughout the loop, like [`Self::invariant`], but with its
    /// element reads handed to `read` (the access, its array and its index), which says
    /// whether the read keeps it one.
    fn steady(&self, e: ExprId, read: &mut dyn FnMut(ExprId, ExprId, ExprId) -> bool) -> bool {
        match &self.func.expr(e).kind {
            ExprKind::Index { array, index } => {
                read(e, *array, *index) && self.steady(*array, read) && self.steady(*index, read)
            }
            ExprKind::Convert { operand } | ExprKind::Unary { operand, .. } => {
                self.steady(*operand, read)
            }
            ExprKind::Binary { op, lhs, rhs } if !divides(self.func, op.kind, *rhs) => {
                self.steady(*lhs, read) && self.steady(*rhs, read)
            }
            ExprKind::Binary { .. } => false,
            // `Math` neither fails nor has an effect (a tile's `j < Math.min(jj + 64, n)`,
            // a window's `Math.min(i + r + 1, n)`, a sieve's `(int) Math.sqrt(n)`): the
            // library's functions and the built-ins.
            ExprKind::Call { func: f, receiver: None, args }
                if walk::library_math(self.module, *f) =>
            {
                args.iter().all(|a| self.steady(*a, read))
            }
            ExprKind::Builtin { builtin: Builtin::Math(..), args } => {
                args.iter().all(|a| self.steady(*a, read))
            }
            _ => self.invariant(e),
        }
    }

    /// Whether `e` has one value throughout the loop and can be evaluated before it: it
    /// can neither fail nor change anything, and reads no local the loop changes (nor a
    /// `shared` one, which a `sync` may change).
    fn invariant(&self, e: ExprId) -> bool {
        if !walk::plain_value(self.func, e) {
            return false;
        }
        let mut steady = true;
        walk::each_expr(self.func, e, &mut |x| {
            if let ExprKind::Local(l) = self.func.expr(x).kind {
                steady &= !self.changed.contains(&l) && !self.func.local(l).shared;
            }
        });
        steady
    }
}

/// Whether `op` is a `/` or `%` that may fail: by anything but a constant other than 0
/// (`w / 2` cannot; Java's `Integer.MIN_VALUE / -1` does not throw either).
fn divides(func: &Function, op: BinOpKind, rhs: ExprId) -> bool {
    matches!(op, BinOpKind::Div | BinOpKind::Rem) && !walk::nonzero_constant(func, rhs)
}
