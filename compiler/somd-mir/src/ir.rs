//! The middle-end IR (MIR): the specification.
//!
//! MIR is what both back ends consume. It is lowered from the checked program
//! (`somd_sema::Program`) by `lower`, checked by `verify` and printed by `print`.
//!
//! # Shape
//! A [`Module`] holds classes, static fields and [`Function`]s, addressed by typed handles
//! ([`ClassId`], [`StaticId`], [`FuncId`]; the numbering of classes follows `somd_sema`'s
//! `ClassId`). Each function owns two arenas: its locals ([`LocalId`]) and its expressions
//! ([`ExprId`]); statements form a structured tree ([`Block`], [`Stmt`]) that refers to
//! expressions by handle. Control flow stays structured (loops, `if`, labelled
//! `break`/`continue`) because both targets, Rust and OpenCL C, are structured languages.
//!
//! # Everything is explicit
//! - **Types.** Every expression has a [`Type`]. Java's implicit conversions (numeric
//!   promotion, widening on assignment and in calls, the narrowing of compound assignment,
//!   string conversion in concatenation) are [`ExprKind::Convert`] nodes or explicit
//!   [`ExprKind::Concat`] parts: after lowering, the operands of a [`BinOp`] have exactly the
//!   operand type the operator names (`BinOp { kind, ty }`), except shifts, whose count is
//!   `int` or `long` as written (the back end masks it).
//! - **Checks.** Every operation that can throw carries the span of the construct that
//!   Java blames: array indexing, integer `/` and `%`, `new T[n]`, field access through a
//!   possibly-null reference, value-array bounds, `@` length mismatch. Back ends turn spans
//!   into `file:LINE:COL`.
//! - **Evaluation order** is Java's: left to right; for `a[i] op= v` the array and index are
//!   evaluated once, before `v`. Back ends must preserve this (introduce temporaries).
//! - **Resolution.** Calls name their [`FuncId`] (overloads resolved); built-ins are
//!   [`Builtin`] values; fields are [`FieldRef`]s.
//! - **Constants.** Only what Java folds (JLS §15.29) is folded: constant expressions,
//!   including references to constant variables (`static final int N = 10`, `final` locals
//!   with constant initializers), become [`ExprKind::Const`] of the expression's type; an
//!   assignment-context narrowing of a constant (`byte b = 10`) is a `Const` of the target
//!   type. Nothing else is folded, so run-time exceptions stay at run time.
//! - **Objects.** `new C(..)` names the constructor. A class without a declared
//!   constructor gets a synthesized `FuncKind::Ctor` function `C.<init>` without
//!   parameters when it has instance field initializers (its body is those initializers);
//!   `New { ctor: None }` is used only when there is nothing to run (all fields start at
//!   their default values). Static field initializers are one `FuncKind::StaticInit`
//!   function `C.<clinit>` per class that has any, listed in [`Module::static_init`].
//! - **Built-in receivers.** [`Builtin`]s that Java calls on an object (`Random` methods,
//!   `Task.start`/`finish`) take the receiver as their first argument.
//!
//! # Parallel constructs
//! - A **SOMD function** has `somd: Some(SomdSig)`: the `dist` parameters with their
//!   [`Distribution`], and the [`Reduction`] of partial results. Calling it is
//!   [`ExprKind::SomdCall`]: Distribute (split every `dist` argument), Map (run the body as
//!   one *method instance* per partition; inside the body a `dist` parameter *is* the
//!   partition, its indices local, `length` the local length), Reduce (combine).
//!   User-strategy arguments ([`Distribution::User`]) are expressions of the callee's arena
//!   over the callee's parameters, evaluated once on the whole values before splitting.
//! - Inside a SOMD body: [`ExprKind::IntermediateReduce`] is a call to a `reduce(op)`
//!   function without `dist` parameters: every MI calls it on its data and continues with
//!   the all-reduced value. [`Stmt::Sync`] is a barrier after its block, refreshing halos of
//!   the named (or all) `dist` variables and all-reducing the `reduce` shared scalar.
//!   `shared` locals are ordinary locals marked [`Local::shared`]; each MI has its copy.
//!   [`Builtin::SomdOffset`] / [`Builtin::SomdGlobalLength`] read the partition geometry.
//!   A `dist` local ([`Local::dist`]) is partitioned like the array its length came from.
//! - **Map** [`ExprKind::Map`]: apply a `static local` function element-wise; each argument
//!   is mapped or broadcast; the result is a value array.
//! - **Reduce** [`ExprKind::ReduceArray`]: combine an array's elements with an associative
//!   operator or a `static local` function.
//! - **Tasks** [`ExprKind::Task`], [`ExprKind::Connect`] build graphs; [`Builtin::TaskStart`]
//!   / [`Builtin::TaskFinish`] run them; [`Stmt::ThrowUnderflow`] ends a source.
//!
//! # Aliasing
//! Mutable arrays and objects are references (Java semantics): assigning an array copies
//! the reference. Value arrays and value-class instances are immutable and compare by value.
//! Arguments to SOMD calls are passed **by value** (LANGUAGE.md §2.1): a back end copies an
//! array argument only if the callee body writes it (the analysis tells which).
//!
//! # Invariants checked by `verify`
//! - every handle is in range; every expression is used by exactly one parent;
//! - operand types of `Binary`/`Unary` equal the operator's type (shift counts excepted);
//!   `Convert` is between distinct primitive types; conditions are `boolean`;
//! - `Assign`/`CompoundAssign`/`IncDec` targets are places (local, field, array element);
//! - `break`/`continue` labels refer to enclosing loops; `Sync` and `IntermediateReduce`
//!   only in SOMD functions (or functions reachable only from them).

use somd_diag::Span;
use somd_syntax::ast::{PrimType, ReduceOp};

/// A class; same numbering as `somd_sema::model::ClassId`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ClassId(pub u32);

/// A function (method, constructor or static initializer) of the module.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FuncId(pub u32);

/// A static field of the module.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StaticId(pub u32);

/// A local (parameter, variable or compiler temporary) of one function.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LocalId(pub u32);

/// An expression in one function's arena.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ExprId(pub u32);

/// A loop label within one function.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LabelId(pub u32);

/// A MIR type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    Void,
    Prim(PrimType),
    /// The type of `null` (only as the type of a `null` constant).
    Null,
    String,
    Task,
    Random,
    /// An instance of a user class or value class.
    Object(ClassId),
    /// `T[]`, a mutable array reference (may be null).
    Array(Box<Type>),
    /// `T[[]]` / `T[[N]]`, an immutable array.
    ValueArray(Box<Type>, Option<u32>),
}

impl Type {
    /// Whether this is an array of bounded rows (`T[[]][[N]]`, `T[[N]][]`): the rows' length
    /// is part of their type, so a partition splits its rows only (the checker refuses a
    /// `dist` qualifier naming that dimension, E0310; block partitions lower to `dim = 1`).
    pub fn has_bounded_rows(&self) -> bool {
        matches!(self, Type::Array(row) | Type::ValueArray(row, _)
            if matches!(**row, Type::ValueArray(_, Some(_))))
    }
}

/// A compile-time constant.
#[derive(Clone, Debug, PartialEq)]
pub enum Const {
    Bool(bool),
    Byte(i8),
    Short(i16),
    Char(u16),
    Int(i32),
    Long(i64),
    Float(f32),
    Double(f64),
    Str(String),
    Null,
}

#[derive(Clone, Debug, Default)]
pub struct Module {
    /// Display names of the source files, indexed by `somd_diag::FileId`.
    pub files: Vec<String>,
    pub classes: Vec<Class>,
    pub statics: Vec<StaticField>,
    pub functions: Vec<Function>,
    /// `public static void main(String[] args)`.
    pub main: Option<FuncId>,
    /// Static field initializers, run once at program start in declaration order (source
    /// order of files, then classes, then fields). See note in `docs/notes/static-init.md`.
    pub static_init: Vec<FuncId>,
    /// Internal inconsistencies met while lowering (a table entry of the checked program
    /// missing). Lowering still produces a well-typed placeholder; `verify` reports every
    /// entry as an error. Always empty for a consistent checked program.
    pub internal_errors: Vec<InternalError>,
    /// The helper calls `inline_helpers` wrote into their callers, for `explain`.
    pub inlined: Vec<Inlined>,
    /// The host loops `outline_loops` made SOMD methods of their own.
    pub outlined: Vec<Outlined>,
    /// The last parts of split host loops that `outline_loops` kept on the host, for
    /// `explain`.
    pub host_parts: Vec<HostPart>,
    /// The host loops reading SOMD results that `outline_loops` left as written, for
    /// `explain`.
    pub host_loops: Vec<HostLoop>,
}

/// A host loop reading the elements of an array that statements give SOMD results, which
/// `outline_loops` left as written (where the array holds a result then, it comes down for
/// the loop).
#[derive(Clone, Debug)]
pub struct HostLoop {
    pub caller: FuncId,
    /// Where the loop is (its index's declaration or assignment).
    pub span: Span,
    /// The caller's array, given SOMD results by some statement, that the loop reads.
    pub result: LocalId,
    /// Why it is no SOMD method, in words, and the construct's position where there is one.
    pub why: String,
    pub at: Option<Span>,
}

/// The last part of a host loop that `outline_loops` split, kept on the host after the
/// parts made methods: a reduction no method runs in Java's order (a floating-point sum).
#[derive(Clone, Debug)]
pub struct HostPart {
    pub caller: FuncId,
    /// Where the loop was.
    pub span: Span,
    /// The caller's local the part reduces into.
    pub accumulator: LocalId,
}

/// A host loop that lowering made a SOMD method (`outline_loops`): `func` runs it, and its
/// CPU path runs the loop as written over the whole arrays, its index range split among
/// MIs.
#[derive(Clone, Debug)]
pub struct Outlined {
    pub caller: FuncId,
    pub func: FuncId,
    /// Where the loop was.
    pub span: Span,
    /// The caller's local a reduction loop gives its value (the method's `reduce(op)`
    /// combines with); `None` for a loop writing an array.
    pub accumulator: Option<LocalId>,
    /// `func`'s loop index, whose range the CPU path splits.
    pub index: LocalId,
    /// The loop's constant step, negative where it steps down (`for (int i = hi; i >= lo;
    /// i--)`): the CPU path's first MI then takes the top of the range, and each MI starts
    /// at the first index of its share that the step reaches from the loop's start.
    pub step: i32,
}

impl Outlined {
    /// Whether the loop steps down.
    pub fn down(&self) -> bool {
        self.step < 0
    }
}

/// A call of a small helper that lowering wrote into its caller (`inline_helpers`).
#[derive(Clone, Debug)]
pub struct Inlined {
    pub caller: FuncId,
    pub helper: FuncId,
    /// Where the call was.
    pub span: Span,
}

/// A compiler bug found while lowering, reported by `verify`.
#[derive(Clone, Debug)]
pub struct InternalError {
    /// The function being lowered (`Class.method`), or the class for class-level facts.
    pub function: String,
    pub message: String,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Class {
    pub name: String,
    pub is_value: bool,
    /// Instance fields in declaration order.
    pub fields: Vec<InstanceField>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct InstanceField {
    pub name: String,
    pub ty: Type,
    pub is_final: bool,
}

#[derive(Clone, Debug)]
pub struct StaticField {
    pub class: ClassId,
    pub name: String,
    pub ty: Type,
    pub is_final: bool,
    /// The value of a compile-time constant field (inlined by back ends).
    pub constant: Option<Const>,
    pub span: Span,
}

/// A field reference: static, or instance field `index` of `class`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FieldRef {
    Static(StaticId),
    Instance { class: ClassId, index: u32 },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FuncKind {
    Static,
    /// An instance method; local 0 is `this`.
    Instance,
    /// A constructor; local 0 is `this`, already allocated with default field values;
    /// field initializers have been prepended to the body.
    Ctor,
    /// The initializer of static fields; no parameters, returns `void`.
    StaticInit,
}

#[derive(Clone, Debug)]
pub struct Function {
    /// `Class.method` (constructors: `Class.<init>`), for printing and diagnostics.
    pub name: String,
    pub class: ClassId,
    pub kind: FuncKind,
    /// Parameters, in order (excluding `this`, which is `LocalId(0)` when present).
    pub params: Vec<LocalId>,
    pub ret: Type,
    pub locals: Vec<Local>,
    pub exprs: Vec<Expr>,
    pub labels: u32,
    pub body: Block,
    /// Declared `local` (isolation is inferred separately).
    pub is_local: bool,
    /// `Some` for a SOMD function (at least one `dist` parameter).
    pub somd: Option<SomdSig>,
    /// The `reduce(..)` strategy of a function without `dist` parameters (an operator, a
    /// class's `combine` or `combineAll`, or `self`): an intermediate reduction when called
    /// inside a method instance.
    pub intermediate: Option<Reduction>,
    /// Loops that `first_match` made from searches: each stops once its iteration is done
    /// and the local holds anything but its "no match" value ([`EarlyExit`]). A back end
    /// that runs the loop as written must stop there (the Rust writer does): the iterations
    /// after it change nothing while the index stays below the bound, but a search stepping
    /// by more than 1 may wrap its index past `Integer.MAX_VALUE` and go on, which Java
    /// never reaches after its `break`. A device runs only the iterations below the bound (a wrapping
    /// one goes to the CPU), where stopping is a choice.
    pub early_exits: Vec<EarlyExit>,
    /// `s += x` on a `String` place is `s = s + x`, an `Assign` whose `Concat`'s first
    /// operand reads the target again: those operands. Java evaluates the place once (the
    /// array and index, the receiver), then reads it; a back end writing the `Assign` as it
    /// stands would evaluate an index with an effect (`a[i++] += "x"`) twice.
    pub rereads: Vec<ExprId>,
    /// The `toString()` methods the function calls without naming them: an object of a
    /// class declaring one, converted to text by a concatenation, `print`/`println` or a
    /// format argument (Java calls it there), with the conversion's position. Analyses that
    /// follow calls follow these too (`isolation::callees`, `init_order`).
    pub to_strings: Vec<(FuncId, Span)>,
    pub span: Span,
}

/// A search loop rewritten by `first_match`: the loop whose test is `test` ends after the
/// iteration that leaves `first` other than `no_match` (`Integer.MAX_VALUE`, or
/// `Integer.MIN_VALUE` for a loop stepping down: [`Function::early_exits`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EarlyExit {
    pub test: ExprId,
    pub first: LocalId,
    pub no_match: i32,
    /// The search's own test (`a[i] < 0` of `if (a[i] < 0) { ..; break; }`).
    pub cond: ExprId,
    /// The loop's index, whose matching value `first` holds.
    pub index: LocalId,
    /// The local holding what the matching iteration returns (`result_i`), for a search
    /// written `if (test) { ..; return p; }`.
    pub result: Option<LocalId>,
}

#[derive(Clone, Debug)]
pub struct Local {
    pub name: String,
    pub ty: Type,
    pub kind: LocalKind,
    /// A `dist` variable (parameter or local) and how it is partitioned.
    pub dist: Option<Distribution>,
    /// A `shared` scalar of a SOMD body.
    pub shared: bool,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LocalKind {
    This,
    Param,
    Var,
    /// Introduced by lowering (never visible in the source).
    Temp,
}

/// A SOMD function's signature-level facts.
#[derive(Clone, Debug)]
pub struct SomdSig {
    /// The `dist` parameters: index into `Function::params` and distribution.
    pub dist_params: Vec<(usize, Distribution)>,
    pub reduction: Reduction,
}

/// How an array is partitioned (LANGUAGE.md §2.2).
#[derive(Clone, Debug, PartialEq)]
pub enum Distribution {
    /// Block partitioning of every dimension.
    Block,
    /// Only dimension `dim` (1-based).
    Dim(u32),
    /// Block partitioning with halos `(before, after)` per dimension; `poly` includes corners.
    View { halos: Vec<(u32, u32)>, poly: bool },
    /// A user strategy: `bounds(length, parts, args..)`; `args` are expressions in the
    /// callee's arena, evaluated in the caller's context over the whole parameter values.
    User { class: ClassId, bounds: FuncId, args: Vec<ExprId> },
}

/// How the partial results of a SOMD call are combined (LANGUAGE.md §2.3).
#[derive(Clone, Debug, PartialEq)]
pub enum Reduction {
    /// `void` SOMD method: nothing to combine.
    None,
    /// Array result without `reduce`: concatenate along the partitioned dimensions.
    Assemble,
    Op(ReduceOp),
    /// `reduce(self)`: call the function itself with the array of partials as argument
    /// `param` (the others get the caller's arguments).
    SelfCall {
        param: usize,
    },
    /// `reduce(C)` with `static R combine(R, R)`.
    Combine(FuncId),
    /// `reduce(C)` with `static R combineAll(R[])`.
    CombineAll(FuncId),
}

#[derive(Clone, Debug, Default)]
pub struct Block {
    pub stmts: Vec<Stmt>,
}

#[derive(Clone, Debug)]
pub enum Stmt {
    /// Declares a local (in scope until the end of the enclosing block).
    Let {
        local: LocalId,
        init: Option<ExprId>,
    },
    /// An expression evaluated for its effect.
    Expr(ExprId),
    If {
        cond: ExprId,
        then_block: Block,
        else_block: Option<Block>,
    },
    /// All loops. `for (init; cond; update) body` lowers to a block holding `init` then a
    /// `Loop` with `test: Some(cond)` and `update`; `do { } while (c)` has `test_at_end`.
    /// `continue` jumps to `update`.
    Loop {
        label: Option<LabelId>,
        test: Option<ExprId>,
        test_at_end: bool,
        body: Block,
        update: Vec<ExprId>,
    },
    /// `break` of the innermost loop (`None`) or of a labelled statement.
    Break(Option<LabelId>),
    Continue(Option<LabelId>),
    /// A labelled non-loop statement (only `break label` can target it).
    Labeled {
        label: LabelId,
        body: Block,
    },
    Return(Option<ExprId>),
    Block(Block),
    /// `sync [reduce(op) (x)] [(vars)] { body }`: run, then barrier; halos of `vars` (all
    /// `dist` locals when empty) are refreshed; `reduce` all-reduces the shared scalar.
    Sync {
        vars: Vec<LocalId>,
        reduce: Option<(ReduceOp, LocalId)>,
        body: Block,
        span: Span,
    },
    /// `throw new Underflow();` in a source task.
    ThrowUnderflow {
        span: Span,
    },
}

#[derive(Clone, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    pub ty: Type,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnOp {
    /// Arithmetic negation on `int`, `long`, `float`, `double` (wrapping for integers).
    Neg,
    /// `!` on boolean.
    Not,
    /// `~` on `int`/`long`.
    BitNot,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOpKind {
    Add,
    Sub,
    Mul,
    /// Integer division throws `ArithmeticException` on zero; `MIN / -1 == MIN`.
    Div,
    Rem,
    Shl,
    Shr,
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
    /// Short-circuit `&&` / `||` on booleans.
    And,
    Or,
}

/// A binary operator at an operand type: `ty` is the (promoted) type of both operands
/// (for shifts, of the left operand). Comparison results are `boolean`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BinOp {
    pub kind: BinOpKind,
    pub ty: PrimOrRef,
}

/// Operand type of a binary operator: a primitive, or a reference for `==`/`!=` on objects,
/// arrays, strings (identity) and value types (by value).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PrimOrRef {
    Prim(PrimType),
    /// Identity comparison of mutable arrays, objects, tasks, `null`.
    Ref,
    /// Field-by-field / element-by-element comparison of value classes and value arrays.
    Value,
}

/// How `@` passes one argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MapArg {
    Mapped,
    Broadcast,
}

/// The operator of a `!` reduction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArrayReducer {
    Op(ReduceOp),
    Func(FuncId),
}

/// Built-in functions and constants. Arguments are already converted to the parameter
/// types listed here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Builtin {
    // Output. `Print*` take one argument of any printable type (or none for `Println0`);
    // the back end formats it as Java's `String.valueOf`.
    Print {
        err: bool,
    },
    Println {
        err: bool,
    },
    Println0 {
        err: bool,
    },
    /// `printf(fmt, args..)`; arguments are boxed as Java would (`int` stays `int`, ...).
    Printf {
        err: bool,
    },
    /// `String.format(fmt, args..)` -> String.
    Format,
    NanoTime,
    CurrentTimeMillis,
    // Parsing: (String) -> the type.
    ParseInt,
    ParseLong,
    ParseFloat,
    ParseDouble,
    // Math. `ty` is the operand type of overloaded functions.
    Math(MathFn, PrimType),
    IntegerBitCount,
    LongBitCount,
    FloatToIntBits,
    DoubleToLongBits,
    FloatIsNaN,
    DoubleIsNaN,
    // Random.
    RandomNew,
    RandomNewSeeded,
    RandomNextInt,
    RandomNextIntBounded,
    RandomNextLong,
    RandomNextFloat,
    RandomNextDouble,
    RandomNextBoolean,
    RandomNextGaussian,
    // SOMD geometry: (array[, dim]) -> int.
    SomdOffset,
    SomdGlobalLength,
    /// `Somd.range(n)` -> `int[[]]` (never materialised inside `@` where avoidable).
    SomdRange,
    /// `Somd.thaw(v)` -> a fresh mutable copy.
    SomdThaw,
    // Tasks.
    TaskStart,
    TaskFinish,
}

impl Builtin {
    /// A function of its scalar arguments alone that cannot fail: `Math`'s, and the
    /// `bitCount`, bit-pattern and `isNaN` built-ins of `Integer`, `Long`, `Float` and
    /// `Double`.
    pub fn is_scalar_function(self) -> bool {
        matches!(
            self,
            Builtin::Math(..)
                | Builtin::IntegerBitCount
                | Builtin::LongBitCount
                | Builtin::FloatToIntBits
                | Builtin::DoubleToLongBits
                | Builtin::FloatIsNaN
                | Builtin::DoubleIsNaN
        )
    }

    /// Writing to standard output or error (`print`, `println`, `printf`).
    pub fn is_output(self) -> bool {
        matches!(
            self,
            Builtin::Print { .. }
                | Builtin::Println { .. }
                | Builtin::Println0 { .. }
                | Builtin::Printf { .. }
        )
    }

    /// A draw from a `Random` (its first argument), which advances that generator.
    pub fn is_random_draw(self) -> bool {
        matches!(
            self,
            Builtin::RandomNextInt
                | Builtin::RandomNextIntBounded
                | Builtin::RandomNextLong
                | Builtin::RandomNextFloat
                | Builtin::RandomNextDouble
                | Builtin::RandomNextBoolean
                | Builtin::RandomNextGaussian
        )
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MathFn {
    Abs,
    Min,
    Max,
    Sqrt,
    Cbrt,
    Exp,
    Log,
    Log10,
    Pow,
    Sin,
    Cos,
    Tan,
    Asin,
    Acos,
    Atan,
    Atan2,
    Sinh,
    Cosh,
    Tanh,
    Floor,
    Ceil,
    Rint,
    Round,
    Hypot,
    Signum,
    ToRadians,
    ToDegrees,
}

#[derive(Clone, Debug)]
pub enum ExprKind {
    Const(Const),
    Local(LocalId),
    /// A static field (constants are already `Const`).
    Static(StaticId),
    /// `object.field`; throws `NullPointerException` on null.
    Field {
        object: ExprId,
        class: ClassId,
        index: u32,
    },
    /// `array[index]` (mutable or value array); bounds-checked.
    Index {
        array: ExprId,
        index: ExprId,
    },
    /// `array.length`.
    Length(ExprId),
    Unary {
        op: UnOp,
        operand: ExprId,
    },
    Binary {
        op: BinOp,
        lhs: ExprId,
        rhs: ExprId,
    },
    /// Numeric conversion with Java's semantics (widening, or narrowing with truncation,
    /// NaN → 0 and saturation for floating → integral).
    Convert {
        operand: ExprId,
    },
    /// String concatenation: each part is converted with `String.valueOf` semantics.
    Concat(Vec<ExprId>),
    /// `cond ? a : b`.
    Conditional {
        cond: ExprId,
        then_expr: ExprId,
        else_expr: ExprId,
    },
    /// `target = value`; `target` is a place. The value of the expression is the new value.
    Assign {
        target: ExprId,
        value: ExprId,
    },
    /// `target op= value`: `target = (T)(target op value)`, target evaluated once; `op` is
    /// at the promoted type; the result is converted back to the target type.
    CompoundAssign {
        target: ExprId,
        op: BinOp,
        value: ExprId,
    },
    /// `++x`, `x--`, ...: `delta` is +1 or -1; `prefix` says which value is produced.
    IncDec {
        target: ExprId,
        delta: i8,
        prefix: bool,
    },
    /// An ordinary call. `receiver` is `Some` for instance methods.
    Call {
        func: FuncId,
        receiver: Option<ExprId>,
        args: Vec<ExprId>,
    },
    /// A call of a SOMD function: distribute, map, reduce.
    SomdCall {
        func: FuncId,
        receiver: Option<ExprId>,
        args: Vec<ExprId>,
    },
    /// Inside a method instance: call `func` (which has an `intermediate` strategy) on this
    /// MI's data, all-reduce the results across MIs with that strategy.
    IntermediateReduce {
        func: FuncId,
        receiver: Option<ExprId>,
        args: Vec<ExprId>,
    },
    Builtin {
        builtin: Builtin,
        args: Vec<ExprId>,
    },
    /// `new C(args)`; `ctor` is `None` for the implicit default constructor.
    New {
        class: ClassId,
        ctor: Option<FuncId>,
        args: Vec<ExprId>,
    },
    /// `new T[d0]..[dk-1][]..`: the whole array type is the expression's type; `dims` are
    /// the given lengths; negative lengths throw `NegativeArraySizeException`.
    NewArray {
        dims: Vec<ExprId>,
    },
    /// `{a, b}` / `new T[]{a, b}` with the expression's (array) type.
    ArrayLit(Vec<ExprId>),
    /// `new T[[]](array)`: a frozen deep copy; `[[N]]` bounds checked.
    /// The operand may also be a value array, from a cast `(T[[N]]) v` between value
    /// array types that differ in their bounds: then only the bounds are checked (a back end
    /// may return the same value, since value arrays are immutable).
    Freeze(ExprId),
    /// `new T[[N]]{..}`.
    ValueArrayLit(Vec<ExprId>),
    /// `C @ m(args)`.
    Map {
        func: FuncId,
        args: Vec<(ExprId, MapArg)>,
    },
    /// `op ! array`.
    ReduceArray {
        reducer: ArrayReducer,
        array: ExprId,
    },
    /// `task C.m` (`ctor_args: None`) or `task new C(args).m`.
    Task {
        func: FuncId,
        ctor: Option<(ClassId, Option<FuncId>, Vec<ExprId>)>,
    },
    /// `t1 => t2`.
    Connect {
        lhs: ExprId,
        rhs: ExprId,
    },
    /// `this` (local 0 of an instance method or constructor).
    This,
}

impl Function {
    pub fn expr(&self, id: ExprId) -> &Expr {
        &self.exprs[id.0 as usize]
    }

    pub fn local(&self, id: LocalId) -> &Local {
        &self.locals[id.0 as usize]
    }

    pub fn is_somd(&self) -> bool {
        self.somd.is_some()
    }

    /// Appends an expression to the arena (for passes that rewrite a lowered function).
    pub fn push_expr(&mut self, kind: ExprKind, ty: Type, span: Span) -> ExprId {
        self.exprs.push(Expr { kind, ty, span });
        ExprId(self.exprs.len() as u32 - 1)
    }

    /// Appends a local (for passes that rewrite a lowered function).
    pub fn push_local(&mut self, local: Local) -> LocalId {
        self.locals.push(local);
        LocalId(self.locals.len() as u32 - 1)
    }
}

impl Module {
    pub fn function(&self, id: FuncId) -> &Function {
        &self.functions[id.0 as usize]
    }

    /// The `String toString()` that `class` declares, which Java's string conversion of its
    /// objects calls.
    pub fn to_string_of(&self, class: ClassId) -> Option<FuncId> {
        self.functions
            .iter()
            .position(|f| {
                f.class == class
                    && f.kind == FuncKind::Instance
                    && f.params.is_empty()
                    && f.ret == Type::String
                    && f.name.rsplit('.').next() == Some("toString")
            })
            .map(|i| FuncId(i as u32))
    }

    pub fn class(&self, id: ClassId) -> &Class {
        &self.classes[id.0 as usize]
    }

    pub fn static_field(&self, id: StaticId) -> &StaticField {
        &self.statics[id.0 as usize]
    }
}
