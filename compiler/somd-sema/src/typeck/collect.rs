//! Pass 1: the class and member tables.
//!
//! Registers every class, field, method and constructor with its resolved signature, so
//! that bodies can use members declared later or in other files; reports duplicates,
//! unknown types in signatures, value class field types and the entry point rule
//! (`public static void main(String[] args)` in exactly one class).

use super::codes;
use super::{Checker, FieldConst};
use crate::model::{
    ClassId, ClassInfo, CtorId, CtorInfo, FieldId, FieldInfo, LocalInfo, MemberRef, MethodId,
    MethodInfo, ParamInfo, Ty,
};
use somd_diag::{Diagnostic, Span};
use somd_syntax::ast::{
    ClassDecl, Expr, Member, ModifierKind, Param, PrimType, TypeExpr, TypeExprKind,
};
use std::collections::HashMap;

/// How `[[N]]` bounds inside a type are folded.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum BoundMode {
    /// In a signature: folded without a body context (static constants only).
    Signature(ClassId),
    /// Inside a body: the bound is type-checked like any expression.
    Body,
}

impl Checker<'_> {
    pub(super) fn collect(&mut self) {
        let units = self.units;
        let mut class_decls: Vec<(ClassId, &ClassDecl)> = Vec::new();
        for (unit_idx, unit) in units.iter().enumerate() {
            for (class_idx, class) in unit.classes.iter().enumerate() {
                let id = ClassId(self.p.classes.len() as u32);
                self.reserved_name(&class.name.name, class.name.span);
                self.restricted_type_name(&class.name.name, class.name.span);
                self.class_modifiers(class);
                self.p.classes.push(ClassInfo {
                    name: class.name.name.clone(),
                    is_value: class.is_value,
                    unit: unit_idx,
                    index: class_idx,
                    span: class.span,
                    name_span: class.name.span,
                    fields: Vec::new(),
                    methods: Vec::new(),
                    ctors: Vec::new(),
                });
                if somd_stdlib::is_library_file(unit.file) {
                    // A library class: reached only through the built-in of its name
                    // (`Math.abs`), never by its own name, so it is not in `class_by_name`.
                } else if let Some(&first) = self.p.class_by_name.get(&class.name.name) {
                    let first_span = self.p.class(first).name_span;
                    self.emit(
                        Diagnostic::error(
                            codes::DUPLICATE_CLASS,
                            format!("class `{}` is defined more than once", class.name.name),
                            class.name.span,
                        )
                        .with_label("redefined here")
                        .with_secondary(first_span, "first defined here"),
                    );
                } else if super::builtins::is_builtin_class(&class.name.name) {
                    self.error(
                        codes::DUPLICATE_CLASS,
                        format!(
                            "class `{}` clashes with the built-in class of that name",
                            class.name.name
                        ),
                        class.name.span,
                    );
                } else {
                    self.p.class_by_name.insert(class.name.name.clone(), id);
                }
                class_decls.push((id, class));
            }
        }
        // Fields first (with their types), so that constant bounds in signatures can use
        // static constants of any class.
        for &(class_id, class) in &class_decls {
            self.collect_fields(class_id, class);
        }
        for &(class_id, class) in &class_decls {
            self.collect_field_types(class_id, class);
        }
        self.value_cycles();
        for &(class_id, class) in &class_decls {
            self.collect_methods(class_id, class);
        }
        self.register_library_methods();
        self.check_main();
    }

    fn member_ref(&self, class_id: ClassId, member: usize) -> MemberRef {
        let info = self.p.class(class_id);
        MemberRef { unit: info.unit, class: info.index, member }
    }

    fn collect_fields(&mut self, class_id: ClassId, class: &ClassDecl) {
        for (member_idx, member) in class.members.iter().enumerate() {
            let Member::Field(field) = member else { continue };
            for (var_idx, var) in field.vars.iter().enumerate() {
                let id = FieldId(self.p.fields.len() as u32);
                self.reserved_name(&var.name.name, var.name.span);
                let key = (class_id, var.name.name.clone());
                if let Some(&first) = self.fields_by_name.get(&key) {
                    let first_span = self.p.field(first).span;
                    self.emit(
                        Diagnostic::error(
                            codes::DUPLICATE_FIELD,
                            format!(
                                "field `{}` is already defined in class `{}`",
                                var.name.name, class.name.name
                            ),
                            var.name.span,
                        )
                        .with_label("redefined here")
                        .with_secondary(first_span, "first defined here"),
                    );
                } else {
                    self.fields_by_name.insert(key, id);
                }
                let is_static = field.modifiers.is_static();
                self.p.fields.push(FieldInfo {
                    class: class_id,
                    name: var.name.name.clone(),
                    ty: Ty::Error,
                    is_static,
                    is_final: field.modifiers.is_final() || (class.is_value && !is_static),
                    constant: None,
                    decl: self.member_ref(class_id, member_idx),
                    var: var_idx,
                    span: var.name.span,
                });
                self.field_consts.push(FieldConst::NotYet);
                self.p.classes[class_id.0 as usize].fields.push(id);
            }
        }
    }

    /// E0220 at each value class that holds itself through the value-class fields of its
    /// instances (a value object is held by value, so such a class has no finite size;
    /// value arrays of it are fine, they are references to their elements).
    fn value_cycles(&mut self) {
        let held = |p: &crate::model::Program, c: ClassId| -> Vec<(ClassId, FieldId)> {
            p.class(c)
                .fields
                .iter()
                .filter(|f| !p.field(**f).is_static)
                .filter_map(|f| match p.field(*f).ty {
                    Ty::Class(d) if p.class(d).is_value => Some((d, *f)),
                    _ => None,
                })
                .collect()
        };
        for c in 0..self.p.classes.len() {
            let start = ClassId(c as u32);
            if !self.p.class(start).is_value {
                continue;
            }
            // Depth-first over held classes: does any path come back to `start`?
            let mut seen = vec![false; self.p.classes.len()];
            let mut stack: Vec<(ClassId, FieldId)> = held(&self.p, start);
            let mut found = None;
            while let Some((d, first)) = stack.pop() {
                if d == start {
                    found = Some(first);
                    break;
                }
                if std::mem::replace(&mut seen[d.0 as usize], true) {
                    continue;
                }
                stack.extend(held(&self.p, d).into_iter().map(|(e, _)| (e, first)));
            }
            if let Some(field) = found {
                let class = self.p.class(start);
                let message = format!(
                    "value class `{}` holds itself through its field `{}`",
                    class.name,
                    self.p.field(field).name
                );
                let diagnostic = Diagnostic::error(codes::VALUE_CYCLE, message, class.name_span)
                    .with_help(
                        "a value object is stored by value: hold the other objects in a value \
                         array (`N[[]]`) or make the class an ordinary class",
                    );
                self.emit(diagnostic);
            }
        }
    }

    fn collect_field_types(&mut self, class_id: ClassId, class: &ClassDecl) {
        let field_ids = self.p.class(class_id).fields.clone();
        let mut vars = Vec::new();
        for member in &class.members {
            if let Member::Field(field) = member {
                for var in &field.vars {
                    vars.push((field, var));
                }
            }
        }
        for (field_id, (field, var)) in field_ids.into_iter().zip(vars) {
            let ty = self.resolve_type(&var.ty, BoundMode::Signature(class_id));
            if matches!(ty, Ty::Void) || matches!(var.ty.kind, TypeExprKind::Var) {
                self.error(
                    codes::BAD_VAR,
                    format!("field `{}` cannot have type `{}`", var.name.name, type_word(&var.ty)),
                    var.ty.span,
                );
            }
            if class.is_value && !field.modifiers.is_static() && !self.is_value_type(&ty) {
                let mut diagnostic = Diagnostic::error(
                    codes::VALUE_CLASS_FIELD_TYPE,
                    format!(
                        "field `{}` of value class `{}` must have a primitive or value type, found `{}`",
                        var.name.name,
                        class.name.name,
                        self.name(&ty)
                    ),
                    var.ty.span,
                )
                .with_secondary(class.name.span, "value class declared here");
                if let Ty::Array(_) = ty {
                    diagnostic = diagnostic.with_help(format!(
                        "use a value array such as `{}`",
                        self.name(&value_form(&ty))
                    ));
                }
                self.emit(diagnostic);
            }
            self.p.fields[field_id.0 as usize].ty = ty;
        }
        // Constant values of final fields, for later stages (`rules` reads them).
        for field_id in self.p.class(class_id).fields.clone() {
            let constant = self.field_constant(field_id);
            self.p.fields[field_id.0 as usize].constant = constant;
        }
    }

    /// E0150 for the modifiers a top-level class may not carry: Java's `static`, `private`
    /// and `protected` (JLS 8.1.1), and the language's `reduce`, `local` and `shared`,
    /// which apply to methods and locals.
    fn class_modifiers(&mut self, class: &ClassDecl) {
        use somd_syntax::ast::ModifierKind as M;
        for modifier in &class.modifiers.list {
            let word = match &modifier.kind {
                M::Public | M::Final => continue,
                M::Static => "static",
                M::Private => "private",
                M::Protected => "protected",
                M::Local => "local",
                M::Shared => "shared",
                M::Reduce(_) => "reduce",
            };
            self.error(
                codes::CLASS_MODIFIER,
                format!("modifier `{word}` is not allowed on a class"),
                modifier.span,
            );
        }
    }

    /// E0154 for what Java refuses in a member's modifiers (JLS 8.3.1, 8.4.3, 8.8.3): two
    /// access modifiers, and `static` or `final` on a constructor. (A repeated modifier is
    /// the parser's E0014; the language's own modifiers out of place have codes of their
    /// own.)
    fn member_modifiers(&mut self, modifiers: &somd_syntax::ast::Modifiers, what: &str) {
        use somd_syntax::ast::ModifierKind as M;
        let word = |k: &M| match k {
            M::Public => "public",
            M::Private => "private",
            M::Protected => "protected",
            M::Static => "static",
            M::Final => "final",
            M::Local => "local",
            M::Shared => "shared",
            M::Reduce(_) => "reduce",
        };
        let access = |k: &M| matches!(k, M::Public | M::Private | M::Protected);
        for (i, modifier) in modifiers.list.iter().enumerate() {
            let earlier = &modifiers.list[..i];
            let message = if let Some(other) =
                earlier.iter().find(|m| access(&m.kind) && access(&modifier.kind))
            {
                format!(
                    "illegal combination of modifiers `{}` and `{}`",
                    word(&other.kind),
                    word(&modifier.kind)
                )
            } else if what == "a constructor" && matches!(modifier.kind, M::Static | M::Final) {
                format!("modifier `{}` is not allowed on a constructor", word(&modifier.kind))
            } else {
                continue;
            };
            self.emit(
                Diagnostic::error(codes::MEMBER_MODIFIER, message, modifier.span)
                    .with_label(format!("on {what}")),
            );
        }
    }

    fn params(&mut self, params: &[Param], mode: BoundMode) -> Vec<ParamInfo> {
        let mut out: Vec<ParamInfo> = Vec::new();
        for param in params {
            self.reserved_name(&param.name.name, param.name.span);
            let ty = self.resolve_type(&param.ty, mode);
            if matches!(param.ty.kind, TypeExprKind::Void | TypeExprKind::Var) {
                self.error(
                    codes::BAD_VAR,
                    format!(
                        "parameter `{}` cannot have type `{}`",
                        param.name.name,
                        type_word(&param.ty)
                    ),
                    param.ty.span,
                );
            }
            if let Some(first) = out.iter().find(|p| p.name == param.name.name) {
                let first_span = first.span;
                self.emit(
                    Diagnostic::error(
                        codes::DUPLICATE_LOCAL,
                        format!("parameter `{}` is already defined", param.name.name),
                        param.name.span,
                    )
                    .with_secondary(first_span, "first defined here"),
                );
            }
            self.p.locals.insert(
                param.id,
                LocalInfo {
                    name: param.name.name.clone(),
                    ty: ty.clone(),
                    span: param.name.span,
                    is_param: true,
                    is_final: param.modifiers.is_final(),
                    is_shared: false,
                    dist: param.dist.clone(),
                },
            );
            out.push(ParamInfo {
                decl: param.id,
                name: param.name.name.clone(),
                ty,
                dist: param.dist.clone(),
                span: param.name.span,
            });
        }
        out
    }

    fn collect_methods(&mut self, class_id: ClassId, class: &ClassDecl) {
        let mut signatures: HashMap<(String, Vec<Ty>), Span> = HashMap::new();
        let mut ctor_signatures: HashMap<Vec<Ty>, Span> = HashMap::new();
        for (member_idx, member) in class.members.iter().enumerate() {
            match member {
                Member::Field(field) => self.member_modifiers(&field.modifiers, "a field"),
                Member::Method(method) => self.member_modifiers(&method.modifiers, "a method"),
                Member::Constructor(ctor) => {
                    self.member_modifiers(&ctor.modifiers, "a constructor")
                }
            }
            match member {
                Member::Field(_) => {}
                Member::Method(method) => {
                    let mode = BoundMode::Signature(class_id);
                    let ret = self.resolve_type(&method.ret, mode);
                    if matches!(method.ret.kind, TypeExprKind::Var) {
                        self.error(
                            codes::BAD_VAR,
                            "`var` cannot be used as a return type",
                            method.ret.span,
                        );
                    }
                    self.reserved_name(&method.name.name, method.name.span);
                    let params = self.params(&method.params, mode);
                    let param_tys: Vec<Ty> = params.iter().map(|p| p.ty.clone()).collect();
                    let key = (method.name.name.clone(), param_tys);
                    if let Some(&first_span) = signatures.get(&key) {
                        let sig = self.signature(&method.name.name, &key.1);
                        self.emit(
                            Diagnostic::error(
                                codes::DUPLICATE_METHOD,
                                format!(
                                    "method `{sig}` is already defined in class `{}`",
                                    class.name.name
                                ),
                                method.name.span,
                            )
                            .with_label("redefined here")
                            .with_secondary(first_span, "first defined here"),
                        );
                    } else {
                        signatures.insert(key, method.name.span);
                    }
                    if method.body.is_none() {
                        self.error(
                            codes::MISSING_BODY,
                            format!("method `{}` has no body", method.name.name),
                            method.name.span,
                        );
                    }
                    let reduce = method.modifiers.reduce();
                    let id = MethodId(self.p.methods.len() as u32);
                    self.p.methods.push(MethodInfo {
                        class: class_id,
                        name: method.name.name.clone(),
                        params,
                        ret,
                        is_static: method.modifiers.is_static(),
                        is_local: method.modifiers.has(&ModifierKind::Local),
                        reduce: reduce.map(|(strategy, _)| strategy.clone()),
                        reduce_span: reduce.map(|(_, span)| span),
                        decl: self.member_ref(class_id, member_idx),
                        span: method.span,
                        name_span: method.name.span,
                    });
                    self.p.classes[class_id.0 as usize].methods.push(id);
                    self.methods_by_name
                        .entry((class_id, method.name.name.clone()))
                        .or_default()
                        .push(id);
                }
                Member::Constructor(ctor) => {
                    if ctor.name.name != class.name.name {
                        self.emit(
                            Diagnostic::error(
                                codes::BAD_CTOR_NAME,
                                format!(
                                    "method `{}` has no return type, and a constructor must be named `{}`",
                                    ctor.name.name, class.name.name
                                ),
                                ctor.name.span,
                            )
                            .with_help("add a return type such as `void`, or rename the constructor"),
                        );
                    }
                    let params = self.params(&ctor.params, BoundMode::Signature(class_id));
                    let param_tys: Vec<Ty> = params.iter().map(|p| p.ty.clone()).collect();
                    if let Some(&first_span) = ctor_signatures.get(&param_tys) {
                        let sig = self.signature(&class.name.name, &param_tys);
                        self.emit(
                            Diagnostic::error(
                                codes::DUPLICATE_CTOR,
                                format!("constructor `{sig}` is already defined"),
                                ctor.name.span,
                            )
                            .with_label("redefined here")
                            .with_secondary(first_span, "first defined here"),
                        );
                    } else {
                        ctor_signatures.insert(param_tys, ctor.name.span);
                    }
                    let id = CtorId(self.p.ctors.len() as u32);
                    self.p.ctors.push(CtorInfo {
                        class: class_id,
                        params,
                        decl: self.member_ref(class_id, member_idx),
                        span: ctor.span,
                    });
                    self.p.classes[class_id.0 as usize].ctors.push(id);
                }
            }
        }
    }

    /// Whether `class` comes from the language's library (`stdlib/*.somd`).
    pub(super) fn is_library_class(&self, class: ClassId) -> bool {
        somd_stdlib::is_library_file(self.p.class(class).span.file)
    }

    /// Indexes the methods of library classes by `(built-in class, name)`, where calls of
    /// built-ins look for their implementation (see `call_builtin`).
    fn register_library_methods(&mut self) {
        for class in &self.p.classes {
            if !somd_stdlib::is_library_file(class.span.file) {
                continue;
            }
            let Some(builtin) = super::builtins::builtin_class(&class.name) else { continue };
            for &method in &class.methods {
                // A method that is no built-in stays unreachable (a test forbids it).
                let name = &self.p.method(method).name;
                if let Some((class, name, _)) = self.builtins.lookup(builtin, name) {
                    self.library_methods.entry((class, name)).or_default().push(method);
                }
            }
        }
    }

    fn check_main(&mut self) {
        let string_array = Ty::Array(Box::new(Ty::String));
        let mains: Vec<MethodId> = self
            .p
            .method_ids()
            .filter(|&id| {
                let m = self.p.method(id);
                m.name == "main"
                    && !self.is_library_class(m.class)
                    && m.is_static
                    && m.ret == Ty::Void
                    && m.params.len() == 1
                    && m.params[0].ty == string_array
            })
            .collect();
        match mains.as_slice() {
            [] => {
                // The first user class, or the start of the first user file when it
                // declares none (an empty file); library classes are never the answer.
                let first_class = self
                    .p
                    .classes
                    .iter()
                    .find(|c| !somd_stdlib::is_library_file(c.name_span.file))
                    .map(|c| c.name_span);
                let first_file = self
                    .units
                    .iter()
                    .find(|u| !somd_stdlib::is_library_file(u.file))
                    .map(|u| Span::new(u.file, 0, 0));
                // Without user files there is nothing to point at, nor anything to run.
                let Some(span) = first_class.or(first_file) else { return };
                self.emit(
                    Diagnostic::error(
                        codes::MISSING_MAIN,
                        "no `main` method: the program has no entry point",
                        span,
                    )
                    .with_help("add `public static void main(String[] args) { .. }` to one class"),
                );
            }
            [only] => self.p.main = Some(*only),
            [first, rest @ ..] => {
                self.p.main = Some(*first);
                let first_span = self.p.method(*first).name_span;
                let first_class = self.p.class(self.p.method(*first).class).name.clone();
                for &other in rest {
                    let span = self.p.method(other).name_span;
                    self.emit(
                        Diagnostic::error(
                            codes::DUPLICATE_MAIN,
                            format!(
                                "more than one `main` method: `{}` also declares one",
                                self.p.class(self.p.method(other).class).name
                            ),
                            span,
                        )
                        .with_secondary(first_span, format!("`{first_class}.main` declared here"))
                        .with_help("keep `main` in exactly one class"),
                    );
                }
            }
        }
    }

    /// `name(T1, T2)` for diagnostics.
    pub(super) fn signature(&self, name: &str, params: &[Ty]) -> String {
        let list: Vec<String> = params.iter().map(|t| self.name(t)).collect();
        format!("{name}({})", list.join(", "))
    }

    /// Resolves a written type. `var` resolves to [`Ty::Error`]; callers handle it.
    pub(super) fn resolve_type(&mut self, te: &TypeExpr, mode: BoundMode) -> Ty {
        let ty = self.resolve_type_kind(te, mode);
        // Java's limit (JVMS 4.3.2): reported once, at the level that passes it.
        if rank(&ty) == MAX_DIMS + 1 {
            self.error(
                codes::TOO_MANY_DIMS,
                format!("array type with more than {MAX_DIMS} dimensions"),
                te.span,
            );
        }
        ty
    }

    fn resolve_type_kind(&mut self, te: &TypeExpr, mode: BoundMode) -> Ty {
        match &te.kind {
            TypeExprKind::Void => Ty::Void,
            TypeExprKind::Var => Ty::Error,
            TypeExprKind::Prim(p) => Ty::Prim(*p),
            TypeExprKind::Named(ident) => match ident.name.as_str() {
                "String" => Ty::String,
                "Task" => Ty::Task,
                "Random" => Ty::Random,
                name => match self.p.class_by_name.get(name) {
                    Some(&id) => Ty::Class(id),
                    None => {
                        self.error(
                            codes::UNKNOWN_TYPE,
                            format!("cannot find type `{name}`"),
                            ident.span,
                        );
                        Ty::Error
                    }
                },
            },
            TypeExprKind::Array(elem) | TypeExprKind::ValueArray(elem, _)
                if matches!(elem.kind, TypeExprKind::Var) =>
            {
                self.error(
                    codes::BAD_VAR,
                    "`var` is not allowed as an element type of an array",
                    elem.span,
                );
                Ty::Error
            }
            TypeExprKind::Array(elem) => {
                let elem = self.resolve_type(elem, mode);
                self.check_elem_ty(&elem, elem_span(te));
                if elem.is_error() {
                    Ty::Error
                } else {
                    Ty::Array(Box::new(elem))
                }
            }
            TypeExprKind::ValueArray(elem, bound) => {
                let elem_ty = self.resolve_type(elem, mode);
                self.check_elem_ty(&elem_ty, elem.span);
                // Value arrays are deeply immutable (§3.3): `int[[]][]` would hold rows
                // anyone could write.
                if let Ty::Array(_) = elem_ty {
                    let shown = self.name(&elem_ty);
                    self.emit(
                        Diagnostic::error(
                            codes::VALUE_ARRAY_OF_MUTABLE,
                            format!("a value array cannot hold mutable arrays `{shown}`"),
                            elem.span,
                        )
                        .with_help(format!(
                            "make the rows value arrays too (`{}`), or use a mutable array of \
                             arrays",
                            self.name(&Ty::ValueArray(Box::new(value_form(&elem_ty)), None))
                        )),
                    );
                    return Ty::Error;
                }
                let bound = match bound {
                    None => None,
                    Some(expr) => self.fold_bound(expr, mode),
                };
                if elem_ty.is_error() {
                    Ty::Error
                } else {
                    Ty::ValueArray(Box::new(elem_ty), bound)
                }
            }
        }
    }

    fn check_elem_ty(&mut self, elem: &Ty, span: Span) {
        if matches!(elem, Ty::Void) {
            self.error(codes::MISMATCHED_TYPES, "array elements cannot have type `void`", span);
        }
    }

    /// Folds the `N` of `[[N]]`: a constant `int` expression that is at least 0.
    pub(super) fn fold_bound(&mut self, expr: &Expr, mode: BoundMode) -> Option<u32> {
        let value = match mode {
            BoundMode::Signature(class) => {
                self.set_ty(expr.id, &Ty::INT);
                self.const_eval(expr, class)
            }
            BoundMode::Body => {
                let ty = self.check_expr(expr, None);
                if ty.is_error() {
                    return None;
                }
                if !matches!(
                    ty,
                    Ty::Prim(PrimType::Int | PrimType::Short | PrimType::Byte | PrimType::Char)
                ) {
                    self.error(
                        codes::MISMATCHED_TYPES,
                        format!("mismatched types: expected `int`, found `{}`", self.name(&ty)),
                        expr.span,
                    );
                    return None;
                }
                self.p.constants.get(&expr.id).cloned()
            }
        };
        let n = match value.as_ref().and_then(super::constant::as_int) {
            Some(n) => n,
            None => {
                self.emit(
                    Diagnostic::error(
                        codes::NON_CONSTANT_BOUND,
                        "the bound of a value array type must be a constant `int` expression",
                        expr.span,
                    )
                    .with_help("use a literal or a `static final int` constant, or `[[]]` for an unbounded value array"),
                );
                return None;
            }
        };
        self.p.constants.insert(expr.id, crate::model::ConstValue::Int(n));
        match u32::try_from(n) {
            Ok(n) => Some(n),
            Err(_) => {
                self.error(
                    codes::NEGATIVE_BOUND,
                    format!("the bound of a value array type must be at least 0, found `{n}`"),
                    expr.span,
                );
                None
            }
        }
    }

    /// Primitive types, value classes and value arrays of value types (§3.3).
    pub(super) fn is_value_type(&self, ty: &Ty) -> bool {
        match ty {
            Ty::Prim(_) | Ty::Error => true,
            Ty::Class(id) => self.p.class(*id).is_value,
            Ty::ValueArray(elem, _) => self.is_value_type(elem),
            _ => false,
        }
    }
}

/// The value-array form of a type: every mutable array level becomes a value array.
pub(super) fn value_form(ty: &Ty) -> Ty {
    match ty {
        Ty::Array(elem) | Ty::ValueArray(elem, None) => {
            Ty::ValueArray(Box::new(value_form(elem)), None)
        }
        Ty::ValueArray(elem, bound) => Ty::ValueArray(Box::new(value_form(elem)), *bound),
        other => other.clone(),
    }
}

/// The mutable form of a type: every value array level becomes a mutable array.
pub(super) fn mutable_form(ty: &Ty) -> Ty {
    match ty {
        Ty::Array(elem) | Ty::ValueArray(elem, _) => Ty::Array(Box::new(mutable_form(elem))),
        other => other.clone(),
    }
}

fn elem_span(te: &TypeExpr) -> Span {
    match &te.kind {
        TypeExprKind::Array(elem) | TypeExprKind::ValueArray(elem, _) => elem.span,
        _ => te.span,
    }
}

fn type_word(te: &TypeExpr) -> &'static str {
    match te.kind {
        TypeExprKind::Void => "void",
        _ => "var",
    }
}

/// The most dimensions an array type may have, as in Java.
const MAX_DIMS: usize = 255;

/// The number of array dimensions of `ty` (mutable and value arrays alike).
fn rank(ty: &Ty) -> usize {
    match ty {
        Ty::Array(elem) | Ty::ValueArray(elem, _) => 1 + rank(elem),
        _ => 0,
    }
}
