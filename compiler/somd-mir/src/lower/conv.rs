//! Java's conversions made explicit: numeric promotion (JLS §5.6), widening in
//! assignment and invocation contexts, and the conversion of compile-time constants
//! (which Java performs at compile time, so a converted constant is again a `Const`).

use super::FnLower;
use crate::ir::*;
use somd_sema::model::ConstValue;
use somd_syntax::ast::PrimType;

/// Unary numeric promotion (JLS §5.6.1).
pub(crate) fn unary_promote(p: PrimType) -> PrimType {
    match p {
        PrimType::Byte | PrimType::Short | PrimType::Char => PrimType::Int,
        other => other,
    }
}

/// Binary numeric promotion (JLS §5.6.2); `boolean` stays `boolean` (for `& | ^ == !=`).
pub(crate) fn binary_promote(a: PrimType, b: PrimType) -> PrimType {
    use PrimType::*;
    if a == Boolean && b == Boolean {
        Boolean
    } else if a == Double || b == Double {
        Double
    } else if a == Float || b == Float {
        Float
    } else if a == Long || b == Long {
        Long
    } else {
        Int
    }
}

/// A checker constant as a MIR constant of type `ty` (with Java's conversion).
pub(crate) fn const_value(value: &ConstValue, ty: &Type) -> Option<Const> {
    let raw = match value {
        ConstValue::Int(n) => Const::Int(*n),
        ConstValue::Long(n) => Const::Long(*n),
        ConstValue::Float(x) => Const::Float(*x),
        ConstValue::Double(x) => Const::Double(*x),
        ConstValue::Bool(b) => Const::Bool(*b),
        ConstValue::Char(c) => Const::Char(*c),
        ConstValue::Str(s) => Const::Str(s.clone()),
    };
    match ty {
        Type::Prim(p) => convert_const(&raw, *p),
        Type::String if matches!(raw, Const::Str(_)) => Some(raw),
        _ => None,
    }
}

/// Converts a primitive constant with Java's cast semantics (JLS §5.1.2, §5.1.3).
pub(crate) fn convert_const(c: &Const, to: PrimType) -> Option<Const> {
    if let Const::Bool(b) = c {
        return (to == PrimType::Boolean).then_some(Const::Bool(*b));
    }
    if to == PrimType::Boolean {
        return None;
    }
    // Integral source values as i64, floating ones as f64.
    let (int, float): (Option<i64>, Option<f64>) = match c {
        Const::Byte(n) => (Some(i64::from(*n)), None),
        Const::Short(n) => (Some(i64::from(*n)), None),
        Const::Char(n) => (Some(i64::from(*n)), None),
        Const::Int(n) => (Some(i64::from(*n)), None),
        Const::Long(n) => (Some(*n), None),
        Const::Float(x) => (None, Some(f64::from(*x))),
        Const::Double(x) => (None, Some(*x)),
        Const::Bool(_) | Const::Str(_) | Const::Null => return None,
    };
    // Floating to a type narrower than int goes through int (JLS §5.1.3).
    let as_int_bits = |float: f64| -> i64 { i64::from(float as i32) };
    Some(match to {
        PrimType::Float => match (c, int) {
            (Const::Float(x), _) => Const::Float(*x),
            (_, Some(n)) => Const::Float(n as f32),
            _ => Const::Float(float.unwrap_or(0.0) as f32),
        },
        PrimType::Double => match int {
            Some(n) => Const::Double(n as f64),
            None => Const::Double(float.unwrap_or(0.0)),
        },
        PrimType::Long => Const::Long(match int {
            Some(n) => n,
            None => float.unwrap_or(0.0) as i64,
        }),
        PrimType::Int => Const::Int(match int {
            Some(n) => n as i32,
            None => float.unwrap_or(0.0) as i32,
        }),
        PrimType::Short => {
            Const::Short(int.unwrap_or_else(|| as_int_bits(float.unwrap_or(0.0))) as i16)
        }
        PrimType::Char => {
            Const::Char(int.unwrap_or_else(|| as_int_bits(float.unwrap_or(0.0))) as u16)
        }
        PrimType::Byte => {
            Const::Byte(int.unwrap_or_else(|| as_int_bits(float.unwrap_or(0.0))) as i8)
        }
        PrimType::Boolean => return None,
    })
}

impl FnLower<'_> {
    /// Converts `id` to `to` where Java converts implicitly: primitive to another
    /// primitive becomes `Convert` (a constant is converted in place); reference types
    /// are unchanged (null and bounded value arrays widen without a run-time step).
    pub(crate) fn coerce(&mut self, id: ExprId, to: &Type) -> ExprId {
        let from = self.expr_ty(id).clone();
        let (Type::Prim(_), Type::Prim(p)) = (&from, to) else { return id };
        if from == *to {
            return id;
        }
        let span = self.exprs[id.0 as usize].span;
        if let ExprKind::Const(c) = &self.exprs[id.0 as usize].kind {
            if let Some(converted) = convert_const(c, *p) {
                let slot = &mut self.exprs[id.0 as usize];
                slot.kind = ExprKind::Const(converted);
                slot.ty = to.clone();
                return id;
            }
        }
        self.push(ExprKind::Convert { operand: id }, to.clone(), span)
    }

    /// Unary numeric promotion of a primitive operand.
    pub(crate) fn promote_unary(&mut self, id: ExprId) -> ExprId {
        match self.expr_ty(id).clone() {
            Type::Prim(p) => self.coerce(id, &Type::Prim(unary_promote(p))),
            _ => id,
        }
    }
}
