//! Effects that the method instances (MIs) of a SOMD call would have on state they all
//! share.
//!
//! Each MI of a CPU call runs on its own thread. What it writes is its own where the
//! implementation makes it so: its partitions, the arrays it allocates, private copies of
//! the array parameters it writes (LANGUAGE.md §2.1). Anything else is one location for all
//! of them, and Java's single run of the body meets it in one order: a static field
//! (`calls++` lost updates on 2 threads), a field of an object the MIs did not make, an
//! element of an array held by a field, a `Random` the caller made, and the program's
//! output (lines of different MIs interleaved). A SOMD method whose body, or anything it
//! calls, may have such an effect runs as one MI on the CPU, which is Java's order; `somdc
//! build` warns (W0304) at the first effect found. The answer may say "shared" for an
//! effect that is not (an array of a fresh object, an object reached twice), never the
//! reverse: a false answer only costs the call its parallelism.
//!
//! The applications of a `@` share state the same way ([`map_writes_shared`]): a `static
//! local` target reaches no static field, but the objects its arguments hold (a broadcast
//! object, the elements of a mapped object array, which may be one object several times)
//! are the caller's, and Java's loop meets their fields in one order. A `@` whose target
//! (or what it calls) may write one applies its target in Java's order.

use super::isolation;
use super::parallel;
use super::walk;
use super::writes;
use crate::ir::*;
use somd_diag::Span;
use std::collections::{HashMap, HashSet, VecDeque};

/// An effect on shared state: where, and what (`writes static field \`C.f\``).
#[derive(Clone, Debug)]
pub struct SharedEffect {
    pub span: Span,
    pub what: String,
}

/// The first effect on state its MIs share that SOMD function `f` (or a function it
/// reaches through calls, maps, reductions and constructors) may have, if any.
pub fn shared_effect(module: &Module, f: FuncId) -> Option<SharedEffect> {
    reached(module, f, callees)
        .into_iter()
        .find_map(|g| effect_in(module, module.function(g), g == f))
}

/// The functions `f` reaches through `next` (itself first), in breadth-first order.
fn reached(module: &Module, f: FuncId, next: fn(&Function) -> Vec<FuncId>) -> Vec<FuncId> {
    let mut seen = HashSet::from([f]);
    let mut order = Vec::new();
    let mut queue = VecDeque::from([f]);
    while let Some(g) = queue.pop_front() {
        let Some(func) = module.functions.get(g.0 as usize) else { continue };
        order.push(g);
        for callee in next(func) {
            if seen.insert(callee) {
                queue.push_back(callee);
            }
        }
    }
    order
}

/// Whether function `f` may call itself, through any chain of the calls that run on the
/// calling thread or its pool ([`run_callees`]: a task's worker runs on a thread of its own):
/// such a method checks its thread's stack on entry (`rt::stack`).
pub fn calls_itself(module: &Module, f: FuncId) -> bool {
    reached(module, f, run_callees)
        .into_iter()
        .any(|g| run_callees(module.function(g)).contains(&f))
}

/// What a task worker (with what it reaches) does that another task of its graph may
/// observe, which the tasks' concurrency would order differently from Java: printing (or
/// running a task graph), the static fields it reads and writes (a static's array
/// elements count as the static), and whether it reads or writes the *heap*: a field of an
/// object, an element of an array or a draw of a `Random` that other tasks may reach too
/// (an object passed to two tasks' constructors, a static final object's fields). One
/// location stands for the whole heap, so two tasks that touch different objects still
/// count as sharing one; what is the task's alone is not heap: its own object's fields
/// (read or written by the worker or the instance helpers it calls on `this`), the arrays,
/// objects and `Random`s its own fields hold when every store into those fields is a new
/// one and their values go nowhere else ([`owned_fields`]), what the function itself
/// makes, and value objects and value arrays, which never change.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TaskEffects {
    pub prints: bool,
    pub reads: Vec<StaticId>,
    pub writes: Vec<StaticId>,
    pub heap_reads: bool,
    pub heap_writes: bool,
}

/// Why the tasks of a graph (`tasks`: each worker's name and [`TaskEffects`], in graph
/// order) run in Java's order (`rt::somd::Task::with_effects`): two print, or one writes a
/// static field (or the heap) another reads or writes. `None` when their pipeline keeps
/// Java's results.
pub fn graph_in_order(module: &Module, tasks: &[(&str, &TaskEffects)]) -> Option<String> {
    let printing: Vec<&str> = tasks.iter().filter(|t| t.1.prints).map(|t| t.0).collect();
    if let [a, b, ..] = printing[..] {
        return Some(format!("tasks `{a}` and `{b}` both print"));
    }
    let name = |s: &StaticId| {
        let field = &module.statics[s.0 as usize];
        let class = module.classes.get(field.class.0 as usize).map_or("?", |c| c.name.as_str());
        format!("`{class}.{}`", field.name)
    };
    for (i, (a, ea)) in tasks.iter().enumerate() {
        for (j, (b, eb)) in tasks.iter().enumerate() {
            if i == j {
                continue;
            }
            let (verb, other) = match ea.writes.iter().find(|w| eb.writes.contains(w)) {
                Some(w) => ("writes", w),
                None => match ea.writes.iter().find(|w| eb.reads.contains(w)) {
                    Some(w) => ("reads", w),
                    None if ea.heap_writes && (eb.heap_reads || eb.heap_writes) => {
                        return Some(format!(
                            "task `{a}` writes objects or arrays that task `{b}` may reach"
                        ));
                    }
                    None => continue,
                },
            };
            return Some(format!("task `{a}` writes {}, which task `{b}` {verb}", name(other)));
        }
    }
    None
}

/// The [`TaskEffects`] of task worker `f`. A graph runs in Java's order when two of its
/// tasks print, or one writes a static field (or the heap) another uses
/// (`rt::somd::Task::with_effects`).
pub fn task_effects(module: &Module, f: FuncId) -> TaskEffects {
    let mut out = TaskEffects::default();
    let all = reached(module, f, callees);
    let own_this = on_this(module, f, &all);
    let owned = owned_fields(module);
    for &g in &all {
        let func = module.function(g);
        let parents = walk::parents(func);
        let fresh = made_locals(func);
        // An object or array that is the task's alone (`TaskEffects`).
        let own = |e: ExprId| match &func.expr(e).kind {
            ExprKind::This => own_this.contains(&g),
            ExprKind::Local(l) => {
                (func.local(*l).kind == LocalKind::This && own_this.contains(&g))
                    || fresh.contains(l)
            }
            ExprKind::New { .. } | ExprKind::NewArray { .. } | ExprKind::ArrayLit(_) => true,
            ExprKind::Field { object, class, index } => {
                owned.contains(&(*class, *index))
                    && match func.expr(*object).kind {
                        ExprKind::This => own_this.contains(&g),
                        ExprKind::Local(l) => {
                            func.local(l).kind == LocalKind::This && own_this.contains(&g)
                        }
                        _ => false,
                    }
            }
            _ => false,
        };
        for (i, expr) in func.exprs.iter().enumerate() {
            let id = ExprId(i as u32);
            let heap = match &expr.kind {
                ExprKind::Field { object, class, .. } => {
                    let value = module.classes.get(class.0 as usize).is_some_and(|c| c.is_value);
                    !value && !own(*object)
                }
                // A static's array is the heap too: a task may hold it in a field.
                ExprKind::Index { array, .. } => {
                    matches!(func.expr(*array).ty, Type::Array(_)) && !own(*array)
                }
                // A draw changes its `Random`: a static one is that static's write, and the
                // heap's (a task may hold it in a field).
                ExprKind::Builtin { builtin, args } if builtin.is_random_draw() => {
                    if let Some(ExprKind::Static(s)) = args.first().map(|r| &func.expr(*r).kind) {
                        if !out.writes.contains(s) {
                            out.writes.push(*s);
                        }
                    }
                    if args.first().is_none_or(|r| !own(*r)) {
                        out.heap_writes = true;
                    }
                    false
                }
                _ => false,
            };
            if heap {
                match walk::stored_to(func, &parents, id) {
                    true => out.heap_writes = true,
                    false => out.heap_reads = true,
                }
            }
            match &expr.kind {
                ExprKind::Static(s) => {
                    let field = module.static_field(*s);
                    if field.is_final && matches!(field.ty, Type::Prim(_) | Type::Object(_)) {
                        continue;
                    }
                    // Written as a whole, or an element of the array it holds.
                    let mut at = ExprId(i as u32);
                    while let Some(ExprKind::Index { array, .. }) =
                        parents[at.0 as usize].map(|p| &func.expr(p).kind)
                    {
                        if *array != at {
                            break;
                        }
                        at = parents[at.0 as usize].unwrap_or(at);
                    }
                    let list = match walk::stored_to(func, &parents, at) {
                        true => &mut out.writes,
                        false => &mut out.reads,
                    };
                    if !list.contains(s) {
                        list.push(*s);
                    }
                }
                ExprKind::Builtin { builtin, .. } => {
                    out.prints |= builtin.is_output()
                        || matches!(builtin, Builtin::TaskStart | Builtin::TaskFinish)
                }
                _ => {}
            }
        }
    }
    out
}

/// Why a `@` with target `target` applies it in Java's order, one application after the
/// other on the calling thread (`rt::somd::in_order`), or `None` when its applications may
/// run in parallel: the target writes into an array argument (Java passes the array itself,
/// so applications may write the same elements: `writes::writes_param`), or state its
/// applications share ([`map_writes_shared`]).
pub fn map_in_order(module: &Module, target: FuncId) -> Option<&'static str> {
    let func = module.function(target);
    let writes_array = func.params.iter().enumerate().any(|(k, p)| {
        matches!(func.local(*p).ty, Type::Array(_))
            && super::writes::writes_param(module, target, k)
    });
    if writes_array {
        Some("the target writes into an array argument")
    } else if map_writes_shared(module, target) {
        Some(WRITES_SHARED)
    } else {
        None
    }
}

/// The reason [`map_in_order`] gives for a target that writes state its applications
/// share.
pub const WRITES_SHARED: &str = "the target writes state its applications share";

/// The mapped object parameters of a `@` of `target` (bit `k` for parameter `k`; `mapped`
/// says which parameters the `@` maps) through whose objects alone its applications write
/// state they share: `Some(bits)` when [`map_in_order`] holds only for such writes
/// ([`WRITES_SHARED`]) and counting those parameters as each application's own object
/// leaves no shared write. They are each application's own when the mapped arrays hold
/// pairwise distinct objects (`null`s aside), which the run time checks before it runs the
/// applications side by side (`rt::somd::map_distinct`): `p.x += p.vx` of `Main @
/// move(particles)` meets each particle once. Only the objects themselves are their
/// applications' own, not what their fields hold: the caller made them, and what makes a
/// field owned for an object the application makes ([`owned_fields`]: every store into it
/// is a new object) holds for none of the caller's. Its rows may have been replaced
/// (`c.rows[0] = common`), and a new object may have handed itself out from its
/// constructor (`Main.all[k] = this`), so that one particle's `p.child` is another's `p`
/// (probe 37). A write through a field (`p.hist[k]++`, `p.group.count++`) therefore still
/// needs Java's order, and so does a target writing an array argument.
pub fn map_distinct_elements(module: &Module, target: FuncId, mapped: &[bool]) -> Option<u64> {
    let func = module.functions.get(target.0 as usize)?;
    let mut bits = 0u64;
    for (k, p) in func.params.iter().enumerate().take(64) {
        let object = match func.local(*p).ty {
            Type::Object(c) => module.classes.get(c.0 as usize).is_some_and(|c| !c.is_value),
            _ => false,
        };
        if object && mapped.get(k) == Some(&true) {
            bits |= 1 << k;
        }
    }
    if bits == 0 || map_in_order(module, target) != Some(WRITES_SHARED) {
        return None;
    }
    // Side by side, an application must not read what another writes either: the fields
    // the applications write (of their own objects) may be read only through their own
    // (`Main @ step(ps, ps)` reading `all[j].x` sees the applications before it in Java's
    // order).
    let mut cx = Applications::new(module);
    cx.watched = written_fields(module, target);
    // No owned fields: only the mapped objects themselves are the applications' own.
    let _ = cx.owned.set(HashSet::new());
    (!cx.writes(target, false, bits)).then_some(bits)
}

/// Whether the applications of a `@` of `target` may write state they share: a field of
/// a (non-value) object they did not make, or an element of an array such an object's
/// field holds, through any name (`writes::writes_through`), in `target` or anything it
/// calls (methods, constructors, nested `@` targets and `!` methods). What an application
/// makes is its own: objects and arrays it creates (`new`, literals, held by locals that
/// hold nothing else), `this` of a constructor it runs or of an instance method it calls
/// on such an object, parameters it passes such objects to, and the objects and arrays
/// their [`owned_fields`] hold. Everything else may be the caller's, reached by every
/// application (`b.v++` on a broadcast `b`, `b.bump(i)` writing `this.v`, the elements of
/// a mapped `Box[]` holding one object three times): only Java's order of the writes gives
/// Java's result (`rt::somd::in_order`). Elements of the target's own array parameters are
/// the array-argument rule's (`writes::writes_param`). May say "shared" for what is not
/// (an object reached through another's field), never the reverse.
pub fn map_writes_shared(module: &Module, target: FuncId) -> bool {
    Applications::new(module).writes(target, false, 0)
}

/// The state of one [`map_writes_shared`] question.
struct Applications<'a> {
    module: &'a Module,
    /// [`owned_fields`], computed when first needed.
    owned: std::cell::OnceCell<HashSet<(ClassId, u32)>>,
    /// Per function, whether `this` is the application's own, and which of its first 64
    /// parameters are: whether it writes shared state.
    memo: super::memo::CycleMemo<(FuncId, bool, u64)>,
    /// Fields whose mention through an object the application does not own counts as
    /// shared too, read or written ([`map_distinct_elements`]).
    watched: HashSet<(ClassId, u32)>,
}

/// The fields of (non-value) objects that `target`, or anything it runs, may write: by an
/// assignment, or elements of the array the field holds.
fn written_fields(module: &Module, target: FuncId) -> HashSet<(ClassId, u32)> {
    let mut out = HashSet::new();
    for g in reached(module, target, run_callees) {
        let func = module.function(g);
        let parents = walk::parents(func);
        for (i, expr) in func.exprs.iter().enumerate() {
            let field = match &expr.kind {
                ExprKind::Assign { target, .. }
                | ExprKind::CompoundAssign { target, .. }
                | ExprKind::IncDec { target, .. } => *target,
                ExprKind::Field { .. } if matches!(expr.ty, Type::Array(_)) => {
                    let id = ExprId(i as u32);
                    if walk::stored_to(func, &parents, id)
                        || !writes::writes_through(module, func, &[id])
                    {
                        continue;
                    }
                    id
                }
                _ => continue,
            };
            if let ExprKind::Field { class, index, .. } = func.expr(field).kind {
                if !module.class(class).is_value {
                    out.insert((class, index));
                }
            }
        }
    }
    out
}

impl<'a> Applications<'a> {
    fn new(module: &'a Module) -> Applications<'a> {
        Applications {
            module,
            owned: std::cell::OnceCell::new(),
            memo: super::memo::CycleMemo::new(false),
            watched: HashSet::new(),
        }
    }

    /// Whether `f` may write shared state when `this` (`own_this`) and the parameters
    /// whose bits `own_params` sets hold objects or arrays the application made.
    fn writes(&mut self, f: FuncId, own_this: bool, own_params: u64) -> bool {
        let Some(func) = self.module.functions.get(f.0 as usize) else { return true };
        match self.memo.open((f, own_this, own_params)) {
            Ok(answer) => answer,
            Err(open) => {
                let answer = self.writes_in(func, own_this, own_params);
                self.memo.close(open, answer)
            }
        }
    }

    fn writes_in(&mut self, func: &Function, own_this: bool, own_params: u64) -> bool {
        let module = self.module;
        let assigned = parallel::assigned_locals(func);
        let mut own_locals = made_locals(func);
        for (k, p) in func.params.iter().enumerate() {
            if k < 64 && own_params & (1 << k) != 0 && !assigned.contains_key(p) {
                own_locals.insert(*p);
            }
        }
        let own = |e: ExprId| self.own(func, &own_locals, own_this, e);
        let parents = walk::parents(func);
        for (i, expr) in func.exprs.iter().enumerate() {
            let id = ExprId(i as u32);
            let shared = match &expr.kind {
                ExprKind::Assign { target, .. }
                | ExprKind::CompoundAssign { target, .. }
                | ExprKind::IncDec { target, .. } => match &func.expr(*target).kind {
                    ExprKind::Static(_) => true,
                    ExprKind::Field { object, class, .. } => {
                        !module.class(*class).is_value && !own(*object)
                    }
                    _ => false,
                },
                // A watched field of an object the application does not own.
                ExprKind::Field { object, class, index }
                    if self.watched.contains(&(*class, *index)) && !own(*object) =>
                {
                    true
                }
                // An array a field (or a static) holds, whose elements are written.
                ExprKind::Field { .. } | ExprKind::Static(_) => {
                    matches!(expr.ty, Type::Array(_))
                        && !own(id)
                        && !walk::stored_to(func, &parents, id)
                        && writes::writes_through(module, func, &[id])
                }
                _ => false,
            };
            if shared {
                return true;
            }
        }
        // What the calls write, with what each callee holds of the application's own.
        let mut calls: Vec<(FuncId, bool, u64)> = Vec::new();
        let mask = |args: &mut dyn Iterator<Item = (usize, bool)>| {
            args.filter(|(k, own)| *k < 64 && *own).fold(0u64, |m, (k, _)| m | 1 << k)
        };
        for expr in &func.exprs {
            match &expr.kind {
                ExprKind::Call { func: callee, receiver, args }
                | ExprKind::SomdCall { func: callee, receiver, args }
                | ExprKind::IntermediateReduce { func: callee, receiver, args } => {
                    let this = receiver.is_some_and(&own);
                    let bits = mask(&mut args.iter().map(|a| own(*a)).enumerate());
                    calls.push((*callee, this, bits));
                }
                ExprKind::New { ctor: Some(ctor), args, .. } => {
                    let bits = mask(&mut args.iter().map(|a| own(*a)).enumerate());
                    calls.push((*ctor, true, bits));
                }
                // A broadcast argument is the same object in every application of the
                // nested `@`, which run on this thread; a mapped one's elements are not
                // this application's own.
                ExprKind::Map { func: callee, args } => {
                    let bits = mask(
                        &mut args
                            .iter()
                            .map(|(a, mode)| *mode == MapArg::Broadcast && own(*a))
                            .enumerate(),
                    );
                    calls.push((*callee, false, bits));
                }
                ExprKind::ReduceArray { reducer: ArrayReducer::Func(callee), .. } => {
                    calls.push((*callee, false, 0));
                }
                _ => {}
            }
        }
        // A `toString()` of a string conversion runs on an object of any origin.
        calls.extend(func.to_strings.iter().map(|(f, _)| (*f, false, 0)));
        calls.into_iter().any(|(callee, this, bits)| self.writes(callee, this, bits))
    }

    /// Whether the object or array `e` evaluates to is the application's own
    /// ([`map_writes_shared`]): made by it, `own_this`'s `this`, a local of `own_locals`, or
    /// what an owned field of such an object holds.
    fn own(
        &self,
        func: &Function,
        own_locals: &HashSet<LocalId>,
        own_this: bool,
        e: ExprId,
    ) -> bool {
        match &func.expr(e).kind {
            ExprKind::New { .. } | ExprKind::NewArray { .. } | ExprKind::ArrayLit(_) => true,
            ExprKind::This => own_this,
            ExprKind::Local(l) => {
                own_locals.contains(l) || (func.local(*l).kind == LocalKind::This && own_this)
            }
            ExprKind::Field { object, class, index } => {
                self.own(func, own_locals, own_this, *object)
                    && self
                        .owned
                        .get_or_init(|| owned_fields(self.module))
                        .contains(&(*class, *index))
            }
            _ => false,
        }
    }
}

/// Whether `e` is `this`.
fn is_this(func: &Function, e: ExprId) -> bool {
    match func.expr(e).kind {
        ExprKind::This => true,
        ExprKind::Local(l) => func.local(l).kind == LocalKind::This,
        _ => false,
    }
}

/// Whether some function of `class` (a constructor, an instance method) lets `this` go
/// anywhere but to its own fields and calls on it (`r.c = this`, `register(this)`): other
/// code may then reach the object's fields.
fn this_escapes(module: &Module, class: ClassId) -> bool {
    module.functions.iter().filter(|func| func.class == class).any(|func| {
        let parents = walk::parents(func);
        (0..func.exprs.len()).map(|i| ExprId(i as u32)).any(|e| {
            let parent = parents[e.0 as usize].map(|p| &func.expr(p).kind);
            is_this(func, e)
                && !matches!(parent, Some(ExprKind::Field { object, .. }) if *object == e)
                && !matches!(parent, Some(ExprKind::Call { receiver: Some(r), .. }) if *r == e)
        })
    })
}

/// The instance functions among `all` (reached from task worker `f`) that run only on
/// the worker's own object: `f` itself when it is an instance method, and helpers called
/// on `this` from such functions alone (`this.step(x)`, `step(x)`). None when `this` of
/// the worker's class escapes ([`this_escapes`]).
fn on_this(module: &Module, f: FuncId, all: &[FuncId]) -> HashSet<FuncId> {
    if this_escapes(module, module.function(f).class) {
        return HashSet::new();
    }
    let mut set: HashSet<FuncId> =
        all.iter().copied().filter(|g| module.function(*g).kind == FuncKind::Instance).collect();
    loop {
        let mut removed = Vec::new();
        for &g in all {
            let func = module.function(g);
            let mut calls_on_this = Vec::new();
            for expr in &func.exprs {
                if let ExprKind::Call { func: callee, receiver: Some(r), .. } = &expr.kind {
                    if set.contains(&g) && is_this(func, *r) {
                        calls_on_this.push(*callee);
                    }
                }
            }
            // Every other way `g` reaches a function makes it no helper of the object alone.
            for callee in callees(func) {
                if callee != f && set.contains(&callee) && !calls_on_this.contains(&callee) {
                    removed.push(callee);
                }
            }
        }
        // A helper reached by a call not on `this` (another object, a static call's
        // receiver) may run on another object; one reached twice, once each way, too.
        for &g in all {
            let func = module.function(g);
            for expr in &func.exprs {
                if let ExprKind::Call { func: callee, receiver: Some(r), .. } = &expr.kind {
                    if *callee != f && !(set.contains(&g) && is_this(func, *r)) {
                        removed.push(*callee);
                    }
                }
            }
        }
        let before = set.len();
        for g in removed {
            set.remove(&g);
        }
        if set.len() == before {
            return set;
        }
    }
}

/// The instance fields of reference type that hold what their object alone reaches:
/// every store into the field (in any function) is a new object, array or `Random`, and
/// every read of it is only indexed, measured, read through (`o.f.x`), copied (`new
/// int[[]](f)`) or drawn from, never passed, returned or stored elsewhere.
fn owned_fields(module: &Module) -> HashSet<(ClassId, u32)> {
    let mut stored_new = HashSet::new();
    let mut other = HashSet::new();
    for func in &module.functions {
        let parents = walk::parents(func);
        for (i, expr) in func.exprs.iter().enumerate() {
            let ExprKind::Field { class, index, .. } = &expr.kind else { continue };
            if matches!(expr.ty, Type::Prim(_) | Type::String) {
                continue;
            }
            let key = (*class, *index);
            let id = ExprId(i as u32);
            let parent = parents[i].map(|p| &func.expr(p).kind);
            match parent {
                Some(ExprKind::Assign { target, value }) if *target == id => {
                    match made(func, *value) {
                        true => stored_new.insert(key),
                        false => other.insert(key),
                    };
                }
                Some(ExprKind::Index { array, .. }) if *array == id => {}
                Some(ExprKind::Length(_) | ExprKind::Field { .. } | ExprKind::Freeze(_)) => {}
                Some(ExprKind::Builtin { builtin, args })
                    if builtin.is_random_draw() && args.first() == Some(&id) => {}
                _ => {
                    other.insert(key);
                }
            }
        }
    }
    stored_new.difference(&other).copied().collect()
}

/// Whether `e` makes a new object, array or `Random`.
fn made(func: &Function, e: ExprId) -> bool {
    matches!(
        func.expr(e).kind,
        ExprKind::New { .. }
            | ExprKind::NewArray { .. }
            | ExprKind::ArrayLit(_)
            | ExprKind::Builtin { builtin: Builtin::RandomNew | Builtin::RandomNewSeeded, .. }
    )
}

/// The locals of `func` that only ever hold what it made ([`made`]): objects, arrays and
/// `Random`s no one else reaches until they are passed on.
fn made_locals(func: &Function) -> HashSet<LocalId> {
    locals_holding(func, |e| made(func, e))
}

/// The functions `func` may run on its thread or its pool: the ordinary calls,
/// constructors, `@` targets and `!` methods ([`isolation::callees`]), SOMD calls and
/// intermediate reductions.
fn run_callees(func: &Function) -> Vec<FuncId> {
    let mut out: Vec<FuncId> = isolation::callees(func).into_iter().map(|(f, _)| f).collect();
    for expr in &func.exprs {
        if let ExprKind::SomdCall { func, .. } | ExprKind::IntermediateReduce { func, .. } =
            &expr.kind
        {
            out.push(*func);
        }
    }
    out
}

/// The functions `func` may call ([`run_callees`]) and the task workers (and their objects'
/// constructors) it may start.
fn callees(func: &Function) -> Vec<FuncId> {
    let mut out = run_callees(func);
    for expr in &func.exprs {
        if let ExprKind::Task { func, ctor } = &expr.kind {
            out.push(*func);
            if let Some((_, Some(c), _)) = ctor {
                out.push(*c);
            }
        }
    }
    out
}

/// The first shared effect in `func`'s own expressions; `root`: `func` is the SOMD body
/// (elements of its `dist` parameters are the MI's own).
fn effect_in(module: &Module, func: &Function, root: bool) -> Option<SharedEffect> {
    let fresh = fresh_locals(func);
    let assigned = parallel::assigned_locals(func);
    let private = |e: ExprId| private_object(func, &fresh, &assigned, root, e);
    for expr in &func.exprs {
        let found = match &expr.kind {
            ExprKind::Assign { target, .. }
            | ExprKind::CompoundAssign { target, .. }
            | ExprKind::IncDec { target, .. } => match &func.expr(*target).kind {
                ExprKind::Static(s) => {
                    Some(format!("writes static field `{}`", static_name(module, *s)))
                }
                ExprKind::Field { object, class, index } if !private(*object) => {
                    let name = field_name(module, *class, *index);
                    Some(format!("writes field `{name}` of an object the method instances share"))
                }
                _ => None,
            },
            ExprKind::Builtin { builtin, args } => match builtin {
                b if b.is_output() => Some("prints".to_string()),
                b if b.is_random_draw() && args.first().is_none_or(|r| !private(*r)) => {
                    Some("draws from a `Random` the method instances share".to_string())
                }
                Builtin::TaskStart | Builtin::TaskFinish => Some("runs a task graph".to_string()),
                _ => None,
            },
            _ => None,
        };
        if let Some(what) = found {
            return Some(SharedEffect { span: expr.span, what });
        }
    }
    // Elements of an array that a field or a static field holds, through any name, except
    // stores the SOMD body makes at its own partition's global indices.
    let parents = walk::parents(func);
    let own = match root {
        true => Own {
            loops: own_loops(func, &assigned),
            cells: cell_loops(func, &assigned),
            declared: walk::declared_once(func),
        },
        false => Own { loops: HashMap::new(), cells: Default::default(), declared: HashMap::new() },
    };
    for (i, expr) in func.exprs.iter().enumerate() {
        let id = ExprId(i as u32);
        let held = match &expr.kind {
            ExprKind::Static(_) => true,
            ExprKind::Field { object, .. } => !private(*object),
            _ => false,
        };
        if held
            && matches!(expr.ty, Type::Array(_))
            && !walk::stored_to(func, &parents, id)
            && !own_element_store(func, &parents, &own, &assigned, id)
            && writes::writes_through(module, func, &[id])
        {
            let what = match &expr.kind {
                ExprKind::Static(s) => format!(
                    "writes elements of the array in static field `{}`",
                    static_name(module, *s)
                ),
                ExprKind::Field { class, index, .. } => format!(
                    "writes elements of the array in field `{}` of an object the method \
                     instances share",
                    field_name(module, *class, *index)
                ),
                _ => continue,
            };
            return Some(SharedEffect { span: expr.span, what });
        }
    }
    None
}

/// `Class.field` of static field `s`.
fn static_name(module: &Module, s: StaticId) -> String {
    let field = module.static_field(s);
    format!("{}.{}", module.class(field.class).name, field.name)
}

/// `Class.field` of instance field `index` of `class`.
fn field_name(module: &Module, class: ClassId, index: u32) -> String {
    let class = module.class(class);
    let field = class.fields.get(index as usize).map_or("?", |f| f.name.as_str());
    format!("{}.{field}", class.name)
}

/// Locals that only ever hold objects `func` makes itself (`new C(..)`, `new Random(..)`).
fn fresh_locals(func: &Function) -> HashSet<LocalId> {
    locals_holding(func, |e| {
        matches!(
            func.expr(e).kind,
            ExprKind::New { .. }
                | ExprKind::Builtin { builtin: Builtin::RandomNew | Builtin::RandomNewSeeded, .. }
        )
    })
}

/// The locals of `func` other than its parameters whose every value (initializer or
/// assignment) is an expression `made` accepts, and which nothing updates in place.
fn locals_holding(func: &Function, made: impl Fn(ExprId) -> bool) -> HashSet<LocalId> {
    let mut values: HashMap<LocalId, Vec<ExprId>> = HashMap::new();
    walk::each_stmt(&func.body, &mut |stmt| {
        if let Stmt::Let { local, init: Some(init) } = stmt {
            values.entry(*local).or_default().push(*init);
        }
    });
    let mut other = HashSet::new();
    for expr in &func.exprs {
        let (target, value) = match &expr.kind {
            ExprKind::Assign { target, value } => (*target, Some(*value)),
            ExprKind::CompoundAssign { target, .. } | ExprKind::IncDec { target, .. } => {
                (*target, None)
            }
            _ => continue,
        };
        if let ExprKind::Local(l) = func.expr(target).kind {
            match value {
                Some(v) => values.entry(l).or_default().push(v),
                None => {
                    other.insert(l);
                }
            }
        }
    }
    values
        .into_iter()
        .filter(|(l, vs)| {
            !other.contains(l) && !func.params.contains(l) && vs.iter().all(|v| made(*v))
        })
        .map(|(l, _)| l)
        .collect()
}

/// Whether the object `e` evaluates to is the running MI's own: one `func` made (a fresh
/// local, `this` in a constructor), or, in the SOMD body, an element of its own partition of
/// a `dist` parameter.
fn private_object(
    func: &Function,
    fresh: &HashSet<LocalId>,
    assigned: &HashMap<LocalId, usize>,
    root: bool,
    e: ExprId,
) -> bool {
    match &func.expr(e).kind {
        ExprKind::This => func.kind == FuncKind::Ctor,
        ExprKind::Local(l) => fresh.contains(l),
        ExprKind::New { .. } => true,
        ExprKind::Index { array, .. } if root => match func.expr(*array).kind {
            ExprKind::Local(l) => {
                func.params.contains(&l)
                    && func.local(l).dist.is_some()
                    && !assigned.contains_key(&l)
            }
            _ => false,
        },
        _ => false,
    }
}

/// The SOMD body's loops over its own partition ([`own_loops`]: index to `dist`
/// parameter) and its locals declared once (their initialiser).
struct Own {
    loops: HashMap<LocalId, LocalId>,
    /// Loops over the rows (dimension 1) and the columns (dimension 2) of a matrix parameter
    /// split into rectangles ([`cell_loops`]).
    cells: [HashMap<LocalId, LocalId>; 2],
    declared: HashMap<LocalId, ExprId>,
}

/// The index locals of the SOMD body's loops `for (int i = c; i < p.length; i++)` (`c` a
/// constant of at least 0, `i` assigned nowhere else) over a `dist` parameter `p` whose
/// partitions are disjoint ranges of its first dimension (no view; a matrix split only
/// along its rows), each with `p`: `Somd.offset(p) + i` is then a global index of the
/// MI's own partition, and no other MI's.
fn own_loops(func: &Function, assigned: &HashMap<LocalId, usize>) -> HashMap<LocalId, LocalId> {
    let rows = |p: LocalId| match (&func.local(p).dist, &func.local(p).ty) {
        (Some(Distribution::Block), Type::Array(e)) => !matches!(**e, Type::Array(_)),
        (Some(Distribution::Dim(1) | Distribution::User { .. }), _) => true,
        _ => false,
    };
    partition_loops(func, assigned, 1, &rows)
}

/// The index locals of the SOMD body's loops over the rows (`for (int i = c; i < m.length;
/// i++)`, slot 0) and over the columns (`for (int j = c; j < m[e].length; j++)`, slot 1)
/// of a matrix `dist` parameter `m` without a view (its partitions are disjoint rectangles
/// of the whole, rectangular where its columns are split), each with `m`: a cell
/// `[Somd.offset(m, 1) + i][Somd.offset(m, 2) + j]` is then the MI's own.
fn cell_loops(
    func: &Function,
    assigned: &HashMap<LocalId, usize>,
) -> [HashMap<LocalId, LocalId>; 2] {
    let matrix = |p: LocalId| {
        matches!(&func.local(p).ty, Type::Array(e) if matches!(**e, Type::Array(_)))
            && matches!(
                func.local(p).dist,
                Some(Distribution::Block | Distribution::Dim(1 | 2) | Distribution::User { .. })
            )
    };
    [partition_loops(func, assigned, 1, &matrix), partition_loops(func, assigned, 2, &matrix)]
}

/// The index locals of the SOMD body's loops `for (int i = c; i < p.length; i++)` (`dim` 1)
/// or `for (int j = c; j < p[e].length; j++)` (`dim` 2), `c` a constant of at least 0 and
/// the index assigned nowhere else, over a `dist` parameter `p` the body never assigns for
/// which `takes(p)` holds, each with `p`.
fn partition_loops(
    func: &Function,
    assigned: &HashMap<LocalId, usize>,
    dim: u8,
    takes: &dyn Fn(LocalId) -> bool,
) -> HashMap<LocalId, LocalId> {
    let mut out = HashMap::new();
    walk::each_stmt(&func.body, &mut |stmt| {
        let Stmt::Block(b) = stmt else { return };
        let [Stmt::Let { local: i, init: Some(init) }, Stmt::Loop { test: Some(test), update, test_at_end: false, .. }] =
            b.stmts.as_slice()
        else {
            return;
        };
        let starts = matches!(func.expr(*init).kind, ExprKind::Const(Const::Int(c)) if c >= 0);
        let ExprKind::Binary { op, lhs, rhs } = &func.expr(*test).kind else { return };
        let bound = match (&func.expr(*lhs).kind, &func.expr(*rhs).kind) {
            (ExprKind::Local(l), ExprKind::Length(a)) if l == i && op.kind == BinOpKind::Lt => {
                // `p.length`, or `p[e].length` for the columns.
                let measured = match (dim, &func.expr(*a).kind) {
                    (1, _) => Some(*a),
                    (2, ExprKind::Index { array, .. }) => Some(*array),
                    _ => None,
                };
                match measured.map(|m| &func.expr(m).kind) {
                    Some(ExprKind::Local(p)) => Some(*p),
                    _ => None,
                }
            }
            _ => None,
        };
        let steps = matches!(update.as_slice(), [u] if matches!(func.expr(*u).kind,
            ExprKind::IncDec { target, delta: 1, .. } if matches!(func.expr(target).kind, ExprKind::Local(l) if l == *i)));
        if let Some(p) = bound {
            let ours = func.params.contains(&p) && !assigned.contains_key(&p) && takes(p);
            if starts && steps && assigned.get(i) == Some(&1) && ours {
                out.insert(*i, p);
            }
        }
    });
    out
}

/// Whether the array `seed` reads is only indexed at `Somd.offset(p) + i` (or `i +
/// Somd.offset(p)`, dimension 1) in a store, `i` an index of [`own_loops`] over `p`: an
/// element, or a row whose element is stored.
fn own_element_store(
    func: &Function,
    parents: &[Option<ExprId>],
    own: &Own,
    assigned: &HashMap<LocalId, usize>,
    seed: ExprId,
) -> bool {
    let Some(at) = walk::parent_of(parents, seed) else { return false };
    let ExprKind::Index { array, index } = func.expr(at).kind else { return false };
    if array != seed {
        return false;
    }
    let stored = |e: ExprId| walk::stored_to(func, parents, e);
    let cell = walk::parent_of(parents, at).filter(
        |&cell| matches!(func.expr(cell).kind, ExprKind::Index { array, .. } if array == at),
    );
    if own_partition(func, own, assigned, index, 1, &own.loops).is_some() {
        return stored(at) || cell.is_some_and(stored);
    }
    // A cell of a rectangle: `seed[Somd.offset(m, 1) + i][Somd.offset(m, 2) + j] = ..`.
    let Some(cell) = cell.filter(|&c| stored(c)) else { return false };
    let ExprKind::Index { index: col, .. } = func.expr(cell).kind else { return false };
    let row_of = own_partition(func, own, assigned, index, 1, &own.cells[0]);
    row_of.is_some() && row_of == own_partition(func, own, assigned, col, 2, &own.cells[1])
}

/// The parameter `p` when `index` is `Somd.offset(p, dim) + i` or `i + Somd.offset(p, dim)`
/// for a loop index `i` of `loops` over `p`, or a local holding it.
fn own_partition(
    func: &Function,
    own: &Own,
    assigned: &HashMap<LocalId, usize>,
    index: ExprId,
    dim: i32,
    loops: &HashMap<LocalId, LocalId>,
) -> Option<LocalId> {
    // Through a local declared once with such a value and never assigned again (`int g =
    // Somd.offset(a) + i; seen[g] += ..`): it reads `i`, so it is declared in `i`'s loop.
    if let ExprKind::Local(g) = func.expr(index).kind {
        if loops.contains_key(&g) || assigned.contains_key(&g) {
            return None;
        }
        let init = *own.declared.get(&g)?;
        return own_partition(func, own, assigned, init, dim, loops);
    }
    let ExprKind::Binary { op, lhs, rhs } = &func.expr(index).kind else { return None };
    if op.kind != BinOpKind::Add {
        return None;
    }
    let offset_of = |e: ExprId| match &func.expr(e).kind {
        ExprKind::Builtin { builtin: Builtin::SomdOffset, args } => {
            let of_dim = match args.get(1) {
                None => dim == 1,
                Some(d) => matches!(func.expr(*d).kind, ExprKind::Const(Const::Int(k)) if k == dim),
            };
            match args.first().map(|a| &func.expr(*a).kind) {
                Some(ExprKind::Local(p)) if of_dim => Some(*p),
                _ => None,
            }
        }
        _ => None,
    };
    let index_of = |e: ExprId| match func.expr(e).kind {
        ExprKind::Local(i) => loops.get(&i).copied(),
        _ => None,
    };
    match (offset_of(*lhs), index_of(*rhs), offset_of(*rhs), index_of(*lhs)) {
        (Some(p), Some(q), ..) | (_, _, Some(p), Some(q)) if p == q => Some(p),
        _ => None,
    }
}
