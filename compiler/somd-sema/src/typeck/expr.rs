//! Expression typing for the Java subset (JLS ch. 15): names, fields, literals, operators
//! with numeric promotion, assignment and compound assignment, casts, `?:`, array creation
//! and indexing, `this`, and definite assignment through `&&`, `||` and `!` (JLS §16.1).
//!
//! Calls, `new`, overload resolution and array creation are in [`super::call`]; Lime's
//! forms in [`super::lime`].

use super::codes;
use super::constant::{self, fold_binary, fold_cast, fold_unary, literal_value};
use super::conv::{self, assignable, binary_promote, castable, is_integral, unary_promote};
use super::flow::Da;
use super::Checker;
use crate::model::{ConstValue, FieldId, NameRes, Ty};
use somd_diag::{Diagnostic, Span};
use somd_syntax::ast::{BinaryOp, Expr, ExprKind, Ident, Literal, PrimType, UnaryOp};

/// What the target of a field access or call denotes.
pub(super) enum Qual {
    Class(crate::model::ClassId),
    Builtin(&'static str),
    PrintStream(bool),
    Value(Ty),
}

impl Checker<'_> {
    /// Types an expression and records its type. `expected` is the type the context
    /// wants; only array initializers `{..}` use it (their type comes from the context).
    pub(super) fn check_expr(&mut self, e: &Expr, expected: Option<&Ty>) -> Ty {
        let ty = self.check_expr_kind(e, expected);
        self.set_ty(e.id, &ty);
        ty
    }

    /// Types an expression in an assignment context (JLS §5.2) and reports a mismatch.
    pub(super) fn check_assignable(&mut self, e: &Expr, to: &Ty) {
        let from = self.check_expr(e, Some(to));
        self.coerce(e, &from, to);
    }

    /// Reports `from` not being assignable to `to`.
    pub(super) fn coerce(&mut self, e: &Expr, from: &Ty, to: &Ty) {
        let constant = self.p.constants.get(&e.id);
        if assignable(from, to, constant) {
            return;
        }
        let mut diagnostic = Diagnostic::error(
            codes::MISMATCHED_TYPES,
            format!("mismatched types: expected `{}`, found `{}`", self.name(to), self.name(from)),
            e.span,
        );
        match (from, to) {
            (Ty::Prim(a), Ty::Prim(b)) if *a != PrimType::Boolean && *b != PrimType::Boolean => {
                diagnostic = diagnostic.with_help(format!(
                    "the conversion may lose information; write `({}) ..` if that is intended",
                    crate::model::prim_name(*b)
                ));
            }
            (Ty::Array(_), Ty::ValueArray(..)) => {
                diagnostic = diagnostic.with_help(format!(
                    "freeze a copy of the array with `new {}(..)`",
                    self.name(&super::collect::value_form(to))
                ));
            }
            (Ty::ValueArray(..), Ty::Array(_)) => {
                diagnostic = diagnostic.with_help(
                    "value arrays are immutable; get a mutable copy with `Somd.thaw(..)`",
                );
            }
            _ => {}
        }
        self.emit(diagnostic);
    }

    fn check_expr_kind(&mut self, e: &Expr, expected: Option<&Ty>) -> Ty {
        match &e.kind {
            ExprKind::Literal(lit) => {
                if let Some(value) = literal_value(lit) {
                    self.p.constants.insert(e.id, value);
                }
                match lit {
                    Literal::Int(_) => Ty::INT,
                    Literal::Long(_) => Ty::LONG,
                    Literal::Float(_) => Ty::FLOAT,
                    Literal::Double(_) => Ty::DOUBLE,
                    Literal::Char(_) => Ty::Prim(PrimType::Char),
                    Literal::Bool(_) => Ty::BOOLEAN,
                    Literal::Str(_) => Ty::String,
                    Literal::Null => Ty::Null,
                }
            }
            ExprKind::Name(ident) => self.check_name(e, ident, true),
            ExprKind::Field { target, name } => self.check_field(e, target, name),
            ExprKind::Index { target, index } => self.check_index(target, index),
            ExprKind::Call { target, name, args } => {
                // JLS 3.9: `yield` is restricted; an unqualified call of a method so named
                // is no Java (javac: "invalid use of a restricted identifier 'yield'").
                if target.is_none() && name.name == "yield" {
                    self.emit(
                        Diagnostic::error(
                            codes::RESERVED_NAME,
                            "a method named `yield` must be called with a qualifier",
                            name.span,
                        )
                        .with_help("write `Main.yield(..)` or `this.yield(..)`"),
                    );
                }
                self.check_call(e, target.as_deref(), name, args)
            }
            ExprKind::New { class, args } => self.check_new(e, class, args),
            ExprKind::ThisCall { args } => self.check_this_call(e, args),
            ExprKind::NewArray { ty, dims, init } => {
                self.check_new_array(ty, dims, init.as_deref())
            }
            ExprKind::NewValueArrayFrom { ty, source } => self.check_freeze(e, ty, source),
            ExprKind::NewValueArrayLit { ty, elems } => self.check_value_array_lit(e, ty, elems),
            ExprKind::ArrayInit(elems) => self.check_array_init_expr(e, elems, expected),
            ExprKind::Unary { op, operand } => self.check_unary(e, *op, operand),
            ExprKind::Binary { op: op @ (BinaryOp::And | BinaryOp::Or), .. } => {
                let _ = op;
                let (when_true, when_false) = self.check_cond_inner(e);
                self.cx.da = when_true.meet(&when_false);
                Ty::BOOLEAN
            }
            ExprKind::Binary { op, lhs, rhs } => {
                let lt = self.check_expr(lhs, None);
                let rt = self.check_expr(rhs, None);
                let ty = self.binary_result(*op, &lt, &rt, lhs, rhs, e.span);
                if !ty.is_error() {
                    let folded =
                        match (self.p.constants.get(&lhs.id), self.p.constants.get(&rhs.id)) {
                            (Some(a), Some(b)) => fold_binary(*op, a, b),
                            _ => None,
                        };
                    if let Some(value) = folded {
                        self.p.constants.insert(e.id, value);
                    }
                }
                ty
            }
            ExprKind::Assign { op, target, value } => self.check_assign(*op, target, value),
            ExprKind::Conditional { cond, then_expr, else_expr } => {
                self.check_conditional(e, cond, then_expr, else_expr)
            }
            ExprKind::Cast { ty, expr } => {
                let to = self.resolve_body_type(ty);
                let from = self.check_expr(expr, None);
                if !castable(&from, &to) || to == Ty::Void {
                    self.emit(
                        Diagnostic::error(
                            codes::BAD_CAST,
                            format!("cannot cast `{}` to `{}`", self.name(&from), self.name(&to)),
                            e.span,
                        )
                        .with_label("invalid cast"),
                    );
                    return Ty::Error;
                }
                let folded = match (&to, self.p.constants.get(&expr.id)) {
                    (Ty::Prim(p), Some(v)) => fold_cast(v, *p),
                    (Ty::String, Some(v @ ConstValue::Str(_))) => Some(v.clone()),
                    _ => None,
                };
                if let Some(value) = folded {
                    self.p.constants.insert(e.id, value);
                }
                to
            }
            ExprKind::This => match self.cx.class {
                Some(class) if !self.cx.is_static => Ty::Class(class),
                _ => {
                    self.error(
                        codes::THIS_IN_STATIC,
                        "`this` cannot be used in a static context",
                        e.span,
                    );
                    Ty::Error
                }
            },
            ExprKind::Map { class, method, args } => {
                self.check_map(e, class.as_ref(), method, args)
            }
            ExprKind::Reduce { op, op_span, operand } => {
                self.check_reduce(e, op, *op_span, operand)
            }
            ExprKind::TaskStatic { class, method } => self.check_task(e, class, None, method),
            ExprKind::TaskInstance { class, args, method } => {
                self.check_task(e, class, Some(args), method)
            }
            ExprKind::Connect { lhs, rhs } => self.check_connect(e, lhs, rhs),
            ExprKind::Error => Ty::Error,
        }
    }

    /// Types a condition (must be `boolean`) and returns the definite assignment states
    /// when it is true and when it is false.
    pub(super) fn check_cond(&mut self, e: &Expr) -> (Da, Da) {
        let result = self.check_cond_inner(e);
        self.set_ty(e.id, &Ty::BOOLEAN);
        result
    }

    fn check_cond_inner(&mut self, e: &Expr) -> (Da, Da) {
        match &e.kind {
            ExprKind::Binary { op: op @ (BinaryOp::And | BinaryOp::Or), lhs, rhs } => {
                let (lt, lf) = self.check_cond(lhs);
                self.cx.da = if *op == BinaryOp::And { lt.clone() } else { lf.clone() };
                let (rt, rf) = self.check_cond(rhs);
                if let (Some(a), Some(b)) =
                    (self.p.constants.get(&lhs.id), self.p.constants.get(&rhs.id))
                {
                    if let Some(value) = fold_binary(*op, a, b) {
                        self.p.constants.insert(e.id, value);
                    }
                }
                self.set_ty(e.id, &Ty::BOOLEAN);
                if *op == BinaryOp::And {
                    (rt, lf.meet(&rf))
                } else {
                    (lt.meet(&rt), rf)
                }
            }
            ExprKind::Unary { op: UnaryOp::Not, operand } => {
                let (t, f) = self.check_cond(operand);
                if let Some(value) =
                    self.p.constants.get(&operand.id).and_then(|v| fold_unary(UnaryOp::Not, v))
                {
                    self.p.constants.insert(e.id, value);
                }
                self.set_ty(e.id, &Ty::BOOLEAN);
                (f, t)
            }
            _ => {
                let ty = self.check_expr(e, None);
                if !ty.is_error() && ty != Ty::BOOLEAN {
                    self.error(
                        codes::MISMATCHED_TYPES,
                        format!("mismatched types: expected `boolean`, found `{}`", self.name(&ty)),
                        e.span,
                    );
                }
                let da = self.cx.da.clone();
                match self.const_bool(e) {
                    Some(true) => (da, Da::everything()),
                    Some(false) => (Da::everything(), da),
                    None => (da.clone(), da),
                }
            }
        }
    }

    /// A simple name in value position (`read`: it is read, so it must be definitely
    /// assigned).
    pub(super) fn check_name(&mut self, e: &Expr, ident: &Ident, read: bool) -> Ty {
        if let Some(decl) = self.lookup_local(&ident.name) {
            self.p.names.insert(e.id, NameRes::Local(decl));
            if read {
                if let Some(&slot) = self.cx.slots.get(&decl) {
                    if !self.cx.da.contains(slot) && !self.cx.recovered {
                        self.error(
                            codes::UNINITIALIZED_LOCAL,
                            format!("variable `{}` might not have been initialized", ident.name),
                            ident.span,
                        );
                        self.cx.da.silence(slot);
                    }
                }
            }
            let info = self.p.locals.get(&decl);
            let ty = info.map(|l| l.ty.clone()).unwrap_or(Ty::Error);
            if read {
                if let Some(&ends) = self.cx.task_locals.get(&decl) {
                    self.p.task_ends.insert(e.id, ends);
                }
            }
            // A `final` local with a constant initializer is a constant variable.
            if let Some(value) = self.local_constant(decl) {
                self.p.constants.insert(e.id, value);
            }
            return ty;
        }
        if let Some(class) = self.cx.class {
            if let Some(&field) = self.fields_by_name.get(&(class, ident.name.clone())) {
                if read && self.cx.forward_fields.contains(&field) {
                    let decl = self.p.field(field).span;
                    self.emit(
                        Diagnostic::error(
                            codes::FORWARD_REFERENCE,
                            format!("cannot read field `{}` before its declaration", ident.name),
                            ident.span,
                        )
                        .with_secondary(decl, "declared here")
                        .with_help(
                            "declare the field earlier, or qualify it to read its default value",
                        ),
                    );
                }
                if read {
                    self.blank_final_read(field, ident);
                }
                return self.use_field(e, field, ident.span, true);
            }
        }
        if self.p.class_by_name.contains_key(&ident.name)
            || super::builtins::is_builtin_class(&ident.name)
        {
            self.error(
                codes::UNKNOWN_NAME,
                format!("expected a value, found class `{}`", ident.name),
                ident.span,
            );
            return Ty::Error;
        }
        if !self.cx.recovered {
            self.error(
                codes::UNKNOWN_NAME,
                format!("cannot find variable `{}` in this scope", ident.name),
                ident.span,
            );
        }
        Ty::Error
    }

    /// The constant value of a `final` local initialized with a constant expression.
    fn local_constant(&self, decl: somd_syntax::ast::DeclId) -> Option<ConstValue> {
        let info = self.p.locals.get(&decl)?;
        if !info.is_final || info.is_param {
            return None;
        }
        self.cx.local_consts.get(&decl).cloned()
    }

    /// Records a use of a field; `implicit_this` when named without a qualifier.
    fn use_field(&mut self, e: &Expr, field: FieldId, span: Span, implicit_this: bool) -> Ty {
        self.p.names.insert(e.id, NameRes::Field(field));
        let info = self.p.field(field);
        let (is_static, ty, name) = (info.is_static, info.ty.clone(), info.name.clone());
        if implicit_this && !is_static && self.cx.is_static {
            self.error(
                codes::STATIC_CONTEXT,
                format!("non-static field `{name}` cannot be referenced from a static context"),
                span,
            );
            return Ty::Error;
        }
        if let Some(value) = self.field_constant(field) {
            self.p.constants.insert(e.id, value);
        }
        ty
    }

    /// Resolves the target of a field access or call.
    pub(super) fn qualifier(&mut self, target: &Expr) -> Qual {
        match &target.kind {
            ExprKind::Name(ident) if !self.is_variable_name(&ident.name) => {
                if let Some(&class) = self.p.class_by_name.get(&ident.name) {
                    self.p.names.insert(target.id, NameRes::Class(class));
                    self.set_ty(target.id, &Ty::Void);
                    return Qual::Class(class);
                }
                if let Some(builtin) = super::builtins::builtin_class(&ident.name) {
                    self.p.names.insert(target.id, NameRes::BuiltinClass(builtin));
                    self.set_ty(target.id, &Ty::Void);
                    return Qual::Builtin(builtin);
                }
            }
            ExprKind::Field { target: inner, name } if name.name == "out" || name.name == "err" => {
                if let ExprKind::Name(system) = &inner.kind {
                    if system.name == "System"
                        && !self.is_variable_name("System")
                        && !self.p.class_by_name.contains_key("System")
                    {
                        self.p.names.insert(inner.id, NameRes::BuiltinClass("System"));
                        self.set_ty(inner.id, &Ty::Void);
                        let err = name.name == "err";
                        self.p.names.insert(target.id, NameRes::PrintStream { err });
                        self.set_ty(target.id, &Ty::Void);
                        return Qual::PrintStream(err);
                    }
                }
            }
            _ => {}
        }
        Qual::Value(self.check_expr(target, None))
    }

    /// E0153 where static member `what` is reached through `target`, an expression other
    /// than a variable, `this` or a field of `this` or of a class: Java evaluates such a
    /// qualifier and discards its value (JLS 15.11.1, 15.12.4.1), which somdc does not do,
    /// so a call or an element read there would lose its effect or its exception. Those
    /// qualifiers read a value and can neither fail nor change anything (a `null` one gives
    /// no exception in Java either).
    pub(super) fn static_through(&mut self, target: &Expr, what: &str) {
        let plain = match &target.kind {
            ExprKind::Name(_) | ExprKind::This => true,
            ExprKind::Field { target: inner, .. } => matches!(
                (&inner.kind, self.p.names.get(&inner.id)),
                (ExprKind::This, _) | (_, Some(NameRes::Class(_)))
            ),
            _ => false,
        };
        // A compound assignment checks its place as a target and as a read: one report.
        let reported = self
            .diags
            .iter()
            .any(|d| d.code == codes::STATIC_THROUGH_EXPR && d.primary.span == target.span);
        if plain || reported {
            return;
        }
        let diagnostic = Diagnostic::error(
            codes::STATIC_THROUGH_EXPR,
            format!("static {what} reached through an expression that is evaluated for nothing"),
            target.span,
        )
        .with_label("Java evaluates this and discards it; somdc does not evaluate it")
        .with_help("name the class (`C.member`), and evaluate the expression in a statement of its own if it must run");
        self.emit(diagnostic);
    }

    /// E0108 where blank `final` field `field` is read (by its name or as `this.f`) before a
    /// constructor or an instance initializer has definitely assigned it (JLS 16, as javac
    /// applies it: such a read would see the field's default value).
    fn blank_final_read(&mut self, field: FieldId, ident: &Ident) {
        let Some(&slot) = self.cx.field_slots.get(&field) else { return };
        if self.cx.da.contains(slot) || self.cx.recovered {
            return;
        }
        self.error(
            codes::UNINITIALIZED_LOCAL,
            format!("variable `{}` might not have been initialized", ident.name),
            ident.span,
        );
        self.cx.da.silence(slot);
    }

    /// A local or a field of the current class has this name.
    fn is_variable_name(&self, name: &str) -> bool {
        self.lookup_local(name).is_some()
            || self
                .cx
                .class
                .is_some_and(|c| self.fields_by_name.contains_key(&(c, name.to_string())))
    }

    fn check_field(&mut self, e: &Expr, target: &Expr, name: &Ident) -> Ty {
        match self.qualifier(target) {
            Qual::Class(class) => match self.fields_by_name.get(&(class, name.name.clone())) {
                Some(&field) => {
                    if !self.p.field(field).is_static {
                        self.error(
                            codes::STATIC_CONTEXT,
                            format!(
                                "non-static field `{}` cannot be referenced from a static context",
                                name.name
                            ),
                            name.span,
                        );
                        self.p.names.insert(e.id, NameRes::Field(field));
                        return Ty::Error;
                    }
                    self.use_field(e, field, name.span, false)
                }
                None => {
                    let class_name = self.p.class(class).name.clone();
                    self.error(
                        codes::UNKNOWN_FIELD,
                        format!("no field `{}` in class `{class_name}`", name.name),
                        name.span,
                    );
                    Ty::Error
                }
            },
            Qual::Builtin(builtin) => {
                if let Some((const_name, value)) = constant::builtin_constant(builtin, &name.name) {
                    let ty = constant::const_ty(&value);
                    self.p
                        .names
                        .insert(e.id, NameRes::BuiltinConst { class: builtin, name: const_name });
                    self.p.constants.insert(e.id, value);
                    return ty;
                }
                if builtin == "System" && (name.name == "out" || name.name == "err") {
                    self.error(
                        codes::STRING_MISUSE,
                        format!(
                            "`System.{}` can only be used to call `print`, `println` or `printf`",
                            name.name
                        ),
                        e.span,
                    );
                    return Ty::Error;
                }
                self.error(
                    codes::UNKNOWN_FIELD,
                    format!("no field `{}` in `{builtin}`", name.name),
                    name.span,
                );
                Ty::Error
            }
            Qual::PrintStream(err) => {
                let stream = if err { "System.err" } else { "System.out" };
                self.error(
                    codes::UNKNOWN_FIELD,
                    format!("no field `{}` in `{stream}`", name.name),
                    name.span,
                );
                Ty::Error
            }
            Qual::Value(ty) => match &ty {
                Ty::Error => Ty::Error,
                Ty::Array(_) | Ty::ValueArray(..) if name.name == "length" => {
                    self.p.names.insert(e.id, NameRes::ArrayLength);
                    Ty::INT
                }
                Ty::Class(class) => match self.fields_by_name.get(&(*class, name.name.clone())) {
                    Some(&field) => {
                        if self.p.field(field).is_static {
                            self.static_through(target, &format!("field `{}`", name.name));
                        }
                        let this = matches!(target.kind, ExprKind::This);
                        if this && self.cx.written_field != Some(e.id) {
                            self.blank_final_read(field, name);
                        }
                        self.use_field(e, field, name.span, false)
                    }
                    None => {
                        let class_name = self.p.class(*class).name.clone();
                        self.error(
                            codes::UNKNOWN_FIELD,
                            format!("no field `{}` in class `{class_name}`", name.name),
                            name.span,
                        );
                        Ty::Error
                    }
                },
                Ty::String => {
                    self.string_misuse(e.span, &format!("`.{}`", name.name));
                    Ty::Error
                }
                other => {
                    let ty_name = self.name(other);
                    self.error(
                        codes::UNKNOWN_FIELD,
                        format!("no field `{}` on type `{ty_name}`", name.name),
                        name.span,
                    );
                    Ty::Error
                }
            },
        }
    }

    pub(super) fn string_misuse(&mut self, span: Span, what: &str) {
        self.emit(
            Diagnostic::error(
                codes::STRING_MISUSE,
                format!("strings do not support {what}"),
                span,
            )
            .with_help("strings can only be concatenated with `+`, printed, formatted with `String.format` and parsed with `Integer.parseInt` and friends"),
        );
    }

    /// An `int` index or dimension: after unary promotion it must be `int`.
    pub(super) fn check_int_operand(&mut self, e: &Expr) {
        let ty = self.check_expr(e, None);
        match ty {
            Ty::Error => {}
            Ty::Prim(p) if p != PrimType::Boolean && unary_promote(p) == PrimType::Int => {}
            other => {
                self.error(
                    codes::MISMATCHED_TYPES,
                    format!("mismatched types: expected `int`, found `{}`", self.name(&other)),
                    e.span,
                );
            }
        }
    }

    fn check_index(&mut self, target: &Expr, index: &Expr) -> Ty {
        let ty = self.check_expr(target, None);
        self.check_int_operand(index);
        match ty {
            Ty::Array(elem) | Ty::ValueArray(elem, _) => *elem,
            Ty::Error => Ty::Error,
            Ty::String => {
                self.string_misuse(target.span, "indexing");
                Ty::Error
            }
            other => {
                self.error(
                    codes::NOT_AN_ARRAY,
                    format!("cannot index into a value of type `{}`", self.name(&other)),
                    target.span,
                );
                Ty::Error
            }
        }
    }

    fn check_unary(&mut self, e: &Expr, op: UnaryOp, operand: &Expr) -> Ty {
        let symbol = match op {
            UnaryOp::Neg => "-",
            UnaryOp::Not => "!",
            UnaryOp::BitNot => "~",
            UnaryOp::PreInc | UnaryOp::PostInc => "++",
            UnaryOp::PreDec | UnaryOp::PostDec => "--",
        };
        if op == UnaryOp::Neg {
            if let ExprKind::Unary { op: UnaryOp::Not, operand: reduced } = &operand.kind {
                if let Some(ty) = self.check_sub_reduce(e, operand, reduced) {
                    return ty;
                }
            }
        }
        if op == UnaryOp::Not {
            let (t, f) = self.check_cond_inner(e);
            self.cx.da = t.meet(&f);
            return Ty::BOOLEAN;
        }
        let ty = match op {
            UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec => {
                self.check_target(operand, true)
            }
            _ => self.check_expr(operand, None),
        };
        let ok = match (&ty, op) {
            (Ty::Error, _) => return Ty::Error,
            (Ty::Prim(p), UnaryOp::BitNot) => is_integral(*p),
            (Ty::Prim(p), _) => *p != PrimType::Boolean,
            _ => false,
        };
        if !ok {
            self.error(
                codes::BAD_UNARY_OPERAND,
                format!("bad operand type `{}` for unary operator `{symbol}`", self.name(&ty)),
                e.span,
            );
            return Ty::Error;
        }
        let Ty::Prim(p) = ty else { return Ty::Error };
        match op {
            UnaryOp::Neg | UnaryOp::BitNot => {
                if let Some(value) =
                    self.p.constants.get(&operand.id).and_then(|v| fold_unary(op, v))
                {
                    self.p.constants.insert(e.id, value);
                }
                Ty::Prim(unary_promote(p))
            }
            _ => Ty::Prim(p),
        }
    }

    /// `- ! a` parses as `-(!a)`; when `a` is an array it is an attempt to reduce with `-`,
    /// which is not allowed (§3.5). Returns `None` when it is an ordinary negation.
    fn check_sub_reduce(&mut self, e: &Expr, not: &Expr, reduced: &Expr) -> Option<Ty> {
        let ExprKind::Name(ident) = &reduced.kind else { return None };
        let peeked = match self.lookup_local(&ident.name) {
            Some(decl) => self.p.locals.get(&decl).map(|l| l.ty.clone()),
            None => self
                .cx
                .class
                .and_then(|c| self.fields_by_name.get(&(c, ident.name.clone())))
                .map(|f| self.p.field(*f).ty.clone()),
        };
        if !peeked.is_some_and(|t| t.is_any_array()) {
            return None;
        }
        self.check_expr(reduced, None);
        self.set_ty(not.id, &Ty::Error);
        let op_span =
            Span { file: e.span.file, start: e.span.start, end: e.span.start.saturating_add(1) };
        self.emit(
            Diagnostic::error(
                codes::REDUCE_SUB,
                "`-` cannot be used with `!`: subtraction is not associative",
                op_span,
            )
            .with_help("reduce with `+ !` and subtract the result, or write a loop"),
        );
        Some(Ty::Error)
    }

    /// The result type of a binary operator (JLS §15.17–15.24); reports bad operands.
    pub(super) fn binary_result(
        &mut self,
        op: BinaryOp,
        lt: &Ty,
        rt: &Ty,
        lhs: &Expr,
        rhs: &Expr,
        span: Span,
    ) -> Ty {
        use BinaryOp as B;
        if lt.is_error() || rt.is_error() {
            return Ty::Error;
        }
        let prims = match (lt, rt) {
            (Ty::Prim(a), Ty::Prim(b)) => Some((*a, *b)),
            _ => None,
        };
        let numeric = prims.filter(|(a, b)| *a != PrimType::Boolean && *b != PrimType::Boolean);
        let result = match op {
            B::Add if *lt == Ty::String || *rt == Ty::String => {
                if *lt == Ty::Void || *rt == Ty::Void {
                    None
                } else {
                    Some(Ty::String)
                }
            }
            B::Add | B::Sub | B::Mul | B::Div | B::Rem => {
                numeric.map(|(a, b)| Ty::Prim(binary_promote(a, b)))
            }
            B::Shl | B::Shr | B::UShr => prims
                .filter(|(a, b)| is_integral(*a) && is_integral(*b))
                .map(|(a, _)| Ty::Prim(unary_promote(a))),
            B::Lt | B::Le | B::Gt | B::Ge => numeric.map(|_| Ty::BOOLEAN),
            B::Eq | B::Ne => {
                if *lt == Ty::String || *rt == Ty::String {
                    self.emit(
                        Diagnostic::error(
                            codes::STRING_MISUSE,
                            format!("strings cannot be compared with `{}`", op.symbol()),
                            span,
                        )
                        .with_help(
                            "strings can only be concatenated, printed, formatted and parsed",
                        ),
                    );
                    return Ty::Error;
                }
                let comparable = match (lt, rt) {
                    (Ty::Prim(a), Ty::Prim(b)) => {
                        (*a == PrimType::Boolean) == (*b == PrimType::Boolean)
                    }
                    (Ty::Null, other) | (other, Ty::Null) => {
                        conv::is_reference(other) || *other == Ty::Null
                    }
                    (a, b) => conv::castable(a, b) && conv::is_reference(a),
                };
                comparable.then_some(Ty::BOOLEAN)
            }
            B::BitAnd | B::BitOr | B::BitXor => match prims {
                Some((PrimType::Boolean, PrimType::Boolean)) => Some(Ty::BOOLEAN),
                Some((a, b)) if is_integral(a) && is_integral(b) => {
                    Some(Ty::Prim(binary_promote(a, b)))
                }
                _ => None,
            },
            B::And | B::Or => (*lt == Ty::BOOLEAN && *rt == Ty::BOOLEAN).then_some(Ty::BOOLEAN),
        };
        match result {
            Some(ty) => ty,
            None => {
                let _ = (lhs, rhs);
                self.error(
                    codes::BAD_BINARY_OPERANDS,
                    format!(
                        "bad operand types for `{}`: `{}` and `{}`",
                        op.symbol(),
                        self.name(lt),
                        self.name(rt)
                    ),
                    span,
                );
                Ty::Error
            }
        }
    }

    fn check_conditional(
        &mut self,
        e: &Expr,
        cond: &Expr,
        then_expr: &Expr,
        else_expr: &Expr,
    ) -> Ty {
        let (t, f) = self.check_cond(cond);
        self.cx.da = t;
        let a = self.check_expr(then_expr, None);
        let da_then = self.cx.da.clone();
        self.cx.da = f;
        let b = self.check_expr(else_expr, None);
        self.cx.da = da_then.meet(&self.cx.da);
        if a.is_error() || b.is_error() {
            return Ty::Error;
        }
        let ca = self.p.constants.get(&then_expr.id).cloned();
        let cb = self.p.constants.get(&else_expr.id).cloned();
        let ty = match (&a, &b) {
            (x, y) if x == y && *x != Ty::Void => Some(x.clone()),
            (Ty::Prim(x), Ty::Prim(y)) if *x != PrimType::Boolean && *y != PrimType::Boolean => {
                use PrimType::*;
                Some(Ty::Prim(match (*x, *y) {
                    (Byte, Short) | (Short, Byte) => Short,
                    (n @ (Byte | Short | Char), Int)
                        if cb.as_ref().is_some_and(|v| constant::fits(v, n)) =>
                    {
                        n
                    }
                    (Int, n @ (Byte | Short | Char))
                        if ca.as_ref().is_some_and(|v| constant::fits(v, n)) =>
                    {
                        n
                    }
                    (x, y) => binary_promote(x, y),
                }))
            }
            (Ty::Null, other) | (other, Ty::Null) if conv::is_reference(other) => {
                Some(other.clone())
            }
            (x, y) if conv::invocable(x, y) && conv::is_reference(y) => Some(y.clone()),
            (x, y) if conv::invocable(y, x) && conv::is_reference(x) => Some(x.clone()),
            _ => None,
        };
        match ty {
            Some(ty) => {
                if let (Some(c), Some(x), Some(y)) =
                    (self.p.constants.get(&cond.id).cloned(), ca, cb)
                {
                    let chosen = if c == ConstValue::Bool(true) { x } else { y };
                    if let Ty::Prim(p) = ty {
                        if let Some(v) = fold_cast(&chosen, p) {
                            self.p.constants.insert(e.id, v);
                        }
                    }
                }
                ty
            }
            None => {
                self.error(
                    codes::CONDITIONAL_MISMATCH,
                    format!(
                        "incompatible types in conditional expression: `{}` and `{}`",
                        self.name(&a),
                        self.name(&b)
                    ),
                    e.span,
                );
                Ty::Error
            }
        }
    }

    fn check_assign(&mut self, op: Option<BinaryOp>, target: &Expr, value: &Expr) -> Ty {
        match op {
            None => {
                let ty = self.check_target(target, false);
                self.check_assignable(value, &ty);
                self.mark_assigned(target);
                if let Some(NameRes::Local(decl)) = self.p.names.get(&target.id) {
                    // A reassigned task variable may hold either graph: stop tracking it.
                    self.cx.task_locals.remove(decl);
                }
                ty
            }
            Some(bop) => {
                let ty = self.check_target(target, true);
                let vt = self.check_expr(value, None);
                let result =
                    self.binary_result(bop, &ty, &vt, target, value, value.span.to(target.span));
                if result.is_error() || ty.is_error() {
                    return ty;
                }
                let ok = match (&result, &ty) {
                    (Ty::String, Ty::String) => true,
                    (Ty::Prim(_), Ty::Prim(_)) => castable(&result, &ty),
                    _ => false,
                };
                if !ok {
                    self.error(
                        codes::MISMATCHED_TYPES,
                        format!(
                            "mismatched types: expected `{}`, found `{}`",
                            self.name(&ty),
                            self.name(&result)
                        ),
                        value.span,
                    );
                }
                ty
            }
        }
    }

    fn mark_assigned(&mut self, target: &Expr) {
        let slot = match (&target.kind, self.p.names.get(&target.id)) {
            (ExprKind::Name(_), Some(NameRes::Local(decl))) => self.cx.slots.get(decl),
            (ExprKind::Name(_), Some(NameRes::Field(field))) => self.cx.field_slots.get(field),
            (ExprKind::Field { target: object, .. }, Some(NameRes::Field(field)))
                if matches!(object.kind, ExprKind::This) =>
            {
                self.cx.field_slots.get(field)
            }
            _ => None,
        };
        if let Some(&slot) = slot {
            self.cx.da.insert(slot);
        }
    }

    /// Checks an assignment target (`compound`: also read, as in `x += 1` or `x++`) and
    /// returns its type.
    pub(super) fn check_target(&mut self, target: &Expr, compound: bool) -> Ty {
        let ty = match &target.kind {
            ExprKind::Name(ident) => {
                let ty = self.check_name(target, ident, compound);
                match self.p.names.get(&target.id).cloned() {
                    Some(NameRes::Local(decl)) => self.check_final_local(decl, ident),
                    Some(NameRes::Field(field)) => {
                        self.check_field_assign(field, target.span, true)
                    }
                    _ => {}
                }
                ty
            }
            ExprKind::Field { .. } => {
                // `this.f = ..` assigns `f` without reading it; `this.f += ..` reads it.
                let outer = self.cx.written_field;
                if !compound {
                    self.cx.written_field = Some(target.id);
                }
                let ty = self.check_expr(target, None);
                self.cx.written_field = outer;
                match self.p.names.get(&target.id).cloned() {
                    Some(NameRes::Field(field)) => {
                        let this_access = matches!(
                            &target.kind,
                            ExprKind::Field { target: t, .. } if matches!(t.kind, ExprKind::This)
                        );
                        self.check_field_assign(field, target.span, this_access);
                    }
                    Some(NameRes::ArrayLength) => {
                        self.error(
                            codes::NOT_A_VARIABLE,
                            "cannot assign to `length`: the length of an array is fixed",
                            target.span,
                        );
                        return Ty::Error;
                    }
                    Some(NameRes::BuiltinConst { class, name }) => {
                        self.error(
                            codes::FINAL_ASSIGNED,
                            format!("cannot assign a value to the constant `{class}.{name}`"),
                            target.span,
                        );
                        return Ty::Error;
                    }
                    _ => {}
                }
                ty
            }
            ExprKind::Index { target: array, index } => {
                let array_ty = self.check_expr(array, None);
                if let Ty::ValueArray(..) = array_ty {
                    self.check_int_operand(index);
                    let array_name = match &array.kind {
                        ExprKind::Name(n) => format!("`{}` ", n.name),
                        _ => String::new(),
                    };
                    self.emit(
                        Diagnostic::error(
                            codes::VALUE_ARRAY_ASSIGN,
                            format!(
                                "cannot assign to an element of value array {array_name}of type `{}`: value arrays are immutable",
                                self.name(&array_ty)
                            ),
                            target.span,
                        )
                        .with_help("make a mutable copy with `Somd.thaw(..)` and assign to its elements"),
                    );
                    self.set_ty(target.id, &Ty::Error);
                    return Ty::Error;
                }
                let ty = self.check_index(array, index);
                self.set_ty(target.id, &ty);
                ty
            }
            ExprKind::Error => Ty::Error,
            _ => {
                let ty = self.check_expr(target, None);
                if !ty.is_error() {
                    self.error(
                        codes::NOT_A_VARIABLE,
                        "invalid assignment target: only variables, fields and array elements can be assigned",
                        target.span,
                    );
                }
                return Ty::Error;
            }
        };
        self.set_ty(target.id, &ty);
        ty
    }

    fn check_final_local(&mut self, decl: somd_syntax::ast::DeclId, ident: &Ident) {
        let Some(info) = self.p.locals.get(&decl) else { return };
        if !info.is_final {
            return;
        }
        let is_param = info.is_param;
        let decl_span = info.span;
        let slot = self.cx.slots.get(&decl).copied();
        let in_loop = self.cx.decl_loop_depth.get(&decl).is_some_and(|d| *d < self.cx.loop_depth);
        // Not definitely unassigned, or assigned in a loop that may repeat the assignment.
        let assigned = slot.is_some_and(|s| self.cx.da.maybe_assigned(s));
        if is_param || assigned || in_loop {
            let what = if is_param { "final parameter" } else { "final variable" };
            self.emit(
                Diagnostic::error(
                    codes::FINAL_ASSIGNED,
                    format!("cannot assign a value to {what} `{}`", ident.name),
                    ident.span,
                )
                .with_secondary(decl_span, "declared `final` here"),
            );
        }
    }

    fn check_field_assign(&mut self, field: FieldId, span: Span, via_this: bool) {
        let info = self.p.field(field).clone();
        if !info.is_final {
            return;
        }
        let class = self.p.class(info.class);
        let (is_value, class_name, class_span) =
            (class.is_value, class.name.clone(), class.name_span);
        let has_init = self.field_init(field).is_some();
        let in_own_ctor = self.cx.in_ctor && self.cx.class == Some(info.class) && via_this;
        if in_own_ctor && !has_init && !info.is_static {
            let slot = self.cx.field_slots.get(&field).copied();
            let assigned =
                slot.is_some_and(|s| self.cx.da.maybe_assigned(s)) || self.cx.loop_depth > 0;
            if !assigned {
                return;
            }
            self.emit(
                Diagnostic::error(
                    codes::FINAL_ASSIGNED,
                    format!("field `{}` might already have been assigned", info.name),
                    span,
                )
                .with_secondary(info.span, "a `final` field is assigned once, in a constructor"),
            );
            return;
        }
        if is_value && !info.is_static && !in_own_ctor {
            // In one of the class's constructors, through another object than `this`.
            let other = self.cx.in_ctor && self.cx.class == Some(info.class);
            let place = match other {
                true => "of another instance",
                false => "outside its constructors",
            };
            self.emit(
                Diagnostic::error(
                    codes::VALUE_FIELD_ASSIGN,
                    format!(
                        "cannot assign to field `{}` of value class `{class_name}` {place}",
                        info.name
                    ),
                    span,
                )
                .with_secondary(info.span, "field declared here")
                .with_secondary(
                    class_span,
                    format!("`{class_name}` is a value class: its instances are immutable"),
                )
                .with_help(format!("create a new `{class_name}` with the changed value instead")),
            );
            return;
        }
        // A value class's fields are final without the keyword (LANGUAGE.md §3.3).
        let label = match is_value {
            true => format!("declared here (the fields of value class `{class_name}` are final)"),
            false => "declared `final` here".to_string(),
        };
        self.emit(
            Diagnostic::error(
                codes::FINAL_ASSIGNED,
                format!("cannot assign a value to final field `{}`", info.name),
                span,
            )
            .with_secondary(info.span, label),
        );
    }
}
