//! The state threaded through the grammar's actions, and the helpers those actions call.
//!
//! Keeping the construction logic here (rather than inline in `grammar.lalrpop`) keeps the
//! grammar readable and lets the helpers share the checks that are not expressible in the
//! grammar: literal folding, cast targets, `dist` options and the
//! depth limit on trees.

use super::{GrammarError, MAX_TREE_DEPTH};
use crate::ast::*;
use crate::codes;
use crate::lexer::{IntValue, LexError, Tok};
use lalrpop_util::ErrorRecovery;
use somd_diag::{Diagnostic, FileId, Span};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;

/// One `[]`, `[[]]` or `[[N]]` suffix of a type, with the byte offset where it ends.
#[derive(Clone, Debug)]
pub struct Dim {
    pub value: bool,
    pub bound: Option<Expr>,
    pub end: usize,
}

/// A declarator before the declaration's type is known to it.
#[derive(Clone, Debug)]
pub struct RawDeclarator {
    pub name: Ident,
    pub dims: Vec<Dim>,
    pub init: Option<Expr>,
    pub span: Span,
}

/// A modifier of a parameter or local variable: `final`, `shared` or `dist(..)`.
#[derive(Clone, Debug)]
pub enum VarMod {
    Mod(Modifier),
    Dist(DistSpec),
}

/// An `int`/`long` literal that is valid only as the operand of unary minus.
struct PendingMinus {
    span: Span,
    is_long: bool,
}

pub struct ParseState<'a> {
    file: FileId,
    text: &'a str,
    ids: &'a IdGen,
    diagnostics: RefCell<Vec<Diagnostic>>,
    parse_errors: RefCell<Vec<GrammarError>>,
    pending_minus: RefCell<HashMap<ExprId, PendingMinus>>,
    /// Depth of every expression built so far that is deeper than a leaf.
    expr_depth: RefCell<HashMap<ExprId, u32>>,
    /// Depth of statements, keyed by their span (statements carry no id).
    stmt_depth: RefCell<HashMap<(u32, u32), u32>>,
    depth_reported: Cell<bool>,
}

impl<'a> ParseState<'a> {
    pub fn new(file: FileId, text: &'a str, ids: &'a IdGen) -> ParseState<'a> {
        ParseState {
            file,
            text,
            ids,
            diagnostics: RefCell::new(Vec::new()),
            parse_errors: RefCell::new(Vec::new()),
            pending_minus: RefCell::new(HashMap::new()),
            expr_depth: RefCell::new(HashMap::new()),
            stmt_depth: RefCell::new(HashMap::new()),
            depth_reported: Cell::new(false),
        }
    }

    pub fn span(&self, l: usize, r: usize) -> Span {
        Span::new(self.file, l, r)
    }

    pub fn ident(&self, name: String, l: usize, r: usize) -> Ident {
        Ident { name, span: self.span(l, r) }
    }

    fn error(&self, diagnostic: Diagnostic) {
        self.diagnostics.borrow_mut().push(diagnostic);
    }

    /// Records a syntax error the grammar recovered from.
    pub fn recover(&self, recovery: ErrorRecovery<usize, Tok, LexError>) {
        self.recover_error(recovery.error);
    }

    pub fn recover_error(&self, error: GrammarError) {
        self.parse_errors.borrow_mut().push(error);
    }

    pub fn take_parse_errors(&self) -> Vec<GrammarError> {
        std::mem::take(&mut *self.parse_errors.borrow_mut())
    }

    /// The diagnostics found while building nodes, including literals that needed a unary
    /// minus and did not get one.
    pub fn finish(&self) -> Vec<Diagnostic> {
        let mut pending: Vec<PendingMinus> =
            self.pending_minus.borrow_mut().drain().map(|(_, p)| p).collect();
        pending.sort_by_key(|p| p.span.start);
        for p in pending {
            self.report_pending(&p);
        }
        std::mem::take(&mut *self.diagnostics.borrow_mut())
    }

    fn report_pending(&self, pending: &PendingMinus) {
        let text = self.text.get(pending.span.range()).unwrap_or("");
        let (ty, help) = if pending.is_long {
            ("long", "the largest `long` is 9223372036854775807L")
        } else {
            ("int", "add an `L` suffix to make it a `long` literal")
        };
        self.error(
            Diagnostic::error(
                codes::LITERAL_OUT_OF_RANGE,
                format!("integer literal `{text}` is too large for `{ty}`"),
                pending.span,
            )
            .with_label("out of range")
            .with_help(help),
        );
    }

    // -----------------------------------------------------------------------------------
    // Depth limit.

    fn depth_of(&self, e: &Expr) -> u32 {
        self.expr_depth.borrow().get(&e.id).copied().unwrap_or(1)
    }

    fn type_depth(ty: &TypeExpr) -> u32 {
        // Array types are built from `Dims`, which are limited in `apply_dims`; the bound
        // expressions of value arrays are ordinary (limited) expressions.
        let mut depth = 1;
        let mut ty = ty;
        while let TypeExprKind::Array(inner) | TypeExprKind::ValueArray(inner, _) = &ty.kind {
            depth += 1;
            ty = inner;
        }
        depth
    }

    fn max_child_depth(&self, kind: &ExprKind) -> u32 {
        let d = |e: &Expr| self.depth_of(e);
        let all = |es: &[Expr]| es.iter().map(|e| self.depth_of(e)).max().unwrap_or(0);
        match kind {
            ExprKind::Literal(_) | ExprKind::Name(_) | ExprKind::This | ExprKind::Error => 0,
            ExprKind::TaskStatic { .. } => 0,
            ExprKind::Field { target, .. } => d(target),
            ExprKind::Index { target, index } => d(target).max(d(index)),
            ExprKind::Call { target, args, .. } => {
                target.as_deref().map(d).unwrap_or(0).max(all(args))
            }
            ExprKind::New { args, .. }
            | ExprKind::ThisCall { args }
            | ExprKind::Map { args, .. }
            | ExprKind::TaskInstance { args, .. } => all(args),
            ExprKind::NewArray { ty, dims, init } => {
                Self::type_depth(ty).max(all(dims)).max(init.as_deref().map(all).unwrap_or(0))
            }
            ExprKind::NewValueArrayFrom { ty, source } => Self::type_depth(ty).max(d(source)),
            ExprKind::NewValueArrayLit { ty, elems } => Self::type_depth(ty).max(all(elems)),
            ExprKind::ArrayInit(elems) => all(elems),
            ExprKind::Unary { operand, .. } => d(operand),
            ExprKind::Binary { lhs, rhs, .. } | ExprKind::Connect { lhs, rhs } => {
                d(lhs).max(d(rhs))
            }
            ExprKind::Assign { target, value, .. } => d(target).max(d(value)),
            ExprKind::Conditional { cond, then_expr, else_expr } => {
                d(cond).max(d(then_expr)).max(d(else_expr))
            }
            ExprKind::Cast { ty, expr } => Self::type_depth(ty).max(d(expr)),
            ExprKind::Reduce { operand, .. } => d(operand),
        }
    }

    fn report_too_deep(&self, span: Span) {
        if !self.depth_reported.replace(true) {
            self.error(
                Diagnostic::error(
                    codes::NESTING_TOO_DEEP,
                    format!(
                        "expressions or statements nested more than {MAX_TREE_DEPTH} levels deep"
                    ),
                    span,
                )
                .with_label("nesting exceeds the limit here")
                .with_help("split the construct into several statements or methods"),
            );
        }
    }

    /// Builds an expression with a fresh id, or an error node if it would be too deep.
    pub fn expr(&self, kind: ExprKind, l: usize, r: usize) -> Expr {
        let span = self.span(l, r);
        let depth = self.max_child_depth(&kind) + 1;
        if depth > MAX_TREE_DEPTH {
            self.report_too_deep(span);
            return Expr { id: self.ids.expr(), kind: ExprKind::Error, span };
        }
        let id = self.ids.expr();
        if depth > 1 {
            self.expr_depth.borrow_mut().insert(id, depth);
        }
        Expr { id, kind, span }
    }

    fn error_expr(&self, l: usize, r: usize) -> Expr {
        Expr { id: self.ids.expr(), kind: ExprKind::Error, span: self.span(l, r) }
    }

    fn stmt_depth_of(&self, s: &Stmt) -> u32 {
        self.stmt_depth.borrow().get(&(s.span.start, s.span.end)).copied().unwrap_or(1)
    }

    fn local_depth(&self, d: &LocalDecl) -> u32 {
        d.vars
            .iter()
            .map(|v| {
                Self::type_depth(&v.ty).max(v.init.as_ref().map(|e| self.depth_of(e)).unwrap_or(0))
            })
            .max()
            .unwrap_or(0)
    }

    fn max_stmt_child_depth(&self, kind: &StmtKind) -> u32 {
        let e = |x: &Expr| self.depth_of(x);
        let s = |x: &Stmt| self.stmt_depth_of(x);
        let block = |b: &Block| b.stmts.iter().map(|x| self.stmt_depth_of(x)).max().unwrap_or(0);
        match kind {
            StmtKind::Local(d) => self.local_depth(d),
            StmtKind::Expr(x) | StmtKind::Throw(x) => e(x),
            StmtKind::If { cond, then_branch, else_branch } => {
                e(cond).max(s(then_branch)).max(else_branch.as_deref().map(s).unwrap_or(0))
            }
            StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond } => {
                e(cond).max(s(body))
            }
            StmtKind::For { init, cond, update, body } => init
                .iter()
                .map(s)
                .chain(cond.iter().map(e))
                .chain(update.iter().map(e))
                .max()
                .unwrap_or(0)
                .max(s(body)),
            StmtKind::Return(x) => x.as_ref().map(e).unwrap_or(0),
            StmtKind::Block(b) => block(b),
            StmtKind::Labeled { body, .. } => s(body),
            StmtKind::Sync(sync) => block(&sync.body),
            StmtKind::Break(_) | StmtKind::Continue(_) | StmtKind::Empty | StmtKind::Error => 0,
        }
    }

    /// Builds a statement, or an error statement if it would be too deep.
    pub fn stmt(&self, kind: StmtKind, l: usize, r: usize) -> Stmt {
        let span = self.span(l, r);
        let depth = self.max_stmt_child_depth(&kind) + 1;
        if depth > MAX_TREE_DEPTH {
            self.report_too_deep(span);
            return Stmt { kind: StmtKind::Error, span };
        }
        if depth > 1 {
            self.stmt_depth.borrow_mut().insert((span.start, span.end), depth);
        }
        Stmt { kind, span }
    }

    // -----------------------------------------------------------------------------------
    // Types and declarations.

    pub fn named_type(&self, name: String, l: usize, r: usize) -> TypeExpr {
        let span = self.span(l, r);
        if name == "var" {
            TypeExpr { kind: TypeExprKind::Var, span }
        } else {
            TypeExpr { kind: TypeExprKind::Named(Ident { name, span }), span }
        }
    }

    /// Wraps `base` in the array suffixes `dims`, outside-in: `T D1 D2` is `D1` of `D2` of
    /// `T`, so `float[[]][[4]]` is an unbounded value array of `float[[4]]`.
    pub fn apply_dims(&self, base: TypeExpr, mut dims: Vec<Dim>) -> TypeExpr {
        let start = base.span.start as usize;
        if dims.len() as u32 >= MAX_TREE_DEPTH {
            let end = dims.last().map(|d| d.end).unwrap_or(start);
            self.report_too_deep(self.span(start, end));
            dims.truncate(1);
        }
        let end = dims.last().map(|d| d.end).unwrap_or(base.span.end as usize);
        let span = self.span(start, end);
        let mut ty = base;
        for dim in dims.into_iter().rev() {
            let inner = Box::new(ty);
            let kind = if dim.value {
                TypeExprKind::ValueArray(inner, dim.bound.map(Box::new))
            } else {
                TypeExprKind::Array(inner)
            };
            ty = TypeExpr { kind, span };
        }
        ty
    }

    pub fn declarators(&self, ty: &TypeExpr, raws: Vec<RawDeclarator>) -> Vec<VarDeclarator> {
        raws.into_iter()
            .map(|raw| {
                let var_ty = if raw.dims.is_empty() {
                    ty.clone()
                } else {
                    self.apply_dims(ty.clone(), raw.dims)
                };
                VarDeclarator {
                    id: self.ids.decl(),
                    name: raw.name,
                    ty: var_ty,
                    init: raw.init,
                    span: raw.span,
                }
            })
            .collect()
    }

    fn split_mods(&self, mods: Vec<VarMod>) -> (Modifiers, Option<DistSpec>) {
        let mut list = Vec::new();
        let mut dist: Option<DistSpec> = None;
        for m in mods {
            match m {
                VarMod::Mod(m) => list.push(m),
                VarMod::Dist(d) if dist.is_some() => self.repeated("dist", d.span),
                VarMod::Dist(d) => dist = Some(d),
            }
        }
        (self.modifiers(list), dist)
    }

    /// A list of modifiers, each kind once (Java's "repeated modifier"). Two `reduce(..)`
    /// strategies stay, for the checker's E0326.
    pub fn modifiers(&self, list: Vec<Modifier>) -> Modifiers {
        let mut kept: Vec<Modifier> = Vec::with_capacity(list.len());
        for m in list {
            let same =
                |k: &Modifier| std::mem::discriminant(&k.kind) == std::mem::discriminant(&m.kind);
            if !matches!(m.kind, ModifierKind::Reduce(_)) && kept.iter().any(same) {
                let word = match &m.kind {
                    ModifierKind::Public => "public",
                    ModifierKind::Private => "private",
                    ModifierKind::Protected => "protected",
                    ModifierKind::Static => "static",
                    ModifierKind::Final => "final",
                    ModifierKind::Local => "local",
                    ModifierKind::Shared => "shared",
                    ModifierKind::Reduce(_) => "reduce",
                };
                self.repeated(word, m.span);
            } else {
                kept.push(m);
            }
        }
        Modifiers { list: kept }
    }

    fn repeated(&self, word: &str, span: Span) {
        self.error(
            Diagnostic::error(
                codes::REPEATED_MODIFIER,
                format!("repeated modifier `{word}`"),
                span,
            )
            .with_label("already given"),
        );
    }

    pub fn param(
        &self,
        mods: Vec<VarMod>,
        ty: TypeExpr,
        name: Ident,
        dims: Option<Vec<Dim>>,
        l: usize,
        r: usize,
    ) -> Param {
        let (modifiers, dist) = self.split_mods(mods);
        let ty = match dims {
            Some(dims) => self.apply_dims(ty, dims),
            None => ty,
        };
        Param { id: self.ids.decl(), modifiers, dist, ty, name, span: self.span(l, r) }
    }

    pub fn local_decl(
        &self,
        mods: Vec<VarMod>,
        ty: TypeExpr,
        vars: Vec<RawDeclarator>,
        l: usize,
        r: usize,
    ) -> LocalDecl {
        let (modifiers, dist) = self.split_mods(mods);
        let vars = self.declarators(&ty, vars);
        LocalDecl { modifiers, dist, ty, vars, span: self.span(l, r) }
    }

    pub fn dist_dim(&self, option: Ident, e: Expr, l: usize, r: usize) -> DistSpec {
        let span = self.span(l, r);
        match option.name.as_str() {
            "dim" => DistSpec { kind: DistKind::Dim(e), span },
            "view" | "polyview" => {
                self.error(
                    Diagnostic::error(
                        codes::UNKNOWN_DIST_OPTION,
                        format!("`{}` takes `<before, after>` pairs", option.name),
                        e.span,
                    )
                    .with_label("expected a pair such as `<1, 1>`"),
                );
                DistSpec { kind: DistKind::Block, span }
            }
            _ => self.unknown_dist_option(&option, span),
        }
    }

    pub fn dist_view(&self, option: Ident, pairs: Vec<HaloPair>, l: usize, r: usize) -> DistSpec {
        let span = self.span(l, r);
        match option.name.as_str() {
            "view" => DistSpec { kind: DistKind::View(pairs), span },
            "polyview" => DistSpec { kind: DistKind::PolyView(pairs), span },
            "dim" => {
                let first = pairs.first().map(|p| p.span).unwrap_or(span);
                self.error(
                    Diagnostic::error(
                        codes::UNKNOWN_DIST_OPTION,
                        "`dim` takes a dimension number, not a view pair",
                        first,
                    )
                    .with_label("expected a number such as `2`"),
                );
                DistSpec { kind: DistKind::Block, span }
            }
            _ => self.unknown_dist_option(&option, span),
        }
    }

    fn unknown_dist_option(&self, option: &Ident, span: Span) -> DistSpec {
        self.error(
            Diagnostic::error(
                codes::UNKNOWN_DIST_OPTION,
                format!("unknown `dist` option `{}`", option.name),
                option.span,
            )
            .with_label("not an option of `dist`")
            .with_help("the options are `dim = k`, `view = <b,a>, ..` and `polyview = <b,a>, ..`"),
        );
        DistSpec { kind: DistKind::Block, span }
    }

    /// Checks the word before `class`, which must be `value`.
    pub fn check_value_keyword(&self, word: &Ident) -> bool {
        if word.name == "value" {
            return true;
        }
        self.error(
            Diagnostic::error(
                codes::UNEXPECTED_TOKEN,
                format!("expected `class` or `value class`, found identifier `{}`", word.name),
                word.span,
            )
            .with_label("unexpected token"),
        );
        false
    }

    pub fn reduce_strategy(&self, name: Ident) -> ReduceStrategy {
        match name.name.as_str() {
            "min" => ReduceStrategy::Op(ReduceOp::Min),
            "max" => ReduceStrategy::Op(ReduceOp::Max),
            "self" => ReduceStrategy::SelfCall,
            _ => ReduceStrategy::Class(name),
        }
    }

    /// The operator of `sync reduce(op)`: only operators, no classes.
    pub fn named_reduce_op(&self, name: Ident) -> (ReduceOp, Span) {
        match name.name.as_str() {
            "min" => (ReduceOp::Min, name.span),
            "max" => (ReduceOp::Max, name.span),
            _ => {
                self.error(
                    Diagnostic::error(
                        codes::UNKNOWN_REDUCE_OPERATOR,
                        format!("unknown reduction operator `{}`", name.name),
                        name.span,
                    )
                    .with_label("not a reduction operator")
                    .with_help("use one of `+ - * min max & | ^ && ||`"),
                );
                (ReduceOp::Add, name.span)
            }
        }
    }

    /// The operator of `name ! e`: `min`/`max`, or an unqualified method.
    pub fn name_reduce_operator(&self, class: Option<Ident>, name: Ident) -> ReduceOperator {
        match (&class, name.name.as_str()) {
            (None, "min") => ReduceOperator::Op(ReduceOp::Min),
            (None, "max") => ReduceOperator::Op(ReduceOp::Max),
            _ => ReduceOperator::Method { class, method: name },
        }
    }

    pub fn for_stmt(
        &self,
        head: (Vec<Stmt>, Option<Expr>, Vec<Expr>),
        body: Stmt,
        l: usize,
        r: usize,
    ) -> Stmt {
        let (init, cond, update) = head;
        self.stmt(StmtKind::For { init, cond, update, body: Box::new(body) }, l, r)
    }

    /// An expression of a `for` header's init or update list, as a statement.
    pub fn expr_stmt_bare(&self, e: Expr) -> Stmt {
        let (l, r) = (e.span.start as usize, e.span.end as usize);
        self.expr_stmt(e, l, r)
    }

    /// An expression used as a statement. Which expressions may be statements is checked
    /// by the type checker, which knows more (for example about `void` calls).
    pub fn expr_stmt(&self, e: Expr, l: usize, r: usize) -> Stmt {
        self.stmt(StmtKind::Expr(e), l, r)
    }

    // -----------------------------------------------------------------------------------
    // Expressions.

    pub fn name_expr(&self, name: String, l: usize, r: usize) -> Expr {
        let ident = self.ident(name, l, r);
        self.expr(ExprKind::Name(ident), l, r)
    }

    pub fn int_literal(&self, v: IntValue, is_long: bool, l: usize, r: usize) -> Expr {
        let literal = if is_long { Literal::Long(v.value) } else { Literal::Int(v.value as i32) };
        let e = self.expr(ExprKind::Literal(literal), l, r);
        if v.needs_minus {
            self.pending_minus.borrow_mut().insert(e.id, PendingMinus { span: e.span, is_long });
        }
        e
    }

    /// `(e)`: the tree keeps no parentheses. A literal that needs a unary minus cannot get
    /// one through parentheses (`-(2147483648)` is an error in Java), so it is reported now.
    pub fn paren(&self, e: Expr) -> Expr {
        let pending = self.pending_minus.borrow_mut().remove(&e.id);
        if let Some(p) = pending {
            self.report_pending(&p);
        }
        e
    }

    pub fn negate(&self, operand: Expr, l: usize, r: usize) -> Expr {
        let pending = self.pending_minus.borrow_mut().remove(&operand.id);
        if pending.is_some() {
            // The literal already holds the folded minimum value.
            if let ExprKind::Literal(literal) = operand.kind {
                return self.expr(ExprKind::Literal(literal), l, r);
            }
        }
        self.unary(UnaryOp::Neg, operand, l, r)
    }

    pub fn unary(&self, op: UnaryOp, operand: Expr, l: usize, r: usize) -> Expr {
        self.expr(ExprKind::Unary { op, operand: Box::new(operand) }, l, r)
    }

    pub fn binary(&self, op: BinaryOp, lhs: Expr, rhs: Expr, l: usize, r: usize) -> Expr {
        self.expr(ExprKind::Binary { op, lhs: Box::new(lhs), rhs: Box::new(rhs) }, l, r)
    }

    pub fn reduce(
        &self,
        op: ReduceOperator,
        op_span: Span,
        operand: Expr,
        l: usize,
        r: usize,
    ) -> Expr {
        self.expr(ExprKind::Reduce { op, op_span, operand: Box::new(operand) }, l, r)
    }

    pub fn assign(
        &self,
        op: Option<BinaryOp>,
        target: Expr,
        value: Expr,
        l: usize,
        r: usize,
    ) -> Expr {
        self.expr(ExprKind::Assign { op, target: Box::new(target), value: Box::new(value) }, l, r)
    }

    /// `(target) operand` where `target` was parsed as an expression: it must be a name.
    pub fn cast_to_expr(&self, target: Expr, operand: Expr, l: usize, r: usize) -> Expr {
        match target.kind {
            ExprKind::Name(ident) => {
                let ty =
                    self.named_type(ident.name, ident.span.start as usize, ident.span.end as usize);
                self.expr(ExprKind::Cast { ty, expr: Box::new(operand) }, l, r)
            }
            ExprKind::Error => self.error_expr(l, r),
            _ => {
                self.error(
                    Diagnostic::error(
                        codes::INVALID_CAST,
                        "expected a type in parentheses before this operand",
                        target.span,
                    )
                    .with_label("this is an expression, not a type")
                    .with_help("a cast is written `(Type) operand`; add an operator otherwise"),
                );
                self.error_expr(l, r)
            }
        }
    }

    /// `new T[e1]..[ek]` followed by `[]`s.
    pub fn new_array_dims(
        &self,
        base: TypeExpr,
        dim_exprs: Vec<(Expr, usize)>,
        rest: Vec<Dim>,
        l: usize,
        r: usize,
    ) -> Expr {
        let mut dims = Vec::with_capacity(dim_exprs.len());
        let mut all: Vec<Dim> = Vec::with_capacity(dim_exprs.len() + rest.len());
        for (e, end) in dim_exprs {
            dims.push(e);
            all.push(Dim { value: false, bound: None, end });
        }
        all.extend(rest);
        let ty = self.apply_dims(base, all);
        self.expr(ExprKind::NewArray { ty, dims, init: None }, l, r)
    }

    /// `new T[]..{..}` or `new T[[]]{..}`.
    pub fn new_array_init(
        &self,
        base: TypeExpr,
        dims: Vec<Dim>,
        init: Vec<Expr>,
        l: usize,
        r: usize,
    ) -> Expr {
        let outer_is_value = dims.first().is_some_and(|d| d.value);
        let ty = self.apply_dims(base, dims);
        if outer_is_value {
            self.expr(ExprKind::NewValueArrayLit { ty, elems: init }, l, r)
        } else {
            self.expr(ExprKind::NewArray { ty, dims: Vec::new(), init: Some(init) }, l, r)
        }
    }

    /// `new T[[]](source)`: a frozen copy; only value arrays are created this way.
    pub fn new_value_array_from(
        &self,
        base: TypeExpr,
        dims: Vec<Dim>,
        source: Expr,
        l: usize,
        r: usize,
    ) -> Expr {
        let outer_is_value = dims.first().is_some_and(|d| d.value);
        let ty = self.apply_dims(base, dims);
        if outer_is_value {
            return self.expr(ExprKind::NewValueArrayFrom { ty, source: Box::new(source) }, l, r);
        }
        self.error(
            Diagnostic::error(
                codes::INVALID_ARRAY_CREATION,
                "only a value array can be created from another array",
                ty.span,
            )
            .with_label("this is a mutable array type")
            .with_help(
                "write `new T[[]](source)` for a frozen copy, or `new T[n]` for a new array",
            ),
        );
        self.error_expr(l, r)
    }
}
