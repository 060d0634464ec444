//! Array accesses whose index is provably in range, so a back end may drop their bounds
//! check (the OpenCL writer's `SOMD_INDEX`).
//!
//! A small range analysis over `int` locals. A fact about a local `v` is a constant lower
//! bound (`lo <= v`) and exclusive upper bounds against array lengths (`v < a.length + c`,
//! `a.length` standing for dimension `d` of array local `a`). Facts come from
//! - the caller: the parallel loop indices of a kernel (`lo <= i < hi` after the kernel's
//!   guard), see [`dim_range`];
//! - counted loops `for (int v = init; v < bound; v++)` (also `<=`, `bound > v`, `&&`): inside
//!   the body, `v >= init` (the lower bound of `init`) and `v < bound`, provided the update
//!   is exactly `v++` / `++v` / `v += 1`, nothing in the body assigns `v`, and every upper
//!   bound has `c <= 0`; then `v < a.length + c <= Integer.MAX_VALUE`, so the increment
//!   never wraps and `v` only grows;
//! - `if` conditions (`v < bound`, `v >= k`, conjunctions) for the `then` block, when it does
//!   not assign `v`.
//!
//! A fact holds in a region only where nothing assigns its local, and a length fact only
//! for array locals that nothing assigns (nor a row of them), so `a.length` is the same
//! value at the test and at the access. An index is an affine `v + k` (`v`, `v + k`,
//! `k + v`, `v - k` in `int`); `a[v + k]` is in range when `lo + k >= 0` and
//! `v < a.length + c` with `c + k <= 0`: then `lo + k <= v + k < a.length`, so the `int`
//! addition cannot wrap either (Java's wrapping is taken into account by never needing it).
//! The caller may also say that two array dimensions have the same length (a kernel's
//! output array allocated by the host as `new T[a.length]`), and both must be arrays that
//! nothing assigns. Two-dimensional arrays are rectangular on the device (`a[r].length` is `a_len1` for every
//! row), so `a[r][v + k]` is checked against dimension 1. Anything else keeps its check.

use super::{LoopDim, SizeExpr};
use crate::ir::*;
use somd_syntax::ast::PrimType;
use std::collections::{BTreeSet, HashMap, HashSet};

/// Dimension `dim` of the array local `array`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LenSym {
    pub array: LocalId,
    pub dim: u8,
}

/// What is known about an `int` local in a region.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Range {
    /// `lo <= v`.
    pub lo: Option<i64>,
    /// `v < len + c` for each `(len, c)`.
    pub below: Vec<(LenSym, i64)>,
}

impl Range {
    fn merge(&mut self, other: &Range) {
        self.lo = match (self.lo, other.lo) {
            (Some(a), Some(b)) => Some(a.max(b)),
            (a, b) => a.or(b),
        };
        for b in &other.below {
            if !self.below.contains(b) {
                self.below.push(*b);
            }
        }
    }
}

/// The range of a parallel loop index `lo <= index < hi` (unit step only).
pub fn dim_range(dim: &LoopDim) -> Range {
    if dim.step != 1 {
        return Range::default();
    }
    let lo = match dim.lo {
        SizeExpr::Const(v) => Some(v),
        _ => None,
    };
    let mut below = Vec::new();
    size_bounds(&dim.hi.without_row_checks(), &mut below);
    Range { lo, below }
}

/// The bounds `len + c` of a size: its own ([`size_bound`]), or both operands' of a
/// `Math.min` (below the minimum is below each).
fn size_bounds(s: &SizeExpr, out: &mut Vec<(LenSym, i64)>) {
    match s {
        SizeExpr::Min(a, b) => {
            size_bounds(a, out);
            size_bounds(b, out);
        }
        // A bound evaluated in Java's wrapping `int`s (one reading a host scalar) is `len +
        // k` exactly for `k` in `[i32::MIN, 0]` and at most that for a larger `k` (a wrap
        // only lowers it); below `i32::MIN` it may wrap upwards, past the length.
        s => out.extend(size_bound(s).filter(|(_, k)| *k >= i64::from(i32::MIN))),
    }
}

/// `len + c` from a size expression `a.length`, `a.length - k`, `a.length + k` and sums of
/// those (`a.length + 1 - 2`: a launch evaluates every operation of a size in `int` range,
/// so its value is the exact sum; see [`size_bounds`] for sizes in wrapping `int`s).
fn size_bound(s: &SizeExpr) -> Option<(LenSym, i64)> {
    match s {
        SizeExpr::Len { array, dim } => Some((LenSym { array: *array, dim: *dim }, 0)),
        SizeExpr::Sub(a, b) => match **b {
            SizeExpr::Const(c) => size_bound(a).map(|(len, k)| (len, k - c)),
            _ => None,
        },
        SizeExpr::Add(a, b) => match (&**a, &**b) {
            (x, SizeExpr::Const(c)) | (SizeExpr::Const(c), x) => {
                size_bound(x).map(|(len, k)| (len, k + c))
            }
            _ => None,
        },
        // `i < Math.min(x, y)` implies `i < x` and `i < y`.
        SizeExpr::Min(a, b) => size_bound(a).or_else(|| size_bound(b)),
        _ => None,
    }
}

/// The `Index` expressions of `block` (statements and nested blocks) whose index is proven
/// in range of the array dimension it indexes, given facts `known` about locals on entry
/// (facts about a local that `block` assigns are dropped) and pairs of array dimensions
/// known to have the same length (a kernel's output allocated as `new T[a.length]`).
pub fn proven_in_bounds(
    func: &Function,
    block: &Block,
    known: &[(LocalId, Range)],
    same_length: &[(LenSym, LenSym)],
) -> BTreeSet<ExprId> {
    let fixed = fixed_arrays(func);
    // Only arrays that nothing assigns keep their lengths, also between others.
    let steady: Vec<(LenSym, LenSym)> = same_length
        .iter()
        .filter(|(a, b)| fixed.contains(&a.array) && fixed.contains(&b.array))
        .copied()
        .collect();
    let mut cx = Cx {
        func,
        fixed_arrays: fixed,
        private_lengths: super::private::private_arrays(func)
            .into_iter()
            .map(|(l, p)| (l, i64::from(p.len)))
            .collect(),
        same_length: length_classes(&steady),
        proven: BTreeSet::new(),
    };
    let assigned = super::walk::assigned_in_block(cx.func, block);
    let env: Env = known
        .iter()
        .filter(|(l, _)| !assigned.contains(l))
        .map(|(l, r)| (*l, cx.usable(r)))
        .collect();
    cx.block(block, &env);
    cx.proven
}

/// The dimensions of a SOMD body's outputs (`outputs`, each with the sizes it is allocated
/// with) that have a parameter's length: `new T[a.length][a[0].length]` is `a`'s shape.
pub fn output_lengths(outputs: &[(LocalId, Vec<SizeExpr>)]) -> Vec<(LenSym, LenSym)> {
    let mut out = Vec::new();
    for (output, dims) in outputs {
        for (d, size) in dims.iter().enumerate() {
            if let SizeExpr::Len { array, dim } = size.without_row_checks() {
                out.push((LenSym { array: *output, dim: d as u8 }, LenSym { array, dim }));
            }
        }
    }
    out
}

/// Every pair of array dimensions that `pairs` makes equal, directly or through others: a
/// row local of an output (`orow = out[i]`) has `out`'s row length, which is `a`'s when
/// `out` is `new int[a.length][a[0].length]`.
fn length_classes(pairs: &[(LenSym, LenSym)]) -> Vec<(LenSym, LenSym)> {
    // Each pair joins the classes holding either of its dimensions.
    let mut classes: Vec<Vec<LenSym>> = Vec::new();
    for &(a, b) in pairs {
        let (joined, rest): (Vec<_>, Vec<_>) =
            classes.into_iter().partition(|class| class.contains(&a) || class.contains(&b));
        let mut class: Vec<LenSym> = joined.into_iter().flatten().collect();
        for x in [a, b] {
            if !class.contains(&x) {
                class.push(x);
            }
        }
        classes = rest;
        classes.push(class);
    }
    let mut out = Vec::new();
    for class in &classes {
        for &x in class {
            out.extend(class.iter().filter(|&&y| y != x).map(|&y| (x, y)));
        }
    }
    out
}

type Env = HashMap<LocalId, Range>;

struct Cx<'f> {
    func: &'f Function,
    /// Array locals that nothing assigns (neither the local nor a row of it).
    fixed_arrays: HashSet<LocalId>,
    /// The constant lengths of the private arrays (`private.rs`).
    private_lengths: HashMap<LocalId, i64>,
    same_length: Vec<(LenSym, LenSym)>,
    proven: BTreeSet<ExprId>,
}

/// Array locals of `func` that no assignment targets, directly or through a row.
pub(crate) fn fixed_arrays(func: &Function) -> HashSet<LocalId> {
    let mut out: HashSet<LocalId> = func
        .locals
        .iter()
        .enumerate()
        .filter(|(_, l)| matches!(l.ty, Type::Array(_) | Type::ValueArray(..)))
        .map(|(i, _)| LocalId(i as u32))
        .collect();
    for e in &func.exprs {
        let target = match e.kind {
            ExprKind::Assign { target, .. }
            | ExprKind::CompoundAssign { target, .. }
            | ExprKind::IncDec { target, .. } => target,
            _ => continue,
        };
        // `a = ..` and `a[r] = ..` of a 2-D array change lengths; `a[i] = x` of a 1-D
        // array or `a[r][c] = x` do not (the element's type is not an array).
        if matches!(func.expr(target).ty, Type::Array(_) | Type::ValueArray(..)) {
            if let Some((l, _)) = super::walk::index_root(func, target) {
                out.remove(&l);
            }
        }
    }
    out
}

impl Cx<'_> {
    /// `r` without bounds against arrays that may change.
    fn usable(&self, r: &Range) -> Range {
        Range {
            lo: r.lo,
            below: r
                .below
                .iter()
                .copied()
                .filter(|(s, _)| self.fixed_arrays.contains(&s.array))
                .collect(),
        }
    }

    fn block(&mut self, block: &Block, env: &Env) {
        for (k, stmt) in block.stmts.iter().enumerate() {
            let prev = k.checked_sub(1).and_then(|p| block.stmts.get(p));
            self.stmt(stmt, prev, env);
        }
    }

    fn stmt(&mut self, stmt: &Stmt, prev: Option<&Stmt>, env: &Env) {
        match stmt {
            Stmt::Loop { test, test_at_end, body, update, .. } => {
                // Facts about locals the loop changes do not hold inside it.
                let mut changed = super::walk::assigned_in_block(self.func, body);
                super::walk::assigned_in_exprs(
                    self.func,
                    &test.iter().chain(update).copied().collect::<Vec<_>>(),
                    &mut changed,
                );
                let outer: Env = env
                    .iter()
                    .filter(|(l, _)| !changed.contains(l))
                    .map(|(l, r)| (*l, r.clone()))
                    .collect();
                for root in test.iter().chain(update) {
                    self.exprs(*root, &outer);
                }
                let mut inner = outer;
                if let (Some(t), false) = (test, test_at_end) {
                    // Nor does a fact about a local the body or the test itself assigns
                    // (`k < b.length && (k += 5) > 0`: the comparison saw another `k`).
                    let mut assigns = super::walk::assigned_in_block(self.func, body);
                    super::walk::assigned_in_exprs(self.func, &[*t], &mut assigns);
                    for (v, r) in self.cond_facts(*t) {
                        if assigns.contains(&v) {
                            continue;
                        }
                        let counted = self.counted_lower(v, prev, update, env, &r);
                        let r = match counted {
                            Some(lo) => Range { lo: Some(lo), below: r.below },
                            None => Range { lo: None, below: r.below },
                        };
                        inner.entry(v).or_default().merge(&r);
                    }
                }
                self.block(body, &inner);
            }
            Stmt::If { cond, then_block, else_block } => {
                self.exprs(*cond, env);
                let mut then_env = env.clone();
                let then_assigns = super::walk::assigned_in_block(self.func, then_block);
                for (v, r) in self.cond_facts(*cond) {
                    if !then_assigns.contains(&v) {
                        then_env.entry(v).or_default().merge(&r);
                    }
                }
                self.block(then_block, &then_env);
                if let Some(e) = else_block {
                    self.block(e, env);
                }
            }
            Stmt::Labeled { body, .. } | Stmt::Block(body) | Stmt::Sync { body, .. } => {
                self.block(body, env)
            }
            other => {
                for root in super::walk::stmt_roots(other) {
                    self.exprs(root, env);
                }
            }
        }
    }

    /// The lower bound of counted-loop index `v`: `prev` is `int v = init` and the only
    /// update is `v += 1`, and every upper bound `r` gives keeps `v + 1` from wrapping.
    fn counted_lower(
        &self,
        v: LocalId,
        prev: Option<&Stmt>,
        update: &[ExprId],
        env: &Env,
        r: &Range,
    ) -> Option<i64> {
        let Some(Stmt::Let { local, init: Some(init) }) = prev else { return None };
        if *local != v || r.below.is_empty() || r.below.iter().any(|(_, c)| *c > 0) {
            return None;
        }
        let [u] = update else { return None };
        if !self.is_increment(*u, v) {
            return None;
        }
        let (base, k) = self.affine(*init)?;
        match base {
            None => Some(k),
            // `w + k` wraps for a `w` near `Integer.MAX_VALUE` unless `w` is below a length
            // closely enough: `w < len + c` with `len <= Integer.MAX_VALUE` gives `w + k <=
            // Integer.MAX_VALUE - 1 + c + k`, no wrap for `c + k <= 1` (`int j = i + 1`
            // after `i < a.length`).
            Some(w) => env
                .get(&w)
                .filter(|wr| k <= 0 || wr.below.iter().any(|(_, c)| c + k <= 1))
                .and_then(|wr| wr.lo)
                .map(|lo| lo + k),
        }
    }

    /// `v++`, `++v`, `v += 1`.
    fn is_increment(&self, e: ExprId, v: LocalId) -> bool {
        super::walk::is_increment(self.func, e, v)
    }

    /// Facts a true `cond` gives: `v < bound`, `v <= bound`, `bound > v`, `bound >= v`,
    /// `v >= k`, `v > k`, and conjunctions of them.
    fn cond_facts(&self, cond: ExprId) -> Vec<(LocalId, Range)> {
        let func = self.func;
        let ExprKind::Binary { op, lhs, rhs } = func.expr(cond).kind else { return Vec::new() };
        if op.kind == BinOpKind::And {
            let mut out = self.cond_facts(lhs);
            out.extend(self.cond_facts(rhs));
            return out;
        }
        if op.ty != PrimOrRef::Prim(PrimType::Int) {
            return Vec::new();
        }
        // Normalise to `small < big` or `small <= big`.
        let (small, big, strict) = match op.kind {
            BinOpKind::Lt => (lhs, rhs, true),
            BinOpKind::Le => (lhs, rhs, false),
            BinOpKind::Gt => (rhs, lhs, true),
            BinOpKind::Ge => (rhs, lhs, false),
            _ => return Vec::new(),
        };
        let mut out = Vec::new();
        // `v < len + c` (exclusive: `v <= len + c` is `v < len + c + 1`).
        if let (Some(v), Some((len, c))) = (self.local_of(small), self.length_bound(big)) {
            if self.fixed_arrays.contains(&len.array) {
                let c = if strict { c } else { c + 1 };
                // `len + c` in Java's `int`: with `c <= 0` it cannot wrap (`len >= 0`); with
                // `c > 0` a wrap only lowers it, so the bound stays true.
                out.push((v, Range { lo: None, below: vec![(len, c)] }));
            }
        }
        // `v < K` bounds `v` by the length of every private array of length `L >= K`:
        // `v < L + (K - L)`.
        if let (Some(v), Some(k)) = (self.local_of(small), self.const_of(big)) {
            let k = if strict { k } else { k + 1 };
            let mut below: Vec<(LenSym, i64)> = self
                .private_lengths
                .iter()
                .filter(|(_, len)| **len >= k)
                .map(|(p, len)| (LenSym { array: *p, dim: 0 }, k - len))
                .collect();
            below.sort_by_key(|(s, _)| s.array);
            if !below.is_empty() {
                out.push((v, Range { lo: None, below }));
            }
        }
        // `k < v` / `k <= v`.
        if let (Some(k), Some(v)) = (self.const_of(small), self.local_of(big)) {
            let lo = if strict { k + 1 } else { k };
            out.push((v, Range { lo: Some(lo), below: Vec::new() }));
        }
        out
    }

    fn local_of(&self, e: ExprId) -> Option<LocalId> {
        match self.func.expr(e).kind {
            ExprKind::Local(l) if self.func.local(l).ty == Type::Prim(PrimType::Int) => Some(l),
            _ => None,
        }
    }

    fn const_of(&self, e: ExprId) -> Option<i64> {
        match self.func.expr(e).kind {
            ExprKind::Const(Const::Int(v)) => Some(i64::from(v)),
            _ => None,
        }
    }

    /// The array dimension whose length `e` is: `a.length` or `a[r].length`.
    fn length_of(&self, e: ExprId) -> Option<LenSym> {
        let func = self.func;
        let ExprKind::Length(a) = func.expr(e).kind else { return None };
        self.array_dim(a, 0)
    }

    /// `a` (dimension `depth`) or `a[r]` (dimension `depth + 1`) for an array local `a`.
    fn array_dim(&self, e: ExprId, depth: u8) -> Option<LenSym> {
        match self.func.expr(e).kind {
            ExprKind::Local(array) => Some(LenSym { array, dim: depth }),
            ExprKind::Index { array, .. } if depth == 0 => self.array_dim(array, 1),
            _ => None,
        }
    }

    /// `len`, `len - k`, `len + k`, `k + len` in `int`.
    fn length_bound(&self, e: ExprId) -> Option<(LenSym, i64)> {
        let func = self.func;
        if let Some(len) = self.length_of(e) {
            return Some((len, 0));
        }
        let ExprKind::Binary { op, lhs, rhs } = func.expr(e).kind else { return None };
        if op.ty != PrimOrRef::Prim(PrimType::Int) {
            return None;
        }
        match op.kind {
            BinOpKind::Sub => Some((self.length_of(lhs)?, -self.const_of(rhs)?)),
            BinOpKind::Add => match (self.length_of(lhs), self.length_of(rhs)) {
                (Some(len), None) => Some((len, self.const_of(rhs)?)),
                (None, Some(len)) => Some((len, self.const_of(lhs)?)),
                _ => None,
            },
            _ => None,
        }
    }

    /// `e` as `v + k` (`None` for `v`: the constant `k`) in `int`.
    fn affine(&self, e: ExprId) -> Option<(Option<LocalId>, i64)> {
        let func = self.func;
        if let Some(k) = self.const_of(e) {
            return Some((None, k));
        }
        if let Some(v) = self.local_of(e) {
            return Some((Some(v), 0));
        }
        let ExprKind::Binary { op, lhs, rhs } = func.expr(e).kind else { return None };
        if op.ty != PrimOrRef::Prim(PrimType::Int) {
            return None;
        }
        match op.kind {
            BinOpKind::Add => match (self.local_of(lhs), self.local_of(rhs)) {
                (Some(v), None) => Some((Some(v), self.const_of(rhs)?)),
                (None, Some(v)) => Some((Some(v), self.const_of(lhs)?)),
                _ => None,
            },
            BinOpKind::Sub => Some((Some(self.local_of(lhs)?), -self.const_of(rhs)?)),
            _ => None,
        }
    }

    /// Records every access under `root` whose index `env` proves in range.
    fn exprs(&mut self, root: ExprId, env: &Env) {
        let func = self.func;
        let mut found = Vec::new();
        super::walk::each_expr(func, root, &mut |e| {
            if let ExprKind::Index { array, index } = func.expr(e).kind {
                found.push((e, array, index));
            }
        });
        for (e, array, index) in found {
            if self.in_range(array, index, env) {
                self.proven.insert(e);
            }
        }
    }

    fn in_range(&self, array: ExprId, index: ExprId, env: &Env) -> bool {
        let Some(len) = self.array_dim(array, 0) else { return false };
        if !self.fixed_arrays.contains(&len.array) {
            return false;
        }
        let affine = self.affine(index);
        if let (0, Some(n)) = (len.dim, self.private_lengths.get(&len.array)) {
            // A private array's length is a constant: so are a constant index's bounds, and
            // `e & m` with an `int` mask `m >= 0` lies in `[0, m]`.
            if let Some((None, k)) = affine {
                return (0..*n).contains(&k);
            }
            if let ExprKind::Binary { op, lhs, rhs } = &self.func.expr(index).kind {
                if op.kind == BinOpKind::BitAnd && op.ty == PrimOrRef::Prim(PrimType::Int) {
                    let mask = self.const_of(*rhs).or_else(|| self.const_of(*lhs));
                    if mask.is_some_and(|m| (0..*n).contains(&m)) {
                        return true;
                    }
                }
            }
        }
        let Some((Some(v), k)) = affine else { return false };
        let Some(r) = env.get(&v) else { return false };
        let same = |s: LenSym| {
            s == len
                || self.same_length.iter().any(|&(a, b)| (a, b) == (s, len) || (b, a) == (s, len))
        };
        r.lo.is_some_and(|lo| lo + k >= 0) && r.below.iter().any(|(s, c)| same(*s) && c + k <= 0)
    }
}

/// Accesses to one array dimension that are in range whenever its length passes `test`: a
/// kernel tests it once and runs a copy of its body without their checks (loop
/// versioning).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Guard {
    pub len: LenSym,
    pub test: GuardTest,
    pub accesses: Vec<ExprId>,
}

/// The length test of a [`Guard`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GuardTest {
    /// `len > max`: `max` is the largest index of the accesses.
    Above(i64),
    /// `len >= other + c`: the accesses' indices are below `other + c` (`other` the length a
    /// loop index is bounded by).
    AtLeast(LenSym, i64),
}

/// The accesses of `block` not in `proven`, on arrays that nothing assigns, whose index has
/// constant bounds `[lo, hi]` with `lo >= 0` (guard `len > hi`), or is `v + k` for a local
/// `v` with a fact `lo <= v < other + c` that `block` does not assign, `lo + k >= 0` (guard
/// `len >= other + c + k`: the parallel index of a kernel over one array, indexing another,
/// a fact of `known`; or the index of an inner loop `for (int v = a; v < other + c; v++)`
/// with a constant `a` and a body that does not assign `v`, inside that body: a row `m[i][j]`
/// read up to `x.length`); grouped by array dimension and test (see [`Guard`]).
/// Constant bounds come from
/// - loops `for (int v = a; v < b; v++)` (also `<=`) with constant `a` and `b` whose body
///   does not assign `v`: inside the body `a <= v <= b - 1`, and the body runs at most
///   `max(0, b - a)` times per run of the loop;
/// - counters: an `int` local declared once with a constant `c`, outside every loop of
///   `block`, and otherwise only increased by positive constants (`v++`, `++v`, `v += k`) in
///   statements whose enclosing loops (within `block`) all have constant bounds. If the
///   increases can add at most `total` (each `k` times the product of its loops' trip
///   counts), `c <= v <= c + total` everywhere, and the value before an increase by `k` is
///   at most `c + total - k` (the other increases add at most `total - k`). Every value is
///   an exact `int` (no wrap) when `c + total` fits in one.
///
/// An index is a constant, such a local, a local plus or minus a constant, or an increment
/// of a counter (`v++` is its old value, `++v` its new one).
pub fn guardable(
    func: &Function,
    block: &Block,
    proven: &BTreeSet<ExprId>,
    known: &[(LocalId, Range)],
) -> Vec<Guard> {
    // The test runs before the block: arrays declared in it (locals aliasing rows) cannot
    // be tested there. Nor has an OpenCL vector (`T[[N]]`, `vector_of`) a length to test:
    // its lanes are checked against `N` where they are read.
    let mut fixed = fixed_arrays(func);
    fixed.retain(|l| super::isolation::vector_of(&func.local(*l).ty).is_none());
    super::walk::each_stmt(block, &mut |stmt| {
        if let Stmt::Let { local, .. } = stmt {
            fixed.remove(local);
        }
    });
    let cx = Cx {
        func,
        fixed_arrays: fixed,
        private_lengths: HashMap::new(),
        same_length: Vec::new(),
        proven: BTreeSet::new(),
    };
    let assigned = super::walk::assigned_in_block(cx.func, block);
    let known = known
        .iter()
        .filter(|(l, _)| !assigned.contains(l))
        .map(|(l, r)| (*l, cx.usable(r)))
        .collect();
    let mut g = GuardCx { cx, counters: HashMap::new(), guards: Vec::new(), proven, known };
    g.find_counters(block);
    g.block(block, &HashMap::new());
    g.guards
}

/// A counter's declared value and the most its increases can add.
#[derive(Clone, Copy, Debug)]
struct Counter {
    init: i64,
    total: i64,
}

struct GuardCx<'f> {
    /// The range analysis's context: its helpers and the arrays nothing assigns (less those
    /// declared in the block).
    cx: Cx<'f>,
    counters: HashMap<LocalId, Counter>,
    guards: Vec<Guard>,
    proven: &'f BTreeSet<ExprId>,
    /// Facts about locals the block does not assign, on arrays nothing assigns.
    known: HashMap<LocalId, Range>,
}

/// What one assignment does to an `int` local.
enum Update {
    /// Increases it by this positive constant.
    Add(i64),
    /// Anything else.
    Other,
}

impl GuardCx<'_> {
    /// The `int` local an assignment expression `e` changes, and how.
    fn update_of(&self, e: ExprId) -> Option<(LocalId, Update)> {
        let func = self.cx.func;
        match func.expr(e).kind {
            ExprKind::IncDec { target, delta, .. } => {
                let v = self.cx.local_of(target)?;
                Some((v, if delta > 0 { Update::Add(i64::from(delta)) } else { Update::Other }))
            }
            ExprKind::CompoundAssign { target, op, value } => {
                let v = self.cx.local_of(target)?;
                let k = self.cx.const_of(value).filter(|k| *k > 0);
                let add = op.kind == BinOpKind::Add && op.ty == PrimOrRef::Prim(PrimType::Int);
                Some((
                    v,
                    if let (true, Some(k)) = (add, k) { Update::Add(k) } else { Update::Other },
                ))
            }
            ExprKind::Assign { target, .. } => Some((self.cx.local_of(target)?, Update::Other)),
            _ => None,
        }
    }

    /// `(v, a, op, b)` when `stmt` is a loop `v op b` (an `int` comparison) with update `v++`
    /// whose body does not assign `v`, and `prev` is `int v = a` with a constant `a`: the
    /// loops whose index only grows from `a` while the test holds.
    fn counted_up(
        &self,
        stmt: &Stmt,
        prev: Option<&Stmt>,
    ) -> Option<(LocalId, i64, BinOpKind, ExprId)> {
        let Stmt::Loop { test: Some(test), test_at_end: false, body, update, .. } = stmt else {
            return None;
        };
        let Some(Stmt::Let { local, init: Some(init) }) = prev else { return None };
        let a = self.cx.const_of(*init)?;
        let [u] = update.as_slice() else { return None };
        if !self.cx.is_increment(*u, *local) {
            return None;
        }
        let ExprKind::Binary { op, lhs, rhs } = self.cx.func.expr(*test).kind else {
            return None;
        };
        if op.ty != PrimOrRef::Prim(PrimType::Int) || self.cx.local_of(lhs) != Some(*local) {
            return None;
        }
        (!super::walk::assigned_in_block(self.cx.func, body).contains(local))
            .then_some((*local, a, op.kind, rhs))
    }

    /// `(v, a, b)` when `stmt` is a loop `v < b` / `v <= b - 1` with update `v++` whose
    /// body does not assign `v`, and `prev` is `int v = a`, all constants.
    fn constant_loop(&self, stmt: &Stmt, prev: Option<&Stmt>) -> Option<(LocalId, i64, i64)> {
        let (v, a, op, rhs) = self.counted_up(stmt, prev)?;
        let b = match op {
            BinOpKind::Lt => self.cx.const_of(rhs)?,
            BinOpKind::Le => self.cx.const_of(rhs)? + 1,
            _ => return None,
        };
        Some((v, a, b))
    }

    /// `(v, a <= v < other + c)` when `stmt` is a loop `v < len + c` with update `v++`
    /// whose body does not assign `v`, `prev` is `int v = a` with a constant `a`, and `len`
    /// a length of an array nothing assigns (`for (int j = 0; j < x.length; j++)`): `v`
    /// only grows from `a`, and stays below the bound while the body runs.
    fn length_loop(&self, stmt: &Stmt, prev: Option<&Stmt>) -> Option<(LocalId, Range)> {
        let (v, a, op, rhs) = self.counted_up(stmt, prev)?;
        if op != BinOpKind::Lt {
            return None;
        }
        let (len, c) = self.cx.length_bound(rhs)?;
        self.cx
            .fixed_arrays
            .contains(&len.array)
            .then(|| (v, Range { lo: Some(a), below: vec![(len, c)] }))
    }

    /// Finds the counters of `block` (see [`guardable`]).
    fn find_counters(&mut self, block: &Block) {
        // Per `int` local: its declarations (with the constant, outside loops) and the sum of
        // its increases (`None` once anything else assigns it).
        let mut decls: HashMap<LocalId, Vec<Option<i64>>> = HashMap::new();
        let mut totals: HashMap<LocalId, Option<i64>> = HashMap::new();
        self.scan(block, Some(1), true, &mut decls, &mut totals);
        for (v, decl) in decls {
            // Never assigned after its declaration: a constant (total 0).
            let total = totals.get(&v).copied().unwrap_or(Some(0));
            let ([Some(init)], Some(total)) = (decl.as_slice(), total) else { continue };
            if init + total <= i64::from(i32::MAX) && *init >= i64::from(i32::MIN) {
                self.counters.insert(v, Counter { init: *init, total });
            }
        }
    }

    /// `runs`: how often a statement of `block` can run per run of the whole block (`None`:
    /// not bounded by constants); `top`: outside every loop.
    fn scan(
        &self,
        block: &Block,
        runs: Option<i64>,
        top: bool,
        decls: &mut HashMap<LocalId, Vec<Option<i64>>>,
        totals: &mut HashMap<LocalId, Option<i64>>,
    ) {
        for (k, stmt) in block.stmts.iter().enumerate() {
            let prev = k.checked_sub(1).and_then(|p| block.stmts.get(p));
            if let Stmt::Let { local, init } = stmt {
                if self.cx.func.local(*local).ty == Type::Prim(PrimType::Int) {
                    let c = init.and_then(|e| self.cx.const_of(e)).filter(|_| top);
                    decls.entry(*local).or_default().push(c);
                }
            }
            let roots: Vec<ExprId> = match stmt {
                Stmt::Loop { test, update, .. } => test.iter().chain(update).copied().collect(),
                other => super::walk::stmt_roots(other),
            };
            // Updates in a loop's test or update run a number of times this does not bound.
            let root_runs = if matches!(stmt, Stmt::Loop { .. }) { None } else { runs };
            for root in roots {
                super::walk::each_expr(self.cx.func, root, &mut |e| {
                    let Some((v, update)) = self.update_of(e) else { return };
                    let entry = totals.entry(v).or_insert(Some(0));
                    *entry = match (update, root_runs, *entry) {
                        (Update::Add(step), Some(n), Some(sum)) => step
                            .checked_mul(n)
                            .and_then(|add| sum.checked_add(add))
                            .filter(|t| *t <= i64::from(i32::MAX)),
                        _ => None,
                    };
                });
            }
            match stmt {
                Stmt::Loop { body, .. } => {
                    let trips = self.constant_loop(stmt, prev).map(|(_, a, b)| (b - a).max(0));
                    let inner = match (runs, trips) {
                        (Some(n), Some(t)) => {
                            n.checked_mul(t).filter(|r| *r <= i64::from(i32::MAX))
                        }
                        _ => None,
                    };
                    self.scan(body, inner, false, decls, totals);
                }
                Stmt::If { then_block, else_block, .. } => {
                    self.scan(then_block, runs, top, decls, totals);
                    if let Some(e) = else_block {
                        self.scan(e, runs, top, decls, totals);
                    }
                }
                Stmt::Labeled { body, .. } | Stmt::Block(body) | Stmt::Sync { body, .. } => {
                    self.scan(body, runs, top, decls, totals)
                }
                _ => {}
            }
        }
    }

    /// Walks `block` with the ranges `[a, b - 1]` of the constant loops around it.
    fn block(&mut self, block: &Block, loops: &HashMap<LocalId, (i64, i64)>) {
        for (k, stmt) in block.stmts.iter().enumerate() {
            let prev = k.checked_sub(1).and_then(|p| block.stmts.get(p));
            match stmt {
                Stmt::Loop { test, update, body, .. } => {
                    for root in test.iter().chain(update) {
                        self.exprs(*root, loops);
                    }
                    let mut inner = loops.clone();
                    if let Some((v, a, b)) = self.constant_loop(stmt, prev) {
                        inner.insert(v, (a, b - 1));
                    }
                    // A loop up to a length: `a <= v < other + c` inside its body, a fact of
                    // the body's alone.
                    let bounded = self.length_loop(stmt, prev);
                    let outer =
                        bounded.as_ref().and_then(|(v, r)| self.known.insert(*v, r.clone()));
                    self.block(body, &inner);
                    if let Some((v, _)) = bounded {
                        match outer {
                            Some(r) => self.known.insert(v, r),
                            None => self.known.remove(&v),
                        };
                    }
                }
                Stmt::If { cond, then_block, else_block } => {
                    self.exprs(*cond, loops);
                    self.block(then_block, loops);
                    if let Some(e) = else_block {
                        self.block(e, loops);
                    }
                }
                Stmt::Labeled { body, .. } | Stmt::Block(body) | Stmt::Sync { body, .. } => {
                    self.block(body, loops)
                }
                other => {
                    for root in super::walk::stmt_roots(other) {
                        self.exprs(root, loops);
                    }
                }
            }
        }
    }

    fn exprs(&mut self, root: ExprId, loops: &HashMap<LocalId, (i64, i64)>) {
        let func = self.cx.func;
        let mut found = Vec::new();
        // A row only asked its length (`m[0].length`) is not read on the device, where
        // arrays are rectangular: nothing to check.
        let mut measured = HashSet::new();
        super::walk::each_expr(func, root, &mut |e| match func.expr(e).kind {
            ExprKind::Index { array, index } => found.push((e, array, index)),
            ExprKind::Length(a) => {
                measured.insert(a);
            }
            _ => {}
        });
        for (e, array, index) in found {
            if self.proven.contains(&e) || measured.contains(&e) {
                continue;
            }
            let Some(len) = self.cx.array_dim(array, 0) else { continue };
            if !self.cx.fixed_arrays.contains(&len.array) {
                continue;
            }
            let test = match self.interval(index, loops) {
                Some((lo, hi)) if lo >= 0 => GuardTest::Above(hi),
                Some(_) => continue,
                None => match self.below_other(index, len) {
                    Some(test) => test,
                    None => continue,
                },
            };
            let same_kind = |g: &Guard| match (g.test, test) {
                (GuardTest::Above(_), GuardTest::Above(_)) => true,
                (GuardTest::AtLeast(a, _), GuardTest::AtLeast(b, _)) => a == b,
                _ => false,
            };
            match self.guards.iter_mut().find(|g| g.len == len && same_kind(g)) {
                Some(g) => {
                    g.test = match (g.test, test) {
                        (GuardTest::Above(a), GuardTest::Above(b)) => GuardTest::Above(a.max(b)),
                        (GuardTest::AtLeast(o, a), GuardTest::AtLeast(_, b)) => {
                            GuardTest::AtLeast(o, a.max(b))
                        }
                        (t, _) => t,
                    };
                    g.accesses.push(e);
                }
                None => self.guards.push(Guard { len, test, accesses: vec![e] }),
            }
        }
    }

    /// `len >= other + c + k` when `e` is `v + k` and `known` says `lo <= v < other + c`
    /// with `lo + k >= 0`, `other` another dimension than `len`.
    fn below_other(&self, e: ExprId, len: LenSym) -> Option<GuardTest> {
        let (Some(v), k) = self.cx.affine(e)? else { return None };
        let r = self.known.get(&v)?;
        if r.lo? + k < 0 {
            return None;
        }
        let (other, c) = r.below.iter().find(|(s, _)| *s != len)?;
        // `v + k < other + c + k <= len`: `v + k` does not wrap (`v < other + c`, `c + k` is
        // small and the test is evaluated in 64 bits).
        (c + k).abs().lt(&(1 << 30)).then_some(GuardTest::AtLeast(*other, c + k))
    }

    /// Constant bounds `[lo, hi]` of the `int` value of `e` (see [`guardable`]).
    fn interval(&self, e: ExprId, loops: &HashMap<LocalId, (i64, i64)>) -> Option<(i64, i64)> {
        let func = self.cx.func;
        if let Some(k) = self.cx.const_of(e) {
            return Some((k, k));
        }
        let local_range = |v: LocalId| -> Option<(i64, i64)> {
            if let Some(r) = loops.get(&v) {
                return Some(*r);
            }
            self.counters.get(&v).map(|c| (c.init, c.init + c.total))
        };
        match func.expr(e).kind {
            ExprKind::Local(_) => local_range(self.cx.local_of(e)?),
            ExprKind::IncDec { target, delta, prefix } if delta > 0 => {
                let c = self.counters.get(&self.cx.local_of(target)?)?;
                let step = i64::from(delta);
                if c.total < step {
                    return None;
                }
                Some(if prefix {
                    (c.init + step, c.init + c.total)
                } else {
                    (c.init, c.init + c.total - step)
                })
            }
            ExprKind::Binary { op, lhs, rhs } if op.ty == PrimOrRef::Prim(PrimType::Int) => {
                let (l, r) = (self.interval(lhs, loops)?, self.interval(rhs, loops)?);
                let (lo, hi) = match op.kind {
                    BinOpKind::Add => (l.0 + r.0, l.1 + r.1),
                    BinOpKind::Sub => (l.0 - r.1, l.1 - r.0),
                    _ => return None,
                };
                // Exact in `int` only when every value in between fits.
                (lo >= i64::from(i32::MIN) && hi <= i64::from(i32::MAX)).then_some((lo, hi))
            }
            _ => None,
        }
    }
}
