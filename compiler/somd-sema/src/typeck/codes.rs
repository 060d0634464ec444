//! The diagnostic codes of the type checker (E0100–E0299, W0101), one per rule.
//!
//! Codes are stable: a code is never reused for a different rule. Every code has a page
//! `docs/errors/<code>.md` with an explanation, a failing example and the fix.

use somd_diag::CodeInfo;

/// A literal format string with a conversion outside LANGUAGE.md §1.7's (`%h`, `%a`, `%t`).
pub const UNSUPPORTED_FORMAT: &str = "W0101";
pub const MISMATCHED_TYPES: &str = "E0100";
pub const UNKNOWN_NAME: &str = "E0101";
pub const UNKNOWN_TYPE: &str = "E0102";
pub const UNKNOWN_METHOD: &str = "E0103";
pub const NO_APPLICABLE_OVERLOAD: &str = "E0104";
pub const AMBIGUOUS_CALL: &str = "E0105";
pub const NOT_A_VARIABLE: &str = "E0106";
pub const FINAL_ASSIGNED: &str = "E0107";
pub const UNINITIALIZED_LOCAL: &str = "E0108";
pub const MISSING_RETURN: &str = "E0109";
pub const UNREACHABLE: &str = "E0110";
pub const BAD_BINARY_OPERANDS: &str = "E0111";
pub const BAD_UNARY_OPERAND: &str = "E0112";
pub const BAD_CAST: &str = "E0113";
pub const JUMP_OUTSIDE_LOOP: &str = "E0114";
pub const UNKNOWN_LABEL: &str = "E0115";
pub const DUPLICATE_CLASS: &str = "E0116";
pub const DUPLICATE_FIELD: &str = "E0117";
pub const DUPLICATE_METHOD: &str = "E0118";
pub const DUPLICATE_CTOR: &str = "E0119";
pub const DUPLICATE_LOCAL: &str = "E0120";
pub const STATIC_CONTEXT: &str = "E0121";
pub const THIS_IN_STATIC: &str = "E0122";
pub const MISSING_MAIN: &str = "E0123";
pub const DUPLICATE_MAIN: &str = "E0124";
pub const BAD_VAR: &str = "E0125";
pub const BAD_RETURN: &str = "E0128";
pub const UNKNOWN_FIELD: &str = "E0129";
pub const STRING_MISUSE: &str = "E0130";
pub const NOT_AN_ARRAY: &str = "E0131";
pub const BAD_THROW: &str = "E0133";
pub const UNDERFLOW_OUTSIDE_THROW: &str = "E0134";
pub const VOID_VALUE: &str = "E0135";
pub const MISSING_BODY: &str = "E0136";
pub const BAD_ARRAY_INIT: &str = "E0138";
pub const CONDITIONAL_MISMATCH: &str = "E0139";
pub const BAD_CTOR_NAME: &str = "E0141";
pub const CANNOT_INSTANTIATE: &str = "E0142";
pub const DUPLICATE_LABEL: &str = "E0143";
pub const FIELD_NOT_INITIALIZED: &str = "E0144";
pub const FORWARD_REFERENCE: &str = "E0145";
pub const THIS_CALL_PLACE: &str = "E0146";
pub const RECURSIVE_CTOR: &str = "E0147";
pub const THIS_BEFORE_CTOR: &str = "E0148";
pub const NOT_A_STATEMENT: &str = "E0149";
pub const CLASS_MODIFIER: &str = "E0150";
pub const RESERVED_NAME: &str = "E0151";
pub const TOO_MANY_DIMS: &str = "E0152";
pub const STATIC_THROUGH_EXPR: &str = "E0153";
pub const MEMBER_MODIFIER: &str = "E0154";

pub const VALUE_ARRAY_ASSIGN: &str = "E0200";
pub const VALUE_FIELD_ASSIGN: &str = "E0201";
pub const NON_CONSTANT_BOUND: &str = "E0202";
pub const BOUND_MISMATCH: &str = "E0203";
pub const NEGATIVE_BOUND: &str = "E0204";
pub const NOT_STATIC_LOCAL: &str = "E0205";
pub const MAP_WITHOUT_MAPPED: &str = "E0206";
pub const MAP_ARG_MISMATCH: &str = "E0207";
pub const REDUCE_OP_MISMATCH: &str = "E0208";
pub const REDUCE_SUB: &str = "E0209";
pub const REDUCE_METHOD_SIGNATURE: &str = "E0210";
pub const CONNECT_MISMATCH: &str = "E0211";
pub const MUTABLE_EDGE: &str = "E0212";
pub const BAD_WORKER: &str = "E0213";
pub const BAD_CONNECT_END: &str = "E0214";
pub const BAD_FREEZE: &str = "E0215";
pub const VALUE_CLASS_FIELD_TYPE: &str = "E0217";
pub const BAD_THAW: &str = "E0218";
pub const MAP_VOID: &str = "E0219";
pub const VALUE_CYCLE: &str = "E0220";
pub const VALUE_ARRAY_OF_MUTABLE: &str = "E0221";

pub const CODES: &[CodeInfo] = &[
    CodeInfo { code: MISMATCHED_TYPES, title: "mismatched types" },
    CodeInfo { code: UNKNOWN_NAME, title: "unknown name" },
    CodeInfo { code: UNKNOWN_TYPE, title: "unknown type" },
    CodeInfo { code: UNKNOWN_METHOD, title: "unknown method" },
    CodeInfo { code: NO_APPLICABLE_OVERLOAD, title: "no applicable overload" },
    CodeInfo { code: AMBIGUOUS_CALL, title: "ambiguous call" },
    CodeInfo { code: NOT_A_VARIABLE, title: "assignment target is not a variable" },
    CodeInfo { code: FINAL_ASSIGNED, title: "final variable assigned" },
    CodeInfo { code: UNINITIALIZED_LOCAL, title: "local variable read before assignment" },
    CodeInfo { code: MISSING_RETURN, title: "missing return statement" },
    CodeInfo { code: UNREACHABLE, title: "unreachable statement" },
    CodeInfo { code: BAD_BINARY_OPERANDS, title: "bad operand types for binary operator" },
    CodeInfo { code: BAD_UNARY_OPERAND, title: "bad operand type for unary operator" },
    CodeInfo { code: BAD_CAST, title: "invalid cast" },
    CodeInfo { code: JUMP_OUTSIDE_LOOP, title: "`break` or `continue` outside a loop" },
    CodeInfo { code: UNKNOWN_LABEL, title: "unknown label" },
    CodeInfo { code: DUPLICATE_CLASS, title: "duplicate class" },
    CodeInfo { code: DUPLICATE_FIELD, title: "duplicate field" },
    CodeInfo { code: DUPLICATE_METHOD, title: "duplicate method" },
    CodeInfo { code: DUPLICATE_CTOR, title: "duplicate constructor" },
    CodeInfo { code: DUPLICATE_LOCAL, title: "duplicate local variable" },
    CodeInfo { code: STATIC_CONTEXT, title: "instance member used from a static context" },
    CodeInfo { code: THIS_IN_STATIC, title: "`this` in a static context" },
    CodeInfo { code: MISSING_MAIN, title: "missing `main` method" },
    CodeInfo { code: DUPLICATE_MAIN, title: "more than one `main` method" },
    CodeInfo { code: BAD_VAR, title: "invalid use of `var`" },
    CodeInfo { code: BAD_RETURN, title: "invalid return" },
    CodeInfo { code: UNKNOWN_FIELD, title: "unknown field" },
    CodeInfo { code: STRING_MISUSE, title: "unsupported use of a string" },
    CodeInfo { code: NOT_AN_ARRAY, title: "indexing a value that is not an array" },
    CodeInfo { code: BAD_THROW, title: "invalid `throw`" },
    CodeInfo { code: UNDERFLOW_OUTSIDE_THROW, title: "`new Underflow()` outside `throw`" },
    CodeInfo { code: VOID_VALUE, title: "`void` used as a value" },
    CodeInfo { code: MISSING_BODY, title: "method without a body" },
    CodeInfo { code: BAD_ARRAY_INIT, title: "array initializer without an array type" },
    CodeInfo { code: CONDITIONAL_MISMATCH, title: "incompatible branches of `?:`" },
    CodeInfo { code: BAD_CTOR_NAME, title: "constructor name differs from the class name" },
    CodeInfo { code: CANNOT_INSTANTIATE, title: "built-in class cannot be instantiated" },
    CodeInfo { code: DUPLICATE_LABEL, title: "duplicate label" },
    CodeInfo { code: FIELD_NOT_INITIALIZED, title: "`final` field never initialized" },
    CodeInfo { code: FORWARD_REFERENCE, title: "field initializer reads a later field" },
    CodeInfo { code: THIS_CALL_PLACE, title: "`this(..)` outside a constructor's first statement" },
    CodeInfo { code: RECURSIVE_CTOR, title: "recursive constructor invocation" },
    CodeInfo { code: THIS_BEFORE_CTOR, title: "reference to the object in a `this(..)` argument" },
    CodeInfo { code: NOT_A_STATEMENT, title: "expression that is not a statement" },
    CodeInfo { code: CLASS_MODIFIER, title: "modifier not allowed on a class" },
    CodeInfo { code: RESERVED_NAME, title: "Java reserved word used as a name" },
    CodeInfo { code: TOO_MANY_DIMS, title: "array type with more than 255 dimensions" },
    CodeInfo {
        code: STATIC_THROUGH_EXPR,
        title: "static member reached through an expression that does something",
    },
    CodeInfo { code: MEMBER_MODIFIER, title: "modifiers Java refuses on a member" },
    CodeInfo { code: VALUE_ARRAY_ASSIGN, title: "assignment to an element of a value array" },
    CodeInfo {
        code: VALUE_FIELD_ASSIGN,
        title: "value class field assigned outside a constructor",
    },
    CodeInfo { code: NON_CONSTANT_BOUND, title: "value array bound is not a constant" },
    CodeInfo { code: BOUND_MISMATCH, title: "value array bound mismatch" },
    CodeInfo { code: NEGATIVE_BOUND, title: "negative value array bound" },
    CodeInfo { code: NOT_STATIC_LOCAL, title: "`@` or `!` method is not `static local`" },
    CodeInfo { code: MAP_WITHOUT_MAPPED, title: "`@` without a mapped argument" },
    CodeInfo {
        code: MAP_ARG_MISMATCH,
        title: "`@` argument matches neither mapping nor broadcast",
    },
    CodeInfo { code: REDUCE_OP_MISMATCH, title: "`!` operator does not apply to the element type" },
    CodeInfo { code: REDUCE_SUB, title: "`-` used in a `!` reduction" },
    CodeInfo { code: REDUCE_METHOD_SIGNATURE, title: "`!` method has the wrong signature" },
    CodeInfo { code: CONNECT_MISMATCH, title: "`=>` connects incompatible types" },
    CodeInfo { code: MUTABLE_EDGE, title: "mutable value on a task edge" },
    CodeInfo { code: BAD_WORKER, title: "invalid task worker" },
    CodeInfo { code: BAD_CONNECT_END, title: "sink or source on the wrong side of `=>`" },
    CodeInfo { code: BAD_FREEZE, title: "invalid source of a value array" },
    CodeInfo { code: VALUE_CLASS_FIELD_TYPE, title: "value class field without a value type" },
    CodeInfo { code: BAD_THAW, title: "`Somd.thaw` of a value that is not a value array" },
    CodeInfo { code: MAP_VOID, title: "`@` of a `void` method" },
    CodeInfo { code: VALUE_CYCLE, title: "value class that holds itself" },
    CodeInfo { code: VALUE_ARRAY_OF_MUTABLE, title: "value array of mutable arrays" },
    CodeInfo { code: UNSUPPORTED_FORMAT, title: "format conversion outside LANGUAGE.md §1.7" },
];
