//! Lowering of expressions: names, operators with their promotions, assignments, calls
//! (user, SOMD, intermediate and built-in), object and array creation, and Lime's forms.

use super::conv::{binary_promote, const_value, unary_promote};
use super::FnLower;
use crate::ir::*;
use somd_diag::Span;
use somd_sema::model::{CallTarget, NameRes, Ty};
use somd_syntax::ast::{self, BinaryOp, ExprKind as AK, PrimType, ReduceOperator, UnaryOp};

impl FnLower<'_> {
    /// The checker's type of an AST expression, lowered.
    fn ast_ty(&mut self, e: &ast::Expr) -> Type {
        match self.program.expr_ty.get(&e.id) {
            Some(ty) => {
                let ty = ty.clone();
                self.ty(&ty, e.span)
            }
            None => {
                self.bug("expression without a type", e.span);
                Type::Prim(PrimType::Int)
            }
        }
    }

    /// A well-typed placeholder for something that could not be lowered.
    fn placeholder(&mut self, ty: Type, span: Span) -> ExprId {
        let c = match &ty {
            Type::Prim(p) => super::conv::convert_const(&Const::Int(0), *p),
            Type::String => Some(Const::Str(String::new())),
            _ => Some(Const::Null),
        };
        self.push(ExprKind::Const(c.unwrap_or(Const::Int(0))), ty, span)
    }

    /// Lowers an expression and converts it to `to` (assignment or invocation context).
    pub(crate) fn expr_to(&mut self, e: &ast::Expr, to: &Type) -> ExprId {
        let id = self.expr_expecting(e, Some(to));
        self.coerce(id, to)
    }

    pub(crate) fn expr(&mut self, e: &ast::Expr) -> ExprId {
        self.expr_expecting(e, None)
    }

    /// Whether a constant recorded for `e` may replace it: every constant expression
    /// except `obj.f` of an instance field through a value (Java evaluates `obj`, which may
    /// be `null`). A static field reached through a value is read through its class: the
    /// checker accepts only values that can neither fail nor change anything there (E0153).
    fn foldable(&self, e: &ast::Expr) -> bool {
        match &e.kind {
            AK::Field { target, .. } => {
                matches!(
                    self.program.names.get(&target.id),
                    Some(NameRes::Class(_) | NameRes::BuiltinClass(_))
                ) || matches!(
                    self.program.names.get(&e.id),
                    Some(NameRes::Field(f)) if self.program.field(*f).is_static
                )
            }
            _ => true,
        }
    }

    fn expr_expecting(&mut self, e: &ast::Expr, expected: Option<&Type>) -> ExprId {
        let ty = self.ast_ty(e);
        if let Some(value) = self.program.constants.get(&e.id) {
            if self.foldable(e) {
                if let Some(c) = const_value(value, &ty) {
                    return self.push(ExprKind::Const(c), ty, e.span);
                }
            }
        }
        let span = e.span;
        match &e.kind {
            AK::Literal(lit) => {
                let c = match lit {
                    ast::Literal::Null => Const::Null,
                    ast::Literal::Int(n) => Const::Int(*n),
                    ast::Literal::Long(n) => Const::Long(*n),
                    ast::Literal::Float(x) => Const::Float(*x),
                    ast::Literal::Double(x) => Const::Double(*x),
                    ast::Literal::Char(c) => Const::Char(*c),
                    ast::Literal::Bool(b) => Const::Bool(*b),
                    ast::Literal::Str(s) => Const::Str(s.clone()),
                };
                self.push(ExprKind::Const(c), ty, span)
            }
            AK::Name(_) => self.name(e, ty),
            AK::Field { target, .. } => self.field(e, target, ty),
            AK::Index { target, index } => {
                let array = self.expr(target);
                let index = self.expr_to(index, &Type::Prim(PrimType::Int));
                self.push(ExprKind::Index { array, index }, ty, span)
            }
            AK::Call { target, args, .. } => self.call(e, target.as_deref(), args, ty),
            AK::New { args, .. } => self.new_object(e, args, ty),
            AK::NewArray { dims, init, .. } => match init {
                Some(elems) => self.array_lit(elems, ty, span, false),
                None => {
                    let dims =
                        dims.iter().map(|d| self.expr_to(d, &Type::Prim(PrimType::Int))).collect();
                    self.push(ExprKind::NewArray { dims }, ty, span)
                }
            },
            AK::ArrayInit(elems) => {
                let ty = match (&ty, expected) {
                    (Type::Array(_) | Type::ValueArray(..), _) => ty,
                    (_, Some(expected)) => expected.clone(),
                    _ => ty,
                };
                let value = matches!(ty, Type::ValueArray(..));
                self.array_lit(elems, ty, span, value)
            }
            AK::NewValueArrayFrom { source, .. } => {
                let source = self.expr(source);
                self.push(ExprKind::Freeze(source), ty, span)
            }
            AK::NewValueArrayLit { elems, .. } => self.array_lit(elems, ty, span, true),
            AK::Unary { op, operand } => self.unary(*op, operand, ty, span),
            AK::Binary { op, lhs, rhs } => self.binary(*op, lhs, rhs, ty, span),
            AK::Assign { op, target, value } => self.assign(*op, target, value, ty, span),
            AK::Conditional { cond, then_expr, else_expr } => {
                let cond = self.expr_to(cond, &Type::Prim(PrimType::Boolean));
                let then_expr = self.expr_to(then_expr, &ty);
                let else_expr = self.expr_to(else_expr, &ty);
                self.push(ExprKind::Conditional { cond, then_expr, else_expr }, ty, span)
            }
            AK::Cast { expr, .. } => {
                let operand = self.expr(expr);
                match (self.expr_ty(operand).clone(), &ty) {
                    (Type::Prim(a), Type::Prim(b)) if a != *b => {
                        self.push(ExprKind::Convert { operand }, ty, span)
                    }
                    // A cast between value arrays that differ in their bounds checks the
                    // bounds at run time: a `Freeze` of the value array (see `ExprKind::Freeze`).
                    (from @ Type::ValueArray(..), Type::ValueArray(..)) if from != ty => {
                        self.push(ExprKind::Freeze(operand), ty, span)
                    }
                    // `(char[]) null` keeps its type: `println` of it throws, of a `String` not.
                    (Type::Null, to) if *to != Type::Null => {
                        self.exprs[operand.0 as usize].ty = ty;
                        operand
                    }
                    // Other reference casts are identities or widenings on the subset.
                    _ => operand,
                }
            }
            AK::This => self.this_expr(span),
            AK::Map { args, .. } => self.map(e, args, ty),
            AK::Reduce { op, operand, .. } => {
                let array = self.expr(operand);
                let reducer = match op {
                    ReduceOperator::Op(op) => ArrayReducer::Op(*op),
                    ReduceOperator::Method { .. } => match self.method_target(e) {
                        Some(func) => ArrayReducer::Func(func),
                        None => ArrayReducer::Op(ast::ReduceOp::Add),
                    },
                };
                self.push(ExprKind::ReduceArray { reducer, array }, ty, span)
            }
            AK::TaskStatic { .. } => match self.method_target(e) {
                Some(func) => self.push(ExprKind::Task { func, ctor: None }, ty, span),
                None => self.placeholder(ty, span),
            },
            AK::TaskInstance { args, .. } => {
                let Some(func) = self.method_target(e) else {
                    return self.placeholder(ty, span);
                };
                let ctor = self.program.task_ctors.get(&e.id).cloned();
                let (class, ctor, params) = match ctor {
                    Some(CallTarget::Ctor(c)) => {
                        let info = self.program.ctor(c);
                        let params: Vec<Ty> = info.params.iter().map(|p| p.ty.clone()).collect();
                        (ClassId(info.class.0), self.layout.ctor_func.get(&c).copied(), params)
                    }
                    Some(CallTarget::DefaultCtor(c)) => {
                        (ClassId(c.0), self.layout.default_ctor.get(&c).copied(), Vec::new())
                    }
                    _ => {
                        self.bug("`task new` without a constructor", span);
                        return self.placeholder(ty, span);
                    }
                };
                let args = self.args(args, &params);
                self.push(ExprKind::Task { func, ctor: Some((class, ctor, args)) }, ty, span)
            }
            AK::Connect { lhs, rhs } => {
                let lhs = self.expr(lhs);
                let rhs = self.expr(rhs);
                self.push(ExprKind::Connect { lhs, rhs }, ty, span)
            }
            AK::Error => {
                self.bug("an error expression survived checking", span);
                self.placeholder(ty, span)
            }
            // A constructor's first statement, which `lower_ctor` expands in place.
            AK::ThisCall { .. } => {
                self.bug("`this(..)` outside a constructor's first statement", span);
                self.placeholder(ty, span)
            }
        }
    }

    /// The user method a `Call`, `Map`, `!` or `task` expression resolved to.
    fn method_target(&mut self, e: &ast::Expr) -> Option<FuncId> {
        match self.program.calls.get(&e.id) {
            Some(CallTarget::Method(m)) => {
                let found = self.layout.method_func.get(m).copied();
                if found.is_none() {
                    self.bug("a resolved method has no function", e.span);
                }
                found
            }
            _ => {
                self.bug("no method resolution recorded", e.span);
                None
            }
        }
    }

    /// Lowers call arguments converted to the parameter types.
    fn args(&mut self, args: &[ast::Expr], params: &[Ty]) -> Vec<ExprId> {
        args.iter()
            .enumerate()
            .map(|(idx, arg)| match params.get(idx) {
                Some(param) => {
                    let param = param.clone();
                    let to = self.ty(&param, arg.span);
                    self.expr_to(arg, &to)
                }
                None => self.expr(arg),
            })
            .collect()
    }

    fn name(&mut self, e: &ast::Expr, ty: Type) -> ExprId {
        match self.program.names.get(&e.id).cloned() {
            Some(NameRes::Local(decl)) => match self.decls.get(&decl).copied() {
                Some(local) => self.push(ExprKind::Local(local), ty, e.span),
                None => {
                    self.bug("a local used outside its declaration's scope", e.span);
                    self.placeholder(ty, e.span)
                }
            },
            Some(NameRes::Field(field)) => self.field_ref(field, None, ty, e.span),
            _ => {
                self.bug("unresolved name", e.span);
                self.placeholder(ty, e.span)
            }
        }
    }

    /// A field read: `object` is the receiver expression, or implicit `this`.
    fn field_ref(
        &mut self,
        field: somd_sema::model::FieldId,
        object: Option<ExprId>,
        ty: Type,
        span: Span,
    ) -> ExprId {
        match self.layout.fields.get(&field).copied() {
            Some(FieldRef::Static(id)) => self.push(ExprKind::Static(id), ty, span),
            Some(FieldRef::Instance { class, index }) => {
                let object = match object {
                    Some(object) => object,
                    None => self.this_expr(span),
                };
                self.push(ExprKind::Field { object, class, index }, ty, span)
            }
            None => {
                self.bug("a field without layout", span);
                self.placeholder(ty, span)
            }
        }
    }

    fn field(&mut self, e: &ast::Expr, target: &ast::Expr, ty: Type) -> ExprId {
        match self.program.names.get(&e.id).cloned() {
            Some(NameRes::Field(field)) => {
                let is_static = self.program.field(field).is_static;
                let qualified_by_class = matches!(
                    self.program.names.get(&target.id),
                    Some(NameRes::Class(_) | NameRes::BuiltinClass(_))
                );
                let object =
                    if is_static || qualified_by_class { None } else { Some(self.expr(target)) };
                self.field_ref(field, object, ty, e.span)
            }
            Some(NameRes::ArrayLength) => {
                let array = self.expr(target);
                self.push(ExprKind::Length(array), ty, e.span)
            }
            _ => {
                self.bug("unresolved field access", e.span);
                self.placeholder(ty, e.span)
            }
        }
    }

    fn array_lit(&mut self, elems: &[ast::Expr], ty: Type, span: Span, value: bool) -> ExprId {
        let elem_ty = match &ty {
            Type::Array(elem) | Type::ValueArray(elem, _) => (**elem).clone(),
            _ => {
                self.bug("an array literal without an array type", span);
                Type::Prim(PrimType::Int)
            }
        };
        let elems = elems.iter().map(|el| self.expr_to(el, &elem_ty)).collect();
        let kind = if value { ExprKind::ValueArrayLit(elems) } else { ExprKind::ArrayLit(elems) };
        self.push(kind, ty, span)
    }

    fn unary(&mut self, op: UnaryOp, operand: &ast::Expr, ty: Type, span: Span) -> ExprId {
        match op {
            UnaryOp::Neg | UnaryOp::BitNot => {
                let operand = self.expr_to(operand, &ty);
                let op = if op == UnaryOp::Neg { UnOp::Neg } else { UnOp::BitNot };
                self.push(ExprKind::Unary { op, operand }, ty, span)
            }
            UnaryOp::Not => {
                let operand = self.expr_to(operand, &Type::Prim(PrimType::Boolean));
                self.push(ExprKind::Unary { op: UnOp::Not, operand }, ty, span)
            }
            UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec => {
                let target = self.expr(operand);
                let delta = if matches!(op, UnaryOp::PreInc | UnaryOp::PostInc) { 1 } else { -1 };
                let prefix = matches!(op, UnaryOp::PreInc | UnaryOp::PreDec);
                self.push(ExprKind::IncDec { target, delta, prefix }, ty, span)
            }
        }
    }

    /// The operator type of a comparison `==`/`!=` between two lowered operands.
    fn eq_operand_ty(&self, lhs: &Type, rhs: &Type) -> PrimOrRef {
        match (lhs, rhs) {
            (Type::Prim(a), Type::Prim(b)) => PrimOrRef::Prim(binary_promote(*a, *b)),
            (Type::Null, _) | (_, Type::Null) => PrimOrRef::Ref,
            (Type::ValueArray(..), _) | (_, Type::ValueArray(..)) => PrimOrRef::Value,
            (Type::Object(c), _) | (_, Type::Object(c))
                if self.program.classes.get(c.0 as usize).is_some_and(|c| c.is_value) =>
            {
                PrimOrRef::Value
            }
            _ => PrimOrRef::Ref,
        }
    }

    fn binary(
        &mut self,
        op: BinaryOp,
        lhs: &ast::Expr,
        rhs: &ast::Expr,
        ty: Type,
        span: Span,
    ) -> ExprId {
        if op == BinaryOp::Add && ty == Type::String {
            let mut parts = Vec::new();
            self.concat_parts(lhs, &mut parts);
            let rhs = self.expr(rhs);
            parts.push(rhs);
            return self.push(ExprKind::Concat(parts), ty, span);
        }
        let kind = bin_kind(op);
        let l = self.expr(lhs);
        let r = self.expr(rhs);
        let (lt, rt) = (self.expr_ty(l).clone(), self.expr_ty(r).clone());
        let operand = match kind {
            BinOpKind::Shl | BinOpKind::Shr | BinOpKind::UShr => {
                let l = self.promote_unary(l);
                let r = self.promote_unary(r);
                let p = match self.expr_ty(l) {
                    Type::Prim(p) => *p,
                    _ => PrimType::Int,
                };
                let op = BinOp { kind, ty: PrimOrRef::Prim(p) };
                return self.push(ExprKind::Binary { op, lhs: l, rhs: r }, ty, span);
            }
            BinOpKind::Eq | BinOpKind::Ne => self.eq_operand_ty(&lt, &rt),
            _ => match (&lt, &rt) {
                (Type::Prim(a), Type::Prim(b)) => PrimOrRef::Prim(binary_promote(*a, *b)),
                _ => {
                    self.bug("a binary operator on non-primitive operands", span);
                    PrimOrRef::Prim(PrimType::Int)
                }
            },
        };
        let (l, r) = match operand {
            PrimOrRef::Prim(p) => (self.coerce(l, &Type::Prim(p)), self.coerce(r, &Type::Prim(p))),
            _ => (l, r),
        };
        let op = BinOp { kind, ty: operand };
        self.push(ExprKind::Binary { op, lhs: l, rhs: r }, ty, span)
    }

    /// Collects the parts of a left-nested string concatenation (Java's left-to-right
    /// evaluation: `1 + 2 + "x"` keeps `1 + 2` as an `int` addition).
    fn concat_parts(&mut self, e: &ast::Expr, parts: &mut Vec<ExprId>) {
        let is_string = matches!(self.program.expr_ty.get(&e.id), Some(Ty::String));
        let folded = self.program.constants.contains_key(&e.id);
        match &e.kind {
            AK::Binary { op: BinaryOp::Add, lhs, rhs } if is_string && !folded => {
                self.concat_parts(lhs, parts);
                let rhs = self.expr(rhs);
                parts.push(rhs);
            }
            _ => {
                let part = self.expr(e);
                parts.push(part);
            }
        }
    }

    fn assign(
        &mut self,
        op: Option<BinaryOp>,
        target: &ast::Expr,
        value: &ast::Expr,
        ty: Type,
        span: Span,
    ) -> ExprId {
        let target_id = self.expr(target);
        let target_ty = self.expr_ty(target_id).clone();
        let Some(op) = op else {
            let value = self.expr_to(value, &target_ty);
            return self.push(ExprKind::Assign { target: target_id, value }, ty, span);
        };
        if target_ty == Type::String {
            // `s += x` is `s = s + x` with `s` evaluated once; the subset's string places
            // are locals, fields and `String[]` elements, read again here.
            let again = self.expr(target);
            self.rereads.push(again);
            let value = self.expr(value);
            let concat = self.push(ExprKind::Concat(vec![again, value]), Type::String, span);
            return self.push(ExprKind::Assign { target: target_id, value: concat }, ty, span);
        }
        let kind = bin_kind(op);
        let value_id = self.expr(value);
        let vt = self.expr_ty(value_id).clone();
        let (Type::Prim(tp), Type::Prim(vp)) = (&target_ty, &vt) else {
            self.bug("a compound assignment on non-primitive operands", span);
            return self.push(ExprKind::Assign { target: target_id, value: value_id }, ty, span);
        };
        let (operand, value_id) = match kind {
            BinOpKind::Shl | BinOpKind::Shr | BinOpKind::UShr => {
                (unary_promote(*tp), self.promote_unary(value_id))
            }
            _ => {
                let p = binary_promote(*tp, *vp);
                (p, self.coerce(value_id, &Type::Prim(p)))
            }
        };
        let op = BinOp { kind, ty: PrimOrRef::Prim(operand) };
        self.push(ExprKind::CompoundAssign { target: target_id, op, value: value_id }, ty, span)
    }

    fn new_object(&mut self, e: &ast::Expr, args: &[ast::Expr], ty: Type) -> ExprId {
        match self.program.calls.get(&e.id).cloned() {
            Some(CallTarget::Ctor(c)) => {
                let info = self.program.ctor(c);
                let params: Vec<Ty> = info.params.iter().map(|p| p.ty.clone()).collect();
                let class = ClassId(info.class.0);
                let ctor = self.layout.ctor_func.get(&c).copied();
                if ctor.is_none() {
                    self.bug("a constructor without a function", e.span);
                }
                let args = self.args(args, &params);
                self.push(ExprKind::New { class, ctor, args }, ty, e.span)
            }
            Some(CallTarget::DefaultCtor(c)) => {
                let ctor = self.layout.default_ctor.get(&c).copied();
                self.push(ExprKind::New { class: ClassId(c.0), ctor, args: Vec::new() }, ty, e.span)
            }
            Some(CallTarget::Builtin { class: "Random", .. }) => {
                let (builtin, args) = if args.is_empty() {
                    (Builtin::RandomNew, Vec::new())
                } else {
                    (Builtin::RandomNewSeeded, self.args(args, &[Ty::LONG]))
                };
                self.push(ExprKind::Builtin { builtin, args }, ty, e.span)
            }
            _ => {
                self.bug("`new` without a resolved constructor", e.span);
                self.placeholder(ty, e.span)
            }
        }
    }

    fn call(
        &mut self,
        e: &ast::Expr,
        target: Option<&ast::Expr>,
        args: &[ast::Expr],
        ty: Type,
    ) -> ExprId {
        match self.program.calls.get(&e.id).cloned() {
            Some(CallTarget::Method(m)) => {
                let Some(func) = self.layout.method_func.get(&m).copied() else {
                    self.bug("a resolved method has no function", e.span);
                    return self.placeholder(ty, e.span);
                };
                let info = self.program.method(m);
                let params: Vec<Ty> = info.params.iter().map(|p| p.ty.clone()).collect();
                let (is_static, is_somd) = (info.is_static, info.is_somd());
                let intermediate = !is_somd && info.reduce.is_some() && self.is_somd;
                let receiver = if is_static {
                    None
                } else {
                    match target {
                        Some(t) => Some(self.expr(t)),
                        None => Some(self.this_expr(e.span)),
                    }
                };
                let args = self.args(args, &params);
                let kind = if is_somd {
                    ExprKind::SomdCall { func, receiver, args }
                } else if intermediate {
                    ExprKind::IntermediateReduce { func, receiver, args }
                } else {
                    ExprKind::Call { func, receiver, args }
                };
                self.push(kind, ty, e.span)
            }
            Some(CallTarget::Builtin { class, name }) => {
                self.builtin_call(e, class, name, target, args, ty)
            }
            _ => {
                self.bug("a call without a resolution", e.span);
                self.placeholder(ty, e.span)
            }
        }
    }

    fn builtin_call(
        &mut self,
        e: &ast::Expr,
        class: &str,
        name: &str,
        target: Option<&ast::Expr>,
        args: &[ast::Expr],
        ty: Type,
    ) -> ExprId {
        use PrimType::*;
        let span = e.span;
        let ret_prim = match &ty {
            Type::Prim(p) => *p,
            _ => Double,
        };
        let mut lowered: Vec<ExprId> = Vec::new();
        // Instance built-ins take the receiver first.
        if matches!(class, "Random" | "Task") {
            match target {
                Some(t) => {
                    let receiver = self.expr(t);
                    lowered.push(receiver);
                }
                None => self.bug("a built-in instance call without a receiver", span),
            }
        }
        let own = |cx: &mut Self, params: &[Ty]| cx.args(args, params);
        let builtin = match (class, name) {
            ("System.out" | "System.err", method) => {
                let err = class == "System.err";
                lowered.extend(own(self, &[]));
                match (method, args.len()) {
                    ("println", 0) => Builtin::Println0 { err },
                    ("println", _) => Builtin::Println { err },
                    ("print", _) => Builtin::Print { err },
                    _ => Builtin::Printf { err },
                }
            }
            ("String", "format") => {
                lowered.extend(own(self, &[]));
                Builtin::Format
            }
            ("System", "nanoTime") => Builtin::NanoTime,
            ("System", "currentTimeMillis") => Builtin::CurrentTimeMillis,
            ("Integer", "parseInt") => Builtin::ParseInt,
            ("Long", "parseLong") => Builtin::ParseLong,
            ("Float", "parseFloat") => Builtin::ParseFloat,
            ("Double", "parseDouble") => Builtin::ParseDouble,
            ("Integer", "bitCount") => {
                lowered.extend(own(self, &[Ty::INT]));
                Builtin::IntegerBitCount
            }
            ("Long", "bitCount") => {
                lowered.extend(own(self, &[Ty::LONG]));
                Builtin::LongBitCount
            }
            ("Float", "floatToIntBits") => {
                lowered.extend(own(self, &[Ty::FLOAT]));
                Builtin::FloatToIntBits
            }
            ("Float", "isNaN") => {
                lowered.extend(own(self, &[Ty::FLOAT]));
                Builtin::FloatIsNaN
            }
            ("Double", "doubleToLongBits") => {
                lowered.extend(own(self, &[Ty::DOUBLE]));
                Builtin::DoubleToLongBits
            }
            ("Double", "isNaN") => {
                lowered.extend(own(self, &[Ty::DOUBLE]));
                Builtin::DoubleIsNaN
            }
            ("Math", method) => {
                let Some(func) = math_fn(method) else {
                    self.bug(format!("unknown built-in `Math.{method}`"), span);
                    return self.placeholder(ty, span);
                };
                // The overload: `abs min max signum` return their operand type; `round`
                // maps `float` to `int` and `double` to `long`; the rest take `double`.
                let operand = match func {
                    MathFn::Abs | MathFn::Min | MathFn::Max | MathFn::Signum => ret_prim,
                    MathFn::Round if ret_prim == Int => Float,
                    _ => Double,
                };
                let params = vec![Ty::Prim(operand); args.len()];
                lowered.extend(own(self, &params));
                Builtin::Math(func, operand)
            }
            ("Random", "nextInt") if args.is_empty() => Builtin::RandomNextInt,
            ("Random", "nextInt") => {
                lowered.extend(own(self, &[Ty::INT]));
                Builtin::RandomNextIntBounded
            }
            ("Random", "nextLong") => Builtin::RandomNextLong,
            ("Random", "nextFloat") => Builtin::RandomNextFloat,
            ("Random", "nextDouble") => Builtin::RandomNextDouble,
            ("Random", "nextBoolean") => Builtin::RandomNextBoolean,
            ("Random", "nextGaussian") => Builtin::RandomNextGaussian,
            ("Task", "start") => Builtin::TaskStart,
            ("Task", "finish") => Builtin::TaskFinish,
            ("Somd", "offset" | "globalLength") => {
                let mut it = args.iter();
                if let Some(array) = it.next() {
                    let array = self.expr(array);
                    lowered.push(array);
                }
                if let Some(dim) = it.next() {
                    let dim = self.expr_to(dim, &Type::Prim(Int));
                    lowered.push(dim);
                }
                if name == "offset" {
                    Builtin::SomdOffset
                } else {
                    Builtin::SomdGlobalLength
                }
            }
            ("Somd", "range") => {
                lowered.extend(own(self, &[Ty::INT]));
                Builtin::SomdRange
            }
            ("Somd", "thaw") => {
                lowered.extend(own(self, &[]));
                Builtin::SomdThaw
            }
            _ => {
                self.bug(format!("unknown built-in `{class}.{name}`"), span);
                return self.placeholder(ty, span);
            }
        };
        // Built-ins whose arguments were not lowered above take `String` arguments.
        if lowered.is_empty() && !args.is_empty() {
            lowered = self.args(args, &[Ty::String]);
        }
        self.push(ExprKind::Builtin { builtin, args: lowered }, ty, span)
    }

    fn map(&mut self, e: &ast::Expr, args: &[ast::Expr], ty: Type) -> ExprId {
        let Some(func) = self.method_target(e) else {
            return self.placeholder(ty, e.span);
        };
        let kinds = self.program.map_args.get(&e.id).cloned().unwrap_or_else(|| {
            self.bug("`@` without argument kinds", e.span);
            Vec::new()
        });
        let params: Vec<Ty> = match self.program.calls.get(&e.id) {
            Some(CallTarget::Method(m)) => {
                self.program.method(*m).params.iter().map(|p| p.ty.clone()).collect()
            }
            _ => Vec::new(),
        };
        let mut lowered = Vec::with_capacity(args.len());
        for (idx, arg) in args.iter().enumerate() {
            let kind = match kinds.get(idx) {
                Some(somd_sema::model::MapArg::Broadcast) => MapArg::Broadcast,
                Some(somd_sema::model::MapArg::Mapped) => MapArg::Mapped,
                None => {
                    self.bug("`@` argument without a kind", arg.span);
                    MapArg::Mapped
                }
            };
            let id = match (kind, params.get(idx)) {
                (MapArg::Broadcast, Some(param)) => {
                    let param = param.clone();
                    let to = self.ty(&param, arg.span);
                    self.expr_to(arg, &to)
                }
                _ => self.expr(arg),
            };
            lowered.push((id, kind));
        }
        self.push(ExprKind::Map { func, args: lowered }, ty, e.span)
    }
}

pub(crate) fn bin_kind(op: BinaryOp) -> BinOpKind {
    match op {
        BinaryOp::Add => BinOpKind::Add,
        BinaryOp::Sub => BinOpKind::Sub,
        BinaryOp::Mul => BinOpKind::Mul,
        BinaryOp::Div => BinOpKind::Div,
        BinaryOp::Rem => BinOpKind::Rem,
        BinaryOp::Shl => BinOpKind::Shl,
        BinaryOp::Shr => BinOpKind::Shr,
        BinaryOp::UShr => BinOpKind::UShr,
        BinaryOp::Lt => BinOpKind::Lt,
        BinaryOp::Le => BinOpKind::Le,
        BinaryOp::Gt => BinOpKind::Gt,
        BinaryOp::Ge => BinOpKind::Ge,
        BinaryOp::Eq => BinOpKind::Eq,
        BinaryOp::Ne => BinOpKind::Ne,
        BinaryOp::BitAnd => BinOpKind::BitAnd,
        BinaryOp::BitOr => BinOpKind::BitOr,
        BinaryOp::BitXor => BinOpKind::BitXor,
        BinaryOp::And => BinOpKind::And,
        BinaryOp::Or => BinOpKind::Or,
    }
}

fn math_fn(name: &str) -> Option<MathFn> {
    Some(match name {
        "abs" => MathFn::Abs,
        "min" => MathFn::Min,
        "max" => MathFn::Max,
        "sqrt" => MathFn::Sqrt,
        "cbrt" => MathFn::Cbrt,
        "exp" => MathFn::Exp,
        "log" => MathFn::Log,
        "log10" => MathFn::Log10,
        "pow" => MathFn::Pow,
        "sin" => MathFn::Sin,
        "cos" => MathFn::Cos,
        "tan" => MathFn::Tan,
        "asin" => MathFn::Asin,
        "acos" => MathFn::Acos,
        "atan" => MathFn::Atan,
        "atan2" => MathFn::Atan2,
        "sinh" => MathFn::Sinh,
        "cosh" => MathFn::Cosh,
        "tanh" => MathFn::Tanh,
        "floor" => MathFn::Floor,
        "ceil" => MathFn::Ceil,
        "rint" => MathFn::Rint,
        "round" => MathFn::Round,
        "hypot" => MathFn::Hypot,
        "signum" => MathFn::Signum,
        "toRadians" => MathFn::ToRadians,
        "toDegrees" => MathFn::ToDegrees,
        _ => return None,
    })
}
