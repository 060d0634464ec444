//! When the program's static initializers run.
//!
//! Java initializes a class at its first active use: the main class before `main`, and
//! any other class when code first reads one of its static fields that is no constant,
//! calls one of its static methods or creates one of its objects; constants are inlined
//! and initialize nothing. `somdc` does the same ([`first_use_classes`],
//! `somd_runtime::init`): the main class's initializer runs before `main`, every other class's
//! at its first use, and a parallel construct (a SOMD call, `@`, `!`, a task graph)
//! initializes the classes its code may reach before it starts ([`classes_reached`]), so
//! that method instances and tasks on other threads never start an initialization.
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
/// 12.4.1), rather than at program start (`docs/language-notes.md`): every class with a
/// static initializer but the main class, which Java initializes before `main`. At start-up
/// an initializer could read a field before `main` sets it, run in a cycle before the class
/// that uses it first, print before `main` prints, or fail where Java's program never used
/// the class.
pub fn first_use_classes(module: &Module) -> std::collections::HashSet<ClassId> {
    let main_class = module.main.and_then(|m| module.functions.get(m.0 as usize)).map(|f| f.class);
    module
        .static_init
        .iter()
        .filter_map(|f| module.functions.get(f.0 as usize))
        .map(|f| f.class)
        .filter(|c| Some(*c) != main_class)
        .collect()
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
                ExprKind::New { class, ctor, .. } => {
                    add(classes, *class);
                    if let Some(c) = ctor {
                        visit(module, *c, seen, classes);
                    }
                }
                ExprKind::Call { func: callee, .. }
                | ExprKind::SomdCall { func: callee, .. }
                | ExprKind::IntermediateReduce { func: callee, .. }
                | ExprKind::Map { func: callee, .. }
                | ExprKind::Task { func: callee, .. }
                | ExprKind::ReduceArray { reducer: ArrayReducer::Func(callee), .. } => {
                    visit(module, *callee, seen, classes)
                }
                _ => {}
            }
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
