//! Instance SOMD methods on the device: the receiver's fields become parameters.
//!
//! A kernel has no object to read `this.f` from. When the body of an instance SOMD method
//! uses `this` only to *read* fields of primitive type or of 1-D/2-D arrays of primitives
//! (`this.scale`, `this.w[i]`, `this.w.length`, `this.m[i][j]`), [`lift_fields`] makes a
//! copy of the module in which that method is static and each field it reads is one more
//! parameter after the declared ones (a local named `this_<field>`). The analysis and the
//! OpenCL writer then see an ordinary static SOMD method; the host passes the receiver's
//! field values after the call's arguments ([`Lifted`]). Function, expression and loop ids
//! are unchanged, so every side table of the copy applies to the original.
//!
//! The field arrays are read only: a body that writes one (`this.w[i] = ..`), passes it on,
//! or stores it elsewhere keeps the method instance (the CPU path), since on the CPU its
//! writes reach the receiver's array while a kernel's would stay in a device copy.

use crate::ir::*;
use std::collections::BTreeMap;

/// The receiver fields an instance SOMD method reads, in the order of the parameters added
/// after its declared ones.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Lifted {
    /// Per lifted function: `(class, field index)` per added parameter.
    pub fields: BTreeMap<FuncId, Vec<(ClassId, u32)>>,
}

/// Whether `ty` can be a lifted field: a primitive, or a 1-D/2-D array (or value array) of
/// primitives.
fn field_type_ok(ty: &Type) -> bool {
    match ty {
        Type::Prim(_) => true,
        Type::Array(e) | Type::ValueArray(e, _) => match &**e {
            Type::Prim(_) => true,
            Type::Array(p) | Type::ValueArray(p, _) => matches!(**p, Type::Prim(_)),
            _ => false,
        },
        _ => false,
    }
}

/// The fields of `func`'s receiver it reads, when every use of `this` is such a read
/// (`None`: it cannot be lifted).
fn lifted_reads(func: &Function, module: &Module) -> Option<Vec<(ClassId, u32)>> {
    let parent = super::walk::parents(func);
    let kind_of = |id: ExprId| func.exprs.get(id.0 as usize).map(|e| &e.kind);
    let mut fields: Vec<(ClassId, u32)> = Vec::new();
    for (i, e) in func.exprs.iter().enumerate() {
        let id = ExprId(i as u32);
        match &e.kind {
            ExprKind::This => {
                // Only as the object of a field read.
                let up = parent[i]?;
                if !matches!(kind_of(up), Some(ExprKind::Field { object, .. }) if *object == id) {
                    return None;
                }
            }
            ExprKind::Field { object, class, index }
                if matches!(kind_of(*object), Some(ExprKind::This)) =>
            {
                let field = module.classes.get(class.0 as usize)?.fields.get(*index as usize)?;
                if !field_type_ok(&field.ty) {
                    return None;
                }
                let is_array = !matches!(field.ty, Type::Prim(_));
                match parent[i].and_then(kind_of) {
                    Some(
                        ExprKind::Assign { target, .. }
                        | ExprKind::CompoundAssign { target, .. }
                        | ExprKind::IncDec { target, .. },
                    ) if *target == id => return None,
                    // An array field is read through `[..]` or `.length` only.
                    Some(ExprKind::Index { array, .. })
                        if *array == id && written_through(func, &parent, parent[i]?) =>
                    {
                        return None
                    }
                    Some(ExprKind::Index { array, .. }) if *array == id => {}
                    Some(ExprKind::Length(_)) => {}
                    _ if is_array => return None,
                    _ => {}
                }
                if !fields.contains(&(*class, *index)) {
                    fields.push((*class, *index));
                }
            }
            _ => {}
        }
    }
    Some(fields)
}

/// Whether the element (or row) `index` of a field array is written: the target of an
/// assignment, or a row `this.m[i]` indexed in turn as a target.
fn written_through(func: &Function, parent: &[Option<ExprId>], index: ExprId) -> bool {
    let row = !matches!(func.expr(index).ty, Type::Prim(_));
    // A statement's own expression: a row there is stored (`int[] r = this.m[i];`).
    let Some(up) = parent[index.0 as usize] else { return row };
    match &func.expr(up).kind {
        ExprKind::Assign { target, .. }
        | ExprKind::CompoundAssign { target, .. }
        | ExprKind::IncDec { target, .. } => *target == index,
        ExprKind::Index { array, .. } if *array == index => written_through(func, parent, up),
        ExprKind::Length(_) => false,
        // A row of a 2-D field used otherwise (passed on, stored): not lifted.
        _ => row,
    }
}

/// A copy of `module` in which each liftable instance SOMD method is static with its
/// receiver's read fields as trailing parameters, and which fields those are. `None` when
/// no method is lifted (the module serves as it is).
pub fn lift_fields(module: &Module) -> Option<(Module, Lifted)> {
    let mut lifted = Lifted::default();
    for (i, func) in module.functions.iter().enumerate() {
        if func.kind != FuncKind::Instance || !func.is_somd() {
            continue;
        }
        if let Some(fields) = lifted_reads(func, module) {
            lifted.fields.insert(FuncId(i as u32), fields);
        }
    }
    if lifted.fields.is_empty() {
        return None;
    }
    let mut copy = module.clone();
    for (fid, fields) in &lifted.fields {
        let func = &mut copy.functions[fid.0 as usize];
        let mut locals = Vec::new();
        for (class, index) in fields {
            let field = &module.classes[class.0 as usize].fields[*index as usize];
            let local = LocalId(func.locals.len() as u32);
            func.locals.push(Local {
                name: format!("this_{}", field.name),
                ty: field.ty.clone(),
                kind: LocalKind::Param,
                dist: None,
                shared: false,
                span: func.span,
            });
            func.params.push(local);
            locals.push(((*class, *index), local));
        }
        let reads: Vec<(usize, LocalId)> = func
            .exprs
            .iter()
            .enumerate()
            .filter_map(|(i, e)| match &e.kind {
                ExprKind::Field { object, class, index }
                    if matches!(func.expr(*object).kind, ExprKind::This) =>
                {
                    let found = locals.iter().find(|(f, _)| *f == (*class, *index));
                    found.map(|(_, local)| (i, *local))
                }
                _ => None,
            })
            .collect();
        for (i, local) in reads {
            func.exprs[i].kind = ExprKind::Local(local);
        }
        // `this` is now read by nothing; keep the expressions well-formed.
        for e in &mut func.exprs {
            if matches!(e.kind, ExprKind::This) {
                e.kind = ExprKind::Const(Const::Int(0));
                e.ty = Type::Prim(somd_syntax::ast::PrimType::Int);
            }
        }
        // Nor is the receiver local (its class's fields would count, e.g. for fp64).
        if let Some(this) = func.locals.first_mut().filter(|l| l.kind == LocalKind::This) {
            this.ty = Type::Prim(somd_syntax::ast::PrimType::Int);
        }
        func.kind = FuncKind::Static;
    }
    Some((copy, lifted))
}
