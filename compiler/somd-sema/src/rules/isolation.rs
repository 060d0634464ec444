//! Isolation of `local` methods (LANGUAGE.md §3.2), checked where declared and inferred
//! everywhere else.
//!
//! A body is *isolated* when it does none of the following, directly or through the
//! methods and constructors it calls:
//! - read or write a static field that is not a constant (`static final` of primitive,
//!   `String` or value-array type is a constant; a `static final` mutable array is not,
//!   since its cells are shared mutable state);
//! - print (`System.out`/`System.err`), format (`String.format`), read the clock
//!   (`System.nanoTime`, `System.currentTimeMillis`), use `Random`;
//! - create (`task`, `=>`), start or finish tasks.
//!
//! The built-in library is closed (LANGUAGE.md §1.5–§1.7), so the list above is exactly its
//! impure part; every other built-in (`Math`, `Somd`, `Integer.parseInt`, ...) is pure.
//!
//! Fields of objects (of `this` or of others) are instance state and allowed.
//!
//! A constructor's body includes what Java runs as part of it: the initializers of its
//! class's instance fields (unless it starts with `this(..)`, whose constructor runs them),
//! and a class that declares no constructor has one that runs just them
//! ([`BodyRef::DefaultCtor`]). A string conversion of an object whose class declares
//! `String toString()` (a concatenation `"x" + b`, `s += b`) is a call of that method, as in
//! Java; conversions by `print`, `printf` and `String.format` are offending constructs
//! already.
//!
//! Declared `local` methods get errors: one per offending construct written in the body,
//! and one per call of a method that is not declared `local` (naming the chain of calls to
//! the construct that blocks it, when one does) or of a constructor that is not isolated. A
//! string conversion may call a `toString()` that is not declared `local` when that method
//! is isolated; one that is not gets the error of a call.
//! Every other method gets an inferred [`Isolation`], which decides device eligibility and
//! is what `somdc explain` prints. Inference is a least fixpoint over the call graph,
//! computed as one breadth-first search backwards from the directly blocked bodies, so
//! recursion needs no special case and every chain reported is a shortest one.

use super::codes;
use super::util::{self, Visitor};
use crate::model::{CallTarget, ClassId, CtorId, MethodId, NameRes, Program, Ty};
use somd_diag::{Diagnostic, Span};
use somd_syntax::ast::{BinaryOp, ConstructorDecl, Expr, ExprKind, StmtKind};
use std::collections::VecDeque;

/// A method or a constructor: the bodies the isolation analysis reasons about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BodyRef {
    Method(MethodId),
    /// A declared constructor, with the instance field initializers it runs.
    Ctor(CtorId),
    /// The constructor of a class that declares none: its instance field initializers.
    DefaultCtor(ClassId),
}

/// What kind of construct breaks isolation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Impurity {
    /// Reads (`write == false`) or writes a static field that is not a constant.
    StaticField {
        write: bool,
        /// A `static final` field of a mutable type (an array `T[]`, an object of a class
        /// that is not a value class): final, but its contents can change.
        final_mutable: bool,
    },
    Print,
    Format,
    Clock,
    Random,
    Task,
}

/// The construct that breaks isolation, where it is written.
#[derive(Clone, Debug, PartialEq)]
pub struct Construct {
    pub kind: Impurity,
    /// A phrase such as "prints with `System.out.println`".
    pub description: String,
    pub span: Span,
    /// The body the construct is written in.
    pub owner: BodyRef,
}

/// One call on the way from a body to the construct that blocks it.
#[derive(Clone, Debug, PartialEq)]
pub struct ChainLink {
    /// The call expression, in the caller.
    pub call_span: Span,
    pub callee: BodyRef,
}

/// The isolation of one method or constructor.
#[derive(Clone, Debug, PartialEq)]
pub enum Isolation {
    Isolated,
    /// Not isolated: `chain` leads from the body to the body holding `construct` (empty
    /// when the construct is in the body itself).
    Blocked {
        construct: Construct,
        chain: Vec<ChainLink>,
    },
}

/// The isolation of every method and constructor of a program.
#[derive(Clone, Debug, Default)]
pub struct IsolationInfo {
    methods: Vec<Isolation>,
    ctors: Vec<Isolation>,
    /// By class; `Isolated` for a class that declares constructors.
    default_ctors: Vec<Isolation>,
}

impl IsolationInfo {
    pub fn method(&self, id: MethodId) -> Option<&Isolation> {
        self.methods.get(id.0 as usize)
    }

    pub fn ctor(&self, id: CtorId) -> Option<&Isolation> {
        self.ctors.get(id.0 as usize)
    }

    /// The constructor of class `id` when it declares none ([`BodyRef::DefaultCtor`]).
    pub fn default_ctor(&self, id: ClassId) -> Option<&Isolation> {
        self.default_ctors.get(id.0 as usize)
    }

    /// The isolation of any body: [`Self::method`], [`Self::ctor`] or [`Self::default_ctor`].
    pub fn body(&self, body: BodyRef) -> Option<&Isolation> {
        match body {
            BodyRef::Method(id) => self.method(id),
            BodyRef::Ctor(id) => self.ctor(id),
            BodyRef::DefaultCtor(id) => self.default_ctor(id),
        }
    }
}

/// How a body calls another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CallKind {
    /// A call, `new` or `this(..)` written in the body.
    Written,
    /// The call made by `@` or `!` (whose target the type checker requires to be
    /// `static local`, so it is not reported again here).
    Lime,
    /// The `toString()` a string conversion calls; the span is the converted operand's.
    ToString,
}

/// One call of a body.
struct Call {
    span: Span,
    callee: BodyRef,
    kind: CallKind,
}

/// The facts of one body: its own offending constructs and its calls, in source order.
#[derive(Default)]
struct Facts {
    offenses: Vec<Construct>,
    calls: Vec<Call>,
}

/// Infers the isolation of every method and constructor of `program`.
pub fn infer_isolation(program: &Program) -> IsolationInfo {
    let facts = collect_facts(program);
    solve(program, &facts)
}

pub(super) fn check(program: &Program, diagnostics: &mut Vec<Diagnostic>) {
    let facts = collect_facts(program);
    let info = solve(program, &facts);
    for id in program.method_ids() {
        let Some(method) = util::method_info(program, id) else { continue };
        if !method.is_local {
            continue;
        }
        let Some(body_facts) = facts.get(id.0 as usize) else { continue };
        let path = program.method_path(id);
        for offense in &body_facts.offenses {
            diagnostics.push(direct_error(&path, offense));
        }
        for call in &body_facts.calls {
            let (call_span, callee) = (&call.span, &call.callee);
            match (call.callee, call.kind) {
                (_, CallKind::Lime) => {}
                (BodyRef::Method(_), CallKind::ToString) => {
                    if let Some(diagnostic) = to_string_error(program, &info, &path, call) {
                        diagnostics.push(diagnostic);
                    }
                }
                (BodyRef::Method(callee_id), CallKind::Written) => {
                    let Some(callee_info) = util::method_info(program, callee_id) else {
                        continue;
                    };
                    if callee_info.is_local {
                        continue;
                    }
                    let callee_path = program.method_path(callee_id);
                    let mut diagnostic = Diagnostic::error(
                        codes::LOCAL_CALLS_NON_LOCAL,
                        format!("`{path}` is `local` but calls `{callee_path}`, which is not"),
                        *call_span,
                    )
                    .with_label("call of a method that is not `local`")
                    .with_secondary(
                        callee_info.name_span,
                        format!("`{callee_path}` is declared here without `local`"),
                    );
                    match info.method(callee_id) {
                        Some(Isolation::Blocked { construct, chain }) => {
                            diagnostic = with_chain(program, diagnostic, *callee, construct, chain);
                            let route = route(program, *callee, construct, chain);
                            diagnostic = diagnostic.with_help(format!(
                                "`{callee_path}` cannot be `local` as written ({route}); remove \
                                 that, then declare `{callee_path}` `local`"
                            ));
                        }
                        _ => {
                            diagnostic = diagnostic.with_help(format!(
                                "declare `{callee_path}` `local`; it is already isolated"
                            ));
                        }
                    }
                    diagnostics.push(diagnostic);
                }
                (BodyRef::Ctor(_) | BodyRef::DefaultCtor(_), _) => {
                    let Some(Isolation::Blocked { construct, chain }) = info.body(*callee) else {
                        continue;
                    };
                    let class = body_class(program, *callee);
                    let route = route(program, *callee, construct, chain);
                    let diagnostic = Diagnostic::error(
                        codes::LOCAL_CALLS_IMPURE_CTOR,
                        format!(
                            "`{path}` is `local` but calls the constructor of `{class}`, which \
                             is not isolated"
                        ),
                        *call_span,
                    )
                    .with_label("call of a constructor that is not isolated");
                    diagnostics.push(
                        with_chain(program, diagnostic, *callee, construct, chain).with_help(
                            format!(
                                "remove the offending construct from the constructor ({route})"
                            ),
                        ),
                    );
                }
            }
        }
    }
}

/// The error of a string conversion in `local` method `path` that calls a `toString()`
/// which is neither declared `local` nor isolated; `None` when it may call it.
fn to_string_error(
    program: &Program,
    info: &IsolationInfo,
    path: &str,
    call: &Call,
) -> Option<Diagnostic> {
    let BodyRef::Method(callee_id) = call.callee else { return None };
    let callee_info = util::method_info(program, callee_id)?;
    if callee_info.is_local {
        return None;
    }
    let Some(Isolation::Blocked { construct, chain }) = info.method(callee_id) else {
        return None;
    };
    let class = program.classes.get(callee_info.class.0 as usize).map(|c| c.name.as_str());
    let callee_path = program.method_path(callee_id);
    let diagnostic = Diagnostic::error(
        codes::LOCAL_CALLS_NON_LOCAL,
        format!(
            "`{path}` is `local` but converts a `{}` to a string with `{callee_path}`, which is \
             not `local`",
            class.unwrap_or_default()
        ),
        call.span,
    )
    .with_label("this string conversion calls `toString()`")
    .with_secondary(
        callee_info.name_span,
        format!("`{callee_path}` is declared here without `local`"),
    );
    let route = route(program, call.callee, construct, chain);
    Some(with_chain(program, diagnostic, call.callee, construct, chain).with_help(format!(
        "`{callee_path}` cannot be `local` as written ({route}); remove that, then declare \
         `{callee_path}` `local`, or convert the object outside the `local` method"
    )))
}

/// The class whose constructor `body` is (empty for a method).
fn body_class(program: &Program, body: BodyRef) -> String {
    let class = match body {
        BodyRef::Method(_) => None,
        BodyRef::Ctor(id) => program.ctors.get(id.0 as usize).map(|c| c.class),
        BodyRef::DefaultCtor(id) => Some(id),
    };
    class
        .and_then(|c| program.classes.get(c.0 as usize))
        .map(|c| c.name.clone())
        .unwrap_or_default()
}

fn body_name(program: &Program, body: BodyRef) -> String {
    match body {
        BodyRef::Method(id) => program.method_path(id),
        BodyRef::Ctor(_) => format!("new {}(..)", body_class(program, body)),
        BodyRef::DefaultCtor(_) => format!("new {}()", body_class(program, body)),
    }
}

/// How many calls of a chain a diagnostic shows; longer chains show their first calls and
/// the last one, so the message stays readable.
const SHOWN_CALLS: usize = 6;

/// "`A.g` → `A.h` prints with `System.out.println`".
fn route(program: &Program, start: BodyRef, construct: &Construct, chain: &[ChainLink]) -> String {
    let mut out = format!("`{}`", body_name(program, start));
    for (index, link) in chain.iter().enumerate() {
        if chain.len() > SHOWN_CALLS && index + 1 >= SHOWN_CALLS && index + 1 < chain.len() {
            if index + 1 == SHOWN_CALLS {
                out.push_str(" → …");
            }
            continue;
        }
        out.push_str(&format!(" → `{}`", body_name(program, link.callee)));
    }
    out.push_str(&format!(" {}", construct.description));
    out
}

/// Adds a secondary label for each shown call of the chain and for the construct.
fn with_chain(
    program: &Program,
    mut diagnostic: Diagnostic,
    start: BodyRef,
    construct: &Construct,
    chain: &[ChainLink],
) -> Diagnostic {
    let mut caller = start;
    for (index, link) in chain.iter().enumerate() {
        let hidden =
            chain.len() > SHOWN_CALLS && index + 1 >= SHOWN_CALLS && index + 1 < chain.len();
        if !hidden {
            diagnostic = diagnostic.with_secondary(
                link.call_span,
                format!(
                    "`{}` calls `{}` here",
                    body_name(program, caller),
                    body_name(program, link.callee)
                ),
            );
        } else if index + 1 == SHOWN_CALLS {
            diagnostic = diagnostic.with_note(format!(
                "{} more calls of the chain are not shown",
                chain.len() - SHOWN_CALLS
            ));
        }
        caller = link.callee;
    }
    diagnostic.with_secondary(
        construct.span,
        format!("`{}` {} here", body_name(program, construct.owner), construct.description),
    )
}

fn direct_error(path: &str, offense: &Construct) -> Diagnostic {
    let (code, help) = match offense.kind {
        Impurity::StaticField { final_mutable: true, .. } => (
            codes::LOCAL_STATIC_FIELD,
            "a `static final` array or object can still change: make it a value array or an \
             object of a value class (`static final int[[]] T = new int[[]]{..};`), or pass it \
             as a parameter",
        ),
        Impurity::StaticField { .. } => (
            codes::LOCAL_STATIC_FIELD,
            "pass the value as a parameter (or return it), or make the field a `static final` \
             constant",
        ),
        Impurity::Print => {
            (codes::LOCAL_PRINTS, "print the result in the caller, outside the `local` method")
        }
        Impurity::Format => {
            (codes::LOCAL_FORMAT, "format the result in the caller, outside the `local` method")
        }
        Impurity::Clock => {
            (codes::LOCAL_CLOCK, "read the clock in the caller and pass the time as a parameter")
        }
        Impurity::Random => (
            codes::LOCAL_RANDOM,
            "draw the random numbers in the caller and pass them in as a parameter",
        ),
        Impurity::Task => (codes::LOCAL_TASKS, "build and run task graphs outside `local` methods"),
    };
    Diagnostic::error(
        code,
        format!("`local` method `{path}` {}", offense.description),
        offense.span,
    )
    .with_label("not allowed in a `local` method")
    .with_help(help)
}

/// Facts for every body: methods first (by id), then constructors (by id), then the
/// constructors of classes that declare none (by class id; empty for the others).
fn collect_facts(program: &Program) -> Vec<Facts> {
    let mut out =
        Vec::with_capacity(program.methods.len() + program.ctors.len() + program.classes.len());
    for id in program.method_ids() {
        let block = program.method_decl(id).and_then(|decl| decl.body.as_ref());
        let mut collector = Collector::new(program, BodyRef::Method(id));
        if let Some(block) = block {
            util::walk_block(&mut collector, block);
        }
        out.push(collector.facts);
    }
    for index in 0..program.ctors.len() {
        let id = CtorId(index as u32);
        let mut collector = Collector::new(program, BodyRef::Ctor(id));
        if let Some(decl) = program.ctor_decl(id) {
            // Java runs the field initializers first, in the constructor that does not
            // delegate with `this(..)` (JLS §12.5).
            if !delegates(decl) {
                collector.field_initializers(program.ctor(id).class);
            }
            util::walk_block(&mut collector, &decl.body);
        }
        out.push(collector.facts);
    }
    for (index, class) in program.classes.iter().enumerate() {
        let id = ClassId(index as u32);
        let mut collector = Collector::new(program, BodyRef::DefaultCtor(id));
        if class.ctors.is_empty() {
            collector.field_initializers(id);
        }
        out.push(collector.facts);
    }
    out
}

/// Whether a constructor starts with `this(..)`.
fn delegates(decl: &ConstructorDecl) -> bool {
    matches!(
        decl.body.stmts.first().map(|stmt| &stmt.kind),
        Some(StmtKind::Expr(Expr { kind: ExprKind::ThisCall { .. }, .. }))
    )
}

struct Collector<'p> {
    program: &'p Program,
    owner: BodyRef,
    facts: Facts,
    /// While walking a field initializer: the field, `Class.name`, which the constructs
    /// found there name.
    initializer: Option<String>,
}

impl<'p> Collector<'p> {
    fn new(program: &'p Program, owner: BodyRef) -> Self {
        Collector { program, owner, facts: Facts::default(), initializer: None }
    }

    /// Walks the initializers of the instance fields of `class`, in declaration order.
    fn field_initializers(&mut self, class: ClassId) {
        let program = self.program;
        let Some(info) = program.classes.get(class.0 as usize) else { return };
        for &field_id in &info.fields {
            let Some(field) = program.fields.get(field_id.0 as usize) else { continue };
            if field.is_static {
                continue;
            }
            let Some((_, var)) = program.field_decl(field_id) else { continue };
            let Some(init) = &var.init else { continue };
            self.initializer = Some(format!("{}.{}", info.name, field.name));
            util::walk_expr(self, init, false);
            self.initializer = None;
        }
    }

    fn offense(&mut self, kind: Impurity, mut description: String, span: Span) {
        if let Some(field) = &self.initializer {
            description.push_str(&format!(" in the initializer of field `{field}`"));
        }
        self.facts.offenses.push(Construct { kind, description, span, owner: self.owner });
    }

    fn push_call(&mut self, span: Span, callee: BodyRef, kind: CallKind) {
        self.facts.calls.push(Call { span, callee, kind });
    }

    /// A string conversion of `operand`: a call of its class's `String toString()`, when
    /// the class declares one.
    fn converted(&mut self, operand: &Expr) {
        let Ty::Class(class) = self.program.ty_of(operand.id) else { return };
        let Some(info) = self.program.classes.get(class.0 as usize) else { return };
        let to_string = info.methods.iter().copied().find(|&m| {
            util::method_info(self.program, m).is_some_and(|m| {
                m.name == "toString" && !m.is_static && m.params.is_empty() && m.ret == Ty::String
            })
        });
        if let Some(method) = to_string {
            self.push_call(operand.span, BodyRef::Method(method), CallKind::ToString);
        }
    }

    fn call(&mut self, expr: &Expr) {
        match self.program.calls.get(&expr.id) {
            Some(CallTarget::Method(id)) => {
                let kind = match expr.kind {
                    ExprKind::Map { .. } | ExprKind::Reduce { .. } => CallKind::Lime,
                    _ => CallKind::Written,
                };
                self.push_call(expr.span, BodyRef::Method(*id), kind);
            }
            Some(CallTarget::Ctor(id)) => {
                self.push_call(expr.span, BodyRef::Ctor(*id), CallKind::Written)
            }
            Some(CallTarget::DefaultCtor(class)) => {
                self.push_call(expr.span, BodyRef::DefaultCtor(*class), CallKind::Written)
            }
            Some(CallTarget::Builtin { class, name }) => {
                let to_err = match &expr.kind {
                    ExprKind::Call { target: Some(target), .. } => matches!(
                        self.program.names.get(&target.id),
                        Some(NameRes::PrintStream { err: true })
                    ),
                    _ => false,
                };
                if let Some((kind, description)) = classify_builtin(class, name, to_err) {
                    self.offense(kind, description, expr.span);
                }
            }
            None => {}
        }
    }

    fn field(&mut self, expr: &Expr, write: bool) {
        let Some(NameRes::Field(field_id)) = self.program.names.get(&expr.id) else { return };
        let Some(field) = self.program.fields.get(field_id.0 as usize) else { return };
        if !field.is_static {
            return;
        }
        // An object of a value class is as immutable as a value array (§3.3).
        let value_object = |c: &crate::model::ClassId| {
            self.program.classes.get(c.0 as usize).is_some_and(|c| c.is_value)
        };
        let immutable = match &field.ty {
            Ty::Prim(_) | Ty::String | Ty::ValueArray(..) => true,
            Ty::Class(c) => value_object(c),
            _ => false,
        };
        if field.is_final && (immutable || field.ty.is_error()) {
            return;
        }
        let class = self.program.classes.get(field.class.0 as usize).map(|c| c.name.as_str());
        let what = if write { "writes" } else { "reads" };
        self.offense(
            Impurity::StaticField { write, final_mutable: field.is_final && !write },
            format!("{what} static field `{}.{}`", class.unwrap_or_default(), field.name),
            expr.span,
        );
    }
}

impl<'a> Visitor<'a> for Collector<'_> {
    fn expr(&mut self, expr: &'a Expr, write: bool) -> bool {
        match &expr.kind {
            ExprKind::Name(_) | ExprKind::Field { .. } => self.field(expr, write),
            ExprKind::Call { .. }
            | ExprKind::ThisCall { .. }
            | ExprKind::Map { .. }
            | ExprKind::Reduce { .. } => {
                self.call(expr);
            }
            ExprKind::New { class, .. } => {
                if class.name == "Random" || self.program.ty_of(expr.id) == &Ty::Random {
                    self.offense(Impurity::Random, "creates a `Random`".to_string(), expr.span);
                } else {
                    self.call(expr);
                }
            }
            ExprKind::TaskStatic { .. } | ExprKind::TaskInstance { .. } => {
                self.offense(Impurity::Task, "creates a task".to_string(), expr.span);
                return false;
            }
            ExprKind::Connect { .. } => {
                self.offense(Impurity::Task, "connects tasks".to_string(), expr.span);
                return false;
            }
            ExprKind::Binary { op: BinaryOp::Add, lhs, rhs }
                if self.program.ty_of(expr.id) == &Ty::String =>
            {
                self.converted(lhs);
                self.converted(rhs);
            }
            ExprKind::Assign { op: Some(BinaryOp::Add), target, value }
                if self.program.ty_of(target.id) == &Ty::String =>
            {
                self.converted(value);
            }
            _ => {}
        }
        true
    }
}

/// Classifies a built-in call; `None` when it is pure.
fn classify_builtin(class: &str, name: &str, to_err: bool) -> Option<(Impurity, String)> {
    if matches!(name, "println" | "print" | "printf") {
        let stream = if to_err { "System.err" } else { "System.out" };
        return Some((Impurity::Print, format!("prints with `{stream}.{name}`")));
    }
    match (class, name) {
        ("String", "format") => {
            Some((Impurity::Format, "formats a string with `String.format`".to_string()))
        }
        ("System", "nanoTime" | "currentTimeMillis") => {
            Some((Impurity::Clock, format!("reads the clock with `System.{name}`")))
        }
        ("Random", _) => Some((Impurity::Random, format!("uses `Random` (`{name}`)"))),
        ("Task", _) => Some((Impurity::Task, format!("runs a task graph with `{name}`"))),
        _ => None,
    }
}

/// The least fixpoint: blocked bodies are those that reach an offending construct.
fn solve(program: &Program, facts: &[Facts]) -> IsolationInfo {
    let n_methods = program.methods.len();
    let n_bodies = n_methods + program.ctors.len();
    let index = |body: BodyRef| match body {
        BodyRef::Method(id) => id.0 as usize,
        BodyRef::Ctor(id) => n_methods + id.0 as usize,
        BodyRef::DefaultCtor(id) => n_bodies + id.0 as usize,
    };
    let body_at = |i: usize| {
        if i < n_methods {
            BodyRef::Method(MethodId(i as u32))
        } else if i < n_bodies {
            BodyRef::Ctor(CtorId((i - n_methods) as u32))
        } else {
            BodyRef::DefaultCtor(ClassId((i - n_bodies) as u32))
        }
    };
    let n = facts.len();
    // `callers[b]`: the calls of `b`, as (caller, call span).
    let mut callers: Vec<Vec<(usize, Span)>> = vec![Vec::new(); n];
    for (caller, body) in facts.iter().enumerate() {
        for call in &body.calls {
            if let Some(list) = callers.get_mut(index(call.callee)) {
                list.push((caller, call.span));
            }
        }
    }
    // `via[b]`: `None` while not blocked; `Some(None)` blocked by its own construct;
    // `Some(Some((span, callee)))` blocked through that call.
    let mut via: Vec<Option<Option<(Span, usize)>>> = vec![None; n];
    let mut queue = VecDeque::new();
    for (i, body) in facts.iter().enumerate() {
        if !body.offenses.is_empty() {
            via[i] = Some(None);
            queue.push_back(i);
        }
    }
    while let Some(callee) = queue.pop_front() {
        let Some(list) = callers.get(callee) else { continue };
        for &(caller, span) in list {
            if let Some(slot @ None) = via.get_mut(caller) {
                *slot = Some(Some((span, callee)));
                queue.push_back(caller);
            }
        }
    }
    let status = |start: usize| -> Isolation {
        let mut chain = Vec::new();
        let mut current = start;
        // The `via` links strictly decrease the BFS distance, so this walk ends; the bound
        // is a second guard.
        for _ in 0..=n {
            match via.get(current) {
                Some(Some(Some((span, next)))) => {
                    chain.push(ChainLink { call_span: *span, callee: body_at(*next) });
                    current = *next;
                }
                Some(Some(None)) => {
                    return match facts.get(current).and_then(|f| f.offenses.first()) {
                        Some(construct) => {
                            Isolation::Blocked { construct: construct.clone(), chain }
                        }
                        None => Isolation::Isolated,
                    };
                }
                _ => return Isolation::Isolated,
            }
        }
        Isolation::Isolated
    };
    IsolationInfo {
        methods: (0..n_methods).map(status).collect(),
        ctors: (n_methods..n_bodies).map(status).collect(),
        default_ctors: (n_bodies..n).map(status).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::{infer_isolation, BodyRef, Impurity, Isolation};
    use crate::model::Program;
    use somd_diag::FileId;
    use somd_syntax::ast::IdGen;

    fn program(text: &str) -> Program {
        let ids = IdGen::new();
        let (unit, diagnostics) = somd_syntax::parse(FileId(0), text, &ids);
        assert!(diagnostics.is_empty(), "{diagnostics:?}");
        crate::check(vec![unit]).0
    }

    fn isolation<'a>(
        program: &'a Program,
        info: &'a super::IsolationInfo,
        name: &str,
    ) -> &'a Isolation {
        let id = program
            .method_ids()
            .find(|id| program.method(*id).name == name)
            .unwrap_or_else(|| panic!("no method {name}"));
        info.method(id).unwrap_or_else(|| panic!("no isolation for {name}"))
    }

    #[test]
    fn inference_follows_calls_and_cycles() {
        let program = program(
            "class A {
                static int n = 0;
                static reduce(+) int f(dist int[] a) { return g(a.length); }
                static int g(int x) { return h(x) + x; }
                static int h(int x) { if (x > 0) { return g(x - 1); } n++; return 0; }
                static reduce(+) int pure(dist int[] a) { return even(a.length) ? 1 : 0; }
                static boolean even(int x) { return x == 0 || odd(x - 1); }
                static boolean odd(int x) { return x != 0 && even(x - 1); }
                public static void main(String[] args) { }
            }",
        );
        let info = infer_isolation(&program);
        match isolation(&program, &info, "f") {
            Isolation::Blocked { construct, chain } => {
                assert_eq!(
                    construct.kind,
                    Impurity::StaticField { write: true, final_mutable: false }
                );
                let names: Vec<String> = chain
                    .iter()
                    .map(|link| match link.callee {
                        BodyRef::Method(id) => program.method(id).name.clone(),
                        BodyRef::Ctor(_) | BodyRef::DefaultCtor(_) => String::from("<ctor>"),
                    })
                    .collect();
                assert_eq!(names, ["g", "h"]);
            }
            Isolation::Isolated => panic!("`f` reaches a static write"),
        }
        assert_eq!(isolation(&program, &info, "pure"), &Isolation::Isolated);
        assert_eq!(isolation(&program, &info, "even"), &Isolation::Isolated);
    }

    /// The callees of a chain, by name (`new C()` for a constructor).
    fn chain_names(program: &Program, isolation: &Isolation) -> Vec<String> {
        let Isolation::Blocked { chain, .. } = isolation else { panic!("not blocked") };
        chain
            .iter()
            .map(|link| match link.callee {
                BodyRef::Method(id) => program.method(id).name.clone(),
                BodyRef::Ctor(_) | BodyRef::DefaultCtor(_) => {
                    super::body_name(program, link.callee)
                }
            })
            .collect()
    }

    #[test]
    fn field_initializers_and_string_conversions_are_calls() {
        let program = program(
            "class Box { int v = A.n++; }
            class Boxed { int v = A.n; int k; Boxed(int k) { this.k = k; } Boxed() { this(1); } }
            class Tag {
                int v;
                Tag(int v) { this.v = v; }
                public String toString() { return describe(); }
                String describe() { A.n++; return \"t\"; }
            }
            class Calm { public String toString() { return \"c\"; } }
            class A {
                static int n = 0;
                static int make() { return new Box().v; }
                static int delegate() { return new Boxed().k; }
                static String show(Tag t) { return \"<\" + t; }
                static String append(Tag t) { String s = \"\"; s += t; return s; }
                static String calm(Calm c) { return c + \">\"; }
                public static void main(String[] args) { }
            }",
        );
        let info = infer_isolation(&program);
        let make = isolation(&program, &info, "make");
        assert_eq!(chain_names(&program, make), ["new Box()"]);
        let Isolation::Blocked { construct, .. } = make else { unreachable!() };
        assert_eq!(construct.kind, Impurity::StaticField { write: true, final_mutable: false });
        assert!(construct.description.contains("initializer of field `Box.v`"), "{construct:?}");
        // The constructor starting with `this(..)` runs the initializers through the other.
        let delegate = isolation(&program, &info, "delegate");
        assert_eq!(chain_names(&program, delegate), ["new Boxed(..)", "new Boxed(..)"]);
        for name in ["show", "append"] {
            let blocked = isolation(&program, &info, name);
            assert_eq!(chain_names(&program, blocked), ["toString", "describe"], "{name}");
        }
        assert_eq!(isolation(&program, &info, "calm"), &Isolation::Isolated);
    }
}
