//! The lexer: source text to a vector of spanned [`Tok`]s plus lexical diagnostics.
//!
//! A `logos` automaton recognises the raw shape of every token ([`RawTok`]); this module
//! then decodes literals (digits, escapes, range checks) into [`Tok`], the token type the
//! grammar consumes. Lexical errors never stop lexing: an unknown character is reported
//! and skipped, a malformed literal is reported and replaced by a zero literal, so the
//! parser still sees a plausible token stream.
//!
//! Brackets are lexed one at a time (`[` and `]`); the grammar recognises `[[` / `]]` of
//! value-array types as two consecutive tokens, so `a[b[i]]` and `int[[]]` both work.
//! Likewise `>>` and `>>>` are always shift operators; a view pair `<1,1>` closes with a
//! single `>`.

use crate::codes;
use logos::{Lexer, Logos};
use somd_diag::{Diagnostic, FileId, Span};
use std::fmt;

/// The error type of the token stream fed to the parser. Lexical errors are reported as
/// diagnostics instead, so this type has no values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LexError {}

/// The value of an `int` or `long` literal. `needs_minus` marks the one literal that is
/// only valid as the operand of unary minus (`2147483648`, `9223372036854775808L`); its
/// `value` is then already the folded minimum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IntValue {
    pub value: i64,
    pub needs_minus: bool,
}

/// A token as the grammar sees it.
#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    // Keywords.
    Boolean,
    Byte,
    Short,
    Char,
    Int,
    Long,
    Float,
    Double,
    Void,
    Class,
    Package,
    Import,
    Public,
    Private,
    Protected,
    Static,
    Final,
    Local,
    If,
    Else,
    While,
    Do,
    For,
    Break,
    Continue,
    Return,
    Throw,
    New,
    This,
    True,
    False,
    Null,
    Dist,
    Reduce,
    Sync,
    Shared,
    Task,
    // Names and literals.
    Ident(String),
    IntLit(IntValue),
    LongLit(IntValue),
    FloatLit(f32),
    DoubleLit(f64),
    CharLit(u16),
    StrLit(String),
    // Separators.
    LParen,
    RParen,
    LBrace,
    RBrace,
    LBracket,
    RBracket,
    Semi,
    Comma,
    Dot,
    At,
    Question,
    Colon,
    // Operators.
    Assign,
    Gt,
    Lt,
    Bang,
    Tilde,
    EqEq,
    Le,
    Ge,
    Ne,
    AndAnd,
    OrOr,
    PlusPlus,
    MinusMinus,
    Plus,
    Minus,
    Star,
    Slash,
    Amp,
    Pipe,
    Caret,
    Percent,
    Shl,
    Shr,
    UShr,
    PlusEq,
    MinusEq,
    StarEq,
    SlashEq,
    AmpEq,
    PipeEq,
    CaretEq,
    PercentEq,
    ShlEq,
    ShrEq,
    UShrEq,
    Arrow,
}

impl Tok {
    /// The source spelling of a fixed token, or `None` for names and literals.
    pub fn text(&self) -> Option<&'static str> {
        use Tok::*;
        Some(match self {
            Boolean => "boolean",
            Byte => "byte",
            Short => "short",
            Char => "char",
            Int => "int",
            Long => "long",
            Float => "float",
            Double => "double",
            Void => "void",
            Class => "class",
            Package => "package",
            Import => "import",
            Public => "public",
            Private => "private",
            Protected => "protected",
            Static => "static",
            Final => "final",
            Local => "local",
            If => "if",
            Else => "else",
            While => "while",
            Do => "do",
            For => "for",
            Break => "break",
            Continue => "continue",
            Return => "return",
            Throw => "throw",
            New => "new",
            This => "this",
            True => "true",
            False => "false",
            Null => "null",
            Dist => "dist",
            Reduce => "reduce",
            Sync => "sync",
            Shared => "shared",
            Task => "task",
            LParen => "(",
            RParen => ")",
            LBrace => "{",
            RBrace => "}",
            LBracket => "[",
            RBracket => "]",
            Semi => ";",
            Comma => ",",
            Dot => ".",
            At => "@",
            Question => "?",
            Colon => ":",
            Assign => "=",
            Gt => ">",
            Lt => "<",
            Bang => "!",
            Tilde => "~",
            EqEq => "==",
            Le => "<=",
            Ge => ">=",
            Ne => "!=",
            AndAnd => "&&",
            OrOr => "||",
            PlusPlus => "++",
            MinusMinus => "--",
            Plus => "+",
            Minus => "-",
            Star => "*",
            Slash => "/",
            Amp => "&",
            Pipe => "|",
            Caret => "^",
            Percent => "%",
            Shl => "<<",
            Shr => ">>",
            UShr => ">>>",
            PlusEq => "+=",
            MinusEq => "-=",
            StarEq => "*=",
            SlashEq => "/=",
            AmpEq => "&=",
            PipeEq => "|=",
            CaretEq => "^=",
            PercentEq => "%=",
            ShlEq => "<<=",
            ShrEq => ">>=",
            UShrEq => ">>>=",
            Arrow => "=>",
            Ident(_) | IntLit(_) | LongLit(_) | FloatLit(_) | DoubleLit(_) | CharLit(_)
            | StrLit(_) => return None,
        })
    }
}

impl fmt::Display for Tok {
    /// Writes the token as an error message names it: `` `;` ``, ``identifier `x` ``.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(text) = self.text() {
            return write!(f, "`{text}`");
        }
        match self {
            Tok::Ident(name) => write!(f, "identifier `{name}`"),
            Tok::IntLit(_) | Tok::LongLit(_) => f.write_str("integer literal"),
            Tok::FloatLit(_) | Tok::DoubleLit(_) => f.write_str("floating-point literal"),
            Tok::CharLit(_) => f.write_str("character literal"),
            Tok::StrLit(_) => f.write_str("string literal"),
            _ => f.write_str("token"),
        }
    }
}

/// The raw token shapes recognised by the `logos` automaton.
#[derive(Logos, Clone, Copy, Debug, PartialEq)]
#[logos(skip r"[ \t\r\n\f]+")]
enum RawTok {
    #[regex(r"//[^\n\r]*", allow_greedy = true)]
    LineComment,
    /// `true` when the comment is terminated.
    #[token("/*", block_comment)]
    BlockComment(bool),
    /// `true` when the literal is terminated.
    #[token("\"", string_body)]
    Str(bool),
    #[token("'", char_body)]
    Chr(bool),

    #[regex(r"[0-9][0-9_]*[lL]?")]
    DecInt,
    #[regex(r"0[xX][0-9a-fA-F_]*[lL]?")]
    HexInt,
    #[regex(r"0[bB][0-9_]*[lL]?")]
    BinInt,
    #[regex(r"[0-9][0-9_]*\.[0-9_]*([eE][+-]?[0-9_]*)?[fFdD]?")]
    #[regex(r"\.[0-9][0-9_]*([eE][+-]?[0-9_]*)?[fFdD]?")]
    #[regex(r"[0-9][0-9_]*[eE][+-]?[0-9_]*[fFdD]?")]
    #[regex(r"[0-9][0-9_]*[fFdD]")]
    FloatNum,
    /// `0x1p3`, `0x1.8p-2f`, `0x.Fp0`: a hexadecimal floating-point literal.
    #[regex(r"0[xX][0-9a-fA-F_]*(\.[0-9a-fA-F_]*)?[pP][+-]?[0-9_]*[fFdD]?")]
    HexFloat,

    #[regex(r"[a-zA-Z_$][a-zA-Z0-9_$]*")]
    Ident,
    /// An identifier with characters outside ASCII, as Java's `isJavaIdentifierStart` and
    /// `isJavaIdentifierPart` allow them: letters, letter numbers, currency symbols and
    /// connector punctuation, then also digits and combining marks (`café`, `€uro`,
    /// `x‿y`, `é` written as `e` and a combining accent).
    #[regex(
        r"[a-zA-Z_$\p{L}\p{Nl}\p{Sc}\p{Pc}][a-zA-Z0-9_$\p{L}\p{Nl}\p{Nd}\p{Sc}\p{Pc}\p{Mn}\p{Mc}]*",
        priority = 1
    )]
    UnicodeIdent,

    #[token("boolean")]
    Boolean,
    #[token("byte")]
    Byte,
    #[token("short")]
    Short,
    #[token("char")]
    Char,
    #[token("int")]
    Int,
    #[token("long")]
    Long,
    #[token("float")]
    Float,
    #[token("double")]
    Double,
    #[token("void")]
    Void,
    #[token("class")]
    Class,
    #[token("package")]
    Package,
    #[token("import")]
    Import,
    #[token("public")]
    Public,
    #[token("private")]
    Private,
    #[token("protected")]
    Protected,
    #[token("static")]
    Static,
    #[token("final")]
    Final,
    #[token("local")]
    Local,
    #[token("if")]
    If,
    #[token("else")]
    Else,
    #[token("while")]
    While,
    #[token("do")]
    Do,
    #[token("for")]
    For,
    #[token("break")]
    Break,
    #[token("continue")]
    Continue,
    #[token("return")]
    Return,
    #[token("throw")]
    Throw,
    #[token("new")]
    New,
    #[token("this")]
    This,
    #[token("true")]
    True,
    #[token("false")]
    False,
    #[token("null")]
    Null,
    #[token("dist")]
    Dist,
    #[token("reduce")]
    Reduce,
    #[token("sync")]
    Sync,
    #[token("shared")]
    Shared,
    #[token("task")]
    Task,

    #[token("(")]
    LParen,
    #[token(")")]
    RParen,
    #[token("{")]
    LBrace,
    #[token("}")]
    RBrace,
    #[token("[")]
    LBracket,
    #[token("]")]
    RBracket,
    #[token(";")]
    Semi,
    #[token(",")]
    Comma,
    #[token(".")]
    Dot,
    #[token("@")]
    At,
    #[token("?")]
    Question,
    #[token(":")]
    Colon,
    #[token("=")]
    Assign,
    #[token(">")]
    Gt,
    #[token("<")]
    Lt,
    #[token("!")]
    Bang,
    #[token("~")]
    Tilde,
    #[token("==")]
    EqEq,
    #[token("<=")]
    Le,
    #[token(">=")]
    Ge,
    #[token("!=")]
    Ne,
    #[token("&&")]
    AndAnd,
    #[token("||")]
    OrOr,
    #[token("++")]
    PlusPlus,
    #[token("--")]
    MinusMinus,
    #[token("+")]
    Plus,
    #[token("-")]
    Minus,
    #[token("*")]
    Star,
    #[token("/")]
    Slash,
    #[token("&")]
    Amp,
    #[token("|")]
    Pipe,
    #[token("^")]
    Caret,
    #[token("%")]
    Percent,
    #[token("<<")]
    Shl,
    #[token(">>")]
    Shr,
    #[token(">>>")]
    UShr,
    #[token("+=")]
    PlusEq,
    #[token("-=")]
    MinusEq,
    #[token("*=")]
    StarEq,
    #[token("/=")]
    SlashEq,
    #[token("&=")]
    AmpEq,
    #[token("|=")]
    PipeEq,
    #[token("^=")]
    CaretEq,
    #[token("%=")]
    PercentEq,
    #[token("<<=")]
    ShlEq,
    #[token(">>=")]
    ShrEq,
    #[token(">>>=")]
    UShrEq,
    #[token("=>")]
    Arrow,
}

/// Skips the rest of a block comment; returns whether its `*/` was found.
fn block_comment(lex: &mut Lexer<RawTok>) -> bool {
    match lex.remainder().find("*/") {
        Some(end) => {
            lex.bump(end + 2);
            true
        }
        None => {
            let rest = lex.remainder().len();
            lex.bump(rest);
            false
        }
    }
}

/// Skips the body of a quoted literal up to and including the closing `quote`; stops
/// before a line break or at the end of input when there is none.
fn quoted_body(lex: &mut Lexer<RawTok>, quote: char) -> bool {
    let mut escaped = false;
    let mut len = 0;
    let mut terminated = false;
    for (offset, c) in lex.remainder().char_indices() {
        if c == '\n' || c == '\r' {
            len = offset;
            break;
        }
        len = offset + c.len_utf8();
        if escaped {
            escaped = false;
        } else if c == '\\' {
            escaped = true;
        } else if c == quote {
            terminated = true;
            break;
        }
    }
    lex.bump(len);
    terminated
}

fn string_body(lex: &mut Lexer<RawTok>) -> bool {
    quoted_body(lex, '"')
}

fn char_body(lex: &mut Lexer<RawTok>) -> bool {
    quoted_body(lex, '\'')
}

/// A token with its byte range, as the parser consumes it.
pub type Spanned = (usize, Tok, usize);

/// Lexes a whole file. Never fails: problems become diagnostics.
pub fn lex(file: FileId, text: &str) -> (Vec<Spanned>, Vec<Diagnostic>) {
    let translated = unicode_escapes(text);
    let lexed = translated.as_ref().map_or(text, |t| t.text.as_str());
    // A SUB (control-Z) ending the input is ignored (JLS §3.5).
    let lexed = lexed.strip_suffix('\u{1a}').unwrap_or(lexed);
    let (tokens, mut diags) = lex_text(file, lexed, translated.as_ref());
    for &(_, start, end) in translated.iter().flat_map(|t| &t.malformed) {
        diags.push(
            Diagnostic::error(
                codes::INVALID_ESCAPE,
                "illegal Unicode escape".to_string(),
                Span::new(file, start, end),
            )
            .with_label("needs four hexadecimal digits")
            .with_help("a Unicode escape is a backslash, `u`, then four hexadecimal digits"),
        );
    }
    diags.sort_by_key(|d| d.primary.span.start);
    (tokens, diags)
}

/// A file after Java's first lexical translation ([`unicode_escapes`]), with the places
/// where its offsets and the original's part: `breaks` holds, in order, pairs (offset in
/// `text`, offset in the original) at the start and the end of each translated escape.
struct Translated {
    text: String,
    breaks: Vec<(usize, usize)>,
    /// The `text` offsets of the backslashes of escapes left as written: lone surrogates,
    /// which no Rust string holds, for the literal decoders ([`LexCx::decode_units`]).
    kept: Vec<usize>,
    /// Malformed escapes (`\u` without four hexadecimal digits), each an error reported
    /// once, left as written: their `text` offset, their original range.
    malformed: Vec<(usize, usize, usize)>,
}

impl Translated {
    /// The original offset of `text` offset `at`.
    fn original(&self, at: usize) -> usize {
        match self.breaks.partition_point(|&(t, _)| t <= at) {
            0 => at,
            i => {
                let (t, o) = self.breaks[i - 1];
                o + (at - t)
            }
        }
    }
}

/// The code unit of the Unicode escape whose backslash is at `i` (`\`, one or more `u`,
/// four hexadecimal digits), with the offset just past it; `Err` with that of the first
/// character that is no such digit, for a malformed one. `None` when no `u` follows.
fn escape_at(bytes: &[u8], i: usize) -> Option<Result<(u16, usize), usize>> {
    let mut j = i + 1;
    while bytes.get(j) == Some(&b'u') {
        j += 1;
    }
    if j == i + 1 {
        return None;
    }
    let digits = (0..4).take_while(|k| bytes.get(j + k).is_some_and(u8::is_ascii_hexdigit)).count();
    if digits < 4 {
        return Some(Err(j + digits));
    }
    let text = std::str::from_utf8(&bytes[j..j + 4]).unwrap_or("0");
    Some(Ok((u16::from_str_radix(text, 16).unwrap_or(0), j + 4)))
}

/// Java's first lexical translation (JLS §3.3), made before tokens are found: each Unicode
/// escape, `\` then one or more `u` then four hexadecimal digits, whose backslash follows
/// an even number of backslashes, becomes its character, wherever it is (`int \u0061b`
/// declares `ab`; `"\u005cn"` holds a newline, the escape making the backslash of `\n`), a
/// surrogate pair of escapes its one character. A lone surrogate stays escaped (a Rust
/// string holds none): the literal decoders read it ([`Translated::kept`]); any other `\u`
/// they meet was made by a translation, which Java's literals do not take. A malformed
/// escape is an error ([`Translated::malformed`]). `None` when the file has no escape.
fn unicode_escapes(text: &str) -> Option<Translated> {
    if !text.contains("\\u") {
        return None;
    }
    let bytes = text.as_bytes();
    let mut t = Translated {
        text: String::with_capacity(text.len()),
        breaks: Vec::new(),
        kept: Vec::new(),
        malformed: Vec::new(),
    };
    let mut copied = 0;
    let mut backslashes = 0;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'\\' {
            backslashes = 0;
            i += 1;
            continue;
        }
        let eligible = backslashes % 2 == 0;
        backslashes += 1;
        let escape = if eligible { escape_at(bytes, i) } else { None };
        match escape {
            None => i += 1,
            Some(Err(end)) => {
                t.malformed.push((t.text.len() + (i - copied), i, end));
                backslashes = 0;
                i = end;
            }
            Some(Ok((unit, end))) => {
                // A high surrogate and a low one escaped after it make one character.
                let pair = match (0xd800..0xdc00).contains(&unit) && bytes.get(end) == Some(&b'\\')
                {
                    true => match escape_at(bytes, end) {
                        Some(Ok((low, end2))) if (0xdc00..0xe000).contains(&low) => {
                            char::decode_utf16([unit, low])
                                .next()
                                .and_then(Result::ok)
                                .map(|c| (c, end2))
                        }
                        _ => None,
                    },
                    false => None,
                };
                let single = char::from_u32(u32::from(unit)).map(|c| (c, end));
                i = match pair.or(single) {
                    Some((c, past)) => {
                        t.text.push_str(&text[copied..i]);
                        t.breaks.push((t.text.len(), i));
                        t.text.push(c);
                        copied = past;
                        t.breaks.push((t.text.len(), copied));
                        past
                    }
                    // A lone surrogate: left as written, for the literal decoders.
                    None => {
                        t.kept.push(t.text.len() + (i - copied));
                        end
                    }
                };
                // The character an escape makes starts no other escape (JLS §3.3).
                backslashes = 0;
            }
        }
    }
    if t.breaks.is_empty() && t.kept.is_empty() && t.malformed.is_empty() {
        return None;
    }
    t.text.push_str(&text[copied..]);
    Some(t)
}

/// [`lex`] of `text`, which is the file itself or its `translated` form.
fn lex_text(
    file: FileId,
    text: &str,
    translated: Option<&Translated>,
) -> (Vec<Spanned>, Vec<Diagnostic>) {
    let mut cx = LexCx { file, tokens: Vec::new(), diags: Vec::new(), translated };
    let mut lexer = RawTok::lexer(text);
    // Consecutive unknown characters are reported once, as one span.
    let mut bad_run: Option<(usize, usize)> = None;
    while let Some(result) = lexer.next() {
        let range = lexer.span();
        let slice = lexer.slice();
        let raw = match result {
            Ok(raw) => raw,
            Err(()) => {
                bad_run = match bad_run {
                    Some((start, end)) if end == range.start => Some((start, range.end)),
                    Some(run) => {
                        cx.unknown_chars(text, run);
                        Some((range.start, range.end))
                    }
                    None => Some((range.start, range.end)),
                };
                continue;
            }
        };
        if let Some(run) = bad_run.take() {
            cx.unknown_chars(text, run);
        }
        cx.push_raw(raw, slice, range.start, range.end);
    }
    if let Some(run) = bad_run {
        cx.unknown_chars(text, run);
    }
    (cx.tokens, cx.diags)
}

struct LexCx<'t> {
    file: FileId,
    tokens: Vec<Spanned>,
    diags: Vec<Diagnostic>,
    /// The file's translated form, when it had Unicode escapes: tokens and diagnostics
    /// carry the original's offsets.
    translated: Option<&'t Translated>,
}

impl LexCx<'_> {
    /// The original offset of lexed offset `at`.
    fn original(&self, at: usize) -> usize {
        self.translated.map_or(at, |t| t.original(at))
    }

    fn span(&self, start: usize, end: usize) -> Span {
        Span::new(self.file, self.original(start), self.original(end))
    }

    fn error(&mut self, code: &'static str, message: String, start: usize, end: usize) {
        let span = self.span(start, end);
        self.diags.push(Diagnostic::error(code, message, span));
    }

    fn unknown_chars(&mut self, text: &str, (start, end): (usize, usize)) {
        // The backslash of a malformed Unicode escape, reported with the file's escapes.
        let escape =
            self.translated.is_some_and(|t| t.malformed.iter().any(|&(at, ..)| at == start));
        if escape && end == start + 1 {
            return;
        }
        let shown = text.get(start..end).unwrap_or("");
        let message = if shown.chars().count() == 1 {
            format!("unknown character `{}`", shown.escape_debug())
        } else {
            format!("unknown characters `{}`", shown.escape_debug())
        };
        let span = self.span(start, end);
        self.diags.push(
            Diagnostic::error(codes::INVALID_CHARACTER, message, span)
                .with_label("not part of any token"),
        );
    }

    fn push(&mut self, tok: Tok, start: usize, end: usize) {
        self.tokens.push((self.original(start), tok, self.original(end)));
    }

    fn push_raw(&mut self, raw: RawTok, slice: &str, start: usize, end: usize) {
        use RawTok as R;
        let tok = match raw {
            R::LineComment => return,
            R::BlockComment(terminated) => {
                if !terminated {
                    let span = self.span(start, start + 2);
                    self.diags.push(
                        Diagnostic::error(codes::UNTERMINATED, "unterminated block comment", span)
                            .with_label("this comment is never closed")
                            .with_help("close the comment with `*/`"),
                    );
                }
                return;
            }
            R::Str(terminated) => {
                let body = if terminated { inner(slice) } else { slice.get(1..).unwrap_or("") };
                if !terminated {
                    self.unterminated("string literal", start, end);
                }
                let value = self.decode_string(body, start + 1);
                Tok::StrLit(value)
            }
            R::Chr(terminated) => {
                let body = if terminated { inner(slice) } else { slice.get(1..).unwrap_or("") };
                if !terminated {
                    self.unterminated("character literal", start, end);
                    Tok::CharLit(0)
                } else {
                    Tok::CharLit(self.decode_char(body, start, end))
                }
            }
            R::DecInt | R::HexInt | R::BinInt => self.integer(raw, slice, start, end),
            R::FloatNum => self.float(slice, start, end),
            R::HexFloat => self.hex_float(slice, start, end),
            R::Ident | R::UnicodeIdent => Tok::Ident(slice.to_string()),
            R::Boolean => Tok::Boolean,
            R::Byte => Tok::Byte,
            R::Short => Tok::Short,
            R::Char => Tok::Char,
            R::Int => Tok::Int,
            R::Long => Tok::Long,
            R::Float => Tok::Float,
            R::Double => Tok::Double,
            R::Void => Tok::Void,
            R::Class => Tok::Class,
            R::Package => Tok::Package,
            R::Import => Tok::Import,
            R::Public => Tok::Public,
            R::Private => Tok::Private,
            R::Protected => Tok::Protected,
            R::Static => Tok::Static,
            R::Final => Tok::Final,
            R::Local => Tok::Local,
            R::If => Tok::If,
            R::Else => Tok::Else,
            R::While => Tok::While,
            R::Do => Tok::Do,
            R::For => Tok::For,
            R::Break => Tok::Break,
            R::Continue => Tok::Continue,
            R::Return => Tok::Return,
            R::Throw => Tok::Throw,
            R::New => Tok::New,
            R::This => Tok::This,
            R::True => Tok::True,
            R::False => Tok::False,
            R::Null => Tok::Null,
            R::Dist => Tok::Dist,
            R::Reduce => Tok::Reduce,
            R::Sync => Tok::Sync,
            R::Shared => Tok::Shared,
            R::Task => Tok::Task,
            R::LParen => Tok::LParen,
            R::RParen => Tok::RParen,
            R::LBrace => Tok::LBrace,
            R::RBrace => Tok::RBrace,
            R::LBracket => Tok::LBracket,
            R::RBracket => Tok::RBracket,
            R::Semi => Tok::Semi,
            R::Comma => Tok::Comma,
            R::Dot => Tok::Dot,
            R::At => Tok::At,
            R::Question => Tok::Question,
            R::Colon => Tok::Colon,
            R::Assign => Tok::Assign,
            R::Gt => Tok::Gt,
            R::Lt => Tok::Lt,
            R::Bang => Tok::Bang,
            R::Tilde => Tok::Tilde,
            R::EqEq => Tok::EqEq,
            R::Le => Tok::Le,
            R::Ge => Tok::Ge,
            R::Ne => Tok::Ne,
            R::AndAnd => Tok::AndAnd,
            R::OrOr => Tok::OrOr,
            R::PlusPlus => Tok::PlusPlus,
            R::MinusMinus => Tok::MinusMinus,
            R::Plus => Tok::Plus,
            R::Minus => Tok::Minus,
            R::Star => Tok::Star,
            R::Slash => Tok::Slash,
            R::Amp => Tok::Amp,
            R::Pipe => Tok::Pipe,
            R::Caret => Tok::Caret,
            R::Percent => Tok::Percent,
            R::Shl => Tok::Shl,
            R::Shr => Tok::Shr,
            R::UShr => Tok::UShr,
            R::PlusEq => Tok::PlusEq,
            R::MinusEq => Tok::MinusEq,
            R::StarEq => Tok::StarEq,
            R::SlashEq => Tok::SlashEq,
            R::AmpEq => Tok::AmpEq,
            R::PipeEq => Tok::PipeEq,
            R::CaretEq => Tok::CaretEq,
            R::PercentEq => Tok::PercentEq,
            R::ShlEq => Tok::ShlEq,
            R::ShrEq => Tok::ShrEq,
            R::UShrEq => Tok::UShrEq,
            R::Arrow => Tok::Arrow,
        };
        self.push(tok, start, end);
    }

    fn unterminated(&mut self, what: &str, start: usize, end: usize) {
        let span = self.span(start, end);
        self.diags.push(
            Diagnostic::error(codes::UNTERMINATED, format!("unterminated {what}"), span)
                .with_label("the closing quote is missing on this line"),
        );
    }

    /// Decodes an integer literal; reports malformed and out-of-range values.
    fn integer(&mut self, raw: RawTok, slice: &str, start: usize, end: usize) -> Tok {
        let is_long = slice.ends_with(['l', 'L']);
        let body = if is_long { &slice[..slice.len() - 1] } else { slice };
        let (radix, digits, kind) = match raw {
            RawTok::HexInt => (16, body.get(2..).unwrap_or(""), "hexadecimal"),
            RawTok::BinInt => (2, body.get(2..).unwrap_or(""), "binary"),
            _ if body.len() > 1 && body.starts_with('0') => {
                (8, body.get(1..).unwrap_or(""), "octal")
            }
            _ => (10, body, "decimal"),
        };
        let zero = || {
            if is_long {
                Tok::LongLit(IntValue { value: 0, needs_minus: false })
            } else {
                Tok::IntLit(IntValue { value: 0, needs_minus: false })
            }
        };
        if digits.is_empty() || digits.trim_matches('_').is_empty() {
            self.error(
                codes::MALFORMED_NUMBER,
                format!("{kind} literal has no digits"),
                start,
                end,
            );
            return zero();
        }
        if digits.ends_with('_') || (radix != 8 && radix != 10 && digits.starts_with('_')) {
            self.error(
                codes::MALFORMED_NUMBER,
                "underscores are allowed only between digits".to_string(),
                start,
                end,
            );
            return zero();
        }
        let mut value: u128 = 0;
        for c in digits.chars() {
            if c == '_' {
                continue;
            }
            let Some(digit) = c.to_digit(radix) else {
                self.error(
                    codes::MALFORMED_NUMBER,
                    format!("invalid digit `{c}` in {kind} literal"),
                    start,
                    end,
                );
                return zero();
            };
            value = value.saturating_mul(u128::from(radix)).saturating_add(u128::from(digit));
        }
        let decimal = radix == 10;
        if is_long {
            let max_magnitude: u128 = if decimal { 1 << 63 } else { u128::from(u64::MAX) };
            if value > max_magnitude {
                self.out_of_range(slice, "long", start, end);
                return zero();
            }
            let needs_minus = decimal && value == 1 << 63;
            // Non-decimal literals denote the two's-complement bit pattern.
            let value = value as u64 as i64;
            Tok::LongLit(IntValue { value, needs_minus })
        } else {
            let max_magnitude: u128 = if decimal { 1 << 31 } else { u128::from(u32::MAX) };
            if value > max_magnitude {
                self.out_of_range(slice, "int", start, end);
                return zero();
            }
            let needs_minus = decimal && value == 1 << 31;
            let value = i64::from(value as u32 as i32);
            Tok::IntLit(IntValue { value, needs_minus })
        }
    }

    fn out_of_range(&mut self, slice: &str, ty: &str, start: usize, end: usize) {
        let span = self.span(start, end);
        let help = if ty == "int" {
            "add an `L` suffix to make it a `long` literal"
        } else {
            "the largest `long` is 9223372036854775807L"
        };
        self.diags.push(
            Diagnostic::error(
                codes::LITERAL_OUT_OF_RANGE,
                format!("integer literal `{slice}` is too large for `{ty}`"),
                span,
            )
            .with_label("out of range")
            .with_help(help),
        );
    }

    /// Decodes a floating-point literal; reports malformed and out-of-range values.
    fn float(&mut self, slice: &str, start: usize, end: usize) -> Tok {
        let is_float = slice.ends_with(['f', 'F']);
        let body = slice.trim_end_matches(['f', 'F', 'd', 'D']);
        let body_ok = !body.contains("._")
            && !body.contains("_.")
            && !body.ends_with('_')
            && !body.contains("_e")
            && !body.contains("_E")
            && !body.contains("e_")
            && !body.contains("E_");
        let cleaned: String = body.chars().filter(|&c| c != '_').collect();
        let zero = if is_float { Tok::FloatLit(0.0) } else { Tok::DoubleLit(0.0) };
        let nonzero_digits = mantissa(&cleaned).chars().any(|c| ('1'..='9').contains(&c));
        if !body_ok {
            self.error(
                codes::MALFORMED_NUMBER,
                "underscores are allowed only between digits".to_string(),
                start,
                end,
            );
            return zero;
        }
        let (is_zero, is_inf, tok) = if is_float {
            match cleaned.parse::<f32>() {
                Ok(v) => (v == 0.0, v.is_infinite(), Tok::FloatLit(v)),
                Err(_) => {
                    self.malformed_float(slice, start, end);
                    return zero;
                }
            }
        } else {
            match cleaned.parse::<f64>() {
                Ok(v) => (v == 0.0, v.is_infinite(), Tok::DoubleLit(v)),
                Err(_) => {
                    self.malformed_float(slice, start, end);
                    return zero;
                }
            }
        };
        let ty = if is_float { "float" } else { "double" };
        if is_inf {
            self.error(
                codes::LITERAL_OUT_OF_RANGE,
                format!("floating-point literal `{slice}` is too large for `{ty}`"),
                start,
                end,
            );
            return zero;
        }
        if is_zero && nonzero_digits {
            self.error(
                codes::LITERAL_OUT_OF_RANGE,
                format!("floating-point literal `{slice}` is too small for `{ty}`"),
                start,
                end,
            );
            return zero;
        }
        tok
    }

    /// Decodes a hexadecimal floating-point literal (`0x1.8p1`), correctly rounded to its
    /// type as Java does (JLS §3.10.2); reports malformed and out-of-range values as
    /// [`LexCx::float`] does.
    fn hex_float(&mut self, slice: &str, start: usize, end: usize) -> Tok {
        let is_float = slice.ends_with(['f', 'F']);
        let body = slice.get(2..).unwrap_or("").trim_end_matches(['f', 'F', 'd', 'D']);
        let (digits, exponent) = body.split_once(['p', 'P']).unwrap_or((body, ""));
        let zero = if is_float { Tok::FloatLit(0.0) } else { Tok::DoubleLit(0.0) };
        let digits_ok = digits.trim_matches('.').chars().any(|c| c.is_ascii_hexdigit());
        let underscores_ok = [digits, exponent]
            .iter()
            .all(|part| part.split('.').all(|run| !run.starts_with('_') && !run.ends_with('_')))
            && !exponent.trim_start_matches(['+', '-']).starts_with('_');
        // The exponent saturates: past any double's range, only its sign matters (a zero
        // mantissa is zero whatever it is).
        let (negative, digits_of_exponent) = match exponent.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, exponent.strip_prefix('+').unwrap_or(exponent)),
        };
        let exponent = match digits_of_exponent.chars().filter(|&c| c != '_').collect::<String>() {
            d if d.is_empty() || !d.bytes().all(|b| b.is_ascii_digit()) => Err(()),
            d => Ok(d.bytes().fold(0i64, |e, b| (e * 10 + i64::from(b - b'0')).min(100_000))),
        }
        .map(|e| if negative { -e } else { e });
        let (Ok(exponent), true, true) = (exponent, digits_ok, underscores_ok) else {
            self.error(
                codes::MALFORMED_NUMBER,
                format!("malformed hexadecimal floating-point literal `{slice}`"),
                start,
                end,
            );
            return zero;
        };
        let (precision, min_exp, max_exp) =
            if is_float { (24, -126, 127) } else { (53, -1022, 1023) };
        let value = round_hex(digits, exponent, precision, min_exp, max_exp);
        let ty = if is_float { "float" } else { "double" };
        match value {
            HexValue::Finite(v) if is_float => Tok::FloatLit(v as f32),
            HexValue::Finite(v) => Tok::DoubleLit(v),
            HexValue::TooLarge | HexValue::TooSmall => {
                let size = if matches!(value, HexValue::TooLarge) { "large" } else { "small" };
                self.error(
                    codes::LITERAL_OUT_OF_RANGE,
                    format!("floating-point literal `{slice}` is too {size} for `{ty}`"),
                    start,
                    end,
                );
                zero
            }
        }
    }

    fn malformed_float(&mut self, slice: &str, start: usize, end: usize) {
        let span = self.span(start, end);
        self.diags.push(
            Diagnostic::error(
                codes::MALFORMED_NUMBER,
                format!("malformed floating-point literal `{slice}`"),
                span,
            )
            .with_help("an exponent needs digits, as in `1e-3`"),
        );
    }

    /// Decodes the escapes of a string literal body starting at byte `offset`. Strings hold
    /// UTF-8 text: a lone surrogate becomes `?`, which is what Java's UTF-8 output writes
    /// for it (the runtime's `to_string::UNPAIRED`).
    fn decode_string(&mut self, body: &str, offset: usize) -> String {
        let units = self.decode_units(body, offset);
        char::decode_utf16(units).map(|c| c.unwrap_or('?')).collect()
    }

    /// Decodes a character literal; it must hold exactly one UTF-16 code unit.
    fn decode_char(&mut self, body: &str, start: usize, end: usize) -> u16 {
        let n_diags = self.diags.len();
        let units = self.decode_units(body, start + 1);
        if self.diags.len() > n_diags {
            // A broken escape is reported already; the literal's length is moot.
            return units.first().copied().unwrap_or(0);
        }
        match units.as_slice() {
            [one] => *one,
            [] => {
                self.error(
                    codes::INVALID_CHAR_LITERAL,
                    "empty character literal".to_string(),
                    start,
                    end,
                );
                0
            }
            [first, ..] => {
                self.error(
                    codes::INVALID_CHAR_LITERAL,
                    "character literal must hold exactly one character".to_string(),
                    start,
                    end,
                );
                *first
            }
        }
    }

    /// Decodes Java escapes (`\n`, octal, `\uXXXX`) into UTF-16 code units.
    fn decode_units(&mut self, body: &str, offset: usize) -> Vec<u16> {
        let mut units = Vec::new();
        let mut chars = body.char_indices().peekable();
        while let Some((index, c)) = chars.next() {
            if c != '\\' {
                let mut buf = [0u16; 2];
                units.extend_from_slice(c.encode_utf16(&mut buf));
                continue;
            }
            let esc_start = offset + index;
            let Some((_, e)) = chars.next() else {
                self.error(
                    codes::INVALID_ESCAPE,
                    "incomplete escape sequence".to_string(),
                    esc_start,
                    esc_start + 1,
                );
                break;
            };
            // A backslash an escape made, then a lone surrogate's escape: in Java the
            // surrogate follows the backslash, which makes no escape with it.
            let kept_after =
                self.translated.is_some_and(|t| t.kept.binary_search(&(esc_start + 1)).is_ok());
            let simple = match e {
                '\\' if kept_after => None,
                'b' => Some(0x08),
                't' => Some(0x09),
                'n' => Some(0x0a),
                'f' => Some(0x0c),
                'r' => Some(0x0d),
                's' => Some(0x20),
                '"' => Some(0x22),
                '\'' => Some(0x27),
                '\\' => Some(0x5c),
                _ => None,
            };
            if let Some(unit) = simple {
                units.push(unit);
                continue;
            }
            if let Some(first) = e.to_digit(8) {
                // Octal escape: up to three digits, the value at most `\377`.
                let mut value = first;
                let max_digits = if first <= 3 { 3 } else { 2 };
                for _ in 1..max_digits {
                    match chars.peek().and_then(|&(_, d)| d.to_digit(8)) {
                        Some(d) => {
                            value = value * 8 + d;
                            chars.next();
                        }
                        None => break,
                    }
                }
                units.push(value as u16);
                continue;
            }
            // A `\u` left by the translation is a lone surrogate's escape; any other was
            // made by one (`"\u005cu0041"`), which Java's literals do not take.
            let kept = self.translated.is_some_and(|t| t.kept.binary_search(&esc_start).is_ok());
            let malformed = self
                .translated
                .is_some_and(|t| t.malformed.iter().any(|&(at, ..)| at == esc_start));
            if e == 'u' && malformed {
                // Reported with the file's escapes; one code unit stands for it.
                while chars.peek().is_some_and(|&(_, c)| c == 'u' || c.is_ascii_hexdigit()) {
                    chars.next();
                }
                units.push(0);
                continue;
            }
            if e == 'u' && kept {
                while chars.peek().map(|&(_, c)| c) == Some('u') {
                    chars.next();
                }
                let mut value: u32 = 0;
                let mut n_digits = 0;
                while n_digits < 4 {
                    match chars.peek().and_then(|&(_, d)| d.to_digit(16)) {
                        Some(d) => {
                            value = value * 16 + d;
                            n_digits += 1;
                            chars.next();
                        }
                        None => break,
                    }
                }
                if n_digits < 4 {
                    let esc_end =
                        chars.peek().map(|&(i, _)| offset + i).unwrap_or(offset + body.len());
                    self.error(
                        codes::INVALID_ESCAPE,
                        "a `\\u` escape needs four hexadecimal digits".to_string(),
                        esc_start,
                        esc_end,
                    );
                    continue;
                }
                units.push(value as u16);
                continue;
            }
            let esc_end = esc_start + 1 + e.len_utf8();
            let span = self.span(esc_start, esc_end);
            // No message shows a backslash before `u`: a comment quoting it is an escape.
            let message = match (kept_after, e) {
                (true, _) => {
                    "invalid escape sequence: a backslash before an escaped surrogate".into()
                }
                (false, 'u') => {
                    "invalid escape sequence: a backslash a Unicode escape made, then `u`".into()
                }
                (false, _) => format!("invalid escape sequence `\\{}`", e.escape_debug()),
            };
            self.diags.push(Diagnostic::error(codes::INVALID_ESCAPE, message, span).with_help(
                "valid escapes are \\b \\t \\n \\f \\r \\s \\\" \\' \\\\, octal \\0..\\377 \
                     and \\uXXXX",
            ));
        }
        units
    }
}

/// The text between the quotes of a terminated literal.
fn inner(slice: &str) -> &str {
    slice.get(1..slice.len().saturating_sub(1)).unwrap_or("")
}

/// The mantissa digits of a decimal floating-point literal (before any exponent).
/// A hexadecimal floating-point literal's value ([`round_hex`]).
#[derive(Debug, PartialEq)]
enum HexValue {
    /// Exactly representable in the literal's type (a `float`'s as an `f64`).
    Finite(f64),
    TooLarge,
    /// Not zero, but nearer zero than half the smallest subnormal of the type.
    TooSmall,
}

/// The value of hexadecimal digits `digits` (with at most one `.`, underscores allowed)
/// times 2^`exponent`, rounded to nearest even at `precision` bits with the type's
/// exponent range (`min_exp` of its smallest normal, `max_exp` of its largest: subnormals
/// keep fewer bits), as Java rounds such a literal once, to its own type.
fn round_hex(digits: &str, exponent: i64, precision: u32, min_exp: i64, max_exp: i64) -> HexValue {
    // The digits as an integer `mant` times 2^`scale`, and whether digits too many to keep
    // were not all zero.
    let (mut mant, mut scale, mut sticky) = (0u128, exponent, false);
    let mut fraction = false;
    for c in digits.chars() {
        match c {
            '.' => fraction = true,
            '_' => {}
            _ => {
                let d = c.to_digit(16).unwrap_or(0) as u128;
                if mant >> 120 == 0 {
                    mant = mant << 4 | d;
                    scale -= if fraction { 4 } else { 0 };
                } else {
                    sticky |= d != 0;
                    scale += if fraction { 0 } else { 4 };
                }
            }
        }
    }
    if mant == 0 {
        return HexValue::Finite(0.0);
    }
    let bits = 128 - i64::from(mant.leading_zeros());
    // The binary exponent of the leading bit, and how many bits the type keeps there.
    let lead = bits - 1 + scale;
    let keep = if lead >= min_exp {
        i64::from(precision)
    } else {
        i64::from(precision) - (min_exp - lead)
    };
    let shift = bits - keep;
    let (m, q) = match shift {
        s if s <= 0 => (mant << -s, scale + s),
        s if s > 128 => return HexValue::TooSmall,
        s => {
            let kept = if s == 128 { 0 } else { mant >> s };
            let half = (mant >> (s - 1)) & 1 == 1;
            let below = s > 1 && mant & ((1u128 << (s - 1)) - 1) != 0;
            let up = half && (below || sticky || kept & 1 == 1);
            (kept + u128::from(up), scale + s)
        }
    };
    if m == 0 {
        return HexValue::TooSmall;
    }
    let lead = 127 - i64::from(m.leading_zeros()) + q;
    if lead > max_exp {
        return HexValue::TooLarge;
    }
    // `m` has at most `precision` + 1 bits: exact in an `f64`, and so is each scaling step.
    let mut value = m as f64;
    let mut q = q;
    while q < -1000 {
        value *= 2f64.powi(-1000);
        q += 1000;
    }
    while q > 1000 {
        value *= 2f64.powi(1000);
        q -= 1000;
    }
    HexValue::Finite(value * 2f64.powi(q as i32))
}

fn mantissa(cleaned: &str) -> &str {
    match cleaned.find(['e', 'E']) {
        Some(i) => &cleaned[..i],
        None => cleaned,
    }
}
