//! Private arrays: small fresh arrays a kernel function keeps in the work-item's private
//! memory.
//!
//! A `@` target or a parallel loop body often needs a little scratch space indexed by
//! data: the digits of a number, a 3-vector normalised in a loop, a weight table
//! (`double[] v = new double[3]; for (k ..) s += v[k] * v[k];`). Kernel code has no heap,
//! but a fresh array of constant length whose every use is an element or its length is
//! exactly a C array of the work-item: `double v[3] = {0};` with `const int v_len0 = 3;`,
//! indexed with the same bounds check as a buffer (`SOMD_INDEX`, the Java exception with
//! its position). Java semantics are unchanged: `new T[n]` gives default values (the
//! C initializer zeroes every element, each time the declaration runs), an array literal
//! evaluates its elements in order (the writer stores them one by one), and since the
//! array never escapes (it is not returned, passed on, stored, compared or reassigned)
//! no other code can observe that it lives in registers rather than on the heap.
//!
//! An array qualifies when it is a local `T[] v = new T[n]`, `T[] v = {e0, ..}` or a value
//! array `T[[]] v = new T[[]]{e0, ..}` (no OpenCL vector: `T[[4]]` is one) with `T`
//! primitive and `n` a constant (after constant folding) of at least one element and at
//! most [`MAX_BYTES`] bytes, declared once and named by no `sync` (`walk::declared_once`),
//! and every other mention of `v` is `v[e]` (read or written), `v.length`, the operand of a
//! `!` (folded in the work-item, `nested::array_folds`), or an argument
//! of a static helper whose parameter takes a private array ([`takes_private`]: the
//! helper, and the helpers it passes it on to, only index and measure it), so it is never
//! assigned, stored or returned. The writer gives such a helper a variant declaring the
//! parameter `__private` (OpenCL 1.2 has no generic address space). Small tables used only
//! at constant indices never get here: `scalarize` has made them scalars already.
//!
//! [`private_arrays`] judges a function alone and takes every call argument on trust: its
//! lengths and names are right whenever the function runs on a device. Whether it may run
//! there is decided with [`checked_arrays`], which also asks the helpers.
//!
//! Where the array is declared decides whose it is: in a `@` target or a helper it is the
//! call's own; in a SOMD method's parallel loop body it is the iteration's (the loop
//! analysis already treats arrays the loop declares as the iteration's own); in a SOMD
//! method's setup an array literal is rebuilt by every work-item, which is exact only while
//! no statement writes it and it reads no array the loop writes (`parallel.rs` refuses
//! both), and a `new T[n]` there is an output the host allocates, never a private array.

use super::walk;
use crate::ir::*;
use somd_syntax::ast::PrimType;
use std::collections::HashMap;

/// The largest private array, in bytes (256 `int`s, 128 `double`s). Larger scratch arrays
/// would spill to the device's slow per-work-item memory, and are better written as a
/// loop over a parameter.
pub const MAX_BYTES: u32 = 1024;

/// One private array of a function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrivateArray {
    pub elem: PrimType,
    /// The array's constant length.
    pub len: u32,
}

/// The bytes of one element of type `p` in private memory.
fn elem_bytes(p: PrimType) -> u32 {
    match p {
        PrimType::Boolean | PrimType::Byte => 1,
        PrimType::Short | PrimType::Char => 2,
        PrimType::Int | PrimType::Float => 4,
        PrimType::Long | PrimType::Double => 8,
    }
}

/// The private arrays of `func` if it runs on a device (module doc): its calls are taken on
/// trust.
pub fn private_arrays(func: &Function) -> HashMap<LocalId, PrivateArray> {
    fresh_arrays(func).into_iter().filter_map(|(l, p)| Some((l, p.ok()?))).collect()
}

/// How many helpers deep a private array may be passed on.
const PASS_DEPTH: u32 = 8;

/// [`fresh_arrays`], with every call a private array is passed to checked: the callee's
/// parameter must take a private array ([`takes_private`]).
pub fn checked_arrays(
    module: &Module,
    func: &Function,
) -> HashMap<LocalId, Result<PrivateArray, String>> {
    let mut fresh = fresh_arrays(func);
    if fresh.values().all(Result::is_err) {
        return fresh;
    }
    let mut passes = Passes { module, known: HashMap::new() };
    let parents = walk::parents(func);
    for (i, expr) in func.exprs.iter().enumerate() {
        let ExprKind::Local(l) = expr.kind else { continue };
        let Some(verdict @ Ok(_)) = fresh.get_mut(&l) else { continue };
        let e = ExprId(i as u32);
        if let Err(callee) = passes.passed_ok(func, &parents, e, PASS_DEPTH) {
            *verdict = Err(format!(
                "passed to `{}`, which uses it other than by its elements, its length and `!` \
                 (stores, returns, compares or reassigns it, or passes it to a method that \
                 does)",
                module.function(callee).name
            ));
        }
    }
    fresh
}

/// The private arrays of `func` as [`checked_arrays`] judges them.
pub fn checked_private_arrays(module: &Module, func: &Function) -> HashMap<LocalId, PrivateArray> {
    checked_arrays(module, func).into_iter().filter_map(|(l, p)| Some((l, p.ok()?))).collect()
}

/// Whether parameter `k` of `f` can take a private array: `f` is a static method (not a
/// SOMD method) whose parameter is a 1-D array or value array (no vector) of primitives,
/// and every mention of it is an element, its length, or an argument of a helper's
/// parameter that takes a private array in turn (passed on at most `depth` calls deeper).
pub fn takes_private(module: &Module, f: FuncId, k: usize, depth: u32) -> bool {
    Passes { module, known: HashMap::new() }.takes(f, k, depth)
}

/// [`takes_private`] with its answers remembered, so that helpers calling each other many
/// times are each judged once per parameter and depth.
struct Passes<'m> {
    module: &'m Module,
    known: HashMap<(FuncId, usize, u32), bool>,
}

impl Passes<'_> {
    fn takes(&mut self, f: FuncId, k: usize, depth: u32) -> bool {
        if let Some(known) = self.known.get(&(f, k, depth)) {
            return *known;
        }
        let answer = self.decide(f, k, depth);
        self.known.insert((f, k, depth), answer);
        answer
    }

    fn decide(&mut self, f: FuncId, k: usize, depth: u32) -> bool {
        let func = self.module.function(f);
        if func.kind != FuncKind::Static || func.is_somd() {
            return false;
        }
        let Some(&p) = func.params.get(k) else { return false };
        // A value array of numbers that is no OpenCL vector arrives as a pointer and its
        // length too (`int[[]] v`, `int[[3]] v`).
        let ty = &func.local(p).ty;
        let elem = match ty {
            Type::Array(elem) => elem,
            Type::ValueArray(elem, _) if super::isolation::vector_of(ty).is_none() => elem,
            _ => return false,
        };
        if !matches!(**elem, Type::Prim(_)) {
            return false;
        }
        let parents = walk::parents(func);
        for (i, expr) in func.exprs.iter().enumerate() {
            if !matches!(expr.kind, ExprKind::Local(l) if l == p) {
                continue;
            }
            let e = ExprId(i as u32);
            let ok = element_or_length(func, &parents, e)
                || passed(func, &parents, e) && self.passed_ok(func, &parents, e, depth).is_ok();
            if !ok {
                return false;
            }
        }
        true
    }

    /// When mention `e` is an argument of a static call: `Err(callee)` unless every
    /// parameter it is passed at takes a private array.
    fn passed_ok(
        &mut self,
        func: &Function,
        parents: &[Option<ExprId>],
        e: ExprId,
        depth: u32,
    ) -> Result<(), FuncId> {
        let Some(ExprKind::Call { func: callee, receiver: None, args }) =
            walk::parent_of(parents, e).map(|p| &func.expr(p).kind)
        else {
            return Ok(());
        };
        for (k, _) in args.iter().enumerate().filter(|(_, a)| **a == e) {
            if depth == 0 || !self.takes(*callee, k, depth - 1) {
                return Err(*callee);
            }
        }
        Ok(())
    }
}

/// Whether mention `e` of an array is an element of it, its length or the operand of a `!`
/// (which folds it in the work-item: `nested::array_folds`).
fn element_or_length(func: &Function, parents: &[Option<ExprId>], e: ExprId) -> bool {
    match walk::parent_of(parents, e).map(|p| &func.expr(p).kind) {
        Some(ExprKind::Index { array, .. } | ExprKind::ReduceArray { array, .. }) => *array == e,
        Some(ExprKind::Length(_)) => true,
        _ => false,
    }
}

/// Whether mention `e` is an argument of a static call.
fn passed(func: &Function, parents: &[Option<ExprId>], e: ExprId) -> bool {
    matches!(
        walk::parent_of(parents, e).map(|p| &func.expr(p).kind),
        Some(ExprKind::Call { receiver: None, args, .. }) if args.contains(&e)
    )
}

/// Every local of `func` that one declaration initialises with a fresh 1-D array of
/// primitives: its private array, or why it cannot be one (the text follows "a fresh
/// array").
pub fn fresh_arrays(func: &Function) -> HashMap<LocalId, Result<PrivateArray, String>> {
    // A SOMD method's top-level `new T[n]` is an output the host allocates (`parallel.rs`);
    // its top-level literals may be setup tables.
    let outputs: Vec<LocalId> = if func.is_somd() {
        func.body
            .stmts
            .iter()
            .filter_map(|s| match s {
                Stmt::Let { local, init: Some(init) }
                    if matches!(func.expr(*init).kind, ExprKind::NewArray { .. }) =>
                {
                    Some(*local)
                }
                _ => None,
            })
            .collect()
    } else {
        Vec::new()
    };
    let mut fresh: HashMap<LocalId, Result<PrivateArray, String>> = HashMap::new();
    for (local, init) in walk::declared_once(func) {
        if outputs.contains(&local) {
            continue;
        }
        let l = func.local(local);
        if l.kind != LocalKind::Var {
            continue;
        }
        // A value array of numbers that is no OpenCL vector (`int[[]]`, `int[[3]]`) is one
        // when its literal gives it (`new int[[]]{5, 6, 7}`): nothing ever writes it.
        let elem = match &l.ty {
            Type::Array(elem) => elem,
            Type::ValueArray(elem, _)
                if super::isolation::vector_of(&l.ty).is_none()
                    && matches!(func.expr(init).kind, ExprKind::ValueArrayLit(_)) =>
            {
                elem
            }
            _ => continue,
        };
        let Type::Prim(elem) = **elem else { continue };
        let len = match &func.expr(init).kind {
            ExprKind::NewArray { dims } if dims.len() == 1 => match func.expr(dims[0]).kind {
                ExprKind::Const(Const::Int(n)) if n > 0 => Ok(n as u32),
                _ => Err("whose length is not a constant of at least 1 (a work-item's private arrays have \
                     a constant length)"
                    .to_string()),
            },
            ExprKind::ArrayLit(parts) | ExprKind::ValueArrayLit(parts) if !parts.is_empty() => {
                Ok(parts.len() as u32)
            }
            ExprKind::ArrayLit(_) | ExprKind::ValueArrayLit(_) => {
                Err("of no elements (a work-item's private arrays have at least one)".to_string())
            }
            _ => continue,
        };
        let verdict = len.and_then(|len| {
            let bytes = u64::from(len) * u64::from(elem_bytes(elem));
            if bytes > u64::from(MAX_BYTES) {
                Err(format!(
                    "of {bytes} bytes (a work-item's private arrays hold at most {MAX_BYTES})"
                ))
            } else {
                Ok(PrivateArray { elem, len })
            }
        });
        fresh.insert(local, verdict);
    }
    if fresh.is_empty() {
        return fresh;
    }
    // Every mention is an element, the length or an argument (`checked_arrays` asks the
    // callees).
    let parents = walk::parents(func);
    for (i, expr) in func.exprs.iter().enumerate() {
        let ExprKind::Local(l) = expr.kind else { continue };
        let Some(verdict @ Ok(_)) = fresh.get_mut(&l) else { continue };
        let e = ExprId(i as u32);
        if !element_or_length(func, &parents, e) && !passed(func, &parents, e) {
            *verdict =
                Err("used other than by its elements, its length, a `!` and as an argument \
                 (returned, stored, compared or reassigned: a work-item's private arrays are \
                 only indexed, measured, reduced and passed to methods that do the same)"
                    .to_string());
        }
    }
    fresh
}
