//! Rules for `reduce(..)` method modifiers (LANGUAGE.md §2.3).
//!
//! A SOMD method whose result is neither an array nor `void` must say how partial results
//! combine. `reduce(op)` needs an operator that applies to the result type; `reduce(-)` is
//! accepted with a warning. `reduce(self)` is read literally: the method is called with the
//! array of partial results as its only argument, so the method must have exactly one
//! parameter, of type `R[]` where `R` is the result type. `reduce(C)` needs
//! `static R combine(R a, R b)` or `static R combineAll(R[] partials)` in class `C`, with
//! exactly those types.

use super::codes;
use super::util;
use crate::model::{MethodInfo, Program, Ty};
use somd_diag::{Diagnostic, Span};
use somd_syntax::ast::{Ident, MethodDecl, ModifierKind, Modifiers, ReduceOp, ReduceStrategy};

pub(super) fn check(program: &Program, diagnostics: &mut Vec<Diagnostic>) {
    for id in program.method_ids() {
        let Some(decl) = program.method_decl(id) else { continue };
        let Some(info) = util::method_info(program, id) else { continue };
        check_duplicates(&decl.modifiers, diagnostics);
        let path = program.method_path(id);
        match decl.modifiers.reduce() {
            Some((strategy, span)) => {
                check_strategy(program, info, &path, strategy, span, diagnostics)
            }
            None => check_missing(program, decl, info, &path, diagnostics),
        }
    }
    for index in 0..program.ctors.len() {
        let Some(decl) = program.ctor_decl(crate::model::CtorId(index as u32)) else { continue };
        if let Some((_, span)) = decl.modifiers.reduce() {
            diagnostics.push(
                Diagnostic::error(codes::REDUCE_ON_CTOR, "constructors cannot have `reduce`", span)
                    .with_label("`reduce` on a constructor")
                    .with_help("remove `reduce`; only methods with results can reduce"),
            );
        }
    }
}

fn check_duplicates(modifiers: &Modifiers, diagnostics: &mut Vec<Diagnostic>) {
    let mut first: Option<Span> = None;
    for modifier in &modifiers.list {
        if !matches!(modifier.kind, ModifierKind::Reduce(_)) {
            continue;
        }
        match first {
            None => first = Some(modifier.span),
            Some(first_span) => diagnostics.push(
                Diagnostic::error(
                    codes::REDUCE_DUPLICATE,
                    "a method can have only one `reduce` strategy",
                    modifier.span,
                )
                .with_label("second `reduce` modifier")
                .with_secondary(first_span, "first `reduce` modifier here")
                .with_help("keep one `reduce(..)` modifier"),
            ),
        }
    }
}

fn check_missing(
    program: &Program,
    decl: &MethodDecl,
    info: &MethodInfo,
    path: &str,
    diagnostics: &mut Vec<Diagnostic>,
) {
    if !util::decl_is_somd(decl) {
        return;
    }
    let ret = &info.ret;
    if matches!(ret, Ty::Void | Ty::Error) || ret.is_any_array() {
        return;
    }
    diagnostics.push(
        Diagnostic::error(
            codes::REDUCE_MISSING,
            format!(
                "SOMD method `{path}` returns `{}` but has no `reduce` strategy",
                program.ty_name(ret)
            ),
            info.name_span,
        )
        .with_label("every method instance returns a partial result")
        .with_help(
            "add `reduce(+)` (or another strategy: `*`, `min`, `max`, `self`, a class) to the \
             modifiers to say how partial results combine",
        ),
    );
}

fn check_strategy(
    program: &Program,
    info: &MethodInfo,
    path: &str,
    strategy: &ReduceStrategy,
    span: Span,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let ret = &info.ret;
    if *ret == Ty::Void {
        diagnostics.push(
            Diagnostic::error(
                codes::REDUCE_ON_VOID,
                format!("`void` method `{path}` cannot have a `reduce` strategy"),
                span,
            )
            .with_label("there is no result to reduce")
            .with_help("remove `reduce(..)`, or return the value to combine"),
        );
        return;
    }
    if ret.is_error() {
        return;
    }
    match strategy {
        ReduceStrategy::Op(op) => check_op(program, *op, ret, path, span, diagnostics),
        ReduceStrategy::SelfCall => check_self(program, info, path, span, diagnostics),
        ReduceStrategy::Class(class) => check_class(program, class, ret, diagnostics),
    }
}

fn check_op(
    program: &Program,
    op: ReduceOp,
    ret: &Ty,
    path: &str,
    span: Span,
    diagnostics: &mut Vec<Diagnostic>,
) {
    if !util::op_applies(op, ret) {
        diagnostics.push(
            Diagnostic::error(
                codes::REDUCE_OP_TYPE,
                format!(
                    "`reduce({})` does not apply to `{}`, the result type of `{path}`",
                    op.symbol(),
                    program.ty_name(ret)
                ),
                span,
            )
            .with_label(format!("`{}` needs {}", op.symbol(), util::op_domain(op)))
            .with_help(if ret.is_any_array() {
                "remove `reduce(..)` to assemble the partial arrays, or use `reduce(C)` with a \
                 class that combines them"
            } else {
                "choose an operator for this type, or a class with `combine`"
            }),
        );
        return;
    }
    if op == ReduceOp::Sub {
        diagnostics.push(
            Diagnostic::warning(
                codes::REDUCE_SUB_WARNING,
                "`reduce(-)` is not associative; the partial results are combined sequentially",
                span,
            )
            .with_label("evaluated as `r0 - r1 - r2 - ..` in partition order")
            .with_help("reduce with `+` and negate where needed, so the reduction can be a tree"),
        );
    }
}

fn check_self(
    program: &Program,
    info: &MethodInfo,
    path: &str,
    span: Span,
    diagnostics: &mut Vec<Diagnostic>,
) {
    if info.params.iter().any(|param| param.ty.is_error()) {
        return;
    }
    let wanted = Ty::Array(Box::new(info.ret.clone()));
    if info.params.len() == 1 && info.params.iter().all(|param| param.ty == wanted) {
        return;
    }
    let wanted_name = program.ty_name(&wanted);
    let mut diagnostic = Diagnostic::error(
        codes::REDUCE_SELF_SHAPE,
        format!(
            "`reduce(self)` calls `{path}` on the array of partial results, so its only \
             parameter must have type `{wanted_name}`"
        ),
        span,
    )
    .with_label("partial results are passed back to this method");
    for param in &info.params {
        if param.ty != wanted {
            diagnostic = diagnostic.with_secondary(
                param.span,
                format!("`{}` has type `{}`", param.name, program.ty_name(&param.ty)),
            );
        }
    }
    if info.params.len() > 1 {
        diagnostic = diagnostic.with_note(format!(
            "`{path}` has {} parameters but the reduction passes one argument",
            info.params.len()
        ));
    }
    diagnostics.push(diagnostic.with_help(format!(
        "take a single `dist {wanted_name}` parameter, or reduce with an operator or a class"
    )));
}

fn check_class(program: &Program, class: &Ident, ret: &Ty, diagnostics: &mut Vec<Diagnostic>) {
    let Some(&class_id) = program.class_by_name.get(&class.name) else {
        diagnostics.push(
            Diagnostic::error(
                codes::REDUCE_UNKNOWN_CLASS,
                format!("cannot find reduction class `{}`", class.name),
                class.span,
            )
            .with_label("not a class of this program")
            .with_help("name a class with a `combine` or `combineAll` method, or an operator"),
        );
        return;
    };
    let Some(class_info) = program.classes.get(class_id.0 as usize) else { return };
    let array = Ty::Array(Box::new(ret.clone()));
    let mut near_misses = Vec::new();
    for &method_id in &class_info.methods {
        let Some(method) = util::method_info(program, method_id) else { continue };
        let params: Vec<&Ty> = method.params.iter().map(|p| &p.ty).collect();
        if params.iter().any(|ty| ty.is_error()) || method.ret.is_error() {
            if method.name == "combine" || method.name == "combineAll" {
                return;
            }
            continue;
        }
        let fits = match method.name.as_str() {
            "combine" => params == [ret, ret],
            "combineAll" => params == [&array],
            _ => false,
        };
        if fits && method.is_static && &method.ret == ret {
            somd_hook(method, &format!("`{}.{}`", class.name, method.name), diagnostics);
            return;
        }
        if method.name == "combine" || method.name == "combineAll" {
            near_misses.push(method.name_span);
        }
    }
    let r = program.ty_name(ret);
    let mut diagnostic = Diagnostic::error(
        codes::REDUCE_NO_COMBINE,
        format!(
            "reduction class `{}` has neither `static {r} combine({r} a, {r} b)` nor \
                 `static {r} combineAll({r}[] partials)`",
            class.name
        ),
        class.span,
    )
    .with_label(format!("used to reduce results of type `{r}`"))
    .with_secondary(class_info.name_span, format!("`{}` is declared here", class.name));
    for span in near_misses {
        diagnostic = diagnostic.with_secondary(span, "this method has a different signature");
    }
    diagnostics.push(diagnostic.with_help(format!(
        "declare `static {r} combine({r} a, {r} b)` (associative) or \
         `static {r} combineAll({r}[] partials)` in `{}`",
        class.name
    )));
}

/// E0313 when the hook `method` (`what`, named in the message) of a reduction class or a
/// partitioning strategy is a SOMD method: the runtime calls it with whole values.
pub(super) fn somd_hook(method: &MethodInfo, what: &str, diagnostics: &mut Vec<Diagnostic>) {
    let Some(param) = method.params.iter().find(|p| p.dist.is_some()) else { return };
    diagnostics.push(
        Diagnostic::error(
            codes::SOMD_AS_HOOK,
            format!("{what} cannot be a SOMD method: it is called once with whole values"),
            param.span,
        )
        .with_label("`dist` parameter")
        .with_help("remove `dist` from the parameter"),
    );
}
