//! OpenCL devices of the process: discovery, selection by `SOMD_DEVICE` rules, and one
//! context + in-order command queue per device, created lazily and kept for the process.
//!
//! Discovery runs once ([`devices`]). With the `dynamic` loading of `opencl3`/`cl3`, a
//! machine without `libOpenCL.so.1` gets an error from the first OpenCL call (never a panic
//! or a link failure), and a loader without any ICD reports `CL_PLATFORM_NOT_FOUND_KHR`;
//! both end up as [`NoPlatform`] with the reason, and the program runs on the CPU.

use super::program::ProgramEntry;
use super::staging::{Pool, Staging, LARGE_POOL_MAX, POOL_MAX};
use super::trace;
use super::ClFailure;
use opencl3::command_queue::{CommandQueue, CL_QUEUE_PROFILING_ENABLE};
use opencl3::context::Context;
use opencl3::device::{
    Device, CL_DEVICE_TYPE_ALL, CL_DEVICE_TYPE_GPU, CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT,
};
use opencl3::platform::get_platforms;
use opencl3::types::cl_device_id;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};
use std::sync::{Mutex, OnceLock};

/// Facts about one device, read once at discovery.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeviceInfo {
    /// Position in [`devices`] (platform order, then device order).
    pub index: usize,
    pub platform_name: String,
    pub platform_version: String,
    pub name: String,
    pub driver_version: String,
    pub is_gpu: bool,
    /// `CL_DEVICE_MAX_MEM_ALLOC_SIZE` in bytes (a quarter of memory on NVIDIA).
    pub max_alloc: u64,
    pub global_mem: u64,
    pub max_work_group: usize,
    pub compute_units: u32,
    /// `cl_khr_fp64` (or OpenCL 1.2+ `double` support).
    pub fp64: bool,
    /// `CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT` for `float`: enables the build option that makes
    /// `float` `/` and `sqrt` IEEE-exact, as Java requires.
    pub correct_div_sqrt: bool,
    /// `CL_DEVICE_MEM_BASE_ADDR_ALIGN` in bytes: sub-buffer origins must be multiples of it.
    pub base_align: usize,
    /// `CL_DEVICE_HOST_UNIFIED_MEMORY` (CPU devices, integrated GPUs): staging through pinned
    /// memory does not pay there.
    pub unified_memory: bool,
    /// `CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE` in bytes (all `__constant` arguments of a
    /// launch together) and `CL_DEVICE_MAX_CONSTANT_ARGS`: whether a kernel's `__constant`
    /// variant can run (`crate::device`).
    pub max_constant_bytes: u64,
    pub max_constant_args: u32,
    /// `cl_khr_int64_extended_atomics`: histograms of `long` maxima and minima
    /// (`runtime/cl/somd_hist.cl`) run on the device.
    pub int64_atomics: bool,
}

impl DeviceInfo {
    /// `platform / device` (for messages and traces).
    pub fn label(&self) -> String {
        format!("{} / {}", self.platform_name, self.name)
    }

    /// Whether `text` occurs in the platform or device name, ignoring case.
    pub fn matches(&self, text: &str) -> bool {
        let text = text.to_lowercase();
        self.platform_name.to_lowercase().contains(&text)
            || self.name.to_lowercase().contains(&text)
    }
}

/// Why no OpenCL device is available at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoPlatform(pub String);

/// A device handle that may cross threads: OpenCL ids are process-wide and the API is
/// thread-safe for everything but `clSetKernelArg` on one kernel object (see `launch`).
struct Slot {
    info: DeviceInfo,
    device: Device,
    ctx: OnceLock<Result<DeviceCtx, ClFailure>>,
}

/// Every OpenCL device of the process, discovered once.
fn slots() -> &'static Result<Vec<Slot>, NoPlatform> {
    static SLOTS: OnceLock<Result<Vec<Slot>, NoPlatform>> = OnceLock::new();
    SLOTS.get_or_init(|| {
        let start = std::time::Instant::now();
        let found = discover();
        DISCOVER_NS.store(start.elapsed().as_nanos() as u64, Ordering::Relaxed);
        found
    })
}

/// How long [`discover`] took (reported by the `open` trace event).
static DISCOVER_NS: AtomicU64 = AtomicU64::new(0);

fn discover() -> Result<Vec<Slot>, NoPlatform> {
    let platforms = get_platforms().map_err(|err| {
        NoPlatform(match err.0 {
            opencl3::error_codes::DLOPEN_RUNTIME_LOAD_FAILED => {
                "the OpenCL library (libOpenCL.so.1) could not be loaded".to_string()
            }
            -1001 => "no OpenCL platform is installed (CL_PLATFORM_NOT_FOUND_KHR)".to_string(),
            code => format!("clGetPlatformIDs failed: {}", opencl3::error_codes::ClError(code)),
        })
    })?;
    let mut slots = Vec::new();
    for platform in &platforms {
        let platform_name = platform.name().unwrap_or_default();
        let platform_version = platform.version().unwrap_or_default();
        let Ok(ids) = platform.get_devices(CL_DEVICE_TYPE_ALL) else { continue };
        for id in ids {
            let device = Device::new(id);
            let info = read_info(&device, slots.len(), &platform_name, &platform_version);
            slots.push(Slot { info, device, ctx: OnceLock::new() });
        }
    }
    if slots.is_empty() {
        return Err(NoPlatform("no OpenCL device found on any platform".to_string()));
    }
    Ok(slots)
}

fn read_info(
    device: &Device,
    index: usize,
    platform_name: &str,
    platform_version: &str,
) -> DeviceInfo {
    let extensions = device.extensions().unwrap_or_default();
    DeviceInfo {
        index,
        platform_name: platform_name.trim().to_string(),
        platform_version: platform_version.trim().to_string(),
        name: device.name().unwrap_or_default().trim().to_string(),
        driver_version: device.driver_version().unwrap_or_default().trim().to_string(),
        is_gpu: device.dev_type().map(|t| t & CL_DEVICE_TYPE_GPU != 0).unwrap_or(false),
        max_alloc: device.max_mem_alloc_size().unwrap_or(0),
        global_mem: device.global_mem_size().unwrap_or(0),
        max_work_group: device.max_work_group_size().unwrap_or(1).max(1),
        compute_units: device.max_compute_units().unwrap_or(1).max(1),
        fp64: extensions.contains("cl_khr_fp64") || device.double_fp_config().unwrap_or(0) != 0,
        correct_div_sqrt: device
            .single_fp_config()
            .map(|c| c & CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT != 0)
            .unwrap_or(false),
        base_align: (device.mem_base_addr_align().unwrap_or(1024) as usize / 8).max(1),
        unified_memory: device.host_unified_memory().unwrap_or(false),
        max_constant_bytes: device.max_constant_buffer_size().unwrap_or(0),
        max_constant_args: device.max_constant_args().unwrap_or(0),
        int64_atomics: extensions.contains("cl_khr_int64_extended_atomics"),
    }
}

/// Facts about every OpenCL device of the process, or why there is none.
pub fn devices() -> Result<Vec<&'static DeviceInfo>, NoPlatform> {
    match slots() {
        Ok(slots) => Ok(slots.iter().map(|slot| &slot.info).collect()),
        Err(why) => Err(why.clone()),
    }
}

/// How a device is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeviceQuery<'a> {
    /// The first GPU, else the first device of any type (`SOMD_DEVICE=opencl`).
    Any,
    /// The first device whose platform or device name contains the text, ignoring case
    /// (`SOMD_DEVICE=opencl:TEXT`).
    Named(&'a str),
    /// The first GPU only (`auto`).
    Gpu,
}

impl DeviceQuery<'_> {
    /// Human-readable form for warnings.
    pub fn describe(&self) -> String {
        match self {
            DeviceQuery::Any => "an OpenCL device".to_string(),
            DeviceQuery::Named(text) => format!("an OpenCL device matching {text:?}"),
            DeviceQuery::Gpu => "an OpenCL GPU".to_string(),
        }
    }
}

/// Index (into [`devices`]) of the device `query` selects, without opening it.
pub fn select(query: DeviceQuery<'_>) -> Result<Option<usize>, NoPlatform> {
    let infos = devices()?;
    let found = match query {
        DeviceQuery::Any => infos.iter().find(|i| i.is_gpu).or_else(|| infos.first()),
        DeviceQuery::Named(text) => infos.iter().find(|i| i.matches(text)),
        DeviceQuery::Gpu => infos.iter().find(|i| i.is_gpu),
    };
    Ok(found.map(|info| info.index))
}

/// For the runtime's own tests: any OpenCL device, or `None` (the test then skips, saying
/// so) where there is none, which fails the test under `SOMD_REQUIRE_OPENCL=1` (CI).
#[cfg(test)]
pub(crate) fn for_tests() -> Option<&'static DeviceCtx> {
    match find(DeviceQuery::Any) {
        Ok(Some(ctx)) => Some(ctx),
        other => {
            let why = other.err().map_or("no device".to_string(), |e| e.to_string());
            assert_ne!(
                std::env::var("SOMD_REQUIRE_OPENCL").as_deref(),
                Ok("1"),
                "SOMD_REQUIRE_OPENCL=1 but there is no OpenCL platform: {why}"
            );
            eprintln!("SKIPPED: no OpenCL platform ({why})");
            None
        }
    }
}

/// Opens (once per process) the device `query` selects: `Ok(None)` when none matches.
pub fn find(query: DeviceQuery<'_>) -> Result<Option<&'static DeviceCtx>, ClFailure> {
    match select(query) {
        Ok(Some(index)) => open(index).map(Some),
        Ok(None) => Ok(None),
        Err(NoPlatform(why)) => Err(ClFailure::NoDevice(why)),
    }
}

/// The context of device `index` of [`devices`], created on first use.
pub fn open(index: usize) -> Result<&'static DeviceCtx, ClFailure> {
    let slots = slots().as_ref().map_err(|NoPlatform(why)| ClFailure::NoDevice(why.clone()))?;
    let slot = slots
        .get(index)
        .ok_or_else(|| ClFailure::NoDevice(format!("no OpenCL device number {index}")))?;
    slot.ctx.get_or_init(|| DeviceCtx::create(slot)).as_ref().map_err(Clone::clone)
}

/// Staging policy for transfers (see [`crate::opencl::staging`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StagingPolicy {
    /// The process's staging window (`SOMD_PINNED*`, [`crate::opencl::staging::Window`]).
    Auto = 0,
    /// Every non-empty transfer is staged (tests, measurements).
    Always = 1,
    Never = 2,
}

/// Running totals of one device's work (relaxed counters, always kept: a handful of atomic
/// adds per transfer or launch).
#[derive(Debug, Default)]
pub struct DeviceStats {
    pub launches: AtomicU64,
    pub uploads: AtomicU64,
    pub downloads: AtomicU64,
    pub bytes_h2d: AtomicU64,
    pub bytes_d2h: AtomicU64,
    /// Transfers (either way) that went through the pinned staging buffers.
    pub staged: AtomicU64,
}

/// One OpenCL device in use: its context, its in-order queue (with profiling only when
/// tracing), the programs built for it, and the pinned staging buffer.
pub struct DeviceCtx {
    pub info: &'static DeviceInfo,
    /// `platform / device`, for traces and messages.
    pub label: &'static str,
    pub(crate) device: &'static Device,
    pub(crate) context: Context,
    pub(crate) queue: CommandQueue,
    pub(crate) profiling: bool,
    pub(crate) programs: Mutex<Vec<ProgramEntry>>,
    /// The pinned staging buffers of transfers (`staging.rs`).
    pub(crate) staging: Pool<Staging>,
    /// The large ones, for transfers whose copies are spread over threads (`staging.rs`,
    /// "Two sizes of buffer").
    pub(crate) staging_large: Pool<Staging>,
    /// Bytes of the transfers that could use a large buffer so far.
    pub(crate) spread_bytes: std::sync::atomic::AtomicU64,
    staging_policy: AtomicU8,
    pub stats: DeviceStats,
}

impl std::fmt::Debug for DeviceCtx {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DeviceCtx").field("label", &self.label).finish_non_exhaustive()
    }
}

impl DeviceCtx {
    fn create(slot: &'static Slot) -> Result<DeviceCtx, ClFailure> {
        let start = std::time::Instant::now();
        let context =
            Context::from_device(&slot.device).map_err(ClFailure::api("clCreateContext"))?;
        let profiling = trace::enabled();
        let properties = if profiling { CL_QUEUE_PROFILING_ENABLE } else { 0 };
        // SAFETY: the device belongs to the context just created from it.
        let queue = unsafe { CommandQueue::create(&context, slot.device.id(), properties) }
            .map_err(ClFailure::api("clCreateCommandQueue"))?;
        let platforms = slots().as_ref().map_or(0, |slots| {
            let mut names: Vec<&str> =
                slots.iter().map(|s| s.info.platform_name.as_str()).collect();
            names.dedup();
            names.len() as u64
        });
        trace::emit(
            "open",
            &[
                ("device", trace::Value::Str(&slot.info.label())),
                ("platforms", trace::Value::U64(platforms)),
                ("discover_ns", trace::Value::U64(DISCOVER_NS.load(Ordering::Relaxed))),
                ("context_ns", trace::Value::U64(start.elapsed().as_nanos() as u64)),
            ],
        );
        Ok(DeviceCtx {
            info: &slot.info,
            label: Box::leak(slot.info.label().into_boxed_str()),
            device: &slot.device,
            context,
            queue,
            profiling,
            programs: Mutex::new(Vec::new()),
            staging: Pool::new(POOL_MAX),
            staging_large: Pool::new(LARGE_POOL_MAX),
            spread_bytes: std::sync::atomic::AtomicU64::new(0),
            staging_policy: AtomicU8::new(StagingPolicy::Auto as u8),
            stats: DeviceStats::default(),
        })
    }

    /// The raw device id (for OpenCL calls made outside this module).
    pub fn device_id(&self) -> cl_device_id {
        self.device.id()
    }

    /// The context (for generated code that needs an OpenCL call the runtime lacks).
    pub fn context(&self) -> &Context {
        &self.context
    }

    /// This context's identity in the runtime's per-device tables (its address: contexts
    /// live for the whole process).
    pub(crate) fn id(&self) -> usize {
        std::ptr::from_ref(self) as usize
    }

    /// The in-order queue of the device.
    pub fn queue(&self) -> &CommandQueue {
        &self.queue
    }

    /// Whether the queue records event times (tracing was on when it was created).
    pub fn profiling(&self) -> bool {
        self.profiling
    }

    /// Waits until every command queued so far has finished.
    pub fn finish(&self) -> Result<(), ClFailure> {
        self.queue.finish().map_err(ClFailure::api("clFinish"))
    }

    /// Whether one buffer of `bytes` can be allocated (`CL_DEVICE_MAX_MEM_ALLOC_SIZE`).
    pub fn fits(&self, bytes: u64) -> bool {
        bytes <= self.info.max_alloc
    }

    pub fn staging_policy(&self) -> StagingPolicy {
        match self.staging_policy.load(Ordering::Relaxed) {
            1 => StagingPolicy::Always,
            2 => StagingPolicy::Never,
            _ => StagingPolicy::Auto,
        }
    }

    /// Overrides when transfers go through the pinned staging pool.
    pub fn set_staging_policy(&self, policy: StagingPolicy) {
        self.staging_policy.store(policy as u8, Ordering::Relaxed);
    }

    /// `(made, free)`: the pinned staging buffers made so far for this device (at most
    /// [`POOL_MAX`]) and those no transfer holds now.
    pub fn staging_counts(&self) -> (usize, usize) {
        self.staging.counts()
    }

    /// `(made, free)` of the large staging buffers ([`crate::opencl::staging::LARGE_AFTER`]).
    pub fn large_staging_counts(&self) -> (usize, usize) {
        self.staging_large.counts()
    }
}
