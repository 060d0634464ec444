//! The host side shared by the hand-written OpenCL baselines: device selection, one program
//! build per process (with an on-disk binary cache, as the generated programs have), pinned
//! host memory, timed transfers and profiled launches.
//!
//! Times follow the definitions the harness uses for `gen opencl` (docs/performance.md,
//! "The harness"): a launch's kernel time is `CL_PROFILING_COMMAND_END - START` of its
//! event, and the host time spent combining the partial results of device reductions is
//! counted with the kernels (the runtime's `reduce_ns` does the same); a transfer's time is
//! the host wall time of the blocking read or write.
//!
//! Under `SOMD_BENCH_PLAIN=1` the process measures nothing (the harness times its end to
//! end only, as it does the generated program run without `SOMD_TRACE`): the queue is
//! created without profiling, a launch is queued without a wait (the in-order queue and
//! the blocking reads order everything, as a program written for speed would leave it),
//! and [`Cl::report`] prints nothing.

use opencl3::command_queue::{CommandQueue, CL_QUEUE_PROFILING_ENABLE};
use opencl3::context::Context;
use opencl3::device::{
    Device, CL_DEVICE_TYPE_ALL, CL_DEVICE_TYPE_GPU, CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT,
};
use opencl3::event::Event;
use opencl3::kernel::Kernel;
use opencl3::memory::{Buffer, ClMem, CL_MAP_READ, CL_MAP_WRITE, CL_MEM_ALLOC_HOST_PTR};
use opencl3::platform::get_platforms;
use opencl3::program::Program;
use opencl3::types::{cl_event, cl_mem, CL_BLOCKING};
use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Instant;

pub use opencl3::memory::{CL_MEM_READ_ONLY, CL_MEM_READ_WRITE, CL_MEM_WRITE_ONLY};

/// Maps an OpenCL error of `op` to a message.
pub fn api(op: &'static str) -> impl Fn(opencl3::error_codes::ClError) -> String {
    move |err| format!("{op} failed: {err}")
}

/// The facts about the device that the baselines size their launches by.
pub struct Limits {
    /// `CL_DEVICE_MAX_WORK_GROUP_SIZE`.
    pub max_work_group: usize,
    /// `CL_DEVICE_LOCAL_MEM_SIZE` in bytes.
    pub local_mem: u64,
    /// `CL_DEVICE_MAX_COMPUTE_UNITS`.
    pub compute_units: usize,
    /// `CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE` in bytes.
    pub constant_mem: u64,
}

/// One device, its in-order profiling queue, the benchmark's built program and the time
/// totals of the run.
pub struct Cl {
    pub context: Context,
    pub queue: CommandQueue,
    pub device: Device,
    pub program: Program,
    pub limits: Limits,
    /// `platform / device`.
    pub label: String,
    /// Whether launches are profiled and waited for (not under `SOMD_BENCH_PLAIN=1`).
    profiled: bool,
    kernel_ns: Cell<u64>,
    transfer_ns: Cell<u64>,
    build_ns: u64,
    /// Per kernel name: launches and profiled nanoseconds (reported under
    /// `CLBASE_KERNELS=1`, for bench/gpu/kernel_times.py).
    per_kernel: RefCell<BTreeMap<String, (u64, u64)>>,
    /// Kernel names of the launches [`Cl::enqueue`] returned and [`Cl::finish`] has not
    /// timed yet, by event handle.
    pending: RefCell<Vec<(cl_event, String)>>,
}

/// The device the generated programs pick under `SOMD_DEVICE=opencl`: the first GPU of any
/// platform, else the first device; `SOMD_DEVICE=opencl:TEXT` picks the first device whose
/// platform or device name contains TEXT, ignoring case (runtime/src/opencl/device.rs).
fn select_device() -> Result<(Device, String), String> {
    let wanted = std::env::var("SOMD_DEVICE")
        .ok()
        .and_then(|value| value.strip_prefix("opencl:").map(str::to_lowercase));
    let mut all = Vec::new();
    for platform in get_platforms().map_err(api("clGetPlatformIDs"))? {
        let platform_name = platform.name().unwrap_or_default();
        let Ok(ids) = platform.get_devices(CL_DEVICE_TYPE_ALL) else { continue };
        for id in ids {
            let device = Device::new(id);
            let label = format!("{} / {}", platform_name.trim(), device.name().unwrap_or_default());
            all.push((device, label));
        }
    }
    let index = match &wanted {
        Some(text) => all.iter().position(|(_, label)| label.to_lowercase().contains(text)),
        None => all
            .iter()
            .position(|(device, _)| {
                device.dev_type().map(|t| t & CL_DEVICE_TYPE_GPU != 0).unwrap_or(false)
            })
            .or(if all.is_empty() { None } else { Some(0) }),
    };
    match index {
        Some(index) => Ok(all.swap_remove(index)),
        None => Err(format!(
            "no OpenCL device{}",
            wanted.map_or(String::new(), |t| format!(" matching {t:?}"))
        )),
    }
}

/// FNV-1a, 64 bits: names cache files.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .fold(0xcbf2_9ce4_8422_2325, |hash, &b| (hash ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}

/// The binary cache folder: `$SOMD_CACHE_DIR/clbaseline`, else
/// `$XDG_CACHE_HOME/somdc/clbaseline`, else `~/.cache/somdc/clbaseline` (beside the
/// runtime's `cl` folder).
fn cache_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("SOMD_CACHE_DIR") {
        return Some(PathBuf::from(dir).join("clbaseline"));
    }
    let base = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".cache")))?;
    Some(base.join("somdc").join("clbaseline"))
}

impl Cl {
    /// Opens the device and builds `source` for it (`-cl-std=CL1.2`, and IEEE-exact `float`
    /// division and square root where the device offers them, as Java requires and as the
    /// generated programs ask). Where it does, the macro `FP32_CORRECTLY_ROUNDED` is
    /// defined, so a kernel can use `float` division and `sqrt` where it would otherwise
    /// round their `double` results (which gives the same `float`: double rounding is
    /// innocuous for these operations).
    pub fn open(source: &str) -> Result<Cl, String> {
        let (device, label) = select_device()?;
        let context = Context::from_device(&device).map_err(api("clCreateContext"))?;
        let profiled = std::env::var_os("SOMD_BENCH_PLAIN").is_none_or(|v| v != "1");
        let properties = if profiled { CL_QUEUE_PROFILING_ENABLE } else { 0 };
        // SAFETY: the device belongs to the context just created from it.
        let queue = unsafe { CommandQueue::create(&context, device.id(), properties) }
            .map_err(api("clCreateCommandQueue"))?;
        let mut options = String::from("-cl-std=CL1.2");
        if device
            .single_fp_config()
            .map(|c| c & CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT != 0)
            .unwrap_or(false)
        {
            options.push_str(" -cl-fp32-correctly-rounded-divide-sqrt -D FP32_CORRECTLY_ROUNDED=1");
        }
        let started = Instant::now();
        let program = build(&context, &device, &label, source, &options)?;
        let build_ns = started.elapsed().as_nanos() as u64;
        let limits = Limits {
            max_work_group: device.max_work_group_size().unwrap_or(1).max(1),
            local_mem: device.local_mem_size().unwrap_or(0),
            compute_units: device.max_compute_units().unwrap_or(1).max(1) as usize,
            constant_mem: device.max_constant_buffer_size().unwrap_or(0),
        };
        Ok(Cl {
            context,
            queue,
            device,
            program,
            limits,
            label,
            profiled,
            kernel_ns: Cell::new(0),
            transfer_ns: Cell::new(0),
            build_ns,
            per_kernel: RefCell::new(BTreeMap::new()),
            pending: RefCell::new(Vec::new()),
        })
    }

    /// The kernel `name` of the program.
    pub fn kernel(&self, name: &str) -> Result<Kernel, String> {
        Kernel::create(&self.program, name).map_err(|e| format!("clCreateKernel({name}): {e}"))
    }

    /// A work-group size for `kernel`: the largest power of two up to `want` that the
    /// kernel and the device allow.
    pub fn group_size(&self, kernel: &Kernel, want: usize) -> usize {
        let allowed =
            kernel.get_work_group_size(self.device.id()).unwrap_or(self.limits.max_work_group);
        let cap = want.min(allowed).min(self.limits.max_work_group).max(1);
        1 << (usize::BITS - 1 - cap.leading_zeros())
    }

    /// A device buffer of `len` elements (at least one).
    pub fn buffer<T>(&self, flags: u64, len: usize) -> Result<Buffer<T>, String> {
        // SAFETY: no host pointer is passed.
        unsafe { Buffer::<T>::create(&self.context, flags, len.max(1), std::ptr::null_mut()) }
            .map_err(api("clCreateBuffer"))
    }

    /// `len` zeroed elements of pinned host memory (`CL_MEM_ALLOC_HOST_PTR`, mapped for
    /// the life of the value): transfers from and to it run at the DMA rate.
    pub fn pinned<T: Copy + Default>(&self, len: usize) -> Result<Pinned<'_, T>, String> {
        let count = len.max(1);
        let buffer = self.buffer::<T>(CL_MEM_ALLOC_HOST_PTR | CL_MEM_READ_WRITE, count)?;
        let mut mapped: cl_mem = std::ptr::null_mut();
        // SAFETY: blocking map of the whole buffer, unmapped in `drop`.
        unsafe {
            self.queue.enqueue_map_buffer(
                &buffer,
                CL_BLOCKING,
                CL_MAP_READ | CL_MAP_WRITE,
                0,
                count * std::mem::size_of::<T>(),
                &mut mapped,
                &[],
            )
        }
        .map_err(api("clEnqueueMapBuffer"))?;
        let ptr = mapped.cast::<T>();
        if ptr.is_null() || (ptr as usize) % std::mem::align_of::<T>() != 0 {
            return Err("clEnqueueMapBuffer returned a misaligned pointer".to_string());
        }
        // SAFETY: the mapping holds `count` elements of plain numbers.
        unsafe { std::slice::from_raw_parts_mut(ptr, count) }.fill(T::default());
        Ok(Pinned { cl: self, buffer, ptr, len })
    }

    /// Copies `data` into `buffer` (blocking), counting the time as transfer time.
    pub fn upload<T>(&self, buffer: &mut Buffer<T>, data: &[T]) -> Result<(), String> {
        let started = Instant::now();
        // SAFETY: blocking write of `data`, which `buffer` has room for.
        unsafe { self.queue.enqueue_write_buffer(buffer, CL_BLOCKING, 0, data, &[]) }
            .map_err(api("clEnqueueWriteBuffer"))?;
        self.add_transfer(started);
        Ok(())
    }

    /// Copies the first `data.len()` elements of `buffer` into `data` (blocking), counting
    /// the time as transfer time.
    pub fn download<T>(&self, buffer: &Buffer<T>, data: &mut [T]) -> Result<(), String> {
        self.download_at(buffer, 0, data)
    }

    /// Copies `data.len()` elements of `buffer` from element `first` on into `data`
    /// (blocking), counting the time as transfer time.
    pub fn download_at<T>(
        &self,
        buffer: &Buffer<T>,
        first: usize,
        data: &mut [T],
    ) -> Result<(), String> {
        let started = Instant::now();
        let offset = first * std::mem::size_of::<T>();
        // SAFETY: blocking read into `data`; the caller keeps `first + data.len()` within
        // `buffer`.
        unsafe { self.queue.enqueue_read_buffer(buffer, CL_BLOCKING, offset, data, &[]) }
            .map_err(api("clEnqueueReadBuffer"))?;
        self.add_transfer(started);
        Ok(())
    }

    fn add_transfer(&self, started: Instant) {
        self.transfer_ns.set(self.transfer_ns.get() + started.elapsed().as_nanos() as u64);
    }

    /// Launches `kernel` (arguments already set) over `global` work-items in groups of
    /// `local` (1 or 2 dimensions), waits for it and adds its profiled time (plain runs
    /// only queue it).
    pub fn launch(&self, kernel: &Kernel, global: &[usize], local: &[usize]) -> Result<(), String> {
        // SAFETY: `global` and `local` have the same length, 1 or 2, and the caller set
        // every argument of `kernel`.
        let event: Event = unsafe {
            self.queue.enqueue_nd_range_kernel(
                kernel.get(),
                global.len() as u32,
                std::ptr::null(),
                global.as_ptr(),
                local.as_ptr(),
                &[],
            )
        }
        .map_err(api("clEnqueueNDRangeKernel"))?;
        if !self.profiled {
            return Ok(());
        }
        event.wait().map_err(api("clWaitForEvents"))?;
        self.add_kernel(&kernel.function_name().unwrap_or_default(), &event)
    }

    /// Adds the profiled time of the finished launch `event` of kernel `name`.
    fn add_kernel(&self, name: &str, event: &Event) -> Result<(), String> {
        let start = event.profiling_command_start().map_err(api("clGetEventProfilingInfo"))?;
        let end = event.profiling_command_end().map_err(api("clGetEventProfilingInfo"))?;
        let ns = end.saturating_sub(start);
        self.kernel_ns.set(self.kernel_ns.get() + ns);
        let mut per_kernel = self.per_kernel.borrow_mut();
        let entry = per_kernel.entry(name.to_string()).or_default();
        entry.0 += 1;
        entry.1 += ns;
        Ok(())
    }

    /// Enqueues `kernel` (arguments already set) over `global` work-items in groups of
    /// `local` (1 or 2 dimensions) without waiting: a sequence of launches that depend only
    /// on each other runs back to back on the in-order queue. [`Cl::finish`] waits for the
    /// returned events and adds their profiled times.
    pub fn enqueue(
        &self,
        kernel: &Kernel,
        global: &[usize],
        local: &[usize],
    ) -> Result<Event, String> {
        // SAFETY: as in `launch`.
        let event = unsafe {
            self.queue.enqueue_nd_range_kernel(
                kernel.get(),
                global.len() as u32,
                std::ptr::null(),
                global.as_ptr(),
                local.as_ptr(),
                &[],
            )
        }
        .map_err(api("clEnqueueNDRangeKernel"))?;
        self.pending.borrow_mut().push((event.get(), kernel.function_name().unwrap_or_default()));
        Ok(event)
    }

    /// Waits for the launches of [`Cl::enqueue`] and adds their profiled times.
    pub fn finish(&self, events: &[Event]) -> Result<(), String> {
        self.queue.finish().map_err(api("clFinish"))?;
        if !self.profiled {
            self.pending.borrow_mut().clear();
            return Ok(());
        }
        for event in events {
            let name = {
                let mut pending = self.pending.borrow_mut();
                match pending.iter().position(|(handle, _)| *handle == event.get()) {
                    Some(at) => pending.swap_remove(at).1,
                    None => String::new(),
                }
            };
            self.add_kernel(&name, event)?;
        }
        Ok(())
    }

    /// Runs the host's share of a device reduction (combining the per-group partials),
    /// counting its time with the kernels.
    pub fn host_combine<R>(&self, combine: impl FnOnce() -> R) -> R {
        let started = Instant::now();
        let result = combine();
        self.kernel_ns.set(self.kernel_ns.get() + started.elapsed().as_nanos() as u64);
        result
    }

    /// The kernel time so far, in nanoseconds.
    pub fn kernel_ns(&self) -> u64 {
        self.kernel_ns.get()
    }

    /// The run's totals as the harness reads them on standard error.
    pub fn report(&self) -> String {
        if !self.profiled {
            return String::new();
        }
        let mut report = format!(
            "somd-bench kernel_ns={}\nsomd-bench transfer_ns={}\nsomd-bench build_ns={}\n",
            self.kernel_ns.get(),
            self.transfer_ns.get(),
            self.build_ns
        );
        if std::env::var_os("CLBASE_KERNELS").is_some_and(|v| v == "1") {
            for (name, (launches, ns)) in self.per_kernel.borrow().iter() {
                report += &format!("clbase kernel name={name} launches={launches} ns={ns}\n");
            }
        }
        report
    }
}

/// Sets the arguments of `kernel` in order: `args!(kernel, a, b, c)`.
#[macro_export]
macro_rules! args {
    ($kernel:expr, $($arg:expr),+ $(,)?) => {{
        let kernel: &opencl3::kernel::Kernel = $kernel;
        let mut index: u32 = 0;
        $(
            let arg = $arg;
            // SAFETY: the argument's type matches the kernel's parameter `index` (checked
            // by reading the `.cl` file next to this module).
            unsafe { kernel.set_arg(index, arg) }
                .map_err(|e| format!("clSetKernelArg({index}): {e}"))?;
            index += 1;
        )+
        let _ = index;
    }};
}

/// `n` rounded up to a multiple of `m` (`m > 0`): a global size for groups of `m`.
pub fn round_up(n: usize, m: usize) -> usize {
    n.div_ceil(m) * m
}

/// Host memory from a mapped `CL_MEM_ALLOC_HOST_PTR` buffer.
pub struct Pinned<'a, T> {
    cl: &'a Cl,
    buffer: Buffer<T>,
    ptr: *mut T,
    len: usize,
}

impl<T> std::ops::Deref for Pinned<'_, T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        // SAFETY: the mapping holds `len` initialised elements while `self` lives.
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }
}

impl<T> std::ops::DerefMut for Pinned<'_, T> {
    fn deref_mut(&mut self) -> &mut [T] {
        // SAFETY: as in `deref`, with exclusive access.
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }
}

impl<T> Drop for Pinned<'_, T> {
    fn drop(&mut self) {
        // SAFETY: `ptr` is the mapping of `buffer`; wait for the unmap before release.
        let unmapped = unsafe {
            self.cl.queue.enqueue_unmap_mem_object(self.buffer.get(), self.ptr.cast(), &[])
        };
        if let Ok(event) = unmapped {
            let _ = event.wait();
        }
    }
}

/// Builds `source`, through the binary cache when it holds this exact source, options,
/// device and driver.
fn build(
    context: &Context,
    device: &Device,
    label: &str,
    source: &str,
    options: &str,
) -> Result<Program, String> {
    let key = format!(
        "options={options}\ndevice={label}\ndriver={}\nsource={}\n{source}",
        device.driver_version().unwrap_or_default(),
        source.len()
    );
    let path = cache_dir().map(|dir| dir.join(format!("{:016x}.bin", fnv1a(key.as_bytes()))));
    let ids = [device.id()];
    if let Some(binary) = path.as_ref().and_then(|p| std::fs::read(p).ok()).and_then(|file| {
        let rest = file.strip_prefix(key.as_bytes())?;
        let (len, binary) = rest.split_first_chunk::<8>()?;
        (u64::from_le_bytes(*len) == binary.len() as u64).then(|| binary.to_vec())
    }) {
        let binaries = [binary.as_slice()];
        if let Ok(program) = Program::create_and_build_from_binary(context, &binaries, options) {
            return Ok(program);
        }
    }
    let mut program =
        Program::create_from_source(context, source).map_err(api("clCreateProgramWithSource"))?;
    if let Err(err) = program.build(&ids, options) {
        let log = program.get_build_log(device.id()).unwrap_or_default();
        return Err(format!("clBuildProgram failed: {err}\n{log}"));
    }
    if let (Some(path), Ok(binaries)) = (path, program.get_binaries()) {
        if let Some(binary) = binaries.first().filter(|b| !b.is_empty()) {
            let mut file = key.into_bytes();
            file.extend_from_slice(&(binary.len() as u64).to_le_bytes());
            file.extend_from_slice(binary);
            // Written under a temporary name and renamed, so that a concurrent process
            // never reads half a file; errors only cost the next run a build.
            let temporary = path.with_extension(format!("tmp{}", std::process::id()));
            if let Some(dir) = path.parent() {
                let _ = std::fs::create_dir_all(dir);
            }
            if std::fs::write(&temporary, &file).is_ok() {
                let _ = std::fs::rename(&temporary, &path);
            }
        }
    }
    Ok(program)
}
