//! Locals whose `@` results may stay on the device until the host reads them.
//!
//! A `@` that runs on a device writes its result into a device buffer. Downloading it right
//! after the call is what a host that reads every element needs; many programs read much
//! less. Black-Scholes prints `prices[0]` of 8,000,000 prices whose sums the device has
//! computed; MRI-Q reads two of its `Q` values; Monte Carlo only reduces its counts, on the
//! device. This analysis finds the locals for which the host writer may hold the result as
//! a runtime `Lazy` (runtime `device/lazy.rs`): the buffer stays on the device, calls that
//! pass the local find it there, an element read outside loops fetches that element, and
//! any other use downloads the whole array once per value, as the call would have.
//!
//! A local `v` of a function that is neither a SOMD method nor `local` (a `local` function
//! may run in a kernel, where a `@` is no device call) qualifies when
//!
//! - it is a variable (no parameter, no `dist`) of a one-dimensional value-array type of
//!   primitives or value objects, `T[[]]` (what a `@` of a function returning `T` makes);
//! - every value it is given is a `@`, a frozen copy of a 1-D primitive array local
//!   (`new T[[]](y)`, which shares `y`'s device copy when `y` holds SOMD results, below),
//!   a literal (`new int[[]]{0}`, held by the host until a device call uploads it), or
//!   another variable's or a parameter's value that it keeps too (`int[[]] b = a;`: a value
//!   array cannot change, so `b` shares a lazy `a`'s handle, [`LazyLocal::shares`], or
//!   holds the host's value):
//!   its declaration's initialiser, if any, and every assignment, each a statement of its
//!   own (so no other name ever holds the result), with at least one `@` the device may run
//!   (`plan`) that the next statement's `@` does not compute inline ([`super::mapfuse`],
//!   whose producer local is never materialised) and that no `!` folds
//!   ([`super::nested`]), or a frozen copy of a local a device SOMD call gives values;
//! - reading it late gains something: some use hands it to a construct the device may run
//!   (a mapped or broadcast argument of a `@`, the array of a `!`, an argument of a SOMD
//!   method), or every use is an element
//!   read made once per value of `v` (not inside a loop that the declaration is outside of)
//!   or its `.length`.
//!
//! # SOMD results
//!
//! A mutable array local holding SOMD results (`x = relax(x, b)` in a host loop, CG's `r =
//! axpy(r, ap, -alpha)`) is lazy too ([`LazyLocal::mutable`]; the runtime's `LazyArr`):
//! the result of a call the device runs stays there, the next call passing the local finds
//! it, and the host downloads it where it reads or writes the array. A local qualifies when
//!
//! - it is a 1-D primitive array variable, or a matrix of primitives (`LazyMat`), that is a
//!   keep candidate (`keep`): every value it holds is fresh (an allocation, or a SOMD
//!   result made of the method's own arrays), and it lends its storage to nothing but
//!   readers, so no statement can write the storage but an element store naming the local
//!   (for a matrix, through a row it names: `m[i][j] = v`), which downloads the array
//!   first and drops the device copy;
//! - some value it is given, as a statement of its own (`x = f(..);`, or its declaration's
//!   initialiser), is the result of a SOMD method the device may run, or is moved out of a
//!   local given such results (`x = w;`, `T[] x = w;` at `w`'s last mention); a local
//!   may also start from another name's array that stays in use (`T[] x = w;`,
//!   [`LazyLocal::borrowed`]), held as a lent host copy that never becomes a device copy,
//!   and so does a parameter (no `dist`), from the caller's array (a helper's `x = relax(x,
//!   b)` rounds, eighty-third session: each came down and went up again);
//! - reading it late gains something: some use hands it to a read-only parameter of a SOMD
//!   method the device may run, or to a `!` the device may run (of `int`, `long`, `float`
//!   or `double` elements), freezes it for a device `@`, `!` or SOMD method or into a
//!   value-array local holding lazy values (the frozen copy shares the device copy), or
//!   every use is its `.length` or an element read made once per value (which fetches that
//!   element, as for `@` results).
//!
//! Every other use reads the host copy, downloading it first if need be.
//!
//! Correctness does not depend on the uses: every use other than an element read, the
//! length or a device argument reads the host copy, which the first such use downloads. The
//! conditions only keep the runtime's bookkeeping off results that every host would read
//! whole anyway.

use super::walk::{self, each_expr, parent_of, stmt_blocks, stmt_roots};
use super::{ProgramInfo, Subject};
use crate::ir::*;
use somd_diag::Span;
use somd_syntax::ast::PrimType;
use std::collections::HashMap;

/// A local whose `@` results stay on the device until the host reads them.
#[derive(Clone, Debug, PartialEq)]
pub struct LazyLocal {
    pub func: FuncId,
    pub local: LocalId,
    /// The `@`s whose results it holds (its initialiser and the values assigned to it).
    pub maps: Vec<ExprId>,
    /// Element reads made once per value of the local: each may fetch its one element.
    pub single_reads: Vec<ExprId>,
    /// Its mentions as an argument of a `@` or the array of a `!` (read on the device when
    /// that construct runs there).
    pub handed: Vec<ExprId>,
    /// Element reads inside loops and every other use: each reads the host copy.
    pub whole: Vec<ExprId>,
    /// Of a value array, its mentions as the whole value another local of its type is given
    /// while this one keeps it (`int[[]] b = a;`, `b = a;` where `a` is used later): the
    /// two share the handle (`Lazy::clone`), as a value array cannot change.
    pub shares: Vec<ExprId>,
    /// Of a value array, its mentions moving its value into another local at its last
    /// mention (`x = v;`, `keep::moved_value_local`): the handle goes with it.
    pub moves: Vec<ExprId>,
    /// Of an array or matrix holding SOMD results, its declaration's value where that is
    /// another name's array (`double[] y = x;`, `double[][] g = u;`, the other used later:
    /// `keep::borrowed_let`). The local holds it as a lent host copy (`LazyArr::from_lent`,
    /// `LazyMat::from_lent`): every call reading it uploads it, so what the other name
    /// writes reaches the call, until a SOMD result replaces it.
    pub borrowed: Vec<ExprId>,
    /// Of a 1-D array holding SOMD results, its element stores `x[i] = v`, `x[i] op= v` and
    /// `x[i]++` (the `Index`): each writes the device copy where it is the only one and no
    /// frozen copy shares it (`LazyArr::set`), else the host copy, dropping the device copy;
    /// a compound store reads the element first (`LazyArr::get`).
    pub stores: Vec<ExprId>,
    /// Of a matrix holding SOMD results, its rows taken only to read an element or the
    /// row's length (`m[i][j]`, `m[i].length`, the `m[i]`): they read the host copy and
    /// keep the device copy, which still holds the same elements. Every other use of a
    /// row (an element store, a row passed on) drops the device copy.
    pub read_rows: Vec<ExprId>,
    /// Of such a matrix, its rows whose element a statement stores to, where nothing else
    /// in the statement calls anything (`m[i][j] = x * 2;`): the store drops the device
    /// copy, and no call can take an upload of the host copy between the row's fetch and
    /// the store, so the host copy stays the device's to adopt at the next call.
    pub stored_rows: Vec<ExprId>,
    /// The local's declaration.
    pub span: Span,
    /// A mutable array holding SOMD results ("SOMD results" in the module doc): `maps` are
    /// the SOMD calls whose results it is given, `handed` its mentions as arguments of
    /// read-only parameters of SOMD methods and `!`s the device may run, `single_reads` as
    /// for `@` results, and `whole` every other use.
    pub mutable: bool,
}

impl LazyLocal {
    /// `local` of `func`, declared at `span`, with no use recorded yet.
    fn new(func: FuncId, local: LocalId, span: Span, mutable: bool) -> LazyLocal {
        LazyLocal {
            func,
            local,
            maps: Vec::new(),
            single_reads: Vec::new(),
            handed: Vec::new(),
            whole: Vec::new(),
            shares: Vec::new(),
            moves: Vec::new(),
            borrowed: Vec::new(),
            stores: Vec::new(),
            read_rows: Vec::new(),
            stored_rows: Vec::new(),
            span,
            mutable,
        }
    }
}

/// Every lazy local of the module, by function and local.
pub fn lazy_locals(module: &Module, info: &ProgramInfo) -> Vec<LazyLocal> {
    let mut out = Vec::new();
    for (i, func) in module.functions.iter().enumerate() {
        // A `local` function may run inside a kernel, where a `@` is folded in the
        // work-item (`nested`); a SOMD body's `@`s run in every MI.
        if func.is_somd() || func.is_local {
            continue;
        }
        let fid = FuncId(i as u32);
        let depths = LoopDepths::new(func);
        let parents = walk::parents(func);
        let statements = walk::expr_statements(func);
        // The function's swaps, found once for all its locals.
        let swaps = super::keep::swaps(func);
        let at = Place { fid, parents: &parents, depths: &depths, swaps: &swaps };
        for l in 0..func.locals.len() as u32 {
            if let Some(lazy) =
                lazy_local(module, info, fid, LocalId(l), &depths, &parents, &statements)
            {
                out.push(lazy);
            } else if let Some(lazy) = lazy_results(module, info, &at, LocalId(l)) {
                out.push(lazy);
            }
        }
        // Locals swapped (or rotated) with each other, through one swap or a chain of them,
        // whose values all come from the swaps or the host hold no SOMD result: none gains
        // anything from staying a `LazyArr`. A group goes as a whole, so that its swaps
        // stay all `LazyArr`s or all plain arrays.
        let swapped: Vec<ExprId> = swaps
            .iter()
            .flat_map(|w| w.steps.iter().chain([&w.last]))
            .filter_map(|e| match &func.expr(*e).kind {
                ExprKind::Assign { value, .. } => Some(*value),
                _ => None,
            })
            .collect();
        // A value from a SOMD call, or moved out of another local (`x = xn;`), not a swap's.
        let holds_results = |l: LocalId| {
            out.iter().any(|z| {
                z.func == fid
                    && z.local == l
                    && z.mutable
                    && z.maps.iter().any(|e| {
                        matches!(func.expr(*e).kind, ExprKind::SomdCall { .. })
                            || (matches!(func.expr(*e).kind, ExprKind::Local(_))
                                && !swapped.contains(e))
                    })
            })
        };
        let mut groups: Vec<Vec<LocalId>> = Vec::new();
        for swap in swaps.iter() {
            let joined: Vec<usize> = (0..groups.len())
                .filter(|g| groups[*g].iter().any(|l| swap.locals.contains(l)))
                .collect();
            let mut group: Vec<LocalId> = swap.locals.clone();
            for g in joined.into_iter().rev() {
                group.extend(groups.remove(g));
            }
            groups.push(group);
        }
        let idle: Vec<LocalId> = groups
            .into_iter()
            .filter(|group| !group.iter().any(|l| holds_results(*l)))
            .flatten()
            .collect();
        out.retain(|z| !(z.func == fid && z.mutable && idle.contains(&z.local)));
        // A frozen copy given to a value-array local shares the device copy only when that
        // local holds lazy values; otherwise the freeze reads the host copy.
        let value_lazy: Vec<LocalId> =
            out.iter().filter(|z| z.func == fid && !z.mutable).map(|z| z.local).collect();
        for z in out.iter_mut().filter(|z| z.func == fid && z.mutable) {
            let (kept, dropped): (Vec<ExprId>, Vec<ExprId>) = z.handed.iter().partition(|m| {
                let named = parent_of(&parents, **m)
                    .filter(|f| matches!(func.expr(*f).kind, ExprKind::Freeze(_)))
                    .and_then(|f| named_freeze(func, &parents, &statements, f));
                named.is_none_or(|v| value_lazy.contains(&v))
            });
            // (The local stays lazy: swap partners stay alike, and correctness never
            // depends on the uses.)
            z.handed = kept;
            z.whole.extend(dropped);
        }
    }
    out
}

/// Whether `x` may be given `w`'s value as a handle both hold: a variable `x` and a variable
/// or parameter `w` (no `dist`, no `shared`) of one flat value-array type. A parameter is
/// the caller's array, which nothing can change either: `x` holds it as a value of the host
/// (`Lazy::from_host`) until its first `@` result.
fn shares_with(func: &Function, w: LocalId, x: LocalId) -> bool {
    let plain = |l: LocalId, kinds: &[LocalKind]| super::keep::plain_local(func, l, kinds);
    w != x
        && func.local(w).ty == func.local(x).ty
        && plain(w, &[LocalKind::Var, LocalKind::Param])
        && plain(x, &[LocalKind::Var])
}

/// Whether `ty` is a one-dimensional value array of primitives or of objects of a value
/// class made of primitives and such classes (a kernel's `typedef struct`).
pub fn is_flat_value_array(module: &Module, ty: &Type) -> bool {
    match ty {
        Type::ValueArray(elem, _) => is_flat(module, elem, 0),
        _ => false,
    }
}

/// Whether `ty` is a primitive, or a value class whose fields are (at most 8 levels deep).
fn is_flat(module: &Module, ty: &Type, depth: u32) -> bool {
    match ty {
        Type::Prim(_) => true,
        Type::Object(c) if depth < 8 => module.classes.get(c.0 as usize).is_some_and(|class| {
            class.is_value && class.fields.iter().all(|f| is_flat(module, &f.ty, depth + 1))
        }),
        _ => false,
    }
}

fn lazy_local(
    module: &Module,
    info: &ProgramInfo,
    fid: FuncId,
    v: LocalId,
    depths: &LoopDepths,
    parents: &[Option<ExprId>],
    statements: &std::collections::HashSet<ExprId>,
) -> Option<LazyLocal> {
    let func = module.function(fid);
    let local = func.local(v);
    if local.kind != LocalKind::Var
        || local.dist.is_some()
        || local.shared
        || !is_flat_value_array(module, &local.ty)
    {
        return None;
    }
    let is_map = |e: ExprId| matches!(func.expr(e).kind, ExprKind::Map { .. });
    let on_device =
        |subject: Subject| info.placements.iter().any(|p| p.subject == subject && p.device.is_ok());
    // `new T[[]](y)` of a 1-D primitive array local: the frozen copy of a SOMD result left
    // on the device shares its device copy ("SOMD results" below).
    // Or a literal (`new int[[]]{0, 1}`): a value the host made, which nothing can change
    // (the runtime's `Lazy::from_host`), as a wavefront's first two diagonals are (probe
    // 110).
    let frozen = |e: ExprId| {
        frozen_local(func, e).is_some()
            || frozen_call(func, e).is_some()
            || matches!(func.expr(e).kind, ExprKind::ValueArrayLit(_))
    };
    // Another variable or a parameter of the same type: a value array cannot change, so the
    // two names may share one handle (probe 110: `int[[]] b = a;` before `b = C @ f(b)`
    // rounds made every round's result come down), or the local holds the parameter's
    // value as the host's.
    let shared_var =
        |e: ExprId| matches!(func.expr(e).kind, ExprKind::Local(w) if shares_with(func, w, v));
    // A local declared twice (in two sibling blocks) qualifies for neither.
    depths.declared.get(&v)?;
    let mut maps = Vec::new();
    if let Some(init) = depths.inits.get(&v) {
        match init {
            Some(e) if is_map(*e) || frozen(*e) || shared_var(*e) => maps.push(*e),
            Some(_) => return None,
            None => {}
        }
    }
    let mut lazy = LazyLocal::new(fid, v, local.span, false);
    for (i, e) in func.exprs.iter().enumerate() {
        let id = ExprId(i as u32);
        if !matches!(e.kind, ExprKind::Local(l) if l == v) {
            continue;
        }
        let parent = parent_of(parents, id);
        match parent.map(|p| &func.expr(p).kind) {
            Some(ExprKind::Assign { target, value }) if *target == id => {
                // Only `v = C @ f(..);` (or a freeze) as a statement: the result has no
                // second name. Or `v = w;` moving another such local's value at its last
                // mention (`keep::moved_value_local`): it has none either.
                let moved = parent.and_then(|p| super::keep::moved_value_local(module, func, p));
                if !(is_map(*value) || frozen(*value) || moved.is_some() || shared_var(*value))
                    || !parent.is_some_and(|p| statements.contains(&p))
                {
                    return None;
                }
                maps.push(*value);
            }
            // `x = v;` moving this value on: the handle goes with it (a lazy `x` takes it as
            // it is, any other reads the host copy).
            Some(ExprKind::Assign { value, .. })
                if *value == id
                    && parent.is_some_and(|p| {
                        statements.contains(&p)
                            && super::keep::moved_value_local(module, func, p)
                                .is_some_and(|(_, w)| w == v)
                    }) =>
            {
                lazy.moves.push(id)
            }
            // `x = v;` where `v` keeps its value too: `x` shares the handle.
            Some(ExprKind::Assign { target, value })
                if *value == id
                    && parent.is_some_and(|p| statements.contains(&p))
                    && matches!(func.expr(*target).kind,
                        ExprKind::Local(x) if shares_with(func, v, x)) =>
            {
                lazy.shares.push(id)
            }
            // `T[[]] x = v;`: the declaration's initialiser.
            None if depths
                .inits
                .iter()
                .any(|(x, init)| *init == Some(id) && shares_with(func, v, *x)) =>
            {
                lazy.shares.push(id)
            }
            Some(ExprKind::CompoundAssign { .. } | ExprKind::IncDec { .. }) => return None,
            Some(ExprKind::Index { array, .. }) if *array == id => {
                let read = parent.unwrap_or(id);
                match depths.once_per_value(func, v, read) {
                    true => lazy.single_reads.push(read),
                    false => lazy.whole.push(read),
                }
            }
            Some(ExprKind::Length(_)) => {}
            // A `@` or a `!` the device may run reads it there; one that runs on the CPU
            // reads the host copy.
            Some(ExprKind::Map { args, .. })
                if args.iter().any(|(a, _)| *a == id)
                    && parent
                        .is_some_and(|p| on_device(Subject::Map { in_func: fid, expr: p })) =>
            {
                lazy.handed.push(id);
            }
            // `op !` of `byte`, `short` or `char` elements too: the kernel widens each one
            // it reads.
            Some(ExprKind::ReduceArray { array, .. }) if *array == id => {
                match parent.is_some_and(|p| on_device(Subject::Reduce { in_func: fid, expr: p })) {
                    true => lazy.handed.push(id),
                    false => lazy.whole.push(id),
                }
            }
            // A SOMD method that may run on the device takes it as it is.
            Some(ExprKind::SomdCall { func: callee, args, .. })
                if args.contains(&id) && on_device(Subject::SomdMethod(*callee)) =>
            {
                lazy.handed.push(id)
            }
            // `Somd.thaw(v)` handed to such a method, or given to a 1-D array local (which
            // holds it as SOMD results are held): the thawed copy shares the device copy
            // (runtime `Lazy::thaw_lazy`).
            Some(ExprKind::Builtin { builtin: Builtin::SomdThaw, .. })
                if parent.is_some_and(|t| {
                    thawed_for_device(info, func, parents, t)
                        || thaw_target(func, parents, statements, t).is_some()
                }) =>
            {
                lazy.handed.push(id)
            }
            _ => lazy.whole.push(id),
        }
    }
    // A `@` the device may run, whose result the host would otherwise download.
    let fused_producer = |e: ExprId| {
        info.map_fusions.iter().any(|f| f.in_func == fid && f.producer == e)
            || info.nested.contains(&(fid, e))
    };
    // Or a frozen copy of a local some value of which a SOMD method the device may run
    // gives.
    let device_call = |e: ExprId| {
        matches!(func.expr(e).kind, ExprKind::SomdCall { func: callee, .. }
            if on_device(Subject::SomdMethod(callee)))
    };
    let frozen_result = |e: ExprId| {
        frozen_local(func, e)
            .is_some_and(|y| given_results(func, statements, depths, y, &device_call))
            || frozen_call(func, e).is_some_and(|f| on_device(Subject::SomdMethod(f)))
    };
    let device_value = |e: ExprId| {
        (on_device(Subject::Map { in_func: fid, expr: e }) && !fused_producer(e))
            || frozen_result(e)
    };
    // A value moved out of a local given such a value (`double[[]] nx = C @ f(..); x =
    // nx;`), directly or through other such moves (`prev2 = prev1; prev1 = cur;`), counts
    // as that one.
    // The values given to each local of `v`'s type (only those move values into it), by
    // declaration and assignment, in one pass.
    let mut values: HashMap<LocalId, Vec<ExprId>> = HashMap::new();
    for (w, init) in &depths.inits {
        if let (Some(init), true) = (init, func.local(*w).ty == local.ty) {
            values.entry(*w).or_default().push(*init);
        }
    }
    for e in &func.exprs {
        if let ExprKind::Assign { target, value } = &e.kind {
            if let ExprKind::Local(w) = func.expr(*target).kind {
                if func.local(w).ty == local.ty {
                    values.entry(w).or_default().push(*value);
                }
            }
        }
    }
    let mut given: std::collections::HashSet<LocalId> = std::collections::HashSet::new();
    loop {
        let before = given.len();
        for (w, given_to) in &values {
            let found = given_to.iter().any(|e| {
                device_value(*e)
                    || matches!(func.expr(*e).kind, ExprKind::Local(u) if given.contains(&u))
            });
            if found {
                given.insert(*w);
            }
        }
        if given.len() == before {
            break;
        }
    }
    let moved_device =
        |e: ExprId| matches!(func.expr(e).kind, ExprKind::Local(w) if given.contains(&w));
    if !maps.iter().any(|e| device_value(*e) || moved_device(*e)) {
        return None;
    }
    let gains = !lazy.handed.is_empty() || !lazy.shares.is_empty() || lazy.whole.is_empty();
    if !gains {
        return None;
    }
    lazy.maps = maps;
    Some(lazy)
}

/// Whether `thaw` (`Somd.thaw(v)` of a 1-D value array of primitives) is an argument of a
/// SOMD method the device may run.
pub fn thawed_for_device(
    info: &ProgramInfo,
    func: &Function,
    parents: &[Option<ExprId>],
    thaw: ExprId,
) -> bool {
    let flat = matches!(&func.expr(thaw).ty, Type::Array(t) if matches!(**t, Type::Prim(_)));
    flat && parent_of(parents, thaw).is_some_and(|c| match &func.expr(c).kind {
        ExprKind::SomdCall { func: callee, args, .. } => {
            args.contains(&thaw)
                && info
                    .placements
                    .iter()
                    .any(|p| p.subject == Subject::SomdMethod(*callee) && p.device.is_ok())
        }
        _ => false,
    })
}

/// The 1-D primitive array local that `thaw` (`Somd.thaw(v)` of a lazy local's `@` result)
/// gives its value to, as the initialiser of its declaration or an assignment statement
/// (`double[] t = Somd.thaw(z);`).
pub fn thaw_target(
    func: &Function,
    parents: &[Option<ExprId>],
    statements: &std::collections::HashSet<ExprId>,
    thaw: ExprId,
) -> Option<LocalId> {
    given_to(func, parents, statements, thaw, |l| super::keep::is_prim_array(&l.ty))
}

/// The value-array local `v` that the freeze `f` gives its value to, as the initialiser of
/// its declaration or an assignment statement (`double[[]] v = new double[[]](y);`).
fn named_freeze(
    func: &Function,
    parents: &[Option<ExprId>],
    statements: &std::collections::HashSet<ExprId>,
    f: ExprId,
) -> Option<LocalId> {
    given_to(func, parents, statements, f, |l| matches!(l.ty, Type::ValueArray(..)))
}

/// The variable `e` is the whole value of, as the initialiser of its declaration or the
/// value of an assignment statement, when `accept` takes it.
fn given_to(
    func: &Function,
    parents: &[Option<ExprId>],
    statements: &std::collections::HashSet<ExprId>,
    e: ExprId,
    accept: impl Fn(&Local) -> bool,
) -> Option<LocalId> {
    let ok = |l: LocalId| func.local(l).kind == LocalKind::Var && accept(func.local(l));
    match parent_of(parents, e) {
        Some(p) => match &func.expr(p).kind {
            ExprKind::Assign { target, value } if *value == e && statements.contains(&p) => {
                match func.expr(*target).kind {
                    ExprKind::Local(l) if ok(l) => Some(l),
                    _ => None,
                }
            }
            _ => None,
        },
        None => {
            let mut target = None;
            walk::each_stmt(&func.body, &mut |stmt| {
                if let Stmt::Let { local, init: Some(i) } = stmt {
                    if *i == e && ok(*local) {
                        target = Some(*local);
                    }
                }
            });
            target
        }
    }
}

/// Whether evaluating `e` can write nothing: no assignment, increment or call in it.
fn quiet(func: &Function, e: ExprId) -> bool {
    let mut quiet = true;
    each_expr(func, e, &mut |x| {
        quiet &= !matches!(
            func.expr(x).kind,
            ExprKind::Assign { .. }
                | ExprKind::CompoundAssign { .. }
                | ExprKind::IncDec { .. }
                | ExprKind::Call { .. }
                | ExprKind::SomdCall { .. }
                | ExprKind::IntermediateReduce { .. }
        );
    });
    quiet
}

/// The SOMD method `f` of `e`, `new T[[]](f(..))` (unbounded, of primitives) of a static
/// SOMD call returning a 1-D primitive array: a result frozen as it comes, which the host
/// glue leaves on the device for the freeze (`Glue::inline_left`; probe 104: `double[[]] y =
/// new double[[]](scale(x, r));` came down and went up again every round).
fn frozen_call(func: &Function, e: ExprId) -> Option<FuncId> {
    let ExprKind::Freeze(operand) = func.expr(e).kind else { return None };
    let ExprKind::SomdCall { func: callee, .. } = func.expr(operand).kind else {
        return None;
    };
    let flat =
        matches!(&func.expr(e).ty, Type::ValueArray(t, None) if matches!(**t, Type::Prim(_)));
    (flat && super::keep::is_prim_array(&func.expr(operand).ty)).then_some(callee)
}

/// The local `y` of `e`, `new T[[]](y)` (unbounded, of primitives) of a 1-D primitive array
/// variable.
fn frozen_local(func: &Function, e: ExprId) -> Option<LocalId> {
    let ExprKind::Freeze(operand) = func.expr(e).kind else { return None };
    let ExprKind::Local(y) = func.expr(operand).kind else { return None };
    let flat =
        matches!(&func.expr(e).ty, Type::ValueArray(t, None) if matches!(**t, Type::Prim(_)));
    let local = func.local(y);
    (flat && local.kind == LocalKind::Var && super::keep::is_prim_array(&local.ty)).then_some(y)
}

/// A host function whose locals [`lazy_results`] judges, with what it finds once for all of
/// them.
struct Place<'a> {
    fid: FuncId,
    parents: &'a [Option<ExprId>],
    depths: &'a LoopDepths,
    swaps: &'a [super::keep::Swap],
}

/// `v` as a mutable array local holding SOMD results ("SOMD results" in the module doc).
fn lazy_results(
    module: &Module,
    info: &ProgramInfo,
    at: &Place<'_>,
    v: LocalId,
) -> Option<LazyLocal> {
    let (fid, parents, depths, swaps) = (at.fid, at.parents, at.depths, at.swaps);
    let func = module.function(fid);
    let local = func.local(v);
    if !matches!(local.kind, LocalKind::Var | LocalKind::Param)
        || local.shared
        || local.dist.is_some()
        || !matches!(local.ty, Type::Array(_))
    {
        return None;
    }
    // A local declared twice (in two sibling blocks) qualifies for neither.
    depths.declared.get(&v)?;
    let on_device = |callee: FuncId| {
        info.placements.iter().any(|p| p.subject == Subject::SomdMethod(callee) && p.device.is_ok())
    };
    // A SOMD call the device may run whose result is a 1-D primitive array or a matrix.
    let flat = |ty: &Type| super::keep::is_prim_array(ty) || super::keep::is_prim_matrix(ty);
    let matrix = super::keep::is_prim_matrix(&local.ty);
    let device_result = |e: ExprId| match &func.expr(e).kind {
        ExprKind::SomdCall { func: callee, .. } => {
            on_device(*callee) && flat(&module.function(*callee).ret)
        }
        // `Somd.thaw(z)` of a value-array local, which may hold `@` results on the device.
        ExprKind::Builtin { builtin: Builtin::SomdThaw, args } => {
            !matrix
                && args.first().is_some_and(|a| {
                    matches!(func.expr(*a).kind, ExprKind::Local(z)
                        if matches!(func.local(z).ty, Type::ValueArray(..)))
                })
        }
        _ => false,
    };
    if !super::keep::fresh_and_unlent(module, func, parents, swaps, v) {
        return None;
    }
    let statements = walk::expr_statements(func);
    let mut lazy = LazyLocal::new(fid, v, local.span, true);
    // Declarations moving `v`'s array into another local (`T[] x = v;`), by initialiser.
    let mut moved_out = Vec::new();
    walk::each_stmt(&func.body, &mut |stmt| {
        if let Stmt::Let { local: l, init: Some(e) } = stmt {
            // A device call's result, or a move out of a local given such results
            // (`T[] cur = c;` after `c = scale(..)`).
            let moved = || {
                super::keep::moved_let(func, v, *e)
                    .is_some_and(|w| given_results(func, &statements, depths, w, &device_result))
            };
            if *l == v && (device_result(*e) || moved()) {
                lazy.maps.push(*e);
            } else if *l == v && super::keep::borrowed_let(func, v, *e).is_some() {
                lazy.borrowed.push(*e);
            }
            if *l != v && super::keep::moved_let(func, *l, *e) == Some(v) {
                moved_out.push(*e);
            }
        }
    });
    for (i, e) in func.exprs.iter().enumerate() {
        let id = ExprId(i as u32);
        if !matches!(e.kind, ExprKind::Local(l) if l == v) {
            continue;
        }
        // A swap with another such local: it gives `v` the other's array, or moves `v`'s on.
        if let Some(swap) = swaps.iter().find(|w| w.mentions(func, id)) {
            match swap.given(func, id) {
                Some(value) => lazy.maps.push(value),
                None => lazy.handed.push(id),
            }
            continue;
        }
        // Moved on by a declaration at its last mention: the array goes on as it is.
        if moved_out.contains(&id) {
            lazy.handed.push(id);
            continue;
        }
        let parent = parent_of(parents, id);
        match parent.map(|p| &func.expr(p).kind) {
            Some(ExprKind::Assign { target, value }) if *target == id => {
                let statement = parent.is_some_and(|p| statements.contains(&p));
                // A move out of a local a device call gave its array (`x = xn;`), or out of
                // one that device calls or such moves give arrays (`prev = cur; cur =
                // next;`).
                let moved =
                    parent.and_then(|p| super::keep::moved_local(func, p)).is_some_and(|(_, w)| {
                        given_results(func, &statements, depths, w, &device_result)
                    });
                if statement && (device_result(*value) || moved) {
                    lazy.maps.push(*value);
                }
            }
            // Moved out at its last mention into another local: the array goes on as it is.
            Some(ExprKind::Assign { value, .. })
                if *value == id
                    && parent.and_then(|p| super::keep::moved_local(func, p)).is_some() =>
            {
                lazy.handed.push(id);
            }
            Some(ExprKind::SomdCall { func: callee, args, .. })
                if on_device(*callee)
                    && args.iter().position(|a| *a == id).is_some_and(|p| {
                        (super::keep::read_only_param(module, *callee, p)
                            || super::keep::somd_param_by_value(module, *callee, p))
                            && flat(
                                &module
                                    .function(*callee)
                                    .local(module.function(*callee).params[p])
                                    .ty,
                            )
                    }) =>
            {
                lazy.handed.push(id);
            }
            // `op ! x` of a device reduction reduces the device copy where it is.
            Some(ExprKind::ReduceArray { array, .. })
                if *array == id
                    && wide_elements(&local.ty)
                    && parent.is_some_and(|p| {
                        info.placements.iter().any(|pl| {
                            pl.subject == Subject::Reduce { in_func: fid, expr: p }
                                && pl.device.is_ok()
                        })
                    }) =>
            {
                lazy.handed.push(id);
            }
            // `new T[[]](x)` handed to a device `@`, `!` or SOMD method, or given to a
            // value-array local (which `lazy_locals` keeps only if that local holds lazy
            // values): the frozen copy shares the device copy.
            Some(ExprKind::Freeze(_))
                if !matrix
                    && parent.is_some_and(|f| {
                        frozen_for_device(module, info, at, func, f)
                            || named_freeze(func, parents, &statements, f).is_some()
                    }) =>
            {
                lazy.handed.push(id);
            }
            // A mapped argument of a `@` the device may run: the `@` reads a frozen copy
            // sharing the device copy (probe 103: `x = step(x); h = C @ half(x);` sent `x`
            // down and up again every round).
            Some(ExprKind::Map { args, .. })
                if !matrix
                    && args.iter().any(|(a, how)| *a == id && *how == MapArg::Mapped)
                    // The copy is taken where the argument is evaluated: no other argument
                    // may write `x` after it (`C @ f(x, x[0] = 1.0)`, review 102).
                    && args.iter().all(|(a, _)| *a == id || quiet(func, *a))
                    && parent.is_some_and(|p| {
                        info.placements.iter().any(|pl| {
                            pl.subject == Subject::Map { in_func: fid, expr: p }
                                && pl.device.is_ok()
                        })
                    }) =>
            {
                lazy.handed.push(id);
            }
            Some(ExprKind::Length(_)) => {}
            // A matrix's row taken to read an element or its length. An element read made
            // once per value (`m[i][j]`) may fetch its one element (`LazyMat::get2`, where
            // both indices are free of effects; else the row reads the host copy).
            Some(ExprKind::Index { .. })
                if matrix && super::keep::row_element_or_length(func, parents, id, true) =>
            {
                lazy.read_rows.extend(parent);
                let element = parent.and_then(|p| {
                    parent_of(parents, p).filter(|q| {
                        matches!(func.expr(*q).kind, ExprKind::Index { array, .. } if array == p)
                    })
                });
                if let Some(q) = element.filter(|q| {
                    !walk::stored_to(func, parents, *q) && depths.once_per_value(func, v, *q)
                }) {
                    lazy.single_reads.push(q);
                }
            }
            Some(ExprKind::Index { .. })
                if matrix && stored_without_calls(func, parents, &statements, id) =>
            {
                lazy.stored_rows.extend(parent);
            }
            // An element read made once per value (no loop around it that is not around
            // the declaration) may fetch its one element.
            Some(ExprKind::Index { array, .. })
                if !matrix
                    && *array == id
                    && parent.is_some_and(|p| {
                        !walk::stored_to(func, parents, p) && depths.once_per_value(func, v, p)
                    }) =>
            {
                lazy.single_reads.extend(parent);
            }
            Some(ExprKind::Index { array, .. })
                if !matrix
                    && *array == id
                    && parent.is_some_and(|p| walk::stored_to(func, parents, p)) =>
            {
                lazy.stores.extend(parent);
            }
            _ => lazy.whole.push(id),
        }
    }
    // Reading late gains something: a device use, or only single elements read.
    let gains = !lazy.handed.is_empty() || (lazy.whole.is_empty() && !lazy.single_reads.is_empty());
    (!lazy.maps.is_empty() && gains).then_some(lazy)
}

/// Whether `freeze` (`new T[[]](x)`, unbounded, of primitives) is an argument of a `@` the
/// device may run, alone or folded by the `!` around it, the array of a device `!`, or an
/// argument of a SOMD method the device may run (whose wrapper takes value arrays as they
/// are, `rt::device::Lazy`).
fn frozen_for_device(
    module: &Module,
    info: &ProgramInfo,
    at: &Place<'_>,
    func: &Function,
    freeze: ExprId,
) -> bool {
    let flat =
        matches!(&func.expr(freeze).ty, Type::ValueArray(e, None) if matches!(**e, Type::Prim(_)));
    let Some(map) = parent_of(at.parents, freeze) else { return false };
    let on_device =
        |subject: Subject| info.placements.iter().any(|p| p.subject == subject && p.device.is_ok());
    if let ExprKind::ReduceArray { array, .. } = func.expr(map).kind {
        return flat
            && array == freeze
            && on_device(Subject::Reduce { in_func: at.fid, expr: map });
    }
    if let ExprKind::SomdCall { func: callee, args, .. } = &func.expr(map).kind {
        let callee_fn = module.function(*callee);
        let param = args.iter().position(|a| *a == freeze).and_then(|p| callee_fn.params.get(p));
        return flat
            && param.is_some_and(|p| is_flat_value_array(module, &callee_fn.local(*p).ty))
            && on_device(Subject::SomdMethod(*callee));
    }
    let ExprKind::Map { args, .. } = &func.expr(map).kind else { return false };
    let folded = parent_of(at.parents, map).is_some_and(|r| {
        matches!(func.expr(r).kind, ExprKind::ReduceArray { .. })
            && on_device(Subject::Reduce { in_func: at.fid, expr: r })
    });
    flat && args.iter().any(|(a, _)| *a == freeze)
        && (on_device(Subject::Map { in_func: at.fid, expr: map }) || folded)
}

/// Whether local `w` is given a device call's result: by its initialiser, by an assignment
/// statement, or by a move out of a local whose initialiser is one (`cur = next;` after
/// `T[] next = step(cur, ..);`).
fn given_results(
    func: &Function,
    statements: &std::collections::HashSet<ExprId>,
    depths: &LoopDepths,
    w: LocalId,
    device_result: &dyn Fn(ExprId) -> bool,
) -> bool {
    let init_result =
        |l: LocalId| matches!(depths.inits.get(&l), Some(Some(e)) if device_result(*e));
    init_result(w)
        || statements.iter().any(|s| match &func.expr(*s).kind {
            ExprKind::Assign { target, value }
                if matches!(func.expr(*target).kind, ExprKind::Local(l) if l == w) =>
            {
                device_result(*value)
                    || matches!(func.expr(*value).kind, ExprKind::Local(z) if init_result(z))
            }
            _ => false,
        })
}

/// Whether mention `id` of a matrix takes a row to store to one of its elements (`m[i][j] =
/// v`, `m[i][j] += v`, `m[i][j]++`) in a statement of nothing but locals, constants,
/// element accesses, lengths and operators: no call runs between the row's fetch and the
/// store.
fn stored_without_calls(
    func: &Function,
    parents: &[Option<ExprId>],
    statements: &std::collections::HashSet<ExprId>,
    id: ExprId,
) -> bool {
    let Some(row) = parent_of(parents, id) else { return false };
    let Some(element) = parent_of(parents, row) else { return false };
    if !matches!(func.expr(element).kind, ExprKind::Index { array, .. } if array == row)
        || !walk::stored_to(func, parents, element)
    {
        return false;
    }
    let mut root = element;
    while let Some(up) = parent_of(parents, root) {
        root = up;
    }
    let mut plain = statements.contains(&root);
    each_expr(func, root, &mut |e| {
        plain &= matches!(
            func.expr(e).kind,
            ExprKind::Const(_)
                | ExprKind::Local(_)
                | ExprKind::Index { .. }
                | ExprKind::Length(_)
                | ExprKind::Unary { .. }
                | ExprKind::Binary { .. }
                | ExprKind::Convert { .. }
                | ExprKind::Conditional { .. }
                | ExprKind::Assign { .. }
                | ExprKind::CompoundAssign { .. }
                | ExprKind::IncDec { .. }
        );
    });
    plain
}

/// Whether `ty` is an array of `int`, `long`, `float` or `double`: its `!` reduces the
/// elements as they are (narrower ones widen to `int` on their way).
fn wide_elements(ty: &Type) -> bool {
    matches!(ty, Type::Array(e) if matches!(**e, Type::Prim(
        PrimType::Int | PrimType::Long | PrimType::Float | PrimType::Double
    )))
}

/// The loop depth of every statement root of a function, and where each local is declared.
struct LoopDepths {
    /// Loops around each expression (a loop's test and update count as inside it).
    exprs: HashMap<ExprId, u32>,
    /// The innermost loop around each expression (loops numbered from 1; 0: none).
    loops: HashMap<ExprId, u32>,
    /// Loops numbered so far.
    numbered: u32,
    /// Loops around each local's declaration.
    declared: HashMap<LocalId, u32>,
    /// Each local's initialiser (`None`: declared without one). A local declared twice
    /// (in two sibling blocks) qualifies for neither.
    inits: HashMap<LocalId, Option<ExprId>>,
}

impl LoopDepths {
    fn of_block(
        &mut self,
        func: &Function,
        block: &Block,
        (depth, around): (u32, u32),
        twice: &mut Vec<LocalId>,
    ) {
        for stmt in &block.stmts {
            let is_loop = matches!(stmt, Stmt::Loop { .. });
            let inner = depth + u32::from(is_loop);
            let inner_loop = match is_loop {
                true => {
                    self.numbered += 1;
                    self.numbered
                }
                false => around,
            };
            if let Stmt::Let { local, init } = stmt {
                if self.declared.insert(*local, depth).is_some() {
                    twice.push(*local);
                }
                self.inits.insert(*local, *init);
            }
            for root in stmt_roots(stmt) {
                let at = match stmt {
                    Stmt::Loop { .. } => inner,
                    _ => depth,
                };
                each_expr(func, root, &mut |e| {
                    self.exprs.insert(e, at);
                    self.loops.insert(e, inner_loop);
                });
            }
            for nested in stmt_blocks(stmt) {
                self.of_block(func, nested, (inner, inner_loop), twice);
            }
        }
    }

    fn new(func: &Function) -> LoopDepths {
        let mut depths = LoopDepths {
            exprs: HashMap::new(),
            loops: HashMap::new(),
            numbered: 0,
            declared: HashMap::new(),
            inits: HashMap::new(),
        };
        // Parameters are declared outside every loop.
        depths.declared.extend(func.params.iter().map(|p| (*p, 0)));
        let mut twice = Vec::new();
        depths.of_block(func, &func.body, (0, 0), &mut twice);
        for l in twice {
            depths.declared.remove(&l);
        }
        depths
    }

    fn depth(&self, e: ExprId) -> u32 {
        self.exprs.get(&e).copied().unwrap_or(u32::MAX)
    }

    /// Whether the element read `read` of local `v` reads each of `v`'s values about once:
    /// no loop around it that is not around `v`'s declaration, or its innermost loop also
    /// gives `v` a new value (`x = step(x); acc += x[n / 2];` each round, probe 104: the
    /// whole array came down every round for one element). A loop reading it again without
    /// a new value costs at most the runtime's bound of single reads before the whole array
    /// comes down (`SINGLE_READS`).
    fn once_per_value(&self, func: &Function, v: LocalId, read: ExprId) -> bool {
        let declared_at = self.declared.get(&v).copied().unwrap_or(u32::MAX);
        if self.depth(read) <= declared_at {
            return true;
        }
        let around = self.loops.get(&read).copied().unwrap_or(0);
        around != 0
            && func.exprs.iter().enumerate().any(|(i, e)| {
                matches!(e.kind, ExprKind::Assign { target, .. }
                    if matches!(func.expr(target).kind, ExprKind::Local(l) if l == v))
                    && self.loops.get(&ExprId(i as u32)) == Some(&around)
            })
    }
}
