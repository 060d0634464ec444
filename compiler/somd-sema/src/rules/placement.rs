//! Where the SOMD and Lime modifiers may appear.
//!
//! The parser accepts any modifier in any modifier list; this pass rejects the places that
//! have no meaning: `reduce(..)` on a field (constructors are handled with the other
//! `reduce` rules), `local` on a field or a constructor (a constructor's isolation is
//! inferred from its body), and `shared` on a parameter (a parameter is bound to the
//! caller's value; only a local of a SOMD method can be a per-instance scalar).

use super::codes;
use crate::model::Program;
use somd_diag::{Diagnostic, Span};
use somd_syntax::ast::{Member, ModifierKind, Modifiers, Param};

pub(super) fn check(program: &Program, diagnostics: &mut Vec<Diagnostic>) {
    for unit in &program.units {
        for class in &unit.classes {
            for member in &class.members {
                match member {
                    Member::Field(field) => {
                        if let Some(span) =
                            find(&field.modifiers, |k| matches!(k, ModifierKind::Reduce(_)))
                        {
                            diagnostics.push(
                                Diagnostic::error(
                                    codes::REDUCE_ON_FIELD,
                                    "`reduce` applies only to methods",
                                    span,
                                )
                                .with_label("`reduce` on a field")
                                .with_help("remove `reduce(..)` from the field"),
                            );
                        }
                        if let Some(span) = find(&field.modifiers, |k| *k == ModifierKind::Local) {
                            diagnostics.push(local_not_method(span, "a field"));
                        }
                    }
                    Member::Method(method) => shared_params(&method.params, diagnostics),
                    Member::Constructor(ctor) => {
                        if let Some(span) = find(&ctor.modifiers, |k| *k == ModifierKind::Local) {
                            diagnostics.push(local_not_method(span, "a constructor").with_note(
                                "a constructor's isolation is inferred from its body; `local` \
                                 methods may call constructors whose bodies are isolated",
                            ));
                        }
                        shared_params(&ctor.params, diagnostics);
                    }
                }
            }
        }
    }
}

fn find(modifiers: &Modifiers, wanted: impl Fn(&ModifierKind) -> bool) -> Option<Span> {
    modifiers.list.iter().find(|m| wanted(&m.kind)).map(|m| m.span)
}

fn local_not_method(span: Span, what: &str) -> Diagnostic {
    Diagnostic::error(codes::LOCAL_NOT_METHOD, "`local` applies only to methods", span)
        .with_label(format!("`local` on {what}"))
        .with_help("remove `local`")
}

fn shared_params(params: &[Param], diagnostics: &mut Vec<Diagnostic>) {
    for param in params {
        if let Some(span) = find(&param.modifiers, |k| *k == ModifierKind::Shared) {
            diagnostics.push(
                Diagnostic::error(
                    codes::SHARED_PARAM,
                    format!("parameter `{}` cannot be `shared`", param.name.name),
                    span,
                )
                .with_label("`shared` on a parameter")
                .with_help(
                    "declare a `shared` local inside the SOMD method and initialise it from the \
                     parameter",
                ),
            );
        }
    }
}
