//! The order in which the program's static initializers run.
//!
//! Java initializes a class at its first active use: the main class before `main`, and
//! any other class when code first reads one of its static fields that is no constant,
//! calls one of its static methods or creates one of its objects; constants are inlined
//! and initialize nothing. `somdc` runs every static initializer once at program start
//! (SOMD methods and tasks on other threads then never race on a lazy initialization,
//! `docs/language-notes.md`), in the order those first uses would give: the main class's
//! initializer with, before it reaches a use, the class it uses (itself initialized the
//! same way), then the classes `main` uses in the order it reaches them, then the rest in
//! declaration order. Uses are followed through the functions called, in the order their
//! expressions are evaluated. A class is marked when its initialization starts, so a cycle
//! reads the fields not yet set as their defaults, as in Java.
//!
//! The order is fixed at compile time: a first use under a branch counts where it stands,
//! whether the branch runs or not. Initializers whose only effects are their fields'
//! values, computed from values no later code changes (the usual kind), give Java's values
//! that way; the others run at their class's first use ([`first_use_classes`],
//! `somd_runtime::init`).

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

/// The classes whose static initializer runs at the class's first use rather than at
/// program start (`docs/language-notes.md`), so that its fields get Java's values where
/// start-up would give others: an initializer (with the methods it calls) that reads a
/// static field of another class which code outside static initializers assigns (`main`
/// setting `Config.size` before `Table` is first used), that prints or writes another
/// class's static field, that belongs to a cycle of initializers using each other's
/// classes (Java runs the first one up to its use of the second, start-up could only run
/// one whole before the other), or that uses a class initialized at first use. The main
/// class, initialized before `main` as in Java, and the classes in `eager` (those whose
/// fields kernels read from the statics buffer, which is filled once at start) stay at
/// start-up.
pub fn first_use_classes(
    module: &Module,
    eager: &std::collections::HashSet<ClassId>,
) -> std::collections::HashSet<ClassId> {
    use std::collections::HashSet;
    let main_class = module.main.and_then(|m| module.functions.get(m.0 as usize)).map(|f| f.class);
    // Static fields that code other than static initializers assigns.
    let mut assigned = HashSet::new();
    for func in module.functions.iter().filter(|f| f.kind != FuncKind::StaticInit) {
        for e in &func.exprs {
            if let ExprKind::Assign { target, .. }
            | ExprKind::CompoundAssign { target, .. }
            | ExprKind::IncDec { target, .. } = &e.kind
            {
                if let ExprKind::Static(s) = func.expr(*target).kind {
                    assigned.insert(s);
                }
            }
        }
    }
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
            if func.class != class {
                used.insert(func.class);
            }
            for (k, e) in func.exprs.iter().enumerate() {
                match &e.kind {
                    ExprKind::Static(s) => {
                        let Some(field) = module.statics.get(s.0 as usize) else { continue };
                        if field.constant.is_some() || field.class == class {
                            continue;
                        }
                        used.insert(field.class);
                        let written = func.exprs.iter().any(|w| match &w.kind {
                            ExprKind::Assign { target, .. }
                            | ExprKind::CompoundAssign { target, .. }
                            | ExprKind::IncDec { target, .. } => target.0 as usize == k,
                            _ => false,
                        });
                        waits |= written || assigned.contains(s);
                    }
                    ExprKind::Builtin { builtin, .. } if builtin.is_output() => waits = true,
                    ExprKind::Call { func: callee, .. }
                    | ExprKind::SomdCall { func: callee, .. }
                    | ExprKind::IntermediateReduce { func: callee, .. }
                    | ExprKind::Map { func: callee, .. }
                    | ExprKind::Task { func: callee, .. }
                    | ExprKind::New { ctor: Some(callee), .. }
                    | ExprKind::ReduceArray { reducer: ArrayReducer::Func(callee), .. } => {
                        stack.push(*callee)
                    }
                    ExprKind::New { class: c, ctor: None, .. } if *c != class => {
                        used.insert(*c);
                    }
                    _ => {}
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
        if *waits || cyclic {
            lazy.insert(*class);
        }
    }
    let fixed = |c: &ClassId| Some(*c) == main_class || eager.contains(c);
    lazy.retain(|c| !fixed(c));
    // A class whose initializer uses one initialized at first use waits for it too.
    loop {
        let before = lazy.len();
        for (class, used, _) in &uses {
            if !fixed(class) && used.iter().any(|u| lazy.contains(u)) {
                lazy.insert(*class);
            }
        }
        if lazy.len() == before {
            break;
        }
    }
    lazy
}
