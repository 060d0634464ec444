//! Constant folding with Java's semantics (JLS §15.29 on the subset).
//!
//! The typed path folds each expression from its operands' constants while it types it
//! (results go to [`crate::model::Program::constants`]); [`Checker::const_eval`] folds an
//! expression without a body context, for `[[N]]` bounds in signatures and for the
//! initializers of `final` fields (constant variables), which may be read before their
//! class's bodies are checked.

use super::{Checker, FieldConst};
use crate::model::{ClassId, ConstValue, FieldId, Ty};
use somd_syntax::ast::{BinaryOp, Expr, ExprKind, Literal, PrimType, UnaryOp};

/// The integer value of an `int`-typed constant (also `char`).
pub(super) fn as_int(value: &ConstValue) -> Option<i32> {
    match value {
        ConstValue::Int(n) => Some(*n),
        ConstValue::Char(c) => Some(i32::from(*c)),
        _ => None,
    }
}

pub(super) fn literal_value(lit: &Literal) -> Option<ConstValue> {
    Some(match lit {
        Literal::Int(n) => ConstValue::Int(*n),
        Literal::Long(n) => ConstValue::Long(*n),
        Literal::Float(x) => ConstValue::Float(*x),
        Literal::Double(x) => ConstValue::Double(*x),
        Literal::Char(c) => ConstValue::Char(*c),
        Literal::Bool(b) => ConstValue::Bool(*b),
        Literal::Str(s) => ConstValue::Str(s.clone()),
        Literal::Null => return None,
    })
}

/// A numeric constant widened to the given kind.
fn as_i64(value: &ConstValue) -> Option<i64> {
    match value {
        ConstValue::Int(n) => Some(i64::from(*n)),
        ConstValue::Char(c) => Some(i64::from(*c)),
        ConstValue::Long(n) => Some(*n),
        _ => None,
    }
}

fn as_f64(value: &ConstValue) -> Option<f64> {
    match value {
        ConstValue::Int(n) => Some(f64::from(*n)),
        ConstValue::Char(c) => Some(f64::from(*c)),
        ConstValue::Long(n) => Some(*n as f64),
        ConstValue::Float(x) => Some(f64::from(*x)),
        ConstValue::Double(x) => Some(*x),
        _ => None,
    }
}

fn as_f32(value: &ConstValue) -> Option<f32> {
    match value {
        ConstValue::Int(n) => Some(*n as f32),
        ConstValue::Char(c) => Some(f32::from(*c)),
        ConstValue::Long(n) => Some(*n as f32),
        ConstValue::Float(x) => Some(*x),
        _ => None,
    }
}

/// Numeric rank for binary promotion: 0 int, 1 long, 2 float, 3 double.
fn rank(value: &ConstValue) -> Option<u8> {
    match value {
        ConstValue::Int(_) | ConstValue::Char(_) => Some(0),
        ConstValue::Long(_) => Some(1),
        ConstValue::Float(_) => Some(2),
        ConstValue::Double(_) => Some(3),
        _ => None,
    }
}

/// Java's string conversion of a constant, where it is exact (floating values are left
/// unfolded: their formatting belongs to the runtime).
fn to_java_string(value: &ConstValue) -> Option<String> {
    match value {
        ConstValue::Int(n) => Some(n.to_string()),
        ConstValue::Long(n) => Some(n.to_string()),
        ConstValue::Bool(b) => Some(b.to_string()),
        ConstValue::Char(c) => char::from_u32(u32::from(*c)).map(String::from),
        ConstValue::Str(s) => Some(s.clone()),
        ConstValue::Float(_) | ConstValue::Double(_) => None,
    }
}

pub(super) fn fold_unary(op: UnaryOp, value: &ConstValue) -> Option<ConstValue> {
    match (op, value) {
        (UnaryOp::Not, ConstValue::Bool(b)) => Some(ConstValue::Bool(!b)),
        (UnaryOp::Neg, ConstValue::Long(n)) => Some(ConstValue::Long(n.wrapping_neg())),
        (UnaryOp::Neg, ConstValue::Float(x)) => Some(ConstValue::Float(-x)),
        (UnaryOp::Neg, ConstValue::Double(x)) => Some(ConstValue::Double(-x)),
        (UnaryOp::Neg, v) => as_int(v).map(|n| ConstValue::Int(n.wrapping_neg())),
        (UnaryOp::BitNot, ConstValue::Long(n)) => Some(ConstValue::Long(!n)),
        (UnaryOp::BitNot, v) => as_int(v).map(|n| ConstValue::Int(!n)),
        _ => None,
    }
}

pub(super) fn fold_binary(op: BinaryOp, lhs: &ConstValue, rhs: &ConstValue) -> Option<ConstValue> {
    use BinaryOp as B;
    if op == B::Add && (matches!(lhs, ConstValue::Str(_)) || matches!(rhs, ConstValue::Str(_))) {
        return Some(ConstValue::Str(format!("{}{}", to_java_string(lhs)?, to_java_string(rhs)?)));
    }
    if let (ConstValue::Bool(a), ConstValue::Bool(b)) = (lhs, rhs) {
        let (a, b) = (*a, *b);
        return Some(ConstValue::Bool(match op {
            B::And | B::BitAnd => a && b,
            B::Or | B::BitOr => a || b,
            B::BitXor | B::Ne => a != b,
            B::Eq => a == b,
            _ => return None,
        }));
    }
    if matches!(op, B::Shl | B::Shr | B::UShr) {
        let count = as_i64(rhs)?;
        return match lhs {
            ConstValue::Long(n) => {
                let c = (count & 63) as u32;
                Some(ConstValue::Long(match op {
                    B::Shl => n.wrapping_shl(c),
                    B::Shr => n.wrapping_shr(c),
                    _ => ((*n as u64) >> c) as i64,
                }))
            }
            v => {
                let n = as_int(v)?;
                let c = (count & 31) as u32;
                Some(ConstValue::Int(match op {
                    B::Shl => n.wrapping_shl(c),
                    B::Shr => n.wrapping_shr(c),
                    _ => ((n as u32) >> c) as i32,
                }))
            }
        };
    }
    let kind = rank(lhs)?.max(rank(rhs)?);
    match kind {
        0 => {
            let (a, b) = (as_int(lhs)?, as_int(rhs)?);
            fold_int(op, a, b)
        }
        1 => {
            let (a, b) = (as_i64(lhs)?, as_i64(rhs)?);
            fold_long(op, a, b)
        }
        2 => {
            let (a, b) = (as_f32(lhs)?, as_f32(rhs)?);
            fold_float(op, f64::from(a), f64::from(b), true)
        }
        _ => {
            let (a, b) = (as_f64(lhs)?, as_f64(rhs)?);
            fold_float(op, a, b, false)
        }
    }
}

fn fold_int(op: BinaryOp, a: i32, b: i32) -> Option<ConstValue> {
    use BinaryOp as B;
    Some(match op {
        B::Add => ConstValue::Int(a.wrapping_add(b)),
        B::Sub => ConstValue::Int(a.wrapping_sub(b)),
        B::Mul => ConstValue::Int(a.wrapping_mul(b)),
        B::Div if b != 0 => ConstValue::Int(a.wrapping_div(b)),
        B::Rem if b != 0 => ConstValue::Int(a.wrapping_rem(b)),
        B::BitAnd => ConstValue::Int(a & b),
        B::BitOr => ConstValue::Int(a | b),
        B::BitXor => ConstValue::Int(a ^ b),
        B::Lt => ConstValue::Bool(a < b),
        B::Le => ConstValue::Bool(a <= b),
        B::Gt => ConstValue::Bool(a > b),
        B::Ge => ConstValue::Bool(a >= b),
        B::Eq => ConstValue::Bool(a == b),
        B::Ne => ConstValue::Bool(a != b),
        _ => return None,
    })
}

fn fold_long(op: BinaryOp, a: i64, b: i64) -> Option<ConstValue> {
    use BinaryOp as B;
    Some(match op {
        B::Add => ConstValue::Long(a.wrapping_add(b)),
        B::Sub => ConstValue::Long(a.wrapping_sub(b)),
        B::Mul => ConstValue::Long(a.wrapping_mul(b)),
        B::Div if b != 0 => ConstValue::Long(a.wrapping_div(b)),
        B::Rem if b != 0 => ConstValue::Long(a.wrapping_rem(b)),
        B::BitAnd => ConstValue::Long(a & b),
        B::BitOr => ConstValue::Long(a | b),
        B::BitXor => ConstValue::Long(a ^ b),
        B::Lt => ConstValue::Bool(a < b),
        B::Le => ConstValue::Bool(a <= b),
        B::Gt => ConstValue::Bool(a > b),
        B::Ge => ConstValue::Bool(a >= b),
        B::Eq => ConstValue::Bool(a == b),
        B::Ne => ConstValue::Bool(a != b),
        _ => return None,
    })
}

fn fold_float(op: BinaryOp, a: f64, b: f64, single: bool) -> Option<ConstValue> {
    use BinaryOp as B;
    let number = |x: f64| {
        if single {
            ConstValue::Float(x as f32)
        } else {
            ConstValue::Double(x)
        }
    };
    // Single-precision operations are exact when computed in double and rounded once,
    // except for `%`, which is computed directly.
    Some(match op {
        B::Add => number(a + b),
        B::Sub => number(a - b),
        B::Mul => number(a * b),
        B::Div => number(a / b),
        B::Rem if single => ConstValue::Float((a as f32) % (b as f32)),
        B::Rem => number(a % b),
        B::Lt => ConstValue::Bool(a < b),
        B::Le => ConstValue::Bool(a <= b),
        B::Gt => ConstValue::Bool(a > b),
        B::Ge => ConstValue::Bool(a >= b),
        B::Eq => ConstValue::Bool(a == b),
        B::Ne => ConstValue::Bool(a != b),
        _ => return None,
    })
}

/// Java's cast of a constant to a primitive type (`(byte) 300 == 44`).
pub(super) fn fold_cast(value: &ConstValue, to: PrimType) -> Option<ConstValue> {
    if let ConstValue::Bool(b) = value {
        return (to == PrimType::Boolean).then_some(ConstValue::Bool(*b));
    }
    if matches!(value, ConstValue::Str(_)) {
        return None;
    }
    let as_long = |v: &ConstValue| -> Option<i64> {
        match v {
            // Rust's float-to-int casts saturate and map NaN to 0, like Java's.
            ConstValue::Float(x) => Some(*x as i64),
            ConstValue::Double(x) => Some(*x as i64),
            other => as_i64(other),
        }
    };
    let as_int32 = |v: &ConstValue| -> Option<i32> {
        match v {
            ConstValue::Float(x) => Some(*x as i32),
            ConstValue::Double(x) => Some(*x as i32),
            other => as_i64(other).map(|n| n as i32),
        }
    };
    Some(match to {
        PrimType::Boolean => return None,
        PrimType::Byte => ConstValue::Int(i32::from(as_int32(value)? as i8)),
        PrimType::Short => ConstValue::Int(i32::from(as_int32(value)? as i16)),
        PrimType::Char => ConstValue::Char(as_int32(value)? as u16),
        PrimType::Int => ConstValue::Int(as_int32(value)?),
        PrimType::Long => ConstValue::Long(as_long(value)?),
        PrimType::Float => ConstValue::Float(match value {
            ConstValue::Double(x) => *x as f32,
            other => as_f32(other)?,
        }),
        PrimType::Double => ConstValue::Double(as_f64(value)?),
    })
}

/// Whether an `int` constant fits the narrower type (assignment conversion, JLS §5.2).
pub(super) fn fits(value: &ConstValue, to: PrimType) -> bool {
    let Some(n) = as_int(value) else { return false };
    match to {
        PrimType::Byte => i8::try_from(n).is_ok(),
        PrimType::Short => i16::try_from(n).is_ok(),
        PrimType::Char => u16::try_from(n).is_ok(),
        _ => false,
    }
}

/// A built-in constant (`Math.PI`, `Integer.MAX_VALUE`, ...).
pub(super) fn builtin_constant(class: &str, name: &str) -> Option<(&'static str, ConstValue)> {
    Some(match (class, name) {
        ("Math", "PI") => ("PI", ConstValue::Double(std::f64::consts::PI)),
        ("Math", "E") => ("E", ConstValue::Double(std::f64::consts::E)),
        ("Integer", "MAX_VALUE") => ("MAX_VALUE", ConstValue::Int(i32::MAX)),
        ("Integer", "MIN_VALUE") => ("MIN_VALUE", ConstValue::Int(i32::MIN)),
        ("Long", "MAX_VALUE") => ("MAX_VALUE", ConstValue::Long(i64::MAX)),
        ("Long", "MIN_VALUE") => ("MIN_VALUE", ConstValue::Long(i64::MIN)),
        ("Float", "MAX_VALUE") => ("MAX_VALUE", ConstValue::Float(f32::MAX)),
        ("Float", "MIN_VALUE") => ("MIN_VALUE", ConstValue::Float(f32::from_bits(1))),
        ("Float", "POSITIVE_INFINITY") => ("POSITIVE_INFINITY", ConstValue::Float(f32::INFINITY)),
        ("Float", "NEGATIVE_INFINITY") => {
            ("NEGATIVE_INFINITY", ConstValue::Float(f32::NEG_INFINITY))
        }
        ("Float", "NaN") => ("NaN", ConstValue::Float(f32::NAN)),
        ("Double", "MAX_VALUE") => ("MAX_VALUE", ConstValue::Double(f64::MAX)),
        ("Double", "MIN_VALUE") => ("MIN_VALUE", ConstValue::Double(f64::from_bits(1))),
        ("Double", "POSITIVE_INFINITY") => ("POSITIVE_INFINITY", ConstValue::Double(f64::INFINITY)),
        ("Double", "NEGATIVE_INFINITY") => {
            ("NEGATIVE_INFINITY", ConstValue::Double(f64::NEG_INFINITY))
        }
        ("Double", "NaN") => ("NaN", ConstValue::Double(f64::NAN)),
        _ => return None,
    })
}

/// The type of a constant value.
pub(super) fn const_ty(value: &ConstValue) -> Ty {
    match value {
        ConstValue::Int(_) => Ty::INT,
        ConstValue::Long(_) => Ty::LONG,
        ConstValue::Float(_) => Ty::FLOAT,
        ConstValue::Double(_) => Ty::DOUBLE,
        ConstValue::Bool(_) => Ty::BOOLEAN,
        ConstValue::Char(_) => Ty::Prim(PrimType::Char),
        ConstValue::Str(_) => Ty::String,
    }
}

impl<'a> Checker<'a> {
    /// The initializer of a field, from the trees.
    pub(super) fn field_init(&self, field: FieldId) -> Option<&'a Expr> {
        let info = self.p.fields.get(field.0 as usize)?;
        let r = info.decl;
        let units: &'a [somd_syntax::ast::CompilationUnit] = self.units;
        match units.get(r.unit)?.classes.get(r.class)?.members.get(r.member)? {
            somd_syntax::ast::Member::Field(f) => f.vars.get(info.var)?.init.as_ref(),
            _ => None,
        }
    }

    /// The declared type of a field, from the trees, where it is a primitive or `String`
    /// (a bound in another class's signature may ask for the field's constant before the
    /// collection resolved this field's type).
    fn field_declared_ty(&self, field: FieldId) -> Option<Ty> {
        let info = self.p.fields.get(field.0 as usize)?;
        let r = info.decl;
        let units: &'a [somd_syntax::ast::CompilationUnit] = self.units;
        let somd_syntax::ast::Member::Field(f) =
            units.get(r.unit)?.classes.get(r.class)?.members.get(r.member)?
        else {
            return None;
        };
        match &f.vars.get(info.var)?.ty.kind {
            somd_syntax::ast::TypeExprKind::Prim(p) => Some(Ty::Prim(*p)),
            somd_syntax::ast::TypeExprKind::Named(n) if n.name == "String" => Some(Ty::String),
            _ => None,
        }
    }

    /// The constant value of a `final` field of primitive or `String` type whose
    /// initializer is a constant expression; folded once, on first use.
    pub(super) fn field_constant(&mut self, field: FieldId) -> Option<ConstValue> {
        match self.field_consts.get(field.0 as usize)? {
            FieldConst::Done(value) => return value.clone(),
            FieldConst::InProgress => return None,
            FieldConst::NotYet => {}
        }
        if self.const_depth > 64 {
            return None;
        }
        self.field_consts[field.0 as usize] = FieldConst::InProgress;
        self.const_depth += 1;
        let info = self.p.field(field);
        let (is_final, mut ty, class) = (info.is_final, info.ty.clone(), info.class);
        // Not resolved yet: the declared type says whether the field can be a constant.
        if ty.is_error() {
            ty = self.field_declared_ty(field).unwrap_or(Ty::Error);
        }
        let value = if is_final && matches!(ty, Ty::Prim(_) | Ty::String | Ty::Error) {
            let init = self.field_init(field);
            init.and_then(|init| self.const_eval(init, class)).and_then(|v| match &ty {
                Ty::Prim(p) => fold_cast(&v, *p),
                Ty::String => matches!(v, ConstValue::Str(_)).then_some(v),
                _ => None,
            })
        } else {
            None
        };
        self.const_depth -= 1;
        self.field_consts[field.0 as usize] = FieldConst::Done(value.clone());
        value
    }

    /// Folds an expression without a body context: literals, operators, casts and
    /// constant fields (`N`, `C.N`, `Integer.MAX_VALUE`).
    pub(super) fn const_eval(&mut self, expr: &Expr, class: ClassId) -> Option<ConstValue> {
        match &expr.kind {
            ExprKind::Literal(lit) => literal_value(lit),
            ExprKind::Unary { op, operand } => {
                let v = self.const_eval(operand, class)?;
                fold_unary(*op, &v)
            }
            ExprKind::Binary { op, lhs, rhs } => {
                let a = self.const_eval(lhs, class)?;
                let b = self.const_eval(rhs, class)?;
                fold_binary(*op, &a, &b)
            }
            ExprKind::Conditional { cond, then_expr, else_expr } => {
                let c = self.const_eval(cond, class)?;
                let a = self.const_eval(then_expr, class)?;
                let b = self.const_eval(else_expr, class)?;
                match c {
                    ConstValue::Bool(true) => Some(a),
                    ConstValue::Bool(false) => Some(b),
                    _ => None,
                }
            }
            ExprKind::Cast { ty, expr: inner } => {
                let v = self.const_eval(inner, class)?;
                match &ty.kind {
                    somd_syntax::ast::TypeExprKind::Prim(p) => fold_cast(&v, *p),
                    _ => None,
                }
            }
            ExprKind::Name(ident) => {
                let field = *self.fields_by_name.get(&(class, ident.name.clone()))?;
                self.field_constant(field)
            }
            ExprKind::Field { target, name } => {
                let ExprKind::Name(qual) = &target.kind else { return None };
                if let Some(&owner) = self.p.class_by_name.get(&qual.name) {
                    let field = *self.fields_by_name.get(&(owner, name.name.clone()))?;
                    return self.field_constant(field);
                }
                builtin_constant(&qual.name, &name.name).map(|(_, v)| v)
            }
            _ => None,
        }
    }
}
