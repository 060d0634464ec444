//! The byte layout of value classes as the OpenCL C compiler lays out their `typedef
//! struct`s: C rules with the OpenCL sizes and alignments (`uchar`/`char` 1, `short`/`ushort`
//! 2, `int`/`float` 4, `long`/`double` 8, a nested struct its own alignment), fields in
//! declaration order. The writer makes every gap an explicit `uchar somd_padN[k]` field, so
//! the host packs value arrays byte for byte.
//!
//! One exception to the C rules: a class whose fields are all primitives and whose size is 8
//! or 16 bytes gets the alignment of its size ([`StructLayout::vector_align`]; the writer
//! declares it with `__attribute__((aligned(N)))`), so a whole element (K-Means' `Point
//! {int x; int y;}`) is one 8- or 16-byte load or store, as an `int2`/`int4` is. The size is
//! unchanged, so the host's packing and the element stride stay the same; the elements stay
//! aligned because every kernel pointer to them is a buffer's start (aligned to
//! `CL_DEVICE_MEM_BASE_ADDR_ALIGN`, at least 128 bytes), a sub-buffer (whose origin must be
//! aligned to it as well) or one of those plus a whole number of elements. A class that
//! nests one inside it lays it out at a multiple of that alignment, here as in C.

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
    /// Whether `align` is the size's rather than the largest field's (all fields
    /// primitives, size 8 or 16): the writer declares the struct `aligned(align)`.
    pub vector_align: bool,
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
            let vector_align = matches!(size, 8 | 16)
                && align < size
                && fields.iter().all(|f| matches!(f.ty, FieldTy::Prim(_)));
            let align = if vector_align { size } else { align };
            result = Some(StructLayout {
                class: c,
                c_name: c_name(c),
                size,
                align,
                vector_align,
                fields,
            });
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
