//! The spanned abstract syntax tree produced by the parser.
//!
//! The tree mirrors the source closely: names are unresolved identifiers and no types are
//! attached. Every expression carries an [`ExprId`] that is unique across all files of one
//! compilation, so later stages keep their results (types, resolved calls) in side tables
//! keyed by id instead of mutating the tree.
//!
//! Conventions:
//! - Every node that a diagnostic may point at has a `span` covering exactly its text.
//! - Array types are built outside-in: `float[[]][[4]]` is an unbounded value array
//!   whose elements are `float[[4]]`, just as `int[][]` is an array of `int[]`.
//! - Error recovery inserts [`ExprKind::Error`] / [`StmtKind::Error`] nodes where the
//!   source could not be parsed; the checker stays silent about them.

use somd_diag::{FileId, Span};
use std::cell::Cell;

/// Identity of an expression, unique within one compilation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ExprId(pub u32);

/// Identity of a declaration of a local variable or parameter, unique within one
/// compilation (used by the checker to key locals).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DeclId(pub u32);

/// Hands out fresh ids; one per compilation, shared by every file parsed in it.
#[derive(Debug, Default)]
pub struct IdGen {
    next: Cell<u32>,
}

impl IdGen {
    pub fn new() -> IdGen {
        IdGen::default()
    }

    fn bump(&self) -> u32 {
        let n = self.next.get();
        self.next.set(n.wrapping_add(1));
        n
    }

    pub fn expr(&self) -> ExprId {
        ExprId(self.bump())
    }

    pub fn decl(&self) -> DeclId {
        DeclId(self.bump())
    }
}

/// An identifier with its position.
#[derive(Clone, Debug, PartialEq)]
pub struct Ident {
    pub name: String,
    pub span: Span,
}

/// One parsed `.somd` file.
#[derive(Clone, Debug, PartialEq)]
pub struct CompilationUnit {
    pub file: FileId,
    pub classes: Vec<ClassDecl>,
}

/// `class C { .. }` or `value class C { .. }`.
#[derive(Clone, Debug, PartialEq)]
pub struct ClassDecl {
    pub modifiers: Modifiers,
    pub is_value: bool,
    pub name: Ident,
    pub members: Vec<Member>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Member {
    Field(FieldDecl),
    Method(MethodDecl),
    Constructor(ConstructorDecl),
}

/// Modifiers in source order. `reduce(..)` is a modifier and may appear among the others.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Modifiers {
    pub list: Vec<Modifier>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Modifier {
    pub kind: ModifierKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ModifierKind {
    Public,
    Private,
    Protected,
    Static,
    Final,
    /// Lime's `local`: the method is isolated (LANGUAGE.md §3.2).
    Local,
    /// `shared`, on a local variable inside a SOMD method (§2.5).
    Shared,
    /// `reduce(..)` on a method (§2.3).
    Reduce(ReduceStrategy),
}

impl Modifiers {
    pub fn has(&self, wanted: &ModifierKind) -> bool {
        self.list.iter().any(|m| &m.kind == wanted)
    }

    pub fn is_static(&self) -> bool {
        self.has(&ModifierKind::Static)
    }

    pub fn is_final(&self) -> bool {
        self.has(&ModifierKind::Final)
    }

    pub fn is_local(&self) -> bool {
        self.has(&ModifierKind::Local)
    }

    pub fn is_shared(&self) -> bool {
        self.has(&ModifierKind::Shared)
    }

    /// The first `reduce(..)` modifier, with its span.
    pub fn reduce(&self) -> Option<(&ReduceStrategy, Span)> {
        self.list.iter().find_map(|m| match &m.kind {
            ModifierKind::Reduce(strategy) => Some((strategy, m.span)),
            _ => None,
        })
    }
}

/// The binary operators usable in `reduce(op)`, `sync reduce(op)` and `op ! e`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReduceOp {
    Add,
    Sub,
    Mul,
    Min,
    Max,
    BitAnd,
    BitOr,
    BitXor,
    And,
    Or,
}

impl ReduceOp {
    pub fn symbol(self) -> &'static str {
        match self {
            ReduceOp::Add => "+",
            ReduceOp::Sub => "-",
            ReduceOp::Mul => "*",
            ReduceOp::Min => "min",
            ReduceOp::Max => "max",
            ReduceOp::BitAnd => "&",
            ReduceOp::BitOr => "|",
            ReduceOp::BitXor => "^",
            ReduceOp::And => "&&",
            ReduceOp::Or => "||",
        }
    }
}

/// What follows `reduce` in a method's modifiers.
#[derive(Clone, Debug, PartialEq)]
pub enum ReduceStrategy {
    Op(ReduceOp),
    /// `reduce(self)`.
    SelfCall,
    /// `reduce(C)`: class `C` has `combine` or `combineAll`.
    Class(Ident),
}

/// `int x = 1, y;` as a field.
#[derive(Clone, Debug, PartialEq)]
pub struct FieldDecl {
    pub modifiers: Modifiers,
    pub ty: TypeExpr,
    pub vars: Vec<VarDeclarator>,
    pub span: Span,
}

/// One name in a declaration, with its optional initializer. `int a[] = ..` style extra
/// brackets are folded into `ty` by the parser.
#[derive(Clone, Debug, PartialEq)]
pub struct VarDeclarator {
    pub id: DeclId,
    pub name: Ident,
    /// The declared type of this variable (the declaration's type, plus any brackets
    /// written after the name).
    pub ty: TypeExpr,
    pub init: Option<Expr>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct MethodDecl {
    pub modifiers: Modifiers,
    pub ret: TypeExpr,
    pub name: Ident,
    pub params: Vec<Param>,
    /// `None` for a declaration without a body (`;`), which the checker rejects.
    pub body: Option<Block>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ConstructorDecl {
    pub modifiers: Modifiers,
    pub name: Ident,
    pub params: Vec<Param>,
    pub body: Block,
    pub span: Span,
}

/// A formal parameter: `final dist(view = <1,1>) double[] a`.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub id: DeclId,
    pub modifiers: Modifiers,
    pub dist: Option<DistSpec>,
    pub ty: TypeExpr,
    pub name: Ident,
    pub span: Span,
}

/// A `dist` qualifier (§2.2).
#[derive(Clone, Debug, PartialEq)]
pub struct DistSpec {
    pub kind: DistKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum DistKind {
    /// `dist`: block partitioning of every dimension.
    Block,
    /// `dist(dim = k)`: partition only dimension `k` (1-based).
    Dim(Expr),
    /// `dist(view = <b,a>, ..)`: one `<before, after>` pair per dimension.
    View(Vec<HaloPair>),
    /// `dist(polyview = <b,a>, ..)`.
    PolyView(Vec<HaloPair>),
    /// `dist(P)` or `dist(P(e1, .., ek))`: a user strategy class.
    User { class: Ident, args: Vec<Expr> },
}

/// `<before, after>` in a view.
#[derive(Clone, Debug, PartialEq)]
pub struct HaloPair {
    pub before: Expr,
    pub after: Expr,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct TypeExpr {
    pub kind: TypeExprKind,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PrimType {
    Boolean,
    Byte,
    Short,
    Char,
    Int,
    Long,
    Float,
    Double,
}

#[derive(Clone, Debug, PartialEq)]
pub enum TypeExprKind {
    Void,
    /// `var`, only valid for a local variable with an initializer.
    Var,
    Prim(PrimType),
    /// A class name: user classes and the built-ins `String`, `Task`, `Random`, ...
    Named(Ident),
    /// `T[]`.
    Array(Box<TypeExpr>),
    /// `T[[]]` (bound `None`) or `T[[N]]`; `N` must be a constant expression.
    ValueArray(Box<TypeExpr>, Option<Box<Expr>>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    pub stmts: Vec<Stmt>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

/// A local variable declaration statement (also the init part of a `for`).
#[derive(Clone, Debug, PartialEq)]
pub struct LocalDecl {
    /// `final` and `shared` live here.
    pub modifiers: Modifiers,
    pub dist: Option<DistSpec>,
    pub ty: TypeExpr,
    pub vars: Vec<VarDeclarator>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum StmtKind {
    Local(LocalDecl),
    Expr(Expr),
    If {
        cond: Expr,
        then_branch: Box<Stmt>,
        else_branch: Option<Box<Stmt>>,
    },
    While {
        cond: Expr,
        body: Box<Stmt>,
    },
    DoWhile {
        body: Box<Stmt>,
        cond: Expr,
    },
    For {
        init: Vec<Stmt>,
        cond: Option<Expr>,
        update: Vec<Expr>,
        body: Box<Stmt>,
    },
    Break(Option<Ident>),
    Continue(Option<Ident>),
    Return(Option<Expr>),
    /// `throw e;` — only `throw new Underflow();` is meaningful (§3.1).
    Throw(Expr),
    Block(Block),
    Labeled {
        label: Ident,
        body: Box<Stmt>,
    },
    /// `sync { .. }`, `sync (g, h) { .. }`, `sync reduce(op) (x) { .. }` (§2.5).
    Sync(SyncStmt),
    /// `;`
    Empty,
    /// A statement that could not be parsed (already reported).
    Error,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SyncStmt {
    /// `sync reduce(op)`: the operator, with its span.
    pub reduce: Option<(ReduceOp, Span)>,
    /// The parenthesised variable list; empty when absent.
    pub vars: Vec<Ident>,
    pub body: Block,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub id: ExprId,
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Literal {
    /// An `int` literal; the value is already range-checked (`2147483648` only as the
    /// operand of unary minus, where the parser folds it).
    Int(i32),
    Long(i64),
    Float(f32),
    Double(f64),
    Char(u16),
    Bool(bool),
    Str(String),
    Null,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    /// `-e`
    Neg,
    /// `!e`
    Not,
    /// `~e`
    BitNot,
    PreInc,
    PreDec,
    PostInc,
    PostDec,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Shl,
    /// `>>`
    Shr,
    /// `>>>`
    UShr,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    BitAnd,
    BitOr,
    BitXor,
    And,
    Or,
}

impl BinaryOp {
    pub fn symbol(self) -> &'static str {
        match self {
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
            BinaryOp::Rem => "%",
            BinaryOp::Shl => "<<",
            BinaryOp::Shr => ">>",
            BinaryOp::UShr => ">>>",
            BinaryOp::Lt => "<",
            BinaryOp::Le => "<=",
            BinaryOp::Gt => ">",
            BinaryOp::Ge => ">=",
            BinaryOp::Eq => "==",
            BinaryOp::Ne => "!=",
            BinaryOp::BitAnd => "&",
            BinaryOp::BitOr => "|",
            BinaryOp::BitXor => "^",
            BinaryOp::And => "&&",
            BinaryOp::Or => "||",
        }
    }
}

/// The operator of a `!` reduction.
#[derive(Clone, Debug, PartialEq)]
pub enum ReduceOperator {
    Op(ReduceOp),
    /// `C.m ! e` (class `None` for an unqualified `m ! e`).
    Method {
        class: Option<Ident>,
        method: Ident,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    Literal(Literal),
    /// A simple name: a local, a field of the current class, or a class name used as the
    /// target of a static access. Resolved by the checker.
    Name(Ident),
    /// `e.name`; `C.name` for static fields (then `target` is a `Name`).
    Field {
        target: Box<Expr>,
        name: Ident,
    },
    /// `e[i]`.
    Index {
        target: Box<Expr>,
        index: Box<Expr>,
    },
    /// `m(..)`, `e.m(..)`, `C.m(..)`.
    Call {
        target: Option<Box<Expr>>,
        name: Ident,
        args: Vec<Expr>,
    },
    /// `new C(..)`.
    New {
        class: Ident,
        args: Vec<Expr>,
    },
    /// `new T[e1]..[ek][]..[]` or `new T[]..[]{..}`: `ty` is the whole array type, `dims`
    /// the given lengths of the leading dimensions, `init` the initializer.
    NewArray {
        ty: TypeExpr,
        dims: Vec<Expr>,
        init: Option<Vec<Expr>>,
    },
    /// `new T[[]](e)` (a frozen copy) — `ty` is the value-array type.
    NewValueArrayFrom {
        ty: TypeExpr,
        source: Box<Expr>,
    },
    /// `new T[[]]{..}` / `new T[[N]]{..}`.
    NewValueArrayLit {
        ty: TypeExpr,
        elems: Vec<Expr>,
    },
    /// `{a, b}` in an initializer position (field, local, or nested in another
    /// initializer); its type comes from the context.
    ArrayInit(Vec<Expr>),
    Unary {
        op: UnaryOp,
        operand: Box<Expr>,
    },
    Binary {
        op: BinaryOp,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
    },
    /// `target = value` (`op` `None`) or `target op= value`.
    Assign {
        op: Option<BinaryOp>,
        target: Box<Expr>,
        value: Box<Expr>,
    },
    Conditional {
        cond: Box<Expr>,
        then_expr: Box<Expr>,
        else_expr: Box<Expr>,
    },
    Cast {
        ty: TypeExpr,
        expr: Box<Expr>,
    },
    This,
    /// `this(..)`: a constructor running another constructor of its class on the object
    /// (Java's explicit constructor invocation; only as a constructor's first statement).
    ThisCall {
        args: Vec<Expr>,
    },
    /// `C @ m(..)` or `@ m(..)` (§3.4).
    Map {
        class: Option<Ident>,
        method: Ident,
        args: Vec<Expr>,
    },
    /// `op ! e` or `C.m ! e` (§3.5).
    Reduce {
        op: ReduceOperator,
        op_span: Span,
        operand: Box<Expr>,
    },
    /// `task C.m` (static worker).
    TaskStatic {
        class: Ident,
        method: Ident,
    },
    /// `task new C(args).m` (instance worker with its own object).
    TaskInstance {
        class: Ident,
        args: Vec<Expr>,
        method: Ident,
    },
    /// `t1 => t2`.
    Connect {
        lhs: Box<Expr>,
        rhs: Box<Expr>,
    },
    /// An expression that could not be parsed (already reported).
    Error,
}
