//! Tests of the lexer and parser: AST shapes of the tricky constructs, diagnostics,
//! recovery and limits.

use crate::ast::*;
use crate::parse;
use somd_diag::{Diagnostic, FileId};

fn parse_ok(text: &str) -> CompilationUnit {
    let ids = IdGen::new();
    let (unit, diags) = parse(FileId(0), text, &ids);
    assert!(diags.is_empty(), "unexpected diagnostics for:\n{text}\n{diags:#?}");
    unit
}

fn parse_diags(text: &str) -> (CompilationUnit, Vec<Diagnostic>) {
    let ids = IdGen::new();
    parse(FileId(0), text, &ids)
}

#[test]
fn samples_parse_without_diagnostics() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let mut dirs = vec![std::path::PathBuf::from(format!("{root}/samples"))];
    let mut files = Vec::new();
    for tree in ["tests/pass", "tests/fail"] {
        dirs.push(std::path::PathBuf::from(format!("{root}/{tree}")));
    }
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() && !path.ends_with("syntax") {
                dirs.push(path);
            } else {
                files.push(path);
            }
        }
    }
    {
        for path in files {
            if path.extension().is_some_and(|e| e == "somd") {
                let text = std::fs::read_to_string(&path).expect("readable sample");
                let ids = IdGen::new();
                let (_, diags) = parse(FileId(0), &text, &ids);
                let msgs: Vec<String> = diags
                    .iter()
                    .map(|d| format!("{}:{} {}", path.display(), d.primary.span.start, d.message))
                    .collect();
                assert!(diags.is_empty(), "{msgs:#?}");
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// Helpers: an S-expression rendering of trees keeps the shape assertions short.

fn show_ty(ty: &TypeExpr) -> String {
    match &ty.kind {
        TypeExprKind::Void => "void".into(),
        TypeExprKind::Var => "var".into(),
        TypeExprKind::Prim(p) => format!("{p:?}").to_lowercase(),
        TypeExprKind::Named(n) => n.name.clone(),
        TypeExprKind::Array(t) => format!("arr({})", show_ty(t)),
        TypeExprKind::ValueArray(t, None) => format!("varr({})", show_ty(t)),
        TypeExprKind::ValueArray(t, Some(n)) => format!("varr({}, {})", show_ty(t), show(n)),
    }
}

fn show_all(es: &[Expr]) -> String {
    es.iter().map(show).collect::<Vec<_>>().join(" ")
}

fn show(e: &Expr) -> String {
    match &e.kind {
        ExprKind::Literal(l) => match l {
            Literal::Int(v) => format!("{v}"),
            Literal::Long(v) => format!("{v}L"),
            Literal::Float(v) => format!("{v:?}f"),
            Literal::Double(v) => format!("{v:?}d"),
            Literal::Char(c) => format!("c{c}"),
            Literal::Bool(b) => format!("{b}"),
            Literal::Str(s) => format!("{s:?}"),
            Literal::Null => "null".into(),
        },
        ExprKind::Name(n) => n.name.clone(),
        ExprKind::Field { target, name } => format!("(. {} {})", show(target), name.name),
        ExprKind::Index { target, index } => format!("([] {} {})", show(target), show(index)),
        ExprKind::Call { target, name, args } => match target {
            Some(t) => format!("(call {}.{} [{}])", show(t), name.name, show_all(args)),
            None => format!("(call {} [{}])", name.name, show_all(args)),
        },
        ExprKind::New { class, args } => format!("(new {} [{}])", class.name, show_all(args)),
        ExprKind::NewArray { ty, dims, init } => format!(
            "(newarray {} [{}]{})",
            show_ty(ty),
            show_all(dims),
            init.as_ref().map(|i| format!(" {{{}}}", show_all(i))).unwrap_or_default()
        ),
        ExprKind::NewValueArrayFrom { ty, source } => {
            format!("(freeze {} {})", show_ty(ty), show(source))
        }
        ExprKind::NewValueArrayLit { ty, elems } => {
            format!("(vlit {} {{{}}})", show_ty(ty), show_all(elems))
        }
        ExprKind::ArrayInit(elems) => format!("{{{}}}", show_all(elems)),
        ExprKind::Unary { op, operand } => format!("({op:?} {})", show(operand)),
        ExprKind::Binary { op, lhs, rhs } => {
            format!("({} {} {})", op.symbol(), show(lhs), show(rhs))
        }
        ExprKind::Assign { op, target, value } => {
            let op = op.map(|o| format!("{}=", o.symbol())).unwrap_or_else(|| "=".into());
            format!("({op} {} {})", show(target), show(value))
        }
        ExprKind::Conditional { cond, then_expr, else_expr } => {
            format!("(? {} {} {})", show(cond), show(then_expr), show(else_expr))
        }
        ExprKind::Cast { ty, expr } => format!("(cast {} {})", show_ty(ty), show(expr)),
        ExprKind::This => "this".into(),
        ExprKind::ThisCall { args } => format!("(this-call [{}])", show_all(args)),
        ExprKind::Map { class, method, args } => format!(
            "(@ {}{} [{}])",
            class.as_ref().map(|c| format!("{}.", c.name)).unwrap_or_default(),
            method.name,
            show_all(args)
        ),
        ExprKind::Reduce { op, operand, .. } => {
            let op = match op {
                ReduceOperator::Op(op) => op.symbol().to_string(),
                ReduceOperator::Method { class: Some(c), method } => {
                    format!("{}.{}", c.name, method.name)
                }
                ReduceOperator::Method { class: None, method } => method.name.clone(),
            };
            format!("(! {op} {})", show(operand))
        }
        ExprKind::TaskStatic { class, method } => format!("(task {}.{})", class.name, method.name),
        ExprKind::TaskInstance { class, args, method } => {
            format!("(task new {}[{}].{})", class.name, show_all(args), method.name)
        }
        ExprKind::Connect { lhs, rhs } => format!("(=> {} {})", show(lhs), show(rhs)),
        ExprKind::Error => "<error>".into(),
    }
}

/// The statements of the first method of the first class.
fn body_of(unit: &CompilationUnit) -> &[Stmt] {
    for member in &unit.classes[0].members {
        if let Member::Method(m) = member {
            return &m.body.as_ref().expect("method body").stmts;
        }
    }
    panic!("no method");
}

fn stmts(body: &str) -> CompilationUnit {
    parse_ok(&format!("class A {{ void f() {{ {body} }} }}"))
}

/// Parses `text` as the expression of an expression statement and renders it.
fn expr(text: &str) -> String {
    let unit = stmts(&format!("{text};"));
    match &body_of(&unit)[0].kind {
        StmtKind::Expr(e) => show(e),
        other => panic!("not an expression statement: {other:?}"),
    }
}

/// Parses `text` as the initializer of a local and renders it.
fn init(text: &str) -> String {
    let unit = stmts(&format!("var v = {text};"));
    match &body_of(&unit)[0].kind {
        StmtKind::Local(d) => show(d.vars[0].init.as_ref().expect("initializer")),
        other => panic!("not a declaration: {other:?}"),
    }
}

fn codes_of(diags: &[Diagnostic]) -> Vec<&'static str> {
    diags.iter().map(|d| d.code).collect()
}

// ---------------------------------------------------------------------------------------
// Expressions.

#[test]
fn binary_precedence_and_associativity() {
    assert_eq!(init("a + b * c - d"), "(- (+ a (* b c)) d)");
    assert_eq!(init("a - b - c"), "(- (- a b) c)");
    assert_eq!(init("a << 2 + 1"), "(<< a (+ 2 1))");
    assert_eq!(init("a >>> 3 >> 1"), "(>> (>>> a 3) 1)");
    assert_eq!(init("a < b == c > d"), "(== (< a b) (> c d))");
    assert_eq!(init("a | b ^ c & d"), "(| a (^ b (& c d)))");
    assert_eq!(init("a || b && c"), "(|| a (&& b c))");
    assert_eq!(init("a ? b : c ? d : e"), "(? a b (? c d e))");
    assert_eq!(init("a % b / c"), "(/ (% a b) c)");
}

#[test]
fn assignments_are_right_associative() {
    assert_eq!(expr("a = b = c"), "(= a (= b c))");
    assert_eq!(expr("a += 1"), "(+= a 1)");
    assert_eq!(expr("a >>>= 1"), "(>>>= a 1)");
    assert_eq!(expr("a <<= b >>= 2"), "(<<= a (>>= b 2))");
    for op in ["-=", "*=", "/=", "%=", "&=", "|=", "^="] {
        assert_eq!(expr(&format!("a {op} b")), format!("({op} a b)"));
    }
}

#[test]
fn connect_is_left_associative_and_binds_loosest() {
    assert_eq!(expr("x = a => b => c"), "(= x (=> (=> a b) c))");
    assert_eq!(init("a ? b : c => d"), "(=> (? a b c) d)");
    assert_eq!(init("a || b => c + d"), "(=> (|| a b) (+ c d))");
    assert_eq!(
        init("task Src.next => task new Sq(2).apply => task Snk.take"),
        "(=> (=> (task Src.next) (task new Sq[2].apply)) (task Snk.take))"
    );
}

#[test]
fn reductions_bind_like_unary_operators() {
    assert_eq!(init("+ ! a * 2"), "(* (! + a) 2)");
    assert_eq!(expr("x = + ! a"), "(= x (! + a))");
    assert_eq!(init("a + !b"), "(+ a (Not b))");
    assert_eq!(init("a + + ! b"), "(+ a (! + b))");
    assert_eq!(init("* ! a"), "(! * a)");
    assert_eq!(init("&& ! flags"), "(! && flags)");
    assert_eq!(init("|| ! flags"), "(! || flags)");
    assert_eq!(init("& ! a | ^ ! b"), "(| (! & a) (! ^ b))");
    assert_eq!(init("min ! a"), "(! min a)");
    assert_eq!(init("max ! a + 1"), "(+ (! max a) 1)");
    assert_eq!(init("Score.better ! scores"), "(! Score.better scores)");
    assert_eq!(init("better ! scores"), "(! better scores)");
    assert_eq!(init("+ ! (P @ f(xs))"), "(! + (@ P.f [xs]))");
    assert_eq!(init("- ! a"), "(Neg (Not a))");
}

#[test]
fn reduce_operator_spans_cover_the_operator() {
    let unit = stmts("var v = min ! a;");
    let StmtKind::Local(d) = &body_of(&unit)[0].kind else { panic!() };
    let e = d.vars[0].init.as_ref().expect("init");
    let ExprKind::Reduce { op_span, .. } = &e.kind else { panic!() };
    assert_eq!(op_span.end - op_span.start, 3);
}

#[test]
fn casts_follow_java() {
    assert_eq!(init("(int) -b"), "(cast int (Neg b))");
    assert_eq!(init("(a) - b"), "(- a b)");
    assert_eq!(init("(a) + b"), "(+ a b)");
    assert_eq!(init("(double)(a + b)"), "(cast double (+ a b))");
    assert_eq!(init("(float[]) o"), "(cast arr(float) o)");
    assert_eq!(init("(C[][]) o"), "(cast arr(arr(C)) o)");
    assert_eq!(init("(C) x"), "(cast C x)");
    assert_eq!(init("(C) !x"), "(cast C (Not x))");
    assert_eq!(init("(C) (x)"), "(cast C x)");
    assert_eq!(init("(C) this"), "(cast C this)");
    assert_eq!(init("(int) x + 1"), "(+ (cast int x) 1)");
    assert_eq!(init("(long) a * b"), "(* (cast long a) b)");
    assert_eq!(init("(int) + ! a"), "(cast int (! + a))");
    assert_eq!(init("(float[[]]) o"), "(cast varr(float) o)");
    assert_eq!(init("(a)++"), "(PostInc a)");
    assert_eq!(init("(a)[0]"), "([] a 0)");
}

#[test]
fn postfix_and_prefix_operators() {
    assert_eq!(expr("i++"), "(PostInc i)");
    assert_eq!(expr("--i"), "(PreDec i)");
    assert_eq!(init("-a++"), "(Neg (PostInc a))");
    assert_eq!(init("~a"), "(BitNot a)");
    assert_eq!(init("!!a"), "(Not (Not a))");
    assert_eq!(init("- -a"), "(Neg (Neg a))");
    assert_eq!(expr("a[i]++"), "(PostInc ([] a i))");
}

#[test]
fn primaries() {
    assert_eq!(init("a[b[i]]"), "([] a ([] b i))");
    assert_eq!(init("a[i][j]"), "([] ([] a i) j)");
    assert_eq!(init("m.x[i].y"), "(. ([] (. m x) i) y)");
    assert_eq!(init("a.length"), "(. a length)");
    assert_eq!(init("f()[0]"), "([] (call f []) 0)");
    assert_eq!(init("this.x"), "(. this x)");
    assert_eq!(init("o.m(1, 2).n()"), "(call (call o.m [1 2]).n [])");
    assert_eq!(init("Math.max(a, b)"), "(call Math.max [a b])");
    assert_eq!(init("System.out.println(x)"), "(call (. System out).println [x])");
    assert_eq!(init("new C(1, x)"), "(new C [1 x])");
    assert_eq!(init("new int[3].length"), "(. (newarray arr(int) [3]) length)");
    assert_eq!(init("Integer.MAX_VALUE"), "(. Integer MAX_VALUE)");
    // A constructor's `this(..)` (the checker keeps it to a constructor's first statement).
    assert_eq!(expr("this(a, b + 1)"), "(this-call [a (+ b 1)])");
    assert_eq!(expr("this()"), "(this-call [])");
}

#[test]
fn array_creation() {
    assert_eq!(init("new int[n][]"), "(newarray arr(arr(int)) [n])");
    assert_eq!(init("new int[n][m]"), "(newarray arr(arr(int)) [n m])");
    assert_eq!(init("new C[n]"), "(newarray arr(C) [n])");
    assert_eq!(init("new int[]{1, 2}"), "(newarray arr(int) [] {1 2})");
    assert_eq!(init("new int[][]{{1}, {2,}}"), "(newarray arr(arr(int)) [] {{1} {2}})");
    assert_eq!(init("new float[[]](arr)"), "(freeze varr(float) arr)");
    assert_eq!(init("new float[[]][[4]](m)"), "(freeze varr(varr(float, 4)) m)");
    assert_eq!(init("new float[[]]{1f, 2f}"), "(vlit varr(float) {1.0f 2.0f})");
    assert_eq!(
        init("new float[[4]]{1f, 2f, 3f, 4f}"),
        "(vlit varr(float, 4) {1.0f 2.0f 3.0f 4.0f})"
    );
    assert_eq!(init("new int[n][[3]]"), "(newarray arr(varr(int, 3)) [n])");
    // Creations with an initializer, and value arrays made from an array, may be indexed.
    assert_eq!(init("new int[]{1, 2}[k]"), "([] (newarray arr(int) [] {1 2}) k)");
    assert_eq!(init("new int[][]{{1}}[0][1]"), "([] ([] (newarray arr(arr(int)) [] {{1}}) 0) 1)");
    assert_eq!(init("new int[[]](a)[2]"), "([] (freeze varr(int) a) 2)");
    // Without an initializer, a bracket is one more dimension, as in Java.
    assert_eq!(init("new int[n][0]"), "(newarray arr(arr(int)) [n 0])");
}

/// `reduce(+)` written after a method's parameters, where Java puts nothing: the help says
/// it is a modifier and where it goes.
#[test]
fn a_reduce_after_the_parameters_is_told_to_go_before_the_return_type() {
    let (_, diags) =
        parse_diags("class A { static float sum(dist float[] a) reduce(+) { return 0; } }");
    let help = diags[0].help.as_deref().unwrap_or_default();
    assert!(help.contains("write it before the return type"), "{diags:?}");
}

/// A prefix operator other than `-`, `!`, `~`, `++`, `--` starts a reduction and must be
/// followed by `!`: unary plus gets the hint that it is not in the language.
#[test]
fn unary_plus_is_explained() {
    let (_, diags) = parse_diags("class A { void f() { int y = +x; } }");
    assert_eq!(codes_of(&diags), ["E0001"]);
    let help = diags[0].help.as_deref().unwrap_or_default();
    assert!(help.contains("unary plus is not in the language"), "{help}");
}

/// Java statements the language leaves out get a help line naming them, at the error in
/// the statement they start (`switch (k) {` fails at its `{`, `case 1:` at the `1`) and at
/// a left-out operator itself; an error elsewhere gets none.
#[test]
fn left_out_java_statements_are_named() {
    let helps = |source: &str| -> Vec<String> {
        let (_, diags) = parse_diags(source);
        diags.iter().map(|d| d.help.clone().unwrap_or_default()).collect()
    };
    let switch = helps("class A { void f(int k) { switch (k) { case 1: k++; } } }");
    assert!(
        !switch.is_empty() && switch.iter().all(|h| h.contains("`switch` is not")),
        "{switch:?}"
    );
    let try_ = helps("class A { void f() { try { g(); } catch (E e) { } } }");
    assert!(!try_.is_empty() && try_.iter().all(|h| h.contains("`try`/`catch`")), "{try_:?}");
    let sync = helps("class A { void f(int[] a) { synchronized (a) { g(); } } }");
    assert_eq!(sync.len(), 1);
    assert!(sync[0].contains("`sync` blocks"), "{sync:?}");
    let inst = helps("class A { boolean f(A o) { return o instanceof A; } }");
    assert_eq!(inst.len(), 1);
    assert!(inst[0].contains("`instanceof` is not"), "{inst:?}");
    // Not at the statement's start: after a `for` header, an `else`, an `=`.
    for source in [
        "class A { void f(int n) { for (int i = 0; i < n; i++) switch (i) { } } }",
        "class A { void f(int k) { if (k > 0) { } else try { g(); } } }",
        "class A { void f(int k) { int x = switch (k) { }; } }",
    ] {
        let first = helps(source);
        assert!(first[0].contains("is not in the language"), "{source}: {first:?}");
    }
    assert_eq!(helps("class A { void f() { int x = 1 2; } }"), [""]);
}

/// `dist(dim = 1, view = ..)` and `dist(view = .., dim = 1)` are told that a qualifier
/// takes one form.
#[test]
fn a_second_dist_strategy_is_explained() {
    let (_, diags) = parse_diags(
        "class A { static int f(dist(dim = 1, view = <1, 1>) int[][] g) { return 0; } }",
    );
    let help = diags[0].help.as_deref().unwrap_or_default();
    assert!(help.contains("`dist(..)` takes one form"), "{diags:?}");
    // A view first, then `dim`: the error is at `dim`, where another pair was expected.
    let (_, diags) = parse_diags(
        "class A { static int f(dist(polyview = <1, 1>, <1, 1>, dim = 1) int[][] g) { return 0; } }",
    );
    let help = diags[0].help.as_deref().unwrap_or_default();
    assert!(help.contains("`dist(..)` takes one form"), "{diags:?}");
    // A comma after the qualifier belongs to the parameter list: a missing type there gets
    // no such help.
    let (_, diags) = parse_diags("class A { static int f(dist(dim = 2) m, int k) { return 0; } }");
    assert!(diags.iter().all(|d| d.help.is_none()), "{diags:?}");
}

#[test]
fn lime_expressions() {
    assert_eq!(init("task C.m"), "(task C.m)");
    assert_eq!(init("task new C(a, 1).m"), "(task new C[a 1].m)");
    assert_eq!(init("NBody @ force(p, p)"), "(@ NBody.force [p p])");
    assert_eq!(init("@ square(xs)"), "(@ square [xs])");
    assert_eq!(init("(P @ f(xs))[0]"), "([] (@ P.f [xs]) 0)");
    assert_eq!(expr("g.finish()"), "(call g.finish [])");
}

// ---------------------------------------------------------------------------------------
// Literals.

#[test]
fn integer_literals() {
    assert_eq!(init("42"), "42");
    assert_eq!(init("0x1F"), "31");
    assert_eq!(init("0XfF_fF"), "65535");
    assert_eq!(init("0b1010"), "10");
    assert_eq!(init("017"), "15");
    assert_eq!(init("0"), "0");
    assert_eq!(init("1_000_000"), "1000000");
    assert_eq!(init("0xFFFFFFFF"), "-1");
    assert_eq!(init("0x80000000"), "-2147483648");
    assert_eq!(init("2147483647"), "2147483647");
    assert_eq!(init("-2147483648"), "-2147483648");
    assert_eq!(init("10L"), "10L");
    assert_eq!(init("0xFFFFFFFFFFFFFFFFL"), "-1L");
    assert_eq!(init("-9223372036854775808L"), "-9223372036854775808L");
    assert_eq!(init("9223372036854775807l"), "9223372036854775807L");
    assert_eq!(init("- 2147483647"), "(Neg 2147483647)");
    assert_eq!(init("x - 2147483647"), "(- x 2147483647)");
}

#[test]
fn min_int_literal_folds_to_a_single_literal() {
    let unit = stmts("var v = -2147483648;");
    let StmtKind::Local(d) = &body_of(&unit)[0].kind else { panic!() };
    let e = d.vars[0].init.as_ref().expect("init");
    assert_eq!(e.kind, ExprKind::Literal(Literal::Int(i32::MIN)));
    assert_eq!((e.span.start, e.span.end), (29, 40));
}

#[test]
fn out_of_range_integers_are_reported() {
    for (text, message) in [
        ("2147483648", "integer literal `2147483648` is too large for `int`"),
        ("-(2147483648)", "integer literal `2147483648` is too large for `int`"),
        ("x - 2147483648", "integer literal `2147483648` is too large for `int`"),
        ("9223372036854775808L", "integer literal `9223372036854775808L` is too large for `long`"),
        ("4294967296", "integer literal `4294967296` is too large for `int`"),
        ("0x1FFFFFFFF", "integer literal `0x1FFFFFFFF` is too large for `int`"),
        (
            "99999999999999999999999999999999999999999L",
            "integer literal `99999999999999999999999999999999999999999L` is too large for `long`",
        ),
    ] {
        let (_, diags) = parse_diags(&format!("class A {{ void f() {{ var v = {text}; }} }}"));
        assert_eq!(codes_of(&diags), ["E0005"], "{text}");
        assert_eq!(diags[0].message, message);
    }
}

#[test]
fn floating_literals() {
    assert_eq!(init("1.0"), "1.0d");
    assert_eq!(init("1e-3"), "0.001d");
    assert_eq!(init(".5"), "0.5d");
    assert_eq!(init("2f"), "2.0f");
    assert_eq!(init("2.0d"), "2.0d");
    assert_eq!(init("1.5F"), "1.5f");
    assert_eq!(init("3."), "3.0d");
    assert_eq!(init("1_0.2_5"), "10.25d");
    assert_eq!(init("6.02E23"), "6.02e23d");
    assert_eq!(init("1e+2f"), "100.0f");
    assert_eq!(init("0.1f"), "0.1f");
    assert_eq!(init("0.0"), "0.0d");
}

#[test]
fn char_and_string_literals() {
    assert_eq!(init("'a'"), "c97");
    assert_eq!(init("'\\n'"), "c10");
    assert_eq!(init("'\\u0041'"), "c65");
    assert_eq!(init("'\\uuu0041'"), "c65");
    assert_eq!(init("'\\101'"), "c65");
    assert_eq!(init("'\\0'"), "c0");
    assert_eq!(init("'\\377'"), "c255");
    assert_eq!(init("'\\''"), "c39");
    assert_eq!(init("'\\\\'"), "c92");
    assert_eq!(init("'é'"), "c233");
    assert_eq!(init("\"a\\tb\\\"c\\u00e9\\n\""), "\"a\\tb\\\"cé\\n\"");
    assert_eq!(init("\"\""), "\"\"");
    assert_eq!(init("\"x // not a comment\""), "\"x // not a comment\"");
    assert_eq!(init("true"), "true");
    assert_eq!(init("false"), "false");
    assert_eq!(init("null"), "null");
}

#[test]
fn lexical_errors_are_reported_and_lexing_goes_on() {
    let cases: &[(&str, &str, &str)] = &[
        ("var v = 1; /* never closed", "E0004", "unterminated block comment"),
        ("var v = \"abc;", "E0004", "unterminated string literal"),
        ("var v = 'a;", "E0004", "unterminated character literal"),
        ("var v = 1 # 2;", "E0003", "unknown character `#`"),
        ("var v = \"\\q\";", "E0007", "invalid escape sequence `\\q`"),
        ("var v = '\\u12';", "E0007", "illegal Unicode escape"),
        ("var v = 09;", "E0006", "invalid digit `9` in octal literal"),
        ("var v = 0x;", "E0006", "hexadecimal literal has no digits"),
        ("var v = 0b102;", "E0006", "invalid digit `2` in binary literal"),
        ("var v = 1e;", "E0006", "malformed floating-point literal `1e`"),
        ("var v = 1_;", "E0006", "underscores are allowed only between digits"),
        ("var v = 1e999;", "E0005", "floating-point literal `1e999` is too large for `double`"),
        ("var v = 1e-50f;", "E0005", "floating-point literal `1e-50f` is too small for `float`"),
        ("var v = '';", "E0011", "empty character literal"),
        ("var v = 'ab';", "E0011", "character literal must hold exactly one character"),
    ];
    for (body, code, message) in cases {
        let text = format!("class A {{ void f() {{ {body} }} }}");
        let (_, diags) = parse_diags(&text);
        assert!(
            diags.iter().any(|d| d.code == *code && d.message == *message),
            "{body}: {diags:#?}"
        );
    }
    // A run of unknown characters is one diagnostic.
    let (_, diags) = parse_diags("class A { § ¬ }");
    assert_eq!(codes_of(&diags), ["E0003", "E0003"]);
    let (_, diags) = parse_diags("class A { void f() { int x = 1; } } ##");
    assert_eq!(codes_of(&diags), ["E0003"]);
    assert_eq!(diags[0].message, "unknown characters `##`");
}

#[test]
fn unicode_identifiers() {
    assert_eq!(init("größe + π"), "(+ größe π)");
}

// ---------------------------------------------------------------------------------------
// Types, declarations and members.

fn local_types(body: &str) -> Vec<(String, String)> {
    let unit = stmts(body);
    let mut out = Vec::new();
    for s in body_of(&unit) {
        if let StmtKind::Local(d) = &s.kind {
            for v in &d.vars {
                out.push((v.name.name.clone(), show_ty(&v.ty)));
            }
        }
    }
    out
}

#[test]
fn value_array_types_nest_outside_in() {
    let types = local_types(
        "float[[]][[4]] a; int[][[3]] b; int[[N]] c; int a2[], b2; int[] c2[]; var d = 1; \
         boolean[][][] e; C[[]] f; int[[2 * K]][] g;",
    );
    let expected = [
        ("a", "varr(varr(float, 4))"),
        ("b", "arr(varr(int, 3))"),
        ("c", "varr(int, N)"),
        ("a2", "arr(int)"),
        ("b2", "int"),
        ("c2", "arr(arr(int))"),
        ("d", "var"),
        ("e", "arr(arr(arr(boolean)))"),
        ("f", "varr(C)"),
        ("g", "varr(arr(int), (* 2 K))"),
    ];
    let got: Vec<(&str, &str)> = types.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
    assert_eq!(got, expected);
}

#[test]
fn local_declarations() {
    let unit = stmts(
        "final int x = 1, y; dist int[] c = new int[a.length]; shared double s = 0; \
         int[] a = {1, 2}; int[][] m = {{1}, {2, 3}}; final var z = x;",
    );
    let body = body_of(&unit);
    let decl = |i: usize| match &body[i].kind {
        StmtKind::Local(d) => d,
        other => panic!("{other:?}"),
    };
    assert!(decl(0).modifiers.is_final());
    assert_eq!(decl(0).vars.len(), 2);
    assert!(decl(0).vars[1].init.is_none());
    assert_eq!(decl(1).dist.as_ref().map(|d| &d.kind), Some(&DistKind::Block));
    assert!(decl(2).modifiers.is_shared());
    assert_eq!(show(decl(3).vars[0].init.as_ref().expect("init")), "{1 2}");
    assert_eq!(show(decl(4).vars[0].init.as_ref().expect("init")), "{{1} {2 3}}");
    assert_eq!(show_ty(&decl(5).ty), "var");
    let ids: std::collections::HashSet<_> =
        (0..6).flat_map(|i| decl(i).vars.iter().map(|v| v.id)).collect();
    assert_eq!(ids.len(), 7);
}

fn first_method(text: &str) -> MethodDecl {
    let unit = parse_ok(text);
    for member in &unit.classes[0].members {
        if let Member::Method(m) = member {
            return m.clone();
        }
    }
    panic!("no method")
}

#[test]
fn dist_forms() {
    let m = first_method(
        "class A { static int[] f(dist int[] a, final dist(dim = 2) double[][] m, \
         dist(view = <1,1>) double[] v, dist(view = <1,1>, <0, H + 1>) double[][] g, \
         dist(polyview = <1,1>, <1,1>) double[][] p, dist(P) int[] u, \
         dist(P(n, a.length)) int[] w, int n) { return a; } }",
    );
    let kinds: Vec<String> = m
        .params
        .iter()
        .map(|p| match p.dist.as_ref().map(|d| &d.kind) {
            None => "none".to_string(),
            Some(DistKind::Block) => "block".to_string(),
            Some(DistKind::Dim(e)) => format!("dim {}", show(e)),
            Some(DistKind::View(pairs)) | Some(DistKind::PolyView(pairs)) => pairs
                .iter()
                .map(|p| format!("<{},{}>", show(&p.before), show(&p.after)))
                .collect::<Vec<_>>()
                .join(" "),
            Some(DistKind::User { class, args }) => format!("{}({})", class.name, show_all(args)),
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "block",
            "dim 2",
            "<1,1>",
            "<1,1> <0,(+ H 1)>",
            "<1,1> <1,1>",
            "P()",
            "P(n (. a length))",
            "none"
        ]
    );
    assert!(matches!(m.params[4].dist.as_ref().map(|d| &d.kind), Some(DistKind::PolyView(_))));
    assert!(m.params[1].modifiers.is_final());
    assert_eq!(show_ty(&m.params[1].ty), "arr(arr(double))");
    let ids: std::collections::HashSet<_> = m.params.iter().map(|p| p.id).collect();
    assert_eq!(ids.len(), m.params.len());
}

#[test]
fn reduce_modifiers() {
    let strategy = |mods: &str| {
        let m = first_method(&format!("class A {{ {mods} int f(dist int[] a) {{ return 0; }} }}"));
        m.modifiers.reduce().map(|(s, _)| s.clone())
    };
    let op = |op| Some(ReduceStrategy::Op(op));
    assert_eq!(strategy("public static reduce(+)"), op(ReduceOp::Add));
    assert_eq!(strategy("reduce(-) static"), op(ReduceOp::Sub));
    assert_eq!(strategy("static reduce(*) public"), op(ReduceOp::Mul));
    assert_eq!(strategy("reduce(min)"), op(ReduceOp::Min));
    assert_eq!(strategy("reduce(max)"), op(ReduceOp::Max));
    assert_eq!(strategy("reduce(&)"), op(ReduceOp::BitAnd));
    assert_eq!(strategy("reduce(|)"), op(ReduceOp::BitOr));
    assert_eq!(strategy("reduce(^)"), op(ReduceOp::BitXor));
    assert_eq!(strategy("reduce(&&)"), op(ReduceOp::And));
    assert_eq!(strategy("reduce(||)"), op(ReduceOp::Or));
    assert_eq!(strategy("reduce(self)"), Some(ReduceStrategy::SelfCall));
    assert!(
        matches!(strategy("reduce(Merge)"), Some(ReduceStrategy::Class(c)) if c.name == "Merge")
    );
    assert_eq!(strategy("static local"), None);
}

#[test]
fn members_and_classes() {
    let unit = parse_ok(
        "package a.b;\nimport java.util.*;\nimport java.util.Random;\nimport static java.lang.Math.max;\n\
         public class A {\n  static final int N = 4, M;\n  private double x;\n  A(int x) { this.x = x; }\n\
         public static void main(String[] args) { }\n  static local int sq(int v) { return v * v; }\n\
         int g();\n ;\n}\n\
         value class P { final float x; float y; P(float x, float y) { this.x = x; this.y = y; } }\n\
         final class Q { }",
    );
    assert_eq!(unit.classes.len(), 3);
    let a = &unit.classes[0];
    assert!(!a.is_value);
    assert_eq!(a.members.len(), 6);
    assert!(
        matches!(&a.members[0], Member::Field(f) if f.vars.len() == 2 && f.modifiers.is_final())
    );
    assert!(matches!(&a.members[2], Member::Constructor(c) if c.name.name == "A"));
    assert!(matches!(&a.members[3], Member::Method(m) if m.ret.kind == TypeExprKind::Void));
    assert!(matches!(&a.members[4], Member::Method(m) if m.modifiers.is_local()));
    assert!(matches!(&a.members[5], Member::Method(m) if m.body.is_none()));
    assert!(unit.classes[1].is_value);
    assert_eq!(unit.classes[1].name.name, "P");
}

#[test]
fn value_stays_usable_as_a_name() {
    let unit = parse_ok("class A { int value; void f(long value) { value = value + 1; } }");
    assert_eq!(unit.classes[0].members.len(), 2);
    let (_, diags) = parse_diags("foo class A { }");
    assert_eq!(diags[0].message, "expected `class` or `value class`, found identifier `foo`");
}

// ---------------------------------------------------------------------------------------
// Statements.

#[test]
fn control_flow_statements() {
    let unit = stmts(
        "if (a) if (b) x = 1; else x = 2; \
         while (i < n) i++; do { i--; } while (i > 0); \
         for (int i = 0, j = 1; i < n; i++, j--) { } for (;;) break; for (i = 0, j = 0; ; ) continue; \
         outer: for (;;) { inner: while (true) { continue outer; } } \
         return; throw new Underflow(); ; { }",
    );
    let body = body_of(&unit);
    // The `else` belongs to the inner `if`.
    let StmtKind::If { then_branch, else_branch: None, .. } = &body[0].kind else { panic!() };
    assert!(matches!(&then_branch.kind, StmtKind::If { else_branch: Some(_), .. }));
    assert!(matches!(&body[1].kind, StmtKind::While { .. }));
    assert!(matches!(&body[2].kind, StmtKind::DoWhile { .. }));
    let StmtKind::For { init, cond: Some(_), update, .. } = &body[3].kind else { panic!() };
    assert!(matches!(&init[..], [Stmt { kind: StmtKind::Local(d), .. }] if d.vars.len() == 2));
    assert_eq!(update.len(), 2);
    let StmtKind::For { init, cond: None, update, body: b } = &body[4].kind else { panic!() };
    assert!(init.is_empty() && update.is_empty());
    assert!(matches!(b.kind, StmtKind::Break(None)));
    let StmtKind::For { init, .. } = &body[5].kind else { panic!() };
    assert_eq!(init.len(), 2);
    let StmtKind::Labeled { label, body: l } = &body[6].kind else { panic!() };
    assert_eq!(label.name, "outer");
    let StmtKind::For { body: fb, .. } = &l.kind else { panic!() };
    let StmtKind::Block(b) = &fb.kind else { panic!() };
    let StmtKind::Labeled { body: w, .. } = &b.stmts[0].kind else { panic!() };
    let StmtKind::While { body: wb, .. } = &w.kind else { panic!() };
    let StmtKind::Block(wb) = &wb.kind else { panic!() };
    assert!(matches!(&wb.stmts[0].kind, StmtKind::Continue(Some(l)) if l.name == "outer"));
    assert!(matches!(body[7].kind, StmtKind::Return(None)));
    assert!(matches!(&body[8].kind, StmtKind::Throw(e) if show(e) == "(new Underflow [])"));
    assert!(matches!(body[9].kind, StmtKind::Empty));
    assert!(matches!(body[10].kind, StmtKind::Block(_)));
}

#[test]
fn sync_statements() {
    let unit =
        stmts("sync { x = 1; } sync (g, h) { } sync reduce(+) (norm) { } sync reduce(max) (m) { }");
    let body = body_of(&unit);
    let sync = |i: usize| match &body[i].kind {
        StmtKind::Sync(s) => s.clone(),
        other => panic!("{other:?}"),
    };
    assert!(sync(0).reduce.is_none() && sync(0).vars.is_empty());
    assert_eq!(sync(1).vars.iter().map(|v| v.name.as_str()).collect::<Vec<_>>(), ["g", "h"]);
    assert_eq!(sync(2).reduce.map(|r| r.0), Some(ReduceOp::Add));
    assert_eq!(sync(2).vars[0].name, "norm");
    assert_eq!(sync(3).reduce.map(|r| r.0), Some(ReduceOp::Max));
}

#[test]
fn spans_are_exact() {
    let text = "class A { void f() { x = a + b * c; } }";
    let unit = parse_ok(text);
    let StmtKind::Expr(e) = &body_of(&unit)[0].kind else { panic!() };
    assert_eq!(&text[e.span.range()], "x = a + b * c");
    let ExprKind::Assign { value, .. } = &e.kind else { panic!() };
    assert_eq!(&text[value.span.range()], "a + b * c");
    assert_eq!(&text[body_of(&unit)[0].span.range()], "x = a + b * c;");
    assert_eq!(&text[unit.classes[0].span.range()], text);
}

#[test]
fn expression_ids_are_unique() {
    let ids = IdGen::new();
    let (a, _) = parse(FileId(0), "class A { int f() { return a + b; } }", &ids);
    let (b, _) = parse(FileId(1), "class B { int f() { return a + b; } }", &ids);
    let id = |u: &CompilationUnit| {
        let Member::Method(m) = &u.classes[0].members[0] else { panic!() };
        let StmtKind::Return(Some(e)) = &m.body.as_ref().expect("body").stmts[0].kind else {
            panic!()
        };
        e.id
    };
    assert_ne!(id(&a), id(&b));
}

// ---------------------------------------------------------------------------------------
// Recovery, limits and robustness.

#[test]
fn three_independent_errors_give_three_diagnostics() {
    let text = "class A {\n  void f() { int x = 1 }\n  void g() { y = = 2; }\n  int h() { return 1 +; }\n  int ok() { return 0; }\n}\n";
    let (unit, diags) = parse_diags(text);
    assert_eq!(codes_of(&diags), ["E0001", "E0001", "E0001"], "{diags:#?}");
    assert_eq!(diags[0].message, "expected one of `;`, `,`, found `}`");
    assert_eq!(diags[1].message, "expected an expression, found `=`");
    assert_eq!(diags[2].message, "expected an expression, found `;`");
    // Every method survives, with error statements where the source was broken.
    assert_eq!(unit.classes[0].members.len(), 4);
}

#[test]
fn recovery_at_member_and_class_level() {
    let (unit, diags) = parse_diags(
        "class A { int f( { return 1; } void g() { x = 1; } }\nclass B { int }\nclass C { void h() { } }",
    );
    assert_eq!(codes_of(&diags), ["E0001", "E0001"], "{diags:#?}");
    let names: Vec<&str> = unit.classes.iter().map(|c| c.name.name.as_str()).collect();
    assert_eq!(names, ["A", "B", "C"]);
    assert_eq!(unit.classes[0].members.len(), 1);
    let (unit, diags) = parse_diags("int x;\nclass A { }");
    assert_eq!(codes_of(&diags), ["E0001"]);
    assert_eq!(
        diags[0].message,
        "expected one of `package`, `import`, `;`, a class declaration, found `int`"
    );
    assert_eq!(unit.classes.len(), 1);
}

#[test]
fn member_keywords_in_a_body_do_not_end_the_method() {
    // `local` and `reduce` are keywords that start members; used as Java names inside a
    // body, each use is one error and the methods and class around them survive.
    let (unit, diags) = parse_diags(
        "class A {\n  void f() {\n    int local = 2;\n    g(local);\n  }\n  void g(int x) { }\n}\n",
    );
    let messages: Vec<&str> = diags.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "expected one of identifier, `[`, found `local`",
            "expected one of `)`, an expression, found `local`",
        ],
        "{diags:#?}"
    );
    assert_eq!(unit.classes.len(), 1);
    assert_eq!(unit.classes[0].members.len(), 2);
    let (unit, diags) = parse_diags(
        "class A {\n  static int f(int x) {\n    int reduce = x;\n    return g(reduce);\n  }\n}\nclass B { }\n",
    );
    assert_eq!(codes_of(&diags), ["E0001", "E0001"], "{diags:#?}");
    assert_eq!(unit.classes.len(), 2);
    assert_eq!(unit.classes[0].members.len(), 1);
}

#[test]
fn end_of_file_errors() {
    let (unit, diags) = parse_diags("class A { void f() { x = 1; }");
    assert_eq!(codes_of(&diags), ["E0002"]);
    assert_eq!(
        diags[0].message,
        "unexpected end of file, expected one of `}`, `;`, a member declaration"
    );
    assert_eq!(diags[0].primary.span.start, 29);
    // The parser supplies the missing brace, so the class and its method are kept.
    assert_eq!(unit.classes.len(), 1);
    assert_eq!(unit.classes[0].members.len(), 1);
    for text in
        ["class A { void f() { x = 1", "class A { void f() { x = f(1, g[2", "class", "class A {"]
    {
        let (_, diags) = parse_diags(text);
        assert_eq!(codes_of(&diags), ["E0002"], "{text}");
    }
}

#[test]
fn semantic_syntax_errors() {
    let (_, diags) = parse_diags(
        "class A { void f(dist(foo = 3) int[] a, dist(dim = <1,1>) int[] b, dist(view = 2) int[] c) {\n\
         sync reduce(foo) (x) { } int[] z = new int[](q); x = (a + b) c; } }",
    );
    let got: Vec<(&str, &str)> = diags.iter().map(|d| (d.code, d.message.as_str())).collect();
    assert_eq!(
        got,
        [
            ("E0010", "unknown `dist` option `foo`"),
            ("E0010", "`dim` takes a dimension number, not a view pair"),
            ("E0010", "`view` takes `<before, after>` pairs"),
            ("E0012", "unknown reduction operator `foo`"),
            ("E0013", "only a value array can be created from another array"),
            ("E0009", "expected a type in parentheses before this operand"),
        ]
    );
}

/// Runs `f` on a thread with a small stack, so that unbounded recursion would show.
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(1024 * 1024)
        .spawn(f)
        .expect("thread")
        .join()
        .expect("no panic")
}

fn too_deep(text: String) -> Vec<&'static str> {
    on_small_stack(move || {
        let (unit, diags) = parse_diags(&text);
        drop(unit);
        codes_of(&diags)
    })
}

#[test]
fn deep_brackets_are_reported_not_overflowed() {
    let parens = format!(
        "class A {{ int f() {{ return {}1{}; }} }}",
        "(".repeat(100_000),
        ")".repeat(100_000)
    );
    assert_eq!(too_deep(parens), ["E0008"]);
    let opens = format!("class A {{ int f() {{ return {}", "(".repeat(100_000));
    assert!(too_deep(opens).contains(&"E0008"));
    let braces = format!(
        "class A {{ void f() {{ {} }} }} class B {{ }}",
        "{".repeat(50_000) + &"}".repeat(50_000)
    );
    assert_eq!(too_deep(braces), ["E0008"]);
    let brackets =
        format!("class A {{ void f() {{ x = a{}; }} }}", "[b".repeat(10_000) + &"]".repeat(10_000));
    assert_eq!(too_deep(brackets), ["E0008"]);
    // Nesting just under the limit is fine.
    let ok = format!("class A {{ int f() {{ return {}1{}; }} }}", "(".repeat(200), ")".repeat(200));
    assert!(too_deep(ok).is_empty());
}

#[test]
fn deep_trees_are_cut_off() {
    let sum = format!("class A {{ int f() {{ return {}a; }} }}", "a + ".repeat(50_000));
    assert_eq!(too_deep(sum), ["E0008"]);
    let assign = format!("class A {{ void f() {{ {}0; }} }}", "x = ".repeat(50_000));
    assert_eq!(too_deep(assign), ["E0008"]);
    let negs = format!("class A {{ int f() {{ return {}a; }} }}", "- ".repeat(50_000));
    assert_eq!(too_deep(negs), ["E0008"]);
    let ifs = format!("class A {{ void f() {{ {}x = 1; }} }}", "if (a) ".repeat(50_000));
    assert_eq!(too_deep(ifs), ["E0008"]);
    let labels = format!("class A {{ void f() {{ {}; }} }}", "l: ".repeat(50_000));
    assert_eq!(too_deep(labels), ["E0008"]);
    let dims = format!("class A {{ int{} x; }}", "[]".repeat(50_000));
    assert_eq!(too_deep(dims), ["E0008"]);
    let connects = format!("class A {{ void f() {{ g = {}t; }} }}", "t => ".repeat(50_000));
    assert_eq!(too_deep(connects), ["E0008"]);
    let calls = format!("class A {{ void f() {{ x = a{}; }} }}", ".b()".repeat(50_000));
    assert_eq!(too_deep(calls), ["E0008"]);
    // Operator chains below the tree limit are accepted (Java takes them; generated code
    // writes them), and drop safely on a small stack.
    let long_sum = format!("class A {{ int f() {{ return {}a; }} }}", "a + ".repeat(1_500));
    assert!(too_deep(long_sum).is_empty());
    // A long but shallow chain of statements is fine.
    let flat = format!("class A {{ void f() {{ {} }} }}", "x = 1; ".repeat(50_000));
    assert!(too_deep(flat).is_empty());
}

/// A small deterministic generator (64-bit LCG), so that failures are reproducible.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0 >> 33
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[test]
fn random_input_never_panics() {
    const PIECES: &[&str] = &[
        "class",
        "value",
        "A",
        "{",
        "}",
        "(",
        ")",
        "[",
        "]",
        "[[",
        "]]",
        ";",
        ",",
        ".",
        "@",
        "!",
        "+",
        "-",
        "*",
        "<",
        ">",
        ">>>",
        "=",
        "=>",
        "int",
        "x",
        "1",
        "2147483648",
        "0x",
        "1e",
        "'",
        "\"",
        "/*",
        "*/",
        "//",
        "\n",
        " ",
        "dist",
        "reduce",
        "sync",
        "task",
        "new",
        "if",
        "else",
        "for",
        "while",
        "return",
        "view",
        "min",
        "\\u",
        "é",
        "\0",
        "#",
        "?",
        ":",
        "var",
    ];
    on_small_stack(|| {
        let mut rng = Lcg(0x5eed);
        for round in 0..3000 {
            let mut text = String::new();
            let n_pieces = rng.below(80);
            for _ in 0..n_pieces {
                if round % 3 == 0 {
                    // Raw characters, including arbitrary Unicode scalars.
                    let c = char::from_u32(rng.next() as u32 % 0x11_0000).unwrap_or('x');
                    text.push(c);
                } else {
                    text.push_str(PIECES[rng.below(PIECES.len())]);
                    if rng.below(2) == 0 {
                        text.push(' ');
                    }
                }
            }
            let _ = parse_diags(&text);
        }
        // Every prefix of a real program.
        let program = "class A { static reduce(+) int f(dist(view = <1,1>) int[] a) { int s = 0; \
                       for (int i = 0; i < a.length; i++) { s += a[i]; } return s; } \
                       void g() { t = task C.m => task new D(1).n; x = + ! (P @ m(v)); } }";
        for end in 0..=program.len() {
            let _ = parse_diags(&program[..end]);
        }
    });
}

/// Prints the annotations of a fixture file (`SOMD_ANNOTATE=path`); a development aid.
#[test]
fn annotate_fixture() {
    let Ok(path) = std::env::var("SOMD_ANNOTATE") else { return };
    let text = std::fs::read_to_string(&path).expect("fixture");
    let (_, diags) = parse_diags(&text);
    let file = somd_diag::SourceFile::new("f", text.clone());
    for d in diags {
        let (line, col) = file.line_col(d.primary.span.start as usize);
        println!("// error[{}] {line}:{col}: {}", d.code, d.message);
    }
}
