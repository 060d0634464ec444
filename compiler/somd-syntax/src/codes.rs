//! Diagnostic codes of the lexer and parser (range `E0001`–`E0099`).
//!
//! Codes are stable: a code is never reused for a different problem. Every code listed in
//! [`CODES`] has a page `docs/errors/<code>.md`.

use somd_diag::CodeInfo;

pub const UNEXPECTED_TOKEN: &str = "E0001";
pub const UNEXPECTED_EOF: &str = "E0002";
pub const INVALID_CHARACTER: &str = "E0003";
pub const UNTERMINATED: &str = "E0004";
pub const LITERAL_OUT_OF_RANGE: &str = "E0005";
pub const MALFORMED_NUMBER: &str = "E0006";
pub const INVALID_ESCAPE: &str = "E0007";
pub const NESTING_TOO_DEEP: &str = "E0008";
pub const INVALID_CAST: &str = "E0009";
pub const UNKNOWN_DIST_OPTION: &str = "E0010";
pub const INVALID_CHAR_LITERAL: &str = "E0011";
pub const UNKNOWN_REDUCE_OPERATOR: &str = "E0012";
pub const INVALID_ARRAY_CREATION: &str = "E0013";
pub const REPEATED_MODIFIER: &str = "E0014";
pub const INVALID_UTF8: &str = "E0015";

/// Every code the syntax stage emits, with its one-line title.
pub const CODES: &[CodeInfo] = &[
    CodeInfo { code: UNEXPECTED_TOKEN, title: "unexpected token" },
    CodeInfo { code: UNEXPECTED_EOF, title: "unexpected end of file" },
    CodeInfo { code: INVALID_CHARACTER, title: "unknown character" },
    CodeInfo { code: UNTERMINATED, title: "unterminated comment, string or character literal" },
    CodeInfo { code: LITERAL_OUT_OF_RANGE, title: "numeric literal out of range" },
    CodeInfo { code: MALFORMED_NUMBER, title: "malformed numeric literal" },
    CodeInfo { code: INVALID_ESCAPE, title: "invalid escape sequence" },
    CodeInfo { code: NESTING_TOO_DEEP, title: "nesting too deep" },
    CodeInfo { code: INVALID_CAST, title: "cast to something that is not a type" },
    CodeInfo { code: UNKNOWN_DIST_OPTION, title: "unknown `dist` option" },
    CodeInfo { code: INVALID_CHAR_LITERAL, title: "invalid character literal" },
    CodeInfo { code: UNKNOWN_REDUCE_OPERATOR, title: "unknown reduction operator" },
    CodeInfo { code: INVALID_ARRAY_CREATION, title: "invalid array creation" },
    CodeInfo { code: REPEATED_MODIFIER, title: "repeated modifier" },
    CodeInfo { code: INVALID_UTF8, title: "source file is not UTF-8" },
];
