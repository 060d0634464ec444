//! Rust spellings of MIR types and constants (see the representation table in `mod.rs`).

use super::EmitError;
use somd_mir::{Const, Module, Type};
use somd_syntax::ast::PrimType;

/// The Rust type of a primitive.
pub fn prim(ty: PrimType) -> &'static str {
    match ty {
        PrimType::Boolean => "bool",
        PrimType::Byte => "i8",
        PrimType::Short => "i16",
        PrimType::Char => "u16",
        PrimType::Int => "i32",
        PrimType::Long => "i64",
        PrimType::Float => "f32",
        PrimType::Double => "f64",
    }
}

/// Whether values of `ty` are `Copy` in generated code (passed by value, read without
/// `clone`). Everything else is a reference handle passed as `&T`.
pub fn is_copy(ty: &Type) -> bool {
    matches!(ty, Type::Prim(_))
}

/// The Rust type of a MIR type; `names` gives class struct names.
/// The runtime holder of a mutable array local whose SOMD results may stay on the device:
/// `LazyMat` for a matrix, `LazyArr` for a 1-D array (`rt::device::LazyArray`), and the
/// element type it is written with (a matrix's rows' elements).
pub fn lazy_holder(ty: &Type) -> (&'static str, &Type) {
    match ty {
        Type::Array(row) => match &**row {
            Type::Array(elem) => ("LazyMat", elem),
            _ => ("LazyArr", row),
        },
        _ => ("LazyArr", ty),
    }
}

pub fn rust_type(module: &Module, class_names: &[String], ty: &Type) -> Result<String, EmitError> {
    Ok(match ty {
        Type::Void => "()".to_string(),
        Type::Prim(p) => prim(*p).to_string(),
        Type::Null => return Err(EmitError::Unsupported("a variable of the null type".into())),
        Type::String => "Str".to_string(),
        Type::Task => "Task".to_string(),
        Type::Random => "Obj<Random>".to_string(),
        Type::Object(class) => {
            let name = class_names
                .get(class.0 as usize)
                .ok_or_else(|| EmitError::Internal(format!("class {} out of range", class.0)))?;
            if module.classes.get(class.0 as usize).is_some_and(|c| c.is_value) {
                format!("Val<{name}>")
            } else {
                format!("Obj<{name}>")
            }
        }
        Type::Array(elem) => format!("Array<{}>", rust_type(module, class_names, elem)?),
        Type::ValueArray(elem, _) => format!("VArr<{}>", rust_type(module, class_names, elem)?),
    })
}

/// A constant expression of the type's default value, usable in a `static` initializer.
pub fn const_default(
    module: &Module,
    class_names: &[String],
    ty: &Type,
) -> Result<String, EmitError> {
    Ok(match ty {
        Type::Prim(PrimType::Boolean) => "false".to_string(),
        Type::Prim(PrimType::Float) => "0.0f32".to_string(),
        Type::Prim(PrimType::Double) => "0.0f64".to_string(),
        Type::Prim(p) => format!("0{}", prim(*p)),
        Type::String => "Str::NULL".to_string(),
        Type::Task => "Task::NULL".to_string(),
        other => {
            let rust = rust_type(module, class_names, other)?;
            let (head, _) = rust.split_once('<').unwrap_or((rust.as_str(), ""));
            format!("{head}::NULL")
        }
    })
}

/// A Rust literal for a constant (`Null` has no type of its own: the caller handles it).
pub fn constant(value: &Const) -> String {
    match value {
        Const::Bool(b) => b.to_string(),
        Const::Byte(v) => format!("{v}i8"),
        Const::Short(v) => format!("{v}i16"),
        Const::Char(v) => format!("{v}u16"),
        Const::Int(v) => format!("{v}i32"),
        Const::Long(v) => format!("{v}i64"),
        Const::Float(v) => float_literal(f64::from(*v), v.is_nan(), "f32", format!("{v:?}")),
        Const::Double(v) => float_literal(*v, v.is_nan(), "f64", format!("{v:?}")),
        Const::Str(text) => format!("Str::new({text:?})"),
        Const::Null => "Default::default()".to_string(),
    }
}

fn float_literal(value: f64, nan: bool, suffix: &str, debug: String) -> String {
    if nan {
        format!("{suffix}::NAN")
    } else if value == f64::INFINITY {
        format!("{suffix}::INFINITY")
    } else if value == f64::NEG_INFINITY {
        format!("{suffix}::NEG_INFINITY")
    } else {
        format!("{debug}{suffix}")
    }
}

/// The runtime operator type of a reduction operator.
pub fn reduce_op(op: somd_syntax::ast::ReduceOp) -> Option<&'static str> {
    use somd_syntax::ast::ReduceOp as R;
    Some(match op {
        R::Add => "rt::reduce::Add",
        R::Mul => "rt::reduce::Mul",
        R::Min => "rt::reduce::Min",
        R::Max => "rt::reduce::Max",
        R::BitAnd => "rt::reduce::BitAnd",
        R::BitOr => "rt::reduce::BitOr",
        R::BitXor => "rt::reduce::BitXor",
        R::And => "rt::reduce::LogAnd",
        R::Or => "rt::reduce::LogOr",
        R::Sub => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn float_literals_round_trip() {
        assert_eq!(constant(&Const::Double(0.1)), "0.1f64");
        assert_eq!(constant(&Const::Float(1.0)), "1.0f32");
        assert_eq!(constant(&Const::Double(-0.0)), "-0.0f64");
        assert_eq!(constant(&Const::Double(f64::NAN)), "f64::NAN");
        assert_eq!(constant(&Const::Int(i32::MIN)), "-2147483648i32");
    }
}
