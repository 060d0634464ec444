//! When the program's static initializers run.
//!
//! Java initializes a class at its first active use: the main class before `main`, and
//! any other class when code first reads one of its static fields that is no constant,
//! calls one of its static methods or creates one of its objects; constants are inlined
//! and initialize nothing. `somdc` does the same for the classes whose initializers would
//! give other values or another output at start-up ([`first_use_classes`],
//! `somd_runtime::init`): such a class is initialized at its first use, and a parallel
//! construct (a SOMD call, `@`, `!`, a task graph) initializes the classes its code may
//! reach before it starts ([`classes_reached`]), so that method instances and tasks on other
//! threads never start an initialization. The others run at program start.
//!
//! [`order_static_inits`] keeps the order Java's first uses give for initializers run at
//! start (`module.static_init`): the main class's initializer with, before it reaches a
//! use, the class it uses (itself initialized the same way), then the classes `main` uses in
//! the order it reaches them, then the rest in declaration order. Uses are followed through
//! the functions called, in the order their expressions are evaluated. A class is marked
//! when its initialization starts, so a cycle reads the fields not yet set as their
//! defaults, as in Java.

use crate::ir::*;

/// Reorders `module.static_init` into first-use order (see the module documentation).
pub fn order_static_inits(module: &mut Module) {
    let mut order = Order {
        module,
        classes: vec![false; module.classes.len()],
        functions: vec![false; module.functions.len()],
        inits: Vec::new(),
    };
    if let Some(main) = module.main {
        if let Some(f) = module.functions.get(main.0 as usize) {
            order.class(f.class);
        }
        order.function(main);
    }
    for init in &module.static_init {
        if let Some(f) = module.functions.get(init.0 as usize) {
            order.class(f.class);
        }
    }
    let inits = order.inits;
    module.static_init = inits;
}

struct Order<'m> {
    module: &'m Module,
    /// Classes whose initialization has started.
    classes: Vec<bool>,
    /// Functions already followed.
    functions: Vec<bool>,
    inits: Vec<FuncId>,
}

impl Order<'_> {
    /// Initializes `class` (once): its static initializer, after the classes it uses first.
    fn class(&mut self, class: ClassId) {
        match self.classes.get_mut(class.0 as usize) {
            Some(started) if !*started => *started = true,
            _ => return,
        }
        let init =
            self.module.static_init.iter().copied().find(|f| {
                self.module.functions.get(f.0 as usize).is_some_and(|g| g.class == class)
            });
        if let Some(init) = init {
            self.function(init);
            self.inits.push(init);
        }
    }

    /// Follows function `id`: the classes its expressions use, and the functions it calls.
    fn function(&mut self, id: FuncId) {
        match self.functions.get_mut(id.0 as usize) {
            Some(seen) if !*seen => *seen = true,
            _ => return,
        }
        let module = self.module;
        let Some(func) = module.functions.get(id.0 as usize) else { return };
        for e in &func.exprs {
            match &e.kind {
                ExprKind::Static(s) => {
                    if let Some(field) = module.statics.get(s.0 as usize) {
                        if field.constant.is_none() {
                            self.class(field.class);
                        }
                    }
                }
                ExprKind::Call { func: callee, receiver, .. } => {
                    let callee_class = module.functions.get(callee.0 as usize).map(|f| f.class);
                    if let (None, Some(class)) = (receiver, callee_class) {
                        self.class(class);
                    }
                    self.function(*callee);
                }
                ExprKind::New { class, ctor, .. } => {
                    self.class(*class);
                    if let Some(ctor) = ctor {
                        self.function(*ctor);
                    }
                }
                _ => {}
            }
        }
    }
}

/// The classes whose static initializer runs at the class's first use, as in Java (JLS
/// 12.4.1), rather than at program start (`docs/language-notes.md`): those whose
/// initializer, with the methods it calls, reads a static field of another class whose
/// value or contents other code may change (a field assigned anywhere but by its own
/// class's initializer, written through as `C.arr[i] = ..`, or holding a mutable array or
/// object), prints, reads the clock, writes another class's static field (or through it),
/// belongs to a cycle of initializers using each other's classes, or uses such a class. Start-up would
/// give those other values or another output than Java. The others, whose values cannot
/// depend on when they run, run at start: no check at each use of their class (a check in
/// a hot loop keeps the compiler from optimizing it). The main class is initialized before
/// `main`, as in Java.
pub fn first_use_classes(module: &Module) -> std::collections::HashSet<ClassId> {
    use std::collections::HashSet;
    let main_class = module.main.and_then(|m| module.functions.get(m.0 as usize)).map(|f| f.class);
    let mut assigned = HashSet::new();
    for func in &module.functions {
        for e in &func.exprs {
            if let ExprKind::Assign { target, .. }
            | ExprKind::CompoundAssign { target, .. }
            | ExprKind::IncDec { target, .. } = &e.kind
            {
                let Some(root) = static_root(func, *target) else { continue };
                let ExprKind::Static(s) = func.expr(root).kind else { continue };
                let own_init = func.kind == FuncKind::StaticInit
                    && root == *target
                    && module.statics.get(s.0 as usize).is_some_and(|f| f.class == func.class);
                if !own_init {
                    assigned.insert(s);
                }
            }
        }
    }
    let mutable = |s: StaticId| {
        module.statics.get(s.0 as usize).is_some_and(|f| match &f.ty {
            Type::Array(_) => true,
            Type::Object(c) => module.classes.get(c.0 as usize).is_none_or(|c| !c.is_value),
            _ => false,
        })
    };
    // Per class with an initializer: the classes it uses and whether it must wait.
    let mut uses: Vec<(ClassId, HashSet<ClassId>, bool)> = Vec::new();
    for init in &module.static_init {
        let Some(f) = module.functions.get(init.0 as usize) else { continue };
        let class = f.class;
        let mut used = HashSet::new();
        let mut waits = false;
        let mut seen = HashSet::new();
        let mut stack = vec![*init];
        while let Some(id) = stack.pop() {
            if !seen.insert(id) {
                continue;
            }
            let Some(func) = module.functions.get(id.0 as usize) else { continue };
            stack.extend(func.to_strings.iter().map(|&(f, _)| f));
            if func.class != class {
                used.insert(func.class);
            }
            for e in &func.exprs {
                match &e.kind {
                    ExprKind::Static(s) => {
                        let Some(field) = module.statics.get(s.0 as usize) else { continue };
                        if field.constant.is_none() && field.class != class {
                            used.insert(field.class);
                            waits |= assigned.contains(s) || mutable(*s);
                        }
                    }
                    ExprKind::Assign { target, .. }
                    | ExprKind::CompoundAssign { target, .. }
                    | ExprKind::IncDec { target, .. } => {
                        let other = static_root(func, *target).is_some_and(|r| {
                            let ExprKind::Static(s) = func.expr(r).kind else { return false };
                            module.statics.get(s.0 as usize).is_some_and(|f| f.class != class)
                        });
                        waits |= other;
                    }
                    // Output, and the clock, whose value is the moment of the first use.
                    ExprKind::Builtin {
                        builtin: Builtin::NanoTime | Builtin::CurrentTimeMillis,
                        ..
                    } => waits = true,
                    ExprKind::Builtin { builtin, .. } if builtin.is_output() => waits = true,
                    ExprKind::New { class: c, ctor: None, .. } if *c != class => {
                        used.insert(*c);
                    }
                    kind => stack.extend(callee(kind)),
                }
            }
        }
        uses.push((class, used, waits));
    }
    let with_init: HashSet<ClassId> = uses.iter().map(|(c, ..)| *c).collect();
    let mut lazy: HashSet<ClassId> = HashSet::new();
    for (class, used, waits) in &uses {
        // A cycle: a class its initializer uses reaches it back.
        let mut cyclic = false;
        let mut seen = HashSet::new();
        let mut stack: Vec<ClassId> = used.iter().copied().collect();
        while let Some(c) = stack.pop() {
            if c == *class {
                cyclic = true;
                break;
            }
            if !with_init.contains(&c) || !seen.insert(c) {
                continue;
            }
            if let Some((_, next, _)) = uses.iter().find(|(d, ..)| *d == c) {
                stack.extend(next.iter().copied());
            }
        }
        if (*waits || cyclic) && Some(*class) != main_class {
            lazy.insert(*class);
        }
    }
    // A class whose initializer uses one initialized at first use waits for it too.
    loop {
        let before = lazy.len();
        for (class, used, _) in &uses {
            if Some(*class) != main_class && used.iter().any(|u| lazy.contains(u)) {
                lazy.insert(*class);
            }
        }
        if lazy.len() == before {
            break;
        }
    }
    lazy
}

/// The function expression `kind` runs: a call of any kind, a constructor, a `@` target, a
/// method's `!`, a task's worker.
fn callee(kind: &ExprKind) -> Option<FuncId> {
    match kind {
        ExprKind::Call { func, .. }
        | ExprKind::SomdCall { func, .. }
        | ExprKind::IntermediateReduce { func, .. }
        | ExprKind::Map { func, .. }
        | ExprKind::Task { func, .. }
        | ExprKind::New { ctor: Some(func), .. }
        | ExprKind::ReduceArray { reducer: ArrayReducer::Func(func), .. } => Some(*func),
        _ => None,
    }
}

/// The `Static` expression at the root of place `target` (`S`, `S[i]`, `S.f`, `S[i][j].f`).
fn static_root(func: &Function, target: ExprId) -> Option<ExprId> {
    let mut at = target;
    loop {
        match &func.expr(at).kind {
            ExprKind::Static(_) => return Some(at),
            ExprKind::Index { array, .. } => at = *array,
            ExprKind::Field { object, .. } => at = *object,
            _ => return None,
        }
    }
}

/// The classes code starting at `roots` may use, in the order it first names them
/// (expressions in the order of the function's arena, callees where they are called): those
/// of the functions it calls, of the static fields it reads or writes (no constant) and of
/// the objects it creates. A parallel construct initializes those of them that are
/// initialized at first use before it starts (`somd_runtime::init`), in this order, which
/// is Java's where the construct's code runs straight through.
pub fn classes_reached(module: &Module, roots: &[FuncId]) -> Vec<ClassId> {
    fn visit(
        module: &Module,
        id: FuncId,
        seen: &mut std::collections::HashSet<FuncId>,
        classes: &mut Vec<ClassId>,
    ) {
        if !seen.insert(id) {
            return;
        }
        let Some(func) = module.functions.get(id.0 as usize) else { return };
        let add = |classes: &mut Vec<ClassId>, c: ClassId| {
            if !classes.contains(&c) {
                classes.push(c);
            }
        };
        add(classes, func.class);
        for e in &func.exprs {
            match &e.kind {
                ExprKind::Static(s) => {
                    if let Some(f) = module.statics.get(s.0 as usize) {
                        if f.constant.is_none() {
                            add(classes, f.class);
                        }
                    }
                }
                ExprKind::New { class, .. } => add(classes, *class),
                _ => {}
            }
            if let Some(f) = callee(&e.kind) {
                visit(module, f, seen, classes);
            }
        }
        for &(f, _) in &func.to_strings {
            visit(module, f, seen, classes);
        }
        // A SOMD method's strategies are called by its wrapper.
        let mut strategies = Vec::new();
        if let Some(somd) = &func.somd {
            for (_, dist) in &somd.dist_params {
                if let Distribution::User { bounds, .. } = dist {
                    strategies.push(*bounds);
                }
            }
            if let Reduction::Combine(f) | Reduction::CombineAll(f) = &somd.reduction {
                strategies.push(*f);
            }
        }
        if let Some(Reduction::Combine(f) | Reduction::CombineAll(f)) = &func.intermediate {
            strategies.push(*f);
        }
        for f in strategies {
            visit(module, f, seen, classes);
        }
    }
    let mut classes = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for root in roots {
        visit(module, *root, &mut seen, &mut classes);
    }
    classes
}
