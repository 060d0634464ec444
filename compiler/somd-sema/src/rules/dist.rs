//! Rules for `dist` qualifiers (LANGUAGE.md §2.2).
//!
//! A `dist` qualifier may appear on parameters of methods and on local variables of SOMD
//! methods, always on an array type. `dim = k` names one dimension (1-based), `view` and
//! `polyview` give at most one non-negative `<before, after>` pair per partitioned
//! dimension, and a user strategy `dist(P(e1, .., ek))` needs the exact method
//! `static int[] bounds(int length, int parts, T1 .., Tk)` in class `P`, where `Ti` is the
//! type of `ei` (no conversions: the strategy is looked up, not overload-resolved).

use super::codes;
use super::util::{self, Visitor};
use crate::model::{CallTarget, ClassId, NameRes, Program, Ty};
use somd_diag::Diagnostic;
use somd_syntax::ast::{DeclId, DistKind, DistSpec, Expr, ExprKind, HaloPair, LocalDecl};

pub(super) fn check(program: &Program, diagnostics: &mut Vec<Diagnostic>) {
    for id in program.method_ids() {
        let Some(decl) = program.method_decl(id) else { continue };
        let info = util::method_info(program, id);
        for (index, param) in decl.params.iter().enumerate() {
            let Some(spec) = &param.dist else { continue };
            if program.main == Some(id) {
                diagnostics.push(
                    Diagnostic::error(
                        codes::DIST_ON_MAIN,
                        format!("the parameter `{}` of `main` cannot be `dist`", param.name.name),
                        spec.span,
                    )
                    .with_label("`dist` on the entry point's parameter")
                    .with_help(
                        "the entry point runs once; pass `args` to a method with a `dist` \
                         parameter instead",
                    ),
                );
                continue;
            }
            let ty = param_ty(program, param.id)
                .or_else(|| info.and_then(|m| m.params.get(index)).map(|p| p.ty.clone()))
                .unwrap_or(Ty::Error);
            check_spec(program, spec, &ty, diagnostics);
        }
    }
    for index in 0..program.ctors.len() {
        let Some(decl) = program.ctor_decl(crate::model::CtorId(index as u32)) else { continue };
        for param in &decl.params {
            if let Some(spec) = &param.dist {
                diagnostics.push(
                    Diagnostic::error(
                        codes::DIST_ON_CTOR,
                        format!("constructor parameter `{}` cannot be `dist`", param.name.name),
                        spec.span,
                    )
                    .with_label("`dist` on a constructor parameter")
                    .with_help(
                        "only methods can be SOMD methods; pass the array to a method with a \
                         `dist` parameter instead",
                    ),
                );
            }
        }
    }
    for body in util::bodies(program) {
        let dist = body
            .decl
            .map(|d| {
                d.params
                    .iter()
                    .filter_map(|p| {
                        let ty = param_ty(program, p.id)?;
                        Some((p.id, split_dims(program, p.dist.as_ref()?, &ty)))
                    })
                    .collect()
            })
            .unwrap_or_default();
        let viewed = body
            .decl
            .map(|d| d.params.iter().filter(|p| has_view(&p.dist)).map(|p| p.id).collect())
            .unwrap_or_default();
        // Array parameters without `dist` of a SOMD method whose array result is assembled.
        let assembled = body.decl.filter(|d| body.is_somd && d.modifiers.reduce().is_none());
        let whole = assembled
            .map(|d| {
                d.params
                    .iter()
                    .filter(|p| p.dist.is_none())
                    .filter(|p| param_ty(program, p.id).is_some_and(|t| t.is_any_array()))
                    .map(|p| p.id)
                    .collect()
            })
            .unwrap_or_default();
        let mut locals =
            DistLocals { program, is_somd: body.is_somd, dist, viewed, whole, diagnostics };
        util::walk_block(&mut locals, body.block);
    }
}

/// The dimensions the method instances of a `dist` variable of type `ty` split: every
/// dimension of a matrix under the default partitioning or a view (whose pairs give halos
/// to the first ones: `view = <1, 1>` on a matrix splits its columns too, without halo
/// cells), but a bounded one (`T[[]][[N]]` splits rows only); the one `dim = k` names; the
/// first for a user strategy.
fn split_dims(program: &Program, spec: &DistSpec, ty: &Ty) -> Vec<usize> {
    let rank = ty.rank();
    let bounded = bounded_dims(ty);
    let blocks = |n: usize| (1..=n).filter(|d| !bounded.contains(d)).collect();
    match &spec.kind {
        DistKind::Block => blocks(rank.min(2)),
        DistKind::Dim(k) => {
            util::const_int(program, k).and_then(|k| usize::try_from(k).ok()).into_iter().collect()
        }
        DistKind::View(pairs) | DistKind::PolyView(pairs) => blocks(pairs.len().max(rank.min(2))),
        DistKind::User { .. } => vec![1],
    }
}

/// Whether a `dist` qualifier gives its partitions halo cells (`view`, `polyview`).
fn has_view(spec: &Option<DistSpec>) -> bool {
    matches!(spec, Some(DistSpec { kind: DistKind::View(_) | DistKind::PolyView(_), .. }))
}

fn param_ty(program: &Program, decl: somd_syntax::ast::DeclId) -> Option<Ty> {
    util::local_info(program, decl).map(|local| local.ty.clone())
}

/// Checks the `dist` qualifiers of local declarations in one body.
struct DistLocals<'p, 'd> {
    program: &'p Program,
    is_somd: bool,
    /// The `dist` parameters and the `dist` locals declared so far, with the dimensions
    /// their method instances split ([`split_dims`]).
    dist: std::collections::HashMap<DeclId, Vec<usize>>,
    /// The `dist` parameters whose partitions carry halo cells.
    viewed: std::collections::HashSet<DeclId>,
    /// In a SOMD method whose array result is assembled (no `reduce(..)`), its array
    /// parameters that are not `dist`.
    whole: std::collections::HashSet<DeclId>,
    diagnostics: &'d mut Vec<Diagnostic>,
}

impl DistLocals<'_, '_> {
    /// A `dist` local is partitioned like the `dist` array its length comes from (§2.2):
    /// an array allocated for it with another length along a partitioned dimension would
    /// be allocated whole in every MI, and its assembly would grow with the number of MIs
    /// (`dist long[] c = new long[7];` assembles to 7 elements per MI).
    fn check_length(&mut self, spec: &DistSpec, ty: &Ty, init: &Expr) {
        let ExprKind::NewArray { dims, .. } = &init.kind else { return };
        let partitioned = split_dims(self.program, spec, ty);
        // The `dist` arrays the lengths come from, with the dimension each is read at.
        let mut sources = Vec::new();
        for &d in &partitioned {
            let Some(size) = dims.get(d - 1) else { continue };
            if let Some(source) = self.dist_length(size, d) {
                sources.push((source, size));
                continue;
            }
            if self.program.ty_of(size.id).is_error() {
                continue;
            }
            let what = if d == 1 { "v.length" } else { "v[0].length" };
            self.diagnostics.push(
                Diagnostic::error(
                    codes::DIST_LOCAL_LENGTH,
                    format!(
                        "`dist` local allocated with a length of dimension {d} that is not a \
                         `dist` array's"
                    ),
                    size.span,
                )
                .with_label(format!("write `{what}` of a `dist` parameter or local `v`"))
                .with_help(
                    "a `dist` local is partitioned like the `dist` array its length comes from; \
                     without one, every method instance would allocate this length and the \
                     assembled result would depend on their number (remove `dist` for an \
                     array of this length in every instance)",
                ),
            );
        }
        // The source's method instances split it in dimensions the local is not split in:
        // several instances hold the same part of the local, and its assembly takes each. A
        // dimension the local takes from a source's partition (`new long[g.length][..]` of a
        // `dist(dim = 2)` local) is the partition's there (review 100: such a local
        // assembled as the source does).
        let covered = |d: &usize| {
            partitioned.contains(d)
                || dims.get(d - 1).and_then(|size| self.dist_length(size, *d)).is_some_and(
                    |source| self.dist.get(&source).is_some_and(|split| split.contains(d)),
                )
        };
        let uncovered: Vec<(DeclId, &Expr, usize)> = sources
            .into_iter()
            .filter_map(|(source, size)| {
                let d = *self.dist.get(&source)?.iter().find(|d| !covered(d))?;
                Some((source, size, d))
            })
            .collect();
        for (source, size, d) in uncovered {
            let name = util::local_info(self.program, source).map_or("?", |l| l.name.as_str());
            self.diagnostics.push(
                Diagnostic::error(
                    codes::DIST_LOCAL_LENGTH,
                    format!(
                        "`dist` local allocated from `{name}`, which is partitioned in \
                         dimension {d} too, where this local is not"
                    ),
                    size.span,
                )
                .with_label(format!(
                    "the method instances that split `{name}`'s dimension {d} would each hold \
                     this part of the local"
                ))
                .with_help(format!(
                    "the assembled result would hold the part once per partition of `{name}`'s \
                     dimension {d}; partition the local as `{name}` (the same qualifier and \
                     rank), or `{name}` only where the local is (`dist(dim = 1)` for rows)"
                )),
            );
        }
    }

    /// The `dist` variable `v` when `size` is `v.length` (dimension 1) or `v[e].length`
    /// (dimension 2).
    fn dist_length(&self, size: &Expr, dim: usize) -> Option<DeclId> {
        let ExprKind::Field { target, .. } = &size.kind else { return None };
        if !matches!(self.program.names.get(&size.id), Some(NameRes::ArrayLength)) {
            return None;
        }
        let mut array = &**target;
        for _ in 1..dim {
            let ExprKind::Index { target, .. } = &array.kind else { return None };
            array = target;
        }
        match self.program.names.get(&array.id) {
            Some(NameRes::Local(decl)) if self.dist.contains_key(decl) => Some(*decl),
            _ => None,
        }
    }
}

impl<'a> Visitor<'a> for DistLocals<'_, '_> {
    /// `return b;` of an array parameter `b` that is not `dist` (W0310): every method
    /// instance returns its whole copy, and the assembly concatenates them, so the result's
    /// length is `b`'s times the number of method instances.
    fn stmt(&mut self, stmt: &'a somd_syntax::ast::Stmt) -> bool {
        let somd_syntax::ast::StmtKind::Return(Some(value)) = &stmt.kind else { return true };
        let Some(NameRes::Local(decl)) = self.program.names.get(&value.id) else { return true };
        if !self.whole.contains(decl) {
            return true;
        }
        self.diagnostics.push(
            Diagnostic::warning(
                codes::WHOLE_PARAM_ASSEMBLED,
                "this SOMD method returns an array parameter that is not `dist`",
                value.span,
            )
            .with_label("every method instance returns its whole copy")
            .with_help(
                "the result assembles the method instances' arrays one after the other, so its \
                 length grows with their number (LANGUAGE.md §2.4); make the parameter `dist` \
                 to return its partitions, or return an array the method allocates",
            ),
        );
        true
    }

    /// A SOMD method with a view called from an MI on the MI's partition (W0309): its
    /// inner partitions at the partition's ends have no halo cells there, where one MI
    /// over the whole array reads the neighbours.
    fn expr(&mut self, expr: &'a Expr, _write: bool) -> bool {
        let ExprKind::Call { args, .. } = &expr.kind else { return true };
        let Some(CallTarget::Method(callee)) = self.program.calls.get(&expr.id) else {
            return true;
        };
        let Some(callee_decl) = self.program.method_decl(*callee) else { return true };
        for (param, arg) in callee_decl.params.iter().zip(args) {
            let Some(NameRes::Local(decl)) = self.program.names.get(&arg.id) else { continue };
            if !has_view(&param.dist) || !self.dist.contains_key(decl) || self.viewed.contains(decl)
            {
                continue;
            }
            self.diagnostics.push(
                Diagnostic::warning(
                    codes::NESTED_VIEW_WITHOUT_HALO,
                    format!(
                        "the view of `{}`'s parameter `{}` has no halo cells past this method \
                         instance's partition",
                        self.program.method_path(*callee),
                        param.name.name
                    ),
                    arg.span,
                )
                .with_label("the calling method instance's partition, without halo cells")
                .with_help(
                    "give this `dist` parameter a view as wide as the callee's, or call the \
                     method outside the SOMD method: its method instances at the partition's \
                     ends cannot read the neighbours one method instance over the whole array \
                     reads",
                ),
            );
        }
        true
    }

    fn local_decl(&mut self, decl: &'a LocalDecl) {
        let Some(spec) = &decl.dist else { return };
        if !self.is_somd {
            self.diagnostics.push(
                Diagnostic::error(
                    codes::DIST_LOCAL_OUTSIDE_SOMD,
                    "`dist` local variables are allowed only inside SOMD methods",
                    spec.span,
                )
                .with_label("this method has no `dist` parameter")
                .with_help("remove `dist`, or give the method a `dist` parameter to partition by"),
            );
            return;
        }
        for var in &decl.vars {
            let ty = param_ty(self.program, var.id).unwrap_or(Ty::Error);
            let before = self.diagnostics.len();
            check_spec(self.program, spec, &ty, self.diagnostics);
            if self.diagnostics.len() == before && ty.is_any_array() {
                if let Some(init) = &var.init {
                    self.check_length(spec, &ty, init);
                }
            }
            let split = split_dims(self.program, spec, &ty);
            self.dist.insert(var.id, split);
        }
    }
}

/// Checks one `dist` qualifier on a variable of type `ty`.
fn check_spec(program: &Program, spec: &DistSpec, ty: &Ty, diagnostics: &mut Vec<Diagnostic>) {
    if ty.is_error() {
        return;
    }
    if !ty.is_any_array() {
        diagnostics.push(
            Diagnostic::error(
                codes::DIST_NOT_ARRAY,
                format!("`dist` applies only to arrays, found `{}`", program.ty_name(ty)),
                spec.span,
            )
            .with_label("`dist` on a non-array")
            .with_help("remove `dist`: only arrays can be partitioned"),
        );
        return;
    }
    let rank = ty.rank();
    check_bounded(program, spec, ty, rank, diagnostics);
    match &spec.kind {
        DistKind::Block => {}
        DistKind::Dim(expr) => check_dim(program, expr, ty, rank, diagnostics),
        DistKind::View(pairs) => check_pairs(program, "view", pairs, ty, rank, diagnostics),
        DistKind::PolyView(pairs) => {
            check_pairs(program, "polyview", pairs, ty, rank, diagnostics);
        }
        DistKind::User { class, args } => {
            let Some(&class_id) = program.class_by_name.get(&class.name) else {
                diagnostics.push(
                    Diagnostic::error(
                        codes::DIST_UNKNOWN_STRATEGY,
                        format!("cannot find partitioning strategy class `{}`", class.name),
                        class.span,
                    )
                    .with_label("not a class of this program")
                    .with_help(format!(
                        "declare `class {} {{ static int[] bounds(int length, int parts) {{ .. }} }}`",
                        class.name
                    )),
                );
                return;
            };
            check_bounds(program, class_id, &class.span, args, diagnostics);
        }
    }
}

/// The dimensions (numbered from 1) of `ty` that are bounded value-array dimensions
/// (`[[N]]`): their length is part of the type, so no partition may split them.
pub(crate) fn bounded_dims(ty: &Ty) -> Vec<usize> {
    let mut out = Vec::new();
    let mut t = ty;
    let mut d = 1;
    while let Some(elem) = t.element() {
        if matches!(t, Ty::ValueArray(_, Some(_))) {
            out.push(d);
        }
        t = elem;
        d += 1;
    }
    out
}

/// A `dist` qualifier may not split a bounded dimension: an MI's part of a `float[[4]]`
/// would be a `float[[4]]` of fewer elements. The default block partitioning of a
/// `T[[]][[N]]` splits its rows only (lowering makes it `dim = 1`); naming a bounded
/// dimension (`dim = 2`, a halo pair for it, any strategy of a `T[[N]]`) is an error.
fn check_bounded(
    program: &Program,
    spec: &DistSpec,
    ty: &Ty,
    rank: usize,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let bounded = bounded_dims(ty);
    if bounded.is_empty() {
        return;
    }
    let split: Vec<usize> = match &spec.kind {
        DistKind::Block | DistKind::User { .. } => vec![1],
        DistKind::Dim(expr) => util::const_int(program, expr)
            .filter(|k| (1..=rank as i64).contains(k))
            .map(|k| vec![k as usize])
            .unwrap_or_default(),
        DistKind::View(pairs) | DistKind::PolyView(pairs) => (1..=pairs.len().max(1)).collect(),
    };
    if let Some(d) = split.iter().find(|d| bounded.contains(d)) {
        diagnostics.push(
            Diagnostic::error(
                codes::DIST_BOUNDED_DIM,
                format!(
                    "`dist` cannot partition dimension {d} of `{}`: its length is part of the \
                     type",
                    program.ty_name(ty)
                ),
                spec.span,
            )
            .with_label(format!("partitions the bounded dimension {d}"))
            .with_help("partition an unbounded dimension, or declare this one unbounded (`[[]]`)"),
        );
    }
}

fn check_dim(
    program: &Program,
    expr: &Expr,
    ty: &Ty,
    rank: usize,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let expr_ty = program.ty_of(expr.id);
    let value = if util::is_int_like(expr_ty) { util::const_int(program, expr) } else { None };
    match value {
        None => {
            if program.expr_ty.get(&expr.id).is_some_and(Ty::is_error) {
                return;
            }
            diagnostics.push(
                Diagnostic::error(
                    codes::DIST_DIM_NOT_CONSTANT,
                    "`dim` must be an `int` constant",
                    expr.span,
                )
                .with_label("not a constant")
                .with_help("write the dimension number, for example `dist(dim = 2)`"),
            );
        }
        Some(k) if k < 1 || k > rank as i64 => {
            diagnostics.push(
                Diagnostic::error(
                    codes::DIST_DIM_OUT_OF_RANGE,
                    format!(
                        "`dim = {k}` is not a dimension of `{}`, which has {rank} dimension{}",
                        program.ty_name(ty),
                        if rank == 1 { "" } else { "s" }
                    ),
                    expr.span,
                )
                .with_label(format!("expected a number from 1 to {rank}"))
                .with_help("dimensions are numbered from 1"),
            );
        }
        // No back end splits the cells of a 3-D array's rows (§2.2 lets it ignore the
        // strategy and asks it to say so): the MIs split dimensions 1 and 2, as the block
        // default does (`somd_mir::lower::honoured`).
        Some(3) => {
            diagnostics.push(
                Diagnostic::warning(
                    codes::DIST_DIM_NOT_HONOURED,
                    "`dim = 3` is not honoured: the method instances split dimensions 1 and 2",
                    expr.span,
                )
                .with_label("each method instance gets whole rows of dimension 3")
                .with_help(
                    "a correct SOMD method returns the same result; write `dist(dim = 1)` or \
                     `dist(dim = 2)` to choose the split",
                ),
            );
        }
        Some(_) => {}
    }
}

fn check_pairs(
    program: &Program,
    keyword: &str,
    pairs: &[HaloPair],
    ty: &Ty,
    rank: usize,
    diagnostics: &mut Vec<Diagnostic>,
) {
    for pair in pairs {
        for width in [&pair.before, &pair.after] {
            let width_ty = program.ty_of(width.id);
            if width_ty.is_error() && program.expr_ty.contains_key(&width.id) {
                continue;
            }
            let value =
                if util::is_int_like(width_ty) { util::const_int(program, width) } else { None };
            let problem = match value {
                None => "is not an `int` constant",
                Some(v) if v < 0 => "is negative",
                Some(_) => continue,
            };
            diagnostics.push(
                Diagnostic::error(
                    codes::DIST_BAD_HALO,
                    format!("halo width in `{keyword}` {problem}"),
                    width.span,
                )
                .with_label("expected a non-negative `int` constant")
                .with_help("halo widths count cells, for example `<1, 1>`"),
            );
        }
    }
    if let Some(extra) = pairs.get(rank) {
        diagnostics.push(
            Diagnostic::error(
                codes::DIST_TOO_MANY_PAIRS,
                format!(
                    "`{keyword}` gives {} `<before, after>` pairs but `{}` has {rank} partitioned dimension{}",
                    pairs.len(),
                    program.ty_name(ty),
                    if rank == 1 { "" } else { "s" }
                ),
                extra.span,
            )
            .with_label("no dimension left for this pair")
            .with_help(format!("give at most {rank} pair{}", if rank == 1 { "" } else { "s" })),
        );
    }
}

/// Checks that `class` declares `static int[] bounds(int, int, <types of args>)`.
fn check_bounds(
    program: &Program,
    class_id: ClassId,
    use_span: &somd_diag::Span,
    args: &[Expr],
    diagnostics: &mut Vec<Diagnostic>,
) {
    let Some(class) = program.classes.get(class_id.0 as usize) else { return };
    let mut wanted = vec![Ty::INT, Ty::INT];
    for arg in args {
        let ty = program.ty_of(arg.id);
        if ty.is_error() {
            return;
        }
        wanted.push(ty.clone());
    }
    let want_ret = Ty::Array(Box::new(Ty::INT));
    let mut near_misses = Vec::new();
    for &method_id in &class.methods {
        let Some(method) = util::method_info(program, method_id) else { continue };
        if method.name != "bounds" {
            continue;
        }
        if method.params.iter().any(|p| p.ty.is_error()) || method.ret.is_error() {
            return;
        }
        let params_match = method.params.len() == wanted.len()
            && method.params.iter().zip(&wanted).all(|(p, w)| &p.ty == w);
        if method.is_static && method.ret == want_ret && params_match {
            let what = format!("the `bounds` of partitioning strategy `{}`", class.name);
            super::reduce::somd_hook(method, &what, diagnostics);
            return;
        }
        near_misses.push(method.name_span);
    }
    let extra: Vec<String> = wanted[2..].iter().map(|ty| program.ty_name(ty)).collect();
    let mut signature = String::from("static int[] bounds(int length, int parts");
    for (index, ty) in extra.iter().enumerate() {
        signature.push_str(&format!(", {ty} arg{}", index + 1));
    }
    signature.push(')');
    let mut diagnostic = Diagnostic::error(
        codes::DIST_NO_BOUNDS,
        format!("partitioning strategy `{}` has no method `{signature}`", class.name),
        *use_span,
    )
    .with_label("used as a partitioning strategy here")
    .with_secondary(class.name_span, format!("`{}` is declared here", class.name));
    for span in near_misses {
        diagnostic = diagnostic.with_secondary(span, "this `bounds` has a different signature");
    }
    diagnostics.push(diagnostic.with_help(format!(
        "declare `{signature}` in `{}`, returning `parts + 1` boundaries from 0 to `length`",
        class.name
    )));
}
