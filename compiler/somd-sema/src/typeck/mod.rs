//! The type checker: class and member tables, name resolution, Java's typing rules on the
//! subset, Lime's `@`, `!`, `=>`, `task` and value types, and Java's statement rules
//! (definite assignment, reachability, missing return).
//!
//! `check(units) -> (Program, diagnostics)` runs in two passes:
//! 1. [`collect`] registers every class, field, method and constructor with resolved
//!    signatures (so bodies can call methods declared later) and checks the entry point.
//! 2. [`body`] checks field initializers, constructor and method bodies. Expression typing
//!    lives in [`expr`] (Java operators, names, assignment), [`call`] (calls, overloads,
//!    `new`, arrays) and [`lime`] (Lime forms); statements in [`stmt`], with the definite
//!    assignment state in [`flow`]. Conversions are in [`conv`], constant folding in
//!    [`constant`], built-in classes in [`builtins`], and [`recovery`] finds bodies where
//!    the parser recovered from a syntax error (flow diagnostics are suppressed there).
//!
//! Diagnostic codes (E0100–E0299) are listed in [`codes`]; each has a page in
//! `docs/errors/`.
//!
//! Every fact goes into the side tables of [`Program`]; the trees are never mutated. An
//! expression that already produced an error has type [`Ty::Error`], which is compatible
//! with everything, so that one mistake gives one diagnostic.

mod body;
mod builtins;
mod call;
mod codes;
mod collect;
mod constant;
mod conv;
pub use conv::{is_integral, widens};
mod expr;
mod flow;
mod lime;
mod recovery;
mod stmt;
#[cfg(test)]
mod tests;

pub use codes::{CODES, MISSING_MAIN};

use crate::model::{ClassId, FieldId, MethodId, Program, Ty};
use somd_diag::{Diagnostic, Span};
use somd_syntax::ast::{CompilationUnit, ExprId};
use std::collections::HashMap;

/// Type-checks a whole program.
pub fn check(units: Vec<CompilationUnit>) -> (Program, Vec<Diagnostic>) {
    let (mut program, diagnostics) = {
        let mut checker = Checker::new(&units);
        checker.collect();
        checker.check_bodies();
        (checker.p, checker.diags)
    };
    program.units = units;
    (program, diagnostics)
}

/// The state of a constant `final` field's initializer while it is being folded.
#[derive(Clone, Debug)]
enum FieldConst {
    NotYet,
    InProgress,
    Done(Option<crate::model::ConstValue>),
}

/// Java's reserved words (JLS 3.9) that are no keywords of the language: a program using
/// one as a name is no Java program (`goto`, `switch`, `_`, ...).
const JAVA_RESERVED: &[&str] = &[
    "_",
    "abstract",
    "assert",
    "case",
    "catch",
    "const",
    "default",
    "enum",
    "extends",
    "finally",
    "goto",
    "implements",
    "instanceof",
    "interface",
    "native",
    "strictfp",
    "super",
    "switch",
    "synchronized",
    "throws",
    "transient",
    "try",
    "volatile",
];

/// The checker: the trees being checked, the program being built and the diagnostics.
struct Checker<'a> {
    units: &'a [CompilationUnit],
    p: Program,
    diags: Vec<Diagnostic>,
    /// Methods of a class by name, for overload resolution without scanning.
    methods_by_name: HashMap<(ClassId, String), Vec<MethodId>>,
    fields_by_name: HashMap<(ClassId, String), FieldId>,
    /// Folding state of `final` field initializers (constant variables, JLS §4.12.4).
    field_consts: Vec<FieldConst>,
    builtins: builtins::Builtins,
    /// Methods of the library classes (`stdlib/*.somd`) by built-in class and name: the
    /// implementations that calls of those built-ins are bound to.
    library_methods: HashMap<(&'static str, &'static str), Vec<MethodId>>,
    /// Nesting of constant folding through `final` fields, bounded against long chains.
    const_depth: u32,
    /// The context of the body being checked.
    cx: body::BodyCx,
}

impl<'a> Checker<'a> {
    fn new(units: &'a [CompilationUnit]) -> Checker<'a> {
        Checker {
            units,
            p: Program::default(),
            diags: Vec::new(),
            methods_by_name: HashMap::new(),
            fields_by_name: HashMap::new(),
            field_consts: Vec::new(),
            builtins: builtins::Builtins::new(),
            library_methods: HashMap::new(),
            const_depth: 0,
            cx: body::BodyCx::default(),
        }
    }

    fn error(&mut self, code: &'static str, message: impl Into<String>, span: Span) {
        self.diags.push(Diagnostic::error(code, message, span));
    }

    fn emit(&mut self, diagnostic: Diagnostic) {
        self.diags.push(diagnostic);
    }

    /// E0151 where a declaration names its class, member, parameter, local or label with a
    /// word Java reserves (JLS 3.9) that the language does not use as a keyword.
    fn reserved_name(&mut self, name: &str, span: Span) {
        if JAVA_RESERVED.contains(&name) {
            self.error(
                codes::RESERVED_NAME,
                format!("`{name}` is a reserved word in Java and cannot be used as a name"),
                span,
            );
        }
    }

    /// E0151 where a class is named with a word Java restricts as a type name (JLS 3.8:
    /// `var`, `yield`, `record`, `sealed`, `permits`), which would make `var x = ..`
    /// ambiguous.
    fn restricted_type_name(&mut self, name: &str, span: Span) {
        if ["permits", "record", "sealed", "var", "yield"].contains(&name) {
            self.error(
                codes::RESERVED_NAME,
                format!("`{name}` is restricted in Java and cannot name a class"),
                span,
            );
        }
    }

    /// A type as diagnostics name it.
    fn name(&self, ty: &Ty) -> String {
        self.p.ty_name(ty)
    }

    fn set_ty(&mut self, id: ExprId, ty: &Ty) {
        self.p.expr_ty.insert(id, ty.clone());
    }
}

/// `1 argument`, `2 arguments`.
fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}
