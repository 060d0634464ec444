//! The built-in classes: `Math`, `Integer`, `Long`, `Float`, `Double`, `System`, `Random`,
//! `Somd`, `Underflow`, `String` and `Task`, with Java's overloads and result types.
//!
//! Methods with a fixed list of overloads are in [`Builtins`] and go through the same
//! overload resolution as user methods. Printing, formatting and `Somd.*` take arguments of
//! many types and are typed by hand in `expr.rs`.

use crate::model::Ty;
use somd_syntax::ast::PrimType;
use std::collections::HashMap;

const CLASSES: &[&str] = &[
    "Math",
    "Integer",
    "Long",
    "Float",
    "Double",
    "System",
    "Random",
    "Somd",
    "Underflow",
    "String",
    "Task",
];

/// The canonical name of a built-in class usable as a qualifier (`Math.sqrt`).
pub(super) fn builtin_class(name: &str) -> Option<&'static str> {
    CLASSES.iter().copied().find(|c| *c == name)
}

pub(super) fn is_builtin_class(name: &str) -> bool {
    builtin_class(name).is_some()
}

/// One overload of a built-in method.
#[derive(Clone, Debug)]
pub(super) struct BuiltinSig {
    pub params: Vec<Ty>,
    pub ret: Ty,
}

/// Built-in methods with fixed overloads, by `(class, name)`; instance methods of
/// `Random` and `Task` are listed under those class names.
pub(super) struct Builtins {
    methods: HashMap<String, (&'static str, &'static str, Vec<BuiltinSig>)>,
}

impl Builtins {
    pub(super) fn new() -> Builtins {
        use PrimType::*;
        let (int, long, float, double, boolean) =
            (Ty::Prim(Int), Ty::Prim(Long), Ty::Prim(Float), Ty::Prim(Double), Ty::Prim(Boolean));
        let mut methods: HashMap<String, (&'static str, &'static str, Vec<BuiltinSig>)> =
            HashMap::new();
        let mut add = |class: &'static str, name: &'static str, params: &[&Ty], ret: &Ty| {
            let entry = methods
                .entry(format!("{class}.{name}"))
                .or_insert_with(|| (class, name, Vec::new()));
            entry.2.push(BuiltinSig {
                params: params.iter().map(|t| (*t).clone()).collect(),
                ret: ret.clone(),
            });
        };
        for t in [&int, &long, &float, &double] {
            add("Math", "abs", &[t], t);
            add("Math", "min", &[t, t], t);
            add("Math", "max", &[t, t], t);
        }
        for name in [
            "sqrt",
            "cbrt",
            "exp",
            "log",
            "log10",
            "sin",
            "cos",
            "tan",
            "asin",
            "acos",
            "atan",
            "sinh",
            "cosh",
            "tanh",
            "floor",
            "ceil",
            "rint",
            "toRadians",
            "toDegrees",
        ] {
            add("Math", name, &[&double], &double);
        }
        for name in ["pow", "atan2", "hypot"] {
            add("Math", name, &[&double, &double], &double);
        }
        add("Math", "signum", &[&float], &float);
        add("Math", "signum", &[&double], &double);
        add("Math", "round", &[&float], &int);
        add("Math", "round", &[&double], &long);
        add("Integer", "parseInt", &[&Ty::String], &int);
        add("Integer", "bitCount", &[&int], &int);
        add("Long", "parseLong", &[&Ty::String], &long);
        add("Long", "bitCount", &[&long], &int);
        add("Float", "floatToIntBits", &[&float], &int);
        add("Float", "isNaN", &[&float], &boolean);
        add("Float", "parseFloat", &[&Ty::String], &float);
        add("Double", "doubleToLongBits", &[&double], &long);
        add("Double", "isNaN", &[&double], &boolean);
        add("Double", "parseDouble", &[&Ty::String], &double);
        add("System", "nanoTime", &[], &long);
        add("System", "currentTimeMillis", &[], &long);
        add("Random", "nextInt", &[], &int);
        add("Random", "nextInt", &[&int], &int);
        add("Random", "nextLong", &[], &long);
        add("Random", "nextFloat", &[], &float);
        add("Random", "nextDouble", &[], &double);
        add("Random", "nextBoolean", &[], &boolean);
        add("Random", "nextGaussian", &[], &double);
        add("Random", "<init>", &[], &Ty::Random);
        add("Random", "<init>", &[&long], &Ty::Random);
        add("Task", "start", &[], &Ty::Void);
        add("Task", "finish", &[], &Ty::Void);
        Builtins { methods }
    }

    /// The overloads of `class.name` and the interned names, when it exists.
    pub(super) fn lookup(
        &self,
        class: &str,
        name: &str,
    ) -> Option<(&'static str, &'static str, &[BuiltinSig])> {
        self.methods.get(&format!("{class}.{name}")).map(|(c, n, sigs)| (*c, *n, sigs.as_slice()))
    }
}
