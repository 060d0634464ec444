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
//! Declared `local` methods get errors: one per offending construct written in the body,
//! and one per call of a method that is not declared `local` (naming the chain of calls to
//! the construct that blocks it, when one does) or of a constructor that is not isolated.
//! Every other method gets an inferred [`Isolation`], which decides device eligibility and
//! is what `somdc explain` prints. Inference is a least fixpoint over the call graph,
//! computed as one breadth-first search backwards from the directly blocked bodies, so
//! recursion needs no special case and every chain reported is a shortest one.

use super::codes;
use super::util::{self, Visitor};
use crate::model::{CallTarget, CtorId, MethodId, NameRes, Program, Ty};
use somd_diag::{Diagnostic, Span};
use somd_syntax::ast::{Block, Expr, ExprKind};
use std::collections::{HashSet, VecDeque};

/// A method or a constructor: the bodies the isolation analysis reasons about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BodyRef {
    Method(MethodId),
    Ctor(CtorId),
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
}

impl IsolationInfo {
    pub fn method(&self, id: MethodId) -> Option<&Isolation> {
        self.methods.get(id.0 as usize)
    }

    pub fn ctor(&self, id: CtorId) -> Option<&Isolation> {
        self.ctors.get(id.0 as usize)
    }
}

/// The facts of one body: its own offending constructs and its calls, in source order.
#[derive(Default)]
struct Facts {
    offenses: Vec<Construct>,
    calls: Vec<(Span, BodyRef)>,
    /// The calls made by `@` and `!` (whose targets the type checker requires to be
    /// `static local`, so they are not reported again here).
    lime_calls: HashSet<Span>,
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
        for (call_span, callee) in &body_facts.calls {
            if body_facts.lime_calls.contains(call_span) {
                continue;
            }
            match *callee {
                BodyRef::Method(callee_id) => {
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
                BodyRef::Ctor(ctor_id) => {
                    let Some(Isolation::Blocked { construct, chain }) = info.ctor(ctor_id) else {
                        continue;
                    };
                    let class = ctor_class(program, ctor_id);
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

fn ctor_class(program: &Program, id: CtorId) -> String {
    program
        .ctors
        .get(id.0 as usize)
        .and_then(|c| program.classes.get(c.class.0 as usize))
        .map(|c| c.name.clone())
        .unwrap_or_default()
}

fn body_name(program: &Program, body: BodyRef) -> String {
    match body {
        BodyRef::Method(id) => program.method_path(id),
        BodyRef::Ctor(id) => format!("new {}(..)", ctor_class(program, id)),
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

/// Facts for every body: methods first (by id), then constructors (by id).
fn collect_facts(program: &Program) -> Vec<Facts> {
    let mut out = Vec::with_capacity(program.methods.len() + program.ctors.len());
    for id in program.method_ids() {
        let block = program.method_decl(id).and_then(|decl| decl.body.as_ref());
        out.push(body_facts(program, BodyRef::Method(id), block));
    }
    for index in 0..program.ctors.len() {
        let id = CtorId(index as u32);
        let block = program.ctor_decl(id).map(|decl| &decl.body);
        out.push(body_facts(program, BodyRef::Ctor(id), block));
    }
    out
}

fn body_facts(program: &Program, owner: BodyRef, block: Option<&Block>) -> Facts {
    let mut collector = Collector { program, owner, facts: Facts::default() };
    if let Some(block) = block {
        util::walk_block(&mut collector, block);
    }
    collector.facts
}

struct Collector<'p> {
    program: &'p Program,
    owner: BodyRef,
    facts: Facts,
}

impl Collector<'_> {
    fn offense(&mut self, kind: Impurity, description: String, span: Span) {
        self.facts.offenses.push(Construct { kind, description, span, owner: self.owner });
    }

    fn call(&mut self, expr: &Expr) {
        match self.program.calls.get(&expr.id) {
            Some(CallTarget::Method(id)) => {
                self.facts.calls.push((expr.span, BodyRef::Method(*id)));
                if matches!(expr.kind, ExprKind::Map { .. } | ExprKind::Reduce { .. }) {
                    self.facts.lime_calls.insert(expr.span);
                }
            }
            Some(CallTarget::Ctor(id)) => self.facts.calls.push((expr.span, BodyRef::Ctor(*id))),
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
            Some(CallTarget::DefaultCtor(_)) | None => {}
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
    let index = |body: BodyRef| match body {
        BodyRef::Method(id) => id.0 as usize,
        BodyRef::Ctor(id) => n_methods + id.0 as usize,
    };
    let body_at = |i: usize| {
        if i < n_methods {
            BodyRef::Method(MethodId(i as u32))
        } else {
            BodyRef::Ctor(CtorId((i - n_methods) as u32))
        }
    };
    let n = facts.len();
    // `callers[b]`: the calls of `b`, as (caller, call span).
    let mut callers: Vec<Vec<(usize, Span)>> = vec![Vec::new(); n];
    for (caller, body) in facts.iter().enumerate() {
        for (span, callee) in &body.calls {
            if let Some(list) = callers.get_mut(index(*callee)) {
                list.push((caller, *span));
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
        ctors: (n_methods..n).map(status).collect(),
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
                        BodyRef::Ctor(_) => String::from("<ctor>"),
                    })
                    .collect();
                assert_eq!(names, ["g", "h"]);
            }
            Isolation::Isolated => panic!("`f` reaches a static write"),
        }
        assert_eq!(isolation(&program, &info, "pure"), &Isolation::Isolated);
        assert_eq!(isolation(&program, &info, "even"), &Isolation::Isolated);
    }
}
