//! Multi-kernel device calls: the `sync` bodies of SOMD methods (note `device-execution`,
//! "Sync loops").
//!
//! The compiler splits such a body into one kernel per parallel loop and emits the host
//! loops around them as Rust. Generated code runs
//! ```text
//! if let Some(mut call) = rt::device::SyncCall::begin(&S_Main_relax, &device_args) {
//!     let mut s: i32 = 0;
//!     while s < steps { call.launch(0, &[s]); call.launch(1, &[s]); s = s.wrapping_add(1); }
//!     call.launch(2, &[]);
//!     let done = call.finish(&[], moved);
//!     ...
//! }
//! ```
//! [`SyncCall::begin`] plans every kernel (as [`super::run`] plans one: `None` means the CPU
//! path), then, inside one [`trace::CallScope`], uploads every array argument once and
//! allocates the outputs zero-filled once. Each [`SyncCall::launch`] only sets arguments
//! and enqueues: the queue is in order, so the end of a launch is the `sync` barrier, and
//! with one buffer per array there is no halo to copy. [`SyncCall::finish`] checks the
//! error buffer (the first recorded failure, in launch order, becomes the Java exception at
//! its site) before reading anything back, then downloads the outputs, the parameters the
//! method returns and the last reduction's partials. The trace shows one `call` event with
//! the number of launches.
//!
//! `sync reduce(op) (x) { loop }` is [`SyncCall::reduce`]: the launch, then (after the
//! error check) its few partials come down at once; the generated code combines them with
//! `op` and folds them into its Rust local `x`. Kernels that read such host scalars get
//! their current values per launch ([`SyncCall::launch_with`], `ArgSpec::HostValue`): the
//! broadcast is a kernel argument. Before a statement the host runs, [`SyncCall::check`]
//! raises a failure of the launches before it first, as the CPU path would.

use super::{allocate, arg_shapes, plan, rows, zero_fill, ArgSpec, DevBuf, DevElem, DeviceResult};
use super::{Elem, Held, HostArg, KernelDesc, Output, Planned};
use crate::opencl::{buffer, policy};
use crate::opencl::{trace, ClFailure, DeviceCtx, ErrorBuffer, OrFatal};

/// The kernels of one SOMD method's `sync` body, in the compiler's launch order.
pub struct SyncDesc {
    /// `Class.method` for placement and traces.
    pub label: &'static str,
    /// Every kernel has the same arguments up to its host-loop indices and reduction
    /// arguments (the compiler checks it), so buffers are shared by argument index.
    pub kernels: &'static [&'static KernelDesc],
    /// `(dst, src)` parameter pairs (argument indices) whose copy-back launch
    /// ([`SyncCall::swap_or_launch`]) may be a buffer exchange, in the compiler's order.
    pub swaps: &'static [(usize, usize)],
    /// Array parameters (argument indices) whose contents the call never reads (scratch
    /// buffers it writes before each read): allocated on the device, not uploaded.
    pub unread: &'static [usize],
    /// Array parameters (argument indices) the body may write: a SOMD result left on the
    /// device that one of them is passed is copied there first (parameters are by value),
    /// or taken when the caller hands it over ([`SyncCall::begin_leaving`]).
    pub written: &'static [usize],
}

impl std::fmt::Debug for SyncDesc {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SyncDesc").field("label", &self.label).finish_non_exhaustive()
    }
}

/// The most launches [`SyncCall::check_lazily`] lets pass unchecked.
pub const LAZY_CHECK_LAUNCHES: usize = 64;

/// A multi-kernel call in progress on one device.
pub struct SyncCall<'a> {
    ctx: &'static DeviceCtx,
    desc: &'static SyncDesc,
    planned: Vec<Planned>,
    args: &'a [HostArg<'a>],
    /// The uploaded array arguments, by argument index of the construct.
    params: Vec<Option<DevBuf>>,
    /// Array arguments found on the device (`resident.rs`: value arrays, and mutable arrays
    /// a keep scope holds, which the compiler proved the method never writes), by argument
    /// index: read by the kernels, never written, exchanged or downloaded.
    shared: Vec<Option<std::sync::Arc<DevBuf>>>,
    /// The outputs, by kernel argument index (the same in every kernel).
    outputs: Vec<Option<DevBuf>>,
    /// The reduction launches' partials buffers and their group counts, one per partials
    /// argument of a kernel (a loop reducing several accumulators has one for each, in
    /// order); each may be larger than the last launch needed, left from an earlier one.
    partials: Vec<(DevBuf, usize, Elem)>,
    /// Per pair of [`SyncDesc::swaps`]: the two arrays have one shape, so their copy-back
    /// is an exchange of buffers.
    exchange: Vec<bool>,
    /// The partials buffer holds a launch's partials that nobody read yet.
    partials_pending: bool,
    /// The number of work-groups (partials) of the last reduction launch: the buffer may be
    /// larger, left from an earlier launch.
    last_groups: usize,
    /// A launch was enqueued since the error buffer was last checked.
    unchecked: bool,
    /// Launches enqueued since the error buffer was last checked.
    launches_unchecked: usize,
    /// A launch was enqueued since the call began.
    launched: bool,
    /// The row scope serving the call (`device/rows.rs`: its place on the stack) and the
    /// matrix argument, whose result stays on the device; `true` when the call was passed
    /// the matrix the scope holds.
    rows: Option<(usize, usize, bool)>,
    /// The argument whose buffer is a row of the scope's matrix copied on the device
    /// (`rows::Lent::row_copy`): the buffer goes back to the scope for the next call.
    row_copy: Option<usize>,
    err: ErrorBuffer,
    /// The program's static data, when a kernel reads it (`statics.rs`).
    statics: Option<Held>,
    /// Emits the one `call` event of the trace when the call is dropped.
    _scope: trace::CallScope,
}

impl<'a> SyncCall<'a> {
    /// Plans every kernel and moves the arguments to the device; `None`: run the CPU path.
    pub fn begin(desc: &'static SyncDesc, args: &'a [HostArg<'a>]) -> Option<SyncCall<'a>> {
        SyncCall::begin_updating(desc, args, &[])
    }

    /// [`SyncCall::begin`] of a call whose caller may hold its arguments and result as
    /// SOMD results left on the device (`device/results.rs`): an argument of a written
    /// parameter that the caller hands over (bit `p` of `moved`: it never reads it again)
    /// gives the call its device buffer to write, where another is copied on the device.
    pub fn begin_leaving(
        desc: &'static SyncDesc,
        args: &'a [HostArg<'a>],
        moved: u64,
    ) -> Option<SyncCall<'a>> {
        let call = SyncCall::begin_on_device(desc, args, &[], moved);
        if call.is_none() {
            rows::settle_args(args);
            rows::disarm(desc.label);
        }
        call
    }

    /// Begins a call whose array arguments `updated` come back into the host arrays at its
    /// end ([`SyncCall::finish_updating`]): `None` (the CPU path) also when one of them shares
    /// storage with another array argument (`device/update.rs`), traced as a CPU placement
    /// with that reason.
    pub fn begin_updating(
        desc: &'static SyncDesc,
        args: &'a [HostArg<'a>],
        updated: &[usize],
    ) -> Option<SyncCall<'a>> {
        let call = SyncCall::begin_on_device(desc, args, updated, 0);
        if call.is_none() {
            // The CPU path reads the host's rows of a matrix a row scope holds; when this is
            // a scope's analysed call, the scope waits for it no longer (else the next call
            // of the method, on another matrix, would be served as the analysed one).
            rows::settle_args(args);
            rows::disarm(desc.label);
        }
        call
    }

    fn begin_on_device(
        desc: &'static SyncDesc,
        args: &'a [HostArg<'a>],
        updated: &[usize],
        moved: u64,
    ) -> Option<SyncCall<'a>> {
        let first = desc.kernels.first()?;
        let (ctx, planned) = policy::device_for(desc.label, |ctx| {
            if !super::update::storage_apart(args, updated) {
                return Err(super::update::SHARED_STORAGE);
            }
            let shapes = (desc.kernels.iter().map(|k| arg_shapes(k, 0, args)))
                .collect::<Result<Vec<_>, _>>()?;
            (desc.kernels.iter().zip(shapes))
                .map(|(kernel, shapes)| plan(ctx, kernel, 0, args, shapes))
                .collect::<Result<Vec<_>, _>>()
        })?;
        // Every field any kernel of the body reads must be in the buffer.
        let lists: Vec<&[u16]> = (desc.kernels.iter().flat_map(|k| k.args.iter()))
            .filter_map(|a| match a {
                ArgSpec::Statics(fields) => Some(*fields),
                _ => None,
            })
            .collect();
        let statics = match lists.is_empty() {
            true => None,
            false => Some(super::statics::buffer(ctx, &lists.concat())?),
        };
        let scope = trace::CallScope::begin(desc.label, ctx.label);
        // A matrix a row scope holds is already on the device (its dirty rows go up now);
        // the buffer goes back to the scope if the call does not begin after all.
        let mut lent = rows::engage(ctx, desc, args);
        let rows_param = lent.as_ref().map(|l| l.param);
        let reused = lent.as_ref().is_some_and(rows::Lent::holds);
        let exchange: Vec<bool> =
            desc.swaps.iter().map(|(d, s)| same_shape(args, *d, *s)).collect();
        // The source of an exchanged copy-back starts as a copy of its destination on the
        // device (its own contents are never read: note in the compiler's `swap.rs`).
        let copied = |p: usize| desc.swaps.iter().zip(&exchange).any(|((_, s), ok)| *ok && *s == p);
        // Inputs up once; writes to them stay on the device (parameters are by value).
        let mut params =
            Placing { ctx, args, bufs: Vec::with_capacity(args.len()), taken: Vec::new() };
        let mut shared: Vec<Option<std::sync::Arc<DevBuf>>> = vec![None; args.len()];
        let mut row_copy = None;
        // Neither exchanged nor brought back nor written: an argument the call only reads.
        let read_only = |p: usize| {
            !desc.swaps.iter().any(|(d, s)| *d == p || *s == p)
                && !updated.contains(&p)
                && rows_param != Some(p)
                && !desc.written.contains(&p)
        };
        // Whether each argument's buffer holds the elements its host array had at the call.
        let mut from_host = vec![false; args.len()];
        for (p, arg) in args.iter().enumerate() {
            let name = param_name(first, p);
            // An earlier argument naming the same array, uploaded from it.
            let twin = match arg {
                HostArg::Array(a) => (0..p).find(|q| {
                    from_host[*q]
                        && matches!(args[*q], HostArg::Array(b) if super::same_array(*a, b))
                }),
                _ => None,
            };
            let mut uploaded = false;
            let held = match arg {
                // Placed below, once nothing can fail.
                HostArg::Array(_) if reused && rows_param == Some(p) => None,
                // A row of the matrix on the device, passed on: copied there.
                HostArg::Array(a)
                    if let Some(buf) =
                        lent.as_mut().and_then(|l| l.row_copy(*a, param_name(first, p))) =>
                {
                    row_copy = Some(p);
                    Some(buf)
                }
                // An array passed twice goes up once: an argument the call only reads shares
                // the first one's copy when that one is only read too, else it gets a copy
                // made on the device (the body writes one of them).
                HostArg::Array(a)
                    if let Some(q) = twin
                        && !copied(p)
                        && !desc.unread.contains(&p)
                        && rows_param != Some(p)
                        && a.device_copy(ctx).is_none() =>
                {
                    if read_only(p) && read_only(q) {
                        let buf = match shared[q].clone() {
                            Some(buf) => buf,
                            None => {
                                let buf = std::sync::Arc::new(params.bufs[q].take()?);
                                shared[q] = Some(std::sync::Arc::clone(&buf));
                                buf
                            }
                        };
                        super::resident::trace_resident(ctx, name, byte_len(*a));
                        shared[p] = Some(buf);
                        None
                    } else {
                        let from = match (&shared[q], &params.bufs[q]) {
                            (Some(buf), _) => &**buf,
                            (None, Some(buf)) => buf,
                            (None, None) => return None,
                        };
                        let bytes = byte_len(*a);
                        let mut buf = allocate(ctx, bytes, name)?;
                        buffer::copy(ctx, &from.buffer, 0, &mut buf.buffer, bytes).or_fatal();
                        Some(buf)
                    }
                }
                // On the device already, or kept there from now on (a SOMD result left
                // there, or one the host made whose upload becomes its device copy).
                HostArg::Array(a)
                    if read_only(p)
                        && (a.resident_key().is_some()
                            || a.keeps_upload()
                            || a.device_copy(ctx).is_some()) =>
                {
                    uploaded = true;
                    match super::upload(ctx, *a, name)? {
                        super::Held::Shared(buf) => {
                            shared[p] = Some(buf);
                            None
                        }
                        super::Held::Own(buf) => Some(buf),
                    }
                }
                // A SOMD result left on the device, passed to a parameter the body writes:
                // the call's own copy, made on the device, or the buffer itself when the
                // caller hands the array over.
                HostArg::Array(a)
                    if desc.written.contains(&p)
                        && !copied(p)
                        && !desc.unread.contains(&p)
                        && rows_param != Some(p)
                        && a.device_copy(ctx).is_some() =>
                {
                    super::resident::trace_resident(ctx, name, byte_len(*a));
                    // Handed over, and passed once: a second argument naming the same
                    // array reads its device copy.
                    let same = |b: &HostArg<'_>| match b {
                        HostArg::Array(b) => std::ptr::addr_eq(*a as *const _, *b as *const _),
                        _ => false,
                    };
                    let handed = p < 64
                        && moved & (1 << p) != 0
                        && args.iter().filter(|b| same(b)).count() == 1;
                    match handed.then(|| a.take_device(ctx)).flatten() {
                        Some(buf) => {
                            params.taken.push(p);
                            Some(buf)
                        }
                        None => {
                            let from = a.device_copy(ctx)?;
                            let bytes = byte_len(*a);
                            let mut buf = allocate(ctx, bytes, name)?;
                            buffer::copy(ctx, &from.buffer, 0, &mut buf.buffer, bytes).or_fatal();
                            Some(buf)
                        }
                    }
                }
                // A kept array (a keep scope's) passed to a parameter the body writes: a
                // copy of the kept buffer, which stays what the host holds.
                HostArg::Array(a)
                    if desc.written.contains(&p)
                        && !copied(p)
                        && !desc.unread.contains(&p)
                        && rows_param != Some(p)
                        && a.resident_key().is_some() =>
                {
                    uploaded = true;
                    super::copy_kept(ctx, *a, name)
                }
                HostArg::Array(a) => {
                    if copied(p) || desc.unread.contains(&p) {
                        allocate(ctx, byte_len(*a), name)
                    } else {
                        // A matrix's rows go up from their own storage, as for one launch:
                        // flattening 32 MiB first cost page faults on one thread per call.
                        uploaded = true;
                        super::upload_new(ctx, *a, name)
                    }
                }
                _ => None,
            };
            params.bufs.push(held);
            from_host[p] = uploaded;
        }
        for ((dst, src), ok) in desc.swaps.iter().zip(&exchange) {
            if *ok {
                let bytes = match args.get(*dst) {
                    Some(HostArg::Array(a)) => byte_len(*a),
                    _ => 0,
                };
                copy_buffer(ctx, &mut params.bufs, *dst, *src, bytes)?;
            }
        }
        let mut outputs: Vec<Option<DevBuf>> = Vec::with_capacity(first.args.len());
        for (k, spec) in first.args.iter().enumerate() {
            outputs.push(match spec {
                ArgSpec::Output { elem, .. } => {
                    let n: usize = planned[0].out_dims[k].as_ref()?.iter().product();
                    let bytes = n * elem.size();
                    let name = first.names.get(k).copied().unwrap_or("?");
                    let mut buf = allocate(ctx, bytes, name)?;
                    zero_fill(ctx, &mut buf, bytes);
                    Some(buf)
                }
                _ => None,
            });
        }
        let err = ErrorBuffer::new(ctx).or_fatal();
        if let (Some(p), Some(buf)) = (rows_param, lent.as_mut().and_then(rows::Lent::take)) {
            params.bufs[p] = Some(buf);
        }
        Some(SyncCall {
            ctx,
            desc,
            planned,
            args,
            params: params.placed(),
            shared,
            outputs,
            partials: Vec::new(),
            exchange,
            partials_pending: false,
            last_groups: 0,
            unchecked: false,
            launches_unchecked: 0,
            launched: false,
            rows: lent.as_ref().map(|l| (l.depth(), l.param, reused)),
            row_copy,
            err,
            statics,
            _scope: scope,
        })
    }

    /// Dimension `dim` of array argument `param` (Java `int`: lengths fit), for the host
    /// loops' bounds.
    pub fn len(&self, param: usize, dim: usize) -> i32 {
        // The shapes the call was planned with (a 2-D argument's are not walked again).
        let shape = self.planned.first().and_then(|p| p.shapes.get(param)?.as_ref());
        shape.and_then(|s| s.get(dim).copied()).map_or(0, |n| n as i32)
    }

    /// Enqueues kernel `kernel` with the current host-loop indices (outermost first).
    pub fn launch(&mut self, kernel: usize, host_indices: &[i32]) {
        self.launch_with(kernel, host_indices, &[]);
    }

    /// `new T[..]` of an array the body declares under host control flow (the output at
    /// kernel argument `arg`): Java's fresh array, the buffer zero-filled again in queue
    /// order, after the launches that used the last one. Before the first launch it is
    /// still as the call allocated it.
    pub fn fresh(&mut self, arg: usize) {
        if !self.launched {
            return;
        }
        let first = &self.planned[0];
        let (Some(ArgSpec::Output { elem, .. }), Some(Some(dims)), Some(Some(buf))) =
            (first.desc.args.get(arg), first.out_dims.get(arg), self.outputs.get_mut(arg))
        else {
            crate::opencl::fatal(&ClFailure::NoKernel(format!("{}: output {arg}", self.desc.label)))
        };
        let bytes = dims.iter().product::<usize>() * elem.size();
        zero_fill(self.ctx, buf, bytes);
    }

    /// Raises Java's first failure among the launches so far (the first launch that
    /// failed, its first failing iteration: as the CPU path would have raised it before the
    /// host's next statement); nothing to read when no launch ran since the last check.
    pub fn check(&mut self) {
        if self.unchecked {
            self.err.check(self.planned[0].desc.sites).or_fatal();
            self.unchecked = false;
            self.launches_unchecked = 0;
        }
    }

    /// [`SyncCall::check`] before a host statement or test that cannot fail: one only
    /// after [`LAZY_CHECK_LAUNCHES`] launches since the last. A failed launch leaves
    /// nothing such a step reads (reduction results are checked as they are read) and
    /// nothing the program observes before the exception, which the call raises at the
    /// next check (the error buffer keeps the first failure in Java's order); the
    /// periodic check bounds the work done after a failure, and ends a host loop that
    /// only Java's exception would have left. Each check is a blocking read: a countdown
    /// `while (steps > 0) { sync { .. } steps--; }` paid one round trip per sweep.
    pub fn check_lazily(&mut self) {
        if self.launches_unchecked >= LAZY_CHECK_LAUNCHES {
            self.check();
        }
    }

    /// Runs reduction kernel `kernel` (a `sync reduce` loop) and returns its per-work-group
    /// partials, after checking the error buffer (a failed launch leaves no value to use).
    pub fn reduce<T: DevElem>(
        &mut self,
        kernel: usize,
        host_indices: &[i32],
        host_values: &[HostArg<'_>],
    ) -> Vec<T> {
        self.launch_with(kernel, host_indices, host_values);
        self.check();
        self.partials_pending = false;
        self.partials_of(0)
    }

    /// The partials of accumulator `n` of the reduction launch [`SyncCall::reduce`] just
    /// ran (0 is the one it returned; a loop reducing several accumulators has one
    /// partials buffer for each).
    pub fn partials_of<T: DevElem>(&mut self, n: usize) -> Vec<T> {
        let bytes = partial_bytes(self.ctx, self.partials.get(n), self.last_groups);
        bytes.chunks_exact(T::ELEM.size()).map(T::take).collect()
    }

    /// Enqueues kernel `kernel` with the current host-loop indices (outermost first) and the
    /// values of the host scalars it reads (`ArgSpec::HostValue`, in the kernel's order).
    pub fn launch_with(
        &mut self,
        kernel: usize,
        host_indices: &[i32],
        host_values: &[HostArg<'_>],
    ) {
        let Some(planned) = self.planned.get_mut(kernel) else {
            crate::opencl::fatal(&ClFailure::NoKernel(format!(
                "{}: launch {kernel}",
                self.desc.label
            )))
        };
        planned.resize(host_indices, host_values);
        let planned = &self.planned[kernel];
        let (ctx, desc) = (self.ctx, planned.desc);
        let device_kernel = planned.program.kernel(planned.launched(desc.name)).or_fatal();
        let Some(geo) = planned.geometry(device_kernel) else {
            let items = planned.global.first().copied().unwrap_or(0);
            crate::opencl::fatal(&ClFailure::Geometry { global: items, local: 0 })
        };
        let groups = geo.groups;
        if desc.reduction {
            let elems = desc.args.iter().filter_map(|a| match a {
                ArgSpec::Partials(e) => Some(*e),
                _ => None,
            });
            for (n, elem) in elems.enumerate() {
                let held = self.partials.get(n);
                if held.is_some_and(|(_, g, e)| *g >= groups && *e == elem) {
                    continue;
                }
                let name = "somd_partials";
                let Some(buf) = allocate(ctx, groups * elem.size(), name) else {
                    // Too large for the device after the call started: nothing to fall back to.
                    crate::opencl::fatal(&ClFailure::NoKernel(format!("{}: partials", desc.name)))
                };
                match self.partials.get_mut(n) {
                    Some(slot) => *slot = (buf, groups, elem),
                    None => self.partials.push((buf, groups, elem)),
                }
            }
        }
        let mut setter = device_kernel.args();
        let mut nth_partials = 0;
        for (k, spec) in desc.args.iter().enumerate() {
            let index = k as u32;
            // SAFETY: the manifest gives each argument's kind and type, in the kernel's
            // parameter order; buffers for `__global T *`, the declared scalar types.
            let set = unsafe {
                match spec {
                    ArgSpec::Param(p) => match (self.params.get(*p), self.shared.get(*p)) {
                        (Some(Some(buf)), _) => setter.set(index, &buf.buffer).map(|_| ()),
                        (_, Some(Some(buf))) => setter.set(index, &buf.buffer).map(|_| ()),
                        _ => super::set_scalar(&mut setter, index, self.args.get(*p), desc.name),
                    },
                    ArgSpec::Output { .. } => match self.outputs.get(k) {
                        Some(Some(buf)) => setter.set(index, &buf.buffer).map(|_| ()),
                        _ => Err(ClFailure::NoKernel(format!("{}: output {k}", desc.name))),
                    },
                    ArgSpec::Partials(_) => {
                        nth_partials += 1;
                        match self.partials.get(nth_partials - 1) {
                            Some((buf, _, _)) => setter.set(index, &buf.buffer).map(|_| ()),
                            None => Err(ClFailure::NoKernel(format!("{}: partials", desc.name))),
                        }
                    }
                    ArgSpec::Scratch(elem) => {
                        setter.local::<u8>(index, geo.scratch_items() * elem.size()).map(|_| ())
                    }
                    ArgSpec::Err => setter.set(index, &self.err).map(|_| ()),
                    ArgSpec::Statics(_) => match &self.statics {
                        Some(buf) => setter.set(index, &buf.buffer).map(|_| ()),
                        None => Err(ClFailure::NoKernel(format!("{}: statics", desc.name))),
                    },
                    ArgSpec::Epoch => {
                        setter.set(index, &crate::opencl::fail::next_epoch()).map(|_| ())
                    }
                    ArgSpec::Lanes => {
                        setter.set(index, &(geo.strip.unwrap_or(1) as i32)).map(|_| ())
                    }
                    ArgSpec::HostIndex(depth) => {
                        let value = host_indices.get(*depth).copied().unwrap_or(0);
                        setter.set(index, &value).map(|_| ())
                    }
                    ArgSpec::HostValue(n) => {
                        super::set_scalar(&mut setter, index, host_values.get(*n), desc.name)
                    }
                    ArgSpec::Result(_)
                    | ArgSpec::Count
                    | ArgSpec::Chunk
                    | ArgSpec::LaterErr
                    | ArgSpec::LaneScratch { .. }
                    | ArgSpec::SliceParts { .. }
                    | ArgSpec::Slices { .. }
                    | ArgSpec::StageRows { .. }
                    | ArgSpec::Staged => {
                        Err(ClFailure::NoKernel(format!("{}: argument {k}", desc.name)))
                    }
                    ArgSpec::Length { .. }
                    | ArgSpec::OutputLength { .. }
                    | ArgSpec::Offset { .. }
                    | ArgSpec::GlobalLength { .. } => {
                        let value = planned.values[k].unwrap_or(0);
                        setter.set(index, &(value as i32)).map(|_| ())
                    }
                }
            };
            set.or_fatal();
        }
        let launched = planned.launch(&mut setter, &geo);
        launched.or_fatal();
        self.unchecked = true;
        self.launched = true;
        self.launches_unchecked += 1;
        if desc.reduction {
            self.partials_pending = true;
            self.last_groups = groups;
        }
    }

    /// Kernel `kernel` copies the source of exchange `pair` into its destination: exchange
    /// their buffers instead when the call found them of one shape.
    pub fn swap_or_launch(&mut self, pair: usize, kernel: usize, host_indices: &[i32]) {
        match (self.exchange.get(pair), self.desc.swaps.get(pair)) {
            (Some(true), Some((dst, src))) => self.params.swap(*dst, *src),
            _ => self.launch(kernel, host_indices),
        }
    }

    /// Ends the call: downloads the outputs and array arguments at the kernel argument
    /// indices `returned` into fresh host storage, behind the read of the error words, then
    /// checks those words (raising the first recorded failure as the CPU path would) before
    /// any downloaded value is used. `returned` names what the method returns (an output,
    /// or a parameter it updated); the last reduction's partials come down too. Other
    /// outputs never leave the device.
    ///
    /// `moved` is the wrapper's: bit `p` set when the caller never reads argument `p` again
    /// (`a = f(a, ..)`). A returned parameter so marked comes down once the words are
    /// checked: into its own storage when nothing else reaches its array
    /// ([`super::HostArray::reuse`]), which is then the result (the CPU path's
    /// `Scratch::Reuse`, without a new array; traced as an `in_place` event), else into a
    /// new array.
    pub fn finish(self, returned: &[usize], moved: u64) -> DeviceResult {
        self.finish_updating(returned, &[], moved)
    }

    /// [`SyncCall::finish`] of a call whose caller holds its result as a SOMD result left on
    /// the device (`device/results.rs`): with [`super::LEAVE`] in `moved`, the one array
    /// `returned` names (an output, or a parameter the body updated) stays on the device for
    /// [`super::LazyArr::left`], and the result has no output.
    pub fn finish_leaving(mut self, returned: &[usize], moved: u64) -> DeviceResult {
        let &[k] = returned else { return self.finish(returned, moved) };
        if moved & super::LEAVE == 0 || self.rows.is_some() {
            return self.finish(returned, moved);
        }
        let first = self.planned[0].desc;
        let (buf, dims, elem) = match first.args.get(k) {
            Some(ArgSpec::Output { elem, .. }) => {
                let dims = self.planned[0].out_dims[k].clone().unwrap_or_default();
                (self.outputs[k].take(), dims, *elem)
            }
            // A parameter the call holds a buffer of its own for (one it only read and
            // found on the device comes down as `finish` brings it).
            Some(ArgSpec::Param(p)) if self.params.get(*p).is_some_and(Option::is_some) => {
                let shape = self.planned[0].shapes.get(*p).cloned().flatten();
                let elem = match self.args.get(*p) {
                    Some(HostArg::Array(a)) => a.elem(),
                    _ => return self.finish(returned, moved),
                };
                (self.params.get_mut(*p).and_then(Option::take), shape.unwrap_or_default(), elem)
            }
            _ => return self.finish(returned, moved),
        };
        let (ctx, of) = (self.ctx, self.desc.label);
        // The error words are checked first: a failed call raises its exception here.
        let result = self.finish_updating(&[], &[], moved & !super::LEAVE);
        if let Some(buf) = buf {
            super::results::leave_buffer(ctx, buf, dims, elem, of);
        }
        result
    }

    /// [`SyncCall::finish`], and once the error words are checked, each array argument of
    /// `updated` downloaded from its buffer into the host array's own storage (a call begun
    /// by [`SyncCall::begin_updating`]).
    pub fn finish_updating(
        mut self,
        returned: &[usize],
        updated: &[usize],
        moved: u64,
    ) -> DeviceResult {
        let ctx = self.ctx;
        let first = self.planned[0].desc;
        // Returned parameters the caller never reads again (kernel argument, parameter): once
        // the error words are checked, each comes down into its own storage when nothing
        // else reaches it ([`super::HostArray::reuse`]), else into a new array.
        let moved_back: Vec<(usize, usize)> = first
            .args
            .iter()
            .enumerate()
            .filter_map(|(k, spec)| match spec {
                ArgSpec::Param(p) if *p < 64 && moved & (1 << *p) != 0 => Some((k, *p)),
                _ => None,
            })
            // A parameter found on the device (shared, never written) comes down as a copy.
            .filter(|(k, p)| {
                returned.contains(k)
                    && self.rows.is_none_or(|(_, q, _)| q != *p)
                    && self.params.get(*p).is_some_and(Option::is_some)
            })
            .collect();
        let after_check = |k: usize| moved_back.iter().any(|(j, _)| *j == k);
        // With something to download, the error words' read is queued before the downloads
        // and checked after them, before any result is used: one wait instead of two (the
        // downloads go into new host storage, which a failure discards unread).
        let downloads = self.partials_pending
            || first.args.iter().enumerate().any(|(k, spec)| {
                returned.contains(&k)
                    && match spec {
                        ArgSpec::Output { .. } => true,
                        ArgSpec::Param(p) => {
                            self.rows.is_none_or(|(_, q, _)| q != *p) && !after_check(k)
                        }
                        _ => false,
                    }
            });
        // A matrix the row scope held before the call stays there: the row the host will
        // fetch next comes down behind the launches, before the error words.
        if let Some((depth, q, true)) = self.rows {
            if let Some(Some(buf)) = self.params.get(q) {
                rows::read_ahead(ctx, depth, buf);
            }
        }
        let pending = self.err.settle(downloads, first.sites).or_fatal();
        let mut result = DeviceResult {
            outputs: first.args.iter().map(|_| None).collect(),
            ..DeviceResult::default()
        };
        for (k, spec) in first.args.iter().enumerate() {
            let name = first.names.get(k).copied().unwrap_or("?");
            let (buf, dims, elem) = match spec {
                ArgSpec::Output { elem, .. } if returned.contains(&k) => {
                    let Some(buf) = self.outputs[k].take() else { continue };
                    (buf, self.planned[0].out_dims[k].clone().unwrap_or_default(), *elem)
                }
                ArgSpec::Param(_) if after_check(k) => continue,
                // A returned parameter the body only read, found on the device: its shared
                // copy comes down (the call never wrote it).
                ArgSpec::Param(p)
                    if returned.contains(&k)
                        && self.params.get(*p).is_some_and(Option::is_none)
                        && let Some(Some(shared)) = self.shared.get(*p) =>
                {
                    let shape = self.planned[0].shapes.get(*p).cloned().flatten();
                    let Some(HostArg::Array(a)) = self.args.get(*p) else { continue };
                    let dims = shape.unwrap_or_default();
                    result.outputs[k] =
                        Some(super::download(ctx, shared, a.elem(), dims, false, name).0);
                    continue;
                }
                ArgSpec::Param(p) if returned.contains(&k) => {
                    let Some(HostArg::Array(a)) = self.args.get(*p) else { continue };
                    let Some(Some(buf)) = self.params.get_mut(*p).map(Option::take) else {
                        continue;
                    };
                    // Planned at the call's start (the host cannot change it meanwhile).
                    let shape = self.planned[0].shapes.get(*p).cloned().flatten();
                    let shape = shape.unwrap_or_default();
                    if let Some((depth, q, reused)) = self.rows {
                        if q == *p {
                            // Stays on the device: the row scope holds it.
                            let rows = shape.first().copied().unwrap_or(0);
                            let row_bytes = shape.get(1).copied().unwrap_or(0) * a.elem().size();
                            rows::hold(ctx, depth, buf, rows, row_bytes, reused);
                            result.outputs[k] = Some(Output::Rows(depth));
                            continue;
                        }
                    }
                    (buf, shape, a.elem())
                }
                _ => continue,
            };
            result.outputs[k] = Some(super::download(ctx, &buf, elem, dims, false, name).0);
        }
        if self.partials_pending {
            result.partials = partial_bytes(ctx, self.partials.first(), self.last_groups);
        }
        if let Some(pending) = pending {
            pending.check(first.sites).or_fatal();
        }
        for p in updated {
            if let (Some(HostArg::Array(a)), Some(Some(buf))) =
                (self.args.get(*p), self.params.get(*p))
            {
                super::update::write_back(ctx, buf, *a, param_name(first, *p));
            }
        }
        for (k, p) in moved_back {
            let (Some(HostArg::Array(a)), Some(Some(buf))) = (self.args.get(p), self.params.get(p))
            else {
                continue;
            };
            let name = param_name(first, p);
            result.outputs[k] = Some(match a.reuse() {
                Some(handle) => {
                    super::update::write_back(ctx, buf, *a, name);
                    trace_in_place(ctx, name, *a);
                    Output::Typed(handle)
                }
                None => {
                    let shape = self.planned[0].shapes.get(p).cloned().flatten();
                    super::download(ctx, buf, a.elem(), shape.unwrap_or_default(), false, name).0
                }
            });
        }
        if let (Some((depth, ..)), Some(p)) = (self.rows, self.row_copy) {
            if let Some(Some(buf)) = self.params.get_mut(p).map(Option::take) {
                rows::spare_row(depth, buf);
            }
        }
        result
    }
}

/// The buffers of a call's array arguments while [`SyncCall::begin`] places them. A buffer
/// taken from a SOMD result left on the device ([`super::HostArray::take_device`]) goes
/// back to its array when the call does not begin after all (its CPU path reads it).
struct Placing<'a> {
    ctx: &'static DeviceCtx,
    args: &'a [HostArg<'a>],
    bufs: Vec<Option<DevBuf>>,
    taken: Vec<usize>,
}

impl Placing<'_> {
    /// The buffers, now the call's for good.
    fn placed(mut self) -> Vec<Option<DevBuf>> {
        self.taken.clear();
        std::mem::take(&mut self.bufs)
    }
}

impl Drop for Placing<'_> {
    fn drop(&mut self) {
        for p in std::mem::take(&mut self.taken) {
            let buf = self.bufs.get_mut(p).and_then(Option::take);
            if let (Some(HostArg::Array(a)), Some(buf)) = (self.args.get(p), buf) {
                a.adopt(self.ctx, std::sync::Arc::new(buf));
            }
        }
    }
}

/// The bytes of the first `groups` partials in a partials buffer of a call (none without
/// one).
fn partial_bytes(
    ctx: &'static DeviceCtx,
    held: Option<&(DevBuf, usize, Elem)>,
    groups: usize,
) -> Vec<u8> {
    let Some((buf, _, elem)) = held else { return Vec::new() };
    let mut bytes = vec![0u8; groups * elem.size()];
    if !bytes.is_empty() {
        buffer::read(ctx, &buf.buffer, 0, &mut bytes, "somd_partials").or_fatal();
    }
    bytes
}

/// Traces that returned parameter `name` came down into `array`, the argument's own
/// storage ([`SyncCall::finish`]).
fn trace_in_place(ctx: &DeviceCtx, name: &str, array: &dyn super::HostArray) {
    if trace::enabled() {
        let bytes = byte_len(array);
        trace::emit(
            "in_place",
            &[
                ("buffer", trace::Value::Str(name)),
                ("device", trace::Value::Str(ctx.label)),
                ("bytes", trace::Value::U64(bytes as u64)),
            ],
        );
    }
}

/// Whether arguments `a` and `b` are arrays of one element type and shape.
fn same_shape(args: &[HostArg<'_>], a: usize, b: usize) -> bool {
    match (args.get(a), args.get(b)) {
        (Some(HostArg::Array(x)), Some(HostArg::Array(y))) => {
            x.elem() == y.elem() && x.shape().is_some() && x.shape() == y.shape()
        }
        _ => false,
    }
}

/// Copies the first `bytes` of parameter `from`'s buffer into parameter `to`'s, on the
/// device (queued: later launches see it). `None` when either buffer is missing.
fn copy_buffer(
    ctx: &'static DeviceCtx,
    params: &mut [Option<DevBuf>],
    from: usize,
    to: usize,
    bytes: usize,
) -> Option<()> {
    let mut dst = params.get_mut(to)?.take()?;
    // Both buffers hold at least `bytes` (allocated for arrays of one shape).
    let copied = match params.get(from) {
        Some(Some(src)) => buffer::copy(ctx, &src.buffer, 0, &mut dst.buffer, bytes),
        _ => return None,
    };
    params[to] = Some(dst);
    copied.or_fatal();
    Some(())
}

/// The size in bytes of an array argument's device representation.
fn byte_len(array: &dyn super::HostArray) -> usize {
    super::byte_len(array, None)
}

/// The trace name of the buffer of array argument `param` (its kernel argument's name).
fn param_name(desc: &KernelDesc, param: usize) -> &'static str {
    desc.args
        .iter()
        .position(|a| matches!(a, ArgSpec::Param(p) if *p == param))
        .and_then(|k| desc.names.get(k).copied())
        .unwrap_or("?")
}
