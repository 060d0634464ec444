//! Value classes holding arrays on the device (note `device-execution`, "Value classes
//! holding arrays").
//!
//! A *holder* is a value class with a field of a 1-D value array of primitives that kernel
//! code keeps as a buffer (`T[[]]`, or a `T[[N]]` that is not an OpenCL vector:
//! [`isolation::vector_of`]) or as a vector (`T[[4]]`, which the host's struct layouts do
//! not pack), directly or in a nested holder; its other fields are primitives, vectors,
//! and value classes whose fields are such (recursively). Kernel code
//! holds an object of such a class as a private `typedef struct` with a `__global const T *`
//! and an `int` length per array field (OpenCL C allows pointers in private structs, not in
//! kernel arguments). Across the host boundary the object is its *leaves*
//! ([`leaves`]): every primitive, vector and array reached through its fields, depth first
//! in declaration order. The host passes them after the construct's declared arguments
//! ([`extra_params`]; a `null` object, nested object or array runs the CPU path), the
//! kernel rebuilds the struct from them once (`somd_pack_C`) and passes it by value.
//!
//! A mapped `@` argument that is an array of such objects passes each leaf as one array
//! across the objects (an array field: the objects' arrays end to end and their offsets,
//! [`leaf_slots`]); work-item `i` packs object `i`.
//!
//! What stays on the CPU (isolation says why): constructing such an object in kernel code,
//! a result of such a type, an array field used other than as `o.f[i]` or `o.f.length`,
//! arrays of such objects other than mapped `@` arguments, and classes with fields of other
//! types (nested arrays, arrays of objects).

use super::isolation;
use crate::ir::*;
use somd_syntax::ast::PrimType;

/// What kernel code does with one field of a value class.
#[derive(Clone, Debug, PartialEq, Eq)]
enum FieldUse {
    /// A primitive.
    Value,
    /// An OpenCL vector (`T[[N]]`, [`isolation::vector_of`]): the host has no packed layout
    /// for one inside a struct, so a class holding one crosses as a holder, its vectors as
    /// leaves.
    Vector,
    /// A buffer with its length: a 1-D value array of primitives.
    Buffer(PrimType),
    /// A nested value class of value fields only.
    Plain(ClassId),
    /// A nested holder.
    Holder(ClassId),
}

/// How kernel code can hold an instance of a value class.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClassUse {
    /// As a `typedef struct` of values (fields primitives, vectors, such classes).
    Plain,
    /// As a holder: a private struct with a pointer and a length per array field.
    Holder,
    /// Not at all: why (a field kernel code cannot hold).
    Unsupported(String),
}

/// How kernel code holds instances of value class `c` (a class that is not a value class is
/// [`ClassUse::Unsupported`]).
pub fn class_use(module: &Module, c: ClassId) -> ClassUse {
    match class_fields(module, c, &mut Vec::new()) {
        Ok(fields) if fields.iter().any(holds) => ClassUse::Holder,
        Ok(_) => ClassUse::Plain,
        Err(why) => ClassUse::Unsupported(why),
    }
}

/// Whether a field makes its class a holder: an array kernel code keeps as a buffer, a
/// vector, or a nested holder.
fn holds(f: &FieldUse) -> bool {
    matches!(f, FieldUse::Buffer(_) | FieldUse::Vector | FieldUse::Holder(_))
}

/// The holder class of type `ty`: `Some(c)` when `ty` is an instance of a holder.
pub fn holder(module: &Module, ty: &Type) -> Option<ClassId> {
    match ty {
        Type::Object(c) if class_use(module, *c) == ClassUse::Holder => Some(*c),
        _ => None,
    }
}

/// Whether `ty` is an array (of any rank, mutable or value) whose elements are holders.
pub fn holder_array(module: &Module, ty: &Type) -> bool {
    let mut t = ty;
    while let Type::Array(e) | Type::ValueArray(e, _) = t {
        t = e;
    }
    !std::ptr::eq(t, ty) && holder(module, t).is_some()
}

fn class_fields(
    module: &Module,
    c: ClassId,
    seen: &mut Vec<ClassId>,
) -> Result<Vec<FieldUse>, String> {
    let Some(class) = module.classes.get(c.0 as usize) else {
        return Err("an unknown class".into());
    };
    if !class.is_value {
        return Err(format!("`{}` is not a value class", class.name));
    }
    if seen.contains(&c) {
        return Err(format!("`{}` nests itself", class.name));
    }
    seen.push(c);
    let mut out = Vec::new();
    for f in &class.fields {
        let found = match &f.ty {
            Type::Prim(_) => Ok(FieldUse::Value),
            t if isolation::vector_of(t).is_some() => Ok(FieldUse::Vector),
            Type::ValueArray(e, _) => match **e {
                Type::Prim(p) => Ok(FieldUse::Buffer(p)),
                _ => Err(()),
            },
            Type::Object(inner) => match class_fields(module, *inner, seen) {
                Ok(fields) => Ok(match fields.iter().any(holds) {
                    true => FieldUse::Holder(*inner),
                    false => FieldUse::Plain(*inner),
                }),
                Err(why) => {
                    seen.pop();
                    return Err(why);
                }
            },
            _ => Err(()),
        };
        match found {
            Ok(u) => out.push(u),
            Err(()) => {
                seen.pop();
                return Err(format!(
                    "field `{}.{}` of type {} (kernel code holds primitives, value classes and \
                     1-D value arrays of primitives)",
                    class.name,
                    f.name,
                    isolation::type_name(module, &f.ty)
                ));
            }
        }
    }
    seen.pop();
    Ok(out)
}

/// What one leaf of a holder crosses as.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LeafKind {
    /// A primitive, passed by value.
    Scalar(PrimType),
    /// A `T[[N]]` held as the OpenCL vector `TN`: a buffer of one vector.
    Vector(PrimType, u32),
    /// A 1-D value array of primitives: a read-only buffer and its length.
    Buffer(PrimType),
}

/// One primitive, vector or array reached through a holder's fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leaf {
    /// The fields from the object to the leaf: (class declaring the field, field index).
    pub path: Vec<(ClassId, u32)>,
    pub kind: LeafKind,
}

/// The leaves of value class `c`, depth first in declaration order (empty for a class
/// kernel code cannot hold).
pub fn leaves(module: &Module, c: ClassId) -> Vec<Leaf> {
    let mut out = Vec::new();
    collect_leaves(module, c, &mut Vec::new(), &mut out, 0);
    out
}

fn collect_leaves(
    module: &Module,
    c: ClassId,
    path: &mut Vec<(ClassId, u32)>,
    out: &mut Vec<Leaf>,
    depth: usize,
) {
    let Some(class) = module.classes.get(c.0 as usize) else { return };
    // A class nesting itself is Unsupported; the depth bound only keeps this total.
    if depth > module.classes.len() {
        return;
    }
    for (k, f) in class.fields.iter().enumerate() {
        path.push((c, k as u32));
        let kind = match &f.ty {
            Type::Prim(p) => Some(LeafKind::Scalar(*p)),
            t if isolation::vector_of(t).is_some() => {
                isolation::vector_of(t).map(|(p, n)| LeafKind::Vector(p, n))
            }
            Type::ValueArray(e, _) => match **e {
                Type::Prim(p) => Some(LeafKind::Buffer(p)),
                _ => None,
            },
            Type::Object(inner) => {
                collect_leaves(module, *inner, path, out, depth + 1);
                None
            }
            _ => None,
        };
        if let Some(kind) = kind {
            out.push(Leaf { path: path.clone(), kind });
        }
        path.pop();
    }
}

/// The kernel arguments one leaf takes: a mapped array field (the objects' arrays end to
/// end) also takes its offsets.
pub fn leaf_slots(leaf: &Leaf, mapped: bool) -> usize {
    match leaf.kind {
        LeafKind::Buffer(_) if mapped => 2,
        _ => 1,
    }
}

/// The holders among the arguments of types `params` (a SOMD method's parameters, or a
/// `@`'s arguments of its target's parameter types), each with whether it is mapped
/// (`mode(k)`: `Some(mapped)`, `None` to leave it out) and the index of its first leaf
/// among the construct's arguments: the leaves of all holders follow the `params.len()`
/// declared arguments, holder by holder in parameter order, each taking [`leaf_slots`].
pub fn extra_params(
    module: &Module,
    params: &[Type],
    mode: &dyn Fn(usize) -> Option<bool>,
) -> Vec<(usize, bool, usize, Vec<Leaf>)> {
    let mut next = params.len();
    let mut out = Vec::new();
    for (k, ty) in params.iter().enumerate() {
        let Some(c) = holder(module, ty) else { continue };
        let Some(mapped) = mode(k) else { continue };
        let list = leaves(module, c);
        let first = next;
        next += list.iter().map(|l| leaf_slots(l, mapped)).sum::<usize>();
        out.push((k, mapped, first, list));
    }
    out
}

/// The construct's arguments in all: the `declared` ones, then the leaves of the holders
/// `extra` lists ([`extra_params`] of the same arguments).
pub fn all_params(declared: usize, extra: &[(usize, bool, usize, Vec<Leaf>)]) -> usize {
    extra.last().map_or(declared, |(_, mapped, first, list)| {
        first + list.iter().map(|l| leaf_slots(l, *mapped)).sum::<usize>()
    })
}

/// Whether `e` reads an array field of a holder through a chain of field reads from a
/// local (`o.f`, `o.inner.f`): the array kernel code indexes and measures through the
/// object's struct.
pub fn field_buffer(module: &Module, func: &Function, e: ExprId) -> bool {
    let ExprKind::Field { object, .. } = &func.expr(e).kind else { return false };
    let is_buffer = matches!(&func.expr(e).ty, Type::ValueArray(el, _)
        if matches!(**el, Type::Prim(_)) && isolation::vector_of(&func.expr(e).ty).is_none());
    is_buffer && holder(module, &func.expr(*object).ty).is_some() && object_chain(func, *object)
}

fn object_chain(func: &Function, e: ExprId) -> bool {
    match &func.expr(e).kind {
        ExprKind::Local(_) => true,
        ExprKind::Field { object, .. } => object_chain(func, *object),
        _ => false,
    }
}

/// Whether value class `c` (or a class nested in it) has a `double` field or array.
pub fn uses_double(module: &Module, c: ClassId) -> bool {
    fn walk(module: &Module, c: ClassId, seen: &mut Vec<ClassId>) -> bool {
        if seen.contains(&c) {
            return false;
        }
        seen.push(c);
        let Some(class) = module.classes.get(c.0 as usize) else { return false };
        class.fields.iter().any(|f| {
            let mut t = &f.ty;
            while let Type::Array(e) | Type::ValueArray(e, _) = t {
                t = e;
            }
            match t {
                Type::Prim(p) => *p == PrimType::Double,
                Type::Object(inner) => walk(module, *inner, seen),
                _ => false,
            }
        })
    }
    walk(module, c, &mut Vec::new())
}

/// The first construct of `func` about value classes that kernel code cannot hold as it
/// uses them: a parameter, local or result of a class with a field of another type, an
/// array of holders, a holder result, a holder constructed, or an array field of a holder
/// used other than as `o.f[i]` or `o.f.length`.
pub fn blocker(module: &Module, func: &Function) -> Option<super::Blocker> {
    use super::BlockReason::Unsupported;
    let block = |construct: String, span| super::Blocker {
        reason: Unsupported,
        construct,
        span,
        chain: Vec::new(),
    };
    let class_name = |c: ClassId| module.classes.get(c.0 as usize).map_or("?", |c| c.name.as_str());
    for (i, local) in func.locals.iter().enumerate() {
        let what = if func.params.contains(&LocalId(i as u32)) { "parameter" } else { "local" };
        if let Type::Object(c) = &local.ty {
            if let ClassUse::Unsupported(why) = class_use(module, *c) {
                return Some(block(format!("{what} `{}`: {why}", local.name), local.span));
            }
        }
        // An intermediate reduction's kernel binds its parameters to the caller's arrays
        // and host scalars (`KernelKind::Intermediate`): no object leaves.
        if what == "parameter" && func.intermediate.is_some() && holder(module, &local.ty).is_some()
        {
            return Some(block(
                format!(
                    "parameter `{}` of an intermediate reduction method: a value class holding \
                     arrays",
                    local.name
                ),
                local.span,
            ));
        }
        if holder_array(module, &local.ty) {
            return Some(block(
                format!(
                    "{what} `{}` of type {} (arrays of value classes holding arrays stay on the \
                     CPU)",
                    local.name,
                    isolation::type_name(module, &local.ty)
                ),
                local.span,
            ));
        }
    }
    if let Some(c) = holder(module, &func.ret) {
        return Some(block(
            format!("result of value class `{}` holding arrays", class_name(c)),
            func.span,
        ));
    }
    let parents = super::walk::parents(func);
    for (i, expr) in func.exprs.iter().enumerate() {
        let e = ExprId(i as u32);
        match &expr.kind {
            ExprKind::New { class, .. } if holder(module, &Type::Object(*class)).is_some() => {
                return Some(block(
                    format!(
                        "construction of value class `{}` holding arrays in kernel code",
                        class_name(*class)
                    ),
                    expr.span,
                ));
            }
            ExprKind::Field { object, class, index }
                if holder(module, &func.expr(*object).ty).is_some()
                    && matches!(expr.ty, Type::ValueArray(..))
                    && isolation::vector_of(&expr.ty).is_none() =>
            {
                let parent = parents.get(i).copied().flatten().map(|p| &func.expr(p).kind);
                let indexed = matches!(parent,
                    Some(ExprKind::Index { array, .. } | ExprKind::Length(array)) if *array == e);
                if !indexed || !field_buffer(module, func, e) {
                    let field = module
                        .classes
                        .get(class.0 as usize)
                        .and_then(|c| c.fields.get(*index as usize))
                        .map_or("?", |f| f.name.as_str());
                    return Some(block(
                        format!(
                            "array field `{field}` of value class `{}` used other than as \
                             `o.{field}[i]` or `o.{field}.length` on a local or parameter",
                            class_name(*class)
                        ),
                        expr.span,
                    ));
                }
            }
            _ => {}
        }
    }
    None
}

/// What keeps a SOMD method with a parameter of a holder class off the device: only a
/// plain loop body (one kernel whose arguments the wrapper passes) carries the object's
/// leaves; a `sync` or histogram body's host program does not.
pub fn somd_blocker(
    module: &Module,
    func: &Function,
    shape: &super::SomdShape,
) -> Option<super::Blocker> {
    if matches!(shape, super::SomdShape::Loop(_)) {
        return None;
    }
    let p = func.params.iter().find(|p| holder(module, &func.local(**p).ty).is_some())?;
    let local = func.local(*p);
    Some(super::Blocker {
        reason: super::BlockReason::Unsupported,
        construct: format!(
            "parameter `{}` of value class {} holding arrays in a `sync` or histogram body \
             (only a plain loop body passes its arrays)",
            local.name,
            isolation::type_name(module, &local.ty)
        ),
        span: local.span,
        chain: Vec::new(),
    })
}
