//! The checked program: the syntax trees plus side tables filled by the checker.
//!
//! This is the contract between the type checker (`resolve`, `typeck`), the SOMD/Lime rule
//! passes (`rules`) and the later stages (middle end, `somdc explain`). The trees are never
//! mutated; every fact the checker learns is stored here, keyed by handles:
//! [`ClassId`], [`MethodId`], [`FieldId`], [`CtorId`], [`ExprId`] and [`DeclId`].
//!
//! Architecture Invariant: after `check` returns without errors, every expression of every
//! method, constructor and field initializer has an entry in [`Program::expr_ty`], and every
//! call, name, field access, `new`, `@`, `!` and `task` expression has its resolution in the
//! corresponding table. With errors present, tables may be incomplete; no later stage runs.

use somd_diag::Span;
use somd_syntax::ast::{
    ClassDecl, CompilationUnit, ConstructorDecl, DeclId, DistSpec, ExprId, FieldDecl, Ident,
    MethodDecl, PrimType, ReduceStrategy, VarDeclarator,
};
use std::collections::HashMap;
use std::fmt;

/// Index into [`Program::classes`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ClassId(pub u32);

/// Index into [`Program::methods`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MethodId(pub u32);

/// Index into [`Program::fields`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FieldId(pub u32);

/// Index into [`Program::ctors`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CtorId(pub u32);

/// A semantic type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ty {
    Void,
    Prim(PrimType),
    /// The type of `null`.
    Null,
    String,
    /// A task or task graph (§3.1).
    Task,
    /// `java.util.Random`.
    Random,
    /// A user class or value class.
    Class(ClassId),
    /// `T[]`, mutable.
    Array(Box<Ty>),
    /// `T[[]]` (bound `None`) or `T[[N]]`, immutable (§3.3).
    ValueArray(Box<Ty>, Option<u32>),
    /// The type of an expression that already produced an error; compatible with
    /// everything so that one mistake yields one diagnostic.
    Error,
}

impl Ty {
    pub const BOOLEAN: Ty = Ty::Prim(PrimType::Boolean);
    pub const INT: Ty = Ty::Prim(PrimType::Int);
    pub const LONG: Ty = Ty::Prim(PrimType::Long);
    pub const FLOAT: Ty = Ty::Prim(PrimType::Float);
    pub const DOUBLE: Ty = Ty::Prim(PrimType::Double);

    pub fn is_array(&self) -> bool {
        matches!(self, Ty::Array(_))
    }

    /// Mutable or value array.
    pub fn is_any_array(&self) -> bool {
        matches!(self, Ty::Array(_) | Ty::ValueArray(..))
    }

    /// Element type of a mutable or value array.
    pub fn element(&self) -> Option<&Ty> {
        match self {
            Ty::Array(elem) | Ty::ValueArray(elem, _) => Some(elem),
            _ => None,
        }
    }

    /// Number of array dimensions (mutable or value) before a non-array element.
    /// The innermost element type and the dimensions as written, outermost first
    /// (`float[[]][[4]]`: rows of four, any number of them).
    pub fn dims(&self) -> (&Ty, String) {
        let mut dims = String::new();
        let mut t = self;
        loop {
            match t {
                Ty::Array(_) => dims.push_str("[]"),
                Ty::ValueArray(_, None) => dims.push_str("[[]]"),
                Ty::ValueArray(_, Some(n)) => dims.push_str(&format!("[[{n}]]")),
                _ => return (t, dims),
            }
            t = t.element().unwrap_or(t);
        }
    }

    pub fn rank(&self) -> usize {
        match self.element() {
            Some(elem) => 1 + elem.rank(),
            None => 0,
        }
    }

    pub fn is_numeric(&self) -> bool {
        matches!(self, Ty::Prim(p) if *p != PrimType::Boolean)
    }

    pub fn is_error(&self) -> bool {
        matches!(self, Ty::Error)
    }
}

/// Displays a type the way a diagnostic names it; user class names need the program, see
/// [`Program::ty_name`].
impl fmt::Display for Ty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ty::Void => f.write_str("void"),
            Ty::Prim(p) => f.write_str(prim_name(*p)),
            Ty::Null => f.write_str("null"),
            Ty::String => f.write_str("String"),
            Ty::Task => f.write_str("Task"),
            Ty::Random => f.write_str("Random"),
            Ty::Class(id) => write!(f, "class#{}", id.0),
            Ty::Array(_) | Ty::ValueArray(..) => {
                let (base, dims) = self.dims();
                write!(f, "{base}{dims}")
            }
            Ty::Error => f.write_str("{error}"),
        }
    }
}

pub fn prim_name(p: PrimType) -> &'static str {
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

/// Where a member's declaration is in the trees: `units[unit].classes[class].members[member]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MemberRef {
    pub unit: usize,
    pub class: usize,
    pub member: usize,
}

#[derive(Clone, Debug)]
pub struct ClassInfo {
    pub name: String,
    pub is_value: bool,
    /// `units[unit].classes[class]`.
    pub unit: usize,
    pub index: usize,
    pub span: Span,
    pub name_span: Span,
    pub fields: Vec<FieldId>,
    pub methods: Vec<MethodId>,
    pub ctors: Vec<CtorId>,
}

#[derive(Clone, Debug)]
pub struct FieldInfo {
    pub class: ClassId,
    pub name: String,
    pub ty: Ty,
    pub is_static: bool,
    /// Declared `final`, or a field of a value class (implicitly final).
    pub is_final: bool,
    /// The constant value for `static final` fields of primitive type with a constant
    /// initializer (used for `[[N]]` bounds and isolation: constants are readable from
    /// `local` methods).
    pub constant: Option<ConstValue>,
    pub decl: MemberRef,
    /// Index of the declarator within the field declaration (`int a, b;`).
    pub var: usize,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct ParamInfo {
    pub decl: DeclId,
    pub name: String,
    pub ty: Ty,
    pub dist: Option<DistSpec>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct MethodInfo {
    pub class: ClassId,
    pub name: String,
    pub params: Vec<ParamInfo>,
    pub ret: Ty,
    pub is_static: bool,
    /// Declared `local` (not inferred; inference lives in the rules' side tables).
    pub is_local: bool,
    pub reduce: Option<ReduceStrategy>,
    /// Span of the `reduce(..)` modifier, when present.
    pub reduce_span: Option<Span>,
    pub decl: MemberRef,
    pub span: Span,
    pub name_span: Span,
}

impl MethodInfo {
    /// A SOMD method has at least one `dist` parameter (§2).
    pub fn is_somd(&self) -> bool {
        self.params.iter().any(|p| p.dist.is_some())
    }
}

#[derive(Clone, Debug)]
pub struct CtorInfo {
    pub class: ClassId,
    pub params: Vec<ParamInfo>,
    pub decl: MemberRef,
    pub span: Span,
}

/// A compile-time constant (JLS §15.29, on the subset).
#[derive(Clone, Debug, PartialEq)]
pub enum ConstValue {
    Int(i32),
    Long(i64),
    Float(f32),
    Double(f64),
    Bool(bool),
    Char(u16),
    Str(String),
}

/// A local variable or parameter.
#[derive(Clone, Debug)]
pub struct LocalInfo {
    pub name: String,
    pub ty: Ty,
    pub span: Span,
    pub is_param: bool,
    pub is_final: bool,
    pub is_shared: bool,
    pub dist: Option<DistSpec>,
}

/// What a simple name or a field access denotes.
#[derive(Clone, Debug, PartialEq)]
pub enum NameRes {
    Local(DeclId),
    Field(FieldId),
    /// A user class used as the target of a static access (`C.f`, `C.m()`).
    Class(ClassId),
    /// A built-in class name: `Math`, `Integer`, `Long`, `Float`, `Double`, `System`,
    /// `Somd`, `Random`, `Underflow`, `String`.
    BuiltinClass(&'static str),
    /// `System.out` / `System.err`.
    PrintStream {
        err: bool,
    },
    /// `a.length` of a mutable or value array.
    ArrayLength,
    /// A built-in constant such as `Math.PI` or `Integer.MAX_VALUE`.
    BuiltinConst {
        class: &'static str,
        name: &'static str,
    },
}

/// What a call, `new`, `@`, `!` or `task` expression invokes.
#[derive(Clone, Debug, PartialEq)]
pub enum CallTarget {
    Method(MethodId),
    Ctor(CtorId),
    /// A built-in: `Math.sqrt`, `System.out.println`, `Somd.offset`, `Random.nextInt`,
    /// `Task.finish`, ...; `class` is the built-in class, `name` the method.
    Builtin {
        class: &'static str,
        name: &'static str,
    },
    /// `new C()` for a class with no declared constructor.
    DefaultCtor(ClassId),
}

/// How each argument of a `@` map is passed (§3.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MapArg {
    Mapped,
    Broadcast,
}

/// The checked program.
#[derive(Debug, Default)]
pub struct Program {
    pub units: Vec<CompilationUnit>,
    pub classes: Vec<ClassInfo>,
    pub fields: Vec<FieldInfo>,
    pub methods: Vec<MethodInfo>,
    pub ctors: Vec<CtorInfo>,
    pub class_by_name: HashMap<String, ClassId>,
    /// The class holding `public static void main(String[])`, when exactly one does.
    pub main: Option<MethodId>,
    /// Type of every expression.
    pub expr_ty: HashMap<ExprId, Ty>,
    /// Resolution of `Name` and `Field` expressions.
    pub names: HashMap<ExprId, NameRes>,
    /// Resolution of `Call`, `New`, `Map`, method-operator `Reduce`, `Task*` expressions.
    pub calls: HashMap<ExprId, CallTarget>,
    /// For every `Map` expression, how each argument is passed.
    pub map_args: HashMap<ExprId, Vec<MapArg>>,
    /// Locals and parameters by declaration.
    pub locals: HashMap<DeclId, LocalInfo>,
    /// Values of constant expressions that the checker folded (array bounds, `dim = k`,
    /// view pairs, `case`-like constants).
    pub constants: HashMap<ExprId, ConstValue>,
    /// For every `task new C(args).m` expression, the constructor it calls (the worker is
    /// in [`Program::calls`]).
    pub task_ctors: HashMap<ExprId, CallTarget>,
    /// For every `task` and `=>` expression (and every read of a `Task` local that was
    /// initialized with one and never reassigned) whose workers are known, the first and the
    /// last worker of the (composed) graph: the input of the first, the output of the last.
    pub task_ends: HashMap<ExprId, (MethodId, MethodId)>,
}

impl Program {
    pub fn class(&self, id: ClassId) -> &ClassInfo {
        &self.classes[id.0 as usize]
    }

    pub fn method(&self, id: MethodId) -> &MethodInfo {
        &self.methods[id.0 as usize]
    }

    pub fn field(&self, id: FieldId) -> &FieldInfo {
        &self.fields[id.0 as usize]
    }

    pub fn ctor(&self, id: CtorId) -> &CtorInfo {
        &self.ctors[id.0 as usize]
    }

    pub fn class_decl(&self, id: ClassId) -> &ClassDecl {
        let info = self.class(id);
        &self.units[info.unit].classes[info.index]
    }

    pub fn method_ids(&self) -> impl Iterator<Item = MethodId> {
        (0..self.methods.len() as u32).map(MethodId)
    }

    /// The declaration of a method.
    pub fn method_decl(&self, id: MethodId) -> Option<&MethodDecl> {
        let r = self.method(id).decl;
        match self.units.get(r.unit)?.classes.get(r.class)?.members.get(r.member)? {
            somd_syntax::ast::Member::Method(m) => Some(m),
            _ => None,
        }
    }

    pub fn ctor_decl(&self, id: CtorId) -> Option<&ConstructorDecl> {
        let r = self.ctor(id).decl;
        match self.units.get(r.unit)?.classes.get(r.class)?.members.get(r.member)? {
            somd_syntax::ast::Member::Constructor(c) => Some(c),
            _ => None,
        }
    }

    pub fn field_decl(&self, id: FieldId) -> Option<(&FieldDecl, &VarDeclarator)> {
        let info = self.field(id);
        let r = info.decl;
        match self.units.get(r.unit)?.classes.get(r.class)?.members.get(r.member)? {
            somd_syntax::ast::Member::Field(f) => Some((f, f.vars.get(info.var)?)),
            _ => None,
        }
    }

    pub fn ty_of(&self, expr: ExprId) -> &Ty {
        self.expr_ty.get(&expr).unwrap_or(&Ty::Error)
    }

    /// A type as diagnostics name it, with user class names.
    pub fn ty_name(&self, ty: &Ty) -> String {
        match ty {
            Ty::Class(id) => {
                self.classes.get(id.0 as usize).map(|c| c.name.clone()).unwrap_or_default()
            }
            Ty::Array(_) | Ty::ValueArray(..) => {
                let (base, dims) = ty.dims();
                format!("{}{dims}", self.ty_name(base))
            }
            other => other.to_string(),
        }
    }

    /// `Class.method` for diagnostics and `explain`.
    pub fn method_path(&self, id: MethodId) -> String {
        let m = self.method(id);
        format!("{}.{}", self.class(m.class).name, m.name)
    }

    pub fn ident_span(ident: &Ident) -> Span {
        ident.span
    }
}
