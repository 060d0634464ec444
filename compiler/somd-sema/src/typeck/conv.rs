//! Java's conversions on the subset (JLS ch. 5): widening primitive conversion, numeric
//! promotion, assignment and invocation contexts, casts, and Lime's value array bounds.

use super::constant;
use crate::model::{ConstValue, Ty};
use somd_syntax::ast::PrimType;

/// Widening primitive conversion (JLS §5.1.2), identity included.
pub fn widens(from: PrimType, to: PrimType) -> bool {
    use PrimType::*;
    from == to
        || matches!(
            (from, to),
            (Byte, Short | Int | Long | Float | Double)
                | (Short, Int | Long | Float | Double)
                | (Char, Int | Long | Float | Double)
                | (Int, Long | Float | Double)
                | (Long, Float | Double)
                | (Float, Double)
        )
}

/// `byte`, `short`, `char`, `int` or `long`.
pub fn is_integral(p: PrimType) -> bool {
    matches!(p, PrimType::Byte | PrimType::Short | PrimType::Char | PrimType::Int | PrimType::Long)
}

/// Unary numeric promotion (JLS §5.6.1).
pub(super) fn unary_promote(p: PrimType) -> PrimType {
    match p {
        PrimType::Byte | PrimType::Short | PrimType::Char => PrimType::Int,
        other => other,
    }
}

/// Binary numeric promotion (JLS §5.6.2).
pub(super) fn binary_promote(a: PrimType, b: PrimType) -> PrimType {
    use PrimType::*;
    if a == Double || b == Double {
        Double
    } else if a == Float || b == Float {
        Float
    } else if a == Long || b == Long {
        Long
    } else {
        Int
    }
}

/// Types whose values are references (`null` is assignable to them).
pub(super) fn is_reference(ty: &Ty) -> bool {
    matches!(
        ty,
        Ty::String | Ty::Task | Ty::Random | Ty::Class(_) | Ty::Array(_) | Ty::ValueArray(..)
    )
}

/// Reference widening on the subset: `null` to any reference type, and a bounded value
/// array `T[[N]]` to the unbounded `T[[]]` (per dimension).
fn ref_widens(from: &Ty, to: &Ty) -> bool {
    match (from, to) {
        (Ty::Null, to) => is_reference(to),
        (Ty::Array(a), Ty::Array(b)) => a == b || (!matches!(**a, Ty::Prim(_)) && ref_elem(a, b)),
        (Ty::ValueArray(a, n), Ty::ValueArray(b, m)) => (m.is_none() || n == m) && ref_elem(a, b),
        (a, b) => a == b,
    }
}

fn ref_elem(a: &Ty, b: &Ty) -> bool {
    match (a, b) {
        (Ty::Prim(x), Ty::Prim(y)) => x == y,
        _ => ref_widens(a, b) && !matches!(a, Ty::Null),
    }
}

/// Strict/loose invocation context (JLS §5.3): identity, widening primitive, reference
/// widening. [`Ty::Error`] converts both ways.
pub(super) fn invocable(from: &Ty, to: &Ty) -> bool {
    match (from, to) {
        (Ty::Error, _) | (_, Ty::Error) => true,
        (Ty::Prim(a), Ty::Prim(b)) => widens(*a, *b),
        (Ty::Void, _) | (_, Ty::Void) => false,
        (a, b) => ref_widens(a, b),
    }
}

/// Assignment context (JLS §5.2): invocation context plus the narrowing of an `int`
/// constant (of type `int`, `short`, `char` or `byte`) to `byte`, `short` or `char` when
/// the value fits.
pub(super) fn assignable(from: &Ty, to: &Ty, constant: Option<&ConstValue>) -> bool {
    if invocable(from, to) {
        return true;
    }
    match (from, to, constant) {
        (
            Ty::Prim(PrimType::Int | PrimType::Short | PrimType::Char | PrimType::Byte),
            Ty::Prim(target @ (PrimType::Byte | PrimType::Short | PrimType::Char)),
            Some(value),
        ) => constant::fits(value, *target),
        _ => false,
    }
}

/// Casting context (JLS §5.5) on the subset: numeric to numeric, boolean to boolean,
/// identity and widening of references, `null` to references, and value arrays that
/// differ only in their bounds (checked at run time).
pub(super) fn castable(from: &Ty, to: &Ty) -> bool {
    match (from, to) {
        (Ty::Error, _) | (_, Ty::Error) => true,
        (Ty::Prim(a), Ty::Prim(b)) => (*a == PrimType::Boolean) == (*b == PrimType::Boolean),
        (Ty::ValueArray(a, _), Ty::ValueArray(b, _)) => same_modulo_bounds(a, b),
        (a, b) => invocable(a, b),
    }
}

fn same_modulo_bounds(a: &Ty, b: &Ty) -> bool {
    match (a, b) {
        (Ty::ValueArray(x, _), Ty::ValueArray(y, _)) => same_modulo_bounds(x, y),
        (Ty::Array(x), Ty::Array(y)) => same_modulo_bounds(x, y),
        (x, y) => x == y,
    }
}
