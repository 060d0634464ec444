//! The OpenCL layer of the runtime: device selection and placement, contexts and queues,
//! programs with an on-disk binary cache, buffers with residency tracking, kernel launches,
//! the failure-reporting protocol, device reductions and tracing.
//!
//! # Loading
//! `opencl3` is used with its default `dynamic` feature: `libOpenCL.so.1` is opened with
//! `dlopen` (through `cl3`'s `OnceLock`ed loader, overridable with `OPENCL_DYLIB_PATH`) on the
//! first OpenCL call. A missing library makes every call return
//! `DLOPEN_RUNTIME_LOAD_FAILED`; a loader without ICDs returns `CL_PLATFORM_NOT_FOUND_KHR`.
//! Both become "no OpenCL platform" here: `auto` runs on the CPU silently, an explicit
//! request falls back with one warning. Nothing panics.
//!
//! # API for generated host code
//! ```text
//! static SITES: [SourcePos; 2] = [SourcePos::new("Main.somd", 7, 13), ...];
//! static PROGRAM: ProgramCell = ProgramCell::new(ProgramDesc { name: "Main.somd",
//!     defines: "", body: KERNELS, options: "", fast_math: false });
//! match opencl::placement_for("Main.saxpy", true) {
//!     Target::Device(ctx) => if let Some(program) = PROGRAM.get(ctx) {
//!         let _scope = trace::CallScope::begin("Main.saxpy", ctx.label);
//!         let mut x = DeviceArray::new(ctx, "x", &x_host, Access::ReadOnly).or_fatal();
//!         let mut y = DeviceArray::new(ctx, "y", &y_host, Access::ReadWrite).or_fatal();
//!         x.ensure_on_device(&x_host).or_fatal(); y.ensure_on_device(&y_host).or_fatal();
//!         let err = ErrorBuffer::new(ctx).or_fatal();
//!         let kernel = program.kernel("saxpy").or_fatal();
//!         let mut args = kernel.args();
//!         unsafe { args.set(0, &x)?.set(1, &y)?.set(2, &n)?.set(3, &a)?.set_err(4, &err)? }
//!         args.run_1d(ctx, n as usize).or_fatal();
//!         err.check(&SITES).or_fatal();        // raises the Java exception, if any
//!         y.mark_device_dirty(); y.ensure_on_host(&mut y_host).or_fatal();
//!         return;
//!     },
//!     Target::Cpu => {}
//! }
//! // CPU path
//! ```
//! - [`policy::placement_for`] → [`Target`]; [`policy::fallback`], [`policy::warn_once`].
//! - [`adapt`]: adaptive `auto` (a repeated site measures both placements and keeps the
//!   faster): [`adapt::Site`] (the decision logic), [`adapt::clock`] (one call's clock,
//!   opened by generated code).
//! - [`device`]: [`devices`] (facts), [`device::find`]`(DeviceQuery)`, [`DeviceCtx`] (one
//!   context and in-order queue per device per process; `stats` counters).
//! - [`program`]: [`ProgramDesc`], [`DeviceCtx::program`], [`ProgramCell`] (a failed build
//!   falls back once), [`program::build_stats`].
//! - [`buffer`]: [`DeviceArray`] (`ensure_on_device`, `mark_device_dirty`,
//!   `mark_host_dirty`, `ensure_on_host`, `upload`/`download`, ranges, `sub_buffer`),
//!   [`PinnedHost`] (host arrays in pinned memory: DMA-rate transfers).
//! - [`staging`]: the pool of pinned staging buffers transfers in the staging window go
//!   through (`SOMD_PINNED=0` turns it off).
//! - [`launch`]: [`DeviceKernel::args`] → [`KernelArgs`]: `set(index, &value)`,
//!   `local::<T>(index, count)`, `run_1d(ctx, n)`, `run_2d(ctx, nx, ny)`.
//! - [`fail`]: [`ErrorBuffer`] (`new`, `check(&SITES)`), [`fail::decode`].
//! - [`reduce`](mod@reduce): `reduce::<Op, T>(ctx, &array, n)`, `reduce_slice`.
//! - [`trace`]: `enabled()`, `emit`, [`trace::CallScope`].
//! - [`ClFailure`] + [`OrFatal::or_fatal`]: an OpenCL call failing *after* placement (out of
//!   resources, a lost device) cannot fall back mid-call; it ends the program with
//!   `somd: error: OpenCL ...` and exit status 2.
//!
//! # Failure reporting protocol
//! Java exceptions raised in kernels (LANGUAGE.md §1.6) travel through a small buffer:
//! - every kernel takes the buffer and its launch's epoch as its **last** two parameters
//!   (`__global int *somd_err_buf, const uint somd_err_epoch`, `SOMD_KERNEL_ERR` in
//!   `somd_errors.cl`; set with [`launch::KernelArgs::set_err`], or from the manifest's
//!   `Err` and `Epoch`, the epoch from [`fail::next_epoch`]) and opens its body with
//!   `SOMD_ERR_INIT`, the work-item's failure context `somd_err` (buffer, epoch, the key
//!   of the iteration running now, set by `SOMD_AT(k)`); every helper function that can fail
//!   takes that context (`SOMD_ERR_PARAM`);
//! - the buffer ([`ErrorBuffer::new`], zeroed) has a head of 4 `int` words, `[0]` the
//!   failing launch's epoch (0 = none), `[1]` the count of the log's slots taken (a ring),
//!   `[2, 3]` the smallest failing key, inverted (64-bit keys on devices with
//!   `cl_khr_int64_extended_atomics`, else 32-bit ones in word 2: [`fail::first_key`]),
//!   then a log of 1024 entries of 8 words: the inverted key as in the head, sub (the
//!   inner step of lanes sharing an iteration's key, 0 for none), site id, kind, index,
//!   length, one unused;
//! - kinds: 1 bounds (`ArrayIndexOutOfBoundsException: Index I out of bounds for length L`),
//!   2 division by zero (`ArithmeticException: / by zero`), 3 negative size
//!   (`NegativeArraySizeException: I`), 4 null (`NullPointerException`), 5 value-array bound
//!   (`IllegalArgumentException: value array of length I does not fit [[L]]`), 6 map lengths
//!   (`IllegalArgumentException: mapped arguments of @ have different lengths: I and L`), 7
//!   empty method reduction (`IllegalArgumentException: reduction of an empty array with a
//!   method`, a `C.m !` nested in a kernel);
//! - a failing work-item (`somd_fail`) records nothing unless word 0 is 0 or its own epoch
//!   (a later launch never replaces an earlier one's failure), and writes its entry only
//!   when its key lowers the smallest (an earlier iteration in Java's order), or equals it
//!   with a `sub` (another lane's step of that iteration), in the next slot of the ring
//!   unless that slot holds a smaller key (an atomic max on the slot's inverted key: the
//!   final minimum's entry survives however many failures lowered it before); it then returns
//!   (statement macros `SOMD_CHECK_*`), or, in expression helpers (`somd_idiv`,
//!   `SOMD_INDEX`), continues with a harmless value — it never performs the failing access;
//! - the site id indexes a `&'static [SourcePos]` table the generated code owns, one entry
//!   per failing site in the order the OpenCL writer numbered them;
//! - after a launch or a batch of launches, and before the host reads any result,
//!   [`ErrorBuffer::check`] reads the head and the first entry (a blocking read on the
//!   in-order queue, so it also waits for the launches), the whole log only when several
//!   slots were taken ([`ErrorBuffer::failure`]: the entry of the smallest key, then of the
//!   smallest `sub`),
//!   and raises the exception through [`crate::error`] — the same class, detail and
//!   `\tat FILE:LINE:COL` text as the CPU backends.
//!
//! OpenCL C helpers (`runtime/cl/`, prepended to every program by [`program`]):
//! - `somd_errors.cl`: `somd_fail`, `SOMD_CHECK_INDEX(site, i, len)`,
//!   `SOMD_CHECK_DIVISOR(site, b)`, `SOMD_CHECK_SIZE(site, n)`, `SOMD_CHECK_NULL(site, p)`,
//!   `SOMD_CHECK_VALUE_BOUND(site, len, bound)`, `*_RET(..., ret)` forms for non-void
//!   helpers, `SOMD_INDEX(site, i, len)`, `somd_idiv/irem/ldiv/lrem(site, a, b)`,
//!   `SOMD_FAILED()`;
//! - `somd_java.cl`: `somd_{i,l}{add,sub,mul,neg,shl,shr,ushr,abs,min,max}`, `somd_l2i`,
//!   `somd_i2b/i2s/i2c`, `somd_f2i/f2l/d2i/d2l`, `somd_fround/dround`, `somd_rint`,
//!   `somd_fsignum/dsignum`, `somd_fmin/fmax/dmin/dmax`, `somd_fabs/dabs`;
//!   `FP_CONTRACT OFF` unless `SOMD_FAST_MATH`;
//! - `somd_reduce.cl`: the `somd_reduce` work-group tree reduction.
//!
//! # Trace events (`SOMD_TRACE=json`)
//! One JSON object per line on standard error, always with `"event"` first and `"at_ns"`
//! last (when the line was written, in nanoseconds since the process first asked for the
//! trace mode: gaps between events show where a call's time went):
//! - `{"event":"open","device":STR,"platforms":N,"discover_ns":N,"context_ns":N}` (once per
//!   device: the time platform and device discovery took, and context + queue creation)
//! - `{"event":"placement","name":"Main.saxpy","placement":"opencl"|"cpu","device":STR|null,"reason":"SOMD_DEVICE"|"somd.toml"|"auto"|"auto: ..."|"not eligible"|"the OpenCL program failed to build","mis":N,"site":STR|null}`
//!   (`auto: ...`: an adaptive `auto` site's reason, [`adapt::Why::text`], e.g. `auto: cpu
//!   faster (0.081 ms vs 6.120 ms)` or `auto: measuring opencl (1 of 2)`; `site`: the
//!   source position `FILE:LINE:COL` of the call or expression placed: of the
//!   construct whose clock the generated code opened around its device attempt
//!   ([`adapt::clock_at`], whatever the reason, a placement its arguments declined
//!   included), of a call with no device path (`not eligible`, or `SOMD_DEVICE` under
//!   `SOMD_DEVICE=seq`/`cpu`; `crate::somd::cpu_only`, `crate::somd::not_eligible`) or run
//!   as one MI by its wrapper (`null or ragged array argument`, `dist arguments of
//!   different shapes`: `crate::somd::somd_call_whole`), or the `task` expression of a
//!   device filter (`adapt::TracedSite`, each batch's placement too), of a group site's
//!   first `@` ([`adapt::group`]: its fused kernel's placement too; the constructs it
//!   places on the CPU name their own expressions), or of the `start()` or `finish()` call
//!   that starts a graph run ([`adapt::graph_run`]); null only where the generated code
//!   opened no site for the construct; `mis`: 1 on a device, on the CPU the workers the
//!   pool may give the construct, whose MIs the `cpu_call` event counts, as a worker may run
//!   several; under `SOMD_DEVICE=seq` the placement is `cpu` and the `cpu_call` says `seq`)
//! - `{"event":"build","program":STR,"device":STR,"from":"source"|"cache","ns":N}`
//! - `{"event":"transfer","dir":"h2d"|"d2h","buffer":STR,"of":STR,"device":STR,"bytes":N,"pinned":BOOL,"ns":N}`
//!   (`pinned`: the transfer went through a pinned staging buffer, [`staging`]; `of`, only
//!   on a late read or store of a result a call left on the device (buffer `somd_out_late`
//!   or `somd_store`), names that call as its `call` event does: [`trace::LateRead`])
//! - `{"event":"launch","name":STR,"device":STR,"dims":1|2,"work_items":N,"global":N,"local":N,"local_x":N,"kernel_ns":N|null}`
//! - `{"event":"reduce","op":STR,"type":STR,"device":STR,"n":N,"groups":N,"local":N,"kernel_ns":N|null,"host_ns":N}`
//! - `{"event":"call","name":STR,"placement":"opencl","device":STR,"launches":N,"work_items":N,"bytes_h2d":N,"bytes_d2h":N,"transfer_ns":N,"kernel_ns":N,"reduce_ns":N,"wall_ns":N}`
//! - `{"event":"cpu_call","method":STR,"construct":"somd"|"map"|"reduce"|"filter","placement":"cpu"|"seq","mis":N,"bytes_to_device":0,"bytes_from_device":0,"time_ms":F,"reduce_ms":F,"site":STR}`
//!   (a SOMD call, a `@`, `!` or fold, or a device filter's items in one graph run, run by
//!   the CPU back end, `crate::somd`: its MIs (a construct: the workers it may use; a
//!   filter: 1), wall time in milliseconds with three decimals, the part of it after the
//!   MIs ended (combining or assembling their results), and the source position
//!   `FILE:LINE:COL` of the call, expression or `task`; under `SOMD_TRACE=1` the times
//!   are `time=` and `reduce=` in µs)
//! - `{"event":"fallback","cause":STR}` (also once when a pinned staging buffer cannot be
//!   allocated: transfers go direct)
//!
//! `SOMD_TRACE=1` prints the same fields as `somd: trace: EVENT key=value ...` (times in µs).
//! Kernel times come from a profiling queue, which is enabled only when tracing is on.

pub mod adapt;
pub mod buffer;
pub mod cl;
pub mod config;
pub mod device;
pub mod fail;
pub mod launch;
pub mod policy;
pub mod program;
pub mod reduce;
pub mod staging;
pub mod trace;

pub use buffer::{Access, ClScalar, DeviceArray, PinnedHost};
pub use device::{devices, DeviceCtx, DeviceInfo, DeviceQuery, StagingPolicy};
pub use fail::ErrorBuffer;
pub use launch::{DeviceKernel, KernelArg, KernelArgs, LaunchInfo, RawArg};
pub use policy::{before_device, finish_prewarm, placement_for, prewarm, PendingCheck, Target};
pub use program::{BuildError, BuiltProgram, ProgramCell, ProgramDesc};

use std::fmt;

/// A failed OpenCL operation, or a request the device cannot serve.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClFailure {
    /// An OpenCL call returned an error code.
    Api { op: &'static str, code: i32 },
    /// No OpenCL device (the reason).
    NoDevice(String),
    /// A program failed to build.
    Build(BuildError),
    /// The program has no kernel of that name.
    NoKernel(String),
    /// One allocation larger than `CL_DEVICE_MAX_MEM_ALLOC_SIZE`.
    TooLarge { bytes: u64, max: u64 },
    /// A sub-buffer origin not aligned to `CL_DEVICE_MEM_BASE_ADDR_ALIGN`.
    Unaligned { offset_bytes: usize, align: usize },
    /// A transfer range outside the array.
    Range { name: &'static str, offset: usize, len: usize, array_len: usize },
    /// A transfer with a host array other than the one the device array mirrors.
    HostMismatch(&'static str),
    /// An invalid launch geometry.
    Geometry { global: usize, local: usize },
}

impl ClFailure {
    /// Maps an `opencl3` error of `op`.
    pub fn api(op: &'static str) -> impl Fn(opencl3::error_codes::ClError) -> ClFailure {
        move |err| ClFailure::Api { op, code: err.0 }
    }
}

impl fmt::Display for ClFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClFailure::Api { op, code } => {
                write!(f, "{op} failed: {}", opencl3::error_codes::ClError(*code))
            }
            ClFailure::NoDevice(why) => f.write_str(why),
            ClFailure::Build(err) => {
                write!(f, "program {} failed to build: {}", err.program, err.message)
            }
            ClFailure::NoKernel(name) => write!(f, "no kernel {name}"),
            ClFailure::TooLarge { bytes, max } => write!(
                f,
                "an allocation of {bytes} bytes exceeds the device's limit of {max} bytes \
                 (CL_DEVICE_MAX_MEM_ALLOC_SIZE)"
            ),
            ClFailure::Unaligned { offset_bytes, align } => {
                write!(f, "sub-buffer origin {offset_bytes} is not a multiple of {align} bytes")
            }
            ClFailure::Range { name, offset, len, array_len } => write!(
                f,
                "transfer of {len} elements at {offset} is outside {name} (length {array_len})"
            ),
            ClFailure::HostMismatch(name) => {
                write!(f, "{name} was transferred with a host array it does not mirror")
            }
            ClFailure::Geometry { global, local } => {
                write!(f, "invalid launch geometry: global {global}, local {local}")
            }
        }
    }
}

impl std::error::Error for ClFailure {}

/// Ends the program on an OpenCL failure that cannot fall back (see the module doc).
pub trait OrFatal<T> {
    fn or_fatal(self) -> T;
}

impl<T> OrFatal<T> for Result<T, ClFailure> {
    #[inline]
    fn or_fatal(self) -> T {
        match self {
            Ok(value) => value,
            Err(err) => fatal(&err),
        }
    }
}

/// Prints `somd: error: OpenCL: ...` and exits with status 2.
#[cold]
#[inline(never)]
pub fn fatal(err: &ClFailure) -> ! {
    use std::io::Write as _;
    crate::print::flush();
    let _ = writeln!(std::io::stderr(), "somd: error: OpenCL: {err}");
    std::process::exit(2)
}
