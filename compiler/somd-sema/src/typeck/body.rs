//! Pass 2 driver: checks field initializers, constructor bodies and method bodies, each in
//! a fresh [`BodyCx`] (scopes, definite assignment, reachability, jump targets).

use super::codes;
use super::collect::BoundMode;
use super::flow::{Da, JumpTarget};
use super::Checker;
use crate::model::{CallTarget, ClassId, ConstValue, CtorId, FieldId, LocalInfo, MethodId, Ty};
use somd_diag::{Diagnostic, Span};
use somd_syntax::ast::{Block, DeclId, DistKind, DistSpec, ExprId, Member, Param, PrimType};
use std::collections::{HashMap, HashSet};

/// The context of the body being checked.
#[derive(Debug, Default)]
pub(super) struct BodyCx {
    pub class: Option<ClassId>,
    pub is_static: bool,
    pub in_ctor: bool,
    pub method: Option<MethodId>,
    /// The declared return type (`void` for constructors); `None` in field initializers.
    pub ret: Option<Ty>,
    /// Visible locals, innermost last; `scope_marks` remembers where each block began.
    pub scopes: Vec<(String, DeclId)>,
    pub scope_marks: Vec<usize>,
    /// Definite assignment slot of every local of this body.
    pub slots: HashMap<DeclId, usize>,
    /// Loop nesting depth at each local's declaration, for `final` locals.
    pub decl_loop_depth: HashMap<DeclId, usize>,
    pub loop_depth: usize,
    pub da: Da,
    pub reachable: bool,
    pub jumps: Vec<JumpTarget>,
    /// Values of `final` locals initialized with constant expressions.
    pub local_consts: HashMap<DeclId, ConstValue>,
    /// An unreachable statement was reported: a "missing return" would repeat it.
    pub reported_unreachable: bool,
    /// The parser recovered from a syntax error inside this body: diagnostics that such a
    /// gap makes unreliable (unknown variables, flow analysis) are suppressed.
    pub recovered: bool,
    /// The next free definite assignment slot.
    pub next_slot: usize,
    /// In a constructor: the slots of the blank `final` instance fields it must assign.
    pub field_slots: HashMap<FieldId, usize>,
    /// Blank `final` fields already reported as unassigned in this constructor.
    pub reported_fields: HashSet<FieldId>,
    /// In a constructor whose first statement is `this(..)`: that expression, the one place
    /// where `this(..)` may stand.
    pub this_call: Option<somd_syntax::ast::ExprId>,
    /// `Task` locals initialized with a task expression and never reassigned: their first
    /// and last workers, so that `t => u` can be checked through variables.
    pub task_locals: HashMap<DeclId, (MethodId, MethodId)>,
    /// In a field initializer: the fields of the same class and kind (static or instance)
    /// declared at or after the field being initialized, which it may not read by simple
    /// name (JLS §8.3.3).
    pub forward_fields: HashSet<FieldId>,
    /// The `this.f` that a plain assignment under check writes without reading it.
    pub written_field: Option<somd_syntax::ast::ExprId>,
}

impl BodyCx {
    fn new(class: ClassId, is_static: bool) -> BodyCx {
        BodyCx { class: Some(class), is_static, reachable: true, ..BodyCx::default() }
    }

    pub(super) fn alloc_slot(&mut self) -> usize {
        let slot = self.next_slot;
        self.next_slot += 1;
        slot
    }
}

impl Checker<'_> {
    pub(super) fn check_bodies(&mut self) {
        let units = self.units;
        // Constructors starting with `this(..)`: the call and its statement's span.
        let mut delegations = Vec::new();
        let mut class_id = 0u32;
        for unit in units {
            for class in &unit.classes {
                let id = ClassId(class_id);
                class_id += 1;
                self.check_default_ctor_fields(id);
                self.check_static_blank_finals(id);
                let info = self.p.class(id);
                let (fields, methods, ctors) =
                    (info.fields.clone(), info.methods.clone(), info.ctors.clone());
                let (mut field_iter, mut method_iter, mut ctor_iter) =
                    (fields.into_iter(), methods.into_iter(), ctors.into_iter());
                for member in &class.members {
                    match member {
                        Member::Field(field) => {
                            for var in &field.vars {
                                let Some(field_id) = field_iter.next() else { break };
                                let Some(init) = &var.init else { continue };
                                self.cx = BodyCx::new(id, field.modifiers.is_static());
                                self.cx.recovered = super::recovery::expr_has_error(init);
                                self.cx.forward_fields = self.fields_from(field_id);
                                // An instance initializer runs before any constructor
                                // body: no blank `final` field has its value yet.
                                if !field.modifiers.is_static() {
                                    self.blank_final_slots(id);
                                }
                                let ty = self.p.field(field_id).ty.clone();
                                self.check_assignable(init, &ty);
                            }
                        }
                        Member::Constructor(ctor) => {
                            let Some(ctor_id) = ctor_iter.next() else { continue };
                            self.cx = BodyCx::new(id, false);
                            self.cx.in_ctor = true;
                            self.cx.ret = Some(Ty::Void);
                            self.cx.recovered = super::recovery::block_has_error(&ctor.body);
                            self.declare_params(&ctor.params);
                            self.blank_final_slots(id);
                            self.cx.this_call = first_this_call(&ctor.body);
                            self.check_block(&ctor.body);
                            if let (Some(call), Some(stmt)) =
                                (self.cx.this_call, ctor.body.stmts.first())
                            {
                                delegations.push((ctor_id, call, stmt.span));
                            }
                            if self.cx.reachable && !self.cx.recovered {
                                self.check_fields_assigned(ctor.name.span);
                            }
                        }
                        Member::Method(method) => {
                            let Some(method_id) = method_iter.next() else { continue };
                            self.cx = BodyCx::new(id, method.modifiers.is_static());
                            self.cx.method = Some(method_id);
                            let ret = self.p.method(method_id).ret.clone();
                            self.cx.ret = Some(ret.clone());
                            self.cx.recovered =
                                method.body.as_ref().is_some_and(super::recovery::block_has_error);
                            self.declare_params(&method.params);
                            if let Some(body) = &method.body {
                                self.check_block(body);
                                if self.cx.reachable
                                    && !self.cx.reported_unreachable
                                    && !self.cx.recovered
                                    && ret != Ty::Void
                                    && !ret.is_error()
                                {
                                    self.missing_return(body);
                                }
                            }
                        }
                    }
                }
            }
        }
        self.cx = BodyCx::default();
        self.check_ctor_cycles(&delegations);
    }

    /// E0147 at each `this(..)` whose chain of constructors comes back to its own
    /// (javac: "recursive constructor invocation"): the object would never be made.
    fn check_ctor_cycles(&mut self, delegations: &[(CtorId, ExprId, Span)]) {
        let next: HashMap<CtorId, CtorId> = delegations
            .iter()
            .filter_map(|(c, call, _)| match self.p.calls.get(call) {
                Some(CallTarget::Ctor(t)) => Some((*c, *t)),
                _ => None,
            })
            .collect();
        for (c, _, span) in delegations {
            let mut at = *c;
            let mut cycle = false;
            for _ in 0..next.len() {
                match next.get(&at) {
                    Some(t) if t == c => {
                        cycle = true;
                        break;
                    }
                    Some(t) => at = *t,
                    None => break,
                }
            }
            if cycle {
                self.emit(
                    Diagnostic::error(
                        codes::RECURSIVE_CTOR,
                        "recursive constructor invocation",
                        *span,
                    )
                    .with_label("this constructor's `this(..)` chain comes back to it")
                    .with_help("let one of the constructors initialise the object itself"),
                );
            }
        }
    }

    /// The fields of `field`'s class of the same kind declared at or after it.
    fn fields_from(&self, field: FieldId) -> HashSet<FieldId> {
        let info = self.p.field(field);
        let is_static = info.is_static;
        let fields = &self.p.class(info.class).fields;
        let start = fields.iter().position(|f| *f == field).unwrap_or(fields.len());
        fields[start..]
            .iter()
            .copied()
            .filter(|f| self.p.field(*f).is_static == is_static)
            .collect()
    }

    /// Instance fields that are `final` (or of a value class) without an initializer.
    fn blank_finals(&self, class: ClassId) -> Vec<FieldId> {
        self.p
            .class(class)
            .fields
            .iter()
            .copied()
            .filter(|&f| {
                let info = self.p.field(f);
                info.is_final && !info.is_static && self.field_init(f).is_none()
            })
            .collect()
    }

    fn blank_final_slots(&mut self, class: ClassId) {
        for field in self.blank_finals(class) {
            let slot = self.cx.alloc_slot();
            self.cx.da.declare_unassigned(slot);
            self.cx.field_slots.insert(field, slot);
        }
    }

    /// At the end of a constructor or a `return` in it: every blank `final` field must be
    /// definitely assigned (JLS §16.9).
    pub(super) fn check_fields_assigned(&mut self, span: Span) {
        let mut missing: Vec<(FieldId, usize)> = self
            .cx
            .field_slots
            .iter()
            .filter(|(f, slot)| {
                !self.cx.da.contains(**slot) && !self.cx.reported_fields.contains(f)
            })
            .map(|(f, slot)| (*f, *slot))
            .collect();
        missing.sort();
        for (field, _) in missing {
            self.cx.reported_fields.insert(field);
            let info = self.p.field(field);
            let (name, decl) = (info.name.clone(), info.span);
            let what = if self.p.class(info.class).is_value { "field" } else { "final field" };
            self.emit(
                Diagnostic::error(
                    codes::FIELD_NOT_INITIALIZED,
                    format!("{what} `{name}` might not have been initialized by this constructor"),
                    span,
                )
                .with_secondary(decl, "field declared here")
                .with_help(format!("assign `this.{name} = ..;` on every path of the constructor")),
            );
        }
    }

    /// A class without constructors cannot initialize blank `final` fields.
    fn check_default_ctor_fields(&mut self, class: ClassId) {
        if !self.p.class(class).ctors.is_empty() {
            return;
        }
        let class_name = self.p.class(class).name.clone();
        for field in self.blank_finals(class) {
            let info = self.p.field(field);
            let (name, span) = (info.name.clone(), info.span);
            let what = if self.p.class(info.class).is_value { "field" } else { "final field" };
            self.emit(
                Diagnostic::error(
                    codes::FIELD_NOT_INITIALIZED,
                    format!("{what} `{name}` is never initialized: class `{class_name}` has no constructor"),
                    span,
                )
                .with_help("initialize it in its declaration, or add a constructor that assigns it"),
            );
        }
    }

    /// A blank `static final` field can never be assigned: Java assigns it in a static
    /// initializer, which the language does not have, and an assignment anywhere else is
    /// `E0107`. So it needs an initializer (JLS §8.3.1.2).
    fn check_static_blank_finals(&mut self, class: ClassId) {
        for &field in &self.p.class(class).fields.clone() {
            let info = self.p.field(field);
            if !info.is_final || !info.is_static || self.field_init(field).is_some() {
                continue;
            }
            let (name, span) = (info.name.clone(), info.span);
            let ty = self.name(&info.ty);
            self.emit(
                Diagnostic::error(
                    codes::FIELD_NOT_INITIALIZED,
                    format!("static final field `{name}` is never initialized"),
                    span,
                )
                .with_note(
                    "the language has no static initializers: only the declaration can give it a value",
                )
                .with_help(format!("give it an initializer: `static final {ty} {name} = ..;`")),
            );
        }
    }

    fn missing_return(&mut self, body: &Block) {
        let end = body.span.end;
        let span = Span { file: body.span.file, start: end.saturating_sub(1), end };
        self.emit(
            Diagnostic::error(codes::MISSING_RETURN, "missing return statement", span)
                .with_label("the method can reach its end without returning a value"),
        );
    }

    fn declare_params(&mut self, params: &[Param]) {
        for param in params {
            self.cx.scopes.push((param.name.name.clone(), param.id));
            let slot = self.cx.alloc_slot();
            self.cx.slots.insert(param.id, slot);
            self.cx.da.insert(slot);
            self.cx.decl_loop_depth.insert(param.id, 0);
        }
        for param in params {
            if let Some(dist) = &param.dist {
                self.check_dist(dist);
            }
        }
    }

    /// Types the expressions of a `dist(..)` qualifier; their meaning is checked by the
    /// SOMD rules.
    pub(super) fn check_dist(&mut self, dist: &DistSpec) {
        match &dist.kind {
            DistKind::Block => {}
            DistKind::Dim(expr) => {
                self.check_assignable(expr, &Ty::Prim(PrimType::Int));
            }
            DistKind::View(pairs) | DistKind::PolyView(pairs) => {
                for pair in pairs {
                    self.check_assignable(&pair.before, &Ty::INT);
                    self.check_assignable(&pair.after, &Ty::INT);
                }
            }
            DistKind::User { args, .. } => {
                for arg in args {
                    self.check_expr(arg, None);
                }
            }
        }
    }

    /// Declares a local variable in the innermost scope; a local may not shadow another
    /// local or parameter of the same body (JLS §6.4).
    pub(super) fn declare_local(&mut self, id: DeclId, info: LocalInfo, assigned: bool) {
        let name = info.name.clone();
        self.reserved_name(&name, info.span);
        if let Some((_, other)) = self.cx.scopes.iter().rev().find(|(n, _)| *n == name) {
            let first_span = self.p.locals.get(other).map(|l| l.span);
            let mut diagnostic = Diagnostic::error(
                codes::DUPLICATE_LOCAL,
                format!("variable `{name}` is already defined in this method"),
                info.span,
            );
            if let Some(first_span) = first_span {
                diagnostic = diagnostic.with_secondary(first_span, "first defined here");
            }
            self.emit(diagnostic);
        }
        self.cx.scopes.push((name, id));
        let slot = self.cx.alloc_slot();
        self.cx.slots.insert(id, slot);
        if assigned {
            self.cx.da.insert(slot);
        } else {
            self.cx.da.declare_unassigned(slot);
        }
        self.cx.decl_loop_depth.insert(id, self.cx.loop_depth);
        self.p.locals.insert(id, info);
    }

    pub(super) fn push_scope(&mut self) {
        self.cx.scope_marks.push(self.cx.scopes.len());
    }

    pub(super) fn pop_scope(&mut self) {
        let mark = self.cx.scope_marks.pop().unwrap_or(0);
        self.cx.scopes.truncate(mark);
    }

    pub(super) fn lookup_local(&self, name: &str) -> Option<DeclId> {
        self.cx.scopes.iter().rev().find(|(n, _)| n == name).map(|(_, id)| *id)
    }

    /// Resolves a type written inside a body (bounds may use constant locals).
    /// A type written in a body (a cast, an array creation, a declared local): `var` is
    /// only a local declaration's, which resolves it before it gets here.
    pub(super) fn resolve_body_type(&mut self, te: &somd_syntax::ast::TypeExpr) -> Ty {
        if matches!(te.kind, somd_syntax::ast::TypeExprKind::Var) {
            self.error(codes::BAD_VAR, "`var` is not allowed here", te.span);
            return Ty::Error;
        }
        self.resolve_type(te, BoundMode::Body)
    }
}

/// The `this(..)` expression that is the first statement of constructor body `body`.
fn first_this_call(body: &somd_syntax::ast::Block) -> Option<somd_syntax::ast::ExprId> {
    match &body.stmts.first()?.kind {
        somd_syntax::ast::StmtKind::Expr(e)
            if matches!(e.kind, somd_syntax::ast::ExprKind::ThisCall { .. }) =>
        {
            Some(e.id)
        }
        _ => None,
    }
}
