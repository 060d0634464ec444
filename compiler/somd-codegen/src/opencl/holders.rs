//! Value classes holding arrays in kernel code (`somd_mir::analysis::holders`; note
//! `device-execution`, "Value classes holding arrays").
//!
//! Such a class is a private `typedef struct` whose array fields are a `__global const T *`
//! and an `int` length each (`f`, `f_len0`); the struct never crosses the host boundary, so
//! it has no byte layout. An object that is a kernel's parameter (a SOMD method's, or a
//! broadcast `@` argument) arrives as its leaves, kernel arguments `somd_<name>_<k>` (a
//! primitive by value, a vector as a buffer of one, an array as a read-only buffer and its
//! length `somd_<name>_<k>_len0`), and `somd_pack_<C>(..)` rebuilds the struct from them;
//! helpers receive it by value. `o.f[i]` is `o.f[SOMD_INDEX(site, i, o.f_len0)]`, checked
//! as every access is, and `o.f.length` is `o.f_len0`. A mapped array of such objects
//! arrives as one array per leaf across the objects (an array leaf: the objects' arrays end
//! to end and their offsets `somd_<name>_<k>_off`), and each work-item packs its own.

use super::writer::{prim_storage, vector_c, Writer, R};
use super::*;
use somd_mir::analysis::holders::{self, ClassUse, Leaf, LeafKind};
use somd_mir::analysis::isolation::vector_of;
use somd_mir::*;
use std::collections::BTreeSet;
use std::fmt::Write as _;

impl Writer<'_> {
    /// The holders among `used` and the classes nested in them, each after the classes
    /// its fields name (the struct types must be declared before use).
    pub(super) fn holder_order(&self, used: &BTreeSet<ClassId>) -> Vec<ClassId> {
        fn visit(module: &Module, c: ClassId, order: &mut Vec<ClassId>) {
            if order.contains(&c) {
                return;
            }
            for f in &module.class(c).fields {
                if let Type::Object(inner) = &f.ty {
                    if holders::holder(module, &f.ty).is_some() {
                        visit(module, *inner, order);
                    }
                }
            }
            order.push(c);
        }
        let mut order = Vec::new();
        for c in used {
            if holders::class_use(self.module, *c) == ClassUse::Holder {
                visit(self.module, *c, &mut order);
            }
        }
        order
    }

    /// The `typedef struct` of holder `c` and its `somd_pack_<C>` function.
    pub(super) fn holder_struct(&self, c: ClassId) -> R<String> {
        let class = self.module.class(c);
        let name = self.class_c(c);
        let mut text = String::from("typedef struct {\n");
        for (k, f) in class.fields.iter().enumerate() {
            let field = self.field_name(c, k as u32);
            match &f.ty {
                Type::ValueArray(e, _) if vector_of(&f.ty).is_none() => {
                    let Type::Prim(p) = **e else {
                        return Err(super::writer::bug(
                            "array field of a holder that is not primitive",
                        ));
                    };
                    writeln!(text, "    __global const {} *{field};", prim_storage(p))?;
                    writeln!(text, "    int {field}_len0;")?;
                }
                other => writeln!(text, "    {} {field};", self.storage(other)?)?,
            }
        }
        writeln!(text, "}} {name};\n")?;
        let leaves = holders::leaves(self.module, c);
        let mut params = Vec::new();
        let mut body = String::new();
        for (k, leaf) in leaves.iter().enumerate() {
            let place = self.leaf_place(leaf);
            match leaf.kind {
                LeafKind::Scalar(p) => {
                    params.push(format!("const {} a{k}", prim_storage(p)));
                    writeln!(body, "    s.{place} = a{k};")?;
                }
                LeafKind::Vector(p, n) => {
                    params.push(format!("__global const {} *a{k}", vector_c(p, n)));
                    writeln!(body, "    s.{place} = a{k}[0];")?;
                }
                LeafKind::Buffer(p) => {
                    params.push(format!("__global const {} *a{k}", prim_storage(p)));
                    params.push(format!("const int a{k}_len0"));
                    writeln!(body, "    s.{place} = a{k};")?;
                    writeln!(body, "    s.{place}_len0 = a{k}_len0;")?;
                }
            }
        }
        writeln!(text, "{name} somd_pack_{name}({}) {{", params.join(", "))?;
        writeln!(text, "    {name} s;")?;
        text.push_str(&body);
        text.push_str("    return s;\n}\n");
        Ok(super::writer::fp64_guard(holders::uses_double(self.module, c), &text))
    }

    /// The struct member a leaf fills (`w`, `inner.w`), as `field_name` names fields.
    fn leaf_place(&self, leaf: &Leaf) -> String {
        leaf.path.iter().map(|(c, i)| self.field_name(*c, *i)).collect::<Vec<_>>().join(".")
    }

    /// Declares the leaves of holder parameter `name` (class `c`), whose first leaf is
    /// argument `first` of the construct: returns the `somd_pack_<C>(..)` call that makes
    /// the object. With `mapped` (the work-item's element index), `name` is a mapped array
    /// of such objects: each primitive leaf is an array of the objects' values, each array
    /// leaf the objects' arrays end to end with their offsets (`somd_<name>_<k>_off`), each
    /// vector leaf the objects' vectors; the call packs element `mapped`'s object.
    pub(super) fn push_holder_args(
        &self,
        m: &mut KernelManifest,
        decls: &mut Vec<String>,
        name: &str,
        c: ClassId,
        first: usize,
        mapped: Option<&str>,
    ) -> R<String> {
        let mut call = Vec::new();
        let mut next = first;
        for (k, leaf) in holders::leaves(self.module, c).iter().enumerate() {
            let arg = format!("somd_{name}_{k}");
            let param = next;
            next += holders::leaf_slots(leaf, mapped.is_some());
            if let Some(i) = mapped {
                let elem = match leaf.kind {
                    LeafKind::Scalar(p) | LeafKind::Buffer(p) => prim_storage(p).to_string(),
                    LeafKind::Vector(p, n) => vector_c(p, n),
                };
                Self::push_const_buffer(m, decls, &arg, elem, param);
                match leaf.kind {
                    LeafKind::Scalar(_) => call.push(format!("{arg}[{i}]")),
                    LeafKind::Vector(..) => call.push(format!("{arg} + {i}")),
                    LeafKind::Buffer(_) => {
                        let off = format!("{arg}_off");
                        Self::push_const_buffer(m, decls, &off, "int".into(), param + 1);
                        call.push(format!("{arg} + {off}[{i}]"));
                        call.push(format!("{off}[{i} + 1] - {off}[{i}]"));
                    }
                }
                continue;
            }
            match leaf.kind {
                LeafKind::Scalar(p) => {
                    let ty = prim_storage(p).to_string();
                    Self::push_arg(
                        m,
                        decls,
                        format!("const {ty} {arg}"),
                        &arg,
                        ArgKind::Scalar { ty },
                        ArgSource::Param(param),
                    );
                    call.push(arg);
                }
                LeafKind::Vector(p, n) => {
                    Self::push_const_buffer(m, decls, &arg, vector_c(p, n), param);
                    call.push(arg);
                }
                LeafKind::Buffer(p) => {
                    Self::push_const_buffer(m, decls, &arg, prim_storage(p).to_string(), param);
                    let len = Self::push_len(m, decls, &arg, param, 0);
                    call.push(arg);
                    call.push(len);
                }
            }
        }
        Ok(format!("somd_pack_{}({})", self.class_c(c), call.join(", ")))
    }

    /// `o.f` (an array field of a holder, `holders::field_buffer`) as C text: the pointer
    /// and its length.
    pub(super) fn field_buffer(
        &mut self,
        cx: &mut writer::FnCx,
        e: ExprId,
    ) -> R<Option<(String, String)>> {
        if !holders::field_buffer(self.module, cx.func, e) {
            return Ok(None);
        }
        let ExprKind::Field { object, class, index } = cx.func.expr(e).kind else {
            return Ok(None);
        };
        let obj = self.expr(cx, object)?;
        let field = format!("{obj}.{}", self.field_name(class, index));
        Ok(Some((field.clone(), format!("{field}_len0"))))
    }
}
