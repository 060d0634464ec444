//! Expressions: every MIR expression becomes one Rust expression (a block expression where
//! temporaries are needed). Three forms exist for an expression of reference type:
//! - [`FnCx::expr`]: an owned value (`x.clone()` for a local handle);
//! - [`FnCx::recv`]: something to call a method on (`x`, `a.at(i, &POS_3)`), no clone;
//! - [`FnCx::arg_ref`]: a `&T` argument (`&x`, a by-reference parameter as is).
//!
//! The borrowing forms are used only when every expression evaluated while the borrow is
//! alive is [pure](FnCx::is_pure); see the module doc of `rust` for the rule.

use super::namer::Names;
use super::types::{self, is_copy, rust_type};
use super::writer::Positions;
use super::EmitError;
use somd_diag::{SourceMap, Span};
use somd_mir::{
    ArrayReducer, BinOp, BinOpKind, Block, Builtin, Const, ExprId, ExprKind, FuncId, FuncKind,
    Function, LocalId, LocalKind, MapArg, MathFn, Module, PrimOrRef, Stmt, Type, UnOp,
};
use somd_syntax::ast::PrimType;
use std::collections::{HashMap, HashSet};

/// The Rust name of an instance field.
pub fn field_name(name: &str) -> String {
    let clean = super::namer::sanitize(name);
    if super::keywords::is_reserved(&clean) {
        format!("{clean}_")
    } else {
        clean
    }
}

/// The Rust names of a class's fields named `names`, in order: [`field_name`] of each, with
/// `_` appended while an earlier field has that name (`a$b` and `a_b` become `a_b` and
/// `a_b_`).
pub fn field_names<'n>(names: impl IntoIterator<Item = &'n str>) -> Vec<String> {
    let mut seen = std::collections::HashSet::new();
    names
        .into_iter()
        .map(|n| {
            let mut name = field_name(n);
            while !seen.insert(name.clone()) {
                name.push('_');
            }
            name
        })
        .collect()
}

/// Whether `text` can be used as a method receiver or operand without parentheses. A block
/// (`{ let _e1v = ..; k = _e1v; _e1v }`, an assignment used as a value) is not: where an
/// operand starts a block's tail (`if c { {..} | x } ..`), Rust would end the statement
/// at its `}`.
pub fn is_atomic(text: &str) -> bool {
    if text.starts_with(['-', '&', '!', '*', '{']) || text.starts_with("if ") {
        return false;
    }
    let mut depth = 0i32;
    let mut in_str = false;
    let mut prev = ' ';
    for c in text.chars() {
        if in_str {
            if c == '"' && prev != '\\' {
                in_str = false;
            }
            prev = if prev == '\\' && c == '\\' { ' ' } else { c };
            continue;
        }
        match c {
            '"' => in_str = true,
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            ' ' | '+' | '-' | '*' | '/' | '%' | '<' | '>' | '=' | '!' | '&' | '|' | '^' | '?'
                if depth == 0 =>
            {
                return false
            }
            _ => {}
        }
        prev = c;
    }
    true
}

/// `text` in parentheses unless atomic.
pub fn paren(text: String) -> String {
    if is_atomic(&text) {
        text
    } else {
        format!("({text})")
    }
}

/// A label frame of the statement writer.
pub struct Frame {
    pub mir_label: Option<somd_mir::LabelId>,
    /// Rust label that `break` targets.
    pub brk: String,
    /// Statement for `continue` (`None` for labelled blocks).
    pub cont: Option<String>,
}

/// The pieces of one `@` ([`FnCx::map_parts`]).
pub struct MapParts {
    /// The callee's Rust name and the `&POS_n` of the `@`.
    pub(super) name: String,
    pub(super) pos: String,
    /// `let _eN_i = arg; ` for each argument.
    pub(super) lets: String,
    /// `_eN_i.count(pos)` of each mapped argument.
    pub(super) lens: Vec<String>,
    /// The per-element arguments of the callee.
    pub(super) call_args: Vec<String>,
    /// `rt::device::HostArg::from(..)` of each argument.
    pub(super) device_args: Vec<String>,
    /// Every argument has the type the kernel reads.
    pub(super) device_ok: bool,
    pub(super) freeze: &'static str,
    /// `let _eN_i = _eN_i.host(); ` for each lazy argument: the CPU path reads its host
    /// copy through a plain reference, found once rather than at every element (a `Lazy`'s
    /// host copy is behind an atomic that no loop hoists).
    pub(super) views: String,
}

impl MapParts {
    /// `body`, a CPU path of the `@` after its device call, with the [`MapParts::views`].
    pub(super) fn cpu(&self, body: String) -> String {
        match self.views.is_empty() {
            true => body,
            false => format!("{{ {}{body} }}", self.views),
        }
    }
}

/// Per-function emission context.
pub struct FnCx<'a> {
    pub module: &'a Module,
    pub sources: &'a SourceMap,
    pub names: &'a Names,
    pub fid: FuncId,
    pub func: &'a Function,
    pub positions: &'a mut Positions,
    /// The local is a `&T` parameter used as is.
    pub by_ref: Vec<bool>,
    /// Reference parameters that the body reassigns (cloned into a local first).
    pub reassigned: Vec<LocalId>,
    /// Index into `geo` of each `dist` parameter of a SOMD function.
    pub dist_index: HashMap<LocalId, usize>,
    pub frames: Vec<Frame>,
    pub next_label: usize,
    /// The local is the target of an assignment somewhere in the body.
    pub assigned: Vec<bool>,
    /// Row reads `g[e]` hoisted out of the innermost loop being written (see `stmt.rs`).
    pub hoisted: HashMap<ExprId, String>,
    /// Element accesses `a[j + c]` of the fast copy of a versioned loop, proved in bounds
    /// before the loop: the access's expression and the (non-null) array to read without
    /// checks (see `stmt.rs`, `version_loop`).
    pub unchecked: HashMap<ExprId, String>,
    /// The program's device glue (`device.rs`), when the writer has one.
    pub device: Option<&'a super::device::Glue>,
    /// Whether the function counts each call on the thread's counter of loops holding
    /// loops (`rt::exec::spin_tick`): a `@` or fold applies it and it holds a loop, so its
    /// applications are the iterations of a loop holding loops (`stmt.rs`,
    /// `write_function`).
    pub ticks: bool,
    /// In an MI body, the loops over the rows of a 2-D `dist` parameter (by their test):
    /// the statement marking each row's place in Java's order (`stmt.rs`, `mi_stmts`).
    pub row_marks: HashMap<ExprId, String>,
    /// In an MI body, the top-level statement being written when it is neither a row nor
    /// a step loop: a loop stepping down over a 1-D `dist` partition inside it marks its
    /// MI's place (`stmt.rs`, `descending_loop`).
    pub mark_stmt: Option<usize>,
    /// In an MI body, the place in Java's order of each statement `mi_stmts` marks (by
    /// address), and whether it is an `if` marked before its test (its branches' statements
    /// have places of their own); `mi_marked` when the body has more than one place.
    pub mi_marks: HashMap<*const Stmt, (usize, bool)>,
    pub mi_marked: bool,
    /// In the body of a step loop of an MI body, its statements' places in Java's order
    /// inside a step, as `mi_marks` numbers them (`rt::exec::fail_sub`).
    pub sub_marks: HashMap<*const Stmt, (usize, bool)>,
    /// In the body of a loop over columns first or of a step loop, inside a step loop's
    /// body: its statements' places inside each column or inner step, numbered as
    /// `mi_marks` are (`rt::exec::fail_part`).
    pub part_marks: HashMap<*const Stmt, (usize, bool)>,
    /// In an MI body, inside a row or step loop that marks its iterations: how many loops
    /// deep the statement being written is (0: the marked loop's statement, 1: its body).
    /// A loop of its body stepping down over a partition sets `rt::exec::fail_last_first`
    /// while it runs (`stmt.rs`).
    pub tie_depth: Option<usize>,
    /// In an MI body, inside the body of a top-level loop over columns first (`stmt.rs`,
    /// `mi_stmt`): its statements have places inside each column, but its row loops mark
    /// no rows (a mark per row of a loop over columns first is a mark per element).
    pub column_body: bool,
    /// In an MI body, the calls of helpers marking their places that the statement being
    /// written arms, with their numbers and whether the helper marks none of its own
    /// (`helper_marks.rs`).
    pub armed_calls: HashMap<ExprId, (usize, bool)>,
    /// In an MI body, inside the body of a top-level loop over rows (`stmt.rs`, `mi_stmt`):
    /// its statements have places inside each row, and only its step loops mark their
    /// iterations (a mark per column of a row would be a mark per element).
    pub row_body: bool,
    /// In a helper marking its places when armed, its statements' places, numbered as an MI
    /// body's are (`helper_marks.rs`); empty in other functions.
    pub helper_marks: HashMap<*const Stmt, (usize, bool)>,
    /// For each function of the module, whether it is a helper marking its places when
    /// armed (`helper_marks::marking_helpers`).
    pub marking: &'a [bool],
    /// SOMD calls whose result is assigned straight to a local (`a = f(..)`), and the local.
    pub result_local: HashMap<ExprId, LocalId>,
    /// The pre-order index of each statement (`walk::stmt_indices`), made at the first
    /// keep region the writer looks for (`stmt.rs`, `kept_regions_at`).
    pub stmt_index: std::cell::OnceCell<HashMap<*const Stmt, usize>>,
    /// The array locals of a SOMD body without `dist` that some statement gives a `dist`
    /// local's array (`double[] tmp = a;` of a swap): they carry its halo copy from one
    /// `dist` local to another (`stmt.rs`, `FnCx::halo_carrier`).
    pub halo_carriers: std::cell::OnceCell<std::collections::HashSet<somd_mir::LocalId>>,
    /// `new T[[]](a)` of primitive elements whose array the function never reads again:
    /// `a` is a temporary, or a local at its last use outside any loop (`owned_freezes`).
    pub owned_freezes: HashSet<ExprId>,
    /// SOMD calls' arguments that the caller never reads again (`LastUses::dead_args`).
    pub dead_args: HashMap<ExprId, u64>,
    /// In a SOMD method, the `new` of the partial result that takes the MI's window of the
    /// call's result (`somd::output_allocation`).
    pub output_new: Option<ExprId>,
    /// The `new` of a segmented sum's table that MIs may share
    /// (`super::somd::windowed_table`): `rt::somd::new_table`.
    pub table_new: Option<ExprId>,
    /// `C.m ! a` whose `a` is a local set by `C @ f(..)` in the statement just before and
    /// read nowhere else (`folded_maps`): the reduction's expression and the `@`. The
    /// local's `let` is not written; the reduction applies `f` as it folds.
    pub folded_maps: HashMap<ExprId, (LocalId, ExprId)>,
    /// Intermediate reduction calls whose value the device host program of a `sync` body
    /// already computed (`device.rs`, `SyncStep::Intermediate`): the Rust local holding it.
    pub replaced: HashMap<ExprId, String>,
    /// Producers of fused `@` pairs whose prelude `map_fused_prelude` wrote (their
    /// arguments and length bound as `_e{p}_k` and `_e{p}n`): only these can run inline in
    /// fused statements (`fused_inline_prelude` reads those names).
    pub map_fused_bound: HashSet<ExprId>,
    /// `@`s whose text is an `rt::device::Lazy` (the device path left the result on the
    /// device): a lazy local takes them as they are, and wraps any other value.
    pub lazy_made: HashSet<ExprId>,
    /// The `@`s whose text `map` last wrote as `rt::somd::map_distinct`: their applications
    /// run in Java's order unless their mapped objects are distinct, which the run time
    /// checks (`analysis::shared::map_distinct_elements`), so no `in_order` wraps them.
    pub distinct_maps: HashSet<ExprId>,
    /// Parameters the SOMD wrapper holds as `rt::device::Lazy`s while it writes the device
    /// path (its host program reads them as it reads lazy locals).
    pub lazy_params: HashSet<LocalId>,
    /// In a SOMD body, the indices of the elements it stores into its `dist` parameters
    /// with a view (`halo_stores`): each is checked against the MI's halo cells as it is
    /// written (`Geo::store_index`), unless `halo_plain` is set (`unchecked_halo`).
    pub halo_stores: HashMap<ExprId, HaloStore>,
    pub halo_plain: bool,
    /// Locals naming a row `g[i]` of such a parameter (`double[] r = g[i];`), with the
    /// `Geo` and the row's index: the declaration keeps the index (`halo_row_name`) for
    /// the checks of the stores through the local.
    pub halo_rows: HashMap<LocalId, (HaloGeo, ExprId)>,
    /// The parameters of this (non-SOMD) function that an MI may pass one of its
    /// partitions with a view (`view_receivers`): their geometry is looked up on entry
    /// (`rt::somd::part_geo`, in [`halo_geo_name`]) for the stores `halo_stores` checks.
    pub view_receivers: Vec<LocalId>,
}

/// Where the function stops reading its local arrays (`last_uses`).
struct LastUses {
    /// `new T[[]](a)` (`ExprKind::Freeze`) after which the program cannot read the array `a`
    /// again, so that `rt::value::freeze_owned` may turn an unshared buffer into the value
    /// array without a copy: `a` is a call's or an allocation's result, or a local (not a
    /// by-reference parameter, `dist` or `shared`) whose every other occurrence comes
    /// before this one in the function's text, with the freeze in no loop (so it runs
    /// once, after every other use). Arrays of arrays are left alone: their elements
    /// freeze too.
    owned_freezes: HashSet<ExprId>,
    /// Per SOMD call, the arguments (bit `i`: argument `i`) that are such a local at its
    /// last use outside any loop, of an array type, mentioned once among the call's
    /// arguments: the caller never reads the value it passes again, so the wrapper may
    /// write the argument's unshared buffers in place (`rt::somd::Scratch::Reuse`)
    /// instead of deep-copying them for a parameter the body writes. Arrays of arrays
    /// qualify: `reuse_or_copy` checks every row's buffer.
    dead_args: HashMap<ExprId, u64>,
}

fn last_uses(func: &Function, by_ref: &[bool]) -> LastUses {
    struct Walk<'f> {
        func: &'f Function,
        seq: usize,
        last: HashMap<LocalId, usize>,
        candidates: Vec<(ExprId, LocalId, usize)>,
        owned: HashSet<ExprId>,
        /// `(call, argument index, local, the argument's expression)`.
        arg_candidates: Vec<(ExprId, usize, LocalId, ExprId)>,
        /// The position of each `Local` occurrence.
        occurrence: HashMap<ExprId, usize>,
        /// The expression of the statement being walked: a local it mentions elsewhere is
        /// still needed around the call or freeze that would take it (`a[f(a)]` indexes
        /// the array after the call; Java read it before).
        root: ExprId,
    }
    impl Walk<'_> {
        fn local(&mut self, l: LocalId) {
            self.seq += 1;
            self.last.insert(l, self.seq);
        }
        /// How often `l` occurs in `id` and its subexpressions.
        fn mentions(&self, id: ExprId, l: LocalId) -> usize {
            let Some(expr) = self.func.exprs.get(id.0 as usize) else { return 0 };
            let own = usize::from(matches!(expr.kind, ExprKind::Local(m) if m == l));
            own + super::somd::subexprs(&expr.kind)
                .into_iter()
                .map(|e| self.mentions(e, l))
                .sum::<usize>()
        }
        fn expr(&mut self, id: ExprId, in_loop: bool) {
            let Some(expr) = self.func.exprs.get(id.0 as usize) else { return };
            match &expr.kind {
                ExprKind::Local(l) => {
                    self.local(*l);
                    self.occurrence.insert(id, self.seq);
                }
                ExprKind::SomdCall { receiver, args, .. } if !in_loop => {
                    for (i, a) in args.iter().enumerate() {
                        let Some(arg) = self.func.exprs.get(a.0 as usize) else { continue };
                        let (ExprKind::Local(l), Type::Array(_)) = (&arg.kind, &arg.ty) else {
                            continue;
                        };
                        let mentions: usize =
                            receiver.iter().chain(args).map(|o| self.mentions(*o, *l)).sum();
                        if mentions == 1 && self.mentions(self.root, *l) == 1 {
                            self.arg_candidates.push((id, i, *l, *a));
                        }
                    }
                }
                ExprKind::Freeze(a) => {
                    let operand = self.func.exprs.get(a.0 as usize);
                    let flat = matches!(operand.map(|o| &o.ty), Some(Type::Array(e)) if matches!(**e, Type::Prim(_)));
                    match operand.map(|o| &o.kind) {
                        Some(ExprKind::Local(l))
                            if flat && !in_loop && self.mentions(self.root, *l) == 1 =>
                        {
                            self.candidates.push((id, *l, self.seq + 1))
                        }
                        Some(
                            ExprKind::Call { .. }
                            | ExprKind::SomdCall { .. }
                            | ExprKind::NewArray { .. }
                            | ExprKind::ArrayLit(_),
                        ) if flat => {
                            self.owned.insert(id);
                        }
                        _ => {}
                    }
                }
                _ => {}
            }
            for sub in super::somd::subexprs(&expr.kind) {
                self.expr(sub, in_loop);
            }
        }
        fn block(&mut self, block: &Block, in_loop: bool) {
            for stmt in &block.stmts {
                match stmt {
                    Stmt::Let { local, init } => {
                        if let Some(e) = init {
                            self.root = *e;
                            self.expr(*e, in_loop);
                        }
                        self.local(*local);
                    }
                    Stmt::Expr(e) | Stmt::Return(Some(e)) => {
                        self.root = *e;
                        self.expr(*e, in_loop)
                    }
                    Stmt::If { cond, then_block, else_block } => {
                        self.root = *cond;
                        self.expr(*cond, in_loop);
                        self.block(then_block, in_loop);
                        if let Some(b) = else_block {
                            self.block(b, in_loop);
                        }
                    }
                    Stmt::Loop { test, body, update, .. } => {
                        if let Some(t) = test {
                            self.expr(*t, true);
                        }
                        self.block(body, true);
                        for u in update {
                            self.expr(*u, true);
                        }
                    }
                    Stmt::Block(b) | Stmt::Labeled { body: b, .. } => self.block(b, in_loop),
                    Stmt::Sync { vars, reduce, body, .. } => {
                        for v in vars {
                            self.local(*v);
                        }
                        self.block(body, in_loop);
                        if let Some((_, l)) = reduce {
                            self.local(*l);
                        }
                    }
                    Stmt::Return(None)
                    | Stmt::Break(_)
                    | Stmt::Continue(_)
                    | Stmt::ThrowUnderflow { .. } => {}
                }
            }
        }
    }
    let mut walk = Walk {
        func,
        seq: 0,
        last: HashMap::new(),
        candidates: Vec::new(),
        owned: HashSet::new(),
        arg_candidates: Vec::new(),
        occurrence: HashMap::new(),
        root: ExprId(0),
    };
    walk.block(&func.body, false);
    let Walk { candidates, last, mut owned, arg_candidates, occurrence, .. } = walk;
    let plain = |l: LocalId| {
        func.locals.get(l.0 as usize).is_some_and(|local| local.dist.is_none() && !local.shared)
            && !by_ref.get(l.0 as usize).copied().unwrap_or(true)
    };
    for (id, l, at) in candidates {
        if plain(l) && last.get(&l) == Some(&at) {
            owned.insert(id);
        }
    }
    let mut dead_args: HashMap<ExprId, u64> = HashMap::new();
    for (call, i, l, arg) in arg_candidates {
        if i < 64 && plain(l) && occurrence.get(&arg).is_some_and(|at| last.get(&l) == Some(at)) {
            *dead_args.entry(call).or_default() |= 1u64 << i;
        }
    }
    LastUses { owned_freezes: owned, dead_args }
}

/// The `C.m ! a` of `func` that can apply the `@` producing `a` as they fold
/// ([`FnCx::folded_maps`]): `T[[]] a = C @ f(..);` directly followed by `return C.m ! a;`,
/// `U x = C.m ! a;` or `x = C.m ! a;`, with `a` read nowhere else, and `m` unable to throw
/// or loop (`straight_and_safe`). Folding while mapping then runs the same applications of
/// `f` in the same order (`f` is `local`: nothing else can tell when it ran), and an
/// application that throws still throws before any later one runs; the only difference is
/// that the mapped array is never stored. Functions with a `sync` are left alone.
fn folded_maps(module: &Module, func: &Function) -> HashMap<ExprId, (LocalId, ExprId)> {
    let mut found = HashMap::new();
    let expr = |e: ExprId| func.exprs.get(e.0 as usize);
    let mut uses: HashMap<LocalId, usize> = HashMap::new();
    for e in &func.exprs {
        if let ExprKind::Local(l) = e.kind {
            *uses.entry(l).or_default() += 1;
        }
    }
    fn blocks<'b>(block: &'b Block, all: &mut Vec<&'b Block>, sync: &mut bool) {
        all.push(block);
        for stmt in &block.stmts {
            match stmt {
                Stmt::If { then_block, else_block, .. } => {
                    blocks(then_block, all, sync);
                    if let Some(b) = else_block {
                        blocks(b, all, sync);
                    }
                }
                Stmt::Loop { body, .. } | Stmt::Block(body) | Stmt::Labeled { body, .. } => {
                    blocks(body, all, sync)
                }
                Stmt::Sync { .. } => *sync = true,
                _ => {}
            }
        }
    }
    let mut all = Vec::new();
    let mut sync = false;
    blocks(&func.body, &mut all, &mut sync);
    if sync {
        return found;
    }
    for block in all {
        for pair in block.stmts.windows(2) {
            let Stmt::Let { local, init: Some(map) } = &pair[0] else { continue };
            if !matches!(expr(*map).map(|e| &e.kind), Some(ExprKind::Map { .. })) {
                continue;
            }
            let reduce = match &pair[1] {
                Stmt::Return(Some(r)) | Stmt::Let { init: Some(r), .. } => *r,
                Stmt::Expr(e) => match expr(*e).map(|e| &e.kind) {
                    Some(ExprKind::Assign { target, value })
                        if matches!(expr(*target).map(|t| &t.kind), Some(ExprKind::Local(_))) =>
                    {
                        *value
                    }
                    _ => continue,
                },
                _ => continue,
            };
            let Some(ExprKind::ReduceArray { reducer: ArrayReducer::Func(m), array }) =
                expr(reduce).map(|e| &e.kind)
            else {
                continue;
            };
            let reads_local =
                matches!(expr(*array).map(|e| &e.kind), Some(ExprKind::Local(l)) if l == local);
            if reads_local
                && uses.get(local) == Some(&1)
                && straight_and_safe(module, *m, &mut Vec::new())
            {
                found.insert(reduce, (*local, *map));
            }
        }
    }
    found
}

/// Whether `f` surely returns without an exception: no loop, no recursion, and only
/// constants, locals, arithmetic other than integer division and remainder, primitive
/// conversions, conditionals, assignments to locals and calls of such functions.
fn straight_and_safe(module: &Module, f: FuncId, path: &mut Vec<FuncId>) -> bool {
    if path.contains(&f) {
        return false;
    }
    let Some(func) = module.functions.get(f.0 as usize) else { return false };
    path.push(f);
    fn stmts_ok(block: &Block) -> bool {
        block.stmts.iter().all(|stmt| match stmt {
            Stmt::Let { .. } | Stmt::Expr(_) | Stmt::Return(_) => true,
            Stmt::If { then_block, else_block, .. } => {
                stmts_ok(then_block) && else_block.as_ref().is_none_or(stmts_ok)
            }
            Stmt::Block(b) => stmts_ok(b),
            _ => false,
        })
    }
    let local_target = |t: ExprId| {
        matches!(func.exprs.get(t.0 as usize).map(|e| &e.kind), Some(ExprKind::Local(_)))
    };
    let int_div = |op: &BinOp| {
        matches!(op.kind, BinOpKind::Div | BinOpKind::Rem)
            && !matches!(op.ty, PrimOrRef::Prim(PrimType::Float | PrimType::Double))
    };
    let ok = stmts_ok(&func.body)
        && func.exprs.iter().all(|e| match &e.kind {
            ExprKind::Const(_) | ExprKind::Local(_) | ExprKind::Unary { .. } => true,
            ExprKind::Conditional { .. } => true,
            ExprKind::Binary { op, .. } => !int_div(op),
            ExprKind::Convert { operand } => {
                matches!(e.ty, Type::Prim(_))
                    && matches!(
                        func.exprs.get(operand.0 as usize).map(|o| &o.ty),
                        Some(Type::Prim(_))
                    )
            }
            ExprKind::Assign { target, .. } | ExprKind::IncDec { target, .. } => {
                local_target(*target)
            }
            ExprKind::CompoundAssign { target, op, .. } => local_target(*target) && !int_div(op),
            ExprKind::Call { func: callee, receiver: None, .. } => {
                straight_and_safe(module, *callee, path)
            }
            _ => false,
        });
    path.pop();
    ok
}

impl<'a> FnCx<'a> {
    pub fn new(
        module: &'a Module,
        sources: &'a SourceMap,
        names: &'a Names,
        fid: FuncId,
        positions: &'a mut Positions,
        marking: &'a [bool],
    ) -> Result<FnCx<'a>, EmitError> {
        let func = module
            .functions
            .get(fid.0 as usize)
            .ok_or_else(|| EmitError::Internal(format!("function {} out of range", fid.0)))?;
        let mut assigned = vec![false; func.locals.len()];
        let mut result_local = HashMap::new();
        for expr in &func.exprs {
            if let ExprKind::Assign { target, value } = &expr.kind {
                let kind = |e: ExprId| func.exprs.get(e.0 as usize).map(|e| &e.kind);
                if let (Some(ExprKind::Local(l)), Some(ExprKind::SomdCall { .. })) =
                    (kind(*target), kind(*value))
                {
                    result_local.insert(*value, *l);
                }
            }
            let target = match &expr.kind {
                ExprKind::Assign { target, .. }
                | ExprKind::CompoundAssign { target, .. }
                | ExprKind::IncDec { target, .. } => *target,
                _ => continue,
            };
            if let Some(ExprKind::Local(l)) = func.exprs.get(target.0 as usize).map(|e| &e.kind) {
                if let Some(slot) = assigned.get_mut(l.0 as usize) {
                    *slot = true;
                }
            }
        }
        let mut by_ref = vec![false; func.locals.len()];
        let mut reassigned = Vec::new();
        for (idx, local) in func.locals.iter().enumerate() {
            let is_param = matches!(local.kind, LocalKind::Param)
                || (local.kind == LocalKind::This && func.kind == FuncKind::Instance);
            if is_param && !is_copy(&local.ty) {
                if assigned[idx] {
                    reassigned.push(LocalId(idx as u32));
                } else {
                    by_ref[idx] = true;
                }
            }
        }
        let LastUses { owned_freezes, dead_args } = last_uses(func, &by_ref);
        let dist_index = func
            .somd
            .as_ref()
            .map(|sig| {
                sig.dist_params
                    .iter()
                    .enumerate()
                    .filter_map(|(k, (p, _))| func.params.get(*p).map(|l| (*l, k)))
                    .collect()
            })
            .unwrap_or_default();
        let output_new = super::somd::output_allocation(func, &assigned);
        let table_new =
            super::somd::windowed_table(module, func, output_new).map(|(_, table)| table.new);
        let view_receivers = if func.somd.is_none() {
            view_receivers(module).into_iter().filter(|(f, _)| *f == fid).map(|(_, l)| l).collect()
        } else {
            Vec::new()
        };
        let (halo_stores, halo_rows) = halo_stores(func, &dist_index, &view_receivers, &assigned);
        let folded_maps = folded_maps(module, func);
        Ok(FnCx {
            module,
            sources,
            names,
            fid,
            func,
            positions,
            by_ref,
            reassigned,
            dist_index,
            frames: Vec::new(),
            next_label: 0,
            assigned,
            hoisted: HashMap::new(),
            replaced: HashMap::new(),
            map_fused_bound: HashSet::new(),
            lazy_made: HashSet::new(),
            distinct_maps: HashSet::new(),
            lazy_params: HashSet::new(),
            unchecked: HashMap::new(),
            device: None,
            ticks: false,
            row_marks: HashMap::new(),
            column_body: false,
            armed_calls: HashMap::new(),
            row_body: false,
            helper_marks: HashMap::new(),
            marking,
            mark_stmt: None,
            mi_marks: HashMap::new(),
            mi_marked: false,
            sub_marks: HashMap::new(),
            part_marks: HashMap::new(),
            tie_depth: None,
            result_local,
            stmt_index: std::cell::OnceCell::new(),
            halo_carriers: std::cell::OnceCell::new(),
            owned_freezes,
            dead_args,
            output_new,
            table_new,
            folded_maps,
            halo_stores,
            halo_plain: false,
            halo_rows,
            view_receivers,
        })
    }

    pub fn e(&self, id: ExprId) -> Result<&'a somd_mir::Expr, EmitError> {
        self.func
            .exprs
            .get(id.0 as usize)
            .ok_or_else(|| EmitError::Internal(format!("expression {} out of range", id.0)))
    }

    pub fn ty(&self, ty: &Type) -> Result<String, EmitError> {
        rust_type(self.module, &self.names.classes, ty)
    }

    pub fn pos(&mut self, span: Span) -> String {
        self.positions.get(self.sources, self.module, span)
    }

    pub fn local_name(&self, id: LocalId) -> String {
        self.names.locals[self.fid.0 as usize]
            .get(id.0 as usize)
            .cloned()
            .unwrap_or_else(|| format!("_l{}", id.0))
    }

    /// The swap of two SOMD results left on the device that `stmt` is part of
    /// ([`super::device::Glue::swaps`]).
    pub(super) fn lazy_swap(&self, stmt: &Stmt) -> Option<&'a somd_mir::analysis::keep::Swap> {
        let glue = self.device?;
        glue.swaps.iter().find(|(f, w)| *f == self.fid && w.holds(stmt)).map(|(_, w)| w)
    }

    /// The local `l` as a lazy local (`analysis::lazy`): held as an `rt::device::Lazy`.
    pub(super) fn lazy(&self, l: LocalId) -> Option<&'a somd_mir::analysis::lazy::LazyLocal> {
        self.device.and_then(|g| g.lazy_local(self.fid, l))
    }

    /// The lazy local that expression `id` names, if it names one.
    pub(super) fn lazy_name(&self, id: ExprId) -> Option<String> {
        match self.e(id).ok()?.kind {
            ExprKind::Local(l) if self.lazy(l).is_some() || self.lazy_params.contains(&l) => {
                Some(self.local_name(l))
            }
            _ => None,
        }
    }

    /// Whether the `@` at `id` gives its result to a lazy local: its device path leaves the
    /// result on the device (`run_map_lazy`, `lazy_result`), and its text is then a
    /// `Lazy` (recorded in [`FnCx::lazy_made`] by the caller).
    pub(super) fn lazy_map(&self, id: ExprId) -> bool {
        self.device.is_some_and(|g| g.lazy_map(self.fid, id))
    }

    /// The value `id` stored into a lazy local: the `Lazy` its `@` made, or its value
    /// held by the host.
    pub(super) fn lazy_value(&mut self, id: ExprId) -> Result<String, EmitError> {
        // A move out of another lazy local at its last mention (`keep::moved_local` for
        // SOMD results, `keep::moved_value_local` for `@` results, `x = nx;`): the handle
        // itself, device copy and all.
        // Or a value array the other local keeps too (`int[[]] b = a;`): a second handle.
        // A mutable array another name still holds (`double[] y = x;`) is a lent host copy.
        let borrowed = |z: &somd_mir::analysis::lazy::LazyLocal| z.borrowed.contains(&id);
        if self.device.is_some_and(|g| g.lazy.iter().any(|z| z.func == self.fid && borrowed(z))) {
            let holder = types::lazy_holder(&self.e(id)?.ty).0;
            return Ok(format!("rt::device::{holder}::from_lent({})", self.expr(id)?));
        }
        if let ExprKind::Local(w) = self.e(id)?.kind {
            if let Some(z) = self.lazy(w) {
                let name = self.local_name(w);
                return Ok(match z.shares.contains(&id) {
                    true => format!("{name}.clone()"),
                    false => format!("std::mem::take(&mut {name})"),
                });
            }
        }
        // `null`, of whichever holder the local is (`LazyArr`'s default is `null` too).
        if let ExprKind::Const(somd_mir::Const::Null) = self.e(id)?.kind {
            return Ok("Default::default()".into());
        }
        let text = self.expr(id)?;
        let holder = match &self.e(id)?.ty {
            ty @ Type::Array(_) => types::lazy_holder(ty).0,
            _ => "Lazy",
        };
        Ok(match self.lazy_made.contains(&id) {
            true => text,
            false => format!("rt::device::{holder}::from_host({text})"),
        })
    }

    /// An owned `rt::device::Lazy` of the value array `id`: a lazy local's handle, or the
    /// value held by the host.
    fn lazy_arg(&mut self, id: ExprId) -> Result<String, EmitError> {
        if let Type::Array(_) = self.e(id)?.ty {
            // A `LazyArr` local crosses as it is (by reference: the caller binds it to a
            // `let` and passes `&`, which derefs to the `LazyArr`).
            if let ExprKind::Local(l) = self.e(id)?.kind {
                if self.lazy(l).is_some() || self.lazy_params.contains(&l) {
                    return Ok(format!("&{}", self.local_name(l)));
                }
            }
            // A mutable array handed to a SOMD method taking `LazyArr`s, or a SOMD call's
            // result left on the device as it is (`Glue::inline_left`).
            let holder = types::lazy_holder(&self.e(id)?.ty).0;
            let text = self.expr(id)?;
            return Ok(match self.lazy_made.contains(&id) {
                true => text,
                false => format!("rt::device::{holder}::from_host({text})"),
            });
        }
        match self.value_lazy_name(id) {
            Some(name) => Ok(format!("{name}.clone()")),
            // A frozen SOMD result is a `Lazy` already (`LazyArr::freeze_lazy`).
            None if self.freeze_shares(id)? => self.expr(id),
            None => Ok(format!("rt::device::Lazy::from_host({})", self.expr(id)?)),
        }
    }

    /// Whether `id` is `new T[[]](x)` of a lazy local `x` whose device copy it shares, or of
    /// a SOMD call leaving its result on the device (its text a `rt::device::Lazy`).
    fn freeze_shares(&self, id: ExprId) -> Result<bool, EmitError> {
        let ExprKind::Freeze(array) = self.e(id)?.kind else { return Ok(false) };
        Ok(match self.e(array)?.kind {
            ExprKind::Local(l) => {
                self.lazy(l).is_some_and(|z| z.mutable && z.handed.contains(&array))
            }
            _ => self.lazy_map(array),
        })
    }

    /// The text of `n` where `id` is `Somd.range(n)`: a range a device reads as the index.
    fn range_len(&mut self, id: ExprId) -> Result<Option<String>, EmitError> {
        match &self.e(id)?.kind {
            ExprKind::Builtin { builtin: Builtin::SomdRange, args } if args.len() == 1 => {
                self.expr(args[0]).map(Some)
            }
            _ => Ok(None),
        }
    }

    /// The lazy local of `@` results (a value array, no `LazyArr`) that `id` names.
    fn value_lazy_name(&self, id: ExprId) -> Option<String> {
        match self.e(id).ok()?.kind {
            ExprKind::Local(l) if self.lazy(l).is_some_and(|lazy| lazy.mutable) => None,
            _ => self.lazy_name(id),
        }
    }

    /// The array of the element read `read` of `array`: a lazy local is read element by
    /// element where the analysis found the read made once per value of the local, and
    /// through its host copy elsewhere (inside loops).
    pub(super) fn index_base(&mut self, read: ExprId, array: ExprId) -> Result<String, EmitError> {
        if let ExprKind::Local(l) = self.e(array)?.kind {
            if let Some(lazy) = self.lazy(l) {
                let name = self.local_name(l);
                // A `LazyArr` reads elements from its host copy and keeps its device copy;
                // a `LazyMat` too where the row is only read, and drops the device copy
                // where the row may be written or passed on.
                let matrix = somd_mir::analysis::keep::is_prim_matrix(self.local_ty(l)?);
                return Ok(match (lazy.single_reads.contains(&read), lazy.mutable) {
                    (true, _) => name,
                    (false, true) if matrix && lazy.stored_rows.contains(&read) => {
                        format!("{name}.store()")
                    }
                    (false, true) if matrix && !lazy.read_rows.contains(&read) => {
                        format!("{name}.host()")
                    }
                    (false, true) => format!("{name}.read()"),
                    (false, false) => format!("{name}.host()"),
                });
            }
        }
        self.recv(array)
    }

    /// `m.get2(i, j, ..)` for the element read `read`, `m[i][j]` of a lazy matrix local, where
    /// the analysis found it made once per value (`LazyLocal::single_reads`) and both
    /// indices are free of effects. Java checks the row before it evaluates `j`, which may
    /// throw itself (`m[n][a[7]]`, `m[n][1 / z]`): `row_ok` checks it first. `None`
    /// elsewhere (the row then reads the host copy, as `LazyLocal::read_rows` has it too).
    fn matrix_single(
        &mut self,
        read: ExprId,
        row: ExprId,
        col: ExprId,
    ) -> Result<Option<String>, EmitError> {
        let row_expr = self.e(row)?;
        let single = |z: &somd_mir::analysis::lazy::LazyLocal| z.single_reads.contains(&read);
        let Some((l, index)) = self.lazy_matrix_row(row, single)? else { return Ok(None) };
        if !self.is_pure(index) || !self.is_pure(col) {
            return Ok(None);
        }
        let name = self.local_name(l);
        let row_pos = self.pos(row_expr.span);
        let pos = self.pos(self.e(read)?.span);
        let (i, j) = (self.expr(index)?, self.expr(col)?);
        let row = format!("_r{}", read.0);
        Ok(Some(format!(
            "{{ let {row} = {i}; {name}.row_ok({row}, {row_pos}); \
             {name}.get2({row}, {j}, {row_pos}, {pos}) }}"
        )))
    }

    /// `m.row_length(i, ..)` for `m[i].length` of a lazy matrix local whose row is only
    /// read there (`LazyLocal::read_rows`): the device copy's columns, with nothing
    /// downloaded (`img[0].length` after a loop of SOMD calls brought the whole matrix
    /// down). `None` elsewhere.
    fn matrix_row_length(&mut self, row: ExprId, span: Span) -> Result<Option<String>, EmitError> {
        let read = |z: &somd_mir::analysis::lazy::LazyLocal| z.read_rows.contains(&row);
        let Some((l, index)) = self.lazy_matrix_row(row, read)? else { return Ok(None) };
        let name = self.local_name(l);
        let row_pos = self.pos(self.e(row)?.span);
        let pos = self.pos(span);
        let i = self.expr(index)?;
        Ok(Some(format!("{name}.row_length({i}, {row_pos}, {pos})")))
    }

    /// The local and the row index of `row`, `m[i]` of a matrix local holding SOMD results
    /// (`LazyLocal::mutable`) whose analysis `wanted` accepts.
    fn lazy_matrix_row(
        &self,
        row: ExprId,
        wanted: impl Fn(&somd_mir::analysis::lazy::LazyLocal) -> bool,
    ) -> Result<Option<(LocalId, ExprId)>, EmitError> {
        let ExprKind::Index { array, index } = self.e(row)?.kind else { return Ok(None) };
        let ExprKind::Local(l) = self.e(array)?.kind else { return Ok(None) };
        let lazy = self.lazy(l).is_some_and(|z| z.mutable && wanted(z));
        let matrix = somd_mir::analysis::keep::is_prim_matrix(self.local_ty(l)?);
        Ok((lazy && matrix).then_some((l, index)))
    }

    pub fn local_ty(&self, id: LocalId) -> Result<&'a Type, EmitError> {
        self.func
            .locals
            .get(id.0 as usize)
            .map(|l| &l.ty)
            .ok_or_else(|| EmitError::Internal(format!("local {} out of range", id.0)))
    }

    fn func_name(&self, id: FuncId) -> Result<String, EmitError> {
        self.names
            .functions
            .get(id.0 as usize)
            .cloned()
            .ok_or_else(|| EmitError::Internal(format!("function {} out of range", id.0)))
    }

    pub fn callee(&self, id: FuncId) -> Result<&'a Function, EmitError> {
        self.module
            .functions
            .get(id.0 as usize)
            .ok_or_else(|| EmitError::Internal(format!("function {} out of range", id.0)))
    }

    pub(super) fn is_value_class(&self, class: somd_mir::ClassId) -> bool {
        self.module.classes.get(class.0 as usize).is_some_and(|c| c.is_value)
    }

    /// In a value-class constructor, `this` is the struct under construction.
    pub fn value_ctor(&self) -> bool {
        self.func.kind == FuncKind::Ctor && self.is_value_class(self.func.class)
    }

    fn is_this(&self, id: ExprId) -> bool {
        match self.e(id).map(|e| &e.kind) {
            Ok(ExprKind::This) => true,
            Ok(ExprKind::Local(l)) => {
                self.func.locals.get(l.0 as usize).is_some_and(|l| l.kind == LocalKind::This)
            }
            _ => false,
        }
    }

    /// No calls, assignments, allocations or other effects on memory (throwing is allowed).
    pub fn is_pure(&self, id: ExprId) -> bool {
        let Ok(expr) = self.e(id) else { return false };
        match &expr.kind {
            ExprKind::Const(_) | ExprKind::Local(_) | ExprKind::Static(_) | ExprKind::This => true,
            ExprKind::Field { object, .. } => self.is_pure(*object),
            ExprKind::Index { array, index } => self.is_pure(*array) && self.is_pure(*index),
            ExprKind::Length(a) | ExprKind::Convert { operand: a } => self.is_pure(*a),
            ExprKind::Unary { operand, .. } => self.is_pure(*operand),
            ExprKind::Binary { lhs, rhs, .. } => self.is_pure(*lhs) && self.is_pure(*rhs),
            ExprKind::Conditional { cond, then_expr, else_expr } => {
                self.is_pure(*cond) && self.is_pure(*then_expr) && self.is_pure(*else_expr)
            }
            // Allocation writes no existing location.
            ExprKind::NewArray { dims: items }
            | ExprKind::ArrayLit(items)
            | ExprKind::ValueArrayLit(items)
            | ExprKind::Concat(items) => items.iter().all(|i| self.is_pure(*i)),
            ExprKind::Freeze(a) => self.is_pure(*a),
            ExprKind::Builtin { builtin, args } => {
                (builtin.is_scalar_function()
                    || matches!(
                        builtin,
                        Builtin::SomdRange | Builtin::SomdOffset | Builtin::SomdGlobalLength
                    ))
                    && args.iter().all(|a| self.is_pure(*a))
            }
            _ => false,
        }
    }

    /// Whether evaluating `id` writes no array element, field or variable other than the
    /// state of `java.util.Random` objects: a pure expression ([`Self::is_pure`]) that may
    /// also draw random numbers (`g[i][j] = random.nextDouble() * s`). A borrow of an
    /// array element's row stays valid across it, as no row can be replaced meanwhile.
    pub fn writes_only_random(&self, id: ExprId) -> bool {
        let Ok(expr) = self.e(id) else { return false };
        match &expr.kind {
            ExprKind::Builtin { builtin, args } if builtin.is_random_draw() => {
                args.iter().all(|a| self.writes_only_random(*a))
            }
            ExprKind::Convert { operand } | ExprKind::Unary { operand, .. } => {
                self.writes_only_random(*operand)
            }
            ExprKind::Binary { lhs, rhs, .. } => {
                self.writes_only_random(*lhs) && self.writes_only_random(*rhs)
            }
            _ => self.is_pure(id),
        }
    }

    /// Whether evaluating `id` can neither fail nor write anything: constants, variables,
    /// and arithmetic, conversions, comparisons and `Math` functions of them (no element,
    /// field or length read, which may find `null` or an index out of range, no integer
    /// division by anything but a non-zero constant, no call).
    pub fn cannot_fail(&self, id: ExprId) -> bool {
        let Ok(expr) = self.e(id) else { return false };
        match &expr.kind {
            ExprKind::Const(_) | ExprKind::Local(_) | ExprKind::Static(_) | ExprKind::This => true,
            ExprKind::Unary { operand, .. } | ExprKind::Convert { operand } => {
                self.cannot_fail(*operand)
            }
            ExprKind::Conditional { cond, then_expr, else_expr } => {
                self.cannot_fail(*cond)
                    && self.cannot_fail(*then_expr)
                    && self.cannot_fail(*else_expr)
            }
            ExprKind::Binary { op, lhs, rhs } => {
                let divides = matches!(op.kind, BinOpKind::Div | BinOpKind::Rem)
                    && matches!(
                        op.ty,
                        PrimOrRef::Prim(
                            PrimType::Byte
                                | PrimType::Short
                                | PrimType::Char
                                | PrimType::Int
                                | PrimType::Long
                        )
                    );
                let nonzero = matches!(
                    self.e(*rhs).map(|e| &e.kind),
                    Ok(ExprKind::Const(Const::Int(c))) if *c != 0
                ) || matches!(
                    self.e(*rhs).map(|e| &e.kind),
                    Ok(ExprKind::Const(Const::Long(c))) if *c != 0
                );
                (!divides || nonzero) && self.cannot_fail(*lhs) && self.cannot_fail(*rhs)
            }
            ExprKind::Builtin { builtin: Builtin::Math(..), args } => {
                args.iter().all(|a| self.cannot_fail(*a))
            }
            _ => false,
        }
    }

    /// Whether evaluating `ids` cannot assign the local `base` (a Rust local cannot be
    /// changed by a callee, only by an assignment written in these expressions), so a
    /// borrow of `base` may stay alive across them.
    pub fn keeps_local(&self, base: ExprId, ids: &[ExprId]) -> bool {
        let local = match self.e(base).map(|e| &e.kind) {
            Ok(ExprKind::Local(l)) => *l,
            Ok(ExprKind::This) => LocalId(0),
            _ => return false,
        };
        let mut stack: Vec<ExprId> = ids.to_vec();
        while let Some(id) = stack.pop() {
            let Ok(expr) = self.e(id) else { return false };
            if let ExprKind::Assign { target, .. }
            | ExprKind::CompoundAssign { target, .. }
            | ExprKind::IncDec { target, .. } = &expr.kind
            {
                if matches!(self.e(*target).map(|t| &t.kind), Ok(ExprKind::Local(l)) if *l == local)
                {
                    return false;
                }
            }
            stack.extend(super::somd::subexprs(&expr.kind));
        }
        true
    }

    // ----- the three forms --------------------------------------------------------------

    /// An owned value of the expression.
    pub fn expr(&mut self, id: ExprId) -> Result<String, EmitError> {
        // A replaced local (a fused `@`'s argument, `fused.rs`) is its replacement's value.
        if let Some(text) = self.replaced.get(&id) {
            return Ok(text.clone());
        }
        if !self.halo_plain {
            // The fast copy of a versioned loop checked its stores' range before the loop.
            if let Some(store) = self.halo_stores.get(&id).copied() {
                if !self.unchecked.contains_key(&store.target) {
                    return self.halo_checked(id, store);
                }
            }
        }
        let expr = self.e(id)?;
        let copy = is_copy(&expr.ty);
        if let Some(name) = self.lazy_name(id) {
            // Any other use than an element, the length or a device call's argument reads
            // the whole array on the host.
            return Ok(format!("{name}.host().clone()"));
        }
        match &expr.kind {
            ExprKind::Local(_) | ExprKind::This | ExprKind::Static(_) if !copy => {
                Ok(format!("{}.clone()", paren(self.recv(id)?)))
            }
            ExprKind::Index { .. } | ExprKind::Field { .. } if !copy => {
                // `get` clones the reference out of its slot.
                self.load(id)
            }
            _ => self.value(id),
        }
    }

    /// A receiver for a method call (no clone for places).
    pub fn recv(&mut self, id: ExprId) -> Result<String, EmitError> {
        let expr = self.e(id)?;
        match &expr.kind {
            ExprKind::Local(l) => Ok(self.local_name(*l)),
            ExprKind::This => Ok(self.local_name(LocalId(0))),
            ExprKind::Static(s) => {
                let name = self.static_name(*s)?;
                Ok(format!("{name}.get_ref()"))
            }
            ExprKind::Index { index, .. }
                if !is_copy(&expr.ty) && self.unchecked.contains_key(&id) =>
            {
                let base = self.unchecked.get(&id).cloned().unwrap_or_default();
                let idx = self.expr(*index)?;
                // `covers` checked the index range before the loop and `holds_no_null` the
                // value objects (`stmt.rs`).
                Ok(format!("unsafe {{ {base}.at_present({idx}) }}"))
            }
            ExprKind::Index { array, index } if !is_copy(&expr.ty) && self.is_pure(*index) => {
                if let Some(var) = self.hoisted.get(&id).cloned() {
                    let base = self.index_base(id, *array)?;
                    let idx = self.expr(*index)?;
                    let pos = self.pos(expr.span);
                    return Ok(format!("{var}.or_else(|| {}.at({idx}, {pos}))", paren(base)));
                }
                let base = self.index_base(id, *array)?;
                let idx = self.expr(*index)?;
                let pos = self.pos(expr.span);
                Ok(format!("{}.at({idx}, {pos})", paren(base)))
            }
            ExprKind::Field { object, class, index } if !is_copy(&expr.ty) => {
                let field = self.field(*class, *index)?;
                if self.value_ctor() && self.is_this(*object) {
                    return Ok(format!("this.{field}"));
                }
                let base = self.recv(*object)?;
                let pos = self.pos(expr.span);
                if self.is_value_class(*class) {
                    Ok(format!("{}.get({pos}).{field}", paren(base)))
                } else {
                    Ok(format!("{}.get({pos}).{field}.get_ref()", paren(base)))
                }
            }
            _ => Ok(paren(self.expr(id)?)),
        }
    }

    /// A `&T` argument (for reference types).
    pub fn arg_ref(&mut self, id: ExprId) -> Result<String, EmitError> {
        if let Some(name) = self.lazy_name(id) {
            // A `LazyArr` goes only to readers (`analysis::keep`'s candidates): its device
            // copy stays valid.
            let read = match self.e(id)?.ty {
                Type::Array(_) => "read",
                _ => "host",
            };
            return Ok(format!("{name}.{read}()"));
        }
        let expr = self.e(id)?;
        match &expr.kind {
            ExprKind::Local(l) if self.by_ref[l.0 as usize] => Ok(self.local_name(*l)),
            ExprKind::This if self.by_ref.first() == Some(&true) => Ok(self.local_name(LocalId(0))),
            ExprKind::Local(l) => Ok(format!("&{}", self.local_name(*l))),
            _ => Ok(format!("&{}", paren(self.expr(id)?))),
        }
    }

    /// `String.valueOf` of `object` (a reference to a value of type `ty`) where its class
    /// declares `String toString()`: that method's result, or `null` for `null`, as Java
    /// converts an object in a concatenation, `print` or `%s`. `None` for any other type (the
    /// runtime prints `Type@hash`, as `Object.toString` does).
    fn to_string_call(&self, ty: &Type, object: &str) -> Option<String> {
        let Type::Object(class) = ty else { return None };
        let f = self.module.to_string_of(*class)?;
        let name = &self.names.functions[f.0 as usize];
        Some(format!(
            "{{ let o = {object}; if o.is_null() {{ Str::new(\"null\") }} else {{ {name}(o) }} }}"
        ))
    }

    /// An argument for a parameter of type `ty` (by value for primitives, else `&T`).
    pub fn arg(&mut self, id: ExprId, ty: &Type) -> Result<String, EmitError> {
        if is_copy(ty) {
            self.expr(id)
        } else {
            self.arg_ref(id)
        }
    }

    /// The current value of static field `id`, as a Rust expression (a host loop's bound).
    pub fn static_value(&self, id: somd_mir::StaticId) -> Result<String, EmitError> {
        Ok(format!("{}.get()", self.static_name(id)?))
    }

    /// The place of static field `id`: its item, or from another class than its own, when
    /// that class is initialized at its first use, the item once the class is
    /// (`rt::init::ready`).
    pub(super) fn static_name(&self, id: somd_mir::StaticId) -> Result<String, EmitError> {
        let name = self
            .names
            .statics
            .get(id.0 as usize)
            .cloned()
            .ok_or_else(|| EmitError::Internal(format!("static {} out of range", id.0)))?;
        let class = self.module.statics.get(id.0 as usize).map(|s| s.class);
        match class.and_then(|c| Some((c, self.names.first_use.get(&c)?))) {
            Some((c, init)) if c != self.func.class => Ok(format!(
                "(*rt::init::ready(&{}, {init}, &{name}))",
                self.names.inits[c.0 as usize]
            )),
            _ => Ok(name),
        }
    }

    /// The statement that initializes this function's class first, for a static method,
    /// constructor or SOMD wrapper of a class initialized at its first use.
    pub(super) fn first_use_init(&self) -> Option<String> {
        if !matches!(self.func.kind, FuncKind::Static | FuncKind::Ctor) {
            return None;
        }
        self.names.ensure_init(self.func.class)
    }

    pub fn field(&self, class: somd_mir::ClassId, index: u32) -> Result<String, EmitError> {
        self.module
            .classes
            .get(class.0 as usize)
            .and_then(|c| {
                field_names(c.fields.iter().map(|f| f.name.as_str()))
                    .into_iter()
                    .nth(index as usize)
            })
            .ok_or_else(|| EmitError::Internal(format!("field {index} of class {}", class.0)))
    }

    /// Whether `id` fetches a row of a matrix that a row scope may hold (`analysis::rows`).
    fn is_row_fetch(&self, id: ExprId) -> bool {
        self.device
            .is_some_and(|g| g.rows.iter().any(|r| r.func == self.fid && r.fetches.contains(&id)))
    }

    /// A read of a place (`a[i]`, `o.f`) with `get` (copy or clone).
    fn load(&mut self, id: ExprId) -> Result<String, EmitError> {
        let expr = self.e(id)?;
        match &expr.kind {
            ExprKind::Index { array, index } if self.is_row_fetch(id) => {
                // A row of a matrix a row scope may hold on the device (`analysis::rows`).
                let pos = self.pos(expr.span);
                let base = self.recv(*array)?;
                let idx = self.expr(*index)?;
                Ok(format!("rt::device::row(&{}, {idx}, {pos})", paren(base)))
            }
            ExprKind::Index { index, .. } if self.unchecked.contains_key(&id) => {
                let base = self.unchecked.get(&id).cloned().unwrap_or_default();
                let idx = self.expr(*index)?;
                // `covers` checked the index range before the loop, and `holds_no_null` a
                // value array of value objects (`stmt.rs`).
                let get = if is_copy(&expr.ty) { "get_unchecked" } else { "get_present" };
                Ok(format!("unsafe {{ {base}.{get}({idx}) }}"))
            }
            ExprKind::Index { array, index } => {
                let pos = self.pos(expr.span);
                if let Some(text) = self.matrix_single(id, *array, *index)? {
                    return Ok(text);
                }
                if self.is_pure(*index) || self.keeps_local(*array, &[*index]) {
                    let base = self.index_base(id, *array)?;
                    let idx = self.expr(*index)?;
                    Ok(format!("{}.get({idx}, {pos})", paren(base)))
                } else {
                    let base = self.expr(*array)?;
                    let idx = self.expr(*index)?;
                    Ok(format!(
                        "{{ let _e{0}a = {base}; let _e{0}i = {idx}; _e{0}a.get(_e{0}i, {pos}) }}",
                        id.0
                    ))
                }
            }
            ExprKind::Field { object, class, index } => {
                let field = self.field(*class, *index)?;
                let clone = if is_copy(&expr.ty) { "" } else { ".clone()" };
                if self.value_ctor() && self.is_this(*object) {
                    return Ok(format!("this.{field}{clone}"));
                }
                let base = self.recv(*object)?;
                let pos = self.pos(expr.span);
                if self.is_value_class(*class) {
                    Ok(format!("{}.get({pos}).{field}{clone}", paren(base)))
                } else {
                    Ok(format!("{}.get({pos}).{field}.get()", paren(base)))
                }
            }
            _ => Err(EmitError::Internal("load of a non-place".to_string())),
        }
    }

    /// The expression as a value (the general case of [`FnCx::expr`]).
    fn value(&mut self, id: ExprId) -> Result<String, EmitError> {
        // Set again by `map` only when this very text checks its objects (a text made for
        // `id` before, then left for another path, does not count).
        self.distinct_maps.remove(&id);
        let mut text = self.value_of(id)?;
        // A `@` or `!` that runs on the CPU alone still shows in the trace, with its time.
        if let Some(label) = self.device.and_then(|g| g.cpu_site(self.fid, id)) {
            let expr = self.e(id)?;
            let kind = if matches!(expr.kind, ExprKind::Map { .. }) { "Map" } else { "Reduce" };
            let pos = self.pos(expr.span);
            text = cpu_guard("cpu_only", kind, &format!("{label:?}"), &pos, &text);
        }
        // A `@` whose target writes an array argument, or state its applications share,
        // applies it in Java's order (on one thread, which the trace reports as one MI).
        if self.applies_in_order(id)? {
            text = format!("rt::somd::in_order(|| {text})");
        }
        Ok(text)
    }

    /// Whether `id` is a `@` whose target writes into an array argument, or a field of an
    /// object its applications share (a broadcast object, the elements of a mapped object
    /// array, which may be one object several times: `analysis::shared::map_writes_shared`),
    /// and whose text does not check its objects: Java passes the array or object itself,
    /// so applications may write the same elements or fields, and only Java's order of
    /// them gives Java's result (`rt::somd::in_order`). A `!` of such a `@` keeps the
    /// order itself (its arm in `value_of`).
    fn applies_in_order(&self, id: ExprId) -> Result<bool, EmitError> {
        // Only a `@`'s own `map_distinct` text checks its objects (a `!` of such a `@`
        // makes it with that text first: `map_keeps_order`).
        Ok(!self.distinct_maps.contains(&id) && self.map_keeps_order(id)?)
    }

    /// Whether `id` is a `@` whose target writes an array argument or a field its
    /// applications may share (`analysis::shared::map_in_order`): run in Java's order
    /// unless its `map_distinct` text finds the mapped objects distinct.
    fn map_keeps_order(&self, id: ExprId) -> Result<bool, EmitError> {
        let ExprKind::Map { func, .. } = &self.e(id)?.kind else { return Ok(false) };
        Ok(somd_mir::analysis::shared::map_in_order(self.module, *func).is_some())
    }

    fn value_of(&mut self, id: ExprId) -> Result<String, EmitError> {
        if let Some(name) = self.replaced.get(&id) {
            return Ok(name.clone());
        }
        let expr = self.e(id)?;
        let span = expr.span;
        match &expr.kind {
            ExprKind::Const(c) => Ok(match c {
                Const::Null => match &expr.ty {
                    Type::Null => "Default::default()".to_string(),
                    other => types::const_default(self.module, &self.names.classes, other)?,
                },
                other => types::constant(other),
            }),
            ExprKind::Local(l) => {
                if self.value_ctor() && self.func.local(*l).kind == LocalKind::This {
                    return Ok("Val::new(this.clone())".to_string());
                }
                Ok(self.local_name(*l))
            }
            ExprKind::This => {
                if self.value_ctor() {
                    return Ok("Val::new(this.clone())".to_string());
                }
                Ok(self.local_name(LocalId(0)))
            }
            ExprKind::Static(s) => Ok(format!("{}.get()", self.static_name(*s)?)),
            ExprKind::Field { .. } | ExprKind::Index { .. } => self.load(id),
            ExprKind::Length(array) => {
                if let Some(text) = self.matrix_row_length(*array, span)? {
                    return Ok(text);
                }
                let base = self.recv(*array)?;
                let pos = self.pos(span);
                Ok(format!("{}.length({pos})", paren(base)))
            }
            ExprKind::Unary { op, operand } => {
                let inner = paren(self.expr(*operand)?);
                let operand_ty = &self.e(*operand)?.ty;
                Ok(match op {
                    UnOp::Neg if is_float(operand_ty) => format!("-{inner}"),
                    UnOp::Neg => format!("{inner}.wrapping_neg()"),
                    UnOp::Not | UnOp::BitNot => format!("!{inner}"),
                })
            }
            ExprKind::Binary { op, lhs, rhs } => self.binary(*op, *lhs, *rhs, span),
            ExprKind::Convert { operand } => {
                let from = self.e(*operand)?.ty.clone();
                let inner = self.expr(*operand)?;
                convert(inner, &from, &expr.ty)
            }
            ExprKind::Concat(parts) => {
                // Java takes each operand's value as it comes to it: where an operand has an
                // effect (`"o" + v + ++v`, `s += s += "b"`), every operand's value is bound
                // first, in order, so a later one cannot change what an earlier one read.
                let bind = !parts.iter().all(|p| self.is_pure(*p));
                let mut lets = String::new();
                let mut texts = Vec::new();
                for (k, part) in parts.iter().enumerate() {
                    let p = self.e(*part)?;
                    texts.push(match &p.kind {
                        ExprKind::Const(Const::Str(s)) => format!("&{s:?}"),
                        ExprKind::Const(Const::Null) => "&\"null\"".to_string(),
                        _ if p.ty == Type::Null => {
                            let effects = self.null_effects(*part)?.unwrap_or_default();
                            if bind {
                                lets.push_str(&format!("{effects}; "));
                                "&\"null\"".to_string()
                            } else {
                                format!("&{{ {effects}; \"null\" }}")
                            }
                        }
                        // Java converts each operand as it takes it (JDK 19 on).
                        _ if bind => {
                            let ty = p.ty.clone();
                            let value = self.expr(*part)?;
                            let value = self
                                .to_string_call(&ty, &format!("&{}", paren(value.clone())))
                                .unwrap_or(value);
                            lets.push_str(&format!("let _c{}_{k} = {value}; ", id.0));
                            format!("&_c{}_{k}", id.0)
                        }
                        _ if is_copy(&p.ty) => format!("&{}", paren(self.expr(*part)?)),
                        _ => {
                            let ty = p.ty.clone();
                            let object = self.arg_ref(*part)?;
                            match self.to_string_call(&ty, &object) {
                                Some(text) => format!("&{text}"),
                                None => object,
                            }
                        }
                    });
                }
                let concat = format!("Str::concat(&[{}])", texts.join(", "));
                Ok(if lets.is_empty() { concat } else { format!("{{ {lets}{concat} }}") })
            }
            ExprKind::Conditional { cond, then_expr, else_expr } => {
                let c = self.expr(*cond)?;
                let a = self.expr(*then_expr)?;
                let b = self.expr(*else_expr)?;
                Ok(format!("if {c} {{ {a} }} else {{ {b} }}"))
            }
            ExprKind::Assign { target, value } => self.assign(id, *target, *value, true),
            ExprKind::CompoundAssign { target, op, value } => {
                self.compound(id, *target, Some((*op, *value)), 0, true, true)
            }
            ExprKind::IncDec { target, delta, prefix } => {
                self.compound(id, *target, None, *delta, *prefix, true)
            }
            // A helper's call of an intermediate reduction is one when the helper runs in a
            // method instance (§2.4, E0340); elsewhere the runtime returns the value as is.
            ExprKind::Call { func, receiver, args }
                if self.callee(*func)?.intermediate.is_some()
                    && self.func.somd.is_none()
                    && self.func.intermediate.is_none() =>
            {
                self.all_reduced(*func, *receiver, args, span)
            }
            ExprKind::Call { func, receiver, args } => {
                let call = self.call(*func, *receiver, args, None, span)?;
                Ok(self.armed_call(id, call))
            }
            ExprKind::SomdCall { func, receiver, args } => {
                let mut moved = self.moved_args(id, *receiver, args);
                let taken = self.taken_args(id, args);
                // A result a mutable lazy local holds stays on the device
                // (`rt::device::LazyArr`).
                let leaves = self.lazy_map(id);
                if leaves {
                    moved |= 1u64 << 63;
                }
                let call = self.call(*func, *receiver, args, Some((moved, taken)), span)?;
                if !leaves {
                    return Ok(call);
                }
                self.lazy_made.insert(id);
                let holder = types::lazy_holder(&expr.ty).0;
                Ok(format!("rt::device::{holder}::left({call})"))
            }
            ExprKind::IntermediateReduce { func, receiver, args } => {
                self.all_reduced(*func, *receiver, args, span)
            }
            // A lazy local's `@` result thawed for a SOMD call taking `LazyArr`s: the thawed
            // copy shares the device copy (`Glue::thaws`).
            ExprKind::Builtin { builtin: Builtin::SomdThaw, args }
                if self.device.is_some_and(|g| g.thaws.contains(&(self.fid, id))) =>
            {
                let Some(ExprKind::Local(l)) =
                    args.first().map(|a| self.e(*a)).transpose()?.map(|e| &e.kind)
                else {
                    return Err(EmitError::Internal("shared thaw of no local".into()));
                };
                let name = self.local_name(*l);
                self.lazy_made.insert(id);
                Ok(format!("{name}.thaw_lazy()"))
            }
            ExprKind::Builtin { builtin, args } => self.builtin(*builtin, args, span),
            ExprKind::New { class, ctor, args } => match ctor {
                Some(ctor) => self.call(*ctor, None, args, None, span),
                None => {
                    let name = &self.names.classes[class.0 as usize];
                    let made = if self.is_value_class(*class) {
                        format!("Val::new({name}::default())")
                    } else {
                        format!("Obj::new({name}::default())")
                    };
                    // No constructor to initialize a class initialized at first use.
                    Ok(match self.names.ensure_init(*class) {
                        Some(ensure) if *class != self.func.class => {
                            format!("{{ {ensure} {made} }}")
                        }
                        _ => made,
                    })
                }
            },
            ExprKind::NewArray { dims } => self.new_array(id, dims, &expr.ty, span),
            ExprKind::ArrayLit(items) => {
                let ty = self.ty(&expr.ty)?;
                let elems = self.owned_list(items)?;
                Ok(format!("{}::from_vec(vec![{elems}])", turbofish(&ty)))
            }
            ExprKind::ValueArrayLit(items) => {
                let ty = self.ty(&expr.ty)?;
                let elems = self.owned_list(items)?;
                Ok(format!("{}::from_vec(vec![{elems}])", turbofish(&ty)))
            }
            ExprKind::Freeze(array) => {
                let pos = self.pos(span);
                // A SOMD result frozen for a device `@`, `!` or SOMD method: the value array
                // shares its device copy (`LazyArr::freeze_lazy`), a `Lazy` the device call
                // finds there; a SOMD call's result frozen as it comes too
                // (`Glue::inline_left`: the call leaves it on the device).
                if self.freeze_shares(id)? {
                    // A SOMD call's result is a temporary: a CPU run's storage becomes the
                    // value array's without a copy (`freeze_lazy_owned`).
                    let (frozen, how) = match self.e(*array)?.kind {
                        ExprKind::Local(l) => (self.local_name(l), "freeze_lazy"),
                        _ => (paren(self.expr(*array)?), "freeze_lazy_owned"),
                    };
                    // A `Lazy` already: a lazy local takes it as it is (`lazy_value`).
                    self.lazy_made.insert(id);
                    return Ok(format!("{frozen}.{how}({pos})"));
                }
                // A `LazyArr` local gives no storage away: it is frozen as a copy.
                let lazy_local =
                    matches!(self.e(*array)?.kind, ExprKind::Local(l) if self.lazy(l).is_some());
                if lazy_local {
                    self.owned_freezes.remove(&id);
                }
                let kept = self.device.is_some_and(|glue| {
                    let here = |f: somd_mir::FuncId, freezes: &[ExprId]| {
                        f == self.fid && freezes.contains(&id)
                    };
                    glue.kept.iter().any(|k| here(k.func, &k.freezes))
                        || glue.kept_regions.iter().any(|r| here(r.func, &r.freezes))
                });
                let frozen = if kept && !self.owned_freezes.contains(&id) {
                    // A copy of an array a keep scope keeps: it holds the array's contents
                    // while the scope lives, and shares its device copy.
                    format!("rt::device::freeze_kept(&{}, {pos})", self.recv(*array)?)
                } else if self.owned_freezes.contains(&id) {
                    let owned = match self.e(*array)?.kind {
                        ExprKind::Local(l) => {
                            format!("std::mem::take(&mut {})", self.local_name(l))
                        }
                        _ => self.expr(*array)?,
                    };
                    match kept {
                        // The kept array's storage, whose device copies then stay.
                        true => format!("rt::device::freeze_kept_owned({owned}, {pos})"),
                        false => format!("rt::value::freeze_owned({owned}, {pos})"),
                    }
                } else {
                    format!("{}.check({pos}).freeze()", paren(self.recv(*array)?))
                };
                // A value array already is one (a cast between value-array types, or `new
                // T[[]](v)` of one): the same value, null-checked.
                let frozen = match self.e(*array)?.ty {
                    Type::ValueArray(..) => {
                        format!("{}.frozen_again({pos})", paren(self.recv(*array)?))
                    }
                    _ => frozen,
                };
                // Every bounded dimension is checked (LANGUAGE.md §3.3): the outer one on the
                // value, an inner one on each row (`new int[[]][[2]](m)` with a row of 3).
                let mut rows = String::new();
                if let Type::ValueArray(row, _) = &expr.ty {
                    inner_bounds(row, "_v", &pos, &mut rows);
                }
                let frozen = match rows.is_empty() {
                    true => frozen,
                    false => format!("{{ let _v = {frozen}; {rows}_v }}"),
                };
                match &expr.ty {
                    Type::ValueArray(_, Some(n)) => Ok(format!("{frozen}.bounded({n}, {pos})")),
                    _ => Ok(frozen),
                }
            }
            ExprKind::Map { func, args } => self.map(id, *func, args, span),
            ExprKind::ReduceArray { reducer, array } => {
                let pos = self.pos(span);
                // A `@` whose applications keep Java's order unless the run time finds its
                // objects distinct: the fused forms that apply the target unchecked
                // (`map_fold`, a device `fused_` kernel, the plain `map_reduce`) are left
                // out. A built-in operator folds it with the check (`distinct_map_reduce`)
                // or in `in_order`; a method's `!` reduces what the `@`'s own text made.
                let ordered = self.map_keeps_order(*array)?;
                if !ordered {
                    if let Some(text) = self.map_fold(id, reducer, &pos)? {
                        return Ok(text);
                    }
                }
                // `! Somd.range(n)` on a device reads the indices, and the CPU path folds
                // them without making the range, from `n` evaluated once into `_e<id>n`.
                let label = self.device.and_then(|g| g.array_reduce_label(self.fid, id));
                let fold = self.device.and_then(|g| g.fold_desc(self.fid, id));
                let on_device = match reducer {
                    ArrayReducer::Op(op) => types::reduce_op(*op).is_some() && label.is_some(),
                    ArrayReducer::Func(_) => {
                        fold.is_some()
                            && matches!(&self.e(*array)?.ty,
                                Type::Array(e) | Type::ValueArray(e, _) if **e == expr.ty)
                    }
                };
                let range_n = self.range_len(*array)?;
                let range = match on_device {
                    true => range_n.clone().map(|n| (format!("_e{}n", id.0), n)),
                    false => None,
                };
                let handed = |cx: &Self| match cx.e(*array).map(|e| &e.kind) {
                    Ok(ExprKind::Local(l)) => cx.lazy(*l).is_some_and(|z| z.handed.contains(array)),
                    _ => false,
                };
                let arr = match (&range, range_n, self.value_lazy_name(*array)) {
                    // The CPU path's range, from `n` evaluated once, never made: its element
                    // `i` is `i` (`rt::somd::Range` is `Elements<i32>`).
                    (Some((r, _)), _, _) => format!("&rt::somd::Range({r})"),
                    // Nor on the CPU alone (`Somd.range(2_000_000_000)` would take 8 GB).
                    (None, Some(n), _) => format!("&rt::somd::Range({n})"),
                    // A device reduction finds the buffer of a lazy local.
                    (None, None, Some(name)) => format!("&{name}"),
                    // A `LazyArr` handed to it too (`analysis::lazy`, "SOMD results").
                    (None, None, None) if handed(self) => format!("&{}", self.recv(*array)?),
                    (None, None, None) => self.arg_ref(*array)?,
                };
                match reducer {
                    ArrayReducer::Op(op) => {
                        let op = types::reduce_op(*op).ok_or_else(|| {
                            EmitError::Unsupported("`- !` (subtraction is not associative)".into())
                        })?;
                        let ty = self.ty(&expr.ty)?;
                        if ordered {
                            if let Some(text) =
                                self.distinct_map_reduce(*array, op, &ty, &expr.ty)?
                            {
                                return Ok(text);
                            }
                            // Java's order whatever the objects: folded as applied.
                            if let Some(text) = self.cpu_map_reduce(*array, op, &ty, &expr.ty)? {
                                return Ok(format!("rt::somd::in_order(|| {text})"));
                            }
                        } else {
                            if let Some(text) = self.fused_reduce(id, *array, op, &ty)? {
                                return Ok(text);
                            }
                            if let Some(text) = self.cpu_map_reduce(*array, op, &ty, &expr.ty)? {
                                return Ok(text);
                            }
                        }
                        // `byte`, `short` and `char` elements reduce as Java `int`s.
                        let narrow = match &self.e(*array)?.ty {
                            Type::Array(e) | Type::ValueArray(e, _)
                                if expr.ty == Type::Prim(PrimType::Int) =>
                            {
                                match **e {
                                    Type::Prim(
                                        p @ (PrimType::Byte | PrimType::Short | PrimType::Char),
                                    ) => Some(types::prim(p)),
                                    _ => None,
                                }
                            }
                            _ => None,
                        };
                        let elem_is_ty = match &self.e(*array)?.ty {
                            Type::Array(e) | Type::ValueArray(e, _) => {
                                **e == expr.ty || narrow.is_some()
                            }
                            _ => false,
                        };
                        let cpu = |r: &str| match narrow {
                            Some(t) => format!(
                                "rt::somd::reduce_array::<{op}, {ty}, _>(\
                                 &rt::somd::AsInt::<_, {t}>::new({r}), {pos})"
                            ),
                            None => format!("rt::somd::reduce_array::<{op}, {ty}, _>({r}, {pos})"),
                        };
                        if let (Some(label), Some((r, n))) = (label, &range) {
                            let fallback =
                                cpu_run("Reduce", &format!("{label:?}"), &pos, &cpu(&arr));
                            return Ok(format!(
                                "{{ let {r}: i32 = {n}; \
                                 let _somd_clock = rt::device::clock_at({label:?}, {pos}); \
                                 match rt::device::reduce_range::<{op}, {ty}>({label:?}, {r}) {{ \
                                 Some(v) => v, \
                                 None => {fallback}, }} }}"
                            ));
                        }
                        if let Some(label) = label.filter(|_| elem_is_ty) {
                            let r = format!("_e{}r", id.0);
                            let fallback = cpu_run("Reduce", &format!("{label:?}"), &pos, &cpu(&r));
                            return Ok(format!(
                                "{{ let {r} = {arr}; \
                                 let _somd_clock = rt::device::clock_at({label:?}, {pos}); \
                                 match rt::device::reduce_array::<{op}, {ty}>({label:?}, {r}) {{ \
                                 Some(v) => v, \
                                 None => {fallback}, }} }}"
                            ));
                        }
                        Ok(cpu(&arr))
                    }
                    ArrayReducer::Func(f) => {
                        let combine = self.combine_closure(*f)?;
                        let elem_is_ty = match &self.e(*array)?.ty {
                            Type::Array(e) | Type::ValueArray(e, _) => **e == expr.ty,
                            _ => false,
                        };
                        if let Some((desc, ty)) = fold.filter(|_| elem_is_ty) {
                            // The kernel folds chunks in order; their results combine as
                            // the CPU path combines elements.
                            let r = format!("_e{}r", id.0);
                            // A range crosses as its length only (`FoldFunc::range`).
                            let bind = match &range {
                                Some((v, n)) => format!("let {v}: i32 = {n}; let {r} = {arr}; "),
                                None => format!("let {r} = {arr}; "),
                            };
                            return Ok(format!(
                                "{{ {bind}\
                                 let _somd_clock = rt::device::clock_at({desc}.label, {pos}); \
                                 match rt::device::run_fold(&{desc}, &[rt::device::HostArg::from({r})]) {{ \
                                 Some(done) => {{ let partials: Vec<{ty}> = done.partials(); \
                                 rt::somd::reduce_array_with(&Array::from_vec(partials), {combine}, {pos}) }} \
                                 None => {}, }} }}",
                                cpu_run(
                                    "Reduce",
                                    &format!("{desc}.label"),
                                    &pos,
                                    &format!("rt::somd::reduce_array_with({r}, {combine}, {pos})")
                                )
                            ));
                        }
                        Ok(format!("rt::somd::reduce_array_with({arr}, {combine}, {pos})"))
                    }
                }
            }
            ExprKind::Task { func, ctor } => self.task(id, *func, ctor.as_ref(), span),
            ExprKind::Connect { lhs, rhs } => {
                let a = self.arg_ref(*lhs)?;
                let b = self.arg_ref(*rhs)?;
                let pos = self.pos(span);
                Ok(format!("Task::connect({a}, {b}, {pos})"))
            }
        }
    }

    fn owned_list(&mut self, items: &[ExprId]) -> Result<String, EmitError> {
        let mut texts = Vec::new();
        for item in items {
            texts.push(self.expr(*item)?);
        }
        Ok(texts.join(", "))
    }

    fn binary(
        &mut self,
        op: BinOp,
        lhs: ExprId,
        rhs: ExprId,
        span: Span,
    ) -> Result<String, EmitError> {
        match op.ty {
            PrimOrRef::Ref => {
                let negate = op.kind == BinOpKind::Ne;
                let l_null = self.e(lhs)?.ty == Type::Null;
                let r_null = self.e(rhs)?.ty == Type::Null;
                let l_effects = if l_null { self.null_effects(lhs)? } else { None };
                let r_effects = if r_null { self.null_effects(rhs)? } else { None };
                let test = match (l_null, r_null) {
                    (true, true) => match (l_effects, r_effects) {
                        (None, None) => "true".to_string(),
                        (l, r) => format!(
                            "{{ {}; {}; true }}",
                            l.unwrap_or_default(),
                            r.unwrap_or_default()
                        ),
                    },
                    (true, false) => {
                        let test = format!("{}.is_null()", paren(self.recv(rhs)?));
                        match l_effects {
                            Some(effects) => format!("{{ {effects}; {test} }}"),
                            None => test,
                        }
                    }
                    (false, true) => match r_effects {
                        Some(effects) => {
                            format!("{{ let _l = {}; {effects}; _l.is_null() }}", self.recv(lhs)?)
                        }
                        None => format!("{}.is_null()", paren(self.recv(lhs)?)),
                    },
                    // The right operand may assign what the left one read (`a == (a = b)`):
                    // the left reference is taken first, as Java does.
                    (false, false) if !self.is_pure(rhs) => {
                        let l = self.expr(lhs)?;
                        let r = self.arg_ref(rhs)?;
                        format!("{{ let _l{} = {l}; _l{}.ref_eq({r}) }}", lhs.0, lhs.0)
                    }
                    (false, false) => {
                        let l = self.recv(lhs)?;
                        let r = self.arg_ref(rhs)?;
                        format!("{}.ref_eq({r})", paren(l))
                    }
                };
                Ok(if negate { format!("!{}", paren(test)) } else { test })
            }
            PrimOrRef::Value => {
                let l = paren(self.expr(lhs)?);
                let r = paren(self.expr(rhs)?);
                let cmp = if op.kind == BinOpKind::Ne { "!=" } else { "==" };
                Ok(format!("{l} {cmp} {r}"))
            }
            PrimOrRef::Prim(ty) => {
                let count_ty = self.e(rhs)?.ty.clone();
                let l = self.expr(lhs)?;
                let r = self.expr(rhs)?;
                let pos = if matches!(op.kind, BinOpKind::Div | BinOpKind::Rem) {
                    self.pos(span)
                } else {
                    String::new()
                };
                Ok(binop_text(op.kind, ty, l, r, &count_ty, &pos))
            }
        }
    }

    /// What evaluating `id`, an expression of the null type, does: nothing for `null`, the
    /// conditions of a conditional both of whose arms are of the null type (`b ? null :
    /// null`). Such a conditional's own text, `if b { Default::default() } .. }`, has no
    /// Rust type where nothing else gives it one (`(b ? null : null) == null`, `"" + (b ?
    /// null : null)`), so those places evaluate its effects and use `null` itself.
    /// `None` for `null` itself, which does nothing.
    fn null_effects(&mut self, id: ExprId) -> Result<Option<String>, EmitError> {
        match &self.e(id)?.kind {
            ExprKind::Const(Const::Null) => Ok(None),
            ExprKind::Conditional { cond, then_expr, else_expr } => {
                let (cond, then_expr, else_expr) = (*cond, *then_expr, *else_expr);
                let c = self.expr(cond)?;
                let a = self.null_effects(then_expr)?.unwrap_or_default();
                let b = self.null_effects(else_expr)?.unwrap_or_default();
                Ok(Some(format!("if {c} {{ {a} }} else {{ {b} }}")))
            }
            _ => Ok(Some(format!("{{ let _ = {}; }}", self.expr(id)?))),
        }
    }

    /// The wrapper's `moved` argument of the SOMD call `id`: bit `i` is set when argument
    /// `i` is a local at its last use (`dead_args`), or the local that the call's result is
    /// assigned to (`a = f(a, ..)`) and no other argument mentions it, so the caller never
    /// reads the value it passes again (no
    /// `try`/`catch` in the language: an exception in the call ends the program). The
    /// wrapper may then write unshared buffers of that argument in place
    /// (`rt::somd::Scratch::Reuse`).
    fn moved_args(&self, id: ExprId, receiver: Option<ExprId>, args: &[ExprId]) -> u64 {
        let dead = self.dead_args.get(&id).copied().unwrap_or(0);
        // Bit 63 is `rt::device::LEAVE`: a 64th argument is never reported moved.
        (dead | self.result_arg(id, receiver, args)) & !(1u64 << 63)
    }

    /// The arguments of the SOMD call `id` that the caller hands over (bit `i`: argument
    /// `i`): the locals at their last use (`dead_args`) of a host method, other than
    /// borrowed and lazy ones. The call takes such a local's array out of its variable
    /// (`&std::mem::take(&mut a)`), so that nothing holds it once the call's statement ends:
    /// a result that took its storage (`b = f(a)`, `Scratch::Reuse` or a device result
    /// brought back in place) is then unique, and the next call that replaces it writes it
    /// in place too, where the dead variable's handle made it copy. A variable of a SOMD
    /// method's body is left alone (its statements also run as device host programs).
    fn taken_args(&self, id: ExprId, args: &[ExprId]) -> u64 {
        let dead = self.dead_args.get(&id).copied().unwrap_or(0);
        if dead == 0 || self.func.somd.is_some() {
            return 0;
        }
        let mut taken = 0;
        for (i, a) in args.iter().enumerate().take(64) {
            if dead & (1u64 << i) != 0 && self.owned_array_local(*a) {
                taken |= 1u64 << i;
            }
        }
        taken
    }

    /// Whether `a` names an array variable the function owns (no borrowed parameter, no
    /// lazy local): a call may take its array out of it ([`FnCx::taken_args`]).
    fn owned_array_local(&self, a: ExprId) -> bool {
        let Ok(ExprKind::Local(l)) = self.e(a).map(|e| &e.kind) else { return false };
        self.func.somd.is_none()
            && !self.by_ref.get(l.0 as usize).copied().unwrap_or(true)
            && self.lazy(*l).is_none()
            && matches!(self.local_ty(*l), Ok(Type::Array(_)))
    }

    /// The bit of [`FnCx::moved_args`] for `a = f(a, ..)`.
    fn result_arg(&self, id: ExprId, receiver: Option<ExprId>, args: &[ExprId]) -> u64 {
        let Some(&local) = self.result_local.get(&id) else { return 0 };
        let mut mentions = 0usize;
        let mut stack: Vec<ExprId> = receiver.iter().chain(args).copied().collect();
        while let Some(e) = stack.pop() {
            let Ok(expr) = self.e(e) else { return 0 };
            if matches!(expr.kind, ExprKind::Local(l) if l == local) {
                mentions += 1;
            }
            stack.extend(super::somd::subexprs(&expr.kind));
        }
        if mentions != 1 {
            return 0;
        }
        args.iter()
            .take(64)
            .position(
                |a| matches!(self.e(*a).map(|e| &e.kind), Ok(ExprKind::Local(l)) if *l == local),
            )
            .map_or(0, |i| 1u64 << i)
    }

    /// Index `id` of a store into a `dist` parameter with a view, checked against the MI's
    /// halo cells (`Geo::store_index`); in a row fetched ahead of its loop (`hoist_rows`,
    /// which fetched it unchecked) the row's index is checked here too, at the store.
    fn halo_checked(&mut self, id: ExprId, store: HaloStore) -> Result<String, EmitError> {
        let index = self.unchecked_halo(id)?;
        let row = match store.row {
            Some(HaloRow::Index { row, index: i }) if self.hoisted.contains_key(&row) => {
                Some(self.unchecked_halo(i)?)
            }
            Some(HaloRow::Alias(local)) => Some(halo_row_name(local)),
            _ => None,
        };
        let pos = self.pos(store.span);
        let geo = store.geo.text();
        Ok(match row {
            Some(row) => format!("{geo}.store_cell({row}, {index}, {pos})"),
            None => format!("{geo}.store_index({}, {index}, {pos})", store.dim),
        })
    }

    /// The index of the row that local `local` names, in a SOMD body whose stores through
    /// it are checked against the MI's halo cells (`halo_rows`): the statement declaring
    /// `local` keeps it in [`halo_row_name`].
    pub(super) fn halo_row_kept(&mut self, local: LocalId) -> Result<Option<String>, EmitError> {
        let Some((_, index)) = self.halo_rows.get(&local).copied() else { return Ok(None) };
        let text = self.unchecked_halo(index)?;
        Ok(Some(format!("let {}: i32 = {text};", halo_row_name(local))))
    }

    /// Expression `id` without the halo check of a store index (`halo_checked`): the index
    /// itself, for the check's own argument, a row fetched ahead of its loop, or a range the
    /// versioned loop tests before it runs.
    pub(super) fn unchecked_halo(&mut self, id: ExprId) -> Result<String, EmitError> {
        let outer = std::mem::replace(&mut self.halo_plain, true);
        let text = self.expr(id);
        self.halo_plain = outer;
        text
    }

    /// A call of intermediate-reduction function `func` with `args`, all-reduced across the
    /// MIs of the running SOMD call with `func`'s strategy (the runtime returns the value as
    /// it is outside one).
    fn all_reduced(
        &mut self,
        func: FuncId,
        receiver: Option<ExprId>,
        args: &[ExprId],
        span: Span,
    ) -> Result<String, EmitError> {
        let (lets, call) = self.call_parts(func, receiver, args, None, span)?;
        let reduced = self.all_reduced_call(func, receiver, !lets.is_empty(), call)?;
        Ok(if lets.is_empty() { reduced } else { format!("{{ {lets}{reduced} }}") })
    }

    /// `call` all-reduced with `func`'s strategy; `bound`: the call's receiver and arguments
    /// are bound to locals before it (`call_parts`).
    fn all_reduced_call(
        &mut self,
        func: FuncId,
        receiver: Option<ExprId>,
        bound: bool,
        call: String,
    ) -> Result<String, EmitError> {
        let callee = self.callee(func)?;
        let ty = self.ty(&callee.ret)?;
        let combined = match &callee.intermediate {
            Some(somd_mir::Reduction::Op(somd_syntax::ast::ReduceOp::Sub)) => {
                return Ok(format!(
                    "rt::somd::all_reduce_with({call}, <{ty} as rt::reduce::Sub>::java_sub)"
                ))
            }
            Some(somd_mir::Reduction::Op(op)) => {
                let op = types::reduce_op(*op)
                    .ok_or_else(|| EmitError::Internal("intermediate reduction operator".into()))?;
                return Ok(format!("rt::somd::all_reduce::<{op}, {ty}>({call})"));
            }
            Some(somd_mir::Reduction::Combine(f)) => format!(
                "rt::somd::tree_combine(partials, {}).unwrap_or_default()",
                super::somd::pairwise(self, *f, &callee.ret)
            ),
            Some(somd_mir::Reduction::CombineAll(f)) => {
                format!("{}(&Array::from_vec(partials))", self.func_name(*f)?)
            }
            // The checker gives `reduce(self)` one parameter, the partials' `R[]` (E0322).
            Some(somd_mir::Reduction::SelfCall { .. }) if callee.kind == FuncKind::Static => {
                format!("{}(&Array::from_vec(partials))", self.func_name(func)?)
            }
            // An instance method applies itself to the partials on the call's receiver: the
            // local it was bound to (`call_parts`), or the receiver read again where it is
            // evaluated in place (it has no effect: `this`, a local, a field).
            Some(somd_mir::Reduction::SelfCall { .. }) => {
                let r = receiver.ok_or_else(|| {
                    EmitError::Internal("instance `reduce(self)` without a receiver".into())
                })?;
                let ty = self.e(r)?.ty.clone();
                let recv = match bound {
                    true if is_copy(&ty) => format!("_e{}_0", r.0),
                    true => format!("&_e{}_0", r.0),
                    false => self.arg(r, &ty)?,
                };
                format!("{}({recv}, &Array::from_vec(partials))", self.func_name(func)?)
            }
            None | Some(somd_mir::Reduction::None | somd_mir::Reduction::Assemble) => {
                return Err(EmitError::Internal(format!(
                    "`{}` has no intermediate strategy",
                    callee.name
                )))
            }
        };
        Ok(format!("rt::somd::all_combine({call}, |partials: Vec<{ty}>| {combined})"))
    }

    fn call(
        &mut self,
        func: FuncId,
        receiver: Option<ExprId>,
        args: &[ExprId],
        somd: Option<(u64, u64)>,
        span: Span,
    ) -> Result<String, EmitError> {
        let (lets, call) = self.call_parts(func, receiver, args, somd, span)?;
        Ok(if lets.is_empty() { call } else { format!("{{ {lets}{call} }}") })
    }

    /// A call as the statements binding its receiver and arguments (empty when they are
    /// evaluated in place; otherwise the receiver is bound to `_e{receiver}_0`) and the call
    /// itself.
    fn call_parts(
        &mut self,
        func: FuncId,
        receiver: Option<ExprId>,
        args: &[ExprId],
        somd: Option<(u64, u64)>,
        span: Span,
    ) -> Result<(String, String), EmitError> {
        let callee = self.callee(func)?;
        let (moved, taken) = somd.unwrap_or((0, 0));
        let mut name = self.func_name(func)?;
        let mut all: Vec<(ExprId, Type)> = Vec::new();
        if let Some(r) = receiver {
            all.push((r, self.e(r)?.ty.clone()));
        }
        for (i, a) in args.iter().enumerate() {
            let ty = match callee.params.get(i).and_then(|p| callee.locals.get(p.0 as usize)) {
                Some(local) => local.ty.clone(),
                None => self.e(*a)?.ty.clone(),
            };
            all.push((*a, ty));
        }
        let mut texts = Vec::new();
        if callee.somd.is_some() && somd.is_none() {
            // A SOMD function called as a normal function: one MI over the whole values.
            let k = callee.somd.as_ref().map_or(0, |s| s.dist_params.len());
            texts.push(format!("&[Geo::WHOLE; {k}]"));
        }
        // The wrapper of a SOMD method with a device path takes its 1-D value arrays as
        // `rt::device::Lazy`s (`somd.rs`): a lazy local as it is, any other value wrapped.
        let receivers = usize::from(receiver.is_some());
        let lazy: Vec<bool> = (0..all.len())
            .map(|k| {
                somd.is_some()
                    && k >= receivers
                    && self.device.is_some_and(|g| g.lazy_param(self.module, func, k - receivers))
            })
            .collect();
        // The argument's local, when the call takes its array (`taken_args`); one wrapped in
        // a `LazyArr` is taken too where the call's result replaces it (`a = f(a)`, in
        // `moved`), else the wrapper's handle would not be the array's only one.
        let takes: Vec<Option<String>> = (0..all.len())
            .map(|k| {
                let i = k.checked_sub(receivers)?;
                let replaced = i < 64
                    && lazy[k]
                    && moved & (1u64 << i) != 0
                    && self.owned_array_local(all[k].0);
                if i >= 64 || (taken & (1u64 << i) == 0 && !replaced) {
                    return None;
                }
                match self.e(all[k].0).ok()?.kind {
                    ExprKind::Local(l) => {
                        Some(format!("std::mem::take(&mut {})", self.local_name(l)))
                    }
                    _ => None,
                }
            })
            .collect();
        // Java evaluates the receiver and the arguments, then raises a `NullPointerException`
        // at the call when the receiver is `null` (JLS 15.12.4.4), before the callee runs.
        let null_check = receiver.filter(|r| {
            self.e(*r).is_ok_and(|e| {
                matches!(e.ty, Type::Object(_))
                    && !matches!(e.kind, ExprKind::This | ExprKind::New { .. })
            })
        });
        // Arguments that cannot fail nor change anything may come after the check.
        let plain = |cx: &Self, a: ExprId| {
            cx.e(a).is_ok_and(|e| matches!(e.kind, ExprKind::Const(_) | ExprKind::Local(_)))
        };
        let pure = all.iter().all(|(a, _)| self.is_pure(*a))
            && (null_check.is_none() || args.iter().all(|a| plain(self, *a)));
        let mut lets = String::new();
        if pure || all.len() <= 1 {
            for (k, (a, ty)) in all.iter().enumerate() {
                let mut text = match (lazy[k], self.lazy_name(*a), takes[k].clone()) {
                    (true, Some(name), _) => format!("&{name}"),
                    // A dead array handed over whole: the call may write it in place.
                    (true, None, Some(taken)) => {
                        let holder = types::lazy_holder(&self.e(*a)?.ty).0;
                        format!("&rt::device::{holder}::from_host({taken})")
                    }
                    (true, None, None) => format!("&{}", self.lazy_arg(*a)?),
                    (false, _, Some(taken)) => format!("&{taken}"),
                    (false, _, None) => self.arg(*a, ty)?,
                };
                if null_check == Some(*a) {
                    let pos = self.pos(span);
                    text = format!("rt::value::receiver({text}, {pos})");
                }
                texts.push(text);
            }
        } else {
            for (i, (a, ty)) in all.iter().enumerate() {
                let value = match (lazy[i], takes[i].clone()) {
                    (true, Some(taken)) if self.lazy_name(*a).is_none() => {
                        let holder = types::lazy_holder(&self.e(*a)?.ty).0;
                        format!("rt::device::{holder}::from_host({taken})")
                    }
                    (true, _) => self.lazy_arg(*a)?,
                    (false, Some(taken)) => taken,
                    (false, None) => self.expr(*a)?,
                };
                lets.push_str(&format!("let _e{}_{i} = {value}; ", a.0));
                texts.push(if is_copy(ty) {
                    format!("_e{}_{i}", a.0)
                } else {
                    format!("&_e{}_{i}", a.0)
                });
            }
            if let Some(r) = null_check {
                let pos = self.pos(span);
                lets.push_str(&format!("rt::value::receiver(&_e{}_0, {pos}); ", r.0));
            }
        }
        if somd.is_some() {
            name = format!("{name}_somd");
            // Bit 63: the caller leaves the result on the device (`rt::device::LEAVE`).
            texts.push(match (moved >> 63, moved & !(1u64 << 63)) {
                (0, _) => format!("{moved}"),
                (_, 0) => "rt::device::LEAVE".to_string(),
                (_, rest) => format!("rt::device::LEAVE | {rest}"),
            });
            texts.push(self.pos(span));
        }
        Ok((lets, format!("{name}({})", texts.join(", "))))
    }

    fn new_array(
        &mut self,
        id: ExprId,
        dims: &[ExprId],
        ty: &Type,
        span: Span,
    ) -> Result<String, EmitError> {
        let pos = self.pos(span);
        if let ([d0], Type::Array(elem)) = (dims, ty) {
            let len = self.expr(*d0)?;
            let elem = self.ty(elem)?;
            if self.output_new == Some(id) {
                return Ok(format!("rt::somd::new_output::<{elem}>({len}, {pos})"));
            }
            if self.table_new == Some(id) {
                let method = &self.func.name;
                return Ok(format!("rt::somd::new_table::<{elem}>({method:?}, {len}, {pos})"));
            }
            return Ok(format!("Array::<{elem}>::new_default({len}, {pos})"));
        }
        if let ([d0, d1], Type::Array(row)) = (dims, ty) {
            if let Type::Array(elem) = row.as_ref() {
                let rows = self.expr(*d0)?;
                let cols = self.expr(*d1)?;
                let elem = self.ty(elem)?;
                return Ok(format!("rt::value::new_array_2d::<{elem}>({rows}, {cols}, {pos})"));
            }
        }
        let mut lets = String::new();
        for (k, d) in dims.iter().enumerate() {
            let len = self.expr(*d)?;
            lets.push_str(&format!("let _e{}d{k} = rt::error::array_len({len}, {pos}); ", id.0));
        }
        // Element types along the given dimensions.
        let mut elem_tys = Vec::new();
        let mut cur = ty;
        for _ in 0..dims.len() {
            match cur {
                Type::Array(elem) => {
                    elem_tys.push(elem.as_ref());
                    cur = elem;
                }
                _ => return Err(EmitError::Internal("`new` with too many dimensions".into())),
            }
        }
        // Java's `OutOfMemoryError` where the whole array cannot be made (`rt::alloc`).
        let given: Vec<String> = (0..dims.len()).map(|k| format!("_e{}d{k}", id.0)).collect();
        let leaf = self.ty(elem_tys[dims.len() - 1])?;
        lets.push_str(&format!(
            "rt::alloc::room_for(&[{}], std::mem::size_of::<Slot<{leaf}>>(), {pos}); ",
            given.join(", ")
        ));
        let mut inner = String::new();
        for k in (0..dims.len()).rev() {
            let elem = elem_tys[k];
            let leaf = if k + 1 == dims.len() {
                types::const_default(self.module, &self.names.classes, elem)?
            } else {
                std::mem::take(&mut inner)
            };
            inner = format!("Array::from_fn(_e{}d{k}, |_| {leaf})", id.0);
        }
        Ok(format!("{{ {lets}{inner} }}"))
    }

    /// The pieces of a `@`: argument bindings, mapped lengths, the per-element call
    /// arguments and the device's host arguments (see [`MapParts`]); the argument at `skip`
    /// gets no binding (its value is not the argument's expression).
    pub(super) fn map_parts(
        &mut self,
        id: ExprId,
        func: FuncId,
        args: &[(ExprId, MapArg)],
        span: Span,
        skip: Option<usize>,
    ) -> Result<MapParts, EmitError> {
        let callee = self.callee(func)?;
        let mut parts = MapParts {
            name: self.func_name(func)?,
            pos: self.pos(span),
            lets: String::new(),
            lens: Vec::new(),
            call_args: Vec::new(),
            device_args: Vec::new(),
            device_ok: true,
            freeze: if matches!(callee.ret, Type::Array(_)) { ".freeze()" } else { "" },
            views: String::new(),
        };
        let pos = parts.pos.clone();
        let mut leaves = Vec::new();
        for (i, (arg, how)) in args.iter().enumerate() {
            let param_ty = callee
                .params
                .get(i)
                .and_then(|p| callee.locals.get(p.0 as usize))
                .map(|l| l.ty.clone())
                .ok_or_else(|| EmitError::Internal("`@` argument without parameter".into()))?;
            let var = format!("_e{}_{i}", id.0);
            if skip != Some(i) {
                let value = match (&self.e(*arg)?.kind, how) {
                    (
                        ExprKind::Builtin { builtin: Builtin::SomdRange, args: n },
                        MapArg::Mapped,
                    ) if n.len() == 1 => {
                        format!("rt::somd::Range({})", self.expr(n[0])?)
                    }
                    // A lazy local crosses as it is: a device call finds its buffer.
                    _ if let Some(name) = self.value_lazy_name(*arg) => {
                        parts.views.push_str(&format!("let {var} = {var}.host(); "));
                        format!("{name}.clone()")
                    }
                    // A mapped local of SOMD results left on the device: its device copy
                    // shared, or the local read in place (`analysis::lazy`, `handed`;
                    // `LazyArr::map_arg`).
                    (ExprKind::Local(l), MapArg::Mapped)
                        if self.lazy(*l).is_some_and(|z| z.mutable && z.handed.contains(arg)) =>
                    {
                        format!("{}.map_arg({pos})", self.local_name(*l))
                    }
                    _ => self.expr(*arg)?,
                };
                parts.lets.push_str(&format!("let {var} = {value}; "));
            }
            // The kernel reads the callee's parameter type, or mapped primitive elements it
            // widens (`MapArgPlan::from`); the host widens a broadcast primitive.
            let arg_ty = &self.e(*arg)?.ty;
            let prims = |a: &Type| matches!((a, &param_ty), (Type::Prim(_), Type::Prim(_)));
            let elem_matches = match (how, arg_ty) {
                (MapArg::Mapped, Type::Array(e) | Type::ValueArray(e, _)) => {
                    **e == param_ty || prims(e)
                }
                (MapArg::Mapped, _) => param_ty == Type::Prim(PrimType::Int),
                (MapArg::Broadcast, Type::Array(a) | Type::ValueArray(a, _)) => {
                    matches!(&param_ty, Type::Array(p) | Type::ValueArray(p, _) if p == a)
                }
                (MapArg::Broadcast, t) => *t == param_ty || prims(t),
            };
            parts.device_ok &= elem_matches;
            let by_value = matches!(how, MapArg::Broadcast) && is_copy(&param_ty);
            let host = match by_value {
                true if *arg_ty != param_ty => convert(var.clone(), arg_ty, &param_ty)?,
                true => var.clone(),
                false => format!("&{var}"),
            };
            match somd_mir::analysis::holders::holder(self.module, &param_ty) {
                // An object holding arrays: its leaves follow the arguments (`holders`).
                Some(c) if *how == MapArg::Broadcast => {
                    parts.device_args.push("rt::device::HostArg::Fields".to_string());
                    leaves.extend(super::device::holder_leaf_args(self, c, &var)?);
                }
                // An array of them: each leaf across the objects, read if the call plans.
                Some(c) if skip != Some(i) => {
                    parts.device_args.push("rt::device::HostArg::Fields".to_string());
                    let (lets, args) = super::device::holder_mapped_leaves(self, c, &var, &pos)?;
                    parts.lets.push_str(&lets);
                    leaves.extend(args);
                }
                _ => parts.device_args.push(format!("rt::device::HostArg::from({host})")),
            }
            match how {
                MapArg::Mapped => {
                    parts.lens.push(format!("{var}.count({pos})"));
                    let elem = format!("{var}.element(i)");
                    parts.call_args.push(if is_copy(&param_ty) {
                        // Elements of another primitive type widen to the parameter's, as
                        // in a call (`C @ f(bytes)` with `f(int x)`).
                        match arg_ty {
                            Type::Array(e) | Type::ValueArray(e, _) if **e != param_ty => {
                                convert(elem, e, &param_ty)?
                            }
                            _ => elem,
                        }
                    } else if matches!(arg_ty, Type::ValueArray(..)) {
                        // An immutable element is borrowed, not cloned: no reference-count
                        // update per application (Mosaic's library tiles).
                        format!("&{var}.items()[i]")
                    } else {
                        format!("&{elem}")
                    });
                }
                MapArg::Broadcast if is_copy(&param_ty) && *arg_ty != param_ty => {
                    parts.call_args.push(convert(var, arg_ty, &param_ty)?);
                }
                MapArg::Broadcast => {
                    parts.call_args.push(if is_copy(&param_ty) { var } else { format!("&{var}") });
                }
            }
        }
        parts.device_args.extend(leaves);
        Ok(parts)
    }

    fn map(
        &mut self,
        id: ExprId,
        func: FuncId,
        args: &[(ExprId, MapArg)],
        span: Span,
    ) -> Result<String, EmitError> {
        if let Some(text) = self.map_chain(id, func, args, span)? {
            return Ok(text);
        }
        let parts = self.map_parts(id, func, args, span, None)?;
        let MapParts { name, pos, lets, lens, call_args, freeze, views, .. } = &parts;
        let (lens, call_args) = (lens.join(", "), call_args.join(", "));
        let n = format!("_e{}n", id.0);
        let device = self.device.filter(|_| parts.device_ok).and_then(|g| g.map_desc(self.fid, id));
        if let Some((desc, result)) = device {
            // The device path; `None` runs the CPU path (see `device.rs`).
            let host_args = parts.device_args.join(", ");
            let (run, result, cpu) = self.map_result(id, &result);
            return Ok(format!(
                "{{ {lets}let {n} = rt::somd::map_len(&[{lens}], {pos}); \
                 let _somd_clock = rt::device::clock_at({desc}.label, {pos}); \
                 match rt::device::{run}(&{desc}, {n}, &[{host_args}]) {{ \
                 Some(done) => done.{result}, \
                 None => {}, }} }}",
                cpu_run(
                    "Map",
                    &format!("{desc}.label"),
                    pos,
                    &cpu(parts.cpu(format!("rt::somd::map({n}, |i| {name}({call_args}))")))
                )
            ));
        }
        // Applications writing fields of their mapped objects alone run side by side when
        // those objects are distinct (checked at run time), else in Java's order.
        let mapped: Vec<bool> = args.iter().map(|(_, how)| *how == MapArg::Mapped).collect();
        if let Some(bits) =
            somd_mir::analysis::shared::map_distinct_elements(self.module, func, &mapped)
        {
            let arrays = object_arrays(id, args.len(), bits);
            self.distinct_maps.insert(id);
            return Ok(format!(
                "{{ {lets}let {n} = rt::somd::map_len(&[{lens}], {pos}); {views}\
                 rt::somd::map_distinct({n}, &[{}], |i| {name}({call_args}){freeze}) }}",
                arrays.join(", ")
            ));
        }
        Ok(format!(
            "{{ {lets}let {n} = rt::somd::map_len(&[{lens}], {pos}); {views}\
             rt::somd::map({n}, |i| {name}({call_args}){freeze}) }}"
        ))
    }

    /// How the device path of the `@` at `id`, whose `DeviceResult` call is `result`, runs
    /// and gives its value, and how its CPU path's value is wrapped: the `@` of a lazy
    /// local leaves its result on the device (`run_map_lazy`, `lazy_result`) and its text
    /// is a `Lazy` (recorded in [`FnCx::lazy_made`]).
    pub(super) fn map_result(
        &mut self,
        id: ExprId,
        result: &str,
    ) -> (&'static str, String, fn(String) -> String) {
        if !self.lazy_map(id) {
            return ("run_map", result.to_string(), std::convert::identity);
        }
        self.lazy_made.insert(id);
        ("run_map_lazy", format!("lazy_{result}"), |cpu| {
            format!("rt::device::Lazy::from_host({cpu})")
        })
    }

    /// `op ! (C @ f(..))` fused into one device kernel that leaves one partial per
    /// work-group, combined as the CPU combines its blocks; the CPU path applies `f` block by
    /// block as it reduces (`rt::somd::map_reduce`), without the mapped array.
    fn fused_reduce(
        &mut self,
        id: ExprId,
        array: ExprId,
        op: &str,
        ty: &str,
    ) -> Result<Option<String>, EmitError> {
        let Some(glue) = self.device else { return Ok(None) };
        let Some((desc, elem)) = glue.reduce_desc(self.fid, id) else { return Ok(None) };
        let array_expr = self.e(array)?;
        let ExprKind::Map { func, args } = &array_expr.kind else { return Ok(None) };
        if elem != ty {
            return Ok(None);
        }
        let parts = self.map_parts(array, *func, args, array_expr.span, None)?;
        if !parts.device_ok || !parts.freeze.is_empty() {
            return Ok(None);
        }
        let MapParts { name, pos: map_pos, lets, lens, call_args, device_args, .. } = &parts;
        let n = format!("_e{}n", array.0);
        // `byte`, `short` and `char` results reduce as Java `int`s.
        let widen = match &array_expr.ty {
            Type::ValueArray(e, _) if !matches!(**e, Type::Prim(p) if types::prim(p) == ty) => {
                format!(" as {ty}")
            }
            _ => String::new(),
        };
        Ok(Some(format!(
            "{{ {lets}let {n} = rt::somd::map_len(&[{}], {map_pos}); \
             let _somd_clock = rt::device::clock_at({desc}.label, {map_pos}); \
             match rt::device::run_map(&{desc}, {n}, &[{}]) {{ \
             Some(done) => {{ let partials: Vec<{ty}> = done.partials(); \
             rt::reduce::tree::<{op}, {ty}>(&partials) }} \
             None => {}, }} }}",
            lens.join(", "),
            device_args.join(", "),
            cpu_run(
                "Reduce",
                &format!("{desc}.label"),
                map_pos,
                &parts.cpu(format!(
                    "rt::somd::map_reduce::<{op}, {ty}>({n}, |i| {name}({}){widen})",
                    call_args.join(", ")
                ))
            ),
        )))
    }

    /// `op ! (C @ f(..))` whose `@` has no device kernel, on the CPU without the mapped
    /// array (`rt::somd::map_reduce`: the same blocks and tree as `rt::somd::reduce_array`
    /// over the array, so the same result). `None` when the array is not such a `@`, or its
    /// elements are not of the reduction's type.
    fn cpu_map_reduce(
        &mut self,
        array: ExprId,
        op: &str,
        ty: &str,
        result: &Type,
    ) -> Result<Option<String>, EmitError> {
        let Some(parts) = self.cpu_fold_parts(array, result)? else { return Ok(None) };
        let MapParts { name, pos, lets, lens, call_args, views, .. } = &parts;
        let n = format!("_e{}n", array.0);
        Ok(Some(format!(
            "{{ {lets}let {n} = rt::somd::map_len(&[{}], {pos}); {views}\
             rt::somd::map_reduce::<{op}, {ty}>({n}, |i| {name}({})) }}",
            lens.join(", "),
            call_args.join(", "),
        )))
    }

    /// The parts of `array`, a `@` that the CPU may fold as it applies it into a reduction
    /// whose result is of type `result`: its elements are of that type, it has no device
    /// kernel and nothing to freeze.
    fn cpu_fold_parts(
        &mut self,
        array: ExprId,
        result: &Type,
    ) -> Result<Option<MapParts>, EmitError> {
        let array_expr = self.e(array)?;
        let ExprKind::Map { func, args } = &array_expr.kind else { return Ok(None) };
        let elem_is_ty = matches!(&array_expr.ty, Type::ValueArray(e, _) if **e == *result);
        let on_device = self.device.and_then(|g| g.map_desc(self.fid, array)).is_some();
        if !elem_is_ty || on_device {
            return Ok(None);
        }
        let parts = self.map_parts(array, *func, args, array_expr.span, None)?;
        Ok(parts.freeze.is_empty().then_some(parts))
    }

    /// `op ! (C @ f(..))` whose `@` writes only fields of the objects it maps
    /// (`analysis::shared::map_distinct_elements`), on the CPU: folded as it is applied,
    /// its applications side by side once the run time finds the objects distinct
    /// (`rt::somd::map_reduce_distinct`, the blocks and tree of `map_reduce`). `None` where
    /// the `@` needs Java's order whatever its objects, or `cpu_map_reduce` would not take
    /// it.
    fn distinct_map_reduce(
        &mut self,
        array: ExprId,
        op: &str,
        ty: &str,
        result: &Type,
    ) -> Result<Option<String>, EmitError> {
        let ExprKind::Map { func, args } = &self.e(array)?.kind else { return Ok(None) };
        let mapped: Vec<bool> = args.iter().map(|(_, how)| *how == MapArg::Mapped).collect();
        let Some(bits) =
            somd_mir::analysis::shared::map_distinct_elements(self.module, *func, &mapped)
        else {
            return Ok(None);
        };
        let count = args.len();
        let Some(parts) = self.cpu_fold_parts(array, result)? else { return Ok(None) };
        let objects = object_arrays(array, count, bits);
        let MapParts { name, pos, lets, lens, call_args, views, .. } = &parts;
        let n = format!("_e{}n", array.0);
        Ok(Some(format!(
            "{{ {lets}let {n} = rt::somd::map_len(&[{}], {pos}); {views}\
             rt::somd::map_reduce_distinct::<{op}, {ty}>({n}, &[{}], |i| {name}({})) }}",
            lens.join(", "),
            objects.join(", "),
            call_args.join(", "),
        )))
    }

    /// `|a, b| m(a, b)` for the combine function `m` of `C.m ! a`, borrowing the arguments
    /// `m` takes by reference.
    fn combine_closure(&self, m: FuncId) -> Result<String, EmitError> {
        let callee = self.callee(m)?;
        let name = self.func_name(m)?;
        let pass = |v: &str, i: usize| match callee
            .params
            .get(i)
            .and_then(|p| callee.locals.get(p.0 as usize))
        {
            Some(local) if !is_copy(&local.ty) => format!("&{v}"),
            _ => v.to_string(),
        };
        Ok(format!("|a, b| {name}({}, {})", pass("a", 0), pass("b", 1)))
    }

    /// The `@` that `C.m ! a` (`reduce`) folds as it maps instead of reading the local `a`
    /// ([`FnCx::folded_maps`]), when both run on the CPU: neither has a device kernel nor
    /// belongs to fused statements, and the mapped function returns no array.
    pub(super) fn fold_fusable(&self, reduce: ExprId) -> Option<(LocalId, ExprId)> {
        let &(local, map) = self.folded_maps.get(&reduce)?;
        if let Some(g) = self.device {
            let fused = g.fused.iter().any(|f| {
                f.in_func == self.fid
                    && (f.producer == Some(map) || f.reductions.iter().any(|r| r.0 == reduce))
            });
            if fused
                || g.map_desc(self.fid, map).is_some()
                || g.fold_desc(self.fid, reduce).is_some()
            {
                return None;
            }
        }
        let ExprKind::Map { func, .. } = &self.e(map).ok()?.kind else { return None };
        // A `@` that keeps Java's order unless its objects are distinct is made by its own
        // text (`map_distinct` or `in_order`): `map_fold` spreads a large one over the pool
        // unchecked (probe 48: `P[[]] r = Main @ touch(ps, ..); R.last ! r` over repeated
        // objects raced).
        if self.map_keeps_order(map).unwrap_or(true) {
            return None;
        }
        let ret = &self.module.functions.get(func.0 as usize)?.ret;
        (!matches!(ret, Type::Array(_))).then_some((local, map))
    }

    /// Whether the `let` of `local` is left out because a reduction folds its `@`.
    pub(super) fn folded_let(&self, local: LocalId) -> bool {
        self.folded_maps.iter().any(|(r, (l, _))| *l == local && self.fold_fusable(*r).is_some())
    }

    /// `C.m ! a` over the `@` that set `a` ([`FnCx::fold_fusable`]):
    /// `rt::somd::map_fold`, which applies and folds element by element.
    fn map_fold(
        &mut self,
        reduce: ExprId,
        reducer: &ArrayReducer,
        pos: &str,
    ) -> Result<Option<String>, EmitError> {
        let (Some((_, map)), ArrayReducer::Func(m)) = (self.fold_fusable(reduce), reducer) else {
            return Ok(None);
        };
        let map_expr = self.e(map)?;
        let ExprKind::Map { func, args } = &map_expr.kind else { return Ok(None) };
        let combine = self.combine_closure(*m)?;
        let parts = self.map_parts(map, *func, args, map_expr.span, None)?;
        let MapParts { name: f, pos: map_pos, lets, lens, call_args, views, .. } = &parts;
        let n = format!("_e{}n", map.0);
        Ok(Some(format!(
            "{{ {lets}let {n} = rt::somd::map_len(&[{}], {map_pos}); {views}\
             rt::somd::map_fold({n}, |i| {f}({}), {combine}, {pos}) }}",
            lens.join(", "),
            call_args.join(", "),
        )))
    }

    /// `C @ g(C @ f(..), rest..)` with both maps device-capable and `rest` free of effects:
    /// one device call that keeps the intermediate array on the device
    /// (`rt::device::run_map_chain`), with the two CPU maps as its fallback. Under an
    /// adaptive `auto` the chain is one group site named by the outer map's kernel (both
    /// maps on the device, or both on the CPU).
    fn map_chain(
        &mut self,
        id: ExprId,
        func: FuncId,
        args: &[(ExprId, MapArg)],
        span: Span,
    ) -> Result<Option<String>, EmitError> {
        let Some(glue) = self.device else { return Ok(None) };
        let Some((outer_desc, result)) = glue.map_desc(self.fid, id) else { return Ok(None) };
        let Some(((first, MapArg::Mapped), rest)) = args.split_first() else { return Ok(None) };
        let ExprKind::Map { func: inner_func, args: inner_args } = &self.e(*first)?.kind else {
            return Ok(None);
        };
        let Some((inner_desc, _)) = glue.map_desc(self.fid, *first) else { return Ok(None) };
        // Rows held as vectors come down between the two calls (a chained buffer has no
        // row length for the outer kernel).
        let first_ty = &self.e(*first)?.ty;
        let packed_rows = matches!(first_ty, Type::ValueArray(row, _)
            if somd_mir::analysis::isolation::packed_of(row).is_some());
        if somd_mir::analysis::isolation::vector_rows(first_ty).is_some() || packed_rows {
            return Ok(None);
        }
        for (arg, _) in rest {
            if !matches!(self.e(*arg)?.kind, ExprKind::Local(_) | ExprKind::Const(_)) {
                return Ok(None);
            }
        }
        let inner_span = self.e(*first)?.span;
        let inner = self.map_parts(*first, *inner_func, inner_args, inner_span, None)?;
        let outer = self.map_parts(id, func, args, span, Some(0))?;
        if !inner.device_ok || !outer.device_ok {
            return Ok(None);
        }
        let (ni, no) = (format!("_e{}n", first.0), format!("_e{}n", id.0));
        let other_lens: Vec<String> = outer.lens.iter().skip(1).cloned().collect();
        let mut outer_host = vec!["rt::device::HostArg::Chained".to_string()];
        outer_host.extend(outer.device_args.iter().skip(1).cloned());
        let group = super::fused::group_clock(
            "_somd_group",
            &outer_desc,
            &outer.pos,
            &[(inner_desc.clone(), inner.pos.clone()), (outer_desc.clone(), outer.pos.clone())],
        );
        let (run, result, cpu) = self.map_result(id, &result);
        let run = run.replacen("run_map", "run_map_chain", 1);
        let outer_cpu = cpu_run(
            "Map",
            &format!("{outer_desc}.label"),
            &outer.pos,
            &cpu(outer.cpu(format!(
                "rt::somd::map({no}, |i| {}({}))",
                outer.name,
                outer.call_args.join(", ")
            ))),
        );
        let inner_cpu = cpu_run(
            "Map",
            &format!("{inner_desc}.label"),
            &inner.pos,
            &inner.cpu(format!(
                "rt::somd::map({ni}, |i| {}({}))",
                inner.name,
                inner.call_args.join(", ")
            )),
        );
        Ok(Some(format!(
            "{{ {}let {ni} = rt::somd::map_len(&[{}], {}); {}{group} \
             match rt::device::{run}(&{inner_desc}, {ni}, &[{}], &{outer_desc}, &[{}], {}, &[{}]) {{ \
             Some(done) => done.{result}, \
             None => {{ let _e{}_0 = {inner_cpu}; \
             let {no} = rt::somd::map_len(&[{}], {}); \
             {outer_cpu} }} }} }}",
            inner.lets,
            inner.lens.join(", "),
            inner.pos,
            outer.lets,
            inner.device_args.join(", "),
            other_lens.join(", "),
            outer.pos,
            outer_host.join(", "),
            id.0,
            outer.lens.join(", "),
            outer.pos,
        )))
    }

    fn task(
        &mut self,
        id: ExprId,
        func: FuncId,
        ctor: Option<&(somd_mir::ClassId, Option<FuncId>, Vec<ExprId>)>,
        span: Span,
    ) -> Result<String, EmitError> {
        let callee = self.callee(func)?;
        let mut name = self.func_name(func)?;
        // A SOMD method as a worker: each item is an ordinary SOMD call (its wrapper, with
        // the position of the `task` for the call's exceptions).
        let somd = callee.somd.is_some();
        let somd_tail = match somd {
            true => {
                name = format!("{name}_somd");
                format!(", 0, {}", self.pos(span))
            }
            false => String::new(),
        };
        let mut lets = String::new();
        let mut recv = Vec::new();
        if let Some((class, ctor_fn, args)) = ctor {
            let obj = match ctor_fn {
                Some(c) => self.call(*c, None, args, None, span)?,
                None => format!("Obj::new({}::default())", self.names.classes[class.0 as usize]),
            };
            lets = obj;
            recv.push(format!("&_e{}o", id.0));
        }
        let param = callee.params.first().and_then(|p| callee.locals.get(p.0 as usize));
        let task = match param {
            None => format!("Task::source(move || {name}({}{somd_tail}))", recv.join(", ")),
            Some(local) => {
                let ty = self.ty(&local.ty)?;
                let lazy = somd && self.device.is_some_and(|g| g.lazy_param(self.module, func, 0));
                recv.push(match (is_copy(&local.ty), lazy) {
                    (true, _) => "x".to_string(),
                    // The wrapper takes a value array as a `Lazy` (`somd.rs`).
                    (false, true) => "&rt::device::Lazy::from_host(x)".to_string(),
                    (false, false) => "&x".to_string(),
                });
                let args = format!("{}{somd_tail}", recv.join(", "));
                let kind = if callee.ret == Type::Void { "sink" } else { "filter" };
                let desc = self.device.and_then(|g| g.task_desc(self.fid, id));
                match desc.filter(|_| ctor.is_none()) {
                    // An isolated filter: batches of items run on the device when placed
                    // there (`rt::somd::Task::filter_device`).
                    // Value-array items cross as the rows of one 2-D value array.
                    // A batch of items of different lengths runs the ragged variant.
                    // The task's position names it in the trace of its CPU runs.
                    Some(desc) if matches!(local.ty, Type::ValueArray(..)) => {
                        let pos = self.pos(span);
                        format!(
                            "Task::filter_device_rows(&{desc}, {pos}, move |x: {ty}| {name}({args}))"
                        )
                    }
                    Some(desc) => {
                        let pos = self.pos(span);
                        format!(
                            "Task::filter_device(&{desc}, {pos}, move |x: {ty}| {name}({args}))"
                        )
                    }
                    None => format!("Task::{kind}(move |x: {ty}| {name}({args}))"),
                }
            }
        };
        // What another task may observe of the worker (printing, static fields, the heap): a graph
        // whose tasks would order such effects differently from Java runs in its order.
        let effects = somd_mir::analysis::shared::task_effects(self.module, func);
        let task = if effects == Default::default() {
            task
        } else {
            // The heap is one more location (`rt::somd::HEAP`).
            let ids = |list: &[somd_mir::StaticId], heap: bool| {
                let mut ids: Vec<String> = list.iter().map(|s| s.0.to_string()).collect();
                if heap {
                    ids.push("rt::somd::HEAP".to_string());
                }
                ids.join(", ")
            };
            format!(
                "{task}.with_effects({}, &[{}], &[{}])",
                effects.prints,
                ids(&effects.reads, effects.heap_reads),
                ids(&effects.writes, effects.heap_writes)
            )
        };
        Ok(if lets.is_empty() {
            task
        } else {
            format!("rt::somd::stateful({lets}, |_e{}o| {task})", id.0)
        })
    }

    /// `Assign`: `value_needed` says whether the expression's value is used.
    pub fn assign(
        &mut self,
        id: ExprId,
        target: ExprId,
        value: ExprId,
        value_needed: bool,
    ) -> Result<String, EmitError> {
        // `s += x` on a `String` place (`Function::rereads`): the place evaluated once.
        if let ExprKind::Concat(parts) = &self.e(value)?.kind {
            if let [again, rest] = parts[..] {
                if self.func.rereads.contains(&again) {
                    let op = BinOp { kind: BinOpKind::Add, ty: PrimOrRef::Ref };
                    return self.compound(id, target, Some((op, rest)), 0, false, value_needed);
                }
            }
        }
        let t = self.e(target)?;
        let copy = is_copy(&t.ty);
        let null = matches!(self.e(value)?.kind, ExprKind::Const(Const::Null));
        let v = match self.lazy_name(target) {
            Some(_) => self.lazy_value(value)?,
            // `null` typed by its place: its value may be bound to a temporary (`f(a = null)`).
            None if null => types::const_default(self.module, &self.names.classes, &t.ty)?,
            None => self.expr(value)?,
        };
        let tmp = format!("_e{}v", id.0);
        let result = if copy { tmp.clone() } else { format!("{tmp}.clone()") };
        let (store, value_text) = if value_needed {
            (result.clone(), format!("let {tmp} = {v}; "))
        } else {
            (v.clone(), String::new())
        };
        let stmt = match &t.kind {
            ExprKind::Local(l) => format!("{} = {store}", self.local_name(*l)),
            ExprKind::Static(s) => format!("{}.set({store})", self.static_name(*s)?),
            ExprKind::Field { object, class, index } => {
                let field = self.field(*class, *index)?;
                if self.value_ctor() && self.is_this(*object) {
                    format!("this.{field} = {store}")
                } else {
                    // Java evaluates the object, then the value, then checks the object for
                    // `null` (JLS 15.26.1), also where the store is a value (`x = q.f = (q =
                    // b).f`, probe 49; `nb.f = 1 / zero` raises the division's exception,
                    // probe 50).
                    let pos = self.pos(t.span);
                    let (set, tail) =
                        if value_needed { (&result, tmp.as_str()) } else { (&tmp, "") };
                    if self.is_pure(value) && self.is_pure(*object) {
                        let base = self.recv(*object)?;
                        // Neither writes anything: when the value cannot fail either, the
                        // order of the two is not seen.
                        if self.cannot_fail(value) {
                            format!("{}.get({pos}).{field}.set({store})", paren(base))
                        } else {
                            return Ok(format!(
                                "{{ let _e{0}o = &{base}; let {tmp} = {v}; \
                                 _e{0}o.get({pos}).{field}.set({set}); {tail} }}",
                                id.0
                            ));
                        }
                    } else if self.keeps_local(*object, &[value]) {
                        // A local or `this` the value does not assign: nothing to evaluate
                        // before the value.
                        let base = self.recv(*object)?;
                        return Ok(format!(
                            "{{ let {tmp} = {v}; {}.get({pos}).{field}.set({set}); {tail} }}",
                            paren(base)
                        ));
                    } else {
                        let base = self.expr(*object)?;
                        return Ok(format!(
                            "{{ let _e{0}o = {base}; let {tmp} = {v}; \
                             _e{0}o.get({pos}).{field}.set({set}); {tail} }}",
                            id.0
                        ));
                    }
                }
            }
            // A store used as a value (`(p[k] = v)`) goes to the last arm, which evaluates
            // the index before the value, as Java does (JLS 15.26.1): `let tmp = v;` here
            // would come first.
            ExprKind::Index { index, .. }
                if self.unchecked.contains_key(&target)
                    && self.is_pure(*index)
                    && self.is_pure(value)
                    && !value_needed =>
            {
                // The value first, so that its unchecked reads are not nested `unsafe` blocks
                // (both are pure, and the index is proven in range).
                let base = self.unchecked.get(&target).cloned().unwrap_or_default();
                let idx = self.expr(*index)?;
                return Ok(format!(
                    "{{ let {tmp} = {v}; unsafe {{ {base}.set_unchecked({idx}, {tmp}) }} }}"
                ));
            }
            ExprKind::Index { array, index } => {
                let pos = self.pos(t.span);
                if (!value_needed && self.is_pure(*index) && self.is_pure(value))
                    || (!value_needed && self.keeps_local(*array, &[*index, value]))
                    || (!value_needed
                        && self.is_pure(*index)
                        && self.is_pure(*array)
                        && self.writes_only_random(value))
                {
                    let base = self.recv(*array)?;
                    let idx = self.expr(*index)?;
                    format!("{}.set({idx}, {store}, {pos})", paren(base))
                } else {
                    let base = self.expr(*array)?;
                    let idx = self.expr(*index)?;
                    let body = format!(
                        "let _e{0}a = {base}; let _e{0}i = {idx}; let {tmp} = {v}; \
                         _e{0}a.set(_e{0}i, {result}, {pos})",
                        id.0
                    );
                    return Ok(if value_needed {
                        format!("{{ {body}; {tmp} }}")
                    } else {
                        format!("{{ {body}; }}")
                    });
                }
            }
            _ => return Err(EmitError::Internal("assignment to a non-place".into())),
        };
        // An assignment used as a value (`if ((t = b) != null)`, `c = b = t`) gives a local
        // taking part in the halo refreshes the copy declared for its new array, if any (an
        // assignment statement does so after it: `stmt.rs`, `share_halo`).
        if let ExprKind::Local(l) = t.kind {
            if value_needed && self.halo_tracked(l) {
                return Ok(format!(
                    "{{ {value_text}{stmt}; rt::somd::alias_halo_of({}, &{}); {tmp} }}",
                    l.0,
                    self.local_name(l)
                ));
            }
        }
        Ok(if value_needed { format!("{{ {value_text}{stmt}; {tmp} }}") } else { stmt })
    }

    /// `CompoundAssign` (`op_value: Some`) and `IncDec` (`delta`).
    pub fn compound(
        &mut self,
        id: ExprId,
        target: ExprId,
        op_value: Option<(BinOp, ExprId)>,
        delta: i8,
        prefix: bool,
        value_needed: bool,
    ) -> Result<String, EmitError> {
        let t = self.e(target)?;
        let target_ty = t.ty.clone();
        let pure = op_value.is_none_or(|(_, v)| self.is_pure(v));
        let value_text = match op_value {
            // `s += null` appends "null" (Java's `String.valueOf`).
            Some((_, v)) if matches!(self.e(v)?.kind, ExprKind::Const(Const::Null)) => {
                "\"null\"".to_string()
            }
            // `s += obj` converts `obj` by its class's `toString()`, as `s + obj` does.
            Some((_, v)) if target_ty == Type::String => {
                let ty = self.e(v)?.ty.clone();
                let value = self.expr(v)?;
                self.to_string_call(&ty, &format!("&{}", paren(value.clone()))).unwrap_or(value)
            }
            Some((_, v)) => self.expr(v)?,
            None => String::new(),
        };
        let n = id.0;
        if let (ExprKind::Local(l), None, true) = (&t.kind, op_value, value_needed) {
            if is_copy(&target_ty) {
                let f = if prefix { "pre_step" } else { "post_step" };
                return Ok(format!("rt::value::{f}(&mut {}, {delta})", self.local_name(*l)));
            }
        }
        // The new value computed from `old` (a variable name) and `_e{n}r`.
        let new_value = |old: &str| -> Result<String, EmitError> {
            match op_value {
                None => Ok(step(old, &target_ty, delta)),
                Some((op, v)) => {
                    if target_ty == Type::String {
                        return Ok(format!("Str::concat(&[&{old}, &_e{n}r])"));
                    }
                    let PrimOrRef::Prim(op_ty) = op.ty else {
                        return Err(EmitError::Unsupported(
                            "compound assignment on references".into(),
                        ));
                    };
                    let widened = convert(old.to_string(), &target_ty, &Type::Prim(op_ty))?;
                    let count_ty = Type::Prim(PrimType::Int);
                    let result = binop_text(
                        op.kind,
                        op_ty,
                        widened,
                        format!("_e{n}r"),
                        &count_ty,
                        "POSMARK",
                    );
                    let _ = v;
                    convert(result, &Type::Prim(op_ty), &target_ty)
                }
            }
        };
        if let (ExprKind::Local(l), false, true) = (&t.kind, value_needed, pure) {
            // `x += v;` / `x++;` as a plain assignment.
            let name = self.local_name(*l);
            let mut text = new_value(&name)?;
            if text.contains("POSMARK") {
                let pos = self.pos(t.span);
                text = text.replace("POSMARK", &pos);
            }
            if let Some((op, v)) = op_value {
                let long_count =
                    matches!(op.kind, BinOpKind::Shl | BinOpKind::Shr | BinOpKind::UShr)
                        && self.e(v)?.ty == Type::Prim(PrimType::Long);
                let r = if long_count {
                    format!("({} as i32)", paren(value_text.clone()))
                } else {
                    paren(value_text.clone())
                };
                text = text.replace(&format!("_e{n}r"), &r);
            }
            return Ok(format!("{name} = {text}"));
        }
        let mut new_text = new_value(&format!("_e{n}o"))?;
        if new_text.contains("POSMARK") {
            let pos = self.pos(t.span);
            new_text = new_text.replace("POSMARK", &pos);
        }
        if let Some((op, v)) = op_value {
            // Shift counts keep their own type.
            if matches!(op.kind, BinOpKind::Shl | BinOpKind::Shr | BinOpKind::UShr)
                && self.e(v)?.ty == Type::Prim(PrimType::Long)
            {
                new_text = new_text.replace(&format!("_e{n}r"), &format!("(_e{n}r as i32)"));
            }
        }
        let produced =
            if op_value.is_some() || prefix { format!("_e{n}n") } else { format!("_e{n}o") };
        let produced = if is_copy(&target_ty) { produced } else { format!("{produced}.clone()") };
        let tail = if value_needed { format!(" {produced}") } else { String::new() };
        let rhs =
            if op_value.is_some() { format!("let _e{n}r = {value_text}; ") } else { String::new() };
        Ok(match &t.kind {
            ExprKind::Local(l) => {
                let name = self.local_name(*l);
                format!(
                    "{{ let _e{n}o = {name}{clone}; {rhs}let _e{n}n = {new_text}; {name} = _e{n}n{clone};{tail} }}",
                    clone = if is_copy(&target_ty) { "" } else { ".clone()" }
                )
            }
            // An element of a `LazyArr` holding SOMD results (`x[i] += v`): read alone and
            // written into the device copy where it stays (`LazyArr::get`, `LazyArr::set`),
            // as `x[i] = v` is, instead of through the host copy, which dropped it.
            ExprKind::Index { array, index }
                if self.lazy_compound(target, *array, *index, op_value.map(|(_, v)| v)) =>
            {
                let name = self.lazy_name(*array).unwrap_or_default();
                let idx = self.expr(*index)?;
                let pos = self.pos(t.span);
                format!(
                    "{{ let _e{n}i = {idx}; let _e{n}o = {name}.get(_e{n}i, {pos}); {rhs}\
                     let _e{n}n = {new_text}; {name}.set(_e{n}i, _e{n}n{clone}, {pos});{tail} }}",
                    clone = if is_copy(&target_ty) { "" } else { ".clone()" }
                )
            }
            ExprKind::Static(_) | ExprKind::Field { .. } | ExprKind::Index { .. } => {
                let (lets, slot) = self.slot(target, pure, op_value.map(|(_, v)| v))?;
                format!(
                    "{{ {lets}let _e{n}s = {slot}; let _e{n}o = _e{n}s.get(); {rhs}\
                     let _e{n}n = {new_text}; _e{n}s.set(_e{n}n{clone});{tail} }}",
                    clone = if is_copy(&target_ty) { "" } else { ".clone()" }
                )
            }
            _ => return Err(EmitError::Internal("compound assignment to a non-place".into())),
        })
    }

    /// Whether the compound store or step `target` (`x[i] op= v`, `x[i]++`) is to an element
    /// of a mutable 1-D lazy local `x` whose stores the analysis marked (`LazyLocal::stores`),
    /// with nothing in the index or value assigning `x`: the element is read and stored
    /// through the `LazyArr` by name.
    fn lazy_compound(
        &self,
        target: ExprId,
        array: ExprId,
        index: ExprId,
        value: Option<ExprId>,
    ) -> bool {
        let Ok(ExprKind::Local(l)) = self.e(array).map(|e| &e.kind) else { return false };
        // The analysis marks the stores of 1-D locals only.
        let marked = self.lazy(*l).is_some_and(|z| z.mutable && z.stores.contains(&target));
        let others: Vec<ExprId> = std::iter::once(index).chain(value).collect();
        marked && self.keeps_local(array, &others)
    }

    /// Whether `id` makes a new array or object, or reads a row or field of one
    /// (`new int[]{1, 2}[0]++`, `new int[][]{{1, 2}}[0][1] *= 10`): a slot of it borrows a
    /// temporary, which must be bound first to live through the statement.
    fn is_fresh(&self, id: ExprId) -> Result<bool, EmitError> {
        Ok(match &self.e(id)?.kind {
            ExprKind::NewArray { .. }
            | ExprKind::ArrayLit(_)
            | ExprKind::ValueArrayLit(_)
            | ExprKind::New { .. } => true,
            ExprKind::Index { array: inner, .. } | ExprKind::Field { object: inner, .. } => {
                self.is_fresh(*inner)?
            }
            _ => false,
        })
    }

    /// A `&Slot<T>` expression for a place, with `let`s binding owned handles when the
    /// rest of the statement is not pure.
    fn slot(
        &mut self,
        target: ExprId,
        pure: bool,
        value: Option<ExprId>,
    ) -> Result<(String, String), EmitError> {
        let t = self.e(target)?;
        let mut others: Vec<ExprId> = value.into_iter().collect();
        if let ExprKind::Index { index, .. } = &t.kind {
            others.push(*index);
        }
        let n = target.0;
        match &t.kind {
            ExprKind::Static(s) => Ok((String::new(), format!("&{}", self.static_name(*s)?))),
            ExprKind::Field { object, class, index } => {
                if self.is_value_class(*class) {
                    return Err(EmitError::Unsupported("assignment to a value-class field".into()));
                }
                let field = self.field(*class, *index)?;
                let pos = self.pos(t.span);
                if pure && self.is_pure(*object) && !self.is_fresh(*object)? {
                    let base = self.recv(*object)?;
                    Ok((String::new(), format!("&{}.get({pos}).{field}", paren(base))))
                } else {
                    let base = self.expr(*object)?;
                    Ok((format!("let _e{n}h = {base}; "), format!("&_e{n}h.get({pos}).{field}")))
                }
            }
            ExprKind::Index { index, .. }
                if self.unchecked.contains_key(&target) && pure && self.is_pure(*index) =>
            {
                // Proved in bounds before the versioned loop (`stmt.rs`, `version_loop`).
                let base = self.unchecked.get(&target).cloned().unwrap_or_default();
                let idx = self.expr(*index)?;
                Ok((String::new(), format!("unsafe {{ {base}.slot_unchecked({idx}) }}")))
            }
            ExprKind::Index { array, index } => {
                let pos = self.pos(t.span);
                if (pure
                    && self.is_pure(*array)
                    && self.is_pure(*index)
                    && !self.is_fresh(*array)?)
                    || self.keeps_local(*array, &others)
                {
                    let base = self.recv(*array)?;
                    let idx = self.expr(*index)?;
                    Ok((String::new(), format!("{}.slot({idx}, {pos})", paren(base))))
                } else {
                    let base = self.expr(*array)?;
                    let idx = self.expr(*index)?;
                    Ok((
                        format!("let _e{n}h = {base}; let _e{n}i = {idx}; "),
                        format!("_e{n}h.slot(_e{n}i, {pos})"),
                    ))
                }
            }
            _ => Err(EmitError::Internal("slot of a non-place".into())),
        }
    }

    fn builtin(
        &mut self,
        builtin: Builtin,
        args: &[ExprId],
        span: Span,
    ) -> Result<String, EmitError> {
        let arg = |cx: &mut Self, i: usize| -> Result<String, EmitError> {
            let id = args.get(i).copied().ok_or_else(|| {
                EmitError::Internal(format!("missing argument {i} of {builtin:?}"))
            })?;
            cx.expr(id)
        };
        let recv = |cx: &mut Self, i: usize| -> Result<String, EmitError> {
            let id = args.get(i).copied().ok_or_else(|| {
                EmitError::Internal(format!("missing argument {i} of {builtin:?}"))
            })?;
            Ok(paren(cx.recv(id)?))
        };
        Ok(match builtin {
            Builtin::Print { err } | Builtin::Println { err } => {
                let f = if matches!(builtin, Builtin::Print { .. }) { "print" } else { "println" };
                let id = args
                    .first()
                    .copied()
                    .ok_or_else(|| EmitError::Internal("print without argument".to_string()))?;
                let e = self.e(id)?;
                if e.ty == Type::Array(Box::new(Type::Prim(PrimType::Char))) {
                    let chars = self.arg_ref(id)?;
                    let newline = f == "println";
                    let pos = self.pos(span);
                    return Ok(format!("rt::print::print_chars({err}, {chars}, {newline}, {pos})"));
                }
                let shown = match &e.kind {
                    ExprKind::Const(Const::Str(s)) => format!("&{s:?}"),
                    ExprKind::Const(Const::Null) => "&\"null\"".to_string(),
                    _ if is_copy(&e.ty) => format!("&{}", paren(self.expr(id)?)),
                    _ => {
                        let ty = e.ty.clone();
                        let object = self.arg_ref(id)?;
                        match self.to_string_call(&ty, &object) {
                            Some(text) => format!("&{text}"),
                            None => object,
                        }
                    }
                };
                format!("rt::print::{f}({err}, {shown})")
            }
            Builtin::Println0 { err } => format!("rt::print::println0({err})"),
            Builtin::Printf { err } => {
                let (fmt, list) = self.format_args(args)?;
                let pos = self.pos(span);
                format!("rt::print::printf({err}, {fmt}, {list}, {pos})")
            }
            Builtin::Format => {
                let (fmt, list) = self.format_args(args)?;
                let pos = self.pos(span);
                format!("rt::print::string_format({fmt}, {list}, {pos})")
            }
            Builtin::NanoTime => "rt::print::nano_time()".to_string(),
            Builtin::CurrentTimeMillis => "rt::print::current_time_millis()".to_string(),
            Builtin::ParseInt | Builtin::ParseLong | Builtin::ParseFloat | Builtin::ParseDouble => {
                let f = match builtin {
                    Builtin::ParseInt => "parse_int",
                    Builtin::ParseLong => "parse_long",
                    Builtin::ParseFloat => "parse_float",
                    _ => "parse_double",
                };
                let s = recv(self, 0)?;
                let pos = self.pos(span);
                // Through functions taking `&Str`, which also type a literal `null`.
                let text = match builtin {
                    Builtin::ParseInt | Builtin::ParseLong => {
                        format!("rt::java::parse::integer_text(&{s}).or_throw({pos})")
                    }
                    _ => format!("Str::text(&{s}, {pos})"),
                };
                format!("rt::java::parse::{f}({text}).or_throw({pos})")
            }
            Builtin::Math(f, operand) => self.math(f, operand, args)?,
            Builtin::IntegerBitCount => format!("arith::int_bit_count({})", arg(self, 0)?),
            Builtin::LongBitCount => format!("arith::long_bit_count({})", arg(self, 0)?),
            Builtin::FloatToIntBits => format!("arith::float_to_int_bits({})", arg(self, 0)?),
            Builtin::DoubleToLongBits => format!("arith::double_to_long_bits({})", arg(self, 0)?),
            Builtin::FloatIsNaN | Builtin::DoubleIsNaN => {
                format!("{}.is_nan()", paren(arg(self, 0)?))
            }
            Builtin::RandomNew => "Obj::new(Random::new())".to_string(),
            Builtin::RandomNewSeeded => format!("Obj::new(Random::with_seed({}))", arg(self, 0)?),
            Builtin::RandomNextIntBounded => {
                let r = recv(self, 0)?;
                let b = arg(self, 1)?;
                let pos = self.pos(span);
                if args.get(1).is_some_and(|b| self.is_pure(*b)) {
                    format!("{r}.get_mut({pos}).next_int_bounded({b}).or_throw({pos})")
                } else {
                    // Java takes the receiver, then the bound (which may reassign the
                    // receiver's variable or print), then draws; the generator is borrowed
                    // mutably only then.
                    let n = args.get(1).map_or(0, |b| b.0);
                    let owned = arg(self, 0)?;
                    format!(
                        "{{ let _e{n}g = {owned}; let _e{n}b = {b}; \
                         _e{n}g.get_mut({pos}).next_int_bounded(_e{n}b).or_throw({pos}) }}"
                    )
                }
            }
            Builtin::RandomNextInt
            | Builtin::RandomNextLong
            | Builtin::RandomNextFloat
            | Builtin::RandomNextDouble
            | Builtin::RandomNextBoolean
            | Builtin::RandomNextGaussian => {
                let m = match builtin {
                    Builtin::RandomNextInt => "next_int",
                    Builtin::RandomNextLong => "next_long",
                    Builtin::RandomNextFloat => "next_float",
                    Builtin::RandomNextDouble => "next_double",
                    Builtin::RandomNextBoolean => "next_boolean",
                    _ => "next_gaussian",
                };
                let r = recv(self, 0)?;
                let pos = self.pos(span);
                format!("{r}.get_mut({pos}).{m}()")
            }
            Builtin::SomdOffset | Builtin::SomdGlobalLength => {
                let array = args.first().copied().ok_or_else(|| {
                    EmitError::Internal("Somd geometry without argument".to_string())
                })?;
                let dim = match args.get(1) {
                    None => "1i32".to_string(),
                    Some(d) if matches!(self.e(*d)?.kind, ExprKind::Const(_)) => arg(self, 1)?,
                    Some(_) => {
                        let mut rank = 0;
                        let mut ty = &self.e(array)?.ty;
                        while let Type::Array(t) | Type::ValueArray(t, _) = ty {
                            rank += 1;
                            ty = t;
                        }
                        let what = match builtin {
                            Builtin::SomdOffset => "offset",
                            _ => "globalLength",
                        };
                        let pos = self.pos(span);
                        let d = arg(self, 1)?;
                        format!("rt::somd::somd_dim({d}, {rank}, {what:?}, {pos})")
                    }
                };
                let geo = match &self.e(array)?.kind {
                    // A `dist` local is partitioned like the `dist` parameter its length
                    // came from; the MIR does not say which, so the first one is used.
                    ExprKind::Local(l) => self.dist_index.get(l).copied().or_else(|| {
                        let dist_local = self.func.local(*l).dist.is_some();
                        (dist_local && !self.dist_index.is_empty()).then_some(0)
                    }),
                    _ => None,
                };
                let pos = self.pos(span);
                let base = paren(self.arg_ref(array)?);
                let local_len = format!("rt::somd::dim_len({base}, {dim}, {pos})");
                match (builtin, geo) {
                    (Builtin::SomdOffset, Some(k)) => format!("geo[{k}].offset({dim})"),
                    // Another array may still be a partition the running MI passed on.
                    (Builtin::SomdOffset, None) => {
                        format!("rt::somd::part_offset({base}, {dim}, {pos})")
                    }
                    (_, Some(k)) => format!("geo[{k}].global_length({dim}, {local_len})"),
                    (_, None) => format!("rt::somd::part_global_length({base}, {dim}, {pos})"),
                }
            }
            Builtin::SomdRange => format!("rt::somd::range({})", arg(self, 0)?),
            Builtin::SomdThaw => {
                // `thaw` of `null` is `null` (Java would throw when reading it later).
                let v = recv(self, 0)?;
                format!("{v}.thaw()")
            }
            Builtin::TaskStart | Builtin::TaskFinish => {
                let t = recv(self, 0)?;
                let pos = self.pos(span);
                let m = if builtin == Builtin::TaskStart { "start" } else { "finish" };
                format!("{t}.{m}({pos})")
            }
        })
    }

    fn format_args(&mut self, args: &[ExprId]) -> Result<(String, String), EmitError> {
        let (first, rest) = args
            .split_first()
            .ok_or_else(|| EmitError::Internal("printf without format".to_string()))?;
        let fmt = self.arg_ref(*first)?;
        // One array of references is Java's `Object...` array itself: its elements are the
        // arguments (`printf("%s+%s", names)`); a `null` one gives `null` to every specifier.
        if let [only] = rest {
            let ty = self.e(*only)?.ty.clone();
            if let Type::Array(elem) | Type::ValueArray(elem, _) = &ty {
                if !matches!(**elem, Type::Prim(_)) {
                    let class = java_class(self.module, elem);
                    let array = self.arg_ref(*only)?;
                    // Typed: a cast `null` (`(String[]) null`) is an untyped handle here.
                    let rust = self.ty(&ty)?;
                    // Elements whose class declares `toString()` are given by it.
                    if let Some(text) = self.to_string_call(elem, "e") {
                        let elem_rust = self.ty(elem)?;
                        return Ok((
                            fmt,
                            format!(
                                "&rt::print::spread_by::<_, {elem_rust}>({array}, {class:?}, |e| {text}).args()"
                            ),
                        ));
                    }
                    return Ok((
                        fmt,
                        format!("&rt::print::spread::<{rust}, _>({array}, {class:?}).args()"),
                    ));
                }
            }
        }
        let mut list = Vec::new();
        for a in rest {
            let e = self.e(*a)?;
            let value = match &e.ty {
                Type::Prim(p) => {
                    let v = self.expr(*a)?;
                    let variant = match p {
                        PrimType::Boolean => "Bool",
                        PrimType::Byte => "Byte",
                        PrimType::Short => "Short",
                        PrimType::Char => "Char",
                        PrimType::Int => "Int",
                        PrimType::Long => "Long",
                        PrimType::Float => "Float",
                        PrimType::Double => "Double",
                    };
                    format!("Arg::{variant}({v})")
                }
                // `null` formats as `false` under `%b`, as "null" under the others.
                Type::String => format!("Arg::string(&{})", paren(self.recv(*a)?)),
                Type::Null => match self.null_effects(*a)? {
                    Some(effects) => format!("{{ {effects}; Arg::Null }}"),
                    None => "Arg::Null".to_string(),
                },
                other => {
                    let other = other.clone();
                    let object = self.arg_ref(*a)?;
                    let text = self
                        .to_string_call(&other, &object)
                        .unwrap_or_else(|| format!("Str::concat(&[{object}])"));
                    format!(
                        "Arg::reference(({text}).as_java(), {:?})",
                        java_class(self.module, &other)
                    )
                }
            };
            list.push(value);
        }
        Ok((fmt, format!("&[{}]", list.join(", "))))
    }

    fn math(&mut self, f: MathFn, ty: PrimType, args: &[ExprId]) -> Result<String, EmitError> {
        let mut a = Vec::new();
        for id in args {
            a.push(paren(self.expr(*id)?));
        }
        let x = a.first().cloned().unwrap_or_default();
        let y = a.get(1).cloned().unwrap_or_default();
        let float = matches!(ty, PrimType::Float);
        let int = matches!(ty, PrimType::Int | PrimType::Long);
        Ok(match f {
            MathFn::Abs if ty == PrimType::Int => format!("rt::java::math::abs_i32({x})"),
            MathFn::Abs if ty == PrimType::Long => format!("rt::java::math::abs_i64({x})"),
            MathFn::Abs => format!("{x}.abs()"),
            MathFn::Min if int => format!("{x}.min({y})"),
            MathFn::Max if int => format!("{x}.max({y})"),
            MathFn::Min if float => format!("rt::java::math::min_f32({x}, {y})"),
            MathFn::Max if float => format!("rt::java::math::max_f32({x}, {y})"),
            MathFn::Min => format!("rt::java::math::min_f64({x}, {y})"),
            MathFn::Max => format!("rt::java::math::max_f64({x}, {y})"),
            MathFn::Sqrt => format!("{x}.sqrt()"),
            MathFn::Cbrt => format!("rt::java::math::cbrt({x})"),
            MathFn::Exp => format!("{x}.exp()"),
            MathFn::Log => format!("{x}.ln()"),
            MathFn::Log10 => format!("{x}.log10()"),
            MathFn::Pow => format!("rt::java::math::pow({x}, {y})"),
            MathFn::Sin => format!("{x}.sin()"),
            MathFn::Cos => format!("{x}.cos()"),
            MathFn::Tan => format!("{x}.tan()"),
            MathFn::Asin => format!("{x}.asin()"),
            MathFn::Acos => format!("{x}.acos()"),
            MathFn::Atan => format!("{x}.atan()"),
            MathFn::Atan2 => format!("{x}.atan2({y})"),
            MathFn::Sinh => format!("{x}.sinh()"),
            MathFn::Cosh => format!("{x}.cosh()"),
            MathFn::Tanh => format!("{x}.tanh()"),
            MathFn::Floor => format!("{x}.floor()"),
            MathFn::Ceil => format!("{x}.ceil()"),
            MathFn::Rint => format!("rt::java::math::rint({x})"),
            MathFn::Round if float => format!("rt::java::math::round_f32({x})"),
            MathFn::Round => format!("rt::java::math::round_f64({x})"),
            MathFn::Hypot => format!("rt::java::math::hypot({x}, {y})"),
            MathFn::Signum if float => format!("rt::java::math::signum_f32({x})"),
            MathFn::Signum => format!("rt::java::math::signum_f64({x})"),
            MathFn::ToRadians => format!("rt::java::math::to_radians({x})"),
            MathFn::ToDegrees => format!("rt::java::math::to_degrees({x})"),
        })
    }
}

/// `Array<Array<f64>>` → `Array::<Array<f64>>` (a path usable in expressions).
fn turbofish(ty: &str) -> String {
    match ty.split_once('<') {
        Some((head, rest)) => format!("{head}::<{rest}"),
        None => ty.to_string(),
    }
}

fn is_float(ty: &Type) -> bool {
    matches!(ty, Type::Prim(PrimType::Float | PrimType::Double))
}

/// `old ± 1` at the target's type.
fn step(old: &str, ty: &Type, delta: i8) -> String {
    match ty {
        Type::Prim(PrimType::Float) => format!("{old} + ({delta}.0f32)"),
        Type::Prim(PrimType::Double) => format!("{old} + ({delta}.0f64)"),
        Type::Prim(p) => {
            let method = if delta >= 0 { "wrapping_add" } else { "wrapping_sub" };
            format!("{old}.{method}({}{})", delta.unsigned_abs(), types::prim(*p))
        }
        _ => old.to_string(),
    }
}

/// Java's binary operator at primitive type `ty`; `pos` is the position for `/` and `%`.
pub fn binop_text(
    kind: BinOpKind,
    ty: PrimType,
    l: String,
    r: String,
    count_ty: &Type,
    pos: &str,
) -> String {
    let integral = matches!(
        ty,
        PrimType::Int | PrimType::Long | PrimType::Byte | PrimType::Short | PrimType::Char
    );
    let long = ty == PrimType::Long;
    let count = || {
        if *count_ty == Type::Prim(PrimType::Long) {
            format!("({} as i32)", paren(r.clone()))
        } else {
            r.clone()
        }
    };
    let infix = |op: &str| format!("{} {op} {}", paren(l.clone()), paren(r.clone()));
    match kind {
        BinOpKind::Add if integral => format!("{}.wrapping_add({r})", paren(l)),
        BinOpKind::Sub if integral => format!("{}.wrapping_sub({r})", paren(l)),
        BinOpKind::Mul if integral => format!("{}.wrapping_mul({r})", paren(l)),
        BinOpKind::Div if integral => {
            format!("arith::{}({l}, {r}, {pos})", if long { "ldiv" } else { "idiv" })
        }
        BinOpKind::Rem if integral => {
            format!("arith::{}({l}, {r}, {pos})", if long { "lrem" } else { "irem" })
        }
        BinOpKind::Add => infix("+"),
        BinOpKind::Sub => infix("-"),
        BinOpKind::Mul => infix("*"),
        BinOpKind::Div => infix("/"),
        BinOpKind::Rem => infix("%"),
        BinOpKind::Shl => {
            format!("arith::{}({l}, {})", if long { "lshl" } else { "ishl" }, count())
        }
        BinOpKind::Shr => {
            format!("arith::{}({l}, {})", if long { "lshr" } else { "ishr" }, count())
        }
        BinOpKind::UShr => {
            format!("arith::{}({l}, {})", if long { "lushr" } else { "iushr" }, count())
        }
        BinOpKind::Lt => infix("<"),
        BinOpKind::Le => infix("<="),
        BinOpKind::Gt => infix(">"),
        BinOpKind::Ge => infix(">="),
        BinOpKind::Eq => infix("=="),
        BinOpKind::Ne => infix("!="),
        BinOpKind::BitAnd => infix("&"),
        BinOpKind::BitOr => infix("|"),
        BinOpKind::BitXor => infix("^"),
        BinOpKind::And => infix("&&"),
        BinOpKind::Or => infix("||"),
    }
}

/// Java's numeric conversion `from` → `to` applied to `text`.
pub fn convert(text: String, from: &Type, to: &Type) -> Result<String, EmitError> {
    let (Type::Prim(f), Type::Prim(t)) = (from, to) else {
        if from == to {
            return Ok(text);
        }
        return Err(EmitError::Unsupported(format!("conversion from {from:?} to {to:?}")));
    };
    if f == t {
        return Ok(text);
    }
    use PrimType as P;
    let x = paren(text);
    let via_int = |fun: &str, narrow: &str| {
        if narrow.is_empty() {
            format!("arith::{fun}({x})")
        } else {
            format!("(arith::{fun}({x}) as {narrow})")
        }
    };
    Ok(match (f, t) {
        (P::Boolean, _) | (_, P::Boolean) => {
            return Err(EmitError::Unsupported("a boolean conversion".to_string()))
        }
        (P::Float, P::Int) => via_int("f2i", ""),
        (P::Float, P::Long) => via_int("f2l", ""),
        (P::Double, P::Int) => via_int("d2i", ""),
        (P::Double, P::Long) => via_int("d2l", ""),
        (P::Float, narrow @ (P::Byte | P::Short | P::Char)) => via_int("f2i", types::prim(*narrow)),
        (P::Double, narrow @ (P::Byte | P::Short | P::Char)) => {
            via_int("d2i", types::prim(*narrow))
        }
        (_, target) => format!("{x} as {}", types::prim(*target)),
    })
}

/// `code`, the CPU path of the construct (`kind`: a `rt::somd::Construct`) whose device site
/// is `label` (a Rust expression naming its label) at `pos`, timed for the trace
/// (`rt::somd::cpu_run`): every construct whose placement the trace shows reports its time
/// on either side.
pub(super) fn cpu_run(kind: &str, label: &str, pos: &str, code: &str) -> String {
    cpu_guard("cpu_run", kind, label, pos, code)
}

/// `code` inside the guard `rt::somd::GUARD` (`cpu_run`, or `cpu_only` for a construct with
/// no device path, which also traces its placement) of the construct `kind` named `label`
/// at `pos`.
fn cpu_guard(guard: &str, kind: &str, label: &str, pos: &str, code: &str) -> String {
    format!(
        "{{ let _somd_cpu = rt::somd::{guard}(rt::somd::Construct::{kind}, {label}, {pos}); \
         {code} }}"
    )
}

/// Statements checking the bounded dimensions of the rows of the value array `var` whose
/// rows have type `row` (each row's `[[N]]`, then its own rows'), raising Java's
/// `IllegalArgumentException` at `pos` for the first row that does not fit.
fn inner_bounds(row: &Type, var: &str, pos: &str, out: &mut String) {
    let Type::ValueArray(elem, bound) = row else { return };
    let mut body = String::new();
    if let Some(n) = bound {
        body.push_str(&format!("_r{}.clone().bounded({n}, {pos}); ", var.len()));
    }
    inner_bounds(elem, &format!("_r{}", var.len()), pos, &mut body);
    if !body.is_empty() {
        out.push_str(&format!("for _r{} in {var}.items() {{ {body}}} ", var.len()));
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // Tests may fail loudly.
mod tests {
    use super::*;

    #[test]
    fn atoms_and_parens() {
        assert!(is_atomic("a.get(i, &POS_1)"));
        assert!(!is_atomic("a + b"));
        assert!(!is_atomic("-1i32"));
        assert!(is_atomic("\"a + b\""));
        assert_eq!(paren("x as i64".to_string()), "(x as i64)");
    }

    #[test]
    fn java_conversions() {
        let d = Type::Prim(PrimType::Double);
        let b = Type::Prim(PrimType::Byte);
        assert_eq!(convert("x".into(), &d, &b).unwrap(), "(arith::d2i(x) as i8)");
        let i = Type::Prim(PrimType::Int);
        let l = Type::Prim(PrimType::Long);
        assert_eq!(convert("x".into(), &i, &l).unwrap(), "x as i64");
    }
}

/// A store's index that [`FnCx::halo_checked`] checks: the `geo` entry of the `dist`
/// parameter, the dimension (1-based), the row expression and its index when the store
/// is into a row (`g[i][j]`, for the column's index), the store's target and its span.
#[derive(Clone, Copy)]
pub struct HaloStore {
    pub geo: HaloGeo,
    pub dim: u32,
    pub row: Option<HaloRow>,
    /// The store's target (`a[i]`, `g[i][j]`).
    pub target: ExprId,
    span: Span,
}

/// Where a checked store finds the geometry of the partition it writes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum HaloGeo {
    /// The SOMD body's own `dist` parameter `k`: `geo[k]`.
    Mi(usize),
    /// A helper's parameter that an MI may pass its partition: the geometry looked up on
    /// entry ([`halo_geo_name`]), `Geo::WHOLE` (no check) for any other array.
    Part(LocalId),
}

impl HaloGeo {
    /// The `rt::somd::Geo` value, as the emitted code names it.
    pub fn text(self) -> String {
        match self {
            HaloGeo::Mi(k) => format!("geo[{k}]"),
            HaloGeo::Part(local) => halo_geo_name(local),
        }
    }
}

/// The name under which a helper keeps the geometry of parameter `local`
/// ([`HaloGeo::Part`]).
pub(super) fn halo_geo_name(local: LocalId) -> String {
    format!("_pgeo{}", local.0)
}

/// The row of a store into a matrix with a view.
#[derive(Clone, Copy)]
pub enum HaloRow {
    /// `g[i][j]`: the row `g[i]` and its index `i`.
    Index { row: ExprId, index: ExprId },
    /// `r[j]` through local `r` naming a row (`double[] r = g[i];`), whose index its
    /// declaration kept ([`halo_row_name`]).
    Alias(LocalId),
}

/// The name under which the declaration of row local `local` keeps the row's index.
pub(super) fn halo_row_name(local: LocalId) -> String {
    format!("_hrow{}", local.0)
}

/// The indices of the elements a SOMD body stores (`=`, `op=`, `++`/`--`) into a `dist`
/// parameter with a view that it never reassigns: `a[i]` (dimension 1), `g[i][j]` (both),
/// `g[i] = row`, also through a local never reassigned that names the parameter (`int[]
/// v = a;`, `int[][] h = g;`) or a row of it (`int[] r = g[i];`, an index without effects:
/// the second map of the result, kept where the local is declared). Writing a halo cell is
/// a run-time `IllegalStateException` (LANGUAGE.md §2.2: no constant index is in the halo
/// of every MI, so the checker leaves it to the runtime). In a helper the same stores into
/// a parameter that may receive such a partition (`receivers`) are checked against the
/// geometry the MI registered for it ([`HaloGeo::Part`]).
fn halo_stores(
    func: &Function,
    dist_index: &HashMap<LocalId, usize>,
    receivers: &[LocalId],
    assigned: &[bool],
) -> (HashMap<ExprId, HaloStore>, HashMap<LocalId, (HaloGeo, ExprId)>) {
    let mut out = HashMap::new();
    let kind = |e: ExprId| func.exprs.get(e.0 as usize).map(|e| &e.kind);
    let fixed = |l: LocalId| !assigned.get(l.0 as usize).copied().unwrap_or(true);
    // The parameters with a view, and the locals naming one, by their `Geo`.
    let mut views: HashMap<LocalId, HaloGeo> = func
        .locals
        .iter()
        .enumerate()
        .map(|(i, local)| (LocalId(i as u32), local))
        .filter(|(l, local)| {
            fixed(*l) && matches!(local.dist, Some(somd_mir::Distribution::View { .. }))
        })
        .filter_map(|(l, _)| Some((l, HaloGeo::Mi(*dist_index.get(&l)?))))
        .chain(receivers.iter().filter(|l| fixed(**l)).map(|l| (*l, HaloGeo::Part(*l))))
        .collect();
    let mut rows = HashMap::new();
    somd_mir::analysis::walk::each_stmt(&func.body, &mut |stmt| {
        let Stmt::Let { local, init: Some(init) } = stmt else { return };
        if !fixed(*local) || !matches!(func.local(*local).ty, Type::Array(_)) {
            return;
        }
        match kind(*init) {
            Some(ExprKind::Local(l)) => {
                if let Some(geo) = views.get(l).copied() {
                    views.insert(*local, geo);
                }
            }
            Some(ExprKind::Index { array, index }) if plain_index(func, *index) => {
                let geo = match kind(*array) {
                    Some(ExprKind::Local(l)) => views.get(l).copied(),
                    _ => None,
                };
                if let Some(geo) = geo {
                    rows.insert(*local, (geo, *index));
                }
            }
            _ => {}
        }
    });
    let view = |e: ExprId| match kind(e) {
        Some(ExprKind::Local(l)) => views.get(l).copied(),
        _ => None,
    };
    for expr in &func.exprs {
        let target = match &expr.kind {
            ExprKind::Assign { target, .. }
            | ExprKind::CompoundAssign { target, .. }
            | ExprKind::IncDec { target, .. } => *target,
            _ => continue,
        };
        let Some(ExprKind::Index { array, index }) = kind(target) else { continue };
        let span = func.exprs[target.0 as usize].span;
        if let Some(geo) = view(*array) {
            out.insert(*index, HaloStore { geo, dim: 1, row: None, target, span });
        } else if let Some(ExprKind::Local(r)) = kind(*array) {
            if let Some((geo, _)) = rows.get(r).copied() {
                let row = Some(HaloRow::Alias(*r));
                out.insert(*index, HaloStore { geo, dim: 2, row, target, span });
            }
        } else if let Some(ExprKind::Index { array: base, index: row_index }) = kind(*array) {
            if let Some(geo) = view(*base) {
                let row_store = HaloStore { geo, dim: 1, row: None, target: *array, span };
                out.insert(*row_index, row_store);
                let row = Some(HaloRow::Index { row: *array, index: *row_index });
                out.insert(*index, HaloStore { geo, dim: 2, row, target, span });
            }
        }
    }
    (out, rows)
}

/// The parameters of ordinary functions that an MI may pass one of its partitions with a
/// view: an argument naming a `dist` parameter with a view (or a local never reassigned
/// that names one) in a SOMD body, or naming such a parameter of a function in this set,
/// never reassigned. Their stores are checked against the halo cells ([`halo_stores`]).
pub(super) fn view_receivers(module: &Module) -> HashSet<(FuncId, LocalId)> {
    let mut out = HashSet::new();
    let has_view = |func: &Function| {
        func.somd.is_some()
            && func
                .params
                .iter()
                .any(|p| matches!(func.local(*p).dist, Some(somd_mir::Distribution::View { .. })))
    };
    if !module.functions.iter().any(has_view) {
        return out;
    }
    loop {
        let before = out.len();
        for (f, func) in module.functions.iter().enumerate() {
            let fid = FuncId(f as u32);
            let assigned = somd_mir::analysis::parallel::assigned_locals(func);
            let fixed = |l: LocalId| !assigned.contains_key(&l);
            let mut holds: HashSet<LocalId> = func
                .params
                .iter()
                .copied()
                .filter(|p| {
                    fixed(*p)
                        && if func.somd.is_some() {
                            matches!(func.local(*p).dist, Some(somd_mir::Distribution::View { .. }))
                        } else {
                            out.contains(&(fid, *p))
                        }
                })
                .collect();
            if holds.is_empty() {
                continue;
            }
            somd_mir::analysis::walk::each_stmt(&func.body, &mut |stmt| {
                if let Stmt::Let { local, init: Some(init) } = stmt {
                    if let Some(ExprKind::Local(l)) =
                        func.exprs.get(init.0 as usize).map(|e| &e.kind)
                    {
                        if holds.contains(l) && fixed(*local) {
                            holds.insert(*local);
                        }
                    }
                }
            });
            for expr in &func.exprs {
                let ExprKind::Call { func: callee, args, .. } = &expr.kind else { continue };
                let Some(target) = module.functions.get(callee.0 as usize) else { continue };
                if target.somd.is_some() {
                    continue;
                }
                for (arg, param) in args.iter().zip(&target.params) {
                    if let Some(ExprKind::Local(l)) =
                        func.exprs.get(arg.0 as usize).map(|e| &e.kind)
                    {
                        if holds.contains(l) {
                            out.insert((*callee, *param));
                        }
                    }
                }
            }
        }
        if out.len() == before {
            return out;
        }
    }
}

/// Whether index `e` can be evaluated again with the same value and no effect: constants,
/// locals, fields, lengths and arithmetic of them (a row local's declaration keeps its
/// index so).
fn plain_index(func: &Function, e: ExprId) -> bool {
    let Some(expr) = func.exprs.get(e.0 as usize) else { return false };
    match &expr.kind {
        ExprKind::Const(_) | ExprKind::Local(_) | ExprKind::This | ExprKind::Static(_) => true,
        ExprKind::Field { object, .. } => plain_index(func, *object),
        ExprKind::Length(a) | ExprKind::Convert { operand: a } => plain_index(func, *a),
        ExprKind::Unary { operand, .. } => plain_index(func, *operand),
        ExprKind::Binary { lhs, rhs, .. } => plain_index(func, *lhs) && plain_index(func, *rhs),
        _ => false,
    }
}

/// The name of `ty`'s class as Java's `Class.getName` gives it (`[I`, `[[D`,
/// `[Ljava.lang.String;`, `Box`), which format exceptions name. A value array is named as the
/// array a Java twin holds.
fn java_class(module: &Module, ty: &Type) -> String {
    fn descriptor(module: &Module, ty: &Type) -> String {
        match ty {
            Type::Prim(p) => match p {
                PrimType::Boolean => "Z",
                PrimType::Byte => "B",
                PrimType::Short => "S",
                PrimType::Char => "C",
                PrimType::Int => "I",
                PrimType::Long => "J",
                PrimType::Float => "F",
                PrimType::Double => "D",
            }
            .to_string(),
            Type::Array(e) | Type::ValueArray(e, _) => format!("[{}", descriptor(module, e)),
            other => format!("L{};", java_class(module, other)),
        }
    }
    match ty {
        Type::Array(_) | Type::ValueArray(..) => descriptor(module, ty),
        Type::String => "java.lang.String".to_string(),
        Type::Random => "java.util.Random".to_string(),
        Type::Object(c) => {
            module.classes.get(c.0 as usize).map_or("Object", |c| &c.name).to_string()
        }
        _ => "java.lang.Object".to_string(),
    }
}

/// The bound arguments (`_e{map}_{k}`, `map_parts`) of a `@`'s mapped object arrays, the
/// bits of `analysis::shared::map_distinct_elements` among its `count` arguments: what
/// `rt::somd::map_distinct` and `map_reduce_distinct` compare.
fn object_arrays(map: ExprId, count: usize, bits: u64) -> Vec<String> {
    (0..count.min(64))
        .filter(|k| bits & (1 << k) != 0)
        .map(|k| format!("&_e{}_{k}", map.0))
        .collect()
}
