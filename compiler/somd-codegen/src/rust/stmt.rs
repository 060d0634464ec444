//! Functions and statements. Loops are `'lN: loop`; a loop whose `continue` must still run
//! the update (or, for `do`/`while`, the test) wraps its body in a labelled block `'cN: {}`
//! that `continue` breaks out of.

use super::expr::{paren, FnCx, Frame};
use super::types::{const_default, is_copy};
use super::writer::Level;
use super::EmitError;
use somd_mir::{Block, ExprId, ExprKind, FuncKind, Stmt, Type};
use std::fmt::Write;

impl FnCx<'_> {
    /// The function's signature, parameters first (`geo` for SOMD bodies, then `this`).
    fn signature(&self) -> Result<String, EmitError> {
        let func = self.func;
        let mut params = Vec::new();
        if let Some(sig) = &func.somd {
            let _ = sig;
            params.push("geo: &[Geo]".to_string());
        }
        if func.kind == FuncKind::Instance {
            let this_ty = self.ty(&self.local_ty(somd_mir::LocalId(0))?.clone())?;
            params.push(format!("{}: &{this_ty}", self.local_name(somd_mir::LocalId(0))));
        }
        for p in &func.params {
            let ty = self.local_ty(*p)?;
            let rust = self.ty(ty)?;
            let name = self.local_name(*p);
            let mutable = if self.assigned[p.0 as usize] { "mut " } else { "" };
            params.push(if is_copy(ty) {
                format!("{mutable}{name}: {rust}")
            } else {
                format!("{name}: &{rust}")
            });
        }
        let ret = match func.kind {
            FuncKind::Ctor => format!(" -> {}", self.ty(&Type::Object(func.class))?),
            _ if func.ret == Type::Void => String::new(),
            _ => format!(" -> {}", self.ty(&func.ret)?),
        };
        let name = &self.names.functions[self.fid.0 as usize];
        Ok(signature_text(name, &params, &ret))
    }

    pub fn write_function(&mut self, out: &mut String) -> Result<(), EmitError> {
        let func = self.func;
        let what = match func.kind {
            FuncKind::Ctor => "Constructor",
            FuncKind::StaticInit => "Static initializer",
            _ if func.somd.is_some() => "Method instance (MI) body of SOMD method",
            _ => "Method",
        };
        writeln!(out, "/// {what} `{}`.", func.name)?;
        let sig = self.signature()?;
        writeln!(out, "{sig}")?;
        let level = Level(1);
        for local in self.reassigned.clone() {
            let name = self.local_name(local);
            writeln!(out, "{level}let mut {name} = {name}.clone();")?;
        }
        if func.kind == FuncKind::Ctor {
            let class = &self.names.classes[func.class.0 as usize];
            let this = self.local_name(somd_mir::LocalId(0));
            if self.value_ctor() {
                writeln!(out, "{level}let mut {this} = {class}::default();")?;
            } else {
                writeln!(out, "{level}let {this} = Obj::new({class}::default());")?;
            }
        }
        self.block_stmts(out, level, &func.body)?;
        if func.kind == FuncKind::Ctor {
            writeln!(out, "{level}{}", self.ctor_result())?;
        } else if func.ret != Type::Void && !ends_in_return(&func.body) {
            // Java's definite-return rules accept bodies whose end Rust cannot prove dead.
            writeln!(out, "{level}unreachable!(\"missing return in {}\")", func.name)?;
        }
        writeln!(out, "}}")?;
        Ok(())
    }

    fn ctor_result(&self) -> String {
        let this = self.local_name(somd_mir::LocalId(0));
        if self.value_ctor() {
            format!("Val::new({this})")
        } else {
            this
        }
    }

    fn block_stmts(
        &mut self,
        out: &mut String,
        level: Level,
        block: &Block,
    ) -> Result<(), EmitError> {
        for stmt in &block.stmts {
            self.stmt(out, level, stmt)?;
        }
        Ok(())
    }

    /// An expression evaluated for its effect.
    fn expr_stmt(&mut self, id: ExprId) -> Result<String, EmitError> {
        let expr = self.e(id)?;
        match &expr.kind {
            ExprKind::Assign { target, value } => self.assign(id, *target, *value, false),
            ExprKind::CompoundAssign { target, op, value } => {
                self.compound(id, *target, Some((*op, *value)), 0, true, false)
            }
            ExprKind::IncDec { target, delta, .. } => {
                self.compound(id, *target, None, *delta, true, false)
            }
            _ => self.expr(id),
        }
    }

    fn cond(&mut self, id: ExprId) -> Result<String, EmitError> {
        self.expr(id)
    }

    fn new_label(&mut self, prefix: char) -> String {
        self.next_label += 1;
        format!("'{prefix}{}", self.next_label)
    }

    fn stmt(&mut self, out: &mut String, level: Level, stmt: &Stmt) -> Result<(), EmitError> {
        match stmt {
            Stmt::Let { local, init: Some(init) } if self.borrowable_element(*local, *init) => {
                // An element of a value array never changes and the array local is never
                // reassigned: borrow it instead of cloning the handle.
                let ty = self.ty(self.local_ty(*local)?)?;
                let name = self.local_name(*local);
                let value = self.recv(*init)?;
                self.by_ref[local.0 as usize] = true;
                writeln!(out, "{level}let {name}: &{ty} = {value};")?;
            }
            Stmt::Let { local, init } => {
                let ty = self.local_ty(*local)?;
                let rust = self.ty(ty)?;
                let value = match init {
                    Some(e) => self.expr(*e)?,
                    None => const_default(self.module, &self.names.classes, ty)?,
                };
                let name = self.local_name(*local);
                write_text(out, level, &format!("let mut {name}: {rust} = "), &value, ";")?;
            }
            Stmt::Expr(e) => {
                let text = self.expr_stmt(*e)?;
                write_text(out, level, "", &text, ";")?;
            }
            Stmt::If { cond, then_block, else_block } => {
                let c = self.cond(*cond)?;
                writeln!(out, "{level}if {c} {{")?;
                self.block_stmts(out, level.next(), then_block)?;
                self.write_else(out, level, else_block.as_ref())?;
            }
            Stmt::Loop { label, test, test_at_end, body, update } => {
                let brk = self.new_label('l');
                let needs_block =
                    (!update.is_empty() || *test_at_end) && uses_continue(body, *label, true);
                let cont_label = if needs_block { Some(self.new_label('c')) } else { None };
                let cont = match &cont_label {
                    Some(c) => format!("break {c}"),
                    None => format!("continue {brk}"),
                };
                let saved = std::mem::take(&mut self.hoisted);
                self.hoisted = saved.clone();
                for (var, init) in self.hoist_rows(test.iter().chain(update).copied(), body)? {
                    writeln!(out, "{level}let {var} = {init};")?;
                }
                writeln!(out, "{level}{brk}: loop {{")?;
                let inner = level.next();
                if let (Some(t), false) = (test, test_at_end) {
                    if !is_const_true(self, *t) {
                        let c = self.cond(*t)?;
                        writeln!(out, "{inner}if !{} {{", paren(c))?;
                        writeln!(out, "{}break {brk};", inner.next())?;
                        writeln!(out, "{inner}}}")?;
                    }
                }
                self.frames.push(Frame { mir_label: *label, brk: brk.clone(), cont: Some(cont) });
                match &cont_label {
                    Some(c) => {
                        writeln!(out, "{inner}{c}: {{")?;
                        self.block_stmts(out, inner.next(), body)?;
                        writeln!(out, "{inner}}}")?;
                    }
                    None => self.block_stmts(out, inner, body)?,
                }
                self.frames.pop();
                for u in update {
                    let text = self.expr_stmt(*u)?;
                    write_text(out, inner, "", &text, ";")?;
                }
                if let (Some(t), true) = (test, test_at_end) {
                    let c = self.cond(*t)?;
                    writeln!(out, "{inner}if !{} {{", paren(c))?;
                    writeln!(out, "{}break {brk};", inner.next())?;
                    writeln!(out, "{inner}}}")?;
                }
                writeln!(out, "{level}}}")?;
                self.hoisted = saved;
            }
            Stmt::Break(label) => {
                let frame = match label {
                    Some(l) => self.frames.iter().rev().find(|f| f.mir_label == Some(*l)),
                    None => self.frames.iter().rev().find(|f| f.cont.is_some()),
                };
                let brk = frame
                    .map(|f| f.brk.clone())
                    .ok_or_else(|| EmitError::Internal("`break` outside a loop".into()))?;
                writeln!(out, "{level}break {brk};")?;
            }
            Stmt::Continue(label) => {
                let frame = match label {
                    Some(l) => self
                        .frames
                        .iter()
                        .rev()
                        .find(|f| f.mir_label == Some(*l) && f.cont.is_some()),
                    None => self.frames.iter().rev().find(|f| f.cont.is_some()),
                };
                let cont = frame
                    .and_then(|f| f.cont.clone())
                    .ok_or_else(|| EmitError::Internal("`continue` outside a loop".into()))?;
                writeln!(out, "{level}{cont};")?;
            }
            Stmt::Labeled { label, body } => {
                let brk = self.new_label('b');
                writeln!(out, "{level}{brk}: {{")?;
                self.frames.push(Frame { mir_label: Some(*label), brk, cont: None });
                self.block_stmts(out, level.next(), body)?;
                self.frames.pop();
                writeln!(out, "{level}}}")?;
            }
            Stmt::Return(value) => {
                if self.func.kind == FuncKind::Ctor {
                    writeln!(out, "{level}return {};", self.ctor_result())?;
                } else {
                    match value {
                        Some(v) => {
                            let text = self.expr(*v)?;
                            write_text(out, level, "return ", &text, ";")?;
                        }
                        None => writeln!(out, "{level}return;")?,
                    }
                }
            }
            Stmt::Block(block) => {
                writeln!(out, "{level}{{")?;
                self.block_stmts(out, level.next(), block)?;
                writeln!(out, "{level}}}")?;
            }
            Stmt::Sync { vars: _, reduce, body, span: _ } => {
                writeln!(out, "{level}// sync: the block, then a barrier among the MIs.")?;
                writeln!(out, "{level}{{")?;
                self.block_stmts(out, level.next(), body)?;
                writeln!(out, "{level}}}")?;
                writeln!(out, "{level}rt::somd::sync();")?;
                if let Some((op, local)) = reduce {
                    let name = self.local_name(*local);
                    let ty = self.ty(self.local_ty(*local)?)?;
                    match super::types::reduce_op(*op) {
                        Some(op) => writeln!(
                            out,
                            "{level}{name} = rt::somd::all_reduce::<{op}, {ty}>({name});"
                        )?,
                        None => writeln!(
                            out,
                            "{level}{name} = rt::somd::all_reduce_with({name}, <{ty} as rt::reduce::Sub>::java_sub);"
                        )?,
                    }
                }
            }
            Stmt::ThrowUnderflow { .. } => writeln!(out, "{level}rt::task::underflow();")?,
        }
        Ok(())
    }

    fn write_else(
        &mut self,
        out: &mut String,
        level: Level,
        else_block: Option<&Block>,
    ) -> Result<(), EmitError> {
        match else_block {
            None => writeln!(out, "{level}}}")?,
            Some(block) => match block.stmts.as_slice() {
                [Stmt::If { cond, then_block, else_block }] => {
                    let c = self.cond(*cond)?;
                    writeln!(out, "{level}}} else if {c} {{")?;
                    self.block_stmts(out, level.next(), then_block)?;
                    self.write_else(out, level, else_block.as_ref())?;
                }
                _ => {
                    writeln!(out, "{level}}} else {{")?;
                    self.block_stmts(out, level.next(), block)?;
                    writeln!(out, "{level}}}")?;
                }
            },
        }
        Ok(())
    }
}

fn is_const_true(cx: &FnCx<'_>, id: ExprId) -> bool {
    matches!(cx.e(id).map(|e| &e.kind), Ok(ExprKind::Const(somd_mir::Const::Bool(true))))
}

fn ends_in_return(block: &Block) -> bool {
    matches!(block.stmts.last(), Some(Stmt::Return(_)))
}

/// Whether `block` continues the loop labelled `label` (or, with `innermost`, the loop that
/// directly contains it).
fn uses_continue(block: &Block, label: Option<somd_mir::LabelId>, innermost: bool) -> bool {
    block.stmts.iter().any(|stmt| match stmt {
        Stmt::Continue(None) => innermost,
        Stmt::Continue(Some(l)) => Some(*l) == label,
        Stmt::If { then_block, else_block, .. } => {
            uses_continue(then_block, label, innermost)
                || else_block.as_ref().is_some_and(|b| uses_continue(b, label, innermost))
        }
        Stmt::Loop { body, .. } => uses_continue(body, label, false),
        Stmt::Labeled { body, .. } | Stmt::Block(body) => uses_continue(body, label, innermost),
        Stmt::Sync { body, .. } => uses_continue(body, label, innermost),
        _ => false,
    })
}

/// Splits an inline block `{ a; b; c }` into its statements and tail (`c`, empty when the
/// block ends with `;`); `None` when `text` is not one block.
pub fn split_block(text: &str) -> Option<(Vec<String>, String)> {
    let inner = text.strip_prefix("{ ")?.strip_suffix(" }")?;
    let mut parts = Vec::new();
    let mut depth = 0i32;
    let mut in_str = false;
    let mut escaped = false;
    let mut start = 0;
    for (i, c) in inner.char_indices() {
        if in_str {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_str = false;
            }
            continue;
        }
        match c {
            '"' => in_str = true,
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => {
                depth -= 1;
                if depth < 0 {
                    return None;
                }
            }
            ';' if depth == 0 => {
                parts.push(inner[start..=i].trim().to_string());
                start = i + 1;
            }
            _ => {}
        }
    }
    if depth != 0 {
        return None;
    }
    Some((parts, inner[start..].trim().to_string()))
}

/// Writes `prefix text suffix` as one statement; an inline block expression is laid out
/// one statement per line, as rustfmt would.
fn write_text(
    out: &mut String,
    level: Level,
    prefix: &str,
    text: &str,
    suffix: &str,
) -> Result<(), EmitError> {
    let Some((stmts, tail)) = split_block(text) else {
        for line in super::layout::layout(level.0 * 4, prefix, text, suffix) {
            writeln!(out, "{line}")?;
        }
        return Ok(());
    };
    writeln!(out, "{level}{prefix}{{")?;
    let inner = level.next();
    for stmt in &stmts {
        let body = stmt.strip_suffix(';').unwrap_or(stmt);
        match body.split_once(" = ") {
            Some((head, rest)) if head.starts_with("let ") && split_block(rest).is_some() => {
                write_text(out, inner, &format!("{head} = "), rest, ";")?;
            }
            _ if split_block(body).is_some() => write_text(out, inner, "", body, "")?,
            _ if stmt.ends_with(';') => write_text(out, inner, "", body, ";")?,
            _ => writeln!(out, "{inner}{stmt}")?,
        }
    }
    // A block statement needs no `;` after it; its tail becomes a statement instead.
    let statement = prefix.is_empty() && suffix == ";";
    if !tail.is_empty() {
        write_text(out, inner, "", &tail, if statement { ";" } else { "" })?;
    }
    let suffix = if statement { "" } else { suffix };
    writeln!(out, "{level}}}{suffix}")?;
    Ok(())
}

/// Expressions and statements of a loop, for the row-hoisting analysis.
struct LoopScan {
    exprs: Vec<ExprId>,
    /// Locals assigned or declared in the loop.
    varying: Vec<somd_mir::LocalId>,
    /// Something in the loop prevents hoisting (a nested loop, a call, a `sync`, ...).
    blocked: bool,
}

impl LoopScan {
    fn block(&mut self, block: &Block) {
        for stmt in &block.stmts {
            match stmt {
                Stmt::Let { local, init } => {
                    self.varying.push(*local);
                    self.exprs.extend(init);
                }
                Stmt::Expr(e) => self.exprs.push(*e),
                Stmt::If { cond, then_block, else_block } => {
                    self.exprs.push(*cond);
                    self.block(then_block);
                    if let Some(b) = else_block {
                        self.block(b);
                    }
                }
                Stmt::Return(e) => self.exprs.extend(e),
                Stmt::Block(b) | Stmt::Labeled { body: b, .. } => self.block(b),
                Stmt::Break(_) | Stmt::Continue(_) => {}
                Stmt::Loop { .. } | Stmt::Sync { .. } | Stmt::ThrowUnderflow { .. } => {
                    self.blocked = true
                }
            }
        }
    }
}

impl FnCx<'_> {
    /// Row reads `g[e]` (an element of reference type) of the innermost loop whose value
    /// cannot change while the loop runs: `g` is a local the loop does not assign, `e` reads
    /// only such locals, and the loop stores no element of reference type and calls nothing.
    /// Each becomes `let _hN = g.hoist_row(e);` before the loop; its uses read
    /// `_hN.or_else(|| g.at(e, pos))`, which takes the hoisted row (a register) and falls back
    /// to the original access — and its exception — when the row was not readable.
    fn hoist_rows(
        &mut self,
        header: impl Iterator<Item = ExprId>,
        body: &Block,
    ) -> Result<Vec<(String, String)>, EmitError> {
        let mut scan = LoopScan { exprs: header.collect(), varying: Vec::new(), blocked: false };
        scan.block(body);
        if scan.blocked {
            return Ok(Vec::new());
        }
        // Every expression of the loop, and the blocking constructs among them.
        let mut all = Vec::new();
        let mut stack = scan.exprs.clone();
        while let Some(id) = stack.pop() {
            let expr = self.e(id)?;
            match &expr.kind {
                ExprKind::Assign { target, .. }
                | ExprKind::CompoundAssign { target, .. }
                | ExprKind::IncDec { target, .. } => {
                    let t = self.e(*target)?;
                    match &t.kind {
                        ExprKind::Local(l) => scan.varying.push(*l),
                        _ if !is_copy(&t.ty) => return Ok(Vec::new()),
                        _ => {}
                    }
                }
                ExprKind::Call { .. }
                | ExprKind::SomdCall { .. }
                | ExprKind::IntermediateReduce { .. }
                | ExprKind::New { .. }
                | ExprKind::Map { .. }
                | ExprKind::ReduceArray { .. }
                | ExprKind::Task { .. }
                | ExprKind::Connect { .. } => return Ok(Vec::new()),
                ExprKind::Builtin { .. } if !self.is_pure(id) => return Ok(Vec::new()),
                _ => {}
            }
            all.push(id);
            stack.extend(super::somd::subexprs(&expr.kind));
        }
        let mut keys: Vec<(String, String)> = Vec::new();
        let mut found = Vec::new();
        for id in all {
            let expr = self.e(id)?;
            let ExprKind::Index { array, index } = &expr.kind else { continue };
            if !matches!(expr.ty, Type::Array(_)) || self.hoisted.contains_key(&id) {
                continue;
            }
            let base_expr = self.e(*array)?;
            let ExprKind::Local(base) = base_expr.kind else { continue };
            if !matches!(base_expr.ty, Type::Array(_)) {
                continue;
            }
            if scan.varying.contains(&base) || !self.invariant(*index, &scan.varying) {
                continue;
            }
            let base_text = self.recv(*array)?;
            let idx_text = self.expr(*index)?;
            let key = (base_text.clone(), idx_text.clone());
            let var = match keys.iter().position(|k| *k == key) {
                Some(n) => format!("_h{}_{n}", self.next_label + 1),
                None => {
                    keys.push(key);
                    let var = format!("_h{}_{}", self.next_label + 1, keys.len() - 1);
                    found
                        .push((var.clone(), format!("{}.hoist_row({idx_text})", paren(base_text))));
                    var
                }
            };
            self.hoisted.insert(id, var);
        }
        Ok(found)
    }

    /// Whether `id` reads only locals outside `varying` (and constants).
    fn invariant(&self, id: ExprId, varying: &[somd_mir::LocalId]) -> bool {
        let Ok(expr) = self.e(id) else { return false };
        match &expr.kind {
            ExprKind::Const(_) => true,
            ExprKind::Local(l) => !varying.contains(l),
            ExprKind::Unary { operand, .. } | ExprKind::Convert { operand } => {
                self.invariant(*operand, varying)
            }
            ExprKind::Binary { lhs, rhs, .. } => {
                self.invariant(*lhs, varying) && self.invariant(*rhs, varying)
            }
            _ => false,
        }
    }
}

impl FnCx<'_> {
    /// `T x = v[i];` where `x` is never assigned, `v` is a value array held by a local that is
    /// never assigned, and `T` is a reference type.
    fn borrowable_element(&self, local: somd_mir::LocalId, init: ExprId) -> bool {
        let Ok(ty) = self.local_ty(local) else { return false };
        if is_copy(ty) || self.assigned.get(local.0 as usize).copied().unwrap_or(true) {
            return false;
        }
        let Ok(ExprKind::Index { array, index }) = self.e(init).map(|e| &e.kind) else {
            return false;
        };
        let Ok(base) = self.e(*array) else { return false };
        let ExprKind::Local(base_local) = base.kind else { return false };
        matches!(base.ty, Type::ValueArray(..))
            && !self.assigned.get(base_local.0 as usize).copied().unwrap_or(true)
            && self.is_pure(*index)
    }
}

/// `fn name(params) -> R {`, with one parameter per line when it does not fit in 100
/// columns (rustfmt's layout).
pub fn signature_text(name: &str, params: &[String], ret: &str) -> String {
    let one_line = format!("fn {name}({}){ret} {{", params.join(", "));
    if one_line.chars().count() <= 100 {
        return one_line;
    }
    let mut text = format!("fn {name}(\n");
    for p in params {
        text.push_str(&format!("    {p},\n"));
    }
    text.push_str(&format!("){ret} {{"));
    text
}
