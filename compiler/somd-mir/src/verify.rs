//! The MIR verifier: checks the invariants listed in the [`crate::ir`] module doc.
//!
//! Runs after lowering and after every pass (in debug builds). A failure is a compiler
//! bug, never a user error: the messages name the function and the span of the offending
//! expression so that the pass that broke the invariant can be found.

use crate::ir::*;
use crate::print::binop_name;
use somd_diag::Span;
use somd_syntax::ast::PrimType;
use std::fmt;

/// A broken MIR invariant.
#[derive(Clone, Debug)]
pub struct VerifyError {
    pub function: String,
    pub message: String,
    pub span: Span,
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "MIR of `{}`: {}", self.function, self.message)
    }
}

/// Checks every invariant of the module; returns every violation found.
pub fn verify(module: &Module) -> Result<(), Vec<VerifyError>> {
    let mut errors: Vec<VerifyError> = module
        .internal_errors
        .iter()
        .map(|e| VerifyError {
            function: e.function.clone(),
            message: format!("internal error in lowering: {}", e.message),
            span: e.span,
        })
        .collect();
    for (idx, &f) in module.static_init.iter().enumerate() {
        match module.functions.get(f.0 as usize) {
            Some(func) if func.kind == FuncKind::StaticInit => {}
            _ => errors.push(VerifyError {
                function: "<module>".into(),
                message: format!("static_init[{idx}] is not a static initializer"),
                span: Span::default(),
            }),
        }
    }
    for function in &module.functions {
        Verifier { module, f: function, uses: vec![0; function.exprs.len()], errors: &mut errors }
            .function();
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

struct Verifier<'m> {
    module: &'m Module,
    f: &'m Function,
    uses: Vec<u32>,
    errors: &'m mut Vec<VerifyError>,
}

fn is_prim(ty: &Type, p: PrimType) -> bool {
    *ty == Type::Prim(p)
}

const BOOLEAN: Type = Type::Prim(PrimType::Boolean);

impl Verifier<'_> {
    fn error(&mut self, message: impl Into<String>, span: Span) {
        self.errors.push(VerifyError {
            function: self.f.name.clone(),
            message: message.into(),
            span,
        });
    }

    fn function(&mut self) {
        let f = self.f;
        for &p in &f.params {
            if p.0 as usize >= f.locals.len() {
                self.error(format!("parameter %{} out of range", p.0), f.span);
            }
        }
        if matches!(f.kind, FuncKind::Instance | FuncKind::Ctor)
            && f.locals.first().map(|l| l.kind) != Some(LocalKind::This)
        {
            self.error("local 0 of an instance function is not `this`", f.span);
        }
        if let Some(somd) = &f.somd {
            for (idx, dist) in &somd.dist_params {
                if *idx >= f.params.len() {
                    self.error(format!("dist parameter index {idx} out of range"), f.span);
                }
                self.distribution(dist);
            }
            match &somd.reduction {
                Reduction::SelfCall { param } if *param >= f.params.len() => {
                    self.error("reduce(self) parameter out of range", f.span)
                }
                Reduction::Combine(func) | Reduction::CombineAll(func) => {
                    self.func_in_range(*func, f.span);
                }
                _ => {}
            }
        }
        for local in &f.locals {
            if let Some(dist) = &local.dist {
                if f.somd.is_none() || local.kind == LocalKind::Var {
                    self.distribution(dist);
                }
            }
        }
        let mut labels = Vec::new();
        self.block(&f.body, &mut labels);
        for (idx, &n) in self.uses.clone().iter().enumerate() {
            if n == 0 {
                let span = f.exprs[idx].span;
                self.error(format!("expression e{idx} is never used"), span);
            }
        }
    }

    fn distribution(&mut self, d: &Distribution) {
        if let Distribution::User { class, bounds, args } = d {
            if class.0 as usize >= self.module.classes.len() {
                self.error("strategy class out of range", self.f.span);
            }
            self.func_in_range(*bounds, self.f.span);
            for &a in args {
                self.expr(a);
            }
        }
    }

    fn func_in_range(&mut self, func: FuncId, span: Span) -> Option<&Function> {
        let found = self.module.functions.get(func.0 as usize);
        if found.is_none() {
            self.error(format!("function #{} out of range", func.0), span);
        }
        found
    }

    fn local_in_range(&mut self, local: LocalId, span: Span) -> bool {
        let ok = (local.0 as usize) < self.f.locals.len();
        if !ok {
            self.error(format!("local %{} out of range", local.0), span);
        }
        ok
    }

    fn label_ok(&mut self, label: LabelId, labels: &[(LabelId, bool)], is_continue: bool) {
        let ok = labels.iter().any(|(l, is_loop)| *l == label && (*is_loop || !is_continue));
        if !ok || label.0 >= self.f.labels {
            let what = if is_continue { "continue" } else { "break" };
            self.error(format!("`{what} L{}` has no enclosing target", label.0), self.f.span);
        }
    }

    fn block(&mut self, block: &Block, labels: &mut Vec<(LabelId, bool)>) {
        for stmt in &block.stmts {
            self.stmt(stmt, labels);
        }
    }

    fn cond(&mut self, e: ExprId) {
        if let Some(ty) = self.expr(e) {
            if ty != BOOLEAN {
                let span = self.span(e);
                self.error("a condition is not `boolean`", span);
            }
        }
    }

    fn span(&self, e: ExprId) -> Span {
        self.f.exprs.get(e.0 as usize).map(|e| e.span).unwrap_or(self.f.span)
    }

    /// Checks that `value` of type `ty` can be stored in a place of type `to` (primitive
    /// types must match exactly: conversions are explicit).
    fn stores(&mut self, to: &Type, value: ExprId, what: &str) {
        if let Some(ty) = self.f.exprs.get(value.0 as usize).map(|e| e.ty.clone()) {
            if matches!(to, Type::Prim(_)) && *to != ty {
                let span = self.span(value);
                self.error(format!("{what}: a `{ty:?}` value for a `{to:?}` place"), span);
            }
        }
    }

    fn stmt(&mut self, stmt: &Stmt, labels: &mut Vec<(LabelId, bool)>) {
        match stmt {
            Stmt::Let { local, init } => {
                if self.local_in_range(*local, self.f.span) {
                    if let Some(init) = init {
                        self.expr(*init);
                        let ty = self.f.locals[local.0 as usize].ty.clone();
                        self.stores(&ty, *init, "let");
                    }
                }
            }
            Stmt::Expr(e) => {
                self.expr(*e);
            }
            Stmt::If { cond, then_block, else_block } => {
                self.cond(*cond);
                self.block(then_block, labels);
                if let Some(b) = else_block {
                    self.block(b, labels);
                }
            }
            Stmt::Loop { label, test, body, update, .. } => {
                if let Some(t) = test {
                    self.cond(*t);
                }
                if let Some(l) = label {
                    if l.0 >= self.f.labels {
                        self.error(format!("label L{} out of range", l.0), self.f.span);
                    }
                }
                labels.push((label.unwrap_or(LabelId(u32::MAX)), true));
                self.block(body, labels);
                labels.pop();
                for &u in update {
                    self.expr(u);
                }
            }
            Stmt::Break(label) => match label {
                Some(l) => self.label_ok(*l, labels, false),
                None => {
                    if !labels.iter().any(|(_, is_loop)| *is_loop) {
                        self.error("`break` outside a loop", self.f.span);
                    }
                }
            },
            Stmt::Continue(label) => match label {
                Some(l) => self.label_ok(*l, labels, true),
                None => {
                    if !labels.iter().any(|(_, is_loop)| *is_loop) {
                        self.error("`continue` outside a loop", self.f.span);
                    }
                }
            },
            Stmt::Labeled { label, body } => {
                if label.0 >= self.f.labels {
                    self.error(format!("label L{} out of range", label.0), self.f.span);
                }
                labels.push((*label, false));
                self.block(body, labels);
                labels.pop();
            }
            Stmt::Return(value) => {
                if let Some(v) = value {
                    self.expr(*v);
                    let ret = self.f.ret.clone();
                    self.stores(&ret, *v, "return");
                } else if self.f.ret != Type::Void {
                    self.error("`return` without a value in a non-void function", self.f.span);
                }
            }
            Stmt::Block(b) => self.block(b, labels),
            Stmt::Sync { vars, reduce, body, span } => {
                if self.f.somd.is_none() {
                    self.error("`sync` outside a SOMD function", *span);
                }
                for &v in vars {
                    self.local_in_range(v, *span);
                }
                if let Some((_, v)) = reduce {
                    self.local_in_range(*v, *span);
                }
                self.block(body, labels);
            }
            Stmt::ThrowUnderflow { .. } => {}
        }
    }

    fn is_place(&self, e: ExprId) -> bool {
        match self.f.exprs.get(e.0 as usize).map(|e| &e.kind) {
            Some(ExprKind::Local(_) | ExprKind::Static(_) | ExprKind::Field { .. }) => true,
            Some(ExprKind::Index { array, .. }) => {
                matches!(self.f.exprs.get(array.0 as usize).map(|a| &a.ty), Some(Type::Array(_)))
            }
            _ => false,
        }
    }

    fn call(&mut self, func: FuncId, receiver: Option<ExprId>, args: &[ExprId], span: Span) {
        for &a in receiver.iter().chain(args) {
            self.expr(a);
        }
        let Some(callee) = self.func_in_range(func, span) else { return };
        let wants_receiver = matches!(callee.kind, FuncKind::Instance);
        let n_params = callee.params.len();
        let param_tys: Vec<Type> = callee
            .params
            .iter()
            .filter_map(|p| callee.locals.get(p.0 as usize))
            .map(|l| l.ty.clone())
            .collect();
        if wants_receiver != receiver.is_some() {
            self.error("call receiver does not match the callee's kind", span);
        }
        if n_params != args.len() {
            self.error(
                format!("call with {} arguments for {n_params} parameters", args.len()),
                span,
            );
        }
        for (ty, &a) in param_tys.iter().zip(args) {
            self.stores(ty, a, "argument");
        }
    }

    /// Visits an expression (counting the use) and returns its type.
    fn expr(&mut self, id: ExprId) -> Option<Type> {
        let f = self.f;
        let Some(e) = f.exprs.get(id.0 as usize) else {
            self.error(format!("expression e{} out of range", id.0), f.span);
            return None;
        };
        self.uses[id.0 as usize] += 1;
        if self.uses[id.0 as usize] > 1 {
            self.error(format!("expression e{} is used more than once", id.0), e.span);
            return Some(e.ty.clone());
        }
        let span = e.span;
        match &e.kind {
            ExprKind::Const(_) | ExprKind::This => {}
            ExprKind::Local(l) => {
                self.local_in_range(*l, span);
            }
            ExprKind::Static(s) => {
                if s.0 as usize >= self.module.statics.len() {
                    self.error(format!("static #{} out of range", s.0), span);
                }
            }
            ExprKind::Field { object, class, index } => {
                self.expr(*object);
                let ok = self
                    .module
                    .classes
                    .get(class.0 as usize)
                    .is_some_and(|c| (*index as usize) < c.fields.len());
                if !ok {
                    self.error("instance field out of range", span);
                }
            }
            ExprKind::Index { array, index } => {
                let at = self.expr(*array);
                let it = self.expr(*index);
                if !matches!(at, Some(Type::Array(_) | Type::ValueArray(..))) {
                    self.error("indexing a non-array", span);
                }
                if !it.is_some_and(|t| is_prim(&t, PrimType::Int)) {
                    self.error("an index is not `int`", span);
                }
            }
            ExprKind::Length(a) => {
                let at = self.expr(*a);
                if !matches!(at, Some(Type::Array(_) | Type::ValueArray(..))) {
                    self.error("`length` of a non-array", span);
                }
            }
            ExprKind::Unary { op, operand } => {
                let ot = self.expr(*operand);
                let ok = match op {
                    UnOp::Not => ot == Some(BOOLEAN) && e.ty == BOOLEAN,
                    UnOp::Neg => {
                        ot.as_ref() == Some(&e.ty)
                            && matches!(
                                e.ty,
                                Type::Prim(
                                    PrimType::Int
                                        | PrimType::Long
                                        | PrimType::Float
                                        | PrimType::Double
                                )
                            )
                    }
                    UnOp::BitNot => {
                        ot.as_ref() == Some(&e.ty)
                            && matches!(e.ty, Type::Prim(PrimType::Int | PrimType::Long))
                    }
                };
                if !ok {
                    self.error(format!("bad operand type for unary {op:?}"), span);
                }
            }
            ExprKind::Binary { op, lhs, rhs } => {
                let lt = self.expr(*lhs);
                let rt = self.expr(*rhs);
                if let (Some(lt), Some(rt)) = (lt, rt) {
                    self.binary(*op, &lt, &rt, &e.ty, span);
                }
            }
            ExprKind::Convert { operand } => {
                let ot = self.expr(*operand);
                let ok = match (&ot, &e.ty) {
                    (Some(Type::Prim(a)), Type::Prim(b)) => {
                        a != b && *a != PrimType::Boolean && *b != PrimType::Boolean
                    }
                    _ => false,
                };
                if !ok {
                    self.error("`Convert` must be between distinct numeric types", span);
                }
            }
            ExprKind::Concat(parts) => {
                for &p in parts {
                    self.expr(p);
                }
            }
            ExprKind::Conditional { cond, then_expr, else_expr } => {
                self.cond(*cond);
                self.expr(*then_expr);
                self.expr(*else_expr);
                if matches!(e.ty, Type::Prim(_)) {
                    self.stores(&e.ty, *then_expr, "`?:` branch");
                    self.stores(&e.ty, *else_expr, "`?:` branch");
                }
            }
            ExprKind::Assign { target, value } => {
                let tt = self.expr(*target);
                self.expr(*value);
                if !self.is_place(*target) {
                    self.error("assignment target is not a place", span);
                }
                if let Some(tt) = tt {
                    self.stores(&tt, *value, "assignment");
                }
            }
            ExprKind::CompoundAssign { target, op, value } => {
                let tt = self.expr(*target);
                let vt = self.expr(*value);
                if !self.is_place(*target) {
                    self.error("compound assignment target is not a place", span);
                }
                let shift = matches!(op.kind, BinOpKind::Shl | BinOpKind::Shr | BinOpKind::UShr);
                let ok = match (op.ty, &tt, &vt) {
                    (PrimOrRef::Prim(p), Some(Type::Prim(_)), Some(Type::Prim(v))) => {
                        shift && matches!(v, PrimType::Int | PrimType::Long) || *v == p
                    }
                    _ => false,
                };
                if !ok {
                    self.error(
                        format!("compound `{}` operand types do not match", binop_name(*op)),
                        span,
                    );
                }
            }
            ExprKind::IncDec { target, delta, .. } => {
                let tt = self.expr(*target);
                if !self.is_place(*target) {
                    self.error("`++`/`--` target is not a place", span);
                }
                if !matches!(tt, Some(Type::Prim(p)) if p != PrimType::Boolean) || delta.abs() != 1
                {
                    self.error("`++`/`--` on a non-numeric place", span);
                }
            }
            ExprKind::Call { func, receiver, args } => self.call(*func, *receiver, args, span),
            ExprKind::SomdCall { func, receiver, args } => {
                self.call(*func, *receiver, args, span);
                if self.module.functions.get(func.0 as usize).is_some_and(|c| c.somd.is_none()) {
                    self.error("`somd_call` of a non-SOMD function", span);
                }
            }
            ExprKind::IntermediateReduce { func, receiver, args } => {
                self.call(*func, *receiver, args, span);
                if f.somd.is_none() {
                    self.error("intermediate reduction outside a SOMD function", span);
                }
                let has_op = self
                    .module
                    .functions
                    .get(func.0 as usize)
                    .is_some_and(|c| c.intermediate.is_some());
                if !has_op {
                    self.error(
                        "intermediate reduction of a function without a `reduce` strategy",
                        span,
                    );
                }
            }
            ExprKind::Builtin { args, .. } => {
                for &a in args {
                    self.expr(a);
                }
            }
            ExprKind::New { class, ctor, args } => {
                for &a in args {
                    self.expr(a);
                }
                if class.0 as usize >= self.module.classes.len() {
                    self.error("class out of range", span);
                }
                if let Some(c) = ctor {
                    if let Some(callee) = self.func_in_range(*c, span) {
                        if callee.kind != FuncKind::Ctor || callee.params.len() != args.len() {
                            self.error("`new` names a function that is not a matching ctor", span);
                        }
                    }
                } else if !args.is_empty() {
                    self.error("`new` with arguments but no constructor", span);
                }
            }
            ExprKind::NewArray { dims } => {
                for &d in dims {
                    let ty = self.expr(d);
                    if !ty.is_some_and(|t| is_prim(&t, PrimType::Int)) {
                        self.error("an array dimension is not `int`", span);
                    }
                }
                if !matches!(e.ty, Type::Array(_)) || dims.is_empty() {
                    self.error("`new_array` without an array type or dimensions", span);
                }
            }
            ExprKind::ArrayLit(elems) | ExprKind::ValueArrayLit(elems) => {
                let elem_ty = match &e.ty {
                    Type::Array(el) | Type::ValueArray(el, _) => Some((**el).clone()),
                    _ => None,
                };
                for &el in elems {
                    self.expr(el);
                    if let Some(t) = &elem_ty {
                        self.stores(t, el, "array element");
                    }
                }
                if elem_ty.is_none() {
                    self.error("an array literal without an array type", span);
                }
            }
            ExprKind::Freeze(a) => {
                self.expr(*a);
            }
            ExprKind::Map { func, args } => {
                for &(a, _) in args {
                    self.expr(a);
                }
                self.func_in_range(*func, span);
            }
            ExprKind::ReduceArray { reducer, array } => {
                self.expr(*array);
                if let ArrayReducer::Func(func) = reducer {
                    self.func_in_range(*func, span);
                }
            }
            ExprKind::Task { func, ctor } => {
                self.func_in_range(*func, span);
                if let Some((_, c, args)) = ctor {
                    for &a in args {
                        self.expr(a);
                    }
                    if let Some(c) = c {
                        self.func_in_range(*c, span);
                    }
                }
            }
            ExprKind::Connect { lhs, rhs } => {
                self.expr(*lhs);
                self.expr(*rhs);
            }
        }
        Some(e.ty.clone())
    }

    fn binary(&mut self, op: BinOp, lt: &Type, rt: &Type, result: &Type, span: Span) {
        use BinOpKind::*;
        let name = binop_name(op);
        match op.ty {
            PrimOrRef::Prim(p) => {
                let shift = matches!(op.kind, Shl | Shr | UShr);
                let operands_ok = if shift {
                    is_prim(lt, p)
                        && matches!(p, PrimType::Int | PrimType::Long)
                        && matches!(rt, Type::Prim(PrimType::Int | PrimType::Long))
                } else {
                    is_prim(lt, p) && is_prim(rt, p)
                };
                if !operands_ok {
                    self.error(format!("operands of `{name}` do not have its type"), span);
                }
                let comparison = matches!(op.kind, Lt | Le | Gt | Ge | Eq | Ne);
                let want = if comparison { BOOLEAN } else { Type::Prim(p) };
                if *result != want {
                    self.error(format!("result of `{name}` has the wrong type"), span);
                }
                if matches!(op.kind, And | Or) && p != PrimType::Boolean {
                    self.error(format!("`{name}` on non-boolean operands"), span);
                }
            }
            PrimOrRef::Ref | PrimOrRef::Value => {
                if !matches!(op.kind, Eq | Ne) || *result != BOOLEAN {
                    self.error(format!("`{name}` is only `==`/`!=` on references"), span);
                }
                if matches!(lt, Type::Prim(_)) || matches!(rt, Type::Prim(_)) {
                    self.error(format!("`{name}` on a primitive operand"), span);
                }
            }
        }
    }
}
