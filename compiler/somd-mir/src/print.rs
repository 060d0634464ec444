//! The MIR text printer: a deterministic, readable dump of a [`Module`].
//!
//! Shape (one item per paragraph):
//! ```text
//! class Point value { x: float final, y: float final }
//! static Consts.N: int final = 10
//! static_init [Consts.<clinit>]
//! fn Sum.sum(a%0: int[] dist(block)) -> int static somd reduce(self: param 0) {
//!   locals: a%0: int[] param, sum%1: int
//!   let sum%1 = 0
//!   expr set.add.i32(sum%1, idx(a%0, i%2))
//! }
//! ```
//! Expressions are nested terms `op(operands)`; operators carry their operand type
//! (`add.i32`, `lt.f64`, `eq.ref`), conversions name both types (`i2d(x%1)`), locals are
//! `name%N`. Indentation is a [`Level`] value passed down, never a mutable counter.

use crate::ir::*;
use somd_syntax::ast::PrimType;
use std::fmt::{self, Write};

/// An indentation level (two spaces per level).
#[derive(Clone, Copy, Debug)]
struct Level(usize);

impl Level {
    fn next(self) -> Level {
        Level(self.0 + 1)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for _ in 0..self.0 {
            f.write_str("  ")?;
        }
        Ok(())
    }
}

/// Prints a whole module.
pub fn print(module: &Module) -> String {
    let mut out = String::new();
    // Writing to a `String` cannot fail.
    let _ = Printer { module, out: &mut out }.module();
    out
}

/// Prints one type with class names.
pub fn type_name(module: &Module, ty: &Type) -> String {
    match ty {
        Type::Void => "void".to_string(),
        Type::Prim(p) => prim_name(*p).to_string(),
        Type::Null => "null".to_string(),
        Type::String => "String".to_string(),
        Type::Task => "Task".to_string(),
        Type::Random => "Random".to_string(),
        Type::Object(c) => module
            .classes
            .get(c.0 as usize)
            .map(|c| c.name.clone())
            .unwrap_or_else(|| format!("class#{}", c.0)),
        // Dimensions as written, outermost first (`float[[]][[4]]`: rows of four).
        Type::Array(_) | Type::ValueArray(..) => {
            let mut dims = String::new();
            let mut t = ty;
            loop {
                match t {
                    Type::Array(_) => dims.push_str("[]"),
                    Type::ValueArray(_, None) => dims.push_str("[[]]"),
                    Type::ValueArray(_, Some(n)) => dims.push_str(&format!("[[{n}]]")),
                    _ => break,
                }
                t = match t {
                    Type::Array(elem) | Type::ValueArray(elem, _) => elem,
                    _ => t,
                };
            }
            format!("{}{dims}", type_name(module, t))
        }
    }
}

pub(crate) fn prim_name(p: PrimType) -> &'static str {
    match p {
        PrimType::Boolean => "boolean",
        PrimType::Byte => "byte",
        PrimType::Short => "short",
        PrimType::Char => "char",
        PrimType::Int => "int",
        PrimType::Long => "long",
        PrimType::Float => "float",
        PrimType::Double => "double",
    }
}

/// The short operand-type suffix of an operator: `add.i32`.
fn prim_suffix(p: PrimType) -> &'static str {
    match p {
        PrimType::Boolean => "bool",
        PrimType::Byte => "i8",
        PrimType::Short => "i16",
        PrimType::Char => "u16",
        PrimType::Int => "i32",
        PrimType::Long => "i64",
        PrimType::Float => "f32",
        PrimType::Double => "f64",
    }
}

/// The one-letter name of a primitive type in conversions (`i2d`), as in JVM bytecode.
fn prim_letter(p: PrimType) -> char {
    match p {
        PrimType::Boolean => 'z',
        PrimType::Byte => 'b',
        PrimType::Short => 's',
        PrimType::Char => 'c',
        PrimType::Int => 'i',
        PrimType::Long => 'l',
        PrimType::Float => 'f',
        PrimType::Double => 'd',
    }
}

pub(crate) fn binop_name(op: BinOp) -> String {
    let kind = match op.kind {
        BinOpKind::Add => "add",
        BinOpKind::Sub => "sub",
        BinOpKind::Mul => "mul",
        BinOpKind::Div => "div",
        BinOpKind::Rem => "rem",
        BinOpKind::Shl => "shl",
        BinOpKind::Shr => "shr",
        BinOpKind::UShr => "ushr",
        BinOpKind::Lt => "lt",
        BinOpKind::Le => "le",
        BinOpKind::Gt => "gt",
        BinOpKind::Ge => "ge",
        BinOpKind::Eq => "eq",
        BinOpKind::Ne => "ne",
        BinOpKind::BitAnd => "and",
        BinOpKind::BitOr => "or",
        BinOpKind::BitXor => "xor",
        BinOpKind::And => "andalso",
        BinOpKind::Or => "orelse",
    };
    let ty = match op.ty {
        PrimOrRef::Prim(p) => prim_suffix(p),
        PrimOrRef::Ref => "ref",
        PrimOrRef::Value => "value",
    };
    format!("{kind}.{ty}")
}

pub(crate) fn builtin_name(b: Builtin) -> String {
    let stream = |err: bool| if err { "System.err" } else { "System.out" };
    match b {
        Builtin::Print { err } => format!("{}.print", stream(err)),
        Builtin::Println { err } | Builtin::Println0 { err } => format!("{}.println", stream(err)),
        Builtin::Printf { err } => format!("{}.printf", stream(err)),
        Builtin::Format => "String.format".into(),
        Builtin::NanoTime => "System.nanoTime".into(),
        Builtin::CurrentTimeMillis => "System.currentTimeMillis".into(),
        Builtin::ParseInt => "Integer.parseInt".into(),
        Builtin::ParseLong => "Long.parseLong".into(),
        Builtin::ParseFloat => "Float.parseFloat".into(),
        Builtin::ParseDouble => "Double.parseDouble".into(),
        Builtin::Math(f, p) => format!("Math.{}.{}", math_name(f), prim_suffix(p)),
        Builtin::IntegerBitCount => "Integer.bitCount".into(),
        Builtin::LongBitCount => "Long.bitCount".into(),
        Builtin::FloatToIntBits => "Float.floatToIntBits".into(),
        Builtin::DoubleToLongBits => "Double.doubleToLongBits".into(),
        Builtin::FloatIsNaN => "Float.isNaN".into(),
        Builtin::DoubleIsNaN => "Double.isNaN".into(),
        Builtin::RandomNew | Builtin::RandomNewSeeded => "new Random".into(),
        Builtin::RandomNextInt | Builtin::RandomNextIntBounded => "Random.nextInt".into(),
        Builtin::RandomNextLong => "Random.nextLong".into(),
        Builtin::RandomNextFloat => "Random.nextFloat".into(),
        Builtin::RandomNextDouble => "Random.nextDouble".into(),
        Builtin::RandomNextBoolean => "Random.nextBoolean".into(),
        Builtin::RandomNextGaussian => "Random.nextGaussian".into(),
        Builtin::SomdOffset => "Somd.offset".into(),
        Builtin::SomdGlobalLength => "Somd.globalLength".into(),
        Builtin::SomdRange => "Somd.range".into(),
        Builtin::SomdThaw => "Somd.thaw".into(),
        Builtin::TaskStart => "Task.start".into(),
        Builtin::TaskFinish => "Task.finish".into(),
    }
}

fn math_name(f: MathFn) -> &'static str {
    match f {
        MathFn::Abs => "abs",
        MathFn::Min => "min",
        MathFn::Max => "max",
        MathFn::Sqrt => "sqrt",
        MathFn::Cbrt => "cbrt",
        MathFn::Exp => "exp",
        MathFn::Log => "log",
        MathFn::Log10 => "log10",
        MathFn::Pow => "pow",
        MathFn::Sin => "sin",
        MathFn::Cos => "cos",
        MathFn::Tan => "tan",
        MathFn::Asin => "asin",
        MathFn::Acos => "acos",
        MathFn::Atan => "atan",
        MathFn::Atan2 => "atan2",
        MathFn::Sinh => "sinh",
        MathFn::Cosh => "cosh",
        MathFn::Tanh => "tanh",
        MathFn::Floor => "floor",
        MathFn::Ceil => "ceil",
        MathFn::Rint => "rint",
        MathFn::Round => "round",
        MathFn::Hypot => "hypot",
        MathFn::Signum => "signum",
        MathFn::ToRadians => "toRadians",
        MathFn::ToDegrees => "toDegrees",
    }
}

/// A constant as MIR text: `1`, `1L`, `1.5f`, `2.0d`, `10b`, `3s`, `'a'`, `"s"`.
pub(crate) fn const_text(c: &Const) -> String {
    match c {
        Const::Bool(b) => b.to_string(),
        Const::Byte(n) => format!("{n}b"),
        Const::Short(n) => format!("{n}s"),
        Const::Char(c) => match char::from_u32(u32::from(*c)) {
            Some(ch) if !ch.is_control() && ch != '\'' && ch != '\\' => format!("'{ch}'"),
            _ => format!("'\\u{c:04x}'"),
        },
        Const::Int(n) => n.to_string(),
        Const::Long(n) => format!("{n}L"),
        Const::Float(x) if x.is_finite() => format!("{x:?}f"),
        Const::Double(x) if x.is_finite() => format!("{x:?}d"),
        Const::Float(x) => format!("float({})", java_special(f64::from(*x))),
        Const::Double(x) => format!("double({})", java_special(*x)),
        Const::Str(s) => format!("{s:?}"),
        Const::Null => "null".to_string(),
    }
}

/// Java's name of a non-finite floating value.
fn java_special(x: f64) -> &'static str {
    if x.is_nan() {
        "NaN"
    } else if x > 0.0 {
        "Infinity"
    } else {
        "-Infinity"
    }
}

fn reduce_op(op: somd_syntax::ast::ReduceOp) -> &'static str {
    op.symbol()
}

struct Printer<'m> {
    module: &'m Module,
    out: &'m mut String,
}

impl Printer<'_> {
    fn ty(&self, ty: &Type) -> String {
        type_name(self.module, ty)
    }

    fn func_name(&self, id: FuncId) -> String {
        self.module
            .functions
            .get(id.0 as usize)
            .map(|f| f.name.clone())
            .unwrap_or_else(|| format!("fn#{}", id.0))
    }

    fn class_name(&self, id: ClassId) -> String {
        self.module
            .classes
            .get(id.0 as usize)
            .map(|c| c.name.clone())
            .unwrap_or_else(|| format!("class#{}", id.0))
    }

    fn module(&mut self) -> fmt::Result {
        for class in &self.module.classes {
            let fields: Vec<String> = class
                .fields
                .iter()
                .map(|f| {
                    let fin = if f.is_final { " final" } else { "" };
                    format!("{}: {}{fin}", f.name, self.ty(&f.ty))
                })
                .collect();
            let value = if class.is_value { " value" } else { "" };
            if fields.is_empty() {
                writeln!(self.out, "class {}{value} {{}}", class.name)?;
            } else {
                writeln!(self.out, "class {}{value} {{ {} }}", class.name, fields.join(", "))?;
            }
        }
        for field in &self.module.statics {
            let fin = if field.is_final { " final" } else { "" };
            let constant = field
                .constant
                .as_ref()
                .map(|c| format!(" = {}", const_text(c)))
                .unwrap_or_default();
            writeln!(
                self.out,
                "static {}.{}: {}{fin}{constant}",
                self.class_name(field.class),
                field.name,
                self.ty(&field.ty)
            )?;
        }
        if !self.module.static_init.is_empty() {
            let inits: Vec<String> =
                self.module.static_init.iter().map(|&f| self.func_name(f)).collect();
            writeln!(self.out, "static_init [{}]", inits.join(", "))?;
        }
        if let Some(main) = self.module.main {
            writeln!(self.out, "main {}", self.func_name(main))?;
        }
        for function in &self.module.functions {
            writeln!(self.out)?;
            self.function(function)?;
        }
        Ok(())
    }

    fn local(&self, f: &Function, id: LocalId) -> String {
        match f.locals.get(id.0 as usize) {
            Some(local) => format!("{}%{}", local.name, id.0),
            None => format!("?%{}", id.0),
        }
    }

    fn distribution(&self, f: &Function, d: &Distribution) -> String {
        match d {
            Distribution::Block => "block".to_string(),
            Distribution::Dim(k) => format!("dim={k}"),
            Distribution::View { halos, poly } => {
                let pairs: Vec<String> = halos.iter().map(|(b, a)| format!("<{b},{a}>")).collect();
                let kind = if *poly { "polyview" } else { "view" };
                format!("{kind}={}", pairs.join(","))
            }
            Distribution::User { class, bounds, args } => {
                let args: Vec<String> = args.iter().map(|&a| self.expr(f, a)).collect();
                format!(
                    "user {} via {}({})",
                    self.class_name(*class),
                    self.func_name(*bounds),
                    args.join(", ")
                )
            }
        }
    }

    /// A `reduce(..)` strategy as the printer shows it.
    fn reduction(&self, reduction: &Reduction) -> String {
        match reduction {
            Reduction::None => "none".to_string(),
            Reduction::Assemble => "assemble".to_string(),
            Reduction::Op(op) => reduce_op(*op).to_string(),
            Reduction::SelfCall { param } => format!("self: param {param}"),
            Reduction::Combine(func) => format!("combine {}", self.func_name(*func)),
            Reduction::CombineAll(func) => format!("combineAll {}", self.func_name(*func)),
        }
    }

    fn function(&mut self, f: &Function) -> fmt::Result {
        let params: Vec<String> = f
            .params
            .iter()
            .map(|&p| {
                let local = f.locals.get(p.0 as usize);
                let ty = local.map(|l| self.ty(&l.ty)).unwrap_or_default();
                let dist = local
                    .and_then(|l| l.dist.as_ref())
                    .map(|d| format!(" dist({})", self.distribution(f, d)))
                    .unwrap_or_default();
                format!("{}: {ty}{dist}", self.local(f, p))
            })
            .collect();
        let kind = match f.kind {
            FuncKind::Static => "static",
            FuncKind::Instance => "instance",
            FuncKind::Ctor => "ctor",
            FuncKind::StaticInit => "static_init",
        };
        let mut attrs = vec![kind.to_string()];
        if f.is_local {
            attrs.push("local".to_string());
        }
        if let Some(reduction) = &f.intermediate {
            attrs.push(format!("intermediate({})", self.reduction(reduction)));
        }
        if let Some(somd) = &f.somd {
            attrs.push(format!("somd reduce({})", self.reduction(&somd.reduction)));
        }
        writeln!(
            self.out,
            "fn {}({}) -> {} {} {{",
            f.name,
            params.join(", "),
            self.ty(&f.ret),
            attrs.join(" ")
        )?;
        let level = Level(1);
        let locals: Vec<String> = f
            .locals
            .iter()
            .enumerate()
            .map(|(idx, l)| {
                let mut text = format!("{}%{idx}: {}", l.name, self.ty(&l.ty));
                match l.kind {
                    LocalKind::This => text.push_str(" this"),
                    LocalKind::Param => text.push_str(" param"),
                    LocalKind::Temp => text.push_str(" temp"),
                    LocalKind::Var => {}
                }
                if l.shared {
                    text.push_str(" shared");
                }
                if let (Some(d), LocalKind::Var) = (&l.dist, l.kind) {
                    text.push_str(&format!(" dist({})", self.distribution(f, d)));
                }
                text
            })
            .collect();
        if !locals.is_empty() {
            writeln!(self.out, "{level}locals: {}", locals.join(", "))?;
        }
        self.block(f, level, &f.body)?;
        writeln!(self.out, "}}")
    }

    fn block(&mut self, f: &Function, level: Level, block: &Block) -> fmt::Result {
        for stmt in &block.stmts {
            self.stmt(f, level, stmt)?;
        }
        Ok(())
    }

    fn label(label: Option<LabelId>) -> String {
        label.map(|l| format!(" L{}", l.0)).unwrap_or_default()
    }

    fn stmt(&mut self, f: &Function, level: Level, stmt: &Stmt) -> fmt::Result {
        match stmt {
            Stmt::Let { local, init } => match init {
                Some(init) => {
                    writeln!(
                        self.out,
                        "{level}let {} = {}",
                        self.local(f, *local),
                        self.expr(f, *init)
                    )
                }
                None => writeln!(self.out, "{level}let {}", self.local(f, *local)),
            },
            Stmt::Expr(e) => writeln!(self.out, "{level}expr {}", self.expr(f, *e)),
            Stmt::If { cond, then_block, else_block } => {
                writeln!(self.out, "{level}if {} {{", self.expr(f, *cond))?;
                self.block(f, level.next(), then_block)?;
                if let Some(else_block) = else_block {
                    writeln!(self.out, "{level}}} else {{")?;
                    self.block(f, level.next(), else_block)?;
                }
                writeln!(self.out, "{level}}}")
            }
            Stmt::Loop { label, test, test_at_end, body, update } => {
                let label = Self::label(*label);
                let test = test.map(|t| self.expr(f, t));
                match (&test, test_at_end) {
                    (Some(t), false) => writeln!(self.out, "{level}loop{label} while {t} {{")?,
                    _ => writeln!(self.out, "{level}loop{label} {{")?,
                }
                self.block(f, level.next(), body)?;
                if !update.is_empty() {
                    let update: Vec<String> = update.iter().map(|&u| self.expr(f, u)).collect();
                    writeln!(self.out, "{level}}} update {{ {} }}", update.join("; "))?;
                } else {
                    match (&test, test_at_end) {
                        (Some(t), true) => writeln!(self.out, "{level}}} do_while {t}")?,
                        _ => writeln!(self.out, "{level}}}")?,
                    }
                }
                Ok(())
            }
            Stmt::Break(label) => writeln!(self.out, "{level}break{}", Self::label(*label)),
            Stmt::Continue(label) => writeln!(self.out, "{level}continue{}", Self::label(*label)),
            Stmt::Labeled { label, body } => {
                writeln!(self.out, "{level}labeled L{} {{", label.0)?;
                self.block(f, level.next(), body)?;
                writeln!(self.out, "{level}}}")
            }
            Stmt::Return(value) => match value {
                Some(v) => writeln!(self.out, "{level}return {}", self.expr(f, *v)),
                None => writeln!(self.out, "{level}return"),
            },
            Stmt::Block(block) => {
                writeln!(self.out, "{level}{{")?;
                self.block(f, level.next(), block)?;
                writeln!(self.out, "{level}}}")
            }
            Stmt::Sync { vars, reduce, body, .. } => {
                let mut head = String::from("sync");
                if let Some((op, local)) = reduce {
                    head.push_str(&format!(
                        " reduce({} {})",
                        reduce_op(*op),
                        self.local(f, *local)
                    ));
                }
                if !vars.is_empty() {
                    let vars: Vec<String> = vars.iter().map(|&v| self.local(f, v)).collect();
                    head.push_str(&format!(" ({})", vars.join(", ")));
                }
                writeln!(self.out, "{level}{head} {{")?;
                self.block(f, level.next(), body)?;
                writeln!(self.out, "{level}}}")
            }
            Stmt::ThrowUnderflow { .. } => writeln!(self.out, "{level}throw_underflow"),
        }
    }

    fn list(&self, f: &Function, items: &[ExprId]) -> String {
        items.iter().map(|&e| self.expr(f, e)).collect::<Vec<_>>().join(", ")
    }

    fn call_text(
        &self,
        f: &Function,
        what: &str,
        func: FuncId,
        receiver: Option<ExprId>,
        args: &[ExprId],
    ) -> String {
        let mut parts = Vec::new();
        if let Some(r) = receiver {
            parts.push(format!("recv={}", self.expr(f, r)));
        }
        parts.extend(args.iter().map(|&a| self.expr(f, a)));
        format!("{what} {}({})", self.func_name(func), parts.join(", "))
    }

    /// An expression as a nested term.
    fn expr(&self, f: &Function, id: ExprId) -> String {
        let Some(e) = f.exprs.get(id.0 as usize) else {
            return format!("?e{}", id.0);
        };
        match &e.kind {
            ExprKind::Const(c) => const_text(c),
            ExprKind::Local(l) => self.local(f, *l),
            ExprKind::Static(s) => match self.module.statics.get(s.0 as usize) {
                Some(field) => format!("@{}.{}", self.class_name(field.class), field.name),
                None => format!("@static#{}", s.0),
            },
            ExprKind::Field { object, class, index } => {
                let name = self
                    .module
                    .classes
                    .get(class.0 as usize)
                    .and_then(|c| c.fields.get(*index as usize))
                    .map(|fl| fl.name.clone())
                    .unwrap_or_else(|| format!("#{index}"));
                format!("field({}, {}.{name})", self.expr(f, *object), self.class_name(*class))
            }
            ExprKind::Index { array, index } => {
                format!("idx({}, {})", self.expr(f, *array), self.expr(f, *index))
            }
            ExprKind::Length(a) => format!("len({})", self.expr(f, *a)),
            ExprKind::Unary { op, operand } => {
                let name = match (op, &e.ty) {
                    (UnOp::Not, _) => "not".to_string(),
                    (UnOp::Neg, Type::Prim(p)) => format!("neg.{}", prim_suffix(*p)),
                    (UnOp::BitNot, Type::Prim(p)) => format!("bitnot.{}", prim_suffix(*p)),
                    (UnOp::Neg, _) => "neg".to_string(),
                    (UnOp::BitNot, _) => "bitnot".to_string(),
                };
                format!("{name}({})", self.expr(f, *operand))
            }
            ExprKind::Binary { op, lhs, rhs } => {
                format!("{}({}, {})", binop_name(*op), self.expr(f, *lhs), self.expr(f, *rhs))
            }
            ExprKind::Convert { operand } => {
                let from = f.exprs.get(operand.0 as usize).map(|o| &o.ty);
                match (from, &e.ty) {
                    (Some(Type::Prim(a)), Type::Prim(b)) => format!(
                        "{}2{}({})",
                        prim_letter(*a),
                        prim_letter(*b),
                        self.expr(f, *operand)
                    ),
                    _ => format!("convert<{}>({})", self.ty(&e.ty), self.expr(f, *operand)),
                }
            }
            ExprKind::Concat(parts) => format!("concat({})", self.list(f, parts)),
            ExprKind::Conditional { cond, then_expr, else_expr } => format!(
                "select({}, {}, {})",
                self.expr(f, *cond),
                self.expr(f, *then_expr),
                self.expr(f, *else_expr)
            ),
            ExprKind::Assign { target, value } => {
                format!("set({}, {})", self.expr(f, *target), self.expr(f, *value))
            }
            ExprKind::CompoundAssign { target, op, value } => format!(
                "set.{}<{}>({}, {})",
                binop_name(*op),
                self.ty(&e.ty),
                self.expr(f, *target),
                self.expr(f, *value)
            ),
            ExprKind::IncDec { target, delta, prefix } => {
                let what = match (*delta > 0, *prefix) {
                    (true, true) => "preinc",
                    (true, false) => "postinc",
                    (false, true) => "predec",
                    (false, false) => "postdec",
                };
                format!("{what}({})", self.expr(f, *target))
            }
            ExprKind::Call { func, receiver, args } => {
                self.call_text(f, "call", *func, *receiver, args)
            }
            ExprKind::SomdCall { func, receiver, args } => {
                self.call_text(f, "somd_call", *func, *receiver, args)
            }
            ExprKind::IntermediateReduce { func, receiver, args } => {
                self.call_text(f, "intermediate_reduce", *func, *receiver, args)
            }
            ExprKind::Builtin { builtin, args } => {
                format!("{}({})", builtin_name(*builtin), self.list(f, args))
            }
            ExprKind::New { class, ctor, args } => {
                let ctor = ctor.map(|c| format!(" via {}", self.func_name(c))).unwrap_or_default();
                format!("new {}{ctor}({})", self.class_name(*class), self.list(f, args))
            }
            ExprKind::NewArray { dims } => {
                format!("new_array<{}>({})", self.ty(&e.ty), self.list(f, dims))
            }
            ExprKind::ArrayLit(elems) => {
                format!("array<{}>[{}]", self.ty(&e.ty), self.list(f, elems))
            }
            ExprKind::Freeze(a) => format!("freeze<{}>({})", self.ty(&e.ty), self.expr(f, *a)),
            ExprKind::ValueArrayLit(elems) => {
                format!("value_array<{}>[{}]", self.ty(&e.ty), self.list(f, elems))
            }
            ExprKind::Map { func, args } => {
                let args: Vec<String> = args
                    .iter()
                    .map(|(a, kind)| {
                        let kind = match kind {
                            MapArg::Mapped => "mapped",
                            MapArg::Broadcast => "broadcast",
                        };
                        format!("{kind} {}", self.expr(f, *a))
                    })
                    .collect();
                format!("map {}({})", self.func_name(*func), args.join(", "))
            }
            ExprKind::ReduceArray { reducer, array } => {
                let op = match reducer {
                    ArrayReducer::Op(op) => reduce_op(*op).to_string(),
                    ArrayReducer::Func(func) => self.func_name(*func),
                };
                format!("reduce_array<{}>[{op}]({})", self.ty(&e.ty), self.expr(f, *array))
            }
            ExprKind::Task { func, ctor } => match ctor {
                None => format!("task {}", self.func_name(*func)),
                Some((class, ctor, args)) => {
                    let via =
                        ctor.map(|c| format!(" via {}", self.func_name(c))).unwrap_or_default();
                    format!(
                        "task {} on new {}{via}({})",
                        self.func_name(*func),
                        self.class_name(*class),
                        self.list(f, args)
                    )
                }
            },
            ExprKind::Connect { lhs, rhs } => {
                format!("connect({}, {})", self.expr(f, *lhs), self.expr(f, *rhs))
            }
            ExprKind::This => "this".to_string(),
        }
    }
}
