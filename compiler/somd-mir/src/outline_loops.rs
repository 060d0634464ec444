//! Host loops over SOMD results, written as SOMD methods of their own.
//!
//! A host loop that combines the result of a SOMD call with another array,
//! SparseMatMult's `for (int i = 0; i < n; i++) y[i] += partial[i];` after each `partial =
//! multiply(..)`, reads every element of the result on the host: the result comes down after
//! every call, and where the loop's own array is then passed to a device call, that goes up
//! again. A hand-written OpenCL program adds on the device and downloads `y` once. This
//! pass outlines such a loop, as a compiler outlines a parallel region: it becomes a static
//! SOMD method of the caller's class, `Class.caller$loopK`, taking the array the loop
//! writes as its `dist` parameter and every other local the loop reads as a parameter,
//! and returning the written array; the loop itself is the statement `y =
//! Class.caller$loopK(y, partial, n);`. The analyses then treat it as any SOMD call: its
//! loop becomes a kernel, a result it reads stays on the device (`analysis::lazy`), and so
//! does the array it writes, which comes down once, where the host reads it.
//!
//! A loop qualifies when
//!
//! - it is a counted `for (int i = lo; i < hi; i++)` (or `++i`, `i += 1`), or since the
//!   eighty-seventh session `for (int i = hi; i >= lo; i--)` (`>`, `--i`, `i -= 1`), and since
//!   the eighty-eighth `i <= hi` and any constant step (`i += 3`, `i = i + 3`, `i -= 2`),
//!   since the ninetieth over an index declared before it that nothing after the loop reads
//!   (`int i; .. for (i = 0; ..)`: [`index_declared_before`]), of a host
//!   function (no SOMD method, not `local`), without a label, whose `lo` and `hi` are
//!   constants, locals, lengths of locals, sums and differences of those, and products,
//!   quotients and right shifts of those by a constant that is not 0 (`n / 2`, `(n >> 1) +
//!   1`);
//! - its body's statements are declarations of primitive locals with a value, stores
//!   `w[i] = e`, `w[i] op= e`, `w[i]++` to one array local `w` at the loop's index (since
//!   the ninetieth session at `w[i + c]` for a constant `c`, every store at the same place,
//!   [`offset_of`]), `continue` (since the ninetieth session) and `if`s (with or without
//!   `else`) whose branches hold such statements, and its
//!   expressions read only constants, `final` primitive static fields, locals, array
//!   elements and lengths, through operators, conversions, conditionals, `Math` functions
//!   and (since the eighty-sixth session) calls of static methods that change nothing
//!   outside them and initialize no class at its first use ([`pure_helper`]), given
//!   primitive values only: no other assignment, call or allocation. Every iteration then
//!   writes only its own element of `w`, reads `w` only there, and changes nothing else;
//! - `w` is a 1-D primitive array variable that holds only fresh arrays and lends its
//!   storage to nothing but readers (`keep::unshared_array`): no other name sees its
//!   elements, so a device that writes a copy of it and hands the copy back as `w` changes
//!   nothing a program can observe, and the locals the loop reads cannot be `w`'s
//!   storage;
//! - some array local whose elements it reads (`w` too, where a store reads its element
//!   first) is given the result of a SOMD call, fresh, in the function
//!   (`keep::is_fresh_of`), or (since the eighty-eighth session) the array of a local given
//!   one (`u = nu;`), or the loop reads `w`'s elements and the function passes `w`
//!   to a SOMD method (`x[i] = x[i] * 0.5;` between rounds of `sum(x)`, which sent `x`
//!   up again each round), or a host loop around it, which `w` outlives, passes `w` to a
//!   SOMD method (`x[i] = b[i] * r;` before `t += sum(x)` in each round): that is the
//!   transfer the outlining saves. The last two need a bound above 256 or computed (since
//!   the eighty-eighth session a local declared with a constant and never assigned counts
//!   as that constant, and a larger constant as computed): a loop of a few iterations
//!   (`for (int j = 0; j < 4; j++) a[j] = j * k;`) stores a few elements that a keep scope
//!   sends again for the next call, cheaper than a launch. A
//!   loop over host arrays alone stays as it is, and so does one that only fills `w` once
//!   (`u[i] = i % 7;` before `u` is handed to SOMD calls), which the host does as cheaply
//!   as a device that is first sent `w`'s zeros.
//!
//! A *reduction* loop qualifies too (eighty-fifth session): one whose body, of the same
//! statements, stores to no array and updates one local `acc` declared before it, each
//! time with one operator (`acc op= e`, `acc = acc op e`, `acc++`, `acc = Math.max(acc, e)`,
//! `if (..) count++;`; `acc -= e`, `acc = acc - e` and `acc--` add, since the
//! eighty-sixth session `if (v > m) m = v;` of an `int` or `long` `m` is `max`, `<` `min`,
//! and since the eighty-seventh `if (..) found = true;` of a `boolean` is `||`, `ok =
//! false` `&&`)
//! that is exact in any order: `+`, `*`, `&`, `|`, `^`, `min`, `max` of
//! `int`s and `long`s, `min` and `max` of `float`s and `double`s (Java's rules: NaN wins,
//! `-0.0 < 0.0`), `&&`, `||`, `&`, `|` and `^` of `boolean`s, and some 1-D array it reads
//! holds a fresh SOMD
//! result, which then need not come down (`t += y[i]` after each `y = step(y)`). It becomes
//! `static reduce(op) T caller$loopK(dist A y, T acc, reads..)`, whose body is the loop
//! and `return acc;` (`acc` copied into a local first, as `param_copies` gives other SOMD
//! methods), and the loop `acc = Class.caller$loopK(y, acc, ..);`: the device starts its
//! work-items from the operator's identity and folds `acc`'s value in on the host, which
//! gives Java's value where the operator is exact. It is outlined only where the method's
//! analysis (`analysis::parallel`) finds the loop a parallel reduction, so a loop the
//! device could not run as one (an accumulator read elsewhere in the body, an `||` whose
//! right operand may fail) stays as written. A floating-point sum stays on the host:
//! another order rounds differently.
//!
//! An *argument extremum* qualifies too (ninety-first session): a loop whose only update of
//! locals declared before it is `if (v > m) { m = v; k = e; .. }` (`>=`, `<`, `<=`, either
//! side; [`Scan::arg_extremum`]), keeping the first (`>`, `<`) or last (`>=`, `<=`)
//! iteration reaching the extremum and what it sets, or `if (v > m) m = v;` of a `float` or
//! `double` `m`, which Java's order decides between `-0.0` and `0.0`. It becomes `static
//! reduce(loop$pick) T[] caller$loopK(dist A over, M m, K k, .., reads..)`, whose body is
//! `T set = 0;`, the loop with `set = 1;` after the extremum's assignments, and `return new
//! T[]{m, k, .., set};`, `T` an `int`, `long` or `double` holding each exactly
//! ([`ArgExt::table`]); the loop becomes `T[] t = Class.caller$loopK(..); if (t[set] != 0)
//! { m = (M) t[0]; k = (K) t[1]; .. }`. On a device the method's loop is the argument
//! extremum of SOMD bodies (`analysis::parallel`, the flag one more payload, a constant),
//! each work-item keeping the iteration of its candidate, and `m`'s value before the loop
//! is the host's, which a candidate must beat. On the CPU every MI starts from the caller's
//! values and the tables are picked in order ([`pick_function`]). It is outlined only
//! where that analysis takes the loop: payloads that cannot fail and have no effect, `v`
//! one value where it is compared and where it is assigned.
//!
//! A *search* is one too (ninety-second session): a loop whose body is `if (test) { x = e;
//! ..; break; }` ([`Scan::search`]) leaves at its first match, the smallest iteration
//! passing the test (the largest stepping down), and assigns what that iteration assigns.
//! Its method is the argument extremum's without a compared value (`ArgExt::rel` is
//! `None`): the loop with `set = 1;` before the `break`, `first_match` making it an
//! argument minimum, and MIs' tables picked by the first that was set. The test then runs
//! in iterations after Java's match, so the analysis takes it only where it cannot fail
//! and has no effect; `found_index` gives a search whose index is read after it this form.
//! An MI evaluates a search's test and payloads, an argument extremum's payloads and the
//! right operand of `ok = ok && e` where Java's loop may not, so those may not read the
//! length of an array local that may be `null` ([`speculated_lengths`]), which the
//! method's analysis counts as unable to fail.
//!
//! A *nest* is one too (ninety-third session): the body may hold counted loops, `for (int j
//! = lo; j < hi; j += c)` whose bound reads nothing their body assigns ([`Scan::nested_loop`]),
//! of the same statements, and every body may assign the locals it declares
//! ([`Scan::assigns_own`]): a row's sum stored at the index (`long t = 0; for (..) t +=
//! m[i][j]; rs[i] = t;`), a reduction or an extremum over a whole matrix (`s += m[i][j]`),
//! an inner loop leaving early with `break`. The stores may also go to the cells of the
//! iteration's own row of a matrix, `w[i][j] = ..` (`Scan::rows`): `w` is then the method's
//! `dist` matrix. A matrix result is a reduction's `dist` array where the outer loop reads
//! it at its index, `m[i][..]` (a nest reading its result at other places keeps its
//! inner loops' chances, one launch a run of the outer loop each). The method's analysis has
//! the last word ([`parallel_on_a_device`]): a nest it finds no parallel loop in stays as
//! written. On a device the nest is a 2-D NDRange where that analysis makes one (a
//! reduction over a matrix), or a work-item per outer iteration running its inner loops in
//! Java's order; on the CPU the MIs split the outer loop's range. An inner loop of a host
//! loop that makes no SOMD call is no method of its own where it reads elements at places
//! the outer loop changes, or runs a few iterations ([`nest_part`]): it would be a launch
//! for each outer iteration.
//!
//! A loop computing several of these (eighty-ninth session), stores then a reduction of what
//! they stored (`y[i] = p[i] - x[i]; mx = Math.max(mx, Math.abs(y[i]));`), a reduction then
//! stores (`m = Math.max(m, Math.abs(nu[i] - u[i])); u[i] = nu[i];`), two arrays or two
//! accumulators, is split into a loop for each, in the body's order, where that changes
//! nothing a program can observe ([`split`]; not where it has a `continue`), and each
//! becomes a method as above: the later ones read on the device what the earlier ones left
//! there. The last loop may stay
//! on the host where it cannot be a method ([`stays_on_host`]: a floating-point sum of what
//! the others stored). A loop reading an array that an earlier outlined loop stores counts
//! as reading a SOMD result.
//!
//! On the CPU the method's wrapper runs the loop as written over the whole arrays and in
//! place (`Module::outlined`: the loop indexes `w` from 0 as the whole array), its index
//! range split among MIs (`rt::somd::loop_chunk`; each MI runs the iterations of its
//! share, from the first index of it that the step reaches from the loop's start,
//! `loop_first`, the first MI's share reaching down to any start and the last one's up to
//! any bound, and past `i32::MAX` after `i <= hi`, where Java's index wraps; a loop stepping
//! down takes the shares from the top, `loop_chunk_down`, so that the MIs' order is
//! Java's). Every iteration writes only its own element, and a
//! reduction's MIs past the first start from the operator's identity, their partials
//! folded in order; the lowest failing MI's exception is Java's first. So every placement
//! gives Java's results and exceptions; each copied expression keeps its source position.
//! On a device the loop is one kernel, whose failures are raised in Java's order, as for
//! any SOMD method.

use crate::analysis::parallel::strip_widening;
use crate::analysis::{keep, walk};
use crate::ir::*;
use somd_syntax::ast::{PrimType, ReduceOp};
use std::collections::{HashMap, HashSet};

mod split;
use split::split;

/// Outlines the qualifying loops of every host function (module doc).
pub fn outline_host_loops(module: &mut Module) {
    for f in 0..module.functions.len() {
        let caller = &module.functions[f];
        if caller.somd.is_some() || caller.is_local || caller.kind == FuncKind::StaticInit {
            continue;
        }
        let mut func = caller.clone();
        let mut body = std::mem::take(&mut func.body);
        let mut made = Made { next: module.functions.len(), ..Made::default() };
        outline_block(module, caller, &mut func, &mut body, &Around::default(), &mut made);
        let Made { methods: made, host_parts, host_loops, .. } = made;
        let caller = FuncId(f as u32);
        module.host_loops.extend(host_loops.into_iter().map(|(span, result, why)| HostLoop {
            caller,
            span,
            result,
            why: why.why,
            at: why.at,
        }));
        if made.is_empty() {
            continue;
        }
        module.host_parts.extend(host_parts.into_iter().map(|(span, accumulator)| HostPart {
            caller,
            span,
            accumulator,
        }));
        func.body = body;
        // The loops' own expressions stay behind, unused.
        crate::scalarize::compact(&mut func);
        module.functions[f] = func;
        for (loop_fn, outlined) in made {
            if let Some(mut outlined) = outlined {
                outlined.func = FuncId(module.functions.len() as u32);
                outlined.caller = FuncId(f as u32);
                module.outlined.push(outlined);
            }
            module.functions.push(loop_fn);
        }
    }
}

/// What the host loops around a block tell of the loops in it ([`outline_block`]).
#[derive(Clone, Default)]
struct Around {
    /// The locals that a host loop around the block passes to SOMD methods and does not
    /// declare.
    passed: HashSet<LocalId>,
    /// The locals that host loops around the block assign, where no SOMD call is made
    /// between those loops and the block (ninety-third session): a loop reading one is a
    /// part of a nest that runs again for each iteration, `for (k..) t += a[i * 8 + k];`
    /// inside `for (i..)`, which as a method would be a launch per iteration of the loop
    /// around it ([`nest_part`]).
    varying: HashSet<LocalId>,
    /// Whether a loop around the block stays on the host and `explain` says why: the loops
    /// in it say nothing more.
    reported: bool,
}

/// Refuses the loop `b` of `func` where a host loop around it makes no SOMD call and
/// changes what it reads ([`Around::varying`]) in an element's place (`a[i * 8 + k]`,
/// `m[i][j]`), or where it runs a constant number of iterations, at most [`FEW`]: it is a
/// part of a nest, which as a method of its own would be a launch for each iteration of the
/// loop around it, over a part of the data (the nest as one method, where it qualifies, is
/// one). A loop reading such a local otherwise (`s += a[i] * t` inside `for (t..)`) runs
/// over the whole data each time, and is a method.
fn nest_part(func: &Function, b: &Block, varying: &HashSet<LocalId>) -> Result<(), Refusal> {
    if varying.is_empty() {
        return Ok(());
    }
    if let Some(LoopParts { test, start, .. }) = loop_parts(b) {
        // The top of the range: the bound stepping up, the start stepping down.
        let top = match &func.expr(test).kind {
            ExprKind::Binary { op, rhs, .. } => match op.kind {
                BinOpKind::Lt | BinOpKind::Le => Some(*rhs),
                BinOpKind::Ge | BinOpKind::Gt => Some(start),
                _ => None,
            },
            _ => None,
        };
        if top.is_some_and(|top| few(func, top)) {
            return Err(Refusal::new(format!(
                "it runs at most {FEW} iterations each time a host loop around it that makes no \
                 SOMD call runs one: as a method it would be a launch for each"
            )));
        }
    }
    let own = walk::assigned_in_block(func, b);
    let mut read = None;
    walk::each_stmt(b, &mut |s| {
        for root in walk::stmt_roots(s) {
            walk::each_expr(func, root, &mut |e| {
                let ExprKind::Index { index, .. } = func.expr(e).kind else { return };
                walk::each_expr(func, index, &mut |x| {
                    if let ExprKind::Local(l) = func.expr(x).kind {
                        if varying.contains(&l) && !own.contains(&l) && read.is_none() {
                            read = Some((l, func.expr(e).span));
                        }
                    }
                });
            });
        }
    });
    let Some((l, at)) = read else { return Ok(()) };
    Err(Refusal {
        why: format!(
            "it reads elements at places reading `{}`, which a host loop around it that makes no \
             SOMD call changes: as a method it would be a launch for each iteration of that \
             loop, over a part of the data (the nest as one method would be one)",
            func.local(l).name
        ),
        at: Some(at),
    })
}

/// Outlines the qualifying loops among `block`'s statements and the blocks nested in them,
/// writing the calls into `func`, a copy of `original` whose body is being rewritten: each
/// loop is judged in `original`, whose expressions `func` shares, where the loops outlined
/// before it still stand (each call leaves its array as unshared as its loop did). The
/// methods go to `made`. `around` says what the host loops around `block` do.
fn outline_block(
    module: &Module,
    original: &Function,
    func: &mut Function,
    block: &mut Block,
    around: &Around,
    made: &mut Made,
) {
    let passed = &around.passed;
    for k in 0..block.stmts.len() {
        let (before, rest) = block.stmts.split_at_mut(k);
        let stmt = &mut rest[0];
        // The loop as one method, or split into several ([`split`]); a loop assigning an
        // index declared before it read as one declaring it ([`index_declared_before`]).
        let declared_before = match &*stmt {
            Stmt::Block(b) => index_declared_before(original, b),
            _ => None,
        };
        let mut refused = None;
        let pieces = match (&*stmt, &declared_before) {
            (_, Some(b)) | (Stmt::Block(b), None) => {
                let planned = nest_part(original, b, &around.varying)
                    .and_then(|()| qualifies(module, original, b, passed, &made.arrays));
                match planned {
                    Ok(plan) => vec![(b.clone(), Becomes::Method(plan))],
                    Err(why) => {
                        let pieces = match around.varying.is_empty() {
                            true => split(module, original, b, passed, &made.arrays),
                            false => None,
                        };
                        refused = Some(why).filter(|_| pieces.is_none());
                        pieces.unwrap_or_default()
                    }
                }
            }
            _ => Vec::new(),
        };
        // Whether `explain` hears of this loop (the loops in it then say nothing).
        let mut reports = false;
        if let (Some(why), Some(b), false) = (
            refused,
            declared_before.as_ref().or(match &*stmt {
                Stmt::Block(b) => Some(b),
                _ => None,
            }),
            around.reported,
        ) {
            reports = made.stays_on_host(module, original, b, why);
        }
        if pieces.is_empty() {
            let mut around = Around { reported: around.reported || reports, ..around.clone() };
            if let Stmt::Loop { .. } = stmt {
                // A loop passing an array it does not declare to SOMD methods: each round's
                // call reads what the round wrote into it.
                let (mut args, mut declared) = (HashSet::new(), HashSet::new());
                let mut calls = false;
                walk::each_stmt_of(stmt, &mut |s| {
                    if let Stmt::Let { local, .. } = s {
                        declared.insert(*local);
                    }
                    for root in walk::stmt_roots(s) {
                        walk::each_expr(func, root, &mut |e| {
                            calls |= matches!(func.expr(e).kind, ExprKind::SomdCall { .. });
                            args.extend(somd_args(func, e))
                        });
                    }
                });
                around.passed.extend(args.difference(&declared));
                // What each iteration of a loop making no SOMD call changes ([`nest_part`]).
                match calls {
                    true => around.varying.clear(),
                    false => around.varying.extend(walk::assigned_in_block(
                        func,
                        &Block { stmts: vec![stmt.clone()] },
                    )),
                }
            }
            let methods = made.methods.len();
            for nested in walk::stmt_blocks_mut(stmt) {
                outline_block(module, original, func, nested, &around, made);
            }
            // A nest whose inner loops became methods does not stay on the host.
            if made.methods.len() > methods && reports {
                made.host_loops.pop();
            }
            continue;
        }
        let Stmt::Block(b) = &*stmt else { continue };
        // Where `explain` places loops: the index's declaration, or its assignment.
        let span = match &b.stmts[0] {
            Stmt::Let { local, .. } => original.local(*local).span,
            Stmt::Expr(assign) => original.expr(*assign).span,
            _ => continue,
        };
        // The loops made methods; the last loop of a split one may stay ([`stays_on_host`]).
        let planned: Vec<(&Block, &Plan)> = pieces
            .iter()
            .filter_map(|(piece, becomes)| match becomes {
                Becomes::Method(plan) => Some((piece, plan)),
                Becomes::Host(_) => None,
            })
            .collect();
        // The functions made, each method with its record (an argument extremum's is
        // followed by the function picking between two MIs' tables), and the methods' ids.
        let mut new: Vec<(Function, Option<Outlined>)> = Vec::new();
        let mut ids = Vec::new();
        for (nth, &(piece, plan)) in planned.iter().enumerate() {
            // Numbered in the function; past names of the module (an overload's loops, a
            // method of the program named so).
            let taken = |name: &str| {
                let earlier = made.methods.iter().chain(&new).map(|(f, ..)| f);
                module.functions.iter().chain(earlier).any(|f| f.name == name)
            };
            let loops = made.methods.iter().chain(&new).filter(|(_, o)| o.is_some()).count();
            let name = (loops + 1..)
                .map(|number| format!("{}$loop{number}", func.name))
                .find(|name| !taken(name))
                .unwrap_or_default();
            let id = FuncId((made.next + made.methods.len() + new.len()) as u32);
            // (`fills_new_array` sees the statements before the loop, not earlier parts.)
            let whole = nth == 0 && fills_new_array(func, before, piece, plan);
            let pick = match &plan.target {
                Target::ArgExtremum(ax) => Some(pick_function(original, ax, &name, span)),
                _ => None,
            };
            let picked_by = pick.as_ref().map(|_| FuncId(id.0 + 1));
            let Some((loop_fn, loop_index)) =
                loop_function(original, piece, plan, whole, name, span, picked_by)
            else {
                break;
            };
            let accumulator = match &plan.target {
                Target::Array(_) => None,
                Target::Reduction { acc, .. } => Some(*acc),
                Target::ArgExtremum(ax) => Some(ax.m),
            };
            let judged = accumulator.is_some() || plan.judged;
            let search = matches!(&plan.target, Target::ArgExtremum(ax) if ax.rel.is_none());
            let judge = || parallel_on_a_device(module, &loop_fn, search).err();
            if let Some(why) = judged.then(judge).flatten() {
                if planned.len() == 1 {
                    made.stays_on_host(module, original, b, why);
                }
                break;
            }
            // The caller and the method's id are the module's to give
            // (`outline_host_loops`).
            let outlined = Outlined {
                caller: FuncId(0),
                func: FuncId(0),
                span,
                accumulator,
                index: loop_index,
                step: plan.step,
            };
            new.push((loop_fn, Some(outlined)));
            new.extend(pick.map(|f| (f, None)));
            ids.push(id);
        }
        if ids.len() < planned.len() {
            continue;
        }
        let mut calls: Vec<Stmt> = planned
            .iter()
            .zip(&ids)
            .map(|((_, plan), id)| {
                let loop_fn = &new[id.0 as usize - made.next - made.methods.len()].0;
                call_statement(func, plan, loop_fn, *id, span)
            })
            .collect();
        for (piece, becomes) in &pieces {
            if let Becomes::Host(acc) = becomes {
                made.host_parts.push((span, *acc));
                let mut piece = piece.clone();
                // The caller declares an index declared before the loop once.
                piece.stmts[0] = b.stmts[0].clone();
                calls.push(Stmt::Block(piece));
            }
        }
        *stmt = match calls.len() {
            1 => calls.remove(0),
            _ => Stmt::Block(Block { stmts: calls }),
        };
        made.arrays.extend(planned.iter().filter_map(|(_, plan)| match plan.target {
            Target::Array(w) => Some(w),
            Target::Reduction { .. } | Target::ArgExtremum(_) => None,
        }));
        made.methods.extend(new);
    }
}

/// The methods [`outline_block`] makes of a function's loops.
#[derive(Default)]
struct Made {
    /// The id in the module of the first method made.
    next: usize,
    /// The functions, in order, each method with its record for the module (an argument
    /// extremum's picking function has none).
    methods: Vec<(Function, Option<Outlined>)>,
    /// The arrays the methods' loops store, which hold SOMD results after them: a later loop
    /// reading one qualifies as one reading a SOMD result does (`y[i] = p[i] * 2;` outlined,
    /// then `m = Math.max(m, y[i])`).
    arrays: Vec<LocalId>,
    /// The split loops' parts kept on the host: where each loop was, and the local the part
    /// reduces into.
    host_parts: Vec<(somd_diag::Span, LocalId)>,
    /// The loops reading SOMD results that stay as written, and why (`explain`).
    host_loops: Vec<(somd_diag::Span, LocalId, Refusal)>,
}

impl Made {
    /// Records the loop `b` of `func` (`[i = lo; Loop]` or `[Let i = lo; Loop]`), which stays
    /// as written for `why`, when it calls no SOMD method and reads elements of an array
    /// that some statement gives SOMD results (where it holds one then, the result comes down
    /// for the loop); says whether it did. A nest is recorded as one loop (ninety-third
    /// session), and the loops in it then say nothing ([`Around::reported`]).
    fn stays_on_host(&mut self, module: &Module, func: &Function, b: &Block, why: Refusal) -> bool {
        // A loop's block (not a block of the program's holding one), calling no SOMD method:
        // a loop around the calls (the rounds) says nothing a user would change.
        if !matches!(b.stmts.as_slice(), [_, Stmt::Loop { .. }]) {
            return false;
        }
        let mut calls = false;
        walk::each_stmt(b, &mut |s| {
            for root in walk::stmt_roots(s) {
                walk::each_expr(func, root, &mut |e| {
                    calls |= matches!(func.expr(e).kind, ExprKind::SomdCall { .. })
                });
            }
        });
        if calls {
            return false;
        }
        // The arrays whose elements it reads (a plain store's place is no read).
        let (mut arrays, mut stored) = (Vec::new(), HashSet::new());
        walk::each_stmt(b, &mut |s| {
            for root in walk::stmt_roots(s) {
                walk::each_expr(func, root, &mut |e| match func.expr(e).kind {
                    // (Of `m[i][j] = v` neither `m[i][j]` nor the row `m[i]`.)
                    ExprKind::Assign { mut target, .. } => {
                        while stored.insert(target) {
                            let ExprKind::Index { array, .. } = func.expr(target).kind else {
                                break;
                            };
                            target = array;
                        }
                    }
                    ExprKind::Index { .. } if !stored.contains(&e) => {
                        if let Some((a, _)) = walk::index_root(func, e) {
                            if !arrays.contains(&a) {
                                arrays.push(a);
                            }
                        }
                    }
                    _ => {}
                });
            }
        });
        let result = arrays.into_iter().find(|a| {
            let ty = &func.local(*a).ty;
            (keep::is_prim_array(ty) || keep::is_prim_matrix(ty))
                && (self.arrays.contains(a) || holds_somd_results(module, func, *a))
        });
        let span = match b.stmts.first() {
            Some(Stmt::Let { local, .. }) => func.local(*local).span,
            Some(Stmt::Expr(assign)) => func.expr(*assign).span,
            _ => return false,
        };
        let Some(result) = result else { return false };
        self.host_loops.push((span, result, why));
        true
    }
}

/// What one loop of a split loop ([`split`]), or a qualifying loop, becomes.
enum Becomes {
    /// A SOMD method of its own.
    Method(Plan),
    /// A host loop, as written, reducing into the local: the last of a split loop
    /// (`split::stays_on_host`).
    Host(LocalId),
}

/// What a qualifying loop becomes: the local it gives a new value, its method's `dist`
/// parameter and the other locals it reads, in the order of their first mention.
struct Plan {
    target: Target,
    reads: Vec<LocalId>,
    /// The loop's constant step, negative stepping down.
    step: i32,
    /// Where the stores to the array go: `w[i + place]` (0 for a reduction).
    place: i32,
    /// Whether the method's analysis has the last word on whether its loop is parallel
    /// ([`parallel_on_a_device`]), which it has for reductions and argument extrema too:
    /// the loop's body holds loops or assigns its own locals (ninety-third session).
    judged: bool,
}

/// What a qualifying loop computes.
#[derive(Clone)]
enum Target {
    /// One element of the array `w` per iteration; `w` is the method's `dist` parameter and
    /// its result.
    Array(LocalId),
    /// The scalar `acc`, combined with `op` over the iterations (an exact reduction), from
    /// arrays among which `over` (a SOMD result) is the method's `dist` parameter; the
    /// method takes `acc`'s value before the loop and returns its value after it.
    Reduction { acc: LocalId, op: ReduceOp, over: LocalId },
    /// An argument extremum (ninety-first session): `if (v > m) { m = v; k = e; }`, the
    /// extremum `m` and what the iteration setting it sets (`payloads`), over arrays among
    /// which `over` (a SOMD result) is the method's `dist` parameter. `rel` is the test as a
    /// relation of `v` to `m` (`v > m`: the first largest, `v >= m` the last). The method
    /// takes the values of `m` and the payloads before the loop and returns them after it,
    /// with whether the loop set them, in a table of `table`s ([`ArgExt`]). A search
    /// (ninety-second session), `if (test) { x = e; ..; break; }` as the loop's body, is
    /// one too: its first match is the smallest iteration passing the test (the largest
    /// stepping down), which the method's analysis reads as an argument minimum
    /// (`first_match`), and what that iteration assigns its payloads.
    ArgExtremum(ArgExt),
}

/// An argument extremum's locals and how they travel ([`Target::ArgExtremum`]), or a
/// search's (ninety-second session): `m` is then the first local the matching iteration
/// assigns, and `rel` is `None`.
#[derive(Clone)]
struct ArgExt {
    m: LocalId,
    payloads: Vec<LocalId>,
    /// The test as a relation of `v` to `m`; `None` for a search, whose first match wins.
    rel: Option<BinOpKind>,
    over: LocalId,
    /// The table's element type, which holds `m` and every payload exactly: `int` or
    /// `long` for integers (and `boolean`s, as 0 and 1), `double` for floating-point values
    /// and integers of at most 32 bits.
    table: PrimType,
}

impl ArgExt {
    /// The table's slot that says whether the loop set `m`: after `m` and the payloads.
    fn set_slot(&self) -> i32 {
        1 + self.payloads.len() as i32
    }
}

impl Plan {
    /// The method's parameters: its `dist` array, then the accumulator of a reduction, then
    /// the other locals the loop reads.
    fn params(&self) -> Vec<LocalId> {
        let first = match &self.target {
            Target::Array(w) => vec![*w],
            Target::Reduction { acc, over, .. } => vec![*over, *acc],
            Target::ArgExtremum(ax) => {
                [ax.over, ax.m].into_iter().chain(ax.payloads.clone()).collect()
            }
        };
        first.into_iter().chain(self.reads.iter().copied()).collect()
    }

    /// The local the call assigns: the written array, or the accumulator (an argument
    /// extremum's `m`, which the call assigns with its payloads).
    fn assigned(&self) -> LocalId {
        match &self.target {
            Target::Array(w) => *w,
            Target::Reduction { acc, .. } => *acc,
            Target::ArgExtremum(ax) => ax.m,
        }
    }
}

/// The loop `b` (`[Let i = lo; Loop]`) of `func` as a [`Plan`], when it qualifies (module
/// doc); `passed` as for [`outline_block`]. `results` holds arrays that hold SOMD results
/// when the loop runs though no statement of `func` gives them one: the arrays that loops
/// made methods before it store ([`Made::arrays`], and the earlier parts of a split loop,
/// [`split`]).
fn qualifies(
    module: &Module,
    func: &Function,
    b: &Block,
    passed: &HashSet<LocalId>,
    results: &[LocalId],
) -> Result<Plan, Refusal> {
    let parts = loop_parts(b).ok_or_else(|| match b.stmts.first() {
        // `int i; .. for (i = 0; ..)` that `index_declared_before` did not take.
        Some(Stmt::Expr(_)) => Refusal::new(
            "its index is declared before it and read outside it, or the loop is inside \
             another over the same index",
        ),
        _ => Refusal::new("it is no counted loop (`for (int i = lo; test; update)`, tested first)"),
    })?;
    let LoopParts { index: i, start: lo, test, body, update, .. } = parts;
    let index = func.local(i);
    if index.kind != LocalKind::Var || index.ty != Type::Prim(PrimType::Int) {
        return Err(Refusal::new("its index is no `int` local"));
    }
    let is_index = |e: ExprId| parts.is_index(func, e);
    // Up to `i < hi` or `i <= hi`, or down to `i >= lo` or `i > lo`, by a constant step: the
    // other bound is the test's.
    let stepped = || Refusal::new("its update does not step the index by a constant");
    let step = match update {
        [u] => walk::constant_step(func, *u, i).ok_or_else(stepped)?,
        _ => return Err(stepped()),
    };
    let hi = bound_of(func, test, i, step).ok_or_else(|| {
        Refusal::new(
            "its test is not `i < hi` or `i <= hi` stepping up, `i >= lo` or `i > lo` stepping \
             down",
        )
    })?;
    fn bound(func: &Function, e: ExprId, i: LocalId) -> bool {
        match &func.expr(e).kind {
            ExprKind::Const(_) => true,
            ExprKind::Local(l) => *l != i,
            ExprKind::Length(a) => matches!(func.expr(*a).kind, ExprKind::Local(l) if l != i),
            // `n - 1`, `a.length + k`: what the parallel analysis takes as a bound.
            ExprKind::Binary { op, lhs, rhs }
                if matches!(op.kind, BinOpKind::Add | BinOpKind::Sub) =>
            {
                bound(func, *lhs, i) && bound(func, *rhs, i)
            }
            // `n / 2`, `n * 3`, `n >> 1`: scaled by a constant, which cannot fail.
            ExprKind::Binary { op, lhs, rhs }
                if matches!(
                    op.kind,
                    BinOpKind::Mul | BinOpKind::Div | BinOpKind::Shr | BinOpKind::UShr
                ) =>
            {
                let nonzero =
                    matches!(func.expr(*rhs).kind, ExprKind::Const(Const::Int(k)) if k != 0);
                nonzero && bound(func, *lhs, i)
            }
            _ => false,
        }
    }
    let bound = |e: ExprId| bound(func, e, i);
    if !bound(lo) || !bound(hi) {
        return Err(Refusal::new(
            "a bound is not a constant, a local, a length, or sums, differences and constant \
             multiples of those",
        ));
    }
    // The body: declarations of primitive locals, stores to `w[i]`, and `if`s of those.
    let mut scan = Scan {
        declared: HashSet::from([i]),
        indices: HashSet::from([i]),
        index: Some(i),
        ..Scan::default()
    };
    if !scan.block(module, func, body, &is_index) {
        let (what, at) = scan.refused.unwrap_or(("a statement".into(), None));
        return Err(Refusal {
            why: format!(
                "{what}, which a loop made a method does not hold (it holds declarations of \
                 primitive locals with a value, stores at the index to one array, updates of one \
                 accumulator with one operator, one argument extremum or search, `continue` and \
                 `if`s of those)"
            ),
            at,
        });
    }
    let Scan { declared, written, roots, reads_w, acc, place, argext, nest, rows, own, .. } = scan;
    let judged = nest || own;
    let place = place.unwrap_or(0);
    // A nest's method splits its `dist` array's rows among MIs and work-items: the outer
    // loop's range must be the array's, read at the outer index (`m[i][j]`, not `y[j]`
    // summed again for each `i`).
    let rows_of = |over: LocalId| {
        let mut read = false;
        for root in &roots {
            walk::each_expr(func, *root, &mut |e| read |= index_of(func, e, i) == Some(over));
        }
        if !nest || read {
            return Ok(());
        }
        Err(Refusal::new(format!(
            "it is a nest whose outer loop reads `{}`, the SOMD result it reduces, at another \
             index than its own",
            func.local(over).name
        )))
    };
    let two = || Refusal::new("it computes an array and a scalar, or two scalars, at once");
    if let Some((m, payloads, rel)) = argext {
        if written.is_some() || acc.is_some() {
            return Err(two());
        }
        // `first_match` takes a search that is the whole body.
        if rel.is_none() && body.stmts.len() != 1 {
            return Err(Refusal::new(
                "its search's `if (test) { ..; break; }` is not its body's only statement",
            ));
        }
        let plan = arg_extremum(
            module,
            func,
            (lo, hi, i),
            &declared,
            &roots,
            (m, payloads, rel),
            results,
        )?;
        if let Target::ArgExtremum(ax) = &plan.target {
            rows_of(ax.over)?;
        }
        return Ok(Plan { step, judged, ..plan });
    }
    if let (None, Some((acc, op))) = (written, acc) {
        let plan = reduction(module, func, (lo, hi, i), &declared, &roots, (acc, op), results)?;
        if let Target::Reduction { over, .. } = plan.target {
            rows_of(over)?;
        }
        return Ok(Plan { step, judged, ..plan });
    }
    let w = match (written, acc) {
        (Some(w), None) => w,
        (None, None) => return Err(Refusal::new("it stores nothing and updates no accumulator")),
        _ => return Err(two()),
    };
    let wl = func.local(w);
    let shaped = match rows {
        true => keep::is_prim_matrix(&wl.ty),
        false => keep::is_prim_array(&wl.ty),
    };
    if wl.kind != LocalKind::Var
        || wl.dist.is_some()
        || wl.shared
        || !shaped
        || declared.contains(&w)
    {
        return Err(Refusal::new(format!(
            "`{}`, the array it stores to, is no 1-D array or matrix of primitives that the \
             function declares, stored at the index or in the index's row",
            wl.name
        )));
    }
    // Every expression the loop evaluates besides the stores' places; the arrays whose
    // elements it reads (`w` too where a store reads its element first).
    let mut reads = vec![w];
    let mut read_arrays: HashSet<LocalId> = HashSet::new();
    if reads_w {
        read_arrays.insert(w);
    }
    let at_index = |array: ExprId, index: ExprId| {
        // `w` only where the stores go: every iteration reads its own element.
        !matches!(func.expr(array).kind, ExprKind::Local(a) if a == w)
            || offset_of(func, index, i) == Some(place)
    };
    let (mut more, arrays) = loop_reads(module, func, &roots, (lo, hi, i), &declared, &at_index)
        .ok_or_else(|| {
            Refusal::new(format!(
                "it reads something besides constants, `final` statics, locals, elements at \
                 the index of `{}`, elements of other arrays and lengths, through operators, \
                 `Math` and helpers without effects given values",
                wl.name
            ))
        })?;
    reads.append(&mut more);
    read_arrays.extend(arrays);
    // A result read on the host, or `w` updated or written on the host between the device
    // calls that read it, over a length the program computes (each round re-sent it whole;
    // a keep scope sends a few elements a constant bound stores again).
    // The top of the range: the bound stepping up, the start stepping down (review 160).
    let computed = !few(func, if step > 0 { hi } else { lo });
    let gains =
        read_arrays.iter().any(|a| results.contains(a) || holds_somd_results(module, func, *a))
            || (computed && read_arrays.contains(&w) && handed_to_somd(func, w))
            || (computed && passed.contains(&w));
    if !gains {
        return Err(Refusal::new(
            "it reads no SOMD result, and its array goes to no SOMD call after a computed \
             range",
        ));
    }
    if !keep::unshared_array(module, func, w) {
        return Err(Refusal::new(format!(
            "`{}` may lend its elements to another name, or hold an array it was not given \
             fresh",
            wl.name
        )));
    }
    reads.retain(|l| *l != w);
    Ok(Plan { target: Target::Array(w), reads, step, place, judged })
}

/// Why a host loop stays as written (`qualifies`), for `explain`: in words, and where in
/// the loop.
pub(super) struct Refusal {
    why: String,
    at: Option<somd_diag::Span>,
}

impl Refusal {
    fn new(why: impl Into<String>) -> Self {
        Refusal { why: why.into(), at: None }
    }
}

/// The other side of `test` where it bounds the index `i` in the direction of `step`: `i <
/// hi` or `i <= hi` stepping up, `i >= lo` or `i > lo` stepping down.
fn bound_of(func: &Function, test: ExprId, i: LocalId, step: i32) -> Option<ExprId> {
    let ExprKind::Binary { op, lhs, rhs } = func.expr(test).kind else { return None };
    let is_i = matches!(func.expr(lhs).kind, ExprKind::Local(l) if l == i);
    let toward = match op.kind {
        BinOpKind::Lt | BinOpKind::Le => step > 0,
        BinOpKind::Ge | BinOpKind::Gt => step < 0,
        _ => false,
    };
    (is_i && toward).then_some(rhs)
}

/// The constant `c` where `e` is `i`, `i + c`, `c + i` or `i - c`.
fn offset_of(func: &Function, e: ExprId, i: LocalId) -> Option<i32> {
    let is_i = |x: ExprId| matches!(func.expr(x).kind, ExprKind::Local(l) if l == i);
    let constant = |x: ExprId| match func.expr(x).kind {
        ExprKind::Const(Const::Int(c)) => Some(c),
        _ => None,
    };
    match &func.expr(e).kind {
        ExprKind::Local(l) if *l == i => Some(0),
        ExprKind::Binary { op, lhs, rhs } => match op.kind {
            BinOpKind::Add if is_i(*lhs) => constant(*rhs),
            BinOpKind::Add if is_i(*rhs) => constant(*lhs),
            BinOpKind::Sub if is_i(*lhs) => constant(*rhs).and_then(i32::checked_neg),
            _ => None,
        },
        _ => None,
    }
}

/// The array local `a` where `e` is `a[i]`.
fn index_of(func: &Function, e: ExprId, i: LocalId) -> Option<LocalId> {
    let ExprKind::Index { array, index } = func.expr(e).kind else { return None };
    match (&func.expr(array).kind, &func.expr(index).kind) {
        (ExprKind::Local(a), ExprKind::Local(x)) if *x == i => Some(*a),
        _ => None,
    }
}

/// A counted loop's block taken apart: `for (int index = start; test; update) body`.
struct LoopParts<'b> {
    /// The index's declaration, `Let index = start`.
    declaration: &'b Stmt,
    index: LocalId,
    start: ExprId,
    test: ExprId,
    body: &'b Block,
    update: &'b [ExprId],
}

impl LoopParts<'_> {
    /// Whether `e` is the loop's index.
    fn is_index(&self, func: &Function, e: ExprId) -> bool {
        matches!(func.expr(e).kind, ExprKind::Local(l) if l == self.index)
    }
}

/// The parts of `b` when it is `[Let index = start; Loop]`, the loop tested first, with a
/// test and no label.
fn loop_parts(b: &Block) -> Option<LoopParts<'_>> {
    let [declaration, looped] = b.stmts.as_slice() else { return None };
    let Stmt::Let { local: index, init: Some(start) } = declaration else { return None };
    let Stmt::Loop { label: None, test: Some(test), test_at_end: false, body, update } = looped
    else {
        return None;
    };
    Some(LoopParts { declaration, index: *index, start: *start, test: *test, body, update })
}

/// The loop `b`, `[i = lo; Loop]`, as `[int i = lo; Loop]`, when `i` is an `int` local
/// declared before it (`int i; for (i = 0; i < n; i++)`) whose value no statement after the
/// loop reads: every mention of `i` in `func` is in a loop that assigns it first in the same
/// way, none of which holds `b` (ninetieth session). The loop's last value of `i` is then
/// never seen, and the method made declares its own index.
fn index_declared_before(func: &Function, b: &Block) -> Option<Block> {
    let [Stmt::Expr(init), looped @ Stmt::Loop { .. }] = b.stmts.as_slice() else { return None };
    let ExprKind::Assign { target, value } = func.expr(*init).kind else { return None };
    let ExprKind::Local(i) = func.expr(target).kind else { return None };
    let local = func.local(i);
    if local.kind != LocalKind::Var || local.ty != Type::Prim(PrimType::Int) {
        return None;
    }
    /// The assignment starting `s` when it is a loop over `i` assigning it first a value
    /// that does not read it (`i = i` reads the value before).
    fn loop_over(func: &Function, s: &Stmt, i: LocalId) -> Option<ExprId> {
        let Stmt::Block(b) = s else { return None };
        let [Stmt::Expr(e), Stmt::Loop { .. }] = b.stmts.as_slice() else { return None };
        let ExprKind::Assign { target, value } = func.expr(*e).kind else { return None };
        let of_i = matches!(func.expr(target).kind, ExprKind::Local(l) if l == i);
        (of_i && !walk::mentions(func, value, i)).then_some(*e)
    }
    /// Whether every mention of `i` in `block` is inside such a loop, and `b`'s (started
    /// by `init`) inside no other (`within`: the statements are inside one).
    fn confined(func: &Function, block: &Block, i: LocalId, init: ExprId, within: bool) -> bool {
        block.stmts.iter().all(|s| match loop_over(func, s, i) {
            Some(e) => {
                !(within && e == init)
                    && walk::stmt_blocks(s)
                        .into_iter()
                        .all(|inner| confined(func, inner, i, init, true))
            }
            None => {
                (within || walk::stmt_roots(s).iter().all(|r| !walk::mentions(func, *r, i)))
                    && walk::stmt_blocks(s)
                        .into_iter()
                        .all(|inner| confined(func, inner, i, init, within))
            }
        })
    }
    if !confined(func, &func.body, i, *init, false) {
        return None;
    }
    Some(Block { stmts: vec![Stmt::Let { local: i, init: Some(value) }, looped.clone()] })
}

/// The most iterations a bound of a few ([`few`]) allows.
const FEW: i32 = 256;

/// Whether the bound `e` is a constant of at most [`FEW`], or a local declared once with
/// one and never assigned (probe 158's k-means: `int k = 8;` before `for (int c = 0; c < k;
/// c++) cent[c] = ..`, which a launch per round made no cheaper).
fn few(func: &Function, e: ExprId) -> bool {
    let small = |e: ExprId| matches!(func.expr(e).kind, ExprKind::Const(Const::Int(k)) if k <= FEW);
    match func.expr(e).kind {
        ExprKind::Local(l) => {
            walk::declared_once(func).get(&l).is_some_and(|i| small(*i))
                && !crate::analysis::parallel::assigned_locals(func).contains_key(&l)
        }
        _ => small(e),
    }
}

/// The locals the loop's expressions (`roots`, and the bounds of `(lo, hi, i)`) read
/// besides the index and the body's own (`declared`), in the order of their first mention,
/// and the arrays whose elements they read, when they read only constants, `final`
/// primitive statics, such locals of primitives or arrays of primitives, elements where
/// `at_index(array, index)` allows and lengths, through operators, conversions,
/// conditionals, `Math` functions and calls of [`pure_helper`]s given values.
fn loop_reads(
    module: &Module,
    func: &Function,
    roots: &[ExprId],
    (lo, hi, i): (ExprId, ExprId, LocalId),
    declared: &HashSet<LocalId>,
    at_index: &dyn Fn(ExprId, ExprId) -> bool,
) -> Option<(Vec<LocalId>, HashSet<LocalId>)> {
    let (mut reads, mut read_arrays) = (Vec::new(), HashSet::new());
    let mut ok = true;
    let mut first_use = None;
    // Rows read for their length only (`j < m[i].length`), which read no element.
    let mut measured = HashSet::new();
    for root in roots.iter().copied().chain([lo, hi]) {
        walk::each_expr(func, root, &mut |e| match &func.expr(e).kind {
            ExprKind::Local(l) => {
                if *l != i && !declared.contains(l) && !reads.contains(l) {
                    reads.push(*l);
                }
            }
            ExprKind::Index { array, index } => {
                if let (Some((a, _)), false) = (walk::index_root(func, e), measured.contains(&e)) {
                    read_arrays.insert(a);
                }
                ok &= at_index(*array, *index);
            }
            ExprKind::Length(row) => {
                measured.insert(*row);
            }
            // Arrays compared as references (`a == b`) stay on the host.
            ExprKind::Binary { op, .. } => ok &= matches!(op.ty, PrimOrRef::Prim(_)),
            ExprKind::Const(_)
            | ExprKind::Unary { .. }
            | ExprKind::Convert { .. }
            | ExprKind::Conditional { .. } => {}
            // Of a class initialized before the program runs: the method reads the field
            // before the loop's first iteration, where Java may fail first (review 161).
            ExprKind::Static(s) => {
                let s = &module.statics[s.0 as usize];
                let first_use =
                    first_use.get_or_insert_with(|| crate::init_order::first_use_classes(module));
                ok &= s.is_final && matches!(s.ty, Type::Prim(_)) && !first_use.contains(&s.class);
            }
            ExprKind::Builtin { builtin, .. } => ok &= builtin.is_scalar_function(),
            // A helper sees only values: an array it were given might be the one the loop
            // writes, whose other elements other iterations store.
            ExprKind::Call { func: callee, receiver: None, args } => {
                let values = args.iter().all(|a| matches!(func.expr(*a).ty, Type::Prim(_)));
                let first_use =
                    first_use.get_or_insert_with(|| crate::init_order::first_use_classes(module));
                ok &= walk::library_math(module, *callee)
                    || (values && pure_helper(module, first_use, *callee))
            }
            _ => ok = false,
        });
    }
    let typed = reads.iter().all(|l| {
        let local = func.local(*l);
        matches!(local.kind, LocalKind::Var | LocalKind::Param)
            && local.dist.is_none()
            && !local.shared
            && (matches!(local.ty, Type::Prim(_)) || prim_leaves(&local.ty))
    });
    (ok && typed).then_some((reads, read_arrays))
}

/// The [`Plan`] of a reduction loop (bounds `(lo, hi, i)`, body locals `declared`,
/// expressions `roots`) that updates only the local `acc`, each time with `op`: when the
/// reduction is exact in any order and some array it reads is a fresh SOMD result, which
/// then stays on the device. Exact: `+`, `*`, `&`, `|`, `^`, `min` and `max` of `int`s and
/// `long`s (wrapping arithmetic is associative and commutative), `min` and `max` of
/// `float`s and `double`s (`Math.min`/`Math.max`, where NaN wins and `-0.0 < 0.0`: a tree
/// gives the sequential loop's bits), `&&`, `||`, `&`, `|` and `^` of `boolean`s; a
/// floating-point sum
/// rounds differently in another order and stays on the host. The analysis of the
/// method made ([`parallel_on_a_device`]) has the last word. `results` as for [`qualifies`].
fn reduction(
    module: &Module,
    func: &Function,
    bounds: (ExprId, ExprId, LocalId),
    declared: &HashSet<LocalId>,
    roots: &[ExprId],
    (acc, op): (LocalId, ReduceOp),
    results: &[LocalId],
) -> Result<Plan, Refusal> {
    let local = func.local(acc);
    let Type::Prim(ty) = local.ty else {
        return Err(Refusal::new("its accumulator is no primitive"));
    };
    let exact = match ty {
        PrimType::Int | PrimType::Long => {
            !matches!(op, ReduceOp::Sub | ReduceOp::And | ReduceOp::Or)
        }
        PrimType::Float | PrimType::Double => matches!(op, ReduceOp::Min | ReduceOp::Max),
        PrimType::Boolean => matches!(
            op,
            ReduceOp::And | ReduceOp::Or | ReduceOp::BitAnd | ReduceOp::BitOr | ReduceOp::BitXor
        ),
        _ => false,
    };
    // (The body's own locals are no accumulators: `Scan::accumulates`.)
    if !exact {
        let rounds = match ty {
            PrimType::Float | PrimType::Double => " (floating-point arithmetic rounds differently)",
            _ => "",
        };
        return Err(Refusal::new(format!(
            "its reduction of `{}` with `{}` is not exact in another order{rounds}",
            local.name,
            op.symbol()
        )));
    }
    if local.kind != LocalKind::Var || local.dist.is_some() || local.shared {
        return Err(Refusal::new(format!("`{}` is no local of the function", local.name)));
    }
    let (reads, over) = reads_over_results(module, func, bounds, declared, roots, results)?;
    // `ok = ok && e`: an MI past the first starts from `true` and evaluates `e` where
    // Java's loop, its `ok` false by then, does not.
    let skips = |r: &ExprId| {
        matches!(func.expr(*r).kind, ExprKind::Binary { op, .. }
            if matches!(op.kind, BinOpKind::And | BinOpKind::Or))
            && walk::mentions(func, *r, acc)
    };
    if roots.iter().any(skips) {
        speculated_lengths(module, func, roots)?;
    }
    let reads = reads.into_iter().filter(|l| *l != over && *l != acc).collect();
    // (`qualifies` gives it the loop's step.)
    Ok(Plan {
        target: Target::Reduction { acc, op, over },
        reads,
        step: 1,
        place: 0,
        judged: false,
    })
}

/// What a reduction loop reads ([`loop_reads`], any element), and its method's `dist`
/// parameter: the first 1-D array read that holds SOMD results, one read at the loop's
/// index first, whose length the CPU path splits among its MIs (`rt::somd::loop_chunk`):
/// likely the loop's range, where a short table read at `i % k` would leave one MI.
fn reads_over_results(
    module: &Module,
    func: &Function,
    bounds: (ExprId, ExprId, LocalId),
    declared: &HashSet<LocalId>,
    roots: &[ExprId],
    results: &[LocalId],
) -> Result<(Vec<LocalId>, LocalId), Refusal> {
    let (reads, read_arrays) = loop_reads(module, func, roots, bounds, declared, &|_, _| true)
        .ok_or_else(|| {
            Refusal::new(
                "it reads something besides constants, `final` statics, locals, elements and \
                 lengths, through operators, `Math` and helpers without effects given values",
            )
        })?;
    // (A matrix since the ninety-third session: `s += m[i][j]` over its rows.)
    let holds_results = |a: &LocalId| {
        let ty = &func.local(*a).ty;
        read_arrays.contains(a)
            && (keep::is_prim_array(ty) || keep::is_prim_matrix(ty))
            && (results.contains(a) || holds_somd_results(module, func, *a))
    };
    let i = bounds.2;
    let mut at_index = HashSet::new();
    for root in roots {
        walk::each_expr(func, *root, &mut |e| at_index.extend(index_of(func, e, i)));
    }
    let over = reads
        .iter()
        .copied()
        .find(|a| holds_results(a) && at_index.contains(a))
        .or_else(|| reads.iter().copied().find(holds_results))
        .ok_or_else(|| Refusal::new("it reads no SOMD result of primitives"))?;
    Ok((reads, over))
}

/// The [`Plan`] of an argument extremum loop (ninety-first session; bounds, body locals and
/// expressions as for [`reduction`]): `if (v > m) { m = v; k = e; .. }` is the only update
/// of locals declared outside the body (`Scan::arg_extremum`), or a search's `if (test) {
/// x = e; ..; break; }` the body (`Scan::search`), `m` and the payloads primitive locals of
/// the function, and some array it reads a fresh SOMD result. Integral `int` and `long`
/// extrema without payloads are `max` and `min` reductions ([`reduction`]); a `float` or `double` `m` is an argument extremum without
/// payloads too, since Java keeps the first of `-0.0` and `0.0` and skips NaN. The
/// analysis of the method made ([`parallel_on_a_device`]) has the last word: it takes only
/// payloads that cannot fail, have no effect and are read nowhere else in the loop, since
/// each MI, and each work-item, sets them in iterations where Java's loop may not; for a
/// search, a test that cannot fail and has no effect, since they evaluate it in iterations
/// after Java's loop left (`first_match`).
fn arg_extremum(
    module: &Module,
    func: &Function,
    bounds: (ExprId, ExprId, LocalId),
    declared: &HashSet<LocalId>,
    roots: &[ExprId],
    (m, payloads, rel): (LocalId, Vec<LocalId>, Option<BinOpKind>),
    results: &[LocalId],
) -> Result<Plan, Refusal> {
    let mut table = None::<PrimType>;
    for l in std::iter::once(m).chain(payloads.iter().copied()) {
        let local = func.local(l);
        let name = &local.name;
        let not_local = || Refusal::new(format!("`{name}` is no primitive local of the function"));
        let Type::Prim(ty) = local.ty else { return Err(not_local()) };
        if local.kind != LocalKind::Var || local.dist.is_some() || local.shared {
            return Err(not_local());
        }
        // (A `boolean` travels as 0 or 1.)
        table = Some(match (table, ty) {
            // `long` and floating values share no type that holds both exactly.
            (Some(PrimType::Long), PrimType::Float | PrimType::Double)
            | (Some(PrimType::Double), PrimType::Long) => {
                return Err(Refusal::new(format!(
                    "`{name}` and the other values the extremum sets share no type holding \
                     each exactly (a `long` and a floating-point value)"
                )))
            }
            (Some(PrimType::Double), _) | (_, PrimType::Float | PrimType::Double) => {
                PrimType::Double
            }
            (Some(PrimType::Long), _) | (_, PrimType::Long) => PrimType::Long,
            _ => PrimType::Int,
        });
    }
    let (reads, over) = reads_over_results(module, func, bounds, declared, roots, results)?;
    speculated_lengths(module, func, roots)?;
    let own = |l: &LocalId| *l == over || *l == m || payloads.contains(l);
    let reads = reads.into_iter().filter(|l| !own(l)).collect();
    let table = table.ok_or_else(|| Refusal::new("it sets no extremum"))?;
    let ax = ArgExt { m, payloads, rel, over, table };
    Ok(Plan { target: Target::ArgExtremum(ax), reads, step: 1, place: 0, judged: false })
}

/// Refuses a loop whose expressions `roots`, some of which an MI evaluates in iterations
/// where Java's loop does not (a search's test after its match, an argument extremum's
/// payloads at an MI's own improvements, the right operand of `ok = ok && e`), read the
/// length of an array local that may be `null` (review 169): the method's analysis counts
/// a local's length as unable to fail, which holds in a kernel (a `null` argument sends the
/// call to the CPU) but not for those evaluations on the CPU.
fn speculated_lengths(module: &Module, func: &Function, roots: &[ExprId]) -> Result<(), Refusal> {
    for root in roots {
        let mut lengths = Vec::new();
        walk::each_expr(func, *root, &mut |e| {
            if let ExprKind::Length(a) = func.expr(e).kind {
                if let ExprKind::Local(l) = func.expr(a).kind {
                    lengths.push((l, e));
                }
            }
        });
        if let Some((l, e)) = lengths.into_iter().find(|(l, _)| !never_null(module, func, *l)) {
            return Err(Refusal {
                why: format!(
                    "it reads the length of `{}`, which may be `null`, where an MI evaluates \
                     what Java's loop may not",
                    func.local(l).name
                ),
                at: Some(func.expr(e).span),
            });
        }
    }
    Ok(())
}

/// Whether every value `func` gives the array local `local` is an array: an allocation, a
/// literal, the fresh result of a SOMD call, or another such local's (not a parameter).
fn never_null(module: &Module, func: &Function, local: LocalId) -> bool {
    let (mut seen, mut stack) = (HashSet::from([local]), vec![local]);
    while let Some(v) = stack.pop() {
        if func.local(v).kind != LocalKind::Var {
            return false;
        }
        let ty = &func.local(v).ty;
        let mut ok = true;
        let mut given = |e: ExprId, stack: &mut Vec<LocalId>| match &func.expr(e).kind {
            ExprKind::NewArray { .. } | ExprKind::ArrayLit(_) => {}
            ExprKind::SomdCall { func: callee, .. } => {
                ok &= module.function(*callee).ret == *ty && keep::returns_fresh(module, *callee)
            }
            ExprKind::Local(w) => {
                if seen.insert(*w) {
                    stack.push(*w);
                }
            }
            _ => ok = false,
        };
        walk::each_stmt(&func.body, &mut |s| {
            if let Stmt::Let { local: l, init: Some(e) } = s {
                if *l == v {
                    given(*e, &mut stack);
                }
            }
            for root in walk::stmt_roots(s) {
                walk::each_expr(func, root, &mut |x| {
                    if let ExprKind::Assign { target, value } = func.expr(x).kind {
                        if matches!(func.expr(target).kind, ExprKind::Local(l) if l == v) {
                            given(value, &mut stack);
                        }
                    }
                });
            }
        });
        if !ok {
            return false;
        }
    }
    true
}

/// What [`qualifies`] finds in a loop's body.
#[derive(Default)]
struct Scan {
    /// The index and the locals the body declares.
    declared: HashSet<LocalId>,
    /// The one array the body stores to.
    written: Option<LocalId>,
    /// The expressions the body evaluates besides its stores' places: values,
    /// initialisers, tests.
    roots: Vec<ExprId>,
    /// Whether a store reads its element first (`op=`, `++`); the reads of `w[i]` in values
    /// and tests are among the `roots`.
    reads_w: bool,
    /// The one local declared outside the body that it assigns, and the operator of every
    /// assignment (`acc op= e`, `acc = acc op e`, `acc++`, `acc = Math.max(acc, e)`,
    /// `found = true` under a condition).
    acc: Option<(LocalId, ReduceOp)>,
    /// The loop's index, where stores may go to `w[i + c]` for a constant `c` (ninetieth
    /// session), every one to the same place; without it, only to `w[i]`.
    index: Option<LocalId>,
    /// The place of the stores, `c` of `w[i + c]`.
    place: Option<i32>,
    /// The one argument extremum's `m`, payloads and test as a relation of `v` to `m`
    /// (`Scan::arg_extremum`), or a search's first local and payloads (`Scan::search`).
    argext: Option<(LocalId, Vec<LocalId>, Option<BinOpKind>)>,
    /// The innermost statement refused first, in words and where (`explain`).
    refused: Option<(String, Option<somd_diag::Span>)>,
    /// The loop's index and the indices of the counted loops nested in its body, which no
    /// statement of the body may assign.
    indices: HashSet<LocalId>,
    /// How many of those nested loops hold the statement being scanned.
    depth: u32,
    /// Whether the body holds a loop (ninety-third session): the loop is a nest.
    nest: bool,
    /// Whether the body assigns a local it declares (ninety-third session).
    own: bool,
    /// Whether it stores to cells of its rows of a matrix, `w[i][j]` (ninety-third session).
    rows: bool,
}

impl Scan {
    /// Whether `block` holds only declarations of primitive locals with a value, stores to
    /// one array at the loop's index (`is_index`), `continue`s and `if`s of such blocks.
    fn block(
        &mut self,
        module: &Module,
        func: &Function,
        block: &Block,
        is_index: &dyn Fn(ExprId) -> bool,
    ) -> bool {
        block.stmts.iter().all(|s| {
            let held = self.stmt(module, func, s, is_index);
            if !held && self.refused.is_none() {
                self.refused = Some(described(module, func, s));
            }
            held
        })
    }

    /// Whether `s` is a declaration of a primitive local with a value, a store to the one
    /// array at the loop's index (`is_index`), an update of the one accumulator, a
    /// `continue` of the loop, or an `if` of such blocks.
    fn stmt(
        &mut self,
        module: &Module,
        func: &Function,
        s: &Stmt,
        is_index: &dyn Fn(ExprId) -> bool,
    ) -> bool {
        match s {
            Stmt::Let { local, init: Some(e) } => {
                let l = func.local(*local);
                self.roots.push(*e);
                matches!(l.ty, Type::Prim(_))
                    && l.kind == LocalKind::Var
                    && self.declared.insert(*local)
            }
            Stmt::Expr(e) if self.assigns_own(func, *e) => true,
            Stmt::Expr(e) if self.accumulates(module, func, *e) => true,
            Stmt::If { cond, then_block, else_block: None }
                if self.extremum(module, func, *cond, then_block)
                    || self.arg_extremum(module, func, *cond, then_block)
                    || self.search(module, func, *cond, then_block) =>
            {
                true
            }
            Stmt::Block(b) => self.nested_loop(module, func, b, is_index),
            Stmt::Expr(e) => {
                let (target, value) = match &func.expr(*e).kind {
                    ExprKind::Assign { target, value } => (*target, Some(*value)),
                    ExprKind::CompoundAssign { target, value, .. } => {
                        self.reads_w = true;
                        (*target, Some(*value))
                    }
                    ExprKind::IncDec { target, .. } => {
                        self.reads_w = true;
                        (*target, None)
                    }
                    _ => return false,
                };
                let ExprKind::Index { mut array, mut index } = func.expr(target).kind else {
                    return false;
                };
                // `w[i][c]`, a cell of the iteration's own row (ninety-third session).
                if let (&ExprKind::Index { array: rows, index: row }, Some(_)) =
                    (&func.expr(array).kind, self.index)
                {
                    self.roots.push(index);
                    (array, index) = (rows, row);
                    self.rows = true;
                }
                let ExprKind::Local(w) = func.expr(array).kind else { return false };
                self.roots.extend(value);
                let place = match self.index {
                    Some(i) => offset_of(func, index, i).filter(|c| *c == 0 || !self.rows),
                    None => is_index(index).then_some(0),
                };
                let Some(place) = place else { return false };
                *self.written.get_or_insert(w) == w && *self.place.get_or_insert(place) == place
            }
            Stmt::If { cond, then_block, else_block } => {
                self.roots.push(*cond);
                self.block(module, func, then_block, is_index)
                    && else_block.as_ref().is_none_or(|b| self.block(module, func, b, is_index))
            }
            // Of the loop itself, or of a nested loop: the iteration ends, having written no
            // element but its own (ninetieth session).
            Stmt::Continue(None) => true,
            // Of a nested loop, which its iteration leaves.
            Stmt::Break(None) => self.depth > 0,
            _ => false,
        }
    }

    /// Whether `e` assigns a local the body declares, other than an index (`t += m[i][j];`
    /// with `long t = 0;` in the body, `if (v < 0) v = -v;`): each iteration has its own.
    /// Its value joins the `roots`.
    fn assigns_own(&mut self, func: &Function, e: ExprId) -> bool {
        let (target, value) = match func.expr(e).kind {
            ExprKind::Assign { target, value } | ExprKind::CompoundAssign { target, value, .. } => {
                (target, Some(value))
            }
            ExprKind::IncDec { target, .. } => (target, None),
            _ => return false,
        };
        let ExprKind::Local(l) = func.expr(target).kind else { return false };
        if !self.declared.contains(&l) || self.indices.contains(&l) {
            return false;
        }
        self.roots.extend(value);
        self.own = true;
        true
    }

    /// Whether `b` is a counted loop nested in the body (ninety-third session), `for (int j
    /// = lo; j < hi; j += c)` (`<=`; `>=`, `>` stepping down; the bound may be one of the
    /// test's `&&`s), whose bound reads nothing its body assigns (so it ends as Java's does,
    /// or earlier), of statements the body may hold: a row of
    /// a matrix (`t += m[i][j]`), a block of a flat array (`t += a[i * 8 + k]`), a
    /// reduction over a whole matrix. Its bounds join the `roots`.
    fn nested_loop(
        &mut self,
        module: &Module,
        func: &Function,
        b: &Block,
        is_index: &dyn Fn(ExprId) -> bool,
    ) -> bool {
        let Some(parts) = loop_parts(b) else { return false };
        let j = parts.index;
        let local = func.local(j);
        if local.kind != LocalKind::Var || local.ty != Type::Prim(PrimType::Int) {
            return false;
        }
        let step = match parts.update {
            [u] => walk::constant_step(func, *u, j),
            _ => None,
        };
        let Some(step) = step else { return false };
        // The test, or one of its `&&`s (`j < i && j < len`), bounds the index.
        fn bounds(func: &Function, test: ExprId, j: LocalId, step: i32) -> Option<ExprId> {
            match func.expr(test).kind {
                ExprKind::Binary { op, lhs, rhs } if op.kind == BinOpKind::And => {
                    bounds(func, lhs, j, step).or_else(|| bounds(func, rhs, j, step))
                }
                _ => bound_of(func, test, j, step),
            }
        }
        let Some(hi) = bounds(func, parts.test, j, step) else { return false };
        let assigned = walk::assigned_in_block(func, parts.body);
        let mut steady = true;
        walk::each_expr(func, hi, &mut |e| {
            if let ExprKind::Local(l) = func.expr(e).kind {
                steady &= l != j && !assigned.contains(&l);
            }
        });
        if !steady || !self.declared.insert(j) {
            return false;
        }
        self.indices.insert(j);
        self.roots.extend([parts.start, parts.test]);
        self.nest = true;
        self.depth += 1;
        let held = self.block(module, func, parts.body, is_index);
        self.depth -= 1;
        held
    }
}

impl Scan {
    /// Whether `e` updates a local declared outside the body as a reduction, the same local
    /// with the same operator as every other such update; its value joins the `roots`.
    fn accumulates(&mut self, module: &Module, func: &Function, e: ExprId) -> bool {
        let local = |x: ExprId| match func.expr(x).kind {
            ExprKind::Local(l) => Some(l),
            _ => None,
        };
        // `acc -= e` adds `-e`, and `acc--` adds -1: Java's `int` and `long` subtraction is
        // the addition of the negation (both wrap), as the parallel analysis reads it.
        let (target, op, value) = match &func.expr(e).kind {
            ExprKind::CompoundAssign { target, op, value } if op.kind == BinOpKind::Sub => {
                (*target, Some(ReduceOp::Add), *value)
            }
            ExprKind::CompoundAssign { target, op, value } => (*target, op_of(op.kind), *value),
            ExprKind::IncDec { target, delta: 1 | -1, .. } => {
                (*target, Some(ReduceOp::Add), *target)
            }
            ExprKind::Assign { target, value } => {
                let Some(acc) = local(*target) else { return false };
                let op = match &func.expr(*value).kind {
                    // `found = true` / `ok = false`, under any condition: `||` / `&&` of
                    // the conditions, which every iteration evaluates in Java too.
                    ExprKind::Const(Const::Bool(b))
                        if func.local(acc).ty == Type::Prim(PrimType::Boolean) =>
                    {
                        Some(if *b { ReduceOp::Or } else { ReduceOp::And })
                    }
                    ExprKind::Binary { op, lhs, .. }
                        if local(*lhs) == Some(acc) && op.kind == BinOpKind::Sub =>
                    {
                        Some(ReduceOp::Add)
                    }
                    ExprKind::Binary { op, lhs, rhs }
                        if local(*lhs) == Some(acc)
                            || (local(*rhs) == Some(acc) && op.kind != BinOpKind::Sub) =>
                    {
                        op_of(op.kind)
                    }
                    ExprKind::Builtin { .. } | ExprKind::Call { .. } => {
                        walk::min_max_call(module, func, *value)
                            .filter(|(_, args, _)| args.iter().any(|a| local(*a) == Some(acc)))
                            .map(|(op, ..)| op)
                    }
                    _ => None,
                };
                (*target, op, *value)
            }
            _ => return false,
        };
        let (Some(acc), Some(op)) = (local(target), op) else { return false };
        self.accumulator(acc, op, &[value])
    }

    /// Whether `if (cond) { then_block }` is a conditional extremum of an `int` or `long`
    /// local declared outside the body, `if (v > m) m = v;` (`>=`, `<`, `<=`, either side),
    /// `v` one expression in both places, which is `m = Math.max(m, v)` exactly: equal
    /// integers have equal bits (a `float` or `double` `m` keeps the first of `-0.0` and
    /// `0.0` and skips NaN, unlike `Math.max`). The same local with the same operator as
    /// every other such update; its test and value join the `roots`.
    fn extremum(
        &mut self,
        module: &Module,
        func: &Function,
        cond: ExprId,
        then_block: &Block,
    ) -> bool {
        let [Stmt::Expr(a)] = then_block.stmts.as_slice() else { return false };
        let ExprKind::Assign { target, value } = func.expr(*a).kind else { return false };
        let ExprKind::Local(m) = func.expr(target).kind else { return false };
        if !matches!(func.local(m).ty, Type::Prim(PrimType::Int | PrimType::Long)) {
            return false;
        }
        let ExprKind::Binary { op, lhs, rhs } = &func.expr(cond).kind else { return false };
        let is_m = |x: ExprId| {
            let x = strip_widening(func, x);
            matches!(func.expr(x).kind, ExprKind::Local(y) if y == m)
        };
        // The relation of `v` to `m`.
        let (other, greater) = match (is_m(*lhs), is_m(*rhs), op.kind) {
            (false, true, BinOpKind::Gt | BinOpKind::Ge) => (*lhs, true),
            (false, true, BinOpKind::Lt | BinOpKind::Le) => (*lhs, false),
            (true, false, BinOpKind::Lt | BinOpKind::Le) => (*rhs, true),
            (true, false, BinOpKind::Gt | BinOpKind::Ge) => (*rhs, false),
            _ => return false,
        };
        let v = strip_widening(func, value);
        let library_math = |f: FuncId| walk::library_math(module, f);
        if !walk::same_value_calling(func, strip_widening(func, other), v, &library_math)
            || walk::mentions(func, v, m)
        {
            return false;
        }
        let op = if greater { ReduceOp::Max } else { ReduceOp::Min };
        self.accumulator(m, op, &[cond, value])
    }

    /// Whether `if (cond) { then_block }` is an argument extremum, `if (v > m) { m = v; k =
    /// e; .. }` (`>=`, `<`, `<=`, either side; `v` one expression in both places): an `if`
    /// of assignments of locals declared outside the body, distinct, of which `m`'s alone
    /// is compared in `cond`, with payloads `k` or with a floating-point `m` (an integral
    /// one without payloads is [`Scan::extremum`]), no value reading `m` or a payload. The
    /// loop's only one; its test and values join the `roots`.
    fn arg_extremum(
        &mut self,
        module: &Module,
        func: &Function,
        cond: ExprId,
        then_block: &Block,
    ) -> bool {
        if self.argext.is_some() {
            return false;
        }
        let mut assigns = Vec::new();
        for s in &then_block.stmts {
            let Stmt::Expr(a) = s else { return false };
            let ExprKind::Assign { target, value } = func.expr(*a).kind else { return false };
            let ExprKind::Local(l) = func.expr(target).kind else { return false };
            if self.declared.contains(&l) || assigns.iter().any(|(seen, _)| *seen == l) {
                return false;
            }
            assigns.push((l, value));
        }
        let ExprKind::Binary { op, lhs, rhs } = &func.expr(cond).kind else { return false };
        let assigned = |x: ExprId| match func.expr(strip_widening(func, x)).kind {
            ExprKind::Local(l) => assigns.iter().position(|(a, _)| *a == l),
            _ => None,
        };
        // The relation of `v` to `m`.
        let (k, other, rel) = match (assigned(*lhs), assigned(*rhs), op.kind) {
            (
                None,
                Some(k),
                rel @ (BinOpKind::Gt | BinOpKind::Ge | BinOpKind::Lt | BinOpKind::Le),
            ) => (k, *lhs, rel),
            (Some(k), None, BinOpKind::Gt) => (k, *rhs, BinOpKind::Lt),
            (Some(k), None, BinOpKind::Ge) => (k, *rhs, BinOpKind::Le),
            (Some(k), None, BinOpKind::Lt) => (k, *rhs, BinOpKind::Gt),
            (Some(k), None, BinOpKind::Le) => (k, *rhs, BinOpKind::Ge),
            _ => return false,
        };
        let (m, value) = assigns[k];
        let floating = matches!(func.local(m).ty, Type::Prim(PrimType::Float | PrimType::Double));
        let v = strip_widening(func, value);
        let reads_own = |e: ExprId| assigns.iter().any(|(l, _)| walk::mentions(func, e, *l));
        let library_math = |f: FuncId| walk::library_math(module, f);
        if (assigns.len() == 1 && !floating)
            || !walk::same_value_calling(func, strip_widening(func, other), v, &library_math)
            || assigns.iter().any(|(_, e)| reads_own(*e))
        {
            return false;
        }
        let payloads = assigns.iter().map(|(l, _)| *l).filter(|l| *l != m).collect();
        self.argext = Some((m, payloads, Some(rel)));
        self.roots.push(cond);
        self.roots.extend(assigns.iter().map(|(_, e)| *e));
        true
    }

    /// Whether `if (cond) { then_block }` is a search's match, `if (test) { x = e; ..; break;
    /// }` (ninety-second session): assignments of distinct locals declared outside the body,
    /// then `break` of the loop. Java's loop assigns them once, in its first iteration
    /// passing the test, and leaves. The loop's only argument extremum ([`qualifies`] asks
    /// for it to be the body's only statement); its test and values join the `roots`.
    fn search(
        &mut self,
        module: &Module,
        func: &Function,
        cond: ExprId,
        then_block: &Block,
    ) -> bool {
        let Some((Stmt::Break(None), assigns)) = then_block.stmts.split_last() else {
            return false;
        };
        // (In a nested loop the `break` leaves that loop only.)
        if self.argext.is_some() || self.depth > 0 {
            return false;
        }
        let mut targets: Vec<LocalId> = Vec::new();
        let mut values = Vec::new();
        for s in assigns {
            let assigned = match s {
                Stmt::Expr(a) => match func.expr(*a).kind {
                    ExprKind::Assign { target, value } => match func.expr(target).kind {
                        ExprKind::Local(l) => Some((l, value)),
                        _ => None,
                    },
                    _ => None,
                },
                _ => None,
            };
            let fresh = |l: &LocalId| !self.declared.contains(l) && !targets.contains(l);
            let Some((l, value)) = assigned.filter(|(l, _)| fresh(l)) else {
                // The statement at fault, not a plain assignment before it (`explain`).
                if self.refused.is_none() {
                    let (what, at) = described(module, func, s);
                    let what = format!(
                        "{what} in a search's `{{ ..; break; }}` (which may assign distinct \
                         locals declared before the loop with `=`, then leave)"
                    );
                    self.refused = Some((what, at));
                }
                return false;
            };
            targets.push(l);
            values.push(value);
        }
        let Some((&first, rest)) = targets.split_first() else { return false };
        self.argext = Some((first, rest.to_vec(), None));
        self.roots.push(cond);
        self.roots.extend(values);
        true
    }

    /// Records `acc`, updated with `op` from `values`, when it is declared outside the body
    /// and every other update is of `acc` with `op`.
    fn accumulator(&mut self, acc: LocalId, op: ReduceOp, values: &[ExprId]) -> bool {
        if self.declared.contains(&acc) || self.acc.is_some_and(|seen| seen != (acc, op)) {
            return false;
        }
        self.acc = Some((acc, op));
        self.roots.extend_from_slice(values);
        true
    }
}

/// A statement in words, and where it is, for a [`Refusal`].
fn described(module: &Module, func: &Function, s: &Stmt) -> (String, Option<somd_diag::Span>) {
    let at = |e: ExprId| Some(func.expr(e).span);
    match s {
        Stmt::Let { local, .. } => {
            let l = func.local(*local);
            (format!("the declaration of `{}`", l.name), Some(l.span))
        }
        Stmt::Expr(e) => {
            let target = match &func.expr(*e).kind {
                ExprKind::Assign { target, .. }
                | ExprKind::CompoundAssign { target, .. }
                | ExprKind::IncDec { target, .. } => Some(*target),
                _ => None,
            };
            let what = match target.map(|t| &func.expr(t).kind) {
                Some(ExprKind::Local(l)) => format!("the update of `{}`", func.local(*l).name),
                Some(ExprKind::Index { array, .. }) => match func.expr(*array).kind {
                    ExprKind::Local(w) => format!("the store to `{}`", func.local(w).name),
                    _ => "the store".into(),
                },
                Some(_) => "the store".into(),
                None => match &func.expr(*e).kind {
                    ExprKind::Call { func: callee, .. } => {
                        format!("the call of `{}`", module.function(*callee).name)
                    }
                    ExprKind::Builtin {
                        builtin: Builtin::Print { .. } | Builtin::Println { .. },
                        ..
                    } => "the output".into(),
                    _ => "the statement".into(),
                },
            };
            (what, at(*e))
        }
        Stmt::If { cond, .. } => ("the `if`".into(), at(*cond)),
        Stmt::Loop { test, .. } => ("a nested loop".into(), test.and_then(at)),
        Stmt::Break(_) => ("a `break`".into(), None),
        Stmt::Continue(_) => ("a labelled `continue`".into(), None),
        Stmt::Return(e) => ("a `return`".into(), e.and_then(at)),
        _ => ("a statement".into(), None),
    }
}

/// The reduction operator of a binary operator, where it has one.
fn op_of(op: BinOpKind) -> Option<ReduceOp> {
    Some(match op {
        BinOpKind::Add => ReduceOp::Add,
        BinOpKind::Mul => ReduceOp::Mul,
        BinOpKind::BitAnd => ReduceOp::BitAnd,
        BinOpKind::BitOr => ReduceOp::BitOr,
        BinOpKind::BitXor => ReduceOp::BitXor,
        BinOpKind::And => ReduceOp::And,
        BinOpKind::Or => ReduceOp::Or,
        _ => return None,
    })
}

/// Whether `callee` is a static method of the program whose calls change nothing outside
/// them (`analysis::combine::effect_free`: no stores to arrays or objects it did not make,
/// no static field written, no output, no recursion): the outlined loop's iterations may
/// then call it in any order and at once, and each returns what Java's would. Nor may it
/// initialize a class at its first use (`first_use`, the module's
/// `init_order::first_use_classes`): that initializer's effects would come in whichever MI
/// calls first.
fn pure_helper(module: &Module, first_use: &HashSet<ClassId>, callee: FuncId) -> bool {
    let f = module.function(callee);
    f.kind == FuncKind::Static
        && f.somd.is_none()
        && crate::analysis::combine::effect_free(module, callee)
        && !uses_first_use_class(module, first_use, callee)
}

/// Whether `fid`, or a function it calls, uses a class initialized at its first use: calls
/// a static method or constructor of it, makes an object of it or reads its static field.
fn uses_first_use_class(module: &Module, first_use: &HashSet<ClassId>, fid: FuncId) -> bool {
    if first_use.is_empty() {
        return false;
    }
    let (mut seen, mut stack) = (HashSet::from([fid]), vec![fid]);
    while let Some(f) = stack.pop() {
        let func = module.function(f);
        if first_use.contains(&func.class) {
            return true;
        }
        let static_of_one = func.exprs.iter().any(|e| match &e.kind {
            ExprKind::New { class, .. } => first_use.contains(class),
            ExprKind::Static(s) => {
                module.statics.get(s.0 as usize).is_some_and(|s| first_use.contains(&s.class))
            }
            _ => false,
        });
        if static_of_one {
            return true;
        }
        // Calls, constructors, `@` and `!` targets, and `toString()`s of conversions.
        for (callee, _) in crate::analysis::isolation::callees(func) {
            if seen.insert(callee) {
                stack.push(callee);
            }
        }
    }
    false
}

/// Whether `ty` is an array (of any dimensions) of primitives.
fn prim_leaves(ty: &Type) -> bool {
    match ty {
        Type::Array(elem) => matches!(**elem, Type::Prim(_)) || prim_leaves(elem),
        _ => false,
    }
}

/// Whether `func` passes `local` to a SOMD method.
fn handed_to_somd(func: &Function, local: LocalId) -> bool {
    (0..func.exprs.len()).any(|e| somd_args(func, ExprId(e as u32)).any(|l| l == local))
}

/// The locals `e` passes to a SOMD method, where it is a call of one.
fn somd_args(func: &Function, e: ExprId) -> impl Iterator<Item = LocalId> + '_ {
    let args = match &func.expr(e).kind {
        ExprKind::SomdCall { args, .. } => args.as_slice(),
        _ => &[],
    };
    args.iter().filter_map(|a| match func.expr(*a).kind {
        ExprKind::Local(l) => Some(l),
        _ => None,
    })
}

/// Whether some statement of `func` gives `local` the fresh result of a SOMD call, or the
/// array of another local given one (`u = nu;` after `nu = smooth(u)`: probe 158's copy of
/// the previous state, `old[i] = u[i]`, read each round's result on the host).
fn holds_somd_results(module: &Module, func: &Function, local: LocalId) -> bool {
    let ty = &func.local(local).ty;
    let (mut seen, mut stack) = (HashSet::from([local]), vec![local]);
    while let Some(v) = stack.pop() {
        let mut found = false;
        let mut given = |e: ExprId, stack: &mut Vec<LocalId>| match func.expr(e).kind {
            ExprKind::SomdCall { .. } => found |= keep::is_fresh_of(module, func, ty, e),
            ExprKind::Local(w) if func.local(w).ty == *ty && seen.insert(w) => stack.push(w),
            _ => {}
        };
        walk::each_stmt(&func.body, &mut |s| match s {
            Stmt::Let { local: l, init: Some(e) } if *l == v => given(*e, &mut stack),
            Stmt::Expr(e) => {
                if let ExprKind::Assign { target, value } = func.expr(*e).kind {
                    if matches!(func.expr(target).kind, ExprKind::Local(l) if l == v) {
                        given(value, &mut stack);
                    }
                }
            }
            _ => {}
        });
        if found {
            return true;
        }
    }
    false
}

/// Whether the SOMD method made of a reduction loop, or of a nest (ninety-third session), is
/// one the device runs, its loop parallel (`analysis::parallel`): else the loop stays as
/// written, and the refusal says why. (An argument extremum's method names its picking
/// function, which the module gets after this: the analysis reads of the method's strategy
/// only that it is a function's, `parallel::strategy_combines`.) A `search` is analysed as
/// `first_match` leaves it; one that pass does not rewrite stays, its test named as the
/// reason.
fn parallel_on_a_device(module: &Module, loop_fn: &Function, search: bool) -> Result<(), Refusal> {
    // A search as the pass after this one gives it (`first_match`); one it leaves says why.
    // (A nested loop's `break` is no search's.)
    let mut loop_fn = loop_fn.clone();
    let mut test = None;
    if search {
        walk::each_stmt(&loop_fn.body, &mut |s| {
            if let Stmt::If { cond, then_block, .. } = s {
                if matches!(then_block.stmts.last(), Some(Stmt::Break(None))) {
                    test = test.or(Some(*cond));
                }
            }
        });
    }
    crate::first_match::rewrite_function(module, &mut loop_fn);
    if let (Some(test), true) = (test, loop_fn.early_exits.is_empty()) {
        return Err(Refusal {
            why: "its search's test may fail or have an effect in the iterations after Java's \
                  loop leaves, which a device evaluates too (the test's reads must be proven in \
                  range, its calls `Math`'s, its start a constant of at least 0)"
                .into(),
            at: Some(loop_fn.expr(test).span),
        });
    }
    match crate::analysis::parallel::analyze_somd(module, &loop_fn).1 {
        Ok(_) => Ok(()),
        Err(blocker) => {
            let construct = blocker.construct.trim_start_matches("loop is not parallel: ");
            Err(Refusal {
                why: format!("as a SOMD method, its loop would not be parallel: {construct}"),
                at: Some(blocker.span),
            })
        }
    }
}

/// Whether the loop `b` of `func`, planned as `plan`, writes an array `w` from 0 up by 1 to
/// `i < e`, where the last of the statements `before` it in its block that gives `w` a value
/// gives it `new T[e]`, and none after that mentions `w` or gives a local `e` reads
/// another value: `w.length` is then `e`, and the loop writes every element of the
/// caller's fresh array (`double[] nx = new double[n]; for (int i = 0; i < n; i++) nx[i] =
/// ..`). The method made tests `i < w.length` instead, which the device analysis reads as
/// a write of the whole array (`swap::covers`): the caller's zeros need not go up.
fn fills_new_array(func: &Function, before: &[Stmt], b: &Block, plan: &Plan) -> bool {
    let Target::Array(w) = plan.target else { return false };
    let Some(LoopParts { start, test, .. }) = loop_parts(b) else { return false };
    let ExprKind::Binary { op, rhs: hi, .. } = &func.expr(test).kind else { return false };
    let from_zero = matches!(func.expr(start).kind, ExprKind::Const(Const::Int(0)));
    if op.kind != BinOpKind::Lt || !from_zero || plan.step != 1 || plan.place != 0 {
        return false;
    }
    let mut read = HashSet::new();
    walk::each_expr(func, *hi, &mut |e| {
        if let ExprKind::Local(l) = func.expr(e).kind {
            read.insert(l);
        }
    });
    for stmt in before.iter().rev() {
        let given = match stmt {
            Stmt::Let { local, init: Some(e) } if *local == w => Some(*e),
            Stmt::Expr(e) => match func.expr(*e).kind {
                ExprKind::Assign { target, value } => {
                    matches!(func.expr(target).kind, ExprKind::Local(l) if l == w).then_some(value)
                }
                _ => None,
            },
            _ => None,
        };
        if let Some(value) = given {
            return matches!(&func.expr(value).kind, ExprKind::NewArray { dims }
                if matches!(dims.as_slice(), [d] if walk::same_value(func, *d, *hi)));
        }
        let block = Block { stmts: vec![stmt.clone()] };
        let mut mentioned = false;
        walk::each_stmt(&block, &mut |s| {
            for root in walk::stmt_roots(s) {
                mentioned |= walk::mentions(func, root, w);
            }
        });
        if mentioned || !walk::assigned_in_block(func, &block).is_disjoint(&read) {
            return false;
        }
    }
    false
}

/// The SOMD method `name` running the loop `b` of `caller` (module doc): parameters `w`
/// (`dist`) and the locals the loop reads, its body the loop and `return w;` (a reduction:
/// parameters the array it reads that holds SOMD results, `dist`, the accumulator and the
/// others, its body the loop and `return acc;`); with its copy of the loop's index (`b`
/// starts with the index's declaration).
fn loop_function(
    caller: &Function,
    b: &Block,
    plan: &Plan,
    whole: bool,
    name: String,
    span: somd_diag::Span,
    picked_by: Option<FuncId>,
) -> Option<(Function, LocalId)> {
    let ret = match &plan.target {
        Target::ArgExtremum(ax) => Type::Array(Box::new(Type::Prim(ax.table))),
        _ => caller.local(plan.assigned()).ty.clone(),
    };
    let somd = SomdSig {
        dist_params: vec![(0, Distribution::Block)],
        reduction: match (&plan.target, picked_by) {
            (Target::Array(_), _) => Reduction::Assemble,
            (Target::Reduction { op, .. }, _) => Reduction::Op(*op),
            (Target::ArgExtremum(_), picked_by) => Reduction::Combine(picked_by?),
        },
    };
    let mut f = static_function(name, caller.class, ret, Some(somd), span);
    let mut locals = HashMap::new();
    for (k, l) in plan.params().into_iter().enumerate() {
        let local = caller.local(l);
        let dist = (k == 0).then_some(Distribution::Block);
        let p = f.push_local(Local { kind: LocalKind::Param, dist, ..local.clone() });
        f.params.push(p);
        locals.insert(l, p);
    }
    let mut copier = Copier { caller, locals };
    let mut copied = copier.block(&mut f, b);
    // `i < w.length` for a bound that is the fresh array's length ([`fills_new_array`]).
    if let (true, Target::Array(w), [_, Stmt::Loop { test: Some(test), .. }]) =
        (whole, &plan.target, copied.stmts.as_mut_slice())
    {
        let Expr { kind, ty, span } = f.expr(*test).clone();
        if let ExprKind::Binary { lhs, op, .. } = kind {
            let w = copier.locals[w];
            let array = f.push_expr(ExprKind::Local(w), f.local(w).ty.clone(), span);
            let length = f.push_expr(ExprKind::Length(array), Type::Prim(PrimType::Int), span);
            *test = f.push_expr(ExprKind::Binary { op, lhs, rhs: length }, ty, span);
        }
    }
    let index = match b.stmts.first() {
        Some(Stmt::Let { local, .. }) => copier.locals.get(local).copied()?,
        _ => return None,
    };
    f.body = match &plan.target {
        Target::ArgExtremum(ax) => arg_extremum_body(&mut f, &copier, copied, ax, span)?,
        _ => {
            let returned = f.push_expr(
                ExprKind::Local(copier.locals[&plan.assigned()]),
                f.ret.clone(),
                caller.local(plan.assigned()).span,
            );
            Block { stmts: vec![Stmt::Block(copied), Stmt::Return(Some(returned))] }
        }
    };
    if whole {
        // The bound replaced stays behind, unused.
        crate::scalarize::compact(&mut f);
    }
    // The pass that gives the other SOMD methods these copies ran before this one: a
    // reduction's accumulator, a parameter, gets its local as theirs do.
    crate::param_copies::copy_function(&mut f);
    Some((f, index))
}

/// A static function of `class` without parameters, locals or statements yet.
fn static_function(
    name: String,
    class: ClassId,
    ret: Type,
    somd: Option<SomdSig>,
    span: somd_diag::Span,
) -> Function {
    Function {
        name,
        class,
        kind: FuncKind::Static,
        params: Vec::new(),
        ret,
        locals: Vec::new(),
        exprs: Vec::new(),
        labels: 0,
        body: Block::default(),
        is_local: false,
        somd,
        intermediate: None,
        early_exits: Vec::new(),
        rereads: Vec::new(),
        to_strings: Vec::new(),
        span,
    }
}

/// The body of an argument extremum's method ([`Target::ArgExtremum`]) around its loop
/// `copied`: `T set = 0;`, the loop with `set = 1;` after the extremum's assignments, and
/// `return new T[]{m, payloads.., set};` (each converted to `T`, which holds it exactly).
/// The method's analysis reads `set` as one more payload, a constant; MIs that leave it 0
/// set nothing, so their tables never win ([`pick_function`]).
fn arg_extremum_body(
    f: &mut Function,
    copier: &Copier,
    mut copied: Block,
    ax: &ArgExt,
    span: somd_diag::Span,
) -> Option<Block> {
    let table = Type::Prim(ax.table);
    let set = f.push_local(Local {
        name: "somd_set".into(),
        ty: table.clone(),
        kind: LocalKind::Temp,
        dist: None,
        shared: false,
        span,
    });
    let m = *copier.locals.get(&ax.m)?;
    let zero = f.push_expr(ExprKind::Const(number(ax.table, 0)), table.clone(), span);
    let target = f.push_expr(ExprKind::Local(set), table.clone(), span);
    let one = f.push_expr(ExprKind::Const(number(ax.table, 1)), table.clone(), span);
    let mark = f.push_expr(ExprKind::Assign { target, value: one }, table.clone(), span);
    /// Appends `mark` to the `if` block assigning `m`.
    fn mark_set(f: &Function, block: &mut Block, m: LocalId, mark: ExprId) -> bool {
        block.stmts.iter_mut().any(|s| match s {
            Stmt::If { then_block, else_block: None, .. }
                if then_block.stmts.iter().any(|s| {
                    matches!(s, Stmt::Expr(a)
                    if matches!(f.expr(*a).kind, ExprKind::Assign { target, .. }
                        if matches!(f.expr(target).kind, ExprKind::Local(l) if l == m)))
                }) =>
            {
                // Before a search's `break`.
                let at = then_block.stmts.len()
                    - matches!(then_block.stmts.last(), Some(Stmt::Break(_))) as usize;
                then_block.stmts.insert(at, Stmt::Expr(mark));
                true
            }
            _ => walk::stmt_blocks_mut(s).into_iter().any(|b| mark_set(f, b, m, mark)),
        })
    }
    if !mark_set(f, &mut copied, m, mark) {
        return None;
    }
    let mut elements = Vec::new();
    for l in std::iter::once(ax.m).chain(ax.payloads.iter().copied()) {
        let copy = *copier.locals.get(&l)?;
        let ty = f.local(copy).ty.clone();
        let read = f.push_expr(ExprKind::Local(copy), ty.clone(), span);
        elements.push(match &ty {
            _ if ty == table => read,
            // `b ? 1 : 0`
            Type::Prim(PrimType::Boolean) => {
                let [then_expr, else_expr] = [1, 0].map(|k| {
                    f.push_expr(ExprKind::Const(number(ax.table, k)), table.clone(), span)
                });
                let choice = ExprKind::Conditional { cond: read, then_expr, else_expr };
                f.push_expr(choice, table.clone(), span)
            }
            _ => f.push_expr(ExprKind::Convert { operand: read }, table.clone(), span),
        });
    }
    elements.push(f.push_expr(ExprKind::Local(set), table.clone(), span));
    let returned = f.push_expr(ExprKind::ArrayLit(elements), f.ret.clone(), span);
    Some(Block {
        stmts: vec![
            Stmt::Let { local: set, init: Some(zero) },
            Stmt::Block(copied),
            Stmt::Return(Some(returned)),
        ],
    })
}

/// The constant `k` of type `ty` (`int`, `long` or `double`: an [`ArgExt::table`]).
fn number(ty: PrimType, k: i32) -> Const {
    match ty {
        PrimType::Long => Const::Long(k.into()),
        PrimType::Double => Const::Double(k.into()),
        _ => Const::Int(k),
    }
}

/// The function `loop$pick(T[] a, T[] b)` with which the CPU path of an argument
/// extremum's method `loop` combines its MIs' tables, in order: `b` when it was set
/// (`ArgExt::set_slot`) and its `m` is in the relation to `a`'s that a later iteration's
/// value needs to win in Java's loop (`b[0] > a[0]` for `v > m`), else `a`; of a search's,
/// `a` when it was set (the first match), else `b`. Every MI starts
/// from the caller's values; one that set `m` holds the best of its share, and picking
/// from left to right, or in any tree of that order, gives the loop's pair: of equal
/// values the first for `>`, the last for `>=`. (A device folds its work-items in its own
/// tree, and the host gets one table.)
fn pick_function(
    caller: &Function,
    ax: &ArgExt,
    loop_name: &str,
    span: somd_diag::Span,
) -> Function {
    let table = Type::Array(Box::new(Type::Prim(ax.table)));
    let elem = Type::Prim(ax.table);
    let boolean = Type::Prim(PrimType::Boolean);
    let mut f =
        static_function(format!("{loop_name}$pick"), caller.class, table.clone(), None, span);
    let [a, b] = ["a", "b"].map(|name| {
        let p = f.push_local(Local {
            name: name.into(),
            ty: table.clone(),
            kind: LocalKind::Param,
            dist: None,
            shared: false,
            span,
        });
        f.params.push(p);
        p
    });
    let element = |f: &mut Function, of: LocalId, k: i32| {
        let array = f.push_expr(ExprKind::Local(of), table.clone(), span);
        let index = f.push_expr(ExprKind::Const(Const::Int(k)), Type::Prim(PrimType::Int), span);
        f.push_expr(ExprKind::Index { array, index }, elem.clone(), span)
    };
    let op = |kind| BinOp { kind, ty: PrimOrRef::Prim(ax.table) };
    // A search's first match wins: `a` when it was set, else `b`.
    let tested = if ax.rel.is_some() { b } else { a };
    let set = element(&mut f, tested, ax.set_slot());
    let zero = f.push_expr(ExprKind::Const(number(ax.table, 0)), elem.clone(), span);
    let was_set = f.push_expr(
        ExprKind::Binary { op: op(BinOpKind::Ne), lhs: set, rhs: zero },
        boolean.clone(),
        span,
    );
    let [ret_a, ret_b] = [a, b].map(|l| f.push_expr(ExprKind::Local(l), table.clone(), span));
    let returns = |e: ExprId| Block { stmts: vec![Stmt::Return(Some(e))] };
    f.body = match ax.rel {
        Some(rel) => {
            let (lhs, rhs) = (element(&mut f, b, 0), element(&mut f, a, 0));
            let wins = f.push_expr(ExprKind::Binary { op: op(rel), lhs, rhs }, boolean, span);
            let inner = Stmt::If { cond: wins, then_block: returns(ret_b), else_block: None };
            Block {
                stmts: vec![
                    Stmt::If {
                        cond: was_set,
                        then_block: Block { stmts: vec![inner] },
                        else_block: None,
                    },
                    Stmt::Return(Some(ret_a)),
                ],
            }
        }
        None => Block {
            stmts: vec![
                Stmt::If { cond: was_set, then_block: returns(ret_a), else_block: None },
                Stmt::Return(Some(ret_b)),
            ],
        },
    };
    f
}

/// The statement replacing the loop: `w = loop_fn(w, reads..);` (`acc = loop_fn(over,
/// acc, reads..);`; for an argument extremum `T[] t = loop_fn(over, m, payloads..,
/// reads..); if (t[set] != 0) { m = (M) t[0]; k = (K) t[1]; .. }`, which assigns nothing
/// when the loop set nothing, as Java's).
fn call_statement(
    func: &mut Function,
    plan: &Plan,
    loop_fn: &Function,
    id: FuncId,
    span: somd_diag::Span,
) -> Stmt {
    let ty = loop_fn.ret.clone();
    let args: Vec<ExprId> = plan
        .params()
        .into_iter()
        .map(|l| func.push_expr(ExprKind::Local(l), func.local(l).ty.clone(), span))
        .collect();
    let call =
        func.push_expr(ExprKind::SomdCall { func: id, receiver: None, args }, ty.clone(), span);
    let Target::ArgExtremum(ax) = &plan.target else {
        let target = func.push_expr(ExprKind::Local(plan.assigned()), ty.clone(), span);
        return Stmt::Expr(func.push_expr(ExprKind::Assign { target, value: call }, ty, span));
    };
    let name = format!("{}$table", func.local(ax.m).name);
    let t = func.push_local(Local {
        name,
        ty: ty.clone(),
        kind: LocalKind::Temp,
        dist: None,
        shared: false,
        span,
    });
    let elem = Type::Prim(ax.table);
    let element = |func: &mut Function, k: i32| {
        let array = func.push_expr(ExprKind::Local(t), ty.clone(), span);
        let index = func.push_expr(ExprKind::Const(Const::Int(k)), Type::Prim(PrimType::Int), span);
        func.push_expr(ExprKind::Index { array, index }, elem.clone(), span)
    };
    let set = element(func, ax.set_slot());
    let zero = func.push_expr(ExprKind::Const(number(ax.table, 0)), elem.clone(), span);
    let op = BinOp { kind: BinOpKind::Ne, ty: PrimOrRef::Prim(ax.table) };
    let cond = func.push_expr(
        ExprKind::Binary { op, lhs: set, rhs: zero },
        Type::Prim(PrimType::Boolean),
        span,
    );
    let mut assigns = Vec::new();
    for (k, l) in std::iter::once(ax.m).chain(ax.payloads.iter().copied()).enumerate() {
        let lt = func.local(l).ty.clone();
        let mut value = element(func, k as i32);
        if lt == Type::Prim(PrimType::Boolean) {
            // `t[k] != 0`
            let zero = func.push_expr(ExprKind::Const(number(ax.table, 0)), elem.clone(), span);
            let op = BinOp { kind: BinOpKind::Ne, ty: PrimOrRef::Prim(ax.table) };
            value =
                func.push_expr(ExprKind::Binary { op, lhs: value, rhs: zero }, lt.clone(), span);
        } else if lt != elem {
            value = func.push_expr(ExprKind::Convert { operand: value }, lt.clone(), span);
        }
        let target = func.push_expr(ExprKind::Local(l), lt.clone(), span);
        assigns.push(Stmt::Expr(func.push_expr(ExprKind::Assign { target, value }, lt, span)));
    }
    Stmt::Block(Block {
        stmts: vec![
            Stmt::Let { local: t, init: Some(call) },
            Stmt::If { cond, then_block: Block { stmts: assigns }, else_block: None },
        ],
    })
}

/// Copies statements and expressions of the caller into the loop's method.
struct Copier<'c> {
    caller: &'c Function,
    /// The caller's locals by their copies.
    locals: HashMap<LocalId, LocalId>,
}

impl Copier<'_> {
    fn local(&mut self, f: &mut Function, l: LocalId) -> LocalId {
        if let Some(copy) = self.locals.get(&l) {
            return *copy;
        }
        let copy = f.push_local(self.caller.local(l).clone());
        self.locals.insert(l, copy);
        copy
    }

    fn expr(&mut self, f: &mut Function, e: ExprId) -> ExprId {
        let expr = self.caller.expr(e);
        let mut kind = expr.kind.clone();
        if let ExprKind::Local(l) = kind {
            kind = ExprKind::Local(self.local(f, l));
        }
        walk::each_child_mut(&mut kind, &mut |child| *child = self.expr(f, *child));
        f.push_expr(kind, expr.ty.clone(), expr.span)
    }

    fn block(&mut self, f: &mut Function, b: &Block) -> Block {
        let stmts = b.stmts.iter().map(|s| self.stmt(f, s)).collect();
        Block { stmts }
    }

    fn stmt(&mut self, f: &mut Function, s: &Stmt) -> Stmt {
        match s {
            Stmt::Let { local, init } => {
                let local = self.local(f, *local);
                Stmt::Let { local, init: init.map(|e| self.expr(f, e)) }
            }
            Stmt::Expr(e) => Stmt::Expr(self.expr(f, *e)),
            Stmt::If { cond, then_block, else_block } => Stmt::If {
                cond: self.expr(f, *cond),
                then_block: self.block(f, then_block),
                else_block: else_block.as_ref().map(|b| self.block(f, b)),
            },
            Stmt::Loop { label, test, test_at_end, body, update } => Stmt::Loop {
                label: *label,
                test: test.map(|e| self.expr(f, e)),
                test_at_end: *test_at_end,
                body: self.block(f, body),
                update: update.iter().map(|e| self.expr(f, *e)).collect(),
            },
            Stmt::Return(e) => Stmt::Return(e.map(|e| self.expr(f, e))),
            Stmt::Block(b) => Stmt::Block(self.block(f, b)),
            Stmt::Labeled { label, body } => {
                Stmt::Labeled { label: *label, body: self.block(f, body) }
            }
            // No expressions to copy (`qualifies` admits none of these, and host functions
            // hold no `sync`).
            Stmt::Break(_)
            | Stmt::Continue(_)
            | Stmt::ThrowUnderflow { .. }
            | Stmt::Sync { .. } => s.clone(),
        }
    }
}
