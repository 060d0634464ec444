//! The byte layout of value classes as the OpenCL C compiler lays out their `typedef
//! struct`s: C rules with the OpenCL sizes and alignments (`uchar`/`char` 1, `short`/`ushort`
//! 2, `int`/`float` 4, `long`/`double` 8, a nested struct its own alignment), fields in
//! declaration order. The writer makes every gap an explicit `uchar somd_padN[k]` field, so
//! the layout needs no attribute and the host packs value arrays byte for byte.

use somd_mir::{ClassId, Module, Type};
use somd_syntax::ast::PrimType;
use std::collections::HashMap;

/// The layout of one value class.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StructLayout {
    pub class: ClassId,
    /// The OpenCL C type name.
    pub c_name: String,
    pub size: usize,
    pub align: usize,
    /// Fields in declaration order, with their byte offsets.
    pub fields: Vec<FieldLayout>,
}

/// One field of a [`StructLayout`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldLayout {
    /// The source name.
    pub name: String,
    pub offset: usize,
    pub ty: FieldTy,
}

/// The type of a laid-out field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldTy {
    Prim(PrimType),
    /// A nested value class (stored inline).
    Struct(ClassId),
}

/// Size and alignment of a primitive in OpenCL C storage (`boolean` is `uchar`).
pub fn prim_size(p: PrimType) -> usize {
    match p {
        PrimType::Boolean | PrimType::Byte => 1,
        PrimType::Short | PrimType::Char => 2,
        PrimType::Int | PrimType::Float => 4,
        PrimType::Long | PrimType::Double => 8,
    }
}

fn align_up(n: usize, a: usize) -> usize {
    n.div_ceil(a.max(1)) * a.max(1)
}

/// The layout of value class `c`, or `None` when a field (at any depth) is neither a
/// primitive nor a value class (value arrays, strings, references: no device layout).
pub fn layout_of(
    module: &Module,
    c: ClassId,
    c_name: &dyn Fn(ClassId) -> String,
    memo: &mut HashMap<ClassId, Option<StructLayout>>,
) -> Option<StructLayout> {
    if let Some(known) = memo.get(&c) {
        return known.clone();
    }
    // A cycle (rejected elsewhere) must not recurse forever.
    memo.insert(c, None);
    let class = module.class(c);
    let mut result = None;
    if class.is_value {
        let mut fields = Vec::with_capacity(class.fields.len());
        let (mut offset, mut align) = (0usize, 1usize);
        let mut ok = true;
        for f in &class.fields {
            let (ty, size, a) = match &f.ty {
                Type::Prim(p) => (FieldTy::Prim(*p), prim_size(*p), prim_size(*p)),
                Type::Object(inner) if module.class(*inner).is_value => {
                    match layout_of(module, *inner, c_name, memo) {
                        Some(l) => (FieldTy::Struct(*inner), l.size, l.align),
                        None => {
                            ok = false;
                            break;
                        }
                    }
                }
                _ => {
                    ok = false;
                    break;
                }
            };
            offset = align_up(offset, a);
            fields.push(FieldLayout { name: f.name.clone(), offset, ty });
            offset += size;
            align = align.max(a);
        }
        if ok {
            // An empty class has one `uchar somd_empty`.
            let size = if class.fields.is_empty() { 1 } else { align_up(offset, align) };
            result = Some(StructLayout { class: c, c_name: c_name(c), size, align, fields });
        }
    }
    memo.insert(c, result.clone());
    result
}

#[cfg(test)]
mod tests {
    #[test]
    fn offsets_follow_c_rules() {
        assert_eq!(super::align_up(5, 4), 8);
        assert_eq!(super::align_up(8, 8), 8);
        assert_eq!(super::align_up(0, 8), 0);
    }
}
