//! The parser entry point: lexing, the LALRPOP grammar, error recovery and limits.
//!
//! [`parse`] always returns a [`CompilationUnit`]: syntax errors are recovered from at the
//! statement, member and class level (the grammar's `!` productions), each becoming one
//! diagnostic, and unparsable pieces become [`StmtKind::Error`] / [`ExprKind::Error`] nodes.
//! LALRPOP's errors are translated into [`Diagnostic`]s here and never leak out.
//!
//! Limits keep later recursive passes (and `Drop`) safe on hostile input: brackets nested
//! deeper than [`MAX_BRACKET_DEPTH`] drop the body of the enclosing class before parsing,
//! and trees deeper than [`MAX_TREE_DEPTH`] are cut off while they are built (a node that
//! would exceed the limit becomes an error node), so no tree the parser returns or drops is
//! deep.

mod state;

use crate::ast::{ClassDecl, CompilationUnit, IdGen};
use crate::codes;
use crate::lexer::{self, LexError, Spanned, Tok};
use lalrpop_util::ParseError;
use somd_diag::{Diagnostic, FileId, Span};

pub(crate) use state::{Dim, ParseState, RawDeclarator, VarMod};

lalrpop_util::lalrpop_mod!(
    #[allow(clippy::all, clippy::unwrap_used, clippy::pedantic, unused, missing_docs)]
    grammar
);

/// The deepest nesting of `(`, `[` and `{` that is accepted.
pub const MAX_BRACKET_DEPTH: usize = 256;

/// Parse errors this many tokens or fewer after the previous one are not reported.
const CASCADE_TOKENS: usize = 3;

/// The deepest nesting of expressions, statements and array types that is accepted.
///
/// Brackets are limited to [`MAX_BRACKET_DEPTH`], so trees deeper than that come from
/// operator chains such as a generated `a0 + a1 + ... + a999`, which Java accepts. The
/// limit keeps every recursive pass (and `Drop`) within a few hundred kilobytes of stack
/// on the caller's thread, while the driver runs the passes on a large-stack thread.
pub const MAX_TREE_DEPTH: u32 = 2048;

/// Parses one file. `ids` hands out the expression and declaration ids; share one
/// [`IdGen`] between all files of a compilation so ids are unique across them.
pub fn parse(file: FileId, text: &str, ids: &IdGen) -> (CompilationUnit, Vec<Diagnostic>) {
    let (tokens, mut diagnostics) = lexer::lex(file, text);
    let tokens = limit_bracket_depth(file, tokens, &mut diagnostics);
    let tokens = library_names(tokens);
    let tokens = member_dist(file, tokens, &mut diagnostics);
    let eof = text.len();
    let token_starts: Vec<usize> = tokens.iter().map(|t| t.0).collect();
    let kinds: Vec<Tok> = tokens.iter().map(|t| t.1.clone()).collect();

    let mut run = run_parser(file, text, ids, tokens.clone());
    let eof_error = run.fatal.take().or_else(|| {
        let index =
            run.errors.iter().position(|e| matches!(e, ParseError::UnrecognizedEof { .. }))?;
        Some(run.errors.remove(index))
    });
    if let Some(eof_error) = eof_error {
        // The file ended inside a construct, and recovery dropped the construct. Parse
        // again with the missing closing brackets supplied, so that everything before the
        // end is kept; errors at the supplied tokens are replaced by the one end-of-file
        // error.
        let mut patched = tokens;
        patched.extend(closing_tokens(&patched, eof));
        let mut second = run_parser(file, text, ids, patched);
        second.errors.retain(|e| error_position(e, eof) < eof);
        second.errors.push(eof_error);
        run = second;
    }
    // An error within a few tokens after the previous one is usually a consequence of
    // the recovery from it, not a problem of its own.
    let mut last_error_token: Option<usize> = None;
    for error in run.errors {
        let token_index = token_starts.partition_point(|&s| s < error_position(&error, eof));
        if last_error_token.is_some_and(|last| token_index <= last + CASCADE_TOKENS) {
            continue;
        }
        last_error_token = Some(token_index);
        let mut diagnostic = parse_error_diagnostic(file, error, eof);
        if diagnostic.help.is_none() {
            if let Some(help) = context_help(&kinds, token_index) {
                diagnostic = diagnostic.with_help(help);
            }
        }
        diagnostics.push(diagnostic);
    }
    diagnostics.extend(run.diagnostics);
    somd_diag::sort(&mut diagnostics);
    (CompilationUnit { file, classes: run.classes }, diagnostics)
}

/// The outcome of one run of the generated parser.
struct Run {
    classes: Vec<ClassDecl>,
    /// Errors recovered from, in source order.
    errors: Vec<GrammarError>,
    /// The error that ended the parse, when recovery was impossible (at the end of file).
    fatal: Option<GrammarError>,
    /// Diagnostics found while building nodes.
    diagnostics: Vec<Diagnostic>,
}

fn run_parser(file: FileId, text: &str, ids: &IdGen, tokens: Vec<Spanned>) -> Run {
    let st = ParseState::new(file, text, ids);
    let result = grammar::UnitParser::new().parse(&st, tokens.into_iter().map(Ok::<_, LexError>));
    let (classes, fatal) = match result {
        Ok(classes) => (classes, None),
        Err(error) => (Vec::new(), Some(error)),
    };
    let errors = st.take_parse_errors();
    Run { classes, errors, fatal, diagnostics: st.finish() }
}

/// The tokens that close every bracket still open at the end of `tokens`, innermost
/// first; a `;` before each `}` ends an unfinished statement or member.
fn closing_tokens(tokens: &[Spanned], eof: usize) -> Vec<Spanned> {
    let mut open: Vec<Tok> = Vec::new();
    for (_, tok, _) in tokens {
        match tok {
            Tok::LParen => open.push(Tok::RParen),
            Tok::LBracket => open.push(Tok::RBracket),
            Tok::LBrace => open.push(Tok::RBrace),
            Tok::RParen | Tok::RBracket | Tok::RBrace => {
                open.pop();
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    for closer in open.into_iter().rev() {
        if closer == Tok::RBrace {
            out.push((eof, Tok::Semi, eof));
        }
        out.push((eof, closer, eof));
    }
    out
}

/// The library classes LANGUAGE.md §1 offers, by the package Java declares them in.
const LIBRARY_CLASSES: &[(&str, &[&str])] = &[
    ("lang", &["Math", "Integer", "Long", "Float", "Double", "System", "String"]),
    ("util", &["Random"]),
];

/// `dist` (or `dist(..)`) among a member's modifiers or type, outside its parameter list
/// and body: `static dist int[] twice(dist int[] a)`. It qualifies parameters and local
/// variables only (LANGUAGE.md §2.2), so it is reported here and left out of the tokens the
/// grammar sees: the member parses with its other modifiers, and no later stage reports a
/// consequence (a `static` dropped by the parser's recovery made every call of the method
/// "non-static" too).
fn member_dist(
    file: FileId,
    tokens: Vec<Spanned>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<Spanned> {
    let mut out: Vec<Spanned> = Vec::with_capacity(tokens.len());
    let (mut braces, mut parens) = (0usize, 0usize);
    // Whether the outermost `{` open is a class body (a `class` came before it): after a
    // stray `}` the code that follows is no member, and the parser reports it.
    let (mut saw_class, mut class_body) = (false, false);
    let mut i = 0;
    while i < tokens.len() {
        let token = &tokens[i];
        match token.1 {
            Tok::Class if braces == 0 => saw_class = true,
            Tok::LBrace => {
                if braces == 0 {
                    class_body = std::mem::take(&mut saw_class);
                }
                braces += 1;
            }
            Tok::RBrace => {
                braces = braces.saturating_sub(1);
                if braces == 0 {
                    class_body = false;
                }
            }
            Tok::LParen => parens += 1,
            Tok::RParen => parens = parens.saturating_sub(1),
            Tok::Dist if class_body && braces == 1 && parens == 0 => {
                diagnostics.push(
                    Diagnostic::error(
                        codes::UNEXPECTED_TOKEN,
                        "`dist` cannot qualify a method's result or a field",
                        Span::new(file, token.0, token.2),
                    )
                    .with_label("`dist` here")
                    .with_help(
                        "`dist` qualifies parameters and local variables of array type; a SOMD \
                         method returns its result whole (its MIs' results are reduced or \
                         assembled)",
                    ),
                );
                i += 1;
                // `dist(view = <1,1>)`: its options go with it, up to its `)` (or the end of
                // the member's header, where a `)` is missing: the parser reports that).
                if matches!(tokens.get(i), Some((_, Tok::LParen, _))) {
                    let mut depth = 0usize;
                    while let Some((_, tok, _)) = tokens.get(i) {
                        if matches!(tok, Tok::Semi | Tok::LBrace | Tok::RBrace) {
                            break;
                        }
                        i += 1;
                        match tok {
                            Tok::LParen => depth += 1,
                            Tok::RParen => {
                                depth -= 1;
                                if depth == 0 {
                                    break;
                                }
                            }
                            _ => {}
                        }
                    }
                }
                continue;
            }
            _ => {}
        }
        out.push(token.clone());
        i += 1;
    }
    out
}

/// Replaces each fully qualified name of a library class (`java.util.Random`,
/// `java.lang.Math`) by the class's simple name, spanning the whole qualified name, as Java
/// resolves both to the same class: `java.util.Random r = new java.util.Random(42);`.
/// Other qualified names are left for the grammar (`import java.util.*;`, field accesses).
fn library_names(tokens: Vec<Spanned>) -> Vec<Spanned> {
    // A program naming anything `java` (a variable, a field, a class) obscures the package,
    // as in Java: each such declaration has `java` followed by something other than `.`.
    let declares_java = tokens.windows(2).any(|w| {
        matches!(&w[0].1, Tok::Ident(name) if name == "java") && !matches!(w[1].1, Tok::Dot)
    });
    if declares_java {
        return tokens;
    }
    let mut out: Vec<Spanned> = Vec::with_capacity(tokens.len());
    let mut i = 0;
    while i < tokens.len() {
        if let [(start, Tok::Ident(java), _), (_, Tok::Dot, _), (_, Tok::Ident(package), _), (_, Tok::Dot, _), (_, Tok::Ident(class), end), ..] =
            &tokens[i..]
        {
            let known = LIBRARY_CLASSES
                .iter()
                .any(|(p, classes)| p == package && classes.contains(&class.as_str()));
            // After a `.` the name is a member's (`p.java.lang.Math`), not the package.
            let member = matches!(out.last(), Some((_, Tok::Dot, _)));
            if java == "java" && known && !member {
                out.push((*start, Tok::Ident(class.clone()), *end));
                i += 5;
                continue;
            }
        }
        out.push(tokens[i].clone());
        i += 1;
    }
    out
}

/// Reports brackets nested deeper than [`MAX_BRACKET_DEPTH`] and drops the tokens of the
/// top-level construct (usually a class body) that contains them, so that the parser never
/// sees them.
fn limit_bracket_depth(
    file: FileId,
    tokens: Vec<Spanned>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<Spanned> {
    let mut out: Vec<Spanned> = Vec::with_capacity(tokens.len());
    let mut depth: usize = 0;
    // Index in `out` just after the most recent opener at depth 0.
    let mut outer_body: Option<usize> = None;
    let mut skipping = false;
    for token in tokens {
        let opens = matches!(token.1, Tok::LParen | Tok::LBracket | Tok::LBrace);
        let closes = matches!(token.1, Tok::RParen | Tok::RBracket | Tok::RBrace);
        if opens {
            if depth == 0 {
                outer_body = Some(out.len() + 1);
            }
            depth += 1;
            if depth > MAX_BRACKET_DEPTH && !skipping {
                diagnostics.push(
                    Diagnostic::error(
                        codes::NESTING_TOO_DEEP,
                        format!("brackets nested more than {MAX_BRACKET_DEPTH} levels deep"),
                        Span::new(file, token.0, token.2),
                    )
                    .with_label("nesting exceeds the limit here")
                    .with_note("the whole enclosing declaration is skipped"),
                );
                out.truncate(outer_body.unwrap_or(0));
                skipping = true;
            }
        } else if closes {
            depth = depth.saturating_sub(1);
            if skipping && depth == 0 {
                skipping = false;
                out.push(token);
                continue;
            }
        }
        if !skipping {
            out.push(token);
        }
    }
    out
}

type GrammarError = ParseError<usize, Tok, LexError>;

/// Java's statements and operators the language leaves out (LANGUAGE.md §1.4, §1.6), by a
/// word that starts them, with what to write instead.
const LEFT_OUT: &[(&str, &str)] = &[
    ("switch", SWITCH_HELP),
    ("case", SWITCH_HELP),
    ("default", SWITCH_HELP),
    ("try", TRY_HELP),
    ("catch", TRY_HELP),
    ("finally", TRY_HELP),
    (
        "synchronized",
        "`synchronized` is not in the language: method instances meet at `sync` blocks \
         (LANGUAGE.md §2.5)",
    ),
    ("instanceof", "`instanceof` is not in the language (LANGUAGE.md §1.4)"),
    ("assert", "`assert` is not in the language (LANGUAGE.md §1.4): test with an `if`"),
];

const SWITCH_HELP: &str =
    "`switch` is not in the language (LANGUAGE.md §1.4): write an `if`/`else if` chain";

const TRY_HELP: &str = "`try`/`catch` is not in the language: an exception ends the program \
                        with its Java message and exit status 1 (LANGUAGE.md §1.6)";

/// The help of [`LEFT_OUT`] for a token that is one of its words.
fn left_out_word(tok: &Tok) -> Option<&'static str> {
    let Tok::Ident(name) = tok else { return None };
    LEFT_OUT.iter().find(|(word, _)| word == name).map(|(_, help)| *help)
}

/// The help for a syntax error at token `at` of `tokens` that the tokens around it explain:
/// a word of [`LEFT_OUT`], or one among the tokens back to the last `;`, `{` or `}`
/// (`switch (k) {` fails at its `{`); a second strategy in a `dist(..)` qualifier
/// ([`DIST_ONE_FORM`]).
fn context_help(tokens: &[Tok], at: usize) -> Option<&'static str> {
    if let Some(help) = tokens.get(at).and_then(left_out_word) {
        return Some(help);
    }
    // The comma before a second form, or the second form's word after a view's pairs
    // (`view = <1, 1>, dim = 2` fails at `dim`, where a pair was expected).
    let comma = match tokens.get(at) {
        Some(Tok::Comma) => Some(at),
        Some(Tok::Ident(word)) if matches!(word.as_str(), "dim" | "view" | "polyview") => {
            at.checked_sub(1).filter(|c| tokens[*c] == Tok::Comma)
        }
        _ => None,
    };
    if let Some(comma) = comma {
        if (comma.saturating_sub(64)..comma).any(|k| second_form(tokens, k, comma)) {
            return Some(DIST_ONE_FORM);
        }
    }
    // The words are reserved, so one anywhere between the last `;`, `{` or `}` and the
    // error is what the error is about (`for (..; i++) switch (i) {`, `else try {`).
    let stop = |t: &Tok| matches!(t, Tok::Semi | Tok::LBrace | Tok::RBrace);
    let before = &tokens[..at.min(tokens.len())];
    let start = before.iter().rposition(stop).map_or(0, |k| k + 1);
    before[start..].iter().find_map(left_out_word)
}

/// Whether tokens `k..at` are `dist ( dim = ..` or `dist ( view = ..` (`polyview`) with the
/// comma at `at` inside its parentheses and after a view's pairs: a second strategy follows.
fn second_form(tokens: &[Tok], k: usize, at: usize) -> bool {
    let [Tok::Dist, Tok::LParen, Tok::Ident(word), Tok::Assign, ..] = &tokens[k..] else {
        return false;
    };
    if !matches!(word.as_str(), "dim" | "view" | "polyview") {
        return false;
    }
    // The pairs of a view hold commas of their own: only a comma outside `<..>` starts a
    // second form, and one past the closing `)` belongs to the parameter list.
    let mut depth = 0usize;
    let mut angles = 0usize;
    for tok in &tokens[k + 1..at] {
        match tok {
            Tok::LParen => depth += 1,
            Tok::RParen if depth <= 1 => return false,
            Tok::RParen => depth -= 1,
            Tok::Lt => angles += 1,
            Tok::Gt => angles = angles.saturating_sub(1),
            _ => {}
        }
    }
    depth == 1 && angles == 0
}

const DIST_ONE_FORM: &str = "`dist(..)` takes one form (LANGUAGE.md §2.2): `dim = k`, `view = \
                             ..`, `polyview = ..` or a strategy class, not two";

fn error_position(error: &GrammarError, eof: usize) -> usize {
    match error {
        ParseError::UnrecognizedToken { token, .. } | ParseError::ExtraToken { token } => token.0,
        ParseError::InvalidToken { location } => *location,
        ParseError::UnrecognizedEof { .. } => eof,
        ParseError::User { error } => match *error {},
    }
}

/// Turns a LALRPOP error into a diagnostic with readable token names.
fn parse_error_diagnostic(file: FileId, error: GrammarError, eof: usize) -> Diagnostic {
    match error {
        ParseError::UnrecognizedToken { token: (start, tok, end), expected } => {
            let span = Span::new(file, start, end);
            let message = match describe_expected(&expected) {
                Some(expected) => format!("{expected}, found {tok}"),
                None => format!("unexpected {tok}"),
            };
            let diagnostic = Diagnostic::error(codes::UNEXPECTED_TOKEN, message, span)
                .with_label("unexpected token");
            // Only `!` can follow an operator in prefix position: it starts a reduction
            // (`+ ! a`), and unary plus is no operator of the language (§1.4).
            if matches!(expected.as_slice(), [only] if only == "\"!\"") {
                diagnostic.with_help(
                    "an operator before an operand starts a reduction (`+ ! a`); unary plus is \
                     not in the language: write the operand alone",
                )
            } else if tok == Tok::Reduce && expected.iter().any(|e| e == "\"{\"") {
                // `float sum(dist float[] a) reduce(+) {`: the modifier after the parameters.
                diagnostic.with_help(
                    "`reduce(..)` is a modifier of the method: write it before the return type, \
                     as in `static reduce(+) float sum(dist float[] a)` (LANGUAGE.md §2.3)",
                )
            } else {
                diagnostic
            }
        }
        ParseError::ExtraToken { token: (start, tok, end) } => Diagnostic::error(
            codes::UNEXPECTED_TOKEN,
            format!("expected end of file, found {tok}"),
            Span::new(file, start, end),
        )
        .with_label("unexpected token"),
        ParseError::UnrecognizedEof { expected, .. } => {
            let message = match describe_expected(&expected) {
                Some(expected) => format!("unexpected end of file, {expected}"),
                None => "unexpected end of file".to_string(),
            };
            Diagnostic::error(codes::UNEXPECTED_EOF, message, Span::new(file, eof, eof))
                .with_label("the file ends here")
        }
        ParseError::InvalidToken { location } => Diagnostic::error(
            codes::INVALID_CHARACTER,
            "invalid token",
            Span::new(file, location, location),
        ),
        ParseError::User { error } => match error {},
    }
}

/// Tokens that start an expression; named together as "an expression".
const EXPRESSION_START: &[&str] = &[
    "Ident",
    "IntLit",
    "LongLit",
    "FloatLit",
    "DoubleLit",
    "CharLit",
    "StrLit",
    "true",
    "false",
    "null",
    "this",
    "new",
    "task",
    "@",
    "(",
    "-",
    "!",
    "~",
    "++",
    "--",
    "+",
    "*",
    "&",
    "|",
    "^",
    "&&",
    "||",
];

/// Tokens that start a statement besides expressions and types.
const STATEMENT_START: &[&str] = &[
    "if", "while", "do", "for", "break", "continue", "return", "throw", "sync", "final", "shared",
    "dist", "{", ";",
];

const TYPES: &[&str] = &["boolean", "byte", "short", "char", "int", "long", "float", "double"];

const MEMBER_START: &[&str] =
    &["public", "private", "protected", "static", "final", "local", "reduce", "void"];

/// Operators that may continue an expression; named together as "an operator".
const OPERATORS: &[&str] = &[
    "+", "-", "*", "/", "%", "<<", ">>", ">>>", "<", ">", "<=", ">=", "==", "!=", "&", "|", "^",
    "&&", "||", "?", "=>", "=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=",
    ">>>=", ".", "[", "++", "--", "@",
];

/// Phrases LALRPOP's list of expected terminals: "expected one of `;`, `,`".
fn describe_expected(expected: &[String]) -> Option<String> {
    let names: Vec<&str> = expected
        .iter()
        .map(|e| e.strip_prefix('"').and_then(|e| e.strip_suffix('"')).unwrap_or(e.as_str()))
        .collect();
    let has = |name: &str| names.contains(&name);
    let mut removed: Vec<&str> = Vec::new();
    let mut phrases: Vec<&str> = Vec::new();
    if has("while") {
        removed.extend(STATEMENT_START);
        removed.extend(EXPRESSION_START);
        removed.extend(TYPES);
        phrases.push("a statement");
    } else if has("public") && has("class") {
        removed.extend(MEMBER_START);
        removed.extend(["class", "Ident"]);
        phrases.push("a class declaration");
    } else if has("public") {
        removed.extend(MEMBER_START);
        removed.extend(TYPES);
        removed.push("Ident");
        phrases.push("a member declaration");
    } else {
        if has("IntLit") {
            removed.extend(EXPRESSION_START);
            phrases.push("an expression");
        }
        if has("int") {
            removed.extend(TYPES);
            phrases.push("a type");
        }
    }
    let n_operators =
        names.iter().filter(|n| OPERATORS.contains(n) && !removed.contains(n)).count();
    if n_operators > 3 {
        removed.extend(OPERATORS);
        phrases.push("an operator");
    }
    let mut items: Vec<String> = names
        .iter()
        .filter(|n| !removed.contains(n))
        .map(|n| match *n {
            "Ident" => "identifier".to_string(),
            "IntLit" | "LongLit" => "integer literal".to_string(),
            "FloatLit" | "DoubleLit" => "floating-point literal".to_string(),
            "CharLit" => "character literal".to_string(),
            "StrLit" => "string literal".to_string(),
            other => format!("`{other}`"),
        })
        .collect();
    items.dedup();
    items.extend(phrases.iter().map(|p| p.to_string()));
    match items.len() {
        0 => None,
        1 => Some(format!("expected {}", items[0])),
        n if n > 8 => {
            Some(format!("expected one of {}, and {} others", items[..7].join(", "), n - 7))
        }
        _ => Some(format!("expected one of {}", items.join(", "))),
    }
}

#[cfg(test)]
mod tests;
