//! Kernel launches: a typed argument setter and 1-D / 2-D NDRanges.
//!
//! Kernels are written to be correct for any global size (each work-item tests
//! `get_global_id(0) < n`), so the launcher rounds the global size up to a multiple of the
//! work-group size it chooses: the kernel's `CL_KERNEL_WORK_GROUP_SIZE` capped by the
//! device maximum and [`MAX_LOCAL_1D`], rounded down to a multiple of the kernel's preferred
//! work-group size multiple (the warp/wavefront width on GPUs). 2-D launches use tiles 32
//! wide in dimension 0 (`local = (32, l / 32)`, or 16 wide when the 1-D size is smaller):
//! generated 2-D kernels map their contiguous (innermost, row-major) index to dimension 0,
//! so a warp reads 32 consecutive elements of a row. Kernels that copy the rows of their
//! group into local memory (block tiles) launch through `run_2d_square` in groups 16 wide
//! and at most 16 high (`local = (16, l / 16)`), which copy fewer rows per cell.
//!
//! `clSetKernelArg` is not thread-safe on one kernel object, so [`DeviceKernel::args`]
//! locks the kernel until the launch is enqueued; the whole sequence allocates nothing.
//! Launches are asynchronous (the queue is in order); a host read (a download, the error
//! buffer check) waits for them. With tracing on, each launch waits for its event and
//! reports the kernel time from the profiling queue.

use super::buffer::{ClScalar, DeviceArray};
use super::device::DeviceCtx;
use super::fail::ErrorBuffer;
use super::trace::{self, Value};
use super::ClFailure;
use opencl3::kernel::Kernel;
use opencl3::memory::{Buffer, ClMem};
use opencl3::types::cl_mem;
use std::sync::atomic::Ordering;
use std::sync::{Mutex, MutexGuard};

/// Upper bound of the 1-D work-group size the launcher picks.
pub const MAX_LOCAL_1D: usize = 256;

/// A kernel of a built program, with its launch geometry.
#[derive(Debug)]
pub struct DeviceKernel {
    name: String,
    kernel: Mutex<Kernel>,
    /// The largest work-group size usable with this kernel on its device.
    max_local: usize,
    /// The chosen 1-D work-group size.
    local_1d: usize,
    /// The kernel's preferred work-group size multiple (the warp or wavefront width on a
    /// GPU; at least 1).
    granule: usize,
    /// The chosen 2-D work-group size.
    local_2d: [usize; 2],
    /// The 2-D work-group size of kernels that stage the rows of their group in local
    /// memory (`run_2d_square`): 16 wide and at most 16 high (the most rows their blocks
    /// hold), as many work-items as `local_2d` otherwise; `local_2d` itself for a group of
    /// fewer than 32 work-items or not a multiple of 16.
    local_square: [usize; 2],
}

impl DeviceKernel {
    pub(crate) fn new(
        name: String,
        kernel: Kernel,
        max_local: usize,
        multiple: usize,
    ) -> DeviceKernel {
        let max_local = max_local.max(1);
        let capped = max_local.min(MAX_LOCAL_1D);
        let multiple = multiple.max(1);
        let local_1d = if multiple <= capped { capped / multiple * multiple } else { capped };
        let local_2d = if local_1d >= 64 && local_1d % 32 == 0 {
            [32, local_1d / 32]
        } else if local_1d >= 32 && local_1d % 16 == 0 {
            [16, local_1d / 16]
        } else {
            [local_1d, 1]
        };
        let [lx, ly] = local_2d;
        let local_square = if lx * ly >= 32 && (lx * ly) % 16 == 0 {
            [16, (lx * ly / 16).min(16)]
        } else {
            local_2d
        };
        DeviceKernel {
            name,
            kernel: Mutex::new(kernel),
            max_local,
            local_1d,
            local_2d,
            local_square,
            granule: multiple,
        }
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// The work-group size of 1-D launches.
    pub fn local_1d(&self) -> usize {
        self.local_1d
    }

    /// The largest work-group size this kernel accepts on its device.
    pub fn max_local(&self) -> usize {
        self.max_local
    }

    /// The kernel's preferred work-group size multiple on its device.
    pub fn granule(&self) -> usize {
        self.granule
    }

    /// Locks the kernel for setting arguments and launching.
    pub fn args(&self) -> KernelArgs<'_> {
        KernelArgs { kernel: self, guard: self.kernel.lock().unwrap_or_else(|e| e.into_inner()) }
    }
}

/// A value that can be passed as a kernel argument.
pub trait KernelArg {
    /// Sets argument `index` of `kernel` to this value.
    ///
    /// # Safety
    /// The argument must have the matching type in the kernel's signature.
    unsafe fn set_on(&self, kernel: &Kernel, index: u32) -> Result<(), ClFailure>;
}

macro_rules! scalar_arg {
    ($($ty:ty),*) => {$(
        impl KernelArg for $ty {
            unsafe fn set_on(&self, kernel: &Kernel, index: u32) -> Result<(), ClFailure> {
                // SAFETY: forwarded to the caller.
                unsafe { kernel.set_arg(index, self) }.map_err(ClFailure::api("clSetKernelArg"))
            }
        }
    )*};
}

scalar_arg!(i8, u8, i16, u16, i32, u32, i64, u64, f32, f64);

/// The bytes of a by-value argument whose OpenCL type is a `typedef struct` (a value-class
/// scalar): `clSetKernelArg` with the slice's length as the argument size.
pub struct RawArg<'a>(pub &'a [u8]);

impl KernelArg for RawArg<'_> {
    unsafe fn set_on(&self, kernel: &Kernel, index: u32) -> Result<(), ClFailure> {
        // SAFETY: the caller guarantees the kernel's parameter is a struct of exactly
        // `self.0.len()` bytes in the layout the bytes were packed with.
        unsafe {
            opencl3::kernel::set_kernel_arg(
                kernel.get(),
                index,
                self.0.len(),
                self.0.as_ptr().cast(),
            )
        }
        .map_err(|code| ClFailure::api("clSetKernelArg")(code.into()))
    }
}

fn set_mem(kernel: &Kernel, index: u32, mem: cl_mem) -> Result<(), ClFailure> {
    // SAFETY: a `cl_mem` argument is passed by pointer to the handle, as OpenCL expects.
    unsafe { kernel.set_arg(index, &mem) }.map_err(ClFailure::api("clSetKernelArg"))
}

impl<T: ClScalar> KernelArg for DeviceArray<T> {
    unsafe fn set_on(&self, kernel: &Kernel, index: u32) -> Result<(), ClFailure> {
        set_mem(kernel, index, self.mem())
    }
}

impl<T> KernelArg for Buffer<T> {
    unsafe fn set_on(&self, kernel: &Kernel, index: u32) -> Result<(), ClFailure> {
        set_mem(kernel, index, self.get())
    }
}

/// A buffer whose drop its owner manages (`DevBuf`, which gives it to the pool of free
/// buffers).
impl<T: KernelArg> KernelArg for std::mem::ManuallyDrop<T> {
    unsafe fn set_on(&self, kernel: &Kernel, index: u32) -> Result<(), ClFailure> {
        // SAFETY: forwarded to the caller.
        unsafe { (**self).set_on(kernel, index) }
    }
}

impl KernelArg for ErrorBuffer {
    unsafe fn set_on(&self, kernel: &Kernel, index: u32) -> Result<(), ClFailure> {
        set_mem(kernel, index, self.mem())
    }
}

/// Geometry and time of one launch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LaunchInfo {
    pub dims: u32,
    pub global: [usize; 2],
    pub local: [usize; 2],
    /// Kernel execution time from the profiling queue (tracing only).
    pub kernel_ns: Option<u64>,
}

/// A locked kernel whose arguments are being set (see [`DeviceKernel::args`]).
pub struct KernelArgs<'k> {
    kernel: &'k DeviceKernel,
    guard: MutexGuard<'k, Kernel>,
}

impl KernelArgs<'_> {
    /// Sets argument `index`.
    ///
    /// # Safety
    /// `value` must match the type of parameter `index` of the kernel (a buffer for a
    /// `__global T *` parameter with the same `T`, the same scalar type otherwise).
    pub unsafe fn set(
        &mut self,
        index: u32,
        value: &(impl KernelArg + ?Sized),
    ) -> Result<&mut Self, ClFailure> {
        // SAFETY: forwarded to the caller.
        unsafe { value.set_on(&self.guard, index)? };
        Ok(self)
    }

    /// Sets arguments `index` and `index + 1` to `err` and a fresh epoch: a kernel's
    /// `SOMD_KERNEL_ERR` (`somd_errors.cl`).
    ///
    /// # Safety
    /// The kernel's parameters `index` and `index + 1` must be `SOMD_KERNEL_ERR`'s.
    pub unsafe fn set_err(
        &mut self,
        index: u32,
        err: &ErrorBuffer,
    ) -> Result<&mut Self, ClFailure> {
        // SAFETY: forwarded to the caller.
        unsafe { self.set(index, err)?.set(index + 1, &super::fail::next_epoch()) }
    }

    /// Reserves `count` elements of `__local T` memory for argument `index`.
    pub fn local<T>(&mut self, index: u32, count: usize) -> Result<&mut Self, ClFailure> {
        let bytes = count.max(1) * std::mem::size_of::<T>();
        // SAFETY: a local-memory argument carries no host data.
        unsafe { self.guard.set_arg_local_buffer(index, bytes) }
            .map_err(ClFailure::api("clSetKernelArg(local)"))?;
        Ok(self)
    }

    /// Launches `n` work-items (rounded up to the work-group size); nothing when `n == 0`.
    pub fn run_1d(&mut self, ctx: &DeviceCtx, n: usize) -> Result<LaunchInfo, ClFailure> {
        self.run_1d_in(ctx, n, self.kernel.local_1d)
    }

    /// Launches `n` work-items in groups of `local` (at most the kernel's maximum), the
    /// global size rounded up to a multiple of `local`.
    pub fn run_1d_in(
        &mut self,
        ctx: &DeviceCtx,
        n: usize,
        local: usize,
    ) -> Result<LaunchInfo, ClFailure> {
        if local == 0 || local > self.kernel.max_local {
            return Err(ClFailure::Geometry { global: n, local });
        }
        self.enqueue(ctx, 1, [round_up(n, local), 1], [local, 1], [n, 1])
    }

    /// Launches `global` work-items in groups of `local` exactly (`global` must be a
    /// multiple of `local`; used by reductions, which need a power-of-two group).
    pub fn run_1d_exact(
        &mut self,
        ctx: &DeviceCtx,
        global: usize,
        local: usize,
    ) -> Result<LaunchInfo, ClFailure> {
        if local == 0 || global % local != 0 || local > self.kernel.max_local {
            return Err(ClFailure::Geometry { global, local });
        }
        self.enqueue(ctx, 1, [global, 1], [local, 1], [global, 1])
    }

    /// Launches a `global` grid in groups of `local` exactly (each `global` dimension a
    /// multiple of its `local` one).
    pub fn run_2d_exact(
        &mut self,
        ctx: &DeviceCtx,
        global: [usize; 2],
        local: [usize; 2],
    ) -> Result<LaunchInfo, ClFailure> {
        let [gx, gy] = global;
        let [lx, ly] = local;
        if lx == 0 || ly == 0 || gx % lx != 0 || gy % ly != 0 || lx * ly > self.kernel.max_local {
            return Err(ClFailure::Geometry { global: gx * gy, local: lx * ly });
        }
        self.enqueue(ctx, 2, global, local, global)
    }

    /// Launches an `nx` x `ny` grid (each dimension rounded up to the tile); `nx` is the
    /// contiguous dimension.
    pub fn run_2d(
        &mut self,
        ctx: &DeviceCtx,
        nx: usize,
        ny: usize,
    ) -> Result<LaunchInfo, ClFailure> {
        self.run_2d_in(ctx, nx, ny, self.kernel.local_2d)
    }

    /// Launches an `nx` x `ny` grid as [`Self::run_2d`] does, in groups 16 wide (16 x 16 of
    /// 256 work-items rather than 32 x 8, `DeviceKernel::local_square`): a kernel that
    /// copies the rows of its group into local memory (block tiles) copies 32 rows per
    /// group and column instead of 40.
    pub fn run_2d_square(
        &mut self,
        ctx: &DeviceCtx,
        nx: usize,
        ny: usize,
    ) -> Result<LaunchInfo, ClFailure> {
        self.run_2d_in(ctx, nx, ny, self.kernel.local_square)
    }

    /// An `nx` x `ny` grid in groups of `local`, each dimension rounded up to the group's.
    fn run_2d_in(
        &mut self,
        ctx: &DeviceCtx,
        nx: usize,
        ny: usize,
        [lx, ly]: [usize; 2],
    ) -> Result<LaunchInfo, ClFailure> {
        self.enqueue(ctx, 2, [round_up(nx, lx), round_up(ny, ly)], [lx, ly], [nx, ny])
    }

    fn enqueue(
        &mut self,
        ctx: &DeviceCtx,
        dims: u32,
        global: [usize; 2],
        local: [usize; 2],
        items: [usize; 2],
    ) -> Result<LaunchInfo, ClFailure> {
        let mut info = LaunchInfo { dims, global, local, kernel_ns: None };
        if items[0] == 0 || items[1] == 0 {
            return Ok(info);
        }
        // SAFETY: the arguments were set through `set`; global and local arrays have `dims`
        // entries; the kernel stays locked until the command is enqueued.
        let event = unsafe {
            ctx.queue.enqueue_nd_range_kernel(
                self.guard.get(),
                dims,
                std::ptr::null(),
                global.as_ptr(),
                local.as_ptr(),
                &[],
            )
        }
        .map_err(ClFailure::api("clEnqueueNDRangeKernel"))?;
        ctx.stats.launches.fetch_add(1, Ordering::Relaxed);
        if trace::enabled() {
            if ctx.profiling && event.wait().is_ok() {
                let start = event.profiling_command_start().unwrap_or(0);
                let end = event.profiling_command_end().unwrap_or(start);
                info.kernel_ns = Some(end.saturating_sub(start));
            }
            self.trace(ctx, &info, items);
        }
        Ok(info)
    }

    #[cold]
    fn trace(&self, ctx: &DeviceCtx, info: &LaunchInfo, items: [usize; 2]) {
        let kernel_ns = info.kernel_ns.unwrap_or(0);
        let work_items = (items[0] * items[1]) as u64;
        trace::add_to_call(|totals| {
            totals.launches += 1;
            totals.work_items += work_items;
            totals.kernel_ns += kernel_ns;
        });
        trace::emit(
            "launch",
            &[
                ("name", Value::Str(&self.kernel.name)),
                ("device", Value::Str(ctx.label)),
                ("dims", Value::U64(u64::from(info.dims))),
                ("work_items", Value::U64(work_items)),
                ("global", Value::U64((info.global[0] * info.global[1]) as u64)),
                ("local", Value::U64((info.local[0] * info.local[1]) as u64)),
                ("local_x", Value::U64(info.local[0] as u64)),
                ("kernel_ns", info.kernel_ns.map_or(Value::Null, Value::U64)),
            ],
        );
    }
}

/// `n` rounded up to a multiple of `m` (`m > 0`).
pub fn round_up(n: usize, m: usize) -> usize {
    n.div_ceil(m.max(1)) * m.max(1)
}
