//! Lime's expression forms (LANGUAGE.md §3): value arrays (`new T[[]](a)`, literals,
//! bounds), map `@`, reduce `!`, `task` workers and `=>` connections.

use super::codes;
use super::collect::value_form;
use super::conv::{binary_promote, invocable, is_integral, unary_promote};
use super::{plural, Checker};
use crate::model::{CallTarget, ClassId, MapArg, MethodId, Ty};
use somd_diag::{Diagnostic, Span};
use somd_syntax::ast::{Expr, ExprKind, Ident, PrimType, ReduceOp, ReduceOperator, TypeExpr};

/// The library classes of LANGUAGE.md §1, whose methods `@`, `!` and tasks cannot apply.
const LIBRARY_CLASSES: &[&str] =
    &["Math", "Integer", "Long", "Float", "Double", "System", "String", "Random", "Somd"];

impl Checker<'_> {
    /// `new T[[]](source)`: a frozen copy of a mutable array with the same element types.
    pub(super) fn check_freeze(&mut self, e: &Expr, ty: &TypeExpr, source: &Expr) -> Ty {
        let target = self.resolve_body_type(ty);
        let source_ty = self.check_expr(source, None);
        if target.is_error() || source_ty.is_error() {
            return target;
        }
        if !freezes_to(&source_ty, &target) {
            self.emit(
                Diagnostic::error(
                    codes::BAD_FREEZE,
                    format!(
                        "cannot make a value array of type `{}` from `{}`",
                        self.name(&target),
                        self.name(&source_ty)
                    ),
                    source.span,
                )
                .with_label("the source must be an array with the same element type")
                .with_secondary(e.span, "value array created here"),
            );
        }
        target
    }

    /// `new T[[]]{..}` / `new T[[N]]{..}`.
    pub(super) fn check_value_array_lit(&mut self, e: &Expr, ty: &TypeExpr, elems: &[Expr]) -> Ty {
        let target = self.resolve_body_type(ty);
        self.check_array_init(elems, &target, e.span);
        target
    }

    /// The class named by `C` in `C @ m`, `C.m ! e` and `task C.m`, or the current one.
    fn lime_class(&mut self, class: Option<&Ident>) -> Option<ClassId> {
        match class {
            None => self.cx.class,
            Some(ident) => match self.p.class_by_name.get(&ident.name) {
                Some(&id) => Some(id),
                // `Math.max ! a`: a library method, which is no `static local` method.
                None if LIBRARY_CLASSES.contains(&ident.name.as_str()) => {
                    self.error(
                        codes::NOT_STATIC_LOCAL,
                        format!(
                            "`{}` is a library class: `@`, `!` and tasks apply a `static local` \
                             method of the program's own classes",
                            ident.name
                        ),
                        ident.span,
                    );
                    None
                }
                None => {
                    self.error(
                        codes::UNKNOWN_TYPE,
                        format!("cannot find class `{}`", ident.name),
                        ident.span,
                    );
                    None
                }
            },
        }
    }

    fn methods_named(&mut self, class: ClassId, method: &Ident) -> Vec<MethodId> {
        let ids =
            self.methods_by_name.get(&(class, method.name.clone())).cloned().unwrap_or_default();
        if ids.is_empty() {
            let class_name = self.p.class(class).name.clone();
            self.error(
                codes::UNKNOWN_METHOD,
                format!("cannot find method `{}` in class `{class_name}`", method.name),
                method.span,
            );
        }
        ids
    }

    /// Requires a `static local` method that is no SOMD method (the targets of `@` and `!`,
    /// applied to single elements).
    fn require_static_local(&mut self, method: MethodId, span: Span, what: &str) {
        let info = self.p.method(method);
        if let Some(dist_span) = info.params.iter().find(|p| p.dist.is_some()).map(|p| p.span) {
            let path = self.p.method_path(method);
            self.emit(
                Diagnostic::error(
                    crate::rules::codes::SOMD_AS_HOOK,
                    format!(
                        "the method `{path}` of {what} cannot be a SOMD method: {what} applies \
                         it to single elements"
                    ),
                    span,
                )
                .with_secondary(dist_span, "`dist` parameter declared here")
                .with_help("remove `dist` (and `reduce`), or call the SOMD method directly"),
            );
        }
        let info = self.p.method(method);
        if info.is_static && info.is_local {
            return;
        }
        let path = self.p.method_path(method);
        let missing = match (info.is_static, info.is_local) {
            (false, false) => "is neither `static` nor `local`",
            (false, true) => "is not `static`",
            _ => "is not `local`",
        };
        let decl = info.name_span;
        self.emit(
            Diagnostic::error(
                codes::NOT_STATIC_LOCAL,
                format!("the method `{path}` of {what} must be `static local`, but it {missing}"),
                span,
            )
            .with_secondary(decl, "method declared here")
            .with_help("declare it `static local`"),
        );
    }

    /// `C @ m(args)`: each argument is mapped (an array of the parameter type) or
    /// broadcast (assignable to the parameter type); at least one is mapped.
    pub(super) fn check_map(
        &mut self,
        e: &Expr,
        class: Option<&Ident>,
        method: &Ident,
        args: &[Expr],
    ) -> Ty {
        let arg_tys: Vec<Ty> = args.iter().map(|a| self.check_expr(a, None)).collect();
        let Some(class_id) = self.lime_class(class) else { return Ty::Error };
        let ids = self.methods_named(class_id, method);
        if ids.is_empty() {
            return Ty::Error;
        }
        let arity: Vec<MethodId> = ids
            .iter()
            .copied()
            .filter(|&id| self.p.method(id).params.len() == args.len())
            .collect();
        let fitting: Vec<MethodId> =
            arity.iter().copied().filter(|&id| self.map_kinds(id, &arg_tys).is_some()).collect();
        // Overloads that map some argument, and of those the most specific, as Java picks
        // for the call `m(a[i], ..)` (`f(int)` over `f(long)` for an `int[]`; `f(int)`
        // over `f(int[])`, which would broadcast every argument).
        let mapping: Vec<MethodId> = fitting
            .iter()
            .copied()
            .filter(|&id| self.map_kinds(id, &arg_tys).is_some_and(|k| k.contains(&MapArg::Mapped)))
            .collect();
        let best = self.most_specific(&mapping);
        if mapping.len() > 1 && best.is_none() {
            let path = format!("{}.{}", self.p.class(class_id).name, method.name);
            let shown: Vec<String> =
                mapping.iter().take(2).map(|&id| format!("`{}`", self.method_sig(id))).collect();
            self.emit(
                Diagnostic::error(
                    codes::AMBIGUOUS_CALL,
                    format!("`@` of `{path}` is ambiguous: {} both map", shown.join(" and ")),
                    method.span,
                )
                .with_help("add casts to the arguments' arrays, or rename one overload"),
            );
            return Ty::Error;
        }
        let chosen = match (best, fitting.as_slice(), arity.as_slice()) {
            (Some(best), _, _) => best,
            (None, [one, ..], _) => *one,
            (None, [], [one]) => *one,
            _ => {
                let path = format!("{}.{}", self.p.class(class_id).name, method.name);
                let passed = plural(args.len(), "argument");
                let message = match ids.as_slice() {
                    [only] => format!(
                        "`{path}` takes {}, but `@` passes {passed}",
                        plural(self.p.method(*only).params.len(), "argument")
                    ),
                    _ => format!("no overload of `{path}` takes {passed}"),
                };
                self.error(codes::NO_APPLICABLE_OVERLOAD, message, method.span);
                return Ty::Error;
            }
        };
        self.p.calls.insert(e.id, CallTarget::Method(chosen));
        self.require_static_local(chosen, method.span, "`@`");
        let params: Vec<Ty> = self.p.method(chosen).params.iter().map(|p| p.ty.clone()).collect();
        let mut kinds = Vec::new();
        let mut failed = false;
        for ((arg, ty), param) in args.iter().zip(&arg_tys).zip(&params) {
            match map_kind(ty, param) {
                Some(kind) => kinds.push(kind),
                None => {
                    failed = true;
                    kinds.push(MapArg::Broadcast);
                    self.emit(
                        Diagnostic::error(
                            codes::MAP_ARG_MISMATCH,
                            format!(
                                "`@` argument of type `{}` can be neither mapped nor broadcast to parameter type `{}`",
                                self.name(ty),
                                self.name(param)
                            ),
                            arg.span,
                        )
                        .with_secondary(self.p.method(chosen).name_span, "method declared here")
                        .with_help(format!(
                            "pass an array of `{}` to map over it, or a `{}` to broadcast it",
                            self.name(param),
                            self.name(param)
                        )),
                    );
                }
            }
        }
        if !failed && !arg_tys.iter().any(Ty::is_error) && !kinds.contains(&MapArg::Mapped) {
            self.emit(
                Diagnostic::error(
                    codes::MAP_WITHOUT_MAPPED,
                    format!("`@` needs at least one mapped argument, but every argument of `{}` is broadcast", method.name),
                    e.span,
                )
                .with_help("pass an array of the parameter type for at least one argument, or call the method directly"),
            );
        }
        self.p.map_args.insert(e.id, kinds);
        let ret = self.p.method(chosen).ret.clone();
        if ret == Ty::Void {
            self.error(
                codes::MAP_VOID,
                format!(
                    "`@` cannot map the `void` method `{}`: it has no results to collect",
                    method.name
                ),
                method.span,
            );
            return Ty::Error;
        }
        if failed || ret.is_error() {
            return Ty::Error;
        }
        Ty::ValueArray(Box::new(value_form(&ret)), None)
    }

    /// Of `ids`, the one whose parameters each convert to every other's (Java's most
    /// specific method, JLS 15.12.2.5), if exactly one does.
    fn most_specific(&self, ids: &[MethodId]) -> Option<MethodId> {
        let params = |id: MethodId| self.p.method(id).params.iter().map(|p| &p.ty);
        let more_specific =
            |a: MethodId, b: MethodId| params(a).zip(params(b)).all(|(x, y)| invocable(x, y));
        let best: Vec<MethodId> = ids
            .iter()
            .copied()
            .filter(|&a| ids.iter().all(|&b| a == b || more_specific(a, b)))
            .collect();
        match best.as_slice() {
            [one] => Some(*one),
            _ => None,
        }
    }

    /// `name(T1, T2)` of method `id`, for messages.
    fn method_sig(&self, id: MethodId) -> String {
        let m = self.p.method(id);
        let params: Vec<String> = m.params.iter().map(|p| self.name(&p.ty)).collect();
        format!("{}({})", m.name, params.join(", "))
    }

    fn map_kinds(&self, method: MethodId, args: &[Ty]) -> Option<Vec<MapArg>> {
        let params = &self.p.method(method).params;
        params.iter().zip(args).map(|(p, a)| map_kind(a, &p.ty)).collect()
    }

    /// `op ! e` and `C.m ! e`.
    pub(super) fn check_reduce(
        &mut self,
        e: &Expr,
        op: &ReduceOperator,
        op_span: Span,
        operand: &Expr,
    ) -> Ty {
        let ty = self.check_expr(operand, None);
        if ty.is_error() {
            return Ty::Error;
        }
        let Some(elem) = ty.element().cloned() else {
            self.error(
                codes::REDUCE_OP_MISMATCH,
                format!("`!` reduces an array, found `{}`", self.name(&ty)),
                operand.span,
            );
            return Ty::Error;
        };
        match op {
            ReduceOperator::Op(ReduceOp::Sub) => {
                self.emit(
                    Diagnostic::error(
                        codes::REDUCE_SUB,
                        "`-` cannot be used with `!`: subtraction is not associative",
                        op_span,
                    )
                    .with_help("reduce with `+ !` and subtract the result, or write a loop"),
                );
                Ty::Error
            }
            ReduceOperator::Op(op) => {
                let result = match (&elem, op) {
                    (
                        Ty::Prim(p),
                        ReduceOp::Add | ReduceOp::Mul | ReduceOp::Min | ReduceOp::Max,
                    ) if *p != PrimType::Boolean => Some(Ty::Prim(unary_promote(*p))),
                    (
                        Ty::Prim(PrimType::Boolean),
                        ReduceOp::BitAnd | ReduceOp::BitOr | ReduceOp::BitXor,
                    ) => Some(Ty::BOOLEAN),
                    (Ty::Prim(p), ReduceOp::BitAnd | ReduceOp::BitOr | ReduceOp::BitXor)
                        if is_integral(*p) =>
                    {
                        Some(Ty::Prim(binary_promote(*p, *p)))
                    }
                    (Ty::Prim(PrimType::Boolean), ReduceOp::And | ReduceOp::Or) => {
                        Some(Ty::BOOLEAN)
                    }
                    _ => None,
                };
                match result {
                    Some(ty) => ty,
                    None => {
                        self.error(
                            codes::REDUCE_OP_MISMATCH,
                            format!(
                                "operator `{}` cannot reduce elements of type `{}`",
                                op.symbol(),
                                self.name(&elem)
                            ),
                            op_span,
                        );
                        Ty::Error
                    }
                }
            }
            ReduceOperator::Method { class, method } => {
                let Some(class_id) = self.lime_class(class.as_ref()) else { return Ty::Error };
                let ids = self.methods_named(class_id, method);
                // The most specific overload the elements can be passed to (`g(int, int)`
                // over `g(long, long)` for an `int[]`), else the first of them.
                let applicable: Vec<MethodId> = ids
                    .iter()
                    .copied()
                    .filter(|&id| {
                        let m = self.p.method(id);
                        m.params.len() == 2 && m.params.iter().all(|p| invocable(&elem, &p.ty))
                    })
                    .collect();
                let chosen = self
                    .most_specific(&applicable)
                    .or_else(|| applicable.first().copied())
                    .or_else(|| ids.first().copied());
                let Some(chosen) = chosen else { return Ty::Error };
                self.p.calls.insert(e.id, CallTarget::Method(chosen));
                self.require_static_local(chosen, method.span, "`!`");
                let m = self.p.method(chosen);
                let ok =
                    m.params.len() == 2 && m.params.iter().all(|p| p.ty == elem) && m.ret == elem;
                if !ok {
                    let sig = format!(
                        "({}) -> {}",
                        m.params.iter().map(|p| self.name(&p.ty)).collect::<Vec<_>>().join(", "),
                        self.name(&m.ret)
                    );
                    let elem_name = self.name(&elem);
                    let decl = m.name_span;
                    self.emit(
                        Diagnostic::error(
                            codes::REDUCE_METHOD_SIGNATURE,
                            format!(
                                "`!` with method `{}` needs type `({elem_name}, {elem_name}) -> {elem_name}`, found `{sig}`",
                                method.name
                            ),
                            method.span,
                        )
                        .with_secondary(decl, "method declared here"),
                    );
                    return Ty::Error;
                }
                elem
            }
        }
    }

    /// `task C.m` (static worker) and `task new C(args).m` (instance worker).
    pub(super) fn check_task(
        &mut self,
        e: &Expr,
        class: &Ident,
        ctor_args: Option<&Vec<Expr>>,
        method: &Ident,
    ) -> Ty {
        let class_id = match ctor_args {
            Some(args) => match self.resolve_ctor(class, args, class.span) {
                Some((id, target)) => {
                    self.p.task_ctors.insert(e.id, target);
                    id
                }
                None => return Ty::Error,
            },
            // `task obj.m` on an existing object: LANGUAGE.md §3.1 has two forms only.
            None if self.lookup_local(&class.name).is_some()
                && !self.p.class_by_name.contains_key(&class.name) =>
            {
                self.emit(
                    Diagnostic::error(
                        codes::UNKNOWN_TYPE,
                        format!("cannot find class `{}`", class.name),
                        class.span,
                    )
                    .with_help(format!(
                        "`{}` is a variable: a task's worker is `task C.{m}` (a static method of \
                         class `C`) or `task new C(..).{m}` (an instance method of a new object)",
                        class.name,
                        m = method.name
                    )),
                );
                return Ty::Error;
            }
            None => match self.lime_class(Some(class)) {
                Some(id) => id,
                None => return Ty::Error,
            },
        };
        let ids = self.methods_named(class_id, method);
        let Some(&worker) = ids.first() else { return Ty::Error };
        if ids.len() > 1 {
            self.error(
                codes::BAD_WORKER,
                format!(
                    "task worker `{}` is overloaded; a worker must have a single declaration",
                    method.name
                ),
                method.span,
            );
            return Ty::Error;
        }
        self.p.calls.insert(e.id, CallTarget::Method(worker));
        let info = self.p.method(worker).clone();
        let path = self.p.method_path(worker);
        match (ctor_args.is_some(), info.is_static) {
            (false, false) => {
                self.emit(
                    Diagnostic::error(
                        codes::BAD_WORKER,
                        format!(
                            "the worker `{path}` of `task {}.{}` must be static",
                            class.name, method.name
                        ),
                        method.span,
                    )
                    .with_secondary(info.name_span, "declared without `static` here")
                    .with_help(format!(
                        "create an object for it: `task new {}(..).{}`",
                        class.name, method.name
                    )),
                );
                return Ty::Error;
            }
            (true, true) => {
                self.emit(
                    Diagnostic::error(
                        codes::BAD_WORKER,
                        format!("the worker `{path}` of `task new {}(..).{}` must be an instance method", class.name, method.name),
                        method.span,
                    )
                    .with_secondary(info.name_span, "declared `static` here")
                    .with_help(format!("use `task {}.{}` for a static worker", class.name, method.name)),
                );
                return Ty::Error;
            }
            _ => {}
        }
        let shape_error = match (info.params.len(), &info.ret) {
            (0, Ty::Void) => {
                Some("a source (no parameters) must return the items it produces, not `void`")
            }
            (0 | 1, _) => None,
            _ => Some("a worker takes no parameter (source) or one parameter (filter or sink)"),
        };
        if let Some(reason) = shape_error {
            self.emit(
                Diagnostic::error(
                    codes::BAD_WORKER,
                    format!("`{path}` cannot be a task worker: {reason}"),
                    method.span,
                )
                .with_secondary(info.name_span, "worker declared here"),
            );
            return Ty::Error;
        }
        self.p.task_ends.insert(e.id, (worker, worker));
        Ty::Task
    }

    /// `t1 => t2`: the output of `t1`'s last worker feeds `t2`'s first worker.
    pub(super) fn check_connect(&mut self, e: &Expr, lhs: &Expr, rhs: &Expr) -> Ty {
        let lt = self.check_expr(lhs, None);
        let rt = self.check_expr(rhs, None);
        let mut ok = true;
        for (side, ty) in [(lhs, &lt), (rhs, &rt)] {
            if !ty.is_error() && *ty != Ty::Task {
                ok = false;
                self.error(
                    codes::MISMATCHED_TYPES,
                    format!("mismatched types: expected `Task`, found `{}`", self.name(ty)),
                    side.span,
                );
            }
        }
        if !ok || lt.is_error() || rt.is_error() {
            return if ok { Ty::Task } else { Ty::Error };
        }
        let (Some(&(first, last)), Some(&(rhs_first, rhs_last))) =
            (self.p.task_ends.get(&lhs.id), self.p.task_ends.get(&rhs.id))
        else {
            return Ty::Task;
        };
        let producer = self.p.method(last).clone();
        let consumer = self.p.method(rhs_first).clone();
        let (producer_path, consumer_path) =
            (self.p.method_path(last), self.p.method_path(rhs_first));
        if producer.ret == Ty::Void {
            self.emit(
                Diagnostic::error(
                    codes::BAD_CONNECT_END,
                    format!("the sink `{producer_path}` produces no output and cannot be connected with `=>`"),
                    lhs.span,
                )
                .with_secondary(producer.name_span, "a `void` worker is a sink"),
            );
            return Ty::Error;
        }
        if consumer.params.is_empty() {
            self.emit(
                Diagnostic::error(
                    codes::BAD_CONNECT_END,
                    format!("the source `{consumer_path}` takes no input and cannot be on the right of `=>`"),
                    rhs.span,
                )
                .with_secondary(consumer.name_span, "a worker without parameters is a source"),
            );
            return Ty::Error;
        }
        let out_ty = producer.ret.clone();
        let in_ty = consumer.params[0].ty.clone();
        if !invocable(&out_ty, &in_ty) {
            self.emit(
                Diagnostic::error(
                    codes::CONNECT_MISMATCH,
                    format!(
                        "cannot connect `{producer_path}` to `{consumer_path}`: output type `{}` is not assignable to input type `{}`",
                        self.name(&out_ty),
                        self.name(&in_ty)
                    ),
                    e.span,
                )
                .with_secondary(producer.name_span, format!("produces `{}`", self.name(&out_ty)))
                .with_secondary(consumer.name_span, format!("consumes `{}`", self.name(&in_ty))),
            );
            return Ty::Error;
        }
        if !self.is_value_type(&out_ty) {
            // The edge itself, from the producing task on (`a => b => c` is `(a => b) => c`).
            let mut last = lhs;
            while let ExprKind::Connect { rhs: inner, .. } = &last.kind {
                last = inner;
            }
            let mut diagnostic = Diagnostic::error(
                codes::MUTABLE_EDGE,
                format!(
                    "a value of type `{}` cannot cross a task edge: only primitive and value types can",
                    self.name(&out_ty)
                ),
                last.span.to(rhs.span),
            )
            .with_secondary(producer.name_span, format!("produces `{}`", self.name(&out_ty)));
            if out_ty.is_array() {
                diagnostic = diagnostic.with_help(format!(
                    "use a value array such as `{}` for the worker's result and parameter",
                    self.name(&value_form(&out_ty))
                ));
            }
            self.emit(diagnostic);
            return Ty::Error;
        }
        self.p.task_ends.insert(e.id, (first, rhs_last));
        Ty::Task
    }
}

/// How an argument of type `arg` is passed to a parameter of type `param` in a map.
fn map_kind(arg: &Ty, param: &Ty) -> Option<MapArg> {
    if arg.is_error() {
        return Some(MapArg::Mapped);
    }
    if let Some(elem) = arg.element() {
        if invocable(elem, param) {
            return Some(MapArg::Mapped);
        }
    }
    invocable(arg, param).then_some(MapArg::Broadcast)
}

/// Whether `new T[[]](source)` can freeze `source` into `target`: per dimension, an
/// array (mutable or value) with the same element type.
fn freezes_to(source: &Ty, target: &Ty) -> bool {
    match (source, target) {
        (Ty::Array(s) | Ty::ValueArray(s, _), Ty::ValueArray(t, _)) => match (&**s, &**t) {
            (inner_s, inner_t @ Ty::ValueArray(..)) => freezes_to(inner_s, inner_t),
            (inner_s, inner_t) => inner_s == inner_t,
        },
        _ => false,
    }
}
