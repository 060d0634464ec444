//! The module-level writer: header, imports, class structs, statics, functions, SOMD
//! wrappers, `main`, and the `static` source positions of failure sites.

use super::expr::FnCx;
use super::namer::Names;
use super::types::{const_default, rust_type};
use super::EmitError;
use somd_diag::{SourceMap, Span};
use somd_mir::{FuncKind, Module};
use std::collections::HashMap;
use std::fmt::{self, Write};

/// An indentation level (four spaces each), written with `{level}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level(pub usize);

impl Level {
    pub fn next(self) -> Level {
        Level(self.0 + 1)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for _ in 0..self.0 {
            f.write_str("    ")?;
        }
        Ok(())
    }
}

/// The `static SourcePos` items of failure sites, one per distinct source position.
#[derive(Default)]
pub struct Positions {
    list: Vec<(String, usize, usize)>,
    index: HashMap<(String, usize, usize), usize>,
}

impl Positions {
    /// `&POS_n` for the start of `span`.
    pub fn get(&mut self, sources: &SourceMap, module: &Module, span: Span) -> String {
        let (file, line, col) = match sources.get(span.file) {
            Some(file) => {
                let (line, col) = file.line_col(span.start as usize);
                (file.name.clone(), line, col)
            }
            None => {
                let name = module.files.get(span.file.0 as usize).cloned();
                (name.unwrap_or_else(|| "<unknown>".to_string()), 0, 0)
            }
        };
        let key = (file, line, col);
        let next = self.list.len();
        let idx = *self.index.entry(key.clone()).or_insert(next);
        if idx == next {
            self.list.push(key);
        }
        format!("&POS_{idx}")
    }
}

/// Writes `src/main.rs` for one module.
pub struct Writer<'a, W: Write> {
    out: W,
    module: &'a Module,
    sources: &'a SourceMap,
    version: &'a str,
    names: Names,
    kernels: crate::opencl::ClOptions,
}

/// Lints that generated code triggers by construction, allowed crate-wide:
/// - `unused_parens`, `unused_braces`: operands are parenthesised and temporaries scoped
///   uniformly rather than by precedence analysis;
/// - `non_snake_case`, `non_camel_case_types`, `non_upper_case_globals`: user names are kept
///   (`Main_computeForces`, `S_Main_gridSize`) so the program stays traceable to its source;
/// - `unused_mut`, `unused_variables`, `unused_assignments`, `unused_labels`, `dead_code`,
///   `unreachable_code`, `unused_imports`: locals are declared uniformly (`let mut`, with a
///   default), every loop is labelled, every function of the program is emitted whether it
///   is called or not, a function ends with an unreachable tail when Java's definite-return
///   rules accept what Rust's cannot see, and the prelude imports every runtime name;
/// - `unused_comparisons`: a Java test such as `i <= Integer.MAX_VALUE` is legal and keeps
///   its meaning, and a warning about it would only reach the user from a crate they never
///   wrote (probe 62); so is `invalid_nan_comparisons`: `x < Double.NaN` is legal Java,
///   false whatever `x` is (a constant NaN operand, `0.1 - Double.NaN`, is written as
///   `f64::NAN`);
/// - `clippy::all`: generated code favours a uniform shape over idiomatic Rust.
///
/// The recursion limit lets rustc check arrays of many dimensions (Java allows 255): an
/// `Array<Array<..>>` of 31 or more levels overflowed the default's drop-check.
const ALLOWS: &str = "#![allow(
    unused_parens,
    unused_braces,
    non_snake_case,
    non_camel_case_types,
    non_upper_case_globals,
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_labels,
    dead_code,
    unreachable_code,
    unused_imports,
    unused_comparisons,
    invalid_nan_comparisons,
    clippy::all
)]
#![recursion_limit = \"1024\"]";

const PRELUDE: &str = "use rt::error::{OrThrow, SourcePos};
use rt::java::arith;
use rt::java::format::Arg;
use rt::java::Random;
use rt::somd::{Elements, Geo, Task};
use rt::value::{Array, DeepCopy, Freeze, Obj, Slot, Str, Thaw, VArr, Val};
use somd_runtime as rt;";

impl<'a, W: Write> Writer<'a, W> {
    pub fn new(out: W, module: &'a Module, sources: &'a SourceMap, version: &'a str) -> Self {
        let kernels = crate::opencl::ClOptions::default();
        Writer { out, module, sources, version, names: Names::new(module), kernels }
    }

    /// The options the kernels are written with (`--unchecked`, `--fast-math`).
    pub fn with_kernels(mut self, kernels: crate::opencl::ClOptions) -> Self {
        self.kernels = kernels;
        self
    }

    pub fn write(mut self) -> Result<W, EmitError> {
        let files = if self.module.files.is_empty() {
            self.sources.files().map(|(_, f)| f.name.clone()).collect::<Vec<_>>().join(", ")
        } else {
            self.module.files.join(", ")
        };
        writeln!(self.out, "//! Generated by somdc {} from {}. Do not edit.", self.version, files)?;
        writeln!(self.out)?;
        writeln!(self.out, "{ALLOWS}")?;
        writeln!(self.out)?;
        writeln!(self.out, "{PRELUDE}")?;
        self.write_classes()?;
        let glue = super::device::glue_with(self.module, self.sources, &self.kernels);
        // Every class but the main one is initialized at its first use.
        for class in somd_mir::init_order::first_use_classes(self.module) {
            let init = self.module.static_init.iter().find(|f| {
                self.module.functions.get(f.0 as usize).is_some_and(|g| g.class == class)
            });
            if let Some(init) = init {
                self.names.first_use.insert(class, self.names.functions[init.0 as usize].clone());
            }
        }
        self.write_statics()?;
        let mut positions = Positions::default();
        let mut bodies = String::new();
        let applied = somd_mir::analysis::walk::applied_functions(self.module);
        let marking = super::helper_marks::marking_helpers(self.module);
        for idx in 0..self.module.functions.len() {
            let fid = somd_mir::FuncId(idx as u32);
            let mut cx =
                FnCx::new(self.module, self.sources, &self.names, fid, &mut positions, &marking)?;
            cx.device = Some(&glue);
            cx.ticks = applied.contains(&fid) && {
                let func = self.module.function(fid);
                somd_mir::analysis::walk::holds_loop(self.module, func, &func.body)
            };
            bodies.push('\n');
            cx.write_function(&mut bodies)?;
            cx.write_combine_elem(&mut bodies)?;
            if cx.func.somd.is_some() {
                let device = glue.calls.get(&fid).map(|call| (&glue, call));
                bodies.push('\n');
                cx.write_somd_wrapper(&mut bodies, device)?;
            }
        }
        self.out.write_str(&bodies)?;
        let any_device = !glue.calls.is_empty()
            || !glue.maps.is_empty()
            || !glue.reduces.is_empty()
            || !glue.folds.is_empty()
            || !glue.array_reduces.is_empty()
            || !glue.tasks.is_empty();
        if any_device {
            let mut statics = String::new();
            let file = self.module.files.first().cloned().unwrap_or_else(|| "program".into());
            super::device::write_program_statics(&mut statics, &glue, &file)?;
            let mut calls: Vec<_> = glue.calls.iter().collect();
            calls.sort_by_key(|(fid, _)| fid.0);
            for (fid, call) in calls {
                let fn_name = &self.names.functions[fid.0 as usize];
                super::device::write_kernel_desc(
                    &mut statics,
                    &glue,
                    call,
                    self.module,
                    *fid,
                    fn_name,
                )?;
            }
            let mut maps: Vec<_> = glue.maps.iter().collect();
            maps.sort_by_key(|((f, e), _)| (f.0, e.0));
            for ((f, e), call) in maps {
                let name = format!("K_MAP_{}_{}", f.0, e.0);
                super::device::write_map_desc(&mut statics, &glue, call, &name)?;
            }
            let mut reduces: Vec<_> = glue.reduces.iter().collect();
            reduces.sort_by_key(|((f, e), _)| (f.0, e.0));
            for ((f, e), call) in reduces {
                let name = format!("K_RED_{}_{}", f.0, e.0);
                super::device::write_map_desc(&mut statics, &glue, call, &name)?;
            }
            for f in &glue.fused {
                super::device::write_fused_desc(&mut statics, &glue, f)?;
            }
            for f in &glue.map_fusions {
                if let Some(call) = &f.call {
                    super::device::write_map_desc(&mut statics, &glue, call, &f.desc)?;
                }
            }
            let mut tasks: Vec<_> = glue.tasks.iter().collect();
            tasks.sort_by_key(|((f, e), _)| (f.0, e.0));
            for ((f, e), call) in tasks {
                let name = format!("K_TASK_{}_{}", f.0, e.0);
                super::device::write_map_desc(&mut statics, &glue, call, &name)?;
            }
            let mut folds: Vec<_> = glue.folds.iter().collect();
            folds.sort_by_key(|((f, e), _)| (f.0, e.0));
            for ((f, e), call) in folds {
                let name = format!("K_FOLD_{}_{}", f.0, e.0);
                super::device::write_map_desc(&mut statics, &glue, call, &name)?;
            }
            self.out.write_str(&statics)?;
        }
        let device_statics = if any_device { &glue.kernels.statics[..] } else { &[] };
        self.write_statics_provider(device_statics)?;
        self.write_main(any_device, !device_statics.is_empty())?;
        if !positions.list.is_empty() {
            writeln!(self.out)?;
            writeln!(self.out, "// Source positions of the sites that can throw.")?;
        }
        for (idx, (file, line, col)) in positions.list.iter().enumerate() {
            writeln!(
                self.out,
                "static POS_{idx}: SourcePos = SourcePos::new({file:?}, {line}, {col});"
            )?;
        }
        Ok(self.out)
    }

    /// Whether value class `start` contains itself through value-class fields (it could not
    /// be stored inline).
    fn value_cycle(&self, start: usize) -> bool {
        let mut stack = vec![start];
        let mut seen = vec![false; self.module.classes.len()];
        while let Some(c) = stack.pop() {
            for field in self.module.classes.get(c).map_or(&[][..], |c| &c.fields[..]) {
                if let somd_mir::Type::Object(id) = field.ty {
                    let id = id.0 as usize;
                    if id == start {
                        return true;
                    }
                    let is_value = self.module.classes.get(id).is_some_and(|c| c.is_value);
                    if is_value && !seen[id] {
                        seen[id] = true;
                        stack.push(id);
                    }
                }
            }
        }
        false
    }

    fn write_classes(&mut self) -> Result<(), EmitError> {
        for (idx, class) in self.module.classes.iter().enumerate() {
            if class.is_value && self.value_cycle(idx) {
                return Err(EmitError::Unsupported(format!(
                    "value class {} that contains itself (value-class instances are stored inline)",
                    class.name
                )));
            }
            let name = &self.names.classes[idx];
            writeln!(self.out)?;
            if class.is_value {
                writeln!(self.out, "/// Value class `{}`.", class.name)?;
                writeln!(self.out, "#[derive(Clone, Default, PartialEq)]")?;
            } else {
                writeln!(self.out, "/// Class `{}`.", class.name)?;
                writeln!(self.out, "#[derive(Default)]")?;
            }
            if class.fields.is_empty() {
                writeln!(self.out, "struct {name} {{}}")?;
                continue;
            }
            writeln!(self.out, "struct {name} {{")?;
            let fnames = super::expr::field_names(class.fields.iter().map(|f| f.name.as_str()));
            for (field, fname) in class.fields.iter().zip(fnames) {
                let ty = rust_type(self.module, &self.names.classes, &field.ty)?;
                if class.is_value {
                    writeln!(self.out, "    {fname}: {ty},")?;
                } else {
                    writeln!(self.out, "    {fname}: Slot<{ty}>,")?;
                }
            }
            writeln!(self.out, "}}")?;
        }
        Ok(())
    }

    fn write_statics(&mut self) -> Result<(), EmitError> {
        if !self.module.statics.is_empty() {
            writeln!(self.out)?;
        }
        for (idx, field) in self.module.statics.iter().enumerate() {
            let ty = rust_type(self.module, &self.names.classes, &field.ty)?;
            let init = match &field.constant {
                Some(c) if !matches!(c, somd_mir::Const::Str(_) | somd_mir::Const::Null) => {
                    super::types::constant(c)
                }
                _ => const_default(self.module, &self.names.classes, &field.ty)?,
            };
            let class = self.module.classes.get(field.class.0 as usize).map_or("", |c| &c.name);
            writeln!(self.out, "/// `{class}.{}`.", field.name)?;
            writeln!(
                self.out,
                "static {}: Slot<{ty}> = Slot::new({init});",
                self.names.statics[idx]
            )?;
        }
        let mut first_use: Vec<_> = self.names.first_use.keys().copied().collect();
        first_use.sort();
        for class in first_use {
            let name = self.module.classes.get(class.0 as usize).map_or("", |c| &c.name);
            writeln!(self.out, "/// `{name}`'s static initialization, at its first use.")?;
            writeln!(
                self.out,
                "static {}: rt::init::ClassInit = rt::init::ClassInit::new();",
                self.names.inits[class.0 as usize]
            )?;
        }
        Ok(())
    }

    /// `fn main`: with device kernels it first starts the device (`rt::opencl::prewarm`) so
    /// that the driver's start-up overlaps the program's own work before its first device
    /// call.
    /// `fn somd_statics`, which lists the static fields kernels read in the order of the
    /// program's statics buffer (`rt::device::statics`), when there are any.
    fn write_statics_provider(&mut self, fields: &[somd_mir::StaticId]) -> Result<(), EmitError> {
        if fields.is_empty() {
            return Ok(());
        }
        writeln!(self.out)?;
        writeln!(
            self.out,
            "/// The static fields the kernels read, in the order of their statics buffer."
        )?;
        writeln!(self.out, "fn somd_statics(w: &mut rt::device::statics::StaticsWriter) {{")?;
        for s in fields {
            let field = self
                .module
                .statics
                .get(s.0 as usize)
                .ok_or_else(|| EmitError::Internal("device static out of range".into()))?;
            let name = &self.names.statics[s.0 as usize];
            match field.ty {
                somd_mir::Type::Prim(_) | somd_mir::Type::Object(_) => {
                    writeln!(self.out, "    w.scalar(&{name}.get());")?
                }
                _ => writeln!(self.out, "    w.array({name}.get_ref());")?,
            }
        }
        writeln!(self.out, "}}")?;
        Ok(())
    }

    /// `with_statics`: the kernels read static fields, listed by `somd_statics`, which is
    /// registered before the static initialisers run; once they have, the fields' values are
    /// final and the runtime keeps one device copy of them.
    fn write_main(&mut self, any_device: bool, with_statics: bool) -> Result<(), EmitError> {
        let main = self
            .module
            .main
            .ok_or_else(|| EmitError::Unsupported("a program without `main`".to_string()))?;
        let main_fn = &self.module.functions[main.0 as usize];
        if main_fn.kind != FuncKind::Static {
            return Err(EmitError::Internal("`main` is not static".to_string()));
        }
        writeln!(self.out)?;
        // The system allocator, with large blocks (arrays) advised to use transparent huge
        // pages: their first touch faults far less (runtime/src/alloc.rs).
        writeln!(self.out, "#[global_allocator]")?;
        writeln!(self.out, "static SOMD_ALLOC: rt::alloc::SomdAlloc = rt::alloc::SomdAlloc;")?;
        writeln!(self.out)?;
        writeln!(self.out, "fn main() {{")?;
        if any_device {
            // The names a placement file's rules may give (a rule naming none is reported):
            // methods, and the operator `!`s of each method as `SOMD_TRACE` names them.
            let mut methods: Vec<String> = self
                .module
                .functions
                .iter()
                .filter(|f| matches!(f.kind, FuncKind::Static | FuncKind::Instance))
                .map(|f| format!("{:?}", f.name))
                .collect();
            for f in &self.module.functions {
                for e in &f.exprs {
                    if let somd_mir::ExprKind::ReduceArray {
                        reducer: somd_mir::ArrayReducer::Op(op),
                        ..
                    } = &e.kind
                    {
                        methods.push(format!("{:?}", format!("{} ! in {}", op.symbol(), f.name)));
                    }
                }
            }
            methods.sort();
            methods.dedup();
            writeln!(
                self.out,
                "    rt::opencl::policy::known_methods(&[{}]);",
                methods.join(", ")
            )?;
            writeln!(self.out, "    rt::opencl::prewarm(&CL_PROGRAM);")?;
        }
        if with_statics {
            writeln!(self.out, "    rt::device::statics::provide(somd_statics);")?;
        }
        writeln!(self.out, "    rt::print::run_main(|| {{")?;
        for init in &self.module.static_init {
            let class = self.module.functions.get(init.0 as usize).map(|f| f.class);
            if class.is_some_and(|c| self.names.first_use.contains_key(&c)) {
                continue;
            }
            writeln!(self.out, "        {}();", self.names.functions[init.0 as usize])?;
        }
        if with_statics {
            writeln!(self.out, "        rt::device::statics::ready();")?;
        }
        let args = if main_fn.params.is_empty() { "" } else { "&rt::value::main_args()" };
        writeln!(self.out, "        {}({args});", self.names.functions[main.0 as usize])?;
        writeln!(self.out, "    }});")?;
        writeln!(self.out, "}}")?;
        Ok(())
    }
}
