//! Host loops computing several things, split into a loop for each ([`split`]): the
//! stores to one array or the updates of one accumulator in each, made methods by the
//! parent module as any qualifying loop.

use super::*;

/// A loop whose statements compute several things (`y[i] = p[i] - x[i]; mx = Math.max(mx,
/// Math.abs(y[i]));`, `m = Math.max(m, Math.abs(nu[i] - u[i])); u[i] = nu[i];`, `s += p[i];
/// c += p[i] > 0 ? 1 : 0;` with two accumulators, `a[i] = p[i] * 2; b[i] = a[i] + 1;` with
/// two arrays), split into loops over the same range that each qualify ([`qualifies`]):
/// one for each run of statements that store to one array or update one accumulator
/// ([`runs`]), in the body's order, each with the body's declarations it needs. A method
/// returns one value, so the loop becomes several methods, each reading on the device what
/// the ones before it left there (the arrays stored by earlier loops, and `results`, as
/// for [`qualifies`], count as holding SOMD results). The last loop may stay on the host
/// where it does not qualify ([`stays_on_host`]: a floating-point sum of what the others
/// store): [`Becomes::Host`].
///
/// The first loop runs the body's statements before the second run, declarations among
/// them, which are what each Java iteration evaluates before the second run, in Java's
/// order; each later loop one run. That changes nothing a program can observe when
///
/// - each accumulator is mentioned by its own run only, and each stored array is read at
///   the loop's index only ([`confined`]);
/// - a declaration a later loop evaluates again gives the value it gave in the first loop
///   ([`later_bodies`]);
/// - one loop at most may fail or not return ([`later_bodies`]): the loops before it then
///   run all Java's iterations, and it fails where Java's loop does. Nothing after the
///   failure runs (an exception ends the program), so the other loops' work is never seen.
pub(super) fn split(
    module: &Module,
    func: &Function,
    b: &Block,
    passed: &HashSet<LocalId>,
    results: &[LocalId],
) -> Option<Vec<(Block, Becomes)>> {
    let parts = loop_parts(b)?;
    // A `continue` would skip the later loops' statements of its iteration only in the
    // first loop; nests are not split (ninety-third session).
    let mut unsplit = false;
    walk::each_stmt(parts.body, &mut |s| {
        unsplit |= matches!(s, Stmt::Continue(_) | Stmt::Loop { .. })
    });
    if unsplit {
        return None;
    }
    let runs = runs(module, func, &parts)?;
    if !confined(func, &parts, &runs) {
        return None;
    }
    let second = runs[1].1[0];
    let mut bodies = vec![parts.body.stmts[..second].to_vec()];
    bodies.extend(later_bodies(module, func, &parts, &runs)?);
    // Each body as a loop of its own, which must qualify as its run's part.
    let mut stored = results.to_vec();
    let mut pieces = Vec::new();
    for (nth, ((part, _), stmts)) in runs.iter().zip(bodies).enumerate() {
        let looped = Stmt::Loop {
            label: None,
            test: Some(parts.test),
            test_at_end: false,
            body: Block { stmts },
            update: parts.update.to_vec(),
        };
        let piece = Block { stmts: vec![parts.declaration.clone(), looped] };
        let plan = match qualifies(module, func, &piece, passed, &stored).ok() {
            Some(plan) => plan,
            None if nth > 0 && nth + 1 == runs.len() => {
                let split_stored = &stored[results.len()..];
                let Part::Reduce(acc) = *part else { return None };
                if !stays_on_host(module, func, &piece, passed, split_stored) {
                    return None;
                }
                pieces.push((piece, Becomes::Host(acc)));
                break;
            }
            None => return None,
        };
        let computes = match (&plan.target, *part) {
            (Target::Array(w), Part::Store(v)) => *w == v,
            (Target::Reduction { acc, .. }, Part::Reduce(v)) => *acc == v,
            _ => false,
        };
        if !computes {
            return None;
        }
        if let Part::Store(w) = part {
            stored.push(*w);
        }
        pieces.push((piece, Becomes::Method(plan)));
    }
    Some(pieces)
}

/// Whether the last loop of a split loop, `piece`, which does not qualify as a method (a
/// floating-point sum, `rr += r[i] * r[i]` after `r[i] -= alpha * q[i]`), may stay on the
/// host after the others run as methods: a reduction whose expressions read as a method's
/// do ([`loop_reads`]: no assignment but the accumulator's, no call but of `Math` and pure
/// helpers given values), reading elements at the index of arrays the earlier loops store
/// (`stored`) and of no other array, one of which the function passes to a SOMD method or
/// a loop around it does (`passed` as for [`outline_block`]). The loop as written
/// downloads the arrays it reads and stores one that then goes up again; split, the stored
/// array comes down, and stays valid on the device.
fn stays_on_host(
    module: &Module,
    func: &Function,
    piece: &Block,
    passed: &HashSet<LocalId>,
    stored: &[LocalId],
) -> bool {
    let Some(parts) = loop_parts(piece) else { return false };
    let is_index = |e: ExprId| parts.is_index(func, e);
    let mut scan = Scan {
        declared: HashSet::from([parts.index]),
        indices: HashSet::from([parts.index]),
        ..Scan::default()
    };
    if !scan.block(module, func, parts.body, &is_index) || scan.written.is_some() {
        return false;
    }
    let of_stored =
        |array: ExprId| matches!(func.expr(array).kind, ExprKind::Local(a) if stored.contains(&a));
    let at_index = |array: ExprId, index: ExprId| of_stored(array) && is_index(index);
    let bounds = (parts.start, parts.test, parts.index);
    let Some((_, arrays)) =
        loop_reads(module, func, &scan.roots, bounds, &scan.declared, &at_index)
    else {
        return false;
    };
    !arrays.is_empty()
        && arrays.iter().all(|a| stored.contains(a))
        && stored.iter().any(|w| passed.contains(w) || handed_to_somd(func, *w))
}

/// What a run of a split loop's statements computes ([`split`]).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    /// Stores to one array at the loop's index.
    Store(LocalId),
    /// Updates of one accumulator.
    Reduce(LocalId),
}

/// The runs of a loop's body's top-level statements that each store to one array or
/// update one accumulator (its [`Part`]), each as the part and the statements' positions in
/// the body, when there are two or more, each part has one run, and declarations come
/// before the second run only.
fn runs(module: &Module, func: &Function, parts: &LoopParts) -> Option<Vec<(Part, Vec<usize>)>> {
    let index = parts.index;
    let is_index = |e: ExprId| parts.is_index(func, e);
    let declared: HashSet<LocalId> = parts
        .body
        .stmts
        .iter()
        .filter_map(|s| match s {
            Stmt::Let { local, .. } => Some(*local),
            _ => None,
        })
        .chain([index])
        .collect();
    let mut runs: Vec<(Part, Vec<usize>)> = Vec::new();
    for (k, s) in parts.body.stmts.iter().enumerate() {
        if let Stmt::Let { .. } = s {
            if runs.len() > 1 {
                return None;
            }
            continue;
        }
        let mut scan =
            Scan { declared: declared.clone(), indices: HashSet::from([index]), ..Scan::default() };
        if !scan.stmt(module, func, s, &is_index) {
            return None;
        }
        let part = match (scan.written, scan.acc) {
            (Some(w), None) => Part::Store(w),
            (None, Some((acc, _))) => Part::Reduce(acc),
            _ => return None,
        };
        match runs.iter().position(|(seen, _)| *seen == part) {
            Some(last) if last + 1 == runs.len() => runs[last].1.push(k),
            Some(_) => return None,
            None => runs.push((part, vec![k])),
        }
    }
    (runs.len() > 1).then_some(runs)
}

/// Whether each accumulator of `runs` is mentioned by its own run only (not by the loop's
/// start or test either), and each array they store read at the loop's index only: an
/// iteration sees another element of it unchanged in Java, which another of the split
/// loops may have changed.
fn confined(func: &Function, parts: &LoopParts, runs: &[(Part, Vec<usize>)]) -> bool {
    let run_of = |k: usize| runs.iter().find(|(_, members)| members.contains(&k)).map(|r| r.0);
    let is_index = |e: ExprId| parts.is_index(func, e);
    let mut confined = true;
    let mut check = |root: ExprId, run: Option<Part>| {
        walk::each_expr(func, root, &mut |e| match func.expr(e).kind {
            ExprKind::Local(l) => {
                let reduced = runs.iter().any(|(part, _)| *part == Part::Reduce(l));
                confined &= !reduced || run == Some(Part::Reduce(l));
            }
            ExprKind::Index { array, index } => {
                let stored = |a| runs.iter().any(|(part, _)| *part == Part::Store(a));
                let of_stored = matches!(func.expr(array).kind, ExprKind::Local(a) if stored(a));
                confined &= !of_stored || is_index(index);
            }
            _ => {}
        });
    };
    check(parts.start, None);
    check(parts.test, None);
    for (k, s) in parts.body.stmts.iter().enumerate() {
        walk::each_stmt_of(s, &mut |t| {
            for root in walk::stmt_roots(t) {
                check(root, run_of(k));
            }
        });
    }
    confined
}

/// The bodies of the loops after the first of a split loop ([`split`]): each run after the
/// first, after the declarations it needs, when
///
/// - each such declaration gives the value it gave in the first loop: one reading an array
///   that an earlier run stores must follow every store to it;
/// - one of the loops at most may fail or not return ([`host_may_fail`]), each where the
///   loops before it returned: a later loop evaluates again only declarations that the
///   first evaluated, with the same values; an element at the loop's index is in range
///   where every iteration of the earlier runs read or wrote its array at that index
///   ([`proven_at_index`]), and in any loop where the index stays inside the array
///   ([`inside_arrays`]).
fn later_bodies(
    module: &Module,
    func: &Function,
    parts: &LoopParts,
    runs: &[(Part, Vec<usize>)],
) -> Option<Vec<Vec<Stmt>>> {
    let stmts = &parts.body.stmts;
    let second = runs[1].1[0];
    let inside = inside_arrays(func, parts);
    let failing = |stmts: &[Stmt], proven: &HashSet<LocalId>| {
        let non_null = |a: LocalId| proven.contains(&a) || inside(a);
        let mut fails = false;
        for s in stmts {
            walk::each_stmt_of(s, &mut |t| {
                for root in walk::stmt_roots(t) {
                    fails |= host_may_fail(module, func, root, parts.index, &non_null);
                }
            });
        }
        fails
    };
    let mut failing_loops = usize::from(failing(&stmts[..second], &HashSet::new()));
    let mut bodies = Vec::new();
    for (g, (_, members)) in runs.iter().enumerate().skip(1) {
        let (start, end) = (members[0], members[members.len() - 1]);
        let run = &stmts[start..=end];
        // The declarations the run needs, last first.
        let mut needed = HashSet::new();
        let mention = |root: ExprId, needed: &mut HashSet<LocalId>| {
            walk::each_expr(func, root, &mut |e| {
                if let ExprKind::Local(l) = func.expr(e).kind {
                    needed.insert(l);
                }
            })
        };
        for s in run {
            walk::each_stmt_of(s, &mut |t| {
                walk::stmt_roots(t).into_iter().for_each(|root| mention(root, &mut needed))
            });
        }
        let mut redeclared = Vec::new();
        for (k, s) in stmts[..second].iter().enumerate().rev() {
            let Stmt::Let { local, init: Some(init) } = s else { continue };
            if !needed.contains(local) {
                continue;
            }
            let stale = runs[..g].iter().any(|(part, members)| {
                matches!(part, Part::Store(w) if walk::mentions(func, *init, *w))
                    && members.iter().any(|m| *m > k)
            });
            if stale {
                return None;
            }
            mention(*init, &mut needed);
            redeclared.push(s.clone());
        }
        redeclared.reverse();
        failing_loops +=
            usize::from(failing(run, &proven_at_index(func, &stmts[..start], parts.index)));
        if failing_loops > 1 {
            return None;
        }
        redeclared.extend_from_slice(run);
        bodies.push(redeclared);
    }
    Some(bodies)
}

/// Whether evaluating `root` on the host may throw, or not return: [`walk::may_fail`] with
/// the elements at the index `i` of the arrays `non_null` holds in range, and only the
/// library's `Math` functions safe among calls (a helper of the program may throw where a
/// kernel's analysis lets it, allocating or reading a `null` array, or loop forever), and
/// `.length` able to fail but of those arrays (on the host an array may be `null`).
fn host_may_fail(
    module: &Module,
    func: &Function,
    root: ExprId,
    i: LocalId,
    non_null: &dyn Fn(LocalId) -> bool,
) -> bool {
    let in_range = |e: ExprId| index_of(func, e, i).is_some_and(non_null);
    let math = |f: FuncId| walk::library_math(module, f);
    let mut lengths = false;
    walk::each_expr(func, root, &mut |e| {
        if let ExprKind::Length(a) = func.expr(e).kind {
            lengths |= !matches!(func.expr(a).kind, ExprKind::Local(l) if non_null(l));
        }
    });
    lengths || walk::may_fail(func, root, &in_range, &math)
}

/// Whether the index of a loop stays inside an array, which is then no `null` and its
/// elements at the index in range, whatever the program gave: an array whose length the
/// test reads (`i < a.length`), or one given `new T[e]` in its declaration and nothing
/// else in the function, whose length the test reads as `e`, where `e`'s locals are given
/// one value each (`long[] s = new long[n];` before `for (int i = 0; i < n; i++)`). The
/// ranges: up by 1 from a constant of at least 0 to `i < len` or `i <= len - c`, or down
/// by 1 from `len - c` to `i >= c'` or `i > c' - 1`, `c` at least 1 and `c'` at least 0.
fn inside_arrays<'f>(func: &'f Function, parts: &LoopParts) -> impl Fn(LocalId) -> bool + 'f {
    let stable = walk::stable_locals(func);
    let once = walk::declared_once(func);
    // The length of `a`'s one array, as its allocation reads it.
    let length = move |a: LocalId| -> Option<ExprId> {
        if !stable(a) {
            return None;
        }
        let ExprKind::NewArray { dims } = &func.expr(*once.get(&a)?).kind else { return None };
        let [d] = dims.as_slice() else { return None };
        let mut given = true;
        walk::each_expr(func, *d, &mut |e| match func.expr(e).kind {
            ExprKind::Local(l) => given &= stable(l),
            ExprKind::Const(_) => {}
            ExprKind::Binary { op, .. } => given &= matches!(op.ty, PrimOrRef::Prim(_)),
            _ => given = false,
        });
        given.then_some(*d)
    };
    let is_const = |e: ExprId, least: i32| match func.expr(e).kind {
        ExprKind::Const(Const::Int(c)) => c >= least,
        _ => false,
    };
    // `x - c` for a constant `c` of at least 1: `x`.
    let minus_constant = |e: ExprId| match func.expr(e).kind {
        ExprKind::Binary { op, lhs, rhs } if op.kind == BinOpKind::Sub && is_const(rhs, 1) => {
            Some(lhs)
        }
        _ => None,
    };
    let step = match parts.update {
        [u] => walk::constant_step(func, *u, parts.index),
        _ => None,
    };
    // The expression the array's length must be.
    let len = match (step, &func.expr(parts.test).kind) {
        (Some(step), ExprKind::Binary { op, lhs, rhs }) if parts.is_index(func, *lhs) => {
            match (step, op.kind) {
                (1, BinOpKind::Lt) if is_const(parts.start, 0) => Some(*rhs),
                (1, BinOpKind::Le) if is_const(parts.start, 0) => minus_constant(*rhs),
                (-1, BinOpKind::Ge) if is_const(*rhs, 0) => minus_constant(parts.start),
                (-1, BinOpKind::Gt) if is_const(*rhs, -1) => minus_constant(parts.start),
                _ => None,
            }
        }
        _ => None,
    };
    move |a: LocalId| {
        let Some(len) = len else { return false };
        match func.expr(len).kind {
            ExprKind::Length(x) => matches!(func.expr(x).kind, ExprKind::Local(y) if y == a),
            _ => length(a).is_some_and(|d| walk::same_value(func, d, len)),
        }
    }
}

/// The arrays that every iteration of a loop whose body starts with `stmts` reads or writes
/// at the index `i`, whatever its conditions: the top-level statements' values and tests
/// outside the branches of `?:` and the right operands of `&&` and `||`, and what both
/// branches of an `if` do.
fn proven_at_index(func: &Function, stmts: &[Stmt], i: LocalId) -> HashSet<LocalId> {
    fn unconditional(func: &Function, e: ExprId, i: LocalId, out: &mut HashSet<LocalId>) {
        out.extend(index_of(func, e, i));
        let kind = &func.expr(e).kind;
        let children = match kind {
            ExprKind::Conditional { cond, .. } => vec![*cond],
            ExprKind::Binary { op, lhs, .. }
                if matches!(op.kind, BinOpKind::And | BinOpKind::Or) =>
            {
                vec![*lhs]
            }
            _ => walk::children(kind),
        };
        for child in children {
            unconditional(func, child, i, out);
        }
    }
    let mut out = HashSet::new();
    for s in stmts {
        for root in walk::stmt_roots(s) {
            unconditional(func, root, i, &mut out);
        }
        if let Stmt::If { then_block, else_block: Some(else_block), .. } = s {
            let then = proven_at_index(func, &then_block.stmts, i);
            out.extend(then.intersection(&proven_at_index(func, &else_block.stmts, i)));
        }
    }
    out
}
