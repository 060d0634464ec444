//! Narrow storage of `int` value arrays on the device (note `device-execution`, "Narrow
//! storage").
//!
//! A value array never changes once made, so the runtime may store its device copy in a
//! narrower type when every element fits (`uchar`, `char`, `ushort`, `short`): the kernel
//! reads the narrow type and widens each element to `int` at the load, so it computes what
//! it computes with `int` storage. The kernel is one source whose pointer types are build
//! option macros; this analysis says, for a parameter of a `@`'s function, which parameters
//! of which functions the array reaches (its *flow*), all of which take the macro as their
//! element type.
//!
//! A parameter `p` of type `int[[]]` flows when every use of it is `p[i]`, `p.length`,
//! `op ! p` or `C.m ! p` (folded in the work-item, `nested::array_folds`), or `p` passed to
//! a parameter of a static function (by a call, or as a broadcast argument of
//! a `@`) that flows the same way; a parameter of type `int[[]][[]]` when every use is
//! `p.length`, or `p` passed as a broadcast argument (to an `int[[]][[]]` parameter) or a
//! mapped argument of a `@` (its rows to an `int[[]]` parameter) whose parameter flows.
//! Such a parameter is never written, stored, aliased by a local, compared or returned.
//! Then no parameter of the flow may receive anything else: every call or `@` anywhere in
//! the module that passes an argument to one of them must pass a parameter of the same
//! flow, except the `@`s of host methods (neither `local` nor SOMD methods, so never device
//! code) that launch the kernel itself. Two flows that share a parameter are both refused
//! (one macro per parameter). Recursion is cut at a depth of 8 (the answer is then no).

use crate::ir::{ExprKind, FuncId, FuncKind, Function, LocalId, MapArg, Module, Type};
use somd_syntax::ast::PrimType;
use std::collections::{BTreeMap, BTreeSet};

/// The parameters (function, parameter) an array passed as parameter `k` of a `@`'s
/// function reaches.
pub type Flow = BTreeSet<(FuncId, LocalId)>;

/// Whether `ty` is `int[[]]` (rank 1) or `int[[]][[]]` (rank 2) without bounds.
fn int_rank(ty: &Type) -> Option<u8> {
    match ty {
        Type::ValueArray(e, None) => match &**e {
            Type::Prim(PrimType::Int) => Some(1),
            Type::ValueArray(inner, None) if **inner == Type::Prim(PrimType::Int) => Some(2),
            _ => None,
        },
        _ => None,
    }
}

/// The flow of parameter `k` of `root` (a `@`'s function), or why it cannot be narrowed.
pub fn flow(module: &Module, root: FuncId, k: usize) -> Result<Flow, &'static str> {
    let func = module.function(root);
    let param = *func.params.get(k).ok_or("no such parameter")?;
    let rank = int_rank(&func.local(param).ty).ok_or("not an int value array")?;
    let mut set = Flow::new();
    if !collect(module, root, param, rank, 0, &mut set) {
        return Err("it is used other than read by index, length or passed on");
    }
    // No other value may reach a parameter of the flow.
    for (id, f) in module.functions.iter().enumerate() {
        let caller = FuncId(id as u32);
        let host = !f.is_local && f.somd.is_none();
        let from_flow =
            |e| matches!(f.expr(e).kind, ExprKind::Local(l) if set.contains(&(caller, l)));
        for e in &f.exprs {
            let (target, args): (FuncId, Vec<(crate::ir::ExprId, bool)>) = match &e.kind {
                ExprKind::Call { func: t, args, .. } => {
                    (*t, args.iter().map(|a| (*a, false)).collect())
                }
                ExprKind::Map { func: t, args } => {
                    (*t, args.iter().map(|(a, _)| (*a, true)).collect())
                }
                _ => continue,
            };
            let target_fn = module.function(target);
            for (j, (a, map)) in args.iter().enumerate() {
                let Some(p) = target_fn.params.get(j) else { continue };
                if !set.contains(&(target, *p)) || from_flow(*a) {
                    continue;
                }
                // The planes of a mapped 3-D array are views of its buffer, never narrowed.
                let plane = super::isolation::cube_elem(&f.expr(*a).ty).is_some();
                let launch = *map && host && target == root && j == k && !plane;
                if !launch {
                    return Err("a function it reaches is also passed other arrays");
                }
            }
        }
    }
    Ok(set)
}

fn collect(
    module: &Module,
    fid: FuncId,
    param: LocalId,
    rank: u8,
    depth: u32,
    set: &mut Flow,
) -> bool {
    let func = module.function(fid);
    if depth > 8 || !func.params.contains(&param) || int_rank(&func.local(param).ty) != Some(rank) {
        return false;
    }
    if !set.insert((fid, param)) {
        return true; // reached before (recursion): its uses are being checked
    }
    let is_param = |e| matches!(func.expr(e).kind, ExprKind::Local(l) if l == param);
    let mut claimed = 0usize;
    for e in &func.exprs {
        match &e.kind {
            ExprKind::Index { array, .. } if rank == 1 && is_param(*array) => claimed += 1,
            ExprKind::Length(array) if is_param(*array) => claimed += 1,
            // Folded in the work-item, which reads the elements as stored (`nested.rs`).
            ExprKind::ReduceArray { array, .. } if rank == 1 && is_param(*array) => claimed += 1,
            ExprKind::Call { func: callee, receiver: None, args } => {
                for (j, a) in args.iter().enumerate() {
                    if is_param(*a) {
                        if !pass_on(module, *callee, j, rank, depth, set) {
                            return false;
                        }
                        claimed += 1;
                    }
                }
            }
            ExprKind::Map { func: target, args } => {
                for (j, (a, mode)) in args.iter().enumerate() {
                    if is_param(*a) {
                        let to = match mode {
                            MapArg::Broadcast => rank,
                            MapArg::Mapped if rank == 2 => 1,
                            MapArg::Mapped => return false,
                        };
                        if !pass_on(module, *target, j, to, depth, set) {
                            return false;
                        }
                        claimed += 1;
                    }
                }
            }
            _ => {}
        }
    }
    let uses = func.exprs.iter().filter(|e| matches!(e.kind, ExprKind::Local(l) if l == param));
    uses.count() == claimed
}

fn pass_on(
    module: &Module,
    callee: FuncId,
    j: usize,
    rank: u8,
    depth: u32,
    set: &mut Flow,
) -> bool {
    let callee_fn: &Function = module.function(callee);
    let Some(p) = callee_fn.params.get(j) else { return false };
    callee_fn.kind == FuncKind::Static && collect(module, callee, *p, rank, depth + 1, set)
}

/// The flows of the given `@` roots (function, parameter index) that can be narrowed: each
/// root's flow, without the flows that share a parameter with another root's.
pub fn plan(
    module: &Module,
    roots: &BTreeSet<(FuncId, usize)>,
) -> BTreeMap<(FuncId, usize), Result<Flow, &'static str>> {
    let mut out: BTreeMap<(FuncId, usize), Result<Flow, &'static str>> =
        roots.iter().map(|&(f, k)| ((f, k), flow(module, f, k))).collect();
    let mut owners: BTreeMap<(FuncId, LocalId), usize> = BTreeMap::new();
    for flow in out.values().flatten() {
        for entry in flow {
            *owners.entry(*entry).or_default() += 1;
        }
    }
    for result in out.values_mut() {
        if let Ok(flow) = result {
            if flow.iter().any(|e| owners.get(e).copied().unwrap_or(0) > 1) {
                *result = Err("another argument reaches a function it reaches");
            }
        }
    }
    out
}

/// Every (function, parameter index) of an `int[[]]` or `int[[]][[]]` parameter passed by a
/// `@` of a host method (neither `local` nor a SOMD method): the arguments a `@` kernel
/// may receive narrow.
pub fn roots(module: &Module) -> BTreeSet<(FuncId, usize)> {
    let mut out = BTreeSet::new();
    for f in module.functions.iter().filter(|f| !f.is_local && f.somd.is_none()) {
        for e in &f.exprs {
            let ExprKind::Map { func: target, args } = &e.kind else { continue };
            let target_fn = module.function(*target);
            for (k, p) in target_fn.params.iter().enumerate().take(args.len()) {
                if int_rank(&target_fn.local(*p).ty).is_some() {
                    out.insert((*target, k));
                }
            }
        }
    }
    out
}
