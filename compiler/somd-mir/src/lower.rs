//! Lowering from the checked program (`somd_sema::Program`) to MIR.
//!
//! `lower(&Program, &SourceMap) -> Module` runs only on a program that checked without
//! errors. It works in two steps:
//! 1. [`Layout`]: number every class, static field, instance field and function up front
//!    (methods and constructors in class order, then the synthesized constructors and
//!    static initializers), so that bodies can name any function.
//! 2. One [`FnLower`] per function lowers its body (`lower/stmt.rs`, `lower/expr.rs`),
//!    making every Java implicit conversion explicit (`lower/conv.rs`).
//!
//! A missing table entry is a compiler bug: lowering emits a well-typed placeholder and
//! records an [`InternalError`], which `verify` reports. Lowering never panics.

mod conv;
mod expr;
mod stmt;

use crate::ir::*;
use somd_diag::{SourceMap, Span};
use somd_sema::model::{self as sm, Ty};
use somd_sema::Program;
use somd_syntax::ast::{self, DeclId, DistKind, DistSpec, ReduceStrategy};
use std::collections::HashMap;

/// Lowers a program that checked without errors.
pub fn lower(program: &Program, sources: &SourceMap) -> Module {
    let layout = Layout::new(program);
    let mut module = Module {
        files: sources.files().map(|(_, f)| f.name.clone()).collect(),
        ..Module::default()
    };
    layout.declare(program, &mut module);
    let mut functions = Vec::with_capacity(layout.funcs.len());
    for (idx, source) in layout.funcs.iter().enumerate() {
        let mut errors = Vec::new();
        let function = FnLower::lower(program, &layout, FuncId(idx as u32), source, &mut errors);
        module.internal_errors.extend(errors);
        functions.push(function);
    }
    module.functions = functions;
    implicit_to_strings(&mut module);
    // Static initializers in the order Java's first uses would run them (`init_order`).
    crate::init_order::order_static_inits(&mut module);
    // Small helpers wrapping SOMD calls are written into their callers (`inline_helpers`),
    // so that the device analyses see the calls where the results live.
    crate::inline_helpers::inline_device_helpers(&mut module);
    // A second name of an array that nothing reassigns becomes the first (`alias_names`), so
    // the device analyses follow one local.
    crate::alias_names::merge_array_aliases(&mut module);
    // Array creations indexed where they are written become locals (`hoist_tables`), which
    // kernel code holds as private arrays.
    crate::hoist_tables::hoist_indexed_tables(&mut module);
    // Small result tables of SOMD methods become scalars (`scalarize`), on every back end.
    crate::scalarize::scalarize_tables(&mut module);
    // Scalar parameters a SOMD body assigns become locals the host can keep (`param_copies`).
    crate::param_copies::copy_assigned_params(&mut module);
    // Counted loops written as `while` loops, with mirrored tests or with an index declared
    // before them take the `for` form the analyses read (`loop_forms`).
    crate::loop_forms::canonicalize_loops(&mut module);
    // Searches of host functions whose index is read after them carry it as a payload
    // (`found_index`).
    crate::found_index::rewrite_found_indices(&mut module);
    // Host loops combining SOMD results become SOMD methods of their own (`outline_loops`).
    crate::outline_loops::outline_host_loops(&mut module);
    // Searches leaving their loop at the first match become argument minima (`first_match`).
    crate::first_match::rewrite_searches(&mut module);
    // Scalars a loop writes before it reads them in each iteration become the iteration's own.
    crate::privatize::privatize_temporaries(&mut module);
    module
}

/// Records in each function the `toString()` methods its string conversions call
/// ([`Function::to_strings`]).
fn implicit_to_strings(module: &mut Module) {
    let mut found = Vec::with_capacity(module.functions.len());
    for func in &module.functions {
        let mut calls = Vec::new();
        for expr in &func.exprs {
            let converted: &[ExprId] = match &expr.kind {
                ExprKind::Concat(parts) => parts,
                ExprKind::Builtin {
                    builtin: Builtin::Print { .. } | Builtin::Println { .. },
                    args,
                } => args,
                ExprKind::Builtin { builtin: Builtin::Printf { .. } | Builtin::Format, args } => {
                    args.get(1..).unwrap_or(&[])
                }
                _ => &[],
            };
            for part in converted {
                // An array of objects given to a format is spread: its elements converted.
                let class = match &func.expr(*part).ty {
                    Type::Object(class) => Some(*class),
                    Type::Array(e) | Type::ValueArray(e, _) => match (&expr.kind, &**e) {
                        (
                            ExprKind::Builtin {
                                builtin: Builtin::Printf { .. } | Builtin::Format,
                                ..
                            },
                            Type::Object(class),
                        ) => Some(*class),
                        _ => None,
                    },
                    _ => None,
                };
                if let Some(f) = class.and_then(|c| module.to_string_of(c)) {
                    calls.push((f, expr.span));
                }
            }
        }
        found.push(calls);
    }
    for (func, calls) in module.functions.iter_mut().zip(found) {
        func.to_strings = calls;
    }
}

/// `lower` for a caller that holds the checker's result: returns `None` when the
/// diagnostics contain an error (no MIR exists for an erroneous program).
pub fn lower_checked(
    program: &Program,
    diagnostics: &[somd_diag::Diagnostic],
    sources: &SourceMap,
) -> Option<Module> {
    if diagnostics.iter().any(|d| d.is_error()) {
        return None;
    }
    Some(lower(program, sources))
}

/// Where a MIR function's body comes from.
#[derive(Clone, Copy, Debug)]
pub(crate) enum FuncSource {
    Method(sm::MethodId),
    Ctor(sm::CtorId),
    /// The synthesized constructor of a class without declared constructors.
    DefaultCtor(sm::ClassId),
    StaticInit(sm::ClassId),
}

/// The numbering of every entity of the module, fixed before any body is lowered.
pub(crate) struct Layout {
    pub funcs: Vec<FuncSource>,
    pub method_func: HashMap<sm::MethodId, FuncId>,
    pub ctor_func: HashMap<sm::CtorId, FuncId>,
    /// Synthesized constructors, for classes without declared ones that need one.
    pub default_ctor: HashMap<sm::ClassId, FuncId>,
    pub fields: HashMap<sm::FieldId, FieldRef>,
    pub statics: Vec<sm::FieldId>,
    pub static_init: Vec<FuncId>,
}

impl Layout {
    fn new(program: &Program) -> Layout {
        let mut layout = Layout {
            funcs: Vec::new(),
            method_func: HashMap::new(),
            ctor_func: HashMap::new(),
            default_ctor: HashMap::new(),
            fields: HashMap::new(),
            statics: Vec::new(),
            static_init: Vec::new(),
        };
        for (class_idx, class) in program.classes.iter().enumerate() {
            let class_id = sm::ClassId(class_idx as u32);
            let mut instance_index = 0u32;
            for &field in &class.fields {
                if program.field(field).is_static {
                    let id = StaticId(layout.statics.len() as u32);
                    layout.statics.push(field);
                    layout.fields.insert(field, FieldRef::Static(id));
                } else {
                    layout.fields.insert(
                        field,
                        FieldRef::Instance { class: ClassId(class_id.0), index: instance_index },
                    );
                    instance_index += 1;
                }
            }
            for &method in &class.methods {
                let id = FuncId(layout.funcs.len() as u32);
                layout.funcs.push(FuncSource::Method(method));
                layout.method_func.insert(method, id);
            }
            for &ctor in &class.ctors {
                let id = FuncId(layout.funcs.len() as u32);
                layout.funcs.push(FuncSource::Ctor(ctor));
                layout.ctor_func.insert(ctor, id);
            }
            let has_init = |want_static: bool| {
                class.fields.iter().any(|&f| {
                    program.field(f).is_static == want_static
                        && program.field_decl(f).is_some_and(|(_, var)| var.init.is_some())
                })
            };
            if class.ctors.is_empty() && has_init(false) {
                let id = FuncId(layout.funcs.len() as u32);
                layout.funcs.push(FuncSource::DefaultCtor(class_id));
                layout.default_ctor.insert(class_id, id);
            }
            if has_init(true) {
                let id = FuncId(layout.funcs.len() as u32);
                layout.funcs.push(FuncSource::StaticInit(class_id));
                layout.static_init.push(id);
            }
        }
        layout
    }

    /// Fills the module's class, static and entry-point tables.
    fn declare(&self, program: &Program, module: &mut Module) {
        let mut errors = Vec::new();
        for class in &program.classes {
            let fields = class
                .fields
                .iter()
                .map(|&f| program.field(f))
                .filter(|f| !f.is_static)
                .map(|f| InstanceField {
                    name: f.name.clone(),
                    ty: lower_ty(&f.ty, &mut |m| errors.push((class.name.clone(), m, f.span))),
                    is_final: f.is_final,
                })
                .collect();
            module.classes.push(Class {
                name: class.name.clone(),
                is_value: class.is_value,
                fields,
                span: class.span,
            });
        }
        for &field in &self.statics {
            let info = program.field(field);
            let class_name = program.class(info.class).name.clone();
            let ty = lower_ty(&info.ty, &mut |m| errors.push((class_name.clone(), m, info.span)));
            let constant = info.constant.as_ref().and_then(|v| conv::const_value(v, &ty));
            module.statics.push(StaticField {
                class: ClassId(info.class.0),
                name: info.name.clone(),
                ty,
                is_final: info.is_final,
                constant,
                span: info.span,
            });
        }
        module.main = program.main.and_then(|m| self.method_func.get(&m).copied());
        module.static_init = self.static_init.clone();
        module.internal_errors.extend(
            errors.into_iter().map(|(function, message, span)| InternalError {
                function,
                message,
                span,
            }),
        );
    }
}

/// Converts a checker type; `Ty::Error` (never present after a clean check) is reported
/// through `error` and lowered as `void`.
pub(crate) fn lower_ty(ty: &Ty, error: &mut dyn FnMut(String)) -> Type {
    match ty {
        Ty::Void => Type::Void,
        Ty::Prim(p) => Type::Prim(*p),
        Ty::Null => Type::Null,
        Ty::String => Type::String,
        Ty::Task => Type::Task,
        Ty::Random => Type::Random,
        Ty::Class(c) => Type::Object(ClassId(c.0)),
        Ty::Array(elem) => Type::Array(Box::new(lower_ty(elem, error))),
        Ty::ValueArray(elem, bound) => Type::ValueArray(Box::new(lower_ty(elem, error)), *bound),
        Ty::Error => {
            error("an error type survived checking".to_string());
            Type::Void
        }
    }
}

/// The state of lowering one function.
pub(crate) struct FnLower<'a> {
    pub program: &'a Program,
    pub layout: &'a Layout,
    pub name: String,
    pub class: sm::ClassId,
    pub is_static: bool,
    pub is_somd: bool,
    pub ret: Type,
    pub locals: Vec<Local>,
    pub exprs: Vec<Expr>,
    pub decls: HashMap<DeclId, LocalId>,
    /// Names in scope, innermost last (for `sync (x)` variable lists).
    pub scopes: Vec<Vec<(String, LocalId)>>,
    /// Enclosing labelled statements: name, id, and whether it labels a loop.
    pub labels: Vec<(String, LabelId, bool)>,
    pub n_labels: u32,
    /// While a constructor's statements stand in for its `this(..)` in another one: the
    /// label of the block holding them, which a `return` in them leaves.
    pub ctor_exit: Option<LabelId>,
    /// [`Function::rereads`].
    pub rereads: Vec<ExprId>,
    pub errors: &'a mut Vec<InternalError>,
    pub span: Span,
}

impl<'a> FnLower<'a> {
    fn lower(
        program: &'a Program,
        layout: &'a Layout,
        id: FuncId,
        source: &FuncSource,
        errors: &'a mut Vec<InternalError>,
    ) -> Function {
        let (class, is_static, span, name) = match *source {
            FuncSource::Method(m) => {
                let info = program.method(m);
                (info.class, info.is_static, info.span, program.method_path(m))
            }
            FuncSource::Ctor(c) => {
                let info = program.ctor(c);
                let name = format!("{}.<init>", program.class(info.class).name);
                (info.class, false, info.span, name)
            }
            FuncSource::DefaultCtor(c) => {
                let info = program.class(c);
                (c, false, info.span, format!("{}.<init>", info.name))
            }
            FuncSource::StaticInit(c) => {
                let info = program.class(c);
                (c, true, info.span, format!("{}.<clinit>", info.name))
            }
        };
        let is_somd = match *source {
            FuncSource::Method(m) => program.method(m).is_somd(),
            _ => false,
        };
        let mut cx = FnLower {
            program,
            layout,
            name,
            class,
            is_static,
            is_somd,
            ret: Type::Void,
            locals: Vec::new(),
            exprs: Vec::new(),
            decls: HashMap::new(),
            scopes: vec![Vec::new()],
            labels: Vec::new(),
            n_labels: 0,
            ctor_exit: None,
            rereads: Vec::new(),
            errors,
            span,
        };
        let _ = id;
        if !is_static {
            cx.locals.push(Local {
                name: "this".to_string(),
                ty: Type::Object(ClassId(class.0)),
                kind: LocalKind::This,
                dist: None,
                shared: false,
                span,
            });
        }
        let (kind, params, body, is_local, intermediate, somd) = match *source {
            FuncSource::Method(m) => cx.lower_method(m),
            FuncSource::Ctor(c) => cx.lower_ctor(Some(c)),
            FuncSource::DefaultCtor(_) => cx.lower_ctor(None),
            FuncSource::StaticInit(_) => {
                (FuncKind::StaticInit, Vec::new(), cx.static_init_body(), false, None, None)
            }
        };
        Function {
            name: cx.name,
            class: ClassId(class.0),
            kind,
            params,
            ret: cx.ret,
            locals: cx.locals,
            exprs: cx.exprs,
            labels: cx.n_labels,
            body,
            is_local,
            somd,
            intermediate,
            early_exits: Vec::new(),
            rereads: cx.rereads,
            to_strings: Vec::new(),
            span,
        }
    }

    /// Records an internal error at `span`.
    pub(crate) fn bug(&mut self, message: impl Into<String>, span: Span) {
        self.errors.push(InternalError {
            function: self.name.clone(),
            message: message.into(),
            span,
        });
    }

    pub(crate) fn ty(&mut self, ty: &Ty, span: Span) -> Type {
        let mut messages = Vec::new();
        let lowered = lower_ty(ty, &mut |m| messages.push(m));
        for m in messages {
            self.bug(m, span);
        }
        lowered
    }

    /// Declares a parameter or local for `decl` and puts its name in scope.
    pub(crate) fn declare(&mut self, decl: DeclId, kind: LocalKind, span: Span) -> LocalId {
        let id = LocalId(self.locals.len() as u32);
        let (name, ty, shared) = match self.program.locals.get(&decl) {
            Some(info) => (info.name.clone(), info.ty.clone(), info.is_shared),
            None => {
                self.bug(format!("no local info for declaration {}", decl.0), span);
                ("?".to_string(), Ty::INT, false)
            }
        };
        let ty = self.ty(&ty, span);
        self.locals.push(Local { name: name.clone(), ty, kind, dist: None, shared, span });
        self.decls.insert(decl, id);
        if let Some(scope) = self.scopes.last_mut() {
            scope.push((name, id));
        }
        id
    }

    pub(crate) fn lookup_name(&self, name: &str) -> Option<LocalId> {
        self.scopes.iter().rev().flat_map(|s| s.iter().rev()).find(|(n, _)| n == name).map(|p| p.1)
    }

    #[allow(clippy::type_complexity)] // Reason: the parts of a function, used once.
    fn lower_method(
        &mut self,
        method: sm::MethodId,
    ) -> (FuncKind, Vec<LocalId>, Block, bool, Option<Reduction>, Option<SomdSig>) {
        let info = self.program.method(method);
        self.ret = self.ty(&info.ret, info.span);
        let params: Vec<LocalId> =
            info.params.iter().map(|p| self.declare(p.decl, LocalKind::Param, p.span)).collect();
        let mut dist_params = Vec::new();
        for (idx, param) in info.params.iter().enumerate() {
            if let Some(spec) = &param.dist {
                let mut dist = self.distribution(spec);
                if let Some(&local) = params.get(idx) {
                    dist = rows_of_bounded(dist, &self.locals[local.0 as usize].ty);
                    self.locals[local.0 as usize].dist = Some(dist.clone());
                }
                dist_params.push((idx, dist));
            }
        }
        let somd = if dist_params.is_empty() {
            None
        } else {
            let reduction = self.reduction(method);
            Some(SomdSig { dist_params, reduction })
        };
        let intermediate = match (&somd, &info.reduce) {
            (None, Some(_)) => Some(self.reduction(method)),
            _ => None,
        };
        let body = match self.program.method_decl(method).and_then(|d| d.body.as_ref()) {
            Some(body) => self.block(body),
            None => {
                self.bug("method without a body", info.span);
                Block::default()
            }
        };
        let kind = if info.is_static { FuncKind::Static } else { FuncKind::Instance };
        (kind, params, body, info.is_local, intermediate, somd)
    }

    #[allow(clippy::type_complexity)] // Reason: the parts of a function, used once.
    fn lower_ctor(
        &mut self,
        ctor: Option<sm::CtorId>,
    ) -> (FuncKind, Vec<LocalId>, Block, bool, Option<Reduction>, Option<SomdSig>) {
        let params: Vec<LocalId> = match ctor {
            Some(c) => {
                let info = self.program.ctor(c);
                info.params.iter().map(|p| self.declare(p.decl, LocalKind::Param, p.span)).collect()
            }
            None => Vec::new(),
        };
        let body = match ctor {
            Some(c) => self.ctor_body(c),
            None => self.field_inits(false),
        };
        (FuncKind::Ctor, params, body, false, None, None)
    }

    /// The statements constructor `c` runs on `this`, its parameters declared: the field
    /// initializers then its body, or, when it starts with `this(..)`, the other
    /// constructor's statements in its place (no field initializers of its own: JLS
    /// §12.5). A `return` in the other constructor leaves its statements, not this one.
    fn ctor_body(&mut self, c: sm::CtorId) -> Block {
        let Some(decl) = self.program.ctor_decl(c) else {
            self.bug("constructor without a declaration", self.span);
            return Block::default();
        };
        let delegation = match decl.body.stmts.first().map(|s| &s.kind) {
            Some(ast::StmtKind::Expr(e)) => match &e.kind {
                ast::ExprKind::ThisCall { args } => Some((e, args)),
                _ => None,
            },
            _ => None,
        };
        let Some((call, args)) = delegation else {
            let mut body = self.field_inits(false);
            body.stmts.extend(self.block(&decl.body).stmts);
            return body;
        };
        let mut body = Block::default();
        match self.program.calls.get(&call.id) {
            Some(sm::CallTarget::Ctor(target)) => {
                let target = *target;
                let info = self.program.ctor(target);
                // The arguments, in order, into the other constructor's parameters.
                let params: Vec<(DeclId, Type, Span)> =
                    info.params.iter().map(|p| (p.decl, self.ty(&p.ty, p.span), p.span)).collect();
                let mut values = Vec::new();
                for ((_, ty, _), arg) in params.iter().zip(args) {
                    values.push(self.expr_to(arg, ty));
                }
                for ((decl, _, span), value) in params.into_iter().zip(values) {
                    let local = self.declare(decl, LocalKind::Var, span);
                    body.stmts.push(Stmt::Let { local, init: Some(value) });
                }
                let label = self.new_label();
                let outer = self.ctor_exit.replace(label);
                let inner = self.ctor_body(target);
                self.ctor_exit = outer;
                body.stmts.push(Stmt::Labeled { label, body: inner });
            }
            Some(sm::CallTarget::DefaultCtor(_)) => {
                body.stmts.extend(self.field_inits(false).stmts)
            }
            _ => self.bug("`this(..)` without a resolved constructor", call.span),
        }
        let rest = ast::Block { stmts: decl.body.stmts[1..].to_vec(), span: decl.body.span };
        body.stmts.extend(self.block(&rest).stmts);
        body
    }

    fn static_init_body(&mut self) -> Block {
        self.field_inits(true)
    }

    /// `field = init;` for every field of the class with an initializer, in declaration
    /// order (static or instance ones).
    fn field_inits(&mut self, want_static: bool) -> Block {
        let mut block = Block::default();
        let class = self.program.class(self.class);
        for &field in &class.fields {
            let info = self.program.field(field);
            if info.is_static != want_static {
                continue;
            }
            let Some((_, var)) = self.program.field_decl(field) else {
                self.bug(format!("no declaration for field `{}`", info.name), info.span);
                continue;
            };
            let Some(init) = &var.init else { continue };
            let ty = self.ty(&info.ty, info.span);
            let value = self.expr_to(init, &ty);
            let target = match self.layout.fields.get(&field).copied() {
                Some(FieldRef::Static(id)) => self.push(ExprKind::Static(id), ty.clone(), var.span),
                Some(FieldRef::Instance { class, index }) => {
                    let this = self.this_expr(var.span);
                    self.push(ExprKind::Field { object: this, class, index }, ty.clone(), var.span)
                }
                None => {
                    self.bug(format!("field `{}` has no layout", info.name), info.span);
                    continue;
                }
            };
            let assign = self.push(ExprKind::Assign { target, value }, ty, var.span);
            block.stmts.push(Stmt::Expr(assign));
        }
        block
    }

    /// Maps a `dist` qualifier to its distribution (before [`rows_of_bounded`]).
    pub(crate) fn distribution(&mut self, spec: &DistSpec) -> Distribution {
        match &spec.kind {
            DistKind::Block => Distribution::Block,
            DistKind::Dim(e) => honoured(Distribution::Dim(self.const_u32(e))),
            DistKind::View(pairs) | DistKind::PolyView(pairs) => Distribution::View {
                halos: pairs
                    .iter()
                    .map(|p| (self.const_u32(&p.before), self.const_u32(&p.after)))
                    .collect(),
                poly: matches!(spec.kind, DistKind::PolyView(_)),
            },
            DistKind::User { class, args } => {
                let Some(&class_id) = self.program.class_by_name.get(&class.name) else {
                    self.bug(format!("unknown strategy class `{}`", class.name), spec.span);
                    return Distribution::Block;
                };
                let bounds = self.program.class(class_id).methods.iter().copied().find(|&m| {
                    let info = self.program.method(m);
                    info.name == "bounds" && info.is_static && info.params.len() == 2 + args.len()
                });
                let Some(bounds) = bounds.and_then(|m| self.layout.method_func.get(&m).copied())
                else {
                    self.bug(
                        format!("strategy `{}` has no `bounds` method", class.name),
                        spec.span,
                    );
                    return Distribution::Block;
                };
                let args = args.iter().map(|a| self.expr(a)).collect();
                Distribution::User { class: ClassId(class_id.0), bounds, args }
            }
        }
    }

    fn const_u32(&mut self, e: &ast::Expr) -> u32 {
        let value = match self.program.constants.get(&e.id) {
            Some(sm::ConstValue::Int(n)) => u32::try_from(*n).ok(),
            Some(sm::ConstValue::Char(c)) => Some(u32::from(*c)),
            _ => match &e.kind {
                ast::ExprKind::Literal(ast::Literal::Int(n)) => u32::try_from(*n).ok(),
                _ => None,
            },
        };
        value.unwrap_or_else(|| {
            self.bug("a `dist` parameter is not a non-negative constant", e.span);
            0
        })
    }

    fn reduction(&mut self, method: sm::MethodId) -> Reduction {
        let info = self.program.method(method);
        match &info.reduce {
            None => match info.ret {
                Ty::Array(_) | Ty::ValueArray(..) => Reduction::Assemble,
                _ => Reduction::None,
            },
            Some(ReduceStrategy::Op(op)) => Reduction::Op(*op),
            Some(ReduceStrategy::SelfCall) => {
                let partials = Ty::Array(Box::new(info.ret.clone()));
                let param = info
                    .params
                    .iter()
                    .position(|p| p.ty == partials)
                    .or_else(|| info.params.iter().position(|p| p.dist.is_some()));
                match param {
                    Some(param) => Reduction::SelfCall { param },
                    None => {
                        self.bug("`reduce(self)` without an `R[]` parameter", info.span);
                        Reduction::None
                    }
                }
            }
            Some(ReduceStrategy::Class(class)) => {
                let found = self.program.class_by_name.get(&class.name).and_then(|&c| {
                    let methods = &self.program.class(c).methods;
                    let find = |name: &str, n_params: usize| {
                        methods.iter().copied().find(|&m| {
                            let mi = self.program.method(m);
                            mi.name == name && mi.is_static && mi.params.len() == n_params
                        })
                    };
                    if let Some(m) = find("combine", 2) {
                        self.layout.method_func.get(&m).map(|&f| Reduction::Combine(f))
                    } else {
                        find("combineAll", 1)
                            .and_then(|m| self.layout.method_func.get(&m))
                            .map(|&f| Reduction::CombineAll(f))
                    }
                });
                found.unwrap_or_else(|| {
                    self.bug(
                        format!("reduction class `{}` has no combiner", class.name),
                        info.span,
                    );
                    Reduction::None
                })
            }
        }
    }

    /// Adds an expression to the arena.
    pub(crate) fn push(&mut self, kind: ExprKind, ty: Type, span: Span) -> ExprId {
        let id = ExprId(self.exprs.len() as u32);
        self.exprs.push(Expr { kind, ty, span });
        id
    }

    pub(crate) fn this_expr(&mut self, span: Span) -> ExprId {
        if self.is_static {
            self.bug("`this` in a static context", span);
        }
        self.push(ExprKind::This, Type::Object(ClassId(self.class.0)), span)
    }

    pub(crate) fn expr_ty(&self, id: ExprId) -> &Type {
        &self.exprs[id.0 as usize].ty
    }
}

/// The block partitioning of an array of bounded rows (`T[[]][[N]]`, `T[[N]][]`) splits its
/// rows only: a bounded dimension's length is part of its type, so no MI may get part of
/// one (the checker refuses a qualifier naming one, E0310).
pub(crate) fn rows_of_bounded(dist: Distribution, ty: &Type) -> Distribution {
    match dist {
        Distribution::Block if ty.has_bounded_rows() => Distribution::Dim(1),
        _ => dist,
    }
}

/// The distribution the back ends carry out: they split at most the first two dimensions
/// of an array, and `dim = 3` splits dimensions 1 and 2 as the block default does (the
/// checker warns, W0308; LANGUAGE.md §2.2 lets a back end ignore a strategy it cannot
/// honour).
fn honoured(dist: Distribution) -> Distribution {
    match dist {
        Distribution::Dim(k) if k > 2 => Distribution::Block,
        dist => dist,
    }
}
