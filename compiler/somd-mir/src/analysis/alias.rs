//! Locals of array type in kernel code: names for a 1-D array parameter or for a row of a
//! 2-D or 3-D one (`double[] colJ = a[jj];`, LUFact's `eliminate`), and 2-D locals naming
//! a plane of a 3-D one (`double[][] p = v[k];`). A SOMD body's output (an array it
//! allocates, a buffer of the kernel with its own lengths) is a source as a parameter is
//! (`int[] orow = out[i];`).
//!
//! Kernel code has no array values, only buffers: such a local becomes a pointer into its
//! source's buffer and a length (`colJ` and `colJ_len0` in OpenCL C). That is exact while
//! every value the local ever holds is a 1-D array parameter `p` of its type (the pointer
//! `p`, length `p_len0`) or a row `m[e]` of a 2-D array parameter `m` of its element type
//! (`m + e * m_len1`, length `m_len1`: 2-D arrays are rectangular on the device, the host
//! runs ragged or `null` rows on the CPU) or a row `c[x][y]` of a 3-D one (`c + (x *
//! c_len1 + y) * c_len2`, length `c_len2`), and all of them come from one source, so the
//! local's length never changes and the bounds proofs that read `colJ.length` stay true.
//! A 2-D local names planes `c[x]` of one 3-D parameter: a pointer and two lengths
//! (`c + x * c_len1 * c_len2`, `p_len0 = c_len1`, `p_len1 = c_len2`), the representation
//! of a 2-D parameter, as for a plane passed to a helper. Its rows are not replaced
//! (`p[y] = ..` is refused); a 1-D local may name one (`double[] r = p[y];`), a row of the
//! 3-D parameter.
//! The local is then only indexed, measured, passed to a call (which cannot store it:
//! kernel code has no array fields or statics) or assigned as a statement. Anything else
//! (comparing it by reference, a conditional or `null`, returning it, a `@` or `!` over
//! it, a row of a 2-D local stored) keeps the function off the device with the reason.
//!
//! A 1-D value-array local of primitives (`int[[]] row = table[k];`) is the same pointer
//! into a value-array parameter or a row of a value matrix; nothing writes through it. Its
//! source may also be a `static final` value array or rows of a 2-D one (`int[[]] w =
//! WEIGHTS;`, `int[[]] row = GRID[k];`): a pointer into the statics buffer
//! ([`ArrayAlias::static_source`]).
//!
//! Writes through the local are writes to its source: the parallel-loop analysis checks
//! `colJ[i] = ..` as `m[e][i] = ..` (`parallel.rs`), and the kernel writer declares the
//! source writable.

use super::{BlockReason, Blocker};
use crate::ir::*;
use std::collections::HashMap;

/// One array local of a function and the source all its values come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArrayAlias {
    /// The 1-D, 2-D or 3-D array parameter the local points into.
    pub base: LocalId,
    /// `true` when the local holds rows `base[e]` of a 2-D `base` (rows `base[x][y]` or
    /// planes `base[x]` of a 3-D `base`); `false` when it holds `base` itself.
    pub row: bool,
    /// The values assigned to the local (its initializer first when it has one): each is
    /// `Local(base)`, `Index { array: Local(base), index }` or, for rows of a 3-D `base`,
    /// `Index { array: Index { array: Local(base), .. }, index }`.
    pub values: Vec<ExprId>,
    /// The local's own rank: 1, or 2 for planes of a 3-D parameter.
    pub rank: u8,
    /// A local naming a `static final` value array `S` or rows `S[e]` of a 2-D one: the
    /// field (kernels read it from the statics buffer). `base` is then the local itself:
    /// no parameter's buffer is involved, and nothing writes through a value array.
    pub static_source: Option<StaticId>,
}

impl ArrayAlias {
    /// Whether the local holds rows `c[x][y]` of a 3-D array `c`.
    pub fn cube_rows(&self, func: &Function) -> bool {
        self.rank == 1 && super::isolation::cube_elem(&func.local(self.base).ty).is_some()
    }

    /// The dimensions of `base` the local's value consumed: its length of dimension `d` is
    /// `base`'s of dimension `d + offset` (the device's arrays are rectangular).
    pub fn offset(&self, func: &Function) -> u8 {
        let base_rank = super::isolation::array_dims(&func.local(self.base).ty)
            .map_or(self.rank, |(_, rank)| rank);
        base_rank.saturating_sub(self.rank)
    }

    /// Whether the local holds planes `c[x]` of a 3-D array `c`.
    pub fn cube_planes(&self, func: &Function) -> bool {
        self.rank == 2 && super::isolation::cube_elem(&func.local(self.base).ty).is_some()
    }
}

/// Where an array local's values come from: a parameter or output of the function, or
/// `static final` data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Source {
    Local(LocalId),
    Static(StaticId),
}

/// The array locals of `func` (other than a SOMD body's outputs and the `@` results a
/// nested fold consumes, which have their own forms), or the first use that cannot be a
/// pointer into a buffer.
pub fn array_aliases(
    func: &Function,
    skip: &dyn Fn(LocalId) -> bool,
) -> Result<HashMap<LocalId, ArrayAlias>, Blocker> {
    let mut out: HashMap<LocalId, ArrayAlias> = HashMap::new();
    let refuse = |l: LocalId, why: &str, span: somd_diag::Span| Blocker {
        reason: BlockReason::Unsupported,
        construct: format!("local `{}` of array type {why}", func.local(l).name),
        span,
        chain: Vec::new(),
    };
    // An array parameter arrives in kernel code as a pointer and constant lengths. A
    // helper or `@` target (a function written whole in kernel code) that reassigns one
    // would leave its lengths behind, unless they are its type's (`T[[N]]`); and no
    // function may assign one inside an expression, whose parts Java evaluates before the
    // assignment would need its old value held (`first(a, len(a = b))`). A SOMD body's
    // assignments written as statements are refused where they stand (by the body's shape,
    // or inside the loop as loop-carried), except the host's, which run on the host.
    let roots = super::walk::expr_statements(func);
    for (i, e) in func.exprs.iter().enumerate() {
        let ExprKind::Assign { target, .. } = e.kind else { continue };
        let ExprKind::Local(p) = func.expr(target).kind else { continue };
        let param = func.local(p);
        if param.kind != LocalKind::Param
            || !matches!(param.ty, Type::Array(_) | Type::ValueArray(..))
            || super::isolation::vector_of(&param.ty).is_some()
        {
            continue;
        }
        let bounded = matches!(param.ty, Type::ValueArray(_, Some(_)));
        let inside = !roots.contains(&ExprId(i as u32));
        if inside || (!func.is_somd() && !bounded) {
            return Err(Blocker {
                reason: BlockReason::Unsupported,
                construct: format!(
                    "array parameter `{}` reassigned {}",
                    param.name,
                    match inside {
                        true =>
                            "inside an expression (the parts Java evaluates before the \
                                 assignment would need its old value held)",
                        false => "(kernel code holds its lengths as constants)",
                    }
                ),
                span: e.span,
                chain: Vec::new(),
            });
        }
    }
    // Candidate locals: declared (not parameters), of an array type.
    let mut inits: Vec<(LocalId, Option<ExprId>)> = Vec::new();
    super::walk::each_stmt(&func.body, &mut |s| {
        if let Stmt::Let { local, init } = s {
            if matches!(func.local(*local).ty, Type::Array(_) | Type::ValueArray(..))
                && !skip(*local)
            {
                inits.push((*local, *init));
            }
        }
    });
    let fresh = super::private::fresh_arrays(func);
    for (local, init) in &inits {
        let ty = &func.local(*local).ty;
        let span = func.local(*local).span;
        if let Some(Err(why)) = fresh.get(local) {
            return Err(refuse(*local, &format!("holding a fresh array {why}"), span));
        }
        let prims = match ty {
            Type::Array(elem) => match &**elem {
                Type::Prim(_) => true,
                Type::Array(inner) => matches!(**inner, Type::Prim(_)),
                _ => false,
            },
            // A 1-D value array of primitives (a bounded one of 2, 4, 8 or 16 elements is an
            // OpenCL vector, `other_form`).
            Type::ValueArray(elem, _) => matches!(**elem, Type::Prim(_)),
            _ => false,
        };
        let rank =
            if matches!(ty, Type::Array(e) if matches!(**e, Type::Array(_))) { 2 } else { 1 };
        if !prims {
            return Err(refuse(
                *local,
                "other than a mutable 1-D or 2-D array of primitives",
                span,
            ));
        }
        out.insert(
            *local,
            ArrayAlias {
                base: *local,
                row: false,
                values: init.iter().copied().collect(),
                rank,
                static_source: None,
            },
        );
    }
    // Every assignment to a candidate: a statement, of an aliasable value.
    let mut allowed_uses = std::collections::HashSet::new();
    for (i, expr) in func.exprs.iter().enumerate() {
        let eid = ExprId(i as u32);
        match &expr.kind {
            ExprKind::Assign { target, value } => match func.expr(*target).kind {
                ExprKind::Local(l) => {
                    if let Some(alias) = out.get_mut(&l) {
                        if !roots.contains(&eid) {
                            return Err(refuse(l, "assigned inside an expression", expr.span));
                        }
                        alias.values.push(*value);
                        allowed_uses.insert(*target);
                    }
                }
                // A row of a 2-D local replaced (`p[y] = ..`): its rows are its source's.
                ExprKind::Index { array, .. }
                    if matches!(func.expr(*target).ty, Type::Array(_)) =>
                {
                    if let ExprKind::Local(l) = func.expr(array).kind {
                        if out.contains_key(&l) {
                            return Err(refuse(l, "with a row replaced", expr.span));
                        }
                    }
                }
                _ => {}
            },
            ExprKind::CompoundAssign { target, .. } | ExprKind::IncDec { target, .. } => {
                if let ExprKind::Local(l) = func.expr(*target).kind {
                    if out.contains_key(&l) {
                        return Err(refuse(l, "updated", expr.span));
                    }
                }
            }
            ExprKind::Index { array, .. }
            | ExprKind::Length(array)
            | ExprKind::ReduceArray { array, .. } => {
                allowed_uses.insert(*array);
            }
            ExprKind::Call { args, receiver: None, .. } => allowed_uses.extend(args.iter()),
            _ => {}
        }
    }
    // The 3-D parameter whose planes each 2-D local names (its first value's), for the
    // rows `p[y]` a 1-D local may take of one.
    let planes_of: HashMap<LocalId, LocalId> = out
        .iter()
        .filter(|(_, alias)| alias.rank == 2)
        .filter_map(|(l, alias)| {
            let first = *alias.values.first()?;
            let ExprKind::Index { array, .. } = func.expr(first).kind else { return None };
            let ExprKind::Local(c) = func.expr(array).kind else { return None };
            Some((*l, c))
        })
        .collect();
    // The values: one source per local.
    for (local, alias) in out.iter_mut() {
        let mut base: Option<(Source, bool)> = None;
        for v in &alias.values {
            let e = func.expr(*v);
            // A `static final` value array, or a row of a 2-D one (`int[[]] row = W[k];`):
            // its place in the statics buffer (`isolation::static_use_ok` accepts the read).
            let from_static = match &e.kind {
                ExprKind::Static(s) if alias.rank == 1 => Some((*s, false)),
                ExprKind::Index { array, .. } if alias.rank == 1 => match func.expr(*array).kind {
                    ExprKind::Static(s) => Some((s, true)),
                    _ => None,
                },
                _ => None,
            };
            let from_static = from_static.filter(|_| matches!(e.ty, Type::ValueArray(..)));
            let found = from_static.map(|(s, row)| (Source::Static(s), row)).or_else(|| {
                let found = match &e.kind {
                    ExprKind::Local(p) if source_ok(func, *p) && func.local(*p).ty == e.ty => {
                        Some((*p, false))
                    }
                    ExprKind::Index { array, .. } => match &func.expr(*array).kind {
                        // A row `p[y]` of a 2-D local naming planes `c[x]`: a row `c[x][y]`.
                        ExprKind::Local(q) if alias.rank == 1 && planes_of.contains_key(q) => {
                            Some((planes_of[q], true))
                        }
                        ExprKind::Local(p)
                            if source_ok(func, *p)
                                && matches!(&func.local(*p).ty,
                                Type::Array(row) | Type::ValueArray(row, _) if **row == e.ty) =>
                        {
                            Some((*p, true))
                        }
                        // A row `c[x][y]` of a 3-D array parameter (`c + (x * c_len1 + y) *
                        // c_len2`, length `c_len2`).
                        ExprKind::Index { array: plane, .. } => match func.expr(*plane).kind {
                            ExprKind::Local(p)
                                if source_ok(func, p)
                                    && super::isolation::cube_elem(&func.local(p).ty).is_some()
                                    && func.local(p).ty
                                        == Type::Array(Box::new(Type::Array(Box::new(
                                            e.ty.clone(),
                                        )))) =>
                            {
                                Some((p, true))
                            }
                            _ => None,
                        },
                        _ => None,
                    },
                    _ => None,
                };
                found.map(|(p, row)| (Source::Local(p), row))
            });
            let Some(found) = found else {
                // Name what it holds where that is the construct to move.
                let held = match e.kind {
                    ExprKind::Map { .. } => {
                        "the result of a `@` (kernel code makes no arrays of a `@`'s length: \
                         `op ! (C @ f(..))` folds a `@` without one)"
                    }
                    ExprKind::Freeze(_) => "a value array it creates (kernel code makes no arrays)",
                    _ => {
                        "a value other than an array parameter or output, a row of a 2-D or 3-D \
                         one, or static data"
                    }
                };
                return Err(refuse(*local, &format!("holding {held}"), e.span));
            };
            // A 2-D local names planes of a 3-D parameter only (the parameter itself has
            // its own name).
            let planes = |s: Source| match s {
                Source::Local(p) => super::isolation::cube_elem(&func.local(p).ty).is_some(),
                Source::Static(_) => false,
            };
            if alias.rank == 2 && !(found.1 && planes(found.0)) {
                return Err(refuse(
                    *local,
                    "holding a value other than a plane of a 3-D array parameter",
                    e.span,
                ));
            }
            match base {
                None => base = Some(found),
                Some(b) if b == found => {}
                Some(_) => {
                    return Err(refuse(
                        *local,
                        "holding arrays of different sources (its length would change)",
                        e.span,
                    ))
                }
            }
            allowed_uses.insert(*v);
        }
        if let Some((Source::Static(s), row)) = base {
            alias.static_source = Some(s);
            alias.row = row;
            continue;
        }
        let Some((Source::Local(b), row)) = base else {
            return Err(refuse(*local, "never assigned", func.local(*local).span));
        };
        alias.base = b;
        alias.row = row;
    }
    // Uses: indexed, measured, reduced (`!`), passed to a call or assigned.
    for (i, expr) in func.exprs.iter().enumerate() {
        if let ExprKind::Local(l) = expr.kind {
            if out.contains_key(&l) && !allowed_uses.contains(&ExprId(i as u32)) {
                return Err(refuse(
                    l,
                    "used other than indexed, measured, reduced, passed to a call or assigned",
                    expr.span,
                ));
            }
        }
    }
    Ok(out)
}

/// A local an alias may point into: an array parameter, or a SOMD body's output (a buffer
/// of its own in kernel code, [`other_form`]), that the function never reassigns.
fn source_ok(func: &Function, p: LocalId) -> bool {
    let output = || somd_output(func, p) && !super::private::private_arrays(func).contains_key(&p);
    (func.local(p).kind == LocalKind::Param || output())
        && !func.exprs.iter().any(|e| match &e.kind {
            ExprKind::Assign { target, .. } => {
                matches!(func.expr(*target).kind, ExprKind::Local(l) if l == p)
            }
            _ => false,
        })
}

/// The array locals of `func` that kernel code holds as pointers ([`array_aliases`] with the
/// locals that have other forms left out: a SOMD body's output arrays, the `@` results a
/// nested fold consumes, OpenCL vectors). Empty when some local cannot be one (the
/// function is then off the device: `isolation.rs` reports it).
pub fn kernel_aliases(func: &Function) -> HashMap<LocalId, ArrayAlias> {
    array_aliases(func, &|l| other_form(func, l)).unwrap_or_default()
}

/// Whether array local `l` has a kernel form other than a pointer into a parameter or an
/// output: a SOMD body's output itself (a buffer of its own), a private array of the
/// work-item (`private.rs`), a nested fold's `@` result or an OpenCL vector.
pub(super) fn other_form(func: &Function, l: LocalId) -> bool {
    if super::private::private_arrays(func).contains_key(&l) {
        return true;
    }
    if super::isolation::vector_of(&func.local(l).ty).is_some() {
        return true;
    }
    if func.is_somd() {
        somd_output(func, l)
    } else {
        super::nested::nested_folds(func).iter().any(|f| f.via == Some(l))
    }
}

/// Whether `l` is an output of SOMD function `func`: a local declared with a new array (a
/// private array of the work-item is declared so too).
fn somd_output(func: &Function, l: LocalId) -> bool {
    let mut output = false;
    if func.is_somd() {
        super::walk::each_stmt(&func.body, &mut |s| {
            if let Stmt::Let { local, init: Some(e) } = s {
                output |= *local == l && matches!(func.expr(*e).kind, ExprKind::NewArray { .. });
            }
        });
    }
    output
}
