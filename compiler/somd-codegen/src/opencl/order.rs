//! Java's order of evaluation in C expressions (note `device-execution`, "Java's order
//! inside an expression").
//!
//! Java evaluates the operands of an operator, the arguments of a call and the parts of an
//! element access left to right, and checks a row (`m[r]`) before it evaluates the column.
//! C leaves the operands of `+`, the arguments of a call, the two sides of `=` and the
//! parts of `m[r * len + c]` unsequenced. Where two of them may fail, the failure a
//! work-item records (the first of its iteration, `somd_errors.cl`) is the one the C
//! compiler happened to evaluate first; where one has an effect another reads, the value
//! is undefined.
//!
//! Where that matters, an expression's earlier parts go into temporaries through C's comma
//! operator, which is sequenced: `m[r][c] + q[k]`, with every part able to fail, becomes
//!
//! ```text
//! (somd_ev0 = (somd_ev1 = SOMD_INDEX(0, r, m_len0), m[somd_ev1 * m_len1 + SOMD_INDEX(1, c, m_len1)]),
//!  somd_ev0 + q[SOMD_INDEX(2, k, q_len0)])
//! ```
//!
//! A temporary holding a checked index (`somd_ev1`) makes its access unchecked in the rest of
//! the text ([`FnCx::checked`]). The comma keeps the expression an expression, so `&&`,
//! `?:` and a loop's test still evaluate their parts only when Java does; the temporaries
//! are declared before the statement being written ([`Writer::stmt`]). A part is ordered
//! when it may fail, writes a local or memory, or reads what an earlier part writes; every
//! part before the last ordered one that is ordered, or that a later part may change, goes
//! into a temporary.
//!
//! Stores follow JLS 15.26: `a[i] = v` evaluates `a`'s row, `i`, then `v`, and checks `i`
//! last, so `v` goes first where `v` and that check may both fail; `a[i] += v` (and `a[i]++`)
//! checks `i` and reads `a[i]` before it evaluates `v`. A value that writes what its store
//! writes (`d = (d += 1.0) * 2.0`) goes first too: C leaves the two writes unsequenced.

use super::writer::{bug, FnCx, Writer, R};
use somd_mir::analysis::isolation::{array_dims, call_may_throw, vector_of, vector_rows};
use somd_mir::analysis::{walk, writes};
use somd_mir::*;
use std::collections::BTreeSet;

/// One part of an expression, in Java's order.
enum Part {
    /// A primitive value: an operand, an argument, a store's value, the last index of a
    /// store (whose check comes with the store).
    Value(ExprId),
    /// The index of `access`, checked against `len` where Java checks it: a row `m[r]`, the
    /// element of a compound assignment or of an access whose parts are all indices.
    Checked { access: ExprId, index: ExprId, len: String },
    /// What no temporary holds (a whole array argument): evaluated by the node's own text.
    Fixed(ExprId),
    /// The check of a store's index (`access`), after its value: the store makes it.
    StoreCheck(ExprId),
    /// The value a compound assignment reads from its place (a local or an element whose
    /// index the parts before it checked), before it evaluates the value: taken only where
    /// the value changes it (`k |= (k -= 1)`).
    Read(ExprId),
    /// The store of an assignment whose value writes the same place (`d = (d += 1.0) *
    /// 2.0`, `p[j] = (p[j] = 5) + 1`): C leaves the two writes unsequenced, so the value
    /// goes first. Never taken.
    Store,
}

/// The temporaries an ordered expression took: its prefix (`t = ..` in Java's order) and
/// what to release once the expression's own text is written.
pub(super) struct Ordered {
    prefix: Vec<String>,
    /// The parts taken, each with the name it held before (a value computed ahead of the
    /// statement, `FnCx::hoisted`), given back on release.
    hoisted: Vec<(ExprId, Option<String>)>,
    /// The accesses marked checked here.
    checked: Vec<ExprId>,
}

impl Writer<'_> {
    /// The parts of `e` that C may evaluate out of Java's order, when `e` is such a node:
    /// a binary operator other than `&&` and `||`, a call, a constructor, a built-in, a
    /// vector literal, or an element of a 2-D or 3-D array. Assignments (to elements, and
    /// compound ones or ones whose value writes the place, to locals) are ordered by
    /// [`Writer::ordered_place`].
    fn parts(&mut self, cx: &FnCx, e: ExprId) -> R<Option<Vec<Part>>> {
        let func = cx.func;
        let args = |args: &[ExprId]| -> R<Vec<Part>> {
            let mut parts = Vec::new();
            for a in args {
                parts.extend(self.arg_parts(cx, *a)?);
            }
            Ok(parts)
        };
        Ok(match &func.expr(e).kind {
            ExprKind::Binary { op, lhs, rhs }
                if !matches!(op.kind, BinOpKind::And | BinOpKind::Or) =>
            {
                Some(vec![Part::Value(*lhs), Part::Value(*rhs)])
            }
            // A `sin` or `cos` a `sincos` computed before the statement has no parts here.
            ExprKind::Builtin { .. } if cx.sincos.contains_key(&e) => None,
            ExprKind::Call { receiver: None, args: a, .. }
            | ExprKind::New { ctor: Some(_), args: a, .. }
            | ExprKind::Builtin { args: a, .. } => Some(args(a)?),
            ExprKind::ValueArrayLit(items) => Some(items.iter().map(|i| Part::Value(*i)).collect()),
            ExprKind::Index { .. }
                if !cx.vloads.contains_key(&e) && array_dims(&func.expr(e).ty).is_none() =>
            {
                let rows = self.element_parts(cx, e)?;
                rows.filter(|p| p.len() >= 2)
            }
            _ => None,
        })
    }

    /// An argument as its parts: a value a temporary can hold; a row `m[r]` of a 2-D
    /// buffer, of a static 2-D value array, or a plane `c[x]` of a 3-D buffer (its index
    /// checked, as Java reads the row or plane: the view's pointer is then written with the
    /// checked index); a row `c[x][y]`
    /// of a 3-D buffer (its two indices, as for an element, [`Writer::element_parts`]); or
    /// something fixed (a whole array).
    fn arg_parts(&self, cx: &FnCx, a: ExprId) -> R<Vec<Part>> {
        let func = cx.func;
        if holds(&func.expr(a).ty) {
            return Ok(vec![Part::Value(a)]);
        }
        if let ExprKind::Index { array, index } = func.expr(a).kind {
            if let ExprKind::Local(m) = func.expr(array).kind {
                let rank = array_dims(&func.expr(a).ty).map(|(_, rank)| rank);
                if let (Some(2), Some(1)) | (Some(3), Some(2)) = (buffer_rank(cx, m), rank) {
                    let len = format!("{}_len0", cx.name(m));
                    return Ok(vec![Part::Checked { access: a, index, len }]);
                }
            }
            // A row `M[r]` of a static 2-D value array: a pointer into the statics buffer.
            if let (&ExprKind::Static(st), Type::ValueArray(..)) =
                (&func.expr(array).kind, &func.expr(a).ty)
            {
                let len = self.static_len(st, 0)?;
                return Ok(vec![Part::Checked { access: a, index, len }]);
            }
            if let Some(rows) = self.element_parts(cx, a)? {
                return Ok(rows);
            }
        }
        Ok(vec![Part::Fixed(a)])
    }

    /// The indices of element access `e` of a 2-D or 3-D buffer, a static 2-D value array
    /// or a buffer of vectors, each checked where Java checks it: `m[r][c]` is the row's
    /// index, then the column's. `None` for other accesses (one index, or a representation
    /// the writer renders otherwise).
    fn element_parts(&self, cx: &FnCx, e: ExprId) -> R<Option<Vec<Part>>> {
        let func = cx.func;
        let ExprKind::Index { array, index } = func.expr(e).kind else { return Ok(None) };
        let ExprKind::Index { array: inner, index: row } = func.expr(array).kind else {
            return Ok(None);
        };
        let checked = |access, index, len: String| Part::Checked { access, index, len };
        Ok(match func.expr(inner).kind {
            ExprKind::Static(st) => Some(vec![
                checked(array, row, self.static_len(st, 0)?),
                checked(e, index, self.static_len(st, 1)?),
            ]),
            ExprKind::Local(m) if plain(cx, m) => {
                let name = cx.name(m);
                let cols = match vector_rows(&func.local(m).ty) {
                    Some((_, n)) => n.to_string(),
                    None => format!("{name}_len1"),
                };
                Some(vec![checked(array, row, format!("{name}_len0")), checked(e, index, cols)])
            }
            ExprKind::Index { array: base, index: first } => match func.expr(base).kind {
                ExprKind::Local(c) if plain(cx, c) => {
                    let name = cx.name(c);
                    Some(vec![
                        checked(inner, first, format!("{name}_len0")),
                        checked(array, row, format!("{name}_len1")),
                        checked(e, index, format!("{name}_len2")),
                    ])
                }
                _ => None,
            },
            _ => None,
        })
    }

    /// The parts of an assignment, compound assignment or `++`/`--` `e` whose target is an
    /// element of a buffer (or of an array local pointing into one), in Java's order.
    fn place_parts(&self, cx: &FnCx, e: ExprId) -> R<Option<Vec<Part>>> {
        let func = cx.func;
        let (target, value, store) = match func.expr(e).kind {
            ExprKind::Assign { target, value } => (target, Some(value), true),
            ExprKind::CompoundAssign { target, value, .. } => (target, Some(value), false),
            ExprKind::IncDec { target, .. } => (target, None, false),
            _ => return Ok(None),
        };
        // `k op= v` reads `k` before it evaluates `v`.
        let read = |value: Option<ExprId>| match value {
            Some(v) if !store => vec![Part::Read(target), Part::Value(v)],
            _ => Vec::new(),
        };
        // A value writing what the store writes (the local, or memory for an element).
        let clash = value.is_some_and(|v| {
            let fx = self.effects(func, v);
            match func.expr(target).kind {
                ExprKind::Local(l) => fx.writes_locals.contains(&l),
                _ => fx.writes_memory,
            }
        });
        if matches!(func.expr(target).kind, ExprKind::Local(_)) {
            let mut parts = read(value);
            if clash {
                if store {
                    parts.extend(value.map(Part::Value));
                }
                parts.push(Part::Store);
            }
            return Ok((!parts.is_empty()).then_some(parts));
        }
        let ExprKind::Index { array, index } = func.expr(target).kind else { return Ok(None) };
        let mut parts = match func.expr(array).kind {
            ExprKind::Local(a) if plain(cx, a) => {
                let len = format!("{}_len0", cx.name(a));
                vec![Part::Checked { access: target, index, len }]
            }
            ExprKind::Index { .. } => match self.element_parts(cx, target)? {
                Some(p) if !matches!(func.expr(array).ty, Type::ValueArray(..)) => p,
                _ => return Ok(None),
            },
            _ => return Ok(None),
        };
        if store {
            // `a[i] = v`: `i` is evaluated before `v` and checked with the store, after it.
            if let Some(Part::Checked { index, .. }) = parts.pop() {
                parts.push(Part::Value(index));
            }
            parts.extend(value.map(Part::Value));
            parts.push(Part::StoreCheck(target));
        } else {
            parts.extend(read(value));
        }
        if clash {
            parts.push(Part::Store);
        }
        Ok(Some(parts))
    }

    /// Puts the parts of `e` that Java evaluates before a later part that may fail or have
    /// an effect into temporaries, when `e` is a node of such parts ([`Writer::parts`]).
    /// `None` when nothing needs ordering, or inside no statement (nothing would declare
    /// the temporaries); an error where a whole array argument would need a temporary (the
    /// analysis keeps such expressions off the device).
    pub(super) fn ordered(&mut self, cx: &mut FnCx, e: ExprId) -> R<Option<Ordered>> {
        if cx.stmt_depth == 0 {
            return Ok(None);
        }
        match self.parts(cx, e)? {
            Some(parts) => self.hoist(cx, parts, false),
            None => Ok(None),
        }
    }

    /// [`Writer::ordered`] for an assignment whose target is an element.
    pub(super) fn ordered_place(&mut self, cx: &mut FnCx, e: ExprId) -> R<Option<Ordered>> {
        if cx.stmt_depth == 0 {
            return Ok(None);
        }
        let twice = !matches!(cx.func.expr(e).kind, ExprKind::Assign { .. });
        match self.place_parts(cx, e)? {
            Some(parts) => self.hoist(cx, parts, twice),
            None => Ok(None),
        }
    }

    fn hoist(&mut self, cx: &mut FnCx, parts: Vec<Part>, twice: bool) -> R<Option<Ordered>> {
        let func = cx.func;
        let unchecked = self.options.unchecked;
        // A helper fails where it (or a callee) holds an access, a division or a nested
        // `@`/`!` (`isolation::call_may_throw`).
        let module = self.module;
        let pure = |f: FuncId| !call_may_throw(module, f);
        let fails = |x: ExprId| super::writer::may_fail_calling(cx, unchecked, x, &pure);
        let checks = |access: ExprId| !unchecked && !cx.proven.contains(&access);
        let effects: Vec<Effects> = parts
            .iter()
            .map(|p| match p {
                Part::Value(x) | Part::Fixed(x) | Part::Read(x) => self.effects(func, *x),
                Part::Checked { index, .. } => self.effects(func, *index),
                Part::StoreCheck(_) | Part::Store => Effects::default(),
            })
            .collect();
        // A part is ordered when it may fail, writes, or reads what an earlier part writes.
        let ordered: Vec<bool> = parts
            .iter()
            .enumerate()
            .map(|(k, p)| {
                let fx = &effects[k];
                let reads_earlier = effects[..k].iter().any(|earlier| fx.changed_by(earlier));
                reads_earlier
                    || fx.writes()
                    || match p {
                        Part::Value(x) | Part::Fixed(x) => fails(*x),
                        Part::Checked { access, index, .. } => fails(*index) || checks(*access),
                        Part::StoreCheck(access) => checks(*access),
                        // Its access was checked by the parts before it.
                        Part::Read(_) => false,
                        Part::Store => true,
                    }
            })
            .collect();
        let Some(last) = ordered.iter().rposition(|o| *o) else { return Ok(None) };
        // A part whose value a later part's write may change is taken before it too.
        let changed = |k: usize| effects[k + 1..].iter().any(|later| effects[k].changed_by(later));
        // The place of `a[i] op= v` and `a[i]++` is written twice (`a[i] = a[i] op v`): an
        // index other than a local or a constant is evaluated once, into a temporary (it
        // may assign, call, or take temporaries of its own, which two copies would assign
        // twice).
        let simple =
            |x: ExprId| matches!(func.expr(x).kind, ExprKind::Local(_) | ExprKind::Const(_));
        let twice =
            |k: usize| twice && matches!(parts[k], Part::Checked { index, .. } if !simple(index));
        // A value already held (a constant, or computed ahead of the statement) stays.
        let held = |k: usize| match parts[k] {
            Part::Value(x) | Part::Read(x) => {
                matches!(func.expr(x).kind, ExprKind::Const(_)) || cx.hoisted.contains_key(&x)
            }
            _ => false,
        };
        let take: Vec<usize> = (0..parts.len())
            .filter(|&k| (k < last && (ordered[k] || changed(k))) || twice(k))
            .filter(|&k| !held(k))
            // The store makes its own check, after every part before it.
            .filter(|&k| !matches!(parts[k], Part::StoreCheck(_)))
            .collect();
        // A whole array argument is a parameter or an array local, which no part of an
        // expression assigns (`alias::array_aliases` refuses array locals and parameters
        // assigned inside expressions), and fails nowhere: it is never taken.
        if take.iter().any(|&k| matches!(parts[k], Part::Fixed(_))) {
            return Err(bug("a whole array argument Java evaluates before a part that may \
                            change it"));
        }
        if take.is_empty() {
            return Ok(None);
        }
        let mut out = Ordered { prefix: Vec::new(), hoisted: Vec::new(), checked: Vec::new() };
        for k in take {
            let name = format!("somd_ev{}", cx.temp_count);
            cx.temp_count += 1;
            match &parts[k] {
                Part::Value(x) | Part::Read(x) => {
                    let text = self.expr(cx, *x)?;
                    cx.temps.push((self.ty(&func.expr(*x).ty)?, name.clone()));
                    out.prefix.push(format!("{name} = {text}"));
                    out.hoisted.push((*x, cx.hoisted.insert(*x, name)));
                }
                Part::Checked { access, index, len } => {
                    let i = self.expr(cx, *index)?;
                    let span = func.expr(*access).span;
                    let text = self.index_text(cx, *access, span, &i, len);
                    cx.temps.push(("int".into(), name.clone()));
                    out.prefix.push(format!("{name} = {text}"));
                    out.hoisted.push((*index, cx.hoisted.insert(*index, name)));
                    if cx.checked.insert(*access) {
                        out.checked.push(*access);
                    }
                }
                Part::Fixed(_) | Part::StoreCheck(_) | Part::Store => {
                    unreachable!("filtered above")
                }
            }
        }
        Ok(Some(out))
    }

    /// `text`, the node's own text written with the temporaries of `ordered`, after them;
    /// the temporaries released.
    pub(super) fn after_ordered(cx: &mut FnCx, ordered: Ordered, text: String) -> String {
        for (x, before) in ordered.hoisted {
            match before {
                Some(name) => cx.hoisted.insert(x, name),
                None => cx.hoisted.remove(&x),
            };
        }
        for a in &ordered.checked {
            cx.checked.remove(a);
        }
        format!("({}, {text})", ordered.prefix.join(", "))
    }
}

/// What evaluating an expression reads and writes, as far as the order of its parts goes.
#[derive(Default)]
struct Effects {
    /// The locals it assigns (`=`, `op=`, `++`, `--`).
    writes_locals: BTreeSet<LocalId>,
    /// It stores an element, or calls a helper that stores to an array passed to it.
    writes_memory: bool,
    reads_locals: BTreeSet<LocalId>,
    /// It reads an element or a row's length, or calls a helper (which may read any array
    /// it is passed).
    reads_memory: bool,
}

impl Effects {
    fn writes(&self) -> bool {
        !self.writes_locals.is_empty() || self.writes_memory
    }

    /// Whether `later`'s writes may change what `self` reads.
    fn changed_by(&self, later: &Effects) -> bool {
        !self.reads_locals.is_disjoint(&later.writes_locals)
            || (later.writes_memory && self.reads_memory)
    }
}

impl Writer<'_> {
    fn effects(&self, func: &Function, root: ExprId) -> Effects {
        let mut fx = Effects::default();
        walk::each_expr(func, root, &mut |e| match &func.expr(e).kind {
            ExprKind::Assign { target, .. }
            | ExprKind::CompoundAssign { target, .. }
            | ExprKind::IncDec { target, .. } => match func.expr(*target).kind {
                ExprKind::Local(l) => {
                    fx.writes_locals.insert(l);
                }
                _ => fx.writes_memory = true,
            },
            ExprKind::Call { func: callee, args, .. } => {
                fx.reads_memory = true;
                fx.writes_memory |= args.iter().enumerate().any(|(k, a)| {
                    array_dims(&func.expr(*a).ty).is_some()
                        && writes::writes_param(self.module, *callee, k)
                });
            }
            ExprKind::Local(l) => {
                fx.reads_locals.insert(*l);
            }
            ExprKind::Index { .. } | ExprKind::Length(_) => fx.reads_memory = true,
            _ => {}
        });
        fx
    }
}

/// Whether a temporary can hold a value of type `ty`: a primitive, a value object (a
/// struct; one holding arrays is a private struct of pointers and lengths, `holders.rs`)
/// or a vector.
fn holds(ty: &Type) -> bool {
    matches!(ty, Type::Prim(_) | Type::Object(_)) || vector_of(ty).is_some()
}

/// The rank of array local `a` as a buffer: a parameter's, or an array local's naming one
/// (`alias.rs`).
fn buffer_rank(cx: &FnCx, a: LocalId) -> Option<u8> {
    cx.arrays.get(&a).copied().or_else(|| cx.aliases.get(&a).map(|alias| alias.rank))
}

/// Whether array local `a` is a buffer written as `a[..]` with its lengths `a_lenD` (not
/// narrow, staged, tiled or a vector): a parameter, a private array or an array local.
fn plain(cx: &FnCx, a: LocalId) -> bool {
    (cx.arrays.contains_key(&a) || cx.privates.contains_key(&a) || cx.aliases.contains_key(&a))
        && !cx.narrow.contains_key(&a)
        && !cx.staged.contains(&a)
        && cx.tile != Some(a)
        && vector_of(&cx.func.local(a).ty).is_none()
}
