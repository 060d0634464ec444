//! Functions and statements. Loops are `'lN: loop`; a loop whose `continue` must still run
//! the update (or, for `do`/`while`, the test) wraps its body in a labelled block `'cN: {}`
//! that `continue` breaks out of.

use super::expr::{halo_geo_name, halo_row_name, paren, FnCx, Frame, HaloGeo, HaloRow};
use super::types::{self, const_default, is_copy};
use super::writer::Level;
use super::EmitError;
use somd_mir::analysis::{walk, LoopId};
use somd_mir::{
    BinOpKind, Block, ExprId, ExprKind, FuncId, FuncKind, LocalId, Outlined, Stmt, Type,
};
use somd_syntax::ast::{PrimType, ReduceOp};
use std::collections::HashMap;
use std::fmt::Write;

impl FnCx<'_> {
    /// The Rust arguments of `rt::device::keep` for loop `id` when it keeps arrays on the
    /// device (`analysis::keep`), `None` for any other loop or without device glue.
    fn kept_arrays(&self, id: Option<LoopId>) -> Option<(String, String)> {
        let id = id?;
        let kept = &self.device?.kept;
        let k = kept.iter().find(|k| k.func == self.fid && k.loop_id == id)?;
        let mut names: Vec<String> =
            k.arrays.iter().map(|l| format!("&{}", self.local_name(*l))).collect();
        // Static fields of the main class, read when the loop starts (`main` runs after
        // the class's initialization: the read has no effect).
        for s in &k.statics {
            names.push(format!("&{}.get()", self.static_name(*s).ok()?));
        }
        for f in &k.fields {
            names.push(self.kept_field_arg(f).ok()?);
        }
        Some((keep_scope_name(k), names.join(", ")))
    }

    /// The argument of `rt::device::keep` for an array field of an object that a loop or
    /// region keeps, read when the scope opens without a check: a `null` object keeps
    /// nothing (the statements raise Java's exception where they read the field).
    fn kept_field_arg(&self, f: &somd_mir::analysis::keep::KeptField) -> Result<String, EmitError> {
        let object = self.local_name(f.object.unwrap_or(LocalId(0)));
        let field = self.field(f.class, f.index)?;
        Ok(format!("&{object}.try_get().map(|o| o.{field}.get()).unwrap_or_default()"))
    }

    /// The statements marking, after statement `e`, the units it stored to in the keep
    /// scopes of the loops around it (`analysis::keep::Touch`).
    fn touches_after(
        &mut self,
        out: &mut String,
        level: Level,
        e: ExprId,
    ) -> Result<(), EmitError> {
        let Some(device) = self.device else { return Ok(()) };
        let fid = self.fid;
        for k in device.kept.iter().filter(|k| k.func == fid) {
            for t in k.touches.iter().filter(|t| t.stmt == e) {
                let mut unit = self.expr(t.unit)?;
                if self.e(t.unit)?.ty != Type::Prim(PrimType::Int) {
                    unit = format!("({unit}) as i32");
                }
                writeln!(out, "{level}{}.touch({}, {unit});", keep_scope_name(k), t.array)?;
            }
        }
        Ok(())
    }

    /// A loop statement as Rust (`'lN: loop`), its bounds checks versioned where they can be.
    fn plain_loop(&mut self, out: &mut String, level: Level, stmt: &Stmt) -> Result<(), EmitError> {
        let Stmt::Loop { label, test, test_at_end, body, update } = stmt else {
            return Err(EmitError::Internal("a loop that is not a loop".into()));
        };
        let brk = self.new_label('l');
        let needs_block = (!update.is_empty() || *test_at_end) && uses_continue(body, *label, true);
        let cont_label = if needs_block { Some(self.new_label('c')) } else { None };
        let saved = std::mem::take(&mut self.hoisted);
        self.hoisted = saved.clone();
        let hoists = self.hoist_rows(test.iter().chain(update).copied(), body)?;
        for (var, init) in &hoists {
            writeln!(out, "{level}let {var} = {init};")?;
        }
        let version = self.version_loop(*test, *test_at_end, update, body)?;
        let shape = LoopShape {
            label: *label,
            brk: &brk,
            cont_label: cont_label.as_deref(),
            test: *test,
            test_at_end: *test_at_end,
            body,
            update,
        };
        match &version {
            Some(v) => {
                // Loop versioning: a copy without element checks when every access
                // is in bounds for the whole range, else the loop as written.
                writeln!(out, "{level}let {} = {};", v.hi_var, v.hi_text)?;
                writeln!(out, "{level}if {} {{", v.covers.join(" && "))?;
                for pointer in &v.pointers {
                    writeln!(out, "{}{pointer}", level.next())?;
                }
                self.unchecked = v.accesses.iter().cloned().collect();
                let fast_test = format!("{} < {}", v.counter, v.hi_var);
                let written = self.write_loop(out, level.next(), &shape, Some(fast_test));
                self.unchecked.clear();
                written?;
                writeln!(out, "{level}}} else {{")?;
                self.write_loop(out, level.next(), &shape, None)?;
                writeln!(out, "{level}}}")?;
            }
            None => self.write_loop(out, level, &shape, None)?,
        }
        self.hoisted = saved;
        Ok(())
    }

    /// The row scopes (`analysis::rows`) of loop `id`: the scope's number (its index
    /// in `Glue::rows`, naming its Rust variable), the SOMD method's label and the matrix's
    /// argument position, for each.
    fn row_scopes(&self, id: Option<LoopId>) -> Vec<(usize, String, usize)> {
        let (Some(glue), Some(id)) = (self.device, id) else { return Vec::new() };
        glue.rows
            .iter()
            .enumerate()
            .filter(|(_, r)| r.func == self.fid && r.loop_id == id)
            .map(|(k, r)| (k, r.label.clone(), r.param))
            .collect()
    }

    /// The number of the row scope whose analysed call statement is `e`, if any.
    fn armed_by(&self, e: ExprId) -> Option<usize> {
        let glue = self.device?;
        glue.rows.iter().position(|r| r.func == self.fid && r.assign == e)
    }

    /// The host loop this SOMD method was made of (`somd_mir::outline_loops`), if any.
    pub(crate) fn outlined(&self) -> Option<&Outlined> {
        self.module.outlined.iter().find(|o| o.func == self.fid)
    }

    /// The loop index of a host loop made this SOMD method, whose MIs each run the
    /// iterations in their `somd_chunk` (`rt::somd::loop_chunk`).
    pub(crate) fn chunked_index(&self) -> Option<LocalId> {
        self.outlined().map(|o| o.index)
    }

    /// Whether that loop steps down: its MIs' chunks are inclusive ranges, the top first
    /// (`rt::somd::loop_chunk_down`).
    pub(crate) fn chunked_down(&self) -> bool {
        self.outlined().is_some_and(Outlined::down)
    }

    /// The function's signature, parameters first (`geo` for SOMD bodies, then `this`).
    fn signature(&self) -> Result<String, EmitError> {
        let func = self.func;
        let mut params = Vec::new();
        if let Some(sig) = &func.somd {
            let _ = sig;
            params.push("geo: &[Geo]".to_string());
        }
        if self.chunked_index().is_some() {
            params.push("somd_chunk: (i32, i32)".to_string());
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
        // A helper marking its places asks whether its caller armed it (`helper_marks.rs`).
        self.number_helper_stmts();
        if self.marks_helper_places() {
            writeln!(out, "{level}let _fm = rt::exec::fail_helper();")?;
        }
        if let Some(init) = self.first_use_init() {
            writeln!(out, "{level}{init}")?;
        }
        for local in self.reassigned.clone() {
            let name = self.local_name(local);
            // A parameter holding SOMD results (`analysis::lazy`) starts from the caller's
            // array as a lent host copy, which no upload makes its device copy.
            if self.lazy(local).is_some() {
                let holder = types::lazy_holder(self.local_ty(local)?).0;
                writeln!(
                    out,
                    "{level}let mut {name} = rt::device::{holder}::from_lent({name}.clone());"
                )?;
            } else {
                writeln!(out, "{level}let mut {name} = {name}.clone();")?;
            }
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
        if func.somd.is_some() && !self.dist_index.is_empty() {
            // Methods this MI passes its partitions to read their geometry (`Somd.offset`,
            // the stores into halo cells), and a failing access to a partition reports the
            // global index where that is outside the whole array (`rt::somd::geometry`).
            let mut known: Vec<(usize, String)> = self
                .dist_index
                .iter()
                .map(|(l, k)| {
                    (*k, format!("rt::somd::Known::of(&{}, geo[{k}])", self.local_name(*l)))
                })
                .collect();
            known.sort();
            let known: Vec<String> = known.into_iter().map(|(_, text)| text).collect();
            writeln!(out, "{level}let _somd_known = [{}];", known.join(", "))?;
            writeln!(out, "{level}let _somd_geometry = rt::somd::geometry(&_somd_known);")?;
        }
        // A method that may call itself raises `StackOverflowError` where its thread's stack
        // runs out, at its first statement (`rt::stack`), as the JVM does.
        if somd_mir::analysis::shared::calls_itself(self.module, self.fid) {
            let span = func
                .body
                .stmts
                .first()
                .map_or(func.span, |s| somd_mir::analysis::walk::stmt_span(func, s, func.span));
            let pos = self.pos(span);
            writeln!(out, "{level}rt::stack::check({pos});")?;
        }
        // A `@` or fold applying a function that runs loops is a loop holding loops, whose
        // iterations are the applications (`rt::somd::map`, `map_fold`, ..): each counts on
        // the thread's counter, as the kernels' fold loops do (`nested.rs`, `Stop::Nest`).
        if self.ticks {
            writeln!(out, "{level}if rt::exec::spin_tick() {{")?;
            writeln!(out, "{}rt::exec::spin_check();", level.next())?;
            writeln!(out, "{level}}}")?;
        }
        // The geometry of the partitions an MI may pass this helper, for its checked stores.
        let part_geos: Vec<LocalId> = self
            .view_receivers
            .iter()
            .copied()
            .filter(|l| self.halo_stores.values().any(|s| s.geo == HaloGeo::Part(*l)))
            .collect();
        for local in part_geos {
            let (geo, name) = (halo_geo_name(local), self.local_name(local));
            writeln!(out, "{level}let {geo} = rt::somd::part_geo(&{name});")?;
        }
        // A host loop made a SOMD method (`somd_mir::outline_loops`): each MI runs a stretch
        // of its iterations in Java's order, the stretches in the MIs' order, so the lowest
        // failing MI's exception is Java's first; no failure places need marking.
        if func.somd.is_some() && self.outlined().is_none() {
            self.mi_stmts(out, level, &func.body)?;
        } else {
            self.block_stmts(out, level, &func.body)?;
        }
        self.helper_marks.clear();
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
            // A statement of a helper marking its places (`helper_marks.rs`).
            // It arms the calls of marking helpers it makes (when it was armed itself).
            if let Some((s, _)) = self.helper_marks.get(&std::ptr::from_ref(stmt)).copied() {
                let outer = self.arm_calls(stmt, true);
                let written = self.helper_stmt(out, level, stmt, s);
                self.armed_calls = outer;
                written?;
                continue;
            }
            // The calls of marking helpers a statement with a place in the key makes.
            let marked = [&self.part_marks, &self.sub_marks, &self.mi_marks]
                .iter()
                .any(|m| m.contains_key(&std::ptr::from_ref(stmt)));
            let outer = self.arm_calls(stmt, marked);
            let written = self.block_stmt(out, level, stmt);
            self.armed_calls = outer;
            written?;
        }
        Ok(())
    }

    /// A statement of [`FnCx::block_stmts`] after its marks.
    fn block_stmt(&mut self, out: &mut String, level: Level, stmt: &Stmt) -> Result<(), EmitError> {
        // A statement of a column's or inner step's body inside a step: its place there.
        if let Some((u, _)) = self.part_marks.get(&std::ptr::from_ref(stmt)).copied() {
            if u > 0 && !matches!(stmt, Stmt::Let { init: None, .. }) {
                writeln!(out, "{level}rt::exec::fail_part({u});")?;
            }
            return self.fused_stmt(out, level, stmt);
        }
        if let Some((t, is_if)) = self.sub_marks.get(&std::ptr::from_ref(stmt)).copied() {
            return self.step_stmt(out, level, stmt, t, is_if);
        }
        match self.mi_marks.get(&std::ptr::from_ref(stmt)).copied() {
            Some((s, false)) => self.mi_stmt(out, level, stmt, s, self.mi_marked),
            Some((s, true)) => {
                if self.mi_marked && s > 0 {
                    writeln!(out, "{level}rt::exec::fail_key({s} << 32);")?;
                }
                self.fused_stmt(out, level, stmt)
            }
            None => self.fused_stmt(out, level, stmt),
        }
    }

    /// A statement with the preludes and epilogue of the fused statements it starts or ends,
    /// and the keep scopes of the regions it starts or ends.
    pub(super) fn fused_stmt(
        &mut self,
        out: &mut String,
        level: Level,
        stmt: &Stmt,
    ) -> Result<(), EmitError> {
        let closes = self.open_kept_regions(out, level, stmt)?;
        if let Some(prelude) = self.fused_prelude(stmt)? {
            writeln!(out, "{level}{prelude}")?;
        }
        if let Some(prelude) = self.map_fused_prelude(stmt)? {
            writeln!(out, "{level}{prelude}")?;
        }
        self.stmt(out, level, stmt)?;
        if let Some(epilogue) = self.fused_epilogue(stmt) {
            writeln!(out, "{level}{epilogue}")?;
        }
        close_kept_regions(out, level, &closes)
    }

    /// Opens the keep regions starting at `stmt`; the numbers of those ending there.
    fn open_kept_regions(
        &self,
        out: &mut String,
        level: Level,
        stmt: &Stmt,
    ) -> Result<Vec<usize>, EmitError> {
        let (opens, closes) = self.kept_regions_at(stmt);
        for (k, arrays) in &opens {
            // These statements never write the arrays (`analysis::keep`, "Straight-line
            // statements"): their device copies serve all their calls.
            writeln!(out, "{level}let _somd_keep_r{k} = rt::device::keep(&[{arrays}]);")?;
        }
        Ok(closes)
    }

    /// The keep regions (`analysis::keep`) starting at `stmt`, each with its number and the
    /// Rust arguments of `rt::device::keep`, and the numbers of those ending there.
    fn kept_regions_at(&self, stmt: &Stmt) -> (Vec<(usize, String)>, Vec<usize>) {
        let Some(glue) = self.device else { return (Vec::new(), Vec::new()) };
        let regions: Vec<(usize, &somd_mir::analysis::keep::KeptRegion)> =
            glue.kept_regions.iter().enumerate().filter(|(_, r)| r.func == self.fid).collect();
        if regions.is_empty() {
            return (Vec::new(), Vec::new());
        }
        let index =
            self.stmt_index.get_or_init(|| somd_mir::analysis::walk::stmt_indices(self.func));
        let Some(at) = index.get(&std::ptr::from_ref(stmt)).copied() else {
            return (Vec::new(), Vec::new());
        };
        let opens = regions
            .iter()
            .filter(|(_, r)| r.first == at)
            .filter_map(|(k, r)| {
                let mut names: Vec<String> =
                    r.arrays.iter().map(|l| format!("&{}", self.local_name(*l))).collect();
                for f in &r.fields {
                    names.push(self.kept_field_arg(f).ok()?);
                }
                Some((*k, names.join(", ")))
            })
            .collect();
        let closes = regions.iter().filter(|(_, r)| r.last == at).map(|(k, _)| *k).collect();
        (opens, closes)
    }

    /// The body of an MI: its statements, each after `rt::exec::fail_key` marks its place
    /// in Java's order (place `s` is `s << 32`; the first is 0, the key every MI starts
    /// with), a loop over the rows of a 2-D `dist` parameter marking each row (`| 1 +
    /// global row`), and a loop that every MI runs alike (`replicated_loop`: a time-step loop
    /// around the work on the partition) marking each iteration (`| 1 + iterations before`).
    /// The statements of a top-level `sync` block, plain block or `if` have places of their
    /// own after the `if`'s (marked before its test), in source order ([`number_mi_stmts`]):
    /// an MI runs them one after the other, as Java runs each over the whole data before
    /// the next. When several MIs throw, the runtime raises the exception of the smallest
    /// key, then the first in partition order: Java's first failure (`exec.rs`,
    /// "Exceptions").
    fn mi_stmts(&mut self, out: &mut String, level: Level, block: &Block) -> Result<(), EmitError> {
        let mut places = 0;
        number_mi_stmts(block, &mut places, &mut self.mi_marks);
        self.mi_marked = places > 1;
        let written = self.block_stmts(out, level, block);
        self.mi_marks.clear();
        written
    }

    /// Statement `s` of an MI body ([`FnCx::mi_stmts`]), marked when the body has `marks`.
    fn mi_stmt(
        &mut self,
        out: &mut String,
        level: Level,
        stmt: &Stmt,
        s: usize,
        marks: bool,
    ) -> Result<(), EmitError> {
        if marks && s > 0 && !matches!(stmt, Stmt::Let { init: None, .. }) {
            writeln!(out, "{level}rt::exec::fail_key({s} << 32);")?;
        }
        // The mark at the start of each iteration of a row, column or step loop, by its test.
        let mark = if let Some((test, place, shared)) = self.row_loop(stmt)? {
            // Where MIs share a row (a matrix split into cells), its body's statements have
            // places inside each row, as a step loop's have inside each step: every MI of a
            // row band runs the row, and Java finishes each statement over the whole row
            // before the next. Its loops over the row's columns mark no columns, which would
            // be a mark per element: the MIs failing in one statement of a row are ordered
            // by partition, Java's order for columns stepping up, and from the last where
            // they step down (`tie_depth`).
            if shared {
                Self::number_body(stmt, &mut self.sub_marks);
                self.row_body = true;
            }
            Some((test, format!("rt::exec::fail_key(({s} << 32) | ({place}).max(0) as u64);")))
        } else if let Some((test, place)) = self.column_loop(stmt)? {
            // Its body's statements have places inside each column, as a step loop's have
            // inside each step: Java finishes a column over every row before the next
            // column. Its row loops mark no rows, which would be a mark per element: the MIs
            // failing in one statement of a column are ordered by partition, Java's order
            // for rows stepping up, and from the last where they step down (`tie_depth`).
            Self::number_body(stmt, &mut self.sub_marks);
            self.column_body = true;
            Some((test, format!("rt::exec::fail_key(({s} << 32) | ({place}).max(0) as u64);")))
        } else if let Some(test) = self.replicated_loop(stmt)? {
            // Its body's statements and row loops have places inside each step.
            Self::number_body(stmt, &mut self.sub_marks);
            let count = self.step_counter(out, level)?;
            let key = format!("rt::exec::fail_key(({s} << 32) | {count}.min(u32::MAX as u64));");
            Some((test, format!("{count} += 1; {key}")))
        } else {
            None
        };
        if let Some((test, text)) = &mark {
            self.row_marks.insert(*test, text.clone());
        }
        // A loop stepping down over a 1-D partition marks its MI's place inside any
        // statement but a row or step loop, whose marks use the key's low word.
        self.mark_stmt = mark.is_none().then_some(s);
        self.tie_depth = mark.is_some().then_some(0);
        self.fused_stmt(out, level, stmt)?;
        self.mark_stmt = None;
        self.tie_depth = None;
        self.column_body = false;
        self.row_body = false;
        self.sub_marks.clear();
        if let Some((test, _)) = mark {
            self.row_marks.remove(&test);
        }
        Ok(())
    }

    /// Statement `t` of the body of a step loop ([`FnCx::mi_stmt`]): marked with its place
    /// inside the step (the step's mark starts at place 0). A loop over the rows (or the
    /// columns) of a 2-D `dist` parameter marks each row (column), as at the top level, and
    /// is a marked loop for the loops stepping down in its body (`tie_depth`).
    fn step_stmt(
        &mut self,
        out: &mut String,
        level: Level,
        stmt: &Stmt,
        t: usize,
        is_if: bool,
    ) -> Result<(), EmitError> {
        if t > 0 && !matches!(stmt, Stmt::Let { init: None, .. }) {
            writeln!(out, "{level}rt::exec::fail_sub({t} << 48);")?;
        }
        let holds_loop =
            |body: &Block| somd_mir::analysis::walk::holds_loop(self.module, self.func, body);
        // In a row's body, only the steps of a step loop are marked (a row or column loop
        // there goes over the row's cells).
        let mark = if is_if || self.column_body {
            None
        } else if let Some((test, place, shared)) = self.row_loop(stmt)?.filter(|_| !self.row_body)
        {
            // A loop over the rows inside a step marks each row, and where MIs share a row its
            // body's statements have places inside each row (`fail_part`), as at the top
            // level; its loops mark nothing.
            if shared {
                Self::number_body(stmt, &mut self.part_marks);
            }
            Some((test, format!("rt::exec::fail_sub(({t} << 48) | {});", Self::sub_place(&place))))
        } else if let Some((test, place)) = self.column_loop(stmt)?.filter(|_| !self.row_body) {
            // A loop over columns first marks each column the same way, and its body's
            // statements have places inside each column (`fail_part`); its rows have none
            // (the key has no room left), so the MIs failing in one statement of a column
            // are ordered by partition, or from the last where its row loop steps down
            // (`tie_depth`).
            Self::number_body(stmt, &mut self.part_marks);
            Some((test, format!("rt::exec::fail_sub(({t} << 48) | {});", Self::sub_place(&place))))
        } else if let Some(test) =
            self.replicated_loop(stmt)?.filter(|_| Self::loop_body(stmt).is_some_and(holds_loop))
        {
            // A step loop inside the step (`for (r = 0; r < inner; r++)`) around loops marks
            // each of its iterations, counted from 1 in each outer step: Java finishes inner
            // step `r` over all the data before `r + 1`. Its body's statements have places
            // inside each inner step, as a column's have. One holding no loop does not go
            // over the data, and its iterations stay free of marks.
            Self::number_body(stmt, &mut self.part_marks);
            let count = self.step_counter(out, level)?;
            let place = Self::sub_place(&format!("{count}.min(u32::MAX as u64) as i64"));
            Some((test, format!("{count} += 1; rt::exec::fail_sub(({t} << 48) | {place});")))
        } else {
            None
        };
        let Some((test, mark)) = mark else {
            return self.fused_stmt(out, level, stmt);
        };
        self.row_marks.insert(test, mark);
        let depth = self.tie_depth.replace(0);
        let written = self.fused_stmt(out, level, stmt);
        self.tie_depth = depth;
        self.row_marks.remove(&test);
        self.part_marks.clear();
        written
    }

    /// The Rust of an iteration's place (an `i64`: 1 + a global row or column, 1 + the
    /// inner steps before) in the middle of `fail_sub`'s word, between the statement's 16
    /// bits and the place inside the iteration (`rt::exec::fail_part`).
    fn sub_place(place: &str) -> String {
        format!("(({place}).clamp(0, u32::MAX as i64) as u64) << 16")
    }

    /// Numbers the statements of a marked loop's body into `marks` ([`number_mi_stmts`]):
    /// their places inside each of its iterations, which [`FnCx::block_stmts`] marks
    /// (`sub_marks` for a top-level loop's body, `part_marks` inside a step).
    fn number_body(stmt: &Stmt, marks: &mut HashMap<*const Stmt, (usize, bool)>) {
        if let Some(body) = Self::loop_body(stmt) {
            let mut places = 0;
            number_mi_stmts(body, &mut places, marks);
        }
    }

    /// Declares the counter of a step loop's iterations before it (`_fkN`, 0: each iteration
    /// adds 1 before its mark), and returns its name.
    fn step_counter(&mut self, out: &mut String, level: Level) -> Result<String, EmitError> {
        self.next_label += 1;
        let count = format!("_fk{}", self.next_label);
        writeln!(out, "{level}let mut {count}: u64 = 0;")?;
        Ok(count)
    }

    /// The body of a loop statement: a `for` loop as the MIR lowers it ([`FnCx::for_loop`])
    /// or another loop.
    fn loop_body(stmt: &Stmt) -> Option<&Block> {
        match stmt {
            Stmt::Loop { body, .. } => Some(body),
            Stmt::Block(b) => match b.stmts.as_slice() {
                [Stmt::Let { .. }, Stmt::Loop { body, .. }] => Some(body),
                _ => None,
            },
            _ => None,
        }
    }

    /// A top-level `for` loop as the MIR lowers it (`{ let i = init; loop (test) .. }`): the
    /// index, its initialiser, the test and the updates.
    pub(super) fn for_loop(
        stmt: &Stmt,
    ) -> Option<(somd_mir::LocalId, Option<ExprId>, ExprId, &[ExprId])> {
        let Stmt::Block(b) = stmt else { return None };
        match b.stmts.as_slice() {
            [Stmt::Let { local, init }, Stmt::Loop { test: Some(test), test_at_end: false, update, .. }] => {
                Some((*local, *init, *test, update))
            }
            _ => None,
        }
    }

    /// `for (t = lo; t < hi; t++)` (any comparison of the index, any update) whose `lo` and
    /// `hi` are constants and unassigned primitive parameters that are not `dist`: every MI
    /// runs the same iterations (a time-step loop around the work on the partition), and
    /// Java finishes iteration `t` everywhere before it starts `t + 1`. Its test.
    /// Also a `while`, `do`/`while` or other `for` loop holding a `sync` block (LANGUAGE.md
    /// §2.5: its control flow is the same in every MI, E0341), or whose test compares
    /// counters of the loop and such values ([`FnCx::counter`]).
    fn replicated_loop(&self, stmt: &Stmt) -> Result<Option<ExprId>, EmitError> {
        if let Some((index, Some(init), test, _)) = Self::for_loop(stmt) {
            if let ExprKind::Binary { op, lhs, rhs } = &self.e(test)?.kind {
                let compares = matches!(
                    op.kind,
                    BinOpKind::Lt | BinOpKind::Le | BinOpKind::Gt | BinOpKind::Ge | BinOpKind::Ne
                );
                let on_index = matches!(self.e(*lhs)?.kind, ExprKind::Local(l) if l == index);
                if compares
                    && on_index
                    && self.same_in_every_mi(init)?
                    && self.same_in_every_mi(*rhs)?
                {
                    return Ok(Some(test));
                }
            }
        }
        let looped = match stmt {
            Stmt::Block(b) => b.stmts.last(),
            _ => Some(stmt),
        };
        let Some(Stmt::Loop { test: Some(test), body, update, .. }) = looped else {
            return Ok(None);
        };
        let mut syncs = false;
        somd_mir::analysis::walk::each_stmt(body, &mut |s| syncs |= matches!(s, Stmt::Sync { .. }));
        if syncs || self.counted_by(*test, body, update)? {
            return Ok(Some(*test));
        }
        Ok(None)
    }

    /// Whether every local `test` reads is an unassigned primitive parameter that is not
    /// `dist` or a counter of the loop of `body` and `update` ([`FnCx::counter`]), so the
    /// test has one value in every MI at each iteration.
    fn counted_by(&self, test: ExprId, body: &Block, update: &[ExprId]) -> Result<bool, EmitError> {
        let mut locals = Vec::new();
        somd_mir::analysis::walk::each_expr(self.func, test, &mut |e| {
            if let ExprKind::Local(l) = self.func.expr(e).kind {
                locals.push(l);
            }
        });
        let mut counted = false;
        for l in locals {
            if self.uniform_param(l)? {
                continue;
            }
            if !self.counter(l, body, update)? {
                return Ok(false);
            }
            counted = true;
        }
        Ok(counted)
    }

    /// Whether primitive local `l` is a counter of the loop of `body` and `update`: declared
    /// at the top level of the MI body with a value the same in every MI, and changed only
    /// by statements of the loop's body (not under an `if` or an inner loop) or updates of
    /// the form `l++`, `l--`, `l += c`, `l -= c` (`c` a constant) or `l = e` with `e` the
    /// same in every MI.
    fn counter(
        &self,
        l: somd_mir::LocalId,
        body: &Block,
        update: &[ExprId],
    ) -> Result<bool, EmitError> {
        let func = self.func;
        let declared = func.body.stmts.iter().find_map(|s| match s {
            Stmt::Let { local, init } if *local == l => Some(*init),
            _ => None,
        });
        let Some(Some(init)) = declared else { return Ok(false) };
        if !matches!(self.local_ty(l)?, Type::Prim(_)) || !self.same_in_every_mi(init)? {
            return Ok(false);
        }
        let targets = |e: ExprId| match &func.expr(e).kind {
            ExprKind::Assign { target, .. }
            | ExprKind::CompoundAssign { target, .. }
            | ExprKind::IncDec { target, .. } => {
                matches!(func.expr(*target).kind, ExprKind::Local(v) if v == l)
            }
            _ => false,
        };
        let all = (0..func.exprs.len()).filter(|k| targets(ExprId(*k as u32))).count();
        let mut allowed = 0;
        let roots = body
            .stmts
            .iter()
            .filter_map(|s| match s {
                Stmt::Expr(e) => Some(*e),
                _ => None,
            })
            .chain(update.iter().copied());
        for e in roots {
            if !targets(e) {
                continue;
            }
            let uniform = match &func.expr(e).kind {
                ExprKind::IncDec { .. } => true,
                ExprKind::CompoundAssign { op, value, .. } => {
                    matches!(op.kind, BinOpKind::Add | BinOpKind::Sub)
                        && matches!(func.expr(*value).kind, ExprKind::Const(_))
                }
                ExprKind::Assign { value, .. } => self.same_in_every_mi(*value)?,
                _ => false,
            };
            if !uniform {
                return Ok(false);
            }
            allowed += 1;
        }
        Ok(allowed == all && all > 0)
    }

    /// The same value in every MI: constants, unassigned primitive parameters that are not
    /// `dist`, and arithmetic of them.
    fn same_in_every_mi(&self, e: ExprId) -> Result<bool, EmitError> {
        Ok(match &self.e(e)?.kind {
            ExprKind::Const(_) => true,
            ExprKind::Local(l) if self.uniform_param(*l)? => true,
            // A top-level local set once from such values (`int n = steps * 2;`).
            ExprKind::Local(l) => match self.fixed_init(*l) {
                Some(init) => self.same_in_every_mi(init)?,
                None => false,
            },
            // The length of an array parameter that is not `dist`: the whole array's.
            ExprKind::Length(a) => match self.e(*a)?.kind {
                ExprKind::Local(p) => {
                    self.func.params.contains(&p)
                        && !self.dist_index.contains_key(&p)
                        && !self.assigned.get(p.0 as usize).copied().unwrap_or(true)
                }
                _ => false,
            },
            ExprKind::Binary { lhs, rhs, .. } => {
                self.same_in_every_mi(*lhs)? && self.same_in_every_mi(*rhs)?
            }
            _ => false,
        })
    }

    /// The initialiser of local `l` when a top-level `let` of the body sets it and nothing
    /// assigns it again.
    fn fixed_init(&self, l: somd_mir::LocalId) -> Option<ExprId> {
        if self.assigned.get(l.0 as usize).copied().unwrap_or(true) {
            return None;
        }
        somd_mir::analysis::walk::top_level_init(self.func, l)
    }

    /// An unassigned primitive parameter that is not `dist`: one value in every MI.
    fn uniform_param(&self, l: somd_mir::LocalId) -> Result<bool, EmitError> {
        Ok(self.func.params.contains(&l)
            && !self.dist_index.contains_key(&l)
            && !self.assigned.get(l.0 as usize).copied().unwrap_or(true)
            && matches!(self.local_ty(l)?, Type::Prim(_)))
    }

    /// `for (i = hi; i >= lo; i--)` (any comparison, any step down) whose start or bound
    /// reads `p.length` of a 1-D `dist` parameter `p`: `p`'s index among the `dist`
    /// parameters (`geo[k]`).
    fn descending_loop(&self, stmt: &Stmt) -> Result<Option<usize>, EmitError> {
        for (p, row) in self.descending_bounds(stmt)? {
            // An array the body allocates with a partition's length (`int[] b = new
            // int[a.length];`) has its length.
            let p = match self.fixed_init(p).map(|init| &self.func.expr(init).kind) {
                Some(ExprKind::NewArray { dims }) if dims.len() == 1 => {
                    match self.func.expr(dims[0]).kind {
                        ExprKind::Length(q) => match self.func.expr(q).kind {
                            ExprKind::Local(q) => q,
                            _ => p,
                        },
                        _ => p,
                    }
                }
                _ => p,
            };
            let Some(k) = self.dist_index.get(&p) else { continue };
            if !row
                && matches!(self.local_ty(p)?, Type::Array(inner) if !matches!(**inner, Type::Array(_)))
            {
                return Ok(Some(*k));
            }
        }
        Ok(None)
    }

    /// A `for` loop stepping down whose start or test reads the length of a 1-D `dist`
    /// parameter or of a row of a 2-D one (`for (j = m[i].length - 1; j >= 0; j--)`): it
    /// visits its partition's elements, or a row's cells, from the last.
    fn descending_partition_loop(&self, stmt: &Stmt) -> Result<bool, EmitError> {
        let bounds = self.descending_bounds(stmt)?;
        Ok(bounds.iter().any(|(p, _)| self.dist_index.contains_key(p)))
    }

    /// The array locals whose length (`p.length`), or a row's length (`p[i].length`: `true`),
    /// the start or test of `stmt` reads, in order, when `stmt` is a `for` loop stepping
    /// down; none otherwise.
    fn descending_bounds(&self, stmt: &Stmt) -> Result<Vec<(somd_mir::LocalId, bool)>, EmitError> {
        let Some((index, Some(init), test, [update])) = Self::for_loop(stmt) else {
            return Ok(Vec::new());
        };
        if self.signed_step(*update, index)?.is_none_or(|s| s >= 0) {
            return Ok(Vec::new());
        }
        let mut found = Vec::new();
        // The bounds, and the initialisers of the top-level locals they read (`int n =
        // a.length; for (int i = n - 1; i >= 0; i--)`).
        let mut roots = vec![init, test];
        for root in [init, test] {
            somd_mir::analysis::walk::each_expr(self.func, root, &mut |e| {
                if let ExprKind::Local(l) = self.func.expr(e).kind {
                    roots.extend(self.fixed_init(l));
                }
            });
        }
        for root in roots {
            somd_mir::analysis::walk::each_expr(self.func, root, &mut |e| {
                let ExprKind::Length(a) = self.func.expr(e).kind else { return };
                let (array, row) = match self.func.expr(a).kind {
                    ExprKind::Index { array, .. } => (array, true),
                    _ => (a, false),
                };
                if let ExprKind::Local(p) = self.func.expr(array).kind {
                    found.push((p, row));
                }
            });
        }
        Ok(found)
    }

    /// `for (i = lo; i < p.length; i++)` (or `i += 1`, `++i`; the bound may be `p.length - c`,
    /// or a local set to `p.length` and never assigned) over the rows of a 2-D `dist`
    /// parameter `p`, or one
    /// stepping down from a start that reads `p.length` (`for (i = p.length - 1; i >= lo;
    /// i--)`): the loop's test and the Rust of row `i`'s 1-based place in Java's order of
    /// the rows (`1 + global row`; going down, the global rows from it to the last), and
    /// whether MIs may share a row (`p` split into columns too: [`FnCx::rows_shared`]).
    fn row_loop(&self, stmt: &Stmt) -> Result<Option<(ExprId, String, bool)>, EmitError> {
        Ok(self.matrix_loop(stmt, 1)?.map(|(test, place, k)| (test, place, self.rows_shared(k))))
    }

    /// Whether the MIs may split the rows of 2-D `dist` parameter `k` between them: every
    /// distribution but rows only (`dim = 1`, a user strategy's bounds of dimension 1).
    fn rows_shared(&self, k: usize) -> bool {
        use somd_mir::Distribution;
        let sig = self.func.somd.as_ref();
        !sig.and_then(|sig| sig.dist_params.get(k))
            .is_some_and(|(_, d)| matches!(d, Distribution::Dim(1) | Distribution::User { .. }))
    }

    /// [`FnCx::row_loop`] over the columns of a 2-D `dist` parameter `p`: the bound (or,
    /// stepping down, the start) reads the length of a row, `p[r].length` with `r` the same
    /// in every MI (`p[0].length`; a matrix split in MIs is rectangular, so every row has
    /// the partition's width), and the place is column `j`'s (`1 + global column`; going
    /// down, the global columns from it to the last). A loop over columns first meets the
    /// MIs of a matrix split into cells, or into rows, in another order than partition
    /// order: Java finishes column `j` of every row before column `j + 1`. Going up over a
    /// matrix split into columns only, it meets them in partition order, and is not one.
    fn column_loop(&self, stmt: &Stmt) -> Result<Option<(ExprId, String)>, EmitError> {
        Ok(self.matrix_loop(stmt, 2)?.map(|(test, place, _)| (test, place)))
    }

    /// [`FnCx::row_loop`] (`dim` 1) or [`FnCx::column_loop`] (`dim` 2), with the index of
    /// the `dist` parameter.
    fn matrix_loop(
        &self,
        stmt: &Stmt,
        dim: i32,
    ) -> Result<Option<(ExprId, String, usize)>, EmitError> {
        let Some((index, init, test, update)) = Self::for_loop(stmt) else { return Ok(None) };
        let ExprKind::Binary { op, lhs, rhs } = &self.e(test)?.kind else { return Ok(None) };
        if !matches!(self.e(*lhs)?.kind, ExprKind::Local(l) if l == index) {
            return Ok(None);
        }
        let down = match op.kind {
            BinOpKind::Lt => false,
            BinOpKind::Ge | BinOpKind::Gt => true,
            _ => return Ok(None),
        };
        // Up: `p.length` (`p[r].length`), or a local the body never assigns that a top-level
        // `let` set to it (`int rows = m.length;`). Down: a start reading it.
        let fixed = |e: ExprId| -> Result<Option<ExprId>, EmitError> {
            Ok(match &self.e(e)?.kind {
                ExprKind::Local(l) => self.fixed_init(*l),
                _ => Some(e),
            })
        };
        let matrix = |e: ExprId| -> Result<Option<usize>, EmitError> {
            let Some(mut e) = fixed(e)? else { return Ok(None) };
            // `p.length - c`: going up, a loop over the rows but the last ones (a stencil's
            // interior); going down, a start below the last row (`rows - 1`).
            if let ExprKind::Binary { op, lhs, .. } = &self.e(e)?.kind {
                if op.kind == BinOpKind::Sub {
                    let Some(lhs) = fixed(*lhs)? else { return Ok(None) };
                    e = lhs;
                }
            }
            let ExprKind::Length(mut array) = self.e(e)?.kind else { return Ok(None) };
            if dim == 2 {
                let ExprKind::Index { array: rows, index: r } = self.e(array)?.kind else {
                    return Ok(None);
                };
                if !self.same_in_every_mi(r)? {
                    return Ok(None);
                }
                array = rows;
            }
            let ExprKind::Local(p) = &self.e(array)?.kind else { return Ok(None) };
            let Some(k) = self.dist_index.get(p) else { return Ok(None) };
            Ok(matches!(self.local_ty(*p)?, Type::Array(inner) if matches!(**inner, Type::Array(_)))
                .then_some(*k))
        };
        let k = match (down, init) {
            (false, _) => matrix(*rhs)?,
            (true, Some(init)) => matrix(init)?,
            (true, None) => None,
        };
        let Some(k) = k else { return Ok(None) };
        // A matrix split into columns only (`dim = 2`) gives each column to one MI, in
        // partition order: going up, that is Java's order already (Series' coefficients).
        let columns_only = self
            .func
            .somd
            .as_ref()
            .and_then(|sig| sig.dist_params.get(k))
            .is_some_and(|(_, d)| matches!(d, somd_mir::Distribution::Dim(2)));
        if dim == 2 && !down && columns_only {
            return Ok(None);
        }
        let by_one = match update {
            [u] => self.signed_step(*u, index)? == Some(if down { -1 } else { 1 }),
            _ => false,
        };
        let i = self.local_name(index);
        let global = format!("geo[{k}].offset({dim}) as i64 + {i} as i64");
        Ok(by_one.then(|| {
            let place = if down {
                format!("geo[{k}].global_length({dim}, 0) as i64 - ({global})")
            } else {
                format!("{global} + 1")
            };
            (test, place, k)
        }))
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

    pub(super) fn stmt(
        &mut self,
        out: &mut String,
        level: Level,
        stmt: &Stmt,
    ) -> Result<(), EmitError> {
        // A loop stepping down over a 1-D `dist` partition, in top-level statement `s` of
        // an MI body: Java meets the later partitions first, so the MI's key counts the
        // elements after its own (`1 + global length - offset`) while the loop runs, and
        // the end of the loop's range after it (its statement's later parts come after
        // every MI's loop).
        if let Some(s) = self.mark_stmt {
            if let Some(k) = self.descending_loop(stmt)? {
                writeln!(
                    out,
                    "{level}rt::exec::fail_key((({s}) << 32) | (1 + geo[{k}].global_length(1, 0) as i64 - geo[{k}].offset(1) as i64).clamp(0, u32::MAX as i64 - 1) as u64);"
                )?;
                self.mark_stmt = None;
                let written = self.stmt(out, level, stmt);
                self.mark_stmt = Some(s);
                written?;
                writeln!(out, "{level}rt::exec::fail_key((({s}) << 32) | u32::MAX as u64);")?;
                return Ok(());
            }
            // Inside another loop the mark would not follow that loop's iterations.
            if matches!(stmt, Stmt::Loop { .. }) || Self::for_loop(stmt).is_some() {
                self.mark_stmt = None;
                let written = self.stmt(out, level, stmt);
                self.mark_stmt = Some(s);
                return written;
            }
        }
        // In a row or step loop whose iterations every MI marks alike, MIs failing in one
        // iteration share its key; a loop of the marked loop's body stepping down over a
        // partition meets the later partitions first, so the last failing MI wins there.
        if let Some(depth) = self.tie_depth {
            if matches!(stmt, Stmt::Loop { .. }) {
                self.tie_depth = Some(depth + 1);
                let written = self.stmt_unmarked(out, level, stmt);
                self.tie_depth = Some(depth);
                return written;
            }
            if depth == 1
                && Self::for_loop(stmt).is_some()
                && self.descending_partition_loop(stmt)?
            {
                writeln!(out, "{level}rt::exec::fail_last_first(true);")?;
                self.stmt_unmarked(out, level, stmt)?;
                writeln!(out, "{level}rt::exec::fail_last_first(false);")?;
                return Ok(());
            }
        }
        self.stmt_unmarked(out, level, stmt)
    }

    /// [`FnCx::stmt`] past the marks of loops stepping down.
    fn stmt_unmarked(
        &mut self,
        out: &mut String,
        level: Level,
        stmt: &Stmt,
    ) -> Result<(), EmitError> {
        self.first_use_before(out, level, stmt)?;
        self.stmt_unkept(out, level, stmt)?;
        if let Stmt::Let { local, init } = stmt {
            if let Some(kept) = self.halo_row_kept(*local)? {
                writeln!(out, "{level}{kept}")?;
            }
            self.dist_local_known(out, level, *local, *init)?;
        }
        Ok(())
    }

    /// Before a statement whose expressions start a parallel construct (a SOMD call, `@`, a
    /// method's `!`, a task): the classes initialized at first use that the construct may
    /// reach are initialized first, on this thread, so that its method instances, workers
    /// and kernels find them initialized (`rt::init`: none of them starts an
    /// initialization, or runs code on the device whose class never was; a kernel reads
    /// their `static final` fields from a statics buffer made again after each class's
    /// initialization).
    fn first_use_before(
        &mut self,
        out: &mut String,
        level: Level,
        stmt: &Stmt,
    ) -> Result<(), EmitError> {
        if self.names.first_use.is_empty() {
            return Ok(());
        }
        let func = self.func;
        let mut roots = Vec::new();
        for root in somd_mir::analysis::walk::stmt_roots(stmt) {
            somd_mir::analysis::walk::each_expr(func, root, &mut |e| match &func.expr(e).kind {
                ExprKind::SomdCall { func: f, .. }
                | ExprKind::Map { func: f, .. }
                | ExprKind::Task { func: f, .. }
                | ExprKind::ReduceArray { reducer: somd_mir::ArrayReducer::Func(f), .. } => {
                    roots.push(*f)
                }
                _ => {}
            });
        }
        if roots.is_empty() {
            return Ok(());
        }
        for class in somd_mir::init_order::classes_reached(self.module, &roots) {
            if let Some(ensure) = self.names.ensure_init(class) {
                writeln!(out, "{level}{ensure}")?;
            }
        }
        Ok(())
    }

    /// After the declaration of `dist` local `local` in a SOMD body: the local joins the
    /// running MI's partitions (`rt::somd::geometry`), with the geometry of the first `dist`
    /// parameter (as `Somd.offset` reads it), so that a failing access to it, or to a row
    /// of it, reports the global index where that is outside the whole array, as Java's
    /// whole array would; the scope lasts as long as the local.
    fn dist_local_known(
        &mut self,
        out: &mut String,
        level: Level,
        local: LocalId,
        init: Option<ExprId>,
    ) -> Result<(), EmitError> {
        if self.func.somd.is_none() || self.dist_index.is_empty() {
            return Ok(());
        }
        if self.func.local(local).dist.is_none() {
            // A swap's temporary: it carries the halo copy of the `dist` local it is given.
            if self.halo_carrier(local) {
                self.share_halo(out, level, local, init)?;
            }
            return Ok(());
        }
        let name = self.local_name(local);
        let with = match self.local_ty(local)? {
            Type::Array(row) if matches!(**row, Type::Array(_)) => "with_local_rows",
            _ => "with_local",
        };
        writeln!(out, "{level}let _somd_known_{name} = rt::somd::{with}(&{name}, geo[0]);")?;
        writeln!(
            out,
            "{level}let _somd_geometry_{name} = rt::somd::geometry(&_somd_known_{name});"
        )?;
        self.share_halo(out, level, local, init)
    }

    /// After `dist` local `local` of a SOMD body is given `value` (its initialiser, or an
    /// assignment statement): where the value is an allocation with the lengths of a `dist`
    /// parameter's partition (`new T[g.length]`, `new T[g.length][g[0].length]`), the
    /// local's copy in this MI joins the halo refreshes of each `sync` (`sync_end`) with
    /// that parameter's geometry; any other value leaves them.
    fn share_halo(
        &mut self,
        out: &mut String,
        level: Level,
        local: LocalId,
        value: Option<ExprId>,
    ) -> Result<(), EmitError> {
        let Some(share) = halo_share(self.local_ty(local)?) else { return Ok(()) };
        let key = local.0;
        let name = self.local_name(local);
        // Another `dist` local's array (`a = b;` of a ping-pong, `t = a;`), or the one a
        // swap's temporary carries (`b = tmp;`): its copy, as declared, is now this local's
        // too.
        let moved = value.and_then(|v| match self.e(v).ok()?.kind {
            ExprKind::Local(src)
                if src != local
                    && (self.func.local(src).dist.is_some() || self.halo_carrier(src))
                    && halo_share(&self.func.local(src).ty).is_some() =>
            {
                Some(src)
            }
            _ => None,
        });
        if let Some(src) = moved {
            writeln!(out, "{level}rt::somd::alias_halo({key}, {});", src.0)?;
            return Ok(());
        }
        // A value that may be another local's array though no local is written (`c ? a :
        // b`, `b = t`, a helper's result): the copy declared for that array itself, if any.
        let fresh = value.is_none_or(|v| {
            matches!(self.e(v).map(|e| &e.kind), Ok(ExprKind::NewArray { .. } | ExprKind::Const(_)))
        });
        if !fresh {
            writeln!(out, "{level}rt::somd::alias_halo_of({key}, &{name});")?;
            return Ok(());
        }
        match value.and_then(|v| self.partition_lengths(v)) {
            Some(Like::Param(source)) => {
                writeln!(out, "{level}rt::somd::{share}(&{name}, geo[{source}], {key});")?
            }
            Some(Like::Local(other)) => {
                writeln!(out, "{level}rt::somd::{share}_like(&{name}, {}, {key});", other.0)?
            }
            // Any other value: the copy declared before (a loop's earlier round, or before
            // this assignment) is no longer the local's, and no `sync` writes it.
            None => writeln!(out, "{level}rt::somd::unshare_halo({key});")?,
        }
        Ok(())
    }

    /// Whether the copy `local` holds in an MI may take part in the halo refreshes of the
    /// `sync`s: a `dist` local or a carrier ([`FnCx::halo_carrier`]) of a SOMD body with
    /// `dist` parameters, of a type whose copies are refreshed.
    pub(super) fn halo_tracked(&self, local: LocalId) -> bool {
        self.func.somd.is_some()
            && !self.dist_index.is_empty()
            && halo_share(&self.func.local(local).ty).is_some()
            && (self.func.local(local).dist.is_some() || self.halo_carrier(local))
    }

    /// Whether `local`, an array local without `dist` of a SOMD body with a view, is given a
    /// `dist` local's array somewhere, or another such local's (`double[] tmp = a;`, `tmp =
    /// a;`, also as a branch of a conditional or an assignment's value): double buffering
    /// through a plain temporary (`tmp = a; a = b; b = tmp;`) hands `a`'s halo copy to `b`
    /// through it, and `b`'s halo cells must go on being refreshed (probe 103: from the
    /// third step on they were not, on 2, 3 and 8 threads).
    fn halo_carrier(&self, local: LocalId) -> bool {
        let carriers = self.halo_carriers.get_or_init(|| {
            let func = self.func;
            let mut out = std::collections::HashSet::new();
            // Only a method with a view has halo copies to carry.
            let views = func.somd.as_ref().is_some_and(|sig| {
                sig.dist_params
                    .iter()
                    .any(|(_, d)| matches!(d, somd_mir::Distribution::View { .. }))
            });
            if !views {
                return out;
            }
            // (target, source) of every `T[] t = s;` and `t = s;` between array locals, also
            // where `s` is a branch of a conditional or the value of an assignment (`t = c ?
            // a : b`, `t = b = u`).
            let mut moves: Vec<(LocalId, LocalId)> = Vec::new();
            fn sources(func: &somd_mir::Function, e: ExprId, out: &mut Vec<LocalId>) {
                match &func.expr(e).kind {
                    ExprKind::Local(l) => out.push(*l),
                    ExprKind::Conditional { then_expr, else_expr, .. } => {
                        sources(func, *then_expr, out);
                        sources(func, *else_expr, out);
                    }
                    ExprKind::Assign { value, .. } => sources(func, *value, out),
                    _ => {}
                }
            }
            let mut given = |target: LocalId, value: ExprId| {
                if halo_share(&func.local(target).ty).is_some() {
                    let mut from = Vec::new();
                    sources(func, value, &mut from);
                    moves.extend(from.into_iter().filter(|s| *s != target).map(|s| (target, s)));
                }
            };
            somd_mir::analysis::walk::each_stmt(&func.body, &mut |stmt| {
                if let Stmt::Let { local, init: Some(init) } = stmt {
                    given(*local, *init);
                }
            });
            for e in &func.exprs {
                if let ExprKind::Assign { target, value } = e.kind {
                    if let ExprKind::Local(t) = func.expr(target).kind {
                        given(t, value);
                    }
                }
            }
            // A local without `dist` given a `dist` local's array, or a carrier's.
            let mut grew = true;
            while grew {
                grew = false;
                for (t, src) in &moves {
                    let from = func.local(*src).dist.is_some() || out.contains(src);
                    if func.local(*t).dist.is_none() && from && out.insert(*t) {
                        grew = true;
                    }
                }
            }
            out
        });
        carriers.contains(&local)
    }

    /// The `dist` parameter (its geometry's index) or `dist` local `g` whose lengths the
    /// allocation `value` takes: `new T[g.length]`, or `new T[g.length][g[k].length]`.
    fn partition_lengths(&self, value: ExprId) -> Option<Like> {
        let ExprKind::NewArray { dims } = &self.e(value).ok()?.kind else { return None };
        let param_of = |e: ExprId| match &self.e(e).ok()?.kind {
            ExprKind::Length(a) => match &self.e(*a).ok()?.kind {
                ExprKind::Local(p) => Some((*p, false)),
                ExprKind::Index { array, .. } => match self.e(*array).ok()?.kind {
                    ExprKind::Local(p) => Some((p, true)),
                    _ => None,
                },
                _ => None,
            },
            _ => None,
        };
        let rows = match dims.as_slice() {
            [rows] => param_of(*rows).filter(|(_, row)| !row)?.0,
            [rows, cols] => {
                let (p, _) = param_of(*rows).filter(|(_, row)| !row)?;
                param_of(*cols).filter(|(q, row)| *row && *q == p)?;
                p
            }
            _ => return None,
        };
        match self.dist_index.get(&rows) {
            Some(k) => Some(Like::Param(*k)),
            None => {
                let local = self.func.locals.get(rows.0 as usize)?;
                (local.dist.is_some() && halo_share(&local.ty).is_some())
                    .then_some(Like::Local(rows))
            }
        }
    }

    /// [`FnCx::stmt_unmarked`] before a row local's declaration keeps the row's index.
    fn stmt_unkept(
        &mut self,
        out: &mut String,
        level: Level,
        stmt: &Stmt,
    ) -> Result<(), EmitError> {
        if let Some(swap) = self.lazy_swap(stmt) {
            // `T[] t = a; a = b; b = t;` of SOMD results left on the device: the handles
            // change places at the first `a = b` (`t` is mentioned nowhere else); a rotation
            // `t = a; a = b; b = c; c = t;` is a swap of each neighbouring pair in turn.
            if matches!(stmt, Stmt::Expr(e) if swap.steps.first() == Some(e)) {
                for pair in swap.locals.windows(2) {
                    let (a, b) = (self.local_name(pair[0]), self.local_name(pair[1]));
                    writeln!(out, "{level}std::mem::swap(&mut {a}, &mut {b});")?;
                }
            }
            return Ok(());
        }
        match stmt {
            // The `@` of this local runs inside the reduction of the next statement.
            Stmt::Let { local, init: Some(_) } if self.folded_let(*local) => {}
            Stmt::Let { local, init: Some(init) } if self.borrowable_element(*local, *init) => {
                // The element cannot change while the local lives and the local is never
                // reassigned: borrow it instead of cloning the handle.
                let ty = self.ty(self.local_ty(*local)?)?;
                let name = self.local_name(*local);
                let value = self.recv(*init)?;
                self.by_ref[local.0 as usize] = true;
                writeln!(out, "{level}let {name}: &{ty} = {value};")?;
            }
            Stmt::Let { local, init } if self.lazy(*local).is_some() => {
                // `@` results that stay on the device until the host reads them
                // (`analysis::lazy`).
                let rust = match self.local_ty(*local)? {
                    Type::ValueArray(elem, _) => format!("rt::device::Lazy<{}>", self.ty(elem)?),
                    // SOMD results (`analysis::lazy`, "SOMD results").
                    ty @ Type::Array(_) => {
                        let (holder, elem) = types::lazy_holder(ty);
                        format!("rt::device::{holder}<{}>", self.ty(elem)?)
                    }
                    _ => return Err(EmitError::Internal("lazy local of another type".into())),
                };
                let value = match init {
                    Some(e) => self.lazy_value(*e)?,
                    None => "Default::default()".to_string(),
                };
                let name = self.local_name(*local);
                write_text(out, level, &format!("let mut {name}: {rust} = "), &value, ";")?;
            }
            Stmt::Let { local, init } => {
                let ty = self.local_ty(*local)?;
                let rust = self.ty(ty)?;
                let mut value = match init {
                    Some(e) => self.expr(*e)?,
                    None => const_default(self.module, &self.names.classes, ty)?,
                };
                // An outlined loop's MI starts at the first index of its chunk that the
                // loop's step reaches from the loop's start.
                if let Some(o) = self.outlined().filter(|o| o.index == *local) {
                    value = format!("rt::somd::loop_first({value}, somd_chunk, {})", o.step);
                }
                let name = self.local_name(*local);
                write_text(out, level, &format!("let mut {name}: {rust} = "), &value, ";")?;
            }
            Stmt::Expr(e) => {
                if let Some(k) = self.armed_by(*e) {
                    // The scope serves the next call of the method: this statement's.
                    writeln!(out, "{level}_somd_rows{k}.arm();")?;
                }
                let text = self.expr_stmt(*e)?;
                write_text(out, level, "", &text, ";")?;
                self.touches_after(out, level, *e)?;
                // A `dist` local given a new array: the new one's halo cells are refreshed.
                // A swap's temporary carries the copy it is given.
                if let ExprKind::Assign { target, value } = self.e(*e)?.kind {
                    if let ExprKind::Local(l) = self.e(target)?.kind {
                        if self.halo_tracked(l) {
                            self.share_halo(out, level, l, Some(value))?;
                        }
                    }
                }
            }
            Stmt::If { cond, then_block, else_block } => {
                let c = self.cond(*cond)?;
                writeln!(out, "{level}if {c} {{")?;
                self.block_stmts(out, level.next(), then_block)?;
                self.write_else(out, level, else_block.as_ref())?;
            }
            Stmt::Loop { .. } => {
                let id = somd_mir::analysis::walk::loop_id_of(self.func, stmt);
                let kept = self.kept_arrays(id);
                let rows = self.row_scopes(id);
                if kept.is_none() && rows.is_empty() {
                    return self.plain_loop(out, level, stmt);
                }
                writeln!(out, "{level}{{")?;
                if let Some((scope, arrays)) = kept {
                    // The loop never writes these arrays but through the stores it marks
                    // (`analysis::keep`): their device copies serve all its calls, released
                    // when the block is left by any path.
                    writeln!(out, "{}let {scope} = rt::device::keep(&[{arrays}]);", level.next())?;
                }
                for (k, label, param) in rows {
                    // The loop touches the matrix only through rows it fetches before the
                    // call (`analysis::rows`): the call's result stays on the device, the
                    // rows move one by one, the rest comes down when the block is left.
                    writeln!(
                        out,
                        "{}let _somd_rows{k} = rt::device::rows({label:?}, {param});",
                        level.next()
                    )?;
                }
                self.plain_loop(out, level.next(), stmt)?;
                writeln!(out, "{level}}}")?;
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
                self.sync_end(out, level, *reduce)?;
            }
            Stmt::ThrowUnderflow { span } => {
                let pos = self.pos(*span);
                writeln!(out, "{level}rt::task::underflow_at({pos});")?
            }
        }
        Ok(())
    }

    /// The end of a `sync` block: the barrier among the MIs, then for `sync reduce(op) (x)`
    /// every MI's `x` combined.
    fn sync_end(
        &mut self,
        out: &mut String,
        level: Level,
        reduce: Option<(ReduceOp, LocalId)>,
    ) -> Result<(), EmitError> {
        // A body with `dist` locals whose halo cells the MIs refresh from each other: the
        // same in every MI, so all of them wait at the same barriers.
        let halos = self.func.somd.is_some()
            && !self.dist_index.is_empty()
            && self.func.locals.iter().any(|l| l.dist.is_some() && halo_share(&l.ty).is_some());
        let sync = if halos { "sync_halos" } else { "sync" };
        writeln!(out, "{level}rt::somd::{sync}();")?;
        if let Some((op, local)) = reduce {
            let name = self.local_name(local);
            let ty = self.ty(self.local_ty(local)?)?;
            match super::types::reduce_op(op) {
                Some(op) => {
                    writeln!(out, "{level}{name} = rt::somd::all_reduce::<{op}, {ty}>({name});")?
                }
                None => writeln!(
                    out,
                    "{level}{name} = rt::somd::all_reduce_with({name}, <{ty} as rt::reduce::Sub>::java_sub);"
                )?,
            }
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
                // `else if`, unless the `if` opens or closes a keep region (its scope is a
                // statement of the `else` block).
                [stmt @ Stmt::If { cond, then_block, else_block }]
                    if self.kept_regions_at(stmt) == (Vec::new(), Vec::new()) =>
                {
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

/// A loop statement's parts, for `write_loop`.
struct LoopShape<'b> {
    label: Option<somd_mir::LabelId>,
    brk: &'b str,
    cont_label: Option<&'b str>,
    test: Option<ExprId>,
    test_at_end: bool,
    body: &'b Block,
    update: &'b [ExprId],
}

/// A counted loop `for (; j < hi; j++)` whose element accesses `a[j + c]` are all in bounds
/// when `covers` holds before the loop (see `version_loop`).
struct Versioned {
    /// The counter `j`.
    counter: String,
    /// `_nN`, the bound `hi` (loop-invariant) evaluated once before the loop.
    hi_var: String,
    hi_text: String,
    /// `a.covers(j, _nN, min, max)` for each array.
    covers: Vec<String>,
    /// Each access, with the pointer (`_uN_k`) it uses without checks in the fast copy.
    accesses: Vec<(ExprId, String)>,
    /// `let _uN_k = a.unchecked();` of each array, at the top of the fast copy.
    pointers: Vec<String>,
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
        let Some((all, scan)) = self.scan_loop(header, body, false)? else {
            return Ok(Vec::new());
        };
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
            // A lazy matrix's row taken only to read it keeps the device copy (`index_base`:
            // `read()`; through `Deref`, `host()` dropped it: probe 88).
            let base_text = self.index_base(id, *array)?;
            // A row a store writes is checked against the halo at the store (`halo_checked`).
            let idx_text = self.unchecked_halo(*index)?;
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

    /// Every expression of an innermost loop (`header` and `body`) and the locals it assigns,
    /// or `None` when something in it prevents hoisting: a nested loop, a call, an
    /// allocation, a store of a reference. With `isolated_calls`, calls of `static local`
    /// methods whose arguments are all primitives do not count: such a method reaches no
    /// array, object or non-constant static and no local of the caller (LANGUAGE.md §3.2),
    /// so it changes no local, array identity or length that loop versioning relies on.
    fn scan_loop(
        &self,
        header: impl Iterator<Item = ExprId>,
        body: &Block,
        isolated_calls: bool,
    ) -> Result<Option<(Vec<ExprId>, LoopScan)>, EmitError> {
        let mut scan = LoopScan { exprs: header.collect(), varying: Vec::new(), blocked: false };
        scan.block(body);
        if scan.blocked {
            return Ok(None);
        }
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
                        _ if !is_copy(&t.ty) => return Ok(None),
                        _ => {}
                    }
                }
                ExprKind::Call { func, receiver: None, args }
                    if isolated_calls && self.is_isolated_call(*func, args)? => {}
                ExprKind::Call { .. }
                | ExprKind::SomdCall { .. }
                | ExprKind::IntermediateReduce { .. }
                | ExprKind::New { .. }
                | ExprKind::Map { .. }
                | ExprKind::ReduceArray { .. }
                | ExprKind::Task { .. }
                | ExprKind::Connect { .. } => return Ok(None),
                ExprKind::Builtin { .. } if !self.is_pure(id) => return Ok(None),
                _ => {}
            }
            all.push(id);
            stack.extend(super::somd::subexprs(&expr.kind));
        }
        Ok(Some((all, scan)))
    }

    /// Loop versioning of an innermost counted loop `while (j < hi) { body; j += s; }` (the
    /// test first, or `j + c < hi` with `c >= 0`, read as `j < hi - c`, or `j + c <= hi`, read
    /// as `j + c < hi + 1` where `hi` is not `i32::MAX`; `j` an `int` assigned
    /// only by the update, `s` a positive constant, `hi` loop-invariant): its element reads
    /// and stores `a[j + c]` (`c` a constant, `a` a hoisted row or a local the loop does not
    /// assign) are all in bounds for `lo <= j < hi` when `a.covers(lo, hi, ..)`
    /// (`a.covers_step(lo, hi, .., s)`) holds on entry. The writer then emits that test, the
    /// loop with those accesses unchecked, and the loop as written as the `else` branch,
    /// which raises any exception at the same iteration and position as Java. Evaluating
    /// `hi` once before the loop is the loop's first test, so it fails (if it does) where the
    /// loop would. With `s > 1` the fast copy also needs `hi <= i32::MAX - (s - 1)`: then
    /// `j + s` cannot wrap around for any `j < hi`, so every iteration's `j` lies in
    /// `lo..hi` (a loop whose counter wraps takes the loop as written, as Java does).
    fn version_loop(
        &mut self,
        test: Option<ExprId>,
        test_at_end: bool,
        update: &[ExprId],
        body: &Block,
    ) -> Result<Option<Versioned>, EmitError> {
        let (Some(test), false, [step]) = (test, test_at_end, update) else { return Ok(None) };
        let ExprKind::Binary { op, lhs, rhs } = &self.e(test)?.kind else { return Ok(None) };
        let int = Type::Prim(PrimType::Int);
        let le = op.kind == BinOpKind::Le;
        if !(op.kind == BinOpKind::Lt || le) || self.e(*lhs)?.ty != int {
            return Ok(None);
        }
        // `j < hi`, or `j + c < hi` with `c >= 0` (below), `j` the local the update steps.
        let Some(counter) = somd_mir::analysis::walk::assigned_local(self.func, *step) else {
            return Ok(None);
        };
        let Some(shift) = self.counter_offset(*lhs, counter)?.filter(|&c| c >= 0) else {
            return Ok(None);
        };
        let Some(stride) = self.increment_step(*step, counter)? else {
            return Ok(None);
        };
        let Some((all, mut scan)) = self.scan_loop(std::iter::once(test), body, true)? else {
            return Ok(None);
        };
        if scan.varying.contains(&counter) {
            return Ok(None);
        }
        scan.varying.push(counter);
        // (`invariant_bound` takes only forms without effect.)
        if !self.invariant_bound(*rhs, &scan.varying)? {
            return Ok(None);
        }
        // A `LazyArr` holding a SOMD result that the loop only reads is read through its host
        // copy (`LazyArr::read`), which keeps the device copy (its `unchecked` pointer drops it,
        // as the loop might store): a checksum loop over a result between two calls no longer
        // sends it up again (probe 88).
        let mut parents = None;
        let mut stored = |cx: &Self, l: LocalId| -> bool {
            let parents = parents.get_or_insert_with(|| somd_mir::analysis::walk::parents(cx.func));
            all.iter().any(|&e| {
                matches!(cx.func.expr(e).kind, ExprKind::Index { array, .. }
                    if matches!(cx.func.expr(array).kind, ExprKind::Local(x) if x == l))
                    && somd_mir::analysis::walk::stored_to(cx.func, parents, e)
            })
        };
        // Accesses `a[j + c]` of primitive elements or value objects, grouped by array:
        // (array, min, max, whether it reads value objects).
        let mut arrays: Vec<(String, i32, i32, bool)> = Vec::new();
        let mut accesses = Vec::new();
        for id in all.iter().copied() {
            let expr = self.e(id)?;
            let ExprKind::Index { array, index } = expr.kind else { continue };
            // Elements of a value array of value objects are read in place (`at_present`) or
            // cloned (`get_present`) where the array holds no `null`: K-Means' `centres[c].x`.
            let value_object = matches!(&self.e(array)?.ty, Type::ValueArray(..))
                && matches!(&expr.ty, Type::Object(c) if self.is_value_class(*c));
            if !is_copy(&expr.ty) && !value_object {
                continue;
            }
            let Some(offset) = self.counter_offset(index, counter)? else { continue };
            let base_expr = self.e(array)?;
            let base = match (&base_expr.kind, &base_expr.ty) {
                _ if self.hoisted.contains_key(&array) => {
                    self.hoisted.get(&array).cloned().unwrap_or_default()
                }
                (ExprKind::Local(l), Type::Array(_))
                    if !scan.varying.contains(l)
                        && self.lazy(*l).is_some_and(|z| z.mutable)
                        && !somd_mir::analysis::keep::is_prim_matrix(&base_expr.ty)
                        && !stored(self, *l) =>
                {
                    format!("{}.read()", self.local_name(*l))
                }
                (ExprKind::Local(l), Type::Array(_) | Type::ValueArray(..))
                    if !scan.varying.contains(l) =>
                {
                    self.recv(array)?
                }
                _ => continue,
            };
            match arrays.iter_mut().find(|(b, ..)| *b == base) {
                Some((_, min, max, objects)) => {
                    *min = (*min).min(offset);
                    *max = (*max).max(offset);
                    *objects |= value_object;
                }
                None => arrays.push((base.clone(), offset, offset, value_object)),
            }
            accesses.push((id, base));
        }
        if accesses.is_empty() {
            return Ok(None);
        }
        let counter_local = counter;
        let counter = self.local_name(counter);
        let hi_var = format!("_n{}", self.next_label);
        // A test `j + c < hi` is `j < hi - c` where Java's sum does not wrap: it starts in
        // range (`j <= i32::MAX - c`, checked on entry) and stops at `hi`, or is never
        // below it (`hi - c` under `i32::MIN`, which saturates: no iteration either way).
        // `j + c <= hi` is `j + c < hi + 1` where `hi + 1` is an `int`. At `hi == i32::MAX`
        // Java's test always holds (the index wraps): the bound is then `i32::MIN`, which
        // takes the loop as written (below).
        let hi = self.expr(*rhs)?;
        let hi = if le { format!("i32::checked_add({hi}, 1).unwrap_or(i32::MIN)") } else { hi };
        let mut hi_text = match shift {
            0 => hi,
            c => format!("i32::saturating_sub({hi}, {c})"),
        };
        // An outlined loop's MI stops at its chunk's end, before the loop's bound.
        if self.chunked_index() == Some(counter_local) {
            hi_text = format!("i32::min({hi_text}, somd_chunk.1)");
        }
        let mut covers: Vec<String> = arrays
            .iter()
            .map(|(base, min, max, _)| match stride {
                1 => format!("{base}.covers({counter}, {hi_var}, {min}, {max})"),
                _ => format!("{base}.covers_step({counter}, {hi_var}, {min}, {max}, {stride})"),
            })
            .collect();
        // The copy reads value objects without their `null` checks: the array must hold
        // none (known where it was frozen, else looked at once per handle).
        covers.extend(
            arrays
                .iter()
                .filter(|(.., objects)| *objects)
                .map(|(base, ..)| format!("{base}.holds_no_null()")),
        );
        // Stores into a `dist` parameter with a view: the fast copy takes them unchecked only
        // where the MI owns every cell they write (`Geo::owns_run`).
        for (id, _) in &accesses {
            let ExprKind::Index { index, .. } = self.e(*id)?.kind else { continue };
            let Some(store) = self.halo_stores.get(&index).copied() else { continue };
            let Some(offset) = self.counter_offset(index, counter_local)? else { continue };
            let geo = store.geo.text();
            match store.row {
                Some(HaloRow::Index { index: row, .. }) => {
                    covers.push(format!("{geo}.owns(1, {})", self.unchecked_halo(row)?));
                }
                Some(HaloRow::Alias(local)) => {
                    covers.push(format!("{geo}.owns(1, {})", halo_row_name(local)));
                }
                None => {}
            }
            covers.push(format!("{geo}.owns_run({}, {counter}, {hi_var}, {offset})", store.dim));
        }
        if shift > 0 {
            covers.push(format!("{counter} <= i32::MAX - {shift}"));
        }
        if le {
            // A bound of `i32::MIN` runs no iteration of the fast copy either way.
            covers.push(format!("{hi_var} != i32::MIN"));
        }
        if stride > 1 {
            // `hi - c <= i32::MAX - (s - 1) - c`; past `i32` no `_nN` passes (no fast copy).
            let Ok(room) = i32::try_from(i64::from(stride) - 1 + i64::from(shift)) else {
                return Ok(None);
            };
            covers.push(format!("{hi_var} <= i32::MAX - {room}"));
        }
        // One plain pointer per array, so that the fast copy does not reload the handle.
        let pointer = |k: usize| format!("_u{}_{k}", self.next_label);
        let pointers = arrays
            .iter()
            .enumerate()
            .map(|(k, (base, ..))| format!("let {} = {base}.unchecked();", pointer(k)))
            .collect();
        let accesses = accesses
            .into_iter()
            .map(|(id, base)| {
                let k = arrays.iter().position(|(b, ..)| *b == base).unwrap_or_default();
                (id, pointer(k))
            })
            .collect();
        Ok(Some(Versioned { counter, hi_var, hi_text, covers, accesses, pointers }))
    }

    /// Whether a call of `func` with `args` is of a `static local` method with only
    /// primitive arguments (see `scan_loop`).
    fn is_isolated_call(&self, func: FuncId, args: &[ExprId]) -> Result<bool, EmitError> {
        let callee = self.callee(func)?;
        if !callee.is_local || !matches!(callee.kind, FuncKind::Static) || callee.somd.is_some() {
            return Ok(false);
        }
        for a in args {
            if !matches!(self.e(*a)?.ty, Type::Prim(_)) {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// `s` when `id` is `j++`, `++j` (`s = 1`), `j += s` or `j = j + s` with `s` a positive
    /// `int` constant.
    fn increment_step(
        &self,
        id: ExprId,
        counter: somd_mir::LocalId,
    ) -> Result<Option<i32>, EmitError> {
        Ok(self.signed_step(id, counter)?.filter(|&s| s > 0))
    }

    /// The step of update `id` of counter `j`, with its sign (`walk::constant_step`, as the
    /// analyses read it): `j++` and `++j` 1, `j--` and `--j` -1, `j += s` and `j = j + s`
    /// `s`, `j -= s` and `j = j - s` `-s`.
    fn signed_step(
        &self,
        id: ExprId,
        counter: somd_mir::LocalId,
    ) -> Result<Option<i32>, EmitError> {
        Ok(walk::constant_step(self.func, id, counter))
    }

    /// `c` when `index` is the counter `j` plus a constant `c` (`j`, `j + c`, `c + j`, `j -
    /// c`, `walk::index_plus`), with `c` Java's `int` constant.
    fn counter_offset(
        &self,
        index: ExprId,
        counter: somd_mir::LocalId,
    ) -> Result<Option<i32>, EmitError> {
        // No locals: a counter may be declared before its loop, and `int b = j;` there
        // holds its old value.
        let reads = somd_mir::analysis::walk::Affine { partition: false, locals: false };
        let offset = somd_mir::analysis::walk::index_plus(self.func, index, counter, reads);
        Ok(offset.and_then(|c| i32::try_from(c).ok()))
    }

    /// Whether the loop bound `id` keeps its value while the loop runs: it reads constants,
    /// locals outside `varying` and lengths of such locals or of hoisted rows (an array's
    /// length never changes), through arithmetic and calls of the library's `Math`: none of
    /// them has an effect.
    fn invariant_bound(
        &self,
        id: ExprId,
        varying: &[somd_mir::LocalId],
    ) -> Result<bool, EmitError> {
        Ok(match &self.e(id)?.kind {
            ExprKind::Const(_) => true,
            ExprKind::Local(l) => !varying.contains(l),
            ExprKind::Length(a) => {
                self.hoisted.contains_key(a)
                    || matches!(self.e(*a)?.kind, ExprKind::Local(l) if !varying.contains(&l))
            }
            ExprKind::Unary { operand, .. } | ExprKind::Convert { operand } => {
                self.invariant_bound(*operand, varying)?
            }
            ExprKind::Binary { lhs, rhs, .. } => {
                self.invariant_bound(*lhs, varying)? && self.invariant_bound(*rhs, varying)?
            }
            // The library's `Math` (a tile's `j < Math.min(jj + 64, n)`): no effect.
            ExprKind::Call { func, receiver: None, args }
                if somd_mir::analysis::walk::library_math(self.module, *func) =>
            {
                let mut all = true;
                for a in args {
                    all &= self.invariant_bound(*a, varying)?;
                }
                all
            }
            _ => false,
        })
    }

    /// Writes a loop: `'lN: loop { test; body; update }`, with `fast_test` (the versioned
    /// copy's `j < _nN`) in place of the test when given.
    fn write_loop(
        &mut self,
        out: &mut String,
        level: Level,
        shape: &LoopShape<'_>,
        fast_test: Option<String>,
    ) -> Result<(), EmitError> {
        self.write_loop_checked(out, level, shape, fast_test, true)
    }

    /// [`FnCx::write_loop`]; with `checks` false, the loop as written without any stop
    /// check (the copies of [`FnCx::write_blocked`]).
    fn write_loop_checked(
        &mut self,
        out: &mut String,
        level: Level,
        shape: &LoopShape<'_>,
        fast_test: Option<String>,
        checks: bool,
    ) -> Result<(), EmitError> {
        let brk = shape.brk;
        let cont = match shape.cont_label {
            Some(c) => format!("break {c}"),
            None => format!("continue {brk}"),
        };
        // A loop that only its data end (`while (x != 1)`) may run in an MI whose data Java
        // never reaches, another MI having failed before them: every 1024 iterations it
        // leaves if so (`rt::exec::spin_check`), as kernels do (`Writer::stop_guard`). So
        // may a counted one whose index a step may carry past its type's end (`j <= n` at
        // `Integer.MAX_VALUE`, `walk::wraps_at`): it checks only where its bound lets it
        // wrap, a flag set once before the loop (`Wrap::Before`) where the bound cannot
        // throw, else tested with the check (`Wrap::AtCheck`: a length throws for `null`,
        // and Java may not read it, `c != null && j < c.length`; by the 1024th iteration the
        // loop's test has read it).
        // A loop whose trip count its bound tells (a counted one, or one bounded by `Math`:
        // `walk::trip_test`) may still run long in such an MI: one that holds no loop
        // checks only where its bound, evaluated once before it, is `walk::LONG_TRIPS`
        // steps away or more (`_long`, a flag the optimiser takes out of the loop), one
        // that holds a loop always. A bound reading a length or an element (which may
        // throw before Java would) is trusted to stay short where the loop is counted.
        let counted = !checks || walk::counted(self.func, shape.test, shape.body, shape.update);
        // `main` runs in no MI, and an outlined loop's MI stops at its chunk's end.
        let trips = match checks {
            true => walk::trip_test(self.module, self.func, shape.test, shape.body, shape.update),
            false => None,
        };
        let wraps = match checks && (counted || trips.is_some()) {
            true => {
                walk::wraps_at(Some(self.module), self.func, shape.test, shape.body, shape.update)
            }
            false => None,
        };
        let host = !checks
            || self.module.main == Some(self.fid)
            || trips.is_some_and(|t| self.chunked_index() == Some(t.0));
        let holds =
            trips.is_some() && !host && walk::holds_loop(self.module, self.func, shape.body);
        let id = brk.trim_start_matches("'l");
        let long = match trips {
            _ if host => None,
            Some(t @ (_, by, _, bound))
                if !holds && walk::quiet_value(self.module, self.func, bound) =>
            {
                let far = walk::long_distance(by);
                let (distance, wide) = self.trip_distance(t)?;
                writeln!(out, "{level}let _long{id}: bool = {distance} >= {far}{wide};")?;
                Some(format!("_long{id}"))
            }
            _ => None,
        };
        if let (Some(t), Some(flag), None) = (trips, &long, wraps) {
            if self.write_blocked(out, level, shape, &fast_test, t, Some(flag))? {
                return Ok(());
            }
        }
        // A loop holding loops checks always: in blocks too, each counted on the thread's
        // counter as it ends ([`FnCx::write_blocked`]).
        if let (Some(t @ (.., bound)), true, None) = (trips, holds, wraps) {
            if walk::quiet_value(self.module, self.func, bound)
                && self.write_blocked(out, level, shape, &fast_test, t, None)?
            {
                return Ok(());
            }
        }
        let checks = checks
            && (holds
                || wraps.is_some()
                || long.is_some()
                || (!counted && (!host || trips.is_none())));
        // A loop holding loops counts on the thread's counter (`rt::exec::spin_tick`), which
        // does not start again at each entry as a counter of its own would: a nest whose
        // loops each run fewer than 1024 iterations per entry would never check.
        let shared = checks && (holds || walk::holds_loop(self.module, self.func, shape.body));
        let spin = checks.then(|| format!("_spin{id}"));
        let flag = match wraps {
            Some((bound, up, limit))
                if (walk::plain_value(self.func, bound)
                    || walk::quiet_value(self.module, self.func, bound))
                    && !matches!(
                        self.e(bound)?.ty,
                        Type::Prim(PrimType::Float | PrimType::Double)
                    ) =>
            {
                let cmp = if up { ">=" } else { "<=" };
                let test = format!("({}) as i64 {cmp} {limit}i64", self.expr(bound)?);
                let mut lengths = false;
                walk::each_expr(self.func, bound, &mut |e| {
                    lengths |= matches!(self.func.expr(e).kind, ExprKind::Length(_));
                });
                if lengths {
                    Some(Wrap::AtCheck(test))
                } else {
                    writeln!(out, "{level}let _wrap{id}: bool = {test};")?;
                    Some(Wrap::Before(format!("_wrap{id}")))
                }
            }
            _ => None,
        };
        let flag = match (holds, flag, long) {
            (true, _, _) => None,
            (false, Some(Wrap::Before(w)), Some(l)) => Some(Wrap::Before(format!("({w} || {l})"))),
            (false, Some(Wrap::AtCheck(t)), Some(l)) => {
                Some(Wrap::AtCheck(format!("({l} || {t})")))
            }
            (false, None, Some(l)) => Some(Wrap::Before(l)),
            (false, f, None) => f,
        };
        if let Some(spin) = spin.as_ref().filter(|_| !shared) {
            writeln!(out, "{level}let mut {spin}: u32 = 0;")?;
        }
        writeln!(out, "{level}{brk}: loop {{")?;
        let inner = level.next();
        if let (Some(t), false) = (shape.test, shape.test_at_end) {
            let checked = fast_test.is_none();
            let c = match fast_test {
                Some(c) => Some(c),
                None if is_const_true(self, t) => None,
                None => Some(self.cond(t)?),
            };
            // An outlined loop's MI stops at its chunk's end, after Java's test `i < hi` (at
            // its chunk's bottom, after `i >= lo` or `i > lo`, stepping down). After `i <=
            // hi` the last MI's chunk has no end: Java's loop to `Integer.MAX_VALUE` never
            // stops, its index wrapping.
            let chunk_end = match (&self.e(t)?.kind, self.chunked_index()) {
                (ExprKind::Binary { op, lhs, .. }, Some(index)) => {
                    let counter = matches!(self.e(*lhs)?.kind, ExprKind::Local(l) if l == index);
                    let i = self.local_name(index);
                    let end = match (op.kind, self.chunked_down()) {
                        (BinOpKind::Lt, false) => Some(format!("{i} < somd_chunk.1")),
                        (BinOpKind::Le, false) => {
                            Some(format!("({i} < somd_chunk.1 || somd_chunk.1 == i32::MAX)"))
                        }
                        (BinOpKind::Ge | BinOpKind::Gt, true) => {
                            Some(format!("{i} >= somd_chunk.0"))
                        }
                        _ => None,
                    };
                    end.filter(|_| counter)
                }
                _ => None,
            };
            let c = match (c, chunk_end) {
                (Some(c), Some(end)) if checked => Some(format!("{} && {end}", paren(c))),
                (c, _) => c,
            };
            if let Some(c) = c {
                writeln!(out, "{inner}if !{} {{", paren(c))?;
                writeln!(out, "{}break {brk};", inner.next())?;
                writeln!(out, "{inner}}}")?;
            }
        }
        if let Some(spin) = &spin {
            let (check, l) = match &flag {
                Some(Wrap::Before(flag)) => {
                    writeln!(out, "{inner}if {flag} {{")?;
                    (inner.next(), inner.next().next())
                }
                _ => (inner, inner.next()),
            };
            let also = match &flag {
                Some(Wrap::AtCheck(test)) => format!(" && {test}"),
                _ => String::new(),
            };
            if shared {
                writeln!(out, "{check}if rt::exec::spin_tick(){also} {{")?;
            } else {
                writeln!(out, "{check}{spin} = {spin}.wrapping_add(1);")?;
                writeln!(out, "{check}if {spin} % 1024 == 0{also} {{")?;
            }
            writeln!(out, "{l}rt::exec::spin_check();")?;
            writeln!(out, "{check}}}")?;
            if let Some(Wrap::Before(_)) = flag {
                writeln!(out, "{inner}}}")?;
            }
        }
        self.frames.push(Frame { mir_label: shape.label, brk: brk.to_string(), cont: Some(cont) });
        if let Some(mark) = shape.test.and_then(|t| self.row_marks.get(&t)) {
            writeln!(out, "{inner}{mark}")?;
        }
        match shape.cont_label {
            Some(c) => {
                writeln!(out, "{inner}{c}: {{")?;
                self.block_stmts(out, inner.next(), shape.body)?;
                writeln!(out, "{inner}}}")?;
            }
            None => self.block_stmts(out, inner, shape.body)?,
        }
        self.frames.pop();
        // A search made an argument minimum (`somd_mir::first_match`): nothing observable
        // happens after the first match, so the loop stops there as the search did.
        if let Some(exit) = self.func.early_exits.iter().find(|x| Some(x.test) == shape.test) {
            let first = self.local_name(exit.first);
            let none = if exit.no_match == i32::MIN { "i32::MIN" } else { "i32::MAX" };
            writeln!(out, "{inner}if {first} != {none} {{")?;
            writeln!(out, "{}break {brk};", inner.next())?;
            writeln!(out, "{inner}}}")?;
        }
        for u in shape.update {
            let text = self.expr_stmt(*u)?;
            write_text(out, inner, "", &text, ";")?;
        }
        if let (Some(t), true) = (shape.test, shape.test_at_end) {
            let c = self.cond(t)?;
            writeln!(out, "{inner}if !{} {{", paren(c))?;
            writeln!(out, "{}break {brk};", inner.next())?;
            writeln!(out, "{inner}}}")?;
        }
        writeln!(out, "{level}}}")?;
        Ok(())
    }

    /// The distance from a trip test's index to its bound, in index steps' direction
    /// (`walk::trip_test`), and the Rust type it is taken in: `i128` where the index or the
    /// bound is a `long` (between two the distance may pass `i64::MAX`), else `i64`.
    fn trip_distance(
        &mut self,
        trips: (somd_mir::LocalId, i64, BinOpKind, ExprId),
    ) -> Result<(String, &'static str), EmitError> {
        let (i, _, op, bound) = trips;
        let (b, index) = (self.expr(bound)?, self.local_name(i));
        let wide = if walk::wide_distance(self.func, trips) { "i128" } else { "i64" };
        let distance = match op {
            BinOpKind::Lt | BinOpKind::Le => format!("({b}) as {wide} - {index} as {wide}"),
            _ => format!("{index} as {wide} - ({b}) as {wide}"),
        };
        Ok((distance, wide))
    }

    /// A loop that cannot fail and runs long where its flag `long` holds
    /// ([`FnCx::write_loop`]), run there in blocks of 1024 iterations with a check between
    /// them: `'somd_bN: loop { end = i + 1024 * step, or the bound for the last block; the loop
    /// with `i op end` for its test; leave after the last block or where the loop left
    /// before its block's end (a `break`: the body never steps the index); check }`, and
    /// as written where the flag does not hold. A counter and a call in each iteration kept
    /// the optimiser from the loop's body: `bench/gpu/programs/s105long.somd`'s `far` (70,000
    /// steps of `s = s * 31 + k` per element) took 93 ms a call on this machine's two
    /// threads against 16 ms unchecked; in blocks, 18 ms. Only a loop whose test is its
    /// counting comparison alone (`i < n`), stepped by its update or its body's last
    /// statement, whose bound reads no static (the body may write one) and whose block's
    /// step fits its index type; false for any other, which keeps the counter.
    ///
    /// With no flag (`long` `None`), a loop holding loops, which checks however few its
    /// iterations: always in blocks, each block's iterations counted on the thread's counter
    /// as it ends (`rt::exec::spin_ticks`, a check when the counter passes a multiple of
    /// 1024), as [`FnCx::write_loop`]'s tick in each iteration counted them. That tick cost
    /// `s105long`'s `quad` (250 steps of a loop of four per element) 57% on one thread.
    fn write_blocked(
        &mut self,
        out: &mut String,
        level: Level,
        shape: &LoopShape<'_>,
        fast_test: &Option<String>,
        (i, by, op, bound): (somd_mir::LocalId, i64, BinOpKind, ExprId),
        long: Option<&str>,
    ) -> Result<bool, EmitError> {
        let Some(test) = shape.test.filter(|_| !shape.test_at_end) else { return Ok(false) };
        let alone = match &self.e(test)?.kind {
            ExprKind::Binary { lhs, rhs, .. } => {
                let index =
                    |e: ExprId| matches!(self.func.expr(e).kind, ExprKind::Local(l) if l == i);
                (index(*lhs) && *rhs == bound) || (index(*rhs) && *lhs == bound)
            }
            _ => false,
        };
        let mut statics = false;
        walk::each_expr(self.func, bound, &mut |e| {
            statics |= matches!(self.func.expr(e).kind, ExprKind::Static(_));
        });
        let searched = self.func.early_exits.iter().any(|x| x.test == test);
        // A loop stepped in its body only by its last statement: a `break` after a step
        // elsewhere (`while (j < n) { j++; if (..) break; .. }`) would leave the index at a
        // block's end, which reads as the block's end (review: the loop ran on).
        let stepped_last = !shape.update.is_empty()
            || walk::body_count(self.module, self.func, test, shape.body).is_some();
        let (ty, max) = match self.func.local(i).ty {
            Type::Prim(PrimType::Int) => ("i32", i128::from(i32::MAX)),
            _ => ("i64", i128::from(i64::MAX)),
        };
        let step = 1024 * i128::from(by);
        if !alone
            || !stepped_last
            || statics
            || searched
            || self.row_marks.contains_key(&test)
            || step.abs() > max
        {
            return Ok(false);
        }
        let id = shape.brk.trim_start_matches("'l");
        let (b, index) = (self.expr(bound)?, self.local_name(i));
        let (distance, wide) = self.trip_distance((i, by, op, bound))?;
        let cmp = match op {
            BinOpKind::Lt => "<",
            BinOpKind::Le => "<=",
            BinOpKind::Gt => ">",
            _ => ">=",
        };
        let l1 = match long {
            Some(long) => {
                writeln!(out, "{level}if {long} {{")?;
                level.next()
            }
            None => level,
        };
        let l2 = l1.next();
        writeln!(out, "{l1}'somd_b{id}: loop {{")?;
        writeln!(out, "{l2}let _last{id}: bool = {distance} <= {}{wide};", step.abs())?;
        writeln!(
            out,
            "{l2}let _end{id}: {ty} = if _last{id} {{ {b} }} else {{ {index}.wrapping_add({step}{ty}) }};"
        )?;
        if long.is_none() {
            writeln!(out, "{l2}let _from{id}: {ty} = {index};")?;
        }
        // `i op end` implies the test: `end` lies no further than the bound, which keeps
        // its value (nothing in the body writes what it reads), and reading it twice has no
        // effect (`walk::quiet_value`); a versioned copy's test (`i < _nN`) is the same.
        let blocked = format!("{index} {cmp} _end{id}");
        self.write_loop_checked(out, l2, shape, Some(blocked), false)?;
        // A block's iterations: its index's distance from the block's start, exact in the
        // index's type (at most 1024 steps, which fit it).
        let ticks = format!("({index}.wrapping_sub(_from{id}) / {by}{ty}) as u32");
        let leave = format!("_last{id} || {index} {cmp} _end{id}");
        match long {
            Some(_) => {
                writeln!(out, "{l2}if {leave} {{")?;
                writeln!(out, "{}break 'somd_b{id};", l2.next())?;
                writeln!(out, "{l2}}}")?;
                writeln!(out, "{l2}rt::exec::spin_check();")?;
            }
            None => {
                writeln!(out, "{l2}if rt::exec::spin_ticks({ticks}) {{")?;
                writeln!(out, "{}rt::exec::spin_check();", l2.next())?;
                writeln!(out, "{l2}}}")?;
                writeln!(out, "{l2}if {leave} {{")?;
                writeln!(out, "{}break 'somd_b{id};", l2.next())?;
                writeln!(out, "{l2}}}")?;
            }
        }
        writeln!(out, "{l1}}}")?;
        if long.is_some() {
            writeln!(out, "{level}}} else {{")?;
            self.write_loop_checked(out, l1, shape, fast_test.clone(), false)?;
            writeln!(out, "{level}}}")?;
        }
        Ok(true)
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
    /// `T x = v[i];` where `x` is never assigned, `v` is held by a local that is never
    /// assigned, `T` is a reference type, and the element cannot change while `x` lives: `v`
    /// is a value array, or, in a SOMD body, a mutable array of arrays (`float[] y =
    /// ys[j];`) whose rows nothing can replace during the call ([`Self::rows_stay`]) and `x`
    /// is only indexed and measured. Such a local borrows the element instead of cloning its
    /// handle: no reference count changes per row, which MIs sharing a matrix would contend
    /// on.
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
        if self.assigned.get(base_local.0 as usize).copied().unwrap_or(true)
            || !self.is_pure(*index)
        {
            return false;
        }
        match &base.ty {
            Type::ValueArray(..) => true,
            Type::Array(elem) => {
                self.func.somd.is_some()
                    && matches!(**elem, Type::Array(_))
                    && self.only_read_through(local)
                    && self.rows_stay()
            }
            _ => false,
        }
    }

    /// Whether every mention of array local `local` indexes it or takes its length.
    fn only_read_through(&self, local: somd_mir::LocalId) -> bool {
        let func = self.func;
        let mentions: Vec<usize> = (0..func.exprs.len())
            .filter(|&i| matches!(func.exprs[i].kind, ExprKind::Local(l) if l == local))
            .collect();
        mentions.iter().all(|&m| {
            func.exprs.iter().any(|e| match &e.kind {
                ExprKind::Index { array, .. } | ExprKind::Length(array) => array.0 as usize == m,
                _ => false,
            })
        })
    }

    /// Whether no row of any array can be replaced while this SOMD body runs: it stores no
    /// element of array type (`m[i] = r`) and calls nothing (a callee might), so a row
    /// borrowed from a matrix stays the matrix's row. Every MI of the call runs this same
    /// body, so no other MI replaces one either, and the caller waits for the call. (A
    /// thread outside the call replacing rows of a matrix the call reads, through a static
    /// field, is a data race the program has anyway: `docs/notes/rust-representation.md`.)
    fn rows_stay(&self) -> bool {
        self.func.exprs.iter().all(|e| match &e.kind {
            ExprKind::Assign { target, .. } | ExprKind::CompoundAssign { target, .. } => {
                !self.e(*target).is_ok_and(|t| {
                    matches!(t.kind, ExprKind::Index { .. }) && matches!(t.ty, Type::Array(_))
                })
            }
            ExprKind::Call { .. }
            | ExprKind::SomdCall { .. }
            | ExprKind::IntermediateReduce { .. }
            | ExprKind::New { .. }
            | ExprKind::Map { .. }
            | ExprKind::ReduceArray { .. }
            | ExprKind::Task { .. }
            | ExprKind::Connect { .. } => false,
            _ => true,
        })
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

/// The Rust name of loop `k`'s keep scope: its own when the loop marks stores in it (an
/// inner loop's scope must not hide it), else the plain one.
fn keep_scope_name(k: &somd_mir::analysis::keep::KeptLoop) -> String {
    match k.touches.is_empty() {
        true => "_somd_keep".to_string(),
        false => format!("_somd_keep_l{}", k.loop_id.0),
    }
}

/// Closes the keep regions `closes` ([`FnCx::open_kept_regions`]).
fn close_kept_regions(out: &mut String, level: Level, closes: &[usize]) -> Result<(), EmitError> {
    for k in closes {
        writeln!(out, "{level}drop(_somd_keep_r{k});")?;
    }
    Ok(())
}

/// Numbers the statements of an MI body in source order ([`FnCx::mi_stmts`]), from
/// `*next` on: each statement, except that a `sync` block and a plain block (not a `for`
/// loop) have no place of their own and an `if` is followed by its branches' statements.
pub(super) fn number_mi_stmts(
    block: &Block,
    next: &mut usize,
    places: &mut HashMap<*const Stmt, (usize, bool)>,
) {
    for stmt in &block.stmts {
        match stmt {
            Stmt::Sync { body, .. } => number_mi_stmts(body, next, places),
            Stmt::Block(inner)
                if !matches!(inner.stmts.as_slice(), [Stmt::Let { .. }, Stmt::Loop { .. }]) =>
            {
                number_mi_stmts(inner, next, places)
            }
            Stmt::If { then_block, else_block, .. } => {
                places.insert(std::ptr::from_ref(stmt), (*next, true));
                *next += 1;
                number_mi_stmts(then_block, next, places);
                if let Some(e) = else_block {
                    number_mi_stmts(e, next, places);
                }
            }
            _ => {
                places.insert(std::ptr::from_ref(stmt), (*next, false));
                *next += 1;
            }
        }
    }
}

/// The runtime function that declares a `dist` local of type `ty` to the `sync`s that
/// refresh its halo cells (`rt::somd::share_halo`): 1-D and 2-D arrays of primitives.
fn halo_share(ty: &Type) -> Option<&'static str> {
    use somd_mir::analysis::keep::{is_prim_array, is_prim_matrix};
    match ty {
        _ if is_prim_array(ty) => Some("share_halo"),
        _ if is_prim_matrix(ty) => Some("share_halo_rows"),
        _ => None,
    }
}

/// What a `dist` local's allocation takes its lengths from ([`FnCx::partition_lengths`]).
enum Like {
    /// A `dist` parameter, by the index of its geometry.
    Param(usize),
    /// Another `dist` local, whose copy's geometry the new one takes.
    Local(LocalId),
}

/// Where a counted loop whose index may wrap around learns whether its bound lets it
/// (`FnCx::write_loop`'s check).
enum Wrap {
    /// A flag set before the loop (the bound cannot throw).
    Before(String),
    /// The test, made with the check every 1024 iterations.
    AtCheck(String),
}
