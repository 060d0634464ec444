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
//! A field array (or a row of a 2-D one) may also be passed to a call (`dot(this.w, x)`,
//! `norm(this.m[i])`) or named by an array local (`double[] row = this.m[i];`): in the copy
//! that is the parameter `this_w` passed on or named, which the analysis judges as for any
//! array parameter (`analysis::alias`, the parallel-loop analysis).
//!
//! A body may also write elements of a field array (`this.w[i] = ..`, `this.m[i][j] += ..`,
//! `row[j] = ..` through such a local, or in a helper it passes the array or a row to):
//! [`Lifted::written`] lists the fields whose elements it may write (`analysis::writes`
//! follows the array through locals and callees; a use it cannot follow counts as a write).
//! On the CPU such writes reach the receiver's array; on a device the lifted parameter's
//! buffer is downloaded back into that very array after the call
//! (`rt::device::run_updating`), so both placements leave the same elements in it. The
//! parallel-loop analysis of the lifted copy decides as for any written array parameter
//! whether the writes can run as work-items (each writes only its own elements). A body
//! that replaces a row of a 2-D field (`this.m[i] = r`), stores a field array elsewhere,
//! returns or compares it, or writes a field itself (`this.k = ..`: every method instance
//! would store into one receiver) keeps the method instance (the CPU path).
//!
//! A body may call instance helpers on `this` (`weight(i)`, `this.blend(x, i)`,
//! `put(i, v)`) that read fields and write elements of field arrays, directly or through
//! further such helpers ([`receiver_uses`]; the arrays they write come back as the
//! method's own writes do): the copy
//! gets a static copy of each helper, after the module's functions, taking the fields it
//! reads as trailing parameters, and every call on `this` calls that copy with the
//! caller's field parameters passed on ([`make_static`]). An intermediate reduction called
//! on `this` (`sumProd(a)` in an instance `norm`, the SOMD paper's Listing 10) is such a
//! helper too: it becomes an intermediate reduction of the callee's copy.
//!
//! Instance methods of value classes (`p.plus(q).len2()`) are pure functions of their
//! receiver, which is an immutable value: the copy gets a static copy of each one called
//! anywhere, whose first parameter is the receiver (`this` becomes that parameter), and
//! every call `r.m(args)` of one becomes a call of the copy with `r` first
//! ([`value_methods`]). Kernels then pass value objects as structs, as to any function.
//!
//! The same copy gives a SOMD method (static, or instance and lifted) each `static final
//! int` field it reads that is no compile-time constant (`static final int N =
//! size(..)`), and each length of a `static final` array it reads (`TABLE.length`, or of
//! a constant row `GRID[0].length`), as one more `int` parameter after the fields
//! ([`Lifted::statics`]; a local named as the program writes the size,
//! [`StaticSize::text`]). A kernel's size is a rule over its scalar arguments, so a loop
//! bounded by such a size (`for (i = 0; i < N; i++)`) is then a parallel loop; the host
//! passes the size, which no code changes after the static initialisers ran (a `null`
//! array runs the CPU path, which raises Java's exception where the length is read).
//! Helpers, and the methods an intermediate reduction calls (no SOMD methods: no `dist`
//! parameter), keep their reads: kernels read those from the statics buffer.

use crate::ir::*;
use std::collections::BTreeMap;

/// The receiver fields an instance SOMD method reads, in the order of the parameters added
/// after its declared ones.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Lifted {
    /// Per lifted function: `(class, field index)` per added parameter.
    pub fields: BTreeMap<FuncId, Vec<(ClassId, u32)>>,
    /// Per lifted function that may write elements of field arrays (directly, through an
    /// array local or in a callee): those fields (each also in `fields`). On a device their
    /// buffers come back into the receiver's arrays.
    pub written: BTreeMap<FuncId, Vec<(ClassId, u32)>>,
    /// Per function reading `static final int` fields that are not constants or the length
    /// of a `static final` array: those sizes, one `int` parameter each after the fields'
    /// (the host passes their values).
    pub statics: BTreeMap<FuncId, Vec<StaticSize>>,
    /// Per lifted function calling instance helpers on `this`: those helpers (the original
    /// functions), directly or through one another.
    pub helpers: BTreeMap<FuncId, Vec<FuncId>>,
    /// The static copies of instance helpers and of value classes' instance methods,
    /// appended after the module's functions.
    pub helper_copies: Vec<FuncId>,
    /// Per instance method of a value class that the program calls: its static copy.
    pub value_methods: BTreeMap<FuncId, FuncId>,
}

impl Lifted {
    /// How many parameters `func`'s device copy has after its declared ones.
    pub fn added(&self, func: FuncId) -> usize {
        self.fields.get(&func).map_or(0, Vec::len) + self.statics.get(&func).map_or(0, Vec::len)
    }

    /// Whether `func`'s device copy has parameters the declaration does not.
    pub fn lifts(&self, func: FuncId) -> bool {
        self.added(func) > 0
    }
}

/// An `int` the host knows before a call and no code changes after the static initialisers
/// ran, which a SOMD method's device copy takes as a parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StaticSize {
    /// The value of a `static final int` field that is no compile-time constant.
    Value(StaticId),
    /// The length of the array a `static final` field holds (`TABLE.length`).
    Length(StaticId),
    /// The length of row `k` (a constant) of the 2-D array a `static final` field holds
    /// (`GRID[0].length`).
    RowLength(StaticId, i32),
}

impl StaticSize {
    /// The field the size is read from.
    pub fn field(self) -> StaticId {
        match self {
            StaticSize::Value(s) | StaticSize::Length(s) | StaticSize::RowLength(s, _) => s,
        }
    }

    /// The size as the program writes it, `Class.field`, `Class.field.length` or
    /// `Class.field[k].length` (the name of the device copy's parameter).
    pub fn text(self, module: &Module) -> String {
        let field = &module.statics[self.field().0 as usize];
        let class = &module.classes[field.class.0 as usize].name;
        match self {
            StaticSize::Value(_) => format!("{class}.{}", field.name),
            StaticSize::Length(_) => format!("{class}.{}.length", field.name),
            StaticSize::RowLength(_, k) => format!("{class}.{}[{k}].length", field.name),
        }
    }

    /// The size read by expression `e` of `func`, if it is one of these forms.
    fn read_by(func: &Function, e: &Expr) -> Option<StaticSize> {
        match e.kind {
            ExprKind::Static(s) => Some(StaticSize::Value(s)),
            ExprKind::Length(a) => match func.expr(a).kind {
                ExprKind::Static(s) => Some(StaticSize::Length(s)),
                ExprKind::Index { array, index } => {
                    match (&func.expr(array).kind, &func.expr(index).kind) {
                        (ExprKind::Static(s), ExprKind::Const(Const::Int(k))) if *k >= 0 => {
                            Some(StaticSize::RowLength(*s, *k))
                        }
                        _ => None,
                    }
                }
                _ => None,
            },
            _ => None,
        }
    }
}

/// Whether `ty` can be a lifted field: a primitive, a 1-D/2-D array of primitives, or a
/// value ([`is_value`]).
fn field_type_ok(module: &Module, ty: &Type) -> bool {
    match ty {
        Type::Array(e) => match &**e {
            Type::Prim(_) => true,
            Type::Array(p) | Type::ValueArray(p, _) => matches!(**p, Type::Prim(_)),
            _ => false,
        },
        _ => is_value(module, ty),
    }
}

/// Whether `ty` is immutable all the way down: a primitive, an object of a value class, or
/// a value array of such values (the device copy's parameter then holds the very value the
/// field does; the analysis of the copy decides whether a kernel can take it).
fn is_value(module: &Module, ty: &Type) -> bool {
    match ty {
        Type::Prim(_) => true,
        Type::Object(c) => module.classes.get(c.0 as usize).is_some_and(|c| c.is_value),
        Type::ValueArray(e, _) => is_value(module, e),
        _ => false,
    }
}

/// Why an instance SOMD method keeps the CPU path: the use of `this` that cannot be lifted,
/// in words, and where it is (`None` when the method is lifted).
pub fn refusal(module: &Module, func: &Function) -> Option<(&'static str, somd_diag::Span)> {
    match lifted_uses(func, module) {
        Ok(_) => None,
        Err((why, at)) => Some((why, func.exprs.get(at.0 as usize).map_or(func.span, |e| e.span))),
    }
}

/// A use of `this` that keeps a method instance: why, and the expression.
type Refused = (&'static str, ExprId);

/// Receiver fields, as `(class, field index)`.
type Fields = Vec<(ClassId, u32)>;

const OTHER_USE: &str = "a use of `this` other than reading a field";
const FIELD_TYPE: &str = "a field of a type other than a primitive, a 1-D/2-D primitive array, \
                          an object of a value class or a value array of such values";
const FIELD_WRITE: &str = "a write to a field of the receiver (every method instance would \
                           store into the one receiver)";
const ARRAY_USE: &str = "a field array used other than through `[..]`, `.length`, as a call \
                         argument or as the value of an array local (stored, returned or \
                         compared)";
const ROW_USE: &str = "a row of a 2-D field array replaced, stored, returned or compared";

const HELPER_USE: &str = "a call on `this` of an instance method that writes a field of the \
                          receiver, uses `this` other than to read fields, write elements of \
                          field arrays or call such methods, is a SOMD method or calls itself \
                          (the device runs instance helpers that only read the receiver's \
                          fields and write elements of its arrays)";

/// What a method's device copy needs from its receiver.
#[derive(Clone, Debug, Default)]
struct Uses {
    /// The receiver's fields it reads, its own first, then those its helpers read.
    fields: Fields,
    /// The field arrays whose elements it may write, itself or in its helpers.
    written: Fields,
    /// The instance methods it calls on `this`, directly or through one another.
    helpers: Vec<FuncId>,
}

/// The fields of `func`'s receiver it reads, when every use of `this` is such a read or a
/// call of an instance helper that only reads fields ([`receiver_uses`]), and every use of
/// a field array (or of a row of a 2-D one) is an element read or write, a `.length`, an
/// argument of a call or the value of an array local (else the use that cannot be
/// lifted); and the field arrays among them whose elements it may write, directly, through
/// such a local or in a callee (`analysis::writes`).
fn lifted_uses(func: &Function, module: &Module) -> Result<(Fields, Fields), Refused> {
    let uses = receiver_uses(module, func, &mut Vec::new(), &mut BTreeMap::new())?;
    Ok((uses.fields, uses.written))
}

/// [`lifted_uses`] with the helpers: `this.g(..)` (or `g(..)` in the class) may call an
/// instance method `g` that is no SOMD method and, itself and the helpers it calls, uses
/// `this` as a lifted method may (reads fields, writes elements of field arrays). Its
/// fields, and the field arrays it writes, join the caller's. `open` holds the helpers being decided (a cycle is refused: no device runs a
/// recursive function), `decided` those decided already.
fn receiver_uses(
    module: &Module,
    func: &Function,
    open: &mut Vec<FuncId>,
    decided: &mut BTreeMap<FuncId, Option<Uses>>,
) -> Result<Uses, Refused> {
    let parent = super::walk::parents(func);
    let kind_of = |id: ExprId| func.exprs.get(id.0 as usize).map(|e| &e.kind);
    // Statement roots that initialise a local.
    let mut inits: Vec<ExprId> = Vec::new();
    super::walk::each_stmt(&func.body, &mut |s| {
        if let Stmt::Let { init: Some(e), .. } = s {
            inits.push(*e);
        }
    });
    let mut fields: Fields = Vec::new();
    let mut helper_fields: Fields = Vec::new();
    let mut helper_written: Fields = Vec::new();
    let mut helpers: Vec<FuncId> = Vec::new();
    // Per array field, the expressions reading it.
    let mut arrays: BTreeMap<(ClassId, u32), Vec<ExprId>> = BTreeMap::new();
    for (i, e) in func.exprs.iter().enumerate() {
        let id = ExprId(i as u32);
        match &e.kind {
            ExprKind::This => {
                // Only as the object of a field read, or the receiver of a helper's call.
                let up = parent[i].ok_or((OTHER_USE, id))?;
                match kind_of(up) {
                    Some(ExprKind::Field { object, .. }) if *object == id => {}
                    Some(
                        ExprKind::Call { func: g, receiver: Some(r), .. }
                        | ExprKind::IntermediateReduce { func: g, receiver: Some(r), .. },
                    ) if *r == id => {
                        let uses =
                            helper_uses(module, *g, open, decided).ok_or((HELPER_USE, up))?;
                        for f in uses.fields {
                            if !helper_fields.contains(&f) {
                                helper_fields.push(f);
                            }
                        }
                        for f in uses.written {
                            if !helper_written.contains(&f) {
                                helper_written.push(f);
                            }
                        }
                        for h in uses.helpers.into_iter().chain([*g]) {
                            if !helpers.contains(&h) {
                                helpers.push(h);
                            }
                        }
                    }
                    _ => return Err((OTHER_USE, up)),
                }
            }
            ExprKind::Field { object, class, index }
                if matches!(kind_of(*object), Some(ExprKind::This)) =>
            {
                let field = module
                    .classes
                    .get(class.0 as usize)
                    .and_then(|c| c.fields.get(*index as usize))
                    .ok_or((FIELD_TYPE, id))?;
                if !field_type_ok(module, &field.ty) {
                    return Err((FIELD_TYPE, id));
                }
                if super::walk::stored_to(func, &parent, id) {
                    return Err((FIELD_WRITE, id));
                }
                // A value object is used as a whole or by its fields, as a parameter would be.
                if !matches!(field.ty, Type::Prim(_) | Type::Object(_)) {
                    array_use(func, &parent, &inits, id, false)?;
                    arrays.entry((*class, *index)).or_default().push(id);
                }
                if !fields.contains(&(*class, *index)) {
                    fields.push((*class, *index));
                }
            }
            _ => {}
        }
    }
    let mut written: Fields = fields
        .iter()
        .filter(|f| {
            arrays.get(f).is_some_and(|reads| super::writes::writes_through(module, func, reads))
        })
        .copied()
        .collect();
    for f in helper_fields {
        if !fields.contains(&f) {
            fields.push(f);
        }
    }
    // Elements a helper writes are written by the call: the field comes back as the
    // method's own writes do.
    for f in helper_written {
        if !written.contains(&f) {
            written.push(f);
        }
    }
    Ok(Uses { fields, written, helpers })
}

/// The [`Uses`] of the instance helper `g`, or `None` when a device copy cannot call it
/// ([`receiver_uses`]).
fn helper_uses(
    module: &Module,
    g: FuncId,
    open: &mut Vec<FuncId>,
    decided: &mut BTreeMap<FuncId, Option<Uses>>,
) -> Option<Uses> {
    if let Some(known) = decided.get(&g) {
        return known.clone();
    }
    let helper = module.functions.get(g.0 as usize)?;
    if helper.kind != FuncKind::Instance || helper.is_somd() || open.contains(&g) {
        return None;
    }
    open.push(g);
    let uses = receiver_uses(module, helper, open, decided).ok();
    open.pop();
    decided.insert(g, uses.clone());
    uses
}

/// Checks the use of `e`, whose value is a field array (`row`: a row of a 2-D one): an
/// element read or written, a `.length`, a row so used, an argument of a call, or the value
/// of a local of the method (its initialiser or an assignment statement's value). The
/// device's view of the method then holds a parameter where the body held the field, and
/// the analysis judges those uses as of any array parameter (array locals:
/// `analysis::alias`; calls: the parallel-loop analysis, which knows which callees write).
fn array_use(
    func: &Function,
    parent: &[Option<ExprId>],
    inits: &[ExprId],
    e: ExprId,
    row: bool,
) -> Result<(), Refused> {
    let refused = (if row { ROW_USE } else { ARRAY_USE }, e);
    let Some(up) = parent[e.0 as usize] else {
        // A statement's own expression: a local's initialiser, or stored (returned).
        return if inits.contains(&e) { Ok(()) } else { Err(refused) };
    };
    match &func.expr(up).kind {
        ExprKind::Index { array, .. } if *array == e => {
            if matches!(func.expr(up).ty, Type::Prim(_) | Type::Object(_)) {
                // An element, read or written (a field array's elements are primitives, a
                // value array's may be value objects, which are only read).
                Ok(())
            } else if super::walk::stored_to(func, parent, up) {
                // A row replaced.
                Err((ROW_USE, up))
            } else {
                array_use(func, parent, inits, up, true)
            }
        }
        ExprKind::Length(_) => Ok(()),
        ExprKind::Assign { target, value } if *value == e => match func.expr(*target).kind {
            ExprKind::Local(l) if func.local(l).kind == LocalKind::Var => Ok(()),
            _ => Err(refused),
        },
        ExprKind::Call { receiver, args, .. }
        | ExprKind::IntermediateReduce { receiver, args, .. }
            if *receiver != Some(e) && args.contains(&e) =>
        {
            Ok(())
        }
        _ => Err(refused),
    }
}

/// A copy of `module` in which each liftable instance SOMD method is static with its
/// receiver's read fields as trailing parameters (and each instance helper it calls has a
/// static copy after the module's functions), each SOMD method reading `static final
/// int` fields that are no constants has those as trailing parameters after them, each
/// called instance method of a value class has a static copy taking its receiver first
/// (every call of it calling the copy), and what was lifted. `None` when nothing is (the
/// module serves as it is).
pub fn lift_fields(module: &Module) -> Option<(Module, Lifted)> {
    let mut lifted = Lifted::default();
    let mut decided = BTreeMap::new();
    // The instance helpers the lifted methods call on `this`: each gets one static copy.
    let mut helpers: Vec<FuncId> = Vec::new();
    for (i, func) in module.functions.iter().enumerate() {
        if func.kind != FuncKind::Instance || !func.is_somd() {
            continue;
        }
        if let Ok(uses) = receiver_uses(module, func, &mut Vec::new(), &mut decided) {
            lifted.fields.insert(FuncId(i as u32), uses.fields);
            if !uses.written.is_empty() {
                lifted.written.insert(FuncId(i as u32), uses.written);
            }
            for h in &uses.helpers {
                if !helpers.contains(h) {
                    helpers.push(*h);
                }
            }
            if !uses.helpers.is_empty() {
                lifted.helpers.insert(FuncId(i as u32), uses.helpers);
            }
        }
    }
    for (i, func) in module.functions.iter().enumerate() {
        let fid = FuncId(i as u32);
        let runs_static = func.kind == FuncKind::Static || lifted.fields.contains_key(&fid);
        if !func.is_somd() || !runs_static {
            continue;
        }
        let statics = static_sizes(module, func);
        if !statics.is_empty() {
            lifted.statics.insert(fid, statics);
        }
    }
    let called = value_methods(module);
    if lifted.fields.is_empty() && lifted.statics.is_empty() && called.is_empty() {
        return None;
    }
    let mut copy = module.clone();
    // Helper `g`'s copy is function `clones[g].0` of the copy, after the module's own, with
    // the fields `clones[g].1` as trailing parameters.
    let mut clones: BTreeMap<FuncId, (FuncId, Fields)> = BTreeMap::new();
    for (k, g) in helpers.iter().enumerate() {
        let fields = decided.get(g).cloned().flatten().map(|u| u.fields).unwrap_or_default();
        clones.insert(*g, (FuncId((module.functions.len() + k) as u32), fields));
    }
    for g in &helpers {
        let mut helper = module.functions[g.0 as usize].clone();
        make_static(&mut helper, module, &clones[g].1, &clones);
        lifted.helper_copies.push(FuncId(copy.functions.len() as u32));
        copy.functions.push(helper);
    }
    for (fid, fields) in &lifted.fields {
        make_static(&mut copy.functions[fid.0 as usize], module, fields, &clones);
    }
    for (fid, statics) in &lifted.statics {
        let func = &mut copy.functions[fid.0 as usize];
        for size in statics {
            let field = &module.statics[size.field().0 as usize];
            let ty = match size {
                StaticSize::Value(_) => field.ty.clone(),
                _ => Type::Prim(somd_syntax::ast::PrimType::Int),
            };
            let local = push_param(func, size.text(module), ty);
            for i in 0..func.exprs.len() {
                if StaticSize::read_by(func, &func.exprs[i]) != Some(*size) {
                    continue;
                }
                // The parts of a length's read are now part of no expression; nothing may
                // count them as reads (a kernel would take the array for them).
                let mut parts = Vec::new();
                super::walk::each_expr(func, ExprId(i as u32), &mut |x| parts.push(x));
                for x in parts.into_iter().filter(|x| x.0 as usize != i) {
                    func.exprs[x.0 as usize].kind = ExprKind::Const(Const::Int(0));
                    func.exprs[x.0 as usize].ty = Type::Prim(somd_syntax::ast::PrimType::Int);
                }
                func.exprs[i].kind = ExprKind::Local(local);
            }
        }
    }
    // Value classes' instance methods: a static copy each, the receiver first; then every
    // call of one, anywhere in the copy, calls its copy.
    for m in &called {
        let mut method = copy.functions[m.0 as usize].clone();
        receiver_first(&mut method);
        let at = FuncId(copy.functions.len() as u32);
        lifted.value_methods.insert(*m, at);
        lifted.helper_copies.push(at);
        copy.functions.push(method);
    }
    if !lifted.value_methods.is_empty() {
        for func in &mut copy.functions {
            for e in &mut func.exprs {
                let ExprKind::Call { func: m, receiver: Some(r), args } = &e.kind else { continue };
                let Some(at) = lifted.value_methods.get(m) else { continue };
                let args = std::iter::once(*r).chain(args.iter().copied()).collect();
                e.kind = ExprKind::Call { func: *at, receiver: None, args };
            }
        }
    }
    Some((copy, lifted))
}

/// The instance methods of value classes that some call names, in the order of their ids.
fn value_methods(module: &Module) -> Vec<FuncId> {
    let is_value_method = |f: FuncId| {
        module.functions.get(f.0 as usize).is_some_and(|m| {
            m.kind == FuncKind::Instance
                && !m.is_somd()
                && module.classes.get(m.class.0 as usize).is_some_and(|c| c.is_value)
        })
    };
    let mut called: Vec<FuncId> = module
        .functions
        .iter()
        .flat_map(|f| &f.exprs)
        .filter_map(|e| match e.kind {
            ExprKind::Call { func, receiver: Some(_), .. } if is_value_method(func) => Some(func),
            _ => None,
        })
        .collect();
    called.sort();
    called.dedup();
    called
}

/// Makes the instance method `func` of a value class static, its receiver its first
/// parameter: `this` (local 0) becomes that parameter, read where the body read `this`
/// (its fields, or the value whole). A value object cannot change, so the copy computes
/// what the method does.
fn receiver_first(func: &mut Function) {
    let this = LocalId(0);
    if let Some(local) = func.locals.first_mut().filter(|l| l.kind == LocalKind::This) {
        local.kind = LocalKind::Param;
        local.name = "self".to_string();
    }
    func.params.insert(0, this);
    for e in &mut func.exprs {
        if matches!(e.kind, ExprKind::This) {
            e.kind = ExprKind::Local(this);
        }
    }
    func.kind = FuncKind::Static;
}

/// Makes `func` static with the receiver's `fields` as trailing parameters (locals named
/// `this_<field>`): reads of those fields read the parameters, and each call of an
/// instance helper on `this` calls the helper's copy (`clones`) with the fields it reads
/// passed after the call's arguments.
fn make_static(
    func: &mut Function,
    module: &Module,
    fields: &Fields,
    clones: &BTreeMap<FuncId, (FuncId, Fields)>,
) {
    let mut locals = Vec::new();
    for (class, index) in fields {
        let field = &module.classes[class.0 as usize].fields[*index as usize];
        let local = push_param(func, format!("this_{}", field.name), field.ty.clone());
        locals.push(((*class, *index), local));
    }
    let is_this = |func: &Function, e: ExprId| matches!(func.expr(e).kind, ExprKind::This);
    for i in 0..func.exprs.len() {
        match func.exprs[i].kind.clone() {
            ExprKind::Field { object, class, index } if is_this(func, object) => {
                if let Some((_, local)) = locals.iter().find(|(f, _)| *f == (class, index)) {
                    func.exprs[i].kind = ExprKind::Local(*local);
                }
            }
            ExprKind::Call { func: g, receiver: Some(r), mut args }
            | ExprKind::IntermediateReduce { func: g, receiver: Some(r), mut args }
                if is_this(func, r) =>
            {
                let Some((copy, needed)) = clones.get(&g) else { continue };
                let span = func.exprs[i].span;
                for f in needed {
                    let Some((_, local)) = locals.iter().find(|(l, _)| l == f) else { continue };
                    let ty = func.local(*local).ty.clone();
                    args.push(func.push_expr(ExprKind::Local(*local), ty, span));
                }
                func.exprs[i].kind = match func.exprs[i].kind {
                    ExprKind::IntermediateReduce { .. } => {
                        ExprKind::IntermediateReduce { func: *copy, receiver: None, args }
                    }
                    _ => ExprKind::Call { func: *copy, receiver: None, args },
                };
            }
            _ => {}
        }
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

/// Adds a parameter `name` of type `ty` after `func`'s others.
fn push_param(func: &mut Function, name: String, ty: Type) -> LocalId {
    let local = LocalId(func.locals.len() as u32);
    func.locals.push(Local {
        name,
        ty,
        kind: LocalKind::Param,
        dist: None,
        shared: false,
        span: func.span,
    });
    func.params.push(local);
    local
}

/// The sizes `func` reads itself that the host knows before a call: `static final int`
/// fields without a constant value and the lengths of `static final` arrays
/// (`TABLE.length`), in the order of their first read.
fn static_sizes(module: &Module, func: &Function) -> Vec<StaticSize> {
    let parent = super::walk::parents(func);
    let mut found = Vec::new();
    for (i, e) in func.exprs.iter().enumerate() {
        let Some(size) = StaticSize::read_by(func, e) else { continue };
        let Some(field) = module.statics.get(size.field().0 as usize) else { continue };
        let wanted = match size {
            StaticSize::Value(_) => {
                // A final field is stored to by its initialiser only; the check keeps the
                // copy right should a body ever do it.
                field.ty == Type::Prim(somd_syntax::ast::PrimType::Int)
                    && field.constant.is_none()
                    && !super::walk::stored_to(func, &parent, ExprId(i as u32))
            }
            StaticSize::Length(_) => matches!(field.ty, Type::Array(_) | Type::ValueArray(..)),
            StaticSize::RowLength(..) => {
                super::isolation::array_dims(&field.ty).is_some_and(|(_, rank)| rank >= 2)
            }
        };
        if field.is_final && wanted && !found.contains(&size) {
            found.push(size);
        }
    }
    found
}
