//! The verifier rejects broken MIR: each test breaks one invariant of a tiny function.

use somd_diag::Span;
use somd_mir::*;
use somd_syntax::ast::PrimType;

const INT: Type = Type::Prim(PrimType::Int);

fn module(f: Function) -> Module {
    Module {
        classes: vec![Class {
            name: "C".into(),
            is_value: false,
            fields: Vec::new(),
            span: Span::default(),
        }],
        functions: vec![f],
        ..Module::default()
    }
}

fn function(exprs: Vec<Expr>, body: Vec<Stmt>) -> Function {
    Function {
        name: "C.f".into(),
        class: ClassId(0),
        kind: FuncKind::Static,
        params: Vec::new(),
        ret: Type::Void,
        locals: vec![Local {
            name: "x".into(),
            ty: INT,
            kind: LocalKind::Var,
            dist: None,
            shared: false,
            span: Span::default(),
        }],
        exprs,
        labels: 0,
        body: Block { stmts: body },
        is_local: false,
        somd: None,
        intermediate: None,
        early_exits: Vec::new(),
        rereads: Vec::new(),
        to_strings: Vec::new(),
        span: Span::default(),
    }
}

fn expr(kind: ExprKind, ty: Type) -> Expr {
    Expr { kind, ty, span: Span::default() }
}

fn messages(m: &Module) -> String {
    match verify(m) {
        Ok(()) => String::new(),
        Err(errors) => errors.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n"),
    }
}

#[test]
fn accepts_a_well_formed_function() {
    let f = function(
        vec![expr(ExprKind::Const(Const::Int(1)), INT)],
        vec![Stmt::Let { local: LocalId(0), init: Some(ExprId(0)) }],
    );
    assert_eq!(messages(&module(f)), "");
}

#[test]
fn rejects_mismatched_operand_types() {
    let add = BinOp { kind: BinOpKind::Add, ty: PrimOrRef::Prim(PrimType::Int) };
    let f = function(
        vec![
            expr(ExprKind::Const(Const::Long(1)), Type::Prim(PrimType::Long)),
            expr(ExprKind::Const(Const::Int(1)), INT),
            expr(ExprKind::Binary { op: add, lhs: ExprId(0), rhs: ExprId(1) }, INT),
        ],
        vec![Stmt::Expr(ExprId(2))],
    );
    assert!(messages(&module(f)).contains("operands of `add.i32`"));
}

#[test]
fn rejects_shared_and_unused_expressions() {
    let f = function(
        vec![
            expr(ExprKind::Local(LocalId(0)), INT),
            expr(ExprKind::Assign { target: ExprId(0), value: ExprId(0) }, INT),
            expr(ExprKind::Const(Const::Int(3)), INT),
        ],
        vec![Stmt::Expr(ExprId(1))],
    );
    let text = messages(&module(f));
    assert!(text.contains("used more than once"), "{text}");
    assert!(text.contains("e2 is never used"), "{text}");
}

#[test]
fn rejects_non_place_targets_and_non_boolean_conditions() {
    let f = function(
        vec![
            expr(ExprKind::Const(Const::Int(1)), INT),
            expr(ExprKind::Const(Const::Int(2)), INT),
            expr(ExprKind::Assign { target: ExprId(0), value: ExprId(1) }, INT),
            expr(ExprKind::Const(Const::Int(0)), INT),
        ],
        vec![
            Stmt::Expr(ExprId(2)),
            Stmt::If { cond: ExprId(3), then_block: Block::default(), else_block: None },
        ],
    );
    let text = messages(&module(f));
    assert!(text.contains("not a place"), "{text}");
    assert!(text.contains("not `boolean`"), "{text}");
}

#[test]
fn rejects_bad_labels_and_sync_outside_somd() {
    let f = function(
        Vec::new(),
        vec![
            Stmt::Break(Some(LabelId(0))),
            Stmt::Sync {
                vars: Vec::new(),
                reduce: None,
                body: Block::default(),
                span: Span::default(),
            },
        ],
    );
    let text = messages(&module(f));
    assert!(text.contains("has no enclosing target"), "{text}");
    assert!(text.contains("`sync` outside a SOMD function"), "{text}");
}

#[test]
fn reports_internal_errors_of_lowering() {
    let mut m = module(function(Vec::new(), Vec::new()));
    m.internal_errors.push(InternalError {
        function: "C.f".into(),
        message: "no local info".into(),
        span: Span::default(),
    });
    assert!(messages(&m).contains("internal error in lowering: no local info"));
}

#[test]
fn rejects_handles_out_of_range() {
    let f = function(
        vec![
            expr(ExprKind::Local(LocalId(7)), INT),
            expr(ExprKind::Call { func: FuncId(9), receiver: None, args: Vec::new() }, Type::Void),
        ],
        vec![Stmt::Expr(ExprId(0)), Stmt::Expr(ExprId(1)), Stmt::Expr(ExprId(5))],
    );
    let text = messages(&module(f));
    assert!(text.contains("local %7 out of range"), "{text}");
    assert!(text.contains("function #9 out of range"), "{text}");
    assert!(text.contains("expression e5 out of range"), "{text}");
}
