//! Mutable arrays a host loop may keep on the device across its device calls.
//!
//! A `T[]` crossing to the device is normally uploaded by every call that passes it,
//! because the host may have written it since the previous call. This analysis proves, for
//! a host loop, that it cannot have: the array is a local variable `v` of a 1-D primitive
//! array type such that
//!
//! - every value `v` ever holds is a fresh allocation (`new T[n]`, `{..}`, or, for a 1-D
//!   array, the result of a SOMD method that returns only arrays of its own,
//!   [`returns_fresh`], of a helper that returns an array it allocates,
//!   [`returns_own_array`], or the array of another such local moved out at its last
//!   mention, [`moved_local`]): its storage is reachable through `v` and nothing else when
//!   it is made;
//! - `v` never lends its storage to anything that could keep it or write it: everywhere in
//!   the function, `v` is only indexed (`v[i]`, read or, outside the loop, written), asked
//!   its `.length`, assigned a fresh allocation, or passed to a parameter that is
//!   *read-only* ([`param_read_only`]: the callee only reads its elements, its length and
//!   its MI geometry (`Somd.offset`, `Somd.globalLength`), or passes it on to read-only
//!   parameters; this covers a user strategy's `bounds`
//!   method, which receives the caller's array), or to a SOMD method's parameter that it
//!   takes by value and writes ([`somd_param_by_value`]: the call writes its own copy; on
//!   a device, a copy of the kept buffer made there), or as the array of a `!`, or a mapped
//!   argument of a `@` (its elements cross, not the array), or frozen (`new T[[]](v)`,
//!   a 1-D `v`: a copy, or at `v`'s last use its storage, which nothing writes again), or,
//!   outside the loops and regions that keep it, passed to a plain method that writes it in
//!   place at most ([`ReadOnly::param_in_place`]: a helper filling it, `fill(v);`, which
//!   keeps no other name of it);
//! - `v` is declared before the loop, and inside the loop (its test, update and body,
//!   nested loops included) it is not assigned, and every element stored to it is stored
//!   by a statement of its own whose index can be evaluated again ("Arrays the loop
//!   writes" below).
//!
//! Then no statement of the loop can write the storage `v` holds but those stores: there
//! is no other path to it, and every path through a callee only reads. The loop keeps such an array when it
//! passes it to a SOMD call, a `@` or a `!` (the constructs that may run on a device);
//! the host writer then opens a runtime keep scope around the loop (`rt::device::keep`),
//! under which the first upload of the array is kept on the device and later calls find it
//! resident. The scope is a Rust value dropped when the loop's block is left by any path
//! (`break`, `return`, an exception unwinding), which releases the buffers.
//!
//! The outermost loop that qualifies keeps the array; loops inside it do not repeat it.
//!
//! # Arrays the loop writes
//!
//! A loop may store to elements of `v` between its calls (boundary values, a row updated
//! per round) when each store is a statement of its own, `v[i] = e;`, `v[i] op= e;`,
//! `v[i]++;` (for a matrix `m[i][j] ..`, never `m[i] = ..`), and its index `i` (the row's,
//! for a matrix) is made of constants, locals the statement does not assign, operators,
//! conversions and `.length` of a local ([`plain_index`]): evaluating it again after the
//! statement gives the unit stored to, without an effect. Each such statement is a
//! [`Touch`]: the host writer marks the unit after it (`KeepScope::touch`), and the next
//! device call writes the marked spans of the device copy again (`resident::refresh` in the
//! runtime) instead of the whole array. A store elsewhere (`a[b[k]] = ..`, `a[k++] = ..`,
//! in the loop's update, as an expression's value) refuses the array. A loop storing to
//! `v` does not keep it when it also freezes `v` (a frozen copy shares `v`'s device copy).
//!
//! # Straight-line statements
//!
//! Calls outside a loop profit too: `somd = saxpy(alpha, x, y)` followed by
//! `mapped = C @ axpy(alpha, new float[[]](x), new float[[]](y))`, or a `@` over
//! `new float[[]](stocks)` followed by `totalCalls(stocks)`, pass the same contents twice.
//! For a candidate `v` (the first two conditions above) and each block of a host function,
//! a *region* is a run of consecutive statements none of which assigns `v`, declares it or
//! stores an element of it, from the first to the last statement of the run that passes
//! `v` to the device or freezes it (`new T[[]](v)`), when they do so at least twice (a use
//! inside a loop counts twice: it may run more than once). The host writer opens a keep
//! scope before the region's first statement and closes it after its last, so the first
//! upload of `v` serves the region's later calls, and a frozen copy of `v` made in the
//! region is known to hold `v`'s contents: whichever of them goes up first, the other
//! finds the same device buffer (`rt::device::freeze_kept`, `device/resident.rs`). A
//! region inside a loop that already keeps `v` is not repeated.
//!
//! A freeze counts as a use of a kept array for loops too, and a loop freezing a kept
//! array each round (`C @ f(new T[[]](v))`) uploads it once.
//!
//! A matrix `T[][]` (`T` primitive) is kept on the same terms, read at the level of its
//! elements: every value is a fresh `new T[r][c]` (rows made with it), `new T[r][]` or a
//! literal of fresh rows, and every mention is `m[i][j]` (read, or outside the loop
//! written), `m[i].length`, `m.length`, a statement giving a row a fresh array (`m[i] =
//! new T[n];`, outside the loop), a fresh assignment, or a read-only parameter (one read the
//! same way). So no row has another name anywhere in the function (no `T[] r = m[i]`, no
//! row passed), and inside the loop no element is stored and no row replaced: the rows'
//! handles and contents stay what the first call uploaded. Such a matrix may be ragged
//! (rows of different lengths, built one by one): a `@` over its rows keeps its packed
//! copy and the rows' offsets (`device/ragged.rs` in the runtime).
//!
//! # Static arrays
//!
//! A primitive array or matrix in a static field of the main class is kept by `main`'s loops on
//! the same terms, taken over the whole program ([`static_candidates`]): only `main` and
//! the class's static initializer give the field arrays (fresh ones, by statements of
//! their own) or store to its elements, every other mention anywhere only indexes it,
//! measures it, freezes it or passes it to read-only parameters (or by value to a SOMD
//! method), and nothing calls `main`. A loop of `main` that passes the field to the device
//! and neither assigns it nor stores to it keeps it: nothing else can write its storage
//! while the loop runs. The host writer reads the field when the loop starts (the main
//! class was initialized before `main`, so the read has no effect). Regions and stores
//! marked in the loop are for locals only.
//!
//! # Array fields of objects
//!
//! A primitive array or matrix field of a class that only the class's constructors give arrays
//! (fresh ones, to `this`, by statements of their own) and store to (through `this`), and
//! that every other mention anywhere only indexes, measures, freezes or passes to
//! read-only parameters (or by value to a SOMD method), holds arrays that never change once
//! their object's constructor has returned ([`field_candidates`]): a constructor writes only
//! the object it makes. Any host loop passing `o.f` to the device, for a local `o` it never
//! assigns (or `this`), keeps that array unless the loop itself assigns or stores to the
//! field (a constructor's loop filling its own array). The host writer reads the field when
//! the loop starts without a check: a `null` object keeps nothing, and the loop raises
//! Java's exception where it reads the field. A call `o.m(..)` of an instance SOMD method
//! whose device copy takes `o`'s fields as parameters (`instance::lift_fields`) passes
//! those fields to the device too; such a copy only reads the fields' arrays or stores to
//! their elements, and a field some called copy may write is no candidate. Straight-line
//! statements keep such fields as they keep locals ("Straight-line statements" above), a
//! region of `o.f` ending at a statement that declares or assigns `o` ([`Held`]).

use super::instance::Lifted;
use super::memo::CycleMemo;
use super::walk::{self, each_expr_in_block, each_stmt, each_stmt_of, loops, parent_of, stored_to};
use super::LoopId;
use crate::ir::*;
use somd_diag::Span;
use std::collections::{HashMap, HashSet};

/// A host loop that keeps arrays on the device across its calls.
#[derive(Clone, Debug, PartialEq)]
pub struct KeptLoop {
    pub func: FuncId,
    pub loop_id: LoopId,
    /// The array locals, in order of declaration.
    pub arrays: Vec<LocalId>,
    /// Static fields whose arrays it keeps too ([`static_candidates`]), after `arrays` in
    /// the keep scope's list: it never stores to them.
    pub statics: Vec<StaticId>,
    /// Array fields of objects it keeps ([`field_candidates`]: arrays that never change
    /// once their object is made), after `statics` in the list.
    pub fields: Vec<KeptField>,
    /// Where the loop is (its first expression).
    pub span: Span,
    /// The `new T[[]](v)` of a kept array `v` in the loop ([`kept_freezes`]).
    pub freezes: Vec<ExprId>,
    /// The loop's statements storing to a kept array ("Arrays the loop writes").
    pub touches: Vec<Touch>,
}

/// `o.f` of a keeping loop: field `index` of class `class` of the object a local the loop
/// never assigns holds (`object`), or of `this` (`None`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KeptField {
    pub object: Option<LocalId>,
    pub class: ClassId,
    pub index: u32,
}

/// A statement of a keeping loop that stores to one of its arrays (`v[i] = e;`, `v[i] op=
/// e;`, `v[i]++;`, `m[i][j] = e;`): after it, the host writer marks the unit stored to
/// (the element `i` of a 1-D array, the row `i` of a matrix) as changed in the loop's keep
/// scope, and the next device call writes that part of the device copy again.
#[derive(Clone, Debug, PartialEq)]
pub struct Touch {
    /// The statement's expression.
    pub stmt: ExprId,
    /// The array's place in [`KeptLoop::arrays`].
    pub array: usize,
    /// The index of the unit: evaluated again after the statement, it has no effect and
    /// reads only locals the statement does not assign ([`plain_index`]).
    pub unit: ExprId,
}

/// Consecutive statements of one block of a host function that keep arrays on the device
/// across their calls ("Straight-line statements" in the module doc).
#[derive(Clone, Debug, PartialEq)]
pub struct KeptRegion {
    pub func: FuncId,
    /// The first and last statement, by their pre-order index in the function
    /// ([`walk::stmt_indices`]); both in the same block.
    pub first: usize,
    pub last: usize,
    /// The array locals, in order of declaration.
    pub arrays: Vec<LocalId>,
    /// Array fields of objects it keeps ([`field_candidates`]), after `arrays` in the keep
    /// scope's list: no statement of the region assigns the object's local.
    pub fields: Vec<KeptField>,
    /// Where the first and the last statement are.
    pub span: Span,
    pub end: Span,
    /// The `new T[[]](v)` of a kept array `v` in the statements ([`kept_freezes`]).
    pub freezes: Vec<ExprId>,
}

/// Every loop of every non-SOMD function that keeps arrays, in function and loop order.
/// `folded` are the `!`s folded in the work-item (`ProgramInfo::array_folds`) and the
/// constructs placed on the CPU (`analysis::host_only_constructs`): no device
/// call of their own, so no device use.
/// `lifted` is what `instance::lift_fields` made of `module` (a copy whose instance SOMD
/// methods take the receiver's fields as parameters), when it made one.
pub fn kept_loops(
    module: &Module,
    folded: &[(FuncId, ExprId)],
    lifted: Option<&Lifted>,
) -> Vec<KeptLoop> {
    let mut facts = ReadOnly::default();
    let reaching = params_reaching_device(module, folded);
    let statics = static_candidates(module, &mut facts);
    let fields = field_candidates(module, lifted, &mut facts);
    let mut out = Vec::new();
    for (i, func) in module.functions.iter().enumerate() {
        if func.is_somd() {
            continue;
        }
        let fid = FuncId(i as u32);
        let folded = folded_in(folded, fid);
        let uses = DeviceUses { folded: &folded, reaching: &reaching, lifted };
        let statics: &[StaticId] = if module.main == Some(fid) { &statics } else { &[] };
        out.extend(kept_in(module, fid, func, &uses, statics, &fields, &mut facts));
    }
    out
}

/// The static array fields `main`'s loops may keep on the device ("Static arrays" in the
/// module doc): a primitive array or matrix field of the main class, no constant, whose arrays
/// only `main` and the main class's static initializer give it (fresh ones, by statements
/// of their own) or store elements to, and which every function only indexes, measures,
/// freezes or passes to read-only parameters (or by value to SOMD methods), so that its
/// storage has no other name. `main` itself must be called from nowhere: then no statement
/// but `main`'s own can write the array while one of its loops runs, and the main class was
/// initialized before `main` started, so reading the field when a loop starts has no
/// effect. Empty without a `main`.
fn static_candidates(module: &Module, facts: &mut ReadOnly) -> Vec<StaticId> {
    let Some(main) = module.main else { return Vec::new() };
    let class = module.function(main).class;
    if referenced(module, main) {
        return Vec::new();
    }
    let builders: Vec<FuncId> = std::iter::once(main)
        .chain(module.static_init.iter().copied().filter(|f| module.function(*f).class == class))
        .collect();
    let mut ok: Vec<bool> = module
        .statics
        .iter()
        .map(|s| {
            s.class == class
                && s.constant.is_none()
                && (is_prim_array(&s.ty) || is_prim_matrix(&s.ty))
        })
        .collect();
    for (i, func) in module.functions.iter().enumerate() {
        let builder = builders.contains(&FuncId(i as u32));
        let parents = walk::parents(func);
        let statements = walk::expr_statements(func);
        for (k, e) in func.exprs.iter().enumerate() {
            let ExprKind::Static(s) = e.kind else { continue };
            let Some(slot) = ok.get_mut(s.0 as usize).filter(|slot| **slot) else { continue };
            let id = ExprId(k as u32);
            let ty = &module.statics[s.0 as usize].ty;
            let mention = Mention { func, parents: &parents, statements: &statements, id };
            *slot = mention.keeps_no_other_name(module, ty, builder, facts);
        }
    }
    ok.iter().enumerate().filter(|(_, ok)| **ok).map(|(s, _)| StaticId(s as u32)).collect()
}

/// A mention of an array a field holds (a static field, `o.f`), for [`static_candidates`]
/// and [`field_candidates`].
struct Mention<'f> {
    func: &'f Function,
    parents: &'f [Option<ExprId>],
    statements: &'f HashSet<ExprId>,
    id: ExprId,
}

impl Mention<'_> {
    /// Whether the mention gives the field's array no other name: an element or a row's
    /// element read, a length, a freeze (1-D), an argument of a read-only parameter or of a
    /// SOMD method's by-value one; and where `builder` (a function that may make the field's
    /// arrays), a statement giving the field a fresh array, storing to an element or giving a
    /// matrix's row a fresh array.
    fn keeps_no_other_name(
        &self,
        module: &Module,
        ty: &Type,
        builder: bool,
        facts: &mut ReadOnly,
    ) -> bool {
        let Mention { func, parents, statements, id } = *self;
        let matrix = is_prim_matrix(ty);
        match parent_of(parents, id).map(|p| (p, &func.expr(p).kind)) {
            Some((p, ExprKind::Assign { target, value })) if *target == id => {
                builder && statements.contains(&p) && is_fresh_of(module, func, ty, *value)
            }
            Some((_, ExprKind::Index { array, .. })) if *array == id && matrix => {
                row_element_or_length(func, parents, id, !builder)
                    || (builder && row_made_fresh(func, parents, statements, id))
            }
            Some((p, ExprKind::Index { array, .. })) if *array == id => {
                builder || !stored_to(func, parents, p)
            }
            Some((_, ExprKind::Length(_))) => true,
            Some((_, ExprKind::Freeze(_))) => !matrix,
            Some((p, ExprKind::SomdCall { func: callee, args, .. })) => {
                passed_read_only(module, func, p, id, facts)
                    || args
                        .iter()
                        .position(|a| *a == id)
                        .is_some_and(|q| somd_param_by_value(module, *callee, q))
            }
            Some((p, _)) => passed_read_only(module, func, p, id, facts),
            None => false,
        }
    }
}

/// The array fields of classes whose arrays never change once their object is made
/// ("Array fields of objects" in the module doc): a primitive array or matrix field of a class
/// that only the class's constructors give arrays (fresh ones, to `this`, by statements of
/// their own) and store elements to (through `this`), and that every mention anywhere
/// else only indexes, measures, freezes or passes to read-only parameters (or by value to
/// SOMD methods): its arrays have no other name, and once a constructor has returned
/// nothing writes the array its object holds.
fn field_candidates(
    module: &Module,
    lifted: Option<&Lifted>,
    facts: &mut ReadOnly,
) -> HashSet<(ClassId, u32)> {
    let mut ok: HashMap<(ClassId, u32), bool> = HashMap::new();
    for (c, class) in module.classes.iter().enumerate() {
        for (i, field) in class.fields.iter().enumerate() {
            if !class.is_value && (is_prim_array(&field.ty) || is_prim_matrix(&field.ty)) {
                ok.insert((ClassId(c as u32), i as u32), true);
            }
        }
    }
    // An instance SOMD method may run as a static copy taking the receiver's fields as
    // parameters (`instance::lift_fields`, the module analysed here): its calls name no
    // field, and its body reads and writes the parameters. Such a copy only reads the
    // fields' arrays and stores to their elements (the lifting refuses any other use), so
    // the fields it may write (`Lifted::written`) are the ones to refuse (review 143:
    // `d.add(idx)` writing `this.f` left the device copy stale). A method without a copy
    // refuses its class's fields.
    for func in &module.functions {
        for e in &func.exprs {
            if let ExprKind::SomdCall { func: callee, receiver: Some(_), .. }
            | ExprKind::IntermediateReduce { func: callee, receiver: Some(_), .. } = &e.kind
            {
                match lifted.filter(|l| l.fields.contains_key(callee)) {
                    Some(l) => {
                        let written = l.written.get(callee).map_or(&[][..], Vec::as_slice);
                        ok.retain(|f, _| !written.contains(f));
                    }
                    None => {
                        let class = module.function(*callee).class;
                        ok.retain(|(c, _), _| *c != class);
                    }
                }
            }
        }
    }
    for func in &module.functions {
        let parents = walk::parents(func);
        let statements = walk::expr_statements(func);
        for (k, e) in func.exprs.iter().enumerate() {
            let ExprKind::Field { object, class, index } = e.kind else { continue };
            let Some(slot) = ok.get_mut(&(class, index)).filter(|slot| **slot) else { continue };
            let id = ExprId(k as u32);
            // A constructor of the class, through `this`.
            let own = func.kind == FuncKind::Ctor
                && func.class == class
                && matches!(func.expr(object).kind, ExprKind::This);
            let mention = Mention { func, parents: &parents, statements: &statements, id };
            *slot = mention.keeps_no_other_name(module, &e.ty, own, facts);
        }
    }
    ok.into_iter().filter(|(_, ok)| *ok).map(|(f, _)| f).collect()
}

/// Whether any expression of the module calls or names function `f`.
fn referenced(module: &Module, f: FuncId) -> bool {
    module.functions.iter().any(|func| {
        func.exprs.iter().any(|e| match &e.kind {
            ExprKind::Call { func, .. }
            | ExprKind::SomdCall { func, .. }
            | ExprKind::IntermediateReduce { func, .. }
            | ExprKind::Map { func, .. } => *func == f,
            ExprKind::New { ctor, .. } => *ctor == Some(f),
            ExprKind::ReduceArray { reducer: ArrayReducer::Func(func), .. } => *func == f,
            ExprKind::Task { func, ctor } => {
                *func == f || ctor.as_ref().is_some_and(|(_, c, _)| *c == Some(f))
            }
            _ => false,
        })
    })
}

/// What makes a mention of an array a device use in one function ([`device_use`]).
struct DeviceUses<'a> {
    /// The function's `!`s folded in the work-item and constructs placed on the CPU.
    folded: &'a HashSet<ExprId>,
    /// The parameters of host functions that reach a device construct, each with whether
    /// it may reach it more than once in a call ([`params_reaching_device`]).
    reaching: &'a HashMap<(FuncId, usize), bool>,
    /// The fields each instance SOMD method's device copy takes, when there are copies.
    lifted: Option<&'a Lifted>,
}

impl DeviceUses<'_> {
    /// Whether `e`, a device use, lends its array to a helper that may make several device
    /// calls with it (a loop of its own around them): one call of it weighs as a use in a
    /// loop does.
    fn repeated(&self, func: &Function, parents: &[Option<ExprId>], e: ExprId) -> bool {
        parent_of(parents, e).is_some_and(|p| match &func.expr(p).kind {
            ExprKind::Call { func: callee, args, .. } => args
                .iter()
                .position(|a| *a == e)
                .is_some_and(|k| self.reaching.get(&(*callee, k)) == Some(&true)),
            _ => false,
        })
    }
}

/// The array parameters `(f, p)` of host functions that reach a device construct: `f`
/// passes parameter `p` to a SOMD call, a `@` or a `!` (not one of `folded`), freezes it, or
/// passes it to a parameter of another host function that reaches one; each with whether
/// a call of `f` may do so more than once (a use inside one of `f`'s loops, or through a
/// parameter that may). An array a loop lends to such a parameter crosses at the helper's
/// device calls, under the loop's keep scope (a runtime registry the helper's uploads
/// consult): `s += work(a)` of a helper calling `sum(a)` keeps `a` as `s += sum(a)` does,
/// and one call `solve(a)` of a helper whose loop calls `sum(p)` keeps `a` for that call's
/// region. A fixpoint from the direct uses.
fn params_reaching_device(
    module: &Module,
    folded: &[(FuncId, ExprId)],
) -> HashMap<(FuncId, usize), bool> {
    /// A host function with its parents table, its folded constructs and the expressions
    /// inside its loops.
    struct Host<'m> {
        fid: FuncId,
        func: &'m Function,
        parents: Vec<Option<ExprId>>,
        folded: HashSet<ExprId>,
        in_loops: HashSet<ExprId>,
    }
    let host: Vec<Host> = module
        .functions
        .iter()
        .enumerate()
        .filter(|(_, func)| !func.is_somd())
        .map(|(i, func)| {
            let fid = FuncId(i as u32);
            let mut in_loops = HashSet::new();
            for (_, stmt) in loops(func) {
                for root in walk::stmt_roots(stmt) {
                    walk::each_expr(func, root, &mut |e| {
                        in_loops.insert(e);
                    });
                }
                for block in walk::stmt_blocks(stmt) {
                    each_expr_in_block(func, block, &mut |e| {
                        in_loops.insert(e);
                    });
                }
            }
            let parents = walk::parents(func);
            Host { fid, func, parents, folded: folded_in(folded, fid), in_loops }
        })
        .collect();
    let mut reaching = HashMap::new();
    loop {
        let mut found = Vec::new();
        for Host { fid, func, parents, folded, in_loops } in &host {
            let uses = DeviceUses { folded, reaching: &reaching, lifted: None };
            for (p, param) in func.params.iter().enumerate() {
                let ty = &func.local(*param).ty;
                let known = reaching.get(&(*fid, p)).copied();
                if known == Some(true) || !(is_prim_array(ty) || is_prim_matrix(ty)) {
                    continue;
                }
                let mut used = None;
                for e in (0..func.exprs.len() as u32).map(ExprId) {
                    if device_use(func, parents, &uses, e, *param) {
                        let repeated = in_loops.contains(&e) || uses.repeated(func, parents, e);
                        used = Some(used.unwrap_or(false) || repeated);
                    }
                }
                if used.is_some() && used != known {
                    found.push(((*fid, p), used == Some(true)));
                }
            }
        }
        if found.is_empty() {
            return reaching;
        }
        reaching.extend(found);
    }
}

/// The `!`s of `folded` in function `fid`.
fn folded_in(folded: &[(FuncId, ExprId)], fid: FuncId) -> HashSet<ExprId> {
    folded.iter().filter(|(f, _)| *f == fid).map(|(_, e)| *e).collect()
}

/// The loops of `func` that keep arrays.
fn kept_in(
    module: &Module,
    fid: FuncId,
    func: &Function,
    uses: &DeviceUses,
    statics: &[StaticId],
    fields: &HashSet<(ClassId, u32)>,
    facts: &mut ReadOnly,
) -> Vec<KeptLoop> {
    let parents = walk::parents(func);
    let candidates: Vec<LocalId> = (0..func.locals.len() as u32)
        .map(LocalId)
        .filter(|l| is_candidate(module, func, &parents, *l, facts))
        .collect();
    if candidates.is_empty() && statics.is_empty() && fields.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    let statements = walk::expr_statements(func);
    // Arrays already kept by an enclosing loop, per loop (by address) of the inner loops.
    let mut covered: HashMap<*const Stmt, HashSet<LocalId>> = HashMap::new();
    let mut covered_statics: HashMap<*const Stmt, HashSet<StaticId>> = HashMap::new();
    let mut covered_fields: HashMap<*const Stmt, HashSet<KeptField>> = HashMap::new();
    for (id, stmt) in loops(func) {
        let Stmt::Loop { test, body, update, .. } = stmt else { continue };
        let mut exprs: Vec<ExprId> = Vec::new();
        for root in test.iter().chain(update) {
            super::walk::each_expr(func, *root, &mut |e| exprs.push(e));
        }
        each_expr_in_block(func, body, &mut |e| exprs.push(e));
        let already = covered.get(&std::ptr::from_ref(stmt)).cloned().unwrap_or_default();
        // Arrays declared inside the loop are not in scope before it (and are new arrays
        // at every iteration).
        let mut declared = HashSet::new();
        each_stmt(body, &mut |inner| {
            if let Stmt::Let { local, .. } = inner {
                declared.insert(*local);
            }
        });
        let mut arrays = Vec::new();
        let mut touches = Vec::new();
        for v in candidates.iter().copied() {
            if already.contains(&v)
                || declared.contains(&v)
                || !device_use_in(func, &parents, uses, &exprs, v)
            {
                continue;
            }
            let Some(stores) = stores_in(func, &parents, &statements, &exprs, v) else {
                continue;
            };
            let written = written_in_calls(module, func, &parents, v, facts);
            if exprs.iter().any(|e| written.contains(e)) {
                continue;
            }
            // A frozen copy shares the device copy of the array it was made from: the
            // loop's stores would change the one under the other.
            if !stores.is_empty() && !kept_freezes(func, &exprs, &[v]).is_empty() {
                continue;
            }
            let array = arrays.len();
            touches.extend(stores.into_iter().map(|(stmt, unit)| Touch { stmt, array, unit }));
            arrays.push(v);
        }
        let already = covered_statics.get(&std::ptr::from_ref(stmt));
        let kept_statics: Vec<StaticId> = statics
            .iter()
            .copied()
            .filter(|s| {
                let is = |k: &ExprKind| matches!(k, ExprKind::Static(t) if t == s);
                !already.is_some_and(|a| a.contains(s))
                    && exprs.iter().any(|e| device_use_of(func, &parents, uses, *e, &is))
                    && !writes_among(func, &parents, &exprs, &is)
            })
            .collect();
        let mut assigned = HashSet::new();
        walk::assigned_in_exprs(func, &exprs, &mut assigned);
        let already = covered_fields.get(&std::ptr::from_ref(stmt));
        let mut kept_fields: Vec<KeptField> = Vec::new();
        // The object a mention of a field reads it from, when the loop keeps it the same:
        // `this`, or a local the loop neither declares nor assigns.
        let object_of = |o: ExprId| {
            object_local(func, o)
                .filter(|l| l.is_none_or(|l| !assigned.contains(&l) && !declared.contains(&l)))
        };
        for e in &exprs {
            let Some((object, passed)) = fields_to_device(func, &parents, uses, *e) else {
                continue;
            };
            let Some(object) = object_of(object) else { continue };
            for (class, index) in passed {
                let field = KeptField { object, class, index };
                if fields.contains(&(class, index))
                    && !kept_fields.contains(&field)
                    && !already.is_some_and(|a| a.contains(&field))
                    && !writes_among(
                        func,
                        &parents,
                        &exprs,
                        &|k| matches!(k, ExprKind::Field { class: c, index: i, .. } if *c == class && *i == index),
                    )
                {
                    kept_fields.push(field);
                }
            }
        }
        if arrays.is_empty() && kept_statics.is_empty() && kept_fields.is_empty() {
            continue;
        }
        each_stmt(body, &mut |inner| {
            if matches!(inner, Stmt::Loop { .. }) {
                let at = std::ptr::from_ref(inner);
                covered.entry(at).or_default().extend(arrays.iter());
                covered_statics.entry(at).or_default().extend(kept_statics.iter());
                covered_fields.entry(at).or_default().extend(kept_fields.iter());
            }
        });
        let span = super::walk::stmt_span(func, stmt, func.span);
        let freezes = kept_freezes(func, &exprs, &arrays);
        out.push(KeptLoop {
            func: fid,
            loop_id: id,
            arrays,
            statics: kept_statics,
            fields: kept_fields,
            span,
            freezes,
            touches,
        });
    }
    out
}

/// Whether `ty` is a 1-D array of primitives, `T[]`.
pub fn is_prim_array(ty: &Type) -> bool {
    matches!(ty, Type::Array(elem) if matches!(**elem, Type::Prim(_)))
}

/// Whether `ty` is a matrix of primitives, `T[][]`.
pub fn is_prim_matrix(ty: &Type) -> bool {
    matches!(ty, Type::Array(row) if is_prim_array(row))
}

/// Whether `e` makes a fresh array of type `ty`: a 1-D allocation or literal, or a matrix
/// allocated with both its lengths (`new T[r][c]`: its rows are made with it), with its
/// row count alone (`new T[r][]`: `null` rows, each given a fresh row later), or written
/// as a literal of fresh rows (`{{1, 2}, new int[3]}`).
pub fn is_fresh_of(module: &Module, func: &Function, ty: &Type, e: ExprId) -> bool {
    let fresh_row = |r: &ExprId| {
        matches!(func.expr(*r).kind, ExprKind::NewArray { .. } | ExprKind::ArrayLit(_))
    };
    match &func.expr(e).kind {
        // `null` names no storage (`double[] cur = null;` before `cur = c;`).
        ExprKind::NewArray { .. } | ExprKind::Const(Const::Null) => true,
        // `Somd.thaw(v)` makes a fresh copy of a value array.
        ExprKind::Builtin { builtin: Builtin::SomdThaw, .. } => is_prim_array(ty),
        ExprKind::SomdCall { func: callee, .. } => {
            module.function(*callee).ret == *ty && returns_fresh(module, *callee)
        }
        ExprKind::Call { func: callee, receiver: None, .. } => {
            module.function(*callee).ret == *ty
                && returns_own_array(module, module.function(*callee))
        }
        ExprKind::ArrayLit(rows) if is_prim_matrix(ty) => rows.iter().all(fresh_row),
        kind => !is_prim_matrix(ty) && matches!(kind, ExprKind::ArrayLit(_)),
    }
}

/// Whether every array the SOMD method `callee` returns is a fresh one of its own: its
/// MIs' results are assembled (no `reduce`), and each `return` gives a local of a 1-D
/// primitive array type that the method allocates (`double[] r = new double[x.length];`),
/// never assigns again and only indexes or asks its length. The caller then receives an
/// array nothing else names (assembled from the MIs' arrays, or the one MI's, or the
/// device's result), as fresh as `new T[n]` (sixty-fifth session, probe 63:
/// `y = scale(x, 2.0); norm(y); scale(y, 0.5);` uploaded `y` twice). So does a method
/// whose partials a class's `combine` adds up (`reduce(VecSum)`, SparseMatMult) where that
/// `combine` returns an array of its own too: the caller receives one MI's array or a
/// combined one, and the device's one partial is its own buffer.
pub(crate) fn returns_fresh(module: &Module, callee: FuncId) -> bool {
    let f = module.function(callee);
    let combined = |c: FuncId| {
        let combine = module.function(c);
        combine.ret == f.ret && returns_own_array(module, combine)
    };
    match f.somd.as_ref().map(|s| &s.reduction) {
        Some(Reduction::Assemble) => returns_own_array(module, f),
        Some(Reduction::Combine(c)) => combined(*c) && returns_own_array(module, f),
        _ => false,
    }
}

/// Whether every `return` of `f` gives a local of a 1-D primitive array type that `f`
/// allocates, never assigns again and only indexes or asks its length: the array `f`
/// returns has no other name (a helper filling a new array, `int[] a = fill(n)`; for a SOMD
/// method, [`returns_fresh`], where a `dist` local is the MIs' partitions of the array the
/// caller receives, assembled). A matrix of primitives too, allocated with both its
/// lengths, whose rows are only read or written element by element, measured, or given
/// fresh arrays (`out[i] = new T[n]`): no row has a second name. A host function may also
/// return the result of a SOMD method that returns only arrays of its own ([`returns_fresh`]:
/// `return relax(c, b);`), which no other name holds either.
fn returns_own_array(module: &Module, f: &Function) -> bool {
    let matrix = is_prim_matrix(&f.ret);
    if !is_prim_array(&f.ret) && !matrix {
        return false;
    }
    let mut returned = Vec::new();
    let mut plain = true;
    let mut results = 0usize;
    each_stmt(&f.body, &mut |s| {
        if let Stmt::Return(r) = s {
            match r.map(|e| &f.expr(e).kind) {
                Some(ExprKind::Local(l)) => returned.push(*l),
                Some(ExprKind::SomdCall { func: callee, .. })
                    if f.somd.is_none()
                        && module.function(*callee).ret == f.ret
                        && returns_fresh(module, *callee) =>
                {
                    results += 1;
                }
                _ => plain = false,
            }
        }
    });
    if !plain || returned.len() + results == 0 {
        return false;
    }
    let assigned = super::parallel::assigned_locals(f);
    returned.iter().all(|l| {
        let local = f.local(*l);
        let mut allocated = false;
        each_stmt(&f.body, &mut |s| {
            if let Stmt::Let { local: d, init } = s {
                if d == l {
                    allocated =
                        matches!(init.map(|e| &f.expr(e).kind), Some(ExprKind::NewArray { .. }));
                }
            }
        });
        local.kind == LocalKind::Var
            && (local.dist.is_none() || f.somd.is_some())
            && allocated
            && assigned.get(l).copied().unwrap_or(0) == 0
            && match matrix {
                false => walk::only_indexed(f, *l),
                true => rows_own(f, *l),
            }
    })
}

/// Whether every mention of the matrix `m` of `f` reads or writes an element of a row,
/// measures a row or the matrix, gives a row a fresh array, or is returned: its rows have
/// no other name.
fn rows_own(f: &Function, m: LocalId) -> bool {
    let parents = walk::parents(f);
    let statements = walk::expr_statements(f);
    let returned = walk::returned_values(f);
    f.exprs.iter().enumerate().all(|(k, e)| {
        let id = ExprId(k as u32);
        if !matches!(e.kind, ExprKind::Local(l) if l == m) {
            return true;
        }
        match parent_of(&parents, id).map(|p| &f.expr(p).kind) {
            Some(ExprKind::Length(_)) => true,
            Some(ExprKind::Index { .. }) => {
                row_element_or_length(f, &parents, id, false)
                    || row_made_fresh(f, &parents, &statements, id)
            }
            Some(_) => false,
            None => returned.contains(&id),
        }
    })
}

/// Whether mention `id` of a matrix is the target of a statement giving one of its rows a
/// fresh array (`m[i] = new T[n];`, `m[i] = {..};`): the row has no other name. Used as a
/// value (`r = (m[i] = new T[n])`) the row would get a second one.
fn row_made_fresh(
    func: &Function,
    parents: &[Option<ExprId>],
    statements: &HashSet<ExprId>,
    id: ExprId,
) -> bool {
    let Some(row) = parent_of(parents, id) else { return false };
    if !matches!(func.expr(row).kind, ExprKind::Index { array, .. } if array == id) {
        return false;
    }
    let Some(assign) = parent_of(parents, row) else { return false };
    matches!(func.expr(assign).kind, ExprKind::Assign { target, value }
        if target == row && matches!(func.expr(value).kind, ExprKind::NewArray { .. } | ExprKind::ArrayLit(_)))
        && statements.contains(&assign)
}

/// Whether mention `id` of a matrix is its row taken only to read an element or its length
/// (`m[i][j]` not stored to when `read_only`, `m[i].length`).
pub(super) fn row_element_or_length(
    func: &Function,
    parents: &[Option<ExprId>],
    id: ExprId,
    read_only: bool,
) -> bool {
    let Some(row) = parent_of(parents, id) else { return false };
    if !matches!(func.expr(row).kind, ExprKind::Index { array, .. } if array == id) {
        return false;
    }
    match parent_of(parents, row).map(|p| (p, &func.expr(p).kind)) {
        Some((p, ExprKind::Index { array, .. })) if *array == row => {
            !read_only || !stored_to(func, parents, p)
        }
        Some((_, ExprKind::Length(_))) => true,
        _ => false,
    }
}

/// Whether the row `row` (`m[e]`) is lent, as an argument, to a parameter `lent(call, row)`
/// accepts, or is the initialiser of a row local used only so: `double[] ar = a[r0 + i];`
/// declaring a 1-D primitive array variable whose every mention reads an element (stores
/// one too where `stores`), the length, or is lent so (`lent(parent, mention)`). A reader
/// passes [`passed_read_only`] (probe 110's `multiply`: its broadcast matrices went up again
/// at every call, a row local counting as a write); a SOMD method taking the matrix by
/// value ([`somd_param_by_value`]) also lends rows to helpers writing them in place.
fn row_lent(
    func: &Function,
    parents: &[Option<ExprId>],
    row: ExprId,
    stores: bool,
    lent: &mut dyn FnMut(ExprId, ExprId) -> bool,
) -> bool {
    parent_of(parents, row).is_some_and(|call| lent(call, row))
        || row_local_using(func, parents, row, stores, lent)
}

/// The row local of [`row_lent`].
fn row_local_using(
    func: &Function,
    parents: &[Option<ExprId>],
    row: ExprId,
    stores: bool,
    lent: &mut dyn FnMut(ExprId, ExprId) -> bool,
) -> bool {
    let mut local = None;
    each_stmt(&func.body, &mut |stmt| {
        if let Stmt::Let { local: l, init: Some(e) } = stmt {
            if *e == row {
                local = Some(*l);
            }
        }
    });
    let Some(r) = local else { return false };
    let declared = func.local(r);
    declared.kind == LocalKind::Var
        && declared.dist.is_none()
        && !declared.shared
        && is_prim_array(&declared.ty)
        && func.exprs.iter().enumerate().all(|(i, e)| {
            let id = ExprId(i as u32);
            !matches!(e.kind, ExprKind::Local(l) if l == r)
                || match parent_of(parents, id).map(|p| (p, &func.expr(p).kind)) {
                    Some((p, ExprKind::Index { array, .. })) => {
                        *array == id && (stores || !stored_to(func, parents, p))
                    }
                    Some((_, ExprKind::Length(_))) => true,
                    Some((p, _)) => lent(p, id),
                    None => false,
                }
        })
}

/// How [`is_candidate`] judges the uses of an array local.
#[derive(Default)]
struct Lending<'s> {
    /// SOMD results left on the device (`analysis::lazy`) rather than a keep scope: the
    /// local may also be given a SOMD method's returned parameter
    /// ([`returns_written_param`]) and be swapped with another candidate ([`Swap`]), and
    /// passed in place to a plain method only as a keep scope's array. Either may be
    /// passed to a SOMD method's parameter that the method writes (its parameters are by
    /// value: [`somd_param_by_value`]).
    results: bool,
    /// The swaps of the function (with `results`).
    swaps: &'s [Swap],
    /// Locals assumed candidates while their swap partner is judged: two locals swapped
    /// with each other qualify together or not at all.
    assumed: Vec<LocalId>,
    /// The one local that may start from another name's array ([`borrowed_let`], with
    /// `results`): the local judged, not one judged through a move or a swap.
    borrower: Option<LocalId>,
}

/// Whether local `v` of `func` satisfies the whole-function conditions of the module doc.
fn is_candidate(
    module: &Module,
    func: &Function,
    parents: &[Option<ExprId>],
    v: LocalId,
    facts: &mut ReadOnly,
) -> bool {
    is_candidate_lending(module, func, parents, v, facts, &mut Lending::default())
}

fn is_candidate_lending(
    module: &Module,
    func: &Function,
    parents: &[Option<ExprId>],
    v: LocalId,
    facts: &mut ReadOnly,
    lending: &mut Lending<'_>,
) -> bool {
    if lending.assumed.contains(&v) {
        return true;
    }
    // `v` is assumed a candidate while its uses are judged: locals whose arrays move round
    // among them (swap partners, or moves in a cycle: `t = a; a = b; b = t; t = new ..;`)
    // qualify together or not at all, and the judgement of the cycle ends.
    lending.assumed.push(v);
    let ok = candidate_uses(module, func, parents, v, facts, lending);
    lending.assumed.retain(|l| *l != v);
    ok
}

/// [`is_candidate_lending`] of `v`, with `v` assumed a candidate.
fn candidate_uses(
    module: &Module,
    func: &Function,
    parents: &[Option<ExprId>],
    v: LocalId,
    facts: &mut ReadOnly,
    lending: &mut Lending<'_>,
) -> bool {
    let local = func.local(v);
    let matrix = is_prim_matrix(&local.ty);
    // A parameter starts from the caller's array, which the caller may still name: only a
    // borrower may hold it (as a lent host copy, [`fresh_and_unlent`]).
    let borrowed_param = local.kind == LocalKind::Param && lending.borrower == Some(v);
    if !(local.kind == LocalKind::Var || borrowed_param)
        || local.dist.is_some()
        || local.shared
        || !(is_prim_array(&local.ty) || matrix)
    {
        return false;
    }
    let results = lending.results;
    let fresh = |e: ExprId| {
        is_fresh_of(module, func, &local.ty, e)
            || (results
                && matches!(&func.expr(e).kind, ExprKind::SomdCall { func: callee, .. }
                    if returns_written_param(module, *callee).is_some()))
    };
    // Every declaration initialises it with a fresh array (or not at all), or moves one out
    // of a local at its last mention (`T[] v = w;`, [`moved_let`]): `w` qualifies on the same
    // terms. The declarations moving out of `v` into another local, by initialiser.
    let mut inits = Vec::new();
    let mut moved_out = Vec::new();
    each_stmt(&func.body, &mut |stmt| {
        if let Stmt::Let { local: l, init } = stmt {
            if *l == v {
                inits.push(*init);
            } else if let Some(i) = init.filter(|i| moved_let(func, *l, *i) == Some(v)) {
                moved_out.push(i);
            }
        }
    });
    // A borrower takes no array moved out of another local: its moves may lead back to the
    // borrowed array (`w = y; y = f(..); y = w; w = new ..;`, review 139), which it would
    // then hold as its own.
    let borrows = borrowed_param
        || (lending.borrower == Some(v)
            && inits.iter().flatten().any(|init| borrowed_let(func, v, *init).is_some()));
    for init in inits.into_iter().flatten() {
        let ok = fresh(init)
            || moved_let(func, v, init).is_some_and(|w| {
                w != v && is_candidate_lending(module, func, parents, w, facts, lending)
            })
            || (lending.borrower == Some(v) && borrowed_let(func, v, init).is_some());
        if !ok {
            return false;
        }
    }
    // Assignments whose value nothing uses: `v = new ..;` as a statement. As a value
    // (`w = (v = new ..)`, `keep(v = new ..)`) the new array would get a second name.
    let statements = walk::expr_statements(func);
    // A SOMD result returned ends the function: nothing of it runs while the caller holds
    // the array (the value is the host copy, `analysis::lazy`).
    let returned = if results { walk::returned_values(func) } else { HashSet::new() };
    // The swap partners `v`'s mentions in swaps depend on.
    let mut partners = Vec::new();
    let mut uses = 0usize;
    for (i, e) in func.exprs.iter().enumerate() {
        if !matches!(e.kind, ExprKind::Local(l) if l == v) {
            continue;
        }
        uses += 1;
        let id = ExprId(i as u32);
        if let Some(swap) = lending.swaps.iter().find(|w| w.mentions(func, id)) {
            partners.extend(swap.locals.iter().filter(|l| **l != v));
            continue;
        }
        // `T[] x = v;` moving `v`'s array out at its last mention.
        if moved_out.contains(&id) || returned.contains(&id) {
            continue;
        }
        let Some(parent) = parent_of(parents, id) else { return false };
        let ok = match &func.expr(parent).kind {
            ExprKind::Index { .. } if matrix => {
                row_element_or_length(func, parents, id, false)
                    || row_made_fresh(func, parents, &statements, id)
            }
            ExprKind::Index { array, .. } => *array == id,
            ExprKind::Length(_) => true,
            ExprKind::Freeze(_) => !matrix,
            // `v = w;` moving a fresh array out of `w` at its last mention
            // ([`moved_local`]): `w` qualifies on the same terms.
            ExprKind::Assign { target, value } if *target == id => {
                statements.contains(&parent)
                    && (fresh(*value)
                        || (!borrows
                            && moved_local(func, parent).is_some_and(|(_, w)| {
                                w != v
                                    && is_candidate_lending(
                                        module, func, parents, w, facts, lending,
                                    )
                            })))
            }
            // `x = v;` moving `v`'s array out at its last mention: it has no second name.
            ExprKind::Assign { value, .. } if *value == id => {
                statements.contains(&parent)
                    && moved_local(func, parent).is_some_and(|(x, w)| w == v && x != v)
            }
            // Passed by value to a SOMD method (`b = step(a, b)`): a call that writes it
            // writes its own copy, or the array itself only where the caller never reads
            // it again (`rt::somd::Scratch`). On a device, the copy of a kept array is made
            // from its kept buffer (`SyncDesc::written`, `KernelDesc::written`), which
            // stays what the host holds.
            ExprKind::SomdCall { func: callee, args, .. } => {
                passed_read_only(module, func, parent, id, facts)
                    || args
                        .iter()
                        .position(|a| *a == id)
                        .is_some_and(|p| somd_param_by_value(module, *callee, p))
            }
            // A helper writing it in place (`fill(v);`) outside any loop or region that
            // keeps it (`written_in_calls`). Not for SOMD results left on the device,
            // whose host copy the helper would write under the device's.
            _ => {
                passed_read_only(module, func, parent, id, facts)
                    || (!results && passed_in_place(module, func, parent, id, facts))
            }
        };
        if !ok {
            return false;
        }
    }
    if uses == 0 {
        return false;
    }
    partners.iter().all(|w| is_candidate_lending(module, func, parents, *w, facts, lending))
}

/// A swap of two array locals through a third, three statements of one block:
/// `T[] t = a; a = b; b = t;` (or `t = a;` for a `t` declared elsewhere without a value),
/// or a rotation of more (`t = a; a = b; b = c; c = t;`, a wave equation's three buffers).
/// `t` is mentioned nowhere else, so the statements only move the arrays the locals hold
/// round: no array gets a second name once they have run (a ping-pong stencil, `b =
/// step(a, b)` then the swap, keeps both arrays as SOMD results left on the device,
/// `analysis::lazy`).
#[derive(Clone, Debug, PartialEq)]
pub struct Swap {
    /// The locals in the order of the statements: `locals[i]` takes `locals[i + 1]`'s array,
    /// and the last one takes the first's (`[a, b]` for a swap).
    pub locals: Vec<LocalId>,
    pub t: LocalId,
    /// The first statement's mention of `locals[0]` (`t = a`'s value, or `t`'s initialiser).
    pub first: ExprId,
    /// `t = a;` when the first statement is an assignment.
    pub head: Option<ExprId>,
    /// `a = b;` (and `b = c;` .. of a rotation), in order.
    pub steps: Vec<ExprId>,
    /// `b = t;` (the last local's).
    pub last: ExprId,
}

impl Swap {
    /// Of a mention `id` of one of the locals in the statements that gives it a value (`a =
    /// b`, `b = t`), that value.
    pub fn given(&self, func: &Function, id: ExprId) -> Option<ExprId> {
        self.steps.iter().chain([&self.last]).find_map(|e| match &func.expr(*e).kind {
            ExprKind::Assign { target, value } if *target == id => Some(*value),
            _ => None,
        })
    }

    /// Whether `id` is a mention of one of the locals in the statements.
    pub fn mentions(&self, func: &Function, id: ExprId) -> bool {
        id == self.first
            || self.steps.iter().any(|e| {
                matches!(&func.expr(*e).kind, ExprKind::Assign { target, value }
                    if *target == id || *value == id)
            })
            || matches!(&func.expr(self.last).kind, ExprKind::Assign { target, .. } if *target == id)
    }

    /// Whether `stmt` is one of the statements.
    pub fn holds(&self, stmt: &Stmt) -> bool {
        match stmt {
            Stmt::Let { local, init: Some(e) } => *local == self.t && *e == self.first,
            Stmt::Expr(e) => Some(*e) == self.head || self.steps.contains(e) || *e == self.last,
            _ => false,
        }
    }
}

/// The swaps and rotations of `func` ([`Swap`]) of 1-D primitive array variables.
pub fn swaps(func: &Function) -> Vec<Swap> {
    let local_of = |e: ExprId| match func.expr(e).kind {
        ExprKind::Local(l) => Some(l),
        _ => None,
    };
    let assign = |stmt: &Stmt| match stmt {
        Stmt::Expr(e) => match &func.expr(*e).kind {
            ExprKind::Assign { target, value } => Some((*e, local_of(*target)?, local_of(*value)?)),
            _ => None,
        },
        _ => None,
    };
    let var = |l: LocalId| plain_local(func, l, &[LocalKind::Var]);
    let mut mentions: HashMap<LocalId, usize> = HashMap::new();
    for e in &func.exprs {
        if let ExprKind::Local(l) = e.kind {
            *mentions.entry(l).or_default() += 1;
        }
    }
    let mut lets: HashMap<LocalId, Vec<bool>> = HashMap::new();
    each_stmt(&func.body, &mut |s| {
        if let Stmt::Let { local, init } = s {
            lets.entry(*local).or_default().push(init.is_some());
        }
    });
    let mut blocks = vec![&func.body];
    each_stmt(&func.body, &mut |s| blocks.extend(walk::stmt_blocks(s)));
    let mut out = Vec::new();
    for block in blocks {
        for (at, stmt) in block.stmts.iter().enumerate() {
            // `T[] t = a;` or `t = a;`
            let (t, first, head) = match stmt {
                Stmt::Let { local, init: Some(e) } => (*local, *e, None),
                stmt => match assign(stmt) {
                    Some((e, t, _)) => match &func.expr(e).kind {
                        ExprKind::Assign { value, .. } => (t, *value, Some(e)),
                        _ => continue,
                    },
                    None => continue,
                },
            };
            let Some(a) = local_of(first) else { continue };
            // `a = b; b = c; ..` up to the statement giving the last one `t`.
            let mut locals = vec![a];
            let mut steps = Vec::new();
            let mut last = None;
            for next in &block.stmts[at + 1..] {
                let Some((e, target, value)) = assign(next) else { break };
                if Some(&target) != locals.last() {
                    break;
                }
                if value == t {
                    last = Some(e);
                    break;
                }
                if locals.contains(&value) {
                    break;
                }
                locals.push(value);
                steps.push(e);
            }
            let Some(last) = last.filter(|_| locals.len() >= 2) else { continue };
            let ty = &func.local(t).ty;
            let alike = locals.iter().all(|l| func.local(*l).ty == *ty && var(*l) && *l != t);
            // `t` is declared once: here, or elsewhere without a value.
            let declared = matches!(
                (head, lets.get(&t).map(Vec::as_slice)),
                (None, Some([true])) | (Some(_), Some([false]))
            );
            let only_here = mentions.get(&t).copied() == Some(1 + usize::from(head.is_some()));
            if alike && var(t) && (is_prim_array(ty) || is_prim_matrix(ty)) && declared && only_here
            {
                out.push(Swap { locals, t, first, head, steps, last });
            }
        }
    }
    out
}

/// Whether parameter `p` of the SOMD method `callee` is a 1-D primitive array (or matrix of
/// primitives) it takes by value and keeps to itself: never assigned, and every mention an
/// element (read or written), its length, its MI geometry, a `return` of it or an argument
/// of a read-only parameter; a matrix's rows are reached only for their elements or
/// lengths, or lent, directly or through a row local, to read-only parameters or to
/// helpers writing them in place ([`ReadOnly::param_in_place`]). A caller's array passed
/// there is written only in a copy, or in place where the caller never reads it again
/// (`rt::somd::Scratch`, the device's own buffer), and no name for it outlives the call
/// but the result.
pub(super) fn somd_param_by_value(module: &Module, callee: FuncId, p: usize) -> bool {
    let f = module.function(callee);
    let Some(&param) = f.params.get(p) else { return false };
    let matrix = is_prim_matrix(&f.local(param).ty);
    if f.somd.is_none() || !(is_prim_array(&f.local(param).ty) || matrix) {
        return false;
    }
    let parents = walk::parents(f);
    let returned = walk::returned_values(f);
    let mut facts = ReadOnly::default();
    f.exprs.iter().enumerate().all(|(k, e)| {
        let id = ExprId(k as u32);
        if !matches!(e.kind, ExprKind::Local(l) if l == param) {
            return true;
        }
        match parent_of(&parents, id).map(|q| (q, &f.expr(q).kind)) {
            // A matrix's rows are only read or written element by element, or measured, or
            // lent, directly or through a row local, to a helper that reads them or writes
            // them in place (`firstBumped(a[i])`: it keeps no other name of the row).
            Some((q, ExprKind::Index { array, .. })) if matrix => {
                let mut lent = |call: ExprId, row: ExprId| {
                    passed_read_only(module, f, call, row, &mut facts)
                        || passed_in_place(module, f, call, row, &mut facts)
                };
                row_element_or_length(f, &parents, id, false)
                    || (*array == id && row_lent(f, &parents, q, true, &mut lent))
            }
            Some((_, ExprKind::Index { array, .. })) => *array == id,
            Some((_, ExprKind::Length(_))) => true,
            Some((_, ExprKind::Builtin { builtin, .. })) => {
                matches!(builtin, Builtin::SomdOffset | Builtin::SomdGlobalLength)
            }
            Some((q, _)) => passed_read_only(module, f, q, id, &mut facts),
            None => returned.contains(&id),
        }
    })
}

/// The parameter a SOMD method returns when every `return` gives the same parameter, one it
/// takes by value ([`somd_param_by_value`]) and writes, and its MIs' results are assembled:
/// the caller receives the method's own copy of its argument, or the argument's array where
/// the caller hands it over and never reads it again, so the result has no other name.
pub(super) fn returns_written_param(module: &Module, callee: FuncId) -> Option<usize> {
    let f = module.function(callee);
    if !matches!(f.somd.as_ref().map(|s| &s.reduction), Some(Reduction::Assemble))
        || !(is_prim_array(&f.ret) || is_prim_matrix(&f.ret))
    {
        return None;
    }
    let mut returned = HashSet::new();
    let mut plain = true;
    each_stmt(&f.body, &mut |s| {
        if let Stmt::Return(r) = s {
            match r.map(|e| &f.expr(e).kind) {
                Some(ExprKind::Local(l)) => {
                    returned.insert(*l);
                }
                _ => plain = false,
            }
        }
    });
    let returned: Vec<LocalId> = returned.into_iter().collect();
    let (true, &[param]) = (plain, returned.as_slice()) else { return None };
    let p = f.params.iter().position(|q| *q == param)?;
    let parents = walk::parents(f);
    // An element stored to, of the parameter or of one of its rows (`m[i][j] = ..`).
    let of_param = |array: ExprId| match &f.expr(array).kind {
        ExprKind::Local(l) => *l == param,
        ExprKind::Index { array: row_of, .. } => {
            matches!(f.expr(*row_of).kind, ExprKind::Local(l) if l == param)
        }
        _ => false,
    };
    let written = f.exprs.iter().enumerate().any(|(k, e)| {
        matches!(e.kind, ExprKind::Index { array, .. }
            if of_param(array) && stored_to(f, &parents, ExprId(k as u32)))
    });
    (f.local(param).dist.is_some()
        && written
        && super::parallel::assigned_locals(f).get(&param).copied().unwrap_or(0) == 0
        && somd_param_by_value(module, callee, p))
    .then_some(p)
}

/// Whether `v` is a 1-D primitive array or matrix local of `func` that is a keep candidate: every
/// value it holds is fresh, and it lends its storage only to readers (the module doc). No
/// statement can then write its storage but an element store naming `v`
/// (`analysis::lazy`, SOMD results left on the device). Or `v` alone, in no swap, starts
/// from another name's array ([`borrowed_let`]), which that name may write: `v` then holds
/// it as a lent host copy, never a device copy. A parameter (no `dist`, not `shared`)
/// starts so from the caller's array. A local judged through a move out of `v` (`z = v;`)
/// is no candidate then: it would hold that array as its own.
pub(super) fn fresh_and_unlent(
    module: &Module,
    func: &Function,
    parents: &[Option<ExprId>],
    swaps: &[Swap],
    v: LocalId,
) -> bool {
    let swapped = swaps.iter().any(|w| w.t == v || w.locals.contains(&v));
    let borrower = (!swapped).then_some(v);
    let mut lending = Lending { results: true, swaps, assumed: Vec::new(), borrower };
    let ty = &func.local(v).ty;
    (is_prim_array(ty) || is_prim_matrix(ty))
        && is_candidate_lending(module, func, parents, v, &mut ReadOnly::default(), &mut lending)
}

/// Whether the array local `v` of `func` holds only fresh arrays and lends its storage to
/// nothing but readers ([`is_candidate`]): no other name ever sees its elements.
pub fn unshared_array(module: &Module, func: &Function, v: LocalId) -> bool {
    let parents = walk::parents(func);
    is_candidate(module, func, &parents, v, &mut ReadOnly::default())
}

/// Whether parameter `p` of `f` is read-only ([`ReadOnly::param_read_only`]).
pub fn read_only_param(module: &Module, f: FuncId, p: usize) -> bool {
    ReadOnly::default().param_read_only(module, f, p)
}

/// The assignment statement `assign`, `x = w;`, as a move of `w`'s array into `x` (both
/// 1-D primitive array variables, or matrices of primitives, of the same type): `w` is
/// declared once, with an initialiser that is no local (or none), in the block whose
/// statement `assign` is, before it, and no statement of that block after `assign` mentions
/// it ([`last_mention_moves`]). `w` then names the array no more (it is declared again
/// before any later use), so `x` holds it alone, as fresh as `w` held it (`double[] xn =
/// relax(x, b); .. x = xn;`). Or the next statement of the block gives `w` a value that
/// mentions neither `w` nor `x` (`prev = cur; cur = next;`, a wave equation's three
/// grids): `w` names the array no more from then on either; expression statements
/// mentioning neither `w` nor `x` may come between the two.
pub(super) fn moved_local(func: &Function, assign: ExprId) -> Option<(LocalId, LocalId)> {
    moved_with(func, assign, &|x, w| movable(func, x, w))
}

/// [`moved_local`] for two variables of one value-array type that `analysis::lazy` may
/// leave on the device (`double[[]] nx = C @ f(x); .. x = nx;`, probe 104).
pub(super) fn moved_value_local(
    module: &Module,
    func: &Function,
    assign: ExprId,
) -> Option<(LocalId, LocalId)> {
    moved_with(func, assign, &|x, w| {
        let ty = &func.local(w).ty;
        let var = |l: LocalId| plain_local(func, l, &[LocalKind::Var]);
        x != w
            && func.local(x).ty == *ty
            && super::lazy::is_flat_value_array(module, ty)
            && var(x)
            && var(w)
    })
}

fn moved_with(
    func: &Function,
    assign: ExprId,
    movable: &dyn Fn(LocalId, LocalId) -> bool,
) -> Option<(LocalId, LocalId)> {
    let ExprKind::Assign { target, value } = &func.expr(assign).kind else { return None };
    let (ExprKind::Local(x), ExprKind::Local(w)) =
        (&func.expr(*target).kind, &func.expr(*value).kind)
    else {
        return None;
    };
    let (x, w) = (*x, *w);
    if !movable(x, w) {
        return None;
    }
    if reassigned_next(func, assign, x, w) {
        return Some((x, w));
    }
    last_mention_moves(func, w, |s| matches!(s, Stmt::Expr(e) if *e == assign)).then_some((x, w))
}

/// The declaration of `x` with the initialiser `init`, `T[] x = w;`, as a move of `w`'s
/// array into `x` on the terms of [`moved_local`] (probe 78: `double[] cur = c;` after `c =
/// scale(..)` gave the result a second name). Returns `w`.
pub fn moved_let(func: &Function, x: LocalId, init: ExprId) -> Option<LocalId> {
    let ExprKind::Local(w) = func.expr(init).kind else { return None };
    if !movable(func, x, w) {
        return None;
    }
    let at =
        |s: &Stmt| matches!(s, Stmt::Let { local, init: Some(i) } if *local == x && *i == init);
    last_mention_moves(func, w, at).then_some(w)
}

/// The declaration of `x` with the initialiser `init`, `T[] x = w;`, where `w` is another
/// variable or a parameter of the same 1-D primitive array or primitive matrix type that
/// is no move ([`moved_let`]): `w` still names the array after it. A local holding SOMD
/// results may start so (`analysis::lazy`): it holds the array as a lent host copy
/// (`LazyArr::from_lent`, `LazyMat::from_lent`), never a device copy, so what `w` writes,
/// also through a row, reaches every call that reads `x` (conv1d's `double[] y = x;` before
/// `y = convolve(y, w)` rounds, probe 110; a grid's `double[][] g = u;`). Returns `w`.
pub(super) fn borrowed_let(func: &Function, x: LocalId, init: ExprId) -> Option<LocalId> {
    let ExprKind::Local(w) = func.expr(init).kind else { return None };
    let ty = &func.local(x).ty;
    (w != x
        && (is_prim_array(ty) || is_prim_matrix(ty))
        && func.local(w).ty == *ty
        && plain_local(func, x, &[LocalKind::Var])
        && plain_local(func, w, &[LocalKind::Var, LocalKind::Param])
        && moved_let(func, x, init).is_none())
    .then_some(w)
}

/// Whether local `l` is of one of `kinds`, with no `dist` and not `shared`: a variable or
/// parameter holding its array alone among method instances and threads.
pub(super) fn plain_local(func: &Function, l: LocalId, kinds: &[LocalKind]) -> bool {
    let local = func.local(l);
    kinds.contains(&local.kind) && local.dist.is_none() && !local.shared
}

/// Whether `w`'s array may move into `x`: two variables (no `dist`, no `shared`) of one 1-D
/// primitive array or primitive matrix type.
fn movable(func: &Function, x: LocalId, w: LocalId) -> bool {
    let ty = &func.local(w).ty;
    let same = func.local(x).ty == *ty && (is_prim_array(ty) || is_prim_matrix(ty));
    let var = |l: LocalId| plain_local(func, l, &[LocalKind::Var]);
    x != w && same && var(x) && var(w)
}

/// Whether `w` is declared once, with an initialiser that is no local (or none), in the
/// block holding the statement `at` finds, before it, and no statement of that block after
/// it mentions `w`: the statement is `w`'s last use, and `w` goes out of scope with the
/// block. Values `w` is given between (`p = smooth(x); p = f(p); x = p;`, an outlined loop's
/// `p = main$loop1(p)`) are its own business: a caller taking the array as fresh checks
/// every value `w` holds ([`is_candidate`] of `w`).
fn last_mention_moves(func: &Function, w: LocalId, at: impl Fn(&Stmt) -> bool) -> bool {
    let mut found = false;
    let mut lets = 0usize;
    each_stmt(&func.body, &mut |s| {
        if let Stmt::Let { local, .. } = s {
            lets += usize::from(*local == w);
        }
    });
    if lets != 1 {
        return false;
    }
    let mentions = |stmt: &Stmt| {
        let mut n = 0usize;
        let mut count =
            |e: ExprId| n += usize::from(matches!(func.expr(e).kind, ExprKind::Local(l) if l == w));
        for root in walk::stmt_roots(stmt) {
            walk::each_expr(func, root, &mut count);
        }
        for block in walk::stmt_blocks(stmt) {
            each_expr_in_block(func, block, &mut count);
        }
        n
    };
    let mut blocks = vec![&func.body];
    each_stmt(&func.body, &mut |s| blocks.extend(walk::stmt_blocks(s)));
    for block in blocks {
        let Some(at) = block.stmts.iter().position(&at) else { continue };
        let declared = block.stmts[..at].iter().any(|s| {
            matches!(s, Stmt::Let { local, init }
                if *local == w
                    && init.is_none_or(|i| !matches!(func.expr(i).kind, ExprKind::Local(_))))
        });
        let later = block.stmts[at + 1..].iter().map(&mentions).sum::<usize>();
        found = declared && later == 0;
        break;
    }
    found
}

/// Whether a statement after the statement `assign` (`x = w;`) in its block is `w = e;`
/// with an `e` that mentions neither `w` nor `x`, with only expression statements
/// mentioning neither between them.
fn reassigned_next(func: &Function, assign: ExprId, x: LocalId, w: LocalId) -> bool {
    let mut found = false;
    let mut check = |block: &Block| {
        let Some(at) = block.stmts.iter().position(|s| matches!(s, Stmt::Expr(e) if *e == assign))
        else {
            return;
        };
        // Expression statements mentioning neither may come between (`prev2 = prev1; lo2 =
        // lo1; prev1 = cur;`, probe 110's wavefront): they cannot reach the locals, and an
        // exception they throw ends the program.
        for stmt in &block.stmts[at + 1..] {
            let Stmt::Expr(next) = stmt else { return };
            if let ExprKind::Assign { target, value } = &func.expr(*next).kind {
                if matches!(func.expr(*target).kind, ExprKind::Local(l) if l == w) {
                    found = !walk::mentions(func, *value, w) && !walk::mentions(func, *value, x);
                    return;
                }
            }
            if walk::mentions(func, *next, w) || walk::mentions(func, *next, x) {
                return;
            }
        }
    };
    check(&func.body);
    each_stmt(&func.body, &mut |s| walk::stmt_blocks(s).into_iter().for_each(&mut check));
    found
}

/// Whether `use_` (an occurrence of an array local, the child of `parent`) only lends the
/// array to something that reads it: a read-only parameter, a `!`, or a mapped argument
/// of primitive elements.
pub(super) fn passed_read_only(
    module: &Module,
    func: &Function,
    parent: ExprId,
    use_: ExprId,
    facts: &mut ReadOnly,
) -> bool {
    match &func.expr(parent).kind {
        ExprKind::Call { func: callee, args, receiver }
        | ExprKind::SomdCall { func: callee, args, receiver }
        | ExprKind::IntermediateReduce { func: callee, args, receiver } => {
            *receiver != Some(use_)
                && args
                    .iter()
                    .position(|a| *a == use_)
                    .is_some_and(|p| facts.param_read_only(module, *callee, p))
        }
        ExprKind::ReduceArray { array, .. } => {
            *array == use_ && !is_prim_matrix(&func.expr(use_).ty)
        }
        ExprKind::Map { func: callee, args } => {
            let Some(p) = args.iter().position(|(a, _)| *a == use_) else { return false };
            match args[p].1 {
                // A mapped matrix lends each row to the target's parameter.
                MapArg::Mapped => {
                    !is_prim_matrix(&func.expr(use_).ty)
                        || facts.param_read_only(module, *callee, p)
                }
                MapArg::Broadcast => facts.param_read_only(module, *callee, p),
            }
        }
        _ => false,
    }
}

/// The stores to `v` among `exprs` (a loop's expressions), each as its statement and the
/// index of the unit it stores to ([`Touch`]), when every one is an element store of a
/// statement of its own (`v[i] = e;`, `m[i][j] += e;`, `v[i]++;`) whose unit index is
/// [`plain_index`]; `None` when the loop assigns `v`, replaces a row of it, or stores to it
/// otherwise (in an expression's value, in the loop's test or update). No store: empty.
fn stores_in(
    func: &Function,
    parents: &[Option<ExprId>],
    statements: &HashSet<ExprId>,
    exprs: &[ExprId],
    v: LocalId,
) -> Option<Vec<(ExprId, ExprId)>> {
    let depth = if is_prim_matrix(&func.local(v).ty) { 2 } else { 1 };
    let mut out = Vec::new();
    for e in exprs {
        if !matches!(func.expr(*e).kind, ExprKind::Local(l) if l == v) {
            continue;
        }
        if stored_to(func, parents, *e) {
            return None;
        }
        // `v[i] = ..` (`m[i][j] = ..`, `m[i] = ..`): an `Index` whose array is this use, or
        // that `Index`, is a store target.
        let mut child = *e;
        let mut level = 0;
        let mut unit = None;
        while let Some(p) = parent_of(parents, child) {
            let ExprKind::Index { array, index } = func.expr(p).kind else { break };
            if array != child {
                break;
            }
            level += 1;
            if level == 1 {
                unit = Some(index);
            }
            if stored_to(func, parents, p) {
                let stmt = parent_of(parents, p)?;
                let unit = unit?;
                if level != depth || !statements.contains(&stmt) || !plain_index(func, stmt, unit) {
                    return None;
                }
                out.push((stmt, unit));
            }
            child = p;
        }
    }
    Some(out)
}

/// Whether the array whose mentions `is` recognises (a static field, an object's field) is
/// assigned, or an element of it stored to, among `exprs` (a constructor's loop filling its
/// own array stores to its field).
fn writes_among(
    func: &Function,
    parents: &[Option<ExprId>],
    exprs: &[ExprId],
    is: &dyn Fn(&ExprKind) -> bool,
) -> bool {
    exprs.iter().any(|e| is(&func.expr(*e).kind) && stored_through(func, parents, *e))
}

/// Whether `p` is an `Index` of the array `child`.
fn is_index_of(func: &Function, p: ExprId, child: ExprId) -> bool {
    matches!(func.expr(p).kind, ExprKind::Index { array, .. } if array == child)
}

/// Whether mention `e` of an array is assigned, or an element of it (of one of its rows,
/// or a row) is stored to.
fn stored_through(func: &Function, parents: &[Option<ExprId>], e: ExprId) -> bool {
    let mut child = e;
    loop {
        if stored_to(func, parents, child) {
            return true;
        }
        match parent_of(parents, child) {
            Some(p) if is_index_of(func, p, child) => child = p,
            _ => return false,
        }
    }
}

/// Whether `v` is neither assigned nor stored into among `exprs`.
fn untouched_in(func: &Function, parents: &[Option<ExprId>], exprs: &[ExprId], v: LocalId) -> bool {
    stores_in(func, parents, &HashSet::new(), exprs, v).is_some_and(|stores| stores.is_empty())
}

/// Whether `index` may be evaluated again after statement `stmt`, giving the same value
/// without an effect: constants and locals the statement does not assign, combined by
/// operators, conversions and `.length` of such a local (`x[y.length] = (y = new
/// int[5]).length` stores at the old length: evaluated again, the index is the new one).
fn plain_index(func: &Function, stmt: ExprId, index: ExprId) -> bool {
    let mut assigned = HashSet::new();
    walk::assigned_in_exprs(func, &[stmt], &mut assigned);
    fn plain(func: &Function, assigned: &HashSet<LocalId>, e: ExprId) -> bool {
        match &func.expr(e).kind {
            ExprKind::Const(_) => true,
            ExprKind::Local(l) => !assigned.contains(l),
            ExprKind::Length(a) => {
                matches!(func.expr(*a).kind, ExprKind::Local(l) if !assigned.contains(&l))
            }
            ExprKind::Unary { operand, .. } | ExprKind::Convert { operand } => {
                plain(func, assigned, *operand)
            }
            ExprKind::Binary { lhs, rhs, .. } => {
                plain(func, assigned, *lhs) && plain(func, assigned, *rhs)
            }
            _ => false,
        }
    }
    plain(func, &assigned, index)
}

/// Whether `v` is an argument of a SOMD call, a `@` or a `!`, or frozen, among `exprs`.
fn device_use_in(
    func: &Function,
    parents: &[Option<ExprId>],
    uses: &DeviceUses,
    exprs: &[ExprId],
    v: LocalId,
) -> bool {
    exprs.iter().any(|e| device_use(func, parents, uses, *e, v))
}

/// Whether `e` is `v` as an argument of a SOMD call, a `@` or a `!` other than one of
/// `uses.folded` (a `!` folded in the work-item, which runs on the thread of its function,
/// or a construct placed on the CPU), frozen, or an argument of a host function's
/// parameter that reaches one (`uses.reaching`).
fn device_use(
    func: &Function,
    parents: &[Option<ExprId>],
    uses: &DeviceUses,
    e: ExprId,
    v: LocalId,
) -> bool {
    device_use_of(func, parents, uses, e, &|k| matches!(k, ExprKind::Local(l) if *l == v))
}

/// [`device_use`] of the variable whose mentions `is` recognises (a local, a static field).
fn device_use_of(
    func: &Function,
    parents: &[Option<ExprId>],
    uses: &DeviceUses,
    e: ExprId,
    is: &dyn Fn(&ExprKind) -> bool,
) -> bool {
    is(&func.expr(e).kind)
        && parent_of(parents, e).is_some_and(|p| match &func.expr(p).kind {
            ExprKind::Freeze(_) => true,
            ExprKind::SomdCall { .. } | ExprKind::Map { .. } | ExprKind::ReduceArray { .. } => {
                !uses.folded.contains(&p)
            }
            ExprKind::Call { func: callee, args, receiver } => {
                *receiver != Some(e)
                    && args
                        .iter()
                        .position(|a| *a == e)
                        .is_some_and(|k| uses.reaching.contains_key(&(*callee, k)))
            }
            _ => false,
        })
}

/// The object expression `o` names: `this` (`None`) or a local, the keys of kept fields
/// ([`KeptField::object`]); `None` for any other expression.
fn object_local(func: &Function, o: ExprId) -> Option<Option<LocalId>> {
    match func.expr(o).kind {
        ExprKind::This => Some(None),
        ExprKind::Local(l) => Some(Some(l)),
        _ => None,
    }
}

/// The object expression and the array fields `e` hands to the device: `o.f` passed to a
/// device construct (as [`device_use`] says of a local), or the fields `o.m(..)` gives the
/// device copy of an instance SOMD method `m` (`instance::lift_fields`, `DeviceUses::lifted`)
/// when the call may run on the device.
fn fields_to_device(
    func: &Function,
    parents: &[Option<ExprId>],
    uses: &DeviceUses,
    e: ExprId,
) -> Option<(ExprId, Vec<(ClassId, u32)>)> {
    match &func.expr(e).kind {
        ExprKind::Field { object, class, index } => {
            device_use_of(func, parents, uses, e, &|_| true)
                .then(|| (*object, vec![(*class, *index)]))
        }
        ExprKind::SomdCall { func: callee, receiver: Some(r), .. } if !uses.folded.contains(&e) => {
            let lifted = uses.lifted.and_then(|l| l.fields.get(callee));
            Some((*r, lifted.cloned().unwrap_or_default()))
        }
        _ => None,
    }
}

/// The freezes (`new T[[]](v)`) among `exprs` of one of `arrays`: the host writer records
/// that each copy holds the kept array's contents (`rt::device::freeze_kept`).
fn kept_freezes(func: &Function, exprs: &[ExprId], arrays: &[LocalId]) -> Vec<ExprId> {
    exprs
        .iter()
        .copied()
        .filter(|e| match func.expr(*e).kind {
            ExprKind::Freeze(a) => {
                matches!(func.expr(a).kind, ExprKind::Local(l) if arrays.contains(&l))
            }
            _ => false,
        })
        .collect()
}

/// Every region of every non-SOMD function, in function and statement order (see the
/// module doc, "Straight-line statements"); `loops` are the kept loops ([`kept_loops`]).
/// `lifted` is what `instance::lift_fields` made of `module`, as for [`kept_loops`].
pub fn kept_regions(
    module: &Module,
    loops: &[KeptLoop],
    folded: &[(FuncId, ExprId)],
    lifted: Option<&Lifted>,
) -> Vec<KeptRegion> {
    let mut facts = ReadOnly::default();
    let reaching = params_reaching_device(module, folded);
    let field_ok = field_candidates(module, lifted, &mut facts);
    let mut out = Vec::new();
    for (i, func) in module.functions.iter().enumerate() {
        if func.is_somd() {
            continue;
        }
        let fid = FuncId(i as u32);
        let folded = folded_in(folded, fid);
        let uses = DeviceUses { folded: &folded, reaching: &reaching, lifted };
        let parents = walk::parents(func);
        let mut held: Vec<Held> = (0..func.locals.len() as u32)
            .map(LocalId)
            .filter(|l| is_prim_array(&func.local(*l).ty) || is_prim_matrix(&func.local(*l).ty))
            .filter(|l| is_candidate(module, func, &parents, *l, &mut facts))
            .map(Held::Local)
            .collect();
        // Array fields of objects the function hands to the device ("Array fields of
        // objects"): of `this`, or of a local naming the object.
        for e in 0..func.exprs.len() as u32 {
            let Some((object, passed)) = fields_to_device(func, &parents, &uses, ExprId(e)) else {
                continue;
            };
            let Some(object) = object_local(func, object) else { continue };
            for (class, index) in passed.into_iter().filter(|f| field_ok.contains(f)) {
                let field = Held::Field(KeptField { object, class, index });
                if !held.contains(&field) {
                    held.push(field);
                }
            }
        }
        if held.is_empty() {
            continue;
        }
        // Loops that keep an array already, with every statement inside them.
        let mut covered: HashMap<Held, HashSet<*const Stmt>> = HashMap::new();
        let func_loops = walk::loops(func);
        for k in loops.iter().filter(|k| k.func == fid) {
            let Some((_, stmt)) = func_loops.iter().find(|(id, _)| *id == k.loop_id) else {
                continue;
            };
            let kept = k.arrays.iter().map(|v| Held::Local(*v));
            for h in kept.chain(k.fields.iter().map(|f| Held::Field(*f))) {
                let set = covered.entry(h).or_default();
                each_stmt_of(stmt, &mut |inner| {
                    set.insert(std::ptr::from_ref(inner));
                });
            }
        }
        let index = walk::stmt_indices(func);
        // (first, last, what, the region's statements)
        let mut found: Vec<(usize, usize, Held, &[Stmt])> = Vec::new();
        let mut blocks = vec![&func.body];
        each_stmt(&func.body, &mut |stmt| blocks.extend(walk::stmt_blocks(stmt)));
        let empty = HashSet::new();
        let written: HashMap<LocalId, HashSet<ExprId>> = held
            .iter()
            .filter_map(|h| match h {
                Held::Local(v) => {
                    Some((*v, written_in_calls(module, func, &parents, *v, &mut facts)))
                }
                Held::Field(_) => None,
            })
            .collect();
        for block in blocks {
            for h in &held {
                let written = match h {
                    Held::Local(v) => &written[v],
                    Held::Field(_) => &empty,
                };
                let region = Region { held: *h, covered: covered.get(h), written };
                regions_of(func, &parents, &uses, &block.stmts, region, &mut |a, b| {
                    let at = |s: &Stmt| index.get(&std::ptr::from_ref(s)).copied();
                    if let (Some(first), Some(last)) = (at(&block.stmts[a]), at(&block.stmts[b])) {
                        found.push((first, last, *h, &block.stmts[a..=b]));
                    }
                });
            }
        }
        found.sort_by_key(|(a, b, h, _)| (*a, *b, held.iter().position(|x| x == h)));
        let mut k = 0;
        while k < found.len() {
            let (first, last, _, stmts) = found[k];
            let mut arrays = Vec::new();
            let mut fields = Vec::new();
            while k < found.len() && (found[k].0, found[k].1) == (first, last) {
                match found[k].2 {
                    Held::Local(v) => arrays.push(v),
                    Held::Field(f) => fields.push(f),
                }
                k += 1;
            }
            let mut exprs = Vec::new();
            for stmt in stmts {
                each_stmt_of(stmt, &mut |inner| {
                    for root in walk::stmt_roots(inner) {
                        walk::each_expr(func, root, &mut |e| exprs.push(e));
                    }
                });
            }
            let (Some(a), Some(b)) = (stmts.first(), stmts.last()) else { continue };
            out.push(KeptRegion {
                func: fid,
                first,
                last,
                freezes: kept_freezes(func, &exprs, &arrays),
                arrays,
                fields,
                span: walk::stmt_span(func, a, func.span),
                end: walk::stmt_span(func, b, func.span),
            });
        }
    }
    out
}

/// What a region keeps: an array local, or an array field of an object.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Held {
    Local(LocalId),
    Field(KeptField),
}

impl Held {
    /// Whether `e` hands the array to the device ([`device_use`], [`fields_to_device`]).
    fn device_use(
        &self,
        func: &Function,
        parents: &[Option<ExprId>],
        uses: &DeviceUses,
        e: ExprId,
    ) -> bool {
        match self {
            Held::Local(v) => device_use(func, parents, uses, e, *v),
            Held::Field(f) => {
                fields_to_device(func, parents, uses, e).is_some_and(|(o, passed)| {
                    object_local(func, o) == Some(f.object) && passed.contains(&(f.class, f.index))
                })
            }
        }
    }

    /// Whether a statement whose expressions are `exprs` may change what the array is or
    /// holds: for a local, an assignment or a store; for a field, an assignment of the
    /// object's local or a store to the field (a constructor's).
    fn changed_in(&self, func: &Function, parents: &[Option<ExprId>], exprs: &[ExprId]) -> bool {
        match self {
            Held::Local(v) => !untouched_in(func, parents, exprs, *v),
            Held::Field(f) => {
                let mut assigned = HashSet::new();
                walk::assigned_in_exprs(func, exprs, &mut assigned);
                f.object.is_some_and(|o| assigned.contains(&o))
                    || writes_among(func, parents, exprs, &|k| {
                        matches!(k, ExprKind::Field { class, index, .. }
                            if *class == f.class && *index == f.index)
                    })
            }
        }
    }

    /// The local a declaration of which ends a region.
    fn local(&self) -> Option<LocalId> {
        match self {
            Held::Local(v) => Some(*v),
            Held::Field(f) => f.object,
        }
    }
}

/// The array [`regions_of`] looks for regions of: the array, the statements of loops that
/// keep it already, and the mentions of a local passed to helpers that may write it
/// ([`written_in_calls`]), which end a region.
#[derive(Clone, Copy)]
struct Region<'a> {
    held: Held,
    covered: Option<&'a HashSet<*const Stmt>>,
    written: &'a HashSet<ExprId>,
}

/// Calls `found(a, b)` for each region of the array among `stmts` (the statements of one
/// block): indices of its first and last statement (see the module doc).
fn regions_of(
    func: &Function,
    parents: &[Option<ExprId>],
    uses: &DeviceUses,
    stmts: &[Stmt],
    region: Region<'_>,
    found: &mut dyn FnMut(usize, usize),
) {
    let Region { held, covered, written } = region;
    // The open run's relevant statements: (first, last, weighted uses).
    let mut run: Option<(usize, usize, usize)> = None;
    let mut close = |run: &mut Option<(usize, usize, usize)>| {
        if let Some((a, b, uses)) = run.take() {
            if uses >= 2 {
                found(a, b);
            }
        }
    };
    let empty = HashSet::new();
    let covered = covered.unwrap_or(&empty);
    for (i, stmt) in stmts.iter().enumerate() {
        if covered.contains(&std::ptr::from_ref(stmt)) && !matches!(stmt, Stmt::Loop { .. }) {
            // The block is inside a loop that keeps the array already.
            return;
        }
        // Every expression of the statement, with how much a use there weighs.
        let mut exprs: Vec<(ExprId, usize)> = Vec::new();
        let mut declares = false;
        walk_weighted(func, stmt, 1, covered, &mut exprs, &mut |s| {
            declares |= matches!(s, Stmt::Let { local, .. } if Some(*local) == held.local());
        });
        let plain: Vec<ExprId> = exprs.iter().map(|(e, _)| *e).collect();
        if declares
            || held.changed_in(func, parents, &plain)
            || plain.iter().any(|e| written.contains(e))
        {
            close(&mut run);
            continue;
        }
        // A helper whose loop makes the device calls weighs as a use in a loop.
        let mut weight: usize = exprs
            .iter()
            .filter(|(e, _)| held.device_use(func, parents, uses, *e))
            .map(|(e, weight)| match uses.repeated(func, parents, *e) {
                true => *weight * 2,
                false => *weight,
            })
            .sum();
        // A loop that keeps the array itself counts once: its first upload may come from
        // before.
        weight += kept_loops_using(func, parents, uses, stmt, held, covered);
        if weight > 0 {
            run = Some(match run {
                Some((a, _, n)) => (a, i, n + weight),
                None => (i, i, weight),
            });
        }
    }
    close(&mut run);
}

/// The outermost loops among `stmt` and its nested statements that are in `kept` (they keep
/// `v`) and use `v` on the device.
fn kept_loops_using(
    func: &Function,
    parents: &[Option<ExprId>],
    uses: &DeviceUses,
    stmt: &Stmt,
    held: Held,
    kept: &HashSet<*const Stmt>,
) -> usize {
    if matches!(stmt, Stmt::Loop { .. }) && kept.contains(&std::ptr::from_ref(stmt)) {
        let mut inside = Vec::new();
        walk_weighted(func, stmt, 1, &HashSet::new(), &mut inside, &mut |_| {});
        return usize::from(inside.iter().any(|(e, _)| held.device_use(func, parents, uses, *e)));
    }
    walk::stmt_blocks(stmt)
        .into_iter()
        .flat_map(|block| &block.stmts)
        .map(|inner| kept_loops_using(func, parents, uses, inner, held, kept))
        .sum()
}

/// Adds to `out` every expression of `stmt` and its nested statements with the weight of a
/// use there: `weight` (1 at the top), 2 inside a loop (it may run more than once), 0
/// inside a loop in `kept` (it keeps the array already); calls `each` on every statement.
fn walk_weighted<'a>(
    func: &Function,
    stmt: &'a Stmt,
    weight: usize,
    kept: &HashSet<*const Stmt>,
    out: &mut Vec<(ExprId, usize)>,
    each: &mut dyn FnMut(&'a Stmt),
) {
    each(stmt);
    let weight = match stmt {
        Stmt::Loop { .. } if kept.contains(&std::ptr::from_ref(stmt)) => 0,
        Stmt::Loop { .. } => weight.min(1) * 2,
        _ => weight,
    };
    for root in walk::stmt_roots(stmt) {
        walk::each_expr(func, root, &mut |e| out.push((e, weight)));
    }
    for block in walk::stmt_blocks(stmt) {
        for inner in &block.stmts {
            walk_weighted(func, inner, weight, kept, out, each);
        }
    }
}

/// Memo of [`ReadOnly::param_read_only`].
pub(super) struct ReadOnly {
    /// A call cycle assumes its parameters read-only: a cycle that only passes the array
    /// around reads it at most.
    memo: CycleMemo<(FuncId, usize)>,
    /// Of [`ReadOnly::param_in_place`]; a cycle likewise writes it in place at most.
    in_place: CycleMemo<(FuncId, usize)>,
}

impl Default for ReadOnly {
    fn default() -> Self {
        ReadOnly { memo: CycleMemo::new(true), in_place: CycleMemo::new(true) }
    }
}

impl ReadOnly {
    /// Whether parameter `p` of `f` is read-only: a 1-D primitive array parameter that the
    /// function never assigns and only indexes for reading, asks the `.length` of, or
    /// passes on to read-only parameters (a matrix: only its elements read, its rows'
    /// lengths and its length) (for a SOMD function, also those of its user
    /// strategies' `bounds` methods, which receive it).
    fn param_read_only(&mut self, module: &Module, f: FuncId, p: usize) -> bool {
        match self.memo.open((f, p)) {
            Ok(answer) => answer,
            Err(open) => {
                let answer = self.decide(module, f, p);
                self.memo.close(open, answer)
            }
        }
    }

    fn decide(&mut self, module: &Module, f: FuncId, p: usize) -> bool {
        let Some(func) = module.functions.get(f.0 as usize) else { return false };
        let Some(&param) = func.params.get(p) else { return false };
        let matrix = is_prim_matrix(&func.local(param).ty);
        if !is_prim_array(&func.local(param).ty) && !matrix {
            return false;
        }
        let parents = walk::parents(func);
        // Strategy arguments: roots of the arena evaluated in the caller's context and
        // passed to `bounds(length, parts, args..)`.
        let mut strategy_args: HashMap<ExprId, (FuncId, usize)> = HashMap::new();
        if let Some(sig) = &func.somd {
            for (_, dist) in &sig.dist_params {
                if let Distribution::User { bounds, args, .. } = dist {
                    for (k, a) in args.iter().enumerate() {
                        strategy_args.insert(*a, (*bounds, k + 2));
                    }
                }
            }
        }
        for (i, e) in func.exprs.iter().enumerate() {
            if !matches!(e.kind, ExprKind::Local(l) if l == param) {
                continue;
            }
            let id = ExprId(i as u32);
            let ok = match parent_of(&parents, id) {
                None => match strategy_args.get(&id) {
                    Some((bounds, q)) => self.param_read_only(module, *bounds, *q),
                    None => false,
                },
                Some(parent) => match &func.expr(parent).kind {
                    // A row read, measured, lent to a reader (`dot(m[i], v)`), or the
                    // value of a row local used so.
                    ExprKind::Index { .. } if matrix => {
                        row_element_or_length(func, &parents, id, true)
                            || row_lent(func, &parents, parent, false, &mut |p, m| {
                                passed_read_only(module, func, p, m, self)
                            })
                    }
                    ExprKind::Index { array, .. } => {
                        *array == id && !stored_to(func, &parents, parent)
                    }
                    ExprKind::Length(_) => true,
                    // A value array made from a 1-D parameter copies it: the function holds
                    // the caller's array by reference, so the copy never takes its storage
                    // (`LastUses::owned_freezes` leaves by-reference parameters alone).
                    ExprKind::Freeze(_) => !matrix,
                    // The MI geometry of a `dist` parameter reads no element.
                    ExprKind::Builtin {
                        builtin: Builtin::SomdOffset | Builtin::SomdGlobalLength,
                        ..
                    } => true,
                    _ => passed_read_only(module, func, parent, id, self),
                },
            };
            if !ok {
                return false;
            }
        }
        true
    }

    /// Whether parameter `p` of the plain method `f` is written in place at most: a 1-D
    /// primitive array (or matrix of primitives) parameter that `f` never assigns and only
    /// indexes (reading or storing elements; a matrix's rows only to reach their elements
    /// or lengths, or passed on as below), asks the length of, freezes (a copy) or passes
    /// on to read-only or such parameters of plain methods. `f` keeps no other name of the
    /// array, so after a call the caller's local is again its only name (a host helper
    /// filling an input before a loop: `fill(f);`, probe 104).
    fn param_in_place(&mut self, module: &Module, f: FuncId, p: usize) -> bool {
        match self.in_place.open((f, p)) {
            Ok(answer) => answer,
            Err(open) => {
                let answer = self.decide_in_place(module, f, p);
                self.in_place.close(open, answer)
            }
        }
    }

    fn decide_in_place(&mut self, module: &Module, f: FuncId, p: usize) -> bool {
        let Some(func) = module.functions.get(f.0 as usize) else { return false };
        let Some(&param) = func.params.get(p) else { return false };
        let matrix = is_prim_matrix(&func.local(param).ty);
        if func.is_somd() || (!is_prim_array(&func.local(param).ty) && !matrix) {
            return false;
        }
        let parents = walk::parents(func);
        for (i, e) in func.exprs.iter().enumerate() {
            if !matches!(e.kind, ExprKind::Local(l) if l == param) {
                continue;
            }
            let id = ExprId(i as u32);
            let Some(parent) = parent_of(&parents, id) else { return false };
            let ok = match &func.expr(parent).kind {
                // A row's elements or length, or a row passed on to a read-only or in-place
                // parameter (`row(m[i], i)`: review 101).
                ExprKind::Index { array, .. } if matrix => {
                    row_element_or_length(func, &parents, id, false)
                        || (*array == id
                            && !stored_to(func, &parents, parent)
                            && parent_of(&parents, parent).is_some_and(|call| {
                                passed_read_only(module, func, call, parent, self)
                                    || passed_in_place(module, func, call, parent, self)
                            }))
                }
                // `p[i]`, read or stored to (`p = ..` is an `Assign`, refused below).
                ExprKind::Index { array, .. } => *array == id,
                ExprKind::Length(_) => true,
                ExprKind::Freeze(_) => !matrix,
                _ => {
                    passed_read_only(module, func, parent, id, self)
                        || passed_in_place(module, func, parent, id, self)
                }
            };
            if !ok {
                return false;
            }
        }
        true
    }
}

/// Whether `use_` (an occurrence of an array local, the child of `parent`) is an argument
/// of a plain method call whose parameter is written in place at most
/// ([`ReadOnly::param_in_place`]).
fn passed_in_place(
    module: &Module,
    func: &Function,
    parent: ExprId,
    use_: ExprId,
    facts: &mut ReadOnly,
) -> bool {
    match &func.expr(parent).kind {
        ExprKind::Call { func: callee, args, receiver } => {
            *receiver != Some(use_)
                && args
                    .iter()
                    .position(|a| *a == use_)
                    .is_some_and(|p| facts.param_in_place(module, *callee, p))
        }
        _ => false,
    }
}

/// The mentions of `v` in `func` that pass it to a method that may write it in place
/// ([`passed_in_place`], not [`passed_read_only`]): a loop or region holding one does not
/// keep `v` (the device copy would miss the writes).
fn written_in_calls(
    module: &Module,
    func: &Function,
    parents: &[Option<ExprId>],
    v: LocalId,
    facts: &mut ReadOnly,
) -> HashSet<ExprId> {
    let mut out = HashSet::new();
    for (i, e) in func.exprs.iter().enumerate() {
        if !matches!(e.kind, ExprKind::Local(l) if l == v) {
            continue;
        }
        let id = ExprId(i as u32);
        let Some(parent) = parent_of(parents, id) else { continue };
        if matches!(func.expr(parent).kind, ExprKind::Call { .. })
            && !passed_read_only(module, func, parent, id, facts)
        {
            out.insert(id);
        }
    }
    out
}
