//! Calls, `new` and array creation: overload resolution (JLS §15.12.2 simplified to one
//! phase: identity and widening conversions, then the most specific method), instance
//! and static calls, constructors with the default constructor, built-in methods with
//! variable shapes (printing, `String.format`, `Somd.*`), array creation and initializers.

use super::builtins::BuiltinSig;
use super::codes;
use super::collect::mutable_form;
use super::conv::invocable;
use super::expr::Qual;
use super::Checker;
use crate::model::{CallTarget, ClassId, MethodId, NameRes, Ty};
use somd_diag::{Diagnostic, Span};
use somd_syntax::ast::{Expr, ExprKind, Ident, Literal, TypeExpr};

/// One overload considered by resolution.
pub(super) struct Candidate {
    pub params: Vec<Ty>,
    pub ret: Ty,
    pub target: CallTarget,
    pub decl_span: Option<Span>,
    pub is_static: bool,
}

impl Checker<'_> {
    fn method_candidates(&self, class: ClassId, name: &str) -> Vec<Candidate> {
        let ids: &[MethodId] =
            self.methods_by_name.get(&(class, name.to_string())).map_or(&[], |v| v.as_slice());
        ids.iter()
            .map(|&id| {
                let m = self.p.method(id);
                Candidate {
                    params: m.params.iter().map(|p| p.ty.clone()).collect(),
                    ret: m.ret.clone(),
                    target: CallTarget::Method(id),
                    decl_span: Some(m.name_span),
                    is_static: m.is_static,
                }
            })
            .collect()
    }

    fn builtin_candidates(
        class: &'static str,
        name: &'static str,
        sigs: &[BuiltinSig],
    ) -> Vec<Candidate> {
        sigs.iter()
            .map(|s| Candidate {
                params: s.params.clone(),
                ret: s.ret.clone(),
                target: CallTarget::Builtin { class, name },
                decl_span: None,
                is_static: true,
            })
            .collect()
    }

    fn check_args(&mut self, args: &[Expr]) -> Vec<Ty> {
        args.iter().map(|a| self.check_expr(a, None)).collect()
    }

    /// Picks the overload for the argument types; reports no match or ambiguity.
    pub(super) fn resolve_overload(
        &mut self,
        what: &str,
        candidates: &[Candidate],
        args: &[Ty],
        arg_exprs: &[Expr],
        span: Span,
    ) -> Option<usize> {
        if args.iter().any(Ty::is_error) {
            let same_arity: Vec<usize> = (0..candidates.len())
                .filter(|&i| candidates[i].params.len() == args.len())
                .collect();
            return if same_arity.len() == 1 { same_arity.first().copied() } else { None };
        }
        let applicable: Vec<usize> = (0..candidates.len())
            .filter(|&i| {
                let c = &candidates[i];
                c.params.len() == args.len()
                    && c.params.iter().zip(args).all(|(p, a)| invocable(a, p))
            })
            .collect();
        if applicable.is_empty() {
            self.no_applicable(what, candidates, args, arg_exprs, span);
            return None;
        }
        let more_specific = |a: usize, b: usize| {
            candidates[a].params.iter().zip(&candidates[b].params).all(|(x, y)| invocable(x, y))
        };
        let best: Vec<usize> = applicable
            .iter()
            .copied()
            .filter(|&a| applicable.iter().all(|&b| a == b || more_specific(a, b)))
            .collect();
        match best.as_slice() {
            [one] => Some(*one),
            _ => {
                let shown: Vec<String> = applicable
                    .iter()
                    .take(2)
                    .map(|&i| {
                        format!(
                            "`{}`",
                            self.signature(
                                what.strip_prefix("new ").unwrap_or(what),
                                &candidates[i].params
                            )
                        )
                    })
                    .collect();
                self.emit(
                    Diagnostic::error(
                        codes::AMBIGUOUS_CALL,
                        format!(
                            "call to `{}` is ambiguous: {} both match",
                            what.strip_prefix("new ").unwrap_or(what),
                            shown.join(" and ")
                        ),
                        span,
                    )
                    .with_help("add casts to the arguments to select one overload"),
                );
                None
            }
        }
    }

    fn no_applicable(
        &mut self,
        what: &str,
        candidates: &[Candidate],
        args: &[Ty],
        arg_exprs: &[Expr],
        span: Span,
    ) {
        if let [only] = candidates {
            if only.params.len() == args.len() && args.len() == arg_exprs.len() {
                for ((param, arg), expr) in only.params.iter().zip(args).zip(arg_exprs) {
                    if !invocable(arg, param) {
                        let mut diagnostic = Diagnostic::error(
                            codes::MISMATCHED_TYPES,
                            format!(
                                "mismatched types: expected `{}`, found `{}`",
                                self.name(param),
                                self.name(arg)
                            ),
                            expr.span,
                        );
                        if let Some(decl) = only.decl_span {
                            diagnostic = diagnostic.with_secondary(
                                decl,
                                format!(
                                    "`{}` declared here",
                                    self.signature(
                                        what.strip_prefix("new ").unwrap_or(what),
                                        &only.params
                                    )
                                ),
                            );
                        }
                        self.emit(diagnostic);
                    }
                }
                return;
            }
        }
        let arg_list: Vec<String> = args.iter().map(|t| self.name(t)).collect();
        let message = match what.strip_prefix("new ") {
            Some(class) => {
                format!("no constructor of `{class}` accepts arguments `({})`", arg_list.join(", "))
            }
            None => {
                format!("no overload of `{what}` accepts arguments `({})`", arg_list.join(", "))
            }
        };
        let what = what.strip_prefix("new ").unwrap_or(what);
        let mut diagnostic = Diagnostic::error(codes::NO_APPLICABLE_OVERLOAD, message, span);
        for c in candidates {
            diagnostic =
                diagnostic.with_note(format!("candidate: `{}`", self.signature(what, &c.params)));
        }
        if let [only] = candidates {
            if let Some(decl) = only.decl_span {
                diagnostic = diagnostic.with_secondary(decl, "declared here");
            }
        }
        self.emit(diagnostic);
    }

    pub(super) fn check_call(
        &mut self,
        e: &Expr,
        target: Option<&Expr>,
        name: &Ident,
        args: &[Expr],
    ) -> Ty {
        let qual = match target {
            None => match self.cx.class {
                Some(class) => {
                    let arg_tys = self.check_args(args);
                    return self.call_user(e, class, name, args, &arg_tys, self.cx.is_static, true);
                }
                None => return Ty::Error,
            },
            Some(target) => self.qualifier(target),
        };
        match qual {
            Qual::Class(class) => {
                let arg_tys = self.check_args(args);
                self.call_user(e, class, name, args, &arg_tys, true, false)
            }
            Qual::Value(Ty::Class(class)) => {
                let arg_tys = self.check_args(args);
                let ty = self.call_user(e, class, name, args, &arg_tys, false, false);
                let is_static = match self.p.calls.get(&e.id) {
                    Some(CallTarget::Method(m)) => self.p.method(*m).is_static,
                    _ => false,
                };
                if is_static {
                    if let Some(target) = target {
                        self.static_through(target, &format!("method `{}`", name.name));
                    }
                }
                ty
            }
            Qual::Builtin(builtin) => self.call_builtin(e, builtin, name, args),
            Qual::PrintStream(err) => self.call_print(e, err, name, args),
            Qual::Value(Ty::Random) => self.call_builtin(e, "Random", name, args),
            Qual::Value(Ty::Task) => self.call_builtin(e, "Task", name, args),
            Qual::Value(Ty::Error) => {
                self.check_args(args);
                Ty::Error
            }
            Qual::Value(Ty::String) => {
                self.check_args(args);
                self.string_misuse(
                    e.span,
                    &format!("methods: `.{}(..)` is not available", name.name),
                );
                Ty::Error
            }
            Qual::Value(other) => {
                self.check_args(args);
                let ty_name = self.name(&other);
                let mut diagnostic = Diagnostic::error(
                    codes::UNKNOWN_METHOD,
                    format!("no method `{}` on type `{ty_name}`", name.name),
                    name.span,
                );
                if other.is_any_array() && name.name == "length" {
                    diagnostic = diagnostic.with_help(
                        "the length of an array is the field `.length`, without parentheses",
                    );
                }
                self.emit(diagnostic);
                Ty::Error
            }
        }
    }

    /// A call of a user method; `static_only` when there is no receiver object.
    #[allow(clippy::too_many_arguments)] // Reason: the call's parts, each used once.
    fn call_user(
        &mut self,
        e: &Expr,
        class: ClassId,
        name: &Ident,
        args: &[Expr],
        arg_tys: &[Ty],
        static_only: bool,
        unqualified: bool,
    ) -> Ty {
        let candidates = self.method_candidates(class, &name.name);
        let class_name = self.p.class(class).name.clone();
        if candidates.is_empty() {
            self.error(
                codes::UNKNOWN_METHOD,
                format!("cannot find method `{}` in class `{class_name}`", name.name),
                name.span,
            );
            return Ty::Error;
        }
        let what =
            if unqualified { name.name.clone() } else { format!("{class_name}.{}", name.name) };
        let Some(idx) = self.resolve_overload(&what, &candidates, arg_tys, args, name.span) else {
            return Ty::Error;
        };
        let chosen = &candidates[idx];
        if static_only && !chosen.is_static {
            let sig = self.signature(&name.name, &chosen.params);
            let mut diagnostic = Diagnostic::error(
                codes::STATIC_CONTEXT,
                format!("non-static method `{sig}` cannot be called from a static context"),
                name.span,
            );
            if let Some(decl) = chosen.decl_span {
                diagnostic = diagnostic.with_secondary(decl, "declared without `static` here");
            }
            self.emit(diagnostic);
        }
        self.p.calls.insert(e.id, chosen.target.clone());
        chosen.ret.clone()
    }

    fn call_builtin(&mut self, e: &Expr, builtin: &'static str, name: &Ident, args: &[Expr]) -> Ty {
        match (builtin, name.name.as_str()) {
            ("String", "format") => {
                return self.call_format(e, "String", "format", args, Ty::String)
            }
            ("Somd", _) => return self.call_somd(e, name, args),
            _ => {}
        }
        let arg_tys = self.check_args(args);
        let Some((class, method, sigs)) = self.builtins.lookup(builtin, &name.name) else {
            if builtin == "String" {
                self.string_misuse(name.span, &format!("`String.{}`", name.name));
            } else {
                self.error(
                    codes::UNKNOWN_METHOD,
                    format!("cannot find method `{}` in `{builtin}`", name.name),
                    name.span,
                );
            }
            return Ty::Error;
        };
        let candidates = Self::builtin_candidates(class, method, sigs);
        let what = if name.name == "<init>" {
            format!("new {builtin}")
        } else {
            format!("{builtin}.{}", name.name)
        };
        match self.resolve_overload(&what, &candidates, &arg_tys, args, name.span) {
            Some(idx) => {
                let chosen = &candidates[idx];
                let target = self
                    .library_method(class, method, &chosen.params, &chosen.ret)
                    .map_or_else(|| chosen.target.clone(), CallTarget::Method);
                self.p.calls.insert(e.id, target);
                chosen.ret.clone()
            }
            None => Ty::Error,
        }
    }

    /// The library method (`stdlib/*.somd`) that implements the built-in overload
    /// `class.name(params) -> ret`, when the library has one. Resolution always runs on the
    /// built-in signatures, so that a name with overloads in both places resolves exactly
    /// as Java's and diagnostics never point into the library.
    pub(super) fn library_method(
        &self,
        class: &'static str,
        name: &'static str,
        params: &[Ty],
        ret: &Ty,
    ) -> Option<MethodId> {
        let methods = self.library_methods.get(&(class, name))?;
        methods.iter().copied().find(|&id| {
            let m = self.p.method(id);
            m.is_static
                && m.ret == *ret
                && m.params.len() == params.len()
                && m.params.iter().zip(params).all(|(p, q)| p.ty == *q)
        })
    }

    /// Reports a `void` argument where a value is printed or formatted.
    fn require_value(&mut self, expr: &Expr, ty: &Ty) {
        if *ty == Ty::Void {
            self.error(
                codes::VOID_VALUE,
                "a `void` method call has no value to use here",
                expr.span,
            );
        }
    }

    fn call_print(&mut self, e: &Expr, err: bool, name: &Ident, args: &[Expr]) -> Ty {
        let class = if err { "System.err" } else { "System.out" };
        let arg_tys = self.check_args(args);
        let method: &'static str = match name.name.as_str() {
            "println" => "println",
            "print" => "print",
            "printf" => {
                return self.call_format_checked(e, class, "printf", args, &arg_tys, Ty::Void)
            }
            _ => {
                self.error(
                    codes::UNKNOWN_METHOD,
                    format!("cannot find method `{}` in `{class}`", name.name),
                    name.span,
                );
                return Ty::Error;
            }
        };
        let ok_arity = if method == "println" { args.len() <= 1 } else { args.len() == 1 };
        if !ok_arity {
            let expected = if method == "println" { "0 or 1 arguments" } else { "1 argument" };
            self.error(
                codes::NO_APPLICABLE_OVERLOAD,
                format!("`{class}.{method}` takes {expected}, found {}", args.len()),
                name.span,
            );
            return Ty::Void;
        }
        for (arg, ty) in args.iter().zip(&arg_tys) {
            self.require_value(arg, ty);
            // `print(null)`: Java's `char[]` and `String` overloads both apply.
            if *ty == Ty::Null {
                self.emit(
                    Diagnostic::error(
                        codes::AMBIGUOUS_CALL,
                        format!("the call `{class}.{method}(null)` is ambiguous"),
                        arg.span,
                    )
                    .with_help("cast the argument: `(String) null`"),
                );
            }
        }
        self.p.calls.insert(e.id, CallTarget::Builtin { class, name: method });
        Ty::Void
    }

    fn call_format(
        &mut self,
        e: &Expr,
        class: &'static str,
        name: &'static str,
        args: &[Expr],
        ret: Ty,
    ) -> Ty {
        let arg_tys = self.check_args(args);
        self.call_format_checked(e, class, name, args, &arg_tys, ret)
    }

    fn call_format_checked(
        &mut self,
        e: &Expr,
        class: &'static str,
        name: &'static str,
        args: &[Expr],
        arg_tys: &[Ty],
        ret: Ty,
    ) -> Ty {
        match (args.first(), arg_tys.first()) {
            (Some(fmt), Some(fmt_ty)) => {
                if !fmt_ty.is_error() && *fmt_ty != Ty::String {
                    self.error(
                        codes::MISMATCHED_TYPES,
                        format!(
                            "mismatched types: expected `String`, found `{}`",
                            self.name(fmt_ty)
                        ),
                        fmt.span,
                    );
                }
            }
            _ => {
                self.error(
                    codes::NO_APPLICABLE_OVERLOAD,
                    format!("`{class}.{name}` needs a format string"),
                    e.span,
                );
                return ret;
            }
        }
        for (arg, ty) in args.iter().zip(arg_tys).skip(1) {
            self.require_value(arg, ty);
        }
        if let Some(Expr { kind: ExprKind::Literal(Literal::Str(text)), span, .. }) = args.first() {
            if let Some(conversion) = unsupported_conversion(text) {
                self.emit(
                    Diagnostic::warning(
                        codes::UNSUPPORTED_FORMAT,
                        format!("format conversion `%{conversion}` is not supported"),
                        *span,
                    )
                    .with_label("outside LANGUAGE.md §1.7")
                    .with_help(
                        "the conversions are %d %x %o %s %c %b %f %e %g %n %%; this one raises \
                         UnknownFormatConversionException when the format runs",
                    ),
                );
            }
        }
        self.p.calls.insert(e.id, CallTarget::Builtin { class, name });
        ret
    }

    fn call_somd(&mut self, e: &Expr, name: &Ident, args: &[Expr]) -> Ty {
        let arg_tys = self.check_args(args);
        let (method, ret): (&'static str, Ty) = match name.name.as_str() {
            "offset" | "globalLength" => {
                let method = if name.name == "offset" { "offset" } else { "globalLength" };
                let arity_ok = matches!(args.len(), 1 | 2);
                if !arity_ok {
                    self.error(
                        codes::NO_APPLICABLE_OVERLOAD,
                        format!(
                            "`Somd.{method}` takes an array and an optional dimension, found {}",
                            super::plural(args.len(), "argument")
                        ),
                        name.span,
                    );
                    return Ty::INT;
                }
                if let (Some(arg), Some(ty)) = (args.first(), arg_tys.first()) {
                    if !ty.is_error() && !ty.is_any_array() {
                        self.error(
                            codes::MISMATCHED_TYPES,
                            format!(
                                "mismatched types: expected an array, found `{}`",
                                self.name(ty)
                            ),
                            arg.span,
                        );
                    }
                }
                if let (Some(arg), Some(ty)) = (args.get(1), arg_tys.get(1)) {
                    self.coerce(arg, ty, &Ty::INT);
                }
                // A constant dimension must be one of the array's (`Somd.offset(a, 2)` of a
                // 1-D array would read as 0 in every MI).
                if let (Some(arg), Some(array)) = (args.get(1), arg_tys.first()) {
                    let rank = array.rank();
                    let constant = match self.p.constants.get(&arg.id) {
                        Some(crate::model::ConstValue::Int(d)) => Some(*d),
                        Some(crate::model::ConstValue::Char(c)) => Some(i32::from(*c)),
                        _ => None,
                    };
                    if let Some(d) = constant {
                        if array.is_any_array() && !(1..=rank as i32).contains(&d) {
                            self.error(
                                crate::rules::codes::DIST_DIM_OUT_OF_RANGE,
                                format!(
                                    "`Somd.{method}` of dimension {d}: the array has dimensions 1 to {rank}"
                                ),
                                arg.span,
                            );
                        }
                    }
                }
                (method, Ty::INT)
            }
            "range" => {
                if let ([arg], [ty]) = (args, arg_tys.as_slice()) {
                    self.coerce(arg, ty, &Ty::INT);
                } else {
                    self.error(
                        codes::NO_APPLICABLE_OVERLOAD,
                        "`Somd.range` takes one `int` argument",
                        name.span,
                    );
                }
                ("range", Ty::ValueArray(Box::new(Ty::INT), None))
            }
            "thaw" => {
                let ret = match (args, arg_tys.as_slice()) {
                    ([_], [Ty::Error]) => Ty::Error,
                    ([_], [ty @ Ty::ValueArray(..)]) => mutable_form(ty),
                    ([arg], [ty]) => {
                        let ty_name = self.name(ty);
                        self.emit(
                            Diagnostic::error(
                                codes::BAD_THAW,
                                format!("`Somd.thaw` needs a value array, found `{ty_name}`"),
                                arg.span,
                            )
                            .with_help("a mutable array can be copied with a loop, or frozen with `new T[[]](a)` first"),
                        );
                        Ty::Error
                    }
                    _ => {
                        self.error(
                            codes::NO_APPLICABLE_OVERLOAD,
                            "`Somd.thaw` takes one value array",
                            name.span,
                        );
                        Ty::Error
                    }
                };
                ("thaw", ret)
            }
            _ => {
                self.error(
                    codes::UNKNOWN_METHOD,
                    format!("cannot find method `{}` in `Somd`", name.name),
                    name.span,
                );
                return Ty::Error;
            }
        };
        self.p.calls.insert(e.id, CallTarget::Builtin { class: "Somd", name: method });
        ret
    }

    /// Resolves a constructor call `new C(args)` (also the object of `task new C(..).m`)
    /// and records it under `id`.
    pub(super) fn resolve_ctor(
        &mut self,
        class: &Ident,
        args: &[Expr],
        span: Span,
    ) -> Option<(ClassId, CallTarget)> {
        let arg_tys = self.check_args(args);
        let Some(&class_id) = self.p.class_by_name.get(&class.name) else {
            self.error(
                codes::UNKNOWN_TYPE,
                format!("cannot find type `{}`", class.name),
                class.span,
            );
            return None;
        };
        let ctors = self.p.class(class_id).ctors.clone();
        if ctors.is_empty() {
            if !args.is_empty() && !arg_tys.iter().any(Ty::is_error) {
                self.emit(
                    Diagnostic::error(
                        codes::NO_APPLICABLE_OVERLOAD,
                        format!(
                            "`{}` has only the default constructor `{}()`, found {}",
                            class.name,
                            class.name,
                            super::plural(args.len(), "argument")
                        ),
                        span,
                    )
                    .with_secondary(
                        self.p.class(class_id).name_span,
                        "class declared here without a constructor",
                    ),
                );
            }
            return Some((class_id, CallTarget::DefaultCtor(class_id)));
        }
        let class_span = self.p.class(class_id).name_span;
        let candidates: Vec<Candidate> = ctors
            .iter()
            .map(|&id| Candidate {
                params: self.p.ctor(id).params.iter().map(|p| p.ty.clone()).collect(),
                ret: Ty::Class(class_id),
                target: CallTarget::Ctor(id),
                decl_span: Some(class_span),
                is_static: true,
            })
            .collect();
        let what = format!("new {}", class.name);
        let idx = self.resolve_overload(&what, &candidates, &arg_tys, args, span)?;
        Some((class_id, candidates[idx].target.clone()))
    }

    pub(super) fn check_new(&mut self, e: &Expr, class: &Ident, args: &[Expr]) -> Ty {
        if !self.p.class_by_name.contains_key(&class.name) {
            match class.name.as_str() {
                "Random" => {
                    return self.call_builtin(
                        e,
                        "Random",
                        &Ident { name: "<init>".into(), span: class.span },
                        args,
                    )
                }
                "Underflow" => {
                    self.check_args(args);
                    self.emit(
                        Diagnostic::error(
                            codes::UNDERFLOW_OUTSIDE_THROW,
                            "`new Underflow()` can only be thrown",
                            e.span,
                        )
                        .with_help("end a source task's stream with `throw new Underflow();`"),
                    );
                    return Ty::Error;
                }
                name if super::builtins::is_builtin_class(name) => {
                    self.check_args(args);
                    self.error(
                        codes::CANNOT_INSTANTIATE,
                        format!("the built-in class `{name}` cannot be instantiated"),
                        class.span,
                    );
                    return Ty::Error;
                }
                _ => {}
            }
        }
        match self.resolve_ctor(class, args, class.span) {
            Some((class_id, target)) => {
                self.p.calls.insert(e.id, target);
                Ty::Class(class_id)
            }
            None => Ty::Error,
        }
    }

    /// `this(..)`, the first statement of a constructor: runs the constructor of the same
    /// class that the arguments select on the object (JLS §8.8.7.1). Its arguments may not
    /// refer to the object, and after it every blank `final` field is assigned (the other
    /// constructor assigned it).
    pub(super) fn check_this_call(&mut self, e: &Expr, args: &[Expr]) -> Ty {
        let class = self.cx.class.filter(|_| self.cx.in_ctor && self.cx.this_call == Some(e.id));
        let Some(class) = class else {
            self.check_args(args);
            let message = if self.cx.in_ctor {
                "`this(..)` must be the first statement of its constructor"
            } else {
                "`this(..)` can only be used as the first statement of a constructor"
            };
            self.emit(
                Diagnostic::error(codes::THIS_CALL_PLACE, message, e.span)
                .with_label("not a constructor's first statement")
                .with_help(
                    "make it the constructor's first statement, or move the shared work into a \
                     method both constructors call",
                ),
            );
            return Ty::Error;
        };
        let name = Ident { name: self.p.class(class).name.clone(), span: e.span };
        let resolved = self.resolve_ctor(&name, args, e.span);
        for arg in args {
            self.no_object_reference(arg);
        }
        let Some((_, target)) = resolved else { return Ty::Void };
        self.p.calls.insert(e.id, target);
        let slots: Vec<usize> = self.cx.field_slots.values().copied().collect();
        for slot in slots {
            self.cx.da.insert(slot);
        }
        Ty::Void
    }

    /// E0148 at each part of `this(..)`'s argument `e` that refers to the object, which no
    /// constructor has initialised yet (javac: "cannot reference .. before supertype
    /// constructor has been called").
    fn no_object_reference(&mut self, e: &Expr) {
        let what = match &e.kind {
            ExprKind::This => Some("`this`".to_string()),
            ExprKind::Name(name) => match self.p.names.get(&e.id) {
                Some(NameRes::Field(f)) if !self.p.field(*f).is_static => {
                    Some(format!("field `{}`", name.name))
                }
                _ => None,
            },
            ExprKind::Call { target: None, name, .. } => match self.p.calls.get(&e.id) {
                Some(CallTarget::Method(m)) if !self.p.method(*m).is_static => {
                    Some(format!("instance method `{}`", name.name))
                }
                _ => None,
            },
            _ => None,
        };
        if let Some(what) = what {
            self.emit(
                Diagnostic::error(
                    codes::THIS_BEFORE_CTOR,
                    format!("cannot refer to {what} in an argument of `this(..)`"),
                    e.span,
                )
                .with_label("the object is not initialised before `this(..)` has run")
                .with_help("pass a parameter, a constant or a static value instead"),
            );
            return;
        }
        crate::rules::for_each_child(e, &mut |child, _| self.no_object_reference(child));
    }

    pub(super) fn check_new_array(
        &mut self,
        ty: &TypeExpr,
        dims: &[Expr],
        init: Option<&[Expr]>,
    ) -> Ty {
        let array_ty = self.resolve_body_type(ty);
        for dim in dims {
            self.check_int_operand(dim);
        }
        if let Some(elems) = init {
            self.check_array_init(elems, &array_ty, ty.span);
        }
        array_ty
    }

    /// `{a, b}` where the context gives the type.
    pub(super) fn check_array_init_expr(
        &mut self,
        e: &Expr,
        elems: &[Expr],
        expected: Option<&Ty>,
    ) -> Ty {
        match expected {
            Some(ty @ (Ty::Array(_) | Ty::ValueArray(..))) => {
                self.check_array_init(elems, ty, e.span);
                ty.clone()
            }
            Some(Ty::Error) => {
                for elem in elems {
                    self.check_expr(elem, Some(&Ty::Error));
                }
                Ty::Error
            }
            other => {
                for elem in elems {
                    self.check_expr(elem, Some(&Ty::Error));
                }
                let found =
                    other.map(|t| format!(" of type `{}`", self.name(t))).unwrap_or_default();
                self.emit(
                    Diagnostic::error(
                        codes::BAD_ARRAY_INIT,
                        format!("an array initializer cannot be used for a value{found}"),
                        e.span,
                    )
                    .with_help("array initializers `{..}` are allowed only where an array type is declared; write `new int[]{..}`"),
                );
                Ty::Error
            }
        }
    }

    /// Checks the elements of an initializer against an array type, and a `[[N]]` bound
    /// against the number of elements.
    pub(super) fn check_array_init(&mut self, elems: &[Expr], ty: &Ty, span: Span) {
        let elem_ty = match ty {
            Ty::Array(elem) => (**elem).clone(),
            Ty::ValueArray(elem, bound) => {
                if let Some(n) = bound {
                    if *n as usize != elems.len() {
                        self.error(
                            codes::BOUND_MISMATCH,
                            format!(
                                "value array of type `{}` needs {n} elements, found {}",
                                self.name(ty),
                                elems.len()
                            ),
                            span,
                        );
                    }
                }
                (**elem).clone()
            }
            Ty::Error => Ty::Error,
            other => {
                let ty_name = self.name(other);
                self.error(
                    codes::BAD_ARRAY_INIT,
                    format!("an array initializer cannot be used for a value of type `{ty_name}`"),
                    span,
                );
                Ty::Error
            }
        };
        for elem in elems {
            if matches!(elem.kind, ExprKind::ArrayInit(_)) || !elem_ty.is_error() {
                self.check_assignable(elem, &elem_ty);
            } else {
                self.check_expr(elem, None);
            }
        }
    }
}

/// The first conversion of format `text` that Java has and the runtime does not (`h`, `a`,
/// `t` and their capitals): Java formats it, the program raises
/// `UnknownFormatConversionException` (LANGUAGE.md §1.7 lists the others). Specifiers are
/// read as Java's `%[index$][flags][width][.precision]conversion`.
fn unsupported_conversion(text: &str) -> Option<char> {
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '%' {
            continue;
        }
        while chars.peek().is_some_and(|c| c.is_ascii_digit() || "$-#+ 0,(<.".contains(*c)) {
            chars.next();
        }
        if let Some(conversion @ ('h' | 'H' | 'a' | 'A' | 't' | 'T')) = chars.next() {
            return Some(conversion);
        }
    }
    None
}
