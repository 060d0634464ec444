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
//! values (the usual kind) give Java's values.

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
