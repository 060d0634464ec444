//! Device glue: which SOMD calls the generated host code can send to an OpenCL device, and
//! the Rust text that does it (design: `docs/notes/device-execution.md`).
//!
//! [`glue`] runs the analysis (`somd_mir::analysis::analyze`) and the OpenCL C writer
//! (`crate::opencl::write_kernels`) and keeps, per SOMD method, the manifest of its kernel
//! when the host side can run it. The writer then emits
//! - once per program: `static CL_PROGRAM: rt::opencl::ProgramCell` over the whole kernel
//!   body (a raw string, so a copied binary needs no file) and `static CL_SITES`, the
//!   kernels' failure sites in the writer's site-id order;
//! - per device-capable SOMD method: `static K_<fn>: rt::device::KernelDesc` (the manifest
//!   as data) and, at the top of `<fn>_somd`, a call to `rt::device::run` whose result is
//!   returned (an output array, or the reduction partials combined exactly as the CPU path
//!   combines its MIs' partials); `None` means "run the CPU path below".
//!
//! A SOMD method with a `sync` body gets one `K_<fn>_<k>` per kernel, a `static S_<fn>:
//! rt::device::SyncDesc` listing them, and a prologue that runs the body's host loops as
//! Rust (Java `int` arithmetic) around `SyncCall::launch` calls, then `finish` (note
//! `device-execution`, "Sync loops").
//!
//! The same glue serves `@` (`rt::device::run_map`, and `run_map_chain` for a map whose
//! first argument is another map: the intermediate array stays on the device), fused
//! `op ! (C @ f(..))` (partials per work-group), `op ! a` through the runtime's
//! `somd_reduce` (`rt::device::reduce_array`) and `C.m ! a` folds (`rt::device::run_fold`).
//!
//! What the host side does not run yet stays on the CPU, with the reason kept in
//! [`Glue::host_notes`] (printed by `somdc explain`): filter tasks, instance SOMD methods
//! other than those whose receiver's read fields become kernel arguments (`Glue::lifted`),
//! value classes without a device layout (value classes with a device layout cross as
//! their kernel `typedef struct`s: `DevStruct` in arrays (also the elements and partials of
//! a `C.m ! a` fold), `HostArg::Struct` for a scalar `@` argument or SOMD method parameter,
//! where `null` runs the CPU path), mapped rows of mutable 2-D arrays, and result shapes
//! other than "assembled output" / "reduced accumulator" / none. 3-D arrays of primitives
//! (`T[][][]` and `T[[]][[]][[]]`) cross flattened as SOMD method parameters and `@`
//! arguments, broadcast or mapped (each work-item a plane).

use super::EmitError;
use crate::opencl::{
    self, Access, ArgKind, ArgSource, ClOptions, KernelManifest, KernelSet, SizeRule,
};
use somd_diag::SourceMap;
use somd_mir::analysis::{self, KernelKind, SizeExpr, SomdBody, SomdResult, SomdShape, Subject};
use somd_mir::analysis::{instance::StaticSize, lazy::LazyLocal, walk, SyncReturn, SyncStep};
use somd_mir::{FuncId, FuncKind, LocalId, Module, Reduction, SomdSig, Type};
use somd_syntax::ast::{PrimType, ReduceOp};
use std::collections::HashMap;
use std::fmt::Write;

/// What the program sends to devices.
#[derive(Clone, Debug, Default)]
pub struct Glue {
    /// The OpenCL writer's output (empty when it failed: everything runs on the CPU).
    pub kernels: KernelSet,
    /// Per SOMD method that the host can place on a device: its kernel.
    pub calls: HashMap<FuncId, DeviceCall>,
    /// Per `@` (function, expression) that the host can place on a device.
    pub maps: HashMap<(FuncId, somd_mir::ExprId), MapCall>,
    /// Per `op ! (C @ f(..))` (function, `!` expression) fused into one device kernel.
    pub reduces: HashMap<(FuncId, somd_mir::ExprId), MapCall>,
    /// Per `C.m ! a` (function, `!` expression) run by a fold kernel.
    pub folds: HashMap<(FuncId, somd_mir::ExprId), MapCall>,
    /// Per `op ! array` (function, `!` expression) run by the runtime's device reduction:
    /// its placement label.
    pub array_reduces: HashMap<(FuncId, somd_mir::ExprId), String>,
    /// Per isolated filter task (function, `task` expression) whose batches can run on a
    /// device.
    pub tasks: HashMap<(FuncId, somd_mir::ExprId), MapCall>,
    /// Eligible constructs that still run on the CPU, with why (`label`, reason).
    pub host_notes: Vec<(String, String)>,
    /// The placements among them (SOMD methods, `@`, `!`, filter tasks) by their span, with
    /// why: `somdc explain` reports them as running on the CPU, and no warning speaks of
    /// their device call.
    pub refused: Vec<(somd_diag::Span, String)>,
    /// Per `@` or `!` (function, expression) that always runs on the CPU, not eligible for
    /// a device (the analyses' verdict or the glue's): its placement label, under which the
    /// trace shows its placement and time (`rt::somd::cpu_only`).
    pub cpu_sites: HashMap<(FuncId, somd_mir::ExprId), String>,
    /// The OpenCL writer failed (an internal error; the program runs on the CPU).
    pub writer_error: Option<String>,
    /// The value classes with a device layout, with their Rust struct names: each gets an
    /// `impl rt::device::DevStruct` packing it as its kernel `typedef struct`.
    pub structs: Vec<(opencl::StructLayout, String)>,
    /// Runs of host statements fused into one kernel (`analysis::fuse`), each with its
    /// `KernelDesc` static `K_FUSE_<func>_<k>`.
    pub fused: Vec<FusedGlue>,
    /// `@`s computed inline by the `@` that consumes their result (`analysis::mapfuse`),
    /// each with its `KernelDesc` static `K_MAPFUSE_<func>_<k>`.
    pub map_fusions: Vec<MapFusionGlue>,
    /// Instance SOMD methods analysed as static ones with the receiver's read fields as
    /// trailing parameters (`analysis::instance`): the wrapper passes those fields' values
    /// after the call's arguments, and the field arrays the body writes come back into the
    /// receiver's arrays (`rt::device::run_updating`, `SyncCall::begin_updating`).
    pub lifted: analysis::instance::Lifted,
    /// Host loops that keep unchanged mutable arrays on the device across their calls
    /// (`analysis::keep`): the host writer opens `rt::device::keep` around each.
    pub kept: Vec<somd_mir::analysis::keep::KeptLoop>,
    /// Straight-line statements that keep unchanged mutable arrays on the device across
    /// their calls (`analysis::keep`): the host writer opens `rt::device::keep` before the
    /// first and closes it after the last.
    pub kept_regions: Vec<somd_mir::analysis::keep::KeptRegion>,
    /// Host loops that leave a matrix on the device between their calls
    /// (`analysis::rows`): the host writer opens `rt::device::rows` around each and
    /// fetches the rows with `rt::device::row`.
    pub rows: Vec<somd_mir::analysis::rows::RowLoop>,
    /// Locals whose `@` results stay on the device until the host reads them
    /// (`analysis::lazy`): the host writer holds them as `rt::device::Lazy`.
    pub lazy: Vec<somd_mir::analysis::lazy::LazyLocal>,
    /// The parameters (callee, position) of SOMD methods that a mutable lazy local is
    /// handed to: their wrappers take `rt::device::LazyArr`s.
    pub lazy_array_params: std::collections::HashSet<(FuncId, usize)>,
    /// SOMD methods whose result a caller leaves on the device (a mutable lazy local's
    /// value): their wrappers' device paths run `rt::device::run_leaving`.
    pub leaving: std::collections::HashSet<FuncId>,
    /// SOMD calls of host functions whose result is handed straight to a read-only
    /// parameter of another SOMD call (`r = sub(b, matvec(a, x))`): the result stays on the
    /// device as a temporary `LazyArr`.
    pub inline_left: std::collections::HashSet<(FuncId, somd_mir::ExprId)>,
    /// `Somd.thaw(v)` of a lazy local of `@` results handed to a SOMD method whose wrapper
    /// takes `LazyArr`s there: the thawed copy shares the device copy (`Lazy::thaw_lazy`).
    pub thaws: std::collections::HashSet<(FuncId, somd_mir::ExprId)>,
    /// Swaps (or rotations) of such locals (`T[] t = a; a = b; b = t;`): the host writer
    /// exchanges the handles, device copies and all.
    pub swaps: Vec<(FuncId, somd_mir::analysis::keep::Swap)>,
}

/// Records the `@` or `!` `subject`, which runs on the CPU alone, in [`Glue::cpu_sites`]
/// under the label its device path would have: the target's name for a `@`, `op ! in
/// Class.method` for an operator `!`, the combining method's name for a `C.m !` fold.
fn note_cpu_site(glue: &mut Glue, module: &Module, subject: &Subject) {
    let (Subject::Map { in_func, expr } | Subject::Reduce { in_func, expr }) = subject else {
        return;
    };
    let func = module.function(*in_func);
    let label = match &func.expr(*expr).kind {
        somd_mir::ExprKind::Map { func: target, .. } => module.function(*target).name.clone(),
        somd_mir::ExprKind::ReduceArray { reducer: somd_mir::ArrayReducer::Op(op), .. } => {
            format!("{} ! in {}", op.symbol(), func.name)
        }
        somd_mir::ExprKind::ReduceArray { reducer: somd_mir::ArrayReducer::Func(f), .. } => {
            module.function(*f).name.clone()
        }
        _ => return,
    };
    glue.cpu_sites.insert((*in_func, *expr), label);
}

/// One run of fused statements the host can launch.
#[derive(Clone, Debug)]
pub struct FusedGlue {
    pub in_func: FuncId,
    /// The producer `@`, whose own glue (`Glue::maps`) gives its result type.
    pub producer: Option<somd_mir::ExprId>,
    /// The `!`s, in order, with the element type of their partials.
    pub reductions: Vec<(somd_mir::ExprId, PrimType)>,
    /// Index into `Glue::kernels.kernels`.
    pub manifest: usize,
    /// The placement label (the first statement's function).
    pub label: String,
    /// The `KernelDesc` static.
    pub desc: String,
    /// The same kernel computing the producer's mapped argument `slot` inline, when the
    /// producer `@` consumes the result of a fused `@` (`analysis::mapfuse`): that `@`,
    /// `slot`, the manifest and the `KernelDesc` static.
    pub inline: Option<(somd_mir::ExprId, usize, usize, String)>,
}

/// A producer `@` and the `@` consuming its result, run as one kernel when both are placed
/// on the same device (`analysis::mapfuse`); each keeps its own glue as the fallback.
#[derive(Clone, Debug)]
pub struct MapFusionGlue {
    pub in_func: FuncId,
    pub producer: somd_mir::ExprId,
    pub consumer: somd_mir::ExprId,
    /// The producer's result among the consumer's arguments.
    pub slot: usize,
    /// The fused kernel (its result is the consumer's); `None` when the consumer is the
    /// producer of fused statements, whose glue (`FusedGlue::inline`) has the kernel.
    pub call: Option<MapCall>,
    /// The `KernelDesc` static.
    pub desc: String,
}

/// One device-capable SOMD method.
#[derive(Clone, Debug)]
pub struct DeviceCall {
    /// Index into `Glue::kernels.kernels` (for a `sync` body: its last kernel, whose
    /// partials or outputs the wrapper reads).
    pub manifest: usize,
    /// The kernel's body; `result` is the method's.
    pub body: SomdBody,
    /// A `sync` body: every kernel and the host program that launches them.
    pub sync: Option<SyncGlue>,
    /// A histogram body (`rt::device::run_histogram`; `body` then only describes its loop).
    pub histogram: Option<analysis::HistogramBody>,
}

/// The host side of a `sync` body (`rt::device::SyncCall`).
#[derive(Clone, Debug)]
pub struct SyncGlue {
    /// Per launch of `body.launches`, then per intermediate reduction of
    /// `body.intermediates`: its manifest (index into `Glue::kernels.kernels`) and kernel
    /// body.
    pub kernels: Vec<(usize, SomdBody)>,
    pub body: somd_mir::analysis::SyncBody,
}

/// One device-capable `@`.
#[derive(Clone, Debug)]
pub struct MapCall {
    /// Index into `Glue::kernels.kernels`.
    pub manifest: usize,
    /// The element type of the result (of the partials for a fused `!`).
    pub elem: PrimType,
    /// A value-class result of a `@` or task, or the value-class elements (and partials) of a
    /// `C.m ! a` fold: its Rust struct name and device size (then `elem` is unused).
    pub result_struct: Option<(String, usize)>,
    /// Rows of `N` elements of type `elem` (`T[[N]]` results the kernel stores as
    /// vectors): the result is a `VArr<VArr<T>>`.
    pub result_rows: Option<u32>,
    /// `Class.method` of the target.
    pub label: String,
}

impl Glue {
    /// The `KernelDesc` static of the `@` at `expr` of `func`, and the call of
    /// `rt::device::DeviceResult` that makes its result (`result::<T>()`), when it has a
    /// device path.
    pub fn map_desc(&self, func: FuncId, expr: somd_mir::ExprId) -> Option<(String, String)> {
        self.maps.get(&(func, expr)).map(|m| {
            let result = match (&m.result_struct, m.result_rows) {
                (Some((name, _)), _) => format!("result::<Val<{name}>>()"),
                (None, Some(n)) => format!("result_rows::<{}>({n})", rust_prim(m.elem)),
                (None, None) => format!("result::<{}>()", rust_prim(m.elem)),
            };
            (format!("K_MAP_{}_{}", func.0, expr.0), result)
        })
    }

    /// The lazy local `local` of `func` (`analysis::lazy`), if it is one.
    pub fn lazy_local(&self, func: FuncId, local: LocalId) -> Option<&LazyLocal> {
        self.lazy.iter().find(|l| l.func == func && l.local == local)
    }

    /// Whether parameter `i` of SOMD method `callee` is a value array its wrapper takes as
    /// an `rt::device::Lazy` (the method has a device path, and the parameter is a 1-D value
    /// array): a lazy local crosses to the call as it is, and its buffer stays on the
    /// device when the call runs there (`analysis::lazy`).
    pub fn lazy_param(&self, module: &Module, callee: FuncId, i: usize) -> bool {
        if self.lazy_array_params.contains(&(callee, i)) {
            return true;
        }
        self.calls.contains_key(&callee)
            && module.functions.get(callee.0 as usize).is_some_and(|f| {
                f.params
                    .get(i)
                    .is_some_and(|p| analysis::lazy::is_flat_value_array(module, &f.local(*p).ty))
            })
    }

    /// Whether the device path of SOMD method `callee` may leave its result on the device
    /// (`rt::device::run_leaving`, `SyncCall::finish_leaving`): one launch returning a 1-D
    /// or 2-D output, a `sync` body returning one or a parameter it updates, or a segmented
    /// sum whose partials a class combines (`rt::device::run_segmented`); no other
    /// histogram, no receiver field written.
    pub fn leaves(&self, module: &Module, callee: FuncId) -> bool {
        // A segmented sum's one table passes through a class's `combine` untouched (one
        // partial), and `run_segmented` can leave it on the device.
        let segmented = |call: &DeviceCall| {
            call.histogram.as_ref().is_some_and(|h| h.segmented_by.is_some())
                && matches!(
                    module.function(callee).somd.as_ref().map(|s| &s.reduction),
                    Some(somd_mir::Reduction::Combine(_))
                )
        };
        self.calls.get(&callee).is_some_and(|call| {
            (segmented(call)
                || call.histogram.is_none()
                    && match (&call.sync, call.body.result) {
                        (None, SomdResult::Output(_)) => true,
                        (Some(sync), SomdResult::Output(_) | SomdResult::Param(_)) => {
                            sync.body.host_result.is_none()
                        }
                        _ => false,
                    })
                && !self.lifted.written.contains_key(&callee)
                && matches!(&module.function(callee).ret, Type::Array(e)
                    if matches!(**e, Type::Prim(_))
                        || matches!(&**e, Type::Array(p) if matches!(**p, Type::Prim(_))))
        })
    }

    /// Whether the `@` at `expr` of `func` gives its result to a lazy local.
    pub fn lazy_map(&self, func: FuncId, expr: somd_mir::ExprId) -> bool {
        self.lazy.iter().any(|l| l.func == func && l.maps.contains(&expr))
            || self.inline_left.contains(&(func, expr))
    }

    /// The `KernelDesc` static of the filter task at `expr` of `func`, when its batches
    /// have a device path.
    pub fn task_desc(&self, func: FuncId, expr: somd_mir::ExprId) -> Option<String> {
        self.tasks.get(&(func, expr)).map(|_| format!("K_TASK_{}_{}", func.0, expr.0))
    }

    /// The placement label of the `@` or `!` at `expr` of `func` when it runs on the CPU
    /// alone ([`Glue::cpu_sites`]).
    pub fn cpu_site(&self, func: FuncId, expr: somd_mir::ExprId) -> Option<&str> {
        self.cpu_sites.get(&(func, expr)).map(String::as_str)
    }

    /// The placement label of the `op ! array` at `expr` when the runtime's device
    /// reduction runs it.
    pub fn array_reduce_label(&self, func: FuncId, expr: somd_mir::ExprId) -> Option<&str> {
        self.array_reduces.get(&(func, expr)).map(String::as_str)
    }

    /// The same for the `C.m ! a` fold at `expr`, with the Rust type of its partials (the
    /// element type: a primitive, or `Val<S>` for a value class with a device layout).
    pub fn fold_desc(&self, func: FuncId, expr: somd_mir::ExprId) -> Option<(String, String)> {
        self.folds.get(&(func, expr)).map(|m| {
            let ty = match &m.result_struct {
                Some((name, _)) => format!("Val<{name}>"),
                None => rust_prim(m.elem).to_string(),
            };
            (format!("K_FOLD_{}_{}", func.0, expr.0), ty)
        })
    }

    /// The same for the fused `op ! (C @ f(..))` at `expr`.
    pub fn reduce_desc(
        &self,
        func: FuncId,
        expr: somd_mir::ExprId,
    ) -> Option<(String, &'static str)> {
        self.reduces
            .get(&(func, expr))
            .map(|m| (format!("K_RED_{}_{}", func.0, expr.0), rust_prim(m.elem)))
    }
}

/// Analyses `module` and writes its kernels (checked, exact: no `--unchecked` or
/// `--fast-math`).
pub fn glue(module: &Module, sources: &SourceMap) -> Glue {
    glue_with(module, sources, &ClOptions::default())
}

/// [`glue`] with the kernels written with `kernels`' options.
pub fn glue_with(module: &Module, sources: &SourceMap, kernels: &ClOptions) -> Glue {
    // Kernels are written from the module whose liftable instance SOMD methods are static;
    // ids are the same in both.
    let (lifted, info) = analysis::analyze_for_device(module);
    let module = lifted.as_ref().map_or(module, |(m, _)| m);
    let mut glue = Glue {
        lifted: lifted.as_ref().map(|(_, l)| l.clone()).unwrap_or_default(),
        ..Glue::default()
    };
    match opencl::write_kernels(module, &info, sources, kernels) {
        Ok(set) => glue.kernels = set,
        Err(err) => {
            glue.writer_error = Some(err.to_string());
            return glue;
        }
    }
    glue.structs = glue_structs(module, &glue.kernels);
    glue.kept = info.kept.clone();
    glue.kept_regions = info.kept_regions.clone();
    glue.rows = info.rows.clone();
    for placement in &info.placements {
        let Ok(plan) = &placement.device else {
            note_cpu_site(&mut glue, module, &placement.subject);
            continue;
        };
        // A `!` of a `@` folded inside a kernel has no host launch of its own, nor has a `!`
        // of an array folded there, but one the runtime's device reduction runs: where its
        // function is called from host code, the `!` is a device call there, as in `main`,
        // and inside a CPU run the runtime folds it on the thread.
        if let Subject::Map { in_func, expr } | Subject::Reduce { in_func, expr } =
            &placement.subject
        {
            let host_reduce =
                || somd_mir::analysis::nested::reduces_on_device(module.function(*in_func), *expr);
            if info.nested.contains(&(*in_func, *expr))
                || (info.array_folds.contains(&(*in_func, *expr)) && !host_reduce())
            {
                continue;
            }
        }
        let verdict = match &placement.subject {
            Subject::SomdMethod(fid) => {
                match somd_call(module, &glue.kernels, &glue.structs, &info, *fid, plan) {
                    Ok(call) if exchanges_written_field(module, &glue.lifted, *fid, &call) => {
                        Err("an instance SOMD method whose `sync` body exchanges the buffer of a \
                         field array it writes runs on the CPU (after an exchange the buffer \
                         need not hold the field's elements)")
                    }
                    other => other,
                }
            }
            // A `@` fused into its `!` is reported with the `!`.
            Subject::Map { .. } if plan.kernels.is_empty() => continue,
            Subject::Map { in_func, expr } => {
                match map_call(module, &glue.kernels, &glue.structs, &info, plan) {
                    Ok(call) => {
                        glue.maps.insert((*in_func, *expr), call);
                        continue;
                    }
                    Err(why) => Err(why),
                }
            }
            Subject::Reduce { in_func, expr } if plan.kernels.is_empty() => {
                let func = module.function(*in_func);
                if let somd_mir::ExprKind::ReduceArray {
                    reducer: somd_mir::ArrayReducer::Op(op),
                    array,
                } = &func.expr(*expr).kind
                {
                    let elem = match &func.expr(*array).ty {
                        Type::Array(e) | Type::ValueArray(e, _) => prim_of(e),
                        _ => None,
                    };
                    if elem.is_some_and(|e| {
                        somd_mir::analysis::nested::device_reduce_supported(*op, e)
                    }) {
                        let label = format!("{} ! in {}", op.symbol(), func.name);
                        glue.array_reduces.insert((*in_func, *expr), label);
                        continue;
                    }
                }
                Err("`op ! array` runs on the CPU: the host glue for the runtime's device \
                     reduction is not written yet")
            }
            Subject::Reduce { in_func, expr } => {
                match map_call(module, &glue.kernels, &glue.structs, &info, plan) {
                    Ok(call) => {
                        let is_fold = plan
                            .kernels
                            .first()
                            .and_then(|k| info.kernels.get(*k))
                            .is_some_and(|k| matches!(k.kind, KernelKind::FoldFunc { .. }));
                        let table = if is_fold { &mut glue.folds } else { &mut glue.reduces };
                        table.insert((*in_func, *expr), call);
                        continue;
                    }
                    Err(why) => Err(why),
                }
            }
            Subject::Task { in_func, expr } => {
                match map_call(module, &glue.kernels, &glue.structs, &info, plan) {
                    Ok(call) => {
                        glue.tasks.insert((*in_func, *expr), call);
                        continue;
                    }
                    Err(why) => Err(why),
                }
            }
        };
        match (verdict, &placement.subject) {
            (Ok(call), Subject::SomdMethod(fid)) => {
                glue.calls.insert(*fid, call);
            }
            (Err(why), subject) => {
                glue.host_notes.push((placement.label.clone(), why.to_string()));
                glue.refused.push((placement.span, why.to_string()));
                note_cpu_site(&mut glue, module, subject);
            }
            (Ok(_), _) => {}
        }
    }
    // Fused statements: every member has host glue of its own (its fallback).
    for (i, g) in info.fused.iter().enumerate() {
        let members_ok = g.producer.is_none_or(|e| glue.maps.contains_key(&(g.in_func, e)))
            && g.reductions.iter().all(|e| glue.reduces.contains_key(&(g.in_func, *e)));
        let kplan = &info.kernels[g.kernel];
        let manifest = glue.kernels.kernels.iter().position(|m| m.name == kplan.name);
        let KernelKind::FusedMapReduce { reductions, .. } = &kplan.kind else { continue };
        match (members_ok, manifest) {
            (true, Some(manifest)) => glue.fused.push(FusedGlue {
                inline: info
                    .map_fusions
                    .iter()
                    .filter(|f| {
                        f.group == Some(i) && glue.maps.contains_key(&(f.in_func, f.producer))
                    })
                    .find_map(|f| {
                        let name = &info.kernels[f.kernel].name;
                        let m = glue.kernels.kernels.iter().position(|m| &m.name == name)?;
                        Some((f.producer, f.slot, m, format!("K_FUSE_{}_{i}_INLINE", g.in_func.0)))
                    }),
                in_func: g.in_func,
                producer: g.producer,
                reductions: g
                    .reductions
                    .iter()
                    .copied()
                    .zip(reductions.iter().map(|r| r.2))
                    .collect(),
                manifest,
                label: module.function(kplan.func).name.clone(),
                desc: format!("K_FUSE_{}_{i}", g.in_func.0),
            }),
            _ => glue.host_notes.push((
                format!("fused statements {}", kplan.name),
                "run one by one: a statement of the run has no device glue of its own".into(),
            )),
        }
    }
    // Fused `@` pairs: both `@`s have host glue of their own (the fallback).
    for (i, f) in info.map_fusions.iter().enumerate() {
        let members_ok = glue.maps.contains_key(&(f.in_func, f.producer))
            && glue.maps.contains_key(&(f.in_func, f.consumer));
        let plan = analysis::DevicePlan {
            kernels: vec![f.kernel],
            how: String::new(),
            needs_fp64: false,
            warnings: Vec::new(),
        };
        let label = format!("fused `@` {}", info.kernels[f.kernel].name);
        let call = match f.group {
            // The fused statements' glue has the kernel (`FusedGlue::inline`).
            Some(_) => Ok(None),
            None => map_call(module, &glue.kernels, &glue.structs, &info, &plan).map(Some),
        };
        match (members_ok, call) {
            (true, Ok(call)) => glue.map_fusions.push(MapFusionGlue {
                in_func: f.in_func,
                producer: f.producer,
                consumer: f.consumer,
                slot: f.slot,
                call,
                desc: format!("K_MAPFUSE_{}_{i}", f.in_func.0),
            }),
            (false, _) => glue.host_notes.push((
                label,
                "the two `@`s run one by one: one of them has no device glue of its own".into(),
            )),
            (true, Err(why)) => {
                glue.host_notes.push((label, format!("the two `@`s run one by one: {why}")))
            }
        }
    }
    // A lazy local whose `@`s have no host glue (a note says why) holds host results only;
    // one holding SOMD results needs a call whose device path leaves its result there, and
    // keeps only those calls and the arguments handed to SOMD methods with device glue.
    let mut lazy = Vec::new();
    for l in &info.lazy {
        if !l.mutable {
            // A `@` with device glue, or a frozen SOMD result (its freeze shares the device
            // copy when the result's local is lazy, else it is the host's value), or a move
            // out of another such local (`prev2 = prev1;`, which the analysis keeps only
            // where that local is given such values).
            let func = module.function(l.func);
            if l.maps.iter().any(|e| {
                glue.maps.contains_key(&(l.func, *e))
                    || matches!(
                        func.expr(*e).kind,
                        somd_mir::ExprKind::Freeze(_) | somd_mir::ExprKind::Local(_)
                    )
            }) {
                lazy.push(l.clone());
            }
            continue;
        }
        let func = module.function(l.func);
        let callee_of = |e: somd_mir::ExprId| match &func.expr(e).kind {
            somd_mir::ExprKind::SomdCall { func, .. } => Some(*func),
            _ => None,
        };
        let mut l = l.clone();
        // A move out of another local (`x = xn;`) keeps whatever that local holds.
        l.maps.retain(|e| {
            callee_of(*e).is_some_and(|f| glue.leaves(module, f))
                || matches!(
                    func.expr(*e).kind,
                    somd_mir::ExprKind::Local(_)
                        | somd_mir::ExprKind::Builtin { builtin: somd_mir::Builtin::SomdThaw, .. }
                )
        });
        let parents = walk::parents(func);
        let mut params = Vec::new();
        // Declarations moving an array on (`T[] x = w;`, `keep::moved_let`), by initialiser.
        let mut moved_on = Vec::new();
        walk::each_stmt(&func.body, &mut |stmt| {
            if let somd_mir::Stmt::Let { local, init: Some(i) } = stmt {
                if analysis::keep::moved_let(func, *local, *i).is_some() {
                    moved_on.push(*i);
                }
            }
        });
        l.handed.retain(|mention| {
            let Some(call) = walk::parent_of(&parents, *mention) else {
                return moved_on.contains(mention);
            };
            // `new T[[]](x)` for a `@` with device glue (or the `!` folding it): the frozen
            // copy shares the device copy.
            if let somd_mir::ExprKind::Freeze(_) = func.expr(call).kind {
                let map = walk::parent_of(&parents, call);
                let reduce = map.and_then(|m| walk::parent_of(&parents, m));
                // A `!` of the frozen copy itself reduces the buffer where it is.
                let reduced = map.is_some_and(|m| {
                    matches!(func.expr(m).kind, somd_mir::ExprKind::ReduceArray { .. })
                });
                // A SOMD method with device glue takes value arrays as `Lazy`s.
                let called = map.is_some_and(|m| {
                    matches!(&func.expr(m).kind, somd_mir::ExprKind::SomdCall { func: f, args, .. }
                        if args.iter().position(|a| *a == call)
                            .is_some_and(|p| glue.lazy_param(module, *f, p)))
                });
                // Given to a value-array local, which the analysis keeps lazy for it.
                let named = match map {
                    None => true,
                    Some(m) => matches!(func.expr(m).kind, somd_mir::ExprKind::Assign { .. }),
                };
                return reduced
                    || called
                    || named
                    || map.is_some_and(|m| glue.maps.contains_key(&(l.func, m)))
                    || reduce.is_some_and(|r| glue.reduces.contains_key(&(l.func, r)));
            }
            // A mapped argument of a `@` with device glue: the `@` takes a frozen copy
            // sharing the device copy (`LazyArr::freeze_lazy`).
            if let somd_mir::ExprKind::Map { .. } = func.expr(call).kind {
                return glue.maps.contains_key(&(l.func, call));
            }
            let somd_mir::ExprKind::SomdCall { func: callee, args, .. } = &func.expr(call).kind
            else {
                // `op ! x`: the reduction reads the device copy (or the host's) itself;
                // `y = x;` moves it on.
                return matches!(
                    func.expr(call).kind,
                    somd_mir::ExprKind::ReduceArray { .. } | somd_mir::ExprKind::Assign { .. }
                );
            };
            // A parameter the method writes takes the local only on a `sync` body's path,
            // which copies a device copy before writing it (`SyncDesc::written`).
            let at = args.iter().position(|a| a == mention).filter(|p| {
                glue.calls.get(callee).is_some_and(|call| {
                    call.sync.is_some() || analysis::keep::read_only_param(module, *callee, *p)
                })
            });
            match at {
                Some(p) => {
                    params.push((*callee, p));
                    true
                }
                None => false,
            }
        });
        let gains = !l.handed.is_empty() || (l.whole.is_empty() && !l.single_reads.is_empty());
        if !l.maps.is_empty() && gains {
            glue.lazy_array_params.extend(params);
            glue.leaving.extend(l.maps.iter().filter_map(|e| callee_of(*e)));
            lazy.push(l);
        }
    }
    // `Somd.thaw(v)` of a lazy local of `@` results for a SOMD method with device glue that
    // only reads the parameter (or copies it on the device first, a `sync` body): the
    // wrapper takes a `LazyArr` there, the thawed copy sharing the device copy.
    for l in lazy.iter().filter(|l| !l.mutable) {
        let func = module.function(l.func);
        let parents = walk::parents(func);
        let statements = walk::expr_statements(func);
        for mention in &l.handed {
            let Some(thaw) = walk::parent_of(&parents, *mention) else { continue };
            let somd_mir::ExprKind::Builtin { builtin: somd_mir::Builtin::SomdThaw, .. } =
                func.expr(thaw).kind
            else {
                continue;
            };
            // Given to a local holding SOMD results (`double[] t = Somd.thaw(z);`).
            let target = analysis::lazy::thaw_target(func, &parents, &statements, thaw);
            if target
                .is_some_and(|t| lazy.iter().any(|m| m.mutable && m.func == l.func && m.local == t))
            {
                glue.thaws.insert((l.func, thaw));
                continue;
            }
            let Some(call) = walk::parent_of(&parents, thaw) else { continue };
            let somd_mir::ExprKind::SomdCall { func: callee, args, .. } = &func.expr(call).kind
            else {
                continue;
            };
            let at = args.iter().position(|a| *a == thaw).filter(|p| {
                glue.calls.get(callee).is_some_and(|c| {
                    c.sync.is_some() || analysis::keep::read_only_param(module, *callee, *p)
                })
            });
            if let Some(p) = at {
                glue.thaws.insert((l.func, thaw));
                glue.lazy_array_params.insert((*callee, p));
            }
        }
    }
    glue.lazy = lazy;
    for (i, func) in module.functions.iter().enumerate() {
        let fid = FuncId(i as u32);
        let lazy = |l| glue.lazy_local(fid, l).is_some_and(|z| z.mutable);
        let swaps =
            analysis::keep::swaps(func).into_iter().filter(|w| w.locals.iter().all(|l| lazy(*l)));
        let swaps: Vec<_> = swaps.map(|w| (fid, w)).collect();
        glue.swaps.extend(swaps);
    }
    inline_results(module, &mut glue);
    glue
}

/// The SOMD calls of host functions whose results go straight to a read-only parameter of
/// another SOMD call with device glue ([`Glue::inline_left`]): `sub(b, matvec(a, x))`.
fn inline_results(module: &Module, glue: &mut Glue) {
    for (i, func) in module.functions.iter().enumerate() {
        if func.is_somd() || func.is_local {
            continue;
        }
        let fid = FuncId(i as u32);
        let parents = walk::parents(func);
        // `new T[[]](f(..))` for a `@` or `!` with device glue: the frozen copy shares the
        // device copy of `f`'s result (`LazyArr::freeze_lazy`).
        for (j, e) in func.exprs.iter().enumerate() {
            let somd_mir::ExprKind::Freeze(operand) = e.kind else { continue };
            let somd_mir::ExprKind::SomdCall { func: inner, receiver: None, .. } =
                func.expr(operand).kind
            else {
                continue;
            };
            let flat = matches!(&e.ty, Type::ValueArray(t, None) if matches!(**t, Type::Prim(_)))
                && matches!(&func.expr(operand).ty, Type::Array(t) if matches!(**t, Type::Prim(_)));
            let user = walk::parent_of(&parents, somd_mir::ExprId(j as u32));
            // Given to a lazy local of `@` results (`double[[]] y = new double[[]](f(..));`),
            // whose own uses decide where it is read.
            let held = glue.lazy.iter().any(|l| {
                l.func == fid && !l.mutable && l.maps.contains(&somd_mir::ExprId(j as u32))
            });
            let on_device = held
                || user.is_some_and(|u| {
                    glue.maps.contains_key(&(fid, u))
                    || glue.reduces.contains_key(&(fid, u))
                    // A `@` folded by the `!` around it (one fused kernel).
                    || walk::parent_of(&parents, u).is_some_and(|r| {
                        matches!(func.expr(u).kind, somd_mir::ExprKind::Map { .. })
                            && glue.reduces.contains_key(&(fid, r))
                    })
                    || matches!(&func.expr(u).kind, somd_mir::ExprKind::ReduceArray { .. }
                        if glue.array_reduce_label(fid, u).is_some()
                            || glue.fold_desc(fid, u).is_some())
                    || matches!(&func.expr(u).kind,
                        somd_mir::ExprKind::SomdCall { func: f, args, receiver: None }
                        if args.iter().position(|a| a.0 as usize == j)
                            .is_some_and(|p| glue.lazy_param(module, *f, p)))
                });
            if flat && on_device && glue.leaves(module, inner) {
                glue.inline_left.insert((fid, operand));
                glue.leaving.insert(inner);
            }
        }
        // `C.m ! (C @ f(..))` with device glue for both: the fold reads the `@`'s result
        // where the `@` left it (probe 103: it came down after the `@` for nothing).
        for (j, e) in func.exprs.iter().enumerate() {
            let somd_mir::ExprKind::ReduceArray { reducer, array } = &e.kind else { continue };
            if !matches!(reducer, somd_mir::ArrayReducer::Func(_)) {
                continue;
            }
            let array = *array;
            let reduce = somd_mir::ExprId(j as u32);
            if matches!(func.expr(array).kind, somd_mir::ExprKind::Map { .. })
                && matches!(&func.expr(array).ty, Type::ValueArray(..))
                && glue.maps.contains_key(&(fid, array))
                && glue.fold_desc(fid, reduce).is_some()
            {
                glue.inline_left.insert((fid, array));
            }
        }
        for e in &func.exprs {
            let somd_mir::ExprKind::SomdCall { func: outer, args, receiver: None } = &e.kind else {
                continue;
            };
            if !glue.calls.contains_key(outer) {
                continue;
            }
            for (k, arg) in args.iter().enumerate() {
                let inner = match &func.expr(*arg).kind {
                    somd_mir::ExprKind::SomdCall { func: inner, receiver: None, .. } => *inner,
                    _ => continue,
                };
                let param = module
                    .function(*outer)
                    .params
                    .get(k)
                    .map(|p| &module.function(*outer).local(*p).ty);
                let flat = matches!(param, Some(Type::Array(e)) if matches!(**e, Type::Prim(_)));
                if flat
                    && glue.leaves(module, inner)
                    && analysis::keep::read_only_param(module, *outer, k)
                {
                    glue.inline_left.insert((fid, *arg));
                    glue.lazy_array_params.insert((*outer, k));
                    glue.leaving.insert(inner);
                }
            }
        }
    }
}

/// The `KernelDesc` static of a run of fused statements.
pub fn write_fused_desc(out: &mut String, glue: &Glue, f: &FusedGlue) -> Result<(), EmitError> {
    write_fused_desc_of(out, glue, f, f.manifest, &f.desc)?;
    match &f.inline {
        Some((_, _, manifest, desc)) => write_fused_desc_of(out, glue, f, *manifest, desc),
        None => Ok(()),
    }
}

fn write_fused_desc_of(
    out: &mut String,
    glue: &Glue,
    f: &FusedGlue,
    manifest: usize,
    desc: &str,
) -> Result<(), EmitError> {
    let m = glue
        .kernels
        .kernels
        .get(manifest)
        .ok_or_else(|| EmitError::Internal("kernel manifest out of range".into()))?;
    let producer = f.producer.and_then(|e| glue.maps.get(&(f.in_func, e)));
    let (mut partials, mut scratch) = (f.reductions.iter(), f.reductions.iter());
    let mut args = Vec::new();
    for arg in &m.args {
        args.push(match &arg.source {
            ArgSource::Param(p) => format!("Param({p})"),
            ArgSource::Length { param, dim } => format!("Length {{ param: {param}, dim: {dim} }}"),
            ArgSource::Result => match producer {
                Some(MapCall { result_struct: Some((_, size)), .. }) => {
                    format!("Result(rt::device::Elem::Struct({size}))")
                }
                Some(call) => format!("Result(rt::device::Elem::{})", elem_name(call.elem)),
                None => return Err(EmitError::Internal("fused result without a producer".into())),
            },
            ArgSource::Count => "Count".to_string(),
            ArgSource::Partials => {
                let e = partials.next().map_or(PrimType::Int, |r| r.1);
                format!("Partials(rt::device::Elem::{})", elem_name(e))
            }
            ArgSource::Scratch => {
                let e = scratch.next().map_or(PrimType::Int, |r| r.1);
                format!("Scratch(rt::device::Elem::{})", elem_name(e))
            }
            ArgSource::LaterError => "LaterErr".to_string(),
            ArgSource::ErrorBuffer => "Err".to_string(),
            ArgSource::Epoch => "Epoch".to_string(),
            ArgSource::Statics(fields) => format!("Statics(&{fields:?})"),
            other => {
                return Err(EmitError::Internal(format!(
                    "argument source {other:?} in a fused kernel"
                )))
            }
        });
    }
    write_desc_static(out, desc, m, &f.label, None, &args, None)
}

fn map_call(
    module: &Module,
    set: &KernelSet,
    structs: &[(opencl::StructLayout, String)],
    info: &analysis::ProgramInfo,
    plan: &analysis::DevicePlan,
) -> Result<MapCall, &'static str> {
    let [k] = plan.kernels[..] else {
        return Err("fused into the `!` that consumes it, whose host glue is not written yet");
    };
    let kplan = info.kernels.get(k).ok_or("no kernel plan")?;
    let laid_out = |c: &somd_mir::ClassId| structs.iter().find(|(l, _)| l.class == *c).cloned();
    let mut result_struct = None;
    let mut result_rows = None;
    let (args, elem) = match &kplan.kind {
        KernelKind::FusedMap { args, elem: Type::Prim(elem), .. } => (&args[..], *elem),
        KernelKind::FusedMap { args, elem: Type::Object(c), .. } => {
            let (layout, name) = laid_out(c).ok_or("a value-class result without a layout")?;
            result_struct = Some((name, layout.size));
            (&args[..], PrimType::Int)
        }
        KernelKind::Map { args, elem: Type::Prim(elem) } => (&args[..], *elem),
        KernelKind::Map { args, elem }
            if analysis::isolation::vector_of(elem)
                .or(analysis::isolation::packed_of(elem))
                .is_some() =>
        {
            let (p, n) = analysis::isolation::vector_of(elem)
                .or(analysis::isolation::packed_of(elem))
                .unwrap_or((PrimType::Int, 1));
            result_rows = Some(n);
            (&args[..], p)
        }
        KernelKind::Map { args, elem: Type::Object(c) } => {
            let (layout, name) = laid_out(c).ok_or(
                "`@` with a value-class result whose class holds arrays or references runs on \
                 the CPU (no device layout)",
            )?;
            result_struct = Some((name, layout.size));
            (&args[..], PrimType::Int)
        }
        KernelKind::Map { .. } => return Err("`@` with a result type without device glue"),
        KernelKind::MapReduce { args, elem, .. } => (&args[..], *elem),
        KernelKind::FoldFunc { elem: Type::Prim(elem), .. } => (&[][..], *elem),
        // Elements and partials cross as the class's kernel `typedef struct`.
        KernelKind::FoldFunc { elem: Type::Object(c), .. } => {
            let (layout, name) = laid_out(c).ok_or(
                "`C.m ! a` over a value class holding arrays or references runs on the CPU (no \
                 device layout)",
            )?;
            result_struct = Some((name, layout.size));
            (&[][..], PrimType::Int)
        }
        KernelKind::FoldFunc { .. } => {
            return Err("`C.m ! a` over elements of this type runs on the CPU")
        }
        KernelKind::Filter { input, output } => {
            let item_ok = |t: &Type| match t {
                Type::Prim(_) => true,
                Type::Object(c) => laid_out(c).is_some(),
                // Rows of one 2-D value array per batch (`Task::filter_device_rows`).
                Type::ValueArray(e, _) => prim_of(e).is_some(),
                _ => false,
            };
            if !item_ok(input) {
                return Err("a filter task whose items are not primitives, value classes \
                            with a device layout or value arrays of primitives runs on the CPU");
            }
            match output {
                Type::Prim(elem) => (&[][..], *elem),
                Type::Object(c) => {
                    let (layout, name) = laid_out(c).ok_or(
                        "a filter task with a value-class result whose class holds arrays or \
                         references runs on the CPU (no device layout)",
                    )?;
                    result_struct = Some((name, layout.size));
                    (&[][..], PrimType::Int)
                }
                _ => return Err("a filter task with a result of this type runs on the CPU"),
            }
        }
        _ => return Err("not a map kernel"),
    };
    for (k, a) in args.iter().enumerate() {
        let ok = match a.mode {
            // A row of a mutable matrix crosses as a value array's (rectangular row-major,
            // ragged packed) when the target never writes it: one that does writes the
            // caller's row, which Java's order of the applications decides.
            somd_mir::MapArg::Mapped if matches!(&a.ty, Type::Array(p) if prim_of(p).is_some()) => {
                if somd_mir::analysis::writes::writes_param(module, kplan.func, k) {
                    return Err("`@` whose target writes the rows it maps runs on the CPU, \
                                its applications in Java's order");
                }
                true
            }
            somd_mir::MapArg::Mapped => {
                // A mapped row is a value array: the callee cannot write it.
                // An element holding arrays crosses as its fields (`holders`).
                // A plane of a mapped 3-D array (`T[][]` the target never writes, checked by
                // the plan, or `T[[]][[]]`) crosses flattened with its array (`HostArray`
                // for `Array<Array<Array<T>>>` and `VArr<VArr<VArr<T>>>`).
                element_ok(&a.ty, structs)
                    || matches!(&a.ty, Type::ValueArray(p, _) if prim_of(p).is_some())
                    || analysis::holders::holder(module, &a.ty).is_some()
                    || analysis::isolation::plane_elem(&a.ty).is_some()
            }
            // A value-class scalar crosses as its kernel `typedef struct`.
            // An object holding arrays crosses as its leaves after the arguments; a 3-D
            // array of primitives crosses flattened too (`HostArray` for
            // `Array<Array<Array<T>>>` and `VArr<VArr<VArr<T>>>`; a ragged one runs the
            // CPU path).
            somd_mir::MapArg::Broadcast => {
                element_ok(&a.ty, structs)
                    || array_ok(&a.ty, structs)
                    || analysis::holders::holder(module, &a.ty).is_some()
                    || somd_mir::analysis::isolation::cube_elem(&a.ty).is_some()
            }
        };
        if !ok {
            return Err("`@` with value classes holding references or arrays other than 1-D \
                        value arrays of primitives, arrays of value classes holding arrays \
                        other than as mapped arguments, or arrays of value classes in more \
                        than one dimension runs on the CPU");
        }
    }
    let manifest = set
        .kernels
        .iter()
        .position(|m| m.name == kplan.name)
        .ok_or("the OpenCL writer skipped its kernel")?;
    for arg in &set.kernels[manifest].args {
        match &arg.source {
            ArgSource::Param(_)
            | ArgSource::Length { dim: 0..=2, .. }
            | ArgSource::Result
            | ArgSource::Count
            | ArgSource::Chunk
            | ArgSource::Partials
            | ArgSource::Scratch
            | ArgSource::LaneScratch { .. }
            | ArgSource::SliceParts { .. }
            | ArgSource::Slices { .. }
            | ArgSource::StageRows { .. }
            | ArgSource::Staged
            | ArgSource::ErrorBuffer
            | ArgSource::Epoch
            | ArgSource::Statics(_) => {}
            _ => return Err("a `@` kernel argument without host glue"),
        }
    }
    Ok(MapCall {
        manifest,
        elem,
        result_struct,
        result_rows,
        label: module.function(kplan.func).name.clone(),
    })
}

/// The `KernelDesc` static of one `@`, `! @`, filter task or fold, and `<static_name>_RAGGED`
/// for its kernel's ragged variant when it has one (`opencl::RaggedVariant`).
pub fn write_map_desc(
    out: &mut String,
    glue: &Glue,
    call: &MapCall,
    static_name: &str,
) -> Result<(), EmitError> {
    let m = manifest_of(glue, call)?;
    let ragged = match &m.ragged {
        Some(r) => {
            let variant = format!("{static_name}_RAGGED");
            let args = map_desc_args(&r.manifest, call)?;
            write_desc_static(out, &variant, &r.manifest, &call.label, None, &args, None)?;
            Some((variant, &r.packed[..]))
        }
        None => None,
    };
    let args = map_desc_args(m, call)?;
    write_desc_static(out, static_name, m, &call.label, None, &args, ragged)
}

/// The manifest of the kernel of `call`.
fn manifest_of<'g>(glue: &'g Glue, call: &MapCall) -> Result<&'g KernelManifest, EmitError> {
    glue.kernels
        .kernels
        .get(call.manifest)
        .ok_or_else(|| EmitError::Internal("kernel manifest out of range".into()))
}

/// The `ArgSpec`s of the kernel `m` of a `@`, `! @` or filter task.
fn map_desc_args(m: &KernelManifest, call: &MapCall) -> Result<Vec<String>, EmitError> {
    let mut args = Vec::new();
    for arg in &m.args {
        args.push(match &arg.source {
            ArgSource::Param(p) => format!("Param({p})"),
            ArgSource::Length { param, dim } => format!("Length {{ param: {param}, dim: {dim} }}"),
            ArgSource::Result => match (&call.result_struct, call.result_rows) {
                (Some((_, size)), _) => format!("Result(rt::device::Elem::Struct({size}))"),
                // One `TN` per work-item: `N` elements' bytes, made into rows on the host.
                (None, Some(n)) => format!(
                    "Result(rt::device::Elem::Struct({}))",
                    n as usize * opencl::prim_size(call.elem)
                ),
                (None, None) => format!("Result(rt::device::Elem::{})", elem_name(call.elem)),
            },
            ArgSource::Count => "Count".to_string(),
            ArgSource::Chunk => "Chunk".to_string(),
            ArgSource::Partials => match &call.result_struct {
                // A fold over value-class elements: one struct per work-item.
                Some((_, size)) => format!("Partials(rt::device::Elem::Struct({size}))"),
                None => format!("Partials(rt::device::Elem::{})", elem_name(call.elem)),
            },
            ArgSource::Scratch => match &call.result_struct {
                // A fold over value-class elements: one struct per work-item.
                Some((_, size)) => format!("Scratch(rt::device::Elem::Struct({size}))"),
                None => format!("Scratch(rt::device::Elem::{})", elem_name(call.elem)),
            },
            ArgSource::LaneScratch { bytes } => format!("LaneScratch {{ bytes: {bytes} }}"),
            ArgSource::SliceParts { bytes } => format!("SliceParts {{ bytes: {bytes} }}"),
            ArgSource::Slices { inner } => format!("Slices {{ inner: {inner} }}"),
            ArgSource::StageRows { len, bytes } => {
                format!("StageRows {{ len: {len}, bytes: {bytes} }}")
            }
            ArgSource::Staged => "Staged".to_string(),
            ArgSource::ErrorBuffer => "Err".to_string(),
            ArgSource::Epoch => "Epoch".to_string(),
            ArgSource::Statics(fields) => format!("Statics(&{fields:?})"),
            other => {
                return Err(EmitError::Internal(format!("argument source {other:?} in a map")))
            }
        });
    }
    Ok(args)
}

fn somd_call(
    module: &Module,
    set: &KernelSet,
    structs: &[(opencl::StructLayout, String)],
    info: &analysis::ProgramInfo,
    fid: FuncId,
    plan: &analysis::DevicePlan,
) -> Result<DeviceCall, &'static str> {
    if let [k] = plan.kernels[..] {
        if let Some(KernelKind::Histogram(h)) = info.kernels.get(k).map(|kp| &kp.kind) {
            return histogram_call(module, set, structs, info, fid, k, h);
        }
    }
    let sync_body = match &info.functions[fid.0 as usize].somd_body {
        Some(Ok(SomdShape::Sync(body))) => Some(body),
        _ => None,
    };
    let mut kernels = Vec::new();
    // The kernels of intermediate reductions (after the body's own): the callee's loop,
    // bound to the caller's parameters and host values; no outputs.
    let mut intermediates = Vec::new();
    for k in &plan.kernels {
        let kplan = info.kernels.get(*k).ok_or("no kernel plan")?;
        let manifest = set
            .kernels
            .iter()
            .position(|m| m.name == kplan.name)
            .ok_or("the OpenCL writer skipped one of its kernels")?;
        match &kplan.kind {
            KernelKind::SomdLoop(body) => kernels.push((manifest, body.clone())),
            KernelKind::Intermediate { body, .. } if sync_body.is_some() => {
                if set.kernels[manifest]
                    .args
                    .iter()
                    .any(|a| matches!(a.source, ArgSource::Output { .. }))
                {
                    return Err("an intermediate reduction kernel with an output");
                }
                intermediates.push((manifest, body.clone()));
            }
            _ => return Err("not a SOMD loop kernel"),
        }
    }
    // A body whose only kernels are intermediate reductions describes itself by the first.
    let Some((manifest, last_body)) = kernels.last().or(intermediates.first()).cloned() else {
        return Err("no kernel");
    };
    if sync_body.is_none() && kernels.len() != 1 {
        return Err("not one kernel");
    }
    // The kernels of a `sync` body share their buffers by argument index.
    let shared = |m: &KernelManifest| -> Vec<(String, ArgSource)> {
        m.args
            .iter()
            .filter(|a| {
                !matches!(
                    a.source,
                    ArgSource::HostIndex(_)
                        | ArgSource::HostValue(_)
                        | ArgSource::Partials
                        | ArgSource::Scratch
                        | ArgSource::LaneTree(_)
                )
            })
            .map(|a| (a.name.clone(), a.source.clone()))
            .collect()
    };
    let first_shared = kernels.first().map(|(m, _)| shared(&set.kernels[*m]));
    if kernels.iter().any(|(m, _)| Some(shared(&set.kernels[*m])) != first_shared) {
        return Err("the kernels of the `sync` body take different arguments");
    }
    let m = &set.kernels[manifest];
    let body = &last_body;
    let func = module.function(fid);
    let sig = func.somd.as_ref().ok_or("not a SOMD method")?;
    if func.kind != FuncKind::Static {
        return Err("instance SOMD methods run on the CPU (no device glue for `this`)");
    }
    // A value-class parameter crosses as its kernel `typedef struct` (`HostArg::Struct`;
    // `null` runs the CPU path).
    for p in &func.params {
        let ty = &func.local(*p).ty;
        let by_struct = laid_out(ty, structs);
        // An object holding arrays crosses as its leaves after the arguments (`holders`).
        let holder = analysis::holders::holder(module, ty).is_some();
        let value_array = value_array_ok(ty, structs);
        if elem_of(ty).is_none() && prim_of(ty).is_none() && !by_struct && !holder && !value_array {
            return Err("a parameter type without device glue (a mutable array of objects, whose \
                        elements the method may replace: a value array `P[[]]` crosses; a \
                        value class holding references; arrays of arrays not of primitives)");
        }
    }
    for arg in &m.args {
        if let (ArgKind::Buffer { .. }, ArgSource::Result | ArgSource::Count | ArgSource::Chunk) =
            (&arg.kind, &arg.source)
        {
            return Err("an argument kind of `@` kernels");
        }
    }
    let result = sync_body.map_or(body.result, |b| b.result);
    let host_result = sync_body.and_then(|b| b.host_result);
    if host_result.is_some() {
        returned_value(func, sig)?;
    }
    match result {
        _ if host_result.is_some() => {}
        SomdResult::Param(local) => returned_param(func, sig, local)?,
        SomdResult::None => returned_nothing(func)?,
        SomdResult::Output(local) => returned_output(func, sig, local)?,
        SomdResult::Accumulator(_) => {
            let acc = body.parallel.reduction.as_ref().ok_or("accumulator without reduction")?;
            match &sig.reduction {
                Reduction::Op(op) if *op == acc.op && *op != ReduceOp::Sub => {}
                // These combine any number of partials, as they do the CPU's MIs' partials.
                Reduction::SelfCall { .. } | Reduction::Combine(_) | Reduction::CombineAll(_) => {}
                _ => return Err("the method's reduce operator differs from the loop's operator"),
            }
            if func.ret != Type::Prim(acc.ty) {
                return Err("the accumulator's type differs from the result type");
            }
        }
    }
    // The `return`s under host control flow end the call as the last one does.
    for r in sync_body.map(|b| analysis::early_returns(&b.steps)).unwrap_or_default() {
        match r {
            SyncReturn::Nothing => returned_nothing(func)?,
            SyncReturn::Param(local) => returned_param(func, sig, *local)?,
            SyncReturn::Output(local) => returned_output(func, sig, *local)?,
            SyncReturn::Value(_) => returned_value(func, sig)?,
        }
    }
    let mut body = body.clone();
    body.result = result;
    kernels.extend(intermediates);
    let sync = sync_body.map(|b| SyncGlue { kernels, body: b.clone() });
    Ok(DeviceCall { manifest, body, sync, histogram: None })
}

/// Whether `ty` is an object of a value class with a kernel struct (`HostArg::Struct`).
fn laid_out(ty: &Type, structs: &[(opencl::StructLayout, String)]) -> bool {
    matches!(ty, Type::Object(c) if structs.iter().any(|(l, _)| l.class == *c))
}

/// A value the host computes as the call's result: one MI, so the reduce strategy sees
/// the one value.
fn returned_value(func: &somd_mir::Function, sig: &SomdSig) -> Result<(), &'static str> {
    match (&sig.reduction, &func.ret) {
        (Reduction::Op(_), Type::Prim(_)) => Ok(()),
        (Reduction::SelfCall { .. } | Reduction::Combine(_), Type::Prim(_)) => Ok(()),
        (Reduction::CombineAll(_), Type::Prim(_)) => Ok(()),
        // A table of host scalars (`return new long[]{n, lo, hi}`) for a class strategy.
        (Reduction::SelfCall { .. } | Reduction::Combine(_) | Reduction::CombineAll(_), ty)
            if elem_of(ty).is_some() =>
        {
            Ok(())
        }
        _ => Err("a returned host value that is not a reduced primitive or table"),
    }
}

/// An array parameter as the call's result: its device buffer, the whole array.
fn returned_param(
    func: &somd_mir::Function,
    sig: &SomdSig,
    local: somd_mir::LocalId,
) -> Result<(), &'static str> {
    let is_dist = func
        .params
        .iter()
        .position(|p| *p == local)
        .is_some_and(|i| sig.dist_params.iter().any(|(d, _)| *d == i));
    if sig.reduction != Reduction::Assemble || func.local(local).ty != func.ret || !is_dist {
        return Err("a returned parameter that is not an assembled `dist` array");
    }
    elem_of(&func.ret).map(|_| ()).ok_or("a result of a type without device glue")
}

/// An output array as the call's result.
fn returned_output(
    func: &somd_mir::Function,
    sig: &SomdSig,
    local: somd_mir::LocalId,
) -> Result<(), &'static str> {
    if sig.reduction != Reduction::Assemble || func.local(local).ty != func.ret {
        return Err("an output array with a reduction other than assembly");
    }
    elem_of(&func.ret).map(|_| ()).ok_or("an output of a type without device glue")
}

fn returned_nothing(func: &somd_mir::Function) -> Result<(), &'static str> {
    match func.ret {
        Type::Void => Ok(()),
        _ => Err("a result that is not the loop's output or accumulator"),
    }
}

/// The host side of a histogram body: the table's length in Java `int` arithmetic on the
/// parameters, `rt::device::run_histogram`, and the method's reduce strategy applied to
/// the one MI's table.
fn histogram_call(
    module: &Module,
    set: &KernelSet,
    structs: &[(opencl::StructLayout, String)],
    info: &analysis::ProgramInfo,
    fid: FuncId,
    k: usize,
    h: &analysis::HistogramBody,
) -> Result<DeviceCall, &'static str> {
    let kplan = info.kernels.get(k).ok_or("no kernel plan")?;
    let manifest = set
        .kernels
        .iter()
        .position(|m| m.name == kplan.name)
        .ok_or("the OpenCL writer skipped its kernel")?;
    let func = module.function(fid);
    if func.kind != FuncKind::Static {
        return Err("instance SOMD methods run on the CPU (no device glue for `this`)");
    }
    // A value-class parameter crosses as its kernel `typedef struct` (`HostArg::Struct`;
    // `null` runs the CPU path), as for a SOMD loop; one holding arrays does not.
    for p in &func.params {
        let ty = &func.local(*p).ty;
        if elem_of(ty).is_none()
            && prim_of(ty).is_none()
            && !laid_out(ty, structs)
            && !value_array_ok(ty, structs)
        {
            return Err("a parameter type without device glue (value classes holding arrays)");
        }
    }
    if elem_of(&func.ret) != Some((h.elem, 1)) {
        return Err("a histogram whose result is not its table");
    }
    let body = SomdBody {
        outputs: Vec::new(),
        setup: h.setup.clone(),
        loop_id: h.loop_id,
        parallel: analysis::ParallelLoop::new(vec![h.dim.clone()], Vec::new()),
        result: SomdResult::None,
        host_indices: Vec::new(),
        host_values: Vec::new(),
    };
    Ok(DeviceCall { manifest, body, sync: None, histogram: Some(h.clone()) })
}

/// The `HistDesc` static of a histogram call.
fn write_hist_desc(
    out: &mut String,
    glue: &Glue,
    call: &DeviceCall,
    h: &analysis::HistogramBody,
    func: &somd_mir::Function,
    static_name: &str,
) -> Result<(), EmitError> {
    let m: &KernelManifest = glue
        .kernels
        .kernels
        .get(call.manifest)
        .ok_or_else(|| EmitError::Internal("kernel manifest out of range".into()))?;
    let first_dist = func.somd.as_ref().and_then(|s| s.dist_params.first()).map(|(i, _)| *i);
    let mut args = Vec::new();
    for arg in &m.args {
        args.push(match &arg.source {
            ArgSource::Param(p) => format!("Param({p})"),
            ArgSource::Length { param, dim } => format!("Length {{ param: {param}, dim: {dim} }}"),
            ArgSource::Offset { param, dim } => format!("Offset {{ param: {param}, dim: {dim} }}"),
            ArgSource::GlobalLength { param, dim } => {
                format!("GlobalLength {{ param: {param}, dim: {dim} }}")
            }
            ArgSource::TableLength => "TableLength".to_string(),
            ArgSource::Iterations => "Iterations".to_string(),
            ArgSource::Partials => "Partials".to_string(),
            ArgSource::Scratch => "Table".to_string(),
            ArgSource::TableInLocal => "InLocal".to_string(),
            ArgSource::SegmentHeads => "Heads".to_string(),
            ArgSource::SegmentRuns => "Runs".to_string(),
            ArgSource::ErrorBuffer => "Err".to_string(),
            ArgSource::Epoch => "Epoch".to_string(),
            ArgSource::Statics(fields) => format!("Statics(&{fields:?})"),
            other => {
                return Err(EmitError::Internal(format!(
                    "argument source {other:?} in a histogram kernel"
                )))
            }
        });
    }
    let names: Vec<String> = m.args.iter().map(|a| format!("{:?}", a.name)).collect();
    let iterations = m
        .global
        .first()
        .map(size_text)
        .ok_or_else(|| EmitError::Internal("histogram without an iteration rule".into()))?;
    let op = match h.op {
        ReduceOp::Add => "Add",
        ReduceOp::BitOr => "Or",
        ReduceOp::BitXor => "Xor",
        ReduceOp::BitAnd => "And",
        ReduceOp::Max => "Max",
        ReduceOp::Min => "Min",
        other => return Err(EmitError::Internal(format!("histogram operator {other:?}"))),
    };
    writeln!(out)?;
    writeln!(out, "/// Kernel `{}` (histogram of SOMD method `{}`).", m.name, m.source_function)?;
    writeln!(out, "static {static_name}: rt::device::HistDesc = rt::device::HistDesc {{")?;
    writeln!(out, "    program: &CL_PROGRAM,")?;
    writeln!(out, "    sites: &CL_SITES,")?;
    writeln!(out, "    name: {:?},", m.name)?;
    writeln!(out, "    label: {:?},", func.name)?;
    writeln!(out, "    needs_fp64: {},", m.needs_fp64)?;
    writeln!(out, "    first_dist: {first_dist:?},")?;
    writeln!(out, "    args: &[")?;
    for a in args {
        writeln!(out, "        rt::device::HistArg::{a},")?;
    }
    writeln!(out, "    ],")?;
    writeln!(out, "    names: &[{}],", names.join(", "))?;
    writeln!(out, "    iterations: &{iterations},")?;
    writeln!(out, "    op: rt::device::HistOp::{op},")?;
    writeln!(out, "    start: {}i64,", h.fill.unwrap_or(0))?;
    writeln!(out, "    setup_fails: {},", m.setup_fails)?;
    writeln!(out, "}};")?;
    Ok(())
}

/// The table length of a histogram as a Rust `i32` expression in Java `int` arithmetic
/// (`+ - *` of `int` parameters, array parameters' lengths, constants and unchanged locals
/// initialised so, checked by the analysis), with `leaf` writing the parameters and
/// lengths. A length of a `null` array makes the whole length `-1`, whatever the arithmetic
/// around it: the CPU path runs and raises the exception where Java does.
fn hist_len_text(
    func: &somd_mir::Function,
    e: somd_mir::ExprId,
    leaf: &mut dyn FnMut(somd_mir::ExprId) -> Result<String, EmitError>,
) -> Result<String, EmitError> {
    let text = hist_len_part(func, e, leaf)?;
    Ok(match reads_length(func, e) {
        true => format!("(|| Some({text}))().unwrap_or(-1)"),
        false => text,
    })
}

/// A histogram's table length `e` (`hist_len_text`) as the wrapper of `cx`'s method writes
/// it, its leaves in the wrapper's scope (a lifted method's receiver fields and lifted
/// statics, or the parameters); `-1` where it reads the length of a `null` array, so that
/// the body's own `new` meets the exception where Java does.
pub(super) fn table_len_text(
    cx: &mut super::expr::FnCx<'_>,
    e: somd_mir::ExprId,
) -> Result<String, EmitError> {
    let func = cx.func;
    hist_len_text(func, e, &mut |e| match func.expr(e).kind {
        // As the static wrapper's: a `null` array runs the CPU path (review 103: reading its
        // length here raised the exception before the body's setup).
        somd_mir::ExprKind::Length(a) => Ok(format!("rt::device::table_len(&{})?", cx.expr(a)?)),
        _ => Ok(format!("({})", cx.expr(e)?)),
    })
}

/// Whether the table length `e` reads an array's length (which `leaf` writes as
/// `rt::device::table_len(..)?`), directly or through a local's initialiser.
fn reads_length(func: &somd_mir::Function, e: somd_mir::ExprId) -> bool {
    use somd_mir::ExprKind;
    match &func.expr(e).kind {
        ExprKind::Length(_) => true,
        ExprKind::Local(l) => {
            analysis::histogram::length_local(func, *l).is_some_and(|i| reads_length(func, i))
        }
        ExprKind::Binary { lhs, rhs, .. } => reads_length(func, *lhs) || reads_length(func, *rhs),
        _ => false,
    }
}

fn hist_len_part(
    func: &somd_mir::Function,
    e: somd_mir::ExprId,
    leaf: &mut dyn FnMut(somd_mir::ExprId) -> Result<String, EmitError>,
) -> Result<String, EmitError> {
    use somd_mir::{BinOpKind, Const, ExprKind};
    Ok(match &func.expr(e).kind {
        ExprKind::Const(Const::Int(v)) => format!("({v}i32)"),
        ExprKind::Local(l) if let Some(init) = analysis::histogram::length_local(func, *l) => {
            hist_len_part(func, init, leaf)?
        }
        ExprKind::Binary { op, lhs, rhs } => {
            let f = match op.kind {
                BinOpKind::Add => "wrapping_add",
                BinOpKind::Sub => "wrapping_sub",
                BinOpKind::Mul => "wrapping_mul",
                _ => return Err(EmitError::Internal("table length operator".into())),
            };
            format!(
                "i32::{f}({}, {})",
                hist_len_part(func, *lhs, leaf)?,
                hist_len_part(func, *rhs, leaf)?
            )
        }
        _ => leaf(e)?,
    })
}

/// A parameter or an array parameter's length in a histogram's table length, named as the
/// wrapper's `param_names` (`hist_len_text`).
fn hist_len_leaf(
    func: &somd_mir::Function,
    e: somd_mir::ExprId,
    param_names: &[String],
) -> Result<String, EmitError> {
    use somd_mir::ExprKind;
    match func.expr(e).kind {
        ExprKind::Local(l) => param_name(func, l, param_names),
        ExprKind::Length(a) => match func.expr(a).kind {
            ExprKind::Local(l) => {
                Ok(format!("rt::device::table_len({})?", param_name(func, l, param_names)?))
            }
            _ => Err(EmitError::Internal("table length of a computed array".into())),
        },
        _ => Err(EmitError::Internal("table length expression".into())),
    }
}

/// The name parameter `l` of `func` has in the wrapper.
fn param_name(
    func: &somd_mir::Function,
    l: somd_mir::LocalId,
    param_names: &[String],
) -> Result<String, EmitError> {
    let p = func
        .params
        .iter()
        .position(|q| *q == l)
        .ok_or_else(|| EmitError::Internal("table length of a non-parameter".into()))?;
    param_names.get(p).cloned().ok_or_else(|| EmitError::Internal("parameter name".into()))
}

/// The element type and rank of a 1-D, 2-D or 3-D primitive array (rectangular on the
/// device: the runtime runs the CPU path for ragged or `null` rows).
fn elem_of(ty: &Type) -> Option<(PrimType, usize)> {
    match ty {
        Type::Array(inner) => match inner.as_ref() {
            Type::Prim(p) => Some((*p, 1)),
            Type::Array(inner2) => match inner2.as_ref() {
                Type::Prim(p) => Some((*p, 2)),
                Type::Array(inner3) => match inner3.as_ref() {
                    Type::Prim(p) => Some((*p, 3)),
                    _ => None,
                },
                _ => None,
            },
            _ => None,
        },
        _ => None,
    }
}

/// Whether an array element crosses as it is: a primitive, or a value class with a device
/// layout (as its kernel `typedef struct`).
fn element_ok(ty: &Type, structs: &[(opencl::StructLayout, String)]) -> bool {
    match ty {
        Type::Prim(_) => true,
        Type::Object(c) => structs.iter().any(|(l, _)| l.class == *c),
        _ => false,
    }
}

/// Whether the array type `ty` crosses to the device: elements that cross as they are
/// ([`element_ok`]), or rows of primitives (arrays of arrays cross flattened: `HostArray`
/// for `Array<Array<T>>` and `VArr<VArr<T>>`; a ragged one runs the CPU path).
fn array_ok(ty: &Type, structs: &[(opencl::StructLayout, String)]) -> bool {
    match ty {
        Type::Array(e) | Type::ValueArray(e, _) => {
            element_ok(e, structs)
                || matches!(&**e, Type::Array(p) | Type::ValueArray(p, _) if prim_of(p).is_some())
        }
        _ => false,
    }
}

/// Whether `ty` is a value array the device reads through a `const` pointer: an
/// [`array_ok`] value array (`VArr<Val<C>>` crosses as its structs' bytes, `VArr<VArr<T>>`
/// as a rectangular 2-D array), or a 3-D value array of primitives (`VArr<VArr<VArr<T>>>`,
/// flattened and kept resident). A `null` array, a `null` element or a ragged row has no
/// shape and runs the CPU path (`HostArray for VArr<T>`). The rows of a value array are
/// value arrays (a value type holds no mutable array).
fn value_array_ok(ty: &Type, structs: &[(opencl::StructLayout, String)]) -> bool {
    matches!(ty, Type::ValueArray(e, _) if !matches!(**e, Type::Array(_)))
        && (array_ok(ty, structs) || analysis::isolation::value_cube_elem(ty).is_some())
}

fn prim_of(ty: &Type) -> Option<PrimType> {
    match ty {
        Type::Prim(p) => Some(*p),
        _ => None,
    }
}

fn elem_name(p: PrimType) -> &'static str {
    match p {
        PrimType::Boolean => "Bool",
        PrimType::Byte => "I8",
        PrimType::Short => "I16",
        PrimType::Char => "U16",
        PrimType::Int => "I32",
        PrimType::Long => "I64",
        PrimType::Float => "F32",
        PrimType::Double => "F64",
    }
}

fn rust_prim(p: PrimType) -> &'static str {
    match p {
        PrimType::Boolean => "bool",
        PrimType::Byte => "i8",
        PrimType::Short => "i16",
        PrimType::Char => "u16",
        PrimType::Int => "i32",
        PrimType::Long => "i64",
        PrimType::Float => "f32",
        PrimType::Double => "f64",
    }
}

fn size_text(rule: &SizeRule) -> String {
    let binary = |name: &str, a: &SizeRule, b: &SizeRule| {
        format!("rt::device::Size::{name}(&{}, &{})", size_text(a), size_text(b))
    };
    match rule {
        SizeRule::Const(v) => format!("rt::device::Size::Const({v})"),
        SizeRule::Arg(k) => format!("rt::device::Size::Arg({k})"),
        SizeRule::Add(a, b) => binary("Add", a, b),
        SizeRule::Sub(a, b) => binary("Sub", a, b),
        SizeRule::Mul(a, b) => binary("Mul", a, b),
        SizeRule::Div(a, b) => binary("Div", a, b),
        SizeRule::Min(a, b) => binary("Min", a, b),
        SizeRule::Max(a, b) => binary("Max", a, b),
        SizeRule::Rem(a, b) => binary("Rem", a, b),
        SizeRule::Shr(a, b) => binary("Shr", a, b),
        SizeRule::Shl(a, b) => binary("Shl", a, b),
        SizeRule::UShr(a, b) => binary("UShr", a, b),
        SizeRule::Java(a) => format!("rt::device::Size::Java(&{})", size_text(a)),
        SizeRule::Row { len, row, rows } => format!(
            "rt::device::Size::Row {{ len: &{}, row: &{}, rows: &{} }}",
            size_text(len),
            size_text(row),
            size_text(rows)
        ),
        SizeRule::Steps { lo, hi, step } => format!(
            "rt::device::Size::Steps {{ lo: &{}, hi: &{}, step: {step} }}",
            size_text(lo),
            size_text(hi)
        ),
    }
}

/// The name of the `KernelDesc` static of SOMD function `fn_name`.
pub fn desc_name(fn_name: &str) -> String {
    format!("K_{fn_name}")
}

/// A raw string literal holding `text` whatever it contains.
fn raw_string(text: &str) -> String {
    let mut hashes = String::from("#");
    while text.contains(&format!("\"{hashes}")) {
        hashes.push('#');
    }
    format!("r{hashes}\"{text}\"{hashes}")
}

/// The program-wide statics: the program cell and the site table.
pub fn write_program_statics(out: &mut String, glue: &Glue, file: &str) -> Result<(), EmitError> {
    let set = &glue.kernels;
    writeln!(out)?;
    writeln!(out, "/// The OpenCL program of this file: every generated kernel.")?;
    writeln!(out, "static CL_PROGRAM: rt::opencl::ProgramCell =")?;
    writeln!(out, "    rt::opencl::ProgramCell::new(rt::opencl::ProgramDesc {{")?;
    writeln!(out, "        name: {file:?},")?;
    writeln!(out, "        defines: \"\",")?;
    writeln!(out, "        body: CL_BODY,")?;
    writeln!(out, "        options: \"\",")?;
    writeln!(out, "        fast_math: false,")?;
    writeln!(out, "    }});")?;
    writeln!(out)?;
    writeln!(out, "/// Failure sites of the kernels (site id = index).")?;
    writeln!(out, "static CL_SITES: [SourcePos; {}] = [", set.sites.len())?;
    for site in &set.sites {
        writeln!(out, "    SourcePos::new({:?}, {}, {}),", site.file, site.line, site.col)?;
    }
    writeln!(out, "];")?;
    writeln!(out)?;
    writeln!(out, "/// The OpenCL C text of the kernels.")?;
    writeln!(out, "static CL_BODY: &str = {};", raw_string(&set.body))?;
    for (layout, name) in &glue.structs {
        write_dev_struct(out, glue, layout, name)?;
    }
    Ok(())
}

/// `impl rt::device::DevStruct` for one value class: its fields at the writer's offsets,
/// padding as zeros (`opencl/layout.rs`).
fn write_dev_struct(
    out: &mut String,
    glue: &Glue,
    layout: &opencl::StructLayout,
    name: &str,
) -> Result<(), EmitError> {
    let size_of = |f: &opencl::FieldLayout| match f.ty {
        opencl::FieldTy::Prim(p) => Some(opencl::prim_size(p)),
        opencl::FieldTy::Struct(c) => {
            glue.structs.iter().find(|(l, _)| l.class == c).map(|(l, _)| l.size)
        }
    };
    let size = layout.size;
    writeln!(out)?;
    writeln!(out, "/// `{}` as its kernels' `typedef struct` ({size} bytes).", layout.c_name)?;
    writeln!(out, "impl rt::device::DevStruct for {name} {{")?;
    writeln!(out, "    const SIZE: usize = {size};")?;
    writeln!(out, "    fn put(&self, out: &mut Vec<u8>) {{")?;
    writeln!(out, "        let start = out.len();")?;
    let mut takes = Vec::new();
    let mut nested = Vec::new();
    let mut at = 0;
    let names = super::expr::field_names(layout.fields.iter().map(|f| f.name.as_str()));
    for (f, field) in layout.fields.iter().zip(names) {
        let n = size_of(f)
            .ok_or_else(|| EmitError::Internal(format!("no layout for field {}", f.name)))?;
        let o = f.offset;
        if o != at {
            writeln!(out, "        out.resize(start + {o}, 0); // padding")?;
        }
        at = o + n;
        writeln!(out, "        rt::device::DevElem::put(&self.{field}, out);")?;
        takes.push(format!("{field}: rt::device::DevElem::take(&bytes[{o}..{}])", o + n));
        if matches!(f.ty, opencl::FieldTy::Struct(_)) {
            nested.push(format!("rt::device::DevElem::is_null(&self.{field})"));
        }
    }
    writeln!(out, "        out.resize(start + {size}, 0);")?;
    writeln!(out, "        debug_assert_eq!(out.len(), start + {size});")?;
    writeln!(out, "    }}")?;
    writeln!(out, "    fn take(bytes: &[u8]) -> Self {{")?;
    writeln!(out, "        {name} {{ {} }}", takes.join(", "))?;
    writeln!(out, "    }}")?;
    writeln!(out, "    fn has_null(&self) -> bool {{")?;
    if nested.is_empty() {
        writeln!(out, "        false")?;
    } else {
        writeln!(out, "        {}", nested.join(" || "))?;
    }
    writeln!(out, "    }}")?;
    // Without a value-class field only an element itself can be `null`: a value array's
    // own `null` state then answers a device call's test (`DevElem::any_null`).
    if nested.is_empty() {
        writeln!(out, "    const NESTED: bool = false;")?;
    }
    writeln!(out, "}}")?;
    Ok(())
}

/// The layouts of `set` with their Rust struct names.
fn glue_structs(module: &Module, set: &KernelSet) -> Vec<(opencl::StructLayout, String)> {
    let names = super::namer::Names::new(module);
    set.layouts
        .iter()
        .filter_map(|l| Some((l.clone(), names.classes.get(l.class.0 as usize)?.clone())))
        .collect()
}

/// The `KernelDesc` static of one device call (for a `sync` body: one per kernel, `K_<fn>_<k>`,
/// and the `SyncDesc` static `S_<fn>` listing them in launch order).
pub fn write_kernel_desc(
    out: &mut String,
    glue: &Glue,
    call: &DeviceCall,
    module: &Module,
    fid: FuncId,
    fn_name: &str,
) -> Result<(), EmitError> {
    let func = module.function(fid);
    if let Some(h) = &call.histogram {
        return write_hist_desc(out, glue, call, h, func, &desc_name(fn_name));
    }
    let Some(sync) = &call.sync else {
        return write_one_desc(out, glue, call.manifest, &call.body, func, &desc_name(fn_name));
    };
    let mut names = Vec::new();
    for (k, (manifest, body)) in sync.kernels.iter().enumerate() {
        let name = format!("KS{}_{fn_name}", k + 1);
        write_one_desc(out, glue, *manifest, body, func, &name)?;
        names.push(format!("&{name}"));
    }
    writeln!(out)?;
    writeln!(out, "/// The kernels of the `sync` body of `{}`, in launch order.", func.name)?;
    writeln!(out, "static {}: rt::device::SyncDesc = rt::device::SyncDesc {{", sync_name(fn_name))?;
    writeln!(out, "    label: {:?},", func.name)?;
    writeln!(out, "    kernels: &[{}],", names.join(", "))?;
    let mut swaps = Vec::new();
    for (dst, src) in analysis::swap::exchanges(&sync.body.steps) {
        let param = |l| func.params.iter().position(|p| *p == l);
        let (Some(d), Some(s)) = (param(dst), param(src)) else {
            return Err(EmitError::Internal("exchanged arrays are not parameters".into()));
        };
        swaps.push(format!("({d}, {s})"));
    }
    writeln!(out, "    swaps: &[{}],", swaps.join(", "))?;
    let mut unread = Vec::new();
    for l in &sync.body.unread {
        let p = func.params.iter().position(|p| p == l);
        unread.push(p.ok_or_else(|| EmitError::Internal("unread array".into()))?.to_string());
    }
    writeln!(out, "    unread: &[{}],", unread.join(", "))?;
    // Parameters the body may write (any that is not read-only): a SOMD result left on the
    // device is copied there before such a call writes it.
    let written: Vec<String> = (0..func.params.len())
        .filter(|p| {
            matches!(func.local(func.params[*p]).ty, Type::Array(_))
                && !analysis::keep::read_only_param(module, fid, *p)
        })
        .map(|p| p.to_string())
        .collect();
    writeln!(out, "    written: &[{}],", written.join(", "))?;
    writeln!(out, "}};")?;
    Ok(())
}

/// The name of the `SyncDesc` static of SOMD function `fn_name`.
fn sync_name(fn_name: &str) -> String {
    format!("SYNC_{fn_name}")
}

fn write_one_desc(
    out: &mut String,
    glue: &Glue,
    manifest: usize,
    body: &SomdBody,
    func: &somd_mir::Function,
    static_name: &str,
) -> Result<(), EmitError> {
    let m: &KernelManifest = glue
        .kernels
        .kernels
        .get(manifest)
        .ok_or_else(|| EmitError::Internal("kernel manifest out of range".into()))?;
    let first_dist = func.somd.as_ref().and_then(|s| s.dist_params.first()).map(|(i, _)| *i);
    let mut args = Vec::new();
    for (k, arg) in m.args.iter().enumerate() {
        let text = match &arg.source {
            ArgSource::Param(p) => format!("Param({p})"),
            ArgSource::Length { param, dim } => format!("Length {{ param: {param}, dim: {dim} }}"),
            ArgSource::Output { dims } => {
                let elem = match &arg.kind {
                    ArgKind::Buffer { .. } => output_elem(func, body, m, arg)?,
                    _ => return Err(EmitError::Internal("output that is not a buffer".into())),
                };
                let dims: Vec<String> = dims.iter().map(size_text).collect();
                format!("Output {{ elem: rt::device::Elem::{elem}, dims: &[{}] }}", dims.join(", "))
            }
            ArgSource::OutputLength { output_arg, dim } => {
                format!("OutputLength {{ output_arg: {output_arg}, dim: {dim} }}")
            }
            ArgSource::Offset { param, dim } => format!("Offset {{ param: {param}, dim: {dim} }}"),
            ArgSource::GlobalLength { param, dim } => {
                format!("GlobalLength {{ param: {param}, dim: {dim} }}")
            }
            ArgSource::HostIndex(depth) => format!("HostIndex({depth})"),
            ArgSource::HostValue(n) => format!("HostValue({n})"),
            ArgSource::Partials | ArgSource::Scratch => {
                // The `n`-th partials (scratch) argument is slot `n`'s, in order: the
                // accumulators', then argument extrema's iterations and payloads.
                let n = m.args[..k].iter().filter(|a| a.source == arg.source).count();
                let ty = body
                    .parallel
                    .partial_elems()
                    .get(n)
                    .copied()
                    .ok_or_else(|| EmitError::Internal("partials without reduction".into()))?;
                let what = if arg.source == ArgSource::Partials { "Partials" } else { "Scratch" };
                format!("{what}(rt::device::Elem::{})", elem_name(ty))
            }
            ArgSource::ErrorBuffer => "Err".to_string(),
            ArgSource::Epoch => "Epoch".to_string(),
            ArgSource::Statics(fields) => format!("Statics(&{fields:?})"),
            ArgSource::Lanes => "Lanes".to_string(),
            ArgSource::LaneTree(ty) => format!("Scratch(rt::device::Elem::{})", elem_name(*ty)),
            other => {
                return Err(EmitError::Internal(format!(
                    "argument source {other:?} in a SOMD kernel"
                )))
            }
        };
        args.push(text);
    }
    write_desc_static(out, static_name, m, &func.name, first_dist, &args, None)
}

/// The element of the output passed as `arg` (the outputs are the body's, in order).
fn output_elem(
    func: &somd_mir::Function,
    body: &SomdBody,
    m: &KernelManifest,
    arg: &opencl::KernelArg,
) -> Result<&'static str, EmitError> {
    let nth = m
        .args
        .iter()
        .filter(|a| matches!(a.source, ArgSource::Output { .. }))
        .position(|a| std::ptr::eq(a, arg))
        .ok_or_else(|| EmitError::Internal("output argument".into()))?;
    let (local, _) =
        body.outputs.get(nth).ok_or_else(|| EmitError::Internal("output local".into()))?;
    let (p, _) = elem_of(&func.local(*local).ty)
        .ok_or_else(|| EmitError::Internal("output of a type without device glue".into()))?;
    Ok(elem_name(p))
}

/// The start of `<fn>_somd`: the device attempt. `reduce` is the CPU path's combination
/// of a `partials` vector (used for accumulator results).
pub fn write_prologue(
    out: &mut String,
    glue: &Glue,
    call: &DeviceCall,
    cx: &mut super::expr::FnCx<'_>,
    fn_name: &str,
    param_names: &[String],
    reduce: &str,
) -> Result<(), EmitError> {
    // An instance SOMD method: the receiver's fields the body reads go after the arguments
    // (arrays as buffers, primitives as scalars). A `null` receiver runs the CPU path, which
    // raises the exception. Then the `static final int` fields the body reads that are no
    // constants, as scalars (`analysis::instance`). Lifted value `k` is `somd_lift{k}`.
    let fields = glue.lifted.fields.get(&cx.fid);
    let statics = glue.lifted.statics.get(&cx.fid);
    let mut extra = Vec::new();
    if let Some(fields) = fields {
        let this = cx.local_name(somd_mir::LocalId(0));
        writeln!(out, "    if !{this}.is_null() {{")?;
        for (k, (class, index)) in fields.iter().enumerate() {
            let field = cx.field(*class, *index)?;
            let class = cx.module.classes.get(class.0 as usize);
            let is_prim = class
                .and_then(|c| c.fields.get(*index as usize))
                .is_some_and(|f| matches!(f.ty, Type::Prim(_)));
            // A value class holds its fields directly, other classes in `Slot`s.
            let read = match (class.is_some_and(|c| c.is_value), is_prim) {
                (true, true) => format!("{this}.get(pos).{field}"),
                (true, false) => format!("{this}.get(pos).{field}.clone()"),
                (false, _) => format!("{this}.get(pos).{field}.get()"),
            };
            writeln!(out, "    let somd_lift{k} = {read};")?;
            extra.push(if is_prim {
                format!("rt::device::HostArg::from(somd_lift{k})")
            } else {
                format!("rt::device::HostArg::from(&somd_lift{k})")
            });
        }
    }
    // A length that Java's read would fail to give (a `null` array, a row past the last or
    // `null`) runs the CPU path, which raises the exception where the body reads it.
    let mut fails = Vec::new();
    for size in statics.into_iter().flatten() {
        match size {
            StaticSize::Value(_) => {}
            StaticSize::Length(s) => fails.push(format!("{}.is_null()", cx.static_value(*s)?)),
            StaticSize::RowLength(s, k) => {
                let a = cx.static_value(*s)?;
                fails.push(format!(
                    "{a}.is_null() || {a}.length(pos) <= {k} || {a}.get({k}, pos).is_null()"
                ));
            }
        }
    }
    if !fails.is_empty() {
        writeln!(out, "    if !({}) {{", fails.join(" || "))?;
    }
    for (k, size) in statics.into_iter().flatten().enumerate() {
        let k = k + fields.map_or(0, Vec::len);
        let read = match size {
            StaticSize::Value(s) => cx.static_value(*s)?,
            StaticSize::Length(s) => format!("{}.length(pos)", cx.static_value(*s)?),
            StaticSize::RowLength(s, row) => {
                format!("{}.get({row}, pos).length(pos)", cx.static_value(*s)?)
            }
        };
        writeln!(out, "    let somd_lift{k} = {read};")?;
        extra.push(format!("rt::device::HostArg::from(somd_lift{k})"));
    }
    prologue(out, glue, call, cx, fn_name, param_names, reduce, &extra)?;
    if !fails.is_empty() {
        writeln!(out, "    }}")?;
    }
    if fields.is_some() {
        writeln!(out, "    }}")?;
    }
    Ok(())
}

/// Whether the `sync` body of the lifted instance SOMD method `fid` exchanges buffers
/// (`analysis::swap`) of a field array it writes.
fn exchanges_written_field(
    module: &Module,
    lifted: &analysis::instance::Lifted,
    fid: FuncId,
    call: &DeviceCall,
) -> bool {
    let (Some(sync), Some(fields), Some(written)) =
        (&call.sync, lifted.fields.get(&fid), lifted.written.get(&fid))
    else {
        return false;
    };
    let params = &module.function(fid).params;
    let declared = params.len().saturating_sub(fields.len());
    let written_locals: Vec<somd_mir::LocalId> = fields
        .iter()
        .enumerate()
        .filter(|(_, f)| written.contains(f))
        .filter_map(|(k, _)| params.get(declared + k).copied())
        .collect();
    analysis::swap::exchanges(&sync.body.steps)
        .iter()
        .any(|(d, s)| written_locals.contains(d) || written_locals.contains(s))
}

/// The positions among the device arguments of the receiver's field arrays that the
/// instance SOMD method `fid` writes (after its `declared` parameters), if any.
fn updated_fields(glue: &Glue, fid: FuncId, declared: usize) -> Option<Vec<usize>> {
    let fields = glue.lifted.fields.get(&fid)?;
    let written = glue.lifted.written.get(&fid)?;
    let list: Vec<usize> = fields
        .iter()
        .enumerate()
        .filter(|(_, f)| written.contains(f))
        .map(|(k, _)| declared + k)
        .collect();
    (!list.is_empty()).then_some(list)
}

#[allow(clippy::too_many_arguments)]
fn prologue(
    out: &mut String,
    glue: &Glue,
    call: &DeviceCall,
    cx: &mut super::expr::FnCx<'_>,
    fn_name: &str,
    param_names: &[String],
    reduce: &str,
    extra_args: &[String],
) -> Result<(), EmitError> {
    let func = cx.func;
    let m = glue
        .kernels
        .kernels
        .get(call.manifest)
        .ok_or_else(|| EmitError::Internal("kernel manifest out of range".into()))?;
    let mut host_args = Vec::new();
    // Objects holding arrays: their leaves follow every other argument (`holders`).
    let mut leaves = Vec::new();
    for (name, p) in param_names.iter().zip(&func.params) {
        match analysis::holders::holder(cx.module, &func.local(*p).ty) {
            Some(c) => {
                host_args.push("rt::device::HostArg::Fields".to_string());
                leaves.extend(holder_leaf_args(cx, c, name)?);
            }
            None => host_args.push(format!("rt::device::HostArg::from({name})")),
        }
    }
    host_args.extend(extra_args.iter().cloned());
    host_args.extend(leaves);
    // Under an adaptive `auto`, the clock measures the whole call, on either placement,
    // until the wrapper returns; the site is the call at `pos` (`rt::device::clock_at`).
    let site = if call.sync.is_some() { sync_name(fn_name) } else { desc_name(fn_name) };
    writeln!(out, "    let _somd_clock = rt::device::clock_at({site}.label, pos);")?;
    writeln!(out, "    let device_args = [{}];", host_args.join(", "))?;
    if let Some(h) = &call.histogram {
        // One MI: its table is the only partial the reduce strategy sees.
        let ty = rust_prim(h.elem);
        // A lifted method's table length may read its receiver's fields or lifted statics:
        // the host writes it as the CPU path does (the receiver is not `null` here).
        let len = match glue.lifted.lifts(cx.fid) {
            true => table_len_text(cx, h.len)?,
            false => hist_len_text(func, h.len, &mut |e| hist_len_leaf(func, e, param_names))?,
        };
        if let Some(key) = h.segmented_by {
            // A segmented sum: on the device only when the key array is sorted.
            let p = func
                .params
                .iter()
                .position(|l| *l == key)
                .ok_or_else(|| EmitError::Internal("segment key parameter".into()))?;
            // A caller holding the result as a `LazyArr` leaves the table on the device
            // (`moved` has `rt::device::LEAVE`; the one partial is the result).
            let moved = if glue.leaving.contains(&cx.fid) { "moved" } else { "0" };
            writeln!(
                out,
                "    if let Some(table) = rt::device::run_segmented::<{ty}>(&{}, &device_args, \
                 {len}, {p}, {moved}) {{",
                desc_name(fn_name)
            )?;
        } else {
            writeln!(
                out,
                "    if let Some(table) = rt::device::run_histogram::<{ty}>(&{}, &device_args, \
                 {len}) {{",
                desc_name(fn_name)
            )?;
        }
        writeln!(out, "        let partials: Vec<Array<{ty}>> = vec![table];")?;
        writeln!(out, "        return {reduce};")?;
        writeln!(out, "    }}")?;
        return Ok(());
    }
    let mut returned = Vec::new();
    if let SomdResult::Param(local) = call.body.result {
        let p = func
            .params
            .iter()
            .position(|l| *l == local)
            .ok_or_else(|| EmitError::Internal("returned parameter".into()))?;
        let k = m
            .args
            .iter()
            .position(|a| a.source == ArgSource::Param(p))
            .ok_or_else(|| EmitError::Internal("returned parameter argument".into()))?;
        returned.push(k);
    }
    if let SomdResult::Output(local) = call.body.result {
        returned.push(output_arg(call, m, local)?);
    }
    let updated = updated_fields(glue, cx.fid, func.params.len());
    let indent = match &call.sync {
        None if updated.is_some() => {
            // The receiver's field arrays the body writes come back into its arrays.
            writeln!(
                out,
                "    if let Some(done) = rt::device::run_updating(&{}, &device_args, \
                 &{returned:?}, &{:?}) {{",
                desc_name(fn_name),
                updated.as_deref().unwrap_or_default()
            )?;
            "        "
        }
        None if glue.leaving.contains(&cx.fid) => {
            // Only the returned output comes back, or none when the caller holds the
            // result as a `LazyArr` (`moved` has `rt::device::LEAVE`).
            writeln!(
                out,
                "    if let Some(done) = rt::device::run_leaving(&{}, &device_args, &{returned:?}, \
                 moved) {{",
                desc_name(fn_name)
            )?;
            "        "
        }
        None => {
            // Only the returned output comes back; the others stay on the device.
            writeln!(
                out,
                "    if let Some(done) = rt::device::run_reading(&{}, &device_args, &{returned:?}) {{",
                desc_name(fn_name)
            )?;
            "        "
        }
        Some(sync) => {
            // The host program of the `sync` body: its loops in Java `int` arithmetic, one
            // launch per parallel loop; buffers stay on the device until `finish`.
            match &updated {
                Some(list) => writeln!(
                    out,
                    "    if let Some(mut somd_sync) = rt::device::SyncCall::begin_updating(&{}, \
                     &device_args, &{list:?}) {{",
                    sync_name(fn_name)
                )?,
                // A caller may hold the result, and hand its arguments, as SOMD results
                // left on the device (`moved` has `rt::device::LEAVE`).
                None if glue.leaving.contains(&cx.fid) => writeln!(
                    out,
                    "    if let Some(mut somd_sync) = rt::device::SyncCall::begin_leaving(&{}, \
                     &device_args, moved) {{",
                    sync_name(fn_name)
                )?,
                None => writeln!(
                    out,
                    "    if let Some(mut somd_sync) = rt::device::SyncCall::begin(&{}, \
                     &device_args) {{",
                    sync_name(fn_name)
                )?,
            }
            // One MI over whole arrays: `Somd.offset` is 0, `Somd.globalLength` the length.
            for (id, e) in func.exprs.iter().enumerate() {
                if let somd_mir::ExprKind::Builtin { builtin, args } = &e.kind {
                    let param = args.first().and_then(|a| match func.expr(*a).kind {
                        somd_mir::ExprKind::Local(l) => func.params.iter().position(|p| *p == l),
                        _ => None,
                    });
                    let dim = match args.get(1).map(|d| &func.expr(*d).kind) {
                        Some(somd_mir::ExprKind::Const(somd_mir::Const::Int(d))) => d - 1,
                        _ => 0,
                    };
                    let text = match (builtin, param) {
                        (somd_mir::Builtin::SomdOffset, Some(_)) => "0i32".to_string(),
                        (somd_mir::Builtin::SomdGlobalLength, Some(p)) => {
                            format!("somd_sync.len({p}, {dim})")
                        }
                        _ => continue,
                    };
                    cx.replaced.insert(somd_mir::ExprId(id as u32), text);
                }
            }
            let lifted = glue.lifted.added(cx.fid);
            // The kernel argument of each array a `return` may name.
            let mut args = HashMap::new();
            for (p, local) in func.params.iter().enumerate() {
                if let Some(k) = m.args.iter().position(|a| a.source == ArgSource::Param(p)) {
                    args.insert(*local, k);
                }
            }
            for (local, _) in &call.body.outputs {
                args.insert(*local, output_arg(call, m, *local)?);
            }
            let leaving = updated.is_none() && glue.leaving.contains(&cx.fid);
            let ending = Ending { updated: updated.clone(), reduce, args, leaving };
            let mut host = HostProgram {
                func,
                param_names,
                cx,
                body: &sync.body,
                lifted,
                exchanges: 0,
                loops: Vec::new(),
                ending,
            };
            host.steps(out, &sync.body.steps, 2, 0)?;
            let last = match (sync.body.host_result, call.body.result) {
                (Some(value), _) => Some(SyncReturn::Value(value)),
                (None, SomdResult::Param(local)) => Some(SyncReturn::Param(local)),
                (None, SomdResult::Output(local)) => Some(SyncReturn::Output(local)),
                (None, SomdResult::None) => Some(SyncReturn::Nothing),
                (None, SomdResult::Accumulator(_)) => None,
            };
            // `return e` of host scalars is computed (Java semantics, after the launches'
            // faults) while the call still answers `Somd.globalLength`.
            if let Some(last) = last {
                host.ret(out, 2, &last)?;
                writeln!(out, "    }}")?;
                // The CPU path writes these expressions as the MIs compute them.
                host.cx.replaced.clear();
                return Ok(());
            }
            host.finish(out, "        ", &returned)?;
            host.cx.replaced.clear();
            "        "
        }
    };
    match call.body.result {
        SomdResult::None => writeln!(out, "{indent}return;")?,
        SomdResult::Output(local) => {
            let arg = output_arg(call, m, local)?;
            let (p, rank) =
                elem_of(&func.ret).ok_or_else(|| EmitError::Internal("output type".into()))?;
            writeln!(out, "{indent}return done.output_{rank}d::<{}>({arg});", rust_prim(p))?;
        }
        SomdResult::Param(_) => {
            let (p, rank) =
                elem_of(&func.ret).ok_or_else(|| EmitError::Internal("result type".into()))?;
            let arg = returned.first().copied().unwrap_or(0);
            writeln!(out, "{indent}return done.output_{rank}d::<{}>({arg});", rust_prim(p))?;
        }
        SomdResult::Accumulator(_) => {
            let ty = prim_of(&func.ret).ok_or_else(|| EmitError::Internal("acc type".into()))?;
            writeln!(out, "{indent}let partials: Vec<{}> = done.partials();", rust_prim(ty))?;
            // A launch of no work-item leaves no partial: the one MI's result is then its
            // accumulator's start (`-0.0` for a floating `+` from `-0.0`).
            if let Some(r) = call.body.parallel.reduction.as_ref().filter(|r| r.neg_zero) {
                writeln!(
                    out,
                    "{indent}let partials: Vec<{}> = if partials.is_empty() {{ vec![{}] }} else {{ partials }};",
                    rust_prim(ty),
                    negative_zero(r.ty)
                )?;
            }
            writeln!(out, "{indent}return {reduce};")?;
        }
    }
    writeln!(out, "    }}")?;
    Ok(())
}

/// The kernel argument index of output array `local` of a SOMD call.
fn output_arg(
    call: &DeviceCall,
    m: &KernelManifest,
    local: somd_mir::LocalId,
) -> Result<usize, EmitError> {
    let nth = call
        .body
        .outputs
        .iter()
        .position(|(l, _)| *l == local)
        .ok_or_else(|| EmitError::Internal("result output".into()))?;
    m.args
        .iter()
        .enumerate()
        .filter(|(_, a)| matches!(a.source, ArgSource::Output { .. }))
        .nth(nth)
        .map(|(i, _)| i)
        .ok_or_else(|| EmitError::Internal("result output argument".into()))
}

/// Writes the host side of a `sync` body: its counted loops, launches, `sync reduce`
/// launches folded into host scalars, and the statements the host runs (through the CPU
/// writer, `cx`).
struct HostProgram<'a, 'c> {
    func: &'a somd_mir::Function,
    param_names: &'a [String],
    cx: &'a mut super::expr::FnCx<'c>,
    body: &'a somd_mir::analysis::SyncBody,
    /// The lifted values (receiver fields, `static final int`s) that cross after the
    /// parameters (`analysis::instance`).
    lifted: usize,
    /// The exchanges written so far (the next one's index into `SyncDesc::swaps`).
    exchanges: usize,
    /// The enclosing host loops, innermost last: the Rust labels that `break` and
    /// `continue` leave (the loop's, and the block around its body before its updates).
    loops: Vec<(String, String)>,
    ending: Ending<'a>,
}

/// How a host program ends the call at a `return`.
struct Ending<'a> {
    /// The receiver's field arrays the body writes (`SyncCall::finish_updating`).
    updated: Option<Vec<usize>>,
    /// The method's reduce strategy over `partials`, the MIs' results.
    reduce: &'a str,
    /// The kernel argument of each array parameter and output.
    args: HashMap<somd_mir::LocalId, usize>,
    /// The caller may hold the result as a SOMD result left on the device
    /// (`SyncCall::finish_leaving`).
    leaving: bool,
}

impl HostProgram<'_, '_> {
    /// The `HostArg`s of the host scalars kernel `k` reads, in its argument order.
    fn host_values(&self, k: usize) -> Result<String, EmitError> {
        let launch = self
            .body
            .launches
            .get(k)
            .ok_or_else(|| EmitError::Internal("launch out of range".into()))?;
        // A vector value (`T[[N]]`) passes its lanes (`HostArg::Array`), a scalar itself.
        let values: Vec<String> = launch
            .host_values
            .iter()
            .map(|l| {
                let by_ref = match analysis::isolation::vector_of(&self.cx.func.local(*l).ty) {
                    Some(_) => "&",
                    None => "",
                };
                format!("rt::device::HostArg::from({by_ref}{})", self.cx.local_name(*l))
            })
            .collect();
        Ok(values.join(", "))
    }

    fn steps(
        &mut self,
        out: &mut String,
        steps: &[SyncStep],
        level: usize,
        depth: usize,
    ) -> Result<(), EmitError> {
        let pad = "    ".repeat(level);
        for step in steps {
            match step {
                SyncStep::Launch(k) => {
                    let indices: Vec<String> = (0..depth).map(|d| format!("somd_h{d}")).collect();
                    let values = self.host_values(*k)?;
                    if values.is_empty() {
                        writeln!(out, "{pad}somd_sync.launch({k}, &[{}]);", indices.join(", "))?;
                    } else {
                        writeln!(
                            out,
                            "{pad}somd_sync.launch_with({k}, &[{}], &[{values}]);",
                            indices.join(", ")
                        )?;
                    }
                }
                SyncStep::Reduce { launch, into } => {
                    // `sync reduce`: the kernel's partials, combined with its operator, folded
                    // into the host scalar (one MI: `into op contributions`). A loop of
                    // several accumulators (reductions read after their loop) has partials
                    // for each, folded into its own host scalar the same way.
                    let indices: Vec<String> = (0..depth).map(|d| format!("somd_h{d}")).collect();
                    let values = self.host_values(*launch)?;
                    let parallel = self.body.launches.get(*launch).map(|l| &l.parallel);
                    let all: Vec<&analysis::AccReduction> =
                        parallel.map(|p| p.reductions().collect()).unwrap_or_default();
                    if all.is_empty() {
                        return Err(EmitError::Internal("sync reduce without a reduction".into()));
                    }
                    let slots = parallel.map(|p| p.carried_slots()).unwrap_or_default();
                    for (n, r) in all.into_iter().enumerate() {
                        let ty = rust_prim(r.ty);
                        let op = super::types::reduce_op(r.op)
                            .ok_or_else(|| EmitError::Internal("sync reduce operator".into()))?;
                        let (x, partials) = match n {
                            0 => (
                                self.cx.local_name(*into),
                                format!(
                                    "somd_sync.reduce({launch}, &[{}], &[{values}])",
                                    indices.join(", ")
                                ),
                            ),
                            n => (self.cx.local_name(r.acc), format!("somd_sync.partials_of({n})")),
                        };
                        writeln!(out, "{pad}let somd_partials: Vec<{ty}> = {partials};")?;
                        let (Some(c), Some(Some(slot))) = (&r.carries, slots.get(n)) else {
                            writeln!(
                                out,
                                "{pad}{x} = <{op} as rt::reduce::ReduceOp<{ty}>>::combine({x}, {});",
                                partials_tree(r, op, "&somd_partials")
                            )?;
                            continue;
                        };
                        // An argument extremum: the groups' best entry, taken with its
                        // payloads when it beats the value before the loop as Java's `>`
                        // (`>=`) would.
                        let max = r.op == ReduceOp::Max;
                        let beats = match (max, c.later_ties) {
                            (true, false) => ">",
                            (true, true) => ">=",
                            (false, false) => "<",
                            (false, true) => "<=",
                        };
                        writeln!(
                            out,
                            "{pad}let somd_at: Vec<i64> = somd_sync.partials_of({slot});"
                        )?;
                        writeln!(
                            out,
                            "{pad}if let Some(somd_b) = rt::reduce::arg_best(&somd_partials, &somd_at, {max}, {}) {{",
                            c.later_ties
                        )?;
                        writeln!(out, "{pad}    if somd_partials[somd_b] {beats} {x} {{")?;
                        writeln!(out, "{pad}        {x} = somd_partials[somd_b];")?;
                        for (k, (p, pty)) in c.payloads.iter().enumerate() {
                            writeln!(
                                out,
                                "{pad}        {} = somd_sync.partials_of::<{}>({})[somd_b];",
                                self.cx.local_name(*p),
                                rust_prim(*pty),
                                slot + 1 + k
                            )?;
                        }
                        writeln!(out, "{pad}    }}")?;
                        writeln!(out, "{pad}}}")?;
                    }
                }
                SyncStep::Intermediate { index } => {
                    // The callee's loop over the whole arrays; its result, the accumulator's
                    // initial value folded with the combined partials, replaces the call in
                    // the statement that follows.
                    let ir = self.body.intermediates.get(*index).ok_or_else(|| {
                        EmitError::Internal("intermediate reduction out of range".into())
                    })?;
                    let r = ir.body.parallel.reduction.as_ref().ok_or_else(|| {
                        EmitError::Internal("intermediate reduction without a reduction".into())
                    })?;
                    let ty = rust_prim(r.ty);
                    let op = super::types::reduce_op(r.op).ok_or_else(|| {
                        EmitError::Internal("intermediate reduction operator".into())
                    })?;
                    let mut values = Vec::new();
                    for arg in &ir.args {
                        let value = match arg {
                            analysis::CalleeArg::Scalar(e) => self.cx.expr(*e)?,
                            // A lifted field's value is `somd_lift{k}` (`bound_local`).
                            analysis::CalleeArg::ScalarParam(l) => self.bound_local(*l)?.1,
                            analysis::CalleeArg::Array(_) => continue,
                        };
                        values.push(format!("rt::device::HostArg::from({value})"));
                    }
                    let kernel = self.body.launches.len() + index;
                    let name = format!("somd_ir{index}");
                    // The call names the method (`ir.callee` may be the static copy that
                    // `analysis::instance` made of an instance method, in the analysed
                    // module only).
                    let callee = match &self.cx.e(ir.call)?.kind {
                        somd_mir::ExprKind::IntermediateReduce { func, .. } => *func,
                        _ => ir.callee,
                    };
                    writeln!(out, "{pad}// `{}`", self.cx.callee(callee)?.name)?;
                    writeln!(
                        out,
                        "{pad}let somd_partials: Vec<{ty}> = somd_sync.reduce({kernel}, &[], &[{}]);",
                        values.join(", ")
                    )?;
                    writeln!(
                        out,
                        "{pad}let {name}: {ty} = <{op} as rt::reduce::ReduceOp<{ty}>>::combine({}, {});",
                        super::types::constant(&ir.init),
                        partials_tree(r, op, "&somd_partials")
                    )?;
                    self.cx.replaced.insert(ir.call, name);
                }
                SyncStep::Host(stmt) => {
                    let check = self.check_before(&walk::stmt_roots(stmt));
                    writeln!(out, "{pad}{check}")?;
                    self.cx.stmt(out, super::writer::Level(level), stmt)?;
                }
                SyncStep::SwapOrLaunch { launch, dst, src } => {
                    let pair = self.exchanges;
                    self.exchanges += 1;
                    let indices: Vec<String> = (0..depth).map(|d| format!("somd_h{d}")).collect();
                    writeln!(
                        out,
                        "{pad}// `{}` = `{}`: their buffers are exchanged when of one shape",
                        self.func.local(*dst).name,
                        self.func.local(*src).name
                    )?;
                    writeln!(
                        out,
                        "{pad}somd_sync.swap_or_launch({pair}, {launch}, &[{}]);",
                        indices.join(", ")
                    )?;
                }
                SyncStep::Repeat { index, lo, hi, body: inner } => {
                    let i = format!("somd_h{depth}");
                    let name = &self.func.local(*index).name;
                    writeln!(out, "{pad}// for (int {name} = ..; {name} < ..; {name}++)")?;
                    writeln!(out, "{pad}let mut {i}: i32 = {};", self.size(lo)?)?;
                    // The statements the host runs, and the host scalars a launch passes,
                    // may read the index by its name (a loop bounded by a local passed `p`).
                    let prelude =
                        format!("{pad}    let {}: i32 = {i};\n", self.cx.local_name(*index));
                    let head = format!("while {i} < {}", self.size(hi)?);
                    self.host_loop(out, &head, inner, level, depth + 1, &prelude)?;
                    writeln!(out, "{pad}    {i} = {i}.wrapping_add(1);")?;
                    writeln!(out, "{pad}}}")?;
                }
                SyncStep::If { cond, cond_steps, then, otherwise } => {
                    self.steps(out, cond_steps, level, depth)?;
                    writeln!(out, "{pad}{}", self.check_before(&[*cond]))?;
                    writeln!(out, "{pad}if {} {{", self.cx.expr(*cond)?)?;
                    self.steps(out, then, level + 1, depth)?;
                    if !otherwise.is_empty() {
                        writeln!(out, "{pad}}} else {{")?;
                        self.steps(out, otherwise, level + 1, depth)?;
                    }
                    writeln!(out, "{pad}}}")?;
                }
                SyncStep::Loop { test, test_steps, at_end, body: inner, update } => {
                    // Java's test, after a check of the launches before it (a failed launch
                    // leaves values the test must not act on).
                    let mut prelude = String::new();
                    if let (Some(t), false) = (test, at_end) {
                        self.test(&mut prelude, *t, test_steps, level + 1, depth)?;
                    }
                    self.host_loop(out, "loop", inner, level, depth, &prelude)?;
                    self.steps(out, update, level + 1, depth)?;
                    if let (Some(t), true) = (test, at_end) {
                        self.test(out, *t, test_steps, level + 1, depth)?;
                    }
                    writeln!(out, "{pad}}}")?;
                }
                SyncStep::Return(r) => self.ret(out, level, r)?,
                SyncStep::Fresh(local) => {
                    let k = self
                        .ending
                        .args
                        .get(local)
                        .ok_or_else(|| EmitError::Internal("fresh array argument".into()))?;
                    writeln!(out, "{pad}// `{}`: a fresh array", self.func.local(*local).name)?;
                    writeln!(out, "{pad}somd_sync.fresh({k});")?;
                }
                SyncStep::Break(n) | SyncStep::Continue(n) => {
                    let target =
                        self.loops.len().checked_sub(n + 1).and_then(|k| self.loops.get(k));
                    let (brk, cont) = target
                        .ok_or_else(|| EmitError::Internal("`break` outside a host loop".into()))?;
                    let label = if matches!(step, SyncStep::Break(_)) { brk } else { cont };
                    writeln!(out, "{pad}break {label};")?;
                }
            }
        }
        Ok(())
    }

    /// `SyncCall::finish` (or `finish_updating`), downloading the kernel arguments
    /// `returned`, as `done`; the wrapper's `moved` lets a returned parameter the caller
    /// replaces come down into its own storage.
    fn finish(&self, out: &mut String, pad: &str, returned: &[usize]) -> Result<(), EmitError> {
        match &self.ending.updated {
            // The receiver's field arrays the body writes come back into its arrays.
            Some(list) => writeln!(
                out,
                "{pad}let done = somd_sync.finish_updating(&{returned:?}, &{list:?}, moved);"
            )?,
            None if self.ending.leaving => {
                writeln!(out, "{pad}let done = somd_sync.finish_leaving(&{returned:?}, moved);")?
            }
            None => writeln!(out, "{pad}let done = somd_sync.finish(&{returned:?}, moved);")?,
        }
        Ok(())
    }

    /// A `return` of the host program: the call's end, then the method's.
    fn ret(&mut self, out: &mut String, level: usize, r: &SyncReturn) -> Result<(), EmitError> {
        let pad = "    ".repeat(level);
        let returned = match r {
            SyncReturn::Param(l) | SyncReturn::Output(l) => {
                vec![*self
                    .ending
                    .args
                    .get(l)
                    .ok_or_else(|| EmitError::Internal("returned array argument".into()))?]
            }
            SyncReturn::Nothing | SyncReturn::Value(_) => Vec::new(),
        };
        if let SyncReturn::Value(value) = r {
            let text = self.cx.expr(*value)?;
            let ty = self.cx.ty(&self.func.ret)?;
            writeln!(out, "{pad}somd_sync.check();")?;
            writeln!(out, "{pad}let somd_value: {ty} = {text};")?;
        }
        self.finish(out, &pad, &returned)?;
        match r {
            SyncReturn::Nothing => writeln!(out, "{pad}return;")?,
            SyncReturn::Param(_) | SyncReturn::Output(_) => {
                let (p, rank) = elem_of(&self.func.ret)
                    .ok_or_else(|| EmitError::Internal("result type".into()))?;
                let arg = returned[0];
                writeln!(out, "{pad}return done.output_{rank}d::<{}>({arg});", rust_prim(p))?;
            }
            SyncReturn::Value(_) => {
                // The one MI's value, combined by the strategy.
                let ty = self.cx.ty(&self.func.ret)?;
                writeln!(out, "{pad}let _ = done;")?;
                writeln!(out, "{pad}let partials: Vec<{ty}> = vec![somd_value];")?;
                writeln!(out, "{pad}return {};", self.ending.reduce)?;
            }
        }
        Ok(())
    }

    /// The check of the launches before a host step evaluating `roots`: Java raises a
    /// failed launch's exception before the step, so a step that may fail itself checks
    /// first; one that cannot (no division by a variable, no element, no call but `Math`)
    /// checks lazily (`SyncCall::check_lazily`: every 64 launches), since a failed launch
    /// leaves nothing it reads and the call raises the failure at the next check.
    fn check_before(&self, roots: &[somd_mir::ExprId]) -> &'static str {
        let module = self.cx.module;
        let pure = |f: somd_mir::FuncId| walk::library_math(module, f);
        let fails = roots.iter().any(|e| walk::may_fail(self.func, *e, &|_| false, &pure));
        match fails {
            true => "somd_sync.check();",
            false => "somd_sync.check_lazily();",
        }
    }

    /// A host loop's test: its intermediate reductions, the check of the launches before
    /// it, then `break` when Java's test fails.
    fn test(
        &mut self,
        out: &mut String,
        test: somd_mir::ExprId,
        steps: &[SyncStep],
        level: usize,
        depth: usize,
    ) -> Result<(), EmitError> {
        let pad = "    ".repeat(level);
        self.steps(out, steps, level, depth)?;
        writeln!(out, "{pad}{}", self.check_before(&[test]))?;
        writeln!(out, "{pad}if !({}) {{", self.cx.expr(test)?)?;
        writeln!(out, "{pad}    break;")?;
        writeln!(out, "{pad}}}")?;
        Ok(())
    }

    /// A host loop's head (`head` follows the label, when the loop needs one) and its body:
    /// inside a labelled block when it holds a `break` or `continue` of this loop, which
    /// leave the loop or the block (a `for` loop's updates come after the block).
    fn host_loop(
        &mut self,
        out: &mut String,
        head: &str,
        body: &[SyncStep],
        level: usize,
        depth: usize,
        prelude: &str,
    ) -> Result<(), EmitError> {
        let pad = "    ".repeat(level);
        let n = self.loops.len();
        let (brk, cont) = (format!("'somd_hl{n}"), format!("'somd_hc{n}"));
        self.loops.push((brk.clone(), cont.clone()));
        let written = match jumps(body, 0) {
            false => {
                writeln!(out, "{pad}{head} {{")?;
                out.push_str(prelude);
                self.steps(out, body, level + 1, depth)
            }
            true => {
                writeln!(out, "{pad}{brk}: {head} {{")?;
                out.push_str(prelude);
                writeln!(out, "{pad}    {cont}: {{")?;
                let written = self.steps(out, body, level + 2, depth);
                writeln!(out, "{pad}    }}")?;
                written
            }
        };
        self.loops.pop();
        written
    }

    /// The device argument position and Rust name of a loop bound's local: a parameter, or
    /// a receiver's field or a `static final int` that the analysed copy made a parameter
    /// after the function's own (`analysis::instance::lift_fields`): lifted value `k` is
    /// `somd_lift{k}` and crosses after the parameters (`write_prologue`).
    fn bound_local(&self, local: somd_mir::LocalId) -> Result<(usize, String), EmitError> {
        if let Some(p) = self.func.params.iter().position(|l| *l == local) {
            let name = self
                .param_names
                .get(p)
                .ok_or_else(|| EmitError::Internal("parameter name".into()))?;
            return Ok((p, name.clone()));
        }
        match (local.0 as usize).checked_sub(self.func.locals.len()) {
            Some(k) if k < self.lifted => Ok((self.func.params.len() + k, format!("somd_lift{k}"))),
            _ => Err(EmitError::Internal("host loop bound of a non-parameter".into())),
        }
    }

    /// A loop bound as a Rust `i32` expression (Java `int` arithmetic).
    fn size(&self, size: &SizeExpr) -> Result<String, EmitError> {
        Ok(match size {
            SizeExpr::Const(v) => format!("{v}i32"),
            SizeExpr::Scalar(l) => self.bound_local(*l)?.1,
            SizeExpr::Static { field, .. } => self.cx.static_value(*field)?,
            SizeExpr::Len { array, dim } => {
                format!("somd_sync.len({}, {dim})", self.bound_local(*array)?.0)
            }
            SizeExpr::Add(a, b) => {
                format!("i32::wrapping_add({}, {})", self.size(a)?, self.size(b)?)
            }
            SizeExpr::Sub(a, b) => {
                format!("i32::wrapping_sub({}, {})", self.size(a)?, self.size(b)?)
            }
            // `Cx::size_depth` gives host loops none of these (a host scalar is a size of
            // the launches only).
            SizeExpr::Mul(..)
            | SizeExpr::Div(..)
            | SizeExpr::Min(..)
            | SizeExpr::Max(..)
            | SizeExpr::Rem(..)
            | SizeExpr::Shr(..)
            | SizeExpr::Shl(..)
            | SizeExpr::UShr(..)
            | SizeExpr::Row { .. }
            | SizeExpr::Host(_) => {
                return Err(EmitError::Internal("a kernel size as a host loop bound".into()))
            }
        })
    }
}

/// Whether `steps`, `inner` host loops inside the body of a host loop, hold a `break` or
/// `continue` of that loop.
fn jumps(steps: &[SyncStep], inner: usize) -> bool {
    steps.iter().any(|s| match s {
        SyncStep::Break(n) | SyncStep::Continue(n) => *n == inner,
        SyncStep::If { then, otherwise, .. } => jumps(then, inner) || jumps(otherwise, inner),
        SyncStep::Repeat { body, .. } | SyncStep::Loop { body, .. } => jumps(body, inner + 1),
        _ => false,
    })
}

/// `-0.0` of a floating type, as Rust.
fn negative_zero(p: PrimType) -> &'static str {
    if p == PrimType::Float {
        "-0.0f32"
    } else {
        "-0.0f64"
    }
}

/// The partials `list` (a Rust slice expression) of a device reduction `r` combined with its
/// operator: from its work-items' start when there are none (`-0.0` with
/// [`analysis::AccReduction::neg_zero`], else the identity).
fn partials_tree(r: &analysis::AccReduction, op: &str, list: &str) -> String {
    let ty = rust_prim(r.ty);
    if r.neg_zero {
        format!("rt::reduce::tree_or::<{op}, {ty}>({list}, {})", negative_zero(r.ty))
    } else {
        format!("rt::reduce::tree::<{op}, {ty}>({list})")
    }
}

/// Writes the `static KernelDesc` through which generated code launches kernel `m`:
/// `label` names the call in traces, `first_dist` is the SOMD method's first `dist`
/// parameter (`None` for maps and reductions), `args` the `ArgSpec` of every argument,
/// `ragged` the static of its ragged variant and the arguments that takes packed.
fn write_desc_static(
    out: &mut String,
    static_name: &str,
    m: &KernelManifest,
    label: &str,
    first_dist: Option<usize>,
    args: &[String],
    ragged: Option<(String, &[usize])>,
) -> Result<(), EmitError> {
    let names: Vec<String> = m.args.iter().map(|a| format!("{:?}", a.name)).collect();
    let global: Vec<String> = m.global.iter().map(size_text).collect();
    writeln!(out)?;
    writeln!(out, "/// Kernel `{}` ({} `{}`).", m.name, m.origin, m.source_function)?;
    writeln!(out, "static {static_name}: rt::device::KernelDesc = rt::device::KernelDesc {{")?;
    writeln!(out, "    program: &CL_PROGRAM,")?;
    writeln!(out, "    sites: &CL_SITES,")?;
    writeln!(out, "    name: {:?},", m.name)?;
    writeln!(out, "    label: {label:?},")?;
    writeln!(out, "    needs_fp64: {},", m.needs_fp64)?;
    writeln!(out, "    first_dist: {first_dist:?},")?;
    writeln!(out, "    args: &[")?;
    for a in args {
        writeln!(out, "        rt::device::ArgSpec::{a},")?;
    }
    writeln!(out, "    ],")?;
    writeln!(out, "    names: &[{}],", names.join(", "))?;
    writeln!(out, "    global: &[{}],", global.join(", "))?;
    let fold = m.args.iter().any(|a| a.source == ArgSource::Chunk);
    writeln!(out, "    reduction: {},", m.reduction.is_some() && !fold)?;
    writeln!(out, "    fold: {fold},")?;
    let strided = m.reduction.as_ref().is_some_and(|r| r.strided) && !fold;
    writeln!(out, "    strided: {strided},")?;
    match &m.constant {
        Some(c) => {
            let args: Vec<String> = c.args.iter().map(usize::to_string).collect();
            writeln!(out, "    constant: Some(({:?}, &[{}])),", c.name, args.join(", "))?
        }
        None => writeln!(out, "    constant: None,")?,
    }
    writeln!(out, "    widened: {},", m.widened)?;
    let narrow: Vec<String> = m.narrow.iter().map(|(k, name)| format!("({k}, {name:?})")).collect();
    writeln!(out, "    narrow: &[{}],", narrow.join(", "))?;
    writeln!(out, "    setup_fails: {},", m.setup_fails)?;
    writeln!(out, "    square_groups: {},", m.square_groups)?;
    let written: Vec<String> = m
        .args
        .iter()
        .filter_map(|a| match (&a.kind, &a.source) {
            (ArgKind::Buffer { access, .. }, ArgSource::Param(p)) if *access != Access::In => {
                Some(p.to_string())
            }
            _ => None,
        })
        .collect();
    writeln!(out, "    written: &[{}],", written.join(", "))?;
    match ragged {
        Some((variant, packed)) => {
            let packed: Vec<String> = packed.iter().map(usize::to_string).collect();
            writeln!(out, "    ragged: Some((&{variant}, &[{}])),", packed.join(", "))?
        }
        None => writeln!(out, "    ragged: None,")?,
    }
    match &m.rows {
        Some(r) => {
            let inner =
                r.inner.as_ref().map_or("None".to_string(), |i| format!("Some({})", size_text(i)));
            writeln!(out, "    rows: Some(({:?}, {inner})),", r.name)?
        }
        None => writeln!(out, "    rows: None,")?,
    }
    match &m.tiles {
        Some(t) => {
            let inner =
                t.inner.as_ref().map_or("None".to_string(), |i| format!("Some({})", size_text(i)));
            writeln!(out, "    tiles: Some(({:?}, {inner})),", t.name)?
        }
        None => writeln!(out, "    tiles: None,")?,
    }
    writeln!(out, "}};")?;
    Ok(())
}

/// Rust text reading leaf `leaf` of an object from `start` (an `Option` of the object):
/// `.and_then(|o| o.f.try_get())` per nested object on its path (`None` behind a `null`
/// one), then `own` applied to the leaf's own field name.
fn leaf_read(
    cx: &super::expr::FnCx<'_>,
    leaf: &analysis::holders::Leaf,
    start: String,
    own: impl Fn(&str) -> String,
) -> Result<String, EmitError> {
    let Some(((class, index), nested)) = leaf.path.split_last() else {
        return Err(EmitError::Internal("a leaf of a holder without a field".into()));
    };
    let mut text = start;
    for (c, i) in nested {
        text.push_str(&format!(".and_then(|o| o.{}.try_get())", cx.field(*c, *i)?));
    }
    text.push_str(&own(&cx.field(*class, *index)?));
    Ok(text)
}

/// The host arguments of the leaves of `value` (Rust text of a `Val<C>` or `&Val<C>`), an
/// object of value class `c` holding arrays (`analysis::holders`): each primitive, vector or
/// array reached through its fields, in the order the kernel declares them. A leaf behind a
/// `null` object is `HostArg::Null` (the CPU path runs); a `null` array runs it too.
pub fn holder_leaf_args(
    cx: &super::expr::FnCx<'_>,
    c: somd_mir::ClassId,
    value: &str,
) -> Result<Vec<String>, EmitError> {
    let mut out = Vec::new();
    for leaf in analysis::holders::leaves(cx.module, c) {
        let by_value = matches!(leaf.kind, analysis::holders::LeafKind::Scalar(_));
        let text = leaf_read(cx, &leaf, format!("{value}.try_get()"), |name| {
            let arg = if by_value { format!("o.{name}") } else { format!("&o.{name}") };
            format!(".map(|o| rt::device::HostArg::from({arg}))")
        })?;
        out.push(format!("rt::device::HostArg::or_null({text})"));
    }
    Ok(out)
}

/// The host side of a mapped array `var` (Rust text) of objects of value class `c` holding
/// arrays (`analysis::holders`, note `device-execution`): `let`s binding its leaves as lazy
/// device arrays (`rt::device::EachField`: one value per object, `JoinedField`: the objects'
/// arrays end to end, with their offsets), read only if the call plans on the device, and
/// their host arguments in the order the kernel declares them. `pos` is the `@`'s position.
pub fn holder_mapped_leaves(
    cx: &super::expr::FnCx<'_>,
    c: somd_mir::ClassId,
    var: &str,
    pos: &str,
) -> Result<(String, Vec<String>), EmitError> {
    let mut lets = String::new();
    let mut args = Vec::new();
    for (j, leaf) in analysis::holders::leaves(cx.module, c).iter().enumerate() {
        let scalar = matches!(leaf.kind, analysis::holders::LeafKind::Scalar(_));
        let read = leaf_read(cx, leaf, "Some(o)".into(), |name| {
            if scalar {
                format!(".map(|o| o.{name})")
            } else {
                format!(".map(|o| o.{name}.clone())")
            }
        })?;
        let leaf_var = format!("{var}_f{j}");
        let kind = if scalar { "EachField" } else { "JoinedField" };
        write!(lets, "let {leaf_var} = rt::device::{kind}::new(&{var}, {pos}, |o| {read}); ")
            .unwrap_or_default();
        args.push(format!("rt::device::HostArg::from(&{leaf_var})"));
        if analysis::holders::leaf_slots(leaf, true) == 2 {
            write!(lets, "let {leaf_var}_off = {leaf_var}.offsets(); ").unwrap_or_default();
            args.push(format!("rt::device::HostArg::from(&{leaf_var}_off)"));
        }
    }
    Ok((lets, args))
}
